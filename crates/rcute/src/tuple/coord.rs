//! Coordinates and indices (CuTe's `stride.hpp`): `crd2idx`, `idx2crd`, `crd2crd`, and
//! CuTe's arithmetic tuples, the codomain of layouts with scaled-basis strides.
//!
//! The maps are asymmetric, exactly as in CuTe:
//! * [`crd2idx`] with an integer coordinate and a tuple shape splits the integer
//!   colexicographically; the **last** mode receives the remaining quotient unreduced, so
//!   an index past the end extends the last mode.
//! * [`idx2crd`] (two arguments) splits the same way: `idx2crd(25, (3,4)) = (1,8)`.
//! * [`idx2crd_strided`] (three arguments, used for thread layouts) reduces **every**
//!   mode: `(i / d) % s`, so `idx2crd(25, (3,4), (1,3)) = (1,0)`.

use super::{IntTuple, Node};
use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;

/// `(c / n, c % n)` with CuTe's static rules.
const fn divmod(c: Int, n: Int) -> Result<(Int, Int), Error> {
    Ok((tri!(c.try_div(n)), tri!(c.try_rem(n))))
}

// ------------------------------------------------------------------ integer strides

/// crd2idx with an integer coordinate at a node of the shape (CuTe's `crd2idx_itt`).
const fn crd2idx_int_at(
    c: Int,
    s: &IntTuple,
    ns: Node,
    d: &IntTuple,
    nd: Node,
) -> Result<Int, Error> {
    if s.is_leaf_node(ns) {
        if !d.is_leaf_node(nd) {
            return Err(Error::NotCongruent {
                msg: "crd2idx: the shape and the stride are not congruent",
            });
        }
        return c.try_mul(d.int_at(nd));
    }
    if d.is_leaf_node(nd) || s.rank_at(ns) != d.rank_at(nd) {
        return Err(Error::NotCongruent {
            msg: "crd2idx: the shape and the stride are not congruent",
        });
    }
    let r = s.rank_at(ns);
    if r == 0 {
        return Err(Error::WrongKind {
            msg: "crd2idx: an empty shape has no coordinates",
        });
    }
    // r0 + (r1 + (... + r_last)): evaluate the modes, then sum right to left
    let mut parts = [Int::ZERO; super::CAPACITY];
    let mut cs = s.first_child(ns);
    let mut cd = d.first_child(nd);
    let mut cur = c;
    let mut i = 0;
    while i < r {
        if i + 1 == r {
            parts[i] = tri!(crd2idx_int_at(cur, s, cs, d, cd));
        } else {
            let size = tri!(super::ops::product_at(s, cs));
            let (q, m) = tri!(divmod(cur, size));
            parts[i] = tri!(crd2idx_int_at(m, s, cs, d, cd));
            cur = q;
        }
        cs = s.node_end(cs);
        cd = d.node_end(cd);
        i += 1;
    }
    let mut acc = parts[r - 1];
    let mut k = r - 1;
    while k > 0 {
        k -= 1;
        acc = tri!(parts[k].try_add(acc));
    }
    Ok(acc)
}

/// crd2idx with a coordinate subtree (CuTe's tuple-tuple-tuple case).
const fn crd2idx_at(
    c: &IntTuple,
    nc: Node,
    s: &IntTuple,
    ns: Node,
    d: &IntTuple,
    nd: Node,
) -> Result<Int, Error> {
    if c.is_leaf_node(nc) {
        return crd2idx_int_at(c.int_at(nc), s, ns, d, nd);
    }
    if s.is_leaf_node(ns) {
        return Err(Error::WrongKind {
            msg: "crd2idx: a tuple coordinate for an integer shape",
        });
    }
    let rc = c.rank_at(nc);
    let rs = s.rank_at(ns);
    if rc != rs {
        return Err(Error::RankMismatch {
            msg: "crd2idx: the coordinate and the shape have different ranks",
            expected: rs,
            found: rc,
        });
    }
    if d.is_leaf_node(nd) || d.rank_at(nd) != rs {
        return Err(Error::NotCongruent {
            msg: "crd2idx: the shape and the stride are not congruent",
        });
    }
    if rc == 0 {
        return Err(Error::WrongKind {
            msg: "crd2idx: an empty coordinate",
        });
    }
    let mut cc = c.first_child(nc);
    let mut cs = s.first_child(ns);
    let mut cd = d.first_child(nd);
    let mut acc = tri!(crd2idx_at(c, cc, s, cs, d, cd));
    let mut i = 1;
    while i < rc {
        cc = c.node_end(cc);
        cs = s.node_end(cs);
        cd = d.node_end(cd);
        acc = tri!(acc.try_add(tri!(crd2idx_at(c, cc, s, cs, d, cd))));
        i += 1;
    }
    Ok(acc)
}

/// The offset of coordinate `coord` in the layout `shape:stride` (CuTe's
/// `crd2idx(coord, shape, stride)`), with CuTe's static bits.
///
/// `coord` may be an integer (a 1-D index, split colexicographically with the last mode
/// unbounded), a tuple congruent to the shape (an h-D coordinate), or anything in between
/// (an R-D coordinate: one integer per mode). `_` counts as `_0`. Strides must be integers;
/// see [`crd2idx_arith`] for scaled-basis strides.
///
/// ```
/// use rcute::{crd2idx, int_tuple};
/// let (s, d) = (int_tuple!((_3,(_2,_3))), int_tuple!((_3,(_12,_1))));
/// assert_eq!(crd2idx(&int_tuple!(16), &s, &d).to_string(), "17");
/// assert_eq!(crd2idx(&int_tuple!(_16), &s, &d).to_string(), "_17");
/// assert_eq!(crd2idx(&int_tuple!((1,5)), &s, &d).to_string(), "17");
/// assert_eq!(crd2idx(&int_tuple!((_1,(_1,_2))), &s, &d).to_string(), "_17");
/// // past the end, the last mode extends:
/// assert_eq!(crd2idx(&int_tuple!(25), &int_tuple!((3,4)), &int_tuple!((1,3))).to_string(), "25");
/// ```
pub const fn try_crd2idx(
    coord: &IntTuple,
    shape: &IntTuple,
    stride: &IntTuple,
) -> Result<Int, Error> {
    match crd2idx_operands(coord, shape, stride) {
        Some((q, n)) => match crd2idx_narrow(q, shape, stride, n) {
            Ok(acc) => Ok(crd2idx_sum(acc, stride, n)),
            Err(true) => crd2idx_wide_or_general(coord, shape, stride, q, n),
            Err(false) => crd2idx_general(coord, shape, stride),
        },
        None => crd2idx_general(coord, shape, stride),
    }
}

