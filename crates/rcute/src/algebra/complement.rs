//! `complement(L, cotarget)`: the layout of the "repetitions" of `L`, ordered, disjoint
//! from `L`'s image, that together with `L` reaches `size(cotarget)`.
//!
//! CuTe filters `L`, then repeatedly takes the smallest remaining stride: the gap to the
//! previous extent becomes a new mode (truncating division, no divisibility check, as in
//! CuTe), and what remains of the cotarget becomes compact "rest" modes.
//!
//! Beyond CuTe: CuTe refuses a rank-2 or larger layout with a dynamic stride ("Dynamic-stride
//! complement only for rank-1 layouts"); rcute computes the complement from the values.
//! CuTe returns garbage for negative strides (`complement(_4:_-1, _8) = (_-1,_0):(_1,_-4)`);
//! rcute answers an error.

use crate::algebra::flat::{Flat, Modes, Sink, coalesce_into};
use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::{CAPACITY, IntTuple, Major, Node};

const fn non_injective(mode: usize, stride: Int, prev: Int) -> Error {
    Error::Precondition {
        msg: "complement: non-injective layout (a stride is smaller than the extent below it)",
        mode: mode as i64,
        lhs: stride.value(),
        rhs: prev.value(),
    }
}

// complement_filtered keeps the modes left to place as the bits of a u64
const _: () = assert!(CAPACITY <= 64);

/// Whether CuTe refuses this filtered layout only because a stride is dynamic
/// ("Dynamic-stride complement only for rank-1 layouts").
const fn needs_static(f: &Flat) -> bool {
    f.n > 1 && !f.static_strides()
}

/// `filter(layout)` as flat modes (the single-mode case needs no scan: filtering `s:d`
/// keeps it unless `s` is `_1` or `d` is `_0`).
const fn filtered(l: &Layout, n: Node, f: &mut Flat) -> Result<(), Error> {
    let (s, d) = (l.shape_ref(), l.stride_ref());
    if s.is_leaf_node(n) {
        let (s, d) = (s.int_at(n), d.int_at(n));
        if !s.is_constant(1) && !d.is_constant(0) {
            return f.push(s, d);
        }
    }
    coalesce_into(Modes::sub(l, n), false, true, Sink::Flat(f))
}

/// The complement of the sub-layout of `l` at node `n` with respect to `cotarget`, into
/// `out` (see [`Layout::try_complement`]).
pub(crate) const fn complement_into(
    l: &Layout,
    n: Node,
    cotarget: &IntTuple,
    out: Sink<'_>,
) -> Result<(), Error> {
    let mut f = Flat::new();
    tri!(filtered(l, n, &mut f));
    if needs_static(&f) {
        // Beyond CuTe: the complement of the same layout with every value static.
        let sub = tri!(Layout::try_new(
            l.shape_ref().subtree(n),
            l.stride_ref().subtree(n)
        ));
        let s = tri!(sub.to_static().try_complement(&cotarget.to_static()));
        return out.set_layout(&s.to_dynamic());
    }
    complement_filtered(&f, cotarget, out)
}

