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

use crate::algebra::coalesce::coalesce_leaves;
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

/// Whether CuTe refuses this filtered layout only because a stride is dynamic
/// ("Dynamic-stride complement only for rank-1 layouts").
const fn needs_static(f: &Layout) -> bool {
    f.shape_ref().is_tuple() && f.shape_ref().rank() > 1 && !f.stride_ref().is_static()
}

/// CuTe's `detail::complement` on a filtered (flat) layout.
const fn complement_filtered(f: &Layout, cotarget: &IntTuple) -> Result<Layout, Error> {
    // the leaves are stored in depth-first order: they are the flattened modes
    let fs = f.shape_ref();
    let fd = f.stride_ref();
    if f.stride_ref().is_leaf() && fd.leaf(0).is_constant(0) {
        // the irreducible rank-1 stride-0 layout: compact over the coalesced cotarget
        let c = tri!(cotarget.try_coalesce());
        return Layout::try_from_shape(c);
    }
    let r = fs.leaf_count();
    let mut shape = [Int::ZERO; CAPACITY];
    let mut stride = [Int::ZERO; CAPACITY];
    let mut k = 0;
    while k < r {
        shape[k] = fs.leaf(k);
        stride[k] = fd.leaf(k);
        if stride[k].is_basis() {
            return Err(Error::WrongKind {
                msg: "complement: scaled-basis strides have no complement",
            });
        }
        if stride[k].value() < 0 {
            return Err(Error::Precondition {
                msg: "complement: negative strides are not supported (CuTe computes a meaningless layout)",
                mode: k as i64,
                lhs: stride[k].value(),
                rhs: 0,
            });
        }
        k += 1;
    }
    let mut live = r;
    let mut res_shape = [Int::ZERO; CAPACITY];
    let mut res_stride = [Int::ZERO; CAPACITY];
    res_stride[0] = Int::ONE;
    let mut i = 0;
    while i + 1 < r {
        // min over the remaining strides (static only if all are), then its first position
        let mut m = stride[live - 1];
        let mut j = live - 1;
        while j > 0 {
            j -= 1;
            m = stride[j].min(m);
        }
        let mut idx = 0;
        while stride[idx].value() != m.value() {
            idx += 1;
        }
        let new_shape = tri!(m.try_div(res_stride[i]));
        if new_shape.value() == 0 {
            return Err(non_injective(i, m, res_stride[i]));
        }
        let new_stride = tri!(m.try_mul(shape[idx]));
        // remove idx
        let mut q = idx;
        while q + 1 < live {
            shape[q] = shape[q + 1];
            stride[q] = stride[q + 1];
            q += 1;
        }
        live -= 1;
        res_shape[i] = new_shape;
        res_stride[i + 1] = new_stride;
        i += 1;
    }
    let new_shape = tri!(stride[0].try_div(res_stride[r - 1]));
    if new_shape.value() == 0 {
        return Err(non_injective(r - 1, stride[0], res_stride[r - 1]));
    }
    res_shape[r - 1] = new_shape;
    let new_stride = tri!(stride[0].try_mul(shape[0]));
    // coalesce( ((result_shape...), rest_shape) : ((result_stride...), rest_stride) ),
    // read as its flattened modes
    let mut shape_t = IntTuple::stream();
    let mut stride_t = IntTuple::stream();
    tri!(shape_t.push_open());
    tri!(stride_t.push_open());
    let mut k = 0;
    while k < r {
        tri!(shape_t.push_leaf(res_shape[k]));
        tri!(stride_t.push_leaf(res_stride[k]));
        k += 1;
    }
    if cotarget.is_leaf() {
        // an integer cotarget: the rest is one mode, ceil_div(cotarget, new_stride)
        let rest = tri!(cotarget.int_at(Node::ROOT).try_ceil_div(new_stride));
        tri!(shape_t.push_leaf(rest));
        tri!(stride_t.push_leaf(new_stride));
    } else {
        let rest_shape =
            tri!(tri!(cotarget.try_ceil_div(&IntTuple::from_int(new_stride))).try_coalesce());
        let rest_stride = tri!(rest_shape.try_compact_major(Major::Left, new_stride));
        tri!(shape_t.push_node(&rest_shape, Node::ROOT));
        tri!(stride_t.push_node(&rest_stride, Node::ROOT));
    }
    tri!(shape_t.push_close());
    tri!(stride_t.push_close());
    coalesce_leaves(&shape_t, &stride_t, false, false)
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
        // filtering a single mode s:d keeps it unless s is _1 or d is _0
        let single = self.shape_ref().is_leaf()
            && !self.shape_ref().leaf(0).is_constant(1)
            && !self.stride_ref().leaf(0).is_constant(0);
        let f = if single {
            *self
        } else {
            tri!(self.try_filter())
        };
        if needs_static(&f) {
            // Beyond CuTe: the complement of the same layout with every value static.
            let s = tri!(self.to_static().try_complement(&cotarget.to_static()));
            return Ok(s.to_dynamic());
        }
        complement_filtered(&f, cotarget)
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
        let f = tri!(self.try_filter());
        if needs_static(&f) {
            // Beyond CuTe: the complement of the same layout with every value static.
            return Ok(tri!(self.to_static().try_complement_cosize()).to_dynamic());
        }
        let c = tri!(f.try_cosize());
        complement_filtered(&f, &IntTuple::from_int(c))
    }

    /// [`Layout::try_complement_cosize`], panicking with the error's message.
    #[track_caller]
    pub const fn complement_cosize(&self) -> Layout {
        unwrap_or_panic!(self.try_complement_cosize())
    }
}
