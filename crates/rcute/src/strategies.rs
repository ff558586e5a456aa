//! [proptest](https://docs.rs/proptest) strategies for random shapes and layouts, so that
//! code built on rcute can be tested over random valid inputs the way rcute tests itself.
//! Enabled by the `proptest` feature.
//!
//! Beyond arbitrary shapes and layouts, there are generators of the inputs each algebra
//! operation accepts: [`injective_layout`] (and [`complementable`], with a cotarget),
//! [`composable_pair`] for composition, and [`divisible_tiler`] for the divides.
//!
//! ```
//! use proptest::prelude::*;
//! use proptest::test_runner::TestRunner;
//! use rcute::strategies::{LayoutParams, layout};
//!
//! let mut runner = TestRunner::default();
//! runner
//!     .run(&layout(LayoutParams::default()), |l| {
//!         // every 1-D index and its hierarchical coordinate name the same element
//!         let n = l.size().value() as usize;
//!         for i in 0..n {
//!             let c = rcute::idx2crd(&rcute::IntTuple::dynamic(i as i64), &l.shape());
//!             prop_assert_eq!(l.crd2idx(&c).value(), l.offset(i));
//!         }
//!         Ok(())
//!     })
//!     .unwrap();
//! ```

use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;
use alloc::vec::Vec;
use proptest::prelude::*;

/// What random shapes look like.
#[derive(Clone, Copy, Debug)]
pub struct ShapeParams {
    /// Smallest extent of a leaf (at least 1).
    pub min_extent: i64,
    /// Largest extent of a leaf (at least `min_extent`).
    pub max_extent: i64,
    /// Deepest nesting (0: a single integer).
    pub max_depth: u32,
    /// Most modes in one tuple.
    pub max_rank: usize,
    /// Most leaves in the whole shape (at most [`crate::CAPACITY`]).
    pub max_leaves: usize,
    /// Largest size (product of the extents).
    pub max_size: i64,
    /// Probability that a leaf is static.
    pub static_probability: f64,
}

impl Default for ShapeParams {
    fn default() -> ShapeParams {
        ShapeParams {
            min_extent: 1,
            max_extent: 8,
            max_depth: 3,
            max_rank: 4,
            max_leaves: 8,
            max_size: 4096,
            static_probability: 0.5,
        }
    }
}

/// What random strides look like.
#[derive(Clone, Copy, Debug)]
pub struct LayoutParams {
    /// The shapes.
    pub shape: ShapeParams,
    /// Strides are drawn from `-max_stride..=max_stride` when not compact.
    pub max_stride: i64,
    /// Probability that the strides are compact (a permuted column-major order) instead of
    /// arbitrary.
    pub compact_probability: f64,
}

impl Default for LayoutParams {
    fn default() -> LayoutParams {
        LayoutParams {
            shape: ShapeParams::default(),
            max_stride: 24,
            compact_probability: 0.5,
        }
    }
}

#[derive(Clone, Debug)]
enum Tree {
    Leaf,
    Node(Vec<Tree>),
}

impl Tree {
    fn leaves(&self) -> usize {
        match self {
            Tree::Leaf => 1,
            Tree::Node(v) => v.iter().map(Tree::leaves).sum(),
        }
    }

    /// Fills the profile with the given leaves, in order.
    fn build(&self, vals: &mut impl Iterator<Item = Int>) -> IntTuple {
        match self {
            Tree::Leaf => IntTuple::from_int(vals.next().expect("enough leaves")),
            Tree::Node(v) => {
                let parts: Vec<IntTuple> = v.iter().map(|t| t.build(vals)).collect();
                IntTuple::try_tuple(&parts).expect("within capacity")
            }
        }
    }
}

fn profile(p: ShapeParams) -> impl Strategy<Value = Tree> {
    let leaf = Just(Tree::Leaf);
    let max_rank = p.max_rank.max(1);
    let max_leaves = p.max_leaves.clamp(1, crate::CAPACITY);
    let top = leaf.prop_recursive(
        p.max_depth.saturating_sub(1),
        max_leaves as u32,
        max_rank as u32,
        move |inner| {
            prop_oneof![
                2 => Just(Tree::Leaf),
                1 => proptest::collection::vec(inner, 1..=max_rank).prop_map(Tree::Node),
            ]
        },
    );
    // The outermost level is a tuple most of the time, as shapes usually are.
    let outer = proptest::collection::vec(top.clone(), 1..=max_rank).prop_map(Tree::Node);
    let t = if p.max_depth == 0 {
        Just(Tree::Leaf).boxed()
    } else {
        prop_oneof![1 => top, 4 => outer].boxed()
    };
    t.prop_filter("too many leaves", move |t| t.leaves() <= max_leaves)
}

