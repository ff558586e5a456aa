//! Runs rcute's layout-driven kernels on the first CUDA device: each result is checked in
//! the same run, then timed next to the device-to-device copy of the same bytes (copies)
//! or cuBLAS on the same data (GEMMs).
//!
//! ```text
//! rcute-gpu-bench [--show] [--copy M N]... [--gemm M N K]... [--cutlass DIR]
//!                 [--wgmma-tiling BM BN STAGES] [--cluster N] [--all-majors]
//!                 [--mma-tiling BM BN WARPS_M WARPS_N STAGES] [--tuned-only] [--splits N]...
//!                 [--fp8] [--llm] [--f16-only] [--epilogue] [--moe G N K SIZES]...
//! rcute-gpu-bench --source [--f16] [--wide ROWS] [M N | --gemm M N K]
//! rcute-gpu-bench --patterns        (under ncu: the access patterns of rcute_cuda::patterns)
//! rcute-gpu-bench --profile [--copy M N]... [--gemm M N K]... [--kinds M N K]... [--one-tile-per-block] (under
//!                 ncu: each kernel that --traffic --stages predicts, and the other GEMM
//!                 kinds, launched once; scripts/ncu/kernel_traffic.sh)
//! rcute-gpu-bench --traffic [--f16] [M N]  (no device: the copies' predicted traffic by stage)
//! rcute-gpu-bench --traffic --stages [M N] [--gemm M N K] [--sms N]  (no device: every stage
//!                 of the copies and GEMMs that scripts/ncu/kernel_traffic.sh profiles)
//! ```
//!
//! Bare numbers are copy sizes, two at a time. Without sizes: copies of 1000 x 777 and
//! 8192 x 8192, GEMMs of 1000 x 776 x 1000 (edges), 1000 x 777 x 999 (rows not 16-byte
//! aligned) and 8192 x 8192 x 8192. `--show` prints the
//! generated CUDA source as it runs; `--source` prints the f32 (or `--f16`) copy kernels' source (or,
//! with `--gemm`, the f16 GEMM's for row-major A and K-major B) and needs no device. `--cutlass DIR` (the installed `nvidia-cutlass` package, the directory
//! holding `cutlass_library`) also builds CuTe's tutorial kernels with `nvcc` and runs them.
//! `--wgmma-tiling` and `--cluster` (1 or 2) set the `wgmma` kernels' tiling, `--mma-tiling`
//! the `mma.sync` kernel's; every GEMM
//! size runs all four operand majors up to 2^33 multiply-adds, and both K-major and both
//! M/N-major above, or all four with `--all-majors`. Each GEMM row runs cuBLAS, then
//! rcute's kernels: `mma.sync`, `wgmma` (not specialized), `wgmma ws` (specialized, no
//! clusters), `wgmma ws cluster`, and `tuned` (what `Gemm::tuned` picks for the problem);
//! `--tuned-only` runs cuBLAS and `tuned` alone. `--splits N` adds a row `tuned splits N`:
//! the tuned kernel with split-K in `N` ranges of `K` (1: none), where the kernel is the
//! specialized one and every range has k-tiles (with `--source`, the `wgmma` kernel's
//! splits). `--fp8` runs the FP8 GEMM instead of the 16-bit ones for each `--gemm` size:
//! cuBLASLt's e4m3 GEMM (with and without fast accumulation), rcute's tuned e4m3 `wgmma`
//! kernel and the `--wgmma-tiling` one with `BK` 128, both operands K-major, `C` bf16.
//! `--llm` adds the GEMMs of transformer layers (M in 1 to 16384 tokens, (N, K) of the
//! projections of 4096-wide models), both operands K-major; `--f16-only` skips bf16;
//! `--epilogue` adds a row `tuned bias+gelu`, the tuned kernel with a fused bias and GELU.
//! Every row prints the fewest bytes the GEMM moves over its time (GB/s). `--moe G N K
//! M1,M2,...` runs the grouped GEMM of `G` groups of `Mi` rows through `N x K` matrices
//! (bf16) against cuBLAS once per group.

mod fp8;
mod gemm;
mod moe;
mod patterns;
mod profile;
mod tutorials;

use cudarc::driver::{CudaContext, CudaStream, DeviceRepr};
use rcute_cuda::copy::{Elem, tiled, tiled_for, tiled_wide};
use rcute_cuda::launch::{CopyElement, Device};
use std::sync::Arc;

