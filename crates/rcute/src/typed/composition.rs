//! Composition, staged (see [`super::modes`] for how): the twin of `crate::algebra::composition`.
//!
//! Where the run-time algebra takes a shortcut that changes the order in which errors are
//! found (the by-mode divides and compositions copy a single-mode mode's tile in place),
//! staging takes the same shortcut, so that a program reports the first error the
//! run-time algebra reports.

use super::modes::{Modes, coalesce_scan};
use super::program::Program;
use crate::algebra::builder::LayoutBuilder;
use crate::algebra::tiler::{PairWalk, Tiler, TilerKind, unit_stride};
use crate::error::{Error, tri};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::{IntTuple, Node};

/// Refused by CuTe for any values: the block and the repeat of a rank product have
/// different ranks, so CuTe's `zip` does not compile. (The run-time [`Layout`] computes a
/// product whose dynamic size-1 modes make the ranks differ from the static values.)
/// The staged twin of `algebra::composition`'s `Carry`: what the integral modes of `b` add
/// up to in each mode of `a`, as staged values.
pub(crate) struct Carry {
    sums: [Int; crate::tuple::CAPACITY],
    /// The strides of the integral modes of `b` walked, in order (their signs are
    /// recorded by the checks, under the guard).
    strides: [Int; crate::tuple::CAPACITY + 1],
    modes: usize,
    /// The new modes `n:r` placed at mode `k` of `a`, in order (their reaches are summed
    /// by the checks, under the guard, as `algebra::carry` sums them).
    placed: [(usize, Int, Int); crate::tuple::CAPACITY + 1],
    placed_n: usize,
    /// The least and the greatest sign of the strides of those modes.
    signs: (Int, Int),
    /// The first mode of `a` at which one of them puts a new mode.
    low: usize,
    /// The guard of the checks (see [`guard`]).
    guard: Int,
}

impl Carry {
    const fn new() -> Carry {
        Carry {
            sums: [Int::ZERO; crate::tuple::CAPACITY],
            strides: [Int::ZERO; crate::tuple::CAPACITY + 1],
            modes: 0,
            placed: [(0, Int::ZERO, Int::ZERO); crate::tuple::CAPACITY + 1],
            placed_n: 0,
            signs: (Int::ZERO, Int::ZERO),
            low: usize::MAX,
            guard: Int::ONE,
        }
    }

    /// Counts an integral mode of `b` of stride `d`.
    const fn count(&mut self, d: Int) -> Result<(), Error> {
        if self.modes == crate::tuple::CAPACITY + 1 {
            return Err(Error::Capacity {
                msg: "composition: too many modes",
                capacity: crate::tuple::CAPACITY,
            });
        }
        self.strides[self.modes] = d;
        self.modes += 1;
        Ok(())
    }

    /// Records a new mode `n:r` at mode `k` of `a`.
    const fn add(&mut self, k: usize, n: Int, r: Int) -> Result<(), Error> {
        if k < self.low {
            self.low = k;
        }
        if self.placed_n == crate::tuple::CAPACITY + 1 {
            return Err(Error::Capacity {
                msg: "composition: too many modes",
                capacity: crate::tuple::CAPACITY,
            });
        }
        self.placed[self.placed_n] = (k, n, r);
        self.placed_n += 1;
        Ok(())
    }

    /// The signs and the reaches of what was walked, as run-time operations (under the
    /// guard the caller set), in the order `algebra::carry` computes them.
    const fn record(&mut self, p: &mut Program) -> Result<(), Error> {
        let mut i = 0;
        while i < self.modes {
            self.signs = tri!(p.signs(self.strides[i], self.signs.0, self.signs.1));
            i += 1;
        }
        let mut i = 0;
        while i < self.placed_n {
            let (k, n, r) = self.placed[i];
            self.sums[k] = tri!(p.reach(n, r, self.sums[k]));
            i += 1;
        }
        Ok(())
    }
}

/// The sub-layout of `l` at node `n` (the nodes of a layout's shape and stride coincide).
pub(super) const fn sub_layout(l: &Layout, n: Node) -> Layout {
    Layout::from_parts(l.shape_ref().subtree(n), l.stride_ref().subtree(n))
}

/// `s:d ∘ b` for a single-mode left layout: each stride of `b` but a `_0` times `d`.
pub(super) const fn compose_leaf(p: &mut Program, d: Int, b: &Layout) -> Result<Layout, Error> {
    let mut stride = *b.stride_ref();
    let mut i = 0;
    while i < stride.leaf_count() {
        let e = stride.leaf(i);
        if !e.is_constant(0) {
            stride.set_leaf(i, tri!(p.mul(e, d)));
        }
        i += 1;
    }
    Ok(Layout::from_parts(*b.shape_ref(), stride))
}

