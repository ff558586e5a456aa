#!/usr/bin/env python3
"""Prints the table of `scripts/compare-peers.sh --wide` from the `name ns_per_op` files in
DIR (rcute, cute, pycute; several rounds each, an operation's time its minimum over the
rounds). The wide workload names its cases `OP_K`; a row per operation gives, over its
cases, the geometric mean of rcute's time (run-time layouts), CuTe C++'s with dynamic
values, pycute's, and the ratios: rcute / CuTe C++ (geomean and worst; below 1, rcute is
faster) and pycute / rcute (geomean and smallest; above 1, rcute is faster).

  wide_table.py DIR [--cases]     --cases also prints every case
"""
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from table import fmt, read  # noqa: E402


def gm(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def main():
    d = sys.argv[1]
    rc, cute, py = (read(os.path.join(d, n)) for n in ("rcute", "cute", "pycute"))
    groups = {}
    for name in rc:
        m = re.fullmatch(r"(.+)_(\d+)", name)
        if m:
            groups.setdefault(m.group(1), []).append(name)
    if "--cases" in sys.argv:
        for op, names in groups.items():
            for n in names:
                c, p = cute.get(n), py.get(n)
                print(f"{n:<22}{fmt(rc[n]):>9}{fmt(c):>9}{fmt(p):>10}"
                      f"{(rc[n] / c if c else float('nan')):>8.2f}x{(p / rc[n] if p else float('nan')):>8.0f}x")
        print()
    h = (f"{'operation':<19}{'cases':>6}{'rcute ns':>10}{'CuTe ns':>9}{'pycute ns':>11}"
         f"{'rcute/CuTe':>12}{'worst':>8}{'pycute/rcute':>14}{'least':>8}")
    print(h)
    print("-" * len(h))
    all_c, all_p, least_p = [], [], []
    for op, names in groups.items():
        rcs = [rc[n] for n in names]
        cs = [(rc[n], cute[n]) for n in names if cute.get(n)]
        ps = [(rc[n], py[n]) for n in names if py.get(n)]
        rc_c = [a / b for a, b in cs]
        p_rc = [b / a for a, b in ps]
        all_c += rc_c
        all_p += p_rc
        if p_rc:
            least_p.append((min(p_rc), op))
        print(f"{op:<19}{len(names):>6}{fmt(gm(rcs)):>10}{fmt(gm([b for _, b in cs])):>9}"
              f"{fmt(gm([b for _, b in ps])) if ps else 'n/a':>11}"
              f"{gm(rc_c):>11.2f}x{max(rc_c, default=float('nan')):>7.1f}x"
              + (f"{gm(p_rc):>13.0f}x{min(p_rc):>7.0f}x" if p_rc else f"{'n/a':>14}{'n/a':>8}"))
    print()
    print(f"rcute (run-time layouts) vs CuTe C++ (dynamic), geomean time ratio over {len(all_c)} cases:"
          f" {gm(all_c):.2f}")
    if all_p:
        worst = min(least_p)
        print(f"pycute vs rcute (run-time layouts), geomean speedup over {len(all_p)} cases: {gm(all_p):.0f}x;"
              f" smallest {worst[0]:.0f}x ({worst[1]})")


if __name__ == "__main__":
    main()
