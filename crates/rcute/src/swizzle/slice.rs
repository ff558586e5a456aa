//! Slicing a swizzled layout: CuTe's `slice_and_offset` for `Sw ∘ O ∘ L`
//! (swizzle_layout.hpp). The part of `L` that the coordinate fixes is folded into the
//! offset, and where the remaining modes reach only one of the swizzle's two fields, the
//! result decays to a plain layout whose strides say what the swizzle does there.
//!
//! The law: `A(c) == S(j) + off` for every coordinate `c` that agrees with the sliced
//! coordinate, `j` its index among the sliced modes. CuTe folds the offset with XOR rather
//! than addition, which is only right where no carry crosses the swizzle's bits; rcute
//! checks the law on every answer and refuses the others.

use super::{ComposedLayout, Swizzle};
use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::{IntTuple, try_idx2crd};
use core::fmt;

/// The most elements of a slice whose law rcute checks; larger slices are refused.
pub const MAX_CHECKED_SLICE: i64 = 1 << 20;

/// A plain or a swizzled layout: what slicing a [`ComposedLayout`] gives.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MaybeSwizzled {
    /// A plain layout (the swizzle decayed into strides, or left nothing to do).
    Plain(Layout),
    /// A swizzled layout.
    Swizzled(ComposedLayout),
}

impl MaybeSwizzled {
    /// The offset of 1-D index `idx`.
    pub const fn offset(&self, idx: usize) -> i64 {
        match self {
            MaybeSwizzled::Plain(l) => l.offset(idx),
            MaybeSwizzled::Swizzled(c) => c.offset(idx),
        }
    }

    /// The size (of the layout under the swizzle).
    pub const fn try_size(&self) -> Result<Int, Error> {
        match self {
            MaybeSwizzled::Plain(l) => l.try_size(),
            MaybeSwizzled::Swizzled(c) => c.try_size(),
        }
    }
}

impl From<Layout> for MaybeSwizzled {
    fn from(l: Layout) -> MaybeSwizzled {
        MaybeSwizzled::Plain(l)
    }
}

impl From<ComposedLayout> for MaybeSwizzled {
    fn from(c: ComposedLayout) -> MaybeSwizzled {
        MaybeSwizzled::Swizzled(c)
    }
}

impl fmt::Display for MaybeSwizzled {
    /// CuTe's `print` of the layout.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MaybeSwizzled::Plain(l) => fmt::Display::fmt(l, f),
            MaybeSwizzled::Swizzled(c) => fmt::Display::fmt(c, f),
        }
    }
}

/// An offset as CuTe tracks it: static, dynamic, or `MixedBits` (some bits dynamic).
#[derive(Clone, Copy)]
struct Bits {
    v: i64,
    /// Static (meaningful when `flags == 0`).
    stat: bool,
    /// The dynamic bits of a `MixedBits`; 0 for a plain integer.
    flags: i64,
}

impl Bits {
    const fn is_dynamic_int(self) -> bool {
        self.flags == 0 && !self.stat
    }

    /// CuTe's `^` on `C`, `MixedBits` and `int`: an `int` makes the result dynamic,
    /// otherwise the dynamic bits are the union.
    const fn xor(self, o: Bits) -> Bits {
        let v = self.v ^ o.v;
        if self.is_dynamic_int() || o.is_dynamic_int() {
            return Bits {
                v,
                stat: false,
                flags: 0,
            };
        }
        Bits {
            v,
            stat: true,
            flags: self.flags | o.flags,
        }
    }

    /// Whether `self & mask` is static.
    const fn static_under(self, mask: i64) -> bool {
        if self.flags == 0 {
            self.stat
        } else {
            self.flags & mask == 0
        }
    }

    /// Static only when a plain static integer.
    const fn is_static(self) -> bool {
        self.flags == 0 && self.stat
    }
}

/// CuTe's `all_underscore`: every leaf is `_`.
const fn all_underscore(coord: &IntTuple) -> bool {
    let mut i = 0;
    while i < coord.leaf_count() {
        if !coord.leaf(i).is_underscore() {
            return false;
        }
        i += 1;
    }
    true
}

const fn refuse(msg: &'static str, lhs: i64, rhs: i64) -> Error {
    Error::Precondition {
        msg,
        mode: -1,
        lhs,
        rhs,
    }
}

