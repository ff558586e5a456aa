//! The `wgmma` path of the tensor-core GEMM ([`rcute_cuda::gemm`] with [`Instr::Wgmma`]),
//! emulated on the CPU and checked against the PTX ISA, independently of the layouts it is
//! generated from.
//!
//! With `wgmma.mma_async.m64nNk16` both operands stay in shared memory: the Tensor Memory
//! Accelerator writes them there (`cp.async.bulk.tensor` with `CU_TENSOR_MAP_SWIZZLE_128B`)
//! and each instruction reads a `64 x 16` slice of `A` and an `N x 16` slice of `B` through
//! a matrix descriptor. For each combination of `A` K-major or M-major and `B` K-major or
//! N-major, both 16-bit types, and two tilings (the default `128 x 256` with two
//! warpgroups, and `256 x 128` with four), the tests check:
//!
//! 1. the accumulators [`GemmPlan::c_frag`]: register `d[4j + 2h + e]` of thread `t` of
//!    warpgroup `wg` must hold the element the PTX ISA's `wgmma` `D` fragment puts there
//!    ("Matrix fragments for `wgmma.mma_async` .m64nNk16", `.f32` accumulator), and the
//!    accumulators must cover the `BM x BN` tile once;
//! 2. the operand slices: the descriptor of slice `(block, kk)`, built as the kernel builds
//!    it (the fixed fields of [`OperandPlan::descriptor`] or'ed with the slice's unswizzled
//!    start address), is decoded and every element of the slice is located as the PTX ISA's
//!    canonical 128-byte-swizzled layouts ("Shared memory matrix layout", "Matrix
//!    Descriptor") locate it; it must be the shared offset [`OperandPlan::tile`] gives that
//!    element;
//! 3. the TMA boxes: each box of [`OperandPlan::boxes`] writes its elements where TMA's
//!    128-byte swizzle puts them; that must again be the tile's offset of the element, and
//!    the boxes must write the whole tile once;
//! 4. the emulations can fail: decoding the descriptor's two byte offsets the wrong way
//!    round, or leaving out the swizzle, gives exactly the number of mismatches computed by
//!    hand;
//! 5. [`Gemm::plan`] and [`Gemm::kernel`] refuse a `wgmma` tiling they cannot build with an
//!    error, not a panic.
//!
//! The formulas are written out below from the PTX ISA and the CUDA driver's description
//! of the 128-byte swizzle; none is derived from rcute's layouts.

mod gemm_support;

use gemm_support::{BK, M, MAJORS, N, Tally, gemm, mode_sizes, operand_elements};
use rcute_cuda::gemm::{Gemm, GemmPlan, Instr, MmaType, OperandPlan, Tiling};
use rcute_cuda::kernel::matrix;

/// `K` of one `wgmma` (`m64nNk16`).
const SLICE_K: usize = 16;

/// Rows of `A` one `wgmma` reads.
const SLICE_M: usize = 64;

/// The 128-byte swizzle repeats every 8 rows of 128 bytes.
const SWIZZLE_ATOM_BYTES: usize = 1024;

/// Both 16-bit input types; the layouts must not depend on which.
const TYPES: [MmaType; 2] = [MmaType::F16, MmaType::Bf16];

/// The default `wgmma` tiling (`128 x 256`, 2 warpgroups, clusters of 2 blocks sharing `B`)
/// and a `256 x 128` one with 4 warpgroups and no clusters.
fn tilings() -> [Tiling; 2] {
    [
        Tiling::wgmma(),
        Tiling {
            bm: 256,
            bn: 128,
            warps_m: 4,
            cluster: 1,
            ..Tiling::wgmma()
        },
    ]
}

/// A labelled plan for every tiling, type and combination of majors (16 in all), each
/// checked to be a TMA-loaded `wgmma` plan of the expected majors.
fn plans() -> Vec<(String, GemmPlan)> {
    let mut out = Vec::new();
    for t in tilings() {
        for ty in TYPES {
            for (a_k, b_k) in MAJORS {
                let plan = gemm(ty, Instr::Wgmma, a_k, b_k, t).plan().unwrap();
                let major = |k: bool, mn: &str| if k { "K" } else { mn }.to_string() + "-major";
                let label = format!(
                    "{}x{} tiling, {ty:?}, A {}, B {}",
                    t.bm,
                    t.bn,
                    major(a_k, "M"),
                    major(b_k, "N")
                );
                assert_eq!(plan.instr, Instr::Wgmma, "{label}");
                assert!(plan.tma, "{label}: TMA expected");
                assert_eq!(plan.a.mn_major, !a_k, "{label}");
                assert_eq!(plan.b.mn_major, !b_k, "{label}");
                assert_eq!(
                    (plan.a.rows, plan.b.rows),
                    (t.bm, t.bn),
                    "{label}: operand rows"
                );
                out.push((label, plan));
            }
        }
    }
    assert_eq!(out.len(), 16);
    out
}

