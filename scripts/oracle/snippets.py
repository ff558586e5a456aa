#!/usr/bin/env python3
"""CuTe C++ answers to pasted snippets: each snippet is compiled as it is written, inside
`int main() { using namespace cute; ... }` (its `#include` lines dropped: the prelude
includes CuTe), and what it writes to stdout is its answer.

Usage:
  snippets.py snippet_cases.cpp OUT.jsonl     answer every snippet of the file
  snippets.py --one 'auto L = make_layout(Int<8>{}); print(L);'

A snippet that defines `int main()` is a whole program: it is compiled as it is, after
the prelude, and `main` runs (functions and templates are defined at the top level).
The prelude also includes <numeric> and <vector> (`std::iota`).

The case file holds snippets separated by lines that start with `// ----`; a snippet
keeps its own lines and comments. Each answer is a JSON line {"expr", "out"}: `expr` the
snippet without trailing blank lines, `out` its stdout without the final newline, or
`error` where CuTe refuses it (a compile error or an abort). The headers are the oracle's
(cute_oracle.py installs them into ~/.cache/cute-oracle).
"""
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cute_oracle import PRELUDE, build, ensure_headers  # noqa: E402


def read_cases(path):
    """The snippets of a case file, each without leading and trailing blank lines."""
    with open(path) as f:
        text = f.read()
    parts = re.split(r"^// ----.*\n", text, flags=re.M)
    return [p.strip("\n") for p in parts if p.strip()]


def body(snippet):
    """The snippet as a function body: preprocessor lines dropped."""
    return "\n".join(l for l in snippet.splitlines() if not l.lstrip().startswith("#"))


HOST_PRELUDE = PRELUDE + "#include <numeric>\n#include <vector>\n#include <iostream>\n"

MAIN = re.compile(r"^\s*int\s+main\s*\(", re.M)


def run_program(snippet, incs, wd, k):
    """CuTe's answer to a whole program (one that defines main)."""
    path = os.path.join(wd, f"program_{k}.cpp")
    with open(path, "w") as f:
        f.write(HOST_PRELUDE + "\n" + body(snippet) + "\n")
    exe = os.path.join(wd, f"program_{k}")
    cmd = ["g++", "-std=c++17", "-O0", "-w"] + [f"-I{p}" for p in incs] + [path, "-o", exe]
    if subprocess.run(cmd, capture_output=True, text=True).returncode != 0:
        return "error"
    r = subprocess.run([exe], capture_output=True, text=True, timeout=20)
    return r.stdout.rstrip("\n") if r.returncode == 0 else "error"


def answer(snippets):
    incs = ensure_headers()
    out = [None] * len(snippets)
    with tempfile.TemporaryDirectory() as wd:
        programs = [k for k, s in enumerate(snippets) if MAIN.search(s)]
        for k in programs:
            out[k] = run_program(snippets[k], incs, wd, k)
        rest = [k for k in range(len(snippets)) if k not in programs]
        if rest:
            # each snippet on lines of its own, inside its case function, after the prelude
            bodies = ["\n" + body(snippets[k]) + "\n" for k in rest]
            exe, bad = build(bodies, incs, wd, prelude=HOST_PRELUDE)
            for j, k in enumerate(rest):
                if j in bad:
                    out[k] = "error"
                    continue
                r = subprocess.run([exe, str(j)], capture_output=True, text=True, timeout=20)
                out[k] = r.stdout.rstrip("\n") if r.returncode == 0 else "error"
    return out


def main():
    args = sys.argv[1:]
    if args[:1] == ["--one"]:
        snippets = args[1:]
        for s, o in zip(snippets, answer(snippets)):
            print(json.dumps({"expr": s, "out": o}))
        return
    cases = read_cases(args[0])
    with open(args[1], "w") as f:
        for s, o in zip(cases, answer(cases)):
            f.write(json.dumps({"expr": s, "out": o}) + "\n")
    print(f"{len(cases)} snippets -> {args[1]}")


if __name__ == "__main__":
    main()
