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
//! use rcute_cuda::kernels::matrix;
//! // a 1000 x 777 x 999 product, A row-major, B given as N x K row-major (K-major)
//! let g = Gemm::new(MmaType::F16, matrix(1000, 999, 999, true), matrix(777, 999, 999, true),
//!                   matrix(1000, 777, 777, true));
//! let k = g.kernel("gemm").unwrap();
//! assert_eq!((k.grid, k.block), (8 * 7, 128));
//! assert!(k.source.contains("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"));
//! ```

mod emit;
mod plan;

pub use plan::{CStore, GemmPlan, OperandPlan, SplitPlan};

use crate::codegen::{CodegenError, IndexType};
use crate::kernels::{Kernel, int_pair};
use rcute::atom::{Gmma, GmmaMajor, GmmaTypes, MmaAtom};
use rcute::{Int, IntTuple, Layout, layout};

/// The input type of the product (and, for the 16-bit types, its output type).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MmaType {
    /// IEEE half precision.
    F16,
    /// bfloat16.
    Bf16,
    /// FP8 e4m3 inputs (one byte each; `wgmma` only, both operands K-major, loaded by TMA)
    /// with a bfloat16 output ([`MmaType::output`]) and `f32` accumulation:
    /// `wgmma.mma_async.m64nNk32.f32.e4m3.e4m3`.
    E4M3,
}

