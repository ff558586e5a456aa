//! The fixed benchmark workload on typed layouts (`rcute::typed`): the structure of each
//! operand is a form, declared here for the workload's expression, and its values are
//! read at run time from the workload file (`benches/workload.txt`); an operation whose
//! operands no longer have the declared structure is reported and skipped.
//! This is CuTe C++'s setting for dynamic values: the structure in the type, the values
//! known only at run time. Shared by `benches/workload.rs` and `examples/workload.rs`.

#![allow(dead_code)]

use super::workload_ops::{Entry, Op, layout, split_call, tiler};
use rcute::typed::{
    DynInt, LayoutForm, TilerForm, TupleForm, TypedLayout, TypedTiler, TypedTuple, try_crd2idx,
    try_idx2crd,
};
use rcute::{IntTuple, Layout, layout_form, tiler_form, tuple_form};
use std::hint::black_box;

// composition_tiler, logical_divide, zipped_divide
layout_form!(pub Gmem = (4096,4096):(1,4096));
tiler_form!(pub TileByMode = (128:1, 64:1));
tiler_form!(pub Tile = (128, 64));
// complement
layout_form!(pub Tv = ((4,8),(2,4)):((_128,_1),(_8,_32)));
tuple_form!(pub Cotarget = 4096);
// coalesce
layout_form!(pub Partitioned = ((2,4),(8,32)):((1,2),(8,64)));
// logical_product
layout_form!(pub MmaThreads = (16,8):(_1,_16));
tiler_form!(pub WarpRepeat = (2,4):(4,1));
// blocked_product
layout_form!(pub SmemAtom = (8,8):(_8,_1));
layout_form!(pub AtomRepeat = (16,8):(1,16));
// right_inverse
layout_form!(pub CopyTv = ((4,32),(1,8)):((_256,_1),(_0,_32)));
// idx2crd, crd2idx
tuple_form!(pub Index = 98765);
tuple_form!(pub ProblemShape = ((128, 32), (64, 32)));
tuple_form!(pub ProblemStride = ((1, 524288), (128, 8192)));
// offsets_128x128
layout_form!(pub Tile128 = (128,128):(1,128));
tiler_form!(pub By16 = (16, 16));

/// The sum of the static leaves of a tuple (a constant).
const fn static_sum(t: &IntTuple) -> i64 {
    let mut s = 0i64;
    let mut i = 0;
    while i < t.leaf_count() {
        if t.leaf(i).is_static() {
            s = s.wrapping_add(t.leaf(i).value());
        }
        i += 1;
    }
    s
}

/// The sum of every leaf of a typed layout (the static ones are a constant), as the C++
/// harness's `sink` reads every leaf of its result.
#[inline(always)]
fn sum_layout<F: LayoutForm>(l: &TypedLayout<F>) -> i64 {
    let st =
        const { static_sum(F::FORM.shape_ref()).wrapping_add(static_sum(F::FORM.stride_ref())) };
    l.values().iter().fold(st, |a, &v| a.wrapping_add(v))
}

#[inline(always)]
fn sum_tuple<F: TupleForm>(t: &TypedTuple<F>) -> i64 {
    let st = const { static_sum(&F::FORM) };
    t.values().iter().fold(st, |a, &v| a.wrapping_add(v))
}

fn lay<F: LayoutForm>(l: &Layout) -> Option<TypedLayout<F>> {
    TypedLayout::try_from_layout(l).ok()
}

fn tup<F: TupleForm>(t: &IntTuple) -> Option<TypedTuple<F>> {
    TypedTuple::try_from_tuple(t).ok()
}

fn til<F: TilerForm>(t: &rcute::Tiler) -> Option<TypedTiler<F>> {
    TypedTiler::try_from_tiler(t).ok()
}

/// What is done with each typed operation: `op` is generic, so that the operation is
/// inlined into the caller's timing loop (as CuTe C++'s lambda is into its own).
pub trait Visit {
    /// One operation; `f` returns the sum of every leaf of the result (-1 for an error).
    fn op<F: Fn() -> i64>(&mut self, name: &str, f: F);
}

/// Visits `f`, the typed form of `e`, having checked that it answers what the operation
/// on run-time layouts answers (the sum of every leaf of the same result).
fn visit(v: &mut impl Visit, e: &Entry, f: impl Fn() -> i64) {
    let (typed, runtime) = (f(), e.op.run());
    assert_eq!(
        typed, runtime,
        "typed `{}` disagrees with the run-time layouts",
        e.name
    );
    v.op(&e.name, f);
}

