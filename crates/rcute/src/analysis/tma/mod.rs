//! TMA: whether one tensor map can move a tile, and its `cuTensorMapEncodeTiled` arguments.
//!
//! Given the global tensor `G` (the whole tensor, offsets in elements), the shared-memory
//! tile `S` (one top-level mode per mode of `G`, offsets in elements, swizzled or not) and
//! the element type, [`TmaCopy::try_new`] derives the tensor map that copies the tile at
//! the tensor's origin (any other tile is the same copy with its start coordinates added)
//! and proves it by enumeration: every element of the tile must be read from `G`'s offset
//! of its coordinate and written where `S` puts it.
//!
//! ```
//! use rcute::analysis::tma::{TmaCopy, TmaSwizzle};
//! use rcute::{ComposedLayout, Int, Layout, MaybeSwizzled, Swizzle, TileOrder, layout, int_tuple};
//! // a K-major (M,K) = (4096,1024) tensor of half_t, a 128 x 64 tile with the 128-byte swizzle
//! let g = layout!((4096,1024):(1024,_1));
//! let atom = ComposedLayout::new(Swizzle::new(3, 3, 3), Int::ZERO, layout!((_8,_64):(_64,_1)));
//! let s = atom.tile_to_shape(&int_tuple!((_128,_64)), &TileOrder::Major(rcute::Major::Left));
//! let t = TmaCopy::try_new(&g, &MaybeSwizzled::Swizzled(s), 16, Some("half_t")).unwrap();
//! assert_eq!(t.data_type(), "CU_TENSOR_MAP_DATA_TYPE_FLOAT16");
//! assert_eq!(t.swizzle(), TmaSwizzle::B128);
//! assert_eq!(t.global_dim(), [1024, 4096]); // the contiguous K first
//! assert_eq!(t.global_strides(), [2048]); // bytes
//! assert_eq!(t.box_dim(), [64, 128]);
//! assert_eq!(t.instructions().len(), 1);
//! assert_eq!(t.smem_alignment(), 1024);
//! ```
//!
//! **The tensor map.** Its dimensions are `G`'s modes ordered by stride, the one of stride
//! 1 first; each mode of `G` must be an integer (no nesting). The box takes the tile's
//! extent in each dimension, at most 256 elements and, in the contiguous dimension, at most
//! the swizzle's span (32, 64 or 128 bytes). Where the tile is wider than that, the tile is
//! covered by several TMA instructions of the same box, each at its own start coordinate
//! and shared-memory offset (instruction order: dimension 0 fastest), and each
//! instruction's destination must be where `S` puts its first element. CuTe's
//! `make_tma_copy` instead splits such a mode into extra tensor-map dimensions so that one
//! instruction moves the whole tile where the rank allows; rcute keeps the tensor map at
//! `G`'s rank and counts instructions, which is what a kernel that issues one load per box
//! (rcute-cuda's `wgmma` GEMM) needs.
//!
//! **The requirements** are those of `cuTensorMapEncodeTiled` in the CUDA Driver API
//! reference (section "Tensor Map Object Management"): rank 1 to 5; `globalAddress` 16-byte
//! aligned; each `globalDim` non-zero and at most 2^32; each of the `rank - 1` `globalStrides`
//! a multiple of 16 bytes and less than 2^40, each including the previous dimension's
//! extent; each `boxDim` non-zero and at most 256, `boxDim[0]` times the element size a
//! multiple of 16 bytes and, with a swizzle, at most the swizzle's span. The shared-memory
//! side follows the PTX ISA (tensor copy, `cp.async.bulk.tensor`: the destination 128-byte
//! aligned) and the CUDA Programming Guide's TMA swizzle table (the pattern repeats every
//! 256, 512 and 1024 bytes for the 32-, 64- and 128-byte swizzles, so the buffer must be
//! aligned to that repeat for the offsets proved here to hold).
//!
//! **Swizzles.** `S`'s swizzle is in elements; scaled to bytes it must be one of the TMA
//! modes: `Sw<1,4,3>` (32B), `Sw<2,4,3>` (64B), `Sw<3,4,3>` (128B). For 16-bit elements
//! `Sw<3,3,3> o _0 o (_8,_64):(_64,_1)` is the 128-byte mode.

