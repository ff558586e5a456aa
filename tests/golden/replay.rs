//! Replays the oracle's answers (`tests/golden/*.jsonl`, answered by CuTe C++) through the
//! expression evaluator, by the rule of DESIGN.md §6:
//!
//! * rcute prints the same lines as `out` (trailing spaces ignored), or both refuse;
//! * *stricter*: `out` is a value but `static_out` is `error` (CuTe checks a pre-condition
//!   only on static values), and rcute answers an error;
//! * *beyond*: `out` is `error` but `static_out` is a layout (CuTe refused only because a
//!   value is dynamic), and rcute prints a layout that is the same function as
//!   `static_out`: same size, same offset at every index.

#[path = "support/addresses.rs"]
mod addresses;
#[path = "support/call.rs"]
mod call;

use addresses::without_addresses;

use rcute::Layout;
use rcute_lang::check_call;
use rcute_lang::eval;
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

/// Same size and same offset at every index (the layouts are the same function). Up to
/// 2^22 indices are compared one by one; a larger domain is compared at 2^22 indices
/// spread evenly over it, plus its first and last 2^16.
fn same_function(a: &Layout, b: &Layout) -> bool {
    let (Ok(sa), Ok(sb)) = (a.try_size(), b.try_size()) else {
        return false;
    };
    if sa.value() != sb.value() {
        return false;
    }
    let n = sa.value() as usize;
    const ALL: usize = 1 << 22;
    if n <= ALL {
        return (0..n).all(|i| a.offset(i) == b.offset(i));
    }
    let edges = (0..1 << 16).chain(n - (1 << 16)..n);
    let spread = (0..ALL).map(|j| j * (n / ALL));
    edges.chain(spread).all(|i| a.offset(i) == b.offset(i))
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
        (true, Ok(text)) if static_out.is_some_and(|s| s.contains(" o ")) => {
            // a swizzled layout: the same swizzle, offset and function as the static case
            match (
                call::printed_value(text).and_then(chain),
                call::printed_value(static_out.unwrap()).and_then(chain),
            ) {
                (Some(mine), Some(want)) if same_chain(&mine, &want) => Verdict::Beyond,
                _ => Verdict::Fail(format!(
                    "CuTe refuses (static: {}), rcute printed {text:?}",
                    static_out.unwrap()
                )),
            }
        }
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

/// A swizzled layout or a chain of them, as a chain.
fn chain(v: rcute_lang::Value) -> Option<rcute::ComposedChain> {
    match v {
        rcute_lang::Value::Composed(c) => Some(c.into()),
        rcute_lang::Value::Chain(c) => Some(*c),
        _ => None,
    }
}

/// The same parts (layouts as functions) and offsets (as values); or, written with other
/// parts, the same function on the domain of `b` (`b`'s last part a layout of at most
/// 2^20 indices, every index evaluated).
fn same_chain(a: &rcute::ComposedChain, b: &rcute::ComposedChain) -> bool {
    use rcute::ChainPart;
    let same_parts = a.parts().len() == b.parts().len()
        && a.offsets()
            .iter()
            .zip(b.offsets())
            .all(|(x, y)| x.value() == y.value())
        && a.parts().iter().zip(b.parts()).all(|pair| match pair {
            (ChainPart::Swizzle(x), ChainPart::Swizzle(y)) => x == y,
            (ChainPart::Layout(x), ChainPart::Layout(y)) => same_function(x, y),
            _ => false,
        });
    same_parts
        || match b.parts().last() {
            Some(ChainPart::Layout(l)) => l.try_size().is_ok_and(|n| {
                let n = n.value();
                (1..=1 << 20).contains(&n)
                    && (0..n)
                        .all(|x| matches!((a.try_at(x), b.try_at(x)), (Ok(p), Ok(q)) if p == q))
            }),
            _ => false,
        }
}

/// A documented deviation: a case where rcute deliberately differs from CuTe C++, with
/// what rcute answers instead (pinned, so the deviation cannot drift) and why.
struct Deviation {
    expr: String,
    rcute: String,
    /// CuTe C++'s answer.
    cute: String,
    /// `unlawful` (CuTe's answer is not the function its operation defines, which the
    /// deviation test checks by enumeration), `unlawful-inner` (CuTe's answer `inner_cute`
    /// to the call rcute refuses, `inner`, an argument of the case's outer call, breaks
    /// that call's law), `beyond` (CuTe refuses, and rcute's answer, checked by the
    /// operation's law, is not the function of the case's static twin), `uncovered`
    /// (CuTe's product or divide rests on a complement that breaks the complement's law:
    /// the case names CuTe's `complement`, its `cotarget`, and for a divide the tiler
    /// `element`), `unlawful-tile` (a tiled product too large to enumerate whose tile
    /// modes are not the composition that defines them), `negative-shape` (CuTe's answer
    /// has negative extents) or `int32` (CuTe computes in 32-bit `int`).
    kind: String,
    /// The case's other fields.
    extra: serde_json::Value,
    reason: String,
}

fn deviations() -> Vec<Deviation> {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden/deviations.jsonl");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
            let field = |k: &str| {
                v[k].as_str()
                    .unwrap_or_else(|| panic!("deviation without {k}: {l}"))
                    .to_string()
            };
            Deviation {
                expr: field("expr"),
                rcute: field("rcute"),
                cute: field("cute"),
                kind: field("kind"),
                reason: field("reason"),
                extra: v.clone(),
            }
        })
        .collect()
}

/// What rcute answers, as one string: the printed lines, or `error: ...`.
fn answer(expr: &str) -> String {
    match eval(expr) {
        Ok(text) => text.trim_end_matches('\n').to_string(),
        Err(e) => e.to_string(),
    }
}

