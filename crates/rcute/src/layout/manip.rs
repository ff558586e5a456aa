//! Rearranging the modes of a layout (CuTe's `layout.hpp`): select, take, append,
//! prepend, replace, group, flatten, unflatten. Each applies the same tuple operation to
//! the shape and to the stride.

use super::Layout;
use crate::error::{Error, tri, unwrap_or_panic};
use crate::tuple::IntTuple;

/// The `_1:_0` mode CuTe pads with.
const PAD: Layout = Layout::from_parts(IntTuple::constant(1), IntTuple::constant(0));

impl Layout {
    /// The modes at `indices`, always a tuple (CuTe's `select<I...>`).
    ///
    /// ```
    /// use rcute::layout;
    /// let a = layout!((_2,_3,_5,_7):(_1,_2,_6,_30));
    /// assert_eq!(a.select(&[1, 3]).to_string(), "(_3,_7):(_2,_30)");
    /// assert_eq!(a.select(&[2]).to_string(), "(_5):(_6)");
    /// ```
    pub const fn try_select(&self, indices: &[usize]) -> Result<Layout, Error> {
        Ok(Layout::from_parts(
            tri!(self.shape.try_select(indices)),
            tri!(self.stride.try_select(indices)),
        ))
    }

    /// [`Layout::try_select`], panicking with the error's message.
    #[track_caller]
    pub const fn select(&self, indices: &[usize]) -> Layout {
        unwrap_or_panic!(self.try_select(indices))
    }

    /// Modes `[begin, end)` (CuTe's `take<B,E>`); the range must not be empty.
    ///
    /// ```
    /// use rcute::layout;
    /// let a = layout!((_2,_3,_5,_7):(_1,_2,_6,_30));
    /// assert_eq!(a.take(1, 3).to_string(), "(_3,_5):(_2,_6)");
    /// assert!(a.try_take(1, 1).is_err());
    /// ```
    pub const fn try_take(&self, begin: usize, end: usize) -> Result<Layout, Error> {
        if begin >= end {
            return Err(Error::IndexOutOfRange {
                msg: "take: empty range [begin, end)",
                index: end as i64,
                rank: self.rank(),
            });
        }
        Ok(Layout::from_parts(
            tri!(self.shape.try_take(begin, end)),
            tri!(self.stride.try_take(begin, end)),
        ))
    }

    /// [`Layout::try_take`], panicking with the error's message.
    #[track_caller]
    pub const fn take(&self, begin: usize, end: usize) -> Layout {
        unwrap_or_panic!(self.try_take(begin, end))
    }

    /// A layout of depth at most 1 (CuTe's `flatten`).
    ///
    /// ```
    /// use rcute::layout;
    /// let a = layout!(((_2,_3),(_5,_7)):((_1,_2),(_6,_30)));
    /// assert_eq!(a.flatten().to_string(), "(_2,_3,_5,_7):(_1,_2,_6,_30)");
    /// ```
    pub const fn flatten(&self) -> Layout {
        Layout::from_parts(self.shape.flatten(), self.stride.flatten())
    }

    /// Regroups a flat layout to the profile of `profile` (CuTe's `unflatten`).
    ///
    /// ```
    /// use rcute::{layout, int_tuple};
    /// let a = layout!((_2,_3,_4):(_1,_2,_6));
    /// assert_eq!(a.unflatten(&int_tuple!((_0,(_0,_0)))).to_string(), "(_2,(_3,_4)):(_1,(_2,_6))");
    /// ```
    pub const fn try_unflatten(&self, profile: &IntTuple) -> Result<Layout, Error> {
        Ok(Layout::from_parts(
            tri!(self.shape.try_unflatten(profile)),
            tri!(self.stride.try_unflatten(profile)),
        ))
    }

    /// [`Layout::try_unflatten`], panicking with the error's message.
    #[track_caller]
    pub const fn unflatten(&self, profile: &IntTuple) -> Layout {
        unwrap_or_panic!(self.try_unflatten(profile))
    }

    /// Appends `x` as a new last mode (CuTe's `append(L, X)`).
    ///
    /// ```
    /// use rcute::layout;
    /// assert_eq!(layout!(_3:_1).append(&layout!(_4:_3)).to_string(), "(_3,_4):(_1,_3)");
    /// ```
    pub const fn try_append(&self, x: &Layout) -> Result<Layout, Error> {
        Ok(Layout::from_parts(
            tri!(self.shape.try_append(&x.shape)),
            tri!(self.stride.try_append(&x.stride)),
        ))
    }

    /// [`Layout::try_append`], panicking with the error's message.
    #[track_caller]
    pub const fn append(&self, x: &Layout) -> Layout {
        unwrap_or_panic!(self.try_append(x))
    }

