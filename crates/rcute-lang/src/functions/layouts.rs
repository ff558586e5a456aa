//! Functions on layouts, and the functions CuTe overloads for layouts and IntTuples
//! (size, rank, get, take, append, slice, ...).

use super::call::{AnyLayout, Call};
use super::function::{ANY, Function};
use super::tensors;
use crate::error::EvalError;
use crate::law;
use crate::value::{Tag, Value};
use alloc::string::ToString;
use alloc::vec::Vec;
use rcute::int::Int;
use rcute::layout::Layout;
use rcute::swizzle::MaybeSwizzled;
use rcute::tuple::{IntTuple, Major};

type R = Result<Value, EvalError>;

/// This file's functions: entries of the function table.
#[rustfmt::skip]
pub(super) const FUNCTIONS: &[Function] = &[
    Function::new("append", (1, 2), (0, 1), append, "append(x, y), append<N>(x[, y]): add modes at the end"),
    Function::new("coprofile", (1, 1), (0, ANY), coprofile, "coprofile<I...>(L): the profile of the codomain, as _0s"),
    Function::new("coshape", (1, 1), (0, ANY), coshape, "coshape<I...>(L): the shape of the codomain"),
    Function::new("cosize", (1, 1), (0, ANY), cosize, "cosize<I...>(L): the size of the codomain"),
    Function::new("depth", (1, 1), (0, ANY), depth, "depth<I...>(x): nesting depth"),
    Function::new("dice", (2, 2), (0, 0), dice, "dice(c, x): the modes paired with integers"),
    Function::new("domain_offset", (2, 2), (0, 0), domain_offset, "domain_offset(c, L): (L, L(c))")
        .law(law::domain_offset),
    Function::new("flatten", (1, 1), (0, 0), flatten, "flatten(x): depth at most 1"),
    Function::new("get", (1, 1), (1, ANY), get, "get<I...>(x): a mode"),
    Function::new("group", (1, 1), (2, 2), group, "group<B,E>(x): group modes [B,E) into one"),
    Function::new("layout", (1, 1), (0, ANY), layout, "layout<I...>(L): a sub-layout")
        .tensor(tensors::layout),
    Function::new("make_fragment_like", (1, 1), (0, 0), make_fragment_like, "make_fragment_like(L): a compact fragment, mode 0 col-major, the rest in L's stride order"),
    Function::new("make_identity_layout", (1, 1), (0, 0), make_identity_layout, "make_identity_layout(shape)"),
    Function::new("make_layout", (1, ANY), (0, 0), make_layout, "make_layout(shape[, stride | LayoutLeft | LayoutRight]) or make_layout(L0, L1, ...)"),
    Function::new("make_layout_like", (1, 1), (0, 0), make_layout_like, "make_layout_like(L): compact, in L's stride order"),
    Function::new("make_ordered_layout", (2, 2), (0, 0), make_ordered_layout, "make_ordered_layout(shape, order)"),
    Function::new("prepend", (1, 2), (0, 1), prepend, "prepend(x, y), prepend<N>(x[, y]): add modes at the front"),
    Function::new("print_latex", (1, 1), (0, 0), print_latex, "print_latex(L): CuTe's TikZ picture of a layout of rank 2 or less, a tiled MMA or a tiled copy"),
    Function::new("print_layout", (1, 1), (0, 0), print_layout, "print_layout(L): CuTe's table of a rank-2 layout"),
    Function::new("print_svg", (1, 1), (0, 0), print_svg, "print_svg(M): CuTe's SVG picture of a tiled MMA (A, B and C by thread and value)"),
    Function::new("rank", (1, 1), (0, ANY), rank, "rank<I...>(x): the number of modes")
        .tensor(tensors::rank),
    Function::new("replace", (2, 2), (1, 1), replace, "replace<I>(x, y): replace mode I"),
    Function::new("select", (1, 1), (1, ANY), select, "select<I...>(x): the modes I..."),
    Function::new("shape", (1, 1), (0, ANY), shape, "shape<I...>(L): the shape")
        .tensor(tensors::shape),
    Function::new("size", (1, 1), (0, ANY), size, "size<I...>(x): the number of elements")
        .tensor(tensors::size),
    Function::new("slice", (2, 2), (0, 0), slice, "slice(c, x): the modes paired with _")
        .law(law::slice),
    Function::new("slice_and_offset", (2, 2), (0, 0), slice_and_offset, "slice_and_offset(c, L): (slice, offset)")
        .law(law::slice_and_offset),
    Function::new("stride", (1, 1), (0, ANY), stride, "stride<I...>(L): the stride"),
    Function::new("take", (1, 1), (2, 2), take, "take<B,E>(x): modes [B,E)"),
    Function::new("tile_unzip", (2, 2), (0, 0), tile_unzip, "tile_unzip(L, T): ((tiles...), (rests...)) of a divided layout"),
    Function::new("unflatten", (2, 2), (0, 0), unflatten, "unflatten(x, profile): regroup a flat tuple or layout"),
    Function::new("zip", (1, ANY), (0, 0), zip, "zip(x[, y, ...]): transpose a tuple of tuples, or the shapes and strides of layouts"),
];

