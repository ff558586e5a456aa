//! TMA atoms as CuTe builds them (`copy_traits_sm90_tma.hpp`, `copy_traits_sm100_tma.hpp`):
//! `make_tma_atom`, `make_tma_copy`, `get_tma_tensor` and `tma_partition`, step by step as
//! CuTe computes them, so that the atoms, tiled copies and coordinate tensors print what
//! CuTe prints.
//!
//! CuTe traces the shared-memory "vector" (the right inverse of the tile's layout) through
//! the global tensor's modes with basis strides, and reads the TMA box off it
//! (`construct_tma_gbasis`): the box is as large as the tile lets one instruction be. The
//! descriptor's arguments (`globalDim`, `globalStrides`, `boxDim`, the swizzle) are those
//! `make_tma_copy_desc` hands `cuTensorMapEncodeTiled`; [`TmaParams`] keeps them, so that
//! they can be compared with [`crate::analysis::tma::TmaCopy`]'s.
//!
//! ```
//! use rcute::atom::{TmaOp, make_tma_atom};
//! use rcute::{MaybeSwizzled, layout, int_tuple, Tiler};
//! // a (256,128) half_t tensor, K-major, and a 64x64 tile of shared memory
//! let g = layout!((_256,_128):(_128,_1));
//! let s = MaybeSwizzled::Plain(layout!((_64,_64):(_64,_1)));
//! let atom = make_tma_atom(TmaOp::Load, &g, "half_t", 16, &s, &Tiler::parse("(_64,_64)"), 1).unwrap();
//! assert_eq!(atom.val_layout_src().to_string(), "(_1,_4096):(_0,_1)");
//! let p = atom.op().tma_params().unwrap();
//! assert_eq!(p.tma_tensor(&int_tuple!((_256,_128))).unwrap().to_string(),
//!            "ArithTuple(_0,_0) o (_256,_128):(_1@1,_1@0)");
//! assert_eq!(p.box_dim(), &[64, 64]);
//! ```

use super::copy::{CopyAtom, CopyOp};
use super::mma::Operand;
use super::name::AtomName;
use super::tiled_copy::TiledCopy;
use super::tiled_mma::TiledMma;
use super::tma_params::{TMA_RANK, TmaOp, TmaParams};
use crate::algebra::Tiler;
use crate::error::Error;
use crate::int::Int;
use crate::layout::Layout;
use crate::swizzle::{ComposedLayout, MaybeSwizzled, Swizzle};
use crate::tensor::CoordTensor;
use crate::tuple::{IntTuple, arith_add};

fn pre(msg: &'static str, lhs: i64, rhs: i64) -> Error {
    Error::Precondition {
        msg,
        mode: -1,
        lhs,
        rhs,
    }
}

/// Whether two scaled basis elements name the same mode (their scales aside).
fn same_path(a: Int, b: Int) -> bool {
    a.is_basis()
        && b.is_basis()
        && a.basis_depth() == b.basis_depth()
        && (0..a.basis_depth()).all(|k| a.basis_index(k) == b.basis_index(k))
}

/// CuTe's `E<path> == e` as `construct_tma_gbasis` asks it: the same mode and scale 1.
fn is_unit_basis(e: Int, unit: Int) -> bool {
    if !unit.is_basis() {
        // the identity stride `_1` of a global shape that is one integer
        return !e.is_basis() && e.is_constant(1) && unit.is_constant(1);
    }
    same_path(e, unit) && e.value() == 1
}

/// The leaf of `of` (congruent with the identity strides `ids`) at the basis `e`'s mode
/// (CuTe's `basis_get`).
fn basis_get(e: Int, ids: &IntTuple, of: &IntTuple) -> Option<Int> {
    if !e.is_basis() {
        // CuTe's basis_get of an integer is the whole tuple: where the global shape is one
        // integer, its identity layout's stride is `_1`, which reads that extent or stride
        return (e.is_constant(1) && of.is_leaf() && ids.is_leaf() && !ids.leaf(0).is_basis())
            .then(|| of.leaf(0));
    }
    let k = ids.leaves().position(|i| same_path(i, e))?;
    Some(of.leaf(k))
}

