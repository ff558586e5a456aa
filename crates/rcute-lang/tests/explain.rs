//! The explanations agree with the answers: for every golden case of an explained
//! operation (`tests/golden/*.jsonl`) and for random operands, the explanation's result is
//! the evaluator's answer, and every traced composition (direct, or inside a divide or a
//! product) assembles exactly the layout the library computes.

#[path = "../../../tests/golden/support/call.rs"]
mod call;

use proptest::prelude::*;
use rcute::analysis::explain::{self as ex, Explanation};
use rcute::strategies::{
    LayoutParams, ShapeParams, complementable, composable_pair, divisible_tiler, injective_layout,
    layout, run_counted,
};
use rcute::{Layout, Tiler};
use rcute_lang::{Value, eval, eval_value};
use std::path::PathBuf;

/// A value as a tiler, as the language reads one.
fn tiler(v: &Value) -> Option<Tiler> {
    match v {
        Value::Layout(l) => Some(Tiler::layout(*l)),
        Value::Tuple(t) => Tiler::try_from_shape(t).ok(),
        Value::List(items) => {
            let parts: Option<Vec<Tiler>> = items.iter().map(tiler).collect();
            Tiler::try_tuple(&parts?).ok()
        }
        _ => None,
    }
}

fn lay(v: &Value) -> Option<Layout> {
    match v {
        Value::Layout(l) => Some(*l),
        _ => None,
    }
}

/// The explanation of `name(args...)` by the library, where the arguments are what the
/// explained functions take (plain layouts, tilers, a cotarget).
fn explain(name: &str, args: &[Value]) -> Option<Explanation> {
    let e = match (name, args) {
        ("coalesce", [a]) => ex::explain_coalesce(&lay(a)?),
        ("composition", [a, b]) => ex::explain_composition(&lay(a)?, &tiler(b)?),
        ("complement", [a, Value::Tuple(c)]) => ex::explain_complement(&lay(a)?, c),
        ("complement", [a]) => ex::explain_complement_cosize(&lay(a)?),
        ("right_inverse", [a]) => ex::explain_right_inverse(&lay(a)?),
        ("left_inverse", [a]) => ex::explain_left_inverse(&lay(a)?),
        ("logical_divide", [a, t]) => ex::explain_logical_divide(&lay(a)?, &tiler(t)?),
        ("zipped_divide", [a, t]) => ex::explain_zipped_divide(&lay(a)?, &tiler(t)?),
        ("tiled_divide", [a, t]) => ex::explain_tiled_divide(&lay(a)?, &tiler(t)?),
        ("flat_divide", [a, t]) => ex::explain_flat_divide(&lay(a)?, &tiler(t)?),
        ("logical_product", [a, t]) => ex::explain_logical_product(&lay(a)?, &tiler(t)?),
        ("zipped_product", [a, t]) => ex::explain_zipped_product(&lay(a)?, &tiler(t)?),
        ("tiled_product", [a, t]) => ex::explain_tiled_product(&lay(a)?, &tiler(t)?),
        ("flat_product", [a, t]) => ex::explain_flat_product(&lay(a)?, &tiler(t)?),
        ("blocked_product", [a, b]) => ex::explain_blocked_product(&lay(a)?, &lay(b)?),
        ("raked_product", [a, b]) => ex::explain_raked_product(&lay(a)?, &lay(b)?),
        _ => return None,
    };
    Some(e)
}

/// Every traced composition in `e` assembles the layout its parent step (the composition
/// it traces) or the result holds; answers how many were checked.
fn traced_compositions_agree(e: &Explanation) -> Result<usize, String> {
    let mut checked = 0;
    for (k, s) in e.steps.iter().enumerate() {
        if !s.title.starts_with("assemble") {
            continue;
        }
        let want = if s.level == 0 {
            match &e.result {
                Ok(l) => l.to_string(),
                // the walk went through, and the check after it refused (the modes carry
                // into one another): the explanation says so before the error
                Err(_)
                    if e.steps
                        .last()
                        .is_some_and(|l| l.title.starts_with("composing")) =>
                {
                    continue;
                }
                Err(err) => return Err(format!("{}: walked through, but {err}", e.call)),
            }
        } else {
            let parent = e.steps[..k]
                .iter()
                .rev()
                .find(|p| p.level + 1 == s.level)
                .ok_or_else(|| format!("{}: no parent of {}", e.call, s.title))?;
            if !parent.title.contains("composition") {
                return Err(format!(
                    "{}: the parent of {} is {}",
                    e.call, s.title, parent.title
                ));
            }
            match &parent.value {
                Some(v) => v.clone(),
                None => continue, // the composition failed after the walk (its carry check)
            }
        };
        if s.value.as_deref() != Some(want.as_str()) {
            return Err(format!(
                "{}: assembled {:?}, the composition is {want}\n{e}",
                e.call, s.value
            ));
        }
        checked += 1;
    }
    Ok(checked)
}

/// Checks one explanation against the evaluator's answer to `expr`; answers the number
/// of traced compositions checked.
fn agrees(e: &Explanation, expr: &str) -> Result<usize, String> {
    match (&e.result, eval_value(expr)) {
        (Ok(l), Ok(v)) if l.to_string() == v.to_string() => {}
        (Err(_), Err(_)) => {}
        (r, got) => return Err(format!("{expr}: explained {r:?}, evaluated {got:?}")),
    }
    // the printed form ends with the same answer
    let printed = e.to_string();
    let last = printed.lines().last().unwrap_or("");
    match &e.result {
        Ok(l) if last != format!("result  {l}") => return Err(format!("{expr}: last line {last}")),
        Err(err) if last != format!("error   {err}") => {
            return Err(format!("{expr}: last line {last}"));
        }
        _ => {}
    }
    traced_compositions_agree(e)
}

