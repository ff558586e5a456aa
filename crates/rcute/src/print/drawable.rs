//! What the printers need from a layout: a rank-2 (or smaller) function of `(m, n)`.

use crate::error::Error;
use crate::layout::Layout;
use crate::swizzle::ComposedLayout;
use core::fmt;

/// A layout the printers can draw: [`Layout`] and [`ComposedLayout`].
pub trait Drawable: fmt::Display {
    /// The number of modes.
    fn rank(&self) -> usize;
    /// The shape (of the layout under a swizzle).
    fn shape(&self) -> crate::tuple::IntTuple;
    /// The size of mode `i`.
    fn mode_size(&self, i: usize) -> Result<i64, Error>;
    /// CuTe's cosize (for a composed layout, of its layout).
    fn cosize(&self) -> Result<i64, Error>;
    /// Whether the codomain is coordinates (scaled-basis strides) rather than offsets.
    fn has_basis_strides(&self) -> bool;
    /// The offset at an R-D coordinate, one integer per mode.
    fn at(&self, coords: &[usize]) -> i64;
    /// CuTe's `append<2>(L, _1:_0)`: the layout padded to rank 2, for printing.
    fn padded(&self) -> Result<Self, Error>
    where
        Self: Sized;
}

impl Drawable for Layout {
    fn rank(&self) -> usize {
        Layout::rank(self)
    }
    fn shape(&self) -> crate::tuple::IntTuple {
        Layout::shape(self)
    }
    fn mode_size(&self, i: usize) -> Result<i64, Error> {
        positive(self.try_mode(i)?.try_size()?.value())
    }
    fn cosize(&self) -> Result<i64, Error> {
        Ok(self.try_cosize()?.value())
    }
    fn has_basis_strides(&self) -> bool {
        Layout::has_basis_strides(self)
    }
    fn at(&self, coords: &[usize]) -> i64 {
        self.offset_of(coords)
    }
    fn padded(&self) -> Result<Layout, Error> {
        self.try_append_to(2, None)
    }
}

impl Drawable for ComposedLayout {
    fn rank(&self) -> usize {
        ComposedLayout::rank(self)
    }
    fn shape(&self) -> crate::tuple::IntTuple {
        ComposedLayout::shape(self)
    }
    fn mode_size(&self, i: usize) -> Result<i64, Error> {
        positive(self.layout().try_mode(i)?.try_size()?.value())
    }
    fn cosize(&self) -> Result<i64, Error> {
        Ok(self.try_cosize()?.value())
    }
    fn has_basis_strides(&self) -> bool {
        false
    }
    fn at(&self, coords: &[usize]) -> i64 {
        self.offset_of(coords)
    }
    fn padded(&self) -> Result<ComposedLayout, Error> {
        Ok(self.with_layout(self.layout().try_append_to(2, None)?))
    }
}

/// A mode's extent for drawing: a layout with a negative extent (CuTe's `left_inverse` of a
/// layout with negative strides builds one) has no table to draw.
fn positive(size: i64) -> Result<i64, Error> {
    if size <= 0 {
        return Err(Error::InvalidShape {
            msg: "print: a mode of the layout has a negative size and cannot be drawn",
            value: size,
        });
    }
    Ok(size)
}