/// CuTe's `detail::coalesce_256`: coalesce the flattened layout greedily, merging modes
/// only while the merged extent is at most 256 (the TMA box's limit), and only where
/// CuTe proves the merge statically.
fn coalesce_256(l: &Layout) -> Result<Layout, Error> {
    let shape = l.shape().flatten();
    let stride = l.stride().flatten();
    let n = shape.leaf_count();
    let mut ns: [Int; 32] = [Int::ZERO; 32];
    let mut nd: [Int; 32] = [Int::ZERO; 32];
    let mut len = 1;
    ns[0] = shape.leaf(0);
    nd[0] = stride.leaf(0);
    let mut leaf = true;
    for i in 1..n {
        let (s, d) = (shape.leaf(i), stride.leaf(i));
        if s.is_constant(1) {
            continue;
        }
        if leaf && ns[0].is_constant(1) {
            ns[0] = s;
            nd[0] = d;
            continue;
        }
        let (bs, bd) = (ns[len - 1], nd[len - 1]);
        let all_static = bs.is_static() && bd.is_static() && d.is_static() && s.is_static();
        if all_static
            && !d.is_basis()
            && !bd.is_basis()
            && bs.value().checked_mul(bd.value()) == Some(d.value())
            && s.value().checked_mul(bs.value()).is_some_and(|x| x <= 256)
        {
            ns[len - 1] = s.try_mul(bs)?;
            continue;
        }
        if len == ns.len() {
            return Err(Error::Capacity {
                msg: "make_tma_copy: too many modes",
                capacity: 32,
            });
        }
        ns[len] = s;
        nd[len] = d;
        len += 1;
        leaf = false;
    }
    if leaf && ns[0].is_constant(1) {
        return Layout::try_parse("_1:_0");
    }
    if leaf {
        return Layout::try_new(IntTuple::from_int(ns[0]), IntTuple::from_int(nd[0]));
    }
    Layout::try_new(
        IntTuple::try_from_ints(&ns[..len])?,
        IntTuple::try_from_ints(&nd[..len])?,
    )
}

/// A tuple of the given tuples.
fn tuple_of(items: &[IntTuple]) -> Result<IntTuple, Error> {
    IntTuple::try_tuple(items)
}

/// `wrap(t)`: a leaf as a rank-1 tuple, a tuple as it is.
fn wrap(t: &IntTuple) -> Result<IntTuple, Error> {
    if t.is_leaf() { tuple_of(&[*t]) } else { Ok(*t) }
}

/// The top-level modes of a tuple (a leaf is its one mode).
fn modes(t: &IntTuple) -> Result<([IntTuple; 32], usize), Error> {
    let mut out = [IntTuple::from_int(Int::ZERO); 32];
    if t.is_leaf() {
        out[0] = *t;
        return Ok((out, 1));
    }
    let r = t.rank();
    if r > 32 {
        return Err(Error::Capacity {
            msg: "make_tma_copy: too many modes",
            capacity: 32,
        });
    }
    for (i, o) in out.iter_mut().enumerate().take(r) {
        *o = t.try_get(i)?;
    }
    Ok((out, r))
}

/// CuTe's `detail::construct_tma_gbasis`: the TMA box's shape, each mode's stride the
/// global mode(s) it walks.
/// `ratio`: the element's bits over the TMA's internal type's (1 where they are the same
/// type): CuTe recasts the composed global layout and the global tensor to the internal
/// type (`recast<TmaInternalType>`, a `downcast<ratio>` of the layouts).
fn construct_tma_gbasis(
    g: &Layout,
    slayout: &Layout,
    cta_v_map: &Layout,
    ratio: i64,
) -> Result<Layout, Error> {
    let ss = slayout.try_size()?;
    let vs = cta_v_map.try_size()?;
    if ss.value() != vs.value() {
        return Err(pre(
            "make_tma_copy: TMA requires CTA_Tile and SLayout top-level size equivalence; their sizes",
            ss.value(),
            vs.value(),
        ));
    }
    // smem idx -> smem coord -> gmem mode
    let inv = slayout.try_right_inverse()?;
    let full = cta_v_map.try_composition(&inv)?.try_coalesce()?;
    // the leading modes of static unit basis strides
    let stride = full.stride();
    let smem_rank = if stride.is_leaf() {
        usize::from(stride.leaf(0).scale().is_constant(1))
    } else {
        let (m, r) = modes(&stride)?;
        m[..r]
            .iter()
            .position(|d| !(d.is_leaf() && d.leaf(0).scale().is_constant(1)))
            .unwrap_or(r)
    };
    if smem_rank == 0 {
        return Err(Error::WrongKind {
            msg: "make_tma_copy: could not find a common tile-gmem vectorization (does the tile select out major gmem modes? the smem's contiguous direction must be a unit-stride walk of the global tensor)",
        });
    }
    let sidx2gmode = full.try_take(0, smem_rank)?;
    // the smem vector is in the units of the tensor: composed first, then recast
    let tile_gstride = recast_to_internal(&g.try_composition(&sidx2gmode)?, ratio)?;
    let tma_gstride = coalesce_256(&tile_gstride)?;
    let gbasis = Layout::try_identity(g.shape())?;
    let tile_gbasis_tmp = gbasis.try_composition(&sidx2gmode)?;
    let tile_gbasis = Layout::try_new(tile_gstride.shape(), tile_gbasis_tmp.stride())?;
    let tma_gbasis_tile =
        tile_gbasis.try_composition(&Layout::try_from_shape(wrap(&tma_gstride.shape())?)?)?;
    // the global modes the box does not walk, appended with extent 1 (the extents and
    // strides of the tensor recast to the internal type, the bases of its own shape)
    let g_t = recast_to_internal(g, ratio)?;
    let gshape = g_t.shape().flatten();
    let gstride = g_t.stride().flatten();
    let ids = gbasis.stride().flatten();
    let tile_strides = tma_gbasis_tile.stride().flatten();
    let (mut shapes, mut n) = modes(&wrap(&tma_gbasis_tile.shape())?)?;
    let (mut strides, _) = modes(&wrap(&tma_gbasis_tile.stride())?)?;
    for k in 0..gshape.leaf_count() {
        let (s, d, e) = (gshape.leaf(k), gstride.leaf(k), ids.leaf(k));
        if s.is_constant(1) || d.is_constant(0) {
            continue;
        }
        if tile_strides.leaves().any(|t| is_unit_basis(t, e)) {
            continue;
        }
        if n == shapes.len() {
            return Err(Error::Capacity {
                msg: "make_tma_copy: too many modes",
                capacity: 32,
            });
        }
        shapes[n] = IntTuple::from_int(Int::ONE);
        strides[n] = IntTuple::from_int(e);
        n += 1;
    }
    let full = Layout::try_new(tuple_of(&shapes[..n])?, tuple_of(&strides[..n])?)?;
    let r = full.rank();
    full.try_group(r.min(4), r)
}

