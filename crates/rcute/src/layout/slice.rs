//! Slicing a layout with `_` (CuTe's `slice`, `dice`, `slice_and_offset`,
//! `domain_offset`).

use super::Layout;
use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;
use crate::tuple::IntTuple;

impl Layout {
    /// The sub-layout of the modes paired with `_` in `coord` (CuTe's `slice` and
    /// `layout(coord)` with `_`): a top-level `_` keeps a mode's whole hierarchy as one mode.
    ///
    /// ```
    /// use rcute::{layout, int_tuple};
    /// let a = layout!(((_3,2),(2,_5,_2)):((4,1),(_2,13,100)));
    /// assert_eq!(a.slice(&int_tuple!((2,_))).to_string(), "((2,_5,_2)):((_2,13,100))");
    /// assert_eq!(a.slice(&int_tuple!(((_,1),(0,_,1)))).to_string(), "(_3,_5):(4,13)");
    /// ```
    pub const fn try_slice(&self, coord: &IntTuple) -> Result<Layout, Error> {
        Ok(Layout::from_parts(
            tri!(self.shape.try_slice(coord)),
            tri!(self.stride.try_slice(coord)),
        ))
    }

    /// [`Layout::try_slice`], panicking with the error's message.
    #[track_caller]
    pub const fn slice(&self, coord: &IntTuple) -> Layout {
        unwrap_or_panic!(self.try_slice(coord))
    }

    /// The sub-layout of the modes paired with integers in `coord`, the complement of
    /// [`Layout::slice`] (CuTe's `dice`).
    ///
    /// ```
    /// use rcute::{layout, int_tuple};
    /// let a = layout!(((_3,2),(2,_5,_2)):((4,1),(_2,13,100)));
    /// assert_eq!(a.dice(&int_tuple!((2,_))).to_string(), "((_3,2)):((4,1))");
    /// ```
    pub const fn try_dice(&self, coord: &IntTuple) -> Result<Layout, Error> {
        Ok(Layout::from_parts(
            tri!(self.shape.try_dice(coord)),
            tri!(self.stride.try_dice(coord)),
        ))
    }

    /// [`Layout::try_dice`], panicking with the error's message.
    #[track_caller]
    pub const fn dice(&self, coord: &IntTuple) -> Layout {
        unwrap_or_panic!(self.try_dice(coord))
    }

    /// The slice and the offset of its origin, `_` counting as 0 (CuTe's
    /// `slice_and_offset`).
    ///
    /// ```
    /// use rcute::{layout, int_tuple};
    /// let a = layout!(((_3,2),(2,_5,_2)):((4,1),(_2,13,100)));
    /// let (s, off) = a.slice_and_offset(&int_tuple!(((_,1),(0,_,1))));
    /// assert_eq!((s.to_string(), off.to_string()), ("(_3,_5):(4,13)".into(), "101".into()));
    /// ```
    pub const fn try_slice_and_offset(&self, coord: &IntTuple) -> Result<(Layout, Int), Error> {
        let s = tri!(self.try_slice(coord));
        let off = tri!(self.try_crd2idx(coord));
        Ok((s, off))
    }

    /// [`Layout::try_slice_and_offset`], panicking with the error's message.
    #[track_caller]
    pub const fn slice_and_offset(&self, coord: &IntTuple) -> (Layout, Int) {
        unwrap_or_panic!(self.try_slice_and_offset(coord))
    }

    /// The layout unchanged and the offset of `coord` (CuTe's `domain_offset` for a plain
    /// layout; composed layouts fold the offset in instead). The offset is a coordinate
    /// tuple for an identity layout.
    ///
    /// ```
    /// use rcute::{layout, int_tuple};
    /// let a = layout!(((_3,2),(2,_5,_2)):((4,1),(_2,13,100)));
    /// let (l, off) = a.domain_offset(&int_tuple!((1,2)));
    /// assert_eq!((l, off.to_string()), (a, "17".into()));
    /// ```
    pub const fn try_domain_offset(&self, coord: &IntTuple) -> Result<(Layout, IntTuple), Error> {
        let off = tri!(self.try_apply(coord));
        Ok((*self, off))
    }

    /// [`Layout::try_domain_offset`], panicking with the error's message.
    #[track_caller]
    pub const fn domain_offset(&self, coord: &IntTuple) -> (Layout, IntTuple) {
        unwrap_or_panic!(self.try_domain_offset(coord))
    }
}
