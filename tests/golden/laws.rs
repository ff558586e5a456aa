//! Every answer rcute gives to a golden case is the function its operation defines: each
//! case that is one call of an operation with a law (`rcute::law`) is evaluated and its
//! answer checked by enumeration.

#[path = "support/call.rs"]
mod call;

use rcute::law::Verdict;
use rcute_lang::check_call;
use rcute_lang::eval_value;
use std::path::PathBuf;

#[test]
fn every_golden_answer_is_lawful() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden");
    let (mut holds, mut unchecked, mut refused) = (0usize, 0usize, 0usize);
    let mut broken = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    for path in &files {
        for line in std::fs::read_to_string(path).unwrap().lines() {
            let case: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            let expr = case["expr"].as_str().expect("expr");
            let Some((prefix, name, args)) = call::split_program(expr) else {
                continue;
            };
            let Some(args) = call::values_after(prefix, &args) else {
                continue;
            };
            let Ok(result) = eval_value(expr) else {
                refused += 1;
                continue;
            };
            match check_call(&name, &args, &result) {
                Verdict::Holds => holds += 1,
                Verdict::Unchecked(_) => unchecked += 1,
                Verdict::Breaks(why) => broken.push(format!("{expr} = {result}\n    {why}")),
            }
        }
    }
    eprintln!(
        "law checks over {} golden files: {holds} hold, {} break, {unchecked} unchecked, {refused} refused",
        files.len(),
        broken.len()
    );
    for b in broken.iter().take(400) {
        eprintln!("  BREAKS {b}");
    }
    assert!(
        broken.is_empty(),
        "{} answers break their law",
        broken.len()
    );
    assert!(holds >= 1500, "only {holds} answers were law-checked");
}