/// Visits the typed form of one workload operation, with its operands' values taken from
/// the entry; `None` when there is none for it (another operation, or operands of
/// another structure than the declared forms).
fn typed_op(e: &Entry, v: &mut impl Visit) -> Option<()> {
    let r = |x: Result<i64, rcute::Error>| x.unwrap_or(-1);
    match (e.name.as_str(), &e.op) {
        ("composition_tiler", Op::Composition(a, t)) => {
            let (a, t) = (lay::<Gmem>(a)?, til::<TileByMode>(t)?);
            visit(v, e, || {
                r(black_box(&a)
                    .try_composition_tiler(black_box(&t))
                    .map(|x| sum_layout(&x)))
            })
        }
        ("logical_divide", Op::LogicalDivide(a, t)) => {
            let (a, t) = (lay::<Gmem>(a)?, til::<Tile>(t)?);
            visit(v, e, || {
                r(black_box(&a)
                    .try_logical_divide(black_box(&t))
                    .map(|x| sum_layout(&x)))
            })
        }
        ("zipped_divide", Op::ZippedDivide(a, t)) => {
            let (a, t) = (lay::<Gmem>(a)?, til::<Tile>(t)?);
            visit(v, e, || {
                r(black_box(&a)
                    .try_zipped_divide(black_box(&t))
                    .map(|x| sum_layout(&x)))
            })
        }
        ("complement", Op::Complement(a, c)) => {
            let (a, c) = (lay::<Tv>(a)?, tup::<Cotarget>(c)?);
            visit(v, e, || {
                r(black_box(&a)
                    .try_complement(black_box(&c))
                    .map(|x| sum_layout(&x)))
            })
        }
        ("coalesce", Op::Coalesce(a)) => {
            let a = lay::<Partitioned>(a)?;
            visit(v, e, || {
                r(black_box(&a).try_coalesce().map(|x| sum_layout(&x)))
            })
        }
        ("logical_product", Op::LogicalProduct(a, t)) => {
            let (a, t) = (lay::<MmaThreads>(a)?, til::<WarpRepeat>(t)?);
            visit(v, e, || {
                r(black_box(&a)
                    .try_logical_product(black_box(&t))
                    .map(|x| sum_layout(&x)))
            })
        }
        ("blocked_product", Op::BlockedProduct(a, b)) => {
            let (a, b) = (lay::<SmemAtom>(a)?, lay::<AtomRepeat>(b)?);
            visit(v, e, || {
                r(black_box(&a)
                    .try_blocked_product(black_box(&b))
                    .map(|x| sum_layout(&x)))
            })
        }
        ("right_inverse", Op::RightInverse(a)) => {
            let a = lay::<CopyTv>(a)?;
            visit(v, e, || {
                r(black_box(&a).try_right_inverse().map(|x| sum_layout(&x)))
            })
        }
        ("idx2crd", Op::Idx2crd(i, s)) => {
            let (i, s) = (tup::<Index>(i)?, tup::<ProblemShape>(s)?);
            visit(v, e, || {
                r(try_idx2crd(black_box(&i), black_box(&s)).map(|x| sum_tuple(&x)))
            })
        }
        ("crd2idx", Op::Crd2idx(c, s, d)) => {
            let (c, s, d) = (
                tup::<Index>(c)?,
                tup::<ProblemShape>(s)?,
                tup::<ProblemStride>(d)?,
            );
            visit(v, e, || {
                r(try_crd2idx(black_box(&c), black_box(&s), black_box(&d)).map(|x| sum_tuple(&x)))
            })
        }
        ("offsets_128x128", Op::Offsets(_)) => {
            // the operands of the division: offsets(zipped_divide(A, T))
            let (_, outer) = split_call(&e.expr);
            let (_, args) = split_call(&outer[0]);
            let (a, t) = (
                lay::<Tile128>(&layout(&args[0]))?,
                til::<By16>(&tiler(&args[1]))?,
            );
            visit(v, e, || r(typed_offsets(black_box(&a), black_box(&t))))
        }
        _ => return None,
    }
    Some(())
}

/// Every offset of `zipped_divide(a, t)`, index by index, summed (CuTe's `L(i)` for each
/// `i < size(L)`).
#[inline(never)]
fn typed_offsets(a: &TypedLayout<Tile128>, t: &TypedTiler<By16>) -> Result<i64, rcute::Error> {
    let z = a.try_zipped_divide(t)?;
    let n = z.try_size()?.values()[0];
    let mut s = 0i64;
    for i in 0..n {
        let c = TypedTuple::<DynInt>::new(&[i]);
        s = s.wrapping_add(z.try_crd2idx(&c)?.values()[0]);
    }
    Ok(s)
}

/// Visits the typed operations of the workload, in its order. An operation without a
/// typed form (another operation, or operands of another structure) is reported on
/// stderr and left out.
pub fn each(entries: &[Entry], v: &mut impl Visit) {
    for e in entries {
        if typed_op(e, v).is_none() {
            eprintln!(
                "typed: no form declared for `{}` = {}; left out",
                e.name, e.expr
            );
        }
    }
}
