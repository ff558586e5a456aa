#!/usr/bin/env python3
"""Writes the wide workload (benches/wide.txt): a seeded distribution of operands for every
operation of scripts/compare-peers.sh plus the divides, products and inverses, on layouts
of rank 1 to 4 and depth 1 to 3, all-dynamic, all-static and mixed values, powers of two
and not.

  wide.py [--seed S] [--per-op K] [--out FILE]
  wide.py --golden N --seed S --out FILE.jsonl
  wide.py --dynamic IN --out OUT

Candidates are drawn at random and kept only where both rcute (the `cute` CLI, built from
this checkout) and CuTe C++ (scripts/oracle/cute_oracle.py, the real headers) answer, and
answer the same, so that every kept case compiles in the C++ runner and runs in the
others. The first K kept cases of each operation are written, in the workload format
(`name | expression`). The file is committed; rerun this script to redraw it.

With `--golden N`, N cases of each operation are drawn from the same distribution and
answered by CuTe C++ alone, every one kept (errors too), as golden JSON lines
(`{"expr", "out"}`) for tests/golden/replay.rs: the check that nothing the workload's
filter drops is a disagreement.

With `--dynamic IN`, each case of the workload IN is written with as few static values as
CuTe C++ takes: every integer dynamic (`_4` becomes `4`) where CuTe answers that, else
every shape dynamic and the strides as drawn, else the case as drawn; a form is kept only
where rcute and CuTe answer it alike. This is the setting of CuTe C++ "with dynamic
values": where an operand is static, CuTe folds the operation at compile time, which a
run-time layout, whose static values are data, cannot.
"""
import argparse
import os
import random
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
POW2 = [2, 4, 8, 16, 32]
OTHER = [3, 5, 6, 7, 12]


class Draw:
    def __init__(self, rng):
        self.r = rng

    def leaf_value(self, pow2):
        return self.r.choice(POW2 if pow2 else OTHER + POW2[:2])

    def shape(self, rank, depth, pow2, budget=4096):
        """A nested shape (a list tree of ints) of `rank` top modes and depth <= depth."""
        def node(d):
            if d <= 1 or self.r.random() < 0.5:
                return self.leaf_value(pow2)
            return [node(d - 1) for _ in range(self.r.choice([2, 2, 3]))]
        modes = [node(depth) for _ in range(rank)]
        if depth > 1 and not any(isinstance(m, list) for m in modes):
            modes[self.r.randrange(rank)] = [node(depth - 1) for _ in range(2)]
        return modes

    def strides(self, shape, kind):
        """Strides for a (nested) shape: compact column-major, row-major, with gaps, or
        permuted."""
        leaves = flatten(shape)
        order = list(range(len(leaves)))
        if kind in ("row", "perm"):
            order.reverse() if kind == "row" else self.r.shuffle(order)
        acc, vals = 1, [0] * len(leaves)
        for i in order:
            vals[i] = acc
            acc *= leaves[i] * (self.r.choice([1, 1, 2]) if kind == "gaps" else 1)
        return unflatten(shape, vals)


def flatten(t):
    if isinstance(t, list):
        return [x for e in t for x in flatten(e)]
    return [t]


def unflatten(shape, vals):
    it = iter(vals)

    def go(s):
        if isinstance(s, list):
            return [go(e) for e in s]
        return next(it)
    return go(shape)


def text(t, static):
    """A tree of ints as CuTe notation; `static(value)` says whether a leaf is _N."""
    if isinstance(t, list):
        return "(" + ",".join(text(e, static) for e in t) + ")"
    return f"_{t}" if static(t) else str(t)


