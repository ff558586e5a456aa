//! What a whole kernel moves, predicted from its own layouts, stage by stage: the
//! shared-memory wavefronts and bank conflicts of every `ld.shared`/`st.shared`,
//! `ldmatrix` and `cp.async` the kernel issues, and the global sectors of its loads and
//! stores, per block and per launch ([`KernelTraffic`]). The copies
//! ([`crate::copy::CopyKernel::kernel_traffic`]) and the GEMMs ([`Gemm::traffic`]) build their
//! warp instructions from the same layouts their code is generated from, and each is
//! costed by `rcute::analysis` (the bank model of its access kind, the sector count).
//!
//! Each stage names the Nsight Compute counter it predicts ([`Counter::metric`]);
//! `scripts/ncu/kernel_traffic.sh` measures the kernels and `tests/kernels_measured.rs`
//! replays a recorded table. Per launch, the blocks of whole tiles move what block 0 does
//! and the tiles a cut extent leaves are [`Edge`]s with their own stages (exact where
//! every row starts on a 32-byte sector; `cute explain-kernel` prints the tables).

use crate::codegen::CodegenError;
use crate::gemm::{Gemm, GemmPlan, Instr, MmaType};
use rcute::analysis::{AccessKind, Phases, WARP, WarpInstruction, instruction_cost, request_cost};
use rcute::{ComposedLayout, Layout};
use std::fmt::Write as _;

/// The profiler counter a stage adds to.
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
pub enum Counter {
    /// Shared-memory wavefronts of loads (`ld.shared`, `ldmatrix`).
    SharedLoad,
    /// Shared-memory wavefronts of stores (`st.shared`, `stmatrix`).
    SharedStore,
    /// Shared-memory wavefronts of `cp.async` (LDGSTS) writes, counted only in the total: a
    /// `.ca`'s, and a `.cg`'s that zero-fills (a `.cg` reading its source writes unseen).
    SharedCpAsync,
    /// Global sectors of loads (`ld.global`).
    GlobalLoad,
    /// Global sectors of stores (`st.global`).
    GlobalStore,
    /// Global sectors a `cp.async` reads.
    GlobalCpAsync,
    /// Sectors a TMA load brings into a block's shared memory: the whole box, its parts
    /// multicast by the cluster's other blocks and its rows outside the tensor (zeros)
    /// included (not a load-store-unit counter; the L2 reads behind it are fewer where
    /// blocks share boxes, and are not predicted).
    TmaLoad,
    /// Sectors a TMA store writes (the boxes clipped to the tensor).
    TmaStore,
    /// Shared-memory wavefronts of `wgmma`'s operand reads by descriptor (128 bytes each).
    SharedWgmma,
    /// Shared-memory wavefronts of no load or store (`_op_misc`): the three predicated-off
    /// `LDS RZ, [RZ]` the compiler puts before each run of `cp.async` (LDGSTS), one a warp
    /// that used shared memory, one a block barrier that follows shared-memory work
    /// (measured with `scripts/ncu/cp_async_misc.cu`).
    SharedMisc,
}

impl Counter {
    /// Every counter, in the order tables print them.
    pub const ALL: [Counter; 10] = [
        Counter::GlobalLoad,
        Counter::GlobalCpAsync,
        Counter::TmaLoad,
        Counter::SharedStore,
        Counter::SharedCpAsync,
        Counter::SharedLoad,
        Counter::SharedWgmma,
        Counter::SharedMisc,
        Counter::GlobalStore,
        Counter::TmaStore,
    ];

    /// Nsight Compute's name for the counter (2025.3 on the H100 and H200). Several
    /// counters add to one metric: `cp.async`'s global sectors are counted with the loads'
    /// (`_op_ld`; `_op_ldgsts` answers `n/a`); the `cp.async` shared-memory writes are the
    /// total counter less `_op_ld`, `_op_st`, `_op_misc` and `_op_gmma`; a TMA
    /// load's sectors are the bytes it brings into shared memory over 32
    /// ([`Counter::metric_scale`]).
    pub fn metric(self) -> Option<&'static str> {
        Some(match self {
            Counter::SharedLoad => "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
            Counter::SharedStore => "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
            Counter::SharedCpAsync => "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum",
            Counter::SharedWgmma => "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_gmma.sum",
            Counter::SharedMisc => "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_misc.sum",
            Counter::GlobalLoad | Counter::GlobalCpAsync => {
                "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"
            }
            Counter::GlobalStore => "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
            Counter::TmaLoad => "l1tex__m_xbar2l1tex_read_bytes_mem_global_op_tma_ld.sum",
            Counter::TmaStore => "l1tex__m_l1tex2xbar_write_sectors_mem_global_op_tma_st.sum",
        })
    }

    /// What the metric counts for one of the counter's units: 32 bytes a sector for the
    /// TMA loads, else 1.
    pub fn metric_scale(self) -> u64 {
        match self {
            Counter::TmaLoad => 32,
            _ => 1,
        }
    }

    /// The bank-conflict counter of a shared-memory counter.
    pub fn conflict_metric(self) -> Option<&'static str> {
        Some(match self {
            Counter::SharedLoad => "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
            Counter::SharedStore => "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
            Counter::SharedCpAsync => {
                "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum"
            }
            Counter::SharedMisc => "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_misc.sum",
            _ => return None,
        })
    }

    /// `wavefronts` or `sectors`.
    pub fn unit(self) -> &'static str {
        match self {
            Counter::SharedLoad
            | Counter::SharedStore
            | Counter::SharedCpAsync
            | Counter::SharedWgmma
            | Counter::SharedMisc => "wavefronts",
            _ => "sectors",
        }
    }

    /// A short name: `smem ld`, `gmem st`, ...
    pub fn short(self) -> &'static str {
        match self {
            Counter::SharedLoad => "smem ld",
            Counter::SharedStore => "smem st",
            Counter::SharedCpAsync => "smem cp.async",
            Counter::GlobalLoad => "gmem ld",
            Counter::GlobalStore => "gmem st",
            Counter::GlobalCpAsync => "gmem cp.async",
            Counter::TmaLoad => "gmem tma ld",
            Counter::TmaStore => "gmem tma st",
            Counter::SharedWgmma => "smem wgmma",
            Counter::SharedMisc => "smem misc",
        }
    }
}

