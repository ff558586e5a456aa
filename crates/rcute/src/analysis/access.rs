//! Accesses: which addresses each lane of a warp touches, instruction by instruction, from
//! a thread-value layout (or a tiled copy) over a memory layout.

use super::MAX_ANALYSED;
use crate::atom::TiledCopy;
use crate::error::Error;
use crate::layout::Layout;
use crate::swizzle::MaybeSwizzled;
use alloc::vec::Vec;

/// Lanes in a warp.
pub const WARP: usize = 32;

/// How the memory unit splits one warp instruction into phases (groups of lanes served
/// together): an ordinary access of 1 to 4 bytes per lane is one phase of 32 lanes, of 8
/// bytes two phases of 16 lanes (half-warps), of 16 bytes four phases of 8 lanes
/// (quarter-warps); `ldmatrix` and `stmatrix` take one phase per 8x8 matrix, the 16-byte
/// rows whose addresses lanes `8i..8i+7` give.
///
/// Which phases a load serves together, and how stores and `cp.async` writes differ, is
/// the bank model's business ([`crate::analysis::instruction_cost`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phases {
    /// `ld`/`st`/`cp.async` of this many bytes per lane (1, 2, 4, 8 or 16).
    Vector {
        /// Bytes per lane.
        bytes: u32,
    },
    /// `ldmatrix`/`stmatrix` of 1, 2 or 4 matrices of 8 rows of 16 bytes.
    Matrix {
        /// The number of matrices.
        matrices: u32,
    },
}

impl Phases {
    /// The bytes one lane moves per address it gives.
    pub const fn bytes(self) -> u32 {
        match self {
            Phases::Vector { bytes } => bytes,
            Phases::Matrix { .. } => 16,
        }
    }

    /// The phases of one instruction: `(first lane, lanes)`.
    pub fn groups(self) -> impl Iterator<Item = (usize, usize)> {
        let (n, lanes) = match self {
            Phases::Vector { bytes } if bytes <= 4 => (1, WARP),
            Phases::Vector { bytes } => ((bytes / 4) as usize, WARP * 4 / bytes as usize),
            Phases::Matrix { matrices } => (matrices as usize, 8),
        };
        (0..n).map(move |i| (i * lanes, lanes))
    }
}

/// Which side of a copy an access is: the source (read) or the destination (written).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Side {
    /// The copy reads this memory.
    Read,
    /// The copy writes this memory.
    Write,
}

impl Side {
    /// The side of `copy` that touches shared memory: an `ldmatrix` reads it, an
    /// `stmatrix` or a `cp.async` writes it, and any other copy is taken to read it (a
    /// shared-to-register copy; build the other direction with [`Access::try_from_copy`]).
    ///
    /// ```
    /// use rcute::analysis::Side;
    /// use rcute::atom::{CopyAtom, TiledCopy, SM90_U32x4_STSM_N};
    /// use rcute::layout;
    /// let atom = CopyAtom::try_new(SM90_U32x4_STSM_N, "half_t", 16).unwrap();
    /// let copy = TiledCopy::try_new(atom, &layout!((_32,_1):(_1,_0)), &layout!((_1,_8):(_0,_1))).unwrap();
    /// assert_eq!(Side::of_shared(&copy), Side::Write);
    /// ```
    pub fn of_shared(copy: &TiledCopy) -> Side {
        let name = copy.atom().op().name().as_str();
        if name.contains("STSM") || name.contains("CP_ASYNC") {
            Side::Write
        } else {
            Side::Read
        }
    }
}

/// What an access does to the memory it is analysed in: the bank model serves loads and
/// stores alike, but names them, and `cp.async` (LDGSTS) writes follow their own rules
/// (see [`crate::analysis::bank_conflicts`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AccessKind {
    /// `ld` (or the source side of a copy, or `ldmatrix`).
    Load,
    /// `st` (or `stmatrix`).
    Store,
    /// The shared-memory write of a `cp.async`: `.cg` (L1 bypassed) or `.ca`.
    CpAsync {
        /// `.cg` rather than `.ca`.
        cg: bool,
    },
}

