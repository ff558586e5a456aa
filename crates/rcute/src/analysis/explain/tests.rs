//! Unit tests of the explanations: the printed form, the steps of each operation on small
//! cases worked by hand, and the failing steps.

use super::*;
use crate::algebra::Tiler;
use crate::{int_tuple, layout, tiler};
use alloc::string::String;

fn titles(e: &Explanation) -> Vec<(usize, &str, Option<&str>)> {
    e.steps
        .iter()
        .map(|s| (s.level, s.title.as_str(), s.value.as_deref()))
        .collect()
}

/// The printed form, line by line: numbering per level, indentation, `= value`,
/// `-- detail`, and the result line.
#[test]
fn printed_form() {
    let e = explain_composition(&layout!((_6,_2):(_8,_2)), &tiler!((_4,_3):(_3,_1)));
    let text = e.to_string();
    let want = "\
explain composition((_6,_2):(_8,_2), (_4,_3):(_3,_1))
step 1  coalesce(A) = (_6,_2):(_8,_2)  -- the modes each mode of B walks; the last one also takes what lies past size(A)
step 2  mode 0 of B: _4:_3 = (_2,_2):(_24,_2)
  step 2.1  A mode 0 _6:_8: take _2 = _2:_24  -- the mode holds ceil_div(_6, _3) = _2 steps of _3, _4 are left to place: the new mode takes min = _2; left: shape _2, stride _1
  step 2.2  A mode 1 _2:_2: takes the rest = _2:_2  -- the last mode takes the shape left, _2, whatever its extent
step 3  mode 1 of B: _3:_1 = _3:_8
  step 3.1  A mode 0 _6:_8: take _3 = _3:_8  -- the mode holds ceil_div(_6, _1) = _6 steps of _1, _3 are left to place: the new mode takes min = _3; left: shape _1, stride _1
step 4  assemble the modes in B's hierarchy = ((_2,_2),_3):((_24,_2),_8)
result  ((_2,_2),_3):((_24,_2),_8)
";
    assert_eq!(text, want);
    // a step without a value and without a detail prints its title alone
    let mut x = Explanation::new("f()".into());
    x.note("alone", "");
    let x = x.finish(Ok(layout!(_1:_0)));
    assert_eq!(x.to_string(), "explain f()\nstep 1  alone\nresult  _1:_0\n");
    assert_eq!(Step::new("t", None, "").level, 0);
}

/// Coalesce: a dynamic mode is kept (not provably mergeable), a static `_1` dropped, and a
/// layout of `_1` modes only ends as `_1:_0`.
#[test]
fn coalesce_steps() {
    let e = explain_coalesce(&layout!((_2,4,_1):(_1,_2,_8)));
    assert_eq!(
        titles(&e),
        [
            (0, "flatten(L)", Some("(_2,4,_1):(_1,_2,_8)")),
            (0, "replace the _1 mode by mode 1 4:_2", Some("4:_2")),
            (0, "keep 4:_2", Some("(_2,4):(_1,_2)")),
        ]
    );
    assert_eq!(e.steps[2].detail, "4 is dynamic: not provably mergeable");
    assert_eq!(e.result, Ok(layout!((_2,4):(_1,_2))));
    let e = explain_coalesce(&layout!((_1,_1):(_2,_3)));
    assert_eq!(e.steps.last().unwrap().value.as_deref(), Some("_1:_0"));
    assert_eq!(e.result, Ok(layout!(_1:_0)));
}

/// Complement: a shape cotarget keeps its rest as compact modes; a stride-0 layout fills
/// the whole cotarget; a negative stride and a non-injective layout stop at their step.
#[test]
fn complement_steps() {
    let e = explain_complement(&layout!(_4:_2), &int_tuple!((_4, 7)));
    assert_eq!(e.value_of("new mode from _4:_2"), Some("_2:_1"));
    // ceil_div((_4,7), _8) = (_1,4), compact from _8 (the static _1 is dropped later)
    assert_eq!(
        e.value_of("the rest of the cotarget"),
        Some("(_1,4):(_0,_8)")
    );
    assert_eq!(e.result, Ok(layout!((_2,4):(_1,_8))));
    let e = explain_complement(&layout!(_4:_0), &int_tuple!(_8));
    assert_eq!(e.value_of("compact over"), Some("_8:_1"));
    assert_eq!(e.result, Ok(layout!(_8:_1)));
    let e = explain_complement(&layout!(_4:_-1), &int_tuple!(_8));
    assert_eq!(
        e.steps.last().unwrap().title,
        "mode 0 has the negative stride _-1"
    );
    assert!(e.result.is_err());
    let e = explain_complement(&layout!((_4,_2):(_1,_2)), &int_tuple!(_16));
    let last = e.steps.last().unwrap();
    assert_eq!(last.title, "new mode from _2:_2");
    assert!(last.value.is_none());
    assert!(e.result.is_err());
    // beyond CuTe: dynamic strides in rank 2, taken as static for the steps
    let e = explain_complement(&layout!((2,4):(1,6)), &int_tuple!(24));
    assert!(
        e.steps
            .iter()
            .any(|s| s.title == "every value taken as static")
    );
    assert_eq!(e.result.unwrap().to_string(), "3:2");
}

