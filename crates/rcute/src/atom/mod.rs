//! CuTe's atom layer: MMA and copy atoms (the traits of one instruction, as `const` data),
//! `TiledMMA` and `TiledCopy`, their thread-value layouts and their partitions.
//!
//! Every atom of the catalog is CuTe's own, under CuTe's own name, with the layouts of
//! CuTe's traits headers (`mma_traits_sm80.hpp`, `mma_traits_sm90_gmma.hpp`,
//! `copy_traits_sm75.hpp`, `copy_traits_sm80.hpp`, `copy_traits_sm90.hpp`); the tiling
//! and partitioning functions follow `mma_atom.hpp` and `copy_atom.hpp` step by step, so
//! they print what CuTe prints.
//!
//! ```
//! use rcute::atom::{Operand, TiledMma, SM80_16x8x16_F32F16F16F32_TN};
//! use rcute::{layout, Tiler};
//! // four warps, 2x2 over M and N: a 32x16x16 tile
//! let mma = TiledMma::new(SM80_16x8x16_F32F16F16F32_TN, &layout!((_2,_2,_1):(_1,_2,_0)),
//!                         &Tiler::UNDERSCORE);
//! assert_eq!(mma.try_tile_shape().unwrap().to_string(), "(_32,_16,_16)");
//! assert_eq!(mma.try_layout_tv(Operand::C).unwrap().to_string(),
//!            "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))");
//! ```
//!
//! The catalog: `UniversalFMA<D,A,B,C>`; every SM80 `mma.sync` atom of CuTe's
//! `mma_traits_sm80.hpp` but the two `16x8x128` b1 atoms (below); `SM61_DP4A`/`DP2A`, the SM70
//! `8x8x4` atoms (all four majors), `SM75_16x8x8_F32F16F16F32_TN`,
//! `SM75_8x8x16_S32S8S8S32_TN`, the SM89 fp8 `16x8x32` atoms; every SM90 GMMA
//! (`SM90_64xNxK_*_SS/RS`) of f16, bf16, tf32, fp8 and int8 for every N CuTe defines, as
//! CuTe defines them with `CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED` (without it CuTe refuses
//! the N that are not 8, 16, 32, 64, 96, 128, 192 or 256 for 16-bit types); copies
//! `UniversalCopy<S[,D]>`, `SM75_U32x{1,2,4}_LDSM_N`, `SM75_U16x{2,4,8}_LDSM_T`,
//! `SM90_U32x{1,2,4}_STSM_N`, `SM90_U16x{2,4,8}_STSM_T`,
//! `SM75_U32x1_MOVM_T`, `SM80_CP_ASYNC_CACHEALWAYS/CACHEGLOBAL[_ZFILL]<T>`. `rcute::atom::mma_families` and
//! `copy_families` list them (`cute atoms`).
//!
//! SM100 UMMA (`tcgen05.mma`, CuTe's `mma_sm100_umma.hpp`): `SM100_MMA_{F16BF16, TF32, S8,
//! F8F6F4, MXF8F6F4, MXF4, MXF4NVF4}[_2x1SM]_{SS,TS}[_SCALED|_SPARSE]<types, M, N, ...,
//! majors>` under CuTe's template arguments (`UMMA::Major::K` or `K`), every M and N CuTe's
//! static assertions admit (others refused); see [`Umma`].
//!
//! SM103's block-scaled fp4 "ultra" atoms `SM103::SM103_MXF4_ULTRA[_2x1SM]_SS_VS<A, B, C, SF, M,
//! N, VS, majA, majB>` (K = 96), and the traits form of the two UMMA operations that are not
//! templates, `MMA_Traits<SM100_MMA_F8F6F4[_2x1SM]_SS, A, B, C, C<M>, C<N>,
//! integral_constant<UMMA::Major, ...>, ..., integral_constant<UMMA::ScaleIn, ...>, ...>`
//! (alone or in `MMA_Atom<...>`; `MMA_Traits<Op>` of another operation is `Op`'s atom).
//!
//! SM120 `mma.sync` (`SM120_16x8x32_TN<A,B,C>`, the block-scaled
//! `SM120::BLOCKSCALED::SM120_16x8x{32,64}_TN_VS` and the sparse forms), SM90's f64 and
//! complex f64 `mma.sync` (`SM90_16x8x{4,8,16}_{F64,C64}..._TN`), the copies
//! `AutoVectorizingCopy`, `DefaultCopy`, `AutoVectorizingCopyWithAssumedAlignment<N>` and
//! the SM50 shuffles `SM50_Shuffle_U32_2x2Trans_XOR1/4`.
//!
//! Refused with their reason: SM80's two b1 `16x8x128` atoms (CuTe's `LayoutA_TV`
//! `((_4,_8),(_32,_2)):((_512,_1),((_16,_8)))` is not congruent, so it is not a layout; CuTe
//! prints it), `SM100_MMA_F8F6F4_SS`/`_2x1SM_SS` spelled with template arguments (CuTe's
//! are not templates: spell them as their traits). SM90's sparse GMMAs
//! (`SM90::GMMA::SPARSE::GMMA_64xNxK_*`, [`Gmma::try_sparse_atom`]). TMA: `SM90_TMA_LOAD`,
//! `_MULTICAST`, `SM90_TMA_STORE`, `SM90_TMA_REDUCE_ADD`, `SM100_TMA_2SM_LOAD[_MULTICAST]`, built
//! by [`make_tma_atom`] and [`make_tma_copy`] as CuTe builds them. The bulk copies `SM90_BULK_COPY_AUTO` and `Copy_Traits<SM90_BULK_COPY_G2S,
//! Int<BITS>>` (and `S2G`), [`bulk_copy`]. SM100's copies: every `SM100_TMEM_LOAD_*`/`SM100_TMEM_STORE_*`
//! (each dp, bit and repeat form, `_16b` included), `SM100_UTCCP_*`, the 8-bit and 4/6-bit
//! `LDSM`/`STSM` and the 256-bit loads and stores, with the traits of
//! `copy_traits_sm100.hpp` (transcribed by `scripts/oracle/gen_sm100_copies.py`). UMMA's TMEM
//! fragments ([`TiledMma::try_tmem_fragment`], [`tmem_frg`]), [`make_tmem_warp_partitioner`],
//! [`TiledCopy::try_for_mma_c_atom`], the im2col TMA copies ([`make_im2col_tma_copy`], the
//! SM100 helpers [`make_im2col_tma_atom_sm100`], [`make_im2col_tma_copy_sm100`]) and their
//! coordinate tensor ([`Im2colTmaTensor`], which CuTe prints only with static output
//! extents), and the
//! SM100 vectorized FMAs `SM100_2x1x1_F32F32F32F32`, `SM100_1x2x1_F32F32F32F32`.
//!
//! Not in the catalog (`scripts/oracle/audit_atoms.py` checks every operation of CuTe 4.2's
//! `cute/arch` and `cute/atom` headers is in the catalog or here): the executable TMA forms
//! (`*_OP`, `SM90_TMA_STORE_PTR`, `::PREFETCH`: only `atom.with(mbarrier)` makes them), the
//! rank-specific TMA instruction wrappers (`SM90_TMA_LOAD_2D`, ...: no `Copy_Traits`),
//! `AutoCopyAsync` (a policy of the `copy` algorithm, no `Copy_Traits`), and UMMA's
//! shared-memory descriptor fragments of A and B.