impl AccessKind {
    /// `load`, `store`, `cp.async.ca` or `cp.async.cg`.
    pub const fn name(self) -> &'static str {
        match self {
            AccessKind::Load => "load",
            AccessKind::Store => "store",
            AccessKind::CpAsync { cg: false } => "cp.async.ca",
            AccessKind::CpAsync { cg: true } => "cp.async.cg",
        }
    }
}

/// An access pattern: `tv` maps (thread, value) to an index of the tile (column-major over
/// the memory layout's shape); each instruction moves `values` consecutive values of every
/// thread, which must lie at consecutive offsets.
///
/// ```
/// use rcute::analysis::{Access, Phases};
/// use rcute::layout;
/// // 32 threads, each reading 8 consecutive half_t (16 bytes) of a 32x8 row-major tile
/// let a = Access::try_vector(layout!((_32,_8):(_8,_1)), 16, 128).unwrap();
/// assert_eq!(a.phases(), Phases::Vector { bytes: 16 });
/// assert_eq!(a.values_per_instruction(), 8);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Access {
    tv: Layout,
    /// The shape `tv`'s indices are column-major over, when it is not the memory's (a
    /// tiled copy's tile, placed at the memory's origin).
    tile: Option<crate::tuple::IntTuple>,
    values: usize,
    phases: Phases,
    elem_bits: u32,
    kind: AccessKind,
    /// Bytes added to every address (where the accessed tile starts in the memory).
    base: i64,
}

/// One warp instruction: the byte address each lane gives (`None`: the lane is idle).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct WarpInstruction {
    /// The warp (threads `32*warp ..`).
    pub warp: usize,
    /// The instruction of the warp, in order.
    pub instruction: usize,
    /// Each lane's byte address (relative to the memory's base).
    pub lanes: [Option<i64>; WARP],
}

impl Access {
    /// An ordinary vector access: each instruction moves `access_bits` (8 to 128, a power
    /// of two, at least one element) of consecutive values per thread.
    ///
    /// # Errors
    /// A `tv` that is not a (thread, value) layout of offsets, an element size that is not
    /// 8, 16, 32, 64 or 128 bits, an access size that is not a power of two from the
    /// element size to 128 bits, or a thread's values not a multiple of the access.
    pub fn try_vector(tv: Layout, elem_bits: u32, access_bits: u32) -> Result<Access, Error> {
        check_elem(elem_bits)?;
        if !access_bits.is_power_of_two() || access_bits < elem_bits || access_bits > 128 {
            return Err(Error::Precondition {
                msg: "access: the access size in bits must be a power of two from the element size to 128 (access bits, element bits)",
                mode: -1,
                lhs: access_bits as i64,
                rhs: elem_bits as i64,
            });
        }
        Access::with(
            tv,
            elem_bits,
            Phases::Vector {
                bytes: access_bits / 8,
            },
        )
    }

