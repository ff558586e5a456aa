//! The measured pattern tables replayed against rcute's models, without a device: every
//! row of `tests/data/patterns-*.tsv` (Nsight Compute's counters for one pattern kernel of
//! `rcute_cuda::patterns` on one card, `scripts/ncu/patterns_table.py`) must equal the
//! model's prediction, or be refused by the model with its reason; no row may differ.

mod measured;

use rcute_cuda::patterns::{self, Op, Prediction};
use std::collections::HashMap;

/// (card, pattern name) -> metric -> value.
fn tables() -> Vec<(String, String, HashMap<String, f64>)> {
    measured::rows("patterns-")
}

/// The row of docs/GPU.md's table an instruction counts in.
fn family(op: Op) -> &'static str {
    match op {
        Op::LdShared(_) => "ld.shared",
        Op::StShared(_) => "st.shared",
        Op::Ldsm(..) | Op::Stsm(..) => "ldmatrix, stmatrix",
        Op::CpAsync { cg: false, .. } => "cp.async.ca",
        Op::CpAsync { cg: true, .. } => "cp.async.cg",
        Op::LdGlobal(_) => "ld.global (sectors)",
    }
}

#[test]
fn every_measured_pattern_is_predicted_or_refused() {
    let all = patterns::patterns().unwrap();
    let by_name: HashMap<&str, &patterns::Pattern> =
        all.iter().map(|p| (p.name.as_str(), p)).collect();
    let rows = tables();
    let (mut agree, mut refused, mut differ) = (0, 0, Vec::new());
    // per card and instruction: (patterns, agree, refused)
    let mut tally: std::collections::BTreeMap<(String, &str), (usize, usize, usize)> =
        Default::default();
    for (card, name, m) in &rows {
        let p = by_name
            .get(name.as_str())
            .unwrap_or_else(|| panic!("{card}: no pattern {name}"));
        let t = tally.entry((card.clone(), family(p.op))).or_default();
        t.0 += 1;
        let measured = m[p.op.metric()];
        match patterns::predict(p) {
            Prediction::Refused(why) => {
                println!("{card} {name}: refused: {why}");
                refused += 1;
                t.2 += 1;
            }
            Prediction::Cost {
                wavefronts,
                conflicts,
            } => {
                let counter = p.op.conflict_metric().and_then(|c| m.get(c)).copied();
                let ok =
                    measured == wavefronts as f64 && counter.is_none_or(|c| c == conflicts as f64);
                if ok {
                    agree += 1;
                    t.1 += 1;
                } else {
                    differ.push(format!(
                        "{card} {name} ({:?}): predicted {wavefronts} ({conflicts} conflicts), measured {measured} ({counter:?})",
                        p.op
                    ));
                }
            }
        }
    }
    for ((card, what), (n, a, r)) in &tally {
        println!("| {card} | {what} | {n} | {a} | {r} |");
    }
    println!("{agree} agree, {refused} refused, {} differ", differ.len());
    assert!(differ.is_empty(), "{}", differ.join("\n"));
    // the tables cover the families: loads, stores, matrices and cp.async on each card
    assert!(rows.len() >= 200, "{} rows", rows.len());
    // on the H200: 235 agree (wavefronts and the bank-conflict counter), 16 refused (a
    // cp.async.ca reading each instruction's source from more than 8 lines)
    assert!(agree >= 235, "{agree} of {} agree", rows.len());
    assert!(refused <= 16, "{refused} of {} refused", rows.len());
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

/// The total shared-memory counter that `cp.async` patterns are compared with is the `ld`
/// and `st` counters plus the kernel's own wavefronts, in every `ld`/`st` row.
#[test]
fn the_total_counter_is_loads_plus_stores_plus_the_kernel() {
    let all = patterns::patterns().unwrap();
    let by_name: HashMap<&str, &patterns::Pattern> =
        all.iter().map(|p| (p.name.as_str(), p)).collect();
    let mut checked = 0;
    for (card, name, m) in tables() {
        if matches!(
            by_name[name.as_str()].op,
            Op::CpAsync { .. } | Op::LdGlobal(_)
        ) {
            continue;
        }
        let [ld, st, total] = [
            "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
            "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
            "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum",
        ]
        .map(|k| m[k]);
        assert_eq!(
            total,
            ld + st + patterns::KERNEL_SHARED_WAVEFRONTS as f64,
            "{card} {name}"
        );
        checked += 1;
    }
    assert!(checked >= 150, "{checked} rows");
}
