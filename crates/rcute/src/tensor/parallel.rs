//! Splitting a mutable tensor among threads, safely.
//!
//! [`split_disjoint`] hands out one [`PartMut`] per part: exclusive references to exactly
//! the elements the part's layout reaches. It refuses (with an error) unless every part's
//! layout is injective on the kept elements and the parts' images are disjoint, so no
//! element can be written by two threads, and it needs no `unsafe`: the references come
//! from one pass of `iter_mut` over the data, each given to the single part that owns it.
//!
//! ```
//! use rcute::{Tensor, layout, tiler};
//! let mut data = vec![0i32; 8 * 8];
//! let mut c = Tensor::new(&mut data[..], layout!((_8,_8):(_1,_8))).unwrap();
//! let parts = c.split_tiles_mut(&tiler!((_4,_4)), |_, _| true).unwrap();
//! std::thread::scope(|s| {
//!     for mut part in parts {
//!         s.spawn(move || {
//!             let id = part.index() as i32;
//!             for x in part.iter_mut().flatten() {
//!                 *x = id;
//!             }
//!         });
//!     }
//! });
//! assert_eq!(data[..8], [0, 0, 0, 0, 1, 1, 1, 1]);
//! assert_eq!(data[63], 3);
//! ```

use super::{Storage, StorageMut, Tensor};
use crate::algebra::Tiler;
use crate::error::Error;
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;
use alloc::vec::Vec;

/// One part of a split tensor: exclusive references to its elements, in the part's 1-D
/// (colexicographic) order; elements the split was told not to keep are `None`.
#[derive(Debug)]
pub struct PartMut<'a, T> {
    index: usize,
    shape: IntTuple,
    elems: Vec<Option<&'a mut T>>,
}

impl<'a, T> PartMut<'a, T> {
    /// Which part this is (its position in the split).
    pub fn index(&self) -> usize {
        self.index
    }

    /// The shape of the part.
    pub fn shape(&self) -> IntTuple {
        self.shape
    }

    /// The number of elements (kept or not).
    pub fn len(&self) -> usize {
        self.elems.len()
    }

    /// Whether the part has no elements.
    pub fn is_empty(&self) -> bool {
        self.elems.is_empty()
    }

    /// Element `i` (1-D), or `None` if it was not kept.
    pub fn get_mut(&mut self, i: usize) -> Option<&mut T> {
        self.elems.get_mut(i)?.as_deref_mut()
    }

    /// The element at an R-D coordinate of the part's shape, or `None` if it was not kept.
    ///
    /// # Panics
    /// If the coordinate is outside the shape.
    #[track_caller]
    pub fn at_mut(&mut self, coords: &[usize]) -> Option<&mut T> {
        let mut i = 0usize;
        let mut scale = 1usize;
        for (k, (&c, m)) in coords.iter().zip(self.shape.modes()).enumerate() {
            let extent = m.size().value() as usize;
            assert!(
                c < extent,
                "coordinate {c} out of range for mode {k} of extent {extent}"
            );
            i += c * scale;
            scale *= extent;
        }
        assert_eq!(coords.len(), self.shape.rank(), "one coordinate per mode");
        self.get_mut(i)
    }

    /// The elements, in 1-D order.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = Option<&mut T>> + '_ {
        self.elems.iter_mut().map(|e| e.as_deref_mut())
    }
}

