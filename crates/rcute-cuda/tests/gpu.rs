//! The kernels on a CUDA device, through the library API (`rcute_cuda::launch`): every
//! result is compared with the product (or copy) computed on the host.
//!
//! On a machine with a CUDA device (driver and NVRTC; `wgmma` needs compute capability 9.0):
//! `cargo test -p rcute-cuda --release -- --ignored`

use cudarc::driver::CudaSlice;
use rcute_cuda::copy::{Elem, tiled, tiled_wide};
use rcute_cuda::gemm::{Activation, Epilogue, GROUP_ALIGN, Gemm, Instr, MmaType, Tiling};
use rcute_cuda::kernel::matrix;
use rcute_cuda::launch::{
    Device, E4m3, GemmArgs, GemmElement, LaunchError, fp8_values, grid_values, group_tiles,
    host_matrix,
};

const DEVICE: &str = "needs a CUDA device: cargo test -p rcute-cuda --release -- --ignored";

/// `A (M x K) * B (K x N)`, row-major, exactly (f64 over values exact in 16 bits).
fn product(a: &[f32], b: &[f32], (m, n, k): (usize, usize, usize)) -> Vec<f64> {
    let mut out = vec![0f64; m * n];
    for i in 0..m {
        for l in 0..k {
            let x = a[i * k + l] as f64;
            for j in 0..n {
                out[i * n + j] += x * b[l * n + j] as f64;
            }
        }
    }
    out
}

/// An element the tests store and read back: an input type whose output type is one too.
trait Half:
    GemmElement<Output: cudarc::driver::ValidAsZeroBits + Copy> + cudarc::driver::ValidAsZeroBits + Copy
{
}

impl<
    T: GemmElement<Output: cudarc::driver::ValidAsZeroBits + Copy>
        + cudarc::driver::ValidAsZeroBits
        + Copy,
> Half for T
{
}

