//! `max_common_layout` and `max_common_vector`.

use crate::algebra::composition::composition_general_with;
use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;

/// `coalesce(composition(a, inv_b))` and whether its first mode is a static stride-1 mode.
///
/// Where the composition fails a divisibility condition only because dynamic values keep
/// the modes of `a` apart (CuTe does not check then, and composes anyway), there is no
/// common static vector to prove: the answer is "none" (`_1:_0`, always correct), where
/// CuTe answers from its unchecked composition (`_1:_0` in every case seen).
///
/// Where it fails with static values (CuTe composes without checking what rcute checks),
/// the answer is "none" where both agree that it is: CuTe's unchecked composition does not
/// start with a static stride 1, so CuTe answers `_1:_0`, and `a(inv_b(1)) != 1`, so no
/// two contiguous elements are common and `_1:_0` is the largest common layout; otherwise
/// the failed composition is the error.
const fn common_part(a: &Layout, inv_b: &Layout) -> Result<(Layout, bool), Error> {
    let none = Layout::from_parts(IntTuple::constant(1), IntTuple::constant(0));
    let composed = match a.try_composition(inv_b) {
        Ok(c) => c,
        Err(Error::Precondition { .. }) if !(a.is_static() && inv_b.is_static()) => {
            return Ok((none, false));
        }
        Err(e @ Error::Precondition { .. }) => {
            if !a.has_basis_strides()
                && !inv_b.has_basis_strides()
                && inv_b.size().value() > 1
                && let Ok(c) = composition_general_with(a, inv_b, true)
                && let Some(d) = first_step(&c)
                && !d.is_constant(1)
            {
                let x = inv_b.offset(1);
                if x >= 0 && x < a.size().value() && a.offset(x as usize) != 1 {
                    return Ok((none, false));
                }
            }
            return Err(e);
        }
        Err(e) => return Err(e),
    };
    let common = tri!(composed.try_coalesce());
    let m0 = tri!(common.try_mode(0));
    let ok = m0.shape_ref().is_static()
        && m0.stride_ref().is_leaf()
        && m0.stride_ref().leaf(0).is_constant(1);
    Ok((m0, ok))
}

/// The stride of the first leaf of `l` whose extent is not 1 (the stride of the first mode
/// of `coalesce(l)`), or `None` where every extent is 1.
const fn first_step(l: &Layout) -> Option<Int> {
    let (s, d) = (l.shape_ref(), l.stride_ref());
    let mut i = 0;
    while i < s.leaf_count() {
        if s.leaf(i).value() != 1 {
            return Some(d.leaf(i));
        }
        i += 1;
    }
    None
}

impl Layout {
    /// The largest layout `R` of contiguous elements that `self` and `b` agree on:
    /// `self(R(i)) == i` and `b(R(i)) == i` for `i < size(R)` (CuTe's `max_common_layout`);
    /// `_1:_0` when they share nothing static.
    ///
    /// ```
    /// use rcute::layout;
    /// let a = layout!((_4,_8):(_1,_4));
    /// assert_eq!(a.max_common_layout(&a).to_string(), "_32:_1");
    /// assert_eq!(a.max_common_layout(&layout!((_4,_8):(_8,_1))).to_string(), "_1:_0");
    /// ```
    pub const fn try_max_common_layout(&self, b: &Layout) -> Result<Layout, Error> {
        let inv_b = tri!(b.try_right_inverse());
        let (m0, ok) = tri!(common_part(self, &inv_b));
        if ok {
            return inv_b.try_composition(&m0);
        }
        Ok(Layout::from_parts(
            IntTuple::constant(1),
            IntTuple::constant(0),
        ))
    }

    /// [`Layout::try_max_common_layout`], panicking with the error's message.
    #[track_caller]
    pub const fn max_common_layout(&self, b: &Layout) -> Layout {
        unwrap_or_panic!(self.try_max_common_layout(b))
    }

    /// The number of contiguous elements that `self` and `b` agree on, always static
    /// (CuTe's `max_common_vector`).
    ///
    /// ```
    /// use rcute::layout;
    /// let a = layout!((_4,_8):(_1,_4));
    /// assert_eq!(a.max_common_vector(&a).to_string(), "_32");
    /// assert_eq!(a.max_common_vector(&layout!((_2,_2,_8):(_1,_16,_2))).to_string(), "_2");
    /// assert_eq!(layout!((4,8):(1,4)).max_common_vector(&layout!((4,8):(1,4))).to_string(), "_1");
    /// ```
    pub const fn try_max_common_vector(&self, b: &Layout) -> Result<Int, Error> {
        let inv_b = tri!(b.try_right_inverse());
        let (m0, ok) = tri!(common_part(self, &inv_b));
        if ok {
            return Ok(m0.shape_ref().leaf(0));
        }
        Ok(Int::ONE)
    }

    /// [`Layout::try_max_common_vector`], panicking with the error's message.
    #[track_caller]
    pub const fn max_common_vector(&self, b: &Layout) -> Int {
        unwrap_or_panic!(self.try_max_common_vector(b))
    }
}

#[cfg(test)]
mod tests {
    use crate::layout;
    use alloc::string::ToString;

    /// Static operands whose `composition(a, right_inverse(b))` fails rcute's check (CuTe
    /// composes unchecked): no two contiguous elements are common, so CuTe's `_1:_0` is the
    /// largest common layout, and rcute answers it instead of the composition's error
    /// (a fresh oracle draw, `tests/golden/random-algebra-9501.jsonl`).
    #[test]
    fn none_where_the_static_composition_fails_and_nothing_is_common() {
        let a = layout!(((_32, _2, _3), _1):((_2, _1, _64), _0));
        let b = layout!(((_8, _8), _2, _4):((_64, _8), _4, _1));
        let inv_b = b.right_inverse();
        assert!(a.try_composition(&inv_b).is_err());
        assert_ne!(a.offset(inv_b.offset(1) as usize), 1);
        assert_eq!(a.max_common_layout(&b).to_string(), "_1:_0");
        assert_eq!(a.max_common_vector(&b).to_string(), "_1");
    }
}
