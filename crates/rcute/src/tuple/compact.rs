//! Compact strides (CuTe's `stride.hpp`): `compact_col_major`, `compact_row_major`,
//! `compact_order` and `make_basis_like`.

use super::{IntTuple, Node};
use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;

/// The order in which compact strides grow: CuTe's `LayoutLeft` (column-major, the first
/// mode has stride 1) and `LayoutRight` (row-major, the last mode has stride 1).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Major {
    /// `LayoutLeft` / `GenColMajor`: strides grow from the first leaf to the last.
    Left,
    /// `LayoutRight` / `GenRowMajor`: strides grow from the last leaf to the first.
    Right,
}

/// Compact strides for the leaves `[n.l, end.l)` of `shape`, starting at `current`, in the
/// given direction; returns the strides (as a tuple congruent to the subtree) and the
/// product carried on.
const fn compact_subtree(
    shape: &IntTuple,
    n: Node,
    current: Int,
    major: Major,
) -> Result<(IntTuple, Int), Error> {
    let mut out = shape.subtree(n);
    let count = out.leaf_count();
    let mut cur = current;
    let mut k = 0;
    while k < count {
        let i = match major {
            Major::Left => k,
            Major::Right => count - 1 - k,
        };
        let s = out.leaf(i);
        if s.is_constant(1) {
            out.set_leaf(i, Int::ZERO);
        } else {
            out.set_leaf(i, cur);
            cur = tri!(cur.try_mul(s));
        }
        k += 1;
    }
    Ok((out, cur))
}

impl IntTuple {
    /// Compact strides for this shape, starting at `current` (CuTe's `compact_major`).
    ///
    /// The leaves are scanned left to right (`Left`) or right to left (`Right`), ignoring
    /// the nesting; a static `_1` leaf gets stride `_0` and does not advance the product, a
    /// dynamic `1` does. The first stride is always `current` itself.
    ///
    /// ```
    /// use rcute::{Int, Major, int_tuple};
    /// let s = int_tuple!((_4,_8,_1,_2));
    /// assert_eq!(s.compact_major(Major::Left, Int::ONE).to_string(), "(_1,_4,_0,_32)");
    /// let d = int_tuple!((4,8,1,2));
    /// assert_eq!(d.compact_major(Major::Left, Int::ONE).to_string(), "(_1,4,32,32)");
    /// let r = int_tuple!((_4,(_8,_1,(_2,_3))));
    /// assert_eq!(r.compact_major(Major::Right, Int::ONE).to_string(), "(_48,(_6,_0,(_3,_1)))");
    /// ```
    pub const fn try_compact_major(&self, major: Major, current: Int) -> Result<IntTuple, Error> {
        let (t, _) = tri!(compact_subtree(self, Node::ROOT, current, major));
        Ok(t)
    }

    /// [`IntTuple::try_compact_major`], panicking with the error's message.
    #[track_caller]
    pub const fn compact_major(&self, major: Major, current: Int) -> IntTuple {
        unwrap_or_panic!(self.try_compact_major(major, current))
    }

    /// Compact strides with a per-mode starting value (CuTe's `compact_major` with a tuple
    /// `current`): mode `i` gets `compact_major(shape_i, current_i)`.
    pub const fn try_compact_major_each(
        &self,
        major: Major,
        current: &IntTuple,
    ) -> Result<IntTuple, Error> {
        if let Some(c) = current.as_int() {
            return self.try_compact_major(major, c);
        }
        if self.is_leaf() || self.rank() != current.rank() {
            return Err(Error::RankMismatch {
                msg: "compact_major: the shape and the current strides have different ranks",
                expected: current.rank(),
                found: self.rank(),
            });
        }
        let mut out = IntTuple::stream();
        tri!(out.push_open());
        let mut i = 0;
        while i < self.rank() {
            let m = tri!(
                tri!(self.try_get(i)).try_compact_major_each(major, &tri!(current.try_get(i)))
            );
            tri!(out.push_node(&m, Node::ROOT));
            i += 1;
        }
        tri!(out.push_close());
        Ok(out)
    }

