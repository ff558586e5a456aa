//! A tensor-core GEMM, `C = A * B` with 16-bit inputs and outputs and `f32` accumulation,
//! whose every index comes from rcute's algebra.
//!
//! The kernel is the classic Ampere design on `mma.sync.m16n8k16`: a thread block computes
//! a `BM x BN` tile of `C`; `STAGES` tiles of `A` and `B` are in flight from global to
//! swizzled shared memory through `cp.async`; warps read their fragments with `ldmatrix`
//! and multiply them on the tensor cores. The layouts it is built from:
//!
//! * the MMA atom's thread-value layouts, [`mma_a_tv`], [`mma_b_tv`], [`mma_c_tv`] (the
//!   catalog's `SM80_16x8x16_F32F16F16F32_TN`, [`rcute::atom`]), and the `ldmatrix` lane
//!   layouts [`ldsm_lanes`], which say which lane supplies which row address (from the
//!   catalog's `SM75_U32x4_LDSM_N` and `SM75_U16x8_LDSM_T` atoms); the `wgmma`
//!   accumulator's [`wgmma_c_tv`] (the catalog's `SM90_64xNx16_F32F16F16_SS<K,K>`);
//! * the copy thread-value layouts, `make_tiled_copy` of the catalog's 16-byte `cp.async`
//!   atom ([`rcute::atom::TiledCopy`]);
//! * the shared-memory layouts: a swizzled atom `Sw<3,3,3> o (8,64):(64,1)` (K-major) or
//!   `Sw<3,3,3> o (64,8):(1,64)` (M/N-major), tiled to the block's tile with
//!   `tile_to_shape`, the stages appended as a last mode;
//! * the operands' own layouts `(M,K)`, `(N,K)`, `(M,N)` (CuTe's convention: `B` is given
//!   as `N x K`); the tiles of their padded identity layouts (`zipped_divide`, as
//!   `local_tile`) give the coordinates that predicate the edges;
//! * the blocks' order, a coordinate layout that walks the output tiles in groups of 8
//!   rows, so that blocks running together share their tiles of `B` in L2.
//!
//! Each of these is composed on the host and emitted by [`crate::codegen`]; the kernel
//! text around them holds loops, predicates and the PTX instructions, no index arithmetic.
//! Whether an operand is copied with 16-byte `cp.async` is decided from its layout: its
//! contiguous mode must have a unit stride and the other a stride divisible by 8;
//! otherwise it is loaded element by element. Likewise the results are stored in pairs
//! when `C`'s layout keeps a pair contiguous and aligned.
//!
//! ```
//! use rcute_cuda::gemm::{Gemm, MmaType};
//! use rcute_cuda::kernels::matrix;
//! // a 1000 x 777 x 999 product, A row-major, B given as N x K row-major (K-major)
//! let g = Gemm::new(MmaType::F16, matrix(1000, 999, 999, true), matrix(777, 999, 999, true),
//!                   matrix(1000, 777, 777, true));
//! let k = g.kernel("gemm").unwrap();
//! assert_eq!((k.grid, k.block), (8 * 7, 128));
//! assert!(k.source.contains("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"));
//! ```

use crate::codegen::{CodegenError, IndexFn, IndexType, Inputs, PRELUDE};
use crate::kernels::{
    Kernel, TensorMap, declaration, grid_count, identity_tiles, int_pair, kernel_params,
};
use rcute::analysis::tma::{TmaCopy, TmaError};
use rcute::atom::{Gmma, GmmaMajor, GmmaTypes, MmaAtom, TiledCopy};
use rcute::{ComposedLayout, Int, IntTuple, Layout, Major, Swizzle, TileOrder, Tiler, layout};

/// The 16-bit input (and output) type of the product.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MmaType {
    /// IEEE half precision.
    F16,
    /// bfloat16.
    Bf16,
}

impl MmaType {
    /// The PTX type name.
    pub fn ptx(self) -> &'static str {
        match self {
            MmaType::F16 => "f16",
            MmaType::Bf16 => "bf16",
        }
    }
}

/// The tensor-core instruction the kernel is built on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Instr {
    /// `mma.sync.m16n8k16` (sm_80 and later): warps load fragments with `ldmatrix`.
    MmaSync,
    /// `wgmma.mma_async.m64nNk16` (sm_90a): warpgroups multiply straight from shared
    /// memory through matrix descriptors.
    Wgmma,
}

/// The thread-value layout of the accumulator of `wgmma.m64nNk16` (f32): `(T,V)` over the
/// 128 threads of a warpgroup to the column-major index of the `64 x N` (M,N) tile: the
/// `LayoutC_TV` of the catalog's `SM90_64xNx16_F32F16F16_SS<K,K>` (CuTe's `CLayout_64xN`).
///
/// ```
/// use rcute_cuda::gemm::wgmma_c_tv;
/// assert_eq!(wgmma_c_tv(128).unwrap().to_string(), "((_4,_8,_4),(_2,_2,_16)):((_128,_1,_16),(_64,_8,_512))");
/// assert!(wgmma_c_tv(12).is_err());
/// ```
///
/// # Errors
/// An `n` for which there is no such instruction (not a multiple of 8 from 8 to 256).
pub fn wgmma_c_tv(n: i64) -> Result<Layout, rcute::Error> {
    let atom = Gmma {
        n,
        types: GmmaTypes::F32F16F16,
        a_in_registers: false,
        major_a: GmmaMajor::K,
        major_b: GmmaMajor::K,
    }
    .try_atom()?;
    Ok(*atom.layout_c_tv())
}

/// The MMA atom of the `mma.sync` kernels: `mma.m16n8k16` f16 (or bf16) with f32
/// accumulators, whose thread-value layouts are the same for both input types.
const MMA_ATOM: MmaAtom = rcute::atom::SM80_16x8x16_F32F16F16F32_TN;

/// The thread-value layout of `mma.m16n8k16`'s `A` operand: `(T,V)` to the column-major
/// index of the `16 x 16` (M,K) tile (the catalog's `SM80_16x8x16_F32F16F16F32_TN`).
///
/// ```
/// use rcute_cuda::gemm::mma_a_tv;
/// assert_eq!(mma_a_tv().to_string(), "((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))");
/// ```
pub fn mma_a_tv() -> Layout {
    *MMA_ATOM.layout_a_tv()
}

