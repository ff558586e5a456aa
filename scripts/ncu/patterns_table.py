#!/usr/bin/env python3
"""Turns Nsight Compute's CSV output for `rcute-gpu-bench --patterns` (one or more files,
`ncu --csv --print-units base ...`) into the measured table the replay test reads:

    scripts/ncu/patterns_table.py CARD out/patterns-list.txt out/patterns-*.csv \
        > crates/rcute-cuda/tests/data/patterns-CARD.tsv

`patterns-list.txt` is what `rcute-gpu-bench --patterns` printed (kernel, instruction,
prediction, name). One row per pattern kernel (`rcute_pattern_<i>`): the card, the
pattern's name, then every metric measured, `metric=value`, separated by tabs.
"""
import csv
import re
import sys


def main():
    card = sys.argv[1]
    names = {}
    for line in open(sys.argv[2], encoding="utf-8"):
        m = re.match(r"^rcute_pattern_(\d+)\s+(.*?)\s+(\d+)\s+(.*)$", line.rstrip("\n"))
        if m:
            names[int(m.group(1))] = m.group(4)
    rows = {}
    for path in sys.argv[3:]:
        lines = [l for l in open(path, encoding="utf-8", errors="replace") if l.startswith('"')]
        for r in csv.DictReader(lines):
            m = re.match(r"rcute_pattern_(\d+)", r.get("Kernel Name", ""))
            if not m:
                continue
            v = r["Metric Value"].replace(",", "")
            rows.setdefault(int(m.group(1)), {})[r["Metric Name"]] = v
    for i in sorted(rows):
        cells = "\t".join(f"{k}={rows[i][k]}" for k in sorted(rows[i]))
        print(f"{card}\t{names[i]}\t{cells}")


if __name__ == "__main__":
    main()
