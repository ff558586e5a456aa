//! `coalesce` and `filter`: the same function with fewer modes.
//!
//! CuTe scans the flattened modes from the back and merges a mode into the one after it
//! only when it can *prove* the merge at compile time: the following mode's shape must be
//! static, and `shape * stride == next stride` must be a static truth. Dynamic modes
//! therefore never merge, a dynamic `1` is never dropped, and a static `_1` always is.

use crate::algebra::builder::LayoutBuilder;
use crate::algebra::modes::{
    FEW, Few, Modes, S, Scan, Sink, coalesce_keeps, coalesce_scan, coalesced, keeps_few, scan_few,
};
use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::{CAPACITY, IntTuple};

pub(crate) mod raw;

/// The backward scan of CuTe's `bw_coalesce`, starting from the last flat mode
/// (`coalesce`) or from `_2` when the last mode is a static `_1` (`coalesce_x`, which
/// keeps the function outside the domain too).
#[inline]
const fn bw_coalesce(layout: &Layout, extend: bool) -> Result<Layout, Error> {
    // the leaves are stored in depth-first order: they are the flattened modes
    let src = Modes::of(layout);
    if !extend && keeps_few(src, false) {
        // nothing merges or is dropped: the layout, flat
        return flat_as_is(layout);
    }
    bw_coalesce_scan(layout, extend)
}

/// CuTe's `coalesce` of `layout`: [`coalesce_static`] where every integer is static;
/// otherwise copied flat into the result where no mode changes ([`keeps_few`]), else
/// [`bw_coalesce_scan`].
#[inline]
const fn coalesce_layout(layout: &Layout) -> Result<Layout, Error> {
    let src = Modes::of(layout);
    let (_, sm, _, dm) = src.parts();
    if every_static(sm, dm) {
        return coalesce_static(layout);
    }
    if keeps_few(src, false) {
        return flat_as_is(layout);
    }
    bw_coalesce_scan(layout, false)
}

/// [`coalesce_layout`] of a layout whose integers are all static, by
/// [`raw::coalesce_static_front`] where it answers (at most [`FEW`] leaves): first read
/// only (where no mode changes, the layout copied flat into the result), then the modes
/// written to a [`Few`] and built where the caller puts the result; otherwise by
/// [`bw_coalesce_scan`].
#[inline(never)]
const fn coalesce_static(layout: &Layout) -> Result<Layout, Error> {
    let (sv, _, dv, _) = Modes::of(layout).parts();
    // (read only: the list is never written, and costs nothing)
    let mut unused = Few::new();
    match raw::coalesce_static_front::<false>(sv, dv, unused.parts_mut()) {
        Scan::Same => flat_as_is(layout),
        Scan::Done => coalesce_static_changed(layout),
        Scan::General => bw_coalesce_scan(layout, false),
    }
}

/// [`coalesce_static`] where a mode changes: the modes written to a [`Few`] and built
/// where the caller puts the result.
#[inline(never)]
const fn coalesce_static_changed(layout: &Layout) -> Result<Layout, Error> {
    let (sv, _, dv, _) = Modes::of(layout).parts();
    let mut few = Few::new();
    match raw::coalesce_static_front::<true>(sv, dv, few.parts_mut()) {
        Scan::General => bw_coalesce_scan(layout, false),
        Scan::Same | Scan::Done => Ok(few.layout()),
    }
}

/// Whether every metadata of `sm` and `dm` (as long, one at least) is `S`: every integer
/// plain and static (read up to the first that is not).
#[inline(always)]
const fn every_static(sm: &[u16], dm: &[u16]) -> bool {
    let mut i = 0;
    while i < sm.len() && i < dm.len() {
        if sm[i] != S || dm[i] != S {
            return false;
        }
        i += 1;
    }
    i > 0
}

/// `layout`, whose modes coalescing keeps, as a flat layout.
#[inline(always)]
const fn flat_as_is(layout: &Layout) -> Result<Layout, Error> {
    if layout.shape.is_flat_form() {
        // already flat (the stride is congruent): copied once, into the result
        if layout.is_small() {
            return Ok(layout.copy_small());
        }
        return Ok(*layout);
    }
    flattened(layout)
}