/// [`try_crd2idx`] where the split applies but not in 32-bit divisions: in 64-bit
/// arithmetic, or by the definition (out of line, as the definition is, so that the
/// common case saves fewer registers).
#[inline(never)]
const fn crd2idx_wide_or_general(
    coord: &IntTuple,
    shape: &IntTuple,
    stride: &IntTuple,
    q: i64,
    n: usize,
) -> Result<Int, Error> {
    match crd2idx_wide(q, shape, stride, n) {
        Some(acc) => Ok(crd2idx_sum(acc, stride, n)),
        None => crd2idx_general(coord, shape, stride),
    }
}

/// [`try_crd2idx`] by its definition, mode by mode (what the split leaves).
#[inline(never)]
const fn crd2idx_general(
    coord: &IntTuple,
    shape: &IntTuple,
    stride: &IntTuple,
) -> Result<Int, Error> {
    if stride.has_basis() {
        return Err(Error::WrongKind {
            msg: "crd2idx: the strides are scaled basis elements; use crd2idx_arith",
        });
    }
    crd2idx_at(coord, Node::ROOT, shape, Node::ROOT, stride, Node::ROOT)
}

// ------------------------------------------------------------ the leaf-by-leaf split
//
// The fast paths of `try_crd2idx` and `try_idx2crd` split an integer index leaf by leaf:
// each leaf's coordinate is what is left of the index modulo the leaf's extent, and the
// last leaf takes the rest unreduced.
//
// This is CuTe's mode-by-mode split, with the same values and static bits, when the index
// is dynamic, the shape holds no empty tuple `()` (whose coordinate is an error in
// `crd2idx`, and which takes the quotient of `idx2crd` when it follows the last leaf),
// and every extent but the last is a positive integer other than a static `_1` whose
// product does not overflow. Within every mode but the last, the coordinate is already
// reduced by the mode's size, and `(c / a) / b` is `c / (a * b)` (both truncating, for
// positive `a` and `b`). With a dynamic index every quotient and remainder is dynamic (a
// static `_1` extent would make one static, which is why those take the general path).
// The sizes CuTe divides by are products of leaves before the last, so they cannot
// overflow where the product of those leaves does not. The last extent is never divided
// by. A shape that is a single leaf is split alike: its coordinate is the index.
//
// Each path checks its operands once, then runs in 32-bit divisions where the index is
// below 2^32 and the extents at most 2^31 + 1 (the narrow loops), in 64-bit arithmetic
// otherwise (the wide loops); where neither applies, the general path decides the answer
// or the error.

// The split reads the token stream eight bits per token: an open parenthesis has bit 0
// set and bit 1 clear, a close parenthesis bit 0 clear, a leaf both set.
const _: () = assert!(super::OPEN == 1 && super::CLOSE == 2 && super::LEAF == 3);

// the terms of the 32-bit split are below 2^58: no sum of 32 of them overflows
const _: () = assert!(super::CAPACITY <= 32);

/// The metadata bits of a scaled basis element.
const BASIS_META: u16 = {
    let mut m = 0u16;
    let mut b = 0;
    while b < 16 {
        if Int::from_raw(0, 1 << b).is_basis() {
            m |= 1 << b;
        }
        b += 1;
    }
    m
};

/// The static bit of the metadata.
const STATIC_META: u16 = Int::constant(0).meta();

/// The value of `c` when it is a dynamic integer (no static, `_` or scaled basis bit):
/// the index the split takes.
#[inline(always)]
const fn split_index(c: &IntTuple) -> Option<i64> {
    if c.tok[0] != super::LEAF || c.meta[0] != 0 {
        return None;
    }
    Some(c.val[0])
}

/// The leaf count of `s` when the split applies to its nesting (and, with `SAME`, `d` has
/// the same nesting): at least one leaf, and no empty tuple.
#[inline(always)]
const fn split_leaves<const SAME: bool>(s: &IntTuple, d: &IntTuple) -> Option<usize> {
    let n = s.nleaf as usize;
    if n.wrapping_sub(1) >= super::CAPACITY || !split_nesting::<SAME>(s, d) {
        return None;
    }
    Some(n)
}

/// Tokens `k..k + 8` of `t` (`k + 8` at most [`super::NODE_CAPACITY`]), token `k + j`
/// in byte `j`.
#[inline(always)]
const fn tokens8(t: &IntTuple, k: usize) -> u64 {
    match super::sub(&t.tok, k, 8).first_chunk::<8>() {
        Some(b) => u64::from_le_bytes(*b),
        None => 0,
    }
}

/// Bit 0 of every byte of a `u64`.
const BYTE_BIT0: u64 = u64::from_le_bytes([1; 8]);

/// Whether the nesting of `s` holds no empty tuple `()` and, with `SAME`, is the nesting
/// of `d`: eight pairs of neighbouring tokens at a time (unused token slots are zero in
/// every tuple).
#[inline(always)]
const fn split_nesting<const SAME: bool>(s: &IntTuple, d: &IntTuple) -> bool {
    if SAME && s.ntok != d.ntok {
        return false;
    }
    let n = s.ntok as usize;
    // the pairs of tokens `(j, j + 1)` for `j` in `k..k + 8` (the last token of a tuple
    // is a close parenthesis: no pair starts there); the first eight pairs whatever the
    // length (past it, zeros)
    if !nesting_pairs::<SAME>(s, d, 0) {
        return false;
    }
    let mut k = 8;
    while k + 1 < n {
        if k + 9 > super::NODE_CAPACITY {
            // the last pairs, token by token
            let mut j = k;
            while j + 1 < n {
                if (SAME && (s.tok[j] != d.tok[j] || s.tok[j + 1] != d.tok[j + 1]))
                    || (s.tok[j] == super::OPEN && s.tok[j + 1] == super::CLOSE)
                {
                    return false;
                }
                j += 1;
            }
            return true;
        }
        if !nesting_pairs::<SAME>(s, d, k) {
            return false;
        }
        k += 8;
    }
    true
}

/// [`split_nesting`] on the pairs of tokens `(j, j + 1)` for `j` in `k..k + 8`.
#[inline(always)]
const fn nesting_pairs<const SAME: bool>(s: &IntTuple, d: &IntTuple, k: usize) -> bool {
    let (a, b) = (tokens8(s, k), tokens8(s, k + 1));
    // tokens k..k + 9 of both
    if SAME && (a ^ tokens8(d, k)) | (b ^ tokens8(d, k + 1)) != 0 {
        return false;
    }
    // an open parenthesis (bit 0 set, bit 1 clear) followed by a close one (bit 0 clear;
    // unused slots are zero, and follow no open parenthesis)
    a & !((a >> 1) | b) & BYTE_BIT0 == 0
}

