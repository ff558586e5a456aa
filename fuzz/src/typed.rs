//! Typed operations against the run-time algebra, on values drawn by the fuzzer: what the
//! `typed` target checks.
//!
//! A typed operation runs a fast path that skips the checks a screen or a guard proves
//! to pass, and runs again with every check where one does not (`rcute::typed`). Its
//! answer must be the run-time algebra's, value for value and error for error, whatever
//! the values: this target draws them (small extents and strides of both signs, zeros,
//! powers of two and not, and extremes that overflow) for fixed forms, the workload's
//! and others that reach each screen and guard, and compares the two answers.

use arbitrary::{Result, Unstructured};
use rcute::typed::{TypedLayout, TypedTiler, TypedTuple};
use rcute::{Error, Layout, layout_form, tiler_form, tuple_form};

// the workload's forms (benches/support/typed_ops.rs)
layout_form!(Gmem = (4096,4096):(1,4096));
tiler_form!(TileByMode = (128:1, 64:1));
tiler_form!(Tile = (128, 64));
layout_form!(Tv = ((4,8),(2,4)):((_128,_1),(_8,_32)));
tuple_form!(Cotarget = 4096);
layout_form!(MmaThreads = (16,8):(_1,_16));
tiler_form!(WarpRepeat = (2,4):(4,1));
layout_form!(SmemAtom = (8,8):(_8,_1));
layout_form!(AtomRepeat = (16,8):(1,16));
layout_form!(CopyTv = ((4,32),(1,8)):((_256,_1),(_0,_32)));
layout_form!(Partitioned = ((2,4),(8,32)):((1,2),(8,64)));
// a complement with holes (an inexact division), a product over it
layout_form!(Holes = (2,2):(_1,_3));
tiler_form!(Repeat = (2,2):(1,2));
// compositions whose carry and sign checks are guarded
layout_form!(Three = (4,4,4):(1,4,16));
layout_form!(Two = (2,2):(1,2));
layout_form!(TwoStatic = (2,2):(_1,_2));

/// One value: mostly small extents and strides (powers of two or not, zero and negative
/// included), at times one near the ends of `i64`, where arithmetic overflows.
fn value(u: &mut Unstructured) -> Result<i64> {
    Ok(match u.int_in_range(0u8..=15)? {
        0..=5 => 1i64 << u.int_in_range(0u32..=12)?,
        6..=10 => u.int_in_range(1i64..=40)?,
        11 => 0,
        12 => -u.int_in_range(1i64..=40)?,
        13 => u.int_in_range(1i64..=1 << 40)?,
        14 => i64::MAX - u.int_in_range(0i64..=64)?,
        _ => i64::MIN + u.int_in_range(0i64..=64)?,
    })
}

fn values(u: &mut Unstructured, n: usize) -> Result<Vec<i64>> {
    (0..n).map(|_| value(u)).collect()
}

/// Compares a typed answer with the run-time one; a mismatch is a crash.
fn same(op: &str, operands: &[String], typed: Result<Layout, Error>, run: Result<Layout, Error>) {
    assert_eq!(
        typed,
        run,
        "typed {op}({}) is not the run-time answer",
        operands.join(", ")
    );
}

macro_rules! lay {
    ($u:ident, $f:ty) => {
        match TypedLayout::<$f>::try_new(&values($u, TypedLayout::<$f>::DYNAMIC)?) {
            Ok(l) => l,
            // a shape value that is not positive: no typed layout holds it
            Err(_) => return Ok(()),
        }
    };
}

macro_rules! til {
    ($u:ident, $f:ty) => {
        match TypedTiler::<$f>::try_new(&values($u, TypedTiler::<$f>::DYNAMIC)?) {
            Ok(t) => t,
            Err(_) => return Ok(()),
        }
    };
}

macro_rules! tup {
    ($u:ident, $f:ty) => {
        match TypedTuple::<$f>::try_new(&values($u, TypedTuple::<$f>::DYNAMIC)?) {
            Ok(t) => t,
            Err(_) => return Ok(()),
        }
    };
}

