//! What can go wrong between a generated kernel and its launch.

use crate::codegen::CodegenError;
use cudarc::driver::DriverError;

/// Why a kernel was not compiled or launched.
#[derive(Debug)]
#[non_exhaustive]
pub enum LaunchError {
    /// The kernel could not be generated from its layouts.
    Codegen(CodegenError),
    /// A CUDA driver call failed (no driver, no device, a launch failed, ...).
    Driver(DriverError),
    /// NVRTC rejected the generated source (its log).
    Nvrtc(String),
    /// The buffers' element type is not the one the kernel was generated for.
    Type {
        /// The kernel's element type.
        kernel: &'static str,
        /// The buffers' element type.
        buffers: &'static str,
    },
    /// A buffer is shorter than its layout's cosize (in elements).
    Length {
        /// `"A"`, `"B"`, `"C"`, `"src"` or `"dst"`.
        operand: &'static str,
        /// The buffer's length in elements.
        len: usize,
        /// The layout's cosize, the elements the kernel may touch.
        cosize: i64,
    },
    /// A buffer's device address is not aligned as the kernel's vector copies or the
    /// TMA need.
    Alignment {
        /// `"A"`, `"B"`, `"C"`, `"src"` or `"dst"`.
        operand: &'static str,
        /// The device address.
        ptr: u64,
        /// The alignment needed, in bytes.
        align: u64,
    },
    /// A TMA tensor map's row stride is not a multiple of 16 bytes.
    TmaStride {
        /// `"A"` or `"B"`.
        operand: &'static str,
        /// The stride in bytes.
        stride_bytes: u64,
    },
    /// The kernel needs a newer device (`wgmma` and TMA need compute capability 9.0).
    Arch {
        /// What the kernel needs, `"sm_90a"` or `"sm_80"`.
        needs: &'static str,
        /// The device's compute capability.
        capability: (i32, i32),
    },
    /// The kernel needs more dynamic shared memory than a block may have.
    SharedMemory {
        /// Bytes the kernel needs.
        needs: u32,
        /// Bytes a block may opt into on this device.
        max: u32,
    },
    /// A scalar argument does not fit the kernel's 32-bit index type.
    Param(i64),
    /// The stream or a buffer belongs to another context than the one the kernel was
    /// loaded in.
    OtherContext,
    /// The device's module cache was poisoned by a panic in another thread.
    Poisoned,
    /// The scales or the bias of a fused epilogue are missing, or given to a kernel that
    /// takes none (which of them).
    Epilogue(&'static str),
}

impl std::fmt::Display for LaunchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LaunchError::Codegen(e) => write!(f, "code generation: {e}"),
            LaunchError::Driver(e) => write!(f, "CUDA driver: {e}"),
            LaunchError::Nvrtc(log) => write!(f, "NVRTC: {log}"),
            LaunchError::Epilogue(what) => write!(
                f,
                "launch: the kernel's epilogue and the arguments disagree on {what}"
            ),
            LaunchError::Type { kernel, buffers } => write!(
                f,
                "launch: the kernel is for {kernel} elements, the buffers hold {buffers}"
            ),
            LaunchError::Length {
                operand,
                len,
                cosize,
            } => write!(
                f,
                "launch: {operand} holds {len} elements, its layout reaches {cosize}"
            ),
            LaunchError::Alignment {
                operand,
                ptr,
                align,
            } => write!(
                f,
                "launch: {operand} at {ptr:#x} is not aligned to {align} bytes"
            ),
            LaunchError::TmaStride {
                operand,
                stride_bytes,
            } => write!(
                f,
                "launch: {operand}'s tensor map stride of {stride_bytes} bytes is not a multiple of 16"
            ),
            LaunchError::Arch { needs, capability } => write!(
                f,
                "launch: the kernel needs {needs}, the device has compute capability {}.{}",
                capability.0, capability.1
            ),
            LaunchError::SharedMemory { needs, max } => write!(
                f,
                "launch: the kernel needs {needs} bytes of shared memory, a block may have {max}"
            ),
            LaunchError::Param(v) => {
                write!(f, "launch: the argument {v} does not fit a 32-bit index")
            }
            LaunchError::OtherContext => write!(
                f,
                "launch: the stream or a buffer belongs to another context than the kernel's"
            ),
            LaunchError::Poisoned => write!(f, "launch: the module cache was poisoned"),
        }
    }
}

impl std::error::Error for LaunchError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LaunchError::Codegen(e) => Some(e),
            LaunchError::Driver(e) => Some(e),
            _ => None,
        }
    }
}

impl From<CodegenError> for LaunchError {
    fn from(e: CodegenError) -> Self {
        LaunchError::Codegen(e)
    }
}

impl From<DriverError> for LaunchError {
    fn from(e: DriverError) -> Self {
        LaunchError::Driver(e)
    }
}
