//! `right_inverse` and `left_inverse`.
//!
//! Both coalesce the layout, sort its modes by stride (CuTe's exchange sort, which is not
//! stable for equal strides), and build the inverse from the prefix products of the shape.

use crate::algebra::coalesce::raw::Padded;
use crate::algebra::modes::{
    FEW, Few, Flat, Modes as FlatModes, Scan, Sink, coalesce_into, coalesce_keeps, coalesce_scan,
    keeps_few, scan_few,
};
use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::{CAPACITY, IntTuple};

mod flat;

/// Refuses scaled-basis strides, and a product of the shapes that overflows (so that the
/// prefix products of [`prefix`] do not).
#[inline(always)]
const fn check_modes(f: FlatModes<'_>) -> Result<(), Error> {
    let mut size = Int::ONE;
    let mut i = 0;
    while i < f.len() {
        if f.d(i).is_basis() {
            return Err(Error::WrongKind {
                msg: "inverse: scaled-basis strides have no inverse layout",
            });
        }
        size = tri!(f.s(i).try_mul(size));
        i += 1;
    }
    Ok(())
}

/// The exclusive prefix product of the shapes before mode `x`.
#[inline]
const fn prefix(f: FlatModes<'_>, x: usize) -> Result<Int, Error> {
    let mut pre = Int::ONE;
    let mut k = 0;
    while k < x {
        pre = tri!(f.s(k).try_mul(pre));
        k += 1;
    }
    Ok(pre)
}

/// Refuses scaled-basis strides, and a product of the shapes that overflows; writes the
/// exclusive prefix product of the shapes before each mode into `pre` (at least as long
/// as `f`).
#[inline(always)]
const fn prefixes(f: FlatModes<'_>, pre: &mut [Int]) -> Result<(), Error> {
    let mut size = Int::ONE;
    let mut i = 0;
    while i < f.len() {
        if f.d(i).is_basis() {
            return Err(Error::WrongKind {
                msg: "inverse: scaled-basis strides have no inverse layout",
            });
        }
        pre[i] = size;
        size = tri!(f.s(i).try_mul(size));
        i += 1;
    }
    Ok(())
}

// mode indices are kept as u8
const _: () = assert!(CAPACITY <= 256);

/// CuTe's `detail::SortByKey` (an exchange sort on stride values) of the given indices.
#[inline(always)]
const fn sort_by_stride(f: FlatModes<'_>, idx: &mut [u8; CAPACITY], n: usize) {
    let mut i = 0;
    while i < n {
        let mut j = i + 1;
        while j < n {
            if f.d(idx[j] as usize).value() < f.d(idx[i] as usize).value() {
                let t = idx[j];
                idx[j] = idx[i];
                idx[i] = t;
            }
            j += 1;
        }
        i += 1;
    }
}

/// The most offsets [`inverts`] checks one by one.
const MAX_CHECKED: i64 = 1 << 20;

/// `y + c * d`, `None` on overflow (a step of [`eval_flat`]).
#[inline(always)]
const fn add_term(y: i64, c: i64, d: i64) -> Option<i64> {
    match c.checked_mul(d) {
        Some(v) => y.checked_add(v),
        None => None,
    }
}

/// A flat layout at any integer `x` as CuTe evaluates it: C++ truncating division and
/// remainder by each extent, the last mode taking the quotient (so also at negative
/// offsets and with negative extents). `None` on overflow.
const fn eval_flat(s: &[i64; CAPACITY], d: &[i64; CAPACITY], n: usize, mut x: i64) -> Option<i64> {
    let mut y = 0i64;
    let mut k = 0;
    while k < n {
        let c = if k + 1 == n || s[k] == 0 { x } else { x % s[k] };
        if k + 1 < n && s[k] != 0 {
            x /= s[k];
        }
        y = match add_term(y, c, d[k]) {
            Some(z) => z,
            None => return None,
        };
        k += 1;
    }
    Some(y)
}

/// Whether `r(l(i))` is an index of `l` (below `size(l)`) with `l(r(l(i))) == l(i)` for
/// every `i < size(l)` (CuTe's quasi-inverse contract; for an injective `l`, `r(l(i)) ==
/// i`), `l` given by its flat modes, both layouts evaluated by [`eval_flat`]. `Ok(false)` also where the check would be too long or
/// overflow.
const fn inverts(l: FlatModes<'_>, r: &Layout) -> Result<bool, Error> {
    let (mut ls, mut ld) = ([0i64; CAPACITY], [0i64; CAPACITY]);
    let mut n: i64 = 1;
    let mut k = 0;
    while k < l.len() {
        ls[k] = l.s(k).value();
        ld[k] = l.d(k).value();
        n = match n.checked_mul(ls[k]) {
            Some(v) if v <= MAX_CHECKED => v,
            _ => return Ok(false),
        };
        k += 1;
    }
    let (mut rs, mut rd) = ([0i64; CAPACITY], [0i64; CAPACITY]);
    let rn = r.shape_ref().leaf_count();
    let mut k = 0;
    while k < rn {
        rs[k] = r.shape_ref().leaf(k).value();
        rd[k] = r.stride_ref().leaf(k).value();
        k += 1;
    }
    let mut i = 0;
    while i < n {
        let ok = match eval_flat(&ls, &ld, l.len(), i) {
            Some(x) => match eval_flat(&rs, &rd, rn, x) {
                Some(y) if y < 0 || y >= n => false,
                Some(y) => match eval_flat(&ls, &ld, l.len(), y) {
                    Some(z) => z == x,
                    None => false,
                },
                None => false,
            },
            None => false,
        };
        if !ok {
            return Ok(false);
        }
        i += 1;
    }
    Ok(true)
}

