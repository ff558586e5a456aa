// ---- 01_layout.md #1 (line 132): the layouts of "Constructing a Layout"; wrap: the print lines of the output block that follows
Layout s8 = make_layout(Int<8>{});
Layout d8 = make_layout(8);

Layout s2xs4 = make_layout(make_shape(Int<2>{},Int<4>{}));
Layout s2xd4 = make_layout(make_shape(Int<2>{},4));

Layout s2xd4_a = make_layout(make_shape (Int< 2>{},4),
                             make_stride(Int<12>{},Int<1>{}));
Layout s2xd4_col = make_layout(make_shape(Int<2>{},4),
                               LayoutLeft{});
Layout s2xd4_row = make_layout(make_shape(Int<2>{},4),
                               LayoutRight{});

Layout s2xh4 = make_layout(make_shape (2,make_shape (2,2)),
                           make_stride(4,make_stride(2,1)));
Layout s2xh4_col = make_layout(shape(s2xh4),
                               LayoutLeft{});
print("s8        :  "); print(s8);        print("\n");  // [wrap]
print("d8        :  "); print(d8);        print("\n");  // [wrap]
print("s2xs4     :  "); print(s2xs4);     print("\n");  // [wrap]
print("s2xd4     :  "); print(s2xd4);     print("\n");  // [wrap]
print("s2xd4_a   :  "); print(s2xd4_a);   print("\n");  // [wrap]
print("s2xd4_col :  "); print(s2xd4_col); print("\n");  // [wrap]
print("s2xd4_row :  "); print(s2xd4_row); print("\n");  // [wrap]
print("s2xh4     :  "); print(s2xh4);     print("\n");  // [wrap]
print("s2xh4_col :  "); print(s2xh4_col); print("\n");  // [wrap]
// ---- 01_layout.md #3 (line 178): static_assert(congruent(...)); wrap: a shape and a stride, and a print
auto my_shape  = make_shape(Int<2>{}, make_shape(4, Int<3>{}));  // [wrap]
auto my_stride = make_stride(Int<12>{}, make_stride(3, _1{}));   // [wrap]
static_assert(congruent(my_shape, my_stride));
print(make_layout(my_shape, my_stride));                         // [wrap]
// ---- 01_layout.md #3 (line 178): static_assert(congruent(...)) that fails; wrap: a shape and a stride that are not congruent
auto my_shape  = make_shape(Int<2>{}, make_shape(4, Int<3>{}));  // [wrap]
auto my_stride = make_stride(Int<12>{}, 3);                      // [wrap]
static_assert(congruent(my_shape, my_stride));
print(my_shape);                                                 // [wrap]
// ---- 01_layout.md #4 (line 186): print2D; wrap: main printing the layouts of the output block that follows
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
int main() {                                                              // [wrap]
  Layout s2xs4 = make_layout(make_shape(Int<2>{},Int<4>{}));              // [wrap]
  Layout s2xd4_a = make_layout(make_shape (Int< 2>{},4),                  // [wrap]
                               make_stride(Int<12>{},Int<1>{}));          // [wrap]
  Layout s2xh4 = make_layout(make_shape (2,make_shape (2,2)),             // [wrap]
                             make_stride(4,make_stride(2,1)));            // [wrap]
  Layout s2xh4_col = make_layout(shape(s2xh4), LayoutLeft{});             // [wrap]
  print("> print2D(s2xs4)\n");     print2D(s2xs4);                        // [wrap]
  print("> print2D(s2xd4_a)\n");   print2D(s2xd4_a);                      // [wrap]
  print("> print2D(s2xh4_col)\n"); print2D(s2xh4_col);                    // [wrap]
  print("> print2D(s2xh4)\n");     print2D(s2xh4);                        // [wrap]
}                                                                         // [wrap]
// ---- 01_layout.md #6 (line 221): print1D; wrap: main printing the layouts of the output block that follows
template <class Shape, class Stride>
void print1D(Layout<Shape,Stride> const& layout)
{
  for (int i = 0; i < size(layout); ++i) {
    printf("%3d  ", layout(i));
  }
}
int main() {                                                              // [wrap]
  Layout s2xs4 = make_layout(make_shape(Int<2>{},Int<4>{}));              // [wrap]
  Layout s2xd4_a = make_layout(make_shape (Int< 2>{},4),                  // [wrap]
                               make_stride(Int<12>{},Int<1>{}));          // [wrap]
  Layout s2xh4 = make_layout(make_shape (2,make_shape (2,2)),             // [wrap]
                             make_stride(4,make_stride(2,1)));            // [wrap]
  Layout s2xh4_col = make_layout(shape(s2xh4), LayoutLeft{});             // [wrap]
  print("> print1D(s2xs4)\n");     print1D(s2xs4);     print("\n");       // [wrap]
  print("> print1D(s2xd4_a)\n");   print1D(s2xd4_a);   print("\n");       // [wrap]
  print("> print1D(s2xh4_col)\n"); print1D(s2xh4_col); print("\n");       // [wrap]
  print("> print1D(s2xh4)\n");     print1D(s2xh4);     print("\n");       // [wrap]
}                                                                         // [wrap]
// ---- 01_layout.md #8 (line 248): print_layout(s2xh4); wrap: s2xh4 as the page declares it
Layout s2xh4 = make_layout(make_shape (2,make_shape (2,2)),   // [wrap]
                           make_stride(4,make_stride(2,1)));  // [wrap]