/// The thread-value layout of `mma.m16n8k16`'s `B` operand: `(T,V)` to the column-major
/// index of the `8 x 16` (N,K) tile (the catalog atom's `LayoutB_TV`).
///
/// ```
/// use rcute_cuda::gemm::mma_b_tv;
/// assert_eq!(mma_b_tv().to_string(), "((_4,_8),(_2,_2)):((_16,_1),(_8,_64))");
/// ```
pub fn mma_b_tv() -> Layout {
    *MMA_ATOM.layout_b_tv()
}

/// The thread-value layout of `mma.m16n8k16`'s accumulator: `(T,V)` to the column-major
/// index of the `16 x 8` (M,N) tile (the catalog atom's `LayoutC_TV`, CuTe's `SM80_16x8_Row`).
///
/// ```
/// use rcute_cuda::gemm::mma_c_tv;
/// assert_eq!(mma_c_tv().to_string(), "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))");
/// ```
pub fn mma_c_tv() -> Layout {
    *MMA_ATOM.layout_c_tv()
}

/// Two `B` atoms stacked along N: the thread-value layout, `(T,((V),atom))`, of a
/// `16 x 16` (N,K) block, the one an `ldmatrix.x4` fills for two MMAs.
///
/// ```
/// use rcute_cuda::gemm::mma_b_pair_tv;
/// assert_eq!(mma_b_pair_tv().to_string(), "((_4,_8),((_2,_2),_2)):((_32,_1),((_16,_128),_8))");
/// ```
pub fn mma_b_pair_tv() -> Layout {
    // the 8 x 16 atom inside the 16 x 16 block, then the second atom 8 rows down
    let atom = layout!((_8, _16):(_1, _16)).composition(&mma_b_tv());
    let second = layout!(_2:_8);
    Layout::concat(&[atom.mode(0), Layout::concat(&[atom.mode(1), second])])
}

/// The lanes of `ldmatrix.x4` as a layout from lane to the thread-value index `T + 32 V` of
/// a fragment whose values come in pairs: lane `t` supplies the address of row `t % 8` of
/// matrix `t / 8`, and matrix `j` is the register holding values `(2j, 2j+1)`.
///
/// Without `.trans` a matrix row is a pair-row: row `r` starts at thread `4r`, value `2j`
/// (`(_8,_4):(_4,_64)`). With `.trans` the rows in memory are the fragment's columns: row
/// `r` starts at the element thread `r / 2` holds as value `2j + r % 2`
/// (`(_2,_4,_4):(_32,_1,_64)`).
///
/// ```
/// use rcute_cuda::gemm::{ldsm_lanes, mma_a_tv};
/// // composed with the A fragment: the (m,k) tile index each lane's row starts at
/// assert_eq!(mma_a_tv().composition(&ldsm_lanes(false)).to_string(), "(_8,(_2,_2)):(_1,(_8,_128))");
/// ```
pub fn ldsm_lanes(trans: bool) -> Layout {
    // lane t supplies the address of element 0 of its source row; the atom's
    // right_inverse(ValLayoutRef) o ValLayoutSrc takes it to the (T,V) that receives it
    let name = if trans {
        "Copy_Atom<SM75_U16x8_LDSM_T, half_t>"
    } else {
        "Copy_Atom<SM75_U32x4_LDSM_N, half_t>"
    };
    let atom = rcute::atom::copy_atom(name).expect("the catalog has the ldmatrix atoms");
    atom.val_layout_ref()
        .right_inverse()
        .composition(atom.val_layout_src())
        .mode(0)
}

/// The block and warp shape of the kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tiling {
    /// Rows of `C` per block.
    pub bm: i64,
    /// Columns of `C` per block.
    pub bn: i64,
    /// `K` per pipeline stage (64: one 128-byte swizzle row of a K-major tile).
    pub bk: i64,
    /// Warps along M.
    pub warps_m: i64,
    /// Warps along N.
    pub warps_n: i64,
    /// Tiles in flight.
    pub stages: i64,
}

impl Default for Tiling {
    /// `128 x 128 x 64`, 2 x 2 warps of `64 x 64`, 3 stages (96 KiB of shared memory).
    fn default() -> Self {
        Tiling {
            bm: 128,
            bn: 128,
            bk: 64,
            warps_m: 2,
            warps_n: 2,
            stages: 3,
        }
    }
}

impl Tiling {
    /// Threads per block on `instr`: a warp per `(warps_m, warps_n)` for `mma.sync`, a
    /// warpgroup per `warps_m` for `wgmma`.
    pub fn threads(&self, instr: Instr) -> i64 {
        match instr {
            Instr::MmaSync => 32 * self.warps_m * self.warps_n,
            Instr::Wgmma => 128 * self.warps_m,
        }
    }

    /// The `wgmma` kernel's default: `128 x 256 x 64`, two warpgroups of `64 x 256`
    /// (`warps_m` counts warpgroups for [`Instr::Wgmma`], `warps_n` is 1), 4 stages
    /// (192 KiB of shared memory).
    pub fn wgmma() -> Tiling {
        Tiling {
            bm: 128,
            bn: 256,
            bk: 64,
            warps_m: 2,
            warps_n: 1,
            stages: 4,
        }
    }
}

/// A GEMM `C(M,N) = A(M,K) * B(N,K)^T`: the operands' layouts and the tiling.
#[derive(Clone, Debug)]
pub struct Gemm {
    /// The tensor-core instruction.
    pub instr: Instr,
    /// The type of `A`, `B` and `C`.
    pub ty: MmaType,
    /// `A` as `(M,K)`.
    pub a: Layout,
    /// `B` as `(N,K)`.
    pub b: Layout,
    /// `C` as `(M,N)`.
    pub c: Layout,
    /// Block and warp shape.
    pub tiling: Tiling,
}

fn st(v: i64) -> Int {
    Int::new(v, true)
}

fn st2(a: i64, b: i64) -> IntTuple {
    IntTuple::from_ints(&[st(a), st(b)])
}

