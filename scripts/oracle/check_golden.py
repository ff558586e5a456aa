#!/usr/bin/env python3
"""Re-answers golden cases with the oracle and reports every difference.

  check_golden.py FILE.jsonl ... [--sample N] [--seed S]

For each file, takes N cases drawn at random (seed S; every case with --sample 0),
asks CuTe C++ (cute_oracle.py next to this file) for `expr` and, where the case has one,
`static_expr`, and compares the answers with the stored `out` and `static_out`. Prints
one line per difference and a summary per file; exits 1 if anything differs.

Defaults: --sample 50 --seed 0.
"""
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cute_oracle import evaluate  # noqa: E402  (the copy next to this file)


def sample(rows, n, seed):
    if n <= 0 or n >= len(rows):
        return list(range(len(rows)))
    return sorted(random.Random(seed).sample(range(len(rows)), n))


def check(path, n, seed):
    rows = [json.loads(l) for l in open(path) if l.strip()]
    picked = sample(rows, n, seed)
    asks = []  # (row index, key of the stored answer, expression)
    for i in picked:
        asks.append((i, "out", rows[i]["expr"]))
        if "static_expr" in rows[i]:
            asks.append((i, "static_out", rows[i]["static_expr"]))
    answers = evaluate([e for _, _, e in asks])
    diffs = 0
    for (i, key, expr), got in zip(asks, answers):
        want = rows[i].get(key)
        if got != want:
            diffs += 1
            print(f"{path}:{i + 1}: {key} differs\n  expr:   {expr}\n  stored: {want!r}\n  oracle: {got!r}")
    print(f"{path}: {len(picked)} of {len(rows)} cases checked ({len(asks)} answers), {diffs} differ")
    return diffs


def main():
    args, n, seed, files = sys.argv[1:], 50, 0, []
    k = 0
    while k < len(args):
        if args[k] == "--sample":
            n, k = int(args[k + 1]), k + 2
        elif args[k] == "--seed":
            seed, k = int(args[k + 1]), k + 2
        else:
            files.append(args[k])
            k += 1
    if not files:
        sys.exit(__doc__)
    total = sum(check(f, n, seed) for f in files)
    sys.exit(1 if total else 0)


if __name__ == "__main__":
    main()