print_layout(s2xh4);
// ---- 01_layout.md #16 (line 402): idx2crd
auto shape = Shape<_3,Shape<_2,_3>>{};
print(idx2crd(   16, shape));                                // (1,(1,2))
print(idx2crd(_16{}, shape));                                // (_1,(_1,_2))
print(idx2crd(make_coord(   1,5), shape));                   // (1,(1,2))
print(idx2crd(make_coord(_1{},5), shape));                   // (_1,(1,2))
print(idx2crd(make_coord(   1,make_coord(1,   2)), shape));  // (1,(1,2))
print(idx2crd(make_coord(_1{},make_coord(1,_2{})), shape));  // (_1,(1,_2))
// ---- 01_layout.md #18 (line 431): crd2idx
auto shape  = Shape <_3,Shape<  _2,_3>>{};
auto stride = Stride<_3,Stride<_12,_1>>{};
print(crd2idx(   16, shape, stride));       // 17
print(crd2idx(_16{}, shape, stride));       // _17
print(crd2idx(make_coord(   1,   5), shape, stride));  // 17
print(crd2idx(make_coord(_1{},   5), shape, stride));  // 17
print(crd2idx(make_coord(_1{},_5{}), shape, stride));  // _17
print(crd2idx(make_coord(   1,make_coord(   1,   2)), shape, stride));  // 17
print(crd2idx(make_coord(_1{},make_coord(_1{},_2{})), shape, stride));  // _17
// ---- 01_layout.md #19 (line 448): sublayouts; wrap: a print of each
Layout a   = Layout<Shape<_4,Shape<_3,_6>>>{}; // (4,(3,6)):(1,(4,12))
Layout a0  = layout<0>(a);                     // 4:1
Layout a1  = layout<1>(a);                     // (3,6):(4,12)
Layout a10 = layout<1,0>(a);                   // 3:4
Layout a11 = layout<1,1>(a);                   // 6:12
print(a); print("\n"); print(a0); print("\n"); print(a1); print("\n");  // [wrap]
print(a10); print("\n"); print(a11); print("\n");                       // [wrap]
// ---- 01_layout.md #20 (line 456): select; wrap: a print of each
Layout a   = Layout<Shape<_2,_3,_5,_7>>{};     // (2,3,5,7):(1,2,6,30)
Layout a13 = select<1,3>(a);                   // (3,7):(2,30)
Layout a01 = select<0,1,3>(a);                 // (2,3,7):(1,2,30)
Layout a2  = select<2>(a);                     // (5):(6)
print(a); print("\n"); print(a13); print("\n"); print(a01); print("\n"); print(a2);  // [wrap]
// ---- 01_layout.md #21 (line 463): take; wrap: a print of each
Layout a   = Layout<Shape<_2,_3,_5,_7>>{};     // (2,3,5,7):(1,2,6,30)
Layout a13 = take<1,3>(a);                     // (3,5):(2,6)
Layout a14 = take<1,4>(a);                     // (3,5,7):(2,6,30)
// take<1,1> not allowed. Empty layouts not allowed.
print(a); print("\n"); print(a13); print("\n"); print(a14);  // [wrap]
// ---- 01_layout.md #22 (line 473): concatenation with make_layout; wrap: a print of each
Layout a = Layout<_3,_1>{};                     // 3:1
Layout b = Layout<_4,_3>{};                     // 4:3
Layout row = make_layout(a, b);                 // (3,4):(1,3)
Layout col = make_layout(b, a);                 // (4,3):(3,1)
Layout q   = make_layout(row, col);             // ((3,4),(4,3)):((1,3),(3,1))
Layout aa  = make_layout(a);                    // (3):(1)
Layout aaa = make_layout(aa);                   // ((3)):((1))
Layout d   = make_layout(a, make_layout(a), a); // (3,(3),3):(1,(1),1)
print(row); print("\n"); print(col); print("\n"); print(q); print("\n");    // [wrap]
print(aa); print("\n"); print(aaa); print("\n"); print(d); print("\n");     // [wrap]
// ---- 01_layout.md #23 (line 484): append, prepend, replace; wrap: a print of each
Layout a = Layout<_3,_1>{};                     // 3:1
Layout b = Layout<_4,_3>{};                     // 4:3
Layout ab = append(a, b);                       // (3,4):(1,3)
Layout ba = prepend(a, b);                      // (4,3):(3,1)
Layout c  = append(ab, ab);                     // (3,4,(3,4)):(1,3,(1,3))
Layout d  = replace<2>(c, b);                   // (3,4,4):(1,3,3)
print(ab); print("\n"); print(ba); print("\n"); print(c); print("\n"); print(d);  // [wrap]
// ---- 01_layout.md #24 (line 496): group and flatten; wrap: a print of each
Layout a = Layout<Shape<_2,_3,_5,_7>>{};  // (_2,_3,_5,_7):(_1,_2,_6,_30)
Layout b = group<0,2>(a);                 // ((_2,_3),_5,_7):((_1,_2),_6,_30)
Layout c = group<1,3>(b);                 // ((_2,_3),(_5,_7)):((_1,_2),(_6,_30))
Layout f = flatten(b);                    // (_2,_3,_5,_7):(_1,_2,_6,_30)
Layout e = flatten(c);                    // (_2,_3,_5,_7):(_1,_2,_6,_30)
print(b); print("\n"); print(c); print("\n"); print(f); print("\n"); print(e);  // [wrap]
// ---- 02_layout_algebra.md #2 (line 30): coalesce; wrap: a print
auto layout = Layout<Shape <_2,Shape <_1,_6>>,
                     Stride<_1,Stride<_6,_2>>>{};
auto result = coalesce(layout);    // _12:_1
print(result);  // [wrap]
// ---- 02_layout_algebra.md #4 (line 64): by-mode coalesce; wrap: a print of each
auto a = Layout<Shape <_2,Shape <_1,_6>>,
                Stride<_1,Stride<_6,_2>>>{};
auto result = coalesce(a, Step<_1,_1>{});   // (_2,_6):(_1,_2)
// Identical to
auto same_r = make_layout(coalesce(layout<0>(a)),
                          coalesce(layout<1>(a)));
print(result); print("\n"); print(same_r);  // [wrap]
// ---- 02_layout_algebra.md #10 (line 264): composition, static
Layout a = make_layout(make_shape (Int<10>{}, Int<2>{}),
                       make_stride(Int<16>{}, Int<4>{}));
Layout b = make_layout(make_shape (Int< 5>{}, Int<4>{}),
                       make_stride(Int< 1>{}, Int<5>{}));
Layout c = composition(a, b);
print(c);
// ---- 02_layout_algebra.md #11 (line 275): composition, dynamic
Layout a = make_layout(make_shape (10, 2),
                       make_stride(16, 4));
Layout b = make_layout(make_shape ( 5, 4),
                       make_stride( 1, 5));
Layout c = composition(a, b);
print(c);
// ---- 02_layout_algebra.md #12 (line 291): by-mode composition with a tiler; wrap: a print of each
// (12,(4,8)):(59,(13,1))
auto a = make_layout(make_shape (12,make_shape ( 4,8)),
                     make_stride(59,make_stride(13,1)));
// <3:4, 8:2>
auto tiler = make_tile(Layout<_3,_4>{},  // Apply 3:4 to mode-0
                       Layout<_8,_2>{}); // Apply 8:2 to mode-1

// (_3,(2,4)):(236,(26,1))
auto result = composition(a, tiler);
// Identical to
auto same_r = make_layout(composition(layout<0>(a), get<0>(tiler)),
                          composition(layout<1>(a), get<1>(tiler)));
print(result); print("\n"); print(same_r);  // [wrap]
// ---- 02_layout_algebra.md #13 (line 311): composition with a shape; wrap: a print
// (12,(4,8)):(59,(13,1))
auto a = make_layout(make_shape (12,make_shape ( 4,8)),
                     make_stride(59,make_stride(13,1)));
// (3, 8)
auto tiler = make_shape(Int<3>{}, Int<8>{});
// Equivalent to <3:1, 8:1>
// auto tiler = make_tile(Layout<_3,_1>{},  // Apply 3:1 to mode-0
//                        Layout<_8,_1>{}); // Apply 8:1 to mode-1

// (_3,(4,2)):(59,(13,1))
auto result = composition(a, tiler);
print(result);  // [wrap]
// ---- 02_layout_algebra.md #17 (line 456): logical_divide and zipped_divide; wrap: a print of each
// A: shape is (9,32)
auto layout_a = make_layout(make_shape (Int< 9>{}, make_shape (Int< 4>{}, Int<8>{})),
                            make_stride(Int<59>{}, make_stride(Int<13>{}, Int<1>{})));
// B: shape is (3,8)
auto tiler = make_tile(Layout<_3,_3>{},           // Apply     3:3     to mode-0
                       Layout<Shape <_2,_4>,      // Apply (2,4):(1,8) to mode-1
                              Stride<_1,_8>>{});

// ((TileM,RestM), (TileN,RestN)) with shape ((3,3), (8,4))
auto ld = logical_divide(layout_a, tiler);
// ((TileM,TileN), (RestM,RestN)) with shape ((3,8), (3,4))
auto zd = zipped_divide(layout_a, tiler);
print(ld); print("\n"); print(zd);  // [wrap]
// ---- 03_tensor.md #2 (line 102): tensors over pointers; wrap: `...` is `new float[128]`, the prints of the output block that follows
float* A = new float[128];  // [wrap] the page writes `float* A = ...;`

// Untagged pointers
Tensor tensor_8   = make_tensor(A, make_layout(Int<8>{}));  // Construct with Layout
Tensor tensor_8s  = make_tensor(A, Int<8>{});               // Construct with Shape
Tensor tensor_8d2 = make_tensor(A, 8, 2);                   // Construct with Shape and Stride

// Global memory (static or dynamic layouts)
Tensor gmem_8s     = make_tensor(make_gmem_ptr(A), Int<8>{});
Tensor gmem_8d     = make_tensor(make_gmem_ptr(A), 8);
Tensor gmem_8sx16d = make_tensor(make_gmem_ptr(A), make_shape(Int<8>{},16));
Tensor gmem_8dx16s = make_tensor(make_gmem_ptr(A), make_shape (      8  ,Int<16>{}),
                                                   make_stride(Int<16>{},Int< 1>{}));

