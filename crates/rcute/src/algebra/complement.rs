//! `complement(L, cotarget)`: the layout of the "repetitions" of `L`, ordered, disjoint
//! from `L`'s image, that together with `L` reaches `size(cotarget)`.
//!
//! CuTe filters `L`, then repeatedly takes the smallest remaining stride: the gap to the
//! previous extent becomes a new mode (truncating division, no divisibility check, as in
//! CuTe), and what remains of the cotarget becomes compact "rest" modes.
//!
//! Beyond CuTe: CuTe refuses a rank-2 or larger layout with a dynamic stride ("Dynamic-stride
//! complement only for rank-1 layouts"); rcute computes the complement from the values.
//! CuTe returns garbage for negative strides (`complement(_4:_-1, _8) = (_-1,_0):(_1,_-4)`);
//! rcute answers an error.

use crate::algebra::modes::{
    CAP_MODES, FEW, Few, Flat, Modes, S, Scan, Sink, Writer, coalesce_into, coalesce_keeps,
    coalesce_scan, keeps_few, keeps_few_as, mul_raw, scan_few_as,
};
use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::{CAPACITY, IntTuple, Major, Node};

#[cold]
pub(crate) const fn non_injective(mode: usize, stride: Int, prev: Int) -> Error {
    Error::Precondition {
        msg: "complement: non-injective layout (a stride is smaller than the extent below it)",
        mode: mode as i64,
        lhs: stride.value(),
        rhs: prev.value(),
    }
}

/// The error for a negative stride `d` at mode `mode` of the filtered layout.
#[cold]
pub(crate) const fn negative_stride(mode: usize, d: Int) -> Error {
    Error::Precondition {
        msg: "complement: negative strides are not supported (CuTe computes a meaningless layout)",
        mode: mode as i64,
        lhs: d.value(),
        rhs: 0,
    }
}

mod plain;

// complement_modes keeps mode indices as u8
const _: () = assert!(CAPACITY <= 256);

/// The cotarget of a complement: an integer (the common case, kept as an [`Int`] so that no
/// tuple is built for it), or a shape.
#[derive(Clone, Copy)]
pub(crate) enum Cotarget<'a> {
    Int(Int),
    Shape(&'a IntTuple),
}

impl Cotarget<'_> {
    /// As an [`IntTuple`] (for the rare forms that need one).
    pub(crate) const fn tuple(self) -> IntTuple {
        match self {
            Cotarget::Int(i) => IntTuple::from_int(i),
            Cotarget::Shape(t) => *t,
        }
    }
}

/// Whether CuTe refuses this filtered layout only because a stride is dynamic
/// ("Dynamic-stride complement only for rank-1 layouts").
const fn needs_static(f: Modes<'_>) -> bool {
    f.len() > 1 && !f.static_strides()
}

/// The complement of the sub-layout of `l` at node `n` with respect to `cotarget`, into
/// `out` (see [`Layout::try_complement`]).
pub(crate) const fn complement_into(
    l: &Layout,
    n: Node,
    cotarget: Cotarget<'_>,
    out: Sink<'_>,
) -> Result<(), Error> {
    complement_with(l, n, cotarget, out, true)
}

/// [`complement_into`], checking that the complement covers its cotarget only with
/// `cover` (without it, CuTe's construction as it stands: the laws compare CuTe's answers
/// with it).
const fn complement_with(
    l: &Layout,
    n: Node,
    cotarget: Cotarget<'_>,
    out: Sink<'_>,
    cover: bool,
) -> Result<(), Error> {
    // the scans' fast path alone: the callers that may take the one-pass form
    // (`try_complement`, the products) have tried it already, and the divides' cotargets
    // are mostly shapes, which it leaves
    let mut few = Few::new();
    if complement_few_scan(Modes::sub(l, n), cotarget, cover, &mut few) {
        return out.set_modes(few.modes());
    }
    complement_general(l, n, cotarget, out, cover)
}

/// [`complement_with`] without its fast path ([`complement_few`]).
const fn complement_general(
    l: &Layout,
    n: Node,
    cotarget: Cotarget<'_>,
    out: Sink<'_>,
    cover: bool,
) -> Result<(), Error> {
    let src = Modes::sub(l, n);
    if coalesce_keeps(src, true) {
        // filtering changes nothing: the modes are read in place
        if needs_static(src) {
            return complement_static(l, n, cotarget, out, cover);
        }
        return complement_filtered(src, cotarget, out, cover);
    }
    // `filter(layout)` as flat modes
    let mut f = Flat::new();
    tri!(coalesce_scan(src, false, true, Sink::Flat(&mut f)));
    if needs_static(Modes::flat(&f)) {
        return complement_static(l, n, cotarget, out, cover);
    }
    complement_filtered(Modes::flat(&f), cotarget, out, cover)
}

