#!/usr/bin/env python3
"""Times the workload in a Python layout library: `py_bench.py pycute` or
`py_bench.py tensor_layouts`. Prints `name ns_per_op` lines, or `name n/a` for an
operation the library does not have. Arguments are built once; only the call is timed
(the fastest of 7 runs of a batch sized to about 0.2 s, as every runner of
scripts/compare-peers.sh reports; with $RCUTE_PEERS_QUICK, of 5 runs of about 50 ms)."""
import os
import sys
import timeit

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import workload  # noqa: E402

# $RCUTE_PEERS_QUICK (set by compare-peers.sh --wide): shorter batches, for many cases
QUICK = bool(os.environ.get("RCUTE_PEERS_QUICK"))


def main():
    libname = sys.argv[1]
    lib = __import__(libname)
    names = {"composition": "compose" if libname == "tensor_layouts" else "composition"}
    for name, text, e in workload.load():
        assert e[0] == "call"
        op = e[1]
        if op == "offsets":
            inner = e[2][0]
            f = getattr(lib, inner[1])
            layout = f(*[workload.to_py(a, lib) for a in inner[2]])
            n = lib.size(layout) if hasattr(lib, "size") else layout.size()

            def call(layout=layout, n=n):
                s = 0
                for i in range(n):
                    s += layout(i)
                return s
        else:
            fname = names.get(op, op)
            if not hasattr(lib, fname):
                print(f"{name} n/a", flush=True)
                continue
            f = getattr(lib, fname)
            try:
                args = [workload.to_py(a, lib) for a in e[2]]
                f(*args)
            except Exception as err:  # an operation the library cannot do on this input
                print(f"{name} n/a  # {type(err).__name__}: {err}", flush=True)
                continue

            def call(f=f, args=args):
                return f(*args)
        t = timeit.Timer(call)
        if QUICK:
            # the wide workload: batches of about 50 ms, fastest of 5
            n, took = 1, 0.0
            while took < 0.05:
                n *= 2
                took = t.timeit(n)
            best = min([took] + t.repeat(repeat=4, number=n))
        else:
            n, _ = t.autorange()
            n = max(1, n)
            best = min(t.repeat(repeat=7, number=n))
        print(f"{name} {best / n * 1e9:.2f}", flush=True)


if __name__ == "__main__":
    main()
