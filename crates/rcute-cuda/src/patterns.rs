//! Memory access patterns built from rcute layouts, with the cost rcute's analysis
//! predicts for each, and the CUDA kernel that performs exactly those accesses, so that a
//! profiler's counters (Nsight Compute's shared-memory wavefronts and global sectors) can
//! be compared with the prediction.
//!
//! Each kernel is one warp; its lanes read their byte addresses from a `__constant__`
//! table (constant loads touch neither shared memory nor the global load pipeline) and
//! perform one instruction per table row.

use rcute::Error;
use rcute::analysis::{
    Access, AccessKind, Memory, Side, WarpInstruction, coalescing, cp_async_source_lines,
    instruction_cost,
};
use rcute::atom::{CopyAtom, TiledCopy};
use rcute::{ComposedLayout, Int, Layout, MaybeSwizzled, Swizzle};
use std::fmt::Write as _;

/// What a pattern's instruction does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Op {
    /// `ld.shared` of this many bytes per lane.
    LdShared(u32),
    /// `st.shared` of this many bytes per lane.
    StShared(u32),
    /// `ldmatrix` of this many matrices (`.trans` if set).
    Ldsm(u32, bool),
    /// `stmatrix` of this many matrices (`.trans` if set).
    Stsm(u32, bool),
    /// `ld.global` of this many bytes per lane.
    LdGlobal(u32),
    /// `cp.async` (LDGSTS) of `bytes` per lane, global to shared (the shared side is the
    /// pattern's): `.cg` (bypassing L1, 16 bytes only) or `.ca`, and with `zfill` a source
    /// size of 0 (the destination is zero-filled, nothing is read).
    CpAsync {
        /// Bytes per lane: 4, 8 or 16.
        bytes: u32,
        /// `.cg` rather than `.ca`.
        cg: bool,
        /// Source size 0: zero-fill.
        zfill: bool,
    },
}

impl Op {
    /// A `cp.async.ca` of `bytes` per lane that reads its source.
    pub const fn cp_async(bytes: u32) -> Op {
        Op::CpAsync {
            bytes,
            cg: false,
            zfill: false,
        }
    }

    /// How the bank model serves the instruction: a load (`ld`, `ldmatrix`), a store
    /// (`st`, `stmatrix`) or a `cp.async` write; a zero-filling `.cg` writes as a `.ca`
    /// does (measured: its writes are counted, `n (W + 3)`, where a reading `.cg`'s are
    /// not).
    pub const fn kind(self) -> AccessKind {
        match self {
            Op::LdShared(_) | Op::Ldsm(..) | Op::LdGlobal(_) => AccessKind::Load,
            Op::StShared(_) | Op::Stsm(..) => AccessKind::Store,
            Op::CpAsync { cg, zfill, .. } => AccessKind::CpAsync { cg: cg && !zfill },
        }
    }

    /// How the bank model splits the instruction into phases.
    pub const fn phases(self) -> rcute::analysis::Phases {
        use rcute::analysis::Phases;
        match self {
            Op::LdShared(b) | Op::StShared(b) | Op::LdGlobal(b) => Phases::Vector { bytes: b },
            Op::CpAsync { bytes, .. } => Phases::Vector { bytes },
            Op::Ldsm(m, _) | Op::Stsm(m, _) => Phases::Matrix { matrices: m },
        }
    }
}

impl Op {
    /// The profiler counter the prediction is compared with.
    pub fn metric(self) -> &'static str {
        match self {
            Op::LdShared(_) | Op::Ldsm(..) => {
                "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"
            }
            Op::StShared(_) | Op::Stsm(..) => {
                "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"
            }
            Op::LdGlobal(_) => "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
            // the kernel touches shared memory only through the copies' writes
            Op::CpAsync { .. } => "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum",
        }
    }

    /// The profiler's bank-conflict counter for the instruction's shared-memory side, if
    /// it has one.
    pub fn conflict_metric(self) -> Option<&'static str> {
        match self {
            Op::LdShared(_) | Op::Ldsm(..) => {
                Some("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum")
            }
            Op::StShared(_) | Op::Stsm(..) => {
                Some("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum")
            }
            Op::CpAsync { .. } => {
                Some("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum")
            }
            Op::LdGlobal(_) => None,
        }
    }
}

/// Every counter the patterns are compared with, and the bank-conflict counters shown
/// beside them.
pub const METRICS: [&str; 7] = [
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum",
];