struct Tally {
    total: usize,
    exact: usize,
    refuse: usize,
    stricter: usize,
    beyond: usize,
    deviations: usize,
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
        deviations: 0,
        failures: Vec::new(),
    };
    let known = deviations();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        t.total += 1;
        match judge(&case) {
            Verdict::Exact => t.exact += 1,
            Verdict::BothRefuse => t.refuse += 1,
            Verdict::Stricter => t.stricter += 1,
            Verdict::Beyond => t.beyond += 1,
            Verdict::Fail(why) => {
                let expr = case["expr"].as_str().unwrap();
                match known.iter().find(|d| d.expr == expr) {
                    Some(d) => {
                        let got = answer(expr);
                        assert_eq!(
                            got, d.rcute,
                            "{expr}: the documented deviation ({}) changed",
                            d.reason
                        );
                        t.deviations += 1;
                    }
                    None => t.failures.push(format!("{expr}\n    {why}")),
                }
            }
        }
    }
    eprintln!(
        "{file}: {} cases: {} exact, {} both refuse, {} stricter, {} beyond, {} documented deviations, {} failed",
        t.total,
        t.exact,
        t.refuse,
        t.stricter,
        t.beyond,
        t.deviations,
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

/// A third random core set, `gen_cases.py 9902 1000 OUT --mix core` then `add_static.py`.
#[test]
fn random_core_9902() {
    all_pass("random-core-9902.jsonl", 1000);
}

/// A fourth random core set, `gen_cases.py 9911 600 OUT --mix core` then `add_static.py`.
#[test]
fn random_core_9911() {
    all_pass("random-core-9911.jsonl", 600);
}

#[test]
fn core_extra() {
    all_pass("core-extra.jsonl", 280);
}

/// Integer elements of tuple tilers, a static `_1` among them, in composition, the divides
/// and the products (`cases/tiler-elements.txt`).
#[test]
fn tiler_elements() {
    all_pass("tiler-elements.jsonl", 35);
}

#[test]
fn random_algebra() {
    all_pass("random-algebra.jsonl", 690);
}

/// A second, larger random algebra set, drawn by `gen_cases.py --mix algebra` with seeds
/// 9101..=9110 (150 cases each) and answered by CuTe C++: every case passes (six by
/// documented deviations).
#[test]
fn random_algebra_large() {
    all_pass("random-algebra-9101.jsonl", 1500);
}

/// A third random algebra set, drawn by `gen_cases.py --mix algebra` with seeds
/// 9201..=9203 (200 cases each) and answered by CuTe C++.
#[test]
fn random_algebra_9201() {
    all_pass("random-algebra-9201.jsonl", 600);
}

/// A fourth random algebra set, `gen_cases.py --mix algebra` with seeds 9401 and 9402
/// (200 cases each), answered by CuTe C++.
#[test]
fn random_algebra_9401() {
    all_pass("random-algebra-9401.jsonl", 400);
}

/// A fifth random algebra set, `gen_cases.py 9501 1200 OUT --mix algebra` then
/// `add_static.py OUT`, answered by CuTe C++.
#[test]
fn random_algebra_9501() {
    all_pass("random-algebra-9501.jsonl", 1200);
}

/// A sixth random algebra set, `gen_cases.py 9601 1200 OUT --mix algebra` then
/// `add_static.py OUT`, answered by CuTe C++.
#[test]
fn random_algebra_9601() {
    all_pass("random-algebra-9601.jsonl", 1200);
}

/// A seventh random algebra set, `gen_cases.py 9801 1200 OUT --mix algebra` then
/// `add_static.py OUT`, answered by CuTe C++.
#[test]
fn random_algebra_9801() {
    all_pass("random-algebra-9801.jsonl", 1200);
}

/// An eighth random algebra set, `gen_cases.py 9903 1000 OUT --mix algebra` then
/// `add_static.py`.
#[test]
fn random_algebra_9903() {
    all_pass("random-algebra-9903.jsonl", 1000);
}

/// A further algebra set, `gen_cases.py 9905 400 OUT --mix algebra` then `add_static.py`.
#[test]
fn random_algebra_9905() {
    all_pass("random-algebra-9905.jsonl", 400);
}

/// A further algebra set, `gen_cases.py 9910 400 OUT --mix algebra` then `add_static.py`.
#[test]
fn random_algebra_9910() {
    all_pass("random-algebra-9910.jsonl", 400);
}

/// A further algebra set, `gen_cases.py 9914 400 OUT --mix algebra` then `add_static.py`.
#[test]
fn random_algebra_9914() {
    all_pass("random-algebra-9914.jsonl", 400);
}

/// A further algebra set, `gen_cases.py 9916 400 OUT --mix algebra` then `add_static.py`.
#[test]
fn random_algebra_9916() {
    all_pass("random-algebra-9916.jsonl", 400);
}

/// A further algebra set, `gen_cases.py 9918 400 OUT --mix algebra` then `add_static.py`.
#[test]
fn random_algebra_9918() {
    all_pass("random-algebra-9918.jsonl", 400);
}

/// A further algebra set, `gen_cases.py 9921 400 OUT --mix algebra` then `add_static.py`.
#[test]
fn random_algebra_9921() {
    all_pass("random-algebra-9921.jsonl", 400);
}

/// A third random set of every kind, `gen_cases.py 9901 800 OUT --mix all` then
/// `add_static.py`.
#[test]
fn random_all_9901() {
    all_pass("random-all-9901.jsonl", 800);
}

/// A fourth random set of every kind, `gen_cases.py 9904 400 OUT --mix all` then
/// `add_static.py`.
#[test]
fn random_all_9904() {
    all_pass("random-all-9904.jsonl", 400);
}

/// A fifth random set of every kind, `gen_cases.py 9906 400 OUT --mix all` then
/// `add_static.py`.
#[test]
fn random_all_9906() {
    all_pass("random-all-9906.jsonl", 400);
}

/// A sixth random set of every kind, `gen_cases.py 9907 400 OUT --mix all` then
/// `add_static.py`.
#[test]
fn random_all_9907() {
    all_pass("random-all-9907.jsonl", 400);
}

/// A seventh random set of every kind, `gen_cases.py 9908 400 OUT --mix all` then
/// `add_static.py`.
#[test]
fn random_all_9908() {
    all_pass("random-all-9908.jsonl", 400);
}

/// An eighth random set of every kind, `gen_cases.py 9909 400 OUT --mix all` then
/// `add_static.py`.
#[test]
fn random_all_9909() {
    all_pass("random-all-9909.jsonl", 400);
}

/// A ninth random set of every kind, `gen_cases.py 9912 500 OUT --mix all` then
/// `add_static.py`.
#[test]
fn random_all_9912() {
    all_pass("random-all-9912.jsonl", 500);
}

/// A tenth random set of every kind, `gen_cases.py 9913 400 OUT --mix all` then
/// `add_static.py`.
#[test]
fn random_all_9913() {
    all_pass("random-all-9913.jsonl", 400);
}

/// A further random set of every kind, `gen_cases.py 9915 400 OUT --mix all` then
/// `add_static.py`.
#[test]
fn random_all_9915() {
    all_pass("random-all-9915.jsonl", 400);
}

/// A further random set of every kind, `gen_cases.py 9917 400 OUT --mix all` then
/// `add_static.py`.
#[test]
fn random_all_9917() {
    all_pass("random-all-9917.jsonl", 400);
}

/// A further random set of every kind, `gen_cases.py 9919 400 OUT --mix all` then
/// `add_static.py`.
#[test]
fn random_all_9919() {
    all_pass("random-all-9919.jsonl", 400);
}

/// A further random set of every kind, `gen_cases.py 9920 400 OUT --mix all` then
/// `add_static.py`.
#[test]
fn random_all_9920() {
    all_pass("random-all-9920.jsonl", 400);
}

/// A random set of every kind of case, drawn by `gen_cases.py --mix all` with seeds
/// 9301..=9303 (200 cases each) and answered by CuTe C++.
#[test]
fn random_all_9301() {
    all_pass("random-all-9301.jsonl", 600);
}

/// A second random set of every kind of case, `gen_cases.py 9701 800 OUT --mix all` then
/// `add_static.py OUT`, answered by CuTe C++.
#[test]
fn random_all_9701() {
    all_pass("random-all-9701.jsonl", 800);
}

/// The distribution of the wide workload (`scripts/compare-peers.sh --wide`: ranks 1 to 4,
/// depths 1 to 3, static, dynamic and mixed values, powers of two and not), 25 cases of
/// each of its 14 operations with every answer kept, errors included:
/// `scripts/peers/wide.py --golden 25 --seed 51 --out OUT` then `add_static.py OUT`,
/// answered by CuTe C++. The workload files keep only the cases both answer alike; this
/// file checks that none of the others is a disagreement.
#[test]
fn wide_51() {
    all_pass("wide-51.jsonl", 350);
}

/// The same distribution, `wide.py --golden 60 --seed 52` then `add_static.py`.
#[test]
fn wide_52() {
    all_pass("wide-52.jsonl", 840);
}

/// The same distribution, `wide.py --golden 60 --seed 53` then `add_static.py`.
#[test]
fn wide_53() {
    all_pass("wide-53.jsonl", 840);
}

/// The same distribution, `wide.py --golden 60 --seed 62` then `add_static.py`.
#[test]
fn wide_62() {
    all_pass("wide-62.jsonl", 840);
}

/// The same distribution, `wide.py --golden 60 --seed 66` then `add_static.py`.
#[test]
fn wide_66() {
    all_pass("wide-66.jsonl", 840);
}

/// The same distribution, `wide.py --golden 60 --seed 68` then `add_static.py`.
#[test]
fn wide_68() {
    all_pass("wide-68.jsonl", 840);
}

/// The same distribution, `wide.py --golden 60 --seed 69` then `add_static.py`.
#[test]
fn wide_69() {
    all_pass("wide-69.jsonl", 840);
}

/// The same distribution, `wide.py --golden 60 --seed 70` then `add_static.py`.
#[test]
fn wide_70() {
    all_pass("wide-70.jsonl", 840);
}

/// The same distribution, `wide.py --golden 8 --seed 64` then `add_static.py`.
#[test]
fn wide_64() {
    all_pass("wide-64.jsonl", 112);
}

/// Random tuple tilers (integer, layout, `_` and nested elements, static and dynamic) in
/// composition, the divides and the products, drawn by `scripts/gen_tiler_cases.py 7 300`
/// and answered by CuTe C++.
#[test]
fn tiler_random() {
    all_pass("tiler-random.jsonl", 300);
}

/// The same, `scripts/gen_tiler_cases.py 11 400`.
#[test]
fn tiler_random_11() {
    all_pass("tiler-random-11.jsonl", 400);
}

/// The same, `scripts/gen_tiler_cases.py 23 300`.
#[test]
fn tiler_random_23() {
    all_pass("tiler-random-23.jsonl", 300);
}

/// The same, `scripts/gen_tiler_cases.py 37 400`.
#[test]
fn tiler_random_37() {
    all_pass("tiler-random-37.jsonl", 400);
}

/// The same, `scripts/gen_tiler_cases.py 41 400`.
#[test]
fn tiler_random_41() {
    all_pass("tiler-random-41.jsonl", 400);
}

/// The same, `scripts/gen_tiler_cases.py 43 300`.
#[test]
fn tiler_random_43() {
    all_pass("tiler-random-43.jsonl", 300);
}

/// The same, `scripts/gen_tiler_cases.py 47 300`.
#[test]
fn tiler_random_47() {
    all_pass("tiler-random-47.jsonl", 300);
}

/// An eighth draw of random tuple tilers: `scripts/gen_tiler_cases.py 53 300`.
#[test]
fn tiler_random_53() {
    all_pass("tiler-random-53.jsonl", 300);
}

/// A ninth draw of random tuple tilers: `scripts/gen_tiler_cases.py 59 300`.
#[test]
fn tiler_random_59() {
    all_pass("tiler-random-59.jsonl", 300);
}

/// A tenth draw of random tuple tilers: `scripts/gen_tiler_cases.py 61 300`.
#[test]
fn tiler_random_61() {
    all_pass("tiler-random-61.jsonl", 300);
}

/// An eleventh draw of random tuple tilers: `scripts/gen_tiler_cases.py 67 300`.
#[test]
fn tiler_random_67() {
    all_pass("tiler-random-67.jsonl", 300);
}

/// A twelfth draw of random tuple tilers: `scripts/gen_tiler_cases.py 71 300`.
#[test]
fn tiler_random_71() {
    all_pass("tiler-random-71.jsonl", 300);
}

/// A thirteenth draw of random tuple tilers: `scripts/gen_tiler_cases.py 73 300`.
#[test]
fn tiler_random_73() {
    all_pass("tiler-random-73.jsonl", 300);
}

/// A fourteenth draw of random tuple tilers: `scripts/gen_tiler_cases.py 79 300`.
#[test]
fn tiler_random_79() {
    all_pass("tiler-random-79.jsonl", 300);
}

/// A fifteenth draw of random tuple tilers: `scripts/gen_tiler_cases.py 83 300`.
#[test]
fn tiler_random_83() {
    all_pass("tiler-random-83.jsonl", 300);
}

/// Every documented deviation is a real one: CuTe's answer differs from rcute's, and the
/// case is still in one of the golden files.
#[test]
fn deviations_are_real_and_current() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden");
    let mut all = String::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let p = entry.unwrap().path();
        if p.extension().is_some_and(|x| x == "jsonl") && !p.ends_with("deviations.jsonl") {
            all.push_str(&std::fs::read_to_string(&p).unwrap());
        }
    }
    let known = deviations();
    assert!(!known.is_empty());
    let (mut unlawful, mut lawful, mut capacity) = (0, 0, 0);
    for d in &known {
        let line = all
            .lines()
            .find(|l| {
                serde_json::from_str::<serde_json::Value>(l).unwrap()["expr"] == d.expr.as_str()
            })
            .unwrap_or_else(|| panic!("deviation {} is in no golden file", d.expr));
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(
            matches!(judge(&case), Verdict::Fail(_)),
            "{} is no longer a deviation",
            d.expr
        );
        assert_eq!(answer(&d.expr), d.rcute, "{}", d.reason);
        assert_eq!(case["out"].as_str(), Some(d.cute.as_str()), "{}", d.expr);
        match d.kind.as_str() {
            "unlawful" => {
                let (prefix, name, args) = call::split_program(&d.expr).expect("a call");
                let args = call::values_after(prefix, &args).expect("the arguments evaluate");
                let cute = call::printed_value(&d.cute)
                    .unwrap_or_else(|| panic!("CuTe's answer to {} parses", d.expr));
                let mut verdict = check_call(&name, &args, &cute);
                if verdict == rcute::law::Verdict::Unchecked("a domain larger than law::LIMIT") {
                    verdict = leaf_by_leaf(&name, &args, &cute);
                }
                assert!(
                    verdict.breaks() && !format!("{verdict:?}").contains("fails where"),
                    "{}: CuTe's answer {} does not break the law ({verdict:?})",
                    d.expr,
                    d.cute
                );
                unlawful += 1;
            }
            "unlawful-inner" => {
                // the call rcute refuses is an argument of the case's outer call: CuTe's
                // answer to it (the as-CuTe mode's, which `deviations_answer_as_cute`
                // shows leads to the oracle's outer answer) breaks that call's law
                let field = |k: &str| d.extra[k].as_str().unwrap_or_else(|| panic!("{k}"));
                let (prefix, name, args) = call::split_program(field("inner")).expect("a call");
                let args = call::values_after(prefix, &args).expect("the arguments evaluate");
                let cute = call::printed_value(field("inner_cute")).expect("CuTe's inner answer");
                let verdict = check_call(&name, &args, &cute);
                assert!(
                    verdict.breaks(),
                    "{}: CuTe's answer {} to {} does not break the law ({verdict:?})",
                    d.expr,
                    field("inner_cute"),
                    field("inner")
                );
                assert!(d.rcute.contains(field("inner_cute")), "{}", d.expr);
                unlawful += 1;
            }
            "negative-shape" => {
                // CuTe's answer has negative extents, which no parser of the notation
                // takes: read it as two tuples and evaluate it as CuTe's idx2crd does
                // (truncating division), then check R(L(i)) == i
                assert_eq!(d.expr.split_once('(').map(|x| x.0), Some("left_inverse"));
                let (s, st) = d.cute.split_once("):(").expect("shape:stride");
                let leaves = |t: &str| -> Vec<i64> {
                    rcute::IntTuple::try_parse(t)
                        .expect("a tuple")
                        .leaves()
                        .map(|x| x.value())
                        .collect()
                };
                let (s, st) = (leaves(&format!("{s})")), leaves(&format!("({st}")));
                let r = |x: i64| {
                    let (mut c, mut off) = (x, 0);
                    for k in 0..s.len() {
                        if k + 1 == s.len() {
                            off += c * st[k];
                        } else {
                            off += (c % s[k]) * st[k];
                            c /= s[k];
                        }
                    }
                    off
                };
                let arg = &d.expr["left_inverse(".len()..d.expr.len() - 1];
                let l = Layout::try_parse(arg).expect("a layout");
                let n = l.size().value() as usize;
                assert!(
                    (0..n).any(|i| r(l.offset(i)) != i as i64),
                    "{}: CuTe's answer inverts the layout",
                    d.expr
                );
                unlawful += 1;
            }
            "unlawful-tile" => {
                // a tiled or blocked product too large for the law's enumeration: its
                // tile, CuTe's modes past A's (tiled) or the second sub-mode of each mode
                // (blocked), is checked by the composition's law against the definition's,
                // complement(A, size(A) * cosize(B)) o B, over B's indices
                let (name, args) = call::split(&d.expr).expect("a call");
                let a = Layout::try_parse(args[0]).expect("a layout");
                let b = Layout::try_parse(args[1]).expect("a layout");
                let n = a.size().value() * b.cosize().value();
                let c = a
                    .try_complement(&rcute::IntTuple::from_int(rcute::Int::dynamic(n)))
                    .expect("the complement");
                let cute = Layout::try_parse(&d.cute).expect("CuTe's answer");
                let tile = match name {
                    "tiled_product" => cute.try_take(1, cute.rank()).expect("CuTe's tile modes"),
                    "blocked_product" => {
                        // B's rank or more: every mode of CuTe's answer is (A_i, R_i)
                        assert!(a.rank() <= b.rank(), "{}", d.expr);
                        let repeat: Vec<Layout> =
                            (0..cute.rank()).map(|i| cute.mode(i).mode(1)).collect();
                        let part = |f: fn(&Layout) -> String| {
                            repeat.iter().map(f).collect::<Vec<_>>().join(",")
                        };
                        let text = format!(
                            "({}):({})",
                            part(|m| m.shape_ref().to_string()),
                            part(|m| m.stride_ref().to_string())
                        );
                        Layout::try_parse(&text).expect("CuTe's repeat modes")
                    }
                    other => panic!("{}: unlawful-tile of {other}", d.expr),
                };
                assert!(
                    rcute::law::composition(&c, &rcute::Tiler::layout(b), &tile).breaks(),
                    "{}: CuTe's tile {tile} is the composition",
                    d.expr
                );
                unlawful += 1;
            }
            "uncovered" => {
                // a product or a divide whose complement has no lawful form: CuTe's
                // complement breaks the complement's law, and CuTe's answer is built on it
                let field = |k: &str| d.extra[k].as_str().unwrap_or_else(|| panic!("{k}"));
                let (prefix, name, args) = call::split_program(&d.expr)
                    .or_else(|| call::split_printed_program(&d.expr))
                    .expect("a call");
                let args = call::values_after(prefix, &args).expect("the arguments evaluate");
                let c = Layout::try_parse(field("complement")).expect("CuTe's complement");
                let t = rcute::IntTuple::try_parse(field("cotarget")).expect("a cotarget");
                if name.ends_with("_divide") {
                    // a divide by a tiler element whose complement in the shape of the
                    // coalesced mode it divides does not cover it: CuTe's answer is its
                    // definition read with that complement (the divide's law holds), and
                    // the complement breaks the complement's law
                    let e = Layout::try_parse(field("element")).expect("the tiler element");
                    assert_eq!(
                        e.try_complement_as_cute(&t)
                            .expect("CuTe's complement")
                            .to_string(),
                        field("complement"),
                        "{}",
                        d.expr
                    );
                    assert!(
                        rcute::law::complement(&e, &t, &c).breaks(),
                        "{}: CuTe's complement {} is lawful",
                        d.expr,
                        field("complement")
                    );
                    let cute = call::printed_value(&d.cute).expect("CuTe's answer parses");
                    assert!(
                        check_call(&name, &args, &cute).holds(),
                        "{}: CuTe's divide is not built on its complement",
                        d.expr
                    );
                    unlawful += 1;
                    continue;
                }
                assert_eq!(name, "logical_product");
                let [rcute_lang::Value::Layout(a), rcute_lang::Value::Layout(b)] = args[..] else {
                    panic!("{}: a product of two layouts", d.expr);
                };
                assert!(
                    rcute::law::complement(&a, &t, &c).breaks(),
                    "{}: CuTe's complement {} is lawful",
                    d.expr,
                    field("complement")
                );
                let cute = Layout::try_parse(&d.cute).expect("CuTe's answer");
                let repeat = cute.try_mode(1).expect("(A, repeat)");
                assert!(
                    rcute::law::composition(&c, &rcute::Tiler::layout(b), &repeat).holds(),
                    "{}: CuTe's product is not built on its complement",
                    d.expr
                );
                unlawful += 1;
            }
            "beyond" => {
                // CuTe refuses the case; rcute's answer is not the static twin's function,
                // and is checked by the operation's law instead
                assert_eq!(d.cute, "error", "{}", d.expr);
                let (prefix, name, args) = call::split_program(&d.expr).expect("a call");
                let args = call::values_after(prefix, &args).expect("the arguments evaluate");
                let mine = call::printed_value(&d.rcute).expect("rcute's answer parses");
                let verdict = check_call(&name, &args, &mine);
                assert!(
                    verdict == rcute::law::Verdict::Holds,
                    "{}: rcute's answer {} ({verdict:?})",
                    d.expr,
                    d.rcute
                );
                lawful += 1;
            }
            "int32" => {}
            "capacity" => {
                // CuTe's answer has more leaves in a tuple than a run-time layout holds:
                // rcute refuses with the capacity error (its shape and stride have as many
                // integers each)
                assert!(d.rcute.contains("capacity"), "{}: {}", d.expr, d.rcute);
                let ints = d
                    .cute
                    .split(|c: char| !c.is_ascii_digit())
                    .filter(|t| !t.is_empty())
                    .count();
                assert!(
                    ints / 2 > rcute::CAPACITY,
                    "{}: CuTe's answer fits ({} leaves)",
                    d.expr,
                    ints / 2
                );
                capacity += 1;
            }
            k => panic!("{}: unknown kind of deviation {k}", d.expr),
        }
    }
    eprintln!(
        "{} deviations, {unlawful} of them unlawful CuTe answers checked by enumeration, \
         {lawful} answers where CuTe refuses checked by the law",
        known.len()
    );
    assert!(unlawful + lawful + capacity + 2 >= known.len());
}

