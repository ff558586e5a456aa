//! Families of shared-memory access patterns given as explicit lane addresses, designed to
//! separate hypotheses about how the memory unit serves a warp instruction: which phases
//! (half- or quarter-warps, `ldmatrix` matrices) are served together, and how `cp.async`
//! (LDGSTS) writes shared memory. Each is a [`Pattern`] with the bank model's prediction;
//! `tests/data/shared_patterns.csv` holds what Nsight Compute measured for them.

use crate::patterns::{Op, Pattern};
use rcute::analysis::{WARP, WarpInstruction};

/// Lane addresses of one instruction, `None` for an idle lane.
type Lanes = [Option<i64>; WARP];

/// A named map from a lane to what it asks (a unit index, `None` when idle).
type LaneMap = (&'static str, Box<dyn Fn(i64) -> Option<i64>>);

/// A named map from a lane to a byte address.
type RowMap = (&'static str, Box<dyn Fn(i64) -> i64>);

fn lanes(f: impl Fn(i64) -> Option<i64>) -> Lanes {
    core::array::from_fn(|l| f(l as i64))
}

/// A pattern of explicit addresses (bytes), with the bank model's prediction.
pub fn explicit(name: &str, op: Op, instructions: Vec<Lanes>) -> Pattern {
    let instructions: Vec<WarpInstruction> = instructions
        .into_iter()
        .enumerate()
        .map(|(i, lanes)| WarpInstruction {
            warp: 0,
            instruction: i,
            lanes,
        })
        .collect();
    crate::patterns::costed(format!("family {name}"), op, instructions)
}

/// Lane -> unit index maps shared by the 8- and 16-byte families (`u` bytes a unit):
/// each yields the unit a lane asks, or `None` for an idle lane.
fn unit_maps(u: i64) -> Vec<LaneMap> {
    // units per 128-byte row of banks
    let row = 128 / u;
    vec![
        ("consecutive", Box::new(Some)),
        ("pairs share", Box::new(|l| Some(l / 2))),
        ("quads share", Box::new(|l| Some(l / 4))),
        ("octets share", Box::new(|l| Some(l / 8))),
        ("lane mod 8", Box::new(|l| Some(l % 8))),
        ("lane mod 4", Box::new(|l| Some(l % 4))),
        ("lane mod 16", Box::new(|l| Some(l % 16))),
        ("reversed", Box::new(|l| Some(31 - l))),
        ("neighbours swapped", Box::new(|l| Some(l ^ 1))),
        ("stride 2", Box::new(|l| Some(2 * l))),
        (
            "pairs share, one bank group",
            Box::new(move |l| Some(l / 2 * row)),
        ),
        // lanes 8q..8q+7 ask units 4q'..: quarter q of each half-warp shares pairs, the
        // second quarter of a half-warp in the row below the first (same banks)
        (
            "pairs share, quarters one row apart",
            Box::new(move |l| Some((l / 8 % 2) * row + (l / 16) * 2 * row + (l % 8) / 2)),
        ),
        (
            "pairs share in even quarters, distinct in odd",
            Box::new(move |l| {
                let q = l / 8;
                Some(q * row + if q % 2 == 0 { (l % 8) / 2 } else { l % 8 })
            }),
        ),
        (
            "lanes l and l+8 share",
            Box::new(move |l| Some((l / 16) * row + l % 8)),
        ),
        (
            "even lanes only",
            Box::new(|l| (l % 2 == 0).then_some(l / 2)),
        ),
        ("half-warp 0 only", Box::new(|l| (l < 16).then_some(l))),
        ("quarter-warp 0 only", Box::new(|l| (l < 8).then_some(l))),
        ("one unit", Box::new(|_| Some(0))),
        ("two units, lane parity", Box::new(|l| Some(l % 2))),
        (
            "column of a row-major tile",
            Box::new(move |l| Some(l * row)),
        ),
        (
            "column, rows padded by one unit",
            Box::new(move |l| Some(l * (row + 1))),
        ),
        (
            "permutation within rows",
            Box::new(move |l| Some((l * 5 + 3) % WARP as i64)),
        ),
    ]
}

/// The families: 8- and 16-byte loads and stores, `ldmatrix`/`stmatrix`, and `cp.async`
/// writes of 4, 8 and 16 bytes, `.ca`, `.cg` and zero-filling, with 1, 2 and 4
/// instructions.
pub fn families() -> Vec<Pattern> {
    let mut p = Vec::new();
    for (u, ops) in [
        (8, [Op::LdShared(8), Op::StShared(8)]),
        (16, [Op::LdShared(16), Op::StShared(16)]),
    ] {
        for op in ops {
            for (name, f) in unit_maps(u) {
                let what = if matches!(op, Op::LdShared(_)) {
                    "ld"
                } else {
                    "st"
                };
                p.push(explicit(
                    &format!("{what} {u}B {name}"),
                    op,
                    vec![lanes(|l| f(l).map(|w| w * u))],
                ));
            }
        }
    }
    // ldmatrix / stmatrix: lane 8m+r gives row r of matrix m (16 bytes)
    let rows: Vec<RowMap> = vec![
        ("rows consecutive", Box::new(|l| 16 * l)),
        ("rows 128B apart", Box::new(|l| 128 * l)),
        ("all matrices the same 8 rows", Box::new(|l| 16 * (l % 8))),
        ("rows repeat in pairs", Box::new(|l| 16 * (l / 2))),
        ("each matrix one row", Box::new(|l| 16 * (l / 8))),
        ("rows padded 144B apart", Box::new(|l| 144 * l)),
        (
            "matrices 128B apart, rows 16B",
            Box::new(|l| 128 * (l / 8) * 2 + 16 * (l % 8)),
        ),
    ];
    for (name, f) in rows {
        for m in [1u32, 2, 4] {
            let ops: &[Op] = if m == 4 {
                &[Op::Ldsm(4, false), Op::Ldsm(4, true), Op::Stsm(4, false)]
            } else {
                &[Op::Ldsm(m, false)]
            };
            for &op in ops {
                let what = match op {
                    Op::Ldsm(_, false) => "ldmatrix",
                    Op::Ldsm(_, true) => "ldmatrix.trans",
                    _ => "stmatrix",
                };
                // lanes beyond the matrices' row addresses give an unused address
                p.push(explicit(
                    &format!("{what}.x{m} {name}"),
                    op,
                    vec![lanes(|l| Some(if l < 8 * m as i64 { f(l) } else { 0 }))],
                ));
            }
        }
    }
    // cp.async: the write side's addresses, 1, 2 and 4 instructions
    for (bytes, cg, zfill) in [
        (4, false, false),
        (8, false, false),
        (16, false, false),
        (16, true, false),
        (4, false, true),
        (16, true, true),
    ] {
        let op = Op::CpAsync { bytes, cg, zfill };
        let tag = format!(
            "cp.async.{}{} {bytes}B",
            if cg { "cg" } else { "ca" },
            if zfill { " zfill" } else { "" }
        );
        let u = i64::from(bytes);
        let row = 128 / u;
        let maps: Vec<LaneMap> = vec![
            ("consecutive", Box::new(Some)),
            (
                "column of a row-major tile",
                Box::new(move |l| Some(l * row)),
            ),
            ("column, padded", Box::new(move |l| Some(l * (row + 1)))),
            ("half-warp 0 only", Box::new(|l| (l < 16).then_some(l))),
            ("lane 0 only", Box::new(|l| (l == 0).then_some(0))),
            ("stride 2", Box::new(|l| Some(2 * l))),
            ("lanes l and l+16 share", Box::new(|l| Some(l % 16))),
        ];
        for (name, f) in maps {
            for n in [1i64, 2, 4] {
                if n > 1 && !matches!(name, "consecutive" | "column of a row-major tile") {
                    continue;
                }
                // instruction k writes the next block of 32 * bytes (4 KiB for the column)
                let block = 32 * row.max(1) * u;
                let ins = (0..n)
                    .map(|k| lanes(|l| f(l).map(|w| w * u + k * block % 16384)))
                    .collect();
                p.push(explicit(&format!("{tag} {name} x{n}"), op, ins));
            }
        }
    }
    p
}