/// `composition(a, b)` (see `algebra::composition`).
pub(crate) const fn composition(p: &mut Program, a: &Layout, b: &Layout) -> Result<Layout, Error> {
    if a.shape_ref().is_leaf() {
        return compose_leaf(p, a.stride_ref().leaf(0), b);
    }
    let lhs = tri!(coalesce_scan(p, &Modes::leaves(a), true, false));
    let mut out = LayoutBuilder::new();
    tri!(walk(p, &mut out, &lhs, b));
    out.finish()
}

/// The walk of every mode of `b` over `a`, then the carry check of
/// `algebra::composition`'s `walk`, digit by digit: computed now where the values are
/// static, a run-time check where they are not.
const fn walk(
    p: &mut Program,
    out: &mut LayoutBuilder,
    a: &Modes,
    b: &Layout,
) -> Result<(), Error> {
    let mut carry = Carry::new();
    tri!(composition_impl(
        p,
        out,
        a,
        b.shape_ref(),
        Node::ROOT,
        b.stride_ref(),
        Node::ROOT,
        &mut carry,
    ));
    if carry.modes < 2 {
        return Ok(());
    }
    // the checks and the values only they read run under the guard, computed here, where
    // it is read, so that its value need not be kept through the walk
    carry.guard = tri!(guard(p, a, b));
    let g = p.set_guard(carry.guard);
    tri!(carry.record(p));
    // diff_k: 0 where the next mode continues mode k (`cs * cd == next`, as the run-time
    // check computes it, without overflow)
    let mut diff = [Int::ZERO; crate::tuple::CAPACITY];
    let mut k = 0;
    while k + 1 < a.n {
        diff[k] = tri!(p.differs(a.s[k], a.d[k], a.d[k + 1]));
        k += 1;
    }
    // strides of both signs need a linear `a` from the first mode they reach on
    let no_negative = carry.signs.0.is_static() && carry.signs.0.value() >= 0;
    let no_positive = carry.signs.1.is_static() && carry.signs.1.value() <= 0;
    if !(no_negative || no_positive) {
        let mut bends = Int::ZERO;
        let mut k = carry.low;
        while k < a.n && k + 1 < a.n {
            bends = tri!(p.bends(bends, diff[k]));
            k += 1;
        }
        tri!(p.linear_check(carry.signs.0, carry.signs.1, bends));
    }
    let mut c = Int::ZERO;
    let mut k = 0;
    while k + 1 < a.n {
        let t = tri!(p.carry_in(carry.sums[k], c));
        c = tri!(p.carry_step(t, a.s[k], diff[k], k));
        k += 1;
    }
    p.restore_guard(g);
    Ok(())
}

/// The guard of the walk's carry and sign checks: 0 where they are sure to pass, which
/// is where every mode of `a` but the last has extent 1 and no stride of `b` is negative.
/// Then every new mode the walk puts in a mode of extent 1 has one element (the stride
/// step of an extent 1 answers 1 for any stride it accepts, and `b`'s shapes are
/// positive, as a typed layout's are), so every reach and carry is 0, and strides of one
/// sign need no linear `a`. Elsewhere the checks run, on the fast path too.
const fn guard(p: &mut Program, a: &Modes, b: &Layout) -> Result<Int, Error> {
    let mut x = Int::ZERO;
    let mut k = 0;
    while k + 1 < a.n {
        let t = tri!(p.ne(a.s[k], Int::ONE));
        x = tri!(p.or(x, t));
        k += 1;
    }
    // a negative stride: a static one sets the guard now; the bitwise or of the dynamic
    // ones is negative where one is
    let d = b.stride_ref();
    let mut any = Int::ZERO;
    let mut i = 0;
    while i < d.leaf_count() {
        let e = d.leaf(i);
        if e.is_static() {
            if e.value() < 0 {
                x = Int::ONE;
            }
        } else {
            any = tri!(p.or(any, e));
        }
        i += 1;
    }
    let t = tri!(p.negative(any));
    x = tri!(p.or(x, t));
    Ok(x)
}

/// CuTe's `composition_impl` for the subtree of `b` at `ns`/`nd`, written as the next mode
/// of `out`, `a` given as coalesced flat modes.
// the walk's state is passed as CuTe's recursion passes it (the run-time twin has the same)
#[allow(clippy::too_many_arguments)]
const fn composition_impl(
    p: &mut Program,
    out: &mut LayoutBuilder,
    a: &Modes,
    bs: &IntTuple,
    ns: Node,
    bd: &IntTuple,
    nd: Node,
    carry: &mut Carry,
) -> Result<(), Error> {
    if !bs.is_leaf_node(ns) {
        tri!(out.open());
        let mut cs = bs.first_child(ns);
        let mut cd = bd.first_child(nd);
        while !bs.is_close(cs) {
            tri!(composition_impl(p, out, a, bs, cs, bd, cd, carry));
            cs = bs.node_end(cs);
            cd = bd.node_end(cd);
        }
        return out.close();
    }
    composition_int(p, out, a, bs.int_at(ns), bd.int_at(nd), carry)
}

