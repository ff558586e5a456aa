#!/usr/bin/env python3
"""Random tilings of MMA and copy atoms, answered by CuTe C++.

  python3 scripts/oracle/gen_atom_cases.py SEED COUNT OUT.jsonl

Each case is one tiling and one question about it:
  MMA:  a random MMA atom of the catalog (weighted toward SM80 mma.sync and GMMA with small N)
        x an atom layout (a static shape (_2,_2,_1), or a layout with permuted compact
        strides like (_2,_4,_1):(_4,_1,_0); rank 2 or 3)
        x a permutation (omitted, or a tuple of `_`, static ints and permuting layouts
        like (_4,_4,_2):(_1,_8,_4)),
        asked for its print, get_layoutA/B/C_TV, get_thr_layout_vmnk, tile_size<I>,
        tile_shape, size, partition_shape_X, partition_X or partition_fragment_X of an
        identity tensor (the tile, or a multiple of it) for a random thread;
  copy: a random copy atom x thread layout x value layout (make_tiled_copy), or
        make_tiled_copy_A/B/C from a random tiled MMA, asked for its print,
        get_layoutS/D_TV, tile_size<I>, size, partition_S/D and retile_S/D of identity
        tensors.
Mostly valid combinations; some are not (CuTe answers "error"). An expression names the
tiling inline or binds it first (`M = ...; C = ...; expr`). The answers come from the
oracle (cute_oracle.py beside this file), compiled in chunks on two jobs.
"""
import json
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from cute_oracle import evaluate  # noqa: E402

# ---------------------------------------------------------------- atoms
SM80 = ["SM80_16x8x8_F16F16F16F16_TN", "SM80_16x8x16_F16F16F16F16_TN",
        "SM80_16x8x8_F32F16F16F32_TN", "SM80_16x8x16_F32F16F16F32_TN",
        "SM80_16x8x8_F32BF16BF16F32_TN", "SM80_16x8x16_F32BF16BF16F32_TN",
        "SM80_16x8x4_F32TF32TF32F32_TN", "SM80_16x8x8_F32TF32TF32F32_TN",
        "SM80_8x8x4_F64F64F64F64_TN", "SM80_8x8x16_S32S8S8S32_TN",
        "SM80_16x8x16_S32S8S8S32_TN", "SM80_16x8x32_S32S8S8S32_TN",
        "SM80_16x8x32_S32U8U8S32_TN_SATURATE", "SM80_16x8x64_S32S4S4S32_TN",
        "SM80_8x8x4_C64C64C64C64_TN"]
SM80_MAIN = ["SM80_16x8x16_F32F16F16F32_TN", "SM80_16x8x8_F16F16F16F16_TN", "SM80_16x8x16_F16F16F16F16_TN"]
FMA = ["UniversalFMA<float,float,float>", "UniversalFMA<double,double,double>", "UniversalFMA<half_t,half_t,half_t>"]
ALL_N = list(range(8, 257, 8))
INT8_N = [8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256]


def gmma_atom(r):
    n = r.choice([8, 16, 32, 64, 64, 128]) if r.random() < 0.8 else r.choice(ALL_N)
    kind = r.choices(["f16", "tf32", "fp8", "int8"], [6, 1, 1, 1])[0]
    rs = r.random() < 0.35
    if kind == "f16":
        fam = r.choice(["F16F16F16", "F32F16F16", "F32BF16BF16"])
        if rs:
            majors = r.choice(["<K,K>", "<K,MN>"]) if r.random() < 0.93 else r.choice(["<MN,K>", "<MN,MN>"])
        else:
            majors = "<%s,%s>" % (r.choice(["K", "MN"]), r.choice(["K", "MN"]))
        return f"SM90_64x{n}x16_{fam}_{'RS' if rs else 'SS'}{majors}"
    if kind == "tf32":
        return f"SM90_64x{n}x8_F32TF32TF32_{'RS' if rs else 'SS'}_TN"
    if kind == "fp8":
        fam = r.choice(["F32", "F16"]) + r.choice(["E4M3", "E5M2"]) + r.choice(["E4M3", "E5M2"])
        return f"SM90_64x{n}x32_{fam}_{'RS' if rs else 'SS'}_TN"
    if n not in INT8_N:
        n = r.choice(INT8_N[:6])
    fam = "S32" + r.choice(["S8", "U8"]) + r.choice(["S8", "U8"])
    return f"SM90_64x{n}x32_{fam}_{'RS' if rs else 'SS'}_TN" + ("_SATURATE" if r.random() < 0.2 else "")


