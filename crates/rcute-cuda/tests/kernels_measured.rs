//! The measured kernel tables replayed against the whole-kernel predictions, without a
//! device: every row of `tests/data/kernels-*.tsv` (Nsight Compute's counters for one
//! launch of a kernel that `rcute_cuda::traffic::profiled_kernels` names, written by
//! `scripts/ncu/kernel_traffic.sh`) is compared, metric by metric, with the sum of the
//! predicted stages that add to it ([`Counter::metric`]), over every block (the edge
//! tiles of extents that are not multiples of the tile with their own stages).
//!
//! Each comparison is one of:
//! - **agree**: within 2% of the counter;
//! - **explained by conflicts between warps**: the measured wavefronts less the measured
//!   bank conflicts equal the predicted wavefronts less the predicted conflicts, exactly
//!   (the conflict-free part exact; the excess is conflicts between the block's warps, which
//!   the per-instruction model does not describe, and which change from run to run:
//!   `repeated_runs_differ_only_in_conflicts`);
//! - **explained by the next tile's TMA loads and `wgmma`**: the persistent tuned kernels'
//!   epilogue stores, whose instructions are exactly the predicted ones, and which the same
//!   kernel launched with one tile per block gives as the prediction plus the conflict
//!   counter exactly (`the_epilogue_stores_meet_the_next_tiles_traffic`): launched
//!   persistent, the stores meet the next tile's TMA writes and `wgmma` reads, which add
//!   conflicts and wavefronts that are neither;
//! - **not modelled**, with the reason: the shared-memory wavefronts of no load or store
//!   (`_op_misc`) of the copies and the `wgmma` kernels (about 9 a block in the copies),
//!   printed; the `mma.sync` GEMM's are predicted ([`Counter::SharedMisc`],
//!   `misc_wavefronts_follow_the_three_terms`);
//! - **differs**: none may.
//!
//! `cp.async`'s shared-memory writes are the total counter less `_op_ld`, `_op_st`,
//! `_op_misc` and `_op_gmma`: a `.cg` that reads its source writes unseen, one that
//! zero-fills (the rows outside the matrix) is counted as a store.
//!
//! Every warp-instruction count the profiler reads (`smsp__sass_inst_executed_op_*`) must
//! equal the predicted instructions exactly.
//!
//! Recorded: the four copies at 4096 x 4096 and 4000 x 4080 and the f16 GEMM (`mma.sync`
//! and the tuned `wgmma` kernel) at 4096^3 and 4000 x 4080 x 4096 on the H100
//! (`kernels-H100.tsv`; four other runs in `ncu-H100/`), the GEMMs at 4096 x 4096 x 2048,
//! 4096 x 4096 x 1024 and 2048 x 2048 x 4096 on the H100 (`ncu-H100/gemm-k-H100.tsv`,
//! fewer metrics), and the other GEMM kinds at 4096^3 (`ncu-H100/kinds-H100.tsv`:
//! `mma.sync` with both operands M/N-major, the plain `wgmma` kernel, tuned `bf16` and
//! `e4m3`); `copy_f32` and `transpose_f16` at 4096 x 4096 on the H200
//! (`kernels-H200.tsv`).

mod measured;

use rcute_cuda::traffic::{Counter, KernelTraffic, profiled_gemm_kinds, profiled_kernels};
use std::collections::{BTreeMap, HashMap};

/// (card, key) -> metric -> value.
fn table() -> Vec<(String, String, HashMap<String, f64>)> {
    let mut rows = measured::rows("kernels-");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ncu-H100");
    // the GEMMs of other sizes and kinds, and the repeated runs: each run replayed
    for f in [
        "gemm-k-H100.tsv",
        "kinds-H100.tsv",
        "kernels-H100-run1.tsv",
        "kernels-H100-run2.tsv",
        "kernels-H100-run4.tsv",
        "kernels-H100-run5.tsv",
        "gemm-k-H100-run2.tsv",
        "kinds-H100-run2.tsv",
    ] {
        rows.extend(measured::rows_of(&dir.join(f)));
    }
    rows
}

