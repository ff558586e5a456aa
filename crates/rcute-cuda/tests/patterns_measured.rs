//! The measured pattern tables replayed against rcute's models, without a device: every
//! row of `tests/data/patterns-*.tsv` (Nsight Compute's counters for one pattern kernel of
//! `rcute_cuda::patterns` on one card, `scripts/ncu/patterns_table.py`) must equal the
//! model's prediction, or be refused by the model with its reason; no row may differ.

use rcute_cuda::patterns::{self, Op, Prediction};
use std::collections::HashMap;

/// (card, pattern name) -> metric -> value.
fn tables() -> Vec<(String, String, HashMap<String, f64>)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
    let mut rows = Vec::new();
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "tsv"))
        .collect();
    paths.sort();
    for path in paths {
        for line in std::fs::read_to_string(&path).unwrap().lines() {
            let mut f = line.split('\t');
            let card = f.next().unwrap().to_string();
            let name = f.next().unwrap().to_string();
            let metrics = f
                .map(|c| {
                    let (k, v) = c.split_once('=').unwrap();
                    (k.to_string(), v.parse::<f64>().unwrap())
                })
                .collect();
            rows.push((card, name, metrics));
        }
    }
    rows
}

#[test]
fn every_measured_pattern_is_predicted_or_refused() {
    let all = patterns::patterns().unwrap();
    let by_name: HashMap<&str, &patterns::Pattern> =
        all.iter().map(|p| (p.name.as_str(), p)).collect();
    let rows = tables();
    let (mut agree, mut refused, mut differ) = (0, 0, Vec::new());
    for (card, name, m) in &rows {
        let p = by_name
            .get(name.as_str())
            .unwrap_or_else(|| panic!("{card}: no pattern {name}"));
        let measured = m[p.op.metric()];
        match patterns::predict(p) {
            Prediction::Refused(_) => refused += 1,
            Prediction::Cost {
                wavefronts,
                conflicts,
            } => {
                let counter = p.op.conflict_metric().and_then(|c| m.get(c)).copied();
                let ok =
                    measured == wavefronts as f64 && counter.is_none_or(|c| c == conflicts as f64);
                if ok {
                    agree += 1;
                } else {
                    differ.push(format!(
                        "{card} {name} ({:?}): predicted {wavefronts} ({conflicts} conflicts), measured {measured} ({counter:?})",
                        p.op
                    ));
                }
            }
        }
    }
    println!("{agree} agree, {refused} refused, {} differ", differ.len());
    assert!(differ.is_empty(), "{}", differ.join("\n"));
    // the tables cover the families: loads, stores, matrices and cp.async on each card
    assert!(rows.len() >= 200, "{} rows", rows.len());
    // on the H200: 113 agree (wavefronts and the bank-conflict counter), 138 refused
    assert!(agree >= 100, "{agree} of {} agree", rows.len());
    for op in [
        Op::LdShared(16),
        Op::StShared(8),
        Op::Ldsm(4, false),
        Op::cp_async(16),
    ] {
        assert!(
            rows.iter().any(|(_, n, _)| by_name[n.as_str()].op == op),
            "{op:?}"
        );
    }
}