    /// The access a tiled copy makes to the memory on `side`: its thread-value layout for
    /// that side, the atom's bits per thread per instruction, and for `ldmatrix`/`stmatrix`
    /// the matrix phases (the side of an `ldmatrix` in shared memory is its source; of an
    /// `stmatrix` and a `cp.async`, the destination).
    ///
    /// # Errors
    /// The errors of the tiled copy's thread-value layout, and those of
    /// [`Access::try_vector`].
    ///
    /// ```
    /// use rcute::analysis::{Access, Phases, Side};
    /// use rcute::atom::{CopyAtom, TiledCopy, SM75_U32x4_LDSM_N};
    /// use rcute::layout;
    /// let atom = CopyAtom::try_new(SM75_U32x4_LDSM_N, "half_t", 16).unwrap();
    /// let copy = TiledCopy::try_new(atom, &layout!((_32,_1):(_1,_0)), &layout!((_1,_8):(_0,_1))).unwrap();
    /// let a = Access::try_from_copy(&copy, Side::Read).unwrap();
    /// assert_eq!(a.phases(), Phases::Matrix { matrices: 4 });
    /// ```
    pub fn try_from_copy(copy: &TiledCopy, side: Side) -> Result<Access, Error> {
        let atom = copy.atom();
        let tv = copy.try_layout_tv(side == Side::Write)?;
        let bits = if side == Side::Write {
            atom.op().dst_bits()
        } else {
            atom.op().src_bits()
        };
        let lane_bits = bits.try_mode(1)?.try_size()?.value();
        let elem_bits = u32::try_from(atom.value_bits()).unwrap_or(0);
        let name = atom.op().name().as_str();
        let matrix = (name.contains("LDSM") && side == Side::Read)
            || (name.contains("STSM") && side == Side::Write);
        let kind = match side {
            Side::Read => AccessKind::Load,
            Side::Write if name.contains("CP_ASYNC") => AccessKind::CpAsync {
                cg: name.contains("CACHEGLOBAL"),
            },
            Side::Write => AccessKind::Store,
        };
        if matrix {
            // the distinct rows the lanes give: 8 per matrix
            let thr = bits.try_mode(0)?;
            let mut rows: Vec<i64> = thr.try_offsets()?.collect();
            rows.sort_unstable();
            rows.dedup();
            let matrices = (rows.len() / 8) as u32;
            return Ok(Access::with(tv, elem_bits, Phases::Matrix { matrices })?
                .in_tile(*copy.tiler())
                .with_kind(kind));
        }
        let access_bits = u32::try_from(lane_bits).unwrap_or(0);
        Ok(Access::try_vector(tv, elem_bits, access_bits)?
            .in_tile(*copy.tiler())
            .with_kind(kind))
    }

    /// The same access, its indices column-major over `tile` rather than over the memory
    /// layout's shape: the tile sits at the memory's origin, mode by mode (a tiled copy's
    /// tile inside a larger shared-memory buffer).
    ///
    /// ```
    /// use rcute::analysis::{Access, bank_conflicts};
    /// use rcute::{layout, int_tuple};
    /// // a 4x4 tile's column, inside a 32x32 row-major float buffer: 4 lanes, 4 rows
    /// let a = Access::try_vector(layout!((_4,_1):(_1,_0)), 32, 32).unwrap().in_tile(int_tuple!((_4,_4)));
    /// let r = bank_conflicts(&layout!((_32,_32):(_32,_1)).into(), &a).unwrap();
    /// assert_eq!(r.wavefronts(), 4);
    /// ```
    pub fn in_tile(mut self, tile: crate::tuple::IntTuple) -> Access {
        self.tile = Some(tile);
        self
    }

    /// The memory as the access's indices see it: `memory` itself, or for an access over a
    /// tile ([`Access::in_tile`]) the offset of every index of that tile.
    ///
    /// # Errors
    /// A tile index outside the memory.
    pub fn tile_memory(&self, memory: &Memory) -> Result<Memory, Error> {
        let Some(tile) = &self.tile else {
            return Ok(memory.clone());
        };
        let size = tile.try_product()?.value();
        let mut offsets = Vec::new();
        for idx in 0..size {
            let mem = self.memory_index(idx, memory).unwrap_or(-1);
            offsets.push(memory.offset_checked(mem, idx, 0, 0)?);
        }
        Ok(Memory {
            offsets,
            shape: *tile,
        })
    }

