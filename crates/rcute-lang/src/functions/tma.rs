//! `tma_copy`: the TMA analysis in the expression language.

use super::call::Call;
use super::function::Function;
use crate::error::EvalError;
use crate::value::{Ptr, PtrTensor, Space, Value};
use alloc::boxed::Box;
use alloc::string::ToString;
use rcute::Tiler;
use rcute::analysis::tma::{TmaCopy, TmaError};
use rcute::atom::{self, TiledCopy, TmaOp};
use rcute::int::Int;
use rcute::layout::Layout;
use rcute::swizzle::MaybeSwizzled;
use rcute::tuple::IntTuple;

/// This file's functions: entries of the function table.
#[rustfmt::skip]
pub(super) const FUNCTIONS: &[Function] = &[
    Function::new("get_tma_tensor", (2, 2), (0, 0), get_tma_tensor, "get_tma_tensor(X, shape): the TMA coordinate tensor of a TMA atom or copy, (256,128):(_1@1,_1@0)"),
    Function::new("make_tensor", (2, 3), (0, 0), make_tensor, "make_tensor(ptr, L[, major]): a tensor over make_gmem_ptr<T>(nullptr), make_smem_ptr<T>(nullptr) or make_tmem_ptr<T>(addr); make_tensor(ptr, shape, stride or LayoutLeft/LayoutRight)"),
    Function::new("make_im2col_tma_copy", (3, 12), (0, 0), make_im2col_tma_copy, "make_im2col_tma_copy(op, G, S[, cta_tiler[, multicast]][, lower_corner, upper_corner, lower_padding, upper_padding, stride, lower_srt, dilation]): CuTe's im2col TMA tiled copy of a ((W,H,D,N),C) activation tensor"),
    Function::new("make_im2col_tma_atom_A_sm100", (13, 13), (0, 0), make_im2col_tma_atom_a_sm100, "make_im2col_tma_atom_A_sm100(op, G, S, mma_tiler, mma, cluster_shape, lower_corner, upper_corner, lower_padding, upper_padding, stride, lower_srt, dilation): the im2col TMA atom of a tiled UMMA's A tile"),
    Function::new("make_im2col_tma_atom_B_sm100", (13, 13), (0, 0), make_im2col_tma_atom_b_sm100, "make_im2col_tma_atom_B_sm100(op, G, S, mma_tiler, mma, cluster_shape, 7 convolution tuples): the im2col TMA atom of a tiled UMMA's B tile"),
    Function::new("make_im2col_tma_copy_A_sm100", (12, 12), (0, 0), make_im2col_tma_copy_a_sm100, "make_im2col_tma_copy_A_sm100(op, G, S, cluster_tile, mma, 7 convolution tuples): the im2col TMA copy of a tiled UMMA's A, multicast over the cluster's N"),
    Function::new("make_im2col_tma_copy_B_sm100", (12, 12), (0, 0), make_im2col_tma_copy_b_sm100, "make_im2col_tma_copy_B_sm100(op, G, S, cluster_tile, mma, 7 convolution tuples): the im2col TMA copy of a tiled UMMA's B, multicast over the cluster's M"),
    Function::new("make_tma_atom", (4, 5), (0, 0), make_tma_atom, "make_tma_atom(op, G, S, cta_tiler[, cluster_size]): CuTe's TMA copy atom of a CTA's tile"),
    Function::new("make_tma_atom_A_sm100", (6, 6), (0, 0), make_tma_atom_a_sm100, "make_tma_atom_A_sm100(op, G, S, mma_tiler, mma, cluster_shape): the TMA atom of a tiled UMMA's A tile"),
    Function::new("make_tma_atom_B_sm100", (6, 6), (0, 0), make_tma_atom_b_sm100, "make_tma_atom_B_sm100(op, G, S, mma_tiler, mma, cluster_shape): the TMA atom of a tiled UMMA's B tile"),
    Function::new("make_tma_copy", (3, 5), (0, 0), make_tma_copy, "make_tma_copy(op, G, S[, cta_tiler], [cluster_size]): CuTe's TMA tiled copy"),
    Function::new("make_tma_copy_A_sm90", (5, 5), (0, 0), make_tma_copy_a_sm90, "make_tma_copy_A_sm90(op, G, S, cta_tiler_mnk, cluster_shape): the TMA copy of A (MK), multicast over the cluster's N"),
    Function::new("make_tma_copy_B_sm90", (5, 5), (0, 0), make_tma_copy_b_sm90, "make_tma_copy_B_sm90(op, G, S, cta_tiler_mnk, cluster_shape): the TMA copy of B (NK), multicast over the cluster's M"),
    Function::new("make_tma_copy_A_sm100", (5, 5), (0, 0), make_tma_copy_a_sm100, "make_tma_copy_A_sm100(op, G, S, cluster_tiler, mma): the TMA copy of a tiled UMMA's A, multicast over the cluster's N"),
    Function::new("make_tma_copy_B_sm100", (5, 5), (0, 0), make_tma_copy_b_sm100, "make_tma_copy_B_sm100(op, G, S, cluster_tiler, mma): the TMA copy of a tiled UMMA's B, multicast over the cluster's M"),
    Function::new("make_tma_copy_C_sm100", (5, 5), (0, 0), make_tma_copy_c_sm100, "make_tma_copy_C_sm100(op, G, S, cluster_tiler, mma): the TMA copy of a tiled UMMA's C"),
    Function::new("make_tma_copy_C_sm90", (4, 4), (0, 0), make_tma_copy_c_sm90, "make_tma_copy_C_sm90(op, G, S, cta_tiler_mnk): the TMA copy of C (MN)"),
    Function::new("tma_copy", (3, 3), (0, 0), tma_copy, "tma_copy(G, S, T): the TMA tensor map and instructions that move tile S of tensor G (T: half_t, float, ... or bits), proved, or why not"),
    Function::new("tma_partition", (3, 5), (0, 0), tma_partition, "tma_partition(atom, [cta_coord, cta_layout,] S, G): CuTe's (TMA tensor, smem tensor) pair, first modes split (TMA, TMA_Iter)"),
];

