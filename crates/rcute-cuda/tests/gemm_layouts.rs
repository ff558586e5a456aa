//! The data movement of the tensor-core GEMM ([`rcute_cuda::gemm`]), emulated on the CPU and
//! checked against the PTX ISA, independently of the layouts it is generated from.
//!
//! For each combination of `A` K-major or M-major and `B` K-major or N-major, and two
//! tilings, the tests follow one stage of the kernel's data movement element by element:
//!
//! 1. the copy into shared memory: every `(thread, element, pass)` of [`OperandPlan::copy`]
//!    writes the `(row, k)` of its tile element at its swizzled shared offset; each tile
//!    element must be written exactly once, and each 16-byte copy must be 8 contiguous,
//!    aligned shared elements taken from 8 neighbours along the operand's contiguous mode
//!    (what one `cp.async` of 16 bytes moves);
//! 2. `ldmatrix.sync.aligned.m8n8.x4[.trans].b16`: lane `L` supplies the row address
//!    [`OperandPlan::frag`] gives it; each thread receives the elements the PTX ISA's
//!    description of `ldmatrix` says it receives;
//! 3. what each thread received must be the element the PTX ISA's fragment layout of
//!    `mma.m16n8k16` (`.f16`/`.bf16` inputs) puts in that register, moved to the warp's,
//!    block's and `kk` step's place in the tile;
//! 4. the accumulators [`GemmPlan::c_frag`] must be where the PTX ISA puts `c0..c3` of each
//!    MMA, and cover the `BM x BN` tile once.
//!
//! The formulas of the fragments and of `ldmatrix` are written out below from the PTX ISA
//! ("Matrix Fragments for mma.m16n8k16 with floating point type" and "Warp-level matrix
//! load instruction: ldmatrix"); none of them is derived from rcute's layouts. A last group
//! of tests checks that the emulation catches wrong semantics (a flipped `.trans`, swapped
//! `n8` blocks, swapped accumulator values), and that [`Gemm::plan`] refuses a tiling it
//! cannot build with an error.

mod gemm_support;

use gemm_support::{BK, MAJORS, Tally, gemm, mode_sizes, operand_elements};
use rcute_cuda::gemm::{GemmPlan, Instr, MmaType, OperandPlan, Tiling};

/// An element of an operand's `(rows, BK)` shared tile, as `(row, k)`.
type Elem = (usize, usize);

/// The default tiling (`128 x 128`, 2 x 2 warps) and one of `256 x 128` with 4 x 2 warps.
fn tilings() -> [Tiling; 2] {
    [
        Tiling::default(),
        Tiling {
            bm: 256,
            bn: 128,
            bk: 64,
            warps_m: 4,
            warps_n: 2,
            stages: 3,
            specialized: false,
            cluster: 1,
            splits: 1,
        },
    ]
}

/// A labelled plan for every tiling and combination of majors.
fn plans() -> Vec<(String, GemmPlan)> {
    let mut out = Vec::new();
    for t in tilings() {
        for (a_k, b_k) in MAJORS {
            let plan = gemm(MmaType::F16, Instr::MmaSync, a_k, b_k, t)
                .plan()
                .unwrap();
            assert_eq!(plan.a.mn_major, !a_k);
            assert_eq!(plan.b.mn_major, !b_k);
            assert!(plan.a.vector && plan.b.vector, "16-byte copies expected");
            let major = |k: bool, mn: &str| if k { "K" } else { mn }.to_string() + "-major";
            let label = format!(
                "{}x{} tiling, A {}, B {}",
                t.bm,
                t.bn,
                major(a_k, "M"),
                major(b_k, "N")
            );
            out.push((label, plan));
        }
    }
    assert_eq!(out.len(), 8);
    out
}

// ---------------------------------------------------------------------------------------
// The PTX ISA's formulas. `t` is the thread (lane) of the warp, `g = t / 4` its groupID,
// `tig = t % 4` its threadID_in_group.

