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
//! * the copy thread-value layouts, `make_tiled_copy` of the catalog's `cp.async` atom of
//!   the operand's width, 16, 8 or 4 bytes, or of one element ([`rcute::atom::TiledCopy`]);
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
//! How wide an operand's copies are is decided from its layout
//! ([`rcute::analysis::vector_width`] of its strides): its contiguous mode must have a unit
//! stride, and the other a stride divisible by 8 for 16-byte `cp.async`, by 4 for 8-byte
//! and by 2 for 4-byte `cp.async.ca`; otherwise it is loaded element by element. Likewise
//! the results are stored in pairs when `C`'s layout keeps a pair contiguous and aligned.
//!
//! ```
//! use rcute_cuda::gemm::{Gemm, MmaType};
//! use rcute_cuda::kernel::matrix;
//! // a 1000 x 777 x 999 product, A row-major, B given as N x K row-major (K-major)
//! let g = Gemm::new(MmaType::F16, matrix(1000, 999, 999, true), matrix(777, 999, 999, true),
//!                   matrix(1000, 777, 777, true));
//! let k = g.kernel("gemm").unwrap();
//! assert_eq!((k.grid, k.block), (8 * 7, 128));
//! assert!(k.source.contains("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"));
//! ```

//!
//! The module reads in one direction, from the request to the source: [`Gemm`] and its
//! [`Tiling`] (`request`), the MMA atoms' layouts (`atoms`), each operand's
//! [`OperandPlan`] (`operand`) and the [`GemmPlan`] composed from them (`plan`), the choice
//! of [`Gemm::tuned`] (`tune`), the index functions of the plan (`index`), the wrappers the
//! kernel includes (`wrappers`) and the kernel text (`emit`); this file only calls them.

mod atoms;
mod emit;
mod index;
mod operand;
mod plan;
mod request;
mod tune;
mod wrappers;

pub use atoms::{ldsm_lanes, mma_a_tv, mma_b_pair_tv, mma_b_tv, mma_c_tv, wgmma_c_tv};
pub(crate) use emit::pairs_adjacent;
pub use plan::{CStore, GemmPlan, OperandPlan, SplitPlan};
pub use request::{Activation, Epilogue, GROUP_ALIGN, Gemm, Instr, MmaType, Tiling};