/// The inverses: the skipped modes, and the failing divisibility condition.
#[test]
fn inverse_steps() {
    let e = explain_right_inverse(&layout!((_4,_2):(_1,_16)));
    assert!(e.steps.iter().any(|s| s.title == "skip mode 1 _2:_16"));
    assert_eq!(e.value_of("the modes taken"), Some("_4:_1"));
    assert_eq!(e.result, Ok(layout!(_4:_1)));
    let e = explain_right_inverse(&layout!((4,2):(_1,4)));
    assert!(
        e.steps
            .iter()
            .any(|s| s.title == "modes with dynamic strides left out")
    );
    let e = explain_left_inverse(&layout!((_4,_2):(_2,_3)));
    let last = e.steps.last().unwrap();
    assert_eq!(last.title, "mode 1 _2:_3");
    assert!(last.detail.contains("not a multiple of the extent _2"));
    assert!(e.result.is_err());
    let e = explain_left_inverse(&layout!(_4:_2));
    assert_eq!(e.value_of("the shapes paired"), Some("(_2,_4):(_0,_1)"));
    assert_eq!(e.result, Ok(layout!((_2,_4):(_0,_1))));
}

/// Composition: the tilers other than a layout, the walk's failing shape condition, and
/// the check after the walk.
#[test]
fn composition_steps() {
    let a = layout!((12,(4,8)):(59,(13,1)));
    let e = explain_composition(&a, &tiler!((_3:_4, _8:_2)));
    assert_eq!(e.value_of("mode 0:"), Some("_3:236"));
    assert_eq!(e.value_of("mode 1:"), Some("(2,4):(26,1)"));
    assert_eq!(e.result.unwrap().to_string(), "(_3,(2,4)):(236,(26,1))");
    let e = explain_composition(&a, &tiler!(_6));
    assert_eq!(e.value_of("B as a layout"), Some("_6:_1"));
    assert_eq!(e.result.unwrap().to_string(), "(6,1,1):(59,13,1)");
    let e = explain_composition(&a, &Tiler::UNDERSCORE);
    assert_eq!(e.steps[0].title, "_ keeps A");
    assert_eq!(e.result, Ok(a));
    let e = explain_composition(&layout!((3,5,2):(2,6,30)), &tiler!((_)));
    assert!(e.steps.iter().any(|s| s.title == "modes 1.. of A dropped"));
    // the stride divisibility condition: the stride 3 and the extent 8 of mode 0
    let e = explain_composition(&layout!((8,8):(8,1)), &tiler!(4:3));
    assert!(e.result.is_err());
    let last = e.steps.last().unwrap();
    assert_eq!((last.level, last.title.as_str()), (1, "A mode 0 8:8"));
    assert!(
        last.detail
            .contains("stride divisibility condition violated")
    );
    // the stride condition fails, and CuTe's carry into the next mode lands where mode 0
    // would have: the step that fails, then CuTe's answer, checked and taken
    let e = explain_composition(&layout!((6,(_2,_1)):(_0,(_6,6))), &tiler!(4:4));
    assert_eq!(e.result.unwrap().to_string(), "(2,2,1):(_0,6,6)");
    assert!(e.steps.iter().any(|s| s.level == 1
        && s.title == "A mode 0 6:_0"
        && s.detail.contains("stride divisibility condition violated")));
    assert!(
        e.steps
            .last()
            .unwrap()
            .title
            .starts_with("the failed condition is sufficient, not necessary")
    );
    // the shape divisibility condition: 2 of the 3 elements fit in mode 0, 3 % 2 != 0
    let e = explain_composition(&layout!((_4,_8):(_1,_16)), &tiler!(_3:_2));
    assert!(e.result.is_err());
    let last = e.steps.last().unwrap();
    assert_eq!(last.title, "A mode 0 _4:_1");
    assert!(
        last.detail
            .contains("shape divisibility condition violated")
            && last.detail.ends_with("at mode 0: 3 and 2")
    );
    // the carry check after the walk (CuTe does not make it)
    let e = explain_composition(&layout!((3,4):(1,288)), &tiler!((2,2):(2,1)));
    assert!(e.result.is_err());
    assert!(e.steps.iter().any(|s| s.title.starts_with("assemble")));
    assert!(
        e.steps
            .last()
            .unwrap()
            .title
            .starts_with("composing B's modes")
    );
    // scaled-basis strides are composed, not traced
    let e = explain_composition(&layout!((_4,_4):(_4,_1)), &tiler!((_4,_4):(_1@1,_1@0)));
    assert_eq!(e.steps[0].title, "B has scaled-basis strides");
    assert_eq!(e.result.unwrap().to_string(), "(_4,_4):(_1,_4)");
}

