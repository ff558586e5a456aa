//! The grouped GEMM (`--moe G N K SIZES`): the rows of `G` groups (`SIZES`, comma-separated)
//! through `G` matrices `N x K` in one launch of rcute's grouped kernel, against cuBLAS
//! run once per group on the same data (the loop timed as a whole), bf16, both operands
//! K-major; every group's rows compared with cuBLAS's.

use crate::{Gpu, Res};
use cudarc::cublas::{CudaBlas, Gemm as _, GemmConfig, sys::cublasOperation_t};
use rcute_cuda::gemm::{GROUP_ALIGN, Gemm};
use rcute_cuda::kernel::matrix;
use rcute_cuda::launch::{GemmArgs, GemmElement, grid_values, group_tiles, host_matrix};

type T = half::bf16;

pub fn run(gpu: &Gpu, (n, k): (usize, usize), sizes: &[usize]) -> Res<()> {
    let s = &gpu.stream;
    let groups = sizes.len();
    let (first, rows, tiles) = group_tiles(sizes, GROUP_ALIGN as usize);
    let mut a = vec![T::from_f32(0.0); rows * k];
    let mut b = Vec::with_capacity(groups * n * k);
    for (g, &sz) in sizes.iter().enumerate() {
        let ag = host_matrix::<T>(&grid_values(sz * k, 30 + g as u64), sz, k, true);
        a[first[g] * k..][..sz * k].copy_from_slice(&ag);
        b.extend(host_matrix::<T>(
            &grid_values(k * n, 40 + g as u64),
            k,
            n,
            false,
        ));
    }
    let (da, db, dt) = (
        s.memcpy_stod(&a)?,
        s.memcpy_stod(&b)?,
        s.memcpy_stod(&tiles)?,
    );
    let blas = CudaBlas::new(s.clone())?;
    // cuBLAS per group: C_g^T (N x M_g, column-major) = B_g^T (N x K) A_g^T (K x M_g)
    let mut c_ref = s.alloc_zeros::<T>(rows * n)?;
    let cublas = |c: &mut cudarc::driver::CudaSlice<T>| -> Res<()> {
        for (g, &sz) in sizes.iter().enumerate() {
            if sz == 0 {
                continue;
            }
            let cfg = GemmConfig {
                transa: cublasOperation_t::CUBLAS_OP_T,
                transb: cublasOperation_t::CUBLAS_OP_N,
                m: n as i32,
                n: sz as i32,
                k: k as i32,
                alpha: T::from_f32(1.0),
                lda: k as i32,
                ldb: k as i32,
                beta: T::from_f32(0.0),
                ldc: n as i32,
            };
            let bg = db.slice(g * n * k..(g + 1) * n * k);
            let ag = da.slice(first[g] * k..(first[g] + sz) * k);
            let mut cg = c.slice_mut(first[g] * n..(first[g] + sz) * n);
            // SAFETY: bg is N x K (K-major), ag M_g x K (K-major), cg M_g x N, as `cfg`
            // describes them.
            unsafe { blas.gemm(cfg, &bg, &ag, &mut cg) }?;
        }
        Ok(())
    };
    cublas(&mut c_ref)?;
    let reference = s.memcpy_dtov(&c_ref)?;
    let t_blas = gpu.time(|| cublas(&mut c_ref))?;
    let g = Gemm::tuned_grouped(
        T::TYPE,
        matrix(rows as i64, k as i64, k as i64, true),
        matrix((groups * n) as i64, k as i64, k as i64, true),
        matrix(rows as i64, n as i64, n as i64, true),
        groups as i64,
        gpu.dev.multiprocessors(),
    )?;
    let kern = g.compile(&gpu.dev)?;
    let mut c = s.alloc_zeros::<T>(rows * n)?;
    let args = GemmArgs {
        groups: Some(&dt),
        ..GemmArgs::default()
    };
    let launch = |c: &mut cudarc::driver::CudaSlice<T>| -> Res<()> {
        Ok(kern.launch_with(s, &da, &db, c, &args)?)
    };
    launch(&mut c)?;
    let got = s.memcpy_dtov(&c)?;
    let t_ours = gpu.time(|| launch(&mut c))?;
    let (mut bad, mut max_err, mut scale) = (0usize, 0f64, 1f64);
    for (g, &sz) in sizes.iter().enumerate() {
        for x in &reference[first[g] * n..(first[g] + sz) * n] {
            scale = scale.max(x.to_f32().abs() as f64);
        }
    }
    for (g, &sz) in sizes.iter().enumerate() {
        for i in first[g] * n..(first[g] + sz) * n {
            let (x, w) = (got[i].to_f32() as f64, reference[i].to_f32() as f64);
            let err = (x - w).abs();
            max_err = max_err.max(err);
            if err.is_nan() || err > 2f64.powi(-6) * w.abs().max(scale / 16.0) {
                bad += 1;
            }
        }
    }
    if bad > 0 {
        gpu.wrong.set(gpu.wrong.get() + 1);
    }
    let tokens: usize = sizes.iter().sum();
    let flops = 2.0 * (tokens * n * k) as f64;
    let what = format!("{groups} x {n}x{k}, {tokens} rows");
    println!(
        "{:<40} {t_blas:>9.3} ms {:>7.1} TFLOP/s  1.00",
        format!("cuBLAS per group bf16 {what}"),
        flops / t_blas / 1e9
    );
    println!(
        "{:<40} {t_ours:>9.3} ms {:>7.1} TFLOP/s  {:.2}   max rel err {:.1e} vs cuBLAS{}, {}x{} tiles",
        format!("rcute grouped bf16 {what}"),
        flops / t_ours / 1e9,
        t_blas / t_ours,
        max_err / scale,
        if bad > 0 {
            format!(" WRONG: {bad} elements")
        } else {
            String::new()
        },
        g.tiling.bm,
        g.tiling.bn
    );
    Ok(())
}