/// The coalesced modes of `src` for the fast paths, at most [`FEW`] plain ones: `src`
/// itself where coalescing keeps it, else written to `few`; `None` where the general scan
/// must answer (more modes, a scaled basis element, an error).
#[inline(always)]
const fn coalesced_few<'a>(src: FlatModes<'a>, few: &'a mut Few) -> Option<FlatModes<'a>> {
    if src.len() > FEW {
        return None;
    }
    match scan_few(src, false, few) {
        Scan::General => None,
        Scan::Same => Some(src),
        Scan::Done => Some(few.modes()),
    }
}

/// `coalesce` of the modes `r` (without `extend` or `zeros`): [`Scan::Same`] where it
/// keeps them, [`Scan::Done`] with the coalesced modes written to `out`, [`Scan::General`]
/// where the general scan must answer.
#[inline(always)]
const fn coalesce_few(r: &Few, out: &mut Few) -> Scan {
    if keeps_few(r.modes(), false) {
        return Scan::Same;
    }
    scan_few(r.modes(), false, out)
}

/// [`right_inverse_of`] of at most [`FEW`] coalesced plain modes `f`, the modes pushed
/// into `r` (empty) before coalescing: the same construction, with the same errors in the
/// same order; `Ok(false)` where the general path must answer.
#[inline(always)]
const fn right_inverse_few(f: FlatModes<'_>, r: &mut Few) -> Result<bool, Error> {
    let mut pre = [Int::ONE; FEW];
    tri!(prefixes(f, &mut pre));
    let mut idx = [0u8; CAPACITY];
    let mut n = 0;
    let mut i = 0;
    while i < f.len() {
        if f.d(i).is_static() {
            idx[n] = i as u8;
            n += 1;
        }
        i += 1;
    }
    sort_by_stride(f, &mut idx, n);
    let mut curr = Int::ONE;
    let mut j = 0;
    while j < n {
        let x = idx[j] as usize;
        let (s, d) = (f.s(x), f.d(x));
        if curr.is_static() && curr.value() == d.value() {
            // at most `f.len() <= FEW` modes are pushed
            if !s.is_constant(1) && !r.push(s, pre[x]) {
                return Ok(false);
            }
            curr = tri!(s.try_mul(d));
        }
        j += 1;
    }
    if r.len() == 0 {
        r.push(Int::ONE, Int::ZERO);
    }
    Ok(true)
}

/// What [`Layout::left_inverse_few`] made of its modes.
enum Few_ {
    /// The general path must answer.
    General,
    /// A dynamic stride: the left inverse of the layout made static, made dynamic.
    Dynamic,
    /// The modes pushed; with the mode to name if the answer is no left inverse.
    Pushed(Option<usize>),
}

/// CuTe's divisibility error of a left inverse: the stride `d` of mode `m` of the coalesced
/// modes is not a multiple of the extent `size` below it.
const fn indivisible(m: usize, d: i64, size: i64) -> Error {
    Error::Precondition {
        msg: "left_inverse: divisibility condition violated (a stride is not a multiple of the extent below it)",
        mode: m as i64,
        lhs: d,
        rhs: size,
    }
}

/// The error of a left inverse that CuTe's construction misses at mode `m` (of stride
/// `d`) of the coalesced modes.
const fn not_inverse(m: usize, d: i64) -> Error {
    Error::Precondition {
        msg: "left_inverse: CuTe's construction is not a left inverse of this layout (a negative stride, a dynamic extent of 1, or modes that overlap)",
        mode: m as i64,
        lhs: d,
        rhs: 0,
    }
}
/// [`Layout::try_right_inverse`] by the general path, `src` the flattened modes.
#[inline(always)]
const fn right_inverse_general(src: FlatModes<'_>) -> Result<Layout, Error> {
    if coalesce_keeps(src, false) {
        return right_inverse_of(src);
    }
    let mut f = Flat::new();
    tri!(coalesce_scan(src, false, false, Sink::Flat(&mut f)));
    right_inverse_of(FlatModes::flat(&f))
}

/// `right_inverse` of coalesced modes.
const fn right_inverse_of(f: FlatModes<'_>) -> Result<Layout, Error> {
    tri!(check_modes(f));
    let mut idx = [0u8; CAPACITY];
    let mut n = 0;
    let mut i = 0;
    while i < f.len() {
        if f.d(i).is_static() {
            idx[n] = i as u8;
            n += 1;
        }
        i += 1;
    }
    sort_by_stride(f, &mut idx, n);
    // coalesce((_1, shape...):(_0, prefix products...)) of the modes that continue the
    // contiguous prefix; the leading `_1:_0` (and any static `_1`) is one coalescing
    // drops, so it is left out, and `_1:_0` stands for an empty list. The modes are
    // written into the result and coalesced there.
    let mut l = Layout::stream();
    let mut out = Sink::Layout(&mut l);
    let mut w = out.writer();
    let mut curr = Int::ONE;
    let mut j = 0;
    while j < n {
        let x = idx[j] as usize;
        let (s, d) = (f.s(x), f.d(x));
        if curr.is_static() && curr.value() == d.value() {
            if !s.is_constant(1) {
                tri!(w.push(s, tri!(prefix(f, x))));
            }
            curr = tri!(s.try_mul(d));
        }
        j += 1;
    }
    if w.n == 0 {
        tri!(w.push(Int::ONE, Int::ZERO));
    }
    let written = w.n;
    out.set_written(written);
    tri!(out.coalesce_pushed());
    Ok(l)
}