/// Both operands of a plan, labelled.
fn operands<'a>(plan: &'a GemmPlan, label: &str) -> [(String, &'a OperandPlan); 2] {
    [
        (format!("{label}, A"), &plan.a),
        (format!("{label}, B"), &plan.b),
    ]
}

/// The column-major index of element `(row, k)` of an operand's `(rows, BK)` tile.
fn tile_index(op: &OperandPlan, row: usize, k: usize) -> usize {
    row + op.rows as usize * k
}

/// The element offset the shared tile gives `(row, k)`, in bytes (stage base 0).
fn tile_byte(op: &OperandPlan, row: usize, k: usize) -> usize {
    2 * op.tile.offset(tile_index(op, row, k)) as usize
}

/// The unswizzled byte offset of the tile element at column-major index `idx`: what the
/// kernel adds to a stage's base address for a descriptor's start or a TMA box's base.
fn unswizzled_byte(op: &OperandPlan, idx: usize) -> usize {
    2 * op.tile.layout().offset(idx) as usize
}

// ---------------------------------------------------------------------------------------
// The PTX ISA's formulas.

/// `wgmma.mma_async.m64nNk16` accumulator (`.f32`): the `(row, col)` of the `64 x N` tile
/// register `d[4j + 2h + e]` of thread `t` of the warpgroup holds. PTX: with `w = t / 32`,
/// lane `l = t % 32`, `g = l / 4`, `tig = l % 4`, row `16 w + g + 8 h`, column
/// `8 j + 2 tig + e`.
fn ptx_d(t: usize, e: usize, h: usize, j: usize) -> (usize, usize) {
    let (w, l) = (t / 32, t % 32);
    let (g, tig) = (l / 4, l % 4);
    (16 * w + g + 8 * h, 8 * j + 2 * tig + e)
}

/// The 128-byte swizzle on a shared byte address whose pattern is aligned to 1024 bytes:
/// bits `[4,7)` (the 16-byte chunk in a 128-byte row) xor bits `[7,10)` (the row in 8).
fn swizzle_128b(addr: usize) -> usize {
    addr ^ ((addr >> 3) & 0x70)
}

/// A `wgmma` shared-memory matrix descriptor, decoded (PTX ISA "Matrix Descriptor Format").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Descriptor {
    /// Bits 0-13: start address >> 4, here in bytes.
    start: usize,
    /// Bits 16-29: leading dimension byte offset >> 4, here in bytes.
    lbo: usize,
    /// Bits 32-45: stride dimension byte offset >> 4, here in bytes.
    sbo: usize,
    /// Bits 49-51: matrix base offset.
    base_offset: u64,
    /// Bits 62-63: 0 interleave, 1 128B, 2 64B, 3 32B swizzle.
    swizzle: u64,
}

/// The bits of a descriptor that hold no field.
const DESC_UNUSED: u64 = (0b11 << 14) | (0b11 << 30) | (0b111 << 46) | (0x3FF << 52);

impl Descriptor {
    fn decode(d: u64) -> Descriptor {
        let field = |lo: u32| ((d >> lo) & 0x3FFF) as usize * 16;
        Descriptor {
            start: field(0),
            lbo: field(16),
            sbo: field(32),
            base_offset: (d >> 49) & 0b111,
            swizzle: d >> 62,
        }
    }

    /// The descriptor of the slice starting at byte `start` of shared memory, as the
    /// kernel's `rcute_desc_a`/`rcute_desc_b` build it: `fixed | ((start & 0x3FFFF) >> 4)`.
    fn of_slice(op: &OperandPlan, start: usize) -> Descriptor {
        let fixed = op.descriptor().expect("a wgmma descriptor");
        Descriptor::decode(fixed | ((start as u64 & 0x3FFFF) >> 4))
    }
}

/// How the emulation reads a descriptor: as the PTX ISA says, or (to show the checks can
/// fail) with the leading and stride byte offsets swapped or without the swizzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Emulation {
    Ptx,
    SwappedOffsets,
    NoSwizzle,
}

/// The byte address of element `(r, k)` (`r` along M or N, `k` in `0..16`) of the slice `d`
/// describes, in the canonical layouts of 16-bit elements with the 128-byte swizzle (PTX
/// ISA "Shared memory matrix layout" and "Matrix Descriptor"):
///
/// * K-major: rows of 128 bytes (64 elements along K), 8 rows a 1024-byte swizzle atom,
///   consecutive groups of 8 rows `SBO` apart: `start + (r/8) SBO + (r%8) 128 + 2 k`;
/// * M/N-major: rows of 128 bytes along M/N (64 elements), one row per `k`, 8 `k` a
///   swizzle atom, groups of 8 `k` `SBO` apart, blocks of 64 along M/N `LBO` apart:
///   `start + (r/64) LBO + (k/8) SBO + (k%8) 128 + 2 (r%64)`.
///
/// The hardware then swizzles the address.
fn slice_byte(d: &Descriptor, mn_major: bool, r: usize, k: usize, how: Emulation) -> usize {
    let (lbo, sbo) = if how == Emulation::SwappedOffsets {
        (d.sbo, d.lbo)
    } else {
        (d.lbo, d.sbo)
    };
    let addr = if mn_major {
        d.start + (r / 64) * lbo + (k / 8) * sbo + (k % 8) * 128 + 2 * (r % 64)
    } else {
        d.start + (r / 8) * sbo + (r % 8) * 128 + 2 * k
    };
    if how == Emulation::NoSwizzle {
        addr
    } else {
        swizzle_128b(addr)
    }
}

