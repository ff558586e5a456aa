//! The complement, staged (see [`super::modes`] for how): the twin of
//! `crate::algebra::complement`.

use super::modes::{
    Cotarget, Modes, NEEDS_STATIC_STRIDES, coalesce_scan, compact_left, layout_from_shape,
    product_at, tuple_coalesce,
};
use super::program::Program;
use crate::error::{Error, tri};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::{CAPACITY, IntTuple, Node};

/// CuTe's `ceil_div(tuple, int)`, folded left over the modes of the subtree `na` of `a`
/// into `out`: answers the rest carried past it.
const fn ceil_div_fold(
    p: &mut Program,
    out: &mut IntTuple,
    a: &IntTuple,
    na: Node,
    b: Int,
) -> Result<Int, Error> {
    if a.is_leaf_node(na) {
        let x = a.int_at(na);
        let r = tri!(p.ceil_div(x, b));
        tri!(out.push_leaf(r));
        return p.ceil_div(b, x);
    }
    tri!(out.push_open());
    let mut rest = b;
    let mut c = a.first_child(na);
    while !a.is_close(c) {
        let mut tmp = IntTuple::stream();
        let _ = tri!(ceil_div_fold(p, &mut tmp, a, c, rest));
        tri!(out.push_node(&tmp, Node::ROOT));
        let size = tri!(product_at(p, a, c));
        rest = tri!(p.ceil_div(rest, size));
        c = a.node_end(c);
    }
    tri!(out.push_close());
    Ok(rest)
}

/// The run-time injectivity checks of a complement's divisions of static strides `m > 0`,
/// which the remainders' screen may make lazy: a division with a remainder of 0 has a
/// quotient of at least 1, and a quotient of 0 leaves the remainder `m`, which the screen
/// flags.
struct Deferred {
    ops: [usize; CAPACITY],
    n: usize,
}

impl Deferred {
    /// [`Program::check_injective`] of the quotient `shape` of `stride / prev`, noting the
    /// check it records where `stride` is static and positive.
    const fn check(
        &mut self,
        p: &mut Program,
        shape: Int,
        stride: Int,
        prev: Int,
        mode: usize,
    ) -> Result<(), Error> {
        let k = p.next_op();
        tri!(p.check_injective(shape, stride, prev, mode));
        if stride.is_static() && stride.value() > 0 && p.next_op() == k + 1 {
            self.ops[self.n] = k;
            self.n += 1;
        }
        Ok(())
    }

    /// Makes the noted checks lazy (a screen of the remainders follows).
    const fn make_lazy(&self, p: &mut Program) {
        let mut j = 0;
        while j < self.n {
            p.make_lazy(self.ops[j]);
            j += 1;
        }
    }
}

const fn push_kept(res: &mut Modes, s: Int, d: Int) -> Result<(), Error> {
    if s.is_constant(1) {
        return Ok(());
    }
    res.push(s, d)
}

/// `complement(l, cotarget)` (see `algebra::complement`).
pub(crate) const fn complement(
    p: &mut Program,
    l: &Layout,
    cotarget: Cotarget<'_>,
) -> Result<Layout, Error> {
    // filter(l)
    let f = tri!(coalesce_scan(p, &Modes::leaves(l), false, true));
    if f.n > 1 && !f.static_strides() {
        return Err(NEEDS_STATIC_STRIDES);
    }
    if f.n == 1 && f.d[0].is_constant(0) {
        // the irreducible rank-1 stride-0 layout: compact over the coalesced cotarget
        let c = tri!(tuple_coalesce(p, &cotarget.tuple()));
        return layout_from_shape(p, &c);
    }
    let res = tri!(complement_modes(p, &f, cotarget));
    tri!(coalesce_scan(p, &res, false, false)).as_layout()
}

