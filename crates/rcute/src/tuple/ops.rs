//! Arithmetic on IntTuples (CuTe's `int_tuple.hpp`): products, sums, divisions, and the
//! profile predicates `congruent`, `weakly_congruent` and `compatible`.
//!
//! Every function follows CuTe's fold order, so that the static bits of the result are
//! CuTe's: `product((_2,_6,8))` is `(_2*_6)*8 = 96` (dynamic), `sum` starts from `_0`.

use super::{IntTuple, Node};
use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;

pub(crate) const fn product_at(t: &IntTuple, n: Node) -> Result<Int, Error> {
    if t.is_leaf_node(n) {
        return Ok(t.int_at(n));
    }
    let mut c = t.first_child(n);
    if t.is_close(c) {
        return Ok(Int::ONE);
    }
    let mut acc = tri!(product_at(t, c));
    c = t.node_end(c);
    while !t.is_close(c) {
        acc = tri!(acc.try_mul(tri!(product_at(t, c))));
        c = t.node_end(c);
    }
    Ok(acc)
}

const fn sum_at(t: &IntTuple, n: Node) -> Result<Int, Error> {
    if t.is_leaf_node(n) {
        return Ok(t.int_at(n));
    }
    let mut acc = Int::ZERO;
    let mut c = t.first_child(n);
    while !t.is_close(c) {
        acc = tri!(acc.try_add(tri!(sum_at(t, c))));
        c = t.node_end(c);
    }
    Ok(acc)
}

const fn inner_product_at(a: &IntTuple, na: Node, b: &IntTuple, nb: Node) -> Result<Int, Error> {
    match (a.is_leaf_node(na), b.is_leaf_node(nb)) {
        (true, true) => a.int_at(na).try_mul(b.int_at(nb)),
        (false, false) => {
            let ra = a.rank_at(na);
            let rb = b.rank_at(nb);
            if ra != rb {
                return Err(Error::RankMismatch {
                    msg: "inner_product: the two tuples have different ranks",
                    expected: ra,
                    found: rb,
                });
            }
            let mut acc = Int::ZERO;
            let mut ca = a.first_child(na);
            let mut cb = b.first_child(nb);
            while !a.is_close(ca) {
                acc = tri!(acc.try_add(tri!(inner_product_at(a, ca, b, cb))));
                ca = a.node_end(ca);
                cb = b.node_end(cb);
            }
            Ok(acc)
        }
        _ => Err(Error::WrongKind {
            msg: "inner_product: cannot multiply an integer by a tuple",
        }),
    }
}

/// Folds `max`, `min` or `gcd` over the leaves, right to left as CuTe's variadic forms do.
const fn leaf_fold(t: &IntTuple, op: u8) -> Result<Int, Error> {
    let n = t.leaf_count();
    if n == 0 {
        return Err(Error::WrongKind {
            msg: "max/min/gcd of an empty tuple",
        });
    }
    let mut acc = t.leaf(n - 1);
    let mut i = n - 1;
    while i > 0 {
        i -= 1;
        let x = t.leaf(i);
        acc = match op {
            0 => x.max(acc),
            1 => x.min(acc),
            _ => x.gcd(acc),
        };
    }
    Ok(acc)
}

const fn push_flat(out: &mut IntTuple, t: &IntTuple, n: Node) -> Result<(), Error> {
    let end = t.node_end(n);
    let mut i = n.l;
    while i < end.l {
        tri!(out.push_leaf(t.leaf(i)));
        i += 1;
    }
    Ok(())
}

/// Builds `f(a_i, b_i)` for each mode with a per-node combinator; shared by the
/// element-wise operations below.
#[derive(Clone, Copy)]
enum Elementwise {
    CeilDiv,
    ShapeDiv,
    RoundUp,
    ElemScale,
    FilterZeros,
}

