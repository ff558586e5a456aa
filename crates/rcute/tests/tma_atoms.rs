//! CuTe's TMA atoms (`atom::make_tma_atom`, `make_tma_copy`) against rcute's TMA analysis
//! (`analysis::tma::TmaCopy`): where one tensor map moves the tile in one instruction, the
//! descriptor CuTe's algorithm builds is the one the analysis proves by enumeration
//! (`globalDim`, `globalStrides`, `boxDim`, the swizzle), and the TMA coordinate tensor
//! (`get_tma_tensor`) sends each global mode to the tensor-map dimension the analysis gives
//! it. Both are also checked on every element of the tile: the TMA tensor's coordinate of
//! each tile element, read through the analysis's tensor map, is that element's global
//! offset.

use rcute::analysis::is_bijective;
use rcute::analysis::tma::{TmaCopy, TmaSwizzle};
use rcute::atom::{TmaOp, make_tma_atom, make_tma_copy};
use rcute::{ComposedLayout, Int, IntTuple, Layout, MaybeSwizzled, Swizzle, Tiler};

/// The TMA swizzle `b` (0: none) on elements of `bits` bits: `Sw<b, 4 - log2(bytes), 3>`.
fn swizzle(b: i64, bits: i64) -> Swizzle {
    let m = 4 - (bits / 8).trailing_zeros() as i64;
    Swizzle::new(b, m, 3)
}

struct Case {
    g: Layout,
    s: MaybeSwizzled,
    tile: IntTuple,
    bits: i64,
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for bits in [8i64, 16, 32] {
        let ty_elems_128b = 128 * 8 / bits; // elements in 128 bytes
        for (m, k) in [(256i64, 128i64), (512, 1024), (4096, 64), (96, 512)] {
            for (tm, tk) in [
                (8i64, 16i64),
                (64, 32),
                (128, 64),
                (32, 128),
                (256, 8),
                (16, 256),
            ] {
                if tm > m || tk > k || tk > 256 || tm > 256 {
                    continue;
                }
                for k_major in [true, false] {
                    // the contiguous extent of the tile, elements
                    let inner = if k_major { tk } else { tm };
                    for b in 0..4i64 {
                        // a swizzle whose span holds the contiguous extent exactly
                        if b > 0 && inner != (16 << b) * 8 / bits {
                            continue;
                        }
                        if inner * bits / 8 % 16 != 0 {
                            continue;
                        }
                        let _ = ty_elems_128b;
                        let g = if k_major {
                            Layout::try_parse(&format!("({m},{k}):({k},_1)")).unwrap()
                        } else {
                            Layout::try_parse(&format!("({m},{k}):(_1,{m})")).unwrap()
                        };
                        let sl = if k_major {
                            Layout::try_parse(&format!("(_{tm},_{tk}):(_{tk},_1)")).unwrap()
                        } else {
                            Layout::try_parse(&format!("(_{tm},_{tk}):(_1,_{tm})")).unwrap()
                        };
                        let s = if b == 0 {
                            MaybeSwizzled::Plain(sl)
                        } else {
                            MaybeSwizzled::Swizzled(
                                ComposedLayout::try_new(swizzle(b, bits), Int::ZERO, sl).unwrap(),
                            )
                        };
                        let tile = IntTuple::try_parse(&format!("(_{tm},_{tk})")).unwrap();
                        out.push(Case { g, s, tile, bits });
                    }
                }
            }
        }
    }
    out
}

