//! The GEMM's plan: the layouts its indexing is generated from (shared-memory tiles,
//! copies, fragments, TMA boxes, accumulators), composed and checked on the host; each
//! operand's part is [`OperandPlan`] (`operand.rs`).

pub use super::operand::OperandPlan;

use super::atoms::{mma_a_tv, mma_b_pair_tv, mma_c_tv, wgmma_c_tv};
use super::operand::{check_stages, check_vectors};
use super::request::{Gemm, Instr, Tiling, extents, split_range, st, st2, strides, wrong};
use crate::codegen::CodegenError;
use rcute::analysis::tma::TmaCopy;
use rcute::{ComposedLayout, Int, IntTuple, Layout, Swizzle, Tiler, layout};

/// Everything the kernel's indexing is generated from, for one [`Gemm`].
#[derive(Clone, Debug)]
pub struct GemmPlan {
    /// The instruction.
    pub instr: Instr,
    /// The operands are loaded by the Tensor Memory Accelerator (`wgmma` with both
    /// operands' strides multiples of 16 bytes); otherwise by `cp.async`.
    pub tma: bool,
    /// The block and warp shape.
    pub tiling: Tiling,
    /// Operand `A`, rows `BM`, its fragments of [`mma_a_tv`].
    pub a: OperandPlan,
    /// Operand `B`, rows `BN`, its fragments of [`mma_b_pair_tv`].
    pub b: OperandPlan,
    /// The accumulators, to the column-major index of the `(BM, BN)` tile. For
    /// [`Instr::MmaSync`]: `(lane, e, h, i, q, jp, warp)`, the value `e + 2h` of
    /// [`mma_c_tv`] in the MMA of row block `i` and column block `q + 2 jp` of warp `warp`
    /// (`wm + WM * wn`). For [`Instr::Wgmma`]: `(thread, e, h, j, warpgroup)`, the value
    /// `e + 2h + 4j` of [`wgmma_c_tv`].
    pub c_frag: Layout,
    /// The [specialized](GemmPlan::specialized) kernel's epilogue through shared memory
    /// and TMA stores, where `C`'s rows are contiguous (each accumulator pair is a 4-byte
    /// word of the buffer), its layout allows a tensor map and the staging buffers fit;
    /// otherwise the accumulators are stored to global memory directly.
    pub c_store: Option<CStore>,
    /// Split-K ([`Tiling::splits`] > 1), or `None`.
    pub split: Option<SplitPlan>,
}

/// Split-K in a [specialized](GemmPlan::specialized) kernel: the persistent blocks walk
/// `(split, tile)` units, each multiplying one range of `K`'s k-tiles; every unit stores its
/// partial sums to a workspace and the last of a tile's units to finish (a per-tile counter)
/// adds the tile's partials in split order and stores the tile.
#[derive(Clone, Debug)]
pub struct SplitPlan {
    /// The ranges the `KT` k-tiles are cut into ([`Tiling::splits`]).
    pub splits: i64,
    /// k-tiles per range, `ceil(KT / splits)`; the last range has what is left, at least
    /// one k-tile (a tiling that would leave a range empty is refused).
    pub per_split: i64,
    /// The first k-tile of each range: `splits:per_split`.
    pub first: Layout,
    /// A warpgroup's partial sums in the workspace: `(thread, e, h, j, warpgroup)`, the
    /// modes of [`GemmPlan::c_frag`], to `f32` offsets in a unit's `BM x BN` slot, in the
    /// registers' order (CuTe's `make_ordered_layout` of the accumulators' shape): the four
    /// values `(e, h)` of one `j` contiguous (one 16-byte store), then the threads (a
    /// warpgroup's stores of one `j` are 2 KiB contiguous), then `j` and the warpgroups.
    /// The unit that adds the partials holds its accumulators in the same registers, so it
    /// reads them back through the same layout.
    pub partial: Layout,
}