#[test]
fn golden_cases_explained_agree_with_the_answers() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/golden")
        .map(|f| f.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    let (mut explained, mut refused, mut traced) = (0, 0, 0);
    let mut failures = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("golden file");
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let case: serde_json::Value = serde_json::from_str(line).expect("json");
            let expr = case["expr"].as_str().expect("expr");
            let Some((prefix, name, args)) = call::split_program(expr) else {
                continue;
            };
            let Some(vals) = call::values_after(prefix, &args) else {
                continue;
            };
            let Some(e) = explain(&name, &vals) else {
                continue;
            };
            explained += 1;
            refused += usize::from(e.result.is_err());
            match agrees(&e, expr) {
                Ok(n) => traced += n,
                Err(msg) => failures.push(msg),
            }
            // the language's explain(...) prints the same explanation
            let program = match prefix {
                "" => format!("explain({})", expr.trim()),
                p => format!("{p}; explain({})", &expr[p.len() + 1..].trim()),
            };
            match eval(&program) {
                // (after what the statements before it print)
                Ok(out) if out.ends_with(&e.to_string()) => {}
                got => failures.push(format!("{program}: printed {got:?}")),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // the counts when this test was written (more golden cases may only add to them)
    assert!(explained >= 4184, "{explained} explained");
    assert!(refused >= 614, "{refused} refused");
    assert!(traced >= 3549, "{traced} traced compositions");
    println!(
        "{explained} golden cases explained ({refused} refused), {traced} traced compositions"
    );
}

const CASES: u32 = 500;

/// Random composable pairs: the traced composition is the composition.
#[test]
fn random_compositions_are_traced_exactly() {
    let c = run_counted(CASES, composable_pair(LayoutParams::default()), |(a, b)| {
        let e = ex::explain_composition(&a, &Tiler::layout(b));
        prop_assert_eq!(e.result, a.try_composition(&b));
        let n = traced_compositions_agree(&e).map_err(TestCaseError::fail)?;
        Ok(n == 1)
    });
    assert_eq!(c.ran, CASES as usize);
    assert!(c.counted > CASES as usize / 2, "{c:?}");
}

/// Random layouts composed with random layouts (any operands, errors included): the
/// explanation's result is the library's, and a walk that goes through assembles it.
#[test]
fn unconstrained_compositions_agree() {
    let p = LayoutParams::default();
    let c = run_counted(CASES, (layout(p), layout(p)), |(a, b)| {
        let e = ex::explain_composition(&a, &Tiler::layout(b));
        prop_assert_eq!(e.result, a.try_composition(&b));
        let n = traced_compositions_agree(&e).map_err(TestCaseError::fail)?;
        Ok(n == 1)
    });
    assert_eq!(c.ran, CASES as usize);
    assert!(c.counted > 0, "{c:?}");
}

/// Random divisible tilers: each divide's explanation ends with the library's answer, and
/// its composition is traced exactly.
#[test]
fn random_divides_and_products_agree() {
    let c = run_counted(CASES, divisible_tiler(LayoutParams::default()), |(a, b)| {
        let t = Tiler::layout(b);
        let mut n = 0;
        for e in [
            ex::explain_logical_divide(&a, &t),
            ex::explain_zipped_divide(&a, &t),
            ex::explain_tiled_divide(&a, &t),
            ex::explain_flat_divide(&a, &t),
        ] {
            n += traced_compositions_agree(&e).map_err(TestCaseError::fail)?;
        }
        prop_assert_eq!(
            ex::explain_logical_divide(&a, &t).result,
            a.try_logical_divide(&t)
        );
        prop_assert_eq!(
            ex::explain_flat_divide(&a, &t).result,
            a.try_flat_divide(&t)
        );
        for e in [
            ex::explain_logical_product(&a, &Tiler::layout(b)),
            ex::explain_blocked_product(&a, &b),
            ex::explain_raked_product(&a, &b),
        ] {
            n += traced_compositions_agree(&e).map_err(TestCaseError::fail)?;
        }
        prop_assert_eq!(
            ex::explain_blocked_product(&a, &b).result,
            a.try_blocked_product(&b)
        );
        Ok(n > 0)
    });
    assert_eq!(c.ran, CASES as usize);
    assert!(c.counted > CASES as usize / 2, "{c:?}");
}

/// Complements, inverses and coalesce on random operands: the explanation's result is the
/// library's answer.
#[test]
fn random_complements_inverses_and_coalesce_agree() {
    let shape = ShapeParams::default();
    let c = run_counted(CASES, complementable(shape, 3), |(l, cotarget)| {
        let e = ex::explain_complement(&l, &cotarget);
        prop_assert_eq!(e.result, l.try_complement(&cotarget));
        Ok(e.result.is_ok())
    });
    assert_eq!(c.ran, CASES as usize);
    assert!(c.counted > CASES as usize / 2, "{c:?}");
    let c = run_counted(CASES, injective_layout(shape, 3), |l| {
        prop_assert_eq!(ex::explain_right_inverse(&l).result, l.try_right_inverse());
        prop_assert_eq!(ex::explain_left_inverse(&l).result, l.try_left_inverse());
        prop_assert_eq!(ex::explain_coalesce(&l).result, l.try_coalesce());
        prop_assert_eq!(
            ex::explain_complement_cosize(&l).result,
            l.try_complement_cosize()
        );
        Ok(true)
    });
    assert_eq!(c.counted, CASES as usize);
}
