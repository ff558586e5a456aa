//! The FP8 GEMM rows (`--fp8`): rcute's e4m3 `wgmma` kernel and cuBLASLt's FP8 GEMM on the
//! same data, both operands K-major (the `TN` layout cuBLASLt's FP8 GEMM requires), `C`
//! bfloat16, `f32` accumulation. cudarc's safe `cublaslt::Matmul` covers f32, f16 and bf16
//! only, so cuBLASLt is called through cudarc's raw bindings (`cublaslt::result`).
//!
//! The inputs are exact in e4m3 and their sums exact in `f32` ([`fp8_values`]), so every
//! element of a right result is the exact product rounded once to bfloat16: up to 2^31
//! multiply-adds every element of both results is compared with it; above, every element of
//! rcute's with cuBLASLt's, and 256 sampled elements of both with it.

use crate::gemm::{exact, sample_points};
use crate::{Gpu, Res};
use core::ffi::c_void;
use cudarc::cublaslt::{result as lt, sys};
use cudarc::driver::{CudaSlice, DevicePtr, DevicePtrMut};
use half::bf16;
use rcute_cuda::gemm::{Gemm, Instr, MmaType, Tiling};
use rcute_cuda::kernel::matrix;
use rcute_cuda::launch::{E4m3, fp8_values, host_matrix};

/// cuBLASLt's workspace.
const WORKSPACE: usize = 32 << 20;

/// One cuBLASLt FP8 GEMM, `D (N x M, column-major) = B^T (N x K) * A^T (K x M)`, that is
/// `C (M x N, row-major) = A (M,K) * B (N,K)^T` with both K-major: the descriptors, the
/// heuristic's first algorithm and the workspace.
struct LtFp8 {
    handle: sys::cublasLtHandle_t,
    desc: sys::cublasLtMatmulDesc_t,
    layouts: [sys::cublasLtMatrixLayout_t; 3],
    algo: sys::cublasLtMatmulAlgo_t,
    workspace: CudaSlice<u8>,
}

impl LtFp8 {
    /// `fast_accum`: cuBLASLt's `CUBLASLT_MATMUL_DESC_FAST_ACCUM`, accumulating in the
    /// tensor cores throughout as rcute's kernel does (without it cuBLASLt promotes the
    /// partial sums to `f32` registers at intervals).
    fn new(gpu: &Gpu, (m, n, k): (i64, i64, i64), fast_accum: bool) -> Res<LtFp8> {
        let handle = lt::create_handle()?;
        let desc = lt::create_matmul_desc(
            sys::cublasComputeType_t::CUBLAS_COMPUTE_32F,
            sys::cudaDataType::CUDA_R_32F,
        )?;
        // cublasOperation_t as int32: T for the first operand, N for the second (TN)
        let (t, nt, fast) = (1i32, 0i32, i8::from(fast_accum));
        let set = |attr, v: *const c_void, size| {
            // SAFETY: `desc` is live and `v` points to `size` bytes of the attribute's type.
            unsafe { lt::set_matmul_desc_attribute(desc, attr, v, size) }
        };
        use sys::cublasLtMatmulDescAttributes_t as D;
        set(D::CUBLASLT_MATMUL_DESC_TRANSA, (&raw const t).cast(), 4)?;
        set(D::CUBLASLT_MATMUL_DESC_TRANSB, (&raw const nt).cast(), 4)?;
        set(
            D::CUBLASLT_MATMUL_DESC_FAST_ACCUM,
            (&raw const fast).cast(),
            1,
        )?;
        let e4m3 = sys::cudaDataType::CUDA_R_8F_E4M3;
        let layouts = [
            // B's buffer: K x N column-major (ld K), transposed; A's: K x M (ld K)
            lt::create_matrix_layout(e4m3, k as u64, n as u64, k)?,
            lt::create_matrix_layout(e4m3, k as u64, m as u64, k)?,
            // C and D: N x M column-major = M x N row-major
            lt::create_matrix_layout(sys::cudaDataType::CUDA_R_16BF, n as u64, m as u64, n)?,
        ];
        let pref = lt::create_matmul_pref()?;
        let bytes = WORKSPACE as u64;
        // SAFETY: `pref` is live, the attribute is a u64; the layouts and descriptors are
        // live and describe the operands as the launches pass them.
        let algo = unsafe {
            lt::set_matmul_pref_attribute(
                pref,
                sys::cublasLtMatmulPreferenceAttributes_t::CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                (&raw const bytes).cast(),
                8,
            )?;
            let h = lt::get_matmul_algo_heuristic(
                handle, desc, layouts[0], layouts[1], layouts[2], layouts[2], pref,
            );
            lt::destroy_matmul_pref(pref)?;
            h?.algo
        };
        Ok(LtFp8 {
            handle,
            desc,
            layouts,
            algo,
            workspace: gpu.stream.alloc_zeros::<u8>(WORKSPACE)?,
        })
    }

