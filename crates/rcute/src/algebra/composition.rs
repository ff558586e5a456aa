//! `composition(A, B)`: the layout `R` with `R(c) = A(B(c))` for every `c` in the domain
//! of `B`, with `B`'s hierarchy.
//!
//! CuTe coalesces `A` (keeping the function beyond its domain), then walks `B`'s modes:
//! each integral mode `s:d` of `B` strides through the modes of `A` except the last, which
//! absorbs whatever is left (so `B` may reach past `size(A)`). The result is exact when
//! the *stride divisibility* condition holds (`|d|` and each mode's extent divide one
//! another, unless the rest of `B` stays inside the mode: see [`stride_step`]), the *shape
//! divisibility* condition holds (the rest of `B`'s shape is a multiple of each new mode),
//! and `B`'s modes, composed one by one, do not carry into one another (`algebra::carry`).
//! CuTe checks a weaker stride condition, and the two divisibility conditions only on
//! static values; it answers a layout that is not `A ∘ B` otherwise. rcute checks the
//! values and answers an error naming the mode.

use crate::algebra::builder::LayoutBuilder;
use crate::algebra::carry::Carry;
use crate::algebra::coalesce::coalesce_x;
use crate::algebra::modes::{Flat, Modes, Sink, coalesce_into};
use crate::algebra::tiler::{PairWalk, Tiler, TilerKind, unit_stride};
use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::{Int, div_rem_pos};
use crate::layout::Layout;
use crate::tuple::{IntTuple, Node};

mod small;

/// `A` coalesced for the walk (CuTe's `coalesce_x(A, coprofile(B))`): flat modes, or, when
/// `B` has scaled-basis strides, a layout coalesced mode by mode along the profile.
#[derive(Clone, Copy)]
pub(super) enum Lhs<'a> {
    Flat(&'a Flat),
    ByProfile(&'a Layout),
}

impl Lhs<'_> {
    /// `A` coalesced along `coprofile(b)`, into `flat` when that is a single integer.
    const fn of<'a>(
        a: &Layout,
        b: &Layout,
        flat: &'a mut Flat,
        by_profile: &'a mut Option<Layout>,
    ) -> Result<Lhs<'a>, Error> {
        if !b.has_basis_strides() {
            let src = Modes::leaves(a.shape_ref(), a.stride_ref());
            tri!(coalesce_into(src, true, false, Sink::Flat(flat)));
            return Ok(Lhs::Flat(flat));
        }
        let profile = tri!(b.try_coprofile());
        *by_profile = Some(tri!(coalesce_x(a, &profile)));
        match by_profile {
            Some(l) => Ok(Lhs::ByProfile(l)),
            None => Err(Error::WrongKind {
                msg: "composition: the left layout was not coalesced",
            }),
        }
    }

    /// Whether `A` is a single integral mode.
    const fn is_leaf(self) -> bool {
        match self {
            Lhs::Flat(f) => f.n == 1,
            Lhs::ByProfile(l) => l.shape_ref().is_leaf(),
        }
    }

    /// The number of modes of a flat `A`; an error when `A` is not flat.
    const fn flat_rank(self) -> Result<usize, Error> {
        match self {
            Lhs::Flat(f) => Ok(f.n),
            Lhs::ByProfile(l) => {
                if l.shape_ref().depth() > 1 {
                    return Err(Error::WrongKind {
                        msg: "composition: the left layout is not flat after coalescing",
                    });
                }
                Ok(l.shape_ref().rank())
            }
        }
    }

    /// Mode `i` of a flat `A` (the leaves are its modes).
    pub(super) const fn mode(self, i: usize) -> (Int, Int) {
        match self {
            Lhs::Flat(f) => (f.s(i), f.d(i)),
            Lhs::ByProfile(l) => (l.shape_ref().leaf(i), l.stride_ref().leaf(i)),
        }
    }
}

/// CuTe's `composition_impl(lhs_shape, lhs_stride, rhs_shape, rhs_stride)` for the subtree
/// `(s, d)` of `B` at `ns`/`nd` (the same node: shape and stride are congruent), written as
/// the next mode of `out`: right-distributivity over `B`'s modes, in one pass over the
/// tokens of the subtree (a tuple opens and closes a tuple of the result, an integral mode
/// is composed by [`composition_int`]), in the order of CuTe's recursion.
const fn composition_impl<const AS_CUTE: bool>(
    out: &mut LayoutBuilder,
    a: Lhs<'_>,
    bs: &IntTuple,
    ns: Node,
    bd: &IntTuple,
    nd: Node,
    carry: &mut Carry,
) -> Result<(), Error> {
    let _ = nd;
    if bs.is_leaf_node(ns) {
        return composition_int::<AS_CUTE>(out, a, bs.int_at(ns), bd.int_at(ns), carry);
    }
    let end = bs.node_end(ns);
    let mut k = ns;
    while k.t < end.t {
        if bs.is_leaf_node(k) {
            tri!(composition_int::<AS_CUTE>(
                out,
                a,
                bs.int_at(k),
                bd.int_at(k),
                carry
            ));
            k.l += 1;
        } else if bs.is_close(k) {
            tri!(out.close());
        } else {
            tri!(out.open());
        }
        k.t += 1;
    }
    Ok(())
}

/// Composition of `A` with one integral mode `s:d` of `B`, written as the next mode of
/// `out` (an integral mode, or a tuple of them).
const fn composition_int<const AS_CUTE: bool>(
    out: &mut LayoutBuilder,
    a: Lhs<'_>,
    s: Int,
    d: Int,
    carry: &mut Carry,
) -> Result<(), Error> {
    if d.is_basis() {
        // a scaled-basis stride selects a mode of A
        let Lhs::ByProfile(l) = a else {
            return Err(Error::WrongKind {
                msg: "composition: a scaled-basis stride needs a left layout by profile",
            });
        };
        let mut sub = *l;
        let mut k = 0;
        while k < d.basis_depth() {
            sub = tri!(sub.try_mode(d.basis_index(k)));
            k += 1;
        }
        return composition_int::<AS_CUTE>(out, Lhs::ByProfile(&sub), s, d.scale(), carry);
    }
    if d.is_constant(0) {
        return out.push_mode(s, d);
    }
    if let Lhs::Flat(f) = a
        && !AS_CUTE
    {
        if f.n == 1 {
            return out.push_mode(s, tri!(d.try_mul(f.d(0))));
        }
        if f.n > 1 && !carry.coordinates {
            return composition_int_flat::<true, false>(out, Modes::flat(f), s, d, carry);
        }
    }
    if a.is_leaf() {
        return out.push_mode(s, tri!(d.try_mul(a.mode(0).1)));
    }
    let r = tri!(a.flat_rank());
    if r == 0 {
        return Err(Error::WrongKind {
            msg: "composition: the left layout has no modes",
        });
    }
    // the new modes go straight into `out`, inside a tuple that is unwrapped at the end
    // if it holds a single mode
    let mark = out.mark();
    tri!(out.open());
    carry.count(d);
    let mut n = 0;
    let mut rest_shape = s;
    let mut rest_stride = d;
    let mut i = 0;
    while i + 1 < r {
        let (cs, cd) = a.mode(i);
        // a coordinate layout (a stride is a basis element) is tiled by CuTe with overhang
        // (the tiles of an identity tensor past its extent are predicated), so only CuTe's
        // own condition applies there
        let rest = if carry.coordinates {
            Int::dynamic(1)
        } else {
            rest_shape
        };
        let (next_shape, next_stride) = tri!(stride_step_with(rest_stride, cs, rest, i, AS_CUTE));
        if next_shape.is_constant(1) || rest_shape.is_constant(1) {
            rest_stride = next_stride;
        } else {
            let new_shape = next_shape.min(rest_shape);
            let next_rest = tri!(shape_step_with(rest_shape, new_shape, i, AS_CUTE));
            carry.add(i, new_shape, rest_stride);
            tri!(out.push_mode(new_shape, tri!(rest_stride.try_mul(cd))));
            n += 1;
            rest_shape = next_rest;
            rest_stride = next_stride;
        }
        i += 1;
    }
    let last = a.mode(r - 1).1;
    if n == 0 {
        tri!(out.push_mode(rest_shape, tri!(rest_stride.try_mul(last))));
        out.unwrap_single(mark);
        return Ok(());
    }
    let keep_rest = !rest_shape.is_constant(1);
    if n == 1 && !keep_rest {
        out.unwrap_single(mark);
        return Ok(());
    }
    if keep_rest {
        tri!(out.push_mode(rest_shape, tri!(rest_stride.try_mul(last))));
    }
    out.close()
}

