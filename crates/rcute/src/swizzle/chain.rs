//! Composed layouts beyond a swizzle before a layout: CuTe's `ComposedLayout<A, O, B>`
//! where `A` or `B` is itself composed, or `B` is a swizzle. Two of CuTe's functions
//! answer them: the composition of two swizzled layouts (`Sw o O o Sw' o O' o L`), and
//! the left inverse of a swizzled layout with an offset (`L' o -O o Sw`).
//!
//! A [`ComposedChain`] is the chain `P0 o O0 o P1 o O1 o ... o Pn` of parts (swizzles and
//! layouts) and offsets, the function `x -> P0(O0 + P1(O1 + ... Pn(x)))`. As in CuTe, what
//! a layout function asks of its shape (size, rank, modes, composition with a tiler, the
//! divides) acts on the innermost part, the layout of its domain.

use super::{ComposedLayout, Swizzle};
use crate::error::{Error, tri};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;
use core::fmt;

/// The most parts of a [`ComposedChain`].
pub const MAX_CHAIN_PARTS: usize = 5;

/// One part of a [`ComposedChain`].
// the core library has no heap: a layout part is stored inline, as layouts always are
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChainPart {
    /// A swizzle functor.
    Swizzle(Swizzle),
    /// A layout, as a function of a 1-D index (extended past its size as CuTe extends it).
    Layout(Layout),
}

impl ChainPart {
    /// The part at 1-D index `x`.
    const fn at(&self, x: i64) -> Result<i64, Error> {
        match self {
            ChainPart::Swizzle(sw) => Ok(sw.apply(x)),
            ChainPart::Layout(l) => match l.try_crd2idx(&IntTuple::from_int(Int::dynamic(x))) {
                Ok(v) => Ok(v.value()),
                Err(e) => Err(e),
            },
        }
    }
}

impl fmt::Display for ChainPart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChainPart::Swizzle(sw) => fmt::Display::fmt(sw, f),
            ChainPart::Layout(l) => fmt::Display::fmt(l, f),
        }
    }
}

/// A chain of swizzles and layouts with offsets between them (CuTe's nested
/// `ComposedLayout`): `P0 o O0 o P1 o ... o Pn` is `x -> P0(O0 + P1(O1 + ... Pn(x)))`.
///
/// ```
/// use rcute::{ComposedLayout, Int, Swizzle, layout};
/// let a = ComposedLayout::new(Swizzle::new(2, 1, 2), Int::ZERO, layout!((_8,_4):(_4,_1)));
/// let b = ComposedLayout::new(Swizzle::new(1, 1, 2), Int::ZERO, layout!((_2,_2):(_1,_2)));
/// let c = a.try_composition_composed(&b).unwrap();
/// assert_eq!(c.to_string(), "Sw<2,1,2> o _0 o Sw<1,0,-3> o _0 o (_2,_2):(_4,_8)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComposedChain {
    parts: [ChainPart; MAX_CHAIN_PARTS],
    offsets: [Int; MAX_CHAIN_PARTS],
    n: usize,
}

const TOO_LONG: Error = Error::Capacity {
    msg: "composed layout: too many parts in a chain of compositions",
    capacity: MAX_CHAIN_PARTS,
};

impl ComposedChain {
    /// The chain of `parts` with `offsets[k]` between part `k` and part `k + 1`.
    ///
    /// # Errors
    /// Fewer than two or more than [`MAX_CHAIN_PARTS`] parts, or not one offset fewer than
    /// parts.
    pub const fn try_new(parts: &[ChainPart], offsets: &[Int]) -> Result<ComposedChain, Error> {
        if parts.len() > MAX_CHAIN_PARTS {
            return Err(TOO_LONG);
        }
        if parts.len() < 2 || offsets.len() + 1 != parts.len() {
            return Err(Error::RankMismatch {
                msg: "composed layout: a chain has one offset fewer than parts, and two parts at least",
                expected: parts.len(),
                found: offsets.len() + 1,
            });
        }
        let mut c = ComposedChain {
            parts: [ChainPart::Swizzle(Swizzle::new(0, 0, 0)); MAX_CHAIN_PARTS],
            offsets: [Int::ZERO; MAX_CHAIN_PARTS],
            n: parts.len(),
        };
        let mut k = 0;
        while k < parts.len() {
            c.parts[k] = parts[k];
            if k < offsets.len() {
                c.offsets[k] = offsets[k];
            }
            k += 1;
        }
        Ok(c)
    }

