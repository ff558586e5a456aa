//! The GEMM's index functions: every layout of the plan that the kernel evaluates, emitted
//! as a C function by [`crate::codegen`] (the copies' and TMA boxes' coordinates, the
//! shared offsets, the fragments, the blocks' order, split-K's workspace, the epilogue's
//! chunks), in the order the kernel takes their parameters, and the tensor maps the host
//! encodes.

use super::plan::{CStore, GemmPlan, OperandPlan, SplitPlan};
use super::request::{Gemm, Instr, st, st2, wrong};
use crate::codegen::{CodegenError, IndexFn, IndexType, Inputs};
use crate::kernel::{TensorMap, identity_tiles};
use rcute::analysis::tma::TmaCopy;
use rcute::atom::{TmaOp, make_tma_atom};
use rcute::{ComposedLayout, Int, IntTuple, Layout, MaybeSwizzled, Tiler};

/// Generated functions and the order their parameters are passed in.
pub(super) struct Emitter {
    pub(super) ty: IndexType,
    pub(super) fns: Vec<IndexFn>,
}

impl Emitter {
    pub(super) fn add(&mut self, f: IndexFn) -> usize {
        self.fns.push(f);
        self.fns.len() - 1
    }

    pub(super) fn layout(&mut self, name: &str, l: &Layout) -> Result<usize, CodegenError> {
        Ok(self.add(IndexFn::layout(name, l, Inputs::Modes, self.ty)?))
    }

    pub(super) fn composed(
        &mut self,
        name: &str,
        l: &ComposedLayout,
    ) -> Result<usize, CodegenError> {
        Ok(self.add(IndexFn::composed(name, l, Inputs::Modes, self.ty)?))
    }

    pub(super) fn coord(
        &mut self,
        name: &str,
        l: &Layout,
        k: usize,
    ) -> Result<usize, CodegenError> {
        Ok(self.add(IndexFn::coordinate(name, l, k, Inputs::Modes, self.ty)?))
    }

    /// Component `k` of a coordinate layout as a function of one 1-D index.
    pub(super) fn coord1(
        &mut self,
        name: &str,
        l: &Layout,
        k: usize,
    ) -> Result<usize, CodegenError> {
        Ok(self.add(IndexFn::coordinate(name, l, k, Inputs::Index, self.ty)?))
    }

    /// `name(args, params)`.
    pub(super) fn call(&self, f: usize, args: &str) -> String {
        self.fns[f].call(args)
    }
}

/// The modes of a coordinate layout `tile_coords` (the block's tile of a padded identity)
/// composed with `inner`, followed by the tile modes: `(inner modes..., tiles...)`.
pub(super) fn with_tiles(tiles: &Layout, inner: &Layout) -> Result<Layout, CodegenError> {
    let c = tiles.try_mode(0)?.try_composition(inner)?;
    let mut modes: Vec<Layout> = (0..c.rank()).map(|i| c.mode(i)).collect();
    let rest = tiles.try_mode(1)?;
    modes.extend((0..rest.rank()).map(|i| rest.mode(i)));
    Ok(Layout::try_concat(&modes)?)
}

/// The index functions of one operand's `cp.async` copy: coordinates of
/// `(thread, pass, tile row, k tile)`, the shared offset of `(thread, pass)`, the stage's
/// offset, and the passes.
pub(super) struct CopyFns {
    pub(super) row: usize,
    pub(super) k: usize,
    pub(super) smem: usize,
    pub(super) stage: usize,
    pub(super) passes: i64,
}

/// The index functions of one operand's TMA boxes: coordinates of
/// `(box, part, tile row, k tile)`, the box's (unswizzled) shared offset, and the boxes
/// of a part.
pub(super) struct BoxFns {
    pub(super) row: usize,
    pub(super) k: usize,
    pub(super) smem: usize,
    pub(super) boxes: String,
}

/// Every index function of the kernel, by role (indices into [`Emitter::fns`]).
pub(super) struct Fns {
    pub(super) lane: usize,
    pub(super) group: usize,
    pub(super) warp: Option<(usize, usize)>,
    pub(super) block: (usize, usize),
    pub(super) g_ab: Option<(usize, usize)>,
    pub(super) stage: [usize; 2],
    pub(super) copies: Vec<CopyFns>,
    pub(super) boxes: Vec<BoxFns>,
    pub(super) frag: (usize, usize),
    pub(super) store: Store,
    pub(super) split: Option<SplitFns>,
}