/// `mma.m16n8k16` `A` (16 x 16, `.f16`/`.bf16`): the `(row, col)` of `a_{2j+h}`, half `h` of
/// register `j` of thread `t`. PTX: `a0,a1: (g, 2 tig + {0,1})`, `a2,a3: (g + 8, ...)`,
/// `a4,a5: (g, 2 tig + 8 + {0,1})`, `a6,a7: (g + 8, 2 tig + 8 + {0,1})`.
fn ptx_a(t: usize, j: usize, h: usize) -> (usize, usize) {
    let (g, tig) = (t / 4, t % 4);
    (g + 8 * (j % 2), 2 * tig + h + 8 * (j / 2))
}

/// `mma.m16n8k16` `B` (16 x 8, `.f16`/`.bf16`): the `(k, n)` of `b_{2r+h}`, half `h` of
/// register `r` of thread `t`. PTX: `b0,b1: (2 tig + {0,1}, g)`, `b2,b3: (2 tig + 8 + {0,1}, g)`.
fn ptx_b(t: usize, r: usize, h: usize) -> (usize, usize) {
    let (g, tig) = (t / 4, t % 4);
    (2 * tig + h + 8 * r, g)
}

/// `mma.m16n8k16` accumulator (16 x 8, `.f32`): the `(row, col)` of `c_v`. PTX:
/// `c0,c1: (g, 2 tig + {0,1})`, `c2,c3: (g + 8, 2 tig + {0,1})`.
fn ptx_c(t: usize, v: usize) -> (usize, usize) {
    let (g, tig) = (t / 4, t % 4);
    (g + 8 * (v / 2), 2 * tig + v % 2)
}

/// The `(row, k)` of `A`'s `16 x 16` (M,K) block in half `h` of register `j` of thread `t`
/// after one `ldmatrix.x4`: the MMA's `A` fragment as it is.
fn a_block(t: usize, j: usize, h: usize) -> Elem {
    ptx_a(t, j, h)
}

/// The `(n, k)` of `B`'s `16 x 16` (N,K) block in half `h` of register `j` of thread `t`
/// after one `ldmatrix.x4`, which fills the `B` fragments of two MMAs: register `j` is
/// register `j % 2` of the MMA of the `n8` block `q = j / 2` (rows `8 q..8 q + 8`).
fn b_block(t: usize, j: usize, h: usize) -> Elem {
    let (k, n) = ptx_b(t, j % 2, h);
    (n + 8 * (j / 2), k)
}

/// `ldmatrix.sync.aligned.m8n8.x4[.trans].b16`: what thread `t` receives in half `h` of
/// register `j`, the 32 lanes having supplied the shared (element) addresses `addr`. Matrix
/// `j`'s rows are at the addresses of lanes `8j..8j+7`, each row 8 consecutive 16-bit
/// elements. Without `.trans` thread `t` receives row `t / 4`, columns `2 (t % 4) + {0,1}`
/// of matrix `j`; with `.trans`, rows `2 (t % 4) + {0,1}`, column `t / 4`.
fn ldmatrix(
    smem: &[Option<Elem>],
    addr: &[usize; 32],
    trans: bool,
    t: usize,
    j: usize,
    h: usize,
) -> Option<Elem> {
    let (row, col) = if trans {
        (2 * (t % 4) + h, t / 4)
    } else {
        (t / 4, 2 * (t % 4) + h)
    };
    smem[addr[8 * j + row] + col]
}

// ---------------------------------------------------------------------------------------
// The emulation.