/// Whether every stride of `f` is static, as left_inverse's construction needs: a dynamic
/// one is CuTe's error with `as_cute`, and `Ok(false)` without (rcute then inverts the
/// same layout with every value static).
#[inline(always)]
const fn strides_static(f: FlatModes<'_>, as_cute: bool) -> Result<bool, Error> {
    let mut k = 0;
    while k < f.len() {
        if !f.d(k).is_static() {
            if as_cute {
                return Err(Error::WrongKind {
                    msg: "left_inverse: CuTe's left inverse needs static strides",
                });
            }
            return Ok(false);
        }
        k += 1;
    }
    Ok(true)
}

/// The modes of `f` in stride order, and the first mode where CuTe's left inverse is one
/// only sometimes (checked offset by offset by its callers): a negative stride or a
/// dynamic extent of 1 (which coalescing keeps, and whose stride CuTe's construction reads
/// as if the mode filled it), else a mode that may overlap the one before it in stride
/// order (a stride below that mode's reach).
#[inline(always)]
const fn stride_order(f: FlatModes<'_>) -> ([u8; CAPACITY], Option<usize>) {
    let mut idx = [0u8; CAPACITY];
    let mut negative = None;
    let mut i = 0;
    while i < f.len() {
        idx[i] = i as u8;
        if (f.d(i).value() < 0 || f.s(i).value() == 1) && negative.is_none() {
            negative = Some(i);
        }
        i += 1;
    }
    sort_by_stride(f, &mut idx, f.len());
    // modes that may overlap: CuTe's answer is then a quasi-inverse only sometimes
    let mut j = 1;
    while j < f.len() && negative.is_none() {
        let (p, q) = (idx[j - 1] as usize, idx[j] as usize);
        let reach = f.d(p).value() as i128 * f.s(p).value() as i128;
        if f.d(p).value() != 0 && (f.d(q).value() as i128) < reach {
            negative = Some(q);
        }
        j += 1;
    }
    (idx, negative)
}

/// Whether every stride of `l` is a plain dynamic integer and [`check_modes`] passes: no
/// basis stride (none is dynamic plain), and the product of the shapes does not overflow
/// (computed here on the raw values: calling `check_modes`, whose products are of
/// [`Int`]s, took a 7-leaf layout's right inverse from 256 to 410 instructions; where
/// this fails, the general path answers the error).
#[inline(never)]
const fn every_stride_dynamic(l: &Layout) -> bool {
    let (sv, _, _, dm) = FlatModes::of(l).parts();
    let mut size = 1i64;
    let mut i = 0;
    while i < dm.len() {
        if dm[i] != 0 {
            return false;
        }
        size = match size.checked_mul(sv[i]) {
            Some(p) => p,
            None => return false,
        };
        i += 1;
    }
    !dm.is_empty()
}

impl Layout {
    /// A layout `R` with `self(R(i)) == i` for every `i < size(R)`: the largest
    /// contiguous prefix of `self`'s codomain it can reach (CuTe's `right_inverse`).
    /// As in CuTe, modes with dynamic strides are ignored.
    ///
    /// ```
    /// use rcute::layout;
    /// assert_eq!(layout!((_8,_4):(_4,_1)).right_inverse().to_string(), "(_4,_8):(_8,_1)");
    /// assert_eq!(layout!((_4,_2):(_1,_16)).right_inverse().to_string(), "_4:_1");
    /// assert_eq!(layout!(_4:_2).right_inverse().to_string(), "_1:_0");
    /// assert_eq!(layout!((4,2):(_1,4)).right_inverse().to_string(), "4:_1");
    /// assert_eq!(layout!((4,2):(1,4)).right_inverse().to_string(), "_1:_0");
    /// ```
    pub const fn try_right_inverse(&self) -> Result<Layout, Error> {
        // (the first stride read alone first: a static one costs a compare)
        if self.stride_ref().leaf_at(0).meta() == 0 && every_stride_dynamic(self) {
            // CuTe takes only modes whose stride is a static extent so far (`_1` first):
            // with every stride dynamic, none, and the inverse is `_1:_0`
            const UNIT: Layout =
                Layout::from_parts(IntTuple::from_int(Int::ONE), IntTuple::from_int(Int::ZERO));
            return Ok(UNIT);
        }
        // the direct path: a few plain leaves, from the leaves to the result's modes
        let mut r = Padded::new();
        if flat::right_inverse(self.shape_ref(), self.stride_ref(), &mut r) {
            return Ok(r.layout());
        }
        // the leaves are stored in depth-first order: they are the flattened modes
        let src = FlatModes::of(self);
        // the common case: a few plain modes, coalesced and inverted on the stack
        if src.len() <= FEW {
            let mut few = Few::new();
            if let Some(f) = coalesced_few(src, &mut few) {
                let mut r = Few::new();
                if tri!(right_inverse_few(f, &mut r)) {
                    // the result is built once, where it is returned
                    let mut out = Few::new();
                    match coalesce_few(&r, &mut out) {
                        Scan::Same => return Ok(r.layout()),
                        Scan::Done => return Ok(out.layout()),
                        Scan::General => {}
                    }
                }
            }
        }
        right_inverse_general(src)
    }