/// The prediction for a row's key: the sizes are read off the key.
fn predicted(key: &str) -> KernelTraffic {
    let size = key.rsplit(' ').next().unwrap();
    let n: Vec<i64> = size.split('x').map(|v| v.parse().unwrap()).collect();
    let (copies, gemms) = match n.as_slice() {
        [m, n] => (vec![(*m, *n)], vec![]),
        [m, n, k] => (vec![], vec![(*m, *n, *k)]),
        _ => panic!("{key}: not a size"),
    };
    let mut all =
        profiled_kernels(&copies, &gemms, rcute_cuda::gemm::Tiling::default(), 132).unwrap();
    for (m, n, k) in gemms {
        for (key, g) in profiled_gemm_kinds(m, n, k, 132).unwrap() {
            let t = g.traffic(&format!("gemm_{}", g.ty.ptx())).unwrap();
            all.push((key, t));
        }
    }
    all.into_iter()
        .find(|(k, _)| k == key)
        .unwrap_or_else(|| panic!("{key}: no such profiled kernel"))
        .1
}

/// The profiler's instruction counters a counter's stages are counted in (a TMA load or
/// store stage is one instruction a pass).
fn instruction_metrics(c: Counter) -> &'static [&'static str] {
    match c {
        Counter::SharedLoad => &[
            "smsp__sass_inst_executed_op_shared_ld.sum",
            "smsp__sass_inst_executed_op_ldsm.sum",
        ],
        Counter::SharedStore => &[
            "smsp__sass_inst_executed_op_shared_st.sum",
            "smsp__inst_executed_op_shared_stsm.sum",
        ],
        Counter::TmaLoad => &["smsp__inst_executed_op_tma_ld.sum"],
        Counter::TmaStore => &["smsp__inst_executed_op_tma_st.sum"],
        Counter::GlobalLoad => &["smsp__sass_inst_executed_op_global_ld.sum"],
        Counter::GlobalCpAsync => &["smsp__sass_inst_executed_op_ldgsts.sum"],
        Counter::GlobalStore => &["smsp__sass_inst_executed_op_global_st.sum"],
        // the predicated-off LDS before each run of cp.async (the kernels that have this
        // stage issue no other ld.shared)
        Counter::SharedMisc => &["smsp__inst_executed_op_shared_ld.sum"],
        _ => &[],
    }
}