/// One stage of a kernel: what one pass of it costs a block, and how often a block runs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stage {
    /// What it is: the instruction and the operand.
    pub name: String,
    /// The counter it adds to.
    pub counter: Counter,
    /// Wavefronts or sectors of one pass, as the counter counts them, or why the models
    /// do not predict them.
    pub per_pass: Result<u64, String>,
    /// Of those, the wavefronts beyond the conflict-free ideal (the bank-conflict counter).
    pub conflicts: u64,
    /// Warp instructions of one pass (0: not counted).
    pub instructions: u64,
    /// Passes a block runs (the k-tiles of a GEMM, 1 for a copy).
    pub passes: u64,
}

impl Stage {
    /// Wavefronts or sectors of a block: one pass times the passes.
    pub fn per_block(&self) -> Result<u64, String> {
        self.per_pass.clone().map(|p| p * self.passes)
    }
}

/// A kernel's predicted traffic: its stages and its blocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelTraffic {
    /// The kernel and its problem.
    pub kernel: String,
    /// Blocks of the launch (output tiles of a persistent kernel: the units of work).
    pub blocks: u64,
    /// Block 0's stages, in the order the kernel runs them.
    pub stages: Vec<Stage>,
    /// The blocks whose tiles the extents cut (an extent that is not a multiple of the
    /// tile): the same stages, with the lanes outside the matrix idle (a `cp.async` of
    /// such a lane zero-fills and reads nothing), warp instructions with no lane left out,
    /// TMA boxes clipped. The other blocks move what block 0 does.
    pub edges: Vec<Edge>,
    /// Why the per-launch numbers are not exact: rows that do not start on 32-byte sectors
    /// (every block is taken to meet the sectors as block 0 does), a `K` that is not a
    /// multiple of the tile's (`None`: exact).
    pub approximate: Option<String>,
}

/// Blocks that move what another than block 0 does: the tiles the extents cut.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edge {
    /// The tiles: `rows x columns` of the tile inside the matrix.
    pub what: String,
    /// How many blocks.
    pub blocks: u64,
    /// Their stages, as block 0's (same names, same order).
    pub stages: Vec<Stage>,
}

impl KernelTraffic {
    /// A counter over the launch: the sum of its stages, per block times the blocks, and
    /// its conflicts; an error naming the first stage the models refuse.
    pub fn per_launch(&self, counter: Counter) -> Result<(u64, u64), String> {
        let (mut total, mut conflicts) = (0, 0);
        for i in (0..self.stages.len()).filter(|&i| self.stages[i].counter == counter) {
            let (t, k) = self.stage_per_launch(i)?;
            total += t;
            conflicts += k;
        }
        Ok((total, conflicts))
    }

    /// The warp instructions of a counter's stages over the launch (what the profiler's
    /// `smsp__sass_inst_executed_op_*` counts; 0 for stages that are no load-store-unit
    /// instructions, TMA and `wgmma`).
    pub fn instructions_per_launch(&self, counter: Counter) -> u64 {
        let classes = std::iter::once((self.interior_blocks(), &self.stages))
            .chain(self.edges.iter().map(|e| (e.blocks, &e.stages)));
        classes
            .map(|(blocks, stages)| {
                stages
                    .iter()
                    .filter(|s| s.counter == counter)
                    .map(|s| s.instructions * s.passes * blocks)
                    .sum::<u64>()
            })
            .sum()
    }

    /// Blocks that move what block 0 does.
    pub fn interior_blocks(&self) -> u64 {
        self.blocks - self.edges.iter().map(|e| e.blocks).sum::<u64>()
    }

    /// Stage `i` over the launch: block 0's stage for the blocks like it, each edge's own
    /// for its blocks; and its conflicts.
    pub fn stage_per_launch(&self, i: usize) -> Result<(u64, u64), String> {
        let classes = std::iter::once((self.interior_blocks(), &self.stages[i]))
            .chain(self.edges.iter().map(move |e| (e.blocks, &e.stages[i])));
        let (mut total, mut conflicts) = (0, 0);
        for (blocks, s) in classes {
            total += s.per_block().map_err(|e| format!("{}: {e}", s.name))? * blocks;
            conflicts += s.conflicts * s.passes * blocks;
        }
        Ok((total, conflicts))
    }

    /// A table: one row per stage (per pass, passes, per block, per launch, conflicts per
    /// launch), then the totals per counter.
    pub fn table(&self) -> String {
        let mut s = format!("{}: {} blocks\n", self.kernel, self.blocks);
        if let Some(why) = &self.approximate {
            let _ = writeln!(s, "  per launch approximate: {why}");
        }
        let _ = writeln!(
            s,
            "  {:<44} {:<14} {:>6} {:>9} {:>7} {:>10} {:>13} {:>10}",
            "stage",
            "counter",
            "instr",
            "per pass",
            "passes",
            "per block",
            "per launch",
            "conflicts"
        );
        for (i, st) in self.stages.iter().enumerate() {
            match st
                .per_block()
                .and_then(|b| Ok((b, self.stage_per_launch(i)?)))
            {
                Ok((b, (launch, conflicts))) => {
                    let _ = writeln!(
                        s,
                        "  {:<44} {:<14} {:>6} {:>9} {:>7} {:>10} {:>13} {:>10}",
                        st.name,
                        st.counter.short(),
                        if st.instructions == 0 {
                            "-".to_string()
                        } else {
                            st.instructions.to_string()
                        },
                        st.per_pass.clone().unwrap_or(0),
                        st.passes,
                        b,
                        launch,
                        conflicts
                    );
                }
                Err(e) => {
                    let _ = writeln!(
                        s,
                        "  {:<44} {:<14} refused: {e}",
                        st.name,
                        st.counter.short()
                    );
                }
            }
        }
        for e in &self.edges {
            let _ = writeln!(
                s,
                "  edge blocks: {} of {} tiles inside the matrix",
                e.blocks, e.what
            );
            for st in &e.stages {
                if let Ok(b) = st.per_block() {
                    let _ = writeln!(
                        s,
                        "    {:<42} {:<14} {:>6} {:>9} {:>7} {:>10} {:>13} {:>10}",
                        st.name,
                        st.counter.short(),
                        if st.instructions == 0 {
                            "-".to_string()
                        } else {
                            st.instructions.to_string()
                        },
                        st.per_pass.clone().unwrap_or(0),
                        st.passes,
                        b,
                        b * e.blocks,
                        st.conflicts * st.passes * e.blocks
                    );
                }
            }
        }
        for c in Counter::ALL {
            if !self.stages.iter().any(|s| s.counter == c) {
                continue;
            }
            match self.per_launch(c) {
                Ok((t, k)) => {
                    let _ = writeln!(
                        s,
                        "  total {:<14} {t} {} per launch, {k} conflicts ({})",
                        c.short(),
                        c.unit(),
                        match c {
                            Counter::SharedCpAsync => {
                                "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum less _op_ld, _op_st, _op_misc, _op_gmma"
                            }
                            _ => c.metric().unwrap_or("-"),
                        }
                    );
                }
                Err(e) => {
                    let _ = writeln!(s, "  total {:<14} refused: {e}", c.short());
                }
            }
        }
        s
    }
}

