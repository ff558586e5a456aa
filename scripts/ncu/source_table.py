#!/usr/bin/env python3
"""Sums Nsight Compute's source page (SASS, per instruction) by opcode, for the
instructions that move shared memory or order it (`LDS`, `STS`, `LDSM`, `LDGSTS`, `HGMMA`,
`LDGDEPBAR`, `DEPBAR`, `BAR`; a predicated-off one as `@!PT OPCODE`):

    ncu --section SourceCounters -k regex:^gemm_f16$ --launch-skip 1 -c 1 -o src \
        rcute-gpu-bench --profile --gemm 4096 4096 4096
    ncu -i src.ncu-rep --page source --csv --print-source sass > src.csv
    scripts/ncu/source_table.py CARD KEY src.csv > crates/rcute-cuda/tests/data/ncu-CARD/source-....tsv

Each row: the card, `KEY OPCODE`, then `sites=` (instructions in the code), `executed=`
(warp instructions), `wavefronts=`, `ideal=` and `excessive=` (the page's L1 Wavefronts
Shared, Ideal and Excessive), tab-separated.
"""
import csv
import sys


KEPT = {"LDS", "STS", "LDSM", "STSM", "LDGSTS", "LDGDEPBAR", "DEPBAR", "BAR", "HGMMA"}


def main():
    card, key, path = sys.argv[1], sys.argv[2], sys.argv[3]
    rows = list(csv.reader(open(path, encoding="utf-8", errors="replace")))
    head = next(i for i, r in enumerate(rows) if "Source" in r and "Address" in r)
    ix = {n: i for i, n in enumerate(rows[head])}
    totals = {}
    for r in rows[head + 1:]:
        if len(r) < len(rows[head]):
            continue
        w = r[ix["L1 Wavefronts Shared"]]
        w = "0" if w in ("", "-") else w
        words = r[ix["Source"]].split()
        op = words[1] if words[0].startswith("@") else words[0]
        if w == "0" and op.split(".")[0] not in KEPT:
            continue
        if words[0] == "@!PT":
            op = "@!PT " + op
        t = totals.setdefault(op, [0, 0, 0, 0, 0])
        t[0] += 1
        t[1] += int(r[ix["Instructions Executed"]])
        t[2] += int(w)
        t[3] += int(r[ix["L1 Wavefronts Shared Ideal"]])
        t[4] += int(r[ix["L1 Wavefronts Shared Excessive"]])
    for op, t in sorted(totals.items()):
        names = ["sites", "executed", "wavefronts", "ideal", "excessive"]
        print("\t".join([card, f"{key} {op}"] + [f"{n}={v}" for n, v in zip(names, t)]))


if __name__ == "__main__":
    main()