/// The cases of CUTLASS's own unit tests of CuTe's layout algebra (test/unit/cute/core:
/// composition, complement, coalesce, left and right inverses, logical divide and
/// product, nullspace, domain_distribute, swizzled slices), each as the C++ the test
/// writes with the operation's result printed, and its tests that assert values
/// (compact_xmajor, int_tuple, compare) with what each assertion compares printed
/// (`scripts/oracle/cutlass_unit_cases.cpp`, answered by `snippets.py`).
#[test]
fn cutlass_unit_tests() {
    all_pass("cutlass-unit.jsonl", 279);
}

/// Snippets in the C++ spelling of CuTe's `01_layout.md` and of seed-style tutorials, as
/// a learner pastes them (declarations, `print`, `printf`, `std::cout`, comments, several
/// lines), answered by compiling each as it is (`scripts/oracle/snippets.py`).
#[test]
fn pasted_snippets() {
    all_pass("snippets.jsonl", 55);
}

#[test]
fn pictures() {
    all_pass("pictures.jsonl", 29);
}

#[test]
fn tensors() {
    all_pass("tensors.jsonl", 29);
}

#[test]
fn random_composed() {
    all_pass("random-composed.jsonl", 420);
}

/// A second draw of `random_composed`: `gen_composed_cases.py 6 400`.
#[test]
fn random_composed_6() {
    all_pass("random-composed-6.jsonl", 400);
}