use crate::codegen::{CodegenError, IndexType};
use crate::kernel::Kernel;
use rcute::Layout;

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
            epilogue: Epilogue::default(),
            groups: None,
        }
    }

    /// A [grouped](Gemm::groups) GEMM of `groups` groups of `N x K` matrices `B` (stacked,
    /// `(groups N, K)`) on the rows of `A` (`(M, K)`, each group's rows starting at a
    /// multiple of [`GROUP_ALIGN`]), `C` `(M, N)`: the specialized `wgmma` kernel without
    /// clusters, `128 x 256 x 64` tiles in 4 stages where they are at least one per SM,
    /// else `128 x 128 x 64` in 6.
    ///
    /// ```
    /// use rcute_cuda::gemm::{Gemm, MmaType};
    /// use rcute_cuda::kernel::matrix;
    /// // 8 experts of 4096 x 4096, 8192 rows of tokens: 1024 tiles of 128 x 256
    /// let g = Gemm::tuned_grouped(MmaType::Bf16, matrix(8192, 4096, 4096, true),
    ///                             matrix(8 * 4096, 4096, 4096, true),
    ///                             matrix(8192, 4096, 4096, true), 8, 132).unwrap();
    /// assert_eq!((g.tiling.bm, g.tiling.bn, g.tiling.cluster), (128, 256, 1));
    /// assert!(g.kernel("grouped").unwrap().source.contains("G[bm] * N"));
    /// ```
    ///
    /// # Errors
    /// As [`Gemm::plan`]: `B`'s rows are not `groups` times `C`'s columns, the operands do
    /// not load by TMA (rows not 16-byte aligned).
    pub fn tuned_grouped(
        ty: MmaType,
        a: Layout,
        b: Layout,
        c: Layout,
        groups: i64,
        multiprocessors: u32,
    ) -> Result<Gemm, CodegenError> {
        tune::tuned_grouped(ty, a, b, c, groups, multiprocessors)
    }

    /// The type of `C`: [`Epilogue::output`], or [`MmaType::output`] of the inputs.
    pub fn c_type(&self) -> MmaType {
        self.epilogue.output.unwrap_or(self.ty.output())
    }

    /// `C = A * B^T` with the instruction and tiling rcute picks for the problem on a
    /// device of compute capability 9.0 with `multiprocessors` SMs, from this table
    /// (measured on the H100 and H200, docs/GPU.md):
    ///
    /// | operands | tiles of `128 x 256` | kernel |
    /// |---|---|---|
    /// | rows 16-byte aligned (TMA) | at least one per SM | `wgmma`, specialized, `128 x 256 x 64`, 4 stages, clusters of 2 |
    /// | rows 16-byte aligned (TMA) | fewer; tiles of `128 x 128` at least one per 2 SMs | `wgmma`, specialized, `128 x 128 x 64`, 6 stages |
    /// | rows 16-byte aligned (TMA) | fewer still | `wgmma`, specialized, `64 x 128 x 64`, 8 stages |
    /// | `A`'s rows 16-byte aligned, `B`'s not | any, where `K` is not split (below) | `mma.sync`, `128 x 64 x 64`, 2 x 2 warps, 4 stages |
    /// | `A`'s rows not 16-byte aligned | any | `wgmma`, specialized (the producer warpgroup copies), `64 x 128 x 64`, 8 stages |
    /// | rows 16-byte aligned (TMA), or any rows not | tiles of `64 x 128` fewer than half the SMs, `K` at least 8 k-tiles of 64 | the `64 x 128` kernel above for those rows (the copying one where a row is unaligned), `K` split ([`Tiling::splits`]) in `min(SMs / tiles, KT / 4)` ranges |
    /// | [`MmaType::E4M3`]: rows 16-byte aligned, both K-major (otherwise an error) | as the TMA rows | the TMA rows' kernels with `BK` 128 (a stage of as many bytes): `128 x 256 x 128`, 4 stages, clusters of 2 at `8192^3` |
    ///
    /// Small problems take small tiles so that more SMs have work; large ones take the
    /// large tile and clusters, whose loads per multiply are fewest. Split-K keeps the units
    /// (tiles times splits) no more than the SMs, every range at least 4 k-tiles long (and
    /// takes one split fewer while a range of `ceil(KT / splits)` would leave the last
    /// empty).
    ///
    /// ```
    /// use rcute_cuda::gemm::{Gemm, Instr, MmaType};
    /// use rcute_cuda::kernel::matrix;
    /// let (m, n, k) = (1000, 776, 1000);
    /// let g = Gemm::tuned(MmaType::F16, matrix(m, k, k, true), matrix(n, k, k, true),
    ///                     matrix(m, n, n, true), 132).unwrap();
    /// assert_eq!((g.instr, g.tiling.bm, g.tiling.bn, g.tiling.stages), (Instr::Wgmma, 64, 128, 8));
    /// assert_eq!(g.tiling.splits, 1); // 112 tiles of 64 x 128: no split
    /// // 8 tiles, 128 k-tiles: 132 / 8 = 16 splits of 8 k-tiles
    /// let (m, n, k) = (256, 256, 8192);
    /// let g = Gemm::tuned(MmaType::F16, matrix(m, k, k, true), matrix(n, k, k, true),
    ///                     matrix(m, n, n, true), 132).unwrap();
    /// assert_eq!((g.tiling.bm, g.tiling.bn, g.tiling.splits), (64, 128, 16));
    /// ```
    ///
    /// # Errors
    /// As [`Gemm::plan`]: the operands are not rank-2 integer layouts of matching extents,
    /// or e4m3 operands that are not K-major with 16-byte rows.
    pub fn tuned(
        ty: MmaType,
        a: Layout,
        b: Layout,
        c: Layout,
        multiprocessors: u32,
    ) -> Result<Gemm, CodegenError> {
        tune::tuned(ty, a, b, c, multiprocessors)
    }

    /// The layouts the kernel is generated from, checked: every copy of
    /// [`OperandPlan::width`] elements lands on as many contiguous aligned shared
    /// elements, and the swizzle of a stage does not depend on the stage.
    ///
    /// # Errors
    /// As [`Gemm::kernel`].
    pub fn plan(&self) -> Result<GemmPlan, CodegenError> {
        GemmPlan::new(self)
    }

    /// The kernel `name`, with `int` indices when every value fits, `long long` otherwise.
    /// Its arguments are `A, B, C` then [`Kernel::params`]; it needs
    /// [`Kernel::shared_bytes`] of dynamic shared memory.
    ///
    /// # Errors
    /// The operands are not rank-2 integer layouts of matching extents, the tiling does not
    /// divide into the MMA atoms and the copies, or an index does not fit in `long long`.
    pub fn kernel(&self, name: &str) -> Result<Kernel, CodegenError> {
        IndexType::narrowest(|ty| emit::kernel(self, name, ty))
    }
}
