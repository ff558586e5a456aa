#!/usr/bin/env python3
"""Random cases of an SM100 UMMA's TMEM fragments (CuTe's UMMA::tmem_frg), answered by
the oracle:

    gen_umma_fragment_cases.py SEED COUNT OUT.jsonl

Each case draws a UMMA operation CuTe admits (read from tests/golden/atoms/umma-catalog.jsonl,
the cases CuTe answered), a tiling of it ((_1,_1,_1), (_2,_1,_1), (_1,_2,_1), (_2,_2,_1)),
a tensor shape (multiples of the tile, sometimes with a third mode, sometimes too large for
TMEM or dynamic), and asks for CuTe's free partition_fragment_C(mma, shape) (the TMEM
tensor), a thread's get_slice(thr).partition_fragment_C(T) (its layout), or, for a _TS
atom, a thread's partition_fragment_A.
"""
import json
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cute_oracle import evaluate  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CATALOG = os.path.join(ROOT, "tests", "golden", "atoms", "umma-catalog.jsonl")


def legal_ops():
    ops = []
    for line in open(CATALOG):
        d = json.loads(line)
        if d["out"] == "error":
            continue
        m = re.fullmatch(r"MMA_Atom<(.*)>", d["expr"])
        shape = re.search(r"Shape_MNK:  \(_(\d+),_(\d+),_(\d+)\)", d["out"])
        thr = re.search(r"ThrID:      _(\d+)", d["out"])
        if m and shape and thr:
            ops.append((m.group(1), [int(x) for x in shape.groups()], int(thr.group(1))))
    return ops


def draw(rng, ops):
    op, (am, an, ak), nthr = rng.choice(ops)
    lay = rng.choice(["", "", ", (_2,_1,_1)", ", (_1,_2,_1)", ", (_2,_2,_1)"])
    tm = {"": (1, 1), ", (_2,_1,_1)": (2, 1), ", (_1,_2,_1)": (1, 2), ", (_2,_2,_1)": (2, 2)}[lay]
    mma = f"M = make_tiled_mma({op}{lay}); "
    sm = am * tm[0] * rng.choice([1, 1, 2])
    sn = an * tm[1] * rng.choice([1, 1, 2, 4])
    static = rng.random() < 0.9
    n = (lambda v: f"_{v}") if static else str
    extra = f",{n(rng.choice([2, 3]))}" if rng.random() < 0.2 else ""
    form = rng.random()
    if "_TS" in op and form < 0.3:
        sk = ak * rng.choice([1, 2, 4])
        thr = rng.randrange(nthr * tm[0] * tm[1])
        return mma + f"partition_fragment_A(M, {thr}, make_identity_tensor(({n(sm)},{n(sk)})))"
    if form < 0.65:
        return mma + f"partition_fragment_C(M, ({n(sm)},{n(sn)}{extra}))"
    thr = rng.randrange(nthr * tm[0] * tm[1])
    return mma + f"partition_fragment_C(M, {thr}, make_identity_tensor(({n(sm)},{n(sn)}{extra})))"


def main():
    seed, count, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rng = random.Random(seed)
    ops = legal_ops()
    exprs = [draw(rng, ops) for _ in range(count)]
    answers = evaluate(exprs, chunk=60, jobs=2)
    with open(out, "w") as f:
        for e, a in zip(exprs, answers):
            f.write(json.dumps({"expr": e, "out": a}) + "\n")
    print(f"{count} cases -> {out}")


if __name__ == "__main__":
    main()
