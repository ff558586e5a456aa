//! The FP8 (e4m3) `wgmma` GEMM's plan ([`MmaType::E4M3`]), emulated on the CPU and checked
//! against the PTX ISA, independently of the layouts it is generated from.
//!
//! `wgmma.mma_async.m64nNk32.f32.e4m3.e4m3` reads both operands K-major from shared memory
//! through matrix descriptors; a 128-byte swizzle row holds 128 one-byte elements, so a
//! stage is `(rows, 128)` and each instruction reads a `64 x 32` slice of `A` and an
//! `N x 32` slice of `B`. For two tilings (`128 x 256 x 128` in clusters of 2, and
//! `256 x 128 x 128` with four warpgroups) the tests check:
//!
//! 1. the operand slices: the descriptor of slice `(block, kk)`, built as the kernel builds
//!    it, is decoded and every byte of the slice located as the PTX ISA's canonical K-major
//!    128-byte-swizzled layout locates it; it must be the tile's shared offset of that
//!    element (one byte an element);
//! 2. the TMA boxes: each box (one per part of a cluster, `128 x rows / parts` bytes,
//!    1-byte elements) writes its bytes where TMA's 128-byte swizzle puts them: again the
//!    tile's offsets, the whole tile once;
//! 3. the kernel's tensor maps are of 1-byte elements, and its text has the e4m3
//!    instruction, `k32`, without transpose operands;
//! 4. the refusals: an operand that is not K-major, rows that are not 16-byte aligned,
//!    `mma.sync`, and a `BK` other than 128 are errors, not panics;
//! 5. the host's e4m3 type converts every e4m3 value exactly and rounds ties to even
//!    (with the `cuda` feature, which builds it).

// the 16-bit tests' helpers: this file takes the tally and the problem's M and N
#[allow(dead_code)]
mod gemm_support;

use gemm_support::{M, N, Tally, mode_sizes};
use rcute_cuda::gemm::{Gemm, GemmPlan, Instr, MmaType, OperandPlan, Tiling};
use rcute_cuda::kernel::matrix;
#[cfg(feature = "cuda")]
use rcute_cuda::launch::{E4m3, GemmElement};

/// `K` of the problems (a multiple of 16 bytes).
const K: i64 = 1024;

/// `K` per stage: one 128-byte row of e4m3.
const BK: usize = 128;

/// `K` of one `wgmma` (`m64nNk32`).
const SLICE_K: usize = 32;

/// The default FP8 tiling and one of four warpgroups without clusters.
fn tilings() -> [Tiling; 2] {
    let t = Tiling {
        bk: 128,
        ..Tiling::wgmma()
    };
    [
        t,
        Tiling {
            bm: 256,
            bn: 128,
            warps_m: 4,
            cluster: 1,
            ..t
        },
    ]
}

/// `C = A * B^T`, e4m3, both operands K-major (row-major `(M,K)` and `(N,K)`).
fn fp8(m: i64, n: i64, k: i64, t: Tiling) -> Gemm {
    let (a, b, c) = (
        matrix(m, k, k, true),
        matrix(n, k, k, true),
        matrix(m, n, n, true),
    );
    Gemm {
        instr: Instr::Wgmma,
        tiling: t,
        ..Gemm::new(MmaType::E4M3, a, b, c)
    }
}

fn plans() -> Vec<(String, GemmPlan)> {
    tilings()
        .into_iter()
        .map(|t| {
            let plan = fp8(M, N, K, t).plan().unwrap();
            assert!(plan.tma, "e4m3 loads by TMA");
            for op in [&plan.a, &plan.b] {
                assert!(!op.mn_major);
                assert_eq!((op.elem_bytes, op.width), (1, 16));
            }
            (format!("{}x{}x{}", t.bm, t.bn, t.bk), plan)
        })
        .collect()
}

/// The byte the tile gives element `(row, k)` (stage base 0; one byte an element).
fn tile_byte(op: &OperandPlan, row: usize, k: usize) -> usize {
    op.tile.offset(row + op.rows as usize * k) as usize
}

/// The 128-byte swizzle on a byte address of a 1024-byte-aligned pattern: bits `[4,7)`
/// xor bits `[7,10)`.
fn swizzle_128b(addr: usize) -> usize {
    addr ^ ((addr >> 3) & 0x70)
}

/// Start address and stride byte offset of a decoded descriptor, in bytes; its swizzle mode.
fn decode(d: u64) -> (usize, usize, u64) {
    let field = |lo: u32| ((d >> lo) & 0x3FFF) as usize * 16;
    (field(0), field(32), d >> 62)
}