fn wrong(msg: &'static str) -> CodegenError {
    CodegenError::Layout(rcute::Error::WrongKind { msg })
}

/// `(rows, cols)` of a rank-2 layout of integers.
fn extents(l: &Layout) -> Result<(Int, Int), CodegenError> {
    int_pair(&l.shape()).ok_or(wrong(
        "gemm: an operand must be a rank-2 layout of integers",
    ))
}

/// Integer strides of a rank-2 layout.
fn strides(l: &Layout) -> Result<(i64, i64), CodegenError> {
    let (a, b) =
        int_pair(&l.stride()).ok_or(wrong("gemm: an operand's strides must be integers"))?;
    Ok((a.value(), b.value()))
}

/// The tiled copy of threads `thr` each copying the values `val` with 16-byte `cp.async`
/// (CuTe's `make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, half_t>, thr,
/// val)`): its thread-value layout `(T,V)`, to column-major indices of its tile, and the
/// tile's shape.
fn make_tv(thr: &Layout, val: &Layout) -> Result<(Layout, IntTuple), CodegenError> {
    let atom = rcute::atom::copy_atom("Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, half_t>")?;
    let copy = TiledCopy::try_new(atom, thr, val)?;
    Ok((*copy.layout_tv(), *copy.tiler()))
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
    /// Copy: `(T, E, P)` to column-major indices of the `(rows, BK)` tile; `E` the 8
    /// contiguous elements of one 16-byte copy, `P` the passes.
    pub copy: Layout,
    /// `ldmatrix` rows: `(lane, block, kk, warp)` to the column-major index of the
    /// `(rows, BK)` tile where the lane's row starts; `block` counts the warp's `16 x 16`
    /// blocks along the rows, `kk` the blocks along `BK`, `warp` the warp's position along
    /// the rows (`wm` for `A`, `wn` for `B`).
    pub frag: Layout,
    /// TMA boxes: box `i` to the column-major index of the `(rows, BK)` tile where it starts,
    /// read off [`OperandPlan::tma`]'s instructions (`_1:_0` when there is one box or no
    /// tensor map): one `(rows, 64)` box K-major, `64 x 64` boxes down the rows M/N-major.
    pub boxes: Layout,
    /// The TMA copy of one stage's tile from the whole operand
    /// ([`TmaCopy::try_new`] of the operand and [`OperandPlan::tile`], 16-bit elements):
    /// the tensor map and the boxes, proved, or why no tensor map moves it.
    pub tma: Result<TmaCopy, TmaError>,
    /// `wgmma` operand slices: `(block, kk)` to the column-major index of the `(rows, BK)`
    /// tile where the `64 x 16` slice starts (`block` counts 64 rows).
    pub slices: Layout,
    /// The operand's rows are contiguous (M- or N-major) rather than its K; its fragments
    /// are read with `ldmatrix.trans` (or `wgmma` transposes it).
    pub mn_major: bool,
    /// 16-byte copies are possible (unit stride along the contiguous mode, the other
    /// stride divisible by 8).
    pub vector: bool,
}

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
}

impl GemmPlan {
    /// Threads per block.
    pub fn threads(&self) -> i64 {
        self.tiling.threads(self.instr)
    }
}