/// The fast path of [`complement_with`] on the modes `src` (those of a layout), into
/// `out` (empty): the same steps on a few modes kept on the stack, the
/// filtered layout, the complement's modes and their coalesce each computed once, with no
/// [`Flat`] or [`Layout`] in between. `false` (with `out` in any state) wherever the
/// general path must answer: more than [`FEW`] modes at a step, a scaled basis element,
/// the forms computed apart (dynamic strides in a rank-2 or larger filtered layout, a
/// single stride `_0`, a cotarget of depth 2 or more), and every error, which the general
/// path then reports as it does.
#[inline(always)]
pub(crate) const fn complement_few(
    src: Modes<'_>,
    cotarget: Cotarget<'_>,
    cover: bool,
    out: &mut Few,
) -> bool {
    let mut dynamic = false;
    if plain::complement_plain(src, cotarget, cover, out, 0, &mut dynamic) {
        return true;
    }
    if dynamic {
        // (`out` is still empty: the pass stops in the filter)
        let (sv, sm, dv, dm) = src.parts();
        return complement_few_dynamic(sv, sm, dv, dm, cotarget, cover, out);
    }
    if out.len() > 0 {
        *out = Few::new();
    }
    complement_few_scan(src, cotarget, cover, out)
}

/// [`complement_few`] where its one-pass form stopped at a dynamic stride: the one-pass
/// static pass ([`plain::complement_plain_static`]), else the scans, on the modes given
/// by their raw parts, into `out` (empty).
#[inline(never)]
const fn complement_few_dynamic(
    sv: &[i64],
    sm: &[u16],
    dv: &[i64],
    dm: &[u16],
    cotarget: Cotarget<'_>,
    cover: bool,
    out: &mut Few,
) -> bool {
    let src = Modes::from_parts((sv, sm, dv, dm));
    if plain::complement_plain_static(src, cotarget, cover, out) {
        return true;
    }
    if out.len() > 0 {
        *out = Few::new();
    }
    complement_few_scan(src, cotarget, cover, out)
}

/// [`complement_few`] without its one-pass form ([`plain::complement_plain`]): the
/// filter and the coalesce by their scans.
#[inline(always)]
const fn complement_few_scan(
    src: Modes<'_>,
    cotarget: Cotarget<'_>,
    cover: bool,
    out: &mut Few,
) -> bool {
    match complement_few_as(src, cotarget, cover, out, 0) {
        Fast::Done => true,
        Fast::General => false,
        Fast::Static => {
            // beyond CuTe (see `complement_static`): the layout, a valid one, with every
            // value static, and the complement made dynamic again
            let mut i = 0;
            while i < src.len() {
                if src.s(i).value() <= 0 {
                    return false;
                }
                i += 1;
            }
            *out = Few::new();
            if !matches!(complement_few_as(src, cotarget, cover, out, S), Fast::Done) {
                return false;
            }
            out.make_dynamic();
            true
        }
    }
}

/// What [`complement_few_as`] made of its layout.
enum Fast {
    /// The complement is in the output list.
    Done,
    /// The general path must answer.
    General,
    /// The filtered layout has more than one mode and a dynamic stride: computed with
    /// every value static (see `complement_static`).
    Static,
}

