//! The GEMM rows of the benchmark: rcute's kernel and cuBLAS on the same data, checked
//! against each other element by element and against exact dot products at sampled
//! points, then timed.

use crate::{Gpu, Res};
use cudarc::cublas::{CudaBlas, Gemm as _, GemmConfig, sys::cublasOperation_t};
use cudarc::driver::CudaSlice;
use rcute_cuda::gemm::{Activation, Epilogue, Gemm, Instr, MmaType, Tiling};
use rcute_cuda::kernel::matrix;
use rcute_cuda::launch::{GemmArgs, GemmElement, grid_values, host_matrix};

/// A 16-bit element as cuBLAS and the host see it.
trait Half: GemmElement<Output = Self> + cudarc::driver::ValidAsZeroBits + Copy + Default {}

impl<T: GemmElement<Output = T> + cudarc::driver::ValidAsZeroBits + Copy + Default> Half for T {}

/// cuBLAS's operation and leading dimension for an operand stored `k_contiguous` or not,
/// as the first (`N x K`, column-major) or second (`K x M`) operand of `C^T = B^T A^T`.
fn op(k_contiguous: bool, first: bool, rows: i32, k: i32) -> (cublasOperation_t, i32) {
    match (first, k_contiguous) {
        (true, false) => (cublasOperation_t::CUBLAS_OP_N, rows),
        (true, true) => (cublasOperation_t::CUBLAS_OP_T, k),
        (false, true) => (cublasOperation_t::CUBLAS_OP_N, k),
        (false, false) => (cublasOperation_t::CUBLAS_OP_T, rows),
    }
}

/// One GEMM size: every element type and operand layout.
/// The name of a GEMM case, `"f16 A col B row"`; with its size, the key of its cuBLAS time
/// in `Gpu::cublas_ms`.
pub fn label(ty: MmaType, a_row: bool, b_row: bool) -> String {
    let major = |row: bool| if row { "row" } else { "col" };
    format!("{} A {} B {}", ty.ptx(), major(a_row), major(b_row))
}

/// Which kernels a GEMM row runs, and how.
pub struct How<'a> {
    /// The `mma.sync` and `wgmma` rows' tilings.
    pub tilings: (Tiling, Tiling),
    /// cuBLAS and `tuned` only (and the `--splits` rows).
    pub tuned_only: bool,
    /// A row `tuned splits N` for each: the tuned kernel with `N` splits of `K`.
    pub splits: &'a [i64],
    /// Print each kernel's source.
    pub show: bool,
    /// `f16` alone (not `bf16` too).
    pub f16_only: bool,
    /// A row `tuned bias+gelu`: the tuned kernel with a fused per-column bias and GELU.
    pub epilogue: bool,
}

pub fn run(gpu: &Gpu, (m, n, k): (i64, i64, i64), layouts: &[(bool, bool)], how: &How) -> Res<()> {
    let (mu, nu, ku) = (m as usize, n as usize, k as usize);
    // A is M x K, B is K x N (row-major logical values)
    let a = grid_values(mu * ku, 1);
    let b = grid_values(ku * nu, 2);
    let blas = CudaBlas::new(gpu.stream.clone())?;
    typed::<half::f16>(gpu, &blas, (m, n, k), &a, &b, layouts, how)?;
    if how.f16_only {
        return Ok(());
    }
    typed::<half::bf16>(gpu, &blas, (m, n, k), &a, &b, layouts, how)
}

