//! The products: `logical_product` and its rearrangements `zipped_product`,
//! `tiled_product`, `flat_product`, the rank-sensitive `blocked_product` and
//! `raked_product`, and `tile_to_shape`.
//!
//! `logical_product(A, B) = (A, composition(complement(A, size(A)*cosize(B)), B))`: mode 0
//! is `A` itself, mode 1 repeats it in the layout of `B`.

use crate::algebra::builder::LayoutBuilder;
use crate::algebra::carry::{Digit, linear_step};
use crate::algebra::complement::{Cotarget, complement_few, complement_into};
use crate::algebra::composition::{
    compose_flat_into, composition_general_into, shape_step, stride_step,
};
use crate::algebra::divide::{unpack, zip2_by};
use crate::algebra::modes::{FEW, Few, Flat, Modes, S, Sink, mul_raw};
use crate::algebra::tiler::{Tiler, TilerKind};
use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::{CAPACITY, IntTuple, Major, NODE_CAPACITY, Node};

/// CuTe's `zip(a, b)` of the two modes of `p` at nodes `a` and `b`: `((a, b))` when `a`
/// is an integral mode, else `((a0, b0), (a1, b1), ...)`; the sub-layouts are copied
/// straight from `p`.
pub(crate) const fn zip_modes(p: &Layout, a: Node, b: Node) -> Result<Layout, Error> {
    let mut lb = LayoutBuilder::new();
    tri!(zip_modes_into(p, a, b, &mut lb));
    lb.finish()
}

/// [`zip_modes`] written into `lb`, an empty builder.
const fn zip_modes_into(p: &Layout, a: Node, b: Node, lb: &mut LayoutBuilder) -> Result<(), Error> {
    let s = p.shape_ref();
    tri!(lb.open());
    if s.is_leaf_node(a) {
        tri!(lb.open());
        tri!(lb.push_sub(p, a));
        tri!(lb.push_sub(p, b));
        tri!(lb.close());
    } else {
        let ra = s.rank_at(a);
        let rb = if s.is_leaf_node(b) { 1 } else { s.rank_at(b) };
        if s.is_leaf_node(b) || ra != rb {
            return Err(Error::RankMismatch {
                msg: "zip: the layouts have different ranks",
                expected: ra,
                found: rb,
            });
        }
        let mut ca = s.first_child(a);
        let mut cb = s.first_child(b);
        let mut i = 0;
        while i < ra {
            tri!(lb.open());
            tri!(lb.push_sub(p, ca));
            tri!(lb.push_sub(p, cb));
            tri!(lb.close());
            ca = s.node_end(ca);
            cb = s.node_end(cb);
            i += 1;
        }
    }
    lb.close()
}

/// [`zip_modes_into`] of the root modes of two layouts, `a` then `b` (the modes of the
/// pair `(a, b)`, read where they are): `((a, b))` when `a` is integral, else `((a0, b0),
/// (a1, b1), ...)`; integral sub-modes are pushed as leaf pairs. Ranks that differ are an
/// error (the caller's general path decides what they mean).
const fn zip_two_into(a: &Layout, b: &Layout, lb: &mut LayoutBuilder) -> Result<(), Error> {
    let (sa, sb) = (a.shape_ref(), b.shape_ref());
    tri!(lb.open());
    if sa.is_leaf_node(Node::ROOT) {
        tri!(lb.open());
        tri!(lb.push_sub_mode(a, Node::ROOT));
        tri!(lb.push_sub_mode(b, Node::ROOT));
        tri!(lb.close());
        return lb.close();
    }
    if sb.is_leaf_node(Node::ROOT) {
        return Err(Error::RankMismatch {
            msg: "zip: the layouts have different ranks",
            expected: sa.rank(),
            found: 1,
        });
    }
    let mut ca = sa.first_child(Node::ROOT);
    let mut cb = sb.first_child(Node::ROOT);
    while !sa.is_close(ca) {
        if sb.is_close(cb) {
            return Err(Error::RankMismatch {
                msg: "zip: the layouts have different ranks",
                expected: sa.rank(),
                found: sb.rank(),
            });
        }
        tri!(lb.open());
        tri!(lb.push_sub_mode(a, ca));
        tri!(lb.push_sub_mode(b, cb));
        tri!(lb.close());
        ca = sa.node_end(ca);
        cb = sb.node_end(cb);
    }
    if !sb.is_close(cb) {
        return Err(Error::RankMismatch {
            msg: "zip: the layouts have different ranks",
            expected: sa.rank(),
            found: sb.rank(),
        });
    }
    lb.close()
}

/// How [`product_few`] arranges the block `A` and the repeat `R = complement(A,
/// size(A)*cosize(B)) ∘ B`: the pair `(A, R)` (`logical_product`), or their modes zipped,
/// `((A_0, R_0), (A_1, R_1), ...)` (`blocked_product`) or `((R_0, A_0), ...)`
/// (`raked_product`), both padded to the larger rank.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Arrange {
    Logical,
    Blocked,
    Raked,
}

/// A layout being built by [`product_few`] (an empty stream at first): the shape token
/// by token, the stride's leaves written beside it, the counts kept here, and the
/// stride's nesting copied from the shape at the end ([`Plan::finish`]).
struct Plan<'a> {
    out: &'a mut Layout,
    /// Tokens and leaves written so far.
    nt: usize,
    nl: usize,
}