/// The index functions of split-K ([`SplitPlan`]): the tile and split of a unit,
/// a split's first k-tile, the workspace offset of a warpgroup's partial sums
/// `(thread, e, h, j, warpgroup, split, block m, block n)` and of a tile's counters
/// `(warpgroup, block m, block n)`, which follow the partials (`counters_at` floats in).
pub(super) struct SplitFns {
    pub(super) tile: usize,
    pub(super) split: usize,
    pub(super) first: usize,
    pub(super) partial: usize,
    pub(super) counter: usize,
    pub(super) counters_at: i64,
    /// Bytes of the workspace: the partials, then a 4-byte counter per warpgroup and tile.
    pub(super) bytes: i64,
}

/// How the accumulators reach `C`, and the index functions for it.
pub(super) enum Store {
    /// From registers: `C`'s offsets (`g_c`) and each accumulator's coordinates
    /// (`c_row`, `c_col`).
    Direct { g_c: usize, c: (usize, usize) },
    /// Through shared memory and TMA stores ([`CStore`]).
    Staged(StoreFns),
}

/// The index functions of the epilogue through shared memory ([`CStore`]): the
/// coordinates of chunk `(warpgroup, q)` of tile `(bm, bn)`, the buffer of chunk `q` of a
/// warpgroup, the shared offset of the pair `(thread, h, jj)` in a chunk, and the value
/// index `j` of `(jj, q)`.
pub(super) struct StoreFns {
    pub(super) row: usize,
    pub(super) col: usize,
    pub(super) buffer: usize,
    pub(super) pair: usize,
    pub(super) j: usize,
    pub(super) chunks: i64,
    /// `C`'s rows are contiguous (the tensor map's first coordinate is the column).
    pub(super) row_major: bool,
    /// The column of C of a pair's first value (a fused epilogue's bias).
    pub(super) pair_col: Option<usize>,
}

/// The problem's extents and tile counts.
#[derive(Clone, Copy)]
pub(super) struct Extents {
    /// `M` padded to whole clusters of tiles (`M` itself without clusters).
    pub(super) m_padded: Int,
    pub(super) n: Int,
    pub(super) k: Int,
    pub(super) mt: Int,
    pub(super) nt: Int,
    pub(super) kt: Int,
}

/// Generates every index function, in the order the kernel takes their parameters,
/// and the tensor maps the host encodes.
pub(super) fn index_functions(
    g: &Gemm,
    plan: &GemmPlan,
    x: Extents,
    e: &mut Emitter,
) -> Result<(Fns, Vec<TensorMap>), CodegenError> {
    let t = g.tiling;
    let wgmma = g.instr == Instr::Wgmma;
    // threads: lanes of warps (mma.sync) or threads of warpgroups (wgmma)
    let (group, groups) = if wgmma {
        (128, plan.threads() / 128)
    } else {
        (32, t.warps_m * t.warps_n)
    };
    let lanes = Layout::identity(st2(group, groups));
    let (lane_fn, group_fn) = if wgmma {
        ("thread_of", "warpgroup_of")
    } else {
        ("lane_of", "warp_of")
    };
    let lane = e.coord1(lane_fn, &lanes, 0)?;
    let group = e.coord1(group_fn, &lanes, 1)?;
    // the warp's position in the block (mma.sync; a warpgroup's is its index)
    let warp = if wgmma {
        None
    } else {
        let warps = Layout::identity(st2(t.warps_m, t.warps_n));
        Some((
            e.coord1("warp_m", &warps, 0)?,
            e.coord1("warp_n", &warps, 1)?,
        ))
    };
    let block = block_order(e, x, plan.specialized().then_some(plan.cluster()))?;
    // global offsets
    let g_ab = if plan.tma {
        None
    } else {
        Some((e.layout("g_a", &g.a)?, e.layout("g_b", &g.b)?))
    };
    let (a, b) = (&plan.a, &plan.b);
    let stage = [
        e.layout("a_stage", &a.smem.layout().try_mode(2)?)?,
        e.layout("b_stage", &b.smem.layout().try_mode(2)?)?,
    ];
    let mut copies = Vec::new();
    let mut boxes = Vec::new();
    let mut tensor_maps = Vec::new();
    // A's tiles run on to whole clusters (past M: zeros, never stored)
    let operands = [(a, x.m_padded, "a", &g.a), (b, x.n, "b", &g.b)];
    for (i, (op, rows, name, gl)) in operands.into_iter().enumerate() {
        if plan.tma {
            let (f, map) = tma_fns(e, op, gl, (rows, x.k, t.bk), name, i)?;
            boxes.push(f);
            tensor_maps.push(map);
        } else {
            copies.push(copy_fns(e, op, (rows, x.k, t.bk), name, stage[i])?);
        }
    }
    // operands of the MMAs: ldmatrix row addresses of (lane, block, kk, warp along M or
    // N), or the (unswizzled) start of each wgmma's 64 x 16 slice, (warpgroup, kk)
    let frag = if wgmma {
        (
            e.layout("a_slice", &a.tile.layout().try_composition(&a.slices)?)?,
            e.layout("b_slice", &b.tile.layout().try_composition(&b.slices)?)?,
        )
    } else {
        let frag = |op: &OperandPlan| op.tile.try_composition_tiler(&Tiler::layout(op.frag));
        (
            e.composed("a_frag", &frag(a)?)?,
            e.composed("b_frag", &frag(b)?)?,
        )
    };
    let cids = identity_tiles(x.m_padded, x.n, st(t.bm), st(t.bn))?;
    let store = match (&plan.c_store, plan.specialized()) {
        (Some(cs), true) => {
            let (f, map) = store_fns(e, cs, &g.c, &cids, t.warps_m, g.epilogue.bias)?;
            tensor_maps.push(map);
            Store::Staged(f)
        }
        _ => {
            let g_c = e.layout("g_c", &g.c)?;
            let ccoords = with_tiles(&cids, &plan.c_frag)?;
            let c = (
                e.coord("c_row", &ccoords, 0)?,
                e.coord("c_col", &ccoords, 1)?,
            );
            Store::Direct { g_c, c }
        }
    };
    let split = match &plan.split {
        Some(sp) => Some(split_fns(e, sp, x, plan)?),
        None => None,
    };
    let fns = Fns {
        lane,
        group,
        warp,
        block,
        store,
        g_ab,
        stage,
        copies,
        boxes,
        frag,
        split,
    };
    Ok((fns, tensor_maps))
}