#[allow(clippy::too_many_arguments)]
fn typed<T: Half>(
    gpu: &Gpu,
    blas: &CudaBlas,
    (m, n, k): (i64, i64, i64),
    a: &[f32],
    b: &[f32],
    layouts: &[(bool, bool)],
    how: &How,
) -> Res<()>
where
    CudaBlas: cudarc::cublas::Gemm<T>,
{
    let ((mma, wgmma), tuned_only, show) = (how.tilings, how.tuned_only, how.show);
    let (mu, nu, ku) = (m as usize, n as usize, k as usize);
    let flops = 2.0 * (m * n * k) as f64;
    let size = format!("{m}x{n}x{k}");
    for &(a_row, b_row) in layouts {
        // A (M,K): row-major is K-major. B is K x N: row-major is N-major, as (N,K)
        let a_dev = gpu
            .stream
            .memcpy_stod(&host_matrix::<T>(a, mu, ku, a_row))?;
        let b_dev = gpu
            .stream
            .memcpy_stod(&host_matrix::<T>(b, ku, nu, b_row))?;
        let a_l = matrix(m, k, if a_row { k } else { m }, a_row);
        let b_l = matrix(n, k, if b_row { n } else { k }, !b_row);
        let c_l = matrix(m, n, n, true);
        let what = label(T::TYPE, a_row, b_row);

        // cuBLAS: C^T (N x M column-major) = B^T (N x K) * A^T (K x M)
        let mut c_ref = gpu.stream.alloc_zeros::<T>(mu * nu)?;
        let (ta, lda) = op(!b_row, true, n as i32, k as i32);
        let (tb, ldb) = op(a_row, false, m as i32, k as i32);
        let cfg = GemmConfig {
            transa: ta,
            transb: tb,
            m: n as i32,
            n: m as i32,
            k: k as i32,
            alpha: T::from_f32(1.0),
            lda,
            ldb,
            beta: T::from_f32(0.0),
            ldc: n as i32,
        };
        let cublas = |c: &mut CudaSlice<T>| -> Res<()> {
            // SAFETY: `b_dev` is N x K and `a_dev` K x M as described by `cfg` (their
            // leading dimensions from `op`), `c` holds M * N elements.
            unsafe { blas.gemm(cfg, &b_dev, &a_dev, c) }?;
            Ok(())
        };
        cublas(&mut c_ref)?;
        let reference: Vec<f32> = gpu
            .stream
            .memcpy_dtov(&c_ref)?
            .iter()
            .map(|x| x.to_f32())
            .collect();
        let t_blas = gpu.time(|| cublas(&mut c_ref))?;
        gpu.cublas_ms
            .borrow_mut()
            .push((format!("{what} {size}"), t_blas));

        // the fewest bytes a GEMM moves: A and B read once, C written once
        let bytes = 2.0 * (m * k + n * k + m * n) as f64;
        println!(
            "{:<34} {size:>16} {t_blas:>9.3} ms {:>7.1} TFLOP/s  1.00   {:.0} GB/s",
            format!("cuBLAS {what}"),
            flops / t_blas / 1e9,
            bytes / t_blas / 1e6
        );
        // mma.sync, wgmma (not specialized), and the specialized wgmma kernel where the
        // operands load by TMA (otherwise it is the same kernel as the one before)
        let plain = Tiling {
            specialized: false,
            ..wgmma
        };
        let single = Tiling {
            cluster: 1,
            ..wgmma
        };
        // and the kernel `Gemm::tuned` picks for the problem
        let tuned = Gemm::tuned(T::TYPE, a_l, b_l, c_l, gpu.dev.multiprocessors())?;
        let variants = [
            (Instr::MmaSync, mma, "mma.sync".to_string()),
            (Instr::Wgmma, plain, "wgmma".to_string()),
            (Instr::Wgmma, single, "wgmma ws".to_string()),
            (Instr::Wgmma, wgmma, "wgmma ws cluster".to_string()),
            (tuned.instr, tuned.tiling, "tuned".to_string()),
        ];
        // the tuned kernel with each `--splits`
        let split_rows = how.splits.iter().map(|&s| {
            let t = Tiling {
                splits: s,
                ..tuned.tiling
            };
            (tuned.instr, t, format!("tuned splits {s}"))
        });
        for (instr, tiling, iname) in variants.into_iter().chain(split_rows) {
            let mut g = Gemm::new(T::TYPE, a_l, b_l, c_l);
            g.instr = instr;
            g.tiling = tiling;
            let tuned_row = iname.starts_with("tuned");
            if !tuned_row
                && (tuned_only
                    || tiling.specialized && !g.plan()?.specialized()
                    || iname == "wgmma ws cluster" && wgmma.cluster == 1)
            {
                continue;
            }
            if tiling.splits > 1
                && let Err(e) = g.plan()
            {
                println!("rcute {iname} {what}: not built ({e})");
                continue;
            }
            if iname == "tuned" {
                let t = tiling;
                println!(
                    "tuned: {instr:?} {}x{}x{}, {} stages{}{}",
                    t.bm,
                    t.bn,
                    t.bk,
                    t.stages,
                    if instr == Instr::Wgmma && g.plan()?.specialized() {
                        format!(", specialized, clusters of {}", t.cluster)
                    } else {
                        String::new()
                    },
                    if t.splits > 1 {
                        format!(", {} splits of K", t.splits)
                    } else {
                        String::new()
                    }
                );
            }
            let kern = g.compile(&gpu.dev)?;
            if show {
                println!("{}", kern.kernel().kernel().source);
            }
            let mut c = gpu.stream.alloc_zeros::<T>(mu * nu)?;
            let launch = |c: &mut CudaSlice<T>| -> Res<()> {
                Ok(kern.launch(&gpu.stream, &a_dev, &b_dev, c)?)
            };
            launch(&mut c)?;
            let got: Vec<f32> = gpu
                .stream
                .memcpy_dtov(&c)?
                .iter()
                .map(|x| x.to_f32())
                .collect();
            let t_ours = gpu.time(|| launch(&mut c))?;
            let check = compare(&got, &reference, a, b, (mu, nu, ku), T::TYPE);
            if !check.ok {
                gpu.wrong.set(gpu.wrong.get() + 1);
            }
            println!(
                "{:<34} {size:>16} {t_ours:>9.3} ms {:>7.1} TFLOP/s  {:.2}   {:.0} GB/s, {}, {} blocks",
                format!("rcute {iname} {what}"),
                flops / t_ours / 1e9,
                t_blas / t_ours,
                bytes / t_ours / 1e6,
                check.summary,
                kern.kernel().blocks()
            );
        }
        if how.epilogue {
            // the tuned kernel with a fused bias and GELU, against cuBLAS's product with
            // the bias and GELU applied on the host
            let mut g = tuned.clone();
            g.epilogue = Epilogue {
                bias: true,
                activation: Activation::Gelu,
                ..Epilogue::default()
            };
            let kern = g.compile(&gpu.dev)?;
            let bias: Vec<f32> = grid_values(nu, 7).iter().map(|x| x * 8.0).collect();
            let dbias = gpu.stream.memcpy_stod(&bias)?;
            let mut c = gpu.stream.alloc_zeros::<T>(mu * nu)?;
            let launch = |c: &mut CudaSlice<T>| -> Res<()> {
                let args = GemmArgs {
                    bias: Some(&dbias),
                    ..GemmArgs::default()
                };
                Ok(kern.launch_with(&gpu.stream, &a_dev, &b_dev, c, &args)?)
            };
            launch(&mut c)?;
            let got = gpu.stream.memcpy_dtov(&c)?;
            let gelu = |x: f64| {
                0.5 * x
                    * (1.0
                        + ((2.0 / std::f64::consts::PI).sqrt() * (x + 0.044715 * x * x * x)).tanh())
            };
            let want: Vec<f64> = (0..mu * nu)
                .map(|i| gelu(reference[i] as f64 + bias[i % nu] as f64))
                .collect();
            let scale = want.iter().fold(1f64, |s, x| s.max(x.abs()));
            let (err, bad) = errors(
                got.iter()
                    .map(|x| x.to_f32() as f64)
                    .zip(want.iter().copied()),
                scale,
                2f64.powi(-6),
            );
            if bad > 0 {
                gpu.wrong.set(gpu.wrong.get() + 1);
            }
            let t_ours = gpu.time(|| launch(&mut c))?;
            println!(
                "{:<34} {size:>16} {t_ours:>9.3} ms {:>7.1} TFLOP/s  {:.2}   max rel err {err:.1e} vs cuBLAS + bias + GELU on the host{}",
                format!("rcute tuned bias+gelu {what}"),
                flops / t_ours / 1e9,
                t_blas / t_ours,
                if bad > 0 {
                    format!(" WRONG: {bad} elements")
                } else {
                    String::new()
                }
            );
        }
    }
    Ok(())
}

