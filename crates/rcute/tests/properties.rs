//! Properties of coordinates and notation over random hierarchical layouts. Each test
//! counts the cases it ran and asserts the count, so that a filter cannot make it vacuous.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use rcute::strategies::{LayoutParams, ShapeParams, layout, shape};
use rcute::{IntTuple, Layout, crd2idx_colex, idx2crd};
use std::sync::atomic::{AtomicUsize, Ordering};

const CASES: u32 = 1000;

fn run<S: Strategy>(strategy: S, test: impl Fn(S::Value) -> Result<(), TestCaseError>) -> usize
where
    S::Value: std::fmt::Debug,
{
    let ran = AtomicUsize::new(0);
    let mut runner = TestRunner::new(Config {
        cases: CASES,
        failure_persistence: None,
        ..Config::default()
    });
    runner
        .run(&strategy, |v| {
            ran.fetch_add(1, Ordering::Relaxed);
            test(v)
        })
        .unwrap();
    ran.into_inner()
}

fn dynamic(i: usize) -> IntTuple {
    IntTuple::dynamic(i as i64)
}

#[test]
fn idx2crd_and_crd2idx_round_trip() {
    let n = run(shape(ShapeParams::default()), |s| {
        let size = s.size().value() as usize;
        for i in 0..size {
            let c = idx2crd(&dynamic(i), &s);
            prop_assert!(c.congruent(&s), "{c} is not congruent to {s}");
            prop_assert_eq!(crd2idx_colex(&c, &s).value(), i as i64);
        }
        Ok(())
    });
    assert!(n >= CASES as usize, "only {n} cases ran");
}

#[test]
fn hierarchical_coordinates_of_compact_layouts_round_trip() {
    let params = LayoutParams {
        compact_probability: 1.0,
        ..LayoutParams::default()
    };
    let n = run(layout(params), |l| {
        for i in 0..l.size().value() as usize {
            // get_hier_coord inverts a compact layout: L(get_hier_coord(L(c))) == L(c)
            let off = l.offset(i);
            let c = l.get_hier_coord(&IntTuple::dynamic(off));
            prop_assert_eq!(l.crd2idx(&c).value(), off, "{} at {}", l, i);
        }
        Ok(())
    });
    assert!(n >= CASES as usize, "only {n} cases ran");
}

#[test]
fn every_coordinate_form_names_the_same_offset() {
    let n = run(layout(LayoutParams::default()), |l| {
        let shape = l.shape();
        for i in 0..l.size().value() as usize {
            let by_index = l.crd2idx(&dynamic(i));
            prop_assert_eq!(by_index.value(), l.offset(i));
            // h-D: the natural coordinate
            let h = idx2crd(&dynamic(i), &shape);
            prop_assert_eq!(l.crd2idx(&h).value(), by_index.value());
            // R-D: one integer per mode
            let r: Vec<i64> = h
                .modes()
                .zip(shape.modes())
                .map(|(c, s)| crd2idx_colex(&c, &s).value())
                .collect();
            let rt = IntTuple::from_ints(
                &r.iter()
                    .map(|&v| rcute::Int::dynamic(v))
                    .collect::<Vec<_>>(),
            );
            let rt = if shape.is_leaf() { rt.get(0) } else { rt };
            prop_assert_eq!(l.crd2idx(&rt).value(), by_index.value(), "{} at {}", rt, i);
            let ru: Vec<usize> = r.iter().map(|&v| v as usize).collect();
            prop_assert_eq!(l.offset_of(&ru), by_index.value());
        }
        Ok(())
    });
    assert!(n >= CASES as usize, "only {n} cases ran");
}

#[test]
fn printing_then_parsing_gives_back_the_same_value() {
    let n = run(layout(LayoutParams::default()), |l| {
        let text = l.to_string();
        let back: Layout = text
            .parse()
            .map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(back, l);
        prop_assert_eq!(back.to_string(), text.clone());
        let s: IntTuple = l.shape().to_string().parse().unwrap();
        prop_assert_eq!(s, l.shape());
        // the expression language prints the same text
        prop_assert_eq!(rcute::expr::eval(&text).unwrap(), format!("{text}\n"));
        Ok(())
    });
    assert!(n >= CASES as usize, "only {n} cases ran");
}
