// ---- old-02_layout_operations.md #2 (line 112): print_layout and a loop over the layout
Layout layout = make_layout(make_shape (_2{}, _3{}),
                            make_stride(_3{}, _1{}));
print_layout(layout);
for (int i = 0; i < size(layout); ++i) {
  print(layout(i));
  print(", ");
}
print("\n");
print(layout(1, 1));
print("\n");
// ---- old-02_layout_operations.md #4 (line 196): flatten; wrap: a print
Layout layout = Layout<Shape <Shape <_4, _3>, _1>,
                     Stride<Stride<_3, _1>, _0>>{};
Layout flat_layout = flatten(layout);
print(flat_layout);  // [wrap]
// ---- old-02_layout_operations.md #6 (line 210): flatten; wrap: a print
Layout layout = Layout<Shape <_4, Shape <_4,  _2>>,
                     Stride<_4, Stride<_1, _16>>>{};
Layout flat_layout = flatten(layout);
print(flat_layout);  // [wrap]
// ---- old-02_layout_operations.md #9 (line 383): composition of static layouts
using namespace cute;
auto a = make_layout(make_shape(Int<20>{}, _2{}), make_stride(_16{}, _4{}));
auto b = make_layout(make_shape(     _4{}, _5{}), make_stride( _1{}, _4{}));
auto c = composition(a, b);
printf("\n");
print(c);
// ---- old-02_layout_operations.md #10 (line 396): composition of dynamic layouts
using namespace cute;
auto a = make_layout(make_shape(20, 2), make_stride(16, 4));
auto b = make_layout(make_shape( 4, 5), make_stride( 1, 4));
auto c = composition(a, b);
printf("\n");
print(c);
// ---- old-02_layout_operations.md #11 (line 459): blocked_product
Layout tile            = Layout<Shape <_2,_2>,
                                Stride<_1,_2>>{};
Layout matrix_of_tiles = Layout<Shape <_3,_4>,
                                Stride<_4,_1>>{};

print_layout(blocked_product(tile, matrix_of_tiles));
// ---- old-02_layout_operations.md #12 (line 485): logical_product
Layout tile            = Layout<Shape <_2,_2>,
                                Stride<_1,_2>>{};
Layout matrix_of_tiles = Layout<Shape <_3,_4>,
                                Stride<_4,_1>>{};

print_layout(logical_product(tile, matrix_of_tiles));
// ---- old-02_layout_operations.md #13 (line 524): raked_product
Layout tile            = Layout<Shape <_2,_2>,
                                Stride<_1,_2>>{};
Layout matrix_of_tiles = Layout<Shape <_3,_4>,
                                Stride<_4,_1>>{};

print_layout(raked_product(tile, matrix_of_tiles));
// ---- old-02_layout_operations.md #14 (line 544): logical_divide by 4:1; wrap: a print
Layout vec = Layout<_16,_3>{};           //  16 : 3
Layout col = Layout< _4,_1>{};           //   4 : 1
Layout mat = logical_divide(vec, col);   // (4,4) : (3,12)
print(mat);  // [wrap]
// ---- old-02_layout_operations.md #15 (line 555): logical_divide by 4:4; wrap: a print
Layout vec = Layout<_16,_3>{};           //  16 : 3
Layout col = Layout< _4,_4>{};           //   4 : 4
Layout mat = logical_divide(vec, col);   // (4,4) : (12,3)
print(mat);  // [wrap]
// ---- old-02_layout_operations.md #16 (line 566): logical_divide by 4:2; wrap: a print
Layout vec = Layout<_16,_3>{};           //  16 : 3
Layout col = Layout< _4,_2>{};           //   4 : 2
Layout mat = logical_divide(vec, col);   // (4,(2,2)) : (6,(3,24))
print(mat);  // [wrap]
// ---- old-02_layout_operations.md #17 (line 572): logical_divide by (2,2):(4,1); wrap: a print
Layout vec = Layout<_16,_3>{};           //  16 : 3
Layout col = Layout<Shape <_2,_2>,
                    Stride<_4,_1>>{};    // (2,2) : (4,1)