def product(t):
    p = 1
    for x in flatten(t):
        p *= x
    return p


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.d = Draw(self.r)

    def statics(self, mix):
        if mix == "dynamic":
            return lambda v: False
        if mix == "static":
            return lambda v: True
        return lambda v: self.r.random() < 0.5

    def layout(self, rank=None, depth=None, mix=None, stride_mix=None, kind=None):
        r = self.r
        rank = rank or r.choice([1, 2, 2, 3, 4])
        depth = depth or r.choice([1, 1, 2, 3])
        pow2 = r.random() < 0.5
        shape = self.d.shape(rank, depth, pow2)
        while product(shape) > 1 << 16:
            shape = self.d.shape(rank, depth, pow2)
        kind = kind or r.choice(["col", "col", "row", "gaps", "perm"])
        stride = self.d.strides(shape, kind)
        mix = mix or r.choice(["dynamic", "static", "mixed"])
        smix = stride_mix or mix
        s = text(shape, self.statics(mix)) if rank > 1 else text(shape[0], self.statics(mix))
        d = text(stride, self.statics(smix)) if rank > 1 else text(stride[0], self.statics(smix))
        return f"{s}:{d}", shape, stride

    def small_layout(self, within):
        """A rank-1 or rank-2 layout that selects from a domain of `within` elements."""
        r = self.r
        divs = [k for k in range(2, within + 1) if within % k == 0] or [1]
        n = r.choice(divs)
        if r.random() < 0.5:
            step = r.choice([k for k in (1, 2, 4, 3) if n * k <= within and within % (n * k) == 0] or [1])
            return f"{n}:{step}"
        rest = within // n
        m = r.choice([k for k in range(1, rest + 1) if rest % k == 0])
        return f"({n},{m}):(1,{n})"

    def tiler(self, shape, as_layouts):
        """A by-mode tiler for a shape: a tuple of sizes or of layouts, one per mode of a
        prefix of the modes."""
        r = self.r
        k = r.randint(1, len(shape))
        parts = []
        for m in shape[:k]:
            n = product(m)
            if as_layouts:
                parts.append(self.small_layout(n))
            else:
                divs = [x for x in range(1, n + 1) if n % x == 0]
                parts.append(str(r.choice(divs)))
        return parts[0] if k == 1 and r.random() < 0.3 else "(" + ",".join(parts) + ")"

    def case(self, op):
        r = self.r
        if op == "composition":
            a, shape, _ = self.layout()
            return f"composition({a}, {self.small_layout(product(shape))})"
        if op == "composition_tiler":
            a, shape, _ = self.layout(rank=r.choice([2, 3, 4]))
            return f"composition({a}, {self.tiler(shape, True)})"
        if op in ("logical_divide", "zipped_divide", "tiled_divide"):
            a, shape, _ = self.layout()
            return f"{op}({a}, {self.tiler(shape, r.random() < 0.5)})"
        if op == "complement":
            a, shape, stride = self.layout(stride_mix="static", kind=r.choice(["col", "gaps", "perm"]))
            cot = max(flatten(stride)[i] * flatten(shape)[i] for i in range(len(flatten(shape))))
            return f"complement({a}, {cot * r.choice([1, 2, 3, 4])})"
        if op == "coalesce":
            a, _, _ = self.layout()
            return f"coalesce({a})"
        if op in ("logical_product", "blocked_product", "raked_product"):
            a, _, _ = self.layout(rank=r.choice([1, 2, 2, 3]), stride_mix="static",
                                  kind=r.choice(["col", "row", "perm"]))
            b, _, _ = self.layout(rank=r.choice([1, 2]), depth=r.choice([1, 1, 2]),
                                  kind=r.choice(["col", "row"]))
            if op != "logical_product" and a.count(",") < 1:
                return None
            return f"{op}({a}, {b})"
        if op in ("right_inverse", "left_inverse"):
            a, _, _ = self.layout(stride_mix="static", kind=r.choice(["col", "row", "perm", "gaps"]))
            return f"{op}({a})"
        if op == "idx2crd":
            _, shape, _ = self.layout()
            s = text(shape, self.statics(r.choice(["dynamic", "mixed"])))
            return f"idx2crd({r.randrange(product(shape))}, {s})"
        if op == "crd2idx":
            _, shape, stride = self.layout(kind=r.choice(["col", "row", "gaps", "perm"]))
            st = self.statics(r.choice(["dynamic", "mixed"]))
            return f"crd2idx({r.randrange(product(shape))}, {text(shape, st)}, {text(stride, st)})"
        raise ValueError(op)


OPS = ["composition", "composition_tiler", "logical_divide", "zipped_divide", "tiled_divide",
       "complement", "coalesce", "logical_product", "blocked_product", "raked_product",
       "right_inverse", "left_inverse", "idx2crd", "crd2idx"]