/// A third draw of `random_composed`: `gen_composed_cases.py 7 400`.
#[test]
fn random_composed_7() {
    all_pass("random-composed-7.jsonl", 400);
}

/// A fourth draw of `random_composed`: `gen_composed_cases.py 8 400`.
#[test]
fn random_composed_8() {
    all_pass("random-composed-8.jsonl", 400);
}

/// A fifth draw of `random_composed`: `gen_composed_cases.py 9 400`.
#[test]
fn random_composed_9() {
    all_pass("random-composed-9.jsonl", 400);
}

/// A sixth draw of `random_composed`: `gen_composed_cases.py 10 300`.
#[test]
fn random_composed_10() {
    all_pass("random-composed-10.jsonl", 300);
}

/// A seventh draw of `random_composed`: `gen_composed_cases.py 11 300`.
#[test]
fn random_composed_11() {
    all_pass("random-composed-11.jsonl", 300);
}

/// An eighth draw of `random_composed`: `gen_composed_cases.py 12 300`.
#[test]
fn random_composed_12() {
    all_pass("random-composed-12.jsonl", 300);
}

/// A ninth draw of `random_composed`: `gen_composed_cases.py 13 300`.
#[test]
fn random_composed_13() {
    all_pass("random-composed-13.jsonl", 300);
}

