//! Tensors: data behind a layout.
//!
//! A [`Tensor`] is storage (a borrowed slice, an array, a `Vec`, ...) and a [`Layout`]
//! that maps coordinates to positions in it, starting at an origin. Building one checks,
//! once, that every offset the layout can reach (negative strides included) lies inside
//! the storage; after that, no coordinate of the tensor can reach outside its data, and
//! every view (slice, tile, partition) is checked the same way when it is made.
//!
//! ```
//! use rcute::{Tensor, layout, int_tuple, tiler};
//! let data: Vec<i32> = (0..8 * 24).collect();
//! let a = Tensor::new(&data[..], layout!((8,24):(_1,8))).unwrap();
//! assert_eq!(a[17], 17);
//! assert_eq!(*a.at(&[1, 2]), 17);
//! // the CTA tile (1,2) of 4x8 tiles, then thread 5 of a 2x4 thread layout inside it
//! let tile = a.local_tile(&tiler!((_4,_8)), &int_tuple!((1,2)), None).unwrap();
//! assert_eq!(tile.layout().to_string(), "(_4,_8):(_1,8)");
//! assert_eq!(tile[0], 132);
//! let mine = tile.local_partition(&layout!((_2,_4):(_1,_2)), 5, None).unwrap();
//! assert_eq!(mine.layout().to_string(), "(_2,_2):(_2,32)");
//! assert_eq!(mine.iter().copied().collect::<Vec<_>>(), [149, 151, 181, 183]);
//! ```
//!
//! Coordinate tensors ([`CoordTensor`], CuTe's `make_identity_tensor`) hold coordinates
//! instead of data, for predication.

mod algorithms;
mod block;
mod coord;
#[cfg(feature = "alloc")]
mod parallel;
mod partition;
mod print;
#[cfg(feature = "simd")]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
mod simd;

pub use algorithms::{Scalar, axpby, clear, copy, copy_if, fill, gemm, transform, transform_into};
pub use coord::CoordTensor;
#[cfg(feature = "alloc")]
pub use parallel::{PartMut, split_disjoint};
pub use print::{
    MAX_TENSOR_CELLS, PrettyPrint, TensorPrint, print_coord_tensor, print_tensor,
    try_print_coord_tensor, try_print_tensor,
};

use crate::algebra::Tiler;
use crate::error::Error;
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;
use core::ops::{Index, IndexMut};

/// Where a tensor's elements live: anything that is a slice.
pub trait Storage {
    /// The element type.
    type Elem;
    /// The elements.
    fn as_slice(&self) -> &[Self::Elem];
}

/// Storage whose elements can be written.
pub trait StorageMut: Storage {
    /// The elements, mutably.
    fn as_mut_slice(&mut self) -> &mut [Self::Elem];
}

impl<T> Storage for &[T] {
    type Elem = T;
    fn as_slice(&self) -> &[T] {
        self
    }
}

impl<T> Storage for &mut [T] {
    type Elem = T;
    fn as_slice(&self) -> &[T] {
        self
    }
}

impl<T> StorageMut for &mut [T] {
    fn as_mut_slice(&mut self) -> &mut [T] {
        self
    }
}

impl<T, const N: usize> Storage for [T; N] {
    type Elem = T;
    fn as_slice(&self) -> &[T] {
        self
    }
}

impl<T, const N: usize> StorageMut for [T; N] {
    fn as_mut_slice(&mut self) -> &mut [T] {
        self
    }
}

#[cfg(feature = "alloc")]
impl<T> Storage for alloc::vec::Vec<T> {
    type Elem = T;
    fn as_slice(&self) -> &[T] {
        self
    }
}

#[cfg(feature = "alloc")]
impl<T> StorageMut for alloc::vec::Vec<T> {
    fn as_mut_slice(&mut self) -> &mut [T] {
        self
    }
}

#[cfg(feature = "alloc")]
impl<T> Storage for alloc::boxed::Box<[T]> {
    type Elem = T;
    fn as_slice(&self) -> &[T] {
        self
    }
}