/// The blocks' order: output tiles in groups of 8 tile rows (1 when the tile rows do not
/// divide), so that blocks running together share their tiles of `B` in L2;
/// `(block_m, block_n)` of `blockIdx.x`. With clusters of `c` blocks (the specialized
/// kernel), `(block_m, block_n)` of `(rank, tile)`: the `c` blocks of a cluster take `c`
/// neighbouring tile rows of one column, and the clusters' tiles go in groups of 8 tile
/// rows (`c` when they do not divide).
pub(super) fn block_order(
    e: &mut Emitter,
    x: Extents,
    cluster: Option<i64>,
) -> Result<(usize, usize), CodegenError> {
    let (mt, nt) = (x.mt, x.nt);
    if let Some(c) = cluster {
        let g = if mt.value() % 8 == 0 && 8 % c == 0 {
            8
        } else {
            c
        };
        let order = Layout::new(
            IntTuple::tuple(&[
                IntTuple::from_int(st(c)),
                IntTuple::from_ints(&[st(g / c), nt, Int::dynamic(mt.value() / g)]),
            ]),
            IntTuple::tuple(&[
                IntTuple::from_int(st(1)),
                IntTuple::from_ints(&[st(c), mt, st(g)]),
            ]),
        );
        let raster = Layout::identity(IntTuple::from_ints(&[mt, nt])).try_composition(&order)?;
        return Ok((
            e.coord("block_m", &raster, 0)?,
            e.coord("block_n", &raster, 1)?,
        ));
    }
    let rows_per_group = if mt.value() % 8 == 0 { 8 } else { 1 };
    let order = Layout::new(
        IntTuple::from_ints(&[
            st(rows_per_group),
            nt,
            Int::dynamic(mt.value() / rows_per_group),
        ]),
        IntTuple::from_ints(&[st(1), mt, st(rows_per_group)]),
    );
    let raster = Layout::identity(IntTuple::from_ints(&[mt, nt])).try_composition(&order)?;
    Ok((
        e.coord1("block_m", &raster, 0)?,
        e.coord1("block_n", &raster, 1)?,
    ))
}