/// PTX ISA, K-major with the 128-byte swizzle: rows of 128 bytes, 8 rows a swizzle atom,
/// groups of 8 rows `SBO` apart; element `(r, k)` of 1 byte at
/// `start + (r/8) SBO + (r%8) 128 + k`, then swizzled.
fn slice_byte(start: usize, sbo: usize, r: usize, k: usize, swizzle: bool) -> usize {
    let addr = start + (r / 8) * sbo + (r % 8) * 128 + k;
    if swizzle { swizzle_128b(addr) } else { addr }
}

fn check_slices(op: &OperandPlan, is_a: bool, swizzle: bool, label: &str) -> Tally {
    let rows = op.rows as usize;
    let sizes = mode_sizes(&op.slices);
    assert_eq!(sizes, [rows / 64, BK / SLICE_K], "{label}: slice modes");
    let (blocks, slice_rows) = if is_a { (sizes[0], 64) } else { (1, rows) };
    let fixed = op.descriptor().unwrap();
    assert_eq!(fixed >> 62, 1, "{label}: 128-byte swizzle");
    let mut tally = Tally::default();
    for blk in 0..blocks {
        for kk in 0..sizes[1] {
            let (row0, k0) = (64 * blk, SLICE_K * kk);
            let at = op.slices.offset_of(&[blk, kk]) as usize;
            assert_eq!(at, row0 + rows * k0, "{label}: slice ({blk}, {kk})");
            // the kernel: stage base + bytes * unswizzled offset
            let start = op.tile.layout().offset(at) as usize;
            let (s, sbo, mode) = decode(fixed | ((start as u64 & 0x3FFFF) >> 4));
            assert_eq!((s, mode), (start, 1), "{label}: start");
            for r in 0..slice_rows {
                for k in 0..SLICE_K {
                    tally.check(
                        tile_byte(op, row0 + r, k0 + k),
                        slice_byte(s, sbo, r, k, swizzle),
                        || format!("{label}: slice ({blk}, {kk}) element ({r}, {k})"),
                    );
                }
            }
        }
    }
    tally
}

fn check_boxes(op: &OperandPlan, label: &str) -> (Tally, Vec<usize>) {
    let rows = op.rows as usize;
    let count = op.boxes.size().value() as usize;
    assert_eq!(count, op.parts as usize, "{label}: one box a part");
    let box_rows = rows / count;
    let mut tally = Tally::default();
    let mut written = vec![0usize; rows * BK];
    for i in 0..count {
        let at = op.boxes.offset(i) as usize;
        assert_eq!(at, box_rows * i, "{label}: box {i}");
        let base = op.tile.layout().offset(at) as usize;
        assert_eq!(base % 1024, 0, "{label}: box {i} base");
        for y in 0..box_rows {
            for x in 0..BK {
                let row = box_rows * i + y;
                written[row + rows * x] += 1;
                tally.check(
                    tile_byte(op, row, x),
                    swizzle_128b(base + y * 128 + x),
                    || format!("{label}: box {i} byte (x {x}, y {y})"),
                );
            }
        }
    }
    (tally, written)
}

/// 1: every byte of every slice of both operands is where the PTX ISA's descriptor puts it;
/// without the swizzle, 7 of every 8 16-byte chunks move.
#[test]
fn descriptors_address_the_shared_tile() {
    let mut tally = Tally::default();
    let mut expected = 0;
    for (label, plan) in plans() {
        let t = plan.tiling;
        tally.add(check_slices(&plan.a, true, true, &format!("{label} A")));
        tally.add(check_slices(&plan.b, false, true, &format!("{label} B")));
        expected += (t.bm + t.bn) as usize * BK;
        let wrong = check_slices(&plan.a, true, false, &label).wrong;
        assert_eq!(wrong, t.bm as usize * BK * 7 / 8, "{label}: no swizzle");
    }
    tally.assert_clean(expected);
}

/// 2: the TMA boxes write every byte of the tile once, where the tile puts it.
#[test]
fn tma_boxes_fill_the_shared_tile() {
    let mut tally = Tally::default();
    let mut expected = 0;
    for (label, plan) in plans() {
        for (name, op) in [("A", &plan.a), ("B", &plan.b)] {
            let (t, written) = check_boxes(op, &format!("{label} {name}"));
            assert!(written.iter().all(|&w| w == 1), "{label} {name}: once");
            tally.add(t);
            expected += op.rows as usize * BK;
        }
    }
    tally.assert_clean(expected);
}

