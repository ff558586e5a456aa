//! The direct path of the divides where a single-mode tiler element `t:u` (or the tiler
//! itself, a single mode or an integer) meets a mode of the layout that is not a single
//! mode: that mode is coalesced on the stack to at most [`FEW`] modes `f` (CuTe coalesces
//! it before the complement), the complement of `t:u` in the shape of `f` is computed on
//! plain integers, and the pair `(t:u, complement)` is composed with `f` by the walk of
//! `composition`, mode by mode, into a few small arrays ([`Big`]); the result layout is
//! built once, where it is returned. Where `f` is a single mode, the pieces of the direct
//! path of single modes (`small`) answer.
//!
//! With `TREE` ([`tree_applies`]), an element (or the tiler itself) may be a layout of
//! more than one mode, as CuTe code writes `((_2,_2):(_1,_2), _4:_1)`, over any mode of
//! the layout: its complement in the shape of `f` (one mode or more) is that of the
//! complement's path of a few modes (`complement_few`), and the tile `f ∘ element` is
//! composed mode by mode in the element's nesting ([`Tree`]); the path of single-mode
//! elements is the same code without it.
//!
//! The same steps as the general path (`divide_parts`, `complement_few`, `flat_rest_few`,
//! `compose_pair_into`, `compose_pair_split`, `compose_pair_unpacked`), on the operands
//! where they are plain: anything else (scaled-basis strides, `_`, a non-positive extent,
//! a last mode `_1` that coalescing for the walk extends, more than [`FEW`] modes, an
//! overflow, any error, a result beyond [`Big`]) answers `false`, and the general path
//! answers, errors included. A test compares both on random operands.

use super::small::{Buf, Form, Piece, piece, plain, push_beyond, push_rest, push_tile};
use crate::algebra::carry::Carry;
use crate::algebra::complement::{Cotarget, complement_few};
use crate::algebra::composition::{shape_step, stride_step};
use crate::algebra::modes::{FEW, Few, Modes, S, Scan, keeps_few, mul_raw, scan_few};
use crate::algebra::tiler::Tiler;
use crate::error::Error;
use crate::int::{Int, div_rem_pos};
use crate::layout::Layout;
use crate::tuple::{IntTuple, Node};

const OPEN: u8 = IntTuple::TOKEN_OPEN;
const CLOSE: u8 = IntTuple::TOKEN_CLOSE;
const LEAF: u8 = IntTuple::TOKEN_LEAF;

/// The carry check of a walk over at most [`FEW`] modes (a sum for each but the last):
/// an instance of its own, apart from `composition`'s on the stack.
type Sums = Carry<{ FEW - 1 }>;

/// The buffer of this path: up to 72 tokens and 24 leaves.
pub(crate) type Big = Buf<72, 24>;

/// Whether [`divide_few`] may apply, read from the operands' structure alone: no
/// scaled-basis strides, a layout `a` of more than one mode, and either one tiler (a
/// single-mode layout or an integer) or a flat tuple of single-mode layouts, integers
/// (and `_`, which [`divide_few`] declines).
#[inline(always)]
pub(crate) const fn few_applies(a: &Layout, t: &Tiler) -> bool {
    let tl = t.inner_layout();
    let g = t.guide();
    if a.shape_ref().is_leaf() || a.has_basis_strides() || tl.has_basis_strides() {
        return false;
    }
    let ts = tl.shape_ref();
    if let Some(k) = g.as_int() {
        return !k.is_underscore() && ts.is_leaf();
    }
    let rt = g.leaf_count();
    rt >= 1 && g.token_count() == rt + 2 && ts.token_count() == rt + 2
}

/// Where [`few_applies`] does not, whether [`divide_few`] may apply with `TREE` (elements of more
/// than one mode), read from the operands' structure alone: no scaled-basis
/// strides, and either one tiler, a layout of more than one mode, or a tuple tiler of a
/// flat guide (layouts, integers and `_`) with an element of more than one mode, over a
/// layout of more than one mode or, as its one element, over a single-mode layout.
#[inline(always)]
pub(crate) const fn tree_applies(a: &Layout, t: &Tiler) -> bool {
    let tl = t.inner_layout();
    let g = t.guide();
    let (s, ts) = (a.shape_ref(), tl.shape_ref());
    if ts.is_leaf() || a.has_basis_strides() || tl.has_basis_strides() {
        return false;
    }
    if let Some(k) = g.as_int() {
        return !k.is_underscore();
    }
    let rt = g.leaf_count();
    rt >= 1 && g.token_count() == rt + 2 && ts.token_count() != rt + 2 && (rt == 1 || !s.is_leaf())
}

/// The modes `src` (two or more leaves) coalesced as the general path coalesces them
/// (`coalesce_into(src, false, false)`): `src` itself or written in `few`; `None` where
/// the scan of a few plain modes cannot answer, or where the last mode is a static `_1`
/// (where the general path builds the pair and coalesces for the walk again).
#[inline(always)]
const fn coalesced<'a>(src: Modes<'a>, few: &'a mut Option<Few>) -> Option<Modes<'a>> {
    let r = src.len();
    if r == 0 || r > FEW {
        return None;
    }
    let last = src.s(r - 1);
    if last.is_constant(1) {
        return None;
    }
    // modes of a dynamic last shape that provably stay as they are, read without the
    // scan (static modes, which merge more often, go straight to the scan)
    if last.meta() == 0 && keeps_few(src, false) {
        return Some(src);
    }
    let few = fresh(few);
    match scan_few(src, false, few) {
        Scan::General => None,
        Scan::Same => Some(src),
        Scan::Done => Some(few.modes()),
    }
}

