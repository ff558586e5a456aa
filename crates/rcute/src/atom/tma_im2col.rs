//! im2col TMA as CuTe builds it on the host (`copy_traits_sm90_im2col.hpp`,
//! `copy_traits_sm100_im2col.hpp`): `make_im2col_tma_copy(op, tensor, slayout[, cta_tiler[,
//! multicast]])`, the tiled copy of a convolution's activation tile, step by step as
//! `detail::make_tma_atom_im2col` and `detail::make_tma_copy_im2col` compute it.
//!
//! The global tensor is `((W,H,D,N), C)` (or `((W,H,N), C)`, `((W,N), C)`): the shared
//! tile's contiguous direction must walk global modes with unit strides for at least two
//! of its modes, and the TMA moves at most two (`C` and the `WHDN` pixels). The corner,
//! padding, traversal-stride and dilation arguments ([`Im2colConv`]) only reach the
//! descriptor and the TMA coordinate tensor ([`Im2colTmaTensor`], which CuTe prints only
//! where every output extent is static), not the tiled copy.
//!
//! ```
//! use rcute::atom::{Im2colConv, TmaOp, make_im2col_tma_copy};
//! use rcute::{layout, Int, MaybeSwizzled, Tiler};
//! // NHWC activations: 2 images of 8x8 pixels, 64 channels; a 64-pixel x 64-channel tile
//! let g = layout!(((_8,_8,_2),_64):((_64,_512,_4096),_1));
//! let s = MaybeSwizzled::Plain(layout!((_64,_64):(_64,_1)));
//! let copy = make_im2col_tma_copy(TmaOp::LoadIm2col, &g, "half_t", 16, &s,
//!                                 &Tiler::parse("(_64,_64)"), Int::constant(1),
//!                                 &Im2colConv::try_defaults(2).unwrap()).unwrap();
//! assert_eq!(copy.layout_tv().to_string(), "(_1,(((_64,_64),_1))):(_0,(((_64,_1),_0)))");
//! assert_eq!(copy.atom().val_layout_src().to_string(), "(_1,_4096):(_0,_1)");
//! ```

use super::Operand;
use super::copy::{CopyAtom, CopyOp};
use super::tiled_copy::TiledCopy;
use super::tiled_mma::TiledMma;
use super::tma::{split, tiled_of_atom, tma_traits};
use super::tma_params::{Im2colTmaTensor, TmaOp};
use crate::algebra::Tiler;
use crate::error::{Error, tri};
use crate::int::Int;
use crate::layout::Layout;
use crate::swizzle::MaybeSwizzled;
use crate::tuple::IntTuple;