/// One stage of the copy into shared memory: the shared tile (`tile`'s cosize) holding, at
/// each offset written, the `(row, k)` of the tile element written there. Asserts that each
/// tile element is written once, no offset twice, and that each `(thread, pass)` moves
/// `width` (8, 4, 2 or 1) contiguous shared elements aligned to `width`, from as many
/// neighbours along the contiguous mode (row for an M/N-major operand, k for a K-major
/// one), as one `cp.async` of 16, 8 or 4 bytes (or one element load) does.
fn fill_shared(op: &OperandPlan, label: &str) -> Vec<Option<Elem>> {
    let rows = op.rows as usize;
    let len = op.tile.layout().cosize().value() as usize;
    let mut smem: Vec<Option<Elem>> = vec![None; len];
    let mut written = vec![0usize; rows * BK];
    let sizes = mode_sizes(&op.copy);
    let &[threads, elems, passes] = sizes.as_slice() else {
        panic!("{label}: copy modes {sizes:?}, expected (T, E, P)");
    };
    let width = op.width as usize;
    // element loads keep the 16-byte copy's groups of 8, each element its own load
    let group = if width == 1 { 8 } else { width };
    assert_eq!(elems, group, "{label}: a copy moves `width` elements");
    let mut writes = 0;
    for t in 0..threads {
        for p in 0..passes {
            let first = op.copy.offset_of(&[t, 0, p]) as usize;
            let base = op.tile.offset(first) as usize;
            assert_eq!(
                base % width,
                0,
                "{label}: copy ({t}, {p}) is not aligned to its size"
            );
            for e in 0..elems {
                let idx = op.copy.offset_of(&[t, e, p]) as usize;
                assert!(
                    idx < rows * BK,
                    "{label}: copy ({t}, {e}, {p}) outside the tile"
                );
                let (row, k) = (idx % rows, idx / rows);
                let neighbour = if op.mn_major {
                    (first % rows + e, first / rows)
                } else {
                    (first % rows, first / rows + e)
                };
                assert_eq!(
                    (row, k),
                    neighbour,
                    "{label}: copy ({t}, {e}, {p}) is not element {e} of a contiguous run"
                );
                let at = op.tile.offset(idx) as usize;
                assert_eq!(at, base + e, "{label}: copy ({t}, {e}, {p}) not contiguous");
                assert!(at < len, "{label}: shared offset {at} past the tile");
                assert!(
                    smem[at].is_none(),
                    "{label}: shared offset {at} written twice"
                );
                smem[at] = Some((row, k));
                written[idx] += 1;
                writes += 1;
            }
        }
    }
    assert_eq!(writes, rows * BK, "{label}: writes");
    assert!(
        written.iter().all(|&w| w == 1),
        "{label}: a tile element not written exactly once"
    );
    smem
}

/// Emulates every `ldmatrix.x4` the kernel issues for one operand in one `BK` stage, for each
/// warp position along the operand's rows, and compares each received element with
/// `block_elem` (the `(row, k)` PTX wants in half `h` of register `j` of thread `t`, inside a
/// `16 x 16` block) moved to the block's place: `16 block + 16 blocks wp` rows down,
/// `16 kk` along K. `trans` is the `ldmatrix` variant emulated. Returns the tally and how
/// often each tile element was received.
fn check_fragments(
    op: &OperandPlan,
    smem: &[Option<Elem>],
    trans: bool,
    block_elem: fn(usize, usize, usize) -> Elem,
    label: &str,
) -> (Tally, Vec<usize>) {
    let rows = op.rows as usize;
    let sizes = mode_sizes(&op.frag);
    let &[lanes, blocks, kks, wps] = sizes.as_slice() else {
        panic!("{label}: frag modes {sizes:?}, expected (lane, block, kk, warp)");
    };
    assert_eq!((lanes, kks), (32, BK / 16), "{label}: frag modes {sizes:?}");
    assert_eq!(16 * blocks * wps, rows, "{label}: frag modes {sizes:?}");
    let mut tally = Tally::default();
    let mut received = vec![0usize; rows * BK];
    for wp in 0..wps {
        for block in 0..blocks {
            for kk in 0..kks {
                let addr: [usize; 32] = std::array::from_fn(|l| {
                    let a = op
                        .tile
                        .offset(op.frag.offset_of(&[l, block, kk, wp]) as usize);
                    let a = a as usize;
                    // ldmatrix: each row address 16-byte aligned, the row inside the tile
                    assert_eq!(a % 8, 0, "{label}: lane {l} row address {a} not aligned");
                    assert!(a + 8 <= smem.len(), "{label}: lane {l} row past the tile");
                    a
                });
                for t in 0..32 {
                    for j in 0..4 {
                        for h in 0..2 {
                            let got = ldmatrix(smem, &addr, trans, t, j, h);
                            if let Some((r, k)) = got {
                                received[r + rows * k] += 1;
                            }
                            let (r, c) = block_elem(t, j, h);
                            let want = (r + 16 * (block + blocks * wp), c + 16 * kk);
                            tally.check(got, Some(want), || {
                                format!(
                                    "{label}: warp position {wp} block {block} kk {kk} \
                                     lane {t} register {j} half {h}"
                                )
                            });
                        }
                    }
                }
            }
        }
    }
    (tally, received)
}