/// An empty list in `slot`, made where it is first needed (the lists of an element are
/// zeroed only where its path writes them).
#[inline(always)]
const fn fresh(slot: &mut Option<Few>) -> &mut Few {
    *slot = Some(Few::new());
    match slot {
        Some(f) => f,
        None => unreachable!(),
    }
}

/// `ceil_div(a, b)` of positive values; `None` on overflow.
#[inline(always)]
const fn ceil_div(a: i64, b: i64) -> Option<i64> {
    match a.checked_add(b - 1) {
        Some(s) => Some(div_rem_pos(s as u64, b as u64).0 as i64),
        None => None,
    }
}

/// The complement of the single mode `t:u` (both positive, `t` not a static `_1`) in the
/// shape of the modes `x` (two or more), coalesced: `complement_few`'s steps for one
/// filtered mode and a flat shape (`flat_rest_few`, `covers_few`); `None` wherever those
/// leave the answer to the general path (a non-positive extent, an overflow, more than
/// [`FEW`] modes, a complement that does not cover the shape).
#[inline(always)]
const fn complement(t: Int, u: Int, x: Modes<'_>, res: &mut Few) -> bool {
    let (tv, tm, uv, um) = (t.value(), t.meta(), u.value(), u.meta());
    // the size of the complement, on i64 (`None` past it: [`covers_wide`] decides)
    let mut size = Some(1i64);
    if !(um == S && uv == 1) {
        res.push_raw(uv, um, 1, S);
        size = Some(uv);
    }
    let Some((rs, rsm)) = mul_raw(uv, um, tv, tm) else {
        return false;
    };
    let n = x.len();
    if n > FEW {
        return false;
    }
    // in one pass: the quotients of the shape by what the mode covers (`flat_rest_few`),
    // neighbours of the same static bit multiplied together (`q`, pending until a
    // quotient of the other bit comes), each pushed as a mode of stride `c`
    let (mut rv, mut rm) = (rs, rsm);
    let mut q: Option<(i64, u16)> = None;
    let mut c = (rs, rsm);
    // the size of the shape, on i64 (`None` past it: [`covers_wide`] decides)
    let mut target = Some(1i64);
    let mut i = 0;
    while i < n {
        let s = x.s(i);
        let (xv, xm) = (s.value(), s.meta());
        if xv <= 0 {
            return false;
        }
        if let Some(p) = target {
            target = p.checked_mul(xv);
        }
        let m = xm & rm;
        let (Some(a), Some(b)) = (ceil_div(xv, rv), ceil_div(rv, xv)) else {
            return false;
        };
        q = match q {
            Some((v, qm)) if qm == m => match v.checked_mul(a) {
                Some(p) => Some((p, m)),
                None => return false,
            },
            Some((v, qm)) => {
                if !push_quotient(res, v, qm, &mut c, &mut size) {
                    return false;
                }
                Some((a, m))
            }
            None => Some((a, m)),
        };
        (rv, rm) = (b, m);
        i += 1;
    }
    if let Some((v, qm)) = q
        && !push_quotient(res, v, qm, &mut c, &mut size)
    {
        return false;
    }
    if res.len() == 0 {
        res.push_raw(1, S, 0, S);
    }
    // `covers_check(size, target, t)`: the complement fails to cover where
    // `size < target / t`, that is where `(size + 1) * t <= target` (positive values);
    // on i64 where every product fits, else on i128 ([`covers_wide`])
    let covered = match (target, size) {
        (Some(target), Some(size)) if size < i64::MAX => match (size + 1).checked_mul(tv) {
            Some(p) => p > target,
            // `(size + 1) * t` past i64, and so past `target`
            None => true,
        },
        _ => covers_wide(x, res.modes(), tv),
    };
    // coalesced as it is (the scan keeps it): no mode is a static `_1` (but a lone
    // `_1:_0`), and no two neighbours merge. A merge needs two static shapes in a row;
    // neighbouring quotients of the same static bit are one mode, so two pushed in a
    // row are never both static (a static `_1` left out sits between two dynamic ones),
    // and `u:_1` merges with the next mode `q:u*t` only for a `t` of a static 1
    #[cfg(debug_assertions)]
    {
        let mut c = Few::new();
        let scan = crate::algebra::modes::scan_few_as(res.modes(), false, 0, &mut c);
        assert!(matches!(scan, Scan::Same));
    }
    covered
}

/// A quotient `v` (metadata `m`) of [`complement`] pushed to `res` as the mode `v:c`
/// unless it is a static `_1`; `c` becomes `c * v` and `size` (`None` past i64)
/// `size * v`. `false` where `res` is full or `c * v` overflows.
#[inline(always)]
const fn push_quotient(
    res: &mut Few,
    v: i64,
    m: u16,
    c: &mut (i64, u16),
    size: &mut Option<i64>,
) -> bool {
    if m == S && v == 1 {
        return true;
    }
    if !res.push_raw(v, m, c.0, c.1) {
        return false;
    }
    c.0 = match c.0.checked_mul(v) {
        Some(p) => p,
        None => return false,
    };
    c.1 &= m;
    if let Some(p) = *size {
        *size = p.checked_mul(v);
    }
    true
}

/// [`complement`]'s covering test on i128, where a product passes i64: whether the
/// complement `res` of a mode `t:_` covers the shape of the modes `x` (positive extents);
/// `false` where the size of the shape passes i128 (the general path answers).
#[cold]
#[inline(never)]
const fn covers_wide(x: Modes<'_>, res: Modes<'_>, tv: i64) -> bool {
    let mut target: i128 = 1;
    let mut i = 0;
    while i < x.len() {
        target = match target.checked_mul(x.s(i).value() as i128) {
            Some(p) => p,
            None => return false,
        };
        i += 1;
    }
    let mut size: i128 = 1;
    let mut k = 0;
    let mut big = false;
    while k < res.len() {
        match size.checked_mul(res.s(k).value() as i128) {
            Some(p) => size = p,
            None => big = true,
        }
        k += 1;
    }
    big || !matches!((size + 1).checked_mul(tv as i128), Some(p) if p <= target)
}