/// [`composition_int`] of a flat `A` of two modes or more (its modes `m`, no stride a
/// basis element: not a coordinate layout) with an integral mode `s:d` of `B` whose stride
/// is a plain integer other than `_0`: the same walk, on the modes' arrays. Without
/// `TRACK` (where `B` is this one mode, which cannot carry into another), nothing is
/// recorded in `carry` for the carry check. With `BARE`, the new modes without the
/// parentheses of a tuple (what unpacking the composed mode makes of it: a single mode
/// stays as it is).
#[inline(always)]
const fn composition_int_flat<const TRACK: bool, const BARE: bool>(
    out: &mut LayoutBuilder,
    m: Modes<'_>,
    s: Int,
    d: Int,
    carry: &mut Carry,
) -> Result<(), Error> {
    let r = m.len();
    // the new modes go straight into `out`, inside a tuple that is unwrapped at the end
    // if it holds a single mode
    let mark = out.mark();
    if !BARE {
        tri!(out.open());
    }
    if TRACK {
        carry.count(d);
    }
    let mut n = 0;
    let mut rest_shape = s;
    let mut rest_stride = d;
    let mut i = 0;
    while i + 1 < r {
        let cs = m.s(i);
        let (next_shape, next_stride) = tri!(stride_step(rest_stride, cs, rest_shape, i));
        if next_shape.is_constant(1) || rest_shape.is_constant(1) {
            rest_stride = next_stride;
        } else {
            let new_shape = next_shape.min(rest_shape);
            let next_rest = tri!(shape_step(rest_shape, new_shape, i));
            if TRACK {
                carry.add(i, new_shape, rest_stride);
            }
            tri!(out.push_mode(new_shape, tri!(rest_stride.try_mul(m.d(i)))));
            n += 1;
            rest_shape = next_rest;
            rest_stride = next_stride;
        }
        i += 1;
    }
    let last = m.d(r - 1);
    if n == 0 {
        tri!(out.push_mode(rest_shape, tri!(rest_stride.try_mul(last))));
        if !BARE {
            out.unwrap_single(mark);
        }
        return Ok(());
    }
    let keep_rest = !rest_shape.is_constant(1);
    if n == 1 && !keep_rest {
        if !BARE {
            out.unwrap_single(mark);
        }
        return Ok(());
    }
    if keep_rest {
        tri!(out.push_mode(rest_shape, tri!(rest_stride.try_mul(last))));
    }
    if BARE {
        return Ok(());
    }
    out.close()
}

/// One mode `cs` of `A` in [`composition_int`]'s walk, with `d` the rest of `B`'s stride
/// and `rest` the rest of `B`'s shape: checks the stride divisibility condition and
/// answers `(ceil_div(cs, |d|), ceil_div(|d|, cs) * sign(d))` with CuTe's static bits.
///
/// The condition is the one that makes the walk the composed function (the *strong*
/// condition of pycute and of the CuTe paper): `|d| % cs == 0` or `cs % |d| == 0`, unless
/// the rest of `B`, `rest` elements `|d|` apart, stays inside the mode
/// (`rest <= ceil_div(cs, |d|)`). CuTe C++ checks only the *weak* condition `d % cs == 0 or
/// d < cs`, and only when both values are static, and otherwise returns a layout that is
/// not `A ∘ B`: `composition((_3,_16):(_48,_1), _4:_2)` is `(_2,_2):(_96,_1)` in CuTe,
/// which sends index 2 to offset 1 where `A(B(2)) = A(4) = 49`. rcute answers an error
/// there (a documented deviation, see `tests/golden/deviations.jsonl`); where CuTe's own
/// static assertion fails rcute reports CuTe's condition, as CuTe does.
///
/// A rest of one element is the right function whatever the strides: CuTe builds modes of
/// one element there when `d` or `cs` is dynamic, and so does rcute
/// (`logical_divide((3,_2):(_4,_0), 2:2)`, whose complement ends in a mode `1:4`).
///
/// Two positive plain integers whose sum does not overflow take one division (a shift
/// and a mask for a power of two, see [`div_rem_pos`]): then, where `d` is a multiple of
/// `cs` the pair is `(1, d / cs)`, where `d` divides `cs` it is `(cs / d, 1)`, and every
/// operation of the full form is static exactly when both operands are (no operand is a
/// static `_0`). Anything else, an error included, takes [`stride_step_full`], the full
/// form; a unit test compares the two.
#[inline(always)]
pub(crate) const fn stride_step(
    d: Int,
    cs: Int,
    rest: Int,
    mode: usize,
) -> Result<(Int, Int), Error> {
    stride_step_with(d, cs, rest, mode, false)
}

/// [`stride_step`], or with `as_cute` CuTe's step as CuTe takes it: only CuTe's weak
/// condition, and only on static values (see [`Layout::try_composition_as_cute`]). The
/// one-division path is the same in both.
#[inline(always)]
const fn stride_step_with(
    d: Int,
    cs: Int,
    rest: Int,
    mode: usize,
    as_cute: bool,
) -> Result<(Int, Int), Error> {
    let (dv, cv) = (d.value(), cs.value());
    if stride_step_is_plain(d, cs) {
        let st = d.is_static() && cs.is_static();
        if dv < cv {
            let (q, r) = div_rem_pos(cv as u64, dv as u64);
            if r == 0 {
                return Ok((Int::new(q as i64, st), Int::new(1, st)));
            }
        } else {
            let (q, r) = div_rem_pos(dv as u64, cv as u64);
            if r == 0 {
                return Ok((Int::new(1, st), Int::new(q as i64, st)));
            }
        }
    }
    // laid out of line: the one-division path falls through (a test of a remainder
    // against 0 would otherwise be laid out as the unlikely side)
    core::hint::cold_path();
    if as_cute {
        return stride_step_cute(d, cs, mode);
    }
    stride_step_full(d, cs, rest, mode)
}

/// Whether [`stride_step`] tries its one-division path: two positive plain integers whose
/// sum does not overflow.
#[inline(always)]
const fn stride_step_is_plain(d: Int, cs: Int) -> bool {
    let (dv, cv) = (d.value(), cs.value());
    !d.is_basis() && !cs.is_basis() && dv > 0 && cv > 0 && dv.checked_add(cv).is_some()
}

