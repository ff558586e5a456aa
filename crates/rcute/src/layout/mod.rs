//! `Layout`: a shape and a stride, a function from coordinates to offsets.
//!
//! A [`Layout`] is a congruent pair of [`IntTuple`]s. It maps a coordinate to an offset
//! by `crd2idx`: an h-D coordinate (congruent to the shape), an R-D coordinate (one
//! integer per mode) or a 1-D index all name the same element.
//!
//! ```
//! use rcute::{Layout, layout, int_tuple};
//! const L: Layout = layout!((4,(2,2)):(2,(1,8)));
//! assert_eq!(L.crd2idx(&int_tuple!((2,(1,0)))).to_string(), "5");
//! assert_eq!(L.offset(6), 5);            // the same element by its 1-D index
//! assert_eq!(L.size().value(), 16);
//! assert_eq!(L.to_string(), "(4,(2,2)):(2,(1,8))");
//! ```
//!
//! Strides are in elements, not bytes.

mod manip;
mod marker;
mod offsets;
mod slice;
mod zip;

pub use marker::StaticLayout;
pub use offsets::Offsets;

use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::{Int, div_rem_pos};
use crate::tuple::{
    IntTuple, Major, try_crd2crd, try_crd2idx, try_crd2idx_arith, try_crd2idx_colex,
    try_idx2crd_strided,
};
use core::fmt;

/// A CuTe layout `shape:stride`.
///
/// See the [module documentation](self).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Layout {
    pub(crate) shape: IntTuple,
    pub(crate) stride: IntTuple,
    /// Whether a stride is a scaled basis element (an identity layout): cached because the
    /// hot path [`Layout::offset`] must refuse such layouts.
    pub(crate) basis: bool,
}

/// Checks that `shape` is a valid shape (positive integers, no `_`, no basis elements).
pub(crate) const fn check_shape(shape: &IntTuple, msg: &'static str) -> Result<(), Error> {
    let mut i = 0;
    while i < shape.leaf_count() {
        let s = shape.leaf(i);
        if s.is_underscore() || s.is_basis() {
            return Err(Error::WrongKind { msg });
        }
        if s.value() <= 0 {
            return Err(Error::InvalidShape {
                msg: "layout: a shape must be positive",
                value: s.value(),
            });
        }
        i += 1;
    }
    Ok(())
}

impl Layout {
    /// A layout from a shape and a stride (CuTe's `make_layout(shape, stride)`).
    ///
    /// The two must be congruent (same nesting); shape leaves must be positive integers;
    /// strides may be negative, zero, or scaled basis elements (identity layouts).
    ///
    /// ```
    /// use rcute::{Layout, int_tuple};
    /// let l = Layout::try_new(int_tuple!((_2,4)), int_tuple!((_12,_1))).unwrap();
    /// assert_eq!(l.to_string(), "(_2,4):(_12,_1)");
    /// assert!(Layout::try_new(int_tuple!((2,3)), int_tuple!(1)).is_err());
    /// ```
    pub const fn try_new(shape: IntTuple, stride: IntTuple) -> Result<Layout, Error> {
        if !shape.congruent(&stride) {
            return Err(Error::NotCongruent {
                msg: "make_layout: the stride is not congruent to the shape",
            });
        }
        tri!(check_shape(
            &shape,
            "make_layout: a shape must hold integers only"
        ));
        let mut i = 0;
        while i < stride.leaf_count() {
            if stride.leaf(i).is_underscore() {
                return Err(Error::WrongKind {
                    msg: "make_layout: a stride cannot be '_'",
                });
            }
            i += 1;
        }
        Ok(Layout {
            shape,
            stride,
            basis: stride.has_basis(),
        })
    }

    /// [`Layout::try_new`], panicking with the error's message.
    #[track_caller]
    pub const fn new(shape: IntTuple, stride: IntTuple) -> Layout {
        unwrap_or_panic!(Layout::try_new(shape, stride))
    }