/// Split-K's functions ([`SplitFns`]): the units `(split, tile)`, split fastest, as a
/// coordinate layout; the splits' first k-tiles; the partials' slots `(split, block m,
/// block n)` of `BM x BN` floats each after [`SplitPlan::partial`], and the counters
/// `(warpgroup, block m, block n)` after the partials.
pub(super) fn split_fns(
    e: &mut Emitter,
    sp: &SplitPlan,
    x: Extents,
    plan: &GemmPlan,
) -> Result<SplitFns, CodegenError> {
    let t = plan.tiling;
    let tiles = x.mt.try_mul(x.nt)?.try_div(st(plan.cluster()))?;
    let units = Layout::identity(IntTuple::from_ints(&[st(sp.splits), tiles]));
    let slot = st(t.bm * t.bn);
    let slots = Layout::try_new(
        IntTuple::from_ints(&[st(sp.splits), x.mt, x.nt]),
        IntTuple::from_ints(&[
            slot,
            slot.try_mul(st(sp.splits))?,
            slot.try_mul(st(sp.splits))?.try_mul(x.mt)?,
        ]),
    )?;
    // (thread, e, h, j, warpgroup, split, block m, block n): one mode each
    let modes: Vec<Layout> = [sp.partial, slots]
        .iter()
        .flat_map(|l| (0..l.rank()).map(|i| l.mode(i)))
        .collect();
    let partials = Layout::try_concat(&modes)?;
    let counters = Layout::from_shape(IntTuple::from_ints(&[st(t.warps_m), x.mt, x.nt]));
    let counters_at = partials.try_cosize()?.value();
    Ok(SplitFns {
        split: e.coord1("unit_split", &units, 0)?,
        tile: e.coord1("unit_tile", &units, 1)?,
        first: e.layout("k_first", &sp.first)?,
        partial: e.layout("w_partial", &partials)?,
        counter: e.layout("w_counter", &counters)?,
        counters_at,
        bytes: 4 * (counters_at + counters.try_cosize()?.value()),
    })
}

/// One operand's copy: coordinates of `(thread, pass, tile row, k tile)` and shared
/// offsets of `(thread, pass)`, of the first element of each `cp.async` of
/// [`OperandPlan::width`] elements, or of each group of 8 element loads.
pub(super) fn copy_fns(
    e: &mut Emitter,
    op: &OperandPlan,
    (rows, k, bk): (Int, Int, i64),
    name: &str,
    stage: usize,
) -> Result<CopyFns, CodegenError> {
    let ids = identity_tiles(rows, k, st(op.rows), st(bk))?;
    // (thread, pass) to the first element of each copy (for element loads, of each group
    // of 8 a thread loads and stores as one 16-byte word)
    let l = Layout::try_concat(&[op.copy.try_mode(0)?, op.copy.try_mode(2)?])?;
    let coords = with_tiles(&ids, &l)?;
    Ok(CopyFns {
        row: e.coord(&format!("{name}_copy_row"), &coords, 0)?,
        k: e.coord(&format!("{name}_copy_k"), &coords, 1)?,
        smem: e.composed(
            &format!("{name}_copy_smem"),
            &op.tile.try_composition_tiler(&Tiler::layout(l))?,
        )?,
        stage,
        passes: l.try_mode(1)?.size().value(),
    })
}

/// The epilogue's functions ([`StoreFns`]) and `C`'s tensor map.
pub(super) fn store_fns(
    e: &mut Emitter,
    cs: &CStore,
    c: &Layout,
    cids: &Layout,
    warpgroups: i64,
    bias: bool,
) -> Result<(StoreFns, TensorMap), CodegenError> {
    let coords = with_tiles(cids, &cs.origins)?;
    let chunks = cs.origins.try_mode(1)?.size().value();
    let elems = cs.chunk.layout().size().value();
    // chunk q of a warpgroup takes buffer q % 2 of its two
    let buffers = Layout::try_new(
        IntTuple::tuple(&[
            st2(2, chunks / 2 + chunks % 2),
            IntTuple::from_int(st(warpgroups)),
        ]),
        IntTuple::tuple(&[st2(elems, 0), IntTuple::from_int(st(2 * elems))]),
    )?;
    let m = &cs.tma;
    let row_major = m.modes()[0] == 1;
    let map = cute_tensor_map(TmaOp::Store, c, &cs.chunk, 16, 2, m)?;
    let fns = StoreFns {
        row: e.coord("c_chunk_row", &coords, 0)?,
        col: e.coord("c_chunk_col", &coords, 1)?,
        buffer: e.layout("c_buffer", &buffers)?,
        pair: e.composed("c_pair", &cs.pairs)?,
        j: e.layout("c_value", &Layout::new(st2(8, chunks), st2(1, 8)))?,
        chunks,
        row_major,
        pair_col: None,
    };
    // the column of C of each pair's first value, (thread, h, jj, warpgroup, q, block m,
    // block n), where a fused epilogue reads the bias
    let fns = if bias {
        let modes = |l: &Layout| (0..l.rank()).map(|i| l.mode(i)).collect::<Vec<_>>();
        let inner = Layout::try_concat(&[modes(&cs.first), modes(&cs.origins)].concat())?;
        let cols = with_tiles(cids, &inner)?;
        StoreFns {
            pair_col: Some(e.coord("c_pair_col", &cols, 1)?),
            ..fns
        }
    } else {
        fns
    };
    Ok((fns, map))
}