fn lay(l: Layout) -> R {
    Ok(Value::Layout(l))
}

fn tup(t: IntTuple) -> R {
    Ok(Value::Tuple(t))
}

/// The sub-layout or sub-tuple at the call's template path.
fn sub(c: &Call<'_>, i: usize) -> Result<Value, EvalError> {
    let path = c.path()?;
    sub_path(c, c.value(i), &path, i)
}

/// Mode `path` of `v` (argument `i` of `c`); a tuple of values (a layout and its offset from
/// `domain_offset`, a tiler) gives its element `path[0]`, then that element's mode.
fn sub_path(c: &Call<'_>, v: &Value, path: &[usize], i: usize) -> Result<Value, EvalError> {
    match v {
        Value::List(items) if !path.is_empty() => match items.get(path[0]) {
            Some(item) if path.len() == 1 => Ok(item.clone()),
            Some(item) => sub_path(c, item, &path[1..], i),
            None => Err(c.bad_arg(i, "a tuple with that many elements")),
        },
        _ => sub_value(c, v, path, i),
    }
}

fn sub_value(c: &Call<'_>, v: &Value, path: &[usize], i: usize) -> Result<Value, EvalError> {
    let path = path.to_vec();
    match v {
        Value::Layout(l) => Ok(Value::Layout(c.core(l.try_mode_path(&path))?)),
        Value::Composed(k) => {
            let l = c.core(k.layout().try_mode_path(&path))?;
            Ok(Value::Composed(k.with_layout(l)))
        }
        Value::Chain(k) => {
            let l = c.core(k.inner_layout().ok_or(rcute::swizzle::chain_no_domain()))?;
            let l = c.core(l.try_mode_path(&path))?;
            Ok(Value::from(c.core(k.try_with_inner_layout(l))?))
        }
        Value::Tuple(t) => Ok(Value::Tuple(c.core(t.try_get_path(&path))?)),
        _ => Err(c.bad_arg(i, "a layout, a tuple, or a tuple of layouts")),
    }
}

/// The layout of a layout value (for a swizzled layout, the layout under the swizzle).
/// The layout of `v` (a composed layout's own), or an error naming what argument 0 of `c`
/// must be: a mode picked from a tuple of values may be a swizzle or an integer.
fn inner(c: &Call<'_>, v: &Value) -> Result<Layout, EvalError> {
    match v {
        Value::Layout(l) => Some(*l),
        Value::Composed(k) => Some(k.layout()),
        Value::Chain(k) => k.inner_layout(),
        _ => None,
    }
    .ok_or_else(|| {
        c.bad_arg(
            0,
            "a layout or an integer tuple (the mode picked is neither)",
        )
    })
}

pub(super) fn size(c: &Call<'_>) -> R {
    // CuTe's size of a tiled MMA is that of its thread layout (VMNK), of a tiled copy its
    // number of threads
    match c.value(0) {
        Value::TiledMma(m) => {
            let l = c.core(m.thr_layout_vmnk().try_mode_path(&c.path()?))?;
            return Ok(Value::int(c.core(l.try_size())?));
        }
        Value::TiledCopy(t) if c.targs.is_empty() => {
            return Ok(Value::int(c.core(t.try_size())?));
        }
        _ => {}
    }
    let v = sub(c, 0)?;
    if let Value::Tuple(t) = v {
        return Ok(Value::int(c.core(t.try_product())?));
    }
    Ok(Value::int(c.core(inner(c, &v)?.try_size())?))
}