/// Emulates the fragments of both operands of `plan` with the `ldmatrix` variant the kernel
/// uses (`.trans` for an M/N-major operand), or the other one when `flip_trans`.
fn check_operands(plan: &GemmPlan, label: &str, flip_trans: bool) -> [(Tally, Vec<usize>); 2] {
    let one = |op: &OperandPlan, name: &str, block_elem: fn(usize, usize, usize) -> Elem| {
        let label = format!("{label}, {name}");
        let smem = fill_shared(op, &label);
        check_fragments(op, &smem, op.mn_major != flip_trans, block_elem, &label)
    };
    [one(&plan.a, "A", a_block), one(&plan.b, "B", b_block)]
}

/// Checks every accumulator of `c_frag` (modes `(lane, e, h, i, q, jp, warp)`) against the
/// PTX accumulator layout, the MMA value being `value(e, h)` (the kernel's is `e + 2h`).
/// Returns the tally and how often each `(BM, BN)` tile element was named.
fn check_accumulators(
    plan: &GemmPlan,
    value: fn(usize, usize) -> usize,
    label: &str,
) -> (Tally, Vec<usize>) {
    let t = plan.tiling;
    let (bm, bn, warps_m) = (t.bm as usize, t.bn as usize, t.warps_m as usize);
    let sizes = mode_sizes(&plan.c_frag);
    let &[lanes, es, hs, mi, qs, njp, warps] = sizes.as_slice() else {
        panic!("{label}: c_frag modes {sizes:?}, expected (lane, e, h, i, q, jp, warp)");
    };
    assert_eq!(
        (lanes, es, hs, qs),
        (32, 2, 2, 2),
        "{label}: c_frag {sizes:?}"
    );
    assert_eq!(
        warps,
        warps_m * t.warps_n as usize,
        "{label}: c_frag {sizes:?}"
    );
    // a warp's share of the tile: MI m16 blocks by NI = 2 NJP n8 blocks
    let (warp_rows, warp_cols) = (16 * mi, 16 * njp);
    assert_eq!((warp_rows * warps_m, warp_cols * warps / warps_m), (bm, bn));
    let mut tally = Tally::default();
    let mut named = vec![0usize; bm * bn];
    let mut coords = [0usize; 7];
    for i in 0..plan.c_frag.size().value() as usize {
        // the 1-D index's coordinates, the first mode fastest
        let mut rest = i;
        for (c, &s) in coords.iter_mut().zip(&sizes) {
            *c = rest % s;
            rest /= s;
        }
        let [lane, e, h, mi_, q, jp, warp] = coords;
        let idx = plan.c_frag.offset_of(&coords) as usize;
        assert!(
            idx < bm * bn,
            "{label}: accumulator {coords:?} outside the tile"
        );
        named[idx] += 1;
        let (wm, wn) = (warp % warps_m, warp / warps_m);
        let (r, c) = ptx_c(lane, value(e, h));
        let want = (
            r + 16 * mi_ + warp_rows * wm,
            c + 8 * (q + 2 * jp) + warp_cols * wn,
        );
        tally.check(Some((idx % bm, idx / bm)), Some(want), || {
            format!("{label}: accumulator (lane, e, h, i, q, jp, warp) = {coords:?}")
        });
    }
    (tally, named)
}

// ---------------------------------------------------------------------------------------
// The tests.