/// Where TMA with `CU_TENSOR_MAP_SWIZZLE_128B` writes element `(x, y)` (`x` along the
/// box's inner dimension of 64 16-bit elements, 128 bytes; `y` along the outer) of a box
/// whose shared base is `base` (1024-byte aligned): rows of 128 bytes one after the other,
/// then the 128-byte swizzle.
fn tma_byte(base: usize, x: usize, y: usize, how: Emulation) -> usize {
    let addr = base + y * 128 + 2 * x;
    if how == Emulation::NoSwizzle {
        addr
    } else {
        swizzle_128b(addr)
    }
}

// ---------------------------------------------------------------------------------------
// The emulation.

/// Checks every accumulator of `c_frag` (modes `(thread, e, h, j, warpgroup)`) against
/// [`ptx_d`], warpgroup `wg` 64 rows down. Returns the tally and how often each `(BM, BN)`
/// tile element was named.
fn check_accumulators(plan: &GemmPlan, label: &str) -> (Tally, Vec<usize>) {
    let t = plan.tiling;
    let (bm, bn) = (t.bm as usize, t.bn as usize);
    let sizes = mode_sizes(&plan.c_frag);
    assert_eq!(
        sizes,
        [128, 2, 2, bn / 8, t.warps_m as usize],
        "{label}: c_frag modes (thread, e, h, j, warpgroup)"
    );
    let mut tally = Tally::default();
    let mut named = vec![0usize; bm * bn];
    for wg in 0..sizes[4] {
        for j in 0..sizes[3] {
            for h in 0..2 {
                for e in 0..2 {
                    for thread in 0..128 {
                        let idx = plan.c_frag.offset_of(&[thread, e, h, j, wg]) as usize;
                        assert!(idx < bm * bn, "{label}: accumulator outside the tile");
                        named[idx] += 1;
                        let (r, c) = ptx_d(thread, e, h, j);
                        tally.check((idx % bm, idx / bm), (r + 64 * wg, c), || {
                            format!(
                                "{label}: warpgroup {wg} thread {thread} register d[{}]",
                                4 * j + 2 * h + e
                            )
                        });
                    }
                }
            }
        }
    }
    (tally, named)
}

/// Emulates the descriptors of every slice the kernel's `wgmma`s read of one operand in one
/// stage (base 0) and compares the byte address of each slice element with the tile's.
/// `A`: slice `(wg, kk)` for each warpgroup, 64 rows; `B`: slice `(0, kk)`, all `BN` rows
/// (one instruction covers them). Returns the tally.
fn check_slices(op: &OperandPlan, is_a: bool, how: Emulation, label: &str) -> Tally {
    let rows = op.rows as usize;
    let sizes = mode_sizes(&op.slices);
    assert_eq!(
        sizes,
        [rows / 64, BK / SLICE_K],
        "{label}: slice modes (block of 64 rows, kk)"
    );
    let (blocks, slice_rows) = if is_a { (sizes[0], SLICE_M) } else { (1, rows) };
    let mut tally = Tally::default();
    for blk in 0..blocks {
        for kk in 0..sizes[1] {
            let (row0, k0) = (SLICE_M * blk, SLICE_K * kk);
            let at = op.slices.offset_of(&[blk, kk]) as usize;
            assert_eq!(
                at,
                tile_index(op, row0, k0),
                "{label}: slice ({blk}, {kk}) starts at ({row0}, {k0})"
            );
            let start = unswizzled_byte(op, at);
            assert_eq!(
                start % 16,
                0,
                "{label}: slice start {start} not 16-byte aligned"
            );
            let d = Descriptor::of_slice(op, start);
            assert_eq!(
                d.start, start,
                "{label}: the start address survives encoding"
            );
            for r in 0..slice_rows {
                for k in 0..SLICE_K {
                    let got = tile_byte(op, row0 + r, k0 + k);
                    let want = slice_byte(&d, op.mn_major, r, k, how);
                    tally.check(got, want, || {
                        format!("{label}: slice ({blk}, {kk}) element ({r}, {k}) byte")
                    });
                }
            }
        }
    }
    tally
}