/// The shared-memory cost of warp instructions: (counted wavefronts, conflicts), or the
/// bank model's refusal.
pub fn shared_cost(
    instructions: &[WarpInstruction],
    phases: Phases,
    kind: AccessKind,
) -> Result<(u64, u64), String> {
    let (mut w, mut c) = (0, 0);
    for i in instructions {
        let cost = instruction_cost(i.clone(), phases, kind).map_err(|e| e.to_string())?;
        w += cost.counted as u64;
        c += (cost.counted - cost.counted_ideal) as u64;
    }
    Ok((w, c))
}

/// The global sectors of warp requests of `bytes` per lane.
pub fn global_sectors(instructions: &[WarpInstruction], bytes: u32) -> u64 {
    instructions
        .iter()
        .map(|i| request_cost(i.clone(), bytes).sectors as u64)
        .sum()
}

/// A shared-memory stage of `instructions`.
pub fn shared_stage(
    name: &str,
    instructions: &[WarpInstruction],
    phases: Phases,
    kind: AccessKind,
    passes: u64,
) -> Stage {
    let counter = match kind {
        AccessKind::Load => Counter::SharedLoad,
        AccessKind::Store => Counter::SharedStore,
        AccessKind::CpAsync { .. } => Counter::SharedCpAsync,
    };
    let cost = shared_cost(instructions, phases, kind);
    Stage {
        name: name.to_string(),
        counter,
        conflicts: cost.as_ref().map_or(0, |c| c.1),
        per_pass: cost.map(|c| c.0),
        instructions: instructions.len() as u64,
        passes,
    }
}

/// A global-memory stage of `instructions`, `bytes` per lane.
pub fn global_stage(
    name: &str,
    counter: Counter,
    instructions: &[WarpInstruction],
    bytes: u32,
    passes: u64,
) -> Stage {
    Stage {
        name: name.to_string(),
        counter,
        per_pass: Ok(global_sectors(instructions, bytes)),
        conflicts: 0,
        instructions: instructions.len() as u64,
        passes,
    }
}

/// Groups lane addresses `(thread, byte address)` into warp instructions: instruction
/// `k` of warp `w` holds the addresses `lanes(k, thread)` of threads `32 w ..`.
fn warp_instructions(
    threads: usize,
    count: usize,
    lane: impl Fn(usize, usize) -> Option<i64>,
) -> Vec<WarpInstruction> {
    let mut out = Vec::new();
    for warp in 0..threads.div_ceil(WARP) {
        for k in 0..count {
            let mut lanes = [None; WARP];
            for (l, slot) in lanes.iter_mut().enumerate() {
                let t = warp * WARP + l;
                if t < threads {
                    *slot = lane(k, t);
                }
            }
            // a warp whose lanes are all outside the matrix does not issue it
            if lanes.iter().any(Option::is_some) {
                out.push(WarpInstruction {
                    warp,
                    instruction: k,
                    lanes,
                });
            }
        }
    }
    out
}

/// `(row, column)` of column-major index `idx` of a tile of `rows` rows.
fn rc(idx: i64, rows: i64) -> (i64, i64) {
    (idx % rows, idx / rows)
}

/// The byte address of `(r, c)` in a matrix of strides `(sr, sc)`.
fn global_byte(l: &Layout, r: i64, c: i64, bytes: i64) -> i64 {
    let (sr, sc) = (
        l.stride().leaf(0).value(),
        l.stride().leaf(l.stride().leaf_count() - 1).value(),
    );
    (r * sr + c * sc) * bytes
}

/// The shared byte address of column-major index `idx` of a swizzled tile.
fn shared_byte(tile: &ComposedLayout, idx: i64, bytes: i64) -> i64 {
    tile.offset(idx as usize) * bytes
}