impl MmaType {
    /// The PTX type name of the inputs.
    pub fn ptx(self) -> &'static str {
        match self {
            MmaType::F16 => "f16",
            MmaType::Bf16 => "bf16",
            MmaType::E4M3 => "e4m3",
        }
    }

    /// The type of `C`: the input type for the 16-bit types, bfloat16 for e4m3 (one of
    /// the output types cuBLASLt's FP8 GEMM supports, and 16 bits wide like the others, so
    /// the epilogue is the same).
    pub fn output(self) -> MmaType {
        match self {
            MmaType::E4M3 => MmaType::Bf16,
            t => t,
        }
    }

    /// Bytes of one input element: 2, or 1 for e4m3.
    pub fn bytes(self) -> i64 {
        match self {
            MmaType::E4M3 => 1,
            _ => 2,
        }
    }

    /// The `wgmma` atom's types (f32 accumulators): `F32F16F16`, `F32BF16BF16` or
    /// `Fp8` e4m3 x e4m3.
    pub fn gmma_types(self) -> GmmaTypes {
        match self {
            MmaType::F16 => GmmaTypes::F32F16F16,
            MmaType::Bf16 => GmmaTypes::F32BF16BF16,
            MmaType::E4M3 => GmmaTypes::Fp8 {
                f32: true,
                a_e5m2: false,
                b_e5m2: false,
            },
        }
    }

    /// The shared-memory swizzle atom of the `wgmma` operands: the 128-byte swizzle
    /// `Sw<3,4,3>` on bytes, upcast to the element (CuTe's `GMMA::Layout_K_SW128_Atom<T>`,
    /// `upcast<sizeof_bits<T>>` of the bit atom): `Sw<3,3,3>` for 16-bit elements,
    /// `Sw<3,4,3>` for 8-bit ones.
    ///
    /// ```
    /// use rcute_cuda::gemm::MmaType;
    /// assert_eq!(MmaType::F16.swizzle(), rcute::Swizzle::new(3, 3, 3));
    /// assert_eq!(MmaType::E4M3.swizzle(), rcute::Swizzle::new(3, 4, 3));
    /// ```
    pub fn swizzle(self) -> rcute::Swizzle {
        rcute::Swizzle::new(3, 4, 3)
            .try_upcast(self.bytes())
            .expect("1 and 2 are powers of two")
    }

    /// Elements in a 128-byte swizzle row: the `K` of a K-major stage (64 for 16-bit
    /// types, 128 for e4m3).
    pub fn row_elements(self) -> i64 {
        128 / self.bytes()
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
    /// `K` per pipeline stage: one 128-byte swizzle row of a K-major tile, 64 16-bit
    /// elements or 128 e4m3 ([`MmaType::row_elements`]).
    pub bk: i64,
    /// Warps along M.
    pub warps_m: i64,
    /// Warps along N.
    pub warps_n: i64,
    /// Tiles in flight.
    pub stages: i64,
    /// `wgmma` only (ignored by `mma.sync`): the warp-specialized persistent kernel. A
    /// producer warpgroup fills the stages, the `warps_m` consumer warpgroups multiply;
    /// each stage has a *full* mbarrier (its data has landed) and an *empty* one (every
    /// consumer warpgroup is done with it). On TMA loads one producer thread issues them
    /// and the warpgroup gives its registers to the others with `setmaxnreg`; where the
    /// operands' rows are not 16-byte aligned its 128 threads copy. The blocks stay
    /// resident, as many as fit at once, and walk the output tiles in [`Kernel::grid`]'s
    /// order with a stride of the blocks launched, so the producer loads the next tile
    /// while the consumers store the last. Without it, every thread waits on each stage
    /// and one thread issues the loads between `__syncthreads()`, one block per tile.
    pub specialized: bool,
    /// Blocks of a thread-block cluster along M, 1 or 2 ([specialized](Tiling::specialized)
    /// kernels on TMA loads only, ignored otherwise: [`GemmPlan::cluster`]): the blocks of
    /// a cluster compute tiles of neighbouring rows and the same columns, so they share
    /// `B`'s tile; each loads `1 / cluster` of its rows and the TMA multicasts them to
    /// every block of the cluster.
    pub cluster: i64,
    /// Split-K ([specialized](Tiling::specialized) kernels only; 1: none): `K`'s `KT`
    /// k-tiles are cut into this many ranges of `ceil(KT / splits)` (the last may be
    /// shorter, none may be empty: [`GemmPlan::split`]), and the persistent blocks walk the
    /// `(split, tile)` units. Each unit leaves its partial sums in a workspace
    /// ([`Kernel::workspace`]); the last unit of a tile to finish adds them in split order
    /// and stores the tile, in the same launch, so a problem of few tiles keeps more SMs
    /// busy.
    pub splits: i64,
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
            specialized: false,
            cluster: 1,
            splits: 1,
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
    /// (192 KiB of shared memory), [warp-specialized](Tiling::specialized), in clusters
    /// of 2 blocks along M that share `B`'s tiles.
    pub fn wgmma() -> Tiling {
        Tiling {
            bm: 128,
            bn: 256,
            bk: 64,
            warps_m: 2,
            warps_n: 1,
            stages: 4,
            specialized: true,
            cluster: 2,
            splits: 1,
        }
    }

    /// The `wgmma` kernel for problems whose `128 x 256` and `128 x 128` tiles are too few
    /// to fill the SMs: `64 x 128 x 64`, one consumer warpgroup, 8 stages, specialized,
    /// no clusters (what [`Gemm::tuned`] picks for them, split-K included).
    pub fn wgmma_64x128() -> Tiling {
        Tiling {
            bm: 64,
            bn: 128,
            warps_m: 1,
            stages: 8,
            cluster: 1,
            ..Tiling::wgmma()
        }
    }

    /// The k-tiles of a `K` of `k` elements: `ceil(k / bk)`.
    pub fn k_tiles(&self, k: i64) -> i64 {
        (k + self.bk - 1) / self.bk
    }
}

