//! Runs rcute's layout-driven kernels on the first CUDA device: each result is checked
//! against the expected matrix in the same run, then timed next to the device-to-device
//! copy of the same bytes.
//!
//! `rcute-gpu-bench [--show] [M N]...` (default sizes: 1000 777 for the edge check,
//! 8192 8192 for the bandwidth). `--show` prints the generated CUDA source as it runs;
//! `--source [M N]` prints the f32 kernels' source and needs no device.

use cudarc::driver::{CudaContext, CudaSlice, CudaStream, DeviceRepr, LaunchConfig, PushKernelArg};
use cudarc::nvrtc::{CompileOptions, compile_ptx_with_opts};
use rcute_cuda::codegen::IndexType;
use rcute_cuda::kernels::{Elem, Kernel, tiled};
use std::sync::Arc;

type Res<T> = Result<T, Box<dyn std::error::Error>>;

/// A kernel's scalar arguments (`k.params`) in its index type, converted once.
enum Args {
    I32(Vec<i32>),
    I64(Vec<i64>),
}

impl Args {
    fn of(k: &Kernel) -> Res<Args> {
        let values = k.params.iter().map(|p| p.value);
        Ok(match k.index_type {
            IndexType::I32 => Args::I32(values.map(i32::try_from).collect::<Result<_, _>>()?),
            IndexType::I64 => Args::I64(values.collect()),
        })
    }
}

struct Gpu {
    ctx: Arc<CudaContext>,
    stream: Arc<CudaStream>,
    /// kernels whose result was wrong
    wrong: std::cell::Cell<usize>,
}

impl Gpu {
    fn launch<T: DeviceRepr>(
        &self,
        k: &Kernel,
        args: &Args,
        f: &cudarc::driver::CudaFunction,
        src: &CudaSlice<T>,
        dst: &mut CudaSlice<T>,
    ) -> Res<()> {
        let mut b = self.stream.launch_builder(f);
        b.arg(src);
        b.arg(dst);
        match args {
            Args::I32(v) => v.iter().for_each(|x| {
                b.arg(x);
            }),
            Args::I64(v) => v.iter().for_each(|x| {
                b.arg(x);
            }),
        }
        let cfg = LaunchConfig {
            grid_dim: (k.grid, 1, 1),
            block_dim: (k.block, 1, 1),
            shared_mem_bytes: 0,
        };
        // SAFETY: the arguments are pushed in the order and with the types of the kernel's
        // signature (`src, dst`, then `k.params` in the kernel's index type, see `Args`);
        // `src` and `dst` hold `m * n` elements, and every access of the kernel is
        // predicated on `r < M && c < N` at offsets inside an `m x n` matrix.
        unsafe { b.launch(cfg) }?;
        Ok(())
    }

    /// Milliseconds per call of `f`, the median of 7 timings of 10 calls.
    fn time(&self, mut f: impl FnMut() -> Res<()>) -> Res<f64> {
        f()?;
        self.stream.synchronize()?;
        let mut ts = Vec::new();
        for _ in 0..7 {
            let start = self
                .stream
                .record_event(Some(cudarc::driver::sys::CUevent_flags::CU_EVENT_DEFAULT))?;
            for _ in 0..10 {
                f()?;
            }
            let end = self
                .stream
                .record_event(Some(cudarc::driver::sys::CUevent_flags::CU_EVENT_DEFAULT))?;
            ts.push(start.elapsed_ms(&end)? as f64 / 10.0);
        }
        ts.sort_by(f64::total_cmp);
        Ok(ts[3])
    }