/// One access pattern: its accesses and what rcute predicts.
#[derive(Clone, Debug)]
pub struct Pattern {
    /// What it is, in CuTe notation.
    pub name: String,
    /// The instruction.
    pub op: Op,
    /// Each instruction's lane addresses (bytes).
    pub instructions: Vec<WarpInstruction>,
    /// Predicted shared-memory wavefronts (as the profiler counts them for these
    /// instructions), or global sectors, over all instructions; 0 where refused.
    pub predicted: usize,
    /// The conflict-free wavefronts (shared memory), or the predicted sectors (global).
    pub ideal: usize,
    /// Why the bank model does not predict the pattern, if it does not.
    pub refused: Option<String>,
}

impl Pattern {
    /// The kernel's name: `rcute_pattern_<i>`.
    pub fn kernel_name(i: usize) -> String {
        format!("rcute_pattern_{i}")
    }
}

fn sw(b: i64, m: i64, s: i64, l: Layout) -> MaybeSwizzled {
    MaybeSwizzled::Swizzled(ComposedLayout::new(Swizzle::new(b, m, s), Int::ZERO, l))
}

fn shared(name: &str, op: Op, smem: MaybeSwizzled, access: Access) -> Result<Pattern, Error> {
    let access = access.with_kind(op.kind());
    let instructions = access.try_instructions(&Memory::try_new(&smem)?)?;
    Ok(costed(format!("{name}: {smem}"), op, instructions))
}

/// A pattern of these instructions with the bank model's prediction, or its refusal.
pub(crate) fn costed(name: String, op: Op, instructions: Vec<WarpInstruction>) -> Pattern {
    let (mut predicted, mut ideal, mut refused) = (0, 0, None);
    for i in &instructions {
        match instruction_cost(i.clone(), op.phases(), op.kind()) {
            Ok(c) => {
                predicted += c.counted;
                ideal += c.counted_ideal;
            }
            Err(e) => {
                refused.get_or_insert(e.to_string());
            }
        }
    }
    if refused.is_some() {
        (predicted, ideal) = (0, 0);
    }
    Pattern {
        name,
        op,
        instructions,
        predicted,
        ideal,
        refused,
    }
}

fn global(name: &str, gmem: MaybeSwizzled, access: Access) -> Result<Pattern, Error> {
    let r = coalescing(&gmem, &access)?;
    let op = Op::LdGlobal(access.phases().bytes());
    Ok(Pattern {
        name: format!("{name}: {gmem}"),
        op,
        predicted: r.sectors(),
        ideal: r.sectors(),
        refused: None,
        instructions: r.requests.into_iter().map(|i| i.access).collect(),
    })
}

/// The shared-memory patterns: plain, padded and swizzled tiles; 8- to 128-bit accesses;
/// `ldmatrix` and `stmatrix`, each with rcute's predicted wavefronts.
///
/// # Errors
/// An analysis error (none for these layouts).
pub fn shared_patterns() -> Result<Vec<Pattern>, Error> {
    let mut p = shared_vectors()?;
    p.extend(shared_phases()?);
    p.extend(shared_matrices()?);
    p.extend(shared_cp_async()?);
    Ok(p)
}

/// `cp.async` writes of 4, 8 and 16 bytes per lane: the model's stores.
fn shared_cp_async() -> Result<Vec<Pattern>, Error> {
    let l = Layout::parse;
    let v = Access::try_vector;
    let f32_rows = l("(_32,_32):(_32,_1)");
    let flat = l("_1024:_1");
    let cases = [
        (
            "cp.async 4B row",
            f32_rows.into(),
            v(l("(_32,_1):(_32,_0)"), 32, 32)?,
        ),
        (
            "cp.async 4B column",
            f32_rows.into(),
            v(l("(_32,_1):(_1,_0)"), 32, 32)?,
        ),
        (
            "cp.async 8B consecutive",
            flat.into(),
            v(l("(_32,_2):(_2,_1)"), 32, 64)?,
        ),
        (
            "cp.async 8B column",
            l("(_32,_64):(_64,_1)").into(),
            v(l("(_32,_2):(_1,_32)"), 32, 64)?,
        ),
        (
            "cp.async 16B consecutive",
            flat.into(),
            v(l("(_32,_4):(_4,_1)"), 32, 128)?,
        ),
        (
            "cp.async 16B column",
            f32_rows.into(),
            v(l("(_32,_4):(_1,_32)"), 32, 128)?,
        ),
        (
            "cp.async 16B column, swizzled",
            sw(3, 2, 3, f32_rows),
            v(l("(_32,_4):(_1,_32)"), 32, 128)?,
        ),
    ];
    cases
        .into_iter()
        .map(|(name, smem, a)| shared(name, Op::cp_async(a.phases().bytes()), smem, a))
        .collect()
}

