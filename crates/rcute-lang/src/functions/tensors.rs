//! Coordinate tensors in the expression language: `make_identity_tensor`, partitioning,
//! `print_tensor`.

use super::Call;
use crate::error::EvalError;
use crate::value::Value;
use rcute::int::Int;
use rcute::tensor::CoordTensor;

type R = Result<Value, EvalError>;

fn tensor(c: &Call<'_>, i: usize) -> Result<CoordTensor, EvalError> {
    match c.value(i) {
        Value::Tensor(t) => Ok(*t),
        _ => Err(c.bad_arg(i, "a tensor")),
    }
}

fn ten(t: CoordTensor) -> R {
    Ok(Value::Tensor(t))
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

/// The tensor forms of the layout functions (composition, divides): `None` when argument
/// 0 is not a tensor.
pub(super) fn on_tensor(c: &Call<'_>) -> Option<R> {
    let Value::Tensor(t) = c.value(0) else {
        return None;
    };
    let t = *t;
    Some((|| -> R {
        match c.name {
            "composition" => {
                if let Value::Layout(b) = c.value(1) {
                    return ten(c.core(t.try_composition(b))?);
                }
                ten(c.core(t.try_composition_tiler(&c.tiler(1)?))?)
            }
            "logical_divide" => ten(c.core(t.try_logical_divide(&c.tiler(1)?))?),
            "zipped_divide" => ten(c.core(t.try_zipped_divide(&c.tiler(1)?))?),
            "tiled_divide" => ten(c.core(t.try_tiled_divide(&c.tiler(1)?))?),
            "flat_divide" => ten(c.core(t.try_flat_divide(&c.tiler(1)?))?),
            "size" => Ok(Value::int(
                c.core(c.core(t.layout().try_mode_path(&c.path()?))?.try_size())?,
            )),
            "rank" => Ok(Value::int(Int::constant(
                c.core(t.layout().try_mode_path(&c.path()?))?.rank() as i64,
            ))),
            "shape" => Ok(Value::Tuple(c.core(t.shape().try_get_path(&c.path()?))?)),
            "layout" => Ok(Value::Layout(c.core(t.layout().try_mode_path(&c.path()?))?)),
            _ => Err(c.bad_arg(0, "a layout")),
        }
    })())
}