const fn wrong(msg: &'static str) -> Error {
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
#[allow(clippy::too_many_arguments)]
pub fn make_im2col_tma_atom(
    op: TmaOp,
    g: &Layout,
    ty: &str,
    bits: i64,
    slayout: &MaybeSwizzled,
    num_multicast: i64,
    cta_v_map: &Layout,
    conv: &Im2colConv,
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
    let tensor = tensor_of(g, &vt, conv);
    CopyAtom::try_new(CopyOp::tma_im2col(name, thr, src, tensor), ty, bits)
}

/// CuTe's `make_im2col_tma_copy(op, tensor_cwhdn, slayout, cta_tiler, multicast_size)`
/// (its other forms default `cta_tiler` to the tile's shape and the multicast to 1): the
/// tiled copy of the im2col TMA atom over the shared tile.
///
/// # Errors
/// Those of [`make_im2col_tma_atom`], a tile the multicast does not divide, and those of
/// the tiling.
#[allow(clippy::too_many_arguments)]
pub fn make_im2col_tma_copy(
    op: TmaOp,
    g: &Layout,
    ty: &str,
    bits: i64,
    slayout: &MaybeSwizzled,
    cta_tiler: &Tiler,
    multicast: Int,
    conv: &Im2colConv,
) -> Result<TiledCopy, Error> {
    let v =
        Layout::try_identity(g.shape().try_product_each()?)?.try_composition_tiler(cta_tiler)?;
    let t = Layout::try_from_shape(IntTuple::from_int(multicast))?;
    im2col_copy_over(op, g, ty, bits, slayout, &t, &v, conv)
}

/// The im2col TMA atom for the CTAs of `t` (its cosize, which must divide the tile's size)
/// and the tiled copy of it over the tile `v`: the common end of
/// [`make_im2col_tma_copy`] and [`make_im2col_tma_copy_sm100`].
#[allow(clippy::too_many_arguments)]
fn im2col_copy_over(
    op: TmaOp,
    g: &Layout,
    ty: &str,
    bits: i64,
    slayout: &MaybeSwizzled,
    t: &Layout,
    v: &Layout,
    conv: &Im2colConv,
) -> Result<TiledCopy, Error> {
    let cos = t.try_cosize()?;
    let ss = split(slayout).1.try_size()?;
    if cos.value() <= 0 || ss.value() % cos.value() != 0 {
        return Err(Error::Precondition {
            msg: "make_im2col_tma_copy: Number of active CTAs in TMA must divide domain size of slayout (the tile's size and the CTAs)",
            mode: -1,
            lhs: ss.value(),
            rhs: cos.value(),
        });
    }
    let atom = make_im2col_tma_atom(op, g, ty, bits, slayout, cos.value(), v, conv)?;
    tiled_of_atom(atom, slayout, t, v)
}

/// CuTe's `layout<1>(mma.thrfrg_A(make_identity_layout(tile)))(_, repeat<R>(_))` of the
/// SM100 im2col helpers: the CTA's values of the `(M,K)` (A) or `(N,K)` (B) modes of
/// `tiler`, as the tiled UMMA partitions them.
fn im2col_v_tile(
    operand: Operand,
    g: &Layout,
    tiler: &IntTuple,
    mma: &TiledMma,
) -> Result<Layout, Error> {
    if tiler.rank() < 3 {
        return Err(Error::RankMismatch {
            msg: "make_im2col_tma_*_sm100: the tiler is (M,N,K)",
            expected: 3,
            found: tiler.rank(),
        });
    }
    let keep: [usize; 2] = match operand {
        Operand::A => [0, 2],
        Operand::B => [1, 2],
        Operand::C => {
            return Err(wrong(
                "make_im2col_tma_*_sm100: CuTe has the A and B forms only",
            ));
        }
    };
    // append<R>((TILE_M or N, TILE_K), _1): the global tensor ((W,H,D,N),C) has rank 2
    let tile = tiler.try_select(&keep)?;
    if g.rank() != 2 {
        return Err(Error::RankMismatch {
            msg: "make_im2col_tma_*_sm100: the global tensor is ((W,H,D,N),C), two modes",
            expected: 2,
            found: g.rank(),
        });
    }
    let frg = mma
        .try_thrfrg(operand, &Layout::try_identity(tile)?)?
        .try_mode(1)?;
    let mut under = [IntTuple::from_int(Int::UNDERSCORE); 2];
    let rest = IntTuple::try_tuple(&under)?;
    under[1] = rest;
    frg.try_slice(&IntTuple::try_tuple(&under)?)
}

/// The multicast of the SM100 im2col atom helpers: the cluster's N (A) or M (B) CTAs for
/// the multicast loads, 1 for the others.
fn im2col_multicast(op: TmaOp, operand: Operand, cluster_vmnk: &IntTuple) -> Result<i64, Error> {
    match op {
        TmaOp::LoadIm2colMulticast | TmaOp::Load2SmIm2colMulticast => {
            let i = if operand == Operand::A { 2 } else { 1 };
            Ok(cluster_vmnk.try_get(i)?.try_product()?.value())
        }
        TmaOp::LoadIm2col | TmaOp::StoreIm2col | TmaOp::Load2SmIm2col => Ok(1),
        _ => Err(wrong(
            "make_im2col_tma_atom_*_sm100: unsupported TMA (an im2col load, its multicast, the im2col store, or an SM100 2SM im2col load)",
        )),
    }
}

/// CuTe's `make_im2col_tma_atom_A_sm100` / `_B_sm100(op, gtensor, slayout, mma_tiler, mma,
/// cluster_shape, ...)`: the im2col TMA atom of a tiled UMMA's A (or B) tile, its values as
/// the MMA partitions them (`(MMA, MMA_M, MMA_K)`), multicast over the cluster's N-CTAs (A)
/// or M-CTAs (B) for the multicast loads. The seven convolution tuples reach only the
/// descriptor and the coordinate tensor.
///
/// ```
/// use rcute::atom::{Im2colConv, TmaOp, Operand, TiledMma, make_im2col_tma_atom_sm100, mma_atom};
/// use rcute::{layout, IntTuple, MaybeSwizzled, Tiler};
/// let mma = TiledMma::new(
///     mma_atom("SM100_MMA_F16BF16_SS<half_t,half_t,float,128,64,K,K>").unwrap(),
///     &layout!(_1:_0), &Tiler::UNDERSCORE);
/// let g = layout!(((_8,_8,_2),_64):((_512,_64,_4096),_1));
/// let s = MaybeSwizzled::Plain(layout!(((_128,_16),_1,_4):((_64,_1),_0,_16)));
/// let atom = make_im2col_tma_atom_sm100(TmaOp::LoadIm2col, Operand::A, &g, "half_t", 16, &s,
///     &IntTuple::parse("(_128,_64,_64)"), &mma, &IntTuple::parse("(_1,_1,_1,_1)"),
///     &Im2colConv::try_defaults(2).unwrap()).unwrap();
/// assert_eq!(atom.val_layout_src().to_string(), "(_1,_8192):(_0,_1)");
/// ```
///
/// # Errors
/// Those of [`make_im2col_tma_atom`], an operand C, an unsupported operation.
#[allow(clippy::too_many_arguments)]
pub fn make_im2col_tma_atom_sm100(
    op: TmaOp,
    operand: Operand,
    g: &Layout,
    ty: &str,
    bits: i64,
    slayout: &MaybeSwizzled,
    mma_tiler: &IntTuple,
    mma: &TiledMma,
    cluster_vmnk: &IntTuple,
    conv: &Im2colConv,
) -> Result<CopyAtom, Error> {
    if !op.is_im2col() {
        return Err(wrong(
            "make_im2col_tma_atom_*_sm100: the operation must be an im2col TMA",
        ));
    }
    let v = im2col_v_tile(operand, g, mma_tiler, mma)?;
    let mc = im2col_multicast(op, operand, cluster_vmnk)?;
    make_im2col_tma_atom(op, g, ty, bits, slayout, mc, &v, conv)
}

/// CuTe's `make_im2col_tma_copy_A_sm100` / `_B_sm100(op, gtensor, slayout, cluster_tile,
/// mma, ...)`: the im2col TMA tiled copy of a tiled UMMA's A (or B), its CTAs those of the
/// MMA's `(V,M,N,K)` thread layout, the multicast loads over the N-CTAs (A) or M-CTAs (B)
/// (`make_layout(shape, compact_col_major(shape, Stride<_0,_0,_1,_0>))`, not coalesced).
///
/// # Errors
/// Those of [`make_im2col_tma_copy`], an operand C, an operation other than the im2col
/// loads (CuTe asserts "Unsupported TMA").
#[allow(clippy::too_many_arguments)]
pub fn make_im2col_tma_copy_sm100(
    op: TmaOp,
    operand: Operand,
    g: &Layout,
    ty: &str,
    bits: i64,
    slayout: &MaybeSwizzled,
    cluster_tile: &IntTuple,
    mma: &TiledMma,
    conv: &Im2colConv,
) -> Result<TiledCopy, Error> {
    let used = match op {
        TmaOp::LoadIm2colMulticast | TmaOp::Load2SmIm2colMulticast => {
            if operand == Operand::A {
                2
            } else {
                1
            }
        }
        TmaOp::LoadIm2col | TmaOp::Load2SmIm2col => usize::MAX,
        _ => {
            return Err(wrong(
                "make_im2col_tma_copy_*_sm100: unsupported TMA (SM90_TMA_LOAD_IM2COL[_MULTICAST] or SM100_TMA_2SM_LOAD_IM2COL[_MULTICAST])",
            ));
        }
    };
    let v = im2col_v_tile(operand, g, cluster_tile, mma)?;
    // cta rank -> logical cta idx: compact col-major over the used mode, 0 elsewhere
    let shape = mma.thr_layout_vmnk().shape();
    let zero = IntTuple::from_int(Int::ZERO);
    let mut strides = [zero; 4];
    for (i, s) in strides.iter_mut().enumerate().take(shape.rank().min(4)) {
        let mode = shape.try_get(i)?;
        *s = if i == used {
            Layout::try_from_shape(mode)?.stride()
        } else {
            let mut z = mode;
            for k in 0..z.leaf_count() {
                z.set_leaf(k, Int::ZERO);
            }
            z
        };
    }
    let t = Layout::try_new(shape, IntTuple::try_tuple(&strides[..shape.rank().min(4)])?)?;
    im2col_copy_over(op, g, ty, bits, slayout, &t, &v, conv)
}

/// The seven convolution tuples of CuTe's im2col TMA, one integer per spatial mode (`W`,
/// `H`, `D`) each: they reach the descriptor and the TMA coordinate tensor, not the tiled
/// copy.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Im2colConv {
    /// `lower_corner_whd`: the offset of the first output pixel.
    pub lower_corner: IntTuple,
    /// `upper_corner_whd`.
    pub upper_corner: IntTuple,
    /// `lower_padding_whd`.
    pub lower_padding: IntTuple,
    /// `upper_padding_whd`.
    pub upper_padding: IntTuple,
    /// `stride_whd`: the traversal stride.
    pub stride: IntTuple,
    /// `lower_srt`: the filter offset.
    pub lower_srt: IntTuple,
    /// `stride_srt`: the dilation.
    pub dilation: IntTuple,
}