#[cfg(feature = "alloc")]
impl<T> StorageMut for alloc::boxed::Box<[T]> {
    fn as_mut_slice(&mut self) -> &mut [T] {
        self
    }
}

/// The smallest and largest offsets a layout reaches (relative to its origin).
pub(crate) fn offset_bounds(layout: &Layout) -> Result<(i64, i64), Error> {
    if layout.has_basis_strides() {
        return Err(Error::WrongKind {
            msg: "tensor: the layout has scaled-basis strides; use a CoordTensor",
        });
    }
    let mut lo = 0i64;
    let mut hi = 0i64;
    for (s, d) in layout.shape().leaves().zip(layout.stride().leaves()) {
        let span = (s.value() - 1)
            .checked_mul(d.value())
            .ok_or(Error::Overflow {
                msg: "tensor: the layout's extent overflows i64",
                lhs: s.value(),
                rhs: d.value(),
            })?;
        if span < 0 {
            lo += span;
        } else {
            hi += span;
        }
    }
    Ok((lo, hi))
}

fn check_bounds(len: usize, origin: i64, layout: &Layout) -> Result<(), Error> {
    let (lo, hi) = offset_bounds(layout)?;
    // a size beyond i64 (stride-0 modes reach no further, so the bounds allow it) would
    // make `size()` and every walk of the layout fail later
    layout.try_size()?;
    if origin + lo < 0 {
        return Err(Error::Precondition {
            msg: "tensor: the layout reaches before the start of the data (offset, origin)",
            mode: -1,
            lhs: origin + lo,
            rhs: origin,
        });
    }
    if origin + hi >= len as i64 {
        return Err(Error::Precondition {
            msg: "tensor: the data is too short for the layout (elements needed, elements there)",
            mode: -1,
            lhs: origin + hi + 1,
            rhs: len as i64,
        });
    }
    Ok(())
}

/// Storage and a layout over it; see the [module documentation](self).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tensor<S> {
    storage: S,
    origin: usize,
    layout: Layout,
}

impl<S: Storage> Tensor<S> {
    /// A tensor whose coordinate 0 is the first element of `storage` (CuTe's
    /// `make_tensor(ptr, layout)`).
    ///
    /// # Errors
    /// The layout reaches outside the storage (the error gives how many elements it needs
    /// and how many there are), has scaled-basis strides, or has more elements than `i64`
    /// counts (possible over little storage with stride-0 modes).
    ///
    /// ```
    /// use rcute::{Tensor, layout};
    /// let data = [0.0f32; 31];
    /// let e = Tensor::new(&data[..], layout!((_4,_8):(_8,_1))).unwrap_err();
    /// assert!(e.to_string().contains("too short for the layout (elements needed, elements there): 32 and 31"));
    /// ```
    pub fn new(storage: S, layout: Layout) -> Result<Tensor<S>, Error> {
        Tensor::with_origin(storage, 0, layout)
    }

