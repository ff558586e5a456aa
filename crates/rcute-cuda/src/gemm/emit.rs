//! The GEMM's kernel text: the templates of `src/cuda/gemm.cu` and the `.cuh` helpers with
//! their holes filled ([`crate::template`]) by calls of the index functions
//! ([`super::index`]).

use super::index::{BoxFns, CopyFns, Emitter, Extents, Fns, Store, StoreFns, index_functions};
use super::plan::{GemmPlan, OperandPlan};
use super::request::{Gemm, Instr, MmaType, extents, st, strides, wrong};
use super::wrappers::helpers;
use crate::codegen::{CodegenError, IndexType, PRELUDE};
use crate::kernel::{Kernel, declaration, grid_count, kernel_params};
use crate::template::{fill, section};
use rcute::Layout;

/// The kernel and its pieces, in sections.
const GEMM_CU: &str = include_str!("../cuda/gemm.cu");
/// Section `name` of `gemm.cu` with its holes filled.
fn cu(name: &str, values: &[(&str, &str)]) -> Result<String, CodegenError> {
    fill(section(GEMM_CU, name)?, values)
}

/// Each accumulator pair `(e = 0, e = 1)` of `frag` (modes `(lane, e, ...)` to column-major
/// indices of the `(BM, BN)` tile) is two neighbours in a row, the first in an even column.
pub(crate) fn pairs_adjacent(frag: &Layout, bm: i64) -> bool {
    let size = frag.size().value() as usize;
    let lanes = frag.mode(0).size().value() as usize;
    (0..size).all(|i| {
        // the index's value e is its digit after the lane
        let e = (i / lanes) % 2;
        let at = frag.offset(i);
        e == 1 || (at / bm % 2 == 0 && frag.offset(i + lanes) == at + bm)
    })
}

pub(super) fn kernel(g: &Gemm, name: &str, ty: IndexType) -> Result<Kernel, CodegenError> {
    let plan = GemmPlan::new(g)?;
    let t = g.tiling;
    let (m, k) = extents(&g.a)?;
    // C's columns: B's rows, or a group's for a grouped GEMM
    let n = if g.groups.is_some() {
        extents(&g.c)?.1
    } else {
        extents(&g.b)?.0
    };
    let cluster = plan.cluster();
    let mt = m.try_ceil_div(st(t.bm))?;
    let m_padded = if cluster > 1 {
        mt.try_ceil_div(st(cluster))?
            .try_mul(st(cluster * t.bm))?
            .to_dynamic()
    } else {
        m
    };
    let x = Extents {
        m_padded,
        n,
        k,
        mt: m_padded.try_ceil_div(st(t.bm))?.to_dynamic(),
        nt: n.try_ceil_div(st(t.bn))?.to_dynamic(),
        kt: k.try_ceil_div(st(t.bk))?.to_dynamic(),
    };
    let mut e = Emitter {
        ty,
        fns: Vec::new(),
    };
    let (fns, tensor_maps) = index_functions(g, &plan, x, &mut e)?;
    // the work tiles: one per block, or per cluster of blocks
    let tiles = x.mt.try_mul(x.nt)?;
    let cluster_tiles = tiles.try_div(st(cluster))?;
    let splits = plan.split.as_ref().map_or(1, |s| s.splits);
    let mut extents = vec![("M", m), ("N", n), ("K", k), ("KT", x.kt)];
    if plan.specialized() {
        extents.push(("TILES", cluster_tiles));
    }
    if splits > 1 {
        extents.push(("UNITS", cluster_tiles.try_mul(st(splits))?));
    }
    let params = kernel_params(&extents, &e.fns);
    let ab = ab_type(g.ty);
    let mut pointers = format!(
        "const {ab}* __restrict__ A, const {ab}* __restrict__ B, unsigned short* __restrict__ C"
    );
    if splits > 1 {
        pointers.push_str(", float* __restrict__ W");
    }
    if g.epilogue.scale {
        pointers.push_str(", const float* __restrict__ S");
    }
    if g.epilogue.bias {
        pointers.push_str(", const float* __restrict__ bias");
    }
    if g.groups.is_some() {
        pointers.push_str(", const int* __restrict__ G");
    }
    let mut decl = declaration(&pointers, &params, ty);
    for map in &tensor_maps {
        let which = ["a", "b", "c"][map.operand];
        decl.push_str(&format!(
            ", const __grid_constant__ RcuteTensorMap tma_{which}"
        ));
    }
    let a_elems = plan.a.smem.layout().try_cosize()?.value();
    let b_elems = plan.b.smem.layout().try_cosize()?.value();
    // an mbarrier a stage, two in the specialized kernel
    let barriers = match (plan.tma, plan.specialized()) {
        (_, true) => 16 * t.stages,
        (true, false) => 8 * t.stages,
        _ => 0,
    };
    let staging = plan.c_store.as_ref().map_or(0, |c| c.bytes);
    let ab_bytes = g.ty.bytes() * (a_elems + b_elems);
    let shared_bytes = ab_bytes + staging + barriers;
    let ctx = Ctx {
        g,
        plan: &plan,
        e: &e,
        fns: &fns,
        it: ty.c_name(),
    };
    let mut src = String::from(PRELUDE);
    src.push_str(&helpers(g, &plan)?);
    for f in &e.fns {
        src.push_str(&f.source());
    }
    // the shared buffers after A's and B's stages are placed in 16-bit units
    src.push_str(&if plan.specialized() {
        ctx.kernel_specialized(name, &decl, a_elems, ab_bytes / 2, staging / 2)?
    } else {
        ctx.kernel(name, &decl, a_elems, ab_bytes / 2)?
    });
    src.push('\n');
    Ok(Kernel {
        name: name.to_string(),
        source: src,
        params,
        index_type: ty,
        grid: grid_count(tiles.value() * splits)?,
        persistent: plan.specialized(),
        cluster: cluster as u32,
        block: plan.threads() as u32,
        shared_bytes: shared_bytes as u32,
        tensor_maps,
        workspace: fns.split.as_ref().map_or(0, |f| f.bytes as u64),
    })
}