/// [`complement_few`] with `or` (`S` or 0) set in the metadata of every integer of the
/// layout and the cotarget: with `S`, their static forms (`to_static`).
#[inline(always)]
const fn complement_few_as(
    src: Modes<'_>,
    cotarget: Cotarget<'_>,
    cover: bool,
    out: &mut Few,
    or: u16,
) -> Fast {
    // `filter(layout)`: the modes as they are, or filtered into a list
    let mut filtered = Few::new();
    let f = if keeps_few_as(src, true, or) {
        src
    } else {
        match scan_few_as(src, true, or, &mut filtered) {
            Scan::General => return Fast::General,
            Scan::Same => src,
            Scan::Done => filtered.modes(),
        }
    };
    let r = f.len();
    if r == 0 || r > FEW {
        return Fast::General;
    }
    if r > 1 && or == 0 && !f.static_strides() {
        return Fast::Static;
    }
    if r == 1 && f.d(0).value() == 0 && f.d(0).meta() | or == S {
        return Fast::General;
    }
    // the modes stably sorted by stride (see `complement_modes`); with more than one mode
    // every stride is static, so the minimum is static too
    let mut order = [0u8; FEW];
    if r > 1 {
        let mut key = [0i64; FEW];
        let mut k = 0;
        while k < r {
            let v = f.d(k).value();
            let mut p = k;
            while p > 0 && key[p - 1] > v {
                key[p] = key[p - 1];
                order[p] = order[p - 1];
                p -= 1;
            }
            key[p] = v;
            order[p] = k as u8;
            k += 1;
        }
    }
    // the modes of the complement, built in `out`, on the raw parts of plain integers
    // (every metadata `S` or 0) by `Int`'s rules: `res_stride` is positive throughout
    let res = out;
    let (mut rs, mut rsm) = (1, S);
    let mut inexact = false;
    let mut i = 0;
    while i < r {
        let (s, m) = (f.s(order[i] as usize), f.d(order[i] as usize));
        let (mv, mm) = (m.value(), m.meta() | or);
        if mv < 0 {
            return Fast::General; // a negative stride
        }
        // m / res_stride (`_0 / x` is static); 0 is the non-injective error
        let q = mv / rs;
        let qm = if mm == S && mv == 0 { S } else { mm & rsm };
        if q == 0 {
            return Fast::General;
        }
        inexact |= q.wrapping_mul(rs) != mv;
        let Some((ns, nsm)) = mul_raw(mv, mm, s.value(), s.meta() | or) else {
            return Fast::General;
        };
        if ns <= 0 {
            return Fast::General; // (the general path answers)
        }
        if (qm != S || q != 1) && !res.push_raw(q, qm, rs, rsm) {
            return Fast::General;
        }
        (rs, rsm) = (ns, nsm);
        i += 1;
    }
    // the rest of the cotarget
    let whole = match cotarget {
        Cotarget::Int(c) => Some(c),
        Cotarget::Shape(t) => t.as_int(),
    };
    if let Some(c) = whole {
        // ceil_div(c, res_stride), static when both are
        let (cv, cm) = (c.value(), c.meta() | or);
        if cm & !S != 0 {
            return Fast::General;
        }
        let Some(sum) = cv.checked_add(rs) else {
            return Fast::General;
        };
        let Some(sum) = sum.checked_sub(1) else {
            return Fast::General;
        };
        let (q, qm) = (sum / rs, cm & rsm);
        if (qm != S || q != 1) && !res.push_raw(q, qm, rs, rsm) {
            return Fast::General;
        }
    } else if let Cotarget::Shape(t) = cotarget
        && t.token_count() == t.leaf_count() + 2
    {
        if !flat_rest_few(res, t, Int::from_raw(rs, rsm), or) {
            return Fast::General;
        }
    } else {
        return Fast::General;
    }
    if res.len() == 0 {
        res.push(Int::ONE, Int::ZERO);
    }
    if cover && (inexact || whole.is_none()) && !covers_few(f, cotarget, res.modes()) {
        return Fast::General;
    }
    // coalesced: in place, unless two modes merge (rarely: a mode's extent is the next
    // stride only after a dynamic shape 1)
    if keeps_few(res.modes(), false) {
        return Fast::Done;
    }
    let mut c = Few::new();
    match scan_few_as(res.modes(), false, 0, &mut c) {
        Scan::General => Fast::General,
        Scan::Same => Fast::Done,
        Scan::Done => {
            *res = c;
            Fast::Done
        }
    }
}

/// [`push_flat_rest`] onto a [`Few`]; `false` where it fails or overflows.
const fn flat_rest_few(res: &mut Few, t: &IntTuple, new_stride: Int, or: u16) -> bool {
    let n = t.leaf_count();
    if n > FEW {
        return false;
    }
    let mut q = [Int::ZERO; FEW];
    let mut rest = new_stride;
    let mut i = 0;
    while i < n {
        let x = t.leaf(i);
        let x = Int::from_raw(x.value(), x.meta() | or);
        let (Ok(a), Ok(b)) = (x.try_ceil_div(rest), rest.try_ceil_div(x)) else {
            return false;
        };
        q[i] = a;
        rest = b;
        i += 1;
    }
    let mut m = 0;
    let mut i = 0;
    while i < n {
        if m > 0 && q[m - 1].is_static() == q[i].is_static() {
            let Ok(p) = q[m - 1].try_mul(q[i]) else {
                return false;
            };
            q[m - 1] = p;
        } else {
            q[m] = q[i];
            m += 1;
        }
        i += 1;
    }
    let mut cur = new_stride;
    let mut i = 0;
    while i < m {
        if !q[i].is_constant(1) {
            if !res.push(q[i], cur) {
                return false;
            }
            let Ok(p) = cur.try_mul(q[i]) else {
                return false;
            };
            cur = p;
        }
        i += 1;
    }
    true
}

