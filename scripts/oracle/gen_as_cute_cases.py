#!/usr/bin/env python3
"""Cases where rcute refuses an answer that CuTe C++ gives, answered by CuTe C++:
tests/golden/as-cute/random-algebra.jsonl, which `cargo test` replays through the as-CuTe
mode (`cute eval --as-cute`).

    python3 scripts/oracle/gen_as_cute_cases.py OUT.jsonl [SEED...]

draws 20,000 algebra cases per seed with gen_cases.py's generator (`--mix algebra`;
seeds 77001 77002 77003 by default), keeps those that `cute eval` refuses and
`cute eval --as-cute` answers, and answers them with CuTe C++ (cute_oracle.py). Run from
the repository root; it builds the CLI with cargo.
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_cases  # noqa: E402  (the copy next to this file)
from cute_oracle import evaluate  # noqa: E402

PER_SEED = 20000


def batch(path, *flags):
    out = subprocess.run(
        ["cargo", "run", "-q", "--release", "-p", "rcute-cli", "--", "eval", *flags, "--batch", path],
        check=True, capture_output=True, text=True,
    ).stdout
    return [json.loads(line) for line in out.splitlines()]


def main():
    out = sys.argv[1]
    seeds = [int(s) for s in sys.argv[2:]] or [77001, 77002, 77003]
    exprs, seen = [], set()
    for k, seed in enumerate(seeds):
        g = gen_cases.Gen(seed)
        while len(exprs) < PER_SEED * (k + 1):
            e = gen_cases.case(g, "algebra")
            if e not in seen:
                seen.add(e)
                exprs.append(e)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("".join(e + "\n" for e in exprs))
        path = f.name
    strict, cute = batch(path), batch(path, "--as-cute")
    os.unlink(path)
    kept = [s["expr"] for s, c in zip(strict, cute) if "error" in s and "error" not in c]
    answers = evaluate(kept)
    with open(out, "w") as f:
        for e, a in zip(kept, answers):
            f.write(json.dumps({"expr": e, "out": a}) + "\n")
    print(f"{out}: {len(kept)} cases of {len(exprs)}")


if __name__ == "__main__":
    main()