// several arrays are indexed by the same dimension; an index loop reads clearest
#![allow(clippy::needless_range_loop)]

mod display;
#[cfg(test)]
mod tests;

use super::MAX_ANALYSED;
use crate::error::Error;
use crate::layout::Layout;
use crate::swizzle::{MaybeSwizzled, Swizzle};
use crate::tuple::CAPACITY;
use alloc::vec::Vec;
use core::fmt;

/// The most dimensions a tensor map has (`cuTensorMapEncodeTiled`'s `tensorRank`).
pub const MAX_TMA_RANK: usize = 5;

/// The most elements one box dimension moves (`boxDim[i] <= 256`).
pub const MAX_BOX_DIM: i64 = 256;

/// A TMA swizzle mode, `CUtensorMapSwizzle`.
///
/// ```
/// use rcute::analysis::tma::TmaSwizzle;
/// assert_eq!(TmaSwizzle::B128.name(), "CU_TENSOR_MAP_SWIZZLE_128B");
/// assert_eq!(TmaSwizzle::B128.byte_swizzle().to_string(), "Sw<3,4,3>");
/// assert_eq!(TmaSwizzle::B64.smem_alignment(), 512);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TmaSwizzle {
    /// `CU_TENSOR_MAP_SWIZZLE_NONE`.
    None,
    /// `CU_TENSOR_MAP_SWIZZLE_32B`: `Sw<1,4,3>` on byte addresses.
    B32,
    /// `CU_TENSOR_MAP_SWIZZLE_64B`: `Sw<2,4,3>` on byte addresses.
    B64,
    /// `CU_TENSOR_MAP_SWIZZLE_128B`: `Sw<3,4,3>` on byte addresses.
    B128,
}

impl TmaSwizzle {
    /// The `CUtensorMapSwizzle` enumerator.
    pub const fn name(self) -> &'static str {
        match self {
            TmaSwizzle::None => "CU_TENSOR_MAP_SWIZZLE_NONE",
            TmaSwizzle::B32 => "CU_TENSOR_MAP_SWIZZLE_32B",
            TmaSwizzle::B64 => "CU_TENSOR_MAP_SWIZZLE_64B",
            TmaSwizzle::B128 => "CU_TENSOR_MAP_SWIZZLE_128B",
        }
    }

    /// The swizzle on byte addresses (`Sw<0,4,3>`, the identity, for none).
    pub const fn byte_swizzle(self) -> Swizzle {
        Swizzle::new(self.bits(), 4, 3)
    }

    /// The span in bytes the box's inner dimension may not exceed (0: no limit but 256
    /// elements).
    pub const fn span(self) -> i64 {
        match self {
            TmaSwizzle::None => 0,
            _ => 16 << self.bits(),
        }
    }

    /// The alignment of the shared-memory buffer, bytes: 128, or the swizzle's repeat
    /// (256, 512, 1024).
    pub const fn smem_alignment(self) -> i64 {
        match self {
            TmaSwizzle::None => 128,
            _ => 128 << self.bits(),
        }
    }

    const fn bits(self) -> i64 {
        match self {
            TmaSwizzle::None => 0,
            TmaSwizzle::B32 => 1,
            TmaSwizzle::B64 => 2,
            TmaSwizzle::B128 => 3,
        }
    }

    /// The TMA mode of a swizzle on elements of `bytes` bytes.
    ///
    /// # Errors
    /// The swizzle in bytes is not `Sw<1,4,3>`, `Sw<2,4,3>` or `Sw<3,4,3>`.
    ///
    /// ```
    /// use rcute::Swizzle;
    /// use rcute::analysis::tma::TmaSwizzle;
    /// assert_eq!(TmaSwizzle::try_from_elements(Swizzle::new(3, 3, 3), 2), Ok(TmaSwizzle::B128));
    /// assert_eq!(TmaSwizzle::try_from_elements(Swizzle::new(2, 2, 3), 4), Ok(TmaSwizzle::B64));
    /// assert!(TmaSwizzle::try_from_elements(Swizzle::new(3, 3, 3), 4).is_err());
    /// ```
    pub const fn try_from_elements(sw: Swizzle, bytes: i64) -> Result<TmaSwizzle, Error> {
        if sw.is_identity() {
            return Ok(TmaSwizzle::None);
        }
        let m = sw.base() + bytes.trailing_zeros() as i64;
        if sw.shift() != 3 {
            return Err(Error::Precondition {
                msg: "tma: a TMA swizzle has the shift S = 3 (Sw<B,4,3> in bytes); S and B",
                mode: -1,
                lhs: sw.shift(),
                rhs: sw.bits(),
            });
        }
        if m != 4 {
            return Err(Error::Precondition {
                msg: "tma: a TMA swizzle permutes 16-byte units, M = 4 in bytes (Sw<B,4,3>); M in bytes and the element bytes",
                mode: -1,
                lhs: m,
                rhs: bytes,
            });
        }
        match sw.bits() {
            1 => Ok(TmaSwizzle::B32),
            2 => Ok(TmaSwizzle::B64),
            3 => Ok(TmaSwizzle::B128),
            b => Err(Error::Precondition {
                msg: "tma: a TMA swizzle has B = 1, 2 or 3 (32B, 64B, 128B); B and S",
                mode: -1,
                lhs: b,
                rhs: sw.shift(),
            }),
        }
    }
}

