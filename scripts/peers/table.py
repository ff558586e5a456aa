#!/usr/bin/env python3
"""Prints the side-by-side table of scripts/compare-peers.sh from the `name ns_per_op`
files in DIR (rcute, rcute_typed, cute, cute_static, pycute, tensor_layouts). A file may
hold several rounds of the same operations; each operation's time is its minimum over the
rounds.

Two rcute columns: `rcute`, layouts built at run time (`rcute::Layout`, structure and
values at run time, as in pycute and tensor-layouts), and `rcute typed`, layouts whose
structure is a type and whose values are known only at run time (`rcute::typed`), CuTe
C++'s own setting for dynamic values. Each ratio is the peer's time divided by the time of
rcute in the peer's setting (typed for CuTe C++, run-time layouts for the Python
libraries, whose layouts are run-time values): above 1, rcute is faster. The summary lines
give the Python libraries against both.

The last lines are the geometric means, over the operations both have, of rcute's time
divided by CuTe C++'s time with dynamic values (below 1, rcute is faster): first with
run-time layouts, then, the last line, with typed layouts.

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
    typed = read(os.path.join(d, "rcute_typed"))
    cute = read(os.path.join(d, "cute"))
    # (name, times, rcute's times in the same setting)
    peers = [
        ("CuTe C++ dyn", cute, typed),
        ("pycute", read(os.path.join(d, "pycute")), rc),
        ("tensor-layouts", read(os.path.join(d, "tensor_layouts")), rc),
    ]
    static = read(os.path.join(d, "cute_static"))
    header = f"{'operation (ns/op)':<20}{'rcute':>10}{'rcute typed':>13}"
    for name, _, _ in peers:
        header += f"{name:>16}{'ratio':>9}"
    print(header)
    print("-" * len(header))
    names = list(rc)

    def apart(op):
        return op.endswith("_static") or op.endswith("_walk")

    for op in names:
        if apart(op):
            continue
        row = f"{op:<20}{fmt(rc[op]):>10}{fmt(typed.get(op)):>13}"
        for _, p, mine in peers:
            v, t = p.get(op), mine.get(op)
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
        print(f"{op:<20}{fmt(t):>10}{'':>13}{fmt(v):>16}{ratio:>9}   (CuTe C++ with a static layout)")
    # rcute's walk of every offset against CuTe C++ index by index
    for op in names:
        if not op.endswith("_walk"):
            continue
        t = rc[op]
        v = cute.get(op[: -len("_walk")])
        ratio = f"{v / t:.2f}x" if v and t else "-"
        print(f"{op:<20}{fmt(t):>10}{'':>13}{fmt(v):>16}{ratio:>9}"
              "   (rcute's offsets() walk; CuTe C++ by index)")
    print()
    for name, p, _ in peers[1:]:
        for label, mine in (("run-time layouts", rc), ("typed layouts", typed)):
            both = [op for op in names if not apart(op) and mine.get(op) and p.get(op)]
            if both:
                worst = min(p[op] / mine[op] for op in both)
                print(f"rcute vs {name} ({label}): faster on"
                      f" {sum(p[op] > mine[op] for op in both)}/{len(both)}"
                      f" operations, smallest speedup {worst:.1f}x")

    def geomean(mine):
        both = [op for op in names if not apart(op) and mine.get(op) and cute.get(op)]
        missing = [op for op in names if not apart(op) and op not in both]
        g = math.exp(sum(math.log(mine[op] / cute[op]) for op in both) / len(both))
        return g, len(both), missing

    g, n, missing = geomean(rc)
    print(f"rcute (run-time layouts) vs CuTe C++ (dynamic), geomean time ratio: {g:.2f}"
          f" over {n} operations")
    g, n, missing = geomean(typed)
    if missing:
        print(f"(typed layouts: no time for {', '.join(missing)}; left out of the mean)")
    print(f"rcute vs CuTe C++ (dynamic), geomean time ratio: {g:.2f}")


if __name__ == "__main__":
    main()