def mma_atom(r):
    """(spelling, (M,N,K) of the atom, threads of the atom)."""
    w = r.random()
    if w < 0.55:
        name = r.choice(SM80_MAIN) if r.random() < 0.5 else r.choice(SM80)
    elif w < 0.7:
        name = r.choice(FMA)
    else:
        name = gmma_atom(r)
    if name.startswith("Universal"):
        return name, (1, 1, 1), 1
    m, n, k = map(int, re.match(r"SM\d+_(\d+)x(\d+)x(\d+)_", name).groups())
    return name, (m, n, k), (128 if name.startswith("SM90") else 32)


def copy_atom(r):
    """(spelling, values per thread of the atom, threads of the atom, bits per value)."""
    w = r.random()
    if w < 0.45:
        bits = r.choice([32, 64, 128, 128])
        e, eb = r.choice([("half_t", 16), ("half_t", 16), ("float", 32), ("bfloat16_t", 16), ("int8_t", 8), ("double", 64)])
        if eb > bits:
            e, eb = "half_t", 16
        t = f"uint{bits}_t"
        op = f"UniversalCopy<{t}>" if r.random() < 0.75 else r.choice(["SM80_CP_ASYNC_CACHEALWAYS", "SM80_CP_ASYNC_CACHEGLOBAL"]) + f"<{t}>"
        if "CACHEGLOBAL" in op and r.random() < 0.8:
            op, bits = "SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>", 128
        return f"Copy_Atom<{op}, {e}>", bits // eb, 1, eb
    x = r.choice([1, 2, 4, 4])
    if r.random() < 0.5:
        op = r.choice(["SM75", "SM90"]) + f"_U32x{x}_" + ("LDSM_N" if r.random() < 0.6 else "STSM_N")
        op = op.replace("SM75_U32x%d_STSM" % x, "SM90_U32x%d_STSM" % x).replace("SM90_U32x%d_LDSM" % x, "SM75_U32x%d_LDSM" % x)
        e, eb = r.choice([("half_t", 16), ("half_t", 16), ("bfloat16_t", 16), ("float", 32)])
    else:
        op = r.choice(["SM75", "SM90"]) + f"_U16x{2 * x}_" + ("LDSM_T" if r.random() < 0.6 else "STSM_T")
        op = op.replace("SM75_U16x%d_STSM" % (2 * x), "SM90_U16x%d_STSM" % (2 * x)).replace("SM90_U16x%d_LDSM" % (2 * x), "SM75_U16x%d_LDSM" % (2 * x))
        e, eb = r.choice([("half_t", 16), ("half_t", 16), ("bfloat16_t", 16)])
    return f"Copy_Atom<{op}, {e}>", x * 32 // eb, 32, eb


# ---------------------------------------------------------------- layouts
def s(v):
    return f"_{v}"


def tup(xs):
    return "(" + ",".join(xs) + ")"


def permuted_layout(r, shape, zero_unit=True):
    """A compact layout of `shape` with its modes ordered at random (extent-1 modes: stride _0)."""
    order = list(range(len(shape)))
    r.shuffle(order)
    strides, acc = [0] * len(shape), 1
    for i in order:
        if shape[i] == 1 and zero_unit:
            strides[i] = 0
        else:
            strides[i] = acc
            acc *= shape[i]
    return tup(s(x) for x in shape) + ":" + tup(s(x) for x in strides)


def shape_or_layout(r, shape, p_layout=0.4):
    if r.random() < p_layout:
        return permuted_layout(r, shape)
    return tup(s(x) for x in shape)


