//! Layouts whose structure is a type and whose values are known only at run time: what
//! CuTe C++ does with `make_layout(make_shape(m, n), make_stride(_1{}, m))`.
//!
//! A [`Layout`](crate::Layout) carries everything at run time: its nesting, which leaves
//! are static, and the values. Every operation on it walks that structure. In CuTe C++ the
//! structure of a layout with dynamic values is still part of its type, so the compiler
//! decides every step that depends on it (which modes merge, which divisions are static,
//! the nesting of the result) and leaves only the arithmetic on the dynamic values to run
//! time.
//!
//! This module does the same in Rust. A *form* is a zero-sized type that stands for the
//! structure: the nesting, the static values, and which leaves are dynamic (a
//! [`LayoutForm`], [`TupleForm`] or [`TilerForm`], declared with [`layout_form!`](crate::layout_form),
//! [`tuple_form!`](crate::tuple_form) or [`tiler_form!`](crate::tiler_form); the values written at dynamic
//! leaves are placeholders). A [`TypedLayout<F>`] is a layout of form `F`: the dynamic
//! values alone, inline.
//!
//! An operation on typed values is *staged*: the compiler runs rcute's algorithm on the
//! forms, at compile time, and records what is left to compute on dynamic values. The
//! form of the result is a type too (such as [`Complement<A, C>`]). At run time only the
//! recorded arithmetic runs, unrolled and inlined: no walk of the structure, no copy of
//! a layout. The results are exactly those of the run-time algebra: the same layouts,
//! the same static bits, the same errors for the same values (a test compares the two on
//! random layouts). One exception: where a composition's divisibility conditions refuse
//! and CuTe's answer is, for the values at hand, the composed function after all, the
//! run-time algebra answers CuTe's layout (its structure then depends on the values), and
//! a typed composition, whose result has the structure of its type, keeps the refusal.
//!
//! ```
//! use rcute::typed::{TypedLayout, TypedTuple};
//! use rcute::{layout_form, tuple_form};
//!
//! // a thread-value layout with dynamic extents and static strides, and a dynamic size
//! layout_form!(Tv = ((4,8),(2,4)):((_128,_1),(_8,_32)));
//! tuple_form!(N = 4096);
//!
//! let tv = TypedLayout::<Tv>::new(&[4, 8, 2, 4]); // the dynamic values, in leaf order
//! let n = TypedTuple::<N>::new(&[4096]);
//! let rest = tv.complement(&n);
//! // CuTe's answer: dynamic extents of 1 are kept, as CuTe cannot drop them
//! assert_eq!(rest.to_string(), "(1,2,1,8):(8,16,128,512)");
//! assert_eq!(rest.to_layout(), tv.to_layout().complement(&n.to_tuple()));
//! ```
//!
//! What CuTe refuses for every value of a form, a typed operation refuses at compile time,
//! with rcute's message: a static pre-condition that fails, and the cases where CuTe needs
//! a static value (the complement of a layout of rank 2 or more with a dynamic stride;
//! [`Layout`](crate::Layout) computes those from the values, which a typed operation
//! cannot). The error comes when the code is built (it is found where the operation's
//! form is instantiated: `cargo build` and `cargo test` report it, `cargo check` does
//! not). A pre-condition on dynamic values is checked at run time, as the run-time
//! algebra checks it: every operation comes as `try_x`, answering
//! [`Error`](crate::Error), and `x`, panicking with the same message.
//!
//! ```compile_fail,E0080
//! use rcute::typed::{TypedLayout, TypedTuple};
//! rcute::layout_form!(Two = (2,4):(3,1));   // dynamic strides, rank 2
//! rcute::tuple_form!(N = 24);
//! let l = TypedLayout::<Two>::new(&[2, 4, 3, 1]);
//! // "typed: complement: a layout of rank 2 or more after filtering needs static strides"
//! let c = l.complement(&TypedTuple::<N>::new(&[24]));
//! ```
//!
//! ```compile_fail,E0080
//! use rcute::typed::TypedLayout;
//! rcute::layout_form!(A = (_8,_8):(_8,_1));
//! rcute::layout_form!(B = _4:_3);
//! // "composition: stride divisibility condition violated" (CuTe's static assertion
//! // refuses it too, by its shape divisibility condition)
//! let r = TypedLayout::<A>::new(&[]).composition(&TypedLayout::<B>::new(&[]));
//! ```
//!
//! The forms hold integers only (no `_`, no scaled basis elements), and a typed value at
//! most [`DYN_CAPACITY`] dynamic values.

mod complement;
mod composition;
mod coord;
mod divide;
mod exec;
mod inverse;
mod modes;
mod ops;
mod product;
mod program;
mod value;

#[cfg(test)]
mod tests;

pub use ops::{
    BlockedProduct, Coalesce, Complement, Composition, CompositionTiler, Cosize, Crd2idx, Idx2crd,
    LayoutCrd2idx, LogicalDivide, LogicalProduct, RakedProduct, RightInverse, Size, ZippedDivide,
    try_crd2idx, try_idx2crd,
};
pub use program::{DYN_CAPACITY, MAX_OPS};
pub use value::{DynInt, LayoutForm, TilerForm, TupleForm, TypedLayout, TypedTiler, TypedTuple};
