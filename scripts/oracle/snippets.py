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

With `--titled`, each answer also keeps the text after `// ---- ` as `title`, the title's
first word as `page`, and a launch `[thread=X,Y,Z block=X,Y,Z block_dim=... grid_dim=...]`
in the title as `launch` (each a list of three, missing coordinates 0, or 1 for the
dimensions): the snippet runs as that thread of a kernel. CuTe's code then compiles on
the host with `threadIdx`, `blockIdx`, `blockDim`, `gridDim` of that thread (a dimension
not given is 1,1,1), `__shared__` arrays `static` (zeros), `__global__`,
`__launch_bounds__` and `__syncthreads()` doing nothing (`dim3` is CUDA's), and
`thread0()` true only for thread 0 of block 0 (on the host CuTe's is always true).
A snippet's `#if 0`/`#if 1`/`#else`/`#endif` lines are kept; other `#` lines are dropped.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cute_oracle import ATOM_PRELUDE, build, ensure_headers  # noqa: E402


def read_cases(path):
    """The snippets of a case file, each without leading and trailing blank lines."""
    return [s for _, s in read_titled_cases(path)]


def read_titled_cases(path):
    """(title, snippet) of each case of a case file: the title is the text after `// ---- `."""
    with open(path) as f:
        text = f.read()
    parts = re.split(r"^// ---- ?(.*)\n", text, flags=re.M)
    cases = []
    for k in range(1, len(parts), 2):
        if parts[k + 1].strip():
            cases.append((parts[k].strip(), parts[k + 1].strip("\n")))
    return cases


KEPT = re.compile(r"^\s*#\s*(if|else|endif)\b")


def body(snippet):
    """The snippet as a function body: preprocessor lines dropped (but `#if`, `#else`,
    `#endif`, which a tutorial's debug blocks use)."""
    return "\n".join(
        l for l in snippet.splitlines() if KEPT.match(l) or not l.lstrip().startswith("#")
    )


LAUNCH = re.compile(r"\[((?:thread|block|block_dim|grid_dim)=[^\]]*)\]")


def launch_of(title):
    """The launch a title names, {"thread": [x,y,z], ...}, or None."""
    m = LAUNCH.search(title or "")
    if not m:
        return None
    out = {}
    for item in m.group(1).split():
        key, _, val = item.partition("=")
        v = [int(x) for x in val.split(",")]
        fill = 1 if key in ("block_dim", "grid_dim") else 0
        out[key] = v + [fill] * (3 - len(v))
    return out


CUDA_PRELUDE = """
#undef __shared__
#define __shared__ static
#undef __global__
#define __global__
#undef __launch_bounds__
#define __launch_bounds__(...)
inline void __syncthreads() {}
"""


def launch_defs(launch):
    """The definitions of a thread's built-in variables, and `thread0()` for that thread."""
    g = lambda k, d: ",".join(str(x) for x in launch.get(k, d))
    return (
        f"static const dim3 threadIdx({g('thread', [0, 0, 0])});\n"
        f"static const dim3 blockIdx({g('block', [0, 0, 0])});\n"
        f"static const dim3 blockDim({g('block_dim', [1, 1, 1])});\n"
        f"static const dim3 gridDim({g('grid_dim', [1, 1, 1])});\n"
        "#define thread0() (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0 && "
        "blockIdx.x == 0 && blockIdx.y == 0 && blockIdx.z == 0)\n"
    )


HOST_PRELUDE = (
    ATOM_PRELUDE + "#include <numeric>\n#include <vector>\n#include <iostream>\n" + CUDA_PRELUDE
)

MAIN = re.compile(r"^\s*int\s+main\s*\(", re.M)


def run_program(snippet, incs, wd, k, launch=None):
    """CuTe's answer to a whole program (one that defines main), or to a snippet run as a
    thread of a kernel (`launch`)."""
    path = os.path.join(wd, f"program_{k}.cpp")
    src = body(snippet)
    if launch is not None and not MAIN.search(snippet):
        src = "int main() {\n" + src + "\n}"
    with open(path, "w") as f:
        f.write(HOST_PRELUDE + (launch_defs(launch) if launch else "") + "\n" + src + "\n")
    exe = os.path.join(wd, f"program_{k}")
    cmd = ["g++", "-std=c++17", "-O0", "-w"] + [f"-I{p}" for p in incs] + [path, "-o", exe]
    if subprocess.run(cmd, capture_output=True, text=True).returncode != 0:
        return "error"
    r = subprocess.run([exe], capture_output=True, text=True, timeout=20)
    return r.stdout.rstrip("\n") if r.returncode == 0 else "error"


def answer(snippets, launches=None):
    incs = ensure_headers()
    launches = launches or [None] * len(snippets)
    out = [None] * len(snippets)
    with tempfile.TemporaryDirectory() as wd:
        programs = [k for k, s in enumerate(snippets) if MAIN.search(s) or launches[k]]
        for k in programs:
            out[k] = run_program(snippets[k], incs, wd, k, launches[k])
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
    titled = args[:1] == ["--titled"]
    if titled:
        args = args[1:]
    cases = read_titled_cases(args[0])
    snippets = [s for _, s in cases]
    launches = [launch_of(t) if titled else None for t, _ in cases]
    with open(args[1], "w") as f:
        for (t, s), o, l in zip(cases, answer(snippets, launches), launches):
            row = {"expr": s, "out": o}
            if titled:
                row["title"] = t
                row["page"] = t.split()[0].rstrip(":")
                if l:
                    row["launch"] = l
            f.write(json.dumps(row) + "\n")
    print(f"{len(cases)} snippets -> {args[1]}")


if __name__ == "__main__":
    main()