    /// Tile index -> memory index (column-major over the memory's top-level modes).
    fn memory_index(&self, idx: i64, memory: &Memory) -> Option<i64> {
        let Some(tile) = &self.tile else {
            return Some(idx);
        };
        let shape = memory.shape();
        if idx < 0 || tile.rank().max(1) > shape.rank().max(1) {
            return None;
        }
        let extent = |t: &crate::tuple::IntTuple, i: usize| -> Option<i64> {
            if t.is_leaf() {
                (i == 0)
                    .then(|| t.try_product().ok())
                    .flatten()
                    .map(|v| v.value())
            } else if i < t.rank() {
                t.try_get(i).ok()?.try_product().ok().map(|v| v.value())
            } else {
                Some(1)
            }
        };
        let (mut rest, mut out, mut scale) = (idx, 0i64, 1i64);
        for i in 0..shape.rank().max(1) {
            let (t, m) = (extent(tile, i)?, extent(shape, i)?);
            let c = rest % t;
            rest /= t;
            if c >= m {
                return None;
            }
            out += c * scale;
            scale *= m;
        }
        (rest == 0).then_some(out)
    }

    /// An `ldmatrix`/`stmatrix` access of `matrices` (1, 2 or 4) 8x8 matrices of 16-bit
    /// elements: thread `8i + r` gives the address of row `r` of matrix `i`, 8 consecutive
    /// values.
    ///
    /// # Errors
    /// `matrices` not 1, 2 or 4; fewer than `8 * matrices` threads; those of
    /// [`Access::try_vector`].
    ///
    /// ```
    /// use rcute::analysis::{Access, Phases};
    /// use rcute::layout;
    /// // rows 0..8 of columns 0..8 and 8..16 of an 8x64 tile (column-major tile index)
    /// let a = Access::try_matrix(layout!(((_8,_2),_8):((_1,_64),_8)), 2).unwrap();
    /// assert_eq!(a.phases(), Phases::Matrix { matrices: 2 });
    /// ```
    pub fn try_matrix(tv: Layout, matrices: u32) -> Result<Access, Error> {
        if !matches!(matrices, 1 | 2 | 4) {
            return Err(Error::InvalidShape {
                msg: "access: ldmatrix and stmatrix move 1, 2 or 4 matrices",
                value: matrices as i64,
            });
        }
        let a = Access::with(tv, 16, Phases::Matrix { matrices })?;
        if a.threads() < 8 * matrices as usize {
            return Err(Error::Precondition {
                msg: "access: a matrix access needs 8 threads per matrix (threads, matrices)",
                mode: -1,
                lhs: a.threads() as i64,
                rhs: matrices as i64,
            });
        }
        Ok(a)
    }

    fn with(tv: Layout, elem_bits: u32, phases: Phases) -> Result<Access, Error> {
        check_elem(elem_bits)?;
        if tv.rank() != 2 {
            return Err(Error::WrongKind {
                msg: "access: the thread-value layout must have two modes, (thread, value) -> index of the tile, or -> (m, n) coordinate of the tile with strides _1@0, _1@1",
            });
        }
        let values = (phases.bytes() * 8 / elem_bits) as usize;
        let per_thread = tv.try_mode(1)?.try_size()?.value();
        if per_thread % values as i64 != 0 {
            return Err(Error::Precondition {
                msg: "access: each thread's values must be a whole number of accesses (values per thread, values per access): use a narrower access, or give each thread a multiple of its values",
                mode: -1,
                lhs: per_thread,
                rhs: values as i64,
            });
        }
        if tv.try_size()?.value() > MAX_ANALYSED as i64 {
            return Err(Error::Capacity {
                msg: "access: too many (thread, value) pairs to analyse",
                capacity: MAX_ANALYSED,
            });
        }
        Ok(Access {
            tv,
            tile: None,
            values,
            phases,
            elem_bits,
            kind: AccessKind::Load,
            base: 0,
        })
    }

    /// The same access, named a load, a store or a `cp.async` write (a vector access is a
    /// load unless named otherwise).
    ///
    /// ```
    /// use rcute::analysis::{Access, AccessKind};
    /// use rcute::layout;
    /// let a = Access::try_vector(layout!((_32,_4):(_4,_1)), 32, 128).unwrap();
    /// assert_eq!(a.with_kind(AccessKind::Store).kind(), AccessKind::Store);
    /// ```
    pub const fn with_kind(mut self, kind: AccessKind) -> Access {
        self.kind = kind;
        self
    }