// Shared memory (static or dynamic layouts)
Layout smem_layout = make_layout(make_shape(Int<4>{},Int<8>{}));
__shared__ float smem[decltype(cosize(smem_layout))::value];   // (static-only allocation)
Tensor smem_4x8_col = make_tensor(make_smem_ptr(smem), smem_layout);
Tensor smem_4x8_row = make_tensor(make_smem_ptr(smem), shape(smem_layout), LayoutRight{});
print("tensor_8     : "); print(tensor_8);     print("\n");  // [wrap]
print("tensor_8s    : "); print(tensor_8s);    print("\n");  // [wrap]
print("tensor_8d2   : "); print(tensor_8d2);   print("\n");  // [wrap]
print("gmem_8s      : "); print(gmem_8s);      print("\n");  // [wrap]
print("gmem_8d      : "); print(gmem_8d);      print("\n");  // [wrap]
print("gmem_8sx16d  : "); print(gmem_8sx16d);  print("\n");  // [wrap]
print("gmem_8dx16s  : "); print(gmem_8dx16s);  print("\n");  // [wrap]
print("smem_4x8_col : "); print(smem_4x8_col); print("\n");  // [wrap]
print("smem_4x8_row : "); print(smem_4x8_row); print("\n");  // [wrap]
// ---- 03_tensor.md #4 (line 154): owning tensors in registers; wrap: the prints of the output block that follows
// Register memory (static layouts only)
Tensor rmem_4x8_col = make_tensor<float>(Shape<_4,_8>{});
Tensor rmem_4x8_row = make_tensor<float>(Shape<_4,_8>{},
                                         LayoutRight{});
Tensor rmem_4x8_pad = make_tensor<float>(Shape <_4, _8>{},
                                         Stride<_32,_2>{});
Tensor rmem_4x8_like = make_tensor_like(rmem_4x8_pad);
print("rmem_4x8_col  : "); print(rmem_4x8_col);  print("\n");  // [wrap]
print("rmem_4x8_row  : "); print(rmem_4x8_row);  print("\n");  // [wrap]
print("rmem_4x8_pad  : "); print(rmem_4x8_pad);  print("\n");  // [wrap]
print("rmem_4x8_like : "); print(rmem_4x8_like); print("\n");  // [wrap]
// ---- 03_tensor.md #7 (line 196): element access, transpose, array-like copy; wrap: `...` is `new float[13*20]`, print_tensor of both
Tensor A = make_tensor<float>(Shape <Shape < _4,_5>,Int<13>>{},
                              Stride<Stride<_12,_1>,    _64>{});
float* b_ptr = new float[13*20];  // [wrap] the page writes `float* b_ptr = ...;`
Tensor B = make_tensor(b_ptr, make_shape(13, 20));

// Fill A via natural coordinates op[]
for (int m0 = 0; m0 < size<0,0>(A); ++m0)
  for (int m1 = 0; m1 < size<0,1>(A); ++m1)
    for (int n = 0; n < size<1>(A); ++n)
      A[make_coord(make_coord(m0,m1),n)] = n + 2 * m0;

// Transpose A into B using variadic op()
for (int m = 0; m < size<0>(A); ++m)
  for (int n = 0; n < size<1>(A); ++n)
    B(n,m) = A(m,n);

// Copy B to A as if they are arrays
for (int i = 0; i < A.size(); ++i)
  A[i] = B[i];
print_tensor(A);  // [wrap]
print_tensor(B);  // [wrap]
// ---- 03_tensor.md #9 (line 251): slicing; wrap: a pointer `ptr`, a print of each
float* ptr = new float[256];  // [wrap]
// ((_3,2),(2,_5,_2)):((4,1),(_2,13,100))
Tensor A = make_tensor(ptr, make_shape (make_shape (Int<3>{},2), make_shape (       2,Int<5>{},Int<2>{})),
                            make_stride(make_stride(       4,1), make_stride(Int<2>{},      13,     100)));

// ((2,_5,_2)):((_2,13,100))
Tensor B = A(2,_);

// ((_3,_2)):((4,1))
Tensor C = A(_,5);

// (_3,2):(4,1)
Tensor D = A(make_coord(_,_),5);

// (_3,_5):(4,13)
Tensor E = A(make_coord(_,1),make_coord(0,_,1));

// (2,2,_2):(1,_2,100)
Tensor F = A(make_coord(2,_),make_coord(_,3,_));
print(A); print("\n"); print(B); print("\n"); print(C); print("\n");  // [wrap]
print(D); print("\n"); print(E); print("\n"); print(F); print("\n");  // [wrap]
// ---- 03_tensor.md #10 (line 284): zipped_divide of a tensor; wrap: a pointer `ptr`, a print
float* ptr = new float[8*24];  // [wrap]
Tensor A = make_tensor(ptr, make_shape(8,24));  // (8,24)
auto tiler = Shape<_4,_8>{};                    // (_4,_8)

Tensor tiled_a = zipped_divide(A, tiler);       // ((_4,_8),(2,3))
print(tiled_a);  // [wrap]
// ---- 03_tensor.md #11 (line 293): the tile of a block; wrap: block #10 before it, a print [block=1,2]
float* ptr = new float[8*24];                   // [wrap]
Tensor A = make_tensor(ptr, make_shape(8,24));  // [wrap] block #10
auto tiler = Shape<_4,_8>{};                    // [wrap] block #10
Tensor tiled_a = zipped_divide(A, tiler);       // [wrap] block #10
Tensor cta_a = tiled_a(make_coord(_,_), make_coord(blockIdx.x, blockIdx.y));  // (_4,_8)
print(cta_a);  // [wrap]
// ---- 03_tensor.md #12 (line 301): the values of a thread; wrap: block #10 before it, a print [thread=5]
float* ptr = new float[8*24];                   // [wrap]
Tensor A = make_tensor(ptr, make_shape(8,24));  // [wrap] block #10
auto tiler = Shape<_4,_8>{};                    // [wrap] block #10
Tensor tiled_a = zipped_divide(A, tiler);       // [wrap] block #10
Tensor thr_a = tiled_a(threadIdx.x, make_coord(_,_)); // (2,3)
print(thr_a);  // [wrap]
// ---- 03_tensor.md #13 (line 313): a TV layout; wrap: print of tv and v [thread=3]
// Construct a TV-layout that maps 8 thread indices and 4 value indices
//   to 1D coordinates within a 4x8 tensor
// (T8,V4) -> (M4,N8)
auto tv_layout = Layout<Shape <Shape <_2,_4>,Shape <_2, _2>>,
                        Stride<Stride<_8,_1>,Stride<_4,_16>>>{}; // (8,4)