/// The message of CuTe's own (weak) stride divisibility condition.
const WEAK_STRIDE: &str =
    "composition: stride divisibility condition violated (stride % shape == 0 or stride < shape)";

/// The error of a violated weak stride divisibility condition at `mode`.
const fn weak_stride(d: Int, cs: Int, mode: usize) -> Error {
    Error::Precondition {
        msg: WEAK_STRIDE,
        mode: mode as i64,
        lhs: d.value(),
        rhs: cs.value(),
    }
}

/// CuTe's step of the walk as CuTe takes it: its static assertion of the weak condition
/// (`d % cs == 0 or d < cs`, only when both are static), then the same step as
/// [`stride_step_full`], whatever the values.
#[inline(never)]
const fn stride_step_cute(d: Int, cs: Int, mode: usize) -> Result<(Int, Int), Error> {
    if d.is_static() && cs.is_static() {
        let rem = tri!(d.try_rem(cs));
        if rem.value() != 0 && d.value() >= cs.value() {
            return Err(weak_stride(d, cs, mode));
        }
    }
    let abs = tri!(d.try_abs());
    let next_shape = tri!(cs.try_ceil_div(abs));
    let next_stride = tri!(tri!(abs.try_ceil_div(cs)).try_mul(d.signum()));
    Ok((next_shape, next_stride))
}

/// The message of a violated strong stride divisibility condition (see [`stride_step`]).
pub(crate) const STRONG_STRIDE: &str = "composition: stride divisibility condition violated (the stride and the extent of the mode must divide one another, unless the rest of the tiler stays inside the mode)";

/// Whether `|d|` and `cs` divide one another (the strong stride divisibility condition);
/// `Ok(false)` also when `d` is 0, which divides nothing.
pub(crate) const fn strides_divide(d: Int, cs: Int) -> Result<bool, Error> {
    let abs = tri!(d.try_abs());
    if abs.value() == 0 || cs.value() == 0 {
        return Ok(abs.value() == cs.value());
    }
    Ok(tri!(abs.try_rem(cs)).value() == 0 || tri!(cs.try_rem(abs)).value() == 0)
}

/// [`stride_step`] step by step, with every rule and error of the `Int` operations.
#[inline(never)]
const fn stride_step_full(d: Int, cs: Int, rest: Int, mode: usize) -> Result<(Int, Int), Error> {
    // CuTe's weak stride divisibility: d % cs == 0 or d < cs (harmless for a rest of one
    // element, which CuTe does not check unless both values are static)
    let rem = tri!(d.try_rem(cs));
    let harmless = rest.value() == 1 && !(d.is_static() && cs.is_static());
    if rem.value() != 0 && d.value() >= cs.value() && !harmless {
        return Err(weak_stride(d, cs, mode));
    }
    let abs = tri!(d.try_abs());
    let next_shape = tri!(cs.try_ceil_div(abs));
    // the strong condition, where the rest of B leaves the mode
    if rest.value() > next_shape.value() && !tri!(strides_divide(d, cs)) {
        return Err(Error::Precondition {
            msg: STRONG_STRIDE,
            mode: mode as i64,
            lhs: d.value(),
            rhs: cs.value(),
        });
    }
    let next_stride = tri!(tri!(abs.try_ceil_div(cs)).try_mul(d.signum()));
    Ok((next_shape, next_stride))
}

/// `rest / new` after checking the shape divisibility condition (`rest % new == 0`), in
/// [`composition_int`]'s walk. Two plain integers with `new > 0` and `rest` positive (or
/// a dynamic 0) take one division, a shift and a mask for a power of two (the quotient is
/// then static exactly when both are); anything else, an error included, takes
/// [`shape_step_full`], the full form.
#[inline(always)]
pub(crate) const fn shape_step(rest: Int, new: Int, mode: usize) -> Result<Int, Error> {
    shape_step_with(rest, new, mode, false)
}

/// [`shape_step`], or with `as_cute` CuTe's step as CuTe takes it: the shape divisibility
/// condition checked only where both values are static, and `rest / new` (truncated)
/// otherwise.
#[inline(always)]
const fn shape_step_with(rest: Int, new: Int, mode: usize, as_cute: bool) -> Result<Int, Error> {
    if shape_step_is_plain(rest, new) {
        let (q, r) = div_rem_pos(rest.value() as u64, new.value() as u64);
        if r == 0 {
            return Ok(Int::new(q as i64, rest.is_static() && new.is_static()));
        }
    }
    // laid out of line, as in `stride_step`
    core::hint::cold_path();
    if as_cute && !(rest.is_static() && new.is_static()) {
        return rest.try_div(new);
    }
    shape_step_full(rest, new, mode)
}

/// Whether [`shape_step`] tries its one-division path: two plain integers, `new > 0`,
/// `rest >= 0` and not a static `_0`.
#[inline(always)]
const fn shape_step_is_plain(rest: Int, new: Int) -> bool {
    !rest.is_basis()
        && !new.is_basis()
        && new.value() > 0
        && rest.value() >= 0
        && !rest.is_constant(0)
}

/// [`shape_step`] step by step, with every rule and error of the `Int` operations.
#[inline(never)]
const fn shape_step_full(rest: Int, new: Int, mode: usize) -> Result<Int, Error> {
    // Shape divisibility: rest % new == 0
    if tri!(rest.try_rem(new)).value() != 0 {
        return Err(Error::Precondition {
            msg: "composition: shape divisibility condition violated (the rest of the shape is not a multiple of the new mode)",
            mode: mode as i64,
            lhs: rest.value(),
            rhs: new.value(),
        });
    }
    rest.try_div(new)
}

/// The general composition (CuTe's `composition(lhs, rhs)`): coalesce `A` keeping the
/// function beyond its domain, then walk `B`.
#[cfg(test)]
pub(super) const fn composition_general(a: &Layout, b: &Layout) -> Result<Layout, Error> {
    let mut out = LayoutBuilder::new();
    tri!(composition_general_into(a, b, &mut out));
    out.finish()
}

/// [`composition_general`], on the stack where the operands are a few plain modes (see
/// `small`): the result built once, where it is returned.
///
/// Where rcute's conditions refuse, CuTe's answer is taken when it is the composed
/// function after all (see [`lawful_as_cute`]).
#[inline(never)]
const fn composition_small_or_general(a: &Layout, b: &Layout) -> Result<Layout, Error> {
    let mut few = None;
    let Some(m) = small::prepare(a, b, &mut few) else {
        return composition_general_or_cute(a, b);
    };
    let mut out = small::Small::new();
    match small::compose_prepared(m, b, &mut out) {
        Ok(true) => return Ok(out.layout()),
        Ok(false) => {}
        Err(e) => return lawful_as_cute(a, b, e),
    }
    composition_general_or_cute(a, b)
}

/// rcute's general composition (`composition_general_into`), or where it refuses,
/// [`lawful_as_cute`].
const fn composition_general_or_cute(a: &Layout, b: &Layout) -> Result<Layout, Error> {
    let mut out = LayoutBuilder::new();
    if let Err(e) = composition_general_into(a, b, &mut out) {
        return lawful_as_cute(a, b, e);
    }
    out.finish()
}

/// The most indices of the tiler on which [`lawful_as_cute`] checks CuTe's answer.
const LAW_CHECK_LIMIT: i64 = 1 << 12;