/// How a [specialized](GemmPlan::specialized) kernel stores `C`: each consumer warpgroup
/// writes its `64 x BN` accumulators in chunks of `64 x 64` into one of its two swizzled
/// shared buffers, and one thread stores the chunk with a TMA copy, which clips it at
/// `C`'s edges; the warpgroup fills the other buffer meanwhile.
#[derive(Clone, Debug)]
pub struct CStore {
    /// A chunk in shared memory: `(64, 64)` (rows, columns of `C`) to swizzled offsets,
    /// contiguous along `C`'s contiguous mode, 128-byte rows with the 128-byte swizzle.
    pub chunk: ComposedLayout,
    /// The TMA copy of a chunk to `C` ([`TmaCopy::try_new`] of `C` and the chunk).
    pub tma: TmaCopy,
    /// The chunks of a warpgroup's `64 x BN`: `(warpgroup, q)` to the column-major index of
    /// the `(BM, BN)` tile where chunk `q` of warpgroup `warpgroup` starts.
    pub origins: Layout,
    /// The accumulator pairs of one chunk: `(thread, h, jj)` to the chunk's shared offset
    /// of the pair `e = 0, 1` of value `2h + 4(8q + jj)` (the same for every chunk `q` and
    /// warpgroup); each pair is two neighbours in a 4-byte word.
    pub pairs: ComposedLayout,
    /// Bytes of the staging buffers, two chunks a consumer warpgroup.
    pub bytes: i64,
    /// The first value of each accumulator pair of a chunk: `(thread, h, jj)` to the
    /// column-major index of the `(BM, BN)` tile, in the first chunk of the first
    /// warpgroup (add [`CStore::origins`] for the others): the columns a fused epilogue's
    /// bias is read at.
    pub first: Layout,
}

/// The producer threads of a specialized kernel: one warpgroup, also where it copies.
/// (Measured on the H100 at 1000 x 777 x 999: two copying warpgroups, their registers cut
/// to 64 so that the consumers keep theirs, were slower, 0.71 -> 0.46 of cuBLAS with `A`
/// and `B` K-major; and 512 threads leave too few registers at launch for a `64 x 256`
/// warpgroup's `wgmma`.)
const PRODUCERS: i64 = 128;

/// Elements of a `C` chunk's side in the specialized kernel's epilogue.
const CHUNK: i64 = 64;

impl GemmPlan {
    /// Bytes of one pipeline stage: a `BM x BK` tile of `A` and a `BN x BK` tile of `B`
    /// (what a stage's TMA loads bring in).
    pub fn stage_bytes(&self) -> i64 {
        let t = self.tiling;
        self.a.elem_bytes * (t.bm + t.bn) * t.bk
    }

    /// The kernel is the warp-specialized persistent one ([`Tiling::specialized`], on
    /// `wgmma`). Its producer warpgroup issues TMA loads (one thread) where the operands'
    /// rows are 16-byte aligned ([`GemmPlan::tma`]); otherwise all its threads copy, with
    /// `cp.async` or element by element, and arrive on the stage's barrier.
    pub fn specialized(&self) -> bool {
        self.instr == Instr::Wgmma && self.tiling.specialized
    }

    /// Blocks per cluster: [`Tiling::cluster`] for a [specialized](GemmPlan::specialized)
    /// kernel on TMA loads (the multicast needs them), 1 otherwise.
    pub fn cluster(&self) -> i64 {
        if self.specialized() && self.tma {
            self.tiling.cluster
        } else {
            1
        }
    }

    /// Threads per block: [`Tiling::threads`], and the producer warpgroups of a
    /// [specialized](GemmPlan::specialized) kernel.
    pub fn threads(&self) -> i64 {
        self.tiling.threads(self.instr) + self.producers()
    }

    /// The producer threads of a [specialized](GemmPlan::specialized) kernel: one
    /// warpgroup, whose one thread issues the TMA loads or whose threads all copy; 0 for
    /// the other kernels.
    pub fn producers(&self) -> i64 {
        if self.specialized() { PRODUCERS } else { 0 }
    }

    /// The threads that run the copies of [`OperandPlan::copy`]: a specialized kernel's
    /// producers, every thread of the others.
    pub fn copiers(&self) -> i64 {
        if self.specialized() {
            PRODUCERS
        } else {
            self.threads()
        }
    }

    /// The registers per thread a [specialized](GemmPlan::specialized) kernel's warpgroups
    /// ask for with `setmaxnreg`, `(producers, consumers)`: the TMA producer gives its
    /// back, down to 40 (one thread issues the loads), and the consumers take their share
    /// of the rest of the SM's 64 Ki (a multiple of 8, at most 232). `(None, None)` when
    /// that share is no more than the launch gives every thread (`64 Ki / threads`), and
    /// for copying producers, which keep theirs for their loads in flight.
    pub fn registers(&self) -> (Option<i64>, Option<i64>) {
        const FILE: i64 = 65536;
        if !self.tma {
            return (None, None);
        }
        let producer = 40;
        let consumers = self.tiling.threads(self.instr);
        let share = ((FILE - self.producers() * producer) / consumers / 8 * 8).min(232);
        let at_launch = FILE / self.threads() / 8 * 8;
        if share > at_launch && producer < at_launch {
            (Some(producer), Some(share))
        } else {
            (None, None)
        }
    }
}

