//! The direct path of the divides for their most common operands: every element of the
//! tiler (or the tiler itself) a single integral mode `t:u`, meeting a single integral
//! mode `s:d` of the layout. The tile is `t:u*d` and the rest `complement(t:u, s)` scaled
//! by `d`, at most two modes; both are computed on plain integers and written into a few
//! small arrays ([`Small`]), and the result layout is built once, where it is returned.
//!
//! Anything else (nested modes or elements, `_`, scaled-basis strides, a value the
//! complement's fast path leaves to its general path, an overflow, a result too large for
//! [`Small`]) answers `false`, and the general path answers, errors included. A test
//! compares both on random operands.

use crate::int::{Int, div_rem_pos};
use crate::layout::Layout;
use crate::tuple::{CAPACITY, IntTuple, NODE_CAPACITY, Node};

use crate::algebra::modes::mul_raw;
use crate::algebra::tiler::Tiler;

/// The metadata of a static plain integer (a dynamic one has 0).
const S: u16 = Int::ONE.meta();

/// The most tokens of a [`Small`] layout.
const TOK: usize = 40;
/// The most leaves of a [`Small`] layout.
const LEAF: usize = 16;

// the tokens of `IntTuple::from_parts`, which takes these arrays whole
const OPEN: u8 = IntTuple::TOKEN_OPEN;
const CLOSE: u8 = IntTuple::TOKEN_CLOSE;
const LEAF_TOKEN: u8 = IntTuple::TOKEN_LEAF;
const _: () = assert!(TOK == 40 && LEAF == 16 && TOK <= NODE_CAPACITY && LEAF <= CAPACITY);

/// Which of the divides is built.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Form {
    /// `logical_divide`: `((tile, rest), ...)` (by a tuple), `(tile, rest)` (by one tiler).
    Logical,
    /// `zipped_divide`: `((tiles...), (rests..., modes beyond))`.
    Zipped,
    /// `tiled_divide`: `((tiles...), rests..., modes beyond)`.
    Tiled,
}

/// A layout of at most `T` tokens and `L` leaves, kept as plain arrays while it is
/// built (`T <= NODE_CAPACITY`, `L <= CAPACITY`).
pub(crate) struct Buf<const T: usize, const L: usize> {
    pub(super) nt: usize,
    nl: usize,
    pub(super) tok: [u8; T],
    sv: [i64; L],
    sm: [u16; L],
    dv: [i64; L],
    dm: [u16; L],
}

/// The buffer of the direct path of single modes: a few tokens and leaves.
pub(crate) type Small = Buf<TOK, LEAF>;

impl<const T: usize, const L: usize> Buf<T, L> {
    #[inline(always)]
    pub(crate) const fn new() -> Buf<T, L> {
        Buf {
            nt: 0,
            nl: 0,
            tok: [0; T],
            sv: [0; L],
            sm: [0; L],
            dv: [0; L],
            dm: [0; L],
        }
    }

    #[inline(always)]
    pub(super) const fn token(&mut self, k: u8) -> bool {
        if self.nt >= T {
            return false;
        }
        self.tok[self.nt] = k;
        self.nt += 1;
        true
    }

    #[inline(always)]
    pub(super) const fn leaf(&mut self, sv: i64, sm: u16, dv: i64, dm: u16) -> bool {
        if self.nl >= L || !self.token(LEAF_TOKEN) {
            return false;
        }
        let k = self.nl;
        self.sv[k] = sv;
        self.sm[k] = sm;
        self.dv[k] = dv;
        self.dm[k] = dm;
        self.nl = k + 1;
        true
    }

    /// Appends the sub-layout of `l` at `n` (plain integers, no scaled basis).
    #[inline(always)]
    pub(super) const fn copy(&mut self, l: &Layout, n: Node) -> bool {
        let (s, d) = (l.shape_ref(), l.stride_ref());
        let end = s.node_end(n);
        let mut k = n;
        while k.t < end.t {
            let ok = if s.is_leaf_node(k) {
                let (a, b) = (s.int_at(k), d.int_at(k));
                k.l += 1;
                self.leaf(a.value(), a.meta(), b.value(), b.meta())
            } else if s.is_close(k) {
                self.token(CLOSE)
            } else {
                self.token(OPEN)
            };
            if !ok {
                return false;
            }
            k.t += 1;
        }
        true
    }

