//! `make_tmem_copy` of every TMEM load and store of the catalog over 128-row TMEM tensors:
//! where CuTe's construction succeeds, the tiled copy's (thread, value) layout reaches
//! every coordinate of its tile and nothing outside it (each warp's 32 lanes share an
//! address, so it covers, it is not one-to-one), and its tile is inside the tensor.

use rcute::atom::{copy_atom, make_tmem_copy, tmem_dp};
use rcute::{Int, IntTuple, Layout};

#[test]
fn tmem_copies_cover_their_tiles() {
    let names: Vec<String> = rcute::atom::copy_families()
        .map(|n| n.as_str().to_string())
        .collect();
    assert!(names.iter().any(|n| n.starts_with("SM100_TMEM_")));
    let mut built = 0;
    for dp in ["16dp256b", "16dp128b", "16dp64b", "16dp32b", "32dp32b"] {
        for rep in [1, 2, 4, 8, 16, 32] {
            for (suffix, ty, bits) in [("", "float", 32), ("_16b", "half_t", 16)] {
                for load in ["LOAD", "STORE"] {
                    let op = format!("SM100_TMEM_{load}_{dp}{rep}x{suffix}");
                    let Ok(atom) = copy_atom(&format!("Copy_Atom<{op}, {ty}>")) else {
                        continue;
                    };
                    for cols in [64i64, 256] {
                        let dpb = tmem_dp(bits).unwrap();
                        let tmem =
                            Layout::try_parse(&format!("(_128,_{cols}):(_{dpb},_1)")).unwrap();
                        let Ok(copy) = make_tmem_copy(atom, &tmem) else {
                            continue;
                        };
                        let tv = copy.layout_tv();
                        let tile: i64 = copy.tiler().try_product().unwrap().value();
                        assert!(tile <= 128 * cols, "{op}: tile {tile}");
                        let mut seen = vec![false; tile as usize];
                        for i in 0..tv.try_size().unwrap().value() {
                            let o = tv
                                .try_apply(&IntTuple::from_int(Int::dynamic(i)))
                                .unwrap()
                                .leaf(0)
                                .value();
                            assert!((0..tile).contains(&o), "{op}: offset {o} outside {tile}");
                            seen[o as usize] = true;
                        }
                        assert!(
                            seen.iter().all(|&s| s),
                            "{op} over {tmem}: a coordinate of the tile is not reached"
                        );
                        built += 1;
                    }
                }
            }
        }
    }
    assert!(built >= 100, "{built} TMEM copies built");
}

/// CuTe's UMMA accumulator fragments (`UMMA::tmem_frg`) of every SM100 UMMA shape: each
/// coordinate of the fragment has its own TMEM address, inside the 128 data paths and the
/// 512 32-bit columns of one SM's TMEM.
#[test]
fn umma_accumulator_fragments_are_distinct_tmem_addresses() {
    use rcute::atom::{Operand, TiledMma, mma_atom};
    let mut checked = 0;
    for (name, c_bits) in [
        ("SM100_MMA_F16BF16_SS<half_t,half_t,float,{M},{N},K,K>", 32),
        ("SM100_MMA_F16BF16_SS<half_t,half_t,half_t,{M},{N},K,K>", 16),
        ("SM100_MMA_F16BF16_TS<half_t,half_t,float,{M},{N},K,K>", 32),
        (
            "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,{M},{N},K,K>",
            32,
        ),
        (
            "SM100_MMA_TF32_2x1SM_TS<tfloat32_t,tfloat32_t,float,{M},{N},K,K>",
            32,
        ),
    ] {
        for m in [64, 128, 256] {
            for n in [16, 64, 256] {
                let op = name
                    .replace("{M}", &m.to_string())
                    .replace("{N}", &n.to_string());
                let Ok(atom) = mma_atom(&op) else {
                    continue;
                };
                for grow in [(1, 1), (2, 1)] {
                    let mma =
                        TiledMma::new(atom, &Layout::parse("_1:_0"), &rcute::Tiler::UNDERSCORE);
                    let (tm, tn) = (
                        mma.tile_size(0).unwrap().value(),
                        mma.tile_size(1).unwrap().value(),
                    );
                    let shape =
                        IntTuple::try_parse(&format!("(_{},_{})", tm * grow.0, tn * grow.1))
                            .unwrap();
                    let Ok(frg) = mma.try_partition_fragment_shape(Operand::C, &shape) else {
                        // more TMEM than one SM has
                        assert!(
                            tm * grow.0 * tn * grow.1 * c_bits
                                > 128 * 512 * 32 / (atom.thr_id().size().value()),
                            "{op}"
                        );
                        continue;
                    };
                    let size = frg.try_size().unwrap().value();
                    assert_eq!(
                        size,
                        tm * grow.0 * tn * grow.1 / atom.thr_id().size().value(),
                        "{op}"
                    );
                    let dp = tmem_dp(c_bits).unwrap();
                    let mut seen = std::collections::HashSet::new();
                    for i in 0..size {
                        let a = frg.offset(i as usize);
                        assert!(seen.insert(a), "{op} {grow:?}: address {a} twice");
                        let (lane, col) = (a / dp, a % dp);
                        assert!((0..128).contains(&lane), "{op}: data path {lane}");
                        assert!(col * c_bits < 512 * 32, "{op}: column {col}");
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 25, "{checked}");
}

/// `make_tmem_warp_partitioner` over 128-row TMEM tensors: warp `w` owns the rows in data
/// paths `32w` to `32w + 31`, and the four warps' partitions take every element once.
#[test]
fn tmem_warp_partitions_split_the_data_paths() {
    use rcute::atom::make_tmem_warp_partitioner;
    let mut checked = 0;
    for bits in [8i64, 16, 32] {
        let dp = tmem_dp(bits).unwrap();
        for cols in [8i64, 64] {
            for layout in [
                format!("(_128,_{cols}):(_{dp},_1)"),
                format!("((_32,_4),_{cols}):((_{dp},_{}),_1)", 32 * dp),
                format!("(_{cols},_128):(_1,_{dp})"),
            ] {
                let t = Layout::try_parse(&layout).unwrap();
                let p = make_tmem_warp_partitioner(&t, bits).unwrap();
                let mut seen = std::collections::HashMap::new();
                for w in 0..4 {
                    let (part, off) = p.try_partition_layout(Int::dynamic(w), &t).unwrap();
                    for i in 0..part.try_size().unwrap().value() {
                        let a = off.value() + part.offset(i as usize);
                        assert_eq!(
                            a / dp / 32,
                            w,
                            "{layout}: warp {w} reaches data path {}",
                            a / dp
                        );
                        assert!(seen.insert(a, w).is_none(), "{layout}: address {a} twice");
                    }
                }
                assert_eq!(seen.len() as i64, 128 * cols, "{layout}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 18);
}
