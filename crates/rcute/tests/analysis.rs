//! The analysis module (`rcute::analysis`) checked three ways:
//!
//! 1. The swizzle search reproduces CUTLASS's choices for its SM80 and SM90 f16 operand
//!    tiles, K-major and MN-major, each named below with the CUTLASS file it comes from.
//! 2. Model properties over random inputs (proptest, counts asserted): every `Ok` report
//!    agrees with a brute-force evaluation of the model's definition written here, apart
//!    from the module's code.
//! 3. Bad input is a clear error (its message asserted), never a panic.

use proptest::prelude::*;
use rcute::analysis::{
    self, Access, BANKS, LINE, MAX_ANALYSED, Memory, Phases, SECTOR, Side, SwizzleSearch, WARP,
    bank_conflicts, coalescing, swizzle_for, vector_width,
};
use rcute::atom::{
    self, CopyAtom, Operand, SM75_U16x8_LDSM_T, SM75_U32x4_LDSM_N, SM80_16x8x16_F32F16F16F32_TN,
    TiledCopy, TiledMma,
};
use rcute::strategies::run_counted;
use rcute::{ComposedLayout, Int, Layout, MaybeSwizzled, Swizzle, Tiler};

fn l(s: &str) -> Layout {
    Layout::parse(s)
}

// ---------------------------------------------------------------------------------------
// 1. The swizzle search reproduces CUTLASS's choices
// ---------------------------------------------------------------------------------------

/// Checks that the search over `layout` picked `expected` outright (not as one of several
/// equally good candidates), that it is conflict-free for every access, and that the
/// unswizzled layout conflicts.
fn assert_cutlass_choice(what: &str, s: &SwizzleSearch, expected: &str) {
    let got = s.best.swizzle.to_string();
    let ties: Vec<String> = s.ties.iter().map(ToString::to_string).collect();
    assert_eq!(
        got, expected,
        "{what}: the search chose {got} (ties {ties:?})\n{s}"
    );
    assert!(s.best.conflict_free(), "{what}: {expected} conflicts\n{s}");
    assert!(
        !s.baseline.conflict_free(),
        "{what}: the unswizzled layout is already conflict-free\n{s}"
    );
    assert!(
        s.ties.is_empty(),
        "{what}: {expected} ties with {ties:?}; the tie-break picked it\n{s}"
    );
    assert!(s.best.total() < s.baseline.total(), "{what}\n{s}");
}

/// CUTLASS's SM80 f16 TiledMMA (`test/unit/gemm/device/default_gemm_configuration.hpp`,
/// `DefaultGemmConfigurationToCutlass3Types<OpClassTensorOp, Sm80, half_t, ...>`):
/// `TiledMMA<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, Layout<Shape<_2,_2,_1>>,
/// Tile<_32,_32,_16>>`.
fn sm80_mma() -> TiledMma {
    TiledMma::try_new(
        SM80_16x8x16_F32F16F16F32_TN,
        &l("(_2,_2,_1):(_1,_2,_0)"),
        &Tiler::parse("(_32,_32,_16)"),
    )
    .unwrap()
}

fn half(op: rcute::atom::CopyOp) -> CopyAtom {
    CopyAtom::try_new(op, "half_t", 16).unwrap()
}

/// `Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, half_t>`, CUTLASS's gmem copy
/// (the catalog names the type without its `cute::` namespace).
fn cp_async() -> CopyAtom {
    atom::copy_atom("Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>").unwrap()
}

/// The `ldmatrix` read of an MMA operand (`make_tiled_copy_A/B(Copy_Atom<op, half_t>,
/// tiled_mma)`), one k-block of the tile: the tiled copy's tile sits at the shared tile's
/// origin.
fn ldsm(op: rcute::atom::CopyOp, operand: Operand) -> Access {
    let copy = TiledCopy::try_for_mma(half(op), &sm80_mma(), operand).unwrap();
    Access::try_from_copy(&copy, Side::Read).unwrap()
}

/// The `cp.async` 128-bit write of the gmem tiled copy
/// `make_tiled_copy(cp_async, thr_layout, val_layout)` into shared memory.
fn cp_async_write(thr: &str, val: &str) -> Access {
    let copy = TiledCopy::try_new(cp_async(), &l(thr), &l(val)).unwrap();
    let a = Access::try_from_copy(&copy, Side::Write).unwrap();
    assert_eq!(a.phases(), Phases::Vector { bytes: 16 });
    a
}

/// SM80, K-major f16 operand with a 64-element K tile. CUTLASS
/// (`default_gemm_configuration.hpp`, `DefaultGemm_TensorOpSm80_OperandA<half_t,
/// layout::RowMajor, 8, 64>`):
///
/// ```text
/// using SmemLayoutAtom = decltype(composition(Swizzle<3,3,3>{},
///                                             Layout<Shape<_8,_64>, Stride<_64,_1>>{}));
/// using SmemCopyAtom = Copy_Atom<SM75_U32x4_LDSM_N, half_t>;
/// using GmemTiledCopy = decltype(make_tiled_copy(
///     Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, half_t>{},
///     Layout<Shape<_16,_8>, Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{}));
/// ```
///
/// Operand B (column-major, K-major) reuses operand A's. The shared tile is the atom tiled
/// over M: `(64,64):(64,1)`.
#[test]
fn sm80_k_major_64_element_rows_get_swizzle_3_3_3() {
    let tile = l("(_64,_64):(_64,_1)");
    let write = cp_async_write("(_16,_8):(_8,_1)", "(_1,_8):(_0,_1)");
    for operand in [Operand::A, Operand::B] {
        let read = ldsm(SM75_U32x4_LDSM_N, operand);
        assert_eq!(read.phases(), Phases::Matrix { matrices: 4 });
        let s = swizzle_for(&tile, &[write, read]).unwrap();
        assert_cutlass_choice(&format!("SM80 K-major 64 {operand:?}"), &s, "Sw<3,3,3>");
        // the write is conflict-free either way; the ldmatrix read is 8-way without it
        assert_eq!(s.baseline.wavefronts[0], s.baseline.ideal[0]);
        assert_eq!(s.baseline.wavefronts[1], 8 * s.baseline.ideal[1]);
        assert_eq!(
            s.swizzled().to_string(),
            "Sw<3,3,3> o _0 o (_64,_64):(_64,_1)"
        );
    }
}