/// Emulates the TMA boxes of one operand in one stage (base 0), over every part the
/// blocks of a cluster load ([`OperandPlan::parts`]): a K-major operand has one box
/// `(x = k, y = row)` of `64 x (rows / parts)` a part, an M/N-major one `rows / 64` boxes
/// `(x = row % 64, y = k)` of `64 x 64` in all; box `i` (counting on through the parts)
/// starts at row `i` times the box's rows. Compares each written byte address with the
/// tile's, and returns the tally and how often each tile element was written.
fn check_boxes(op: &OperandPlan, how: Emulation, label: &str) -> (Tally, Vec<usize>) {
    let rows = op.rows as usize;
    let count = op.boxes.size().value() as usize;
    let (inner, outer) = if op.mn_major {
        assert_eq!(count, rows / 64, "{label}: M/N-major boxes");
        (64, BK)
    } else {
        assert_eq!(count, op.parts as usize, "{label}: K-major boxes");
        (BK, rows / count)
    };
    let box_rows = rows / count;
    let mut tally = Tally::default();
    let mut written = vec![0usize; rows * BK];
    for i in 0..count {
        let at = op.boxes.offset(i) as usize;
        assert_eq!(
            at,
            tile_index(op, box_rows * i, 0),
            "{label}: box {i} starts at row {}",
            box_rows * i
        );
        let base = unswizzled_byte(op, at);
        assert_eq!(
            base % SWIZZLE_ATOM_BYTES,
            0,
            "{label}: box {i} base {base} not 1024-byte aligned"
        );
        for y in 0..outer {
            for x in 0..inner {
                let (row, k) = if op.mn_major {
                    (64 * i + x, y)
                } else {
                    (box_rows * i + y, x)
                };
                written[tile_index(op, row, k)] += 1;
                tally.check(tile_byte(op, row, k), tma_byte(base, x, y, how), || {
                    format!("{label}: box {i} element (x {x}, y {y}) = (row {row}, k {k}) byte")
                });
            }
        }
    }
    (tally, written)
}

// ---------------------------------------------------------------------------------------
// The tests.

/// 1: every accumulator of every plan is where the PTX `wgmma` `D` fragment puts it, and
/// the accumulators name each element of the `BM x BN` tile exactly once.
#[test]
fn accumulators_match_ptx_wgmma_layout() {
    let plans = plans();
    let mut total = Tally::default();
    for (label, plan) in &plans {
        let (tally, named) = check_accumulators(plan, label);
        assert!(
            named.iter().all(|&n| n == 1),
            "{label}: the accumulators are not a bijection onto the tile"
        );
        total.add(tally);
    }
    // both tilings have 128 x 256 = 256 x 128 = 32 768 accumulators, 16 plans
    total.assert_clean(16 * 32768);
}

