//! The composition of a few plain modes, on the stack: the twin of `composition`'s general
//! walk (`composition_int`, `composition_int_flat`, `Carry::check`) for the common case, where
//! `A` coalesces to at most [`FEW`] modes, every integer of both operands is a plain integer
//! (no scaled basis element, no `_`), and the result has at most [`LEAVES`] leaves and
//! [`TOKENS`] tokens. The result is written on the stack ([`Small`]) and built once, where
//! the caller returns it ([`Small::layout`]); the general path zero-fills a full-capacity
//! layout and copies it into the `Result`.
//!
//! Every function answers `Ok(false)` where the operands are not of that form (nothing
//! else may be assumed of `out` then: the caller starts again on the general path), and
//! otherwise exactly what the general path answers: the same result, or the same first
//! error. The tests in `composition`'s module compare the two on random operands.

use super::{shape_step, stride_step};
use crate::algebra::carry::Carry;
use crate::algebra::modes::{FEW, Few, Modes, S, Scan, mul_raw, scan_few};
use crate::algebra::tiler::{Tiler, is_integer};
use crate::error::{Error, tri};
use crate::int::{Int, div_rem_pos};
use crate::layout::Layout;
use crate::tuple::{CAPACITY, IntTuple, Node};

/// The most leaves of a result built on the stack.
pub(super) const LEAVES: usize = 16;
/// The most tokens of a result built on the stack.
pub(super) const TOKENS: usize = 32;

// the walk writes its modes at indices taken modulo these (see `Small::put`)
const _: () = assert!(LEAVES.is_power_of_two() && TOKENS.is_power_of_two());

/// A layout being built on the stack: tokens and leaves as in an [`IntTuple`], the shape
/// and the stride sharing the tokens (they are congruent). Unused entries stay zero.
pub(super) struct Small {
    ntok: usize,
    nleaf: usize,
    tok: [u8; TOKENS],
    sv: [i64; LEAVES],
    sm: [u16; LEAVES],
    dv: [i64; LEAVES],
    dm: [u16; LEAVES],
}

/// The sum of the carry check for at most [`FEW`] modes of `A`.
type SmallCarry = Carry<FEW>;

impl Small {
    #[inline(always)]
    pub(super) const fn new() -> Small {
        Small {
            ntok: 0,
            nleaf: 0,
            tok: [0; TOKENS],
            sv: [0; LEAVES],
            sm: [0; LEAVES],
            dv: [0; LEAVES],
            dm: [0; LEAVES],
        }
    }

    /// Appends a token; `false` when full.
    #[inline(always)]
    const fn token(&mut self, t: u8) -> bool {
        if self.ntok >= TOKENS {
            return false;
        }
        self.tok[self.ntok] = t;
        self.ntok += 1;
        true
    }

    /// Appends the integral mode `s:d`; `false` when full.
    #[inline(always)]
    const fn mode(&mut self, s: Int, d: Int) -> bool {
        let (t, l) = (self.ntok, self.nleaf);
        if t >= TOKENS || l >= LEAVES {
            return false;
        }
        self.tok[t] = IntTuple::TOKEN_LEAF;
        self.sv[l] = s.value();
        self.sm[l] = s.meta();
        self.dv[l] = d.value();
        self.dm[l] = d.meta();
        self.ntok = t + 1;
        self.nleaf = l + 1;
        true
    }

    /// Appends the integral mode `s:d` given as raw parts; `false` when full.
    #[inline(always)]
    const fn mode_raw(&mut self, s: i64, sm: u16, d: i64, dm: u16) -> bool {
        let (t, l) = (self.ntok, self.nleaf);
        if t >= TOKENS || l >= LEAVES {
            return false;
        }
        self.put(t, l, s, sm, d, dm);
        self.ntok = t + 1;
        self.nleaf = l + 1;
        true
    }

    /// Writes the integral mode `s:d` (raw parts) as token `t` and leaf `l`, which the
    /// caller knows to be in range (taken modulo the capacities: no check), leaving the
    /// counts to the caller.
    #[inline(always)]
    const fn put(&mut self, t: usize, l: usize, s: i64, sm: u16, d: i64, dm: u16) {
        self.tok[t % TOKENS] = IntTuple::TOKEN_LEAF;
        let l = l % LEAVES;
        self.sv[l] = s;
        self.sm[l] = sm;
        self.dv[l] = d;
        self.dm[l] = dm;
    }

    /// The layout built, written where the caller puts it (no stride is a scaled basis
    /// element: every integer is plain).
    #[inline(never)]
    pub(super) const fn layout(&self) -> Layout {
        Layout {
            shape: IntTuple::from_parts(&self.tok, self.ntok, &self.sv, &self.sm, self.nleaf),
            stride: IntTuple::from_parts(&self.tok, self.ntok, &self.dv, &self.dm, self.nleaf),
            basis: false,
        }
    }
}

/// Whether every integer of these metadata is plain (static or dynamic, no `_`, no scaled
/// basis element).
#[inline(always)]
const fn plain(meta: &[u16]) -> bool {
    let mut bits = 0;
    let mut i = 0;
    while i < meta.len() {
        bits |= meta[i];
        i += 1;
    }
    bits & !S == 0
}