/// The divides and products: the tuple tiler's modes, the integer tiler, a failing
/// complement inside a divide, and ranks padded in a blocked product.
#[test]
fn divide_and_product_steps() {
    let l = layout!((_12,_32,_5):(_1,_12,_384));
    let e = explain_logical_divide(&l, &tiler!((_, _8)));
    assert!(
        e.steps
            .iter()
            .any(|s| s.level == 1 && s.title == "_ keeps A")
    );
    assert!(e.steps.iter().any(|s| s.title == "modes 2.. of A kept"));
    assert_eq!(
        e.result.unwrap().to_string(),
        "(_12,(_8,_4),_5):(_1,(_12,_96),_384)"
    );
    let e = explain_logical_divide(&layout!(_8:_1), &tiler!(_2));
    assert_eq!(e.value_of("the tiler as a layout"), Some("_2:_1"));
    assert_eq!(e.result, Ok(layout!((_2,_4):(_1,_2))));
    // a tile that is not injective: the complement's step fails, and so does the divide
    let e = explain_logical_divide(&layout!(_16:_1), &tiler!((_4,_2):(_1,_2)));
    assert!(e.result.is_err());
    assert!(
        e.steps
            .iter()
            .all(|s| !s.title.starts_with("the tiler (B, C)"))
    );
    let e = explain_blocked_product(&layout!((_2,_5):(_5,_1)), &layout!(_3:_1));
    assert_eq!(e.value_of("B padded to rank 2"), Some("(_3,_1):(_1,_0)"));
    assert_eq!(
        e.result,
        layout!((_2,_5):(_5,_1)).try_blocked_product(&layout!(_3:_1))
    );
    let a = layout!((_2,_2):(_4,_1));
    let e = explain_logical_product(&a, &tiler!((_2:_1, _)));
    assert_eq!(
        e.value_of("mode 0: logical_product(_2:_4, _2:_1)"),
        Some("(_2,_2):(_4,_1)")
    );
    assert_eq!(e.result.unwrap().to_string(), "((_2,_2),_2):((_4,_1),_1)");
}

/// Every explained operation answers on odd operands without panicking: overflowing
/// strides, zero strides, negative strides, dynamic size-1 modes.
#[test]
fn odd_operands_do_not_panic() {
    let layouts = [
        "_1:_0",
        "1:0",
        "(3,5):(4611686018427387904,_2)",
        "(7,2):(-4611686018427387904,1)",
        "(_4,_2):(_-1,_4)",
        "(1,_1,2):(0,_5,1)",
        "((2,3),(1,4)):((0,-1),(7,9))",
    ];
    let mut answered = 0;
    for a in layouts {
        let a = Layout::try_parse(a).unwrap();
        for b in layouts {
            let b = Layout::try_parse(b).unwrap();
            let t = Tiler::layout(b);
            let all = [
                explain_coalesce(&a),
                explain_complement(&a, &b.shape()),
                explain_complement_cosize(&a),
                explain_right_inverse(&a),
                explain_left_inverse(&a),
                explain_composition(&a, &t),
                explain_logical_divide(&a, &t),
                explain_zipped_divide(&a, &t),
                explain_tiled_divide(&a, &t),
                explain_flat_divide(&a, &t),
                explain_logical_product(&a, &t),
                explain_zipped_product(&a, &t),
                explain_tiled_product(&a, &t),
                explain_flat_product(&a, &t),
                explain_blocked_product(&a, &b),
                explain_raked_product(&a, &b),
            ];
            for e in all {
                let text: String = e.to_string();
                assert!(text.starts_with("explain "));
                answered += 1;
            }
        }
    }
    assert_eq!(answered, layouts.len() * layouts.len() * 16);
}