mod catalog;
mod copy;
mod gmma;
mod mma;
mod name;
mod partitioner;
#[cfg(feature = "alloc")]
mod picture;
mod sm100_copy;
mod sm100_tmem;
mod sm120;
mod smem_atom;
mod tiled_copy;
mod tiled_mma;
mod tma;
mod tma_im2col;
mod tma_params;
mod tmem;
mod tmem_copy;
mod umma;

pub use catalog::{copy_atom, copy_families, element_bits, mma_atom, mma_families};
pub use copy::{
    CopyAtom, CopyOp, SM90_BULK_COPY_AUTO, ScalarCopy, auto_vectorizing_copy, bulk_copy,
};
pub use copy::{
    SM50_Shuffle_U32_2x2Trans_XOR1, SM50_Shuffle_U32_2x2Trans_XOR4, SM75_U16x2_LDSM_T,
    SM75_U16x4_LDSM_T, SM75_U16x8_LDSM_T, SM75_U32x1_LDSM_N, SM75_U32x1_MOVM_T, SM75_U32x2_LDSM_N,
    SM75_U32x4_LDSM_N, SM90_U16x2_STSM_T, SM90_U16x4_STSM_T, SM90_U16x8_STSM_T, SM90_U32x1_STSM_N,
    SM90_U32x2_STSM_N, SM90_U32x4_STSM_N,
};
pub use gmma::{Gmma, GmmaMajor, GmmaTypes, gmma_desc_fragment, umma_desc_fragment};
pub use mma::*;
pub use name::AtomName;
pub use partitioner::{TvTiler, make_tmem_warp_partitioner};
#[cfg(feature = "alloc")]
pub use picture::{latex_copy, latex_mma, svg_copy_panels, svg_mma, svg_mma_panels};
pub use smem_atom::smem_layout_atom;
pub use tiled_copy::TiledCopy;
pub use tiled_mma::TiledMma;
pub use tma::{
    TmaElement, make_tma_atom, make_tma_atom_as, make_tma_atom_sm100, make_tma_copy,
    make_tma_copy_as, make_tma_copy_atom, make_tma_copy_atom_as, make_tma_copy_sm100,
    make_tma_copy_tiled, make_tma_copy_tiled_as, tma_partition,
};
pub use tma_im2col::{
    Im2colConv, make_im2col_tma_atom, make_im2col_tma_atom_sm100, make_im2col_tma_copy,
    make_im2col_tma_copy_sm100,
};
pub use tma_params::{Im2colTmaTensor, TmaOp, TmaParams};
pub use tmem::{TmemAlloc, tmem_dp, tmem_frg};
pub use tmem_copy::make_tmem_copy;
pub use umma::{Umma, UmmaFamily, UmmaMajor, UmmaVariant};