/// The modes of `A` coalesced for the walk (CuTe's `coalesce_x(A)`, as `Lhs::of` does it):
/// `src` itself where nothing changes, else written in `few` (made there: the common case,
/// where nothing changes, fills no scratch); `None` where the scan of a few plain modes
/// cannot answer, or where the last mode is a static `_1` (which `coalesce_x` extends to
/// `_2` and [`scan_few`] does not: elsewhere the two scans are the same steps, `extend`
/// acts on the last mode only).
#[inline(always)]
const fn lhs<'a>(src: Modes<'a>, few: &'a mut Option<Few>) -> Option<Modes<'a>> {
    let r = src.len();
    if r == 0 || r > FEW || src.s(r - 1).is_constant(1) {
        return None;
    }
    // nothing merges or is dropped (read without writing: the common case)
    if keeps(src) {
        return Some(src);
    }
    *few = Some(Few::new());
    let Some(few) = few else {
        return None;
    };
    match scan_few(src, false, few) {
        Scan::General => None,
        Scan::Same => Some(src),
        Scan::Done => Some(few.modes()),
    }
}

/// Whether [`scan_few`] (without zeros) keeps the modes `src` as they are: every
/// integer plain, every shape positive and none a static `_1`, no static `_0` stride, and
/// no two neighbours all static where the first continues into the second
/// (`s_i * d_i == d_(i+1)`, a product that does not overflow). `false` may be answered
/// where they stay too (a static `_0` stride, a shape of 0 or less, an overflow): the scan
/// answers there. One pass, read without writing (the twin of `keeps_few`, with fewer
/// branches: the metadata are checked once, at the end).
#[inline(always)]
const fn keeps(src: Modes<'_>) -> bool {
    let (sv, sm, dv, dm) = src.parts();
    let r = sv.len();
    if sm.len() != r || dv.len() != r || dm.len() != r {
        return false;
    }
    let mut bits = 0;
    // from the last mode back, as the scan goes (a merge is found first where the scan
    // finds it)
    let mut i = r;
    while i > 0 {
        i -= 1;
        let (s, m, d, n) = (sv[i], sm[i], dv[i], dm[i]);
        bits |= m | n;
        // a shape of 0 or less, a static `_1`, a static `_0` stride
        if s <= 0 || (s == 1 && m != 0) || (d == 0 && n != 0) {
            return false;
        }
        // a merge with the next mode: the four integers static, `s * d == d_next` (a
        // metadata with other bits answers `false` below)
        if i + 1 < r && m & n & sm[i + 1] & dm[i + 1] != 0 {
            match s.checked_mul(d) {
                Some(p) => {
                    if p == dv[i + 1] {
                        return false;
                    }
                }
                None => return false,
            }
        }
    }
    bits & !S == 0
}

/// `A ∘ B` for the layouts `a` and `b`, into `out` (empty): `Ok(true)` with the result in
/// `out`, `Ok(false)` where the operands are not of this path's form.
#[cfg(test)]
#[inline(always)]
pub(super) const fn compose(a: &Layout, b: &Layout, out: &mut Small) -> Result<bool, Error> {
    let mut few = None;
    let Some(m) = prepare(a, b, &mut few) else {
        return Ok(false);
    };
    compose_prepared(m, b, out)
}

/// The modes of `A` coalesced for [`compose`] (in `few` where they change), or `None`
/// where the operands are not of its form.
#[inline(always)]
pub(super) const fn prepare<'a>(
    a: &'a Layout,
    b: &Layout,
    few: &'a mut Option<Few>,
) -> Option<Modes<'a>> {
    let plain_b = if b.shape_ref().is_leaf() {
        // a single mode: its two integers
        (b.shape_ref().leaf_at(0).meta() | b.stride_ref().leaf_at(0).meta()) & !S == 0
    } else {
        plain_layout(b)
    };
    if !plain_b {
        return None;
    }
    lhs(Modes::of(a), few)
}

/// [`compose`] for `A` given as its modes `m` (from [`prepare`]).
#[inline(always)]
pub(super) const fn compose_prepared(
    m: Modes<'_>,
    b: &Layout,
    out: &mut Small,
) -> Result<bool, Error> {
    if m.len() == 1 {
        return Ok(scale_root(m.d(0), b, out));
    }
    let (bs, bd) = (b.shape_ref(), b.stride_ref());
    if bs.is_leaf() {
        // a single mode of `B`: nothing to carry into, no carry check
        let (s, d) = (bs.leaf(0), bd.leaf(0));
        if d.is_constant(0) {
            return Ok(out.mode(s, d));
        }
        return walk_one(out, m, s, d);
    }
    let mut next = Node::ROOT;
    compose_modes(m, bs, bd, Node::ROOT, out, &mut next)
}

/// `A ∘ n` for an integer `n` (CuTe's `composition(A, n)`: `A` coalesced, composed with
/// `n:_1`) into `out` (empty), as `composition_integer_with` answers it: `Ok(false)`
/// where `A` or `n` is not of [`compose`]'s form.
#[inline(always)]
pub(super) const fn compose_integer(a: &Layout, n: Int, out: &mut Small) -> Result<bool, Error> {
    if n.meta() & !S != 0 {
        return Ok(false);
    }
    let mut few = None;
    let Some(m) = lhs(Modes::of(a), &mut few) else {
        return Ok(false);
    };
    if m.len() == 1 {
        // `n:(_1 * d)`
        return Ok(match mul(Int::ONE, m.d(0)) {
            Some(d) => out.mode(n, d),
            None => false,
        });
    }
    walk_one(out, m, n, Int::ONE)
}

