// GMMA's and UMMA's shared-memory layout atoms, written by
// scripts/oracle/gen_smem_atom_cases.py; answered by snippets.py --titled.
// ---- GMMA::Layout_MN_INTER_Atom<T> over element types
print(GMMA::Layout_MN_INTER_Atom<int8_t>{}); print("\n");
print(GMMA::Layout_MN_INTER_Atom<half_t>{}); print("\n");
print(GMMA::Layout_MN_INTER_Atom<bfloat16_t>{}); print("\n");
print(GMMA::Layout_MN_INTER_Atom<float>{}); print("\n");
print(GMMA::Layout_MN_INTER_Atom<tfloat32_t>{}); print("\n");
print(GMMA::Layout_MN_INTER_Atom<double>{}); print("\n");
print(GMMA::Layout_MN_INTER_Atom<float_e4m3_t>{}); print("\n");
print(GMMA::Layout_MN_INTER_Atom<uint4_t>{}); print("\n");
print(GMMA::Layout_MN_INTER_Atom<float_e2m1_t>{}); print("\n");
// ---- GMMA::Layout_MN_INTER_Atom_Bits
print(GMMA::Layout_MN_INTER_Atom_Bits{}); print("\n");
// ---- GMMA::Layout_MN_SW32_Atom<T> over element types
print(GMMA::Layout_MN_SW32_Atom<int8_t>{}); print("\n");
print(GMMA::Layout_MN_SW32_Atom<half_t>{}); print("\n");
print(GMMA::Layout_MN_SW32_Atom<bfloat16_t>{}); print("\n");
print(GMMA::Layout_MN_SW32_Atom<float>{}); print("\n");
print(GMMA::Layout_MN_SW32_Atom<tfloat32_t>{}); print("\n");
print(GMMA::Layout_MN_SW32_Atom<double>{}); print("\n");
print(GMMA::Layout_MN_SW32_Atom<float_e4m3_t>{}); print("\n");
print(GMMA::Layout_MN_SW32_Atom<uint4_t>{}); print("\n");
print(GMMA::Layout_MN_SW32_Atom<float_e2m1_t>{}); print("\n");
// ---- GMMA::Layout_MN_SW32_Atom_Bits
print(GMMA::Layout_MN_SW32_Atom_Bits{}); print("\n");
// ---- GMMA::Layout_MN_SW64_Atom<T> over element types
print(GMMA::Layout_MN_SW64_Atom<int8_t>{}); print("\n");
print(GMMA::Layout_MN_SW64_Atom<half_t>{}); print("\n");
print(GMMA::Layout_MN_SW64_Atom<bfloat16_t>{}); print("\n");
print(GMMA::Layout_MN_SW64_Atom<float>{}); print("\n");
print(GMMA::Layout_MN_SW64_Atom<tfloat32_t>{}); print("\n");
print(GMMA::Layout_MN_SW64_Atom<double>{}); print("\n");
print(GMMA::Layout_MN_SW64_Atom<float_e4m3_t>{}); print("\n");
print(GMMA::Layout_MN_SW64_Atom<uint4_t>{}); print("\n");
print(GMMA::Layout_MN_SW64_Atom<float_e2m1_t>{}); print("\n");
// ---- GMMA::Layout_MN_SW64_Atom_Bits
print(GMMA::Layout_MN_SW64_Atom_Bits{}); print("\n");
// ---- GMMA::Layout_MN_SW128_Atom<T> over element types
print(GMMA::Layout_MN_SW128_Atom<int8_t>{}); print("\n");
print(GMMA::Layout_MN_SW128_Atom<half_t>{}); print("\n");
print(GMMA::Layout_MN_SW128_Atom<bfloat16_t>{}); print("\n");
print(GMMA::Layout_MN_SW128_Atom<float>{}); print("\n");
print(GMMA::Layout_MN_SW128_Atom<tfloat32_t>{}); print("\n");
print(GMMA::Layout_MN_SW128_Atom<double>{}); print("\n");
print(GMMA::Layout_MN_SW128_Atom<float_e4m3_t>{}); print("\n");
print(GMMA::Layout_MN_SW128_Atom<uint4_t>{}); print("\n");
print(GMMA::Layout_MN_SW128_Atom<float_e2m1_t>{}); print("\n");
// ---- GMMA::Layout_MN_SW128_Atom_Bits
print(GMMA::Layout_MN_SW128_Atom_Bits{}); print("\n");
// ---- GMMA::Layout_K_INTER_Atom<T> over element types
print(GMMA::Layout_K_INTER_Atom<int8_t>{}); print("\n");
print(GMMA::Layout_K_INTER_Atom<half_t>{}); print("\n");
print(GMMA::Layout_K_INTER_Atom<bfloat16_t>{}); print("\n");
print(GMMA::Layout_K_INTER_Atom<float>{}); print("\n");
print(GMMA::Layout_K_INTER_Atom<tfloat32_t>{}); print("\n");
print(GMMA::Layout_K_INTER_Atom<double>{}); print("\n");
print(GMMA::Layout_K_INTER_Atom<float_e4m3_t>{}); print("\n");
print(GMMA::Layout_K_INTER_Atom<uint4_t>{}); print("\n");
print(GMMA::Layout_K_INTER_Atom<float_e2m1_t>{}); print("\n");
// ---- GMMA::Layout_K_INTER_Atom_Bits
print(GMMA::Layout_K_INTER_Atom_Bits{}); print("\n");
// ---- GMMA::Layout_K_SW32_Atom<T> over element types
print(GMMA::Layout_K_SW32_Atom<int8_t>{}); print("\n");
print(GMMA::Layout_K_SW32_Atom<half_t>{}); print("\n");
print(GMMA::Layout_K_SW32_Atom<bfloat16_t>{}); print("\n");
print(GMMA::Layout_K_SW32_Atom<float>{}); print("\n");
print(GMMA::Layout_K_SW32_Atom<tfloat32_t>{}); print("\n");
print(GMMA::Layout_K_SW32_Atom<double>{}); print("\n");
print(GMMA::Layout_K_SW32_Atom<float_e4m3_t>{}); print("\n");
print(GMMA::Layout_K_SW32_Atom<uint4_t>{}); print("\n");
print(GMMA::Layout_K_SW32_Atom<float_e2m1_t>{}); print("\n");
// ---- GMMA::Layout_K_SW32_Atom_Bits
print(GMMA::Layout_K_SW32_Atom_Bits{}); print("\n");
// ---- GMMA::Layout_K_SW64_Atom<T> over element types
print(GMMA::Layout_K_SW64_Atom<int8_t>{}); print("\n");
print(GMMA::Layout_K_SW64_Atom<half_t>{}); print("\n");
print(GMMA::Layout_K_SW64_Atom<bfloat16_t>{}); print("\n");
print(GMMA::Layout_K_SW64_Atom<float>{}); print("\n");
print(GMMA::Layout_K_SW64_Atom<tfloat32_t>{}); print("\n");
print(GMMA::Layout_K_SW64_Atom<double>{}); print("\n");
print(GMMA::Layout_K_SW64_Atom<float_e4m3_t>{}); print("\n");
print(GMMA::Layout_K_SW64_Atom<uint4_t>{}); print("\n");
print(GMMA::Layout_K_SW64_Atom<float_e2m1_t>{}); print("\n");
// ---- GMMA::Layout_K_SW64_Atom_Bits
print(GMMA::Layout_K_SW64_Atom_Bits{}); print("\n");
// ---- GMMA::Layout_K_SW128_Atom<T> over element types
print(GMMA::Layout_K_SW128_Atom<int8_t>{}); print("\n");
print(GMMA::Layout_K_SW128_Atom<half_t>{}); print("\n");
print(GMMA::Layout_K_SW128_Atom<bfloat16_t>{}); print("\n");
print(GMMA::Layout_K_SW128_Atom<float>{}); print("\n");
print(GMMA::Layout_K_SW128_Atom<tfloat32_t>{}); print("\n");
print(GMMA::Layout_K_SW128_Atom<double>{}); print("\n");
print(GMMA::Layout_K_SW128_Atom<float_e4m3_t>{}); print("\n");
print(GMMA::Layout_K_SW128_Atom<uint4_t>{}); print("\n");
print(GMMA::Layout_K_SW128_Atom<float_e2m1_t>{}); print("\n");
// ---- GMMA::Layout_K_SW128_Atom_Bits
print(GMMA::Layout_K_SW128_Atom_Bits{}); print("\n");
// ---- UMMA::Layout_MN_INTER_Atom<T> over element types
print(UMMA::Layout_MN_INTER_Atom<int8_t>{}); print("\n");
print(UMMA::Layout_MN_INTER_Atom<half_t>{}); print("\n");
print(UMMA::Layout_MN_INTER_Atom<bfloat16_t>{}); print("\n");
print(UMMA::Layout_MN_INTER_Atom<float>{}); print("\n");
print(UMMA::Layout_MN_INTER_Atom<tfloat32_t>{}); print("\n");
print(UMMA::Layout_MN_INTER_Atom<double>{}); print("\n");
print(UMMA::Layout_MN_INTER_Atom<float_e4m3_t>{}); print("\n");
print(UMMA::Layout_MN_INTER_Atom<uint4_t>{}); print("\n");
print(UMMA::Layout_MN_INTER_Atom<float_e2m1_t>{}); print("\n");
// ---- UMMA::Layout_MN_SW32_Atom<T> over element types
print(UMMA::Layout_MN_SW32_Atom<int8_t>{}); print("\n");
print(UMMA::Layout_MN_SW32_Atom<half_t>{}); print("\n");
print(UMMA::Layout_MN_SW32_Atom<bfloat16_t>{}); print("\n");
print(UMMA::Layout_MN_SW32_Atom<float>{}); print("\n");
print(UMMA::Layout_MN_SW32_Atom<tfloat32_t>{}); print("\n");
print(UMMA::Layout_MN_SW32_Atom<double>{}); print("\n");
print(UMMA::Layout_MN_SW32_Atom<float_e4m3_t>{}); print("\n");
print(UMMA::Layout_MN_SW32_Atom<uint4_t>{}); print("\n");
print(UMMA::Layout_MN_SW32_Atom<float_e2m1_t>{}); print("\n");
// ---- UMMA::Layout_MN_SW64_Atom<T> over element types
print(UMMA::Layout_MN_SW64_Atom<int8_t>{}); print("\n");
print(UMMA::Layout_MN_SW64_Atom<half_t>{}); print("\n");
print(UMMA::Layout_MN_SW64_Atom<bfloat16_t>{}); print("\n");
print(UMMA::Layout_MN_SW64_Atom<float>{}); print("\n");
print(UMMA::Layout_MN_SW64_Atom<tfloat32_t>{}); print("\n");
print(UMMA::Layout_MN_SW64_Atom<double>{}); print("\n");
print(UMMA::Layout_MN_SW64_Atom<float_e4m3_t>{}); print("\n");
print(UMMA::Layout_MN_SW64_Atom<uint4_t>{}); print("\n");
print(UMMA::Layout_MN_SW64_Atom<float_e2m1_t>{}); print("\n");
// ---- UMMA::Layout_MN_SW128_Atom<T> over element types
print(UMMA::Layout_MN_SW128_Atom<int8_t>{}); print("\n");
print(UMMA::Layout_MN_SW128_Atom<half_t>{}); print("\n");
print(UMMA::Layout_MN_SW128_Atom<bfloat16_t>{}); print("\n");
print(UMMA::Layout_MN_SW128_Atom<float>{}); print("\n");
print(UMMA::Layout_MN_SW128_Atom<tfloat32_t>{}); print("\n");
print(UMMA::Layout_MN_SW128_Atom<double>{}); print("\n");
print(UMMA::Layout_MN_SW128_Atom<float_e4m3_t>{}); print("\n");
print(UMMA::Layout_MN_SW128_Atom<uint4_t>{}); print("\n");
print(UMMA::Layout_MN_SW128_Atom<float_e2m1_t>{}); print("\n");
// ---- UMMA::Layout_K_INTER_Atom<T> over element types
print(UMMA::Layout_K_INTER_Atom<int8_t>{}); print("\n");
print(UMMA::Layout_K_INTER_Atom<half_t>{}); print("\n");
print(UMMA::Layout_K_INTER_Atom<bfloat16_t>{}); print("\n");
print(UMMA::Layout_K_INTER_Atom<float>{}); print("\n");
print(UMMA::Layout_K_INTER_Atom<tfloat32_t>{}); print("\n");
print(UMMA::Layout_K_INTER_Atom<double>{}); print("\n");
print(UMMA::Layout_K_INTER_Atom<float_e4m3_t>{}); print("\n");
print(UMMA::Layout_K_INTER_Atom<uint4_t>{}); print("\n");
print(UMMA::Layout_K_INTER_Atom<float_e2m1_t>{}); print("\n");
// ---- UMMA::Layout_K_SW32_Atom<T> over element types
print(UMMA::Layout_K_SW32_Atom<int8_t>{}); print("\n");
print(UMMA::Layout_K_SW32_Atom<half_t>{}); print("\n");
print(UMMA::Layout_K_SW32_Atom<bfloat16_t>{}); print("\n");
print(UMMA::Layout_K_SW32_Atom<float>{}); print("\n");
print(UMMA::Layout_K_SW32_Atom<tfloat32_t>{}); print("\n");
print(UMMA::Layout_K_SW32_Atom<double>{}); print("\n");
print(UMMA::Layout_K_SW32_Atom<float_e4m3_t>{}); print("\n");
print(UMMA::Layout_K_SW32_Atom<uint4_t>{}); print("\n");
print(UMMA::Layout_K_SW32_Atom<float_e2m1_t>{}); print("\n");
// ---- UMMA::Layout_K_SW64_Atom<T> over element types
print(UMMA::Layout_K_SW64_Atom<int8_t>{}); print("\n");
print(UMMA::Layout_K_SW64_Atom<half_t>{}); print("\n");
print(UMMA::Layout_K_SW64_Atom<bfloat16_t>{}); print("\n");
print(UMMA::Layout_K_SW64_Atom<float>{}); print("\n");
print(UMMA::Layout_K_SW64_Atom<tfloat32_t>{}); print("\n");
print(UMMA::Layout_K_SW64_Atom<double>{}); print("\n");
print(UMMA::Layout_K_SW64_Atom<float_e4m3_t>{}); print("\n");
print(UMMA::Layout_K_SW64_Atom<uint4_t>{}); print("\n");
print(UMMA::Layout_K_SW64_Atom<float_e2m1_t>{}); print("\n");
// ---- UMMA::Layout_K_SW128_Atom<T> over element types
print(UMMA::Layout_K_SW128_Atom<int8_t>{}); print("\n");
print(UMMA::Layout_K_SW128_Atom<half_t>{}); print("\n");
print(UMMA::Layout_K_SW128_Atom<bfloat16_t>{}); print("\n");
print(UMMA::Layout_K_SW128_Atom<float>{}); print("\n");
print(UMMA::Layout_K_SW128_Atom<tfloat32_t>{}); print("\n");
print(UMMA::Layout_K_SW128_Atom<double>{}); print("\n");
print(UMMA::Layout_K_SW128_Atom<float_e4m3_t>{}); print("\n");
print(UMMA::Layout_K_SW128_Atom<uint4_t>{}); print("\n");
print(UMMA::Layout_K_SW128_Atom<float_e2m1_t>{}); print("\n");
// ---- UMMA::Layout_MN_SW128_32B_Atom_Bits
print(UMMA::Layout_MN_SW128_32B_Atom_Bits{}); print("\n");
// ---- UMMA::Layout_K_SW128_Atom_Bits (UMMA has none)
print(UMMA::Layout_K_SW128_Atom_Bits{}); print("\n");
// ---- UMMA::Layout_MN_SW128_32B_Atom<T>
print(UMMA::Layout_MN_SW128_32B_Atom<half_t>{}); print("\n");
print(UMMA::Layout_MN_SW128_32B_Atom<float>{}); print("\n");
print(UMMA::Layout_MN_SW128_32B_Atom<tfloat32_t>{}); print("\n");
print(UMMA::Layout_MN_SW128_32B_Atom<double>{}); print("\n");
print(UMMA::Layout_MN_SW128_32B_Atom<int8_t>{}); print("\n");
// ---- GMMA::Layout_INTER_Atom<T, GMMA::Major::K>
print(GMMA::Layout_INTER_Atom<half_t, GMMA::Major::K>{}); print("\n");
print(GMMA::Layout_INTER_Atom<float, GMMA::Major::K>{}); print("\n");
// ---- GMMA::Layout_SW32_Atom<T, GMMA::Major::K>
print(GMMA::Layout_SW32_Atom<half_t, GMMA::Major::K>{}); print("\n");
print(GMMA::Layout_SW32_Atom<float, GMMA::Major::K>{}); print("\n");
// ---- GMMA::Layout_SW64_Atom<T, GMMA::Major::K>
print(GMMA::Layout_SW64_Atom<half_t, GMMA::Major::K>{}); print("\n");
print(GMMA::Layout_SW64_Atom<float, GMMA::Major::K>{}); print("\n");
// ---- GMMA::Layout_SW128_Atom<T, GMMA::Major::K>
print(GMMA::Layout_SW128_Atom<half_t, GMMA::Major::K>{}); print("\n");
print(GMMA::Layout_SW128_Atom<float, GMMA::Major::K>{}); print("\n");
// ---- GMMA::Layout_INTER_Atom<T, GMMA::Major::MN>
print(GMMA::Layout_INTER_Atom<half_t, GMMA::Major::MN>{}); print("\n");
print(GMMA::Layout_INTER_Atom<float, GMMA::Major::MN>{}); print("\n");
// ---- GMMA::Layout_SW32_Atom<T, GMMA::Major::MN>
print(GMMA::Layout_SW32_Atom<half_t, GMMA::Major::MN>{}); print("\n");
print(GMMA::Layout_SW32_Atom<float, GMMA::Major::MN>{}); print("\n");
// ---- GMMA::Layout_SW64_Atom<T, GMMA::Major::MN>
print(GMMA::Layout_SW64_Atom<half_t, GMMA::Major::MN>{}); print("\n");
print(GMMA::Layout_SW64_Atom<float, GMMA::Major::MN>{}); print("\n");
// ---- GMMA::Layout_SW128_Atom<T, GMMA::Major::MN>
print(GMMA::Layout_SW128_Atom<half_t, GMMA::Major::MN>{}); print("\n");
print(GMMA::Layout_SW128_Atom<float, GMMA::Major::MN>{}); print("\n");
// ---- UMMA::Layout_SW128_Atom<T, UMMA::Major::K> (UMMA has none)
print(UMMA::Layout_SW128_Atom<float, UMMA::Major::K>{}); print("\n");
// ---- tile_to_shape(GMMA::Layout_K_INTER_Atom<half_t>, (128,64,4))
auto sA = tile_to_shape(GMMA::Layout_K_INTER_Atom<half_t>{}, make_shape(_128{}, _64{}, _4{}));
print(sA); print("\n");
print(size(sA)); print(" "); print(cosize(sA)); print(" "); print(rank(sA)); print("\n");
print(sA(_,_,2)); print("\n");
print(sA(3,5,1)); print(" "); print(sA(100,60,3)); print(" "); print(sA(777)); print("\n");
print(coalesce(sA)); print("\n");
print(layout<0>(sA)); print("\n");
// ---- tile_to_shape(GMMA::Layout_K_SW32_Atom<half_t>, (128,64,4))
auto sA = tile_to_shape(GMMA::Layout_K_SW32_Atom<half_t>{}, make_shape(_128{}, _64{}, _4{}));
print(sA); print("\n");
print(size(sA)); print(" "); print(cosize(sA)); print(" "); print(rank(sA)); print("\n");
print(sA(_,_,2)); print("\n");
print(sA(3,5,1)); print(" "); print(sA(100,60,3)); print(" "); print(sA(777)); print("\n");
print(coalesce(sA)); print("\n");
print(layout<0>(sA)); print("\n");
// ---- tile_to_shape(GMMA::Layout_K_SW64_Atom<half_t>, (128,64,4))
auto sA = tile_to_shape(GMMA::Layout_K_SW64_Atom<half_t>{}, make_shape(_128{}, _64{}, _4{}));
print(sA); print("\n");
print(size(sA)); print(" "); print(cosize(sA)); print(" "); print(rank(sA)); print("\n");
print(sA(_,_,2)); print("\n");
print(sA(3,5,1)); print(" "); print(sA(100,60,3)); print(" "); print(sA(777)); print("\n");
print(coalesce(sA)); print("\n");
print(layout<0>(sA)); print("\n");
// ---- tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (128,64,4))
auto sA = tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(_128{}, _64{}, _4{}));
print(sA); print("\n");
print(size(sA)); print(" "); print(cosize(sA)); print(" "); print(rank(sA)); print("\n");
print(sA(_,_,2)); print("\n");
print(sA(3,5,1)); print(" "); print(sA(100,60,3)); print(" "); print(sA(777)); print("\n");
print(coalesce(sA)); print("\n");
print(layout<0>(sA)); print("\n");
// ---- tile_to_shape(GMMA::Layout_MN_INTER_Atom<half_t>, (128,64,4), Step<_2,_1,_3>{})
auto sA = tile_to_shape(GMMA::Layout_MN_INTER_Atom<half_t>{}, make_shape(_128{}, _64{}, _4{}), Step<_2,_1,_3>{});
print(sA); print("\n");
print(size(sA)); print(" "); print(cosize(sA)); print(" "); print(rank(sA)); print("\n");
print(sA(_,_,2)); print("\n");
print(sA(3,5,1)); print(" "); print(sA(100,60,3)); print(" "); print(sA(777)); print("\n");
print(coalesce(sA)); print("\n");
print(layout<0>(sA)); print("\n");
// ---- tile_to_shape(GMMA::Layout_MN_SW32_Atom<half_t>, (128,64,4), Step<_2,_1,_3>{})
auto sA = tile_to_shape(GMMA::Layout_MN_SW32_Atom<half_t>{}, make_shape(_128{}, _64{}, _4{}), Step<_2,_1,_3>{});
print(sA); print("\n");
print(size(sA)); print(" "); print(cosize(sA)); print(" "); print(rank(sA)); print("\n");
print(sA(_,_,2)); print("\n");
print(sA(3,5,1)); print(" "); print(sA(100,60,3)); print(" "); print(sA(777)); print("\n");
print(coalesce(sA)); print("\n");
print(layout<0>(sA)); print("\n");
// ---- tile_to_shape(GMMA::Layout_MN_SW64_Atom<half_t>, (128,64,4), Step<_2,_1,_3>{})
auto sA = tile_to_shape(GMMA::Layout_MN_SW64_Atom<half_t>{}, make_shape(_128{}, _64{}, _4{}), Step<_2,_1,_3>{});
print(sA); print("\n");
print(size(sA)); print(" "); print(cosize(sA)); print(" "); print(rank(sA)); print("\n");
print(sA(_,_,2)); print("\n");
print(sA(3,5,1)); print(" "); print(sA(100,60,3)); print(" "); print(sA(777)); print("\n");
print(coalesce(sA)); print("\n");
print(layout<0>(sA)); print("\n");
// ---- tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>, (128,64,4), Step<_2,_1,_3>{})
auto sA = tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, make_shape(_128{}, _64{}, _4{}), Step<_2,_1,_3>{});
print(sA); print("\n");
print(size(sA)); print(" "); print(cosize(sA)); print(" "); print(rank(sA)); print("\n");
print(sA(_,_,2)); print("\n");
print(sA(3,5,1)); print(" "); print(sA(100,60,3)); print(" "); print(sA(777)); print("\n");
print(coalesce(sA)); print("\n");
print(layout<0>(sA)); print("\n");
// ---- tile_to_shape(GMMA::Layout_K_INTER_Atom<float>, (128,64,4))
auto sA = tile_to_shape(GMMA::Layout_K_INTER_Atom<float>{}, make_shape(_128{}, _64{}, _4{}));
print(sA); print("\n");
print(size(sA)); print(" "); print(cosize(sA)); print(" "); print(rank(sA)); print("\n");
print(sA(_,_,2)); print("\n");
print(sA(3,5,1)); print(" "); print(sA(100,60,3)); print(" "); print(sA(777)); print("\n");
print(coalesce(sA)); print("\n");
print(layout<0>(sA)); print("\n");
// ---- tile_to_shape(GMMA::Layout_K_SW32_Atom<float>, (128,64,4))
auto sA = tile_to_shape(GMMA::Layout_K_SW32_Atom<float>{}, make_shape(_128{}, _64{}, _4{}));
print(sA); print("\n");
print(size(sA)); print(" "); print(cosize(sA)); print(" "); print(rank(sA)); print("\n");
print(sA(_,_,2)); print("\n");
print(sA(3,5,1)); print(" "); print(sA(100,60,3)); print(" "); print(sA(777)); print("\n");
print(coalesce(sA)); print("\n");
print(layout<0>(sA)); print("\n");
// ---- tile_to_shape(GMMA::Layout_K_SW64_Atom<float>, (128,64,4))
auto sA = tile_to_shape(GMMA::Layout_K_SW64_Atom<float>{}, make_shape(_128{}, _64{}, _4{}));
print(sA); print("\n");
print(size(sA)); print(" "); print(cosize(sA)); print(" "); print(rank(sA)); print("\n");
print(sA(_,_,2)); print("\n");
print(sA(3,5,1)); print(" "); print(sA(100,60,3)); print(" "); print(sA(777)); print("\n");
print(coalesce(sA)); print("\n");
print(layout<0>(sA)); print("\n");
// ---- tile_to_shape(GMMA::Layout_K_SW128_Atom<float>, (128,64,4))
auto sA = tile_to_shape(GMMA::Layout_K_SW128_Atom<float>{}, make_shape(_128{}, _64{}, _4{}));
print(sA); print("\n");
print(size(sA)); print(" "); print(cosize(sA)); print(" "); print(rank(sA)); print("\n");
print(sA(_,_,2)); print("\n");
print(sA(3,5,1)); print(" "); print(sA(100,60,3)); print(" "); print(sA(777)); print("\n");
print(coalesce(sA)); print("\n");
print(layout<0>(sA)); print("\n");
// ---- tile_to_shape(GMMA::Layout_MN_INTER_Atom<float>, (128,64,4), Step<_2,_1,_3>{})
auto sA = tile_to_shape(GMMA::Layout_MN_INTER_Atom<float>{}, make_shape(_128{}, _64{}, _4{}), Step<_2,_1,_3>{});
print(sA); print("\n");
print(size(sA)); print(" "); print(cosize(sA)); print(" "); print(rank(sA)); print("\n");
print(sA(_,_,2)); print("\n");
print(sA(3,5,1)); print(" "); print(sA(100,60,3)); print(" "); print(sA(777)); print("\n");
print(coalesce(sA)); print("\n");
print(layout<0>(sA)); print("\n");
// ---- tile_to_shape(GMMA::Layout_MN_SW32_Atom<float>, (128,64,4), Step<_2,_1,_3>{})
auto sA = tile_to_shape(GMMA::Layout_MN_SW32_Atom<float>{}, make_shape(_128{}, _64{}, _4{}), Step<_2,_1,_3>{});
print(sA); print("\n");
print(size(sA)); print(" "); print(cosize(sA)); print(" "); print(rank(sA)); print("\n");
print(sA(_,_,2)); print("\n");
print(sA(3,5,1)); print(" "); print(sA(100,60,3)); print(" "); print(sA(777)); print("\n");
print(coalesce(sA)); print("\n");
print(layout<0>(sA)); print("\n");
// ---- tile_to_shape(GMMA::Layout_MN_SW64_Atom<float>, (128,64,4), Step<_2,_1,_3>{})
auto sA = tile_to_shape(GMMA::Layout_MN_SW64_Atom<float>{}, make_shape(_128{}, _64{}, _4{}), Step<_2,_1,_3>{});
print(sA); print("\n");
print(size(sA)); print(" "); print(cosize(sA)); print(" "); print(rank(sA)); print("\n");
print(sA(_,_,2)); print("\n");
print(sA(3,5,1)); print(" "); print(sA(100,60,3)); print(" "); print(sA(777)); print("\n");
print(coalesce(sA)); print("\n");
print(layout<0>(sA)); print("\n");
// ---- tile_to_shape(GMMA::Layout_MN_SW128_Atom<float>, (128,64,4), Step<_2,_1,_3>{})
auto sA = tile_to_shape(GMMA::Layout_MN_SW128_Atom<float>{}, make_shape(_128{}, _64{}, _4{}), Step<_2,_1,_3>{});
print(sA); print("\n");
print(size(sA)); print(" "); print(cosize(sA)); print(" "); print(rank(sA)); print("\n");
print(sA(_,_,2)); print("\n");
print(sA(3,5,1)); print(" "); print(sA(100,60,3)); print(" "); print(sA(777)); print("\n");
print(coalesce(sA)); print("\n");
print(layout<0>(sA)); print("\n");
// ---- tile_to_shape(GMMA::Layout_K_INTER_Atom<int8_t>, (128,64,4))
auto sA = tile_to_shape(GMMA::Layout_K_INTER_Atom<int8_t>{}, make_shape(_128{}, _64{}, _4{}));
print(sA); print("\n");
print(size(sA)); print(" "); print(cosize(sA)); print(" "); print(rank(sA)); print("\n");
print(sA(_,_,2)); print("\n");
print(sA(3,5,1)); print(" "); print(sA(100,60,3)); print(" "); print(sA(777)); print("\n");
print(coalesce(sA)); print("\n");
print(layout<0>(sA)); print("\n");
// ---- tile_to_shape(GMMA::Layout_K_SW32_Atom<int8_t>, (128,64,4))
auto sA = tile_to_shape(GMMA::Layout_K_SW32_Atom<int8_t>{}, make_shape(_128{}, _64{}, _4{}));
print(sA); print("\n");
print(size(sA)); print(" "); print(cosize(sA)); print(" "); print(rank(sA)); print("\n");
print(sA(_,_,2)); print("\n");
print(sA(3,5,1)); print(" "); print(sA(100,60,3)); print(" "); print(sA(777)); print("\n");
print(coalesce(sA)); print("\n");
print(layout<0>(sA)); print("\n");
// ---- tile_to_shape(GMMA::Layout_K_SW64_Atom<int8_t>, (128,64,4))
auto sA = tile_to_shape(GMMA::Layout_K_SW64_Atom<int8_t>{}, make_shape(_128{}, _64{}, _4{}));
print(sA); print("\n");
print(size(sA)); print(" "); print(cosize(sA)); print(" "); print(rank(sA)); print("\n");
print(sA(_,_,2)); print("\n");
print(sA(3,5,1)); print(" "); print(sA(100,60,3)); print(" "); print(sA(777)); print("\n");
print(coalesce(sA)); print("\n");
print(layout<0>(sA)); print("\n");
// ---- tile_to_shape(GMMA::Layout_K_SW128_Atom<int8_t>, (128,64,4))
auto sA = tile_to_shape(GMMA::Layout_K_SW128_Atom<int8_t>{}, make_shape(_128{}, _64{}, _4{}));
print(sA); print("\n");
print(size(sA)); print(" "); print(cosize(sA)); print(" "); print(rank(sA)); print("\n");
print(sA(_,_,2)); print("\n");
print(sA(3,5,1)); print(" "); print(sA(100,60,3)); print(" "); print(sA(777)); print("\n");
print(coalesce(sA)); print("\n");
print(layout<0>(sA)); print("\n");
// ---- tile_to_shape(GMMA::Layout_MN_INTER_Atom<int8_t>, (128,64,4), Step<_2,_1,_3>{})
auto sA = tile_to_shape(GMMA::Layout_MN_INTER_Atom<int8_t>{}, make_shape(_128{}, _64{}, _4{}), Step<_2,_1,_3>{});
print(sA); print("\n");
print(size(sA)); print(" "); print(cosize(sA)); print(" "); print(rank(sA)); print("\n");
print(sA(_,_,2)); print("\n");
print(sA(3,5,1)); print(" "); print(sA(100,60,3)); print(" "); print(sA(777)); print("\n");
print(coalesce(sA)); print("\n");
print(layout<0>(sA)); print("\n");
// ---- tile_to_shape(GMMA::Layout_MN_SW32_Atom<int8_t>, (128,64,4), Step<_2,_1,_3>{})
auto sA = tile_to_shape(GMMA::Layout_MN_SW32_Atom<int8_t>{}, make_shape(_128{}, _64{}, _4{}), Step<_2,_1,_3>{});
print(sA); print("\n");
print(size(sA)); print(" "); print(cosize(sA)); print(" "); print(rank(sA)); print("\n");
print(sA(_,_,2)); print("\n");
print(sA(3,5,1)); print(" "); print(sA(100,60,3)); print(" "); print(sA(777)); print("\n");
print(coalesce(sA)); print("\n");
print(layout<0>(sA)); print("\n");
// ---- tile_to_shape(GMMA::Layout_MN_SW64_Atom<int8_t>, (128,64,4), Step<_2,_1,_3>{})
auto sA = tile_to_shape(GMMA::Layout_MN_SW64_Atom<int8_t>{}, make_shape(_128{}, _64{}, _4{}), Step<_2,_1,_3>{});
print(sA); print("\n");
print(size(sA)); print(" "); print(cosize(sA)); print(" "); print(rank(sA)); print("\n");
print(sA(_,_,2)); print("\n");
print(sA(3,5,1)); print(" "); print(sA(100,60,3)); print(" "); print(sA(777)); print("\n");
print(coalesce(sA)); print("\n");
print(layout<0>(sA)); print("\n");
// ---- tile_to_shape(GMMA::Layout_MN_SW128_Atom<int8_t>, (128,64,4), Step<_2,_1,_3>{})
auto sA = tile_to_shape(GMMA::Layout_MN_SW128_Atom<int8_t>{}, make_shape(_128{}, _64{}, _4{}), Step<_2,_1,_3>{});
print(sA); print("\n");
print(size(sA)); print(" "); print(cosize(sA)); print(" "); print(rank(sA)); print("\n");
print(sA(_,_,2)); print("\n");
print(sA(3,5,1)); print(" "); print(sA(100,60,3)); print(" "); print(sA(777)); print("\n");
print(coalesce(sA)); print("\n");
print(layout<0>(sA)); print("\n");
// ---- make_tensor(make_smem_ptr<half_t>, tile_to_shape(GMMA::Layout_K_SW32_Atom<half_t>, ...))
auto layout = tile_to_shape(GMMA::Layout_K_SW32_Atom<half_t>{}, make_shape(_64{}, _64{}, _2{}));
Tensor sA = make_tensor(make_smem_ptr<half_t>(nullptr), layout);
print(sA); print("\n");
print(sA(_,_,1)); print("\n");
print(sA(_,7,1)); print("\n");
print(local_tile(sA(_,_,0), Shape<_16,_32>{}, make_coord(2,1))); print("\n");
print(local_partition(sA(_,_,1), make_layout(make_shape(_8{}, _4{})), 5)); print("\n");
print(zipped_divide(sA(_,_,0), Shape<_8,_16>{})); print("\n");
print(sA.layout()); print(" "); print(sA.shape()); print("\n");
// ---- make_tensor(make_smem_ptr<half_t>, tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, ...))
auto layout = tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(_64{}, _64{}, _2{}));
Tensor sA = make_tensor(make_smem_ptr<half_t>(nullptr), layout);
print(sA); print("\n");
print(sA(_,_,1)); print("\n");
print(sA(_,7,1)); print("\n");
print(local_tile(sA(_,_,0), Shape<_16,_32>{}, make_coord(2,1))); print("\n");
print(local_partition(sA(_,_,1), make_layout(make_shape(_8{}, _4{})), 5)); print("\n");
print(zipped_divide(sA(_,_,0), Shape<_8,_16>{})); print("\n");
print(sA.layout()); print(" "); print(sA.shape()); print("\n");
// ---- make_tensor(make_smem_ptr<float>, tile_to_shape(GMMA::Layout_K_SW32_Atom<float>, ...))
auto layout = tile_to_shape(GMMA::Layout_K_SW32_Atom<float>{}, make_shape(_64{}, _64{}, _2{}));
Tensor sA = make_tensor(make_smem_ptr<float>(nullptr), layout);
print(sA); print("\n");
print(sA(_,_,1)); print("\n");
print(sA(_,7,1)); print("\n");
print(local_tile(sA(_,_,0), Shape<_16,_32>{}, make_coord(2,1))); print("\n");
print(local_partition(sA(_,_,1), make_layout(make_shape(_8{}, _4{})), 5)); print("\n");
print(zipped_divide(sA(_,_,0), Shape<_8,_16>{})); print("\n");
print(sA.layout()); print(" "); print(sA.shape()); print("\n");
// ---- make_tensor(make_smem_ptr<float>, tile_to_shape(GMMA::Layout_K_SW128_Atom<float>, ...))
auto layout = tile_to_shape(GMMA::Layout_K_SW128_Atom<float>{}, make_shape(_64{}, _64{}, _2{}));
Tensor sA = make_tensor(make_smem_ptr<float>(nullptr), layout);
print(sA); print("\n");
print(sA(_,_,1)); print("\n");
print(sA(_,7,1)); print("\n");
print(local_tile(sA(_,_,0), Shape<_16,_32>{}, make_coord(2,1))); print("\n");
print(local_partition(sA(_,_,1), make_layout(make_shape(_8{}, _4{})), 5)); print("\n");
print(zipped_divide(sA(_,_,0), Shape<_8,_16>{})); print("\n");
print(sA.layout()); print(" "); print(sA.shape()); print("\n");
// ---- print_layout(GMMA::Layout_K_INTER_Atom<half_t>)
print_layout(GMMA::Layout_K_INTER_Atom<half_t>{});
// ---- print_layout(GMMA::Layout_MN_INTER_Atom<float>)
print_layout(GMMA::Layout_MN_INTER_Atom<float>{});
// ---- print_layout(GMMA::Layout_K_SW32_Atom<half_t>)
print_layout(GMMA::Layout_K_SW32_Atom<half_t>{});
// ---- print_layout(GMMA::Layout_MN_SW32_Atom<float>)
print_layout(GMMA::Layout_MN_SW32_Atom<float>{});
// ---- print_layout(GMMA::Layout_K_SW64_Atom<half_t>)
print_layout(GMMA::Layout_K_SW64_Atom<half_t>{});
// ---- print_layout(GMMA::Layout_MN_SW64_Atom<float>)
print_layout(GMMA::Layout_MN_SW64_Atom<float>{});
// ---- print_layout(GMMA::Layout_K_SW128_Atom<half_t>)
print_layout(GMMA::Layout_K_SW128_Atom<half_t>{});
// ---- print_layout(GMMA::Layout_MN_SW128_Atom<float>)
print_layout(GMMA::Layout_MN_SW128_Atom<float>{});
// ---- recasts of a flagged layout
auto a = GMMA::Layout_K_SW128_Atom<half_t>{};
print(upcast<2>(a)); print("\n");
print(downcast<2>(a)); print("\n");
print(recast_layout<half_t, float>(a)); print("\n");
print(recast_layout<half_t, uint8_t>(a)); print("\n");
print(upcast<4>(GMMA::Layout_MN_SW64_Atom<int8_t>{})); print("\n");
// ---- algebra on a flagged layout
auto a = GMMA::Layout_K_SW64_Atom<half_t>{};
print(composition(a, make_tile(_4{}, _8{}))); print("\n");
print(logical_divide(a, Shape<_4,_8>{})); print("\n");
print(zipped_divide(a, Shape<_4,_8>{})); print("\n");
print(blocked_product(a, make_layout(Shape<_2,_2>{}))); print("\n");
print(logical_product(a, make_layout(_3{}))); print("\n");
print(a(_,_)); print("\n");
print(a(_,2)); print("\n");
print(a.layout_a()); print(" "); print(a.layout_b()); print("\n");
print(get_swizzle_portion(a)); print(" "); print(get_nonswizzle_portion(a)); print("\n");
print(max_alignment(a)); print("\n");
// ---- kernel traits: cutlass::half_t 128x128x64, 3 stages
using T = cutlass::half_t;
constexpr int kBlockM = 128;
constexpr int kBlockN = 128;
constexpr int kBlockK = 64;
constexpr int kStages = 3;
using SmemLayoutAtomA = decltype(GMMA::Layout_K_SW128_Atom<T>{});
using SmemLayoutAtomB = decltype(GMMA::Layout_MN_SW64_Atom<T>{});
using SmemLayoutA = decltype(tile_to_shape(SmemLayoutAtomA{}, make_shape(Int<kBlockM>{}, Int<kBlockK>{}, Int<kStages>{})));
using SmemLayoutB = decltype(tile_to_shape(SmemLayoutAtomB{}, make_shape(Int<kBlockN>{}, Int<kBlockK>{}, Int<kStages>{}), Step<_2,_1,_3>{}));
print(SmemLayoutA{}); print("\n");
print(SmemLayoutB{}); print("\n");
print(cosize(SmemLayoutA{}) + cosize(SmemLayoutB{})); print("\n");
print(size(SmemLayoutA{}(_,_,0))); print(" "); print(Int<kBlockM / 2>{}); print(" "); print(kBlockM * kBlockK); print("\n");
// ---- kernel traits: float 64x128x32, 4 stages
using T = float;
constexpr int kBlockM = 64;
constexpr int kBlockN = 128;
constexpr int kBlockK = 32;
constexpr int kStages = 4;
using SmemLayoutAtomA = decltype(GMMA::Layout_K_SW128_Atom<T>{});
using SmemLayoutAtomB = decltype(GMMA::Layout_MN_SW64_Atom<T>{});
using SmemLayoutA = decltype(tile_to_shape(SmemLayoutAtomA{}, make_shape(Int<kBlockM>{}, Int<kBlockK>{}, Int<kStages>{})));
using SmemLayoutB = decltype(tile_to_shape(SmemLayoutAtomB{}, make_shape(Int<kBlockN>{}, Int<kBlockK>{}, Int<kStages>{}), Step<_2,_1,_3>{}));
print(SmemLayoutA{}); print("\n");
print(SmemLayoutB{}); print("\n");
print(cosize(SmemLayoutA{}) + cosize(SmemLayoutB{})); print("\n");
print(size(SmemLayoutA{}(_,_,0))); print(" "); print(Int<kBlockM / 2>{}); print(" "); print(kBlockM * kBlockK); print("\n");
// ---- kernel traits: cutlass::bfloat16_t 128x256x64, 2 stages
using T = cutlass::bfloat16_t;
constexpr int kBlockM = 128;
constexpr int kBlockN = 256;
constexpr int kBlockK = 64;
constexpr int kStages = 2;
using SmemLayoutAtomA = decltype(GMMA::Layout_K_SW128_Atom<T>{});
using SmemLayoutAtomB = decltype(GMMA::Layout_MN_SW64_Atom<T>{});
using SmemLayoutA = decltype(tile_to_shape(SmemLayoutAtomA{}, make_shape(Int<kBlockM>{}, Int<kBlockK>{}, Int<kStages>{})));
using SmemLayoutB = decltype(tile_to_shape(SmemLayoutAtomB{}, make_shape(Int<kBlockN>{}, Int<kBlockK>{}, Int<kStages>{}), Step<_2,_1,_3>{}));
print(SmemLayoutA{}); print("\n");
print(SmemLayoutB{}); print("\n");
print(cosize(SmemLayoutA{}) + cosize(SmemLayoutB{})); print("\n");
print(size(SmemLayoutA{}(_,_,0))); print(" "); print(Int<kBlockM / 2>{}); print(" "); print(kBlockM * kBlockK); print("\n");
// ---- wgmma_tma_sm90.cu: gemm_nt setup and partitions
using TA = cute::half_t;
int m = 512; int n = 256; int k = 128;
int ldA = m;
auto M = int(m);
auto N = int(n);
auto K = int(k);
auto dA = make_stride(Int<1>{}, ldA);
auto bM = Int<128>{};
auto bN = Int<128>{};
auto bK = Int< 64>{};
auto cta_tiler = make_shape(bM, bN, bK);
auto bP = Int<  3>{};
auto sA = tile_to_shape(GMMA::Layout_MN_SW128_Atom<TA>{}, make_shape(bM,bK,bP));
TiledMMA tiled_mma = make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN,GMMA::Major::MN>{});
Tensor mA = make_tensor(make_gmem_ptr<TA>(nullptr), make_shape(M,K), dA);
Copy_Atom tmaA = make_tma_atom(SM90_TMA_LOAD{}, mA, sA(_,_,0), make_shape(bM,bK));
print(sA); print("\n");
print(tiled_mma); print("\n");
print(tmaA); print("\n");
dim3 dimBlock(size(tiled_mma));
print(dimBlock.x); print(" "); print(round_up(size(ceil_div(m, bM)), 2)); print("\n");
Tensor mA2 = tmaA.get_tma_tensor(make_shape(M,K));
Tensor gA = local_tile(mA2, cta_tiler, make_coord(1, 0, _), Step<_1, X,_1>{});
print(gA); print("\n");
Tensor sAt = make_tensor(make_smem_ptr<TA>(nullptr), sA);
print(sAt); print("\n");
auto [tAgA, tAsA] = tma_partition(tmaA, Int<0>{}, Layout<_1>{}, group_modes<0,2>(sAt), group_modes<0,2>(gA));
print(tAgA); print("\n"); print(tAsA); print("\n");
ThrMMA thr_mma = tiled_mma.get_thread_slice(5);
Tensor tCsA = thr_mma.partition_A(sAt);
print(tCsA); print("\n");
Tensor mC = make_tensor(make_gmem_ptr<float>(nullptr), make_shape(M,N), make_stride(Int<1>{}, m));
Tensor gC = local_tile(mC, cta_tiler, make_coord(1, 0, _), Step<_1,_1, X>{});
Tensor tCgC = thr_mma.partition_C(gC);
Tensor tCrC = thr_mma.make_fragment_C(tCgC);
print(tCgC); print("\n"); print(tCrC.layout()); print("\n");
Tensor tCrA = thr_mma.make_fragment_A(tCsA);
print(tCrA); print("\n"); print(size<2>(tCrA)); print("\n");
// ---- wgmma_tma_sm90.cu: gemm_tn setup and partitions
using TA = cute::half_t;
int m = 512; int n = 256; int k = 128;
int ldA = k;
auto M = int(m);
auto N = int(n);
auto K = int(k);
auto dA = make_stride(ldA, Int<1>{});
auto bM = Int<128>{};
auto bN = Int<128>{};
auto bK = Int< 64>{};
auto cta_tiler = make_shape(bM, bN, bK);
auto bP = Int<  3>{};
auto sA = tile_to_shape(GMMA::Layout_K_SW128_Atom<TA>{}, make_shape(bM,bK,bP));
TiledMMA tiled_mma = make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>{});
Tensor mA = make_tensor(make_gmem_ptr<TA>(nullptr), make_shape(M,K), dA);
Copy_Atom tmaA = make_tma_atom(SM90_TMA_LOAD{}, mA, sA(_,_,0), make_shape(bM,bK));
print(sA); print("\n");
print(tiled_mma); print("\n");
print(tmaA); print("\n");
dim3 dimBlock(size(tiled_mma));
print(dimBlock.x); print(" "); print(round_up(size(ceil_div(m, bM)), 2)); print("\n");
Tensor mA2 = tmaA.get_tma_tensor(make_shape(M,K));
Tensor gA = local_tile(mA2, cta_tiler, make_coord(1, 0, _), Step<_1, X,_1>{});
print(gA); print("\n");
Tensor sAt = make_tensor(make_smem_ptr<TA>(nullptr), sA);
print(sAt); print("\n");
auto [tAgA, tAsA] = tma_partition(tmaA, Int<0>{}, Layout<_1>{}, group_modes<0,2>(sAt), group_modes<0,2>(gA));
print(tAgA); print("\n"); print(tAsA); print("\n");
ThrMMA thr_mma = tiled_mma.get_thread_slice(5);
Tensor tCsA = thr_mma.partition_A(sAt);
print(tCsA); print("\n");
Tensor mC = make_tensor(make_gmem_ptr<float>(nullptr), make_shape(M,N), make_stride(Int<1>{}, m));
Tensor gC = local_tile(mC, cta_tiler, make_coord(1, 0, _), Step<_1,_1, X>{});
Tensor tCgC = thr_mma.partition_C(gC);
Tensor tCrC = thr_mma.make_fragment_C(tCgC);
print(tCgC); print("\n"); print(tCrC.layout()); print("\n");
Tensor tCrA = thr_mma.make_fragment_A(tCsA);
print(tCrA); print("\n"); print(size<2>(tCrA)); print("\n");
// ---- kernel traits with ?: and sizeof, head dim 64
static constexpr int kHeadDim = 64;
static constexpr int kBlockM = 128;
static constexpr int kBlockN = 64;
static constexpr int kNWarps = 4;
static constexpr int kNThreads = kNWarps * 32;
static constexpr int kBlockKSmem = kHeadDim % 64 == 0 ? 64 : 32;
static constexpr int kBlockKGmem = kHeadDim % 128 == 0 ? 128 : (kHeadDim % 64 == 0 ? 64 : 32);
static constexpr int kSwizzle = kBlockKSmem == 32 ? 2 : 3;
using SmemLayoutAtomQ = decltype(
    composition(Swizzle<kSwizzle, 3, 3>{},
                Layout<Shape<_8, Int<kBlockKSmem>>,
                       Stride<Int<kBlockKSmem>, _1>>{}));