/// The `CUtensorMapDataType` of an element type: by CuTe's name where given (`half_t`:
/// `FLOAT16`, `bfloat16_t`: `BFLOAT16`, `float`: `FLOAT32`, `tfloat32_t`: `TFLOAT32`, ...),
/// otherwise the unsigned integer of `bits` bits.
///
/// # Errors
/// The element is not 8, 16, 32 or 64 bits, or the name and the bits disagree.
///
/// ```
/// use rcute::analysis::tma::tma_data_type;
/// assert_eq!(tma_data_type(16, Some("bfloat16_t")), Ok("CU_TENSOR_MAP_DATA_TYPE_BFLOAT16"));
/// assert_eq!(tma_data_type(8, None), Ok("CU_TENSOR_MAP_DATA_TYPE_UINT8"));
/// assert!(tma_data_type(4, None).is_err());
/// ```
pub fn tma_data_type(bits: i64, name: Option<&str>) -> Result<&'static str, Error> {
    let by_bits = match bits {
        8 => "CU_TENSOR_MAP_DATA_TYPE_UINT8",
        16 => "CU_TENSOR_MAP_DATA_TYPE_UINT16",
        32 => "CU_TENSOR_MAP_DATA_TYPE_UINT32",
        64 => "CU_TENSOR_MAP_DATA_TYPE_UINT64",
        _ => {
            return Err(Error::InvalidShape {
                msg: "tma: the element must be 8, 16, 32 or 64 bits",
                value: bits,
            });
        }
    };
    let Some(name) = name else {
        return Ok(by_bits);
    };
    let name = name.trim();
    let name = name.strip_prefix("cutlass::").unwrap_or(name);
    let (ty, b) = match name {
        "half_t" | "half" => ("CU_TENSOR_MAP_DATA_TYPE_FLOAT16", 16),
        "bfloat16_t" => ("CU_TENSOR_MAP_DATA_TYPE_BFLOAT16", 16),
        "float" => ("CU_TENSOR_MAP_DATA_TYPE_FLOAT32", 32),
        "tfloat32_t" => ("CU_TENSOR_MAP_DATA_TYPE_TFLOAT32", 32),
        "double" => ("CU_TENSOR_MAP_DATA_TYPE_FLOAT64", 64),
        "int32_t" | "int" => ("CU_TENSOR_MAP_DATA_TYPE_INT32", 32),
        "int64_t" => ("CU_TENSOR_MAP_DATA_TYPE_INT64", 64),
        "uint8_t" | "int8_t" | "char" | "float_e4m3_t" | "float_e5m2_t" | "float_ue8m0_t" => {
            ("CU_TENSOR_MAP_DATA_TYPE_UINT8", 8)
        }
        "uint16_t" | "int16_t" => ("CU_TENSOR_MAP_DATA_TYPE_UINT16", 16),
        "uint32_t" => ("CU_TENSOR_MAP_DATA_TYPE_UINT32", 32),
        "uint64_t" => ("CU_TENSOR_MAP_DATA_TYPE_UINT64", 64),
        _ => {
            return Err(Error::WrongKind {
                msg: "tma: unknown element type (8 to 64 bits: uint8_t, half_t, bfloat16_t, float, tfloat32_t, double, int32_t, ...)",
            });
        }
    };
    if b != bits {
        return Err(Error::Precondition {
            msg: "tma: the element type's bits and the bits given differ",
            mode: -1,
            lhs: b,
            rhs: bits,
        });
    }
    Ok(ty)
}