/// `tma_copy(G, S, T)`: the report of [`TmaCopy::try_new`] for the global tensor `G`, the
/// shared-memory tile `S` (a layout or a swizzled layout) and the element type `T` (CuTe's
/// name, `half_t`, or its bits, 16), printed; a refusal is an error with its reason.
pub(super) fn tma_copy(c: &Call<'_>) -> Result<Value, EvalError> {
    let g = c.layout(0)?;
    let s = match c.value(1) {
        Value::Layout(l) => MaybeSwizzled::Plain(*l),
        Value::Composed(l) => MaybeSwizzled::Swizzled(*l),
        _ => return Err(c.bad_arg(1, "a layout or a swizzled layout (the shared-memory tile)")),
    };
    let (bits, name) = match c.value(2) {
        Value::ElementType(t) => match rcute::atom::element_bits(t) {
            Some(b) => (b, Some(*t)),
            None => return Err(c.bad_arg(2, "an element type of 8 to 64 bits")),
        },
        Value::Tuple(t) if t.is_leaf() && !t.leaf(0).is_basis() && !t.leaf(0).is_underscore() => {
            (t.leaf(0).value(), None)
        }
        _ => {
            return Err(c.bad_arg(
                2,
                "an element type (half_t, float, uint8_t, ...) or its bits",
            ));
        }
    };
    match TmaCopy::try_new(&g, &s, bits, name) {
        Ok(t) => Ok(Value::Printed(t.to_string())),
        Err(TmaError::Refused(e)) => Err(EvalError::from_core(e, c.span)),
        Err(e) => Err(EvalError::new(e.to_string(), c.span)),
    }
}

// ------------------------------------------------------------------ CuTe's TMA API

type R = Result<Value, EvalError>;

fn tma_op(c: &Call<'_>, i: usize) -> Result<TmaOp, EvalError> {
    match c.value(i) {
        Value::TmaOp(o) => Ok(*o),
        _ => Err(c.bad_arg(
            i,
            "a TMA operation (SM90_TMA_LOAD{}, SM90_TMA_LOAD_MULTICAST{}, SM90_TMA_STORE{}, SM100_TMA_2SM_LOAD{}, ...)",
        )),
    }
}

/// The global tensor: its layout (integer strides), element type and bits.
fn gmem(c: &Call<'_>, i: usize) -> Result<(Layout, &'static str, i64), EvalError> {
    match c.value(i) {
        Value::PtrTensor(t) if t.ptr.space == Space::Gmem => match t.layout {
            MaybeSwizzled::Plain(l) => Ok((l, t.ptr.ty, t.ptr.bits)),
            MaybeSwizzled::Swizzled(_) => {
                Err(c.bad_arg(i, "a global tensor with an unswizzled layout"))
            }
        },
        _ => Err(c.bad_arg(
            i,
            "a global tensor, make_tensor(make_gmem_ptr<T>(nullptr), layout)",
        )),
    }
}