/// [`scale_node`] for the whole of `B` into `out` (empty, or with room checked here): `B`
/// with every stride but a `_0` multiplied by `d` (what `compose_leaf` answers), written
/// token by token with one check of the room; `false` where a product overflows or `out`
/// has no room (the general path answers).
#[inline(always)]
const fn scale_root(d: Int, b: &Layout, out: &mut Small) -> bool {
    let (bs, bd) = (b.shape_ref(), b.stride_ref());
    let (dv, dm) = (d.value(), d.meta());
    if bs.is_leaf() {
        // a single mode of `B`
        let (s, e) = (bs.leaf(0), bd.leaf(0));
        let Some((e, m)) = mul_raw(e.value(), e.meta(), dv, dm) else {
            return false;
        };
        return out.mode_raw(s.value(), s.meta(), e, m);
    }
    let (nt, nl) = (bs.token_count(), bs.leaf_count());
    let (t0, l0) = (out.ntok, out.nleaf);
    if t0 + nt > TOKENS || l0 + nl > LEAVES {
        return false;
    }
    let (sv, sm) = bs.leaf_parts(0, nl);
    let (ev, em) = bd.leaf_parts(0, nl);
    let mut k = Node::ROOT;
    while k.t < nt {
        if bs.is_leaf_node(k) {
            let l = k.l;
            if l >= nl || l >= ev.len() || l >= sv.len() {
                return false;
            }
            let Some((e, m)) = mul_raw(ev[l], em[l], dv, dm) else {
                return false;
            };
            out.put(t0 + k.t, l0 + l, sv[l], sm[l], e, m);
            k.l += 1;
        } else {
            out.tok[(t0 + k.t) % TOKENS] = if bs.is_close(k) {
                IntTuple::TOKEN_CLOSE
            } else {
                IntTuple::TOKEN_OPEN
            };
        }
        k.t += 1;
    }
    out.ntok = t0 + nt;
    out.nleaf = l0 + nl;
    true
}

/// `A ∘ t` for a tuple tiler `t` of at most `rank(A)` elements, each a layout or an integer
/// (read as `n:_1`), into `out` (empty): mode `i` of `A` composed with element `i`, as
/// [`compose`] composes them, the modes of `A` beyond the tiler's dropped (the twin of
/// `composition_tuple_into`). `Ok(false)` where `A` is a single integral mode, an element is
/// `_` or a tuple, or an operand is not of [`compose`]'s form.
#[inline(always)]
pub(super) const fn compose_tuple(a: &Layout, t: &Tiler, out: &mut Small) -> Result<bool, Error> {
    match compose_tuple_modes(a, t, out) {
        // an error only where the tiler has no more modes than `A` (the general path's
        // first error otherwise)
        Err(e) if t.rank() <= a.rank() => Err(e),
        Err(_) => Ok(false),
        Ok(done) => Ok(done),
    }
}

/// [`compose_tuple`], for a tiler of at most `rank(A)` elements (`Ok(false)` where `A` has
/// fewer modes; an error may be answered there, which the caller does not pass on).
#[inline(always)]
const fn compose_tuple_modes(a: &Layout, t: &Tiler, out: &mut Small) -> Result<bool, Error> {
    let (l, guide) = (t.inner_layout(), t.guide());
    let rt = t.rank();
    if a.shape_ref().is_leaf() || !plain_layout(a) || !plain_layout(l) {
        return Ok(false);
    }
    if !out.token(IntTuple::TOKEN_OPEN) {
        return Ok(false);
    }
    let (shape, stride) = (l.shape_ref(), l.stride_ref());
    let mut an = a.shape_ref().first_child(Node::ROOT);
    let mut en = shape.first_child(Node::ROOT);
    let mut gn = guide.first_child(Node::ROOT);
    let mut i = 0;
    let mut few = None;
    while i < rt {
        // a layout or an integer element
        if !guide.is_leaf_node(gn) || guide.int_at(gn).is_underscore() {
            return Ok(false);
        }
        let integer = is_integer(guide.int_at(gn));
        let mut next = en;
        if a.shape_ref().is_close(an) {
            // `A` has fewer modes than the tiler: the general path's error
            return Ok(false);
        }
        let fits = if a.shape_ref().is_leaf_node(an) {
            // a single mode `s:d`, composed in place (not coalesced: what
            // `composition_tuple_into` does with it)
            let d = a.stride_ref().int_at(an);
            an.t += 1;
            an.l += 1;
            if integer {
                // `n:_1`, composed as `n:d`
                next.t += 1;
                next.l += 1;
                out.mode(shape.int_at(en), d)
            } else {
                scale_node(d, shape, stride, en, out, &mut next)
            }
        } else {
            let end = a.shape_ref().node_end(an);
            let src = Modes::range(a.shape_ref(), a.stride_ref(), an.l, end.l);
            let Some(m) = lhs(src, &mut few) else {
                return Ok(false);
            };
            an = end;
            if integer {
                // `n:_1`, one mode of `B`: no carry to check
                next.t += 1;
                next.l += 1;
                let n = shape.int_at(en);
                if m.len() == 1 {
                    out.mode(n, m.d(0))
                } else {
                    tri!(walk_one(out, m, n, Int::ONE))
                }
            } else {
                tri!(compose_modes(m, shape, stride, en, out, &mut next))
            }
        };
        if !fits {
            return Ok(false);
        }
        en = next;
        gn = guide.node_end(gn);
        i += 1;
    }
    Ok(out.token(IntTuple::TOKEN_CLOSE))
}

/// [`compose_tuple`] where [`leaf_elements`] holds (the caller checks it), into `out`
/// (empty): `false` where an operand is not plain, `out` has no room or a product
/// overflows (the general path answers; no error is answered here).
#[inline(always)]
pub(super) const fn compose_leaf_tuple(a: &Layout, t: &Tiler, out: &mut Small) -> bool {
    plain_layout(a)
        && plain_layout(t.inner_layout())
        && out.token(IntTuple::TOKEN_OPEN)
        && compose_leaf_elements(a, t, out)
}