/// The C type the kernel reads `A` and `B` as: `unsigned short` for 16-bit elements,
/// `unsigned char` for e4m3.
fn ab_type(ty: MmaType) -> &'static str {
    if ty.bytes() == 1 {
        "unsigned char"
    } else {
        "unsigned short"
    }
}

/// What the kernel text is assembled from: the GEMM, its plan, and its index functions.
struct Ctx<'a> {
    g: &'a Gemm,
    plan: &'a GemmPlan,
    e: &'a Emitter,
    fns: &'a Fns,
    /// The index type's C name.
    it: &'a str,
}

/// The persistent loop's work units and the k-tiles each multiplies: the values of the
/// holes `UNIT`, `UNITS`, `SPLIT`, `K_BEGIN` and `K_END`. One unit a tile (`tile < TILES`,
/// k-tiles `0..KT`) without split-K; `(split, tile)` units with it.
struct Walk {
    unit: &'static str,
    units: &'static str,
    /// The unit's tile, split and k-tiles (`split` section), not yet indented.
    split: String,
    k_begin: &'static str,
    k_end: &'static str,
}

impl Walk {
    /// The holes' values, the `split` section indented `by` more spaces.
    fn values(&self, by: usize) -> [(&'static str, String); 5] {
        [
            ("UNIT", self.unit.to_string()),
            ("UNITS", self.units.to_string()),
            ("SPLIT", indent(&self.split, by)),
            ("K_BEGIN", self.k_begin.to_string()),
            ("K_END", self.k_end.to_string()),
        ]
    }
}

impl Ctx<'_> {
    fn wgmma(&self) -> bool {
        self.g.instr == Instr::Wgmma
    }