    /// Column-major compact strides, `compact_major(Left, _1)` (CuTe's `compact_col_major`).
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!((_2,4,_3)).compact_col_major().to_string(), "(_1,_2,8)");
    /// assert_eq!(int_tuple!(((1,2),8,2)).compact_col_major().to_string(), "((_1,1),2,16)");
    /// ```
    pub const fn try_compact_col_major(&self) -> Result<IntTuple, Error> {
        self.try_compact_major(Major::Left, Int::ONE)
    }

    /// [`IntTuple::try_compact_col_major`], panicking with the error's message.
    #[track_caller]
    pub const fn compact_col_major(&self) -> IntTuple {
        unwrap_or_panic!(self.try_compact_col_major())
    }

    /// Row-major compact strides, `compact_major(Right, _1)` (CuTe's `compact_row_major`).
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!((4,(8,1,(2,3)))).compact_row_major().to_string(), "(48,(6,6,(3,_1)))");
    /// ```
    pub const fn try_compact_row_major(&self) -> Result<IntTuple, Error> {
        self.try_compact_major(Major::Right, Int::ONE)
    }

    /// [`IntTuple::try_compact_row_major`], panicking with the error's message.
    #[track_caller]
    pub const fn compact_row_major(&self) -> IntTuple {
        unwrap_or_panic!(self.try_compact_row_major())
    }

    /// Compact strides in the order given by `order` (CuTe's `compact_order`): the mode with
    /// the smallest order gets stride 1, the next one continues from there, and so on.
    /// `order` may be hierarchical (weakly congruent to the shape); its dynamic entries are
    /// treated as larger than every static one, increasing from left to right.
    ///
    /// ```
    /// use rcute::int_tuple;
    /// let s = int_tuple!((_2,_2,_2,_2));
    /// assert_eq!(s.compact_order(&int_tuple!((_0,_2,_3,_1))).to_string(), "(_1,_4,_8,_2)");
    /// let d = int_tuple!((2,3,4,5));
    /// assert_eq!(d.compact_order(&int_tuple!((_2,67,42,_50))).to_string(), "(_1,10,30,2)");
    /// let h = int_tuple!(((_2,_3),_4));
    /// assert_eq!(h.compact_order(&int_tuple!((_1,_0))).to_string(), "((_4,_8),_1)");
    /// ```
    pub const fn try_compact_order(&self, order: &IntTuple) -> Result<IntTuple, Error> {
        if !order.weakly_congruent(self) {
            return Err(Error::NotCongruent {
                msg: "compact_order: the order is not weakly congruent to the shape",
            });
        }
        if order.has_basis() {
            // CuTe orders with `<` on the elements, which scaled basis elements do not
            // have (make_layout_like and make_fragment_like of identity layouts do not
            // compile)
            return Err(Error::WrongKind {
                msg: "compact_order: the order must hold integers, not scaled basis elements (CuTe cannot compare them)",
            });
        }
        let ref_shape = tri!(self.try_product_like(order)).flatten_to_tuple();
        let flat_order = order.flatten_to_tuple();
        let n = flat_order.leaf_count();
        // the largest static order
        let mut max = 0i64;
        let mut i = 0;
        while i < n {
            let o = flat_order.leaf(i);
            if o.is_static() && max < o.value() {
                max = o.value();
            }
            i += 1;
        }
        // dynamic orders become max+1+position
        let mut ref_order = flat_order;
        i = 0;
        while i < n {
            if !flat_order.leaf(i).is_static() {
                let Some(v) = max.checked_add(1 + i as i64) else {
                    return Err(Error::Overflow {
                        msg: "compact_order: a dynamic order after the largest static one overflows",
                        lhs: max,
                        rhs: i as i64,
                    });
                };
                ref_order.set_leaf(i, Int::constant(v));
            }
            i += 1;
        }
        let new_order = tri!(ref_order.try_unflatten(order));
        let mut out = IntTuple::stream();
        tri!(compact_order_at(
            &mut out,
            self,
            Node::ROOT,
            &new_order,
            Node::ROOT,
            &ref_shape,
            &ref_order
        ));
        Ok(out)
    }

    /// [`IntTuple::try_compact_order`], panicking with the error's message.
    #[track_caller]
    pub const fn compact_order(&self, order: &IntTuple) -> IntTuple {
        unwrap_or_panic!(self.try_compact_order(order))
    }

    /// The identity strides for this shape (CuTe's `make_basis_like`): each leaf becomes the
    /// scaled basis element `_1@path` of its position.
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!((_4,(_2,_3))).try_basis_like().unwrap().to_string(),
    ///            "(_1@0,(_1@0@1,_1@1@1))");
    /// ```
    pub const fn try_basis_like(&self) -> Result<IntTuple, Error> {
        let mut out = *self;
        let mut path = [0usize; crate::int::MAX_BASIS_DEPTH + 1];
        let mut depth = 0usize;
        let mut t = 0;
        let mut l = 0;
        while t < self.ntok as usize {
            let k = self.tok[t];
            if k == super::OPEN {
                if depth > 0 {
                    // entering a child: nothing to do, the index is already set
                }
                depth += 1;
                if depth > crate::int::MAX_BASIS_DEPTH {
                    return Err(Error::Capacity {
                        msg: "make_basis_like: the shape is nested deeper than a basis path can be",
                        capacity: crate::int::MAX_BASIS_DEPTH,
                    });
                }
                path[depth - 1] = 0;
            } else if k == super::CLOSE {
                depth -= 1;
                if depth > 0 {
                    path[depth - 1] += 1;
                }
            } else {
                let (p, _) = path.split_at(depth);
                let e = tri!(Int::try_basis(Int::ONE, p));
                out.set_leaf(l, e);
                l += 1;
                if depth > 0 {
                    path[depth - 1] += 1;
                }
            }
            t += 1;
        }
        Ok(out)
    }
}

const fn compact_order_at(
    out: &mut IntTuple,
    shape: &IntTuple,
    ns: Node,
    order: &IntTuple,
    no: Node,
    ref_shape: &IntTuple,
    ref_order: &IntTuple,
) -> Result<(), Error> {
    if !order.is_leaf_node(no) {
        tri!(out.push_open());
        let mut cs = shape.first_child(ns);
        let mut co = order.first_child(no);
        while !order.is_close(co) {
            tri!(compact_order_at(
                out, shape, cs, order, co, ref_shape, ref_order
            ));
            cs = shape.node_end(cs);
            co = order.node_end(co);
        }
        return out.push_close();
    }
    let o = order.int_at(no);
    // product over the reference modes of (ref_order < o ? ref_shape : _1), folded left
    let n = ref_shape.leaf_count();
    let mut start = Int::ONE;
    let mut i = 0;
    while i < n {
        let f = if ref_order.leaf(i).value() < o.value() {
            ref_shape.leaf(i)
        } else {
            Int::ONE
        };
        start = if i == 0 { f } else { tri!(start.try_mul(f)) };
        i += 1;
    }
    let (t, _) = tri!(compact_subtree(shape, ns, start, Major::Left));
    out.push_node(&t, Node::ROOT)
}
