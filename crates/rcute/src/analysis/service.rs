//! How the memory unit serves one warp instruction, per access kind: which phases are
//! served together, and what a `cp.async` costs beyond its writes. Every rule here was
//! read off Nsight Compute's counters on the H100 and the H200 (rcute-cuda's pattern
//! families, `tests/data/patterns-H200.tsv`); a case the measurements do not decide is
//! refused, never guessed.
//!
//! Loads (`ld.shared` of 8 or 16 bytes): the phases of a *merge group* (the two half-warps
//! of an 8-byte load, the two quarter-warps of each half-warp of a 16-byte load) are
//! served as one phase when
//! - each phase asks at most two distinct addresses, the same ones or none in common
//!   (broadcasts, two alternating addresses), or
//! - the quarter-warps (8 lanes) of the group ask pairwise disjoint sets of addresses that
//!   together span at most 128 bytes (lanes sharing addresses in pairs, quads or octets,
//!   idle lanes between them);
//!
//! and are served apart when the quarter-warps' sets are pairwise disjoint but span more
//! than 128 bytes, or some quarter-warps ask the very same set of more than two addresses
//! (`lane % 8`, `lane % 4`). Quarter-warps that share some addresses but not all, or the
//! same one or two where the phases ask more, are not measured: refused.
//!
//! Stores (`st.shared`, `stmatrix`) never merge phases, broadcasts included; `ldmatrix`
//! neither (one phase per matrix).
//!
//! `cp.async` writes (LDGSTS) are served as stores whose lanes never share a 4-byte word
//! (two lanes writing one word take two wavefronts of its bank), plus
//! [`CP_ASYNC_FIXED`] wavefronts per instruction. The profiler's shared-memory wavefront
//! counter shows all of them for `.ca` and for a zero-filling `.cg` (source size 0), and
//! only the fixed ones for a `.cg` that reads its source (its writes are not counted
//! there). The `.ca` rule holds for sources within 8 lines of 128 bytes per instruction;
//! wider ones (each lane in its own line) cost more, by a rule not found (callers that
//! know the source check [`cp_async_source_lines`]).

use super::access::{AccessKind, Phases, WARP, WarpInstruction};
use crate::error::Error;
use alloc::vec::Vec;

/// Wavefronts of the shared-memory counter that a `cp.async` instruction costs beyond
/// its writes (measured: `n (W + 3)` for `n` instructions whose writes take `W`, each
/// its own run of `cp.async`): the three predicated-off `LDS RZ, [RZ]` the compiler puts
/// before each run of consecutive `cp.async` (LDGSTS), one `_op_misc` wavefront each; the
/// `cp.async.commit_group` and `cp.async.wait_group` cost none (measured on the H100 with
/// `scripts/ncu/cp_async_misc.cu`). A run of several instructions costs 3 in all.
pub const CP_ASYNC_FIXED: usize = 3;

/// The most 128-byte lines the source of one `.ca` instruction may span for the
/// `cp.async` rule to hold (measured up to 8; 32 lines cost more).
pub const CP_ASYNC_SOURCE_LINES: usize = 8;

/// The distinct 128-byte lines of global memory one instruction's lanes read (`lanes`
/// holds byte addresses in global memory).
///
/// ```
/// use rcute::analysis::cp_async_source_lines;
/// let mut lanes = [None; 32];
/// for (l, a) in lanes.iter_mut().enumerate() { *a = Some(16 * l as i64); }
/// assert_eq!(cp_async_source_lines(&lanes), 4);
/// ```
pub fn cp_async_source_lines(lanes: &[Option<i64>; WARP]) -> usize {
    let mut lines: Vec<i64> = lanes.iter().flatten().map(|a| a.div_euclid(128)).collect();
    lines.sort_unstable();
    lines.dedup();
    lines.len()
}