/// One element `t:u` of the tiler divided against a mode of the layout whose modes
/// coalesce to `f`.
enum Elem<'a> {
    /// `f` a single mode: the direct path of single modes.
    One(Piece),
    /// Two modes or more: the tile `f ∘ t:u` and the rest `f ∘ c`, `c` the complement of
    /// `t:u` in the shape of `f`.
    Many {
        f: Modes<'a>,
        t: Int,
        u: Int,
        c: Modes<'a>,
    },
}

/// The element `t:u` against the modes `f`, its complement written in `c` (empty);
/// `None` where the general path answers.
#[inline(always)]
const fn elem<'a>(f: Modes<'a>, t: Int, u: Int, c: &'a mut Option<Few>) -> Option<Elem<'a>> {
    if f.len() == 1 {
        return match piece(f.s(0), f.d(0), t, u) {
            Some(p) => Some(Elem::One(p)),
            None => None,
        };
    }
    let (tv, tm, uv, um) = (t.value(), t.meta(), u.value(), u.meta());
    if !plain(tm) || !plain(um) || (tm == S && tv == 1) || uv <= 0 || tv <= 0 {
        return None;
    }
    let c = fresh(c);
    if !complement(t, u, f, c) {
        return None;
    }
    Some(Elem::Many {
        f,
        t,
        u,
        c: c.modes(),
    })
}

/// The element for mode `m` of `a` (ending at `mend`), coalesced into `few` where it is
/// not a single mode, its complement written in `c`.
#[inline(always)]
const fn elem_at<'a>(
    a: &'a Layout,
    m: Node,
    mend: Node,
    t: Int,
    u: Int,
    few: &'a mut Option<Few>,
    c: &'a mut Option<Few>,
) -> Option<Elem<'a>> {
    let s = a.shape_ref();
    let src = Modes::range(s, a.stride_ref(), m.l, mend.l);
    if s.is_leaf_node(m) {
        return elem(src, t, u, c);
    }
    match coalesced(src, few) {
        Some(f) => elem(f, t, u, c),
        None => None,
    }
}

impl Elem<'_> {
    /// Appends the tile `f ∘ t:u`.
    #[inline(always)]
    const fn tile<const T: usize, const L: usize>(
        &self,
        out: &mut Buf<T, L>,
        carry: &mut Sums,
        fail: &mut Option<Error>,
    ) -> bool {
        match self {
            Elem::One(p) => push_tile(out, p),
            Elem::Many { f, t, u, .. } => walk(out, *f, *t, *u, carry, false, fail),
        }
    }

    /// Appends the rest `f ∘ complement` (without its parentheses when `bare`).
    #[inline(always)]
    const fn rest<const T: usize, const L: usize>(
        &self,
        out: &mut Buf<T, L>,
        carry: &mut Sums,
        bare: bool,
        fail: &mut Option<Error>,
    ) -> bool {
        match self {
            Elem::One(p) => push_rest(out, p, bare),
            Elem::Many { f, c, .. } => {
                let n = c.len();
                if n == 1 {
                    return compose(out, *f, c.s(0), c.d(0), carry, bare, fail);
                }
                if !bare && !out.token(OPEN) {
                    return false;
                }
                let mut i = 0;
                while i < n {
                    if !compose(out, *f, c.s(i), c.d(i), carry, false, fail) {
                        return false;
                    }
                    i += 1;
                }
                bare || out.token(CLOSE)
            }
        }
    }

    /// The carry check of the walks of the tile and the rest (its error, the general
    /// path's, written in `fail`).
    #[inline(always)]
    const fn check(&self, carry: &Sums, fail: &mut Option<Error>) -> bool {
        match self {
            Elem::One(_) => true,
            Elem::Many { f, .. } => {
                if carry.passes(*f) {
                    return true;
                }
                check_error(carry, *f, fail)
            }
        }
    }

    /// The tile and the rest written as the next modes of `out` (in parentheses with
    /// `pair`; the rest without its own with `bare`), then the carry check.
    #[inline(always)]
    const fn write_logical<const T: usize, const L: usize>(
        &self,
        out: &mut Buf<T, L>,
        pair: bool,
        bare: bool,
        fail: &mut Option<Error>,
    ) -> bool {
        let mut carry = Carry::empty();
        (!pair || out.token(OPEN))
            && self.tile(out, &mut carry, fail)
            && self.rest(out, &mut carry, bare, fail)
            && (!pair || out.token(CLOSE))
            && self.check(&carry, fail)
    }

    /// The tile into `tiles`, the rest into `rests`, then the carry check.
    #[inline(always)]
    const fn write_split<const T: usize, const L: usize>(
        &self,
        tiles: &mut Buf<T, L>,
        rests: &mut Buf<T, L>,
        fail: &mut Option<Error>,
    ) -> bool {
        let mut carry = Carry::empty();
        self.tile(tiles, &mut carry, fail)
            && self.rest(rests, &mut carry, false, fail)
            && self.check(&carry, fail)
    }
}

/// An element of more than one mode, the sub-layout of `tl` at node `e`, divided against
/// a mode of the layout whose modes coalesce to `f` (one mode or more): the tile `f ∘ e`,
/// mode by mode in the nesting of `e`, and the rest `f ∘ c`, `c` the complement of `e` in
/// the shape of `f`.
struct Tree<'a> {
    f: Modes<'a>,
    tl: &'a Layout,
    e: Node,
    /// the node just past `e`
    end: Node,
    c: Modes<'a>,
}

