//! The measured pattern tables replayed against rcute's models, without a device: every
//! row of `tests/data/patterns-*.tsv` (Nsight Compute's counters for one pattern kernel of
//! `rcute_cuda::patterns` on one card, `scripts/ncu/pattern_traffic.sh`) must equal the
//! model's prediction, or be refused by the model with its reason; no row may differ.
//! Recorded on the H100 and the H200 (`patterns-H100.tsv`, `patterns-H200.tsv`).

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
    assert!(rows.len() >= 500, "{} rows", rows.len());
    // on each card, the H100 and the H200: 235 agree (wavefronts and the bank-conflict
    // counter), 16 refused (a cp.async.ca reading each instruction's source from more
    // than 8 lines), none differ
    for card in ["H100", "H200"] {
        let (mut n, mut a, mut r) = (0, 0, 0);
        for ((c, _), (pn, pa, pr)) in &tally {
            if c == card {
                (n, a, r) = (n + pn, a + pa, r + pr);
            }
        }
        println!(
            "{card}: {n} patterns, {a} agree, {r} refused, {} differ",
            n - a - r
        );
        assert_eq!(n, all.len(), "{card}: every pattern measured");
        assert!(a >= 235, "{card}: {a} of {n} agree");
        assert!(r <= 16, "{card}: {r} of {n} refused");
    }
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
/// The two cards count every pattern alike: the H100's counters equal the H200's, metric
/// by metric (the refused `cp.async.ca` patterns included).
#[test]
fn the_h100_and_the_h200_count_every_pattern_alike() {
    let rows = tables();
    let of = |card: &str| -> HashMap<String, HashMap<String, f64>> {
        rows.iter()
            .filter(|r| r.0 == card)
            .map(|r| (r.1.clone(), r.2.clone()))
            .collect()
    };
    let (h100, h200) = (of("H100"), of("H200"));
    assert!(h100.len() >= 251 && h100.len() == h200.len());
    for (name, m) in &h100 {
        assert_eq!(Some(m), h200.get(name), "{name}");
    }
}

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

/// Where the `cp.async` patterns' 3 wavefronts an instruction more than their writes go:
/// the H100's third run of the patterns (`tests/data/ncu-H100/patterns-misc-H100.tsv`) reads
/// `_op_misc`, the shared-memory wavefronts of no load or store: every pattern kernel has 1
/// of its own (its warp used shared memory), and each `cp.async` instruction 3 more: the
/// pattern issues each with its own `cp.async.commit_group` and `cp.async.wait_all`, so
/// each is its own run of `cp.async`, which the compiler opens with three predicated-off
/// `LDS RZ, [RZ]` (`scripts/ncu/cp_async_misc.cu`: the commits and waits alone cost none; a
/// run of 16, as in the `mma.sync` GEMM, costs 3 in all). The rest of the total counter is
/// the loads', the stores' and the `cp.async` writes' (a `.cg` reading its source: none).
#[test]
fn the_cp_async_patterns_extra_wavefronts_are_the_compilers_predicated_off_loads() {
    let all = patterns::patterns().unwrap();
    let by_name: HashMap<&str, &patterns::Pattern> =
        all.iter().map(|p| (p.name.as_str(), p)).collect();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/ncu-H100/patterns-misc-H100.tsv");
    let rows = measured::rows_of(&path);
    assert_eq!(rows.len(), all.len());
    let misc = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_misc.sum";
    let total = "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum";
    let (mut cp, mut plain, mut cg_unseen) = (0, 0, 0);
    for (_, name, m) in &rows {
        let p = by_name[name.as_str()];
        if let Op::LdGlobal(_) = p.op {
            continue;
        }
        let n = p.instructions.len() as f64;
        match p.op {
            Op::CpAsync { cg, zfill, .. } => {
                assert_eq!(m[misc], 1.0 + 3.0 * n, "{name}");
                // what is left is the writes: none for a .cg that reads its source
                let writes = m[total] - m[misc];
                if cg && !zfill {
                    assert_eq!(writes, 0.0, "{name}");
                    cg_unseen += 1;
                }
                cp += 1;
            }
            _ => {
                assert_eq!(m[misc], patterns::KERNEL_SHARED_WAVEFRONTS as f64, "{name}");
                plain += 1;
            }
        }
    }
    println!(
        "{cp} cp.async patterns: 1 + 3 a run of cp.async; {plain} others: 1; {cg_unseen} .cg writes unseen"
    );
    assert!(
        cp >= 70 && plain >= 160 && cg_unseen >= 8,
        "{cp} {plain} {cg_unseen}"
    );
}