    /// [`Layout::try_right_inverse`], panicking with the error's message.
    #[track_caller]
    pub const fn right_inverse(&self) -> Layout {
        unwrap_or_panic!(self.try_right_inverse())
    }

    /// A layout `R` with `self(R(self(i))) == self(i)` for every `i < size(self)`: for an
    /// injective layout, `R(self(i)) == i` (CuTe's `left_inverse`).
    ///
    /// Beyond CuTe: CuTe requires static strides; rcute computes the inverse from the
    /// values of dynamic strides.
    ///
    /// Negative strides: CuTe's construction then builds negative extents
    /// (`left_inverse(_4:_-1)` is `(_-1,_4):(_0,_1)`, of size `_-4`). Evaluated as CuTe
    /// evaluates any layout at an integer outside its domain (truncating division by each
    /// extent, the last mode taking the quotient), such a layout can still be a left
    /// inverse: `R(-i) == i` for `i < 4` here. rcute returns CuTe's answer exactly when it
    /// keeps CuTe's contract, checked offset by offset (`R(L(i))` is an index of `L` and
    /// `L(R(L(i))) == L(i)` for every `i < size(L)`, at most 2^20 of them; for an injective
    /// `L` that is `R(L(i)) == i`), and refuses the others: `left_inverse((_4,_2):(_-1,_4))` is
    /// `(_-1,_-4,_2):(_0,_1,_4)` in CuTe, whose value at `L(1,1) = 3` is `-3`, not `5`
    /// (a documented deviation).
    ///
    /// # Errors
    /// CuTe's "Left inverse divisibility condition" (a stride is not a multiple of the
    /// extent below it), and negative strides where CuTe's answer is not a left inverse.
    ///
    /// ```
    /// use rcute::layout;
    /// assert_eq!(layout!((_4,_2):(_1,_16)).left_inverse().to_string(), "(_16,_2):(_1,_4)");
    /// assert_eq!(layout!(_4:_2).left_inverse().to_string(), "(_2,_4):(_0,_1)");
    /// assert_eq!(layout!((_8,_4):(_4,_1)).left_inverse().to_string(), "(_4,_8):(_8,_1)");
    /// assert_eq!(layout!((_4):(_-1)).left_inverse().to_string(), "(_-1,_4):(_0,_1)");
    /// assert!(layout!((_4,_2):(_-1,_4)).try_left_inverse().is_err());
    /// ```
    pub const fn try_left_inverse(&self) -> Result<Layout, Error> {
        self.left_inverse_with(false)
    }

    /// `left_inverse(self)` as CuTe C++ computes it, where [`Layout::try_left_inverse`]
    /// refuses: CuTe's construction without the check that it is a left inverse (negative
    /// strides, dynamic extents of 1, overlapping modes); refused where CuTe refuses
    /// (dynamic strides, its divisibility condition).
    ///
    /// ```
    /// use rcute::layout;
    /// assert!(layout!((_4,_2):(_-1,_4)).try_left_inverse().is_err());
    /// assert_eq!(layout!((_4,_2):(_-1,_4)).try_left_inverse_as_cute().unwrap().to_string(),
    ///            "(_-1,_-4,_2):(_0,_1,_4)");
    /// ```
    pub const fn try_left_inverse_as_cute(&self) -> Result<Layout, Error> {
        self.left_inverse_with(true)
    }

    /// [`Layout::try_left_inverse`], or with `as_cute` [`Layout::try_left_inverse_as_cute`].
    const fn left_inverse_with(&self, as_cute: bool) -> Result<Layout, Error> {
        // the direct paths: a few leaves with dynamic shapes and static strides, then a
        // few plain leaves, from the leaves to the result's modes
        // (the first shape read alone first: a static one costs a compare)
        if self.shape_ref().leaf_at(0).meta() == 0 {
            let mut f = Few::new();
            if flat::left_inverse_dynamic_shapes(self.shape_ref(), self.stride_ref(), &mut f) {
                return Ok(f.layout());
            }
        }
        let mut r = Padded::new();
        if flat::left_inverse(self.shape_ref(), self.stride_ref(), &mut r) {
            return Ok(r.layout());
        }
        self.left_inverse_rest(as_cute)
    }

