//! Bad input to the expression language: each answers a clear error that names the
//! problem and points at it. (The same inputs go through the `cute` binary in
//! `crates/rcute-cli/tests/cli.rs`.)

use rcute::print::{svg_layout, svg_tv};
use rcute::{int_tuple, layout};
use rcute_lang::{EvalError, eval};

/// Evaluates `program`, expects an error whose message contains `needle` and whose span
/// starts at the first occurrence of `at` in the program.
fn refuses(program: &str, needle: &str, at: &str) -> EvalError {
    let e = eval(program).expect_err(program);
    assert!(
        e.message.contains(needle),
        "{program}: message {:?} lacks {needle:?}",
        e.message
    );
    let col = if at == "<end>" {
        program.len()
    } else {
        program
            .find(at)
            .unwrap_or_else(|| panic!("{at:?} not in {program:?}"))
    };
    assert_eq!(
        e.span.start, col,
        "{program}: the error points at column {}, not at {at:?}",
        e.span.start
    );
    e
}

#[test]
fn unbalanced_parentheses() {
    refuses("((2,3):(1,2)", "never closed", "(");
    refuses("(2,3)):(1,2)", "unexpected ')'", "):(");
    refuses("size(_8:_1", "never closed", "(_8");
    refuses("make_layout((4,8)", "never closed", "((4");
}

#[test]
fn stride_not_congruent_to_shape() {
    refuses("(2,3):(1,(2,3))", "not congruent", "(1,(2,3))");
    refuses("(2,3):1", "not congruent", "1");
    refuses(
        "make_layout((2,3), (1,2,3))",
        "not congruent",
        "make_layout",
    );
}

#[test]
fn numbers_that_overflow_i64() {
    refuses("99999999999999999999", "overflows i64", "9");
    refuses("(2,_99999999999999999999):(1,2)", "overflows i64", "99");
    refuses("size((4611686018427387904,4))", "overflow", "size");
    refuses(
        "crd2idx(4611686018427387904, (2,4), (1,4))",
        "overflow",
        "crd2idx",
    );
}

#[test]
fn zero_or_negative_shapes() {
    refuses("(4,0):(1,4)", "must be positive", "0)");
    refuses("(-2,4):(1,4)", "must be positive", "-2");
    refuses("make_layout((4,-3))", "must be positive", "make_layout");
    refuses(
        "make_identity_layout(0)",
        "must be positive",
        "make_identity_layout",
    );
}

#[test]
fn unknown_functions_and_names() {
    let e = refuses("size(frob((2,3)))", "unknown function frob", "frob");
    assert_eq!(e.message, "unknown function frob");
    refuses("nonesuch", "unknown name nonesuch", "nonesuch");
}

#[test]
fn wrong_numbers_of_arguments() {
    refuses(
        "size()",
        "wrong number of arguments: takes 1 argument, given 0",
        "size",
    );
    refuses(
        "congruent((1,2))",
        "takes 2 arguments, given 1",
        "congruent",
    );
    refuses(
        "take<1>((1,2))",
        "takes 2 template arguments, given 1",
        "take",
    );
    refuses("rank<-1>((1,2))", "non-negative", "rank");
}

#[test]
fn a_tuple_where_a_layout_is_needed() {
    refuses("cosize((2,3))", "must be a layout, found a tuple", "(2,3)");
    refuses(
        "layout<0>((2,3))",
        "must be a layout, found a tuple",
        "(2,3)",
    );
    refuses("print_layout(8)", "must be a layout, found an integer", "8");
    refuses("A = (2,3); A(1)", "only a layout can be applied", "A(");
    refuses("size(LayoutLeft)", "found a tag", "LayoutLeft");
}

#[test]
fn other_mistakes() {
    refuses("8 9", "expected ';'", "9");
    refuses("(2,3)$", "unexpected character", "$");
    refuses("a = ", "expected an expression", "<end>");
    refuses("get<5>((2,3))", "out of range", "get");
    refuses("print_layout((2,3,4):(1,2,6))", "rank 2", "print_layout");
    refuses("crd2idx((1,2,3),(4,5))", "different ranks", "crd2idx");
    refuses("idx2crd(1, (2,3), 0)", "division by zero", "idx2crd");
}

#[test]
fn bad_input_to_swizzles_and_pictures() {
    let refuse = |program: &str, needle: &str| {
        let e = eval(program).expect_err(program);
        assert!(e.message.contains(needle), "{program}: {}", e.message);
    };
    refuse("Swizzle<3,4,2>", "the shift is smaller than the bits");
    refuse("Swizzle<-1,0,3>", "must not be negative");
    refuse("print_layout((_2,_2,_2):(_1,_2,_4))", "rank 2");
    refuse(
        "print_layout(composition(Swizzle<1,0,1>, (_2,_2,_2):(_1,_2,_4)))",
        "rank 2",
    );
    refuse("print_latex((_2,_2,_2):(_1,_2,_4))", "rank 2 or less");
    refuse("print_layout((_512,_512):(_1,_512))", "too large to print");
    assert!(
        svg_layout(&layout!((_256,_256):(_1,_256)))
            .unwrap_err()
            .to_string()
            .contains("too large to draw")
    );
    assert!(
        svg_tv(&layout!((_4,_2):(_1,_8)), &int_tuple!((_4, _2)))
            .unwrap_err()
            .to_string()
            .contains("outside the data")
    );
}