/// A metric's prediction: wavefronts or sectors, conflicts, the conflict metric, the
/// counters that add to it.
type Group = (u64, u64, Option<&'static str>, Vec<Counter>);

#[derive(Default, Debug)]
struct Tally {
    agree: usize,
    conflicts: usize,
    contention: usize,
    not_modelled: usize,
    instructions: usize,
    differ: Vec<String>,
}

const TOTAL: &str = "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum";
const LD: &str = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum";
const ST: &str = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum";
const MISC: &str = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_misc.sum";
const GMMA: &str = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_gmma.sum";

#[test]
fn every_measured_kernel_counter_is_predicted_or_explained() {
    let rows = table();
    let tallies = compare(&rows, &predicted);
    for (card, t) in &tallies {
        println!(
            "{card}: {} agree, {} explained by conflicts between warps, {} explained by the next tile's traffic, {} not modelled, {} differ; {} instruction counts exact",
            t.agree,
            t.conflicts,
            t.contention,
            t.not_modelled,
            t.differ.len(),
            t.instructions
        );
        assert!(t.differ.is_empty(), "{}", t.differ.join("\n"));
    }
    // every profiled kernel on the H100; the two copies on the H200
    let keys = |card: &str| rows.iter().filter(|r| r.0 == card).count();
    assert_eq!(keys("H100"), 22 + 4 * 12 + 6 + 4);
    assert!(keys("H200") >= 2);
    let h100 = &tallies["H100"];
    assert!(h100.agree >= 179, "{h100:?}");
    assert!(h100.conflicts >= 101 && h100.contention <= 14, "{h100:?}");
    assert!(h100.instructions >= 222, "{h100:?}");
    let h200 = &tallies["H200"];
    assert!(h200.agree + h200.conflicts >= 8, "{h200:?}");
}

/// The `mma.sync` GEMM at three tilings other than the default (8 warps and 4 stages, `64 x
/// 128` and `128 x 64` tiles), at 4096^3 and at 4000 x 4080 x 4000 (`K` no multiple of the
/// tile's), predicted before they were measured (`tests/data/ncu-H100/mma-tiling-*.tsv`:
/// `rcute-gpu-bench --profile --mma-tiling BM BN WARPS_M WARPS_N STAGES ...` under ncu):
/// every counter agrees or is explained, the `_op_misc` wavefronts within 0.8% (exactly
/// with 8 warps), the global sectors exactly (the last k-tile's columns past `K` read
/// nothing), the last k-tile's zero-filling `cp.async.cg` writes within 0.1% of the total
/// once the conflict counter is taken off, the instructions exactly.
#[test]
fn other_mma_tilings_are_predicted() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ncu-H100");
    let mut total = Tally::default();
    for name in ["128x128x2x4x4", "64x128x2x2x3", "128x64x2x2x4"] {
        let v: Vec<i64> = name.split('x').map(|x| x.parse().unwrap()).collect();
        let tiling = rcute_cuda::gemm::Tiling {
            bm: v[0],
            bn: v[1],
            warps_m: v[2],
            warps_n: v[3],
            stages: v[4],
            ..rcute_cuda::gemm::Tiling::default()
        };
        let rows: Vec<_> = measured::rows_of(&dir.join(format!("mma-tiling-{name}-H100.tsv")))
            .into_iter()
            .filter(|r| r.1.contains("mma.sync"))
            .collect();
        assert_eq!(rows.len(), 2, "{name}");
        let predict = |key: &str| {
            let n: Vec<i64> = key
                .rsplit(' ')
                .next()
                .unwrap()
                .split('x')
                .map(|v| v.parse().unwrap())
                .collect();
            let all = profiled_kernels(&[], &[(n[0], n[1], n[2])], tiling, 132).unwrap();
            all.into_iter().find(|(k, _)| k == key).unwrap().1
        };
        let t = compare(&rows, &predict).remove("H100").unwrap();
        println!("{name}: {t:?}");
        assert!(t.differ.is_empty(), "{name}: {}", t.differ.join("\n"));
        total.agree += t.agree;
        total.conflicts += t.conflicts;
        total.instructions += t.instructions;
    }
    println!("{total:?}");
    assert_eq!(total.agree + total.conflicts, 30, "{total:?}");
    assert!(total.agree >= 22 && total.instructions >= 18, "{total:?}");
}

