//! Every generated kernel's text, pinned: the copies (both element types, copy and
//! transpose, odd and even sizes) and the GEMMs (both 16-bit types and e4m3, every operand
//! major, every instruction and kernel variant, split-K, `Gemm::tuned`) at sizes that take
//! each copy width, with `tests/golden/kernel_sources.txt` holding a 64-bit FNV-1a digest of
//! each source (or the error its generation answers). A change of the library that is
//! meant to leave the kernels alone must leave this file alone; one that changes a kernel
//! on purpose rewrites it with `RCUTE_BLESS=1 cargo test -p rcute-cuda --test
//! kernel_sources` and says so in its commit.

use rcute_cuda::copy::{CopyKernel, Elem, tiled, tiled_wide};
use rcute_cuda::gemm::{Activation, Epilogue, Gemm, Instr, MmaType, Tiling};
use rcute_cuda::kernel::matrix;
use std::fmt::Write;

const GOLDEN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/golden/kernel_sources.txt"
);

/// 64-bit FNV-1a.
fn digest(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// `name digest` per case, one a line.
fn sources() -> String {
    let mut out = String::new();
    let mut line = |name: String, r: Result<String, String>| {
        let v = match r {
            Ok(src) => format!("{:016x} {}", digest(&src), src.len()),
            Err(e) => format!("error {e}"),
        };
        writeln!(out, "{name} {v}").unwrap();
    };
    for (m, n) in [
        (1000, 777),
        (1000, 778),
        (64, 64),
        (33, 65),
        (4096, 4096),
        (8192, 8192),
    ] {
        for elem in [Elem::F32, Elem::F16] {
            for transpose in [false, true] {
                let k = tiled(elem, m, n, transpose).kernel("copy");
                line(
                    format!("copy {elem:?} {m}x{n} transpose={transpose}"),
                    k.map(|k| k.source).map_err(|e| e.to_string()),
                );
            }
        }
    }
    let sizes = [
        (128, 96, 64),
        (1000, 776, 1000),
        (1000, 777, 999),
        (1000, 778, 998),
        (1000, 780, 996),
        (8192, 8192, 8192),
        (256, 256, 8192),
        (200, 136, 3000),
        (1000, 776, 1024),
    ];
    let specialized = |cluster| Tiling {
        cluster,
        ..Tiling::wgmma()
    };
    let variants: [(&str, Instr, Option<Tiling>); 6] = [
        ("mma_sync", Instr::MmaSync, Some(Tiling::default())),
        (
            "wgmma_plain",
            Instr::Wgmma,
            Some(Tiling {
                specialized: false,
                cluster: 1,
                ..Tiling::wgmma()
            }),
        ),
        ("wgmma_ws_cluster2", Instr::Wgmma, Some(specialized(2))),
        ("wgmma_ws", Instr::Wgmma, Some(specialized(1))),
        (
            "wgmma_64x128_split3",
            Instr::Wgmma,
            Some(Tiling {
                splits: 3,
                ..Tiling::wgmma_64x128()
            }),
        ),
        ("tuned", Instr::Wgmma, None),
    ];
    for ty in [MmaType::F16, MmaType::Bf16, MmaType::E4M3] {
        for (m, n, k) in sizes {
            for (a_row, b_row) in [(true, true), (false, false), (true, false), (false, true)] {
                let a = if a_row {
                    matrix(m, k, k, true)
                } else {
                    matrix(m, k, m, false)
                };
                // B is N x K: "row" is K-major
                let b = if b_row {
                    matrix(n, k, k, true)
                } else {
                    matrix(n, k, n, false)
                };
                let c = matrix(m, n, n, true);
                for (name, instr, tiling) in variants {
                    let g = match tiling {
                        Some(mut t) => {
                            t.bk = ty.row_elements();
                            Ok(Gemm {
                                instr,
                                tiling: t,
                                ..Gemm::new(ty, a, b, c)
                            })
                        }
                        None => Gemm::tuned(ty, a, b, c, 132),
                    };
                    let src = g
                        .and_then(|g| g.kernel("gemm"))
                        .map(|k| k.source)
                        .map_err(|e| e.to_string());
                    line(
                        format!("gemm {ty:?} {m}x{n}x{k} a_row={a_row} b_row={b_row} {name}"),
                        src,
                    );
                }
            }
        }
    }
    // a column-major C (stored from registers)
    for ty in [MmaType::F16, MmaType::Bf16] {
        let (m, n, k) = (1000, 776, 1000);
        let g = Gemm::tuned(
            ty,
            matrix(m, k, k, true),
            matrix(n, k, k, true),
            matrix(m, n, m, false),
            132,
        );
        let src = g
            .and_then(|g| g.kernel("gemm"))
            .map(|k| k.source)
            .map_err(|e| e.to_string());
        line(format!("gemm {ty:?} {m}x{n}x{k} c_col tuned"), src);
    }
    // the wide copies, both tile orders
    for (m, n) in [(1000, 777), (8192, 8192)] {
        for elem in [Elem::F32, Elem::F16] {
            for transpose in [false, true] {
                for rows in [64, 128, 256] {
                    let Ok(k) = tiled_wide(elem, m, n, transpose, rows) else {
                        continue;
                    };
                    let other = CopyKernel {
                        tiles_along_rows: !k.tiles_along_rows,
                        ..k.clone()
                    };
                    for c in [k, other] {
                        line(
                            format!(
                                "wide {elem:?} {m}x{n} transpose={transpose} rows={rows} along_rows={}",
                                c.tiles_along_rows
                            ),
                            c.kernel("copy")
                                .map(|k| k.source)
                                .map_err(|e| e.to_string()),
                        );
                    }
                }
            }
        }
    }
    // fused epilogues and grouped GEMMs
    for ty in [MmaType::F16, MmaType::Bf16, MmaType::E4M3] {
        for act in [
            Activation::Identity,
            Activation::Relu,
            Activation::Gelu,
            Activation::Silu,
        ] {
            for (scale, bias) in [(false, true), (true, false), (true, true)] {
                let (m, n, k) = (1000, 776, 1024);
                let g = Gemm::tuned(
                    ty,
                    matrix(m, k, k, true),
                    matrix(n, k, k, true),
                    matrix(m, n, n, true),
                    132,
                )
                .map(|g| Gemm {
                    epilogue: Epilogue {
                        scale,
                        bias,
                        activation: act,
                        output: None,
                    },
                    ..g
                });
                line(
                    format!("fused {ty:?} {act:?} scale={scale} bias={bias}"),
                    g.and_then(|g| g.kernel("gemm"))
                        .map(|k| k.source)
                        .map_err(|e| e.to_string()),
                );
            }
        }
        for m in [1024, 8192] {
            let g = Gemm::tuned_grouped(
                ty,
                matrix(m, 4096, 4096, true),
                matrix(8 * 4096, 4096, 4096, true),
                matrix(m, 4096, 4096, true),
                8,
                132,
            );
            line(
                format!("grouped {ty:?} {m}"),
                g.and_then(|g| g.kernel("gemm"))
                    .map(|k| k.source)
                    .map_err(|e| e.to_string()),
            );
        }
    }
    out
}

#[test]
fn generated_sources_are_unchanged() {
    let now = sources();
    let cases = now.lines().count();
    assert!(cases > 600, "{cases} cases");
    if std::env::var_os("RCUTE_BLESS").is_some() {
        std::fs::write(GOLDEN, &now).unwrap();
        return;
    }
    let golden = std::fs::read_to_string(GOLDEN).expect("tests/golden/kernel_sources.txt");
    let changed: Vec<String> = golden
        .lines()
        .zip(now.lines())
        .filter(|(a, b)| a != b)
        .map(|(a, b)| format!("was {a}\n now {b}"))
        .collect();
    assert!(
        changed.is_empty() && golden.lines().count() == cases,
        "{} of {cases} kernels changed (of {} pinned):\n{}",
        changed.len(),
        golden.lines().count(),
        changed.join("\n")
    );
}
