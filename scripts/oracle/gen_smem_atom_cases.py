#!/usr/bin/env python3
"""Writes scripts/oracle/smem_atom_cases.cpp: pasted C++ snippets of GMMA's and UMMA's
shared-memory layout atoms (`GMMA::Layout_K_SW128_Atom<T>`, ...) as CUTLASS's Hopper and
Blackwell kernels use them: each atom over several element types, tiled to a CTA tile with
stages (`tile_to_shape`, with and without an order), a stage sliced, shared-memory tensors
over them (CuTe's swizzle pointer) and their tiles, `print_layout`, recasts, the
kernel-traits idiom of `constexpr int` tile sizes, and the host setups of CUTLASS's Hopper
and Blackwell tutorials. Deterministic:

    python3 scripts/oracle/gen_smem_atom_cases.py > scripts/oracle/smem_atom_cases.cpp
    python3 scripts/oracle/snippets.py --titled scripts/oracle/smem_atom_cases.cpp \\
        tests/golden/atoms/smem-atoms.jsonl

With `--random SEED COUNT`, random snippets of the atoms through the algebra instead:

    python3 scripts/oracle/gen_smem_atom_cases.py --random 1 200 > /tmp/cases.cpp
    python3 scripts/oracle/snippets.py --titled /tmp/cases.cpp tests/golden/atoms/smem-atoms-random-1.jsonl
"""

ATOMS = ["INTER", "SW32", "SW64", "SW128"]
TYPES = ["int8_t", "half_t", "bfloat16_t", "float", "tfloat32_t", "double", "float_e4m3_t",
         "uint4_t", "float_e2m1_t"]


FLASH_TRAITS = r"""
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
"""

BLACKWELL_1SM = r"""
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
"""

BLACKWELL_2SM = r"""
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
"""


def random_cases(seed, count):
    """Random snippets of the atoms through the algebra: an atom of a random element type,
    tiled to a random multiple of its shape (with stages, maybe an order), then one of
    slicing, evaluation, composition with a tiler, the divides, the products, recasts,
    coalesce, size and cosize, print_layout of a rank-2 slice."""
    import random
    r = random.Random(seed)
    types = {"int8_t": 8, "half_t": 16, "float": 32, "double": 64, "uint4_t": 4, "tfloat32_t": 32}
    out = []
    for k in range(count):
        ns = r.choice(["GMMA", "UMMA"])
        major = r.choice(["MN", "K"])
        kind = r.choice(["INTER", "SW32", "SW64", "SW128"] + (["SW128_32B"] if ns == "UMMA" and major == "MN" else []))
        t = r.choice(list(types))
        atom = f"{ns}::Layout_{major}_{kind}_Atom<{t}>{{}}"
        bits = types[t]
        wide = {"INTER": 128, "SW32": 256, "SW64": 512, "SW128": 1024, "SW128_32B": 1024}[kind] // bits
        narrow = 4 if kind == "SW128_32B" else 8
        am, an = (wide, narrow) if major == "MN" else (narrow, wide)
        m, n = am * r.choice([1, 2, 4]), an * r.choice([1, 2, 3])
        stages = r.choice([1, 2, 3, 4])
        order = r.choice(["", ", Step<_2,_1,_3>{}", ", Step<_1,_2,_3>{}"])
        lines = [f"auto a = {atom};",
                 f"auto s = tile_to_shape(a, make_shape(Int<{m}>{{}}, Int<{n}>{{}}, Int<{stages}>{{}}){order});",
                 'print(s); print("\\n");']
        op = r.choice(["slice", "eval", "compose", "divide", "product", "recast", "coalesce", "sizes", "draw", "tensor"])
        i, j, st = r.randrange(m), r.randrange(n), r.randrange(stages)
        if op == "slice":
            lines.append(f'print(s(_,_,{st})); print("\\n"); print(s(_,{j},{st})); print("\\n"); print(s({i},_,_)); print("\\n");')
        elif op == "eval":
            lines.append(f'print(s({i},{j},{st})); print(" "); print(s({r.randrange(m * n * stages)})); print("\\n");')
        elif op == "compose":
            tm, tn = r.choice([d for d in (1, 2, 4, 8, 16) if m % d == 0]), r.choice([d for d in (1, 2, 4, 8) if n % d == 0])
            lines.append(f'print(composition(s(_,_,0), make_tile(Int<{tm}>{{}}, Int<{tn}>{{}}))); print("\\n");')
        elif op == "divide":
            tm, tn = r.choice([d for d in (2, 4, 8) if m % d == 0] or [1]), r.choice([d for d in (2, 4) if n % d == 0] or [1])
            f = r.choice(["logical_divide", "zipped_divide", "tiled_divide", "flat_divide"])
            lines.append(f'print({f}(s(_,_,0), Shape<Int<{tm}>,Int<{tn}>>{{}})); print("\\n");')
        elif op == "product":
            f = r.choice(["logical_product", "blocked_product", "raked_product", "tiled_product"])
            lines.append(f'print({f}(a, make_layout(Shape<_2,_{r.choice([1,2,3])}>{{}}))); print("\\n");')
        elif op == "recast":
            f = r.choice([f"upcast<{r.choice([2, 4])}>(a)", f"downcast<{r.choice([2, 4])}>(a)",
                          f"recast_layout<{t}, {r.choice(list(types))}>(a)"])
            lines.append(f'print({f}); print("\\n");')
        elif op == "coalesce":
            lines.append('print(coalesce(s)); print("\\n"); print(coalesce(s(_,_,0))); print("\\n");')
        elif op == "sizes":
            lines.append('print(size(s)); print(" "); print(cosize(s)); print(" "); print(shape(s)); print(" "); print(rank(s)); print("\\n");')
        elif op == "draw":
            lines.append("print_layout(a);")
        else:
            lines.append(f"auto T = make_tensor(make_smem_ptr<{t}>(nullptr), s);")
            lines.append(f'print(T); print("\\n"); print(T(_,_,{st})); print("\\n");')
        out.append((f"random {seed} #{k}: {op} of {atom}", "\n".join(lines)))
    return out