/// CuTe's `to_mixed_bits(layout, coord)`: `coord * stride` of every mode, its bits known
/// statically where the coordinate is static; the XOR of the modes. Shapes times strides
/// must be static powers of two.
const fn to_mixed_bits(p: &Layout, coord: &IntTuple) -> Result<Bits, Error> {
    let shape = p.shape();
    let stride = p.stride();
    let crd = tri!(try_idx2crd(coord, &shape));
    let n = shape.leaf_count();
    if n == 0 || crd.leaf_count() != n {
        return Err(Error::RankMismatch {
            msg: "slice: the coordinate does not match the sliced-off modes",
            expected: n,
            found: crd.leaf_count(),
        });
    }
    let mut acc = Bits {
        v: 0,
        stat: true,
        flags: 0,
    };
    let mut i = 0;
    while i < n {
        let (s, d, c) = (shape.leaf(i), stride.leaf(i), crd.leaf(i));
        let prod = tri!(s.try_mul(d));
        let pv = prod.value();
        if !prod.is_static() || pv < 0 || (pv != 0 && pv & (pv - 1) != 0) {
            return Err(refuse(
                "slice: a swizzled layout is sliced only where shape * stride is a static power of two",
                s.value(),
                d.value(),
            ));
        }
        let f = tri!(tri!(s.try_sub(Int::constant(1))).try_mul(d));
        if !f.is_static() || f.value() < 0 {
            return Err(refuse(
                "slice: a swizzled layout is sliced only where shape * stride is a static power of two",
                s.value(),
                d.value(),
            ));
        }
        let cd = tri!(c.try_mul(d));
        let term = if f.value() == 0 || cd.is_static() {
            Bits {
                v: cd.value() & f.value(),
                stat: true,
                flags: 0,
            }
        } else {
            Bits {
                v: cd.value() & f.value(),
                stat: true,
                flags: f.value(),
            }
        };
        acc = if i == 0 { term } else { acc.xor(term) };
        i += 1;
    }
    Ok(acc)
}

/// `a ∘ b` by rcute's composition, or where it refuses, by CuTe's (with CuTe's static
/// assertions): for the intermediate layouts of a slice whose answer is checked after.
const fn compose_as_cute_where_refused(a: &Layout, b: &Layout) -> Result<Layout, Error> {
    match a.try_composition(b) {
        Ok(r) => Ok(r),
        Err(_) => crate::algebra::composition::composition_general_with(a, b, true),
    }
}

/// `composition(Sw, O, L)`: the layout alone when the swizzle is the identity and the
/// offset a static zero.
/// `l` at its last 1-D index (`l(size(l) - 1)`).
const fn last_value(l: &Layout) -> Result<Int, Error> {
    let last = tri!(tri!(l.try_size()).try_sub(Int::constant(1)));
    l.try_crd2idx(&IntTuple::from_int(last))
}

const fn compose(sw: Swizzle, o: Bits, l: Layout) -> Result<MaybeSwizzled, Error> {
    if sw.is_identity() && o.is_static() && o.v == 0 {
        return Ok(MaybeSwizzled::Plain(l));
    }
    let c = tri!(ComposedLayout::try_new_mixed(
        sw,
        Int::new(o.v, o.is_static()),
        o.flags,
        l
    ));
    Ok(MaybeSwizzled::Swizzled(c))
}

/// CuTe's `make_swizzle_strides`: the strides of the `B` bits of one field, given the
/// offset's bits in the other. `z_field`: the strides of the ZZZ field (`Z` or `-Z`,
/// whether the partner Y bit is set); otherwise of the YYY field (`Y+Z` or `Y-Z`).
const fn swizzle_strides(z_field: bool, z: i64, y: i64, off: Bits, b: i64) -> IntTuple {
    let mut ints = [Int::ZERO; 64];
    let mut i = 0;
    while i < b {
        let mask = if z_field { y << i } else { z << i };
        let clear = off.v & mask == 0;
        let v = match (z_field, clear) {
            (true, true) => z << i,
            (true, false) => -(z << i),
            (false, true) => (y + z) << i,
            (false, false) => (y - z) << i,
        };
        ints[i as usize] = Int::new(v, off.static_under(mask));
        i += 1;
    }
    IntTuple::from_ints(ints.split_at(b as usize).0)
}

/// CuTe's slice of a swizzled layout before its last step.
// short-lived (one slice), built in const fns: no boxing
#[allow(clippy::large_enum_variant)]
enum SliceParts {
    /// The slice, its offset, and whether it must be checked.
    Done(MaybeSwizzled, Int, bool),
    /// The layout of the swizzle's strides, the slice it is composed with, the offset.
    Strides(Layout, Layout, Int),
}