fn int(max: i64, p_static: f64, min: i64) -> impl Strategy<Value = Int> {
    (min..=max, proptest::bool::weighted(p_static)).prop_map(|(v, s)| Int::new(v, s))
}

/// A random shape: nested tuples of positive integers, with random static bits.
pub fn shape(p: ShapeParams) -> impl Strategy<Value = IntTuple> {
    profile(p)
        .prop_flat_map(move |t| {
            let n = t.leaves();
            let lo = p.min_extent.max(1);
            (
                Just(t),
                proptest::collection::vec(int(p.max_extent.max(lo), p.static_probability, lo), n),
            )
        })
        .prop_map(|(t, leaves)| t.build(&mut leaves.into_iter()))
        .prop_filter("too large", move |s| {
            s.try_product().is_ok_and(|n| n.value() <= p.max_size)
        })
}

/// A random layout: a random shape with arbitrary strides (negative, zero, repeated) or
/// compact strides in a random order, with random static bits.
pub fn layout(p: LayoutParams) -> impl Strategy<Value = Layout> {
    shape(p.shape).prop_flat_map(move |s| {
        let n = s.leaf_count();
        let arbitrary = proptest::collection::vec(
            int(p.max_stride, p.shape.static_probability, -p.max_stride),
            n,
        );
        let order = Just((0..n).collect::<Vec<usize>>()).prop_shuffle();
        let statics =
            proptest::collection::vec(proptest::bool::weighted(p.shape.static_probability), n);
        (
            Just(s),
            proptest::bool::weighted(p.compact_probability),
            arbitrary,
            order,
            statics,
        )
            .prop_map(|(s, compact, arbitrary, order, statics)| {
                let mut d = s;
                if compact {
                    let mut acc = 1i64;
                    for &i in &order {
                        d.set_leaf(i, Int::new(acc, statics[i]));
                        acc *= s.leaf(i).value();
                    }
                } else {
                    for (i, v) in arbitrary.into_iter().enumerate() {
                        d.set_leaf(i, v);
                    }
                }
                Layout::new(s, d)
            })
    })
}

/// A random compact layout: a random shape with column-major strides in a random mode
/// order (an injective layout whose image is `[0, size)`).
pub fn compact_layout(p: ShapeParams) -> impl Strategy<Value = Layout> {
    layout(LayoutParams {
        shape: p,
        max_stride: 1,
        compact_probability: 1.0,
    })
}

/// Divisors of `n` (n ≥ 1), ascending.
fn divisors(n: i64) -> Vec<i64> {
    (1..=n).filter(|d| n % d == 0).collect()
}

/// A random injective layout: the modes of a random shape laid out in a random order,
/// each stride a multiple of the extent below it (`stride_k = gap * extent_{k-1}`, gaps
/// drawn from `1..=max_gap`), with random static bits (size-1 modes are static `_1`).
/// Such layouts have a left inverse and a complement.
pub fn injective_layout(p: ShapeParams, max_gap: i64) -> impl Strategy<Value = Layout> {
    shape(p).prop_flat_map(move |s| {
        let n = s.leaf_count();
        let order = Just((0..n).collect::<Vec<usize>>()).prop_shuffle();
        let gaps = proptest::collection::vec(1..=max_gap.max(1), n);
        let statics = proptest::collection::vec(proptest::bool::weighted(p.static_probability), n);
        (Just(s), order, gaps, statics).prop_map(move |(s, order, gaps, statics)| {
            // A dynamic size-1 mode is not dropped by coalesce, and CuTe's complement and
            // left_inverse then count its stride as taken: keep size-1 modes static.
            let mut s = s;
            for i in 0..n {
                if s.leaf(i).value() == 1 {
                    s.set_leaf(i, Int::constant(1));
                }
            }
            let mut d = s;
            let mut extent = 1i64;
            for (k, &i) in order.iter().enumerate() {
                let stride = extent * gaps[k];
                d.set_leaf(i, Int::new(stride, statics[i]));
                extent = stride * s.leaf(i).value();
            }
            Layout::new(s, d)
        })
    })
}