/// Every row's counters against its prediction, tallied per card.
fn compare(
    rows: &[(String, String, HashMap<String, f64>)],
    predict: &dyn Fn(&str) -> KernelTraffic,
) -> BTreeMap<String, Tally> {
    // the persistent kernels whose epilogue stores, launched one tile per block, are the
    // prediction plus the conflict counter exactly (`the_epilogue_stores_meet_the_next_tiles_traffic`)
    let c_store_exact_one_tile = one_tile_exact();
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    // each key's prediction once (runs repeat the keys)
    let mut predictions: HashMap<String, KernelTraffic> = HashMap::new();
    for (card, key, m) in rows {
        let t = tallies.entry(card.clone()).or_default();
        let p = predictions
            .entry(key.clone())
            .or_insert_with(|| predict(key));
        // a persistent kernel launches one block per SM and walks its tiles
        if !p.kernel.contains("specialized") {
            assert_eq!(
                m.get("launch__grid_size").copied(),
                Some(p.blocks as f64),
                "{card} {key}: blocks"
            );
        }
        let has = |c: Counter| p.stages.iter().any(|s| s.counter == c);
        // the counters' predictions, summed per metric
        let mut by_metric: BTreeMap<&str, Group> = BTreeMap::new();
        for c in Counter::ALL {
            if !has(c) || c == Counter::SharedCpAsync {
                continue;
            }
            let (w, k) = p
                .per_launch(c)
                .unwrap_or_else(|e| panic!("{card} {key}: {e}"));
            let e = by_metric.entry(c.metric().unwrap()).or_default();
            e.0 += w;
            e.1 += k;
            e.2 = e.2.or(c.conflict_metric());
            e.3.push(c);
        }
        for (metric, (w, k, conflict, counters)) in &by_metric {
            let Some(&measured) = m.get(*metric) else {
                continue;
            };
            let measured = measured / counters[0].metric_scale() as f64;
            // a row without the conflict counter of a shared-memory metric (the extra GEMM
            // sizes) compares its global and instruction counters only
            if conflict.is_some_and(|c| !m.contains_key(c)) {
                continue;
            }
            let (w, k) = (*w as f64, *k as f64);
            let mc = conflict.and_then(|x| m.get(x)).copied();
            // the instructions: exact
            let mut same_instructions = true;
            for &c in counters {
                let names = instruction_metrics(c);
                if names.is_empty() || !names.iter().all(|n| m.contains_key(*n)) {
                    continue;
                }
                let got: f64 = names.iter().map(|n| m[*n]).sum();
                let want = p.instructions_per_launch(c) as f64;
                if got == want {
                    t.instructions += 1;
                } else {
                    same_instructions = false;
                    t.differ.push(format!(
                        "{card} {key} {c:?}: {want} instructions predicted, {got} measured"
                    ));
                }
            }
            let within = (measured - w).abs() <= 0.02 * measured.max(1.0);
            let verdict = if mc.is_some_and(|mc| mc != k && measured - mc == w - k) {
                t.conflicts += 1;
                "explained: conflicts between warps"
            } else if within && mc.is_none_or(|mc| (mc - k).abs() <= 0.02 * measured) {
                t.agree += 1;
                "agree"
            } else if mc.is_some_and(|mc| measured - mc > w - k)
                && same_instructions
                && has(Counter::SharedWgmma)
                && has(Counter::TmaStore)
                && c_store_exact_one_tile.contains(key.as_str())
            {
                t.contention += 1;
                "explained: the next tile's TMA loads and wgmma (one tile per block: exact)"
            } else {
                t.differ.push(format!(
                    "{card} {key} {metric}: predicted {w} ({k} conflicts), measured {measured} ({mc:?})"
                ));
                "DIFFERS"
            };
            println!(
                "{card} {key} {metric}: predicted {w} ({k} conflicts), measured {measured} ({}): {verdict}",
                mc.map_or("-".into(), |v| v.to_string())
            );
        }
        // cp.async's shared-memory writes: the total counter less the loads', the stores',
        // the pipeline's own (`_op_misc`: commits, waits, barriers) and wgmma's. Those four
        // are read in different replay passes of the kernel, whose conflicts between warps
        // differ: the difference is compared within 0.1% of the total.
        if has(Counter::SharedCpAsync)
            && let (Some(total), Some(ld), Some(misc)) = (m.get(TOTAL), m.get(LD), m.get(MISC))
        {
            let rest = total - ld - m.get(ST).unwrap_or(&0.0) - misc - m.get(GMMA).unwrap_or(&0.0);
            let (w, k) = p.per_launch(Counter::SharedCpAsync).unwrap();
            let (w, k) = (w as f64, k as f64);
            let mc = m[Counter::SharedCpAsync.conflict_metric().unwrap()];
            let near = |a: f64, b: f64| (a - b).abs() <= 0.001 * total;
            let verdict = if near(rest, w) && mc == k {
                t.agree += 1;
                "agree"
            } else if near(rest - mc, w - k) {
                t.conflicts += 1;
                "explained: conflicts between warps"
            } else {
                t.differ.push(format!(
                    "{card} {key} cp.async shared writes: predicted {w} ({k} conflicts), measured {rest} ({mc})"
                ));
                "DIFFERS"
            };
            println!(
                "{card} {key} cp.async shared writes (total less ld, st, misc, gmma): predicted {w} ({k} conflicts), measured {rest} ({mc}): {verdict}"
            );
        }
        // the pipeline's own wavefronts (commits, waits, barriers, mbarriers): not modelled.
        // Where the one-warp patterns show 3 a cp.async (each with its own commit and
        // wait), the GEMM shows far fewer: they are the commits' and waits', not the copies'
        if let Some(misc) = m.get(MISC).filter(|_| !has(Counter::SharedMisc)) {
            let n = p.instructions_per_launch(Counter::GlobalCpAsync) as f64;
            if n > 0.0 {
                assert!(
                    *misc < 3.0 * n / 4.0,
                    "{card} {key}: {misc} of {n} cp.async"
                );
            }
            println!(
                "{card} {key} _op_misc: {misc} ({:.2} a block), not modelled",
                misc / p.blocks as f64
            );
            t.not_modelled += 1;
        }
    }
    tallies
}