/// CuTe's `recast_layout<T, TmaInternalType>` where `T` has `ratio` times the bits of the
/// internal type: `downcast<ratio>` (the layout itself for the same type).
fn recast_to_internal(l: &Layout, ratio: i64) -> Result<Layout, Error> {
    if ratio == 1 {
        Ok(*l)
    } else {
        l.try_downcast(ratio)
    }
}

/// CuTe's `make_tma_copy_desc` on the host: the descriptor's arguments (the asserts of
/// `make_tma_copy_desc` are errors) and the TMA tensor's stride.
///
/// `bits` are the TMA's element's (the internal type's), `ratio` the tensor's element's
/// bits over them: the descriptor reads the tensor recast to the internal type.
fn tma_desc(
    op: TmaOp,
    g_orig: &Layout,
    bits: i64,
    ratio: i64,
    gbasis: &Layout,
    swizzle: Swizzle,
    num_multicast: i64,
) -> Result<TmaParams, Error> {
    let g = &recast_to_internal(g_orig, ratio)?;
    let (tmodes, dim) = modes(&gbasis.stride())?;
    if dim > TMA_RANK {
        return Err(pre(
            "make_tma_copy: a TMA has at most 5 modes",
            dim as i64,
            5,
        ));
    }
    let gshape = g.shape().flatten();
    let gstr = g.stride().flatten();
    let ids = Layout::try_identity(g.shape())?.stride().flatten();
    let mut shape = [1u64; TMA_RANK];
    let mut stride = [0u64; TMA_RANK];
    for i in 0..dim {
        let es = tmodes[i].flatten();
        let mut first = true;
        for e in es.leaves() {
            let (Some(sj), Some(dj)) = (basis_get(e, &ids, &gshape), basis_get(e, &ids, &gstr))
            else {
                // an integer stride (a static _0 of an extent-1 mode) reads nothing
                continue;
            };
            if sj.value() < 0 || dj.value() < 0 {
                return Err(pre(
                    "make_tma_copy: the global extents and strides must be non-negative; an extent and its stride",
                    sj.value(),
                    dj.value(),
                ));
            }
            let (sj, dj) = (sj.value() as u64, dj.value() as u64);
            if es.leaf_count() == 1 && first {
                shape[i] = sj;
                stride[i] = dj;
                first = false;
                continue;
            }
            let old = stride[i];
            stride[i] = gcd(stride[i], dj);
            // the recurrence g_shape = (s_i - 1) * (d_i / gcd_j d_j) + 1, in checked steps
            shape[i] = match (old.checked_div(stride[i]), dj.checked_div(stride[i])) {
                (Some(a), Some(b)) => (shape[i] - 1)
                    .checked_mul(a)
                    .zip(sj.saturating_sub(1).checked_mul(b))
                    .and_then(|(x, y)| x.checked_add(y))
                    .and_then(|x| x.checked_add(1))
                    .ok_or(Error::Overflow {
                        msg: "make_tma_copy: a global extent overflows",
                        lhs: sj as i64,
                        rhs: dj as i64,
                    })?,
                _ => sj,
            };
        }
    }
    if stride[0] != 1 {
        return Err(pre(
            "make_tma_copy: majorness of smem doesn't match majorness of gmem (the box's first mode must have global stride 1); that stride",
            stride[0] as i64,
            1,
        ));
    }
    for s in &shape {
        if *s == 0 || *s > 1 << 32 {
            return Err(pre(
                "make_tma_copy: a global extent must be 1 to 2^32",
                *s as i64,
                1 << 32,
            ));
        }
    }
    for s in stride.iter_mut() {
        *s = s.checked_mul(bits as u64).ok_or(Error::Overflow {
            msg: "make_tma_copy: a global stride in bits overflows",
            lhs: *s as i64,
            rhs: bits,
        })? / 8;
    }
    for &s in &stride[1..] {
        if s >= 1 << 40 || s % 16 != 0 {
            return Err(pre(
                "make_tma_copy: a global stride in bytes must be a multiple of 16 and less than 2^40; the stride",
                s as i64,
                16,
            ));
        }
    }
    let mut boxd = [1u32; TMA_RANK];
    for (i, b) in boxd.iter_mut().enumerate().take(dim) {
        let n = gbasis.try_mode(i)?.try_size()?.value();
        *b = u32::try_from(n)
            .map_err(|_| pre("make_tma_copy: a box extent must be 1 to 256", n, 256))?;
    }
    let mut mc = num_multicast.max(1) as u32;
    let mut i = dim;
    while mc > 1 {
        if i == 0 {
            return Err(pre(
                "make_tma_copy: the multicast does not divide the box",
                num_multicast,
                0,
            ));
        }
        i -= 1;
        if boxd[i] == 0 {
            return Err(pre("make_tma_copy: a box extent must be 1 to 256", 0, 256));
        }
        if !boxd[i].is_multiple_of(mc) && !mc.is_multiple_of(boxd[i]) {
            return Err(pre(
                "make_tma_copy: the multicast and a box extent must divide one another",
                mc as i64,
                boxd[i] as i64,
            ));
        }
        let nm = mc.div_ceil(boxd[i]);
        boxd[i] = boxd[i].div_ceil(mc);
        mc = nm;
    }
    for &b in &boxd {
        if b == 0 || b > 256 {
            return Err(pre(
                "make_tma_copy: a box extent must be 1 to 256",
                b as i64,
                256,
            ));
        }
    }
    // the TMA tensor's stride: global mode i walks TMA mode j
    let mut g_stride = g.shape().try_basis_like()?;
    for k in 0..gshape.leaf_count() {
        let (si, di, ei) = (gshape.leaf(k), gstr.leaf(k), ids.leaf(k));
        let v = if si.is_constant(1) || di.is_constant(0) {
            Int::ZERO
        } else {
            match (0..dim).find(|&j| tmodes[j].leaves().any(|d| is_unit_basis(d, ei))) {
                None => Int::ZERO,
                // CuTe's recast ratio times the tensor's own stride
                Some(0) if ratio == 1 => Int::try_basis(di, &[0])?,
                Some(0) => {
                    let own = g_orig.stride().flatten().leaf(k);
                    Int::try_basis(Int::constant(ratio).try_mul(own)?, &[0])?
                }
                Some(j) if tmodes[j].leaf_count() == 1 => Int::try_basis(Int::ONE, &[j])?,
                Some(j) => {
                    let den = stride[j].max(16) as i64;
                    let scale = di.value().saturating_mul(bits) / den;
                    let scale = scale.saturating_add(7) / 8;
                    Int::try_basis(Int::dynamic(scale), &[j])?
                }
            }
        };
        g_stride.set_leaf(k, v);
    }
    Ok(TmaParams {
        op,
        gbasis: *gbasis,
        g_stride,
        rank: dim,
        global_dim: shape,
        global_strides: stride,
        box_dim: boxd,
        swizzle,
        element_bits: bits,
    })
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// What CuTe's `Copy_Traits<OP, NumBitsPerTMA>` of a TMA operation (tiled or im2col)
/// holds: its name, its thread layout (`_1:_0`, or `_2:_1` for a 2SM operation) and its
/// source layout `(threads, nbits):(0 or nbits, 1)`.
pub(crate) fn tma_traits(op: TmaOp, nbits: i64) -> Result<(AtomName, Layout, Layout), Error> {
    let t = op.threads();
    let n = Int::constant(nbits);
    let src = Layout::try_new(
        IntTuple::try_from_ints(&[Int::constant(t), n])?,
        IntTuple::try_from_ints(&[if t == 1 { Int::ZERO } else { n }, Int::ONE])?,
    )?;
    let thr = if t == 1 {
        Layout::try_parse("_1:_0")?
    } else {
        Layout::try_parse("_2:_1")?
    };
    let name = AtomName::new("Copy_Traits<")
        .push(op.name())
        .push(",Int<")
        .push_int(u32::try_from(nbits).unwrap_or(u32::MAX))
        .push(">>");
    Ok((name, thr, src))
}

pub(crate) fn split(s: &MaybeSwizzled) -> (Swizzle, Layout) {
    match s {
        MaybeSwizzled::Plain(l) => (Swizzle::new(0, 4, 3), *l),
        MaybeSwizzled::Swizzled(c) => (c.swizzle(), c.layout()),
    }
}

/// CuTe's `detail::make_tma_copy_atom`: the TMA copy atom of `op` that moves the tile
/// `slayout` of the global tensor `g` (elements of `bits` bits named `ty`), the tile's
/// values mapped to global coordinates by `cta_v_map`.
///
/// # Errors
/// Where CuTe refuses (a static assertion, or an assert of `make_tma_copy_desc`): a tile
/// and smem layout of different sizes, a tile that does not start on the global tensor's
/// contiguous mode, a box extent over 256, global strides that are not multiples of 16
/// bytes.
pub fn make_tma_copy_atom(
    op: TmaOp,
    g: &Layout,
    ty: &str,
    bits: i64,
    slayout: &MaybeSwizzled,
    num_multicast: i64,
    cta_v_map: &Layout,
) -> Result<CopyAtom, Error> {
    let elem = TmaElement::own(ty, bits);
    make_tma_copy_atom_as(op, g, elem, slayout, num_multicast, cta_v_map)
}

/// The element of a TMA copy: the tensor's value type (its name and bits) and the type the
/// TMA moves it as (CuTe's `TmaInternalType`, the value type itself by default).
///
/// ```
/// use rcute::atom::TmaElement;
/// // half_t elements moved as bytes: make_tma_copy<uint8_t>(...)
/// let e = TmaElement::own("half_t", 16).moved_as(8).unwrap();
/// assert_eq!(e.internal_bits(), 8);
/// // a wider internal type is refused
/// assert!(TmaElement::own("uint8_t", 8).moved_as(16).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TmaElement<'a> {
    ty: &'a str,
    bits: i64,
    internal_bits: i64,
}