/// SM80, K-major f16 operand with a 32-element K tile. CUTLASS
/// (`default_gemm_configuration.hpp`, `DefaultGemm_TensorOpSm80_OperandA<half_t,
/// layout::RowMajor, 8, 32>`):
///
/// ```text
/// using SmemLayoutAtom = decltype(composition(Swizzle<2,3,3>{},
///                                             Layout<Shape<_8,_32>, Stride<_32,_1>>{}));
/// using GmemTiledCopy = decltype(make_tiled_copy(
///     Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, half_t>{},
///     Layout<Shape<_32,_4>, Stride<_4,_1>>{}, Layout<Shape<_1,_8>>{}));
/// ```
#[test]
fn sm80_k_major_32_element_rows_get_swizzle_2_3_3() {
    let tile = l("(_64,_32):(_32,_1)");
    let write = cp_async_write("(_32,_4):(_4,_1)", "(_1,_8):(_0,_1)");
    for operand in [Operand::A, Operand::B] {
        let read = ldsm(SM75_U32x4_LDSM_N, operand);
        let s = swizzle_for(&tile, &[write, read]).unwrap();
        assert_cutlass_choice(&format!("SM80 K-major 32 {operand:?}"), &s, "Sw<2,3,3>");
        // two rows per 128 bytes: the unswizzled read is 4-way
        assert_eq!(s.baseline.wavefronts[1], 4 * s.baseline.ideal[1]);
    }
}

/// SM80, MN-major f16 operand (A column-major, M contiguous; B row-major, N contiguous).
/// CUTLASS (`default_gemm_configuration.hpp`, `DefaultGemm_TensorOpSm80_OperandA<half_t,
/// layout::ColumnMajor, 8, SizeK>`):
///
/// ```text
/// using SmemLayoutAtom = decltype(composition(Swizzle<3,3,3>{},
///                                             Layout<Shape<_64,_8>, Stride<_1,_64>>{}));
/// using SmemCopyAtom = Copy_Atom<SM75_U16x8_LDSM_T, half_t>;
/// using GmemTiledCopy = decltype(make_tiled_copy(
///     Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, half_t>{},
///     Layout<Shape<_16,_8>, Stride<_1,_16>>{}, Layout<Shape<_8,_1>>{}));
/// ```
///
/// The shared tile is the atom tiled over K, `(64,64):(1,64)`; the gmem copy is CUTLASS's
/// with its 16 threads along M halved to 8 (a 64-element column, not 128), so that its tile
/// `(64,16)` fits the shared one.
#[test]
fn sm80_mn_major_gets_swizzle_3_3_3() {
    let tile = l("(_64,_64):(_1,_64)");
    let write = cp_async_write("(_8,_16):(_1,_8)", "(_8,_1):(_1,_0)");
    for operand in [Operand::A, Operand::B] {
        let read = ldsm(SM75_U16x8_LDSM_T, operand);
        assert_eq!(read.phases(), Phases::Matrix { matrices: 4 });
        let s = swizzle_for(&tile, &[write, read]).unwrap();
        assert_cutlass_choice(&format!("SM80 MN-major {operand:?}"), &s, "Sw<3,3,3>");
        assert_eq!(s.baseline.wavefronts[1], 8 * s.baseline.ideal[1]);
    }
}

/// wgmma's read of a shared operand tile modelled as `ldmatrix`-like reads of its core
/// matrices (8 rows of 16 bytes; each 16-byte row is 8 `half_t` contiguous in memory),
/// four matrices per instruction, the instructions covering the whole tile. Each core
/// matrix is one phase, so which four share an instruction does not matter.
///
/// The writes are TMA's, which are not modelled: TMA writes whole swizzle atoms and has
/// no bank conflicts to avoid, so only the reads choose the swizzle.
///
/// `k_major`: the tile is `(rows, k):(k, 1)` and a core matrix is 8 rows (M/N) by 8
/// contiguous K elements. Otherwise the tile is `(mn, cols):(1, mn)` and a core matrix is
/// 8 K columns by 8 contiguous M/N elements. The tile index is column-major over the
/// tile's shape, the thread `r + 8 * matrix` gives row `r` of its matrix.
fn wgmma_core_matrices(k_major: bool, mn: i64, k: i64) -> Access {
    let tv = if k_major {
        // index = (r + 8 jm) + mn * (8 jk + v)
        format!(
            "((_8,_{},_{}),_8):((_1,_8,_{}),_{mn})",
            mn / 8,
            k / 8,
            8 * mn
        )
    } else {
        // index = (8 jm + v) + mn * (r + 8 jk)
        format!(
            "((_8,_{},_{}),_8):((_{mn},_8,_{}),_1)",
            mn / 8,
            k / 8,
            8 * mn
        )
    };
    let a = Access::try_matrix(l(&tv), 4).unwrap();
    // the matrices cover the tile once
    assert_eq!(a.threads() * 8, (mn * k) as usize);
    a
}

/// SM90 GMMA, K-major f16 operands. CUTLASS (`include/cute/atom/mma_traits_sm90_gmma.hpp`,
/// in bits, `upcast<16>` for `half_t`):
///
/// ```text
/// using Layout_K_SW32_Atom_Bits  = ComposedLayout<Swizzle<1,4,3>, smem_ptr_flag, Layout<Shape<_8, _256>,Stride< _256,_1>>>;
/// using Layout_K_SW64_Atom_Bits  = ComposedLayout<Swizzle<2,4,3>, smem_ptr_flag, Layout<Shape<_8, _512>,Stride< _512,_1>>>;
/// using Layout_K_SW128_Atom_Bits = ComposedLayout<Swizzle<3,4,3>, smem_ptr_flag, Layout<Shape<_8,_1024>,Stride<_1024,_1>>>;
/// ```
///
/// The swizzle works on byte addresses: `Swizzle<B,4,3>` over 16-byte units is `Sw<B,3,3>`
/// over 2-byte `half_t`, so `Layout_K_SW128_Atom<half_t>` is `Sw<3,3,3> o (8,64):(64,1)`,
/// `Layout_K_SW64_Atom<half_t>` is `Sw<2,3,3> o (8,32):(32,1)` and `Layout_K_SW32_Atom<half_t>`
/// is `Sw<1,3,3> o (8,16):(16,1)`. The tiles are the atoms tiled over 64 rows of M.
#[test]
fn sm90_k_major_gmma_atoms() {
    for (k, expected) in [(64, "Sw<3,3,3>"), (32, "Sw<2,3,3>"), (16, "Sw<1,3,3>")] {
        let tile = l(&format!("(_64,_{k}):(_{k},_1)"));
        let s = swizzle_for(&tile, &[wgmma_core_matrices(true, 64, k)]).unwrap();
        assert_cutlass_choice(&format!("SM90 K-major SW{}", 2 * k), &s, expected);
        // unswizzled, the 8 rows of a core matrix, 128 / (2 k) to a 128-byte line, are
        // k / 8 ways in conflict
        assert_eq!(s.baseline.total(), (k as usize / 8) * s.baseline.ideal[0]);
    }
}

