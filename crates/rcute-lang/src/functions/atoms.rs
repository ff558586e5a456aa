//! The atom layer in the expression language: `make_tiled_mma`, `make_tiled_copy` and
//! their variants, the thread-value layouts and the partitions.

use super::Call;
use crate::error::EvalError;
use crate::value::Value;
use alloc::boxed::Box;
use rcute::algebra::Tiler;
use rcute::atom::{CopyAtom, MmaAtom, Operand, TiledCopy, TiledMma};
use rcute::int::Int;
use rcute::layout::Layout;
use rcute::tensor::CoordTensor;

type R = Result<Value, EvalError>;

fn mma_atom(c: &Call<'_>, i: usize) -> Result<MmaAtom, EvalError> {
    match c.value(i) {
        Value::MmaAtom(a) => Ok(**a),
        _ => Err(c.bad_arg(i, "an MMA atom (SM80_16x8x16_F32F16F16F32_TN, ...)")),
    }
}

fn copy_atom(c: &Call<'_>, i: usize) -> Result<CopyAtom, EvalError> {
    match c.value(i) {
        Value::CopyAtom(a) => Ok(**a),
        _ => Err(c.bad_arg(i, "a copy atom (Copy_Atom<OP, T>)")),
    }
}

fn tiled_mma(c: &Call<'_>, i: usize) -> Result<TiledMma, EvalError> {
    match c.value(i) {
        Value::TiledMma(m) => Ok(**m),
        _ => Err(c.bad_arg(i, "a tiled MMA (make_tiled_mma(...))")),
    }
}

fn tiled_copy(c: &Call<'_>, i: usize) -> Result<TiledCopy, EvalError> {
    match c.value(i) {
        Value::TiledCopy(t) => Ok(**t),
        _ => Err(c.bad_arg(i, "a tiled copy (make_tiled_copy(...))")),
    }
}

fn tensor(c: &Call<'_>, i: usize) -> Result<CoordTensor, EvalError> {
    match c.value(i) {
        Value::Tensor(t) => Ok(*t),
        _ => Err(c.bad_arg(i, "a tensor (make_identity_tensor(shape))")),
    }
}

/// A layout, or a shape read as `make_layout(shape)`.
fn layout_or_shape(c: &Call<'_>, i: usize) -> Result<Layout, EvalError> {
    match c.value(i) {
        Value::Tuple(t) if !t.has_underscore() => c.core(Layout::try_from_shape(*t)),
        Value::Layout(l) => Ok(*l),
        _ => Err(c.bad_arg(i, "a layout or a shape")),
    }
}

/// A thread index: a plain integer.
fn thread(c: &Call<'_>, i: usize) -> Result<Int, EvalError> {
    let t = c.int(i)?;
    if t.is_basis() || t.is_underscore() {
        return Err(c.bad_arg(i, "a thread index"));
    }
    Ok(t)
}

fn mma(m: TiledMma) -> R {
    Ok(Value::TiledMma(Box::new(m)))
}

fn copy(t: TiledCopy) -> R {
    Ok(Value::TiledCopy(Box::new(t)))
}

pub(super) fn make_tiled_mma(c: &Call<'_>) -> R {
    let atom = mma_atom(c, 0)?;
    let layout = if c.args.len() > 1 {
        layout_or_shape(c, 1)?
    } else {
        Layout::parse("(_1,_1,_1):(_0,_0,_0)")
    };
    let perm = if c.args.len() > 2 {
        c.tiler(2)?
    } else {
        Tiler::UNDERSCORE
    };
    mma(c.core(TiledMma::try_new(atom, &layout, &perm))?)
}

fn layout_tv(c: &Call<'_>, op: Operand) -> R {
    Ok(Value::Layout(c.core(tiled_mma(c, 0)?.try_layout_tv(op))?))
}

pub(super) fn get_layout_a_tv(c: &Call<'_>) -> R {
    layout_tv(c, Operand::A)
}
pub(super) fn get_layout_b_tv(c: &Call<'_>) -> R {
    layout_tv(c, Operand::B)
}
pub(super) fn get_layout_c_tv(c: &Call<'_>) -> R {
    layout_tv(c, Operand::C)
}

pub(super) fn get_thr_layout_vmnk(c: &Call<'_>) -> R {
    Ok(Value::Layout(*tiled_mma(c, 0)?.thr_layout_vmnk()))
}

pub(super) fn get_layout_s_tv(c: &Call<'_>) -> R {
    Ok(Value::Layout(
        c.core(tiled_copy(c, 0)?.try_layout_tv(false))?,
    ))
}
pub(super) fn get_layout_d_tv(c: &Call<'_>) -> R {
    Ok(Value::Layout(
        c.core(tiled_copy(c, 0)?.try_layout_tv(true))?,
    ))
}

pub(super) fn tile_size(c: &Call<'_>) -> R {
    let i = c.index(0)?;
    let n = match c.value(0) {
        Value::TiledMma(m) => {
            if i > 2 {
                return Err(c.bad_arg(0, "a tiled MMA's mode 0, 1 or 2 (tile_size<I>)"));
            }
            c.core(m.tile_size(i))?
        }
        Value::TiledCopy(t) => c.core(t.tile_size(i))?,
        _ => return Err(c.bad_arg(0, "a tiled MMA or a tiled copy")),
    };
    Ok(Value::int(n))
}