/// Where rcute's composition refused `a ∘ b` with `e`: CuTe's answer, if rcute's refusal
/// was a stride or shape divisibility condition and CuTe's answer is the composed function
/// (`R(i) == a(b(i))` for each of at most [`LAW_CHECK_LIMIT`] indices of `b`, `R`'s modes
/// the sizes of `b`'s); otherwise `e`.
///
/// rcute's conditions are sufficient, not necessary: a mode whose extent and the tiler's
/// stride do not divide one another can still compose where CuTe's carry into the next
/// mode lands on the offset the mode would have reached (a stride-0 mode followed by modes
/// that repeat a stride, as in `composition((6,(_2,_1)):(_0,(_6,6)), 4:4)`, which CuTe
/// answers `(2,2,1):(_0,6,6)`).
#[cold]
#[inline(never)]
const fn lawful_as_cute(a: &Layout, b: &Layout, e: Error) -> Result<Layout, Error> {
    if !is_divisibility(&e) || a.has_basis_strides() || b.has_basis_strides() {
        return Err(e);
    }
    let Ok(r) = composition_general_with(a, b, true) else {
        return Err(e);
    };
    if is_composition(a, b, &r) {
        Ok(r)
    } else {
        Err(e)
    }
}

/// Whether `e` is composition's stride or shape divisibility condition.
const fn is_divisibility(e: &Error) -> bool {
    let Error::Precondition { msg, .. } = e else {
        return false;
    };
    starts_with(msg, "composition: stride divisibility")
        || starts_with(msg, "composition: shape divisibility")
}

