//! Functions on integers and IntTuples.

use super::Call;
use crate::error::EvalError;
use crate::value::{Tag, Value};
use alloc::vec::Vec;
use rcute::int::Int;
use rcute::tuple::{self, IntTuple, Major};

type R = Result<Value, EvalError>;

fn int(i: Int) -> R {
    Ok(Value::int(i))
}

fn tup(t: IntTuple) -> R {
    Ok(Value::Tuple(t))
}

fn bool_(b: bool) -> R {
    int(Int::bool(b, true))
}

pub(super) fn make_tuple(c: &Call<'_>) -> R {
    let vals: Vec<Value> = c.args.iter().map(|(v, _)| v.clone()).collect();
    if vals.iter().all(|v| matches!(v, Value::Tuple(_))) {
        let parts: Vec<IntTuple> = (0..vals.len())
            .map(|i| c.tuple(i))
            .collect::<Result<_, _>>()?;
        return tup(c.core(IntTuple::try_tuple(&parts))?);
    }
    c.core(Value::try_list(vals))
}

pub(super) fn product(c: &Call<'_>) -> R {
    int(c.core(c.tuple(0)?.try_product())?)
}

pub(super) fn product_each(c: &Call<'_>) -> R {
    tup(c.core(c.tuple(0)?.try_product_each())?)
}

pub(super) fn product_like(c: &Call<'_>) -> R {
    tup(c.core(c.tuple(0)?.try_product_like(&c.tuple(1)?))?)
}

pub(super) fn sum(c: &Call<'_>) -> R {
    int(c.core(c.tuple(0)?.try_sum())?)
}

pub(super) fn inner_product(c: &Call<'_>) -> R {
    int(c.core(c.tuple(0)?.try_inner_product(&c.tuple(1)?))?)
}

/// `max`, `min`, `gcd` over every leaf of every argument, folded right to left.
fn leaf_fold(c: &Call<'_>, f: fn(Int, Int) -> Int) -> R {
    let mut leaves = Vec::new();
    for i in 0..c.args.len() {
        leaves.extend(c.tuple(i)?.leaves());
    }
    let Some(&last) = leaves.last() else {
        return Err(EvalError::new(
            alloc::format!("{}: no values", c.name),
            c.span,
        ));
    };
    int(leaves[..leaves.len() - 1]
        .iter()
        .rev()
        .fold(last, |acc, &x| f(x, acc)))
}

pub(super) fn max(c: &Call<'_>) -> R {
    leaf_fold(c, Int::max)
}

pub(super) fn min(c: &Call<'_>) -> R {
    leaf_fold(c, Int::min)
}

pub(super) fn gcd(c: &Call<'_>) -> R {
    leaf_fold(c, Int::gcd)
}

pub(super) fn congruent(c: &Call<'_>) -> R {
    bool_(c.tuple(0)?.congruent(&c.tuple(1)?))
}

pub(super) fn weakly_congruent(c: &Call<'_>) -> R {
    bool_(c.tuple(0)?.weakly_congruent(&c.tuple(1)?))
}

/// Argument `i` as a shape: a tuple, or the shape of a layout (CuTe accepts a layout
/// where it means its shape).
fn shape_of(c: &Call<'_>, i: usize) -> Result<IntTuple, EvalError> {
    match c.value(i) {
        Value::Layout(l) => Ok(l.shape()),
        Value::Tuple(t) => Ok(*t),
        _ => Err(c.bad_arg(i, "a shape or a layout")),
    }
}

pub(super) fn compatible(c: &Call<'_>) -> R {
    int(c.core(shape_of(c, 0)?.try_compatible(&shape_of(c, 1)?))?)
}

pub(super) fn lcm(c: &Call<'_>) -> R {
    int(c.core(c.int(0)?.try_lcm(c.int(1)?))?)
}

pub(super) fn domain_distribute(c: &Call<'_>) -> R {
    Ok(Value::Layout(
        c.core(shape_of(c, 0)?.try_domain_distribute(c.int(1)?))?,
    ))
}

pub(super) fn shape_div(c: &Call<'_>) -> R {
    tup(c.core(c.tuple(0)?.try_shape_div(&c.tuple(1)?))?)
}

pub(super) fn round_up(c: &Call<'_>) -> R {
    tup(c.core(c.tuple(0)?.try_round_up(&c.tuple(1)?))?)
}

pub(super) fn elem_scale(c: &Call<'_>) -> R {
    tup(c.core(c.tuple(0)?.try_elem_scale(&c.tuple(1)?))?)
}

fn compact(c: &Call<'_>, major: Major) -> R {
    let s = c.tuple(0)?;
    if c.args.len() == 1 {
        return tup(c.core(s.try_compact_major(major, Int::ONE))?);
    }
    tup(c.core(s.try_compact_major_each(major, &c.tuple(1)?))?)
}

pub(super) fn compact_col_major(c: &Call<'_>) -> R {
    compact(c, Major::Left)
}

pub(super) fn compact_row_major(c: &Call<'_>) -> R {
    compact(c, Major::Right)
}

pub(super) fn compact_order(c: &Call<'_>) -> R {
    let s = c.tuple(0)?;
    match c.tag(1) {
        Some(Tag::LayoutLeft) => tup(c.core(s.try_compact_major(Major::Left, Int::ONE))?),
        Some(Tag::LayoutRight) => tup(c.core(s.try_compact_major(Major::Right, Int::ONE))?),
        None => tup(c.core(s.try_compact_order(&c.tuple(1)?))?),
    }
}

