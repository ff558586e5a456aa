//! Indexing a `const` layout compiles to straight-line arithmetic: this test compiles
//! `examples/const_index.rs` to x86-64 assembly and checks that rcute's index functions
//! have no branches, calls or divisions, and are no longer than the hand-written ones.
//!
//! And a typed operation compiles to the arithmetic on its dynamic values alone:
//! `examples/typed_codegen.rs`, compiled the same way, has no loop (no backward jump), no
//! copy (`memcpy`, `memset`, `rep movs`), and no call but to the cold paths that build an
//! error.

#![cfg(target_arch = "x86_64")]

use std::path::PathBuf;
use std::process::Command;

/// The instructions of function `name`, in order.
fn body<'a>(asm: &'a str, name: &str) -> Vec<&'a str> {
    lines_of(asm, name)
        .into_iter()
        .filter(|l| !l.ends_with(':'))
        .collect()
}

/// Compiles `examples/{name}.rs` against the release library to x86-64 assembly.
fn assembly(name: &str) -> String {
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
        .arg(out.join(format!("{name}.s")))
        .arg(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("examples/{name}.rs")))
        .status()
        .expect("rustc runs");
    assert!(status.success(), "the example compiles to assembly");
    std::fs::read_to_string(out.join(format!("{name}.s"))).unwrap()
}

#[test]
fn const_layout_indexing_is_straight_line_arithmetic() {
    let asm = assembly("const_index");
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

/// The instructions and labels of function `name`, in order (labels end with `:`).
fn lines_of<'a>(asm: &'a str, name: &str) -> Vec<&'a str> {
    let start = asm
        .find(&format!("\n{name}:"))
        .unwrap_or_else(|| panic!("{name} not found in the assembly"));
    asm[start + 1..]
        .lines()
        .skip(1)
        .take_while(|l| !l.contains(".cfi_endproc") && !l.starts_with(".Lfunc_end"))
        .map(str::trim)
        .filter(|l| {
            !l.is_empty() && !l.starts_with('#') && (!l.starts_with('.') || l.ends_with(':'))
        })
        .collect()
}

/// Whether the control flow of `body` (instructions and labels) has a cycle: its blocks
/// start at labels and after jumps, and lead to the next block (unless they end in an
/// unconditional jump or a return) and to the labels they jump to.
fn has_cycle(body: &[&str]) -> bool {
    // the block of each line
    let mut starts = vec![0];
    for (i, line) in body.iter().enumerate() {
        let op = line.split_whitespace().next().unwrap_or("");
        if line.ends_with(':') && i > 0 {
            starts.push(i);
        } else if (op.starts_with('j') || op.starts_with("ret")) && i + 1 < body.len() {
            starts.push(i + 1);
        }
    }
    starts.dedup();
    let block_of = |line: usize| starts.iter().rposition(|&s| s <= line).unwrap();
    let n = starts.len();
    let mut next: Vec<Vec<usize>> = vec![Vec::new(); n];
    for b in 0..n {
        let end = if b + 1 < n { starts[b + 1] } else { body.len() };
        let last = body[end - 1];
        let mut words = last.split_whitespace();
        let op = words.next().unwrap_or("");
        let arg = words.next().unwrap_or("");
        if op.starts_with('j') && arg.starts_with(".L") {
            let to = body
                .iter()
                .position(|l| *l == format!("{arg}:"))
                .expect("a label");
            next[b].push(block_of(to));
        }
        if op != "jmp" && !op.starts_with("ret") && b + 1 < n {
            next[b].push(b + 1);
        }
    }
    // depth-first search for a back edge
    fn visit(b: usize, next: &[Vec<usize>], state: &mut [u8]) -> bool {
        state[b] = 1;
        for &c in &next[b] {
            if state[c] == 1 || (state[c] == 0 && visit(c, next, state)) {
                return true;
            }
        }
        state[b] = 2;
        false
    }
    let mut state = vec![0u8; n];
    visit(0, &next, &mut state)
}

#[test]
fn typed_operations_are_their_arithmetic_alone() {
    let asm = assembly("typed_codegen");
    let mut checked = 0;
    for name in [
        "typed_complement",
        "typed_zipped_divide",
        "typed_right_inverse",
        "typed_idx2crd",
    ] {
        let body = lines_of(&asm, name);
        assert!(!has_cycle(&body), "{name} loops");
        let mut instructions = 0;
        for line in body.iter().filter(|l| !l.ends_with(':')) {
            instructions += 1;
            let mut words = line.split_whitespace();
            let op = words.next().unwrap();
            let arg = words.next().unwrap_or("");
            if op == "call" {
                // only the cold paths that build an error
                assert!(
                    line.contains("_slow") || line.contains("_full"),
                    "{name} calls: {line}"
                );
            }
            let string_op =
                op.starts_with("rep") && (arg.starts_with("movs") || arg.starts_with("stos"));
            assert!(
                !line.contains("memcpy") && !line.contains("memset") && !string_op,
                "{name} copies: {line}"
            );
        }
        eprintln!("{name}: {instructions} instructions, no loop, no copy");
        assert!(instructions > 10, "{name}: {instructions} instructions");
        checked += 1;
    }
    assert_eq!(checked, 4);
    // the cycle check finds a loop
    assert!(has_cycle(&[
        ".LBB0_1:",
        "addq $1, %rax",
        "cmpq %rdi, %rax",
        "jne .LBB0_1",
        "retq"
    ]));
    assert!(!has_cycle(&[
        "jne .LBB0_2",
        "addq $1, %rax",
        ".LBB0_2:",
        "retq"
    ]));
}