/// The metadata of leaves `k..k + 4` of `t`, leaf `k + j` in bits `16 j..`.
#[inline(always)]
const fn meta4(t: &IntTuple, k: usize) -> u64 {
    let Some(m) = super::sub(&t.meta, k, 4).first_chunk::<4>() else {
        return 0;
    };
    (m[0] as u64) | (m[1] as u64) << 16 | (m[2] as u64) << 32 | (m[3] as u64) << 48
}

/// Whether none of the `n` leaves of `s` (nor, with `BOTH`, of `d`) is a scaled basis
/// element: four leaves at a time (unused slots are zero).
#[inline(always)]
const fn no_basis<const BOTH: bool>(s: &IntTuple, d: &IntTuple, n: usize) -> bool {
    // at least one leaf: the first four whatever the count (past it, zeros)
    let mut m = meta4(s, 0);
    if BOTH {
        m |= meta4(d, 0);
    }
    let mut k = 4;
    while k < n {
        m |= meta4(s, k);
        if BOTH {
            m |= meta4(d, k);
        }
        k += 4;
    }
    m & (BASIS_META as u64 * 0x0001_0001_0001_0001) == 0
}

/// Whether `e`, a plain integer with metadata `m`, is an extent the split takes, and at
/// most `2^31 + 1`, so that the quotient and the remainder of a 32-bit index are 32-bit.
#[inline(always)]
const fn narrow_extent(e: i64, m: u16) -> bool {
    (e as u64).wrapping_sub(2) < 1 << 31 || (e == 1 && m & STATIC_META == 0)
}

/// Whether `e`, a plain integer with metadata `m`, is an extent the split takes.
#[inline(always)]
const fn wide_extent(e: i64, m: u16) -> bool {
    e >= 2 || (e == 1 && m & STATIC_META == 0)
}

/// The index and the leaf count where the split applies to the operands of
/// [`try_crd2idx`] (the common case, without walking the nesting): an integer coordinate
/// that the split takes, and a stride with the shape's nesting and plain integer leaves.
/// Where the split then overflows, the general path decides the answer or the error.
#[inline(always)]
const fn crd2idx_operands(c: &IntTuple, s: &IntTuple, d: &IntTuple) -> Option<(i64, usize)> {
    let Some(q) = split_index(c) else {
        return None;
    };
    let Some(n) = split_leaves::<true>(s, d) else {
        return None;
    };
    if !no_basis::<true>(s, d, n) {
        return None;
    }
    Some((q, n))
}

/// The sum of the split's terms as CuTe types it: with a dynamic coordinate every leaf's
/// coordinate is dynamic, so a term is static only as `_0` (a `_0` stride), and the sum
/// is static only when every term is.
#[inline(always)]
const fn crd2idx_sum(acc: i64, d: &IntTuple, n: usize) -> Int {
    Int::new(acc, acc == 0 && all_static_zero(d, n))
}

/// Whether each of the `n` leaves of `d` is a static `_0`.
const fn all_static_zero(d: &IntTuple, n: usize) -> bool {
    let mut i = 0;
    while i < n {
        if d.val[i] != 0 || d.meta[i] & STATIC_META == 0 {
            return false;
        }
        i += 1;
    }
    true
}

/// `c_0 * d_0 + ... + c_last * d_last` over the `n` leaves, for an index in `[0, 2^32)`,
/// extents of at most `2^31 + 1` and strides in `[-2^26, 2^26)`: 32-bit divisions, and
/// terms below `2^58` in magnitude (every coordinate is at most the index), so that no
/// sum of at most [`super::CAPACITY`] (32) of them overflows, in any order (CuTe's, right
/// to left by modes, included). Elsewhere `Err(true)` where the 64-bit split may apply,
/// `Err(false)` where only the definition does.
#[inline(always)]
const fn crd2idx_narrow(c: i64, s: &IntTuple, d: &IntTuple, n: usize) -> Result<i64, bool> {
    if c as u64 > u32::MAX as u64 {
        return Err(true);
    }
    let mut q = c as u32;
    // the leaves but the last
    let last = n - 1;
    let ((sv, sm), dv) = (s.leaf_parts(0, last), d.leaf_parts(0, last).0);
    let mut size = 1i64;
    let mut acc = 0i64;
    // each stride plus 2^26, or-ed: below 2^27 exactly when every stride is in range
    // (until that is known, the sum wraps)
    let mut strides = 0u64;
    let mut i = 0;
    while i < sv.len() {
        let e = sv[i];
        if !narrow_extent(e, sm[i]) {
            // too large for 32 bits, or not an extent the split takes
            return Err(wide_extent(e, sm[i]));
        }
        let Some(p) = size.checked_mul(e) else {
            // the 64-bit split would overflow alike
            return Err(false);
        };
        size = p;
        let di = dv[i];
        strides |= (di as u64).wrapping_add(1 << 26);
        let e = e as u32;
        acc = acc.wrapping_add(((q % e) as i64).wrapping_mul(di));
        q /= e;
        i += 1;
    }
    let dl = d.val[last];
    strides |= (dl as u64).wrapping_add(1 << 26);
    if strides >= 1 << 27 {
        return Err(true);
    }
    Ok(acc + q as i64 * dl)
}

/// [`crd2idx_narrow`] for any index, extents and strides, in checked 64-bit arithmetic.
/// The terms are summed left to right; the answer stands where the magnitudes of all the
/// terms add up to at most `i64::MAX`, so that no sum of some of them, CuTe's included,
/// overflows.
#[inline(always)]
const fn crd2idx_wide(c: i64, s: &IntTuple, d: &IntTuple, n: usize) -> Option<i64> {
    let mut q = c;
    // the leaves but the last
    let last = n - 1;
    let ((sv, sm), dv) = (s.leaf_parts(0, last), d.leaf_parts(0, last).0);
    let mut size = 1i64;
    let mut acc = 0i64;
    let mut bound = 0u64;
    let mut i = 0;
    while i < sv.len() {
        let e = sv[i];
        if !wide_extent(e, sm[i]) {
            return None;
        }
        let Some(p) = size.checked_mul(e) else {
            return None;
        };
        size = p;
        let Some(t) = (q % e).checked_mul(dv[i]) else {
            return None;
        };
        q /= e;
        let Some(b) = bound.checked_add(t.unsigned_abs()) else {
            return None;
        };
        bound = b;
        acc = acc.wrapping_add(t);
        i += 1;
    }
    let Some(t) = q.checked_mul(d.val[last]) else {
        return None;
    };
    match bound.checked_add(t.unsigned_abs()) {
        Some(b) if b <= i64::MAX as u64 => Some(acc.wrapping_add(t)),
        _ => None,
    }
}