    /// The chain as a swizzled layout, where it is one (a swizzle before a layout).
    pub const fn as_composed(&self) -> Option<ComposedLayout> {
        match (self.n, self.parts[0], self.parts[1]) {
            (2, ChainPart::Swizzle(sw), ChainPart::Layout(l)) => {
                match ComposedLayout::try_new(sw, self.offsets[0], l) {
                    Ok(c) => Some(c),
                    Err(_) => None,
                }
            }
            _ => None,
        }
    }

    /// The parts, outermost first.
    pub fn parts(&self) -> &[ChainPart] {
        &self.parts[..self.n]
    }

    /// The offsets: `offsets()[k]` is added before part `k` is applied.
    pub fn offsets(&self) -> &[Int] {
        &self.offsets[..self.n - 1]
    }

    /// The layout of the domain, the innermost part, where it is a layout (CuTe's
    /// `layout_b()` all the way down); `None` where it is a swizzle.
    pub const fn inner_layout(&self) -> Option<Layout> {
        match self.parts[self.n - 1] {
            ChainPart::Layout(l) => Some(l),
            ChainPart::Swizzle(_) => None,
        }
    }

    /// The same chain with the innermost layout replaced by `l` (what the operations on
    /// the layout answer).
    ///
    /// # Errors
    /// A chain that ends in a swizzle.
    pub const fn try_with_inner_layout(&self, l: Layout) -> Result<ComposedChain, Error> {
        if self.inner_layout().is_none() {
            return Err(NO_DOMAIN);
        }
        let mut c = *self;
        c.parts[c.n - 1] = ChainPart::Layout(l);
        Ok(c)
    }

    /// The offset of 1-D index `x`: the parts applied from the innermost out.
    ///
    /// # Errors
    /// An overflow, or a coordinate a layout part cannot take.
    pub const fn try_at(&self, x: i64) -> Result<i64, Error> {
        self.outward(tri!(self.parts[self.n - 1].at(x)))
    }

    /// The parts outside the innermost one applied to `v`, its value, with their offsets.
    const fn outward(&self, mut v: i64) -> Result<i64, Error> {
        let mut k = self.n - 1;
        while k > 0 {
            k -= 1;
            let y = tri!(Int::dynamic(v).try_add(Int::dynamic(self.offsets[k].value())));
            v = tri!(self.parts[k].at(y.value()));
        }
        Ok(v)
    }

    /// The offset of a coordinate of the innermost layout (an integer where the chain ends
    /// in a swizzle).
    ///
    /// # Errors
    /// A coordinate the innermost part does not take, or an overflow.
    pub const fn try_apply(&self, coord: &IntTuple) -> Result<Int, Error> {
        let x = match self.inner_layout() {
            Some(l) => tri!(l.try_crd2idx(coord)).value(),
            None => match coord.as_int() {
                Some(i) if !i.is_basis() && !i.is_underscore() => {
                    return match self.try_at(i.value()) {
                        Ok(v) => Ok(Int::dynamic(v)),
                        Err(e) => Err(e),
                    };
                }
                _ => {
                    return Err(Error::WrongKind {
                        msg: "composed layout: a chain that ends in a swizzle is applied to one integer",
                    });
                }
            },
        };
        Ok(Int::dynamic(tri!(self.outward(x))))
    }

    /// `self ∘ b` for a layout `b` where the chain ends in a swizzle (CuTe appends it:
    /// `L o O o Sw o _0 o b`), or the innermost layout composed with `b`.
    ///
    /// # Errors
    /// A chain already of [`MAX_CHAIN_PARTS`] parts, or the innermost composition's error.
    pub const fn try_composition(&self, b: &Layout) -> Result<ComposedChain, Error> {
        match self.inner_layout() {
            Some(l) => self.try_with_inner_layout(tri!(l.try_composition(b))),
            None => {
                if self.n == MAX_CHAIN_PARTS {
                    return Err(TOO_LONG);
                }
                let mut c = *self;
                c.offsets[c.n - 1] = Int::ZERO;
                c.parts[c.n] = ChainPart::Layout(*b);
                c.n += 1;
                Ok(c)
            }
        }
    }
}

/// The error of a shape asked of a chain without a layout at its end.
pub const fn chain_no_domain() -> Error {
    NO_DOMAIN
}

const NO_DOMAIN: Error = Error::WrongKind {
    msg: "composed layout: a chain that ends in a swizzle has no shape (CuTe's size and coalesce of it are errors too)",
};