impl Gemm {
    /// The traffic the kernel `name` of this GEMM moves, stage by stage, predicted from its
    /// plan's layouts (block 0's, and the [edges](KernelTraffic::edges)' where an extent
    /// cuts the tiles; the first k-tile as every one):
    ///
    /// - operand copies: the global sectors of each `cp.async` (its width's kind, `.cg` for
    ///   16 bytes) and the shared writes the counters see (a `.ca`'s, a zero-filling
    ///   `.cg`'s), or the sectors of each TMA load (the block's part, clipped);
    /// - `ldmatrix` (`mma.sync`): every warp's fragments of `A` and `B`, `.x4`;
    /// - `wgmma`'s reads of its operands by descriptor: each warpgroup its rows of `A` and
    ///   all of `B`'s tile, 128 bytes a wavefront;
    /// - the epilogue: the stores of `C` (pairs or elements), or the specialized kernel's
    ///   `st.shared` of accumulator pairs into its swizzled chunks and their TMA stores.
    ///
    /// Element-by-element copies (rows not 4-byte aligned) are `ld.global` of one element
    /// and one 16-byte `st.shared` a group; split-K is refused by name.
    ///
    /// ```
    /// use rcute_cuda::gemm::{Gemm, MmaType};
    /// use rcute_cuda::kernel::matrix;
    /// use rcute_cuda::traffic::Counter;
    /// let (m, n, k) = (1024, 1024, 1024);
    /// let g = Gemm::new(MmaType::F16, matrix(m, k, k, true), matrix(n, k, k, true),
    ///                   matrix(m, n, n, true));
    /// let t = g.traffic("gemm").unwrap();
    /// // A and B read once per block: (BM + BN) x K halves, in 32-byte sectors
    /// let (sectors, _) = t.per_launch(Counter::GlobalCpAsync).unwrap();
    /// assert_eq!(sectors, t.blocks * (g.tiling.bm + g.tiling.bn) as u64 * 1024 * 2 / 32);
    /// // the swizzled tiles: no conflict in the ldmatrix reads
    /// assert_eq!(t.per_launch(Counter::SharedLoad).unwrap().1, 0);
    /// ```
    ///
    /// # Errors
    /// Those of [`Gemm::plan`].
    pub fn traffic(&self, name: &str) -> Result<KernelTraffic, CodegenError> {
        let plan = self.plan()?;
        let t = plan.tiling;
        let (m, k) = pair(&self.a);
        let (n, _) = pair(&self.b);
        let ng = n / self.groups.unwrap_or(1);
        let k_tiles = t.k_tiles(k) as u64;
        let what = match (self.instr, plan.specialized()) {
            (Instr::MmaSync, _) => "mma.sync",
            (Instr::Wgmma, false) => "wgmma",
            (Instr::Wgmma, true) => "wgmma, specialized",
        };
        let splits = t.splits.max(1) as u64;
        let mut classes = Vec::new();
        for (vm, vn, blocks) in tile_classes(m, t.bm, ng, t.bn) {
            let stages = self.block_stages(&plan, vm, vn, k_tiles)?;
            classes.push(Edge {
                what: format!("{vm} x {vn}"),
                blocks: blocks * splits,
                stages,
            });
        }
        let first = classes.remove(0);
        let mut why = Vec::new();
        if k % t.bk != 0 {
            why.push("K is not a multiple of the tile's");
        }
        let eb = self.ty.bytes();
        if [
            (&self.a, eb),
            (&self.b, eb),
            (&self.c, self.c_type().bytes()),
        ]
        .iter()
        .any(|(l, b)| !sector_rows(l, *b))
        {
            why.push("rows do not start on 32-byte sectors");
        }
        Ok(KernelTraffic {
            kernel: format!("{name} ({what}, {m} x {n} x {k})"),
            blocks: first.blocks + classes.iter().map(|e| e.blocks).sum::<u64>(),
            stages: first.stages,
            edges: classes,
            approximate: (!why.is_empty()).then(|| why.join(", ")),
        })
    }

    /// The stages of a block whose tile has `vm x vn` of its `BM x BN` inside `C`.
    fn block_stages(
        &self,
        plan: &GemmPlan,
        vm: i64,
        vn: i64,
        k_tiles: u64,
    ) -> Result<Vec<Stage>, CodegenError> {
        let t = plan.tiling;
        let mut stages = Vec::new();
        if t.splits > 1 {
            stages.push(refused(
                "split-K partial sums",
                Counter::GlobalStore,
                "split-K's workspace traffic is not modelled",
            ));
        }
        for (label, op, g, valid) in [("A", &plan.a, &self.a, vm), ("B", &plan.b, &self.b, vn)] {
            if plan.tma {
                // the whole box arrives in the block's shared memory: a cluster's blocks
                // each load a part and multicast it to all, and the box's rows outside the
                // tensor arrive as zeros
                let _ = valid;
                let bytes = op.rows * t.bk * op.elem_bytes;
                stages.push(Stage {
                    name: format!("TMA load {label} ({} part{})", op.parts, plural(op.parts)),
                    counter: Counter::TmaLoad,
                    per_pass: Ok(((bytes + 31) / 32) as u64),
                    conflicts: 0,
                    instructions: 1,
                    passes: k_tiles,
                });
                continue;
            }
            let k = pair(&self.a).1;
            let k_left = k - (k_tiles as i64 - 1).max(0) * t.bk;
            stages.extend(copy_stages(
                label,
                op,
                g,
                plan.copiers(),
                self.ty,
                k_tiles,
                (valid, t.bk, k_left),
            ));
        }
        match self.instr {
            Instr::MmaSync => {
                stages.extend(ldmatrix_stages(plan, k_tiles)?);
                stages.extend(misc_stages(plan, k_tiles));
            }
            Instr::Wgmma => {
                // each warpgroup reads its rows of A and all of B's tile, 128 bytes a
                // wavefront
                let bytes = (t.bm + t.warps_m * t.bn) * t.bk * plan.a.elem_bytes;
                stages.push(Stage {
                    name: "wgmma reads of A and B (descriptors)".into(),
                    counter: Counter::SharedWgmma,
                    per_pass: Ok((bytes / 128) as u64),
                    conflicts: 0,
                    instructions: 0,
                    passes: k_tiles,
                });
            }
        }
        stages.extend(epilogue_stages(self, plan, vm, vn)?);
        Ok(stages)
    }
}

