//! Flat modes, staged: the coalesce scan (coalesce, filter), size and cosize, and the tuple
//! arithmetic the staged algebra needs; the twin of `crate::algebra::modes` and
//! `crate::algebra::coalesce`. The other twins, one file per run-time file, are
//! `complement`, `inverse`, `composition`, `divide` and `product`.
//!
//! Each function follows the run-time algorithm of `crate::algebra` step by step (the full
//! forms: staging runs at compile time, where a fast path buys nothing), on forms whose
//! dynamic leaves are registers of a [`Program`]. Every decision is taken on static bits
//! and static values, exactly where the run-time algorithm takes it; every operation on a
//! dynamic value goes through the [`Program`], in the same order, with the same operands.
//! So the program computes the run-time algorithm's values and errors, and a test compares
//! the two on random layouts.
//!
//! The algorithms are written a second time rather than shared with `crate::algebra`:
//! both are `const fn`, and a `const fn` cannot be generic over its arithmetic on stable
//! Rust (no `const` trait methods, no calls through function pointers), so the run-time
//! form (`Int` methods) and the staged form (`Program` methods) cannot be one function.
//! The staged form follows the run-time one's full forms line by line; the tests hold
//! the two to each other.

use super::program::Program;
pub(crate) use crate::algebra::complement::Cotarget;
use crate::error::{Error, tri};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::{CAPACITY, IntTuple, Node};

/// CuTe refuses these only because a stride is dynamic ("Dynamic-stride complement only for
/// rank-1 layouts"); the run-time [`Layout`] computes them from the values, which a typed
/// operation, whose structure is fixed before the values are known, cannot.
pub(crate) const NEEDS_STATIC_STRIDES: Error = Error::WrongKind {
    msg: "typed: complement: a layout of rank 2 or more after filtering needs static strides (CuTe refuses it too; rcute::Layout computes it from the values)",
};

const CAP_MODES: Error = Error::Capacity {
    msg: "too many modes for one layout",
    capacity: CAPACITY,
};

/// A list of flat modes `s:d` of a form.
#[derive(Clone, Copy)]
pub(crate) struct Modes {
    pub(crate) s: [Int; CAPACITY],
    pub(crate) d: [Int; CAPACITY],
    pub(crate) n: usize,
}

impl Modes {
    pub(crate) const fn new() -> Modes {
        Modes {
            s: [Int::ZERO; CAPACITY],
            d: [Int::ZERO; CAPACITY],
            n: 0,
        }
    }

    /// The flattened modes of `l` (its leaves, paired).
    pub(crate) const fn leaves(l: &Layout) -> Modes {
        let mut m = Modes::new();
        let n = l.shape_ref().leaf_count();
        while m.n < n {
            m.s[m.n] = l.shape_ref().leaf(m.n);
            m.d[m.n] = l.stride_ref().leaf(m.n);
            m.n += 1;
        }
        m
    }

    pub(crate) const fn push(&mut self, s: Int, d: Int) -> Result<(), Error> {
        if self.n >= CAPACITY {
            return Err(CAP_MODES);
        }
        self.s[self.n] = s;
        self.d[self.n] = d;
        self.n += 1;
        Ok(())
    }

    const fn reverse(&mut self) {
        let n = self.n;
        let mut i = 0;
        while i < n / 2 {
            let (s, d) = (self.s[i], self.d[i]);
            self.s[i] = self.s[n - 1 - i];
            self.d[i] = self.d[n - 1 - i];
            self.s[n - 1 - i] = s;
            self.d[n - 1 - i] = d;
            i += 1;
        }
    }

    pub(crate) const fn static_strides(&self) -> bool {
        let mut i = 0;
        while i < self.n {
            if !self.d[i].is_static() {
                return false;
            }
            i += 1;
        }
        true
    }

    /// The modes as a layout: the single mode as an integral layout, or a flat tuple.
    pub(crate) const fn as_layout(&self) -> Result<Layout, Error> {
        if self.n == 1 {
            return Ok(Layout::from_parts(
                IntTuple::from_int(self.s[0]),
                IntTuple::from_int(self.d[0]),
            ));
        }
        let s = tri!(IntTuple::try_from_ints(self.s.split_at(self.n).0));
        let d = tri!(IntTuple::try_from_ints(self.d.split_at(self.n).0));
        Ok(Layout::from_parts(s, d))
    }
}

