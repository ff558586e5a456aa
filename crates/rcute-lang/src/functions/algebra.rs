//! The layout algebra in the expression language.

use super::call::Call;
use super::function::{Form, Function, Operand};
use super::tensors;
use crate::error::EvalError;
use crate::law;
use crate::value::{Tag, Value};
use rcute::algebra::{TileOrder, Tiler};
use rcute::analysis::explain::{self as ex, Explanation};
use rcute::int::Int;
use rcute::layout::Layout;
use rcute::swizzle::{ComposedLayout, Swizzle};
use rcute::tuple::{IntTuple, Major};

type R = Result<Value, EvalError>;

/// This file's functions: entries of the function table.
#[rustfmt::skip]
pub(super) const FUNCTIONS: &[Function] = &[
    Function::new("blocked_product", (2, 2), (0, 0), blocked_product, "blocked_product(A, B): A repeated as blocks over B")
        .law(law::blocked_product).explain(explain_blocked_product).fuzz(&[Form::new(&[Operand::Layout, Operand::Layout])]),
    Function::new("ceil_div", (2, 2), (0, 0), ceil_div, "ceil_div(a, b): division rounding up; b may be a tiler"),
    Function::new("coalesce", (1, 2), (0, 0), coalesce, "coalesce(L[, profile]): the same function with fewer modes")
        .law(law::coalesce).explain(explain_coalesce).fuzz(&[Form::new(&[Operand::Layout])]),
    Function::new("complement", (1, 2), (0, 0), complement, "complement(L[, cotarget]): the layout of L's repetitions")
        .law(law::complement).explain(explain_complement).fuzz(&[Form::new(&[Operand::Layout]), Form::new(&[Operand::Layout, Operand::Shape])]),
    Function::new("composition", (2, 3), (0, 0), composition, "composition(A, B): R(c) = A(B(c)); B may be a tiler; composition(Sw, O, L): a swizzled layout")
        .tensor(tensors::composition).law(law::composition).explain(explain_composition).fuzz(&[Form::new(&[Operand::Layout, Operand::Tiler])]),
    Function::new("downcast", (1, 1), (1, 1), downcast, "downcast<N>(L): elements N times smaller")
        .law(law::downcast).fuzz(&[Form::with_targs("<2>", &[Operand::Layout]), Form::with_targs("<4>", &[Operand::Layout])]),
    Function::new("evenly_divides", (2, 2), (0, 0), evenly_divides, "evenly_divides(shape, tiler)"),
    Function::new("filter", (1, 2), (0, 0), filter, "filter(L[, profile]): drop stride-0 and size-1 modes, coalesce")
        .law(law::filter).fuzz(&[Form::new(&[Operand::Layout])]),
    Function::new("filter_zeros", (1, 2), (0, 0), filter_zeros, "filter_zeros(x[, profile]): static-0 strides (or values) make size 1"),
    Function::new("flat_divide", (2, 2), (0, 0), flat_divide, "flat_divide(L, T): (tiles..., rests...)")
        .tensor(tensors::flat_divide).law(law::flat_divide).explain(explain_flat_divide).fuzz(&[Form::new(&[Operand::Layout, Operand::Tiler])]),
    Function::new("flat_product", (2, 2), (0, 0), flat_product, "flat_product(A, T): (blocks..., repeats...)")
        .law(law::flat_product).explain(explain_flat_product).fuzz(&[Form::new(&[Operand::Layout, Operand::Tiler])]),
    Function::new("get_nonswizzle_portion", (1, 1), (0, 0), get_nonswizzle_portion, "get_nonswizzle_portion(L): the layout under a swizzle"),
    Function::new("get_swizzle_portion", (1, 1), (0, 0), get_swizzle_portion, "get_swizzle_portion(L): the swizzle (Sw<0,4,3> for a plain layout)"),
    Function::new("left_inverse", (1, 1), (0, 0), left_inverse, "left_inverse(L): R(L(i)) == i for injective L")
        .law(law::left_inverse).explain(explain_left_inverse).fuzz(&[Form::new(&[Operand::Layout])]),
    Function::new("logical_divide", (2, 2), (0, 0), logical_divide, "logical_divide(L, T): (tile, rest)")
        .tensor(tensors::logical_divide).law(law::logical_divide).explain(explain_logical_divide).fuzz(&[Form::new(&[Operand::Layout, Operand::Tiler])]),
    Function::new("logical_product", (2, 2), (0, 0), logical_product, "logical_product(A, T): (A, repeats)")
        .law(law::logical_product).explain(explain_logical_product).fuzz(&[Form::new(&[Operand::Layout, Operand::Tiler])]),
    Function::new("make_composed_layout", (3, 3), (0, 0), composition, "make_composed_layout(Sw, O, L): the swizzled layout Sw o O o L, as composition(Sw, O, L)"),
    Function::new("max_alignment", (1, 1), (0, 0), max_alignment, "max_alignment(L): the alignment every contiguous run keeps")
        .law(law::max_alignment),
    Function::new("max_common_layout", (2, 2), (0, 0), max_common_layout, "max_common_layout(A, B): the contiguous elements A and B agree on")
        .law(law::max_common_layout).fuzz(&[Form::new(&[Operand::Layout, Operand::Layout])]),
    Function::new("max_common_vector", (2, 2), (0, 0), max_common_vector, "max_common_vector(A, B): their number")
        .law(law::max_common_vector).fuzz(&[Form::new(&[Operand::Layout, Operand::Layout])]),
    Function::new("nullspace", (1, 1), (0, 0), nullspace, "nullspace(L): the coordinates L maps to 0")
        .law(law::nullspace).fuzz(&[Form::new(&[Operand::Layout])]),
    Function::new("raked_product", (2, 2), (0, 0), raked_product, "raked_product(A, B): A's repeats interleaved over B")
        .law(law::raked_product).explain(explain_raked_product).fuzz(&[Form::new(&[Operand::Layout, Operand::Layout])]),
    Function::new("recast_layout", (1, 1), (2, 2), recast_layout, "recast_layout<Old,New>(L): L over elements of another type (uint8_t, half_t, float, ...)")
        .law(law::recast_layout),
    Function::new("right_inverse", (1, 1), (0, 0), right_inverse, "right_inverse(L): L(R(i)) == i")
        .law(law::right_inverse).explain(explain_right_inverse).fuzz(&[Form::new(&[Operand::Layout])]),
    Function::new("tile_to_shape", (2, 3), (0, 0), tile_to_shape, "tile_to_shape(block, shape[, order]): repeat block to fill a shape")
        .law(law::tile_to_shape).fuzz(&[Form::new(&[Operand::Layout, Operand::Shape])]),
    Function::new("tile_to_mma_shape", (2, 3), (0, 0), tile_to_mma_shape, "UMMA::tile_to_mma_shape(atom, mma_shape[, order]): an SM100 smem atom tiled to a partitioned MMA shape ((MMA_M,MMA_K),M_MMAs,K_MMAs,...)"),
    Function::new("tiled_divide", (2, 2), (0, 0), tiled_divide, "tiled_divide(L, T): ((tiles...), rests...)")
        .tensor(tensors::tiled_divide).law(law::tiled_divide).explain(explain_tiled_divide).fuzz(&[Form::new(&[Operand::Layout, Operand::Tiler])]),
    Function::new("tiled_product", (2, 2), (0, 0), tiled_product, "tiled_product(A, T): ((blocks...), repeats...)")
        .law(law::tiled_product).explain(explain_tiled_product).fuzz(&[Form::new(&[Operand::Layout, Operand::Tiler])]),
    Function::new("upcast", (1, 1), (1, 1), upcast, "upcast<N>(L): elements N times larger")
        .law(law::upcast).fuzz(&[Form::with_targs("<2>", &[Operand::Layout]), Form::with_targs("<8>", &[Operand::Layout])]),
    Function::new("zipped_divide", (2, 2), (0, 0), zipped_divide, "zipped_divide(L, T): ((tiles...), (rests...))")
        .tensor(tensors::zipped_divide).law(law::zipped_divide).explain(explain_zipped_divide).fuzz(&[Form::new(&[Operand::Layout, Operand::Tiler])]),
    Function::new("zipped_product", (2, 2), (0, 0), zipped_product, "zipped_product(A, T): ((blocks...), (repeats...))")
        .law(law::zipped_product).explain(explain_zipped_product).fuzz(&[Form::new(&[Operand::Layout, Operand::Tiler])]),
];

