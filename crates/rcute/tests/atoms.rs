//! The atom layer's laws over the catalog and many tilings: the threads' partitions take
//! every element of the tensor, each the same number of times (once for C and for a
//! copy's destination), and the atoms' own thread-value layouts are what CuTe's traits say.

use rcute::atom::{
    self, CopyAtom, Gmma, GmmaMajor, GmmaTypes, MmaAtom, Operand, TiledCopy, TiledMma,
};
use rcute::law::{self, Verdict};
use rcute::{CoordTensor, Int, IntTuple, Layout, Tiler};

/// The MMA atoms the tilings draw from: every SM80 atom, UniversalFMA, and GMMAs of a few
/// N for every type, operand source and major.
fn atoms() -> Vec<MmaAtom> {
    let mut v: Vec<MmaAtom> = [
        "SM80_16x8x8_F16F16F16F16_TN",
        "SM80_16x8x16_F16F16F16F16_TN",
        "SM80_16x8x8_F32F16F16F32_TN",
        "SM80_16x8x16_F32F16F16F32_TN",
        "SM80_16x8x8_F32BF16BF16F32_TN",
        "SM80_16x8x16_F32BF16BF16F32_TN",
        "SM80_16x8x4_F32TF32TF32F32_TN",
        "SM80_16x8x8_F32TF32TF32F32_TN",
        "SM80_8x8x4_F64F64F64F64_TN",
        "SM90::GMMA::SPARSE::GMMA_64x8x32_F16F16F16_RS<K,MN>",
        "SM90::GMMA::SPARSE::GMMA_64x24x64_S32S8U8_SS_TN",
        "SM90::GMMA::SPARSE::GMMA_64x16x16_F32TF32TF32_RS_TN",
        "SM90_16x8x4_F64F64F64F64_TN",
        "SM90_16x8x8_F64F64F64F64_TN",
        "SM90_16x8x16_C64C64C64C64_TN",
        "SM120_16x8x32_TN<float_e2m1_t,float_e4m3_t,float>",
        "SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,16>",
        "SM120::SPARSE::SM120_SPARSE_16x8x64_TN<float_e5m2_t,float_e4m3_t,half_t>",
        "SM120::BLOCKSCALED::SPARSE::SM120_SPARSE_16x8x128_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,64>",
        "SM80_8x8x16_S32S8S8S32_TN",
        "SM80_16x8x16_S32S8S8S32_TN",
        "SM80_16x8x32_S32S8S8S32_TN",
        "UniversalFMA<float,float,float>",
    ]
    .iter()
    .map(|n| atom::mma_atom(n).unwrap())
    .collect();
    for types in [
        GmmaTypes::F16F16F16,
        GmmaTypes::F32BF16BF16,
        GmmaTypes::F32TF32TF32,
        GmmaTypes::Fp8 {
            f32: true,
            a_e5m2: false,
            b_e5m2: true,
        },
    ] {
        for n in [8, 24, 64] {
            for a_in_registers in [false, true] {
                let majors: &[GmmaMajor] = if types.k_major_only() {
                    &[GmmaMajor::K]
                } else {
                    &[GmmaMajor::K, GmmaMajor::MN]
                };
                for &major_b in majors {
                    let g = Gmma {
                        n,
                        types,
                        a_in_registers,
                        major_a: GmmaMajor::K,
                        major_b,
                    };
                    v.push(g.try_atom().unwrap());
                }
            }
        }
    }
    // SM100 UMMA: every family, 1SM and 2x1SM, SS and TS
    for name in [
        "SM100_MMA_F16BF16_SS<half_t,half_t,float,64,8,K,K>",
        "SM100_MMA_F16BF16_SS<bfloat16_t,bfloat16_t,float,128,16,MN,MN>",
        "SM100_MMA_F16BF16_TS<half_t,half_t,half_t,128,32,K,MN>",
        "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,16,K,K>",
        "SM100_MMA_F16BF16_2x1SM_TS_SCALED<half_t,half_t,float,128,32,K,K,1>",
        "SM100_MMA_F16BF16_SS_SPARSE<half_t,half_t,float,64,24,K,K>",
        "SM100_MMA_TF32_SS<tfloat32_t,tfloat32_t,float,64,8,K,MN>",
        "SM100_MMA_TF32_2x1SM_TS<tfloat32_t,tfloat32_t,float,128,32,K,K>",
        "SM100_MMA_S8_SS<int8_t,uint8_t,int32_t,64,8,K,K>",
        "SM100_MMA_S8_2x1SM_SS<int8_t,int8_t,int32_t,128,32,K,K>",
        "SM100_MMA_F8F6F4_SS_SPARSE<float_e4m3_t,float_e2m1_t,float,64,16,K,MN>",
        "SM100_MMA_F8F6F4_2x1SM_TS<float_e4m3_t,float_e4m3_t,float,128,32,K,K>",
        "SM100_MMA_MXF8F6F4_SS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,128,8,K,K>",
        "SM100_MMA_MXF8F6F4_2x1SM_SS<float_e5m2_t,float_e4m3_t,float,float_ue8m0_t,256,16,K,K>",
        "SM100_MMA_MXF4_SS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,128,8,32,K,K>",
        "SM100_MMA_MXF4_2x1SM_SS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,128,16,16,K,K>",
        "SM100_MMA_MXF4NVF4_SS_SPARSE<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,128,8,32,K,K>",
        "SM100_MMA_MXF4NVF4_2x1SM_SS_SPARSE<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,256,16,64,K,K>",
        // SM103's MXF4 ULTRA (K = 96) and the traits form of SM100's F8F6F4 SS atoms
        "SM103::SM103_MXF4_ULTRA_SS_VS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,128,16,32,K,K>",
        "SM103::SM103_MXF4_ULTRA_2x1SM_SS_VS<float_e4m3_t,float_e2m1_t,half_t,float_ue4m3_t,256,32,16,K,K,UMMA::ScaleIn::Neg>",
        "SM103::SM103_MXF4_ULTRA_2x1SM_SS_VS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,128,48,32,K,K>",
        "MMA_Traits<SM100_MMA_F8F6F4_SS,float_e4m3_t,int8_t,int32_t,C<64>,C<8>,integral_constant<UMMA::Major,UMMA::Major::K>,integral_constant<UMMA::Major,UMMA::Major::K>,integral_constant<UMMA::ScaleIn,UMMA::ScaleIn::One>,integral_constant<UMMA::ScaleIn,UMMA::ScaleIn::Neg>>",
        "MMA_Atom<MMA_Traits<SM100_MMA_F8F6F4_2x1SM_SS,float_e2m1_t,float_e3m2_t,half_t,_128,_32,integral_constant<UMMA::Major,UMMA::Major::MN>,integral_constant<UMMA::Major,UMMA::Major::MN>,integral_constant<UMMA::ScaleIn,UMMA::ScaleIn::One>,integral_constant<UMMA::ScaleIn,UMMA::ScaleIn::One>>>",
    ] {
        v.push(atom::mma_atom(name).unwrap_or_else(|e| panic!("{name}: {e}")));
    }
    v
}

