//! On a machine with a CUDA device (driver and NVRTC):
//! `cargo test -p rcute-cuda --release -- --ignored`

use std::process::Command;

#[test]
#[ignore = "needs a CUDA device: cargo test -p rcute-cuda --release -- --ignored"]
fn kernels_are_exact_on_the_device() {
    let out = Command::new(env!("CARGO_BIN_EXE_rcute-gpu-bench"))
        .args(["1000", "777", "4096", "4096"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(text.matches("checked: exact").count(), 8, "{text}");
}
