//! `--profile`: launches every kernel of `rcute_cuda::traffic::profiled_kernels` once, in
//! that function's order, and nothing else a profiler's kernel filter
//! (`regex:^(copy|transpose)_f(16|32)$|^gemm_f16$`) matches, so that `ncu`'s result `i` is
//! the kernel of line `i`. Each line printed is `profile <i> <key> <kernel> <blocks>`;
//! every result is checked (the copies exactly, the GEMMs at 64 sampled points against
//! the exact product). `--kinds M N K` adds the GEMM kinds of
//! `rcute_cuda::traffic::profiled_gemm_kinds` after them (kernel `gemm_<type>`).
//! `--one-tile-per-block` launches the persistent GEMMs with one block per tile (a block's
//! epilogue then meets no TMA loads or `wgmma` of a next tile of its own).

use super::{Gpu, Res};
use rcute_cuda::copy::{Elem, tiled};
use rcute_cuda::gemm::{Gemm, MmaType, Tiling};
use rcute_cuda::kernel::matrix;
use rcute_cuda::launch::{E4m3, GemmElement, fp8_values, grid_values, host_matrix};

pub(crate) fn run(
    gpu: &Gpu,
    copies: &[(i64, i64)],
    gemms: &[(i64, i64, i64)],
    kinds: &[(i64, i64, i64)],
    mma: Tiling,
    one_tile: bool,
) -> Res<()> {
    let sms = gpu.dev.multiprocessors();
    let keys = rcute_cuda::traffic::profiled_kernels(copies, gemms, mma, sms)?;
    println!("multiprocessors {sms}");
    let mut i = 0;
    let mut extra = 0;
    let mut line = |key: &str, kernel: &str, blocks: u32, check: String| {
        assert_eq!(keys[i].0, key, "the launches follow profiled_kernels");
        println!("profile {i} {key} {kernel} {blocks} {check}");
        i += 1;
    };
    for &(m, n) in copies {
        let (mu, nu) = (m as usize, n as usize);
        for elem in [Elem::F32, Elem::F16] {
            for transpose in [false, true] {
                let e = if elem == Elem::F32 { "f32" } else { "f16" };
                let name = format!("{}_{e}", if transpose { "transpose" } else { "copy" });
                let k = tiled(elem, m, n, transpose).compile(&gpu.dev, &name)?;
                let host: Vec<u32> = (0..mu * nu).map(|x| (x % 65_521) as u32).collect();
                let wrong = if elem == Elem::F32 {
                    let h: Vec<f32> = host.iter().map(|&x| x as f32).collect();
                    let src = gpu.stream.memcpy_stod(&h)?;
                    let mut dst = gpu.stream.alloc_zeros::<f32>(h.len())?;
                    k.launch(&gpu.stream, &src, &mut dst)?;
                    wrong(&gpu.stream.memcpy_dtov(&dst)?, &h, mu, nu, transpose)
                } else {
                    let h: Vec<u16> = host.iter().map(|&x| x as u16).collect();
                    let src = gpu.stream.memcpy_stod(&h)?;
                    let mut dst = gpu.stream.alloc_zeros::<u16>(h.len())?;
                    k.launch(&gpu.stream, &src, &mut dst)?;
                    wrong(&gpu.stream.memcpy_dtov(&dst)?, &h, mu, nu, transpose)
                };
                if wrong > 0 {
                    gpu.wrong.set(gpu.wrong.get() + 1);
                }
                line(
                    &format!("{name} {m}x{n}"),
                    &name,
                    k.kernel().blocks(),
                    verdict(wrong),
                );
            }
        }
    }
    for &(m, n, k) in gemms {
        let (mu, nu, ku) = (m as usize, n as usize, k as usize);
        let (a, b) = (grid_values(mu * ku, 1), grid_values(ku * nu, 2));
        let a_dev = gpu
            .stream
            .memcpy_stod(&host_matrix::<half::f16>(&a, mu, ku, true))?;
        let b_dev = gpu
            .stream
            .memcpy_stod(&host_matrix::<half::f16>(&b, ku, nu, false))?;
        let (al, bl, cl) = (
            matrix(m, k, k, true),
            matrix(n, k, k, true),
            matrix(m, n, n, true),
        );
        let mut plain = Gemm::new(MmaType::F16, al, bl, cl);
        plain.tiling = mma;
        let tuned = Gemm::tuned(MmaType::F16, al, bl, cl, sms)?;
        for (what, g) in [("mma.sync", plain), ("tuned", tuned)] {
            let mut kern = g.compile(&gpu.dev)?;
            if one_tile {
                kern.kernel_mut().one_block_per_tile();
            }
            let mut c = gpu.stream.alloc_zeros::<half::f16>(mu * nu)?;
            kern.launch(&gpu.stream, &a_dev, &b_dev, &mut c)?;
            let got = gpu.stream.memcpy_dtov(&c)?;
            // 64 sampled points against the exact dot product
            let mut bad = 0;
            for (r, col) in crate::gemm::sample_points(mu, nu).take(64) {
                let e: f64 = (0..ku)
                    .map(|l| a[r * ku + l] as f64 * b[l * nu + col] as f64)
                    .sum();
                let x = got[r * nu + col].to_f32() as f64;
                if (x - e).abs() > 2f64.powi(-9) * e.abs().max(1.0) {
                    bad += 1;
                }
            }
            if bad > 0 {
                gpu.wrong.set(gpu.wrong.get() + 1);
            }
            line(
                &format!("gemm_f16 {what} {m}x{n}x{k}"),
                "gemm_f16",
                kern.kernel().blocks(),
                verdict(bad),
            );
        }
    }
    for &(m, n, k) in kinds {
        let (mu, nu, ku) = (m as usize, n as usize, k as usize);
        for (key, g) in rcute_cuda::traffic::profiled_gemm_kinds(m, n, k, sms)? {
            let name = format!("gemm_{}", g.ty.ptx());
            // A as M x K, B as K x N, row-major logical values; the layouts' majors
            let a_row = g.a.stride().leaf(1).value() == 1;
            let b_row = g.b.stride().leaf(0).value() == 1;
            let e4m3 = g.ty == MmaType::E4M3;
            let (a, b) = if e4m3 {
                (fp8_values(mu * ku, 1), fp8_values(ku * nu, 2))
            } else {
                (grid_values(mu * ku, 1), grid_values(ku * nu, 2))
            };
            let mut kern = g.compile(&gpu.dev)?;
            if one_tile {
                kern.kernel_mut().one_block_per_tile();
            }
            let got: Vec<f32> = match g.ty {
                MmaType::F16 => run_typed::<half::f16, half::f16>(
                    gpu,
                    &kern,
                    &a,
                    &b,
                    (mu, nu, ku),
                    a_row,
                    b_row,
                )?,
                MmaType::Bf16 => run_typed::<half::bf16, half::bf16>(
                    gpu,
                    &kern,
                    &a,
                    &b,
                    (mu, nu, ku),
                    a_row,
                    b_row,
                )?,
                MmaType::E4M3 => {
                    run_typed::<E4m3, half::bf16>(gpu, &kern, &a, &b, (mu, nu, ku), a_row, b_row)?
                }
            };
            let rel = if g.ty == MmaType::F16 {
                2f64.powi(-9)
            } else {
                2f64.powi(-6)
            };
            let mut bad = 0;
            for (r, col) in crate::gemm::sample_points(mu, nu).take(64) {
                let e: f64 = (0..ku)
                    .map(|l| a[r * ku + l] as f64 * b[l * nu + col] as f64)
                    .sum();
                if (got[r * nu + col] as f64 - e).abs() > rel * e.abs().max(1.0) {
                    bad += 1;
                }
            }
            if bad > 0 {
                gpu.wrong.set(gpu.wrong.get() + 1);
            }
            println!(
                "profile {} {key} {name} {} {}",
                keys.len() + extra,
                kern.kernel().blocks(),
                verdict(bad)
            );
            extra += 1;
        }
    }
    gpu.stream.synchronize()?;
    Ok(())
}