def main():
    import sys
    if sys.argv[1:2] == ["--random"]:
        seed, count = int(sys.argv[2]), int(sys.argv[3])
        print(f"// Random snippets of GMMA's and UMMA's shared-memory atoms, written by")
        print(f"// scripts/oracle/gen_smem_atom_cases.py --random {seed} {count}; answered by snippets.py --titled.")
        for title, body in random_cases(seed, count):
            print(f"// ---- {title}\n{body}")
        return
    out = []

    def case(title, body):
        out.append(f"// ---- {title}\n{body.strip()}")

    for ns in ("GMMA", "UMMA"):
        for major in ("MN", "K"):
            for a in ATOMS:
                name = f"{ns}::Layout_{major}_{a}_Atom"
                body = "\n".join(f'print({name}<{t}>{{}}); print("\\n");' for t in TYPES)
                case(f"{name}<T> over element types", body)
                if ns == "GMMA":
                    case(f"{name}_Bits", f'print({name}_Bits{{}}); print("\\n");')
    # UMMA has its own atom in bits, and none of GMMA's (refused)
    case("UMMA::Layout_MN_SW128_32B_Atom_Bits", 'print(UMMA::Layout_MN_SW128_32B_Atom_Bits{}); print("\\n");')
    case("UMMA::Layout_K_SW128_Atom_Bits (UMMA has none)", 'print(UMMA::Layout_K_SW128_Atom_Bits{}); print("\\n");')
    case("UMMA::Layout_MN_SW128_32B_Atom<T>", "\n".join(
        f'print(UMMA::Layout_MN_SW128_32B_Atom<{t}>{{}}); print("\\n");'
        for t in ("half_t", "float", "tfloat32_t", "double", "int8_t")))
    for major in ("K", "MN"):
        for a in ATOMS:
            case(f"GMMA::Layout_{a}_Atom<T, GMMA::Major::{major}>",
                 f'print(GMMA::Layout_{a}_Atom<half_t, GMMA::Major::{major}>{{}}); print("\\n");\n'
                 f'print(GMMA::Layout_{a}_Atom<float, GMMA::Major::{major}>{{}}); print("\\n");')
    case("UMMA::Layout_SW128_Atom<T, UMMA::Major::K> (UMMA has none)",
         'print(UMMA::Layout_SW128_Atom<float, UMMA::Major::K>{}); print("\\n");')
    # tiles with stages, as the collectives build them
    for t in ("half_t", "float", "int8_t"):
        for major, order in (("K", ""), ("MN", ", Step<_2,_1,_3>{}")):
            for a in ATOMS:
                atom = f"GMMA::Layout_{major}_{a}_Atom<{t}>"
                case(f"tile_to_shape({atom}, (128,64,4){order})", f"""
auto sA = tile_to_shape({atom}{{}}, make_shape(_128{{}}, _64{{}}, _4{{}}){order});
print(sA); print("\\n");
print(size(sA)); print(" "); print(cosize(sA)); print(" "); print(rank(sA)); print("\\n");
print(sA(_,_,2)); print("\\n");
print(sA(3,5,1)); print(" "); print(sA(100,60,3)); print(" "); print(sA(777)); print("\\n");
print(coalesce(sA)); print("\\n");
print(layout<0>(sA)); print("\\n");
""")
    # shared-memory tensors over them
    for t in ("half_t", "float"):
        for a in ("SW32", "SW128"):
            atom = f"GMMA::Layout_K_{a}_Atom<{t}>"
            case(f"make_tensor(make_smem_ptr<{t}>, tile_to_shape({atom}, ...))", f"""
auto layout = tile_to_shape({atom}{{}}, make_shape(_64{{}}, _64{{}}, _2{{}}));
Tensor sA = make_tensor(make_smem_ptr<{t}>(nullptr), layout);
print(sA); print("\\n");
print(sA(_,_,1)); print("\\n");
print(sA(_,7,1)); print("\\n");
print(local_tile(sA(_,_,0), Shape<_16,_32>{{}}, make_coord(2,1))); print("\\n");
print(local_partition(sA(_,_,1), make_layout(make_shape(_8{{}}, _4{{}})), 5)); print("\\n");
print(zipped_divide(sA(_,_,0), Shape<_8,_16>{{}})); print("\\n");
print(sA.layout()); print(" "); print(sA.shape()); print("\\n");
""")
    for a in ATOMS:
        case(f"print_layout(GMMA::Layout_K_{a}_Atom<half_t>)",
             f"print_layout(GMMA::Layout_K_{a}_Atom<half_t>{{}});")
        case(f"print_layout(GMMA::Layout_MN_{a}_Atom<float>)",
             f"print_layout(GMMA::Layout_MN_{a}_Atom<float>{{}});")
    case("recasts of a flagged layout", """
auto a = GMMA::Layout_K_SW128_Atom<half_t>{};
print(upcast<2>(a)); print("\\n");
print(downcast<2>(a)); print("\\n");
print(recast_layout<half_t, float>(a)); print("\\n");
print(recast_layout<half_t, uint8_t>(a)); print("\\n");
print(upcast<4>(GMMA::Layout_MN_SW64_Atom<int8_t>{})); print("\\n");
""")
    case("algebra on a flagged layout", """
auto a = GMMA::Layout_K_SW64_Atom<half_t>{};
print(composition(a, make_tile(_4{}, _8{}))); print("\\n");
print(logical_divide(a, Shape<_4,_8>{})); print("\\n");
print(zipped_divide(a, Shape<_4,_8>{})); print("\\n");
print(blocked_product(a, make_layout(Shape<_2,_2>{}))); print("\\n");
print(logical_product(a, make_layout(_3{}))); print("\\n");
print(a(_,_)); print("\\n");
print(a(_,2)); print("\\n");
print(a.layout_a()); print(" "); print(a.layout_b()); print("\\n");
print(get_swizzle_portion(a)); print(" "); print(get_nonswizzle_portion(a)); print("\\n");
print(max_alignment(a)); print("\\n");
""")
    # kernel traits with constexpr tile sizes
    for t, m, n, k, st in (("cutlass::half_t", 128, 128, 64, 3), ("float", 64, 128, 32, 4),
                           ("cutlass::bfloat16_t", 128, 256, 64, 2)):
        case(f"kernel traits: {t} {m}x{n}x{k}, {st} stages", f"""
using T = {t};
constexpr int kBlockM = {m};
constexpr int kBlockN = {n};
constexpr int kBlockK = {k};
constexpr int kStages = {st};
using SmemLayoutAtomA = decltype(GMMA::Layout_K_SW128_Atom<T>{{}});
using SmemLayoutAtomB = decltype(GMMA::Layout_MN_SW64_Atom<T>{{}});
using SmemLayoutA = decltype(tile_to_shape(SmemLayoutAtomA{{}}, make_shape(Int<kBlockM>{{}}, Int<kBlockK>{{}}, Int<kStages>{{}})));
using SmemLayoutB = decltype(tile_to_shape(SmemLayoutAtomB{{}}, make_shape(Int<kBlockN>{{}}, Int<kBlockK>{{}}, Int<kStages>{{}}), Step<_2,_1,_3>{{}}));
print(SmemLayoutA{{}}); print("\\n");
print(SmemLayoutB{{}}); print("\\n");
print(cosize(SmemLayoutA{{}}) + cosize(SmemLayoutB{{}})); print("\\n");
print(size(SmemLayoutA{{}}(_,_,0))); print(" "); print(Int<kBlockM / 2>{{}}); print(" "); print(kBlockM * kBlockK); print("\\n");
""")
    # the host setup of CUTLASS's Hopper tutorial (examples/cute/tutorial/hopper/
    # wgmma_tma_sm90.cu, gemm_nt and gemm_tn) and its kernel's partitions of one CTA
    for major, a_stride in (("MN", "make_stride(Int<1>{}, ldA)"), ("K", "make_stride(ldA, Int<1>{})")):
        case(f"wgmma_tma_sm90.cu: gemm_{'nt' if major == 'MN' else 'tn'} setup and partitions", f"""
using TA = cute::half_t;
int m = 512; int n = 256; int k = 128;
int ldA = {'m' if major == 'MN' else 'k'};
auto M = int(m);
auto N = int(n);
auto K = int(k);
auto dA = {a_stride};
auto bM = Int<128>{{}};
auto bN = Int<128>{{}};
auto bK = Int< 64>{{}};
auto cta_tiler = make_shape(bM, bN, bK);
auto bP = Int<  3>{{}};
auto sA = tile_to_shape(GMMA::Layout_{major}_SW128_Atom<TA>{{}}, make_shape(bM,bK,bP));
TiledMMA tiled_mma = make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::{major},GMMA::Major::{major}>{{}});
Tensor mA = make_tensor(make_gmem_ptr<TA>(nullptr), make_shape(M,K), dA);
Copy_Atom tmaA = make_tma_atom(SM90_TMA_LOAD{{}}, mA, sA(_,_,0), make_shape(bM,bK));
print(sA); print("\\n");
print(tiled_mma); print("\\n");
print(tmaA); print("\\n");
dim3 dimBlock(size(tiled_mma));
print(dimBlock.x); print(" "); print(round_up(size(ceil_div(m, bM)), 2)); print("\\n");
Tensor mA2 = tmaA.get_tma_tensor(make_shape(M,K));
Tensor gA = local_tile(mA2, cta_tiler, make_coord(1, 0, _), Step<_1, X,_1>{{}});
print(gA); print("\\n");
Tensor sAt = make_tensor(make_smem_ptr<TA>(nullptr), sA);
print(sAt); print("\\n");
auto [tAgA, tAsA] = tma_partition(tmaA, Int<0>{{}}, Layout<_1>{{}}, group_modes<0,2>(sAt), group_modes<0,2>(gA));
print(tAgA); print("\\n"); print(tAsA); print("\\n");
ThrMMA thr_mma = tiled_mma.get_thread_slice(5);
Tensor tCsA = thr_mma.partition_A(sAt);
print(tCsA); print("\\n");
Tensor mC = make_tensor(make_gmem_ptr<float>(nullptr), make_shape(M,N), make_stride(Int<1>{{}}, m));
Tensor gC = local_tile(mC, cta_tiler, make_coord(1, 0, _), Step<_1,_1, X>{{}});
Tensor tCgC = thr_mma.partition_C(gC);
Tensor tCrC = thr_mma.make_fragment_C(tCgC);
print(tCgC); print("\\n"); print(tCrC.layout()); print("\\n");
Tensor tCrA = thr_mma.make_fragment_A(tCsA);
print(tCrA); print("\\n"); print(size<2>(tCrA)); print("\\n");
""")
    # the host setup of CUTLASS's Blackwell tutorials (examples/cute/tutorial/blackwell/
    # 02_mma_tma_sm100.cu and 04_mma_tma_2sm_sm100.cu), and one CTA's tiles of the second
    # kernel traits in the style of FlashAttention-2's (constexpr ints with ?:, sizeof,
    # a swizzle and tile sizes from them)
    for hd in (64, 96, 128):
        case(f"kernel traits with ?: and sizeof, head dim {hd}",
             FLASH_TRAITS.replace("kHeadDim = 128", f"kHeadDim = {hd}"))
    case("02_mma_tma_sm100.cu: host setup", BLACKWELL_1SM)
    case("04_mma_tma_2sm_sm100.cu: host setup and one CTA's partitions", BLACKWELL_2SM)
    print("// GMMA's and UMMA's shared-memory layout atoms, written by")
    print("// scripts/oracle/gen_smem_atom_cases.py; answered by snippets.py --titled.")
    print("\n".join(out))


if __name__ == "__main__":
    main()
