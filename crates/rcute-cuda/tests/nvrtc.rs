//! Every kind of generated kernel compiles with NVRTC for `sm_90a` (no device needed, only
//! `libnvrtc`): `cargo test -p rcute-cuda --release --test nvrtc -- --ignored`, with NVRTC on
//! the library path. With `RCUTE_PTX_DIR` set, the PTX is written there (for `ptxas -v`:
//! registers, spills).

use cudarc::nvrtc::{CompileOptions, compile_ptx_with_opts};
use rcute_cuda::copy::{Elem, tiled, tiled_wide};
use rcute_cuda::gemm::{Activation, Epilogue, Gemm, MmaType};
use rcute_cuda::kernel::{Kernel, matrix};

const NVRTC: &str = "needs libnvrtc on the library path: cargo test -p rcute-cuda --release --test nvrtc -- --ignored";

/// The kernels of this crate, one of each kind.
fn kernels() -> Vec<(String, Kernel)> {
    let mut out = Vec::new();
    for elem in [Elem::F32, Elem::F16] {
        for t in [false, true] {
            out.push((
                format!("copy_{elem:?}_{t}"),
                tiled(elem, 8192, 8192, t).kernel("k").unwrap(),
            ));
            for rows in [64, 128, 256] {
                if let Ok(c) = tiled_wide(elem, 8192, 8192, t, rows) {
                    out.push((format!("wide_{elem:?}_{t}_{rows}"), c.kernel("k").unwrap()));
                }
            }
        }
    }
    for ty in [MmaType::F16, MmaType::Bf16, MmaType::E4M3] {
        for (m, n, k) in [
            (8192, 8192, 8192),
            (1000, 776, 1024),
            (256, 256, 8192),
            (1, 4096, 4096),
        ] {
            let g = Gemm::tuned(
                ty,
                matrix(m, k, k, true),
                matrix(n, k, k, true),
                matrix(m, n, n, true),
                132,
            )
            .unwrap();
            out.push((
                format!("gemm_{ty:?}_{m}x{n}x{k}"),
                g.kernel("gemm").unwrap(),
            ));
        }
    }
    // fused epilogues: bias and each activation, scales (FP8), bf16 output of f16 inputs
    for (ty, act, scale, output) in [
        (MmaType::F16, Activation::Gelu, false, Some(MmaType::Bf16)),
        (MmaType::Bf16, Activation::Silu, false, None),
        (MmaType::Bf16, Activation::Relu, false, None),
        (MmaType::E4M3, Activation::Identity, true, None),
    ] {
        let (m, n, k) = (4096, 4096, 4096);
        let mut g = Gemm::tuned(
            ty,
            matrix(m, k, k, true),
            matrix(n, k, k, true),
            matrix(m, n, n, true),
            132,
        )
        .unwrap();
        g.epilogue = Epilogue {
            scale,
            bias: true,
            activation: act,
            output,
        };
        out.push((format!("fused_{ty:?}_{act:?}"), g.kernel("gemm").unwrap()));
    }
    // grouped: 8 groups of 4096 x 4096, with a bias and SiLU
    for m in [1024, 16384] {
        let mut g = Gemm::tuned_grouped(
            MmaType::Bf16,
            matrix(m, 4096, 4096, true),
            matrix(8 * 4096, 4096, 4096, true),
            matrix(m, 4096, 4096, true),
            8,
            132,
        )
        .unwrap();
        out.push((format!("grouped_{m}"), g.kernel("gemm").unwrap()));
        g.epilogue = Epilogue {
            bias: true,
            activation: Activation::Silu,
            ..Epilogue::default()
        };
        out.push((format!("grouped_silu_{m}"), g.kernel("gemm").unwrap()));
    }
    out
}

#[test]
#[ignore = "needs libnvrtc on the library path: cargo test -p rcute-cuda --release --test nvrtc -- --ignored"]
fn every_kind_of_kernel_compiles_for_sm_90a() {
    let dir = std::env::var_os("RCUTE_PTX_DIR");
    let mut failed = Vec::new();
    let all = kernels();
    for (name, k) in &all {
        let opts = CompileOptions {
            arch: Some("sm_90a"),
            ..Default::default()
        };
        match compile_ptx_with_opts(&k.source, opts) {
            Ok(ptx) => {
                if let Some(d) = &dir {
                    let path = std::path::Path::new(d).join(format!("{name}.ptx"));
                    std::fs::write(path, ptx.to_src()).expect("writes the PTX");
                }
            }
            Err(e) => failed.push(format!("{name}: {e}")),
        }
    }
    assert!(all.len() > 20, "{} kernels", all.len());
    assert!(failed.is_empty(), "{NVRTC}\n{}", failed.join("\n"));
}
