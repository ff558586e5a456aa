#!/usr/bin/env python3
"""The cases of CUTLASS's own unit tests of CuTe's layout algebra, as pasted C++ snippets:

    gen_cutlass_unit_cases.py CUTLASS/test/unit/cute/core > scripts/oracle/cutlass_unit_cases.cpp
    snippets.py scripts/oracle/cutlass_unit_cases.cpp tests/golden/cutlass-unit.jsonl

CUTLASS's tests (composition.cpp, complement.cpp, coalesce.cpp, inverse_left.cpp,
inverse_right.cpp, logical_divide.cpp, logical_product.cpp, nullspace.cpp) write each case
as a block `{ auto a = ...; auto b = ...; test_composition(a, b); }` whose helper checks the
operation's post-conditions. Each call of a helper becomes one snippet: the block's
declarations as the test writes them, then `print(OPERATION(args));` (a one-argument
`test_complement(l)` is `complement(l, cosize(l))`, as the helper calls it). Assertions
and traces are left out. The committed case file was drawn from CUTLASS 7107b0553.
"""
import os
import re
import sys

FILES = ["composition", "complement", "coalesce", "inverse_left", "inverse_right",
         "logical_divide", "logical_product", "nullspace"]

# each test helper and the operation it checks
OPS = {
    "test_composition": lambda a: f"composition({a[0]}, {a[1]})",
    "test_complement": lambda a: (f"complement({a[0]}, {a[1]})" if len(a) == 2
                                  else f"complement({a[0]}, cosize({a[0]}))"),
    "test_coalesce": lambda a: f"coalesce({a[0]})",
    "test_left_inverse": lambda a: f"left_inverse({a[0]})",
    "test_right_inverse": lambda a: f"right_inverse({a[0]})",
    "test_logical_divide": lambda a: f"logical_divide({a[0]}, {a[1]})",
    "test_logical_product": lambda a: f"logical_product({a[0]}, {a[1]})",
    "test_nullspace": lambda a: f"nullspace({a[0]})",
}
SKIPPED = re.compile(r"(CUTLASS_TRACE_HOST|using namespace|ASSERT_|EXPECT_|CUTE_STATIC_ASSERT)")


def split_args(s):
    """The arguments of a call, split at the commas outside brackets."""
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "(<{[":
            depth += 1
        if ch in ")>}]":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    out.append(cur.strip())
    return out


def blocks(text):
    """(test name, block) for every top-level `{ ... }` block of every TEST body."""
    for m in re.finditer(r"TEST\(\s*\w+\s*,\s*(\w+)\s*\)\s*\{", text):
        i, depth, start = m.end(), 1, None
        while depth > 0:
            ch = text[i]
            if ch == "{":
                depth += 1
                if depth == 2:
                    start = i + 1
            elif ch == "}":
                if depth == 2:
                    yield m.group(1), text[start:i]
                depth -= 1
            i += 1


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    for name in FILES:
        with open(os.path.join(sys.argv[1], name + ".cpp")) as f:
            text = f.read()
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        text = re.sub(r"//[^\n]*", "", text)
        for bi, (test, block) in enumerate(blocks(text)):
            stmts = [s.strip() for s in block.split(";") if s.strip()]
            stmts = [s for s in stmts if not SKIPPED.match(s)]
            decls = [s for s in stmts if not re.match(r"test_\w+\s*\(", s)]
            calls = [s for s in stmts if re.match(r"test_\w+\s*\(", s)]
            for ci, call in enumerate(calls):
                helper = re.match(r"(test_\w+)\s*\(", call).group(1)
                if helper not in OPS:
                    print(f"skipped {helper}", file=sys.stderr)
                    continue
                args = split_args(call[call.index("(") + 1:call.rindex(")")])
                print(f"// ---- cutlass test/unit/cute/core/{name}.cpp, {test} #{bi + 1}.{ci + 1}")
                print("\n".join(" ".join(s.split()) + ";" for s in decls))
                print(f"print({OPS[helper](args)});")


if __name__ == "__main__":
    main()
