//! "Ok implies lawful" on unconstrained operands: every algebra operation is called on
//! random layouts and tilers that nothing filters for validity (any shapes, strides that are
//! zero, negative or repeated, static and dynamic values mixed, ranks and depths up to the
//! strategy's bounds), and wherever it answers a layout, the answer is checked by its law
//! (`rcute::law`). Each operation runs `CASES` cases; the counts of cases, of answers and of
//! answers the law held for are asserted, so that no filter or error path makes a test
//! vacuous.

use proptest::prelude::*;
use rcute::law::{self, Verdict};
use rcute::strategies::{LayoutParams, ShapeParams, layout, run_counted, shape};
use rcute::{Int, IntTuple, Layout, Tiler};
use std::cell::Cell;

const CASES: u32 = 10_000;

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
        compact_probability: 0.4,
    }
}

/// A tiler element: a layout, an integer, or `_`.
fn element() -> impl Strategy<Value = Tiler> {
    prop_oneof![
        4 => layout(params()).prop_map(Tiler::layout),
        2 => (1i64..=8, any::<bool>())
            .prop_map(|(n, st)| Tiler::try_integer(Int::new(n, st)).expect("a positive integer")),
        1 => Just(Tiler::UNDERSCORE),
    ]
}

/// Any tiler: an element, or a tuple of one to three elements.
fn tiler() -> impl Strategy<Value = Tiler> {
    prop_oneof![
        2 => element(),
        1 => proptest::collection::vec(element(), 1..=3)
            .prop_map(|v| Tiler::try_tuple(&v).expect("a tuple of tilers")),
    ]
}

/// The tally of one operation.
#[derive(Default, Debug)]
struct Tally {
    ran: Cell<usize>,
    answered: Cell<usize>,
    held: Cell<usize>,
}

/// Runs `case` on `CASES` values: it answers `None` for an error, or the law's verdict on
/// the answer; a broken law fails the test with the operands.
fn run<S: Strategy>(name: &str, strategy: S, case: impl Fn(&S::Value) -> Option<Verdict>) -> Tally
where
    S::Value: std::fmt::Debug,
{
    let t = Tally::default();
    let c = run_counted(CASES, strategy, |v| match case(&v) {
        None => Ok(false),
        Some(Verdict::Breaks(why)) => Err(TestCaseError::fail(format!("{name}{v:?}: {why}"))),
        Some(verdict) => {
            t.answered.set(t.answered.get() + 1);
            Ok(verdict.holds())
        }
    });
    t.ran.set(c.ran);
    t.held.set(c.counted);
    eprintln!(
        "{name}: {} cases, {} answered, {} held by the law",
        t.ran.get(),
        t.answered.get(),
        t.held.get()
    );
    t
}

/// At least `min` of the cases were answered and checked.
fn at_least(t: Tally, min: usize) {
    assert!(
        t.held.get() >= min,
        "{:?}: fewer than {min} answers checked",
        t
    );
}

fn one(name: &str, f: fn(&Layout) -> Option<(Layout, Verdict)>, min: usize) {
    at_least(run(name, layout(params()), |l| f(l).map(|x| x.1)), min);
}

#[test]
fn coalesce_and_filter() {
    one(
        "coalesce",
        |l| l.try_coalesce().ok().map(|r| (r, law::coalesce(l, &r))),
        9_000,
    );
    one(
        "filter",
        |l| l.try_filter().ok().map(|r| (r, law::filter(l, &r))),
        9_000,
    );
}

#[test]
fn inverses_and_nullspace() {
    one(
        "right_inverse",
        |l| {
            l.try_right_inverse()
                .ok()
                .map(|r| (r, law::right_inverse(l, &r)))
        },
        5_000,
    );
    one(
        "left_inverse",
        |l| {
            l.try_left_inverse()
                .ok()
                .map(|r| (r, law::left_inverse(l, &r)))
        },
        1_000,
    );
    one(
        "nullspace",
        |l| l.try_nullspace().ok().map(|r| (r, law::nullspace(l, &r))),
        1_000,
    );
}

#[test]
fn complement() {
    let cotarget = prop_oneof![
        (1i64..=256, any::<bool>()).prop_map(|(n, st)| IntTuple::from_int(Int::new(n, st))),
        shape(params().shape),
    ];
    let t = run("complement", (layout(params()), cotarget), |(l, c)| {
        l.try_complement(c).ok().map(|r| law::complement(l, c, &r))
    });
    at_least(t, 1_000);
}

#[test]
fn composition() {
    let t = run(
        "composition",
        (layout(params()), layout(params())),
        |(a, b)| {
            a.try_composition(b)
                .ok()
                .map(|r| law::composition(a, &Tiler::layout(*b), &r))
        },
    );
    at_least(t, 1_000);
    let t = run(
        "composition by a tiler",
        (layout(params()), tiler()),
        |(a, b)| {
            a.try_composition_tiler(b)
                .ok()
                .map(|r| law::composition(a, b, &r))
        },
    );
    at_least(t, 1_000);
}

#[test]
fn max_common_layout() {
    let t = run(
        "max_common_layout",
        (layout(params()), layout(params())),
        |(a, b)| {
            a.try_max_common_layout(b)
                .ok()
                .map(|r| law::max_common_layout(a, b, &r))
        },
    );
    at_least(t, 1_000);
}