/// Draws an operation of the table, its operands' values, and compares the typed answer
/// with the run-time one.
pub fn check(u: &mut Unstructured) -> Result<()> {
    match u.int_in_range(0u8..=13)? {
        0 => {
            let (a, c) = (lay!(u, Tv), tup!(u, Cotarget));
            let (ra, rc) = (a.to_layout(), c.to_tuple());
            let typed = a.try_complement(&c).map(|l| l.to_layout());
            same(
                "complement",
                &[ra.to_string(), rc.to_string()],
                typed,
                ra.try_complement(&rc),
            );
        }
        1 => {
            let (a, c) = (lay!(u, Holes), tup!(u, Cotarget));
            let (ra, rc) = (a.to_layout(), c.to_tuple());
            let typed = a.try_complement(&c).map(|l| l.to_layout());
            same(
                "complement",
                &[ra.to_string(), rc.to_string()],
                typed,
                ra.try_complement(&rc),
            );
        }
        2 => {
            let (a, t) = (lay!(u, MmaThreads), til!(u, WarpRepeat));
            let (ra, rt) = (a.to_layout(), t.to_tiler());
            let typed = a.try_logical_product(&t).map(|l| l.to_layout());
            let ops = [ra.to_string(), format!("{rt:?}")];
            same("logical_product", &ops, typed, ra.try_logical_product(&rt));
        }
        3 => {
            let (a, t) = (lay!(u, Holes), til!(u, Repeat));
            let (ra, rt) = (a.to_layout(), t.to_tiler());
            let typed = a.try_logical_product(&t).map(|l| l.to_layout());
            let ops = [ra.to_string(), format!("{rt:?}")];
            same("logical_product", &ops, typed, ra.try_logical_product(&rt));
        }
        4 => {
            let (a, b) = (lay!(u, SmemAtom), lay!(u, AtomRepeat));
            let (ra, rb) = (a.to_layout(), b.to_layout());
            let typed = a.try_blocked_product(&b).map(|l| l.to_layout());
            same(
                "blocked_product",
                &[ra.to_string(), rb.to_string()],
                typed,
                ra.try_blocked_product(&rb),
            );
        }
        5 => {
            let (a, b) = (lay!(u, SmemAtom), lay!(u, AtomRepeat));
            let (ra, rb) = (a.to_layout(), b.to_layout());
            let typed = a.try_raked_product(&b).map(|l| l.to_layout());
            same(
                "raked_product",
                &[ra.to_string(), rb.to_string()],
                typed,
                ra.try_raked_product(&rb),
            );
        }
        6 => {
            let (a, b) = (lay!(u, Three), lay!(u, Two));
            let (ra, rb) = (a.to_layout(), b.to_layout());
            let typed = a.try_composition(&b).map(|l| l.to_layout());
            same(
                "composition",
                &[ra.to_string(), rb.to_string()],
                typed,
                ra.try_composition(&rb),
            );
        }
        7 => {
            let (a, b) = (lay!(u, Three), lay!(u, TwoStatic));
            let (ra, rb) = (a.to_layout(), b.to_layout());
            let typed = a.try_composition(&b).map(|l| l.to_layout());
            same(
                "composition",
                &[ra.to_string(), rb.to_string()],
                typed,
                ra.try_composition(&rb),
            );
        }
        8 => {
            let (a, t) = (lay!(u, Gmem), til!(u, TileByMode));
            let (ra, rt) = (a.to_layout(), t.to_tiler());
            let typed = a.try_composition_tiler(&t).map(|l| l.to_layout());
            let ops = [ra.to_string(), format!("{rt:?}")];
            same("composition", &ops, typed, ra.try_composition_tiler(&rt));
        }
        9 => {
            let (a, t) = (lay!(u, Gmem), til!(u, Tile));
            let (ra, rt) = (a.to_layout(), t.to_tiler());
            let typed = a.try_logical_divide(&t).map(|l| l.to_layout());
            let ops = [ra.to_string(), format!("{rt:?}")];
            same("logical_divide", &ops, typed, ra.try_logical_divide(&rt));
        }
        10 => {
            let (a, t) = (lay!(u, Gmem), til!(u, Tile));
            let (ra, rt) = (a.to_layout(), t.to_tiler());
            let typed = a.try_zipped_divide(&t).map(|l| l.to_layout());
            let ops = [ra.to_string(), format!("{rt:?}")];
            same("zipped_divide", &ops, typed, ra.try_zipped_divide(&rt));
        }
        11 => {
            let a = lay!(u, CopyTv);
            let ra = a.to_layout();
            let typed = a.try_right_inverse().map(|l| l.to_layout());
            same(
                "right_inverse",
                &[ra.to_string()],
                typed,
                ra.try_right_inverse(),
            );
        }
        12 => {
            let a = lay!(u, Partitioned);
            let ra = a.to_layout();
            let typed = a.try_coalesce().map(|l| l.to_layout());
            same("coalesce", &[ra.to_string()], typed, ra.try_coalesce());
        }
        _ => {
            let (a, t) = (lay!(u, Holes), til!(u, Tile));
            let (ra, rt) = (a.to_layout(), t.to_tiler());
            let typed = a.try_logical_divide(&t).map(|l| l.to_layout());
            let ops = [ra.to_string(), format!("{rt:?}")];
            same("logical_divide", &ops, typed, ra.try_logical_divide(&rt));
        }
    }
    Ok(())
}