fn lay(l: Layout) -> R {
    Ok(Value::Layout(l))
}

fn is_underscore(v: &Value) -> bool {
    matches!(v, Value::Tuple(t) if t.as_int().is_some_and(Int::is_underscore))
}

/// Whether argument `i` must be read as a tiler rather than as an integer tuple.
fn tiler_like(v: &Value) -> bool {
    matches!(v, Value::Layout(_) | Value::List(_))
}

pub(super) fn coalesce(c: &Call<'_>) -> R {
    if let Value::Tuple(t) = c.value(0) {
        if c.args.len() == 1 {
            return Ok(Value::Tuple(c.core(t.try_coalesce())?));
        }
        return Err(c.bad_arg(0, "a layout when a profile follows"));
    }
    let l = c.any_layout(0)?;
    if c.args.len() == 2 {
        let p = c.tuple(1)?;
        return c.core(l.map(|l| l.try_coalesce_by(&p)));
    }
    c.core(l.map(Layout::try_coalesce))
}

pub(super) fn filter(c: &Call<'_>) -> R {
    let l = c.any_layout(0)?;
    if c.args.len() == 2 {
        let p = c.tuple(1)?;
        return c.core(l.map(|l| l.try_filter_by(&p)));
    }
    c.core(l.map(Layout::try_filter))
}