#[test]
fn cute_tma_atoms_agree_with_the_tma_analysis() {
    let mut agreed = 0;
    for c in cases() {
        let tiler = Tiler::try_from_shape(&c.tile).unwrap();
        let atom = make_tma_atom(TmaOp::Load, &c.g, "u", c.bits, &c.s, &tiler, 1)
            .unwrap_or_else(|e| panic!("{} {:?}: {e}", c.g, c.s));
        let p = *atom.op().tma_params().unwrap();
        let t = TmaCopy::try_new(&c.g, &c.s, c.bits, None)
            .unwrap_or_else(|e| panic!("{} {:?}: {e}", c.g, c.s));
        if t.instructions().len() != 1 {
            continue;
        }
        let what = format!("{} {:?}", c.g, c.s);
        assert_eq!(p.rank(), t.rank(), "{what}");
        assert_eq!(p.global_dim(), t.global_dim(), "{what}");
        assert_eq!(p.global_strides(), t.global_strides(), "{what}");
        assert_eq!(p.box_dim(), t.box_dim(), "{what}");
        assert_eq!(
            TmaSwizzle::try_from_elements(p.swizzle(), c.bits / 8).unwrap(),
            t.swizzle(),
            "{what}"
        );
        // the TMA tensor: global mode modes()[d] walks TMA coordinate d
        let tensor = p.tma_tensor(&c.g.shape()).unwrap();
        let stride = tensor.layout().stride();
        for (d, &m) in t.modes().iter().enumerate() {
            let e = stride.leaf(m);
            assert!(
                e.is_basis() && e.basis_index(0) == d && e.value() == 1,
                "{what}: {stride}"
            );
        }
        // every tile element: its TMA coordinates through the tensor map are its offset
        let gs: Vec<i64> = std::iter::once(1)
            .chain(t.global_strides().iter().map(|&b| b as i64 * 8 / c.bits))
            .collect();
        let n = c.tile.try_product().unwrap().value();
        let tile = Layout::try_from_shape(c.tile).unwrap();
        for i in 0..n {
            let crd = tile
                .try_get_hier_coord(&IntTuple::from_int(Int::dynamic(i)))
                .unwrap();
            let tma = tensor.try_get(&crd).unwrap();
            let via_map: i64 = (0..t.rank()).map(|d| tma.leaf(d).value() * gs[d]).sum();
            assert_eq!(
                via_map,
                c.g.try_apply(&crd).unwrap().leaf(0).value(),
                "{what} at {crd}"
            );
        }
        agreed += 1;
    }
    assert!(agreed >= 60, "{agreed} cases agreed");
}

#[test]
fn the_tiled_copy_is_the_atom_over_the_tile() {
    // make_tma_copy's tiler is the smem tile and its one "thread" owns every value
    let g = Layout::try_parse("(256,128):(128,_1)").unwrap();
    let s = MaybeSwizzled::Plain(Layout::try_parse("(_64,_64):(_64,_1)").unwrap());
    let tiler = Tiler::try_parse("(_64,_64)").unwrap();
    let copy = make_tma_copy(TmaOp::Load, &g, "half_t", 16, &s, &tiler, Int::ONE).unwrap();
    assert_eq!(copy.tiler().to_string(), "(_64,_64)");
    assert_eq!(copy.try_size().unwrap().value(), 1);
    // the TV layout covers the tile's 4096 smem coordinates once each
    let tv = copy.layout_tv();
    assert_eq!(tv.try_size().unwrap().value(), 4096);
    assert!(is_bijective(&MaybeSwizzled::Plain(*tv)).unwrap(), "{tv}");
}

