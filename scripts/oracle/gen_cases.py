#!/usr/bin/env python3
"""Random CuTe-notation test cases, answered by the CuTe C++ oracle.

  gen_cases.py SEED COUNT OUT.jsonl [--mix core|algebra|all]

Writes JSON lines {"expr", "out"}: out is CuTe C++'s printed output (tables keep
their lines), or 'error' where CuTe rejects the case (a static_assert or an abort).
"""
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cute_oracle import evaluate  # noqa: E402  (the copy next to this file)

LEAVES = [1, 2, 2, 2, 3, 4, 4, 4, 6, 8, 8, 16, 32]


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)

    def shape(self, depth=2, top=True):
        r = self.r
        if not top and (depth <= 0 or r.random() < 0.6):
            return r.choice(LEAVES)
        n = r.choice([1, 2, 2, 2, 3]) if top else r.choice([2, 2, 3])
        return tuple(self.shape(depth - 1, False) for _ in range(n))

    def stride_for(self, shape, kind):
        """Strides congruent to shape: compact col/row major, permuted, gapped, with zeros."""
        leaves = flat(shape)
        order = list(range(len(leaves)))
        if kind == "row":
            order.reverse()
        elif kind in ("perm", "gap", "zero"):
            self.r.shuffle(order)
        strides = [0] * len(leaves)
        acc = 1
        for i in order:
            strides[i] = acc
            acc *= leaves[i] * (self.r.choice([1, 1, 2, 3]) if kind == "gap" else 1)
        if kind == "zero":
            strides[self.r.randrange(len(leaves))] = 0
        return unflat(strides, shape)

    def layout(self, static, depth=2, kinds=("col", "row", "perm", "gap", "zero")):
        s = self.shape(depth)
        if len(s) == 1 and self.r.random() < 0.5:
            s = s[0]
        d = self.stride_for(s, self.r.choice(kinds))
        return s, d


def flat(t):
    if isinstance(t, tuple):
        out = []
        for x in t:
            out += flat(x)
        return out
    return [t]


def unflat(vals, profile):
    it = iter(vals)

    def go(p):
        if isinstance(p, tuple):
            return tuple(go(x) for x in p)
        return next(it)
    return go(profile)


def fmt(t, static):
    if isinstance(t, tuple):
        return "(" + ",".join(fmt(x, static) for x in t) + ")"
    st = static(t) if callable(static) else static
    return f"_{t}" if st else str(t)


def lay(sd, static):
    s, d = sd
    return f"{fmt(s, static)}:{fmt(d, static)}"