/// Why a TMA copy was refused: a requirement of the tensor map (an [`Error`] naming the
/// condition and its values), or a tile element that the copy would not put where `S`
/// puts it (or read from where `G` has it).
///
/// A mismatch is its own variant because its reason names a coordinate as well as two
/// offsets, more than an [`Error`] carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TmaError {
    /// A requirement does not hold.
    Refused(Error),
    /// The first tile coordinate (in `S`'s column-major order) where the copy and a layout
    /// disagree.
    Mismatch {
        /// `true`: shared memory (`S` against the box); `false`: global memory.
        shared: bool,
        /// The tile coordinate, one integer per mode of `G`.
        coord: [i64; MAX_TMA_RANK],
        /// The rank of `coord`.
        rank: usize,
        /// The offset the layout gives (elements).
        layout: i64,
        /// The offset the TMA copy uses (elements).
        tma: i64,
    },
}

impl From<Error> for TmaError {
    fn from(e: Error) -> TmaError {
        TmaError::Refused(e)
    }
}

impl fmt::Display for TmaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TmaError::Refused(e) => fmt::Display::fmt(&e, f),
            TmaError::Mismatch {
                shared,
                coord,
                rank,
                layout,
                tma,
            } => {
                f.write_str("tma: tile coordinate (")?;
                for (i, c) in coord[..rank].iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{c}")?;
                }
                if shared {
                    write!(
                        f,
                        ") is at shared offset {layout} in the tile layout but the TMA box writes it at {tma} (the tile is padded, transposed or permuted relative to the box)"
                    )
                } else {
                    write!(
                        f,
                        ") is at global offset {layout} in the tensor but the tensor map reads {tma}"
                    )
                }
            }
        }
    }
}

impl core::error::Error for TmaError {}

/// One TMA instruction of a [`TmaCopy`]: where its box starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TmaInstruction {
    /// The box's start coordinates, in tensor-map dimension order (dimension 0 first).
    pub start: [i64; MAX_TMA_RANK],
    /// Its destination: the shared-memory offset of the box's first element before the
    /// swizzle, in elements from the tile's start.
    pub smem_offset: i64,
}

/// A proved TMA copy of a tile: the arguments of `cuTensorMapEncodeTiled` and the
/// instructions that move the tile (see the [module documentation](self)).
///
/// `Display` prints it readably, with the C call that encodes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TmaCopy {
    data_type: &'static str,
    element_bytes: i64,
    rank: usize,
    /// The mode of `G` of each tensor-map dimension.
    modes: [usize; MAX_TMA_RANK],
    global_dim: [u64; MAX_TMA_RANK],
    global_strides: [u64; MAX_TMA_RANK],
    box_dim: [u32; MAX_TMA_RANK],
    counts: [i64; MAX_TMA_RANK],
    swizzle: TmaSwizzle,
    instructions: Vec<TmaInstruction>,
}