/// Four runs of the same kernels on the H100 (`tests/data/kernels-H100.tsv`,
/// `tests/data/ncu-H100/kernels-H100-run1.tsv`, `-run2.tsv` and `-run4.tsv`): the global sectors, the
/// TMA traffic and every instruction count repeat exactly; the shared-memory bank-conflict
/// counters do not (conflicts between warps depend on how the warps meet).
#[test]
fn repeated_runs_differ_only_in_conflicts() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let runs = [
        measured::rows_of(&dir.join("kernels-H100.tsv")),
        measured::rows_of(&dir.join("ncu-H100/kernels-H100-run1.tsv")),
        measured::rows_of(&dir.join("ncu-H100/kernels-H100-run2.tsv")),
        measured::rows_of(&dir.join("ncu-H100/kernels-H100-run4.tsv")),
        measured::rows_of(&dir.join("ncu-H100/kernels-H100-run5.tsv")),
    ];
    let (mut same, mut varied) = (0, 0);
    for other in &runs[1..] {
        assert_eq!(other.len(), 12);
        for ((_, ka, ma), (_, kb, mb)) in runs[0].iter().zip(other) {
            assert_eq!(ka, kb);
            for (metric, va) in ma {
                let Some(&vb) = mb.get(metric) else { continue };
                let steady = metric.starts_with("smsp__sass_inst_executed")
                    || metric.starts_with("l1tex__t_sectors_pipe_lsu_mem_global")
                    || metric.contains("op_tma")
                    || metric == "launch__grid_size";
                if steady {
                    assert_eq!(*va, vb, "{ka} {metric}");
                    same += 1;
                } else if metric.starts_with("l1tex__data_bank_conflicts") && *va != vb {
                    varied += 1;
                }
            }
        }
    }
    println!("{same} counters repeat exactly, {varied} conflict counters vary");
    assert!(same >= 3 * 12 * 10 && varied >= 36, "{same} {varied}");
}

/// The profiled GEMMs: every stage predicted (none refused), and the counters consistent
/// with the tiles' bytes.
#[test]
fn the_profiled_gemms_are_predicted_in_full() {
    let all = profiled_kernels(
        &[],
        &[(4096, 4096, 4096)],
        rcute_cuda::gemm::Tiling::default(),
        132,
    )
    .unwrap();
    assert_eq!(all.len(), 2);
    for (key, t) in &all {
        for s in &t.stages {
            assert!(s.per_block().is_ok(), "{key}: {}: {:?}", s.name, s.per_pass);
        }
        // A and B are read once per block: (BM + BN) x K halves, whether by cp.async or TMA
        // (a TMA box arrives whole in every block of a cluster: its parts multicast)
        let read = t.per_launch(Counter::GlobalCpAsync).unwrap().0
            + t.per_launch(Counter::TmaLoad).unwrap().0;
        let g = rcute_cuda::gemm::Gemm::tuned(
            rcute_cuda::gemm::MmaType::F16,
            rcute_cuda::kernel::matrix(4096, 4096, 4096, true),
            rcute_cuda::kernel::matrix(4096, 4096, 4096, true),
            rcute_cuda::kernel::matrix(4096, 4096, 4096, true),
            132,
        )
        .unwrap();
        let tiling = if key.contains("tuned") {
            g.tiling
        } else {
            rcute_cuda::gemm::Tiling::default()
        };
        let per_block = (tiling.bm + tiling.bn) * 4096 * 2 / 32;
        assert_eq!(read, t.blocks * per_block as u64, "{key}");
        println!("{}", t.table());
    }
}

