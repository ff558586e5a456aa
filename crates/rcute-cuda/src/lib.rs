//! Layout-driven CUDA kernels: rcute's layouts become CUDA C++ index code
//! ([`codegen`]), compiled at run time with NVRTC and launched through the CUDA driver,
//! both loaded only when a kernel runs (the crate builds on machines without CUDA).

#![warn(missing_docs)]

pub mod codegen;
pub mod gemm;
pub mod kernels;
pub mod patterns;