/// Every operand major, both instructions, for one size and type (and with `split_k`, the
/// specialized kernel with split-K): the elements off by more than the output type's
/// rounding, per case (empty when all are right). e4m3: both operands K-major, `wgmma`
/// only, on values whose sums are exact ([`fp8_values`]): every element must be the
/// exact product rounded once to bfloat16.
fn gemm_cases<T: Half>(dev: &Device, (m, n, k): (i64, i64, i64), split_k: bool) -> Vec<String> {
    let (mu, nu, ku) = (m as usize, n as usize, k as usize);
    let fp8 = T::TYPE == MmaType::E4M3;
    let values = if fp8 { fp8_values } else { grid_values };
    let a = values(mu * ku, 1);
    let b = values(ku * nu, 2);
    let want = product(&a, &b, (mu, nu, ku));
    let scale = want.iter().fold(1f64, |s, x| s.max(x.abs()));
    let rel = match T::TYPE {
        MmaType::F16 => 2f64.powi(-9),
        MmaType::Bf16 | MmaType::E4M3 => 2f64.powi(-6),
    };
    let s = dev.stream();
    let mut failures = Vec::new();
    let majors: &[(bool, bool)] = if fp8 {
        &[(true, false)]
    } else {
        &[(true, false), (false, true), (true, true), (false, false)]
    };
    for &(a_row, b_row) in majors {
        // A (M,K): row-major is K-major; B is K x N: row-major is N-major, as (N,K)
        let a_dev = s.memcpy_stod(&host_matrix::<T>(&a, mu, ku, a_row)).unwrap();
        let b_dev = s.memcpy_stod(&host_matrix::<T>(&b, ku, nu, b_row)).unwrap();
        let a_l = matrix(m, k, if a_row { k } else { m }, a_row);
        let b_l = matrix(n, k, if b_row { n } else { k }, !b_row);
        let c_l = matrix(m, n, n, true);
        // mma.sync; wgmma warp-specialized and persistent in clusters of 2 blocks, on as
        // many blocks as tiles (or SMs) and on 4 that each take several tiles, and without
        // clusters on 3 blocks; wgmma not specialized; and the kernel `Gemm::tuned` picks
        let specialized = Tiling {
            bk: T::TYPE.row_elements(),
            ..Tiling::wgmma()
        };
        let single = Tiling {
            cluster: 1,
            ..specialized
        };
        let plain = Tiling {
            specialized: false,
            ..specialized
        };
        let variants = [
            (Instr::MmaSync, Tiling::default(), None),
            (Instr::Wgmma, specialized, None),
            (Instr::Wgmma, specialized, Some(5)),
            (Instr::Wgmma, single, Some(3)),
            (Instr::Wgmma, plain, None),
        ];
        // split-K: 64 x 128 tiles in 3 splits on every unit's block, in 6 splits on one
        // block (it takes every unit in turn), in 5 on 7 blocks; clusters of 2 in 2 splits
        // on 6 blocks (tilings that leave a split without k-tiles are skipped)
        let small = Tiling {
            bk: specialized.bk,
            ..Tiling::wgmma_64x128()
        };
        let splits = [
            (Instr::Wgmma, Tiling { splits: 3, ..small }, None),
            (Instr::Wgmma, Tiling { splits: 6, ..small }, Some(1)),
            (Instr::Wgmma, Tiling { splits: 5, ..small }, Some(7)),
            (
                Instr::Wgmma,
                Tiling {
                    splits: 2,
                    ..specialized
                },
                Some(6),
            ),
        ];
        let tuned = Gemm::tuned(T::TYPE, a_l, b_l, c_l, dev.multiprocessors()).unwrap();
        let variants = variants
            .into_iter()
            .chain(splits.into_iter().filter(|_| split_k))
            .chain([(tuned.instr, tuned.tiling, None)]);
        for (instr, tiling, blocks) in variants {
            if fp8 && instr == Instr::MmaSync {
                continue; // wgmma only
            }
            if instr == Instr::Wgmma && dev.capability() != (9, 0) {
                eprintln!("wgmma skipped: compute capability {:?}", dev.capability());
                continue;
            }
            let mut g = Gemm::new(T::TYPE, a_l, b_l, c_l);
            g.instr = instr;
            g.tiling = tiling;
            if tiling.splits > 1 && g.plan().is_err() {
                continue; // a split without k-tiles
            }
            let what = format!(
                "{:?} {m}x{n}x{k} A row {a_row} B row {b_row} {instr:?} specialized {} cluster {} splits {} blocks {blocks:?}",
                T::TYPE,
                tiling.specialized,
                tiling.cluster,
                tiling.splits
            );
            let mut gemm = g.compile(dev).unwrap_or_else(|e| panic!("{what}: {e}"));
            let persistent = gemm.kernel().kernel().persistent;
            if let Some(n) = blocks {
                if !persistent {
                    continue; // the same kernel as without the limit
                }
                assert!(gemm.kernel_mut().limit_blocks(n));
                // whole clusters (the tiling's on TMA loads, none where the producer copies)
                let c = g.plan().unwrap().cluster() as u32;
                assert_eq!(gemm.kernel().kernel().cluster, c);
                assert_eq!(
                    gemm.kernel().blocks(),
                    n.min(gemm.kernel().kernel().grid) / c * c
                );
            }
            let mut c: CudaSlice<T::Output> = s.alloc_zeros(mu * nu).unwrap();
            gemm.launch(s, &a_dev, &b_dev, &mut c)
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            let got = s.memcpy_dtov(&c).unwrap();
            let bad = got
                .iter()
                .zip(&want)
                .filter(|&(x, w)| {
                    if fp8 {
                        // the exact sum (exact in f32), rounded once to bfloat16
                        return x.to_f32() != T::Output::from_f32(*w as f32).to_f32();
                    }
                    let err = (f64::from(x.to_f32()) - w).abs();
                    err.is_nan() || err > rel * w.abs().max(scale / 16.0)
                })
                .count();
            if bad > 0 {
                failures.push(format!("{what}: {bad} elements wrong"));
            }
            // split-K: a second launch on the same workspace (its counters back at zero)
            // gives the same bits, whichever split of a tile finished last
            if gemm.kernel().kernel().workspace > 0 {
                let mut again: CudaSlice<T::Output> = s.alloc_zeros(mu * nu).unwrap();
                gemm.launch(s, &a_dev, &b_dev, &mut again)
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
                let bits =
                    |v: &[T::Output]| v.iter().map(|x| x.to_f32().to_bits()).collect::<Vec<_>>();
                if bits(&s.memcpy_dtov(&again).unwrap()) != bits(&got) {
                    failures.push(format!("{what}: a second launch differs"));
                }
            }
        }
    }
    failures
}