/// [`covers`] on the modes of [`complement_few`].
const fn covers_few(f: Modes<'_>, cotarget: Cotarget<'_>, res: Modes<'_>) -> bool {
    let (mut filtered, mut size, mut target): (i128, i128, i128) = (1, 1, 1);
    let mut k = 0;
    while k < f.len() {
        filtered = filtered.saturating_mul(f.s(k).value() as i128);
        k += 1;
    }
    let mut k = 0;
    while k < res.len() {
        size = size.saturating_mul(res.s(k).value() as i128);
        k += 1;
    }
    match cotarget {
        Cotarget::Int(c) => target = c.value() as i128,
        Cotarget::Shape(t) => {
            let mut k = 0;
            while k < t.leaf_count() {
                target = target.saturating_mul(t.leaf(k).value() as i128);
                k += 1;
            }
        }
    }
    covers_check(size, target, filtered).is_ok()
}

/// Beyond CuTe: the complement of the sub-layout of `l` at node `n` with every value
/// static, made dynamic again.
const fn complement_static(
    l: &Layout,
    n: Node,
    cotarget: Cotarget<'_>,
    out: Sink<'_>,
    cover: bool,
) -> Result<(), Error> {
    let sub = tri!(Layout::try_new(
        l.shape_ref().subtree(n),
        l.stride_ref().subtree(n)
    ));
    let s = tri!(complement_layout(
        &sub.to_static(),
        &cotarget.tuple().to_static(),
        cover
    ));
    out.set_layout(&s.to_dynamic())
}

/// CuTe's `detail::complement` on a filtered layout (flat modes).
const fn complement_filtered(
    f: Modes<'_>,
    cotarget: Cotarget<'_>,
    mut out: Sink<'_>,
    cover: bool,
) -> Result<(), Error> {
    if f.len() == 1 && f.d(0).is_constant(0) {
        // the irreducible rank-1 stride-0 layout: compact over the coalesced cotarget
        let c = tri!(cotarget.tuple().try_coalesce());
        return out.set_layout(&tri!(Layout::try_from_shape(c)));
    }
    // the modes are built in `out` and coalesced there
    let mut w = out.writer();
    tri!(complement_modes(f, cotarget, &mut w, cover));
    let n = w.n;
    out.set_written(n);
    out.coalesce_pushed()
}

/// Pushes the mode `s:d` onto `res` unless `s` is a static `_1`, which coalescing drops
/// wherever it stands (when every mode is one, [`complement_modes`] ends with `_1:_0`,
/// what coalescing makes of them).
const fn push_kept(res: &mut Writer<'_>, s: Int, d: Int) -> Result<(), Error> {
    if s.is_constant(1) {
        return Ok(());
    }
    res.push(s, d)
}

