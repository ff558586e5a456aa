#!/usr/bin/env python3
"""Random cases of CuTe's SM100 im2col TMA helpers (copy_traits_sm100_im2col.hpp):
make_im2col_tma_atom_A_sm100 / _B_sm100 and make_im2col_tma_copy_A_sm100 / _B_sm100,
answered by the oracle:

    gen_im2col_sm100_cases.py SEED COUNT OUT.jsonl

Each case draws an activation tensor ((W,N),C) to ((W,H,D,N),C) (channels contiguous,
static), an element type, a tiled UMMA (1SM or 2x1SM, sometimes tiled (_2,_1,_1) or
(_1,_2,_1)), an operand, a tile (M,N,K) of whole atoms, the shared tile as the MMA
partitions it ((MMA, MMA_M, MMA_K), K-major, sometimes M-major or of the wrong shape), an
operation (load, multicast load, store, the SM100 2SM loads), a cluster shape (V,M,N,K),
and asks for the atom, the tiled copy, or a thread's partition. The seven convolution
tuples are the defaults' values, static or dynamic.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cute_oracle import write_drawn_cases  # noqa: E402

# (operation spelled with {t} for the element type, M, N, K of one atom, CTAs of the atom)
MMAS = [
    ("SM100_MMA_F16BF16_SS<{t},{t},float,128,64,K,K>", 128, 64, 16, 1, ["half_t", "bfloat16_t"]),
    ("SM100_MMA_F16BF16_SS<{t},{t},float,64,128,K,K>", 64, 128, 16, 1, ["half_t"]),
    ("SM100_MMA_F16BF16_2x1SM_SS<{t},{t},float,256,128,K,K>", 256, 128, 16, 2, ["half_t"]),
    ("SM100_MMA_TF32_SS<{t},{t},float,128,32,K,K>", 128, 32, 8, 1, ["tfloat32_t"]),
    ("SM100_MMA_S8_SS<{t},{t},int32_t,128,64,K,K>", 128, 64, 32, 1, ["int8_t", "uint8_t"]),
    ("SM100_MMA_F8F6F4_TS<{t},{t},float,128,64,K,K>", 128, 64, 32, 1, ["float_e4m3_t"]),
]
OPS = ["SM90_TMA_LOAD_IM2COL", "SM90_TMA_LOAD_IM2COL", "SM90_TMA_LOAD_IM2COL_MULTICAST",
       "SM90_TMA_STORE_IM2COL", "SM100_TMA_2SM_LOAD_IM2COL", "SM100_TMA_2SM_LOAD_IM2COL_MULTICAST"]


def draw(rng):
    mma, am, an, ak, nv, types = rng.choice(MMAS)
    ty = rng.choice(types)
    spatial = rng.choice([1, 2, 2, 3])
    dims = [rng.choice([4, 8, 16]) for _ in range(spatial)] + [rng.choice([1, 2, 4])]
    c = rng.choice([64, 128, 256])
    strides, acc = [], c
    for d in dims:
        strides.append(acc)
        acc *= d
    shape = "((" + ",".join(f"_{d}" for d in dims) + f"),_{c})"
    stride = "((" + ",".join(f"_{s}" for s in strides) + "),_1)"
    g = f"G = make_tensor(make_gmem_ptr<{ty}>(nullptr), {shape}:{stride}); "
    tm, tn = rng.choice([(1, 1), (1, 1), (1, 1), (2, 1), (1, 2)])
    lay = "" if (tm, tn) == (1, 1) else f", (_{tm},_{tn},_1)"
    m = f"M = make_tiled_mma({mma.format(t=ty)}{lay}); "
    operand = rng.choice("AB")
    tile_m = am * tm * rng.choice([1, 1, 2])
    tile_n = an * tn * rng.choice([1, 1, 2])
    tile_k = ak * rng.choice([1, 2, 4])
    tile = f"(_{tile_m},_{tile_n},_{tile_k})"
    # the shared tile (MMA, MMA_M, MMA_K): this CTA's part of one atom, then the repeats
    mn_atom, mn_tile, mn_thr = (am, tile_m, tm) if operand == "A" else (an, tile_n, tn)
    frg = mn_atom // nv if operand == "A" else mn_atom // nv
    rest_mn = max(1, mn_tile // (mn_atom * mn_thr))
    rest_k = tile_k // ak
    kind = rng.random()
    if kind < 0.75:  # K-major: channels contiguous
        s = (f"((_{frg},_{ak}),_{rest_mn},_{rest_k}):"
             f"((_{ak},_1),_{frg * ak},_{frg * ak * rest_mn})")
    elif kind < 0.9:  # M-major
        s = (f"((_{frg},_{ak}),_{rest_mn},_{rest_k}):"
             f"((_1,_{frg}),_{frg * ak},_{frg * ak * rest_mn})")
    else:  # a tile of the wrong shape
        s = f"(_{frg},_{ak * rest_k}):(_{ak * rest_k},_1)"
    op = rng.choice(OPS)
    zero = "(" + ",".join(["_0"] * spatial) + ")"
    one = "(" + ",".join(["_1"] * spatial) + ")"
    if rng.random() < 0.3:
        zero = "(" + ",".join(["0"] * spatial) + ")"
        one = "(" + ",".join(["1"] * spatial) + ")"
    conv = ", ".join([zero, zero, zero, zero, one, zero, one])
    helper = f"_{operand}_sm100"
    if rng.random() < 0.45:
        cl = rng.choice(["(_1,_1,_1,_1)", "(_1,_2,_1,_1)", "(_1,_1,_2,_1)", "(_1,_2,_2,_1)", "(_2,_1,_1,_1)"])
        return g + m + f"make_im2col_tma_atom{helper}({op}{{}}, G, {s}, {tile}, M, {cl}, {conv})"
    copy = f"make_im2col_tma_copy{helper}({op}{{}}, G, {s}, {tile}, M, {conv})"
    if rng.random() < 0.7:
        return g + m + copy
    return g + m + f"C = {copy}; partition_S(C, 0, make_identity_tensor((_{frg * ak},_{rest_mn},_{rest_k})))"


def main():
    write_drawn_cases(draw, sys.argv, chunk=30)


if __name__ == "__main__":
    main()
