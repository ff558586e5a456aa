//! Zipping modes (CuTe's `zip` of `tuple_algorithms.hpp` and `layout.hpp`; `tile_unzip`,
//! which follows a tiler, sits with the divides in `algebra/divide.rs`): transposing a tuple of tuples, on an integer tuple or on the shape and
//! the stride of a layout together.

use super::Layout;
use crate::error::{Error, tri, unwrap_or_panic};
use crate::tuple::{IntTuple, Node};

impl IntTuple {
    /// CuTe's `zip(t)`: the transpose of a tuple of tuples, `((a,b),(x,y))` becomes
    /// `((a,x),(b,y))`. A tuple whose first element is an integer becomes `(t)`; an integer
    /// stays itself.
    ///
    /// # Errors
    /// [`Error::RankMismatch`] when an element is not a tuple of the first element's rank
    /// (CuTe's "Mismatched Ranks"), [`Error::WrongKind`] for the empty tuple.
    ///
    /// ```
    /// use rcute::int_tuple;
    /// assert_eq!(int_tuple!(((_1,_2),(_3,_4),(_5,_6))).zip().to_string(), "((_1,_3,_5),(_2,_4,_6))");
    /// assert_eq!(int_tuple!((_1,_2)).zip().to_string(), "((_1,_2))");
    /// assert_eq!(int_tuple!(_3).zip().to_string(), "_3");
    /// assert!(int_tuple!(((_1,_2),_3)).try_zip().is_err());
    /// ```
    #[doc(alias = "transpose")]
    pub const fn try_zip(&self) -> Result<IntTuple, Error> {
        if self.is_leaf() {
            return Ok(*self);
        }
        let r = self.rank();
        if r == 0 {
            return Err(Error::WrongKind {
                msg: "zip: the empty tuple has no first element",
            });
        }
        let first = self.first_child(Node::ROOT);
        let mut out = IntTuple::stream();
        if self.is_leaf_node(first) {
            tri!(out.push_open());
            tri!(out.push_node(self, Node::ROOT));
            tri!(out.push_close());
            return Ok(out);
        }
        let m = self.rank_at(first);
        let mut c = first;
        let mut i = 0;
        while i < r {
            let found = if self.is_leaf_node(c) {
                1
            } else {
                self.rank_at(c)
            };
            if self.is_leaf_node(c) || found != m {
                return Err(Error::RankMismatch {
                    msg: "zip: every element must be a tuple of the first element's rank",
                    expected: m,
                    found,
                });
            }
            c = self.node_end(c);
            i += 1;
        }
        tri!(out.push_open());
        let mut j = 0;
        while j < m {
            tri!(out.push_open());
            let mut c = first;
            let mut i = 0;
            while i < r {
                tri!(out.push_node(self, self.child(c, j)));
                c = self.node_end(c);
                i += 1;
            }
            tri!(out.push_close());
            j += 1;
        }
        tri!(out.push_close());
        Ok(out)
    }

    /// [`IntTuple::try_zip`], panicking with the error's message.
    #[track_caller]
    pub const fn zip(&self) -> IntTuple {
        unwrap_or_panic!(self.try_zip())
    }
}

impl Layout {
    /// CuTe's `zip(L)`: [`IntTuple::zip`] of the shape and of the stride.
    ///
    /// ```
    /// use rcute::layout;
    /// let a = layout!(((_2,_3),(_4,_5)):((_1,_2),(_6,_24)));
    /// assert_eq!(a.zip().to_string(), "((_2,_4),(_3,_5)):((_1,_6),(_2,_24))");
    /// ```
    pub const fn try_zip(&self) -> Result<Layout, Error> {
        Layout::try_new(tri!(self.shape.try_zip()), tri!(self.stride.try_zip()))
    }

    /// [`Layout::try_zip`], panicking with the error's message.
    #[track_caller]
    pub const fn zip(&self) -> Layout {
        unwrap_or_panic!(self.try_zip())
    }

    /// CuTe's `zip(L0, L1, ...)`: the zip of the tuple of the layouts' shapes and of the
    /// tuple of their strides.
    ///
    /// ```
    /// use rcute::{Layout, layout};
    /// let z = Layout::zip_of(&[layout!((_2,_3):(_1,_2)), layout!((_4,_5):(_6,_24))]);
    /// assert_eq!(z.to_string(), "((_2,_4),(_3,_5)):((_1,_6),(_2,_24))");
    /// let z = Layout::zip_of(&[layout!(_4:_1), layout!(_8:_2)]);
    /// assert_eq!(z.to_string(), "((_4,_8)):((_1,_2))");
    /// ```
    pub const fn try_zip_of(layouts: &[Layout]) -> Result<Layout, Error> {
        let mut shape = IntTuple::stream();
        let mut stride = IntTuple::stream();
        tri!(shape.push_open());
        tri!(stride.push_open());
        let mut i = 0;
        while i < layouts.len() {
            tri!(shape.push_node(&layouts[i].shape, Node::ROOT));
            tri!(stride.push_node(&layouts[i].stride, Node::ROOT));
            i += 1;
        }
        tri!(shape.push_close());
        tri!(stride.push_close());
        Layout::try_new(tri!(shape.try_zip()), tri!(stride.try_zip()))
    }

    /// [`Layout::try_zip_of`], panicking with the error's message.
    #[track_caller]
    pub const fn zip_of(layouts: &[Layout]) -> Layout {
        unwrap_or_panic!(Layout::try_zip_of(layouts))
    }
}