impl<'a> Plan<'a> {
    /// A plan writing into `out`, an empty stream.
    #[inline(always)]
    const fn new(out: &'a mut Layout) -> Plan<'a> {
        Plan { out, nt: 0, nl: 0 }
    }

    /// Appends the integral mode `s:d`; `false` when full.
    #[inline(always)]
    const fn put(&mut self, s: Int, d: Int) -> bool {
        let (t, n) = (self.nt, self.nl);
        if t >= NODE_CAPACITY || n >= CAPACITY {
            return false;
        }
        self.out.shape.tokens_mut()[t] = IntTuple::TOKEN_LEAF;
        let (v, m) = self.out.shape.leaves_mut();
        v[n] = s.value();
        m[n] = s.meta();
        let (v, m) = self.out.stride.leaves_mut();
        v[n] = d.value();
        m[n] = d.meta();
        self.nt = t + 1;
        self.nl = n + 1;
        true
    }

    /// Appends the token `tok` (`(` or `)`); `false` when full.
    #[inline(always)]
    const fn token(&mut self, tok: u8) -> bool {
        let t = self.nt;
        if t >= NODE_CAPACITY {
            return false;
        }
        self.out.shape.tokens_mut()[t] = tok;
        self.nt = t + 1;
        true
    }

    #[inline(always)]
    const fn open(&mut self) -> bool {
        self.token(IntTuple::TOKEN_OPEN)
    }

    #[inline(always)]
    const fn close(&mut self) -> bool {
        self.token(IntTuple::TOKEN_CLOSE)
    }

    /// The number of tokens so far.
    #[inline(always)]
    const fn tokens(&self) -> usize {
        self.nt
    }

    /// Sets the counts, and gives the stride the shape's nesting.
    #[inline(always)]
    const fn finish(&mut self) {
        let out = &mut *self.out;
        out.shape.set_token_count(self.nt);
        out.shape.set_leaf_count(self.nl);
        out.stride.copy_tokens(&out.shape);
        out.stride.set_leaf_count(self.nl);
    }

    /// Appends the sub-layout of `l` at node `n`, token by token: the node after it, or
    /// `None` when full.
    #[inline(always)]
    const fn put_sub(&mut self, l: &Layout, n: Node) -> Option<Node> {
        let (s, d) = (l.shape_ref(), l.stride_ref());
        if n.t == 0 {
            // the whole layout: every token (no depth to follow)
            let mut k = n;
            while k.t < s.token_count() {
                let ok = if s.is_leaf_node(k) {
                    let ok = self.put(s.int_at(k), d.int_at(k));
                    k.l += 1;
                    ok
                } else if s.is_close(k) {
                    self.close()
                } else {
                    self.open()
                };
                if !ok {
                    return None;
                }
                k.t += 1;
            }
            return Some(k);
        }
        let (mut k, mut depth) = (n, 0usize);
        while k.t < s.token_count() {
            let ok = if s.is_leaf_node(k) {
                let ok = self.put(s.int_at(k), d.int_at(k));
                k.l += 1;
                ok
            } else if s.is_close(k) {
                depth = depth.wrapping_sub(1);
                self.close()
            } else {
                depth += 1;
                self.open()
            };
            k.t += 1;
            if !ok {
                return None;
            }
            if depth == 0 {
                return Some(k);
            }
        }
        None
    }
}

/// The repeat of [`product_few`]: the complement's modes `c` (coalesced, plain integers,
/// at least one), composed with the modes of `B` by CuTe's walk; what the new modes reach
/// in each mode of `c` is summed for the carry check of `algebra::carry`.
struct Repeat {
    c: Few,
    sums: [i64; FEW],
    /// The integral modes of `B` walked over two modes of `c` or more.
    modes: usize,
    /// Whether one of them has a positive stride, and one a negative stride.
    pos: bool,
    neg: bool,
    /// The first mode of `c` at which the walk put a new mode.
    low: usize,
}

impl Repeat {
    /// Appends `c ∘ (the sub-layout of b at n)` to `out`, with `b`'s hierarchy (what
    /// `compose_flat_into` writes); `false` where the general path must answer.
    #[inline(always)]
    const fn put_sub(&mut self, out: &mut Plan<'_>, b: &Layout, n: Node) -> Option<Node> {
        let (s, d) = (b.shape_ref(), b.stride_ref());
        if n.t == 0 {
            // the whole layout: every token (no depth to follow)
            let mut k = n;
            while k.t < s.token_count() {
                let ok = if s.is_leaf_node(k) {
                    let ok = self.put_mode(out, s.int_at(k), d.int_at(k));
                    k.l += 1;
                    ok
                } else if s.is_close(k) {
                    out.close()
                } else {
                    out.open()
                };
                if !ok {
                    return None;
                }
                k.t += 1;
            }
            return Some(k);
        }
        let (mut k, mut depth) = (n, 0usize);
        while k.t < s.token_count() {
            let ok = if s.is_leaf_node(k) {
                let ok = self.put_mode(out, s.int_at(k), d.int_at(k));
                k.l += 1;
                ok
            } else if s.is_close(k) {
                depth = depth.wrapping_sub(1);
                out.close()
            } else {
                depth += 1;
                out.open()
            };
            k.t += 1;
            if !ok {
                return None;
            }
            if depth == 0 {
                return Some(k);
            }
        }
        None
    }