/// CuTe's `detail::complement` on a filtered layout (flat modes).
const fn complement_filtered(f: &Flat, cotarget: &IntTuple, out: Sink<'_>) -> Result<(), Error> {
    if f.n == 1 && f.d(0).is_constant(0) {
        // the irreducible rank-1 stride-0 layout: compact over the coalesced cotarget
        let c = tri!(cotarget.try_coalesce());
        return out.set_layout(&tri!(Layout::try_from_shape(c)));
    }
    let r = f.n;
    let mut k = 0;
    while k < r {
        let d = f.d(k);
        if d.is_basis() {
            return Err(Error::WrongKind {
                msg: "complement: scaled-basis strides have no complement",
            });
        }
        if d.value() < 0 {
            return Err(Error::Precondition {
                msg: "complement: negative strides are not supported (CuTe computes a meaningless layout)",
                mode: k as i64,
                lhs: d.value(),
                rhs: 0,
            });
        }
        k += 1;
    }
    // the modes not placed yet (a bit each: CAPACITY fits in a u64), and the result modes
    // (result_shape...):(result_stride...) followed by the rest of the cotarget, coalesced
    // at the end
    let mut live: u64 = if r == 64 { u64::MAX } else { (1u64 << r) - 1 };
    let mut res = Flat::new();
    let mut res_stride = Int::ONE;
    let mut i = 0;
    while i + 1 < r {
        // min over the remaining strides, folded from the back (static only if all are),
        // then its first position
        let mut m = Int::ZERO;
        let mut first = true;
        let mut j = r;
        while j > 0 {
            j -= 1;
            if live & (1 << j) != 0 {
                m = if first { f.d(j) } else { f.d(j).min(m) };
                first = false;
            }
        }
        let mut idx = 0;
        while live & (1 << idx) == 0 || f.d(idx).value() != m.value() {
            idx += 1;
        }
        let new_shape = tri!(m.try_div(res_stride));
        if new_shape.value() == 0 {
            return Err(non_injective(i, m, res_stride));
        }
        let new_stride = tri!(m.try_mul(f.s(idx)));
        live &= !(1 << idx);
        tri!(res.push(new_shape, res_stride));
        res_stride = new_stride;
        i += 1;
    }
    // the last mode left
    let last = live.trailing_zeros() as usize;
    let (last_s, last_d) = (f.s(last), f.d(last));
    let new_shape = tri!(last_d.try_div(res_stride));
    if new_shape.value() == 0 {
        return Err(non_injective(r - 1, last_d, res_stride));
    }
    tri!(res.push(new_shape, res_stride));
    let new_stride = tri!(last_d.try_mul(last_s));
    // coalesce( ((result_shape...), rest_shape) : ((result_stride...), rest_stride) ),
    // read as its flattened modes
    if cotarget.is_leaf() {
        // an integer cotarget: the rest is one mode, ceil_div(cotarget, new_stride)
        let rest = tri!(cotarget.int_at(Node::ROOT).try_ceil_div(new_stride));
        tri!(res.push(rest, new_stride));
    } else {
        let rest_shape =
            tri!(tri!(cotarget.try_ceil_div(&IntTuple::from_int(new_stride))).try_coalesce());
        let rest_stride = tri!(rest_shape.try_compact_major(Major::Left, new_stride));
        let mut q = 0;
        while q < rest_shape.leaf_count() {
            tri!(res.push(rest_shape.leaf(q), rest_stride.leaf(q)));
            q += 1;
        }
    }
    coalesce_into(Modes::flat(&res), false, false, out)
}

impl Layout {
    /// The complement of `self` with respect to `cotarget` (CuTe's
    /// `complement(layout, cotarget)`; `cotarget` is an integer or a shape, whose static
    /// factors are kept).
    ///
    /// # Errors
    /// A non-injective layout (CuTe's "Non-injective Layout detected"), negative strides.
    ///
    /// ```
    /// use rcute::{layout, int_tuple};
    /// assert_eq!(layout!(_4:_1).complement(&int_tuple!(_24)).to_string(), "_6:_4");
    /// assert_eq!(layout!(_4:_2).complement(&int_tuple!(_24)).to_string(), "(_2,_3):(_1,_8)");
    /// assert_eq!(layout!((_2,_2):(_1,_6)).complement(&int_tuple!(_24)).to_string(), "(_3,_2):(_2,_12)");
    /// assert_eq!(layout!(_4:_2).complement(&int_tuple!((_4,7))).to_string(), "(_2,4):(_1,_8)");
    /// // beyond CuTe: dynamic strides in a rank-2 layout (computed as if static)
    /// assert_eq!(layout!((2,4):(1,6)).complement(&int_tuple!(24)).to_string(), "3:2");
    /// ```
    pub const fn try_complement(&self, cotarget: &IntTuple) -> Result<Layout, Error> {
        let mut out = Layout::stream();
        tri!(complement_into(
            self,
            Node::ROOT,
            cotarget,
            Sink::Layout(&mut out)
        ));
        Ok(out)
    }

    /// [`Layout::try_complement`], panicking with the error's message.
    #[track_caller]
    pub const fn complement(&self, cotarget: &IntTuple) -> Layout {
        unwrap_or_panic!(self.try_complement(cotarget))
    }

    /// The complement up to the cosize of the filtered layout (CuTe's `complement(layout)`).
    ///
    /// ```
    /// use rcute::layout;
    /// assert_eq!(layout!(_4:_2).complement_cosize().to_string(), "_2:_1");
    /// assert_eq!(layout!((_2,_4,_8):(_8,_1,_64)).complement_cosize().to_string(), "(_2,_4):(_4,_16)");
    /// ```
    pub const fn try_complement_cosize(&self) -> Result<Layout, Error> {
        let mut f = Flat::new();
        tri!(filtered(self, Node::ROOT, &mut f));
        if needs_static(&f) {
            // Beyond CuTe: the complement of the same layout with every value static.
            return Ok(tri!(self.to_static().try_complement_cosize()).to_dynamic());
        }
        // the cosize of the filtered layout (built again: only this rare form needs it)
        let c = tri!(tri!(self.try_filter()).try_cosize());
        let mut out = Layout::stream();
        tri!(complement_filtered(
            &f,
            &IntTuple::from_int(c),
            Sink::Layout(&mut out)
        ));
        Ok(out)
    }

    /// [`Layout::try_complement_cosize`], panicking with the error's message.
    #[track_caller]
    pub const fn complement_cosize(&self) -> Layout {
        unwrap_or_panic!(self.try_complement_cosize())
    }
}