    /// Enqueues `C = A * B^T` on the bench's stream.
    fn run(
        &mut self,
        gpu: &Gpu,
        a: &CudaSlice<E4m3>,
        b: &CudaSlice<E4m3>,
        c: &mut CudaSlice<bf16>,
    ) -> Res<()> {
        let s = &gpu.stream;
        let (alpha, beta) = (1f32, 0f32);
        let (pa, _ga) = a.device_ptr(s);
        let (pb, _gb) = b.device_ptr(s);
        let (pc, _gc) = c.device_ptr_mut(s);
        let (pw, _gw) = self.workspace.device_ptr_mut(s);
        let [lb, la, lc] = self.layouts;
        // SAFETY: the buffers hold the matrices the layouts describe (A M x K, B N x K,
        // C M x N), the workspace WORKSPACE bytes; alpha and beta are f32 (the scale type),
        // host pointers (the default pointer mode); C is D (beta 0).
        unsafe {
            lt::matmul(
                self.handle,
                self.desc,
                (&raw const alpha).cast(),
                (&raw const beta).cast(),
                pb as *const c_void,
                lb,
                pa as *const c_void,
                la,
                pc as *const c_void,
                lc,
                pc as *mut c_void,
                lc,
                &self.algo,
                pw as *mut c_void,
                WORKSPACE,
                s.cu_stream() as sys::cudaStream_t,
            )
        }?;
        Ok(())
    }
}

impl Drop for LtFp8 {
    fn drop(&mut self) {
        // SAFETY: created in `new`, destroyed once here.
        unsafe {
            for l in self.layouts {
                let _ = lt::destroy_matrix_layout(l);
            }
            let _ = lt::destroy_matmul_desc(self.desc);
            let _ = lt::destroy_handle(self.handle);
        }
    }
}