/// The shared-memory layout: a layout, a swizzled layout, or a shared tensor's layout.
fn smem(c: &Call<'_>, i: usize) -> Result<MaybeSwizzled, EvalError> {
    match c.value(i) {
        Value::Layout(l) => Ok(MaybeSwizzled::Plain(*l)),
        Value::Composed(l) => Ok(MaybeSwizzled::Swizzled(*l)),
        Value::PtrTensor(t) if t.ptr.space == Space::Smem => Ok(t.layout),
        _ => Err(c.bad_arg(
            i,
            "the shared-memory layout (a layout or a swizzled layout)",
        )),
    }
}

/// The shared-memory tile a TMA copy is built for: [`smem`], where a tensor over a
/// swizzled smem pointer (GMMA's atoms) gives the layout it was made of, its swizzle
/// back on the bytes it swizzles.
fn smem_tile(c: &Call<'_>, i: usize) -> Result<MaybeSwizzled, EvalError> {
    match c.value(i) {
        Value::PtrTensor(t) if t.ptr.space == Space::Smem => match (t.ptr.swizzle, t.layout) {
            (Some(sw), MaybeSwizzled::Plain(l)) => Ok(MaybeSwizzled::Swizzled(c.core(
                rcute::swizzle::ComposedLayout::try_smem_flagged(sw, t.ptr.bits, l),
            )?)),
            _ => smem(c, i),
        },
        _ => smem(c, i),
    }
}

fn layout_of(s: &MaybeSwizzled) -> Layout {
    match s {
        MaybeSwizzled::Plain(l) => *l,
        MaybeSwizzled::Swizzled(c) => c.layout(),
    }
}

/// A cluster size: an integer, or a shape whose size it is.
fn cluster(c: &Call<'_>, i: usize) -> Result<Int, EvalError> {
    let t = c.tuple(i)?;
    c.core(t.try_product())
}

fn copy(t: TiledCopy) -> R {
    Ok(Value::TiledCopy(Box::new(t)))
}

/// `make_tma_atom(op, G, S, cta_tiler[, cluster_size])`.
pub(super) fn make_tma_atom(c: &Call<'_>) -> R {
    make_tma_atom_moved_as(c, None)
}

/// The element of the global tensor (`ty`, `bits` bits), moved as a type of `internal`
/// bits where given (`make_tma_copy<TmaInternalType>`).
fn tma_element<'a>(
    c: &Call<'_>,
    ty: &'a str,
    bits: i64,
    internal: Option<i64>,
) -> Result<atom::TmaElement<'a>, EvalError> {
    let e = atom::TmaElement::own(ty, bits);
    match internal {
        None => Ok(e),
        Some(ib) => c.core(e.moved_as(ib)),
    }
}

/// `make_tma_atom<TmaInternalType>(op, G, S, cta_tiler[, cluster_size])`, the internal
/// type's bits given (`None`: the tensor's own type).
pub(crate) fn make_tma_atom_moved_as(c: &Call<'_>, internal: Option<i64>) -> R {
    let op = tma_op(c, 0)?;
    let (g, ty, bits) = gmem(c, 1)?;
    let elem = tma_element(c, ty, bits, internal)?;
    let s = smem_tile(c, 2)?;
    let tiler = c.tiler(3)?;
    let mc = if c.args.len() == 5 {
        cluster(c, 4)?.value()
    } else {
        1
    };
    let a = c.core(atom::make_tma_atom_as(op, &g, elem, &s, &tiler, mc))?;
    Ok(Value::CopyAtom(Box::new(a)))
}

/// `make_tma_copy(op, G, S[, cta_tiler], [cluster_size])`.
pub(super) fn make_tma_copy(c: &Call<'_>) -> R {
    make_tma_copy_moved_as(c, None)
}