impl ComposedLayout {
    /// `self ∘ b` for two swizzled layouts (CuTe's composition of two `ComposedLayout`s):
    /// `Sw ∘ O ∘ (L ∘ b)`, with `L ∘ b` as [`Layout::try_composition_composed`] answers it;
    /// where that is swizzled, the answer is a chain of two swizzles.
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, layout};
    /// let a = ComposedLayout::new(Swizzle::new(1, 1, -1), Int::constant(32), layout!((_2,_8):(_8,_1)));
    /// let b = ComposedLayout::new(Swizzle::new(1, 0, -3), Int::ZERO, layout!((_1,_4):(_4,_1)));
    /// let c = a.try_composition_composed(&b).unwrap();
    /// assert_eq!(c.to_string(), "Sw<1,1,-1> o _32 o Sw<1,2,1> o _0 o (_1,(_2,_2)):(_2,(_8,_1))");
    /// ```
    ///
    /// # Errors
    /// As [`Layout::try_composition_composed`]; an offset of `self` with run-time bits
    /// (CuTe's `MixedBits`) is not kept in a chain and is refused.
    pub const fn try_composition_composed(
        &self,
        b: &ComposedLayout,
    ) -> Result<ComposedChain, Error> {
        self.composition_composed_with(b, false)
    }

    /// `self ∘ b` for two swizzled layouts as CuTe C++ answers it, where
    /// [`ComposedLayout::try_composition_composed`] refuses: `L ∘ b` by
    /// [`Layout::try_composition_composed_as_cute`] (CuTe's construction without the check
    /// that it is `L ∘ b`). The answer is what CuTe prints, which is not always `self ∘ b`.
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, layout};
    /// let a = ComposedLayout::new(Swizzle::new(1, 0, 1), Int::ZERO, layout!((_4,_2,_2):(_1,_8,_4)));
    /// let b = ComposedLayout::new(Swizzle::new(2, 0, 4), Int::ZERO, layout!((_4,_2):(_2,_1)));
    /// assert!(a.try_composition_composed(&b).is_err());
    /// let c = a.try_composition_composed_as_cute(&b).unwrap();
    /// assert_eq!(c.to_string(), "Sw<1,0,1> o _0 o Sw<2,0,3> o _0 o ((_2,_2),_2):((_2,_8),_1)");
    /// ```
    pub const fn try_composition_composed_as_cute(
        &self,
        b: &ComposedLayout,
    ) -> Result<ComposedChain, Error> {
        self.composition_composed_with(b, true)
    }

    /// [`ComposedLayout::try_composition_composed`], with `L ∘ b` as CuTe builds it where
    /// `as_cute`.
    const fn composition_composed_with(
        &self,
        b: &ComposedLayout,
        as_cute: bool,
    ) -> Result<ComposedChain, Error> {
        if self.flags != 0 {
            return Err(Error::WrongKind {
                msg: "composition: a swizzled layout whose offset has run-time bits before a swizzled layout is not supported",
            });
        }
        let inner = match tri!(self.layout.composition_composed_with(b, as_cute)) {
            super::MaybeSwizzled::Plain(l) => {
                return ComposedChain::try_new(
                    &[ChainPart::Swizzle(self.swizzle), ChainPart::Layout(l)],
                    &[self.offset],
                );
            }
            super::MaybeSwizzled::Swizzled(k) => k,
        };
        if inner.flags != 0 {
            return Err(Error::WrongKind {
                msg: "composition: an inner offset with run-time bits is not supported",
            });
        }
        ComposedChain::try_new(
            &[
                ChainPart::Swizzle(self.swizzle),
                ChainPart::Swizzle(inner.swizzle),
                ChainPart::Layout(inner.layout),
            ],
            &[self.offset, inner.offset],
        )
    }
}

impl ComposedLayout {
    /// The left inverse of a swizzled layout with an offset (CuTe's `left_inverse` of
    /// `Sw o O o L`, `O` not zero): `left_inverse(L) o -O o Sw`, since the swizzle is its
    /// own inverse. For a zero offset, see [`ComposedLayout::try_left_inverse`].
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, layout};
    /// let a = ComposedLayout::new(Swizzle::new(1, 3, 2), Int::constant(32), layout!(_16:_1));
    /// let r = a.try_left_inverse_chain().unwrap();
    /// assert_eq!(r.to_string(), "_16:_1 o _-32 o Sw<1,3,2>");
    /// assert!((0..16).all(|i| r.try_at(a.offset(i)).unwrap() == i as i64));
    /// ```
    ///
    /// # Errors
    /// A zero offset (the answer is a swizzled layout, not a chain), an offset with
    /// run-time bits, the left inverse of `L`'s errors, and an answer that does not invert
    /// `self` (`R(A(i)) == i` is checked for every `i < size(A)`, up to 2^20 elements; where
    /// `A` is not injective, `R(A(i))` may be another index `j` with `A(j) == A(i)`).
    pub const fn try_left_inverse_chain(&self) -> Result<ComposedChain, Error> {
        let r = tri!(self.offset_inverse_chain(
            "left_inverse: a chain is the left inverse of a swizzled layout with a plain offset that is not _0",
            self.layout.try_left_inverse(),
        ));
        let m = tri!(self.layout.try_size()).value();
        if m > super::MAX_CHECKED_INVERSE {
            return Err(Error::Precondition {
                msg: "left_inverse: an inverse of more than 2^20 elements is not checked, so not answered",
                mode: -1,
                lhs: m,
                rhs: super::MAX_CHECKED_INVERSE,
            });
        }
        // `R(A(i)) == i`, or where `A` is not injective, an index `j` with `A(j) == A(i)`
        // (a quasi-inverse, the law of a layout's left inverse)
        let mut i = 0;
        while i < m {
            let x = self.offset(i as usize);
            let y = tri!(r.try_at(x));
            if y != i && (y < 0 || y >= m || self.offset(y as usize) != x) {
                return Err(Error::Precondition {
                    msg: "left_inverse: the inverse of this swizzled layout does not invert it",
                    mode: -1,
                    lhs: i,
                    rhs: x,
                });
            }
            i += 1;
        }
        Ok(r)
    }
}

