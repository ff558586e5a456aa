//! `idx2crd` and `crd2idx`, staged (see [`super::modes`] for how): the general forms of
//! `crate::tuple::coord`, mode by mode.
//!
//! One source for this file and `tuple/coord.rs` is not possible on stable Rust: the
//! shared body would take its arithmetic as a parameter (run-time values, or steps
//! recorded into a [`Program`]), and a `const fn` can call neither a trait method
//! (`const_trait_impl` is unstable: E0015), nor a function pointer, nor a closure. What
//! stays possible is a `macro_rules!` template that writes both twins (untried): the
//! run-time forms carry fast paths (`crd2idx_narrow`, `idx2crd_split`) and error checks
//! the staged ones record as program steps instead, so the template would need a hole for
//! each.

use super::modes::product_at;
use super::program::Program;
use crate::error::{Error, tri};
use crate::int::Int;
use crate::tuple::{CAPACITY, IntTuple, Node};

const NOT_CONGRUENT: Error = Error::NotCongruent {
    msg: "crd2idx: the shape and the stride are not congruent",
};

/// The coordinate of integer `c` in the subtree `ns` of `s`, into `out`.
const fn idx2crd_int_at(
    p: &mut Program,
    out: &mut IntTuple,
    c: Int,
    s: &IntTuple,
    ns: Node,
) -> Result<(), Error> {
    if s.is_leaf_node(ns) {
        return out.push_leaf(tri!(p.mul(c, Int::ONE)));
    }
    tri!(out.push_open());
    let r = s.rank_at(ns);
    let mut cur = c;
    let mut cs = s.first_child(ns);
    let mut i = 0;
    while i < r {
        if i + 1 == r {
            tri!(idx2crd_int_at(p, out, cur, s, cs));
        } else {
            let size = tri!(product_at(p, s, cs));
            let q = tri!(p.div(cur, size));
            let m = tri!(p.rem(cur, size));
            tri!(idx2crd_int_at(p, out, m, s, cs));
            cur = q;
        }
        cs = s.node_end(cs);
        i += 1;
    }
    out.push_close()
}

const fn idx2crd_at(
    p: &mut Program,
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
        return idx2crd_int_at(p, out, c.int_at(nc), s, ns);
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
        tri!(idx2crd_at(p, out, c, cc, s, cs));
        cc = c.node_end(cc);
        cs = s.node_end(cs);
    }
    out.push_close()
}

/// `idx2crd(index, shape)`.
pub(crate) const fn idx2crd(
    p: &mut Program,
    index: &IntTuple,
    shape: &IntTuple,
) -> Result<IntTuple, Error> {
    let mut out = IntTuple::stream();
    tri!(idx2crd_at(
        p,
        &mut out,
        index,
        Node::ROOT,
        shape,
        Node::ROOT
    ));
    Ok(out)
}

/// The index of integer coordinate `c` in the subtree `ns`/`nd` of shape `s` and stride
/// `d`: the modes split colexicographically, the last one unreduced, their terms summed
/// right to left.
const fn crd2idx_int_at(
    p: &mut Program,
    c: Int,
    s: &IntTuple,
    ns: Node,
    d: &IntTuple,
    nd: Node,
) -> Result<Int, Error> {
    if s.is_leaf_node(ns) {
        if !d.is_leaf_node(nd) {
            return Err(NOT_CONGRUENT);
        }
        return p.mul(c, d.int_at(nd));
    }
    if d.is_leaf_node(nd) || s.rank_at(ns) != d.rank_at(nd) {
        return Err(NOT_CONGRUENT);
    }
    let r = s.rank_at(ns);
    if r == 0 {
        return Err(Error::WrongKind {
            msg: "crd2idx: an empty shape has no coordinates",
        });
    }
    let mut parts = [Int::ZERO; CAPACITY];
    let mut cs = s.first_child(ns);
    let mut cd = d.first_child(nd);
    let mut cur = c;
    let mut i = 0;
    while i < r {
        if i + 1 == r {
            parts[i] = tri!(crd2idx_int_at(p, cur, s, cs, d, cd));
        } else {
            let size = tri!(product_at(p, s, cs));
            let q = tri!(p.div(cur, size));
            let m = tri!(p.rem(cur, size));
            parts[i] = tri!(crd2idx_int_at(p, m, s, cs, d, cd));
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
        acc = tri!(p.add(parts[k], acc));
    }
    Ok(acc)
}

const fn crd2idx_at(
    p: &mut Program,
    c: &IntTuple,
    nc: Node,
    s: &IntTuple,
    ns: Node,
    d: &IntTuple,
    nd: Node,
) -> Result<Int, Error> {
    if c.is_leaf_node(nc) {
        return crd2idx_int_at(p, c.int_at(nc), s, ns, d, nd);
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
        return Err(NOT_CONGRUENT);
    }
    if rc == 0 {
        return Err(Error::WrongKind {
            msg: "crd2idx: an empty coordinate",
        });
    }
    let mut cc = c.first_child(nc);
    let mut cs = s.first_child(ns);
    let mut cd = d.first_child(nd);
    let mut acc = tri!(crd2idx_at(p, c, cc, s, cs, d, cd));
    let mut i = 1;
    while i < rc {
        cc = c.node_end(cc);
        cs = s.node_end(cs);
        cd = d.node_end(cd);
        let t = tri!(crd2idx_at(p, c, cc, s, cs, d, cd));
        acc = tri!(p.add(acc, t));
        i += 1;
    }
    Ok(acc)
}

/// `crd2idx(coord, shape, stride)`.
pub(crate) const fn crd2idx(
    p: &mut Program,
    coord: &IntTuple,
    shape: &IntTuple,
    stride: &IntTuple,
) -> Result<Int, Error> {
    if stride.has_basis() {
        return Err(Error::WrongKind {
            msg: "crd2idx: the strides are scaled basis elements; use crd2idx_arith",
        });
    }
    crd2idx_at(p, coord, Node::ROOT, shape, Node::ROOT, stride, Node::ROOT)
}