/// Every GEMM kind the crate builds has a prediction: `mma.sync` and `wgmma` (plain,
/// specialized, tuned), every operand major, 16-, 8- and 4-byte `cp.async`, element loads,
/// e4m3; every stage predicted (the sizes that are not multiples of the tile, or whose
/// rows do not start on sectors, say that their per-launch numbers are approximate).
#[test]
fn every_gemm_kind_is_predicted_or_refused_by_stage() {
    use rcute_cuda::gemm::{Gemm, Instr, MmaType, Tiling};
    use rcute_cuda::kernel::matrix;
    let (mut predicted, mut refused, mut widths) = (0, 0, std::collections::BTreeSet::new());
    for (m, n, k) in [
        (1024, 1024, 1024),
        (1000, 778, 998),
        (1000, 776, 1004),
        (1000, 777, 999),
    ] {
        for (ar, br) in [(true, false), (false, true), (true, true), (false, false)] {
            let a = matrix(m, k, if ar { k } else { m }, ar);
            let b = matrix(n, k, if br { n } else { k }, !br);
            let c = matrix(m, n, n, true);
            let plain = Tiling {
                specialized: false,
                ..Tiling::wgmma()
            };
            for (instr, tiling) in [
                (Instr::MmaSync, Tiling::default()),
                (Instr::Wgmma, plain),
                (Instr::Wgmma, Tiling::wgmma()),
            ] {
                let mut g = Gemm::new(MmaType::F16, a, b, c);
                (g.instr, g.tiling) = (instr, tiling);
                let t = g.traffic("gemm").unwrap();
                assert_eq!(t.approximate.is_none(), m == 1024, "{}", t.kernel);
                for s in &t.stages {
                    match s.per_block() {
                        Ok(_) => predicted += 1,
                        Err(e) => {
                            assert!(e.contains("not modelled"), "{}: {e}", s.name);
                            refused += 1;
                        }
                    }
                    if let Some(w) =
                        s.name.split(' ').nth(1).filter(|w| {
                            w.ends_with('B') && w.starts_with(|c: char| c.is_ascii_digit())
                        })
                    {
                        widths.insert(w.to_string());
                    }
                }
            }
        }
    }
    let e4m3 = Gemm::tuned(
        MmaType::E4M3,
        matrix(2048, 2048, 2048, true),
        matrix(2048, 2048, 2048, true),
        matrix(2048, 2048, 2048, true),
        132,
    )
    .unwrap();
    let t = e4m3.traffic("gemm_e4m3").unwrap();
    assert!(t.stages.iter().all(|s| s.per_block().is_ok()));
    assert!(t.stages.iter().any(|s| s.counter == Counter::TmaLoad));
    println!("{predicted} stages predicted, {refused} refused, access widths {widths:?}");
    assert!(predicted >= 100 && refused == 0, "{predicted} {refused}");
    // 16-, 8- and 4-byte cp.async (and the 16-byte groups of element loads), 2-byte
    // element loads
    assert_eq!(widths.len(), 4, "{widths:?}");
}

/// The tuned kernels' keys, the predicted epilogue stores, in `rows`.
fn tuned_rows(
    rows: &[(String, String, HashMap<String, f64>)],
) -> Vec<(String, u64, HashMap<String, f64>)> {
    rows.iter()
        .filter(|r| r.1.contains("tuned"))
        .map(|(_, key, m)| {
            let (w, k) = predicted(key).per_launch(Counter::SharedStore).unwrap();
            assert_eq!(k, 0, "{key}");
            (key.clone(), w, m.clone())
        })
        .collect()
}