/// [`bw_coalesce`] where the modes may change (laid out of line, so that the common case
/// above is inlined without it).
#[inline(never)]
const fn bw_coalesce_scan(layout: &Layout, extend: bool) -> Result<Layout, Error> {
    let src = Modes::leaves(layout.shape_ref(), layout.stride_ref());
    if !extend {
        // the common case: a few plain modes, scanned into a small list and built once
        let mut few = Few::new();
        match scan_few(src, false, &mut few) {
            Scan::General => {}
            Scan::Same => return flat_as_is(layout),
            Scan::Done => return Ok(few.layout()),
        }
        if coalesce_keeps(src, false) {
            return flat_as_is(layout);
        }
    }
    // (coalesce_keeps is asked only without `extend`, and answered no here)
    let mut out = Layout::stream();
    tri!(coalesce_scan(src, extend, false, Sink::Layout(&mut out)));
    Ok(out)
}

/// The leaves of `layout` as a flat layout: the leaves in use copied, the nesting written
/// flat (laid out of line: [`bw_coalesce`]'s scan compiles as without it).
#[inline(never)]
const fn flattened(layout: &Layout) -> Result<Layout, Error> {
    if layout.shape.leaf_count() <= FEW && layout.stride.leaf_count() <= FEW {
        return Ok(few_leaves(layout));
    }
    let mut out = Layout::stream();
    out.shape.set_flat_of(&layout.shape);
    out.stride.set_flat_of(&layout.stride);
    out.basis = layout.basis;
    Ok(out)
}

/// [`flattened`] of a layout of at most [`FEW`] leaves, built in place from the first
/// `FEW` leaves of each tuple (those past the leaf count are zero).
#[inline(never)]
const fn few_leaves(layout: &Layout) -> Layout {
    let (sv, sm) = layout.shape.leaf_parts(0, FEW);
    let (dv, dm) = layout.stride.leaf_parts(0, FEW);
    let (Some(sv), Some(sm), Some(dv), Some(dm)) = (
        sv.first_chunk::<FEW>(),
        sm.first_chunk::<FEW>(),
        dv.first_chunk::<FEW>(),
        dm.first_chunk::<FEW>(),
    ) else {
        return Layout::stream(); // never: a tuple has CAPACITY >= FEW leaf slots
    };
    Layout {
        shape: IntTuple::flat_of(sv, sm, layout.shape.leaf_count()),
        stride: IntTuple::flat_of(dv, dm, layout.stride.leaf_count()),
        basis: layout.basis,
    }
}

/// [`bw_coalesce`] of the layout whose flattened modes are the leaves of `fs` and `fd`
/// (congruent tuples, or any two with the same leaf count: only the leaves are read).
/// With `zeros`, a mode with a static `_0` stride counts as extent `_1` (CuTe's `filter`:
/// `coalesce(filter_zeros(layout))`).
pub(crate) const fn coalesce_leaves(
    fs: &IntTuple,
    fd: &IntTuple,
    extend: bool,
    zeros: bool,
) -> Result<Layout, Error> {
    coalesced(Modes::leaves(fs, fd), extend, zeros)
}

/// CuTe's `detail::coalesce_x`: like coalesce, but the function is kept outside the domain
/// as well (a trailing `_1:_0` extends with stride 0), at the leaves of `profile` when it is
/// a tuple.
pub(crate) const fn coalesce_x(layout: &Layout, profile: &IntTuple) -> Result<Layout, Error> {
    if profile.is_leaf() {
        return bw_coalesce(layout, true);
    }
    modes_by_profile(layout, profile, ModeOp::CoalesceX)
}

/// The per-mode operations applied at the leaves of a profile.
#[derive(Clone, Copy)]
pub(crate) enum ModeOp {
    Coalesce,
    CoalesceX,
    Filter,
}

impl ModeOp {
    pub(crate) const fn apply(self, mode: &Layout, profile: &IntTuple) -> Result<Layout, Error> {
        if !profile.is_leaf() {
            return modes_by_profile(mode, profile, self);
        }
        match self {
            ModeOp::Coalesce => coalesce_layout(mode),
            ModeOp::CoalesceX => bw_coalesce(mode, true),
            ModeOp::Filter => {
                let fz = tri!(mode.try_filter_zeros());
                bw_coalesce(&fz, false)
            }
        }
    }
}