/// The modes of mode `m` of `a` (ending at `mend`): the single mode, or its modes
/// coalesced into `few`; `None` where the general path answers.
#[inline(always)]
const fn mode_modes<'a>(
    a: &'a Layout,
    m: Node,
    mend: Node,
    few: &'a mut Option<Few>,
) -> Option<Modes<'a>> {
    let s = a.shape_ref();
    let src = Modes::range(s, a.stride_ref(), m.l, mend.l);
    if s.is_leaf_node(m) {
        return Some(src);
    }
    coalesced(src, few)
}

/// The element of more than one mode at node `e` of `tl` (ending at `end`) for mode `m`
/// of `a` (ending at `mend`), the mode coalesced into `few` where it is not a single mode, the element's
/// complement in the shape of the mode's modes written in `c` (empty) by the complement's
/// path of a few modes, which answers what the general path's complement answers where
/// it answers; `None` where the general path answers.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
const fn tree_at<'a>(
    a: &'a Layout,
    m: Node,
    mend: Node,
    tl: &'a Layout,
    e: Node,
    end: Node,
    few: &'a mut Option<Few>,
    c: &'a mut Option<Few>,
) -> Option<Tree<'a>> {
    let Some(f) = mode_modes(a, m, mend, few) else {
        return None;
    };
    let n = f.len();
    let em = Modes::range(tl.shape_ref(), tl.stride_ref(), e.l, end.l);
    let c = fresh(c);
    let ok = if n == 1 {
        complement_few(em, Cotarget::Int(f.s(0)), true, c)
    } else {
        // the shape of `f`, a flat tuple of its modes' shapes
        let (fv, fm, _, _) = f.parts();
        let (mut sv, mut sm) = ([0i64; FEW], [0u16; FEW]);
        let mut i = 0;
        while i < n && i < FEW {
            sv[i] = fv[i];
            sm[i] = fm[i];
            i += 1;
        }
        let target = IntTuple::flat_of(&sv, &sm, n);
        complement_few(em, Cotarget::Shape(&target), true, c)
    };
    if !ok {
        return None;
    }
    Some(Tree {
        f,
        tl,
        e,
        end,
        c: c.modes(),
    })
}

impl Tree<'_> {
    /// The carry check of the walks of the tile and the rest (its error, the general
    /// path's, written in `fail`).
    #[inline(always)]
    const fn check(&self, carry: &Sums, fail: &mut Option<Error>) -> bool {
        carry.passes(self.f) || check_error(carry, self.f, fail)
    }

    /// The tile and the rest written as the next modes of `out` (in parentheses with
    /// `pair`; the rest without its own with `bare`), then the carry check.
    #[inline(always)]
    const fn write_logical(
        &self,
        out: &mut Big,
        pair: bool,
        bare: bool,
        fail: &mut Option<Error>,
    ) -> bool {
        let mut carry = Carry::empty();
        (!pair || out.token(OPEN))
            && compose_tree(out, self.f, self.tl, self.e, self.end, &mut carry, fail)
            && compose_rest(out, self.f, self.c, &mut carry, bare, fail)
            && (!pair || out.token(CLOSE))
            && self.check(&carry, fail)
    }

    /// The tile into `tiles`, the rest into `rests`, then the carry check.
    #[inline(always)]
    const fn write_split(
        &self,
        tiles: &mut Big,
        rests: &mut Big,
        fail: &mut Option<Error>,
    ) -> bool {
        let mut carry = Carry::empty();
        compose_tree(tiles, self.f, self.tl, self.e, self.end, &mut carry, fail)
            && compose_rest(rests, self.f, self.c, &mut carry, false, fail)
            && self.check(&carry, fail)
    }
}

/// `f ∘ e` (`composition_impl`) for the sub-layout `e` of `tl` (not a single mode, ending
/// at `end`): each
/// of its modes composed by [`compose_any`], in its nesting.
const fn compose_tree(
    out: &mut Big,
    f: Modes<'_>,
    tl: &Layout,
    e: Node,
    end: Node,
    carry: &mut Sums,
    fail: &mut Option<Error>,
) -> bool {
    let (s, d) = (tl.shape_ref(), tl.stride_ref());
    let mut k = e;
    while k.t < end.t {
        let ok = if s.is_leaf_node(k) {
            let (a, b) = (s.int_at(k), d.int_at(k));
            k.l += 1;
            compose_any(out, f, a, b, carry, false, fail)
        } else if s.is_close(k) {
            out.token(CLOSE)
        } else {
            out.token(OPEN)
        };
        if !ok {
            return false;
        }
        k.t += 1;
    }
    true
}

/// `f ∘ c` for the complement `c` of a [`Tree`]: its single mode composed (without the
/// parentheses of a tuple of modes where `bare`), or a tuple of its modes composed
/// (without its own parentheses where `bare`), each by [`compose_any`].
#[inline(always)]
const fn compose_rest(
    out: &mut Big,
    f: Modes<'_>,
    c: Modes<'_>,
    carry: &mut Sums,
    bare: bool,
    fail: &mut Option<Error>,
) -> bool {
    let n = c.len();
    if n == 1 {
        return compose_any(out, f, c.s(0), c.d(0), carry, bare, fail);
    }
    if !bare && !out.token(OPEN) {
        return false;
    }
    let mut i = 0;
    while i < n {
        if !compose_any(out, f, c.s(i), c.d(i), carry, false, fail) {
            return false;
        }
        i += 1;
    }
    bare || out.token(CLOSE)
}