/// The tuned kernels measured with one tile per block (`rcute-gpu-bench --profile
/// --one-tile-per-block`, `tests/data/ncu-H100/epilogue-one-tile-H100-run*.tsv`) whose
/// epilogue stores are, in every run, the prediction plus the bank-conflict counter exactly.
fn one_tile_exact() -> std::collections::BTreeSet<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ncu-H100");
    let mut exact: BTreeMap<String, bool> = BTreeMap::new();
    for r in 1..=3 {
        let rows = measured::rows_of(&dir.join(format!("epilogue-one-tile-H100-run{r}.tsv")));
        for (key, w, m) in tuned_rows(&rows) {
            let ok = m[ST] - m[ST_CONFLICTS] == w as f64;
            *exact.entry(key).or_insert(true) &= ok;
        }
    }
    exact.into_iter().filter(|e| e.1).map(|e| e.0).collect()
}

const ST_CONFLICTS: &str = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum";

/// The tuned kernels' epilogue `st.shared`, term by term, on the H100:
/// - the profiler's SASS-patched counter (`smsp__sass_l1tex_..._op_st`, computed from each
///   instruction's addresses) and the source page (`STS`: wavefronts, ideal, excessive 0)
///   give the prediction exactly;
/// - launched with one tile per block (its epilogue meets no TMA loads or `wgmma` of a
///   next tile), the hardware counter is the prediction plus the bank-conflict counter
///   exactly (the conflicts 1.3% to 1.5% of the stores);
/// - persistent (a block's producer loads its next tile while its consumers store), the
///   conflict counter is 16 to 23 times larger and the wavefronts exceed prediction plus
///   conflicts by 1.8% to 4.7%, changing from run to run: both come with the next tile's
///   TMA writes and `wgmma` reads, which one tile per block removes.
#[test]
fn the_epilogue_stores_meet_the_next_tiles_traffic() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ncu-H100");
    let sass = measured::rows_of(&dir.join("epilogue-sass-H100.tsv"));
    let sass_st = "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum";
    let mut checked = 0;
    for (key, w, m) in tuned_rows(&sass) {
        assert_eq!(m[sass_st], w as f64, "{key}: SASS-patched");
        checked += 1;
    }
    assert_eq!(checked, 4);
    let source = measured::rows_of(&dir.join("source-H100.tsv"));
    let sts = source
        .iter()
        .find(|r| r.1 == "gemm_f16 tuned 4096x4096x4096 STS")
        .unwrap();
    let w = predicted("gemm_f16 tuned 4096x4096x4096")
        .per_launch(Counter::SharedStore)
        .unwrap()
        .0 as f64;
    assert_eq!(
        (sts.2["wavefronts"], sts.2["ideal"], sts.2["excessive"]),
        (w, w, 0.0)
    );
    // one tile per block: exact, conflicts small
    let mut one_tile_conflicts: HashMap<String, f64> = HashMap::new();
    let mut exact = 0;
    for r in 1..=3 {
        let rows = measured::rows_of(&dir.join(format!("epilogue-one-tile-H100-run{r}.tsv")));
        for (key, w, m) in tuned_rows(&rows) {
            let (st, c) = (m[ST], m[ST_CONFLICTS]);
            println!("one tile per block, run {r}: {key}: {st} = {w} + {c} conflicts");
            assert_eq!(st - c, w as f64, "{key}");
            assert!(c < 0.02 * w as f64, "{key}: {c}");
            let e = one_tile_conflicts.entry(key).or_default();
            *e = e.max(c);
            exact += 1;
        }
    }
    assert_eq!(exact, 12);
    assert_eq!(one_tile_exact().len(), 4);
    // persistent: the same stores meet the next tile's traffic
    let mut persistent: Vec<_> = (1..=3)
        .flat_map(|r| measured::rows_of(&dir.join(format!("epilogue-H100-run{r}.tsv"))))
        .collect();
    persistent.extend(table());
    let mut runs = 0;
    for (key, w, m) in tuned_rows(&persistent) {
        let (Some(&st), Some(&c)) = (m.get(ST), m.get(ST_CONFLICTS)) else {
            continue;
        };
        let excess = st - c - w as f64;
        println!(
            "persistent: {key}: {st} = {w} + {c} conflicts + {excess} ({:.2}%)",
            100.0 * excess / w as f64
        );
        assert!(excess > 0.0 && excess < 0.05 * w as f64, "{key}: {excess}");
        assert!(c > 10.0 * one_tile_conflicts[&key], "{key}: {c}");
        runs += 1;
    }
    assert!(runs >= 4 * 3 + 4 * 2, "{runs}");
}

