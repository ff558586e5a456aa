#!/usr/bin/env python3
"""Random cases of CuTe's make_tiled_copy_C_atom(copy_atom, tiled_mma), answered by the
oracle:

    gen_c_atom_cases.py SEED COUNT OUT.jsonl

Each case draws an MMA atom (SM80, SM90 GMMA, SM70, UniversalFMA), a tiling of it (atom
layout and sometimes a permutation), a copy atom whose value type matches the accumulator
(UniversalCopy of 32 to 128 bits, the STSM stores for 16-bit accumulators, DefaultCopy),
and asks for the tiled copy, a thread's partition_S/partition_D of an identity tensor of
the MMA's tile, or its source and destination TV layouts. Atoms that move more values than
a thread holds are refused by CuTe; those are cases too.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cute_oracle import write_drawn_cases  # noqa: E402

MMAS = [
    ("SM80_16x8x16_F32F16F16F32_TN", "float"),
    ("SM80_16x8x8_F16F16F16F16_TN", "half_t"),
    ("SM80_16x8x16_F16F16F16F16_TN", "half_t"),
    ("SM80_16x8x32_S32S8S8S32_TN", "int32_t"),
    ("SM80_8x8x4_F64F64F64F64_TN", "double"),
    ("SM70_8x8x4_F32F16F16F32_NT", "float"),
    ("SM90_64x64x16_F32F16F16_SS<K,K>", "float"),
    ("SM90_64x128x16_F16F16F16_SS<K,K>", "half_t"),
    ("SM90_64x32x16_F32BF16BF16_RS<K,K>", "float"),
    ("UniversalFMA<float,float,float,float>", "float"),
]
BITS = {"float": 32, "half_t": 16, "int32_t": 32, "double": 64}


def copies(ty):
    b = BITS[ty]
    out = [f"Copy_Atom<UniversalCopy<uint{w}_t>, {ty}>" for w in (8, 16, 32, 64, 128) if w >= b]
    out.append(f"Copy_Atom<DefaultCopy, {ty}>")
    if b == 16:
        out += [f"Copy_Atom<SM90_U32x{n}_STSM_N, {ty}>" for n in (1, 2, 4)]
        out += [f"Copy_Atom<SM90_U16x{n}_STSM_T, {ty}>" for n in (2, 4, 8)]
    return out


def draw(rng):
    op, ty = rng.choice(MMAS)
    gmma = op.startswith("SM90_64")
    lay = rng.choice(["(_1,_1,_1)", "(_2,_1,_1)", "(_1,_2,_1)", "(_2,_2,_1)", "(_4,_1,_1)"])
    if gmma:
        lay = rng.choice(["(_1,_1,_1)", "(_2,_1,_1)", "(_1,_2,_1)"])
    perm = ""
    if not gmma and rng.random() < 0.25:
        perm = ", " + rng.choice(["(_32,_32,_16)", "(_64,_16,_16)", "(_32,_16,_8)", "(_,_32,_)"])
    mma = f"M = make_tiled_mma({op}, {lay}{perm}); "
    atom = rng.choice(copies(ty))
    cp = f"make_tiled_copy_C_atom({atom}, M)"
    form = rng.random()
    if form < 0.45:
        return mma + cp
    if form < 0.7:
        return mma + f"C = {cp}; get_layoutS_TV(C); get_layoutD_TV(C)"
    nthr = (128 if gmma else 8 if op.startswith("SM70") else 1 if op.startswith("Universal") else 32)
    nthr *= eval(lay.replace("_", "").replace(",", "*"))
    thr = rng.randrange(nthr)
    f = rng.choice(["partition_S", "partition_D"])
    return mma + f"C = {cp}; {f}(C, {thr}, make_identity_tensor((tile_size<0>(M),tile_size<1>(M))))"


def main():
    write_drawn_cases(draw, sys.argv, chunk=50)


if __name__ == "__main__":
    main()
