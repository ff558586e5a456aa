//! Coordinate tensors in the expression language: `make_identity_tensor`, partitioning,
//! `print_tensor`.

use super::call::Call;
use super::function::Function;
use crate::error::EvalError;
use crate::value::Value;
use rcute::int::Int;
use rcute::tensor::CoordTensor;

type R = Result<Value, EvalError>;

/// This file's functions: entries of the function table.
#[rustfmt::skip]
pub(super) const FUNCTIONS: &[Function] = &[
    Function::new("group_modes", (1, 1), (2, 2), group_modes, "group_modes<B,E>(X): modes B to E of a layout or tensor as one mode"),
    Function::new("inner_partition", (3, 3), (0, 0), inner_partition, "inner_partition(T, tiler, coord): one tile of a tensor"),
    Function::new("local_partition", (3, 4), (0, 0), local_partition, "local_partition(T, thr_layout, idx[, proj]): a thread's elements"),
    Function::new("local_tile", (3, 4), (0, 0), local_tile, "local_tile(T, tiler, coord[, proj]): one tile of a tensor"),
    Function::new("make_identity_tensor", (1, 1), (0, 0), make_identity_tensor, "make_identity_tensor(shape): the tensor of its own coordinates"),
    Function::new("outer_partition", (3, 3), (0, 0), outer_partition, "outer_partition(T, tiler, coord): one element of every tile"),
    Function::new("print_tensor", (1, 1), (0, 0), print_tensor, "print_tensor(T): CuTe's table of a tensor's elements"),
];

fn tensor(c: &Call<'_>, i: usize) -> Result<CoordTensor, EvalError> {
    match c.value(i) {
        Value::Tensor(t) => Ok(**t),
        _ => Err(c.bad_arg(i, "a tensor")),
    }
}

/// The tensor over a pointer `offset` elements from its base with layout `l`, as a
/// tensor whose iterator is that integer (what CuTe's tensor algorithms do to a pointer
/// is what they do to an integer iterator).
pub(crate) fn over_offset(offset: i64, l: rcute::layout::Layout) -> CoordTensor {
    CoordTensor::new(rcute::tuple::IntTuple::from_int(Int::dynamic(offset)), l)
}

/// [`over_offset`]'s tensors in `v` put back over `ptr`, their iterators its offsets.
pub(crate) fn back_over(v: Value, ptr: crate::value::Ptr, span: crate::error::Span) -> R {
    match v {
        Value::Tensor(t) => match t.origin().as_int() {
            Some(o) if !o.is_basis() && !o.is_underscore() => Ok(Value::PtrTensor(
                alloc::boxed::Box::new(crate::value::PtrTensor {
                    ptr: crate::value::Ptr {
                        offset: o.value(),
                        ..ptr
                    },
                    layout: rcute::swizzle::MaybeSwizzled::Plain(t.layout()),
                }),
            )),
            _ => Err(EvalError::new(
                alloc::format!("a tensor over a pointer became {t}, not a pointer's tensor"),
                span,
            )),
        },
        Value::List(items) => items
            .into_iter()
            .map(|x| back_over(x, ptr, span))
            .collect::<Result<_, _>>()
            .map(Value::List),
        other => Ok(other),
    }
}

fn ten(t: CoordTensor) -> R {
    Ok(Value::Tensor(alloc::boxed::Box::new(t)))
}

/// `group_modes<B,E>(X)` of a layout, a coordinate tensor or a tensor over a pointer.
pub(super) fn group_modes(c: &Call<'_>) -> R {
    let b = c.index(0)?;
    let group = |l: &rcute::layout::Layout| -> Result<rcute::layout::Layout, EvalError> {
        let e = c.range_end(1, l.rank())?;
        c.core(l.try_group(b, e))
    };
    match c.value(0) {
        Value::Layout(l) => Ok(Value::Layout(group(l)?)),
        Value::Tensor(t) => ten(CoordTensor::new(t.origin(), group(&t.layout())?)),
        Value::PtrTensor(t) => {
            let layout = match t.layout {
                rcute::swizzle::MaybeSwizzled::Plain(l) => {
                    rcute::swizzle::MaybeSwizzled::Plain(group(&l)?)
                }
                rcute::swizzle::MaybeSwizzled::Swizzled(k) => {
                    rcute::swizzle::MaybeSwizzled::Swizzled(c.core(
                        rcute::swizzle::ComposedLayout::try_new(
                            k.swizzle(),
                            k.origin(),
                            group(&k.layout())?,
                        ),
                    )?)
                }
            };
            Ok(Value::PtrTensor(alloc::boxed::Box::new(
                crate::value::PtrTensor { ptr: t.ptr, layout },
            )))
        }
        _ => Err(c.bad_arg(0, "a layout or a tensor")),
    }
}