impl<'a> TmaElement<'a> {
    /// Elements of type `ty` (`bits` bits), moved as themselves.
    pub fn own(ty: &'a str, bits: i64) -> TmaElement<'a> {
        TmaElement {
            ty,
            bits,
            internal_bits: bits,
        }
    }

    /// The same elements moved as a type of `internal_bits` bits (CuTe's
    /// `make_tma_copy<TmaInternalType>`): the tensor is recast to it, a `downcast` of its
    /// layout.
    ///
    /// # Errors
    /// An internal type whose bits do not divide the element's (a wider internal type,
    /// CuTe's `upcast` of the global tensor, is not modelled).
    pub fn moved_as(self, internal_bits: i64) -> Result<TmaElement<'a>, Error> {
        if internal_bits <= 0 || self.bits <= 0 || self.bits % internal_bits != 0 {
            return Err(pre(
                "make_tma_copy: the TMA's internal type must have bits that divide the element's (a wider internal type is not modelled); the element's bits and the internal type's",
                self.bits,
                internal_bits,
            ));
        }
        Ok(TmaElement {
            internal_bits,
            ..self
        })
    }

    /// The bits of the type the TMA moves (the internal type).
    pub fn internal_bits(&self) -> i64 {
        self.internal_bits
    }
}

/// [`make_tma_copy_atom`] of elements moved as the internal type of `elem` (CuTe's
/// `make_tma_copy_atom<TmaInternalType>`): the box and the descriptor in units of the
/// internal type, the atom's values of the tensor's type.
///
/// # Errors
/// Those of [`make_tma_copy_atom`].
pub fn make_tma_copy_atom_as(
    op: TmaOp,
    g: &Layout,
    elem: TmaElement<'_>,
    slayout: &MaybeSwizzled,
    num_multicast: i64,
    cta_v_map: &Layout,
) -> Result<CopyAtom, Error> {
    let (ty, bits, ibits) = (elem.ty, elem.bits, elem.internal_bits);
    let ratio = bits / ibits;
    if g.has_basis_strides() {
        return Err(Error::WrongKind {
            msg: "make_tma_copy: the global tensor must have integer strides",
        });
    }
    if op.is_im2col() {
        return Err(Error::WrongKind {
            msg: "make_tma_copy: an im2col TMA operation is built by make_im2col_tma_copy",
        });
    }
    let (sw, sl) = split(slayout);
    let gbasis = construct_tma_gbasis(g, &sl, cta_v_map, ratio)?;
    let params = tma_desc(op, g, ibits, ratio, &gbasis, sw, num_multicast)?;
    let size = gbasis.try_size()?;
    if !size.is_static() {
        return Err(Error::WrongKind {
            msg: "make_tma_copy: the box must be static (NumBitsPerTMA is a template argument)",
        });
    }
    let nbits = size.value().checked_mul(ibits).ok_or(Error::Overflow {
        msg: "make_tma_copy: the box's bits overflow",
        lhs: size.value(),
        rhs: ibits,
    })?;
    let (name, thr, src) = tma_traits(op, nbits)?;
    let cop = CopyOp::tma(name, thr, src, params);
    CopyAtom::try_new(cop, ty, bits)
}