/// SM90 GMMA, MN-major f16 operands. CUTLASS (`include/cute/atom/mma_traits_sm90_gmma.hpp`):
///
/// ```text
/// using Layout_MN_SW32_Atom_Bits  = ComposedLayout<Swizzle<1,4,3>, smem_ptr_flag, Layout<Shape< _256,_8>,Stride<_1, _256>>>;
/// using Layout_MN_SW64_Atom_Bits  = ComposedLayout<Swizzle<2,4,3>, smem_ptr_flag, Layout<Shape< _512,_8>,Stride<_1, _512>>>;
/// using Layout_MN_SW128_Atom_Bits = ComposedLayout<Swizzle<3,4,3>, smem_ptr_flag, Layout<Shape<_1024,_8>,Stride<_1,_1024>>>;
/// ```
///
/// In `half_t`: `Layout_MN_SW128_Atom` is `Sw<3,3,3> o (64,8):(1,64)`, SW64
/// `Sw<2,3,3> o (32,8):(1,32)`, SW32 `Sw<1,3,3> o (16,8):(1,16)`. The tiles are the atoms
/// tiled over 64 columns of K.
#[test]
fn sm90_mn_major_gmma_atoms() {
    for (mn, expected) in [(64, "Sw<3,3,3>"), (32, "Sw<2,3,3>"), (16, "Sw<1,3,3>")] {
        let tile = l(&format!("(_{mn},_64):(_1,_{mn})"));
        let s = swizzle_for(&tile, &[wgmma_core_matrices(false, mn, 64)]).unwrap();
        assert_cutlass_choice(&format!("SM90 MN-major SW{}", 2 * mn), &s, expected);
    }
}

// ---------------------------------------------------------------------------------------
// 2. Model properties over random inputs
// ---------------------------------------------------------------------------------------

/// Cases per property; about half of the random accesses are valid vectors, and at least
/// `ANSWERED` answers must be checked.
const CASES: u32 = 3_000;
const ANSWERED: usize = 1_000;

/// A shared tile `R x C` (`R = 2^a`, `C = 2^b`) laid out row-major, column-major or
/// row-major with padded rows, perhaps swizzled, and a vector access to it: each thread and
/// value bit of the thread-value layout picks one bit of the tile index (or none, a
/// broadcast), the first `log2(values per access)` value bits usually the ones that are
/// contiguous in memory (so that most accesses are valid vectors, and some are not).
#[derive(Clone, Debug)]
struct TileCase {
    layout: Layout,
    swizzle: Option<Swizzle>,
    tv: Layout,
    elem_bits: u32,
    access_bits: u32,
}

impl TileCase {
    fn memory(&self) -> MaybeSwizzled {
        match self.swizzle {
            None => self.layout.into(),
            Some(sw) => MaybeSwizzled::Swizzled(ComposedLayout::new(sw, Int::ZERO, self.layout)),
        }
    }

    fn with_swizzle(&self, sw: Option<Swizzle>) -> TileCase {
        TileCase {
            swizzle: sw,
            ..self.clone()
        }
    }

    /// The element offset of tile index `i`, evaluated here from the layout and the
    /// swizzle's definition.
    fn offset(&self, i: i64) -> i64 {
        let o = self.layout.offset(i as usize);
        self.swizzle.map_or(o, |sw| sw.apply(o))
    }

    fn vector(&self) -> usize {
        (self.access_bits / self.elem_bits) as usize
    }
}

/// The shape and stride of a mode of `2`s with the strides `2^bit` (`None`: stride 0).
fn bits_mode(bits: &[Option<u32>]) -> (String, String) {
    if bits.is_empty() {
        return ("_1".into(), "_0".into());
    }
    let shape: Vec<&str> = bits.iter().map(|_| "_2").collect();
    let stride: Vec<String> = bits
        .iter()
        .map(|b| b.map_or("_0".into(), |b| format!("_{}", 1i64 << b)))
        .collect();
    (
        format!("({})", shape.join(",")),
        format!("({})", stride.join(",")),
    )
}

/// `(thread, value)` modes of `2`s.
fn bits_tv(thr: &[Option<u32>], val: &[Option<u32>]) -> Layout {
    let ((ts, td), (vs, vd)) = (bits_mode(thr), bits_mode(val));
    l(&format!("({ts},{vs}):({td},{vd})"))
}

fn tile_case() -> impl Strategy<Value = TileCase> {
    let dims = (0u32..=6, 0u32..=6)
        .prop_filter("16 to 2048 elements", |(a, b)| (4..=11).contains(&(a + b)));
    (
        dims,
        0usize..3,
        1i64..=8,
        prop::option::weighted(0.5, (1i64..=3, 0i64..=4, 0i64..=3)),
        prop::sample::select(vec![8u32, 16, 32, 64]),
        0u32..=4,
        any::<bool>(),
    )
        .prop_flat_map(|((a, b), kind, pad, sw, elem_bits, wide, scramble)| {
            let (r, c) = (1i64 << a, 1i64 << b);
            let layout = l(&match kind {
                0 => format!("({r},{c}):({c},1)"),
                1 => format!("({r},{c}):(1,{r})"),
                _ => format!("({r},{c}):({},1)", c + pad),
            });
            let swizzle = sw.map(|(b, m, s)| Swizzle::new(b, m, b + s));
            let n = a + b;
            // tile index bits in memory order: column bits first for row-major tiles
            let order: Vec<u32> = if kind == 1 {
                (0..n).collect()
            } else {
                (a..n).chain(0..a).collect()
            };
            let max_wide = (128 / elem_bits).trailing_zeros().min(n);
            let vlog = wide.min(max_wide);
            let access_bits = elem_bits << vlog;
            let (vec_bits, rest) = order.split_at(vlog as usize);
            let (vec_bits, rest) = (vec_bits.to_vec(), rest.to_vec());
            (
                Just((layout, swizzle, elem_bits, access_bits, vec_bits)),
                Just(rest).prop_shuffle(),
                0usize..=8,
                0usize..=4,
                0usize..=2,
                Just(scramble),
            )
        })
        .prop_flat_map(
            |(
                (layout, swizzle, elem_bits, access_bits, vec_bits),
                rest,
                threads,
                values,
                bcast,
                scramble,
            )| {
                let tb = threads.min(rest.len());
                let vb = values.min(rest.len() - tb);
                let mut thr: Vec<Option<u32>> = rest[..tb].iter().map(|&b| Some(b)).collect();
                thr.extend(std::iter::repeat_n(None, bcast));
                let mut val: Vec<Option<u32>> = vec_bits.iter().map(|&b| Some(b)).collect();
                val.extend(rest[tb..tb + vb].iter().map(|&b| Some(b)));
                let all = thr.len();
                (
                    Just((layout, swizzle, elem_bits, access_bits)),
                    if scramble {
                        Just(thr.into_iter().chain(val).collect::<Vec<_>>())
                            .prop_shuffle()
                            .boxed()
                    } else {
                        Just(thr.into_iter().chain(val).collect::<Vec<_>>()).boxed()
                    },
                    Just(all),
                )
            },
        )
        .prop_map(
            |((layout, swizzle, elem_bits, access_bits), bits, t)| TileCase {
                layout,
                swizzle,
                tv: bits_tv(&bits[..t], &bits[t..]),
                elem_bits,
                access_bits,
            },
        )
}

