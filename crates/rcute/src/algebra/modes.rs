//! Flat lists of modes, the working form of the algebra that only reads a layout's
//! flattened modes (coalesce, filter, complement, the inverses).
//!
//! A layout's leaves are stored in depth-first order, so its flattened modes are leaf `i`
//! of the shape paired with leaf `i` of the stride. [`Flat`] holds such a list as plain
//! arrays, so that the intermediate layouts of an operation (the filtered layout of a
//! complement, the sorted modes of an inverse) are never built as [`Layout`]s: only the
//! result is.

use crate::error::{Error, tri};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::{CAPACITY, IntTuple, Node};

pub(crate) const CAP_MODES: Error = Error::Capacity {
    msg: "too many modes for one layout",
    capacity: CAPACITY,
};

/// Up to [`CAPACITY`] flat modes `s:d`, stored as the raw parts of their [`Int`]s.
#[derive(Clone, Copy)]
pub(crate) struct Flat {
    pub(crate) n: usize,
    sv: [i64; CAPACITY],
    sm: [u16; CAPACITY],
    dv: [i64; CAPACITY],
    dm: [u16; CAPACITY],
}

impl Flat {
    #[inline(always)]
    pub(crate) const fn new() -> Flat {
        // one constant, all zero bytes: a single fill of the whole value
        const EMPTY: Flat = Flat {
            n: 0,
            sv: [0; CAPACITY],
            sm: [0; CAPACITY],
            dv: [0; CAPACITY],
            dm: [0; CAPACITY],
        };
        EMPTY
    }

    /// The shape of mode `i`.
    #[inline]
    pub(crate) const fn s(&self, i: usize) -> Int {
        Int::from_raw(self.sv[i], self.sm[i])
    }

    /// The stride of mode `i`.
    #[inline]
    pub(crate) const fn d(&self, i: usize) -> Int {
        Int::from_raw(self.dv[i], self.dm[i])
    }

    /// Appends the mode `s:d`.
    #[inline]
    pub(crate) const fn push(&mut self, s: Int, d: Int) -> Result<(), Error> {
        if self.n >= CAPACITY {
            return Err(CAP_MODES);
        }
        self.set(self.n, s, d);
        self.n += 1;
        Ok(())
    }

    #[inline]
    const fn set(&mut self, i: usize, s: Int, d: Int) {
        self.sv[i] = s.value();
        self.sm[i] = s.meta();
        self.dv[i] = d.value();
        self.dm[i] = d.meta();
    }

    /// Reverses the order of the modes.
    #[inline]
    const fn reverse(&mut self) {
        let n = self.n;
        let mut i = 0;
        while i < n / 2 {
            let (s, d) = (self.s(i), self.d(i));
            self.set(i, self.s(n - 1 - i), self.d(n - 1 - i));
            self.set(n - 1 - i, s, d);
            i += 1;
        }
    }
}

/// Where a list of modes is written, as plain arrays: a [`Flat`]'s, or the leaves of a
/// layout's shape and stride (whose counts and nesting are set afterwards, see
/// [`Sink::coalesce_pushed`]); the same code for both, with no dispatch per mode.
pub(crate) struct Writer<'a> {
    sv: &'a mut [i64; CAPACITY],
    sm: &'a mut [u16; CAPACITY],
    dv: &'a mut [i64; CAPACITY],
    dm: &'a mut [u16; CAPACITY],
    pub(crate) n: usize,
}

impl Writer<'_> {
    /// The shape of written mode `i`.
    #[inline]
    pub(crate) const fn s(&self, i: usize) -> Int {
        Int::from_raw(self.sv[i], self.sm[i])
    }

    /// Appends the mode `s:d`.
    #[inline]
    pub(crate) const fn push(&mut self, s: Int, d: Int) -> Result<(), Error> {
        let n = self.n;
        if n >= CAPACITY {
            return Err(CAP_MODES);
        }
        self.sv[n] = s.value();
        self.sm[n] = s.meta();
        self.dv[n] = d.value();
        self.dm[n] = d.meta();
        self.n = n + 1;
        Ok(())
    }
}

/// The most modes a [`Few`] holds: the fast paths of coalesce and complement work on
/// these few, and leave longer lists to the general paths.
pub(crate) const FEW: usize = 8;

// a `Few` always fits in a layout, and `IntTuple::flat_of` takes 8 leaves
const _: () = assert!(FEW <= CAPACITY && FEW == 8);

/// Up to [`FEW`] flat modes `s:d` (the raw parts of their [`Int`]s), followed by zeros:
/// the leaves of the flat layout they make, copied whole ([`Few::layout`]). Small enough
/// to stay on the stack of the fast paths, where a [`Flat`] or a [`Layout`] would be
/// zeroed and copied whole.
#[derive(Clone, Copy)]
pub(crate) struct Few {
    n: u8,
    sv: [i64; FEW],
    sm: [u16; FEW],
    dv: [i64; FEW],
    dm: [u16; FEW],
}