/// [`compose`] for modes `f` of one mode or more: for a single mode of stride `e`,
/// `s:d*e` (a `_0` stride kept as it is).
#[inline(always)]
const fn compose_any(
    out: &mut Big,
    f: Modes<'_>,
    s: Int,
    d: Int,
    carry: &mut Sums,
    bare: bool,
    fail: &mut Option<Error>,
) -> bool {
    if f.len() == 1 && !d.is_constant(0) {
        let e = f.d(0);
        if !plain(s.meta()) || !plain(d.meta()) || !plain(e.meta()) {
            return false;
        }
        let Some((pv, pm)) = mul_raw(d.value(), d.meta(), e.value(), e.meta()) else {
            return false;
        };
        return out.leaf(s.value(), s.meta(), pv, pm);
    }
    compose(out, f, s, d, carry, bare, fail)
}

/// The carry check's digit walk (where its plain form does not pass): its error written
/// in `fail`.
#[cold]
#[inline(never)]
const fn check_error(carry: &Sums, f: Modes<'_>, fail: &mut Option<Error>) -> bool {
    match carry.check_modes(f) {
        Ok(()) => true,
        Err(e) => {
            *fail = Some(e);
            false
        }
    }
}

/// `f ∘ s:d` (`composition_int`) for the modes `f` (two or more) and a mode `s:d` of the
/// pair: a `_0` stride kept as it is, else [`walk`].
#[inline(always)]
const fn compose<const T: usize, const L: usize>(
    out: &mut Buf<T, L>,
    f: Modes<'_>,
    s: Int,
    d: Int,
    carry: &mut Sums,
    bare: bool,
    fail: &mut Option<Error>,
) -> bool {
    if d.is_constant(0) {
        return out.leaf(s.value(), s.meta(), d.value(), d.meta());
    }
    walk(out, f, s, d, carry, bare, fail)
}

/// `composition_int_flat::<true, BARE>`'s twin: the walk of `s:d` over the modes `f` (two
/// or more), the new modes written as the next mode of `out` (a tuple of them, or the
/// single one; with `bare`, without the tuple's parentheses), each recorded in `carry`.
/// Only the steps of the walk's one-division paths are taken (`s` and `d` positive; at
/// each mode of `f` a positive extent, which and the rest of the stride divide one
/// another, or the rest of `s` stays inside the mode; their sum does not overflow; the
/// rest of the shape divides by the new mode; no product overflows): there `stride_step`
/// and `shape_step` answer what these answer, on the raw parts of plain integers.
/// A step refused by its full form answers that step's error, which the general walk
/// answers there too (it reaches the step in the same state); anything else answers
/// `Ok(false)` (the general walk answers).
#[inline(always)]
const fn walk<const T: usize, const L: usize>(
    out: &mut Buf<T, L>,
    f: Modes<'_>,
    s: Int,
    d: Int,
    carry: &mut Sums,
    bare: bool,
    fail: &mut Option<Error>,
) -> bool {
    let r = f.len();
    // the raw parts, their lengths checked once
    let (fsv, fsm, fdv, fdm) = f.parts();
    if fsm.len() != r || fdv.len() != r || fdm.len() != r {
        return false;
    }
    let (mut rsv, mut rsm, mut rdv, mut rdm) = (s.value(), s.meta(), d.value(), d.meta());
    if rsv <= 0 || rdv <= 0 {
        return false;
    }
    let mark = out.nt;
    if !bare && !out.token(OPEN) {
        return false;
    }
    carry.count(d);
    let mut n = 0;
    let mut i = 0;
    while i + 1 < r {
        let c = Int::from_raw(fsv[i], fsm[i]);
        let (cv, cm) = (c.value(), c.meta());
        if cv <= 0 || rdv.checked_add(cv).is_none() {
            {
                *fail = stride_error(rdv, rdm, c, rsv, rsm, i);
                return false;
            }
        }
        // `stride_step`: (ceil_div(cs, d), 1) or (1, d / cs), static where both are
        let st = rdm & cm;
        let (nsv, ndv) = if rdv < cv {
            let (q, rem) = div_rem_pos(cv as u64, rdv as u64);
            let q = q as i64 + (rem != 0) as i64;
            // neither divides the other: the rest must stay inside the mode
            if rem != 0 && rsv > q {
                {
                    *fail = stride_error(rdv, rdm, c, rsv, rsm, i);
                    return false;
                }
            }
            (q, 1)
        } else {
            let (q, rem) = div_rem_pos(rdv as u64, cv as u64);
            if rem != 0 {
                {
                    *fail = stride_error(rdv, rdm, c, rsv, rsm, i);
                    return false;
                }
            }
            (1, q as i64)
        };
        if (st == S && nsv == 1) || (rsm == S && rsv == 1) {
            (rdv, rdm) = (ndv, st);
        } else {
            // the new mode `min(next, rest)`, and `shape_step`'s exact quotient
            let nwv = if nsv < rsv { nsv } else { rsv };
            let nwm = st & rsm;
            let (q, rem) = div_rem_pos(rsv as u64, nwv as u64);
            if rem != 0 {
                *fail = shape_error(rsv, rsm, nwv, nwm, i);
                return false;
            }
            carry.add(i, Int::from_raw(nwv, nwm), Int::from_raw(rdv, rdm));
            let e = Int::from_raw(fdv[i], fdm[i]);
            let Some((pv, pm)) = mul_raw(rdv, rdm, e.value(), e.meta()) else {
                return false;
            };
            if !out.leaf(nwv, nwm, pv, pm) {
                return false;
            }
            n += 1;
            (rsv, rsm) = (q as i64, rsm & nwm);
            (rdv, rdm) = (ndv, st);
        }
        i += 1;
    }
    if n == 0 || !(rsm == S && rsv == 1) {
        let e = Int::from_raw(fdv[r - 1], fdm[r - 1]);
        let Some((pv, pm)) = mul_raw(rdv, rdm, e.value(), e.meta()) else {
            return false;
        };
        if !out.leaf(rsv, rsm, pv, pm) {
            return false;
        }
        n += 1;
    }
    if bare {
        return true;
    }
    if n == 1 {
        // one mode: the leaf in place of the `(`
        out.tok[mark] = LEAF;
        out.tok[mark + 1] = 0;
        out.nt -= 1;
        return true;
    }
    out.token(CLOSE)
}