pub(super) fn cosize(c: &Call<'_>) -> R {
    // CuTe's cosize of a composed layout is that of the layout of its domain
    c.any_layout(0)?;
    Ok(Value::int(c.core(inner(c, &sub(c, 0)?)?.try_cosize())?))
}

pub(super) fn coshape(c: &Call<'_>) -> R {
    c.any_layout(0)?;
    tup(c.core(inner(c, &sub(c, 0)?)?.try_coshape())?)
}

pub(super) fn coprofile(c: &Call<'_>) -> R {
    c.layout(0)?;
    match sub(c, 0)? {
        Value::Layout(l) => tup(c.core(l.try_coprofile())?),
        _ => unreachable!(),
    }
}

pub(super) fn rank(c: &Call<'_>) -> R {
    let v = sub(c, 0)?;
    let r = match &v {
        Value::Tuple(t) => t.rank(),
        _ => inner(c, &v)?.rank(),
    };
    Ok(Value::int(Int::constant(r as i64)))
}

pub(super) fn depth(c: &Call<'_>) -> R {
    let v = sub(c, 0)?;
    let t = match &v {
        Value::Tuple(t) => *t,
        _ => inner(c, &v)?.shape(),
    };
    if t.to_string().contains("()") {
        return Err(EvalError::new(
            "depth: the depth of an empty tuple is undefined (CuTe does not compile it)",
            c.span,
        ));
    }
    Ok(Value::int(Int::constant(t.depth() as i64)))
}

pub(super) fn shape(c: &Call<'_>) -> R {
    let path = c.path()?;
    match c.value(0) {
        Value::Layout(l) => tup(c.core(l.shape().try_get_path(&path))?),
        Value::Composed(k) => tup(c.core(k.shape().try_get_path(&path))?),
        Value::Chain(k) => match (k.inner_layout(), k.parts().last()) {
            (Some(l), _) => tup(c.core(l.shape().try_get_path(&path))?),
            // CuTe's shape of a chain that ends in a swizzle is that swizzle
            (None, Some(rcute::swizzle::ChainPart::Swizzle(sw))) if path.is_empty() => {
                Ok(Value::Swizzle(*sw))
            }
            _ => c.core(Err(rcute::swizzle::chain_no_domain())),
        },
        Value::Tuple(t) => tup(c.core(t.try_get_path(&path))?),
        _ => Err(c.bad_arg(0, "a layout or a tuple")),
    }
}

pub(super) fn stride(c: &Call<'_>) -> R {
    let path = c.path()?;
    tup(c.core(c.layout(0)?.stride().try_get_path(&path))?)
}

pub(super) fn get(c: &Call<'_>) -> R {
    sub(c, 0)
}

pub(super) fn layout(c: &Call<'_>) -> R {
    c.any_layout(0)?;
    sub(c, 0)
}

pub(super) fn make_layout(c: &Call<'_>) -> R {
    if let Value::Swizzle(sw) = c.value(0) {
        if c.args.len() != 1 {
            return Err(c.bad_arg(1, "nothing: make_layout(Swizzle) takes one argument"));
        }
        return Ok(Value::Composed(
            rcute::swizzle::ComposedLayout::from_swizzle(*sw),
        ));
    }
    if let Value::Layout(_) = c.value(0) {
        let ls: Vec<Layout> = (0..c.args.len())
            .map(|i| c.layout(i))
            .collect::<Result<_, _>>()?;
        return lay(c.core(Layout::try_concat(&ls))?);
    }
    let shape = c.tuple(0)?;
    match c.args.len() {
        1 => lay(c.core(Layout::try_from_shape(shape))?),
        2 => match c.value(1) {
            Value::Tag(Tag::LayoutLeft) => lay(c.core(Layout::try_with_major(shape, Major::Left))?),
            Value::Tag(Tag::LayoutRight) => {
                lay(c.core(Layout::try_with_major(shape, Major::Right))?)
            }
            Value::Tuple(stride) => lay(c.core(Layout::try_new(shape, *stride))?),
            _ => Err(c.bad_arg(1, "a stride, LayoutLeft or LayoutRight")),
        },
        _ => Err(EvalError::new(
            "make_layout: with a shape, takes at most a stride or a LayoutLeft/LayoutRight tag",
            c.span,
        )),
    }
}

pub(super) fn make_ordered_layout(c: &Call<'_>) -> R {
    let shape = c.tuple(0)?;
    match c.tag(1) {
        Some(Tag::LayoutLeft) => lay(c.core(Layout::try_with_major(shape, Major::Left))?),
        Some(Tag::LayoutRight) => lay(c.core(Layout::try_with_major(shape, Major::Right))?),
        None => lay(c.core(Layout::try_ordered(shape, c.tuple(1)?))?),
    }
}

