// ---- 01_layout.md, Constructing a Layout: make_layout and print
Layout s8 = make_layout(Int<8>{});
print(s8);
// ---- 01_layout.md: a dynamic vector
Layout d8 = make_layout(8);
print(d8);
// ---- 01_layout.md: static shape
Layout s2xs4 = make_layout(make_shape(Int<2>{},Int<4>{}));
print(s2xs4);
// ---- 01_layout.md: mixed shape
Layout s2xd4 = make_layout(make_shape(Int<2>{},4));
print(s2xd4);
// ---- 01_layout.md: shape and stride, with spaces as in the tutorial
Layout s2xd4_a = make_layout(make_shape (Int< 2>{},4),
                             make_stride(Int<12>{},Int<1>{}));
print(s2xd4_a);
// ---- 01_layout.md: LayoutLeft
Layout s2xd4_col = make_layout(make_shape(Int<2>{},4),
                               LayoutLeft{});
print(s2xd4_col);
// ---- 01_layout.md: LayoutRight
Layout s2xd4_row = make_layout(make_shape(Int<2>{},4),
                               LayoutRight{});
print(s2xd4_row);
// ---- 01_layout.md: hierarchical
Layout s2xh4 = make_layout(make_shape (2,make_shape (2,2)),
                           make_stride(4,make_stride(2,1)));
print(s2xh4);
// ---- 01_layout.md: shape(s2xh4) with LayoutLeft
Layout s2xh4 = make_layout(make_shape (2,make_shape (2,2)),
                           make_stride(4,make_stride(2,1)));
Layout s2xh4_col = make_layout(shape(s2xh4),
                               LayoutLeft{});
print(s2xh4_col);
// ---- 01_layout.md: every layout of the section, one per line
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
print("s8        :  "); print(s8);        print("\n");
print("d8        :  "); print(d8);        print("\n");
print("s2xs4     :  "); print(s2xs4);     print("\n");
print("s2xd4     :  "); print(s2xd4);     print("\n");
print("s2xd4_a   :  "); print(s2xd4_a);   print("\n");
print("s2xd4_col :  "); print(s2xd4_col); print("\n");
print("s2xd4_row :  "); print(s2xd4_row); print("\n");
print("s2xh4     :  "); print(s2xh4);     print("\n");
print("s2xh4_col :  "); print(s2xh4_col); print("\n");
// ---- 01_layout.md: print_layout
Layout s2xh4 = make_layout(make_shape (2,make_shape (2,2)),
                           make_stride(4,make_stride(2,1)));
print_layout(s2xh4);
// ---- 01_layout.md: layout(m,n) maps a 2-D coordinate
Layout s2xs4 = make_layout(make_shape(Int<2>{},Int<4>{}));
printf("%3d  %3d  %3d  %3d\n", s2xs4(0,0), s2xs4(0,1), s2xs4(0,2), s2xs4(0,3));
printf("%3d  %3d  %3d  %3d\n", s2xs4(1,0), s2xs4(1,1), s2xs4(1,2), s2xs4(1,3));
// ---- 01_layout.md: print2D(s2xd4_a), unrolled
Layout s2xd4_a = make_layout(make_shape (Int< 2>{},4),
                             make_stride(Int<12>{},Int<1>{}));
printf("%3d  %3d  %3d  %3d\n", s2xd4_a(0,0), s2xd4_a(0,1), s2xd4_a(0,2), s2xd4_a(0,3));
printf("%3d  %3d  %3d  %3d\n", s2xd4_a(1,0), s2xd4_a(1,1), s2xd4_a(1,2), s2xd4_a(1,3));
// ---- 01_layout.md: a 1-D coordinate into a hierarchical layout
Layout s2xh4 = make_layout(make_shape (2,make_shape (2,2)),
                           make_stride(4,make_stride(2,1)));
print(s2xh4(0)); print(" "); print(s2xh4(1)); print(" "); print(s2xh4(2)); print(" "); print(s2xh4(7));
// ---- 01_layout.md: the last index, with arithmetic
Layout s2xh4 = make_layout(make_shape (2,make_shape (2,2)),
                           make_stride(4,make_stride(2,1)));
