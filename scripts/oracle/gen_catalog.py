#!/usr/bin/env python3
"""The atom catalog: one expression per MMA or copy atom, each the atom itself.

  gen_catalog.py [OUT.txt]          writes the case list (default scripts/oracle/catalog_cases.txt)
  gen_catalog.py --extra [OUT.txt]  the atoms outside the catalog (SM61/70/75/89 MMA, other copies)
  gen_catalog.py --sm90-sm120 [OUT.txt]  SM120 mma.sync, SM90 f64, the b1 pair, shuffles and
                                         auto-vectorizing copies, and tilings of them
  gen_catalog.py --sparse-gmma [OUT.txt]  every SM90 sparse GMMA (names read from the headers)

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


F8F6F4 = ["float_e2m1_t", "float_e3m2_t", "float_e2m3_t", "float_e4m3_t", "float_e5m2_t"]


def sm90_sm120():
    """SM120 mma.sync (every type combination, block-scaled and sparse), SM90 f64, the b1
    pair, the SM50 shuffles and auto-vectorizing copies, and a few tilings of them."""
    cases = []
    for h, p in [("mma_traits_sm90.hpp", "SM90_")]:
        cases += traits_names(h, p)
    cases += ["SM80_16x8x128_S32U1U1S32_TN_XORPOPC", "SM80_16x8x128_S32U1U1S32_TN_ANDPOPC"]
    for a in F8F6F4:
        for b in F8F6F4:
            for c in ["float", "half_t"]:
                cases.append(f"SM120_16x8x32_TN<{a},{b},{c}>")
                cases.append(f"SM120::SPARSE::SM120_SPARSE_16x8x64_TN<{a},{b},{c}>")
            for vs in [32, 16]:
                cases.append(f"SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<{a},{b},float,float_ue8m0_t,{vs}>")
            cases.append(f"SM120::BLOCKSCALED::SPARSE::SM120_SPARSE_16x8x64_TN_VS<{a},{b},float,float_ue8m0_t,64>")
            cases.append(f"SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<{a},{b},float,float_ue8m0_t,32>")
    for sf in ["float_ue8m0_t", "float_ue4m3_t"]:
        for vs in [16, 32, 64]:
            cases.append(f"SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,{sf},{vs}>")
            cases.append(f"SM120::BLOCKSCALED::SPARSE::SM120_SPARSE_16x8x128_TN_VS<float_e2m1_t,float_e2m1_t,float,{sf},{vs}>")
    cases += [
        "SM120_16x8x32_TN<half_t,half_t,float>",
        "SM120_16x8x32_TN<float_e4m3_t,float_e4m3_t,int32_t>",
        "SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<float_e4m3_t,float_e4m3_t,float,float_ue4m3_t,32>",
        "SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<float_e4m3_t,float_e4m3_t,half_t,float_ue8m0_t,32>",
        "SM120::BLOCKSCALED::SPARSE::SM120_SPARSE_16x8x64_TN_VS<float_e4m3_t,float_e4m3_t,float,float_ue4m3_t,64>",
        "make_tiled_mma(SM120_16x8x32_TN<float_e4m3_t,float_e4m3_t,float>, (_2,_2,_1))",
        "M = make_tiled_mma(SM120_16x8x32_TN<float_e2m1_t,float_e4m3_t,float>, (_2,_2,_1)); partition_A(M, 37, make_identity_tensor((_64,_64)))",
        "M = make_tiled_mma(SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,16>, (_2,_1,_1)); partition_B(M, 9, make_identity_tensor((_16,_128)))",
        "M = make_tiled_mma(SM120::SPARSE::SM120_SPARSE_16x8x64_TN<float_e5m2_t,float_e4m3_t,half_t>, (_1,_2,_1)); get_layoutB_TV(M)",
        "M = make_tiled_mma(SM90_16x8x16_F64F64F64F64_TN, (_2,_2,_1)); partition_C(M, 70, make_identity_tensor((_64,_32)))",
        "M = make_tiled_mma(SM90_16x8x8_C64C64C64C64_TN, (_1,_2,_1)); get_layoutA_TV(M)",
    ]
    for op in ["SM50_Shuffle_U32_2x2Trans_XOR1", "SM50_Shuffle_U32_2x2Trans_XOR4", "AutoVectorizingCopy",
               "DefaultCopy", "AutoVectorizingCopyWithAssumedAlignment<8>",
               "AutoVectorizingCopyWithAssumedAlignment<16>", "AutoVectorizingCopyWithAssumedAlignment<32>",
               "AutoVectorizingCopyWithAssumedAlignment<128>"]:
        for e in ["int8_t", "uint8_t", "half_t", "bfloat16_t", "float", "double", "uint64_t", "uint128_t"]:
            cases.append(f"Copy_Atom<{op}, {e}>")
    cases += [
        "make_tiled_copy(Copy_Atom<AutoVectorizingCopy, half_t>, (_32,_4), (_1,_8))",
        "make_tiled_copy(Copy_Atom<DefaultCopy, float>, (_16,_8):(_8,_1), (_4,_1))",
        "C = make_tiled_copy(Copy_Atom<SM50_Shuffle_U32_2x2Trans_XOR1, float>, (_32,_1), (_1,_2)); C",
        "C = make_tiled_copy(Copy_Atom<SM50_Shuffle_U32_2x2Trans_XOR4, half_t>, (_32,_1), (_1,_4)); partition_D(C, 5, make_identity_tensor((_32,_4)))",
        "C = make_tiled_copy(Copy_Atom<AutoVectorizingCopy, half_t>, (_32,_4), (_1,_8)); partition_S(C, 77, make_identity_tensor((_32,_32)))",
    ]
    return cases


def sparse_gmma():
    """Every sparse GMMA of mma_traits_sm90_gmma_sparse.hpp and its _ext header (names read
    from the MMA_Traits specializations), SS with four majors, RS with a K-major A, and a
    few that CuTe refuses."""
    cases = []
    seen = []
    for h in ["mma_traits_sm90_gmma_sparse.hpp", "mma_traits_sm90_gmma_sparse_ext.hpp"]:
        for m in re.finditer(r"struct MMA_Traits<SM90::GMMA::SPARSE::(GMMA_64x\d+x\d+_\w+)<",
                             open(os.path.join(ATOM, h)).read()):
            if m.group(1) not in seen:
                seen.append(m.group(1))
    for name in seen:
        full = "SM90::GMMA::SPARSE::" + name
        if name.endswith(("_TN", "_TN_SATURATE")):
            cases.append(full)
        elif name.endswith("_SS"):
            cases += [full + m for m in MAJORS_SS]
        else:
            cases += [full + m for m in MAJORS_RS]
    cases += [
        "SM90::GMMA::SPARSE::GMMA_64x64x32_F16F16F16_RS<MN,K>",
        "SM90::GMMA::SPARSE::GMMA_64x12x32_F16F16F16_SS<K,K>",
        "SM90::GMMA::SPARSE::GMMA_64x64x16_F16F16F16_SS<K,K>",
        "SM90::GMMA::SPARSE::GMMA_64x40x64_S32S8S8_SS_TN",
        "M = make_tiled_mma(SM90::GMMA::SPARSE::GMMA_64x64x32_F32F16F16_SS<K,K>, (_2,_1,_1)); get_layoutC_TV(M)",
        "M = make_tiled_mma(SM90::GMMA::SPARSE::GMMA_64x32x64_F32E4M3E4M3_RS_TN, (_1,_2,_1)); partition_A(M, 200, make_identity_tensor((_64,_64)))",
    ]
    return cases


def main():
    args = sys.argv[1:]
    ext = "--extra" in args
    new = "--sm90-sm120" in args
    sp = "--sparse-gmma" in args
    args = [a for a in args if a not in ("--extra", "--sm90-sm120", "--sparse-gmma")]
    here = os.path.dirname(os.path.abspath(__file__))
    default = ("catalog_sparse_gmma_cases.txt" if sp else "catalog_sm90_sm120_cases.txt" if new
               else "catalog_extra_cases.txt" if ext else "catalog_cases.txt")
    out = args[0] if args else os.path.join(here, default)
    cases = sparse_gmma() if sp else sm90_sm120() if new else extra() if ext else catalog()
    flag = " --sparse-gmma" if sp else " --sm90-sm120" if new else " --extra" if ext else ""
    with open(out, "w") as f:
        f.write("# written by scripts/oracle/gen_catalog.py%s: one atom a line\n" % flag)
        for c in cases:
            f.write(c + "\n")
    print(f"{len(cases)} cases -> {out}")


if __name__ == "__main__":
    main()