/// Whether the tiler of guide `guide` is a flat tuple of layouts and integers (no `_`,
/// no nested tuple) whose every element meets a single integral mode of `A`: the first
/// `rank(guide)` modes of `A` are leaves (tokens 1 to `rank` of its shape; `A` a tuple).
#[inline(always)]
pub(super) const fn leaf_elements(a: &Layout, guide: &IntTuple) -> bool {
    let (at, rt) = (a.shape_ref(), guide.leaf_count());
    // the tokens first (a nested first mode of `A` fails at once)
    let mut k = 0;
    while k < rt {
        let n = Node { t: k + 1, l: k };
        if !at.is_leaf_node(n) || !guide.is_leaf_node(n) || guide.leaf_at(k).is_underscore() {
            return false;
        }
        k += 1;
    }
    guide.token_count() == rt + 2 && at.token_count() >= rt + 2 && !at.is_leaf()
}

/// [`compose_tuple_modes`] where [`leaf_elements`] holds, after its `(`: element `i`
/// composed with the single mode `s_i:d_i` of `A` (leaf `i`), as the general loop
/// composes it there (an integer `n` as `n:d_i`, a layout scaled by [`scale_node`]),
/// without walking `A`'s or the guide's nodes; `false` where `out` has no room or a
/// product overflows (the general path answers).
#[inline(always)]
const fn compose_leaf_elements(a: &Layout, t: &Tiler, out: &mut Small) -> bool {
    let (l, guide) = (t.inner_layout(), t.guide());
    let (shape, stride) = (l.shape_ref(), l.stride_ref());
    let rt = guide.leaf_count();
    let mut en = shape.first_child(Node::ROOT);
    let mut i = 0;
    while i < rt {
        let d = a.stride_ref().leaf_at(i);
        let mut next = en;
        let fits = if is_integer(guide.leaf_at(i)) {
            // `n:_1`, composed as `n:d`
            next.t += 1;
            next.l += 1;
            out.mode(shape.int_at(en), d)
        } else {
            scale_node(d, shape, stride, en, out, &mut next)
        };
        if !fits {
            return false;
        }
        en = next;
        i += 1;
    }
    out.token(IntTuple::TOKEN_CLOSE)
}

/// Whether every integer of `l` is plain: the first 8 metadata slots of the shape and
/// of the stride or'ed together slot by slot and tested once (a block of a fixed length,
/// unrolled; the unused slots are zero), then, past 8 leaves, the rest of each.
#[inline(always)]
const fn plain_layout(l: &Layout) -> bool {
    let (s, d) = (l.shape_ref(), l.stride_ref());
    let (sm, dm) = (s.leaf_parts(0, CAPACITY).1, d.leaf_parts(0, CAPACITY).1);
    let (sh, st) = sm.split_at(8);
    let (dh, dt) = dm.split_at(8);
    let mut bits = 0;
    let mut i = 0;
    while i < 8 {
        bits |= sh[i] | dh[i];
        i += 1;
    }
    bits & !S == 0 && (s.leaf_count() <= 8 || (plain(st) && plain(dt)))
}

/// `A ∘ (the sub-layout of B at node bn)`, for `A` given as its coalesced modes `m`,
/// written as the next mode of `out`, then the carry check (`walk`'s twin); `next` is set
/// to the node past `bn`.
const fn compose_modes(
    m: Modes<'_>,
    bs: &IntTuple,
    bd: &IntTuple,
    bn: Node,
    out: &mut Small,
    next: &mut Node,
) -> Result<bool, Error> {
    if m.len() == 1 {
        return Ok(scale_node(m.d(0), bs, bd, bn, out, next));
    }
    if bs.is_leaf_node(bn) {
        // a single mode of `B`: nothing to carry into, no carry check
        let (s, d) = (bs.int_at(bn), bd.int_at(bn));
        *next = Node {
            t: bn.t + 1,
            l: bn.l + 1,
        };
        if d.is_constant(0) {
            return Ok(out.mode(s, d));
        }
        return walk_one(out, m, s, d);
    }
    let mut carry = SmallCarry::empty();
    // the tokens of the subtree, up to its closing `)` (or the leaf itself)
    let mut k = bn;
    let mut depth = 0usize;
    loop {
        let fits = if bs.is_leaf_node(k) {
            let (s, d) = (bs.int_at(k), bd.int_at(k));
            k.l += 1;
            if d.is_constant(0) {
                out.mode(s, d)
            } else {
                tri!(walk_tracked(out, m, s, d, &mut carry))
            }
        } else if bs.is_close(k) {
            depth -= 1;
            out.token(IntTuple::TOKEN_CLOSE)
        } else {
            depth += 1;
            out.token(IntTuple::TOKEN_OPEN)
        };
        if !fits {
            return Ok(false);
        }
        k.t += 1;
        if depth == 0 {
            break;
        }
    }
    *next = k;
    // every walk counted in `carry` went through every mode of `m` but the last and
    // checked its extent positive (`walk_raw`: a walk that does not answers `Ok(false)`
    // or an error, returned above)
    if !carry.passes_walked() {
        tri!(carry.check_modes(m));
    }
    Ok(true)
}

/// `s:d ∘ (the sub-layout of B at node bn)` for a single mode `s:d` of `A` (as
/// `LayoutBuilder::push_sub_composed` writes it): the subtree with every stride but a `_0`
/// multiplied by `d`; `false` where a product overflows (the general path reports it).
/// `next` is set to the node past `bn`.
#[inline(always)]
const fn scale_node(
    d: Int,
    bs: &IntTuple,
    bd: &IntTuple,
    bn: Node,
    out: &mut Small,
    next: &mut Node,
) -> bool {
    let mut k = bn;
    let mut depth = 0usize;
    loop {
        let fits = if bs.is_leaf_node(k) {
            let e = bd.int_at(k);
            let e = match mul(e, d) {
                Some(x) => x,
                None => return false,
            };
            let s = bs.int_at(k);
            k.l += 1;
            out.mode(s, e)
        } else if bs.is_close(k) {
            depth -= 1;
            out.token(IntTuple::TOKEN_CLOSE)
        } else {
            depth += 1;
            out.token(IntTuple::TOKEN_OPEN)
        };
        if !fits {
            return false;
        }
        k.t += 1;
        if depth == 0 {
            break;
        }
    }
    *next = k;
    true
}