/// Composition of `a` with one integral mode `s:d`, written as the next mode of `out`.
const fn composition_int(
    p: &mut Program,
    out: &mut LayoutBuilder,
    a: &Modes,
    s: Int,
    d: Int,
    carry: &mut Carry,
) -> Result<(), Error> {
    if d.is_constant(0) {
        return out.push_mode(s, d);
    }
    if a.n == 1 {
        return out.push_mode(s, tri!(p.mul(d, a.d[0])));
    }
    let r = a.n;
    if r == 0 {
        return Err(Error::WrongKind {
            msg: "composition: the left layout has no modes",
        });
    }
    let mark = out.mark();
    tri!(out.open());
    tri!(carry.count(d));
    let mut n = 0;
    let mut rest_shape = s;
    let mut rest_stride = d;
    let mut i = 0;
    while i + 1 < r {
        let (cs, cd) = (a.s[i], a.d[i]);
        let (next_shape, next_stride) = tri!(p.stride_step(rest_stride, cs, rest_shape, i));
        if next_shape.is_constant(1) || rest_shape.is_constant(1) {
            rest_stride = next_stride;
        } else {
            let new_shape = tri!(p.min(next_shape, rest_shape));
            let next_rest = tri!(p.shape_step(rest_shape, new_shape, i));
            tri!(carry.add(i, new_shape, rest_stride));
            let new_stride = tri!(p.mul(rest_stride, cd));
            tri!(out.push_mode(new_shape, new_stride));
            n += 1;
            rest_shape = next_rest;
            rest_stride = next_stride;
        }
        i += 1;
    }
    let last = a.d[r - 1];
    if n == 0 {
        tri!(out.push_mode(rest_shape, tri!(p.mul(rest_stride, last))));
        out.unwrap_single(mark);
        return Ok(());
    }
    let keep_rest = !rest_shape.is_constant(1);
    if n == 1 && !keep_rest {
        out.unwrap_single(mark);
        return Ok(());
    }
    if keep_rest {
        tri!(out.push_mode(rest_shape, tri!(p.mul(rest_stride, last))));
    }
    out.close()
}

/// `a ∘ b` for an `a` given as flat modes that are already coalesced (a complement), as
/// the next mode of `out`.
pub(super) const fn compose_flat_into(
    p: &mut Program,
    out: &mut LayoutBuilder,
    a: &Modes,
    b: &Layout,
) -> Result<(), Error> {
    if a.n == 1 {
        return out.push_layout(&tri!(compose_leaf(p, a.d[0], b)));
    }
    walk(p, out, a, b)
}

/// `composition(a, tiler)`: by a layout, an integer, `_`, or mode by mode.
pub(crate) const fn composition_tiler(
    p: &mut Program,
    a: &Layout,
    t: &Tiler,
) -> Result<Layout, Error> {
    match t.kind() {
        TilerKind::Layout(l) => composition(p, a, l),
        TilerKind::Underscore => Ok(*a),
        TilerKind::Integer(n) => {
            let lhs = tri!(coalesce_scan(p, &Modes::leaves(a), true, false));
            let mut out = LayoutBuilder::new();
            tri!(composition_int(
                p,
                &mut out,
                &lhs,
                n,
                Int::ONE,
                &mut Carry::new()
            ));
            out.finish()
        }
        TilerKind::Tuple => {
            let rt = t.rank();
            if rt > a.rank() {
                return Err(Error::RankMismatch {
                    msg: "composition: the tiler has more modes than the layout",
                    expected: a.rank(),
                    found: rt,
                });
            }
            let mut b = LayoutBuilder::new();
            tri!(b.open());
            let mut walk = PairWalk::new(a, t);
            let mut i = 0;
            while i < rt {
                if let Some((_, d, e)) = walk.single(a, t, i) {
                    // an integer `n` composes as `n:_1`
                    let el = match walk.integer(t) {
                        Some(n) => unit_stride(n),
                        None => sub_layout(t.inner_layout(), e),
                    };
                    tri!(b.push_layout(&tri!(compose_leaf(p, d, &el))));
                    walk.advance(a, t, i);
                    i += 1;
                    continue;
                }
                walk.advance(a, t, i);
                let mode = tri!(a.try_mode(i));
                let r = match t.composition_element(i) {
                    Some(e) => tri!(composition(p, &mode, &e)),
                    None => tri!(composition_tiler(p, &mode, &tri!(t.try_element(i)))),
                };
                tri!(b.push_layout(&r));
                i += 1;
            }
            tri!(b.close());
            b.finish()
        }
    }
}