    /// Appends `c ∘ s:d` for an integral mode `s:d` of `B` (plain integers): the mode
    /// with its stride scaled where `c` is one mode, else CuTe's walk over the modes of
    /// `c` (`composition_int_flat`), the new modes written as one integral mode or a
    /// tuple of them; `false` at any error or overflow (the general path answers). The
    /// walk runs on the raw parts of the integers: each step's one-division form (that of
    /// `stride_step` and `shape_step`, every operand plain and positive, the division
    /// exact) inline, anything else by those functions.
    #[inline(always)]
    const fn put_mode(&mut self, out: &mut Plan<'_>, s: Int, d: Int) -> bool {
        let (dv, dm) = (d.value(), d.meta());
        if dm == S && dv == 0 {
            return out.put(s, d);
        }
        let (cs, csm, cd, cdm) = self.c.modes().parts();
        let r = cs.len();
        if r == 0 || r > FEW || csm.len() != r || cd.len() != r || cdm.len() != r {
            return false;
        }
        if r == 1 {
            return match mul_raw(dv, dm, cd[0], cdm[0]) {
                Some((e, em)) => out.put(s, Int::from_raw(e, em)),
                None => false,
            };
        }
        self.modes += 1;
        if dv > 0 {
            self.pos = true;
        } else if dv < 0 {
            self.neg = true;
        }
        let mut nsv = [0i64; FEW];
        let mut nsm = [0u16; FEW];
        let mut ndv = [0i64; FEW];
        let mut ndm = [0u16; FEW];
        let mut n = 0;
        // the rest of the mode, shape and stride
        let (mut xs, mut xsm, mut xd, mut xdm) = (s.value(), s.meta(), dv, dm);
        let mut i = 0;
        while i + 1 < r {
            let (cv, cm) = (cs[i], csm[i]);
            // `stride_step(rest_stride, cs, rest_shape, i)`: the next shape and stride
            let st = xdm & cm;
            let (mut qs, mut qd) = (0i64, 0i64);
            let mut quick = false;
            if xd > 0 && cv > 0 && xd.checked_add(cv).is_some() {
                if xd < cv {
                    if cv % xd == 0 {
                        (qs, qd, quick) = (cv / xd, 1, true);
                    }
                } else if cv == 1 {
                    // (a mode of shape 1, as a complement of dynamic shapes has)
                    (qs, qd, quick) = (1, xd, true);
                } else if xd % cv == 0 {
                    (qs, qd, quick) = (1, xd / cv, true);
                }
            }
            let (nxs, nxsm, nxd, nxdm) = if quick {
                (qs, st, qd, st)
            } else {
                match stride_step(
                    Int::from_raw(xd, xdm),
                    Int::from_raw(cv, cm),
                    Int::from_raw(xs, xsm),
                    i,
                ) {
                    Ok((a, b)) => (a.value(), a.meta(), b.value(), b.meta()),
                    Err(_) => return false,
                }
            };
            if (nxsm == S && nxs == 1) || (xsm == S && xs == 1) {
                (xd, xdm) = (nxd, nxdm);
            } else {
                // the new mode: min(next_shape, rest_shape), static when both are
                let (wv, wm) = (if xs < nxs { xs } else { nxs }, nxsm & xsm);
                // `shape_step(rest_shape, new_shape, i)`: the rest of the shape
                let (rv, rm) = if wv == 1 {
                    // (the rest, which is at least 1, divided by 1)
                    (xs, xsm & wm)
                } else if wv > 0 && xs >= 0 && !(xsm == S && xs == 0) && xs % wv == 0 {
                    (xs / wv, xsm & wm)
                } else {
                    match shape_step(Int::from_raw(xs, xsm), Int::from_raw(wv, wm), i) {
                        Ok(q) => (q.value(), q.meta()),
                        Err(_) => return false,
                    }
                };
                // the reach `(new_shape - 1) * |rest_stride|` (`Carry::add`)
                if i < self.low {
                    self.low = i;
                }
                let (Some(n1), Some(ra)) = (wv.checked_sub(1), xd.checked_abs()) else {
                    return false;
                };
                let Some(reach) = n1.checked_mul(ra) else {
                    return false;
                };
                let Some(sum) = self.sums[i].checked_add(reach) else {
                    return false;
                };
                self.sums[i] = sum;
                let Some((e, em)) = mul_raw(xd, xdm, cd[i], cdm[i]) else {
                    return false;
                };
                if n >= FEW {
                    return false;
                }
                (nsv[n], nsm[n], ndv[n], ndm[n]) = (wv, wm, e, em);
                n += 1;
                (xs, xsm) = (rv, rm);
                (xd, xdm) = (nxd, nxdm);
            }
            i += 1;
        }
        let keep_rest = !(xsm == S && xs == 1);
        if n == 1 && !keep_rest {
            return out.put(Int::from_raw(nsv[0], nsm[0]), Int::from_raw(ndv[0], ndm[0]));
        }
        let Some((lv, lm)) = mul_raw(xd, xdm, cd[r - 1], cdm[r - 1]) else {
            return false;
        };
        if n == 0 {
            return out.put(Int::from_raw(xs, xsm), Int::from_raw(lv, lm));
        }
        if !out.open() {
            return false;
        }
        let mut k = 0;
        while k < n {
            if !out.put(Int::from_raw(nsv[k], nsm[k]), Int::from_raw(ndv[k], ndm[k])) {
                return false;
            }
            k += 1;
        }
        if keep_rest && !out.put(Int::from_raw(xs, xsm), Int::from_raw(lv, lm)) {
            return false;
        }
        out.close()
    }