pub(super) fn make_basis_like(c: &Call<'_>) -> R {
    tup(c.core(c.tuple(0)?.try_basis_like())?)
}

pub(super) fn repeat_like(c: &Call<'_>) -> R {
    tup(c.tuple(0)?.repeat_like(c.int(1)?))
}

pub(super) fn repeat(c: &Call<'_>) -> R {
    tup(c.core(IntTuple::try_repeat(c.index(0)?, &c.tuple(0)?))?)
}

pub(super) fn tuple_repeat(c: &Call<'_>) -> R {
    tup(c.core(IntTuple::try_tuple_repeat(c.index(0)?, &c.tuple(0)?))?)
}

pub(super) fn wrap(c: &Call<'_>) -> R {
    tup(c.core(c.tuple(0)?.try_wrap())?)
}

pub(super) fn unwrap(c: &Call<'_>) -> R {
    tup(c.tuple(0)?.unwrap())
}

pub(super) fn reverse(c: &Call<'_>) -> R {
    tup(c.tuple(0)?.reverse())
}

pub(super) fn insert(c: &Call<'_>) -> R {
    tup(c.core(c.tuple(0)?.try_insert(c.index(0)?, &c.tuple(1)?))?)
}

pub(super) fn remove(c: &Call<'_>) -> R {
    tup(c.core(c.tuple(0)?.try_remove(c.index(0)?))?)
}

pub(super) fn idx2crd(c: &Call<'_>) -> R {
    let i = c.tuple(0)?;
    let s = c.tuple(1)?;
    if c.args.len() == 3 {
        return tup(c.core(tuple::try_idx2crd_strided(&i, &s, &c.tuple(2)?))?);
    }
    tup(c.core(tuple::try_idx2crd(&i, &s))?)
}

pub(super) fn crd2idx(c: &Call<'_>) -> R {
    let crd = c.tuple(0)?;
    if let Value::Layout(l) = c.value(1) {
        if c.args.len() == 3 {
            return Err(c.bad_arg(1, "a shape when a stride follows"));
        }
        return tup(c.core(l.try_apply(&crd))?);
    }
    let s = c.tuple(1)?;
    if c.args.len() == 3 {
        return tup(c.core(tuple::try_crd2idx_arith(&crd, &s, &c.tuple(2)?))?);
    }
    int(c.core(tuple::try_crd2idx_colex(&crd, &s))?)
}

pub(super) fn crd2crd(c: &Call<'_>) -> R {
    let (crd, src, dst) = (c.tuple(0)?, c.tuple(1)?, c.tuple(2)?);
    if crd.is_tuple() && src.is_tuple() && dst.is_tuple() {
        for (k, shape, which) in [(1, &src, "source"), (2, &dst, "destination")] {
            if shape.rank() != crd.rank() {
                return Err(EvalError::new(
                    alloc::format!(
                        "crd2crd: the coordinate {crd} has rank {}, the {which} shape {shape} rank {}",
                        crd.rank(),
                        shape.rank()
                    ),
                    c.arg_span(k),
                ));
            }
        }
    }
    tup(c.core(tuple::try_crd2crd(&crd, &src, &dst))?)
}

fn compare(
    c: &Call<'_>,
    f: fn(&IntTuple, &IntTuple) -> Result<Int, rcute::Error>,
    swap: bool,
    negate: bool,
) -> R {
    let (a, b) = (c.tuple(0)?, c.tuple(1)?);
    let r = if swap { f(&b, &a) } else { f(&a, &b) };
    let r = c.core(r)?;
    int(if negate { r.not() } else { r })
}

pub(super) fn lex_less(c: &Call<'_>) -> R {
    compare(c, IntTuple::lex_less, false, false)
}
pub(super) fn lex_leq(c: &Call<'_>) -> R {
    compare(c, IntTuple::lex_less, true, true)
}
pub(super) fn lex_gtr(c: &Call<'_>) -> R {
    compare(c, IntTuple::lex_less, true, false)
}
pub(super) fn lex_geq(c: &Call<'_>) -> R {
    compare(c, IntTuple::lex_less, false, true)
}
pub(super) fn colex_less(c: &Call<'_>) -> R {
    compare(c, IntTuple::colex_less, false, false)
}
pub(super) fn colex_leq(c: &Call<'_>) -> R {
    compare(c, IntTuple::colex_less, true, true)
}
pub(super) fn colex_gtr(c: &Call<'_>) -> R {
    compare(c, IntTuple::colex_less, true, false)
}
pub(super) fn colex_geq(c: &Call<'_>) -> R {
    compare(c, IntTuple::colex_less, false, true)
}
pub(super) fn elem_less(c: &Call<'_>) -> R {
    compare(c, IntTuple::elem_less, false, false)
}
pub(super) fn elem_leq(c: &Call<'_>) -> R {
    compare(c, IntTuple::elem_less, true, true)
}
pub(super) fn elem_gtr(c: &Call<'_>) -> R {
    compare(c, IntTuple::elem_less, true, false)
}
pub(super) fn elem_geq(c: &Call<'_>) -> R {
    compare(c, IntTuple::elem_less, false, true)
}
