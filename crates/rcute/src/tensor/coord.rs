//! Coordinate tensors: CuTe's `make_identity_tensor`, a tensor whose "data" is the
//! coordinate itself.
//!
//! Its layout has scaled-basis strides (`(_4,_3):(_1@0,_1@1)`) and its origin is a
//! coordinate (CuTe's `ArithTuple`), so tiling and partitioning it yields the coordinates
//! each tile or thread owns: the usual way to predicate the edges of a GEMM.
//!
//! ```
//! use rcute::{CoordTensor, int_tuple, tiler};
//! let id = CoordTensor::identity(int_tuple!((8,24)));
//! assert_eq!(id.to_string(), "ArithTuple(_0,_0) o (8,24):(_1@0,_1@1)");
//! let tile = id.local_tile(&tiler!((_4,_8)), &int_tuple!((1,2)), None);
//! assert_eq!(tile.to_string(), "ArithTuple(4,16) o (_4,_8):(_1@0,_1@1)");
//! assert_eq!(tile.get(&int_tuple!((3,7))).to_string(), "(7,23)");
//! // an integer shape has integer coordinates
//! assert_eq!(CoordTensor::identity(int_tuple!(_4)).to_string(), "ArithTuple_0 o _4:_1");
//! assert_eq!(CoordTensor::identity(int_tuple!((_4))).to_string(), "ArithTuple(_0) o (_4):(_1@0)");
//! ```

use crate::algebra::Tiler;
use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::{IntTuple, arith_add};
use core::fmt;

/// A tensor of coordinates: `origin + layout(c)` at every coordinate `c`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CoordTensor {
    origin: IntTuple,
    layout: Layout,
}