pub(super) fn make_layout_like(c: &Call<'_>) -> R {
    lay(c.core(c.layout(0)?.try_like())?)
}

pub(super) fn make_fragment_like(c: &Call<'_>) -> R {
    match c.value(0) {
        Value::Layout(l) => lay(c.core(l.try_fragment_like())?),
        Value::Tuple(t) => lay(c.core(Layout::try_from_shape(*t))?),
        _ => Err(c.bad_arg(0, "a layout or a shape")),
    }
}

/// `zip(x)`, `zip(x0, x1, ...)`: of tuples or of layouts.
pub(super) fn zip(c: &Call<'_>) -> R {
    if c.args.len() == 1 {
        return match c.value(0) {
            Value::Layout(l) => lay(c.core(l.try_zip())?),
            Value::Tuple(t) => tup(c.core(t.try_zip())?),
            Value::List(v) if matches!(v.first(), Some(Value::Layout(_))) => {
                Ok(Value::List(alloc::vec![c.value(0).clone()]))
            }
            _ => Err(c.bad_arg(0, "a layout or a tuple")),
        };
    }
    if c.args.len() > 2 || matches!(c.value(0), Value::List(_)) {
        // CuTe zips layouts two at a time only; a tuple whose first element is not an
        // integer tuple (a layout) becomes a rank-1 tuple of the tuple
        let all: Vec<Value> = c.args.iter().map(|(v, _)| v.clone()).collect();
        if all
            .iter()
            .any(|v| matches!(v, Value::Layout(_) | Value::List(_)))
        {
            return Ok(Value::List(alloc::vec![Value::List(all)]));
        }
    }
    if let Value::Layout(_) = c.value(0) {
        let ls = (0..c.args.len())
            .map(|i| c.layout(i))
            .collect::<Result<Vec<_>, _>>()?;
        return lay(c.core(Layout::try_zip_of(&ls))?);
    }
    let ts = (0..c.args.len())
        .map(|i| c.tuple(i))
        .collect::<Result<Vec<_>, _>>()?;
    tup(c.core(c.core(IntTuple::try_tuple(&ts))?.try_zip())?)
}

pub(super) fn tile_unzip(c: &Call<'_>) -> R {
    lay(c.core(c.layout(0)?.try_tile_unzip(&c.tiler(1)?))?)
}

pub(super) fn make_identity_layout(c: &Call<'_>) -> R {
    lay(c.core(Layout::try_identity(c.tuple(0)?))?)
}

pub(super) fn flatten(c: &Call<'_>) -> R {
    match c.value(0) {
        Value::Layout(l) => lay(l.flatten()),
        Value::Tuple(t) => tup(t.flatten()),
        _ => Err(c.bad_arg(0, "a layout or a tuple")),
    }
}

pub(super) fn unflatten(c: &Call<'_>) -> R {
    let profile = c.tuple(1)?;
    match c.value(0) {
        Value::Layout(l) => lay(c.core(l.try_unflatten(&profile))?),
        Value::Tuple(t) => tup(c.core(t.try_unflatten(&profile))?),
        _ => Err(c.bad_arg(0, "a layout or a tuple")),
    }
}

pub(super) fn take(c: &Call<'_>) -> R {
    let b = c.index(0)?;
    let range = |e: usize, rank: usize, empty_ok: bool| {
        let (t0, t1) = (c.targs[0], c.targs[1]);
        if b > e || (b == e && !empty_ok) {
            let what = if b == e { "empty" } else { "reversed" };
            return Err(EvalError::new(
                alloc::format!("take<{t0},{t1}>: the range of modes is {what} ({b} to {e})"),
                c.name_span,
            ));
        }
        if e > rank {
            return Err(EvalError::new(
                alloc::format!(
                    "take<{t0},{t1}>: the range of modes ends at {e}, past the rank {rank} of {}",
                    c.value(0)
                ),
                c.name_span,
            ));
        }
        Ok(())
    };
    match c.value(0) {
        Value::Layout(l) => {
            // CuTe's take<B,E> on a layout has no E == -1 form (static_assert B < E)
            let e = c.index(1)?;
            range(e, l.rank(), false)?;
            lay(c.core(l.try_take(b, e))?)
        }
        Value::Tuple(t) => {
            let e = c.range_end(1, t.rank())?;
            range(e, t.rank(), true)?;
            tup(c.core(t.try_take(b, e))?)
        }
        _ => Err(c.bad_arg(0, "a layout or a tuple")),
    }
}

