//! Global-memory coalescing: 32-byte sectors and 128-byte lines per warp request, and the
//! widest vector each thread can use.
//!
//! The model: a warp instruction asks for the bytes its lanes address; the memory system
//! moves whole 32-byte sectors, grouped in 128-byte lines, so a request costs the number
//! of distinct sectors it touches. The efficiency is the bytes asked over the bytes moved.
//! Addresses are relative to a base aligned to 128 bytes.

use super::access::{Access, Memory, WarpInstruction, byte_address, check_elem_for};
use crate::error::Error;
use crate::layout::Layout;
use crate::swizzle::MaybeSwizzled;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// Bytes per sector.
pub const SECTOR: i64 = 32;
/// Bytes per cache line.
pub const LINE: i64 = 128;

/// The cost of one warp request.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RequestCost {
    /// The request (warp, index, each lane's byte address).
    pub access: WarpInstruction,
    /// Distinct bytes asked.
    pub bytes: usize,
    /// Distinct 32-byte sectors touched.
    pub sectors: usize,
    /// Distinct 128-byte lines touched.
    pub lines: usize,
}

/// The widest vector one thread can load or store: its size and, when a wider one is
/// impossible, why.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct VectorWidth {
    /// Bits per access (a power of two, at least the element size, at most 128).
    pub bits: u32,
    /// Byte alignment each access needs (its size).
    pub alignment: u32,
    /// Why the next wider vector is impossible (`None` at 128 bits, the widest there is).
    pub limit: Option<String>,
}

/// The coalescing of an access to a global layout: every warp request with its sectors and
/// lines, and the widest vector the threads could use.
///
/// ```
/// use rcute::analysis::{Access, coalescing};
/// use rcute::layout;
/// // 32 threads each read 4 consecutive floats of a 32x4 row-major slab: 512 bytes, 16 sectors
/// let g = layout!((_32,_4):(_4,_1));
/// let rows = Access::try_vector(layout!((_32,_4):(_1,_32)), 32, 32).unwrap();
/// let r = coalescing(&g.into(), &rows).unwrap();
/// // with 32-bit loads: 4 requests of 32 lanes 16 bytes apart, each touching 16 sectors
/// assert_eq!((r.requests.len(), r.sectors()), (4, 64));
/// assert_eq!(r.vector.bits, 128); // each thread's 4 floats could be one 128-bit load
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CoalescingReport {
    /// Every warp request.
    pub requests: Vec<RequestCost>,
    /// The widest vector per thread.
    pub vector: VectorWidth,
}

impl CoalescingReport {
    /// Sectors over all requests.
    pub fn sectors(&self) -> usize {
        self.requests.iter().map(|r| r.sectors).sum()
    }

    /// Lines over all requests.
    pub fn lines(&self) -> usize {
        self.requests.iter().map(|r| r.lines).sum()
    }

    /// Bytes asked over bytes moved (1.0: every byte of every sector is used).
    pub fn efficiency(&self) -> f64 {
        let asked: usize = self.requests.iter().map(|r| r.bytes).sum();
        asked as f64 / (self.sectors() as f64 * SECTOR as f64)
    }
}

/// The sectors, lines and bytes of one warp request of `bytes` bytes per lane.
pub fn request_cost(access: WarpInstruction, bytes: u32) -> RequestCost {
    let mut addrs: Vec<i64> = access
        .lanes
        .iter()
        .flatten()
        // the bytes that have an address: none lies beyond `i64::MAX`
        .flat_map(|&a| (0..i64::from(bytes)).map_while(move |k| a.checked_add(k)))
        .collect();
    addrs.sort_unstable();
    addrs.dedup();
    let count = |unit: i64| {
        let mut v: Vec<i64> = addrs.iter().map(|a| a.div_euclid(unit)).collect();
        v.dedup();
        v.len()
    };
    RequestCost {
        bytes: addrs.len(),
        sectors: count(SECTOR),
        lines: count(LINE),
        access,
    }
}

/// The coalescing of `access` to the global layout `gmem` (tile index -> element offset):
/// every warp request and the widest vector per thread.
///
/// # Errors
/// Those of [`Memory::try_new`] and [`Access::try_instructions`].
pub fn coalescing(gmem: &MaybeSwizzled, access: &Access) -> Result<CoalescingReport, Error> {
    coalescing_in(&Memory::try_new(gmem)?, access)
}

/// [`coalescing`] over a memory layout already evaluated.
///
/// # Errors
/// Those of [`Access::try_instructions`].
pub fn coalescing_in(memory: &Memory, access: &Access) -> Result<CoalescingReport, Error> {
    let bytes = access.phases().bytes();
    let requests = access
        .try_instructions(memory)?
        .into_iter()
        .map(|i| request_cost(i, bytes))
        .collect();
    let vector = vector_width(
        &access.tile_memory(memory)?,
        &access.try_index_tv(memory)?,
        access.elem_bits(),
    )?;
    Ok(CoalescingReport { requests, vector })
}

const OVERFLOW: &str =
    "vector width: the byte address of an element overflows (element offset, bits per element)";

