#!/usr/bin/env python3
"""Random cases of the algebra of swizzled (composed) layouts, answered by CuTe C++.

Draws random swizzles Swizzle<B,M,S> (small B, M, S of either sign), random layouts
(power-of-two extents and strides mostly, compact and permuted, static and dynamic,
sometimes other values), offsets, coordinates with '_' and tilers, and asks for every
function CuTe defines on a ComposedLayout: slicing (A(c), slice, slice_and_offset),
composition (with a layout, a tiler, a layout before it, the three-argument form),
right_inverse and left_inverse, coalesce, complement, domain_offset, the divides and the
products, upcast/downcast, max_alignment and the swizzle portions.

  python3 scripts/oracle/gen_composed_cases.py SEED COUNT OUT.jsonl

answers the cases with the oracle (cute_oracle.py, beside this file) and adds the all-static
answers (add_static.py). tests/golden/random-composed.jsonl is `... 5 420 ...`; the cases
where CuTe's answer is not the function its operation defines are in
tests/golden/deviations.jsonl, proved by its law.
"""
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from cute_oracle import evaluate  # noqa: E402
from add_static import make_static  # noqa: E402


def fmt(v, static):
    return ("_" if static else "") + str(v)


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)

    def swizzle(self):
        r = self.r
        b = r.choice([1, 1, 2, 2, 3])
        m = r.choice([0, 0, 1, 2, 3])
        s = r.randint(b, b + 2) * (1 if r.random() < 0.8 else -1)
        return f"Swizzle<{b},{m},{s}>"

    def static(self):
        return self.r.random() < 0.85

    def flat_shape(self, n):
        return [self.r.choice([2, 2, 4, 4, 8, 8, 16] if self.r.random() < 0.9 else [1, 3, 6]) for _ in range(n)]

    def layout(self):
        """A rank-1..3 layout (sometimes nested), compact in a random order, sometimes
        with other strides."""
        r = self.r
        n = r.choice([1, 2, 2, 2, 3, 3])
        shape = self.flat_shape(n)
        order = list(range(n))
        r.shuffle(order)
        strides = [0] * n
        acc = 1
        for i in order:
            strides[i] = acc
            acc *= shape[i]
        if r.random() < 0.2:
            k = r.randrange(n)
            strides[k] = r.choice([0, 1, 2, 4, 16, 32, 3])
        st = all(self.static() for _ in range(1)) and r.random() < 0.85
        sh = [fmt(v, st or r.random() < 0.5) for v in shape]
        sd = [fmt(v, st or r.random() < 0.5) for v in strides]
        if n >= 2 and r.random() < 0.2:
            # nest the first two modes
            return f"(({sh[0]},{sh[1]}){''.join(',' + x for x in sh[2:])}):(({sd[0]},{sd[1]}){''.join(',' + x for x in sd[2:])})", n, shape
        if n == 1 and r.random() < 0.5:
            return f"{sh[0]}:{sd[0]}", n, shape
        return f"({','.join(sh)}):({','.join(sd)})", n, shape

    def offset(self):
        r = self.r
        if r.random() < 0.7:
            return None
        v = r.choice([0, 0, 1, 2, 4, 8, 5, 16, 32, 64])
        return fmt(v, r.random() < 0.7)

    def composed(self):
        sw = self.swizzle()
        lay, n, shape = self.layout()
        off = self.offset()
        if off is None:
            return f"composition({sw}, {lay})", lay, n, shape
        return f"composition({sw}, {off}, {lay})", lay, n, shape

    def coord(self, lay, n, shape):
        """A coordinate with at least one '_' and one integer, matching the top-level modes."""
        r = self.r
        nested = lay.startswith("((")
        top = n - 1 if nested else n
        if top == 1 and not nested:
            return None
        parts = []
        sizes = ([shape[0] * shape[1]] + shape[2:]) if nested else shape
        for k in range(top):
            parts.append(None)
        und = r.randrange(top)
        for k in range(top):
            if k == und:
                parts[k] = "_"
            elif r.random() < 0.3:
                parts[k] = "_"
            else:
                parts[k] = fmt(r.randrange(sizes[k]), r.random() < 0.6)
        if all(p == "_" for p in parts):
            k = (und + 1) % top
            parts[k] = fmt(r.randrange(sizes[k]), r.random() < 0.6)
        return "(" + ",".join(parts) + ")"

    def tiler(self):
        r = self.r
        if r.random() < 0.5:
            return f"_{r.choice([2, 4, 8])}"
        if r.random() < 0.5:
            return f"(_{r.choice([2, 4])},_{r.choice([1, 2, 4])})"
        return f"({r.choice([2, 4])}:{r.choice([1, 2])})"

    def small_layout(self):
        r = self.r
        a, b = r.choice([1, 2, 4]), r.choice([1, 2, 4])
        if r.random() < 0.5:
            return f"(_{a},_{b}):(_1,_{a})"
        return f"(_{a},_{b}):(_{b},_1)"

    def case(self):
        r = self.r
        a, lay, n, shape = self.composed()
        kind = r.choice([
            "apply_slice", "apply_slice", "slice", "slice_and_offset", "slice_and_offset",
            "composition", "composition_tiler", "layout_composed", "composed_composed",
            "right_inverse", "right_inverse", "left_inverse", "left_inverse",
            "coalesce", "coalesce_by", "complement", "domain_offset",
            "logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
            "logical_product", "zipped_product", "tiled_product", "flat_product",
            "blocked_product", "raked_product", "upcast", "downcast", "max_alignment",
            "max_alignment_plain", "get_swizzle_portion", "get_nonswizzle_portion",
            "plain_portions", "apply",
        ])
        pre = f"A = {a}; "
        if kind in ("apply_slice", "slice", "slice_and_offset"):
            c = self.coord(lay, n, shape)
            if c is None:
                c = "(_)"
            if kind == "apply_slice":
                return pre + f"A{c}"
            return pre + f"{kind}({c}, A)"
        if kind == "apply":
            c = "(" + ",".join(fmt(r.randrange(max(1, s)), r.random() < 0.5) for s in shape[: (n - 1 if lay.startswith('((') else n)]) + ")"
            return pre + f"A{c}" if n > 1 else pre + f"A({fmt(r.randrange(shape[0]), True)})"
        if kind == "composition":
            return pre + f"composition(A, {self.small_layout()})"
        if kind == "composition_tiler":
            return pre + f"composition(A, {self.tiler()})"
        if kind == "layout_composed":
            sw = self.swizzle()
            return f"B = composition({sw}, {self.small_layout()}); composition({self.layout()[0]}, B)"
        if kind == "composed_composed":
            return pre + f"B = composition({self.swizzle()}, {self.small_layout()}); composition(A, B)"
        if kind in ("right_inverse", "left_inverse", "coalesce", "complement",
                    "max_alignment", "get_swizzle_portion", "get_nonswizzle_portion"):
            return pre + f"{kind}(A)"
        if kind == "coalesce_by":
            return pre + "coalesce(A, " + ("(_1,_1))" if n >= 2 and not lay.startswith("((") else "_1)")
        if kind == "domain_offset":
            c = "(" + ",".join(fmt(r.randrange(max(1, s)), r.random() < 0.5) for s in shape[: (n - 1 if lay.startswith('((') else n)]) + ")"
            return pre + f"domain_offset({c}, A)"
        if kind.endswith("_divide") or kind in ("logical_product", "zipped_product", "tiled_product", "flat_product"):
            return pre + f"{kind}(A, {self.tiler()})"
        if kind in ("blocked_product", "raked_product"):
            return pre + f"{kind}(A, {self.small_layout()})"
        if kind in ("upcast", "downcast"):
            return pre + f"{kind}<{r.choice([2, 2, 4, 8])}>(A)"
        if kind == "max_alignment_plain":
            return f"max_alignment({lay})"
        if kind == "plain_portions":
            return f"{r.choice(['get_swizzle_portion', 'get_nonswizzle_portion'])}({lay})"
        raise ValueError(kind)


def main():
    seed, count, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    g = Gen(seed)
    exprs, seen = [], set()
    while len(exprs) < count:
        e = g.case()
        if e not in seen:
            seen.add(e)
            exprs.append(e)
    rows = [{"expr": e, "out": o} for e, o in zip(exprs, evaluate(exprs))]
    todo = [i for i, row in enumerate(rows)
            if make_static(row["expr"]).replace(" ", "") != row["expr"].replace(" ", "")]
    statics = evaluate([make_static(rows[i]["expr"]) for i in todo])
    for i, s in zip(todo, statics):
        rows[i]["static_expr"] = make_static(rows[i]["expr"])
        rows[i]["static_out"] = s
    with open(out, "w") as f:
        for row in rows:
            f.write(json.dumps(row) + "\n")
    print(f"{out}: {len(rows)} cases, {sum(r['out'] == 'error' for r in rows)} refused by CuTe")


if __name__ == "__main__":
    main()