    /// A compact column-major layout of the shape (CuTe's `make_layout(shape)` and
    /// `make_layout(shape, LayoutLeft{})`).
    ///
    /// ```
    /// use rcute::{Layout, int_tuple};
    /// assert_eq!(Layout::from_shape(int_tuple!((_2,4))).to_string(), "(_2,4):(_1,_2)");
    /// assert_eq!(Layout::from_shape(int_tuple!(8)).to_string(), "8:_1");
    /// ```
    pub const fn try_from_shape(shape: IntTuple) -> Result<Layout, Error> {
        Layout::try_with_major(shape, Major::Left)
    }

    /// [`Layout::try_from_shape`], panicking with the error's message.
    #[track_caller]
    pub const fn from_shape(shape: IntTuple) -> Layout {
        unwrap_or_panic!(Layout::try_from_shape(shape))
    }

    /// A compact layout of the shape in the given order (`LayoutLeft` or `LayoutRight`).
    ///
    /// ```
    /// use rcute::{Layout, Major, int_tuple};
    /// let l = Layout::with_major(int_tuple!((2,(2,2))), Major::Right);
    /// assert_eq!(l.to_string(), "(2,(2,2)):(4,(2,_1))");
    /// ```
    pub const fn try_with_major(shape: IntTuple, major: Major) -> Result<Layout, Error> {
        tri!(check_shape(
            &shape,
            "make_layout: a shape must hold integers only"
        ));
        let stride = tri!(shape.try_compact_major(major, Int::ONE));
        Layout::try_new(shape, stride)
    }

    /// [`Layout::try_with_major`], panicking with the error's message.
    #[track_caller]
    pub const fn with_major(shape: IntTuple, major: Major) -> Layout {
        unwrap_or_panic!(Layout::try_with_major(shape, major))
    }

    /// The layouts as the modes of one layout (CuTe's `make_layout(L0, L1, ...)`); a single
    /// layout is wrapped: `make_layout(_3:_1) == (_3):(_1)`.
    ///
    /// ```
    /// use rcute::{Layout, layout};
    /// let l = Layout::concat(&[layout!(_3:_1), layout!(_4:_3)]);
    /// assert_eq!(l.to_string(), "(_3,_4):(_1,_3)");
    /// assert_eq!(Layout::concat(&[layout!(_3:_1)]).to_string(), "(_3):(_1)");
    /// ```
    pub const fn try_concat(layouts: &[Layout]) -> Result<Layout, Error> {
        let mut shapes = IntTuple::stream();
        let mut strides = IntTuple::stream();
        tri!(shapes.push_open());
        tri!(strides.push_open());
        let mut i = 0;
        while i < layouts.len() {
            tri!(shapes.push_node(&layouts[i].shape, crate::tuple::Node::ROOT));
            tri!(strides.push_node(&layouts[i].stride, crate::tuple::Node::ROOT));
            i += 1;
        }
        tri!(shapes.push_close());
        tri!(strides.push_close());
        Layout::try_new(shapes, strides)
    }

    /// [`Layout::try_concat`], panicking with the error's message.
    #[track_caller]
    pub const fn concat(layouts: &[Layout]) -> Layout {
        unwrap_or_panic!(Layout::try_concat(layouts))
    }

    /// A compact layout whose strides follow `order` (CuTe's `make_ordered_layout`); see
    /// [`IntTuple::try_compact_order`].
    ///
    /// ```
    /// use rcute::{Layout, int_tuple};
    /// let l = Layout::ordered(int_tuple!((2,3,4,5)), int_tuple!((_2,67,42,_50)));
    /// assert_eq!(l.to_string(), "(2,3,4,5):(_1,10,30,2)");
    /// ```
    pub const fn try_ordered(shape: IntTuple, order: IntTuple) -> Result<Layout, Error> {
        tri!(check_shape(
            &shape,
            "make_ordered_layout: a shape must hold integers only"
        ));
        let stride = tri!(shape.try_compact_order(&order));
        Layout::try_new(shape, stride)
    }