/// CuTe's `make_tma_atom(op, gtensor, slayout, cta_tiler, cluster_size)`: the TMA copy
/// atom of one CTA's tile `cta_tiler` (`num_multicast` CTAs share it).
///
/// # Errors
/// Those of [`make_tma_copy_atom`].
pub fn make_tma_atom(
    op: TmaOp,
    g: &Layout,
    ty: &str,
    bits: i64,
    slayout: &MaybeSwizzled,
    cta_tiler: &Tiler,
    num_multicast: i64,
) -> Result<CopyAtom, Error> {
    make_tma_atom_as(
        op,
        g,
        TmaElement::own(ty, bits),
        slayout,
        cta_tiler,
        num_multicast,
    )
}

/// [`make_tma_atom`] of elements moved as the internal type of `elem` (CuTe's
/// `make_tma_atom<TmaInternalType>`).
///
/// # Errors
/// Those of [`make_tma_copy_atom`].
pub fn make_tma_atom_as(
    op: TmaOp,
    g: &Layout,
    elem: TmaElement<'_>,
    slayout: &MaybeSwizzled,
    cta_tiler: &Tiler,
    num_multicast: i64,
) -> Result<CopyAtom, Error> {
    let v = Layout::try_identity(g.shape())?.try_composition_tiler(cta_tiler)?;
    make_tma_copy_atom_as(op, g, elem, slayout, num_multicast, &v)
}