/// Launches `kern` once on `a` (M x K) and `b` (K x N) stored with the given majors, and
/// returns `C` as `f32`.
fn run_typed<T: GemmElement, O: GemmElement + cudarc::driver::ValidAsZeroBits>(
    gpu: &Gpu,
    kern: &rcute_cuda::launch::CompiledGemm,
    a: &[f32],
    b: &[f32],
    (m, n, k): (usize, usize, usize),
    a_row: bool,
    b_row: bool,
) -> Res<Vec<f32>> {
    let a_dev = gpu.stream.memcpy_stod(&host_matrix::<T>(a, m, k, a_row))?;
    let b_dev = gpu.stream.memcpy_stod(&host_matrix::<T>(b, k, n, b_row))?;
    let mut c = gpu.stream.alloc_zeros::<O>(m * n)?;
    kern.launch(&gpu.stream, &a_dev, &b_dev, &mut c)?;
    Ok(gpu
        .stream
        .memcpy_dtov(&c)?
        .into_iter()
        .map(GemmElement::to_f32)
        .collect())
}

fn verdict(wrong: usize) -> String {
    if wrong == 0 {
        "checked".into()
    } else {
        format!("WRONG: {wrong} elements")
    }
}

fn wrong<T: PartialEq>(got: &[T], host: &[T], m: usize, n: usize, transpose: bool) -> usize {
    let mut bad = 0;
    for r in 0..m {
        for c in 0..n {
            let at = if transpose { c * m + r } else { r * n + c };
            bad += usize::from(got[at] != host[r * n + c]);
        }
    }
    bad
}