/// The phases of one instruction served together, in order: each a list of phase
/// indices (into [`Phases::groups`]) with active lanes.
///
/// # Errors
/// A load whose quarter-warps share some addresses but not all (not measured).
pub(super) fn served_together(
    access: &WarpInstruction,
    phases: Phases,
    kind: AccessKind,
) -> Result<Vec<Vec<usize>>, Error> {
    let groups: Vec<(usize, usize)> = phases.groups().collect();
    let active = |p: usize| {
        let (first, n) = groups[p];
        access.lanes[first..(first + n).min(WARP)]
            .iter()
            .any(Option::is_some)
    };
    // the phases that may merge: both half-warps of an 8-byte load, the quarter-warps of
    // each half-warp of a 16-byte load
    let span = match (kind, phases) {
        (AccessKind::Load, Phases::Vector { bytes: 8 | 16 }) => 2,
        _ => 1,
    };
    let mut out = Vec::new();
    for start in (0..groups.len()).step_by(span) {
        let members: Vec<usize> = (start..(start + span).min(groups.len()))
            .filter(|&p| active(p))
            .collect();
        if members.len() < 2 || merges(access, phases, &members, &groups)? {
            if !members.is_empty() {
                out.push(members);
            }
        } else {
            out.extend(members.into_iter().map(|p| alloc::vec![p]));
        }
    }
    Ok(out)
}

/// The sorted distinct addresses of lanes `first .. first + n`.
fn addresses(access: &WarpInstruction, first: usize, n: usize) -> Vec<i64> {
    let mut a: Vec<i64> = access.lanes[first..(first + n).min(WARP)]
        .iter()
        .flatten()
        .copied()
        .collect();
    a.sort_unstable();
    a.dedup();
    a
}

/// Whether the phases `members` of a load are served as one (the rule of the module).
fn merges(
    access: &WarpInstruction,
    phases: Phases,
    members: &[usize],
    groups: &[(usize, usize)],
) -> Result<bool, Error> {
    // phases of at most two addresses each, the same ones or none in common (measured:
    // broadcasts, two alternating addresses); two that share one of two fall through to
    // the refusal below
    let sets: Vec<Vec<i64>> = members
        .iter()
        .map(|&p| addresses(access, groups[p].0, groups[p].1))
        .collect();
    if sets.iter().all(|s| s.len() <= 2)
        && sets.iter().enumerate().all(|(i, a)| {
            sets[i + 1..]
                .iter()
                .all(|b| a == b || a.iter().all(|x| !b.contains(x)))
        })
    {
        return Ok(true);
    }
    // the quarter-warps of the group, those with active lanes
    let first = groups[members[0]].0;
    let last = {
        let (f, n) = groups[*members.last().unwrap_or(&0)];
        f + n
    };
    let quarters: Vec<Vec<i64>> = (first..last)
        .step_by(8)
        .map(|q| addresses(access, q, 8))
        .filter(|a| !a.is_empty())
        .collect();
    let mut disjoint = true;
    for (i, a) in quarters.iter().enumerate() {
        for b in &quarters[i + 1..] {
            let shared = a.iter().filter(|x| b.binary_search(x).is_ok()).count();
            if shared == 0 {
                continue;
            }
            disjoint = false;
            // partly shared sets, or the same one or two addresses where the phases are
            // not merged as broadcasts above: not measured
            if shared != a.len() || a.len() != b.len() || a.len() <= 2 {
                return Err(Error::Access {
                    msg: "bank model: two quarter-warps of this load share some addresses but not all (or the same one or two), a case the measurements do not decide (lane, instruction; quarter-warps' distinct addresses): give each quarter-warp its own addresses, or the same ones, or use a store or a narrower access",
                    thread: q_lane(access, a),
                    value: access.instruction as i64,
                    found: a.len() as i64,
                    expected: b.len() as i64,
                });
            }
        }
    }
    if !disjoint {
        return Ok(false);
    }
    let bytes = i64::from(phases.bytes());
    let mut all: Vec<i64> = quarters.into_iter().flatten().collect();
    all.sort_unstable();
    Ok(all.len() as i64 * bytes <= 128)
}

/// The first lane asking one of `addresses`.
fn q_lane(access: &WarpInstruction, addresses: &[i64]) -> i64 {
    access
        .lanes
        .iter()
        .position(|a| a.is_some_and(|a| addresses.contains(&a)))
        .map_or(-1, |l| l as i64)
}