/// `op(a, b)` where `b` is a leaf integer, folded left over the modes of `a` when `a` is a
/// tuple (CuTe's "tuple int" case of ceil_div and shape_div).
const fn div_fold(
    out: &mut IntTuple,
    a: &IntTuple,
    na: Node,
    b: Int,
    op: Elementwise,
) -> Result<Int, Error> {
    if a.is_leaf_node(na) {
        let x = a.int_at(na);
        let r = match op {
            Elementwise::CeilDiv => tri!(x.try_ceil_div(b)),
            _ => tri!(x.try_shape_div(b)),
        };
        tri!(out.push_leaf(r));
        // the rest carried to the next mode
        return match op {
            Elementwise::CeilDiv => b.try_ceil_div(x),
            _ => b.try_shape_div(x),
        };
    }
    tri!(out.push_open());
    let mut rest = b;
    let mut c = a.first_child(na);
    while !a.is_close(c) {
        // each mode gets op(a_i, rest) and rest becomes op(rest, a_i); for a tuple a_i
        // the division recurses with the same fold, and the rest is op(rest, size(a_i))
        // written in place: the result mirrors `a`'s subtree, which fits
        let _ = tri!(div_fold(out, a, c, rest, op));
        let size = tri!(product_at(a, c));
        rest = match op {
            Elementwise::CeilDiv => tri!(rest.try_ceil_div(size)),
            _ => tri!(rest.try_shape_div(size)),
        };
        c = a.node_end(c);
    }
    tri!(out.push_close());
    Ok(rest)
}

const fn elementwise(
    out: &mut IntTuple,
    a: &IntTuple,
    na: Node,
    b: &IntTuple,
    nb: Node,
    op: Elementwise,
) -> Result<(), Error> {
    let a_tuple = !a.is_leaf_node(na);
    let b_tuple = !b.is_leaf_node(nb);
    match op {
        Elementwise::ElemScale => {
            if !a_tuple {
                let p = tri!(product_at(b, nb));
                return out.push_leaf(tri!(a.int_at(na).try_mul(p)));
            }
            if !b_tuple || a.rank_at(na) != b.rank_at(nb) {
                return Err(Error::RankMismatch {
                    msg: "elem_scale: the two tuples have different ranks",
                    expected: a.rank_at(na),
                    found: b.rank_at(nb),
                });
            }
        }
        Elementwise::FilterZeros => {
            if !a_tuple {
                if a.int_at(na).is_constant(0) {
                    return push_repeat_like(out, b, nb, Int::ONE);
                }
                return out.push_node(b, nb);
            }
            if !b_tuple || a.rank_at(na) != b.rank_at(nb) {
                return Err(Error::RankMismatch {
                    msg: "filter_zeros: the two tuples have different ranks",
                    expected: a.rank_at(na),
                    found: b.rank_at(nb),
                });
            }
        }
        Elementwise::CeilDiv | Elementwise::ShapeDiv | Elementwise::RoundUp => {
            if a_tuple && b_tuple {
                let ra = a.rank_at(na);
                let rb = b.rank_at(nb);
                let ok = match op {
                    Elementwise::ShapeDiv => ra == rb,
                    _ => ra >= rb,
                };
                if !ok {
                    return Err(Error::RankMismatch {
                        msg: match op {
                            Elementwise::ShapeDiv => {
                                "shape_div: the two tuples have different ranks"
                            }
                            Elementwise::CeilDiv => {
                                "ceil_div: the divisor has more modes than the dividend"
                            }
                            _ => "round_up: the divisor has more modes than the dividend",
                        },
                        expected: ra,
                        found: rb,
                    });
                }
                // element-wise, missing modes of b are _1
                tri!(out.push_open());
                let mut ca = a.first_child(na);
                let mut cb = b.first_child(nb);
                while !a.is_close(ca) {
                    if b.is_close(cb) {
                        let one = IntTuple::constant(1);
                        tri!(elementwise(out, a, ca, &one, Node::ROOT, op));
                    } else {
                        tri!(elementwise(out, a, ca, b, cb, op));
                        cb = b.node_end(cb);
                    }
                    ca = a.node_end(ca);
                }
                return out.push_close();
            }
            let bi = if b_tuple {
                tri!(product_at(b, nb))
            } else {
                b.int_at(nb)
            };
            if !a_tuple {
                let x = a.int_at(na);
                let r = match op {
                    Elementwise::CeilDiv => tri!(x.try_ceil_div(bi)),
                    Elementwise::ShapeDiv => tri!(x.try_shape_div(bi)),
                    _ => tri!(tri!(x.try_ceil_div(bi)).try_mul(bi)),
                };
                return out.push_leaf(r);
            }
            if let Elementwise::RoundUp = op {
                return Err(Error::WrongKind {
                    msg: "round_up: a tuple cannot be rounded up to an integer",
                });
            }
            let _ = tri!(div_fold(out, a, na, bi, op));
            return Ok(());
        }
    }
    // element-wise over equal ranks
    tri!(out.push_open());
    let mut ca = a.first_child(na);
    let mut cb = b.first_child(nb);
    while !a.is_close(ca) {
        tri!(elementwise(out, a, ca, b, cb, op));
        ca = a.node_end(ca);
        cb = b.node_end(cb);
    }
    out.push_close()
}

