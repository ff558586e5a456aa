#!/usr/bin/env python3
"""The SM100 UMMA catalog: one `MMA_Atom<SM100_MMA_...>` expression per case.

  gen_umma_cases.py [OUT.txt]   writes the case list (default scripts/oracle/umma_cases.txt)

Every operation of CuTe's mma_sm100_umma.hpp (each family, 1SM and _2x1SM, SS and TS,
_SCALED and _SPARSE), with its template arguments spelled as CuTe spells them
(`UMMA::Major::K`): every N from 8 to 256 in steps of 8 and 4, 12, 264 (illegal: CuTe refuses
them), with K-major operands, for M 64, 128 and 256; the other majors for N 16, 64, 256;
M 32 once; then a few wrong types and tilings. Deterministic: no randomness. Answer it with
  cute_oracle.py --json --chunk 300 --jobs 2 --batch scripts/oracle/umma_cases.txt
"""
import os
import sys

# (operation, template arguments before M: types[, scale factor], extra after N (VS), after
# the majors (ScaleC))
OPS = []
for sm in ["", "_2x1SM"]:
    OPS += [
        (f"SM100_MMA_F16BF16{sm}_SS", "half_t,half_t,float", "", ""),
        (f"SM100_MMA_F16BF16{sm}_TS", "bfloat16_t,bfloat16_t,float", "", ""),
        (f"SM100_MMA_F16BF16{sm}_SS_SCALED", "half_t,half_t,half_t", "", ",1"),
        (f"SM100_MMA_F16BF16{sm}_TS_SCALED", "half_t,half_t,float", "", ",1"),
        (f"SM100_MMA_F16BF16{sm}_SS_SPARSE", "half_t,half_t,float", "", ""),
        (f"SM100_MMA_TF32{sm}_SS", "tfloat32_t,tfloat32_t,float", "", ""),
        (f"SM100_MMA_TF32{sm}_TS", "tfloat32_t,tfloat32_t,float", "", ""),
        (f"SM100_MMA_TF32{sm}_SS_SPARSE", "tfloat32_t,tfloat32_t,float", "", ""),
        (f"SM100_MMA_S8{sm}_SS", "int8_t,int8_t,int32_t", "", ""),
        (f"SM100_MMA_S8{sm}_TS", "uint8_t,int8_t,int32_t", "", ""),
        (f"SM100_MMA_S8{sm}_SS_SPARSE", "int8_t,uint8_t,int32_t", "", ""),
        (f"SM100_MMA_F8F6F4{sm}_SS", "float_e4m3_t,float_e5m2_t,float", "", ""),
        (f"SM100_MMA_F8F6F4{sm}_TS", "float_e4m3_t,float_e4m3_t,half_t", "", ""),
        (f"SM100_MMA_F8F6F4{sm}_SS_SPARSE", "float_e5m2_t,float_e4m3_t,float", "", ""),
        (f"SM100_MMA_MXF8F6F4{sm}_SS", "float_e4m3_t,float_e2m1_t,float,float_ue8m0_t", "", ""),
        (f"SM100_MMA_MXF8F6F4{sm}_SS_SPARSE", "float_e4m3_t,float_e4m3_t,float,float_ue8m0_t", "", ""),
        (f"SM100_MMA_MXF4{sm}_SS", "float_e2m1_t,float_e2m1_t,float,float_ue8m0_t", ",32", ""),
        (f"SM100_MMA_MXF4{sm}_SS", "float_e2m1_t,float_e2m1_t,float,float_ue4m3_t", ",16", ""),
        (f"SM100_MMA_MXF4NVF4{sm}_SS_SPARSE", "float_e2m1_t,float_e2m1_t,float,float_ue8m0_t", ",64", ""),
        (f"SM100_MMA_MXF4NVF4{sm}_SS_SPARSE", "float_e2m1_t,float_e2m1_t,float,float_ue4m3_t", ",32", ""),
    ]

MAJORS = ["K,K", "K,MN", "MN,K", "MN,MN"]


def case(op, types, vs, scale, m, n, majors):
    a, b = majors.split(",")
    return f"MMA_Atom<{op}<{types},{m},{n}{vs},UMMA::Major::{a},UMMA::Major::{b}{scale}>>"