/// 8- to 128-bit accesses of plain, padded and swizzled tiles.
fn shared_vectors() -> Result<Vec<Pattern>, Error> {
    let l = Layout::parse;
    let v = Access::try_vector;
    let f32_rows = l("(_32,_32):(_32,_1)");
    let p = vec![
        // 32-bit: a row, a column, the column padded and swizzled, stride 2, a broadcast
        shared(
            "f32 row",
            Op::LdShared(4),
            f32_rows.into(),
            v(l("(_32,_1):(_32,_0)"), 32, 32)?,
        )?,
        shared(
            "f32 column",
            Op::LdShared(4),
            f32_rows.into(),
            v(l("(_32,_1):(_1,_0)"), 32, 32)?,
        )?,
        shared(
            "f32 column, padded",
            Op::LdShared(4),
            l("(_32,_32):(_33,_1)").into(),
            v(l("(_32,_1):(_1,_0)"), 32, 32)?,
        )?,
        shared(
            "f32 column, swizzled",
            Op::LdShared(4),
            sw(5, 0, 5, f32_rows),
            v(l("(_32,_1):(_1,_0)"), 32, 32)?,
        )?,
        shared(
            "f32 stride 2",
            Op::LdShared(4),
            l("_1024:_1").into(),
            v(l("(_32,_1):(_2,_0)"), 32, 32)?,
        )?,
        shared(
            "f32 stride 4, 4 instructions",
            Op::LdShared(4),
            l("_1024:_1").into(),
            v(l("(_32,_4):(_4,_1)"), 32, 32)?,
        )?,
        shared(
            "f32 broadcast",
            Op::LdShared(4),
            l("_1024:_1").into(),
            v(l("(_32,_1):(_0,_0)"), 32, 32)?,
        )?,
        shared(
            "f32 column store",
            Op::StShared(4),
            f32_rows.into(),
            v(l("(_32,_1):(_1,_0)"), 32, 32)?,
        )?,
        shared(
            "f32 row store",
            Op::StShared(4),
            f32_rows.into(),
            v(l("(_32,_1):(_32,_0)"), 32, 32)?,
        )?,
        // 8- and 16-bit
        shared(
            "u8 consecutive",
            Op::LdShared(1),
            l("_4096:_1").into(),
            v(l("(_32,_1):(_1,_0)"), 8, 8)?,
        )?,
        shared(
            "u8 stride 128",
            Op::LdShared(1),
            l("_4096:_1").into(),
            v(l("(_32,_1):(_128,_0)"), 8, 8)?,
        )?,
        shared(
            "u16 stride 2",
            Op::LdShared(2),
            l("_4096:_1").into(),
            v(l("(_32,_1):(_2,_0)"), 16, 16)?,
        )?,
        // 64-bit
        shared(
            "f32x2 consecutive",
            Op::LdShared(8),
            l("_1024:_1").into(),
            v(l("(_32,_2):(_2,_1)"), 32, 64)?,
        )?,
        shared(
            "f32x2 column",
            Op::LdShared(8),
            l("(_32,_64):(_64,_1)").into(),
            v(l("(_32,_2):(_1,_32)"), 32, 64)?,
        )?,
        shared(
            "f32x2 stride 4 words",
            Op::LdShared(8),
            l("_1024:_1").into(),
            v(l("(_32,_2):(_4,_1)"), 32, 64)?,
        )?,
        shared(
            "f32x2 same in both halves",
            Op::LdShared(8),
            l("_1024:_1").into(),
            v(l("((_16,_2),_2):((_2,_0),_1)"), 32, 64)?,
        )?,
        shared(
            "f32x2 column store",
            Op::StShared(8),
            l("(_32,_64):(_64,_1)").into(),
            v(l("(_32,_2):(_1,_32)"), 32, 64)?,
        )?,
        // 128-bit
        shared(
            "f32x4 consecutive",
            Op::LdShared(16),
            l("_1024:_1").into(),
            v(l("(_32,_4):(_4,_1)"), 32, 128)?,
        )?,
        shared(
            "f32x4 column",
            Op::LdShared(16),
            f32_rows.into(),
            v(l("(_32,_4):(_1,_32)"), 32, 128)?,
        )?,
        shared(
            "f32x4 column, swizzled",
            Op::LdShared(16),
            sw(3, 2, 3, f32_rows),
            v(l("(_32,_4):(_1,_32)"), 32, 128)?,
        )?,
        shared(
            "f32x4 column, padded by 4",
            Op::LdShared(16),
            l("(_32,_32):(_36,_1)").into(),
            v(l("(_32,_4):(_1,_32)"), 32, 128)?,
        )?,
        shared(
            "f32x4 broadcast",
            Op::LdShared(16),
            l("_1024:_1").into(),
            v(l("(_32,_4):(_0,_1)"), 32, 128)?,
        )?,
    ];
    Ok(p)
}