impl TmaCopy {
    /// The tensor map and instructions that copy the tile `smem` (offsets in elements, one
    /// top-level mode per mode of `global`) from the tile of `global` at the origin, for
    /// elements of `bits` bits (`type_name`, CuTe's element type name, picks the data type;
    /// see [`tma_data_type`]). The answer is proved by enumerating every element of the tile.
    ///
    /// # Errors
    /// A requirement of `cuTensorMapEncodeTiled` or of the shared-memory side fails (the
    /// error names it and its values), or an element is not where the copy puts it
    /// ([`TmaError::Mismatch`]).
    ///
    /// ```
    /// use rcute::analysis::tma::TmaCopy;
    /// use rcute::{MaybeSwizzled, layout};
    /// // an (M,K) = (256,96) tensor of float, K-major with padded rows; an unswizzled 32 x 32 tile
    /// let g = layout!((256,96):(100,_1));
    /// let s = MaybeSwizzled::Plain(layout!((_32,_32):(_32,_1)));
    /// let t = TmaCopy::try_new(&g, &s, 32, None).unwrap();
    /// assert_eq!((t.global_strides(), t.box_dim()), (&[400][..], &[32, 32][..]));
    /// // the same tile stored column-major is transposed relative to the box
    /// let s = MaybeSwizzled::Plain(layout!((_32,_32):(_1,_32)));
    /// let e = TmaCopy::try_new(&g, &s, 32, None).unwrap_err();
    /// assert!(e.to_string().starts_with("tma: tile coordinate (1,0) is at shared offset 1"));
    /// ```
    pub fn try_new(
        global: &Layout,
        smem: &MaybeSwizzled,
        bits: i64,
        type_name: Option<&str>,
    ) -> Result<TmaCopy, TmaError> {
        let data_type = tma_data_type(bits, type_name)?;
        let eb = bits / 8;
        let (sw, origin, sl) = match smem {
            MaybeSwizzled::Plain(l) => (Swizzle::new(0, 4, 3), 0, *l),
            MaybeSwizzled::Swizzled(c) => (c.swizzle(), c.origin().value(), c.layout()),
        };
        let swizzle = TmaSwizzle::try_from_elements(sw, eb)?;
        let (rank, gdim, gstride) = global_modes(global)?;
        if sl.has_basis_strides() {
            return Err(Error::WrongKind {
                msg: "tma: the shared-memory tile must have integer strides",
            }
            .into());
        }
        if sl.rank() != rank {
            return Err(Error::RankMismatch {
                msg: "tma: the tile has one mode per mode of the global tensor",
                expected: rank,
                found: sl.rank(),
            }
            .into());
        }
        let mut tile = [0u64; CAPACITY + 1];
        sl.mode_extents(&mut tile);
        let size = sl.try_size()?.value();
        if size > MAX_ANALYSED as i64 {
            return Err(Error::Capacity {
                msg: "tma: the tile has more elements than an analysis enumerates",
                capacity: MAX_ANALYSED,
            }
            .into());
        }
        // dimensions: the mode of stride 1 first, then by stride (stable)
        let mut modes = [0usize; MAX_TMA_RANK];
        let mut n = 0;
        // the widest mode of stride 1 (a second one is refused by its stride below)
        if let Some(inner) = (0..rank)
            .filter(|&m| gstride[m] == 1)
            .max_by_key(|&m| gdim[m])
        {
            modes[0] = inner;
            n = 1;
        }
        if n == 0 {
            return Err(Error::Precondition {
                msg: "tma: the global tensor needs a mode of stride 1 (the contiguous dimension); the smallest stride and its mode",
                mode: -1,
                lhs: (0..rank).map(|m| gstride[m]).min().unwrap_or(0),
                rhs: (0..rank).min_by_key(|&m| gstride[m]).unwrap_or(0) as i64,
            }
            .into());
        }
        let mut rest: Vec<usize> = (0..rank).filter(|&m| m != modes[0]).collect();
        rest.sort_by_key(|&m| gstride[m]);
        for m in rest {
            modes[n] = m;
            n += 1;
        }
        let mut global_dim = [0u64; MAX_TMA_RANK];
        let mut global_strides = [0u64; MAX_TMA_RANK];
        let mut box_dim = [0u32; MAX_TMA_RANK];
        let mut counts = [1i64; MAX_TMA_RANK];
        for d in 0..rank {
            let m = modes[d];
            global_dim[d] = gdim[m] as u64;
            if gdim[m] > 1 << 32 {
                return Err(precondition(
                    "tma: a global extent must be at most 2^32",
                    m,
                    gdim[m],
                    1i64 << 32,
                ));
            }
            if d > 0 {
                let bytes = checked(gstride[m], eb)?;
                if bytes % 16 != 0 {
                    return Err(precondition(
                        "tma: a global stride in bytes must be a multiple of 16; the stride in bytes and in elements",
                        m,
                        bytes,
                        gstride[m],
                    ));
                }
                if bytes >= 1 << 40 {
                    return Err(precondition(
                        "tma: a global stride in bytes must be less than 2^40",
                        m,
                        bytes,
                        1i64 << 40,
                    ));
                }
                let prev = modes[d - 1];
                let covered = checked(gstride[prev], gdim[prev])?;
                if gstride[m] < covered {
                    return Err(precondition(
                        "tma: each global stride must include the previous dimension (stride >= previous stride x extent); the stride and that product, in elements",
                        m,
                        gstride[m],
                        covered,
                    ));
                }
                global_strides[d - 1] = bytes as u64;
            }
            // the box: the tile's extent, at most 256 and (inner) at most the swizzle span
            let t = tile[m] as i64;
            let mut limit = MAX_BOX_DIM;
            if d == 0 && swizzle.span() > 0 {
                limit = limit.min(swizzle.span() / eb);
            }
            let b = t.min(limit);
            if t % b != 0 {
                return Err(precondition(
                    "tma: the tile's extent must be a multiple of the box (at most 256 elements, the swizzle's span in the contiguous dimension); the extent and the box",
                    m,
                    t,
                    b,
                ));
            }
            box_dim[d] = b as u32;
            counts[d] = t / b;
        }
        let inner_bytes = box_dim[0] as i64 * eb;
        if inner_bytes % 16 != 0 {
            return Err(precondition(
                "tma: the box's contiguous extent in bytes must be a multiple of 16; the bytes and the elements",
                modes[0],
                inner_bytes,
                box_dim[0] as i64,
            ));
        }
        let mut copy = TmaCopy {
            data_type,
            element_bytes: eb,
            rank,
            modes,
            global_dim,
            global_strides,
            box_dim,
            counts,
            swizzle,
            instructions: Vec::new(),
        };
        // the instructions, dimension 0 fastest; each destination is S's unswizzled offset
        // of its first element
        let total: i64 = counts[..rank].iter().product();
        for i in 0..total {
            let mut start = [0i64; MAX_TMA_RANK];
            let mut r = i;
            for d in 0..rank {
                start[d] = (r % counts[d]) * box_dim[d] as i64;
                r /= counts[d];
            }
            let at = copy.tile_coord(&start, &[0; MAX_TMA_RANK]);
            let smem_offset = origin.wrapping_add(sl.offset_of(&at[..rank]));
            let bytes = checked(smem_offset, eb)?;
            if bytes % 128 != 0 {
                return Err(precondition(
                    "tma: an instruction's shared-memory destination must be 128-byte aligned; its offset in bytes and the instruction",
                    -1,
                    bytes,
                    i,
                ));
            }
            copy.instructions
                .push(TmaInstruction { start, smem_offset });
        }
        copy.verify(global, smem)?;
        Ok(copy)
    }

