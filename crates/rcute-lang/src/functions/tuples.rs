//! Functions on integers and IntTuples.

use super::call::Call;
use super::function::{ANY, Function};
use crate::error::EvalError;
use crate::value::{Tag, Value};
use alloc::vec::Vec;
use rcute::int::Int;
use rcute::tuple::{self, IntTuple, Major};

type R = Result<Value, EvalError>;

/// This file's functions: entries of the function table.
#[rustfmt::skip]
pub(super) const FUNCTIONS: &[Function] = &[
    Function::new("colex_geq", (2, 2), (0, 0), colex_geq, "colex_geq(a, b): colexicographic >="),
    Function::new("colex_gtr", (2, 2), (0, 0), colex_gtr, "colex_gtr(a, b): colexicographic >"),
    Function::new("colex_leq", (2, 2), (0, 0), colex_leq, "colex_leq(a, b): colexicographic <="),
    Function::new("colex_less", (2, 2), (0, 0), colex_less, "colex_less(a, b): colexicographic <"),
    Function::new("compact_col_major", (1, 2), (0, 0), compact_col_major, "compact_col_major(shape[, current]): column-major strides"),
    Function::new("compact_order", (2, 2), (0, 0), compact_order, "compact_order(shape, order): strides in the given order"),
    Function::new("compact_row_major", (1, 2), (0, 0), compact_row_major, "compact_row_major(shape[, current]): row-major strides"),
    Function::new("compatible", (2, 2), (0, 0), compatible, "compatible(a, b): every coordinate of a is one of b"),
    Function::new("congruent", (2, 2), (0, 0), congruent, "congruent(a, b): same profile"),
    Function::new("crd2crd", (3, 3), (0, 0), crd2crd, "crd2crd(c, src_shape, dst_shape)"),
    Function::new("crd2idx", (2, 3), (0, 0), crd2idx, "crd2idx(c, shape[, stride]) or crd2idx(c, L): the index of a coordinate"),
    Function::new("domain_distribute", (2, 2), (0, 0), domain_distribute, "domain_distribute(shape, n): n elements spread over the modes by gcd, col-major strides"),
    Function::new("elem_geq", (2, 2), (0, 0), elem_geq, "elem_geq(a, b): element-wise >="),
    Function::new("elem_gtr", (2, 2), (0, 0), elem_gtr, "elem_gtr(a, b): element-wise >"),
    Function::new("elem_leq", (2, 2), (0, 0), elem_leq, "elem_leq(a, b): element-wise <="),
    Function::new("elem_less", (2, 2), (0, 0), elem_less, "elem_less(a, b): element-wise <"),
    Function::new("elem_scale", (2, 2), (0, 0), elem_scale, "elem_scale(a, b): a scaled by the sizes of b"),
    Function::new("back", (1, 1), (0, 0), back, "back(x): the last leaf of a tuple (its last element's back), anything else itself"),
    Function::new("front", (1, 1), (0, 0), front, "front(x): the first leaf of a tuple (its first element's front), anything else itself"),
    Function::new("gcd", (1, ANY), (0, 0), gcd, "gcd(x, ...): greatest common divisor of all leaves"),
    Function::new("idx2crd", (2, 3), (0, 0), idx2crd, "idx2crd(i, shape[, stride]): the coordinate of an index"),
    Function::new("inner_product", (2, 2), (0, 0), inner_product, "inner_product(a, b)"),
    Function::new("insert", (2, 2), (1, 1), insert, "insert<I>(t, x): insert x before mode I"),
    Function::new("lcm", (2, 2), (0, 0), lcm, "lcm(a, b): least common multiple of two integers"),
    Function::new("lex_geq", (2, 2), (0, 0), lex_geq, "lex_geq(a, b): lexicographic >="),
    Function::new("lex_gtr", (2, 2), (0, 0), lex_gtr, "lex_gtr(a, b): lexicographic >"),
    Function::new("lex_leq", (2, 2), (0, 0), lex_leq, "lex_leq(a, b): lexicographic <="),
    Function::new("lex_less", (2, 2), (0, 0), lex_less, "lex_less(a, b): lexicographic <"),
    Function::new("make_basis_like", (1, 1), (0, 0), make_basis_like, "make_basis_like(shape): identity strides"),
    Function::new("make_coord", (0, ANY), (0, 0), make_tuple, "make_coord(x, ...): a tuple"),
    Function::new("make_shape", (0, ANY), (0, 0), make_tuple, "make_shape(x, ...): a tuple"),
    Function::new("make_step", (0, ANY), (0, 0), make_tuple, "make_step(x, ...): a tuple"),
    Function::new("make_stride", (0, ANY), (0, 0), make_tuple, "make_stride(x, ...): a tuple"),
    Function::new("make_tile", (0, ANY), (0, 0), make_tuple, "make_tile(x, ...): a tuple"),
    Function::new("make_tuple", (0, ANY), (0, 0), make_tuple, "make_tuple(x, ...): a tuple"),
    Function::new("tuple_cat", (0, ANY), (0, 0), tuple_cat, "tuple_cat(t, ...): the modes of the tuples, in order"),
    Function::new("max", (1, ANY), (0, 0), max, "max(x, ...): the largest leaf"),
    Function::new("min", (1, ANY), (0, 0), min, "min(x, ...): the smallest leaf"),
    Function::new("product", (1, 1), (0, 0), product, "product(t): the product of the leaves"),
    Function::new("product_each", (1, 1), (0, 0), product_each, "product_each(t): the product of each mode"),
    Function::new("product_like", (2, 2), (0, 0), product_like, "product_like(t, guide): products at the leaves of guide"),
    Function::new("remove", (1, 1), (1, 1), remove, "remove<I>(t): remove mode I"),
    Function::new("repeat", (1, 1), (1, 1), repeat, "repeat<N>(x): N copies of x (x itself for N = 1)"),
    Function::new("repeat_like", (2, 2), (0, 0), repeat_like, "repeat_like(t, x): t's profile filled with x"),
    Function::new("reverse", (1, 1), (0, 0), reverse, "reverse(t): the modes in reverse order"),
    Function::new("round_up", (2, 2), (0, 0), round_up, "round_up(a, b): a rounded up to multiples of b"),
    Function::new("shape_div", (2, 2), (0, 0), shape_div, "shape_div(a, b): shape division"),
    Function::new("sum", (1, 1), (0, 0), sum, "sum(t): the sum of the leaves"),
    Function::new("tuple_repeat", (1, 1), (1, 1), tuple_repeat, "tuple_repeat<N>(x): a tuple of N copies"),
    Function::new("unwrap", (1, 1), (0, 0), unwrap, "unwrap(t): strip rank-1 tuples"),
    Function::new("weakly_congruent", (2, 2), (0, 0), weakly_congruent, "weakly_congruent(a, b)"),
    Function::new("wrap", (1, 1), (0, 0), wrap, "wrap(x): a leaf becomes a rank-1 tuple"),
];

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