impl Im2colConv {
    /// The seven tuples, in CuTe's order of arguments.
    pub const fn new(t: [IntTuple; 7]) -> Im2colConv {
        Im2colConv {
            lower_corner: t[0],
            upper_corner: t[1],
            lower_padding: t[2],
            upper_padding: t[3],
            stride: t[4],
            lower_srt: t[5],
            dilation: t[6],
        }
    }

    /// The defaults of CuTe's short forms for `spatial` modes: static zeros, and `_1`
    /// traversal strides and dilations (`append<S>(Stride<_0>{}, Int<0>{})`, ...).
    ///
    /// # Errors
    /// No spatial mode, or more than the tuples hold.
    pub const fn try_defaults(spatial: usize) -> Result<Im2colConv, Error> {
        if spatial == 0 {
            return Err(wrong(
                "make_im2col_tma_copy: the global tensor's first mode (W,...,N) has no spatial mode",
            ));
        }
        let z = tri!(IntTuple::try_tuple_repeat(
            spatial,
            &IntTuple::from_int(Int::constant(0))
        ));
        let o = tri!(IntTuple::try_tuple_repeat(
            spatial,
            &IntTuple::from_int(Int::constant(1))
        ));
        Ok(Im2colConv::new([z, z, z, z, o, z, o]))
    }
}