/// `make_tma_copy<TmaInternalType>(op, G, S[, cta_tiler], [cluster_size])`, the internal
/// type's bits given (`None`: the tensor's own type).
pub(crate) fn make_tma_copy_moved_as(c: &Call<'_>, internal: Option<i64>) -> R {
    let op = tma_op(c, 0)?;
    let (g, ty, bits) = gmem(c, 1)?;
    let elem = tma_element(c, ty, bits, internal)?;
    let s = smem_tile(c, 2)?;
    let (tiler, mc) = match c.args.len() {
        3 | 4 => {
            let shape = c.core(layout_of(&s).shape().try_product_each())?;
            let mc = if c.args.len() == 4 {
                cluster(c, 3)?
            } else {
                Int::ONE
            };
            (c.core(Tiler::try_from_shape(&shape))?, mc)
        }
        _ => (c.tiler(3)?, cluster(c, 4)?),
    };
    copy(c.core(atom::make_tma_copy_as(op, &g, elem, &s, &tiler, mc))?)
}

/// `make_im2col_tma_copy(op, G, S[, cta_tiler[, multicast]][, 7 convolution tuples])`.
pub(super) fn make_im2col_tma_copy(c: &Call<'_>) -> R {
    let op = tma_op(c, 0)?;
    let (g, ty, bits) = gmem(c, 1)?;
    let s = smem_tile(c, 2)?;
    let n = c.args.len();
    // the corners, paddings, traversal stride, lower SRT and dilation (the last seven
    // arguments of the long forms) reach only the descriptor and the TMA tensor
    let (head, conv) = match n {
        3..=5 => (n, 0),
        10..=12 => (n - 7, 7),
        _ => {
            return Err(c.bad_arg(
                n - 1,
                "3, 4 or 5 arguments, or those and the 7 convolution tuples (corners, paddings, stride, lower SRT, dilation)",
            ));
        }
    };
    let conv = conv_tuples(c, &g, head, conv)?;
    let tiler = if head >= 4 {
        c.tiler(3)?
    } else {
        let shape = c.core(layout_of(&s).shape().try_product_each())?;
        c.core(Tiler::try_from_shape(&shape))?
    };
    let mc = if head == 5 { cluster(c, 4)? } else { Int::ONE };
    copy(c.core(atom::make_im2col_tma_copy(
        op, &g, ty, bits, &s, &tiler, mc, &conv,
    ))?)
}

/// The seven convolution tuples at `head..head + conv` (corners, paddings, traversal
/// stride, lower SRT, dilation): integers, one per spatial mode of `g`; CuTe's defaults
/// where `conv` is 0.
fn conv_tuples(
    c: &Call<'_>,
    g: &Layout,
    head: usize,
    conv: usize,
) -> Result<atom::Im2colConv, EvalError> {
    // CuTe's spatial modes: rank<0>(G) - 1 for the defaults; the flattened tensor less C
    // and N for the tuples it indexes
    let spatial = g.shape().leaf_count().saturating_sub(2);
    if conv == 0 {
        let mode0 = c.core(g.shape().try_get(0))?;
        let r = if mode0.is_leaf() { 1 } else { mode0.rank() };
        return c.core(atom::Im2colConv::try_defaults(r.saturating_sub(1)));
    }
    let mut tuples = [IntTuple::from_int(Int::ZERO); 7];
    for (k, i) in (head..head + conv).enumerate() {
        let t = c.tuple(i)?;
        let r = if t.is_leaf() { 1 } else { t.rank() };
        if r < spatial || t.leaves().any(|x| x.is_basis() || x.is_underscore()) {
            return Err(c.bad_arg(
                i,
                "a tuple of integers, one per spatial mode of the tensor (W,H,D)",
            ));
        }
        if !t.is_leaf() && (0..t.rank()).any(|j| !t.get(j).is_leaf()) {
            return Err(c.bad_arg(i, "a flat tuple of integers"));
        }
        tuples[k] = t;
    }
    Ok(atom::Im2colConv::new(tuples))
}

/// `make_im2col_tma_atom_{A,B}_sm100(op, G, S, mma_tiler, mma, cluster_shape, 7 tuples)`.
fn make_im2col_tma_atom_sm100(c: &Call<'_>, operand: rcute::atom::Operand) -> R {
    let op = tma_op(c, 0)?;
    let (g, ty, bits) = gmem(c, 1)?;
    let s = smem_tile(c, 2)?;
    let tiler = c.tuple(3)?;
    let mma = tiled_mma(c, 4)?;
    let cluster = cluster_vmnk(c, 5)?;
    let conv = conv_tuples(c, &g, 6, 7)?;
    let a = c.core(atom::make_im2col_tma_atom_sm100(
        op, operand, &g, ty, bits, &s, &tiler, &mma, &cluster, &conv,
    ))?;
    Ok(Value::CopyAtom(Box::new(a)))
}

