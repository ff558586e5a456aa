//! Partitioning, on layouts: the layout of a tile or of a thread's elements, and the
//! offset of its origin. Tensors apply these to their data (`tensor(coord)` is
//! `data + offset` over the sliced layout).
//!
//! * `inner_partition` (= `local_tile`): `zipped_divide` by the tiler, then slice the
//!   *rest* mode with the coordinate: one whole tile.
//! * `outer_partition`: slice the *tile* mode instead: one element of every tile.
//! * `local_partition(thr_layout, idx)`: `outer_partition` by the thread layout's shape,
//!   at the thread's flat coordinate `thr_layout.get_flat_coord(idx)` (so row-major thread
//!   layouts work).
//!
//! Offsets are [`IntTuple`]s: an integer for ordinary layouts, a coordinate (CuTe's
//! arithmetic tuple) for identity layouts.

use crate::algebra::Tiler;
use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;

const fn underscore() -> IntTuple {
    IntTuple::from_int(Int::UNDERSCORE)
}

/// CuTe's `append<R>(coord, _)`: a tuple coordinate padded with `_` to rank `r`.
const fn pad_with_underscores(coord: &IntTuple, r: usize) -> Result<IntTuple, Error> {
    if coord.rank() > r {
        return Err(Error::RankMismatch {
            msg: "partition: the coordinate has more modes than the tiled layout",
            expected: r,
            found: coord.rank(),
        });
    }
    coord.try_append_to(r, &underscore())
}

/// `tensor_tiled(c0, c1)`: the slice of a rank-2 tiled layout and its offset.
const fn slice2(tiled: &Layout, c0: IntTuple, c1: IntTuple) -> Result<(Layout, IntTuple), Error> {
    let coord = tri!(IntTuple::try_tuple(&[c0, c1]));
    let sliced = tri!(tiled.try_slice(&coord));
    let offset = tri!(tiled.try_apply(&coord));
    Ok((sliced, offset))
}

impl Layout {
    /// The tile of `self` at `coord` (CuTe's `inner_partition`, which `local_tile` is): the
    /// layout of the tile and the offset of its first element. A tuple `coord` may leave
    /// trailing modes out (they stay, as `_`), and may hold `_` to keep a mode of tiles.
    ///
    /// ```
    /// use rcute::{Layout, int_tuple, tiler};
    /// let a = Layout::from_shape(int_tuple!((8,24)));
    /// let (tile, off) = a.inner_partition(&tiler!((_4,_8)), &int_tuple!((1,2)));
    /// assert_eq!((tile.to_string(), off.to_string()), ("(_4,_8):(_1,8)".into(), "132".into()));
    /// ```
    pub const fn try_inner_partition(
        &self,
        tiler: &Tiler,
        coord: &IntTuple,
    ) -> Result<(Layout, IntTuple), Error> {
        let tiled = tri!(self.try_zipped_divide(tiler));
        let r0 = tri!(tiled.try_mode(0)).rank();
        let all0 = tri!(IntTuple::try_repeat(r0, &underscore()));
        let c1 = if coord.is_tuple() {
            let r1 = tri!(tiled.try_mode(1)).rank();
            tri!(pad_with_underscores(coord, r1))
        } else {
            *coord
        };
        slice2(&tiled, all0, c1)
    }

    /// [`Layout::try_inner_partition`], panicking with the error's message.
    #[track_caller]
    pub const fn inner_partition(&self, tiler: &Tiler, coord: &IntTuple) -> (Layout, IntTuple) {
        unwrap_or_panic!(self.try_inner_partition(tiler, coord))
    }

    /// The elements at `coord` within every tile (CuTe's `outer_partition`): the layout over
    /// the tiles and the offset of the first one.
    ///
    /// ```
    /// use rcute::{Layout, int_tuple, tiler};
    /// let a = Layout::from_shape(int_tuple!((8,24)));
    /// let (part, off) = a.outer_partition(&tiler!((_4,_8)), &int_tuple!((1,2)));
    /// assert_eq!((part.to_string(), off.to_string()), ("(2,3):(_4,64)".into(), "17".into()));
    /// ```
    pub const fn try_outer_partition(
        &self,
        tiler: &Tiler,
        coord: &IntTuple,
    ) -> Result<(Layout, IntTuple), Error> {
        let tiled = tri!(self.try_zipped_divide(tiler));
        let r1 = tri!(tiled.try_mode(1)).rank();
        let all1 = tri!(IntTuple::try_repeat(r1, &underscore()));
        let c0 = if coord.is_tuple() {
            let r0 = tri!(tiled.try_mode(0)).rank();
            tri!(pad_with_underscores(coord, r0))
        } else {
            *coord
        };
        slice2(&tiled, c0, all1)
    }