/// A random injective layout and a cotarget for its complement: a multiple of its cosize,
/// times `1..=4`, static or dynamic.
pub fn complementable(p: ShapeParams, max_gap: i64) -> impl Strategy<Value = (Layout, IntTuple)> {
    injective_layout(p, max_gap).prop_flat_map(|l| {
        let cosize = l.cosize().value();
        (Just(l), 1..=4i64, proptest::bool::ANY)
            .prop_map(move |(l, k, st)| (l, IntTuple::from_int(Int::new(cosize * k, st))))
    })
}

/// Splits `n` into prime factors, in a random order given by `pick`.
fn factors(mut n: i64, pick: usize) -> Vec<i64> {
    let mut f = Vec::new();
    let mut p = 2;
    while n > 1 {
        while n % p == 0 {
            f.push(p);
            n /= p;
        }
        p += 1;
    }
    if f.len() > 1 {
        let k = pick % f.len();
        f.rotate_left(k);
    }
    f
}

/// A random pair `(A, B)` for which `composition(A, B)` is exact: `B`'s modes walk
/// disjoint runs of the mixed-radix digits of `A`'s shape (each digit split into prime
/// "atoms"), in a random order, grouped into a random hierarchy. This is CuTe's
/// pre-condition for composition: the divisibility conditions, and no carries between
/// `B`'s modes. `A`'s strides are arbitrary.
pub fn composable_pair(p: LayoutParams) -> impl Strategy<Value = (Layout, Layout)> {
    layout(p)
        .prop_flat_map(move |a| {
            let flat: Vec<i64> = a.shape().leaves().map(|s| s.value()).collect();
            let n = flat.len();
            (
                Just(a),
                proptest::collection::vec(0..8usize, n),
                proptest::collection::vec(proptest::bool::ANY, 3 * crate::CAPACITY),
                proptest::collection::vec(
                    proptest::bool::weighted(p.shape.static_probability),
                    2 * crate::CAPACITY,
                ),
                Just((0..crate::CAPACITY).collect::<Vec<usize>>()).prop_shuffle(),
                1..=3usize,
            )
        })
        .prop_map(|(a, picks, cuts, statics, order, nest)| {
            // atoms: (size, stride) of each prime factor of each digit
            let mut atoms = Vec::new();
            let mut prefix = 1i64;
            for (k, s) in a.shape().leaves().enumerate() {
                let mut sub = prefix;
                for f in factors(s.value(), picks[k]) {
                    atoms.push((f, sub));
                    sub *= f;
                }
                prefix *= s.value();
            }
            // cut the atoms into runs; each run (kept or not) becomes one mode of B
            let mut runs: Vec<(i64, i64)> = Vec::new();
            for (k, &(size, stride)) in atoms.iter().enumerate() {
                match runs.last_mut() {
                    Some(r) if !cuts[k] => r.0 *= size,
                    _ => runs.push((size, stride)),
                }
            }
            if runs.is_empty() {
                runs.push((1, 1));
            }
            let keep: Vec<(i64, i64)> = runs
                .iter()
                .enumerate()
                .filter(|(k, _)| cuts[crate::CAPACITY + k] || *k == 0)
                .map(|(_, r)| *r)
                .collect();
            let mut modes: Vec<(i64, i64)> = order
                .iter()
                .filter(|&&i| i < keep.len())
                .map(|&i| keep[i])
                .collect();
            modes.truncate(4);
            let s: Vec<Int> = modes
                .iter()
                .enumerate()
                .map(|(i, m)| Int::new(m.0, statics[i]))
                .collect();
            let d: Vec<Int> = modes
                .iter()
                .enumerate()
                .map(|(i, m)| Int::new(m.1, statics[crate::CAPACITY + i]))
                .collect();
            let mut st = IntTuple::from_ints(&s);
            let mut dt = IntTuple::from_ints(&d);
            if s.len() == 1 && nest == 1 {
                st = st.get(0);
                dt = dt.get(0);
            } else if s.len() >= 3 && nest == 2 {
                st = st.group(0, 2);
                dt = dt.group(0, 2);
            }
            (a, Layout::new(st, dt))
        })
        .prop_filter("CuTe's divisibility conditions", |(a, b)| {
            a.try_composition(b).is_ok()
        })
}