#[test]
fn tma_copies_and_partitions_cover_their_tiles() {
    // without multicast, make_tma_copy's (thread, value) layout is a bijection onto the
    // tile's coordinates, and tma_partition's (TMA, TMA_Iter) mode of the CTA's tile of the
    // TMA tensor holds each coordinate of that tile once
    let mut checked = 0;
    for c in cases() {
        let tiler = Tiler::try_from_shape(&c.tile).unwrap();
        let n = c.tile.try_product().unwrap().value();
        let copy = make_tma_copy(TmaOp::Load, &c.g, "u", c.bits, &c.s, &tiler, Int::ONE).unwrap();
        let tv = copy.layout_tv();
        assert_eq!(tv.try_size().unwrap().value(), n);
        assert!(
            is_bijective(&MaybeSwizzled::Plain(*tv)).unwrap(),
            "{}: {tv}",
            c.g
        );
        let atom = make_tma_atom(TmaOp::Load, &c.g, "u", c.bits, &c.s, &tiler, 1).unwrap();
        let tensor = atom
            .op()
            .tma_params()
            .unwrap()
            .tma_tensor(&c.g.shape())
            .unwrap();
        let cta = tensor
            .try_local_tile(&tiler, &IntTuple::try_parse("(0,0)").unwrap(), None)
            .unwrap();
        let g1 =
            rcute::CoordTensor::new(cta.origin(), Layout::try_concat(&[cta.layout()]).unwrap());
        let s1 = match c.s {
            MaybeSwizzled::Plain(l) => MaybeSwizzled::Plain(Layout::try_concat(&[l]).unwrap()),
            MaybeSwizzled::Swizzled(k) => MaybeSwizzled::Swizzled(
                ComposedLayout::try_new(
                    k.swizzle(),
                    k.origin(),
                    Layout::try_concat(&[k.layout()]).unwrap(),
                )
                .unwrap(),
            ),
        };
        let (gp, _, _) = rcute::atom::tma_partition(
            &atom,
            &IntTuple::from_int(Int::ZERO),
            &Layout::try_parse("_1:_0").unwrap(),
            &s1,
            &g1,
        )
        .unwrap_or_else(|e| panic!("{} {:?}: {e}", c.g, c.s));
        let mode0 = gp.layout().try_mode(0).unwrap();
        assert_eq!(mode0.try_size().unwrap().value(), n);
        let mut coords = std::collections::HashSet::new();
        for i in 0..n {
            let off = mode0
                .try_apply(&IntTuple::from_int(Int::dynamic(i)))
                .unwrap();
            assert!(
                coords.insert(off.to_string()),
                "{}: a TMA coordinate twice",
                c.g
            );
        }
        checked += 1;
    }
    assert!(checked >= 100, "{checked} cases");
}