    /// The work units of the persistent loops ([`Walk`]); the producer's and the consumers'
    /// are the same text.
    fn walk(&self) -> Result<Walk, CodegenError> {
        let (Some(f), Some(sp)) = (&self.fns.split, &self.plan.split) else {
            return Ok(Walk {
                unit: "tile",
                units: "TILES",
                split: String::new(),
                k_begin: "0",
                k_end: "KT",
            });
        };
        let per_split = sp.per_split.to_string();
        Ok(Walk {
            unit: "unit",
            units: "UNITS",
            split: cu(
                "split",
                &[
                    ("INDEX", self.it),
                    ("TILE_INDEX", &self.call(f.tile, "unit")),
                    ("SPLIT_INDEX", &self.call(f.split, "unit")),
                    ("K_FIRST_INDEX", &self.call(f.first, "sp")),
                    ("PER_SPLIT", &per_split),
                ],
            )?,
            k_begin: "k_begin",
            k_end: "k_end",
        })
    }

    /// Split-K's reduction after a unit's MMAs ([`super::plan::SplitPlan`], the `fixup` section);
    /// empty without split-K.
    fn fixup(&self) -> Result<String, CodegenError> {
        let (Some(f), Some(sp)) = (&self.fns.split, &self.plan.split) else {
            return Ok(String::new());
        };
        let t = self.g.tiling;
        let at = |split: &str| self.call(f.partial, &format!("wt, 0, 0, j, wg, {split}, bm, bn"));
        let text = cu(
            "fixup",
            &[
                ("NJ", &(t.bn / 8).to_string()),
                ("PARTIAL_INDEX", &at("sp")),
                ("COUNTERS_AT", &f.counters_at.to_string()),
                ("COUNTER_INDEX", &self.call(f.counter, "wg, bm, bn")),
                ("SPLITS", &sp.splits.to_string()),
                ("ANY_BARRIER", &(1 + t.warps_m).to_string()),
                ("INDEX", self.it),
                ("PARTIAL_I_INDEX", &at("i")),
            ],
        )?;
        Ok(indent(&text, 8))
    }

    /// The call of index function `f` on `args`.
    fn call(&self, f: usize, args: &str) -> String {
        self.e.call(f, args)
    }

    /// The `kernel` section: the whole kernel.
    fn kernel(
        &self,
        name: &str,
        decl: &str,
        a_elems: i64,
        ab_u16: i64,
    ) -> Result<String, CodegenError> {
        let (t, f, it) = (self.g.tiling, self.fns, self.it);
        let wgmma = self.wgmma();
        let warp_position = match f.warp {
            Some((wm, wn)) => cu(
                "warp_position",
                &[
                    ("INDEX", it),
                    ("WM_INDEX", &self.call(wm, "warp")),
                    ("WN_INDEX", &self.call(wn, "warp")),
                ],
            )?,
            None => String::new(),
        };
        let (mi, nj) = (t.bm / t.warps_m / 16, t.bn / t.warps_n / 16);
        let accumulators = if wgmma {
            format!("float acc[{}][2][2];", t.bn / 8)
        } else {
            format!("float acc[{mi}][{nj}][2][2][2];")
        };
        let pipeline = if self.plan.tma {
            self.pipeline_tma(ab_u16)?
        } else {
            self.pipeline_cp_async()?
        };
        cu(
            "kernel",
            &[
                ("THREADS", &self.plan.threads().to_string()),
                ("NAME", name),
                ("PARAMS", decl),
                ("A_ELEMS", &a_elems.to_string()),
                ("AB", ab_type(self.g.ty)),
                ("INDEX", it),
                ("LANE", if wgmma { "wt" } else { "lane" }),
                ("LANE_INDEX", &self.call(f.lane, "tid")),
                ("GROUP", if wgmma { "wg" } else { "warp" }),
                ("GROUP_INDEX", &self.call(f.group, "tid")),
                ("WARP_POSITION", &warp_position),
                ("BLOCK_M_INDEX", &self.call(f.block.0, "blockIdx.x")),
                ("BLOCK_N_INDEX", &self.call(f.block.1, "blockIdx.x")),
                ("ACCUMULATORS", &accumulators),
                (
                    "ACC0",
                    if wgmma {
                        "acc[0][0][0]"
                    } else {
                        "acc[0][0][0][0][0]"
                    },
                ),
                ("PIPELINE", &pipeline),
                ("TAIL", if wgmma { "rcute_wgmma_wait<0>();" } else { "" }),
                ("EPILOGUE", &self.epilogue()?),
            ],
        )
    }