def factor(r, n):
    """n (a power of two) as 2 or 3 power-of-two factors."""
    parts = [n]
    for _ in range(r.choice([1, 2])):
        big = max(range(len(parts)), key=lambda i: parts[i])
        if parts[big] < 2:
            break
        a = 2 ** r.randint(1, parts[big].bit_length() - 1)
        if parts[big] // a < 1:
            break
        parts[big:big + 1] = [a, parts[big] // a]
    return parts


def atom_layout(r, threads):
    """(spelling, (m,n,k) extents)."""
    if threads == 1:
        m, n = r.choice([(2, 2), (4, 4), (8, 8), (4, 8), (8, 4), (16, 8), (16, 16), (8, 16), (32, 4)])
        k = 1
    elif threads == 128:
        m, n = r.choice([(1, 1), (2, 1), (2, 1), (1, 2), (2, 2)])
        k = 1
    else:
        m, n = r.choice([(1, 1), (2, 1), (2, 2), (2, 2), (1, 2), (4, 1), (2, 4), (4, 2), (1, 4)])
        k = 2 if r.random() < 0.08 else 1
    if k == 1 and r.random() < 0.2:
        return shape_or_layout(r, (m, n), 0.3), (m, n, 1)
    return shape_or_layout(r, (m, n, k)), (m, n, k)


def perm_element(r, size):
    """A tile element for a mode whose untouched size is `size`."""
    w = r.random()
    if w < 0.4:
        return "_", size
    mult = r.choice([1, 1, 2, 2, 4]) if size <= 64 else r.choice([1, 2])
    if w < 0.7:
        t = size * mult
        if r.random() < 0.06:
            t = size * mult + r.choice([-8, 8, size // 2 if size >= 4 else 1])
            t = max(t, 1)
        return s(t), t
    t = size * mult
    if t < 4:
        return s(t), t
    shape = factor(r, t) if t & (t - 1) == 0 else [t]
    lay = permuted_layout(r, shape, zero_unit=False)
    if r.random() < 0.05:  # not a permutation: a stride doubled
        lay = lay.rsplit(":", 1)[0] + ":" + tup(s(2 * int(x)) for x in lay.rsplit(":", 1)[1].strip("()").replace("_", "").split(","))
    return lay, t


def tiled_mma(r):
    """(spelling, tile (M,N,K), threads)."""
    atom, (am, an, ak), at = mma_atom(r)
    if r.random() < 0.1:
        atom = f"MMA_Atom<{atom}>"
    lay, (lm, ln, lk) = atom_layout(r, at)
    tile = [am * lm, an * ln, ak * lk]
    threads = at * lm * ln * lk
    if r.random() < 0.12:
        return f"make_tiled_mma({atom})", (am, an, ak), at
    if r.random() < 0.45:
        return f"make_tiled_mma({atom}, {lay})", tuple(tile), threads
    elems, sizes = [], []
    rank = 3 if r.random() < 0.75 else 2
    for i in range(rank):
        e, t = perm_element(r, tile[i])
        elems.append(e)
        sizes.append(t)
    if all(e == "_" for e in elems):
        elems[0], sizes[0] = s(tile[0] * 2), tile[0] * 2
    for i in range(rank):
        tile[i] = sizes[i]
    return f"make_tiled_mma({atom}, {lay}, {tup(elems)})", tuple(tile), threads


def tensor_shape(r, a, b, exact=False):
    fa = 1 if exact else r.choice([1, 1, 2, 2, 3, 4])
    fb = 1 if exact else r.choice([1, 1, 2])
    if r.random() < 0.1:
        return f"({a * fa},{b * fb})"  # dynamic
    return f"({s(a * fa)},{s(b * fb)})"


def bind_or_inline(r, binds, expr):
    """binds: [(name, spelling)]; expr uses the names. Inline the bindings at random."""
    if r.random() < 0.5:
        return "; ".join(f"{n} = {v}" for n, v in binds) + "; " + expr
    for n, v in reversed(binds):
        expr = re.sub(rf"\b{n}\b", lambda _: v, expr)
        binds = [(m, re.sub(rf"\b{n}\b", lambda _: v, w)) for m, w in binds]
    return expr


def mma_case(r):
    m, (tm, tn, tk), threads = tiled_mma(r)
    q = r.choices(["print", "tv", "vmnk", "tile", "pshape", "part", "frag"], [2, 4, 1, 2, 2, 6, 3])[0]
    thr = r.randrange(threads) if r.random() < 0.95 else threads + r.randrange(threads)
    X = r.choice("ABC")
    dims = {"A": (tm, tk), "B": (tn, tk), "C": (tm, tn)}[X]
    if q == "print":
        return bind_or_inline(r, [("M", m)], "M") if r.random() < 0.3 else m
    if q == "tv":
        return bind_or_inline(r, [("M", m)], f"get_layout{X}_TV(M)")
    if q == "vmnk":
        return bind_or_inline(r, [("M", m)], "get_thr_layout_vmnk(M)")
    if q == "tile":
        e = r.choice(["tile_size<0>(M)", "tile_size<1>(M)", "tile_size<2>(M)", "tile_shape(M)", "size(M)", "thr_size(M)"])
        return bind_or_inline(r, [("M", m)], e)
    if q == "pshape":
        return bind_or_inline(r, [("M", m)], f"partition_shape_{X}(M, {tensor_shape(r, *dims)})")
    if q == "part":
        return bind_or_inline(r, [("M", m)], f"partition_{X}(M, {thr}, make_identity_tensor({tensor_shape(r, *dims)}))")
    exact = r.random() < 0.7
    return bind_or_inline(r, [("M", m)], f"partition_fragment_{X}(M, {thr}, make_identity_tensor({tensor_shape(r, *dims, exact)}))")


def thr_val(r, vals, threads, bits):
    """(thr spelling, val spelling, tile (M,N), thread count, values per thread)."""
    if threads == 32:
        tm, tn = r.choice([(32, 1), (16, 2), (8, 4), (4, 8), (32, 2), (16, 4), (32, 4), (8, 8)])
    else:
        tm, tn = r.choice([(8, 4), (16, 8), (32, 4), (4, 8), (8, 8), (16, 16), (32, 8), (8, 16), (64, 1)])
        if r.random() < 0.05:
            tm, tn = r.choice([(3, 4), (6, 2)])
    nv = vals * (r.choice([1, 1, 1, 2]) if threads == 1 else 1)
    if r.random() < 0.08:  # values that do not fit the atom
        nv = max(1, vals // 2) if vals > 1 else 3
    vm, vn = r.choice([(1, nv), (1, nv), (nv, 1)] + ([(2, nv // 2)] if nv >= 4 else []))
    if threads == 32 and r.random() < 0.06:
        tm = tm // 2  # half a warp
    thr = shape_or_layout(r, (tm, tn), 0.5)
    val = tup([s(vm), s(vn)])
    return thr, val, (tm * vm, tn * vn), tm * tn, vm * vn


def copy_case(r):
    atom, vals, threads, bits = copy_atom(r)
    binds = []
    if r.random() < 0.65:
        thr, val, (cm, cn), nthr, nval = thr_val(r, vals, threads, bits)
        c = f"make_tiled_copy({atom}, {thr}, {val})"
    else:
        m, (tm, tn, tk), nthr = tiled_mma(r)
        X = r.choices("ABC", [3, 2, 2])[0]
        if X == "C" and r.random() < 0.2:
            c0 = f"make_tiled_copy_C({atom}, M)"
            atom2, _, _, _ = copy_atom(r)
            binds.append(("M", m))
            binds.append(("C", c0))
            c = f"make_tiled_copy_{r.choice('SD')}({atom2}, C)"
        else:
            binds.append(("M", m))
            c = f"make_tiled_copy_{X}({atom}, M)"
        cm, cn = {"A": (tm, tk), "B": (tn, tk), "C": (tm, tn)}[X]
        nval = vals
    name = "D" if any(n == "C" for n, _ in binds) else "C"
    binds.append((name, c))
    q = r.choices(["print", "tv", "tile", "part", "retile"], [2, 3, 2, 5, 2])[0]
    if q == "print":
        return bind_or_inline(r, binds, name) if len(binds) > 1 or r.random() < 0.3 else c
    if q == "tv":
        return bind_or_inline(r, binds, f"get_layout{r.choice('SD')}_TV({name})")
    if q == "tile":
        return bind_or_inline(r, binds, r.choice([f"tile_size<0>({name})", f"tile_size<1>({name})", f"size({name})"]))
    if q == "part":
        thr = r.randrange(max(nthr, 1))
        return bind_or_inline(r, binds, f"partition_{r.choice('SD')}({name}, {thr}, make_identity_tensor({tensor_shape(r, cm, cn)}))")
    v = nval
    vsh = s(v) if r.random() < 0.6 or v < 4 else tup([s(2), s(v // 2)])
    shape = tup([vsh, s(r.choice([1, 2, 4])), s(r.choice([1, 2]))])
    return bind_or_inline(r, binds, f"retile_{r.choice('SD')}({name}, make_identity_tensor({shape}))")


def main():
    seed, count, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    r = random.Random(seed)
    exprs, seen = [], set()
    while len(exprs) < count:
        e = mma_case(r) if r.random() < 0.6 else copy_case(r)
        if e not in seen:
            seen.add(e)
            exprs.append(e)
    answers = evaluate(exprs, chunk=60, jobs=2)
    with open(out, "w") as f:
        for e, o in zip(exprs, answers):
            f.write(json.dumps({"expr": e, "out": o}) + "\n")
    bad = sum(o.startswith("error") for o in answers)
    print(f"{len(exprs)} cases, {len(exprs) - bad} values, {bad} errors -> {out}")


if __name__ == "__main__":
    main()