/// A random layout and a layout tiler that divides it (`logical_divide` meets CuTe's
/// conditions): the tiler is injective on a sub-block of the layout's coalesced domain.
pub fn divisible_tiler(p: LayoutParams) -> impl Strategy<Value = (Layout, Layout)> {
    layout(p)
        .prop_flat_map(|l| {
            let size = l.size().value();
            let ds = divisors(size);
            (
                Just(l),
                proptest::sample::select(ds),
                proptest::bool::ANY,
                proptest::bool::ANY,
            )
        })
        .prop_flat_map(|(l, tile, split, st)| {
            // a tile of `tile` elements: contiguous, or strided by a divisor of the rest
            let rest = l.size().value() / tile;
            let ds = divisors(rest);
            (
                Just(l),
                Just(tile),
                Just(split),
                Just(st),
                proptest::sample::select(ds),
            )
        })
        .prop_map(|(l, tile, split, st, gap)| {
            let t = if split && tile % 2 == 0 && tile > 2 {
                // two modes: (2, tile/2) with the second mode strided by `gap`
                let s = IntTuple::from_ints(&[Int::new(2, st), Int::new(tile / 2, st)]);
                let d = IntTuple::from_ints(&[Int::new(1, st), Int::new(2 * gap, st)]);
                Layout::new(s, d)
            } else {
                Layout::new(
                    IntTuple::from_int(Int::new(tile, st)),
                    IntTuple::from_int(Int::new(gap, st)),
                )
            };
            (l, t)
        })
        .prop_filter("CuTe's conditions for logical_divide", |(l, t)| {
            l.try_logical_divide(&crate::algebra::Tiler::layout(*t))
                .is_ok()
        })
}

/// What [`run_counted`] counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counted {
    /// The cases that ran.
    pub ran: usize,
    /// The cases whose test answered `true` (an operation that answered, a law that was
    /// checked: whatever the test counts).
    pub counted: usize,
}

/// Runs `test` on `cases` values of `strategy` (no failure persistence, so a test never
/// depends on files), and answers the counts. Panics when a case fails, and when fewer
/// than `cases` cases ran: a filter or a rejection cannot make a property test vacuous.
/// The values are drawn from proptest's deterministic generator, the same at every run,
/// so that a test's bounds on its counts (at least so many answered) hold at every run,
/// not at most of them; the fuzz targets explore beyond.
///
/// ```
/// use proptest::prelude::*;
/// use rcute::strategies::{LayoutParams, layout, run_counted};
/// let c = run_counted(100, layout(LayoutParams::default()), |l| {
///     prop_assert_eq!(l.coalesce().size(), l.size());
///     Ok(l.rank() > 1)
/// });
/// assert_eq!(c.ran, 100);
/// ```
pub fn run_counted<S: Strategy>(
    cases: u32,
    strategy: S,
    test: impl Fn(S::Value) -> Result<bool, TestCaseError>,
) -> Counted
where
    S::Value: core::fmt::Debug,
{
    use core::cell::Cell;
    use proptest::test_runner::{Config, TestRunner};
    let (ran, counted) = (Cell::new(0usize), Cell::new(0usize));
    let config = Config {
        cases,
        failure_persistence: None,
        max_global_rejects: 100_000,
        ..Config::default()
    };
    let rng = proptest::test_runner::TestRng::deterministic_rng(config.rng_algorithm);
    let mut runner = TestRunner::new_with_rng(config, rng);
    let result = runner.run(&strategy, |v| {
        ran.set(ran.get() + 1);
        if test(v)? {
            counted.set(counted.get() + 1);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    let c = Counted {
        ran: ran.get(),
        counted: counted.get(),
    };
    assert!(
        c.ran >= cases as usize,
        "only {} of {cases} cases ran",
        c.ran
    );
    c
}