const fn c(v: i64) -> IntTuple {
    IntTuple::constant(v)
}

impl ComposedLayout {
    /// The slice and the offset of its origin (CuTe's `slice_and_offset` for a swizzled
    /// layout): `A(c) == S(j) + off` where `c` agrees with `coord` and `j` indexes the
    /// modes paired with `_`. The fixed part joins the offset under the swizzle; where the
    /// remaining modes reach only one field of the swizzle, `S` is a plain layout.
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, layout, int_tuple};
    /// let a = ComposedLayout::new(Swizzle::new(3, 0, 3), Int::ZERO, layout!((_8,_8):(_8,_1)));
    /// let (s, off) = a.slice_and_offset(&int_tuple!((_1,_)));
    /// assert_eq!((s.to_string(), off.to_string()), ("((_2,_4)):((_-1,_2))".into(), "_9".into()));
    /// let b = ComposedLayout::new(Swizzle::new(3, 0, 3), Int::ZERO, layout!((_8,_4,_2):(_1,_8,_32)));
    /// let (s, off) = b.slice_and_offset(&int_tuple!((_,1,_)));
    /// assert_eq!((s.to_string(), off.to_string()), ("Sw<3,0,3> o M_0|(8&24)=8 o (_8,_2):(_1,_32)".into(), "_0".into()));
    /// ```
    ///
    /// # Errors
    /// Where CuTe's answer is not the sliced function (`A(c) != S(j) + off`: the offset
    /// carries across the swizzle's bits), checked over the slice's domain (refused past
    /// 2^20 elements).
    pub const fn try_slice_and_offset(
        &self,
        coord: &IntTuple,
    ) -> Result<(MaybeSwizzled, Int), Error> {
        let (result, off, checked) = tri!(self.slice_and_offset_unchecked(coord));
        if checked {
            tri!(self.check_slice(coord, &result, off));
        }
        Ok((result, off))
    }

    /// CuTe's slice and offset; `true` where the answer must be checked (where the
    /// swizzle and the remaining modes meet).
    const fn slice_and_offset_unchecked(
        &self,
        coord: &IntTuple,
    ) -> Result<(MaybeSwizzled, Int, bool), Error> {
        match tri!(self.slice_parts(coord, None)) {
            SliceParts::Done(result, off, checked) => Ok((result, off, checked)),
            SliceParts::Strides(swl, sliced, off) => Ok((
                MaybeSwizzled::Plain(tri!(swl.try_composition(&sliced))),
                off,
                true,
            )),
        }
    }

    /// CuTe's slice and offset without rcute's checks: the final composition (of the
    /// swizzle's strides with the slice) as CuTe C++ computes it, where its tiler's modes
    /// reach past a mode together.
    fn slice_and_offset_cute(&self, coord: &IntTuple) -> Result<(MaybeSwizzled, Int), Error> {
        // the swizzle's bits the remaining modes reach, composed as CuTe composes them
        let reach = match self.layout.try_slice(coord) {
            Ok(sliced) if !all_underscore(coord) => self
                .swizzle
                .fields_projection()
                .try_composition_as_cute(&sliced)
                .ok(),
            _ => None,
        };
        match self.slice_parts(coord, reach)? {
            SliceParts::Done(result, off, _) => Ok((result, off)),
            SliceParts::Strides(swl, sliced, off) => Ok((
                MaybeSwizzled::Plain(swl.try_composition_as_cute(&sliced)?),
                off,
            )),
        }
    }

    /// The slice and offset as CuTe C++ answers them, where
    /// [`ComposedLayout::try_slice_and_offset`] refuses: CuTe's construction without the
    /// checks that it is the sliced function.
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, layout, int_tuple};
    /// let a = ComposedLayout::new(Swizzle::new(1, 0, 3), Int::constant(8), layout!(((_16,_2),_4):((_2,_2),_32)));
    /// assert!(a.try_slice_and_offset(&int_tuple!((_,_3))).is_err());
    /// let (s, off) = a.try_slice_and_offset_as_cute(&int_tuple!((_,_3))).unwrap();
    /// assert_eq!((s.to_string(), off.to_string()), ("(((_4,_2,_2),_2)):(((_2,_9,_16),_2))".into(), "_105".into()));
    /// ```
    ///
    /// # Errors
    /// Where CuTe C++ refuses the slice too.
    pub fn try_slice_and_offset_as_cute(
        &self,
        coord: &IntTuple,
    ) -> Result<(MaybeSwizzled, Int), Error> {
        self.slice_and_offset_cute(coord)
    }

    /// The parts of CuTe's slice and offset: the answer, or the swizzle's strides and the
    /// slice still to be composed, and the offset.
    /// `reach`, where given, is the composition of the swizzle's fields with the slice.
    const fn slice_parts(
        &self,
        coord: &IntTuple,
        reach: Option<Layout>,
    ) -> Result<SliceParts, Error> {
        let origin = Bits {
            v: self.offset.value(),
            stat: self.offset.is_static(),
            flags: self.flags,
        };
        if all_underscore(coord) {
            let l = tri!(self.layout.try_slice(coord));
            if self.ptr_bits != 0 {
                // CuTe keeps the offset's type, smem_ptr_flag_bits<B>
                return Ok(SliceParts::Done(
                    MaybeSwizzled::Swizzled(self.with_layout(l)),
                    Int::ZERO,
                    false,
                ));
            }
            return Ok(SliceParts::Done(
                tri!(compose(self.swizzle, origin, l)),
                Int::ZERO,
                false,
            ));
        }
        let sw = self.swizzle;
        let (b, m) = (sw.bits(), sw.base());
        let s = if sw.shift() < 0 {
            -sw.shift()
        } else {
            sw.shift()
        };
        if b == 0 {
            // no bits to swizzle (CuTe's branch that does not decay): the offset stays (an
            // smem_ptr_flag becomes the `_0` it is), the sliced-off modes' offset is
            // returned beside the slice
            let (l, off) = tri!(self.layout.try_slice_and_offset(coord));
            return Ok(SliceParts::Done(tri!(compose(sw, origin, l)), off, false));
        }
        let shape5 = IntTuple::from_ints(&[
            Int::constant(1 << m),
            Int::constant(1 << b),
            Int::constant(1 << (s - b)),
            Int::constant(1 << b),
            Int::constant(1),
        ]);
        let only_zy = sw.fields_projection();
        let anti_zy = Layout::from_parts(
            shape5,
            IntTuple::from_ints(&[
                Int::constant(1),
                Int::constant(0),
                Int::constant(1 << (m + b)),
                Int::constant(0),
                Int::constant(1 << (m + b + s)),
            ]),
        );
        let sliced = tri!(self.layout.try_slice(coord));
        let diced = tri!(self.layout.try_dice(coord));
        let dcoord = tri!(coord.try_dice(coord));
        // the sliced-off modes' parts of the offset: only their values at `dcoord` are
        // used, and the answer is checked after, so where rcute's composition refuses,
        // CuTe's own gives them (where CuTe's compile fails too, it errs)
        let d_anti = tri!(compose_as_cute_where_refused(&anti_zy, &diced));
        let d_only = tri!(compose_as_cute_where_refused(&only_zy, &diced));
        let off_zy = origin.xor(tri!(to_mixed_bits(&d_only, &dcoord)));
        let off_anti = tri!(d_anti.try_crd2idx(&dcoord));
        // the bits of the swizzle that the remaining modes reach: CuTe's composition of the
        // projection with the slice, at its last index. It only decides the branch (the
        // answer is checked after), so where rcute's composition refuses, CuTe's own
        // (with CuTe's static assertions, where CuTe's compile fails too) decides it
        let active = match reach {
            Some(r) => tri!(last_value(&r)),
            None => tri!(last_value(&tri!(compose_as_cute_where_refused(
                &only_zy, &sliced
            )))),
        };
        let collide = active.is_static() && active.value() & !sw.apply(active.value()) != 0;
        if collide {
            Ok(SliceParts::Done(
                tri!(compose(sw, off_zy, sliced)),
                off_anti,
                true,
            ))
        } else {
            let zm = sw.zzz_mask();
            let ym = sw.yyy_mask();
            let (z, y) = (zm & -zm, ym & -ym);
            let lo = swizzle_strides(z < y, z, y, off_zy, b);
            let hi = swizzle_strides(z > y, z, y, off_zy, b);
            let twos = {
                let mut t = [Int::ZERO; 64];
                let mut i = 0;
                while i < b {
                    t[i as usize] = Int::constant(2);
                    i += 1;
                }
                IntTuple::from_ints(t.split_at(b as usize).0)
            };
            let shape = tri!(IntTuple::try_tuple(&[
                c(1 << m),
                twos,
                c(1 << (s - b)),
                twos,
                c(1)
            ]));
            let stride = tri!(IntTuple::try_tuple(&[
                c(1),
                lo,
                c(1 << (m + b)),
                hi,
                c(1 << (m + b + s))
            ]));
            let swl = tri!(Layout::try_new(shape, stride));
            let head = Int::new(sw.apply(off_zy.v), off_zy.is_static());
            Ok(SliceParts::Strides(
                swl,
                sliced,
                tri!(head.try_add(off_anti)),
            ))
        }
    }

    /// [`ComposedLayout::try_slice_and_offset`], panicking with the error's message.
    #[track_caller]
    pub const fn slice_and_offset(&self, coord: &IntTuple) -> (MaybeSwizzled, Int) {
        unwrap_or_panic!(self.try_slice_and_offset(coord))
    }

    /// The slice alone (CuTe's `slice` and `A(coord)` with `_`): see
    /// [`ComposedLayout::try_slice_and_offset`]; the offset is dropped, as CuTe drops it.
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, layout, int_tuple};
    /// let a = ComposedLayout::new(Swizzle::new(3, 0, 3), Int::ZERO, layout!((_8,_8):(_8,_1)));
    /// assert_eq!(a.slice(&int_tuple!((_,_1))).to_string(), "((_2,_4)):((_7,_18))");
    /// ```
    ///
    /// # Errors
    /// Where the slice is not the sliced function up to a constant (`A(c) != S(j) + k`
    /// for the `k` of the first index): a slice whose pair with CuTe's offset breaks the
    /// law of [`ComposedLayout::try_slice_and_offset`] is still answered where the
    /// dropped offset alone is wrong.
    pub const fn try_slice(&self, coord: &IntTuple) -> Result<MaybeSwizzled, Error> {
        let (result, _, checked) = tri!(self.slice_and_offset_unchecked(coord));
        if checked && tri!(result.try_size()).value() > 0 {
            let (ls, offl) = tri!(self.layout.try_slice_and_offset(coord));
            let first = self.swizzle.apply(
                self.offset
                    .value()
                    .wrapping_add(offl.value())
                    .wrapping_add(ls.offset(0)),
            );
            let k = Int::dynamic(first.wrapping_sub(result.offset(0)));
            tri!(self.check_slice(coord, &result, k));
        }
        Ok(result)
    }

    /// The slice as CuTe C++ answers it, where [`ComposedLayout::try_slice`] refuses:
    /// CuTe's construction without the check that it is the sliced function.
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, layout, int_tuple};
    /// let a = ComposedLayout::new(Swizzle::new(2, 0, -4), Int::dynamic(5), layout!((_2,_8):(_8,_1)));
    /// assert!(a.try_slice(&int_tuple!((_0,_))).is_err());
    /// assert_eq!(a.try_slice_as_cute(&int_tuple!((_0,_))).unwrap().to_string(), "((_2,_2,_2)):((17,34,_4))");
    /// ```
    pub fn try_slice_as_cute(&self, coord: &IntTuple) -> Result<MaybeSwizzled, Error> {
        self.slice_and_offset_cute(coord).map(|(result, _)| result)
    }

    /// [`ComposedLayout::try_slice`], panicking with the error's message.
    #[track_caller]
    pub const fn slice(&self, coord: &IntTuple) -> MaybeSwizzled {
        unwrap_or_panic!(self.try_slice(coord))
    }

    /// Checks `A(c) == S(j) + off` over the whole slice.
    const fn check_slice(
        &self,
        coord: &IntTuple,
        result: &MaybeSwizzled,
        off: Int,
    ) -> Result<(), Error> {
        let (ls, offl) = tri!(self.layout.try_slice_and_offset(coord));
        let n = tri!(ls.try_size()).value();
        if n > MAX_CHECKED_SLICE {
            return Err(refuse(
                "slice: a swizzled slice of more than 2^20 elements is not checked, so not answered",
                n,
                MAX_CHECKED_SLICE,
            ));
        }
        let base = self.offset.value().wrapping_add(offl.value());
        let mut j = 0;
        while j < n {
            let want = self.swizzle.apply(base.wrapping_add(ls.offset(j as usize)));
            let got = result.offset(j as usize).wrapping_add(off.value());
            if want != got {
                return Err(refuse(
                    "slice: CuTe's slice of this swizzled layout is not the sliced function (the offset carries across the swizzle's bits)",
                    want,
                    got,
                ));
            }
            j += 1;
        }
        Ok(())
    }
}