/// [`try_crd2idx`], panicking with the error's message.
#[track_caller]
pub const fn crd2idx(coord: &IntTuple, shape: &IntTuple, stride: &IntTuple) -> Int {
    unwrap_or_panic!(try_crd2idx(coord, shape, stride))
}

// ------------------------------------------------------------- arithmetic tuples

/// CuTe's `as_arithmetic_tuple` of one element: a scaled basis element `v@i0..` becomes
/// `(_0, ..i0 zeros.., as_arithmetic_tuple(v@i1..))`; a plain integer stays itself.
const fn push_as_arith(out: &mut IntTuple, e: Int) -> Result<(), Error> {
    if !e.is_basis() {
        return out.push_leaf(e);
    }
    let i0 = e.basis_index(0);
    tri!(out.push_open());
    let mut k = 0;
    while k < i0 {
        tri!(out.push_leaf(Int::ZERO));
        k += 1;
    }
    tri!(push_as_arith(out, e.basis_tail()));
    out.push_close()
}

/// Whether the subtree is an arithmetic tuple after expansion (a tuple or a basis leaf).
const fn is_arith_tuple(t: &IntTuple, n: Node) -> bool {
    !t.is_leaf_node(n) || t.int_at(n).is_basis()
}

/// `a + b` for CuTe's arithmetic values: integers add; tuples add element-wise after
/// padding the shorter with `_0`; a scaled basis element first becomes a tuple; adding a
/// static `_0` to a tuple or to a scaled basis element leaves it as it is (`_0 + 3@1` is
/// `3@1`, as in CuTe).
const fn arith_add_at(
    out: &mut IntTuple,
    a: &IntTuple,
    na: Node,
    b: &IntTuple,
    nb: Node,
) -> Result<(), Error> {
    let ta = is_arith_tuple(a, na);
    let tb = is_arith_tuple(b, nb);
    if !ta && !tb {
        return out.push_leaf(tri!(a.int_at(na).try_add(b.int_at(nb))));
    }
    if !ta {
        if a.int_at(na).is_constant(0) {
            return out.push_node(b, nb);
        }
        return Err(Error::WrongKind {
            msg: "arithmetic tuple: only a static _0 can be added to a tuple",
        });
    }
    if !tb {
        if b.int_at(nb).is_constant(0) {
            return out.push_node(a, na);
        }
        return Err(Error::WrongKind {
            msg: "arithmetic tuple: only a static _0 can be added to a tuple",
        });
    }
    // both tuples (after expansion)
    let mut ea = IntTuple::stream();
    tri!(push_expanded(&mut ea, a, na));
    let mut eb = IntTuple::stream();
    tri!(push_expanded(&mut eb, b, nb));
    let ra = ea.rank();
    let rb = eb.rank();
    let r = if ra > rb { ra } else { rb };
    let zero = IntTuple::constant(0);
    tri!(out.push_open());
    let mut ca = ea.first_child(Node::ROOT);
    let mut cb = eb.first_child(Node::ROOT);
    let mut i = 0;
    while i < r {
        let (x, nx) = if i < ra {
            (&ea, ca)
        } else {
            (&zero, Node::ROOT)
        };
        let (y, ny) = if i < rb {
            (&eb, cb)
        } else {
            (&zero, Node::ROOT)
        };
        tri!(arith_add_at(out, x, nx, y, ny));
        if i < ra {
            ca = ea.node_end(ca);
        }
        if i < rb {
            cb = eb.node_end(cb);
        }
        i += 1;
    }
    out.push_close()
}

/// Copies a subtree, expanding a top-level scaled basis leaf into its tuple.
const fn push_expanded(out: &mut IntTuple, t: &IntTuple, n: Node) -> Result<(), Error> {
    if t.is_leaf_node(n) {
        return push_as_arith(out, t.int_at(n));
    }
    out.push_node(t, n)
}

/// A lone scaled basis element as its arithmetic tuple (`3@1` becomes `(_0,3)`); any
/// other value unchanged.
pub(crate) const fn arith_expand(t: &IntTuple) -> Result<IntTuple, Error> {
    match t.as_int() {
        Some(i) if i.is_basis() => {
            let mut out = IntTuple::stream();
            tri!(push_as_arith(&mut out, i));
            Ok(out)
        }
        _ => Ok(*t),
    }
}

/// CuTe's `+` on integers, scaled basis elements and arithmetic tuples.
pub(crate) const fn arith_add(a: &IntTuple, b: &IntTuple) -> Result<IntTuple, Error> {
    let mut out = IntTuple::stream();
    tri!(arith_add_at(&mut out, a, Node::ROOT, b, Node::ROOT));
    Ok(out)
}

/// Like `crd2idx_int_at`, for strides that may be scaled basis elements.
const fn crd2idx_arith_int_at(
    c: Int,
    s: &IntTuple,
    ns: Node,
    d: &IntTuple,
    nd: Node,
) -> Result<IntTuple, Error> {
    if s.is_leaf_node(ns) {
        if !d.is_leaf_node(nd) {
            return Err(Error::NotCongruent {
                msg: "crd2idx: the shape and the stride are not congruent",
            });
        }
        return Ok(IntTuple::from_int(tri!(c.try_mul(d.int_at(nd)))));
    }
    if d.is_leaf_node(nd) || s.rank_at(ns) != d.rank_at(nd) {
        return Err(Error::NotCongruent {
            msg: "crd2idx: the shape and the stride are not congruent",
        });
    }
    let r = s.rank_at(ns);
    if r == 0 {
        return Err(Error::WrongKind {
            msg: "crd2idx: an empty shape has no coordinates",
        });
    }
    // evaluate the modes left to right, then sum right to left as CuTe nests them
    let mut mods = [Int::ZERO; super::CAPACITY];
    let mut cur = c;
    let mut cs = s.first_child(ns);
    let mut i = 0;
    while i + 1 < r {
        let size = tri!(super::ops::product_at(s, cs));
        let (q, m) = tri!(divmod(cur, size));
        mods[i] = m;
        cur = q;
        cs = s.node_end(cs);
        i += 1;
    }
    mods[r - 1] = cur;
    let mut acc = tri!(crd2idx_arith_int_at(
        mods[r - 1],
        s,
        s.child(ns, r - 1),
        d,
        d.child(nd, r - 1)
    ));
    let mut k = r - 1;
    while k > 0 {
        k -= 1;
        let part = tri!(crd2idx_arith_int_at(
            mods[k],
            s,
            s.child(ns, k),
            d,
            d.child(nd, k)
        ));
        acc = tri!(arith_add(&part, &acc));
    }
    Ok(acc)
}