    /// `Carry::check` of the walk: the modes of `B` composed one by one are the
    /// composed function (`true`), or the general path must answer.
    const fn check(&self) -> bool {
        if self.modes < 2 {
            return true;
        }
        let c = self.c.modes();
        let r = c.len();
        if self.pos && self.neg && self.low < r {
            let mut k = self.low;
            while k + 1 < r {
                if linear_step(c.s(k), c.d(k), c.d(k + 1)).is_err() {
                    return false;
                }
                k += 1;
            }
        }
        let mut digit = Digit::START;
        let mut k = 0;
        while k + 1 < r && k < FEW {
            if digit
                .step(self.sums[k], k, c.s(k), c.d(k), c.d(k + 1))
                .is_err()
            {
                return false;
            }
            k += 1;
        }
        true
    }
}

/// The fast path of the products by a layout `b`: `(a, R)` or its zipped forms (see
/// [`Arrange`]) with `R = complement(a, size(a)*cosize(b)) ∘ b`, written once into `out`
/// (then [`Plan::finish`]), for layouts of plain integers whose complement has a few
/// modes: the size and the cosize in `i64`, the complement's modes on the stack
/// ([`complement_few`]), composed with `b`'s modes as they are written. `false` (with
/// `out` in any state) wherever the general path must answer: scaled-basis strides, more
/// than [`FEW`] modes at a step of the complement, any error or overflow, the zips CuTe
/// refuses. A test compares it with the general path.
#[inline(always)]
const fn product_few(a: &Layout, b: &Layout, arrange: Arrange, out: &mut Plan<'_>) -> bool {
    if a.has_basis_strides() || b.has_basis_strides() {
        return false;
    }
    let (sa, sb) = (a.shape_ref(), b.shape_ref());
    // size(a) (`try_product`: positive plain leaves)
    let (av, am) = sa.leaf_parts(0, sa.leaf_count());
    let (mut size, mut size_m) = (1i64, S);
    let mut i = 0;
    while i < av.len() {
        if av[i] <= 0 || am[i] & !S != 0 {
            return false;
        }
        let Some(p) = size.checked_mul(av[i]) else {
            return false;
        };
        size = p;
        size_m &= am[i];
        i += 1;
    }
    // cosize(b) (`cosize_plain`): a term `(s-1)*|d|` is a static `_0` when `s` is `_1`
    // or `d` is `_0`, else static when both are
    let nb = sb.leaf_count();
    let (sv, sm) = sb.leaf_parts(0, nb);
    let (dv, dm) = b.stride_ref().leaf_parts(0, nb);
    let (mut acc, mut acc_m) = (0i64, S);
    let mut i = 0;
    while i < sv.len() && i < sm.len() && i < dv.len() && i < dm.len() {
        if (sm[i] | dm[i]) & !S != 0 {
            return false;
        }
        let (Some(m1), Some(ad)) = (sv[i].checked_sub(1), dv[i].checked_abs()) else {
            return false;
        };
        if !((sm[i] == S && sv[i] == 1) || (dm[i] == S && dv[i] == 0)) {
            let Some(t) = m1.checked_mul(ad) else {
                return false;
            };
            let Some(sum) = acc.checked_add(t) else {
                return false;
            };
            acc = sum;
            acc_m &= sm[i] & dm[i];
        }
        i += 1;
    }
    let Some(cosize) = acc.checked_add(1) else {
        return false;
    };
    let Some((cv, cm)) = mul_raw(size, size_m, cosize, acc_m) else {
        return false;
    };
    let mut rep = Repeat {
        c: Few::new(),
        sums: [0; FEW],
        modes: 0,
        pos: false,
        neg: false,
        low: usize::MAX,
    };
    if !complement_few(
        Modes::of(a),
        Cotarget::Int(Int::from_raw(cv, cm)),
        true,
        &mut rep.c,
    ) {
        return false;
    }
    let raked = matches!(arrange, Arrange::Raked);
    if matches!(arrange, Arrange::Logical) {
        return out.open()
            && out.put_sub(a, Node::ROOT).is_some()
            && rep.put_sub(out, b, Node::ROOT).is_some()
            && out.close()
            && rep.check();
    }
    let (ra, rb) = (sa.rank(), sb.rank());
    let r = if ra > rb { ra } else { rb };
    if r == 1 {
        // rank 1: `((A, R))` where `A` is integral (blocked), `((R, A))` where `R` is
        // (raked); a rank-1 tuple is left to the general path
        if !sa.is_leaf() || !out.open() || !out.open() {
            return false;
        }
        if raked {
            let t0 = out.tokens();
            if rep.put_sub(out, b, Node::ROOT).is_none() || out.tokens() != t0 + 1 {
                return false;
            }
            if out.put_sub(a, Node::ROOT).is_none() {
                return false;
            }
        } else if out.put_sub(a, Node::ROOT).is_none() || rep.put_sub(out, b, Node::ROOT).is_none()
        {
            return false;
        }
        return out.close() && out.close() && rep.check();
    }
    // both padded to rank r with `_1:_0` (`R`'s padding is `c ∘ _1:_0 = _1:_0`), then
    // mode by mode
    let mut na = if sa.is_leaf() {
        Node::ROOT
    } else {
        sa.first_child(Node::ROOT)
    };
    let mut nb = if sb.is_leaf() {
        Node::ROOT
    } else {
        sb.first_child(Node::ROOT)
    };
    if !out.open() {
        return false;
    }
    let mut i = 0;
    while i < r {
        if !out.open() {
            return false;
        }
        // the mode of `R` and the mode of the block, in their order; each walk gives
        // the node after the mode
        let mut k = 0;
        while k < 2 {
            let ok = if (k == 0) == raked {
                if i < rb {
                    match rep.put_sub(out, b, nb) {
                        Some(e) => {
                            nb = e;
                            true
                        }
                        None => false,
                    }
                } else {
                    out.put(Int::ONE, Int::ZERO)
                }
            } else if i < ra {
                match out.put_sub(a, na) {
                    Some(e) => {
                        na = e;
                        true
                    }
                    None => false,
                }
            } else {
                out.put(Int::ONE, Int::ZERO)
            };
            if !ok {
                return false;
            }
            k += 1;
        }
        if !out.close() {
            return false;
        }
        i += 1;
    }
    out.close() && rep.check()
}

/// What ordering the repeats of `tile_to_shape` follow.
// Passed by reference; an inline tuple keeps it usable in `const` code.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileOrder {
    /// Compact in this major order (CuTe's default `LayoutLeft`, or `LayoutRight`).
    Major(Major),
    /// Compact in the order of this tuple (CuTe's `Step<...>`, as for
    /// [`Layout::try_ordered`]).
    Order(IntTuple),
}

