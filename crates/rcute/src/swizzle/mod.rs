//! Swizzles: CuTe's `Swizzle<B,M,S>`, the XOR of two bit fields of an offset that spreads
//! shared-memory accesses over banks.
//!
//! ```text
//! 0bxxxxxxxxxxxxxxxYYYxxxxxxxZZZxxxx
//!                               ^--^  M: the least-significant bits kept as they are
//!                  ^-^       ^-^      B: the number of bits in each field
//!                    ^---------^      S: the distance from ZZZ to YYY
//!                                        (positive: YYY above ZZZ; negative: below)
//! result: ZZZ ^= YYY
//! ```
//!
//! A swizzle composed after a layout is a [`ComposedLayout`], printed
//! `Sw<3,4,3> o _0 o (8,64):(64,1)`.
//!
//! ```
//! use rcute::Swizzle;
//! const SW: Swizzle = Swizzle::new(3, 0, 3);
//! let firsts: Vec<i64> = (8..16).map(|x| SW.apply(x)).collect();
//! assert_eq!(firsts, [9, 8, 11, 10, 13, 12, 15, 14]);
//! assert_eq!(SW.apply(SW.apply(42)), 42); // an involution
//! assert_eq!(SW.to_string(), "Sw<3,0,3>");
//! ```

mod algebra;
mod chain;
mod composed;
mod slice;

pub use algebra::MAX_CHECKED_INVERSE;
pub use chain::{ChainPart, ComposedChain, MAX_CHAIN_PARTS, chain_no_domain};
pub use composed::ComposedLayout;
pub use slice::{MAX_CHECKED_SLICE, MaybeSwizzled};

use crate::error::{Error, unwrap_or_panic};
use crate::int::Int;
use core::fmt;

/// The largest number of bits a swizzle may touch (`B + M + |S|`), so that every mask fits
/// an `i64`.
pub const MAX_SWIZZLE_BITS: i64 = 62;

/// CuTe's `Swizzle<B,M,S>`: `x ^ shiftr(x & yyy_mask, S)`.
///
/// See the [module documentation](self).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Swizzle {
    bits: u8,
    base: u8,
    shift: i8,
}

impl Swizzle {
    /// `Swizzle<B,M,S>`, checking CuTe's conditions: `B >= 0`, `M >= 0`, `|S| >= B`, and
    /// (rcute's) `B + M + |S| <= 62`.
    ///
    /// ```
    /// use rcute::Swizzle;
    /// assert!(Swizzle::try_new(3, 4, 3).is_ok());
    /// assert!(Swizzle::try_new(3, 4, 2).is_err()); // the shift is smaller than the bits
    /// ```
    pub const fn try_new(b: i64, m: i64, s: i64) -> Result<Swizzle, Error> {
        if b < 0 || m < 0 {
            return Err(Error::Precondition {
                msg: "Swizzle<B,M,S>: B and M must not be negative",
                mode: -1,
                lhs: b,
                rhs: m,
            });
        }
        let abs_s = if s < 0 { -s } else { s };
        if abs_s < b {
            return Err(Error::Precondition {
                msg: "Swizzle<B,M,S>: |S| must be at least B (the shift is smaller than the bits)",
                mode: -1,
                lhs: s,
                rhs: b,
            });
        }
        if b + m + abs_s > MAX_SWIZZLE_BITS {
            return Err(Error::Precondition {
                msg: "Swizzle<B,M,S>: B + M + |S| must be at most 62",
                mode: -1,
                lhs: b + m + abs_s,
                rhs: MAX_SWIZZLE_BITS,
            });
        }
        Ok(Swizzle {
            bits: b as u8,
            base: m as u8,
            shift: s as i8,
        })
    }

    /// [`Swizzle::try_new`], panicking with the error's message.
    #[track_caller]
    pub const fn new(b: i64, m: i64, s: i64) -> Swizzle {
        unwrap_or_panic!(Swizzle::try_new(b, m, s))
    }

    /// `B`, the number of bits in each field.
    pub const fn bits(self) -> i64 {
        self.bits as i64
    }

    /// `M`, the number of low bits left alone.
    pub const fn base(self) -> i64 {
        self.base as i64
    }

    /// `S`, the shift from the ZZZ field to the YYY field.
    pub const fn shift(self) -> i64 {
        self.shift as i64
    }

