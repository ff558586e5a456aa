//! # rcute-lang: the language of the `cute` calculator
//!
//! CuTe notation plus CuTe's function names, on the library [`rcute`]: the parser, the
//! evaluator, the values, the table of functions (each with its law, its explanation and
//! the operands the fuzzers draw), `printf` and the C++ spellings pasted from CuTe's
//! tutorials. The calculator (`rcute-cli`), the playground (`rcute-web`) and the fuzz
//! targets speak it. The crate is `#![no_std]` with `alloc`.
//!
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
//! L(size(L) - 1)  -_3  7 % 3                integer arithmetic + - * / % by CuTe's rules
//! ```
//!
//! A program is statements separated by `;` or new lines; each bare expression prints its
//! value in CuTe's `print` format and a newline, and `print_layout(L)` prints CuTe's table.
//!
//! # Pasted C++
//!
//! The C++ spellings of CuTe's tutorials mean what they mean in C++: `_16{}`, `Int<16>{}`,
//! `C<16>{}` are `_16`; `Shape<_2,_3>{}` (`Stride`, `Step`, `Coord`, `Tile`, `tuple`) is the
//! tuple `(_2,_3)`; `Layout<S, D>{}` is `S:D` and `Layout<S>{}` CuTe's default, the
//! column-major `make_layout(S)`; `int{2}` and `int(x)` are dynamic; `cute::` may prefix any
//! name; `auto L = ...;`, `Layout L = ...;`, `auto const& L = ...;` bind names; `print(x)`
//! prints as CuTe's `print` (no newline), `print("text")`, `printf(format, ...)` and
//! `std::cout << x << std::endl` as C++ does; `//` and `/* */` comments, `#include` lines
//! and `using namespace cute;` are skipped. A newline inside brackets or after an operator
//! does not end a statement, so a declaration may span lines as in the tutorials.
//!
//! [`eval_partial`] returns what the statements before an error printed together with the
//! error, so that a calculator or a web page shows both.
//!
//! # The function table
//!
//! Each function of the language is one [`Function`] in [`FUNCTIONS`]: its CuTe name, its
//! numbers of arguments and template arguments, a one-line description, its evaluation
//! and, where it has them, its law (every answer checked by [`check_call`]), its
//! explanation (`explain(f(...))`), its form on a coordinate tensor and the calls the
//! `algebra` fuzz target makes of it ([`Function::fuzz_forms`]). An entry sits next to its
//! implementation, in the list of its file; the table is sorted by name at compile time,
//! and [`find_function`] finds a name by binary search. [`functions_markdown`] is the
//! table of docs/FUNCTIONS.md.
//!
//! ```text
//! syntax.rs            tokens, the parser and the syntax tree (the pasted C++ included)
//! eval.rs              the evaluator: statements, names, calls, printing
//! value.rs, error.rs   the values; errors with the span they point at
//! printf.rs            printf's formats
//! stmt.rs, operators.rs  the statements and operators of pasted C++
//! exec.rs, host.rs     running them: variables, arrays and tensors over them, loops, calls
//! ctype.rs             C++'s types of expressions (promotions, constant expressions)
//! cstd.rs              the standard library's scalars (std::max, abs, rand, assert, ...)
//! stream.rs            std::cout's manipulators (std::setw, std::hex, std::fixed, ...)
//! sequence.rs          what depends on an order of evaluation C++ leaves open
//! functions/           the table: function.rs (the descriptor), call.rs (a call's
//!                      arguments), one file per kind of function, each with its entries
//! law/                 the law facet of each function on the language's values, over the
//!                      library's checks (rcute::law); composed.rs for swizzled operands
//! ```
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
//!   [`CAPACITY`](rcute::CAPACITY) leaves and [`NODE_CAPACITY`](rcute::NODE_CAPACITY) nodes,
//!   a tuple of layouts at most [`MAX_LIST_VALUES`] values; counts given by the program
//!   (`tuple_repeat<N>`, `append<N>`, ...) are checked against these before anything is
//!   built, and no operation enumerates a layout's domain, so each call does bounded work;
//! * each printer enumerates at most 65536 cells
//!   ([`MAX_TABLE_CELLS`](rcute::print::MAX_TABLE_CELLS); tensors
//!   [`MAX_TENSOR_CELLS`](rcute::tensor::MAX_TENSOR_CELLS), 16384; SVG pictures
//!   [`MAX_SVG_CELLS`](rcute::print::MAX_SVG_CELLS)), and one program prints at most
//!   [`MAX_OUTPUT`] bytes.
//!
//! The `fuzz/` targets of the repository check this on programs drawn from the grammar:
//! no panic, libFuzzer's `-rss_limit_mb=2048` and `-timeout=30` (under the address
//! sanitizer, which slows the printers tenfold).
//!
//! ```
//! use rcute_lang::eval;
//! assert_eq!(eval("A = (4,(2,2)):(2,(1,8)); A(2,(1,0))").unwrap(), "5\n");
//! assert_eq!(eval("size(make_layout((_2,_4)))").unwrap(), "_8\n");
//! assert_eq!(eval("composition((_4,_4):(_4,_1), (_4,_4):(E<1>,E<0>))").unwrap(), "(_4,_4):(_1,_4)\n");
//! assert_eq!(eval("L = (_4,_4):(E<1>,E<0>); L(1,2); L(_1,_0)").unwrap(), "(2,1)\n(_0,_1)\n");
//! let e = eval("frob(1)").unwrap_err();
//! assert_eq!(e.to_string(), "error: unknown function frob");
//! let snippet = "auto L = make_layout(make_shape(Int<2>{},4),\n                     LayoutRight{});\nprint(L);  // row-major";
//! assert_eq!(eval(snippet).unwrap(), "(_2,4):(4,_1)");
//! assert_eq!(eval("L = Layout<Shape<_4,_8>>{}; L(size(L) - 1)").unwrap(), "31\n");
//! ```

#![no_std]
#![warn(missing_docs)]
#![forbid(unsafe_code)]

extern crate alloc;
#[cfg(test)]
extern crate std;

mod cstd;
mod ctype;
mod data;
mod error;
mod eval;
mod exec;
mod functions;
mod host;
mod law;
mod operators;
mod printf;
mod sequence;
mod stmt;
mod stream;
mod suggest;
mod syntax;
#[cfg(test)]
mod tests;
mod value;

pub use data::MAX_ELEMENTS;
pub use error::{EvalError, Span};
pub use eval::{
    MAX_OUTPUT, Options, Shown, TableCall, call, eval, eval_launch, eval_launch_with, eval_partial,
    eval_partial_with, eval_shown, eval_shown_with, eval_value, explain, parse,
};
pub use exec::{MAX_CALL_DEPTH, MAX_STEPS};
pub use functions::{
    ANY, FUNCTIONS_MD_MARKERS, Form, Function, Operand, TABLE as FUNCTIONS, check_call,
    find as find_function, functions_markdown,
};
pub use host::Launch;
pub use syntax::MAX_DEPTH;
pub(crate) use syntax::element_bits;
pub use value::{MAX_LIST_VALUES, Tag, Value};