pub(super) fn select(c: &Call<'_>) -> R {
    let idx = c.path()?;
    match c.value(0) {
        Value::Layout(l) => lay(c.core(l.try_select(&idx))?),
        Value::Tuple(t) => tup(c.core(t.try_select(&idx))?),
        _ => Err(c.bad_arg(0, "a layout or a tuple")),
    }
}

pub(super) fn group(c: &Call<'_>) -> R {
    let b = c.index(0)?;
    match c.value(0) {
        Value::Layout(l) => {
            let e = c.range_end(1, l.rank())?;
            lay(c.core(l.try_group(b, e))?)
        }
        Value::Tuple(t) => {
            let e = c.range_end(1, t.rank())?;
            tup(c.core(t.try_group(b, e))?)
        }
        _ => Err(c.bad_arg(0, "a layout or a tuple")),
    }
}

fn extend(c: &Call<'_>, at_end: bool) -> R {
    let n = if c.targs.is_empty() {
        None
    } else {
        Some(c.index(0)?)
    };
    match c.value(0) {
        Value::Layout(l) => {
            let x = if c.args.len() == 2 {
                Some(c.layout(1)?)
            } else {
                None
            };
            let r = match (n, x, at_end) {
                (None, Some(x), true) => l.try_append(&x),
                (None, Some(x), false) => l.try_prepend(&x),
                (Some(n), x, true) => l.try_append_to(n, x.as_ref()),
                (Some(n), x, false) => l.try_prepend_to(n, x.as_ref()),
                (None, None, _) => {
                    // CuTe's default X is _1:_0 only for the append<N> form
                    let pad = Layout::new(IntTuple::constant(1), IntTuple::constant(0));
                    if at_end {
                        l.try_append(&pad)
                    } else {
                        l.try_prepend(&pad)
                    }
                }
            };
            lay(c.core(r)?)
        }
        Value::Tuple(t) => {
            if c.args.len() < 2 {
                return Err(EvalError::new(
                    alloc::format!("{}: a tuple needs the element to add", c.name),
                    c.span,
                ));
            }
            let x = c.tuple(1)?;
            let r = match (n, at_end) {
                (None, true) => t.try_append(&x),
                (None, false) => t.try_prepend(&x),
                (Some(n), true) => t.try_append_to(n, &x),
                (Some(n), false) => t.try_prepend_to(n, &x),
            };
            tup(c.core(r)?)
        }
        _ => Err(c.bad_arg(0, "a layout or a tuple")),
    }
}

pub(super) fn append(c: &Call<'_>) -> R {
    extend(c, true)
}

pub(super) fn prepend(c: &Call<'_>) -> R {
    extend(c, false)
}

pub(super) fn replace(c: &Call<'_>) -> R {
    let i = c.index(0)?;
    match c.value(0) {
        Value::Layout(l) => lay(c.core(l.try_replace(i, &c.layout(1)?))?),
        Value::Tuple(t) => tup(c.core(t.try_replace(i, &c.tuple(1)?))?),
        _ => Err(c.bad_arg(0, "a layout or a tuple")),
    }
}

pub(super) fn slice(c: &Call<'_>) -> R {
    let crd = c.tuple(0)?;
    match c.value(1) {
        Value::Layout(l) => lay(c.core(l.try_slice(&crd))?),
        Value::Composed(k) => Ok(c.core(k.try_slice(&crd))?.into()),
        Value::Tuple(t) => tup(c.core(t.try_slice(&crd))?),
        _ => Err(c.bad_arg(1, "a layout or a tuple")),
    }
}

pub(super) fn dice(c: &Call<'_>) -> R {
    let crd = c.tuple(0)?;
    match c.value(1) {
        Value::Layout(l) => lay(c.core(l.try_dice(&crd))?),
        Value::Tuple(t) => tup(c.core(t.try_dice(&crd))?),
        _ => Err(c.bad_arg(1, "a layout or a tuple")),
    }
}