/// The modes of the complement before coalescing, into `res` (empty), without the static
/// `_1` modes (see [`push_kept`]).
const fn complement_modes(
    f: Modes<'_>,
    cotarget: Cotarget<'_>,
    res: &mut Writer<'_>,
    cover: bool,
) -> Result<(), Error> {
    let r = f.len();
    if r > CAPACITY {
        // never: the modes come from a tuple or a `Flat`; this tells the compiler that
        // every index below is in bounds
        return Err(CAP_MODES);
    }
    // CuTe takes the smallest remaining stride (its first position on ties) again and
    // again: the modes in that order are the modes stably sorted by stride value
    // (`order`, with the sorted values in `key`); the minimum is static only if every
    // remaining stride is
    let mut order = [0u8; CAPACITY];
    let mut key = [0i64; CAPACITY];
    let mut dynamic = 0;
    let mut k = 0;
    while k < r {
        let d = f.d(k);
        if d.is_basis() {
            return Err(Error::WrongKind {
                msg: "complement: scaled-basis strides have no complement",
            });
        }
        let v = d.value();
        if v < 0 {
            return Err(negative_stride(k, d));
        }
        // insertion sort: stable, and a handful of modes
        let mut p = k;
        while p > 0 && key[p - 1] > v {
            key[p] = key[p - 1];
            order[p] = order[p - 1];
            p -= 1;
        }
        key[p] = v;
        order[p] = k as u8;
        if !d.is_static() {
            dynamic += 1;
        }
        k += 1;
    }
    // the result modes (result_shape...):(result_stride...), followed by the rest of the
    // cotarget, coalesced at the end
    let mut res_stride = Int::ONE;
    // whether a division of a stride by the extent below it left a remainder: only then
    // can the complement fail to cover its cotarget
    let mut inexact = false;
    let mut i = 0;
    while i + 1 < r {
        let idx = order[i] as usize;
        let d = f.d(idx);
        let m = Int::new(d.value(), dynamic == 0);
        if !d.is_static() {
            dynamic -= 1;
        }
        let new_shape = tri!(m.try_div(res_stride));
        if new_shape.value() == 0 {
            return Err(non_injective(i, m, res_stride));
        }
        inexact |= new_shape.value().wrapping_mul(res_stride.value()) != m.value();
        let new_stride = tri!(m.try_mul(f.s(idx)));
        tri!(push_kept(res, new_shape, res_stride));
        res_stride = new_stride;
        i += 1;
    }
    // the last mode left
    let last = order[r - 1] as usize;
    let (last_s, last_d) = (f.s(last), f.d(last));
    let new_shape = tri!(last_d.try_div(res_stride));
    if new_shape.value() == 0 {
        return Err(non_injective(r - 1, last_d, res_stride));
    }
    inexact |= new_shape.value().wrapping_mul(res_stride.value()) != last_d.value();
    tri!(push_kept(res, new_shape, res_stride));
    let new_stride = tri!(last_d.try_mul(last_s));
    // coalesce( ((result_shape...), rest_shape) : ((result_stride...), rest_stride) ),
    // read as its flattened modes
    let whole = match cotarget {
        Cotarget::Int(c) => Some(c),
        Cotarget::Shape(t) => t.as_int(),
    };
    if let Some(c) = whole {
        // an integer cotarget: the rest is one mode, ceil_div(cotarget, new_stride)
        let rest = tri!(c.try_ceil_div(new_stride));
        tri!(push_kept(res, rest, new_stride));
    } else if let Cotarget::Shape(t) = cotarget
        && t.token_count() == t.leaf_count() + 2
    {
        // a flat tuple cotarget (a coalesced shape): the steps below on arrays
        tri!(push_flat_rest(res, t, new_stride));
    } else {
        let rest_shape = tri!(
            tri!(
                cotarget
                    .tuple()
                    .try_ceil_div(&IntTuple::from_int(new_stride))
            )
            .try_coalesce()
        );
        let rest_stride = tri!(rest_shape.try_compact_major(Major::Left, new_stride));
        let mut q = 0;
        while q < rest_shape.leaf_count() {
            tri!(push_kept(res, rest_shape.leaf(q), rest_stride.leaf(q)));
            q += 1;
        }
    }
    if res.n == 0 {
        tri!(res.push(Int::ONE, Int::ZERO));
    }
    if !cover || (!inexact && whole.is_some()) {
        // every division exact, an integer cotarget: the layout and the complement's modes
        // before the rest tile [0, new_stride) exactly, and the rest, of
        // ceil_div(cotarget, new_stride), covers the cotarget
        return Ok(());
    }
    covers(f, cotarget, res)
}

