#!/usr/bin/env python3
"""Writes the host side of CUTLASS's Hopper TMA unit tests (test/unit/cute/hopper/
tma_load.cu, tma_store.cu, tma_mcast_load.cu of a CUTLASS checkout) as pasted C++
snippets, one per `test_tma_load<T>(...)` / `test_tma_store<T>(...)` call:

    gen_hopper_tma_cases.py CUTLASS/test/unit/cute/hopper > scripts/oracle/hopper_tma_cases.cpp
    python3 scripts/oracle/snippets.py --titled scripts/oracle/hopper_tma_cases.cpp \\
        tests/golden/atoms/hopper-tma.jsonl

Each test body is read as its blocks: the declarations of `smem_layout`, `gmem_layout` and
`cta_tile` in scope, and each call of the testbed (or of a template helper of the file,
expanded with its template arguments). A snippet builds what the testbed builds on the
host and what its kernel builds before it copies: the TMA copy
(`make_tma_copy<T>(op, gA, smem_layout, cta_tile, Int<1>{})`, or for the multicast test
`make_tma_atom` and `tma_partition` for two CTAs of the cluster), the TMA coordinate
tensor, its tiles (`flat_divide` or `zipped_divide`), and the CTA's partitions of global
and shared memory (and, as the kernel groups them, `group_modes<1,rank(t)>(t)`), each
printed, and the rank of the TMA coordinate (the tests'
`EXPECT_EQ(rank(...), N)`). A call with a TMA internal type other than the element type
(`test_tma_load<half_t, uint8_t>`, the test `Tma_Load_InternalType`) builds the copy with
it, `make_tma_copy<TmaType>(...)`.
"""
import os
import re
import sys


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def matching(text, i, open_c, close_c):
    """Index just past the bracket that closes the one at text[i]."""
    depth = 0
    for j in range(i, len(text)):
        if text[j] == open_c:
            depth += 1
        elif text[j] == close_c:
            depth -= 1
            if depth == 0:
                return j + 1
    raise ValueError("unbalanced")


def helpers(text):
    """template <class T, template <typename> typename SWIZZLE_ATOM> ... NAME() { BODY }"""
    out = {}
    for m in re.finditer(r"template\s*<([^{};]*?)>\s*(?:void|auto)\s+(\w+)\s*\(\s*\)\s*\{", text):
        params = [p.split()[-1] for p in m.group(1).split(",")]
        start = m.end() - 1
        out[m.group(2)] = (params, text[start + 1:matching(text, start, "{", "}") - 1])
    return out


def statements(body):
    """The statements of a block: ('stmt', text) and ('block', body)."""
    i, cur = 0, ""
    while i < len(body):
        c = body[i]
        if c == "{" and not cur.strip():
            j = matching(body, i, "{", "}")
            if cur.strip():
                yield ("stmt", cur.strip())
                cur = ""
            yield ("block", body[i + 1:j - 1])
            i = j
            continue
        if c == "{":
            j = matching(body, i, "{", "}")
            cur += body[i:j]
            i = j
            continue
        if c == ";":
            yield ("stmt", cur.strip())
            cur = ""
        else:
            cur += c
        i += 1


def split_args(s):
    out, depth, cur = [], 0, ""
    for c in s:
        if c in "(<":
            depth += 1
        elif c in ")>":
            depth -= 1
        if c == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += c
    if cur.strip():
        out.append(cur.strip())
    return out


DECL = re.compile(r"^(?:Layout|auto)\s+(smem_layout|gmem_layout|cta_tile)\s*=\s*(.*)$", re.S)
CALL = re.compile(r"^(?:return\s+|auto\s+tma\s*=\s*)?(test_tma_load|test_tma_store)<(.*?)>\((.*)\)$", re.S)
EXPECT = re.compile(r"^EXPECT_EQ\(rank\(tma\.get_tma_tensor\(shape\(gmem_layout\)\)\(0\)\),\s*(\d+)\)$")


def walk(body, scope, helper_defs, emit, title):
    scope = [dict()] + scope
    for kind, x in statements(body):
        if kind == "block":
            walk(x, scope, helper_defs, emit, title)
            continue
        x = " ".join(x.split())
        m = DECL.match(x)
        if m:
            scope[0][m.group(1)] = m.group(2)
            continue
        m = CALL.match(x)
        if m:
            look = {k: v for d in reversed(scope) for k, v in d.items()}
            emit(title, m.group(1), split_args(m.group(2)), split_args(m.group(3)), look)
            continue
        m = re.match(r"^(\w+)<(.*)>\(\)$", x)
        if m and m.group(1) in helper_defs:
            params, hbody = helper_defs[m.group(1)]
            targs = split_args(m.group(2))
            for p, a in zip(params, targs):
                hbody = re.sub(rf"\b{p}\b", a, hbody)
            walk(hbody, scope, helper_defs, emit, f"{title}, {m.group(1)}<{m.group(2)}>")