/// The byte address each lane gives in each warp instruction, evaluated here: instruction
/// `k` of warp `w` moves values `k * vec ..` of threads `32 w ..`.
fn lanes_by_hand(c: &TileCase) -> Vec<[Option<i64>; WARP]> {
    let threads = c.tv.mode(0).size().value() as usize;
    let values = c.tv.mode(1).size().value() as usize;
    let mut out = Vec::new();
    for w in 0..threads.div_ceil(WARP) {
        for k in 0..values / c.vector() {
            let mut lanes = [None; WARP];
            for (lane, slot) in lanes.iter_mut().enumerate() {
                let t = w * WARP + lane;
                if t < threads {
                    let idx = c.tv.offset(t + threads * k * c.vector());
                    *slot = Some(c.offset(idx) * i64::from(c.elem_bits / 8));
                }
            }
            out.push(lanes);
        }
    }
    out
}

/// The bank model's definition for loads, written out: phases of 32, 16 or 8 lanes by
/// access width; paired phases served together by the merging rule (8- and 16-byte loads);
/// a phase takes the largest number of distinct 4-byte words asked of one bank, its ideal
/// one per 32 distinct words. Answers (wavefronts, ideal, banks touched) of an instruction.
fn bank_model_by_hand(lanes: &[Option<i64>; WARP], bytes: i64) -> (usize, usize, u32) {
    let per_phase = match bytes {
        1..=4 => 32,
        8 => 16,
        _ => 8,
    };
    let phases: Vec<Vec<i64>> = lanes
        .chunks(per_phase)
        .map(|p| p.iter().flatten().copied().collect())
        .collect();
    // loads of 8 and 16 bytes: the half-warps of an 8-byte load, the quarter-warps of
    // each half-warp of a 16-byte load, merge when each asks at most 2 addresses (the
    // same ones or none in common), or when
    // their quarter-warps ask pairwise disjoint sets of at most 128 bytes in all
    let distinct = |v: &[i64]| {
        let mut v = v.to_vec();
        v.sort_unstable();
        v.dedup();
        v
    };
    let quarters: Vec<Vec<i64>> = lanes
        .chunks(8)
        .map(|q| distinct(&q.iter().flatten().copied().collect::<Vec<_>>()))
        .collect();
    let span = if bytes >= 8 { 2 } else { 1 };
    let mut groups: Vec<Vec<i64>> = Vec::new();
    for (k, pair) in phases.chunks(span).enumerate() {
        let active = pair.iter().filter(|p| !p.is_empty()).count();
        // the quarter-warps of this pair of phases, those with active lanes
        let q0 = k * span * per_phase / 8;
        let qs: Vec<&Vec<i64>> = quarters[q0..q0 + span * per_phase / 8]
            .iter()
            .filter(|q| !q.is_empty())
            .collect();
        let sets: Vec<Vec<i64>> = pair.iter().map(|p| distinct(p)).collect();
        let few = sets.iter().all(|p| p.len() <= 2)
            && sets.iter().enumerate().all(|(i, a)| {
                sets[i + 1..]
                    .iter()
                    .all(|b| a == b || a.iter().all(|x| !b.contains(x)))
            });
        let disjoint = qs
            .iter()
            .enumerate()
            .all(|(i, a)| qs[i + 1..].iter().all(|b| a.iter().all(|x| !b.contains(x))));
        let all = distinct(
            &qs.iter()
                .flat_map(|q| q.iter().copied())
                .collect::<Vec<_>>(),
        );
        if active == 2 && (few || (disjoint && all.len() as i64 * bytes <= 128)) {
            groups.push(pair.concat());
        } else {
            groups.extend(pair.iter().cloned());
        }
    }
    let (mut wavefronts, mut ideal, mut banks) = (0, 0, 0u32);
    for g in groups.iter().filter(|g| !g.is_empty()) {
        let mut words: Vec<i64> = g
            .iter()
            .flat_map(|&a| a.div_euclid(4)..=(a + bytes - 1).div_euclid(4))
            .collect();
        words.sort_unstable();
        words.dedup();
        let mut per_bank = [0usize; BANKS];
        for w in &words {
            per_bank[w.rem_euclid(BANKS as i64) as usize] += 1;
            banks |= 1 << w.rem_euclid(BANKS as i64);
        }
        wavefronts += per_bank.iter().max().copied().unwrap_or(0).max(1);
        ideal += words.len().div_ceil(BANKS);
    }
    (wavefronts, ideal, banks)
}

/// Checks one bank report against the model evaluated by hand.
fn check_bank_report(c: &TileCase, r: &analysis::BankReport) -> Result<(), TestCaseError> {
    let by_hand = lanes_by_hand(c);
    prop_assert_eq!(r.instructions.len(), by_hand.len());
    let bytes = i64::from(c.access_bits / 8);
    for (i, lanes) in r.instructions.iter().zip(&by_hand) {
        prop_assert_eq!(&i.access.lanes, lanes);
        prop_assert!(i.wavefronts >= i.ideal && i.ideal >= 1, "{:?}", i);
        // conflict-free iff no bank is asked for more words than the ideal
        prop_assert_eq!(i.wavefronts == i.ideal, i.collisions.is_empty());
        prop_assert_eq!(i.wavefronts == i.ideal, i.degree == 1);
        let (wavefronts, ideal, banks) = bank_model_by_hand(lanes, bytes);
        prop_assert_eq!((i.wavefronts, i.ideal, i.banks), (wavefronts, ideal, banks));
        if bytes == 4 {
            // one phase of 32 lanes: the most distinct words of one bank
            let mut words: Vec<i64> = lanes.iter().flatten().map(|a| a / 4).collect();
            words.sort_unstable();
            words.dedup();
            let most = (0..BANKS as i64)
                .map(|b| words.iter().filter(|w| w.rem_euclid(32) == b).count())
                .max()
                .unwrap();
            prop_assert_eq!(i.wavefronts, most.max(1));
        }
    }
    prop_assert_eq!(
        r.wavefronts(),
        r.instructions.iter().map(|i| i.wavefronts).sum::<usize>()
    );
    prop_assert_eq!(r.conflicting().count() == 0, r.wavefronts() == r.ideal());
    Ok(())
}

/// The widest vector by brute force: every width from the element's up to 128 bits whose
/// groups of values are consecutive and aligned (a wider width passing implies the
/// narrower ones pass).
fn widest_by_hand(
    offsets: &dyn Fn(usize, usize) -> i64,
    threads: usize,
    values: usize,
    elem_bits: u32,
) -> u32 {
    let mut best = elem_bits;
    let mut bits = elem_bits * 2;
    while bits <= 128 {
        let n = (bits / elem_bits) as usize;
        let ok = values.is_multiple_of(n)
            && (0..threads).all(|t| {
                (0..values).step_by(n).all(|g| {
                    let first = offsets(t, g);
                    (first * i64::from(elem_bits) / 8) % i64::from(bits / 8) == 0
                        && (1..n).all(|j| offsets(t, g + j) == first + j as i64)
                })
            });
        if !ok {
            break;
        }
        best = bits;
        bits *= 2;
    }
    best
}