const fn crd2idx_arith_at(
    c: &IntTuple,
    nc: Node,
    s: &IntTuple,
    ns: Node,
    d: &IntTuple,
    nd: Node,
) -> Result<IntTuple, Error> {
    if c.is_leaf_node(nc) {
        return crd2idx_arith_int_at(c.int_at(nc), s, ns, d, nd);
    }
    if s.is_leaf_node(ns) {
        return Err(Error::WrongKind {
            msg: "crd2idx: a tuple coordinate for an integer shape",
        });
    }
    let rc = c.rank_at(nc);
    let rs = s.rank_at(ns);
    if rc != rs {
        return Err(Error::RankMismatch {
            msg: "crd2idx: the coordinate and the shape have different ranks",
            expected: rs,
            found: rc,
        });
    }
    if d.is_leaf_node(nd) || d.rank_at(nd) != rs {
        return Err(Error::NotCongruent {
            msg: "crd2idx: the shape and the stride are not congruent",
        });
    }
    if rc == 0 {
        return Err(Error::WrongKind {
            msg: "crd2idx: an empty coordinate",
        });
    }
    let mut cc = c.first_child(nc);
    let mut cs = s.first_child(ns);
    let mut cd = d.first_child(nd);
    let mut acc = tri!(crd2idx_arith_at(c, cc, s, cs, d, cd));
    let mut i = 1;
    while i < rc {
        cc = c.node_end(cc);
        cs = s.node_end(cs);
        cd = d.node_end(cd);
        acc = tri!(arith_add(
            &acc,
            &tri!(crd2idx_arith_at(c, cc, s, cs, d, cd))
        ));
        i += 1;
    }
    Ok(acc)
}

/// [`crd2idx`] for any strides, including scaled basis elements: the result is an
/// integer (a leaf) or CuTe's arithmetic tuple.
///
/// ```
/// use rcute::{crd2idx_arith, int_tuple};
/// let s = int_tuple!((_4,(_2,_3)));
/// let d = s.try_basis_like().unwrap();
/// assert_eq!(crd2idx_arith(&int_tuple!((3,(1,2))), &s, &d).to_string(), "(3,(1,2))");
/// assert_eq!(crd2idx_arith(&int_tuple!(13), &s, &d).to_string(), "(1,(1,1))");
/// // one scaled basis element plus static zeros stays one, as CuTe prints it
/// let (s, d) = (int_tuple!((_4,_4)), int_tuple!((_3@1,_0)));
/// assert_eq!(crd2idx_arith(&int_tuple!((1,1)), &s, &d).to_string(), "3@1");
/// ```
pub const fn try_crd2idx_arith(
    coord: &IntTuple,
    shape: &IntTuple,
    stride: &IntTuple,
) -> Result<IntTuple, Error> {
    if !stride.has_basis() {
        // integer strides: `try_crd2idx`, with its split
        return match try_crd2idx(coord, shape, stride) {
            Ok(i) => Ok(IntTuple::from_int(i)),
            Err(e) => Err(e),
        };
    }
    let r = tri!(crd2idx_arith_at(
        coord,
        Node::ROOT,
        shape,
        Node::ROOT,
        stride,
        Node::ROOT
    ));
    // a lone basis element stays one (CuTe prints `3@1`, not `(_0,3)`)
    Ok(r)
}

/// [`try_crd2idx_arith`], panicking with the error's message.
#[track_caller]
pub const fn crd2idx_arith(coord: &IntTuple, shape: &IntTuple, stride: &IntTuple) -> IntTuple {
    unwrap_or_panic!(try_crd2idx_arith(coord, shape, stride))
}

// ------------------------------------------------------------------- idx2crd

/// The coordinates of integer `c` in the subtree `ns` (CuTe's `idx2crd(i, s)`): every
/// mode but the last is reduced, the last gets the remaining quotient.
const fn idx2crd_int_at(out: &mut IntTuple, c: Int, s: &IntTuple, ns: Node) -> Result<(), Error> {
    if s.is_leaf_node(ns) {
        // c * E<...>: the coordinate keeps c's value and static bit (underscore becomes _0)
        return out.push_leaf(tri!(c.try_mul(Int::ONE)));
    }
    tri!(out.push_open());
    let r = s.rank_at(ns);
    let mut cur = c;
    let mut cs = s.first_child(ns);
    let mut i = 0;
    while i < r {
        if i + 1 == r {
            tri!(idx2crd_int_at(out, cur, s, cs));
        } else {
            let size = tri!(super::ops::product_at(s, cs));
            let (q, m) = tri!(divmod(cur, size));
            tri!(idx2crd_int_at(out, m, s, cs));
            cur = q;
        }
        cs = s.node_end(cs);
        i += 1;
    }
    out.push_close()
}

const fn idx2crd_at(
    out: &mut IntTuple,
    c: &IntTuple,
    nc: Node,
    s: &IntTuple,
    ns: Node,
) -> Result<(), Error> {
    if c.is_leaf_node(nc) {
        if s.is_leaf_node(ns) {
            return out.push_leaf(c.int_at(nc));
        }
        return idx2crd_int_at(out, c.int_at(nc), s, ns);
    }
    if s.is_leaf_node(ns) {
        return Err(Error::WrongKind {
            msg: "idx2crd: a tuple index for an integer shape",
        });
    }
    if c.rank_at(nc) != s.rank_at(ns) {
        return Err(Error::RankMismatch {
            msg: "idx2crd: the index and the shape have different ranks",
            expected: s.rank_at(ns),
            found: c.rank_at(nc),
        });
    }
    tri!(out.push_open());
    let mut cc = c.first_child(nc);
    let mut cs = s.first_child(ns);
    while !c.is_close(cc) {
        tri!(idx2crd_at(out, c, cc, s, cs));
        cc = c.node_end(cc);
        cs = s.node_end(cs);
    }
    out.push_close()
}

/// The natural (hierarchical) coordinate of `index` in `shape` (CuTe's two-argument
/// `idx2crd`): colexicographic, the last mode of each tuple unbounded. A tuple `index` is
/// converted mode by mode.
///
/// ```
/// use rcute::{idx2crd, int_tuple};
/// let s = int_tuple!((_3,(_2,_3)));
/// assert_eq!(idx2crd(&int_tuple!(16), &s).to_string(), "(1,(1,2))");
/// assert_eq!(idx2crd(&int_tuple!(_16), &s).to_string(), "(_1,(_1,_2))");
/// assert_eq!(idx2crd(&int_tuple!((_1,5)), &s).to_string(), "(_1,(1,2))");
/// assert_eq!(idx2crd(&int_tuple!(25), &int_tuple!((3,4))).to_string(), "(1,8)");
/// ```
pub const fn try_idx2crd(index: &IntTuple, shape: &IntTuple) -> Result<IntTuple, Error> {
    if let Some((q, n, narrow)) = idx2crd_split(index, shape) {
        // the coordinate has the shape's nesting, every leaf dynamic; built where it is
        // returned (a copy of the shape, or of a tuple built aside, costs more than the
        // split itself)
        return Ok(idx2crd_values(q, shape, n, narrow));
    }
    idx2crd_general(index, shape)
}