    /// [`Layout::left_inverse_with`] where its first direct path gives up (laid out of
    /// line, so that the first is compiled on its own).
    #[inline(never)]
    const fn left_inverse_rest(&self, as_cute: bool) -> Result<Layout, Error> {
        // the same, with the cases to check offset by offset and the errors
        let mut r = Padded::new();
        match flat::left_inverse_checked(self.shape_ref(), self.stride_ref(), as_cute, &mut r) {
            flat::Left::Done => return Ok(r.layout()),
            flat::Left::Error(e) => return Err(e),
            flat::Left::General => {}
        }
        // the leaves are stored in depth-first order: they are the flattened modes, read
        // in place where coalescing keeps them
        let src = FlatModes::leaves(self.shape_ref(), self.stride_ref());
        // the common case: a few plain modes, coalesced and inverted on the stack
        if src.len() <= FEW {
            let mut few = Few::new();
            if let Some(f) = coalesced_few(src, &mut few) {
                let mut r = Few::new();
                match tri!(self.left_inverse_few(f, as_cute, &mut r)) {
                    Few_::Dynamic => {
                        // Beyond CuTe: the left inverse of the same layout with every value
                        // static.
                        return Ok(tri!(self.to_static().try_left_inverse()).to_dynamic());
                    }
                    Few_::Pushed(negative) => {
                        let mut out = Few::new();
                        let res = match coalesce_few(&r, &mut out) {
                            Scan::Same => &r,
                            Scan::Done => &out,
                            Scan::General => return self.left_inverse_general(src, as_cute),
                        };
                        let Some(m) = negative else {
                            // the result is built once, where it is returned
                            return Ok(res.layout());
                        };
                        let l = res.layout();
                        if !as_cute && !tri!(inverts(f, &l)) {
                            return Err(not_inverse(m, f.d(m).value()));
                        }
                        return Ok(l);
                    }
                    Few_::General => {}
                }
            }
        }
        self.left_inverse_general(src, as_cute)
    }

    /// [`Layout::left_inverse_with`] by the general path, `src` the flattened modes.
    #[inline(always)]
    const fn left_inverse_general(
        &self,
        src: FlatModes<'_>,
        as_cute: bool,
    ) -> Result<Layout, Error> {
        if coalesce_keeps(src, false) {
            return self.left_inverse_of(src, as_cute);
        }
        let mut c = Flat::new();
        tri!(coalesce_scan(src, false, false, Sink::Flat(&mut c)));
        self.left_inverse_of(FlatModes::flat(&c), as_cute)
    }

    /// [`Layout::left_inverse_with`] of `f`, the coalesced modes of `self`.
    const fn left_inverse_of(&self, f: FlatModes<'_>, as_cute: bool) -> Result<Layout, Error> {
        let mut pre = [Int::ZERO; CAPACITY];
        tri!(prefixes(f, &mut pre));
        if !tri!(strides_static(f, as_cute)) {
            // Beyond CuTe: the left inverse of the same layout with every value static.
            return Ok(tri!(self.to_static().try_left_inverse()).to_dynamic());
        }
        let (idx, negative) = stride_order(f);
        // CuTe's lists of shapes `rs` and strides `rd` (`rd` starting with `_0`, `rs`
        // ending with the last sorted mode's extent), paired up as modes as they are
        // computed, then coalesced into the result (where it is returned: no copy): mode
        // `k` is `rs[k]:rd[k]`, so each step writes its shape with the stride of the step
        // before.
        let mut r = Flat::new();
        let mut res = Ok(Layout::stream());
        if let Ok(l) = &mut res {
            let mut prev_rd = Int::ZERO;
            let mut size = Int::ONE;
            let mut ns = 0;
            let mut j = 0;
            while j < f.len() {
                let x = idx[j] as usize;
                let d = f.d(x);
                // every stride is static here: a `_0` stride adds no mode
                if !d.is_constant(0) {
                    if tri!(d.try_rem(size)).value() != 0 {
                        return Err(indivisible(x, d.value(), size.value()));
                    }
                    let rs = tri!(d.try_div(size));
                    ns += 1;
                    size = if ns == 1 { rs } else { tri!(size.try_mul(rs)) };
                    let rd = pre[x];
                    // at most CAPACITY modes come before the last one
                    tri!(r.push(rs, prev_rd));
                    prev_rd = rd;
                }
                j += 1;
            }
            tri!(r.push(f.s(idx[f.len() - 1] as usize), prev_rd));
            tri!(coalesce_into(
                FlatModes::flat(&r),
                false,
                false,
                Sink::Layout(l)
            ));
        }
        if let (Some(m), Ok(r)) = (negative, &res)
            && !as_cute
            && !tri!(inverts(f, r))
        {
            return Err(not_inverse(m, f.d(m).value()));
        }
        res
    }

    /// [`Layout::left_inverse_of`] of at most [`FEW`] coalesced plain modes `f`: the same
    /// construction, with the same errors in the same order, up to the modes pushed into
    /// `r` (empty) before coalescing; [`Few_::Pushed`] carries the mode whose answer must
    /// be checked offset by offset, if any.
    #[inline(always)]
    const fn left_inverse_few(
        &self,
        f: FlatModes<'_>,
        as_cute: bool,
        r: &mut Few,
    ) -> Result<Few_, Error> {
        let mut pre = [Int::ZERO; FEW];
        tri!(prefixes(f, &mut pre));
        if !tri!(strides_static(f, as_cute)) {
            return Ok(Few_::Dynamic);
        }
        let (idx, negative) = stride_order(f);
        // CuTe's lists of shapes `rs` and strides `rd`, paired up as modes as they are
        // computed (see [`Layout::left_inverse_of`]), into a `Few`
        let mut prev_rd = Int::ZERO;
        let mut size = Int::ONE;
        let mut ns = 0;
        let mut j = 0;
        while j < f.len() {
            let x = idx[j] as usize;
            let d = f.d(x);
            // every stride is static here: a `_0` stride adds no mode
            if !d.is_constant(0) {
                if tri!(d.try_rem(size)).value() != 0 {
                    return Err(indivisible(x, d.value(), size.value()));
                }
                let rs = tri!(d.try_div(size));
                ns += 1;
                size = if ns == 1 { rs } else { tri!(size.try_mul(rs)) };
                if !r.push(rs, prev_rd) {
                    return Ok(Few_::General);
                }
                prev_rd = pre[x];
            }
            j += 1;
        }
        if !r.push(f.s(idx[f.len() - 1] as usize), prev_rd) {
            return Ok(Few_::General);
        }
        Ok(Few_::Pushed(negative))
    }

