#!/usr/bin/env python3
"""Prints the side-by-side table of scripts/compare-peers.sh from the `name ns_per_op`
files in DIR (rcute, cute, cute_static, pycute, tensor_layouts). A file may hold several
rounds of the same operations; each operation's time is its minimum over the rounds.

Each ratio is the peer's time divided by rcute's time: above 1, rcute is faster. The last
line is the geometric mean, over the operations both have, of rcute's time divided by
CuTe C++'s time with dynamic values (below 1, rcute is faster).

Two rows stand apart and are left out of the counts and the mean: `*_static` (rcute's
`const` layout against CuTe C++ with `Int<N>` values) and `*_walk` (rcute walking every
offset with `Layout::offsets`, against CuTe C++ evaluating the same layout index by index,
its only way)."""
import math
import os
import sys


def read(path):
    out = {}
    if not os.path.exists(path):
        return out
    for line in open(path):
        parts = line.split()
        if len(parts) >= 2 and not line.startswith("#"):
            try:
                v = float(parts[1])
            except ValueError:
                out[parts[0]] = None  # n/a
                continue
            out[parts[0]] = min(v, out.get(parts[0]) or v)
    return out


def fmt(x):
    if x is None:
        return "n/a"
    if x >= 1e6:
        return f"{x / 1e6:.2f}M"
    if x >= 1e4:
        return f"{x / 1e3:.1f}k"
    return f"{x:.1f}"


def main():
    d = sys.argv[1]
    rc = read(os.path.join(d, "rcute"))
    peers = [
        ("CuTe C++ dyn", read(os.path.join(d, "cute"))),
        ("pycute", read(os.path.join(d, "pycute"))),
        ("tensor-layouts", read(os.path.join(d, "tensor_layouts"))),
    ]
    static = read(os.path.join(d, "cute_static"))
    header = f"{'operation (ns/op)':<20}{'rcute':>10}"
    for name, _ in peers:
        header += f"{name:>16}{'ratio':>9}"
    print(header)
    print("-" * len(header))
    names = list(rc)

    def apart(op):
        return op.endswith("_static") or op.endswith("_walk")

    for op in names:
        if apart(op):
            continue
        t = rc[op]
        row = f"{op:<20}{fmt(t):>10}"
        for _, p in peers:
            v = p.get(op)
            ratio = f"{v / t:.2f}x" if v and t else "-"
            row += f"{fmt(v):>16}{ratio:>9}"
        print(row)
    # static layouts: rcute's const layout against CuTe's Int<N> layout
    for op in names:
        if not op.endswith("_static"):
            continue
        t = rc[op]
        v = static.get(op)
        ratio = f"{v / t:.2f}x" if v and t else "-"
        print(f"{op:<20}{fmt(t):>10}{fmt(v):>16}{ratio:>9}   (CuTe C++ with a static layout)")
    # rcute's walk of every offset against CuTe C++ index by index
    for op in names:
        if not op.endswith("_walk"):
            continue
        t = rc[op]
        v = peers[0][1].get(op[: -len("_walk")])
        ratio = f"{v / t:.2f}x" if v and t else "-"
        print(f"{op:<20}{fmt(t):>10}{fmt(v):>16}{ratio:>9}   (rcute's offsets() walk; CuTe C++ by index)")
    logs = [math.log(rc[op] / peers[0][1][op]) for op in names
            if not apart(op) and rc.get(op) and peers[0][1].get(op)]
    print()
    for name, p in peers[1:]:
        both = [op for op in names if not apart(op) and rc.get(op) and p.get(op)]
        if both:
            worst = min(p[op] / rc[op] for op in both)
            print(f"rcute vs {name}: faster on {sum(p[op] > rc[op] for op in both)}/{len(both)}"
                  f" operations, smallest speedup {worst:.1f}x")
    print(f"rcute vs CuTe C++ (dynamic), geomean time ratio: {math.exp(sum(logs) / len(logs)):.2f}")


if __name__ == "__main__":
    main()
