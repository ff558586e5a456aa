//! On a machine with a CUDA device (driver, NVRTC and cuBLAS):
//! `cargo test -p rcute-cuda --release -- --ignored`

use std::process::Command;

#[test]
#[ignore = "needs a CUDA device: cargo test -p rcute-cuda --release -- --ignored"]
fn kernels_are_exact_on_the_device() {
    let out = Command::new(env!("CARGO_BIN_EXE_rcute-gpu-bench"))
        .args(["--copy", "1000", "777", "--copy", "1000", "778"])
        .args([
            "--gemm", "1000", "776", "1000", "--gemm", "1000", "777", "999",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // 2 sizes x (f32, f16) x (copy, transpose)
    assert_eq!(text.matches("checked: exact").count(), 8, "{text}");
    // 2 sizes x (f16, bf16) x 4 operand layouts x (mma.sync, wgmma), each against the
    // exact product
    assert_eq!(text.matches("vs exact (cuBLAS").count(), 32, "{text}");
    assert!(!text.contains("WRONG"), "{text}");
}