/// Bank conflicts on random tiles and accesses: every `Ok` report agrees with the model
/// evaluated by hand (lanes, wavefronts, ideal, banks), wavefronts >= ideal >= 1 per
/// instruction, and an instruction is conflict-free iff it has no collisions.
#[test]
fn bank_reports_follow_the_model() {
    let c = run_counted(CASES, tile_case(), |c| {
        let Ok(access) = Access::try_vector(c.tv, c.elem_bits, c.access_bits) else {
            return Err(TestCaseError::fail("the strategy draws valid sizes"));
        };
        match bank_conflicts(&c.memory(), &access) {
            Ok(r) => {
                check_bank_report(&c, &r)?;
                Ok(true)
            }
            Err(e) => {
                // the only errors: a vector split or misaligned
                prop_assert!(matches!(e, rcute::Error::Access { .. }), "{e}");
                Ok(false)
            }
        }
    });
    eprintln!("bank reports: {} cases, {} answered", c.ran, c.counted);
    assert_eq!(c.ran, CASES as usize);
    assert!(c.counted >= ANSWERED, "{c:?}");
}

/// A swizzle whose base `M` is at least `log2` of the vector keeps every vector whole;
/// one whose base is at or above a 128-byte line only permutes lines, and changes no
/// instruction's wavefronts.
#[test]
fn swizzles_above_the_vector_keep_it_and_above_the_line_keep_the_cost() {
    let strategy = (tile_case(), 1i64..=3, 0i64..=6, 0i64..=3);
    let c = run_counted(CASES, strategy, |(c, b, m, s)| {
        let plain = c.with_swizzle(None);
        let access = Access::try_vector(c.tv, c.elem_bits, c.access_bits).unwrap();
        let Ok(before) = bank_conflicts(&plain.memory(), &access) else {
            return Ok(false);
        };
        let m = m + c.vector().trailing_zeros() as i64;
        let sw = Swizzle::new(b, m, b + s);
        let swizzled = plain.with_swizzle(Some(sw));
        let after = bank_conflicts(&swizzled.memory(), &access);
        prop_assert!(after.is_ok(), "{sw} split a vector: {:?}", after.err());
        let after = after.unwrap();
        check_bank_report(&swizzled, &after)?;
        let line = (128 * 8 / c.elem_bits).trailing_zeros() as i64;
        if m >= line {
            let w = |r: &analysis::BankReport| {
                r.instructions
                    .iter()
                    .map(|i| i.wavefronts)
                    .collect::<Vec<_>>()
            };
            prop_assert_eq!(w(&before), w(&after), "{}", sw);
        }
        Ok(true)
    });
    eprintln!("swizzled reports: {} cases, {} answered", c.ran, c.counted);
    assert!(c.counted >= ANSWERED, "{c:?}");
}

/// `vector_width` never claims a width whose groups are not consecutive and aligned, and
/// claims the widest that is (by brute force), on the structured tiles.
#[test]
fn vector_width_is_the_widest_valid_one() {
    let c = run_counted(CASES, tile_case(), |c| {
        let memory = Memory::try_new(&c.memory()).unwrap();
        let threads = c.tv.mode(0).size().value() as usize;
        let values = c.tv.mode(1).size().value() as usize;
        let w = vector_width(&memory, &c.tv, c.elem_bits).unwrap();
        let off = |t: usize, v: usize| c.offset(c.tv.offset(t + threads * v));
        prop_assert_eq!(w.bits, widest_by_hand(&off, threads, values, c.elem_bits));
        prop_assert_eq!(w.alignment, w.bits / 8);
        prop_assert_eq!(w.limit.is_none(), w.bits == 128);
        Ok(w.bits > c.elem_bits)
    });
    eprintln!(
        "vector widths: {} cases, {} wider than an element",
        c.ran, c.counted
    );
    assert!(c.counted >= CASES as usize / 4, "{c:?}");
}

/// Small random layouts of any strides (zero, negative, repeated), from
/// `rcute::strategies`.
fn small_layout() -> impl Strategy<Value = Layout> {
    rcute::strategies::layout(rcute::strategies::LayoutParams {
        shape: rcute::strategies::ShapeParams {
            min_extent: 1,
            max_extent: 8,
            max_depth: 2,
            max_rank: 3,
            max_leaves: 6,
            max_size: 512,
            static_probability: 0.5,
        },
        max_stride: 16,
        compact_probability: 0.4,
    })
}

/// A global layout and a scalar access to it: `(T,V):(st,sv)` whose indices stay inside.
fn global_case() -> impl Strategy<Value = (Layout, Layout, u32)> {
    (
        small_layout(),
        1i64..=80,
        1i64..=4,
        prop::sample::select(vec![8u32, 16, 32, 64, 128]),
    )
        .prop_flat_map(|(g, t, v, elem_bits)| {
            let n = g.size().value();
            let st_max = (n - 1) / (t - 1).max(1);
            (Just((g, t, v, elem_bits, n)), 0..=st_max)
        })
        .prop_flat_map(|((g, t, v, elem_bits, n), st)| {
            let sv_max = (n - 1 - (t - 1) * st) / (v - 1).max(1);
            (Just((g, t, v, elem_bits, st)), 0..=sv_max)
        })
        .prop_map(|((g, t, v, elem_bits, st), sv)| {
            (g, l(&format!("({t},{v}):({st},{sv})")), elem_bits)
        })
}

/// Coalescing on random global layouts: each request's bytes, 32-byte sectors and
/// 128-byte lines equal a brute-force count of the distinct ones its lanes touch, and the
/// widest vector is the brute-force one.
#[test]
fn coalescing_counts_distinct_sectors() {
    let c = run_counted(CASES, global_case(), |(g, tv, elem_bits)| {
        let access = Access::try_vector(tv, elem_bits, elem_bits).unwrap();
        let r = coalescing(&g.into(), &access).unwrap();
        let threads = tv.mode(0).size().value() as usize;
        let values = tv.mode(1).size().value() as usize;
        let eb = i64::from(elem_bits / 8);
        prop_assert_eq!(r.requests.len(), threads.div_ceil(WARP) * values);
        let mut i = 0;
        for w in 0..threads.div_ceil(WARP) {
            for v in 0..values {
                let bytes: std::collections::BTreeSet<i64> = (w * WARP
                    ..threads.min((w + 1) * WARP))
                    .flat_map(|t| {
                        let a = g.offset(tv.offset(t + threads * v) as usize) * eb;
                        a..a + eb
                    })
                    .collect();
                let count = |unit: i64| {
                    bytes
                        .iter()
                        .map(|b| b.div_euclid(unit))
                        .collect::<std::collections::BTreeSet<_>>()
                        .len()
                };
                let q = &r.requests[i];
                prop_assert_eq!(
                    (q.bytes, q.sectors, q.lines),
                    (bytes.len(), count(SECTOR), count(LINE))
                );
                prop_assert!(
                    q.sectors >= q.bytes.div_ceil(SECTOR as usize) && q.lines <= q.sectors
                );
                i += 1;
            }
        }
        let asked: usize = r.requests.iter().map(|q| q.bytes).sum();
        prop_assert!(r.efficiency() > 0.0 && r.efficiency() <= 1.0);
        prop_assert_eq!(r.efficiency(), asked as f64 / (r.sectors() as f64 * 32.0));
        let off = |t: usize, v: usize| g.offset(tv.offset(t + threads * v) as usize);
        prop_assert_eq!(
            r.vector.bits,
            widest_by_hand(&off, threads, values, elem_bits)
        );
        Ok(true)
    });
    eprintln!("coalescing: {} cases, {} answered", c.ran, c.counted);
    assert_eq!((c.ran, c.counted), (CASES as usize, CASES as usize));
}

