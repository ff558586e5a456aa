#!/usr/bin/env python3
"""Turns Nsight Compute's CSV output for one profiled kernel into a row of the measured
kernel table that `crates/rcute-cuda/tests/kernels_measured.rs` replays:

    scripts/ncu/kernels_table.py CARD 'KEY' out/KEY.csv >> crates/rcute-cuda/tests/data/kernels-CARD.tsv

KEY names the kernel as `rcute_cuda::traffic::profiled_kernels` does (`copy_f32 4096x4096`,
`gemm_f16 tuned 4096x4096x4096`). The CSV holds one launch (`ncu --csv --print-units base
-c 1 ...`); the row is the card, the key, then every metric measured, `metric=value`,
separated by tabs (thousands separators removed).
"""
import csv
import sys


def main():
    card, key, path = sys.argv[1], sys.argv[2], sys.argv[3]
    lines = [l for l in open(path, encoding="utf-8", errors="replace") if l.startswith('"')]
    metrics = {}
    launches = set()
    for r in csv.DictReader(lines):
        launches.add(r["ID"])
        metrics[r["Metric Name"]] = r["Metric Value"].replace(",", "")
    if len(launches) != 1:
        sys.exit(f"{path}: {len(launches)} launches, expected one (ncu -c 1)")
    cells = "\t".join(f"{k}={metrics[k]}" for k in sorted(metrics))
    print(f"{card}\t{key}\t{cells}")


if __name__ == "__main__":
    main()