using SmemLayoutQ = decltype(tile_to_shape(
    SmemLayoutAtomQ{},
    Shape<Int<kBlockM>, Int<kHeadDim>>{}));
static constexpr int kGmemElemsPerLoad = sizeof(cute::uint128_t) / sizeof(cutlass::half_t);
static constexpr int kGmemThreadsPerRow = kBlockKSmem / kGmemElemsPerLoad;
using GmemLayoutAtom = Layout<Shape <Int<kNThreads / kGmemThreadsPerRow>, Int<kGmemThreadsPerRow>>,
                              Stride<Int<kGmemThreadsPerRow>, _1>>;
print(SmemLayoutQ{}); print("\n");
print(GmemLayoutAtom{}); print("\n");
print(kGmemElemsPerLoad); print("\n");
// ---- kernel traits with ?: and sizeof, head dim 96
static constexpr int kHeadDim = 96;
static constexpr int kBlockM = 128;
static constexpr int kBlockN = 64;
static constexpr int kNWarps = 4;
static constexpr int kNThreads = kNWarps * 32;
static constexpr int kBlockKSmem = kHeadDim % 64 == 0 ? 64 : 32;
static constexpr int kBlockKGmem = kHeadDim % 128 == 0 ? 128 : (kHeadDim % 64 == 0 ? 64 : 32);
static constexpr int kSwizzle = kBlockKSmem == 32 ? 2 : 3;
using SmemLayoutAtomQ = decltype(
    composition(Swizzle<kSwizzle, 3, 3>{},
                Layout<Shape<_8, Int<kBlockKSmem>>,
                       Stride<Int<kBlockKSmem>, _1>>{}));
