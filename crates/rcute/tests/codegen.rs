//! Indexing a `const` layout compiles to straight-line arithmetic: this test compiles
//! `examples/const_index.rs` to x86-64 assembly and checks that rcute's index functions
//! have no branches, calls or divisions, and are no longer than the hand-written ones.

#![cfg(target_arch = "x86_64")]

use std::path::PathBuf;
use std::process::Command;

fn body<'a>(asm: &'a str, name: &str) -> Vec<&'a str> {
    let start = asm
        .find(&format!("\n{name}:"))
        .unwrap_or_else(|| panic!("{name} not found in the assembly"));
    asm[start + 1..]
        .lines()
        .skip(1)
        .take_while(|l| !l.contains(".cfi_endproc") && !l.starts_with(".Lfunc_end"))
        .map(str::trim)
        .filter(|l| {
            !l.is_empty() && !l.starts_with('.') && !l.ends_with(':') && !l.starts_with('#')
        })
        .collect()
}

#[test]
fn const_layout_indexing_is_straight_line_arithmetic() {
    // Build only the library (no dev-dependencies), then compile the example with rustc.
    let target = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("codegen");
    let status = Command::new(env!("CARGO"))
        .args(["build", "-p", "rcute", "--release", "--lib", "--target-dir"])
        .arg(&target)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .expect("cargo runs");
    assert!(status.success(), "the library builds");
    let release = target.join("release");
    let out = target.join("asm");
    std::fs::create_dir_all(&out).unwrap();
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let status = Command::new(rustc)
        .args([
            "--edition",
            "2024",
            "--crate-type",
            "bin",
            "-C",
            "opt-level=3",
            "-C",
            "target-cpu=x86-64",
        ])
        .args(["--emit=asm", "--extern"])
        .arg(format!("rcute={}", release.join("librcute.rlib").display()))
        .arg("-L")
        .arg(release.join("deps"))
        .arg("-o")
        .arg(out.join("const_index.s"))
        .arg(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/const_index.rs"))
        .status()
        .expect("rustc runs");
    assert!(status.success(), "the example compiles to assembly");
    let asm = std::fs::read_to_string(out.join("const_index.s")).unwrap();
    let mut checked = 0;
    for (mine, hand) in [
        ("rcute_tile_offset", "handwritten_tile_offset"),
        ("rcute_marker_offset", "handwritten_marker_offset"),
    ] {
        let m = body(&asm, mine);
        let h = body(&asm, hand);
        eprintln!(
            "{mine}: {} instructions; {hand}: {}\n  {}",
            m.len(),
            h.len(),
            m.join("\n  ")
        );
        assert!(
            !m.is_empty() && m.last().unwrap().starts_with("ret"),
            "{mine} ends in ret"
        );
        for ins in &m {
            let op = ins.split_whitespace().next().unwrap();
            assert!(!op.starts_with('j'), "{mine} branches: {ins}");
            assert!(!op.starts_with("call"), "{mine} calls: {ins}");
            assert!(!op.contains("div"), "{mine} divides: {ins}");
        }
        assert!(
            m.len() <= h.len() + 1,
            "{mine}: {} instructions, hand-written {}",
            m.len(),
            h.len()
        );
        checked += 1;
    }
    assert_eq!(checked, 2);
}
