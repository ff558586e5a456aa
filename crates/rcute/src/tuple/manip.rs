//! Rearranging the modes of an IntTuple (CuTe's `tuple_algorithms.hpp` and
//! `underscore.hpp`): take, select, append, prepend, group, replace, insert, remove,
//! reverse, wrap, unwrap, prefix products, and slicing with `_`.

use super::{IntTuple, Node};
use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;

const fn range_error(msg: &'static str, index: usize, rank: usize) -> Error {
    Error::IndexOutOfRange {
        msg,
        index: index as i64,
        rank,
    }
}

/// The node of mode `i`, treating a leaf as a rank-1 tuple.
const fn mode_node(t: &IntTuple, i: usize) -> Node {
    if t.is_leaf() {
        Node::ROOT
    } else {
        t.child(Node::ROOT, i)
    }
}

impl IntTuple {
    /// Modes `[begin, end)` as a tuple (CuTe's `take<B,E>`); `begin == end` gives `()`.
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!((_1,_2,_3,_4)).take(1, 3).to_string(), "(_2,_3)");
    /// ```
    pub const fn try_take(&self, begin: usize, end: usize) -> Result<IntTuple, Error> {
        let r = self.rank();
        if begin > end || end > r {
            return Err(range_error(
                "take: the range [begin, end) is out of range",
                end,
                r,
            ));
        }
        let mut out = IntTuple::stream();
        tri!(out.push_open());
        let mut i = begin;
        while i < end {
            tri!(out.push_node(self, mode_node(self, i)));
            i += 1;
        }
        tri!(out.push_close());
        Ok(out)
    }

    /// [`IntTuple::try_take`], panicking with the error's message.
    #[track_caller]
    pub const fn take(&self, begin: usize, end: usize) -> IntTuple {
        unwrap_or_panic!(self.try_take(begin, end))
    }

    /// The modes at `indices`, always a tuple (CuTe's `select<I...>`).
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!((_1,_2,_3,_4)).select(&[0, 2]).to_string(), "(_1,_3)");
    /// ```
    pub const fn try_select(&self, indices: &[usize]) -> Result<IntTuple, Error> {
        let r = self.rank();
        let mut out = IntTuple::stream();
        tri!(out.push_open());
        let mut k = 0;
        while k < indices.len() {
            if indices[k] >= r {
                return Err(range_error(
                    "select: mode index out of range",
                    indices[k],
                    r,
                ));
            }
            tri!(out.push_node(self, mode_node(self, indices[k])));
            k += 1;
        }
        tri!(out.push_close());
        Ok(out)
    }

    /// [`IntTuple::try_select`], panicking with the error's message.
    #[track_caller]
    pub const fn select(&self, indices: &[usize]) -> IntTuple {
        unwrap_or_panic!(self.try_select(indices))
    }

    /// A leaf becomes a rank-1 tuple; a tuple is unchanged (CuTe's `wrap`).
    pub const fn try_wrap(&self) -> Result<IntTuple, Error> {
        if self.is_tuple() {
            return Ok(*self);
        }
        IntTuple::try_tuple(&[*self])
    }

    /// Strips rank-1 tuples repeatedly: `unwrap(((_3))) == _3` (CuTe's `unwrap`).
    pub const fn unwrap(&self) -> IntTuple {
        let mut t = *self;
        while t.is_tuple() && t.rank() == 1 {
            t = t.subtree(t.first_child(Node::ROOT));
        }
        t
    }

    /// Appends `x` as a new last mode; a leaf becomes `(self, x)` (CuTe's `append`).
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!(_1).append(&int_tuple!(_3)).to_string(), "(_1,_3)");
    /// ```
    pub const fn try_append(&self, x: &IntTuple) -> Result<IntTuple, Error> {
        let mut out = IntTuple::stream();
        tri!(out.push_open());
        tri!(out.push_children(self, Node::ROOT));
        tri!(out.push_node(x, Node::ROOT));
        tri!(out.push_close());
        Ok(out)
    }

    /// [`IntTuple::try_append`], panicking with the error's message.
    #[track_caller]
    pub const fn append(&self, x: &IntTuple) -> IntTuple {
        unwrap_or_panic!(self.try_append(x))
    }

    /// Pads with `x` up to rank `n` (CuTe's `append<N>`); `n` must be at least the rank.
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!((_1,_2)).append_to(4, &int_tuple!(_0)).to_string(), "(_1,_2,_0,_0)");
    /// ```
    pub const fn try_append_to(&self, n: usize, x: &IntTuple) -> Result<IntTuple, Error> {
        let r = self.rank();
        if n < r {
            return Err(range_error(
                "append: the target rank is below the current rank",
                n,
                r,
            ));
        }
        if n == 1 && self.is_leaf() {
            return Ok(*self);
        }
        let mut out = IntTuple::stream();
        tri!(self.append_into(n, x, &mut out));
        Ok(out)
    }

    /// [`IntTuple::try_append_to`] written into `out`, an empty stream, for an `n` of at
    /// least the rank and not the leaf case (crate-internal: a layout pads its shape and
    /// stride in place).
    pub(crate) const fn append_into(
        &self,
        n: usize,
        x: &IntTuple,
        out: &mut IntTuple,
    ) -> Result<(), Error> {
        tri!(out.push_open());
        tri!(out.push_children(self, Node::ROOT));
        let mut i = self.rank();
        while i < n {
            tri!(out.push_node(x, Node::ROOT));
            i += 1;
        }
        out.push_close()
    }

    /// [`IntTuple::try_append_to`], panicking with the error's message.
    #[track_caller]
    pub const fn append_to(&self, n: usize, x: &IntTuple) -> IntTuple {
        unwrap_or_panic!(self.try_append_to(n, x))
    }

    /// Prepends `x` as a new first mode (CuTe's `prepend`).
    pub const fn try_prepend(&self, x: &IntTuple) -> Result<IntTuple, Error> {
        let mut out = IntTuple::stream();
        tri!(out.push_open());
        tri!(out.push_node(x, Node::ROOT));
        tri!(out.push_children(self, Node::ROOT));
        tri!(out.push_close());
        Ok(out)
    }

    /// [`IntTuple::try_prepend`], panicking with the error's message.
    #[track_caller]
    pub const fn prepend(&self, x: &IntTuple) -> IntTuple {
        unwrap_or_panic!(self.try_prepend(x))
    }

    /// Pads at the front with `x` up to rank `n` (CuTe's `prepend<N>`).
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!(_1).prepend_to(3, &int_tuple!(_0)).to_string(), "(_0,_0,_1)");
    /// ```
    pub const fn try_prepend_to(&self, n: usize, x: &IntTuple) -> Result<IntTuple, Error> {
        let r = self.rank();
        if n < r {
            return Err(range_error(
                "prepend: the target rank is below the current rank",
                n,
                r,
            ));
        }
        if n == 1 && self.is_leaf() {
            return Ok(*self);
        }
        let mut out = IntTuple::stream();
        tri!(out.push_open());
        let mut i = r;
        while i < n {
            tri!(out.push_node(x, Node::ROOT));
            i += 1;
        }
        tri!(out.push_children(self, Node::ROOT));
        tri!(out.push_close());
        Ok(out)
    }

    /// [`IntTuple::try_prepend_to`], panicking with the error's message.
    #[track_caller]
    pub const fn prepend_to(&self, n: usize, x: &IntTuple) -> IntTuple {
        unwrap_or_panic!(self.try_prepend_to(n, x))
    }

    /// Groups modes `[begin, end)` into one mode (CuTe's `group<B,E>`); `begin == end` is a
    /// no-op.
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!((_1,_2,_3,_4)).group(1, 3).to_string(), "(_1,(_2,_3),_4)");
    /// ```
    pub const fn try_group(&self, begin: usize, end: usize) -> Result<IntTuple, Error> {
        let r = self.rank();
        if begin > end || end > r {
            return Err(range_error(
                "group: the range [begin, end) is out of range",
                end,
                r,
            ));
        }
        if begin == end {
            // CuTe rebuilds the tuple without inserting a group: a leaf becomes `(leaf)`
            return self.try_wrap();
        }
        let mut out = IntTuple::stream();
        tri!(out.push_open());
        let mut i = 0;
        while i < r {
            if i == begin {
                tri!(out.push_open());
            }
            tri!(out.push_node(self, mode_node(self, i)));
            if i + 1 == end {
                tri!(out.push_close());
            }
            i += 1;
        }
        tri!(out.push_close());
        Ok(out)
    }

    /// [`IntTuple::try_group`], panicking with the error's message.
    #[track_caller]
    pub const fn group(&self, begin: usize, end: usize) -> IntTuple {
        unwrap_or_panic!(self.try_group(begin, end))
    }

    /// Replaces mode `i` by `x` (CuTe's `replace<I>`); on a leaf, `replace<0>` returns `x`.
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!((_1,_2,_3)).replace(1, &int_tuple!(_9)).to_string(), "(_1,_9,_3)");
    /// ```
    pub const fn try_replace(&self, i: usize, x: &IntTuple) -> Result<IntTuple, Error> {
        let r = self.rank();
        if i >= r {
            return Err(range_error("replace: mode index out of range", i, r));
        }
        if self.is_leaf() {
            return Ok(*x);
        }
        let mut out = IntTuple::stream();
        tri!(out.push_open());
        let mut k = 0;
        while k < r {
            if k == i {
                tri!(out.push_node(x, Node::ROOT));
            } else {
                tri!(out.push_node(self, mode_node(self, k)));
            }
            k += 1;
        }
        tri!(out.push_close());
        Ok(out)
    }

    /// [`IntTuple::try_replace`], panicking with the error's message.
    #[track_caller]
    pub const fn replace(&self, i: usize, x: &IntTuple) -> IntTuple {
        unwrap_or_panic!(self.try_replace(i, x))
    }

    /// Inserts `x` before mode `i` (CuTe's `insert<I>`).
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!((_1,_2)).insert(1, &int_tuple!(_9)).to_string(), "(_1,_9,_2)");
    /// ```
    pub const fn try_insert(&self, i: usize, x: &IntTuple) -> Result<IntTuple, Error> {
        let r = self.rank();
        if i > r {
            return Err(range_error("insert: mode index out of range", i, r));
        }
        let mut out = IntTuple::stream();
        tri!(out.push_open());
        let mut k = 0;
        while k <= r {
            if k == i {
                tri!(out.push_node(x, Node::ROOT));
            }
            if k < r {
                tri!(out.push_node(self, mode_node(self, k)));
            }
            k += 1;
        }
        tri!(out.push_close());
        Ok(out)
    }

    /// [`IntTuple::try_insert`], panicking with the error's message.
    #[track_caller]
    pub const fn insert(&self, i: usize, x: &IntTuple) -> IntTuple {
        unwrap_or_panic!(self.try_insert(i, x))
    }

    /// Removes mode `i` (CuTe's `remove<I>`).
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!((_1,_2,_3)).remove(1).to_string(), "(_1,_3)");
    /// ```
    pub const fn try_remove(&self, i: usize) -> Result<IntTuple, Error> {
        let r = self.rank();
        if i >= r {
            return Err(range_error("remove: mode index out of range", i, r));
        }
        let mut out = IntTuple::stream();
        tri!(out.push_open());
        let mut k = 0;
        while k < r {
            if k != i {
                tri!(out.push_node(self, mode_node(self, k)));
            }
            k += 1;
        }
        tri!(out.push_close());
        Ok(out)
    }

    /// [`IntTuple::try_remove`], panicking with the error's message.
    #[track_caller]
    pub const fn remove(&self, i: usize) -> IntTuple {
        unwrap_or_panic!(self.try_remove(i))
    }

    /// The modes in reverse order; a leaf is unchanged (CuTe's `reverse`).
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!((_1,_2,3)).reverse().to_string(), "(3,_2,_1)");
    /// ```
    pub const fn reverse(&self) -> IntTuple {
        if self.is_leaf() {
            return *self;
        }
        let r = self.rank();
        let mut out = IntTuple::stream();
        // Same tokens and leaves as the input: cannot exceed the capacity.
        let _ = out.push_open();
        let mut k = r;
        while k > 0 {
            k -= 1;
            let _ = out.push_node(self, mode_node(self, k));
        }
        let _ = out.push_close();
        out
    }

    /// The first leaf, reached through the first mode of each level (CuTe's `front`); a
    /// leaf is its own front. An empty tuple on the way has none: an error.
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!(((_2,3),_4)).front().to_string(), "_2");
    /// assert_eq!(int_tuple!(7).front().to_string(), "7");
    /// assert!(int_tuple!(((),_3)).try_front().is_err());
    /// ```
    pub const fn try_front(&self) -> Result<Int, Error> {
        self.end_leaf(false)
    }

    /// [`IntTuple::try_front`], panicking with the error's message.
    #[track_caller]
    pub const fn front(&self) -> Int {
        unwrap_or_panic!(self.try_front())
    }

    /// The last leaf, reached through the last mode of each level (CuTe's `back`); a leaf
    /// is its own back. An empty tuple on the way has none: an error.
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!(((_2,3),(4,(_5,6)))).back().to_string(), "6");
    /// assert!(int_tuple!((_3,())).try_back().is_err());
    /// ```
    pub const fn try_back(&self) -> Result<Int, Error> {
        self.end_leaf(true)
    }

    /// [`IntTuple::try_back`], panicking with the error's message.
    #[track_caller]
    pub const fn back(&self) -> Int {
        unwrap_or_panic!(self.try_back())
    }

    /// The leaf at the front (`last == false`) or the back of the tuple.
    const fn end_leaf(&self, last: bool) -> Result<Int, Error> {
        let mut n = Node::ROOT;
        while !self.is_leaf_node(n) {
            let r = self.rank_at(n);
            if r == 0 {
                return Err(Error::WrongKind {
                    msg: if last {
                        "back: an empty tuple has no last element"
                    } else {
                        "front: an empty tuple has no first element"
                    },
                });
            }
            n = if last {
                self.child(n, r - 1)
            } else {
                self.first_child(n)
            };
        }
        Ok(self.int_at(n))
    }

    /// Exclusive prefix products of the leaves, starting from `init` (CuTe's
    /// `escan(t, init, multiplies)` on a flattened tuple): `(init, init*t0, init*t0*t1, ...)`.
    ///
    /// ```
    /// use rcute::{Int, int_tuple};
    /// let t = int_tuple!((_2,_3,_4));
    /// assert_eq!(t.prefix_product(Int::ONE).to_string(), "(_1,_2,_6)");
    /// ```
    pub const fn try_prefix_product(&self, init: Int) -> Result<IntTuple, Error> {
        let mut out = self.flatten_to_tuple();
        let mut acc = init;
        let mut i = 0;
        while i < out.leaf_count() {
            let v = out.leaf(i);
            out.set_leaf(i, acc);
            acc = tri!(acc.try_mul(v));
            i += 1;
        }
        Ok(out)
    }

    /// [`IntTuple::try_prefix_product`], panicking with the error's message.
    #[track_caller]
    pub const fn prefix_product(&self, init: Int) -> IntTuple {
        unwrap_or_panic!(self.try_prefix_product(init))
    }

    /// Keeps the modes of `self` paired with `_` in `coord` (CuTe's `slice(coord, t)`):
    /// a top-level `_` keeps everything, an integer keeps nothing (`()`), and inside a
    /// tuple each `_` contributes its whole mode.
    ///
    /// ```
    /// use rcute::int_tuple;
    /// let a = int_tuple!((_2,_3,_4,(_5,_6)));
    /// assert_eq!(a.slice(&int_tuple!((_,1,_,_))).to_string(), "(_2,_4,(_5,_6))");
    /// assert_eq!(a.slice(&int_tuple!((_,1,_,(_,2)))).to_string(), "(_2,_4,_5)");
    /// assert_eq!(a.slice(&int_tuple!(1)).to_string(), "()");
    /// ```
    pub const fn try_slice(&self, coord: &IntTuple) -> Result<IntTuple, Error> {
        self.slice_or_dice(coord, true)
    }

    /// [`IntTuple::try_slice`], panicking with the error's message.
    #[track_caller]
    pub const fn slice(&self, coord: &IntTuple) -> IntTuple {
        unwrap_or_panic!(self.try_slice(coord))
    }

    /// Keeps the modes of `self` paired with integers in `coord`, the complement of
    /// [`IntTuple::slice`] (CuTe's `dice(coord, t)`).
    ///
    /// ```
    /// use rcute::int_tuple;
    /// let a = int_tuple!((_2,_3,_4,(_5,_6)));
    /// assert_eq!(a.dice(&int_tuple!((_,1,_,(_,2)))).to_string(), "(_3,_6)");
    /// assert_eq!(a.dice(&int_tuple!(_)).to_string(), "()");
    /// ```
    pub const fn try_dice(&self, coord: &IntTuple) -> Result<IntTuple, Error> {
        self.slice_or_dice(coord, false)
    }

    /// [`IntTuple::try_dice`], panicking with the error's message.
    #[track_caller]
    pub const fn dice(&self, coord: &IntTuple) -> IntTuple {
        unwrap_or_panic!(self.try_dice(coord))
    }

    const fn slice_or_dice(
        &self,
        coord: &IntTuple,
        keep_underscore: bool,
    ) -> Result<IntTuple, Error> {
        if let Some(c) = coord.as_int() {
            if c.is_underscore() == keep_underscore {
                return Ok(*self);
            }
            return Ok(IntTuple::EMPTY);
        }
        let mut out = IntTuple::stream();
        tri!(out.push_open());
        tri!(lift(
            &mut out,
            coord,
            Node::ROOT,
            self,
            Node::ROOT,
            keep_underscore
        ));
        tri!(out.push_close());
        Ok(out)
    }

    /// Makes a tuple of `n` copies of `x`, or `x` itself when `n == 1` (CuTe's `repeat<N>`).
    pub const fn try_repeat(n: usize, x: &IntTuple) -> Result<IntTuple, Error> {
        if n == 1 {
            return Ok(*x);
        }
        IntTuple::try_tuple_repeat(n, x)
    }

    /// Makes a tuple of `n` copies of `x`, always a tuple (CuTe's `tuple_repeat<N>`). Each
    /// copy takes at least one node, so more than [`NODE_CAPACITY`](crate::NODE_CAPACITY)
    /// copies are refused before any is made.
    ///
    /// ```
    /// use rcute::{IntTuple, int_tuple};
    /// let t = IntTuple::try_tuple_repeat(3, &int_tuple!(_2)).unwrap();
    /// assert_eq!(t.to_string(), "(_2,_2,_2)");
    /// assert_eq!(IntTuple::try_tuple_repeat(1, &int_tuple!(_2)).unwrap().to_string(), "(_2)");
    /// assert!(IntTuple::try_tuple_repeat(usize::MAX, &int_tuple!(1)).is_err());
    /// ```
    pub const fn try_tuple_repeat(n: usize, x: &IntTuple) -> Result<IntTuple, Error> {
        if n > super::NODE_CAPACITY {
            return Err(Error::Capacity {
                msg: "tuple_repeat: too many copies for an IntTuple",
                capacity: super::NODE_CAPACITY,
            });
        }
        let mut out = IntTuple::stream();
        tri!(out.push_open());
        let mut i = 0;
        while i < n {
            tri!(out.push_node(x, Node::ROOT));
            i += 1;
        }
        tri!(out.push_close());
        Ok(out)
    }
}

/// CuTe's `lift_slice`/`lift_dice`: the kept modes of `t` at `nt`, concatenated into `out`.
const fn lift(
    out: &mut IntTuple,
    c: &IntTuple,
    nc: Node,
    t: &IntTuple,
    nt: Node,
    keep_underscore: bool,
) -> Result<(), Error> {
    if c.is_leaf_node(nc) {
        if c.int_at(nc).is_underscore() == keep_underscore {
            return out.push_node(t, nt);
        }
        return Ok(());
    }
    let rc = c.rank_at(nc);
    let rt = t.rank_at(nt);
    if t.is_leaf_node(nt) || rc != rt {
        return Err(Error::RankMismatch {
            msg: "slice: the coordinate and the tuple have different ranks",
            expected: rt,
            found: rc,
        });
    }
    let mut cc = c.first_child(nc);
    let mut ct = t.first_child(nt);
    while !c.is_close(cc) {
        tri!(lift(out, c, cc, t, ct, keep_underscore));
        cc = c.node_end(cc);
        ct = t.node_end(ct);
    }
    Ok(())
}
