//! Properties of the language over random hierarchical layouts. Each test counts the cases
//! it ran and asserts the count, so that a filter cannot make it vacuous.

use proptest::prelude::*;
use rcute::strategies::{LayoutParams, layout};

const CASES: u32 = 1000;

/// A layout's printed text is a program of the language that prints the same text (the
/// library's parser reads it back too: `crates/rcute/tests/properties.rs`).
#[test]
fn a_printed_layout_evaluates_to_itself() {
    let n = rcute::strategies::run_counted(CASES, layout(LayoutParams::default()), |l| {
        let text = l.to_string();
        prop_assert_eq!(rcute_lang::eval(&text).unwrap(), format!("{text}\n"));
        Ok(true)
    })
    .ran;
    assert!(n >= CASES as usize, "only {n} cases ran");
}