/// The accesses that show how the hardware splits a warp's request into phases.
fn shared_phases() -> Result<Vec<Pattern>, Error> {
    let l = Layout::parse;
    let v = Access::try_vector;
    let f32_rows = l("(_32,_32):(_32,_1)");
    Ok(vec![
        // the model's phases: 128-bit accesses are served by half-warps
        shared(
            "f32x4 quarter-warps repeat 128 bytes",
            Op::LdShared(16),
            l("_1024:_1").into(),
            v(l("((_8,_4),_4):((_4,_0),_1)"), 32, 128)?,
        )?,
        shared(
            "f32x4 half-warps repeat 256 bytes",
            Op::LdShared(16),
            l("_1024:_1").into(),
            v(l("((_16,_2),_4):((_4,_0),_1)"), 32, 128)?,
        )?,
        shared(
            "f32x2 broadcast",
            Op::LdShared(8),
            l("_1024:_1").into(),
            v(l("(_32,_2):(_0,_1)"), 32, 64)?,
        )?,
        shared(
            "f32x4 each quarter-warp one address, two per half-warp",
            Op::LdShared(16),
            l("_1024:_1").into(),
            v(l("((_8,_2,_2),_4):((_0,_4,_0),_1)"), 32, 128)?,
        )?,
        shared(
            "f32x4 each half-warp one address",
            Op::LdShared(16),
            l("_1024:_1").into(),
            v(l("((_16,_2),_4):((_0,_4),_1)"), 32, 128)?,
        )?,
        shared(
            "f32x2 each half-warp one address",
            Op::LdShared(8),
            l("_1024:_1").into(),
            v(l("((_16,_2),_2):((_0,_2),_1)"), 32, 64)?,
        )?,
        shared(
            "u16 column of a 32x64 row-major tile",
            Op::LdShared(2),
            l("(_32,_64):(_64,_1)").into(),
            v(l("(_32,_1):(_1,_0)"), 16, 16)?,
        )?,
        shared(
            "f32x4 column store",
            Op::StShared(16),
            f32_rows.into(),
            v(l("(_32,_4):(_1,_32)"), 32, 128)?,
        )?,
    ])
}

