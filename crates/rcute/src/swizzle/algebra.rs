//! The algebra of swizzled layouts beyond the operations on `L` alone (swizzle_layout.hpp,
//! layout_composed.hpp): inverses, offsets in the domain, casts and alignment.

use super::slice::MaybeSwizzled;
use super::{ComposedLayout, Swizzle};
use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;

/// The most elements over which rcute checks an inverse of a swizzled layout.
pub const MAX_CHECKED_INVERSE: i64 = 1 << 20;

const fn refuse(msg: &'static str, lhs: i64, rhs: i64) -> Error {
    Error::Precondition {
        msg,
        mode: -1,
        lhs,
        rhs,
    }
}

/// `new(0, lb(x))`: a field of the swizzle, through the tiler's layout `lb` and the
/// product `new` (CuTe's `new_layout(Int<0>{}, tiler.layout_b()(active))`).
const fn through(lb: &Layout, new: &Layout, x: i64) -> Result<i64, Error> {
    let j = tri!(lb.try_crd2idx(&IntTuple::from_int(Int::dynamic(x))));
    let coord = tri!(IntTuple::try_tuple(&[
        IntTuple::from_int(Int::ZERO),
        IntTuple::from_int(j)
    ]));
    Ok(tri!(new.try_crd2idx(&coord)).value())
}

/// What a layout `l` is composed with: a swizzle (over `l`'s domain) or a swizzled layout
/// (over its own domain).
#[derive(Clone, Copy)]
pub(crate) enum After<'a> {
    Swizzle(Swizzle),
    Composed(&'a ComposedLayout),
}

/// The law of a layout before a swizzle or a swizzled layout `b`: `r(i) == l(b(i))` for
/// every `i` of the domain (at most 2^20 indices, refused beyond).
pub(crate) const fn check_after(l: &Layout, b: After<'_>, r: &MaybeSwizzled) -> Result<(), Error> {
    let n = match b {
        After::Swizzle(_) => tri!(l.try_size()).value(),
        After::Composed(c) => tri!(c.try_size()).value(),
    };
    if n > MAX_CHECKED_INVERSE {
        return Err(refuse(
            "composition: a layout before a swizzle over more than 2^20 elements is not checked, so not answered",
            n,
            MAX_CHECKED_INVERSE,
        ));
    }
    let mut i = 0;
    while i < n {
        let x = match b {
            After::Swizzle(sw) => sw.apply(i),
            After::Composed(c) => c.offset(i as usize),
        };
        let want = tri!(l.try_crd2idx(&IntTuple::from_int(Int::dynamic(x)))).value();
        let got = r.offset(i as usize);
        if got != want {
            return Err(Error::Precondition {
                msg: "composition: CuTe's swizzle after the layout is not the layout after the swizzle here (the layout does not map the swizzle's bit fields to bit fields); index and offset",
                mode: -1,
                lhs: i,
                rhs: got,
            });
        }
        i += 1;
    }
    Ok(())
}

impl Layout {
    /// `self ∘ sw` (CuTe's `composition(Layout, Swizzle)`): the swizzle whose fields are
    /// the images of `sw`'s fields under `self`, composed after `self`. Like CuTe, this
    /// works when `self` maps the two fields to two fields of equal width.
    ///
    /// ```
    /// use rcute::{Swizzle, layout};
    /// let l = layout!((_8,_8):(_8,_1));
    /// assert_eq!(l.composition_swizzle(Swizzle::new(3, 0, 3)).to_string(), "Sw<3,0,-3> o _0 o (_8,_8):(_8,_1)");
    /// ```
    ///
    /// # Errors
    /// Where `self` does not map the fields to fields (CuTe: "works in simple cases"), the
    /// swizzle after `self` is not `self ∘ sw`: rcute checks `R(i) == self(sw(i))` for
    /// every `i < size(self)` and refuses where it fails (and refuses to answer for more
    /// than 2^20 elements, which it does not check).
    ///
    /// ```
    /// use rcute::{Swizzle, layout};
    /// // bit 0 goes to offset 2 and bit 2 to offset 3, not a field of one bit
    /// let l = layout!(((_6,_2),_3):((_2,_1),_12));
    /// assert!(l.try_composition_swizzle(Swizzle::new(1, 0, -2)).is_err());
    /// ```
    pub const fn try_composition_swizzle(&self, sw: Swizzle) -> Result<ComposedLayout, Error> {
        let r = tri!(self.composition_swizzle_unchecked(sw));
        tri!(check_after(
            self,
            After::Swizzle(sw),
            &MaybeSwizzled::Swizzled(r),
        ));
        Ok(r)
    }
}