    /// Appends the tokens and leaves of `o`.
    #[inline(always)]
    pub(super) const fn append<const U: usize, const M: usize>(&mut self, o: &Buf<U, M>) -> bool {
        if self.nt + o.nt > T || self.nl + o.nl > L {
            return false;
        }
        let (nt, nl) = (o.nt, o.nl);
        if nl <= 4 {
            // a few leaves: one by one
            let mut k = 0;
            while k < nt && k < U {
                self.tok[self.nt + k] = o.tok[k];
                k += 1;
            }
            let mut k = 0;
            while k < nl && k < M {
                let j = self.nl + k;
                self.sv[j] = o.sv[k];
                self.sm[j] = o.sm[k];
                self.dv[j] = o.dv[k];
                self.dm[j] = o.dm[k];
                k += 1;
            }
        } else {
            // each array's used part copied whole (in range: `o`'s counts are within its
            // capacities, and the sums within these)
            window(&mut self.tok, self.nt, nt).copy_from_slice(o.tok.split_at(nt).0);
            window(&mut self.sv, self.nl, nl).copy_from_slice(o.sv.split_at(nl).0);
            window(&mut self.sm, self.nl, nl).copy_from_slice(o.sm.split_at(nl).0);
            window(&mut self.dv, self.nl, nl).copy_from_slice(o.dv.split_at(nl).0);
            window(&mut self.dm, self.nl, nl).copy_from_slice(o.dm.split_at(nl).0);
        }
        self.nt += o.nt;
        self.nl += o.nl;
        true
    }

    /// The layout built (its tokens balanced, every count within the capacities), built
    /// where the caller puts it.
    #[inline(never)]
    pub(crate) const fn layout(&self) -> Layout {
        Layout {
            shape: IntTuple::from_parts(&self.tok, self.nt, &self.sv, &self.sm, self.nl),
            stride: IntTuple::from_parts(&self.tok, self.nt, &self.dv, &self.dm, self.nl),
            basis: false,
        }
    }
}

/// `&mut a[start..start + len]` in a `const fn`.
#[inline(always)]
const fn window<T>(a: &mut [T], start: usize, len: usize) -> &mut [T] {
    a.split_at_mut(start).1.split_at_mut(len).0
}

/// Whether `m` is the metadata of a plain integer (static or dynamic).
#[inline(always)]
pub(super) const fn plain(m: u16) -> bool {
    m & !S == 0
}

/// One element `t:u` of the tiler divided against the mode `s:d`: the tile `t:u*d` and
/// the rest `complement(t:u, s)` scaled by `d` (one or two modes, `n`), as the general
/// path computes them (`push_sub_composed`, `complement_into`, `push_flat_composed`).
/// `None` where the general path must answer.
#[derive(Clone, Copy)]
pub(super) struct Piece {
    tile: (Int, Int),
    n: usize,
    rest: [(Int, Int); 2],
}