    /// [`Layout::try_ordered`], panicking with the error's message.
    #[track_caller]
    pub const fn ordered(shape: IntTuple, order: IntTuple) -> Layout {
        unwrap_or_panic!(Layout::try_ordered(shape, order))
    }

    /// A compact layout with this shape whose strides follow the order of this layout's
    /// strides, keeping static `_0` strides (CuTe's `make_layout_like`).
    ///
    /// ```
    /// use rcute::layout;
    /// assert_eq!(layout!((_4,_8):(_32,_2)).like().to_string(), "(_4,_8):(_8,_1)");
    /// assert_eq!(layout!((2,3,4,5):(_0,42,_1,_0)).like().to_string(), "(2,3,4,5):(_0,4,_1,_0)");
    /// ```
    pub const fn try_like(&self) -> Result<Layout, Error> {
        let shape = tri!(self.stride.try_filter_zeros_of(&self.shape));
        let stride = tri!(shape.try_compact_order(&self.stride));
        Layout::try_new(self.shape, stride)
    }

    /// [`Layout::try_like`], panicking with the error's message.
    #[track_caller]
    pub const fn like(&self) -> Layout {
        unwrap_or_panic!(self.try_like())
    }

    /// The identity layout of a shape: each coordinate maps to itself (CuTe's
    /// `make_identity_layout`). Its strides are scaled basis elements.
    ///
    /// ```
    /// use rcute::{Layout, int_tuple};
    /// let id = Layout::identity(int_tuple!((_4,(_2,_3))));
    /// assert_eq!(id.to_string(), "(_4,(_2,_3)):(_1@0,(_1@0@1,_1@1@1))");
    /// assert_eq!(id.apply(&int_tuple!((3,(1,2)))).to_string(), "(3,(1,2))");
    /// ```
    pub const fn try_identity(shape: IntTuple) -> Result<Layout, Error> {
        tri!(check_shape(
            &shape,
            "make_identity_layout: a shape must hold integers only"
        ));
        let stride = tri!(shape.try_basis_like());
        Layout::try_new(shape, stride)
    }

    /// [`Layout::try_identity`], panicking with the error's message.
    #[track_caller]
    pub const fn identity(shape: IntTuple) -> Layout {
        unwrap_or_panic!(Layout::try_identity(shape))
    }

    /// Parses CuTe notation `shape:stride` (usable in `const` items; see also `layout!`).
    ///
    /// ```
    /// use rcute::Layout;
    /// const L: Layout = Layout::parse("(_2,4):(_12,_1)");
    /// assert_eq!(L.to_string(), "(_2,4):(_12,_1)");
    /// assert!(Layout::try_parse("(2,3):(1)").is_err());
    /// ```
    pub const fn try_parse(s: &str) -> Result<Layout, Error> {
        let (shape, stride, _) = tri!(crate::notation::parse::parse_layout(s.as_bytes()));
        Layout::try_new(shape, stride)
    }

    /// [`Layout::try_parse`], panicking with the error's message (a compile error in a
    /// `const` item).
    #[track_caller]
    pub const fn parse(s: &str) -> Layout {
        unwrap_or_panic!(Layout::try_parse(s))
    }

    // ------------------------------------------------------------------ queries

    /// The shape.
    pub const fn shape(&self) -> IntTuple {
        self.shape
    }

    /// The stride.
    pub const fn stride(&self) -> IntTuple {
        self.stride
    }

    /// A reference to the shape.
    pub const fn shape_ref(&self) -> &IntTuple {
        &self.shape
    }

    /// A reference to the stride.
    pub const fn stride_ref(&self) -> &IntTuple {
        &self.stride
    }

    /// The number of modes (static in CuTe); 1 for a leaf layout `8:1`.
    pub const fn rank(&self) -> usize {
        self.shape.rank()
    }

    /// The nesting depth of the shape.
    pub const fn depth(&self) -> usize {
        self.shape.depth()
    }

    /// The size of the domain, the product of the shape (CuTe's `size`).
    ///
    /// ```
    /// use rcute::layout;
    /// assert_eq!(layout!((3,(6,2),8):(1,(3,18),36)).size().to_string(), "288");
    /// ```
    pub const fn try_size(&self) -> Result<Int, Error> {
        self.shape.try_product()
    }