    /// What the access does.
    pub const fn kind(&self) -> AccessKind {
        self.kind
    }

    /// The same access starting `bytes` further into the memory: every lane's address
    /// grows by `bytes` (a tile that does not start at the memory's base; its alignment is
    /// checked with the rest).
    ///
    /// ```
    /// use rcute::analysis::{Access, bank_conflicts};
    /// use rcute::layout;
    /// // 32 floats from word 1 on: still one wavefront; from byte 4 with 16-byte vectors: misaligned
    /// let a = Access::try_vector(layout!((_32,_1):(_1,_0)), 32, 32).unwrap().at(4);
    /// let r = bank_conflicts(&layout!(_1024:_1).into(), &a).unwrap();
    /// assert_eq!(r.instructions[0].access.lanes[0], Some(4));
    /// assert_eq!(r.wavefronts(), 1);
    /// ```
    pub const fn at(mut self, bytes: i64) -> Access {
        self.base = bytes;
        self
    }

    /// The bytes added to every address ([`Access::at`]).
    pub const fn base(&self) -> i64 {
        self.base
    }

    /// The thread-value layout.
    pub const fn tv(&self) -> &Layout {
        &self.tv
    }

    /// The phases of one instruction.
    pub const fn phases(&self) -> Phases {
        self.phases
    }

    /// Values of one thread per instruction.
    pub const fn values_per_instruction(&self) -> usize {
        self.values
    }

    /// Bits per element.
    pub const fn elem_bits(&self) -> u32 {
        self.elem_bits
    }

    /// The number of threads.
    pub fn threads(&self) -> usize {
        self.tv.mode(0).size().value() as usize
    }