impl Few {
    /// An empty list.
    #[inline(always)]
    pub(crate) const fn new() -> Few {
        Few {
            n: 0,
            sv: [0; FEW],
            sm: [0; FEW],
            dv: [0; FEW],
            dm: [0; FEW],
        }
    }

    /// The number of modes.
    #[inline(always)]
    pub(crate) const fn len(&self) -> usize {
        self.n as usize
    }

    /// Appends `s:d`; `false` when full.
    #[inline(always)]
    pub(crate) const fn push(&mut self, s: Int, d: Int) -> bool {
        self.push_raw(s.value(), s.meta(), d.value(), d.meta())
    }

    /// [`Few::push`] of the raw parts.
    #[inline(always)]
    pub(crate) const fn push_raw(&mut self, sv: i64, sm: u16, dv: i64, dm: u16) -> bool {
        let k = self.n as usize;
        if k >= FEW {
            return false;
        }
        self.sv[k] = sv;
        self.sm[k] = sm;
        self.dv[k] = dv;
        self.dm[k] = dm;
        self.n += 1;
        true
    }

    /// Makes every integer dynamic (`to_dynamic`, of plain integers).
    #[inline(always)]
    pub(crate) const fn make_dynamic(&mut self) {
        let mut i = 0;
        while i < FEW {
            self.sm[i] &= !S;
            self.dm[i] &= !S;
            i += 1;
        }
    }

    /// The modes, as [`Modes`].
    #[inline(always)]
    pub(crate) const fn modes(&self) -> Modes<'_> {
        let n = self.len();
        Modes {
            sv: self.sv.split_at(n).0,
            sm: self.sm.split_at(n).0,
            dv: self.dv.split_at(n).0,
            dm: self.dm.split_at(n).0,
        }
    }

    /// The flat layout of these modes (one mode: that integral mode), which hold no scaled
    /// basis element (see [`scan_few`]): the only full-size value the fast paths build,
    /// laid out of line and built where the caller returns it.
    #[inline(never)]
    pub(crate) const fn layout(&self) -> Layout {
        Layout {
            shape: IntTuple::flat_of(&self.sv, &self.sm, self.n as usize),
            stride: IntTuple::flat_of(&self.dv, &self.dm, self.n as usize),
            basis: false,
        }
    }
}

/// The metadata of a static plain integer (a dynamic one has 0).
pub(crate) const S: u16 = Int::ONE.meta();

/// What [`scan_few`] made of its modes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scan {
    /// The general scan must answer.
    General,
    /// The modes as they are (the output list is left in any state).
    Same,
    /// The modes written in the output list.
    Done,
}

/// `a * b` by [`Int::try_mul`]'s rules, on plain integers given by value and a static
/// bit (`S` or 0); `None` on overflow.
#[inline(always)]
pub(crate) const fn mul_raw(a: i64, am: u16, b: i64, bm: u16) -> Option<(i64, u16)> {
    // a product of zero is the only one that may have a static `_0` factor (and one never
    // overflows), so the factors are tested only then
    match a.checked_mul(b) {
        Some(0) if (am == S && a == 0) || (bm == S && b == 0) => Some((0, S)),
        Some(p) => Some((p, am & bm)),
        None => None,
    }
}

/// [`coalesce_scan`] without `extend`, into `out` (empty), for the fast paths, on plain
/// integers (every metadata `S` or 0) read as raw parts: [`Scan::Same`] where no mode
/// changes (nothing merged or dropped), [`Scan::Done`] with the modes written to `out`,
/// [`Scan::General`] where the general scan must answer (a scaled basis element or `_`,
/// more than [`FEW`] modes in the result, an error).
#[inline(always)]
pub(crate) const fn scan_few(src: Modes<'_>, zeros: bool, out: &mut Few) -> Scan {
    scan_few_with(src, zeros, 0, true, out)
}

/// [`scan_few`] of the modes with `or` (`S` or 0) set in every metadata: with `S`, the
/// modes made static (`to_static`).
#[inline(always)]
pub(crate) const fn scan_few_as(src: Modes<'_>, zeros: bool, or: u16, out: &mut Few) -> Scan {
    scan_few_with(src, zeros, or, false, out)
}

/// [`scan_few_as`], on the values alone where every integer is static and `statics`
/// (see [`scan_static`]).
#[inline(always)]
const fn scan_few_with(src: Modes<'_>, zeros: bool, or: u16, statics: bool, out: &mut Few) -> Scan {
    let into: Into<'_> = (&mut out.sv, &mut out.sm, &mut out.dv, &mut out.dm);
    match scan_raw(src, false, zeros, or, false, statics, into) {
        Err(_) => Scan::General,
        Ok((_, false)) => Scan::Same,
        Ok((n, true)) => {
            out.n = n as u8;
            Scan::Done
        }
    }
}

/// The raw parts of modes being written: values and metadata of shapes and strides.
type Into<'b> = (&'b mut [i64], &'b mut [u16], &'b mut [i64], &'b mut [u16]);