/// Why CuTe cannot print an im2col coordinate tensor with a dynamic output extent.
const FAST_DIVMOD: Error = Error::WrongKind {
    msg: "get_tma_tensor of an im2col copy: an output extent (q, p, z or n) is dynamic, and CuTe keeps it as a cutlass::FastDivmod, which CuTe cannot print (make every extent, corner and traversal stride of the W, H, D, N modes static)",
};

/// A convolution whose extents CuTe computes as zero or negative.
const NOT_POSITIVE: Error = Error::WrongKind {
    msg: "get_tma_tensor of an im2col copy: the corners, paddings, strides and dilations give an output extent (q, p, z) or a filter extent (s, r, t) below 1; CuTe prints such a shape (_0), rcute's layouts have positive extents",
};

/// `i`-th element of a tuple (a leaf is its own element 0).
fn elem(t: &IntTuple, i: usize) -> Result<Int, Error> {
    let x = if t.is_leaf() { *t } else { t.try_get(i)? };
    x.as_int().ok_or(wrong(
        "im2col TMA: the convolution tuples hold one integer per spatial mode",
    ))
}

/// `a op b` of CuTe's integers: static when both are.
fn arith(a: Int, b: Int, v: i64) -> Int {
    Int::new(v, a.is_static() && b.is_static())
}