def cases():
    out = []
    for op, types, vs, scale in OPS:
        out.append(case(op, types, vs, scale, 32, 64, "K,K"))
        for m in [64, 128, 256]:
            for n in [4, 12] + list(range(8, 264, 8)) + [264]:
                out.append(case(op, types, vs, scale, m, n, "K,K"))
            for n in [16, 64, 256]:
                for majors in MAJORS[1:]:
                    out.append(case(op, types, vs, scale, m, n, majors))
    # wrong VS, wrong types, a different scale
    out += [
        "MMA_Atom<SM100_MMA_MXF4_SS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,128,64,64,UMMA::Major::K,UMMA::Major::K>>",
        "MMA_Atom<SM100_MMA_MXF4_SS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,128,64,32,UMMA::Major::K,UMMA::Major::K>>",
        "MMA_Atom<SM100_MMA_F16BF16_SS<float,float,float,128,64,UMMA::Major::K,UMMA::Major::K>>",
        "MMA_Atom<SM100_MMA_TF32_SS<half_t,half_t,float,128,64,UMMA::Major::K,UMMA::Major::K>>",
        "MMA_Atom<SM100_MMA_F16BF16_SS<bfloat16_t,bfloat16_t,float,64,8,UMMA::Major::MN,UMMA::Major::K>>",
        "MMA_Atom<SM100_MMA_F16BF16_SS<half_t,half_t,half_t,128,256,UMMA::Major::K,UMMA::Major::K>>",
        "MMA_Atom<SM100_MMA_S8_SS<uint8_t,uint8_t,int32_t,128,8,UMMA::Major::K,UMMA::Major::MN>>",
        "MMA_Atom<SM100_MMA_F8F6F4_SS<float_e2m3_t,float_e3m2_t,float,128,64,UMMA::Major::K,UMMA::Major::K>>",
        "MMA_Atom<SM100_MMA_F8F6F4_SS<float_e2m1_t,float_e2m1_t,half_t,64,8,UMMA::Major::K,UMMA::Major::K>>",
        "MMA_Atom<SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K,UMMA::ScaleIn::Neg,UMMA::ScaleIn::One>>",
        "make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>)",
        "make_tiled_mma(SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,K,MN>)",
        "M = make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>); get_layoutC_TV(M)",
        "M = make_tiled_mma(SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,K,K>); get_layoutA_TV(M)",
        "M = make_tiled_mma(SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,K,K>); get_layoutB_TV(M)",
        "M = make_tiled_mma(SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,K,K>); get_layoutC_TV(M)",
        "M = make_tiled_mma(SM100_MMA_TF32_SS<tfloat32_t,tfloat32_t,float,128,128,K,K>); tile_shape(M)",
        "M = make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>); partition_A(M, 0, make_identity_tensor((_128,_64)))",
        "M = make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>); partition_C(M, 0, make_identity_tensor((_256,_256)))",
        "M = make_tiled_mma(SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,K,K>); partition_A(M, 1, make_identity_tensor((_256,_64)))",
        "M = make_tiled_mma(SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,K,K>); partition_B(M, 1, make_identity_tensor((_128,_64)))",
        "M = make_tiled_mma(SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,K,K>); partition_C(M, 0, make_identity_tensor((_256,_256)))",
        "M = make_tiled_mma(SM100_MMA_S8_SS<int8_t,int8_t,int32_t,64,64,K,K>); partition_shape_C(M, (_128,_128))",
        "M = make_tiled_mma(SM100_MMA_F8F6F4_2x1SM_SS<float_e4m3_t,float_e4m3_t,float,256,256,K,K>); partition_shape_A(M, (_256,_128))",
    ]
    return out


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "umma_cases.txt")
    cs = cases()
    with open(out, "w") as f:
        f.write("# written by scripts/oracle/gen_umma_cases.py: one SM100 UMMA case a line\n")
        for c in cs:
            f.write(c + "\n")
    print(f"{len(cs)} cases -> {out}")


if __name__ == "__main__":
    main()