impl GemmPlan {
    /// The layouts the kernel is generated from, checked: every copy of
    /// [`OperandPlan::width`] elements lands on as many contiguous aligned shared elements, and the swizzle of a stage does not depend on the
    /// stage.
    ///
    /// # Errors
    /// As [`Gemm::kernel`].
    pub(crate) fn new(g: &Gemm) -> Result<GemmPlan, CodegenError> {
        let t = g.tiling;
        let (m, k) = extents(&g.a)?;
        let (n, kb) = extents(&g.b)?;
        let (mc, nc) = extents(&g.c)?;
        let groups = g.groups.unwrap_or(1);
        if groups < 1
            || kb.value() != k.value()
            || mc.value() != m.value()
            || nc.value() * groups != n.value()
        {
            return Err(wrong(
                "gemm: A (M,K), B (N,K) (a grouped GEMM's (G N, K)) and C (M,N) disagree on M, N or K",
            ));
        }
        if g.groups.is_some()
            && !(g.instr == Instr::Wgmma && t.specialized && t.cluster == 1 && t.splits == 1)
        {
            return Err(wrong(
                "gemm: a grouped GEMM runs on the specialized wgmma kernel without clusters or split-K",
            ));
        }
        let wgmma = g.instr == Instr::Wgmma;
        if g.epilogue.output.is_some_and(|o| o.bytes() != 2) {
            return Err(wrong("gemm: C is 16-bit, f16 or bf16"));
        }
        if !wgmma && !g.epilogue.is_plain() {
            return Err(wrong(
                "gemm: a fused epilogue runs in the specialized wgmma kernel only",
            ));
        }
        if !wgmma && g.ty.bytes() != 2 {
            return Err(wrong(
                "gemm: e4m3 runs on wgmma only (the mma.sync kernel is built on m16n8k16)",
            ));
        }
        let threads = t.threads(g.instr);
        let (mi, ni) = check_tiling(g)?;
        let (a_per_warp, b_per_warp) = if wgmma {
            (t.bm / 16, t.bn / 16)
        } else {
            (mi, ni / 2)
        };
        // the blocks of a cluster (along M) share B's tile: each loads a part
        let parts = if wgmma && t.specialized { t.cluster } else { 1 };
        if !(1..=2).contains(&t.cluster) {
            return Err(wrong("gemm: a cluster has 1 or 2 blocks"));
        }
        // the specialized kernel's copies (where the operands do not load by TMA) are its
        // producer warpgroup's
        let copiers = if wgmma && t.specialized {
            PRODUCERS
        } else {
            threads
        };
        let a = OperandPlan::new(g.ty, &g.a, t.bm, 1, &t, copiers, a_per_warp, &mma_a_tv())?;
        let b = OperandPlan::new(
            g.ty,
            &g.b,
            t.bn,
            parts,
            &t,
            copiers,
            b_per_warp,
            &mma_b_pair_tv(),
        )?;
        for op in [&a, &b] {
            check_vectors(op)?;
            check_stages(op)?;
        }
        let bytes =
            g.ty.bytes() * (a.smem.layout().cosize().value() + b.smem.layout().cosize().value());
        // and two mbarriers of 8 bytes a stage at most
        if bytes + 16 * t.stages > 227 * 1024 {
            return Err(wrong(
                "gemm: the stages need more than the 227 KiB of shared memory a block can have",
            ));
        }
        if wgmma {
            // (thread, e, h, j, warpgroup): the value e + 2h + 4j of a warpgroup's 64 x BN
            let blocks = Layout::from_shape(st2(t.bm, t.bn))
                .try_zipped_divide(&Tiler::try_from_shape(&st2(64, t.bn))?)?;
            let val = blocks.try_mode(0)?.try_composition(&wgmma_c_tv(t.bn)?)?;
            let c_frag = Layout::try_concat(&[
                val.try_mode(0)?,
                val.try_mode_path(&[1, 0])?,
                val.try_mode_path(&[1, 1])?,
                val.try_mode_path(&[1, 2])?,
                blocks.try_mode_path(&[1, 0])?,
            ])?;
            // 16-byte rows load by TMA: its tensor maps must exist, or the reason is the error
            let tma = a.vector && b.vector;
            if tma {
                for op in [&a, &b] {
                    if let Err(e) = &op.tma {
                        return Err((*e).into());
                    }
                }
            }
            if g.groups.is_some() && !tma {
                return Err(wrong(
                    "gemm: a grouped GEMM loads its operands by TMA (rows 16-byte aligned)",
                ));
            }
            let c_store = if t.specialized {
                c_store(g, &c_frag, bytes + 16 * t.stages)?
            } else {
                None
            };
            if !g.epilogue.is_plain() && c_store.is_none() {
                return Err(wrong(
                    "gemm: a fused epilogue runs in the specialized wgmma kernel's epilogue through shared memory (C row- or column-major with 16-byte rows)",
                ));
            }
            let split = split_plan(g, Some(&c_frag), k.value())?;
            return Ok(GemmPlan {
                instr: g.instr,
                tma,
                tiling: t,
                a,
                b,
                c_frag,
                c_store,
                split,
            });
        }
        // the accumulators' coordinates: (lane, e, h, i, q, jp, warp, block m, block n), where
        // the MMA value (e,h) is e + 2h and the n8 atom j is q + 2 jp
        let cblocks = Layout::from_shape(st2(t.bm, t.bn))
            .try_zipped_divide(&Tiler::try_from_shape(&st2(16, 8))?)?;
        let cval = cblocks.try_mode(0)?.try_composition(&mma_c_tv())?;
        let cgrid = cblocks
            .try_mode(1)?
            .try_zipped_divide(&Tiler::try_from_shape(&st2(mi, ni))?)?;
        let nsplit = cgrid
            .try_mode_path(&[0, 1])?
            .try_zipped_divide(&Tiler::try_from_shape(&IntTuple::from_ints(&[st(2)]))?)?;
        let c_frag = Layout::try_concat(&[
            cval.try_mode(0)?,
            cval.try_mode_path(&[1, 0])?,
            cval.try_mode_path(&[1, 1])?,
            cgrid.try_mode_path(&[0, 0])?,
            nsplit.try_mode(0)?,
            nsplit.try_mode(1)?,
            cgrid.try_mode(1)?,
        ])?;
        split_plan(g, None, k.value())?;
        Ok(GemmPlan {
            instr: g.instr,
            tma: false,
            tiling: t,
            a,
            b,
            c_frag,
            c_store: None,
            split: None,
        })
    }
}