/// The tensor of `make_im2col_tma_copy_desc`, step by step.
pub(crate) fn tensor_of(
    g: &Layout,
    vt: &Layout,
    conv: &Im2colConv,
) -> Result<Im2colTmaTensor, Error> {
    // which global mode (0: the pixels (W,H,D,N), 1: C) each of the box's modes walks
    let mode_of = |k: usize| -> Result<usize, Error> {
        let d = vt.stride().try_get_path(&[0, k])?;
        let e = d.leaves().next().ok_or(wrong("im2col TMA: an empty box"))?;
        if !e.is_basis() || e.basis_depth() != 1 {
            return Err(wrong("im2col TMA: the box does not walk a global mode"));
        }
        Ok(e.basis_index(0))
    };
    let (s00, s01) = (mode_of(0)?, mode_of(1)?);
    // tensor_cwhdn: flatten(shape mode s00, shape mode s01)
    let mut cwhdn = [Int::ZERO; 16];
    let mut r = 0;
    for m in [s00, s01] {
        let t = g.shape().try_get(m)?;
        for x in t.leaves() {
            *cwhdn
                .get_mut(r)
                .ok_or(wrong("im2col TMA: too many modes"))? = x;
            r += 1;
        }
    }
    if r < 3 {
        return Err(wrong("im2col TMA: the tensor has no spatial mode"));
    }
    let spatial = r - 2;
    // gemm_mn: (q, p, z) = (w + upper - lower - 1) / stride + 1, then n
    let mut mn = [IntTuple::from_int(Int::ZERO); 16];
    let mut k = [IntTuple::from_int(Int::ZERO); 16];
    let mut mn_size: i64 = 1;
    let mut mn_static = true;
    let mut scaled_whd = [IntTuple::from_int(Int::ZERO); 16];
    let mut scaled_srt = [IntTuple::from_int(Int::ZERO); 16];
    k[0] = IntTuple::from_int(cwhdn[0]);
    for i in 0..spatial {
        let w = cwhdn[i + 1];
        let (up, lo, st) = (
            elem(&conv.upper_corner, i)?,
            elem(&conv.lower_corner, i)?,
            elem(&conv.stride, i)?,
        );
        if st.value() == 0 {
            return Err(wrong("im2col TMA: a traversal stride of 0"));
        }
        let num = w.value() + up.value() - lo.value() - 1;
        let s = arith(arith(arith(w, up, 0), lo, 0), st, 0).is_static();
        let q = Int::new(num / st.value() + 1, s);
        if q.value() < 1 {
            return Err(NOT_POSITIVE);
        }
        mn[i] = IntTuple::from_int(q);
        mn_size *= q.value();
        mn_static &= q.is_static();
        // s/r/t = 1 + (upper_padding - upper_corner or lower_corner - lower_padding) / dilation
        let d = elem(&conv.dilation, i)?;
        if d.value() == 0 {
            return Err(wrong("im2col TMA: a dilation of 0"));
        }
        let (upad, lpad) = (elem(&conv.upper_padding, i)?, elem(&conv.lower_padding, i)?);
        let hi = Int::new(
            up.value().wrapping_neg() + upad.value(),
            upad.is_static() && up.is_static(),
        );
        let lo_pad = Int::new(
            lo.value() - lpad.value(),
            lo.is_static() && lpad.is_static(),
        );
        let pad = if d.is_static() {
            if d.value() > 0 { hi } else { lo_pad }
        } else {
            // conditional_return(bool, ...): static only where both are the same constant
            let same = hi.is_static() && lo_pad.is_static() && hi.value() == lo_pad.value();
            let v = if d.value() > 0 { hi } else { lo_pad };
            Int::new(v.value(), same)
        };
        let taps = 1 + pad.value() / d.value();
        if taps < 1 {
            return Err(NOT_POSITIVE);
        }
        k[i + 1] = IntTuple::from_int(Int::new(taps, pad.is_static() && d.is_static()));
        scaled_whd[i] = IntTuple::from_int(Int::try_basis(st, &[1, i])?);
        scaled_srt[i] = IntTuple::from_int(Int::try_basis(d, &[3, i])?);
    }
    let n = cwhdn[spatial + 1];
    mn[spatial] = IntTuple::from_int(n);
    mn_size *= n.value();
    mn_static &= n.is_static();
    if !mn_static {
        return Err(FAST_DIVMOD);
    }
    let gemm_mn = IntTuple::try_tuple(&mn[..spatial + 1])?;
    let gemm_k = IntTuple::try_tuple(&k[..spatial + 1])?;
    // ((w,h,d,n),(c,s,r,t)) basis strides: stride_whd @ (1,i), _1@2; _1@0, dilation @ (3,i)
    scaled_whd[spatial] = IntTuple::from_int(Int::try_basis(Int::constant(1), &[2])?);
    let mut kk = [IntTuple::from_int(Int::ZERO); 16];
    kk[0] = IntTuple::from_int(Int::try_basis(Int::constant(1), &[0])?);
    kk[1..spatial + 1].copy_from_slice(&scaled_srt[..spatial]);
    let stride_mn = IntTuple::try_tuple(&scaled_whd[..spatial + 1])?;
    let stride_k = IntTuple::try_tuple(&kk[..spatial + 1])?;
    // basis_get(stride<0,1>) first, basis_get(stride<0,0>) second
    let pick = |m: usize, a: IntTuple, b: IntTuple| if m == 0 { a } else { b };
    let outer = Layout::try_new(
        IntTuple::try_tuple(&[pick(s01, gemm_mn, gemm_k), pick(s00, gemm_mn, gemm_k)])?,
        IntTuple::try_tuple(&[
            pick(s01, stride_mn, stride_k),
            pick(s00, stride_mn, stride_k),
        ])?,
    )?;
    let lin = IntTuple::from_int(Int::constant(mn_size));
    let linear = IntTuple::try_tuple(&[pick(s01, lin, gemm_k), pick(s00, lin, gemm_k)])?;
    let inner = Layout::try_identity(linear)?;
    let offset = inner.try_coprofile()?;
    let zero = IntTuple::from_int(Int::constant(0));
    let origin = IntTuple::try_tuple(&[zero, conv.lower_corner, zero, conv.lower_srt])?;
    Ok(Im2colTmaTensor::new(origin, outer, offset, inner))
}