impl Layout {
    /// The product of `self` with a tiler (CuTe's `logical_product`): for a layout `B`, the
    /// rank-2 layout `(self, complement(self, size(self)*cosize(B)) ∘ B)`; a tuple tiler works
    /// mode by mode (modes beyond it are kept); an integer `n` is `n:_1`; `_` keeps the mode.
    ///
    /// ```
    /// use rcute::{layout, tiler};
    /// let a = layout!((_2,_2):(_4,_1));
    /// assert_eq!(a.logical_product(&tiler!(_6:_1)).to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
    /// assert_eq!(a.logical_product(&tiler!((_4,_2):(_2,_1))).to_string(), "((_2,_2),(_4,_2)):((_4,_1),(_8,_2))");
    /// ```
    pub const fn try_logical_product(&self, t: &Tiler) -> Result<Layout, Error> {
        match t.kind() {
            TilerKind::Layout(b) => self.logical_product_by(b),
            TilerKind::Underscore => Ok(*self),
            TilerKind::Integer(_) => self.try_logical_product(&Tiler::layout(*t.inner_layout())),
            TilerKind::Tuple => {
                let rt = t.rank();
                let rl = self.rank();
                if rt > rl {
                    return Err(Error::RankMismatch {
                        msg: "logical_product: too many modes in the tiler",
                        expected: rl,
                        found: rt,
                    });
                }
                let mut b = LayoutBuilder::new();
                tri!(b.open());
                let mut i = 0;
                while i < rl {
                    let mode = tri!(self.try_mode(i));
                    if i < rt {
                        let r = match t.element_layout(i) {
                            Some(e) => tri!(mode.try_logical_product(&Tiler::layout(e))),
                            None => tri!(mode.try_logical_product(&tri!(t.try_element(i)))),
                        };
                        tri!(b.push_layout(&r));
                    } else {
                        tri!(b.push_layout(&mode));
                    }
                    i += 1;
                }
                tri!(b.close());
                b.finish()
            }
        }
    }

    /// [`Layout::try_logical_product`] by a layout `b`: `(self, complement(self,
    /// size(self)*cosize(b)) ∘ b)`, the composition written in place.
    #[inline(never)]
    const fn logical_product_by(&self, b: &Layout) -> Result<Layout, Error> {
        let mut res = Ok(Layout::stream());
        if let Ok(out) = &mut res {
            let mut plan = Plan::new(out);
            if product_few(self, b, Arrange::Logical, &mut plan) {
                plan.finish();
                return res;
            }
        }
        self.logical_product_general(b)
    }

    /// [`Layout::logical_product_by`] without its fast path ([`product_few`]).
    const fn logical_product_general(&self, b: &Layout) -> Result<Layout, Error> {
        let cotarget = tri!(tri!(self.try_size()).try_mul(tri!(b.try_cosize())));
        let mut out = LayoutBuilder::new();
        tri!(out.open());
        // a few tokens are copied one by one for less than the slice copies cost
        // (measured: 8 tokens, not 9)
        if self.shape_ref().token_count() <= 8 {
            tri!(out.push_sub_mode(self, Node::ROOT));
        } else {
            tri!(out.push_layout(self));
        }
        tri!(self.repeat_into(b, cotarget, &mut out));
        tri!(out.close());
        out.finish()
    }

    /// The repeat mode of [`Layout::logical_product_by`], `complement(self, cotarget) ∘ b`
    /// with `cotarget = size(self)*cosize(b)`, written as the next mode of `out`.
    #[inline(always)]
    const fn repeat_into(
        &self,
        b: &Layout,
        cotarget: Int,
        out: &mut LayoutBuilder,
    ) -> Result<(), Error> {
        if b.has_basis_strides() {
            // composed along `b`'s coprofile, which needs the complement as a layout
            let c = tri!(self.try_complement(&IntTuple::from_int(cotarget)));
            composition_general_into(&c, b, out)
        } else {
            // the complement as flat modes, composed without building it as a layout
            let mut c = Flat::new();
            tri!(complement_into(
                self,
                Node::ROOT,
                Cotarget::Int(cotarget),
                Sink::Flat(&mut c)
            ));
            compose_flat_into(&c, b, out)
        }
    }

    /// [`Layout::try_logical_product`], panicking with the error's message.
    #[track_caller]
    pub const fn logical_product(&self, t: &Tiler) -> Layout {
        unwrap_or_panic!(self.try_logical_product(t))
    }

    /// [`Layout::try_logical_product`] with the blocks gathered into mode 0 and the
    /// repeats into mode 1 (CuTe's `zipped_product`).
    ///
    /// ```
    /// use rcute::{layout, tiler};
    /// let a = layout!((_2,_5):(_5,_1));
    /// assert_eq!(a.zipped_product(&tiler!((_3:_5, _4:_6))).to_string(), "((_2,_5),(_3,_4)):((_5,_1),(_10,_30))");
    /// ```
    pub const fn try_zipped_product(&self, t: &Tiler) -> Result<Layout, Error> {
        let p = tri!(self.try_logical_product(t));
        zip2_by(&p, t.guide())
    }

    /// [`Layout::try_zipped_product`], panicking with the error's message.
    #[track_caller]
    pub const fn zipped_product(&self, t: &Tiler) -> Layout {
        unwrap_or_panic!(self.try_zipped_product(t))
    }

    /// [`Layout::try_zipped_product`] with the repeat mode unpacked (CuTe's
    /// `tiled_product`).
    ///
    /// ```
    /// use rcute::{layout, tiler};
    /// let a = layout!((_2,_5):(_5,_1));
    /// assert_eq!(a.tiled_product(&tiler!((_3,_4):(_1,_3))).to_string(), "((_2,_5),_3,_4):((_5,_1),_10,_30)");
    /// ```
    pub const fn try_tiled_product(&self, t: &Tiler) -> Result<Layout, Error> {
        unpack(&tri!(self.try_zipped_product(t)), false)
    }

    /// [`Layout::try_tiled_product`], panicking with the error's message.
    #[track_caller]
    pub const fn tiled_product(&self, t: &Tiler) -> Layout {
        unwrap_or_panic!(self.try_tiled_product(t))
    }

