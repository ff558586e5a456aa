//! rcute's memory models against the hardware: every pattern of `rcute_cuda::patterns`
//! runs under Nsight Compute, and each prediction (shared-memory wavefronts and the bank
//! conflicts beyond the ideal, global sectors) must equal the counter the profiler reads.
//! The `cp.async` patterns are measured and shown but not asserted: the bank model does
//! not describe how LDGSTS writes shared memory (see `rcute::analysis::banks`).
//!
//! On a machine with a CUDA device and `ncu`:
//! `cargo test -p rcute-cuda --release --test patterns_device -- --ignored --nocapture`
//! (the test finds `rcute-gpu-bench` next to its own executable's directory, or at
//! `$RCUTE_GPU_BENCH`).

use rcute_cuda::patterns::{self, METRICS};
use std::collections::HashMap;
use std::path::PathBuf;
use std::process::Command;

fn bench() -> PathBuf {
    if let Ok(p) = std::env::var("RCUTE_GPU_BENCH") {
        return p.into();
    }
    // target/<profile>/deps/patterns_device-<hash> -> target/<profile>/rcute-gpu-bench
    let exe = std::env::current_exe().unwrap();
    let next = exe
        .parent()
        .and_then(|d| d.parent())
        .map(|d| d.join("rcute-gpu-bench"));
    match next {
        Some(p) if p.exists() => p,
        _ => env!("CARGO_BIN_EXE_rcute-gpu-bench").into(),
    }
}

/// (kernel index, metric) -> value, from `ncu --csv` output.
fn parse(csv: &str) -> HashMap<(usize, String), f64> {
    let mut out = HashMap::new();
    let mut header: Option<Vec<String>> = None;
    for line in csv.lines() {
        let line = line.trim();
        if !line.starts_with('"') {
            continue;
        }
        let fields: Vec<String> = line
            .trim_matches('"')
            .split("\",\"")
            .map(str::to_string)
            .collect();
        let Some(h) = &header else {
            if fields.first().map(String::as_str) == Some("ID") {
                header = Some(fields);
            }
            continue;
        };
        let col = |name: &str| h.iter().position(|f| f == name).unwrap();
        let kernel = &fields[col("Kernel Name")];
        let Some(rest) = kernel.strip_prefix("rcute_pattern_") else {
            continue;
        };
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let value: f64 = fields[col("Metric Value")]
            .replace(',', "")
            .parse()
            .unwrap();
        out.insert(
            (digits.parse().unwrap(), fields[col("Metric Name")].clone()),
            value,
        );
    }
    out
}

#[test]
#[ignore = "needs a CUDA device and ncu: cargo test -p rcute-cuda --release --test patterns_device -- --ignored"]
fn the_models_match_the_device() {
    let all = patterns::patterns().unwrap();
    let out = Command::new("ncu")
        .args([
            "--csv",
            "--print-units",
            "base",
            "--kernel-name",
            "regex:rcute_pattern_",
        ])
        .args(["--metrics", &METRICS.join(",")])
        .arg(bench())
        .arg("--patterns")
        .output()
        .expect("ncu runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let measured = parse(&text);
    let mut wrong = 0;
    println!(
        "| pattern | instruction | instructions | predicted | measured | conflicts: predicted (wavefronts - ideal), counter |\n|---|---|---|---|---|---|"
    );
    for (i, p) in all.iter().enumerate() {
        let m = measured.get(&(i, p.op.metric().to_string()));
        let unit = match p.op {
            patterns::Op::LdGlobal(_) => "sectors",
            _ => "wavefronts",
        };
        // the bank-conflict counter must be the wavefronts beyond the ideal
        let conflicts =
            p.op.conflict_metric()
                .map(|c| measured.get(&(i, c.to_string())));
        let (predicted, predicted_conflicts, ok) = match patterns::predict(p) {
            patterns::Prediction::Cost {
                wavefronts,
                conflicts: c,
            } => (
                Some(wavefronts),
                c,
                m == Some(&(wavefronts as f64)) && conflicts.is_none_or(|k| k == Some(&(c as f64))),
            ),
            patterns::Prediction::Refused(_) => (None, 0, false),
        };
        let modelled = predicted.is_some();
        wrong += usize::from(modelled && !ok);
        println!(
            "| {} | {:?} | {} | {} {unit} | {} {} | {} |",
            p.name,
            p.op,
            p.instructions.len(),
            predicted.map_or("refused".to_string(), |w| w.to_string()),
            m.map_or("missing".to_string(), |v| v.to_string()),
            match (modelled, ok) {
                (_, true) => "",
                (true, false) => "**differs**",
                (false, false) => "(not modelled)",
            },
            conflicts.map_or(String::new(), |c| format!(
                "{}, {}",
                predicted_conflicts,
                c.map_or("missing".to_string(), |v| v.to_string())
            )),
        );
    }
    assert_eq!(wrong, 0, "{wrong} of {} patterns differ", all.len());
    assert!(all.len() >= 24);
}