using SmemLayoutQ = decltype(tile_to_shape(
    SmemLayoutAtomQ{},
    Shape<Int<kBlockM>, Int<kHeadDim>>{}));
static constexpr int kGmemElemsPerLoad = sizeof(cute::uint128_t) / sizeof(cutlass::half_t);
static constexpr int kGmemThreadsPerRow = kBlockKSmem / kGmemElemsPerLoad;
using GmemLayoutAtom = Layout<Shape <Int<kNThreads / kGmemThreadsPerRow>, Int<kGmemThreadsPerRow>>,
                              Stride<Int<kGmemThreadsPerRow>, _1>>;
print(SmemLayoutQ{}); print("\n");
print(GmemLayoutAtom{}); print("\n");
print(kGmemElemsPerLoad); print("\n");
// ---- kernel traits with ?: and sizeof, head dim 128
static constexpr int kHeadDim = 128;
static constexpr int kBlockM = 128;
static constexpr int kBlockN = 64;
static constexpr int kNWarps = 4;
static constexpr int kNThreads = kNWarps * 32;
static constexpr int kBlockKSmem = kHeadDim % 64 == 0 ? 64 : 32;
static constexpr int kBlockKGmem = kHeadDim % 128 == 0 ? 128 : (kHeadDim % 64 == 0 ? 64 : 32);
static constexpr int kSwizzle = kBlockKSmem == 32 ? 2 : 3;
using SmemLayoutAtomQ = decltype(
    composition(Swizzle<kSwizzle, 3, 3>{},
                Layout<Shape<_8, Int<kBlockKSmem>>,
                       Stride<Int<kBlockKSmem>, _1>>{}));