    /// CuTe's projection of the swizzle's fields (`swizzle_only_zy` in slicing and in
    /// `transfer_swizzle`): `(2^M, 2^B, 2^(|S|-B), 2^B, 1):(0, 2^M, 0, 2^(M+|S|), 0)`,
    /// the offsets of the Y and Z bits alone.
    pub(crate) const fn fields_projection(self) -> crate::layout::Layout {
        let (b, m, s) = (self.bits(), self.base(), self.shift().abs());
        crate::layout::Layout::from_parts(
            crate::tuple::IntTuple::from_ints(&[
                Int::constant(1 << m),
                Int::constant(1 << b),
                Int::constant(1 << (s - b)),
                Int::constant(1 << b),
                Int::constant(1),
            ]),
            crate::tuple::IntTuple::from_ints(&[
                Int::constant(0),
                Int::constant(1 << m),
                Int::constant(0),
                Int::constant(1 << (m + s)),
                Int::constant(0),
            ]),
        )
    }

    /// The mask of the YYY field (the bits that are XORed into ZZZ).
    pub const fn yyy_mask(self) -> i64 {
        let s = if self.shift > 0 { self.shift as i64 } else { 0 };
        ((1i64 << self.bits) - 1) << (self.base as i64 + s)
    }

    /// The mask of the ZZZ field (the bits that change).
    pub const fn zzz_mask(self) -> i64 {
        let s = if self.shift < 0 {
            -(self.shift as i64)
        } else {
            0
        };
        ((1i64 << self.bits) - 1) << (self.base as i64 + s)
    }

    /// Whether this swizzle changes nothing (`B == 0`).
    pub const fn is_identity(self) -> bool {
        self.bits == 0
    }

    /// `x ^ shiftr(x & yyy_mask, S)`, where `shiftr` shifts left for a negative `S`.
    #[inline]
    pub const fn apply(self, x: i64) -> i64 {
        let y = x & self.yyy_mask();
        let s = self.shift as i64;
        let moved = if s >= 0 { y >> s } else { y << -s };
        x ^ moved
    }

    /// [`Swizzle::apply`] on a CuTe integer: static if `x` is static.
    pub const fn apply_int(self, x: Int) -> Int {
        Int::new(self.apply(x.value()), x.is_static())
    }

    /// CuTe's `make_swizzle<Y,Z>()`: the swizzle whose YYY and ZZZ masks are `y` and `z`.
    ///
    /// ```
    /// use rcute::Swizzle;
    /// assert_eq!(Swizzle::try_from_masks(0b1000, 0b0100).unwrap(), Swizzle::new(1, 2, 1));
    /// assert_eq!(Swizzle::try_from_masks(0b1100_0000, 0b0000_0110).unwrap(), Swizzle::new(2, 1, 5));
    /// ```
    pub const fn try_from_masks(y: i64, z: i64) -> Result<Swizzle, Error> {
        if y < 0 || z < 0 {
            return Err(Error::Precondition {
                msg: "make_swizzle: the masks must not be negative",
                mode: -1,
                lhs: y,
                rhs: z,
            });
        }
        let by = y.count_ones() as i64;
        let bz = z.count_ones() as i64;
        if by != bz {
            return Err(Error::Precondition {
                msg: "make_swizzle: the numbers of bits in Y and Z do not match",
                mode: -1,
                lhs: y,
                rhs: z,
            });
        }
        // CuTe counts trailing zeros of a 32-bit zero as 32
        let ty = if y == 0 {
            32
        } else {
            y.trailing_zeros() as i64
        };
        let tz = if z == 0 {
            32
        } else {
            z.trailing_zeros() as i64
        };
        let m = (if ty < tz { ty } else { tz }) % 32;
        let s = ty - tz;
        let sw = match Swizzle::try_new(by, m, s) {
            Ok(sw) => sw,
            Err(e) => return Err(e),
        };
        if (y | z) != (sw.yyy_mask() | sw.zzz_mask()) {
            return Err(Error::Precondition {
                msg: "make_swizzle: the masks are not two contiguous fields of equal width",
                mode: -1,
                lhs: y,
                rhs: z,
            });
        }
        Ok(sw)
    }