    /// A tensor whose coordinate 0 is element `origin` of `storage` (for layouts with
    /// negative strides, whose offsets go below the origin).
    ///
    /// ```
    /// use rcute::{Tensor, layout};
    /// let data: Vec<i32> = (0..8).collect();
    /// let rev = Tensor::with_origin(&data[..], 7, layout!(_8:_-1)).unwrap();
    /// assert_eq!(rev.iter().copied().collect::<Vec<_>>(), [7, 6, 5, 4, 3, 2, 1, 0]);
    /// ```
    pub fn with_origin(storage: S, origin: usize, layout: Layout) -> Result<Tensor<S>, Error> {
        check_bounds(storage.as_slice().len(), origin as i64, &layout)?;
        Ok(Tensor {
            storage,
            origin,
            layout,
        })
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The shape.
    pub fn shape(&self) -> IntTuple {
        self.layout.shape()
    }

    /// The number of elements.
    pub fn size(&self) -> usize {
        self.layout.size().value() as usize
    }

    /// The position of coordinate 0 in the storage.
    pub fn origin(&self) -> usize {
        self.origin
    }

    /// The storage.
    pub fn storage(&self) -> &S {
        &self.storage
    }

    /// The storage back.
    pub fn into_storage(self) -> S {
        self.storage
    }

    fn position(&self, offset: i64) -> usize {
        (self.origin as i64 + offset) as usize
    }

    /// The element at 1-D index `i` (colexicographic over the shape).
    ///
    /// # Panics
    /// If `i >= self.size()`.
    #[track_caller]
    pub fn get(&self, i: usize) -> &S::Elem {
        assert!(
            i < self.size(),
            "tensor index {i} out of range for size {}",
            self.size()
        );
        &self.storage.as_slice()[self.position(self.layout.offset(i))]
    }

    /// The element at an R-D coordinate, one 1-D coordinate per mode.
    ///
    /// # Panics
    /// If the coordinate is outside the shape.
    #[track_caller]
    pub fn at(&self, coords: &[usize]) -> &S::Elem {
        self.check_coords(coords);
        &self.storage.as_slice()[self.position(self.layout.offset_of(coords))]
    }

    /// The element at any coordinate (1-D, R-D or h-D), or an error if it is not a
    /// coordinate of the shape.
    pub fn try_get_crd(&self, coord: &IntTuple) -> Result<&S::Elem, Error> {
        let i =
            crate::tuple::try_crd2idx_colex(&self.natural(coord)?, &self.layout.shape())?.value();
        if i < 0 || i as usize >= self.size() {
            return Err(Error::IndexOutOfRange {
                msg: "tensor: the coordinate is outside the shape",
                index: i,
                rank: self.layout.rank(),
            });
        }
        Ok(self.get(i as usize))
    }

    fn natural(&self, coord: &IntTuple) -> Result<IntTuple, Error> {
        crate::tuple::try_idx2crd(coord, &self.layout.shape())
    }

    #[track_caller]
    fn check_coords(&self, coords: &[usize]) {
        let mut ext = [0u64; crate::tuple::CAPACITY + 1];
        let rank = self.layout.mode_extents(&mut ext);
        assert_eq!(coords.len(), rank, "one coordinate per mode");
        for (m, &c) in coords.iter().enumerate() {
            assert!(
                (c as u64) < ext[m],
                "coordinate {c} out of range for mode {m} of extent {}",
                ext[m]
            );
        }
    }

    /// The elements in 1-D (colexicographic) order, walked with [`Layout::offsets`] (no
    /// division per element).
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &S::Elem> + '_ {
        let data = self.storage.as_slice();
        self.layout.offsets().map(move |o| &data[self.position(o)])
    }

    /// A view of the same elements.
    pub fn view(&self) -> Tensor<&[S::Elem]> {
        Tensor {
            storage: self.storage.as_slice(),
            origin: self.origin,
            layout: self.layout,
        }
    }

    /// The same elements through another layout, starting `offset` elements further.
    pub fn reshaped(&self, layout: Layout, offset: i64) -> Result<Tensor<&[S::Elem]>, Error> {
        let origin = self.origin as i64 + offset;
        if origin < 0 {
            return Err(Error::Precondition {
                msg: "tensor: the view starts before the data",
                mode: -1,
                lhs: origin,
                rhs: 0,
            });
        }
        Tensor::with_origin(self.storage.as_slice(), origin as usize, layout)
    }

    fn moved(&self, (layout, off): (Layout, IntTuple)) -> Result<Tensor<&[S::Elem]>, Error> {
        let off = off.as_int().map(Int::value).unwrap_or(0);
        self.reshaped(layout, off)
    }

    /// The sub-tensor of the modes paired with `_` in `coord` (CuTe's `tensor(coord)`):
    /// `t.slice((_,3))` is column 3.
    pub fn slice(&self, coord: &IntTuple) -> Result<Tensor<&[S::Elem]>, Error> {
        let (l, off) = self.layout.try_slice_and_offset(coord)?;
        self.reshaped(l, off.value())
    }

    /// The tensor seen through `composition(layout, b)`.
    pub fn composition(&self, b: &Layout) -> Result<Tensor<&[S::Elem]>, Error> {
        self.reshaped(self.layout.try_composition(b)?, 0)
    }

