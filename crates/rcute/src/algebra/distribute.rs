//! CuTe's `domain_distribute`: spreading a number of elements over the modes of a shape
//! (for example, the threads of a block over the tiles of a grid).

use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::{IntTuple, Major};

impl IntTuple {
    /// Spreads `n` elements over the flattened modes of this shape, left to right, by
    /// greatest common divisors, with the shape's column-major strides, coalesced (CuTe's
    /// `domain_distribute(shape, n)`): the first `n` elements CuTe can take evenly from the
    /// modes in order. Not guaranteed to hold all `n` (its size can be smaller).
    ///
    /// # Errors
    /// [`Error::WrongKind`] when `n` or a leaf of the shape is dynamic (CuTe requires static
    /// values) or `n` is not an integer.
    ///
    /// ```
    /// use rcute::{Int, int_tuple};
    /// let s = int_tuple!(((_64,_3),(_8,_8)));
    /// assert_eq!(s.domain_distribute(Int::constant(128)).to_string(), "(_64,_2):(_1,_192)");
    /// let s = int_tuple!((_15,_14));
    /// assert_eq!(s.domain_distribute(Int::constant(6)).to_string(), "(_3,_2):(_1,_15)");
    /// ```
    pub const fn try_domain_distribute(&self, n: Int) -> Result<Layout, Error> {
        if !n.is_static() || n.is_basis() || n.is_underscore() {
            return Err(Error::WrongKind {
                msg: "domain_distribute: the number of elements must be a static integer",
            });
        }
        if !self.is_static() || self.has_basis() || self.has_underscore() {
            return Err(Error::WrongKind {
                msg: "domain_distribute: the shape must hold static integers only",
            });
        }
        let flat = self.flatten_to_tuple();
        let mut shape = flat;
        let mut rest = n;
        let mut i = 0;
        while i < flat.leaf_count() {
            let g = flat.leaf(i).gcd(rest);
            shape.set_leaf(i, g);
            rest = tri!(rest.try_div(g));
            i += 1;
        }
        let stride = tri!(flat.try_compact_major(Major::Left, Int::ONE));
        tri!(Layout::try_new(shape, stride)).try_coalesce()
    }

    /// [`IntTuple::try_domain_distribute`], panicking with the error's message.
    #[track_caller]
    pub const fn domain_distribute(&self, n: Int) -> Layout {
        unwrap_or_panic!(self.try_domain_distribute(n))
    }
}
