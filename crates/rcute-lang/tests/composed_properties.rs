//! The laws by function name (`rcute_lang::check_call`) on chains of swizzled layouts:
//! the composition of two swizzled layouts and the left inverse of one with an offset, over
//! random swizzles, offsets and layouts.

#[path = "../../rcute/tests/support/composed.rs"]
mod support;

use proptest::prelude::*;
use rcute_lang::check_call;
use support::{composed, run};

#[test]
fn chains_are_the_composed_functions() {
    use rcute_lang::Value;
    let strat = (composed(), composed());
    let (n, ok) = run(strat, |(a, b)| {
        let mut answered = false;
        // two swizzled layouts: R(i) == A(B(i))
        if let Ok(r) = a.try_composition_composed(&b) {
            let v = check_call(
                "composition",
                &[Value::Composed(a), Value::Composed(b)],
                &Value::from(r),
            );
            prop_assert!(!v.breaks(), "{a} o {b} = {r}: {v:?}");
            answered |= v.holds();
        }
        // the left inverse of a swizzled layout with an offset: R(A(i)) == i
        if let Ok(r) = a.try_left_inverse_chain() {
            let v = check_call("left_inverse", &[Value::Composed(a)], &Value::from(r));
            prop_assert!(v.holds(), "left_inverse({a}) = {r}: {v:?}");
            answered = true;
        }
        Ok(answered)
    });
    eprintln!("chains: {n} cases, {ok} answered and law-checked");
    assert!(ok > n / 10, "{ok} of {n} answered");
}