pub(super) fn make_im2col_tma_atom_a_sm100(c: &Call<'_>) -> R {
    make_im2col_tma_atom_sm100(c, rcute::atom::Operand::A)
}

pub(super) fn make_im2col_tma_atom_b_sm100(c: &Call<'_>) -> R {
    make_im2col_tma_atom_sm100(c, rcute::atom::Operand::B)
}

/// `make_im2col_tma_copy_{A,B}_sm100(op, G, S, cluster_tile, mma, 7 tuples)`.
fn make_im2col_tma_copy_sm100(c: &Call<'_>, operand: rcute::atom::Operand) -> R {
    let op = tma_op(c, 0)?;
    let (g, ty, bits) = gmem(c, 1)?;
    let s = smem_tile(c, 2)?;
    let tiler = c.tuple(3)?;
    let mma = tiled_mma(c, 4)?;
    let conv = conv_tuples(c, &g, 5, 7)?;
    copy(c.core(atom::make_im2col_tma_copy_sm100(
        op, operand, &g, ty, bits, &s, &tiler, &mma, &conv,
    ))?)
}

pub(super) fn make_im2col_tma_copy_a_sm100(c: &Call<'_>) -> R {
    make_im2col_tma_copy_sm100(c, rcute::atom::Operand::A)
}

pub(super) fn make_im2col_tma_copy_b_sm100(c: &Call<'_>) -> R {
    make_im2col_tma_copy_sm100(c, rcute::atom::Operand::B)
}

/// `make_tma_copy_{A,B,C}_sm90(op, G, S, cta_tiler_mnk[, cluster_shape])`: the MK, NK or
/// MN modes of the tiler, multicast over the cluster's N (A), M (B) or no CTAs (C).
fn make_tma_copy_sm90(c: &Call<'_>, drop: usize) -> R {
    let op = tma_op(c, 0)?;
    let (g, ty, bits) = gmem(c, 1)?;
    let s = smem_tile(c, 2)?;
    let mnk = c.tuple(3)?;
    if mnk.rank() != 3 {
        return Err(c.bad_arg(3, "the CTA tile (M,N,K)"));
    }
    let keep: [usize; 2] = match drop {
        1 => [0, 2],
        0 => [1, 2],
        _ => [0, 1],
    };
    let tile = c.core(mnk.try_select(&keep))?;
    let v = c
        .core(Layout::try_identity(g.shape()).and_then(|id| {
            Tiler::try_from_shape(&tile).and_then(|t| id.try_composition_tiler(&t))
        }))?;
    let t = if drop == 2 {
        Layout::parse("_1:_0")
    } else {
        if c.args.len() != 5 {
            return Err(c.bad_arg(3, "the CTA tile and the cluster shape"));
        }
        let cl = c.tuple(4)?;
        let n = c.core(
            cl.try_get(if drop == 1 { 1 } else { 0 })
                .and_then(|m| m.try_product()),
        )?;
        c.core(Layout::try_from_shape(IntTuple::from_int(n)))?
    };
    copy(c.core(atom::make_tma_copy_tiled(op, &g, ty, bits, &s, &t, &v))?)
}

pub(super) fn make_tma_copy_a_sm90(c: &Call<'_>) -> R {
    make_tma_copy_sm90(c, 1)
}

pub(super) fn make_tma_copy_b_sm90(c: &Call<'_>) -> R {
    make_tma_copy_sm90(c, 0)
}

pub(super) fn make_tma_copy_c_sm90(c: &Call<'_>) -> R {
    make_tma_copy_sm90(c, 2)
}

fn tma_atom(c: &Call<'_>, i: usize) -> Result<rcute::atom::CopyAtom, EvalError> {
    let a = match c.value(i) {
        Value::CopyAtom(a) => **a,
        Value::TiledCopy(t) => *t.atom(),
        _ => {
            return Err(c.bad_arg(
                i,
                "a TMA copy atom or tiled copy (make_tma_atom, make_tma_copy)",
            ));
        }
    };
    if a.op().im2col_tensor().is_some() {
        return Err(c.bad_arg(
            i,
            "a TMA atom of make_tma_atom or make_tma_copy (tma_partition of an im2col copy is not modelled)",
        ));
    }
    if a.op().tma_params().is_none() {
        return Err(c.bad_arg(
            i,
            "a TMA copy atom or tiled copy (make_tma_atom, make_tma_copy)",
        ));
    }
    Ok(a)
}