    /// [`Layout::try_size`], panicking with the error's message.
    #[track_caller]
    pub const fn size(&self) -> Int {
        unwrap_or_panic!(self.try_size())
    }

    /// The codomain shape (CuTe's `coshape`): `inner_product(shape - 1, |stride|) + 1`.
    /// For scaled-basis strides it is a tuple.
    pub const fn try_coshape(&self) -> Result<IntTuple, Error> {
        let mut m1 = self.shape;
        let mut absd = self.stride;
        let mut i = 0;
        while i < m1.leaf_count() {
            m1.set_leaf(i, tri!(m1.leaf(i).try_sub(Int::ONE)));
            absd.set_leaf(i, tri!(absd.leaf(i).try_abs()));
            i += 1;
        }
        if !self.basis {
            let c = tri!(m1.try_inner_product(&absd));
            return Ok(IntTuple::from_int(tri!(c.try_add(Int::ONE))));
        }
        // with basis strides: the arithmetic tuple sum, then +1 at every leaf
        let mut acc = IntTuple::constant(0);
        let n = m1.leaf_count();
        let mut k = 0;
        while k < n {
            let term = IntTuple::from_int(tri!(m1.leaf(k).try_mul(absd.leaf(k))));
            acc = tri!(crate::tuple::arith_add(&acc, &term));
            k += 1;
        }
        let mut out = tri!(crate::tuple::arith_expand(&acc));
        let mut j = 0;
        while j < out.leaf_count() {
            out.set_leaf(j, tri!(out.leaf(j).try_add(Int::ONE)));
            j += 1;
        }
        Ok(out)
    }

    /// The size of the codomain (CuTe's `cosize`): `size(coshape)`. It uses `|stride|`, so
    /// for negative strides it is not `L(size-1) + 1` (`cosize((_4,_2):(_-1,_4)) == _8`).
    ///
    /// ```
    /// use rcute::layout;
    /// assert_eq!(layout!(8:2).cosize().to_string(), "15");
    /// assert_eq!(layout!(_8:_0).cosize().to_string(), "_1");
    /// ```
    pub const fn try_cosize(&self) -> Result<Int, Error> {
        if self.basis {
            return tri!(self.try_coshape()).try_product();
        }
        // `inner_product(shape - 1, |stride|) + 1` leaf by leaf: CuTe's fold adds from
        // `_0` at every level, so the sum is static exactly when every term is, whatever
        // the nesting, and its terms are non-negative, so it overflows exactly when the
        // total does
        if let Some(c) = self.cosize_plain() {
            return Ok(c);
        }
        self.cosize_full()
    }

    /// The leaf-by-leaf sum of [`Layout::try_cosize`] with the full `Int` rules.
    const fn cosize_full(&self) -> Result<Int, Error> {
        let mut acc = Int::ZERO;
        let mut i = 0;
        while i < self.shape.leaf_count() {
            let s = tri!(self.shape.leaf(i).try_sub(Int::ONE));
            let d = tri!(self.stride.leaf(i).try_abs());
            acc = tri!(acc.try_add(tri!(s.try_mul(d))));
            i += 1;
        }
        acc.try_add(Int::ONE)
    }