/// One operand's TMA boxes: coordinates of `(box, tile row, k tile)`, unswizzled shared
/// offsets, and the tensor map the host encodes, as the analysis derived it: the
/// contiguous mode first (the rows M/N-major, K K-major, as the loads pass the
/// coordinates).
pub(super) fn tma_fns(
    e: &mut Emitter,
    op: &OperandPlan,
    g: &Layout,
    (rows, k, bk): (Int, Int, i64),
    name: &str,
    operand: usize,
) -> Result<(BoxFns, TensorMap), CodegenError> {
    let ids = identity_tiles(rows, k, st(op.rows), st(bk))?;
    let coords = with_tiles(&ids, &op.boxes)?;
    let fns = BoxFns {
        row: e.coord(&format!("{name}_box_row"), &coords, 0)?,
        k: e.coord(&format!("{name}_box_k"), &coords, 1)?,
        smem: e.layout(
            &format!("{name}_box_smem"),
            &op.tile.layout().try_composition(&op.boxes)?,
        )?,
        boxes: (op.boxes.size().value() / op.parts).to_string(),
    };
    let map = op.tma.as_ref().map_err(|e| CodegenError::Tma(*e))?;
    if map.rank() != 2 || map.modes()[0] != usize::from(!op.mn_major) {
        return Err(wrong(
            "gemm: the operand's tensor map is not 2-D with the contiguous mode first",
        ));
    }
    // one box: its extents along the tile's rows and K, at the tile's origin
    let along = |m: usize| {
        map.modes()
            .iter()
            .position(|&x| x == m)
            .map(|d| map.box_dim()[d] as i64)
    };
    let (Some(box_rows), Some(box_k)) = (along(0), along(1)) else {
        return Err(wrong(
            "gemm: the operand's tensor map does not walk both modes",
        ));
    };
    let one_box = Layout::new(st2(box_rows, box_k), st2(1, op.rows));
    let box_smem = op
        .tile
        .with_layout(op.tile.layout().try_composition(&one_box)?);
    let map = cute_tensor_map(TmaOp::Load, g, &box_smem, 8 * op.elem_bytes, operand, map)?;
    Ok((fns, map))
}

/// The tensor map of one TMA box, as CuTe's `make_tma_atom(op, gtensor, box_smem,
/// box_shape)` builds its descriptor (`atom::make_tma_atom`): `g` the global matrix,
/// `box_smem` the shared layout of one box. The analysis proved `proved` by enumeration
/// (and counts the boxes of a tile); the two must agree, or the plan is refused.
pub(super) fn cute_tensor_map(
    op: TmaOp,
    g: &Layout,
    box_smem: &ComposedLayout,
    bits: i64,
    operand: usize,
    proved: &TmaCopy,
) -> Result<TensorMap, CodegenError> {
    let shape = box_smem.layout().shape().try_product_each()?;
    let tiler = Tiler::try_from_shape(&shape)?;
    let atom = make_tma_atom(
        op,
        g,
        "",
        bits,
        &MaybeSwizzled::Swizzled(*box_smem),
        &tiler,
        1,
    )?;
    let Some(p) = atom.op().tma_params() else {
        return Err(wrong(
            "gemm: make_tma_atom answered a copy atom without a descriptor",
        ));
    };
    if p.rank() != 2
        || p.global_dim() != proved.global_dim()
        || p.global_strides() != proved.global_strides()
        || p.box_dim() != proved.box_dim()
    {
        return Err(wrong(
            "gemm: CuTe's TMA descriptor (make_tma_atom) and the proved tensor map differ",
        ));
    }
    Ok(TensorMap {
        operand,
        elem_bytes: (bits / 8) as u32,
        dims: [p.global_dim()[0], p.global_dim()[1]],
        stride_bytes: p.global_strides()[0],
        box_dims: [p.box_dim()[0], p.box_dim()[1]],
    })
}