Layout mat = logical_divide(vec, col);   // ((2,2),(2,2)) : ((12,3),(6,24))
print(mat);  // [wrap]
// ---- old-02_layout_operations.md #18 (line 601): logical_divide of dynamic layouts; wrap: a print
Layout a = make_layout(24, 2);
Layout b = make_layout( 4, 2);
Layout c = logical_divide(a, b);
print(c);  // [wrap]
// ---- old-02_layout_operations.md #19 (line 689): logical_divide by a Tile
Layout raked_prod = Layout<Shape <Shape < _3,_2>,Shape <_4,_2>>,
                           Stride<Stride<_16,_1>,Stride<_4,_2>>>{};
Tile   subtile    = make_tile(Layout<_2,_3>{},    // Gather elements 2 : 3 from mode 0
                              Layout<_2,_4>{});   // Gather elements 2 : 4 from mode 1

print_layout(logical_divide(raked_prod, subtile));
// ---- old-02_layout_operations.md #20 (line 718): zipped_divide by a Tile
Layout raked_prod = Layout<Shape <Shape < _3,_2>,Shape <_4,_2>>,
                           Stride<Stride<_16,_1>,Stride<_4,_2>>>{};
Tile   subtile    = make_tile(Layout<_2,_3>{},    // Gather elements 2 : 3 from mode 0
                              Layout<_2,_4>{});   // Gather elements 2 : 4 from mode 1

print_layout(zipped_divide(raked_prod, subtile));
// ---- old-02_layout_operations.md #21 (line 744): logical and zipped divides by a shape
Layout layout     = Layout<Shape <_12, _32,_6>,
                           Stride< _1,_128,_0>>{};
Shape  tile_shape = make_shape(_4{},_8{});
Layout logical_divided_tile = logical_divide(layout, tile_shape);
Layout zipped_divided_tile  =  zipped_divide(layout, tile_shape);

print("layout               :  "); print(layout);               print("\n");
print("tile_shape           :  "); print(tile_shape);           print("\n");
print("logical_divided_tile :  "); print(logical_divided_tile); print("\n");
print("zipped_divided_tile  :  "); print(zipped_divided_tile);  print("\n\n");
// ---- old-02_layout_operations.md #23 (line 773): a Layout declared from make_tile
Layout layout = make_layout(Shape<_8,_8>{},
                            Stride<_8,_1>{});
Layout tile = make_tile(make_layout(Shape<_4>{}),
                        make_layout(Shape<_2>{}));
print("layout: ");
print_layout(layout);
print("\n");
print("tile: ");
print(tile);
print("\n");
print("logical_divide: ");
print_layout(logical_divide(layout, tile));
print("zipped_divide: ");
print_layout(zipped_divide(layout, tile));
// ---- old-02_layout_operations.md #23 (line 773): the same with auto for the tile; wrap: auto for Layout
Layout layout = make_layout(Shape<_8,_8>{},
                            Stride<_8,_1>{});
auto tile = make_tile(make_layout(Shape<_4>{}),   // [wrap] auto for Layout
                        make_layout(Shape<_2>{}));
print("layout: ");
print_layout(layout);
print("\n");
print("tile: ");
print(tile);
print("\n");
print("logical_divide: ");
print_layout(logical_divide(layout, tile));
print("zipped_divide: ");
print_layout(zipped_divide(layout, tile));
// ---- old-02_layout_operations.md #24 (line 798): the other tile, with auto; wrap: auto for Layout
Layout layout = make_layout(Shape<_8,_8>{},
                            Stride<_8,_1>{});
auto tile = make_tile(make_layout(Shape<_2>{}),   // [wrap] auto for Layout
                        make_layout(Shape<_4>{}));