/// [`coalesce_scan`] on plain integers (every metadata `S` or 0, after `or` is set in
/// it) read as raw parts, writing the modes in order at the start of `into` (empty):
/// `Ok` with their count and whether a mode changed (dropped, merged, its stride
/// replaced or, with `extend`, its shape), the modes written unless none changed and not
/// `always`; `Err` with the number of slots written where
/// the general scan must answer (a scaled basis element or `_`, more modes than `into`
/// holds, an error).
#[inline(always)]
const fn scan_raw(
    src: Modes<'_>,
    extend: bool,
    zeros: bool,
    or: u16,
    always: bool,
    statics: bool,
    into: Into<'_>,
) -> Result<(usize, bool), usize> {
    let (ov, om, odv, odm) = into;
    let cap = ov.len();
    let r = src.len();
    if r == 0
        || src.sm.len() != r
        || src.dv.len() != r
        || src.dm.len() != r
        || om.len() != cap
        || odv.len() != cap
        || odm.len() != cap
    {
        return Err(0);
    }
    let (sv, sm, dv, dm) = (src.sv, src.sm, src.dv, src.dm);
    // every integer static: the same scan on the values alone (asked for by `coalesce`'s
    // fast path, where static layouts are common)
    let (mut all, mut any) = (S, or);
    let mut i = if statics { 0 } else { r };
    while i < r {
        all &= (sm[i] | or) & (dm[i] | or);
        any |= sm[i] | dm[i];
        i += 1;
    }
    if statics && all == S && any == S {
        return scan_static(sv, dv, extend, zeros, always, (ov, om, odv, odm));
    }
    // the modes are pushed last first (`k` of them), then reversed; the front mode (the
    // first one so far) is kept aside, as it may still merge with the mode before it
    let mut k = 0;
    let (mut fs, mut fsm, mut fd, mut fdm) = (sv[r - 1], sm[r - 1] | or, dv[r - 1], dm[r - 1] | or);
    if (fsm | fdm) & !S != 0 {
        return Err(0);
    }
    // whether a mode was dropped or merged, or a stride replaced
    let mut changed = false;
    if zeros && fdm == S && fd == 0 {
        changed = fsm != S || fs != 1;
        (fs, fsm) = (1, S);
    }
    if extend && fsm == S && fs == 1 {
        changed = true;
        fs = 2;
    }
    let mut i = r - 1;
    while i > 0 {
        i -= 1;
        let (mut s, mut m, d, n) = (sv[i], sm[i] | or, dv[i], dm[i] | or);
        if (m | n) & !S != 0 {
            return Err(k);
        }
        if zeros && n == S && d == 0 {
            (s, m) = (1, S);
        }
        if m == S && s == 1 {
            changed = true;
            continue; // drop static size-1 modes, whatever their stride
        }
        if k == 0 && fsm == S && fs == 1 {
            changed = true;
            (fs, fsm, fd, fdm) = (s, m, d, n); // replace our shape-1
            continue;
        }
        // a merge is proved statically: `s * d == fd`, all three static
        let merge = fsm == S
            && match mul_raw(s, m, d, n) {
                Some((p, pm)) => pm == S && fdm == S && p == fd,
                None => return Err(k),
            };
        if merge {
            let Some((p, pm)) = mul_raw(s, m, fs, fsm) else {
                return Err(k);
            };
            changed = true;
            (fs, fsm) = (p, pm);
        } else {
            if k >= cap {
                return Err(k);
            }
            (ov[k], om[k], odv[k], odm[k]) = (fs, fsm, fd, fdm);
            k += 1;
            (fs, fsm) = (s, m);
        }
        (fd, fdm) = (d, n);
    }
    if k == 0 && fsm == S && fs == 1 {
        changed |= fdm != S || fd != 0;
        (fd, fdm) = (0, S);
    }
    if !changed && !always {
        return Ok((r, false));
    }
    if k >= cap {
        return Err(k);
    }
    (ov[k], om[k], odv[k], odm[k]) = (fs, fsm, fd, fdm);
    let n = k + 1;
    let mut i = 0;
    while i < n / 2 {
        let j = n - 1 - i;
        (ov[i], ov[j]) = (ov[j], ov[i]);
        (om[i], om[j]) = (om[j], om[i]);
        (odv[i], odv[j]) = (odv[j], odv[i]);
        (odm[i], odm[j]) = (odm[j], odm[i]);
        i += 1;
    }
    Ok((n, changed))
}

