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
/// CuTe answers from its unchecked composition (`_1:_0` in every case seen). Where CuTe's
/// own checks, on the static values among the dynamic ones, refuse the composition (its
/// algorithm run as it is, `as_cute`), CuTe refuses, and the failed composition is the
/// error.
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
        Err(e @ Error::Precondition { .. }) if !(a.is_static() && inv_b.is_static()) => {
            // where CuTe's own checks (made on the static values) refuse the composition
            // too, CuTe refuses, and so does rcute
            if !a.has_basis_strides()
                && !inv_b.has_basis_strides()
                && composition_general_with(a, inv_b, true).is_err()
            {
                return Err(e);
            }
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

/// The most offsets whose first index [`common_is_lawful`] tracks (a bitset on the stack).
const TRACKED: usize = 16384;

/// Whether `n` common elements, CuTe's answer from `inv_b = right_inverse(b)`, are common:
/// for every offset `i < n`, the first index `j` of `b` at offset `i` has `a(j) == i`.
///
/// The composition proves `a(inv_b(i)) == i` and the right inverse `b(inv_b(i)) == i`, so
/// the answer holds where `inv_b(i)` is the only index of `b` at offset `i`: where `inv_b`
/// covers all of `b` (`size(inv_b) == size(b)`, so `b` is a bijection onto its offsets).
/// Otherwise (`b` puts several indices at one offset) the indices of `b` are walked in
/// order, the first at each offset below `n` checked against `a` (every one, where `n` is
/// beyond [`TRACKED`]), until every offset below `n` has been met. The first index at an
/// offset has the coordinate 0 in every mode of stride 0 (zeroing it keeps the offset and
/// lowers the index), so only those indices are walked: a broadcast `b` costs its
/// distinct offsets, not its size. `max_common_vector((_3,1):(1,_1), (_3,(_5),1):(_3,(_1),2))`
/// is `_5` in CuTe, yet `b` puts index 1 at offset 3 and `a` puts it at 1. Layouts with
/// scaled-basis strides have no integer offsets to walk; their answer is CuTe's.
const fn common_is_lawful(a: &Layout, b: &Layout, inv_b: &Layout, n: i64) -> Result<bool, Error> {
    if n <= 1 || a.has_basis_strides() || b.has_basis_strides() {
        return Ok(true);
    }
    let size = tri!(b.try_size()).value();
    if tri!(inv_b.try_size()).value() == size {
        return Ok(true);
    }
    // `b` with the extent of every mode of stride 0 made 1 (`walked`), its index `k` being
    // index `at(k)` of `b` (the colexicographic index of the same coordinate in `b`'s shape)
    let mut shape = *b.shape_ref();
    let mut i = 0;
    while i < shape.leaf_count() {
        if b.stride_ref().leaf(i).value() == 0 {
            shape.set_leaf(i, Int::ONE);
        }
        i += 1;
    }
    let at = tri!(Layout::try_new(
        shape,
        *tri!(Layout::try_from_shape(*b.shape_ref())).stride_ref()
    ));
    let walked = tri!(Layout::try_new(shape, *b.stride_ref()));
    let tracked = n as u64 <= TRACKED as u64;
    let mut seen = [0u64; TRACKED / 64];
    // the offsets below `n` met so far (counted where tracked)
    let mut met = 0;
    let count = tri!(walked.try_size()).value();
    let mut k: i64 = 0;
    while k < count && !(tracked && met == n) {
        let x = walked.offset(k as usize);
        if x >= 0 && x < n {
            let (w, bit) = ((x / 64) as usize, 1u64 << (x % 64));
            let first = !tracked || seen[w] & bit == 0;
            if tracked && first {
                seen[w] |= bit;
                met += 1;
            }
            if first && a.offset(at.offset(k as usize) as usize) != x {
                return Ok(false);
            }
        }
        k += 1;
    }
    Ok(true)
}

/// The error of a common vector that `b`'s repeated offsets make not common (see
/// [`common_is_lawful`]): CuTe answers `n`.
const fn not_common(n: i64) -> Error {
    Error::Precondition {
        msg: "max_common_layout/max_common_vector: CuTe's common elements are not common (b puts an earlier index at one of their offsets, which a puts elsewhere)",
        mode: -1,
        lhs: n,
        rhs: 0,
    }
}

/// `right_inverse(b)`, the first mode of `coalesce(composition(a, right_inverse(b)))` and
/// whether it is a static stride-1 mode ([`common_part`]), that mode's elements checked to
/// be common ([`common_is_lawful`]; an error where they are not).
const fn common(a: &Layout, b: &Layout) -> Result<(Layout, Layout, bool), Error> {
    let inv_b = tri!(b.try_right_inverse());
    let (m0, ok) = tri!(common_part(a, &inv_b));
    if ok {
        let n = m0.shape_ref().leaf(0).value();
        if !tri!(common_is_lawful(a, b, &inv_b, n)) {
            return Err(not_common(n));
        }
    }
    Ok((inv_b, m0, ok))
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
        let (inv_b, m0, ok) = tri!(common(self, b));
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
        let (_, m0, ok) = tri!(common(self, b));
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

    /// Where `b` puts several indices at one offset, CuTe's common elements can be common
    /// only through an index of `b` that is not the first at its offset: CuTe answers `_5`
    /// and `_5:_3` here, which breaks the law (`b` puts index 1 at offset 3, `a` puts it at
    /// 1), so rcute answers an error; a broadcast `b` whose first indices agree keeps CuTe's
    /// answer.
    #[test]
    fn repeated_offsets_of_b_are_checked() {
        let a = layout!((_3, 1):(1, _1));
        let b = layout!((_3, (_5), 1):(_3, (_1), 2));
        // CuTe's 5 common elements break the law: index 1 is the first of `b` at offset 3
        // (index 0 is at 0), and `a` puts it at 1
        assert_eq!((b.offset(0), b.offset(1), a.offset(1)), (0, 3, 1));
        assert!(a.try_max_common_vector(&b).is_err());
        assert!(a.try_max_common_layout(&b).is_err());
        let c = layout!((_4, _8):(_1, _0));
        let n = c.max_common_vector(&c);
        assert_eq!(n.to_string(), "_4");
        // the first index of `c` at each offset below 4 is that offset, where `c` puts it
        assert!((0..4).all(|j| c.offset(j) == j as i64));
        assert_eq!(c.max_common_layout(&c).to_string(), "_4:_1");
        // a broadcast `b` of 2^36 indices and 16 distinct offsets: its modes of stride 0
        // are not walked, and the walk stops once the 16 offsets are met (CuTe C++: `_16`,
        // `_16:_1`)
        let (a, b) = (layout!(_16:_1), layout!((_16, _65536, _65536):(_1, _0, _0)));
        assert_eq!(b.size().value(), 1 << 36);
        assert_eq!(a.max_common_vector(&b).to_string(), "_16");
        assert_eq!(a.max_common_layout(&b).to_string(), "_16:_1");
    }

    /// Operands with dynamic values whose composition `a ∘ right_inverse(b)` fails a check
    /// on static values (`_32` over `_3` here): CuTe's own check refuses it, so CuTe
    /// refuses, and so does rcute (a fresh oracle draw,
    /// `tests/golden/random-algebra-9801.jsonl`); where only dynamic values fail it, the
    /// answer stays `_1:_0`.
    #[test]
    fn dynamic_operands_refused_where_cute_checks_refuse() {
        let a = layout!((_3, _4):(_4, 1));
        let b = layout!((_32, (_2, 3, 2)):(_1, (_0, 128, _32)));
        assert!(a.try_max_common_layout(&b).is_err());
        assert!(a.try_max_common_vector(&b).is_err());
        // the same operands with every value static: CuTe refuses them too
        assert!(a.to_static().try_max_common_layout(&b.to_static()).is_err());
        // only dynamic values fail it (4 over 3): CuTe composes unchecked and answers
        // `_1:_0` (CuTe C++), as rcute does
        let c = layout!((3, 4):(4, 1));
        let d = layout!((4, 8):(_1, _4));
        assert!(c.try_composition(&d.try_right_inverse().unwrap()).is_err());
        assert_eq!(c.max_common_layout(&d).to_string(), "_1:_0");
    }

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