    /// [`Layout::try_outer_partition`], panicking with the error's message.
    #[track_caller]
    pub const fn outer_partition(&self, tiler: &Tiler, coord: &IntTuple) -> (Layout, IntTuple) {
        unwrap_or_panic!(self.try_outer_partition(tiler, coord))
    }

    /// CuTe's `local_tile(tensor, tiler, coord[, proj])`: [`Layout::try_inner_partition`],
    /// after keeping only the modes of the tiler and the coordinate that `proj` marks with
    /// an integer (`X`, i.e. `_`, drops a mode: `(_1,X,_1)` for A in a GEMM).
    ///
    /// ```
    /// use rcute::{Layout, int_tuple, tiler};
    /// let a = Layout::from_shape(int_tuple!((256,128)));
    /// let (t, off) = a.local_tile(&tiler!((_32,_64,_4)), &int_tuple!((1,2,_)), Some(&int_tuple!((_1,_,_1))));
    /// assert_eq!((t.to_string(), off.to_string()), ("(_32,_4,32):(_1,256,1024)".into(), "32".into()));
    /// ```
    pub const fn try_local_tile(
        &self,
        tiler: &Tiler,
        coord: &IntTuple,
        proj: Option<&IntTuple>,
    ) -> Result<(Layout, IntTuple), Error> {
        match proj {
            None => self.try_inner_partition(tiler, coord),
            Some(p) => {
                let t = tri!(tiler.try_dice(p));
                let c = tri!(coord.try_dice(p));
                self.try_inner_partition(&t, &c)
            }
        }
    }

    /// [`Layout::try_local_tile`], panicking with the error's message.
    #[track_caller]
    pub const fn local_tile(
        &self,
        tiler: &Tiler,
        coord: &IntTuple,
        proj: Option<&IntTuple>,
    ) -> (Layout, IntTuple) {
        unwrap_or_panic!(self.try_local_tile(tiler, coord, proj))
    }

    /// The elements of thread `index` when `thr_layout` (thread coordinate -> index)
    /// partitions `self` (CuTe's `local_partition(tensor, thr_layout, index[, proj])`):
    /// [`Layout::try_outer_partition`] by the shape of the thread layout at the thread's
    /// flat coordinate. `proj` keeps only the modes of the thread layout it marks.
    ///
    /// ```
    /// use rcute::{Layout, layout, int_tuple};
    /// let a = Layout::from_shape(int_tuple!((8,24)));
    /// let (p, off) = a.local_partition(&layout!((_2,_4):(_1,_2)), 5, None);
    /// assert_eq!((p.to_string(), off.to_string()), ("(4,6):(_2,32)".into(), "17".into()));
    /// let (p, off) = a.local_partition(&layout!((_2,_4):(_4,_1)), 5, None);
    /// assert_eq!((p.to_string(), off.to_string()), ("(4,6):(_2,32)".into(), "9".into()));
    /// ```
    pub const fn try_local_partition(
        &self,
        thr_layout: &Layout,
        index: i64,
        proj: Option<&IntTuple>,
    ) -> Result<(Layout, IntTuple), Error> {
        let thr = match proj {
            None => *thr_layout,
            Some(p) => tri!(thr_layout.try_dice(p)),
        };
        let tiler = tri!(Tiler::try_from_shape(&tri!(thr.shape().try_product_each())));
        let coord = tri!(thr.try_get_flat_coord(&IntTuple::dynamic(index)));
        self.try_outer_partition(&tiler, &coord)
    }

    /// [`Layout::try_local_partition`], panicking with the error's message.
    #[track_caller]
    pub const fn local_partition(
        &self,
        thr_layout: &Layout,
        index: i64,
        proj: Option<&IntTuple>,
    ) -> (Layout, IntTuple) {
        unwrap_or_panic!(self.try_local_partition(thr_layout, index, proj))
    }
}