    /// [`Layout::try_zipped_product`] with both modes unpacked (CuTe's `flat_product`).
    ///
    /// ```
    /// use rcute::{layout, tiler};
    /// let a = layout!((_2,_5):(_5,_1));
    /// assert_eq!(a.flat_product(&tiler!((_3,_4):(_1,_3))).to_string(), "(_2,_5,_3,_4):(_5,_1,_10,_30)");
    /// ```
    pub const fn try_flat_product(&self, t: &Tiler) -> Result<Layout, Error> {
        unpack(&tri!(self.try_zipped_product(t)), true)
    }

    /// [`Layout::try_flat_product`], panicking with the error's message.
    #[track_caller]
    pub const fn flat_product(&self, t: &Tiler) -> Layout {
        unwrap_or_panic!(self.try_flat_product(t))
    }

    /// `blocked_product` (or with `raked`, `raked_product`): both layouts padded to the
    /// larger rank, then `zip` of the two modes of their logical product. Computed by
    /// [`Layout::rank_product_direct`]; where that fails, by the definition
    /// ([`Layout::rank_product_general`]), for its error.
    const fn rank_product(&self, b: &Layout, raked: bool) -> Result<Layout, Error> {
        let arrange = if raked {
            Arrange::Raked
        } else {
            Arrange::Blocked
        };
        let mut res = Ok(Layout::stream());
        if let Ok(out) = &mut res {
            let mut plan = Plan::new(out);
            if product_few(self, b, arrange, &mut plan) {
                plan.finish();
                return res;
            }
        }
        self.rank_product_slow(b, raked)
    }

    /// [`Layout::rank_product`] without its fast path ([`product_few`]).
    const fn rank_product_slow(&self, b: &Layout, raked: bool) -> Result<Layout, Error> {
        match self.rank_product_direct(b, raked) {
            Ok(l) => Ok(l),
            Err(_) => self.rank_product_general(b, raked),
        }
    }

    /// [`Layout::rank_product`] without the product as a layout: the repeat mode is
    /// written alone, and the block's modes and the repeat's are zipped straight from
    /// the (padded) block and the repeat. The same answer as
    /// [`Layout::rank_product_general`] wherever it answers (a test compares the two);
    /// any error here, also one the definition would not give (a capacity reached in
    /// another order, CuTe's ranks that differ), is left to the definition.
    const fn rank_product_direct(&self, b: &Layout, raked: bool) -> Result<Layout, Error> {
        let r = if self.rank() > b.rank() {
            self.rank()
        } else {
            b.rank()
        };
        let (pa, pb);
        let a = if self.rank() == r {
            self
        } else {
            pa = self.try_append_to(r, None);
            match &pa {
                Ok(l) => l,
                Err(e) => return Err(*e),
            }
        };
        let bb = if b.rank() == r {
            b
        } else {
            pb = b.try_append_to(r, None);
            match &pb {
                Ok(l) => l,
                Err(e) => return Err(*e),
            }
        };
        let cotarget = tri!(tri!(a.try_size()).try_mul(tri!(bb.try_cosize())));
        let mut rep = LayoutBuilder::new();
        tri!(a.repeat_into(bb, cotarget, &mut rep));
        let rl = rep.layout();
        let mut out = LayoutBuilder::new();
        if raked {
            tri!(zip_two_into(rl, a, &mut out));
        } else {
            tri!(zip_two_into(a, rl, &mut out));
        }
        out.finish()
    }

    /// [`Layout::rank_product`] by its definition: the product `(block, repeat)` of the
    /// padded layouts built, then its two modes zipped.
    const fn rank_product_general(&self, b: &Layout, raked: bool) -> Result<Layout, Error> {
        let r = if self.rank() > b.rank() {
            self.rank()
        } else {
            b.rank()
        };
        // padding to rank r leaves a layout of rank r as it is; the padded layouts and the
        // product are read where they were returned (no copies)
        let (pa, pb);
        let a = if self.rank() == r {
            self
        } else {
            pa = self.try_append_to(r, None);
            match &pa {
                Ok(l) => l,
                Err(e) => return Err(*e),
            }
        };
        let bb = if b.rank() == r {
            b
        } else {
            pb = b.try_append_to(r, None);
            match &pb {
                Ok(l) => l,
                Err(e) => return Err(*e),
            }
        };
        let pr = a.logical_product_by(bb);
        let p = match &pr {
            Ok(p) => p,
            Err(e) => return Err(*e),
        };
        // p is the pair (block, repeat)
        let n0 = p.shape_ref().first_child(Node::ROOT);
        let n1 = p.shape_ref().node_end(n0);
        let (first, second) = if raked { (n1, n0) } else { (n0, n1) };
        // Beyond CuTe: with dynamic size-1 modes the repeat mode can come out with another
        // rank than the block, and CuTe's zip does not compile; the same product with every
        // value static is well-formed.
        let mut out = LayoutBuilder::new();
        match zip_modes_into(p, first, second, &mut out) {
            Ok(()) => out.finish(),
            Err(Error::RankMismatch { .. }) if !(self.is_static() && b.is_static()) => {
                let s = tri!(self.to_static().rank_product(&b.to_static(), raked));
                Ok(s.to_dynamic())
            }
            Err(e) => Err(e),
        }
    }

    /// Repeats `self` as a block over the layout `b`: mode `i` of the result is
    /// `(self_i, repeat_i)` (CuTe's `blocked_product`; not coalesced, as in CuTe 4.x).
    ///
    /// ```
    /// use rcute::layout;
    /// let a = layout!((_2,_5):(_5,_1));
    /// assert_eq!(a.blocked_product(&layout!((_3,_4):(_1,_3))).to_string(), "((_2,_3),(_5,_4)):((_5,_10),(_1,_30))");
    /// ```
    pub const fn try_blocked_product(&self, b: &Layout) -> Result<Layout, Error> {
        self.rank_product(b, false)
    }

    /// [`Layout::try_blocked_product`], panicking with the error's message.
    #[track_caller]
    pub const fn blocked_product(&self, b: &Layout) -> Layout {
        unwrap_or_panic!(self.try_blocked_product(b))
    }

