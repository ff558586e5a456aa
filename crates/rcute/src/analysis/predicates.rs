//! Predicates and queries on a layout as a function: injective, surjective, bijective,
//! functional equality, its image and its footprint.
//!
//! Each enumerates the layout (plain or swizzled) over its domain, at most
//! [`MAX_ANALYSED`](super::MAX_ANALYSED) elements.

use super::access::Memory;
use crate::error::Error;
use crate::swizzle::MaybeSwizzled;
use alloc::vec::Vec;

fn sorted(l: &MaybeSwizzled) -> Result<Vec<i64>, Error> {
    let mut v = Memory::try_new(l)?.offsets().to_vec();
    v.sort_unstable();
    Ok(v)
}

/// The distinct offsets of `l`, in increasing order.
///
/// # Errors
/// A layout with scaled-basis strides or too large to enumerate.
///
/// ```
/// use rcute::analysis::image;
/// use rcute::layout;
/// assert_eq!(image(&layout!((2,3):(0,2)).into()).unwrap(), [0, 2, 4]);
/// ```
pub fn image(l: &MaybeSwizzled) -> Result<Vec<i64>, Error> {
    let mut v = sorted(l)?;
    v.dedup();
    Ok(v)
}

/// The number of distinct offsets of `l`.
///
/// # Errors
/// Those of [`image`].
///
/// ```
/// use rcute::analysis::distinct_offsets;
/// use rcute::layout;
/// // offsets 0 1 2 3 2 3 4 5: six distinct
/// assert_eq!(distinct_offsets(&layout!((4,2):(1,2)).into()).unwrap(), 6);
/// ```
pub fn distinct_offsets(l: &MaybeSwizzled) -> Result<usize, Error> {
    Ok(image(l)?.len())
}

/// The footprint of `l`: the offsets from its smallest to its largest, `max - min + 1`
/// (an error when that overflows `i64`)
/// (the memory one instance of the layout spans; CuTe's `cosize` is `max + 1` for
/// non-negative strides).
///
/// # Errors
/// Those of [`image`].
///
/// ```
/// use rcute::analysis::footprint;
/// use rcute::layout;
/// assert_eq!(footprint(&layout!((4,2):(2,-1)).into()).unwrap(), 8); // offsets -1 ..= 6
/// ```
pub fn footprint(l: &MaybeSwizzled) -> Result<i64, Error> {
    let v = sorted(l)?;
    let (Some(&lo), Some(&hi)) = (v.first(), v.last()) else {
        return Ok(0);
    };
    hi.checked_sub(lo)
        .and_then(|d| d.checked_add(1))
        .ok_or(Error::Overflow {
            msg: "footprint: the span of the offsets (largest, smallest) overflows",
            lhs: hi,
            rhs: lo,
        })
}

/// Whether `l` maps no two coordinates to the same offset.
///
/// # Errors
/// Those of [`image`].
///
/// ```
/// use rcute::analysis::is_injective;
/// use rcute::layout;
/// assert!(is_injective(&layout!((4,2):(2,1)).into()).unwrap());
/// assert!(!is_injective(&layout!((4,2):(1,2)).into()).unwrap()); // 2 is reached twice
/// ```
pub fn is_injective(l: &MaybeSwizzled) -> Result<bool, Error> {
    let v = sorted(l)?;
    Ok(v.windows(2).all(|w| w[0] != w[1]))
}

/// Whether `l` reaches every offset `0 .. n` (CuTe's codomain of size `n`; pass the
/// layout's `cosize` for "onto its codomain").
///
/// # Errors
/// Those of [`image`].
///
/// ```
/// use rcute::analysis::is_surjective;
/// use rcute::layout;
/// assert!(is_surjective(&layout!((4,2):(1,2)).into(), 6).unwrap()); // 0..=5, some twice
/// assert!(!is_surjective(&layout!((4,2):(2,1)).into(), 9).unwrap());
/// ```
pub fn is_surjective(l: &MaybeSwizzled, n: i64) -> Result<bool, Error> {
    let v = image(l)?;
    let inside = v.iter().filter(|&&o| (0..n).contains(&o)).count();
    Ok(inside as i64 == n.max(0))
}

/// Whether `l` is a bijection from its domain onto `0 .. size(l)`: injective and
/// surjective onto its size (a permutation of the offsets, as a compact layout is).
///
/// # Errors
/// Those of [`image`].
///
/// ```
/// use rcute::analysis::is_bijective;
/// use rcute::{layout, ComposedLayout, Swizzle, Int};
/// assert!(is_bijective(&layout!((4,(2,2)):(2,(1,8))).into()).unwrap());
/// assert!(!is_bijective(&layout!((4,2):(1,8)).into()).unwrap());
/// let sw = ComposedLayout::new(Swizzle::new(2, 0, 2), Int::ZERO, layout!((4,4):(4,1)));
/// assert!(is_bijective(&sw.into()).unwrap());
/// ```
pub fn is_bijective(l: &MaybeSwizzled) -> Result<bool, Error> {
    let v = sorted(l)?;
    Ok(v.iter().enumerate().all(|(i, &o)| o == i as i64))
}

/// Whether `a` and `b` are the same function: the same size and the same offset at every
/// index (their shapes may differ).
///
/// # Errors
/// Those of [`image`], for either layout.
///
/// ```
/// use rcute::analysis::functionally_equal;
/// use rcute::layout;
/// // coalesce keeps the function
/// assert!(functionally_equal(&layout!((2,(2,2)):(1,(2,4))).into(), &layout!(8:1).into()).unwrap());
/// assert!(!functionally_equal(&layout!((2,4):(4,1)).into(), &layout!(8:1).into()).unwrap());
/// ```
pub fn functionally_equal(a: &MaybeSwizzled, b: &MaybeSwizzled) -> Result<bool, Error> {
    let (x, y) = (Memory::try_new(a)?, Memory::try_new(b)?);
    Ok(x.offsets() == y.offsets())
}