using SmemLayoutQ = decltype(tile_to_shape(
    SmemLayoutAtomQ{},
    Shape<Int<kBlockM>, Int<kHeadDim>>{}));
static constexpr int kGmemElemsPerLoad = sizeof(cute::uint128_t) / sizeof(cutlass::half_t);
static constexpr int kGmemThreadsPerRow = kBlockKSmem / kGmemElemsPerLoad;
using GmemLayoutAtom = Layout<Shape <Int<kNThreads / kGmemThreadsPerRow>, Int<kGmemThreadsPerRow>>,
                              Stride<Int<kGmemThreadsPerRow>, _1>>;
print(SmemLayoutQ{}); print("\n");
print(GmemLayoutAtom{}); print("\n");
print(kGmemElemsPerLoad); print("\n");
// ---- 02_mma_tma_sm100.cu: host setup
using TypeA = cutlass::half_t;
using TypeB = cutlass::half_t;
using TypeC = float;
int Gemm_M = 512; int Gemm_N = 1024; int Gemm_K = 256;
Tensor mA = make_tensor(make_gmem_ptr<TypeA>(nullptr), make_layout(make_shape(Gemm_M, Gemm_K), make_stride(Gemm_K, Int<1>{})));
Tensor mB = make_tensor(make_gmem_ptr<TypeB>(nullptr), make_layout(make_shape(Gemm_N, Gemm_K), make_stride(Gemm_K, Int<1>{})));
TiledMMA tiled_mma = make_tiled_mma(SM100_MMA_F16BF16_SS<TypeA, TypeB, TypeC,
                                                         128, 256,
                                                         UMMA::Major::K, UMMA::Major::K>{});
