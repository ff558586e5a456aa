#!/usr/bin/env python3
"""Annotate answered cases with the answer for the same case made all-static.

  add_static.py FILE.jsonl ...     (rewrites each file in place)

For every case that has dynamic integers, adds "static_expr" (every dynamic integer
written as a static one: 8 -> _8) and "static_out" (CuTe's answer for it). CuTe checks
pre-conditions such as stride divisibility only on static values, and refuses some
operations on dynamic strides; the static answer tells which of the two happened.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cute_oracle import evaluate, tokenize  # noqa: E402  (the copy next to this file)


def make_static(expr):
    out, depth = [], 0
    for kind, val in tokenize(expr):
        if val == "<":
            depth += 1
        elif val == ">":
            depth -= 1
        if kind == "int" and depth == 0:
            val = "_" + val
        out.append(val)
    s = ""
    for tok in out:  # re-join: a space only between two word-like tokens
        if s and (s[-1].isalnum() or s[-1] == "_") and (tok[0].isalnum() or tok[0] == "_"):
            s += " "
        s += tok
    return s


def annotate(path):
    """Adds static_expr/static_out to every case of the JSON-lines file at path, in place."""
    rows = [json.loads(l) for l in open(path)]
    todo = [i for i, r in enumerate(rows) if make_static(r["expr"]).replace(" ", "") != r["expr"].replace(" ", "")]
    exprs = [make_static(rows[i]["expr"]) for i in todo]
    for i, e, out in zip(todo, exprs, evaluate(exprs)):
        rows[i]["static_expr"] = e
        rows[i]["static_out"] = out
    with open(path, "w") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    print(f"{path}: {len(todo)} cases annotated")


def main():
    for path in sys.argv[1:]:
        annotate(path)


if __name__ == "__main__":
    main()