pub(crate) const fn push_repeat_like(
    out: &mut IntTuple,
    t: &IntTuple,
    n: Node,
    x: Int,
) -> Result<(), Error> {
    let end = t.node_end(n);
    let mut p = n;
    while p.t < end.t {
        if t.is_leaf_node(p) {
            tri!(out.push_leaf(x));
            p = Node {
                t: p.t + 1,
                l: p.l + 1,
            };
        } else {
            if t.is_close(p) {
                tri!(out.push_close());
            } else {
                tri!(out.push_open());
            }
            p = Node { t: p.t + 1, l: p.l };
        }
    }
    Ok(())
}

const fn weakly_congruent_at(a: &IntTuple, na: Node, b: &IntTuple, nb: Node) -> bool {
    if a.is_leaf_node(na) {
        return true;
    }
    if b.is_leaf_node(nb) {
        return false;
    }
    if a.rank_at(na) != b.rank_at(nb) {
        return false;
    }
    let mut ca = a.first_child(na);
    let mut cb = b.first_child(nb);
    while !a.is_close(ca) {
        if !weakly_congruent_at(a, ca, b, cb) {
            return false;
        }
        ca = a.node_end(ca);
        cb = b.node_end(cb);
    }
    true
}

const fn compatible_at(a: &IntTuple, na: Node, b: &IntTuple, nb: Node) -> Result<Int, Error> {
    if a.is_leaf_node(na) {
        let sb = tri!(product_at(b, nb));
        return Ok(a.int_at(na).eq(sb));
    }
    if b.is_leaf_node(nb) {
        return Ok(Int::bool(false, true));
    }
    if a.rank_at(na) != b.rank_at(nb) {
        return Ok(Int::bool(false, true));
    }
    let mut acc = Int::bool(true, true);
    let mut ca = a.first_child(na);
    let mut cb = b.first_child(nb);
    while !a.is_close(ca) {
        acc = acc.and(tri!(compatible_at(a, ca, b, cb)));
        ca = a.node_end(ca);
        cb = b.node_end(cb);
    }
    Ok(acc)
}