/// A tenth draw of `random_composed`: `gen_composed_cases.py 14 300`.
#[test]
fn random_composed_14() {
    all_pass("random-composed-14.jsonl", 300);
}

/// An eleventh draw of `random_composed`: `gen_composed_cases.py 15 300`.
#[test]
fn random_composed_15() {
    all_pass("random-composed-15.jsonl", 300);
}

/// A twelfth draw of `random_composed`: `gen_composed_cases.py 16 300`.
#[test]
fn random_composed_16() {
    all_pass("random-composed-16.jsonl", 300);
}

/// A thirteenth draw of `random_composed`: `gen_composed_cases.py 17 300`.
#[test]
fn random_composed_17() {
    all_pass("random-composed-17.jsonl", 300);
}

/// A fourteenth draw of `random_composed`: `gen_composed_cases.py 18 300`.
#[test]
fn random_composed_18() {
    all_pass("random-composed-18.jsonl", 300);
}

/// A fifteenth draw of `random_composed`: `gen_composed_cases.py 19 300`.
#[test]
fn random_composed_19() {
    all_pass("random-composed-19.jsonl", 300);
}

/// A sixteenth draw of `random_composed`: `gen_composed_cases.py 20 300`.
#[test]
fn random_composed_20() {
    all_pass("random-composed-20.jsonl", 300);
}

#[test]
fn composed_extra() {
    all_pass("composed-extra.jsonl", 46);
}