/// The widest vector (up to 128 bits) in which every thread of `tv` can move its values of
/// `memory`: each group of values must be at consecutive offsets and aligned to the
/// vector's size (the base aligned to 16 bytes).
///
/// # Errors
/// An element size that is not 8, 16, 32, 64 or 128 bits, an index of `tv` outside
/// `memory` (every pair is checked, whatever width the values allow), a `tv` that is not a
/// (thread, value) layout, a byte address that overflows.
///
/// ```
/// use rcute::analysis::{Memory, vector_width};
/// use rcute::layout;
/// // each of 8 threads owns 8 half_t of a row of a 8x8 row-major tile
/// let m = Memory::try_new(&layout!((_8,_8):(_8,_1)).into()).unwrap();
/// let w = vector_width(&m, &layout!((_8,_8):(_1,_8)), 16).unwrap();
/// assert_eq!((w.bits, w.alignment, w.limit), (128, 16, None));
/// // padded rows (stride 9) keep the values consecutive but misalign every row but the first
/// let m = Memory::try_new(&layout!((_8,_8):(_9,_1)).into()).unwrap();
/// let w = vector_width(&m, &layout!((_8,_8):(_1,_8)), 16).unwrap();
/// assert_eq!(w.bits, 16);
/// assert!(w.limit.unwrap().contains("not aligned"));
/// ```
pub fn vector_width(memory: &Memory, tv: &Layout, elem_bits: u32) -> Result<VectorWidth, Error> {
    if tv.rank() != 2 || tv.has_basis_strides() {
        return Err(Error::WrongKind {
            msg: "vector width: the thread-value layout must have two modes, (thread, value) -> index",
        });
    }
    check_elem_for(
        elem_bits,
        "vector width: the element size must be 8, 16, 32, 64 or 128 bits",
    )?;
    let threads = tv.try_mode(0)?.try_size()?.value() as usize;
    let values = tv.try_mode(1)?.try_size()?.value() as usize;
    if threads.saturating_mul(values) > super::MAX_ANALYSED {
        return Err(Error::Capacity {
            msg: "vector width: too many (thread, value) pairs to analyse",
            capacity: super::MAX_ANALYSED,
        });
    }
    let offset = |t: usize, v: usize| -> Result<i64, Error> {
        let idx = tv.offset(t + threads * v);
        usize::try_from(idx)
            .ok()
            .and_then(|i| memory.offsets().get(i).copied())
            .ok_or(Error::Access {
                msg: "vector width: a thread-value pair maps outside the memory layout (index, size)",
                thread: t as i64,
                value: v as i64,
                found: idx,
                expected: memory.len() as i64,
            })
    };
    // every pair inside the memory, and its byte address representable
    for t in 0..threads {
        for v in 0..values {
            byte_address(offset(t, v)?, elem_bits, OVERFLOW)?;
        }
    }
    let mut best = elem_bits;
    let mut limit = None;
    let mut bits = elem_bits * 2;
    'widths: while bits <= 128 {
        let n = (bits / elem_bits) as usize;
        if !values.is_multiple_of(n) {
            limit = Some(alloc::format!(
                "{bits} bits: a thread has {values} values, not a multiple of {n}"
            ));
            break;
        }
        for t in 0..threads {
            for g in (0..values).step_by(n) {
                let first = offset(t, g)?;
                for j in 1..n {
                    let o = offset(t, g + j)?;
                    if o != first.wrapping_add(j as i64) {
                        limit = Some(alloc::format!(
                            "{bits} bits: thread {t}'s value {} is at offset {o}, not {} (after value {g} at {first})",
                            g + j,
                            first.wrapping_add(j as i64)
                        ));
                        break 'widths;
                    }
                }
                let byte = byte_address(first, elem_bits, OVERFLOW)?;
                if byte.rem_euclid(i64::from(bits / 8)) != 0 {
                    limit = Some(alloc::format!(
                        "{bits} bits: thread {t}'s value {g} is at byte {byte}, not aligned to {} bytes",
                        bits / 8
                    ));
                    break 'widths;
                }
            }
        }
        best = bits;
        bits *= 2;
    }
    Ok(VectorWidth {
        bits: best,
        alignment: best / 8,
        limit,
    })
}

impl fmt::Display for CoalescingReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.requests.len();
        let asked: usize = self.requests.iter().map(|r| r.bytes).sum();
        writeln!(
            f,
            "{n} request{}: {asked} bytes in {} sectors ({} lines), efficiency {:.1}%",
            if n == 1 { "" } else { "s" },
            self.sectors(),
            self.lines(),
            100.0 * self.efficiency()
        )?;
        if let Some(r) = self.requests.first() {
            writeln!(
                f,
                "per request: {} sectors, {} lines (first request, warp {})",
                r.sectors, r.lines, r.access.warp
            )?;
        }
        write!(
            f,
            "widest vector per thread: {} bits (aligned to {} bytes)",
            self.vector.bits, self.vector.alignment
        )?;
        match &self.vector.limit {
            Some(why) => writeln!(f, "; wider is impossible: {why}"),
            None => writeln!(f, "; 128 bits is the widest access"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A lane whose access would run past `i64::MAX` counts the bytes that have an
    /// address, without an overflow.
    #[test]
    fn bytes_past_the_top_of_i64_are_not_counted() {
        let mut lanes = [None; 32];
        lanes[0] = Some(i64::MAX - 3);
        let r = request_cost(
            WarpInstruction {
                warp: 0,
                instruction: 0,
                lanes,
            },
            8,
        );
        assert_eq!((r.bytes, r.sectors), (4, 1));
    }
}
