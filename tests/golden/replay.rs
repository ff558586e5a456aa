//! Replays the oracle's answers (`tests/golden/*.jsonl`, answered by CuTe C++) through the
//! expression evaluator, by the rule of DESIGN.md §6:
//!
//! * rcute prints the same lines as `out` (trailing spaces ignored), or both refuse;
//! * *stricter*: `out` is a value but `static_out` is `error` (CuTe checks a pre-condition
//!   only on static values), and rcute answers an error;
//! * *beyond*: `out` is `error` but `static_out` is a layout (CuTe refused only because a
//!   value is dynamic), and rcute prints a layout that is the same function as
//!   `static_out`: same size, same offset at every index.

use rcute::Layout;
use rcute::expr::eval;
use std::path::PathBuf;

#[derive(Debug, PartialEq)]
enum Verdict {
    Exact,
    BothRefuse,
    Stricter,
    Beyond,
    Fail(String),
}

fn lines(s: &str) -> Vec<&str> {
    s.trim_end_matches('\n')
        .lines()
        .map(str::trim_end)
        .collect()
}

/// Same size and same offset at every index (the layouts are the same function).
fn same_function(a: &Layout, b: &Layout) -> bool {
    let (Ok(sa), Ok(sb)) = (a.try_size(), b.try_size()) else {
        return false;
    };
    if sa.value() != sb.value() || sa.value() > 1 << 20 {
        return false;
    }
    (0..sa.value() as usize).all(|i| a.offset(i) == b.offset(i))
}

fn judge(case: &serde_json::Value) -> Verdict {
    let expr = case["expr"].as_str().expect("expr");
    let out = case["out"].as_str().expect("out");
    let static_out = case.get("static_out").and_then(|v| v.as_str());
    let got = eval(expr);
    match (out == "error", &got) {
        (false, Ok(text)) if lines(text) == lines(out) => Verdict::Exact,
        (true, Err(_)) => Verdict::BothRefuse,
        (false, Err(_)) if static_out == Some("error") => Verdict::Stricter,
        (true, Ok(text)) => match static_out.map(Layout::try_parse) {
            Some(Ok(want)) => match Layout::try_parse(text.trim_end()) {
                Ok(mine) if same_function(&mine, &want) => Verdict::Beyond,
                _ => Verdict::Fail(format!(
                    "CuTe refuses (static: {}), rcute printed {text:?}",
                    static_out.unwrap()
                )),
            },
            _ => Verdict::Fail(format!("CuTe refuses, rcute printed {text:?}")),
        },
        (false, Ok(text)) => Verdict::Fail(format!("expected {out:?}, got {text:?}")),
        (false, Err(e)) => Verdict::Fail(format!("expected {out:?}, got {e}")),
    }
}

struct Tally {
    total: usize,
    exact: usize,
    refuse: usize,
    stricter: usize,
    beyond: usize,
    failures: Vec<String>,
}

fn replay(file: &str) -> Tally {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/golden")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut t = Tally {
        total: 0,
        exact: 0,
        refuse: 0,
        stricter: 0,
        beyond: 0,
        failures: Vec::new(),
    };
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        t.total += 1;
        match judge(&case) {
            Verdict::Exact => t.exact += 1,
            Verdict::BothRefuse => t.refuse += 1,
            Verdict::Stricter => t.stricter += 1,
            Verdict::Beyond => t.beyond += 1,
            Verdict::Fail(why) => t
                .failures
                .push(format!("{}\n    {why}", case["expr"].as_str().unwrap())),
        }
    }
    eprintln!(
        "{file}: {} cases: {} exact, {} both refuse, {} stricter, {} beyond, {} failed",
        t.total,
        t.exact,
        t.refuse,
        t.stricter,
        t.beyond,
        t.failures.len()
    );
    for f in t.failures.iter().take(40) {
        eprintln!("  FAIL {f}");
    }
    t
}

/// Every case of the file passes.
fn all_pass(file: &str, min_cases: usize) {
    let t = replay(file);
    assert!(t.total >= min_cases, "{file}: only {} cases ran", t.total);
    assert!(
        t.failures.is_empty(),
        "{file}: {} of {} cases failed",
        t.failures.len(),
        t.total
    );
}

#[test]
fn seeds() {
    all_pass("seeds.jsonl", 100);
}

#[test]
fn random_core() {
    all_pass("random-core.jsonl", 290);
}

#[test]
fn random_core_large() {
    all_pass("random-core-7001.jsonl", 1500);
}

#[test]
fn core_extra() {
    all_pass("core-extra.jsonl", 280);
}