/// `a * b` by [`Int::try_mul`]'s rules, for plain integers; `None` on overflow.
#[inline(always)]
const fn mul(a: Int, b: Int) -> Option<Int> {
    if a.is_constant(0) || b.is_constant(0) {
        return Some(Int::ZERO);
    }
    match a.value().checked_mul(b.value()) {
        Some(v) => Some(Int::new(v, a.is_static() && b.is_static())),
        None => None,
    }
}

/// `composition_int_flat::<true, false>`'s twin: the walk of `s:d` over the modes `m` of
/// `A` (two or more), the new modes written as the next mode of `out` (a tuple of them,
/// or the single one), each recorded in `carry`. See [`walk_raw`].
#[inline(never)]
const fn walk_tracked(
    out: &mut Small,
    m: Modes<'_>,
    s: Int,
    d: Int,
    carry: &mut SmallCarry,
) -> Result<bool, Error> {
    walk_raw::<true>(out, m, s.value(), s.meta(), d.value(), d.meta(), carry)
}

/// [`walk_tracked`] for a `B` of this one mode `s:d` (which cannot carry into another):
/// nothing recorded for the carry check.
#[inline(never)]
const fn walk_one(out: &mut Small, m: Modes<'_>, s: Int, d: Int) -> Result<bool, Error> {
    let mut unused = SmallCarry::empty();
    walk_raw::<false>(
        out,
        m,
        s.value(),
        s.meta(),
        d.value(),
        d.meta(),
        &mut unused,
    )
}

/// `composition_int_flat::<TRACK, false>`'s twin on the raw parts of `s` and `d` (plain
/// integers: every metadata `S` or 0, as every metadata of `m`). Only the steps of the
/// walk's one-division paths are taken here (`s` and `d` positive; at each mode of `A`
/// the extent and the rest of the stride divide one another, their sum does not
/// overflow, the rest of the shape divides by the new mode; no product or reach
/// overflows): there the walk's steps answer what these answer (see `stride_step` and
/// `shape_step`). A step refused by its full form answers that step's error (see
/// [`stride_error`]); anything else answers `Ok(false)`, and the general walk answers.
/// Without `TRACK` nothing is recorded in `carry`. The walk's integers are kept as a
/// value and a static mask (`S` where static), so that every static bit of a step is an
/// `&` of two masks.
#[inline(always)]
const fn walk_raw<const TRACK: bool>(
    out: &mut Small,
    m: Modes<'_>,
    s: i64,
    sm: u16,
    d: i64,
    dm: u16,
    carry: &mut SmallCarry,
) -> Result<bool, Error> {
    // the shapes and the strides of `A`, as values and static masks
    let (av, am, ad, adm) = m.parts();
    let r = av.len();
    if r > FEW || am.len() != r || ad.len() != r || adm.len() != r || s <= 0 || d <= 0 {
        return Ok(false);
    }
    // room for the tuple's `(`, at most `r` modes and its `)`: the modes are written at
    // `t0 + 1 + n` and `l0 + n`, and the counts set at the end
    let (t0, l0) = (out.ntok, out.nleaf);
    if t0 + r + 2 > TOKENS || l0 + r > LEAVES {
        return Ok(false);
    }
    if TRACK {
        carry.count(Int::from_raw(d, dm));
    }
    let mut n = 0;
    // the rest of the shape and of the stride, as values and static masks: they stay
    // positive (quotients of positive values)
    let (mut rs, mut rsm) = (s, sm);
    let (mut rd, mut rdm) = (d, dm);
    let mut i = 0;
    // the steps while the rest of the stride is not 1
    while i + 1 < r && rd != 1 {
        let (cv, cm) = (av[i], am[i]);
        if cv <= 0 || rd.checked_add(cv).is_none() {
            return stride_error(rd, rdm, cv, cm, rs, rsm, i);
        }
        // the static mask of the stride step's results
        let st = rdm & cm;
        let (ns, nd) = if rd < cv {
            let (q, rem) = div_rem_pos(cv as u64, rd as u64);
            let mut q = q as i64;
            if rem != 0 {
                // where neither divides the other, the rest of B must stay inside the
                // mode (`stride_step_full`'s strong condition): its extent is
                // ceil_div(cs, d)
                q += 1;
                if rs > q {
                    return stride_error(rd, rdm, cv, cm, rs, rsm, i);
                }
            }
            // `q >= 2`: the next shape is never `_1`
            (q, 1)
        } else {
            let (q, rem) = div_rem_pos(rd as u64, cv as u64);
            if rem != 0 {
                return stride_error(rd, rdm, cv, cm, rs, rsm, i);
            }
            if st != 0 {
                // the next shape is the static `_1`: only the stride moves on
                rd = q as i64;
                rdm = st;
                i += 1;
                continue;
            }
            // the next shape is a dynamic 1: unless the rest of the shape is the static
            // `_1`, the new mode is `min(1, rest) = 1`, dynamic (`st & rsm` with `st` 0),
            // whose reach is 0, and the rest of the shape stays `rest / 1 = rest`, dynamic
            if rs != 1 || rsm == 0 {
                if TRACK {
                    carry.add_pos(i, 1, rd, cv);
                }
                let Some((e, em)) = mul_raw(rd, rdm, ad[i], adm[i]) else {
                    return Ok(false);
                };
                out.put(t0 + 1 + n, l0 + n, 1, 0, e, em);
                n += 1;
                rsm = 0;
            }
            rd = q as i64;
            rdm = 0;
            i += 1;
            continue;
        };
        // unless the rest of the shape is the static `_1` (then only the stride moves
        // on), the new mode min(next shape, rest of the shape)
        if rs != 1 || rsm == 0 {
            let (new, newm) = (if rs < ns { rs } else { ns }, st & rsm);
            let q = if rs <= ns {
                1
            } else {
                let (q, rem) = div_rem_pos(rs as u64, new as u64);
                if rem != 0 {
                    return shape_error(rs, rsm, new, newm, i);
                }
                q as i64
            };
            if TRACK {
                carry.add_pos(i, new, rd, cv);
            }
            let Some((e, em)) = mul_raw(rd, rdm, ad[i], adm[i]) else {
                return Ok(false);
            };
            out.put(t0 + 1 + n, l0 + n, new, newm, e, em);
            n += 1;
            rs = q;
            rsm &= newm;
        }
        rd = nd;
        rdm = st;
        i += 1;
    }
    // the steps at a rest of the stride of 1, which stays 1: the stride step's quotient
    // is the mode's extent (`(cs, 1)`, or `(1, 1)` for an extent of 1), with no division,
    // and the new modes' strides are the modes' own (`1 * d` never overflows)
    while i + 1 < r {
        let (cv, cm) = (av[i], am[i]);
        if cv <= 0 || cv == i64::MAX {
            return stride_error(rd, rdm, cv, cm, rs, rsm, i);
        }
        let st = rdm & cm;
        if cv == 1 && st != 0 {
            // the next shape is the static `_1`
            rdm = st;
            i += 1;
            continue;
        }
        if rs != 1 || rsm == 0 {
            let (new, newm) = (if rs < cv { rs } else { cv }, st & rsm);
            let q = if rs <= cv {
                1
            } else {
                let (q, rem) = div_rem_pos(rs as u64, new as u64);
                if rem != 0 {
                    return shape_error(rs, rsm, new, newm, i);
                }
                q as i64
            };
            if TRACK {
                carry.add_pos(i, new, 1, cv);
            }
            // `mul_raw(1, rdm, d, dm)`
            let (d, dm) = (ad[i], adm[i]);
            let em = if d == 0 && dm != 0 { dm } else { rdm & dm };
            out.put(t0 + 1 + n, l0 + n, new, newm, d, em);
            n += 1;
            rs = q;
            rsm &= newm;
        }
        rdm = st;
        i += 1;
    }
    let keep_rest = n == 0 || rs != 1 || rsm == 0;
    if keep_rest {
        let Some((e, em)) = mul_raw(rd, rdm, ad[r - 1], adm[r - 1]) else {
            return Ok(false);
        };
        out.put(t0 + 1 + n, l0 + n, rs, rsm, e, em);
        n += 1;
    }
    if n == 1 {
        // one mode: the leaf in place of the `(`
        out.tok[t0] = IntTuple::TOKEN_LEAF;
        out.tok[(t0 + 1) % TOKENS] = 0;
        out.ntok = t0 + 1;
    } else {
        out.tok[t0] = IntTuple::TOKEN_OPEN;
        out.tok[(t0 + 1 + n) % TOKENS] = IntTuple::TOKEN_CLOSE;
        out.ntok = t0 + 2 + n;
    }
    out.nleaf = l0 + n;
    Ok(true)
}