/// [`scan_raw`] where every integer is static (its metadata `S`): the values `sv:dv`
/// alone, the same steps with every static test true.
#[inline(always)]
const fn scan_static(
    sv: &[i64],
    dv: &[i64],
    extend: bool,
    zeros: bool,
    always: bool,
    into: Into<'_>,
) -> Result<(usize, bool), usize> {
    let (ov, om, odv, odm) = into;
    let cap = ov.len();
    let r = sv.len();
    if r == 0 || dv.len() != r || om.len() != cap || odv.len() != cap || odm.len() != cap {
        return Err(0);
    }
    let mut k = 0;
    let (mut fs, mut fd) = (sv[r - 1], dv[r - 1]);
    let mut changed = false;
    if zeros && fd == 0 {
        changed = fs != 1;
        fs = 1;
    }
    if extend && fs == 1 {
        changed = true;
        fs = 2;
    }
    let mut i = r - 1;
    while i > 0 {
        i -= 1;
        let (mut s, d) = (sv[i], dv[i]);
        if zeros && d == 0 {
            s = 1;
        }
        if s == 1 {
            changed = true;
            continue;
        }
        if k == 0 && fs == 1 {
            changed = true;
            (fs, fd) = (s, d);
            continue;
        }
        // `s * d == fd` (`_0 * x` is `_0`)
        let p = if s == 0 || d == 0 {
            0
        } else {
            match s.checked_mul(d) {
                Some(p) => p,
                None => return Err(k),
            }
        };
        if p == fd {
            fs = if s == 0 || fs == 0 {
                0
            } else {
                match s.checked_mul(fs) {
                    Some(p) => p,
                    None => return Err(k),
                }
            };
            changed = true;
        } else {
            if k >= cap {
                return Err(k);
            }
            (ov[k], om[k], odv[k], odm[k]) = (fs, S, fd, S);
            k += 1;
            fs = s;
        }
        fd = d;
    }
    if k == 0 && fs == 1 {
        changed |= fd != 0;
        fd = 0;
    }
    if !changed && !always {
        return Ok((r, false));
    }
    if k >= cap {
        return Err(k);
    }
    (ov[k], om[k], odv[k], odm[k]) = (fs, S, fd, S);
    let n = k + 1;
    let mut i = 0;
    while i < n / 2 {
        let j = n - 1 - i;
        (ov[i], ov[j]) = (ov[j], ov[i]);
        (odv[i], odv[j]) = (odv[j], odv[i]);
        i += 1;
    }
    Ok((n, changed))
}

/// Whether [`scan_few`] keeps the modes `src` as they are, read without writing anything
/// (see [`coalesce_keeps`]): every integer plain (every metadata `S` or 0), no mode a
/// static `_1` (with `zeros`, none with a static `_0` stride), no two neighbours merging
/// provably; `false` may be answered where they stay too.
#[inline(always)]
pub(crate) const fn keeps_few(src: Modes<'_>, zeros: bool) -> bool {
    keeps_few_as(src, zeros, 0)
}

/// [`keeps_few`] of the modes with `or` (`S` or 0) set in every metadata: with `S`, the
/// modes made static (`to_static`).
#[inline(always)]
pub(crate) const fn keeps_few_as(src: Modes<'_>, zeros: bool, or: u16) -> bool {
    let r = src.len();
    if r == 0 || src.sm.len() != r || src.dv.len() != r || src.dm.len() != r {
        return false;
    }
    let (sv, sm, dv, dm) = (src.sv, src.sm, src.dv, src.dm);
    let mut i = 0;
    if !zeros && or == 0 {
        // the modes before the first static shape: none is a `_1`, and none merges into
        // the next one but the last, before a static shape
        let mut md = 0;
        while i < r && sm[i] == 0 {
            md |= dm[i];
            i += 1;
        }
        if md & !S != 0 {
            return false;
        }
        if i == r {
            return true;
        }
        i = i.saturating_sub(1);
    }
    while i < r {
        let (s, m, d, n) = (sv[i], sm[i] | or, dv[i], dm[i] | or);
        if (m | n) & !S != 0 || (m == S && s == 1) || (zeros && n == S && d == 0) {
            return false;
        }
        // the merge test of the scan, with mode i + 1 as the front mode
        if i + 1 < r && sm[i + 1] | or == S {
            match mul_raw(s, m, d, n) {
                Some((p, pm)) => {
                    if pm == S && dm[i + 1] | or == S && p == dv[i + 1] {
                        return false;
                    }
                }
                None => return false,
            }
        }
        i += 1;
    }
    true
}

/// Where the modes to coalesce are read from: leaves of a shape and a stride (only the
/// leaves are read, so any two tuples with the same leaf count), or a [`Flat`]; either way
/// the raw parts of the modes' [`Int`]s as four slices of the same length.
#[derive(Clone, Copy)]
pub(crate) struct Modes<'a> {
    sv: &'a [i64],
    sm: &'a [u16],
    dv: &'a [i64],
    dm: &'a [u16],
}

impl<'a> Modes<'a> {
    /// Every leaf of `l`'s shape and stride (inlined: for the fast paths).
    #[inline(always)]
    pub(crate) const fn of(l: &'a Layout) -> Modes<'a> {
        let n = l.shape.leaf_count();
        let (sv, sm) = l.shape.leaf_parts(0, n);
        let (dv, dm) = l.stride.leaf_parts(0, n);
        Modes { sv, sm, dv, dm }
    }

    /// Every leaf of `s` and `d`.
    pub(crate) const fn leaves(s: &'a IntTuple, d: &'a IntTuple) -> Modes<'a> {
        Modes::range(s, d, 0, s.leaf_count())
    }