print(s2xh4(size(s2xh4) - 1));
// ---- 01_layout.md: cosize is A(size(A) - 1) + 1
auto A = make_layout(make_shape(Int<4>{}, Int<3>{}), make_stride(Int<3>{}, Int<1>{}));
print(cosize(A)); print(" "); print(A(size(A) - 1) + 1);
// ---- 01_layout.md: queries of a layout
auto L = make_layout(make_shape(Int<2>{}, make_shape(Int<2>{}, 4)));
print(rank(L)); print("\n");
print(depth(L)); print("\n");
print(shape(L)); print("\n");
print(stride(L)); print("\n");
print(size(L)); print("\n");
print(cosize(L)); print("\n");
// ---- 01_layout.md: hierarchical access functions
auto L = make_layout(make_shape(Int<2>{}, make_shape(Int<3>{}, 4)));
print(get<1>(L)); print("\n");
print(get<1,0>(L)); print("\n");
print(rank<1>(L)); print("\n");
print(depth<1>(L)); print("\n");
print(shape<1>(L)); print("\n");
print(size<0>(L)); print(" "); print(size<1>(L)); print("\n");
// ---- 01_layout.md: IntTuple examples
print(int{2}); print("\n");
print(Int<3>{}); print("\n");
print(make_tuple(int{2}, Int<3>{})); print("\n");
print(make_tuple(uint16_t{42}, make_tuple(Int<1>{}, int32_t{3}), Int<17>{})); print("\n");
// ---- 01_layout.md: vector layouts
auto v = make_layout(8, 2);
print(v); print("\n");
print(v(0)); print(" "); print(v(1)); print(" "); print(v(7)); print("\n");
// ---- 01_layout.md: a rank-1 layout of a nested shape
auto v = make_layout(make_shape(make_shape(4,2)), make_stride(make_stride(2,1)));
print(v); print("\n");
print(v(0)); print(" "); print(v(4)); print(" "); print(v(7)); print("\n");
// ---- 01_layout.md: matrix examples
print_layout(make_layout(make_shape(4,2), make_stride(1,4)));
print_layout(make_layout(make_shape(4,2), make_stride(2,1)));
// ---- 01_layout.md: a matrix with a multi-mode
print_layout(make_layout(make_shape (make_shape (2,2),2),
                         make_stride(make_stride(4,1),2)));