/// Where the walk leaves a step of `stride_step` (the rest of the stride `d`, the extent
/// `cs` of mode `mode`, the rest of the shape `rest`): the step's error, or `None` where
/// the step has an answer (the general walk takes it from there).
#[cold]
#[inline(never)]
const fn stride_error(dv: i64, dm: u16, cs: Int, rv: i64, rm: u16, mode: usize) -> Option<Error> {
    match stride_step(Int::from_raw(dv, dm), cs, Int::from_raw(rv, rm), mode) {
        Err(e) => Some(e),
        Ok(_) => None,
    }
}

/// Where the walk leaves a step of `shape_step` (the rest of the shape, the new mode):
/// the step's error, or `None` where the step has an answer.
#[cold]
#[inline(never)]
const fn shape_error(rv: i64, rm: u16, nv: i64, nm: u16, mode: usize) -> Option<Error> {
    match shape_step(Int::from_raw(rv, rm), Int::from_raw(nv, nm), mode) {
        Err(e) => Some(e),
        Ok(_) => None,
    }
}

/// The divide `form` of `a` by `t` into `out` (empty), for operands where
/// [`few_applies`], or, with `TREE`, where [`tree_applies`] (each element of more than
/// one mode a [`Tree`]): `true` with the result in `out`; `false` (with `out` in any
/// state) where the general path answers, or, with an error written in `fail` (empty),
/// where a walk or its carry check fails: the general path's first error (the modes
/// before it are divided alike).
#[inline(always)]
pub(crate) const fn divide_few<const TREE: bool>(
    a: &Layout,
    t: &Tiler,
    form: Form,
    out: &mut Big,
    fail: &mut Option<Error>,
) -> bool {
    let tl = t.inner_layout();
    let g = t.guide();
    let s = a.shape_ref();
    let (ts, td) = (tl.shape_ref(), tl.stride_ref());
    if g.as_int().is_some() {
        // one tiler over the whole layout, coalesced (with `TREE`, of more than one mode)
        let mut few = None;
        if TREE {
            let mut c = None;
            let (end, tend) = (s.node_end(Node::ROOT), ts.node_end(Node::ROOT));
            let Some(e) = tree_at(a, Node::ROOT, end, tl, Node::ROOT, tend, &mut few, &mut c)
            else {
                return false;
            };
            return e.write_logical(out, true, matches!(form, Form::Tiled), fail);
        }
        let Some(f) = coalesced(Modes::of(a), &mut few) else {
            return false;
        };
        let mut c = None;
        let Some(e) = elem(f, ts.leaf(0), td.leaf(0), &mut c) else {
            return false;
        };
        return e.write_logical(out, true, matches!(form, Form::Tiled), fail);
    }
    if divide_tuple::<TREE>(a, t, form, out, fail) {
        return true;
    }
    // a tiler of more elements than the layout has modes: the general path's error comes
    // first (checked only here, where an error was found)
    if fail.is_some() && g.leaf_count() > s.rank() {
        *fail = None;
    }
    false
}

/// Element `i` (at node `e` of `tl`, ending at `eend`) divided against mode `m` of `a` (ending at `mend`),
/// written as [`Elem::write_logical`] or, with `split`, [`Elem::write_split`] (into
/// `out` and `rests`) write it; with `TREE`, an element of more than one mode as a
/// [`Tree`]. `false` where the general path answers (or an error is written in `fail`).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
const fn divide_elem<const TREE: bool>(
    a: &Layout,
    m: Node,
    mend: Node,
    tl: &Layout,
    i: usize,
    e: Node,
    eend: Node,
    split: bool,
    out: &mut Big,
    rests: &mut Big,
    fail: &mut Option<Error>,
) -> bool {
    let (ts, td) = (tl.shape_ref(), tl.stride_ref());
    // the lists of a mode coalesced and of a complement, made where they are needed
    let (mut few, mut c) = (None, None);
    if TREE && !ts.is_leaf_node(e) {
        let Some(el) = tree_at(a, m, mend, tl, e, eend, &mut few, &mut c) else {
            return false;
        };
        return if split {
            el.write_split(out, rests, fail)
        } else {
            el.write_logical(out, true, false, fail)
        };
    }
    let (t, u) = if TREE {
        (ts.int_at(e), td.int_at(e))
    } else {
        (ts.leaf(i), td.leaf(i))
    };
    let Some(el) = elem_at(a, m, mend, t, u, &mut few, &mut c) else {
        return false;
    };
    if split {
        el.write_split(out, rests, fail)
    } else {
        el.write_logical(out, true, false, fail)
    }
}