/// CuTe's `bw_coalesce` of flat modes (see `algebra::modes::coalesce_scan`): a mode merges
/// into the one after it only when the merge is a static truth; with `extend` a trailing
/// static `_1` starts as `_2`; with `zeros` a static `_0` stride counts as extent `_1`.
pub(crate) const fn coalesce_scan(
    p: &mut Program,
    src: &Modes,
    extend: bool,
    zeros: bool,
) -> Result<Modes, Error> {
    let r = src.n;
    if r == 0 {
        return Err(Error::WrongKind {
            msg: "coalesce: the layout has no modes",
        });
    }
    let mut out = Modes::new();
    let mut front_d = src.d[r - 1];
    let last = if zeros && front_d.is_constant(0) {
        Int::ONE
    } else {
        src.s[r - 1]
    };
    let mut front_s = if extend && last.is_constant(1) {
        Int::constant(2)
    } else {
        last
    };
    let mut i = r - 1;
    while i > 0 {
        i -= 1;
        let d = src.d[i];
        let s = if zeros && d.is_constant(0) {
            Int::ONE
        } else {
            src.s[i]
        };
        if s.is_constant(1) {
            continue;
        }
        if out.n == 0 && front_s.is_constant(1) {
            front_s = s;
            front_d = d;
            continue;
        }
        // `s * d == front_d`, a static truth: the product is computed (it may overflow)
        // whenever the front shape is static, as the run-time scan does
        let merge = front_s.is_static() && {
            let m = tri!(p.mul(s, d));
            m.is_static() && front_d.is_static() && m.value() == front_d.value()
        };
        if merge {
            front_s = tri!(p.mul(s, front_s));
            front_d = d;
        } else {
            tri!(out.push(front_s, front_d));
            front_s = s;
            front_d = d;
        }
    }
    if out.n == 0 && front_s.is_constant(1) {
        front_d = Int::ZERO;
    }
    tri!(out.push(front_s, front_d));
    out.reverse();
    Ok(out)
}

/// `coalesce(l)`.
pub(crate) const fn coalesce(p: &mut Program, l: &Layout) -> Result<Layout, Error> {
    tri!(coalesce_scan(p, &Modes::leaves(l), false, false)).as_layout()
}

/// The product of the leaves of the subtree `n` of `t` (CuTe's nested fold).
pub(crate) const fn product_at(p: &mut Program, t: &IntTuple, n: Node) -> Result<Int, Error> {
    if t.is_leaf_node(n) {
        return Ok(t.int_at(n));
    }
    let mut c = t.first_child(n);
    if t.is_close(c) {
        return Ok(Int::ONE);
    }
    let mut acc = tri!(product_at(p, t, c));
    c = t.node_end(c);
    while !t.is_close(c) {
        let x = tri!(product_at(p, t, c));
        acc = tri!(p.mul(acc, x));
        c = t.node_end(c);
    }
    Ok(acc)
}

/// `size(l)`.
pub(crate) const fn size(p: &mut Program, l: &Layout) -> Result<Int, Error> {
    product_at(p, l.shape_ref(), Node::ROOT)
}

/// `cosize(l)`, leaf by leaf: `sum((s - 1) * |d|) + 1`.
pub(crate) const fn cosize(p: &mut Program, l: &Layout) -> Result<Int, Error> {
    let mut acc = Int::ZERO;
    let mut i = 0;
    while i < l.shape_ref().leaf_count() {
        let s = tri!(p.sub(l.shape_ref().leaf(i), Int::ONE));
        let d = tri!(p.abs(l.stride_ref().leaf(i)));
        let t = tri!(p.mul(s, d));
        acc = tri!(p.add(acc, t));
        i += 1;
    }
    p.add(acc, Int::ONE)
}

/// `coalesce(shape)` of an IntTuple: neighbouring leaves of the same static-ness merge by
/// multiplication.
pub(crate) const fn tuple_coalesce(p: &mut Program, t: &IntTuple) -> Result<IntTuple, Error> {
    let flat = t.flatten();
    if flat.is_leaf() {
        return Ok(flat);
    }
    let n = flat.leaf_count();
    if n == 0 {
        return Ok(flat);
    }
    let mut out = [Int::ZERO; CAPACITY];
    let mut m = 1;
    out[0] = flat.leaf(0);
    let mut i = 1;
    while i < n {
        let a = flat.leaf(i);
        if out[m - 1].is_static() == a.is_static() {
            out[m - 1] = tri!(p.mul(out[m - 1], a));
        } else {
            out[m] = a;
            m += 1;
        }
        i += 1;
    }
    if m == 1 {
        return Ok(IntTuple::from_int(out[0]));
    }
    IntTuple::try_from_ints(out.split_at(m).0)
}

/// Compact column-major strides of `shape` starting from `current` (`_0` for a static
/// `_1`).
pub(crate) const fn compact_left(
    p: &mut Program,
    shape: &IntTuple,
    current: Int,
) -> Result<IntTuple, Error> {
    let mut out = *shape;
    let mut cur = current;
    let mut k = 0;
    while k < out.leaf_count() {
        let s = out.leaf(k);
        if s.is_constant(1) {
            out.set_leaf(k, Int::ZERO);
        } else {
            out.set_leaf(k, cur);
            cur = tri!(p.mul(cur, s));
        }
        k += 1;
    }
    Ok(out)
}

/// The compact column-major layout of `shape` (`Layout::try_from_shape`), whose shape
/// must hold positive integers.
pub(crate) const fn layout_from_shape(p: &mut Program, shape: &IntTuple) -> Result<Layout, Error> {
    let mut i = 0;
    while i < shape.leaf_count() {
        let s = shape.leaf(i);
        if s.is_underscore() || s.is_basis() {
            return Err(Error::WrongKind {
                msg: "make_layout: a shape must hold integers only",
            });
        }
        tri!(p.check_positive(s));
        i += 1;
    }
    let stride = tri!(compact_left(p, shape, Int::ONE));
    // (not `Layout::try_new`, which would check the registers' numbers as values)
    Ok(Layout::from_parts(*shape, stride))
}
