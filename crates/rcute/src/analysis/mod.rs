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

mod access;
mod banks;
mod coalescing;
mod predicates;
mod service;
mod swizzle_search;

pub use access::{Access, AccessKind, Memory, Phases, Side, WARP, WarpInstruction};
pub use banks::{
    BANKS, BankReport, Collision, InstructionCost, bank_conflicts, bank_conflicts_in,
    instruction_cost,
};
pub use coalescing::{
    CoalescingReport, LINE, RequestCost, SECTOR, VectorWidth, coalescing, coalescing_in,
    request_cost, vector_width,
};
pub use predicates::{
    distinct_offsets, footprint, functionally_equal, image, is_bijective, is_injective,
    is_surjective,
};
pub use service::{CP_ASYNC_FIXED, CP_ASYNC_SOURCE_LINES, cp_async_source_lines};
pub use swizzle_search::{SwizzleCost, SwizzleSearch, padding_for, remedies, swizzle_for};