/// Split-K's plan for [`Tiling::splits`] > 1, given the `wgmma` accumulators (`None`
/// for `mma.sync`), and `k` the problem's `K`; `None` for one split.
///
/// # Errors
/// No split (0 or fewer), split-K on a kernel that is not the specialized `wgmma` one,
/// or a range of `ceil(KT / splits)` k-tiles that would be empty.
fn split_plan(
    g: &Gemm,
    c_frag: Option<&Layout>,
    k: i64,
) -> Result<Option<SplitPlan>, CodegenError> {
    let t = g.tiling;
    if t.splits < 1 {
        return Err(wrong("gemm: split-K needs at least one split"));
    }
    if t.splits == 1 {
        return Ok(None);
    }
    let Some(c_frag) = c_frag.filter(|_| t.specialized) else {
        return Err(wrong(
            "gemm: split-K needs the specialized (persistent) wgmma kernel",
        ));
    };
    let Some(per_split) = split_range(t.k_tiles(k), t.splits) else {
        return Err(wrong(
            "gemm: split-K would leave a split without k-tiles (splits of ceil(KT / splits) k-tiles must each start before KT)",
        ));
    };
    let shape: Vec<Int> = (0..c_frag.rank())
        .map(|i| st(c_frag.mode(i).size().value()))
        .collect();
    let order = IntTuple::from_ints(&[st(2), st(0), st(1), st(3), st(4)]);
    let partial = Layout::try_ordered(IntTuple::try_from_ints(&shape)?, order)?;
    Ok(Some(SplitPlan {
        splits: t.splits,
        per_split,
        first: Layout::new(
            IntTuple::from_ints(&[st(t.splits)]),
            IntTuple::from_ints(&[st(per_split)]),
        ),
        partial,
    }))
}