print(tiled_mma);
auto bM = tile_size<0>(tiled_mma);
auto bN = tile_size<1>(tiled_mma);
auto bK = tile_size<2>(tiled_mma) * Int<4>{};
auto mma_tiler = make_shape(bM, bN, bK);
if (not evenly_divides(shape(mma_tiler), tile_shape(tiled_mma))) {
  std::cerr << "The MMA Shape should evenly divide the MMA Tiler." << std::endl;
}
auto mma_shape_A = partition_shape_A(tiled_mma, make_shape(size<0>(mma_tiler), size<2>(mma_tiler)));
auto mma_shape_B = partition_shape_B(tiled_mma, make_shape(size<1>(mma_tiler), size<2>(mma_tiler)));
print("mma_shape_A:\t"); print(mma_shape_A); print("\n");
print("mma_shape_B:\t"); print(mma_shape_B); print("\n");
auto sA_layout = UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<TypeA>{}, mma_shape_A);
auto sB_layout = UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<TypeB>{}, mma_shape_B);
print("sA_layout:\t"); print(sA_layout); print("\n");
print("sB_layout:\t"); print(sB_layout); print("\n");
auto cluster_shape = make_shape(Int<1>{}, Int<1>{}, Int<1>{});
Layout cluster_layout_vmnk = tiled_divide(make_layout(cluster_shape), make_tile(typename decltype(tiled_mma)::AtomThrID{}));
print(cluster_layout_vmnk); print("\n");
Copy_Atom tma_atom_A = make_tma_atom(SM90_TMA_LOAD{}, mA, sA_layout, select<0,2>(mma_tiler));
Tensor mA_tma = tma_atom_A.get_tma_tensor(shape(mA));
print("tma_atom_A:\t"); print(tma_atom_A); print("\n");
print(mA_tma); print("\n");
Copy_Atom tma_atom_B = make_tma_atom(SM90_TMA_LOAD{}, mB, sB_layout, select<1,2>(mma_tiler));
print("tma_atom_B:\t"); print(tma_atom_B); print("\n");
dim3 dimBlock(128);
dim3 dimCluster(size<0>(cluster_shape), size<1>(cluster_shape), size<2>(cluster_shape));
dim3 dimGrid(size(ceil_div(Gemm_M, bM * size<1>(cluster_layout_vmnk))) * dimCluster.x,
             size(ceil_div(Gemm_N, bN * size<2>(cluster_layout_vmnk))) * dimCluster.y);
