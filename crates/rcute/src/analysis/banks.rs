//! Shared-memory bank conflicts: wavefronts per warp instruction.
//!
//! The model (NVIDIA GPUs since Volta; checked on the H100 and the H200 by rcute-cuda's
//! device test and its recorded tables): shared memory has 32 banks of 4-byte words; byte
//! address `a` lies in word `a / 4`, bank `(a / 4) % 32`. A warp instruction is served in
//! phases ([`Phases`]); a phase takes as many wavefronts as the largest number of
//! *distinct words* it asks of one bank (lanes asking for the same word share it; a
//! `cp.async` writes each lane's word on its own), and at least one. The instruction's
//! wavefronts are the sum over its phases, where the phases of a load may be served
//! together, by the rules of the module `service` (per access kind: loads, stores,
//! `ldmatrix`/`stmatrix`, `cp.async` `.ca` and `.cg`). A phase's ideal is the fewest
//! wavefronts its distinct words need (one per 32 words: a half-warp of 16-byte accesses
//! asks 64 words, 2 wavefronts without any conflict); a bank asked for more words than
//! that conflicts, and the conflict degree is the largest ratio of a phase's wavefronts to
//! its ideal. The profiler's counters are [`InstructionCost::counted`] (a `cp.async` adds
//! 3 wavefronts per instruction that is its own run of `cp.async`: the compiler's three
//! predicated-off `LDS RZ, [RZ]` before each run) and the wavefronts beyond the ideal. A case the
//! measurements do not decide is an error naming it.

use super::access::{Access, AccessKind, Memory, Phases, WARP, WarpInstruction};
use super::service::{CP_ASYNC_FIXED, served_together};
use crate::error::Error;
use crate::swizzle::MaybeSwizzled;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write as _};

/// Banks of shared memory.
pub const BANKS: usize = 32;

/// Lanes of one phase that ask one bank for different words.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Collision {
    /// The phase of the instruction.
    pub phase: usize,
    /// The bank.
    pub bank: usize,
    /// Each distinct word asked of the bank (its byte address) and the lanes asking it.
    pub words: Vec<(i64, Vec<usize>)>,
}

/// The cost of one warp instruction.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct InstructionCost {
    /// The instruction (warp, index, each lane's byte address).
    pub access: WarpInstruction,
    /// Wavefronts the instruction takes.
    pub wavefronts: usize,
    /// Its phases that have active lanes (paired broadcast phases count once).
    pub phases: usize,
    /// The fewest wavefronts its distinct words need: per phase, one per 32 words.
    pub ideal: usize,
    /// The largest ratio of a phase's wavefronts to its ideal, rounded up (1: no conflict).
    pub degree: usize,
    /// How the instruction splits into phases.
    pub kind: Phases,
    /// The banks it touches, one bit per bank.
    pub banks: u32,
    /// The conflicts: banks asked for more than one word in a phase.
    pub collisions: Vec<Collision>,
    /// What the profiler's shared-memory wavefront counter shows for the instruction:
    /// `wavefronts` for a load or a store, `wavefronts + 3` for a `cp.async.ca`, `3` for
    /// a `cp.async.cg` (its writes are not counted there), the 3 being the predicated-off
    /// `LDS RZ, [RZ]` the compiler puts before each run of `cp.async` (`_op_misc`): exact
    /// for an instruction that is its own run, as in the measured one-warp patterns; a run
    /// of several instructions costs 3 in all.
    pub counted: usize,
    /// The conflict-free part of `counted`: `counted - counted_ideal` is what the
    /// profiler's bank-conflict counter shows.
    pub counted_ideal: usize,
}

/// The bank conflicts of an access to a shared-memory layout: every warp instruction and
/// its wavefronts. `Display` prints a summary and, for the first instruction with the
/// most wavefronts, the banks of each phase with the lanes that ask them.
///
/// ```
/// use rcute::analysis::{Access, bank_conflicts};
/// use rcute::layout;
/// // 32 threads read a column of a 32x32 row-major float tile: every lane hits bank 0
/// let smem = layout!((_32,_32):(_32,_1));
/// let column = Access::try_vector(layout!((_32,_1):(_1,_0)), 32, 32).unwrap();
/// let r = bank_conflicts(&smem.into(), &column).unwrap();
/// assert_eq!((r.wavefronts(), r.ideal()), (32, 1));
/// // padding each row by one float spreads the column over all 32 banks
/// let padded = layout!((_32,_32):(_33,_1));
/// assert_eq!(bank_conflicts(&padded.into(), &column).unwrap().wavefronts(), 1);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BankReport {
    /// Every warp instruction, warp by warp.
    pub instructions: Vec<InstructionCost>,
}