/// CuTe's `detail::make_tma_copy_tiled`: the tiled copy of the TMA atom, `cta_t_map`
/// mapping a CTA of the cluster to its logical multicast id.
///
/// # Errors
/// Those of [`make_tma_copy_atom`], and of the layout algebra of the tiling.
#[allow(clippy::too_many_arguments)]
pub fn make_tma_copy_tiled(
    op: TmaOp,
    g: &Layout,
    ty: &str,
    bits: i64,
    slayout: &MaybeSwizzled,
    cta_t_map: &Layout,
    cta_v_map: &Layout,
) -> Result<TiledCopy, Error> {
    make_tma_copy_tiled_as(
        op,
        g,
        TmaElement::own(ty, bits),
        slayout,
        cta_t_map,
        cta_v_map,
    )
}

/// [`make_tma_copy_tiled`] of elements moved as the internal type of `elem`.
///
/// # Errors
/// Those of [`make_tma_copy_tiled`].
pub fn make_tma_copy_tiled_as(
    op: TmaOp,
    g: &Layout,
    elem: TmaElement<'_>,
    slayout: &MaybeSwizzled,
    cta_t_map: &Layout,
    cta_v_map: &Layout,
) -> Result<TiledCopy, Error> {
    let cos = cta_t_map.try_cosize()?;
    let atom = make_tma_copy_atom_as(op, g, elem, slayout, cos.value(), cta_v_map)?;
    tiled_of_atom(atom, slayout, cta_t_map, cta_v_map)
}

/// The tiling of `detail::make_tma_copy_tiled` (and of `make_tma_copy_im2col`): the
/// (CTA thread, value) -> tile coordinate layout of a TMA atom over the shared tile.
pub(crate) fn tiled_of_atom(
    atom: CopyAtom,
    slayout: &MaybeSwizzled,
    cta_t_map: &Layout,
    cta_v_map: &Layout,
) -> Result<TiledCopy, Error> {
    let cos = cta_t_map.try_cosize()?;
    let cta_tiler = cta_v_map.shape().try_product_each()?;
    let per_tma = atom.val_layout_ref().try_mode(1)?.try_size()?;
    let (_, sl) = split(slayout);
    let inv = sl.try_right_inverse()?;
    let layout_v = inv.try_composition_tiler(&Tiler::try_integer(per_tma)?)?;
    let layout_vv = Layout::try_concat(&[layout_v])?.try_tile_to_shape(
        &IntTuple::from_int(cta_v_map.try_size()?),
        &crate::TileOrder::Major(crate::Major::Left),
    )?;
    let layout_t = Layout::try_new(
        IntTuple::from_int(cos),
        IntTuple::from_int(per_tma.try_safe_div(cos)?),
    )?;
    let layout_tt = inv.try_composition(&layout_t.try_composition(cta_t_map)?)?;
    let tv = Layout::try_concat(&[layout_tt, layout_vv])?;
    TiledCopy::try_from_tv(atom, &tv, &cta_tiler)
}

/// CuTe's `make_tma_copy(op, gtensor, slayout, cta_tiler, cluster_size)`.
///
/// # Errors
/// Those of [`make_tma_copy_tiled`].
pub fn make_tma_copy(
    op: TmaOp,
    g: &Layout,
    ty: &str,
    bits: i64,
    slayout: &MaybeSwizzled,
    cta_tiler: &Tiler,
    cluster_size: Int,
) -> Result<TiledCopy, Error> {
    make_tma_copy_as(
        op,
        g,
        TmaElement::own(ty, bits),
        slayout,
        cta_tiler,
        cluster_size,
    )
}

/// [`make_tma_copy`] of elements moved as the internal type of `elem` (CuTe's
/// `make_tma_copy<TmaInternalType>(op, gtensor, slayout, cta_tiler, cluster_size)`).
///
/// # Errors
/// Those of [`make_tma_copy_tiled`].
pub fn make_tma_copy_as(
    op: TmaOp,
    g: &Layout,
    elem: TmaElement<'_>,
    slayout: &MaybeSwizzled,
    cta_tiler: &Tiler,
    cluster_size: Int,
) -> Result<TiledCopy, Error> {
    let v = Layout::try_identity(g.shape())?.try_composition_tiler(cta_tiler)?;
    let t = Layout::try_from_shape(IntTuple::from_int(cluster_size))?;
    make_tma_copy_tiled_as(op, g, elem, slayout, &t, &v)
}