#[inline(always)]
pub(super) const fn piece(s: Int, d: Int, t: Int, u: Int) -> Option<Piece> {
    let (tv, tm, uv, um, cv, cm) = (
        t.value(),
        t.meta(),
        u.value(),
        u.meta(),
        s.value(),
        s.meta(),
    );
    if !plain(tm) || !plain(um) || !plain(cm) || !plain(d.meta()) {
        return None;
    }
    // the complement's fast path, one mode: filtered away (`_1`, stride `_0`), a stride
    // that is negative or 0, an extent that is not positive: the general path answers
    if (tm == S && tv == 1) || uv <= 0 || tv <= 0 {
        return None;
    }
    let Some(rs) = uv.checked_mul(tv) else {
        return None;
    };
    let rsm = um & tm;
    let Some(sum) = cv.checked_add(rs) else {
        return None;
    };
    let Some(sum) = sum.checked_sub(1) else {
        return None;
    };
    // `rs` is positive: a shift for a power of two where `sum` is not negative
    let q = if sum >= 0 {
        div_rem_pos(sum as u64, rs as u64).0 as i64
    } else {
        sum / rs
    };
    let qm = cm & rsm;
    // the complement's modes `u:_1` and `q:rs` (static ones dropped; none: `_1:_0`),
    // which never merge (`u == u * t` needs a static `t` of 1); scaled by `d`
    let mut rest = [(Int::ONE, Int::ZERO); 2];
    let mut n = 0;
    if !(um == S && uv == 1) {
        // `_1 * d` is `d` for a plain `d` (`_0` stays `_0`)
        rest[0] = (Int::from_raw(uv, um), d);
        n = 1;
    }
    if !(qm == S && q == 1) {
        rest[n] = (
            Int::from_raw(q, qm),
            match mul_raw(rs, rsm, d.value(), d.meta()) {
                Some((v, m)) => Int::from_raw(v, m),
                None => return None,
            },
        );
        n += 1;
    }
    if n == 0 {
        n = 1;
    }
    let tile = match mul_raw(uv, um, d.value(), d.meta()) {
        Some((v, m)) => (t, Int::from_raw(v, m)),
        None => return None,
    };
    Some(Piece { tile, n, rest })
}

/// Appends the rest of `p`: an integral mode, or a tuple of two (without its
/// parentheses when `bare`).
#[inline(always)]
pub(super) const fn push_rest<const T: usize, const L: usize>(
    out: &mut Buf<T, L>,
    p: &Piece,
    bare: bool,
) -> bool {
    if p.n == 1 {
        let (a, b) = p.rest[0];
        return out.leaf(a.value(), a.meta(), b.value(), b.meta());
    }
    let (a, b) = p.rest[0];
    let (c, e) = p.rest[1];
    (bare || out.token(OPEN))
        && out.leaf(a.value(), a.meta(), b.value(), b.meta())
        && out.leaf(c.value(), c.meta(), e.value(), e.meta())
        && (bare || out.token(CLOSE))
}

#[inline(always)]
pub(super) const fn push_tile<const T: usize, const L: usize>(
    out: &mut Buf<T, L>,
    p: &Piece,
) -> bool {
    let (a, b) = p.tile;
    out.leaf(a.value(), a.meta(), b.value(), b.meta())
}

/// Whether [`divide_small`] may apply, read from the operands' structure alone (so that
/// other operands pay only for this check): one tiler (a layout or an integer) of a single
/// mode over a single-mode `a`, or a flat tuple of at most four layouts and integers, each
/// a single mode meeting a single mode of `a`; no scaled-basis strides.
#[inline(always)]
pub(crate) const fn small_applies(a: &Layout, t: &Tiler) -> bool {
    let tl = t.inner_layout();
    let g = t.guide();
    let s = a.shape_ref();
    let ts = tl.shape_ref();
    if let Some(k) = g.as_int() {
        return s.is_leaf()
            && ts.is_leaf()
            && !k.is_underscore()
            && !tl.has_basis_strides()
            && !a.has_basis_strides();
    }
    // the first `rt` tokens after the opening of each: leaves (an element `_` is the
    // mode `_1:_0`, which `divide_small` declines)
    let rt = g.leaf_count();
    if rt > 4 || rt == 0 || g.token_count() != rt + 2 {
        return false;
    }
    if s.is_leaf() {
        if rt > 1 {
            return false;
        }
    } else {
        let mut i = 1;
        while i <= rt {
            if !s.is_leaf_node(Node { t: i, l: i - 1 }) {
                return false;
            }
            i += 1;
        }
    }
    let mut i = 1;
    while i <= rt {
        if !ts.is_leaf_node(Node { t: i, l: i - 1 }) {
            return false;
        }
        i += 1;
    }
    !tl.has_basis_strides() && !a.has_basis_strides()
}

