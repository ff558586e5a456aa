// ---- cutlass test/unit/cute/core/composition.cpp, Composition #1.1
auto a = Layout<_1,_0>{};
auto b = Layout<_1,_0>{};
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #2.1
auto a = Layout<_1,_0>{};
auto b = Layout<_1,_1>{};
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #3.1
auto a = Layout<_1,_1>{};
auto b = Layout<_1,_0>{};
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #4.1
auto a = Layout<_1,_1>{};
auto b = Layout<_1,_1>{};
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #5.1
auto a = make_layout(Shape<_4>{});
auto b = make_layout(Shape<_4>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #6.1
auto a = make_layout(Shape<_4>{}, Stride<_2>{});
auto b = make_layout(Shape<_4>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #7.1
auto a = make_layout(Shape<_4>{}, Stride<_0>{});
auto b = make_layout(Shape<_4>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #8.1
auto a = make_layout(Shape<_4>{});
auto b = make_layout(Shape<_4>{}, Stride<_0>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #9.1
auto a = make_layout(Shape<_4>{});
auto b = make_layout(Shape<_1>{}, Stride<_0>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #10.1
auto a = make_layout(Shape<_4>{});
auto b = make_layout(Shape<_2>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #11.1
auto a = make_layout(Shape<_4>{}, Stride<_2>{});
auto b = make_layout(Shape<_2>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #12.1
auto a = make_layout(Shape<_4>{});
auto b = make_layout(Shape<_2>{}, Stride<_2>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #13.1
auto a = make_layout(Shape<_4>{}, Stride<_2>{});
auto b = make_layout(Shape<_2>{}, Stride<_2>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #14.1
auto a = make_layout(Shape<_4,_3>{});
auto b = make_layout(Shape<_12>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #15.1
auto a = make_layout(Shape<_12>{});
auto b = make_layout(Shape<_4,_3>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #16.1
auto a = make_layout(Shape<_12>{}, Stride<_2>{});
auto b = make_layout(Shape<_4,_3>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #17.1
auto a = make_layout(Shape<_12>{});
auto b = make_layout(Shape<_4,_3>{}, Stride<_3,_1>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #18.1
auto a = make_layout(Shape<_12>{}, Stride<_2>{});
auto b = make_layout(Shape<_4,_3>{}, Stride<_3,_1>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #19.1
auto a = make_layout(Shape<_12>{});
auto b = make_layout(Shape<_2,_3>{}, Stride<_2,_4>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #20.1
auto a = make_layout(Shape<_4,_3>{});
auto b = make_layout(Shape<_4,_3>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #21.1
auto a = make_layout(Shape<_4,_3>{});
auto b = make_layout(Shape<_6>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #22.1
auto a = make_layout(Shape<_4,_3>{});
auto b = make_layout(Shape<_6>{}, Stride<_2>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #23.1
auto a = make_layout(Shape<_4,_3>{});
auto b = make_layout(Shape<_6,_2>{}, Stride<_2,_1>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #24.1
auto a = make_layout(Shape<_4,_3>{});
auto b = make_layout(Shape<_4,_3>{}, Stride<_3,_1>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #25.1
auto a = make_layout(Shape<_4,_3>{}, Stride<_3,_1>{});
auto b = make_layout(Shape<_4,_3>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #26.1
auto a = make_layout(Shape<_4,_3>{}, Stride<_3,_1>{});
auto b = make_layout(Shape<_12>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #27.1
auto a = make_layout(Shape<_4,_3>{}, Stride<_3,_1>{});
auto b = make_layout(Shape<_6>{}, Stride<_2>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #28.1
auto a = make_layout(Shape<_4,_3>{}, Stride<_3,_1>{});
auto b = make_layout(Shape<_6,_2>{}, Stride<_2,_1>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #29.1
auto a = make_layout(Shape<_8,_8>{});
auto b = make_layout(Shape <Shape <_2, _2,_2>, Shape <_2,_2, _2>>{}, Stride<Stride<_1,_16,_4>, Stride<_8,_2,_32>>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #30.1
auto a = make_layout(Shape<_8,_8>{}, Stride<_8,_1>{});
auto b = make_layout(Shape <Shape <_2, _2,_2>, Shape <_2,_2, _2>>{}, Stride<Stride<_1,_16,_4>, Stride<_8,_2,_32>>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #31.1
auto a = make_layout(Shape<Shape<_4,_2>>{}, Stride<Stride<_1,_16>>{});
auto b = make_layout(Shape<_4,_2>{}, Stride<_2,_1>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #32.1
auto a = make_layout(Shape<_2,_2>{}, Stride<_2,_1>{});
auto b = make_layout(Shape<_2,_2>{}, Stride<_2,_1>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #33.1
auto a = make_layout(Shape<_4,_8,_2>{});
auto b = make_layout(Shape<_2,_2,_2>{}, Stride<_2,_8,_1>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #34.1
auto a = make_layout(Shape<_4,_8,_2>{}, Stride<_2,_8,_1>{});
auto b = make_layout(Shape<_2,_2,_2>{}, Stride<_1,_8,_2>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #35.1
auto a = make_layout(Shape<_4,_8,_2>{}, Stride<_2,_8,_1>{});
auto b = make_layout(Shape<_4,_2,_2>{}, Stride<_2,_8,_1>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #36.1
auto a = make_layout(12, 1);
auto b = make_layout(_4{}, _1{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #37.1
auto a = make_layout(12, 1);
auto b = make_layout(_4{}, 1);
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #38.1
auto a = make_layout(12, _1{});
auto b = make_layout(_4{}, 1);
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #39.1
auto a = make_layout(12, _1{});
auto b = make_layout(_4{}, _1{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #40.1
auto a = make_layout(make_shape(12,3), make_stride(1,24));
auto b = make_layout(Shape<_4>{}, Stride<_1>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #41.1
auto a = make_layout(16, 2);
auto b = make_layout(4, 2);
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #42.1
auto a = make_layout(make_shape(128,24,5), make_stride(1,128,3072));
auto b = make_layout(64, 2);
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #43.1
auto a = make_layout(make_shape(128,24,5), make_stride(1,128,3072));
auto b = make_layout(480, Int<32>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #44.1
auto a = make_layout(Shape<_1>{}, Stride<_0>{});
auto b = make_layout(Shape<_4>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #45.1
auto a = make_layout(Shape<_1>{}, Stride<_1>{});
auto b = make_layout(Shape<_4>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #46.1
auto a = make_layout(Shape<_4>{});
auto b = make_layout(Shape<_4>{}, Stride<_2>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #47.1
auto a = make_layout(Shape<_4,_3>{}, Stride<_3,_1>{});
auto b = make_layout(Shape<_24>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #48.1
auto a = make_layout(Shape<_4,_3>{}, Stride<_3,_1>{});
auto b = make_layout(Shape<_8>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #49.1
auto a = make_layout(Shape<_4,_3,_1>{}, Stride<_3,_1,_0>{});
auto b = make_layout(Shape<_24>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #50.1
auto a = make_layout(Shape<_4,_3,_1>{}, Stride<_3,_1,_0>{});
auto b = make_layout(Shape<_4>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #51.1
auto a = make_layout(Shape<_4,_6,_8>{}, Stride<_1,_4,_7>{});
auto b = make_layout(_6{}, _1{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #52.1
auto a = make_layout(Shape<_4,_6,_8,_10>{}, Stride<_2,_3,_5,_7>{});
auto b = make_layout(_6{}, _12{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #53.1
auto a = make_layout(Shape<_8,_8>{}, Stride<_8,_1>{});
auto b = make_layout(_2{}, _3{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #54.1
auto a = make_layout(Shape<_8,_8>{}, Stride<_8,_1>{});
auto b = make_layout(_3{}, _3{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #55.1
auto a = make_layout(3, _1{});
auto b = make_layout(_4{}, _1{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #56.1
auto a = make_layout(make_shape(48,24,5), make_stride(_1{},128,3072));
auto b = make_layout(32, Int<1>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #57.1
auto a = Layout<Shape<_8,_8>, Stride<_8,_1>>{};
auto b = composition(Swizzle<2,0,-3>{}, Layout<Shape<_8,_8>, Stride<_8,_1>>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #58.1
auto a = composition(Swizzle<2,0, 3>{}, Layout<Shape<_8,_8>, Stride<_8,_1>>{});
auto b = composition(Swizzle<2,0,-3>{}, Layout<Shape<_8,_8>, Stride<_8,_1>>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #59.1
auto a = make_layout(Shape<_4>{}, Stride<_m1>{});
auto b = make_layout(Shape<_4>{}, Stride<_1>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #60.1
auto a = make_layout(Shape<_4>{}, Stride<_1>{});
auto b = make_layout(Shape<_4>{}, Stride<_m1>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #61.1
auto a = make_layout(Shape<_4>{}, Stride<_m1>{});
auto b = make_layout(Shape<_4>{}, Stride<_m1>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #62.1
auto a = make_layout(Shape<_4>{}, Stride<_1>{});
auto b = make_layout(Shape<_4>{}, Stride<_m2>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #63.1
auto a = make_layout(Shape<_4,_4>{}, Stride<_m1,_1>{});
auto b = make_layout(Shape<_2,_4,_2>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #64.1
auto a = make_layout(Shape<_4,_4>{}, Stride<_m1,_1>{});
auto b = make_layout(Shape<_2,_4,_2>{}, Stride<_1,_4,_2>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #65.1
auto a = make_layout(Shape<_1,Shape<_2,_4>>{}, Stride<_0,Stride<_m1,_512>>{});
auto b = make_layout(_2{}, _m1{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #66.1
auto a = make_layout(Shape<_1,Shape<_2,_4>>{}, Stride<_0,Stride<_m1,_512>>{});
auto b = make_layout(_4{}, _m1{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #67.1
auto a = make_layout(Shape<_4,_4>{}, Stride<_4,_1>{});
auto b = make_layout(Shape<_4,_4>{}, Stride<E<1>,E<0>>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/composition.cpp, Composition #68.1
auto a = make_layout(Shape<_4,Shape<_2,_3>>{}, Stride<_6,Stride<_3,_1>>{});
auto b = make_layout(Shape<_2,_4>{}, Stride<E<1,1>,E<0>>{});
print(composition(a, b));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #1.1
auto layout = Layout<_1,_0>{};
print(complement(layout, cosize(layout)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #1.2
auto layout = Layout<_1,_0>{};
print(complement(layout, Int<2>{}));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #1.3
auto layout = Layout<_1,_0>{};
print(complement(layout, Int<5>{}));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #1.4
auto layout = Layout<_1,_0>{};
print(complement(layout, make_shape(Int<2>{}, 2)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #2.1
auto layout = Layout<_1,_1>{};
print(complement(layout, cosize(layout)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #2.2
auto layout = Layout<_1,_1>{};
print(complement(layout, Int<2>{}));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #2.3
auto layout = Layout<_1,_1>{};
print(complement(layout, Int<5>{}));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #2.4
auto layout = Layout<_1,_1>{};
print(complement(layout, make_shape(Int<2>{}, 2)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #3.1
auto layout = Layout<_1,_2>{};
print(complement(layout, Int<1>{}));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #3.2
auto layout = Layout<_1,_2>{};
print(complement(layout, Int<2>{}));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #3.3
auto layout = Layout<_1,_2>{};
print(complement(layout, Int<8>{}));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #3.4
auto layout = Layout<_1,_2>{};
print(complement(layout, Int<5>{}));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #3.5
auto layout = Layout<_1,_2>{};
print(complement(layout, make_shape(Int<2>{}, 2)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #4.1
auto layout = Layout<_4,_0>{};
print(complement(layout, Int<1>{}));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #4.2
auto layout = Layout<_4,_0>{};
print(complement(layout, Int<2>{}));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #4.3
auto layout = Layout<_4,_0>{};
print(complement(layout, Int<8>{}));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #5.1
auto layout = Layout<_4,_1>{};
print(complement(layout, Int<1>{}));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #5.2
auto layout = Layout<_4,_1>{};
print(complement(layout, Int<2>{}));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #5.3
auto layout = Layout<_4,_1>{};
print(complement(layout, Int<8>{}));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #6.1
auto layout = Layout<_4,_2>{};
print(complement(layout, Int<1>{}));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #6.2
auto layout = Layout<_4,_2>{};
print(complement(layout, cosize(layout)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #6.3
auto layout = Layout<_4,_2>{};
print(complement(layout, Int<16>{}));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #6.4
auto layout = Layout<_4,_2>{};
print(complement(layout, Int<19>{}));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #6.5
auto layout = Layout<_4,_2>{};
print(complement(layout, make_shape(Int<2>{}, 2)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #7.1
auto layout = Layout<_4,_4>{};
print(complement(layout, Int<1>{}));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #7.2
auto layout = Layout<_4,_4>{};
print(complement(layout, cosize(layout)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #7.3
auto layout = Layout<_4,_4>{};
print(complement(layout, Int<17>{}));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #7.4
auto layout = Layout<_4,_4>{};
print(complement(layout, make_shape(Int<2>{}, 2)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #8.1
auto layout = Layout<Shape<_2,_4>>{};
print(complement(layout, cosize(layout)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #9.1
auto layout = Layout<Shape<_2,_3>>{};
print(complement(layout, cosize(layout)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #10.1
auto layout = Layout<Shape<_2,_4>, Stride<_1,_4>>{};
print(complement(layout, cosize(layout)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #11.1
auto layout = Layout<Shape<_2,_4>, Stride<_1,_6>>{};
print(complement(layout, cosize(layout)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #12.1
auto layout = Layout<Shape<_2,_4,_8>, Stride<_8,_1,_64>>{};
print(complement(layout, cosize(layout)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #13.1
auto layout = Layout<Shape<_2,_4,_8>, Stride<_8,_1,_0>>{};
print(complement(layout, cosize(layout)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #13.2
auto layout = Layout<Shape<_2,_4,_8>, Stride<_8,_1,_0>>{};
print(complement(layout, Int<460>{}));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #14.1
auto layout = make_layout(Shape <Shape <_2,_2>,Shape <_2, _2>>{}, Stride<Stride<_1,_4>,Stride<_8,_32>>{});
print(complement(layout, cosize(layout)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #15.1
auto layout = make_layout(Shape <Shape <_2, _2>,Shape <_2,_2>>{}, Stride<Stride<_1,_32>,Stride<_8,_4>>{});
print(complement(layout, cosize(layout)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #16.1
auto layout = Layout<Shape<_4,_6>, Stride<_1,_6>>{};
print(complement(layout, cosize(layout)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #17.1
auto layout = Layout<Shape<_4,_2>, Stride<_1,_10>>{};
print(complement(layout, cosize(layout)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #18.1
auto layout = Layout<Shape<_4,_2>, Stride<_1,_16>>{};
print(complement(layout, cosize(layout)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #19.1
auto layout = make_layout(12);
print(complement(layout, 1));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #19.2
auto layout = make_layout(12);
print(complement(layout, cosize(layout)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #19.3
auto layout = make_layout(12);
print(complement(layout, 53));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #19.4
auto layout = make_layout(12);
print(complement(layout, 128));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #20.1
auto layout = make_layout(12, 1);
print(complement(layout, 1));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #20.2
auto layout = make_layout(12, 1);
print(complement(layout, cosize(layout)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #20.3
auto layout = make_layout(12, 1);
print(complement(layout, 53));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #20.4
auto layout = make_layout(12, 1);
print(complement(layout, 128));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #21.1
auto layout = make_layout(12, Int<2>{});
print(complement(layout, 1));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #21.2
auto layout = make_layout(12, Int<2>{});
print(complement(layout, cosize(layout)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #21.3
auto layout = make_layout(12, Int<2>{});
print(complement(layout, 53));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #21.4
auto layout = make_layout(12, Int<2>{});
print(complement(layout, 128));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #22.1
auto layout = make_layout(12, 2);
print(complement(layout, 1));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #22.2
auto layout = make_layout(12, 2);
print(complement(layout, cosize(layout)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #22.3
auto layout = make_layout(12, 2);
print(complement(layout, 53));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #22.4
auto layout = make_layout(12, 2);
print(complement(layout, 128));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #23.1
auto layout = make_layout(make_shape(3,6),make_stride(_1{}, _3{}));
print(complement(layout, cosize(layout)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #24.1
auto layout = make_layout(make_shape(3,6),make_stride(_1{}, _9{}));
print(complement(layout, cosize(layout)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #25.1
auto layout = make_layout(make_shape(3,6),make_stride(_1{}, _10{}));
print(complement(layout, cosize(layout)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #26.1
auto layout = make_layout(make_shape(make_shape(2,2), make_shape(2,2)), Stride<Stride<_1,_4>,Stride<_8,_32>>{});
print(complement(layout, cosize(layout)));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #27.1
auto layout = make_layout(Int<64>{});
print(complement(layout, make_shape(Int<32>{}, Int<4>{}, Int<4>{})));
// ---- cutlass test/unit/cute/core/complement.cpp, Complement #27.2
auto layout = make_layout(Int<64>{});
print(complement(layout, make_shape(Int<32>{}, Int<4>{}, 4)));
// ---- cutlass test/unit/cute/core/coalesce.cpp, Coalesce #1.1
auto layout = make_layout(Int<1>{}, Int<0>{});
print(coalesce(layout));
// ---- cutlass test/unit/cute/core/coalesce.cpp, Coalesce #2.1
auto layout = make_layout(Int<1>{}, Int<1>{});
print(coalesce(layout));
// ---- cutlass test/unit/cute/core/coalesce.cpp, Coalesce #3.1
auto layout = make_layout(make_shape(Int<2>{}, Int<4>{}));
print(coalesce(layout));
// ---- cutlass test/unit/cute/core/coalesce.cpp, Coalesce #4.1
auto layout = make_layout(make_shape(Int<2>{}, Int<4>{}, Int<6>{}));
print(coalesce(layout));
// ---- cutlass test/unit/cute/core/coalesce.cpp, Coalesce #5.1
auto layout = make_layout(make_shape (Int<2>{}, Int<1>{}, Int<6>{}), make_stride(Int<1>{}, Int<6>{}, Int<2>{}));
print(coalesce(layout));
// ---- cutlass test/unit/cute/core/coalesce.cpp, Coalesce #6.1
auto layout = make_layout(make_shape (Int<2>{}, Int<1>{}, Int<6>{}), make_stride(Int<1>{}, 7, Int<2>{}));
print(coalesce(layout));
// ---- cutlass test/unit/cute/core/coalesce.cpp, Coalesce #7.1
auto layout = make_layout(make_shape (Int<2>{}, Int<1>{}, Int<6>{}), make_stride(Int<4>{}, 7, Int<8>{}));
print(coalesce(layout));
// ---- cutlass test/unit/cute/core/coalesce.cpp, Coalesce #8.1
auto layout = make_layout(make_shape(2, Int<4>{}, Int<6>{}));
print(coalesce(layout));
// ---- cutlass test/unit/cute/core/coalesce.cpp, Coalesce #9.1
auto layout = make_layout(make_shape(Int<2>{}, 4, Int<6>{}));
print(coalesce(layout));
// ---- cutlass test/unit/cute/core/coalesce.cpp, Coalesce #10.1
auto layout = make_layout(make_shape(Int<2>{}, Int<4>{}, 6));
print(coalesce(layout));
// ---- cutlass test/unit/cute/core/coalesce.cpp, Coalesce #11.1
auto layout = make_layout(make_shape(Int<2>{}, Int<4>{}), GenRowMajor{});
print(coalesce(layout));
// ---- cutlass test/unit/cute/core/coalesce.cpp, Coalesce #12.1
auto layout = make_layout(make_shape(Int<2>{}, Int<4>{}, Int<6>{}), GenRowMajor{});
print(coalesce(layout));
// ---- cutlass test/unit/cute/core/coalesce.cpp, Coalesce #13.1
auto layout = make_layout(make_shape(2, Int<4>{}, Int<6>{}), GenRowMajor{});
print(coalesce(layout));
// ---- cutlass test/unit/cute/core/coalesce.cpp, Coalesce #14.1
auto layout = make_layout(make_shape(Int<2>{}, 4, Int<6>{}), GenRowMajor{});
print(coalesce(layout));
// ---- cutlass test/unit/cute/core/coalesce.cpp, Coalesce #15.1
auto layout = make_layout(make_shape(Int<2>{}, Int<4>{}, 6), GenRowMajor{});
print(coalesce(layout));
// ---- cutlass test/unit/cute/core/coalesce.cpp, Coalesce #16.1
auto layout = make_layout(make_shape(Int<2>{}, Int<1>{}, Int<3>{}), GenRowMajor{});
print(coalesce(layout));
// ---- cutlass test/unit/cute/core/coalesce.cpp, Coalesce #17.1
auto layout = make_layout(make_shape(Int<2>{}, 1, Int<3>{}), GenRowMajor{});
print(coalesce(layout));
// ---- cutlass test/unit/cute/core/coalesce.cpp, Coalesce #18.1
auto layout = make_layout(make_shape(Int<2>{}, 1, Int<3>{}), make_stride(Int<2>{}, 4, Int<4>{}));
print(coalesce(layout));
// ---- cutlass test/unit/cute/core/coalesce.cpp, Coalesce #19.1
auto layout = make_layout(make_shape(Int<2>{}, 1, Int<3>{}), make_stride(Int<2>{}, Int<0>{}, Int<4>{}));
print(coalesce(layout));
// ---- cutlass test/unit/cute/core/coalesce.cpp, Coalesce #20.1
auto layout = Layout<Shape<Shape<_2,_2>,Shape<_2, _2>>, Stride<Stride<_1,_4>,Stride<_8,_32>>>{};
print(coalesce(layout));
// ---- cutlass test/unit/cute/core/inverse_left.cpp, Inverse_left #1.1
auto layout = Layout<_1, _0>{};
print(left_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_left.cpp, Inverse_left #2.1
auto layout = Layout<_1, _1>{};
print(left_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_left.cpp, Inverse_left #3.1
auto layout = Layout<Shape <Shape <_1,_1>>, Stride<Stride<_0,_0>>>{};
print(left_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_left.cpp, Inverse_left #4.1
auto layout = Layout<Shape <Shape <_3,_7>>, Stride<Stride<_0,_0>>>{};
print(left_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_left.cpp, Inverse_left #5.1
auto layout = Layout<Shape <_4>, Stride<_0>>{};
print(left_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_left.cpp, Inverse_left #6.1
auto layout = Layout<Shape <_4>, Stride<_1>>{};
print(left_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_left.cpp, Inverse_left #7.1
auto layout = Layout<Shape <_4>, Stride<_2>>{};
print(left_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_left.cpp, Inverse_left #8.1
auto layout = Layout<Shape <_2,_4>, Stride<_0,_2>>{};
print(left_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_left.cpp, Inverse_left #9.1
auto layout = Layout<Shape <_8, _4>>{};
print(left_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_left.cpp, Inverse_left #10.1
auto layout = Layout<Shape <_8, _4>, Stride<_4, _1>>{};
print(left_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_left.cpp, Inverse_left #11.1
auto layout = Layout<Shape< _2,_4,_6>>{};
print(left_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_left.cpp, Inverse_left #12.1
auto layout = Layout<Shape <_2,_4,_6>, Stride<_4,_1,_8>>{};
print(left_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_left.cpp, Inverse_left #13.1
auto layout = Layout<Shape <_2,_4,_4,_6>, Stride<_4,_1,_0,_8>>{};
print(left_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_left.cpp, Inverse_left #14.1
auto layout = Layout<Shape <_4, _2>, Stride<_1,_16>>{};
print(left_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_left.cpp, Inverse_left #15.1
auto layout = Layout<Shape <_4, _2>, Stride<_1, _5>>{};
print(left_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_left.cpp, Inverse_left #16.1
auto layout = Layout<Shape<_128,_128>,Stride<_65536,_1>>{};
print(left_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_left.cpp, Inverse_left #17.1
auto layout = Layout<Shape<_128,_160>,Stride<_65536,_1>>{};
print(left_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_left.cpp, Inverse_left #18.1
auto layout = Layout<Shape<_128,_3,_160>,Stride<_65536,_512,_1>>{};
print(left_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_left.cpp, Inverse_left #19.1
auto layout = Layout<Shape<_128, _64>, Stride<Int<131072>, Int<2>>>{};
print(left_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_left.cpp, Inverse_left #20.1
auto layout = Layout<Shape<_32,_4,_4,_4>, Stride<_262144,_4,Int<8388608>,_1>>{};
print(left_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_left.cpp, Inverse_left #21.1
auto layout = Layout<Shape<_2,_2,_2>, Stride<_4,_0,_1>>{};
print(left_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_left.cpp, Inverse_left #22.1
auto layout = Layout<Shape <Shape <Shape <Shape <Shape < _32, _4>, _1>, Shape < _32, _2>>, _4>, _1, Shape <_2, _2>, _2>, Stride<Stride<Stride<Stride<Stride<C<262144>, _4>, _0>, Stride<C<0>, C<1>>>, C<8388608>>, _0, Stride<_2, _16>, _32>>{};
print(left_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_left.cpp, Inverse_left #23.1
auto layout = ComposedLayout<Swizzle<1,0,2>, _0, Layout<Shape <_4, _4>, Stride<_1, _4>>>{};
print(left_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_left.cpp, Inverse_left #24.1
auto layout = ComposedLayout<Swizzle<1,0,2>, _0, Layout<Shape <_4, _4>, Stride<_4, _1>>>{};
print(left_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_left.cpp, Inverse_left #25.1
auto layout = ComposedLayout<Swizzle<1,0,1>, _0, Layout<Shape <_4, _4>, Stride<_8, _1>>>{};
print(left_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_left.cpp, Inverse_left #26.1
auto layout = make_layout(Shape<_4>{}, Stride<Int<-1>>{});
print(left_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #1.1
auto layout = Layout<_1, _0>{};
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #2.1
auto layout = Layout<_1, _1>{};
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #3.1
auto layout = Layout<Shape <Shape <_1,_1>>, Stride<Stride<_0,_0>>>{};
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #4.1
auto layout = Layout<Shape <Shape <_3,_7>>, Stride<Stride<_0,_0>>>{};
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #5.1
auto layout = Layout<Shape <_4>, Stride<_0>>{};
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #6.1
auto layout = Layout<Shape <_4>, Stride<_1>>{};
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #7.1
auto layout = Layout<Shape <_4>, Stride<_2>>{};
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #8.1
auto layout = Layout<Shape <_2,_4>, Stride<_0,_2>>{};
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #9.1
auto layout = Layout<Shape <_8, _4>>{};
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #10.1
auto layout = Layout<Shape <_8, _4>, Stride<_4, _1>>{};
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #11.1
auto layout = Layout<Shape< _2,_4,_6>>{};
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #12.1
auto layout = Layout<Shape <_2,_4,_6>, Stride<_4,_1,_8>>{};
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #13.1
auto layout = Layout<Shape <_2,_4,_4,_6>, Stride<_4,_1,_0,_8>>{};
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #14.1
auto layout = Layout<Shape <_4, _2>, Stride<_1,_16>>{};
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #15.1
auto layout = Layout<Shape <_4, _2>, Stride<_1, _5>>{};
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #16.1
auto layout = Layout<Shape<_128,_128>,Stride<_65536,_1>>{};
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #17.1
auto layout = Layout<Shape<_128,_160>,Stride<_65536,_1>>{};
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #18.1
auto layout = Layout<Shape<_128,_3,_160>,Stride<_65536,_512,_1>>{};
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #19.1
auto layout = Layout<Shape<_128, _64>, Stride<Int<131072>, Int<2>>>{};
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #20.1
auto layout = Layout<Shape<_32,_4,_4,_4>, Stride<_262144,_4,Int<8388608>,_1>>{};
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #21.1
auto layout = Layout<Shape<_2,_2,_2>, Stride<_4,_0,_1>>{};
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #22.1
auto layout = Layout<Shape <Shape <Shape <Shape <Shape < _32, _4>, _1>, Shape < _32, _2>>, _4>, _1, Shape <_2, _2>, _2>, Stride<Stride<Stride<Stride<Stride<C<262144>, _4>, _0>, Stride<C<0>, C<1>>>, C<8388608>>, _0, Stride<_2, _16>, _32>>{};
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #23.1
auto layout = make_layout(Shape<_4, _2>{}, make_stride(Int<1>{}, 4));
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #24.1
auto layout = make_layout(make_shape(_4{}, 2), make_stride(Int<1>{}, 4));
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #25.1
auto layout = make_layout(make_shape(4, 2), make_stride(Int<1>{}, 4));
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #26.1
auto layout = make_layout(Shape<_2, _4>{}, make_stride(4, Int<1>{}));
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #27.1
auto layout = make_layout(make_shape(2, Int<4>{}), make_stride(4, Int<1>{}));
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #28.1
auto layout = make_layout(make_shape(2, 4), make_stride(4, Int<1>{}));
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #29.1
auto layout = ComposedLayout<Swizzle<1,0,2>, _0, Layout<Shape <_4, _4>, Stride<_1, _4>>>{};
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #30.1
auto layout = ComposedLayout<Swizzle<1,0,2>, _0, Layout<Shape <_4, _4>, Stride<_4, _1>>>{};
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #31.1
auto layout = ComposedLayout<Swizzle<1,0,1>, _0, Layout<Shape <_4, _4>, Stride<_8, _1>>>{};
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/inverse_right.cpp, Inverse_right #32.1
auto layout = make_layout(Shape<_4>{}, Stride<Int<-1>>{});
print(right_inverse(layout));
// ---- cutlass test/unit/cute/core/logical_divide.cpp, Logical_divide #1.1
auto layout = Layout<_1,_0>{};
auto tile = Layout<_1,_0>{};
print(logical_divide(layout, tile));
// ---- cutlass test/unit/cute/core/logical_divide.cpp, Logical_divide #2.1
auto layout = Layout<_1,_0>{};
auto tile = Layout<_1,_1>{};
print(logical_divide(layout, tile));
// ---- cutlass test/unit/cute/core/logical_divide.cpp, Logical_divide #3.1
auto layout = Layout<_1,_1>{};
auto tile = Layout<_1,_0>{};
print(logical_divide(layout, tile));
// ---- cutlass test/unit/cute/core/logical_divide.cpp, Logical_divide #4.1
auto layout = Layout<_1,_1>{};
auto tile = Layout<_1,_1>{};
print(logical_divide(layout, tile));
// ---- cutlass test/unit/cute/core/logical_divide.cpp, Logical_divide #5.1
auto layout = Layout<_6,_1>{};
auto tile = Layout<_2,_1>{};
print(logical_divide(layout, tile));
// ---- cutlass test/unit/cute/core/logical_divide.cpp, Logical_divide #6.1
auto layout = Layout<_6,_1>{};
auto tile = Layout<_2,_3>{};
print(logical_divide(layout, tile));
// ---- cutlass test/unit/cute/core/logical_divide.cpp, Logical_divide #7.1
auto layout = Layout<_6,_1>{};
auto tile = Layout<Shape<_2,_3>,Stride<_3,_1>>{};
print(logical_divide(layout, tile));
// ---- cutlass test/unit/cute/core/logical_divide.cpp, Logical_divide #8.1
auto layout = Layout<_6,_2>{};
auto tile = Layout<_2,_1>{};
print(logical_divide(layout, tile));
// ---- cutlass test/unit/cute/core/logical_divide.cpp, Logical_divide #9.1
auto layout = Layout<_6,_2>{};
auto tile = Layout<_2,_3>{};
print(logical_divide(layout, tile));
// ---- cutlass test/unit/cute/core/logical_divide.cpp, Logical_divide #10.1
auto layout = Layout<_6,_2>{};
auto tile = Layout<Shape<_2,_3>,Stride<_3,_1>>{};
print(logical_divide(layout, tile));
// ---- cutlass test/unit/cute/core/logical_divide.cpp, Logical_divide #11.1
auto layout = Layout<Shape<_6,_6>,Stride<_1,_12>>{};
auto tile = Layout<Shape<_6,_3>,Stride<_3,_1>>{};
print(logical_divide(layout, tile));
// ---- cutlass test/unit/cute/core/logical_divide.cpp, Logical_divide #12.1
auto layout = Layout<Shape<_6,_6>,Stride<_12,_1>>{};
auto tile = Layout<Shape<_6,_3>,Stride<_3,_1>>{};
print(logical_divide(layout, tile));
// ---- cutlass test/unit/cute/core/logical_divide.cpp, Logical_divide #13.1
auto layout = Layout<_32>{};
auto tile = Layout<_2,_8>{};
print(logical_divide(layout, tile));
// ---- cutlass test/unit/cute/core/logical_divide.cpp, Logical_divide #14.1
auto layout = Layout<Shape<_4,_1>,Stride<_1,_1>>{};
auto tile = Layout<_2,_1>{};
print(logical_divide(layout, tile));
// ---- cutlass test/unit/cute/core/logical_divide.cpp, Logical_divide #15.1
auto layout = Layout<Shape<_4,_1>,Stride<_1,_1>>{};
auto tile = Layout<_2,_2>{};
print(logical_divide(layout, tile));
// ---- cutlass test/unit/cute/core/logical_divide.cpp, Logical_divide #16.1
auto layout = Layout<Shape<_8,_8>,Stride<_1,_8>>{};
auto tile = Layout<_32,_2>{};
print(logical_divide(layout, tile));
// ---- cutlass test/unit/cute/core/logical_divide.cpp, Logical_divide #17.1
auto layout = Layout<Shape<_8,_8>,Stride<_8,_1>>{};
auto tile = Layout<_32,_2>{};
print(logical_divide(layout, tile));
// ---- cutlass test/unit/cute/core/logical_divide.cpp, Logical_divide #18.1
auto layout = make_layout(2);
auto tile = Layout<_32>{};
auto result = logical_divide(layout, tile);
print(logical_divide(layout, tile));
// ---- cutlass test/unit/cute/core/logical_divide.cpp, Logical_divide #19.1
auto layout = make_layout(48);
auto tile = Layout<_32>{};
auto result = logical_divide(layout, tile);
print(logical_divide(layout, tile));
// ---- cutlass test/unit/cute/core/logical_divide.cpp, Logical_divide #20.1
auto layout = make_layout(96);
auto tile = Layout<_32,_2>{};
print(logical_divide(layout, tile));
// ---- cutlass test/unit/cute/core/logical_divide.cpp, Logical_divide #21.1
auto layout = make_layout(32);
auto tile = Layout<Int<48>>{};
auto result = logical_divide(layout, tile);
print(logical_divide(layout, tile));
// ---- cutlass test/unit/cute/core/logical_divide.cpp, Logical_divide #22.1
auto layout = make_layout(make_shape(Int<32>{}, Int<4>{}, 4));
auto tile = Layout<_64>{};
auto result = logical_divide(layout, tile);
print(logical_divide(layout, tile));
// ---- cutlass test/unit/cute/core/logical_divide.cpp, Logical_divide #23.1
auto layout = make_layout(make_shape(128,4,3), make_stride(1,512,0));
auto tile = Layout<_32>{};
print(logical_divide(layout, tile));
// ---- cutlass test/unit/cute/core/logical_divide.cpp, Logical_divide #24.1
auto layout = make_layout(make_shape(128,4,3), make_stride(1,512,0));
auto tile = Layout<_32,_2>{};
print(logical_divide(layout, tile));
// ---- cutlass test/unit/cute/core/logical_divide.cpp, Logical_divide #25.1
auto layout = make_layout(make_shape(16,4,3), make_stride(1,512,0));
auto tile = Layout<_32>{};
print(logical_divide(layout, tile));
// ---- cutlass test/unit/cute/core/logical_product.cpp, Logical_product #1.1
auto vec = Layout<_1,_0>{};
auto tile = Layout<_1,_0>{};
print(logical_product(vec, tile));
// ---- cutlass test/unit/cute/core/logical_product.cpp, Logical_product #2.1
auto vec = Layout<_1,_1>{};
auto tile = Layout<_1,_0>{};
print(logical_product(vec, tile));
// ---- cutlass test/unit/cute/core/logical_product.cpp, Logical_product #3.1
auto vec = Layout<_1,_0>{};
auto tile = Layout<_1,_1>{};
print(logical_product(vec, tile));
// ---- cutlass test/unit/cute/core/logical_product.cpp, Logical_product #4.1
auto vec = Layout<_1,_1>{};
auto tile = Layout<_1,_1>{};
print(logical_product(vec, tile));
// ---- cutlass test/unit/cute/core/logical_product.cpp, Logical_product #5.1
auto vec = Layout<_3,_1>{};
auto tile = Layout<_4,_0>{};
print(logical_product(vec, tile));
// ---- cutlass test/unit/cute/core/logical_product.cpp, Logical_product #6.1
auto vec = Layout<_3,_0>{};
auto tile = Layout<_4,_1>{};
print(logical_product(vec, tile));
// ---- cutlass test/unit/cute/core/logical_product.cpp, Logical_product #7.1
auto vec = Layout<_3,_0>{};
auto tile = Layout<_4,_0>{};
print(logical_product(vec, tile));
// ---- cutlass test/unit/cute/core/logical_product.cpp, Logical_product #8.1
auto vec = Layout<_3,_2>{};
auto tile = Layout<_4,_1>{};
print(logical_product(vec, tile));
// ---- cutlass test/unit/cute/core/logical_product.cpp, Logical_product #9.1
auto vec = make_layout(Shape<_3>{});
auto tile = make_layout(Shape<_2,_4>{});
print(logical_product(vec, tile));
// ---- cutlass test/unit/cute/core/logical_product.cpp, Logical_product #10.1
auto vec = make_layout(Shape<_2,_4>{});
auto tile = make_layout(Shape<_3>{});
print(logical_product(vec, tile));
// ---- cutlass test/unit/cute/core/logical_product.cpp, Logical_product #11.1
auto vec = make_layout(Shape<_8,Shape<_2,_2>>{});
auto tile = make_layout(Shape<_4>{}, Stride<_2>{});
print(logical_product(vec, tile));
// ---- cutlass test/unit/cute/core/logical_product.cpp, Logical_product #12.1
auto vec = make_layout(Shape<_2,_2>{});
auto tile = make_layout(Shape<_3,_3>{}, Stride<_3,_1>{});
print(logical_product(vec, tile));
// ---- cutlass test/unit/cute/core/logical_product.cpp, Logical_product #13.1
auto vec = make_layout(Shape<_3>{}, Stride<_32>{});
auto tile = make_layout(Shape<_32>{});
print(logical_product(vec, tile));
// ---- cutlass test/unit/cute/core/logical_product.cpp, Logical_product #14.1
auto vec = make_layout(Shape<_3>{}, Stride<_2>{});
auto tile = make_layout(Shape<_4>{});
print(logical_product(vec, tile));
// ---- cutlass test/unit/cute/core/logical_product.cpp, Logical_product #15.1
auto vec = make_layout(Shape<_3>{}, Stride<_32>{});
auto tile = make_layout(Shape<_128>{});
print(logical_product(vec, tile));
// ---- cutlass test/unit/cute/core/logical_product.cpp, Logical_product #16.1
auto vec = make_layout(Shape<_3>{}, Stride<_32>{});
auto tile = make_layout(Shape<_8,_8>{});
print(logical_product(vec, tile));
// ---- cutlass test/unit/cute/core/logical_product.cpp, Logical_product #17.1
auto vec = make_layout(Shape<_3>{}, Stride<_32>{});
auto tile = make_layout(Shape<_8,_8>{}, Stride<_8,_1>{});
print(logical_product(vec, tile));
// ---- cutlass test/unit/cute/core/logical_product.cpp, Logical_product #18.1
auto vec = make_layout(Shape<Shape<_4,_2>>{}, Stride<Stride<_1,_16>>{});
auto tile = make_layout(Shape<_4,_4>{});
print(logical_product(vec, tile));
// ---- cutlass test/unit/cute/core/logical_product.cpp, Logical_product #19.1
auto vec = make_layout(Shape<Shape<_4,_2>>{}, Stride<Stride<_1,_16>>{});
auto tile = make_layout(Shape<_4,_2>{}, Stride<_2,_1>{});
print(logical_product(vec, tile));
// ---- cutlass test/unit/cute/core/logical_product.cpp, Logical_product #20.1
auto vec = make_layout(Shape<Shape<_2,_2>,Shape<_2, _2>>{}, Stride<Stride<_1,_4>,Stride<_8,_32>>{});
auto tile = make_layout(Shape<_2,_2>{}, Stride<_1,_2>{});
print(logical_product(vec, tile));
// ---- cutlass test/unit/cute/core/logical_product.cpp, Logical_product #21.1
auto vec = make_layout(Shape<Shape<_2,_2>,Shape<_2, _2>>{}, Stride<Stride<_1,_4>,Stride<_8,_32>>{});
auto tile = make_layout(Shape<_2,_2>{}, Stride<_2,_1>{});
print(logical_product(vec, tile));
// ---- cutlass test/unit/cute/core/logical_product.cpp, Logical_product #22.1
auto vec = make_layout(Shape <Shape <_4,_6>>{}, Stride<Stride<_1,_6>>{});
auto tile = make_layout(Shape <_3>{}, Stride<_1>{});
print(logical_product(vec, tile));
// ---- cutlass test/unit/cute/core/nullspace.cpp, Layout_nullspace #1.1
auto layout = Layout<Shape<_2,_2,_2>,Stride<_0,_0,_0>>{};
print(nullspace(layout));
// ---- cutlass test/unit/cute/core/nullspace.cpp, Layout_nullspace #2.1
auto layout = Layout<Shape<_7,_5,_16>,Stride<_0,_0,_0>>{};
print(nullspace(layout));
// ---- cutlass test/unit/cute/core/nullspace.cpp, Layout_nullspace #3.1
auto layout = Layout<Shape<_2,_2,_2>,Stride<_1,_0,_2>>{};
print(nullspace(layout));
// ---- cutlass test/unit/cute/core/nullspace.cpp, Layout_nullspace #4.1
auto layout = Layout<Shape<_7,_5,_16>,Stride<_3,_1,_0>>{};
print(nullspace(layout));
// ---- cutlass test/unit/cute/core/domain_distribute.cpp, Distribute #1.1
auto shape_a = Shape<Shape<_64,_3>,Shape<_8,_8>>{};
auto shape_b = _128{};
print(domain_distribute(shape(shape_a), shape(shape_b)));
// ---- cutlass test/unit/cute/core/domain_distribute.cpp, Distribute #2.1
auto shape_a = Shape<Int<192>,Shape<_8,_8>>{};
auto shape_b = _128{};
print(domain_distribute(shape(shape_a), shape(shape_b)));
// ---- cutlass test/unit/cute/core/domain_distribute.cpp, Distribute #3.1
auto shape_a = Shape<Shape<_64,_3>,Shape<_8,_8>>{};
auto shape_b = _128{} * _8{};
print(domain_distribute(shape(shape_a), shape(shape_b)));
// ---- cutlass test/unit/cute/core/domain_distribute.cpp, Distribute #4.1
auto shape_a = Shape<Int<192>,Shape<_8,_8>>{};
auto shape_b = _128{} * _8{};
print(domain_distribute(shape(shape_a), shape(shape_b)));
// ---- cutlass test/unit/cute/core/domain_distribute.cpp, Distribute #5.1
auto shape_a = Shape<Shape<_64,_3>>{};
auto shape_b = _128{};
print(domain_distribute(shape(shape_a), shape(shape_b)));
// ---- cutlass test/unit/cute/core/swizzle_layout.cpp, SwizzleLayout #1.1
auto sw_layout = composition(Swizzle<3,0,3>{}, Layout<Shape <_8,_8>, Stride<_8,_1>>{});
for (int i = 0; i < size<0>(sw_layout); ++i) { print(sw_layout(i,_)); print("\n"); }
for (int j = 0; j < size<1>(sw_layout); ++j) { print(sw_layout(_,j)); print("\n"); }
// ---- cutlass test/unit/cute/core/swizzle_layout.cpp, SwizzleLayout #2.1
auto sw_layout = composition(Swizzle<3,0,-3>{}, Layout<Shape <_8,_8>, Stride<_8,_1>>{});
for (int i = 0; i < size<0>(sw_layout); ++i) { print(sw_layout(i,_)); print("\n"); }
for (int j = 0; j < size<1>(sw_layout); ++j) { print(sw_layout(_,j)); print("\n"); }
// ---- cutlass test/unit/cute/core/swizzle_layout.cpp, SwizzleLayout #3.1
auto sw_layout = composition(Swizzle<2,1,3>{}, Layout<Shape <Shape < _2,_2,_2>,Shape <_2,_2, _2>>, Stride<Stride<_32,_2,_8>,Stride<_4,_1,_16>>>{});
for (int i = 0; i < size<0>(sw_layout); ++i) { print(sw_layout(i,_)); print("\n"); }
for (int j = 0; j < size<1>(sw_layout); ++j) { print(sw_layout(_,j)); print("\n"); }
// ---- cutlass test/unit/cute/core/compact_xmajor.cpp, CompactColMajor_Static
  print(compact_col_major(Int<1>{})); print("\n"); print(Int<0>{}); print("\n");
  print(compact_col_major(Int<1>{}, Int<3>{})); print("\n"); print(Int<0>{}); print("\n");
  print(compact_col_major(Int<8>{})); print("\n"); print(Int<1>{}); print("\n");
  print(compact_col_major(Int<8>{}, Int<3>{})); print("\n"); print(Int<3>{}); print("\n");
  print(compact_col_major(1)); print("\n"); print(Int<1>{}); print("\n");
  print(compact_col_major(8)); print("\n"); print(Int<1>{}); print("\n");
  {
    auto test   = make_tuple(Int<4>{}, Int<8>{});
    auto result = make_tuple(Int<1>{}, Int<4>{});
    print(compact_col_major(test)); print("\n"); print(result); print("\n");
  }
  {
    auto test   = make_tuple(Int<4>{}, Int<8>{}, Int< 2>{});
    auto result = make_tuple(Int<1>{}, Int<4>{}, Int<32>{});
    print(compact_col_major(test)); print("\n"); print(result); print("\n");
  }
  {
    auto test   = make_tuple(Int<4>{}, Int<8>{}, Int<1>{}, Int< 2>{});
    auto result = make_tuple(Int<1>{}, Int<4>{}, Int<0>{}, Int<32>{});
    print(compact_col_major(test)); print("\n"); print(result); print("\n");
  }
  {
    auto test   = make_tuple(make_tuple(Int<4>{}, Int<8>{}), Int<1>{}, Int< 2>{});
    auto result = make_tuple(make_tuple(Int<1>{}, Int<4>{}), Int<0>{}, Int<32>{});
    print(compact_col_major(test)); print("\n"); print(result); print("\n");
  }
  {
    auto test   = make_tuple(Int<4>{}, make_tuple(Int<8>{}, Int<1>{}, Int< 2>{}));
    auto result = make_tuple(Int<1>{}, make_tuple(Int<4>{}, Int<0>{}, Int<32>{}));
    print(compact_col_major(test)); print("\n"); print(result); print("\n");
  }
  {
    auto test   = make_tuple(Int<4>{}, make_tuple(Int<8>{}, Int<1>{}, make_tuple(Int< 2>{}, Int< 3>{})));
    auto result = make_tuple(Int<1>{}, make_tuple(Int<4>{}, Int<0>{}, make_tuple(Int<32>{}, Int<64>{})));
    print(compact_col_major(test)); print("\n"); print(result); print("\n");
  }
// ---- cutlass test/unit/cute/core/compact_xmajor.cpp, CompactColMajor_Dynamic
  print(compact_col_major(1)); print("\n"); print(1); print("\n");
  print(compact_col_major(1, 3)); print("\n"); print(3); print("\n");
  print(compact_col_major(8)); print("\n"); print(1); print("\n");
  print(compact_col_major(8, 3)); print("\n"); print(3); print("\n");
  print(compact_col_major(1)); print("\n"); print(1); print("\n");
  print(compact_col_major(8)); print("\n"); print(1); print("\n");
  {
    auto test   = make_tuple(4, 8);
    auto result = make_tuple(1, 4);
    print(compact_col_major(test)); print("\n"); print(result); print("\n");
  }
  {
    auto test   = make_tuple(4, 8,  2);
    auto result = make_tuple(1, 4, 32);
    print(compact_col_major(test)); print("\n"); print(result); print("\n");
  }
  {
    auto test   = make_tuple(4, 8,  1,  2);
    auto result = make_tuple(1, 4, 32, 32);
    print(compact_col_major(test)); print("\n"); print(result); print("\n");
  }
  {
    auto test   = make_tuple(make_tuple(4, 8),  1,  2);
    auto result = make_tuple(make_tuple(1, 4), 32, 32);
    print(compact_col_major(test)); print("\n"); print(result); print("\n");
  }
  {
    auto test   = make_tuple(4, make_tuple(8,  1, 2));
    auto result = make_tuple(1, make_tuple(4, 32, 32));
    print(compact_col_major(test)); print("\n"); print(result); print("\n");
  }
  {
    auto test   = make_tuple(4, make_tuple(8,  1, make_tuple( 2, 3)));
    auto result = make_tuple(1, make_tuple(4, 32, make_tuple(32, 64)));
    print(compact_col_major(test)); print("\n"); print(result); print("\n");
  }
// ---- cutlass test/unit/cute/core/compact_xmajor.cpp, CompactRowMajor_Static
  print(compact_row_major(Int<1>{})); print("\n"); print(Int<0>{}); print("\n");
  print(compact_row_major(Int<1>{}, Int<3>{})); print("\n"); print(Int<0>{}); print("\n");
  print(compact_row_major(Int<8>{})); print("\n"); print(Int<1>{}); print("\n");
  print(compact_row_major(Int<8>{}, Int<3>{})); print("\n"); print(Int<3>{}); print("\n");
  print(compact_row_major(1)); print("\n"); print(Int<1>{}); print("\n");
  print(compact_row_major(8)); print("\n"); print(Int<1>{}); print("\n");
  {
    auto test   = make_tuple(Int<4>{}, Int<8>{});
    auto result = make_tuple(Int<8>{}, Int<1>{});
    print(compact_row_major(test)); print("\n"); print(result); print("\n");
  }
  {
    auto test   = make_tuple(Int< 4>{}, Int<8>{}, Int<2>{});
    auto result = make_tuple(Int<16>{}, Int<2>{}, Int<1>{});
    print(compact_row_major(test)); print("\n"); print(result); print("\n");
  }
  {
    auto test   = make_tuple(Int< 4>{}, Int<8>{}, Int<1>{}, Int<2>{});
    auto result = make_tuple(Int<16>{}, Int<2>{}, Int<0>{}, Int<1>{});
    print(compact_row_major(test)); print("\n"); print(result); print("\n");
  }
  {
    auto test   = make_tuple(make_tuple(Int< 4>{}, Int<8>{}), Int<1>{}, Int<2>{});
    auto result = make_tuple(make_tuple(Int<16>{}, Int<2>{}), Int<0>{}, Int<1>{});
    print(compact_row_major(test)); print("\n"); print(result); print("\n");
  }
  {
    auto test   = make_tuple(Int< 4>{}, make_tuple(Int<8>{}, Int<1>{}, Int<2>{}));
    auto result = make_tuple(Int<16>{}, make_tuple(Int<2>{}, Int<0>{}, Int<1>{}));
    print(compact_row_major(test)); print("\n"); print(result); print("\n");
  }
  {
    auto test   = make_tuple(Int< 4>{}, make_tuple(Int<8>{}, Int<1>{}, make_tuple(Int<2>{}, Int<3>{})));
    auto result = make_tuple(Int<48>{}, make_tuple(Int<6>{}, Int<0>{}, make_tuple(Int<3>{}, Int<1>{})));
    print(compact_row_major(test)); print("\n"); print(result); print("\n");
  }
// ---- cutlass test/unit/cute/core/compact_xmajor.cpp, CompactRowMajor_Dynamic
  print(compact_row_major(1)); print("\n"); print(1); print("\n");
  print(compact_row_major(1, 3)); print("\n"); print(3); print("\n");
  print(compact_row_major(8)); print("\n"); print(1); print("\n");
  print(compact_row_major(8, 3)); print("\n"); print(3); print("\n");
  print(compact_row_major(1)); print("\n"); print(1); print("\n");
  print(compact_row_major(8)); print("\n"); print(1); print("\n");
  {
    auto test   = make_tuple(4, 8);
    auto result = make_tuple(8, 1);
    print(compact_row_major(test)); print("\n"); print(result); print("\n");
  }
  {
    auto test   = make_tuple( 4, 8, 2);
    auto result = make_tuple(16, 2, 1);
    print(compact_row_major(test)); print("\n"); print(result); print("\n");
  }
  {
    auto test   = make_tuple( 4, 8, 1, 2);
    auto result = make_tuple(16, 2, 2, 1);
    print(compact_row_major(test)); print("\n"); print(result); print("\n");
  }
  {
    auto test   = make_tuple(make_tuple( 4, 8), 1, 2);
    auto result = make_tuple(make_tuple(16, 2), 2, 1);
    print(compact_row_major(test)); print("\n"); print(result); print("\n");
  }
  {
    auto test   = make_tuple( 4, make_tuple(8, 1, 2));
    auto result = make_tuple(16, make_tuple(2, 2, 1));
    print(compact_row_major(test)); print("\n"); print(result); print("\n");
  }
  {
    auto test   = make_tuple( 4, make_tuple(8, 1, make_tuple(2, 3)));
    auto result = make_tuple(48, make_tuple(6, 6, make_tuple(3, 1)));
    print(compact_row_major(test)); print("\n"); print(result); print("\n");
  }
// ---- cutlass test/unit/cute/core/int_tuple.cpp, WeaklyCongruent
  auto a = _1{};
  auto b = _2{};
  print(weakly_congruent(a, a)); print("\n");
  print(weakly_congruent(b, b)); print("\n");
  print(weakly_congruent(a, b)); print("\n");
  auto a0 = Shape<_1>{};
  auto b0 = Shape<_2>{};
  print(weakly_congruent(a , a0)); print("\n");
  print(weakly_congruent(b , b0)); print("\n");
  print(weakly_congruent(a , b0)); print("\n");
  print(weakly_congruent(b , a0)); print("\n");
  print(weakly_congruent(a0, a )); print("\n");
  print(weakly_congruent(b0, b )); print("\n");
  print(weakly_congruent(a0, b )); print("\n");
  print(weakly_congruent(b0, a )); print("\n");
  print(weakly_congruent(a0, a0)); print("\n");
  print(weakly_congruent(b0, b0)); print("\n");
  print(weakly_congruent(a0, b0)); print("\n");
  auto a1 = Shape<_1, _1>{};
  print(weakly_congruent(a , a1)); print("\n");
  print(weakly_congruent(a0, a1)); print("\n");
  print(weakly_congruent(a1, a1)); print("\n");
  auto a2 = Shape<_1, Shape<_1,_1>>{};
  print(weakly_congruent(a , a2)); print("\n");
  print(weakly_congruent(a0, a2)); print("\n");
  print(weakly_congruent(a1, a2)); print("\n");
  auto b1 = Shape<_2, _2>{};
  print(weakly_congruent(b , b1)); print("\n");
  print(weakly_congruent(b0, b1)); print("\n");
  print(weakly_congruent(a1, b1)); print("\n");
  auto b2 = Shape<_2, Shape<_2,_2>>{};
  print(weakly_congruent(a2, b0)); print("\n");
  print(weakly_congruent(a2, a1)); print("\n");
  print(weakly_congruent(a2, b2)); print("\n");
  auto b3 = Shape<Shape<_2,_2>, Shape<_2,_2>>{};
  print(weakly_congruent(a0, b3)); print("\n");
  print(weakly_congruent(a1, b3)); print("\n");
  print(weakly_congruent(a2, b3)); print("\n");
// ---- cutlass test/unit/cute/core/int_tuple.cpp, Divides
  {
  auto a = _16{};
  auto b = _12{};
  auto c = _8{};
  print(evenly_divides(a, a)); print("\n");
  print(evenly_divides(b, b)); print("\n");
  print(evenly_divides(c, c)); print("\n");
  print(evenly_divides(a, b)); print("\n");
  print(evenly_divides(a, c)); print("\n");
  print(evenly_divides(c, a)); print("\n");
  auto a0 = Shape<_16>{};
  print(evenly_divides(a0, a0)); print("\n");
  print(evenly_divides(a , a0)); print("\n");
  print(evenly_divides(a0, a )); print("\n");
  print(evenly_divides(c , a0)); print("\n");
  print(evenly_divides(a0, c )); print("\n");
  print(evenly_divides(b , a0)); print("\n");
  print(evenly_divides(a0, b )); print("\n");
  auto a1 = Shape<_2,_8>{};
  print(evenly_divides(a1, a1)); print("\n");
  print(evenly_divides(a , a1)); print("\n");
  print(evenly_divides(a0, a1)); print("\n");
  print(evenly_divides(a1, a0)); print("\n");
  print(evenly_divides(a1, Shape<_2,Shape<_2,_4>>{})); print("\n");
  auto a2 = Shape<Shape<_2,_8>>{};
  print(evenly_divides(a2, a2)); print("\n");
  print(evenly_divides(a , a2)); print("\n");
  print(evenly_divides(c , a2)); print("\n");
  print(evenly_divides(a0, a2)); print("\n");
  print(evenly_divides(a2, a0)); print("\n");
  auto a3 = Shape<Shape<_2,Shape<_4,_2>>>{};
  print(evenly_divides(a3, a3)); print("\n");
  print(evenly_divides(a , a3)); print("\n");
  print(evenly_divides(c , a3)); print("\n");
  print(evenly_divides(a0, a3)); print("\n");
  print(evenly_divides(a3, a0)); print("\n");
  print(evenly_divides(a2, a3)); print("\n");
  print(evenly_divides(a3, a2)); print("\n");
  }
  {
  auto a = 16;
  auto b = 12;
  auto c =  8;
  print(evenly_divides(a, a)); print("\n");
  print(evenly_divides(b, b)); print("\n");
  print(evenly_divides(c, c)); print("\n");
  print(evenly_divides(a, b)); print("\n");
  print(evenly_divides(a, c)); print("\n");
  print(evenly_divides(c, a)); print("\n");
  auto a0 = make_shape(16);
  print(evenly_divides(a0, a0)); print("\n");
  print(evenly_divides(a , a0)); print("\n");
  print(evenly_divides(a0, a )); print("\n");
  print(evenly_divides(c , a0)); print("\n");
  print(evenly_divides(a0, c )); print("\n");
  print(evenly_divides(b , a0)); print("\n");
  print(evenly_divides(a0, b )); print("\n");
  auto a1 = make_shape(2, 8);
  print(evenly_divides(a1, a1)); print("\n");
  print(evenly_divides(a , a1)); print("\n");
  print(evenly_divides(a0, a1)); print("\n");
  print(evenly_divides(a1, a0)); print("\n");
  print(evenly_divides(a1, make_shape(2,make_shape(2,4)))); print("\n");
  auto a2 = make_shape(make_shape(2,8));
  print(evenly_divides(a2, a2)); print("\n");
  print(evenly_divides(a , a2)); print("\n");
  print(evenly_divides(c , a2)); print("\n");
  print(evenly_divides(a0, a2)); print("\n");
  print(evenly_divides(a2, a0)); print("\n");
  auto a3 = make_shape(make_shape(2,make_shape(4,2)));
  print(evenly_divides(a3, a3)); print("\n");
  print(evenly_divides(a , a3)); print("\n");
  print(evenly_divides(c , a3)); print("\n");
  print(evenly_divides(a0, a3)); print("\n");
  print(evenly_divides(a3, a0)); print("\n");
  print(evenly_divides(a2, a3)); print("\n");
  print(evenly_divides(a3, a2)); print("\n");
  }
  {
  auto a = Shape<_32,_64>{};
  print(evenly_divides(a, Int<128>{})); print("\n");
  print(evenly_divides(a, Tile<Layout<_8,_2>, _32>{})); print("\n");
  print(evenly_divides(a, Tile<Layout<_8,_3>, _32>{})); print("\n");
  }
// ---- cutlass test/unit/cute/core/compare.cpp, Compare_simple_2d_GenColMajor
  auto layout = make_layout(make_shape(Int<3>{}, Int<5>{}), GenColMajor{});
  for (int i = 0; i < size(layout); ++i) {
    auto coord_i = layout.get_hier_coord(i);
    print(elem_less(coord_i, shape(layout))); print("\n");
    for (int j = 0; j < size(layout); ++j) {
      auto coord_j = layout.get_hier_coord(j);
      print(elem_less(coord_j, shape(layout))); print("\n");
      print(i < j); print("\n"); print(colex_less(coord_i,coord_j)); print("\n");
    }
  }
// ---- cutlass test/unit/cute/core/compare.cpp, Compare_simple_2d_GenRowMajor
  auto layout = make_layout(make_shape(Int<3>{}, Int<5>{}), GenRowMajor{});
  for (int i = 0; i < size(layout); ++i) {
    auto coord_i = layout.get_hier_coord(i);
    print(elem_less(coord_i, shape(layout))); print("\n");
    for (int j = 0; j < size(layout); ++j) {
      auto coord_j = layout.get_hier_coord(j);
      print(elem_less(coord_j, shape(layout))); print("\n");
      print(i < j); print("\n"); print(lex_less(coord_i,coord_j)); print("\n");
    }
  }
// ---- cutlass test/unit/cute/core/compare.cpp, Compare_simple_3d_GenColMajor
  auto layout = make_layout(make_shape(Int<2>{}, Int<3>{}, Int<5>{}), GenColMajor{});
  for (int i = 0; i < size(layout); ++i) {
    auto coord_i = layout.get_hier_coord(i);
    print(elem_less(coord_i, shape(layout))); print("\n");
    for (int j = 0; j < size(layout); ++j) {
      auto coord_j = layout.get_hier_coord(j);
      print(elem_less(coord_j, shape(layout))); print("\n");
      print(i < j); print("\n"); print(colex_less(coord_i,coord_j)); print("\n");
    }
  }
// ---- cutlass test/unit/cute/core/compare.cpp, Compare_simple_3d_GenRowMajor
  auto layout = make_layout(make_shape(Int<2>{}, Int<3>{}, Int<5>{}), GenRowMajor{});
  for (int i = 0; i < size(layout); ++i) {
    auto coord_i = layout.get_hier_coord(i);
    print(elem_less(coord_i, shape(layout))); print("\n");
    for (int j = 0; j < size(layout); ++j) {
      auto coord_j = layout.get_hier_coord(j);
      print(elem_less(coord_j, shape(layout))); print("\n");
      print(i < j); print("\n"); print(lex_less(coord_i,coord_j)); print("\n");
    }
  }
// ---- cutlass test/unit/cute/core/compare.cpp, Compare_hierarchical_3d_GenColMajor
  auto layout = make_layout(Shape<Shape<_3,_2>,Shape<_5,_2,_2>>{}, GenColMajor{});
  for (int i = 0; i < size(layout); ++i) {
    auto coord_i = layout.get_hier_coord(i);
    print(elem_less(coord_i, shape(layout))); print("\n");
    for (int j = 0; j < size(layout); ++j) {
      auto coord_j = layout.get_hier_coord(j);
      print(elem_less(coord_j, shape(layout))); print("\n");
      print(i < j); print("\n"); print(colex_less(coord_i,coord_j)); print("\n");
    }
  }
// ---- cutlass test/unit/cute/core/compare.cpp, Compare_hierarchical_3d_GenRowMajor
  auto layout = make_layout(Shape<Shape<_3,_2>,Shape<_5,_2,_2>>{}, GenRowMajor{});
  for (int i = 0; i < size(layout); ++i) {
    auto coord_i = layout.get_hier_coord(i);
    print(elem_less(coord_i, shape(layout))); print("\n");
    for (int j = 0; j < size(layout); ++j) {
      auto coord_j = layout.get_hier_coord(j);
      print(elem_less(coord_j, shape(layout))); print("\n");
      print(i < j); print("\n"); print(lex_less(coord_i,coord_j)); print("\n");
    }
  }
