//! CuTe's own tutorial kernels, for comparison: `tiled_copy.cu` and
//! `hopper/wgmma_sm90.cu` from the installed `nvidia-cutlass` package, compiled with `nvcc`
//! for `sm_90a` (in the background while the device runs rcute's kernels) and run.

use crate::{Gpu, Res};
use rcute_cuda::gemm::MmaType;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// The tutorials being compiled.
pub struct Builds {
    jobs: Vec<Job>,
    size: (i64, i64, i64),
}

struct Job {
    name: &'static str,
    exe: PathBuf,
    log: PathBuf,
    child: Child,
}

/// `nvcc`: `$NVCC`, else `nvcc` on the path, else the CUDA toolkit's default place.
fn nvcc() -> PathBuf {
    if let Some(p) = std::env::var_os("NVCC") {
        return p.into();
    }
    let on_path = Command::new("nvcc")
        .arg("--version")
        .stdout(Stdio::null())
        .status()
        .is_ok();
    if on_path {
        "nvcc".into()
    } else {
        "/usr/local/cuda/bin/nvcc".into()
    }
}

/// Starts compiling the tutorials of the package installed in `pkg` (the directory that
/// holds `cutlass_library`); the GEMM tutorial will run at `size`.
pub fn build(pkg: &Path, size: (i64, i64, i64)) -> Res<Builds> {
    let src = pkg.join("cutlass_library").join("source");
    if !src.join("include").join("cute").is_dir() {
        return Err(format!(
            "--cutlass {}: no cutlass_library/source/include/cute there (install the package with `pip install --target DIR nvidia-cutlass`)",
            pkg.display()
        )
        .into());
    }
    let out = std::env::temp_dir().join(format!("rcute-cute-tutorials-{}", std::process::id()));
    std::fs::create_dir_all(&out)?;
    let nvcc = nvcc();
    let mut jobs = Vec::new();
    for (name, file) in [
        ("tiled_copy", "examples/cute/tutorial/tiled_copy.cu"),
        ("wgmma_sm90", "examples/cute/tutorial/hopper/wgmma_sm90.cu"),
    ] {
        let exe = out.join(name);
        let log = out.join(format!("{name}.log"));
        let child = Command::new(&nvcc)
            .args([
                "-std=c++17",
                "-O3",
                "-arch=sm_90a",
                "--expt-relaxed-constexpr",
            ])
            .arg("-I")
            .arg(src.join("include"))
            .arg("-I")
            .arg(src.join("tools").join("util").join("include"))
            .arg(src.join(file))
            .arg("-o")
            .arg(&exe)
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log)?)
            .spawn()
            .map_err(|e| format!("{}: {e}", nvcc.display()))?;
        jobs.push(Job {
            name,
            exe,
            log,
            child,
        });
    }
    Ok(Builds { jobs, size })
}

/// Waits for the builds, runs the tutorials, prints their results: the GEMM's throughput
/// next to cuBLAS on the same layout (the tutorial's default `NT`: A column-major, B
/// row-major) when this run measured it.
pub fn run(b: Builds, gpu: &Gpu) -> Res<()> {
    let (m, n, k) = b.size;
    println!("\nCuTe's tutorials (nvidia-cutlass, nvcc -O3 -arch=sm_90a):");
    for mut job in b.jobs {
        let status = job.child.wait()?;
        if !status.success() {
            let log = std::fs::read_to_string(&job.log).unwrap_or_default();
            let tail: Vec<&str> = log.lines().rev().take(15).collect();
            let tail: Vec<&str> = tail.into_iter().rev().collect();
            return Err(format!("nvcc failed on {}:\n{}", job.name, tail.join("\n")).into());
        }
        let mut cmd = Command::new(&job.exe);
        if job.name == "wgmma_sm90" {
            cmd.args([m.to_string(), n.to_string(), k.to_string()]);
        }
        let out = cmd.output()?;
        let text = String::from_utf8_lossy(&out.stdout);
        if !out.status.success() {
            return Err(format!("{} failed: {text}", job.name).into());
        }
        match job.name {
            "wgmma_sm90" => {
                // "CUTE_GEMM:     [344000.0]GFlop/s  (3.1960)ms"
                let ms = text
                    .split('(')
                    .nth(1)
                    .and_then(|s| s.split(')').next())
                    .and_then(|s| s.trim().parse::<f64>().ok())
                    .ok_or_else(|| format!("wgmma_sm90 printed no time: {text}"))?;
                let tflops = 2.0 * (m * n * k) as f64 / ms / 1e9;
                // the tutorial's operands: A M-major (column-major), B N-major (row-major)
                let key = format!(
                    "{} {m}x{n}x{k}",
                    crate::gemm::label(MmaType::F16, false, true)
                );
                let ratio = gpu
                    .cublas_ms
                    .borrow()
                    .iter()
                    .find(|(w, _)| *w == key)
                    .map(|(_, t)| format!("{:.2}", t / ms))
                    .unwrap_or_else(|| "-".into());
                println!(
                    "{:<28} {:>16} {ms:>9.3} ms {tflops:>7.1} TFLOP/s  {ratio}   (the tutorial does not check its result)",
                    "CuTe wgmma_sm90 f16 A col B row",
                    format!("{m}x{n}x{k}"),
                );
            }
            _ => println!(
                "{:<28} {:>16}   {}",
                format!("CuTe {}", job.name),
                "256x512",
                text.lines().last().unwrap_or("")
            ),
        }
    }
    Ok(())
}
