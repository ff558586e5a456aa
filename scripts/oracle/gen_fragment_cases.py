#!/usr/bin/env python3
"""Random pasted snippets of an MMA's register fragments over tensors of memory, as
kernels write them: `thr_mma.make_fragment_A/B(thr_mma.partition_A/B(sA))`,
`thr_mma.partition_fragment_A/B(sA)` and `make_fragment_C` of a partitioned C, over
shared- and global-memory tensors of `make_smem_ptr<T>(nullptr)` /
`make_gmem_ptr<T>(nullptr)` (stages sliced or kept), for MMA atoms whose fragments are
registers (SM61 to SM120, UniversalFMA, GMMA's `_RS` A), tiled over random thread
layouts; legal and refused (a partition of rank 2, a fragment of a shared-memory
descriptor):

    python3 scripts/oracle/gen_fragment_cases.py SEED COUNT > /tmp/cases.cpp
    python3 scripts/oracle/snippets.py --titled /tmp/cases.cpp tests/golden/atoms/fragments-SEED.jsonl

With `--gmma SEED COUNT`, GMMA's descriptor fragments instead: `_SS` and `_RS` atoms over
shared-memory tensors of GMMA's layout atoms (`tile_to_shape(GMMA::Layout_K_SW128_Atom<T>{},
...)`, stages or not), and of plain layouts and other value types, which CuTe refuses;
with `--umma SEED COUNT`, UMMA's (SM100, 1SM and 2SM, `_SS` and `_TS`) over
`UMMA::tile_to_mma_shape` of UMMA's layout atoms, as CUTLASS's Blackwell tutorials.
"""
import random
import sys

# (atom, A type, B type, C type, M, N, K of one atom)
ATOMS = [
    ("SM80_16x8x16_F16F16F16F16_TN", "half_t", "half_t", "half_t", 16, 8, 16),
    ("SM80_16x8x16_F32F16F16F32_TN", "half_t", "half_t", "float", 16, 8, 16),
    ("SM80_16x8x8_F32TF32TF32F32_TN", "tfloat32_t", "tfloat32_t", "float", 16, 8, 8),
    ("SM80_16x8x32_S32S8S8S32_TN", "int8_t", "int8_t", "int32_t", 16, 8, 32),
    ("SM80_8x8x4_F64F64F64F64_TN", "double", "double", "double", 8, 8, 4),
    ("SM75_16x8x8_F32F16F16F32_TN", "half_t", "half_t", "float", 16, 8, 8),
    ("SM70_8x8x4_F32F16F16F32_NT", "half_t", "half_t", "float", 8, 8, 4),
    ("SM61_DP4A", "int8_t", "int8_t", "int32_t", 1, 1, 4),
    ("SM89_16x8x32_F32E4M3E4M3F32_TN", "float_e4m3_t", "float_e4m3_t", "float", 16, 8, 32),
    ("UniversalFMA<float,float,float>", "float", "float", "float", 1, 1, 1),
    ("UniversalFMA<double,double,double>", "double", "double", "double", 1, 1, 1),
    ("SM90_64x64x16_F16F16F16_RS<GMMA::Major::K,GMMA::Major::K>", "half_t", "half_t", "half_t", 64, 64, 16),
    ("SM90_64x32x16_F32BF16BF16_SS<GMMA::Major::K,GMMA::Major::MN>", "bfloat16_t", "bfloat16_t", "float", 64, 32, 16),
]


def fragment_lines(rng, op, src):
    """A thread's fragment of `src`: make_fragment_X of its partition, or
    partition_fragment_X (CuTe's shorthand for the same), either half the time."""
    if rng.random() < 0.5:
        return [f"auto tCs{op} = thr.partition_{op}({src});",
                f"auto tCr{op} = thr.make_fragment_{op}(tCs{op});"]
    return [f"auto tCr{op} = thr.partition_fragment_{op}({src});"]


def tensor(rng, name, ty, rows, cols, space):
    stages = rng.choice([0, 0, 2, 3])
    shape = f"Int<{rows}>{{}}, Int<{cols}>{{}}" + (f", Int<{stages}>{{}}" if stages else "")
    order = rng.choice(["", ", LayoutRight{}"])
    if rng.random() < 0.25 and not stages:
        shape = f"{rows}, {cols}"
    ptr = f"make_{space}_ptr<{ty}>(nullptr)"
    if rng.random() < 0.2:
        ptr += f" + {rng.choice([64, 256, 1024])}"
    line = f"auto {name} = make_tensor({ptr}, make_layout(make_shape({shape}){order}));"
    return line, stages


