//! im2col TMA as CuTe builds it on the host (`copy_traits_sm90_im2col.hpp`,
//! `copy_traits_sm100_im2col.hpp`): `make_im2col_tma_copy(op, tensor, slayout[, cta_tiler[,
//! multicast]])`, the tiled copy of a convolution's activation tile, step by step as
//! `detail::make_tma_atom_im2col` and `detail::make_tma_copy_im2col` compute it.
//!
//! The global tensor is `((W,H,D,N), C)` (or `((W,H,N), C)`, `((W,N), C)`): the shared
//! tile's contiguous direction must walk global modes with unit strides for at least two
//! of its modes, and the TMA moves at most two (`C` and the `WHDN` pixels). The corner,
//! padding, traversal-stride and dilation arguments only reach the descriptor and the TMA
//! coordinate tensor, not the tiled copy.
//!
//! ```
//! use rcute::atom::{TmaOp, make_im2col_tma_copy};
//! use rcute::{layout, Int, MaybeSwizzled, Tiler};
//! // NHWC activations: 2 images of 8x8 pixels, 64 channels; a 64-pixel x 64-channel tile
//! let g = layout!(((_8,_8,_2),_64):((_64,_512,_4096),_1));
//! let s = MaybeSwizzled::Plain(layout!((_64,_64):(_64,_1)));
//! let copy = make_im2col_tma_copy(TmaOp::LoadIm2col, &g, "half_t", 16, &s,
//!                                 &Tiler::parse("(_64,_64)"), Int::constant(1)).unwrap();
//! assert_eq!(copy.layout_tv().to_string(), "(_1,(((_64,_64),_1))):(_0,(((_64,_1),_0)))");
//! assert_eq!(copy.atom().val_layout_src().to_string(), "(_1,_4096):(_0,_1)");
//! ```

use super::copy::{CopyAtom, CopyOp};
use super::tiled_copy::TiledCopy;
use super::tma::{split, tiled_of_atom, tma_traits};
use super::tma_params::TmaOp;
use crate::algebra::Tiler;
use crate::error::Error;
use crate::int::Int;
use crate::layout::Layout;
use crate::swizzle::MaybeSwizzled;
use crate::tuple::IntTuple;

fn wrong(msg: &'static str) -> Error {
    Error::WrongKind { msg }
}

/// Whether two tuples hold the same values in the same nesting (CuTe's `==` of static
/// shapes).
fn same_values(a: &IntTuple, b: &IntTuple) -> bool {
    a.leaf_count() == b.leaf_count()
        && a.rank() == b.rank()
        && a.is_leaf() == b.is_leaf()
        && a.leaves()
            .zip(b.leaves())
            .all(|(x, y)| x.value() == y.value())
}