    /// The warp-specialized persistent kernel ([`super::request::Tiling::specialized`]): the
    /// producer warpgroup's loop over the tiles and their stages, and the consumers' loop
    /// over the same tiles, with the epilogue inside.
    fn kernel_specialized(
        &self,
        name: &str,
        decl: &str,
        a_elems: i64,
        ab_u16: i64,
        c_elems: i64,
    ) -> Result<String, CodegenError> {
        let (t, f, it) = (self.g.tiling, self.fns, self.it);
        let (c_smem, consumer_end, epilogue) = match &f.store {
            Store::Staged(cs) => (
                cu("c_smem", &[("AT", &ab_u16.to_string())])?,
                cu("consumer_end", &[])?,
                self.epilogue_tma(cs)?,
            ),
            Store::Direct { .. } => (String::new(), String::new(), self.epilogue()?),
        };
        let stages = t.stages.to_string();
        let cluster = self.plan.cluster();
        let block_m = self.call(f.block.0, "rank, tile");
        let block_n = self.call(f.block.1, "rank, tile");
        let (first, step) = if cluster > 1 {
            ("rcute_cluster_id()", "rcute_clusters()")
        } else {
            ("blockIdx.x", "gridDim.x")
        };
        let release = if cluster > 1 {
            cu("release_cluster", &[("CLUSTER", &cluster.to_string())])?
        } else {
            cu("release", &[])?
        };
        let a_stage = self.call(self.fns.stage[0], "s");
        let b_stage = self.call(self.fns.stage[1], "s");
        let walk = self.walk()?;
        let producer = if self.plan.tma {
            self.producer_tma((&block_m, &block_n), (first, step), &walk)?
        } else {
            self.producer_copy(&block_m, &block_n, &walk)?
        };
        let (accumulators, compute) = (
            format!("float acc[{}][2][2];", t.bn / 8),
            indent(&self.compute()?, 4),
        );
        let (epilogue, fixup) = (indent(&epilogue, 4), self.fixup()?);
        let walk = walk.values(8);
        let mut values = vec![
            ("INDEX", it),
            ("BLOCK_M_INDEX", &block_m),
            ("BLOCK_N_INDEX", &block_n),
            ("ACCUMULATORS", &accumulators),
            ("A_STAGE_INDEX", &a_stage),
            ("B_STAGE_INDEX", &b_stage),
            ("COMPUTE", &compute),
            ("STAGES", &stages),
            ("EPILOGUE", &epilogue),
            ("CONSUMER_END", &consumer_end),
            ("FIRST_TILE", first),
            ("TILE_STEP", step),
            ("RELEASE", release.trim_end()),
            ("FIXUP", &fixup),
        ];
        values.extend(walk.iter().map(|(k, v)| (*k, v.as_str())));
        let consumer = cu("consumer", &values)?;
        let (producer_regs, consumer_regs) = self.plan.registers();
        // a stage is full after the TMA producer's one arrival (and the bytes), or every
        // copying producer thread's
        let fills = if self.plan.tma {
            1
        } else {
            self.plan.producers()
        }
        .to_string();
        cu(
            "kernel_specialized",
            &[
                ("THREADS", &self.plan.threads().to_string()),
                ("NAME", name),
                ("PARAMS", decl),
                ("A_ELEMS", &a_elems.to_string()),
                ("AB", ab_type(self.g.ty)),
                ("BARRIERS_AT", &(ab_u16 + c_elems).to_string()),
                ("C_SMEM", &c_smem),
                ("STAGES", &stages),
                ("INDEX", it),
                ("LANE_INDEX", &self.call(f.lane, "tid")),
                ("GROUP_INDEX", &self.call(f.group, "tid")),
                ("CONSUMERS", &t.warps_m.to_string()),
                ("RELEASES", &(t.warps_m * cluster).to_string()),
                (
                    "CLUSTER_DIMS",
                    &if cluster > 1 {
                        format!(" __cluster_dims__({cluster}, 1, 1)")
                    } else {
                        String::new()
                    },
                ),
                (
                    "RANK",
                    if cluster > 1 {
                        "const unsigned rank = rcute_cluster_rank();"
                    } else {
                        "const unsigned rank = 0;"
                    },
                ),
                (
                    "SYNC",
                    if cluster > 1 {
                        "rcute_cluster_sync();"
                    } else {
                        "__syncthreads();"
                    },
                ),
                (
                    "PRODUCER_REGS",
                    &match producer_regs {
                        Some(r) => cu("producer_regs", &[("REGS", &r.to_string())])?,
                        None => String::new(),
                    },
                ),
                ("FILLS", &fills),
                ("PRODUCER", &producer),
                (
                    "CONSUMER_REGS",
                    &consumer_regs
                        .map(|r| format!("\n    rcute_setmaxnreg_inc<{r}>();"))
                        .unwrap_or_default(),
                ),
                ("CONSUMER", &consumer),
            ],
        )
    }

