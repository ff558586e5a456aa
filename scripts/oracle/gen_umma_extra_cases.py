#!/usr/bin/env python3
"""Cases of SM103's MXF4 ULTRA atoms (`SM103::SM103_MXF4_ULTRA[_2x1SM]_SS_VS<...>`) and of
the traits form of SM100's F8F6F4 SS atoms (`MMA_Traits<SM100_MMA_F8F6F4[_2x1SM]_SS, A, B,
C, C<M>, C<N>, integral_constant<UMMA::Major, ...>, ..., integral_constant<UMMA::ScaleIn,
...>, ...>`), answered by the oracle.

    gen_umma_extra_cases.py --catalog OUT.jsonl
        every M (64, 128, 256), N (8 to 272 by 8), VS (16, 32) of both SM103 operations and
        every M, N and pair of majors of both traits forms, with fixed legal types
    gen_umma_extra_cases.py --types OUT.jsonl
        the element types of every SM100 UMMA operation form and of the two new families:
        for each form, operand, accumulator and scale factor types drawn (seed 0) half from
        the family's own types and half from all, one case a binary (an operand type the
        instruction descriptor cannot encode fails in a default member initializer, where
        g++ names no line of the case)
    gen_umma_extra_cases.py SEED COUNT OUT.jsonl
        random cases: an operation (mostly legal, sometimes an M, N, VS, major, type or
        spelling CuTe refuses), printed, tiled (make_tiled_mma with a thread layout and
        sometimes a permutation), its TV layouts, partitions of an identity tensor and its
        TMEM fragments
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cute_oracle import evaluate, write_drawn_cases  # noqa: E402

MAJOR = "integral_constant<UMMA::Major,UMMA::Major::{}>"
SCALE = "integral_constant<UMMA::ScaleIn,UMMA::ScaleIn::{}>"
# the operand types of UMMA::to_UMMAFormat, and some it does not know
OPERANDS = ["float_e2m1_t", "float_e4m3_t", "float_e5m2_t", "float_e2m3_t", "float_e3m2_t",
            "int8_t", "uint8_t", "half_t", "bfloat16_t", "tfloat32_t", "float"]
ACCUMULATORS = ["float", "half_t", "int32_t", "int8_t", "double"]
SCALES = ["float_ue8m0_t", "float_ue4m3_t", "float_e4m3_t"]


def ultra(two_sm, a, b, c, sf, m, n, vs, ma="K", mb="K", negs=()):
    name = "SM103_MXF4_ULTRA_2x1SM_SS_VS" if two_sm else "SM103_MXF4_ULTRA_SS_VS"
    args = [a, b, c, sf, str(m), str(n), str(vs), ma, mb] + [f"UMMA::ScaleIn::{x}" for x in negs]
    return f"SM103::{name}<{','.join(args)}>"


def traits(two_sm, a, b, c, m, n, ma="K", mb="K", negs=("One", "One"), int_form="C<{}>"):
    name = "SM100_MMA_F8F6F4_2x1SM_SS" if two_sm else "SM100_MMA_F8F6F4_SS"
    args = [name, a, b, c, int_form.format(m), int_form.format(n), MAJOR.format(ma),
            MAJOR.format(mb)] + [SCALE.format(x) for x in negs]
    return f"MMA_Traits<{','.join(args)}>"


def catalog():
    out = []
    for two_sm in (False, True):
        for m in (64, 128, 256):
            for n in range(8, 273, 8):
                for vs in (16, 32):
                    out.append(f"MMA_Atom<{ultra(two_sm, 'float_e2m1_t', 'float_e2m1_t', 'float', 'float_ue8m0_t', m, n, vs)}>")
    for two_sm in (False, True):
        for m in (64, 128, 256):
            for n in range(8, 273, 8):
                for ma in ("K", "MN"):
                    for mb in ("K", "MN"):
                        out.append(f"MMA_Atom<{traits(two_sm, 'float_e4m3_t', 'float_e2m1_t', 'float', m, n, ma, mb)}>")
    return out


# (spelling with {a},{b},{c}[,{sf}], the family's own operand and accumulator types)
FORMS = [
    ("SM100_MMA_F16BF16_SS<{a},{b},{c},128,64,K,MN>", ["half_t", "bfloat16_t"], ["float", "half_t"]),
    ("SM100_MMA_F16BF16_2x1SM_TS<{a},{b},{c},256,64,K,K>", ["half_t", "bfloat16_t"], ["float", "half_t"]),
    ("SM100_MMA_F16BF16_SS_SCALED<{a},{b},{c},64,64,K,K,1>", ["half_t", "bfloat16_t"], ["float", "half_t"]),
    ("SM100_MMA_F16BF16_SS_SPARSE<{a},{b},{c},128,64,K,K>", ["half_t", "bfloat16_t"], ["float", "half_t"]),
    ("SM100_MMA_TF32_SS<{a},{b},{c},128,64,K,K>", ["tfloat32_t"], ["float"]),
    ("SM100_MMA_TF32_2x1SM_TS<{a},{b},{c},256,64,K,K>", ["tfloat32_t"], ["float"]),
    ("SM100_MMA_TF32_SS_SPARSE<{a},{b},{c},128,64,K,K>", ["tfloat32_t"], ["float"]),
    ("SM100_MMA_S8_SS<{a},{b},{c},128,64,K,K>", ["int8_t", "uint8_t"], ["int32_t"]),
    ("SM100_MMA_S8_2x1SM_TS<{a},{b},{c},256,64,K,K>", ["int8_t", "uint8_t"], ["int32_t"]),
    ("SM100_MMA_S8_SS_SPARSE<{a},{b},{c},128,64,K,K>", ["int8_t", "uint8_t"], ["int32_t"]),
    ("SM100_MMA_F8F6F4_TS<{a},{b},{c},128,64,K,K>", OPERANDS[:5], ["float", "half_t"]),
    ("SM100_MMA_F8F6F4_2x1SM_SS_SPARSE<{a},{b},{c},256,64,K,K>", OPERANDS[:5], ["float", "half_t"]),
    ("MMA_Traits<SM100_MMA_F8F6F4_SS,{a},{b},{c},C<128>,C<64>," + MAJOR.format("K") + "," + MAJOR.format("K") + "," + SCALE.format("One") + "," + SCALE.format("One") + ">", OPERANDS[:7], ["float", "half_t", "int32_t"]),
    ("SM100_MMA_MXF8F6F4_SS<{a},{b},{c},{sf},128,64,K,K>", OPERANDS[:5], ["float", "half_t"]),
    ("SM100_MMA_MXF8F6F4_2x1SM_SS_SPARSE<{a},{b},{c},{sf},256,64,K,K>", OPERANDS[:5], ["float", "half_t"]),
    ("SM100_MMA_MXF4_SS<{a},{b},{c},{sf},128,64,16,K,K>", ["float_e2m1_t"], ["float", "half_t"]),
    ("SM100_MMA_MXF4_2x1SM_SS<{a},{b},{c},{sf},256,64,32,K,K>", ["float_e2m1_t"], ["float", "half_t"]),
    ("SM100_MMA_MXF4NVF4_SS_SPARSE<{a},{b},{c},{sf},128,64,32,K,K>", ["float_e2m1_t"], ["float", "half_t"]),
    ("SM103::SM103_MXF4_ULTRA_SS_VS<{a},{b},{c},{sf},128,64,16,K,K>", ["float_e2m1_t"], ["float", "half_t"]),
]


def types_cases():
    import random
    rng = random.Random(0)
    out = []
    for form, own_ab, own_c in FORMS:
        seen = set()
        while len(seen) < 8:
            own = len(seen) % 2 == 0
            a = rng.choice(own_ab if own and rng.random() < 0.7 else OPERANDS)
            b = rng.choice(own_ab if own and rng.random() < 0.7 else OPERANDS)
            c = rng.choice(own_c if own and rng.random() < 0.7 else ACCUMULATORS)
            sf = rng.choice(SCALES[:2] if own else SCALES)
            e = "MMA_Atom<" + form.format(a=a, b=b, c=c, sf=sf) + ">"
            if e not in seen:
                seen.add(e)
                out.append(e)
    return out


def draw_op(rng):
    """An operation: (spelling, M, N, K, threads of the atom)."""
    two_sm = rng.random() < 0.5
    legal = rng.random() < 0.8
    if rng.random() < 0.5:  # SM103 ULTRA
        m = 128 if not two_sm else rng.choice([128, 256])
        n = rng.choice(range(16, 257, 16))
        vs = rng.choice([16, 32])
        a, b, c, sf = "float_e2m1_t", "float_e2m1_t", rng.choice(["float", "float", "half_t"]), "float_ue8m0_t"
        if vs == 16 and rng.random() < 0.4:
            a, b = rng.choice(OPERANDS[:7]), rng.choice(OPERANDS[:7])
            sf = rng.choice(SCALES[:2])
        ma = mb = "K"
        negs = rng.choice([(), (), ("Neg",), ("One", "Neg")])
        if not legal:
            what = rng.randrange(6)
            if what == 0:
                m = rng.choice([64, 256 if not two_sm else 512])
            elif what == 1:
                n = rng.choice([8, 24, 272, 40])
            elif what == 2:
                vs = rng.choice([64, 8, 32])
                sf = rng.choice(SCALES)
            elif what == 3:
                ma, mb = rng.choice([("MN", "K"), ("K", "MN"), ("MN", "MN")])
            elif what == 4:
                a, b, c, sf = rng.choice(OPERANDS), rng.choice(OPERANDS), rng.choice(ACCUMULATORS), rng.choice(SCALES)
            else:
                op = ultra(two_sm, a, b, c, sf, m, n, vs, ma, mb, negs)
                return op.replace("SM103::", ""), m, n, 96, 2 if two_sm else 1
        return ultra(two_sm, a, b, c, sf, m, n, vs, ma, mb, negs), m, n, 96, 2 if two_sm else 1
    # the traits form of SM100_MMA_F8F6F4[_2x1SM]_SS
    m = rng.choice([64, 128]) if not two_sm else rng.choice([128, 256])
    mb = rng.choice(["K", "MN"])
    step = (8 if mb == "K" else 16) * (2 if two_sm else 1)
    n = rng.choice(range(step, 257, step))
    ma = rng.choice(["K", "MN"])
    a, b = rng.choice(OPERANDS[:7]), rng.choice(OPERANDS[:7])
    c = rng.choice(["float", "half_t", "int32_t"])
    negs = (rng.choice(["One", "Neg"]), rng.choice(["One", "Neg"]))
    int_form = rng.choice(["C<{}>", "C<{}>", "Int<{}>", "_{}"])
    if not legal:
        what = rng.randrange(5)
        if what == 0:
            m = rng.choice([32, 256 if not two_sm else 64])
        elif what == 1:
            n = rng.choice([4, 8, 24, 264, 272])
        elif what == 2:
            a, b, c = rng.choice(OPERANDS), rng.choice(OPERANDS), rng.choice(ACCUMULATORS)
        elif what == 3:
            op = traits(two_sm, a, b, c, m, n, ma, mb, negs[:rng.randrange(2)], int_form)
            return op, m, n, 32, 2 if two_sm else 1
        else:
            op = traits(two_sm, a, b, c, m, n, ma, mb, negs, int_form)
            op = op.replace("integral_constant<UMMA::Major,UMMA::Major::", "C<UMMA::Major::", 1)
            return op, m, n, 32, 2 if two_sm else 1
    return traits(two_sm, a, b, c, m, n, ma, mb, negs, int_form), m, n, 32, 2 if two_sm else 1


def draw(rng):
    op, m, n, k, nthr = draw_op(rng)
    form = rng.random()
    if form < 0.3:
        return f"MMA_Atom<{op}>" if rng.random() < 0.8 else op
    tm, tn = rng.choice([(1, 1), (2, 1), (1, 2), (2, 2)])
    lay = "" if (tm, tn) == (1, 1) and rng.random() < 0.5 else f", (_{tm},_{tn},_1)"
    perm = ""
    if lay and rng.random() < 0.2:
        perm = f", (_{m * tm * rng.choice([1, 2])},_{n * tn},_{k * rng.choice([1, 2])})"
    mma = f"M = make_tiled_mma({op}{lay}{perm}); "
    nt = nthr * tm * tn
    if form < 0.4:
        return mma + rng.choice(["tile_shape(M)", "get_thr_layout_vmnk(M)", "size(M)"])
    if form < 0.55:
        return mma + f"get_layout{rng.choice('ABC')}_TV(M)"
    thr = rng.randrange(nt) if rng.random() < 0.95 else nt
    sm, sn, sk = m * tm * rng.choice([1, 2]), n * tn * rng.choice([1, 2]), k * rng.choice([1, 2])
    if form < 0.85:
        which = rng.choice("ABC")
        shape = {"A": (sm, sk), "B": (sn, sk), "C": (sm, sn)}[which]
        return mma + f"partition_{which}(M, {thr}, make_identity_tensor((_{shape[0]},_{shape[1]})))"
    if rng.random() < 0.5:
        return mma + f"partition_fragment_C(M, (_{sm},_{sn}))"
    return mma + f"partition_fragment_C(M, {thr}, make_identity_tensor((_{sm},_{sn})))"


def main():
    if sys.argv[1] == "--catalog":
        exprs = catalog()
        answers = evaluate(exprs, chunk=300, jobs=2)
        with open(sys.argv[2], "w") as f:
            for e, a in zip(exprs, answers):
                f.write(json.dumps({"expr": e, "out": a}) + "\n")
        print(f"{len(exprs)} cases -> {sys.argv[2]}")
        return
    if sys.argv[1] == "--types":
        exprs = types_cases()
        answers = evaluate(exprs, chunk=1, jobs=2)
        with open(sys.argv[2], "w") as f:
            for e, a in zip(exprs, answers):
                f.write(json.dumps({"expr": e, "out": a}) + "\n")
        print(f"{len(exprs)} cases -> {sys.argv[2]}")
        return
    write_drawn_cases(draw, sys.argv, chunk=40)


if __name__ == "__main__":
    main()