impl IntTuple {
    /// The product of all leaves (CuTe's `product`, `size`); `size(()) == _1`.
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!((_2,(3,_4),_5)).product().to_string(), "120");
    /// assert_eq!(int_tuple!((_2,(_3,_4))).product().to_string(), "_24");
    /// ```
    pub const fn try_product(&self) -> Result<Int, Error> {
        // The leaves folded in order. With no zero, no scaled basis and no `_`, every
        // partial product of any grouping is at most the whole in magnitude, so CuTe's
        // nested fold has the same value and overflows exactly when this one does; the
        // product is static exactly when every leaf is. Otherwise, the nested fold.
        let (val, meta) = self.leaf_parts(0, self.leaf_count());
        let mut acc: i64 = 1;
        let mut all_static = true;
        let mut i = 0;
        while i < val.len() {
            let x = Int::from_raw(val[i], meta[i]);
            if x.value() == 0 || x.is_basis() || x.is_underscore() {
                return product_at(self, Node::ROOT);
            }
            acc = match acc.checked_mul(x.value()) {
                Some(v) => v,
                None => return product_at(self, Node::ROOT),
            };
            all_static = all_static && x.is_static();
            i += 1;
        }
        Ok(Int::new(acc, all_static))
    }

    /// [`IntTuple::try_product`], panicking with the error's message.
    #[track_caller]
    pub const fn product(&self) -> Int {
        unwrap_or_panic!(self.try_product())
    }

    /// Alias of [`IntTuple::try_product`] (CuTe's `size`).
    pub const fn try_size(&self) -> Result<Int, Error> {
        self.try_product()
    }

    /// Alias of [`IntTuple::product`] (CuTe's `size`).
    #[track_caller]
    pub const fn size(&self) -> Int {
        self.product()
    }

    /// The product of each mode, always a tuple: `product_each(_6) == (_6)`.
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!((_2,(3,_4),_5)).product_each().to_string(), "(_2,12,_5)");
    /// ```
    pub const fn try_product_each(&self) -> Result<IntTuple, Error> {
        let mut out = IntTuple::stream();
        tri!(out.push_open());
        if self.is_leaf() {
            tri!(out.push_leaf(self.int_at(Node::ROOT)));
        } else {
            let mut c = self.first_child(Node::ROOT);
            while !self.is_close(c) {
                tri!(out.push_leaf(tri!(product_at(self, c))));
                c = self.node_end(c);
            }
        }
        tri!(out.push_close());
        Ok(out)
    }

    /// [`IntTuple::try_product_each`], panicking with the error's message.
    #[track_caller]
    pub const fn product_each(&self) -> IntTuple {
        unwrap_or_panic!(self.try_product_each())
    }

    /// The product of `self` at each leaf of `guide` (CuTe's `product_like`).
    ///
    /// ```
    /// use rcute::int_tuple;
    /// let t = int_tuple!((_2,(_3,_4)));
    /// assert_eq!(t.product_like(&int_tuple!((_0,_0))).to_string(), "(_2,_12)");
    /// ```
    pub const fn try_product_like(&self, guide: &IntTuple) -> Result<IntTuple, Error> {
        let mut out = IntTuple::stream();
        tri!(product_like_at(
            &mut out,
            self,
            Node::ROOT,
            guide,
            Node::ROOT
        ));
        Ok(out)
    }

    /// [`IntTuple::try_product_like`], panicking with the error's message.
    #[track_caller]
    pub const fn product_like(&self, guide: &IntTuple) -> IntTuple {
        unwrap_or_panic!(self.try_product_like(guide))
    }

    /// The sum of all leaves, starting from `_0` (CuTe's `sum`).
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!((_2,(3,_4),_5)).sum().to_string(), "14");
    /// ```
    pub const fn try_sum(&self) -> Result<Int, Error> {
        sum_at(self, Node::ROOT)
    }

    /// [`IntTuple::try_sum`], panicking with the error's message.
    #[track_caller]
    pub const fn sum(&self) -> Int {
        unwrap_or_panic!(self.try_sum())
    }

    /// The sum of leaf-wise products of two congruent tuples (CuTe's `inner_product`).
    ///
    /// ```
    /// use rcute::int_tuple;
    /// let a = int_tuple!((_2,(_3,4)));
    /// assert_eq!(a.inner_product(&int_tuple!((_1,(_10,_100)))).to_string(), "432");
    /// assert_eq!(int_tuple!((_2,_3)).inner_product(&int_tuple!((_1,_0))).to_string(), "_2");
    /// ```
    pub const fn try_inner_product(&self, other: &IntTuple) -> Result<Int, Error> {
        inner_product_at(self, Node::ROOT, other, Node::ROOT)
    }

    /// [`IntTuple::try_inner_product`], panicking with the error's message.
    #[track_caller]
    pub const fn inner_product(&self, other: &IntTuple) -> Int {
        unwrap_or_panic!(self.try_inner_product(other))
    }

    /// The largest leaf (static only if every leaf is).
    pub const fn try_max(&self) -> Result<Int, Error> {
        leaf_fold(self, 0)
    }

    /// The smallest leaf (static only if every leaf is).
    pub const fn try_min(&self) -> Result<Int, Error> {
        leaf_fold(self, 1)
    }

    /// The greatest common divisor of the leaves (static only if every leaf is).
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!((_12,(_8,_6))).try_gcd().unwrap().to_string(), "_2");
    /// ```
    pub const fn try_gcd(&self) -> Result<Int, Error> {
        leaf_fold(self, 2)
    }

    /// A tuple of depth at most 1; a leaf stays a leaf (CuTe's `flatten`).
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!((_2,(3,_4),_5)).flatten().to_string(), "(_2,3,_4,_5)");
    /// assert_eq!(int_tuple!(_3).flatten().to_string(), "_3");
    /// assert_eq!(int_tuple!((((_1)))).flatten().to_string(), "(_1)");
    /// ```
    pub const fn flatten(&self) -> IntTuple {
        if self.is_leaf() {
            return *self;
        }
        self.flatten_to_tuple()
    }

    /// A flat tuple of the leaves; a leaf becomes a rank-1 tuple (CuTe's `flatten_to_tuple`).
    pub const fn flatten_to_tuple(&self) -> IntTuple {
        let mut out = IntTuple::stream();
        // A flat tuple never needs more tokens than the original (or 3 for a leaf).
        match out.push_open() {
            Ok(()) => {}
            Err(e) => e.panic(),
        }
        match push_flat(&mut out, self, Node::ROOT) {
            Ok(()) => {}
            Err(e) => e.panic(),
        }
        match out.push_close() {
            Ok(()) => {}
            Err(e) => e.panic(),
        }
        out
    }

    /// Regroups the leaves of a flat tuple to the profile of `profile` (CuTe's `unflatten`).
    ///
    /// ```
    /// use rcute::int_tuple;
    /// let flat = int_tuple!((_1,_2,_3,_4));
    /// let t = flat.unflatten(&int_tuple!((_0,(_0,_0),_0)));
    /// assert_eq!(t.to_string(), "(_1,(_2,_3),_4)");
    /// ```
    pub const fn try_unflatten(&self, profile: &IntTuple) -> Result<IntTuple, Error> {
        let flat = self.flatten_to_tuple();
        let need = profile.leaf_count();
        if flat.leaf_count() != need || self.depth() > 1 {
            return Err(Error::RankMismatch {
                msg: "unflatten: the flat tuple and the profile have different numbers of leaves",
                expected: need,
                found: flat.leaf_count(),
            });
        }
        let mut out = *profile;
        let mut i = 0;
        while i < need {
            out.set_leaf(i, flat.leaf(i));
            i += 1;
        }
        Ok(out)
    }

    /// [`IntTuple::try_unflatten`], panicking with the error's message.
    #[track_caller]
    pub const fn unflatten(&self, profile: &IntTuple) -> IntTuple {
        unwrap_or_panic!(self.try_unflatten(profile))
    }

    /// Whether the two tuples have the same profile (nesting), as a static boolean.
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert!(int_tuple!((_1,(2,3))).congruent(&int_tuple!((4,(_5,6)))));
    /// assert!(!int_tuple!((1,2)).congruent(&int_tuple!((1,(2)))));
    /// ```
    pub const fn congruent(&self, other: &IntTuple) -> bool {
        self.same_tokens(other)
    }

    /// Whether `self`'s profile is a coarsening of `other`'s: a leaf of `self` may stand for
    /// any subtree of `other` (a static boolean).
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert!(int_tuple!((_1,_1)).weakly_congruent(&int_tuple!((4,(_5,6)))));
    /// assert!(!int_tuple!((_1)).weakly_congruent(&int_tuple!(_1)));
    /// ```
    pub const fn weakly_congruent(&self, other: &IntTuple) -> bool {
        weakly_congruent_at(self, Node::ROOT, other, Node::ROOT)
    }

    /// Whether every coordinate of shape `self` is a coordinate of shape `other`: at each
    /// leaf of `self`, the size of `other` there is the same (CuTe's `compatible`). The
    /// result is a static boolean when it is decided by the profiles or by static sizes.
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!(_24).compatible(&int_tuple!((_4,_6))).to_string(), "_1");
    /// assert_eq!(int_tuple!(24).compatible(&int_tuple!((_4,_6))).to_string(), "1");
    /// assert_eq!(int_tuple!((_24)).compatible(&int_tuple!(_24)).to_string(), "_0");
    /// ```
    pub const fn try_compatible(&self, other: &IntTuple) -> Result<Int, Error> {
        compatible_at(self, Node::ROOT, other, Node::ROOT)
    }

    /// [`IntTuple::try_compatible`], panicking with the error's message.
    #[track_caller]
    pub const fn compatible(&self, other: &IntTuple) -> Int {
        unwrap_or_panic!(self.try_compatible(other))
    }

    /// Whether the shape `self` is evenly divided by the tiler `tiler` (an IntTuple; a
    /// leaf `n` tiles by `n:_1`). A tuple tiler with more modes than the shape gives `_0`.
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!((_32,_64)).evenly_divides(&int_tuple!(_128)).to_string(), "_1");
    /// assert_eq!(int_tuple!(_16).evenly_divides(&int_tuple!(_12)).to_string(), "_0");
    /// assert_eq!(int_tuple!(16).evenly_divides(&int_tuple!(8)).to_string(), "1");
    /// ```
    pub const fn try_evenly_divides(&self, tiler: &IntTuple) -> Result<Int, Error> {
        evenly_divides_at(self, Node::ROOT, tiler, Node::ROOT)
    }

    /// [`IntTuple::try_evenly_divides`], panicking with the error's message.
    #[track_caller]
    pub const fn evenly_divides(&self, tiler: &IntTuple) -> Int {
        unwrap_or_panic!(self.try_evenly_divides(tiler))
    }

    /// CuTe's `ceil_div`: element-wise for two tuples (missing modes of `b` count as `_1`);
    /// folded left over the modes for a tuple and an integer; `(a + b - 1) / b` for two
    /// integers. No divisibility is required.
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!((_4,_5,_6)).ceil_div(&int_tuple!(_40)).to_string(), "(_1,_1,_3)");
    /// assert_eq!(int_tuple!((_4,_5,_6)).ceil_div(&int_tuple!((_2,_3))).to_string(), "(_2,_2,_6)");
    /// assert_eq!(int_tuple!(_24).ceil_div(&int_tuple!((_2,_3))).to_string(), "_4");
    /// ```
    pub const fn try_ceil_div(&self, b: &IntTuple) -> Result<IntTuple, Error> {
        let mut out = IntTuple::stream();
        tri!(elementwise(
            &mut out,
            self,
            Node::ROOT,
            b,
            Node::ROOT,
            Elementwise::CeilDiv
        ));
        Ok(out)
    }

    /// [`IntTuple::try_ceil_div`], panicking with the error's message.
    #[track_caller]
    pub const fn ceil_div(&self, b: &IntTuple) -> IntTuple {
        unwrap_or_panic!(self.try_ceil_div(b))
    }

    /// CuTe's `shape_div`: like [`IntTuple::try_ceil_div`], but two static integers must
    /// divide one another ("Divisibility Condition"), and two tuples must have equal ranks.
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!((_3,_6,_2,_8)).shape_div(&int_tuple!(_9)).to_string(), "(_1,_2,_2,_8)");
    /// assert_eq!(int_tuple!(((_3,_4),_6)).shape_div(&int_tuple!(_36)).to_string(), "((_1,_1),_2)");
    /// assert!(int_tuple!(_6).try_shape_div(&int_tuple!(_4)).is_err());
    /// ```
    pub const fn try_shape_div(&self, b: &IntTuple) -> Result<IntTuple, Error> {
        let mut out = IntTuple::stream();
        tri!(elementwise(
            &mut out,
            self,
            Node::ROOT,
            b,
            Node::ROOT,
            Elementwise::ShapeDiv
        ));
        Ok(out)
    }

    /// [`IntTuple::try_shape_div`], panicking with the error's message.
    #[track_caller]
    pub const fn shape_div(&self, b: &IntTuple) -> IntTuple {
        unwrap_or_panic!(self.try_shape_div(b))
    }

    /// CuTe's `round_up`: each mode rounded up to a multiple of the matching mode of `b`
    /// (missing modes of `b` count as `_1`).
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!((_7,_9)).round_up(&int_tuple!((_4))).to_string(), "(_8,_9)");
    /// ```
    pub const fn try_round_up(&self, b: &IntTuple) -> Result<IntTuple, Error> {
        let mut out = IntTuple::stream();
        tri!(elementwise(
            &mut out,
            self,
            Node::ROOT,
            b,
            Node::ROOT,
            Elementwise::RoundUp
        ));
        Ok(out)
    }

    /// [`IntTuple::try_round_up`], panicking with the error's message.
    #[track_caller]
    pub const fn round_up(&self, b: &IntTuple) -> IntTuple {
        unwrap_or_panic!(self.try_round_up(b))
    }

    /// CuTe's `elem_scale`: each leaf of `self` times the size of the matching mode of `b`.
    ///
    /// ```
    /// use rcute::int_tuple;
    /// let a = int_tuple!((_2,_3));
    /// assert_eq!(a.elem_scale(&int_tuple!((_4,(_2,_5)))).to_string(), "(_8,_30)");
    /// ```
    pub const fn try_elem_scale(&self, b: &IntTuple) -> Result<IntTuple, Error> {
        let mut out = IntTuple::stream();
        tri!(elementwise(
            &mut out,
            self,
            Node::ROOT,
            b,
            Node::ROOT,
            Elementwise::ElemScale
        ));
        Ok(out)
    }

    /// [`IntTuple::try_elem_scale`], panicking with the error's message.
    #[track_caller]
    pub const fn elem_scale(&self, b: &IntTuple) -> IntTuple {
        unwrap_or_panic!(self.try_elem_scale(b))
    }

    /// CuTe's two-argument `filter_zeros(a, b)`: the modes of `b` paired with a static `_0`
    /// in `a` become `_1` (a whole subtree of `_1`s); dynamic zeros are not filtered.
    ///
    /// ```
    /// use rcute::int_tuple;
    /// let a = int_tuple!((_0,1,_0));
    /// assert_eq!(a.filter_zeros_of(&int_tuple!((_4,5,(6,_7)))).to_string(), "(_1,5,(_1,_1))");
    /// ```
    pub const fn try_filter_zeros_of(&self, b: &IntTuple) -> Result<IntTuple, Error> {
        let mut out = IntTuple::stream();
        tri!(elementwise(
            &mut out,
            self,
            Node::ROOT,
            b,
            Node::ROOT,
            Elementwise::FilterZeros
        ));
        Ok(out)
    }

    /// [`IntTuple::try_filter_zeros_of`], panicking with the error's message.
    #[track_caller]
    pub const fn filter_zeros_of(&self, b: &IntTuple) -> IntTuple {
        unwrap_or_panic!(self.try_filter_zeros_of(b))
    }

    /// CuTe's one-argument `filter_zeros(t)`: every static `_0` becomes `_1`.
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!((_0,0,_3)).filter_zeros().to_string(), "(_1,0,_3)");
    /// ```
    pub const fn filter_zeros(&self) -> IntTuple {
        let mut out = *self;
        let mut i = 0;
        while i < self.leaf_count() {
            if self.leaf(i).is_constant(0) {
                out.set_leaf(i, Int::ONE);
            }
            i += 1;
        }
        out
    }

    /// A tuple with the profile of `self` and every leaf `x` (CuTe's `repeat_like`).
    ///
    /// ```
    /// use rcute::{Int, int_tuple};
    /// let t = int_tuple!((_2,(3,_4),_5)).repeat_like(Int::ZERO);
    /// assert_eq!(t.to_string(), "(_0,(_0,_0),_0)");
    /// ```
    pub const fn repeat_like(&self, x: Int) -> IntTuple {
        let mut out = *self;
        let mut i = 0;
        while i < self.leaf_count() {
            out.set_leaf(i, x);
            i += 1;
        }
        out
    }
}