impl BankReport {
    /// One line per instruction: its warp and index, wavefronts, ideal, phases, and the
    /// conflict degree where it conflicts.
    ///
    /// ```
    /// use rcute::analysis::{Access, bank_conflicts};
    /// use rcute::layout;
    /// // two instructions, each 32 consecutive floats of a 32x32 column-major tile
    /// let a = Access::try_vector(layout!((_32,_2):(_1,_32)), 32, 32).unwrap();
    /// let r = bank_conflicts(&layout!((_32,_32):(_1,_32)).into(), &a).unwrap();
    /// assert_eq!(r.breakdown(), "warp 0 instruction 0: 1 wavefronts (ideal 1), 1 phase\nwarp 0 instruction 1: 1 wavefronts (ideal 1), 1 phase\n");
    /// ```
    pub fn breakdown(&self) -> String {
        let mut s = String::new();
        for i in &self.instructions {
            let _ = write!(
                s,
                "warp {} instruction {}: {} wavefronts (ideal {}), {} phase{}",
                i.access.warp,
                i.access.instruction,
                i.wavefronts,
                i.ideal,
                i.phases,
                if i.phases == 1 { "" } else { "s" }
            );
            if i.degree > 1 {
                let _ = write!(s, ", {}-way conflict", i.degree);
            }
            s.push('\n');
        }
        s
    }

    /// Wavefronts over all instructions.
    pub fn wavefronts(&self) -> usize {
        self.instructions.iter().map(|i| i.wavefronts).sum()
    }

    /// Wavefronts without conflicts: per phase, one per 32 distinct words.
    pub fn ideal(&self) -> usize {
        self.instructions.iter().map(|i| i.ideal).sum()
    }

    /// What the profiler's shared-memory wavefront counter shows over all instructions
    /// ([`InstructionCost::counted`]: a `cp.async` adds 3 per instruction).
    pub fn counted(&self) -> usize {
        self.instructions.iter().map(|i| i.counted).sum()
    }

    /// What the profiler's bank-conflict counter shows: counted wavefronts beyond the
    /// conflict-free ones.
    pub fn counted_conflicts(&self) -> usize {
        self.instructions
            .iter()
            .map(|i| i.counted - i.counted_ideal)
            .sum()
    }

    /// The largest conflict degree of any instruction (1: conflict-free).
    pub fn degree(&self) -> usize {
        self.instructions
            .iter()
            .map(|i| i.degree)
            .max()
            .unwrap_or(1)
    }

    /// The first instruction with the most wavefronts.
    pub fn worst(&self) -> Option<&InstructionCost> {
        self.instructions
            .iter()
            .reduce(|a, b| if b.wavefronts > a.wavefronts { b } else { a })
    }