/// Random layouts with basis-vector strides (`E<i>`, `E<i,j>`, `_2@1`; identity layouts
/// among them) through evaluation, slicing, coalesce, composition and the divides, and
/// random cases of the layout functions beyond the core algebra (zip, tile_unzip,
/// domain_distribute, lcm, make_fragment_like, ...): `scripts/oracle/gen_basis_cases.py 1
/// 320` and `2 300` (one duplicate left out), answered by CuTe C++.
#[test]
fn random_basis() {
    all_pass("random-basis.jsonl", 600);
}

/// A second draw of `random_basis`: `gen_basis_cases.py 3 400`, then `add_static.py`.
#[test]
fn random_basis_3() {
    all_pass("random-basis-3.jsonl", 400);
}

/// A third draw of `random_basis`: `gen_basis_cases.py 4 400`, then `add_static.py`.
#[test]
fn random_basis_4() {
    all_pass("random-basis-4.jsonl", 400);
}

/// A fourth draw of `random_basis`: `gen_basis_cases.py 5 300`, then `add_static.py`.
#[test]
fn random_basis_5() {
    all_pass("random-basis-5.jsonl", 300);
}

/// A fifth draw of `random_basis`: `gen_basis_cases.py 6 300`, then `add_static.py`.
#[test]
fn random_basis_6() {
    all_pass("random-basis-6.jsonl", 300);
}

/// A sixth draw of `random_basis`: `gen_basis_cases.py 7 300`, then `add_static.py`.
#[test]
fn random_basis_7() {
    all_pass("random-basis-7.jsonl", 300);
}

/// A seventh draw of `random_basis`: `gen_basis_cases.py 8 300`, then `add_static.py`.
#[test]
fn random_basis_8() {
    all_pass("random-basis-8.jsonl", 300);
}

/// An eighth draw of `random_basis`: `gen_basis_cases.py 9 300`, then `add_static.py`.
#[test]
fn random_basis_9() {
    all_pass("random-basis-9.jsonl", 300);
}

/// A ninth draw of `random_basis`: `gen_basis_cases.py 10 300`, then `add_static.py`.
#[test]
fn random_basis_10() {
    all_pass("random-basis-10.jsonl", 300);
}

/// The cases of basis strides and of the functions added with them, by hand, and the
/// doc examples of those functions, answered by CuTe C++.
#[test]
fn functions_extra() {
    all_pass("functions-extra.jsonl", 90);
}

/// The examples of Cecka, "CuTe Layout Representation and Algebra" (arXiv:2603.02298), as
/// the tests of tensor-layouts cite them (tests/golden/cases/paper.txt).
#[test]
fn paper() {
    all_pass("paper.jsonl", 94);
}

/// The tests of tensor-layouts (its tests/external.py: cases of CuTe's C++ unit tests and
/// of pycute's), one expression each (tests/golden/cases/tensor-layouts.txt).
#[test]
fn tensor_layouts() {
    all_pass("tensor-layouts.jsonl", 319);
}

/// logical_product(L, Sw o _0 o L') by a swizzled tiler, random
/// (tests/golden/cases/composed-products.txt).
#[test]
fn composed_products() {
    all_pass("composed-products.jsonl", 60);
}

/// recast_layout<Old,New>(L) over element types, of layouts, swizzles and swizzled
/// layouts (tests/golden/cases/recast.txt).
#[test]
fn recast() {
    all_pass("recast.jsonl", 22);
}

/// A cast too large to enumerate, checked leaf by leaf: CuTe's `upcast` and `downcast`
/// work on each leaf mode alone (`transform_layout`), so the answer's leaf `k` must be
/// the cast of the operand's leaf `k`; one leaf whose law breaks proves the answer wrong.
fn leaf_by_leaf(
    name: &str,
    args: &[rcute_lang::Value],
    cute: &rcute_lang::Value,
) -> rcute::law::Verdict {
    use rcute::law::Verdict;
    use rcute_lang::Value;
    let (Some(base), [Value::Layout(a)], Value::Layout(r)) = (name.split('<').next(), args, cute)
    else {
        return Verdict::Unchecked("not a cast of a layout");
    };
    if !matches!(base, "upcast" | "downcast") {
        return Verdict::Unchecked("not a cast of a layout");
    }
    let leaves = |l: &rcute::Layout| -> Vec<rcute::Layout> {
        l.shape_ref()
            .leaves()
            .zip(l.stride_ref().leaves())
            .map(|(s, d)| rcute::Layout::try_new(s.into(), d.into()).expect("a leaf mode"))
            .collect()
    };
    for (la, lr) in leaves(a).iter().zip(leaves(r).iter()) {
        let v = check_call(name, &[Value::Layout(*la)], &Value::Layout(*lr));
        if v.breaks() {
            return v;
        }
    }
    Verdict::Holds
}

/// What CuTe would do: for every documented deviation where rcute refuses, the as-CuTe
/// mode (`cute eval --as-cute`) answers CuTe C++'s own answer, byte for byte, after a
/// warning line, and rcute's error names that answer (a swizzled layout applied to a
/// coordinate with `_` and `slice_and_offset` of a swizzled layout included).
#[test]
fn deviations_answer_as_cute() {
    let options = rcute_lang::Options { as_cute: true };
    let (mut replayed, mut unchecked) = (0, 0);
    for d in deviations() {
        if d.kind == "int32" || d.kind == "beyond" {
            // rcute answers these (in i64, or where CuTe refuses); there is nothing to
            // refuse
            assert!(!d.rcute.starts_with("error"), "{}", d.expr);
            continue;
        }
        if d.kind == "capacity" {
            // CuTe's answer does not fit a run-time layout, in either mode
            let (_, err) = rcute_lang::eval_partial_with(&d.expr, &options);
            assert!(
                err.is_some_and(|e| e.message.contains("capacity")),
                "{}",
                d.expr
            );
            continue;
        }
        let (out, err) = rcute_lang::eval_partial_with(&d.expr, &options);
        match err {
            None => {
                let (warnings, rest): (Vec<&str>, Vec<&str>) =
                    out.lines().partition(|l| l.starts_with("warning: "));
                assert_eq!(rest.join("\n"), d.cute, "{}: the as-CuTe answer", d.expr);
                assert!(!warnings.is_empty(), "{}: no warning", d.expr);
                // CuTe's answer to the refused call: the case's, or its inner call's
                let answer = match d.extra["inner_cute"].as_str() {
                    Some(inner) => format!("CuTe C++ answers {inner}"),
                    None => format!("CuTe C++ answers {}", d.cute),
                };
                assert!(warnings.iter().any(|w| w.contains(&answer)), "{}", d.expr);
                assert!(d.rcute.contains(&answer), "{}: {}", d.expr, d.rcute);
                if d.kind == "unlawful-tile" {
                    assert!(
                        d.rcute.contains("(not checked by the law here)"),
                        "{}",
                        d.expr
                    );
                }
                if d.kind == "unlawful" || d.kind == "unlawful-inner" {
                    // where the law enumerates too large a domain, the error says so
                    if d.rcute.contains("(not checked by the law here)") {
                        unchecked += 1;
                    } else {
                        assert!(d.rcute.contains("law: "), "{}: {}", d.expr, d.rcute);
                    }
                }
                replayed += 1;
            }
            Some(e) => panic!("{}: the as-CuTe mode refuses: {e}", d.expr),
        }
    }
    eprintln!(
        "{replayed} deviations answered as CuTe C++ answers them ({unchecked} too large for the law)"
    );
    assert!(replayed == 729 && unchecked <= 3, "{replayed} {unchecked}");
}

