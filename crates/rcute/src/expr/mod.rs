//! The expression language of the `cute` calculator: CuTe notation plus CuTe's function
//! names.
//!
//! ```text
//! 8  _8  -2          dynamic, static, negative integers
//! (a,b,(c,d))        tuples, nested; (8) is a rank-1 tuple, () the empty tuple
//! S:D                a layout, shape S and stride D (congruent)
//! (3:4, 8:2)         a tuple of layouts is a tiler
//! _                  underscore, a whole mode when slicing
//! f(x, y)            a CuTe function: size, make_layout, idx2crd, ...
//! f<1,0>(x)          CuTe's template-index forms: layout<1,0>, select<1,3>, take<1,3>, ...
//! LayoutLeft LayoutRight X                  tags (X: a mode a projection leaves out)
//! E<1>  E<1,0>  _2@1  3@0@1                 basis elements and scaled bases as strides:
//!                                           (_4,_4):(E<1>,E<0>) prints (_4,_4):(_1@1,_1@0)
//! A = expr; A(1,(1,0))                      bind a name; apply a layout to a coordinate
//! ```
//!
//! A program is `;`-separated statements; each bare expression prints its value in CuTe's
//! `print` format, and `print_layout(L)` prints CuTe's table.
//!
//! # Bounded time and memory
//!
//! Every program answers (a value or an error, never a panic) in time and memory
//! proportional to its length, whatever it holds:
//!
//! * it nests at most [`MAX_DEPTH`] levels of parentheses and applications (a deeper
//!   program is a parse error, so neither the parser nor the evaluator can overflow the
//!   stack);
//! * every value is inline and bounded: an IntTuple holds at most
//!   [`CAPACITY`](crate::CAPACITY) leaves and [`NODE_CAPACITY`](crate::NODE_CAPACITY) nodes,
//!   a tuple of layouts at most [`MAX_LIST_VALUES`] values; counts given by the program
//!   (`tuple_repeat<N>`, `append<N>`, ...) are checked against these before anything is
//!   built, and no operation enumerates a layout's domain, so each call does bounded work;
//! * each printer enumerates at most 65536 cells
//!   ([`MAX_TABLE_CELLS`](crate::print::MAX_TABLE_CELLS); tensors
//!   [`MAX_TENSOR_CELLS`](crate::tensor::MAX_TENSOR_CELLS), 16384; SVG pictures
//!   [`MAX_SVG_CELLS`](crate::print::MAX_SVG_CELLS)), and one program prints at most
//!   [`MAX_OUTPUT`] bytes.
//!
//! The `fuzz/` targets of the repository check this on programs drawn from the grammar:
//! no panic, libFuzzer's `-rss_limit_mb=2048` and `-timeout=30` (under the address
//! sanitizer, which slows the printers tenfold).
//!
//! ```
//! use rcute::expr::eval;
//! assert_eq!(eval("A = (4,(2,2)):(2,(1,8)); A(2,(1,0))").unwrap(), "5\n");
//! assert_eq!(eval("size(make_layout((_2,_4)))").unwrap(), "_8\n");
//! assert_eq!(eval("composition((_4,_4):(_4,_1), (_4,_4):(E<1>,E<0>))").unwrap(), "(_4,_4):(_1,_4)\n");
//! assert_eq!(eval("L = (_4,_4):(E<1>,E<0>); L(1,2); L(_1,_0)").unwrap(), "(2,1)\n(_0,_1)\n");
//! let e = eval("frob(1)").unwrap_err();
//! assert_eq!(e.to_string(), "error: unknown function frob");
//! ```

mod error;
mod eval;
mod functions;
mod printf;
mod syntax;
#[cfg(test)]
mod tests;
pub(crate) use syntax::element_bits;
mod value;

pub use error::{EvalError, Span};
pub use eval::{MAX_OUTPUT, eval, eval_partial, eval_value, explain, parse};
pub use functions::{Function, TABLE as FUNCTIONS, find as find_function};
pub use syntax::MAX_DEPTH;
pub use value::{MAX_LIST_VALUES, Tag, Value};