struct Check {
    ok: bool,
    summary: String,
}

/// The exact products `A * B` (f64 over the 16-bit inputs), row-major, on all host cores.
pub(crate) fn exact(a: &[f32], b: &[f32], (m, n, k): (usize, usize, usize)) -> Vec<f64> {
    let mut bt = vec![0f64; n * k];
    for l in 0..k {
        for j in 0..n {
            bt[j * k + l] = b[l * n + j] as f64;
        }
    }
    let mut out = vec![0f64; m * n];
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get());
    let rows = m.div_ceil(threads).max(1);
    std::thread::scope(|s| {
        for (t, chunk) in out.chunks_mut(rows * n).enumerate() {
            let bt = &bt;
            s.spawn(move || {
                for (r, row) in chunk.chunks_mut(n).enumerate() {
                    let ar = &a[(t * rows + r) * k..][..k];
                    for (j, x) in row.iter_mut().enumerate() {
                        let bj = &bt[j * k..][..k];
                        *x = ar.iter().zip(bj).map(|(&p, &q)| p as f64 * q).sum();
                    }
                }
            });
        }
    });
    out
}

/// The largest error of `got` against `want` relative to `want`'s largest magnitude, and
/// how many elements are off by more than the tolerance: `rel` of the element's magnitude
/// (two roundings to the output type and the f32 accumulation), but at least `rel` of a
/// sixteenth of the largest magnitude (results near zero).
/// The 256 points `(row, column)` of an `m x n` result that the checks of large products
/// compare with the exact dot product (the same points in every run).
pub fn sample_points(m: usize, n: usize) -> impl Iterator<Item = (usize, usize)> {
    let mut x = 12345u64;
    (0..256).map(move |_| {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((x >> 20) as usize % m, (x >> 42) as usize % n)
    })
}