/// The `mma.sync` pipeline's wavefronts of no load or store (`_op_misc`), where both
/// operands are copied by 16-byte `cp.async` (the case measured): each warp's copies of a
/// stage are one run of LDGSTS, which the compiler opens with three predicated-off `LDS
/// RZ, [RZ]` (one wavefront each; `smsp__inst_executed_op_shared_ld` counts them as
/// instructions); each k-tile's `cp.async.wait_group` and `__syncthreads`, one wavefront a
/// block (a barrier that follows shared-memory work; the groups' commits and waits cost
/// none); each warp that used shared memory, one. None for the other kernels (not
/// modelled).
fn misc_stages(plan: &GemmPlan, k_tiles: u64) -> Vec<Stage> {
    let sixteen = |op: &crate::gemm::OperandPlan| op.width * op.elem_bytes == 16;
    if plan.tma || !sixteen(&plan.a) || !sixteen(&plan.b) {
        return Vec::new();
    }
    let warps = (plan.threads() / 32) as u64;
    let stage = |name: &str, per_pass: u64, instructions: u64, passes: u64| Stage {
        name: name.into(),
        counter: Counter::SharedMisc,
        per_pass: Ok(per_pass),
        conflicts: 0,
        instructions,
        passes,
    };
    vec![
        stage(
            "cp.async runs: 3 predicated-off LDS a warp",
            3 * warps,
            3 * warps,
            k_tiles,
        ),
        stage("k-tile wait and barrier: 1 a block", 1, 0, k_tiles),
        stage("warps that used shared memory: 1 a warp", warps, 0, 1),
    ]
}

/// The tiles of an `m x n` matrix in `bm x bn` tiles, by what of each is inside: `(rows,
/// columns, tiles)`, the first tile's class first.
fn tile_classes(m: i64, bm: i64, n: i64, bn: i64) -> Vec<(i64, i64, u64)> {
    let along = |m: i64, bm: i64| {
        let mut v = Vec::new();
        if m / bm > 0 {
            v.push((bm, (m / bm) as u64));
        }
        if m % bm != 0 {
            v.push((m % bm, 1));
        }
        v
    };
    let mut out = Vec::new();
    for &(vm, cm) in &along(m, bm) {
        for &(vn, cn) in &along(n, bn) {
            out.push((vm, vn, cm * cn));
        }
    }
    out
}

/// Whether every row (column) of a matrix of `bytes`-byte elements starts on a 32-byte
/// sector: the stride of its non-contiguous mode is a multiple of 32 bytes.
fn sector_rows(l: &Layout, bytes: i64) -> bool {
    let s = l.stride();
    let (a, b) = (s.leaf(0).value(), s.leaf(s.leaf_count() - 1).value());
    let outer = if a == 1 { b } else { a };
    (outer * bytes) % 32 == 0
}