    /// The producer of a specialized kernel on TMA loads: one thread walks the units
    /// (`first`, then a `step` of the blocks or clusters launched) and issues each stage's
    /// boxes; with clusters it waits for the last releases before it exits.
    fn producer_tma(
        &self,
        (block_m, block_n): (&str, &str),
        (first, step): (&str, &str),
        walk: &Walk,
    ) -> Result<String, CodegenError> {
        let t = self.g.tiling;
        let (a, b, boxes) = (&self.plan.a, &self.plan.b, &self.fns.boxes);
        let stages = t.stages.to_string();
        let tail = if self.plan.cluster() > 1 {
            cu("producer_tail", &[("STAGES", &stages)])?
        } else {
            String::new()
        };
        let (issue_a, issue_b) = (
            indent(&self.issue(&boxes[0], "a", a)?, 12),
            indent(&self.issue(&boxes[1], "b", b)?, 12),
        );
        let stage_bytes = self.plan.stage_bytes().to_string();
        let walk = walk.values(16);
        let mut values = vec![
            ("INDEX", self.it),
            ("BLOCK_M_INDEX", block_m),
            ("BLOCK_N_INDEX", block_n),
            ("STAGE_BYTES", &stage_bytes),
            ("ISSUE_A", &issue_a),
            ("ISSUE_B", &issue_b),
            ("STAGES", &stages),
            ("FIRST_TILE", first),
            ("TILE_STEP", step),
            ("TAIL", &tail),
        ];
        values.extend(walk.iter().map(|(k, v)| (*k, v.as_str())));
        cu("producer", &values)
    }

    /// The producers of a specialized kernel whose operands do not load by TMA: their
    /// threads copy each stage (`cp.async`, waited for, or element by element), make the
    /// copies visible to `wgmma` and arrive on the stage's `full` barrier.
    fn producer_copy(
        &self,
        block_m: &str,
        block_n: &str,
        walk: &Walk,
    ) -> Result<String, CodegenError> {
        let (ga, gb) = self
            .fns
            .g_ab
            .ok_or(wrong("gemm: no global index functions"))?;
        let copies = &self.fns.copies;
        let (a, b) = (&self.plan.a, &self.plan.b);
        let wait = if a.width > 1 || b.width > 1 {
            cu("cp_async_wait_all", &[])?
        } else {
            String::new()
        };
        let first = (self.plan.threads() - self.plan.producers()).to_string();
        let load_a = indent(&self.load(a, &copies[0], "A", ga, "m", "pt")?, 8);
        let load_b = indent(&self.load(b, &copies[1], "B", gb, "n", "pt")?, 8);
        let stages = self.g.tiling.stages.to_string();
        let walk = walk.values(12);
        let mut values = vec![
            ("INDEX", self.it),
            ("FIRST", &first),
            ("BLOCK_M_INDEX", block_m),
            ("BLOCK_N_INDEX", block_n),
            ("LOAD_A", &load_a),
            ("LOAD_B", &load_b),
            ("WAIT", &wait),
            ("STAGES", &stages),
        ];
        values.extend(walk.iter().map(|(k, v)| (*k, v.as_str())));
        cu("producer_copy", &values)
    }