/// `get_tma_tensor(X, g_shape)`: `X.get_tma_tensor(g_shape)`.
pub(super) fn get_tma_tensor(c: &Call<'_>) -> R {
    let im2col = match c.value(0) {
        Value::CopyAtom(a) => a.op().im2col_tensor(),
        Value::TiledCopy(t) => t.atom().op().im2col_tensor(),
        _ => None,
    };
    if let Some(t) = im2col {
        // CuTe's im2col traits return their tensor whatever the shape
        c.tuple(1)?;
        return Ok(Value::Im2colTensor(alloc::boxed::Box::new(*c.core(t)?)));
    }
    let a = tma_atom(c, 0)?;
    let shape = c.tuple(1)?;
    let p = a
        .op()
        .tma_params()
        .copied()
        .ok_or_else(|| c.bad_arg(0, "a TMA atom"))?;
    Ok(Value::Tensor(alloc::boxed::Box::new(
        c.core(p.tma_tensor(&shape))?,
    )))
}

/// `tma_partition(atom, [cta_coord, cta_layout,] S, G)`: the pair `(G', S')` of CuTe's.
pub(super) fn tma_partition(c: &Call<'_>) -> R {
    let a = tma_atom(c, 0)?;
    let (coord, cl, si, gi) = if c.args.len() == 5 {
        (c.tuple(1)?, c.layout(2)?, 3, 4)
    } else {
        (IntTuple::from_int(Int::ZERO), Layout::parse("_1:_0"), 1, 2)
    };
    let s = smem(c, si)?;
    let g = match c.value(gi) {
        Value::Tensor(t) => **t,
        _ => return Err(c.bad_arg(gi, "the TMA coordinate tensor (get_tma_tensor, local_tile)")),
    };
    let (gr, sr, off) = c.core(atom::tma_partition(&a, &coord, &cl, &s, &g))?;
    let sv = match c.value(si) {
        Value::PtrTensor(t) => {
            let mut ptr = t.ptr;
            ptr.offset += off.value();
            Value::PtrTensor(Box::new(PtrTensor { ptr, layout: sr }))
        }
        _ => Value::from(sr),
    };
    Ok(Value::List(alloc::vec![
        Value::Tensor(alloc::boxed::Box::new(gr)),
        sv
    ]))
}

/// `make_tensor(ptr, layout)`: a tensor over a pointer.
pub(super) fn make_tensor(c: &Call<'_>) -> R {
    let Value::MemPtr(ptr) = c.value(0) else {
        return Err(c.bad_arg(
            0,
            "a pointer, make_gmem_ptr<T>(nullptr) or make_smem_ptr<T>(nullptr)",
        ));
    };
    if c.args.len() == 3 {
        let major = match c.tag(2) {
            Some(crate::value::Tag::LayoutLeft) => rcute::tuple::Major::Left,
            Some(crate::value::Tag::LayoutRight) => rcute::tuple::Major::Right,
            None => {
                // make_tensor(ptr, shape, stride)
                let l = c.core(Layout::try_new(c.tuple(1)?, c.tuple(2)?))?;
                return Ok(Value::PtrTensor(Box::new(PtrTensor {
                    ptr: *ptr,
                    layout: MaybeSwizzled::Plain(l),
                })));
            }
        };
        let l = c.core(Layout::try_with_major(c.tuple(1)?, major))?;
        return Ok(Value::PtrTensor(Box::new(PtrTensor {
            ptr: *ptr,
            layout: MaybeSwizzled::Plain(l),
        })));
    }
    let layout = match c.value(1) {
        Value::Layout(l) => MaybeSwizzled::Plain(*l),
        Value::Composed(l) if l.smem_ptr_bits().is_some() => {
            // CuTe's overload for a layout waiting for an smem pointer: the swizzle moves
            // into the pointer (a swizzle_ptr), after two static assertions
            if ptr.space != Space::Smem {
                return Err(c.bad_arg(0, "an smem pointer (the layout waits for one)"));
            }
            if l.smem_ptr_bits() != Some(ptr.bits) {
                return Err(c.bad_arg(
                    0,
                    &alloc::format!(
                        "a pointer to {}-bit elements, as the layout's smem_ptr_flag_bits says",
                        l.smem_ptr_bits().unwrap_or(0)
                    ),
                ));
            }
            // (make_smem_ptr of the identity swizzle is the plain pointer)
            let sw = l.swizzle();
            let ptr = Ptr {
                swizzle: (!sw.is_identity()).then_some(sw),
                ..*ptr
            };
            return Ok(Value::PtrTensor(Box::new(PtrTensor {
                ptr,
                layout: MaybeSwizzled::Plain(l.layout()),
            })));
        }
        Value::Composed(l) => MaybeSwizzled::Swizzled(*l),
        Value::Tuple(t) if !t.has_underscore() => {
            MaybeSwizzled::Plain(c.core(Layout::try_from_shape(*t))?)
        }
        _ => return Err(c.bad_arg(1, "a layout, a swizzled layout or a shape")),
    };
    Ok(Value::PtrTensor(Box::new(PtrTensor { ptr: *ptr, layout })))
}