    /// [`Layout::try_cosize`] in plain `i64` arithmetic with the same static rules (a term
    /// `(s-1)*|d|` is a static `_0` when `s` is `_1` or `d` is `_0`, else static when both
    /// are), or `None` on a scaled basis or an overflow, which the full form reports.
    const fn cosize_plain(&self) -> Option<Int> {
        let n = self.shape.leaf_count();
        let (sv, sm) = self.shape.leaf_parts(0, n);
        let (dv, dm) = self.stride.leaf_parts(0, n);
        let mut acc: i64 = 0;
        let mut all_static = true;
        let mut i = 0;
        while i < n {
            let (s, d) = (Int::from_raw(sv[i], sm[i]), Int::from_raw(dv[i], dm[i]));
            if s.is_basis() || d.is_basis() {
                return None;
            }
            // both computed, as the full form does (either may overflow)
            let Some(m) = s.value().checked_sub(1) else {
                return None;
            };
            let Some(a) = d.value().checked_abs() else {
                return None;
            };
            if !(s.is_constant(1) || d.is_constant(0)) {
                let Some(t) = m.checked_mul(a) else {
                    return None;
                };
                let Some(sum) = acc.checked_add(t) else {
                    return None;
                };
                acc = sum;
                all_static = all_static && s.is_static() && d.is_static();
            }
            i += 1;
        }
        match acc.checked_add(1) {
            Some(c) => Some(Int::new(c, all_static)),
            None => None,
        }
    }

    /// [`Layout::try_cosize`], panicking with the error's message.
    #[track_caller]
    pub const fn cosize(&self) -> Int {
        unwrap_or_panic!(self.try_cosize())
    }

    /// Whether every shape and stride leaf is static (a layout CuTe keeps in its type).
    pub const fn is_static(&self) -> bool {
        self.shape.is_static() && self.stride.is_static()
    }

    /// Whether the strides are scaled basis elements (an identity-like layout whose
    /// codomain is coordinates rather than offsets).
    pub const fn has_basis_strides(&self) -> bool {
        self.basis
    }

    /// Sub-layout `i` (CuTe's `layout<I>` and `get<I>`): a leaf mode is an integral layout.
    ///
    /// ```
    /// use rcute::layout;
    /// let l = layout!((_4,(_3,_6)):(_1,(_4,_12)));
    /// assert_eq!(l.mode(1).to_string(), "(_3,_6):(_4,_12)");
    /// assert_eq!(l.mode_path(&[1, 0]).to_string(), "_3:_4");
    /// ```
    pub const fn try_mode(&self, i: usize) -> Result<Layout, Error> {
        let r = self.shape.rank();
        if i >= r {
            return Err(Error::IndexOutOfRange {
                msg: "get: mode index out of range",
                index: i as i64,
                rank: r,
            });
        }
        if self.shape.is_leaf() {
            return Ok(*self);
        }
        // shape and stride are congruent: the mode sits at the same node in both
        let n = self.shape.child(crate::tuple::Node::ROOT, i);
        if self.shape.is_leaf_node(n) {
            let d = self.stride.int_at(n);
            return Ok(Layout {
                shape: IntTuple::from_int(self.shape.int_at(n)),
                stride: IntTuple::from_int(d),
                basis: d.is_basis(),
            });
        }
        let stride = self.stride.subtree(n);
        Ok(Layout {
            shape: self.shape.subtree(n),
            basis: self.basis && stride.has_basis(),
            stride,
        })
    }

    /// [`Layout::try_mode`], panicking with the error's message.
    #[track_caller]
    pub const fn mode(&self, i: usize) -> Layout {
        unwrap_or_panic!(self.try_mode(i))
    }

    /// The sub-layout at a hierarchical index (CuTe's `layout<I0,I1,...>`); an empty path is
    /// the layout itself.
    pub const fn try_mode_path(&self, path: &[usize]) -> Result<Layout, Error> {
        let shape = tri!(self.shape.try_get_path(path));
        let stride = tri!(self.stride.try_get_path(path));
        Ok(Layout {
            shape,
            stride,
            basis: stride.has_basis(),
        })
    }

    /// [`Layout::try_mode_path`], panicking with the error's message.
    #[track_caller]
    pub const fn mode_path(&self, path: &[usize]) -> Layout {
        unwrap_or_panic!(self.try_mode_path(path))
    }

    // -------------------------------------------------------------- coordinates

