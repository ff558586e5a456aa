//! The laws of the algebra, as checks by enumeration.
//!
//! Every operation of the algebra has a definition: composition is `R(i) = A(B(i))`, a
//! complement is disjoint from its layout, ordered and covers its cotarget, a logical
//! divide is `composition(A, (B, complement(B, shape(A))))`, and so on (CuTe's `@post`
//! lines in `layout.hpp`). This module states each one once, as code: a check takes the
//! operands and the answer and enumerates the domain (up to [`LIMIT`] points), so a test,
//! a fuzzer or a user can prove that an answer is the function its operation defines.
//! rcute's rule is that an operation answers what its definition gives or an error; the
//! property tests run these checks on every `Ok` answer for unconstrained random
//! operands, and on every golden case.
//!
//! Partitioning covers: where CuTe says the tiles of `local_tile` or the threads'
//! partitions of `local_partition` split a layout (the tiler or the thread shape evenly
//! divides it), [`local_tile_covers`] and [`local_partition_covers`] check that every
//! element lies in exactly one part.
//!
//! A swizzled layout `Sw ∘ O ∘ L` is the function `i -> Sw(O + L(i))`: its laws
//! ([`check_slice`], [`check_composition`], the inverses, casts and alignment) check
//! answers as that function. The language (`rcute-lang`) checks every answer of a call by
//! the law of its function, on these checks.
//!
//! Beyond its domain a layout is extended as CuTe's composition extends it: its last
//! (flattened) mode absorbs every index past the others, and a negative index `-x` maps
//! to `-L(x)` (composition walks `|d|` and carries the sign).
//!
//! ```
//! use rcute::law::{self, Verdict};
//! use rcute::{layout, tiler};
//! let a = layout!((_6,_2):(_8,_2));
//! let b = layout!((_4,_3):(_3,_1));
//! let r = a.composition(&b);
//! assert_eq!(law::composition(&a, &tiler!((_4,_3):(_3,_1)), &r), Verdict::Holds);
//! // CuTe C++'s answer to composition((_3,_16):(_48,_1), _4:_2) is not the composed function
//! let cute = layout!((_2,_2):(_96,_1));
//! let v = law::composition(&layout!((_3,_16):(_48,_1)), &tiler!(_4:_2), &cute);
//! assert!(matches!(v, Verdict::Breaks(_)));
//! ```

mod atoms;
mod cast;
mod composed;
mod layout;
mod partition;
mod tiling;

// Every law of the files below is exported by name: a new law needs no line here.
pub use atoms::*;
pub use cast::*;
pub use composed::*;
pub use layout::*;
pub use partition::*;
pub use tiling::*;

use crate::layout::Layout;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// The most points a check enumerates; a larger domain is [`Verdict::Unchecked`].
pub const LIMIT: usize = 1 << 20;

/// What a law check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The answer is the function the operation defines.
    Holds,
    /// It is not: the first point where it differs, in words.
    Breaks(String),
    /// The check could not run: a domain larger than [`LIMIT`], strides that are not
    /// integers, or a kind of operand the law does not cover.
    Unchecked(&'static str),
}

impl Verdict {
    /// Whether the law holds.
    pub fn holds(&self) -> bool {
        *self == Verdict::Holds
    }

    /// Whether the law is broken.
    pub fn breaks(&self) -> bool {
        matches!(self, Verdict::Breaks(_))
    }
}

/// Early return of a verdict that is not [`Verdict::Holds`].
macro_rules! check {
    ($e:expr) => {
        match $e {
            $crate::law::Verdict::Holds => {}
            other => return other,
        }
    };
}
pub(crate) use check;

/// A layout as a plain function of a 1-D index: its flattened modes, in `i128` so that no
/// product of a check overflows.
#[derive(Clone, Debug)]
pub(crate) struct Func {
    s: Vec<i128>,
    d: Vec<i128>,
    size: usize,
}

impl Func {
    /// The function of `l`; `Err` when its strides are not integers or it is too large.
    pub(crate) fn of(l: &Layout) -> Result<Func, Verdict> {
        if l.has_basis_strides() {
            return Err(Verdict::Unchecked("scaled-basis strides"));
        }
        let s: Vec<i128> = l.shape_ref().leaves().map(|x| x.value() as i128).collect();
        let d: Vec<i128> = l.stride_ref().leaves().map(|x| x.value() as i128).collect();
        let mut size: i128 = 1;
        for &x in &s {
            if x < 0 {
                return Err(Verdict::Unchecked("a negative shape"));
            }
            size = size.saturating_mul(x);
        }
        if size > LIMIT as i128 {
            return Err(Verdict::Unchecked("a domain larger than law::LIMIT"));
        }
        Ok(Func {
            s,
            d,
            size: size as usize,
        })
    }

    /// The number of indices.
    pub(crate) fn size(&self) -> usize {
        self.size
    }

    /// The offset of index `x`, extended beyond the domain as CuTe's composition extends
    /// a layout: the last mode absorbs the rest, and `-x` maps to `-f(x)`.
    pub(crate) fn at(&self, x: i128) -> i128 {
        if x < 0 {
            return -self.at(-x);
        }
        if let Ok(x) = i64::try_from(x) {
            return self.at_i64(x);
        }
        let n = self.s.len();
        let mut c = x;
        let mut off: i128 = 0;
        for k in 0..n {
            if k + 1 == n {
                off = off.saturating_add(c.saturating_mul(self.d[k]));
            } else if self.s[k] == 0 {
                return off;
            } else {
                off = off.saturating_add((c % self.s[k]).saturating_mul(self.d[k]));
                c /= self.s[k];
            }
        }
        off
    }
}