    /// The element offsets (of `elem_bits` each) whose words conflict in the
    /// [`worst`](BankReport::worst) instruction, for a picture of the tile.
    pub fn conflicting_offsets(&self, elem_bits: u32) -> Vec<i64> {
        let mut v: Vec<i64> = self
            .worst()
            .into_iter()
            .flat_map(|i| &i.collisions)
            .flat_map(|c| &c.words)
            .flat_map(|&(byte, _)| {
                let bits = i64::from(elem_bits);
                (byte * 8).div_euclid(bits)..=((byte + 3) * 8).div_euclid(bits)
            })
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// The instructions that have conflicts.
    pub fn conflicting(&self) -> impl Iterator<Item = &InstructionCost> {
        self.instructions.iter().filter(|i| i.wavefronts > i.ideal)
    }

    /// Bank-by-phase table of one instruction: a row per bank, a column per phase, each
    /// cell the lanes that ask the bank (a `*` marks a bank asked for more words than the
    /// phase's ideal).
    pub fn table(&self, i: &InstructionCost) -> String {
        let phases: Vec<(usize, usize)> = i.kind.groups().collect();
        let bytes = i.kind.bytes();
        let mut s = String::new();
        let _ = write!(s, "bank");
        for p in 0..phases.len() {
            let _ = write!(s, " | phase {p:<21}");
        }
        s.push('\n');
        for bank in 0..BANKS {
            let _ = write!(s, "{bank:>4}");
            for (p, &(first, n)) in phases.iter().enumerate() {
                let mut cell = String::new();
                let mut words = Vec::new();
                for lane in first..first + n {
                    let Some(addr) = i.access.lanes[lane] else {
                        continue;
                    };
                    if (word_range(addr, bytes)).any(|w| (w as usize) % BANKS == bank) {
                        let _ = write!(cell, "{}T{lane}", if cell.is_empty() { "" } else { " " });
                        words.extend(
                            word_range(addr, bytes).filter(|w| (*w as usize) % BANKS == bank),
                        );
                    }
                }
                words.sort_unstable();
                words.dedup();
                let conflict = i.collisions.iter().any(|c| c.bank == bank && c.phase == p);
                let mark = if conflict { "*" } else { " " };
                let _ = write!(s, " |{mark}{cell:<27}");
            }
            s.push('\n');
        }
        // no trailing spaces on any line
        s.lines()
            .map(|l| alloc::format!("{}\n", l.trim_end()))
            .collect()
    }
}

/// The words (byte address / 4) of `bytes` bytes at `addr`; sub-word accesses touch one.
/// The last byte is found in 128 bits: at an address near `i64::MAX` it lies beyond
/// `i64`, and its word, at most `(2^63 + 2^32) / 4`, fits again.
fn word_range(addr: i64, bytes: u32) -> impl Iterator<Item = i64> {
    let first = addr.div_euclid(4);
    let last = (i128::from(addr) + i128::from(bytes) - 1).div_euclid(4) as i64;
    first..=last
}

/// The wavefronts of one warp instruction whose lanes move `phases.bytes()` bytes each,
/// served as `kind` says ([`super::AccessKind`]; the rules are in the module `service`:
/// which phases merge, and what a `cp.async` adds).
///
/// ```
/// use rcute::analysis::{AccessKind, Phases, WarpInstruction, instruction_cost};
/// // 8-byte lanes sharing addresses in pairs: 128 bytes over the warp
/// let mut lanes = [None; 32];
/// for (l, a) in lanes.iter_mut().enumerate() { *a = Some(8 * (l as i64 / 2)); }
/// let i = WarpInstruction { warp: 0, instruction: 0, lanes };
/// let load = instruction_cost(i.clone(), Phases::Vector { bytes: 8 }, AccessKind::Load).unwrap();
/// let store = instruction_cost(i.clone(), Phases::Vector { bytes: 8 }, AccessKind::Store).unwrap();
/// assert_eq!((load.wavefronts, store.wavefronts), (1, 2));
/// // a cp.async.ca of 8 consecutive bytes per lane: 2 wavefronts of writes, 3 more counted
/// for (l, a) in lanes.iter_mut().enumerate() { *a = Some(8 * l as i64); }
/// let i = WarpInstruction { warp: 0, instruction: 0, lanes };
/// let ca = instruction_cost(i, Phases::Vector { bytes: 8 }, AccessKind::CpAsync { cg: false }).unwrap();
/// assert_eq!((ca.wavefronts, ca.counted), (2, 5));
/// ```
///
/// # Errors
/// A case the measurements do not decide: a load whose quarter-warps share some
/// addresses but not all; a `cp.async` of 8 or 16 bytes whose lanes of one phase write
/// one word.
pub fn instruction_cost(
    access: WarpInstruction,
    phases: Phases,
    kind: AccessKind,
) -> Result<InstructionCost, Error> {
    let bytes = phases.bytes();
    let together = served_together(&access, phases, kind)?;
    let all: Vec<(usize, usize)> = phases.groups().collect();
    let cp_async = matches!(kind, AccessKind::CpAsync { .. });
    let mut cost = InstructionCost {
        wavefronts: 0,
        phases: together.len(),
        ideal: 0,
        degree: 1,
        banks: 0,
        collisions: Vec::new(),
        kind: phases,
        counted: 0,
        counted_ideal: 0,
        access,
    };
    for members in together {
        let p = members[0];
        let mut asked: Vec<(i64, usize)> = Vec::new();
        for &q in &members {
            let (first, n) = all[q];
            for lane in first..(first + n).min(WARP) {
                if let Some(a) = cost.access.lanes[lane] {
                    asked.extend(word_range(a, bytes).map(|w| (w, lane)));
                }
            }
        }
        asked.sort_unstable();
        let mut distinct: Vec<i64> = asked.iter().map(|&(w, _)| w).collect();
        distinct.dedup();
        if cp_async && bytes > 4 && distinct.len() < asked.len() {
            return Err(Error::Access {
                msg: "bank model: lanes of one phase of an 8- or 16-byte cp.async write the same word, a case not measured (lane, instruction; distinct words, words written): give each lane its own address",
                thread: asked
                    .windows(2)
                    .find(|w| w[0].0 == w[1].0)
                    .map_or(-1, |w| w[1].1 as i64),
                value: cost.access.instruction as i64,
                found: distinct.len() as i64,
                expected: asked.len() as i64,
            });
        }
        let need = distinct.len().div_ceil(BANKS);
        let mut per_bank: Vec<Vec<(i64, Vec<usize>)>> = (0..BANKS).map(|_| Vec::new()).collect();
        // a cp.async writes each lane's word on its own, even where two lanes write one
        let mut slots = [0usize; BANKS];
        for &(w, lane) in &asked {
            let bank = w.rem_euclid(BANKS as i64) as usize;
            let words = &mut per_bank[bank];
            match words.last_mut() {
                Some((last, lanes)) if *last == w * 4 => {
                    if lanes.last() != Some(&lane) {
                        lanes.push(lane);
                        if cp_async {
                            slots[bank] += 1;
                        }
                    }
                }
                _ => {
                    words.push((w * 4, alloc::vec![lane]));
                    slots[bank] += 1;
                }
            }
        }
        let mut worst = 1;
        for (bank, words) in per_bank.into_iter().enumerate() {
            if words.is_empty() {
                continue;
            }
            cost.banks |= 1 << bank;
            worst = worst.max(slots[bank]);
            if slots[bank] > need {
                cost.collisions.push(Collision {
                    phase: p,
                    bank,
                    words,
                });
            }
        }
        cost.wavefronts += worst;
        cost.ideal += need;
        cost.degree = cost.degree.max(worst.div_ceil(need));
    }
    (cost.counted, cost.counted_ideal) = match kind {
        AccessKind::Load | AccessKind::Store => (cost.wavefronts, cost.ideal),
        AccessKind::CpAsync { cg: false } => (
            cost.wavefronts + CP_ASYNC_FIXED,
            cost.ideal + CP_ASYNC_FIXED,
        ),
        AccessKind::CpAsync { cg: true } => (CP_ASYNC_FIXED, CP_ASYNC_FIXED),
    };
    Ok(cost)
}

/// The bank conflicts of `access` to the shared-memory layout `smem` (tile index ->
/// element offset, plain or swizzled), instruction by instruction.
///
/// # Errors
/// The errors of [`Memory::try_new`] and [`Access::try_instructions`]: a layout too large
/// to analyse, an index outside it, a vector that is not contiguous or not aligned.
pub fn bank_conflicts(smem: &MaybeSwizzled, access: &Access) -> Result<BankReport, Error> {
    let memory = Memory::try_new(smem)?;
    bank_conflicts_in(&memory, access)
}

/// [`bank_conflicts`] over a memory layout already evaluated (the swizzle search evaluates
/// each candidate once for several accesses).
///
/// # Errors
/// Those of [`Access::try_instructions`].
pub fn bank_conflicts_in(memory: &Memory, access: &Access) -> Result<BankReport, Error> {
    let instructions = access
        .try_instructions(memory)?
        .into_iter()
        .map(|i| instruction_cost(i, access.phases(), access.kind()))
        .collect::<Result<_, _>>()?;
    Ok(BankReport { instructions })
}

impl fmt::Display for BankReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.instructions.len();
        let warps = self.instructions.last().map_or(0, |i| i.access.warp + 1);
        writeln!(
            f,
            "{n} instruction{} ({warps} warp{}): {} wavefronts, ideal {}, conflict degree {}",
            if n == 1 { "" } else { "s" },
            if warps == 1 { "" } else { "s" },
            self.wavefronts(),
            self.ideal(),
            self.degree()
        )?;
        if self.counted() != self.wavefronts() {
            writeln!(
                f,
                "counted by the profiler: {} wavefronts, {} bank conflicts (a cp.async costs 3 more as its own run of cp.async: the compiler's predicated-off LDS; a .cg's writes are not counted)",
                self.counted(),
                self.counted_conflicts()
            )?;
        }
        let conflicting = self.conflicting().count();
        if conflicting == 0 {
            writeln!(f, "conflict-free")?;
        } else {
            writeln!(f, "{conflicting} of {n} instructions conflict")?;
        }
        let Some(worst) = self.worst() else {
            return Ok(());
        };
        writeln!(
            f,
            "warp {} instruction {}: {} wavefronts (ideal {}) over {} phases, {} banks",
            worst.access.warp,
            worst.access.instruction,
            worst.wavefronts,
            worst.ideal,
            worst.phases,
            worst.banks.count_ones()
        )?;
        for c in worst.collisions.iter().take(8) {
            write!(f, "  phase {} bank {}:", c.phase, c.bank)?;
            for (addr, lanes) in &c.words {
                write!(f, " byte {addr} <-")?;
                for l in lanes {
                    write!(f, " T{l}")?;
                }
                write!(f, ";")?;
            }
            writeln!(f)?;
        }
        if worst.collisions.len() > 8 {
            writeln!(f, "  ... {} more", worst.collisions.len() - 8)?;
        }
        f.write_str(&self.table(worst))
    }
}
