//! A violated pre-condition in a `const` item is a compile error that shows rcute's
//! message; the expected compiler output is pinned in `tests/compile_fail/*.stderr`.

#[test]
fn const_items_report_rcute_messages() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/compile_fail/*.rs");
}
