//! One operand's plan: how `A` or `B` goes from global to swizzled shared memory (the
//! copies' thread-value layouts and widths, the TMA boxes) and into fragments (`ldmatrix`
//! rows, `wgmma` slices and descriptors), and the checks the kernel relies on.

use super::atoms::ldsm_lanes;
use super::request::{MmaType, Tiling, st, st2, strides, wrong};
use crate::codegen::CodegenError;
use crate::kernel::int_pair;
use rcute::analysis::tma::{TmaCopy, TmaError};
use rcute::analysis::{Memory, vector_width};
use rcute::atom::TiledCopy;
use rcute::{ComposedLayout, Int, IntTuple, Layout, Major, Swizzle, TileOrder, Tiler, layout};

/// CuTe's copy atom of `width` elements of `ty` per thread: for 16-bit elements
/// `cp.async.cg` of 16 bytes, `cp.async.ca` of 8 or 4 bytes, or a plain element copy; for
/// e4m3 only the 16-byte `cp.async.cg` (16 elements).
fn copy_atom_name(ty: MmaType, width: i64) -> Result<&'static str, CodegenError> {
    Ok(match (ty.bytes(), width) {
        (1, 16) => "Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, float_e4m3_t>",
        (2, 8) => "Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, half_t>",
        (2, 4) => "Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint64_t>, half_t>",
        (2, 2) => "Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint32_t>, half_t>",
        (2, 1) => "Copy_Atom<UniversalCopy<uint16_t>, half_t>",
        _ => {
            return Err(wrong(
                "gemm: a copy moves 1, 2, 4 or 8 16-bit elements, or 16 8-bit ones",
            ));
        }
    })
}

/// The tiled copy of threads `thr` each copying the values `val`, `width` elements at a time
/// (CuTe's `make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, half_t>, thr,
/// val)` for 16 bytes, [`copy_atom_name`] for the others): its thread-value layout `(T,V)`,
/// to column-major indices of its tile, and the tile's shape.
fn make_tv(
    ty: MmaType,
    width: i64,
    thr: &Layout,
    val: &Layout,
) -> Result<(Layout, IntTuple), CodegenError> {
    let atom = rcute::atom::copy_atom(copy_atom_name(ty, width)?)?;
    let copy = TiledCopy::try_new(atom, thr, val)?;
    Ok((*copy.layout_tv(), *copy.tiler()))
}

/// The widest copy of an operand of strides `(sr, sk)` (rows, K) and elements of `bytes`
/// bytes, in elements: 16 bytes, 8, 4 or one element, [`vector_width`] of a probe: `v`
/// elements (16 bytes' worth) of 8 rows of the operand at its origin, each of 8 threads
/// holding `v` neighbours along the contiguous mode (K for a K-major operand, the rows for
/// an M/N-major one). Every tile of a copy starts at a multiple of `v` along that mode, so
/// the probe's alignment is every copy's (the operand's base 16-byte aligned, as the
/// allocations are).
fn copy_width(sr: i64, sk: i64, mn_major: bool, bytes: i64) -> Result<i64, CodegenError> {
    let v = 16 / bytes;
    let (shape, tv) = if mn_major {
        (st2(v, 8), Layout::new(st2(8, v), st2(v, 1)))
    } else {
        (st2(8, v), Layout::new(st2(8, v), st2(1, 8)))
    };
    let window = Layout::new(
        shape,
        IntTuple::from_ints(&[Int::dynamic(sr), Int::dynamic(sk)]),
    );
    let memory = Memory::try_new(&window.into())?;
    let bits = 8 * bytes as u32;
    Ok(i64::from(vector_width(&memory, &tv, bits)?.bits / bits))
}