#[test]
#[ignore = "needs a CUDA device: cargo test -p rcute-cuda --release -- --ignored"]
fn gemms_match_the_host_product() {
    let dev = Device::new(0).expect(DEVICE);
    let mut failures = Vec::new();
    // rows of 16 bytes, odd rows (element loads), 4-byte rows (998, 778), 8-byte (996, 780);
    // split-K at 1000 x 776 x 1000, 1000 x 777 x 999 (16 k-tiles, the last of 999 short)
    // and 200 x 136 x 3000 (47 k-tiles, the last of 56), which `Gemm::tuned` splits
    for (size, split_k) in [
        ((128, 96, 64), false),
        ((1000, 776, 1000), true),
        ((1000, 777, 999), true),
        ((1000, 778, 998), false),
        ((1000, 780, 996), false),
        ((200, 136, 3000), true),
    ] {
        failures.extend(gemm_cases::<half::f16>(&dev, size, split_k));
        failures.extend(gemm_cases::<half::bf16>(&dev, size, split_k));
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The FP8 GEMM's cases of `gemms_match_the_host_product`, a test of their own so that they
/// run in seconds beside its minutes: every element must be the exact product rounded
/// once to bfloat16.
#[test]
#[ignore = "needs a CUDA device: cargo test -p rcute-cuda --release -- --ignored"]
fn e4m3_gemms_match_the_host_product() {
    let dev = Device::new(0).expect(DEVICE);
    let mut failures = Vec::new();
    // e4m3: 16-byte rows (K a multiple of 16), edges in M and N, split-K (8 k-tiles of
    // 128 at 1000 x 776 x 1024; 24 at 200 x 136 x 3072, which `Gemm::tuned` splits)
    for (size, split_k) in [
        ((128, 96, 128), false),
        ((1000, 776, 1024), true),
        ((1000, 777, 1008), false),
        ((200, 136, 3072), true),
    ] {
        failures.extend(gemm_cases::<E4m3>(&dev, size, split_k));
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
#[ignore = "needs a CUDA device: cargo test -p rcute-cuda --release -- --ignored"]
fn copies_and_transposes_are_exact() {
    let dev = Device::new(0).expect(DEVICE);
    let s = dev.stream();
    for (m, n) in [(1000, 777), (1000, 778), (64, 64)] {
        let (mu, nu) = (m as usize, n as usize);
        let host: Vec<f32> = (0..mu * nu).map(|i| i as f32).collect();
        let host16: Vec<u16> = (0..mu * nu).map(|i| (i % 65_521) as u16).collect();
        for transpose in [false, true] {
            let at = |r: usize, c: usize| if transpose { c * mu + r } else { r * nu + c };
            let k = tiled(Elem::F32, m, n, transpose)
                .compile(&dev, "copy_f32")
                .unwrap();
            let src = s.memcpy_stod(&host).unwrap();
            let mut dst = s.alloc_zeros::<f32>(mu * nu).unwrap();
            k.launch(s, &src, &mut dst).unwrap();
            let got = s.memcpy_dtov(&dst).unwrap();
            let k = tiled(Elem::F16, m, n, transpose)
                .compile(&dev, "copy_f16")
                .unwrap();
            let src = s.memcpy_stod(&host16).unwrap();
            let mut dst = s.alloc_zeros::<u16>(mu * nu).unwrap();
            k.launch(s, &src, &mut dst).unwrap();
            let got16 = s.memcpy_dtov(&dst).unwrap();
            for r in 0..mu {
                for c in 0..nu {
                    assert_eq!(got[at(r, c)], host[r * nu + c], "f32 {m}x{n} {transpose}");
                    assert_eq!(
                        got16[at(r, c)],
                        host16[r * nu + c],
                        "f16 {m}x{n} {transpose}"
                    );
                }
            }
        }
    }
}

#[test]
#[ignore = "needs a CUDA device: cargo test -p rcute-cuda --release -- --ignored"]
fn the_host_refuses_what_it_can_check() {
    let dev = Device::new(0).expect(DEVICE);
    let s = dev.stream();
    let (m, n, k) = (128i64, 96i64, 64i64);
    let g = Gemm::new(
        MmaType::F16,
        matrix(m, k, k, true),
        matrix(n, k, k, true),
        matrix(m, n, n, true),
    );
    let gemm = g.compile(&dev).unwrap();
    // compiled once: the same source again takes the cached module
    let modules = dev.compiled_modules();
    g.compile(&dev).unwrap();
    assert_eq!(dev.compiled_modules(), modules);
    let a = s.alloc_zeros::<half::f16>((m * k) as usize).unwrap();
    let b = s.alloc_zeros::<half::f16>((n * k) as usize).unwrap();
    let short = s.alloc_zeros::<half::f16>((n * k - 1) as usize).unwrap();
    let mut c = s.alloc_zeros::<half::f16>((m * n) as usize).unwrap();
    assert!(matches!(
        gemm.launch(s, &a, &short, &mut c),
        Err(LaunchError::Length { operand: "B", .. })
    ));
    let a16 = s.alloc_zeros::<half::bf16>((m * k) as usize).unwrap();
    let b16 = s.alloc_zeros::<half::bf16>((n * k) as usize).unwrap();
    let mut c16 = s.alloc_zeros::<half::bf16>((m * n) as usize).unwrap();
    assert!(matches!(
        gemm.launch(s, &a16, &b16, &mut c16),
        Err(LaunchError::Type { .. })
    ));
    let other = dev.context().new_stream().unwrap();
    gemm.launch(&other, &a, &b, &mut c).unwrap();
    other.synchronize().unwrap();
}

#[test]
#[ignore = "needs a CUDA device: cargo test -p rcute-cuda --release -- --ignored"]
fn wide_copies_and_transposes_are_exact() {
    let dev = Device::new(0).expect(DEVICE);
    let s = dev.stream();
    let mut runs = 0;
    for (m, n) in [(1000, 777), (1000, 776), (4096, 4104)] {
        let (mu, nu) = (m as usize, n as usize);
        let host: Vec<f32> = (0..mu * nu).map(|i| i as f32).collect();
        let host16: Vec<u16> = (0..mu * nu).map(|i| (i % 65_521) as u16).collect();
        for transpose in [false, true] {
            let at = |r: usize, c: usize| if transpose { c * mu + r } else { r * nu + c };
            for rows in [64, 128, 256] {
                if let Ok(copy) = tiled_wide(Elem::F32, m, n, transpose, rows) {
                    let k = copy.compile(&dev, "wide_f32").unwrap();
                    let src = s.memcpy_stod(&host).unwrap();
                    let mut dst = s.alloc_zeros::<f32>(mu * nu).unwrap();
                    k.launch(s, &src, &mut dst).unwrap();
                    let got = s.memcpy_dtov(&dst).unwrap();
                    let wrong = (0..mu * nu)
                        .filter(|&i| got[at(i / nu, i % nu)] != host[i])
                        .count();
                    assert_eq!(wrong, 0, "f32 {m}x{n} {transpose} {rows}");
                    runs += 1;
                }
                let k = tiled_wide(Elem::F16, m, n, transpose, rows)
                    .unwrap()
                    .compile(&dev, "wide_f16")
                    .unwrap();
                let src = s.memcpy_stod(&host16).unwrap();
                let mut dst = s.alloc_zeros::<u16>(mu * nu).unwrap();
                k.launch(s, &src, &mut dst).unwrap();
                let got = s.memcpy_dtov(&dst).unwrap();
                let wrong = (0..mu * nu)
                    .filter(|&i| got[at(i / nu, i % nu)] != host16[i])
                    .count();
                assert_eq!(wrong, 0, "f16 {m}x{n} {transpose} {rows}");
                runs += 1;
            }
        }
    }
    assert_eq!(runs, 30);
}

/// The activation in `f64`.
fn act(a: Activation, x: f64) -> f64 {
    match a {
        Activation::Identity => x,
        Activation::Relu => x.max(0.0),
        Activation::Gelu => {
            0.5 * x
                * (1.0 + ((2.0 / std::f64::consts::PI).sqrt() * (x + 0.044715 * x * x * x)).tanh())
        }
        Activation::Silu => x / (1.0 + (-x).exp()),
    }
}

/// One fused GEMM against the host: `act(sa sb (A B^T) + bias)` rounded to `O`; returns the
/// elements off by more than `rel` of the larger of their magnitude and a sixteenth of the
/// largest.
fn fused_case<T: Half, O: Half>(
    dev: &Device,
    (m, n, k): (i64, i64, i64),
    ep: Epilogue,
    rel: f64,
) -> usize {
    let s = dev.stream();
    let (mu, nu, ku) = (m as usize, n as usize, k as usize);
    let values = if T::TYPE == MmaType::E4M3 {
        fp8_values
    } else {
        grid_values
    };
    let a = values(mu * ku, 3);
    let b = values(ku * nu, 4);
    let want = product(&a, &b, (mu, nu, ku));
    let bias: Vec<f32> = grid_values(nu, 5).iter().map(|x| x * 8.0).collect();
    let scales = [0.5f32, 0.25];
    let mut g = Gemm::tuned(
        T::TYPE,
        matrix(m, k, k, true),
        matrix(n, k, k, true),
        matrix(m, n, n, true),
        dev.multiprocessors(),
    )
    .unwrap();
    g.epilogue = ep;
    let gemm = g.compile(dev).unwrap();
    let da = s.memcpy_stod(&host_matrix::<T>(&a, mu, ku, true)).unwrap();
    // B given as N x K, K-major: the K x N matrix b stored column-major
    let db = s.memcpy_stod(&host_matrix::<T>(&b, ku, nu, false)).unwrap();
    let mut dc = s.alloc_zeros::<O>(mu * nu).unwrap();
    let dbias = s.memcpy_stod(&bias).unwrap();
    let dscales = s.memcpy_stod(&scales).unwrap();
    let args = GemmArgs {
        scales: ep.scale.then_some(&dscales),
        bias: ep.bias.then_some(&dbias),
        groups: None,
    };
    gemm.launch_with(s, &da, &db, &mut dc, &args).unwrap();
    let got = s.memcpy_dtov(&dc).unwrap();
    let sc = if ep.scale { 0.125 } else { 1.0 };
    let want: Vec<f64> = (0..mu * nu)
        .map(|i| {
            let bi = if ep.bias { bias[i % nu] as f64 } else { 0.0 };
            act(ep.activation, sc * want[i] + bi)
        })
        .collect();
    let top = want.iter().fold(1f64, |t, x| t.max(x.abs()));
    (0..mu * nu)
        .filter(|&i| {
            let g = got[i].to_f32() as f64;
            let err = (g - want[i]).abs();
            err.is_nan() || err > rel * want[i].abs().max(top / 16.0)
        })
        .count()
}

#[test]
#[ignore = "needs a CUDA device: cargo test -p rcute-cuda --release -- --ignored"]
fn fused_epilogues_match_the_host() {
    let dev = Device::new(0).expect(DEVICE);
    let ep = |bias, activation, scale, output| Epilogue {
        scale,
        bias,
        activation,
        output,
    };
    let mut wrong = Vec::new();
    // M and N off the tiles (rows and columns past the edge, bias read past N predicated);
    // 4096^2 x 1024 takes the 128 x 256 kernel in clusters
    for size in [(300, 392, 512), (4096, 4096, 1024)] {
        for a in [
            Activation::Identity,
            Activation::Relu,
            Activation::Gelu,
            Activation::Silu,
        ] {
            let bad = fused_case::<half::bf16, half::bf16>(
                &dev,
                size,
                ep(true, a, false, None),
                2f64.powi(-7),
            );
            if bad > 0 {
                wrong.push(format!("bf16 {size:?} {a:?}: {bad}"));
            }
        }
        // f16 inputs, bf16 output
        let bad = fused_case::<half::f16, half::bf16>(
            &dev,
            size,
            ep(true, Activation::Gelu, false, Some(MmaType::Bf16)),
            2f64.powi(-7),
        );
        if bad > 0 {
            wrong.push(format!("f16 -> bf16 {size:?}: {bad}"));
        }
        // f16 output, no bias
        let bad = fused_case::<half::f16, half::f16>(
            &dev,
            size,
            ep(false, Activation::Silu, false, None),
            2f64.powi(-9),
        );
        if bad > 0 {
            wrong.push(format!("f16 silu {size:?}: {bad}"));
        }
        // FP8 with per-tensor scales (and split-K where tuned picks it)
        for bias in [false, true] {
            let bad = fused_case::<E4m3, half::bf16>(
                &dev,
                size,
                ep(bias, Activation::Identity, true, None),
                2f64.powi(-7),
            );
            if bad > 0 {
                wrong.push(format!("e4m3 scaled bias={bias} {size:?}: {bad}"));
            }
        }
    }
    // split-K: the epilogue runs after the partials are added
    let bad = fused_case::<half::bf16, half::bf16>(
        &dev,
        (256, 256, 8192),
        ep(true, Activation::Gelu, false, None),
        2f64.powi(-7),
    );
    if bad > 0 {
        wrong.push(format!("bf16 split-K: {bad}"));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A grouped GEMM of groups of `sizes` rows through `groups` matrices `N x K`, against
/// each group's exact product (with `ep`'s bias and activation); the wrong elements.
fn grouped_case<T: Half>(
    dev: &Device,
    sizes: &[usize],
    (n, k): (usize, usize),
    ep: Epilogue,
) -> usize {
    let s = dev.stream();
    let groups = sizes.len();
    let (first, rows, tiles) = group_tiles(sizes, GROUP_ALIGN as usize);
    let (m, ni, ki) = (rows as i64, n as i64, k as i64);
    // A: the groups' rows at their first rows, zeros between
    let mut a = vec![0f32; rows * k];
    let mut bs = Vec::new();
    let mut b_dev = Vec::new();
    for g in 0..groups {
        let ag = grid_values(sizes[g] * k, 10 + g as u64);
        a[first[g] * k..][..sizes[g] * k].copy_from_slice(&ag);
        let bg = grid_values(k * n, 20 + g as u64);
        // B_g given as N x K, K-major: the K x N matrix stored column-major
        b_dev.extend(host_matrix::<T>(&bg, k, n, false));
        bs.push(bg);
    }
    let mut g = Gemm::tuned_grouped(
        T::TYPE,
        matrix(m, ki, ki, true),
        matrix(groups as i64 * ni, ki, ki, true),
        matrix(m, ni, ni, true),
        groups as i64,
        dev.multiprocessors(),
    )
    .unwrap();
    g.epilogue = ep;
    let gemm = g.compile(dev).unwrap();
    let da = s.memcpy_stod(&host_matrix::<T>(&a, rows, k, true)).unwrap();
    let db = s.memcpy_stod(&b_dev).unwrap();
    let dt = s.memcpy_stod(&tiles).unwrap();
    let bias: Vec<f32> = grid_values(n, 5).iter().map(|x| x * 8.0).collect();
    let dbias = s.memcpy_stod(&bias).unwrap();
    let mut dc = s.alloc_zeros::<T>(rows * n).unwrap();
    let args = GemmArgs {
        bias: ep.bias.then_some(&dbias),
        groups: Some(&dt),
        ..GemmArgs::default()
    };
    gemm.launch_with(s, &da, &db, &mut dc, &args).unwrap();
    let got = s.memcpy_dtov(&dc).unwrap();
    let rel = if T::TYPE == MmaType::F16 {
        2f64.powi(-9)
    } else {
        2f64.powi(-6)
    };
    let mut bad = 0;
    for gi in 0..groups {
        let want = product(
            &a[first[gi] * k..][..sizes[gi] * k],
            &bs[gi],
            (sizes[gi], n, k),
        );
        let want: Vec<f64> = want
            .iter()
            .enumerate()
            .map(|(i, &w)| {
                act(
                    ep.activation,
                    w + if ep.bias { bias[i % n] as f64 } else { 0.0 },
                )
            })
            .collect();
        let top = want.iter().fold(1f64, |t, x| t.max(x.abs()));
        bad += (0..sizes[gi] * n)
            .filter(|&i| {
                let x = got[(first[gi] + i / n) * n + i % n].to_f32() as f64;
                let err = (x - want[i]).abs();
                err.is_nan() || err > rel * want[i].abs().max(top / 16.0)
            })
            .count();
    }
    bad
}

#[test]
#[ignore = "needs a CUDA device: cargo test -p rcute-cuda --release -- --ignored"]
fn grouped_gemms_match_each_groups_product() {
    let dev = Device::new(0).expect(DEVICE);
    let plain = Epilogue::default();
    let silu = Epilogue {
        bias: true,
        activation: Activation::Silu,
        ..Epilogue::default()
    };
    let mut wrong = Vec::new();
    // an empty group, groups of one row and of more than a tile, N off the 128 x 256
    // tiles (the last tile's B rows run into the next group's, clipped by C's store)
    let sizes = [100, 0, 300, 1, 257, 128];
    for (n, k) in [(384, 512), (200, 136)] {
        for ep in [plain, silu] {
            let bad = grouped_case::<half::bf16>(&dev, &sizes, (n, k), ep);
            if bad > 0 {
                wrong.push(format!("bf16 {n}x{k} {ep:?}: {bad}"));
            }
            let bad = grouped_case::<half::f16>(&dev, &sizes, (n, k), ep);
            if bad > 0 {
                wrong.push(format!("f16 {n}x{k} {ep:?}: {bad}"));
            }
        }
    }
    // 16 groups on more tiles than SMs (the 128 x 256 kernel, persistent blocks walking
    // several tiles each)
    let many: Vec<usize> = (0..16).map(|g| 200 + 97 * g).collect();
    let bad = grouped_case::<half::bf16>(&dev, &many, (1024, 256), plain);
    if bad > 0 {
        wrong.push(format!("16 groups: {bad}"));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
