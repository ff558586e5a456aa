// The examples menu: the tutorial path, from a layout as a function to the costs of a
// shared-memory layout. Each entry is a program of the `cute eval` language and a note
// shown beside the editor.
"use strict";

const EXAMPLES = [
  {
    title: "Layouts and coordinates",
    note: "A layout is a function from coordinates to offsets. A(2,(1,0)) uses the " +
      "hierarchical coordinate, A(6) the 1-D index; both give 5. Hover a cell of the picture " +
      "to see its coordinates, click it to see every cell with the same offset.",
    program: "A = (4,(2,2)):(2,(1,8)); A; A(2,(1,0)); A(6); size(A); cosize(A); idx2crd(6, shape(A))",
  },
  {
    title: "Coalesce",
    note: "coalesce gives the same function with fewer modes; static values (_2) merge at " +
      "compile time, as in CuTe.",
    program: "coalesce((2,(1,6)):(1,(6,2))); coalesce((_2,_4):(_1,_2)); coalesce((2,4):(4,1))",
  },
  {
    title: "Composition",
    note: "composition(A, B) is the function A(B(i)): B picks which offsets of A, in which order.",
    program: "A = (6,2):(8,2); B = (4,3):(3,1); composition(A, B); " +
      "composition((12,(4,8)):(59,(13,1)), (_3:_4, _8:_2))",
  },
  {
    title: "Complement",
    note: "complement(A, M) is the layout of the repetitions of A that fill M.",
    program: "complement(4:2, 24); complement((2,2):(1,6), 24); complement((_2,_4):(_1,_8))",
  },
  {
    title: "Divides and products",
    note: "logical_divide splits a layout into tiles of B and their repetitions; zipped_divide " +
      "groups the tile modes first. The products repeat a block over a layout.",
    program: "A = (_9,(_4,_8)):(_59,(_13,_1)); B = (_3:_3, (_2,_4):(_1,_8)); " +
      "logical_divide(A, B); zipped_divide(A, B); " +
      "blocked_product((_2,_2):(_2,_1), (_2,_3):(_1,_2)); raked_product((_2,_2):(_2,_1), (_2,_3):(_1,_2))",
  },
  {
    title: "Swizzles",
    note: "A swizzle XORs bits of the offset: Swizzle<3,3,3> on a 64x64 row-major tile of " +
      "half_t spreads each column of 8 over all 32 banks.",
    program: "composition(Swizzle<3,3,3>, _0, (_64,_64):(_64,_1))",
  },
  {
    title: "TV layouts (a tiled copy)",
    note: "A thread-value layout says which thread holds which value: here 32 threads " +
      "(4x8, row-major) each copy 1x2 values of a 4x16 tile. Hover a cell for its thread and value.",
    program: "make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, float>, (_4,_8):(_8,_1), (_1,_2))",
  },
  {
    title: "GEMM partitioning",
    note: "make_tiled_mma tiles an MMA atom over 2x2 warps; partition_A/partition_C give one " +
      "thread's slice of the A and C tiles (coordinates of the identity tensor).",
    program: "M = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (_2,_2,_1)); tile_shape(M); " +
      "partition_C(M, 5, make_identity_tensor((_64,_32))); " +
      "partition_A(M, 5, make_identity_tensor((_64,_32))); M",
  },
  {
    title: "Hopper shared memory and TMA",
    note: "GMMA's shared-memory atoms swizzle byte addresses: Layout_K_SW128_Atom<half_t> is " +
      "Sw<3,4,3> over an smem pointer still to come (smem_ptr[16b](unset)). tile_to_shape " +
      "repeats it over a 128x64 tile and 3 stages, a stage is one slice, and make_tma_atom " +
      "builds the TMA that fills it. The picture draws the atom over its elements, as CuTe's " +
      "print_layout does (Sw<1,3,3> for 16-bit elements).",
    program: "using T = half_t; constexpr int kBlockM = 128; " +
      "auto sA = tile_to_shape(GMMA::Layout_K_SW128_Atom<T>{}, make_shape(Int<kBlockM>{}, _64{}, _3{})); " +
      "sA; sA(_,_,1); G = make_tensor(make_gmem_ptr<T>(nullptr), make_layout(make_shape(1024, 512), LayoutRight{})); " +
      "make_tma_atom(SM90_TMA_LOAD{}, G, sA(_,_,0), make_shape(Int<kBlockM>{}, _64{})); " +
      "GMMA::Layout_K_SW32_Atom<T>{}",
  },
  {
    title: "Bank conflicts and swizzle_for",
    note: "ldmatrix of a row-major 16x64 half_t tile hits the same 4 banks 8 times (32 " +
      "wavefronts for an ideal 4); the swizzled tile is conflict-free. swizzle_for finds the " +
      "cheapest swizzle for every access.",
    program: "C = make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN)); " +
      "S = (_16,_64):(_64,_1); bank_conflicts(S, C); " +
      "bank_conflicts(composition(Swizzle<3,3,3>, _0, S), C); swizzle_for((_64,_64):(_64,_1), C)",
  },
  {
    title: "Explain",
    note: "explain(f(...)) prints the steps of one call of the algebra, with the value of each.",
    program: "explain(logical_divide((_4,_2,_3):(_2,_1,_8), _4:_2))",
  },
  {
    title: "Where CuTe answers wrongly (1): composition",
    note: "CuTe C++ answers (_2,_2):(_96,_1): its tiler maps 0,1,2,3 to offsets 0,2,4,6 of A, " +
      "which A sends to 0,96,49,2, but CuTe's layout sends them to 0,96,1,97. Its stride check " +
      "(stride % shape == 0 or stride < shape) is weaker than composition needs; rcute refuses " +
      "and names the mode; the toggle \"answer as CuTe C++ does\" shows CuTe's answer.",
    program: "composition((_3,_16):(_48,_1), _4:_2)",
  },
  {
    title: "Where CuTe answers wrongly (2): logical_divide",
    note: "CuTe C++ answers ((2,2),((2,1),(1,1))):((2,3),((1,3),(8,9))), which maps index 2 " +
      "to 3 where the definition gives 4 (the same weak stride check, inside the divide's " +
      "composition). rcute refuses; with static values CuTe refuses too. The toggle " +
      "\"answer as CuTe C++ does\" shows CuTe's answer.",
    program: "logical_divide((3,3):(1,3), 4:2)",
  },
];