/// What CuTe would do, on cases nobody picked: random algebra cases that rcute refuses
/// where CuTe C++ answers (`scripts/oracle/gen_as_cute_cases.py`), each answered in the
/// as-CuTe mode exactly as CuTe answers it, and refused without it with an error that
/// names CuTe's answer; CuTe's answer breaks the operation's law (checked as the
/// deviation test checks it; at most one case in a hundred is beyond the check), except
/// the cases of [`LAWFUL_ANSWERED`], which rcute answers as CuTe does, and the
/// [`UNCOVERED_DIVIDES`].
#[test]
fn as_cute_random() {
    // random-algebra.jsonl: seeds 77001 to 77003; random-algebra-77004.jsonl to
    // random-algebra-77009.jsonl: fresh draws
    let mut answered: Vec<String> = Vec::new();
    let mut refused_lawful: Vec<String> = Vec::new();
    for (file, at_least) in [
        ("random-algebra.jsonl", 2400),
        ("random-algebra-77004.jsonl", 780),
        ("random-algebra-77005.jsonl", 740),
        ("random-algebra-77006.jsonl", 800),
        ("random-algebra-77007.jsonl", 760),
        ("random-algebra-77008.jsonl", 700),
        ("random-algebra-77009.jsonl", 700),
    ] {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/golden/as-cute")
            .join(file);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let options = rcute_lang::Options { as_cute: true };
        let (mut n, mut unchecked) = (0, 0);
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let case: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            let (expr, out) = (
                case["expr"].as_str().unwrap(),
                case["out"].as_str().unwrap(),
            );
            let refusal = answer(expr);
            if LAWFUL_ANSWERED.contains(&expr) {
                // drawn as a refusal: rcute now answers it, as CuTe does, after checking
                // CuTe's answer is the composed function
                assert_eq!(refusal, out, "{expr}");
                let (prefix, name, args) = call::split_program(expr).expect("a call");
                let args = call::values_after(prefix, &args).expect("the arguments evaluate");
                let cute = call::printed_value(out).expect("CuTe's answer parses");
                assert!(check_call(&name, &args, &cute).holds(), "{expr}");
                answered.push(expr.to_string());
                continue;
            }
            assert!(
                refusal.starts_with("error: ")
                    && refusal.contains(&format!("CuTe C++ answers {out}")),
                "{expr}: {refusal}"
            );
            let (got, err) = rcute_lang::eval_partial_with(expr, &options);
            assert!(err.is_none(), "{expr}: {err:?}");
            let (warnings, rest): (Vec<&str>, Vec<&str>) =
                got.lines().partition(|l| l.starts_with("warning: "));
            assert_eq!(warnings.len(), 1, "{expr}");
            assert_eq!(rest.join("\n"), out, "{expr}");
            // and CuTe's answer breaks the operation's law (where the law's check reads it)
            let (prefix, name, args) = call::split_program(expr).expect("a call");
            let args = call::values_after(prefix, &args).expect("the arguments evaluate");
            let cute = call::printed_value(out).expect("CuTe's answer parses");
            let mut verdict = check_call(&name, &args, &cute);
            if verdict == rcute::law::Verdict::Unchecked("a domain larger than law::LIMIT") {
                verdict = leaf_by_leaf(&name, &args, &cute);
            }
            match verdict {
                rcute::law::Verdict::Unchecked(_) => unchecked += 1,
                v if !v.breaks() => {
                    // only a divide refused for its tiler's uncovered complement (see
                    // UNCOVERED_DIVIDES) keeps the law as the law reads it
                    assert!(
                        name.ends_with("_divide")
                            && refusal
                                .contains("complement: the complement does not cover the cotarget"),
                        "{expr}: CuTe's answer {out} keeps the law; rcute: {refusal}"
                    );
                    refused_lawful.push(expr.to_string())
                }
                _ => {}
            }
            n += 1;
        }
        eprintln!(
            "{file}: {n} random cases answered as CuTe C++ answers them, each answer breaking the law ({unchecked} beyond the law's check; {} uncovered divides so far)",
            refused_lawful.len()
        );
        assert!(n >= at_least, "{file}: {n}");
        assert!(unchecked * 100 <= n, "{file}: {unchecked} of {n} unchecked");
    }
    // the cases drawn as refusals that rcute now answers are these, each still drawn
    assert_eq!(answered, LAWFUL_ANSWERED, "{answered:?}");
    // the uncovered divides among the draws, each checked above
    assert_eq!(
        refused_lawful.len(),
        UNCOVERED_DIVIDES,
        "{refused_lawful:?}"
    );
}

/// How many random as-CuTe cases rcute refuses where CuTe's answer keeps the divide's law
/// as the law reads it (with CuTe's complement as it stands): divides whose tiler's
/// complement does not cover the shape of the mode it divides. rcute refuses that
/// complement, which breaks the complement's law, and the divide built on it, as the
/// deviations of kind `uncovered` do; the test checks that each such case is one. In each,
/// a mode CuTe cannot coalesce (its extents are dynamic) is the complement's cotarget as a
/// tuple: `logical_divide(((_3,2),(8,_1,6)):((_1,_3),(_6,48,_48)), (2:_2, 1:_1))`, whose
/// first mode `(_3,2):(_1,_3)` divided by `2:_2` has CuTe's complement `(_2,1):(_1,4)` in
/// `(_3,2)`, 2 elements where 3 are needed, and a divide of 4 elements where the mode has
/// 6; `logical_divide((3,(1,2),1):(1,(3,3),6), 2:2)`; and
/// `logical_divide(((3,2),2):((1,3),6), (2:2, 2:1))`.
const UNCOVERED_DIVIDES: usize = 3;