    /// The tensor seen through `composition(layout, t)` for a tiler.
    pub fn composition_tiler(&self, t: &Tiler) -> Result<Tensor<&[S::Elem]>, Error> {
        self.reshaped(self.layout.try_composition_tiler(t)?, 0)
    }

    /// `logical_divide` of the layout.
    pub fn logical_divide(&self, t: &Tiler) -> Result<Tensor<&[S::Elem]>, Error> {
        self.reshaped(self.layout.try_logical_divide(t)?, 0)
    }

    /// `zipped_divide` of the layout.
    pub fn zipped_divide(&self, t: &Tiler) -> Result<Tensor<&[S::Elem]>, Error> {
        self.reshaped(self.layout.try_zipped_divide(t)?, 0)
    }

    /// `tiled_divide` of the layout.
    pub fn tiled_divide(&self, t: &Tiler) -> Result<Tensor<&[S::Elem]>, Error> {
        self.reshaped(self.layout.try_tiled_divide(t)?, 0)
    }

    /// `flat_divide` of the layout.
    pub fn flat_divide(&self, t: &Tiler) -> Result<Tensor<&[S::Elem]>, Error> {
        self.reshaped(self.layout.try_flat_divide(t)?, 0)
    }

    /// One tile (CuTe's `local_tile`, with an optional projection); see
    /// [`Layout::try_local_tile`].
    pub fn local_tile(
        &self,
        t: &Tiler,
        coord: &IntTuple,
        proj: Option<&IntTuple>,
    ) -> Result<Tensor<&[S::Elem]>, Error> {
        self.moved(self.layout.try_local_tile(t, coord, proj)?)
    }

    /// One element of every tile (CuTe's `outer_partition`).
    pub fn outer_partition(
        &self,
        t: &Tiler,
        coord: &IntTuple,
    ) -> Result<Tensor<&[S::Elem]>, Error> {
        self.moved(self.layout.try_outer_partition(t, coord)?)
    }

    /// One tile (CuTe's `inner_partition`).
    pub fn inner_partition(
        &self,
        t: &Tiler,
        coord: &IntTuple,
    ) -> Result<Tensor<&[S::Elem]>, Error> {
        self.moved(self.layout.try_inner_partition(t, coord)?)
    }

    /// The elements of thread `index` (CuTe's `local_partition`); see
    /// [`Layout::try_local_partition`].
    pub fn local_partition(
        &self,
        thr: &Layout,
        index: i64,
        proj: Option<&IntTuple>,
    ) -> Result<Tensor<&[S::Elem]>, Error> {
        self.moved(self.layout.try_local_partition(thr, index, proj)?)
    }

    /// An owned tensor with the same shape and a compact layout in the order of this
    /// tensor's strides (CuTe's `make_tensor_like`), filled with `T::default()`.
    #[cfg(feature = "alloc")]
    pub fn make_tensor_like<T: Default + Clone>(
        &self,
    ) -> Result<Tensor<alloc::vec::Vec<T>>, Error> {
        let l = self.layout.try_like()?;
        Tensor::zeros(l)
    }

    /// An owned tensor for this tensor's elements in registers (CuTe's
    /// `make_fragment_like`): mode 0 compact first, the other modes in this tensor's order.
    #[cfg(feature = "alloc")]
    pub fn make_fragment_like<T: Default + Clone>(
        &self,
    ) -> Result<Tensor<alloc::vec::Vec<T>>, Error> {
        let l = self.layout.try_fragment_like()?;
        Tensor::zeros(l)
    }