/// The descriptors' fixed fields: 128-byte swizzle, no base offset, no stray bits, an
/// empty start field; K-major, groups of 8 rows 1024 bytes apart; M/N-major, groups of
/// 8 `k` 1024 bytes apart and, with more than 64 rows, blocks of 64 rows
/// `64 x 64 x 2 = 8192` bytes apart (one `64 x 64` swizzled block after the other).
#[test]
fn descriptor_fields() {
    let mut checked = 0;
    for (label, plan) in &plans() {
        for (label, op) in operands(plan, label) {
            let fixed = op.descriptor().expect("a wgmma descriptor");
            assert_eq!(
                fixed & DESC_UNUSED,
                0,
                "{label}: {fixed:#x} sets unused bits"
            );
            let d = Descriptor::decode(fixed);
            assert_eq!(d.start, 0, "{label}: the start is added per slice");
            assert_eq!(d.swizzle, 1, "{label}: 128-byte swizzle");
            assert_eq!(d.base_offset, 0, "{label}: base offset");
            assert_eq!(d.sbo, 1024, "{label}: stride byte offset");
            if op.mn_major && op.rows > 64 {
                assert_eq!(d.lbo, 8192, "{label}: leading byte offset");
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 32);
}

/// 2: every element of every `wgmma` slice of both operands, located through its decoded
/// descriptor as the PTX ISA's canonical layouts locate it, is the shared offset of that
/// element in the swizzled tile. Each plan's slices cover `A` once (one slice per
/// warpgroup and `kk`) and `B` once (all `BN` rows per `kk`).
#[test]
fn descriptors_address_the_shared_tile() {
    let plans = plans();
    let mut total = Tally::default();
    for (label, plan) in &plans {
        let [(la, a), (lb, b)] = operands(plan, label);
        total.add(check_slices(a, true, Emulation::Ptx, &la));
        total.add(check_slices(b, false, Emulation::Ptx, &lb));
    }
    // (128 + 256) x 64 = (256 + 128) x 64 = 24 576 elements per plan, 16 plans
    total.assert_clean(operand_elements(&plans));
    assert_eq!(total.checked, 16 * 384 * 64);
}

/// Every stage of both operands starts on a 1024-byte boundary of the kernel's shared
/// memory (`A`'s stages first, then `B`'s), so the stage-0 emulation holds in every stage:
/// the swizzle is a function of the address bits `[4,10)`, and a stage base moves none of
/// them. Also a stage is exactly the tile's size.
#[test]
fn stages_are_swizzle_aligned() {
    let mut checked = 0;
    for (label, plan) in &plans() {
        let a_elems = plan.a.smem.layout().cosize().value() as usize;
        for (op, origin) in [(&plan.a, 0), (&plan.b, 2 * a_elems)] {
            let stages = op.smem.layout().mode(2);
            assert_eq!(stages.size().value(), plan.tiling.stages, "{label}");
            for s in 0..stages.size().value() as usize {
                let base = origin + 2 * stages.offset(s) as usize;
                assert_eq!(
                    base % SWIZZLE_ATOM_BYTES,
                    0,
                    "{label}: stage {s} at byte {base}"
                );
                assert_eq!(
                    stages.offset(s),
                    s as i64 * op.rows * BK as i64,
                    "{label}: stage {s} follows the previous one"
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 16 * 2 * 4);
}

/// 3: every element of every TMA box lands at its tile element's shared offset, each box
/// base is 1024-byte aligned, and the boxes write each tile element exactly once. The box
/// shapes emulated are the ones the kernel encodes in its tensor maps.
#[test]
fn tma_boxes_fill_the_shared_tile() {
    let plans = plans();
    let mut total = Tally::default();
    for (label, plan) in &plans {
        for (label, op) in operands(plan, label) {
            let (tally, written) = check_boxes(op, Emulation::Ptx, &label);
            assert!(
                written.iter().all(|&w| w == 1),
                "{label}: a tile element not written exactly once"
            );
            total.add(tally);
        }
    }
    total.assert_clean(operand_elements(&plans));
    assert_eq!(total.checked, 16 * 384 * 64);
}

/// The kernel's tensor maps have the box shapes [`check_boxes`] emulates (contiguous
/// extent first: `64 x (rows / parts)` K-major, `64 x 64` M/N-major; `B` comes in
/// [`Tiling::cluster`] parts; `C`'s `64 x 64` chunks where the epilogue stores through
/// shared memory: the default tiling, not the `256 x 128` one, whose four warpgroups'
/// buffers do not fit beside its stages) and the kernel issues `m64nBNk16`.
#[test]
fn kernel_tensor_maps_match_emulated_boxes() {
    let mut maps = 0;
    for t in tilings() {
        for ty in TYPES {
            for (a_k, b_k) in MAJORS {
                let g = gemm(ty, Instr::Wgmma, a_k, b_k, t);
                let k = g.kernel("g").unwrap();
                let want = |k_major: bool, rows: i64| {
                    if k_major { [64, rows as u32] } else { [64, 64] }
                };
                let boxes: Vec<_> = k
                    .tensor_maps
                    .iter()
                    .map(|m| (m.operand, m.box_dims))
                    .collect();
                let mut expected = vec![(0, want(a_k, t.bm)), (1, want(b_k, t.bn / t.cluster))];
                if t == Tiling::wgmma() {
                    assert!(g.plan().unwrap().c_store.is_some());
                    expected.push((2, [64, 64]));
                } else {
                    assert!(g.plan().unwrap().c_store.is_none());
                }
                assert_eq!(
                    boxes, expected,
                    "{t:?}, {ty:?}, A K-major {a_k}, B K-major {b_k}"
                );
                let instr = format!(
                    "wgmma.mma_async.sync.aligned.m64n{}k16.f32.{1}.{1}",
                    t.bn,
                    ty.ptx()
                );
                assert!(k.source.contains(&instr), "{instr}");
                maps += boxes.len();
            }
        }
    }
    assert_eq!(maps, 8 * 3 + 8 * 2);
}

/// The epilogue through shared memory ([`rcute_cuda::gemm::CStore`]), for `C` row-major
/// (column-major `C` has none): over every chunk `q` and warpgroup, the pairs `(thread, h, jj)` and
/// their second values write each element of the chunk's buffer exactly once, and the
/// element written is the accumulator [`GemmPlan::c_frag`] puts at the tile element the
/// chunk's TMA store takes it to (the chunk's origin plus the element's place under the
/// chunk layout, and the 128-byte swizzle the tensor map undoes).
#[test]
fn epilogue_chunks_hold_the_accumulators() {
    let mut checked = 0;
    for c_row_major in [true, false] {
        let mut g = gemm(MmaType::F16, Instr::Wgmma, true, true, Tiling::wgmma());
        g.c = if c_row_major {
            matrix(M, N, N, true)
        } else {
            matrix(M, N, M, false)
        };
        let plan = g.plan().unwrap();
        if !c_row_major {
            // an accumulator pair is two columns: a 4-byte word only when C's rows are
            // contiguous; column-major C is stored directly
            assert!(plan.c_store.is_none());
            continue;
        }
        let cs = plan
            .c_store
            .as_ref()
            .expect("the default tiling stores through shared memory");
        let t = plan.tiling;
        let (bm, chunk) = (t.bm as usize, 64usize);
        let frag = plan.c_frag;
        let threads = frag.mode(0).size().value() as usize;
        let chunks = cs.origins.mode(1).size().value() as usize;
        for wg in 0..t.warps_m as usize {
            for q in 0..chunks {
                let origin = cs.origins.offset_of(&[wg, q]) as usize;
                let mut written = vec![0usize; chunk * chunk];
                for th in 0..threads {
                    for h in 0..2 {
                        for jj in 0..8 {
                            let word = cs.pairs.offset_of(&[th, h, jj]) as usize;
                            for e in 0..2 {
                                // the accumulator (thread, e, h, j = 8q + jj, warpgroup)
                                let idx = frag.offset_of(&[th, e, h, 8 * q + jj, wg]) as usize;
                                let (row, col) = (idx % bm - origin % bm, idx / bm - origin / bm);
                                assert!(row < chunk && col < chunk, "outside its chunk");
                                // the chunk's shared element of (row, col): what TMA stores
                                // there, C's contiguous mode first in 128-byte rows
                                let plain = if c_row_major {
                                    row * chunk + col
                                } else {
                                    col * chunk + row
                                };
                                let swizzled = plain ^ ((plain >> 6 & 7) << 3);
                                assert_eq!(
                                    word + e,
                                    swizzled,
                                    "wg {wg} q {q} thread {th} h {h} jj {jj} e {e}"
                                );
                                written[word + e] += 1;
                                checked += 1;
                            }
                        }
                    }
                }
                assert!(
                    written.iter().all(|&w| w == 1),
                    "a chunk element not written once"
                );
            }
        }
    }
    assert_eq!(checked, 128 * 256);
}

/// 4: the emulations catch wrong semantics.
///
/// * Swapped LBO and SBO (M/N-major operands only, 1024 and 8192 bytes): element `(r, k)`
///   moves by `7168 ((k/8) - (r/64))` bytes, a multiple of 1024 that leaves the swizzle
///   bits alone, so it is wrong exactly when `r/64 != k/8`. `A` (64 rows a slice): wrong
///   for `k >= 8`, half. `B` with `BN = 256`: `r/64` in `0..4`, `k/8` in `0..2`, right for
///   2 of 8 pairs, 3/4 wrong; with `BN = 128`, 2 of 4, half wrong.
/// * No swizzle: the swizzle xors the row-in-8 bits `[7,10)` (K-major: `r % 8`; M/N-major:
///   `k % 8`; every start and base is a multiple of 1024 plus at most 96 bytes along K) into
///   bits `[4,7)`, so it moves the address unless they are 0: 7/8 of the elements of every
///   slice and box are wrong.
#[test]
fn wrong_descriptor_semantics_are_caught() {
    let plans = plans();
    let (mut swapped, mut unswizzled, mut no_swizzle_boxes) =
        (Tally::default(), Tally::default(), Tally::default());
    for (label, plan) in &plans {
        let [(la, a), (lb, b)] = operands(plan, label);
        for (label, op, is_a) in [(&la, a, true), (&lb, b, false)] {
            let elements = op.rows as usize * BK;
            if op.mn_major {
                let tally = check_slices(op, is_a, Emulation::SwappedOffsets, label);
                let right = if is_a {
                    elements / 2
                } else {
                    // per kk: rows r/64 = k/8 for r/64 in {0, 1}, 64 rows by 8 k each
                    (BK / SLICE_K) * (op.rows as usize / 64).min(2) * 64 * 8
                };
                assert_eq!(
                    (tally.checked, tally.wrong),
                    (elements, elements - right),
                    "{label}: swapped offsets"
                );
                swapped.add(tally);
            }
            let tally = check_slices(op, is_a, Emulation::NoSwizzle, label);
            assert_eq!(tally.wrong * 8, tally.checked * 7, "{label}: no swizzle");
            unswizzled.add(tally);
            let (tally, _) = check_boxes(op, Emulation::NoSwizzle, label);
            assert_eq!(
                tally.wrong * 8,
                tally.checked * 7,
                "{label}: TMA, no swizzle"
            );
            no_swizzle_boxes.add(tally);
        }
    }
    // per type, 2 plans of each tiling have A M-major and 2 have B N-major:
    // 128 x 256: A 8192 elements, 4096 wrong; B 16384, 12288 wrong
    // 256 x 128: A 16384, 8192 wrong; B 8192, 4096 wrong
    let per_type = |a: usize, b: usize, c: usize, d: usize| 2 * 2 * (a + b + c + d);
    assert_eq!(
        (swapped.checked, swapped.wrong),
        (
            per_type(8192, 16384, 16384, 8192),
            per_type(4096, 12288, 8192, 4096)
        )
    );
    assert_eq!((swapped.checked, swapped.wrong), (196_608, 114_688));
    let all = operand_elements(&plans);
    assert_eq!((unswizzled.checked, unswizzled.wrong), (all, all / 8 * 7));
    assert_eq!(
        (no_swizzle_boxes.checked, no_swizzle_boxes.wrong),
        (all, all / 8 * 7)
    );
    assert_eq!(all, 393_216);
}

/// 5: `wgmma` tilings the kernel cannot be built for are refused by [`Gemm::plan`] with an
/// error, not a panic, and so by [`Gemm::kernel`]: two warpgroups along N, `BM` not 64 per
/// warpgroup, 2 stages (the pipeline keeps one `wgmma` group in flight), `BN` over 256, and
/// `256 x 256` with 4 stages, `2 (256 + 256) 64 x 4 = 256 KiB` of shared memory, over the
/// 227 KiB a block can have (with 3 stages, 192 KiB, it is built).
#[test]
fn plan_refuses_bad_wgmma_tiling() {
    let good = Tiling::wgmma();
    let big = Tiling {
        bm: 256,
        bn: 256,
        warps_m: 4,
        ..good
    };
    let bad = [
        (Tiling { warps_n: 2, ..good }, "tiling"),
        (Tiling { bm: 96, ..good }, "tiling"),
        (Tiling { stages: 2, ..good }, "tiling"),
        (Tiling { bn: 320, ..good }, "tiling"),
        (Tiling { stages: 4, ..big }, "shared memory"),
    ];
    let mut refused = 0;
    for (t, why) in bad {
        for ty in TYPES {
            for (a_k, b_k) in MAJORS {
                let g = gemm(ty, Instr::Wgmma, a_k, b_k, t);
                let err = g.plan().expect_err("a bad tiling is refused");
                assert!(err.to_string().contains(why), "{t:?}: {err}");
                assert!(g.kernel("g").is_err(), "{t:?}");
                refused += 1;
            }
        }
    }
    assert_eq!(refused, bad.len() * TYPES.len() * MAJORS.len());
    for t in [good, Tiling { stages: 3, ..big }] {
        let g = gemm(MmaType::F16, Instr::Wgmma, true, false, t);
        assert!(g.plan().is_ok(), "{t:?}");
        assert!(g.kernel("g").is_ok(), "{t:?}");
    }
    // the 3-stage 256 x 256 kernel: 192 KiB of tiles (and two mbarriers of 8 bytes a stage,
    // full and empty, in the specialized kernel); a fourth stage's 64 KiB would take the
    // tiles to 256 KiB
    let k = gemm(
        MmaType::F16,
        Instr::Wgmma,
        true,
        true,
        Tiling { stages: 3, ..big },
    )
    .kernel("g")
    .unwrap();
    let stage_bytes = 2 * (256 + 256) * BK as u32;
    assert_eq!(k.shared_bytes, 3 * stage_bytes + 3 * 16);
    assert!(4 * stage_bytes > 227 * 1024);
    // the kernel that is not specialized has one mbarrier a stage
    let k = gemm(
        MmaType::F16,
        Instr::Wgmma,
        true,
        true,
        Tiling {
            stages: 3,
            specialized: false,
            ..big
        },
    )
    .kernel("g")
    .unwrap();
    assert_eq!(k.shared_bytes, 3 * stage_bytes + 3 * 8);
}

/// The boxes are the TMA analysis's instructions: every plan's operands have a proved
/// tensor map, one box per instruction, 16-bit and swizzled by 128 bytes.
#[test]
fn boxes_come_from_the_tma_analysis() {
    let mut n = 0;
    for t in tilings() {
        for (a_k, b_k) in MAJORS {
            let plan = gemm(MmaType::F16, Instr::Wgmma, a_k, b_k, t)
                .plan()
                .unwrap();
            assert!(plan.tma);
            for op in [&plan.a, &plan.b] {
                let c = op.tma.as_ref().unwrap();
                assert_eq!(
                    c.instructions().len() as i64 * op.parts,
                    op.boxes.size().value()
                );
                assert_eq!(c.swizzle(), rcute::analysis::tma::TmaSwizzle::B128);
                assert_eq!(
                    c.box_bytes(),
                    if op.mn_major {
                        8192
                    } else {
                        128 * op.rows / op.parts
                    }
                );
                n += 1;
            }
        }
    }
    assert_eq!(n, 16);
}

/// `Gemm::tuned` follows its table: the tiles of `128 x 256` fill 132 SMs (clusters of 2),
/// or fall back to `128 x 128` and `64 x 128`; rows that are not 16-byte aligned take
/// `mma.sync` (only `B`'s) or the specialized kernel with a copying producer (`A`'s).
/// `64 x 128` tiles fewer than half the SMs split a long `K` (`SMs / tiles` ranges, each
/// of at least 4 k-tiles). Every pick builds a kernel, and a specialized one asks for no
/// more registers than the SM has.
#[test]
fn tuned_follows_its_table() {
    let pick = |(m, n, k): (i64, i64, i64), a_ld: i64, b_ld: i64| {
        let g = Gemm::tuned(
            MmaType::F16,
            matrix(m, k, a_ld, true),
            matrix(n, k, b_ld, true),
            matrix(m, n, n, true),
            132,
        )
        .unwrap();
        let k = g.kernel("g").unwrap();
        let plan = g.plan().unwrap();
        if plan.specialized() {
            let (producer, consumer) = plan.registers();
            let producers = plan.producers();
            let consumers = plan.threads() - producers;
            let at_launch = 65536 / plan.threads() / 8 * 8;
            let used = producers * producer.unwrap_or(at_launch)
                + consumers * consumer.unwrap_or(at_launch);
            assert!(used <= 65536, "{used} registers");
            assert_eq!(k.block as i64, plan.threads());
            assert!(k.persistent);
        }
        let t = g.tiling;
        assert_eq!(
            plan.split.as_ref().map_or(1, |s| s.splits),
            t.splits,
            "{:?}",
            g.tiling
        );
        assert_eq!(k.workspace > 0, t.splits > 1);
        (
            g.instr,
            t.bm,
            t.bn,
            t.stages,
            plan.specialized(),
            plan.cluster(),
            t.splits,
        )
    };
    // 8192^3: 2048 tiles of 128 x 256
    assert_eq!(
        pick((8192, 8192, 8192), 8192, 8192),
        (Instr::Wgmma, 128, 256, 4, true, 2, 1)
    );
    assert_eq!(
        pick((4096, 4096, 4096), 4096, 4096),
        (Instr::Wgmma, 128, 256, 4, true, 2, 1)
    );
    // 2048 x 1024: 16 x 4 = 64 tiles of 128 x 256, 16 x 8 = 128 of 128 x 128
    assert_eq!(
        pick((2048, 1024, 512), 512, 512),
        (Instr::Wgmma, 128, 128, 6, true, 1, 1)
    );
    // 1000 x 776: 56 tiles of 128 x 128, fewer than one per 2 SMs; 112 of 64 x 128, more
    // than half the SMs: no split
    assert_eq!(
        pick((1000, 776, 1000), 1000, 1000),
        (Instr::Wgmma, 64, 128, 8, true, 1, 1)
    );
    // odd rows of A (K = 999): the specialized kernel copies
    let odd_a = pick((1000, 777, 999), 999, 999);
    assert_eq!(odd_a, (Instr::Wgmma, 64, 128, 8, true, 1, 1));
    // A's rows aligned (its leading dimension 1000), B's not: mma.sync
    assert_eq!(
        pick((1000, 777, 1000), 1000, 1001),
        (Instr::MmaSync, 128, 64, 4, false, 1, 1)
    );
    // split-K: 256 x 256 is 8 tiles of 64 x 128 (132 / 8 = 16 splits, K = 8192 has 128
    // k-tiles); 512 x 512 is 32 (4 splits); 128 x 1024 is 16 (8 splits)
    assert_eq!(
        pick((256, 256, 8192), 8192, 8192),
        (Instr::Wgmma, 64, 128, 8, true, 1, 16)
    );
    assert_eq!(
        pick((512, 512, 8192), 8192, 8192),
        (Instr::Wgmma, 64, 128, 8, true, 1, 4)
    );
    assert_eq!(
        pick((128, 1024, 16384), 16384, 16384),
        (Instr::Wgmma, 64, 128, 8, true, 1, 8)
    );
    // odd rows of A: the copying kernel splits too
    assert_eq!(
        pick((256, 256, 8191), 8191, 8191),
        (Instr::Wgmma, 64, 128, 8, true, 1, 16)
    );
    // odd rows of B alone: the copying kernel where K is split, mma.sync where it is not
    assert_eq!(
        pick((256, 256, 8192), 8192, 8193),
        (Instr::Wgmma, 64, 128, 8, true, 1, 16)
    );
    assert_eq!(
        pick((256, 256, 448), 448, 449),
        (Instr::MmaSync, 128, 64, 4, false, 1, 1)
    );
    // K of 1000 is 16 k-tiles: at most 4 splits of 4
    assert_eq!(
        pick((256, 256, 1000), 1000, 1000),
        (Instr::Wgmma, 64, 128, 8, true, 1, 4)
    );
    // 33 k-tiles: 8 splits of 5 would leave the eighth none, 7 of 5 leave 3
    assert_eq!(
        pick((256, 256, 64 * 33), 64 * 33, 64 * 33),
        (Instr::Wgmma, 64, 128, 8, true, 1, 7)
    );
    // short K: fewer than 2 splits of 4 k-tiles, none
    assert_eq!(
        pick((256, 256, 448), 448, 448),
        (Instr::Wgmma, 64, 128, 8, true, 1, 1)
    );
    // 64 tiles of 64 x 128 (512 x 1024), fewer than half the SMs: 2 splits; 80 (640 x
    // 1024), not fewer: no split
    assert_eq!(
        pick((512, 1024, 8192), 8192, 8192),
        (Instr::Wgmma, 64, 128, 8, true, 1, 2)
    );
    assert_eq!(
        pick((640, 1024, 8192), 8192, 8192),
        (Instr::Wgmma, 64, 128, 8, true, 1, 1)
    );
}