/// How one operand (`rows x K`) goes from global to shared memory and into fragments.
#[derive(Clone, Debug)]
pub struct OperandPlan {
    /// Rows of the block's tile (`BM` or `BN`).
    pub rows: i64,
    /// `(rows, BK, STAGES)` to swizzled shared offsets; the stages are the last mode.
    pub smem: ComposedLayout,
    /// The shared tile of one stage, `(rows, BK)`.
    pub tile: ComposedLayout,
    /// Copy: `(T, E, P)` to column-major indices of the `(rows, BK)` tile; `E` the
    /// [`OperandPlan::width`] contiguous elements of one copy, `P` the passes.
    pub copy: Layout,
    /// `ldmatrix` rows: `(lane, block, kk, warp)` to the column-major index of the
    /// `(rows, BK)` tile where the lane's row starts; `block` counts the warp's `16 x 16`
    /// blocks along the rows, `kk` the blocks along `BK`, `warp` the warp's position along
    /// the rows (`wm` for `A`, `wn` for `B`).
    pub frag: Layout,
    /// TMA boxes: `(i, part)`, box `i` of [`OperandPlan::parts`]' part `part`, to the
    /// column-major index of the `(rows, BK)` tile where it starts, read off
    /// [`OperandPlan::tma`]'s instructions (`(_1,_1):(_0,_0)` when there is one box or no
    /// tensor map): one `(rows / parts, 64)` box a part K-major, `64 x 64` boxes down the
    /// rows M/N-major.
    pub boxes: Layout,
    /// The tile's rows are loaded in this many parts of `rows / parts`, each by a block of
    /// the cluster and multicast to all of them ([`Tiling::cluster`] for `B`; 1
    /// otherwise).
    pub parts: i64,
    /// The TMA copy of one part of one stage's tile from the whole operand
    /// ([`TmaCopy::try_new`] of the operand and the first `rows / parts` rows of
    /// [`OperandPlan::tile`], 16-bit elements): the tensor map and the boxes, proved, or
    /// why no tensor map moves it.
    pub tma: Result<TmaCopy, TmaError>,
    /// `wgmma` operand slices: `(block, kk)` to the column-major index of the `(rows, BK)`
    /// tile where the `64 x 16` slice starts (`block` counts 64 rows).
    pub slices: Layout,
    /// The operand's rows are contiguous (M- or N-major) rather than its K; its fragments
    /// are read with `ldmatrix.trans` (or `wgmma` transposes it).
    pub mn_major: bool,
    /// 16-byte copies are possible (unit stride along the contiguous mode, the other
    /// stride divisible by 8): [`OperandPlan::width`] is 8.
    pub vector: bool,
    /// Elements per copy: 8 (16-byte `cp.async.cg`), 4 (8-byte `cp.async.ca`, the other
    /// stride divisible by 4), 2 (4-byte `cp.async.ca`, divisible by 2) or 1 (element
    /// loads), the widest the operand's layout allows; 16 (16 bytes) for e4m3, whose
    /// operands must allow it.
    pub width: i64,
    /// Bytes of one element: 2, or 1 for e4m3 ([`MmaType::bytes`]).
    pub elem_bytes: i64,
}

