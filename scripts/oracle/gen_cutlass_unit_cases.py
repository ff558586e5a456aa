#!/usr/bin/env python3
"""The cases of CUTLASS's own unit tests of CuTe's layout algebra, as pasted C++ snippets:

    gen_cutlass_unit_cases.py CUTLASS/test/unit/cute/core > scripts/oracle/cutlass_unit_cases.cpp
    snippets.py scripts/oracle/cutlass_unit_cases.cpp tests/golden/cutlass-unit.jsonl

CUTLASS's tests (composition.cpp, complement.cpp, coalesce.cpp, inverse_left.cpp,
inverse_right.cpp, logical_divide.cpp, logical_product.cpp, nullspace.cpp,
domain_distribute.cpp, swizzle_layout.cpp) write each case
as a block `{ auto a = ...; auto b = ...; test_composition(a, b); }` whose helper checks the
operation's post-conditions. Each call of a helper becomes one snippet: the block's
declarations as the test writes them, then `print(OPERATION(args));` (a one-argument
`test_complement(l)` is `complement(l, cosize(l))`, as the helper calls it). Assertions
and traces are left out.

The tests that assert values (compact_xmajor.cpp, int_tuple.cpp, compare.cpp) become one
snippet per TEST, its body as written (loops included) with each assertion replaced by
prints of what it compares: `EXPECT_EQ(a, b)` and `CUTE_STATIC_ASSERT_V((a == b))` print
`a` and `b`, `EXPECT_TRUE(x)` prints `x`, each on its own line. Lines about C++ types
(`decltype`, `static_assert`, `is_static`, ...) are left out, as are the assertions that
hold them. The committed case file was drawn from CUTLASS 7107b0553.
"""
import os
import re
import sys

FILES = ["composition", "complement", "coalesce", "inverse_left", "inverse_right",
         "logical_divide", "logical_product", "nullspace", "domain_distribute", "swizzle_layout"]

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
    "test_distribute": lambda a: f"domain_distribute(shape({a[0]}), shape({a[1]}))",
}
# helpers that check more than one value, by the statements that print what they check
STATEMENTS = {
    # swizzle_layout.cpp: every row and column of a swizzled layout sliced with a
    # run-time index (the test slices a tensor over the layout and compares its elements)
    "test_swizzle_2d": lambda a: (
        f'for (int i = 0; i < size<0>({a[0]}); ++i) {{ print({a[0]}(i,_)); print("\\n"); }}\n'
        f'for (int j = 0; j < size<1>({a[0]}); ++j) {{ print({a[0]}(_,j)); print("\\n"); }}'),
}
ASSERTION_FILES = ["compact_xmajor", "int_tuple", "compare"]
ASSERTION = re.compile(
    r"\b(EXPECT_TRUE|EXPECT_FALSE|ASSERT_TRUE|ASSERT_FALSE|CUTE_STATIC_ASSERT_V|EXPECT_EQ|"
    r"ASSERT_EQ|EXPECT_NE|ASSERT_NE|EXPECT_LT|EXPECT_LE|EXPECT_GT|EXPECT_GE)\s*\(")
# C++ about types, outside the snippets' subset
TYPE_LEVEL = re.compile(r"decltype|tuple_size|is_static|is_same|static_assert|::value|\[\[|"
                        r"is_integral|CUTLASS_TRACE_HOST|typename|template")
# helpers of the assertion files, by the operation they return
HELPERS = {"test_evenly_divides(": "evenly_divides("}
SKIPPED = re.compile(r"(CUTLASS_TRACE_HOST|using namespace|ASSERT_|EXPECT_|CUTE_STATIC_ASSERT)")


def split_top(s, sep=","):
    """`s` split at each `sep` outside brackets; a `<` opens a template's arguments where
    it follows a name with no space after it (`Shape<_2,_3>`), else it compares (`i < j`)."""
    out, depth, cur, i, angles = [], 0, "", 0, 0
    while i < len(s):
        ch = s[i]
        if ch in "({[":
            depth += 1
        elif ch in ")}]":
            depth -= 1
        elif ch == "<" and i > 0 and (s[i - 1].isalnum() or s[i - 1] == "_") \
                and s[i + 1:i + 2] not in ("", " ", "="):
            depth += 1
            angles += 1
        elif ch == ">" and angles and s[i - 1] != "-":
            depth -= 1
            angles -= 1
        if depth == 0 and s.startswith(sep, i):
            out.append(cur.strip())
            cur = ""
            i += len(sep)
            continue
        cur += ch
        i += 1
    out.append(cur.strip())
    return out


