#!/usr/bin/env python3
"""Turns Nsight Compute's CSV output for `cp_async_misc` (scripts/ncu/cp_async_misc.cu)
into the table `crates/rcute-cuda/tests/kernels_measured.rs` replays:

    scripts/ncu/misc_table.py CARD out/misc.csv > crates/rcute-cuda/tests/data/ncu-CARD/misc-CARD.tsv

The program prints `misc <i> <kernel> <blocks> <warps> <n>` for ncu's result i; each row is
the card, the key `<kernel> <blocks>x<warps>x<n>`, then every metric, `metric=value`,
separated by tabs.
"""
import csv
import re
import sys


def main():
    card, path = sys.argv[1], sys.argv[2]
    text = open(path, encoding="utf-8", errors="replace").read().splitlines()
    keys = {}
    for line in text:
        m = re.match(r"^misc (\d+) (\S+) (\d+) (\d+) (\d+)$", line)
        if m:
            keys[int(m.group(1))] = f"{m.group(2)} {m.group(3)}x{m.group(4)}x{m.group(5)}"
    metrics = {}
    for r in csv.DictReader([l for l in text if l.startswith('"')]):
        metrics.setdefault(int(r["ID"]), {})[r["Metric Name"]] = r["Metric Value"].replace(",", "")
    if sorted(metrics) != sorted(keys):
        sys.exit(f"results {sorted(metrics)}, launches {sorted(keys)}")
    for i in sorted(keys):
        cols = [f"{k}={v}" for k, v in sorted(metrics[i].items())]
        print("\t".join([card, keys[i]] + cols))


if __name__ == "__main__":
    main()
