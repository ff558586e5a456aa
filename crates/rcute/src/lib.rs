//! # rcute: CuTe's layout algebra in Rust
//!
//! CuTe (the core of NVIDIA's CUTLASS) describes how data sits in memory with one idea: a
//! *layout* is a pair of nested integer tuples, a shape and a stride, and it is a function
//! from coordinates to offsets. rcute computes what CuTe C++ computes, byte for byte,
//! including which integers are static (`_8`, known at compile time in CuTe) and which are
//! dynamic (`8`).
//!
//! ## The notation
//!
//! | notation | meaning |
//! |---|---|
//! | `8`, `-2` | a dynamic integer |
//! | `_8`, `_-2` | a static integer |
//! | `(a,b,(c,d))` | a tuple, nested; `(8)` is a rank-1 tuple, `()` the empty tuple |
//! | `S:D` | a layout with shape `S` and stride `D` (congruent) |
//! | `_` | the underscore: a whole mode, when slicing |
//! | `_1@0` | a scaled basis element, the stride of an identity layout |
//!
//! A layout maps a coordinate to the inner product of the coordinate and the stride. The
//! coordinate can be hierarchical (congruent to the shape), one integer per mode, or one
//! integer for the whole layout (split colexicographically):
//!
//! ```
//! use rcute::{layout, int_tuple};
//! let l = layout!((4,(2,2)):(2,(1,8)));
//! // (2,(1,0)) -> 2*2 + 1*1 + 0*8
//! assert_eq!(l.crd2idx(&int_tuple!((2,(1,0)))).to_string(), "5");
//! assert_eq!(l.crd2idx(&int_tuple!((2,1))).to_string(), "5"); // 1 = (1,0) in (2,2)
//! assert_eq!(l.crd2idx(&int_tuple!(6)).to_string(), "5");     // 6 = (2,1)
//! ```
//!
//! ## A worked example
//!
//! The same layout, drawn as CuTe's `print_layout` draws it, rows for mode 0 and columns
//! for mode 1:
//!
//! ```
//! use rcute::{layout, print_layout};
//! let l = layout!((4,(2,2)):(2,(1,8)));
//! let table = print_layout(&l).unwrap().to_string();
//! assert_eq!(table, "\
//! (4,(2,2)):(2,(1,8))
//!        0    1    2    3 \n    +----+----+----+----+
//!  0  |  0 |  1 |  8 |  9 |
//!     +----+----+----+----+
//!  1  |  2 |  3 | 10 | 11 |
//!     +----+----+----+----+
//!  2  |  4 |  5 | 12 | 13 |
//!     +----+----+----+----+
//!  3  |  6 |  7 | 14 | 15 |
//!     +----+----+----+----+
//! ");
//! ```
//!
//! ## Compile time
//!
//! Construction, queries and coordinate maps are `const fn`: a `const` layout is evaluated
//! by the compiler, and a violated pre-condition in a `const` item is a compile error with
//! rcute's message. Every fallible operation comes as `try_x` (returning [`Error`]) and
//! `x` (panicking with the same message).
//!
//! ```
//! use rcute::{Layout, layout};
//! const TILE: Layout = layout!((_8,_8):(_8,_1));
//! const N: i64 = TILE.size().value();
//! assert_eq!(N, 64);
//! ```
//!
//! ## Typed layouts
//!
//! When the structure of a layout is known at compile time and only its values at run
//! time (CuTe C++'s dynamic layouts), [`typed`] keeps the structure in a type: its
//! algebra runs at compile time on the structure and leaves only the arithmetic on the
//! values to run time, with the same results and errors as [`Layout`]'s.
//!
//! ## Laws
//!
//! Every operation answers the function its definition gives, or an error, even where
//! CuTe C++ returns a layout that is not that function (its stride check for composition
//! is weaker than composition needs, for one). [`law`] (with `alloc`) states each
//! operation's law as a check by enumeration; the tests run it on every golden answer and
//! on unconstrained random operands.
//!
//! ## Features
//!
//! The core is `#![no_std]` and allocates nothing. The `alloc` feature adds the parts that
//! allocate: the laws ([`law`]), the analyses ([`analysis`]), pictures and the tilings of
//! atoms; `std` (on by default) implies `alloc`. The expression language of the `cute`
//! calculator is the crate `rcute-lang`, built on this one. `simd` (on by default) lets [`copy`] transpose blocks of 16x16 `f32`,
//! `u32` or `i32` elements with x86-64 vector instructions (AVX-512F where the processor
//! has it, found at run time with `std`; SSE2 otherwise); it is the only part of the crate
//! with `unsafe`, and without it the crate forbids `unsafe` altogether.

#![no_std]
#![warn(missing_docs)]
// Without the `simd` feature the crate has no `unsafe` at all; with it, only the module
// `tensor::simd` (vector loads and stores) allows it.
#![cfg_attr(not(feature = "simd"), forbid(unsafe_code))]
#![cfg_attr(feature = "simd", deny(unsafe_code))]

#[cfg(any(feature = "alloc", test))]
extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

pub mod algebra;
#[cfg(feature = "alloc")]
pub mod analysis;
pub mod atom;
pub mod error;
pub mod int;
#[cfg(feature = "alloc")]
pub mod law;
pub mod layout;
pub mod notation;
pub mod print;
pub mod swizzle;
pub mod tensor;
pub mod tuple;
pub mod typed;

#[cfg(feature = "proptest")]
pub mod strategies;
pub use algebra::{TileOrder, Tiler, TilerKind};
pub use error::Error;
pub use int::Int;
pub use layout::{Layout, Offsets, StaticLayout};
pub use print::{Drawable, LayoutTable, print_latex, print_layout};
pub use swizzle::{ChainPart, ComposedChain, ComposedLayout, MaybeSwizzled, Swizzle};
pub use tensor::{
    CoordTensor, PrettyPrint, Tensor, axpby, clear, copy, copy_if, fill, gemm, print_coord_tensor,
    print_tensor, transform, transform_into, try_print_coord_tensor, try_print_tensor,
};
pub use tuple::{
    CAPACITY, IntTuple, Major, NODE_CAPACITY, crd2crd, crd2idx, crd2idx_arith, crd2idx_colex,
    idx2crd, idx2crd_strided, try_crd2crd, try_crd2idx, try_crd2idx_arith, try_crd2idx_colex,
    try_idx2crd, try_idx2crd_strided,
};

#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;
