//! What a layout costs on a GPU, and how the algebra reached its answer: shared-memory
//! bank conflicts, global-memory coalescing and vector width, swizzle search, TMA
//! descriptors, predicates on layouts (injective, surjective, bijective, image,
//! footprint), and the steps of the algebra (`explain`).
//!
//! Every answer is computed by enumeration over a bounded number of elements
//! ([`MAX_ANALYSED`]); a larger layout is an error that names the bound.

pub mod explain;
pub mod tma;

/// The most elements (or accesses) one analysis enumerates.
pub const MAX_ANALYSED: usize = 1 << 20;