/// The FP8 rows of one GEMM size: cuBLASLt with and without fast accumulation, then rcute's
/// tuned kernel and the `wgmma` tiling of the command line (`BK` 128), each checked; the
/// ratio is to the faster cuBLASLt.
pub fn run(gpu: &Gpu, (m, n, k): (i64, i64, i64), wgmma: Tiling, show: bool) -> Res<()> {
    let (mu, nu, ku) = (m as usize, n as usize, k as usize);
    let a = fp8_values(mu * ku, 1);
    let b = fp8_values(ku * nu, 2);
    let s = &gpu.stream;
    // A (M,K) row-major; B is K x N, column-major: (N,K) K-major
    let a_dev = s.memcpy_stod(&host_matrix::<E4m3>(&a, mu, ku, true))?;
    let b_dev = s.memcpy_stod(&host_matrix::<E4m3>(&b, ku, nu, false))?;
    let flops = 2.0 * (m * n * k) as f64;
    let size = format!("{m}x{n}x{k}");
    let small = (m * n * k) as u64 <= 1 << 31;
    let want = small.then(|| exact(&a, &b, (mu, nu, ku)));
    let mut reference = Vec::new();
    let mut t_best = f64::INFINITY;
    for (fast, name) in [(true, "cuBLASLt e4m3 fast accum"), (false, "cuBLASLt e4m3")] {
        let mut lt = LtFp8::new(gpu, (m, n, k), fast)?;
        let mut c = s.alloc_zeros::<bf16>(mu * nu)?;
        lt.run(gpu, &a_dev, &b_dev, &mut c)?;
        let got = s.memcpy_dtov(&c)?;
        let t = gpu.time(|| lt.run(gpu, &a_dev, &b_dev, &mut c))?;
        let summary = check(&got, None, want.as_deref(), &a, &b, (mu, nu, ku));
        if fast {
            reference = got;
        }
        t_best = t_best.min(t);
        println!(
            "{name:<34} {size:>16} {t:>9.3} ms {:>7.1} TFLOP/s  {:.2}   {summary}",
            flops / t / 1e9,
            t_best / t
        );
    }
    let (a_l, b_l, c_l) = (
        matrix(m, k, k, true),
        matrix(n, k, k, true),
        matrix(m, n, n, true),
    );
    let tuned = Gemm::tuned(MmaType::E4M3, a_l, b_l, c_l, gpu.dev.multiprocessors())?;
    let cli = Tiling { bk: 128, ..wgmma };
    let mut rows = vec![(tuned.tiling, "tuned")];
    if cli != tuned.tiling {
        rows.push((cli, "wgmma"));
    }
    for (tiling, iname) in rows {
        let g = Gemm {
            instr: Instr::Wgmma,
            tiling,
            ..Gemm::new(MmaType::E4M3, a_l, b_l, c_l)
        };
        let t = tiling;
        println!(
            "{iname}: e4m3 {}x{}x{}, {} stages, clusters of {}, {} splits of K",
            t.bm, t.bn, t.bk, t.stages, t.cluster, t.splits
        );
        let kern = g.compile(&gpu.dev)?;
        if show {
            println!("{}", kern.kernel().kernel().source);
        }
        let mut c = s.alloc_zeros::<bf16>(mu * nu)?;
        kern.launch(s, &a_dev, &b_dev, &mut c)?;
        let got = s.memcpy_dtov(&c)?;
        let t = gpu.time(|| Ok(kern.launch(s, &a_dev, &b_dev, &mut c)?))?;
        let summary = check(
            &got,
            Some(&reference),
            want.as_deref(),
            &a,
            &b,
            (mu, nu, ku),
        );
        if summary.contains("WRONG") {
            gpu.wrong.set(gpu.wrong.get() + 1);
        }
        println!(
            "{:<34} {size:>16} {t:>9.3} ms {:>7.1} TFLOP/s  {:.2}   {summary}, {} blocks",
            format!("rcute {iname} e4m3"),
            flops / t / 1e9,
            t_best / t,
            kern.kernel().blocks()
        );
    }
    Ok(())
}

/// `got` against the exact product rounded to bfloat16, element by element: every element
/// when `want` (the exact product) is given; otherwise every element against `reference`
/// (cuBLASLt's) and 256 sampled elements against exact dot products.
fn check(
    got: &[bf16],
    reference: Option<&[bf16]>,
    want: Option<&[f64]>,
    a: &[f32],
    b: &[f32],
    (m, n, k): (usize, usize, usize),
) -> String {
    // the sums are exact in f32: one rounding to bf16
    let round = |w: f64| bf16::from_f32(w as f32);
    if let Some(want) = want {
        let bad = got
            .iter()
            .zip(want)
            .filter(|&(&x, &w)| x != round(w))
            .count();
        return match bad {
            0 => "every element exact (bf16 of the exact product)".to_string(),
            _ => format!("WRONG: {bad} elements differ from the exact product"),
        };
    }
    let mut sample_bad = 0;
    for (i, j) in sample_points(m, n) {
        let e: f64 = (0..k)
            .map(|l| a[i * k + l] as f64 * b[l * n + j] as f64)
            .sum();
        sample_bad += usize::from(got[i * n + j] != round(e));
    }
    let samples = match sample_bad {
        0 => "256 sampled elements exact".to_string(),
        _ => format!("WRONG: {sample_bad} of 256 sampled elements differ from the exact product"),
    };
    match reference {
        Some(r) => {
            let bad = got.iter().zip(r).filter(|(x, y)| x != y).count();
            match bad {
                0 => format!("every element = cuBLASLt's, {samples}"),
                _ => format!("WRONG: {bad} elements differ from cuBLASLt's, {samples}"),
            }
        }
        None => samples,
    }
}