    /// The main loop on `cp.async` copies: `STAGES - 1` tiles in flight (`STAGES - 2` for
    /// `wgmma`, whose last MMAs may still read the stage being overwritten otherwise).
    fn pipeline_cp_async(&self) -> Result<String, CodegenError> {
        let s = self.g.tiling.stages;
        let ahead = if self.wgmma() { s - 2 } else { s - 1 };
        let fence = if self.wgmma() {
            cu("fence_async_shared", &[])?
        } else {
            String::new()
        };
        let (ga, gb) = self
            .fns
            .g_ab
            .ok_or(wrong("gemm: no global index functions"))?;
        let copies = &self.fns.copies;
        cu(
            "pipeline_cp_async",
            &[
                ("INDEX", self.it),
                (
                    "LOAD_A",
                    &self.load(&self.plan.a, &copies[0], "A", ga, "m", "tid")?,
                ),
                (
                    "LOAD_B",
                    &self.load(&self.plan.b, &copies[1], "B", gb, "n", "tid")?,
                ),
                ("AHEAD", &ahead.to_string()),
                ("WAIT", &(ahead - 1).to_string()),
                ("FENCE", &fence),
                ("A_STAGE_INDEX", &self.call(self.fns.stage[0], "s_read")),
                ("B_STAGE_INDEX", &self.call(self.fns.stage[1], "s_read")),
                ("COMPUTE", &self.compute()?),
                ("STAGES", &s.to_string()),
            ],
        )
    }

    /// One operand's copy of one stage: `cp.async` of [`OperandPlan::width`] elements
    /// (zero-filled past the edge) or, for a width of 1, groups of 8 elements loaded one
    /// by one (zeros past the edge) and stored to shared memory as one 16-byte word.
    fn load(
        &self,
        op: &OperandPlan,
        f: &CopyFns,
        ptr: &str,
        global: usize,
        rows: &str,
        thread: &str,
    ) -> Result<String, CodegenError> {
        let at = format!("{thread}, p, b{rows}, kt");
        let smem = format!(
            "{ptr}_smem + {} + {}",
            self.call(f.stage, "s"),
            self.call(f.smem, &format!("{thread}, p"))
        );
        let extent = rows.to_uppercase();
        let global_fn = global;
        let global = self.call(global, "r, c");
        let element = if op.width > 1 {
            let (inside, left) = if op.mn_major {
                ("c < K".to_string(), format!("{extent} - r"))
            } else {
                (format!("r < {extent}"), "K - c".to_string())
            };
            cu(
                "load_cp_async",
                &[
                    ("INSIDE", &inside),
                    ("LEFT", &left),
                    ("WIDTH", &op.width.to_string()),
                    ("BYTES", &(2 * op.width).to_string()),
                    ("SMEM", &smem),
                    ("PTR", ptr),
                    ("GLOBAL_INDEX", &global),
                ],
            )?
        } else {
            // the group runs along the contiguous mode: the rows M/N-major, K otherwise
            let (inside, at) = if op.mn_major {
                (format!("r + e < {extent} && c < K"), "r + e, c")
            } else {
                (format!("r < {extent} && c + e < K"), "r, c + e")
            };
            cu(
                "load_group",
                &[
                    ("INSIDE", &inside),
                    ("PTR", ptr),
                    ("GLOBAL_INDEX", &self.call(global_fn, at)),
                    ("SMEM", &smem),
                ],
            )?
        };
        cu(
            "load",
            &[
                ("INDEX", self.it),
                ("PASSES", &f.passes.to_string()),
                ("ROW_INDEX", &self.call(f.row, &at)),
                ("COL_INDEX", &self.call(f.k, &at)),
                ("ELEMENT", &element),
            ],
        )
    }