/// Each atom's C layout is a bijection onto its (M,N) tile, and its A and B layouts reach
/// every element of their tiles, each as often.
#[test]
fn atom_layouts_cover_their_tiles() {
    let mut checked = 0;
    for a in atoms() {
        let mnk = a.shape_mnk();
        let ext = |i: usize| mnk.get(i).as_int().unwrap().value();
        for (op, l, elems) in [
            (Operand::A, a.layout_a_tv(), ext(0) * ext(2)),
            (Operand::B, a.layout_b_tv(), ext(1) * ext(2)),
            (Operand::C, a.layout_c_tv(), ext(0) * ext(1)),
        ] {
            let size = l.size().value();
            let mut seen = vec![0usize; elems as usize];
            for i in 0..size {
                let off = l.apply(&IntTuple::dynamic(i)).as_int().unwrap().value();
                assert!(
                    (0..elems).contains(&off),
                    "{} {op:?}: offset {off}",
                    a.name()
                );
                seen[off as usize] += 1;
            }
            let k = seen[0];
            assert!(
                seen.iter().all(|&c| c == k && c > 0),
                "{} {op:?}: {seen:?}",
                a.name()
            );
            if op == Operand::C {
                assert_eq!(k, 1, "{}: C is not a bijection", a.name());
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 3 * atoms().len());
    assert!(checked > 100, "{checked}");
}

/// The atom layouts of the tilings.
const ATOM_LAYOUTS: &[&str] = &[
    "_1:_0",
    "(_2,_1,_1):(_1,_0,_0)",
    "(_1,_2,_1):(_0,_1,_0)",
    "(_2,_2,_1):(_1,_2,_0)",
    "(_2,_2,_1):(_2,_1,_0)",
    "(_4,_1,_1):(_1,_0,_0)",
    "(_1,_1,_2):(_0,_0,_1)",
    "(_2,_1,_2):(_1,_0,_2)",
];

/// The permutations of the tilings.
const PERMUTATIONS: &[&str] = &["_", "(_,_,_)"];

/// Every thread's partitions of A, B and C of identity tensors of one and two tiles per
/// mode take every element the same number of times: for C, as many times as there are
/// atoms along K. (A GMMA's shared-memory operands are left to the test above: every
/// one of its 128 threads sees the whole tile, which makes their partitions large.)
#[test]
fn tiled_mma_partitions_cover_the_tensor() {
    let mut cases = 0;
    for a in atoms() {
        // a GMMA (128 threads) or an UMMA (M of 64 or more): few tilings, one tile
        let gmma = a.thr_id().size().value() == 128
            || a.shape_mnk().get(0).as_int().unwrap().value() >= 64;
        let layouts = if gmma {
            &ATOM_LAYOUTS[..3]
        } else {
            ATOM_LAYOUTS
        };
        for (k, al) in layouts.iter().enumerate() {
            let perm = Tiler::parse(PERMUTATIONS[k % PERMUTATIONS.len()]);
            let mma = TiledMma::try_new(a, &Layout::parse(al), &perm).unwrap();
            let thr_k = mma.thr_layout_vmnk().mode(3).size().value() as usize;
            for (op, i, j) in [(Operand::A, 0, 2), (Operand::B, 1, 2), (Operand::C, 0, 1)] {
                if a.reads_shared(op) {
                    continue;
                }
                for grow in if gmma { &[1][..] } else { &[1, 2][..] } {
                    let shape = IntTuple::tuple(&[
                        IntTuple::constant(mma.tile_size(i).unwrap().value() * grow),
                        IntTuple::constant(mma.tile_size(j).unwrap().value()),
                    ]);
                    let t = CoordTensor::identity(shape);
                    let (v, mult) = law::tiled_mma_covers(&mma, op, &t);
                    assert_eq!(v, Verdict::Holds, "{} {al} {op:?} {shape}", a.name());
                    if op == Operand::C {
                        assert_eq!(mult, thr_k, "{} {al}", a.name());
                    }
                    cases += 1;
                }
            }
        }
    }
    println!("{cases} tiled-MMA partitions checked");
    assert!(cases >= 400, "{cases} cases");
}

fn copy_atoms() -> Vec<CopyAtom> {
    [
        "Copy_Atom<UniversalCopy<uint32_t>, float>",
        "Copy_Atom<UniversalCopy<uint128_t>, half_t>",
        "Copy_Atom<UniversalCopy<uint64_t>, half_t>",
        "Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>",
        "Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, float>",
        "Copy_Atom<SM75_U32x1_LDSM_N, half_t>",
        "Copy_Atom<SM75_U32x2_LDSM_N, half_t>",
        "Copy_Atom<SM75_U32x4_LDSM_N, half_t>",
        "Copy_Atom<SM75_U16x2_LDSM_T, half_t>",
        "Copy_Atom<SM75_U16x8_LDSM_T, half_t>",
        "Copy_Atom<SM90_U32x4_STSM_N, half_t>",
        "Copy_Atom<SM90_U16x8_STSM_T, half_t>",
    ]
    .iter()
    .map(|n| atom::copy_atom(n).unwrap())
    .collect()
}

/// How many threads of the atom give the same source element: the extents of the source
/// thread mode's zero strides (`ldmatrix.x1` takes the addresses of 8 lanes, and the other
/// 24 repeat them: 4).
fn replication(a: &CopyAtom) -> usize {
    let t = a.op().src_bits().mode(0);
    let (s, d) = (t.shape(), t.stride());
    (0..s.leaf_count())
        .filter(|&i| d.leaf(i).value() == 0)
        .map(|i| s.leaf(i).value() as usize)
        .product()
}

/// Every thread's source and destination partitions of tiled copies take every element:
/// the destination's exactly once, the source's once, or as many times as the atom's
/// lanes repeat an address (`ldmatrix.x1` and `.x2`).
#[test]
fn tiled_copy_partitions_cover_the_tensor() {
    let thr = [
        "(_32,_1):(_1,_0)",
        "(_8,_4):(_4,_1)",
        "(_16,_8):(_1,_16)",
        "(_4,_8):(_8,_1)",
    ];
    let val = [
        "(_1,_8):(_0,_1)",
        "(_8,_1):(_1,_0)",
        "(_4,_2):(_1,_4)",
        "(_1,_1):(_0,_0)",
    ];
    let mut cases = 0;
    let mut refused = 0;
    for a in copy_atoms() {
        for t in thr {
            for v in val {
                let Ok(copy) = TiledCopy::try_new(a, &Layout::parse(t), &Layout::parse(v)) else {
                    refused += 1;
                    continue;
                };
                for grow in [1, 2] {
                    let m = copy.tile_size(0).unwrap().value() * grow;
                    let n = copy.tile_size(1).unwrap().value();
                    let tensor = CoordTensor::identity(IntTuple::tuple(&[
                        IntTuple::constant(m),
                        IntTuple::constant(n),
                    ]));
                    for dst in [false, true] {
                        let (verdict, mult) = law::tiled_copy_covers(&copy, &tensor, dst);
                        assert_eq!(verdict, Verdict::Holds, "{} {t} {v} dst {dst}", a.name());
                        let want = if dst { 1 } else { replication(&a) };
                        assert_eq!(mult, want, "{} {t} {v} dst {dst}", a.name());
                        cases += 1;
                    }
                }
            }
        }
    }
    assert_eq!(
        cases + 4 * refused,
        copy_atoms().len() * thr.len() * val.len() * 4
    );
    assert!(cases >= 150, "{cases} cases, {refused} refused");
}

/// Partitioning by a thread outside the tiling is an error, not a wrong tensor.
#[test]
fn threads_outside_the_tiling_are_refused() {
    let mma = TiledMma::new(
        atom::SM80_16x8x16_F32F16F16F32_TN,
        &Layout::parse("(_2,_2,_1):(_1,_2,_0)"),
        &Tiler::UNDERSCORE,
    );
    let t = CoordTensor::identity(IntTuple::parse("(_64,_32)"));
    assert!(mma.try_partition(Operand::A, Int::dynamic(127), &t).is_ok());
    assert!(
        mma.try_partition(Operand::A, Int::dynamic(128), &t)
            .is_err()
    );
    assert!(mma.try_partition(Operand::C, Int::dynamic(-1), &t).is_err());
    let copy = TiledCopy::try_for_mma(
        atom::copy_atom("Copy_Atom<SM75_U32x4_LDSM_N, half_t>").unwrap(),
        &mma,
        Operand::A,
    )
    .unwrap();
    assert!(copy.try_partition(Int::dynamic(128), &t, false).is_err());
}

/// Names CuTe does not define are errors.
#[test]
fn unknown_atoms_are_refused() {
    for bad in [
        "SM80_16x8x16_F32F16F16F32_NT",
        "SM90_64x12x16_F16F16F16_SS<K,K>",
        "SM90_64x264x16_F16F16F16_SS<K,K>",
        "SM90_64x64x16_F16F16F16_RS<MN,K>",
        "SM90_64x64x16_F16F16F16_SS",
        "SM90_64x64x8_F32TF32TF32_SS_TN<K,K>",
        "SM90_64x64x32_F32E4M3E4M3_SS",
        "UniversalFMA<>",
    ] {
        assert!(atom::mma_atom(bad).is_err(), "{bad}");
    }
    for bad in [
        "Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint64_t>, half_t>",
        "Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint16_t>, half_t>",
        "Copy_Atom<SM75_U32x4_LDSM_N>",
        "Copy_Atom<SM75_U32x4_LDSM_X, half_t>",
    ] {
        assert!(atom::copy_atom(bad).is_err(), "{bad}");
    }
}

/// A data tensor's partitions hold the elements at the coordinates the identity tensor's
/// partitions name: for every thread of several tilings, element by element.
#[test]
fn data_partitions_are_the_identity_partitions() {
    let mut checked = 0;
    for (a, al) in [
        ("SM80_16x8x16_F32F16F16F32_TN", "(_2,_2,_1):(_1,_2,_0)"),
        ("SM80_16x8x8_F16F16F16F16_TN", "(_1,_2,_1):(_0,_1,_0)"),
        ("UniversalFMA<float,float,float>", "(_4,_8,_1):(_8,_1,_0)"),
    ] {
        let mma = TiledMma::try_new(
            atom::mma_atom(a).unwrap(),
            &Layout::parse(al),
            &Tiler::UNDERSCORE,
        )
        .unwrap();
        for (op, i, j) in [(Operand::A, 0, 2), (Operand::B, 1, 2), (Operand::C, 0, 1)] {
            let (m, n) = (
                mma.tile_size(i).unwrap().value() * 2,
                mma.tile_size(j).unwrap().value(),
            );
            let data: Vec<i64> = (0..m * n).collect();
            let shape = IntTuple::tuple(&[IntTuple::constant(m), IntTuple::constant(n)]);
            let t = rcute::Tensor::new(data.as_slice(), Layout::from_shape(shape)).unwrap();
            let id = CoordTensor::identity(shape);
            for thr in 0..mma.try_size().unwrap().value() {
                let p = mma.try_partition_tensor(op, Int::dynamic(thr), &t).unwrap();
                let q = mma.try_partition(op, Int::dynamic(thr), &id).unwrap();
                for e in 0..p.size() {
                    let c = q.get(&IntTuple::dynamic(e as i64));
                    let (x, y) = (
                        c.get(0).as_int().unwrap().value(),
                        c.get(1).as_int().unwrap().value(),
                    );
                    assert_eq!(p[e], x + y * m, "{a} {op:?} thread {thr} element {e}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 5000, "{checked}");
}

/// `make_tiled_copy_C_atom`: thread `t`'s value `v` of the copy (`v < NumValSrc`) sits, in
/// the MMA's tile, where the MMA's C layout puts thread `t`'s value `v`: the copy's
/// (thread, value) -> tile coordinate, read through its by-mode tiler, is the MMA's
/// `get_layoutC_TV()` truncated to the atom's values.
#[test]
fn c_atom_copies_hold_the_mma_threads_values() {
    let copies = [
        "Copy_Atom<UniversalCopy<uint32_t>, float>",
        "Copy_Atom<UniversalCopy<uint64_t>, float>",
        "Copy_Atom<UniversalCopy<uint128_t>, float>",
        "Copy_Atom<UniversalCopy<uint32_t>, half_t>",
        "Copy_Atom<UniversalCopy<uint64_t>, half_t>",
        "Copy_Atom<SM90_U32x4_STSM_N, half_t>",
        "Copy_Atom<DefaultCopy, float>",
    ];
    let layouts = ["(_1,_1,_1)", "(_2,_1,_1)", "(_2,_2,_1)", "(_1,_4,_1)"];
    let (mut checked, mut refused) = (0, 0);
    for a in atoms() {
        for l in layouts {
            let mma = TiledMma::new(
                a,
                &Layout::from_shape(IntTuple::parse(l)),
                &Tiler::UNDERSCORE,
            );
            let c_tv = mma.try_layout_tv(Operand::C).unwrap();
            let tile_m = mma.tile_size(0).unwrap().value();
            for name in copies {
                let catom = atom::copy_atom(name).unwrap();
                let Ok(copy) = TiledCopy::try_for_mma_c_atom(catom, &mma) else {
                    refused += 1;
                    continue;
                };
                let tv = copy.layout_tv();
                let tiler = copy.tiler_mn();
                let (ma, na) = (tiler.try_element(0).unwrap(), tiler.try_element(1).unwrap());
                let pick = |t: &Tiler, i: i64| match t.kind() {
                    rcute::TilerKind::Layout(l) => l.offset(i as usize),
                    _ => i,
                };
                let rows = copy
                    .tiler()
                    .try_get(0)
                    .unwrap()
                    .try_product()
                    .unwrap()
                    .value();
                for i in 0..tv.try_size().unwrap().value() {
                    let at = tv.offset(i as usize);
                    let (m, n) = (pick(&ma, at % rows), pick(&na, at / rows));
                    assert_eq!(
                        m + n * tile_m,
                        c_tv.offset(i as usize),
                        "{} {l} {name}: {i}",
                        a.name()
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked >= 300, "{checked} checked, {refused} refused");
}

/// The listing's family names are whole: none fills an atom name's 128 bytes (where a
/// longer one is cut), and each closes the brackets it opens.
#[test]
fn family_names_are_whole() {
    let mut n = 0;
    for name in atom::mma_families().chain(atom::copy_families()) {
        let s = name.as_str();
        assert!(s.len() < 128, "{s}");
        assert_eq!(s.matches('<').count(), s.matches('>').count(), "{s}");
        n += 1;
    }
    assert!(n > 100, "{n}");
}

/// C's thread-value layout is the map of `partition_C`: thread `t`'s value `v` of
/// `get_layoutC_TV()` is the offset, in the column-major (M,N) tile, of the coordinate
/// `partition_C` gives it. With more than one thread along K, CuTe C++'s layout
/// (`try_layout_tv_as_cute`) keeps each thread's K index and, unless the modes before K
/// extend with stride 0, sends the threads past the first K slice outside the tile: rcute
/// answers CuTe's layout exactly where it is `partition_C`'s map, and refuses it elsewhere.
#[test]
fn c_thread_value_layouts_are_partition_c_or_refused() {
    let layouts = [
        "(_1,_1,_1)",
        "(_2,_1,_1)",
        "(_2,_2,_1)",
        "(_1,_2,_2)",
        "(_2,_1,_2)",
        "(_2,_2,_2)",
        "(_1,_1,_4)",
    ];
    let (mut lawful, mut refused) = (0, 0);
    for a in atoms() {
        for l in layouts {
            let shape = IntTuple::parse(l);
            let k = shape.get(2).as_int().unwrap().value();
            let mma = TiledMma::new(a, &Layout::from_shape(shape), &Tiler::UNDERSCORE);
            let (m, n) = (
                mma.tile_size(0).unwrap().value(),
                mma.tile_size(1).unwrap().value(),
            );
            let cute = mma.try_layout_tv_as_cute(Operand::C).unwrap();
            let tile = CoordTensor::identity(IntTuple::parse(&format!("({m},{n})")));
            let threads = cute.try_mode(0).unwrap().try_size().unwrap().value();
            let values = cute.try_mode(1).unwrap().try_size().unwrap().value();
            // a thread's coordinates are its origin plus one layout of the values, the
            // same for every thread, as a TV layout's offset is its thread's plus its
            // value's: every value of thread 0, and the first value of every thread
            let mut same = true;
            for t in 0..threads {
                let part = mma
                    .try_partition(Operand::C, Int::dynamic(t), &tile)
                    .unwrap();
                assert_eq!(part.layout().try_size().unwrap().value(), values);
                for v in 0..if t == 0 { values } else { 1 } {
                    let c = part.try_get(&IntTuple::dynamic(v)).unwrap();
                    let (cm, cn) = (c.get(0).as_int().unwrap(), c.get(1).as_int().unwrap());
                    same &= cute.offset((t + v * threads) as usize) == cm.value() + cn.value() * m;
                }
            }
            let name = a.name();
            if same {
                assert_eq!(mma.try_layout_tv(Operand::C), Ok(cute), "{name} {l}");
                lawful += 1;
            } else {
                assert!(k > 1, "{name} {l}: CuTe's {cute} with one thread along K");
                assert!(mma.try_layout_tv(Operand::C).is_err(), "{name} {l}: {cute}");
                refused += 1;
            }
        }
    }
    assert!(
        lawful >= 400 && refused >= 150,
        "{lawful} lawful, {refused} refused"
    );
}