/// The random as-CuTe cases, drawn where rcute refused, that rcute now answers as CuTe
/// does: rcute's condition on a mode whose extent and the tiler's stride do not divide one
/// another (the tiler must then stay inside the mode) is sufficient, not necessary, and
/// where it fails `Layout::try_composition` checks CuTe's answer as a function. Here the
/// mode has stride 0 and the next mode `(2,1):(6,6)` repeats a stride, so CuTe's carry into
/// it (coordinate 1 where the tiler reaches coordinate 2) lands on the same offset: CuTe's
/// answer `(2,2,1):(_0,6,6)` is the composition.
const LAWFUL_ANSWERED: &[&str] = &["composition((6,(_2,_1)):(_0,(_6,6)), 4:4)"];

/// `get<I>` of the pair `domain_offset` returns (a layout, plain or swizzled, and its
/// offset), as CuTe's `get` of a tuple.
#[test]
fn domain_offset_pairs() {
    all_pass("domain-offset.jsonl", 6);
}

/// How rcute answers a code block that CuTe C++ answers.
#[derive(Debug, PartialEq)]
enum DocVerdict {
    /// It prints what CuTe prints (addresses aside), or both refuse.
    Exact,
    /// It refuses by construct: `not supported: ...`, an operation refused by name, a
    /// bound, or a name it does not know.
    Refused(String),
    /// It prints something else, or CuTe refuses and it answers, or it refuses with a
    /// message that names no construct (a bare parse error).
    Different(String),
}

/// A refusal that names what is refused (not a bare parse error).
fn names_a_construct(message: &str) -> bool {
    !(message.starts_with("expected ") || message.starts_with("unexpected "))
}

fn judge_doc(case: &serde_json::Value) -> DocVerdict {
    let expr = case["expr"].as_str().expect("expr");
    let out = case["out"].as_str().expect("out");
    let got = match case.get("launch") {
        None => eval(expr).map_err(|e| e.message),
        Some(l) => {
            let three = |k: &str| -> Option<[i64; 3]> {
                let v = l.get(k)?.as_array()?;
                Some([0, 1, 2].map(|i| v[i].as_i64().expect("an integer")))
            };
            let launch = rcute_lang::Launch {
                thread: three("thread").unwrap_or([0; 3]),
                block: three("block").unwrap_or([0; 3]),
                block_dim: three("block_dim"),
                grid_dim: three("grid_dim"),
            };
            match rcute_lang::eval_launch(expr, &launch) {
                (text, _, None) => Ok(text),
                (_, _, Some(e)) => Err(e.message),
            }
        }
    };
    match (out == "error", got) {
        (true, Err(_)) => DocVerdict::Exact,
        (true, Ok(text)) => DocVerdict::Different(format!("CuTe refuses, rcute prints {text:?}")),
        (false, Ok(text)) => {
            let (mine, want) = (without_addresses(&text), without_addresses(out));
            if lines(&mine) == lines(&want) {
                DocVerdict::Exact
            } else {
                DocVerdict::Different(format!("CuTe prints\n{want}\n    rcute prints\n{mine}"))
            }
        }
        (false, Err(m)) if names_a_construct(&m) => DocVerdict::Refused(m),
        (false, Err(m)) => DocVerdict::Different(format!("a bare parse error: {m}")),
    }
}

/// Every host-runnable code block of CuTe's docs (01_layout.md, 02_layout_algebra.md,
/// 03_tensor.md, 0t_mma_atom.md, 0y_predication.md: `scripts/oracle/docs_cases.cpp`;
/// 00_quickstart.md, 04_algorithms.md, 0x_gemm_tutorial.md, 0z_tma_tensors.md and the
/// host setup of the hopper tutorial wgmma_sm90.cu: `scripts/oracle/docs_more_cases.cpp`,
/// answered into `docs-more.jsonl`; the layout, layout-operations and tensor pages of
/// CUTLASS 3.3's CuTe docs, whose code differs: `scripts/oracle/docs_old_cases.cpp`,
/// `docs-old.jsonl`) and
/// CuTe's tutorial examples (examples/cute/tutorial/*.cu, each kernel as one chosen
/// thread called by its host code: `scripts/oracle/tutorial_cases.cpp`, written by
/// `gen_tutorial_cases.py`), pasted as written with the wrapping each case records,
/// answered by CuTe C++ (`snippets.py --titled CASES.cpp tests/golden/docs.jsonl` and
/// `tutorials.jsonl`). Per page: how many print exactly what CuTe prints (both refusing
/// counts), how many are refused by construct, how many differ (none may). Printed
/// addresses are compared without their value (docs/LANGUAGE.md).
#[test]
fn cute_docs_and_tutorials() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden");
    let text = [
        "docs.jsonl",
        "tutorials.jsonl",
        "docs-more.jsonl",
        "docs-old.jsonl",
    ]
    .map(|f| std::fs::read_to_string(dir.join(f)).expect(f))
    .concat();
    // page -> (exact, refused, different)
    let mut pages: Vec<(String, [usize; 3])> = Vec::new();
    let mut notes = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: serde_json::Value = serde_json::from_str(line).expect("json");
        let page = case["page"].as_str().expect("page").to_string();
        let title = case["title"].as_str().expect("title");
        let k = match pages.iter().position(|(p, _)| *p == page) {
            Some(k) => k,
            None => {
                pages.push((page, [0; 3]));
                pages.len() - 1
            }
        };
        match judge_doc(&case) {
            DocVerdict::Exact => pages[k].1[0] += 1,
            DocVerdict::Refused(m) => {
                pages[k].1[1] += 1;
                notes.push(format!("  refused  {title}\n    {m}"));
            }
            DocVerdict::Different(m) => {
                pages[k].1[2] += 1;
                notes.push(format!("  DIFFERENT  {title}\n    {m}"));
            }
        }
    }
    let mut all = [0usize; 3];
    eprintln!(
        "{:<22} {:>6} {:>6} {:>8} {:>10}",
        "page", "blocks", "exact", "refused", "different"
    );
    for (page, c) in &pages {
        eprintln!(
            "{page:<22} {:>6} {:>6} {:>8} {:>10}",
            c.iter().sum::<usize>(),
            c[0],
            c[1],
            c[2]
        );
        for i in 0..3 {
            all[i] += c[i];
        }
    }
    let total: usize = all.iter().sum();
    eprintln!(
        "{:<22} {total:>6} {:>6} {:>8} {:>10}",
        "all", all[0], all[1], all[2]
    );
    for n in &notes {
        eprintln!("{n}");
    }
    assert!(total >= 139, "only {total} code blocks ran");
    assert_eq!(
        all[2], 0,
        "{} code blocks print something else than CuTe",
        all[2]
    );
    // every block exact (139 of 139 today)
    assert_eq!(all[0], total, "{} of {total} exact", all[0]);
}
