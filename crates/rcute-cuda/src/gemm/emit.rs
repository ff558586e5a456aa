//! GEMM emission: the index functions generated from the plan's layouts, and the kernel
//! text, the templates of `src/cuda/gemm.cu` and the `.cuh` helpers with their holes
//! filled ([`crate::template`]).

use super::{Gemm, GemmPlan, Instr, OperandPlan, extents, st, st2, strides, wrong};
use crate::codegen::{CodegenError, IndexFn, IndexType, Inputs, PRELUDE};
use crate::kernels::{Kernel, TensorMap, declaration, grid_count, identity_tiles, kernel_params};
use crate::template::{fill, section};
use rcute::{ComposedLayout, Int, IntTuple, Layout, Tiler};

/// The kernel and its pieces, in sections.
const GEMM_CU: &str = include_str!("../cuda/gemm.cu");
/// The PTX wrappers: shared addresses, `cp.async`, `ldmatrix`, `mma.sync`, conversion.
const PTX_CUH: &str = include_str!("../cuda/gemm_ptx.cuh");
/// The 8- and 4-byte `cp.async.ca` wrapper, for operands whose rows are not 16-byte aligned.
const CP_ASYNC_CA_CUH: &str = include_str!("../cuda/cp_async_ca.cuh");
/// The TMA wrappers: the descriptor type, mbarriers, and the 2-D tiled bulk copy.
const TMA_CUH: &str = include_str!("../cuda/tma.cuh");
/// The `wgmma` wrappers: fences, the descriptors of both operands, and one `m64nNk16`
/// with both operands in shared memory.
const WGMMA_CUH: &str = include_str!("../cuda/wgmma.cuh");
/// Split-K's workspace stores, loads, arrival counter and vote.
const SPLIT_K_CUH: &str = include_str!("../cuda/split_k.cuh");

/// Section `name` of `gemm.cu` with its holes filled.
fn cu(name: &str, values: &[(&str, &str)]) -> Result<String, CodegenError> {
    fill(section(GEMM_CU, name)?, values)
}

/// Generated functions and the order their parameters are passed in.
struct Emitter {
    ty: IndexType,
    fns: Vec<IndexFn>,
}

impl Emitter {
    fn add(&mut self, f: IndexFn) -> usize {
        self.fns.push(f);
        self.fns.len() - 1
    }

    fn layout(&mut self, name: &str, l: &Layout) -> Result<usize, CodegenError> {
        Ok(self.add(IndexFn::layout(name, l, Inputs::Modes, self.ty)?))
    }

    fn composed(&mut self, name: &str, l: &ComposedLayout) -> Result<usize, CodegenError> {
        Ok(self.add(IndexFn::composed(name, l, Inputs::Modes, self.ty)?))
    }

    fn coord(&mut self, name: &str, l: &Layout, k: usize) -> Result<usize, CodegenError> {
        Ok(self.add(IndexFn::coordinate(name, l, k, Inputs::Modes, self.ty)?))
    }

    /// Component `k` of a coordinate layout as a function of one 1-D index.
    fn coord1(&mut self, name: &str, l: &Layout, k: usize) -> Result<usize, CodegenError> {
        Ok(self.add(IndexFn::coordinate(name, l, k, Inputs::Index, self.ty)?))
    }

    /// `name(args, params)`.
    fn call(&self, f: usize, args: &str) -> String {
        self.fns[f].call(args)
    }
}

/// The modes of a coordinate layout `tile_coords` (the block's tile of a padded identity)
/// composed with `inner`, followed by the tile modes: `(inner modes..., tiles...)`.
fn with_tiles(tiles: &Layout, inner: &Layout) -> Result<Layout, CodegenError> {
    let c = tiles.try_mode(0)?.try_composition(inner)?;
    let mut modes: Vec<Layout> = (0..c.rank()).map(|i| c.mode(i)).collect();
    let rest = tiles.try_mode(1)?;
    modes.extend((0..rest.rank()).map(|i| rest.mode(i)));
    Ok(Layout::try_concat(&modes)?)
}

/// Each accumulator pair `(e = 0, e = 1)` of `frag` (modes `(lane, e, ...)` to column-major
/// indices of the `(BM, BN)` tile) is two neighbours in a row, the first in an even column.
fn pairs_adjacent(frag: &Layout, bm: i64) -> bool {
    let size = frag.size().value() as usize;
    let lanes = frag.mode(0).size().value() as usize;
    (0..size).all(|i| {
        // the index's value e is its digit after the lane
        let e = (i / lanes) % 2;
        let at = frag.offset(i);
        e == 1 || (at / bm % 2 == 0 && frag.offset(i + lanes) == at + bm)
    })
}

/// The index functions of one operand's `cp.async` copy: coordinates of
/// `(thread, pass, tile row, k tile)`, the shared offset of `(thread, pass)`, the stage's
/// offset, and the passes.
struct CopyFns {
    row: usize,
    k: usize,
    smem: usize,
    stage: usize,
    passes: i64,
}

/// The index functions of one operand's TMA boxes: coordinates of
/// `(box, part, tile row, k tile)`, the box's (unswizzled) shared offset, and the boxes
/// of a part.
struct BoxFns {
    row: usize,
    k: usize,
    smem: usize,
    boxes: String,
}