    /// The offset of a coordinate, with CuTe's static bits (CuTe's `layout(coord)` for a
    /// coordinate without `_`). The coordinate may be 1-D, R-D or h-D.
    ///
    /// ```
    /// use rcute::{layout, int_tuple};
    /// let a = layout!(((_3,2),(2,_5,_2)):((4,1),(_2,13,100)));
    /// assert_eq!(a.crd2idx(&int_tuple!((1,2))).to_string(), "17");
    /// assert_eq!(a.crd2idx(&int_tuple!(17)).to_string(), "22");
    /// assert_eq!(a.crd2idx(&int_tuple!(((1,1),(1,2,1)))).to_string(), "133");
    /// ```
    pub const fn try_crd2idx(&self, coord: &IntTuple) -> Result<Int, Error> {
        try_crd2idx(coord, &self.shape, &self.stride)
    }

    /// [`Layout::try_crd2idx`], panicking with the error's message.
    #[track_caller]
    pub const fn crd2idx(&self, coord: &IntTuple) -> Int {
        unwrap_or_panic!(self.try_crd2idx(coord))
    }

    /// The image of a coordinate for any layout: an integer (as a leaf) for integer
    /// strides, a coordinate tuple (CuTe's arithmetic tuple) for scaled-basis strides.
    pub const fn try_apply(&self, coord: &IntTuple) -> Result<IntTuple, Error> {
        try_crd2idx_arith(coord, &self.shape, &self.stride)
    }

    /// [`Layout::try_apply`], panicking with the error's message.
    #[track_caller]
    pub const fn apply(&self, coord: &IntTuple) -> IntTuple {
        unwrap_or_panic!(self.try_apply(coord))
    }

    /// The offset of 1-D index `idx`: the hot path, with unsigned coordinates and no static
    /// bits. For `idx < size()` this is exactly [`Layout::crd2idx`]; past the end the last
    /// mode extends, as in CuTe, and the arithmetic wraps on `i64` overflow.
    ///
    /// For a `const` layout the loop folds to straight-line arithmetic (shifts and masks
    /// for power-of-two shapes). For a layout built at run time, an extent that is a power
    /// of two is split off with a shift and a mask instead of a division. To visit every
    /// offset in order, [`Layout::offsets`] walks them without dividing at all.
    ///
    /// # Panics
    /// If the strides are scaled basis elements (use [`Layout::apply`]).
    ///
    /// ```
    /// use rcute::layout;
    /// const L: rcute::Layout = layout!((_4,_8):(_8,_1));
    /// assert_eq!(L.offset(9), 10); // index 9 is the coordinate (1,2): 1*8 + 2*1
    /// ```
    #[inline]
    #[track_caller]
    pub const fn offset(&self, idx: usize) -> i64 {
        if self.basis {
            basis_offset_panic();
        }
        let shape = self.shape.values();
        let stride = self.stride.values();
        let n = self.shape.leaf_count();
        let mut c = idx as u64;
        let mut off = 0i64;
        let mut i = 0;
        while i + 1 < n {
            let (q, r) = div_rem_pos(c, shape[i] as u64);
            off = off.wrapping_add((r as i64).wrapping_mul(stride[i]));
            c = q;
            i += 1;
        }
        if n > 0 {
            off = off.wrapping_add((c as i64).wrapping_mul(stride[n - 1]));
        }
        off
    }

    /// The offset of an R-D coordinate, one 1-D coordinate per top-level mode (CuTe's
    /// `layout(c0, c1, ...)` with integers). Each coordinate is split inside its mode, the
    /// last leaf of the mode unbounded.
    ///
    /// # Panics
    /// If `coords.len() != self.rank()`, or the strides are scaled basis elements.
    ///
    /// ```
    /// use rcute::layout;
    /// let l = layout!((4,(2,2)):(2,(1,8)));
    /// assert_eq!(l.offset_of(&[2, 1]), 5);
    /// ```
    #[inline]
    #[track_caller]
    pub fn offset_of(&self, coords: &[usize]) -> i64 {
        assert!(
            !self.basis,
            "offset_of: the layout has scaled-basis strides; use apply"
        );
        let mut starts = [0usize; crate::tuple::CAPACITY + 1];
        let modes = self.shape.mode_starts(&mut starts);
        assert_eq!(coords.len(), modes, "offset_of: one coordinate per mode");
        let shape = self.shape.values();
        let stride = self.stride.values();
        let mut off = 0i64;
        for m in 0..modes {
            let (a, b) = (starts[m], starts[m + 1]);
            let mut c = coords[m] as u64;
            for i in a..b {
                if i + 1 < b {
                    let (q, r) = div_rem_pos(c, shape[i] as u64);
                    off = off.wrapping_add((r as i64).wrapping_mul(stride[i]));
                    c = q;
                } else {
                    off = off.wrapping_add((c as i64).wrapping_mul(stride[i]));
                }
            }
        }
        off
    }