    /// Pads with `x` (CuTe's default is `_1:_0`) up to rank `n` (CuTe's `append<N>(L, X)`).
    ///
    /// ```
    /// use rcute::layout;
    /// assert_eq!(layout!(_3:_1).append_to(3, None).to_string(), "(_3,_1,_1):(_1,_0,_0)");
    /// assert_eq!(layout!((_3,_4):(_1,_3)).append_to(2, None).to_string(), "(_3,_4):(_1,_3)");
    /// ```
    pub const fn try_append_to(&self, n: usize, x: Option<&Layout>) -> Result<Layout, Error> {
        let x = match x {
            Some(x) => x,
            None => &PAD,
        };
        let r = self.shape.rank();
        if n < r || (n == 1 && self.shape.is_leaf()) {
            // the shape's error, or the layout as it is
            tri!(self.shape.try_append_to(n, &x.shape));
            return Ok(*self);
        }
        // shape and stride padded in place, in the result: the shape's error first, as
        // the stride (congruent, as is `x`) fails at the same step
        let mut res = Ok(Layout::stream());
        if let Ok(out) = &mut res {
            if let Err(e) = self.shape.append_into(n, &x.shape, &mut out.shape) {
                return Err(e);
            }
            if let Err(e) = self.stride.append_into(n, &x.stride, &mut out.stride) {
                return Err(e);
            }
            out.basis = out.stride.has_basis();
        }
        res
    }

    /// [`Layout::try_append_to`], panicking with the error's message.
    #[track_caller]
    pub const fn append_to(&self, n: usize, x: Option<&Layout>) -> Layout {
        unwrap_or_panic!(self.try_append_to(n, x))
    }

    /// Prepends `x` as a new first mode (CuTe's `prepend(L, X)`).
    ///
    /// ```
    /// use rcute::layout;
    /// assert_eq!(layout!(_3:_1).prepend(&layout!(_4:_3)).to_string(), "(_4,_3):(_3,_1)");
    /// ```
    pub const fn try_prepend(&self, x: &Layout) -> Result<Layout, Error> {
        Ok(Layout::from_parts(
            tri!(self.shape.try_prepend(&x.shape)),
            tri!(self.stride.try_prepend(&x.stride)),
        ))
    }

    /// [`Layout::try_prepend`], panicking with the error's message.
    #[track_caller]
    pub const fn prepend(&self, x: &Layout) -> Layout {
        unwrap_or_panic!(self.try_prepend(x))
    }

    /// Pads at the front with `x` (default `_1:_0`) up to rank `n` (CuTe's `prepend<N>`).
    ///
    /// ```
    /// use rcute::layout;
    /// assert_eq!(layout!(_3:_1).prepend_to(3, None).to_string(), "(_1,_1,_3):(_0,_0,_1)");
    /// ```
    pub const fn try_prepend_to(&self, n: usize, x: Option<&Layout>) -> Result<Layout, Error> {
        let x = match x {
            Some(x) => x,
            None => &PAD,
        };
        Ok(Layout::from_parts(
            tri!(self.shape.try_prepend_to(n, &x.shape)),
            tri!(self.stride.try_prepend_to(n, &x.stride)),
        ))
    }

    /// [`Layout::try_prepend_to`], panicking with the error's message.
    #[track_caller]
    pub const fn prepend_to(&self, n: usize, x: Option<&Layout>) -> Layout {
        unwrap_or_panic!(self.try_prepend_to(n, x))
    }

    /// Replaces mode `i` by `x` (CuTe's `replace<I>`).
    ///
    /// ```
    /// use rcute::layout;
    /// let a = layout!((_3,_4,(_3,_4)):(_1,_3,(_1,_3)));
    /// assert_eq!(a.replace(2, &layout!(_4:_3)).to_string(), "(_3,_4,_4):(_1,_3,_3)");
    /// ```
    pub const fn try_replace(&self, i: usize, x: &Layout) -> Result<Layout, Error> {
        Ok(Layout::from_parts(
            tri!(self.shape.try_replace(i, &x.shape)),
            tri!(self.stride.try_replace(i, &x.stride)),
        ))
    }

    /// [`Layout::try_replace`], panicking with the error's message.
    #[track_caller]
    pub const fn replace(&self, i: usize, x: &Layout) -> Layout {
        unwrap_or_panic!(self.try_replace(i, x))
    }

    /// Groups modes `[begin, end)` into one mode (CuTe's `group<B,E>`).
    ///
    /// ```
    /// use rcute::layout;
    /// let a = layout!((_2,_3,_5,_7):(_1,_2,_6,_30));
    /// assert_eq!(a.group(0, 2).to_string(), "((_2,_3),_5,_7):((_1,_2),_6,_30)");
    /// ```
    pub const fn try_group(&self, begin: usize, end: usize) -> Result<Layout, Error> {
        Ok(Layout::from_parts(
            tri!(self.shape.try_group(begin, end)),
            tri!(self.stride.try_group(begin, end)),
        ))
    }

    /// [`Layout::try_group`], panicking with the error's message.
    #[track_caller]
    pub const fn group(&self, begin: usize, end: usize) -> Layout {
        unwrap_or_panic!(self.try_group(begin, end))
    }
}
