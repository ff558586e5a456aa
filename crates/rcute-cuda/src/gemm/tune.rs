//! The kernel and tiling [`Gemm::tuned`](super::Gemm::tuned) picks for a problem, from the
//! plan of the default `wgmma` tiling (whether the operands load by TMA) and the problem's
//! tile counts against the SMs.

use super::plan::GemmPlan;
use super::request::{Epilogue, Gemm, Instr, MmaType, Tiling, extents, split_range};
use crate::codegen::CodegenError;
use rcute::Layout;

/// [`Gemm::tuned`](super::Gemm::tuned): `C = A * B^T` with the instruction and tiling
/// picked for `multiprocessors` SMs.
pub(super) fn tuned(
    ty: MmaType,
    a: Layout,
    b: Layout,
    c: Layout,
    multiprocessors: u32,
) -> Result<Gemm, CodegenError> {
    let mut g = Gemm {
        instr: Instr::Wgmma,
        ty,
        a,
        b,
        c,
        tiling: Tiling {
            bk: ty.row_elements(),
            ..Tiling::wgmma()
        },
        epilogue: Epilogue::default(),
        groups: None,
    };
    let plan = GemmPlan::new(&g)?;
    if !plan.tma {
        // the specialized kernel whose producer warpgroup copies
        g.tiling = Tiling::wgmma_64x128();
        g.tiling.splits = split_k(&g, multiprocessors)?;
        // where only B's rows are unaligned, mma.sync is faster unless K is split
        if plan.a.vector && g.tiling.splits == 1 {
            g.instr = Instr::MmaSync;
            g.tiling = Tiling {
                bn: 64,
                stages: 4,
                ..Tiling::default()
            };
        }
        return Ok(g);
    }
    let (m, n) = (extents(&g.a)?.0.value(), extents(&g.b)?.0.value());
    let tiles = |bm: i64, bn: i64| (m + bm - 1) / bm * ((n + bn - 1) / bn);
    let sms = i64::from(multiprocessors);
    if tiles(128, 256) < sms {
        g.tiling = if 2 * tiles(128, 128) >= sms {
            Tiling {
                bn: 128,
                stages: 6,
                cluster: 1,
                ..g.tiling
            }
        } else {
            Tiling {
                bk: g.tiling.bk,
                ..Tiling::wgmma_64x128()
            }
        };
        if g.tiling.bm == 64 {
            g.tiling.splits = split_k(&g, multiprocessors)?;
        }
    }
    Ok(g)
}

/// The splits of `K` [`Gemm::tuned`](super::Gemm::tuned) picks for its tiling: `SMs /
/// tiles` where the tiles are fewer than half the SMs, at most one per 4 k-tiles (and fewer
/// where a range of `ceil(KT / splits)` would be left empty); 1 (no split) otherwise. (3
/// splits of the 86 `128 x 128` tiles of `16 x 11008 x 4096`, two waves of a third, ran no
/// faster than one wave unsplit on the H200: 0.051 against 0.050 ms.)
fn split_k(g: &Gemm, multiprocessors: u32) -> Result<i64, CodegenError> {
    let t = g.tiling;
    let (m, k) = extents(&g.a)?;
    let n = extents(&g.b)?.0.value();
    let tiles = (m.value() + t.bm - 1) / t.bm * ((n + t.bn - 1) / t.bn);
    let sms = i64::from(multiprocessors);
    let kt = t.k_tiles(k.value());
    if tiles < 1 || 2 * tiles >= sms {
        return Ok(1);
    }
    let mut splits = (sms / tiles).min(kt / 4).max(1);
    // ranges of ceil(KT / splits): fewer splits where the last would be empty
    while splits > 1 && split_range(kt, splits).is_none() {
        splits -= 1;
    }
    Ok(splits)
}

/// [`Gemm::tuned_grouped`](super::Gemm::tuned_grouped): the specialized TMA kernel without
/// clusters, `128 x 256` tiles where they fill the SMs, `128 x 128` otherwise.
pub(super) fn tuned_grouped(
    ty: MmaType,
    a: Layout,
    b: Layout,
    c: Layout,
    groups: i64,
    multiprocessors: u32,
) -> Result<Gemm, CodegenError> {
    let (m, n) = (extents(&a)?.0.value(), extents(&c)?.1.value());
    let tiles = (m + 127) / 128 * ((n + 255) / 256);
    let wide = tiles >= i64::from(multiprocessors);
    let g = Gemm {
        instr: Instr::Wgmma,
        ty,
        a,
        b,
        c,
        tiling: Tiling {
            bk: ty.row_elements(),
            bn: if wide { 256 } else { 128 },
            stages: if wide { 4 } else { 6 },
            cluster: 1,
            ..Tiling::wgmma()
        },
        epilogue: Epilogue::default(),
        groups: Some(groups),
    };
    GemmPlan::new(&g)?;
    Ok(g)
}