    /// The extent (size) of each top-level mode, written to `out`; returns the rank.
    pub(crate) fn mode_extents(&self, out: &mut [u64; crate::tuple::CAPACITY + 1]) -> usize {
        let mut starts = [0usize; crate::tuple::CAPACITY + 1];
        let modes = self.shape.mode_starts(&mut starts);
        let shape = self.shape.values();
        for m in 0..modes {
            out[m] = shape[starts[m]..starts[m + 1]]
                .iter()
                .map(|&s| s as u64)
                .product();
        }
        modes
    }

    /// The hierarchical coordinate of index `idx` in a compact layout (CuTe's
    /// `get_hier_coord`, the three-argument `idx2crd`: every mode reduced).
    ///
    /// ```
    /// use rcute::{layout, int_tuple};
    /// let l = layout!((_4,(_2,_3)):(_6,(_1,_2)));
    /// assert_eq!(l.get_hier_coord(&int_tuple!(13)).to_string(), "(2,(1,0))");
    /// ```
    pub const fn try_get_hier_coord(&self, idx: &IntTuple) -> Result<IntTuple, Error> {
        try_idx2crd_strided(idx, &self.shape, &self.stride)
    }

    /// [`Layout::try_get_hier_coord`], panicking with the error's message.
    #[track_caller]
    pub const fn get_hier_coord(&self, idx: &IntTuple) -> IntTuple {
        unwrap_or_panic!(self.try_get_hier_coord(idx))
    }

    /// The flat coordinate of index `idx`, one integer per mode (CuTe's `get_flat_coord`).
    ///
    /// ```
    /// use rcute::{layout, int_tuple};
    /// let l = layout!((_4,(_2,_3)):(_6,(_1,_2)));
    /// assert_eq!(l.get_flat_coord(&int_tuple!(13)).to_string(), "(2,1)");
    /// ```
    pub const fn try_get_flat_coord(&self, idx: &IntTuple) -> Result<IntTuple, Error> {
        let hier = tri!(self.try_get_hier_coord(idx));
        let ones = tri!(IntTuple::try_repeat(self.rank(), &IntTuple::constant(1)));
        try_crd2crd(&hier, &self.shape, &ones)
    }

    /// [`Layout::try_get_flat_coord`], panicking with the error's message.
    #[track_caller]
    pub const fn get_flat_coord(&self, idx: &IntTuple) -> IntTuple {
        unwrap_or_panic!(self.try_get_flat_coord(idx))
    }

    /// The colexicographic 1-D coordinate of index `idx` (CuTe's `get_1d_coord`).
    ///
    /// ```
    /// use rcute::{layout, int_tuple};
    /// let l = layout!((_4,(_2,_3)):(_6,(_1,_2)));
    /// assert_eq!(l.get_1d_coord(&int_tuple!(13)).to_string(), "6");
    /// ```
    pub const fn try_get_1d_coord(&self, idx: &IntTuple) -> Result<Int, Error> {
        let hier = tri!(self.try_get_hier_coord(idx));
        try_crd2idx_colex(&hier, &self.shape)
    }

    /// [`Layout::try_get_1d_coord`], panicking with the error's message.
    #[track_caller]
    pub const fn get_1d_coord(&self, idx: &IntTuple) -> Int {
        unwrap_or_panic!(self.try_get_1d_coord(idx))
    }