/// `ldmatrix` and `stmatrix` of plain, padded and swizzled operand tiles.
fn shared_matrices() -> Result<Vec<Pattern>, Error> {
    use rcute::Tiler;
    use rcute::atom::{
        Operand, SM75_U16x8_LDSM_T, SM75_U32x4_LDSM_N, SM80_16x8x16_F32F16F16F32_TN,
        SM90_U32x4_STSM_N, TiledMma,
    };
    let l = Layout::parse;
    let mut p = Vec::new();
    // ldmatrix / stmatrix of a 16x16 operand tile (one warp of SM80_16x8x16, A by
    // make_tiled_copy_A, B by make_tiled_copy_B with two atoms along N) inside 16x64
    // K-major and 64x16 M/N-major half_t buffers, plain and with CUTLASS's Swizzle<3,3,3>
    let k_major = l("(_16,_64):(_64,_1)");
    let n_major = l("(_64,_16):(_1,_64)");
    let mma_a = TiledMma::try_new(
        SM80_16x8x16_F32F16F16F32_TN,
        &l("(_1,_1,_1):(_0,_0,_0)"),
        &Tiler::UNDERSCORE,
    )?;
    let mma_b = TiledMma::try_new(
        SM80_16x8x16_F32F16F16F32_TN,
        &l("(_1,_1,_1):(_0,_0,_0)"),
        &Tiler::try_from_shape(&rcute::IntTuple::parse("(_16,_16,_16)"))?,
    )?;
    let half = |op| CopyAtom::try_new(op, "half_t", 16);
    let ldsm = TiledCopy::try_for_mma(half(SM75_U32x4_LDSM_N)?, &mma_a, Operand::A)?;
    let stsm = TiledCopy::try_for_mma(half(SM90_U32x4_STSM_N)?, &mma_a, Operand::A)?;
    let ldsm_t = TiledCopy::try_for_mma(half(SM75_U16x8_LDSM_T)?, &mma_b, Operand::B)?;
    for (name, smem) in [
        ("K-major", k_major.into()),
        ("K-major, padded", l("(_16,_64):(_72,_1)").into()),
        ("K-major, swizzled", sw(3, 3, 3, k_major)),
    ] {
        // thread 8i + r: row r, columns 8i .. 8i + 8 (column-major index r + 16 * column)
        let m1 = Access::try_matrix(l("(_8,_8):(_1,_16)"), 1)?;
        let m2 = Access::try_matrix(l("((_8,_2),_8):((_1,_128),_16)"), 2)?;
        p.push(shared(
            &format!("ldmatrix.x1 {name}"),
            Op::Ldsm(1, false),
            smem,
            m1,
        )?);
        p.push(shared(
            &format!("ldmatrix.x2 {name}"),
            Op::Ldsm(2, false),
            smem,
            m2,
        )?);
        p.push(shared(
            &format!("ldmatrix.x4 A {name}"),
            Op::Ldsm(4, false),
            smem,
            Access::try_from_copy(&ldsm, Side::Read)?,
        )?);
        p.push(shared(
            &format!("stmatrix.x4 A {name}"),
            Op::Stsm(4, false),
            smem,
            Access::try_from_copy(&stsm, Side::Write)?,
        )?);
    }
    for (name, smem) in [
        ("N-major", n_major.into()),
        ("N-major, swizzled", sw(3, 3, 3, n_major)),
    ] {
        p.push(shared(
            &format!("ldmatrix.x4.trans B {name}"),
            Op::Ldsm(4, true),
            smem,
            Access::try_from_copy(&ldsm_t, Side::Read)?,
        )?);
    }
    Ok(p)
}

/// The global-memory patterns: coalesced, strided, misaligned and vector loads, each with
/// rcute's predicted sectors.
///
/// # Errors
/// An analysis error (none for these layouts).
pub fn global_patterns() -> Result<Vec<Pattern>, Error> {
    let l = |s| MaybeSwizzled::Plain(Layout::parse(s));
    let t = Layout::parse;
    let v = Access::try_vector;
    // the identity swizzle with an origin: a layout shifted by `by` elements
    let shifted = |by: i64, s| {
        MaybeSwizzled::Swizzled(ComposedLayout::new(
            Swizzle::new(0, 0, 0),
            Int::dynamic(by),
            Layout::parse(s),
        ))
    };
    Ok(vec![
        global(
            "f32 consecutive",
            l("_4096:_1"),
            v(t("(_32,_1):(_1,_0)"), 32, 32)?,
        )?,
        global(
            "f32 offset by 1",
            shifted(1, "_4096:_1"),
            v(t("(_32,_1):(_1,_0)"), 32, 32)?,
        )?,
        global(
            "f32 stride 2",
            l("_4096:_1"),
            v(t("(_32,_1):(_2,_0)"), 32, 32)?,
        )?,
        global(
            "f32 stride 8",
            l("_4096:_1"),
            v(t("(_32,_1):(_8,_0)"), 32, 32)?,
        )?,
        global(
            "f32 column of a 32x32 row-major tile",
            l("(_32,_32):(_32,_1)"),
            v(t("(_32,_1):(_1,_0)"), 32, 32)?,
        )?,
        global(
            "f32 broadcast",
            l("_4096:_1"),
            v(t("(_32,_1):(_0,_0)"), 32, 32)?,
        )?,
        global(
            "u16 consecutive",
            l("_4096:_1"),
            v(t("(_32,_1):(_1,_0)"), 16, 16)?,
        )?,
        global(
            "f32x2 consecutive",
            l("_4096:_1"),
            v(t("(_32,_2):(_2,_1)"), 32, 64)?,
        )?,
        global(
            "f32x4 consecutive",
            l("_4096:_1"),
            v(t("(_32,_4):(_4,_1)"), 32, 128)?,
        )?,
        global(
            "f32x4 rows of a 32x32 row-major tile",
            l("(_32,_32):(_32,_1)"),
            v(t("(_32,_4):(_1,_32)"), 32, 128)?,
        )?,
        global(
            "half_t x8, 8 threads per row",
            l("(_8,_64):(_64,_1)"),
            v(t("((_8,_4),_8):((_64,_1),_8)"), 16, 128)?,
        )?,
    ])
}

