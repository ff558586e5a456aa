//! Comparisons of IntTuples (CuTe's `int_tuple.hpp` and `container/tuple.hpp`):
//! equality, and lexicographic, colexicographic and element-wise orders.
//!
//! Each returns a CuTe boolean: static when the answer is decided by the profiles or by
//! static values, dynamic otherwise. CuTe deliberately defines no `<` on tuples; pick the
//! order that matches the layout the coordinates come from.

use super::{IntTuple, Node};
use crate::error::{Error, tri};
use crate::int::Int;

const fn eq_at(a: &IntTuple, na: Node, b: &IntTuple, nb: Node) -> Int {
    match (a.is_leaf_node(na), b.is_leaf_node(nb)) {
        (true, true) => a.int_at(na).eq(b.int_at(nb)),
        (false, false) => {
            if a.rank_at(na) != b.rank_at(nb) {
                return Int::bool(false, true);
            }
            let mut acc = Int::bool(true, true);
            let mut ca = a.first_child(na);
            let mut cb = b.first_child(nb);
            while !a.is_close(ca) {
                acc = acc.and(eq_at(a, ca, b, cb));
                ca = a.node_end(ca);
                cb = b.node_end(cb);
            }
            acc
        }
        _ => Int::bool(false, true),
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Order {
    Lex,
    Colex,
    Elem,
}

const fn less_at(
    a: &IntTuple,
    na: Node,
    b: &IntTuple,
    nb: Node,
    order: Order,
) -> Result<Int, Error> {
    match (a.is_leaf_node(na), b.is_leaf_node(nb)) {
        (true, true) => Ok(a.int_at(na).lt(b.int_at(nb))),
        (false, false) => less_impl(a, na, b, nb, 0, order),
        _ => Err(Error::WrongKind {
            msg: "comparison of a tuple with an integer",
        }),
    }
}

const fn less_impl(
    a: &IntTuple,
    na: Node,
    b: &IntTuple,
    nb: Node,
    i: usize,
    order: Order,
) -> Result<Int, Error> {
    let ra = a.rank_at(na);
    let rb = b.rank_at(nb);
    if let Order::Elem = order {
        if i == ra {
            return Ok(Int::bool(true, true));
        }
        if i == rb {
            return Ok(Int::bool(false, true));
        }
        let (ca, cb) = (a.child(na, i), b.child(nb, i));
        let here = tri!(less_at(a, ca, b, cb, order));
        // `here && rest`: a static false short-circuits as in CuTe's `&&`
        if here.is_static() && !here.truth() {
            return Ok(here);
        }
        return Ok(here.and(tri!(less_impl(a, na, b, nb, i + 1, order))));
    }
    if i == rb {
        return Ok(Int::bool(false, true));
    }
    if i == ra {
        return Ok(Int::bool(true, true));
    }
    let (ia, ib) = match order {
        Order::Lex => (i, i),
        _ => (ra - 1 - i, rb - 1 - i),
    };
    let (ca, cb) = (a.child(na, ia), b.child(nb, ib));
    let less = tri!(less_at(a, ca, b, cb, order));
    let eq = eq_at(a, ca, b, cb);
    // `less || (eq && rest)`
    if less.is_static() && less.truth() {
        return Ok(less);
    }
    let tail = if eq.is_static() && !eq.truth() {
        eq
    } else {
        eq.and(tri!(less_impl(a, na, b, nb, i + 1, order)))
    };
    Ok(less.or(tail))
}

impl IntTuple {
    /// CuTe's `==` on IntTuples: statically false when the profiles differ, otherwise the
    /// conjunction of leaf-wise equality (static only if every compared leaf is).
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!((_1,_2)).cute_eq(&int_tuple!((_1,_2,_3))).to_string(), "_0");
    /// assert_eq!(int_tuple!((_1,2)).cute_eq(&int_tuple!((_1,_2))).to_string(), "1");
    /// ```
    pub const fn cute_eq(&self, other: &IntTuple) -> Int {
        eq_at(self, Node::ROOT, other, Node::ROOT)
    }

    /// Lexicographic `<` (first mode most significant), CuTe's `lex_less`.
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!((1,2)).lex_less(&int_tuple!((2,1))).unwrap().to_string(), "1");
    /// ```
    pub const fn lex_less(&self, other: &IntTuple) -> Result<Int, Error> {
        less_at(self, Node::ROOT, other, Node::ROOT, Order::Lex)
    }

    /// Colexicographic `<` (last mode most significant), CuTe's `colex_less`.
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!((1,2)).colex_less(&int_tuple!((2,1))).unwrap().to_string(), "0");
    /// ```
    pub const fn colex_less(&self, other: &IntTuple) -> Result<Int, Error> {
        less_at(self, Node::ROOT, other, Node::ROOT, Order::Colex)
    }

    /// Element-wise `<` in every mode, CuTe's `elem_less`.
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!((_1,_2)).elem_less(&int_tuple!((_2,_3))).unwrap().to_string(), "_1");
    /// ```
    pub const fn elem_less(&self, other: &IntTuple) -> Result<Int, Error> {
        less_at(self, Node::ROOT, other, Node::ROOT, Order::Elem)
    }
}
