#!/usr/bin/env python3
"""Random cases of CuTe's make_tmem_warp_partitioner (copy_traits_sm100.hpp) and its
TV_Tiler's get_slice(warp).partition(tensor), answered by the oracle:

    gen_tmem_partitioner_cases.py SEED COUNT OUT.jsonl

Each case draws a TMEM tensor (an element of 8, 16 or 32 bits; rows in data paths, columns
in columns, sometimes transposed, split or with data paths past 128; or an SM100 UMMA's
accumulator fragment, partition_fragment_C of a tiled UMMA), and asks for warp w's
partition (language: partition(P, w, X), C++: P.get_slice(w).partition(X)) of the TMEM
tensor, of an identity tensor of its shape, or of a global tensor of its shape, or for a
TMEM copy of the fragment. CuTe has no print of the TV_Tiler itself; those cases are
refused by both.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cute_oracle import write_drawn_cases  # noqa: E402

TYPES = [("float", 32), ("int32_t", 32), ("half_t", 16), ("bfloat16_t", 16), ("uint8_t", 8)]
UMMAS = [
    "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>",
    "SM100_MMA_F16BF16_SS<half_t,half_t,float,64,128,UMMA::Major::K,UMMA::Major::K>",
    "SM100_MMA_F16BF16_SS<half_t,half_t,half_t,128,64,UMMA::Major::K,UMMA::Major::MN>",
    "SM100_MMA_F16BF16_SS<half_t,half_t,half_t,64,64,UMMA::Major::K,UMMA::Major::K>",
    "SM100_MMA_TF32_SS<tfloat32_t,tfloat32_t,float,128,128,UMMA::Major::K,UMMA::Major::K>",
    "SM100_MMA_F16BF16_TS<half_t,half_t,float,64,128,UMMA::Major::K,UMMA::Major::K>",
    "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,UMMA::Major::K,UMMA::Major::K>",
    "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>",
]
LOADS = ["SM100_TMEM_LOAD_32dp32b8x", "SM100_TMEM_LOAD_32dp32b1x", "SM100_TMEM_LOAD_16dp256b1x",
         "SM100_TMEM_LOAD_16dp32b4x", "SM100_TMEM_LOAD_32dp32b16x"]


def tmem_tensor(rng):
    ty, bits = rng.choice(TYPES)
    dp = 65536 * 32 // bits
    n = rng.choice([4, 8, 16, 32, 64, 128, 256]) * (32 // bits)
    n = min(n, 512 * 32 // bits)
    kind = rng.random()
    if kind < 0.4:
        m = rng.choice([128, 128, 64, 32, 256])
        lay = f"(_{m},_{n}):(_{dp},_1)"
    elif kind < 0.55:
        lay = f"((_32,_4),_{n}):((_{dp},_{32 * dp}),_1)"
    elif kind < 0.7:
        h = max(n // 2, 1)
        lay = f"(_128,(_{h},_2)):(_{dp},(_1,_{h}))"
    elif kind < 0.85:
        lay = f"(_{n},_128):(_1,_{dp})"
    else:
        lay = f"((_16,_8),_{n}):((_{dp},_{16 * dp}),_1)"
    return f"T = make_tensor(make_tmem_ptr<{ty}>(0), {lay}); ", "T", ty


def draw(rng):
    if rng.random() < 0.3:
        op = rng.choice(UMMAS)
        two = "2x1SM" in op
        shape = "(_256,_256)" if two else rng.choice(["(_128,_256)", "(_128,_128)", "(_256,_128)"])
        pre = f"M = make_tiled_mma({op}); T = partition_fragment_C(M, {shape}); "
        ty = "half_t" if ",half_t,128,64" in op or ",half_t,64,64" in op else "float"
        x = "T"
        if rng.random() < 0.25:
            return pre + f"make_tmem_copy({rng.choice(LOADS)}{{}}, T)"
    else:
        pre, x, ty = tmem_tensor(rng)
    w = rng.randrange(4)
    target = rng.random()
    p = "P = make_tmem_warp_partitioner(T); "
    if target < 0.5:
        return pre + p + f"partition(P, {w}, T)"
    if target < 0.75:
        return pre + p + f"partition(P, {w}, make_identity_tensor(shape(T)))"
    if target < 0.95:
        return pre + p + f"partition(P, {w}, make_tensor(make_gmem_ptr<{ty}>(nullptr), shape(T)))"
    return pre + "make_tmem_warp_partitioner(T)"


def main():
    write_drawn_cases(draw, sys.argv, chunk=50)


if __name__ == "__main__":
    main()