/// The tiling's shape is one the kernels are built for; `(mi, ni)`: the MMA atoms of a
/// warp along M and N (`mma.sync`), or `(BM / 16, 2)` for `wgmma`.
fn check_tiling(g: &Gemm) -> Result<(i64, i64), CodegenError> {
    let t = g.tiling;
    let (wm_n, wn_n) = (t.warps_m, t.warps_n);
    let wgmma = g.instr == Instr::Wgmma;
    let threads = t.threads(g.instr);
    let (mi, ni) = if wgmma {
        (t.bm / 16, 2)
    } else {
        (t.bm / wm_n.max(1) / 16, t.bn / wn_n.max(1) / 8)
    };
    let shape_ok = if wgmma {
        wn_n == 1 && (1..=4).contains(&wm_n) && t.bm == 64 * wm_n && t.bn <= 256 && t.stages >= 3
    } else {
        wm_n >= 1
            && wn_n >= 1
            && mi >= 1
            && ni >= 2
            && ni % 2 == 0
            && t.bm == mi * 16 * wm_n
            && t.bn == ni * 8 * wn_n
            && t.stages >= 2
    };
    // 16 bytes' elements: the widest copy
    let per16 = 16 / g.ty.bytes();
    let ok = shape_ok
        && t.bk == g.ty.row_elements()
        && t.bm % 64 == 0
        && t.bn % 64 == 0
        && (t.bm * t.bk / per16) % threads == 0
        && (t.bn * t.bk / per16) % threads == 0
        && threads * 8 % t.bm == 0
        && threads * 8 % t.bn == 0;
    if !ok {
        return Err(wrong(if wgmma {
            "gemm: the wgmma tiling must have BK = one 128-byte row (64 16-bit elements, 128 e4m3), BM = 64 x warpgroups (1 to 4, warps_n = 1), BN a multiple of 64 up to 256, and at least 3 stages"
        } else {
            "gemm: the tiling must have BK = 64, BM and BN multiples of 64 split into 16 x 16 warp blocks, and at least 2 stages"
        }));
    }
    Ok((mi, ni))
}

/// The epilogue through shared memory of the specialized kernel, when `C` has a tensor
/// map for its chunks and the buffers fit beside the `used` bytes; `None` otherwise.
fn c_store(g: &Gemm, c_frag: &Layout, used: i64) -> Result<Option<CStore>, CodegenError> {
    let t = g.tiling;
    let bytes = t.warps_m * 2 * CHUNK * CHUNK * 2;
    let (scm, scn) = strides(&g.c)?;
    let rows = if scn == 1 {
        Layout::new(st2(CHUNK, CHUNK), st2(CHUNK, 1))
    } else if scm == 1 {
        Layout::new(st2(CHUNK, CHUNK), st2(1, CHUNK))
    } else {
        return Ok(None);
    };
    if used + bytes > 227 * 1024 || t.bn % CHUNK != 0 {
        return Ok(None);
    }
    let chunk = ComposedLayout::new(Swizzle::new(3, 3, 3), Int::ZERO, rows);
    let Ok(tma) = TmaCopy::try_new(&g.c, &rcute::MaybeSwizzled::Swizzled(chunk), 16, None) else {
        return Ok(None);
    };
    if tma.instructions().len() != 1 || tma.rank() != 2 {
        return Ok(None);
    }
    let origins = Layout::new(st2(t.warps_m, t.bn / CHUNK), st2(CHUNK, CHUNK * t.bm));
    // the pairs' first values: thread, e = 0, h, the first 8 values j (64 columns),
    // warpgroup 0, to (BM, BN) column-major indices inside the first chunk, then to
    // the chunk's offsets
    let first = Layout::try_concat(&[
        c_frag.try_mode(0)?,
        c_frag.try_mode(2)?,
        c_frag.try_mode(3)?.try_composition(&layout!(_8:_1))?,
    ])?;
    let chunk_of_tile = Layout::new(st2(t.bm, t.bn), rows.stride());
    let pairs = chunk.with_layout(chunk_of_tile.try_composition(&first)?);
    // each pair is two neighbours of one 4-byte word: value e = 1 is one column on
    let next_column = c_frag.try_mode(1)?;
    if next_column.size().value() != 2 || next_column.offset(1) != t.bm {
        return Ok(None);
    }
    let at = |row: i64, col: i64| chunk.offset((row + CHUNK * col) as usize);
    for i in 0..first.size().value() as usize {
        let idx = first.offset(i);
        let (row, col) = (idx % t.bm, idx / t.bm);
        let word = at(row, col);
        if row >= CHUNK
            || col + 1 >= CHUNK
            || word % 2 != 0
            || pairs.offset(i) != word
            || at(row, col + 1) != word + 1
        {
            return Ok(None);
        }
    }
    Ok(Some(CStore {
        chunk,
        tma,
        origins,
        pairs,
        bytes,
        first,
    }))
}