    /// The same layout with every integer made static (the layout CuTe would see if all
    /// values were known at compile time).
    pub const fn to_static(&self) -> Layout {
        Layout::from_parts(self.shape.to_static(), self.stride.to_static())
    }

    /// The same layout with every integer made dynamic.
    pub const fn to_dynamic(&self) -> Layout {
        Layout::from_parts(self.shape.to_dynamic(), self.stride.to_dynamic())
    }

    /// The shape, to change leaf values in place (crate-internal: the caller keeps the
    /// shape congruent to the stride and its leaves positive).
    pub(crate) const fn shape_mut(&mut self) -> &mut IntTuple {
        &mut self.shape
    }

    /// Empty shape and stride streams, to be filled in place by the crate's builders
    /// (which set `basis` when they finish).
    #[inline(always)]
    pub(crate) const fn stream() -> Layout {
        // one constant, all zero bytes: a single fill of the whole value (built field by
        // field, it is two)
        const EMPTY: Layout = Layout {
            shape: IntTuple::stream(),
            stride: IntTuple::stream(),
            basis: false,
        };
        EMPTY
    }

    /// Whether the shape and the stride are [`IntTuple::is_small`], the layouts that
    /// [`Layout::copy_small`] copies (crate-internal).
    #[inline(always)]
    pub(crate) const fn is_small(&self) -> bool {
        self.shape.is_small() && self.stride.is_small()
    }

    /// A copy of this layout, where [`Layout::is_small`] (crate-internal): the few tokens
    /// and leaves in use read, the whole value written, where the caller puts it (a
    /// `Result<Layout, _>` included), each half by [`IntTuple::copy_small`]: fewer
    /// instructions than a copy of the whole value.
    #[inline(never)]
    pub(crate) const fn copy_small(&self) -> Layout {
        Layout {
            shape: self.shape.copy_small(),
            stride: self.stride.copy_small(),
            basis: self.basis,
        }
    }

    /// Builds a layout from parts already known to be valid (crate-internal).
    pub(crate) const fn from_parts(shape: IntTuple, stride: IntTuple) -> Layout {
        Layout {
            shape,
            stride,
            basis: stride.has_basis(),
        }
    }
}

#[cold]
#[inline(never)]
#[track_caller]
const fn basis_offset_panic() -> ! {
    panic!("offset: the layout has scaled-basis strides (an identity layout); use apply")
}

impl fmt::Display for Layout {
    /// CuTe's `print`: `shape:stride`, e.g. `(_2,4):(_1,_2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.shape, self.stride)
    }
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Layout({self})")
    }
}

impl core::str::FromStr for Layout {
    type Err = Error;
    /// Parses CuTe notation, as [`Layout::try_parse`].
    fn from_str(s: &str) -> Result<Layout, Error> {
        Layout::try_parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain-integer cosize equals the full one, values, static bits and errors, on
    /// every two-mode layout over static and dynamic values, extremes included.
    #[test]
    fn plain_cosize_is_the_full_cosize() {
        let shapes = [
            Int::constant(1),
            Int::constant(3),
            Int::dynamic(1),
            Int::dynamic(5),
            Int::dynamic(i64::MAX),
            Int::constant(i64::MAX / 2),
        ];
        let strides = [
            Int::constant(1),
            Int::constant(0),
            Int::constant(-2),
            Int::dynamic(0),
            Int::dynamic(7),
            Int::dynamic(i64::MIN),
            Int::dynamic(i64::MAX),
        ];
        let (mut compared, mut plain) = (0, 0);
        for a in shapes {
            for b in shapes {
                for c in strides {
                    for d in strides {
                        let l =
                            Layout::new(IntTuple::from_ints(&[a, b]), IntTuple::from_ints(&[c, d]));
                        assert_eq!(l.try_cosize(), l.cosize_full(), "cosize({l})");
                        if l.cosize_plain().is_some() {
                            plain += 1;
                        }
                        compared += 1;
                    }
                }
            }
        }
        assert_eq!(compared, 36 * 49);
        assert!(plain > 500 && plain < compared, "{plain} plain");
    }
}