/// CuTe's `transform_layout(layout, profile, f)` for the profile-driven operations
/// (coalesce, filter): `f` on the first `rank(profile)` modes, the other modes kept.
const fn modes_by_profile(
    layout: &Layout,
    profile: &IntTuple,
    op: ModeOp,
) -> Result<Layout, Error> {
    let rp = profile.rank();
    let rl = layout.rank();
    if rp > rl {
        return Err(Error::RankMismatch {
            msg: "the profile has more modes than the layout",
            expected: rl,
            found: rp,
        });
    }
    let mut b = LayoutBuilder::new();
    tri!(b.open());
    let mut i = 0;
    while i < rl {
        let mode = tri!(layout.try_mode(i));
        if i < rp {
            let r = tri!(op.apply(&mode, &tri!(profile.try_get(i))));
            tri!(b.push_layout(&r));
        } else {
            tri!(b.push_layout(&mode));
        }
        i += 1;
    }
    tri!(b.close());
    b.finish()
}

impl Layout {
    /// The same function with the fewest modes CuTe can prove mergeable (CuTe's
    /// `coalesce`): depth at most 1, a single mode as an integral layout, static `_1`
    /// modes dropped, and only statically provable merges.
    ///
    /// ```
    /// use rcute::layout;
    /// assert_eq!(layout!((_2,(_1,_6)):(_1,(_6,_2))).coalesce().to_string(), "_12:_1");
    /// assert_eq!(layout!((2,4):(1,2)).coalesce().to_string(), "(2,4):(1,2)");   // dynamic: kept
    /// assert_eq!(layout!((3,_4):(_0,_0)).coalesce().to_string(), "12:_0");
    /// assert_eq!(layout!((_4,3):(_0,_0)).coalesce().to_string(), "(_4,3):(_0,_0)");
    /// ```
    #[inline]
    pub const fn try_coalesce(&self) -> Result<Layout, Error> {
        coalesce_layout(self)
    }

    /// [`Layout::try_coalesce`], panicking with the error's message.
    #[track_caller]
    pub const fn coalesce(&self) -> Layout {
        unwrap_or_panic!(self.try_coalesce())
    }

    /// Coalesces each mode at the leaves of `profile` separately (CuTe's
    /// `coalesce(layout, profile)`): modes beyond the profile's rank are kept as they are.
    ///
    /// ```
    /// use rcute::{layout, int_tuple};
    /// let l = layout!((_2,(_1,_6)):(_1,(_6,_2)));
    /// assert_eq!(l.coalesce_by(&int_tuple!((_1,_1))).to_string(), "(_2,_6):(_1,_2)");
    /// let m = layout!((_2,(_3,_4),_5):(_1,(_2,_6),_24));
    /// assert_eq!(m.coalesce_by(&int_tuple!((_1,_1))).to_string(), "(_2,_12,_5):(_1,_2,_24)");
    /// ```
    pub const fn try_coalesce_by(&self, profile: &IntTuple) -> Result<Layout, Error> {
        ModeOp::Coalesce.apply(self, profile)
    }

    /// [`Layout::try_coalesce_by`], panicking with the error's message.
    #[track_caller]
    pub const fn coalesce_by(&self, profile: &IntTuple) -> Layout {
        unwrap_or_panic!(self.try_coalesce_by(profile))
    }

    /// Replaces the shape of every mode with a static `_0` stride by `_1` (CuTe's
    /// `filter_zeros(layout)`); dynamic zero strides are kept.
    ///
    /// ```
    /// use rcute::layout;
    /// assert_eq!(layout!((_2,_3,_4):(_0,_1,_0)).filter_zeros().to_string(), "(_1,_3,_1):(_0,_1,_0)");
    /// ```
    pub const fn try_filter_zeros(&self) -> Result<Layout, Error> {
        // shape and stride are congruent: leaf i of one pairs with leaf i of the other
        let mut out = *self;
        let n = self.stride_ref().leaf_count();
        let mut i = 0;
        while i < n {
            if self.stride_ref().leaf(i).is_constant(0) {
                out.shape_mut().set_leaf(i, Int::ONE);
            }
            i += 1;
        }
        Ok(out)
    }

    /// [`Layout::try_filter_zeros`], panicking with the error's message.
    #[track_caller]
    pub const fn filter_zeros(&self) -> Layout {
        unwrap_or_panic!(self.try_filter_zeros())
    }