    fn run<T: DeviceRepr + Copy + PartialEq + cudarc::driver::ValidAsZeroBits + std::fmt::Debug>(
        &self,
        elem: Elem,
        m: i64,
        n: i64,
        host: &[T],
        show: bool,
    ) -> Res<()> {
        let bytes = (m * n) as usize * elem.bytes();
        let src = self.stream.memcpy_stod(host)?;
        let mut dst = self.stream.alloc_zeros::<T>(host.len())?;
        let d2d = self.time(|| Ok(self.stream.memcpy_dtod(&src, &mut dst)?))?;
        let d2d_gbs = 2.0 * bytes as f64 / d2d / 1e6;
        println!(
            "{:<28} {m:>5} x {n:<5} {:>9.3} ms {:>8.1} GB/s   1.00",
            format!("device-to-device copy {}", elem_name(elem)),
            d2d,
            d2d_gbs
        );
        for transpose in [false, true] {
            let what = if transpose { "transpose" } else { "copy" };
            let name = format!("{what}_{}", elem_name(elem));
            let k = tiled(elem, m, n, transpose).kernel(&name)?;
            if show {
                println!("{}", k.source);
            }
            let ptx = compile_ptx_with_opts(
                &k.source,
                CompileOptions {
                    arch: Some("sm_90a"),
                    ..Default::default()
                },
            )?;
            let module = self.ctx.load_module(ptx)?;
            let f = module.load_function(&name)?;
            let mut out = self.stream.alloc_zeros::<T>(host.len())?;
            let args = Args::of(&k)?;
            self.launch(&k, &args, &f, &src, &mut out)?;
            let got = self.stream.memcpy_dtov(&out)?;
            let (mu, nu) = (m as usize, n as usize);
            let mut wrong = 0usize;
            for r in 0..mu {
                for c in 0..nu {
                    let at = if transpose { c * mu + r } else { r * nu + c };
                    if got[at] != host[r * nu + c] {
                        wrong += 1;
                    }
                }
            }
            if wrong > 0 {
                self.wrong.set(self.wrong.get() + 1);
            }
            let ms = self.time(|| self.launch(&k, &args, &f, &src, &mut out))?;
            let gbs = 2.0 * bytes as f64 / ms / 1e6;
            println!(
                "{:<28} {m:>5} x {n:<5} {ms:>9.3} ms {gbs:>8.1} GB/s   {:.2}   {}",
                format!("rcute {what} {}", elem_name(elem)),
                gbs / d2d_gbs,
                if wrong == 0 {
                    "checked: exact".to_string()
                } else {
                    format!("WRONG: {wrong} elements")
                }
            );
        }
        Ok(())
    }
}

fn elem_name(e: Elem) -> &'static str {
    match e {
        Elem::F32 => "f32",
        Elem::F16 => "f16",
    }
}

fn main() -> Res<()> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let show = args.first().is_some_and(|a| a == "--show");
    if show {
        args.remove(0);
    }
    let nums: Vec<i64> = args
        .iter()
        .filter(|a| !a.starts_with("--"))
        .map(|a| a.parse())
        .collect::<Result<_, _>>()?;
    let sizes: Vec<(i64, i64)> = if nums.is_empty() {
        vec![(1000, 777), (8192, 8192)]
    } else {
        nums.chunks(2)
            .map(|c| (c[0], *c.get(1).unwrap_or(&c[0])))
            .collect()
    };
    if args.first().is_some_and(|a| a == "--source") {
        // the generated kernels, without a device
        let (m, n) = (
            nums.first().copied().unwrap_or(1000),
            nums.get(1).copied().unwrap_or(777),
        );
        for t in [false, true] {
            println!(
                "{}",
                tiled(Elem::F32, m, n, t)
                    .kernel(if t { "transpose_f32" } else { "copy_f32" })?
                    .source
            );
        }
        return Ok(());
    }
    let ctx = CudaContext::new(0)?;
    let stream = ctx.default_stream();
    let gpu = Gpu {
        ctx,
        stream,
        wrong: std::cell::Cell::new(0),
    };
    println!(
        "{:<28} {:>13} {:>12} {:>13}  ratio to the copy",
        "kernel", "M x N", "time", "bandwidth"
    );
    for (m, n) in sizes {
        let f32s: Vec<f32> = (0..m * n).map(|i| (i % 1_000_003) as f32).collect();
        gpu.run(Elem::F32, m, n, &f32s, show)?;
        let f16s: Vec<u16> = (0..m * n).map(|i| (i % 65_521) as u16).collect();
        gpu.run(Elem::F16, m, n, &f16s, show)?;
    }
    match gpu.wrong.get() {
        0 => Ok(()),
        k => Err(format!("{k} kernels computed a wrong result").into()),
    }
}
