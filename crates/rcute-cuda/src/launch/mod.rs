//! Compiling and launching the generated kernels (feature `cuda`): a [`Device`] holds a
//! CUDA context, a stream and the modules it compiled (NVRTC, once per source text);
//! [`crate::gemm::Gemm::compile`] and [`crate::copy::CopyKernel::compile`] give kernels
//! that launch on the caller's buffers and stream, after checking on the host everything
//! the host can check (element types, buffer lengths against the layouts' cosizes,
//! alignment, the stream's context).
//!
//! ```no_run
//! use rcute_cuda::gemm::{Gemm, MmaType};
//! use rcute_cuda::kernel::matrix;
//! use rcute_cuda::launch::Device;
//! # fn main() -> Result<(), rcute_cuda::launch::LaunchError> {
//! let dev = Device::new(0)?;
//! let (m, n, k) = (128, 96, 64);
//! let g = Gemm::new(MmaType::F16, matrix(m, k, k, true), matrix(n, k, k, true),
//!                   matrix(m, n, n, true));
//! let gemm = g.compile(&dev)?;
//! let s = dev.stream();
//! let a = s.alloc_zeros::<half::f16>((m * k) as usize)?;
//! let b = s.alloc_zeros::<half::f16>((n * k) as usize)?;
//! let mut c = s.alloc_zeros::<half::f16>((m * n) as usize)?;
//! gemm.launch(s, &a, &b, &mut c)?;
//! # Ok(()) }
//! ```

mod copy;
mod error;
mod gemm;
mod tma;

pub use copy::{CompiledCopy, CopyElement};
pub use error::LaunchError;
pub use gemm::{
    CompiledGemm, E4m3, GemmArgs, GemmElement, fp8_values, grid_values, group_tiles, host_matrix,
};
pub use tma::{TensorMapArg, encode_tensor_map};

use crate::codegen::IndexType;
use crate::kernel::Kernel;
use cudarc::driver::{
    CudaContext, CudaFunction, CudaModule, CudaStream, LaunchArgs, LaunchConfig, PushKernelArg, sys,
};
use cudarc::nvrtc::{CompileOptions, compile_ptx_with_opts};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// A CUDA device: its context, a stream, and the modules compiled for it, by source text.
pub struct Device {
    ctx: Arc<CudaContext>,
    stream: Arc<CudaStream>,
    /// `(major, minor)` compute capability.
    capability: (i32, i32),
    /// Bytes of dynamic shared memory a block may opt into.
    max_shared: u32,
    /// Streaming multiprocessors.
    sms: u32,
    /// Peak memory bandwidth, bytes a second.
    bandwidth: f64,
    modules: Mutex<HashMap<String, Arc<CudaModule>>>,
}

impl std::fmt::Debug for Device {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Device")
            .field("ordinal", &self.ctx.ordinal())
            .field("capability", &self.capability)
            .field("max_shared", &self.max_shared)
            .field("sms", &self.sms)
            .finish_non_exhaustive()
    }
}

impl Device {
    /// Device `ordinal`'s primary context and its default stream.
    ///
    /// # Errors
    /// No driver, no such device, or a driver call failed.
    pub fn new(ordinal: usize) -> Result<Device, LaunchError> {
        let ctx = CudaContext::new(ordinal)?;
        let stream = ctx.default_stream();
        Device::with_stream(stream)
    }

    /// A device that launches on `stream` (and compiles for its context).
    ///
    /// # Errors
    /// A driver call failed.
    pub fn with_stream(stream: Arc<CudaStream>) -> Result<Device, LaunchError> {
        let ctx = stream.context().clone();
        let capability = ctx.compute_capability()?;
        let max_shared = ctx.attribute(
            sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
        )?;
        let sms =
            ctx.attribute(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)?;
        // kHz and bits
        let clock =
            ctx.attribute(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE)?;
        let width =
            ctx.attribute(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH)?;
        Ok(Device {
            ctx,
            stream,
            capability,
            max_shared: max_shared.max(0) as u32,
            sms: sms.max(1) as u32,
            bandwidth: 2.0 * f64::from(clock.max(0)) * 1e3 * f64::from(width.max(0)) / 8.0,
            modules: Mutex::new(HashMap::new()),
        })
    }

    /// The CUDA context.
    pub fn context(&self) -> &Arc<CudaContext> {
        &self.ctx
    }

    /// The device's stream (the default stream of its context for [`Device::new`]).
    pub fn stream(&self) -> &Arc<CudaStream> {
        &self.stream
    }

