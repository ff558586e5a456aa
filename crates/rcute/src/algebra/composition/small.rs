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

use crate::algebra::carry::Carry;
use crate::algebra::modes::{FEW, Few, Modes, S, Scan, scan_few};
use crate::error::{Error, tri};
use crate::int::{Int, div_rem_pos};
use crate::layout::Layout;
use crate::tuple::{IntTuple, Node};

/// The most leaves of a result built on the stack.
pub(super) const LEAVES: usize = 16;
/// The most tokens of a result built on the stack.
pub(super) const TOKENS: usize = 32;

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
/// `src` itself where nothing changes, else written in `few`; `None` where the scan of a
/// few plain modes cannot answer, or where the last mode is a static `_1` (which
/// `coalesce_x` extends to `_2` and [`scan_few`] does not: elsewhere the two scans are the
/// same steps, `extend` acts on the last mode only).
#[inline(always)]
const fn lhs<'a>(src: Modes<'a>, few: &'a mut Few) -> Option<Modes<'a>> {
    let r = src.len();
    if r == 0 || r > FEW || src.s(r - 1).is_constant(1) {
        return None;
    }
    match scan_few(src, false, few) {
        Scan::General => None,
        Scan::Same => Some(src),
        Scan::Done => Some(few.modes()),
    }
}

/// `A ∘ B` for the layouts `a` and `b`, into `out` (empty): `Ok(true)` with the result in
/// `out`, `Ok(false)` where the operands are not of this path's form.
#[inline(always)]
pub(super) const fn compose(a: &Layout, b: &Layout, out: &mut Small) -> Result<bool, Error> {
    if !plain_layout(b) {
        return Ok(false);
    }
    let mut few = Few::new();
    let Some(m) = lhs(Modes::of(a), &mut few) else {
        return Ok(false);
    };
    compose_modes(m, b.shape_ref(), b.stride_ref(), Node::ROOT, out)
}

/// Whether every integer of `l` is plain.
#[inline(always)]
const fn plain_layout(l: &Layout) -> bool {
    let n = l.shape_ref().leaf_count();
    plain(l.shape_ref().leaf_parts(0, n).1) && plain(l.stride_ref().leaf_parts(0, n).1)
}

/// `A ∘ (the sub-layout of B at node bn)`, for `A` given as its coalesced modes `m`,
/// written as the next mode of `out`, then the carry check (`walk`'s twin).
const fn compose_modes(
    m: Modes<'_>,
    bs: &IntTuple,
    bd: &IntTuple,
    bn: Node,
    out: &mut Small,
) -> Result<bool, Error> {
    let mut carry = SmallCarry::empty();
    if bs.is_leaf_node(bn) {
        return compose_int(out, m, bs.int_at(bn), bd.int_at(bn), &mut carry);
    }
    let end = bs.node_end(bn);
    let mut k = bn;
    while k.t < end.t {
        let fits = if bs.is_leaf_node(k) {
            let f = tri!(compose_int(out, m, bs.int_at(k), bd.int_at(k), &mut carry));
            k.l += 1;
            f
        } else if bs.is_close(k) {
            out.token(IntTuple::TOKEN_CLOSE)
        } else {
            out.token(IntTuple::TOKEN_OPEN)
        };
        if !fits {
            return Ok(false);
        }
        k.t += 1;
    }
    tri!(carry.check_modes(m));
    Ok(true)
}

/// `composition_int`'s twin for a flat `A` of plain modes `m` and a plain mode `s:d` of
/// `B`: the mode itself where `d` is `_0`, its stride scaled where `A` is one mode, else
/// the walk over the modes of `A`.
#[inline(always)]
const fn compose_int(
    out: &mut Small,
    m: Modes<'_>,
    s: Int,
    d: Int,
    carry: &mut SmallCarry,
) -> Result<bool, Error> {
    if d.is_constant(0) {
        return Ok(out.mode(s, d));
    }
    if m.len() == 1 {
        return Ok(out.mode(s, tri!(d.try_mul(m.d(0)))));
    }
    Ok(walk_int(out, m, s, d, carry))
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
/// or the single one). Only the steps of the walk's one-division paths are taken here
/// (`s` and `d` positive; at each mode of `A` the extent and the rest of the stride
/// divide one another, their sum does not overflow, the rest of the shape divides by the
/// new mode; no product or reach overflows): there the walk's steps answer what these
/// answer (see `stride_step` and `shape_step`). Anything else, an error included,
/// answers `false`, and the general walk answers.
const fn walk_int(out: &mut Small, m: Modes<'_>, s: Int, d: Int, carry: &mut SmallCarry) -> bool {
    let r = m.len();
    if s.value() <= 0 || d.value() <= 0 {
        return false;
    }
    // a token for the tuple's `(`, made the leaf itself if only one mode comes
    let mark = out.ntok;
    if !out.token(IntTuple::TOKEN_OPEN) {
        return false;
    }
    carry.count(d);
    let mut n = 0;
    let mut rest_shape = s;
    let mut rest_stride = d;
    let mut i = 0;
    // rest_shape and rest_stride stay positive: quotients of positive values
    while i + 1 < r {
        let cs = m.s(i);
        let (dv, cv) = (rest_stride.value(), cs.value());
        if cv <= 0 || dv.checked_add(cv).is_none() {
            return false;
        }
        let st = rest_stride.is_static() && cs.is_static();
        let (next_shape, next_stride) = if dv < cv {
            let (q, rem) = div_rem_pos(cv as u64, dv as u64);
            if rem != 0 {
                return false;
            }
            (Int::new(q as i64, st), Int::new(1, st))
        } else {
            let (q, rem) = div_rem_pos(dv as u64, cv as u64);
            if rem != 0 {
                return false;
            }
            (Int::new(1, st), Int::new(q as i64, st))
        };
        if next_shape.is_constant(1) || rest_shape.is_constant(1) {
            rest_stride = next_stride;
        } else {
            let new_shape = next_shape.min(rest_shape);
            let (q, rem) = div_rem_pos(rest_shape.value() as u64, new_shape.value() as u64);
            if rem != 0 {
                return false;
            }
            let next_rest = Int::new(q as i64, rest_shape.is_static() && new_shape.is_static());
            carry.add(i, new_shape, rest_stride);
            let Some(st) = mul(rest_stride, m.d(i)) else {
                return false;
            };
            if !out.mode(new_shape, st) {
                return false;
            }
            n += 1;
            rest_shape = next_rest;
            rest_stride = next_stride;
        }
        i += 1;
    }
    let keep_rest = n == 0 || !rest_shape.is_constant(1);
    if keep_rest {
        let Some(st) = mul(rest_stride, m.d(r - 1)) else {
            return false;
        };
        if !out.mode(rest_shape, st) {
            return false;
        }
    }
    if n + keep_rest as usize == 1 {
        // one mode: the leaf in place of the `(`
        out.tok[mark] = IntTuple::TOKEN_LEAF;
        out.tok[mark + 1] = 0;
        out.ntok -= 1;
        return true;
    }
    out.token(IntTuple::TOKEN_CLOSE)
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
        std::println!("{fast} on the stack, {errors} errors there, {general} general ({general_errors} errors)");
        assert_eq!(compared, 40000);
        assert!(fast > 8000, "{fast} answered on the stack");
        // the errors the stack answers itself: the carry check's, and overflows
        assert!(errors >= 10, "{errors} errors on the stack");
        // every other error is left to the general walk
        assert!(general > 3000 && general_errors > 1000, "{general} {general_errors}");
    }
}
