//! The MMA atoms' layouts the GEMM kernels are built from: the thread-value layouts of
//! `mma.m16n8k16` and of the `wgmma` accumulator, as the catalog of [`rcute::atom`] states
//! them, and the `ldmatrix` lanes.

use rcute::atom::{Gmma, GmmaMajor, GmmaTypes, MmaAtom};
use rcute::{Layout, layout};

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