print("layout: ");
print_layout(layout);
print("\n");
print("tile: ");
print(tile);
print("\n");
print("logical_divide: ");
print_layout(logical_divide(layout, tile));
print("zipped_divide: ");
print_layout(zipped_divide(layout, tile));
// ---- old-01_layout.md #6 (line 164) and #7 (line 187): the layouts and print2D; wrap: main printing them as the output block that follows
template <class Shape, class Stride>
void print2D(Layout<Shape,Stride> const& layout)
{
  for (int m = 0; m < size<0>(layout); ++m) {
    for (int n = 0; n < size<1>(layout); ++n) {
      printf("%3d  ", layout(m,n));
    }
    printf("\n");
  }
}
int main() {  // [wrap]
auto layout_8s = make_layout(Int<8>{});
auto layout_8d = make_layout(8);

auto layout_2sx4s = make_layout(make_shape(Int<2>{},Int<4>{}));
auto layout_2sx4d = make_layout(make_shape(Int<2>{},4));

auto layout_2x4 = make_layout(make_shape (2, make_shape (2,2)),
                              make_stride(4, make_stride(2,1)));
print("> print2D(layout_2sx4s)\n"); print2D(layout_2sx4s);  // [wrap]
print("> print2D(layout_2sx4d)\n"); print2D(layout_2sx4d);  // [wrap]
print("> print2D(layout_2x4)\n");   print2D(layout_2x4);    // [wrap]
}  // [wrap]
// ---- old-01_layout.md #9 (line 218): print1D; wrap: main printing the layouts of #6
template <class Shape, class Stride>
void print1D(Layout<Shape,Stride> const& layout)
{
  for (int i = 0; i < size(layout); ++i) {
    printf("%3d  ", layout(i));
  }
}
int main() {  // [wrap]
  auto layout_8s = make_layout(Int<8>{});                                          // [wrap]
  auto layout_8d = make_layout(8);                                                 // [wrap]
  auto layout_2x4 = make_layout(make_shape (2, make_shape (2,2)),                  // [wrap]
                                make_stride(4, make_stride(2,1)));                 // [wrap]
  print("> print1D(layout_8s)\n");  print1D(layout_8s);  print("\n");              // [wrap]
  print("> print1D(layout_8d)\n");  print1D(layout_8d);  print("\n");              // [wrap]
  print("> print1D(layout_2x4)\n"); print1D(layout_2x4); print("\n");              // [wrap]
}  // [wrap]
// ---- old-03_tensor.md #2 (line 101): a copy between slices; wrap: two tensors with values, a print
float s[4*5], d[3*4];                                                             // [wrap]
for (int i = 0; i < 20; ++i) s[i] = i;                                            // [wrap]
for (int i = 0; i < 12; ++i) d[i] = -1;                                           // [wrap]
Tensor src_tensor = make_tensor(&s[0], make_shape(4, 5));                         // [wrap]
Tensor dst_tensor = make_tensor(&d[0], make_shape(Int<3>{}, Int<4>{}));           // [wrap]
copy(src_tensor(_,3), dst_tensor(2,_));
print_tensor(dst_tensor);                                                         // [wrap]
// ---- old-03_tensor.md #4 (line 186): tensors in global and shared memory; wrap: the element type and array, prints
using T = float;                                                                  // [wrap]
float A[256];                                                                     // [wrap]
// Global memory (static or dynamic layouts)
Tensor gmem_8s     = make_tensor(make_gmem_ptr(A), Int<8>{});
Tensor gmem_8d     = make_tensor(make_gmem_ptr(A), 8);
Tensor gmem_8sx16d = make_tensor(make_gmem_ptr(A), make_shape(Int<8>{},16));
Tensor gmem_8dx16s = make_tensor(make_gmem_ptr(A), make_shape (      8  ,Int<16>{}),
                                                   make_stride(Int<16>{},Int< 1>{}));