/// Vector accesses on the structured tiles: the coalescing of every valid access counts
/// the sectors of the bytes its lanes move.
#[test]
fn coalescing_of_vector_accesses() {
    let c = run_counted(CASES, tile_case(), |c| {
        let access = Access::try_vector(c.tv, c.elem_bits, c.access_bits).unwrap();
        let Ok(r) = coalescing(&c.memory(), &access) else {
            return Ok(false);
        };
        let bytes = i64::from(c.access_bits / 8);
        let by_hand = lanes_by_hand(&c);
        prop_assert_eq!(r.requests.len(), by_hand.len());
        for (q, lanes) in r.requests.iter().zip(&by_hand) {
            let touched: std::collections::BTreeSet<i64> =
                lanes.iter().flatten().flat_map(|&a| a..a + bytes).collect();
            let sectors: std::collections::BTreeSet<i64> =
                touched.iter().map(|b| b.div_euclid(SECTOR)).collect();
            prop_assert_eq!((q.bytes, q.sectors), (touched.len(), sectors.len()));
        }
        // a valid access of this width is a vector of at least this width
        prop_assert!(r.vector.bits >= c.access_bits, "{:?}", r.vector);
        Ok(true)
    });
    eprintln!("vector coalescing: {} cases, {} answered", c.ran, c.counted);
    assert!(c.counted >= ANSWERED, "{c:?}");
}

/// A plain or swizzled random layout.
fn maybe_swizzled() -> impl Strategy<Value = (Layout, Option<Swizzle>)> {
    (
        small_layout(),
        prop::option::weighted(0.4, (1i64..=3, 0i64..=4, 0i64..=3)),
    )
        .prop_map(|(l, sw)| (l, sw.map(|(b, m, s)| Swizzle::new(b, m, b + s))))
}

fn as_memory(l: Layout, sw: Option<Swizzle>) -> MaybeSwizzled {
    match sw {
        None => l.into(),
        Some(sw) => MaybeSwizzled::Swizzled(ComposedLayout::new(sw, Int::ZERO, l)),
    }
}

/// The predicates by their definitions, over random plain and swizzled layouts:
/// `image` is the sorted distinct offsets; `is_injective` iff `distinct_offsets == size`;
/// `is_bijective` iff `image == 0..size`; `is_surjective(l, n)` iff every `0..n` is
/// reached; `footprint` is `max - min + 1`; a swizzle (a bijection of offsets) keeps
/// injectivity; `coalesce` keeps the function wherever it answers.
#[test]
fn predicates_follow_their_definitions() {
    let c = run_counted(CASES, (maybe_swizzled(), 0i64..=40), |((l, sw), n)| {
        let m = as_memory(l, sw);
        let size = l.size().value();
        let offsets: Vec<i64> = (0..size as usize)
            .map(|i| sw.map_or(l.offset(i), |sw| sw.apply(l.offset(i))))
            .collect();
        let mut img = offsets.clone();
        img.sort_unstable();
        img.dedup();
        prop_assert_eq!(&analysis::image(&m).unwrap(), &img);
        let distinct = analysis::distinct_offsets(&m).unwrap();
        prop_assert_eq!(distinct, img.len());
        let injective = analysis::is_injective(&m).unwrap();
        prop_assert_eq!(injective, distinct as i64 == size);
        prop_assert_eq!(
            analysis::is_bijective(&m).unwrap(),
            img == (0..size).collect::<Vec<_>>()
        );
        prop_assert_eq!(
            analysis::is_surjective(&m, n).unwrap(),
            (0..n).all(|o| img.binary_search(&o).is_ok())
        );
        prop_assert_eq!(
            analysis::footprint(&m).unwrap(),
            img[img.len() - 1] - img[0] + 1
        );
        prop_assert!(analysis::functionally_equal(&m, &m).unwrap());
        if sw.is_some() {
            prop_assert_eq!(injective, analysis::is_injective(&l.into()).unwrap());
        }
        let coalesced = match m {
            MaybeSwizzled::Plain(p) => p.try_coalesce().ok().map(MaybeSwizzled::from),
            MaybeSwizzled::Swizzled(c) => c.try_coalesce().ok().map(MaybeSwizzled::Swizzled),
        };
        if let Some(k) = &coalesced {
            prop_assert!(analysis::functionally_equal(&m, k).unwrap(), "{:?}", k);
        }
        Ok(coalesced.is_some())
    });
    eprintln!("predicates: {} cases, {} coalesced", c.ran, c.counted);
    assert_eq!(c.ran, CASES as usize);
    assert!(c.counted >= ANSWERED, "{c:?}");
}

/// `functionally_equal` is offset-by-offset equality: a layout and another (half the time
/// its coalesced form, else a random layout) are equal iff their sizes and offsets agree.
#[test]
fn functional_equality_is_offset_equality() {
    let c = run_counted(
        CASES,
        (small_layout(), small_layout(), any::<bool>()),
        |(a, b, same)| {
            let b = if same {
                a.try_coalesce().unwrap_or(b)
            } else {
                b
            };
            let eq = analysis::functionally_equal(&a.into(), &b.into()).unwrap();
            let by_hand = a.size().value() == b.size().value()
                && (0..a.size().value() as usize).all(|i| a.offset(i) == b.offset(i));
            prop_assert_eq!(eq, by_hand);
            Ok(eq)
        },
    );
    eprintln!("functional equality: {} cases, {} equal", c.ran, c.counted);
    assert_eq!(c.ran, CASES as usize);
}

// ---------------------------------------------------------------------------------------
// 3. Bad input is a clear error, never a panic
// ---------------------------------------------------------------------------------------