/// Defines `try_x`/`x` for a layout operation with a tiler that keeps the origin.
macro_rules! on_layout {
    ($(#[$doc:meta])* $try_name:ident, $name:ident) => {
        $(#[$doc])*
        pub const fn $try_name(&self, t: &Tiler) -> Result<CoordTensor, Error> {
            let l = tri!(self.layout.$try_name(t));
            Ok(CoordTensor { origin: self.origin, layout: l })
        }

        #[doc = concat!("[`CoordTensor::", stringify!($try_name), "`], panicking with the error's message.")]
        #[track_caller]
        pub const fn $name(&self, t: &Tiler) -> CoordTensor {
            unwrap_or_panic!(self.$try_name(t))
        }
    };
}

impl CoordTensor {
    /// The identity tensor of a shape (CuTe's `make_identity_tensor`): coordinate `c` holds
    /// `c`.
    pub const fn try_identity(shape: IntTuple) -> Result<CoordTensor, Error> {
        let layout = tri!(Layout::try_identity(shape));
        // the tensor holds every coordinate: its size must be a number
        tri!(layout.try_size());
        let origin = tri!(layout.try_coprofile());
        Ok(CoordTensor { origin, layout })
    }

    /// [`CoordTensor::try_identity`], panicking with the error's message.
    #[track_caller]
    pub const fn identity(shape: IntTuple) -> CoordTensor {
        unwrap_or_panic!(CoordTensor::try_identity(shape))
    }

    /// A coordinate tensor with a given origin and layout (CuTe's
    /// `make_tensor(make_inttuple_iter(origin), layout)`).
    pub const fn new(origin: IntTuple, layout: Layout) -> CoordTensor {
        CoordTensor { origin, layout }
    }

    /// The coordinate of the first element.
    pub const fn origin(&self) -> IntTuple {
        self.origin
    }

    /// The layout (coordinate -> coordinate offset).
    pub const fn layout(&self) -> Layout {
        self.layout
    }

    /// The shape.
    pub const fn shape(&self) -> IntTuple {
        self.layout.shape()
    }

    /// The number of elements.
    pub const fn size(&self) -> Int {
        self.layout.size()
    }

    /// The coordinate held at `coord` (1-D, R-D or h-D): `origin + layout(coord)`.
    pub const fn try_get(&self, coord: &IntTuple) -> Result<IntTuple, Error> {
        let off = tri!(self.layout.try_apply(coord));
        arith_add(&self.origin, &off)
    }

    /// [`CoordTensor::try_get`], panicking with the error's message.
    #[track_caller]
    pub const fn get(&self, coord: &IntTuple) -> IntTuple {
        unwrap_or_panic!(self.try_get(coord))
    }

    /// The sub-tensor of the modes paired with `_` (CuTe's `tensor(coord)` with `_`).
    ///
    /// ```
    /// use rcute::{CoordTensor, int_tuple};
    /// let t = CoordTensor::identity(int_tuple!((_8,_8)));
    /// assert_eq!(t.slice(&int_tuple!((_,3))).to_string(), "ArithTuple(_0,3) o (_8):(_1@0)");
    /// ```
    pub const fn try_slice(&self, coord: &IntTuple) -> Result<CoordTensor, Error> {
        let layout = tri!(self.layout.try_slice(coord));
        let off = tri!(self.layout.try_apply(coord));
        let origin = tri!(arith_add(&self.origin, &off));
        Ok(CoordTensor { origin, layout })
    }

    /// [`CoordTensor::try_slice`], panicking with the error's message.
    #[track_caller]
    pub const fn slice(&self, coord: &IntTuple) -> CoordTensor {
        unwrap_or_panic!(self.try_slice(coord))
    }

    const fn moved(&self, (layout, off): (Layout, IntTuple)) -> Result<CoordTensor, Error> {
        let origin = tri!(arith_add(&self.origin, &off));
        Ok(CoordTensor { origin, layout })
    }

    /// The tensor seen through another layout: `composition(layout, b)`.
    pub const fn try_composition(&self, b: &Layout) -> Result<CoordTensor, Error> {
        let l = tri!(self.layout.try_composition(b));
        Ok(CoordTensor {
            origin: self.origin,
            layout: l,
        })
    }

    on_layout!(
        /// Composition with a tiler.
        try_composition_tiler, composition_tiler
    );
    on_layout!(
        /// `logical_divide` of the layout.
        try_logical_divide, logical_divide
    );
    on_layout!(
        /// `zipped_divide` of the layout.
        try_zipped_divide, zipped_divide
    );
    on_layout!(
        /// `tiled_divide` of the layout.
        try_tiled_divide, tiled_divide
    );
    on_layout!(
        /// `flat_divide` of the layout.
        try_flat_divide, flat_divide
    );

    /// One tile (CuTe's `inner_partition`); see [`Layout::try_inner_partition`].
    pub const fn try_inner_partition(
        &self,
        t: &Tiler,
        coord: &IntTuple,
    ) -> Result<CoordTensor, Error> {
        self.moved(tri!(self.layout.try_inner_partition(t, coord)))
    }

    /// One element of every tile (CuTe's `outer_partition`); see
    /// [`Layout::try_outer_partition`].
    pub const fn try_outer_partition(
        &self,
        t: &Tiler,
        coord: &IntTuple,
    ) -> Result<CoordTensor, Error> {
        self.moved(tri!(self.layout.try_outer_partition(t, coord)))
    }

    /// CuTe's `local_tile`; see [`Layout::try_local_tile`].
    pub const fn try_local_tile(
        &self,
        t: &Tiler,
        coord: &IntTuple,
        proj: Option<&IntTuple>,
    ) -> Result<CoordTensor, Error> {
        self.moved(tri!(self.layout.try_local_tile(t, coord, proj)))
    }

    /// [`CoordTensor::try_local_tile`], panicking with the error's message.
    #[track_caller]
    pub const fn local_tile(
        &self,
        t: &Tiler,
        coord: &IntTuple,
        proj: Option<&IntTuple>,
    ) -> CoordTensor {
        unwrap_or_panic!(self.try_local_tile(t, coord, proj))
    }

    /// CuTe's `local_partition`; see [`Layout::try_local_partition`].
    ///
    /// ```
    /// use rcute::{CoordTensor, layout, int_tuple};
    /// let t = CoordTensor::identity(int_tuple!((_8,_8)));
    /// let p = t.local_partition(&layout!((_2,_4):(_1,_2)), 3, None);
    /// assert_eq!(p.to_string(), "ArithTuple(1,1) o (_4,_2):(_2@0,_4@1)");
    /// ```
    pub const fn try_local_partition(
        &self,
        thr: &Layout,
        index: i64,
        proj: Option<&IntTuple>,
    ) -> Result<CoordTensor, Error> {
        self.moved(tri!(self.layout.try_local_partition(thr, index, proj)))
    }

    /// [`CoordTensor::try_local_partition`], panicking with the error's message.
    #[track_caller]
    pub const fn local_partition(
        &self,
        thr: &Layout,
        index: i64,
        proj: Option<&IntTuple>,
    ) -> CoordTensor {
        unwrap_or_panic!(self.try_local_partition(thr, index, proj))
    }
}

impl fmt::Display for CoordTensor {
    /// CuTe's `print`: `ArithTuple(_0,_0) o (_4,_3):(_1@0,_1@1)`, `ArithTuple_0 o _4:_1`
    /// (the origin of a rank-0 codomain is an integer).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ArithTuple{} o {}", self.origin, self.layout)
    }
}