// ---- 01_layout.md: idx2crd
auto shape = Shape<_3,Shape<_2,_3>>{};
print(idx2crd(   16, shape));                                // (1,(1,2))
print(idx2crd(_16{}, shape));                                // (_1,(_1,_2))
print(idx2crd(make_coord(   1,5), shape));                   // (1,(1,2))
print(idx2crd(make_coord(_1{},5), shape));                   // (_1,(1,2))
print(idx2crd(make_coord(   1,make_coord(1,   2)), shape));  // (1,(1,2))
print(idx2crd(make_coord(_1{},make_coord(1,_2{})), shape));  // (_1,(1,_2))
// ---- 01_layout.md: idx2crd, one per line
auto shape = Shape<_3,Shape<_2,_3>>{};
print(idx2crd(   16, shape)); print("\n");
print(idx2crd(_16{}, shape)); print("\n");
print(idx2crd(make_coord(   1,5), shape)); print("\n");
print(idx2crd(make_coord(_1{},5), shape)); print("\n");
print(idx2crd(make_coord(   1,make_coord(1,   2)), shape)); print("\n");
print(idx2crd(make_coord(_1{},make_coord(1,_2{})), shape)); print("\n");
// ---- 01_layout.md: crd2idx
auto shape  = Shape <_3,Shape<  _2,_3>>{};
auto stride = Stride<_3,Stride<_12,_1>>{};
print(crd2idx(   16, shape, stride)); print("\n");       // 17
print(crd2idx(_16{}, shape, stride)); print("\n");       // _17
print(crd2idx(make_coord(   1,   5), shape, stride)); print("\n");  // 17
print(crd2idx(make_coord(_1{},   5), shape, stride)); print("\n");  // 17
print(crd2idx(make_coord(_1{},_5{}), shape, stride)); print("\n");  // _17
print(crd2idx(make_coord(   1,make_coord(   1,   2)), shape, stride)); print("\n");  // 17
print(crd2idx(make_coord(_1{},make_coord(_1{},_2{})), shape, stride)); print("\n");  // _17
// ---- 01_layout.md: the index mapping table of (3,(2,3)):(3,(12,1))
print_layout(make_layout(make_shape(3, make_shape(2,3)), make_stride(3, make_stride(12,1))));
// ---- 01_layout.md: sublayouts with layout<I...>
Layout a   = Layout<Shape<_4,Shape<_3,_6>>>{}; // (4,(3,6)):(1,(4,12))
Layout a0  = layout<0>(a);                     // 4:1
Layout a1  = layout<1>(a);                     // (3,6):(4,12)
Layout a10 = layout<1,0>(a);                   // 3:4
Layout a11 = layout<1,1>(a);                   // 6:12
print(a); print("\n"); print(a0); print("\n"); print(a1); print("\n");
print(a10); print("\n"); print(a11); print("\n");
// ---- 01_layout.md: select<I...>
Layout a   = Layout<Shape<_2,_3,_5,_7>>{};     // (2,3,5,7):(1,2,6,30)
Layout a13 = select<1,3>(a);                   // (3,7):(2,30)
Layout a01 = select<0,1,3>(a);                 // (2,3,7):(1,2,30)
Layout a2  = select<2>(a);                     // (5):(6)
print(a13); print("\n"); print(a01); print("\n"); print(a2); print("\n");
// ---- 01_layout.md: take<ModeBegin, ModeEnd>
Layout a   = Layout<Shape<_2,_3,_5,_7>>{};     // (2,3,5,7):(1,2,6,30)
Layout a13 = take<1,3>(a);                     // (3,5):(2,6)
Layout a14 = take<1,4>(a);                     // (3,5,7):(2,6,30)
// take<1,1> not allowed. Empty layouts not allowed.
print(a13); print("\n"); print(a14); print("\n");
// ---- 01_layout.md: concatenation with make_layout
Layout a = Layout<_3,_1>{};                     // 3:1
Layout b = Layout<_4,_3>{};                     // 4:3
Layout row = make_layout(a, b);                 // (3,4):(1,3)
Layout col = make_layout(b, a);                 // (4,3):(3,1)
Layout q   = make_layout(row, col);             // ((3,4),(4,3)):((1,3),(3,1))
Layout aa  = make_layout(a);                    // (3):(1)
Layout aaa = make_layout(aa);                   // ((3)):((1))
Layout d   = make_layout(a, make_layout(a), a); // (3,(3),3):(1,(1),1)
print(row); print("\n"); print(col); print("\n"); print(q); print("\n");
print(aa); print("\n"); print(aaa); print("\n"); print(d); print("\n");
// ---- 01_layout.md: append, prepend, replace
Layout a = Layout<_3,_1>{};                     // 3:1
Layout b = Layout<_4,_3>{};                     // 4:3
Layout ab = append(a, b);                       // (3,4):(1,3)
Layout ba = prepend(a, b);                      // (4,3):(3,1)
Layout c  = append(ab, ab);                     // (3,4,(3,4)):(1,3,(1,3))
Layout d  = replace<2>(c, b);                   // (3,4,4):(1,3,3)
print(ab); print("\n"); print(ba); print("\n"); print(c); print("\n"); print(d); print("\n");
// ---- 01_layout.md: group and flatten
Layout a = Layout<Shape<_2,_3,_5,_7>>{};  // (_2,_3,_5,_7):(_1,_2,_6,_30)
Layout b = group<0,2>(a);                 // ((_2,_3),_5,_7):((_1,_2),_6,_30)
Layout c = group<1,3>(b);                 // ((_2,_3),(_5,_7)):((_1,_2),(_6,_30))
Layout f = flatten(b);                    // (_2,_3,_5,_7):(_1,_2,_6,_30)
Layout e = flatten(c);                    // (_2,_3,_5,_7):(_1,_2,_6,_30)
print(b); print("\n"); print(c); print("\n"); print(f); print("\n"); print(e); print("\n");
// ---- 01_layout.md: compatible shapes
print(compatible(24, make_shape(4,6))); print(" ");
print(compatible(make_shape(4,6), make_shape(make_shape(2,2),6))); print(" ");
print(compatible(Int<24>{}, Shape<_32>{})); print("\n");
// ---- C++ spellings: a static integer four ways
print(_16{}); print(" "); print(Int<16>{}); print(" "); print(C<16>{}); print(" "); print(cute::Int<16>{});
// ---- C++ spellings: Shape and Stride types
print(Shape<_2,_3>{}); print(" "); print(Stride<_3,_1>{}); print(" "); print(Step<_1,_1>{});
// ---- C++ spellings: Layout types, the stride defaults to column-major
print(Layout<_3,_4>{}); print("\n");
print(Layout<Shape<_2,_3>>{}); print("\n");
print(Layout<Shape<_2,_3>, Stride<_3,_1>>{}); print("\n");
// ---- C++ spellings: cute:: everywhere
auto L = cute::make_layout(cute::make_shape(cute::Int<4>{}, cute::Int<8>{}), cute::LayoutRight{});
cute::print(L); cute::print("\n");
cute::print(L(1, cute::_)); cute::print("\n");
// ---- C++ spellings: std::cout
auto L = make_layout(make_shape(Int<4>{}, 8));
std::cout << L << std::endl;
std::cout << size(L) << " " << shape<1>(L) << std::endl;
// ---- C++ spellings: auto const& and constexpr declarations
constexpr auto s = make_shape(Int<4>{}, Int<2>{});
auto const& L = make_layout(s, LayoutRight{});
print(L);
// ---- seed tutorial: static and dynamic integers in arithmetic
print(_2{} * _3{}); print(" "); print(_2{} * 3); print(" "); print(_0{} * 5); print(" ");
print(_6{} / _4{}); print(" "); print(7 % _3{}); print(" "); print(_5{} - _7{}); print(" ");
print(-_3{}); print(" "); print((_8{} + 1) * 2);
// ---- seed tutorial: size and cosize of a strided vector
auto L = make_layout(Int<8>{}, Int<2>{});
print(L); print("  size "); print(size(L)); print("  cosize "); print(cosize(L));
// ---- seed tutorial: a row-major 4x8 tile
auto tile = make_layout(make_shape(Int<4>{}, Int<8>{}), LayoutRight{});
print_layout(tile);
// ---- seed tutorial: coalesce
auto L = make_layout(make_shape(Int<2>{}, make_shape(Int<1>{}, Int<6>{})),
                     make_stride(Int<1>{}, make_stride(Int<6>{}, Int<2>{})));
