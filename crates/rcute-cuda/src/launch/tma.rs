//! TMA descriptors: a [`TensorMap`] the code generator derived, encoded by the driver for
//! one device buffer.

use super::LaunchError;
use crate::kernel::TensorMap;
use cudarc::driver::sys;

/// An encoded TMA descriptor (CUDA's `CUtensorMap`), passed to the kernel by value as its
/// `const __grid_constant__ RcuteTensorMap` parameter.
#[repr(C, align(64))]
#[derive(Clone, Copy, Debug)]
pub struct TensorMapArg(pub [u64; 16]);

// SAFETY: a plain 128-byte, 64-byte aligned value, the layout of the kernel's
// `RcuteTensorMap` parameter (and of CUDA's `CUtensorMap`).
unsafe impl cudarc::driver::DeviceRepr for TensorMapArg {}

/// Encodes `map` (16-bit or 8-bit elements, [`TensorMap::elem_bytes`], 128-byte swizzle, out-of-bounds elements read as zero)
/// for the matrix at device address `ptr`.
///
/// # Errors
/// The address is not 16-byte aligned or the stride not a multiple of 16 bytes (checked
/// here, named by `operand`), or the driver refused the descriptor.
pub fn encode_tensor_map(
    operand: &'static str,
    map: &TensorMap,
    ptr: u64,
) -> Result<TensorMapArg, LaunchError> {
    if !ptr.is_multiple_of(16) {
        return Err(LaunchError::Alignment {
            operand,
            ptr,
            align: 16,
        });
    }
    if !map.stride_bytes.is_multiple_of(16) {
        return Err(LaunchError::TmaStride {
            operand,
            stride_bytes: map.stride_bytes,
        });
    }
    let mut out = sys::CUtensorMap { opaque: [0; 16] };
    let strides = [map.stride_bytes];
    let elem_strides = [1u32, 1];
    let data_type = if map.elem_bytes == 1 {
        sys::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_UINT8
    } else {
        sys::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_UINT16
    };
    // SAFETY: every pointer is to a live array of the rank the call is told (2 extents, 1
    // stride, 2 box extents, 2 element strides) and `out` is a writable descriptor; the
    // driver checks the values (alignment, box limits) and reports them as an error.
    let r = unsafe {
        sys::cuTensorMapEncodeTiled(
            &mut out,
            data_type,
            2,
            ptr as *mut core::ffi::c_void,
            map.dims.as_ptr(),
            strides.as_ptr(),
            map.box_dims.as_ptr(),
            elem_strides.as_ptr(),
            sys::CUtensorMapInterleave::CU_TENSOR_MAP_INTERLEAVE_NONE,
            sys::CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_128B,
            sys::CUtensorMapL2promotion::CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
            sys::CUtensorMapFloatOOBfill::CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE,
        )
    };
    r.result()?;
    Ok(TensorMapArg(out.opaque))
}