/// [`try_idx2crd`] by its definition, mode by mode.
#[inline(never)]
const fn idx2crd_general(index: &IntTuple, shape: &IntTuple) -> Result<IntTuple, Error> {
    let mut out = IntTuple::stream();
    tri!(idx2crd_at(&mut out, index, Node::ROOT, shape, Node::ROOT));
    Ok(out)
}

/// Whether [`try_idx2crd`] answers by the split: the index, the shape's leaf count, and
/// whether the split runs in 32-bit divisions (an index below `2^32`, extents whose
/// product is below `2^31`).
#[inline(always)]
const fn idx2crd_split(index: &IntTuple, shape: &IntTuple) -> Option<(i64, usize, bool)> {
    let Some(q) = split_index(index) else {
        return None;
    };
    let Some(n) = split_leaves::<false>(shape, shape) else {
        return None;
    };
    if !no_basis::<false>(shape, shape, n) {
        return None;
    }
    // the extents but the last: taken by the split, their product without overflow
    let (sv, sm) = shape.leaf_parts(0, n - 1);
    let mut size = 1i64;
    let mut i = 0;
    while i < sv.len() {
        let e = sv[i];
        if !wide_extent(e, sm[i]) {
            return None;
        }
        let Some(p) = size.checked_mul(e) else {
            return None;
        };
        size = p;
        i += 1;
    }
    // every extent is at most their product
    Some((q, n, (q as u64) >> 32 | (size as u64) >> 31 == 0))
}

/// The values of the coordinate of `c` in the `n` leaves of `shape`, where
/// [`idx2crd_split`] takes them (`narrow`: in 32-bit divisions), the rest zero. Not
/// inlined: its answer is written in place into the caller's.
#[inline(never)]
const fn idx2crd_values(c: i64, shape: &IntTuple, n: usize, narrow: bool) -> IntTuple {
    // the metadata copied and then cleared leaf by leaf, the values zeroed: each part
    // small enough to be copied or zeroed inline
    let mut out = IntTuple {
        ntok: shape.ntok,
        nleaf: shape.nleaf,
        tok: shape.tok,
        val: [0; super::CAPACITY],
        meta: shape.meta,
    };
    let last = n - 1;
    if last >= super::CAPACITY {
        // not a leaf count (see `idx2crd_split`)
        return out;
    }
    let sv = shape.leaf_parts(0, last).0;
    let mut i = 0;
    if narrow {
        let mut q = c as u32;
        while i < sv.len() {
            // at least 1 (see `idx2crd_split`)
            let e = sv[i] as u32;
            out.val[i] = (q % e) as i64;
            out.meta[i] = 0;
            q /= e;
            i += 1;
        }
        out.val[last] = q as i64;
    } else {
        let mut q = c;
        while i < sv.len() {
            let e = sv[i];
            out.val[i] = q % e;
            out.meta[i] = 0;
            q /= e;
            i += 1;
        }
        out.val[last] = q;
    }
    out.meta[last] = 0;
    out
}

/// [`try_idx2crd`], panicking with the error's message.
#[track_caller]
pub const fn idx2crd(index: &IntTuple, shape: &IntTuple) -> IntTuple {
    unwrap_or_panic!(try_idx2crd(index, shape))
}

const fn idx2crd_strided_leaf(i: Int, s: Int, d: Int) -> Result<Int, Error> {
    if s.is_constant(1) {
        return Ok(Int::ZERO);
    }
    tri!(i.try_div(d)).try_rem(s)
}

const fn idx2crd_strided_at(
    out: &mut IntTuple,
    c: &IntTuple,
    nc: Node,
    s: &IntTuple,
    ns: Node,
    d: &IntTuple,
    nd: Node,
) -> Result<(), Error> {
    let c_leaf = c.is_leaf_node(nc);
    let s_leaf = s.is_leaf_node(ns);
    let d_leaf = d.is_leaf_node(nd);
    if !c_leaf {
        if s_leaf {
            return Err(Error::WrongKind {
                msg: "idx2crd: a tuple index for an integer shape",
            });
        }
        if d_leaf || c.rank_at(nc) != s.rank_at(ns) || d.rank_at(nd) != s.rank_at(ns) {
            return Err(Error::RankMismatch {
                msg: "idx2crd: the index, shape and stride have different ranks",
                expected: s.rank_at(ns),
                found: c.rank_at(nc),
            });
        }
        tri!(out.push_open());
        let mut cc = c.first_child(nc);
        let mut cs = s.first_child(ns);
        let mut cd = d.first_child(nd);
        while !s.is_close(cs) {
            tri!(idx2crd_strided_at(out, c, cc, s, cs, d, cd));
            cc = c.node_end(cc);
            cs = s.node_end(cs);
            cd = d.node_end(cd);
        }
        return out.push_close();
    }
    if s_leaf {
        if !d_leaf {
            return Err(Error::NotCongruent {
                msg: "idx2crd: the shape and the stride are not congruent",
            });
        }
        return out.push_leaf(tri!(idx2crd_strided_leaf(
            c.int_at(nc),
            s.int_at(ns),
            d.int_at(nd)
        )));
    }
    if d_leaf {
        // int tuple int: strides are compact_col_major(shape, stride)
        let strides = tri!(s.subtree(ns).try_compact_col_major_from(d.int_at(nd)));
        return idx2crd_strided_at(out, c, nc, s, ns, &strides, Node::ROOT);
    }
    if s.rank_at(ns) != d.rank_at(nd) {
        return Err(Error::NotCongruent {
            msg: "idx2crd: the shape and the stride are not congruent",
        });
    }
    tri!(out.push_open());
    let mut cs = s.first_child(ns);
    let mut cd = d.first_child(nd);
    while !s.is_close(cs) {
        tri!(idx2crd_strided_at(out, c, nc, s, cs, d, cd));
        cs = s.node_end(cs);
        cd = d.node_end(cd);
    }
    out.push_close()
}