/// `composition(Sw, O, L)` with a plain offset: `L` alone for the identity swizzle and a
/// static zero offset.
const fn compose(sw: Swizzle, o: Int, l: Layout) -> Result<MaybeSwizzled, Error> {
    if sw.is_identity() && o.is_static() && o.value() == 0 {
        return Ok(MaybeSwizzled::Plain(l));
    }
    match ComposedLayout::try_new(sw, o, l) {
        Ok(c) => Ok(MaybeSwizzled::Swizzled(c)),
        Err(e) => Err(e),
    }
}

impl Layout {
    /// `self ∘ sw` as CuTe gives it (`composition(Layout, Swizzle)`): the layout alone
    /// where the images of the swizzle's fields are empty (an identity swizzle).
    ///
    /// ```
    /// use rcute::{Swizzle, layout};
    /// let l = layout!(_4:_4);
    /// assert_eq!(l.composition_swizzle_or_plain(Swizzle::new(1, 0, 1)).to_string(), "Sw<1,2,1> o _0 o _4:_4");
    /// ```
    ///
    /// # Errors
    /// As [`Layout::try_composition_swizzle`]: where the answer is not `self ∘ sw`.
    pub const fn try_composition_swizzle_or_plain(
        &self,
        sw: Swizzle,
    ) -> Result<MaybeSwizzled, Error> {
        let c = tri!(self.try_composition_swizzle(sw));
        compose(c.swizzle, Int::ZERO, c.layout)
    }

    /// [`Layout::try_composition_swizzle_or_plain`], unchecked (the inverses check their
    /// own law).
    const fn composition_swizzle_or_plain_unchecked(
        &self,
        sw: Swizzle,
    ) -> Result<MaybeSwizzled, Error> {
        let c = tri!(self.composition_swizzle_unchecked(sw));
        compose(c.swizzle, Int::ZERO, c.layout)
    }