/// Every index function of the kernel, by role (indices into [`Emitter::fns`]).
struct Fns {
    lane: usize,
    group: usize,
    warp: Option<(usize, usize)>,
    block: (usize, usize),
    g_ab: Option<(usize, usize)>,
    stage: [usize; 2],
    copies: Vec<CopyFns>,
    boxes: Vec<BoxFns>,
    frag: (usize, usize),
    store: Store,
    split: Option<SplitFns>,
}

/// The index functions of split-K ([`super::SplitPlan`]): the tile and split of a unit,
/// a split's first k-tile, the workspace offset of a warpgroup's partial sums
/// `(thread, e, h, j, warpgroup, split, block m, block n)` and of a tile's counters
/// `(warpgroup, block m, block n)`, which follow the partials (`counters_at` floats in).
struct SplitFns {
    tile: usize,
    split: usize,
    first: usize,
    partial: usize,
    counter: usize,
    counters_at: i64,
    /// Bytes of the workspace: the partials, then a 4-byte counter per warpgroup and tile.
    bytes: i64,
}

/// How the accumulators reach `C`, and the index functions for it.
enum Store {
    /// From registers: `C`'s offsets (`g_c`) and each accumulator's coordinates
    /// (`c_row`, `c_col`).
    Direct { g_c: usize, c: (usize, usize) },
    /// Through shared memory and TMA stores ([`super::CStore`]).
    Staged(StoreFns),
}

/// The index functions of the epilogue through shared memory ([`super::CStore`]): the
/// coordinates of chunk `(warpgroup, q)` of tile `(bm, bn)`, the buffer of chunk `q` of a
/// warpgroup, the shared offset of the pair `(thread, h, jj)` in a chunk, and the value
/// index `j` of `(jj, q)`.
struct StoreFns {
    row: usize,
    col: usize,
    buffer: usize,
    pair: usize,
    j: usize,
    chunks: i64,
    /// `C`'s rows are contiguous (the tensor map's first coordinate is the column).
    row_major: bool,
}

/// The problem's extents and tile counts.
#[derive(Clone, Copy)]
struct Extents {
    /// `M` padded to whole clusters of tiles (`M` itself without clusters).
    m_padded: Int,
    n: Int,
    k: Int,
    mt: Int,
    nt: Int,
    kt: Int,
}

impl Gemm {
    pub(super) fn kernel_with(&self, name: &str, ty: IndexType) -> Result<Kernel, CodegenError> {
        let plan = self.plan()?;
        let t = self.tiling;
        let (m, k) = extents(&self.a)?;
        let (n, _) = extents(&self.b)?;
        let cluster = plan.cluster();
        let mt = m.try_ceil_div(st(t.bm))?;
        let m_padded = if cluster > 1 {
            mt.try_ceil_div(st(cluster))?
                .try_mul(st(cluster * t.bm))?
                .to_dynamic()
        } else {
            m
        };
        let x = Extents {
            m_padded,
            n,
            k,
            mt: m_padded.try_ceil_div(st(t.bm))?.to_dynamic(),
            nt: n.try_ceil_div(st(t.bn))?.to_dynamic(),
            kt: k.try_ceil_div(st(t.bk))?.to_dynamic(),
        };
        let mut e = Emitter {
            ty,
            fns: Vec::new(),
        };
        let (fns, tensor_maps) = self.index_functions(&plan, x, &mut e)?;
        // the work tiles: one per block, or per cluster of blocks
        let tiles = x.mt.try_mul(x.nt)?;
        let cluster_tiles = tiles.try_div(st(cluster))?;
        let splits = plan.split.as_ref().map_or(1, |s| s.splits);
        let mut extents = vec![("M", m), ("N", n), ("K", k), ("KT", x.kt)];
        if plan.specialized() {
            extents.push(("TILES", cluster_tiles));
        }
        if splits > 1 {
            extents.push(("UNITS", cluster_tiles.try_mul(st(splits))?));
        }
        let params = kernel_params(&extents, &e.fns);
        let ab = self.ab_type();
        let mut pointers = format!(
            "const {ab}* __restrict__ A, const {ab}* __restrict__ B, unsigned short* __restrict__ C"
        );
        if splits > 1 {
            pointers.push_str(", float* __restrict__ W");
        }
        let mut decl = declaration(&pointers, &params, ty);
        for map in &tensor_maps {
            let which = ["a", "b", "c"][map.operand];
            decl.push_str(&format!(
                ", const __grid_constant__ RcuteTensorMap tma_{which}"
            ));
        }
        let a_elems = plan.a.smem.layout().try_cosize()?.value();
        let b_elems = plan.b.smem.layout().try_cosize()?.value();
        // an mbarrier a stage, two in the specialized kernel
        let barriers = match (plan.tma, plan.specialized()) {
            (_, true) => 16 * t.stages,
            (true, false) => 8 * t.stages,
            _ => 0,
        };
        let staging = plan.c_store.as_ref().map_or(0, |c| c.bytes);
        let ab_bytes = self.ty.bytes() * (a_elems + b_elems);
        let shared_bytes = ab_bytes + staging + barriers;
        let ctx = Ctx {
            g: self,
            plan: &plan,
            e: &e,
            fns: &fns,
            it: ty.c_name(),
        };
        let mut src = String::from(PRELUDE);
        src.push_str(&self.helpers(&plan)?);
        for f in &e.fns {
            src.push_str(&f.source());
        }
        // the shared buffers after A's and B's stages are placed in 16-bit units
        src.push_str(&if plan.specialized() {
            ctx.kernel_specialized(name, &decl, a_elems, ab_bytes / 2, staging / 2)?
        } else {
            ctx.kernel(name, &decl, a_elems, ab_bytes / 2)?
        });
        src.push('\n');
        Ok(Kernel {
            name: name.to_string(),
            source: src,
            params,
            index_type: ty,
            grid: grid_count(tiles.value() * splits)?,
            persistent: plan.specialized(),
            cluster: cluster as u32,
            block: plan.threads() as u32,
            shared_bytes: shared_bytes as u32,
            tensor_maps,
            workspace: fns.split.as_ref().map_or(0, |f| f.bytes as u64),
        })
    }