/// The coordinate of `index` in a *compact* layout `shape:stride` (CuTe's three-argument
/// `idx2crd`, behind `get_hier_coord`): each leaf gets `(index / d) % s`, every mode
/// reduced; a static `_1` mode gets `_0`. An integer `stride` stands for
/// `compact_col_major(shape, stride)`.
///
/// ```
/// use rcute::{idx2crd_strided, int_tuple};
/// let c = idx2crd_strided(&int_tuple!(25), &int_tuple!((3,4)), &int_tuple!((1,3)));
/// assert_eq!(c.to_string(), "(1,0)");
/// let c = idx2crd_strided(&int_tuple!(7), &int_tuple!((_2,_2)), &int_tuple!((_2,_1)));
/// assert_eq!(c.to_string(), "(1,1)");
/// ```
pub const fn try_idx2crd_strided(
    index: &IntTuple,
    shape: &IntTuple,
    stride: &IntTuple,
) -> Result<IntTuple, Error> {
    let mut out = IntTuple::stream();
    tri!(idx2crd_strided_at(
        &mut out,
        index,
        Node::ROOT,
        shape,
        Node::ROOT,
        stride,
        Node::ROOT
    ));
    Ok(out)
}

/// [`try_idx2crd_strided`], panicking with the error's message.
#[track_caller]
pub const fn idx2crd_strided(index: &IntTuple, shape: &IntTuple, stride: &IntTuple) -> IntTuple {
    unwrap_or_panic!(try_idx2crd_strided(index, shape, stride))
}

/// The colexicographic index of `coord` in `shape` (CuTe's two-argument `crd2idx`):
/// `c0 + s0 * (c1 + s1 * (...))` over the flattened coordinate; an integer coordinate is
/// already an index.
///
/// ```
/// use rcute::{crd2idx_colex, int_tuple};
/// assert_eq!(crd2idx_colex(&int_tuple!((1,2)), &int_tuple!((3,4))).to_string(), "7");
/// assert_eq!(crd2idx_colex(&int_tuple!((1,(1,1))), &int_tuple!((_3,(_2,_3)))).to_string(), "10");
/// ```
pub const fn try_crd2idx_colex(coord: &IntTuple, shape: &IntTuple) -> Result<Int, Error> {
    if let Some(c) = coord.as_int() {
        return Ok(c);
    }
    if shape.is_leaf() {
        return Err(Error::WrongKind {
            msg: "crd2idx: a tuple coordinate for an integer shape",
        });
    }
    if coord.rank() != shape.rank() {
        return Err(Error::RankMismatch {
            msg: "crd2idx: the coordinate and the shape have different ranks",
            expected: shape.rank(),
            found: coord.rank(),
        });
    }
    let flat_c = coord.flatten_to_tuple();
    let flat_s = tri!(shape.try_product_like(coord)).flatten_to_tuple();
    let n = flat_c.leaf_count();
    if n == 0 {
        return Err(Error::WrongKind {
            msg: "crd2idx: an empty coordinate",
        });
    }
    let mut acc = flat_c.leaf(n - 1);
    let mut k = n - 1;
    while k > 0 {
        k -= 1;
        acc = tri!(flat_c.leaf(k).try_add(tri!(flat_s.leaf(k).try_mul(acc))));
    }
    Ok(acc)
}

/// [`try_crd2idx_colex`], panicking with the error's message.
#[track_caller]
pub const fn crd2idx_colex(coord: &IntTuple, shape: &IntTuple) -> Int {
    unwrap_or_panic!(try_crd2idx_colex(coord, shape))
}

/// Converts a coordinate of `src_shape` into the coordinate of the same index in
/// `dst_shape` (CuTe's `crd2crd`), mode by mode when all three are tuples.
///
/// ```
/// use rcute::{crd2crd, int_tuple};
/// let c = crd2crd(&int_tuple!((1,5)), &int_tuple!((_3,(_2,_3))), &int_tuple!((_6,_3)));
/// assert_eq!(c.to_string(), "(1,5)");
/// ```
pub const fn try_crd2crd(
    coord: &IntTuple,
    src_shape: &IntTuple,
    dst_shape: &IntTuple,
) -> Result<IntTuple, Error> {
    if coord.is_tuple() && src_shape.is_tuple() && dst_shape.is_tuple() {
        let r = coord.rank();
        if src_shape.rank() != r {
            return Err(Error::RankMismatch {
                msg: "crd2crd: the source shape's rank is not the coordinate's",
                expected: r,
                found: src_shape.rank(),
            });
        }
        if dst_shape.rank() != r {
            return Err(Error::RankMismatch {
                msg: "crd2crd: the destination shape's rank is not the coordinate's",
                expected: r,
                found: dst_shape.rank(),
            });
        }
        let mut out = IntTuple::stream();
        tri!(out.push_open());
        let mut i = 0;
        while i < r {
            let m = tri!(try_crd2crd(
                &tri!(coord.try_get(i)),
                &tri!(src_shape.try_get(i)),
                &tri!(dst_shape.try_get(i))
            ));
            tri!(out.push_node(&m, Node::ROOT));
            i += 1;
        }
        tri!(out.push_close());
        return Ok(out);
    }
    let idx = tri!(try_crd2idx_colex(coord, src_shape));
    try_idx2crd(&IntTuple::from_int(idx), dst_shape)
}

/// [`try_crd2crd`], panicking with the error's message.
#[track_caller]
pub const fn crd2crd(coord: &IntTuple, src_shape: &IntTuple, dst_shape: &IntTuple) -> IntTuple {
    unwrap_or_panic!(try_crd2crd(coord, src_shape, dst_shape))
}