def case(rng):
    atom, ta, tb, tc, am, an, ak = rng.choice(ATOMS)
    thr = rng.choice(["", ", Layout<Shape<_2,_2,_1>>{}", ", Layout<Shape<_2,_1,_1>>{}",
                      ", Layout<Shape<_1,_2,_1>>{}", ", Layout<Shape<_4,_2,_1>>{}"])
    if atom.startswith("UniversalFMA"):
        thr = rng.choice([", Layout<Shape<_16,_16,_1>>{}", ", Layout<Shape<_8,_4,_1>>{}"])
    if atom.startswith("SM90"):
        thr = rng.choice(["", ", Layout<Shape<_2,_1,_1>>{}"])
    if atom == "SM61_DP4A":
        thr = rng.choice([", Layout<Shape<_16,_8,_1>>{}", ", Layout<Shape<_8,_8,_1>>{}"])
    m_reps = rng.choice([1, 2, 4])
    k_reps = rng.choice([1, 2])
    lines = [f"auto mma = make_tiled_mma({atom}{{}}{thr});"]
    tm = max(am, 8) * m_reps * (2 if "_2,_2" in thr or "_2,_1" in thr or "_4,_2" in thr else 1)
    if atom.startswith("UniversalFMA") or atom == "SM61_DP4A":
        tm = 16 * m_reps
    tn = max(an, 8) * m_reps * 2
    tk = ak * k_reps * rng.choice([1, 2])
    op = rng.choice("AABBC")
    # mostly a thread of the tiling (32 threads or more), sometimes one past it
    tid = rng.randrange(0, 32) if rng.random() < 0.85 else rng.randrange(0, 128)
    lines.append(f"auto thr = mma.get_slice({tid});")
    space = rng.choice(["smem", "smem", "gmem"])
    if op == "C":
        t, _ = tensor(rng, "gC", tc, tm, tn, "gmem")
        lines.append(t)
        lines.append("auto tCgC = thr.partition_C(gC);")
        lines.append("auto tCrC = thr.make_fragment_C(tCgC);")
        lines.append(r'print(tCrC.layout()); print("\n");')
        if rng.random() < 0.5:
            lines.append(r'print(size(tCrC)); print("\n");')
        return lines
    rows = tm if op == "A" else tn
    ty = ta if op == "A" else tb
    if rng.random() < 0.1:
        ty = rng.choice(["float", "half_t"])
    t, stages = tensor(rng, "s" + op, ty, rows, tk, space)
    lines.append(t)
    src = f"s{op}"
    if stages and rng.random() < 0.5:
        src = f"s{op}(_,_,{rng.randrange(stages)})"
        stages = 0
    # the fragment's first K block: (MMA,MMA_M,MMA_K[,PIPE]) sliced at K = 0
    first_k = f"tCr{op}(_,_,0,_)" if stages else f"tCr{op}(_,_,0)"
    lines += fragment_lines(rng, op, src)
    lines.append(f'print(tCr{op}.layout()); print("\\n");')
    if rng.random() < 0.4:
        lines.append(f'print(shape({first_k})); print("\\n");')
    if rng.random() < 0.1:
        # a partition of rank 2: CuTe's static assertion refuses it
        bad = f"tCr{op}(_,_,0,0)" if stages else f"tCr{op}(_,_,0)"
        lines.append(f"auto bad = thr.make_fragment_{op}({bad});")
    return lines


# (atom types, A/B type, majors allowed, K of one atom)
GMMA = [
    ("F16F16F16", "half_t", True, 16),
    ("F32F16F16", "half_t", True, 16),
    ("F32BF16BF16", "bfloat16_t", True, 16),
    ("F32TF32TF32", "tfloat32_t", False, 8),
    ("F32E4M3E4M3", "float_e4m3_t", False, 32),
]