/// `make_im2col_tma_copy` without multicast: like a tiled TMA copy, one thread owns the
/// tile and its (thread, value) layout is a bijection onto the tile's coordinates; the box
/// the atom moves is the tile (at most two modes, both unit walks of the tensor); the
/// coordinate tensor of the default convolution is a bijection onto the activations.
#[test]
fn im2col_copies_cover_their_tiles() {
    use rcute::atom::{Im2colConv, make_im2col_tma_copy};
    let mut checked = 0;
    for (g, tile_m) in [
        ("((_8,_8,_2),_64):((_64,_512,_4096),_1)", 128),
        ("((_16,_4),_32):((_32,_512),_1)", 64),
        ("((_4,_4,_4,_2),_128):((_128,_512,_2048,_8192),_1)", 64),
    ] {
        let g = Layout::try_parse(g).unwrap();
        let c = g.shape().get(1).as_int().unwrap().value();
        for bits in [8i64, 16, 32] {
            for tc in [16i64, 32] {
                let s = MaybeSwizzled::Plain(
                    Layout::try_parse(&format!("(_{tile_m},_{tc}):(_{tc},_1)")).unwrap(),
                );
                if tc > c {
                    continue;
                }
                let tiler = Tiler::try_parse(&format!("(_{tile_m},_{tc})")).unwrap();
                let spatial = g.shape().get(0).rank() - 1;
                let conv = Im2colConv::try_defaults(spatial).unwrap();
                let copy = make_im2col_tma_copy(
                    TmaOp::LoadIm2col,
                    &g,
                    "u",
                    bits,
                    &s,
                    &tiler,
                    Int::ONE,
                    &conv,
                )
                .unwrap();
                // the coordinate tensor of the default convolution (no padding, unit
                // strides and dilations) takes every (channel, pixel) of the activations
                // once, filter taps all 0
                let t = copy.atom().op().im2col_tensor().unwrap().unwrap();
                let size = t.inner().try_size().unwrap().value();
                assert_eq!(size, g.try_size().unwrap().value(), "{g}");
                let mut seen = std::collections::HashSet::new();
                for i in 0..size {
                    let crd = t.try_at(i).unwrap();
                    let v: Vec<i64> = crd.leaves().map(|x| x.value()).collect();
                    // (c, (w, h, ...), n, (s, r, ...))
                    assert_eq!(v.len(), 2 + 2 * spatial, "{crd}");
                    assert!((0..c).contains(&v[0]), "{g} {crd}");
                    for k in 0..spatial {
                        let ext = g.shape().get(0).get(k).as_int().unwrap().value();
                        assert!((0..ext).contains(&v[1 + k]), "{g} {crd}");
                        assert_eq!(v[2 + spatial + k], 0, "{g} {crd}");
                    }
                    assert!(seen.insert(v), "{g}: {crd} twice");
                }
                assert_eq!(copy.try_size().unwrap().value(), 1);
                let tv = copy.layout_tv();
                assert_eq!(tv.try_size().unwrap().value(), tile_m * tc);
                assert!(
                    is_bijective(&MaybeSwizzled::Plain(*tv)).unwrap(),
                    "{g} {tv}"
                );
                let box_bits = copy.atom().op().src_bits().try_size().unwrap().value();
                assert_eq!(box_bits, tile_m * tc * bits, "{g}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 18);
}

/// The SM100 im2col copies of a tiled UMMA's A and B (`make_im2col_tma_copy_A/B_sm100`):
/// one CTA's (thread, value) layout is a bijection onto the `(MMA, MMA_M, MMA_K)` tile, and
/// the box the atom moves is one atom's `(MMA)` part of it.
#[test]
fn sm100_im2col_copies_cover_their_tiles() {
    use rcute::atom::{Im2colConv, Operand, TiledMma, make_im2col_tma_copy_sm100, mma_atom};
    let mut checked = 0;
    for (op_name, m, n, k) in [
        (
            "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,64,K,K>",
            128,
            64,
            16,
        ),
        (
            "SM100_MMA_F16BF16_SS<half_t,half_t,float,64,128,K,K>",
            64,
            128,
            16,
        ),
        (
            "SM100_MMA_S8_SS<int8_t,int8_t,int32_t,128,32,K,K>",
            128,
            32,
            32,
        ),
    ] {
        let mma = TiledMma::new(
            mma_atom(op_name).unwrap(),
            &Layout::parse("_1:_0"),
            &Tiler::UNDERSCORE,
        );
        let bits = if op_name.contains("S8") { 8 } else { 16 };
        let g = Layout::parse("((_8,_8,_4),_256):((_256,_2048,_16384),_1)");
        for (operand, mn) in [(Operand::A, m), (Operand::B, n)] {
            for rest_k in [1, 2, 4] {
                let s = MaybeSwizzled::Plain(
                    Layout::try_parse(&format!(
                        "((_{mn},_{k}),_1,_{rest_k}):((_{k},_1),_0,_{})",
                        mn * k
                    ))
                    .unwrap(),
                );
                let tile = IntTuple::parse(&format!("(_{m},_{n},_{})", k * rest_k));
                let copy = make_im2col_tma_copy_sm100(
                    TmaOp::LoadIm2col,
                    operand,
                    &g,
                    "u",
                    bits,
                    &s,
                    &tile,
                    &mma,
                    &Im2colConv::try_defaults(2).unwrap(),
                )
                .unwrap_or_else(|e| panic!("{op_name} {operand:?} {rest_k}: {e}"));
                let tv = copy.layout_tv();
                assert_eq!(tv.try_size().unwrap().value(), mn * k * rest_k);
                assert!(
                    is_bijective(&MaybeSwizzled::Plain(*tv)).unwrap(),
                    "{op_name} {operand:?}: {tv}"
                );
                let box_bits = copy.atom().op().src_bits().try_size().unwrap().value();
                // an im2col box walks at most two modes: the channels (K) and the pixels
                // (M or N) of one atom; the copy repeats it over MMA_K
                assert_eq!(box_bits, mn * k * bits, "{op_name} {operand:?}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 18);
}