/// Every pattern, shared then global.
///
/// # Errors
/// Those of [`shared_patterns`] and [`global_patterns`].
pub fn patterns() -> Result<Vec<Pattern>, Error> {
    let mut p = shared_patterns()?;
    p.extend(global_patterns()?);
    p.extend(crate::pattern_families::families());
    Ok(p)
}

/// The CUDA source of pattern `i`'s kernel: `extern "C" __global__ void
/// rcute_pattern_<i>(unsigned* out, const unsigned char* g)`, one warp.
pub fn source(p: &Pattern, i: usize) -> String {
    let name = Pattern::kernel_name(i);
    let matrix = matches!(p.op, Op::Ldsm(..) | Op::Stsm(..));
    let mut table = String::new();
    for ins in &p.instructions {
        for a in ins.lanes {
            // idle lanes: -1, or for (.sync.aligned) matrix instructions an unused 0
            let _ = write!(table, "{},", a.unwrap_or(if matrix { 0 } else { -1 }));
        }
    }
    let n = p.instructions.len();
    let body = match p.op {
        Op::LdShared(b) | Op::LdGlobal(b) => {
            let space = if matches!(p.op, Op::LdGlobal(_)) { "global" } else { "shared" };
            let ptr = if space == "global" { "l" } else { "r" };
            let addr = if space == "global" { "(unsigned long long)(g + a)" } else { "base + a" };
            match b {
                1 | 2 | 4 => format!(
                    "unsigned x; asm volatile(\"ld.{space}.u{} %0, [%1];\" : \"=r\"(x) : \"{ptr}\"({addr})); acc ^= x;",
                    b * 8
                ),
                8 => format!(
                    "unsigned x, y; asm volatile(\"ld.{space}.v2.u32 {{%0, %1}}, [%2];\" : \"=r\"(x), \"=r\"(y) : \"{ptr}\"({addr})); acc ^= x ^ y;"
                ),
                _ => format!(
                    "unsigned x, y, z, w; asm volatile(\"ld.{space}.v4.u32 {{%0, %1, %2, %3}}, [%4];\" : \"=r\"(x), \"=r\"(y), \"=r\"(z), \"=r\"(w) : \"{ptr}\"({addr})); acc ^= x ^ y ^ z ^ w;"
                ),
            }
        }
        Op::CpAsync { bytes, cg, zfill } => format!(
            "asm volatile(\"cp.async.{}.shared.global [%0], [%1], {bytes}{};\\n\\tcp.async.commit_group;\\n\\tcp.async.wait_all;\" :: \"r\"(base + a), \"l\"((unsigned long long)(g + a)) : \"memory\");",
            if cg { "cg" } else { "ca" },
            if zfill { ", 0" } else { "" },
        ),
        Op::StShared(b) => match b {
            1 | 2 | 4 => format!(
                "asm volatile(\"st.shared.u{} [%0], %1;\" :: \"r\"(base + a), \"r\"(acc) : \"memory\");",
                b * 8
            ),
            8 => "asm volatile(\"st.shared.v2.u32 [%0], {%1, %1};\" :: \"r\"(base + a), \"r\"(acc) : \"memory\");".into(),
            _ => "asm volatile(\"st.shared.v4.u32 [%0], {%1, %1, %1, %1};\" :: \"r\"(base + a), \"r\"(acc) : \"memory\");".into(),
        },
        Op::Ldsm(m, t) | Op::Stsm(m, t) => {
            let regs: Vec<String> = (0..m).map(|r| format!("%{r}")).collect();
            let trans = if t { ".trans" } else { "" };
            if matches!(p.op, Op::Ldsm(..)) {
                let outs: Vec<String> = (0..m).map(|r| format!("\"=r\"(x[{r}])")).collect();
                format!(
                    "unsigned x[4] = {{0, 0, 0, 0}}; asm volatile(\"ldmatrix.sync.aligned.m8n8.x{m}{trans}.shared.b16 {{{}}}, [%{m}];\" : {} : \"r\"(base + a)); acc ^= x[0] ^ x[1] ^ x[2] ^ x[3];",
                    regs.join(", "),
                    outs.join(", ")
                )
            } else {
                let regs: Vec<String> = (1..=m).map(|r| format!("%{r}")).collect();
                let ins: Vec<String> = (0..m).map(|_| "\"r\"(acc)".to_string()).collect();
                format!(
                    "asm volatile(\"stmatrix.sync.aligned.m8n8.x{m}{trans}.shared.b16 [%0], {{{}}};\" :: \"r\"(base + a), {} : \"memory\");",
                    regs.join(", "),
                    ins.join(", ")
                )
            }
        }
    };
    format!(
        "__constant__ int {name}_addr[{}] = {{{table}}};\n\
         extern \"C\" __global__ void {name}(unsigned* out, const unsigned char* g) {{\n\
         \x20 __shared__ __align__(1024) unsigned char smem[32768];\n\
         \x20 unsigned lane = threadIdx.x;\n\
         \x20 unsigned base = (unsigned)__cvta_generic_to_shared(smem);\n\
         \x20 unsigned acc = lane;\n\
         \x20 #pragma unroll 1\n\
         \x20 for (int k = 0; k < {n}; ++k) {{\n\
         \x20   int a = {name}_addr[k * 32 + lane];\n\
         \x20   if (a >= 0) {{ {body} }}\n\
         \x20 }}\n\
         \x20 out[lane] = acc;\n\
         }}\n",
        n * 32
    )
}