/// The k-tiles of each of `splits` ranges of `kt` k-tiles, `ceil(kt / splits)` (the last
/// range has what is left); `None` where the last range would be empty.
pub(crate) fn split_range(kt: i64, splits: i64) -> Option<i64> {
    let per_split = (kt + splits - 1) / splits;
    (kt >= 1 && (splits - 1) * per_split < kt).then_some(per_split)
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

pub(crate) fn st(v: i64) -> Int {
    Int::new(v, true)
}

pub(crate) fn st2(a: i64, b: i64) -> IntTuple {
    IntTuple::from_ints(&[st(a), st(b)])
}

pub(crate) fn wrong(msg: &'static str) -> CodegenError {
    CodegenError::Layout(rcute::Error::WrongKind { msg })
}

/// `(rows, cols)` of a rank-2 layout of integers.
pub(crate) fn extents(l: &Layout) -> Result<(Int, Int), CodegenError> {
    int_pair(&l.shape()).ok_or(wrong(
        "gemm: an operand must be a rank-2 layout of integers",
    ))
}

/// Integer strides of a rank-2 layout.
pub(crate) fn strides(l: &Layout) -> Result<(i64, i64), CodegenError> {
    let (a, b) =
        int_pair(&l.stride()).ok_or(wrong("gemm: an operand's strides must be integers"))?;
    Ok((a.value(), b.value()))
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
    /// use rcute_cuda::kernels::matrix;
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
        let mut g = Gemm::new(ty, a, b, c);
        g.instr = Instr::Wgmma;
        g.tiling = Tiling {
            bk: ty.row_elements(),
            ..Tiling::wgmma()
        };
        let plan = g.plan()?;
        if !plan.tma {
            // the specialized kernel whose producer warpgroup copies
            g.tiling = Tiling::wgmma_64x128();
            g.tiling.splits = g.split_k(multiprocessors)?;
            // where only B's rows are unaligned, mma.sync is faster unless K is split
            if plan.a.vector && g.tiling.splits == 1 {
                g.instr = Instr::MmaSync;
                g.tiling = Tiling {
                    bn: 64,
                    stages: 4,
                    ..Tiling::default()
                };
            }
            return Ok(g);
        }
        let (m, n) = (extents(&g.a)?.0.value(), extents(&g.b)?.0.value());
        let tiles = |bm: i64, bn: i64| (m + bm - 1) / bm * ((n + bn - 1) / bn);
        let sms = i64::from(multiprocessors);
        if tiles(128, 256) < sms {
            g.tiling = if 2 * tiles(128, 128) >= sms {
                Tiling {
                    bn: 128,
                    stages: 6,
                    cluster: 1,
                    ..g.tiling
                }
            } else {
                Tiling {
                    bk: g.tiling.bk,
                    ..Tiling::wgmma_64x128()
                }
            };
            if g.tiling.bm == 64 {
                g.tiling.splits = g.split_k(multiprocessors)?;
            }
        }
        Ok(g)
    }

    /// Bytes of one pipeline stage: a `BM x BK` tile of `A` and a `BN x BK` tile of `B`
    /// (what a stage's TMA loads bring in).
    pub(crate) fn stage_bytes(&self) -> i64 {
        let t = self.tiling;
        self.ty.bytes() * (t.bm + t.bn) * t.bk
    }

    /// The splits of `K` [`Gemm::tuned`] picks for its tiling: `SMs / tiles` where the
    /// tiles are fewer than half the SMs, at most one per 4 k-tiles (and fewer where a
    /// range of `ceil(KT / splits)` would be left empty); 1 (no split) otherwise.
    fn split_k(&self, multiprocessors: u32) -> Result<i64, CodegenError> {
        let t = self.tiling;
        let (m, k) = extents(&self.a)?;
        let n = extents(&self.b)?.0.value();
        let tiles = (m.value() + t.bm - 1) / t.bm * ((n + t.bn - 1) / t.bn);
        let sms = i64::from(multiprocessors);
        let kt = t.k_tiles(k.value());
        if tiles < 1 || 2 * tiles >= sms {
            return Ok(1);
        }
        let mut splits = (sms / tiles).min(kt / 4).max(1);
        // ranges of ceil(KT / splits): fewer splits where the last would be empty
        while splits > 1 && split_range(kt, splits).is_none() {
            splits -= 1;
        }
        Ok(splits)
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
}