    /// The same bytes seen as elements `N` times larger, `[T; N]` (CuTe's `recast` to a
    /// wider type, `upcast<N>` of the layout). The origin and the storage length must be
    /// multiples of `N`.
    ///
    /// ```
    /// use rcute::{Tensor, layout};
    /// let data: Vec<f32> = (0..16).map(|x| x as f32).collect();
    /// let t = Tensor::new(&data[..], layout!((_4,_4):(_1,_4))).unwrap();
    /// let v = t.recast_up::<4>().unwrap();            // float4 vectors
    /// assert_eq!(v.layout().to_string(), "(_1,_4):(_1,_1)");
    /// assert_eq!(v.get(1), &[4.0, 5.0, 6.0, 7.0]);
    /// ```
    pub fn recast_up<const N: usize>(&self) -> Result<Tensor<&[[S::Elem; N]]>, Error> {
        let data = self.storage.as_slice();
        let (chunks, rest) = data.as_chunks::<N>();
        if !rest.is_empty() || !self.origin.is_multiple_of(N) {
            return Err(Error::Precondition {
                msg: "recast: the storage length and the origin must be multiples of N",
                mode: -1,
                lhs: data.len() as i64,
                rhs: N as i64,
            });
        }
        let l = self.layout.try_upcast(N as i64)?;
        Tensor::with_origin(chunks, self.origin / N, l)
    }
}

impl<T, const N: usize> Tensor<&[[T; N]]> {
    /// The same bytes seen as elements `N` times smaller (CuTe's `recast` to a narrower
    /// type, `downcast<N>` of the layout).
    pub fn recast_down(&self) -> Result<Tensor<&[T]>, Error> {
        let l = self.layout.try_downcast(N as i64)?;
        Tensor::with_origin(self.storage.as_flattened(), self.origin * N, l)
    }
}

impl<S: StorageMut> Tensor<S> {
    /// The element at 1-D index `i`, mutably.
    ///
    /// # Panics
    /// If `i >= self.size()`.
    #[track_caller]
    pub fn get_mut(&mut self, i: usize) -> &mut S::Elem {
        assert!(
            i < self.size(),
            "tensor index {i} out of range for size {}",
            self.size()
        );
        let p = self.position(self.layout.offset(i));
        &mut self.storage.as_mut_slice()[p]
    }

    /// The element at an R-D coordinate, mutably.
    #[track_caller]
    pub fn at_mut(&mut self, coords: &[usize]) -> &mut S::Elem {
        self.check_coords(coords);
        let p = self.position(self.layout.offset_of(coords));
        &mut self.storage.as_mut_slice()[p]
    }

    /// A mutable view of the same elements.
    pub fn view_mut(&mut self) -> Tensor<&mut [S::Elem]> {
        Tensor {
            storage: self.storage.as_mut_slice(),
            origin: self.origin,
            layout: self.layout,
        }
    }

    /// The same elements through another layout, mutably.
    pub fn reshaped_mut(
        &mut self,
        layout: Layout,
        offset: i64,
    ) -> Result<Tensor<&mut [S::Elem]>, Error> {
        let origin = self.origin as i64 + offset;
        if origin < 0 {
            return Err(Error::Precondition {
                msg: "tensor: the view starts before the data",
                mode: -1,
                lhs: origin,
                rhs: 0,
            });
        }
        Tensor::with_origin(self.storage.as_mut_slice(), origin as usize, layout)
    }

    /// [`Tensor::slice`], mutably.
    pub fn slice_mut(&mut self, coord: &IntTuple) -> Result<Tensor<&mut [S::Elem]>, Error> {
        let (l, off) = self.layout.try_slice_and_offset(coord)?;
        self.reshaped_mut(l, off.value())
    }

    /// [`Tensor::local_tile`], mutably.
    pub fn local_tile_mut(
        &mut self,
        t: &Tiler,
        coord: &IntTuple,
        proj: Option<&IntTuple>,
    ) -> Result<Tensor<&mut [S::Elem]>, Error> {
        let (l, off) = self.layout.try_local_tile(t, coord, proj)?;
        self.reshaped_mut(l, off.as_int().map(Int::value).unwrap_or(0))
    }

    /// [`Tensor::local_partition`], mutably.
    pub fn local_partition_mut(
        &mut self,
        thr: &Layout,
        index: i64,
        proj: Option<&IntTuple>,
    ) -> Result<Tensor<&mut [S::Elem]>, Error> {
        let (l, off) = self.layout.try_local_partition(thr, index, proj)?;
        self.reshaped_mut(l, off.as_int().map(Int::value).unwrap_or(0))
    }