/// CuTe's `detail::make_tma_atom_im2col`: the im2col TMA atom of the shared tile `slayout`
/// of `g`, its values mapped to global coordinates by `cta_v_map`, shared by
/// `num_multicast` CTAs.
///
/// # Errors
/// Where CuTe refuses at compile time: a tile whose shape is not the CTA tile's, fewer than
/// two tile modes that walk the global tensor with unit strides, a box the multicast does
/// not divide, a box of one mode, dynamic extents.
pub fn make_im2col_tma_atom(
    op: TmaOp,
    g: &Layout,
    ty: &str,
    bits: i64,
    slayout: &MaybeSwizzled,
    num_multicast: i64,
    cta_v_map: &Layout,
) -> Result<CopyAtom, Error> {
    if !op.is_im2col() {
        return Err(wrong(
            "make_im2col_tma_copy: the operation must be an im2col TMA (SM90_TMA_LOAD_IM2COL[_MULTICAST], SM90_TMA_STORE_IM2COL, SM100_TMA_2SM_LOAD_IM2COL[_MULTICAST])",
        ));
    }
    if g.has_basis_strides() {
        return Err(wrong(
            "make_im2col_tma_copy: the global tensor must have integer strides",
        ));
    }
    if g.rank() != 2 {
        return Err(Error::RankMismatch {
            msg: "make_im2col_tma_copy: the global tensor is ((W,H,D,N),C), two modes",
            expected: 2,
            found: g.rank(),
        });
    }
    let (_, sl) = split(slayout);
    if !same_values(
        &sl.shape().try_product_each()?,
        &cta_v_map.shape().try_product_each()?,
    ) {
        return Err(wrong(
            "make_im2col_tma_copy: TMA requires CTA_Tile and SLayout top-level shape equivalence",
        ));
    }
    // smem idx -> smem coord -> gmem mode
    let inv = sl.try_right_inverse()?;
    let sidx_to_gmode = cta_v_map.try_composition(&inv)?.try_coalesce()?;
    let gbasis = Layout::try_identity(g.shape().try_product_each()?)?;
    let full = gbasis.try_composition(&sidx_to_gmode)?.flatten();
    // the leading modes whose stride is a static unit basis element
    let strides = full.stride();
    let n = strides.leaf_count();
    let smem_rank = strides
        .leaves()
        .position(|d| !(d.is_basis() && d.scale().is_constant(1)))
        .unwrap_or(n);
    if smem_rank < 2 {
        return Err(Error::Precondition {
            msg: "make_im2col_tma_copy: IM2COL expects at least 2 modes of the smem to vectorize with gmem (the modes found)",
            mode: -1,
            lhs: smem_rank as i64,
            rhs: 2,
        });
    }
    let trunc = full.try_take(0, smem_rank.min(2))?;
    let size = trunc.try_size()?;
    if !size.is_static() {
        return Err(wrong(
            "make_im2col_tma_copy: the box must be static (NumBitsPerTMA is a template argument)",
        ));
    }
    if num_multicast <= 0 || size.value() % num_multicast != 0 {
        return Err(Error::Precondition {
            msg: "make_im2col_tma_copy: the multicast must divide the box (safe_div; the box's size and the multicast)",
            mode: -1,
            lhs: size.value(),
            rhs: num_multicast,
        });
    }
    // tma_layout_vt: the box split by the multicast; its first mode walks C and the pixels
    let vt = trunc.try_logical_divide(&Tiler::try_integer(Int::constant(
        size.value() / num_multicast,
    ))?)?;
    let tile = vt.try_mode(0)?;
    if tile.rank() < 2 || tile.shape().is_leaf() {
        return Err(wrong(
            "make_im2col_tma_copy: the multicast leaves one CTA's box a single mode (CuTe reads size<0,1> of it)",
        ));
    }
    // sizeof(T) * 8: whole bytes
    let elem = (bits + 7) / 8 * 8;
    let nbits = size.value().checked_mul(elem).ok_or(Error::Overflow {
        msg: "make_im2col_tma_copy: the box's bits overflow",
        lhs: size.value(),
        rhs: elem,
    })?;
    let (name, thr, src) = tma_traits(op, nbits)?;
    CopyAtom::try_new(CopyOp::tma_without_params(name, thr, src), ty, bits)
}

/// CuTe's `make_im2col_tma_copy(op, tensor_cwhdn, slayout, cta_tiler, multicast_size)`
/// (its other forms default `cta_tiler` to the tile's shape and the multicast to 1): the
/// tiled copy of the im2col TMA atom over the shared tile.
///
/// # Errors
/// Those of [`make_im2col_tma_atom`], a tile the multicast does not divide, and those of
/// the tiling.
pub fn make_im2col_tma_copy(
    op: TmaOp,
    g: &Layout,
    ty: &str,
    bits: i64,
    slayout: &MaybeSwizzled,
    cta_tiler: &Tiler,
    multicast: Int,
) -> Result<TiledCopy, Error> {
    let v =
        Layout::try_identity(g.shape().try_product_each()?)?.try_composition_tiler(cta_tiler)?;
    let t = Layout::try_from_shape(IntTuple::from_int(multicast))?;
    let cos = t.try_cosize()?;
    let (_, sl) = split(slayout);
    let ss = sl.try_size()?;
    if cos.value() <= 0 || ss.value() % cos.value() != 0 {
        return Err(Error::Precondition {
            msg: "make_im2col_tma_copy: Number of active CTAs in TMA must divide domain size of slayout (the tile's size and the CTAs)",
            mode: -1,
            lhs: ss.value(),
            rhs: cos.value(),
        });
    }
    let atom = make_im2col_tma_atom(op, g, ty, bits, slayout, cos.value(), &v)?;
    tiled_of_atom(atom, slayout, &t, &v)
}
