//! Layout-driven CUDA kernels: rcute's layouts become CUDA C++ index code
//! ([`codegen`]), compiled at run time with NVRTC and launched through the CUDA driver,
//! both loaded only when a kernel runs (the crate builds on machines without CUDA).
//!
//! Feature `cuda` (default): [`launch`], which compiles the kernels for a device and
//! launches them on the caller's buffers. Without it the crate generates source only.

#![warn(missing_docs)]

pub mod codegen;
pub mod copy;
pub mod gemm;
pub mod kernel;
#[cfg(feature = "cuda")]
pub mod launch;
pub mod pattern_families;
pub mod patterns;
pub mod template;
pub mod traffic;