// Construct a 4x8 tensor with any layout
Tensor A = make_tensor<float>(Shape<_4,_8>{}, LayoutRight{});    // (4,8)
// Compose A with the tv_layout to transform its shape and order
Tensor tv = composition(A, tv_layout);                           // (8,4)
// Slice so each thread has 4 values in the shape and order that the tv_layout prescribes
Tensor  v = tv(threadIdx.x, _);                                  // (4)
print(tv); print("\n"); print(v);  // [wrap]
// ---- 03_tensor.md #14 (line 343): copy column by column; wrap: `ptr` over 0..127, do_something printing its argument, main
template <class T>                   // [wrap]
void do_something(T const& rmem) {   // [wrap]
  print_tensor(rmem);                // [wrap]
}                                    // [wrap]
int main() {                         // [wrap]
std::vector<float> buf(128);         // [wrap]
std::iota(buf.begin(), buf.end(), 0);  // [wrap]
float* ptr = buf.data();             // [wrap]
Tensor gmem = make_tensor(ptr, make_shape(Int<8>{}, 16));  // (_8,16)
Tensor rmem = make_tensor_like(gmem(_, 0));                // (_8)
for (int j = 0; j < size<1>(gmem); ++j) {
  copy(gmem(_, j), rmem);
  do_something(rmem);
}
}                                    // [wrap]
// ---- 03_tensor.md #15 (line 356): static assertions on a tensor; wrap: gmem of block #14, a print
float* ptr = new float[128];                               // [wrap]
Tensor gmem = make_tensor(ptr, make_shape(Int<8>{}, 16));  // [wrap] block #14
CUTE_STATIC_ASSERT_V(rank(gmem) == Int<2>{});
CUTE_STATIC_ASSERT_V(is_static<decltype(shape<0>(gmem))>{});
print(gmem.layout());  // [wrap]
// ---- 03_tensor.md #16 (line 363): copy tile by tile; wrap: `ptr` over 0..383, do_something printing one value, main
template <class T>                   // [wrap]
void do_something(T const& rmem) {   // [wrap]
  print(rmem(0)); print(" ");        // [wrap]
}                                    // [wrap]
int main() {                         // [wrap]
std::vector<float> buf(24*16);       // [wrap]
std::iota(buf.begin(), buf.end(), 0);  // [wrap]
float* ptr = buf.data();             // [wrap]
Tensor gmem = make_tensor(ptr, make_shape(24, 16));         // (24,16)

auto tiler         = Shape<_8,_4>{};                        // 8x4 tiler
//auto tiler       = Tile<Layout<_8,_3>, Layout<_4,_2>>{};  // 8x4 tiler with stride-3 and stride-2
Tensor gmem_tiled  = zipped_divide(gmem, tiler);            // ((_8,_4),Rest)
Tensor rmem        = make_tensor_like(gmem_tiled(_, 0));    // ((_8,_4))
for (int j = 0; j < size<1>(gmem_tiled); ++j) {
  copy(gmem_tiled(_, j), rmem);
  do_something(rmem);
}
print_tensor(rmem);                  // [wrap]
}                                    // [wrap]
// ---- 0t_mma_atom.md #4 (line 230): the shape of the MMA; wrap: a print
  // Logical shape of the MMA
  using Shape_MNK = Shape <_8,_8,_4>;
print(Shape_MNK{});  // [wrap]
// ---- 0t_mma_atom.md #5 (line 239): ThrID; wrap: a print
  // Mapping from (logical thread id) -> (thread idx)
  using ThrID = Layout<Shape <_4, _2>,
                       Stride<_1,_16>>;
print(ThrID{});  // [wrap]
// ---- 0t_mma_atom.md #9 (line 300): CLayout of SM70; wrap: a print
  // (T8,V8) -> (m,n)
  using CLayout = Layout<Shape <Shape <_2, _2,_2>, Shape <_2,_2, _2>>,
                         Stride<Stride<_1,_16,_4>, Stride<_8,_2,_32>>>;
print(CLayout{});  // [wrap]
// ---- 0t_mma_atom.md #10 (line 310): CLayout, the transpose; wrap: a print
  using CLayout = Layout<Shape <_8,_8>,
                         Stride<_1,_8>>;
print(CLayout{});  // [wrap]
// ---- 0t_mma_atom.md #11 (line 323): ALayout of the NT atom; wrap: a print
  // (T8,V4) -> (m,k)
  using ALayout = Layout<Shape <_8,_4>,
                         Stride<_1,_8>>;
print(ALayout{});  // [wrap]
// ---- 0t_mma_atom.md #12 (line 331): BLayout of the NT atom; wrap: a print
  // (T8,V4) -> (n,k)
  using BLayout = Layout<Shape <_8,_4>,
                         Stride<_1,_8>>;
print(BLayout{});  // [wrap]
// ---- 0t_mma_atom.md #13 (line 339): ALayout of the TN atom; wrap: a print
  // (T8,V4) -> (m,k)
  using ALayout = Layout<Shape <Shape <_4,_2>,_4>,
                         Stride<Stride<_8,_4>,_1>>;
print(ALayout{});  // [wrap]
// ---- 0t_mma_atom.md #14 (line 347): BLayout of the TN atom; wrap: a print
  // (T8,V4) -> (n,k)
  using BLayout = Layout<Shape <Shape <_4,_2>,_4>,
                         Stride<Stride<_8,_4>,_1>>;
print(BLayout{});  // [wrap]
// ---- 0t_mma_atom.md #15 (line 363): ThrID of a warpgroup; wrap: a print
using ThrID = Layout<_128, _1>;
print(ThrID{});  // [wrap]
// ---- 0t_mma_atom.md #19 (line 408): CLayout of a 64x8 GMMA; wrap: a print
// (T128,V4) -> (M64,N8)
using CLayout = Layout<Shape <Shape <  _4, _8,  _4>, Shape < _2, _2>>,
                       Stride<Stride<_128, _1, _16>, Stride<_64, _8>>>;
print(CLayout{});  // [wrap]
// ---- 0t_mma_atom.md #20 (line 416): CLayout of a 64x128 GMMA; wrap: a print
// (T128,V64) -> (M64,N128)
using CLayout = Layout<Shape <Shape <  _4, _8,  _4>, Shape < _2, _2,  _16>>,
                       Stride<Stride<_128, _1, _16>, Stride<_64, _8, _512>>>;
print(CLayout{});  // [wrap]
// ---- 0t_mma_atom.md #21 (line 428): ALayout of a GMMA from shared memory; wrap: a print
// (T128,V64x16) -> (M64,K16)
using ALayout = Layout<Shape <_128, Shape <_64,_16>>,
                       Stride<  _0, Stride< _1,_64>>>;
print(ALayout{});  // [wrap]
// ---- 0t_mma_atom.md #22 (line 441): print_latex of an MMA atom
MMA_Atom mma = MMA_Atom<SM70_8x8x4_F32F16F16F32_NT>{};
print_latex(mma);
// ---- 0t_mma_atom.md #23 (line 448): print_latex of a tiled MMA with a tiler
    TiledMMA mma = make_tiled_mma(SM70_8x8x4_F32F16F16F32_NT{},
                                  Layout<Shape<_1,_1,_1>>{},   // Layout of Atoms
                                  Tile<_8,_8,_4>{});           // Tiler
    print_latex(mma);
// ---- 0t_mma_atom.md #24 (line 457): print_latex of a 2x2 tiled MMA
    TiledMMA mma = make_tiled_mma(SM70_8x8x4_F32F16F16F32_NT{},
                                  Layout<Shape <_2,_2>,
                                         Stride<_2,_1>>{});   // 2x2 n-major layout of Atoms
    print_latex(mma);
// ---- 0t_mma_atom.md #25 (line 467): print_latex of a 2x2 tiled MMA with a 32x32x4 tiler
    TiledMMA mma = make_tiled_mma(SM70_8x8x4_F32F16F16F32_NT{},
                                  Layout<Shape <_2,_2>,
                                         Stride<_2,_1>>{},  // 2x2 n-major layout of Atoms
                                  Tile<_32,_32,_4>{});      // 32x32x4 tiler
    print_latex(mma);
// ---- 0t_mma_atom.md #27 (line 490): print_latex of a tiled MMA with a permutation
    TiledMMA mma = make_tiled_mma(SM70_8x8x4_F32F16F16F32_NT{},
                                  Layout<Shape <_2,_2>,
                                         Stride<_2,_1>>{},       // 2x2 n-major layout of Atoms
                                  Tile<Layout<Shape <_4,_4,_2>,
                                              Stride<_1,_8,_4>>, // Permutation on M, size 32
                                       _32,                      // Permutation on N, size 32 identity
                                       _4>{});                   // Permutation on K, size 4 identity
    print_latex(mma);