def answers(cmd, exprs):
    out = subprocess.run(cmd, input="\n".join(exprs) + "\n", capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert len(out) == len(exprs), (cmd, len(out), len(exprs))
    return out


def destatic(expr, strides):
    """`expr` with its static integers (`_N`) dynamic: all of them, or (`strides` false)
    all but those of the strides (after a layout's `:`)."""
    out, i, in_stride, depth = [], 0, False, 0
    while i < len(expr):
        c = expr[i]
        m = re.match(r"_?-?\d+", expr[i:]) if (c == "_" or c == "-" or c.isdigit()) else None
        if m and not (i > 0 and (expr[i - 1].isalnum())):
            tok = m.group(0)
            if tok.startswith("_") and (strides or not in_stride):
                tok = tok[1:]
            out.append(tok)
            i += len(m.group(0))
            if in_stride and depth == 0:
                in_stride = False
            continue
        if c == ":":
            in_stride, depth = True, 0
        elif c == "(" and in_stride:
            depth += 1
        elif c == ")" and in_stride:
            depth -= 1
            if depth == 0:
                in_stride = False
        out.append(c)
        i += 1
    return "".join(out)


def dynamic(cli, src, out):
    """Writes the workload `src` with as few static values as CuTe takes (see the module's
    documentation)."""
    cases = []
    with open(src) as lines:
        for line in lines:
            if line.strip() and not line.startswith("#") and "|" in line:
                name, e = (x.strip() for x in line.split("|", 1))
                forms = []
                for f in (destatic(e, True), destatic(e, False), e):
                    if f not in forms:
                        forms.append(f)
                cases.append((name, forms))
    exprs = sorted({f for _, forms in cases for f in forms})
    mine = {}
    for e in exprs:
        p = subprocess.run([cli, "eval", e], capture_output=True, text=True)
        mine[e] = p.stdout.strip() if p.returncode == 0 else None
    asked = [e for e in exprs if mine[e] is not None]
    cute = dict(zip(asked, answers([sys.executable, os.path.join(ROOT, "scripts", "oracle",
                                                                 "cute_oracle.py"),
                                    "--batch", "/dev/stdin"], asked)))
    counts = [0, 0, 0]
    with open(out, "w") as f:
        f.write(f"# {os.path.basename(src)} with as few static values as CuTe C++ takes "
                "(scripts/peers/wide.py --dynamic):\n"
                "# every integer dynamic, else the shapes dynamic, else as drawn; every case "
                "answered alike by rcute and CuTe C++.\n")
        for name, forms in cases:
            for k, e in enumerate(forms):
                if e in cute and cute[e].strip() == mine[e]:
                    f.write(f"{name} | {e}\n")
                    counts[0 if k == 0 else (2 if e == forms[-1] else 1)] += 1
                    break
    print(f"{sum(counts)} cases: {counts[0]} all dynamic, {counts[1]} with static strides, "
          f"{counts[2]} as drawn", file=sys.stderr)


def golden(g, per_op, out):
    """Writes `per_op` distinct cases of each operation, answered by CuTe C++, as JSON
    lines (`cute_oracle.py --json`)."""
    exprs = []
    for op in OPS:
        n = 0
        while n < per_op:
            c = g.case(op)
            if c is not None and c not in exprs:
                exprs.append(c)
                n += 1
    with open(out, "w") as f:
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "oracle", "cute_oracle.py"),
                        "--json", "--batch", "/dev/stdin"], input="\n".join(exprs) + "\n",
                       stdout=f, text=True, check=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--per-op", type=int, default=6)
    ap.add_argument("--out", default=os.path.join(ROOT, "benches", "wide.txt"))
    ap.add_argument("--cli", default=os.path.join(ROOT, "target", "debug", "cute"))
    ap.add_argument("--golden", type=int, default=0, metavar="N")
    ap.add_argument("--dynamic", metavar="IN")
    a = ap.parse_args()
    if a.dynamic:
        dynamic(a.cli, a.dynamic, a.out)
        return
    g = Gen(a.seed)
    if a.golden:
        golden(g, a.golden, a.out)
        return
    cands = []
    for op in OPS:
        n = 0
        while n < a.per_op * 3:
            c = g.case(op)
            if c is not None and c not in [x for _, x in cands]:
                cands.append((op, c))
                n += 1
    exprs = [c for _, c in cands]
    mine = []
    for e in exprs:
        p = subprocess.run([a.cli, "eval", e], capture_output=True, text=True)
        mine.append(p.stdout.strip() if p.returncode == 0 else None)
    ok = [i for i, m in enumerate(mine) if m is not None]
    cute = answers([sys.executable, os.path.join(ROOT, "scripts", "oracle", "cute_oracle.py"),
                    "--batch", "/dev/stdin"], [exprs[i] for i in ok])
    kept = {op: [] for op in OPS}
    for i, c in zip(ok, cute):
        if c.strip() == mine[i] and len(kept[cands[i][0]]) < a.per_op:
            kept[cands[i][0]].append(exprs[i])
    with open(a.out, "w") as f:
        f.write("# The wide workload of scripts/compare-peers.sh --wide, drawn by scripts/peers/wide.py\n"
                f"# --seed {a.seed} --per-op {a.per_op}: ranks 1-4, depths 1-3, static, dynamic and mixed\n"
                "# values, powers of two and not; every case answered alike by rcute and CuTe C++.\n")
        for op in OPS:
            for k, e in enumerate(kept[op]):
                f.write(f"{op}_{k} | {e}\n")
    for op in OPS:
        print(f"{op}: {len(kept[op])} cases", file=sys.stderr)


if __name__ == "__main__":
    main()
