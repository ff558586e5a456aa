#!/usr/bin/env python3
"""Random cases of CuTe's im2col TMA coordinate tensor (get_tma_tensor of an im2col copy,
built by make_im2col_tma_copy_desc), answered by the oracle:

    gen_im2col_tensor_cases.py SEED COUNT OUT.jsonl

Each case draws an activation tensor ((W,N),C) to ((W,H,D,N),C) (channels contiguous,
static, sometimes dynamic), a shared tile (channel-major, pixel-major or swizzled), an
im2col operation and a form of make_im2col_tma_copy (the short ones, whose convolution
tuples are CuTe's static defaults, or the long ones with corners, paddings, traversal
strides, filter offsets and dilations drawn static or dynamic), sometimes through the SM100
helpers make_im2col_tma_copy_A_sm100 / _B_sm100, and asks for the tensor. CuTe prints it
only where every output extent is static (a dynamic one is a FastDivmod).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cute_oracle import write_drawn_cases  # noqa: E402

TYPES = [("half_t", 16), ("bfloat16_t", 16), ("float", 32), ("uint8_t", 8)]
OPS = ["SM90_TMA_LOAD_IM2COL", "SM90_TMA_LOAD_IM2COL_MULTICAST", "SM90_TMA_STORE_IM2COL",
       "SM100_TMA_2SM_LOAD_IM2COL"]


def tdiv(a, b):
    """C++'s integer division (toward zero)."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def conv_tuples(rng, spatial, dims):
    """The seven tuples: lower/upper corner, lower/upper padding, stride, lower SRT,
    dilation (each static or dynamic, one integer per spatial mode), drawn again until every
    output extent q and filter extent s is positive (a zero or negative extent is no layout:
    CuTe prints a shape _0, rcute refuses it). The language spells no negative static
    integer, so static tuples hold none."""
    static = rng.random() < 0.7
    n = (lambda v: f"_{v}") if static else str
    while True:
        lc = [rng.choice([0, 0, -1, -2]) for _ in range(spatial)]
        uc = [rng.choice([0, 0, -1, 1]) for _ in range(spatial)]
        lp = [rng.choice([0, 0, -1]) for _ in range(spatial)]
        up = [rng.choice([0, 0, 1, 2]) for _ in range(spatial)]
        st = [rng.choice([1, 1, 2]) for _ in range(spatial)]
        lsrt = [rng.choice([0, 0, 1]) for _ in range(spatial)]
        dil = [rng.choice([1, 1, 2, -1]) for _ in range(spatial)]
        if static:
            lc, uc, lp, dil = ([abs(v) for v in t] for t in (lc, uc, lp, dil))
        ok = True
        for i in range(spatial):
            q = tdiv(dims[i] + uc[i] - lc[i] - 1, st[i]) + 1
            pad = up[i] - uc[i] if dil[i] > 0 else lc[i] - lp[i]
            ok &= q >= 1 and 1 + tdiv(pad, dil[i]) >= 1
        if ok:
            break

    def tup(vals):
        return "(" + ",".join(n(v) for v in vals) + ")"

    return ", ".join(tup(t) for t in [lc, uc, lp, up, st, lsrt, dil])


def draw(rng):
    ty, bits = rng.choice(TYPES)
    spatial = rng.choice([1, 2, 2, 3])
    dims = [rng.choice([4, 8, 16]) for _ in range(spatial)] + [rng.choice([1, 2, 4])]
    c = rng.choice([16, 32, 64])
    static = rng.random() < 0.85
    n = (lambda v: f"_{v}") if static else str
    strides, acc = [], c
    for d in dims:
        strides.append(acc)
        acc *= d
    shape = "((" + ",".join(n(d) for d in dims) + f"),{n(c)})"
    stride = "((" + ",".join(n(s) for s in strides) + "),_1)"
    g = f"G = make_tensor(make_gmem_ptr<{ty}>(nullptr), {shape}:{stride}); "
    conv = conv_tuples(rng, spatial, dims) if rng.random() < 0.6 else None
    if rng.random() < 0.25 and conv is not None:
        # an SM100 helper over a tiled UMMA of half_t
        g = g.replace(f"<{ty}>", "<half_t>")
        m = "M = make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,64,K,K>); "
        op = rng.choice(["SM90_TMA_LOAD_IM2COL", "SM100_TMA_2SM_LOAD_IM2COL"])
        kt = rng.choice([1, 2])
        s = f"((_128,_16),_1,_{kt}):((_16,_1),_0,_{128 * 16})"
        copy = f"make_im2col_tma_copy_A_sm100({op}{{}}, G, {s}, (_128,_64,_{16 * kt}), M, {conv})"
        return g + m + f"C = {copy}; get_tma_tensor(C, shape(G))"
    pix = rng.choice([32, 64, 128])
    tc = min(c, rng.choice([16, 32, 64]))
    kind = rng.random()
    if kind < 0.6:
        s = f"(_{pix},_{tc}):(_{tc},_1)"
    elif kind < 0.8:
        s = f"(_{pix},_{tc}):(_1,_{pix})"
    else:
        w = 64 * 8 // bits
        if tc % w:
            w = tc
        s = f"tile_to_shape(composition(Swizzle<3,4,3>{{}}, (_8,_{w}):(_{w},_1)), (_{pix},_{tc}))"
    op = rng.choice(OPS)
    mc = rng.choice(["_1", "_2"]) if "MULTICAST" in op else "_1"
    form = rng.random()
    tail = f", {conv}" if conv is not None else ""
    if form < 0.4:
        args = f"{s}{tail}"
    elif form < 0.7:
        args = f"{s}, (_{pix},_{tc}){tail}"
    else:
        args = f"{s}, (_{pix},_{tc}), {mc}{tail}"
    copy = f"make_im2col_tma_copy({op}{{}}, G, {args})"
    return g + f"C = {copy}; get_tma_tensor(C, shape(G))"


def main():
    write_drawn_cases(draw, sys.argv, chunk=30)


if __name__ == "__main__":
    main()
