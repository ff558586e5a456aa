#!/usr/bin/env python3
"""The SM100 copy operations (TMEM loads and stores in every dp/bit/repeat form, UTCCP,
the 8-bit and 4/6-bit LDSM/STSM, the 256-bit loads and stores) of CuTe's copy_traits_sm100.hpp.

  gen_sm100_copies.py table   writes crates/rcute/src/atom/sm100_copy.rs: each operation's
                              traits in bits (ThrID, SrcLayout, DstLayout, RefLayout), read
                              from CuTe's print of Copy_Atom<OP, uint1_t> (a 1-bit value type
                              recasts nothing, so it prints the traits themselves)
  gen_sm100_copies.py valid   writes crates/rcute/src/atom/sm100_tmem.rs: the ValID (bit id ->
                              TMEM bit address) of every TMEM load and store, printed by CuTe
                              (make_tmem_copy reads it)
  gen_sm100_copies.py cases   writes scripts/oracle/sm100_copy_cases.txt: every operation
                              with several value types, and tilings (answer it with
                              cute_oracle.py --json --chunk 300 --jobs 2 --batch ...)

Operation names are read from the header's Copy_Traits specializations, in header order.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cute_oracle import ATOM_PRELUDE, build, ensure_headers, evaluate  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def names():
    text = open(os.path.join(ensure_headers()[0], "cute", "atom", "copy_traits_sm100.hpp")).read()
    out = []
    for m in re.finditer(r"^struct Copy_Traits<(SM100_\w+)>", text, re.M):
        if m.group(1) not in out:
            out.append(m.group(1))
    return out


def table():
    ops = names()
    answers = evaluate([f"Copy_Atom<{op}, uint1_t>" for op in ops], chunk=200, jobs=2)
    rows, refused = [], []
    for op, out in zip(ops, answers):
        if out.startswith("error"):
            refused.append(op)
            continue
        f = dict(re.findall(r"(\w+):\s+(\S+)", out))
        rows.append((op, f["ThrID"], f["ValLayoutSrc"], f["ValLayoutDst"], f["ValLayoutRef"]))
    path = os.path.join(ROOT, "crates", "rcute", "src", "atom", "sm100_copy.rs")
    with open(path, "w") as fh:
        fh.write("//! The SM100 copy operations of CuTe's `copy_traits_sm100.hpp`, their traits in bits\n")
        fh.write("//! (`ThrID`, `SrcLayout`, `DstLayout`, `RefLayout`). Written by\n")
        fh.write("//! `scripts/oracle/gen_sm100_copies.py table` from CuTe's own traits; do not edit.\n")
        if refused:
            fh.write("//!\n//! CuTe cannot print these on a host: " + ", ".join(f"`{r}`" for r in refused) + ".\n")
        fh.write("\nuse super::copy::{CopyOp, op};\n\n")
        fh.write("/// Every SM100 copy operation of the catalog.\n")
        fh.write("#[rustfmt::skip]\npub(crate) const SM100_COPY_OPS: &[CopyOp] = &[\n")
        for r in rows:
            fh.write('    op("%s", "%s", "%s", "%s", "%s"),\n' % r)
        fh.write("];\n")
    print(f"{len(rows)} operations -> {path}; refused: {refused}")


def valid():
    ops = [op for op in names() if op.startswith("SM100_TMEM_")]
    bodies = [f'print(typename Copy_Traits<{op}>::ValID{{}}); printf("\\n");' for op in ops]
    rows = []
    with tempfile.TemporaryDirectory() as wd:
        exe, bad = build(bodies, ensure_headers(), wd, prelude=ATOM_PRELUDE)
        for k, op in enumerate(ops):
            if k in bad:
                continue
            r = subprocess.run([exe, str(k)], capture_output=True, text=True, timeout=20)
            if r.returncode == 0:
                rows.append((op, r.stdout.strip()))
    path = os.path.join(ROOT, "crates", "rcute", "src", "atom", "sm100_tmem.rs")
    with open(path, "w") as fh:
        fh.write("//! The `ValID` of every TMEM load and store of CuTe's `copy_traits_sm100.hpp`: logical bit\n")
        fh.write("//! id -> TMEM bit address (`TMEM::DP_b` = 2^21 a data path). Written by\n")
        fh.write("//! `scripts/oracle/gen_sm100_copies.py valid` from CuTe's own traits; do not edit.\n\n")
        fh.write("/// `(operation, ValID)` of every TMEM load and store.\n")
        fh.write("#[rustfmt::skip]\npub(crate) const SM100_TMEM_VAL_IDS: &[(&str, &str)] = &[\n")
        for r in rows:
            fh.write('    ("%s", "%s"),\n' % r)
        fh.write("];\n")
    print(f"{len(rows)} operations -> {path}")


def cases():
    ops = names()
    out = []
    for op in ops:
        for t in ["uint8_t", "half_t", "float", "uint32_t", "uint64_t"]:
            out.append(f"Copy_Atom<{op}, {t}>")
    out += [
        "make_tiled_copy(Copy_Atom<SM100_TMEM_LOAD_32dp32b8x, float>, (_32,_4), (_1,_8))",
        "C = make_tiled_copy(Copy_Atom<SM100_TMEM_LOAD_16dp256b1x, float>, (_32,_1), (_1,_4)); get_layoutS_TV(C)",
        "C = make_tiled_copy(Copy_Atom<SM100_TMEM_STORE_32dp32b4x, half_t>, (_32,_1), (_1,_8)); partition_S(C, 3, make_identity_tensor((_32,_8)))",
        "C = make_tiled_copy(Copy_Atom<SM100_U8x16_LDSM_T, uint8_t>, (_32,_1), (_1,_16)); C",
    ]
    path = os.path.join(HERE, "sm100_copy_cases.txt")
    with open(path, "w") as fh:
        fh.write("# written by scripts/oracle/gen_sm100_copies.py cases\n")
        for c in out:
            fh.write(c + "\n")
    print(f"{len(out)} cases -> {path}")


if __name__ == "__main__":
    {"table": table, "cases": cases, "valid": valid}[sys.argv[1]]()