pub(super) fn filter_zeros(c: &Call<'_>) -> R {
    match (c.value(0), c.args.len()) {
        (Value::Tuple(t), 1) => Ok(Value::Tuple(t.filter_zeros())),
        (Value::Tuple(a), _) => Ok(Value::Tuple(c.core(a.try_filter_zeros_of(&c.tuple(1)?))?)),
        (Value::Layout(l), 1) => lay(c.core(l.try_filter_zeros())?),
        (Value::Layout(l), _) => lay(c.core(l.try_filter_zeros_by(&c.tuple(1)?))?),
        _ => Err(c.bad_arg(0, "a layout or a tuple")),
    }
}

pub(super) fn composition(c: &Call<'_>) -> R {
    if c.args.len() == 3 {
        // composition(Sw, O, L): the composed layout itself
        let Value::Swizzle(sw) = c.value(0) else {
            return Err(c.bad_arg(0, "a swizzle"));
        };
        let o = c.int(1)?;
        let l = c.layout(2)?;
        if sw.is_identity() && o.is_static() && o.value() == 0 {
            return lay(l);
        }
        return Ok(Value::Composed(c.core(ComposedLayout::try_new(*sw, o, l))?));
    }
    match (c.value(0), c.value(1)) {
        // Sw o L: a composed layout (the identity swizzle leaves L alone)
        (Value::Swizzle(sw), Value::Layout(l)) => {
            if sw.is_identity() {
                return lay(*l);
            }
            Ok(Value::Composed(c.core(ComposedLayout::try_new(
                *sw,
                Int::ZERO,
                *l,
            ))?))
        }
        (Value::Swizzle(a), Value::Swizzle(b)) => {
            Ok(Value::Swizzle(c.core(a.try_composition(*b))?))
        }
        (Value::Layout(a), Value::Swizzle(sw)) => {
            Ok(c.core(a.try_composition_swizzle_or_plain(*sw))?.into())
        }
        (Value::Layout(a), Value::Composed(b)) => {
            // CuTe: composition(composition(a, b.swizzle), b.layout), with a static zero offset
            Ok(c.core(a.try_composition_composed(b))?.into())
        }
        (Value::Composed(a), Value::Composed(b)) => {
            Ok(c.core(a.try_composition_composed(b))?.into())
        }
        // a chain that ends in a swizzle takes a layout after it
        (Value::Chain(a), Value::Layout(b)) if a.inner_layout().is_none() => {
            Ok(c.core(a.try_composition(b))?.into())
        }
        (Value::Swizzle(_), _) => Err(c.bad_arg(1, "a layout")),
        _ => {
            let a = c.any_layout(0)?;
            if let Value::Layout(b) = c.value(1) {
                let b = *b;
                return c.core(a.map(|l| l.try_composition(&b)));
            }
            let t = c.tiler(1)?;
            c.core(a.map(|l| l.try_composition_tiler(&t)))
        }
    }
}

pub(super) fn complement(c: &Call<'_>) -> R {
    // CuTe: the complement of a swizzled layout is that of the layout under the swizzle
    let l = match c.value(0) {
        Value::Composed(k) => k.layout(),
        _ => c.layout(0)?,
    };
    if c.args.len() == 2 {
        return lay(c.core(l.try_complement(&c.tuple(1)?))?);
    }
    lay(c.core(l.try_complement_cosize())?)
}

pub(super) fn right_inverse(c: &Call<'_>) -> R {
    if is_underscore(c.value(0)) || matches!(c.value(0), Value::Swizzle(_)) {
        return Ok(c.value(0).clone());
    }
    if let Value::Composed(k) = c.value(0) {
        return Ok(c.core(k.try_right_inverse())?.into());
    }
    lay(c.core(c.layout(0)?.try_right_inverse())?)
}