/// The rest modes of [`complement_modes`] for a flat tuple cotarget `t` (depth 1): the
/// modes of `coalesce(ceil_div(t, new_stride))` with the compact column-major strides from
/// `new_stride`, computed on arrays in the order of the tuple operations (each `ceil_div`
/// first, then the merges of the coalesce, then the strides), so that the same error comes
/// first.
const fn push_flat_rest(res: &mut Writer<'_>, t: &IntTuple, new_stride: Int) -> Result<(), Error> {
    let n = t.leaf_count();
    let mut q = [Int::ZERO; CAPACITY];
    if n > CAPACITY {
        return Err(CAP_MODES);
    }
    // ceil_div(t, new_stride): each mode by what is left of the divisor
    let mut rest = new_stride;
    let mut i = 0;
    while i < n {
        let x = t.leaf(i);
        q[i] = tri!(x.try_ceil_div(rest));
        rest = tri!(rest.try_ceil_div(x));
        i += 1;
    }
    // coalesce: neighbours of the same static-ness multiply
    let mut m = 0;
    let mut i = 0;
    while i < n {
        if m > 0 && q[m - 1].is_static() == q[i].is_static() {
            q[m - 1] = tri!(q[m - 1].try_mul(q[i]));
        } else {
            q[m] = q[i];
            m += 1;
        }
        i += 1;
    }
    // compact column-major strides from new_stride (a static `_1` gets `_0`)
    let mut d = [Int::ZERO; CAPACITY];
    let mut cur = new_stride;
    let mut i = 0;
    while i < m {
        if !q[i].is_constant(1) {
            d[i] = cur;
            cur = tri!(cur.try_mul(q[i]));
        }
        i += 1;
    }
    let mut i = 0;
    while i < m {
        tri!(push_kept(res, q[i], d[i]));
        i += 1;
    }
    Ok(())
}

/// `complement(l, cotarget)`, with or without the covering check (see
/// [`complement_with`]).
pub(crate) const fn complement_layout(
    l: &Layout,
    cotarget: &IntTuple,
    cover: bool,
) -> Result<Layout, Error> {
    let mut out = Layout::stream();
    tri!(complement_with(
        l,
        Node::ROOT,
        Cotarget::Shape(cotarget),
        Sink::Layout(&mut out),
        cover
    ));
    Ok(out)
}

/// CuTe's post-condition `size(result) >= size(cotarget) / size(filter(layout))`: the
/// complement covers its cotarget. It fails where a stride is not a multiple of the extent
/// below it (`complement((2,2):(1,3), 24)` has 4 elements where 6 are needed: the
/// layout and its complement reach only 4 of every 6 offsets), which CuTe does not check.
const fn covers(f: Modes<'_>, cotarget: Cotarget<'_>, res: &Writer<'_>) -> Result<(), Error> {
    let (mut filtered, mut size, mut target): (i128, i128, i128) = (1, 1, 1);
    let mut k = 0;
    while k < f.len() {
        filtered = filtered.saturating_mul(f.s(k).value() as i128);
        k += 1;
    }
    let mut k = 0;
    while k < res.n {
        size = size.saturating_mul(res.s(k).value() as i128);
        k += 1;
    }
    match cotarget {
        Cotarget::Int(c) => target = c.value() as i128,
        Cotarget::Shape(t) => {
            let mut k = 0;
            while k < t.leaf_count() {
                target = target.saturating_mul(t.leaf(k).value() as i128);
                k += 1;
            }
        }
    }
    covers_check(size, target, filtered)
}

/// [`covers`] on the three sizes (the staged complement's run-time check too).
#[inline]
pub(crate) const fn covers_check(size: i128, target: i128, filtered: i128) -> Result<(), Error> {
    if filtered > 0 && size < target / filtered {
        return Err(uncovered(size, target));
    }
    Ok(())
}

/// The error of a complement of `size` elements that does not cover a cotarget of
/// `target`.
#[cold]
const fn uncovered(size: i128, target: i128) -> Error {
    Error::Precondition {
        msg: "complement: the complement does not cover the cotarget (a stride is not a multiple of the extent below it)",
        mode: -1,
        lhs: clamp(size),
        rhs: clamp(target),
    }
}

/// `x` as an `i64`, saturated.
const fn clamp(x: i128) -> i64 {
    if x > i64::MAX as i128 {
        i64::MAX
    } else {
        x as i64
    }
}

impl Layout {
    /// The complement of `self` with respect to `cotarget` (CuTe's
    /// `complement(layout, cotarget)`; `cotarget` is an integer or a shape, whose static
    /// factors are kept).
    ///
    /// # Errors
    /// A non-injective layout (CuTe's "Non-injective Layout detected"), negative strides.
    ///
    /// ```
    /// use rcute::{layout, int_tuple};
    /// assert_eq!(layout!(_4:_1).complement(&int_tuple!(_24)).to_string(), "_6:_4");
    /// assert_eq!(layout!(_4:_2).complement(&int_tuple!(_24)).to_string(), "(_2,_3):(_1,_8)");
    /// assert_eq!(layout!((_2,_2):(_1,_6)).complement(&int_tuple!(_24)).to_string(), "(_3,_2):(_2,_12)");
    /// assert_eq!(layout!(_4:_2).complement(&int_tuple!((_4,7))).to_string(), "(_2,4):(_1,_8)");
    /// // beyond CuTe: dynamic strides in a rank-2 layout (computed as if static)
    /// assert_eq!(layout!((2,4):(1,6)).complement(&int_tuple!(24)).to_string(), "3:2");
    /// ```
    pub const fn try_complement(&self, cotarget: &IntTuple) -> Result<Layout, Error> {
        let mut few = Few::new();
        if complement_few(Modes::of(self), Cotarget::Shape(cotarget), true, &mut few) {
            return Ok(few.layout());
        }
        complement_layout(self, cotarget, true)
    }