/// Step 1 alone: every plan's copies write each element of both shared tiles once.
#[test]
fn copies_fill_each_shared_element_once() {
    let plans = plans();
    let mut filled = 0;
    for (label, plan) in &plans {
        for (op, name) in [(&plan.a, "A"), (&plan.b, "B")] {
            let smem = fill_shared(op, &format!("{label}, {name}"));
            filled += smem.iter().filter(|s| s.is_some()).count();
        }
    }
    assert_eq!(filled, operand_elements(&plans));
    assert_eq!(filled, 4 * 256 * BK + 4 * 384 * BK);
}

/// Steps 1 to 3: every element every thread receives from `ldmatrix` is the one the PTX
/// fragment layout of `mma.m16n8k16` wants, for both operands, all four combinations of
/// majors and both tilings; and each tile element is received exactly once per warp
/// position along the operand's rows.
#[test]
fn ldmatrix_fragments_match_ptx_mma_layout() {
    let plans = plans();
    let mut total = Tally::default();
    for (label, plan) in &plans {
        for (tally, received) in check_operands(plan, label, false) {
            assert!(
                received.iter().all(|&n| n == 1),
                "{label}: a tile element not received exactly once"
            );
            total.add(tally);
        }
    }
    // (BM + BN) x BK elements per plan: 16 384 for each of the default tiling's 4 plans,
    // 24 576 for each of the 256 x 128 tiling's 4
    total.assert_clean(operand_elements(&plans));
    assert_eq!(total.checked, 4 * 256 * 64 + 4 * 384 * 64);
}

/// Step 4: the accumulators are where PTX puts `c0..c3`, and cover each tile once.
#[test]
fn accumulators_match_ptx_mma_layout() {
    let plans = plans();
    let mut total = Tally::default();
    let mut expected = 0;
    for (label, plan) in &plans {
        let (tally, named) = check_accumulators(plan, |e, h| e + 2 * h, label);
        assert!(
            named.iter().all(|&n| n == 1),
            "{label}: the accumulators are not a bijection onto the tile"
        );
        total.add(tally);
        expected += (plan.tiling.bm * plan.tiling.bn) as usize;
    }
    total.assert_clean(expected);
    assert_eq!(total.checked, 4 * 128 * 128 + 4 * 256 * 128);
}

/// The checks fail on wrong semantics. Reading any operand with the other `ldmatrix`
/// variant transposes each 8 x 8 matrix: thread `t` then gets `(row 2 tig + h, col g)` in
/// place of `(row g, col 2 tig + h)`, the same element only on the diagonal, `g = 2 tig + h`,
/// 8 of the 64 `(t, h)` of each register. So exactly 7/8 of the elements differ.
#[test]
fn flipped_ldmatrix_trans_is_caught() {
    let plans = plans();
    let mut total = Tally::default();
    for (label, plan) in &plans {
        for (tally, _) in check_operands(plan, label, true) {
            assert_eq!(tally.wrong * 8, tally.checked * 7, "{label}");
            total.add(tally);
        }
    }
    assert_eq!(total.checked, operand_elements(&plans));
    assert_eq!(total.wrong, operand_elements(&plans) / 8 * 7);
    // the brief's own case: the default tiling, A M-major read without .trans
    let (label, plan) = &plans[2];
    assert!(plan.a.mn_major && !plan.b.mn_major, "{label}");
    let smem = fill_shared(&plan.a, label);
    let (tally, _) = check_fragments(&plan.a, &smem, false, a_block, label);
    assert_eq!((tally.checked, tally.wrong), (128 * 64, 128 * 64 / 8 * 7));
}