pub(super) fn tile_shape(c: &Call<'_>) -> R {
    Ok(Value::Tuple(c.core(tiled_mma(c, 0)?.try_tile_shape())?))
}

pub(super) fn thr_size(c: &Call<'_>) -> R {
    let n = match c.value(0) {
        Value::TiledMma(m) => c.core(m.try_size())?,
        Value::TiledCopy(t) => c.core(t.try_size())?,
        _ => return Err(c.bad_arg(0, "a tiled MMA or a tiled copy")),
    };
    Ok(Value::int(n))
}

fn partition(c: &Call<'_>, op: Operand) -> R {
    let m = tiled_mma(c, 0)?;
    let thr = thread(c, 1)?;
    let t = tensor(c, 2)?;
    Ok(Value::Tensor(c.core(m.try_partition(op, thr, &t))?))
}

pub(super) fn partition_a(c: &Call<'_>) -> R {
    partition(c, Operand::A)
}
pub(super) fn partition_b(c: &Call<'_>) -> R {
    partition(c, Operand::B)
}
pub(super) fn partition_c(c: &Call<'_>) -> R {
    partition(c, Operand::C)
}

fn partition_fragment(c: &Call<'_>, op: Operand) -> R {
    let m = tiled_mma(c, 0)?;
    let thr = thread(c, 1)?;
    let t = tensor(c, 2)?;
    Ok(Value::Layout(
        c.core(m.try_partition_fragment(op, thr, &t))?,
    ))
}

pub(super) fn partition_fragment_a(c: &Call<'_>) -> R {
    partition_fragment(c, Operand::A)
}
pub(super) fn partition_fragment_b(c: &Call<'_>) -> R {
    partition_fragment(c, Operand::B)
}
pub(super) fn partition_fragment_c(c: &Call<'_>) -> R {
    partition_fragment(c, Operand::C)
}

fn partition_shape(c: &Call<'_>, op: Operand) -> R {
    let m = tiled_mma(c, 0)?;
    let shape = c.tuple(1)?;
    Ok(Value::Tuple(c.core(m.try_partition_shape(op, &shape))?))
}

pub(super) fn partition_shape_a(c: &Call<'_>) -> R {
    partition_shape(c, Operand::A)
}
pub(super) fn partition_shape_b(c: &Call<'_>) -> R {
    partition_shape(c, Operand::B)
}
pub(super) fn partition_shape_c(c: &Call<'_>) -> R {
    partition_shape(c, Operand::C)
}

pub(super) fn make_tiled_copy(c: &Call<'_>) -> R {
    let atom = copy_atom(c, 0)?;
    let thr = if c.args.len() > 1 {
        layout_or_shape(c, 1)?
    } else {
        Layout::parse("_1:_0")
    };
    let val = if c.args.len() > 2 {
        layout_or_shape(c, 2)?
    } else {
        Layout::parse("_1:_0")
    };
    copy(c.core(TiledCopy::try_new(atom, &thr, &val))?)
}

pub(super) fn make_tiled_copy_impl(c: &Call<'_>) -> R {
    let atom = copy_atom(c, 0)?;
    let tv = c.layout(1)?;
    let tiler = c.tuple(2)?;
    copy(c.core(TiledCopy::try_from_tv(atom, &tv, &tiler))?)
}

fn for_mma(c: &Call<'_>, op: Operand) -> R {
    let atom = copy_atom(c, 0)?;
    let m = tiled_mma(c, 1)?;
    copy(c.core(TiledCopy::try_for_mma(atom, &m, op))?)
}

pub(super) fn make_tiled_copy_a(c: &Call<'_>) -> R {
    for_mma(c, Operand::A)
}
pub(super) fn make_tiled_copy_b(c: &Call<'_>) -> R {
    for_mma(c, Operand::B)
}
pub(super) fn make_tiled_copy_c(c: &Call<'_>) -> R {
    for_mma(c, Operand::C)
}

pub(super) fn make_tiled_copy_s(c: &Call<'_>) -> R {
    let atom = copy_atom(c, 0)?;
    copy(c.core(TiledCopy::try_matching(atom, &tiled_copy(c, 1)?, false))?)
}
pub(super) fn make_tiled_copy_d(c: &Call<'_>) -> R {
    let atom = copy_atom(c, 0)?;
    copy(c.core(TiledCopy::try_matching(atom, &tiled_copy(c, 1)?, true))?)
}

fn partition_sd(c: &Call<'_>, dst: bool) -> R {
    let t = tiled_copy(c, 0)?;
    let thr = thread(c, 1)?;
    let x = tensor(c, 2)?;
    Ok(Value::Tensor(c.core(t.try_partition(thr, &x, dst))?))
}

pub(super) fn partition_s(c: &Call<'_>) -> R {
    partition_sd(c, false)
}
pub(super) fn partition_d(c: &Call<'_>) -> R {
    partition_sd(c, true)
}

pub(super) fn retile(c: &Call<'_>) -> R {
    let t = tiled_copy(c, 0)?;
    let x = tensor(c, 1)?;
    Ok(Value::Tensor(c.core(t.try_retile(&x))?))
}
