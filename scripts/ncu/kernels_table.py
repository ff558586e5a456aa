#!/usr/bin/env python3
"""Turns Nsight Compute's CSV output for `rcute-gpu-bench --profile` into the rows of the
measured kernel table that `crates/rcute-cuda/tests/kernels_measured.rs` replays:

    scripts/ncu/kernels_table.py CARD out/kernels.csv [out/kernels-extra.csv ...] \
        > crates/rcute-cuda/tests/data/kernels-CARD.tsv

Each CSV is the whole output of one `ncu --csv --print-units base ... rcute-gpu-bench
--profile ...` run: the bench's lines `profile <i> <key> <kernel> <blocks> <check>` name
the kernel of ncu's result `i` by the key `rcute_cuda::traffic::profiled_kernels` gives it
(`copy_f32 4096x4096`, `gemm_f16 tuned 4096x4096x4096`). The row is the card, the key,
then every metric measured (of every CSV, for the same result), `metric=value`, separated
by tabs (thousands separators removed).
"""
import csv
import re
import sys


def main():
    card, paths = sys.argv[1], sys.argv[2:]
    keys, kernels, metrics = {}, {}, {}
    for path in paths:
        text = open(path, encoding="utf-8", errors="replace").read().splitlines()
        for line in text:
            m = re.match(r"^profile (\d+) (.+? \d+x\d+(?:x\d+)?) (\S+) (\d+) (.*)$", line)
            if m:
                i = int(m.group(1))
                if m.group(5) != "checked":
                    sys.exit(f"{path}: {line}")
                keys[i], kernels[i] = m.group(2), m.group(3)
        rows = [l for l in text if l.startswith('"')]
        for r in csv.DictReader(rows):
            i = int(r["ID"])
            if i in kernels and r["Kernel Name"] != kernels[i]:
                sys.exit(f"{path}: result {i} is {r['Kernel Name']}, expected {kernels[i]}")
            metrics.setdefault(i, {})[r["Metric Name"]] = r["Metric Value"].replace(",", "")
    if sorted(metrics) != sorted(keys):
        sys.exit(f"results {sorted(metrics)}, launches {sorted(keys)}")
    for i in sorted(keys):
        cells = "\t".join(f"{k}={metrics[i][k]}" for k in sorted(metrics[i]))
        print(f"{card}\t{keys[i]}\t{cells}")


if __name__ == "__main__":
    main()
