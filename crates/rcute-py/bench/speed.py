#!/usr/bin/env python3
"""rcute.pycute against pycute on pycute's own operations, in one run, on operands drawn
at random (seeded) from GEMM-like tilings: composition by mode, logical_divide,
complement, logical_product, coalesce, indexing. Calls included (each operation is a
Python call on prebuilt operands, timed over all the operands); prints ns per call and
the ratio pycute / rcute.pycute.

    python3 speed.py [--seed N] [--operands N]

pycute comes from $PYCUTE_SITE, else the nvidia-cutlass wheel (tests/pycute_site.py).
"""
import argparse
import os
import random
import sys
import timeit

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
from pycute_site import import_pycute  # noqa: E402

import rcute  # noqa: E402
import rcute.pycute as R  # noqa: E402

P = import_pycute()


def pow2(rng, lo, hi):
    return 1 << rng.randint(lo, hi)


def draw(rng):
    """Operands of one GEMM-like tiling: a column- or row-major M x K matrix, a CTA tile, a
    thread layout, a TV-like layout, a partitioned tile."""
    m, k = pow2(rng, 6, 13), pow2(rng, 6, 13)
    bm, bk = pow2(rng, 4, 7), pow2(rng, 3, 6)
    A = ((m, k), (1, m)) if rng.random() < 0.5 else ((m, k), (k, 1))
    tv = (((4, 8), (2, rng.choice([2, 4]))), ((bm * 2, 1), (8, bm * 16)))
    part = (((2, 4), (8, rng.choice([16, 32]))), ((1, 2), (8, 64)))
    atom = ((16, 8), (1, 16))
    rep = ((rng.choice([1, 2, 4]), rng.choice([2, 4])), (rng.choice([2, 4]), 1))
    return dict(A=A, tile=(bm, bk), tv=tv, cot=bm * bk * 8, part=part, atom=atom, rep=rep,
                idx=rng.randrange(m * k))


def calls(lib, ops):
    """The operations on every operand set, as (name, list of zero-argument callables)."""
    L = lib.Layout
    out = {n: [] for n in ["composition (by mode)", "logical_divide", "complement",
                           "logical_product", "coalesce", "indexing L(i)", "indexing L(m,k)"]}
    for o in ops:
        A = L(*o["A"])
        by_mode = (L(o["tile"][0], 1), L(o["tile"][1], 1))
        tv, part, atom, rep = L(*o["tv"]), L(*o["part"]), L(*o["atom"]), L(*o["rep"])
        f = lib
        out["composition (by mode)"].append(lambda f=f, A=A, t=by_mode: f.composition(A, t))
        out["logical_divide"].append(lambda f=f, A=A, t=o["tile"]: f.logical_divide(A, t))
        out["complement"].append(lambda f=f, x=tv, n=o["cot"]: f.complement(x, n))
        out["logical_product"].append(lambda f=f, a=atom, r=rep: f.logical_product(a, r))
        out["coalesce"].append(lambda f=f, x=part: f.coalesce(x))
        out["indexing L(i)"].append(lambda A=A, i=o["idx"]: A(i))
        out["indexing L(m,k)"].append(lambda A=A, c=(o["idx"] % 64, o["idx"] % 32): A(c))
    return out


def per_call(fns, repeat):
    def run():
        for fn in fns:
            fn()

    best = min(timeit.repeat(run, number=1, repeat=repeat))
    return best / len(fns) * 1e9


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--operands", type=int, default=400)
    ap.add_argument("--repeat", type=int, default=7)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    ops = [draw(rng) for _ in range(a.operands)]
    mine, theirs = calls(R, ops), calls(P, ops)
    # the same answers, first
    for name in mine:
        for f, g in zip(mine[name], theirs[name]):
            assert str(f()) == str(g()), (name, str(f()), str(g()))
    print(f"{a.operands} operand sets (seed {a.seed}), best of {a.repeat}, ns per call")
    print(f"{'operation':24} {'rcute.pycute':>12} {'pycute':>10} {'ratio':>8}")
    ratios = []
    for name in mine:
        r, p = per_call(mine[name], a.repeat), per_call(theirs[name], a.repeat)
        ratios.append(p / r)
        print(f"{name:24} {r:12.0f} {p:10.0f} {p / r:7.1f}x")
    print(f"lowest ratio: {min(ratios):.1f}x")
    # what the loop and a Python call cost by themselves: a lambda calling a builtin of one
    # argument, as the lambdas above call the operations
    floor = per_call([lambda x=o["idx"]: abs(x) for o in ops], a.repeat)
    print(f"floor (a lambda calling abs(i), the timing loop included): {floor:.0f} ns per call")
    # what a call into the extension module costs by itself: a lambda calling a native
    # function of one argument that does next to nothing (it stores a flag; PyO3, without
    # METH_FASTCALL in the wheel for CPython 3.9, with it in the wheel for 3.10)
    native = rcute._rcute.pycute._set_checked
    floor = per_call([lambda f=native: f(False) for _ in ops], a.repeat)
    print(f"floor of the binding (a lambda calling a native function of one argument that "
          f"does next to nothing): {floor:.0f} ns per call")
    # what a call of an object of the extension costs by itself, the floor of L(i): CPython
    # builds an argument tuple for `__call__` (tp_call) whichever the wheel, PyO3 parses it
    obj = rcute._rcute.pycute._CallFloor()
    floor = per_call([lambda f=obj, x=o["idx"]: f(x) for o in ops], a.repeat)
    print(f"floor of L(i) (a lambda calling an object of the extension whose __call__ answers "
          f"its argument): {floor:.0f} ns per call")


if __name__ == "__main__":
    main()