    /// Interleaves the repeats of `self` over the layout `b`: mode `i` of the result is
    /// `(repeat_i, self_i)` (CuTe's `raked_product`).
    ///
    /// ```
    /// use rcute::layout;
    /// let a = layout!((_2,_5):(_5,_1));
    /// assert_eq!(a.raked_product(&layout!((_3,_4):(_1,_3))).to_string(), "((_3,_2),(_4,_5)):((_10,_5),(_30,_1))");
    /// ```
    pub const fn try_raked_product(&self, b: &Layout) -> Result<Layout, Error> {
        self.rank_product(b, true)
    }

    /// [`Layout::try_raked_product`], panicking with the error's message.
    #[track_caller]
    pub const fn raked_product(&self, b: &Layout) -> Layout {
        unwrap_or_panic!(self.try_raked_product(b))
    }

    /// Repeats `self` until it has the shape `target` (CuTe's `tile_to_shape`), the
    /// repeats compact in `order` (CuTe's default is `LayoutLeft`).
    ///
    /// # Errors
    /// The block has more modes than the target, or does not divide it (CuTe asserts this
    /// for static targets; rcute checks the values).
    ///
    /// ```
    /// use rcute::{layout, int_tuple, Major, TileOrder};
    /// let b = layout!((_2,_2):(_1,_2));
    /// let left = TileOrder::Major(Major::Left);
    /// assert_eq!(b.tile_to_shape(&int_tuple!((_4,_6)), &left).to_string(), "((_2,_2),(_2,_3)):((_1,_4),(_2,_8))");
    /// let step = TileOrder::Order(int_tuple!((_2,_1)));
    /// assert_eq!(b.tile_to_shape(&int_tuple!((_4,_6)), &step).to_string(), "((_2,_2),(_2,_3)):((_1,_12),(_2,_4))");
    /// ```
    pub const fn try_tile_to_shape(
        &self,
        target: &IntTuple,
        order: &TileOrder,
    ) -> Result<Layout, Error> {
        if self.rank() > target.rank() {
            return Err(Error::RankMismatch {
                msg: "tile_to_shape: the block has more modes than the target shape",
                expected: target.rank(),
                found: self.rank(),
            });
        }
        let r = target.rank();
        let padded = tri!(self.try_append_to(r, None));
        let block_shape = tri!(padded.shape().try_product_each());
        let target_shape = tri!(target.try_product_each());
        let divides = tri!(target_shape.try_evenly_divides(&block_shape));
        if !divides.truth() {
            return Err(Error::Precondition {
                msg: "tile_to_shape: the block shape does not divide the target shape",
                mode: -1,
                lhs: tri!(target_shape.try_product()).value(),
                rhs: tri!(block_shape.try_product()).value(),
            });
        }
        let product_shape = tri!(target_shape.try_ceil_div(&block_shape));
        let repeats = match order {
            TileOrder::Major(m) => tri!(Layout::try_with_major(product_shape, *m)),
            TileOrder::Order(o) => tri!(Layout::try_ordered(product_shape, *o)),
        };
        padded.try_blocked_product(&repeats)
    }

    /// [`Layout::try_tile_to_shape`], panicking with the error's message.
    #[track_caller]
    pub const fn tile_to_shape(&self, target: &IntTuple, order: &TileOrder) -> Layout {
        unwrap_or_panic!(self.try_tile_to_shape(target, order))
    }
}

#[cfg(test)]
mod tests {
    use super::{Arrange, Plan, product_few};
    use crate::algebra::builder::pair;
    use crate::algebra::testgen::Gen;
    use crate::{IntTuple, Layout, Tiler};
    use std::string::String;
    use std::vec::Vec;

    /// The nesting of a random shape: `(`, `)` and leaf tokens (`None`, `None`, the
    /// leaf), ranks 1 to 4 at every level, depth up to `depth`.
    fn nesting(g: &mut Gen, depth: u32, out: &mut Vec<Option<(i64, bool)>>, opens: &mut Vec<bool>) {
        if depth == 0 || g.next(3) == 0 {
            let v = [1, 2, 3, 4, 5, 6, 7, 8, 12, 16][g.next(10) as usize];
            out.push(Some((v, g.next(2) == 0)));
            opens.push(false);
            return;
        }
        out.push(None);
        opens.push(true);
        for _ in 0..1 + g.next(4) {
            nesting(g, depth - 1, out, opens);
        }
        out.push(None);
        opens.push(false);
    }

    /// A random layout for the products: ranks 1 to 4, depth 1 to 3, static, dynamic and
    /// mixed values, powers of two and not; strides drawn at random (zero and negative
    /// ones among them), or compact in a random order with gaps, some negated or zero,
    /// so that many products are defined.
    fn product_operand(g: &mut Gen) -> Layout {
        let depth = 1 + g.next(3) as u32;
        let (mut toks, mut opens) = (Vec::new(), Vec::new());
        // at most 10 leaves
        while toks.is_empty() || toks.iter().flatten().count() > 10 {
            (toks, opens) = (Vec::new(), Vec::new());
            nesting(g, depth, &mut toks, &mut opens);
        }
        let leaves: Vec<(i64, bool)> = toks.iter().flatten().copied().collect();
        let n = leaves.len();
        let statics = g.next(3); // all static, all dynamic, mixed
        let is_static = |g: &mut Gen, own: bool| match statics {
            0 => true,
            1 => false,
            _ => own || g.next(2) == 0,
        };
        let mut strides: Vec<(i64, bool)> = Vec::new();
        if g.next(4) == 0 {
            for _ in 0..n {
                let v = [0, 1, 2, 3, 4, 6, 8, 12, 16, 32, -1, -2, 5, 24, 7][g.next(15) as usize];
                strides.push((v, g.next(2) == 0));
            }
        } else {
            strides.resize(n, (0, true));
            let mut order: Vec<usize> = (0..n).collect();
            for i in (1..n).rev() {
                order.swap(i, g.next(i as u64 + 1) as usize);
            }
            let mut cur = 1i64;
            for &k in &order {
                let mut d = cur;
                if g.next(12) == 0 {
                    d = -d;
                }
                if g.next(12) == 0 {
                    d = 0;
                }
                strides[k] = (d, is_static(g, leaves[k].1));
                cur *= leaves[k].0 * [1, 1, 1, 2, 3][g.next(5) as usize];
            }
        }
        let (mut s, mut d) = (String::new(), String::new());
        let mut l = 0;
        for (i, t) in toks.iter().enumerate() {
            let prev_open = i > 0 && opens[i - 1];
            let sep = |x: &mut String| {
                if i > 0 && !prev_open && (t.is_some() || opens[i]) {
                    x.push(',');
                }
            };
            sep(&mut s);
            sep(&mut d);
            match t {
                Some((v, st)) => {
                    let sst = is_static(g, *st);
                    s.push_str(&std::format!("{}{v}", if sst { "_" } else { "" }));
                    let (dv, dst) = strides[l];
                    d.push_str(&std::format!("{}{dv}", if dst { "_" } else { "" }));
                    l += 1;
                }
                None if opens[i] => {
                    s.push('(');
                    d.push('(');
                }
                None => {
                    s.push(')');
                    d.push(')');
                }
            }
        }
        Layout::try_parse(&std::format!("{s}:{d}")).unwrap()
    }