type Res<T> = Result<T, Box<dyn std::error::Error>>;

struct Gpu {
    /// compiles and launches the generated kernels (`rcute_cuda::launch`)
    dev: Device,
    ctx: Arc<CudaContext>,
    stream: Arc<CudaStream>,
    /// kernels whose result was wrong
    wrong: std::cell::Cell<usize>,
    /// cuBLAS's time in milliseconds for each GEMM row measured (`f16 A col B row 8192x8192x8192`)
    cublas_ms: std::cell::RefCell<Vec<(String, f64)>>,
}

impl Gpu {
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

    fn run<
        T: CopyElement
            + DeviceRepr
            + Copy
            + PartialEq
            + cudarc::driver::ValidAsZeroBits
            + std::fmt::Debug,
    >(
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
            "{:<34} {m:>5} x {n:<5} {:>9.3} ms {:>8.1} GB/s   1.00",
            format!("device-to-device copy {}", elem_name(elem)),
            d2d,
            d2d_gbs
        );
        let (bw, sms) = (self.dev.memory_bandwidth(), self.dev.multiprocessors());
        let mut kernels = Vec::new();
        for transpose in [false, true] {
            let what = if transpose { "transpose" } else { "copy" };
            kernels.push((what.to_string(), tiled(elem, m, n, transpose)));
            for rows in [64, 128, 256] {
                if let Ok(k) = tiled_wide(elem, m, n, transpose, rows) {
                    // and the other order of the tiles
                    let other = rcute_cuda::copy::CopyKernel {
                        tiles_along_rows: !k.tiles_along_rows,
                        ..k.clone()
                    };
                    let order = |k: &rcute_cuda::copy::CopyKernel| {
                        if k.tiles_along_rows { "rows" } else { "cols" }
                    };
                    kernels.push((format!("{what} wide {rows} {}", order(&k)), k.clone()));
                    if rows < 256 {
                        kernels.push((format!("{what} wide {rows} {}", order(&other)), other));
                    }
                }
            }
            let k = tiled_for(elem, m, n, transpose, bw, sms)?;
            kernels.push((format!("{what} for {}", k.tile), k));
        }
        for (label, copy) in kernels {
            let transpose = label.starts_with("transpose");
            let what = label;
            let name = format!(
                "{}_{}",
                what.replace(['(', ')', ',', ' '], "_"),
                elem_name(elem)
            );
            let k = copy.compile(&self.dev, &name)?;
            if show {
                println!("{}", k.kernel().kernel().source);
            }
            let mut out = self.stream.alloc_zeros::<T>(host.len())?;
            k.launch(&self.stream, &src, &mut out)?;
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
            let ms = self.time(|| Ok(k.launch(&self.stream, &src, &mut out)?))?;
            let gbs = 2.0 * bytes as f64 / ms / 1e6;
            println!(
                "{:<34} {m:>5} x {n:<5} {ms:>9.3} ms {gbs:>8.1} GB/s   {:.2}   {}",
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

/// What to run.
struct Cli {
    show: bool,
    source: bool,
    /// `--traffic`: the predicted memory traffic of the copies, stage by stage
    traffic: bool,
    /// `--stages`: with `--traffic`, every stage of each kernel (the GEMMs' with `--gemm`)
    stages: bool,
    /// `--sms N`: the SMs `Gemm::tuned` plans for without a device (default 132)
    sms: u32,
    patterns: bool,
    /// `--profile`: each profiled kernel launched once
    profile: bool,
    /// `--one-tile-per-block`: with `--profile`, persistent kernels launched with one block
    /// per tile
    one_tile: bool,
    /// `--kinds M N K`: with `--profile`, the other GEMM kinds too
    kinds: Vec<(i64, i64, i64)>,
    f16: bool,
    copies: Vec<(i64, i64)>,
    gemms: Vec<(i64, i64, i64)>,
    cutlass: Option<std::path::PathBuf>,
    wgmma: rcute_cuda::gemm::Tiling,
    mma: rcute_cuda::gemm::Tiling,
    all_majors: bool,
    tuned_only: bool,
    splits: Vec<i64>,
    fp8: bool,
    f16_only: bool,
    epilogue: bool,
    /// `--moe G N K SIZES`: grouped GEMMs
    moe: Vec<((usize, usize), Vec<usize>)>,
    /// `--source`: the wide copies of this many rows a tile
    wide: Option<i64>,
    /// both operands K-major only (the weights `N x K` row-major)
    llm: bool,
}

fn parse(args: &[String]) -> Res<Cli> {
    let mut cli = Cli {
        show: false,
        source: false,
        traffic: false,
        stages: false,
        sms: 132,
        patterns: false,
        profile: false,
        one_tile: false,
        kinds: Vec::new(),
        f16: false,
        copies: Vec::new(),
        gemms: Vec::new(),
        cutlass: None,
        wgmma: rcute_cuda::gemm::Tiling::wgmma(),
        mma: rcute_cuda::gemm::Tiling::default(),
        all_majors: false,
        tuned_only: false,
        splits: Vec::new(),
        fp8: false,
        f16_only: false,
        epilogue: false,
        llm: false,
        wide: None,
        moe: Vec::new(),
    };
    let mut bare = Vec::new();
    let mut it = args.iter();
    let num = |it: &mut std::slice::Iter<String>, what: &str| -> Res<i64> {
        let v = it.next().ok_or(format!("{what}: a number is missing"))?;
        let n: i64 = v
            .parse()
            .map_err(|_| format!("{what}: `{v}` is not a number"))?;
        if n < 1 {
            return Err(format!("{what}: sizes are positive, not {n}").into());
        }
        Ok(n)
    };
    while let Some(a) = it.next() {
        match a.as_str() {
            "--show" => cli.show = true,
            "--source" => cli.source = true,
            "--traffic" => cli.traffic = true,
            "--stages" => cli.stages = true,
            "--sms" => cli.sms = num(&mut it, "--sms")? as u32,
            "--patterns" => cli.patterns = true,
            "--profile" => cli.profile = true,
            "--one-tile-per-block" => cli.one_tile = true,
            "--kinds" => cli.kinds.push((
                num(&mut it, "--kinds")?,
                num(&mut it, "--kinds")?,
                num(&mut it, "--kinds")?,
            )),
            "--f16" => cli.f16 = true,
            "--fp8" => cli.fp8 = true,
            "--copy" => cli
                .copies
                .push((num(&mut it, "--copy")?, num(&mut it, "--copy")?)),
            "--gemm" => cli.gemms.push((
                num(&mut it, "--gemm")?,
                num(&mut it, "--gemm")?,
                num(&mut it, "--gemm")?,
            )),
            "--wgmma-tiling" => {
                let w = "--wgmma-tiling";
                cli.wgmma.bm = num(&mut it, w)?;
                cli.wgmma.warps_m = cli.wgmma.bm / 64;
                cli.wgmma.bn = num(&mut it, w)?;
                cli.wgmma.stages = num(&mut it, w)?;
            }
            "--cluster" => cli.wgmma.cluster = num(&mut it, "--cluster")?,
            "--mma-tiling" => {
                let w = "--mma-tiling";
                cli.mma.bm = num(&mut it, w)?;
                cli.mma.bn = num(&mut it, w)?;
                cli.mma.warps_m = num(&mut it, w)?;
                cli.mma.warps_n = num(&mut it, w)?;
                cli.mma.stages = num(&mut it, w)?;
            }
            "--all-majors" => cli.all_majors = true,
            "--f16-only" => cli.f16_only = true,
            "--wide" => cli.wide = Some(num(&mut it, "--wide")?),
            "--moe" => {
                let g = num(&mut it, "--moe")? as usize;
                let (n, k) = (
                    num(&mut it, "--moe")? as usize,
                    num(&mut it, "--moe")? as usize,
                );
                let sizes: Vec<usize> = it
                    .next()
                    .ok_or("--moe: the sizes are missing")?
                    .split(',')
                    .map(|x| x.parse::<usize>())
                    .collect::<Result<_, _>>()
                    .map_err(|_| "--moe: sizes are numbers, comma-separated")?;
                if sizes.len() != g {
                    return Err(format!("--moe: {g} groups, {} sizes", sizes.len()).into());
                }
                cli.moe.push(((n, k), sizes));
            }
            "--epilogue" => cli.epilogue = true,
            "--llm" => {
                // the GEMMs of transformer layers: M tokens, (N, K) of the projections
                for mm in [1, 16, 64, 256, 1024, 4096, 16384] {
                    for (nn, kk) in [
                        (4096, 4096),
                        (11008, 4096),
                        (4096, 11008),
                        (14336, 4096),
                        (4096, 14336),
                    ] {
                        cli.gemms.push((mm, nn, kk));
                    }
                }
                cli.llm = true;
            }
            "--tuned-only" => cli.tuned_only = true,
            "--splits" => cli.splits.push(num(&mut it, "--splits")?),
            "--cutlass" => {
                cli.cutlass = Some(
                    it.next()
                        .ok_or("--cutlass: the directory is missing")?
                        .into(),
                )
            }
            s if s.starts_with("--") => return Err(format!("unknown option `{s}`").into()),
            _ => bare.push(
                a.parse::<i64>()
                    .map_err(|_| format!("`{a}` is not a number"))?,
            ),
        }
    }
    if bare.len() % 2 == 1 {
        return Err("copy sizes come in pairs: M N".into());
    }
    cli.copies.extend(bare.chunks(2).map(|c| (c[0], c[1])));
    if cli.copies.is_empty()
        && cli.gemms.is_empty()
        && cli.moe.is_empty()
        && !cli.source
        && !cli.traffic
        && !cli.patterns
        && !cli.profile
    {
        cli.copies = vec![(1000, 777), (8192, 8192)];
        cli.gemms = vec![(1000, 776, 1000), (1000, 777, 999), (8192, 8192, 8192)];
    }
    Ok(cli)
}

fn main() -> Res<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let cli = parse(&args)?;
    if cli.traffic && (cli.stages || !cli.gemms.is_empty() || !cli.kinds.is_empty()) {
        // every stage of the copies and GEMMs the ncu script profiles, without a device
        let copies = if cli.gemms.is_empty() || !cli.copies.is_empty() {
            if cli.copies.is_empty() {
                vec![(4096, 4096)]
            } else {
                cli.copies.clone()
            }
        } else {
            Vec::new()
        };
        for (key, t) in
            rcute_cuda::traffic::profiled_kernels(&copies, &cli.gemms, cli.mma, cli.sms)?
        {
            println!("[{key}]\n{}", t.table());
        }
        for &(m, n, k) in &cli.kinds {
            for (key, g) in rcute_cuda::traffic::profiled_gemm_kinds(m, n, k, cli.sms)? {
                let t = g.traffic(&format!("gemm_{}", g.ty.ptx()))?;
                println!("[{key}]\n{}", t.table());
            }
        }
        return Ok(());
    }
    if cli.traffic {
        // rcute's prediction of each copy's traffic, without a device
        let sizes = if cli.copies.is_empty() {
            vec![(4096, 4096)]
        } else {
            cli.copies.clone()
        };
        let elems: &[Elem] = if cli.f16 {
            &[Elem::F16]
        } else {
            &[Elem::F32, Elem::F16]
        };
        println!(
            "{:<16} {:>11} {:>7}  per block: global ld sectors, shared st wavefronts (ideal), shared ld wavefronts (ideal), global st sectors; per launch: the same",
            "kernel", "M x N", "blocks"
        );
        for &(m, n) in &sizes {
            for &elem in elems {
                for t in [false, true] {
                    let what = if t { "transpose" } else { "copy" };
                    let c = tiled(elem, m, n, t).traffic()?;
                    let b = c.blocks;
                    println!(
                        "{:<16} {:>11} {b:>7}  {} {} ({}) {} ({}) {}; {} {} {} {}",
                        format!("{what}_{}", elem_name(elem)),
                        format!("{m} x {n}"),
                        c.global_load_sectors,
                        c.shared_store_wavefronts,
                        c.shared_store_ideal,
                        c.shared_load_wavefronts,
                        c.shared_load_ideal,
                        c.global_store_sectors,
                        b * c.global_load_sectors,
                        b * c.shared_store_wavefronts,
                        b * c.shared_load_wavefronts,
                        b * c.global_store_sectors,
                    );
                }
            }
        }
        return Ok(());
    }
    if cli.source {
        // the generated kernels, without a device: the copies', or the GEMMs' if asked for
        if cli.gemms.is_empty() {
            let (m, n) = cli.copies.first().copied().unwrap_or((1000, 777));
            let elem = if cli.f16 { Elem::F16 } else { Elem::F32 };
            for t in [false, true] {
                let what = if t { "transpose" } else { "copy" };
                let copy = match cli.wide {
                    Some(rows) => tiled_wide(elem, m, n, t, rows)?,
                    None => tiled(elem, m, n, t),
                };
                let k = copy.kernel(&format!("{what}_{}", elem_name(elem)))?;
                println!("{}", k.source);
            }
        }
        for &(m, n, k) in &cli.gemms {
            let mut g = rcute_cuda::gemm::Gemm::new(
                rcute_cuda::gemm::MmaType::F16,
                rcute_cuda::kernel::matrix(m, k, k, true),
                rcute_cuda::kernel::matrix(n, k, k, true),
                rcute_cuda::kernel::matrix(m, n, n, true),
            );
            g.tiling = cli.mma;
            println!("{}", g.kernel("gemm_f16")?.source);
            g.instr = rcute_cuda::gemm::Instr::Wgmma;
            g.tiling = cli.wgmma;
            g.tiling.splits = cli.splits.first().copied().unwrap_or(1);
            println!("{}", g.kernel("gemm_f16_wgmma")?.source);
        }
        return Ok(());
    }
    // nvcc works on CuTe's tutorials while the device runs rcute's kernels
    let big = cli.gemms.iter().copied().max_by_key(|&(m, n, k)| m * n * k);
    let builds = match &cli.cutlass {
        Some(dir) => Some(tutorials::build(dir, big.unwrap_or((8192, 8192, 8192)))?),
        None => None,
    };
    let dev = Device::new(0)?;
    let gpu = Gpu {
        ctx: dev.context().clone(),
        stream: dev.stream().clone(),
        dev,
        wrong: std::cell::Cell::new(0),
        cublas_ms: std::cell::RefCell::new(Vec::new()),
    };
    if cli.patterns {
        patterns::run(&gpu)?;
    }
    if cli.profile {
        profile::run(
            &gpu,
            &cli.copies,
            &cli.gemms,
            &cli.kinds,
            cli.mma,
            cli.one_tile,
        )?;
        return match gpu.wrong.get() {
            0 => Ok(()),
            k => Err(format!("{k} kernels computed a wrong result").into()),
        };
    }
    if !cli.copies.is_empty() {
        println!(
            "{:<28} {:>13} {:>12} {:>13}  ratio to the copy",
            "kernel", "M x N", "time", "bandwidth"
        );
    }
    for &(m, n) in &cli.copies {
        let f32s: Vec<f32> = (0..m * n).map(|i| (i % 1_000_003) as f32).collect();
        gpu.run(Elem::F32, m, n, &f32s, cli.show)?;
        let f16s: Vec<u16> = (0..m * n).map(|i| (i % 65_521) as u16).collect();
        gpu.run(Elem::F16, m, n, &f16s, cli.show)?;
    }
    if !cli.gemms.is_empty() {
        println!(
            "\n{:<28} {:>16} {:>12} {:>15}  ratio to cuBLAS",
            "kernel", "M x N x K", "time", "throughput"
        );
    }
    for &(m, n, k) in &cli.gemms {
        if cli.fp8 {
            fp8::run(&gpu, (m, n, k), cli.wgmma, cli.show)?;
            continue;
        }
        // (A row-major, B row-major): every combination at small sizes; at large ones both
        // K-major (A row, B col) and both M/N-major (A col, B row: the CuTe tutorial's NT)
        let all = [(true, false), (false, true), (true, true), (false, false)];
        let layouts: &[(bool, bool)] = if cli.llm {
            &all[..1]
        } else if cli.all_majors || m * n * k <= 1 << 33 {
            &all
        } else {
            &all[..2]
        };
        let tilings = (cli.mma, cli.wgmma);
        let how = gemm::How {
            tilings,
            tuned_only: cli.tuned_only,
            splits: &cli.splits,
            show: cli.show,
            f16_only: cli.f16_only,
            epilogue: cli.epilogue,
        };
        gemm::run(&gpu, (m, n, k), layouts, &how)?;
    }
    for (nk, sizes) in &cli.moe {
        moe::run(&gpu, *nk, sizes)?;
    }
    if let Some(b) = builds {
        tutorials::run(b, &gpu)?;
    }
    match gpu.wrong.get() {
        0 => Ok(()),
        k => Err(format!("{k} kernels computed a wrong result").into()),
    }
}