pub(super) fn left_inverse(c: &Call<'_>) -> R {
    if is_underscore(c.value(0)) || matches!(c.value(0), Value::Swizzle(_)) {
        return Ok(c.value(0).clone());
    }
    if let Value::Composed(k) = c.value(0) {
        // with an offset, CuTe answers a chain: left_inverse(L) o -O o Sw
        if k.origin_flags() == 0 && !(k.origin().is_static() && k.origin().value() == 0) {
            return Ok(c.core(k.try_left_inverse_chain())?.into());
        }
        return Ok(c.core(k.try_left_inverse())?.into());
    }
    lay(c.core(c.layout(0)?.try_left_inverse())?)
}

fn with_tiler(c: &Call<'_>, f: fn(&Layout, &Tiler) -> Result<Layout, rcute::Error>) -> R {
    let l = c.any_layout(0)?;
    let t = c.tiler(1)?;
    c.core(l.map(|l| f(l, &t)))
}

pub(super) fn logical_divide(c: &Call<'_>) -> R {
    with_tiler(c, Layout::try_logical_divide)
}
pub(super) fn zipped_divide(c: &Call<'_>) -> R {
    with_tiler(c, Layout::try_zipped_divide)
}
pub(super) fn tiled_divide(c: &Call<'_>) -> R {
    with_tiler(c, Layout::try_tiled_divide)
}
pub(super) fn flat_divide(c: &Call<'_>) -> R {
    with_tiler(c, Layout::try_flat_divide)
}
pub(super) fn logical_product(c: &Call<'_>) -> R {
    // a swizzled tiler: CuTe transfers its swizzle to the product
    if let (Value::Layout(a), Value::Composed(b)) = (c.value(0), c.value(1)) {
        return Ok(c.core(a.try_logical_product_composed(b))?.into());
    }
    with_tiler(c, Layout::try_logical_product)
}
pub(super) fn zipped_product(c: &Call<'_>) -> R {
    with_tiler(c, Layout::try_zipped_product)
}
pub(super) fn tiled_product(c: &Call<'_>) -> R {
    with_tiler(c, Layout::try_tiled_product)
}
pub(super) fn flat_product(c: &Call<'_>) -> R {
    with_tiler(c, Layout::try_flat_product)
}

pub(super) fn blocked_product(c: &Call<'_>) -> R {
    let b = c.layout(1)?;
    c.core(c.any_layout(0)?.map(|a| a.try_blocked_product(&b)))
}

pub(super) fn raked_product(c: &Call<'_>) -> R {
    let b = c.layout(1)?;
    c.core(c.any_layout(0)?.map(|a| a.try_raked_product(&b)))
}

/// The order argument `i` of `tile_to_shape` (`LayoutLeft`, `LayoutRight` or a step
/// tuple), CuTe's column-major default where it is not given.
fn tile_order(c: &Call<'_>, i: usize) -> Result<TileOrder, EvalError> {
    if c.args.len() <= i {
        return Ok(TileOrder::Major(Major::Left));
    }
    Ok(match c.tag(i) {
        Some(Tag::LayoutLeft) => TileOrder::Major(Major::Left),
        Some(Tag::LayoutRight) => TileOrder::Major(Major::Right),
        None => TileOrder::Order(c.tuple(i)?),
    })
}

pub(super) fn tile_to_shape(c: &Call<'_>) -> R {
    let block = c.any_layout(0)?;
    let target = c.tuple(1)?;
    let order = tile_order(c, 2)?;
    c.core(block.map(|b| b.try_tile_to_shape(&target, &order)))
}