    /// Merges two swizzles of the same shift (CuTe's `composition(Swizzle, Swizzle)`):
    /// the masks are XORed.
    ///
    /// ```
    /// use rcute::Swizzle;
    /// let s = Swizzle::new(1, 0, 2).try_composition(Swizzle::new(1, 1, 2)).unwrap();
    /// assert_eq!(s, Swizzle::new(2, 0, 2));
    /// ```
    pub const fn try_composition(self, other: Swizzle) -> Result<Swizzle, Error> {
        if self.shift != other.shift {
            return Err(Error::Precondition {
                msg: "composition: only swizzles of the same shift can be merged",
                mode: -1,
                lhs: self.shift as i64,
                rhs: other.shift as i64,
            });
        }
        Swizzle::try_from_masks(
            self.yyy_mask() ^ other.yyy_mask(),
            self.zzz_mask() ^ other.zzz_mask(),
        )
    }

    /// The swizzle for elements `n` times larger (CuTe's `upcast<N>(Swizzle)`): `n` must
    /// be a power of two.
    ///
    /// ```
    /// use rcute::Swizzle;
    /// let s = Swizzle::new(3, 4, 3);
    /// assert_eq!(s.try_upcast(2).unwrap(), Swizzle::new(3, 3, 3));
    /// assert_eq!(s.try_upcast(32).unwrap(), Swizzle::new(2, 0, 3));
    /// ```
    pub const fn try_upcast(self, n: i64) -> Result<Swizzle, Error> {
        if n <= 0 || n & (n - 1) != 0 {
            return Err(Error::Precondition {
                msg: "upcast: N must be a power of two for a swizzle",
                mode: -1,
                lhs: n,
                rhs: 0,
            });
        }
        let log2 = n.trailing_zeros() as i64;
        let new_m = self.base as i64 - log2;
        if new_m >= 0 {
            return Swizzle::try_new(self.bits as i64, new_m, self.shift as i64);
        }
        let b = self.bits as i64 + new_m;
        Swizzle::try_new(if b > 0 { b } else { 0 }, 0, self.shift as i64)
    }

    /// The swizzle for elements `n` times smaller (CuTe's `downcast<N>(Swizzle)`).
    ///
    /// ```
    /// use rcute::Swizzle;
    /// assert_eq!(Swizzle::new(3, 4, 3).try_downcast(2).unwrap(), Swizzle::new(3, 5, 3));
    /// ```
    pub const fn try_downcast(self, n: i64) -> Result<Swizzle, Error> {
        if n <= 0 || n & (n - 1) != 0 {
            return Err(Error::Precondition {
                msg: "downcast: N must be a power of two for a swizzle",
                mode: -1,
                lhs: n,
                rhs: 0,
            });
        }
        Swizzle::try_new(
            self.bits as i64,
            self.base as i64 + n.trailing_zeros() as i64,
            self.shift as i64,
        )
    }
}

impl fmt::Display for Swizzle {
    /// CuTe's `print`: `Sw<B,M,S>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{},{},{}>", self.bits, self.base, self.shift)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    #[test]
    fn matches_the_inventory() {
        let s = Swizzle::new(3, 4, 3);
        assert_eq!((s.yyy_mask(), s.zzz_mask()), (896, 112));
        let s = Swizzle::new(2, 0, -3);
        assert_eq!((s.yyy_mask(), s.zzz_mask()), (3, 24));
        let s303: Vec<i64> = (0..64).map(|x| Swizzle::new(3, 0, 3).apply(x)).collect();
        assert_eq!(
            s303,
            [
                0, 1, 2, 3, 4, 5, 6, 7, 9, 8, 11, 10, 13, 12, 15, 14, 18, 19, 16, 17, 22, 23, 20,
                21, 27, 26, 25, 24, 31, 30, 29, 28, 36, 37, 38, 39, 32, 33, 34, 35, 45, 44, 47, 46,
                41, 40, 43, 42, 54, 55, 52, 53, 50, 51, 48, 49, 63, 62, 61, 60, 59, 58, 57, 56
            ]
        );
        let s123: Vec<i64> = (32..64).map(|x| Swizzle::new(1, 2, 3).apply(x)).collect();
        assert_eq!(
            s123,
            [
                36, 37, 38, 39, 32, 33, 34, 35, 44, 45, 46, 47, 40, 41, 42, 43, 52, 53, 54, 55, 48,
                49, 50, 51, 60, 61, 62, 63, 56, 57, 58, 59
            ]
        );
        assert_eq!(
            Swizzle::new(3, 4, 3).try_upcast(64).unwrap(),
            Swizzle::new(1, 0, 3)
        );
    }
}
