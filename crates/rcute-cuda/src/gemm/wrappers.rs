//! The PTX, TMA, `wgmma`, split-K and epilogue wrappers a GEMM kernel includes (the `.cuh`
//! files of `src/cuda/`), their holes filled from the plan: the `wgmma` descriptors'
//! constants, the output type's conversion, the epilogue's scales, bias and activation.

use super::plan::GemmPlan;
use super::request::{Gemm, Instr};
use crate::codegen::CodegenError;
use crate::template::fill;

/// The PTX wrappers: shared addresses, `cp.async`, `ldmatrix`, `mma.sync`, conversion.
const PTX_CUH: &str = include_str!("../cuda/gemm_ptx.cuh");
/// The 8- and 4-byte `cp.async.ca` wrapper, for operands whose rows are not 16-byte aligned.
const CP_ASYNC_CA_CUH: &str = include_str!("../cuda/cp_async_ca.cuh");
/// The TMA wrappers: the descriptor type, mbarriers, and the 2-D tiled bulk copy.
const TMA_CUH: &str = include_str!("../cuda/tma.cuh");
/// The `wgmma` wrappers: fences, the descriptors of both operands, and one `m64nNk16`
/// with both operands in shared memory.
const WGMMA_CUH: &str = include_str!("../cuda/wgmma.cuh");
/// The fused epilogue: scales, bias and activation of a pair of accumulators.
const EPILOGUE_CUH: &str = include_str!("../cuda/epilogue.cuh");
/// Split-K's workspace stores, loads, arrival counter and vote.
const SPLIT_K_CUH: &str = include_str!("../cuda/split_k.cuh");

/// The PTX, TMA and `wgmma` wrappers the kernel uses.
pub(super) fn helpers(g: &Gemm, plan: &GemmPlan) -> Result<String, CodegenError> {
    let ptx = g.ty.ptx();
    // `mma.sync` (16-bit inputs only) and the conversions to `C`'s type
    let mut src = fill(PTX_CUH, &[("PTX", g.c_type().ptx())])?;
    let ep = g.epilogue;
    if !ep.is_plain() {
        src.push_str(&fill(
            EPILOGUE_CUH,
            &[
                (
                    "SCALE",
                    if ep.scale {
                        "const float s = S[0] * S[1];\n    x0 *= s;\n    x1 *= s;"
                    } else {
                        ""
                    },
                ),
                (
                    "BIAS",
                    if ep.bias {
                        "x0 += col < n ? bias[col] : 0.0f;\n    x1 += col + 1 < n ? bias[col + 1] : 0.0f;"
                    } else {
                        ""
                    },
                ),
                ("ACT", ep.activation.c_name()),
            ],
        )?);
    }

    if !plan.tma {
        // the narrower cp.async each width needs, once (16 bytes is in PTX_CUH)
        for width in [4, 2] {
            if plan.a.width == width || plan.b.width == width {
                let bytes = (2 * width).to_string();
                src.push_str(&fill(CP_ASYNC_CA_CUH, &[("BYTES", &bytes)])?);
            }
        }
    }
    if plan.tma || plan.specialized() {
        src.push_str(&fill(TMA_CUH, &[])?);
    }
    if plan.split.is_some() {
        src.push_str(&fill(SPLIT_K_CUH, &[])?);
    }
    if g.instr == Instr::Wgmma {
        let (a, b) = (&plan.a, &plan.b);
        let regs = g.tiling.bn / 2;
        let outs: Vec<String> = (0..regs).map(|i| format!("%{i}")).collect();
        let binds: Vec<String> = (0..regs).map(|i| format!("\"+f\"(d[{i}])")).collect();
        let n = |v: i64| v.to_string();
        // 8-bit wgmma takes no transpose operands (both K-major)
        let trans = if g.ty.gmma_types().k_major_only() {
            String::new()
        } else {
            format!(", {}, {}", a.mn_major as i64, b.mn_major as i64)
        };
        src.push_str(&fill(
            WGMMA_CUH,
            &[
                ("DESC_A", &format!("{:#x}", a.descriptor()?)),
                ("DESC_B", &format!("{:#x}", b.descriptor()?)),
                ("PTX", ptx),
                ("N", &n(g.tiling.bn)),
                ("K", &n(g.ty.gmma_types().k())),
                ("OUTS", &outs.join(", ")),
                ("BINDS", &binds.join(", ")),
                ("R0", &n(regs)),
                ("R1", &n(regs + 1)),
                ("R2", &n(regs + 2)),
                ("TRANS", &trans),
            ],
        )?);
    }
    Ok(src)
}