impl ComposedLayout {
    /// The right inverse of a swizzled layout with an offset as CuTe C++ answers it:
    /// `right_inverse(L) o -O o Sw`, a chain without a size (rcute refuses it, see
    /// [`ComposedLayout::try_right_inverse`]).
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, layout};
    /// let a = ComposedLayout::new(Swizzle::new(1, 3, -3), Int::constant(4), layout!((_8):(_1)));
    /// assert_eq!(a.try_right_inverse_chain_as_cute().unwrap().to_string(), "_8:_1 o _-4 o Sw<1,3,-3>");
    /// ```
    pub const fn try_right_inverse_chain_as_cute(&self) -> Result<ComposedChain, Error> {
        self.offset_inverse_chain(
            "right_inverse: a chain is CuTe's right inverse of a swizzled layout with a plain offset that is not _0",
            self.layout.try_right_inverse(),
        )
    }

    /// CuTe's inverse of a swizzled layout with an offset, `inverse o -O o Sw`, from
    /// the inverse of its layout; `what` is the error where the offset is `_0` or not
    /// plain (the inverse is then no chain).
    const fn offset_inverse_chain(
        &self,
        what: &'static str,
        inverse: Result<Layout, Error>,
    ) -> Result<ComposedChain, Error> {
        if self.flags != 0 || (self.offset.is_static() && self.offset.value() == 0) {
            return Err(Error::WrongKind { msg: what });
        }
        let inverse = tri!(inverse);
        ComposedChain::try_new(
            &[ChainPart::Layout(inverse), ChainPart::Swizzle(self.swizzle)],
            &[tri!(Int::ZERO.try_sub(self.offset))],
        )
    }

    /// The left inverse of a swizzled layout with an offset as CuTe C++ answers it:
    /// `left_inverse(L) o -O o Sw` with CuTe's construction of `left_inverse(L)`, without
    /// the check of [`ComposedLayout::try_left_inverse_chain`] (which refuses where it
    /// does not invert).
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, layout};
    /// let a = ComposedLayout::new(Swizzle::new(1, 3, 1), Int::constant(32), layout!((_8,_8,_8):(_2,_8,_64)));
    /// assert!(a.try_left_inverse_chain().is_err());
    /// assert_eq!(
    ///     a.try_left_inverse_chain_as_cute().unwrap().to_string(),
    ///     "(_2,_4,_64):(_0,_1,_8) o _-32 o Sw<1,3,1>"
    /// );
    /// ```
    pub const fn try_left_inverse_chain_as_cute(&self) -> Result<ComposedChain, Error> {
        self.offset_inverse_chain(
            "left_inverse: a chain is CuTe's left inverse of a swizzled layout with a plain offset that is not _0",
            self.layout.try_left_inverse_as_cute(),
        )
    }
}

impl From<ComposedLayout> for ComposedChain {
    fn from(c: ComposedLayout) -> ComposedChain {
        ComposedChain {
            parts: {
                let mut p = [ChainPart::Swizzle(Swizzle::new(0, 0, 0)); MAX_CHAIN_PARTS];
                p[0] = ChainPart::Swizzle(c.swizzle);
                p[1] = ChainPart::Layout(c.layout);
                p
            },
            offsets: {
                let mut o = [Int::ZERO; MAX_CHAIN_PARTS];
                o[0] = c.offset;
                o
            },
            n: 2,
        }
    }
}

impl fmt::Display for ComposedChain {
    /// CuTe's `print`: the parts and offsets joined by ` o `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for k in 0..self.n {
            if k > 0 {
                write!(f, " o {} o ", self.offsets[k - 1])?;
            }
            write!(f, "{}", self.parts[k])?;
        }
        Ok(())
    }
}
