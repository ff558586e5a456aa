#!/usr/bin/env python3
"""The atom catalog: one expression per MMA or copy atom, each the atom itself.

  gen_catalog.py [OUT.txt]          writes the case list (default scripts/oracle/catalog_cases.txt)
  gen_catalog.py --extra [OUT.txt]  the atoms outside the catalog (SM61/70/75/89 MMA, other copies)

The MMA names come from CuTe's headers (the SM80 MMA_Traits specializations, the SM90 GMMA
aliases of mma_traits_sm90_gmma.hpp and mma_traits_sm90_gmma_ext.hpp), so the list follows the
installed CUTLASS. Answer it with
  cute_oracle.py --json --chunk 200 --jobs 2 --batch scripts/oracle/catalog_cases.txt
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cute_oracle import ensure_headers  # noqa: E402

ATOM = os.path.join(ensure_headers()[0], "cute", "atom")


def traits_names(header, prefix):
    """Operation names of the MMA_Traits specializations in one header, in header order."""
    text = open(os.path.join(ATOM, header)).read()
    seen = []
    for m in re.finditer(r"struct MMA_Traits<(" + prefix + r"\w*)[<>]", text):
        if m.group(1) not in seen:
            seen.append(m.group(1))
    return seen


def gmma_aliases():
    """(name, N, family, templated) of each SM90_64xNxK alias, both GMMA headers."""
    out = []
    for h in ["mma_traits_sm90_gmma.hpp", "mma_traits_sm90_gmma_ext.hpp"]:
        for m in re.finditer(r"^using (SM90_64x(\d+)x\d+_(\w+)) = [^;<]*(<[^;]*>)?;",
                             open(os.path.join(ATOM, h)).read(), re.M):
            out.append((m.group(1), int(m.group(2)), m.group(3), m.group(4) or ""))
    return out


MAJORS_SS = ["<K,K>", "<K,MN>", "<MN,K>", "<MN,MN>"]
MAJORS_RS = ["<K,K>", "<K,MN>"]


def catalog():
    cases = []
    for t in ["float", "double", "half_t"]:
        cases.append(f"UniversalFMA<{t},{t},{t}>")
    cases += ["UniversalFMA<float>", "UniversalFMA<float,float>", "UniversalFMA<float,float,float,float>",
              "UniversalFMA<float,half_t,half_t,float>", "UniversalFMA<int32_t,int8_t,int8_t,int32_t>"]
    cases += traits_names("mma_traits_sm80.hpp", "SM80_")
    # GMMA: grouped by family, N ascending within each
    fams = {}
    for name, n, fam, targs in gmma_aliases():
        fams.setdefault(re.sub(r"^SM90_64x\d+x", "", name), []).append((n, name, "tnspA" in targs))
    for fam in sorted(fams, key=lambda f: (not f.startswith("16_F"), f)):
        for n, name, majors in sorted(fams[fam]):
            if not majors:
                cases.append(name)
            elif name.endswith("_SS"):
                cases += [name + m for m in MAJORS_SS]
            else:
                cases += [name + m for m in MAJORS_RS]
    # copies
    uints = ["uint8_t", "uint16_t", "uint32_t", "uint64_t", "uint128_t"]
    for t in uints:
        for e in ["int8_t", "half_t", "bfloat16_t", "float", "double"]:
            cases.append(f"Copy_Atom<UniversalCopy<{t}>, {e}>")
    ldsm = ["SM75_U32x1_LDSM_N", "SM75_U32x2_LDSM_N", "SM75_U32x4_LDSM_N",
            "SM75_U16x2_LDSM_T", "SM75_U16x4_LDSM_T", "SM75_U16x8_LDSM_T",
            "SM90_U32x1_STSM_N", "SM90_U32x2_STSM_N", "SM90_U32x4_STSM_N",
            "SM90_U16x2_STSM_T", "SM90_U16x4_STSM_T", "SM90_U16x8_STSM_T"]
    for op in ldsm:
        for e in ["half_t", "bfloat16_t", "float", "uint32_t", "uint16_t", "int8_t", "double"]:
            cases.append(f"Copy_Atom<{op}, {e}>")
    for op in ["SM80_CP_ASYNC_CACHEALWAYS", "SM80_CP_ASYNC_CACHEGLOBAL"]:
        for t in uints:
            for e in ["int8_t", "half_t", "float", "double"]:
                cases.append(f"Copy_Atom<{op}<{t}>, {e}>")
    return cases


def extra():
    cases = []
    for h, p in [("mma_traits_sm61.hpp", "SM61_"), ("mma_traits_sm70.hpp", "SM70_"),
                 ("mma_traits_sm75.hpp", "SM75_"), ("mma_traits_sm89.hpp", "SM89_")]:
        cases += traits_names(h, p)
    for op in ["SM80_CP_ASYNC_CACHEALWAYS_ZFILL", "SM80_CP_ASYNC_CACHEGLOBAL_ZFILL"]:
        for t in ["uint32_t", "uint64_t", "uint128_t"]:
            cases.append(f"Copy_Atom<{op}<{t}>, half_t>")
    for op in ["SM75_U32x1_MOVM_T", "SM50_Shuffle_U32_2x2Trans_XOR1", "SM50_Shuffle_U32_2x2Trans_XOR4",
               "AutoVectorizingCopy", "DefaultCopy", "AutoVectorizingCopyWithAssumedAlignment<64>"]:
        for e in ["half_t", "float", "uint32_t"]:
            cases.append(f"Copy_Atom<{op}, {e}>")
    for e in ["half_t", "float"]:
        cases.append(f"Copy_Atom<UniversalCopy<uint32_t,uint32_t>, {e}>")
        cases.append(f"Copy_Atom<UniversalCopy<uint32_t,uint64_t>, {e}>")
    return cases


def main():
    args = sys.argv[1:]
    ext = "--extra" in args
    args = [a for a in args if a != "--extra"]
    here = os.path.dirname(os.path.abspath(__file__))
    out = args[0] if args else os.path.join(here, "catalog_extra_cases.txt" if ext else "catalog_cases.txt")
    cases = extra() if ext else catalog()
    with open(out, "w") as f:
        f.write("# written by scripts/oracle/gen_catalog.py%s: one atom a line\n" % (" --extra" if ext else ""))
        for c in cases:
            f.write(c + "\n")
    print(f"{len(cases)} cases -> {out}")


if __name__ == "__main__":
    main()