    /// `self ∘ b` for a swizzled layout `b = Sw ∘ _0 ∘ L` (CuTe's `composition(Layout,
    /// ComposedLayout)`): `(self ∘ Sw) ∘ L`, plain where the swizzle after `self` is the
    /// identity.
    ///
    /// # Errors
    /// An offset of `b` that is not a static zero (CuTe's requirement), and an answer
    /// that is not `self ∘ b`: `self ∘ Sw` is CuTe's swizzle of the images of `Sw`'s fields,
    /// which "works in simple cases"; rcute checks `R(i) == self(b(i))` for every
    /// `i < size(b)` and refuses where it fails (or where `b` has more than 2^20
    /// elements, which it does not check).
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, layout};
    /// let b = ComposedLayout::new(Swizzle::new(1, 0, 1), Int::ZERO, layout!((_4,_4):(_8,_1)));
    /// assert_eq!(layout!(_64:_2).composition_composed(&b).to_string(), "Sw<1,1,1> o _0 o (_4,_4):(_16,_2)");
    /// // CuTe answers Sw<1,1,-2> o _0 o (_4,_1):(_2,_12), which sends 3 to 14, not 3
    /// let b = ComposedLayout::new(Swizzle::new(1, 0, -2), Int::ZERO, layout!((_4,_1):(_1,_1)));
    /// assert!(layout!(((_6,_2),_3):((_2,_1),_12)).try_composition_composed(&b).is_err());
    /// ```
    pub const fn try_composition_composed(
        &self,
        b: &ComposedLayout,
    ) -> Result<MaybeSwizzled, Error> {
        self.composition_composed_with(b, false)
    }

    /// `self ∘ b` as CuTe C++ answers it, where [`Layout::try_composition_composed`]
    /// refuses: CuTe's construction without the check that it is `self ∘ b`, its inner
    /// composition with `b`'s layout [`Layout::try_composition_as_cute`].
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, layout};
    /// let b = ComposedLayout::new(Swizzle::new(1, 0, -2), Int::ZERO, layout!((_4,_1):(_1,_1)));
    /// let a = layout!(((_6,_2),_3):((_2,_1),_12));
    /// assert_eq!(a.try_composition_composed_as_cute(&b).unwrap().to_string(), "Sw<1,1,-2> o _0 o (_4,_1):(_2,_12)");
    /// // the inner composition's tiler reaches past the mode of 3 (rcute refuses it)
    /// let b = ComposedLayout::new(Swizzle::new(2, 1, -4), Int::ZERO, layout!((_2,_2):(_1,_2)));
    /// let a = layout!(((_3,_4)):((_4,_1)));
    /// assert!(a.try_composition_composed(&b).is_err());
    /// assert_eq!(a.try_composition_composed_as_cute(&b).unwrap().to_string(), "Sw<1,1,-4> o _0 o (_2,_2):(_4,_8)");
    /// ```
    pub const fn try_composition_composed_as_cute(
        &self,
        b: &ComposedLayout,
    ) -> Result<MaybeSwizzled, Error> {
        self.composition_composed_with(b, true)
    }

    /// [`Layout::try_composition_composed`], or with `as_cute`
    /// [`Layout::try_composition_composed_as_cute`].
    pub(super) const fn composition_composed_with(
        &self,
        b: &ComposedLayout,
        as_cute: bool,
    ) -> Result<MaybeSwizzled, Error> {
        if b.flags != 0 || !b.offset.is_static() || b.offset.value() != 0 {
            return Err(refuse(
                "composition: the right composed layout must have the offset _0",
                b.offset.value(),
                0,
            ));
        }
        let r = match tri!(self.composition_swizzle_or_plain_unchecked(b.swizzle)) {
            // the layout after the swizzle, composed with `b`'s layout as CuTe composes it
            // where `as_cute` (its walk, without the check that it is the function)
            MaybeSwizzled::Plain(l) if as_cute => {
                MaybeSwizzled::Plain(tri!(l.try_composition_as_cute(&b.layout)))
            }
            MaybeSwizzled::Plain(l) => MaybeSwizzled::Plain(tri!(l.try_composition(&b.layout))),
            MaybeSwizzled::Swizzled(k) if as_cute => MaybeSwizzled::Swizzled(
                k.with_layout(tri!(k.layout.try_composition_as_cute(&b.layout))),
            ),
            MaybeSwizzled::Swizzled(k) => {
                MaybeSwizzled::Swizzled(tri!(k.try_composition(&b.layout)))
            }
        };
        if !as_cute {
            tri!(check_after(self, After::Composed(b), &r));
        }
        Ok(r)
    }

    /// `logical_product(self, b)` for a swizzled tiler `b = Sw ∘ _0 ∘ L` (CuTe's
    /// `logical_product(Layout, ComposedLayout)`): the product by `L`, under the swizzle
    /// whose fields are the images, through `L` and the product, of the fields of `Sw`
    /// that `L` reaches (CuTe's construction, from the last offset of `L` projected on
    /// the fields).
    ///
    /// # Errors
    /// An offset of `b` that is not a static zero (CuTe's requirement), the product's and
    /// the construction's errors, and an answer that is not the product by `b` as a
    /// function: `R(a, j) == self(a) + C(b(j))`, `C` the complement of `self` in
    /// `size(self) * cosize(L)`, checked at every index (refused past 2^20).
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, layout};
    /// let b = ComposedLayout::new(Swizzle::new(1, 0, 1), Int::ZERO, layout!((_2,_2):(_1,_2)));
    /// let r = layout!((_2,_2):(_1,_2)).logical_product_composed(&b);
    /// assert_eq!(r.to_string(), "Sw<1,2,1> o _0 o ((_2,_2),(_2,_2)):((_1,_2),(_4,_8))");
    /// ```
    pub const fn try_logical_product_composed(
        &self,
        b: &ComposedLayout,
    ) -> Result<MaybeSwizzled, Error> {
        self.logical_product_composed_with(b, false)
    }

    /// `logical_product(self, b)` as CuTe C++ answers it, where
    /// [`Layout::try_logical_product_composed`] refuses: CuTe's construction without the
    /// check that it is the product by `b`.
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, layout};
    /// let b = ComposedLayout::new(Swizzle::new(1, 0, 1), Int::ZERO, layout!((_4,_2):(_2,_1)));
    /// assert!(layout!((_8):(_1)).try_logical_product_composed(&b).is_err());
    /// assert_eq!(layout!((_8):(_1)).try_logical_product_composed_as_cute(&b).unwrap().to_string(),
    ///            "Sw<1,3,-2> o _0 o ((_8),(_4,_2)):((_1),(_16,_8))");
    /// ```
    pub const fn try_logical_product_composed_as_cute(
        &self,
        b: &ComposedLayout,
    ) -> Result<MaybeSwizzled, Error> {
        self.logical_product_composed_with(b, true)
    }

    const fn logical_product_composed_with(
        &self,
        b: &ComposedLayout,
        as_cute: bool,
    ) -> Result<MaybeSwizzled, Error> {
        if b.flags != 0 || !b.offset.is_static() || b.offset.value() != 0 {
            return Err(refuse(
                "logical_product: the swizzled tiler must have the offset _0",
                b.offset.value(),
                0,
            ));
        }
        let lb = b.layout;
        let new = tri!(self.try_logical_product(&crate::algebra::Tiler::layout(lb)));
        let sw = b.swizzle;
        // the projection of the swizzle's fields, P
        let only_zy = sw.fields_projection();
        let zy = tri!(only_zy.try_composition(&lb));
        let last = tri!(tri!(zy.try_size()).try_sub(Int::constant(1)));
        let active = tri!(zy.try_crd2idx(&IntTuple::from_int(last))).value();
        let (az, ay) = (active & sw.zzz_mask(), active & sw.yyy_mask());
        let new_sw = tri!(Swizzle::try_from_masks(
            tri!(through(&lb, &new, ay)),
            tri!(through(&lb, &new, az))
        ));
        let r = tri!(compose(new_sw, Int::ZERO, new));
        if as_cute {
            return Ok(r);
        }
        // the law: R(a, j) == self(a) + C(Sw(L(j)))
        let na = tri!(self.try_size()).value();
        let n = tri!(new.try_size()).value();
        if n > MAX_CHECKED_INVERSE {
            return Err(refuse(
                "logical_product: a product by a swizzled tiler of more than 2^20 elements is not checked, so not answered",
                n,
                MAX_CHECKED_INVERSE,
            ));
        }
        let cot = tri!(Int::dynamic(na).try_mul(tri!(lb.try_cosize())));
        let comp = tri!(self.try_complement(&IntTuple::from_int(cot)));
        let mut i = 0;
        while i < n {
            let (a, j) = (i % na, i / na);
            let x = sw.apply(lb.offset(j as usize));
            let cx = tri!(comp.try_crd2idx(&IntTuple::from_int(Int::dynamic(x)))).value();
            let want = self.offset(a as usize) + cx;
            let got = r.offset(i as usize);
            if got != want {
                return Err(Error::Precondition {
                    msg: "logical_product: CuTe's swizzle transferred to the product is not the product by the swizzled tiler here; index and offset",
                    mode: -1,
                    lhs: i,
                    rhs: got,
                });
            }
            i += 1;
        }
        Ok(r)
    }

    /// [`Layout::try_logical_product_composed`], panicking with the error's message.
    #[track_caller]
    pub const fn logical_product_composed(&self, b: &ComposedLayout) -> MaybeSwizzled {
        unwrap_or_panic!(self.try_logical_product_composed(b))
    }

    /// [`Layout::try_composition_composed`], panicking with the error's message.
    #[track_caller]
    pub const fn composition_composed(&self, b: &ComposedLayout) -> MaybeSwizzled {
        unwrap_or_panic!(self.try_composition_composed(b))
    }

    /// [`Layout::try_composition_swizzle_or_plain`], panicking with the error's message.
    #[track_caller]
    pub const fn composition_swizzle_or_plain(&self, sw: Swizzle) -> MaybeSwizzled {
        unwrap_or_panic!(self.try_composition_swizzle_or_plain(sw))
    }
}

