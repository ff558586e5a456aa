#!/usr/bin/env python3
"""Random cases of CuTe's TMA API (make_tma_atom, make_tma_copy, get_tma_tensor,
tma_partition), answered by the oracle:

    gen_tma_cases.py [--internal] SEED COUNT OUT.jsonl

Each case draws an element type, a 2-D or 3-D global tensor (K- or MN-major, static or
dynamic extents, padded strides), a shared tile (compact either way, or a swizzle atom tiled
to the tile's shape), an operation and a multicast, and asks for one of: the atom, the TMA
tensor, the tiled copy, a thread's partition of a CTA tile, or tma_partition. Many draws
are refused by CuTe (a box over 256, a stride not a multiple of 16 bytes, majors that
disagree); those are cases too. With `--internal`, every copy and atom moves the elements
as a TMA internal type (`make_tma_copy<uint8_t>(...)`, CuTe's `TmaInternalType`): an
unsigned type whose bits divide the element's, now and then a wider one.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cute_oracle import write_drawn_cases  # noqa: E402

TYPES = [("uint8_t", 8), ("half_t", 16), ("bfloat16_t", 16), ("float", 32), ("double", 64)]
INTERNAL_TYPES = [("uint8_t", 8), ("uint16_t", 16), ("uint32_t", 32), ("uint64_t", 64)]
INTERNAL = "--internal" in sys.argv


def num(v, static):
    return f"_{v}" if static else str(v)


def draw(rng):
    ty, bits = rng.choice(TYPES)
    targ = ""
    if INTERNAL:
        narrower = [t for t, b in INTERNAL_TYPES if bits % b == 0]
        wider = [t for t, b in INTERNAL_TYPES if b > bits]
        pick = rng.choice(wider) if wider and rng.random() < 0.15 else rng.choice(narrower)
        targ = f"<{pick}>"
    rank = rng.choice([2, 2, 2, 3])
    k_major = rng.random() < 0.6
    static = rng.random() < 0.3
    tm = rng.choice([8, 16, 32, 64, 128, 256])
    tk = rng.choice([8, 16, 32, 64, 128])
    m = tm * rng.choice([1, 2, 4, 16])
    k = tk * rng.choice([1, 2, 4, 8])
    pad = rng.choice([0, 0, 0, 8, 64 // (bits // 8) if bits < 64 else 8])
    if k_major:
        gstride = [k + pad, 1]
    else:
        gstride = [1, m + pad]
    gshape = [m, k]
    if rank == 3:
        gshape.append(rng.choice([2, 3, 8]))
        gstride.append((max(gstride) * (m if k_major else k)) + rng.choice([0, 64]))
    shape = "(" + ",".join(num(v, static) for v in gshape) + ")"
    stride = "(" + ",".join("_1" if d == 1 else num(d, static) for d in gstride) + ")"
    g = f"make_tensor(make_gmem_ptr<{ty}>(nullptr), {shape}:{stride})"
    # the shared tile: compact K- or MN-major (usually the global's), or a swizzle atom
    s_major_k = k_major if rng.random() < 0.85 else not k_major
    sw = rng.random() < 0.4
    if sw:
        span = rng.choice([32, 64, 128])
        b = {32: 1, 64: 2, 128: 3}[span]
        per = span * 8 // bits  # elements in the swizzle's span
        mm = {8: 0, 16: 1, 32: 2, 64: 3}[bits] if bits <= 64 else 0
        mbits = max(4 - mm, 0)
        if s_major_k:
            atom = f"composition(Swizzle<{b},{mbits},3>{{}}, (_8,_{per}):(_{per},_1))"
        else:
            atom = f"composition(Swizzle<{b},{mbits},3>{{}}, (_{per},_8):(_1,_{per}))"
        s = f"tile_to_shape({atom}, (_{tm},_{tk}))"
    elif s_major_k:
        s = f"(_{tm},_{tk}):(_{tk},_1)"
    else:
        s = f"(_{tm},_{tk}):(_1,_{tm})"
    tile = f"(_{tm},_{tk})" if rank == 2 else f"(_{tm},_{tk},_1)"
    op, mc = rng.choice([("SM90_TMA_LOAD", 1), ("SM90_TMA_LOAD", 1), ("SM90_TMA_STORE", 1),
                         ("SM90_TMA_LOAD_MULTICAST", 2), ("SM90_TMA_LOAD_MULTICAST", 4)])
    what = rng.choice(["atom", "tensor", "copy", "partition", "tma_partition"])
    pre = f"G = {g}; S = {s}; "
    if what == "atom":
        return pre + f"make_tma_atom{targ}({op}{{}}, G, S, {tile}, _{mc})"
    if what == "tensor":
        return pre + f"A = make_tma_atom{targ}({op}{{}}, G, S, {tile}, _{mc}); get_tma_tensor(A, shape(G))"
    if what == "copy":
        return pre + f"make_tma_copy{targ}({op}{{}}, G, S, {tile}, _{mc})"
    coord = "(1,_)" if rank == 2 else "(1,_,_)"
    ltile = f"(_{tm},_{tk})"
    if what == "partition":
        thr = rng.randrange(mc)
        return pre + (f"C = make_tma_copy{targ}({op}{{}}, G, S, {tile}, _{mc}); "
                      f"partition_S(C, {thr}, local_tile(get_tma_tensor(C, shape(G)), {ltile}, {coord}))")
    cta = rng.randrange(mc)
    return pre + (f"A = make_tma_atom{targ}({op}{{}}, G, S, {tile}, _{mc}); "
                  f"gA = local_tile(get_tma_tensor(A, shape(G)), {ltile}, {coord}); "
                  f"tma_partition(A, _{cta}, make_layout(_{mc}), "
                  f"group_modes<0,2>(make_tensor(make_smem_ptr<{ty}>(nullptr), S)), group_modes<0,2>(gA))")


def main():
    write_drawn_cases(draw, [a for a in sys.argv if a != "--internal"], chunk=60, distinct=False)


if __name__ == "__main__":
    main()
