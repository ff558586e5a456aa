//! Inverses of swizzled layouts: CuTe's `right_inverse` and `left_inverse` of
//! `ComposedLayout<Swizzle, _0, Layout>`.
//!
//! A swizzle is its own inverse, so CuTe inverts `Sw ∘ _0 ∘ L` as
//! `composition(inverse(L), Sw)`, a layout after a swizzle, which its
//! `composition(Layout, Swizzle)` turns back into a swizzle after a layout
//! ([`Layout::try_composition_swizzle`]). That last step is exact only when the layout
//! carries the swizzle's bit fields to bit fields, so each answer is checked against its
//! law over its whole domain, and refused where the law fails:
//!
//! - right inverse `R` of `A`: `A(R(i)) == i` for every `i < size(R)`;
//! - left inverse `R` of `A`: `A(R(A(i))) == A(i)` for every `i < size(A)` (CuTe's test of
//!   a left inverse, which holds where `A` is not injective too; where it is,
//!   `R(A(i)) == i`).
//!
//! As in CuTe, a layout is evaluated past its size along its last mode.

use super::ComposedLayout;
use crate::error::{Error, tri};
use crate::layout::Layout;

/// The largest domain whose law is checked; a larger inverse is refused.
const MAX_CHECKED: i64 = 1 << 24;

impl ComposedLayout {
    /// CuTe's `right_inverse` of a swizzled layout with a zero offset:
    /// `composition(right_inverse(L), Sw)`, such that `self(R(i)) == i` for every
    /// `i < size(R)`. The swizzle of the answer may be the identity (`B == 0`), where
    /// CuTe answers the plain layout.
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, layout};
    /// let a = ComposedLayout::new(Swizzle::new(2, 0, 2), Int::ZERO, layout!((_4,(_4,_3)):(_1,(_4,_16))));
    /// let r = a.try_right_inverse().unwrap();
    /// assert_eq!(r.to_string(), "Sw<2,0,2> o _0 o _48:_1");
    /// assert!((0..48).all(|i| a.offset(r.offset(i) as usize) == i as i64));
    /// ```
    ///
    /// # Errors
    ///
    /// A non-zero offset, a right inverse whose swizzle CuTe's `make_swizzle` refuses, an
    /// answer that is not a right inverse, or one of more than 2^24 elements (its law is
    /// not checked).
    #[doc(alias = "right_inverse")]
    pub const fn try_right_inverse(&self) -> Result<ComposedLayout, Error> {
        let r = tri!(self.inverse_parts(tri!(self.layout().try_right_inverse())));
        let n = tri!(r.try_size()).value();
        tri!(too_large(n));
        let mut i = 0;
        while i < n {
            let x = r.offset(i as usize);
            if x < 0 || self.offset(x as usize) != i {
                return Err(unlawful(
                    "right_inverse: the swizzle does not pass through the inverse: A(R(i)) != i",
                    i,
                ));
            }
            i += 1;
        }
        Ok(r)
    }

    /// CuTe's `left_inverse` of a swizzled layout with a zero offset:
    /// `composition(left_inverse(L), Sw)`, such that `self(R(self(i))) == self(i)` for
    /// every `i < size(self)` (`R(self(i)) == i` where `self` is injective).
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, layout};
    /// let a = ComposedLayout::new(Swizzle::new(3, 0, 3), Int::ZERO, layout!((_8,_8):(_8,_1)));
    /// let r = a.try_left_inverse().unwrap();
    /// assert!((0..64).all(|i| r.offset(a.offset(i) as usize) == i as i64));
    /// ```
    ///
    /// # Errors
    ///
    /// As [`ComposedLayout::try_right_inverse`], for a left inverse (more than 2^24
    /// elements: of `self`).
    #[doc(alias = "left_inverse")]
    pub const fn try_left_inverse(&self) -> Result<ComposedLayout, Error> {
        let r = tri!(self.inverse_parts(tri!(self.layout().try_left_inverse())));
        let n = tri!(self.try_size()).value();
        tri!(too_large(n));
        let mut i = 0;
        while i < n {
            let y = self.offset(i as usize);
            let x = if y < 0 { -1 } else { r.offset(y as usize) };
            if x < 0 || self.offset(x as usize) != y {
                return Err(unlawful(
                    "left_inverse: the swizzle does not pass through the inverse: A(R(A(i))) != A(i)",
                    i,
                ));
            }
            i += 1;
        }
        Ok(r)
    }

    /// `composition(inv, Sw)` as CuTe forms it, for a zero offset.
    const fn inverse_parts(&self, inv: Layout) -> Result<ComposedLayout, Error> {
        let o = self.origin();
        if !(o.is_static() && o.value() == 0) {
            return Err(Error::Precondition {
                msg: "inverse of a swizzled layout: the offset must be a static _0",
                mode: -1,
                lhs: o.value(),
                rhs: 0,
            });
        }
        inv.try_composition_swizzle(self.swizzle())
    }
}

const fn too_large(n: i64) -> Result<(), Error> {
    if n > MAX_CHECKED {
        return Err(Error::Precondition {
            msg: "inverse of a swizzled layout: too many elements to check the inverse's law",
            mode: -1,
            lhs: n,
            rhs: MAX_CHECKED,
        });
    }
    Ok(())
}

const fn unlawful(msg: &'static str, i: i64) -> Error {
    Error::Precondition {
        msg,
        mode: -1,
        lhs: i,
        rhs: 0,
    }
}

#[cfg(test)]
mod tests {
    use crate::{ComposedLayout, Int, Swizzle, layout};

    #[test]
    fn inverses_invert() {
        let a = ComposedLayout::new(Swizzle::new(3, 0, 3), Int::ZERO, layout!((_8,_8):(_8,_1)));
        let r = a.try_right_inverse().unwrap();
        assert!((0..64).all(|i| a.offset(r.offset(i) as usize) == i as i64));
        let l = a.try_left_inverse().unwrap();
        assert!((0..64).all(|i| l.offset(a.offset(i) as usize) == i as i64));
    }

    #[test]
    fn offsets_are_refused() {
        let a = ComposedLayout::new(
            Swizzle::new(1, 0, 1),
            Int::new(4, true),
            layout!((_4,_4):(_1,_4)),
        );
        assert!(a.try_right_inverse().is_err());
        assert!(a.try_left_inverse().is_err());
    }

    /// `right_inverse((_2,_4):(_1,_4))` is `_2:_1`, and CuTe's pass of `Sw<1,0,-3>`
    /// through it gives `Sw<1,0,-3> o _0 o _2:_1`, which sends 1 to 9, where `A` is
    /// `Sw(L(9)) = Sw(17) = 25`, not 1: refused.
    #[test]
    fn an_inverse_the_swizzle_does_not_pass_through_is_refused() {
        let a = ComposedLayout::new(Swizzle::new(1, 0, -3), Int::ZERO, layout!((_2,_4):(_1,_4)));
        let e = a.try_right_inverse().unwrap_err();
        assert!(alloc::format!("{e}").contains("right_inverse"), "{e}");
        let b = ComposedLayout::new(Swizzle::new(1, 0, -2), Int::ZERO, layout!((_4,_8):(_1,_5)));
        assert!(b.try_left_inverse().is_err());
        // the left inverse of the first one passes its law
        let l = a.try_left_inverse().unwrap();
        assert!((0..8).all(|i| {
            let y = a.offset(i);
            a.offset(l.offset(y as usize) as usize) == y
        }));
    }
}
