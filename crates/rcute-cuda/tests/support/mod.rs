//! Compiling generated C with the host compiler (`$CC`, default gcc) and running it.

use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Compiles `src` as C99 with warnings as errors, runs it, returns its standard output.
/// Panics, with the compiler's message and the source, when either step fails.
pub fn compile_and_run(src: &str) -> String {
    static RUN: AtomicUsize = AtomicUsize::new(0);
    let run = RUN.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("rcute-cc-{}-{run}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (file, exe) = (dir.join("gen.c"), dir.join("gen"));
    std::fs::write(&file, src).unwrap();
    let cc = std::env::var("CC").unwrap_or_else(|_| "gcc".into());
    let out = Command::new(&cc)
        .args([
            "-O1",
            "-std=c99",
            "-Wall",
            "-Werror",
            "-Wno-unknown-pragmas",
            "-o",
        ])
        .arg(&exe)
        .arg(&file)
        .output()
        .unwrap_or_else(|e| panic!("{cc}: {e}"));
    assert!(
        out.status.success(),
        "the generated code does not compile:\n{}\n{src}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = Command::new(&exe).output().unwrap();
    assert!(out.status.success(), "the generated program failed");
    let _ = std::fs::remove_dir_all(&dir);
    String::from_utf8(out.stdout).unwrap()
}