pub(super) fn make_identity_tensor(c: &Call<'_>) -> R {
    ten(c.core(CoordTensor::try_identity(c.tuple(0)?))?)
}

pub(super) fn local_tile(c: &Call<'_>) -> R {
    let t = tensor(c, 0)?;
    let tiler = c.tiler(1)?;
    let coord = c.tuple(2)?;
    let proj = if c.args.len() == 4 {
        Some(c.tuple(3)?)
    } else {
        None
    };
    ten(c.core(t.try_local_tile(&tiler, &coord, proj.as_ref()))?)
}

pub(super) fn inner_partition(c: &Call<'_>) -> R {
    let t = tensor(c, 0)?;
    ten(c.core(t.try_inner_partition(&c.tiler(1)?, &c.tuple(2)?))?)
}

pub(super) fn outer_partition(c: &Call<'_>) -> R {
    let t = tensor(c, 0)?;
    ten(c.core(t.try_outer_partition(&c.tiler(1)?, &c.tuple(2)?))?)
}

pub(super) fn local_partition(c: &Call<'_>) -> R {
    let t = tensor(c, 0)?;
    let thr = c.layout(1)?;
    let idx = c.int(2)?;
    if idx.is_basis() || idx.is_underscore() {
        return Err(c.bad_arg(2, "an integer index"));
    }
    let proj = if c.args.len() == 4 {
        Some(c.tuple(3)?)
    } else {
        None
    };
    ten(c.core(t.try_local_partition(&thr, idx.value(), proj.as_ref()))?)
}

pub(super) fn print_tensor(c: &Call<'_>) -> R {
    let t = tensor(c, 0)?;
    let p = c.core(rcute::tensor::try_print_coord_tensor(&t))?;
    Ok(Value::Printed(alloc::format!("{p}")))
}

// ------------------------------------------------------------------ tensor forms
// The layout functions on a coordinate tensor given as their first argument (the
// `tensor` facet of their entries).

pub(super) fn composition(c: &Call<'_>, t: &CoordTensor) -> R {
    if let Value::Layout(b) = c.value(1) {
        return ten(c.core(t.try_composition(b))?);
    }
    ten(c.core(t.try_composition_tiler(&c.tiler(1)?))?)
}

pub(super) fn logical_divide(c: &Call<'_>, t: &CoordTensor) -> R {
    ten(c.core(t.try_logical_divide(&c.tiler(1)?))?)
}

pub(super) fn zipped_divide(c: &Call<'_>, t: &CoordTensor) -> R {
    ten(c.core(t.try_zipped_divide(&c.tiler(1)?))?)
}

pub(super) fn tiled_divide(c: &Call<'_>, t: &CoordTensor) -> R {
    ten(c.core(t.try_tiled_divide(&c.tiler(1)?))?)
}

pub(super) fn flat_divide(c: &Call<'_>, t: &CoordTensor) -> R {
    ten(c.core(t.try_flat_divide(&c.tiler(1)?))?)
}

pub(super) fn size(c: &Call<'_>, t: &CoordTensor) -> R {
    Ok(Value::int(c.core(
        c.core(t.layout().try_mode_path(&c.path()?))?.try_size(),
    )?))
}

pub(super) fn rank(c: &Call<'_>, t: &CoordTensor) -> R {
    Ok(Value::int(Int::constant(
        c.core(t.layout().try_mode_path(&c.path()?))?.rank() as i64,
    )))
}

pub(super) fn shape(c: &Call<'_>, t: &CoordTensor) -> R {
    Ok(Value::Tuple(c.core(t.shape().try_get_path(&c.path()?))?))
}

pub(super) fn layout(c: &Call<'_>, t: &CoordTensor) -> R {
    Ok(Value::Layout(c.core(t.layout().try_mode_path(&c.path()?))?))
}