pub(super) fn slice_and_offset(c: &Call<'_>) -> R {
    if let Value::Composed(k) = c.value(1) {
        let (s, off) = c.core(k.try_slice_and_offset(&c.tuple(0)?))?;
        return Ok(Value::List(alloc::vec![s.into(), Value::int(off)]));
    }
    let (l, crd) = (c.layout(1)?, c.tuple(0)?);
    if l.has_basis_strides() {
        // The offset of an identity layout is a coordinate (CuTe's arithmetic tuple).
        let s = c.core(l.try_slice(&crd))?;
        let off = c.core(l.try_apply(&crd))?;
        return Ok(Value::List(alloc::vec![
            Value::Layout(s),
            Value::Tuple(off)
        ]));
    }
    let (l, off) = c.core(l.try_slice_and_offset(&crd))?;
    Ok(Value::List(alloc::vec![Value::Layout(l), Value::int(off)]))
}

pub(super) fn domain_offset(c: &Call<'_>) -> R {
    if let Value::Composed(k) = c.value(1) {
        let d = c.core(k.try_domain_offset(&c.tuple(0)?))?;
        return Ok(Value::List(alloc::vec![
            Value::Composed(d),
            Value::int(Int::ZERO)
        ]));
    }
    let (l, off) = c.core(c.layout(1)?.try_domain_offset(&c.tuple(0)?))?;
    Ok(Value::List(alloc::vec![
        Value::Layout(l),
        Value::Tuple(off)
    ]))
}

pub(super) fn print_layout(c: &Call<'_>) -> R {
    let text = match c.any_layout(0)? {
        AnyLayout::Plain(l) => c.core(rcute::print::print_layout(&l))?.to_string(),
        // a layout waiting for an smem pointer is drawn over its elements (CuTe's
        // as_position_independent_swizzle_layout)
        AnyLayout::Swizzled(k) => match c.core(k.position_independent())? {
            MaybeSwizzled::Plain(l) => c.core(rcute::print::print_layout(&l))?.to_string(),
            MaybeSwizzled::Swizzled(k) => c.core(rcute::print::print_layout(&k))?.to_string(),
        },
        AnyLayout::Chain(_) => return Err(c.bad_arg(0, "a layout or a swizzled layout")),
    };
    Ok(Value::Printed(text))
}

pub(super) fn print_latex(c: &Call<'_>) -> R {
    // CuTe's pictures of the atom layer (an MMA atom is drawn as its tiled MMA)
    match c.value(0) {
        Value::TiledMma(m) => return Ok(Value::Printed(c.core(rcute::atom::latex_mma(m))?)),
        Value::MmaAtom(a) => {
            let m = c.core(rcute::atom::TiledMma::try_new(
                **a,
                &Layout::parse("(_1,_1,_1):(_0,_0,_0)"),
                &rcute::algebra::Tiler::UNDERSCORE,
            ))?;
            return Ok(Value::Printed(c.core(rcute::atom::latex_mma(&m))?));
        }
        Value::TiledCopy(t) => return Ok(Value::Printed(c.core(rcute::atom::latex_copy(t))?)),
        _ => {}
    }
    let text = match c.any_layout(0)? {
        AnyLayout::Plain(l) => c.core(rcute::print::print_latex(&l))?.to_string(),
        // a layout waiting for an smem pointer is drawn over its elements (CuTe's
        // as_position_independent_swizzle_layout)
        AnyLayout::Swizzled(k) => match c.core(k.position_independent())? {
            MaybeSwizzled::Plain(l) => c.core(rcute::print::print_latex(&l))?.to_string(),
            MaybeSwizzled::Swizzled(k) => c.core(rcute::print::print_latex(&k))?.to_string(),
        },
        AnyLayout::Chain(_) => return Err(c.bad_arg(0, "a layout or a swizzled layout")),
    };
    Ok(Value::Printed(text))
}

pub(super) fn print_svg(c: &Call<'_>) -> R {
    let m = match c.value(0) {
        Value::TiledMma(m) => **m,
        Value::MmaAtom(a) => c.core(rcute::atom::TiledMma::try_new(
            **a,
            &Layout::parse("(_1,_1,_1):(_0,_0,_0)"),
            &rcute::algebra::Tiler::UNDERSCORE,
        ))?,
        _ => {
            return Err(c.bad_arg(
                0,
                "a tiled MMA or an MMA atom (CuTe draws only those as SVG)",
            ));
        }
    };
    Ok(Value::Printed(c.core(rcute::atom::svg_mma(&m))?))
}