print(coalesce(L)); print("\n");
print(coalesce(L, Step<_1,_1>{})); print("\n");
// ---- seed tutorial: composition
auto A = make_layout(make_shape(Int<6>{}, Int<2>{}), make_stride(Int<8>{}, Int<2>{}));
auto B = make_layout(make_shape(Int<4>{}, Int<3>{}), make_stride(Int<3>{}, Int<1>{}));
print(composition(A, B));
// ---- seed tutorial: composition with a tiler
auto A = make_layout(make_shape(12, make_shape(4, 8)), make_stride(59, make_stride(13, 1)));
auto tiler = make_tile(Layout<_3,_4>{}, Layout<_8,_2>{});
print(composition(A, tiler));
// ---- seed tutorial: complement
print(complement(Layout<_4,_1>{}, Int<24>{})); print("\n");
print(complement(Layout<_6,_4>{}, Int<24>{})); print("\n");
print(complement(make_layout(make_shape(Int<2>{}, Int<2>{}), make_stride(Int<1>{}, Int<6>{})), Int<24>{})); print("\n");
// ---- seed tutorial: logical_divide of a vector
auto A = Layout<Shape<_4,_2,_3>, Stride<_2,_1,_8>>{};
auto B = Layout<_4,_2>{};
print(logical_divide(A, B));
// ---- seed tutorial: zipped, tiled and flat divide of a matrix
auto A = make_layout(make_shape(Int<9>{}, make_shape(Int<4>{}, Int<8>{})),
                     make_stride(Int<59>{}, make_stride(Int<13>{}, Int<1>{})));
auto tiler = make_tile(Layout<_3,_3>{}, Layout<Shape<_2,_4>, Stride<_1,_8>>{});
print(zipped_divide(A, tiler)); print("\n");
print(tiled_divide(A, tiler)); print("\n");
print(flat_divide(A, tiler)); print("\n");
// ---- seed tutorial: products
auto tile = Layout<Shape<_2,_2>, Stride<_1,_2>>{};
auto grid = Layout<Shape<_2,_3>, Stride<_3,_1>>{};
print(logical_product(tile, grid)); print("\n");
print(blocked_product(tile, grid)); print("\n");
print(raked_product(tile, grid)); print("\n");
// ---- seed tutorial: right and left inverses
auto L = Layout<Shape<_4,_2>, Stride<_2,_1>>{};
print(right_inverse(L)); print("\n");
print(left_inverse(L)); print("\n");
// ---- seed tutorial: slicing with cute::_
auto L = make_layout(make_shape(Int<4>{}, Int<8>{}), make_stride(Int<8>{}, Int<1>{}));
print(L(2, _)); print("\n");
print(L(_, 3)); print("\n");
print(slice(make_coord(_, 3), L)); print("\n");
// ---- seed tutorial: a swizzled layout
auto sw = composition(Swizzle<3,4,3>{}, make_layout(make_shape(Int<8>{}, Int<64>{}), LayoutRight{}));
print(sw); print("\n");
print(sw(1, 2)); print(" "); print(sw(10));
// ---- seed tutorial: a block comment and a shape query
/* the shape of a 3-D layout, and its middle mode */
auto L = make_layout(make_shape(Int<2>{}, Int<3>{}, Int<4>{}));
print(shape(L)); print(" "); print(shape<1>(L)); print(" "); print(stride<2>(L));
// ---- seed tutorial: index arithmetic of a coordinate
auto L = make_layout(make_shape(Int<4>{}, Int<8>{}));
int m = 3;
print(L(m, 2 * m - 1)); print(" "); print(L(size<0>(L) - 1, size<1>(L) - 1));