def snippet(file, title, fn, targs, args, look):
    t = targs[0]
    tma_type = targs[1] if len(targs) > 1 else t
    # the type the TMA moves the elements as (CuTe's TmaInternalType), where not T
    as_type = "T" if tma_type == t else "TmaType"
    used = [n for n in ("smem_layout", "gmem_layout", "cta_tile") if n in " ".join(args)]
    lines = [f"using T = {t};"]
    if tma_type != t:
        lines.append(f"using TmaType = {tma_type};")
    for n in ("smem_layout", "gmem_layout", "cta_tile"):
        if n in look and (n in used or n == "smem_layout"):
            lines.append(f"auto {n} = {look[n]};" if n == "cta_tile" else f"Layout {n} = {look[n]};"
                         if not look[n].startswith(("GMMA::", "tile_to_shape")) else f"auto {n} = {look[n]};")
    mcast = file == "tma_mcast_load.cu"
    # the testbeds' defaults: the tile the smem layout's shape (product_each), one CTA
    tile = args[2] if len(args) > 2 else ("shape(smem_layout)" if mcast else "product_each(shape(smem_layout))")
    cluster = args[3] if len(args) > 3 else "Int<1>{}"
    if args[0] != "gmem_layout" or args[1] != "smem_layout":
        return None
    lines.append(f"auto tile = {tile};")
    lines.append("Tensor gA = make_tensor(make_gmem_ptr<T>(nullptr), gmem_layout);")
    lines.append("Tensor sA = make_tensor(make_smem_ptr<T>(nullptr), smem_layout);")
    if mcast:
        lines += [
            f"auto cluster_size = {cluster};",
            f"auto tma = make_tma_atom<{as_type}>(SM90_TMA_LOAD_MULTICAST{{}}, gA, smem_layout, tile, cluster_size);",
            'print(tma); print("\\n");',
            "Tensor mA = tma.get_tma_tensor(shape(gmem_layout));",
            'print(mA); print("\\n");',
            "Tensor gT = zipped_divide(mA, tile);",
            'print(gT); print("\\n");',
            "Tensor sA_x = make_tensor(make_smem_ptr<T>(nullptr), make_layout(smem_layout, Layout<_1>{}));",
            'print(sA_x); print("\\n");',
            "for (int r = 0; r < 2; ++r) {",
            "  auto [tAgA, tAsA] = tma_partition(tma, r, make_layout(cluster_size), sA_x, gT);",
            '  print(tAgA); print("\\n"); print(tAsA); print("\\n");',
            "}",
        ]
    else:
        op = "SM90_TMA_LOAD" if fn == "test_tma_load" else "SM90_TMA_STORE"
        src, dst = ("gT", "sA") if fn == "test_tma_load" else ("sA", "gT")
        lines += [
            f"auto tma = make_tma_copy<{as_type}>({op}{{}}, gA, smem_layout, tile, Int<1>{{}});",
            'print(tma); print("\\n");',
            "Tensor mA = tma.get_tma_tensor(shape(gmem_layout));",
            'print(mA); print("\\n");',
            "Tensor gT = flat_divide(mA, tile);",
            'print(gT); print("\\n");',
            'print(sA); print("\\n");',
            "auto cta_tma = tma.get_slice(Int<0>{});",
            f"Tensor tS_x = cta_tma.partition_S({src});",
            f"Tensor tD_x = cta_tma.partition_D({dst});",
            'print(tS_x); print("\\n"); print(tD_x); print("\\n");',
            # the kernel's grouping of the TMA_X and REST_X modes
            "Tensor tS = group_modes<1,rank(tS_x)>(tS_x);",
            "Tensor tD = group_modes<1,rank(tD_x)>(tD_x);",
            'print(tS); print("\\n"); print(tD); print("\\n");',
            'print(rank(mA(0))); print("\\n");',
        ]
    return "\n".join(lines)


def main():
    root = sys.argv[1]
    out = []
    for file in ("tma_load.cu", "tma_store.cu", "tma_mcast_load.cu"):
        text = strip_comments(open(os.path.join(root, file)).read())
        helper_defs = helpers(text)
        cases = []

        def emit(title, fn, targs, args, look):
            s = snippet(file, title, fn, targs, args, look)
            if s is not None:
                cases.append((title, fn, targs, args, s))

        for m in re.finditer(r"TEST\((\w+),\s*(\w+)\)\s*\{", text):
            start = m.end() - 1
            body = text[start + 1:matching(text, start, "{", "}") - 1]
            walk(body, [], helper_defs, emit, f"{m.group(1)}.{m.group(2)}")
        for k, (title, fn, targs, args, s) in enumerate(cases):
            out.append(f"// ---- hopper/{file} {title} #{k}: {fn}<{', '.join(targs)}>({', '.join(args)})\n{s}")
    print("// The host side of CUTLASS's Hopper TMA unit tests (test/unit/cute/hopper), written by")
    print("// scripts/oracle/gen_hopper_tma_cases.py; answered by snippets.py --titled.")
    print("\n".join(out))


if __name__ == "__main__":
    main()