    /// The thread-value layout as indices of the tile (column-major over its shape, the
    /// memory's unless [`Access::in_tile`] names one): itself, or for a thread-value layout
    /// to the tile's own `(m, n, ...)` coordinates (scaled-basis strides `s@k`, CuTe's
    /// coordinate layouts) the layout whose stride `s@k` becomes `s` times the product of
    /// the extents of modes `0 .. k`.
    ///
    /// ```
    /// use rcute::analysis::{Access, Memory, bank_conflicts};
    /// use rcute::layout;
    /// // thread t reads row t, four floats of columns 0..4, of a 32x32 row-major tile:
    /// // (thread, value) -> (m, n) coordinates, no strides computed by hand
    /// let a = Access::try_vector(layout!((_32,_4):(_1@0,_1@1)), 32, 128).unwrap();
    /// let smem = layout!((_32,_32):(_32,_1));
    /// let m = Memory::try_new(&smem.into()).unwrap();
    /// assert_eq!(a.try_index_tv(&m).unwrap().to_string(), "(_32,_4):(_1,_32)");
    /// assert_eq!(bank_conflicts(&smem.into(), &a).unwrap().wavefronts(), 32);
    /// ```
    ///
    /// # Errors
    /// A coordinate layout whose strides step along a mode the tile does not have, are
    /// negative, nest (`_1@0@1`) or mix with integer strides, or whose coordinates leave
    /// the tile.
    pub fn try_index_tv(&self, memory: &Memory) -> Result<Layout, Error> {
        if !self.tv.has_basis_strides() {
            return Ok(self.tv);
        }
        let shape = self.tile.as_ref().unwrap_or(memory.shape());
        let extent = |k: usize| -> Option<i64> {
            if shape.is_leaf() {
                return (k == 0)
                    .then(|| shape.try_product().ok().map(|v| v.value()))
                    .flatten();
            }
            shape.try_get(k).ok()?.try_product().ok().map(|v| v.value())
        };
        let bad = |msg: &'static str, lhs: i64, rhs: i64| Error::Precondition {
            msg,
            mode: -1,
            lhs,
            rhs,
        };
        let shapes = self.tv.shape();
        let mut stride = self.tv.stride();
        // the largest coordinate reached along each mode of the tile
        let mut reach = [0i64; 16];
        for i in 0..stride.leaf_count() {
            let s = stride.leaf(i);
            let n = shapes.leaf(i).value();
            if !s.is_basis() {
                if s.value() != 0 {
                    return Err(bad(
                        "access: a (thread, value) -> coordinate layout mixes integer strides with coordinate strides (stride, 0): write every stride as s@k, _0 for none",
                        s.value(),
                        0,
                    ));
                }
                continue;
            }
            let k = s.basis_index(0);
            if s.basis_depth() != 1 || s.value() < 0 || k >= reach.len() {
                return Err(bad(
                    "access: a coordinate stride must be s@k with s >= 0 and one index k (a mode of the tile) (scale, mode)",
                    s.value(),
                    k as i64,
                ));
            }
            let Some(_) = extent(k) else {
                return Err(bad(
                    "access: a coordinate stride steps along a mode the tile does not have (mode, rank of the tile): give the tile's (m, n) coordinates",
                    k as i64,
                    shape.rank().max(1) as i64,
                ));
            };
            reach[k] = reach[k].saturating_add((n - 1).saturating_mul(s.value()));
            let scale: i64 = (0..k).map(|j| extent(j).unwrap_or(1)).product();
            let plain = if s.is_static() {
                crate::int::Int::constant(s.value() * scale)
            } else {
                crate::int::Int::dynamic(s.value() * scale)
            };
            stride.set_leaf(i, plain);
        }
        for (k, &r) in reach.iter().enumerate() {
            if let Some(e) = extent(k)
                && r >= e
            {
                return Err(bad(
                    "access: the (thread, value) -> coordinate layout leaves the tile along a mode (largest coordinate, extent): make it cover the tile, or give the tile with in_tile",
                    r,
                    e,
                ));
            }
        }
        Layout::try_new(shapes, stride)
    }

    /// Every warp instruction of the access over `memory` (tile index -> element offset),
    /// warp by warp.
    ///
    /// # Errors
    /// An index outside the memory layout; values of one instruction that are not at
    /// consecutive offsets, or whose first byte is not aligned to the access size
    /// (assuming the memory's base is aligned to 128 bytes).
    pub fn try_instructions(&self, memory: &Memory) -> Result<Vec<WarpInstruction>, Error> {
        let tv = self.try_index_tv(memory)?;
        let threads = self.threads();
        let per_thread = self.tv.mode(1).size().value() as usize;
        let per_lane = match self.phases {
            // lanes past the matrices give no address
            Phases::Matrix { matrices } => 8 * matrices as usize,
            Phases::Vector { .. } => WARP,
        };
        let bytes = i64::from(self.phases.bytes());
        let mut out = Vec::new();
        for warp in 0..threads.div_ceil(WARP) {
            for k in 0..per_thread / self.values {
                let mut lanes = [None; WARP];
                for (lane, slot) in lanes.iter_mut().enumerate().take(per_lane) {
                    let t = warp * WARP + lane;
                    if t >= threads {
                        break;
                    }
                    let v0 = k * self.values;
                    let at = |v: usize| {
                        let idx = tv.offset(t + threads * v);
                        let mem = self.memory_index(idx, memory).unwrap_or(-1);
                        memory.offset_checked(mem, idx, t, v)
                    };
                    let first = at(v0)?;
                    for j in 1..self.values {
                        let off = at(v0 + j)?;
                        if off != first.wrapping_add(j as i64) {
                            return Err(Error::Access {
                                msg: if self.tile.is_some() {
                                    "access: a thread's values of one copy instruction are not at consecutive offsets of this memory (offset found, offset needed): a tiled copy's (thread, value) layout orders the values of its reference side (an ldmatrix's registers), so give the memory the copy was made for, make the copy with make_tiled_copy_A/B from the MMA, or choose thread and value layouts whose values follow the memory's contiguous mode"
                                } else {
                                    "access: the values of one access are not at consecutive offsets (offset found, offset needed): make the value mode of TV step through the memory's contiguous mode, or use a narrower access"
                                },
                                thread: t as i64,
                                value: (v0 + j) as i64,
                                found: off,
                                expected: first.wrapping_add(j as i64),
                            });
                        }
                    }
                    let addr = byte_address(
                        first,
                        self.elem_bits,
                        "access: the byte address of an element overflows (element offset, bits per element)",
                    )?
                    .checked_add(self.base)
                    .ok_or(Error::Overflow {
                        msg: "access: a byte address plus the base overflows (address, base)",
                        lhs: first,
                        rhs: self.base,
                    })?;
                    if addr.rem_euclid(bytes) != 0 {
                        return Err(Error::Access {
                            msg: "access: an access is not aligned to its size (byte address, bytes): start the tile at a multiple of the access size, or use a narrower access",
                            thread: t as i64,
                            value: v0 as i64,
                            found: addr,
                            expected: bytes,
                        });
                    }
                    *slot = Some(addr);
                }
                out.push(WarpInstruction {
                    warp,
                    instruction: k,
                    lanes,
                });
            }
        }
        Ok(out)
    }
}