def gmma_case(rng):
    """GMMA's descriptor fragments: shared-memory tensors of GMMA's layout atoms (or of
    plain layouts, which CuTe's make_gmma_desc mostly refuses), partitioned by a thread."""
    types, ty, majors, k = rng.choice(GMMA)
    n = rng.choice([32, 64, 128, 256])
    src = rng.choice(["SS", "SS", "RS"])
    ma = rng.choice(["K", "MN"]) if majors and src == "SS" else "K"
    mb = rng.choice(["K", "MN"]) if majors else "K"
    if majors:
        atom = f"SM90_64x{n}x{k}_{types}_{src}<GMMA::Major::{ma},GMMA::Major::{mb}>"
    else:
        atom = f"SM90_64x{n}x{k}_{types}_{src}_TN"
    thr = rng.choice(["", "", ", Layout<Shape<_2,_1,_1>>{}"])
    lines = [f"auto mma = make_tiled_mma({atom}{{}}{thr});"]
    op = rng.choice("AB") if src == "SS" else "B"
    major = ma if op == "A" else mb
    rows = 64 * (2 if thr else 1) * rng.choice([1, 2]) if op == "A" else n * rng.choice([1, 2])
    kk = k * rng.choice([2, 4])
    if rng.random() < 0.1:
        ty = rng.choice(["half_t", "float"])  # a value type the atom does not take
    stages = rng.choice([0, 2, 3])
    shape = f"Int<{rows}>{{}}, Int<{kk}>{{}}" + (f", Int<{stages}>{{}}" if stages else "")
    swz = rng.choice(["INTER", "SW32", "SW64", "SW128"])
    if rng.random() < 0.15:
        layout = f"make_layout(make_shape({shape}))"  # plain, column-major
    else:
        layout = f"tile_to_shape(GMMA::Layout_{major}_{swz}_Atom<{ty}>{{}}, make_shape({shape}))"
    space = "smem" if rng.random() < 0.92 else "gmem"
    lines.append(f"auto s{op} = make_tensor(make_{space}_ptr<{ty}>(nullptr), {layout});")
    lines.append(f"auto thr = mma.get_slice({rng.randrange(0, 128 * (2 if thr else 1))});")
    lines += fragment_lines(rng, op, f"s{op}")
    lines.append(f'print(tCr{op}); print("\\n");')
    if rng.random() < 0.5:
        lines.append(f'print(size(tCr{op})); print("\\n"); print(rank(tCr{op}.layout())); print("\\n");')
    if rng.random() < 0.4:
        first = f"tCr{op}(_,_,_,0)" if stages else f"tCr{op}(_,_,0)"
        lines.append(f'print({first}); print("\\n");')
    return lines


# (family, A/B type, K of one atom)
UMMA = [("F16BF16", "half_t", 16), ("F16BF16", "bfloat16_t", 16), ("TF32", "tfloat32_t", 8)]


def umma_case(rng):
    """UMMA's descriptor fragments: the CTA's partition of SM100 UMMA atoms (1SM and 2SM,
    _SS and _TS) over shared-memory tensors of UMMA's layout atoms tiled to the MMA's
    shape (UMMA::tile_to_mma_shape, as CUTLASS's Blackwell tutorials build them), or of
    plain layouts."""
    fam, ty, k = rng.choice(UMMA)
    two = rng.random() < 0.3
    m = rng.choice([128, 256]) if two else rng.choice([64, 128])
    n = rng.choice([64, 128, 256])
    src = rng.choice(["SS", "SS", "TS"])
    ma = rng.choice(["K", "MN"]) if src == "SS" else "K"
    mb = rng.choice(["K", "MN"])
    atom = (f"SM100_MMA_{fam}{'_2x1SM' if two else ''}_{src}<{ty}, {ty}, float, {m}, {n}, "
            f"UMMA::Major::{ma}, UMMA::Major::{mb}>")
    lines = [f"TiledMMA tiled_mma = make_tiled_mma({atom}{{}});"]
    op = rng.choice("AB") if src == "SS" else "B"
    major = ma if op == "A" else mb
    rows = m if op == "A" else n
    kk = k * rng.choice([2, 4, 8])
    lines.append(f"auto mma_shape = partition_shape_{op}(tiled_mma, make_shape(Int<{rows}>{{}}, Int<{kk}>{{}}));")
    swz = rng.choice(["INTER", "SW32", "SW64", "SW128"] + (["SW128_32B"] if major == "MN" else []))
    if rng.random() < 0.1:
        ty = rng.choice(["half_t", "float"])  # a value type the atom does not take
    if rng.random() < 0.15:
        layout = "make_layout(mma_shape)"  # plain, column-major
    else:
        layout = f"UMMA::tile_to_mma_shape(UMMA::Layout_{major}_{swz}_Atom<{ty}>{{}}, mma_shape)"
    lines.append(f"Tensor tCs{op} = make_tensor(make_smem_ptr<{ty}>(nullptr), {layout});")
    lines.append(f"ThrMMA cta_mma = tiled_mma.get_slice({rng.choice([0, 0, 1]) if two else 0});")
    lines.append(f"Tensor tCr{op} = cta_mma.make_fragment_{op}(tCs{op});")
    lines.append(f'print(tCs{op}); print("\\n"); print(tCr{op}); print("\\n");')
    if rng.random() < 0.4:
        lines.append(f'print(tCr{op}(_,_,0)); print("\\n"); print(size(tCr{op})); print("\\n");')
    return lines


def main():
    kind = sys.argv[1] if sys.argv[1:2] in (["--gmma"], ["--umma"]) else ""
    args = sys.argv[2:] if kind else sys.argv[1:]
    seed, count = int(args[0]), int(args[1])
    rng = random.Random(seed)
    flag = f"{kind} " if kind else ""
    make = {"--gmma": gmma_case, "--umma": umma_case}.get(kind, case)
    print(f"// scripts/oracle/gen_fragment_cases.py {flag}{seed} {count}; answered by snippets.py --titled.")
    for i in range(count):
        print(f"// ---- fragment case {i}")
        for line in make(rng):
            print(line)


if __name__ == "__main__":
    main()