def case(g, mix):
    r = g.r
    mode = r.choice(["static", "static", "dynamic", "mixed"])
    if mode == "mixed":
        static = lambda v: r.random() < 0.5
    else:
        static = mode == "static"
    A = g.layout(static)
    a = lay(A, static)
    size_a = 1
    for x in flat(A[0]):
        size_a *= x
    core = [
        lambda: a,
        lambda: f"size({a})", lambda: f"cosize({a})", lambda: f"rank({a})", lambda: f"depth({a})",
        lambda: f"shape({a})", lambda: f"stride({a})",
        lambda: f"A = {a}; A({r.randrange(size_a)})",
        lambda: f"idx2crd({r.randrange(size_a)}, {fmt(A[0], static)})",
        lambda: f"crd2idx({r.randrange(size_a)}, {fmt(A[0], static)}, {fmt(A[1], static)})",
        lambda: f"flatten({a})",
        lambda: f"make_layout({fmt(A[0], static)})",
        lambda: f"make_layout({fmt(A[0], static)}, LayoutRight)",
        lambda: f"make_layout({a}, {lay(g.layout(static, 1), static)})",
        lambda: f"append({a}, {lay(g.layout(static, 1), static)})",
        lambda: f"prepend({a}, {lay(g.layout(static, 1), static)})",
        lambda: f"layout<0>({a})",
        lambda: f"get<0>({fmt(A[0], static)})",
        lambda: f"product({fmt(A[0], static)})",
        lambda: f"compatible({fmt(A[0], static)}, {fmt(g.shape(), static)})",
        lambda: f"congruent({fmt(A[0], static)}, {fmt(A[1], static)})",
        lambda: f"select<0>({a})",
        lambda: f"take<0,1>({a})",
        lambda: f"group<0,1>({a})",
        lambda: f"slice((_,{r.randrange(2)}), {a})" if isinstance(A[0], tuple) and len(A[0]) == 2 else f"slice(_, {a})",
        lambda: f"dice((_,{r.randrange(2)}), {a})" if isinstance(A[0], tuple) and len(A[0]) == 2 else f"dice(_, {a})",
        lambda: (f"print_layout({a})" if isinstance(A[0], tuple) and len(A[0]) == 2 else f"print_layout(make_layout({a}, 1:0))") if size_a <= 256 else f"size({a})",
    ]
    algebra = [
        lambda: f"coalesce({a})",
        lambda: f"filter({a})",
        lambda: f"filter_zeros({a})",
        lambda: f"composition({a}, {lay(g.layout(static, 1), static)})",
        lambda: f"composition({a}, {fmt(r.choice([2, 4, 8, 3, 6]), static)}:{fmt(r.choice([1, 2, 4]), static)})",
        lambda: f"complement({a}, {fmt(r.choice([64, 128, 256, 1024]), static)})",
        lambda: f"complement({a})",
        lambda: f"right_inverse({a})",
        lambda: f"left_inverse({a})",
        lambda: f"logical_divide({a}, {fmt(r.choice([2, 4, 8]), static)}:{fmt(r.choice([1, 2]), static)})",
        lambda: f"logical_divide({a}, {fmt(tuple(r.choice([1, 2, 4]) for _ in range(1)), static)})",
        lambda: f"zipped_divide({a}, {fmt(r.choice([2, 4]), static)}:{fmt(1, static)})",
        lambda: f"logical_product({a}, {lay(g.layout(static, 1), static)})",
        lambda: f"blocked_product({a}, {lay(g.layout(static, 1, ('col', 'row')), static)})",
        lambda: f"raked_product({a}, {lay(g.layout(static, 1, ('col', 'row')), static)})",
        lambda: f"max_common_vector({a}, {a})",
        lambda: f"max_common_layout({a}, {lay(g.layout(static), static)})",
        lambda: f"tiled_divide({a}, {fmt(r.choice([2, 4]), static)}:{fmt(1, static)})",
        lambda: f"flat_divide({a}, {fmt(r.choice([2, 4]), static)}:{fmt(1, static)})",
        lambda: f"logical_divide({a}, ({fmt(r.choice([2, 4]), static)}:{fmt(r.choice([1, 2]), static)}, {fmt(r.choice([1, 2]), static)}:{fmt(1, static)}))",
        lambda: f"zipped_product({a}, {lay(g.layout(static, 1), static)})",
        lambda: f"tiled_product({a}, {lay(g.layout(static, 1), static)})",
        lambda: f"flat_product({a}, {lay(g.layout(static, 1), static)})",
        lambda: f"coalesce({a}, {fmt(tuple(1 for _ in (A[0] if isinstance(A[0], tuple) else (A[0],))), True)})",
        lambda: f"upcast<{r.choice([2, 4])}>({a})",
        lambda: f"downcast<{r.choice([2, 4])}>({a})",
        lambda: f"nullspace({a})",
        lambda: f"composition({a}, ({lay(g.layout(static, 0), static)}, {lay(g.layout(static, 0), static)}))",
    ]
    pool = {"core": core, "algebra": algebra, "all": core + algebra}[mix]
    return r.choice(pool)()


def main():
    seed, count, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    mix = sys.argv[5] if len(sys.argv) > 5 and sys.argv[4] == "--mix" else "all"
    g = Gen(seed)
    exprs, seen = [], set()
    while len(exprs) < count:
        e = case(g, mix)
        if e not in seen:
            seen.add(e)
            exprs.append(e)
    results = evaluate(exprs)
    with open(out, "w") as f:
        for e, res in zip(exprs, results):
            f.write(json.dumps({"expr": e, "out": res}) + "\n")


if __name__ == "__main__":
    main()