impl OperandPlan {
    /// The fixed fields of an operand's `wgmma` matrix descriptor (PTX ISA, "Matrix Descriptor
    /// Format"; the start address is added per slice): 128-byte swizzle (type 1, bits 62-63)
    /// of 16-bit or 8-bit elements ([`MmaType::swizzle`]),
    /// and the byte offsets, in 16-byte units, read off the unswizzled shared layout. K-major:
    /// the stride byte offset (bits 32-45) is the step between groups of 8 rows, the leading
    /// one (bits 16-29) is unused (1). M/N-major: the leading offset is the step between
    /// 64-element blocks of rows (unused, 1, when there is one block), the stride offset the
    /// step between groups of 8 `k`.
    ///
    /// # Errors
    /// The tile is not the 128-byte swizzle of its elements, or an offset does not fit
    /// the descriptor's 14 bits.
    pub fn descriptor(&self) -> Result<u64, CodegenError> {
        if Swizzle::new(3, 4, 3).try_upcast(self.elem_bytes).ok() != Some(self.tile.swizzle()) {
            return Err(wrong(
                "gemm: wgmma needs the 128-byte swizzle of the elements, Sw<3,3,3> for 16-bit ones, Sw<3,4,3> for 8-bit ones",
            ));
        }
        let l = self.tile.layout();
        let bytes = |r: i64, k: i64| -> Result<u64, CodegenError> {
            let off = l.try_crd2idx(&st2(r, k))?.value() * self.elem_bytes;
            if off <= 0 || off % 16 != 0 || off >> 4 >= 1 << 14 {
                return Err(wrong("gemm: a wgmma descriptor offset does not fit"));
            }
            Ok((off >> 4) as u64)
        };
        let (lbo, sbo) = if self.mn_major {
            (if self.rows > 64 { bytes(64, 0)? } else { 1 }, bytes(0, 8)?)
        } else {
            (1, bytes(8, 0)?)
        };
        Ok((1u64 << 62) | (sbo << 32) | (lbo << 16))
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        ty: MmaType,
        g: &Layout,
        rows: i64,
        parts: i64,
        t: &Tiling,
        threads: i64,
        per_warp: i64,
        atom_tv: &Layout,
    ) -> Result<OperandPlan, CodegenError> {
        let (sr, sk) = strides(g)?;
        let mn_major = sk != 1 && sr == 1;
        let eb = ty.bytes();
        if eb == 1 && sk != 1 {
            return Err(wrong(
                "gemm: e4m3 operands must be K-major (wgmma reads 8-bit operands K-major only)",
            ));
        }
        let width = copy_width(sr, sk, mn_major, eb)?;
        // elements of 16 bytes, the widest copy
        let per16 = 16 / eb;
        let vector = width == per16;
        if eb == 1 && !vector {
            return Err(wrong(
                "gemm: e4m3 operands load by TMA only: their rows must be 16-byte aligned (the copying producer and element loads take 16-bit elements only)",
            ));
        }
        let sw = ty.swizzle();
        let row = ty.row_elements();
        // the threads go along the contiguous mode first, `group` elements each, as far as
        // the tile (or the threads) reach, then along the other mode; element loads keep
        // the 16-byte copy's groups of 8 (each thread loads its 8 neighbours in turn:
        // measured on the H100, consecutive threads on consecutive elements made the
        // K-major mma.sync GEMM at 1000x777x999 slower, 0.47 -> 0.29 of cuBLAS)
        let group = if width == 1 { per16 } else { width };
        let (atom, thr, val) = if mn_major {
            let along = (rows / group).min(threads);
            (
                layout!((_64, _8):(_1, _64)),
                Layout::new(st2(along, threads / along), st2(1, along)),
                Layout::new(st2(group, 1), st2(1, 0)),
            )
        } else {
            let along = (t.bk / group).min(threads);
            (
                Layout::new(st2(8, row), st2(row, 1)),
                Layout::new(st2(threads / along, along), st2(along, 1)),
                Layout::new(st2(1, group), st2(0, 1)),
            )
        };
        // M/N-major: the atoms along K first, then the 64-row blocks, so that a 64 x 64
        // block is one TMA box
        let order = if mn_major {
            TileOrder::Order(st2(2, 1))
        } else {
            TileOrder::Major(Major::Left)
        };
        let tile =
            ComposedLayout::new(sw, Int::ZERO, atom).try_tile_to_shape(&st2(rows, t.bk), &order)?;
        let stage = tile.layout().try_cosize()?;
        let stages = Layout::new(
            IntTuple::from_ints(&[st(t.stages)]),
            IntTuple::from_ints(&[stage]),
        );
        let smem = tile.with_layout(tile.layout().try_append(&stages)?);
        // one pass of the threads covers thr * val; the passes tile the whole (rows, BK)
        let (tv, pass) = make_tv(ty, width, &thr, &val)?;
        let (pr, pk) = int_pair(&pass).ok_or(wrong("gemm: a copy's tile is not 2-D"))?;
        if thr.size().value() != threads || rows % pr.value() != 0 || t.bk % pk.value() != 0 {
            return Err(wrong(
                "gemm: the threads' copies do not tile the operand's (rows, BK) tile",
            ));
        }
        let tile_index = Layout::from_shape(st2(rows, t.bk));
        let tiles = tile_index.try_zipped_divide(&Tiler::try_from_shape(&pass)?)?;
        let one = tiles.try_mode(0)?.try_composition(&tv)?;
        let copy = Layout::concat(&[one.try_mode(0)?, one.try_mode(1)?, tiles.try_mode(1)?]);
        let frag = ldsm_frags(rows, t.bk, per_warp, atom_tv, mn_major)?;
        // TMA: the analysis picks the boxes of a part, the first rows / parts rows (one
        // (rows / parts, 64) box K-major, 64 x 64 boxes down the rows M/N-major, where the
        // 128-byte span stops a box); the other parts start rows / parts rows further
        if parts < 1 || rows % parts != 0 {
            return Err(wrong(
                "gemm: a tile's rows do not split into the cluster's parts",
            ));
        }
        let part_rows = rows / parts;
        let part_index = Layout::new(st2(part_rows, t.bk), st2(1, rows));
        let part = tile.with_layout(tile.layout().try_composition(&part_index)?);
        let tma = TmaCopy::try_new(g, &rcute::MaybeSwizzled::Swizzled(part), 8 * eb, None);
        let boxes = Layout::try_concat(&[
            match &tma {
                Ok(c) => part_index.try_composition(&boxes_of(c, part_rows)?)?,
                Err(_) => layout!(_1:_0),
            },
            Layout::new(
                IntTuple::from_ints(&[st(parts)]),
                IntTuple::from_ints(&[st(part_rows)]),
            ),
        ])?;
        let slices = tile_index
            .try_zipped_divide(&Tiler::try_from_shape(&st2(64, ty.gmma_types().k()))?)?
            .try_mode(1)?;
        Ok(OperandPlan {
            rows,
            frag,
            slices,
            boxes,
            parts,
            tma,
            smem,
            tile,
            copy,
            mn_major,
            vector,
            width,
            elem_bytes: eb,
        })
    }
}

