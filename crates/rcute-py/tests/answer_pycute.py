#!/usr/bin/env python3
"""Answers the cases of pycute_cases.py with pycute itself and writes
pycute_answers.json: for each expression, ``str()`` of pycute's answer, or
``"error: TYPE"`` where pycute raises.

    python3 answer_pycute.py [PYCUTE_SITE]

PYCUTE_SITE is a folder holding the package ``pycute`` (default: where conftest.py finds
or installs it, the nvidia-cutlass wheel from PyPI).
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import pycute_cases  # noqa: E402
from pycute_site import pycute_site  # noqa: E402


def answer(ns, expr):
    try:
        return str(eval(expr, ns))
    except RecursionError:
        return "error: RecursionError"
    except Exception as e:  # pycute's refusals: AssertionError, ZeroDivisionError, ...
        return f"error: {type(e).__name__}"


def main():
    site = sys.argv[1] if len(sys.argv) > 1 else pycute_site()
    sys.path.insert(0, site)
    import pycute

    ns = dict(vars(pycute))
    out = {e: answer(ns, e) for _, _, e in pycute_cases.cases()}
    with open(os.path.join(HERE, "pycute_answers.json"), "w") as f:
        json.dump(out, f, indent=0, sort_keys=True)
        f.write("\n")
    print(f"{len(out)} cases answered by pycute from {pycute.__file__}")


if __name__ == "__main__":
    main()