/// The divide `form` of `a` by `t` into `out` (empty), for operands where
/// [`small_applies`]; `false` (with `out` in any state) where the general path answers.
#[inline(always)]
pub(crate) const fn divide_small(a: &Layout, t: &Tiler, form: Form, out: &mut Small) -> bool {
    let tl = t.inner_layout();
    let g = t.guide();
    let (s, d) = (a.shape_ref(), a.stride_ref());
    let (ts, td) = (tl.shape_ref(), tl.stride_ref());
    if g.as_int().is_some() {
        // one tiler (a layout or an integer) over a single mode
        let Some(p) = piece(s.leaf(0), d.leaf(0), ts.leaf(0), td.leaf(0)) else {
            return false;
        };
        return out.token(OPEN)
            && push_tile(out, &p)
            && push_rest(out, &p, matches!(form, Form::Tiled))
            && out.token(CLOSE);
    }
    let rt = g.leaf_count();
    let a_leaf = s.is_leaf();
    // the node of the first mode beyond the tiler (every mode before it a leaf)
    let m = if a_leaf {
        Node { t: 1, l: 1 }
    } else {
        Node { t: rt + 1, l: rt }
    };
    if !out.token(OPEN) {
        return false;
    }
    if matches!(form, Form::Logical) {
        // each element's tile and rest written as it is divided
        let mut i = 0;
        while i < rt {
            if g.leaf(i).is_underscore() {
                return false;
            }
            let Some(p) = piece(s.leaf(i), d.leaf(i), ts.leaf(i), td.leaf(i)) else {
                return false;
            };
            if !(out.token(OPEN)
                && push_tile(out, &p)
                && push_rest(out, &p, false)
                && out.token(CLOSE))
            {
                return false;
            }
            i += 1;
        }
        return push_beyond(out, a, m) && out.token(CLOSE);
    }
    // the tiles, written as each element is divided (its piece kept for the rests),
    // then the rests and the modes beyond
    if !out.token(OPEN) {
        return false;
    }
    let mut pieces: [Option<Piece>; 4] = [None; 4];
    let mut i = 0;
    while i < rt {
        // the i-th leaf of the tiler and, before the modes beyond, of the layout
        if g.leaf(i).is_underscore() {
            return false;
        }
        let Some(p) = piece(s.leaf(i), d.leaf(i), ts.leaf(i), td.leaf(i)) else {
            return false;
        };
        if !push_tile(out, &p) {
            return false;
        }
        pieces[i] = Some(p);
        i += 1;
    }
    if !out.token(CLOSE) {
        return false;
    }
    // the rests as one mode, unpacked by `tiled_divide` unless there is exactly one
    let rl = if a_leaf { 1 } else { s.rank() };
    let bare = matches!(form, Form::Tiled) && rl != 1;
    if !bare && !out.token(OPEN) {
        return false;
    }
    let mut i = 0;
    while i < rt {
        let Some(p) = &pieces[i] else { return false };
        if !push_rest(out, p, false) {
            return false;
        }
        i += 1;
    }
    if !push_beyond(out, a, m) {
        return false;
    }
    if !bare && !out.token(CLOSE) {
        return false;
    }
    out.token(CLOSE)
}