    /// Leaves `from..to` of `s` and `d`.
    #[inline]
    pub(crate) const fn range(
        s: &'a IntTuple,
        d: &'a IntTuple,
        from: usize,
        to: usize,
    ) -> Modes<'a> {
        let (sv, sm) = s.leaf_parts(from, to - from);
        let (dv, dm) = d.leaf_parts(from, to - from);
        Modes { sv, sm, dv, dm }
    }

    /// The flattened modes of the sub-layout of `l` at node `n`.
    #[inline]
    pub(crate) const fn sub(l: &'a Layout, n: Node) -> Modes<'a> {
        let end = l.shape_ref().node_end(n);
        Modes::range(l.shape_ref(), l.stride_ref(), n.l, end.l)
    }

    /// The modes of `f`.
    pub(crate) const fn flat(f: &'a Flat) -> Modes<'a> {
        Modes {
            sv: f.sv.split_at(f.n).0,
            sm: f.sm.split_at(f.n).0,
            dv: f.dv.split_at(f.n).0,
            dm: f.dm.split_at(f.n).0,
        }
    }

    #[inline]
    pub(crate) const fn len(&self) -> usize {
        self.sv.len()
    }

    /// The modes of the raw parts `parts` (as [`Modes::parts`] gives them).
    #[inline(always)]
    pub(crate) const fn from_parts(
        parts: (&'a [i64], &'a [u16], &'a [i64], &'a [u16]),
    ) -> Modes<'a> {
        Modes {
            sv: parts.0,
            sm: parts.1,
            dv: parts.2,
            dm: parts.3,
        }
    }

    /// The raw parts: the values and metadata of the shapes, then of the strides.
    #[inline(always)]
    pub(crate) const fn parts(&self) -> (&'a [i64], &'a [u16], &'a [i64], &'a [u16]) {
        (self.sv, self.sm, self.dv, self.dm)
    }

    /// The shape of mode `i`.
    #[inline]
    pub(crate) const fn s(&self, i: usize) -> Int {
        Int::from_raw(self.sv[i], self.sm[i])
    }

    /// The stride of mode `i`.
    #[inline]
    pub(crate) const fn d(&self, i: usize) -> Int {
        Int::from_raw(self.dv[i], self.dm[i])
    }

    /// Whether every stride is static.
    pub(crate) const fn static_strides(&self) -> bool {
        let mut i = 0;
        while i < self.len() {
            if !self.d(i).is_static() {
                return false;
            }
            i += 1;
        }
        true
    }

    #[inline]
    const fn get(&self, i: usize) -> (Int, Int) {
        (self.s(i), self.d(i))
    }
}