    /// CuTe's construction of the complement as it stands, without the check that it covers
    /// its cotarget: what the laws of the divides and the products read their definitions
    /// with, so that CuTe's answers are compared with CuTe's own definition (dynamic
    /// strides are taken as rcute takes them).
    #[cfg(feature = "alloc")]
    pub(crate) const fn try_complement_uncovered(
        &self,
        cotarget: &IntTuple,
    ) -> Result<Layout, Error> {
        complement_layout(self, cotarget, false)
    }

    /// The complement as CuTe C++ answers it: CuTe's construction without the check that
    /// it covers its cotarget, and refused where CuTe refuses it ("Dynamic-stride
    /// complement only for rank-1 layouts", where rcute computes it from the values).
    ///
    /// ```
    /// use rcute::{layout, int_tuple};
    /// let a = layout!((_4,_6):(_1,_6));
    /// assert!(a.try_complement(&int_tuple!(_72)).is_err());
    /// assert_eq!(a.try_complement_as_cute(&int_tuple!(_72)).unwrap().to_string(), "_2:_36");
    /// assert!(layout!((2,4):(1,6)).try_complement_as_cute(&int_tuple!(24)).is_err());
    /// ```
    pub const fn try_complement_as_cute(&self, cotarget: &IntTuple) -> Result<Layout, Error> {
        let src = Modes::sub(self, Node::ROOT);
        let dynamic = if coalesce_keeps(src, true) {
            needs_static(src)
        } else {
            let mut f = Flat::new();
            tri!(coalesce_scan(src, false, true, Sink::Flat(&mut f)));
            needs_static(Modes::flat(&f))
        };
        if dynamic {
            return Err(Error::WrongKind {
                msg: "complement: CuTe's complement of a layout of more than one mode needs static strides (Dynamic-stride complement only for rank-1 layouts)",
            });
        }
        complement_layout(self, cotarget, false)
    }

    /// [`Layout::try_complement`], panicking with the error's message.
    #[track_caller]
    pub const fn complement(&self, cotarget: &IntTuple) -> Layout {
        unwrap_or_panic!(self.try_complement(cotarget))
    }

    /// The complement up to the cosize of the filtered layout (CuTe's `complement(layout)`).
    ///
    /// ```
    /// use rcute::layout;
    /// assert_eq!(layout!(_4:_2).complement_cosize().to_string(), "_2:_1");
    /// assert_eq!(layout!((_2,_4,_8):(_8,_1,_64)).complement_cosize().to_string(), "(_2,_4):(_4,_16)");
    /// ```
    pub const fn try_complement_cosize(&self) -> Result<Layout, Error> {
        let mut f = Flat::new();
        tri!(coalesce_into(
            Modes::sub(self, Node::ROOT),
            false,
            true,
            Sink::Flat(&mut f)
        ));
        if needs_static(Modes::flat(&f)) {
            // Beyond CuTe: the complement of the same layout with every value static.
            return Ok(tri!(self.to_static().try_complement_cosize()).to_dynamic());
        }
        // the cosize of the filtered layout (built again: only this rare form needs it)
        let c = tri!(tri!(self.try_filter()).try_cosize());
        let mut out = Layout::stream();
        tri!(complement_filtered(
            Modes::flat(&f),
            Cotarget::Int(c),
            Sink::Layout(&mut out),
            true
        ));
        Ok(out)
    }

    /// [`Layout::try_complement_cosize`], panicking with the error's message.
    #[track_caller]
    pub const fn complement_cosize(&self) -> Layout {
        unwrap_or_panic!(self.try_complement_cosize())
    }
}