/// The error's static message (`Error::message`), which must name what went wrong.
#[track_caller]
fn message<T: std::fmt::Debug>(r: Result<T, rcute::Error>) -> &'static str {
    r.expect_err("an error").message()
}

#[test]
fn unknown_element_sizes_are_refused() {
    let tv = l("(_32,_1):(_1,_0)");
    for bits in [0, 1, 4, 12, 24, 256] {
        assert_eq!(
            message(Access::try_vector(tv, bits, 128)),
            "access: the element size must be 8, 16, 32, 64 or 128 bits",
            "{bits}"
        );
        let m = Memory::try_new(&l("(_32,_8):(_8,_1)").into()).unwrap();
        assert_eq!(
            message(vector_width(&m, &l("(_32,_8):(_8,_1)"), bits)),
            "vector width: the element size must be 8, 16, 32, 64 or 128 bits",
            "{bits}"
        );
    }
}

#[test]
fn access_sizes_not_powers_of_two_are_refused() {
    let tv = l("(_32,_8):(_8,_1)");
    for (elem, access) in [
        (16, 0),
        (16, 48),
        (16, 96),
        (16, 8),
        (16, 256),
        (32, 16),
        (8, 24),
    ] {
        assert_eq!(
            message(Access::try_vector(tv, elem, access)),
            "access: the access size in bits must be a power of two from the element size to 128 (access bits, element bits)",
            "{elem} {access}"
        );
    }
    // a thread's values not a whole number of accesses
    assert_eq!(
        message(Access::try_vector(l("(_32,_4):(_4,_1)"), 16, 128)),
        "access: each thread's values must be a whole number of accesses (values per thread, values per access): use a narrower access, or give each thread a multiple of its values"
    );
    // not a (thread, value) layout
    assert_eq!(
        message(Access::try_vector(l("_32:_1"), 16, 16)),
        "access: the thread-value layout must have two modes, (thread, value) -> index of the tile, or -> (m, n) coordinate of the tile with strides _1@0, _1@1"
    );
    assert_eq!(
        message(Access::try_matrix(l("(_32,_8):(_8,_1)"), 3)),
        "access: ldmatrix and stmatrix move 1, 2 or 4 matrices"
    );
    assert_eq!(
        message(Access::try_matrix(l("(_16,_8):(_8,_1)"), 4)),
        "access: a matrix access needs 8 threads per matrix (threads, matrices)"
    );
}

#[test]
fn thread_value_pairs_outside_the_tile_are_refused() {
    let smem: MaybeSwizzled = l("(_8,_8):(_8,_1)").into();
    let outside = "access: a thread-value pair maps outside the memory layout (index, size): give a memory that covers the access's tile, fewer threads or values, or name the tile with in_tile";
    // index 64 of a 64-element tile
    let a = Access::try_vector(l("(_32,_3):(_1,_32)"), 32, 32).unwrap();
    assert_eq!(message(bank_conflicts(&smem, &a)), outside);
    assert_eq!(message(coalescing(&smem, &a)), outside);
    // a negative index
    let a = Access::try_vector(l("(_4,_1):(-1,_0)"), 32, 32).unwrap();
    assert_eq!(message(bank_conflicts(&smem, &a)), outside);
    // a tiled copy's tile larger than the memory it sits in
    let a = Access::try_vector(l("(_16,_1):(_1,_0)"), 32, 32)
        .unwrap()
        .in_tile(rcute::IntTuple::parse("(_16,_4)"));
    assert_eq!(message(bank_conflicts(&smem, &a)), outside);
    let m = Memory::try_new(&smem).unwrap();
    assert_eq!(
        message(vector_width(&m, &l("(_32,_3):(_1,_32)"), 32)),
        "vector width: a thread-value pair maps outside the memory layout (index, size)"
    );
}

#[test]
fn vectors_split_or_misaligned_are_refused() {
    let tile = l("(_32,_64):(_64,_1)");
    // 8 half_t per thread along a row, one 128-bit access each
    let rows = Access::try_vector(l("(_32,_8):(_1,_32)"), 16, 128).unwrap();
    assert!(bank_conflicts(&tile.into(), &rows).is_ok());
    // Sw<2,1,5> XORs the row's bits 0 and 1 (offset bits 6, 7) into offset bits 1, 2:
    // the 8-element vectors of rows 1, 2, 3 are split
    let split =
        MaybeSwizzled::Swizzled(ComposedLayout::new(Swizzle::new(2, 1, 5), Int::ZERO, tile));
    assert_eq!(
        message(bank_conflicts(&split, &rows)),
        "access: the values of one access are not at consecutive offsets (offset found, offset needed): make the value mode of TV step through the memory's contiguous mode, or use a narrower access"
    );
    // padded rows: consecutive, but every row but the first misaligned for 16 bytes
    let padded: MaybeSwizzled = l("(_32,_64):(_65,_1)").into();
    assert_eq!(
        message(bank_conflicts(&padded, &rows)),
        "access: an access is not aligned to its size (byte address, bytes): start the tile at a multiple of the access size, or use a narrower access"
    );
    // the swizzle search refuses an access the unswizzled layout cannot serve
    assert_eq!(
        message(swizzle_for(&l("(_32,_64):(_65,_1)"), &[rows])),
        "access: an access is not aligned to its size (byte address, bytes): start the tile at a multiple of the access size, or use a narrower access"
    );
}

#[test]
fn layouts_too_large_to_analyse_are_refused() {
    let big = l("(_2048,_1024):(_1024,_1)");
    assert!(big.size().value() as usize > MAX_ANALYSED);
    let too_many = "analysis: the memory layout has too many elements to analyse";
    assert_eq!(message(Memory::try_new(&big.into())), too_many);
    let a = Access::try_vector(l("(_32,_1):(_1,_0)"), 32, 32).unwrap();
    assert_eq!(message(bank_conflicts(&big.into(), &a)), too_many);
    assert_eq!(message(coalescing(&big.into(), &a)), too_many);
    assert_eq!(message(analysis::image(&big.into())), too_many);
    assert_eq!(message(analysis::is_bijective(&big.into())), too_many);
    assert_eq!(message(swizzle_for(&big, &[a])), too_many);
    assert_eq!(
        message(Access::try_vector(l("(_2048,_1024):(_1,_2048)"), 32, 32)),
        "access: too many (thread, value) pairs to analyse"
    );
    // offsets that overflow
    let wide = l("(_2,_2):(4611686018427387904,4611686018427387904)");
    assert!(Memory::try_new(&wide.into()).is_err());
}

#[test]
fn a_swizzle_search_needs_an_access() {
    assert_eq!(
        message(swizzle_for(&l("(_8,_64):(_64,_1)"), &[])),
        "swizzle search: give at least one access"
    );
}