impl core::fmt::Display for Access {
    /// `vector_access(TV, bits of an element, bits per access)` or
    /// `matrix_access(TV, matrices)`, in the expression language's notation, with the tile
    /// the indices refer to when it is not the memory's.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.phases {
            Phases::Vector { bytes } => write!(
                f,
                "vector_access({}, {}, {})",
                self.tv,
                self.elem_bits,
                bytes * 8
            )?,
            Phases::Matrix { matrices } => write!(f, "matrix_access({}, {matrices})", self.tv)?,
        }
        if let Some(t) = &self.tile {
            write!(f, " over the tile {t}")?;
        }
        if self.kind != AccessKind::Load {
            write!(f, ", {}", self.kind.name())?;
        }
        if self.base != 0 {
            write!(f, " at byte {}", self.base)?;
        }
        Ok(())
    }
}

/// The byte address of element offset `offset` of `elem_bits`-bit elements; an offset
/// whose byte address does not fit an `i64` is an error with the message `msg`.
pub(super) fn byte_address(offset: i64, elem_bits: u32, msg: &'static str) -> Result<i64, Error> {
    offset
        .checked_mul(i64::from(elem_bits))
        .map(|b| b.div_euclid(8))
        .ok_or(Error::Overflow {
            msg,
            lhs: offset,
            rhs: i64::from(elem_bits),
        })
}

/// The element sizes the analyses know: 8, 16, 32, 64 or 128 bits; `what` names the
/// analysis in the error.
pub(super) fn check_elem_for(bits: u32, msg: &'static str) -> Result<(), Error> {
    if matches!(bits, 8 | 16 | 32 | 64 | 128) {
        Ok(())
    } else {
        Err(Error::InvalidShape {
            msg,
            value: bits as i64,
        })
    }
}

fn check_elem(bits: u32) -> Result<(), Error> {
    check_elem_for(
        bits,
        "access: the element size must be 8, 16, 32, 64 or 128 bits",
    )
}

/// A memory layout, plain or swizzled, evaluated once: tile index -> element offset.
///
/// ```
/// use rcute::analysis::Memory;
/// use rcute::layout;
/// let m = Memory::try_new(&layout!((_4,_8):(_8,_1)).into()).unwrap();
/// assert_eq!(m.len(), 32);
/// assert_eq!(m.offset(1), 8);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Memory {
    offsets: Vec<i64>,
    shape: crate::tuple::IntTuple,
}