    /// `(major, minor)` compute capability.
    pub fn capability(&self) -> (i32, i32) {
        self.capability
    }

    /// The memory's peak bandwidth in bytes a second, from the driver's memory clock and bus
    /// width (double data rate): `2 x clock x width / 8`.
    pub fn memory_bandwidth(&self) -> f64 {
        self.bandwidth
    }

    /// Streaming multiprocessors: the blocks a [persistent](Kernel::persistent) kernel is
    /// launched with, at most.
    pub fn multiprocessors(&self) -> u32 {
        self.sms
    }

    /// The NVRTC target: `sm_90a` on compute capability 9.0 (`wgmma` and TMA need the `a`
    /// features), the device's own `sm_XY` for the others NVRTC knows, else the newest
    /// target below the device's.
    pub fn arch(&self) -> &'static str {
        match self.capability {
            (9, 0) => "sm_90a",
            (8, 6) => "sm_86",
            (8, 7) => "sm_87",
            (8, 9) => "sm_89",
            (10, 0) => "sm_100",
            (12, 0) => "sm_120",
            (major, _) if major >= 9 => "sm_90",
            _ => "sm_80",
        }
    }

    /// How many modules were compiled (each source text once).
    pub fn compiled_modules(&self) -> usize {
        self.modules.lock().map_or(0, |m| m.len())
    }

    /// Compiles `kernel` with NVRTC for [`Device::arch`] (or takes the module compiled
    /// before from the same source), loads its function and allows it the dynamic shared
    /// memory it asks for.
    ///
    /// # Errors
    /// The kernel needs more shared memory than a block may have, NVRTC rejected the
    /// source, or a driver call failed.
    pub fn compile(&self, kernel: &Kernel) -> Result<CompiledKernel, LaunchError> {
        if kernel.shared_bytes > self.max_shared {
            return Err(LaunchError::SharedMemory {
                needs: kernel.shared_bytes,
                max: self.max_shared,
            });
        }
        let args = Args::of(kernel)?;
        let module = {
            let mut modules = self.modules.lock().map_err(|_| LaunchError::Poisoned)?;
            match modules.get(&kernel.source) {
                Some(m) => m.clone(),
                None => {
                    let ptx = compile_ptx_with_opts(
                        &kernel.source,
                        CompileOptions {
                            arch: Some(self.arch()),
                            ..Default::default()
                        },
                    )
                    .map_err(|e| LaunchError::Nvrtc(e.to_string()))?;
                    let m = self.ctx.load_module(ptx)?;
                    modules.insert(kernel.source.clone(), m.clone());
                    m
                }
            }
        };
        let function = module.load_function(&kernel.name)?;
        if kernel.shared_bytes > 0 {
            function.set_attribute(
                sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                kernel.shared_bytes as i32,
            )?;
        }
        let blocks = if kernel.persistent {
            // as many blocks as can be resident at once: a block or cluster that waits
            // for a place would start its tiles after the others have finished all
            // theirs (one block per SM; the clusters the driver can place, which may be
            // fewer than the SMs divided by the cluster's size)
            let resident = if kernel.cluster > 1 {
                let config = LaunchConfig {
                    grid_dim: (kernel.grid, 1, 1),
                    block_dim: (kernel.block, 1, 1),
                    shared_mem_bytes: kernel.shared_bytes,
                };
                let clusters = function.occupancy_max_active_clusters(config, &self.stream)?;
                (clusters * kernel.cluster).clamp(kernel.cluster, self.sms)
            } else {
                self.sms
            };
            whole_clusters(kernel.grid.min(resident), kernel.cluster)
        } else {
            kernel.grid
        };
        Ok(CompiledKernel {
            kernel: kernel.clone(),
            ctx: self.ctx.clone(),
            function,
            args,
            blocks,
        })
    }
}

/// A kernel's scalar arguments ([`Kernel::params`]) in its index type, converted once.
#[derive(Clone, Debug)]
enum Args {
    I32(Vec<i32>),
    I64(Vec<i64>),
}

impl Args {
    fn of(k: &Kernel) -> Result<Args, LaunchError> {
        let values = k.params.iter().map(|p| p.value);
        Ok(match k.index_type {
            IndexType::I32 => Args::I32(
                values
                    .map(|v| i32::try_from(v).map_err(|_| LaunchError::Param(v)))
                    .collect::<Result<_, _>>()?,
            ),
            IndexType::I64 => Args::I64(values.collect()),
        })
    }