/// `UMMA::tile_to_mma_shape(atom, mma_tile_shape[, order])` (CuTe's
/// `mma_traits_sm100.hpp`): the atom tiled to `((MMA_M, M_MMAs), (MMA_K, K_MMAs), rest...)`
/// (`tile_to_shape`), then divided by the MMA's tile `product_each(shape<0>(mma_tile_shape))`
/// (`tiled_divide`), so that its modes are those of the partitioned shape.
pub(super) fn tile_to_mma_shape(c: &Call<'_>) -> R {
    let block = c.any_layout(0)?;
    let m = c.tuple(1)?;
    let r = m.rank();
    let first = c.core(m.try_get(0))?;
    if m.is_leaf() || r < 3 || first.is_leaf() || first.rank() != 2 {
        return Err(c.bad_arg(
            1,
            "a partitioned MMA shape of rank 3 or more whose first mode has two modes, ((MMA_M,MMA_K),M_MMAs,K_MMAs), as partition_shape_A gives",
        ));
    }
    // zip(shape<0>(m), take<1,3>(m)), then the modes from 3 on
    let mut modes = alloc::vec::Vec::with_capacity(r - 1);
    for k in 0..2 {
        let pair = [c.core(first.try_get(k))?, c.core(m.try_get(k + 1))?];
        modes.push(c.core(IntTuple::try_tuple(&pair))?);
    }
    for k in 3..r {
        modes.push(c.core(m.try_get(k))?);
    }
    let mn_shape = c.core(IntTuple::try_tuple(&modes))?;
    let order = tile_order(c, 2)?;
    let tile = c.core(Tiler::try_from_shape(&c.core(first.try_product_each())?))?;
    c.core(block.map(|b| {
        b.try_tile_to_shape(&mn_shape, &order)?
            .try_tiled_divide(&tile)
    }))
}

pub(super) fn max_common_layout(c: &Call<'_>) -> R {
    lay(c.core(c.layout(0)?.try_max_common_layout(&c.layout(1)?))?)
}

pub(super) fn max_common_vector(c: &Call<'_>) -> R {
    Ok(Value::int(
        c.core(c.layout(0)?.try_max_common_vector(&c.layout(1)?))?,
    ))
}

pub(super) fn nullspace(c: &Call<'_>) -> R {
    lay(c.core(c.layout(0)?.try_nullspace())?)
}

pub(super) fn upcast(c: &Call<'_>) -> R {
    let n = c.index(0)? as i64;
    if let Value::Swizzle(sw) = c.value(0) {
        return Ok(Value::Swizzle(c.core(sw.try_upcast(n))?));
    }
    if let Value::Composed(k) = c.value(0) {
        return Ok(c.core(k.try_upcast(n))?.into());
    }
    lay(c.core(c.layout(0)?.try_upcast(n))?)
}

pub(super) fn downcast(c: &Call<'_>) -> R {
    let n = c.index(0)? as i64;
    if let Value::Swizzle(sw) = c.value(0) {
        return Ok(Value::Swizzle(c.core(sw.try_downcast(n))?));
    }
    if let Value::Composed(k) = c.value(0) {
        return Ok(c.core(k.try_downcast(n))?.into());
    }
    lay(c.core(c.layout(0)?.try_downcast(n))?)
}

/// `recast_layout<Old,New>(L)`: `L` over elements of `Old` as a layout over elements of
/// `New` (CuTe: the ratio of their bits, reduced, is an upcast, a downcast or both).
pub(super) fn recast_layout(c: &Call<'_>) -> R {
    let (old, new) = (c.targs[0], c.targs[1]);
    if old <= 0 || new <= 0 {
        return Err(crate::EvalError::new(
            alloc::format!(
                "recast_layout: element types have a positive number of bits, found {old} and {new}"
            ),
            c.name_span,
        ));
    }
    let (mut a, mut b) = (old, new);
    while b != 0 {
        (a, b) = (b, a % b);
    }
    let (up, down) = (new / a, old / a);
    let mut v = c.value(0).clone();
    for (n, upcast) in [(up, true), (down, false)] {
        if n == 1 {
            continue;
        }
        v = match v {
            Value::Swizzle(sw) if upcast => Value::Swizzle(c.core(sw.try_upcast(n))?),
            Value::Swizzle(sw) => Value::Swizzle(c.core(sw.try_downcast(n))?),
            Value::Composed(k) if upcast => c.core(k.try_upcast(n))?.into(),
            Value::Composed(k) => c.core(k.try_downcast(n))?.into(),
            Value::Layout(l) if upcast => Value::Layout(c.core(l.try_upcast(n))?),
            Value::Layout(l) => Value::Layout(c.core(l.try_downcast(n))?),
            _ => return Err(c.bad_arg(0, "a layout or a swizzled layout")),
        };
    }
    Ok(v)
}

pub(super) fn ceil_div(c: &Call<'_>) -> R {
    let a = c.tuple(0)?;
    if tiler_like(c.value(1)) {
        return Ok(Value::Tuple(c.core(a.try_ceil_div_tiler(&c.tiler(1)?))?));
    }
    Ok(Value::Tuple(c.core(a.try_ceil_div(&c.tuple(1)?))?))
}

