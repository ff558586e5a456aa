//! `nullspace`: the kernel of a layout.

use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::{CAPACITY, IntTuple, Major};

impl Layout {
    /// The kernel of `self`: a layout `K` of the coordinates that map to 0, `self(K(i)) == 0`
    /// (CuTe's `nullspace`): the flat modes with static `_0` strides, with compact strides
    /// over the flattened shape; `_1:_0` when there are none.
    ///
    /// ```
    /// use rcute::layout;
    /// assert_eq!(layout!((_2,_2,_2):(_1,_0,_2)).nullspace().to_string(), "_2:_2");
    /// assert_eq!(layout!((_7,_5,_16):(_3,_1,_0)).nullspace().to_string(), "_16:_35");
    /// assert_eq!(layout!((4,_3,5):(_0,1,_0)).nullspace().to_string(), "(4,5):(_1,12)");
    /// ```
    pub const fn try_nullspace(&self) -> Result<Layout, Error> {
        let fs = self.shape_ref().flatten_to_tuple();
        let fd = self.stride_ref().flatten_to_tuple();
        let rstride = tri!(fs.try_compact_major(Major::Left, Int::ONE));
        let mut s = [Int::ZERO; CAPACITY];
        let mut d = [Int::ZERO; CAPACITY];
        let mut n = 0;
        let mut i = 0;
        while i < fs.leaf_count() {
            if fd.leaf(i).is_constant(0) {
                s[n] = fs.leaf(i);
                d[n] = rstride.leaf(i);
                n += 1;
            }
            i += 1;
        }
        if n == 0 {
            return Ok(Layout::from_parts(
                IntTuple::constant(1),
                IntTuple::constant(0),
            ));
        }
        if n == 1 {
            return Ok(Layout::from_parts(
                IntTuple::from_int(s[0]),
                IntTuple::from_int(d[0]),
            ));
        }
        let (s, _) = s.split_at(n);
        let (d, _) = d.split_at(n);
        Ok(Layout::from_parts(
            tri!(IntTuple::try_from_ints(s)),
            tri!(IntTuple::try_from_ints(d)),
        ))
    }

    /// [`Layout::try_nullspace`], panicking with the error's message.
    #[track_caller]
    pub const fn nullspace(&self) -> Layout {
        unwrap_or_panic!(self.try_nullspace())
    }
}
