//! CuTe notation: parsing (`const`), printing (`Display`), and the `layout!` and
//! `int_tuple!` macros.
//!
//! The notation is CuTe's own print format: `_8` is a static integer, `8` a dynamic one,
//! `(a,b)` a tuple (no spaces needed), `()` the empty tuple, `S:D` a layout, `_` the
//! underscore of slicing, and `_1@0@1` a scaled basis element (CuTe's `E<1,0>`).
//! `Display` prints exactly what CuTe's `print` prints, so printing and parsing round-trip,
//! static bits included.

pub(crate) mod parse;

pub use parse::{parse_leaf, parse_number};

use crate::error::{Error, unwrap_or_panic};
use crate::tuple::IntTuple;

impl IntTuple {
    /// Parses CuTe notation for an IntTuple: `8`, `_8`, `(_2,(3,_4))`, `()`, `_`.
    ///
    /// ```
    /// use rcute::IntTuple;
    /// const T: IntTuple = IntTuple::parse("(_2,(3,_4),_5)");
    /// assert_eq!(T.rank(), 3);
    /// assert!(IntTuple::try_parse("(1,2").is_err());
    /// ```
    pub const fn try_parse(s: &str) -> Result<IntTuple, Error> {
        parse::parse_int_tuple(s.as_bytes())
    }

    /// [`IntTuple::try_parse`], panicking with the error's message (a compile error in a
    /// `const` item).
    #[track_caller]
    pub const fn parse(s: &str) -> IntTuple {
        unwrap_or_panic!(IntTuple::try_parse(s))
    }
}

impl core::str::FromStr for IntTuple {
    type Err = Error;
    /// Parses CuTe notation, as [`IntTuple::try_parse`].
    fn from_str(s: &str) -> Result<IntTuple, Error> {
        IntTuple::try_parse(s)
    }
}

/// A [`Layout`](crate::Layout) written in CuTe notation, evaluated at compile time.
///
/// Grammar: `layout!(SHAPE:STRIDE)` where `SHAPE` and `STRIDE` are congruent IntTuples
/// in CuTe notation: integers (`8`, `-2`), static integers (`_8`, `_-2`), nested tuples
/// (`(4,(2,2))`), and scaled basis elements (`_1@0`) in strides. A malformed layout, a
/// stride not congruent to its shape, or a non-positive shape is a compile error with
/// rcute's message.
///
/// ```
/// use rcute::{Layout, layout};
/// const L: Layout = layout!((4,(2,2)):(2,(1,8)));
/// assert_eq!(L.to_string(), "(4,(2,2)):(2,(1,8))");
/// let s = layout!((_8,_8):(_8,_1));
/// assert!(s.is_static());
/// ```
///
/// ```compile_fail
/// // the stride is not congruent to the shape
/// const BAD: rcute::Layout = rcute::layout!((4,2):(1));
/// ```
#[macro_export]
macro_rules! layout {
    () => {
        ::core::compile_error!("layout! needs a layout in CuTe notation, e.g. layout!((4,2):(2,1))")
    };
    ($($t:tt)+) => {
        const { $crate::Layout::parse(::core::stringify!($($t)+)) }
    };
}

/// An [`IntTuple`] written in CuTe notation, evaluated at compile time.
///
/// Grammar: an integer (`8`, `-2`), a static integer (`_8`), the underscore `_`, a scaled
/// basis element (`_1@0`), or a tuple of those, nested: `(_2,(3,_4),_5)`, `()`.
///
/// ```
/// use rcute::{IntTuple, int_tuple};
/// const S: IntTuple = int_tuple!((_2,(3,_4),_5));
/// assert_eq!(S.to_string(), "(_2,(3,_4),_5)");
/// assert_eq!(int_tuple!(_).to_string(), "_");
/// ```
///
/// ```compile_fail
/// const BAD: rcute::IntTuple = rcute::int_tuple!((1,2,));
/// ```
#[macro_export]
macro_rules! int_tuple {
    () => {
        ::core::compile_error!("int_tuple! needs an integer or a tuple in CuTe notation, e.g. int_tuple!((_2,(3,_4)))")
    };
    ($($t:tt)+) => {
        const { $crate::IntTuple::parse(::core::stringify!($($t)+)) }
    };
}