/// The memory a pattern's accesses need: the largest byte address plus 16.
pub fn extent(p: &Pattern) -> i64 {
    p.instructions
        .iter()
        .flat_map(|i| i.lanes.iter().flatten())
        .max()
        .map_or(16, |a| a + 16)
}

/// What rcute's models say of a pattern: its cost, or why they do not predict it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prediction {
    /// The counter [`Op::metric`] and the bank-conflict counter [`Op::conflict_metric`].
    Cost {
        /// Wavefronts (shared) or sectors (global).
        wavefronts: usize,
        /// Wavefronts beyond the conflict-free ideal (0 for global loads).
        conflicts: usize,
    },
    /// Not modelled, with the reason.
    Refused(String),
}

/// Shared-memory wavefronts that every pattern kernel makes besides its pattern's
/// instructions: the total counter a `cp.async` pattern is compared with
/// (`l1tex__data_pipe_lsu_wavefronts_mem_shared.sum`) reads the `ld` and `st` counters
/// plus this, in every measured `ld`/`st` pattern (`tests/patterns_measured.rs` checks it):
/// an `_op_misc` wavefront of the kernel's one warp, which a warp that used shared memory
/// costs (`scripts/ncu/cp_async_misc.cu`: one a warp, none in a kernel that touches no
/// shared memory).
pub const KERNEL_SHARED_WAVEFRONTS: usize = 1;

/// The prediction the measured tables are replayed against (`tests/patterns_measured.rs`).
pub fn predict(p: &Pattern) -> Prediction {
    if let Some(why) = &p.refused {
        return Prediction::Refused(why.clone());
    }
    match p.op {
        Op::LdGlobal(_) => Prediction::Cost {
            wavefronts: p.predicted,
            conflicts: 0,
        },
        Op::CpAsync {
            cg: false,
            zfill: false,
            ..
        } if p
            .instructions
            .iter()
            .any(|i| cp_async_source_lines(&i.lanes) > rcute::analysis::CP_ASYNC_SOURCE_LINES) =>
        {
            Prediction::Refused(format!(
                "cp.async.ca whose source spans more than {} lines of 128 bytes in one instruction: measured costs exceed n (W + 3) by a rule not found (read each instruction's source from fewer lines)",
                rcute::analysis::CP_ASYNC_SOURCE_LINES
            ))
        }
        Op::CpAsync { .. } => Prediction::Cost {
            wavefronts: p.predicted + KERNEL_SHARED_WAVEFRONTS,
            conflicts: p.predicted - p.ideal,
        },
        _ => Prediction::Cost {
            wavefronts: p.predicted,
            conflicts: p.predicted - p.ideal,
        },
    }
}
