//! Layouts that live in a type: zero-sized marker types with an associated `const LAYOUT`.
//!
//! A tensor or kernel parameterized by such a type carries no layout at run time (it is as
//! small as its data pointer), and every query on the layout is evaluated by the compiler.
//!
//! ```
//! use rcute::{StaticLayout, static_layout};
//! static_layout!(pub Smem8x8 = (_8,_8):(_8,_1));
//! assert_eq!(core::mem::size_of::<Smem8x8>(), 0);
//! assert_eq!(Smem8x8::LAYOUT.to_string(), "(_8,_8):(_8,_1)");
//! assert_eq!(Smem8x8::offset(9), 9 % 8 * 8 + 9 / 8);
//! const N: i64 = Smem8x8::SIZE;
//! assert_eq!(N, 64);
//! ```

use super::Layout;

/// A type that stands for one layout, fixed at compile time.
///
/// Implement it with [`static_layout!`](crate::static_layout), or by hand with any
/// `const` layout.
pub trait StaticLayout {
    /// The layout.
    const LAYOUT: Layout;
    /// Its size (number of coordinates), evaluated at compile time.
    const SIZE: i64 = Self::LAYOUT.size().value();
    /// Its cosize (extent of the codomain), evaluated at compile time.
    const COSIZE: i64 = Self::LAYOUT.cosize().value();

    /// The offset of 1-D index `idx`, as [`Layout::offset`]; folds to straight-line
    /// arithmetic.
    #[inline(always)]
    fn offset(idx: usize) -> i64 {
        Self::LAYOUT.offset(idx)
    }
}

/// Declares a zero-sized type implementing [`StaticLayout`](crate::StaticLayout) for a
/// layout in CuTe notation: `static_layout!(VIS NAME = SHAPE:STRIDE);`.
///
/// ```
/// rcute::static_layout!(RowMajor4x4 = (_4,_4):(_4,_1));
/// use rcute::StaticLayout;
/// assert_eq!(RowMajor4x4::offset(1), 4);
/// ```
#[macro_export]
macro_rules! static_layout {
    ($(#[$m:meta])* $vis:vis $name:ident = $($t:tt)+) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        $vis struct $name;
        impl $crate::StaticLayout for $name {
            const LAYOUT: $crate::Layout = $crate::layout!($($t)+);
        }
    };
    () => {
        ::core::compile_error!("static_layout! needs NAME = LAYOUT, e.g. static_layout!(Tile = (_8,_8):(_8,_1))")
    };
}
