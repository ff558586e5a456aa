//! The layout algebra, exactly as CuTe computes it: coalesce, composition, complement,
//! inverses, divides, products, and the casts.
//!
//! Every operation mirrors the structure of CuTe's algorithm step by step, so that the
//! result is CuTe's, static bits included. Where CuTe asserts a pre-condition only on
//! static values and silently computes a wrong layout for dynamic ones, rcute checks the
//! values and answers an [`Error`](crate::Error) naming the operation, the condition, the
//! mode and the values. Where CuTe refuses an input only because a value is dynamic, rcute
//! computes the answer from the values (each such case is documented on the function).
//!
//! All of it is `const fn`:
//!
//! ```
//! use rcute::{Layout, Tiler, layout, tiler};
//! const A: Layout = layout!((_9,(_4,_8)):(_59,(_13,_1)));
//! const T: Tiler = tiler!((_3:_3, (_2,_4):(_1,_8)));
//! const Z: Layout = A.zipped_divide(&T);
//! assert_eq!(Z.to_string(), "((_3,(_2,_4)),(_3,(_2,_2))):((_177,(_13,_2)),(_59,(_26,_1)))");
//! ```
//!
//! ```compile_fail
//! // "composition: stride divisibility condition violated" at compile time
//! const BAD: rcute::Layout = rcute::layout!((_8,_8):(_8,_1)).composition(&rcute::layout!(_4:_3));
//! ```

mod as_cute;
pub(crate) mod builder;
pub(crate) mod carry;
mod cast;
mod coalesce;
pub(crate) mod complement;
pub(crate) mod composition;
mod distribute;
pub(crate) mod divide;
mod inverse;
mod max_common;
pub(crate) mod modes;
mod nullspace;
pub(crate) mod product;
#[cfg(test)]
pub(crate) mod testgen;
pub(crate) mod tiler;

pub use product::TileOrder;
pub use tiler::{Tiler, TilerKind};