/// Splits `data` into parts, each a layout and the offset of its first element; element
/// `i` of part `p` is kept when `keep(p, i)`. The kept elements must lie inside `data`,
/// and no two kept elements (of one part or of two) may share an offset.
///
/// # Errors
/// A kept element outside the data; a part whose layout maps two kept elements to one
/// offset (not injective, e.g. a stride-0 mode); two parts that share an element.
///
/// ```
/// use rcute::{layout, tensor::split_disjoint};
/// let mut data = [0u8; 8];
/// // a stride-0 mode: both elements of the part are the same memory
/// let e = split_disjoint(&mut data, &[(layout!((_2,_4):(_0,_1)), 0)], |_, _| true).unwrap_err();
/// assert!(e.to_string().contains("not injective"));
/// ```
pub fn split_disjoint<'a, T>(
    data: &'a mut [T],
    parts: &[(Layout, i64)],
    keep: impl Fn(usize, usize) -> bool,
) -> Result<Vec<PartMut<'a, T>>, Error> {
    let len = data.len();
    let mut owner: Vec<Option<(u32, u32)>> = alloc::vec![None; len];
    let mut out: Vec<PartMut<'a, T>> = Vec::with_capacity(parts.len());
    for (p, (layout, origin)) in parts.iter().enumerate() {
        super::offset_bounds(layout)?;
        let n = layout.try_size()?.value() as usize;
        // the offsets in index order, walked without division
        for (i, o) in layout.try_offsets()?.enumerate() {
            if !keep(p, i) {
                continue;
            }
            let off = origin + o;
            if off < 0 || off >= len as i64 {
                return Err(Error::Precondition {
                    msg: "split: a kept element of a part lies outside the data (part, offset)",
                    mode: p as i64,
                    lhs: p as i64,
                    rhs: off,
                });
            }
            let slot = &mut owner[off as usize];
            if let Some((q, _)) = *slot {
                return Err(if q as usize == p {
                    Error::Precondition {
                        msg: "split: a part's layout is not injective (two elements share an offset; a stride-0 mode?)",
                        mode: p as i64,
                        lhs: p as i64,
                        rhs: off,
                    }
                } else {
                    Error::Precondition {
                        msg: "split: two parts share an element (the parts, at this offset)",
                        mode: p as i64,
                        lhs: q as i64,
                        rhs: off,
                    }
                });
            }
            *slot = Some((p as u32, i as u32));
        }
        out.push(PartMut {
            index: p,
            shape: layout.shape(),
            elems: (0..n).map(|_| None).collect(),
        });
    }
    for (elem, who) in data.iter_mut().zip(owner) {
        if let Some((p, i)) = who {
            out[p as usize].elems[i as usize] = Some(elem);
        }
    }
    Ok(out)
}

impl<S: StorageMut> Tensor<S> {
    /// Splits the tensor into its tiles (the `local_tile`s of `tiler`, in the order of the
    /// rest mode of `zipped_divide`), for threads; `keep(tile, i)` masks elements (for
    /// predication at the edges). See [`split_disjoint`].
    pub fn split_tiles_mut(
        &mut self,
        tiler: &Tiler,
        keep: impl Fn(usize, usize) -> bool,
    ) -> Result<Vec<PartMut<'_, S::Elem>>, Error> {
        let z = self.layout.try_zipped_divide(tiler)?;
        let tile = z.try_mode(0)?;
        let rest = z.try_mode(1)?;
        let n = rest.try_size()?.value() as usize;
        let parts: Vec<(Layout, i64)> = (0..n)
            .map(|r| (tile, self.origin as i64 + rest.offset(r)))
            .collect();
        split_disjoint(self.storage.as_mut_slice(), &parts, keep)
    }

    /// Splits the tensor among the threads of `thr_layout` (thread `t` gets
    /// `local_partition(tensor, thr_layout, t)`); see [`split_disjoint`].
    pub fn split_threads_mut(
        &mut self,
        thr_layout: &Layout,
        keep: impl Fn(usize, usize) -> bool,
    ) -> Result<Vec<PartMut<'_, S::Elem>>, Error> {
        let threads = thr_layout.try_size()?.value();
        let mut parts = Vec::with_capacity(threads as usize);
        for t in 0..threads {
            let (l, off) = self.layout.try_local_partition(thr_layout, t, None)?;
            parts.push((
                l,
                self.origin as i64 + off.as_int().map(Int::value).unwrap_or(0),
            ));
        }
        split_disjoint(self.storage.as_mut_slice(), &parts, keep)
    }
}

impl<S: Storage> Tensor<S> {
    /// The tiles of `tiler` (as [`Tensor::split_tiles_mut`] would hand them out) as
    /// read-only views, with their tile coordinates in the rest mode.
    pub fn tiles(&self, tiler: &Tiler) -> Result<Vec<Tensor<&[S::Elem]>>, Error> {
        let z = self.layout.try_zipped_divide(tiler)?;
        let tile = z.try_mode(0)?;
        let rest = z.try_mode(1)?;
        let n = rest.try_size()?.value() as usize;
        (0..n)
            .map(|r| self.reshaped(tile, rest.offset(r)))
            .collect()
    }
}
