//! CuTe's answers where rcute refuses (`*_as_cute`), on unconstrained operands: never a
//! panic; wherever rcute answers, the same answer; and where rcute refuses for a reason
//! CuTe does not check, an answer. The counts of cases, of answers rcute gives and of
//! refusals answered as CuTe are asserted, so that no test is vacuous. (That the answers
//! are CuTe's byte for byte is the golden replay's, against CuTe C++:
//! `tests/golden/as-cute/`, `deviations.jsonl`.)

use proptest::prelude::*;
use rcute::strategies::{LayoutParams, ShapeParams, layout, run_counted};
use rcute::{Error, Int, IntTuple, Layout, Tiler};
use std::cell::Cell;

const CASES: u32 = 4_000;

fn params() -> LayoutParams {
    LayoutParams {
        shape: ShapeParams {
            min_extent: 1,
            max_extent: 6,
            max_depth: 2,
            max_rank: 3,
            max_leaves: 5,
            max_size: 192,
            static_probability: 0.5,
        },
        max_stride: 12,
        compact_probability: 0.3,
    }
}

/// A tiler: a layout, an integer, `_`, or a tuple of one to three of them.
fn tiler() -> impl Strategy<Value = Tiler> {
    let element = prop_oneof![
        4 => layout(params()).prop_map(Tiler::layout),
        2 => (1i64..=8, any::<bool>())
            .prop_map(|(n, st)| Tiler::try_integer(Int::new(n, st)).expect("a positive integer")),
        1 => Just(Tiler::UNDERSCORE),
    ];
    prop_oneof![
        2 => element.clone(),
        1 => proptest::collection::vec(element, 1..=3)
            .prop_map(|v| Tiler::try_tuple(&v).expect("a tuple of tilers")),
    ]
}

/// Runs `pair` (rcute's answer, CuTe's) on `CASES` operands; asserts that CuTe's equals
/// rcute's wherever rcute answers, and returns (cases, rcute's answers, refusals that CuTe
/// answers).
fn run<S: Strategy>(
    name: &str,
    strategy: S,
    pair: impl Fn(&S::Value) -> (Result<Layout, Error>, Result<Layout, Error>),
) -> (usize, usize, usize)
where
    S::Value: std::fmt::Debug,
{
    let (answered, cute_only) = (Cell::new(0), Cell::new(0));
    let c = run_counted(CASES, strategy, |v| {
        let (ours, theirs) = pair(&v);
        match (&ours, &theirs) {
            // beyond CuTe: rcute answers where CuTe refuses a dynamic stride (its
            // complement and left inverse need static strides) or does not compile (the
            // zip of a rank product whose dynamic modes of 1 make two ranks), and CuTe's
            // form refuses as CuTe does
            (Ok(_), Err(e))
                if e.message().contains("needs static strides")
                    || e.message()
                        .starts_with("zip: the layouts have different ranks") => {}
            (Ok(a), b) => {
                answered.set(answered.get() + 1);
                prop_assert_eq!(Ok(*a), *b, "{}{:?}", name, v);
            }
            (Err(_), Ok(_)) => cute_only.set(cute_only.get() + 1),
            (Err(_), Err(_)) => {}
        }
        Ok(true)
    });
    eprintln!(
        "{name}: {} cases, {} answered by rcute (and the same as CuTe), {} refused by rcute and answered as CuTe",
        c.ran,
        answered.get(),
        cute_only.get()
    );
    (c.ran, answered.get(), cute_only.get())
}

fn check(name: &str, counts: (usize, usize, usize), min_answered: usize, min_cute: usize) {
    let (ran, answered, cute_only) = counts;
    assert_eq!(ran, CASES as usize, "{name}");
    assert!(answered >= min_answered, "{name}: {answered} answered");
    assert!(
        cute_only >= min_cute,
        "{name}: {cute_only} answered only as CuTe"
    );
}

#[test]
fn composition() {
    let c = run("composition", (layout(params()), tiler()), |(a, t)| {
        (
            a.try_composition_tiler(t),
            a.try_composition_tiler_as_cute(t),
        )
    });
    check("composition", c, 500, 50);
}

#[test]
fn divides() {
    type Op = fn(&Layout, &Tiler) -> Result<Layout, Error>;
    let ops: [(&str, Op, Op); 4] = [
        (
            "logical_divide",
            Layout::try_logical_divide,
            Layout::try_logical_divide_as_cute,
        ),
        (
            "zipped_divide",
            Layout::try_zipped_divide,
            Layout::try_zipped_divide_as_cute,
        ),
        (
            "tiled_divide",
            Layout::try_tiled_divide,
            Layout::try_tiled_divide_as_cute,
        ),
        (
            "flat_divide",
            Layout::try_flat_divide,
            Layout::try_flat_divide_as_cute,
        ),
    ];
    for (name, ours, theirs) in ops {
        let c = run(name, (layout(params()), tiler()), |(a, t)| {
            (ours(a, t), theirs(a, t))
        });
        check(name, c, 300, 50);
    }
}

#[test]
fn products() {
    type Op = fn(&Layout, &Tiler) -> Result<Layout, Error>;
    let ops: [(&str, Op, Op); 4] = [
        (
            "logical_product",
            Layout::try_logical_product,
            Layout::try_logical_product_as_cute,
        ),
        (
            "zipped_product",
            Layout::try_zipped_product,
            Layout::try_zipped_product_as_cute,
        ),
        (
            "tiled_product",
            Layout::try_tiled_product,
            Layout::try_tiled_product_as_cute,
        ),
        (
            "flat_product",
            Layout::try_flat_product,
            Layout::try_flat_product_as_cute,
        ),
    ];
    for (name, ours, theirs) in ops {
        let c = run(name, (layout(params()), tiler()), |(a, t)| {
            (ours(a, t), theirs(a, t))
        });
        check(name, c, 300, 10);
    }
    let c = run(
        "blocked_product",
        (layout(params()), layout(params())),
        |(a, b)| (a.try_blocked_product(b), a.try_blocked_product_as_cute(b)),
    );
    check("blocked_product", c, 300, 10);
    let c = run(
        "raked_product",
        (layout(params()), layout(params())),
        |(a, b)| (a.try_raked_product(b), a.try_raked_product_as_cute(b)),
    );
    check("raked_product", c, 300, 10);
}

#[test]
fn complement_upcast_left_inverse() {
    let c = run("complement", (layout(params()), 1i64..=256), |(a, n)| {
        let t = IntTuple::from_int(Int::constant(*n));
        (a.try_complement(&t), a.try_complement_as_cute(&t))
    });
    check("complement", c, 300, 1);
    let c = run(
        "upcast",
        (layout(params()), prop_oneof![Just(2i64), Just(4), Just(8)]),
        |(a, n)| (a.try_upcast(*n), a.try_upcast_as_cute(*n)),
    );
    check("upcast", c, 300, 50);
    let c = run("left_inverse", layout(params()), |a| {
        (a.try_left_inverse(), a.try_left_inverse_as_cute())
    });
    check("left_inverse", c, 300, 10);
}