/// [`divide_few`] by a tuple tiler, the number of its elements unchecked.
#[inline(always)]
const fn divide_tuple<const TREE: bool>(
    a: &Layout,
    t: &Tiler,
    form: Form,
    out: &mut Big,
    fail: &mut Option<Error>,
) -> bool {
    let tl = t.inner_layout();
    let g = t.guide();
    let s = a.shape_ref();
    let ts = tl.shape_ref();
    let rt = g.leaf_count();
    if !out.token(OPEN) {
        return false;
    }
    // with `TREE`, a single-mode layout is its own mode (of one element, see
    // `tree_applies`), and the elements are read at their nodes
    let leaf = TREE && s.is_leaf();
    let mut m = if leaf {
        Node::ROOT
    } else {
        s.first_child(Node::ROOT)
    };
    let mut e = ts.first_child(Node::ROOT);
    let logical = matches!(form, Form::Logical);
    // the tiles into `out`, the rests into `rests` (but for the logical divide)
    if !logical && !out.token(OPEN) {
        return false;
    }
    let mut rests = Big::new();
    let mut i = 0;
    while i < rt {
        if g.leaf(i).is_underscore() || (!leaf && s.is_close(m)) {
            return false;
        }
        let mend = s.node_end(m);
        let eend = if TREE { ts.node_end(e) } else { e };
        if !divide_elem::<TREE>(a, m, mend, tl, i, e, eend, !logical, out, &mut rests, fail) {
            return false;
        }
        m = mend;
        e = eend;
        i += 1;
    }
    if logical {
        return push_beyond(out, a, m) && out.token(CLOSE);
    }
    if !out.token(CLOSE) {
        return false;
    }
    // the rests and the modes beyond as one mode, unpacked by `tiled_divide` unless the
    // layout has one mode (one element and no mode beyond it)
    let bare = matches!(form, Form::Tiled) && !(leaf || (rt == 1 && s.is_close(m)));
    (bare || out.token(OPEN))
        && out.append(&rests)
        && push_beyond(out, a, m)
        && (bare || out.token(CLOSE))
        && out.token(CLOSE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::testgen::Gen;
    use crate::error::Error;
    use std::format;
    use std::string::{String, ToString};
    use std::vec::Vec;

    /// A random integer, static or dynamic, powers of two and not, with the edge values
    /// of the path (`_1`, 0, negative, near overflow) now and then.
    fn int(g: &mut Gen, stride: bool) -> String {
        let v: i64 = if g.next(12) == 0 {
            [0, -1, -3, 1 << 40, 1 << 62][g.next(5) as usize]
        } else if stride {
            [1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 35, 64][g.next(13) as usize]
        } else {
            [1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 16, 32][g.next(12) as usize]
        };
        let st = if g.next(2) == 0 { "_" } else { "" };
        format!("{st}{v}")
    }

    /// A random shape and stride of depth up to `depth`, ranks 1 to 4: often modes that
    /// continue one another (compact, what coalesces), else free values.
    fn tree(g: &mut Gen, depth: u32, top: bool, acc: &mut i64) -> (String, String) {
        if depth == 0 || (!top && g.next(3) == 0) {
            let s = int(g, false);
            let d = if g.next(3) != 0 {
                let st = if g.next(4) == 0 { "" } else { "_" };
                format!("{st}{acc}")
            } else {
                int(g, true)
            };
            let v: i64 = s.trim_start_matches('_').parse().unwrap();
            if v > 0 {
                *acc = acc.saturating_mul(v).min(1 << 40);
            }
            return (s, d);
        }
        let r = 1 + g.next(4);
        let (mut s, mut d) = (Vec::new(), Vec::new());
        for _ in 0..r {
            let (a, b) = tree(g, depth - 1, false, acc);
            s.push(a);
            d.push(b);
        }
        (format!("({})", s.join(",")), format!("({})", d.join(",")))
    }

    fn layout(g: &mut Gen) -> Option<Layout> {
        let depth = 1 + g.next(3) as u32;
        let mut acc = 1 + g.next(3) as i64;
        let (s, d) = tree(g, depth, true, &mut acc);
        Layout::try_parse(&format!("{s}:{d}")).ok()
    }

    /// A random tiler: mostly an integer, a single mode `t:u`, or a flat tuple of them (now
    /// and then `_` or a layout of two modes, which this path declines).
    fn tiler(g: &mut Gen, rank: u64) -> Option<Tiler> {
        let elem = |g: &mut Gen| -> String {
            match g.next(12) {
                0 => "_".to_string(),
                1 => format!(
                    "({},{}):({},{})",
                    int(g, false),
                    int(g, false),
                    int(g, true),
                    int(g, true)
                ),
                2..=5 => int(g, false),
                _ => format!("{}:{}", int(g, false), int(g, true)),
            }
        };
        let text = if g.next(3) == 0 {
            elem(g)
        } else {
            let r = 1 + g.next(rank + 1);
            let e: Vec<String> = (0..r).map(|_| elem(g)).collect();
            format!("({})", e.join(","))
        };
        Tiler::try_parse(&text).ok()
    }

    /// What the direct path did with one divide, compared with the general path.
    #[derive(Default)]
    struct Counts {
        compared: usize,
        /// taken, for each form
        forms: [usize; 3],
        /// taken, with a result of more than 8 leaves
        many: usize,
        /// an error answered on the stack
        errors: usize,
        /// declined where the general path answers an error, and where it answers a layout
        declined_err: usize,
        declined_ok: usize,
    }

    impl Counts {
        /// Compares the direct path of the divide `form` (`k`) of `a` by `t` with the
        /// general path: its answer or error is the general path's, and so is what the
        /// public function answers. Answers whether the direct path answered.
        fn compare(&mut self, a: &Layout, t: &Tiler, k: usize, form: Form) -> bool {
            let want: Result<Layout, Error> = match form {
                Form::Logical => a.logical_divide_general(t),
                Form::Zipped => a.zipped_divide_general(t),
                Form::Tiled => a.tiled_divide_general(t),
            };
            let mut out = Big::new();
            let few = few_applies(a, t);
            let applies = few || tree_applies(a, t);
            let mut fail = None;
            let took = if few {
                divide_few::<false>(a, t, form, &mut out, &mut fail)
            } else {
                applies && divide_few::<true>(a, t, form, &mut out, &mut fail)
            };
            if let Some(e) = fail {
                // an error answered on the stack is the general path's
                assert!(!took);
                assert_eq!(Err(e), want, "{k}: divide({a}, {t})");
                self.errors += 1;
            }
            if took {
                self.forms[k] += 1;
                let got = out.layout();
                assert_eq!(Ok(got), want, "{k}: divide({a}, {t})");
                assert_eq!(got.to_string(), want.unwrap().to_string());
                if got.shape_ref().leaf_count() > 8 {
                    self.many += 1;
                }
            } else if applies && fail.is_none() {
                if want.is_err() {
                    self.declined_err += 1;
                } else {
                    self.declined_ok += 1;
                }
            }
            let got = match form {
                Form::Logical => a.try_logical_divide(t),
                Form::Zipped => a.try_zipped_divide(t),
                Form::Tiled => a.try_tiled_divide(t),
            };
            assert_eq!(got, want, "{k}: divide({a}, {t})");
            self.compared += 1;
            took || fail.is_some()
        }

        /// [`Counts::compare`] of each of the three divides; answers how many the direct
        /// path answered (a layout or an error).
        fn compare_all(&mut self, a: &Layout, t: &Tiler) -> usize {
            [Form::Logical, Form::Zipped, Form::Tiled]
                .into_iter()
                .enumerate()
                .filter(|&(k, form)| self.compare(a, t, k, form))
                .count()
        }
    }

    impl core::fmt::Display for Counts {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            write!(
                f,
                "{} compared: direct {:?} ({} of more than 8 leaves), {} errors on the stack, \
                 declined {} errors and {} answers",
                self.compared,
                self.forms,
                self.many,
                self.errors,
                self.declined_err,
                self.declined_ok
            )
        }
    }

    /// The direct path of coalesced modes answers exactly what the general path answers
    /// (values, static bits, hierarchy) for each of the three divides, on random layouts of
    /// ranks 1 to 4 and depths 1 to 3, and declines wherever the general path answers an
    /// error; what the public functions answer is the general path's answer.
    #[test]
    fn few_divides_are_the_general_path() {
        let mut g = Gen(4242);
        let mut n = Counts::default();
        while n.compared < 90_000 {
            let Some(a) = layout(&mut g) else { continue };
            let Some(t) = tiler(&mut g, a.rank() as u64) else {
                continue;
            };
            n.compare_all(&a, &t);
        }
        std::println!("{n}");
        assert!(n.errors > 1_000, "{n}");
        assert_eq!(n.compared, 90_000);
        assert!(n.forms.iter().all(|&k| k > 3_000), "{n}");
        assert!(n.many > 1_000, "{n}");
        assert!(n.declined_err > 1_000, "{n}");
    }

    /// A random element of more than one mode: most often CuTe's `(n,m):(1,n)`, else free
    /// values, now and then three modes or a nested one.
    fn tree_elem(g: &mut Gen) -> String {
        let st = |g: &mut Gen| if g.next(2) == 0 { "_" } else { "" };
        match g.next(8) {
            0..=3 => {
                let n = [1, 2, 3, 4, 5, 8, 16][g.next(7) as usize];
                let m = [1, 1, 2, 3, 4, 8][g.next(6) as usize];
                let (a, b) = (st(g), st(g));
                format!("({a}{n},{b}{m}):({a}1,{b}{n})")
            }
            4 | 5 => format!(
                "({},{}):({},{})",
                int(g, false),
                int(g, false),
                int(g, true),
                int(g, true)
            ),
            6 => format!(
                "({},{},{}):({},{},{})",
                int(g, false),
                int(g, false),
                int(g, false),
                int(g, true),
                int(g, true),
                int(g, true)
            ),
            _ => format!(
                "(({},{}),{}):(({},{}),{})",
                int(g, false),
                int(g, false),
                int(g, false),
                int(g, true),
                int(g, true),
                int(g, true)
            ),
        }
    }

    /// A random tiler with an element of more than one mode: the tiler itself, or a flat
    /// tuple of such elements, single modes and integers (now and then `_`).
    fn tree_tiler(g: &mut Gen, rank: u64) -> Option<Tiler> {
        let text = if g.next(4) == 0 {
            tree_elem(g)
        } else {
            let r = 1 + g.next(rank);
            let mut e: Vec<String> = (0..r)
                .map(|_| match g.next(6) {
                    0 => int(g, false),
                    1 => format!("{}:{}", int(g, false), int(g, true)),
                    2 if g.next(4) == 0 => "_".to_string(),
                    _ => tree_elem(g),
                })
                .collect();
            let k = g.next(r) as usize;
            e[k] = tree_elem(g);
            format!("({})", e.join(","))
        };
        Tiler::try_parse(&text).ok()
    }

    /// The direct path answers the general path's answer for tilers whose elements (or
    /// the tiler itself) are layouts of more than one mode, on the same random layouts.
    #[test]
    fn divides_by_layouts_of_modes_are_the_general_path() {
        let mut g = Gen(4343);
        let mut n = Counts::default();
        let (mut tree, mut whole) = (0, 0);
        while n.compared < 60_000 {
            let Some(a) = layout(&mut g) else { continue };
            let Some(t) = tree_tiler(&mut g, a.rank() as u64) else {
                continue;
            };
            let k = n.compare_all(&a, &t);
            tree += k;
            if !t.is_tuple() {
                whole += k;
            }
        }
        std::println!("{n}; {tree} by layouts of modes ({whole} by the whole tiler)");
        assert_eq!(n.compared, 60_000);
        assert!(tree > 10_000, "{tree}");
        assert!(whole > 2_000, "{whole}");
        assert!(n.forms.iter().all(|&k| k > 3_000), "{n}");
        assert!(n.errors > 1_000, "{n}");
        assert!(n.declined_err > 1_000, "{n}");
    }
}