    /// The tile coordinate (one per mode of `G`, in `G`'s mode order) of the element at
    /// `box_coord` in the box that starts at `start` (both in dimension order).
    fn tile_coord(
        &self,
        start: &[i64; MAX_TMA_RANK],
        box_coord: &[i64; MAX_TMA_RANK],
    ) -> [usize; MAX_TMA_RANK] {
        let mut c = [0usize; MAX_TMA_RANK];
        for d in 0..self.rank {
            c[self.modes[d]] = (start[d] + box_coord[d]) as usize;
        }
        c
    }

    /// Every element of every instruction's box: the shared offset the box writes (packed,
    /// dimension 0 fastest, from the instruction's destination, then the byte swizzle) must
    /// be `S`'s, and the global offset the tensor map reads (coordinates times
    /// `globalStrides`) must be `G`'s. The boxes cover the tile once each by construction.
    pub(crate) fn verify(&self, global: &Layout, smem: &MaybeSwizzled) -> Result<(), TmaError> {
        let eb = self.element_bytes;
        let bsw = self.swizzle.byte_swizzle();
        let per_box: i64 = self.box_dim[..self.rank]
            .iter()
            .map(|&b| b as i64)
            .product();
        // element strides of the tensor map, dimension order
        let mut gs = [0i64; MAX_TMA_RANK];
        gs[0] = 1;
        for d in 1..self.rank {
            gs[d] = self.global_strides[d - 1] as i64 / eb;
        }
        let mut first: Option<(usize, TmaError)> = None;
        for ins in &self.instructions {
            for p in 0..per_box {
                let mut bc = [0i64; MAX_TMA_RANK];
                let mut r = p;
                for d in 0..self.rank {
                    bc[d] = r % self.box_dim[d] as i64;
                    r /= self.box_dim[d] as i64;
                }
                let c = self.tile_coord(&ins.start, &bc);
                let at = &c[..self.rank];
                let s_off = smem.offset_of(at);
                let packed = checked(ins.smem_offset.wrapping_add(p), eb)?;
                let tma_s = bsw.apply(packed);
                let g_off = global.offset_of(at);
                let tma_g: i64 = (0..self.rank)
                    .map(|d| (ins.start[d] + bc[d]).wrapping_mul(gs[d]))
                    .fold(0i64, |a, x| a.wrapping_add(x));
                let s_bytes = checked(s_off, eb)?;
                let bad = if s_bytes != tma_s {
                    Some((true, s_off, tma_s / eb))
                } else if g_off != tma_g {
                    Some((false, g_off, tma_g))
                } else {
                    None
                };
                if let Some((shared, layout, tma)) = bad {
                    // report the first coordinate in the tile's column-major order
                    let mut idx = 0usize;
                    let mut scale = 1usize;
                    let mut extents = [0u64; CAPACITY + 1];
                    smem_layout(smem).mode_extents(&mut extents);
                    for m in 0..self.rank {
                        idx += c[m] * scale;
                        scale *= extents[m] as usize;
                    }
                    if first.as_ref().is_none_or(|(i, _)| idx < *i) {
                        let mut coord = [0i64; MAX_TMA_RANK];
                        for m in 0..self.rank {
                            coord[m] = c[m] as i64;
                        }
                        let e = TmaError::Mismatch {
                            shared,
                            coord,
                            rank: self.rank,
                            layout,
                            tma,
                        };
                        first = Some((idx, e));
                    }
                }
            }
        }
        match first {
            Some((_, e)) => Err(e),
            None => Ok(()),
        }
    }