const fn product_like_at(
    out: &mut IntTuple,
    t: &IntTuple,
    nt: Node,
    g: &IntTuple,
    ng: Node,
) -> Result<(), Error> {
    if g.is_leaf_node(ng) {
        return out.push_leaf(tri!(product_at(t, nt)));
    }
    if t.is_leaf_node(nt) || t.rank_at(nt) != g.rank_at(ng) {
        return Err(Error::RankMismatch {
            msg: "product_like: the tuple and the guide have different ranks",
            expected: g.rank_at(ng),
            found: t.rank_at(nt),
        });
    }
    tri!(out.push_open());
    let mut ct = t.first_child(nt);
    let mut cg = g.first_child(ng);
    while !g.is_close(cg) {
        tri!(product_like_at(out, t, ct, g, cg));
        ct = t.node_end(ct);
        cg = g.node_end(cg);
    }
    out.push_close()
}

const fn evenly_divides_at(a: &IntTuple, na: Node, b: &IntTuple, nb: Node) -> Result<Int, Error> {
    if !b.is_leaf_node(nb) {
        let rb = b.rank_at(nb);
        let ra = a.rank_at(na);
        if rb > ra {
            return Ok(Int::bool(false, true));
        }
        let mut acc = Int::bool(true, true);
        let mut cb = b.first_child(nb);
        let mut i = 0;
        while !b.is_close(cb) {
            let ca = if a.is_leaf_node(na) {
                na
            } else {
                a.child(na, i)
            };
            acc = acc.and(tri!(evenly_divides_at(a, ca, b, cb)));
            cb = b.node_end(cb);
            i += 1;
        }
        return Ok(acc);
    }
    // size(a) == size(b) * size(ceil_div(shape(a), b))
    let sa = tri!(product_at(a, na));
    let bi = b.int_at(nb);
    let sub = a.subtree(na);
    let q = tri!(sub.try_ceil_div(&IntTuple::from_int(bi)));
    let rhs = tri!(bi.try_mul(tri!(q.try_product())));
    Ok(sa.eq(rhs))
}
