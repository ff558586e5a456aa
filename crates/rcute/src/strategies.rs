//! [proptest](https://docs.rs/proptest) strategies for random shapes and layouts, so that
//! code built on rcute can be tested over random valid inputs the way rcute tests itself.
//! Enabled by the `proptest` feature.
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
    /// Largest extent of a leaf (at least 1).
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
            (
                Just(t),
                proptest::collection::vec(int(p.max_extent.max(1), p.static_probability, 1), n),
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