print(dimGrid.x); print(" "); print(dimGrid.y); print("\n");
// ---- 04_mma_tma_2sm_sm100.cu: host setup and one CTA's partitions
using TypeA = cutlass::half_t;
using TypeB = cutlass::half_t;
using TypeC = float;
int Gemm_M = 512; int Gemm_N = 1024; int Gemm_K = 256;
Tensor mA = make_tensor(make_gmem_ptr<TypeA>(nullptr), make_layout(make_shape(Gemm_M, Gemm_K), make_stride(Gemm_K, Int<1>{})));
Tensor mB = make_tensor(make_gmem_ptr<TypeB>(nullptr), make_layout(make_shape(Gemm_N, Gemm_K), make_stride(Gemm_K, Int<1>{})));
TiledMMA tiled_mma = make_tiled_mma(SM100_MMA_F16BF16_2x1SM_SS<TypeA, TypeB, TypeC,
                                                               256, 256,
                                                               UMMA::Major::K, UMMA::Major::K>{});
print(tiled_mma);
auto bM = tile_size<0>(tiled_mma);
auto bN = tile_size<1>(tiled_mma);
auto bK = tile_size<2>(tiled_mma) * Int<4>{};
auto mma_tiler = make_shape(bM, bN, bK);
auto mma_shape_A = partition_shape_A(tiled_mma, make_shape(size<0>(mma_tiler), size<2>(mma_tiler)));
auto mma_shape_B = partition_shape_B(tiled_mma, make_shape(size<1>(mma_tiler), size<2>(mma_tiler)));
print("mma_shape_A:\t"); print(mma_shape_A); print("\n");
print("mma_shape_B:\t"); print(mma_shape_B); print("\n");
auto sA_layout = UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<TypeA>{}, mma_shape_A);
auto sB_layout = UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<TypeB>{}, mma_shape_B);
print("sA_layout:\t"); print(sA_layout); print("\n");
print("sB_layout:\t"); print(sB_layout); print("\n");
auto cluster_shape = make_shape(Int<4>{}, Int<4>{}, Int<1>{});
Layout cluster_layout_vmnk = tiled_divide(make_layout(cluster_shape), make_tile(typename decltype(tiled_mma)::AtomThrID{}));
print(cluster_layout_vmnk); print("\n");
Copy_Atom tma_atom_A = make_tma_atom_A_sm100(SM100_TMA_2SM_LOAD_MULTICAST{}, mA, sA_layout, mma_tiler, tiled_mma, cluster_layout_vmnk);
Tensor mA_tma = tma_atom_A.get_tma_tensor(shape(mA));
print("tma_atom_A:\t"); print(tma_atom_A); print("\n");
print(mA_tma); print("\n");
Copy_Atom tma_atom_B = make_tma_atom_B_sm100(SM100_TMA_2SM_LOAD_MULTICAST{}, mB, sB_layout, mma_tiler, tiled_mma, cluster_layout_vmnk);
print("tma_atom_B:\t"); print(tma_atom_B); print("\n");
auto mma_coord_vmnk = make_coord(1 % size<0>(cluster_layout_vmnk), 1 / size<0>(cluster_layout_vmnk), 2, _);
auto mma_coord = select<1,2,3>(mma_coord_vmnk);
Tensor gA = local_tile(mA_tma, mma_tiler, mma_coord, Step<_1, X,_1>{});
print(gA); print("\n");
ThrMMA cta_mma = tiled_mma.get_slice(get<0>(mma_coord_vmnk));
Tensor tCgA = cta_mma.partition_A(gA);
print(tCgA); print("\n");
Tensor tCsA = cta_mma.partition_A(make_tensor(make_smem_ptr<TypeA>(nullptr), sA_layout));
print(tCsA); print("\n");
Tensor tCrA = cta_mma.make_fragment_A(make_tensor(make_smem_ptr<TypeA>(nullptr), sA_layout));
Tensor tCrB = cta_mma.make_fragment_B(make_tensor(make_smem_ptr<TypeB>(nullptr), sB_layout));
print(tCrA); print("\n"); print(tCrB); print("\n");