// ---- 0y_predication.md #1 (line 34): a predicate tensor; wrap: gmem and smem of the sizes the comments name, value_j and tile_i, prints
std::vector<float> gbuf(1000);                                  // [wrap]
std::iota(gbuf.begin(), gbuf.end(), 0);                         // [wrap]
std::vector<float> sbuf(128);                                   // [wrap]
Tensor gmem = make_tensor(gbuf.data(), Int<1000>{});            // [wrap] the page writes `Tensor gmem = ...     // e.g. size 1000`
Tensor smem = make_tensor(sbuf.data(), Int<128>{});             // [wrap] the page writes `Tensor smem = ...     // e.g. size 128`

// Tile the gmem for smem
Tensor gmem_tiled = logical_divide(gmem, size(smem));      // e.g. (128,8)

// Create an identity layout for gmem and tile it similarly
Layout id_layout = make_layout(shape(gmem));               // e.g. 1000:1, explicitly constructed as identity function
Layout id_tiled  = logical_divide(id_layout, size(smem));  // e.g. (128,8):(1,128), but many elements aren't "valid"

// Create a predicate tensor
Tensor pred = make_tensor<bool>(shape(id_tiled));          // e.g. (128,8)
for (int i = 0; i < size(pred); ++i) {
  pred(i) = id_tiled(i) < size(id_layout);  // Predicate: Is the offset within the original shape?
}

// ... intervening code ...
int value_j = 3, tile_i = 7;                                    // [wrap]

// Note that gmem_tiled, id_tiled, and pred tensors are all congruent
// For tile tile_i, determine if element value_j is in-bounds and copy to smem
if (pred(value_j,tile_i)) { smem(value_j) = gmem_tiled(value_j,tile_i); }
print(gmem_tiled.layout()); print("\n"); print(id_tiled); print("\n");              // [wrap]
print(bool(pred(value_j,tile_i))); print(bool(pred(104,7))); print(" "); print(smem(value_j));  // [wrap]
// ---- 0y_predication.md #2 (line 75): the epilogue of a tile inside the problem; wrap: C of 100x90, a tiler, an MMA, alpha, beta, the gemm left as a clear, a print [thread=9 block=1,2]
std::vector<float> c(100*90);                                                      // [wrap]
std::iota(c.begin(), c.end(), 0);                                                  // [wrap]
Tensor mC = make_tensor(make_gmem_ptr(c.data()), make_shape(100, 90));             // [wrap]
auto cta_tiler = make_shape(Int<32>{}, Int<32>{}, Int<8>{});                       // [wrap]
TiledMMA mma = make_tiled_mma(UniversalFMA<float,float,float>{}, Layout<Shape<_8,_8,_1>>{});  // [wrap]
float alpha = 1.0f, beta = 2.0f;                                                   // [wrap]
// CTA partitioning
auto cta_coord = make_coord(blockIdx.x, blockIdx.y, _);              // (m,n,k)
Tensor gC = local_tile(mC, cta_tiler, cta_coord, Step<_1,_1, X>{});  // (BLK_M,BLK_N)

// Thread partitioning
auto thr_mma = mma.get_slice(threadIdx.x);
Tensor tCgC = thr_mma.partition_C(gC);                               // (MMA,MMA_M,MMA_N)
Tensor tCrC = thr_mma.make_fragment_C(tCgC);                         // (MMA,MMA_M,MMA_N)

// ... Compute gemms and accumulate into tCrC ...
clear(tCrC);                                                         // [wrap]

// axpby epilogue
for (int i = 0; i < size(tCgC); ++i) {
  tCgC(i) = alpha * tCrC(i) + beta * tCgC(i);
}
print(gC); print("\n"); print(tCrC.layout()); print("\n");           // [wrap]
print_tensor(tCgC);                                                  // [wrap]
// ---- 0y_predication.md #3 (line 95): the predicated epilogue of a tile past the problem's end; wrap: as #2 with its lines before the epilogue, a print [thread=9 block=3,2]
std::vector<float> c(100*90);                                                      // [wrap]
std::iota(c.begin(), c.end(), 0);                                                  // [wrap]
Tensor mC = make_tensor(make_gmem_ptr(c.data()), make_shape(100, 90));             // [wrap]
auto cta_tiler = make_shape(Int<32>{}, Int<32>{}, Int<8>{});                       // [wrap]
TiledMMA mma = make_tiled_mma(UniversalFMA<float,float,float>{}, Layout<Shape<_8,_8,_1>>{});  // [wrap]
float alpha = 1.0f, beta = 2.0f;                                                   // [wrap]
auto cta_coord = make_coord(blockIdx.x, blockIdx.y, _);              // [wrap] block #2
Tensor gC = local_tile(mC, cta_tiler, cta_coord, Step<_1,_1, X>{});  // [wrap] block #2
auto thr_mma = mma.get_slice(threadIdx.x);                           // [wrap] block #2
Tensor tCgC = thr_mma.partition_C(gC);                               // [wrap] block #2
Tensor tCrC = thr_mma.make_fragment_C(tCgC);                         // [wrap] block #2
clear(tCrC);                                                         // [wrap]
// A coordinate tensor the same shape as mC: (m,n) -> (m,n)
Tensor cC     = make_identity_tensor(shape(mC));

// Repeat partitioning steps applied to mC to our coordinate tensor cC
// CTA partitioning
Tensor cta_cC = local_tile(cC, cta_tiler, cta_coord, Step<_1,_1, X>{});  // (BLK_M,BLK_N) -> (m,n)
// Thread partitioning
Tensor tCcC   = thr_mma.partition_C(cta_cC);                             // (MMA,MMA_M,MMA_N) -> (m,n)

// Predicated axpby epilogue
for (int i = 0; i < size(tCgC); ++i) {
  if (elem_less(tCcC(i), shape(mC))) {  // if coord is in-bounds
    tCgC(i) = alpha * tCrC(i) + beta * tCgC(i);
  }
}
print(tCcC); print("\n");                                            // [wrap]
for (int i = 0; i < size(tCcC); ++i) {                               // [wrap]
  print(tCcC(i)); print(" ");                                        // [wrap]
  if (elem_less(tCcC(i), shape(mC))) { print(tCgC(i)); } else { print("out"); }  // [wrap]
  print("\n");                                                       // [wrap]
}                                                                    // [wrap]
// ---- 0y_predication.md #4 (line 129): a guarded index; wrap: N, gmem_ptr, `...` is `2.0f * idx`, a print [thread=37 block=3 block_dim=128]
int N = 500;                                 // [wrap]
float* gmem_ptr = new float[N];              // [wrap]
int idx = blockDim.x * blockIdx.x + threadIdx.x;
if (idx < N)  // idx is a "coord" into gmem and N is the "bound"
  gmem_ptr[idx] = 2.0f * idx;                // [wrap] the page writes `gmem_ptr[idx] = ...;`