    /// The `CUtensorMapDataType` enumerator.
    pub fn data_type(&self) -> &'static str {
        self.data_type
    }

    /// Bytes per element.
    pub fn element_bytes(&self) -> i64 {
        self.element_bytes
    }

    /// `tensorRank`: the number of dimensions (`G`'s rank).
    pub fn rank(&self) -> usize {
        self.rank
    }

    /// The mode of `G` each dimension is, dimension 0 (stride 1) first.
    pub fn modes(&self) -> &[usize] {
        &self.modes[..self.rank]
    }

    /// `globalDim`: the extent of each dimension, elements.
    pub fn global_dim(&self) -> &[u64] {
        &self.global_dim[..self.rank]
    }

    /// `globalStrides`: the stride of dimensions 1 to `rank - 1`, bytes.
    pub fn global_strides(&self) -> &[u64] {
        &self.global_strides[..self.rank - 1]
    }

    /// `boxDim`: the box's extent in each dimension, elements.
    pub fn box_dim(&self) -> &[u32] {
        &self.box_dim[..self.rank]
    }

    /// `elementStrides`: 1 in every dimension (every element of the box is moved).
    pub fn element_strides(&self) -> &[u32] {
        &[1; MAX_TMA_RANK][..self.rank]
    }

    /// `interleave`: always `CU_TENSOR_MAP_INTERLEAVE_NONE`.
    pub fn interleave(&self) -> &'static str {
        "CU_TENSOR_MAP_INTERLEAVE_NONE"
    }

    /// `swizzle`.
    pub fn swizzle(&self) -> TmaSwizzle {
        self.swizzle
    }

    /// The instructions, dimension 0 of the instruction grid fastest.
    pub fn instructions(&self) -> &[TmaInstruction] {
        &self.instructions
    }

    /// The number of instructions along each dimension (their product is
    /// `instructions().len()`).
    pub fn instruction_counts(&self) -> &[i64] {
        &self.counts[..self.rank]
    }

    /// Bytes one instruction moves.
    pub fn box_bytes(&self) -> i64 {
        self.box_dim().iter().map(|&b| b as i64).product::<i64>() * self.element_bytes
    }

    /// The alignment of the global address, bytes (16).
    pub fn global_alignment(&self) -> i64 {
        16
    }

    /// The alignment of the shared-memory buffer, bytes (see [`TmaSwizzle::smem_alignment`]).
    pub fn smem_alignment(&self) -> i64 {
        self.swizzle.smem_alignment()
    }
}