/// The offsets of a [`Func`] at indices `0, 1, ..., size - 1`, in order: [`Func::at`] of
/// each, counted as an odometer (no division per index).
pub(crate) struct Offsets<'a> {
    f: &'a Func,
    c: Vec<i128>,
    off: i128,
    left: usize,
}

impl Iterator for Offsets<'_> {
    type Item = i128;

    fn next(&mut self) -> Option<i128> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let r = self.off;
        let n = self.c.len();
        for k in 0..n {
            self.c[k] += 1;
            self.off += self.f.d[k];
            if self.c[k] < self.f.s[k] || k + 1 == n {
                break;
            }
            self.off -= self.c[k] * self.f.d[k];
            self.c[k] = 0;
        }
        Some(r)
    }
}

impl Func {
    /// The offsets at every index of the domain, in order (on its domain no sum of a
    /// check's layouts comes near `i128`'s range, so they are [`Func::at`]'s).
    pub(crate) fn offsets(&self) -> Offsets<'_> {
        Offsets {
            f: self,
            c: alloc::vec![0; self.s.len()],
            off: 0,
            left: self.size,
        }
    }

    /// [`Func::at`] of a non-negative index that fits in `i64`: the same offsets, with the
    /// coordinate's divisions in 64 bits (a shape is an `i64`), which are native
    /// instructions where those of `i128` are library calls.
    fn at_i64(&self, x: i64) -> i128 {
        let n = self.s.len();
        let mut c = x;
        let mut off: i128 = 0;
        for k in 0..n {
            if k + 1 == n {
                off = off.saturating_add((c as i128).saturating_mul(self.d[k]));
            } else if self.s[k] == 0 {
                return off;
            } else {
                // a shape is a non-negative i64 (Func::of)
                let s = self.s[k] as i64;
                off = off.saturating_add(((c % s) as i128).saturating_mul(self.d[k]));
                c /= s;
            }
        }
        off
    }
}

/// The function of `l`, or the verdict that stops the check.
macro_rules! func {
    ($l:expr) => {
        match $crate::law::Func::of($l) {
            Ok(f) => f,
            Err(v) => return v,
        }
    };
}
pub(crate) use func;

/// `Holds` when `r` and `want` have the same size and agree at every index, else where
/// they first differ.
pub(crate) fn same_function(what: &str, r: &Layout, want: &Func) -> Verdict {
    let f = func!(r);
    if f.size() != want.size() {
        return Verdict::Breaks(format!(
            "{what}: the answer has {} elements where the definition has {}",
            f.size(),
            want.size()
        ));
    }
    for (i, (g, w)) in f.offsets().zip(want.offsets()).enumerate() {
        if g != w {
            return Verdict::Breaks(format!(
                "{what}: index {i} maps to {g} where the definition gives {w}"
            ));
        }
    }
    Verdict::Holds
}

/// `Holds` when `got(i) == want(i)` for every `i < n`.
pub(crate) fn agree(
    what: &str,
    n: usize,
    got: impl Fn(i128) -> i128,
    want: impl Fn(i128) -> i128,
) -> Verdict {
    for i in 0..n as i128 {
        let (g, w) = (got(i), want(i));
        if g != w {
            return Verdict::Breaks(format!(
                "{what}: index {i} maps to {g} where the definition gives {w}"
            ));
        }
    }
    Verdict::Holds
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`Func::at`] as it was written first, every division in `i128`.
    fn at_i128(f: &Func, x: i128) -> i128 {
        if x < 0 {
            return -at_i128(f, -x);
        }
        let n = f.s.len();
        let (mut c, mut off) = (x, 0i128);
        for k in 0..n {
            if k + 1 == n {
                off = off.saturating_add(c.saturating_mul(f.d[k]));
            } else if f.s[k] == 0 {
                return off;
            } else {
                off = off.saturating_add((c % f.s[k]).saturating_mul(f.d[k]));
                c /= f.s[k];
            }
        }
        off
    }

    #[test]
    fn the_64_bit_path_gives_the_offsets_of_the_128_bit_one() {
        let layouts = [
            crate::layout!((_4,_8):(_8,_1)),
            crate::layout!(((_2,_3),_5):((_1,_40),_6)),
            crate::layout!((_3,_1,_2):(_1,_7,_3)),
            crate::layout!((_6,_4,_2):(_-2,_12,_-48)),
            crate::layout!(_7:_0),
        ];
        let mut checked = 0;
        for l in &layouts {
            let f = Func::of(l).expect("a plain layout");
            // inside and beyond the domain, negative indices, and indices past i64
            let far = [i128::from(i64::MAX), i128::from(i64::MAX) + 5, 1 << 100];
            for x in (-70i128..=70).chain(far).chain(far.map(|v| -v)) {
                assert_eq!(f.at(x), at_i128(&f, x), "{l} at {x}");
                checked += 1;
            }
        }
        assert_eq!(checked, layouts.len() * (141 + 6));
        // the odometer gives at() of each index of the domain
        for l in &layouts {
            let f = Func::of(l).unwrap();
            let all: Vec<i128> = f.offsets().collect();
            assert_eq!(all.len(), f.size());
            assert!(
                all.iter()
                    .enumerate()
                    .all(|(i, &o)| o == at_i128(&f, i as i128)),
                "{l}"
            );
        }
        // and f(x) is the layout's offset: index 7 of ((2,3),5):((1,40),6) is the
        // coordinate ((1,0),1), offset 1 + 6; index 29 is ((1,2),4), 1 + 80 + 24; past the
        // domain the last mode goes on (index 30 is ((0,0),5), 30)
        let f = Func::of(&layouts[1]).unwrap();
        assert_eq!((f.at(7), f.at(29), f.at(30), f.at(-7)), (7, 105, 30, -7));
    }
}