/// The `_op_misc` wavefronts of `scripts/ncu/cp_async_misc.cu`'s kernels (one block, or
/// 1024), against the three terms `rcute_cuda::traffic` predicts the `mma.sync` GEMM's
/// with: 3 per run of `cp.async` a warp (the compiler's predicated-off `LDS RZ, [RZ]`), 1
/// per warp that issued a shared-memory load, store or `cp.async`, 1 per block barrier
/// that follows a `cp.async.commit_group` or a store; commits, waits and barriers alone cost
/// none. With one block every kernel gives the terms exactly; with 1024 blocks the ones
/// without a barrier term too, and the barriers' term is 0.85 to 1 of the barriers (0.89 in
/// the GEMM: `every_measured_kernel_counter_is_predicted_or_explained`).
#[test]
fn misc_wavefronts_follow_the_three_terms() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ncu-H100");
    let mut rows = measured::rows_of(&dir.join("misc-H100.tsv"));
    rows.extend(measured::rows_of(&dir.join("misc-H100-run1.tsv")));
    let (mut exact, mut within) = (0, 0);
    for (_, key, m) in &rows {
        let (name, size) = key.split_once(' ').unwrap();
        let v: Vec<u64> = size.split('x').map(|x| x.parse().unwrap()).collect();
        let (blocks, w, n) = (v[0], v[1], v[2]);
        // (runs of cp.async a warp, warps that used shared memory, barriers after work)
        let (runs, exits, barriers) = match name {
            "misc_empty" | "misc_commit" | "misc_wait0" | "misc_wait_all" | "misc_commit_wait0"
            | "misc_bar" | "misc_wait_bar" => (0, 0, 0),
            "misc_cg_commit_wait_all"
            | "misc_cg_commit_wait0"
            | "misc_ca_commit_wait0"
            | "misc_cg_only"
            | "misc_cg_commit"
            | "misc_gemm_nobar" => (n, w, 0),
            "misc_gemm" => (n, w, n),
            "misc_lds1" => (0, w, 0),
            "misc_sts_bar_lds" => (0, w, 1),
            "misc_sts_bar" => (0, w, n),
            "misc_commit_bar" | "misc_gemm_empty" => (0, 0, n),
            _ => panic!("{key}: not a microbenchmark kernel"),
        };
        let fixed = (3 * runs * w + exits) * blocks;
        let measured = m[MISC];
        println!(
            "{key}: {measured} measured, {} + {} barriers predicted",
            fixed,
            barriers * blocks
        );
        if blocks == 1 || barriers == 0 {
            assert_eq!(measured, (fixed + barriers * blocks) as f64, "{key}");
            exact += 1;
        } else {
            let share = (measured - fixed as f64) / (barriers * blocks) as f64;
            assert!((0.85..=1.0).contains(&share), "{key}: {share}");
            within += 1;
        }
    }
    // the GEMM's own code (Nsight Compute's source page): the predicated-off LDS, three
    // before each of the three runs of cp.async in the code, executed three times a warp
    // and k-tile, as predicted
    let source = measured::rows_of(&dir.join("source-H100.tsv"));
    let lds = source
        .iter()
        .find(|r| r.1 == "gemm_f16 mma.sync 4096x4096x4096 @!PT LDS")
        .unwrap();
    let p = predicted("gemm_f16 mma.sync 4096x4096x4096");
    assert_eq!(lds.2["sites"], 9.0);
    assert_eq!(
        lds.2["executed"],
        p.instructions_per_launch(Counter::SharedMisc) as f64
    );
    println!("{exact} exact, {within} within the barriers' term");
    assert!(exact >= 90 && within >= 8, "{exact} {within}");
}