/// CuTe's `tma_partition(atom, cta_coord, cta_layout, stensor, gtensor)`: the TMA
/// coordinate tensor and the shared-memory layout, each with its first mode split into
/// `(TMA, TMA_Iter)` and offset to the CTA's share of a multicast. `smem` is the shared
/// tensor's layout (its pointer only moves by the offset CuTe folds in).
///
/// Returns the partitioned coordinate tensor, and the shared layout with the offset in
/// elements its pointer moves.
///
/// # Errors
/// Mismatched first modes, and the errors of the layout algebra.
pub fn tma_partition(
    atom: &CopyAtom,
    cta_coord: &IntTuple,
    cta_layout: &Layout,
    smem: &MaybeSwizzled,
    gtensor: &CoordTensor,
) -> Result<(CoordTensor, MaybeSwizzled, Int), Error> {
    let (_, sl) = split(smem);
    let s0 = sl.try_mode(0)?;
    let g0 = gtensor.layout().try_mode(0)?;
    if s0.try_size()?.value() != g0.try_size()?.value() {
        return Err(pre(
            "tma_partition: the first modes of the smem and gmem tensors differ in size",
            s0.try_size()?.value(),
            g0.try_size()?.value(),
        ));
    }
    let inv = s0.try_right_inverse()?;
    let layout_v = Layout::try_concat(&[inv])?.try_tile_to_shape(
        &IntTuple::from_int(s0.try_size()?),
        &crate::TileOrder::Major(crate::Major::Left),
    )?;
    let nval = atom.num_val_src()?;
    let tma_v = Layout::try_from_shape(IntTuple::from_int(nval))?;
    let divided = layout_v.try_logical_divide(&Tiler::layout(tma_v))?;
    let tiler = |rank: usize| -> Result<Tiler, Error> {
        let mut items = [Tiler::UNDERSCORE; 32];
        items[0] = Tiler::layout(divided);
        Tiler::try_tuple(&items[..rank.max(1)])
    };
    let profile = IntTuple::parse("((_1,_1))");
    let gv = gtensor
        .layout()
        .try_composition_tiler(&tiler(gtensor.layout().rank())?)?
        .try_coalesce_by(&profile)?;
    let svl = sl
        .try_composition_tiler(&tiler(sl.rank())?)?
        .try_coalesce_by(&profile)?;
    let cos = cta_layout.try_cosize()?;
    let off = cta_layout
        .try_apply(cta_coord)?
        .as_int()
        .ok_or(Error::WrongKind {
            msg: "tma_partition: the CTA layout must map the coordinate to an integer",
        })?
        .try_mul(tma_v.try_size()?.try_div(cos)?)?;
    let coord = |rank: usize| -> Result<IntTuple, Error> {
        let mut items = [IntTuple::from_int(Int::ZERO); 32];
        items[0] = tuple_of(&[IntTuple::from_int(off), IntTuple::from_int(Int::ZERO)])?;
        tuple_of(&items[..rank.max(1)])
    };
    let goff = gv.try_apply(&coord(gv.rank())?)?;
    let g = CoordTensor::new(arith_add(&gtensor.origin(), &goff)?, gv);
    let scoord = coord(svl.rank())?;
    let (s, soff) = match smem {
        MaybeSwizzled::Plain(_) => {
            let o = svl.try_apply(&scoord)?;
            (MaybeSwizzled::Plain(svl), o.as_int().unwrap_or(Int::ZERO))
        }
        MaybeSwizzled::Swizzled(c) => {
            let k = ComposedLayout::try_new(c.swizzle(), c.origin(), svl)?;
            (
                MaybeSwizzled::Swizzled(k.try_domain_offset(&scoord)?),
                Int::ZERO,
            )
        }
    };
    Ok((g, s, soff))
}