// Shared memory (static or dynamic layouts)
Shape smem_shape = make_shape(Int<4>{},Int<8>{});
__shared__ T smem[decltype(size(smem_shape))::value];   // (static-only allocation)
Tensor smem_4x8_col = make_tensor(make_smem_ptr(&smem[0]), smem_shape);
Tensor smem_4x8_row = make_tensor(make_smem_ptr(&smem[0]), smem_shape, GenRowMajor{});
print(gmem_8s.layout()); print(" "); print(gmem_8d.layout()); print(" ");        // [wrap]
print(gmem_8sx16d.layout()); print(" "); print(gmem_8dx16s.layout()); print(" "); // [wrap]
print(smem_4x8_col.layout()); print(" "); print(smem_4x8_row.layout());          // [wrap]
// ---- old-03_tensor.md #4 (line 186): the same with auto for Shape; wrap: the element type and array, auto for Shape, prints
using T = float;                                                                  // [wrap]
float A[256];                                                                     // [wrap]
// Global memory (static or dynamic layouts)
Tensor gmem_8s     = make_tensor(make_gmem_ptr(A), Int<8>{});
Tensor gmem_8d     = make_tensor(make_gmem_ptr(A), 8);
Tensor gmem_8sx16d = make_tensor(make_gmem_ptr(A), make_shape(Int<8>{},16));
Tensor gmem_8dx16s = make_tensor(make_gmem_ptr(A), make_shape (      8  ,Int<16>{}),
                                                   make_stride(Int<16>{},Int< 1>{}));

// Shared memory (static or dynamic layouts)
auto smem_shape = make_shape(Int<4>{},Int<8>{});                                  // [wrap] auto for Shape
__shared__ T smem[decltype(size(smem_shape))::value];   // (static-only allocation)
Tensor smem_4x8_col = make_tensor(make_smem_ptr(&smem[0]), smem_shape);
Tensor smem_4x8_row = make_tensor(make_smem_ptr(&smem[0]), smem_shape, GenRowMajor{});
print(gmem_8s.layout()); print(" "); print(gmem_8d.layout()); print(" ");        // [wrap]
print(gmem_8sx16d.layout()); print(" "); print(gmem_8dx16s.layout()); print(" "); // [wrap]
print(smem_4x8_col.layout()); print(" "); print(smem_4x8_row.layout());          // [wrap]
// ---- old-03_tensor.md #5 (line 213): register tensors; wrap: a gmem tensor, prints
float A[256];                                                                     // [wrap]
Tensor gmem_8sx16d = make_tensor(make_gmem_ptr(A), make_shape(Int<8>{},16));    // [wrap]
// Register memory (static layouts only)
Tensor rmem_4x8_col = make_tensor<float>(make_shape(Int<4>{},Int<8>{}));
Tensor rmem_4x8_row = make_tensor<float>(make_shape(Int<4>{},Int<8>{}), GenRowMajor{});
Tensor rmem_4x8_mix = make_tensor<float>(make_shape (Int<4>{},Int< 8>{}),
                                         make_stride(Int<2>{},Int<32>{}));
Tensor rmem_8   = make_fragment_like(gmem_8sx16d(_,0));
print(rmem_4x8_col.layout()); print(" "); print(rmem_4x8_row.layout()); print(" "); // [wrap]
print(rmem_4x8_mix.layout()); print(" "); print(rmem_8.layout());                  // [wrap]
// ---- old-03_tensor.md #6 (line 234): copy each column to registers; wrap: the array with values, do_something as a lambda
float A[128];                                                                     // [wrap]
for (int i = 0; i < 128; ++i) A[i] = i;                                           // [wrap]
auto do_something = [](auto& r) { printf("%g %g | ", r(0), r(7)); };              // [wrap]
Tensor gmem = make_tensor(make_gmem_ptr(A), make_shape(Int<8>{}, 16));
Tensor rmem = make_fragment_like(gmem(_, 0));
for (int j = 0; j < size<1>(gmem); ++j) {
  copy(gmem(_, j), rmem);
  do_something(rmem);
}
// ---- old-03_tensor.md #7 (line 247): static assertions of a tensor; wrap: the tensor and a print
float A[128];                                                                     // [wrap]
Tensor gmem = make_tensor(make_gmem_ptr(A), make_shape(Int<8>{}, 16));           // [wrap]
CUTE_STATIC_ASSERT_V(rank(gmem) == Int<2>{});
CUTE_STATIC_ASSERT_V(is_static<decltype(shape<0>(gmem))>{});
print(rank(gmem));                                                                // [wrap]
