//! What every generated kernel is assembled from, whichever it is (the copies of
//! [`crate::copy`], the GEMMs of [`crate::gemm`]): the [`Kernel`] the host compiles and
//! launches, its [`TensorMap`]s, its parameter list, the identity tiles that predicate the
//! edges, and [`matrix`], the operands' layouts.

use crate::codegen::{CodegenError, IndexFn, IndexType, Param};
use rcute::{Int, IntTuple, Layout, Tiler};

/// A generated kernel: its CUDA source, the values of its parameters after its pointers
/// (`src, dst` for a copy, `A, B, C` for a GEMM), and its launch shape.
#[derive(Clone, Debug)]
pub struct Kernel {
    /// The kernel's name (an `extern "C"` function).
    pub name: String,
    /// CUDA C++ source, for NVRTC.
    pub source: String,
    /// The values the kernel takes after its pointers, in order: the extents (`M`, `N`; a
    /// GEMM adds `K` and the number of `K` tiles), then the dynamic values of its index
    /// functions; all of type [`Kernel::index_type`].
    pub params: Vec<Param>,
    /// The C type of the indices and of every value in [`Kernel::params`].
    pub index_type: IndexType,
    /// Thread blocks: one per tile of work (per `(split, tile)` unit of a GEMM with
    /// split-K). A [persistent](Kernel::persistent) kernel may be launched with fewer.
    pub grid: u32,
    /// The blocks loop over the [`Kernel::grid`] tiles of work with a stride of the blocks
    /// launched (`gridDim.x`), so any number of blocks from 1 to `grid` computes the same
    /// result; the launch uses one per SM at most.
    pub persistent: bool,
    /// Blocks per thread-block cluster (1: no clusters); the kernel declares it
    /// (`__cluster_dims__`), and [`Kernel::grid`] and the blocks launched are multiples of
    /// it.
    pub cluster: u32,
    /// Threads per block.
    pub block: u32,
    /// Bytes of dynamic shared memory per block (0 when the kernel declares its shared
    /// memory statically).
    pub shared_bytes: u32,
    /// TMA descriptors the host encodes (`cuTensorMapEncodeTiled`) and passes after
    /// [`Kernel::params`], in order.
    pub tensor_maps: Vec<TensorMap>,
    /// Bytes of global workspace the kernel takes after its pointers (`W`, a GEMM with
    /// split-K: its partial sums and arrival counters), zeroed once before the first
    /// launch; the kernel leaves the counters at zero again, so that the same workspace
    /// serves every launch (one at a time). 0: no workspace, no such pointer.
    pub workspace: u64,
}

/// A 2-D TMA descriptor of 16-bit or 8-bit elements with the 128-byte swizzle, described
/// for the host to encode with `cuTensorMapEncodeTiled` (out-of-bounds elements read as
/// zero).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TensorMap {
    /// The kernel pointer argument it describes (0 for `A`, 1 for `B`, 2 for `C`).
    pub operand: usize,
    /// Bytes of an element: 2 (`CU_TENSOR_MAP_DATA_TYPE_UINT16`) or 1 (`UINT8`, e4m3).
    pub elem_bytes: u32,
    /// Extents, the contiguous one first.
    pub dims: [u64; 2],
    /// Bytes between consecutive indices of the second dimension.
    pub stride_bytes: u64,
    /// The box one copy moves, the contiguous extent first.
    pub box_dims: [u32; 2],
}

/// The two integers of a rank-2 tuple of integers (a matrix's extents or strides).
pub(crate) fn int_pair(t: &IntTuple) -> Option<(Int, Int)> {
    match (
        t.rank(),
        t.try_get(0).ok()?.as_int(),
        t.try_get(1).ok()?.as_int(),
    ) {
        (2, Some(a), Some(b)) => Some((a, b)),
        _ => None,
    }
}

/// The identity layout of the `rows x cols` matrix padded to whole `(tr, tc)` tiles, divided
/// into those tiles (`zipped_divide`, as `local_tile`): `((tr,tc),(tiles))` to coordinates.
pub(crate) fn identity_tiles(
    rows: Int,
    cols: Int,
    tr: Int,
    tc: Int,
) -> Result<Layout, CodegenError> {
    let pad = |x: Int, t: Int| -> Result<Int, rcute::Error> { x.try_ceil_div(t)?.try_mul(t) };
    let padded = IntTuple::from_ints(&[pad(rows, tr)?.to_dynamic(), pad(cols, tc)?.to_dynamic()]);
    let tile = IntTuple::from_ints(&[tr, tc]);
    Ok(Layout::identity(padded).try_zipped_divide(&Tiler::try_from_shape(&tile)?)?)
}

/// A kernel's values after its pointers: its extents, then every function's parameters.
pub(crate) fn kernel_params(extents: &[(&str, Int)], fns: &[IndexFn]) -> Vec<Param> {
    extents
        .iter()
        .map(|&(name, v)| Param {
            name: name.to_string(),
            value: v.value(),
        })
        .chain(fns.iter().flat_map(|f| f.params().iter().cloned()))
        .collect()
}

/// The parameter list: `pointers`, then `params` in the index type `ty`.
pub(crate) fn declaration(pointers: &str, params: &[Param], ty: IndexType) -> String {
    let mut decl = pointers.to_string();
    for p in params {
        decl.push_str(&format!(", {} {}", ty.c_name(), p.name));
    }
    decl
}

/// A number of thread blocks as the launch takes it.
pub(crate) fn grid_count(grid: i64) -> Result<u32, CodegenError> {
    u32::try_from(grid).map_err(|_| CodegenError::Overflow {
        value: grid as i128,
        ty: IndexType::I32,
    })
}

/// An `m x n` matrix with dynamic extents; a leading dimension `ld` along rows
/// (row-major) or along columns, the unit stride static.
pub fn matrix(m: i64, n: i64, ld: i64, row_major: bool) -> Layout {
    let d = Int::dynamic;
    let stride = if row_major {
        [d(ld), Int::ONE]
    } else {
        [Int::ONE, d(ld)]
    };
    Layout::new(
        IntTuple::from_ints(&[d(m), d(n)]),
        IntTuple::from_ints(&stride),
    )
}