print(idx); print(" "); print(gmem_ptr[idx]);  // [wrap]
// ---- 0y_predication.md #5 (line 143): CTA and thread partitioning of A and B; wrap: M, N, K, mA, mB, a tiler, smem, thread layouts, prints [thread=13 block=3,2]
int M = 100, N = 90, K = 20;                                                  // [wrap]
std::vector<float> a(M*K), b(N*K);                                            // [wrap]
std::iota(a.begin(), a.end(), 0);                                             // [wrap]
std::iota(b.begin(), b.end(), 0);                                             // [wrap]
Tensor mA = make_tensor(make_gmem_ptr(a.data()), make_shape(M,K), make_stride(Int<1>{}, M));  // [wrap]
Tensor mB = make_tensor(make_gmem_ptr(b.data()), make_shape(N,K), make_stride(Int<1>{}, N));  // [wrap]
auto cta_tiler = make_shape(Int<32>{}, Int<32>{}, Int<8>{});                  // [wrap]
auto sA_layout = make_layout(make_shape(Int<32>{}, Int<8>{}));                // [wrap]
auto sB_layout = make_layout(make_shape(Int<32>{}, Int<8>{}));                // [wrap]
__shared__ float smemA[cosize_v<decltype(sA_layout)>];                        // [wrap]
__shared__ float smemB[cosize_v<decltype(sB_layout)>];                        // [wrap]
auto tA = make_layout(make_shape(Int<8>{}, Int<8>{}));                        // [wrap]
auto tB = make_layout(make_shape(Int<8>{}, Int<8>{}));                        // [wrap]
int thread_idx = threadIdx.x;                                                 // [wrap]
// CTA partitioning
auto cta_coord = make_coord(blockIdx.x, blockIdx.y, _);              // (m,n,k)
Tensor gA = local_tile(mA, cta_tiler, cta_coord, Step<_1, X,_1>{});  // (BLK_M,BLK_K,k)
Tensor gB = local_tile(mB, cta_tiler, cta_coord, Step< X,_1,_1>{});  // (BLK_N,BLK_K,k)

Tensor sA = make_tensor(make_smem_ptr(smemA), sA_layout);            // (BLK_M,BLK_K)
Tensor sB = make_tensor(make_smem_ptr(smemB), sB_layout);            // (BLK_N,BLK_K)

// Thread partitioning
Tensor tAgA = local_partition(gA, tA, thread_idx);                   // (THR_M,THR_K,k)
Tensor tAsA = local_partition(sA, tA, thread_idx);                   // (THR_M,THR_K)

Tensor tBgB = local_partition(gB, tB, thread_idx);                   // (THR_N,THR_K,k)
Tensor tBsB = local_partition(sB, tB, thread_idx);                   // (THR_N,THR_K)
print(gA); print("\n"); print(sA); print("\n"); print(tAgA); print("\n"); print(tAsA); print("\n");  // [wrap]
print(gB); print("\n"); print(tBgB); print("\n"); print(tBsB);  // [wrap]
// ---- 0y_predication.md #6 (line 166): coordinate tensors; wrap: the context of #5, prints [thread=13 block=3,2]
int M = 100, N = 90, K = 20;                                                  // [wrap]
std::vector<float> a(M*K), b(N*K);                                            // [wrap]
std::iota(a.begin(), a.end(), 0);                                             // [wrap]
std::iota(b.begin(), b.end(), 0);                                             // [wrap]
Tensor mA = make_tensor(make_gmem_ptr(a.data()), make_shape(M,K), make_stride(Int<1>{}, M));  // [wrap]
Tensor mB = make_tensor(make_gmem_ptr(b.data()), make_shape(N,K), make_stride(Int<1>{}, N));  // [wrap]
auto cta_tiler = make_shape(Int<32>{}, Int<32>{}, Int<8>{});                  // [wrap]
auto sA_layout = make_layout(make_shape(Int<32>{}, Int<8>{}));                // [wrap]
auto sB_layout = make_layout(make_shape(Int<32>{}, Int<8>{}));                // [wrap]
__shared__ float smemA[cosize_v<decltype(sA_layout)>];                        // [wrap]
__shared__ float smemB[cosize_v<decltype(sB_layout)>];                        // [wrap]
auto tA = make_layout(make_shape(Int<8>{}, Int<8>{}));                        // [wrap]
auto tB = make_layout(make_shape(Int<8>{}, Int<8>{}));                        // [wrap]
int thread_idx = threadIdx.x;                                                 // [wrap]
auto cta_coord = make_coord(blockIdx.x, blockIdx.y, _);              // (m,n,k)  // [wrap] block #5
Tensor gA = local_tile(mA, cta_tiler, cta_coord, Step<_1, X,_1>{});  // (BLK_M,BLK_K,k)  // [wrap] block #5
Tensor gB = local_tile(mB, cta_tiler, cta_coord, Step< X,_1,_1>{});  // (BLK_N,BLK_K,k)  // [wrap] block #5
Tensor sA = make_tensor(make_smem_ptr(smemA), sA_layout);            // (BLK_M,BLK_K)  // [wrap] block #5
Tensor sB = make_tensor(make_smem_ptr(smemB), sB_layout);            // (BLK_N,BLK_K)  // [wrap] block #5
Tensor tAgA = local_partition(gA, tA, thread_idx);                   // (THR_M,THR_K,k)  // [wrap] block #5
Tensor tAsA = local_partition(sA, tA, thread_idx);                   // (THR_M,THR_K)  // [wrap] block #5
Tensor tBgB = local_partition(gB, tB, thread_idx);                   // (THR_N,THR_K,k)  // [wrap] block #5
Tensor tBsB = local_partition(sB, tB, thread_idx);                   // (THR_N,THR_K)  // [wrap] block #5
// Coordinate tensors
Tensor cA = make_identity_tensor(shape(mA));   // (m,k) -> (m,k)
Tensor cB = make_identity_tensor(shape(mB));   // (n,k) -> (n,k)
print(cA); print("\n"); print(cB);  // [wrap]
// ---- 0y_predication.md #7 (line 176): partitioned coordinate tensors; wrap: the context of #5, blocks #5 and #6, prints [thread=13 block=3,2]
int M = 100, N = 90, K = 20;                                                  // [wrap]
std::vector<float> a(M*K), b(N*K);                                            // [wrap]
std::iota(a.begin(), a.end(), 0);                                             // [wrap]
std::iota(b.begin(), b.end(), 0);                                             // [wrap]
Tensor mA = make_tensor(make_gmem_ptr(a.data()), make_shape(M,K), make_stride(Int<1>{}, M));  // [wrap]
Tensor mB = make_tensor(make_gmem_ptr(b.data()), make_shape(N,K), make_stride(Int<1>{}, N));  // [wrap]
auto cta_tiler = make_shape(Int<32>{}, Int<32>{}, Int<8>{});                  // [wrap]
auto sA_layout = make_layout(make_shape(Int<32>{}, Int<8>{}));                // [wrap]
auto sB_layout = make_layout(make_shape(Int<32>{}, Int<8>{}));                // [wrap]
__shared__ float smemA[cosize_v<decltype(sA_layout)>];                        // [wrap]
__shared__ float smemB[cosize_v<decltype(sB_layout)>];                        // [wrap]
auto tA = make_layout(make_shape(Int<8>{}, Int<8>{}));                        // [wrap]
auto tB = make_layout(make_shape(Int<8>{}, Int<8>{}));                        // [wrap]
int thread_idx = threadIdx.x;                                                 // [wrap]
auto cta_coord = make_coord(blockIdx.x, blockIdx.y, _);              // (m,n,k)  // [wrap] block #5
Tensor gA = local_tile(mA, cta_tiler, cta_coord, Step<_1, X,_1>{});  // (BLK_M,BLK_K,k)  // [wrap] block #5
Tensor gB = local_tile(mB, cta_tiler, cta_coord, Step< X,_1,_1>{});  // (BLK_N,BLK_K,k)  // [wrap] block #5
Tensor sA = make_tensor(make_smem_ptr(smemA), sA_layout);            // (BLK_M,BLK_K)  // [wrap] block #5
Tensor sB = make_tensor(make_smem_ptr(smemB), sB_layout);            // (BLK_N,BLK_K)  // [wrap] block #5
Tensor tAgA = local_partition(gA, tA, thread_idx);                   // (THR_M,THR_K,k)  // [wrap] block #5
Tensor tAsA = local_partition(sA, tA, thread_idx);                   // (THR_M,THR_K)  // [wrap] block #5
Tensor tBgB = local_partition(gB, tB, thread_idx);                   // (THR_N,THR_K,k)  // [wrap] block #5
Tensor tBsB = local_partition(sB, tB, thread_idx);                   // (THR_N,THR_K)  // [wrap] block #5
Tensor cA = make_identity_tensor(shape(mA));   // (m,k) -> (m,k)  // [wrap] block #6
Tensor cB = make_identity_tensor(shape(mB));   // (n,k) -> (n,k)  // [wrap] block #6
// CTA partitioning
Tensor cta_cA = local_tile(cA, cta_tiler, cta_coord, Step<_1, X,_1>{});  // (BLK_M,BLK_K,k) -> (m,k)
Tensor cta_cB = local_tile(cB, cta_tiler, cta_coord, Step< X,_1,_1>{});  // (BLK_N,BLK_K,k) -> (n,k)