    fn push<'a>(&'a self, b: &mut LaunchArgs<'a>) {
        match self {
            Args::I32(v) => v.iter().for_each(|x| {
                b.arg(x);
            }),
            Args::I64(v) => v.iter().for_each(|x| {
                b.arg(x);
            }),
        }
    }
}

/// A generated kernel compiled and loaded on a [`Device`]: the function, and its scalar
/// arguments converted to its index type.
#[derive(Debug)]
pub struct CompiledKernel {
    kernel: Kernel,
    ctx: Arc<CudaContext>,
    function: CudaFunction,
    args: Args,
    /// Blocks launched: [`Kernel::grid`], or for a persistent kernel at most one per SM.
    blocks: u32,
}

impl CompiledKernel {
    /// The generated kernel (source, parameters, launch shape).
    pub fn kernel(&self) -> &Kernel {
        &self.kernel
    }

    /// The loaded function.
    pub fn function(&self) -> &CudaFunction {
        &self.function
    }

    /// Blocks a launch uses: [`Kernel::grid`], one per tile of work; for a
    /// [persistent](Kernel::persistent) kernel at most one per SM (or the limit of
    /// [`CompiledKernel::limit_blocks`]).
    pub fn blocks(&self) -> u32 {
        self.blocks
    }

    /// Launches a [persistent](Kernel::persistent) kernel with at most `blocks` blocks
    /// (rounded down to whole clusters, at least one cluster), each looping over more
    /// tiles: the result is the same, only the time changes. Returns whether the limit
    /// applies: a kernel that is not persistent keeps one block per tile.
    pub fn limit_blocks(&mut self, blocks: u32) -> bool {
        if self.kernel.persistent {
            self.blocks = whole_clusters(self.blocks.min(blocks), self.kernel.cluster);
        }
        self.kernel.persistent
    }

    /// Launches a [persistent](Kernel::persistent) kernel with one block per tile of work
    /// ([`Kernel::grid`] blocks): each block computes one tile, and a block that finds no
    /// place waits for one, so that no block's shared memory is written by the loads of a
    /// next tile while it stores its result (the profiler's one-tile-per-block runs).
    /// Returns whether the kernel is persistent (a kernel that is not keeps its blocks).
    pub fn one_block_per_tile(&mut self) -> bool {
        if self.kernel.persistent {
            self.blocks = self.kernel.grid;
        }
        self.kernel.persistent
    }

    /// The launch shape: [`CompiledKernel::blocks`] blocks of [`Kernel::block`] threads
    /// and [`Kernel::shared_bytes`] of dynamic shared memory.
    pub fn config(&self) -> LaunchConfig {
        LaunchConfig {
            grid_dim: (self.blocks, 1, 1),
            block_dim: (self.kernel.block, 1, 1),
            shared_mem_bytes: self.kernel.shared_bytes,
        }
    }

    /// `stream` and the buffers (through their streams) belong to the context the kernel
    /// was loaded in (the same driver context, not necessarily the same `Arc`).
    fn check_context<'a>(
        &self,
        streams: impl IntoIterator<Item = &'a CudaStream>,
    ) -> Result<(), LaunchError> {
        let ours = self.ctx.cu_ctx();
        if streams.into_iter().all(|s| s.context().cu_ctx() == ours) {
            Ok(())
        } else {
            Err(LaunchError::OtherContext)
        }
    }
}

/// `blocks` rounded down to a multiple of `cluster`, at least one cluster.
fn whole_clusters(blocks: u32, cluster: u32) -> u32 {
    let c = cluster.max(1);
    (blocks / c).max(1) * c
}

/// An operand's buffer: its length in elements is at least the layout's cosize, and its
/// address is aligned to `align` bytes.
fn check_buffer(
    operand: &'static str,
    len: usize,
    ptr: u64,
    cosize: i64,
    align: u64,
) -> Result<(), LaunchError> {
    if (len as i64) < cosize {
        return Err(LaunchError::Length {
            operand,
            len,
            cosize,
        });
    }
    if !ptr.is_multiple_of(align) {
        return Err(LaunchError::Alignment {
            operand,
            ptr,
            align,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::whole_clusters;

    #[test]
    fn blocks_come_in_whole_clusters() {
        assert_eq!(whole_clusters(132, 2), 132);
        assert_eq!(whole_clusters(131, 2), 130);
        // at least one cluster, even when fewer blocks are asked for
        assert_eq!(whole_clusters(1, 2), 2);
        assert_eq!(whole_clusters(0, 1), 1);
        assert_eq!(whole_clusters(5, 1), 5);
        // a cluster of 0 blocks counts as 1
        assert_eq!(whole_clusters(7, 0), 7);
    }
}
