#!/usr/bin/env python3
"""Audit of the atom catalog against CuTe 4.2's headers:

    audit_atoms.py [--list]

Reads every `struct NAME` and `using NAME = ...` of `cute/arch/*.hpp` and `cute/atom/*.hpp`
(in ~/.cache/cute-oracle, the oracle's headers) that names an MMA or copy operation, and
checks that each is either in the catalog, or listed below as not in it, with the reason.

An operation is in the catalog when a golden case of tests/golden/atoms/*.jsonl names it
and CuTe answered that case (replayed by `cargo test -p rcute-lang --test golden_atoms`,
which passes only when rcute prints what CuTe printed). SM90's GMMA structs
`SM90::GMMA::MMA_64xNxK_*` are the catalog's `SM90_64xNxK_*` aliases. `--list` prints each
operation with how it is covered. Exits 1 where an operation is neither.
"""
import glob
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cute_oracle import ensure_headers  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# the operations: CuTe's naming of instructions and of the generic copies and FMAs
OP = re.compile(r"^(SM\d+_\w+|MMA_64x\d+x\d+_\w+|GMMA_64x\d+x\d+_\w+|Universal(FMA|Copy)"
                r"|AutoVectorizingCopy\w*|DefaultCopy|AutoCopyAsync)$")

# Operations CuTe defines that the catalog does not hold, with the reason (first match wins).
NOT_IN_CATALOG = [
    (r"^SM80_16x8x128_S32U1U1S32_TN_(XOR|AND)POPC$",
     "CuTe's LayoutA_TV ((_4,_8),(_32,_2)):((_512,_1),((_16,_8))) is not congruent (a stride "
     "(_16,_8) under the shape _2), so it is not a layout; CuTe prints it, rcute refuses it"),
    (r"^SM90_TMA_(LOAD|LOAD_MULTICAST|LOAD_IM2COL|LOAD_IM2COL_MULTICAST)_OP$|^SM100_TMA_2SM_LOAD\w*_OP$",
     "an executable TMA form: it holds a descriptor pointer and an mbarrier, CuTe builds it "
     "only as atom.with(mbarrier) of a built atom (printed as that atom); rcute has no .with"),
    (r"^SM90_TMA_STORE_PTR$",
     "an executable TMA store over a descriptor pointer, made only by atom.with(ptr)"),
    (r"^SM90_TMA_\w+_PREFETCH$|^SM90_BULK_COPY_AUTO_PREFETCH$",
     "a prefetch form (::PREFETCH): CuTe makes it only from a built TMA atom, not as a copy atom"),
    (r"^SM90_TMA_(LOAD|LOAD_MULTICAST|STORE|REDUCE_ADD|LOAD_IM2COL|LOAD_IM2COL_MULTICAST|STORE_IM2COL)_[1-5]D$"
     r"|^SM90_TMA_(LOAD|STORE|REDUCE_ADD)_\dD\w*$|^SM90_TMA_(LOAD|STORE)_IM2COL_\dD$"
     r"|^SM100_TMA_2SM_LOAD\w*_\dD$",
     "a rank-specific instruction wrapper of the TMA operation (its copy() overloads): not an "
     "operation of a copy atom; the TMA operation itself is in the catalog"),
    (r"^AutoCopyAsync$",
     "a policy tag of the copy() algorithm (UniversalCopy or cp.async by type and memory), "
     "with no Copy_Traits: Copy_Atom<AutoCopyAsync, T> does not compile"),
    (r"^SM90_BULK_(COPY|REDUCE)_\w+$|^SM90_BULK_COPY_G2S$|^SM90_BULK_COPY_S2G$",
     None),  # resolved below: the bulk copies are in the catalog by Copy_Traits<OP, Int<BITS>>
    (r"^SM100_MMA_F8F6F4(_2x1SM)?_SS$",
     None),  # in the catalog through MMA_Traits<SM100_MMA_F8F6F4[_2x1SM]_SS, ...>
]


def header_ops(include):
    """{name: header} of every operation struct or alias of cute/arch and cute/atom."""
    out = {}
    for path in sorted(glob.glob(os.path.join(include, "cute", "arch", "*.hpp"))
                       + glob.glob(os.path.join(include, "cute", "atom", "*.hpp"))):
        rel = os.path.relpath(path, os.path.join(include, "cute"))
        for line in open(path, errors="replace"):
            m = re.match(r"\s*(?:struct|using)\s+([A-Za-z_]\w*)\s*(=\s*Layout<)?", line)
            # a `using X = Layout<...>` is a traits' layout (SM80_16x8_Row), no operation
            if m and OP.match(m.group(1)) and not m.group(2):
                out.setdefault(m.group(1), rel)
    return out


def golden_names():
    """Every identifier in an answered golden case of tests/golden/atoms."""
    seen = set()
    for path in glob.glob(os.path.join(ROOT, "tests", "golden", "atoms", "*.jsonl")):
        for line in open(path):
            d = json.loads(line)
            if d["out"] == "error":
                continue
            for e in (d["expr"], d.get("static_expr") or ""):
                seen.update(re.findall(r"[A-Za-z_]\w*", e))
    return seen


def main():
    include = ensure_headers()[0]
    ops = header_ops(include)
    names = golden_names()
    missing = []
    rows = []
    for name, where in sorted(ops.items()):
        listed = next(((pat, why) for pat, why in NOT_IN_CATALOG if re.search(pat, name)), None)
        alias = "SM90_" + name[len("MMA_"):] if name.startswith("MMA_64x") else name
        if listed and listed[1]:
            rows.append((name, where, "not in the catalog: " + listed[1]))
        elif name in names or alias in names:
            rows.append((name, where, "catalog (a golden case CuTe answered)"))
        elif listed:
            # a family the catalog spells another way: its spelling must be in a golden case
            if name.startswith("SM100_MMA_F8F6F4"):
                ok = "MMA_Traits" in names and name in names
            else:
                ok = "Copy_Traits" in names or "SM90_BULK_COPY_AUTO" in names
            rows.append((name, where, "catalog (spelled through its traits)" if ok else "MISSING"))
            if not ok:
                missing.append((name, where))
        else:
            rows.append((name, where, "MISSING"))
            missing.append((name, where))
    if "--list" in sys.argv:
        for name, where, how in rows:
            print(f"{name:60} {where:36} {how}")
    catalog = sum(1 for r in rows if r[2].startswith("catalog"))
    print(f"{len(ops)} operations in cute/arch and cute/atom: {catalog} in the catalog, "
          f"{len(ops) - catalog - len(missing)} listed as not in it, {len(missing)} missing")
    for name, where in missing:
        print(f"MISSING {name} ({where})")
    sys.exit(1 if missing else 0)


if __name__ == "__main__":
    main()
