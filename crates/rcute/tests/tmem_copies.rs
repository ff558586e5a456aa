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