/// Where coalesced modes are written, last first: a [`Flat`], or the shape and stride of
/// a layout being built in place (an empty stream).
pub(crate) enum Sink<'a> {
    Flat(&'a mut Flat),
    Layout(&'a mut Layout),
}

impl Sink<'_> {
    #[inline]
    const fn begin(&mut self) -> Result<(), Error> {
        if let Sink::Layout(l) = self {
            // (the shape and the stride, empty, are pushed to in step)
            tri!(IntTuple::push_open_pair(&mut l.shape, &mut l.stride));
        }
        Ok(())
    }

    /// A [`Writer`] over the output's arrays (the output must be empty); give its count
    /// back with [`Sink::set_written`].
    #[inline]
    pub(crate) const fn writer(&mut self) -> Writer<'_> {
        match self {
            Sink::Flat(f) => Writer {
                sv: &mut f.sv,
                sm: &mut f.sm,
                dv: &mut f.dv,
                dm: &mut f.dm,
                n: 0,
            },
            Sink::Layout(l) => {
                let (sv, sm) = l.shape.leaves_mut();
                let (dv, dm) = l.stride.leaves_mut();
                Writer {
                    sv,
                    sm,
                    dv,
                    dm,
                    n: 0,
                }
            }
        }
    }

    /// Records that a [`Writer`] wrote `n` modes (a layout's leaves, with no nesting yet).
    #[inline]
    pub(crate) const fn set_written(&mut self, n: usize) {
        match self {
            Sink::Flat(f) => f.n = n,
            Sink::Layout(l) => {
                l.shape.set_leaf_count(n);
                l.stride.set_leaf_count(n);
            }
        }
    }

    /// The number of modes pushed so far.
    #[inline]
    const fn len(&self) -> usize {
        match self {
            Sink::Flat(f) => f.n,
            Sink::Layout(l) => l.shape.leaf_count(),
        }
    }

    #[inline]
    const fn push(&mut self, s: Int, d: Int) -> Result<(), Error> {
        match self {
            Sink::Flat(f) => f.push(s, d),
            Sink::Layout(l) => IntTuple::push_leaf_pair_in_step(&mut l.shape, &mut l.stride, s, d),
        }
    }

    /// Writes the modes `src` (already in order, at most [`CAPACITY`] of them) instead.
    pub(crate) const fn set_modes(self, src: Modes<'_>) -> Result<(), Error> {
        match self {
            Sink::Flat(f) => {
                // element by element: a few modes, where a `memcpy` call costs more
                let n = src.len();
                let mut i = 0;
                while i < n {
                    f.set(i, src.s(i), src.d(i));
                    i += 1;
                }
                f.n = n;
            }
            Sink::Layout(l) => {
                tri!(l.shape.set_flat(src.sv, src.sm));
                tri!(l.stride.set_flat(src.dv, src.dm));
                l.basis = l.stride.has_basis();
            }
        }
        Ok(())
    }

    /// Coalesces the modes written with a [`Writer`] in place (CuTe's `coalesce` of them,
    /// without `extend` or `zeros`), checking first whether that changes anything: in the
    /// common case the modes stay where they are and a layout only gets its nesting.
    pub(crate) const fn coalesce_pushed(self) -> Result<(), Error> {
        match self {
            Sink::Flat(o) => {
                if coalesce_keeps(Modes::flat(o), false) {
                    return Ok(());
                }
                let res = *o;
                o.n = 0;
                coalesce_scan(Modes::flat(&res), false, false, Sink::Flat(o))
            }
            Sink::Layout(l) => {
                if coalesce_keeps(Modes::leaves(&l.shape, &l.stride), false) {
                    l.shape.make_flat();
                    l.stride.make_flat();
                    l.basis = l.stride.has_basis();
                    return Ok(());
                }
                let mut res = Flat::new();
                tri!(Sink::Flat(&mut res).set_modes(Modes::leaves(&l.shape, &l.stride)));
                *l = Layout::stream();
                coalesce_scan(Modes::flat(&res), false, false, Sink::Layout(l))
            }
        }
    }

    /// Writes the flattened modes of `l` (already in order) instead.
    pub(crate) const fn set_layout(self, l: &Layout) -> Result<(), Error> {
        match self {
            Sink::Flat(f) => {
                let mut i = 0;
                while i < l.shape_ref().leaf_count() {
                    tri!(f.push(l.shape_ref().leaf(i), l.stride_ref().leaf(i)));
                    i += 1;
                }
                Ok(())
            }
            Sink::Layout(out) => {
                *out = *l;
                Ok(())
            }
        }
    }

    /// Puts the modes in order; a layout with one mode becomes that integral mode.
    #[inline]
    const fn finish(&mut self) -> Result<(), Error> {
        match self {
            Sink::Flat(f) => f.reverse(),
            Sink::Layout(l) => {
                tri!(l.shape.finish_flat_reversed());
                tri!(l.stride.finish_flat_reversed());
                l.basis = l.stride.has_basis();
            }
        }
        Ok(())
    }
}

