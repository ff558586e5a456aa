//! Random swizzles, offsets, layouts and swizzled layouts for the property tests of
//! swizzled layouts (`crates/rcute/tests/composed_properties.rs`, and the laws by function
//! name in `crates/rcute-lang/tests/composed_properties.rs`).

#![allow(dead_code)]

use proptest::prelude::*;
use rcute::{ComposedLayout, Int, IntTuple, Layout, Swizzle};

pub const CASES: u32 = 2000;

/// Runs `test` on `CASES` inputs; answers (cases, answered) where `test` says whether
/// the operation answered.
pub fn run<S: Strategy>(
    strategy: S,
    test: impl Fn(S::Value) -> Result<bool, TestCaseError>,
) -> (usize, usize)
where
    S::Value: std::fmt::Debug,
{
    let c = rcute::strategies::run_counted(CASES, strategy, test);
    (c.ran, c.counted)
}

pub fn swizzle() -> impl Strategy<Value = Swizzle> {
    (0i64..=3, 0i64..=3, 0i64..=2, proptest::bool::weighted(0.8)).prop_map(|(b, m, extra, pos)| {
        let s = b + extra;
        Swizzle::new(b, m, if pos { s } else { -s })
    })
}

/// Layouts of rank 1 to 3, power-of-two extents mostly, strides compact in a random
/// order or arbitrary (zero, negative, odd), static or dynamic.
pub fn layout() -> impl Strategy<Value = Layout> {
    proptest::collection::vec(
        (
            prop_oneof![Just(1i64), Just(2), Just(4), Just(8), Just(16), Just(3)],
            prop_oneof![
                Just(None),
                Just(Some(0i64)),
                Just(Some(3)),
                Just(Some(-1)),
                Just(Some(32))
            ],
            proptest::bool::weighted(0.85),
            proptest::bool::weighted(0.85),
        ),
        1..=3,
    )
    .prop_flat_map(|modes| {
        let n = modes.len();
        (Just(modes), Just((0..n).collect::<Vec<_>>()).prop_shuffle())
    })
    .prop_map(|(modes, order)| {
        let mut strides = vec![0i64; modes.len()];
        let mut acc = 1;
        for &i in &order {
            strides[i] = modes[i].1.unwrap_or(acc);
            acc *= modes[i].0;
        }
        let shape: Vec<Int> = modes.iter().map(|m| Int::new(m.0, m.2)).collect();
        let stride: Vec<Int> = modes
            .iter()
            .zip(&strides)
            .map(|(m, &d)| Int::new(d, m.3))
            .collect();
        Layout::new(IntTuple::from_ints(&shape), IntTuple::from_ints(&stride))
    })
}

pub fn offset() -> impl Strategy<Value = Int> {
    prop_oneof![
        3 => Just(Int::ZERO),
        1 => (0i64..70, proptest::bool::ANY).prop_map(|(v, s)| Int::new(v, s)),
    ]
}

pub fn composed() -> impl Strategy<Value = ComposedLayout> {
    (swizzle(), offset(), layout()).prop_map(|(s, o, l)| ComposedLayout::new(s, o, l))
}