    /// [`Tensor::composition`], mutably.
    pub fn composition_mut(&mut self, b: &Layout) -> Result<Tensor<&mut [S::Elem]>, Error> {
        let l = self.layout.try_composition(b)?;
        self.reshaped_mut(l, 0)
    }
}

#[cfg(feature = "alloc")]
impl<T: Default + Clone> Tensor<alloc::vec::Vec<T>> {
    /// An owned tensor over exactly `cosize(layout)` default elements (CuTe's
    /// `make_tensor<T>(layout)`); the layout must not have negative strides.
    ///
    /// ```
    /// use rcute::{Tensor, layout};
    /// let t: Tensor<Vec<f32>> = Tensor::zeros(layout!((_4,_8):(_32,_2))).unwrap();
    /// assert_eq!(t.storage().len(), 111); // cosize, as in CuTe
    /// ```
    pub fn zeros(layout: Layout) -> Result<Tensor<alloc::vec::Vec<T>>, Error> {
        let (lo, hi) = offset_bounds(&layout)?;
        let origin = (-lo) as usize;
        let n = (hi - lo + 1) as usize;
        Tensor::with_origin(alloc::vec![T::default(); n], origin, layout)
    }
}

impl<S: Storage> Index<usize> for Tensor<S> {
    type Output = S::Elem;
    /// The element at 1-D index `i`; see [`Tensor::get`].
    #[track_caller]
    fn index(&self, i: usize) -> &S::Elem {
        self.get(i)
    }
}

impl<S: StorageMut> IndexMut<usize> for Tensor<S> {
    #[track_caller]
    fn index_mut(&mut self, i: usize) -> &mut S::Elem {
        self.get_mut(i)
    }
}

impl Layout {
    /// CuTe's `make_fragment_like(layout)`: for a static shape of rank 2 or more, mode 0
    /// compact column-major (keeping static `_0` strides) and the other modes compact in
    /// this layout's order, as `tiled_product`; otherwise the compact layout of the shape.
    ///
    /// ```
    /// use rcute::layout;
    /// assert_eq!(layout!((_4,_8):(_32,_2)).fragment_like().to_string(), "(_4,(_8)):(_1,(_4))");
    /// assert_eq!(layout!(((_2,_2),_4,_3):((_0,_16),_1,_64)).fragment_like().to_string(),
    ///            "((_2,_2),_4,_3):((_0,_1),_2,_8)");
    /// assert_eq!(layout!((4,8):(8,1)).fragment_like().to_string(), "(4,8):(_1,4)");
    /// ```
    pub const fn try_fragment_like(&self) -> Result<Layout, Error> {
        let r = self.rank();
        if r > 1 && self.shape_ref().is_static() {
            let s0 = match self.shape_ref().try_get(0) {
                Ok(s) => s,
                Err(e) => return Err(e),
            };
            let d0 = match self.stride_ref().try_get(0) {
                Ok(d) => d,
                Err(e) => return Err(e),
            };
            let fz = match d0.try_filter_zeros_of(&s0) {
                Ok(x) => x,
                Err(e) => return Err(e),
            };
            let st = match fz.try_compact_major(crate::tuple::Major::Left, Int::ONE) {
                Ok(x) => x,
                Err(e) => return Err(e),
            };
            let first = match Layout::try_new(s0, st) {
                Ok(x) => x,
                Err(e) => return Err(e),
            };
            let rest_shape = match self.shape_ref().try_take(1, r) {
                Ok(x) => x,
                Err(e) => return Err(e),
            };
            let rest_order = match self.stride_ref().try_take(1, r) {
                Ok(x) => x,
                Err(e) => return Err(e),
            };
            let rest = match Layout::try_ordered(rest_shape, rest_order) {
                Ok(x) => x,
                Err(e) => return Err(e),
            };
            return first.try_tiled_product(&Tiler::layout(rest));
        }
        Layout::try_from_shape(self.shape())
    }

    /// [`Layout::try_fragment_like`], panicking with the error's message.
    #[track_caller]
    pub const fn fragment_like(&self) -> Layout {
        crate::error::unwrap_or_panic!(self.try_fragment_like())
    }
}