fn plural(n: i64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn refused(name: &str, counter: Counter, why: &str) -> Stage {
    Stage {
        name: name.to_string(),
        counter,
        per_pass: Err(why.to_string()),
        conflicts: 0,
        instructions: 0,
        passes: 1,
    }
}

fn pair(l: &Layout) -> (i64, i64) {
    let s = l.shape();
    (s.leaf(0).value(), s.leaf(s.leaf_count() - 1).value())
}

/// One operand's copies of a stage: global sectors and shared wavefronts; the rows from
/// `valid` on are outside the matrix (zero-filled, nothing read), and of `cp.async` copies
/// the last k-tile's columns from `k_left` on (of `bk`).
fn copy_stages(
    label: &str,
    op: &crate::gemm::OperandPlan,
    g: &Layout,
    copiers: i64,
    ty: MmaType,
    k_tiles: u64,
    (valid, bk, k_left): (i64, i64, i64),
) -> Vec<Stage> {
    let eb = op.elem_bytes;
    let threads = copiers as usize;
    let passes = op.copy.mode(2).size().value() as usize;
    let idx = |p: usize, t: usize| op.copy.offset_of(&[t, 0, p]);
    if op.width == 1 {
        // each thread loads its group of neighbours one by one (ld.global of one element),
        // then stores the group to shared memory as one 16-byte word
        let group = op.copy.mode(1).size().value() as usize;
        let global = warp_instructions(threads, passes * group, |k, t| {
            let (p, e) = (k / group, k % group);
            let (r, c) = rc(op.copy.offset_of(&[t, e, p]), op.rows);
            (r < valid).then(|| global_byte(g, r, c, eb))
        });
        let shared = warp_instructions(threads, passes, |p, t| {
            Some(shared_byte(&op.tile, idx(p, t), eb))
        });
        let bytes = (group as i64 * eb) as u32;
        return vec![
            global_stage(
                &format!("ld.global {eb}B elements of {label}"),
                Counter::GlobalLoad,
                &global,
                eb as u32,
                k_tiles,
            ),
            shared_stage(
                &format!("st.shared {bytes}B groups of {label}"),
                &shared,
                Phases::Vector { bytes },
                AccessKind::Store,
                k_tiles,
            ),
        ];
    }
    // a K that is no multiple of the tile's: the last k-tile's columns from `k_left` on
    // are outside the matrix (zero-filled, nothing read)
    if k_left < bk && k_tiles > 0 {
        let mut out = cp_async_stages(label, op, g, copiers, ty, k_tiles - 1, (valid, bk));
        let last = cp_async_stages(label, op, g, copiers, ty, 1, (valid, k_left));
        out.extend(last.into_iter().map(|mut s| {
            s.name = s.name.replacen(':', ", last k-tile:", 1);
            s
        }));
        return out;
    }
    cp_async_stages(label, op, g, copiers, ty, k_tiles, (valid, bk))
}

/// One operand's `cp.async` copies of `k_tiles` stages whose rows from `valid` on and
/// columns (`K`) from `k_cols` on are outside the matrix.
fn cp_async_stages(
    label: &str,
    op: &crate::gemm::OperandPlan,
    g: &Layout,
    copiers: i64,
    ty: MmaType,
    k_tiles: u64,
    (valid, k_cols): (i64, i64),
) -> Vec<Stage> {
    let eb = op.elem_bytes;
    let threads = copiers as usize;
    let passes = op.copy.mode(2).size().value() as usize;
    let idx = |p: usize, t: usize| op.copy.offset_of(&[t, 0, p]);
    let inside = |p: usize, t: usize| {
        let (r, c) = rc(idx(p, t), op.rows);
        r < valid && c < k_cols
    };
    let shared = warp_instructions(threads, passes, |p, t| {
        Some(shared_byte(&op.tile, idx(p, t), eb))
    });
    let global = warp_instructions(threads, passes, |p, t| {
        let (r, c) = rc(idx(p, t), op.rows);
        inside(p, t).then(|| global_byte(g, r, c, eb))
    });
    let bytes = (op.width * eb) as u32;
    let cg = bytes == 16;
    let kind = AccessKind::CpAsync { cg };
    let name = format!(
        "cp.async.{} {bytes}B {label}{}",
        if cg { "cg" } else { "ca" },
        if ty == MmaType::E4M3 { " (e4m3)" } else { "" }
    );
    // the writes the load-store unit's counters show: every one of a .ca, and all of a
    // .cg's where a lane zero-fills (the rows outside the matrix; the columns past K, where
    // half the lanes of each instruction read and half zero-fill, are counted in full); a
    // .cg whose lanes all read their source writes shared memory unseen (the one-warp
    // patterns' 3 more wavefronts an instruction are `_op_misc`: the predicated-off LDS the
    // compiler puts before each run of cp.async, `Counter::SharedMisc`)
    let mut counted = (0, 0);
    let mut refusal = None;
    for s in &shared {
        let zero_fills = (0..WARP)
            .map(|l| s.warp * WARP + l)
            .any(|t| t < threads && !inside(s.instruction, t));
        if cg && !zero_fills {
            continue;
        }
        match instruction_cost(s.clone(), Phases::Vector { bytes }, kind) {
            Ok(c) => {
                counted.0 += c.wavefronts as u64;
                counted.1 += (c.wavefronts - c.ideal) as u64;
            }
            Err(e) => refusal = Some(e.to_string()),
        }
    }
    let mut shared_stage = Stage {
        name: format!("{name}: shared writes"),
        counter: Counter::SharedCpAsync,
        per_pass: refusal.map_or(Ok(counted.0), Err),
        conflicts: counted.1,
        instructions: shared.len() as u64,
        passes: k_tiles,
    };
    // a .ca whose source spans more lines than measured is refused
    if !cg
        && global.iter().any(|i| {
            rcute::analysis::cp_async_source_lines(&i.lanes)
                > rcute::analysis::CP_ASYNC_SOURCE_LINES
        })
    {
        shared_stage.per_pass = Err(
            "a cp.async.ca whose source spans more than 8 lines of 128 bytes in one instruction is not modelled"
                .into(),
        );
    }
    // every lane's cp.async is issued, a zero-filling one too: the instructions are the
    // shared side's
    let mut global_stage = global_stage(
        &format!("{name}: global reads"),
        Counter::GlobalCpAsync,
        &global,
        bytes,
        k_tiles,
    );
    global_stage.instructions = shared.len() as u64;
    vec![global_stage, shared_stage]
}

/// Every warp's `ldmatrix.x4` of a k-tile, `A` then `B`.
fn ldmatrix_stages(plan: &GemmPlan, k_tiles: u64) -> Result<Vec<Stage>, CodegenError> {
    let t = plan.tiling;
    let (mi, nj) = (t.bm / t.warps_m / 16, t.bn / t.warps_n / 16);
    let kk = t.bk / 16;
    let mut out = Vec::new();
    for (label, op, blocks, along) in [("A", &plan.a, mi, true), ("B", &plan.b, nj, false)] {
        let mut ins = Vec::new();
        for w in 0..t.warps_m * t.warps_n {
            // the warp's position: (w % WM, w / WM), A's fragments by the first
            let pos = if along { w % t.warps_m } else { w / t.warps_m } as usize;
            for k in 0..kk as usize {
                for b in 0..blocks as usize {
                    let mut lanes = [None; WARP];
                    for (l, slot) in lanes.iter_mut().enumerate() {
                        let idx = op.frag.offset_of(&[l, b, k, pos]);
                        *slot = Some(shared_byte(&op.tile, idx, op.elem_bytes));
                    }
                    ins.push(WarpInstruction {
                        warp: w as usize,
                        instruction: ins.len(),
                        lanes,
                    });
                }
            }
        }
        out.push(shared_stage(
            &format!(
                "ldmatrix.x4{} {label}",
                if op.mn_major { ".trans" } else { "" }
            ),
            &ins,
            Phases::Matrix { matrices: 4 },
            AccessKind::Load,
            k_tiles,
        ));
    }
    Ok(out)
}

/// The stores of `C` of a tile with `vm x vn` inside `C`: direct (pairs or elements, the
/// lanes outside idle) or through the swizzled chunks and TMA (the chunks clipped).
fn epilogue_stages(
    g: &Gemm,
    plan: &GemmPlan,
    vm: i64,
    vn: i64,
) -> Result<Vec<Stage>, CodegenError> {
    let t = plan.tiling;
    let cb = g.c_type().bytes();
    if let Some(cs) = &plan.c_store {
        // each consumer warpgroup: its chunks of 64 x 64, 8 x 2 pair stores per thread
        let chunks = (t.bn / 64) as u64;
        let warpgroups = (t.bm / 64) as u64;
        let ins = warp_instructions(128, 16, |k, wt| {
            let (jj, h) = (k / 2, k % 2);
            Some(cs.pairs.offset(index3(&cs.pairs.layout(), wt, h, jj)) * cb)
        });
        let st = shared_stage(
            "st.shared 4B accumulator pairs (C chunks)",
            &ins,
            Phases::Vector { bytes: 4 },
            AccessKind::Store,
            chunks * warpgroups,
        );
        // each 64 x 64 chunk clipped to C; whole chunks: one pass each
        let clip = |v: i64, at: i64| (v - at).clamp(0, 64);
        let mut sectors = Vec::new();
        for wg in 0..warpgroups as i64 {
            for q in 0..chunks as i64 {
                let bytes = clip(vm, 64 * wg) * clip(vn, 64 * q) * cb;
                sectors.push(((bytes + 31) / 32) as u64);
            }
        }
        let whole = sectors.iter().all(|&x| x == sectors[0]);
        let total: u64 = sectors.iter().sum();
        return Ok(vec![
            st,
            Stage {
                name: "TMA store C (64 x 64 chunks)".into(),
                counter: Counter::TmaStore,
                per_pass: Ok(if whole { sectors[0] } else { total }),
                conflicts: 0,
                // every chunk's store is issued, one clipped to nothing too
                instructions: if whole { 1 } else { chunks * warpgroups },
                passes: if whole { chunks * warpgroups } else { 1 },
            },
        ]);
    }
    let f = &plan.c_frag;
    let (scm, scn) = (g.c.stride().leaf(0).value(), g.c.stride().leaf(1).value());
    let pairs_ok = scn == 1 && scm % 2 == 0;
    let bm = t.bm;
    // every value of the accumulators: its warp, thread and the rest of its coordinates
    let modes: Vec<usize> = (0..f.rank())
        .map(|i| f.mode(i).size().value() as usize)
        .collect();
    let threads = (plan.threads() - plan.producers()) as usize;
    // the modes after (thread, e): (h, i, q, jp, warp) for mma.sync, (h, j, wg) for wgmma
    let rest: usize = modes[2..].iter().product();
    let per_thread_rest = rest / (threads / modes[0]).max(1);
    let wgmma = g.instr == Instr::Wgmma;
    let coords = |t: usize, e: usize, k: usize| -> Vec<usize> {
        // the warp or warpgroup index is the last mode
        let (lane, group) = (t % modes[0], t / modes[0]);
        let mut c = vec![lane, e];
        let mut r = k;
        for &n in &modes[2..modes.len() - 1] {
            c.push(r % n);
            r /= n;
        }
        c.push(group);
        let _ = wgmma;
        c
    };
    let addr = |t: usize, e: usize, k: usize| {
        let (r, c) = rc(f.offset_of(&coords(t, e, k)), bm);
        (r < vm && c < vn).then(|| global_byte(&g.c, r, c, cb))
    };
    let mut out = Vec::new();
    if pairs_ok && crate::gemm::pairs_adjacent(f, bm) {
        let ins = warp_instructions(threads, per_thread_rest, |k, t| addr(t, 0, k));
        out.push(global_stage(
            "st.global 4B pairs of C",
            Counter::GlobalStore,
            &ins,
            2 * cb as u32,
            1,
        ));
    } else {
        let ins = warp_instructions(threads, per_thread_rest * 2, |k, t| addr(t, k % 2, k / 2));
        out.push(global_stage(
            "st.global elements of C",
            Counter::GlobalStore,
            &ins,
            cb as u32,
            1,
        ));
    }
    Ok(out)
}

/// The index of `(thread, h, jj)` in the pairs layout's domain.
fn index3(l: &Layout, t: usize, h: usize, jj: usize) -> usize {
    let (a, b) = (
        l.mode(0).size().value() as usize,
        l.mode(1).size().value() as usize,
    );
    t + a * (h + b * jj)
}

impl crate::copy::CopyKernel {
    /// [`crate::copy::CopyKernel::traffic`] as the stages of the kernel `name`: global
    /// loads, shared stores, shared loads, global stores, each with its bank conflicts,
    /// from the kernel's warp instructions (threads of the `(T,E,V)` layouts, 32 a warp; a
    /// whole vector an access where the code generation moves one); the tiles the extents
    /// cut are [edges](KernelTraffic::edges), their lanes outside the matrix idle.
    ///
    /// ```
    /// use rcute_cuda::copy::{Elem, tiled};
    /// use rcute_cuda::traffic::Counter;
    /// let t = tiled(Elem::F16, 4096, 4096, true).kernel_traffic("transpose_f16").unwrap();
    /// assert_eq!(t.per_launch(Counter::SharedLoad).unwrap(), (524288, 0));
    /// // 4000 x 4080: the last row and column of 64 x 64 tiles are cut
    /// let t = tiled(Elem::F16, 4000, 4080, true).kernel_traffic("transpose_f16").unwrap();
    /// assert_eq!(t.edges.len(), 3);
    /// // every element read once, in whole 32-byte sectors
    /// assert_eq!(t.per_launch(Counter::GlobalLoad).unwrap().0, 4000 * 4080 * 2 / 32);
    /// ```
    ///
    /// # Errors
    /// Those of [`crate::copy::CopyKernel::traffic`].
    pub fn kernel_traffic(&self, name: &str) -> Result<KernelTraffic, CodegenError> {
        let t = self.traffic()?;
        let (m, n) = pair(&self.src);
        let (tm, tn) = pair(&Layout::from_shape(self.tile));
        let eb = self.elem.bytes() as i64;
        let mut classes = Vec::new();
        for (vm, vn, blocks) in tile_classes(m, tm, n, tn) {
            // a tile of the class: the last along a cut extent
            let r0 = if vm < tm { m - vm } else { 0 };
            let c0 = if vn < tn { n - vn } else { 0 };
            classes.push(Edge {
                what: format!("{vm} x {vn}"),
                blocks,
                stages: self.block_stages(r0, c0)?,
            });
        }
        let first = classes.remove(0);
        debug_assert_eq!(
            first.blocks + classes.iter().map(|e| e.blocks).sum::<u64>(),
            t.blocks
        );
        let why = (!sector_rows(&self.src, eb) || !sector_rows(&self.dst, eb))
            .then(|| "rows do not start on 32-byte sectors".to_string());
        Ok(KernelTraffic {
            kernel: format!("{name} ({m} x {n})"),
            approximate: why,
            blocks: t.blocks,
            stages: first.stages,
            edges: classes,
        })
    }

    /// The four stages of the block whose tile starts at `(r0, c0)` of the matrix.
    fn block_stages(&self, r0: i64, c0: i64) -> Result<Vec<Stage>, CodegenError> {
        let (m, n) = pair(&self.src);
        let tm = self.tile.leaf(0).value();
        let eb = self.elem.bytes() as i64;
        let [wide_src, wide_ld, wide_st, wide_dst] = self.access_widths();
        // the warp instructions of one side: per value (and per element where the access
        // is one element), each lane's tile coordinate, None outside the matrix
        let side = |tv: &Layout, wide: bool, addr: &dyn Fn(i64, i64, i64) -> i64| {
            let (threads, e, v) = (
                tv.mode(0).size().value() as usize,
                tv.mode(1).size().value() as usize,
                tv.mode(2).size().value() as usize,
            );
            let (per, count) = if wide { (e, v) } else { (1, e * v) };
            let ins = warp_instructions(threads, count, |k, t| {
                let (ei, vi) = if wide { (0, k) } else { (k % e, k / e) };
                let idx = tv.offset_of(&[t, ei, vi]);
                let (r, c) = rc(idx, tm);
                (r0 + r < m && c0 + c < n).then(|| addr(idx, r, c))
            });
            (ins, (per as i64 * eb) as u32)
        };
        let src = |_: i64, r: i64, c: i64| global_byte(&self.src, r0 + r, c0 + c, eb);
        let dst = |_: i64, r: i64, c: i64| global_byte(&self.dst, r0 + r, c0 + c, eb);
        let smem = |idx: i64, _: i64, _: i64| self.smem.offset(idx as usize) * eb;
        let (gl, gl_b) = side(&self.load_tv, wide_src, &src);
        let (ss, ss_b) = side(&self.load_tv, wide_ld, &smem);
        let (sl, sl_b) = side(&self.store_tv, wide_st, &smem);
        let (gs, gs_b) = side(&self.store_tv, wide_dst, &dst);
        Ok(vec![
            global_stage("ld.global tile", Counter::GlobalLoad, &gl, gl_b, 1),
            shared_stage(
                "st.shared tile",
                &ss,
                Phases::Vector { bytes: ss_b },
                AccessKind::Store,
                1,
            ),
            shared_stage(
                "ld.shared tile",
                &sl,
                Phases::Vector { bytes: sl_b },
                AccessKind::Load,
                1,
            ),
            global_stage("st.global tile", Counter::GlobalStore, &gs, gs_b, 1),
        ])
    }
}

/// The kernels the measurement script profiles (`scripts/ncu/kernel_traffic.sh`), each
/// under the key its table row carries, with its prediction: for each size in `copies`
/// the four tiled copies (`copy_f32 4096x4096`, ...), for each size in `gemms` the `f16`
/// GEMM with both operands K-major (`A` row-major, `B` as `N x K` row-major; the bench's
/// `--llm --f16-only` case) on `mma.sync` with `mma` tiling (`gemm_f16 mma.sync
/// MxNxK`) and as [`Gemm::tuned`] for `multiprocessors` SMs (`gemm_f16 tuned MxNxK`).
///
/// # Errors
/// A copy's or a GEMM's plan fails.
pub fn profiled_kernels(
    copies: &[(i64, i64)],
    gemms: &[(i64, i64, i64)],
    mma: crate::gemm::Tiling,
    multiprocessors: u32,
) -> Result<Vec<(String, KernelTraffic)>, CodegenError> {
    use crate::copy::{Elem, tiled};
    use crate::kernel::matrix;
    let mut out = Vec::new();
    for &(m, n) in copies {
        for elem in [Elem::F32, Elem::F16] {
            for t in [false, true] {
                let e = if elem == Elem::F32 { "f32" } else { "f16" };
                let name = format!("{}_{e}", if t { "transpose" } else { "copy" });
                let traffic = tiled(elem, m, n, t).kernel_traffic(&name)?;
                out.push((format!("{name} {m}x{n}"), traffic));
            }
        }
    }
    for &(m, n, k) in gemms {
        let (a, b, c) = (
            matrix(m, k, k, true),
            matrix(n, k, k, true),
            matrix(m, n, n, true),
        );
        let mut g = Gemm::new(MmaType::F16, a, b, c);
        g.tiling = mma;
        out.push((
            format!("gemm_f16 mma.sync {m}x{n}x{k}"),
            g.traffic("gemm_f16")?,
        ));
        let g = Gemm::tuned(MmaType::F16, a, b, c, multiprocessors)?;
        out.push((
            format!("gemm_f16 tuned {m}x{n}x{k}"),
            g.traffic("gemm_f16")?,
        ));
    }
    Ok(out)
}

/// The other GEMM kinds the measurement script profiles at `m x n x k`, each under the key
/// its table row carries, with the GEMM (its prediction is [`Gemm::traffic`] of the
/// kernel named `gemm_<type>`): `mma.sync` with both operands M/N-major (`ldmatrix.trans`;
/// `gemm_f16 mma.sync A col B row MxNxK`), the plain `wgmma` kernel (not specialized,
/// `cp.async` loads; `gemm_f16 wgmma MxNxK`), and [`Gemm::tuned`] for `bf16` and `e4m3`
/// with both operands K-major (`gemm_bf16 tuned MxNxK`, `gemm_e4m3 tuned MxNxK`).
///
/// # Errors
/// A GEMM's plan fails.
pub fn profiled_gemm_kinds(
    m: i64,
    n: i64,
    k: i64,
    multiprocessors: u32,
) -> Result<Vec<(String, Gemm)>, CodegenError> {
    use crate::gemm::Tiling;
    use crate::kernel::matrix;
    let (a, b, c) = (
        matrix(m, k, k, true),
        matrix(n, k, k, true),
        matrix(m, n, n, true),
    );
    let size = format!("{m}x{n}x{k}");
    // A column-major (M-major), B as K x N row-major (N-major)
    let mut nt = Gemm::new(
        MmaType::F16,
        matrix(m, k, m, false),
        matrix(n, k, n, false),
        c,
    );
    nt.tiling = Tiling::default();
    let mut plain = Gemm::new(MmaType::F16, a, b, c);
    (plain.instr, plain.tiling) = (
        Instr::Wgmma,
        Tiling {
            specialized: false,
            ..Tiling::wgmma()
        },
    );
    let out = vec![
        (format!("gemm_f16 mma.sync A col B row {size}"), nt),
        (format!("gemm_f16 wgmma {size}"), plain),
        (
            format!("gemm_bf16 tuned {size}"),
            Gemm::tuned(MmaType::Bf16, a, b, c, multiprocessors)?,
        ),
        (
            format!("gemm_e4m3 tuned {size}"),
            Gemm::tuned(MmaType::E4M3, a, b, c, multiprocessors)?,
        ),
    ];
    for (_, g) in &out {
        g.plan()?;
    }
    Ok(out)
}