    /// The products' fast path (the complement on the stack, the composition written as
    /// the result is built) answers what the general path answers, values and static
    /// bits, on random operands (ranks 1 to 4, depth 1 to 3, static, dynamic and mixed,
    /// zero and negative strides); where it is not taken, the operation still answers the
    /// general path's value or error. It is taken for many of them, and many are errors.
    #[test]
    fn fast_products_are_the_general_path() {
        let mut g = Gen(41);
        let (mut compared, mut fast, mut errors) = ([0usize; 3], [0usize; 3], [0usize; 3]);
        for _ in 0..20_000 {
            let a = product_operand(&mut g);
            let b = product_operand(&mut g);
            for (k, arrange) in [Arrange::Logical, Arrange::Blocked, Arrange::Raked]
                .into_iter()
                .enumerate()
            {
                let want = match arrange {
                    Arrange::Logical => a.logical_product_general(&b),
                    Arrange::Blocked => a.rank_product_slow(&b, false),
                    Arrange::Raked => a.rank_product_slow(&b, true),
                };
                let mut l = Layout::stream();
                let mut plan = Plan::new(&mut l);
                if product_few(&a, &b, arrange, &mut plan) {
                    plan.finish();
                    assert_eq!(Ok(l), want, "{a} {b} {k}");
                    fast[k] += 1;
                }
                let got = match arrange {
                    Arrange::Logical => a.try_logical_product(&Tiler::layout(b)),
                    Arrange::Blocked => a.try_blocked_product(&b),
                    Arrange::Raked => a.try_raked_product(&b),
                };
                assert_eq!(got, want, "{a} {b} {k}");
                errors[k] += usize::from(want.is_err());
                compared[k] += 1;
            }
        }
        assert_eq!(compared, [20_000; 3]);
        assert!(fast.iter().all(|&f| f > 5_000), "{fast:?} fast");
        assert!(errors.iter().all(|&e| e > 5_000), "{errors:?} errors");
    }

    /// The blocked and raked products zipped straight from the block and the repeat give
    /// the definition's answer (the product built, then zipped) wherever they answer,
    /// static bits included, on random layouts of rank 1 to 3 and depth up to 2; where
    /// they fail, the operation answers the definition's error.
    #[test]
    fn rank_product_direct_is_the_definition() {
        let mut g = Gen(47);
        let (mut compared, mut direct) = (0, 0);
        for _ in 0..6000 {
            let a = g.layout(2);
            let b = g.layout(2);
            for raked in [false, true] {
                let want = a.rank_product_general(&b, raked);
                let got = a.rank_product_direct(&b, raked);
                if let Ok(l) = got {
                    assert_eq!(Ok(l), want, "{a} {b} raked {raked}");
                    direct += 1;
                }
                assert_eq!(a.rank_product(&b, raked), want, "{a} {b} raked {raked}");
                compared += 1;
            }
        }
        assert_eq!(compared, 12_000);
        assert!(direct > 1_500, "{direct} direct");
    }

    /// `logical_product` by a layout (the flat-mode path for integer strides, the
    /// layout path for scaled-basis strides) gives `(A, complement(A, size(A)*cosize(B))
    /// ∘ B)` built from the public operations, errors included.
    #[test]
    fn logical_product_by_a_layout_matches_its_definition() {
        let layouts = [
            "(_2,_2):(_1,_2)",
            "_4:_2",
            "(4,3):(1,4)",
            "((_2,_4),_8):((_1,_2),_8)",
            "(_3,_5):(_5,_1)",
            "_1:_0",
        ];
        let tilers = [
            "_2:_1",
            "(_2,_4):(_4,_1)",
            "(3,2):(1,3)",
            "_2:_1@0",
            "(_2,_3):(_1@0,_1@1)",
            "_3:_0",
        ];
        let mut compared = 0;
        for a in layouts {
            let a = Layout::try_parse(a).unwrap();
            for b in tilers {
                let bl = Layout::try_parse(b).unwrap();
                let want = a
                    .try_size()
                    .and_then(|s| s.try_mul(bl.try_cosize()?))
                    .and_then(|c| a.try_complement(&IntTuple::from_int(c)))
                    .and_then(|c| c.try_composition(&bl))
                    .and_then(|r| pair(&a, &r));
                let got = a.try_logical_product(&Tiler::try_parse(b).unwrap());
                assert_eq!(got, want, "logical_product({a}, {b})");
                compared += 1;
            }
        }
        assert_eq!(compared, 36);
    }
}