    /// The main loop on TMA loads: one thread issues the boxes of a stage, an mbarrier per
    /// stage counts their bytes.
    fn pipeline_tma(&self, barriers_at: i64) -> Result<String, CodegenError> {
        let t = self.g.tiling;
        let (a, b) = (&self.plan.a, &self.plan.b);
        let boxes = &self.fns.boxes;
        cu(
            "pipeline_tma",
            &[
                ("BARRIERS_AT", &barriers_at.to_string()),
                ("INDEX", self.it),
                ("STAGE_BYTES", &self.plan.stage_bytes().to_string()),
                ("ISSUE_A", &self.issue(&boxes[0], "a", a)?),
                ("ISSUE_B", &self.issue(&boxes[1], "b", b)?),
                ("STAGES", &t.stages.to_string()),
                ("AHEAD", &(t.stages - 1).to_string()),
                ("A_STAGE_INDEX", &self.call(self.fns.stage[0], "s_read")),
                ("B_STAGE_INDEX", &self.call(self.fns.stage[1], "s_read")),
                ("COMPUTE", &self.compute()?),
            ],
        )
    }

    /// One operand's TMA boxes of one stage, of its part `rank` when the blocks of a
    /// cluster load parts of it and multicast them; the coordinates go contiguous mode
    /// first.
    fn issue(&self, f: &BoxFns, which: &str, op: &OperandPlan) -> Result<String, CodegenError> {
        let part = if op.parts > 1 { "rank" } else { "0" };
        let args = format!("i, {part}, b{}, kt", if which == "a" { "m" } else { "n" });
        let (mut r, c) = (self.call(f.row, &args), self.call(f.k, &args));
        if which == "b" && self.g.groups.is_some() {
            // the group of the block's rows: its B starts G[bm] N rows in
            r = format!("{r} + G[bm] * N");
        }
        let (inner, outer) = if op.mn_major { (&r, &c) } else { (&c, &r) };
        let stage = self.fns.stage[if which == "a" { 0 } else { 1 }];
        let mask = format!("{:#x}", (1u32 << op.parts) - 1);
        let smem = self.call(f.smem, &format!("i, {part}"));
        let (ptr, stage) = (which.to_uppercase(), self.call(stage, "s"));
        let mut values = vec![
            ("INDEX", self.it),
            ("BOXES", &f.boxes),
            ("PTR", &ptr),
            ("STAGE_INDEX", &stage),
            ("BOX_SMEM_INDEX", &smem),
            ("OPERAND", which),
            ("INNER_INDEX", inner),
            ("OUTER_INDEX", outer),
        ];
        if op.parts > 1 {
            values.push(("MASK", &mask));
            cu("issue_multicast", &values)
        } else {
            cu("issue", &values)
        }
    }

    /// The MMAs on one stage.
    fn compute(&self) -> Result<String, CodegenError> {
        let t = self.g.tiling;
        let (fa, fb) = self.fns.frag;
        let kk = (t.bk / 16).to_string();
        if self.wgmma() {
            let kk = (t.bk / self.g.ty.gmma_types().k()).to_string();
            return cu(
                "compute_wgmma",
                &[
                    ("INDEX", self.it),
                    ("KK", &kk),
                    ("AB_BYTES", &self.g.ty.bytes().to_string()),
                    ("A_SLICE_INDEX", &self.call(fa, "wg, kk")),
                    ("B_SLICE_INDEX", &self.call(fb, "0, kk")),
                ],
            );
        }
        let trans = |op: &OperandPlan| if op.mn_major { "_t" } else { "" };
        cu(
            "compute_mma_sync",
            &[
                ("INDEX", self.it),
                ("KK", &kk),
                ("MI", &(t.bm / t.warps_m / 16).to_string()),
                ("NJ", &(t.bn / t.warps_n / 16).to_string()),
                ("A_TRANS", trans(&self.plan.a)),
                ("B_TRANS", trans(&self.plan.b)),
                ("A_FRAG_INDEX", &self.call(fa, "lane, i, kk, wm")),
                ("B_FRAG_INDEX", &self.call(fb, "lane, jp, kk, wn")),
            ],
        )
    }

