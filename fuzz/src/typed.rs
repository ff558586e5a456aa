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

/// A typed `$t` (layout, tiler or tuple) of form `$f` with drawn values; the check ends
/// where one is not positive where the form needs an extent (no typed value holds it).
macro_rules! make {
    ($u:ident, $t:ident, $f:ty) => {
        match $t::<$f>::try_new(&values($u, $t::<$f>::DYNAMIC)?) {
            Ok(x) => x,
            Err(_) => return Ok(()),
        }
    };
}

/// `a.$op(&b)` on a typed layout of form `$fa` and a typed `$t` of form `$fb` (turned
/// back into a run-time operand by `$back`), against the run-time `$op`; or `a.$op()`.
macro_rules! compare {
    ($u:ident, $op:ident, $fa:ty, $t:ident $fb:ty, $back:ident) => {{
        let (a, b) = (make!($u, TypedLayout, $fa), make!($u, $t, $fb));
        let (ra, rb) = (a.to_layout(), b.$back());
        let typed = a.$op(&b).map(|l| l.to_layout());
        let operands = [ra.to_string(), format!("{rb:?}")];
        same(stringify!($op), &operands, typed, ra.$op(&rb));
    }};
    ($u:ident, $op:ident, $fa:ty) => {{
        let a = make!($u, TypedLayout, $fa);
        let ra = a.to_layout();
        let typed = a.$op().map(|l| l.to_layout());
        same(stringify!($op), &[ra.to_string()], typed, ra.$op());
    }};
}

/// `a.try_composition(&b)` of typed layouts of forms `$fa` and `$fb` against the run-time
/// composition. The one documented difference (`rcute::typed`): where the divisibility
/// conditions refuse and CuTe's answer is the composed function, the run-time algebra
/// answers CuTe's layout and the typed one keeps the refusal.
macro_rules! compare_composition {
    ($u:ident, $fa:ty, $fb:ty) => {{
        let (a, b) = (make!($u, TypedLayout, $fa), make!($u, TypedLayout, $fb));
        let (ra, rb) = (a.to_layout(), b.to_layout());
        let typed = a.try_composition(&b).map(|l| l.to_layout());
        let run = ra.try_composition(&rb);
        let refused_by_type = matches!(&typed, Err(Error::Precondition { msg, .. }) if msg.contains("divisibility"));
        if refused_by_type && run.is_ok() {
            assert_eq!(
                run,
                ra.try_composition_as_cute(&rb),
                "try_composition({ra}, {rb}): the run-time answer is not CuTe's"
            );
        } else {
            same("try_composition", &[ra.to_string(), rb.to_string()], typed, run);
        }
    }};
}

/// Draws an operation of the table, its operands' values, and compares the typed answer
/// with the run-time one.
pub fn check(u: &mut Unstructured) -> Result<()> {
    match u.int_in_range(0u8..=13)? {
        0 => compare!(u, try_complement, Tv, TypedTuple Cotarget, to_tuple),
        1 => compare!(u, try_complement, Holes, TypedTuple Cotarget, to_tuple),
        2 => compare!(u, try_logical_product, MmaThreads, TypedTiler WarpRepeat, to_tiler),
        3 => compare!(u, try_logical_product, Holes, TypedTiler Repeat, to_tiler),
        4 => compare!(u, try_blocked_product, SmemAtom, TypedLayout AtomRepeat, to_layout),
        5 => compare!(u, try_raked_product, SmemAtom, TypedLayout AtomRepeat, to_layout),
        6 => compare_composition!(u, Three, Two),
        7 => compare_composition!(u, Three, TwoStatic),
        8 => compare!(u, try_composition_tiler, Gmem, TypedTiler TileByMode, to_tiler),
        9 => compare!(u, try_logical_divide, Gmem, TypedTiler Tile, to_tiler),
        10 => compare!(u, try_zipped_divide, Gmem, TypedTiler Tile, to_tiler),
        11 => compare!(u, try_right_inverse, CopyTv),
        12 => compare!(u, try_coalesce, Partitioned),
        _ => compare!(u, try_logical_divide, Holes, TypedTiler Tile, to_tiler),
    }
    Ok(())
}