type Op = fn(&Layout, &Tiler) -> Result<Layout, rcute::Error>;
type Law = fn(&Layout, &Tiler, &Layout) -> Verdict;

fn by_tiler(name: &str, op: Op, check: Law, min: usize) {
    let t = run(name, (layout(params()), tiler()), |(a, b)| {
        op(a, b).ok().map(|r| check(a, b, &r))
    });
    at_least(t, min);
}

#[test]
fn divides() {
    by_tiler(
        "logical_divide",
        Layout::try_logical_divide,
        law::logical_divide,
        500,
    );
    by_tiler(
        "zipped_divide",
        Layout::try_zipped_divide,
        law::zipped_divide,
        500,
    );
    by_tiler(
        "tiled_divide",
        Layout::try_tiled_divide,
        law::tiled_divide,
        500,
    );
    by_tiler(
        "flat_divide",
        Layout::try_flat_divide,
        law::flat_divide,
        500,
    );
}

#[test]
fn products() {
    by_tiler(
        "logical_product",
        Layout::try_logical_product,
        law::logical_product,
        500,
    );
    by_tiler(
        "zipped_product",
        Layout::try_zipped_product,
        law::zipped_product,
        500,
    );
    by_tiler(
        "tiled_product",
        Layout::try_tiled_product,
        law::tiled_product,
        500,
    );
    by_tiler(
        "flat_product",
        Layout::try_flat_product,
        law::flat_product,
        500,
    );
}

#[test]
fn rank_products() {
    let t = run(
        "blocked_product",
        (layout(params()), layout(params())),
        |(a, b)| {
            a.try_blocked_product(b)
                .ok()
                .map(|r| law::blocked_product(a, b, &r))
        },
    );
    at_least(t, 500);
    let t = run(
        "raked_product",
        (layout(params()), layout(params())),
        |(a, b)| {
            a.try_raked_product(b)
                .ok()
                .map(|r| law::raked_product(a, b, &r))
        },
    );
    at_least(t, 500);
}

#[test]
fn casts() {
    let factor = prop_oneof![Just(1i64), Just(2), Just(4), Just(8)];
    let t = run("upcast", (layout(params()), factor.clone()), |(l, n)| {
        l.try_upcast(*n).ok().map(|r| law::upcast(*n, l, &r))
    });
    at_least(t, 1_000);
    let t = run("downcast", (layout(params()), factor), |(l, n)| {
        l.try_downcast(*n).ok().map(|r| law::downcast(*n, l, &r))
    });
    at_least(t, 1_000);
}

#[test]
fn max_common_vector() {
    let t = run(
        "max_common_vector",
        (layout(params()), layout(params())),
        |(a, b)| {
            a.try_max_common_vector(b)
                .ok()
                .map(|n| law::max_common_vector(a, b, n))
        },
    );
    at_least(t, 1_000);
}

#[test]
fn tile_to_shape() {
    use rcute::{Major, TileOrder};
    let order = prop_oneof![
        Just(TileOrder::Major(Major::Left)),
        Just(TileOrder::Major(Major::Right)),
        shape(params().shape).prop_map(TileOrder::Order),
    ];
    let t = run(
        "tile_to_shape",
        (layout(params()), shape(params().shape), order),
        |(b, target, o)| {
            b.try_tile_to_shape(target, o)
                .ok()
                .map(|r| law::tile_to_shape(b, target, o, &r))
        },
    );
    at_least(t, 200);
}

/// A shape of one divisor of each top-level mode's size of `a` (the `picks` choose them),
/// or `None` where a size is not positive.
fn dividing_shape(a: &Layout, picks: &[u8], static_: bool) -> Option<IntTuple> {
    let mut dims = Vec::new();
    for (m, p) in (0..a.rank()).zip(picks.iter().cycle()) {
        let s = a.try_mode(m).ok()?.try_size().ok()?.value();
        if s < 1 {
            return None;
        }
        let divisors: Vec<i64> = (1..=s).filter(|d| s % d == 0).collect();
        dims.push(Int::new(divisors[*p as usize % divisors.len()], static_));
    }
    Some(IntTuple::from_ints(&dims))
}

#[test]
fn partitions_cover_each_element_once() {
    use rcute::Major;
    let picks = proptest::collection::vec(any::<u8>(), 3);
    let t = run(
        "local_partition",
        (
            layout(params()),
            picks.clone(),
            any::<bool>(),
            any::<bool>(),
        ),
        |(a, picks, right, st)| {
            let shape = dividing_shape(a, picks, *st)?;
            let major = if *right { Major::Right } else { Major::Left };
            let thr = Layout::with_major(shape, major);
            Some(law::local_partition_covers(a, &thr))
        },
    );
    at_least(t, 3_000);
    let t = run(
        "local_tile",
        (layout(params()), picks, any::<bool>()),
        |(a, picks, st)| {
            let shape = dividing_shape(a, picks, *st)?;
            Some(law::local_tile_covers(
                a,
                &Tiler::try_from_shape(&shape).ok()?,
            ))
        },
    );
    at_least(t, 3_000);
}