/// Where the walk on the stack leaves a stride step (at the rest of the stride `d`, the
/// mode's extent `cs`, the rest of the shape `rest`, as values and static masks): the
/// step's error, which the general walk answers there too (it reaches the step in the
/// same state: the same modes walked before, none refused), or `Ok(false)` where the step
/// has an answer (the general walk takes it from there).
#[cold]
#[inline(never)]
const fn stride_error(
    d: i64,
    dm: u16,
    cs: i64,
    csm: u16,
    rest: i64,
    restm: u16,
    mode: usize,
) -> Result<bool, Error> {
    let (d, cs, rest) = (
        Int::from_raw(d, dm),
        Int::from_raw(cs, csm),
        Int::from_raw(rest, restm),
    );
    match stride_step(d, cs, rest, mode) {
        Err(e) => Err(e),
        Ok(_) => Ok(false),
    }
}

/// Where the walk on the stack leaves a shape step (the rest of the shape `rest` by the
/// new mode `new`, as values and static masks): the step's error, or `Ok(false)` where
/// the step has an answer (see [`stride_error`]).
#[cold]
#[inline(never)]
const fn shape_error(
    rest: i64,
    restm: u16,
    new: i64,
    newm: u16,
    mode: usize,
) -> Result<bool, Error> {
    match shape_step(Int::from_raw(rest, restm), Int::from_raw(new, newm), mode) {
        Err(e) => Err(e),
        Ok(_) => Ok(false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::composition::composition_general;
    use std::format;
    use std::string::String;
    use std::vec::Vec;

    /// Random layouts for the comparison: ranks 1 to 4, depths 1 to 3, static, dynamic
    /// and mixed values, powers of two and not, `_1`s, zero and negative strides; strides
    /// drawn either freely or as products of the shapes before them (a compact layout,
    /// where the walk's divisibility conditions hold more often).
    struct Draw(u64);

    impl Draw {
        fn next(&mut self, n: u64) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 33) % n
        }

        fn flag(&mut self) -> &'static str {
            if self.next(2) == 0 { "_" } else { "" }
        }

        fn tree(&mut self, depth: u32, compact: bool, acc: &mut i64) -> (String, String) {
            if depth == 0 || self.next(3) == 0 {
                let s = [1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 1][self.next(11) as usize];
                let d = if compact && self.next(6) != 0 {
                    *acc
                } else {
                    [0, 1, 2, 3, 4, 6, 8, 12, 16, 32, 64, -1, -2, 5, 24][self.next(15) as usize]
                };
                *acc = acc.saturating_mul(s);
                let (fs, fd) = (self.flag(), self.flag());
                return (format!("{fs}{s}"), format!("{fd}{d}"));
            }
            let r = 1 + self.next(4);
            let (mut s, mut d) = (Vec::new(), Vec::new());
            for _ in 0..r {
                let (a, b) = self.tree(depth - 1, compact, acc);
                s.push(a);
                d.push(b);
            }
            (format!("({})", s.join(",")), format!("({})", d.join(",")))
        }

        /// A layout of at most 32 leaves (drawn again until it fits).
        fn layout(&mut self, depth: u32) -> Layout {
            loop {
                let compact = self.next(3) != 0;
                let mut acc = 1 + self.next(3) as i64;
                let (s, d) = self.tree(depth, compact, &mut acc);
                if let Ok(l) = Layout::try_parse(&format!("{s}:{d}")) {
                    return l;
                }
            }
        }
    }

    /// A tuple tiler of one to `rank` elements: layouts, integers, now and then a `_` or a
    /// nested tuple (which the stack leaves to the general path).
    fn tiler(g: &mut Draw, rank: usize) -> Tiler {
        let n = 1 + g.next(rank as u64) as usize;
        let mut elems = Vec::new();
        for _ in 0..n {
            let e = match g.next(12) {
                0 => "_".into(),
                1 => "(_2,3)".into(),
                2..=4 => format!(
                    "{}{}",
                    g.flag(),
                    [1, 2, 3, 4, 5, 6, 8, 12][g.next(8) as usize]
                ),
                _ => {
                    let d = g.next(3) as u32;
                    format!("{}", g.layout(d))
                }
            };
            elems.push(e);
        }
        Tiler::try_parse(&format!("({})", elems.join(","))).unwrap()
    }

    /// The composition by a tuple tiler on the stack answers exactly what the general
    /// path (`composition_tuple_into`) answers, wherever it answers (tilers whose elements
    /// all meet single modes of `A`, `compose_leaf_tuple`, included).
    #[test]
    fn small_tuple_composition_is_the_general_path() {
        let mut g = Draw(43);
        let (mut compared, mut fast, mut errors, mut general) = (0, 0, 0, 0);
        let (mut longer, mut leaves) = (0, 0);
        for _ in 0..30000 {
            let da = g.next(3) as u32;
            let a = g.layout(da);
            // now and then more elements than `A` has modes (the general path's error)
            let extra = usize::from(g.next(8) == 0);
            let t = tiler(&mut g, a.rank() + extra);
            let mut b = crate::algebra::builder::LayoutBuilder::new();
            let want = if t.rank() > a.rank() {
                longer += 1;
                Err(Error::RankMismatch {
                    msg: "composition: the tiler has more modes than the layout",
                    expected: a.rank(),
                    found: t.rank(),
                })
            } else {
                a.composition_tuple_into(&t, &mut b)
                    .and_then(|()| b.finish())
            };
            // what `try_composition_tiler` answers is the general path's answer
            assert_eq!(a.try_composition_tiler(&t), want, "composition({a}, {t})");
            let mut out = Small::new();
            match compose_tuple(&a, &t, &mut out) {
                Ok(true) => {
                    assert_eq!(Ok(out.layout()), want, "composition({a}, {t})");
                    fast += 1;
                }
                Ok(false) => general += 1,
                Err(e) => {
                    assert_eq!(Err(e), want, "composition({a}, {t})");
                    errors += 1;
                }
            }
            // the tilers of single modes, on their own path
            if leaf_elements(&a, t.guide()) {
                let mut out = Small::new();
                if compose_leaf_tuple(&a, &t, &mut out) {
                    assert_eq!(Ok(out.layout()), want, "composition({a}, {t})");
                    leaves += 1;
                }
            }
            compared += 1;
        }
        std::println!(
            "{compared} compared: {fast} on the stack, {leaves} of single modes, {errors} \
             errors there, {general} general"
        );
        assert_eq!(compared, 30000);
        assert!(leaves > 2000, "{leaves} tilers of single modes");
        assert!(longer > 1000, "{longer} tilers longer than the layout");
        assert!(fast > 6000, "{fast} answered on the stack");
        // the errors answered on the stack (the others are left to the general path)
        assert!(errors > 500, "{errors} errors on the stack");
        assert!(general > 3000, "{general} left to the general path");
    }

    /// [`keeps`] answers `true` only where the scan keeps the modes as they are, and the
    /// composition of a whole layout (`try_composition`: single-mode `B`s walked without the
    /// carry check, single-mode `A`s scaled in place, rests of the stride of 1 walked
    /// without a division) answers exactly what the general walk answers, errors included.
    #[test]
    fn walk_paths_are_the_general_walk() {
        let mut g = Draw(47);
        let (mut kept, mut scanned) = (0, 0);
        let (mut compared, mut one_mode, mut errors, mut one_mode_errors) = (0, 0, 0, 0);
        let (mut single_a, mut fast, mut lawful) = (0, 0, 0);
        for _ in 0..40000 {
            let (da, db) = (1 + g.next(3) as u32, g.next(3) as u32);
            let a = g.layout(da);
            // a single mode of `B` half the time, now and then with a stride of 1
            let b = if g.next(2) == 0 {
                let mut b = g.layout(0);
                if g.next(3) == 0 {
                    b = Layout::try_parse(&format!("{}:{}1", b.shape_ref(), g.flag())).unwrap();
                }
                b
            } else {
                g.layout(db)
            };
            let src = Modes::of(&a);
            if src.len() <= FEW && keeps(src) {
                let mut few = Few::new();
                assert!(scan_few(src, false, &mut few) == Scan::Same, "keeps {a}");
                kept += 1;
            } else {
                scanned += 1;
            }
            let want = composition_general(&a, &b);
            let got = a.try_composition(&b);
            if let (Ok(r), Err(_)) = (got, &want) {
                // refused by rcute's conditions, CuTe's answer taken: it is CuTe's, and
                // it is the composed function
                assert_eq!(Ok(r), a.try_composition_as_cute(&b), "{a} o {b}");
                let n = b.try_size().unwrap().value() as usize;
                for i in 0..n {
                    let at = a.offset(b.offset(i) as usize);
                    assert_eq!(r.offset(i), at, "{a} o {b} at {i}");
                }
                lawful += 1;
            } else {
                assert_eq!(got, want, "{a} o {b}");
            }
            let mut few = None;
            if let Some(m) = prepare(&a, &b, &mut few) {
                let mut out = Small::new();
                match compose_prepared(m, &b, &mut out) {
                    Ok(true) => {
                        assert_eq!(Ok(out.layout()), want, "{a} o {b}");
                        fast += 1;
                        single_a += usize::from(m.len() == 1);
                        one_mode += usize::from(m.len() > 1 && b.shape_ref().is_leaf());
                    }
                    Ok(false) => {}
                    Err(e) => {
                        // the error rcute's conditions answer (where CuTe's answer is
                        // lawful, `try_composition` takes it after)
                        assert_eq!(Err(e), want, "{a} o {b}");
                        errors += 1;
                        one_mode_errors += usize::from(b.shape_ref().is_leaf());
                    }
                }
            }
            compared += 1;
        }
        std::println!(
            "{kept} kept, {scanned} scanned; {fast} on the stack ({single_a} single-mode A, \
             {one_mode} single-mode B), {errors} errors there ({one_mode_errors} single-mode B); \
             {lawful} refused by rcute's conditions and answered as CuTe (lawful)"
        );
        assert_eq!(compared, 40000);
        assert!(kept > 5000 && scanned > 5000, "{kept} {scanned}");
        assert!(
            fast > 8000 && single_a > 1000 && one_mode > 2000,
            "{fast} {single_a} {one_mode}"
        );
        assert!(
            errors >= 100 && one_mode_errors >= 50 && lawful >= 4,
            "{errors} {one_mode_errors} {lawful}"
        );
    }

    /// The composition by an integer tiler on the stack answers exactly what the general
    /// path (`composition_integer_with`) answers, errors included.
    #[test]
    fn integer_composition_is_the_general_path() {
        use crate::algebra::composition::composition_integer_with;
        let mut g = Draw(53);
        let (mut compared, mut fast, mut errors, mut general) = (0, 0, 0, 0);
        for _ in 0..30000 {
            let da = g.next(4) as u32;
            let a = g.layout(da);
            let v = [1, 2, 3, 4, 5, 6, 8, 12, 16, 24, 32, 64, 10, 7][g.next(14) as usize];
            let n = Int::new(v, g.next(2) == 0);
            let want = composition_integer_with(&a, n, false);
            let t = Tiler::try_parse(&format!("{n}")).unwrap();
            assert!(matches!(
                t.kind(),
                crate::algebra::tiler::TilerKind::Integer(_)
            ));
            assert_eq!(a.try_composition_tiler(&t), want, "composition({a}, {n})");
            let mut out = Small::new();
            match compose_integer(&a, n, &mut out) {
                Ok(true) => {
                    assert_eq!(Ok(out.layout()), want, "composition({a}, {n})");
                    fast += 1;
                }
                Ok(false) => general += 1,
                Err(e) => {
                    assert_eq!(Err(e), want, "composition({a}, {n})");
                    errors += 1;
                }
            }
            compared += 1;
        }
        std::println!(
            "{compared} compared: {fast} on the stack, {errors} errors there, {general} general"
        );
        assert_eq!(compared, 30000);
        assert!(
            fast > 10000 && errors > 1000 && general > 2000,
            "{fast} {errors} {general}"
        );
    }

    /// The composition on the stack answers exactly what the general walk answers (the
    /// same layout, static bits and hierarchy, or the same error), wherever it answers.
    #[test]
    fn small_composition_is_the_general_walk() {
        let mut g = Draw(41);
        let (mut compared, mut fast, mut errors, mut general) = (0, 0, 0, 0);
        let mut general_errors = 0;
        for _ in 0..40000 {
            let (da, db) = (1 + g.next(3) as u32, g.next(3) as u32);
            let a = g.layout(da);
            let b = g.layout(db);
            let want = composition_general(&a, &b);
            let mut out = Small::new();
            match compose(&a, &b, &mut out) {
                Ok(true) => {
                    assert_eq!(Ok(out.layout()), want, "{a} o {b}");
                    fast += 1;
                }
                Ok(false) => {
                    general += 1;
                    general_errors += usize::from(want.is_err());
                }
                Err(e) => {
                    assert_eq!(Err(e), want, "{a} o {b}");
                    errors += 1;
                }
            }
            compared += 1;
        }
        std::println!(
            "{fast} on the stack, {errors} errors there, {general} general ({general_errors} errors)"
        );
        assert_eq!(compared, 40000);
        assert!(fast > 8000, "{fast} answered on the stack");
        // the errors the stack answers itself: the carry check's, and overflows
        assert!(errors >= 10, "{errors} errors on the stack");
        // every other error is left to the general walk
        assert!(
            general > 3000 && general_errors > 1000,
            "{general} {general_errors}"
        );
    }
}
