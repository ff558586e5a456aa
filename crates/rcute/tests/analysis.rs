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