    /// The stores of the accumulators through shared memory and TMA ([`super::plan::CStore`]).
    fn epilogue_tma(&self, f: &StoreFns) -> Result<String, CodegenError> {
        let args = "wg, q, bm, bn";
        let (r, c) = (self.call(f.row, args), self.call(f.col, args));
        let (inner, outer) = if f.row_major { (&c, &r) } else { (&r, &c) };
        let ep = self.g.epilogue;
        let convert = if ep.is_plain() {
            "rcute_cvt2(v[0], v[1])".to_string()
        } else {
            let col = match f.pair_col {
                Some(pc) => self.call(pc, "wt, h, jj, wg, q, bm, bn"),
                None => "0".to_string(),
            };
            let (s, bias) = (
                if ep.scale { "S" } else { "nullptr" },
                if ep.bias { "bias" } else { "nullptr" },
            );
            format!("rcute_epilogue(v[0], v[1], {col}, N, {s}, {bias})")
        };
        cu(
            "epilogue_tma",
            &[
                ("CONVERT", &convert),
                ("CHUNKS", &f.chunks.to_string()),
                ("BUFFER_INDEX", &self.call(f.buffer, "q, wg")),
                ("IN_FLIGHT", if f.chunks % 2 == 0 { "1" } else { "0" }),
                ("J_INDEX", &self.call(f.j, "jj, q")),
                ("PAIR_INDEX", &self.call(f.pair, "wt, h, jj")),
                ("INNER_INDEX", inner),
                ("OUTER_INDEX", outer),
            ],
        )
    }

    /// The stores of the accumulators: in pairs when `C`'s layout keeps each pair
    /// contiguous and aligned, else element by element, predicated on the edges.
    fn epilogue(&self) -> Result<String, CodegenError> {
        let t = self.g.tiling;
        let Store::Direct {
            g_c,
            c: (f_cm, f_cn),
        } = self.fns.store
        else {
            return Err(wrong("gemm: no functions for the stores from registers"));
        };
        let at = if self.wgmma() {
            "wt, {e}, h, j, wg, bm, bn"
        } else {
            "lane, {e}, h, i, q, jp, warp, bm, bn"
        };
        let coords = |x: u8| {
            let args = at.replace("{e}", &x.to_string());
            cu(
                "coords",
                &[
                    ("INDEX", self.it),
                    ("E", &x.to_string()),
                    ("ROW_INDEX", &self.call(f_cm, &args)),
                    ("COL_INDEX", &self.call(f_cn, &args)),
                ],
            )
        };
        let c0 = self.call(g_c, "r0, c0");
        let elements = cu(
            "store_elements",
            &[("C0_INDEX", &c0), ("C1_INDEX", &self.call(g_c, "r1, c1"))],
        )?;
        let (scm, scn) = strides(&self.g.c)?;
        let store = if scn == 1 && scm % 2 == 0 && pairs_adjacent(&self.plan.c_frag, t.bm) {
            cu("store_pair", &[("C0_INDEX", &c0), ("ELEMENTS", &elements)])?
        } else {
            elements
        };
        let (c0, c1) = (coords(0)?, coords(1)?);
        let mut values = vec![
            ("COORDS_0", c0.as_str()),
            ("COORDS_1", &c1),
            ("STORE", &store),
        ];
        let (mi, nj) = (
            (t.bm / t.warps_m / 16).to_string(),
            (t.bn / t.warps_n / 16).to_string(),
        );
        let nj8 = (t.bn / 8).to_string();
        if self.wgmma() {
            values.push(("NJ", &nj8));
            cu("epilogue_wgmma", &values)
        } else {
            values.extend([("MI", mi.as_str()), ("NJ", &nj)]);
            cu("epilogue_mma_sync", &values)
        }
    }
}

/// `text` with every line but the first (which follows its hole's own indentation) and the
/// preprocessor's (`#pragma`) moved `by` more spaces to the right, for a section filled in
/// deeper than it was written.
fn indent(text: &str, by: usize) -> String {
    let pad = " ".repeat(by);
    text.lines()
        .enumerate()
        .map(|(i, l)| {
            if i == 0 || l.is_empty() || l.starts_with('#') {
                l.to_string()
            } else {
                format!("{pad}{l}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}
