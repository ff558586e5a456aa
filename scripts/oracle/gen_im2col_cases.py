#!/usr/bin/env python3
"""Random cases of CuTe's im2col TMA (make_im2col_tma_copy, copy_traits_sm90_im2col.hpp),
answered by the oracle:

    gen_im2col_cases.py SEED COUNT OUT.jsonl

Each case draws an activation tensor ((W,N),C), ((W,H,N),C) or ((W,H,D,N),C) (NHWC:
channels contiguous, sometimes padded pixel strides, static or dynamic extents), an element
type, a shared tile of pixels x channels (channel-major, pixel-major, or a swizzle atom
tiled to the tile), an operation (load, multicast load, store, the SM100 2SM loads), a form
(the tile's shape as the CTA tiler or an explicit one, a multicast, the seven convolution
tuples), and asks for the tiled copy or a thread's partition of a tile. CuTe refuses many
draws (a tile that walks channels in one mode only, a multicast that does not divide);
those are cases too. The TMA coordinate tensor (get_tma_tensor) has its own generator,
gen_im2col_tensor_cases.py.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cute_oracle import write_drawn_cases  # noqa: E402

TYPES = [("half_t", 16), ("bfloat16_t", 16), ("float", 32), ("uint8_t", 8), ("float_e4m3_t", 8)]
OPS = ["SM90_TMA_LOAD_IM2COL", "SM90_TMA_LOAD_IM2COL", "SM90_TMA_LOAD_IM2COL_MULTICAST",
       "SM90_TMA_STORE_IM2COL", "SM100_TMA_2SM_LOAD_IM2COL", "SM100_TMA_2SM_LOAD_IM2COL_MULTICAST"]


def draw(rng):
    ty, bits = rng.choice(TYPES)
    spatial = rng.choice([1, 2, 2, 3])
    dims = [rng.choice([4, 8, 16]) for _ in range(spatial)] + [rng.choice([1, 2, 4])]
    c = rng.choice([16, 32, 64, 128])
    static = rng.random() < 0.7
    n = (lambda v: f"_{v}") if static else str
    pad = rng.choice([0, 0, 0, 8])
    strides, acc = [], c + pad
    for d in dims:
        strides.append(acc)
        acc *= d
    shape = "((" + ",".join(n(d) for d in dims) + f"),{n(c)})"
    stride = "((" + ",".join(n(s) for s in strides) + "),_1)"
    g = f"G = make_tensor(make_gmem_ptr<{ty}>(nullptr), {shape}:{stride}); "
    pix = rng.choice([32, 64, 128])
    tc = rng.choice([16, 32, 64])
    kind = rng.random()
    if kind < 0.5:
        s = f"(_{pix},_{tc}):(_{tc},_1)"
    elif kind < 0.65:
        s = f"(_{pix},_{tc}):(_1,_{pix})"
    else:
        w = 64 * 8 // bits  # a 128B row of elements
        if tc % w:
            w = tc
        s = f"tile_to_shape(composition(Swizzle<3,4,3>{{}}, (_8,_{w}):(_{w},_1)), (_{pix},_{tc}))"
    op = rng.choice(OPS)
    form = rng.random()
    mc = rng.choice(["_1", "_2", "_4"]) if "MULTICAST" in op else "_1"
    conv = ""
    if rng.random() < 0.25:
        z = "(" + ",".join(["0"] * spatial) + ")"
        one = "(" + ",".join(["1"] * spatial) + ")"
        conv = ", " + ", ".join([z, z, z, z, one, z, one])
    if form < 0.35:
        args = f"{s}{conv}"
    elif form < 0.6:
        args = f"{s}, (_{pix},_{tc}){conv}"
    else:
        args = f"{s}, (_{pix},_{tc}), {mc}{conv}"
    copy = f"make_im2col_tma_copy({op}{{}}, G, {args})"
    if rng.random() < 0.75:
        return g + copy
    # the copy's threads: the multicast's CTAs (CuTe does not check the index)
    thr = rng.randrange(int(mc[1:])) if form >= 0.6 else 0
    return g + f"C = {copy}; partition_S(C, {thr}, make_identity_tensor((_{pix},_{tc})))"


def main():
    write_drawn_cases(draw, sys.argv, chunk=40)


if __name__ == "__main__":
    main()