pub(super) fn evenly_divides(c: &Call<'_>) -> R {
    let a: IntTuple = c.tuple(0)?;
    if tiler_like(c.value(1)) {
        return Ok(Value::int(
            c.core(a.try_evenly_divides_tiler(&c.tiler(1)?))?,
        ));
    }
    Ok(Value::int(c.core(a.try_evenly_divides(&c.tuple(1)?))?))
}

pub(super) fn max_alignment(c: &Call<'_>) -> R {
    let a = match c.value(0) {
        Value::Swizzle(sw) => sw.max_alignment(),
        Value::Composed(k) => c.core(k.try_max_alignment())?,
        _ => c.core(c.layout(0)?.try_max_alignment())?,
    };
    Ok(Value::int(a))
}

pub(super) fn get_swizzle_portion(c: &Call<'_>) -> R {
    match c.value(0) {
        Value::Composed(k) => Ok(Value::Swizzle(k.swizzle_portion())),
        // CuTe: a plain layout's swizzle is the identity Swizzle<0,4,3>
        Value::Layout(_) => Ok(Value::Swizzle(Swizzle::new(0, 4, 3))),
        _ => Err(c.bad_arg(0, "a layout")),
    }
}

pub(super) fn get_nonswizzle_portion(c: &Call<'_>) -> R {
    match c.value(0) {
        Value::Composed(k) => lay(k.nonswizzle_portion()),
        _ => lay(c.layout(0)?),
    }
}

// ------------------------------------------------------------------ explanations
// The steps of a call (`explain(f(...))`, rcute::analysis::explain), on plain layouts.

type Steps = Result<Option<Explanation>, EvalError>;

fn explain_coalesce(c: &Call<'_>) -> Steps {
    if c.args.len() != 1 {
        return Ok(None);
    }
    Ok(Some(ex::explain_coalesce(&c.layout(0)?)))
}

fn explain_composition(c: &Call<'_>) -> Steps {
    if c.args.len() != 2 {
        return Ok(None);
    }
    Ok(Some(ex::explain_composition(&c.layout(0)?, &c.tiler(1)?)))
}

fn explain_complement(c: &Call<'_>) -> Steps {
    if c.args.len() == 2 {
        return Ok(Some(ex::explain_complement(&c.layout(0)?, &c.tuple(1)?)));
    }
    Ok(Some(ex::explain_complement_cosize(&c.layout(0)?)))
}

fn explain_right_inverse(c: &Call<'_>) -> Steps {
    Ok(Some(ex::explain_right_inverse(&c.layout(0)?)))
}

fn explain_left_inverse(c: &Call<'_>) -> Steps {
    Ok(Some(ex::explain_left_inverse(&c.layout(0)?)))
}

/// The steps of `f(L, T)`, a divide or a product by a tiler.
fn explain_by_tiler(c: &Call<'_>, f: fn(&Layout, &Tiler) -> Explanation) -> Steps {
    Ok(Some(f(&c.layout(0)?, &c.tiler(1)?)))
}

fn explain_logical_divide(c: &Call<'_>) -> Steps {
    explain_by_tiler(c, ex::explain_logical_divide)
}

fn explain_zipped_divide(c: &Call<'_>) -> Steps {
    explain_by_tiler(c, ex::explain_zipped_divide)
}

fn explain_tiled_divide(c: &Call<'_>) -> Steps {
    explain_by_tiler(c, ex::explain_tiled_divide)
}

fn explain_flat_divide(c: &Call<'_>) -> Steps {
    explain_by_tiler(c, ex::explain_flat_divide)
}

fn explain_logical_product(c: &Call<'_>) -> Steps {
    explain_by_tiler(c, ex::explain_logical_product)
}

fn explain_zipped_product(c: &Call<'_>) -> Steps {
    explain_by_tiler(c, ex::explain_zipped_product)
}

fn explain_tiled_product(c: &Call<'_>) -> Steps {
    explain_by_tiler(c, ex::explain_tiled_product)
}

fn explain_flat_product(c: &Call<'_>) -> Steps {
    explain_by_tiler(c, ex::explain_flat_product)
}

fn explain_blocked_product(c: &Call<'_>) -> Steps {
    Ok(Some(ex::explain_blocked_product(
        &c.layout(0)?,
        &c.layout(1)?,
    )))
}

fn explain_raked_product(c: &Call<'_>) -> Steps {
    Ok(Some(ex::explain_raked_product(
        &c.layout(0)?,
        &c.layout(1)?,
    )))
}
