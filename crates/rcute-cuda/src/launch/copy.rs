//! A [`CopyKernel`] (copy or transpose) compiled for a device, launched on the caller's
//! buffers.

use super::{CompiledKernel, Device, LaunchError, check_buffer};
use crate::copy::{CopyKernel, Elem};
use cudarc::driver::{CudaSlice, CudaStream, DevicePtr, DeviceRepr, PushKernelArg};

/// An element type a copy kernel moves: 4-byte `f32` for [`Elem::F32`], any 2-byte type
/// (`u16`, `half::f16`, `half::bf16`) for [`Elem::F16`] (the kernel moves bits).
pub trait CopyElement: DeviceRepr {
    /// The kernel's [`Elem`] for this element.
    const ELEM: Elem;
}

impl CopyElement for f32 {
    const ELEM: Elem = Elem::F32;
}

impl CopyElement for u16 {
    const ELEM: Elem = Elem::F16;
}

impl CopyElement for half::f16 {
    const ELEM: Elem = Elem::F16;
}

impl CopyElement for half::bf16 {
    const ELEM: Elem = Elem::F16;
}

/// A [`CopyKernel`]'s kernel compiled and loaded on a [`Device`].
#[derive(Debug)]
pub struct CompiledCopy {
    copy: CopyKernel,
    kernel: CompiledKernel,
}

impl CopyKernel {
    /// Generates the kernel `name`, compiles it for `device` (once per source text) and
    /// loads it.
    ///
    /// # Errors
    /// As [`CopyKernel::kernel`] and [`Device::compile`].
    pub fn compile(&self, device: &Device, name: &str) -> Result<CompiledCopy, LaunchError> {
        let kernel = self.kernel(name)?;
        Ok(CompiledCopy {
            copy: self.clone(),
            kernel: device.compile(&kernel)?,
        })
    }
}

impl CompiledCopy {
    /// The copy it was compiled from.
    pub fn copy(&self) -> &CopyKernel {
        &self.copy
    }

    /// The compiled kernel.
    pub fn kernel(&self) -> &CompiledKernel {
        &self.kernel
    }

    /// Enqueues `dst = src` (in the copy's layouts) on `stream`.
    ///
    /// # Errors
    /// Checked on the host: `T` is not the copy's element type, a buffer is shorter than
    /// its layout's cosize or not aligned to its widest access
    /// ([`CopyKernel::access_bytes`], at least a pair of elements), `stream` or a buffer
    /// belongs to another context; then the driver's errors.
    pub fn launch<T: CopyElement>(
        &self,
        stream: &CudaStream,
        src: &CudaSlice<T>,
        dst: &mut CudaSlice<T>,
    ) -> Result<(), LaunchError> {
        let elem = self.copy.elem;
        if T::ELEM != elem || std::mem::size_of::<T>() != elem.bytes() {
            return Err(LaunchError::Type {
                kernel: elem.c_type(),
                buffers: std::any::type_name::<T>(),
            });
        }
        self.kernel
            .check_context([stream, src.stream().as_ref(), dst.stream().as_ref()])?;
        let (ps, pd) = {
            let (ps, _rs) = src.device_ptr(stream);
            let (pd, _rd) = dst.device_ptr(stream);
            (ps, pd)
        };
        let align = self.copy.access_bytes().max(2 * elem.bytes() as u64);
        check_buffer("src", src.len(), ps, self.copy.src.cosize().value(), align)?;
        check_buffer("dst", dst.len(), pd, self.copy.dst.cosize().value(), align)?;
        let mut b = stream.launch_builder(&self.kernel.function);
        b.arg(src);
        b.arg(dst);
        self.kernel.args.push(&mut b);
        // SAFETY: the arguments are pushed in the order and with the types of the kernel's
        // signature (`src, dst`, then `Kernel::params` in its index type); `T` has the
        // kernel's element size; `src` and `dst` hold at least their layouts' cosizes and
        // every access of the kernel is predicated on the coordinates being inside the
        // layouts' shapes.
        unsafe { b.launch(self.kernel.config()) }?;
        Ok(())
    }
}