impl OperandPlan {
    /// The fixed fields of an operand's `wgmma` matrix descriptor (PTX ISA, "Matrix Descriptor
    /// Format"; the start address is added per slice): 128-byte swizzle (type 1, bits 62-63),
    /// and the byte offsets, in 16-byte units, read off the unswizzled shared layout. K-major:
    /// the stride byte offset (bits 32-45) is the step between groups of 8 rows, the leading
    /// one (bits 16-29) is unused (1). M/N-major: the leading offset is the step between
    /// 64-element blocks of rows (unused, 1, when there is one block), the stride offset the
    /// step between groups of 8 `k`.
    ///
    /// # Errors
    /// The tile is not the 128-byte swizzle of 16-bit elements, or an offset does not fit
    /// the descriptor's 14 bits.
    pub fn descriptor(&self) -> Result<u64, CodegenError> {
        if self.tile.swizzle() != Swizzle::new(3, 3, 3) {
            return Err(wrong(
                "gemm: wgmma needs the 128-byte swizzle of 16-bit elements, Sw<3,3,3>",
            ));
        }
        let l = self.tile.layout();
        let bytes = |r: i64, k: i64| -> Result<u64, CodegenError> {
            let off = l.try_crd2idx(&st2(r, k))?.value() * 2;
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

    fn new(
        g: &Layout,
        rows: i64,
        t: &Tiling,
        threads: i64,
        per_warp: i64,
        atom_tv: &Layout,
    ) -> Result<OperandPlan, CodegenError> {
        let (sr, sk) = strides(g)?;
        let mn_major = sk != 1 && sr == 1;
        let vector = if mn_major {
            sk % 8 == 0
        } else {
            sk == 1 && sr % 8 == 0
        };
        let sw = Swizzle::new(3, 3, 3);
        let (atom, thr, val) = if mn_major {
            (
                layout!((_64, _8):(_1, _64)),
                Layout::new(st2(rows / 8, threads * 8 / rows), st2(1, rows / 8)),
                Layout::new(st2(8, 1), st2(1, 0)),
            )
        } else {
            (
                layout!((_8, _64):(_64, _1)),
                Layout::new(st2(threads * 8 / t.bk, t.bk / 8), st2(t.bk / 8, 1)),
                Layout::new(st2(1, 8), st2(0, 1)),
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
        let (tv, pass) = make_tv(&thr, &val)?;
        let tile_index = Layout::from_shape(st2(rows, t.bk));
        let tiles = tile_index.try_zipped_divide(&Tiler::try_from_shape(&pass)?)?;
        let one = tiles.try_mode(0)?.try_composition(&tv)?;
        let copy = Layout::concat(&[one.try_mode(0)?, one.try_mode(1)?, tiles.try_mode(1)?]);
        let frag = ldsm_frags(rows, t.bk, per_warp, atom_tv, mn_major)?;
        // TMA: the analysis picks the boxes (one (rows, 64) box K-major, 64 x 64 boxes down
        // the rows M/N-major, where the 128-byte span stops a box)
        let tma = TmaCopy::try_new(g, &rcute::MaybeSwizzled::Swizzled(tile), 16, None);
        let boxes = match &tma {
            Ok(c) => boxes_of(c, rows)?,
            Err(_) => layout!(_1:_0),
        };
        let slices = tile_index
            .try_zipped_divide(&Tiler::try_from_shape(&st2(64, 16))?)?
            .try_mode(1)?;
        Ok(OperandPlan {
            rows,
            frag,
            slices,
            boxes,
            tma,
            smem,
            tile,
            copy,
            mn_major,
            vector,
        })
    }
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

impl Gemm {
    /// `C = A * B^T` of these layouts on `mma.sync` with the default [`Tiling`].
    pub fn new(ty: MmaType, a: Layout, b: Layout, c: Layout) -> Gemm {
        Gemm {
            instr: Instr::MmaSync,
            ty,
            a,
            b,
            c,
            tiling: Tiling::default(),
        }
    }

    /// The layouts the kernel is generated from, checked: every 16-byte copy lands on 8
    /// contiguous aligned shared elements, and the swizzle of a stage does not depend on the
    /// stage.
    ///
    /// # Errors
    /// As [`Gemm::kernel`].
    pub fn plan(&self) -> Result<GemmPlan, CodegenError> {
        let t = self.tiling;
        let (m, k) = extents(&self.a)?;
        let (n, kb) = extents(&self.b)?;
        let (mc, nc) = extents(&self.c)?;
        if kb.value() != k.value() || mc.value() != m.value() || nc.value() != n.value() {
            return Err(wrong(
                "gemm: A (M,K), B (N,K) and C (M,N) disagree on M, N or K",
            ));
        }
        let (wm_n, wn_n) = (t.warps_m, t.warps_n);
        let wgmma = self.instr == Instr::Wgmma;
        let threads = t.threads(self.instr);
        let (mi, ni) = if wgmma {
            (t.bm / 16, 2)
        } else {
            (t.bm / wm_n.max(1) / 16, t.bn / wn_n.max(1) / 8)
        };
        let shape_ok = if wgmma {
            wn_n == 1
                && (1..=4).contains(&wm_n)
                && t.bm == 64 * wm_n
                && t.bn <= 256
                && t.stages >= 3
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
        let ok = shape_ok
            && t.bk == 64
            && t.bm % 64 == 0
            && t.bn % 64 == 0
            && (t.bm * t.bk / 8) % threads == 0
            && (t.bn * t.bk / 8) % threads == 0
            && threads * 8 % t.bm == 0
            && threads * 8 % t.bn == 0;
        if !ok {
            return Err(wrong(if wgmma {
                "gemm: the wgmma tiling must have BK = 64, BM = 64 x warpgroups (1 to 4, warps_n = 1), BN a multiple of 64 up to 256, and at least 3 stages"
            } else {
                "gemm: the tiling must have BK = 64, BM and BN multiples of 64 split into 16 x 16 warp blocks, and at least 2 stages"
            }));
        }
        let (a_per_warp, b_per_warp) = if wgmma {
            (t.bm / 16, t.bn / 16)
        } else {
            (mi, ni / 2)
        };
        let a = OperandPlan::new(&self.a, t.bm, &t, threads, a_per_warp, &mma_a_tv())?;
        let b = OperandPlan::new(&self.b, t.bn, &t, threads, b_per_warp, &mma_b_pair_tv())?;
        for op in [&a, &b] {
            check_vectors(op)?;
            check_stages(op)?;
        }
        let bytes = 2 * (a.smem.layout().cosize().value() + b.smem.layout().cosize().value());
        if bytes + 8 * t.stages > 227 * 1024 {
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
            return Ok(GemmPlan {
                instr: self.instr,
                tma,
                tiling: t,
                a,
                b,
                c_frag,
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
        Ok(GemmPlan {
            instr: self.instr,
            tma: false,
            tiling: t,
            a,
            b,
            c_frag,
        })
    }

    /// The kernel `name`, with `int` indices when every value fits, `long long` otherwise.
    /// Its arguments are `A, B, C` then [`Kernel::params`]; it needs
    /// [`Kernel::shared_bytes`] of dynamic shared memory.
    ///
    /// # Errors
    /// The operands are not rank-2 integer layouts of matching extents, the tiling does not
    /// divide into the MMA atoms and the copies, or an index does not fit in `long long`.
    pub fn kernel(&self, name: &str) -> Result<Kernel, CodegenError> {
        IndexType::narrowest(|ty| self.kernel_with(name, ty))
    }

    fn kernel_with(&self, name: &str, ty: IndexType) -> Result<Kernel, CodegenError> {
        let plan = self.plan()?;
        let t = self.tiling;
        let wgmma = self.instr == Instr::Wgmma;
        let (m, k) = extents(&self.a)?;
        let (n, _) = extents(&self.b)?;
        let threads = plan.threads();
        let (a, b, cfrag) = (&plan.a, &plan.b, &plan.c_frag);
        let mut e = Emitter {
            ty,
            fns: Vec::new(),
        };

        // threads: lanes of warps (mma.sync) or threads of warpgroups (wgmma)
        let (group, groups) = if wgmma {
            (128, t.warps_m)
        } else {
            (32, t.warps_m * t.warps_n)
        };
        let lanes = Layout::identity(st2(group, groups));
        let (lane_fn, group_fn) = if wgmma {
            ("thread_of", "warpgroup_of")
        } else {
            ("lane_of", "warp_of")
        };
        let f_lane = e.coord1(lane_fn, &lanes, 0)?;
        let f_warp = e.coord1(group_fn, &lanes, 1)?;
        // the warp's position in the block (mma.sync; a warpgroup's is its index)
        let warp_pos = if wgmma {
            String::new()
        } else {
            let warps = Layout::identity(st2(t.warps_m, t.warps_n));
            let f_wm = e.coord1("warp_m", &warps, 0)?;
            let f_wn = e.coord1("warp_n", &warps, 1)?;
            format!(
                "\n    const {} wm = {}, wn = {};",
                ty.c_name(),
                e.call(f_wm, "warp"),
                e.call(f_wn, "warp")
            )
        };

        // blocks: output tiles in groups of 8 tile rows (1 when the tile rows do not divide)
        let mt = m.try_ceil_div(st(t.bm))?.to_dynamic();
        let nt = n.try_ceil_div(st(t.bn))?.to_dynamic();
        let kt = k.try_ceil_div(st(t.bk))?.to_dynamic();
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
        let f_bm = e.coord1("block_m", &raster, 0)?;
        let f_bn = e.coord1("block_n", &raster, 1)?;

        // global offsets
        let f_gc = e.layout("g_c", &self.c)?;
        let (f_ga, f_gb) = if plan.tma {
            (0, 0)
        } else {
            (e.layout("g_a", &self.a)?, e.layout("g_b", &self.b)?)
        };
        let copy_stage = [
            e.layout("a_stage", &a.smem.layout().try_mode(2)?)?,
            e.layout("b_stage", &b.smem.layout().try_mode(2)?)?,
        ];

        // copies: coordinates of (thread, pass, tile row, k tile) and shared offsets
        let mut copy_fns = Vec::new();
        let copied = if plan.tma {
            vec![]
        } else {
            vec![(a, m, "a"), (b, n, "b")]
        };
        for (i, (op, rows, name)) in copied.into_iter().enumerate() {
            let ids = identity_tiles(rows, k, st(op.rows), st(t.bk))?;
            let l = if op.vector {
                // the first element of each 16-byte copy
                Layout::try_concat(&[op.copy.try_mode(0)?, op.copy.try_mode(2)?])?
            } else {
                let v = Layout::try_concat(&[op.copy.try_mode(1)?, op.copy.try_mode(2)?])?;
                Layout::try_concat(&[op.copy.try_mode(0)?, v])?
            };
            let coords = with_tiles(&ids, &l)?;
            let r = e.coord(&format!("{name}_copy_row"), &coords, 0)?;
            let c = e.coord(&format!("{name}_copy_k"), &coords, 1)?;
            let s = e.composed(
                &format!("{name}_copy_smem"),
                &op.tile.try_composition_tiler(&Tiler::layout(l))?,
            )?;
            copy_fns.push((r, c, s, copy_stage[i], l.try_mode(1)?.size().value()));
        }
        // TMA boxes: coordinates of (box, tile row, k tile), unswizzled shared offsets, and
        // the descriptors the host encodes
        let mut box_fns = Vec::new();
        let mut tensor_maps = Vec::new();
        if plan.tma {
            for (i, (op, rows, name)) in [(a, m, "a"), (b, n, "b")].into_iter().enumerate() {
                let ids = identity_tiles(rows, k, st(op.rows), st(t.bk))?;
                let coords = with_tiles(&ids, &op.boxes)?;
                let r = e.coord(&format!("{name}_box_row"), &coords, 0)?;
                let c = e.coord(&format!("{name}_box_k"), &coords, 1)?;
                let at = e.layout(
                    &format!("{name}_box_smem"),
                    &op.tile.layout().try_composition(&op.boxes)?,
                )?;
                box_fns.push((r, c, at, op.boxes.size().value()));
                // the tensor map as the analysis derived it: the contiguous mode first (the
                // rows M/N-major, K K-major, as the loads pass the coordinates)
                let map = op.tma.as_ref().map_err(|e| CodegenError::Tma(*e))?;
                if map.rank() != 2 || map.modes()[0] != usize::from(!op.mn_major) {
                    return Err(wrong(
                        "gemm: the operand's tensor map is not 2-D with the contiguous mode first",
                    ));
                }
                tensor_maps.push(TensorMap {
                    operand: i,
                    dims: [map.global_dim()[0], map.global_dim()[1]],
                    stride_bytes: map.global_strides()[0],
                    box_dims: [map.box_dim()[0], map.box_dim()[1]],
                });
            }
        }
        // operands of the MMAs: ldmatrix row addresses of (lane, block, kk, warp along M or
        // N), or the (unswizzled) start of each wgmma's 64 x 16 slice, (warpgroup, kk)
        let (f_fa, f_fb) = if wgmma {
            (
                e.layout("a_slice", &a.tile.layout().try_composition(&a.slices)?)?,
                e.layout("b_slice", &b.tile.layout().try_composition(&b.slices)?)?,
            )
        } else {
            (
                e.composed(
                    "a_frag",
                    &a.tile.try_composition_tiler(&Tiler::layout(a.frag))?,
                )?,
                e.composed(
                    "b_frag",
                    &b.tile.try_composition_tiler(&Tiler::layout(b.frag))?,
                )?,
            )
        };

        let cids = identity_tiles(m, n, st(t.bm), st(t.bn))?;
        let ccoords = with_tiles(&cids, cfrag)?;
        let f_cm = e.coord("c_row", &ccoords, 0)?;
        let f_cn = e.coord("c_col", &ccoords, 1)?;
        let (scm, scn) = strides(&self.c)?;
        let pairs = scn == 1 && scm % 2 == 0 && pairs_adjacent(cfrag, t.bm);

        // source
        let it = ty.c_name();
        let ptx = self.ty.ptx();
        let mut src = String::from(PRELUDE);
        src.push_str(&device_helpers(ptx));
        if plan.tma {
            src.push_str(TMA_HELPERS);
        }
        if wgmma {
            src.push_str(&wgmma_helpers(
                ptx,
                t.bn,
                [a.mn_major, b.mn_major],
                [a.descriptor()?, b.descriptor()?],
            ));
        }
        for f in &e.fns {
            src.push_str(&f.source());
        }
        let params = kernel_params(&[("M", m), ("N", n), ("K", k), ("KT", kt)], &e.fns);
        let mut decl = declaration(
            "const unsigned short* __restrict__ A, const unsigned short* __restrict__ B, unsigned short* __restrict__ C",
            &params,
            ty,
        );
        for m in &tensor_maps {
            let which = ["a", "b"][m.operand];
            decl.push_str(&format!(
                ", const __grid_constant__ RcuteTensorMap tma_{which}"
            ));
        }
        let a_elems = a.smem.layout().try_cosize()?.value();
        let b_elems = b.smem.layout().try_cosize()?.value();
        let s = t.stages;
        let shared_bytes = 2 * (a_elems + b_elems) + if plan.tma { 8 * s } else { 0 };
        let load = |op: &OperandPlan,
                    (r, c, sm, stage, count): &(usize, usize, usize, usize, i64),
                    ptr: &str,
                    g: usize,
                    rows: &str| {
            let at = format!("tid, p, b{rows}, kt");
            let coords = format!(
                "const {it} r = {}, c = {};",
                e.call(*r, &at),
                e.call(*c, &at)
            );
            let smem_at = format!(
                "{ptr}_smem + {} + {}",
                e.call(*stage, "s"),
                e.call(*sm, "tid, p")
            );
            let extent = rows.to_uppercase();
            let element = if op.vector {
                let (inside, left) = if op.mn_major {
                    ("c < K".to_string(), format!("{extent} - r"))
                } else {
                    (format!("r < {extent}"), "K - c".to_string())
                };
                format!(
                    "const int n = {inside} ? min(max((int)({left}), 0), 8) : 0;\n\
                     \x20           rcute_cp_async16(rcute_smem_u32({smem_at}), {ptr} + (n > 0 ? {} : 0), 2 * n);",
                    e.call(g, "r, c"),
                )
            } else {
                format!(
                    "*({smem_at}) = (r < {extent} && c < K) ? {ptr}[{}] : (unsigned short)0;",
                    e.call(g, "r, c"),
                )
            };
            format!(
                "#pragma unroll\n\
                 \x20       for ({it} p = 0; p < {count}; ++p) {{\n\
                 \x20           {coords}\n\
                 \x20           {element}\n\
                 \x20       }}\n"
            )
        };
        let a_at = e.call(copy_stage[0], "s_read");
        let b_at = e.call(copy_stage[1], "s_read");
        // what differs: the accumulators, the MMAs on one stage, the epilogue's loops
        let (acc, compute, ahead, tail, loops, at) = if wgmma {
            let nj = t.bn / 8;
            (
                format!("float acc[{nj}][2][2];"),
                format!(
                    "rcute_wgmma_fence();\n\
                     #pragma unroll\n\
                     \x20       for ({it} kk = 0; kk < {kk_n}; ++kk)\n\
                     \x20           rcute_wgmma(&acc[0][0][0], rcute_desc_a(a_s + 2 * {}), rcute_desc_b(b_s + 2 * {}));\n\
                     \x20       rcute_wgmma_commit();\n\
                     \x20       rcute_wgmma_wait<1>();",
                    e.call(f_fa, "wg, kk"),
                    e.call(f_fb, "0, kk"),
                    kk_n = t.bk / 16,
                ),
                s - 2,
                "rcute_wgmma_wait<0>();".to_string(),
                format!(
                    "#pragma unroll\n\
                     \x20   for (int j = 0; j < {nj}; ++j)\n\
                     #pragma unroll\n\
                     \x20   for (int h = 0; h < 2; ++h) {{\n\
                     \x20       const float* v = acc[j][h];"
                ),
                "wt, {e}, h, j, wg, bm, bn",
            )
        } else {
            let (wm_n, wn_n) = (t.warps_m, t.warps_n);
            let (mi, nj) = (t.bm / wm_n / 16, t.bn / wn_n / 16);
            (
                format!("float acc[{mi}][{nj}][2][2][2];"),
                format!(
                    "#pragma unroll\n\
                     \x20       for ({it} kk = 0; kk < {kk_n}; ++kk) {{\n\
                     \x20           unsigned af[{mi}][4], bf[{nj}][2][2];\n\
                     #pragma unroll\n\
                     \x20           for ({it} i = 0; i < {mi}; ++i) rcute_ldsm{ta}(af[i], a_s + 2 * {});\n\
                     #pragma unroll\n\
                     \x20           for ({it} jp = 0; jp < {nj}; ++jp) rcute_ldsm{tb}(&bf[jp][0][0], b_s + 2 * {});\n\
                     #pragma unroll\n\
                     \x20           for (int i = 0; i < {mi}; ++i)\n\
                     #pragma unroll\n\
                     \x20           for (int jp = 0; jp < {nj}; ++jp)\n\
                     #pragma unroll\n\
                     \x20           for (int q = 0; q < 2; ++q) rcute_mma(&acc[i][jp][q][0][0], af[i], bf[jp][q]);\n\
                     \x20       }}",
                    e.call(f_fa, "lane, i, kk, wm"),
                    e.call(f_fb, "lane, jp, kk, wn"),
                    kk_n = t.bk / 16,
                    ta = if a.mn_major { "_t" } else { "" },
                    tb = if b.mn_major { "_t" } else { "" },
                ),
                s - 1,
                String::new(),
                format!(
                    "#pragma unroll\n\
                     \x20   for (int i = 0; i < {mi}; ++i)\n\
                     #pragma unroll\n\
                     \x20   for (int jp = 0; jp < {nj}; ++jp)\n\
                     #pragma unroll\n\
                     \x20   for (int q = 0; q < 2; ++q)\n\
                     #pragma unroll\n\
                     \x20   for (int h = 0; h < 2; ++h) {{\n\
                     \x20       const float* v = acc[i][jp][q][h];"
                ),
                "lane, {e}, h, i, q, jp, warp, bm, bn",
            )
        };
        let coords = |x: u8| {
            let args = at.replace("{e}", &x.to_string());
            format!(
                "const {it} r{x} = {}, c{x} = {};",
                e.call(f_cm, &args),
                e.call(f_cn, &args)
            )
        };
        let scalar = format!(
            "if (r0 < M && c0 < N) C[{}] = rcute_cvt1(v[0]);\n\
             \x20       if (r1 < M && c1 < N) C[{}] = rcute_cvt1(v[1]);",
            e.call(f_gc, "r0, c0"),
            e.call(f_gc, "r1, c1"),
        );
        let store = if pairs {
            format!(
                "if (r0 < M && c1 < N) *(unsigned*)(C + {}) = rcute_cvt2(v[0], v[1]);\n\
                 \x20       else {{ {scalar} }}",
                e.call(f_gc, "r0, c0")
            )
        } else {
            scalar
        };
        let fence = if wgmma {
            "\n        rcute_fence_async_shared();"
        } else {
            ""
        };
        let pipeline = if plan.tma {
            let issue = |(r, c, at, count): (usize, usize, usize, i64), which: &str, mn: bool| {
                let args = format!("i, b{}, kt", if which == "a" { "m" } else { "n" });
                let (r, c) = (e.call(r, &args), e.call(c, &args));
                let (inner, outer) = if mn { (&r, &c) } else { (&c, &r) };
                let ptr = which.to_uppercase();
                format!(
                    "#pragma unroll\n\
                     \x20       for ({it} i = 0; i < {count}; ++i)\n\
                     \x20           rcute_tma_load(rcute_smem_u32({ptr}_smem + {} + {}), &tma_{which}, {inner}, {outer}, bar);\n",
                    e.call(copy_stage[if which == "a" { 0 } else { 1 }], "s"),
                    e.call(at, "i"),
                )
            };
            format!(
                "\x20   unsigned long long* const bars = (unsigned long long*)(rcute_smem + {ab});\n\
                 \x20   auto issue = [&]({it} kt, {it} s) {{\n\
                 \x20       const unsigned bar = rcute_smem_u32(&bars[s]);\n\
                 \x20       rcute_mbar_expect_tx(bar, {bytes});\n\
                 \x20       {}\
                 \x20       {}\
                 \x20   }};\n\
                 \x20   if (tid == 0) {{\n\
                 \x20       for (int s = 0; s < {s}; ++s) rcute_mbar_init(rcute_smem_u32(&bars[s]), 1);\n\
                 \x20       rcute_fence_mbar_init();\n\
                 \x20   }}\n\
                 \x20   __syncthreads();\n\
                 \x20   if (tid == 0)\n\
                 \x20       for ({it} s = 0; s < {sm1}; ++s)\n\
                 \x20           if (s < KT) issue(s, s);\n\
                 \x20   {it} s_read = 0, s_write = {sm1};\n\
                 \x20   unsigned phase = 0;\n\
                 \x20   for ({it} kt = 0; kt < KT; ++kt) {{\n\
                 \x20       rcute_mbar_wait(rcute_smem_u32(&bars[s_read]), phase);\n\
                 \x20       const unsigned a_s = rcute_smem_u32(A_smem + {a_at}), b_s = rcute_smem_u32(B_smem + {b_at});\n\
                 \x20       {compute}\n\
                 \x20       __syncthreads();\n\
                 \x20       if (tid == 0 && kt + {sm1} < KT) issue(kt + {sm1}, s_write);\n\
                 \x20       s_read = s_read + 1 == {s} ? 0 : s_read + 1;\n\
                 \x20       phase ^= s_read == 0;\n\
                 \x20       s_write = s_write + 1 == {s} ? 0 : s_write + 1;\n\
                 \x20   }}",
                issue(box_fns[0], "a", a.mn_major),
                issue(box_fns[1], "b", b.mn_major),
                ab = a_elems + b_elems,
                bytes = 2 * (t.bm + t.bn) * t.bk,
                sm1 = s - 1,
            )
        } else {
            let load_a = load(a, &copy_fns[0], "A", f_ga, "m");
            let load_b = load(b, &copy_fns[1], "B", f_gb, "n");
            format!(
                "\x20   auto load = [&]({it} kt, {it} s) {{\n\
             \x20       {load_a}\
             \x20       {load_b}\
             \x20   }};\n\
             #pragma unroll\n\
             \x20   for ({it} s = 0; s < {ahead}; ++s) {{\n\
             \x20       if (s < KT) load(s, s);\n\
             \x20       rcute_cp_async_commit();\n\
             \x20   }}\n\
             \x20   {it} s_read = 0, s_write = {ahead};\n\
             \x20   for ({it} kt = 0; kt < KT; ++kt) {{\n\
             \x20       rcute_cp_async_wait<{wait}>();{fence}\n\
             \x20       __syncthreads();\n\
             \x20       if (kt + {ahead} < KT) load(kt + {ahead}, s_write);\n\
             \x20       rcute_cp_async_commit();\n\
             \x20       const unsigned a_s = rcute_smem_u32(A_smem + {a_at}), b_s = rcute_smem_u32(B_smem + {b_at});\n\
             \x20       {compute}\n\
             \x20       s_read = s_read + 1 == {s} ? 0 : s_read + 1;\n\
             \x20       s_write = s_write + 1 == {s} ? 0 : s_write + 1;\n\
             \x20   }}\n\
",
                wait = ahead - 1,
            )
        };
        src.push_str(&format!(
            "extern \"C\" __global__ void __launch_bounds__({threads}) {name}({decl}) {{\n\
             \x20   extern __shared__ __align__(1024) unsigned short rcute_smem[];\n\
             \x20   unsigned short* const A_smem = rcute_smem;\n\
             \x20   unsigned short* const B_smem = rcute_smem + {a_elems};\n\
             \x20   const {it} tid = threadIdx.x;\n\
             \x20   const {it} {lane} = {}, {group} = {};{warp_pos}\n\
             \x20   const {it} bm = {}, bn = {};\n\
             \x20   {acc}\n\
             #pragma unroll\n\
             \x20   for (unsigned z = 0; z < sizeof(acc) / sizeof(float); ++z) (&{acc0})[z] = 0.0f;\n\
             {pipeline}\n\
             \x20   {tail}\n\
             {loops}\n\
             \x20       {}\n\
             \x20       {}\n\
             \x20       {store}\n\
             \x20   }}\n\
             }}\n",
            e.call(f_lane, "tid"),
            e.call(f_warp, "tid"),
            e.call(f_bm, "blockIdx.x"),
            e.call(f_bn, "blockIdx.x"),
            coords(0),
            coords(1),
            acc0 = if wgmma { "acc[0][0][0]" } else { "acc[0][0][0][0][0]" },
            lane = if wgmma { "wt" } else { "lane" },
            group = if wgmma { "wg" } else { "warp" },
        ));
        let grid = mt.value() * nt.value();
        Ok(Kernel {
            name: name.to_string(),
            source: src,
            params,
            index_type: ty,
            grid: grid_count(grid)?,
            block: threads as u32,
            shared_bytes: shared_bytes as u32,
            tensor_maps,
        })
    }
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

/// Every 16-byte copy lands on 8 contiguous, 16-byte aligned shared elements.
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

fn check_vectors(op: &OperandPlan) -> Result<(), CodegenError> {
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
            if base % 8 != 0 || (0..en as usize).any(|e| at(e) != base + e as i64) {
                return Err(wrong(
                    "gemm: a 16-byte copy is not 8 contiguous aligned elements of the shared tile",
                ));
            }
        }
    }
    Ok(())
}

/// The swizzle of a stage's offsets does not depend on the stage: stage `s` is the first
/// stage's layout moved by `s` times its size.
fn check_stages(op: &OperandPlan) -> Result<(), CodegenError> {
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

/// The TMA wrappers: the descriptor type, mbarriers, and the 2-D tiled bulk copy.
const TMA_HELPERS: &str = r#"struct __align__(64) RcuteTensorMap { unsigned long long opaque[16]; };
__device__ __forceinline__ void rcute_mbar_init(unsigned bar, unsigned count) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(bar), "r"(count) : "memory");
}
__device__ __forceinline__ void rcute_fence_mbar_init() { asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory"); }
__device__ __forceinline__ void rcute_mbar_expect_tx(unsigned bar, unsigned bytes) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(bar), "r"(bytes) : "memory");
}
__device__ __forceinline__ void rcute_mbar_wait(unsigned bar, unsigned phase) {
    asm volatile("{\n.reg .pred p;\nRCUTE_WAIT:\n"
                 "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n"
                 "@!p bra RCUTE_WAIT;\n}\n" :: "r"(bar), "r"(phase) : "memory");
}
__device__ __forceinline__ void rcute_tma_load(unsigned dst, const RcuteTensorMap* map, int inner, int outer, unsigned bar) {
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];"
                 :: "r"(dst), "l"(map), "r"(inner), "r"(outer), "r"(bar) : "memory");
}
"#;

/// The `wgmma` wrappers: fences, the descriptors of both operands, and one
/// `m64nNk16` with both operands in shared memory.
fn wgmma_helpers(ptx: &str, n: i64, trans: [bool; 2], desc: [u64; 2]) -> String {
    let regs = n / 2;
    let outs: Vec<String> = (0..regs).map(|i| format!("%{i}")).collect();
    let binds: Vec<String> = (0..regs).map(|i| format!("\"+f\"(d[{i}])")).collect();
    format!(
        r#"__device__ __forceinline__ void rcute_fence_async_shared() {{ asm volatile("fence.proxy.async.shared::cta;" ::: "memory"); }}
__device__ __forceinline__ void rcute_wgmma_fence() {{ asm volatile("wgmma.fence.sync.aligned;" ::: "memory"); }}
__device__ __forceinline__ void rcute_wgmma_commit() {{ asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory"); }}
template <int N> __device__ __forceinline__ void rcute_wgmma_wait() {{
    asm volatile("wgmma.wait_group.sync.aligned %0;" :: "n"(N) : "memory");
}}
__device__ __forceinline__ unsigned long long rcute_desc_a(unsigned addr) {{
    return {da:#x}ULL | (unsigned long long)((addr & 0x3FFFF) >> 4);
}}
__device__ __forceinline__ unsigned long long rcute_desc_b(unsigned addr) {{
    return {db:#x}ULL | (unsigned long long)((addr & 0x3FFFF) >> 4);
}}
__device__ __forceinline__ void rcute_wgmma(float* d, unsigned long long da, unsigned long long db) {{
    asm volatile("{{\n.reg .pred p;\nsetp.ne.b32 p, %{r2}, 0;\n"
                 "wgmma.mma_async.sync.aligned.m64n{n}k16.f32.{ptx}.{ptx} {{{outs}}}, %{r0}, %{r1}, p, 1, 1, {ta}, {tb};\n}}\n"
                 : {binds}
                 : "l"(da), "l"(db), "r"(1));
}}
"#,
        da = desc[0],
        db = desc[1],
        outs = outs.join(", "),
        binds = binds.join(", "),
        r0 = regs,
        r1 = regs + 1,
        r2 = regs + 2,
        ta = trans[0] as u8,
        tb = trans[1] as u8,
    )
}

/// The PTX wrappers: shared addresses, `cp.async`, `ldmatrix`, `mma.sync`, conversion.
fn device_helpers(ptx: &str) -> String {
    format!(
        r#"__device__ __forceinline__ unsigned rcute_smem_u32(const void* p) {{
    unsigned r;
    asm("{{ .reg .u64 a; cvta.to.shared.u64 a, %1; cvt.u32.u64 %0, a; }}" : "=r"(r) : "l"(p));
    return r;
}}
__device__ __forceinline__ void rcute_cp_async16(unsigned dst, const void* src, int bytes) {{
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" :: "r"(dst), "l"(src), "r"(bytes));
}}
__device__ __forceinline__ void rcute_cp_async_commit() {{ asm volatile("cp.async.commit_group;"); }}
template <int N> __device__ __forceinline__ void rcute_cp_async_wait() {{
    asm volatile("cp.async.wait_group %0;" :: "n"(N));
}}
__device__ __forceinline__ void rcute_ldsm(unsigned* r, unsigned addr) {{
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{%0,%1,%2,%3}}, [%4];"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(addr));
}}
__device__ __forceinline__ void rcute_ldsm_t(unsigned* r, unsigned addr) {{
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {{%0,%1,%2,%3}}, [%4];"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(addr));
}}
__device__ __forceinline__ void rcute_mma(float* d, const unsigned* a, const unsigned* b) {{
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.{ptx}.{ptx}.f32 {{%0,%1,%2,%3}}, {{%4,%5,%6,%7}}, {{%8,%9}}, {{%0,%1,%2,%3}};"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}}
__device__ __forceinline__ unsigned rcute_cvt2(float lo, float hi) {{
    unsigned r;
    asm("cvt.rn.{ptx}x2.f32 %0, %1, %2;" : "=r"(r) : "f"(hi), "f"(lo));
    return r;
}}
__device__ __forceinline__ unsigned short rcute_cvt1(float x) {{
    return (unsigned short)(rcute_cvt2(x, 0.0f) & 0xffffu);
}}
"#
    )
}