/// Whether [`coalesce_into`] without `extend` returns the modes `src` as they are: no mode
/// is a static `_1` (or, with `zeros`, has a static `_0` stride), and no two neighbours
/// merge provably. An overflow in the merge test answers `false`, so that the scan reports
/// it.
#[inline]
pub(crate) const fn coalesce_keeps(src: Modes<'_>, zeros: bool) -> bool {
    let r = src.len();
    if r == 0 {
        return false;
    }
    // no static shape: none is a static `_1`, and no front shape is static, as a merge
    // needs; with `zeros`, a static `_0` stride must be looked for as well
    if !zeros && !any_static(src.sm) {
        return true;
    }
    let mut i = 0;
    while i < r {
        let (s, d) = src.get(i);
        if s.is_constant(1) || (zeros && d.is_constant(0)) {
            return false;
        }
        i += 1;
    }
    // the merge test of the scan, with mode i + 1 as the front mode
    let mut i = 0;
    while i + 1 < r {
        if src.s(i + 1).is_static() && may_merge(src, i) {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether any of these metadata (of [`Int`]s) is static.
#[inline]
pub(crate) const fn any_static(meta: &[u16]) -> bool {
    let mut bits = 0;
    let mut i = 0;
    while i < meta.len() {
        bits |= meta[i];
        i += 1;
    }
    Int::from_raw(0, bits).is_static()
}

/// Whether mode `i` merges into mode `i + 1` provably (or the test overflows).
#[inline(never)]
const fn may_merge(src: Modes<'_>, i: usize) -> bool {
    let (s, d) = src.get(i);
    match s.try_mul(d) {
        Ok(p) => {
            let m = p.eq(src.d(i + 1));
            m.is_static() && m.truth()
        }
        Err(_) => true,
    }
}

/// CuTe's `bw_coalesce` of the flat modes `src`, into `out` (which must be empty): the
/// scan from the last mode, starting from `_2` when the last mode is a static `_1` with
/// `extend` (CuTe's `coalesce_x`, which keeps the function outside the domain too). With
/// `zeros`, a mode with a static `_0` stride counts as extent `_1` (CuTe's `filter`:
/// `coalesce(filter_zeros(layout))`).
///
/// CuTe merges a mode into the one after it only when it can *prove* the merge at compile
/// time: the following mode's shape must be static, and `shape * stride == next stride`
/// must be a static truth. Dynamic modes therefore never merge, a dynamic `1` is never
/// dropped, and a static `_1` always is. A result with no modes left is `_1:_0`.
pub(crate) const fn coalesce_into(
    src: Modes<'_>,
    extend: bool,
    zeros: bool,
    out: Sink<'_>,
) -> Result<(), Error> {
    match out {
        Sink::Flat(f) => {
            if f.n == 0 {
                // the scan on raw parts, written in place
                let into: Into<'_> = (&mut f.sv, &mut f.sm, &mut f.dv, &mut f.dm);
                match scan_raw(src, extend, zeros, 0, true, false, into) {
                    Ok((n, _)) => {
                        f.n = n;
                        return Ok(());
                    }
                    Err(k) => {
                        // the slots written are cleared for the general scan
                        let mut i = 0;
                        while i < k && i < CAPACITY {
                            f.set(i, Int::ZERO, Int::ZERO);
                            i += 1;
                        }
                    }
                }
            }
            coalesce_general(src, extend, zeros, Sink::Flat(f))
        }
        Sink::Layout(l) => {
            if l.shape.leaf_count() == 0 && l.stride.leaf_count() == 0 {
                // the scan on raw parts, written in place as the leaves of a flat layout
                let (sv, sm) = l.shape.leaves_mut();
                let (dv, dm) = l.stride.leaves_mut();
                let into: Into<'_> = (sv, sm, dv, dm);
                match scan_raw(src, extend, zeros, 0, true, false, into) {
                    Ok((n, _)) => {
                        l.shape.set_leaf_count(n);
                        l.stride.set_leaf_count(n);
                        l.shape.make_flat();
                        l.stride.make_flat();
                        l.basis = false;
                        return Ok(());
                    }
                    Err(k) => {
                        // the slots written are cleared (unused leaves stay zero)
                        let (sv, sm) = l.shape.leaves_mut();
                        let (dv, dm) = l.stride.leaves_mut();
                        let mut i = 0;
                        while i < k && i < CAPACITY {
                            (sv[i], sm[i], dv[i], dm[i]) = (0, 0, 0, 0);
                            i += 1;
                        }
                    }
                }
            }
            coalesce_general(src, extend, zeros, Sink::Layout(l))
        }
    }
}

/// [`coalesce_into`] without its fast path ([`scan_raw`]).
const fn coalesce_general(
    src: Modes<'_>,
    extend: bool,
    zeros: bool,
    out: Sink<'_>,
) -> Result<(), Error> {
    if !extend && coalesce_keeps(src, zeros) {
        return out.set_modes(src);
    }
    coalesce_scan(src, extend, zeros, out)
}

/// The scan of [`coalesce_into`], without asking [`coalesce_keeps`] first (for callers
/// that already did).
pub(crate) const fn coalesce_scan(
    src: Modes<'_>,
    extend: bool,
    zeros: bool,
    mut out: Sink<'_>,
) -> Result<(), Error> {
    let r = src.len();
    if r == 0 {
        return Err(Error::WrongKind {
            msg: "coalesce: the layout has no modes",
        });
    }
    // The new modes are pushed last first; the front mode (the first one so far) is kept
    // aside, as it may still merge with the mode before it.
    let (last, mut front_d) = src.get(r - 1);
    let last = if zeros && front_d.is_constant(0) {
        Int::ONE
    } else {
        last
    };
    let mut front_s = if extend && last.is_constant(1) {
        Int::constant(2)
    } else {
        last
    };
    tri!(out.begin());
    let mut i = r - 1;
    while i > 0 {
        i -= 1;
        let (s, d) = src.get(i);
        let s = if zeros && d.is_constant(0) {
            Int::ONE
        } else {
            s
        };
        if s.is_constant(1) {
            continue; // drop static size-1 modes, whatever their stride
        }
        if out.len() == 0 && front_s.is_constant(1) {
            front_s = s; // replace our shape-1
            front_d = d;
            continue;
        }
        let merge = front_s.is_static() && {
            let m = tri!(s.try_mul(d)).eq(front_d);
            m.is_static() && m.truth()
        };
        if merge {
            front_s = tri!(s.try_mul(front_s));
            front_d = d;
        } else {
            tri!(out.push(front_s, front_d));
            front_s = s;
            front_d = d;
        }
    }
    if out.len() == 0 && front_s.is_constant(1) {
        front_d = Int::ZERO;
    }
    tri!(out.push(front_s, front_d));
    out.finish()
}

/// [`coalesce_into`] as a layout, built in place.
pub(crate) const fn coalesced(src: Modes<'_>, extend: bool, zeros: bool) -> Result<Layout, Error> {
    let mut l = Layout::stream();
    tri!(coalesce_into(src, extend, zeros, Sink::Layout(&mut l)));
    Ok(l)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::testgen::Gen;

    /// `coalesce_into` (with its fast path on raw parts, into a `Flat` or a layout)
    /// answers what its general path answers, values, static bits and errors, with and
    /// without `extend` and `zeros`, on random layouts of depth up to 2 (static and dynamic
    /// values, `_1`s, zero, negative and scaled-basis strides, overflowing products).
    #[test]
    fn coalesce_into_is_the_general_path() {
        let mut g = Gen(47);
        let mut compared = 0;
        for k in 0..20_000 {
            let mut l: Layout = g.layout(2);
            if k % 40 == 0 {
                l = Layout::try_parse("(_2,(_4,3)):(_1@0,(_2@1,_8@1))").unwrap();
            } else if k % 40 == 1 {
                l = Layout::try_parse("(_4,(_2,_3)):(_4611686018427387904,(_1,_2))").unwrap();
            } else if k % 40 == 2 {
                l = Layout::try_parse("(_1,_4):(_3,_9223372036854775807)").unwrap();
            }
            let src = Modes::leaves(l.shape_ref(), l.stride_ref());
            for (extend, zeros) in [(false, false), (false, true), (true, false), (true, true)] {
                let (mut a, mut b) = (Flat::new(), Flat::new());
                let got = coalesce_into(src, extend, zeros, Sink::Flat(&mut a));
                let want = coalesce_general(src, extend, zeros, Sink::Flat(&mut b));
                assert_eq!(got, want, "{l}, extend {extend}, zeros {zeros}");
                let modes = |f: &Flat| {
                    let m = Modes::flat(f);
                    (0..m.len())
                        .map(|i| (m.s(i), m.d(i)))
                        .collect::<std::vec::Vec<_>>()
                };
                if got.is_ok() {
                    assert_eq!(modes(&a), modes(&b), "{l}, extend {extend}, zeros {zeros}");
                }
                let (mut x, mut y) = (Layout::stream(), Layout::stream());
                let got = coalesce_into(src, extend, zeros, Sink::Layout(&mut x)).map(|()| x);
                let want = coalesce_general(src, extend, zeros, Sink::Layout(&mut y)).map(|()| y);
                assert_eq!(got, want, "{l}, extend {extend}, zeros {zeros}");
                compared += 1;
            }
        }
        assert_eq!(compared, 80_000);
    }

    /// Every flat layout of rank 1 to 3 over a set of static and dynamic values: where
    /// [`coalesce_keeps`] answers yes, the scan gives back the same modes, static bits
    /// included. (It may answer no where the scan keeps them too: `_1:_0` stays `_1:_0`.)
    #[test]
    fn coalesce_keeps_only_where_the_scan_keeps_the_modes() {
        let shapes = [
            Int::constant(1),
            Int::constant(2),
            Int::constant(4),
            Int::dynamic(1),
            Int::dynamic(2),
            Int::dynamic(3),
        ];
        let strides = [
            Int::constant(0),
            Int::constant(1),
            Int::constant(2),
            Int::constant(8),
            Int::dynamic(0),
            Int::dynamic(1),
            Int::dynamic(4),
        ];
        let (mut kept, mut changed) = (0, 0);
        let mut modes = [(Int::ONE, Int::ZERO); 3];
        for rank in 1..=3u32 {
            let n = (shapes.len() * strides.len()).pow(rank);
            for mut k in 0..n {
                let modes = &mut modes[..rank as usize];
                for mode in modes.iter_mut() {
                    let m = k % (shapes.len() * strides.len());
                    k /= shapes.len() * strides.len();
                    *mode = (shapes[m / strides.len()], strides[m % strides.len()]);
                }
                let mut f = Flat::new();
                for &(s, d) in modes.iter() {
                    f.push(s, d).unwrap();
                }
                for zeros in [false, true] {
                    let src = Modes::flat(&f);
                    let mut scanned = Flat::new();
                    coalesce_scan(src, false, zeros, Sink::Flat(&mut scanned)).unwrap();
                    let same = scanned.n == f.n
                        && (0..f.n).all(|i| {
                            let (a, b) = (scanned.s(i), f.s(i));
                            let (c, d) = (scanned.d(i), f.d(i));
                            (a.value(), a.meta(), c.value(), c.meta())
                                == (b.value(), b.meta(), d.value(), d.meta())
                        });
                    let keeps = coalesce_keeps(src, zeros);
                    assert!(!keeps || same, "{modes:?}, zeros: {zeros}");
                    if keeps { kept += 1 } else { changed += 1 }
                }
            }
        }
        assert_eq!(kept + changed, 2 * (42 + 42 * 42 + 42 * 42 * 42));
        assert!(
            kept > 10_000 && changed > 10_000,
            "kept {kept}, changed {changed}"
        );
    }
}