fn tiled_mma(c: &Call<'_>, i: usize) -> Result<rcute::atom::TiledMma, EvalError> {
    match c.value(i) {
        Value::TiledMma(m) => Ok(**m),
        Value::MmaAtom(a) => c.core(rcute::atom::TiledMma::try_new(
            **a,
            &Layout::parse("_1:_0"),
            &Tiler::UNDERSCORE,
        )),
        _ => Err(c.bad_arg(i, "a tiled MMA (make_tiled_mma(...))")),
    }
}

/// The cluster of an SM100 TMA atom: its shape `(CTA_V, CTA_M, CTA_N, CTA_K)`, or the
/// layout of it (`cluster_layout_vmnk`, CuTe's tutorials pass it), whose shape CuTe reads.
fn cluster_vmnk(c: &Call<'_>, i: usize) -> Result<IntTuple, EvalError> {
    match c.value(i) {
        Value::Layout(l) => Ok(l.shape()),
        _ => c.tuple(i),
    }
}

/// `make_tma_atom_{A,B}_sm100(op, G, S, mma_tiler, mma, cluster_shape)`.
fn make_tma_atom_sm100(c: &Call<'_>, operand: rcute::atom::Operand) -> R {
    let op = tma_op(c, 0)?;
    let (g, ty, bits) = gmem(c, 1)?;
    let s = smem_tile(c, 2)?;
    let tiler = c.tuple(3)?;
    let mma = tiled_mma(c, 4)?;
    let cluster = cluster_vmnk(c, 5)?;
    let a = c.core(atom::make_tma_atom_sm100(
        op, operand, &g, ty, bits, &s, &tiler, &mma, &cluster,
    ))?;
    Ok(Value::CopyAtom(Box::new(a)))
}

pub(super) fn make_tma_atom_a_sm100(c: &Call<'_>) -> R {
    make_tma_atom_sm100(c, rcute::atom::Operand::A)
}

pub(super) fn make_tma_atom_b_sm100(c: &Call<'_>) -> R {
    make_tma_atom_sm100(c, rcute::atom::Operand::B)
}

/// `make_tma_copy_{A,B,C}_sm100(op, G, S, cluster_tiler, mma)`.
fn make_tma_copy_sm100(c: &Call<'_>, operand: rcute::atom::Operand) -> R {
    let op = tma_op(c, 0)?;
    let (g, ty, bits) = gmem(c, 1)?;
    let s = smem_tile(c, 2)?;
    let tiler = c.tuple(3)?;
    let mma = tiled_mma(c, 4)?;
    copy(c.core(atom::make_tma_copy_sm100(
        op, operand, &g, ty, bits, &s, &tiler, &mma,
    ))?)
}

pub(super) fn make_tma_copy_a_sm100(c: &Call<'_>) -> R {
    make_tma_copy_sm100(c, rcute::atom::Operand::A)
}

pub(super) fn make_tma_copy_b_sm100(c: &Call<'_>) -> R {
    make_tma_copy_sm100(c, rcute::atom::Operand::B)
}

pub(super) fn make_tma_copy_c_sm100(c: &Call<'_>) -> R {
    make_tma_copy_sm100(c, rcute::atom::Operand::C)
}