/// The modes of the complement of the filtered modes `f`, before coalescing, without
/// static `_1` modes. `f` has static strides, or one mode.
const fn complement_modes(
    p: &mut Program,
    f: &Modes,
    cotarget: Cotarget<'_>,
) -> Result<Modes, Error> {
    let r = f.n;
    let mut k = 0;
    while k < r {
        if f.d[k].is_basis() {
            return Err(Error::WrongKind {
                msg: "complement: scaled-basis strides have no complement",
            });
        }
        tri!(p.check_non_negative(f.d[k], k));
        k += 1;
    }
    // the modes stably sorted by (static) stride value
    let mut order = [0usize; CAPACITY];
    let mut k = 0;
    while k < r {
        let v = f.d[k].value();
        let mut q = k;
        while q > 0 && f.d[order[q - 1]].value() > v {
            order[q] = order[q - 1];
            q -= 1;
        }
        order[q] = k;
        k += 1;
    }
    let mut res = Modes::new();
    let mut res_stride = Int::ONE;
    // 0 where every division is exact (see the run-time complement: then an integer
    // cotarget is covered without a check): a static `_0`, or a register
    let mut inexact = Int::ZERO;
    let mut injective = Deferred {
        ops: [0; CAPACITY],
        n: 0,
    };
    let mut i = 0;
    while i + 1 < r {
        let idx = order[i];
        let m = f.d[idx];
        let (new_shape, rem) = tri!(p.div_rem(m, res_stride));
        inexact = tri!(p.or(inexact, rem));
        tri!(injective.check(p, new_shape, m, res_stride, i));
        let new_stride = tri!(p.mul(m, f.s[idx]));
        tri!(push_kept(&mut res, new_shape, res_stride));
        res_stride = new_stride;
        i += 1;
    }
    let last = order[r - 1];
    let (last_s, last_d) = (f.s[last], f.d[last]);
    let (new_shape, rem) = tri!(p.div_rem(last_d, res_stride));
    inexact = tri!(p.or(inexact, rem));
    tri!(injective.check(p, new_shape, last_d, res_stride, r - 1));
    tri!(push_kept(&mut res, new_shape, res_stride));
    let new_stride = tri!(p.mul(last_d, last_s));
    let whole = match cotarget {
        Cotarget::Int(c) => Some(c),
        Cotarget::Shape(t) => t.as_int(),
    };
    if let Some(c) = whole {
        let rest = tri!(p.ceil_div(c, new_stride));
        tri!(push_kept(&mut res, rest, new_stride));
    } else {
        let t = cotarget.tuple();
        let mut q = IntTuple::stream();
        let _ = tri!(ceil_div_fold(p, &mut q, &t, Node::ROOT, new_stride));
        let rest_shape = tri!(tuple_coalesce(p, &q));
        let rest_stride = tri!(compact_left(p, &rest_shape, new_stride));
        let mut j = 0;
        while j < rest_shape.leaf_count() {
            tri!(push_kept(&mut res, rest_shape.leaf(j), rest_stride.leaf(j)));
            j += 1;
        }
    }
    if res.n == 0 {
        tri!(res.push(Int::ONE, Int::ZERO));
    }
    // the complement covers its cotarget (see `algebra::complement`): certainly where
    // every division is exact and the cotarget an integer; where that is known only at run
    // time, the check is lazy, screened by the remainders
    let screened = whole.is_some() && !inexact.is_static();
    if whole.is_some() && inexact.is_constant(0) {
        return Ok(res);
    }
    if screened {
        injective.make_lazy(p);
        tri!(p.screen(inexact));
    }
    let (mut size, mut target, mut filtered) = (Int::ONE, Int::ONE, Int::ONE);
    let mut k = 0;
    while k < res.n {
        size = tri!(p.mul(size, res.s[k]));
        k += 1;
    }
    let t = cotarget.tuple();
    let mut k = 0;
    while k < t.leaf_count() {
        target = tri!(p.mul(target, t.leaf(k)));
        k += 1;
    }
    let mut k = 0;
    while k < r {
        filtered = tri!(p.mul(filtered, f.s[k]));
        k += 1;
    }
    tri!(p.covers(size, target, filtered));
    if screened {
        p.end_lazy();
    }
    Ok(res)
}