/// CuTe's `tuple_cat(t...)`: one tuple of the modes of each (`()` of none); an integer is
/// no tuple, as C++ does not compile it.
pub(super) fn tuple_cat(c: &Call<'_>) -> R {
    let mut modes = Vec::new();
    for i in 0..c.args.len() {
        let t = c.tuple(i)?;
        if t.is_leaf() {
            return Err(c.bad_arg(i, "a tuple"));
        }
        modes.extend(t.modes());
    }
    tup(c.core(IntTuple::try_tuple(&modes))?)
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
    // CuTe compares the profiles of shape(a) and shape(b)
    bool_(shape_of(c, 0)?.congruent(&shape_of(c, 1)?))
}

pub(super) fn weakly_congruent(c: &Call<'_>) -> R {
    if layout_against_integer(c) {
        return Ok(Value::int(Int::constant(0)));
    }
    bool_(shape_of(c, 0)?.weakly_congruent(&shape_of(c, 1)?))
}

/// Whether `a` is a layout and `b` an integer: CuTe's `compatible(a, b)` and
/// `weakly_congruent(a, b)` ask `is_integral` of `a` before they take shapes, so a layout
/// against an integer is false_type (`_0`), whatever its shape.
fn layout_against_integer(c: &Call<'_>) -> bool {
    matches!(c.value(0), Value::Layout(_)) && matches!(c.value(1), Value::Tuple(t) if t.is_leaf())
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
    if layout_against_integer(c) {
        return Ok(Value::int(Int::constant(0)));
    }
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

pub(super) fn front(c: &Call<'_>) -> R {
    end(c, &c.args[0].0, false)
}

pub(super) fn back(c: &Call<'_>) -> R {
    end(c, &c.args[0].0, true)
}

/// CuTe's `front` (`last == false`) or `back` of `v`: a tuple's end leaf, a tuple of other
/// values' end element's, anything else `v` itself (`front(L)` of a layout is `L`).
fn end(c: &Call<'_>, v: &Value, last: bool) -> R {
    match v {
        Value::Tuple(t) => int(c.core(if last { t.try_back() } else { t.try_front() })?),
        Value::List(items) => match if last { items.last() } else { items.first() } {
            Some(x) => end(c, x, last),
            None => c.core(Err(rcute::error::Error::WrongKind {
                msg: "front/back: an empty tuple has no end element",
            })),
        },
        other => Ok(other.clone()),
    }
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