    /// [`Layout::try_left_inverse`], panicking with the error's message.
    #[track_caller]
    pub const fn left_inverse(&self) -> Layout {
        unwrap_or_panic!(self.try_left_inverse())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::modes::coalesced;
    use crate::tuple::IntTuple;

    /// The right inverse written into its result and coalesced there is CuTe's
    /// construction as written: the modes that continue the contiguous prefix pushed as
    /// a list, then `coalesce` of that list as a layout (values, static bits, errors), on
    /// every flat layout of rank 1 to 3 and a random draw of rank 4 over static and
    /// dynamic extents and strides, zeros, negatives and overflowing products.
    #[test]
    fn right_inverse_in_place_is_the_coalesced_list() {
        fn listed(f: FlatModes<'_>) -> Result<Layout, Error> {
            check_modes(f)?;
            let mut idx = [0u8; CAPACITY];
            let mut n = 0;
            for i in 0..f.len() {
                if f.d(i).is_static() {
                    idx[n] = i as u8;
                    n += 1;
                }
            }
            sort_by_stride(f, &mut idx, n);
            let mut r = Flat::new();
            let mut curr = Int::ONE;
            for &x in &idx[..n] {
                let (s, d) = (f.s(x as usize), f.d(x as usize));
                if curr.is_static() && curr.value() == d.value() {
                    if !s.is_constant(1) {
                        r.push(s, prefix(f, x as usize)?)?;
                    }
                    curr = s.try_mul(d)?;
                }
            }
            if r.n == 0 {
                r.push(Int::ONE, Int::ZERO)?;
            }
            coalesced(FlatModes::flat(&r), false, false)
        }
        let shapes = [
            Int::constant(1),
            Int::constant(2),
            Int::constant(4),
            Int::dynamic(1),
            Int::dynamic(3),
            Int::constant(i64::MAX),
        ];
        let strides = [
            Int::constant(0),
            Int::constant(1),
            Int::constant(2),
            Int::constant(4),
            Int::constant(8),
            Int::dynamic(2),
            Int::constant(-2),
            Int::constant(i64::MAX),
        ];
        let modes = shapes.len() * strides.len();
        let pick = |k: usize| (shapes[k % 6], strides[k / 6 % 8]);
        let (mut compared, mut errors, mut longer) = (0, 0, 0);
        let mut check = |ms: &[(Int, Int)]| {
            let mut f = Flat::new();
            for &(s, d) in ms {
                f.push(s, d).unwrap();
            }
            let want = listed(FlatModes::flat(&f));
            let got = right_inverse_of(FlatModes::flat(&f));
            assert_eq!(got, want, "right_inverse of {ms:?}");
            errors += usize::from(got.is_err());
            longer += usize::from(got.is_ok_and(|l| l.shape_ref().leaf_count() > 1));
            compared += 1;
        };
        for k in 0..modes {
            check(&[pick(k)]);
        }
        for k in 0..modes * modes {
            check(&[pick(k % modes), pick(k / modes)]);
        }
        for k in 0..modes * modes * modes {
            check(&[
                pick(k % modes),
                pick(k / modes % modes),
                pick(k / modes / modes),
            ]);
        }
        let mut rng = crate::algebra::testgen::XorShift(0x9e37_79b9_7f4a_7c15_u64);
        for _ in 0..20_000 {
            let mut m = [(Int::ONE, Int::ZERO); 4];
            for mode in &mut m {
                let x = rng.bits();
                *mode = pick(x as usize % modes);
            }
            check(&m);
        }
        assert_eq!(
            compared,
            modes + modes * modes + modes * modes * modes + 20_000
        );
        assert!(
            errors > 100 && longer > 1_000,
            "{errors} errors, {longer} longer"
        );
    }

    /// A layout whose strides are all dynamic answers as the general path does (`_1:_0`,
    /// or the overflow of its size): random layouts of depth up to 3 with their strides
    /// made dynamic, and shapes whose product overflows.
    #[test]
    fn every_stride_dynamic_is_the_general_path() {
        let mut g = crate::algebra::testgen::Gen(0x51);
        let (mut compared, mut fast, mut errors) = (0, 0, 0);
        let mut check = |l: Layout| {
            let got = l.try_right_inverse();
            let want = right_inverse_general(FlatModes::of(&l));
            assert_eq!(got, want, "right_inverse({l})");
            fast += usize::from(every_stride_dynamic(&l));
            errors += usize::from(got.is_err());
            compared += 1;
        };
        for k in 0..20_000 {
            let text = std::format!("{}", g.layout(1 + k % 3));
            let (sh, st) = text.split_once(':').unwrap();
            check(Layout::try_parse(&std::format!("{sh}:{}", st.replace('_', ""))).unwrap());
        }
        for l in [
            "(4611686018427387904,4,2):(1,2,3)",
            "(_4611686018427387904,(_4,2)):(1,(-2,3))",
            "(4611686018427387904,2):(0,0)",
            "(3037000499,3037000499):(1,3037000499)",
            "(3037000500,3037000500):(1,3037000500)",
        ] {
            check(Layout::try_parse(l).unwrap());
        }
        assert_eq!(compared, 20_005);
        assert!(
            fast == 20_001 && errors == 4,
            "{fast} fast, {errors} errors"
        );
    }

    /// CuTe's construction of the left inverse as written: the lists `rs` and `rd` built
    /// whole, paired up as modes, then coalesced as a layout.
    fn left_inverse_listed(l: &Layout, as_cute: bool) -> Result<Layout, Error> {
        // the leaves are stored in depth-first order: they are the flattened modes
        let mut c = Flat::new();
        tri!(coalesce_into(
            FlatModes::leaves(l.shape_ref(), l.stride_ref()),
            false,
            false,
            Sink::Flat(&mut c)
        ));
        let f = FlatModes::flat(&c);
        tri!(check_modes(f));
        let mut k = 0;
        while k < f.len() {
            if !f.d(k).is_static() {
                if as_cute {
                    return Err(Error::WrongKind {
                        msg: "left_inverse: CuTe's left inverse needs static strides",
                    });
                }
                // Beyond CuTe: the left inverse of the same layout with every value static.
                return Ok(left_inverse_listed(&l.to_static(), false)?.to_dynamic());
            }
            k += 1;
        }
        let all_static = true; // from here on, every stride is static
        let mut idx = [0u8; CAPACITY];
        // a negative stride, or a dynamic extent of 1 (which coalescing keeps, and whose
        // stride CuTe's construction reads as if the mode filled it): CuTe's answer is a
        // left inverse only sometimes, checked offset by offset below
        let mut negative = None;
        let mut i = 0;
        while i < f.len() {
            idx[i] = i as u8;
            if (f.d(i).value() < 0 || f.s(i).value() == 1) && negative.is_none() {
                negative = Some(i);
            }
            i += 1;
        }
        sort_by_stride(f, &mut idx, f.len());
        // modes that may overlap (a stride below the extent of the mode before it, in
        // stride order): CuTe's answer is then a quasi-inverse only sometimes, checked
        // offset by offset below
        let mut j = 1;
        while j < f.len() && negative.is_none() {
            let (p, q) = (idx[j - 1] as usize, idx[j] as usize);
            let reach = f.d(p).value() as i128 * f.s(p).value() as i128;
            if f.d(p).value() != 0 && (f.d(q).value() as i128) < reach {
                negative = Some(q);
            }
            j += 1;
        }
        let mut rs = [Int::ZERO; CAPACITY + 1];
        let mut rd = [Int::ZERO; CAPACITY + 1];
        rd[0] = Int::ZERO;
        let mut ns = 0;
        let mut nd = 1;
        let mut size = Int::ONE;
        let mut j = 0;
        while j < f.len() {
            let x = idx[j] as usize;
            let d = f.d(x);
            if !(all_static && d.is_constant(0)) {
                if tri!(d.try_rem(size)).value() != 0 {
                    return Err(indivisible(x, d.value(), size.value()));
                }
                rs[ns] = tri!(d.try_div(size));
                ns += 1;
                size = if ns == 1 {
                    rs[0]
                } else {
                    tri!(size.try_mul(rs[ns - 1]))
                };
                rd[nd] = tri!(prefix(f, x));
                nd += 1;
            }
            j += 1;
        }
        rs[ns] = f.s(idx[f.len() - 1] as usize);
        ns += 1;
        // the lists have the same length: pair them up as modes
        let mut r = Flat::new();
        let mut k = 0;
        while k < ns && k < nd {
            tri!(r.push(rs[k], rd[k]));
            k += 1;
        }
        let res = tri!(coalesced(FlatModes::flat(&r), false, false));
        match negative {
            Some(m) if !as_cute && !tri!(inverts(f, &res)) => Err(not_inverse(m, f.d(m).value())),
            _ => Ok(res),
        }
    }

    /// The left inverse streamed into its result and coalesced there is CuTe's
    /// construction as written (values, static bits, errors), with and without the
    /// check that it inverts, on every flat layout of rank 1 and 2 and a random draw of
    /// ranks 3 and 4 over static and dynamic extents and strides, zeros and negatives,
    /// and on random nested layouts.
    #[test]
    fn left_inverse_streamed_is_the_listed_construction() {
        let shapes = [
            Int::constant(1),
            Int::constant(2),
            Int::constant(3),
            Int::constant(4),
            Int::dynamic(1),
            Int::dynamic(4),
        ];
        let strides = [
            Int::constant(0),
            Int::constant(1),
            Int::constant(2),
            Int::constant(4),
            Int::constant(8),
            Int::constant(12),
            Int::dynamic(2),
            Int::constant(-2),
        ];
        let modes = shapes.len() * strides.len();
        let pick = |k: usize| (shapes[k % 6], strides[k / 6 % 8]);
        let (mut compared, mut oks) = (0, 0);
        let mut check = |l: &Layout| {
            for as_cute in [false, true] {
                let want = left_inverse_listed(l, as_cute);
                let got = l.left_inverse_with(as_cute);
                assert_eq!(got, want, "left_inverse({l}), as_cute {as_cute}");
                oks += usize::from(got.is_ok());
                compared += 1;
            }
        };
        let flat = |ms: &[(Int, Int)]| {
            let s: std::vec::Vec<IntTuple> = ms.iter().map(|m| IntTuple::from_int(m.0)).collect();
            let d: std::vec::Vec<IntTuple> = ms.iter().map(|m| IntTuple::from_int(m.1)).collect();
            Layout::try_new(IntTuple::tuple(&s), IntTuple::tuple(&d)).unwrap()
        };
        for k in 0..modes {
            check(&flat(&[pick(k)]));
        }
        for k in 0..modes * modes {
            check(&flat(&[pick(k % modes), pick(k / modes)]));
        }
        let mut rng = crate::algebra::testgen::XorShift(0x9e37_79b9_7f4a_7c15_u64);
        for r in [3, 4] {
            for _ in 0..10_000 {
                let mut m = std::vec::Vec::new();
                for _ in 0..r {
                    let x = rng.bits();
                    m.push(pick(x as usize % modes));
                }
                check(&flat(&m));
            }
        }
        let mut g = crate::algebra::testgen::Gen(53);
        for _ in 0..5_000 {
            check(&g.layout(2));
        }
        assert_eq!(compared, 2 * (modes + modes * modes + 20_000 + 5_000));
        assert!(oks > 10_000, "{oks} answers");
    }

    /// Layouts for the fast-path tests: random nested layouts (up to 9 leaves), and flat
    /// layouts of rank 1 to 9 over static and dynamic extents and strides, `_1`s, zeros,
    /// negatives and products that overflow (more than [`FEW`] modes go to the general
    /// path).
    pub(super) fn fast_path_layouts() -> std::vec::Vec<Layout> {
        let shapes = [
            Int::constant(1),
            Int::constant(2),
            Int::constant(3),
            Int::constant(4),
            Int::dynamic(1),
            Int::dynamic(4),
            Int::constant(i64::MAX),
        ];
        let strides = [
            Int::constant(0),
            Int::constant(1),
            Int::constant(2),
            Int::constant(4),
            Int::constant(8),
            Int::constant(12),
            Int::dynamic(2),
            Int::dynamic(8),
            Int::constant(-2),
            Int::constant(i64::MAX),
        ];
        let mut out = std::vec::Vec::new();
        let mut g = crate::algebra::testgen::Gen(71);
        for _ in 0..20_000 {
            out.push(g.layout(2));
        }
        let mut rng = crate::algebra::testgen::XorShift(0x2545_f491_4f6c_dd1d_u64);
        for k in 0..30_000 {
            let r = 1 + k % 9;
            let (mut s, mut d) = (std::vec::Vec::new(), std::vec::Vec::new());
            for _ in 0..r {
                let x = rng.bits();
                // mostly small static strides, so that modes chain and merge
                let sh = shapes[(x % 7) as usize % if k % 3 == 0 { 7 } else { 6 }];
                let st = strides[(x >> 8) as usize % if k % 3 == 0 { 10 } else { 6 }];
                s.push(IntTuple::from_int(sh));
                d.push(IntTuple::from_int(st));
            }
            out.push(Layout::try_new(IntTuple::tuple(&s), IntTuple::tuple(&d)).unwrap());
        }
        out
    }

    /// The fast path of `right_inverse` (a few modes coalesced, inverted and coalesced on
    /// the stack) answers what the general path answers, values, static bits and errors.
    #[test]
    fn fast_right_inverse_is_the_general_path() {
        let (mut compared, mut fast, mut errors) = (0, 0, 0);
        for l in fast_path_layouts() {
            let got = l.try_right_inverse();
            assert_eq!(
                got,
                right_inverse_general(FlatModes::of(&l)),
                "right_inverse({l})"
            );
            compared += 1;
            errors += usize::from(got.is_err());
            let mut few = Few::new();
            if let Some(f) = coalesced_few(FlatModes::of(&l), &mut few) {
                let mut r = Few::new();
                fast += usize::from(right_inverse_few(f, &mut r).is_ok_and(|pushed| {
                    pushed && coalesce_few(&r, &mut Few::new()) != Scan::General
                }));
            }
        }
        assert_eq!(compared, 50_000);
        assert!(fast > 30_000 && errors > 50, "{fast} fast, {errors} errors");
    }

    /// The fast path of `left_inverse` answers what the general path answers, values,
    /// static bits and errors, with and without the check that it inverts.
    #[test]
    fn fast_left_inverse_is_the_general_path() {
        let (mut compared, mut fast, mut oks) = (0, 0, 0);
        for l in fast_path_layouts() {
            let src = FlatModes::leaves(l.shape_ref(), l.stride_ref());
            for as_cute in [false, true] {
                let got = l.left_inverse_with(as_cute);
                assert_eq!(
                    got,
                    l.left_inverse_general(src, as_cute),
                    "left_inverse({l}), {as_cute}"
                );
                compared += 1;
                oks += usize::from(got.is_ok());
                let mut few = Few::new();
                if let Some(f) = coalesced_few(src, &mut few) {
                    let mut r = Few::new();
                    fast += usize::from(matches!(
                        l.left_inverse_few(f, as_cute, &mut r),
                        Ok(Few_::Pushed(_)) if coalesce_few(&r, &mut Few::new()) != Scan::General
                    ));
                }
            }
        }
        assert_eq!(compared, 100_000);
        assert!(fast > 20_000 && oks > 20_000, "{fast} fast, {oks} answers");
    }
}