fn errors(got: impl Iterator<Item = (f64, f64)>, scale: f64, rel: f64) -> (f64, usize) {
    let mut max_err = 0f64;
    let mut bad = 0usize;
    for (x, w) in got {
        let err = (x - w).abs();
        max_err = max_err.max(err);
        if err.is_nan() || err > rel * w.abs().max(scale / 16.0) {
            bad += 1;
        }
    }
    (max_err / scale, bad)
}

/// Checks the result. Up to 2^31 multiply-adds every element is compared with the exact
/// product (computed on the host), and so is cuBLAS's, for reference; above, every
/// element is compared with cuBLAS and 256 sampled elements of both with the exact dot
/// product.
fn compare(
    got: &[f32],
    reference: &[f32],
    a: &[f32],
    b: &[f32],
    (m, n, k): (usize, usize, usize),
    ty: MmaType,
) -> Check {
    let rel = match ty {
        MmaType::F16 => 2f64.powi(-9),
        MmaType::Bf16 | MmaType::E4M3 => 2f64.powi(-6),
    };
    let verdict = |bad: usize, what: &str| {
        if bad == 0 {
            String::new()
        } else {
            format!(" WRONG: {bad} elements off {what}")
        }
    };
    if (m * n * k) as u64 <= 1 << 31 {
        let want = exact(a, b, (m, n, k));
        let scale = want.iter().fold(1f64, |s, x| s.max(x.abs()));
        let pairs = |v: &[f32]| {
            v.iter()
                .map(|&x| x as f64)
                .zip(want.iter().copied())
                .collect::<Vec<_>>()
        };
        let (ours, bad) = errors(pairs(got).into_iter(), scale, rel);
        let (blas, _) = errors(pairs(reference).into_iter(), scale, rel);
        return Check {
            ok: bad == 0,
            summary: format!(
                "max rel err {ours:.1e} vs exact (cuBLAS {blas:.1e}){}",
                verdict(bad, "the exact product")
            ),
        };
    }
    let scale = reference.iter().fold(1f64, |s, x| s.max(x.abs() as f64));
    let (ours, bad) = errors(
        got.iter()
            .map(|&x| x as f64)
            .zip(reference.iter().map(|&x| x as f64)),
        scale,
        rel,
    );
    // exact dot products at sampled points
    let mut samples = Vec::new();
    for (i, j) in sample_points(m, n) {
        let e: f64 = (0..k)
            .map(|l| a[i * k + l] as f64 * b[l * n + j] as f64)
            .sum();
        samples.push((got[i * n + j] as f64, e));
        samples.push((reference[i * n + j] as f64, e));
    }
    let (_, sample_bad) = errors(samples.into_iter(), scale, rel);
    Check {
        ok: bad == 0 && sample_bad == 0,
        summary: format!(
            "max rel err {ours:.1e} vs cuBLAS{}{}",
            verdict(bad, "cuBLAS"),
            verdict(sample_bad, "the exact product at 256 sampled points (both)")
        ),
    }
}