/// `s.starts_with(p)`, in a `const fn`.
const fn starts_with(s: &str, p: &str) -> bool {
    let (s, p) = (s.as_bytes(), p.as_bytes());
    if s.len() < p.len() {
        return false;
    }
    let mut i = 0;
    while i < p.len() {
        if s[i] != p[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether `r` is `a ∘ b` (no scaled-basis strides): `R(i) == a(b(i))` for every index `i`
/// of `b` (`a` extended past its size along its last leaf, as CuTe evaluates it), with
/// `r`'s modes of the sizes of `b`'s where `b` has modes; `false` where `b` has more than
/// [`LAW_CHECK_LIMIT`] indices, an offset of `b` is negative or an offset overflows.
const fn is_composition(a: &Layout, b: &Layout, r: &Layout) -> bool {
    if r.has_basis_strides() {
        return false;
    }
    let (Ok(n), Ok(nr)) = (b.try_size(), r.try_size()) else {
        return false;
    };
    let n = n.value();
    if n != nr.value() || n > LAW_CHECK_LIMIT {
        return false;
    }
    if !b.shape_ref().is_leaf() {
        if r.rank() != b.rank() {
            return false;
        }
        let mut i = 0;
        while i < b.rank() {
            let (Ok(bi), Ok(ri)) = (b.try_mode(i), r.try_mode(i)) else {
                return false;
            };
            let (Ok(sb), Ok(sr)) = (bi.try_size(), ri.try_size()) else {
                return false;
            };
            if sb.value() != sr.value() {
                return false;
            }
            i += 1;
        }
    }
    let mut i = 0;
    while i < n {
        let (Some(bi), Some(ri)) = (checked_offset(b, i), checked_offset(r, i)) else {
            return false;
        };
        if bi < 0 {
            return false;
        }
        match checked_offset(a, bi) {
            Some(x) if x == ri => {}
            _ => return false,
        }
        i += 1;
    }
    true
}

/// `l(idx)` for a 1-D index `idx >= 0` (the last leaf unbounded, as CuTe extends a layout
/// past its size), `None` on an overflow or a shape that is not positive.
const fn checked_offset(l: &Layout, idx: i64) -> Option<i64> {
    let (s, d) = (l.shape_ref(), l.stride_ref());
    let n = s.leaf_count();
    let mut c = idx;
    let mut off = 0i64;
    let mut i = 0;
    while i < n {
        let (e, st) = (s.leaf_at(i).value(), d.leaf_at(i).value());
        if e <= 0 {
            return None;
        }
        let x = if i + 1 < n { c % e } else { c };
        let Some(t) = x.checked_mul(st) else {
            return None;
        };
        let Some(o) = off.checked_add(t) else {
            return None;
        };
        off = o;
        c /= e;
        i += 1;
    }
    Some(off)
}

/// CuTe's `composition(A, n)` for an integer `n`, on the stack where the operands are a
/// few plain modes (see `small`).
#[inline(never)]
const fn composition_integer(a: &Layout, n: Int) -> Result<Layout, Error> {
    let mut out = small::Small::new();
    match small::compose_integer(a, n, &mut out) {
        Ok(true) => return Ok(out.layout()),
        Ok(false) => {}
        Err(e) => return lawful_integer_as_cute(a, n, e),
    }
    let r = composition_integer_with(a, n, false);
    if let Err(e) = r {
        return lawful_integer_as_cute(a, n, e);
    }
    r
}

/// [`lawful_as_cute`] of `composition(a, n)` for an integer `n`: CuTe's answer where it is
/// the composition with `n:_1`, otherwise `e`.
#[cold]
#[inline(never)]
const fn lawful_integer_as_cute(a: &Layout, n: Int, e: Error) -> Result<Layout, Error> {
    if !is_divisibility(&e) || a.has_basis_strides() || n.is_basis() {
        return Err(e);
    }
    let (Ok(b), Ok(r)) = (
        Layout::try_new(IntTuple::from_int(n), IntTuple::constant(1)),
        composition_integer_with(a, n, true),
    ) else {
        return Err(e);
    };
    if is_composition(a, &b, &r) {
        Ok(r)
    } else {
        Err(e)
    }
}

/// [`Layout::try_composition_tiler`] by a tuple tiler, on the stack where the operands are a
/// few plain modes (see `small`).
#[inline(never)]
const fn composition_tuple(a: &Layout, t: &Tiler) -> Result<Layout, Error> {
    let mut out = small::Small::new();
    // a tiler whose elements all meet single modes of `a` on a path of its own (which
    // answers no error: where it declines, the general path answers)
    let done = if small::leaf_elements(a, t.guide()) {
        small::compose_leaf_tuple(a, t, &mut out)
    } else {
        tri!(small::compose_tuple(a, t, &mut out))
    };
    if done {
        return Ok(out.layout());
    }
    let rt = t.rank();
    if rt > a.rank() {
        return Err(Error::RankMismatch {
            msg: "composition: the tiler has more modes than the layout",
            expected: a.rank(),
            found: rt,
        });
    }
    let mut b = LayoutBuilder::new();
    tri!(a.composition_tuple_into(t, &mut b));
    b.finish()
}

/// [`composition_general`], or with `as_cute` CuTe's walk as CuTe takes it (see
/// [`Layout::try_composition_as_cute`]).
pub(crate) const fn composition_general_with(
    a: &Layout,
    b: &Layout,
    as_cute: bool,
) -> Result<Layout, Error> {
    let mut out = LayoutBuilder::new();
    let mut flat = Flat::new();
    let mut by_profile = None;
    let lhs = tri!(Lhs::of(a, b, &mut flat, &mut by_profile));
    if as_cute {
        tri!(walk::<true>(&mut out, lhs, b, Node::ROOT));
    } else {
        tri!(walk::<false>(&mut out, lhs, b, Node::ROOT));
    }
    out.finish()
}

/// CuTe's `composition(A, n)` for an integer `n` (`A` coalesced, composed with `n:_1`),
/// or with `as_cute` as CuTe takes it.
pub(crate) const fn composition_integer_with(
    a: &Layout,
    n: Int,
    as_cute: bool,
) -> Result<Layout, Error> {
    let mut flat = Flat::new();
    let src = Modes::leaves(a.shape_ref(), a.stride_ref());
    tri!(coalesce_into(src, true, false, Sink::Flat(&mut flat)));
    let mut carry = Carry::over(&flat);
    let mut out = LayoutBuilder::new();
    if as_cute {
        tri!(composition_int::<true>(
            &mut out,
            Lhs::Flat(&flat),
            n,
            Int::ONE,
            &mut carry
        ));
    } else {
        tri!(composition_int::<false>(
            &mut out,
            Lhs::Flat(&flat),
            n,
            Int::ONE,
            &mut carry
        ));
    }
    out.finish()
}

/// [`Layout::try_composition`] of the sub-layout of `a` at node `an` with `b`, written as
/// the next mode of `out` (the sub-layout read in place where `b` has integer strides).
pub(crate) const fn compose_sub_into(
    a: &Layout,
    an: Node,
    b: &Layout,
    bn: Node,
    out: &mut LayoutBuilder,
) -> Result<(), Error> {
    if b.has_basis_strides() {
        if bn.t != 0 {
            // the sub-layout of `b` on its own
            let m = Layout::from_parts(b.shape_ref().subtree(bn), b.stride_ref().subtree(bn));
            return compose_sub_into(a, an, &m, Node::ROOT, out);
        }
        // coalesced along the profile of `b`: on a copy of the mode
        let m = if an.t == 0 {
            *a
        } else {
            Layout::from_parts(a.shape_ref().subtree(an), a.stride_ref().subtree(an))
        };
        return composition_general_into(&m, b, out);
    }
    if a.shape_ref().is_leaf_node(an) {
        // `compose_leaf`, copied in place
        return out.push_sub_composed(a.stride_ref().int_at(an), b, bn);
    }
    // `Lhs::of` on the sub-layout's leaves
    let mut flat = Flat::new();
    tri!(coalesce_into(
        Modes::sub(a, an),
        true,
        false,
        Sink::Flat(&mut flat)
    ));
    if flat.n == 1 {
        // a single mode: `compose_leaf`, copied in place (as in `compose_flat_into`)
        return out.push_sub_composed(flat.d(0), b, bn);
    }
    walk::<false>(out, Lhs::Flat(&flat), b, bn)
}

/// `A ∘ (the sub-layout of b at bn, the layout of the flat modes c)` written as the next
/// mode of `out`, for an `A` given as its modes coalesced for the walk (`f`, CuTe's
/// `coalesce_x`) and a `b` with integer strides: what [`compose_sub_into`] answers for
/// that pair (the divisor of a logical divide, `(tile, complement)`), without building the
/// pair. The caller checks that the pair fits one layout.
pub(crate) const fn compose_pair_into(
    f: &Flat,
    b: &Layout,
    bn: Node,
    c: &Flat,
    out: &mut LayoutBuilder,
) -> Result<(), Error> {
    let a = Lhs::Flat(f);
    let mut carry = Carry::over(f);
    tri!(out.open());
    tri!(composition_impl::<false>(
        out,
        a,
        b.shape_ref(),
        bn,
        b.stride_ref(),
        bn,
        &mut carry
    ));
    // the flat modes of `c`: its single mode, or a flat tuple of them
    if c.n == 1 {
        tri!(composition_int::<false>(out, a, c.s(0), c.d(0), &mut carry));
    } else {
        tri!(out.open());
        let mut i = 0;
        while i < c.n {
            tri!(composition_int::<false>(out, a, c.s(i), c.d(i), &mut carry));
            i += 1;
        }
        tri!(out.close());
    }
    tri!(out.close());
    carry.check(f)
}

/// [`compose_pair_into`] for a flat `A` of two modes or more (no coordinate strides),
/// with the second mode of the result unpacked where its rank is not 1 (CuTe's
/// `tiled_divide` by a layout: `(tile, rests...)`); `Ok(false)` where `A` is not of that
/// form (nothing written then).
pub(crate) const fn compose_pair_unpacked(
    f: &Flat,
    b: &Layout,
    bn: Node,
    c: &Flat,
    out: &mut LayoutBuilder,
) -> Result<bool, Error> {
    if f.n < 2 || has_coordinates(f) {
        return Ok(false);
    }
    let a = Lhs::Flat(f);
    let mut carry = Carry::over(f);
    tri!(out.open());
    tri!(composition_impl::<false>(
        out,
        a,
        b.shape_ref(),
        bn,
        b.stride_ref(),
        bn,
        &mut carry
    ));
    if c.n == 1 {
        // the one mode composed, its parentheses (if a tuple, of two modes or more) off
        let (s, d) = (c.s(0), c.d(0));
        if d.is_constant(0) {
            tri!(out.push_mode(s, d));
        } else {
            tri!(composition_int_flat::<true, true>(
                out,
                Modes::flat(f),
                s,
                d,
                &mut carry
            ));
        }
    } else {
        // a tuple of other than one mode: its modes
        let mut i = 0;
        while i < c.n {
            tri!(composition_int::<false>(out, a, c.s(i), c.d(i), &mut carry));
            i += 1;
        }
    }
    tri!(out.close());
    tri!(carry.check(f));
    Ok(true)
}

/// [`compose_pair_into`] with the pair's two modes written into two builders: the
/// composition with the sub-layout of `b` at `bn` as the next mode of `tiles`, the one
/// with `c` as the next mode of `rests` (the zipped form of a divide, built without the
/// divided layout). The same walk in the same order, so the same first error.
pub(crate) const fn compose_pair_split(
    f: &Flat,
    b: &Layout,
    bn: Node,
    c: &Flat,
    tiles: &mut LayoutBuilder,
    rests: &mut LayoutBuilder,
) -> Result<(), Error> {
    let a = Lhs::Flat(f);
    let mut carry = Carry::over(f);
    tri!(composition_impl::<false>(
        tiles,
        a,
        b.shape_ref(),
        bn,
        b.stride_ref(),
        bn,
        &mut carry
    ));
    if c.n == 1 {
        tri!(composition_int::<false>(
            rests,
            a,
            c.s(0),
            c.d(0),
            &mut carry
        ));
    } else {
        tri!(rests.open());
        let mut i = 0;
        while i < c.n {
            tri!(composition_int::<false>(
                rests,
                a,
                c.s(i),
                c.d(i),
                &mut carry
            ));
            i += 1;
        }
        tri!(rests.close());
    }
    carry.check(f)
}

/// [`composition_general`] written as the next mode of `out`.
pub(crate) const fn composition_general_into(
    a: &Layout,
    b: &Layout,
    out: &mut LayoutBuilder,
) -> Result<(), Error> {
    let mut flat = Flat::new();
    let mut by_profile = None;
    let lhs = tri!(Lhs::of(a, b, &mut flat, &mut by_profile));
    if let Lhs::Flat(f) = lhs {
        if f.n == 1 {
            // a single mode: `compose_leaf`, copied in place (as in `compose_flat_into`)
            return out.push_sub_composed(f.d(0), b, Node::ROOT);
        }
        if b.shape_ref().is_leaf() && f.n > 1 && !has_coordinates(f) {
            // a single mode `s:d` of B: the walk without the carry check, which a single
            // mode passes (what `walk` answers)
            return compose_one_mode(out, f, b.shape_ref().leaf(0), b.stride_ref().leaf(0));
        }
    }
    walk::<false>(out, lhs, b, Node::ROOT)
}

/// A flat `A` of two modes or more (no coordinate strides) composed with the single
/// mode `s:d` of a `B` with integer strides: [`composition_int`] without the carry
/// bookkeeping.
#[inline(never)]
const fn compose_one_mode(out: &mut LayoutBuilder, f: &Flat, s: Int, d: Int) -> Result<(), Error> {
    if d.is_constant(0) {
        return out.push_mode(s, d);
    }
    composition_int_flat::<false, false>(out, Modes::flat(f), s, d, &mut Carry::new())
}

/// Whether a stride of `f` is a basis element (a coordinate layout, see [`Carry`]).
#[inline]
const fn has_coordinates(f: &Flat) -> bool {
    let mut k = 0;
    while k < f.n {
        if f.d(k).is_basis() {
            return true;
        }
        k += 1;
    }
    false
}

/// `A ∘ b` written as the next mode of `out`, for an `A` given as flat modes that are
/// already coalesced (the result of a complement or a coalesce: coalescing them again for
/// the walk changes nothing, as a `_1` is left only as the single mode `_1:_0`, which the
/// single-mode case covers) and a `b` with integer strides.
#[inline(always)]
pub(crate) const fn compose_flat_into(
    a: &Flat,
    b: &Layout,
    out: &mut LayoutBuilder,
) -> Result<(), Error> {
    if a.n == 1 {
        // `compose_leaf`, copied in place
        return out.push_sub_composed(a.d(0), b, Node::ROOT);
    }
    walk::<false>(out, Lhs::Flat(a), b, Node::ROOT)
}

/// CuTe's walk of every mode of `b` over `a`, then the check that composing mode by mode
/// was the composed function (see [`Carry`]).
const fn walk<const AS_CUTE: bool>(
    out: &mut LayoutBuilder,
    a: Lhs<'_>,
    b: &Layout,
    bn: Node,
) -> Result<(), Error> {
    let mut carry = match a {
        Lhs::Flat(f) => Carry::over(f),
        Lhs::ByProfile(_) => Carry::new(),
    };
    tri!(composition_impl::<AS_CUTE>(
        out,
        a,
        b.shape_ref(),
        bn,
        b.stride_ref(),
        bn,
        &mut carry,
    ));
    match a {
        Lhs::Flat(f) if !AS_CUTE => carry.check(f),
        _ => Ok(()),
    }
}

/// `s:d ∘ B` for a single-mode `A = s:d` and a `B` with integer strides, without the
/// general walk: `A` stays a single mode when coalesced (a static `_1` extends to `_2:d`,
/// still one mode), so every integral mode `t:e` of `B` becomes `t:(e*d)` (CuTe's
/// "integral lhs" case of `composition_impl`; a `_0` stride stays `_0`, as `_0 * d` is
/// `_0`), with `B`'s hierarchy.
#[inline(never)]
const fn compose_leaf(d: Int, b: &Layout) -> Result<Layout, Error> {
    // `b` copied once, into the result (by `Layout::copy_small` where it is small), and its
    // strides scaled there (`scale_leaves_from(0, d)`, in line: the first stride whose
    // scaling fails is the error; a `_0` stays `_0`).
    // Every exit returns `res` itself, written through places and calls that hand out no
    // reference into it, so that it is built where the caller receives it.
    let mut res = if b.is_small() {
        // the few tokens and leaves in use read, the rest written zero
        Ok(b.copy_small())
    } else {
        Ok(*b)
    };
    let Ok(l) = &mut res else {
        return res;
    };
    let n = l.stride.leaf_count();
    // whether a stride is a scaled basis element (`has_basis`, on the way)
    let mut basis = false;
    let mut i = 0;
    while i < n {
        let mut e = l.stride.leaf_at(i);
        if !e.is_constant(0) {
            match e.try_mul(d) {
                Ok(x) => e = x,
                Err(e) => {
                    res = Err(e);
                    return res;
                }
            }
            l.stride.put_leaf(i, e);
        }
        basis |= e.is_basis();
        i += 1;
    }
    l.basis = basis;
    res
}

impl Layout {
    /// The profile of the codomain as `_0`s (CuTe's `coprofile`): `_0` for integer strides,
    /// a tuple of `_0`s for scaled-basis strides.
    pub const fn try_coprofile(&self) -> Result<IntTuple, Error> {
        if !self.has_basis_strides() {
            return Ok(IntTuple::constant(0));
        }
        let mut acc = IntTuple::constant(0);
        let mut i = 0;
        while i < self.stride_ref().leaf_count() {
            let d = IntTuple::from_int(self.stride_ref().leaf(i));
            acc = tri!(crate::tuple::arith_add(&acc, &d));
            i += 1;
        }
        // CuTe's as_arithmetic_tuple: a lone basis element `_1@0` becomes `(_1)`
        Ok(tri!(crate::tuple::arith_expand(&acc)).repeat_like(Int::ZERO))
    }

    /// `self ∘ b`: the layout `R` with `R(c) == self(b(c))` for every coordinate `c` of `b`,
    /// congruent to `b` (CuTe's `composition(A, B)`).
    ///
    /// # Errors
    /// [`Error::Precondition`] when the stride or shape divisibility condition fails (CuTe
    /// asserts these only on static values; rcute checks the values, so a dynamic input
    /// never yields a wrong layout). The conditions are sufficient, not necessary: where
    /// they fail, CuTe's answer is checked as a function (on at most 4096 indices of `b`)
    /// and answered where it is `self ∘ b`, so that
    /// `composition((6,(_2,_1)):(_0,(_6,6)), 4:4)` is CuTe's `(2,2,1):(_0,6,6)`.
    ///
    /// ```
    /// use rcute::layout;
    /// let a = layout!((_6,_2):(_8,_2));
    /// let b = layout!((_4,_3):(_3,_1));
    /// assert_eq!(a.composition(&b).to_string(), "((_2,_2),_3):((_24,_2),_8)");
    /// assert_eq!(layout!((6,2):(8,2)).composition(&layout!((4,3):(3,1))).to_string(),
    ///            "((2,2),(3,1)):((24,2),(8,2))");
    /// // a dynamic layout that breaks the shape divisibility condition
    /// assert!(layout!((8,8):(8,1)).try_composition(&layout!(4:3)).is_err());
    /// // rcute's stride condition fails at mode 0 (4 and 6), and CuTe's carry into the next
    /// // mode lands where mode 0 would have: CuTe's answer is the composition
    /// let a = layout!((6,(_2,_1)):(_0,(_6,6)));
    /// assert_eq!(a.composition(&layout!(4:4)).to_string(), "(2,2,1):(_0,6,6)");
    /// ```
    pub const fn try_composition(&self, b: &Layout) -> Result<Layout, Error> {
        if self.shape_ref().is_leaf() && !b.has_basis_strides() {
            return compose_leaf(self.stride_ref().leaf(0), b);
        }
        composition_small_or_general(self, b)
    }

    /// [`Layout::try_composition`], panicking with the error's message.
    #[track_caller]
    pub const fn composition(&self, b: &Layout) -> Layout {
        unwrap_or_panic!(self.try_composition(b))
    }

    /// Composition with a tiler (CuTe's `composition(A, tiler)`): a layout composes as
    /// [`Layout::try_composition`]; an integer `n` as `n:_1`; `_` keeps `self`; a tuple
    /// composes mode by mode, and the modes of `self` beyond the tuple are **dropped**.
    ///
    /// ```
    /// use rcute::{layout, tiler};
    /// let a = layout!((12,(4,8)):(59,(13,1)));
    /// assert_eq!(a.composition_tiler(&tiler!((_3:_4, _8:_2))).to_string(), "(_3,(2,4)):(236,(26,1))");
    /// assert_eq!(a.composition_tiler(&tiler!((_3,_8))).to_string(), "(_3,(4,2)):(59,(13,1))");
    /// assert_eq!(a.composition_tiler(&tiler!((_3:_4))).to_string(), "(_3):(236)");
    /// assert_eq!(a.composition_tiler(&tiler!(_6)).to_string(), "(6,1,1):(59,13,1)");
    /// ```
    pub const fn try_composition_tiler(&self, t: &Tiler) -> Result<Layout, Error> {
        match t.kind() {
            TilerKind::Layout(l) => self.try_composition(l),
            TilerKind::Underscore => Ok(*self),
            TilerKind::Integer(n) => composition_integer(self, n),
            TilerKind::Tuple => composition_tuple(self, t),
        }
    }

    /// [`Layout::try_composition_tiler`] by a tuple tiler of at most `self.rank()` elements,
    /// written into `b` (empty).
    #[inline(always)]
    pub(super) const fn composition_tuple_into(
        &self,
        t: &Tiler,
        b: &mut LayoutBuilder,
    ) -> Result<(), Error> {
        let rt = t.rank();
        tri!(b.open());
        // a mode of self composed with a layout or integer element, read in place: a
        // single-mode mode takes the element, its strides scaled (see `compose_leaf`)
        let mut walk = PairWalk::new(self, t);
        let mut i = 0;
        while i < rt {
            if let Some((_, d, e)) = walk.single(self, t, i) {
                match walk.integer(t) {
                    // an integer `n` composes as `n:_1`
                    Some(n) => tri!(b.push_mode_composed(n, Int::ONE, d)),
                    None => tri!(b.push_sub_composed(d, t.inner_layout(), e)),
                }
                walk.advance(self, t, i);
                i += 1;
                continue;
            }
            if let Some((mn, e)) = walk.element(self, t, i) {
                match walk.integer(t) {
                    Some(n) => tri!(compose_sub_into(self, mn, &unit_stride(n), Node::ROOT, b)),
                    None => tri!(compose_sub_into(self, mn, t.inner_layout(), e, b)),
                }
                walk.advance(self, t, i);
                i += 1;
                continue;
            }
            walk.advance(self, t, i);
            let mode = tri!(self.try_mode(i));
            let r = match t.composition_element(i) {
                Some(e) => tri!(mode.try_composition(&e)),
                None => tri!(mode.try_composition_tiler(&tri!(t.try_element(i)))),
            };
            tri!(b.push_layout(&r));
            i += 1;
        }
        b.close()
    }

    /// [`Layout::try_composition_tiler`], panicking with the error's message.
    #[track_caller]
    pub const fn composition_tiler(&self, t: &Tiler) -> Layout {
        unwrap_or_panic!(self.try_composition_tiler(t))
    }

    /// `self` composed with the compact column-major layout of `shape` (CuTe's
    /// `layout.with_shape(shape)`): the same elements seen through another shape.
    ///
    /// ```
    /// use rcute::{layout, int_tuple};
    /// assert_eq!(layout!(_24:_1).with_shape(&int_tuple!((_4,_6))).to_string(), "(_4,_6):(_1,_4)");
    /// assert_eq!(layout!((_4,_6):(_6,_1)).with_shape(&int_tuple!((_2,_12))).to_string(),
    ///            "(_2,(_2,_6)):(_6,(_12,_1))");
    /// ```
    pub const fn try_with_shape(&self, shape: &IntTuple) -> Result<Layout, Error> {
        let b = tri!(Layout::try_from_shape(*shape));
        self.try_composition(&b)
    }

    /// [`Layout::try_with_shape`], panicking with the error's message.
    #[track_caller]
    pub const fn with_shape(&self, shape: &IntTuple) -> Layout {
        unwrap_or_panic!(self.try_with_shape(shape))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::tiler::by_mode;

    /// The integers the step tests combine: small and large values of both signs, zero,
    /// the extremes of `i64`, each static and dynamic, and two scaled-basis elements.
    fn step_operands() -> std::vec::Vec<Int> {
        let values = [
            0,
            1,
            2,
            3,
            4,
            6,
            8,
            12,
            64,
            4096,
            -1,
            -2,
            -3,
            -8,
            i64::MAX,
            i64::MAX - 1,
            i64::MAX / 2,
            i64::MAX / 2 + 1,
            i64::MIN,
            i64::MIN + 1,
            1 << 40,
        ];
        let mut v = std::vec::Vec::new();
        for x in values {
            v.push(Int::dynamic(x));
            v.push(Int::constant(x));
        }
        v.push(Int::try_basis(Int::constant(2), &[0]).unwrap());
        v.push(Int::try_basis(Int::dynamic(4), &[1]).unwrap());
        v
    }

    /// The one-division steps of the composition walk answer exactly what the full forms
    /// answer (values, static bits and errors) on every pair of operands.
    #[test]
    fn composition_steps_are_their_full_forms() {
        let ops = step_operands();
        let (mut fast_stride, mut fast_shape) = (0, 0);
        let (mut stride_errors, mut shape_errors) = (0, 0);
        for &a in &ops {
            for &b in &ops {
                let full = stride_step_full(a, b, Int::dynamic(2), 3);
                let step = stride_step(a, b, Int::dynamic(2), 3);
                assert_eq!(step, full, "stride step of {a:?} by {b:?}");
                let full_one = stride_step_full(a, b, Int::dynamic(1), 3);
                let step_one = stride_step(a, b, Int::dynamic(1), 3);
                assert_eq!(step_one, full_one, "stride step of {a:?} by {b:?}, rest 1");
                fast_stride += stride_step_is_plain(a, b) as usize;
                stride_errors += full.is_err() as usize;
                let full = shape_step_full(a, b, 3);
                assert_eq!(shape_step(a, b, 3), full, "shape step of {a:?} by {b:?}");
                fast_shape += shape_step_is_plain(a, b) as usize;
                shape_errors += full.is_err() as usize;
            }
        }
        // both fast paths and both steps' errors are exercised, not only the full forms
        assert_eq!(ops.len() * ops.len(), 44 * 44);
        assert!(fast_stride > 200 && fast_shape > 200);
        assert!(stride_errors > 200 && shape_errors > 200);
    }

    /// The walk of a flat `A` on its modes' arrays (`composition_int_flat`) gives exactly
    /// the general walk's answer (values, static bits, hierarchy, errors, and then the
    /// carry check's answer) for one to three modes of `B` over random coalesced `A`s.
    #[test]
    fn flat_walk_is_the_general_walk() {
        use crate::algebra::testgen::Gen;
        let mut g = Gen(53);
        let (mut compared, mut fast, mut oks) = (0, 0, 0);
        for _ in 0..6000 {
            let a = g.layout(2);
            let mut f = Flat::new();
            let src = Modes::leaves(a.shape_ref(), a.stride_ref());
            if coalesce_into(src, true, false, Sink::Flat(&mut f)).is_err() {
                continue;
            }
            // the same modes as a flat layout, read by the general walk
            let mut fl = LayoutBuilder::new();
            fl.push_flat(&f).unwrap();
            let fl = fl.finish().unwrap();
            let b = g.layout(1);
            let (mut gen_out, mut fast_out) = (LayoutBuilder::new(), LayoutBuilder::new());
            let (mut gen_carry, mut fast_carry) = (Carry::over(&f), Carry::over(&f));
            let (mut gen_res, mut fast_res) = (Ok(()), Ok(()));
            for k in 0..b.shape_ref().leaf_count() {
                let (s, d) = (b.shape_ref().leaf(k), b.stride_ref().leaf(k));
                if gen_res.is_ok() {
                    gen_res = composition_int::<false>(
                        &mut gen_out,
                        Lhs::ByProfile(&fl),
                        s,
                        d,
                        &mut gen_carry,
                    );
                }
                if fast_res.is_ok() {
                    fast_res = composition_int::<false>(
                        &mut fast_out,
                        Lhs::Flat(&f),
                        s,
                        d,
                        &mut fast_carry,
                    );
                }
                fast += usize::from(f.n > 1 && !fast_carry.coordinates && !d.is_constant(0));
            }
            let gen_all = gen_res.and_then(|()| gen_carry.check(&f));
            let fast_all = fast_res.and_then(|()| fast_carry.check(&f));
            assert_eq!(fast_all, gen_all, "{a} o {b}");
            if gen_all.is_ok() {
                assert_eq!(fast_out.finish(), gen_out.finish(), "{a} o {b}");
                oks += 1;
            }
            compared += 1;
        }
        assert!(compared > 5000, "{compared} compared");
        assert!(fast > 3000, "{fast} fast walks");
        assert!(oks > 1000, "{oks} answers");
    }

    /// Composing with a single mode of `B` (no carry check) or over an `A` that coalesces
    /// to one mode (`compose_leaf` in place) gives exactly the walk's answer, on random
    /// layouts.
    #[test]
    fn general_shortcuts_are_the_walk() {
        use crate::algebra::testgen::Gen;
        let mut g = Gen(59);
        let (mut compared, mut leaf_b, mut single_a) = (0, 0, 0);
        for _ in 0..6000 {
            let a = g.layout(2);
            let b = if g.next(2) == 0 {
                g.layout(0)
            } else {
                g.layout(1)
            };
            let mut got = LayoutBuilder::new();
            let got = composition_general_into(&a, &b, &mut got).and_then(|()| got.finish());
            let mut flat = Flat::new();
            let mut by_profile = None;
            let want = Lhs::of(&a, &b, &mut flat, &mut by_profile).and_then(|lhs| {
                let mut w = LayoutBuilder::new();
                walk::<false>(&mut w, lhs, &b, Node::ROOT).and_then(|()| w.finish())
            });
            assert_eq!(got, want, "{a} o {b}");
            leaf_b += usize::from(b.shape_ref().is_leaf() && flat.n > 1);
            single_a += usize::from(flat.n == 1);
            compared += 1;
        }
        assert_eq!(compared, 6000);
        assert!(leaf_b > 800 && single_a > 800, "{leaf_b} {single_a}");
    }

    /// A violated stride divisibility condition is an error, except where a value is
    /// dynamic and the rest of the shape is 1: CuTe does not check it then, and its modes
    /// of one element are the right function.
    #[test]
    fn stride_condition_on_a_rest_of_one() {
        let (d, cs) = (4, 3);
        for (ds, cst, rest, refused) in [
            (false, true, Int::dynamic(1), false),
            (true, false, Int::dynamic(1), false),
            (false, false, Int::constant(1), false),
            (true, true, Int::dynamic(1), true),
            (true, true, Int::constant(1), true),
            (false, true, Int::dynamic(2), true),
            (false, false, Int::constant(2), true),
        ] {
            let (d, cs) = (Int::new(d, ds), Int::new(cs, cst));
            let got = stride_step(d, cs, rest, 0);
            assert_eq!(got.is_err(), refused, "{d:?} {cs:?} {rest:?}");
            if let Ok((s, t)) = got {
                // CuTe's next_shape and next_stride: ceil_div(3, 4) and ceil_div(4, 3)
                assert_eq!((s.value(), t.value()), (1, 2));
            }
        }
    }

    /// The single-mode fast path gives exactly the general walk's answer (values, static
    /// bits, hierarchy, errors) over every combination of small single-mode `A`s (static
    /// and dynamic, `_1`, zero, negative and scaled-basis strides) and a set of `B`s.
    #[test]
    fn single_mode_fast_path_is_the_general_composition() {
        let shapes = ["_1", "1", "_3", "4", "_8", "12"];
        let strides = ["_0", "0", "_1", "1", "_2", "3", "-3", "_1@0", "_2@1"];
        let bs = [
            "_1:_0",
            "4:1",
            "_4:_1",
            "(2,3):(1,2)",
            "(_2,_3):(_3,_1)",
            "((2,_2),4):((_0,1),_4)",
            "(_4,(_2,3)):(_2,(0,_8))",
            "8:_-1",
            "(16,(_1)):(_2,(_0))",
            "3:0",
            // a product that overflows past the first leaf (the error, the leaves before it
            // scaled already)
            "(2,3):(1,4611686018427387904)",
        ];
        let mut compared = 0;
        for s in shapes {
            for d in strides {
                let a = Layout::try_parse(&std::format!("{s}:{d}")).unwrap();
                for b in bs {
                    let b = Layout::try_parse(b).unwrap();
                    let fast = compose_leaf(a.stride_ref().leaf(0), &b);
                    let general = composition_general(&a, &b);
                    assert_eq!(fast, general, "{a} o {b}");
                    compared += 1;
                }
            }
        }
        assert_eq!(compared, shapes.len() * strides.len() * bs.len());
    }

    /// Composing with a tuple tiler (single-mode modes composed in place) gives the
    /// mode-by-mode definition's answer, overflow errors included: each mode composed with
    /// its element, the modes beyond the tiler's dropped (as CuTe's `transform_layout`
    /// drops them).
    #[test]
    fn tuple_tiler_composition_is_mode_by_mode() {
        let layouts = [
            "(4096,4096):(1,4096)",
            "(_6,(4,_3),5):(_1,(6,_24),0)",
            "(12,_8):(_-1,12)",
            "(_1,6):(_0,_2)",
            "(8,8,2):(_8,_1,_64)",
            "(3,5):(4611686018427387904,_2)",
            "(7,2):(-4611686018427387904,1)",
        ];
        let tilers = [
            "(_2,_4)",
            "(3,_)",
            "(_2:_3,4)",
            "(_4,(_2,_2):(_1,_4))",
            "(_1,_2,_5)",
            "(_6:_1)",
            "(128:1,64:1)",
            "(2:_0,3:2)",
            "(2:3,2:_3)",
            "(_2:_-1,_2)",
        ];
        let (mut compared, mut overflows) = (0, 0);
        for l in layouts {
            let l = Layout::try_parse(l).unwrap();
            for t in tilers {
                let t = Tiler::try_parse(t).unwrap();
                let want = by_mode(&l, &t, false, |m, e| m.try_composition_tiler(e));
                let got = l.try_composition_tiler(&t);
                assert_eq!(got, want, "composition({l}, {t})");
                overflows += usize::from(matches!(got, Err(Error::Overflow { .. })));
                compared += 1;
            }
        }
        assert_eq!(compared, layouts.len() * tilers.len());
        assert_eq!(overflows, 4);
    }
}
