//! The docs that describe the tree are true of it: every path `docs/CONTRIBUTING.md` names
//! (in backticks) and every path of the README's repository section exists; CONTRIBUTING
//! has a row for every module of the library and names every file of the language's
//! function table and laws; the README's repository section lists every crate and every
//! module of the library.

use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Paths that start at the repository root wherever they are written.
const FROM_ROOT: &[&str] = &[
    "crates/", "tests/", "docs/", "scripts/", "fuzz/", "benches/",
];

const EXTENSIONS: &[&str] = &[".rs", ".md", ".py", ".txt", ".jsonl", ".sh", ".toml"];

/// The spans of `line` between backticks.
fn backticked(line: &str) -> Vec<&str> {
    line.split('`').skip(1).step_by(2).collect()
}

/// Whether a backticked span is a path: path characters only, with a `/` or a file
/// extension, and not a placeholder (`NAME.jsonl`, `LIST.txt`).
fn is_path(t: &str) -> bool {
    let chars = t
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "_-./".contains(c));
    let shaped = t.contains('/') || EXTENSIONS.iter().any(|e| t.ends_with(e));
    let file = t.rsplit('/').next().unwrap_or(t);
    let stem = file.split('.').next().unwrap_or(file);
    let placeholder = !stem.is_empty() && stem.chars().all(|c| c.is_ascii_uppercase());
    chars && shaped && !placeholder && !t.starts_with('.')
}

/// The paths CONTRIBUTING names, each resolved against its section's folder (the first
/// backticked folder of the `##` heading) unless it starts at the root; with line numbers.
fn contributing_paths() -> Vec<(usize, String, PathBuf)> {
    let text = fs::read_to_string(root().join("docs/CONTRIBUTING.md")).unwrap();
    let mut base = String::new();
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') {
            base = backticked(line)
                .into_iter()
                .find(|t| t.ends_with('/'))
                .unwrap_or("")
                .to_string();
            continue;
        }
        for t in backticked(line) {
            if !is_path(t) {
                continue;
            }
            let full = if FROM_ROOT.iter().any(|r| t.starts_with(r)) {
                t.to_string()
            } else {
                format!("{base}{t}")
            };
            out.push((n + 1, t.to_string(), root().join(full)));
        }
    }
    out
}

/// The first word of each line of the README's repository section (its `text` block).
fn readme_paths() -> Vec<String> {
    let text = fs::read_to_string(root().join("README.md")).unwrap();
    let section = text
        .split("\n## Repository")
        .nth(1)
        .expect("README has a Repository section");
    let section = section.split("\n## ").next().unwrap();
    let block = section
        .split("```")
        .nth(1)
        .expect("the section has a text block");
    block
        .lines()
        .skip(1)
        .filter(|l| !l.starts_with(' ') && !l.is_empty())
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect()
}

/// The top modules of the library: `int/`, `error.rs`, ... (`lib.rs` left out).
fn modules() -> Vec<String> {
    let mut m: Vec<String> = fs::read_dir(root().join("crates/rcute/src"))
        .unwrap()
        .map(|e| e.unwrap())
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            if e.path().is_dir() {
                Some(format!("{name}/"))
            } else if name.ends_with(".rs") && name != "lib.rs" {
                Some(name)
            } else {
                None
            }
        })
        .collect();
    m.sort();
    m
}

#[test]
fn every_path_contributing_names_exists() {
    let paths = contributing_paths();
    assert!(
        paths.len() > 80,
        "only {} paths read from CONTRIBUTING",
        paths.len()
    );
    let missing: Vec<String> = paths
        .iter()
        .filter(|(_, _, p)| !p.exists())
        .map(|(n, t, p)| format!("line {n}: `{t}` ({})", p.display()))
        .collect();
    assert!(
        missing.is_empty(),
        "CONTRIBUTING names paths that do not exist:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_path_of_the_readme_repository_section_exists() {
    let paths = readme_paths();
    assert!(
        paths.len() > 20,
        "only {} paths read from the README",
        paths.len()
    );
    let missing: Vec<&String> = paths.iter().filter(|p| !root().join(p).exists()).collect();
    assert!(
        missing.is_empty(),
        "the README's repository section names paths that do not exist: {missing:?}"
    );
}

#[test]
fn contributing_has_a_row_for_every_module() {
    let text = fs::read_to_string(root().join("docs/CONTRIBUTING.md")).unwrap();
    let mods = modules();
    assert!(mods.len() >= 14, "only {} modules found", mods.len());
    let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("| `")).collect();
    let missing: Vec<&String> = mods
        .iter()
        .filter(|m| !rows.iter().any(|r| r.starts_with(&format!("| `{m}`"))))
        .collect();
    assert!(
        missing.is_empty(),
        "modules with no row in CONTRIBUTING's table: {missing:?}"
    );
    let mut lang = Vec::new();
    for dir in ["functions", "law"] {
        for e in fs::read_dir(root().join("crates/rcute-lang/src").join(dir)).unwrap() {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            if name != "tests.rs" {
                lang.push((dir, name));
            }
        }
    }
    let named: Vec<PathBuf> = contributing_paths()
        .into_iter()
        .map(|(_, _, p)| p)
        .collect();
    let unnamed: Vec<String> = lang
        .iter()
        .map(|(d, f)| root().join("crates/rcute-lang/src").join(d).join(f))
        .filter(|p| !named.contains(p))
        .map(|p| p.display().to_string())
        .collect();
    assert!(
        unnamed.is_empty(),
        "files of the language CONTRIBUTING does not name: {unnamed:?}"
    );
}

#[test]
fn the_readme_lists_every_crate_and_module() {
    let paths = readme_paths();
    let mut want: Vec<String> = fs::read_dir(root().join("crates"))
        .unwrap()
        .map(|e| format!("crates/{}/", e.unwrap().file_name().to_string_lossy()))
        .collect();
    want.extend(modules().iter().map(|m| format!("crates/rcute/src/{m}")));
    assert!(
        want.len() >= 20,
        "only {} crates and modules found",
        want.len()
    );
    let missing: Vec<&String> = want.iter().filter(|w| !paths.contains(w)).collect();
    assert!(
        missing.is_empty(),
        "the README's repository section does not list: {missing:?}"
    );
}