impl Memory {
    /// Evaluates every offset of `layout`.
    ///
    /// # Errors
    /// A layout with scaled-basis strides, one larger than [`MAX_ANALYSED`] elements, or
    /// whose offsets overflow.
    pub fn try_new(layout: &MaybeSwizzled) -> Result<Memory, Error> {
        // a layout waiting for an smem pointer (GMMA's atoms) swizzles byte addresses: its
        // elements sit where CuTe's position-independent form puts them
        let drawn;
        let layout = match layout {
            MaybeSwizzled::Swizzled(c) if c.smem_ptr_bits().is_some() => {
                drawn = c.position_independent()?;
                &drawn
            }
            other => other,
        };
        let (plain, shape) = match layout {
            MaybeSwizzled::Plain(l) => (*l, l.shape()),
            MaybeSwizzled::Swizzled(c) => (c.layout(), c.shape()),
        };
        let size = plain.try_size()?.value();
        if size < 1 {
            // CuTe's left_inverse of a negative stride builds negative extents
            return Err(Error::InvalidShape {
                msg: "analysis: the layout has no elements (its size is not positive)",
                value: size,
            });
        }
        if size > MAX_ANALYSED as i64 {
            return Err(Error::Capacity {
                msg: "analysis: the memory layout has too many elements to analyse",
                capacity: MAX_ANALYSED,
            });
        }
        // the cosize is checked, so no offset overflows
        plain.try_cosize()?;
        let offsets = match layout {
            MaybeSwizzled::Plain(l) => l.try_offsets()?.collect(),
            MaybeSwizzled::Swizzled(c) => {
                let sw = c.swizzle();
                let base = c.origin().value();
                plain
                    .try_offsets()?
                    .map(|o| sw.apply(base.wrapping_add(o)))
                    .collect()
            }
        };
        Ok(Memory { offsets, shape })
    }

    /// The number of elements (the size of the layout).
    pub fn len(&self) -> usize {
        self.offsets.len()
    }

    /// The layout has no elements (never: a layout's size is at least 1).
    pub fn is_empty(&self) -> bool {
        self.offsets.is_empty()
    }

    /// The shape of the layout.
    pub fn shape(&self) -> &crate::tuple::IntTuple {
        &self.shape
    }

    /// The offset of tile index `i` (panics past [`Memory::len`]).
    pub fn offset(&self, i: usize) -> i64 {
        self.offsets[i]
    }

    /// Every offset, in index order.
    pub fn offsets(&self) -> &[i64] {
        &self.offsets
    }

    fn offset_checked(
        &self,
        idx: i64,
        tile_idx: i64,
        thread: usize,
        value: usize,
    ) -> Result<i64, Error> {
        usize::try_from(idx)
            .ok()
            .and_then(|i| self.offsets.get(i).copied())
            .ok_or(Error::Access {
                msg: "access: a thread-value pair maps outside the memory layout (index, size): give a memory that covers the access's tile, fewer threads or values, or name the tile with in_tile",
                thread: thread as i64,
                value: value as i64,
                found: tile_idx,
                expected: self.offsets.len() as i64,
            })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn shared_memory_sees_the_elements_where_the_bytes_are_swizzled() {
        use super::Memory;
        use crate::swizzle::MaybeSwizzled;
        // GMMA::Layout_K_SW128_Atom<half_t> swizzles 16-byte chunks: Sw<3,3,3> on elements
        let a = crate::atom::smem_layout_atom("Layout_K_SW128_Atom", 16, true)
            .unwrap()
            .unwrap();
        let flagged = Memory::try_new(&MaybeSwizzled::Swizzled(a)).unwrap();
        let drawn = Memory::try_new(&a.position_independent().unwrap()).unwrap();
        assert_eq!(flagged.offsets(), drawn.offsets());
        // row 1 of the 8x64 atom starts at element 64 and its first 8 elements move to 72
        assert_eq!(&flagged.offsets()[..3], &[0, 72, 144]);
        assert_ne!(a.apply(&crate::int_tuple!((1, 0))).value(), 72);
    }
}
