#!/usr/bin/env python3
"""Random cases of basis-stride layouts (E<i>, scaled bases _2@1) and of the layout
functions CuTe has beyond the core algebra, answered by the CuTe C++ oracle.

  gen_basis_cases.py SEED COUNT OUT.jsonl

Writes JSON lines {"expr", "out"}; then run add_static.py OUT.jsonl for the all-static
answers. Standalone: cute_oracle.py is read from this script's directory.
"""
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cute_oracle import evaluate  # noqa: E402

LEAVES = [1, 2, 2, 3, 4, 4, 8, 8, 16]


def flat(t):
    if isinstance(t, tuple):
        return [y for x in t for y in flat(x)]
    return [t]


def unflat(vals, profile):
    it = iter(vals)

    def go(p):
        if isinstance(p, tuple):
            return tuple(go(x) for x in p)
        return next(it)
    return go(profile)


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)

    def num(self, v, static):
        return f"_{v}" if static else f"{v}"

    def text(self, t, static_p):
        if isinstance(t, tuple):
            return "(" + ",".join(self.text(x, static_p) for x in t) + ")"
        if isinstance(t, str):
            return t
        return self.num(t, self.r.random() < static_p)

    def shape(self, depth=2, top=True):
        r = self.r
        if not top and (depth <= 0 or r.random() < 0.6):
            return r.choice(LEAVES)
        n = r.choice([1, 2, 2, 3]) if top else r.choice([2, 2, 3])
        return tuple(self.shape(depth - 1, False) for _ in range(n))

    def basis(self, scale=1):
        """A basis element: E<i>, E<i,j>, or a scaled one (_2@1, 3@0@1)."""
        r = self.r
        path = [r.choice([0, 0, 1, 1, 2])]
        if r.random() < 0.25:
            path.append(r.choice([0, 1]))
        if scale == 1 and r.random() < 0.6:
            return "E<" + ",".join(map(str, path)) + ">"
        v = self.num(scale, r.random() < 0.8)
        return v + "".join("@" + str(i) for i in reversed(path))

    def basis_layout(self, identity_p=0.5):
        """A layout whose strides are basis elements (an identity layout, permuted or
        scaled), some integer strides mixed in."""
        r = self.r
        s = self.shape(2)
        if len(s) == 1 and r.random() < 0.5:
            s = s[0]
        leaves = flat(s)
        if r.random() < identity_p:
            return f"make_identity_layout({self.text(s, 0.8)})", s
        strides = []
        for _ in leaves:
            k = r.random()
            if k < 0.1:
                strides.append("_0")
            elif k < 0.15:
                strides.append(self.num(r.choice([1, 2, 4]), True))
            else:
                strides.append(self.basis(r.choice([1, 1, 1, 2, 4])))
        d = unflat(strides, s)
        return f"{self.text(s, 0.8)}:{self.text(d, 1)}", s

    def int_layout(self, static_p=0.8):
        r = self.r
        s = self.shape(2)
        if len(s) == 1 and r.random() < 0.5:
            s = s[0]
        leaves = flat(s)
        order = list(range(len(leaves)))
        r.shuffle(order)
        strides, acc = [0] * len(leaves), 1
        for i in order:
            strides[i] = acc
            acc *= leaves[i] * r.choice([1, 1, 2])
        if r.random() < 0.15:
            strides[r.randrange(len(leaves))] = 0
        return f"{self.text(s, static_p)}:{self.text(unflat(strides, s), static_p)}", s

    def coord(self, s):
        r = self.r
        if r.random() < 0.4:
            n = 1
            for x in flat(s):
                n *= x
            return self.num(r.randrange(n), r.random() < 0.5)
        if isinstance(s, tuple):
            return "(" + ",".join(self.coord_full(x) for x in s) + ")"
        return self.num(r.randrange(s), r.random() < 0.5)

    def coord_full(self, s):
        if isinstance(s, tuple):
            if self.r.random() < 0.3:
                n = 1
                for x in flat(s):
                    n *= x
                return self.num(self.r.randrange(n), self.r.random() < 0.5)
            return "(" + ",".join(self.coord_full(x) for x in s) + ")"
        return self.num(self.r.randrange(s), self.r.random() < 0.5)

    def slicer(self, s):
        r = self.r
        if isinstance(s, tuple):
            return "(" + ",".join(self.slicer(x) if r.random() < 0.5 else
                                  ("_" if r.random() < 0.5 else self.coord_full(x)) for x in s) + ")"
        return "_" if r.random() < 0.5 else self.num(r.randrange(s), r.random() < 0.5)

    def tiler(self, s):
        r = self.r
        top = s if isinstance(s, tuple) else (s,)
        parts = []
        for x in top[: r.choice([1, len(top)])]:
            n = 1
            for y in flat(x):
                n *= y
            divs = [d for d in (1, 2, 4, 8, 16) if n % d == 0]
            d = r.choice(divs)
            k = r.random()
            if k < 0.6:
                parts.append(self.num(d, True))
            elif k < 0.8 and n % (2 * d) == 0:
                parts.append(f"_{d}:_2")
            else:
                parts.append("_")
        if len(parts) == 1 and r.random() < 0.5 and parts[0] != "_":
            return parts[0]
        return "(" + ",".join(parts) + ")"

    def basis_case(self):
        r = self.r
        l, s = self.basis_layout()
        k = r.randrange(14)
        if k == 0:
            return l
        if k == 1:
            return f"L={l}; L{self.wrap(self.coord(s))}"
        if k == 2:
            return f"coalesce({l})"
        if k == 3:
            return r.choice(["size", "cosize", "coshape", "coprofile", "rank", "depth", "flatten", "shape", "stride"]) + f"({l})"
        if k == 4:
            return f"slice({self.slicer(s)},{l})"
        if k == 5:
            return f"slice_and_offset({self.slicer(s)},{l})"
        if k == 6:
            return f"dice({self.slicer(s)},{l})"
        if k in (7, 8, 9):
            op = r.choice(["logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "composition"])
            return f"{op}({l},{self.tiler(s)})"
        if k == 10:
            # an integer layout composed with a basis layout that selects its modes
            a, sa = self.int_layout()
            ra = len(sa) if isinstance(sa, tuple) else 1
            sb = self.shape(1)
            bs = [f"E<{r.randrange(ra)}>" if r.random() < 0.8 else f"_2@{r.randrange(ra)}" for _ in sb]
            return f"composition({a},{self.text(sb, 1)}:({','.join(bs)}))"
        if k == 11:
            a, _ = self.int_layout()
            return f"composition({l},{a})"
        if k == 12:
            return f"crd2idx({self.coord(s)},{l})"
        return f"domain_offset({self.coord(s)},{l})"

    def wrap(self, c):
        return c if c.startswith("(") else f"({c})"

    def function_case(self):
        r = self.r
        k = r.randrange(13)
        l, s = self.int_layout(0.85)
        st = self.text(s, 0.85)
        if k == 0:
            return f"zip({l})" if r.random() < 0.5 else f"zip({st})"
        if k == 1:
            m, _ = self.int_layout(0.85)
            return f"zip({l},{m})"
        if k == 2:
            t = self.tiler(s)
            return f"tile_unzip(logical_divide({l},{t}),{t})"
        if k == 3:
            return f"domain_distribute({st if r.random() < 0.7 else l},_{r.choice([1, 2, 4, 6, 8, 16, 32, 64, 128])})"
        if k == 4:
            a, b = r.choice([1, 2, 3, 4, 6, 8, 12, 16]), r.choice([1, 2, 3, 4, 6, 8, 12, 16])
            return f"{r.choice(['lcm', 'gcd'])}({self.num(a, r.random() < 0.7)},{self.num(b, r.random() < 0.7)})"
        if k == 5:
            return f"make_fragment_like({l if r.random() < 0.8 else st})"
        if k == 6:
            m, _ = self.int_layout(0.85)
            return f"compatible({r.choice([l, st])},{r.choice([m, st])})"
        if k == 7:
            flat_s = flat(s)
            order = list(range(len(flat_s)))
            r.shuffle(order)
            return f"make_ordered_layout({st},{self.text(unflat(order, s), 0.8)})"
        if k == 8:
            return f"make_layout_like({l})"
        if k == 9:
            b = self.text(tuple(r.choice([1, 2, 4]) for _ in range(2)), 1)
            tgt = self.text(tuple(r.choice([4, 8, 16]) for _ in range(2)), 0.9)
            order = r.choice(["", ",LayoutLeft", ",LayoutRight", ",(_1,_0)", ",(_0,_1)"])
            return f"tile_to_shape(make_layout({b}),{tgt}{order})"
        if k == 10:
            return f"inner_product({st},{self.text(s, 0.7)})"
        if k == 11:
            return f"elem_scale({st},{self.text(self.shape(1), 0.9)})"
        return f"shape_div({st},{self.num(r.choice([1, 2, 4, 8, 16]), r.random() < 0.8)})"


def main():
    seed, count, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    g = Gen(seed)
    exprs, seen = [], set()
    while len(exprs) < count:
        e = g.basis_case() if g.r.random() < 0.6 else g.function_case()
        if e not in seen:
            seen.add(e)
            exprs.append(e)
    with open(out, "w") as f:
        for e, o in zip(exprs, evaluate(exprs)):
            f.write(json.dumps({"expr": e, "out": o}) + "\n")
    print(f"{out}: {len(exprs)} cases")


if __name__ == "__main__":
    main()