    /// The C type the kernel reads `A` and `B` as: `unsigned short` for 16-bit elements,
    /// `unsigned char` for e4m3.
    fn ab_type(&self) -> &'static str {
        if self.ty.bytes() == 1 {
            "unsigned char"
        } else {
            "unsigned short"
        }
    }

    /// The PTX, TMA and `wgmma` wrappers the kernel uses.
    fn helpers(&self, plan: &GemmPlan) -> Result<String, CodegenError> {
        let ptx = self.ty.ptx();
        // `mma.sync` (16-bit inputs only) and the conversions to `C`'s type
        let mut src = fill(PTX_CUH, &[("PTX", self.ty.output().ptx())])?;

        if !plan.tma {
            // the narrower cp.async each width needs, once (16 bytes is in PTX_CUH)
            for width in [4, 2] {
                if plan.a.width == width || plan.b.width == width {
                    let bytes = (2 * width).to_string();
                    src.push_str(&fill(CP_ASYNC_CA_CUH, &[("BYTES", &bytes)])?);
                }
            }
        }
        if plan.tma || plan.specialized() {
            src.push_str(&fill(TMA_CUH, &[])?);
        }
        if plan.split.is_some() {
            src.push_str(&fill(SPLIT_K_CUH, &[])?);
        }
        if self.instr == Instr::Wgmma {
            let (a, b) = (&plan.a, &plan.b);
            let regs = self.tiling.bn / 2;
            let outs: Vec<String> = (0..regs).map(|i| format!("%{i}")).collect();
            let binds: Vec<String> = (0..regs).map(|i| format!("\"+f\"(d[{i}])")).collect();
            let n = |v: i64| v.to_string();
            // 8-bit wgmma takes no transpose operands (both K-major)
            let trans = if self.ty.gmma_types().k_major_only() {
                String::new()
            } else {
                format!(", {}, {}", a.mn_major as i64, b.mn_major as i64)
            };
            src.push_str(&fill(
                WGMMA_CUH,
                &[
                    ("DESC_A", &format!("{:#x}", a.descriptor()?)),
                    ("DESC_B", &format!("{:#x}", b.descriptor()?)),
                    ("PTX", ptx),
                    ("N", &n(self.tiling.bn)),
                    ("K", &n(self.ty.gmma_types().k())),
                    ("OUTS", &outs.join(", ")),
                    ("BINDS", &binds.join(", ")),
                    ("R0", &n(regs)),
                    ("R1", &n(regs + 1)),
                    ("R2", &n(regs + 2)),
                    ("TRANS", &trans),
                ],
            )?);
        }
        Ok(src)
    }

    /// Generates every index function, in the order the kernel takes their parameters,
    /// and the tensor maps the host encodes.
    fn index_functions(
        &self,
        plan: &GemmPlan,
        x: Extents,
        e: &mut Emitter,
    ) -> Result<(Fns, Vec<TensorMap>), CodegenError> {
        let t = self.tiling;
        let wgmma = self.instr == Instr::Wgmma;
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
            Some((e.layout("g_a", &self.a)?, e.layout("g_b", &self.b)?))
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
        let operands = [(a, x.m_padded, "a"), (b, x.n, "b")];
        for (i, (op, rows, name)) in operands.into_iter().enumerate() {
            if plan.tma {
                let (f, map) = tma_fns(e, op, (rows, x.k, t.bk), name, i)?;
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
                let (f, map) = store_fns(e, cs, &cids, t.warps_m)?;
                tensor_maps.push(map);
                Store::Staged(f)
            }
            _ => {
                let g_c = e.layout("g_c", &self.c)?;
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
}

/// The blocks' order: output tiles in groups of 8 tile rows (1 when the tile rows do not
/// divide), so that blocks running together share their tiles of `B` in L2;
/// `(block_m, block_n)` of `blockIdx.x`. With clusters of `c` blocks (the specialized
/// kernel), `(block_m, block_n)` of `(rank, tile)`: the `c` blocks of a cluster take `c`
/// neighbouring tile rows of one column, and the clusters' tiles go in groups of 8 tile
/// rows (`c` when they do not divide).
fn block_order(
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
/// block n)` of `BM x BN` floats each after [`super::SplitPlan::partial`], and the counters
/// `(warpgroup, block m, block n)` after the partials.
fn split_fns(
    e: &mut Emitter,
    sp: &super::SplitPlan,
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
fn copy_fns(
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
fn store_fns(
    e: &mut Emitter,
    cs: &super::CStore,
    cids: &Layout,
    warpgroups: i64,
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
    let map = TensorMap {
        operand: 2,
        elem_bytes: 2,
        dims: [m.global_dim()[0], m.global_dim()[1]],
        stride_bytes: m.global_strides()[0],
        box_dims: [m.box_dim()[0], m.box_dim()[1]],
    };
    let fns = StoreFns {
        row: e.coord("c_chunk_row", &coords, 0)?,
        col: e.coord("c_chunk_col", &coords, 1)?,
        buffer: e.layout("c_buffer", &buffers)?,
        pair: e.composed("c_pair", &cs.pairs)?,
        j: e.layout("c_value", &Layout::new(st2(8, chunks), st2(1, 8)))?,
        chunks,
        row_major,
    };
    Ok((fns, map))
}

/// One operand's TMA boxes: coordinates of `(box, tile row, k tile)`, unswizzled shared
/// offsets, and the tensor map the host encodes, as the analysis derived it: the
/// contiguous mode first (the rows M/N-major, K K-major, as the loads pass the
/// coordinates).
fn tma_fns(
    e: &mut Emitter,
    op: &OperandPlan,
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
    let map = TensorMap {
        operand,
        elem_bytes: op.elem_bytes as u32,
        dims: [map.global_dim()[0], map.global_dim()[1]],
        stride_bytes: map.global_strides()[0],
        box_dims: [map.box_dim()[0], map.box_dim()[1]],
    };
    Ok((fns, map))
}

/// What the kernel text is assembled from: the GEMM, its plan, and its index functions.
struct Ctx<'a> {
    g: &'a Gemm,
    plan: &'a GemmPlan,
    e: &'a Emitter,
    fns: &'a Fns,
    /// The index type's C name.
    it: &'a str,
}

/// The persistent loop's work units and the k-tiles each multiplies: the values of the
/// holes `UNIT`, `UNITS`, `SPLIT`, `K_BEGIN` and `K_END`. One unit a tile (`tile < TILES`,
/// k-tiles `0..KT`) without split-K; `(split, tile)` units with it.
struct Walk {
    unit: &'static str,
    units: &'static str,
    /// The unit's tile, split and k-tiles (`split` section), not yet indented.
    split: String,
    k_begin: &'static str,
    k_end: &'static str,
}

impl Walk {
    /// The holes' values, the `split` section indented `by` more spaces.
    fn values(&self, by: usize) -> [(&'static str, String); 5] {
        [
            ("UNIT", self.unit.to_string()),
            ("UNITS", self.units.to_string()),
            ("SPLIT", indent(&self.split, by)),
            ("K_BEGIN", self.k_begin.to_string()),
            ("K_END", self.k_end.to_string()),
        ]
    }
}

impl Ctx<'_> {
    fn wgmma(&self) -> bool {
        self.g.instr == Instr::Wgmma
    }

    /// The work units of the persistent loops ([`Walk`]); the producer's and the consumers'
    /// are the same text.
    fn walk(&self) -> Result<Walk, CodegenError> {
        let (Some(f), Some(sp)) = (&self.fns.split, &self.plan.split) else {
            return Ok(Walk {
                unit: "tile",
                units: "TILES",
                split: String::new(),
                k_begin: "0",
                k_end: "KT",
            });
        };
        let per_split = sp.per_split.to_string();
        Ok(Walk {
            unit: "unit",
            units: "UNITS",
            split: cu(
                "split",
                &[
                    ("INDEX", self.it),
                    ("TILE_INDEX", &self.call(f.tile, "unit")),
                    ("SPLIT_INDEX", &self.call(f.split, "unit")),
                    ("K_FIRST_INDEX", &self.call(f.first, "sp")),
                    ("PER_SPLIT", &per_split),
                ],
            )?,
            k_begin: "k_begin",
            k_end: "k_end",
        })
    }

    /// Split-K's reduction after a unit's MMAs ([`super::SplitPlan`], the `fixup` section);
    /// empty without split-K.
    fn fixup(&self) -> Result<String, CodegenError> {
        let (Some(f), Some(sp)) = (&self.fns.split, &self.plan.split) else {
            return Ok(String::new());
        };
        let t = self.g.tiling;
        let at = |split: &str| self.call(f.partial, &format!("wt, 0, 0, j, wg, {split}, bm, bn"));
        let text = cu(
            "fixup",
            &[
                ("NJ", &(t.bn / 8).to_string()),
                ("PARTIAL_INDEX", &at("sp")),
                ("COUNTERS_AT", &f.counters_at.to_string()),
                ("COUNTER_INDEX", &self.call(f.counter, "wg, bm, bn")),
                ("SPLITS", &sp.splits.to_string()),
                ("ANY_BARRIER", &(1 + t.warps_m).to_string()),
                ("INDEX", self.it),
                ("PARTIAL_I_INDEX", &at("i")),
            ],
        )?;
        Ok(indent(&text, 8))
    }

    /// The call of index function `f` on `args`.
    fn call(&self, f: usize, args: &str) -> String {
        self.e.call(f, args)
    }

    /// The `kernel` section: the whole kernel.
    fn kernel(
        &self,
        name: &str,
        decl: &str,
        a_elems: i64,
        ab_u16: i64,
    ) -> Result<String, CodegenError> {
        let (t, f, it) = (self.g.tiling, self.fns, self.it);
        let wgmma = self.wgmma();
        let warp_position = match f.warp {
            Some((wm, wn)) => cu(
                "warp_position",
                &[
                    ("INDEX", it),
                    ("WM_INDEX", &self.call(wm, "warp")),
                    ("WN_INDEX", &self.call(wn, "warp")),
                ],
            )?,
            None => String::new(),
        };
        let (mi, nj) = (t.bm / t.warps_m / 16, t.bn / t.warps_n / 16);
        let accumulators = if wgmma {
            format!("float acc[{}][2][2];", t.bn / 8)
        } else {
            format!("float acc[{mi}][{nj}][2][2][2];")
        };
        let pipeline = if self.plan.tma {
            self.pipeline_tma(ab_u16)?
        } else {
            self.pipeline_cp_async()?
        };
        cu(
            "kernel",
            &[
                ("THREADS", &self.plan.threads().to_string()),
                ("NAME", name),
                ("PARAMS", decl),
                ("A_ELEMS", &a_elems.to_string()),
                ("AB", self.g.ab_type()),
                ("INDEX", it),
                ("LANE", if wgmma { "wt" } else { "lane" }),
                ("LANE_INDEX", &self.call(f.lane, "tid")),
                ("GROUP", if wgmma { "wg" } else { "warp" }),
                ("GROUP_INDEX", &self.call(f.group, "tid")),
                ("WARP_POSITION", &warp_position),
                ("BLOCK_M_INDEX", &self.call(f.block.0, "blockIdx.x")),
                ("BLOCK_N_INDEX", &self.call(f.block.1, "blockIdx.x")),
                ("ACCUMULATORS", &accumulators),
                (
                    "ACC0",
                    if wgmma {
                        "acc[0][0][0]"
                    } else {
                        "acc[0][0][0][0][0]"
                    },
                ),
                ("PIPELINE", &pipeline),
                ("TAIL", if wgmma { "rcute_wgmma_wait<0>();" } else { "" }),
                ("EPILOGUE", &self.epilogue()?),
            ],
        )
    }

    /// The warp-specialized persistent kernel ([`super::Tiling::specialized`]): the
    /// producer warpgroup's loop over the tiles and their stages, and the consumers' loop
    /// over the same tiles, with the epilogue inside.
    fn kernel_specialized(
        &self,
        name: &str,
        decl: &str,
        a_elems: i64,
        ab_u16: i64,
        c_elems: i64,
    ) -> Result<String, CodegenError> {
        let (t, f, it) = (self.g.tiling, self.fns, self.it);
        let (c_smem, consumer_end, epilogue) = match &f.store {
            Store::Staged(cs) => (
                cu("c_smem", &[("AT", &ab_u16.to_string())])?,
                cu("consumer_end", &[])?,
                self.epilogue_tma(cs)?,
            ),
            Store::Direct { .. } => (String::new(), String::new(), self.epilogue()?),
        };
        let stages = t.stages.to_string();
        let cluster = self.plan.cluster();
        let block_m = self.call(f.block.0, "rank, tile");
        let block_n = self.call(f.block.1, "rank, tile");
        let (first, step) = if cluster > 1 {
            ("rcute_cluster_id()", "rcute_clusters()")
        } else {
            ("blockIdx.x", "gridDim.x")
        };
        let release = if cluster > 1 {
            cu("release_cluster", &[("CLUSTER", &cluster.to_string())])?
        } else {
            cu("release", &[])?
        };
        let a_stage = self.call(self.fns.stage[0], "s");
        let b_stage = self.call(self.fns.stage[1], "s");
        let walk = self.walk()?;
        let producer = if self.plan.tma {
            self.producer_tma((&block_m, &block_n), (first, step), &walk)?
        } else {
            self.producer_copy(&block_m, &block_n, &walk)?
        };
        let (accumulators, compute) = (
            format!("float acc[{}][2][2];", t.bn / 8),
            indent(&self.compute()?, 4),
        );
        let (epilogue, fixup) = (indent(&epilogue, 4), self.fixup()?);
        let walk = walk.values(8);
        let mut values = vec![
            ("INDEX", it),
            ("BLOCK_M_INDEX", &block_m),
            ("BLOCK_N_INDEX", &block_n),
            ("ACCUMULATORS", &accumulators),
            ("A_STAGE_INDEX", &a_stage),
            ("B_STAGE_INDEX", &b_stage),
            ("COMPUTE", &compute),
            ("STAGES", &stages),
            ("EPILOGUE", &epilogue),
            ("CONSUMER_END", &consumer_end),
            ("FIRST_TILE", first),
            ("TILE_STEP", step),
            ("RELEASE", release.trim_end()),
            ("FIXUP", &fixup),
        ];
        values.extend(walk.iter().map(|(k, v)| (*k, v.as_str())));
        let consumer = cu("consumer", &values)?;
        let (producer_regs, consumer_regs) = self.plan.registers();
        // a stage is full after the TMA producer's one arrival (and the bytes), or every
        // copying producer thread's
        let fills = if self.plan.tma {
            1
        } else {
            self.plan.producers()
        }
        .to_string();
        cu(
            "kernel_specialized",
            &[
                ("THREADS", &self.plan.threads().to_string()),
                ("NAME", name),
                ("PARAMS", decl),
                ("A_ELEMS", &a_elems.to_string()),
                ("AB", self.g.ab_type()),
                ("BARRIERS_AT", &(ab_u16 + c_elems).to_string()),
                ("C_SMEM", &c_smem),
                ("STAGES", &stages),
                ("INDEX", it),
                ("LANE_INDEX", &self.call(f.lane, "tid")),
                ("GROUP_INDEX", &self.call(f.group, "tid")),
                ("CONSUMERS", &t.warps_m.to_string()),
                ("RELEASES", &(t.warps_m * cluster).to_string()),
                (
                    "CLUSTER_DIMS",
                    &if cluster > 1 {
                        format!(" __cluster_dims__({cluster}, 1, 1)")
                    } else {
                        String::new()
                    },
                ),
                (
                    "RANK",
                    if cluster > 1 {
                        "const unsigned rank = rcute_cluster_rank();"
                    } else {
                        "const unsigned rank = 0;"
                    },
                ),
                (
                    "SYNC",
                    if cluster > 1 {
                        "rcute_cluster_sync();"
                    } else {
                        "__syncthreads();"
                    },
                ),
                (
                    "PRODUCER_REGS",
                    &match producer_regs {
                        Some(r) => cu("producer_regs", &[("REGS", &r.to_string())])?,
                        None => String::new(),
                    },
                ),
                ("FILLS", &fills),
                ("PRODUCER", &producer),
                (
                    "CONSUMER_REGS",
                    &consumer_regs
                        .map(|r| format!("\n    rcute_setmaxnreg_inc<{r}>();"))
                        .unwrap_or_default(),
                ),
                ("CONSUMER", &consumer),
            ],
        )
    }

    /// The producer of a specialized kernel on TMA loads: one thread walks the units
    /// (`first`, then a `step` of the blocks or clusters launched) and issues each stage's
    /// boxes; with clusters it waits for the last releases before it exits.
    fn producer_tma(
        &self,
        (block_m, block_n): (&str, &str),
        (first, step): (&str, &str),
        walk: &Walk,
    ) -> Result<String, CodegenError> {
        let t = self.g.tiling;
        let (a, b, boxes) = (&self.plan.a, &self.plan.b, &self.fns.boxes);
        let stages = t.stages.to_string();
        let tail = if self.plan.cluster() > 1 {
            cu("producer_tail", &[("STAGES", &stages)])?
        } else {
            String::new()
        };
        let (issue_a, issue_b) = (
            indent(&self.issue(&boxes[0], "a", a)?, 12),
            indent(&self.issue(&boxes[1], "b", b)?, 12),
        );
        let stage_bytes = self.g.stage_bytes().to_string();
        let walk = walk.values(16);
        let mut values = vec![
            ("INDEX", self.it),
            ("BLOCK_M_INDEX", block_m),
            ("BLOCK_N_INDEX", block_n),
            ("STAGE_BYTES", &stage_bytes),
            ("ISSUE_A", &issue_a),
            ("ISSUE_B", &issue_b),
            ("STAGES", &stages),
            ("FIRST_TILE", first),
            ("TILE_STEP", step),
            ("TAIL", &tail),
        ];
        values.extend(walk.iter().map(|(k, v)| (*k, v.as_str())));
        cu("producer", &values)
    }

    /// The producers of a specialized kernel whose operands do not load by TMA: their
    /// threads copy each stage (`cp.async`, waited for, or element by element), make the
    /// copies visible to `wgmma` and arrive on the stage's `full` barrier.
    fn producer_copy(
        &self,
        block_m: &str,
        block_n: &str,
        walk: &Walk,
    ) -> Result<String, CodegenError> {
        let (ga, gb) = self
            .fns
            .g_ab
            .ok_or(wrong("gemm: no global index functions"))?;
        let copies = &self.fns.copies;
        let (a, b) = (&self.plan.a, &self.plan.b);
        let wait = if a.width > 1 || b.width > 1 {
            cu("cp_async_wait_all", &[])?
        } else {
            String::new()
        };
        let first = (self.plan.threads() - self.plan.producers()).to_string();
        let load_a = indent(&self.load(a, &copies[0], "A", ga, "m", "pt")?, 8);
        let load_b = indent(&self.load(b, &copies[1], "B", gb, "n", "pt")?, 8);
        let stages = self.g.tiling.stages.to_string();
        let walk = walk.values(12);
        let mut values = vec![
            ("INDEX", self.it),
            ("FIRST", &first),
            ("BLOCK_M_INDEX", block_m),
            ("BLOCK_N_INDEX", block_n),
            ("LOAD_A", &load_a),
            ("LOAD_B", &load_b),
            ("WAIT", &wait),
            ("STAGES", &stages),
        ];
        values.extend(walk.iter().map(|(k, v)| (*k, v.as_str())));
        cu("producer_copy", &values)
    }

    /// The main loop on `cp.async` copies: `STAGES - 1` tiles in flight (`STAGES - 2` for
    /// `wgmma`, whose last MMAs may still read the stage being overwritten otherwise).
    fn pipeline_cp_async(&self) -> Result<String, CodegenError> {
        let s = self.g.tiling.stages;
        let ahead = if self.wgmma() { s - 2 } else { s - 1 };
        let fence = if self.wgmma() {
            cu("fence_async_shared", &[])?
        } else {
            String::new()
        };
        let (ga, gb) = self
            .fns
            .g_ab
            .ok_or(wrong("gemm: no global index functions"))?;
        let copies = &self.fns.copies;
        cu(
            "pipeline_cp_async",
            &[
                ("INDEX", self.it),
                (
                    "LOAD_A",
                    &self.load(&self.plan.a, &copies[0], "A", ga, "m", "tid")?,
                ),
                (
                    "LOAD_B",
                    &self.load(&self.plan.b, &copies[1], "B", gb, "n", "tid")?,
                ),
                ("AHEAD", &ahead.to_string()),
                ("WAIT", &(ahead - 1).to_string()),
                ("FENCE", &fence),
                ("A_STAGE_INDEX", &self.call(self.fns.stage[0], "s_read")),
                ("B_STAGE_INDEX", &self.call(self.fns.stage[1], "s_read")),
                ("COMPUTE", &self.compute()?),
                ("STAGES", &s.to_string()),
            ],
        )
    }

    /// One operand's copy of one stage: `cp.async` of [`OperandPlan::width`] elements
    /// (zero-filled past the edge) or, for a width of 1, groups of 8 elements loaded one
    /// by one (zeros past the edge) and stored to shared memory as one 16-byte word.
    fn load(
        &self,
        op: &OperandPlan,
        f: &CopyFns,
        ptr: &str,
        global: usize,
        rows: &str,
        thread: &str,
    ) -> Result<String, CodegenError> {
        let at = format!("{thread}, p, b{rows}, kt");
        let smem = format!(
            "{ptr}_smem + {} + {}",
            self.call(f.stage, "s"),
            self.call(f.smem, &format!("{thread}, p"))
        );
        let extent = rows.to_uppercase();
        let global_fn = global;
        let global = self.call(global, "r, c");
        let element = if op.width > 1 {
            let (inside, left) = if op.mn_major {
                ("c < K".to_string(), format!("{extent} - r"))
            } else {
                (format!("r < {extent}"), "K - c".to_string())
            };
            cu(
                "load_cp_async",
                &[
                    ("INSIDE", &inside),
                    ("LEFT", &left),
                    ("WIDTH", &op.width.to_string()),
                    ("BYTES", &(2 * op.width).to_string()),
                    ("SMEM", &smem),
                    ("PTR", ptr),
                    ("GLOBAL_INDEX", &global),
                ],
            )?
        } else {
            // the group runs along the contiguous mode: the rows M/N-major, K otherwise
            let (inside, at) = if op.mn_major {
                (format!("r + e < {extent} && c < K"), "r + e, c")
            } else {
                (format!("r < {extent} && c + e < K"), "r, c + e")
            };
            cu(
                "load_group",
                &[
                    ("INSIDE", &inside),
                    ("PTR", ptr),
                    ("GLOBAL_INDEX", &self.call(global_fn, at)),
                    ("SMEM", &smem),
                ],
            )?
        };
        cu(
            "load",
            &[
                ("INDEX", self.it),
                ("PASSES", &f.passes.to_string()),
                ("ROW_INDEX", &self.call(f.row, &at)),
                ("COL_INDEX", &self.call(f.k, &at)),
                ("ELEMENT", &element),
            ],
        )
    }

    /// The main loop on TMA loads: one thread issues the boxes of a stage, an mbarrier per
    /// stage counts their bytes.
    fn pipeline_tma(&self, barriers_at: i64) -> Result<String, CodegenError> {
        let t = self.g.tiling;
        let (a, b) = (&self.plan.a, &self.plan.b);
        let boxes = &self.fns.boxes;
        cu(
            "pipeline_tma",
            &[
                ("BARRIERS_AT", &barriers_at.to_string()),
                ("INDEX", self.it),
                ("STAGE_BYTES", &self.g.stage_bytes().to_string()),
                ("ISSUE_A", &self.issue(&boxes[0], "a", a)?),
                ("ISSUE_B", &self.issue(&boxes[1], "b", b)?),
                ("STAGES", &t.stages.to_string()),
                ("AHEAD", &(t.stages - 1).to_string()),
                ("A_STAGE_INDEX", &self.call(self.fns.stage[0], "s_read")),
                ("B_STAGE_INDEX", &self.call(self.fns.stage[1], "s_read")),
                ("COMPUTE", &self.compute()?),
            ],
        )
    }

    /// One operand's TMA boxes of one stage, of its part `rank` when the blocks of a
    /// cluster load parts of it and multicast them; the coordinates go contiguous mode
    /// first.
    fn issue(&self, f: &BoxFns, which: &str, op: &OperandPlan) -> Result<String, CodegenError> {
        let part = if op.parts > 1 { "rank" } else { "0" };
        let args = format!("i, {part}, b{}, kt", if which == "a" { "m" } else { "n" });
        let (r, c) = (self.call(f.row, &args), self.call(f.k, &args));
        let (inner, outer) = if op.mn_major { (&r, &c) } else { (&c, &r) };
        let stage = self.fns.stage[if which == "a" { 0 } else { 1 }];
        let mask = format!("{:#x}", (1u32 << op.parts) - 1);
        let smem = self.call(f.smem, &format!("i, {part}"));
        let (ptr, stage) = (which.to_uppercase(), self.call(stage, "s"));
        let mut values = vec![
            ("INDEX", self.it),
            ("BOXES", &f.boxes),
            ("PTR", &ptr),
            ("STAGE_INDEX", &stage),
            ("BOX_SMEM_INDEX", &smem),
            ("OPERAND", which),
            ("INNER_INDEX", inner),
            ("OUTER_INDEX", outer),
        ];
        if op.parts > 1 {
            values.push(("MASK", &mask));
            cu("issue_multicast", &values)
        } else {
            cu("issue", &values)
        }
    }

    /// The MMAs on one stage.
    fn compute(&self) -> Result<String, CodegenError> {
        let t = self.g.tiling;
        let (fa, fb) = self.fns.frag;
        let kk = (t.bk / 16).to_string();
        if self.wgmma() {
            let kk = (t.bk / self.g.ty.gmma_types().k()).to_string();
            return cu(
                "compute_wgmma",
                &[
                    ("INDEX", self.it),
                    ("KK", &kk),
                    ("AB_BYTES", &self.g.ty.bytes().to_string()),
                    ("A_SLICE_INDEX", &self.call(fa, "wg, kk")),
                    ("B_SLICE_INDEX", &self.call(fb, "0, kk")),
                ],
            );
        }
        let trans = |op: &OperandPlan| if op.mn_major { "_t" } else { "" };
        cu(
            "compute_mma_sync",
            &[
                ("INDEX", self.it),
                ("KK", &kk),
                ("MI", &(t.bm / t.warps_m / 16).to_string()),
                ("NJ", &(t.bn / t.warps_n / 16).to_string()),
                ("A_TRANS", trans(&self.plan.a)),
                ("B_TRANS", trans(&self.plan.b)),
                ("A_FRAG_INDEX", &self.call(fa, "lane, i, kk, wm")),
                ("B_FRAG_INDEX", &self.call(fb, "lane, jp, kk, wn")),
            ],
        )
    }

    /// The stores of the accumulators through shared memory and TMA ([`super::CStore`]).
    fn epilogue_tma(&self, f: &StoreFns) -> Result<String, CodegenError> {
        let args = "wg, q, bm, bn";
        let (r, c) = (self.call(f.row, args), self.call(f.col, args));
        let (inner, outer) = if f.row_major { (&c, &r) } else { (&r, &c) };
        cu(
            "epilogue_tma",
            &[
                ("CHUNKS", &f.chunks.to_string()),
                ("BUFFER_INDEX", &self.call(f.buffer, "q, wg")),
                ("IN_FLIGHT", if f.chunks % 2 == 0 { "1" } else { "0" }),
                ("J_INDEX", &self.call(f.j, "jj, q")),
                ("PAIR_INDEX", &self.call(f.pair, "wt, h, jj")),
                ("INNER_INDEX", inner),
                ("OUTER_INDEX", outer),
            ],
        )
    }

    /// The stores of the accumulators: in pairs when `C`'s layout keeps each pair
    /// contiguous and aligned, else element by element, predicated on the edges.
    fn epilogue(&self) -> Result<String, CodegenError> {
        let t = self.g.tiling;
        let Store::Direct {
            g_c,
            c: (f_cm, f_cn),
        } = self.fns.store
        else {
            return Err(wrong("gemm: no functions for the stores from registers"));
        };
        let at = if self.wgmma() {
            "wt, {e}, h, j, wg, bm, bn"
        } else {
            "lane, {e}, h, i, q, jp, warp, bm, bn"
        };
        let coords = |x: u8| {
            let args = at.replace("{e}", &x.to_string());
            cu(
                "coords",
                &[
                    ("INDEX", self.it),
                    ("E", &x.to_string()),
                    ("ROW_INDEX", &self.call(f_cm, &args)),
                    ("COL_INDEX", &self.call(f_cn, &args)),
                ],
            )
        };
        let c0 = self.call(g_c, "r0, c0");
        let elements = cu(
            "store_elements",
            &[("C0_INDEX", &c0), ("C1_INDEX", &self.call(g_c, "r1, c1"))],
        )?;
        let (scm, scn) = strides(&self.g.c)?;
        let store = if scn == 1 && scm % 2 == 0 && pairs_adjacent(&self.plan.c_frag, t.bm) {
            cu("store_pair", &[("C0_INDEX", &c0), ("ELEMENTS", &elements)])?
        } else {
            elements
        };
        let (c0, c1) = (coords(0)?, coords(1)?);
        let mut values = vec![
            ("COORDS_0", c0.as_str()),
            ("COORDS_1", &c1),
            ("STORE", &store),
        ];
        let (mi, nj) = (
            (t.bm / t.warps_m / 16).to_string(),
            (t.bn / t.warps_n / 16).to_string(),
        );
        let nj8 = (t.bn / 8).to_string();
        if self.wgmma() {
            values.push(("NJ", &nj8));
            cu("epilogue_wgmma", &values)
        } else {
            values.extend([("MI", mi.as_str()), ("NJ", &nj)]);
            cu("epilogue_mma_sync", &values)
        }
    }
}

/// `text` with every line but the first (which follows its hole's own indentation) and the
/// preprocessor's (`#pragma`) moved `by` more spaces to the right, for a section filled in
/// deeper than it was written.
fn indent(text: &str, by: usize) -> String {
    let pad = " ".repeat(by);
    text.lines()
        .enumerate()
        .map(|(i, l)| {
            if i == 0 || l.is_empty() || l.starts_with('#') {
                l.to_string()
            } else {
                format!("{pad}{l}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}