// Thread partitioning
Tensor tAcA = local_partition(cta_cA, tA, thread_idx);                   // (THR_M,THR_K,k) -> (m,k)
Tensor tBcB = local_partition(cta_cB, tB, thread_idx);                   // (THR_N,THR_K,k) -> (m,k)
print(cta_cA); print("\n"); print(tAcA); print("\n"); print(tBcB);  // [wrap]
// ---- 0y_predication.md #8 (line 191): predicate tensors; wrap: the context of #5, blocks #5 to #7, prints [thread=13 block=3,2]
int M = 100, N = 90, K = 20;                                                  // [wrap]
std::vector<float> a(M*K), b(N*K);                                            // [wrap]
std::iota(a.begin(), a.end(), 0);                                             // [wrap]
std::iota(b.begin(), b.end(), 0);                                             // [wrap]
Tensor mA = make_tensor(make_gmem_ptr(a.data()), make_shape(M,K), make_stride(Int<1>{}, M));  // [wrap]
Tensor mB = make_tensor(make_gmem_ptr(b.data()), make_shape(N,K), make_stride(Int<1>{}, N));  // [wrap]
auto cta_tiler = make_shape(Int<32>{}, Int<32>{}, Int<8>{});                  // [wrap]
auto sA_layout = make_layout(make_shape(Int<32>{}, Int<8>{}));                // [wrap]
auto sB_layout = make_layout(make_shape(Int<32>{}, Int<8>{}));                // [wrap]
__shared__ float smemA[cosize_v<decltype(sA_layout)>];                        // [wrap]
__shared__ float smemB[cosize_v<decltype(sB_layout)>];                        // [wrap]
auto tA = make_layout(make_shape(Int<8>{}, Int<8>{}));                        // [wrap]
auto tB = make_layout(make_shape(Int<8>{}, Int<8>{}));                        // [wrap]
int thread_idx = threadIdx.x;                                                 // [wrap]
auto cta_coord = make_coord(blockIdx.x, blockIdx.y, _);              // (m,n,k)  // [wrap] block #5
Tensor gA = local_tile(mA, cta_tiler, cta_coord, Step<_1, X,_1>{});  // (BLK_M,BLK_K,k)  // [wrap] block #5
Tensor gB = local_tile(mB, cta_tiler, cta_coord, Step< X,_1,_1>{});  // (BLK_N,BLK_K,k)  // [wrap] block #5
Tensor sA = make_tensor(make_smem_ptr(smemA), sA_layout);            // (BLK_M,BLK_K)  // [wrap] block #5
Tensor sB = make_tensor(make_smem_ptr(smemB), sB_layout);            // (BLK_N,BLK_K)  // [wrap] block #5
Tensor tAgA = local_partition(gA, tA, thread_idx);                   // (THR_M,THR_K,k)  // [wrap] block #5
Tensor tAsA = local_partition(sA, tA, thread_idx);                   // (THR_M,THR_K)  // [wrap] block #5
Tensor tBgB = local_partition(gB, tB, thread_idx);                   // (THR_N,THR_K,k)  // [wrap] block #5
Tensor tBsB = local_partition(sB, tB, thread_idx);                   // (THR_N,THR_K)  // [wrap] block #5
Tensor cA = make_identity_tensor(shape(mA));   // (m,k) -> (m,k)  // [wrap] block #6
Tensor cB = make_identity_tensor(shape(mB));   // (n,k) -> (n,k)  // [wrap] block #6
Tensor cta_cA = local_tile(cA, cta_tiler, cta_coord, Step<_1, X,_1>{});  // (BLK_M,BLK_K,k) -> (m,k)  // [wrap] block #7
Tensor cta_cB = local_tile(cB, cta_tiler, cta_coord, Step< X,_1,_1>{});  // (BLK_N,BLK_K,k) -> (n,k)  // [wrap] block #7
Tensor tAcA = local_partition(cta_cA, tA, thread_idx);                   // (THR_M,THR_K,k) -> (m,k)  // [wrap] block #7
Tensor tBcB = local_partition(cta_cB, tB, thread_idx);                   // (THR_N,THR_K,k) -> (m,k)  // [wrap] block #7
Tensor tApA = make_tensor<bool>(make_shape (size<0>(tAcA), size<1>(tAcA)),
                                make_stride(     Int<1>{},      Int<0>{}));
Tensor tBpB = make_tensor<bool>(make_shape (size<0>(tBcB), size<1>(tBcB)),
                                make_stride(     Int<1>{},      Int<0>{}));
print(tApA.layout()); print("\n"); print(tBpB.layout());  // [wrap]
// ---- 0y_predication.md #9 (line 203): populating the predicates; wrap: the context of #5, blocks #5 to #8, prints [thread=13 block=3,2]
int M = 100, N = 90, K = 20;                                                  // [wrap]
std::vector<float> a(M*K), b(N*K);                                            // [wrap]
std::iota(a.begin(), a.end(), 0);                                             // [wrap]
std::iota(b.begin(), b.end(), 0);                                             // [wrap]
Tensor mA = make_tensor(make_gmem_ptr(a.data()), make_shape(M,K), make_stride(Int<1>{}, M));  // [wrap]
Tensor mB = make_tensor(make_gmem_ptr(b.data()), make_shape(N,K), make_stride(Int<1>{}, N));  // [wrap]
auto cta_tiler = make_shape(Int<32>{}, Int<32>{}, Int<8>{});                  // [wrap]
auto sA_layout = make_layout(make_shape(Int<32>{}, Int<8>{}));                // [wrap]
auto sB_layout = make_layout(make_shape(Int<32>{}, Int<8>{}));                // [wrap]
__shared__ float smemA[cosize_v<decltype(sA_layout)>];                        // [wrap]
__shared__ float smemB[cosize_v<decltype(sB_layout)>];                        // [wrap]
auto tA = make_layout(make_shape(Int<8>{}, Int<8>{}));                        // [wrap]
auto tB = make_layout(make_shape(Int<8>{}, Int<8>{}));                        // [wrap]
int thread_idx = threadIdx.x;                                                 // [wrap]
auto cta_coord = make_coord(blockIdx.x, blockIdx.y, _);              // (m,n,k)  // [wrap] block #5
Tensor gA = local_tile(mA, cta_tiler, cta_coord, Step<_1, X,_1>{});  // (BLK_M,BLK_K,k)  // [wrap] block #5
Tensor gB = local_tile(mB, cta_tiler, cta_coord, Step< X,_1,_1>{});  // (BLK_N,BLK_K,k)  // [wrap] block #5
Tensor sA = make_tensor(make_smem_ptr(smemA), sA_layout);            // (BLK_M,BLK_K)  // [wrap] block #5
Tensor sB = make_tensor(make_smem_ptr(smemB), sB_layout);            // (BLK_N,BLK_K)  // [wrap] block #5
Tensor tAgA = local_partition(gA, tA, thread_idx);                   // (THR_M,THR_K,k)  // [wrap] block #5
Tensor tAsA = local_partition(sA, tA, thread_idx);                   // (THR_M,THR_K)  // [wrap] block #5
Tensor tBgB = local_partition(gB, tB, thread_idx);                   // (THR_N,THR_K,k)  // [wrap] block #5
Tensor tBsB = local_partition(sB, tB, thread_idx);                   // (THR_N,THR_K)  // [wrap] block #5
Tensor cA = make_identity_tensor(shape(mA));   // (m,k) -> (m,k)  // [wrap] block #6
Tensor cB = make_identity_tensor(shape(mB));   // (n,k) -> (n,k)  // [wrap] block #6
Tensor cta_cA = local_tile(cA, cta_tiler, cta_coord, Step<_1, X,_1>{});  // (BLK_M,BLK_K,k) -> (m,k)  // [wrap] block #7
Tensor cta_cB = local_tile(cB, cta_tiler, cta_coord, Step< X,_1,_1>{});  // (BLK_N,BLK_K,k) -> (n,k)  // [wrap] block #7
Tensor tAcA = local_partition(cta_cA, tA, thread_idx);                   // (THR_M,THR_K,k) -> (m,k)  // [wrap] block #7
Tensor tBcB = local_partition(cta_cB, tB, thread_idx);                   // (THR_N,THR_K,k) -> (m,k)  // [wrap] block #7
Tensor tApA = make_tensor<bool>(make_shape (size<0>(tAcA), size<1>(tAcA)),  // [wrap] block #8
                                make_stride(     Int<1>{},      Int<0>{}));  // [wrap] block #8