    /// Replaces the shapes paired with a static `_0` in `profile` by `_1` (CuTe's
    /// `filter_zeros(layout, profile)`).
    ///
    /// ```
    /// use rcute::{layout, int_tuple};
    /// let l = layout!((_2,_3,_4):(_0,_1,_0));
    /// assert_eq!(l.filter_zeros_by(&int_tuple!((_1,_0,_1))).to_string(), "(_2,_1,_4):(_0,_1,_0)");
    /// ```
    pub const fn try_filter_zeros_by(&self, profile: &IntTuple) -> Result<Layout, Error> {
        let shape = tri!(profile.try_filter_zeros_of(&self.shape()));
        Ok(Layout::from_parts(shape, self.stride()))
    }

    /// [`Layout::try_filter_zeros_by`], panicking with the error's message.
    #[track_caller]
    pub const fn filter_zeros_by(&self, profile: &IntTuple) -> Layout {
        unwrap_or_panic!(self.try_filter_zeros_by(profile))
    }

    /// Removes static zero strides and static size-1 modes, then coalesces (CuTe's
    /// `filter`); an empty result is `_1:_0`. The result equals the layout on its non-zero
    /// image.
    ///
    /// ```
    /// use rcute::layout;
    /// assert_eq!(layout!((_2,_3,_4):(_0,_1,_0)).filter().to_string(), "_3:_1");
    /// assert_eq!(layout!((_2,_3):(_0,_0)).filter().to_string(), "_1:_0");
    /// assert_eq!(layout!((2,3):(_0,1)).filter().to_string(), "3:1");
    /// ```
    pub const fn try_filter(&self) -> Result<Layout, Error> {
        // coalesce(filter_zeros(self)), reading the leaves in place
        coalesce_leaves(self.shape_ref(), self.stride_ref(), false, true)
    }

    /// [`Layout::try_filter`], panicking with the error's message.
    #[track_caller]
    pub const fn filter(&self) -> Layout {
        unwrap_or_panic!(self.try_filter())
    }

    /// Filters each mode at the leaves of `profile` separately (CuTe's
    /// `filter(layout, profile)`).
    ///
    /// ```
    /// use rcute::{layout, int_tuple};
    /// let l = layout!(((_2,_3),(_4,_5)):((_0,_1),(_3,_0)));
    /// assert_eq!(l.filter_by(&int_tuple!((_1,_1))).to_string(), "(_3,_4):(_1,_3)");
    /// ```
    pub const fn try_filter_by(&self, profile: &IntTuple) -> Result<Layout, Error> {
        ModeOp::Filter.apply(self, profile)
    }

    /// [`Layout::try_filter_by`], panicking with the error's message.
    #[track_caller]
    pub const fn filter_by(&self, profile: &IntTuple) -> Layout {
        unwrap_or_panic!(self.try_filter_by(profile))
    }
}

impl IntTuple {
    /// Merges neighbouring leaves of the same static-ness by multiplication (CuTe's
    /// `coalesce(shape)`): the size is kept, the depth becomes at most 1.
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!((2,_4,(_8,3),_2)).coalesce().to_string(), "(2,_32,3,_2)");
    /// ```
    pub const fn try_coalesce(&self) -> Result<IntTuple, Error> {
        let flat = self.flatten();
        if flat.is_leaf() {
            return Ok(flat);
        }
        let n = flat.leaf_count();
        if n == 0 {
            return Ok(flat);
        }
        let mut out = [Int::ZERO; CAPACITY];
        let mut m = 1;
        out[0] = flat.leaf(0);
        let mut i = 1;
        while i < n {
            let a = flat.leaf(i);
            if out[m - 1].is_static() == a.is_static() {
                out[m - 1] = tri!(out[m - 1].try_mul(a));
            } else {
                out[m] = a;
                m += 1;
            }
            i += 1;
        }
        if m == 1 {
            return Ok(IntTuple::from_int(out[0]));
        }
        let (live, _) = out.split_at(m);
        IntTuple::try_from_ints(live)
    }

    /// [`IntTuple::try_coalesce`], panicking with the error's message.
    #[track_caller]
    pub const fn coalesce(&self) -> IntTuple {
        unwrap_or_panic!(self.try_coalesce())
    }
}