/// 3: the kernel's tensor maps and instruction.
#[test]
fn kernel_is_the_e4m3_wgmma() {
    for t in tilings() {
        let k = fp8(M, N, K, t).kernel("gemm_e4m3").unwrap();
        let src = &k.source;
        let instr = format!("wgmma.mma_async.sync.aligned.m64n{}k32.f32.e4m3.e4m3", t.bn);
        assert!(src.contains(&instr), "{instr}");
        assert!(
            src.contains("p, 1, 1;"),
            "no transpose operands for 8-bit wgmma"
        );
        assert!(src.contains("const unsigned char* __restrict__ A"));
        assert!(src.contains("cvt.rn.bf16x2.f32"), "C is bf16");
        // A, B, and C's where the epilogue stages through shared memory (2 warpgroups)
        assert_eq!(k.tensor_maps.len(), if t.warps_m == 2 { 3 } else { 2 });
        for m in &k.tensor_maps[..2] {
            let rows = if m.operand == 0 {
                t.bm
            } else {
                t.bn / t.cluster
            };
            assert_eq!(m.elem_bytes, 1);
            assert_eq!(m.box_dims, [128, rows as u32]);
            assert_eq!(m.stride_bytes, K as u64);
        }
        if let Some(c) = k.tensor_maps.get(2) {
            assert_eq!(c.elem_bytes, 2);
        }
        // a stage: (BM + BN) x 128 bytes
        let stage = (t.bm + t.bn) * 128;
        assert!(src.contains(&format!("rcute_mbar_expect_tx(bar, {stage});")));
    }
}

/// 4: what the FP8 kernel is not built for is refused with an error.
#[test]
fn plan_refuses_what_fp8_does_not_support() {
    let t = tilings()[0];
    let expect = |g: Gemm, what: &str| {
        let e = g.plan().expect_err(what).to_string();
        assert!(e.contains(what), "{e}");
        let e = g.kernel("k").expect_err(what).to_string();
        assert!(e.contains(what), "{e}");
    };
    // A M-major, B N-major
    let mut g = fp8(M, N, K, t);
    g.a = matrix(M, K, M, false);
    expect(g.clone(), "K-major");
    let mut g = fp8(M, N, K, t);
    g.b = matrix(N, K, N, false);
    expect(g, "K-major");
    // rows of 1000 bytes: not 16-byte aligned
    expect(fp8(M, N, 1000, t), "TMA only");
    let mut g = fp8(M, N, K, t);
    g.instr = Instr::MmaSync;
    g.tiling = Tiling {
        bk: 128,
        ..Tiling::default()
    };
    expect(g, "wgmma only");
    expect(fp8(M, N, K, Tiling::wgmma()), "128 e4m3");
}

/// `Gemm::tuned` on e4m3: `128 x 256 x 128` tiles in clusters of 2 where they fill the
/// SMs, the smaller tiles of the 16-bit table (`BK` 128) otherwise.
#[test]
fn tuned_fp8() {
    let big = |m: i64, n: i64, k: i64| {
        Gemm::tuned(
            MmaType::E4M3,
            matrix(m, k, k, true),
            matrix(n, k, k, true),
            matrix(m, n, n, true),
            132,
        )
        .unwrap()
    };
    let g = big(8192, 8192, 8192);
    let t = g.tiling;
    assert_eq!(g.instr, Instr::Wgmma);
    assert_eq!(
        (t.bm, t.bn, t.bk, t.stages, t.cluster),
        (128, 256, 128, 4, 2)
    );
    assert!(g.plan().unwrap().c_store.is_some());
    let t = big(2048, 2048, 4096).tiling;
    assert_eq!((t.bm, t.bn, t.bk, t.cluster), (128, 128, 128, 1));
    let t = big(256, 256, 8192).tiling;
    assert_eq!((t.bm, t.bn, t.bk, t.splits), (64, 128, 128, 16));
    // rows not 16-byte aligned: refused, not a copying kernel
    let e = Gemm::tuned(
        MmaType::E4M3,
        matrix(64, 1000, 1000, true),
        matrix(64, 1000, 1000, true),
        matrix(64, 64, 64, true),
        132,
    );
    assert!(e.is_err());
}

/// 5: every e4m3 value converts to `f32` and back to itself; halfway values round to even
/// (the `float8` type `launch` re-exports: the GEMM checks rely on exact conversions).
#[cfg(feature = "cuda")]
#[test]
fn e4m3_conversion_is_exact() {
    for b in 0..=255u8 {
        let v = GemmElement::to_f32(E4m3::from_bits(b));
        if b & 0x7f == 0x7f {
            assert!(v.is_nan());
            continue;
        }
        assert_eq!(
            <E4m3 as GemmElement>::from_f32(v).to_bits(),
            b,
            "{b:#x} = {v}"
        );
        // halfway to the next magnitude: the even mantissa wins
        if b & 0x7f < 0x7e {
            let w = GemmElement::to_f32(E4m3::from_bits(b + 1));
            let mid = <E4m3 as GemmElement>::from_f32((v + w) / 2.0).to_bits();
            assert_eq!(mid, if b % 2 == 0 { b } else { b + 1 }, "{b:#x}");
        }
    }
}