fn smem_layout(s: &MaybeSwizzled) -> Layout {
    match s {
        MaybeSwizzled::Plain(l) => *l,
        MaybeSwizzled::Swizzled(c) => c.layout(),
    }
}

trait OffsetOf {
    fn offset_of(&self, c: &[usize]) -> i64;
}

impl OffsetOf for MaybeSwizzled {
    fn offset_of(&self, c: &[usize]) -> i64 {
        match self {
            MaybeSwizzled::Plain(l) => l.offset_of(c),
            MaybeSwizzled::Swizzled(s) => s.offset_of(c),
        }
    }
}

fn precondition(
    msg: &'static str,
    mode: impl TryInto<i64>,
    lhs: i64,
    rhs: impl TryInto<i64>,
) -> TmaError {
    TmaError::Refused(Error::Precondition {
        msg,
        mode: mode.try_into().unwrap_or(-1),
        lhs,
        rhs: rhs.try_into().unwrap_or(i64::MAX),
    })
}

fn checked(a: i64, b: i64) -> Result<i64, TmaError> {
    a.checked_mul(b).ok_or(TmaError::Refused(Error::Overflow {
        msg: "tma: an offset in bytes overflows i64",
        lhs: a,
        rhs: b,
    }))
}

/// The rank, extents and strides of the global tensor: flat integer modes, at most
/// [`MAX_TMA_RANK`], strides positive.
fn global_modes(g: &Layout) -> Result<(usize, [i64; MAX_TMA_RANK], [i64; MAX_TMA_RANK]), TmaError> {
    let rank = g.rank();
    if rank == 0 || rank > MAX_TMA_RANK {
        return Err(precondition(
            "tma: a tensor map has 1 to 5 dimensions; the global tensor's rank and 5",
            -1,
            rank as i64,
            MAX_TMA_RANK as i64,
        ));
    }
    let mut dim = [0i64; MAX_TMA_RANK];
    let mut stride = [0i64; MAX_TMA_RANK];
    for m in 0..rank {
        let mode = g.try_mode(m)?;
        let (Some(s), Some(d)) = (mode.shape().as_int(), mode.stride().as_int()) else {
            return Err(Error::WrongKind {
                msg: "tma: each mode of the global tensor must be an integer (flat modes; a nested mode is one tensor-map dimension only when it is contiguous: coalesce it first)",
            }
            .into());
        };
        if d.is_basis() || s.is_basis() {
            return Err(Error::WrongKind {
                msg: "tma: the global tensor must have integer strides",
            }
            .into());
        }
        if d.value() <= 0 {
            return Err(precondition(
                "tma: the global strides must be positive; the stride and the extent",
                m,
                d.value(),
                s.value(),
            ));
        }
        dim[m] = s.value();
        stride[m] = d.value();
    }
    Ok((rank, dim, stride))
}