impl ComposedLayout {
    /// The same function with its domain shifted by `coord` (CuTe's `domain_offset`):
    /// `Sw ∘ (O + L(coord)) ∘ L`. CuTe pairs it with the offset `_0`.
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, layout, int_tuple};
    /// let a = ComposedLayout::new(Swizzle::new(2, 0, 3), Int::ZERO, layout!((_4,_8):(_1,_8)));
    /// assert_eq!(a.domain_offset(&int_tuple!((1,2))).to_string(), "Sw<2,0,3> o 17 o (_4,_8):(_1,_8)");
    /// ```
    pub const fn try_domain_offset(&self, coord: &IntTuple) -> Result<ComposedLayout, Error> {
        let d = tri!(self.layout.try_crd2idx(coord));
        let o = if self.flags != 0 {
            // MixedBits + int: an unsigned run-time integer
            Int::dynamic(self.offset.value())
        } else {
            self.offset
        };
        let o = tri!(o.try_add(d));
        ComposedLayout::try_new(self.swizzle, o, self.layout)
    }

    /// [`ComposedLayout::try_domain_offset`], panicking with the error's message.
    #[track_caller]
    pub const fn domain_offset(&self, coord: &IntTuple) -> ComposedLayout {
        unwrap_or_panic!(self.try_domain_offset(coord))
    }

    /// Whether the offset is CuTe's static `_0`.
    const fn zero_origin(&self) -> bool {
        self.flags == 0 && self.offset.is_static() && self.offset.value() == 0
    }

    /// A right inverse (CuTe's `right_inverse` of a swizzled layout):
    /// `right_inverse(L) ∘ Sw`, rebuilt as a swizzle after `right_inverse(L)`, so that
    /// `A(R(i)) == i` for `i < size(R)`. Refused where CuTe's answer does not invert, and
    /// for a nonzero offset: CuTe answers `right_inverse(L) o -O o Sw`, a function without
    /// a size (CuTe's `size` of it is an error), which for a positive offset sends 0
    /// outside `A`'s domain (a right inverse on no domain `[0, n)`).
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, layout};
    /// let a = ComposedLayout::new(Swizzle::new(1, 0, 1), Int::ZERO, layout!((_4,_4):(_8,_1)));
    /// assert_eq!(a.right_inverse().to_string(), "Sw<1,2,1> o _0 o _4:_4");
    /// ```
    pub const fn try_right_inverse(&self) -> Result<MaybeSwizzled, Error> {
        self.right_inverse_with(false)
    }

    /// The right inverse as CuTe C++ answers it, where [`ComposedLayout::try_right_inverse`]
    /// refuses because CuTe's answer does not invert (a nonzero offset is still refused:
    /// CuTe's answer there is a chain without a size).
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, layout};
    /// let a = ComposedLayout::new(Swizzle::new(1, 1, -3), Int::ZERO, layout!((_2,_16):(_2,_1)));
    /// assert!(a.try_right_inverse().is_err());
    /// assert_eq!(a.try_right_inverse_as_cute().unwrap().to_string(), "Sw<1,2,-3> o _0 o _16:_2");
    /// ```
    pub const fn try_right_inverse_as_cute(&self) -> Result<MaybeSwizzled, Error> {
        self.right_inverse_with(true)
    }

    const fn right_inverse_with(&self, as_cute: bool) -> Result<MaybeSwizzled, Error> {
        if !self.zero_origin() {
            return Err(refuse(
                "right_inverse: a swizzled layout with an offset has no right inverse with a domain (CuTe's right_inverse(L) o -O o Sw has no size, and for a positive offset sends 0 outside the layout's domain); the offset and 0",
                self.offset.value(),
                0,
            ));
        }
        let r = tri!(
            tri!(self.layout.try_right_inverse())
                .composition_swizzle_or_plain_unchecked(self.swizzle)
        );
        if as_cute {
            return Ok(r);
        }
        let n = tri!(r.try_size()).value();
        let m = tri!(self.layout.try_size()).value();
        if n > MAX_CHECKED_INVERSE {
            return Err(refuse(
                "right_inverse: an inverse of more than 2^20 elements is not checked, so not answered",
                n,
                MAX_CHECKED_INVERSE,
            ));
        }
        let mut i = 0;
        while i < n {
            let x = r.offset(i as usize);
            if x < 0 || x >= m || self.offset(x as usize) != i {
                return Err(refuse(
                    "right_inverse: CuTe's inverse of this swizzled layout does not invert it",
                    i,
                    x,
                ));
            }
            i += 1;
        }
        Ok(r)
    }

    /// [`ComposedLayout::try_right_inverse`], panicking with the error's message.
    #[track_caller]
    pub const fn right_inverse(&self) -> MaybeSwizzled {
        unwrap_or_panic!(self.try_right_inverse())
    }

    /// A left inverse (CuTe's `left_inverse` of a swizzled layout):
    /// `left_inverse(L) ∘ Sw`, rebuilt as a swizzle after `left_inverse(L)`, so that
    /// `R(A(i)) == i` for `i < size(A)`, or where `A` is not injective, `R(A(i))` is an
    /// index `j` with `A(j) == A(i)` (the quasi-inverse a layout's left inverse is).
    /// Refused where CuTe's answer does not invert `A`;
    /// with a nonzero offset the left inverse is not a swizzled layout but a chain, see
    /// [`ComposedLayout::try_left_inverse_chain`] (the expression language's
    /// `left_inverse` answers either).
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, layout};
    /// let a = ComposedLayout::new(Swizzle::new(2, 0, 3), Int::ZERO, layout!((_8,_8):(_1,_8)));
    /// assert_eq!(a.left_inverse().to_string(), "Sw<2,0,3> o _0 o _64:_1");
    /// // not injective (a stride-0 mode): R(A(i)) is the first index with A's offset
    /// let b = ComposedLayout::new(Swizzle::new(1, 0, 1), Int::ZERO, layout!((_2,_16):(_1,_0)));
    /// let r = b.left_inverse();
    /// assert_eq!(r.to_string(), "Sw<1,0,1> o _0 o _2:_1");
    /// assert!((0..32).all(|i| r.offset(b.offset(i) as usize) == i as i64 % 2));
    /// ```
    pub const fn try_left_inverse(&self) -> Result<MaybeSwizzled, Error> {
        self.left_inverse_with(false)
    }

    /// The left inverse as CuTe C++ answers it, where [`ComposedLayout::try_left_inverse`]
    /// refuses because CuTe's answer does not invert (CuTe's construction, from
    /// [`Layout::try_left_inverse_as_cute`], without the check).
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, layout};
    /// let a = ComposedLayout::new(Swizzle::new(1, 3, 3), Int::ZERO, layout!((_16,_2,_2):(_4,_2,_1)));
    /// assert!(a.try_left_inverse().is_err());
    /// assert_eq!(a.try_left_inverse_as_cute().unwrap().to_string(), "Sw<1,1,3> o _0 o (_2,_2,_16):(_32,_16,_1)");
    /// ```
    pub const fn try_left_inverse_as_cute(&self) -> Result<MaybeSwizzled, Error> {
        self.left_inverse_with(true)
    }

    const fn left_inverse_with(&self, as_cute: bool) -> Result<MaybeSwizzled, Error> {
        if !self.zero_origin() {
            return Err(refuse(
                "left_inverse: the left inverse of a swizzled layout with an offset is a chain, not a swizzled layout (see try_left_inverse_chain)",
                self.offset.value(),
                0,
            ));
        }
        let inverse = if as_cute {
            tri!(self.layout.try_left_inverse_as_cute())
        } else {
            tri!(self.layout.try_left_inverse())
        };
        let r = tri!(inverse.composition_swizzle_or_plain_unchecked(self.swizzle));
        if as_cute {
            return Ok(r);
        }
        let m = tri!(self.layout.try_size()).value();
        if m > MAX_CHECKED_INVERSE {
            return Err(refuse(
                "left_inverse: an inverse of more than 2^20 elements is not checked, so not answered",
                m,
                MAX_CHECKED_INVERSE,
            ));
        }
        // the law of a layout's left inverse (`law::left_inverse`): `R(A(i)) == i`, or
        // where `A` is not injective, an index `j` with `A(j) == A(i)` (a quasi-inverse)
        let n = tri!(r.try_size()).value();
        let mut i = 0;
        while i < m {
            let x = self.offset(i as usize);
            let y = if x < 0 || x >= n {
                -1
            } else {
                r.offset(x as usize)
            };
            if y < 0 || (y != i && (y >= m || self.offset(y as usize) != x)) {
                return Err(refuse(
                    "left_inverse: CuTe's inverse of this swizzled layout does not invert it",
                    i,
                    x,
                ));
            }
            i += 1;
        }
        Ok(r)
    }

    /// [`ComposedLayout::try_left_inverse`], panicking with the error's message.
    #[track_caller]
    pub const fn left_inverse(&self) -> MaybeSwizzled {
        unwrap_or_panic!(self.try_left_inverse())
    }

    /// CuTe's `complement` of a swizzled layout: the complement of `L` (the swizzle
    /// permutes within the codomain and is ignored, as CuTe ignores it).
    pub const fn try_complement(&self, cotarget: &IntTuple) -> Result<Layout, Error> {
        self.layout.try_complement(cotarget)
    }

    /// The swizzle for elements `n` times larger, the offset and `L` upcast with it
    /// (CuTe's `upcast<N>` of a swizzled layout; like CuTe's, the answer stays swizzled even
    /// where the swizzle keeps no bits). The offset must be static (CuTe's `safe_div` checks divisibility).
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, layout};
    /// let a = ComposedLayout::new(Swizzle::new(3, 0, 3), Int::ZERO, layout!((_8,_8):(_8,_1)));
    /// assert_eq!(a.upcast(2).to_string(), "Sw<2,0,3> o _0 o (_8,_4):(_4,_1)");
    /// ```
    pub const fn try_upcast(&self, n: i64) -> Result<MaybeSwizzled, Error> {
        self.upcast_with(n, false)
    }

    /// `upcast<N>` of a swizzled layout as CuTe C++ computes it, where
    /// [`ComposedLayout::try_upcast`] refuses: `L` upcast by
    /// [`Layout::try_upcast_as_cute`] (a dynamic stride divided by `N` whatever its value),
    /// the swizzle and the offset as [`ComposedLayout::try_upcast`] does them. The answer is
    /// what CuTe prints, which is not always the layout of the larger elements.
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, layout};
    /// let a = ComposedLayout::new(Swizzle::new(2, 2, 2), Int::ZERO, layout!((_4,8):(1,_4)));
    /// assert!(a.try_upcast(2).is_err());
    /// assert_eq!(a.try_upcast_as_cute(2).unwrap().to_string(), "Sw<2,1,2> o _0 o (_4,8):(0,_2)");
    /// ```
    pub const fn try_upcast_as_cute(&self, n: i64) -> Result<MaybeSwizzled, Error> {
        self.upcast_with(n, true)
    }

    /// [`ComposedLayout::try_upcast`], with `L` upcast as CuTe does it where `as_cute`.
    const fn upcast_with(&self, n: i64, as_cute: bool) -> Result<MaybeSwizzled, Error> {
        let l = if as_cute {
            tri!(self.layout.try_upcast_as_cute(n))
        } else {
            tri!(self.layout.try_upcast(n))
        };
        if let Some(b) = self.smem_ptr_bits() {
            // CuTe's overload for smem_ptr_flag_bits<B>: the swizzle (on bytes) kept,
            // smem_ptr_flag_bits<B*N>
            let bits = tri!(Int::constant(b).try_mul(Int::constant(n)));
            return Ok(MaybeSwizzled::Swizzled(tri!(
                ComposedLayout::try_smem_flagged(self.swizzle, bits.value(), l)
            )));
        }
        let sw = tri!(self.swizzle.try_upcast(n));
        if self.flags != 0 {
            let (s, f) = (self.offset.value() & !self.flags, self.flags);
            if s % n != 0 || f % n != 0 {
                return Err(refuse(
                    "upcast: the offset's bits are not divisible by N",
                    self.offset.value(),
                    n,
                ));
            }
            let v = self.offset.value() / n;
            let c = if f / n == 0 {
                tri!(ComposedLayout::try_new(sw, Int::constant(s / n), l))
            } else {
                tri!(ComposedLayout::try_new_mixed(sw, Int::dynamic(v), f / n, l))
            };
            return Ok(MaybeSwizzled::Swizzled(c));
        }
        if !self.offset.is_static() {
            return Err(refuse(
                "upcast: the offset of a swizzled layout must be static",
                self.offset.value(),
                n,
            ));
        }
        // CuTe's quotient is a `C<v>` of an unsigned type, never the `Int<0>` that would
        // let the identity swizzle vanish
        let o = tri!(self.offset.try_safe_div(Int::constant(n)));
        match ComposedLayout::try_new(sw, o, l) {
            Ok(c) => Ok(MaybeSwizzled::Swizzled(c)),
            Err(e) => Err(e),
        }
    }

    /// [`ComposedLayout::try_upcast`], panicking with the error's message.
    #[track_caller]
    pub const fn upcast(&self, n: i64) -> MaybeSwizzled {
        unwrap_or_panic!(self.try_upcast(n))
    }

    /// The swizzle for elements `n` times smaller, the offset and `L` downcast with it
    /// (CuTe's `downcast<N>` of a swizzled layout).
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, layout};
    /// let a = ComposedLayout::new(Swizzle::new(3, 0, 3), Int::ZERO, layout!((_8,_8):(_1,_8)));
    /// assert_eq!(a.downcast(2).to_string(), "Sw<3,1,3> o _0 o (_16,_8):(_1,_16)");
    /// ```
    pub const fn try_downcast(&self, n: i64) -> Result<MaybeSwizzled, Error> {
        let l = tri!(self.layout.try_downcast(n));
        if let Some(b) = self.smem_ptr_bits() {
            // CuTe's overload for smem_ptr_flag_bits<B>: the swizzle (on bytes) kept,
            // smem_ptr_flag_bits<B/N>; refused where N does not divide B (CuTe's integer
            // division would name another element type)
            if n <= 0 || b % n != 0 {
                return Err(refuse(
                    "downcast: N must divide the bits B of smem_ptr_flag_bits<B>",
                    b,
                    n,
                ));
            }
            return Ok(MaybeSwizzled::Swizzled(tri!(
                ComposedLayout::try_smem_flagged(self.swizzle, b / n, l)
            )));
        }
        let sw = tri!(self.swizzle.try_downcast(n));
        if self.flags != 0 {
            let v = tri!(Int::dynamic(self.offset.value()).try_mul(Int::constant(n)));
            let f = tri!(Int::dynamic(self.flags).try_mul(Int::constant(n)));
            let c = tri!(ComposedLayout::try_new_mixed(sw, v, f.value(), l));
            return Ok(MaybeSwizzled::Swizzled(c));
        }
        if !self.offset.is_static() {
            return Err(refuse(
                "downcast: the offset of a swizzled layout must be static",
                self.offset.value(),
                n,
            ));
        }
        let o = tri!(self.offset.try_mul(Int::constant(n)));
        match ComposedLayout::try_new(sw, o, l) {
            Ok(c) => Ok(MaybeSwizzled::Swizzled(c)),
            Err(e) => Err(e),
        }
    }

    /// [`ComposedLayout::try_downcast`], panicking with the error's message.
    #[track_caller]
    pub const fn downcast(&self, n: i64) -> MaybeSwizzled {
        unwrap_or_panic!(self.try_downcast(n))
    }

    /// CuTe's `as_position_independent_swizzle_layout`: a layout whose offset is
    /// `smem_ptr_flag_bits<B>` with its swizzle recast from bytes to `B`-bit elements and
    /// the offset `_0` (what `print_layout` and `print_latex` draw), `L` alone where the
    /// swizzle is the identity (`Sw<0,M,S>`, which CuTe's composition drops); any other
    /// layout as it is.
    ///
    /// ```
    /// use rcute::{ComposedLayout, Swizzle, layout};
    /// let a = ComposedLayout::smem_flagged(Swizzle::new(3, 4, 3), 16, layout!((_8,_64):(_64,_1)));
    /// assert_eq!(a.position_independent().unwrap().to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
    /// let b = ComposedLayout::smem_flagged(Swizzle::new(0, 4, 3), 16, layout!((_8,_8):(_8,_1)));
    /// assert_eq!(b.position_independent().unwrap().to_string(), "(_8,_8):(_8,_1)");
    /// ```
    pub const fn position_independent(&self) -> Result<MaybeSwizzled, Error> {
        let Some(b) = self.smem_ptr_bits() else {
            return Ok(MaybeSwizzled::Swizzled(*self));
        };
        if self.swizzle.is_identity() {
            return Ok(MaybeSwizzled::Plain(self.layout));
        }
        // recast_layout<uint8_t, uint_bit_t<B>>: upcast by B/8, or downcast by 8/B
        if (b >= 8 && b % 8 != 0) || (b < 8 && 8 % b != 0) {
            return Err(Error::Precondition {
                msg: "as_position_independent_swizzle_layout: the element's bits must divide or be a multiple of 8",
                mode: -1,
                lhs: b,
                rhs: 8,
            });
        }
        let sw = if b >= 8 {
            tri!(self.swizzle.try_upcast(b / 8))
        } else {
            tri!(self.swizzle.try_downcast(8 / b))
        };
        Ok(MaybeSwizzled::Swizzled(tri!(ComposedLayout::try_new(
            sw,
            Int::ZERO,
            self.layout
        ))))
    }

    /// CuTe's `max_alignment` of a swizzled layout: the gcd of `2^M`, the offset's
    /// alignment and `max_alignment(L)`.
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, layout};
    /// let a = ComposedLayout::new(Swizzle::new(2, 2, 3), Int::ZERO, layout!((_8,_8):(_1,_8)));
    /// assert_eq!(a.max_alignment().to_string(), "_4");
    /// ```
    pub const fn try_max_alignment(&self) -> Result<Int, Error> {
        let a = Int::constant(1 << self.swizzle.base());
        let o = if self.flags != 0 {
            let bits = (self.offset.value() & !self.flags) | self.flags;
            Int::constant(bits & -bits)
        } else if self.offset.is_static() {
            self.offset
        } else {
            return Err(refuse(
                "max_alignment: the offset of a swizzled layout must be static",
                self.offset.value(),
                0,
            ));
        };
        let l = tri!(self.layout.try_max_alignment());
        Ok(a.gcd(o).gcd(l))
    }

    /// [`ComposedLayout::try_max_alignment`], panicking with the error's message.
    #[track_caller]
    pub const fn max_alignment(&self) -> Int {
        unwrap_or_panic!(self.try_max_alignment())
    }

    /// CuTe's `get_swizzle_portion`: the swizzle.
    pub const fn swizzle_portion(&self) -> Swizzle {
        self.swizzle
    }

    /// CuTe's `get_nonswizzle_portion`: the layout under the swizzle.
    pub const fn nonswizzle_portion(&self) -> Layout {
        self.layout
    }
}

impl Swizzle {
    /// CuTe's `max_alignment` of a swizzle: `2^M`, the bits it leaves alone.
    pub const fn max_alignment(self) -> Int {
        Int::constant(1 << self.base())
    }
}
