#!/usr/bin/env python3
"""Drafts the documented deviations of a freshly answered golden file: each case CuTe C++
answers and rcute refuses with an error of a kind `tests/golden/deviations.jsonl` already
documents (CuTe's answer breaks the operation's law). The reason and the kind are those of
the documented deviations with the same error, with this case's law violation in the
reason. The replay (`cargo test --test golden_replay`) then checks each drafted deviation:
that rcute refuses it so, and that CuTe's answer breaks the law as the kind says.

Usage:
  add_deviations.py tests/golden/NEW.jsonl            print the drafts and what is left
  add_deviations.py tests/golden/NEW.jsonl --append   also append them to deviations.jsonl

Cases rcute answers otherwise than CuTe, and refusals of an error no deviation documents
yet (or whose documented kind needs more fields), are listed for a closer look. Needs
the `cute` CLI built (`cargo build --release -p rcute-cli`).
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEVIATIONS = os.path.join(ROOT, "tests", "golden", "deviations.jsonl")
CUTE = os.path.join(ROOT, "target", "release", "cute")
BASIC = {"cute", "expr", "kind", "rcute", "reason"}


def error_class(message):
    """The error without its values and without CuTe's answer: what kind of refusal."""
    return re.sub(r"-?\d+", "N", message.split("; CuTe C++ answers")[0])


def law_note(message):
    """`op: index 2 maps to 3 where the definition gives 4` of `... which breaks op's law:
    index 2 ...` in rcute's error, or None."""
    m = re.search(r"which breaks (\S+?)'s law: ([^(]*?)(?: \(the as-CuTe mode answers it\))?$", message)
    return f"{m.group(1)}: {m.group(2).strip()}" if m else None


def rcute_answer(expr):
    r = subprocess.run([CUTE, "eval", expr], capture_output=True, text=True)
    if r.returncode == 0:
        return r.stdout, None
    return None, r.stderr.splitlines()[0] if r.stderr else "error"


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    append = "--append" in sys.argv
    if len(args) != 1:
        sys.exit(__doc__)
    known = [json.loads(l) for l in open(DEVIATIONS) if l.strip()]
    documented = {d["expr"] for d in known}
    by_class = {}
    for d in known:
        if set(d) == BASIC and d["kind"] in ("unlawful", "beyond"):
            by_class.setdefault(error_class(d["rcute"]), d)
    drafts, left = [], []
    for line in open(args[0]):
        if not line.strip():
            continue
        case = json.loads(line)
        expr, out = case["expr"], case["out"]
        if out == "error" or case.get("static_out") == "error" or expr in documented:
            continue
        text, err = rcute_answer(expr)
        if err is None:
            if text.strip().splitlines() != out.strip().splitlines():
                left.append(f"another answer: {expr}\n    rcute {text.strip()!r}, CuTe {out!r}")
            continue
        model = by_class.get(error_class(err))
        if model is None:
            left.append(f"undocumented refusal: {expr}\n    {err}")
            continue
        reason = model["reason"]
        note, old = law_note(err), law_note(model["rcute"])
        if note and old:
            reason = reason.replace(f"({old})", f"({note})")
        drafts.append(
            {"expr": expr, "rcute": err, "cute": out, "reason": reason, "kind": model["kind"]}
        )
    for d in drafts:
        print(json.dumps(d))
    for l in left:
        print(l, file=sys.stderr)
    print(f"{len(drafts)} drafted, {len(left)} left for a closer look", file=sys.stderr)
    if append and drafts:
        with open(DEVIATIONS, "a") as f:
            for d in drafts:
                f.write(json.dumps(d) + "\n")


if __name__ == "__main__":
    main()