/// The checks fail on wrong formulas: `B` with its two `n8` blocks swapped (every element
/// 8 rows off), and the accumulators with `e` and `h` swapped (value `h + 2e`: wrong exactly
/// when `e != h`, half of them).
#[test]
fn swapped_blocks_and_values_are_caught() {
    fn b_swapped_q(t: usize, j: usize, h: usize) -> Elem {
        b_block(t, j ^ 2, h)
    }
    let plans = plans();
    let (mut b_wrong, mut b_checked, mut c_wrong, mut c_checked) = (0, 0, 0, 0);
    for (label, plan) in &plans {
        let smem = fill_shared(&plan.b, label);
        let (tally, _) = check_fragments(&plan.b, &smem, plan.b.mn_major, b_swapped_q, label);
        assert_eq!(
            tally.wrong, tally.checked,
            "{label}: every B element is off"
        );
        (b_wrong, b_checked) = (b_wrong + tally.wrong, b_checked + tally.checked);

        let (tally, _) = check_accumulators(plan, |e, h| h + 2 * e, label);
        assert_eq!(
            tally.wrong * 2,
            tally.checked,
            "{label}: half the values differ"
        );
        (c_wrong, c_checked) = (c_wrong + tally.wrong, c_checked + tally.checked);
    }
    assert_eq!((b_wrong, b_checked), (8 * 128 * 64, 8 * 128 * 64));
    let c_total = 4 * 128 * 128 + 4 * 256 * 128;
    assert_eq!((c_wrong, c_checked), (c_total / 2, c_total));
}

/// Tilings the kernel cannot be built for are refused by [`Gemm::plan`] with an error, not
/// a panic, and so by [`Gemm::kernel`].
#[test]
fn plan_refuses_bad_tiling() {
    let good = Tiling::default();
    let bad = [
        Tiling { bk: 32, ..good },
        Tiling { bk: 128, ..good },
        Tiling { stages: 1, ..good },
        Tiling { warps_m: 3, ..good },
        Tiling { bm: 96, ..good },
        Tiling { warps_n: 0, ..good },
    ];
    let mut refused = 0;
    for t in bad {
        for (a_k, b_k) in MAJORS {
            let g = gemm(MmaType::F16, Instr::MmaSync, a_k, b_k, t);
            let err = g.plan().expect_err("a bad tiling is refused");
            assert!(err.to_string().contains("tiling"), "{t:?}: {err}");
            assert!(g.kernel("gemm").is_err(), "{t:?}");
            refused += 1;
        }
    }
    assert_eq!(refused, bad.len() * MAJORS.len());
    assert!(
        gemm(MmaType::F16, Instr::MmaSync, true, true, good)
            .plan()
            .is_ok()
    );
}

/// Operands whose rows are not 16-byte aligned: 8-byte copies (strides 996 and 780), 4-byte
/// (998, 778) and element loads (999, 777) fill each shared element once, as 16-byte ones
/// do, and the fragments read from them are still the PTX ISA's; every combination of
/// majors, both tilings.
#[test]
fn narrow_copies_fill_the_same_tiles() {
    let mut total = Tally::default();
    let mut widths = [0usize; 4];
    let mut expected = 0;
    for (m, n, k) in [(1000, 780, 996), (1000, 778, 998), (1000, 777, 999)] {
        for t in tilings() {
            for (a_k, b_k) in MAJORS {
                let operand = |rows: i64, k_major: bool| {
                    let ld = if k_major { k } else { rows };
                    rcute_cuda::kernel::matrix(rows, k, ld, k_major)
                };
                let mut g = gemm(MmaType::F16, Instr::MmaSync, a_k, b_k, t);
                g.a = operand(m, a_k);
                g.b = operand(n, b_k);
                g.c = rcute_cuda::kernel::matrix(m, n, n, true);
                let plan = g.plan().unwrap();
                let label = format!("{m}x{n}x{k} {}x{} A K {a_k} B K {b_k}", t.bm, t.bn);
                for op in [&plan.a, &plan.b] {
                    widths[op.width.trailing_zeros() as usize] += 1;
                    assert_eq!(op.vector, op.width == 8, "{label}");
                }
                for (tally, received) in check_operands(&plan, &label, false) {
                    assert!(received.iter().all(|&n| n == 1), "{label}");
                    total.add(tally);
                }
                expected += (t.bm + t.bn) as usize * BK;
            }
        }
    }
    total.assert_clean(expected);
    // every width: A M-major (stride 1000) takes 16 bytes in each shape
    assert!(widths.iter().all(|&w| w > 0), "{widths:?}");
}