impl IntTuple {
    /// `compact_col_major(self, current)` with an integer starting stride.
    pub(crate) const fn try_compact_col_major_from(&self, current: Int) -> Result<IntTuple, Error> {
        self.try_compact_major(super::Major::Left, current)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Extents and strides the fast-path tests combine: zero, one, small, large and
    /// extreme values of both signs, the bounds of the 32-bit split (extents up to
    /// `2^31 + 1`, strides in `[-2^26, 2^26)`), static and dynamic, a scaled-basis element
    /// and `_`.
    fn values() -> std::vec::Vec<Int> {
        let mut v = std::vec::Vec::new();
        for x in [0, 1, 2, 3, 128, -3, 1 << 31, 1 << 40, i64::MAX, i64::MIN] {
            v.push(Int::dynamic(x));
            v.push(Int::constant(x));
        }
        for x in [
            (1 << 26) - 1,
            1 << 26,
            -(1 << 26),
            -(1 << 26) - 1,
            (1 << 31) + 1,
            (1 << 31) + 2,
            1 << 32,
            1 << 62,
            -(1 << 62),
        ] {
            v.push(Int::dynamic(x));
        }
        v.push(Int::try_basis(Int::ONE, &[1]).unwrap());
        v.push(Int::UNDERSCORE);
        v
    }

    /// The nestings of the shapes, empty tuples included.
    const PATTERNS: usize = 9;

    /// Nesting `pattern` (below [`PATTERNS`]) over the given leaves.
    fn nest(leaves: &[Int], pattern: usize) -> IntTuple {
        let l = |i: usize| IntTuple::from_int(leaves[i % leaves.len()]);
        let t = |e: &[IntTuple]| IntTuple::tuple(e);
        let e = IntTuple::EMPTY;
        match pattern {
            0 => t(&[l(0), l(1)]),
            1 => t(&[t(&[l(0), l(1)]), l(2)]),
            2 => t(&[l(0), t(&[l(1), l(2)])]),
            3 => t(&[t(&[l(0), l(1)]), t(&[l(2), l(3)])]),
            4 => t(&[l(0)]),
            5 => t(&[l(0), t(&[l(1), t(&[l(2)])])]),
            6 => l(0),
            7 => t(&[l(0), e, l(1)]),
            _ => t(&[t(&[l(0), l(1)]), t(&[l(2), e])]),
        }
    }

    /// Both fast paths (the split of `try_crd2idx`, in 32-bit divisions and in 64-bit
    /// arithmetic, and the split of `try_idx2crd`) against the definitions they skip
    /// (`crd2idx_at`, `idx2crd_at`), values, static bits and errors, on shapes of nine
    /// nestings (a leaf and empty tuples among them) over extreme extents, strides of the
    /// same and of another nesting, and static and dynamic indices of both signs about
    /// `2^32`.
    #[test]
    fn split_fast_paths_are_the_definitions() {
        let vals = values();
        let coords: std::vec::Vec<Int> = [
            0,
            1,
            7,
            98765,
            -5,
            -98765,
            u32::MAX as i64,
            1 << 32,
            i64::MAX,
            i64::MIN,
        ]
        .iter()
        .flat_map(|&c| [Int::dynamic(c), Int::constant(c)])
        .collect();
        let (mut cases, mut narrow, mut wide, mut i2c_narrow, mut i2c_wide, mut errors) =
            (0, 0, 0, 0, 0, 0);
        let n = vals.len();
        for pattern in 0..PATTERNS {
            for a in 0..n {
                for b in 0..n {
                    // the third and fourth extents cycle through the values with the first two
                    let leaves = [vals[a], vals[b], vals[(a + b) % n], vals[(a * 3 + 1) % n]];
                    let s = nest(&leaves, pattern);
                    let strides = [
                        nest(&[vals[b], vals[a], vals[(a + 5) % n], vals[3]], pattern),
                        nest(
                            &[Int::ONE, Int::dynamic(128), Int::ZERO, Int::dynamic(7)],
                            pattern,
                        ),
                        nest(&[Int::ONE, Int::dynamic(128), Int::ZERO], (pattern + 1) % 6),
                    ];
                    for c in &coords {
                        let ci = IntTuple::from_int(*c);
                        for d in &strides {
                            cases += 1;
                            let want = if d.has_basis() {
                                Err(Error::WrongKind {
                                    msg: "crd2idx: the strides are scaled basis elements; use crd2idx_arith",
                                })
                            } else {
                                crd2idx_at(&ci, Node::ROOT, &s, Node::ROOT, d, Node::ROOT)
                            };
                            if let Some((q, k)) = crd2idx_operands(&ci, &s, d) {
                                if crd2idx_narrow(q, &s, d, k).is_ok() {
                                    narrow += 1;
                                } else if crd2idx_wide(q, &s, d, k).is_some() {
                                    wide += 1;
                                }
                            }
                            assert_eq!(try_crd2idx(&ci, &s, d), want, "crd2idx({c}, {s}, {d})");
                            errors += want.is_err() as usize;
                        }
                        let mut want = IntTuple::stream();
                        let want =
                            idx2crd_at(&mut want, &ci, Node::ROOT, &s, Node::ROOT).map(|()| want);
                        match idx2crd_split(&ci, &s) {
                            Some((_, _, true)) => i2c_narrow += 1,
                            Some((_, _, false)) => i2c_wide += 1,
                            None => {}
                        }
                        assert_eq!(try_idx2crd(&ci, &s), want, "idx2crd({c}, {s})");
                        errors += want.is_err() as usize;
                    }
                }
            }
        }
        // every path is taken many times: both splits of both maps, and errors of the
        // definitions
        assert_eq!(cases, PATTERNS * n * n * coords.len() * 3);
        assert!(
            narrow > 15_000,
            "crd2idx split in 32 bits taken {narrow} times"
        );
        assert!(wide > 10_000, "crd2idx split in 64 bits taken {wide} times");
        assert!(
            i2c_narrow > 8_000,
            "idx2crd split in 32 bits taken {i2c_narrow} times"
        );
        assert!(
            i2c_wide > 10_000,
            "idx2crd split in 64 bits taken {i2c_wide} times"
        );
        assert!(errors > 50_000, "{errors} errors");
        std::eprintln!(
            "{cases} crd2idx cases: splits {narrow} and {wide}, idx2crd splits {i2c_narrow} \
             and {i2c_wide}, {errors} errors"
        );
    }

    /// Where the definition errors, the splits do too: an empty tuple in the shape (no
    /// coordinate in `crd2idx`; the quotient of `idx2crd` when it follows the last leaf),
    /// a sum that overflows in CuTe's order (right to left) but not left to right, a
    /// product of extents that overflows.
    #[test]
    fn split_errors_are_the_definitions() {
        let dy = |v: i64| IntTuple::dynamic(v);
        let t = |e: &[IntTuple]| IntTuple::tuple(e);
        let e = IntTuple::EMPTY;
        let def = |c: &IntTuple, s: &IntTuple, d: &IntTuple| {
            crd2idx_at(c, Node::ROOT, s, Node::ROOT, d, Node::ROOT)
        };
        let cases = [
            (dy(3), t(&[e, dy(4)]), t(&[e, dy(1)])),
            (dy(3), t(&[dy(4), e]), t(&[dy(1), e])),
            (
                dy(7),
                t(&[dy(2), dy(2), dy(5)]),
                t(&[dy(-(1 << 62)), dy(1 << 62), dy(1 << 62)]),
            ),
            (
                dy(7),
                t(&[t(&[dy(1 << 40), dy(1 << 40)]), dy(5)]),
                t(&[t(&[dy(1), dy(1)]), dy(1)]),
            ),
        ];
        for (c, s, d) in &cases {
            let want = def(c, s, d);
            assert!(want.is_err(), "crd2idx({c}, {s}, {d}) = {want:?}");
            assert_eq!(try_crd2idx(c, s, d), want, "crd2idx({c}, {s}, {d})");
        }
        // the quotient past an empty last mode is dropped, as the definition drops it
        let s = t(&[dy(4), e]);
        let mut want = IntTuple::stream();
        idx2crd_at(&mut want, &dy(7), Node::ROOT, &s, Node::ROOT).unwrap();
        assert_eq!(std::format!("{want}"), "(3,())");
        assert_eq!(try_idx2crd(&dy(7), &s), Ok(want));
    }
}