/// The `(FrgV,(RestM,RestK,...))` mode of `mma.thrfrg_X(g_tile)` sliced by
/// `(_, (_,...))`: the CTA's value index -> global mode (CuTe's `cta_v_tile` of the SM100
/// helpers), and the MNK tiler's modes of the operand.
fn sm100_v_tile(
    operand: Operand,
    g: &Layout,
    mnk_tiler: &IntTuple,
    mma: &TiledMma,
) -> Result<Layout, Error> {
    if mnk_tiler.rank() < 3 {
        return Err(pre(
            "make_tma_*_sm100: the tiler is (M,N,K,...); its rank",
            mnk_tiler.rank() as i64,
            3,
        ));
    }
    let drop = match operand {
        Operand::A => 1,
        Operand::B => 0,
        Operand::C => 2,
    };
    let keep: [usize; 2] = match drop {
        1 => [0, 2],
        0 => [1, 2],
        _ => [0, 1],
    };
    let tile = mnk_tiler.try_select(&keep)?;
    let g_tile =
        Layout::try_identity(g.shape())?.try_composition_tiler(&Tiler::try_from_shape(&tile)?)?;
    let frg = mma.try_thrfrg(operand, &g_tile)?.try_mode(1)?;
    // (_, (_,_,...)): one underscore per mode of g_tile
    let mut under = [IntTuple::from_int(Int::UNDERSCORE); 32];
    let r = g_tile.rank().min(32);
    let rest = tuple_of(&under[..r])?;
    under[0] = IntTuple::from_int(Int::UNDERSCORE);
    under[1] = rest;
    frg.try_slice(&tuple_of(&under[..2])?)
}

/// The multicast of an SM100 helper: the cluster's N (A) or M (B) for the multicast
/// operations, 1 for the others.
fn sm100_multicast(op: TmaOp, operand: Operand, cluster_vmnk: &IntTuple) -> Result<i64, Error> {
    match op {
        TmaOp::LoadMulticast | TmaOp::Load2SmMulticast => {
            let i = if operand == Operand::A { 2 } else { 1 };
            Ok(cluster_vmnk.try_get(i)?.try_product()?.value())
        }
        TmaOp::Load | TmaOp::Store | TmaOp::Load2Sm => Ok(1),
        _ => Err(Error::WrongKind {
            msg: "make_tma_*_sm100: unsupported TMA (SM90_TMA_LOAD[_MULTICAST], SM90_TMA_STORE or SM100_TMA_2SM_LOAD[_MULTICAST])",
        }),
    }
}

/// CuTe's `make_tma_atom_A_sm100` / `make_tma_atom_B_sm100(op, gtensor, slayout,
/// mma_tiler, mma, cluster_shape)`: the TMA atom of the A (or B) tile of a tiled UMMA, the
/// CTA's values laid out as the MMA partitions them (`(MMA, MMA_M, MMA_K)`).
///
/// # Errors
/// Those of [`make_tma_copy_atom`], an operand C, and an unsupported operation.
#[allow(clippy::too_many_arguments)]
pub fn make_tma_atom_sm100(
    op: TmaOp,
    operand: Operand,
    g: &Layout,
    ty: &str,
    bits: i64,
    slayout: &MaybeSwizzled,
    mma_tiler: &IntTuple,
    mma: &TiledMma,
    cluster_vmnk: &IntTuple,
) -> Result<CopyAtom, Error> {
    if operand == Operand::C {
        return Err(Error::WrongKind {
            msg: "make_tma_atom_sm100: CuTe has the A and B forms only",
        });
    }
    let v = sm100_v_tile(operand, g, mma_tiler, mma)?;
    let mc = sm100_multicast(op, operand, cluster_vmnk)?;
    make_tma_copy_atom(op, g, ty, bits, slayout, mc, &v)
}

/// CuTe's `make_tma_copy_A_sm100` / `_B_sm100` / `_C_sm100(op, gtensor, slayout,
/// cluster_tiler, mma)`: the tiled TMA copy of a tiled UMMA's operand, multicast over the
/// cluster's N-CTAs (A) or M-CTAs (B) for the multicast operations.
///
/// # Errors
/// Those of [`make_tma_copy_tiled`], and an unsupported operation (C takes no multicast).
#[allow(clippy::too_many_arguments)]
pub fn make_tma_copy_sm100(
    op: TmaOp,
    operand: Operand,
    g: &Layout,
    ty: &str,
    bits: i64,
    slayout: &MaybeSwizzled,
    cluster_tiler: &IntTuple,
    mma: &TiledMma,
) -> Result<TiledCopy, Error> {
    let v = sm100_v_tile(operand, g, cluster_tiler, mma)?;
    let multicast = matches!(op, TmaOp::LoadMulticast | TmaOp::Load2SmMulticast);
    if op == TmaOp::ReduceAdd || (operand == Operand::C && multicast) {
        return Err(Error::WrongKind {
            msg: "make_tma_copy_sm100: unsupported TMA op (C takes SM90_TMA_LOAD, SM90_TMA_STORE or SM100_TMA_2SM_LOAD)",
        });
    }
    let t = if operand == Operand::C {
        Layout::try_parse("_1:_0")?
    } else {
        // cta rank -> logical cta id: the N-CTAs (A) or M-CTAs (B) of the multicast
        let shape = mma.thr_layout_vmnk().shape();
        let used = if !multicast {
            usize::MAX
        } else if operand == Operand::A {
            2
        } else {
            1
        };
        let mut strides = [IntTuple::from_int(Int::ZERO); 4];
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
        Layout::try_new(shape, tuple_of(&strides[..shape.rank().min(4)])?)?.try_coalesce()?
    };
    make_tma_copy_tiled(op, g, ty, bits, slayout, &t, &v)
}