/// Appends the modes of `a` from node `m` on (the modes beyond the tiler; none for a
/// single-mode `a`).
#[inline(always)]
pub(super) const fn push_beyond<const T: usize, const L: usize>(
    out: &mut Buf<T, L>,
    a: &Layout,
    mut m: Node,
) -> bool {
    let s = a.shape_ref();
    if s.is_leaf() {
        return true;
    }
    while !s.is_close(m) {
        if !out.copy(a, m) {
            return false;
        }
        m = s.node_end(m);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::testgen::Gen;
    use crate::error::Error;
    use std::format;
    use std::string::String;
    use std::vec::Vec;

    /// A random integer: static or dynamic, powers of two and not, with the edge values
    /// of the direct path (`_1`, `0`, negative, near overflow).
    fn int(g: &mut Gen, stride: bool) -> String {
        let v: i64 = if stride {
            [0, 1, 2, 3, 4, 5, 6, 7, 12, 16, 24, 35, -1, -3, 1 << 40][g.next(15) as usize]
        } else {
            [1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 16, 0, -2, 1 << 33][g.next(14) as usize]
        };
        let st = if g.next(2) == 0 { "_" } else { "" };
        format!("{st}{v}")
    }

    /// A random shape and stride of depth up to `depth`, ranks 1 to 4.
    fn tree(g: &mut Gen, depth: u32, top: bool) -> (String, String) {
        if depth == 0 || (!top && g.next(3) != 0) {
            return (int(g, false), int(g, true));
        }
        let r = 1 + g.next(4);
        let (mut s, mut d) = (Vec::new(), Vec::new());
        if g.next(3) == 0 {
            // modes that continue one another (static, `_1`s among them, at times one
            // off or dynamic): what coalesces to one mode
            let mut stride: i64 = [1, 2, 3, -1, 5][g.next(5) as usize];
            for _ in 0..r {
                let x: i64 = [1, 2, 3, 4, 5, 7][g.next(6) as usize];
                let off = if g.next(8) == 0 { 1 } else { 0 };
                let st = if g.next(10) == 0 { "" } else { "_" };
                s.push(format!("{st}{x}"));
                d.push(format!("_{}", stride + off));
                if x != 1 {
                    stride *= x;
                }
            }
            return (format!("({})", s.join(",")), format!("({})", d.join(",")));
        }
        for _ in 0..r {
            let (a, b) = tree(g, depth - 1, false);
            s.push(a);
            d.push(b);
        }
        (format!("({})", s.join(",")), format!("({})", d.join(",")))
    }

    fn layout(g: &mut Gen) -> Option<Layout> {
        let depth = g.next(4) as u32;
        let (s, d) = tree(g, depth, depth > 0);
        Layout::try_parse(&format!("{s}:{d}")).ok()
    }

    /// A random tiler: an integer, a layout of one mode or more, `_`, or a tuple of them.
    fn tiler(g: &mut Gen) -> Option<Tiler> {
        let elem = |g: &mut Gen| -> String {
            match g.next(8) {
                0 => String::from("_"),
                1 => {
                    let (s, d) = tree(g, 1, true);
                    format!("{s}:{d}")
                }
                2 | 3 => int(g, false),
                _ => format!("{}:{}", int(g, false), int(g, true)),
            }
        };
        let text = if g.next(3) == 0 {
            elem(g)
        } else {
            let r = 1 + g.next(4);
            let e: Vec<String> = (0..r).map(|_| elem(g)).collect();
            format!("({})", e.join(","))
        };
        Tiler::try_parse(&text).ok()
    }

    /// The direct path answers exactly what the general path answers (values, static
    /// bits), and declines wherever the general path answers an error, for each of the
    /// three divides, on random operands of ranks 1 to 4 and depths up to 3; every
    /// answer's scaled-basis flag is its strides'.
    #[test]
    fn direct_divides_are_the_general_path() {
        let mut g = Gen(4141);
        let (mut compared, mut direct, mut declined_err) = (0, 0, 0);
        while compared < 60_000 {
            let (Some(a), Some(t)) = (layout(&mut g), tiler(&mut g)) else {
                continue;
            };
            for form in [Form::Logical, Form::Zipped, Form::Tiled] {
                let want: Result<Layout, Error> = match form {
                    Form::Logical => a.logical_divide_general(&t),
                    Form::Zipped => a.zipped_divide_general(&t),
                    Form::Tiled => a.tiled_divide_general(&t),
                };
                let mut out = Small::new();
                let took = small_applies(&a, &t) && divide_small(&a, &t, form, &mut out);
                if took {
                    direct += 1;
                    assert_eq!(Ok(out.layout()), want, "divide({a}, {t})");
                } else if want.is_err() {
                    declined_err += 1;
                }
                let got = match form {
                    Form::Logical => a.try_logical_divide(&t),
                    Form::Zipped => a.try_zipped_divide(&t),
                    Form::Tiled => a.try_tiled_divide(&t),
                };
                assert_eq!(got, want, "divide({a}, {t})");
                if let Ok(l) = &got {
                    // the flag kept by the general paths is the strides' own
                    assert_eq!(l.has_basis_strides(), l.stride_ref().has_basis(), "{l}");
                }
                compared += 1;
            }
        }
        assert_eq!(compared, 60_000);
        assert!(direct > 8_000, "{direct} direct");
        assert!(declined_err > 2_000, "{declined_err} errors");
    }
}