#[cfg(test)]
mod tests {
    use super::{Cotarget, complement_few, complement_general};
    use crate::algebra::modes::{Few, Modes, Sink};
    use crate::algebra::testgen::Gen;
    use crate::tuple::Node;
    use crate::{IntTuple, Layout};

    /// A random cotarget: an integer, a flat tuple or a nested one, static or dynamic
    /// values, some of them 0, 1 or large.
    fn cotarget(g: &mut Gen) -> IntTuple {
        let vals: [i64; 15] = [0, 1, 2, 3, 4, 6, 8, 12, 16, 24, 48, 64, 96, 1024, 1 << 40];
        let leaf = |g: &mut Gen| {
            let v = vals[g.next(vals.len() as u64) as usize];
            let st = if g.next(2) == 0 { "_" } else { "" };
            std::format!("{st}{v}")
        };
        let text = match g.next(4) {
            0 | 1 => leaf(g),
            2 => {
                let r = g.next(4);
                let leaves: std::vec::Vec<_> = (0..r).map(|_| leaf(g)).collect();
                std::format!("({})", leaves.join(","))
            }
            _ => std::format!("(({},{}),{})", leaf(g), leaf(g), leaf(g)),
        };
        IntTuple::try_parse(&text).unwrap()
    }

    /// The fast path of the complement (a few modes on the stack, the result built once)
    /// answers what the general path answers, values, static bits and errors, with and
    /// without the covering check, on random layouts (zero, negative and scaled-basis
    /// strides, `_1`s, dynamic values) and cotargets; and it is taken for most of them.
    #[test]
    fn fast_complement_is_the_general_path() {
        let mut g = Gen(41);
        let (mut compared, mut fast) = (0, 0);
        for k in 0..30_000 {
            let mut l: Layout = g.layout(2);
            if k % 50 == 0 {
                l = Layout::try_parse("(_2,4):(_1@0,_2@1)").unwrap();
            } else if k % 50 == 1 {
                l = Layout::try_parse("(_4,(2,_3)):(_4611686018427387904,(1,_2))").unwrap();
            }
            let c = cotarget(&mut g);
            for cover in [true, false] {
                let mut few = Few::new();
                let taken = complement_few(
                    Modes::sub(&l, Node::ROOT),
                    Cotarget::Shape(&c),
                    cover,
                    &mut few,
                );
                let mut general = Layout::stream();
                let want = complement_general(
                    &l,
                    Node::ROOT,
                    Cotarget::Shape(&c),
                    Sink::Layout(&mut general),
                    cover,
                )
                .map(|()| general);
                if taken {
                    assert_eq!(
                        Ok(few.layout()),
                        want,
                        "complement({l}, {c}), cover {cover}"
                    );
                    fast += 1;
                }
                let got = if cover {
                    l.try_complement(&c)
                } else {
                    super::complement_layout(&l, &c, false)
                };
                assert_eq!(got, want, "complement({l}, {c}), cover {cover}");
                compared += 1;
            }
        }
        assert_eq!(compared, 60_000);
        assert!(fast > 10_000, "{fast} fast");
    }

    /// The rest of a complement by a flat tuple cotarget, computed on arrays, is what the
    /// tuple operations compute for the same cotarget one level deeper (`((a,b))`, which
    /// takes them): values, static bits and errors, on random layouts and cotargets.
    #[test]
    fn flat_cotarget_rest_is_the_tuple_operations() {
        let mut g = Gen(7);
        let (mut compared, mut oks) = (0, 0);
        for _ in 0..4000 {
            let l: Layout = g.layout(2);
            let r = 1 + g.next(4);
            let vals = [1, 2, 3, 4, 6, 8, 16, 24, 64, 128, 1024];
            let leaves: std::vec::Vec<std::string::String> = (0..r)
                .map(|_| {
                    let v = vals[g.next(vals.len() as u64) as usize];
                    let st = if g.next(2) == 0 { "_" } else { "" };
                    std::format!("{st}{v}")
                })
                .collect();
            let flat = IntTuple::try_parse(&std::format!("({})", leaves.join(","))).unwrap();
            let deep = IntTuple::try_parse(&std::format!("(({}))", leaves.join(","))).unwrap();
            let got = l.try_complement(&flat);
            assert_eq!(got, l.try_complement(&deep), "complement({l}, {flat})");
            compared += 1;
            oks += usize::from(got.is_ok());
        }
        assert_eq!(compared, 4000);
        assert!(oks > 400, "{oks} answers");
    }
}