#[cfg(test)]
mod tests {
    use crate::algebra::modes::{
        Few, Flat, Modes, Scan, Sink, coalesce_scan, coalesced, keeps_few, scan_few,
    };
    use crate::algebra::testgen::Gen;
    use crate::{Int, IntTuple, Layout};

    /// [`Layout::copy_small`] (the copy of a kept coalesce) is the layout, every byte compared (`==` compares whole
    /// arrays, the unused slots included), on random layouts of depth up to 2 and on flat
    /// layouts of 1 to 12 modes, where [`Layout::is_small`].
    #[test]
    fn copy_small_is_a_copy() {
        let mut g = Gen(71);
        let (mut seen, mut copied) = (0, 0);
        for k in 0..20_000 {
            let l = if k % 4 == 0 {
                let r = 1 + k / 4 % 12;
                let s: std::vec::Vec<_> = (0..r).map(|i| std::format!("{}", i + 2)).collect();
                let d: std::vec::Vec<_> = (0..r).map(|i| std::format!("_{}", 3 * i)).collect();
                Layout::try_parse(&std::format!("({}):({})", s.join(","), d.join(","))).unwrap()
            } else {
                g.layout(2)
            };
            seen += 1;
            if l.is_small() {
                assert!(l.copy_small() == l, "{l}");
                copied += 1;
            }
        }
        assert_eq!(seen, 20_000);
        assert!(copied > 15_000, "{copied} copied");
    }

    /// The fast paths of coalesce and filter ([`keeps_few`], [`scan_few`]) answer what the
    /// general scan answers, values and static bits, or leave the modes to it: on random
    /// layouts of depth up to 2 (static and dynamic values, `_1`s, zero, negative and
    /// scaled-basis strides, products that overflow), with and without `zeros`; and
    /// `coalesce` (which takes them) answers what the general path answers, errors too.
    #[test]
    fn fast_coalesce_is_the_general_scan() {
        let mut g = Gen(43);
        let (mut compared, mut kept, mut done) = (0, 0, 0);
        for k in 0..40_000 {
            let mut l: Layout = g.layout(2);
            if k % 40 == 0 {
                l = Layout::try_parse("(_2,(_4,3)):(_1@0,(_2@1,_8@1))").unwrap();
            } else if k % 40 == 1 {
                l = Layout::try_parse("(_4,(_2,_3)):(_4611686018427387904,(_1,_2))").unwrap();
            } else if k % 40 == 2 {
                l = Layout::try_parse("(_3,_4):(_3074457345618258603,_9223372036854775807)")
                    .unwrap();
            }
            let src = Modes::leaves(l.shape_ref(), l.stride_ref());
            for zeros in [false, true] {
                let mut general = Flat::new();
                let want = coalesce_scan(src, false, zeros, Sink::Flat(&mut general));
                let want = want.map(|()| {
                    let m = Modes::flat(&general);
                    (0..m.len())
                        .map(|i| (m.s(i), m.d(i)))
                        .collect::<std::vec::Vec<_>>()
                });
                let modes = |m: Modes<'_>| (0..m.len()).map(|i| (m.s(i), m.d(i))).collect();
                if keeps_few(src, zeros) {
                    assert_eq!(want, Ok(modes(src)), "keeps {l}, zeros {zeros}");
                    kept += 1;
                }
                let mut few = Few::new();
                match scan_few(src, zeros, &mut few) {
                    Scan::General => {}
                    Scan::Same => assert_eq!(want, Ok(modes(src)), "same {l}, zeros {zeros}"),
                    Scan::Done => {
                        assert_eq!(want, Ok(modes(few.modes())), "scan {l}, zeros {zeros}");
                        done += 1;
                    }
                }
                compared += 1;
            }
            let general = coalesced(src, false, false);
            assert_eq!(l.try_coalesce(), general, "coalesce({l})");
        }
        assert_eq!(compared, 80_000);
        assert!(
            kept > 10_000 && done > 10_000,
            "{kept} kept, {done} scanned"
        );
    }