/// A warp's `ldmatrix` rows for one operand: `(lane, block, kk, warp_along)` to column-major
/// indices of the `(rows, BK)` tile, the blocks `16 x 16`.
fn ldsm_frags(
    rows: i64,
    bk: i64,
    per_warp: i64,
    atom_tv: &Layout,
    trans: bool,
) -> Result<Layout, CodegenError> {
    let tile = Layout::from_shape(st2(rows, bk));
    let blocks = tile.try_zipped_divide(&Tiler::try_from_shape(&st2(16, 16))?)?;
    let lane = blocks
        .try_mode(0)?
        .try_composition(&atom_tv.try_composition(&ldsm_lanes(trans))?)?;
    let grid = blocks
        .try_mode(1)?
        .try_zipped_divide(&Tiler::try_from_shape(&st2(per_warp, bk / 16))?)?;
    Ok(Layout::try_concat(&[
        lane,
        grid.try_mode_path(&[0, 0])?,
        grid.try_mode_path(&[0, 1])?,
        grid.try_mode_path(&[1, 0])?,
    ])?)
}

/// The TMA boxes of a copy as a layout: instruction `i` (dimension 0 fastest) to the
/// column-major index of the `(rows, BK)` tile where its box starts; `_1:_0` for one box.
fn boxes_of(c: &TmaCopy, rows: i64) -> Result<Layout, CodegenError> {
    if c.instructions().len() == 1 {
        return Ok(layout!(_1:_0));
    }
    let (mut shape, mut stride) = (Vec::new(), Vec::new());
    for (d, (&n, &m)) in c.instruction_counts().iter().zip(c.modes()).enumerate() {
        if n > 1 {
            shape.push(st(n));
            stride.push(st(c.box_dim()[d] as i64 * if m == 0 { 1 } else { rows }));
        }
    }
    Ok(Layout::try_new(
        IntTuple::try_from_ints(&shape)?,
        IntTuple::try_from_ints(&stride)?,
    )?)
}

/// Every copy of `width` elements lands on `width` contiguous shared elements aligned to
/// its size (element loads: each group of 8 on 8, stored as one 16-byte word).
pub(super) fn check_vectors(op: &OperandPlan) -> Result<(), CodegenError> {
    // element loads store their groups of 8 as one 16-byte word
    let width = if op.width == 1 {
        16 / op.elem_bytes
    } else {
        op.width
    };
    let copy = op.copy;
    let (tn, en, pn) = (
        copy.mode(0).size().value(),
        copy.mode(1).size().value(),
        copy.mode(2).size().value(),
    );
    for tt in 0..tn as usize {
        for p in 0..pn as usize {
            let at = |e: usize| {
                let idx = copy.offset_of(&[tt, e, p]);
                op.tile.offset(idx as usize)
            };
            let base = at(0);
            if en != width
                || base % width != 0
                || (0..en as usize).any(|e| at(e) != base + e as i64)
            {
                return Err(wrong(
                    "gemm: a copy is not `width` contiguous aligned elements of the shared tile",
                ));
            }
        }
    }
    Ok(())
}

/// The swizzle of a stage's offsets does not depend on the stage: stage `s` is the first
/// stage's layout moved by `s` times its size.
pub(super) fn check_stages(op: &OperandPlan) -> Result<(), CodegenError> {
    let size = op.tile.layout().size().value() as usize;
    let stages = op.smem.layout().mode(2);
    let stride = stages.stride().leaf(0).value();
    for s in 0..stages.size().value() as usize {
        for i in 0..size {
            if op.smem.offset(i + s * size) != op.tile.offset(i) + s as i64 * stride {
                return Err(wrong("gemm: the swizzle moves offsets across stages"));
            }
        }
    }
    Ok(())
}