/// Byte addresses that overflow: a memory layout whose offsets fit but whose byte
/// addresses (offset times the element's bytes) do not.
#[test]
fn byte_addresses_that_overflow_are_refused() {
    let far: MaybeSwizzled = l("_2:1152921504606846976").into(); // 2^60 elements apart
    let a = Access::try_vector(l("(_2,_1):(_1,_0)"), 128, 128).unwrap();
    let overflow =
        "access: the byte address of an element overflows (element offset, bits per element)";
    assert_eq!(message(bank_conflicts(&far, &a)), overflow);
    assert_eq!(message(coalescing(&far, &a)), overflow);
    let m = Memory::try_new(&far).unwrap();
    assert_eq!(
        message(vector_width(&m, &l("(_1,_2):(_0,_1)"), 128)),
        "vector width: the byte address of an element overflows (element offset, bits per element)"
    );
    // the swizzle search over such a layout: no panic, an error or an answer
    let _ = swizzle_for(&l("_2:1152921504606846976"), &[a]);
}

/// The widest vector of an access over a tile inside a larger buffer is computed on the
/// tile's own indices (as its sectors are): 8 half_t along each row of a 16x64 tile of a
/// 64x64 row-major buffer are 16 contiguous bytes.
#[test]
fn vector_width_of_an_access_over_a_tile() {
    use rcute::analysis::{Access, coalescing};
    use rcute::{int_tuple, layout};
    let tv = layout!(((_16,_8),_8):((_1,_128),_16));
    let a = Access::try_vector(tv, 16, 16)
        .unwrap()
        .in_tile(int_tuple!((_16, _64)));
    let r = coalescing(&layout!((_64,_64):(_64,_1)).into(), &a).unwrap();
    assert_eq!(r.vector.bits, 128, "{r}");
    // the same indices read over the buffer's own 64x64 shape are columns: no vector
    let plain = Access::try_vector(tv, 16, 16).unwrap();
    let r = coalescing(&layout!((_64,_64):(_64,_1)).into(), &plain).unwrap();
    assert_eq!(r.vector.bits, 16, "{r}");
}

/// The swizzle search costs each access by its own kind's model: 8-byte lanes sharing
/// addresses in pairs, the second half-warp one 128-byte row below the first. A load
/// serves both half-warps together (128 bytes, both rows in the same banks: a 2-way
/// conflict that a swizzle removes); a store serves them apart (conflict-free as it is); a
/// `cp.async` adds 3 counted wavefronts per instruction but is searched on its writes.
#[test]
fn the_swizzle_search_uses_each_access_kinds_model() {
    use analysis::AccessKind;
    let tile = Layout::parse("_64:_1");
    // thread t: floats 2 (t / 2) for t < 16, 32 + 2 ((t - 16) / 2) above
    let tv = Layout::parse("((_2,_8,_2),_2):((_0,_2,_32),_1)");
    let load = Access::try_vector(tv, 32, 64).unwrap();
    let store = load.with_kind(AccessKind::Store);
    let r = bank_conflicts(&tile.into(), &load).unwrap();
    assert_eq!((r.wavefronts(), r.ideal()), (2, 1));
    let r = bank_conflicts(&tile.into(), &store).unwrap();
    assert_eq!((r.wavefronts(), r.ideal()), (2, 2));
    let s = swizzle_for(&tile, &[load]).unwrap();
    assert!(!s.baseline.conflict_free());
    assert!(s.best.conflict_free() && s.best.swizzle.bits() > 0, "{s}");
    assert_eq!(s.best.total(), 1);
    let s = swizzle_for(&tile, &[store]).unwrap();
    assert!(s.baseline.conflict_free());
    assert_eq!(s.best.swizzle.bits(), 0);
    // a cp.async.cg: the counter shows 3 per instruction, the search weighs its writes
    let column = Access::try_vector(Layout::parse("(_32,_4):(_1,_32)"), 32, 128)
        .unwrap()
        .with_kind(AccessKind::CpAsync { cg: true });
    let rows = Layout::parse("(_32,_32):(_32,_1)");
    let r = bank_conflicts(&rows.into(), &column).unwrap();
    assert_eq!(
        (r.wavefronts(), r.counted(), r.counted_conflicts()),
        (32, 3, 0)
    );
    let s = swizzle_for(&rows, &[column]).unwrap();
    assert_eq!((s.baseline.total(), s.best.total()), (32, 4));
    assert!(s.best.conflict_free());
    // .ca: the writes plus 3, the bank-conflict counter the writes' conflicts
    let ca = column.with_kind(AccessKind::CpAsync { cg: false });
    let r = bank_conflicts(&rows.into(), &ca).unwrap();
    assert_eq!((r.counted(), r.counted_conflicts()), (35, 28));
}

/// The issue's 128-bit load whose lanes share 16-byte words in pairs: each quarter-warp
/// asks 64 bytes, a half-warp's two quarter-warps are served together (2 wavefronts, as
/// the H100 and H200 measured); the same addresses stored take 4; a load whose
/// quarter-warps share some addresses but not all is refused, saying what to change.
#[test]
fn loads_merge_phases_stores_do_not_and_partial_sharing_is_refused() {
    use analysis::AccessKind;
    let flat: MaybeSwizzled = l("_1024:_1").into();
    let pairs = Access::try_vector(l("((_2,_16),_4):((_0,_4),_1)"), 32, 128).unwrap();
    let r = bank_conflicts(&flat, &pairs).unwrap();
    assert_eq!(
        (r.wavefronts(), r.ideal(), r.instructions[0].phases),
        (2, 2, 2)
    );
    let r = bank_conflicts(&flat, &pairs.with_kind(AccessKind::Store)).unwrap();
    assert_eq!((r.wavefronts(), r.instructions[0].phases), (4, 4));
    // a broadcast: loads pair their phases, stores do not
    let one = Access::try_vector(l("(_32,_4):(_0,_1)"), 32, 128).unwrap();
    assert_eq!(bank_conflicts(&flat, &one).unwrap().wavefronts(), 2);
    let r = bank_conflicts(&flat, &one.with_kind(AccessKind::Store)).unwrap();
    assert_eq!(r.wavefronts(), 4);
    // quarter-warps asking the same 8 words (lane % 8) are served apart
    let same = Access::try_vector(l("((_8,_4),_4):((_4,_0),_1)"), 32, 128).unwrap();
    assert_eq!(bank_conflicts(&flat, &same).unwrap().wavefronts(), 4);
    // quarter 0 asks 16-byte units 0..3 in pairs, quarter 1 units 2..5: they share 2 of 4
    let partial = Access::try_vector(l("((_2,_4,_2,_2),_4):((_0,_4,_8,_64),_1)"), 32, 128).unwrap();
    let e = message(bank_conflicts(&flat, &partial));
    assert!(
        e.starts_with(
            "bank model: two quarter-warps of this load share some addresses but not all"
        ) && e.contains("give each quarter-warp its own addresses"),
        "{e}"
    );
    // as a store it is served, phase by phase
    assert!(bank_conflicts(&flat, &partial.with_kind(AccessKind::Store)).is_ok());
}