    /// The copy-and-flatten path of `coalesce` (taken when no mode changes) gives the same
    /// layout as building the coalesced modes, for every layout of shape `((a,b),c)` over a
    /// set of static and dynamic values, and it is taken for some of them.
    #[test]
    fn coalesce_without_changes_is_the_flattened_layout() {
        let shapes = [
            Int::constant(1),
            Int::constant(2),
            Int::dynamic(1),
            Int::dynamic(3),
        ];
        let strides = [
            Int::constant(0),
            Int::constant(1),
            Int::constant(2),
            Int::dynamic(0),
            Int::dynamic(4),
        ];
        let (mut compared, mut unchanged) = (0, 0);
        let pick = |k: usize| (shapes[k % 4], strides[k / 4 % 5]);
        for k in 0..20 * 20 * 20 {
            let (m0, m1, m2) = (pick(k % 20), pick(k / 20 % 20), pick(k / 400));
            let tuple = |x: [Int; 3]| {
                let inner = IntTuple::from_ints(&[x[0], x[1]]);
                IntTuple::tuple(&[inner, IntTuple::from_int(x[2])])
            };
            let l = Layout::new(tuple([m0.0, m1.0, m2.0]), tuple([m0.1, m1.1, m2.1]));
            let built = coalesced(Modes::leaves(l.shape_ref(), l.stride_ref()), false, false);
            let got = l.try_coalesce();
            assert_eq!(got, built, "coalesce({l})");
            if got.is_ok_and(|c| c.rank() == 3) {
                unchanged += 1;
            }
            compared += 1;
        }
        assert_eq!(compared, 8000);
        assert!(unchanged > 1000, "{unchanged} unchanged");
    }

    /// The path for a layout already flat (returned as it is where no mode changes) gives
    /// the same layout as building the coalesced modes, values, static bits and errors, on
    /// every layout `s:d`, `(s):(d)` and flat layouts of rank 2 and 3 (and a random draw of
    /// rank 4) over static and dynamic values, zeros, negatives and overflowing products.
    #[test]
    fn coalesce_of_a_flat_layout_is_the_built_layout() {
        let shapes = [
            Int::constant(1),
            Int::constant(2),
            Int::constant(4),
            Int::dynamic(1),
            Int::dynamic(3),
            Int::dynamic(i64::MAX),
        ];
        let strides = [
            Int::constant(0),
            Int::constant(1),
            Int::constant(2),
            Int::constant(8),
            Int::dynamic(0),
            Int::dynamic(4),
            Int::constant(-2),
            Int::constant(i64::MAX),
        ];
        let modes = shapes.len() * strides.len();
        let pick = |k: usize| (shapes[k % 6], strides[k / 6 % 8]);
        let (mut compared, mut as_is, mut errors) = (0, 0, 0);
        let mut check = |l: Layout| {
            let built = coalesced(Modes::leaves(l.shape_ref(), l.stride_ref()), false, false);
            let got = l.try_coalesce();
            assert_eq!(got, built, "coalesce({l})");
            as_is += usize::from(got == Ok(l));
            errors += usize::from(got.is_err());
            compared += 1;
        };
        let flat = |ms: &[(Int, Int)]| {
            let s: std::vec::Vec<Int> = ms.iter().map(|m| m.0).collect();
            let d: std::vec::Vec<Int> = ms.iter().map(|m| m.1).collect();
            Layout::new(IntTuple::from_ints(&s), IntTuple::from_ints(&d))
        };
        for k in 0..modes {
            let (s, d) = pick(k);
            check(Layout::new(IntTuple::from_int(s), IntTuple::from_int(d)));
            check(flat(&[(s, d)]));
        }
        for k in 0..modes * modes {
            check(flat(&[pick(k % modes), pick(k / modes)]));
        }
        for k in 0..modes * modes * modes {
            check(flat(&[
                pick(k % modes),
                pick(k / modes % modes),
                pick(k / modes / modes),
            ]));
        }
        let mut rng = crate::algebra::testgen::XorShift(0x2545_f491_4f6c_dd1d_u64);
        for _ in 0..20_000 {
            let mut m = [(Int::ONE, Int::ZERO); 4];
            for mode in &mut m {
                let x = rng.bits();
                *mode = pick(x as usize % modes);
            }
            check(flat(&m));
        }
        let n = modes + modes + modes * modes + modes * modes * modes + 20_000;
        assert_eq!(compared, n);
        assert!(
            as_is > 10_000 && errors > 100,
            "{as_is} as is, {errors} errors"
        );
    }
}
