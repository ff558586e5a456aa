#!/usr/bin/env python3
"""Random tuple tilers for the oracle: composition, the divides and the products of
random layouts (static, dynamic and mixed values, permuted and zero strides) by tuples
of integer (`_1` and `1` among them), layout, `_` and nested elements.

  scripts/gen_tiler_cases.py SEED COUNT > cases.txt       the expressions, one a line
  scripts/gen_tiler_cases.py SEED COUNT OUT.jsonl         the same, answered by the oracle
                                                          (scripts/oracle/) with static answers

The second form is the first followed by
  python3 scripts/oracle/cute_oracle.py --json --batch cases.txt > OUT.jsonl
  python3 scripts/oracle/add_static.py OUT.jsonl

tests/golden/tiler-random.jsonl is `scripts/gen_tiler_cases.py 7 300 tests/golden/tiler-random.jsonl`,
tiler-random-11.jsonl and tiler-random-23.jsonl the same with `11 400` and `23 300`.
"""
import json
import os
import random
import sys

ORACLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")

LEAVES = [1, 2, 2, 3, 4, 4, 6, 8, 8, 16]
OPS = [
    "composition",
    "logical_divide",
    "zipped_divide",
    "tiled_divide",
    "flat_divide",
    "logical_product",
    "zipped_product",
    "tiled_product",
]


def fmt(v, static):
    return ("_" if static else "") + str(v)


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)

    def shape(self, depth=1):
        if depth <= 0 or self.r.random() < 0.6:
            return self.r.choice(LEAVES)
        return tuple(self.shape(depth - 1) for _ in range(self.r.choice([2, 2, 3])))

    def layout(self):
        """A layout in CuTe notation and its rank: compact strides in a random order,
        sometimes a zero stride, values static, dynamic or mixed."""
        r = self.r
        rank = r.choice([2, 2, 3])
        s = tuple(self.shape(1) for _ in range(rank))
        lv = flat(s)
        order = list(range(len(lv)))
        if r.random() < 0.4:
            r.shuffle(order)
        st = [0] * len(lv)
        acc = 1
        for i in order:
            st[i] = acc
            acc *= lv[i]
        if r.random() < 0.2:
            st[r.randrange(len(st))] = 0
        d = rebuild(s, iter(st))
        mode = r.choice(["static", "dynamic", "mixed"])

        def statics(n):
            return iter([mode == "static" or (mode == "mixed" and r.random() < 0.5) for _ in range(n)])

        stride_static = iter([True] * len(lv)) if r.random() < 0.5 else statics(len(lv))
        return fmt_t(s, statics(len(lv))) + ":" + fmt_t(d, stride_static), rank

    def elem(self):
        """A tiler element: an integer, `_`, a one-mode layout, or a pair of elements."""
        r = self.r
        k = r.random()
        st = r.random() < 0.7
        if k < 0.35:
            return fmt(r.choice([1, 1, 2, 4]), st)
        if k < 0.45:
            return "_"
        if k < 0.8:
            n = r.choice([1, 2, 4])
            d = r.choice([1, 2, 3, 0])
            return fmt(n, st) + ":" + fmt(d, r.random() < 0.7)
        return "(" + ",".join(self.elem() for _ in range(2)) + ")"

    def case(self):
        r = self.r
        lay, rank = self.layout()
        t = "(" + ",".join(self.elem() for _ in range(r.randint(1, rank))) + ")"
        op = r.choice(OPS)
        if "product" in op:
            # the products take static tilers: integers and one-mode layouts
            t = "(" + ",".join(
                r.choice([fmt(r.choice([1, 2, 3]), True),
                          fmt(r.choice([1, 2]), True) + ":" + fmt(r.choice([1, 2]), True)])
                for _ in range(r.randint(1, rank))) + ")"
        return f"{op}({lay}, {t})"


def flat(s):
    return [s] if isinstance(s, int) else [x for c in s for x in flat(c)]


def fmt_t(t, statics):
    if isinstance(t, int):
        return fmt(t, next(statics))
    return "(" + ",".join(fmt_t(c, statics) for c in t) + ")"


def rebuild(s, vals):
    if isinstance(s, int):
        return next(vals)
    return tuple(rebuild(c, vals) for c in s)


def main():
    g = Gen(int(sys.argv[1]))
    count = int(sys.argv[2])
    seen, exprs = set(), []
    while len(exprs) < count:
        e = g.case()
        if e not in seen:
            seen.add(e)
            exprs.append(e)
    if len(sys.argv) < 4:
        for e in exprs:
            print(e)
        return
    sys.path.insert(0, ORACLE)
    from add_static import annotate
    from cute_oracle import evaluate

    with open(sys.argv[3], "w") as f:
        for e, out in zip(exprs, evaluate(exprs)):
            f.write(json.dumps({"expr": e, "out": out}) + "\n")
    annotate(sys.argv[3])


if __name__ == "__main__":
    main()
