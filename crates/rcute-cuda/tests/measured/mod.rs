//! The measured tables of `tests/data/` (`PREFIX-CARD.tsv`: per line the card, a key and
//! `metric=value` columns, tab-separated; a value `n/a` is left out), shared by the tests
//! that replay them.

use std::collections::HashMap;

/// Every row of the tables whose file name starts with `prefix` and ends in `.tsv`, in
/// file-name order: (card, key, metric -> value).
pub fn rows(prefix: &str) -> Vec<(String, String, HashMap<String, f64>)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.extension().is_some_and(|e| e == "tsv")
                && p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with(prefix))
        })
        .collect();
    paths.sort();
    paths.iter().flat_map(|p| rows_of(p)).collect()
}

/// Every row of one table.
pub fn rows_of(path: &std::path::Path) -> Vec<(String, String, HashMap<String, f64>)> {
    let mut rows = Vec::new();
    for line in std::fs::read_to_string(path).unwrap().lines() {
        let mut f = line.split('\t');
        let card = f.next().unwrap().to_string();
        let key = f.next().unwrap().to_string();
        // a metric the profiler answers `n/a` (no such traffic in the kernel) is left out
        let metrics = f
            .filter_map(|c| {
                let (k, v) = c.split_once('=').unwrap();
                (v != "n/a").then(|| (k.to_string(), v.parse::<f64>().unwrap()))
            })
            .collect();
        rows.push((card, key, metrics));
    }
    rows
}