Tensor tBpB = make_tensor<bool>(make_shape (size<0>(tBcB), size<1>(tBcB)),  // [wrap] block #8
                                make_stride(     Int<1>{},      Int<0>{}));  // [wrap] block #8
// Populate the m- and n-predicates
CUTE_UNROLL
for (int m = 0; m < size<0>(tApA); ++m) {
  tApA(m,0) = elem_less(get<0>(tAcA(m,0,0)), shape<0>(mA));  // Compare the m-coordinate
}
CUTE_UNROLL
for (int n = 0; n < size<0>(tBpB); ++n) {
  tBpB(n,0) = elem_less(get<0>(tBcB(n,0,0)), shape<0>(mB));  // Compare the n-coordinate
}
for (int m = 0; m < size<0>(tApA); ++m) { print(bool(tApA(m,0))); } print("\n");  // [wrap]
for (int n = 0; n < size<0>(tBpB); ++n) { print(bool(tBpB(n,0))); }  // [wrap]
// ---- 0y_predication.md #10 (line 219): the predicated copy; wrap: the context of #5, blocks #5 to #9, k_tile, prints [thread=13 block=3,2]
int M = 100, N = 90, K = 20;                                                  // [wrap]
std::vector<float> a(M*K), b(N*K);                                            // [wrap]
std::iota(a.begin(), a.end(), 0);                                             // [wrap]
std::iota(b.begin(), b.end(), 0);                                             // [wrap]
Tensor mA = make_tensor(make_gmem_ptr(a.data()), make_shape(M,K), make_stride(Int<1>{}, M));  // [wrap]
Tensor mB = make_tensor(make_gmem_ptr(b.data()), make_shape(N,K), make_stride(Int<1>{}, N));  // [wrap]
auto cta_tiler = make_shape(Int<32>{}, Int<32>{}, Int<8>{});                  // [wrap]
auto sA_layout = make_layout(make_shape(Int<32>{}, Int<8>{}));                // [wrap]
auto sB_layout = make_layout(make_shape(Int<32>{}, Int<8>{}));                // [wrap]
__shared__ float smemA[cosize_v<decltype(sA_layout)>];                        // [wrap]
__shared__ float smemB[cosize_v<decltype(sB_layout)>];                        // [wrap]
auto tA = make_layout(make_shape(Int<8>{}, Int<8>{}));                        // [wrap]
auto tB = make_layout(make_shape(Int<8>{}, Int<8>{}));                        // [wrap]
int thread_idx = threadIdx.x;                                                 // [wrap]
auto cta_coord = make_coord(blockIdx.x, blockIdx.y, _);              // (m,n,k)  // [wrap] block #5
Tensor gA = local_tile(mA, cta_tiler, cta_coord, Step<_1, X,_1>{});  // (BLK_M,BLK_K,k)  // [wrap] block #5
Tensor gB = local_tile(mB, cta_tiler, cta_coord, Step< X,_1,_1>{});  // (BLK_N,BLK_K,k)  // [wrap] block #5
Tensor sA = make_tensor(make_smem_ptr(smemA), sA_layout);            // (BLK_M,BLK_K)  // [wrap] block #5
Tensor sB = make_tensor(make_smem_ptr(smemB), sB_layout);            // (BLK_N,BLK_K)  // [wrap] block #5
Tensor tAgA = local_partition(gA, tA, thread_idx);                   // (THR_M,THR_K,k)  // [wrap] block #5
Tensor tAsA = local_partition(sA, tA, thread_idx);                   // (THR_M,THR_K)  // [wrap] block #5
Tensor tBgB = local_partition(gB, tB, thread_idx);                   // (THR_N,THR_K,k)  // [wrap] block #5
Tensor tBsB = local_partition(sB, tB, thread_idx);                   // (THR_N,THR_K)  // [wrap] block #5
Tensor cA = make_identity_tensor(shape(mA));   // (m,k) -> (m,k)  // [wrap] block #6
Tensor cB = make_identity_tensor(shape(mB));   // (n,k) -> (n,k)  // [wrap] block #6
Tensor cta_cA = local_tile(cA, cta_tiler, cta_coord, Step<_1, X,_1>{});  // (BLK_M,BLK_K,k) -> (m,k)  // [wrap] block #7
Tensor cta_cB = local_tile(cB, cta_tiler, cta_coord, Step< X,_1,_1>{});  // (BLK_N,BLK_K,k) -> (n,k)  // [wrap] block #7
Tensor tAcA = local_partition(cta_cA, tA, thread_idx);                   // (THR_M,THR_K,k) -> (m,k)  // [wrap] block #7
Tensor tBcB = local_partition(cta_cB, tB, thread_idx);                   // (THR_N,THR_K,k) -> (m,k)  // [wrap] block #7
Tensor tApA = make_tensor<bool>(make_shape (size<0>(tAcA), size<1>(tAcA)),  // [wrap] block #8
                                make_stride(     Int<1>{},      Int<0>{}));  // [wrap] block #8
Tensor tBpB = make_tensor<bool>(make_shape (size<0>(tBcB), size<1>(tBcB)),  // [wrap] block #8
                                make_stride(     Int<1>{},      Int<0>{}));  // [wrap] block #8
CUTE_UNROLL  // [wrap] block #9
for (int m = 0; m < size<0>(tApA); ++m) {  // [wrap] block #9
  tApA(m,0) = elem_less(get<0>(tAcA(m,0,0)), shape<0>(mA));  // Compare the m-coordinate  // [wrap] block #9
}  // [wrap] block #9
CUTE_UNROLL  // [wrap] block #9
for (int n = 0; n < size<0>(tBpB); ++n) {  // [wrap] block #9
  tBpB(n,0) = elem_less(get<0>(tBcB(n,0,0)), shape<0>(mB));  // Compare the n-coordinate  // [wrap] block #9
}  // [wrap] block #9
int k_tile = 0;  // [wrap]
// Copy a k_tile from global memory to shared memory
copy_if(tApA, tAgA(_,_,k_tile), tAsA);
copy_if(tBpB, tBgB(_,_,k_tile), tBsB);
for (int i = 0; i < size(tAsA); ++i) { print(tAsA(i)); print(" "); } print("\n");  // [wrap]
for (int i = 0; i < size(tBsB); ++i) { print(tBsB(i)); print(" "); }  // [wrap]