def split_args(s):
    """The arguments of a call, split at the commas outside brackets."""
    return split_top(s, ",")


def strip_parens(x):
    """`x` without the parentheses that enclose all of it."""
    x = x.strip()
    while x.startswith("(") and x.endswith(")"):
        depth = 0
        for i, ch in enumerate(x):
            depth += {"(": 1, ")": -1}.get(ch, 0)
            if depth == 0 and i < len(x) - 1:
                return x
        x = x[1:-1].strip()
    return x


def call_end(t, i):
    """The index of the `)` that closes the `(` at `i`."""
    depth = 0
    while True:
        depth += {"(": 1, ")": -1}.get(t[i], 0)
        if depth == 0:
            return i
        i += 1


def printed_assertions(body):
    """`body` with each assertion replaced by prints of what it compares."""
    out, i = "", 0
    while True:
        m = ASSERTION.search(body, i)
        if not m:
            out += body[i:]
            break
        out += body[i:m.start()]
        j = call_end(body, m.end() - 1)
        inner = body[m.end():j]
        k = j + 1
        while k < len(body) and body[k] in " \t":
            k += 1
        if body[k:k + 1] == ";":
            k += 1
        if m.group(1).endswith(("_EQ", "_NE", "_LT", "_LE", "_GT", "_GE")):
            operands = split_top(inner, ",")
        else:
            x = strip_parens(inner)
            sides = split_top(x, "==")
            operands = sides if len(sides) == 2 else [x]
        if not TYPE_LEVEL.search(inner):
            out += " ".join(f'print({strip_parens(o)}); print("\\n");' for o in operands)
        i = k
    for old, new in HELPERS.items():
        out = out.replace(old, new)
    lines = [ln.rstrip() for ln in out.split("\n")
             if ln.strip() and not TYPE_LEVEL.search(ln) and ln.strip() != "using namespace cute;"]
    return "\n".join(lines)


def tests(text):
    """(test name, body) for every TEST."""
    for m in re.finditer(r"TEST\(\s*\w+\s*,\s*(\w+)\s*\)\s*\{", text):
        i, depth = m.end(), 1
        while depth > 0:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        yield m.group(1), text[m.end():i - 1]


def read(directory, name):
    with open(os.path.join(directory, name + ".cpp")) as f:
        text = f.read()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


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
        text = read(sys.argv[1], name)
        for bi, (test, block) in enumerate(blocks(text)):
            stmts = [s.strip() for s in block.split(";") if s.strip()]
            stmts = [s for s in stmts if not SKIPPED.match(s)]
            decls = [s for s in stmts if not re.match(r"test_\w+\s*\(", s)]
            calls = [s for s in stmts if re.match(r"test_\w+\s*\(", s)]
            for ci, call in enumerate(calls):
                helper = re.match(r"(test_\w+)\s*\(", call).group(1)
                if helper not in OPS and helper not in STATEMENTS:
                    print(f"skipped {helper}", file=sys.stderr)
                    continue
                args = split_args(call[call.index("(") + 1:call.rindex(")")])
                print(f"// ---- cutlass test/unit/cute/core/{name}.cpp, {test} #{bi + 1}.{ci + 1}")
                print("\n".join(" ".join(s.split()) + ";" for s in decls))
                if helper in OPS:
                    print(f"print({OPS[helper](args)});")
                else:
                    print(STATEMENTS[helper](args))
    for name in ASSERTION_FILES:
        for test, body in tests(read(sys.argv[1], name)):
            snippet = printed_assertions(body)
            if "print(" in snippet:
                print(f"// ---- cutlass test/unit/cute/core/{name}.cpp, {test}")
                print(snippet)


if __name__ == "__main__":
    main()
