//! Kernels whose indexing is computed with rcute's algebra on the host and emitted by
//! [`crate::codegen`].
//!
//! [`TiledCopy`] moves an `M x N` matrix through swizzled shared memory, a tile per thread
//! block: the tiles come from `zipped_divide` of the identity layout of the padded matrix
//! (so any `M` and `N` work, the edges predicated on the identity coordinates as in CuTe),
//! the threads' coordinates from composing the tiles with thread-value layouts, the shared
//! memory offsets from composing the swizzled shared layout with the same thread-value
//! layouts. A copy and a transpose differ only in the destination's layout and the
//! thread-value layout of the store.

use crate::codegen::{CodegenError, IndexFn, IndexType, Inputs, PRELUDE, Param};
use rcute::{ComposedLayout, Int, IntTuple, Layout, Swizzle, Tiler, layout};

/// An element type the copies move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    /// 4-byte `float`.
    F32,
    /// 2-byte half precision, moved as its 16-bit pattern.
    F16,
}

impl Elem {
    /// The C type the kernel moves.
    pub fn c_type(self) -> &'static str {
        match self {
            Elem::F32 => "float",
            Elem::F16 => "unsigned short",
        }
    }

    /// Bytes per element.
    pub fn bytes(self) -> usize {
        match self {
            Elem::F32 => 4,
            Elem::F16 => 2,
        }
    }
}

/// The layouts that define a tiled copy; everything else is derived from them.
#[derive(Clone, Debug)]
pub struct TiledCopy {
    /// The source matrix `(M,N)`: its strides give the source offsets.
    pub src: Layout,
    /// The destination matrix `(M,N)` (a transpose stores `(M,N):(1,ld)`).
    pub dst: Layout,
    /// The tile's shape, `(TM,TN)`.
    pub tile: IntTuple,
    /// The loading thread-value layout, `(T,V)` to 1-D indices of the tile.
    pub load_tv: Layout,
    /// The storing thread-value layout, `(T,V)` to 1-D indices of the tile.
    pub store_tv: Layout,
    /// The shared-memory tile, `(TM,TN)` to (swizzled) offsets.
    pub smem: ComposedLayout,
    /// The element type.
    pub elem: Elem,
}

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
    /// Thread blocks.
    pub grid: u32,
    /// Threads per block.
    pub block: u32,
    /// Bytes of dynamic shared memory per block (0 when the kernel declares its shared
    /// memory statically).
    pub shared_bytes: u32,
    /// TMA descriptors the host encodes (`cuTensorMapEncodeTiled`) and passes after
    /// [`Kernel::params`], in order.
    pub tensor_maps: Vec<TensorMap>,
}

/// A 2-D TMA descriptor of 16-bit elements with the 128-byte swizzle, described for the
/// host to encode with `cuTensorMapEncodeTiled` (out-of-bounds elements read as zero).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TensorMap {
    /// The kernel pointer argument it describes (0 for `A`, 1 for `B`).
    pub operand: usize,
    /// Extents, the contiguous one first.
    pub dims: [u64; 2],
    /// Bytes between consecutive indices of the second dimension.
    pub stride_bytes: u64,
    /// The box one copy moves, the contiguous extent first.
    pub box_dims: [u32; 2],
}

/// The modes `(T, V, tiles)` of the padded matrix's tiles composed with a thread-value
/// layout: coordinates as functions of thread, value and tile index.
fn thread_coords(tiles: &Layout, tv: &Layout) -> Result<Layout, CodegenError> {
    let t = tiles.try_mode(0)?.try_composition(tv)?;
    let m = |l: &Layout, i: usize| l.try_mode(i);
    Ok(Layout::try_concat(&[
        m(&t, 0)?,
        m(&t, 1)?,
        tiles.try_mode(1)?,
    ])?)
}

impl TiledCopy {
    /// The kernel `name` for an `m x n` matrix, with `int` indices when every value fits,
    /// `long long` otherwise.
    ///
    /// # Errors
    /// The layouts do not compose (rcute's error), or the thread-value layouts are not
    /// `(T,V)`.
    pub fn kernel(&self, name: &str) -> Result<Kernel, CodegenError> {
        self.kernel_with(name, IndexType::I32)
            .or_else(|_| self.kernel_with(name, IndexType::I64))
    }

    fn kernel_with(&self, name: &str, ty: IndexType) -> Result<Kernel, CodegenError> {
        let two = |t: &IntTuple| -> Result<(Int, Int), CodegenError> {
            match (t.rank(), t.try_get(0)?.as_int(), t.try_get(1)?.as_int()) {
                (2, Some(a), Some(b)) => Ok((a, b)),
                _ => Err(CodegenError::Layout(rcute::Error::WrongKind {
                    msg: "tiled copy: the matrix and the tile must be two integer modes",
                })),
            }
        };
        let (m, n) = two(&self.src.shape())?;
        let (tm, tn) = two(&self.tile)?;
        // the padded matrix: whole tiles
        let pad = |x: Int, t: Int| -> Result<Int, rcute::Error> { x.try_ceil_div(t)?.try_mul(t) };
        let padded = IntTuple::from_ints(&[pad(m, tm)?.to_dynamic(), pad(n, tn)?.to_dynamic()]);
        let tiles =
            Layout::identity(padded).try_zipped_divide(&Tiler::try_from_shape(&self.tile)?)?;
        let (ld, st) = (
            thread_coords(&tiles, &self.load_tv)?,
            thread_coords(&tiles, &self.store_tv)?,
        );
        let smem_ld = self
            .smem
            .try_composition_tiler(&Tiler::layout(self.load_tv))?;
        let smem_st = self
            .smem
            .try_composition_tiler(&Tiler::layout(self.store_tv))?;
        let fns = [
            IndexFn::coordinate("ld_r", &ld, 0, Inputs::Modes, ty)?,
            IndexFn::coordinate("ld_c", &ld, 1, Inputs::Modes, ty)?,
            IndexFn::coordinate("st_r", &st, 0, Inputs::Modes, ty)?,
            IndexFn::coordinate("st_c", &st, 1, Inputs::Modes, ty)?,
            IndexFn::layout("g_src", &self.src, Inputs::Modes, ty)?,
            IndexFn::layout("g_dst", &self.dst, Inputs::Modes, ty)?,
            IndexFn::composed("s_ld", &smem_ld, Inputs::Modes, ty)?,
            IndexFn::composed("s_st", &smem_st, Inputs::Modes, ty)?,
        ];
        let threads = self.load_tv.try_mode(0)?.size().value();
        let (v_ld, v_st) = (
            self.load_tv.try_mode(1)?.size().value(),
            self.store_tv.try_mode(1)?.size().value(),
        );
        let smem_size = self.smem.layout().try_cosize()?.value();
        let grid = tiles.try_mode(1)?.size().value();
        let t = self.elem.c_type();
        let it = ty.c_name();
        let mut src = String::from(PRELUDE);
        for f in &fns {
            src.push_str(&f.source());
        }
        let extent = |name: &str, v: Int| Param {
            name: name.to_string(),
            value: v.value(),
        };
        let params: Vec<Param> = [extent("M", m), extent("N", n)]
            .into_iter()
            .chain(fns.iter().flat_map(|f| f.params().iter().cloned()))
            .collect();
        let mut decl = format!("const {t}* __restrict__ src, {t}* __restrict__ dst");
        for p in &params {
            decl.push_str(&format!(", {it} {}", p.name));
        }
        let call = |f: &IndexFn, args: &str| {
            let mut s = format!("{}({args}", f.name());
            for p in f.params() {
                s.push_str(", ");
                s.push_str(&p.name);
            }
            s.push(')');
            s
        };
        src.push_str(&format!(
            "extern \"C\" __global__ void __launch_bounds__({threads}) {name}({decl}) {{\n\
             \x20   __shared__ {t} smem[{smem_size}];\n\
             \x20   const {it} t = threadIdx.x, b = blockIdx.x;\n\
             #pragma unroll\n\
             \x20   for ({it} v = 0; v < {v_ld}; ++v) {{\n\
             \x20       const {it} r = {}, c = {};\n\
             \x20       if (r < M && c < N) smem[{}] = src[{}];\n\
             \x20   }}\n\
             \x20   __syncthreads();\n\
             #pragma unroll\n\
             \x20   for ({it} v = 0; v < {v_st}; ++v) {{\n\
             \x20       const {it} r = {}, c = {};\n\
             \x20       if (r < M && c < N) dst[{}] = smem[{}];\n\
             \x20   }}\n\
             }}\n",
            call(&fns[0], "t, v, b"),
            call(&fns[1], "t, v, b"),
            call(&fns[6], "t, v"),
            call(&fns[4], "r, c"),
            call(&fns[2], "t, v, b"),
            call(&fns[3], "t, v, b"),
            call(&fns[5], "r, c"),
            call(&fns[7], "t, v"),
        ));
        Ok(Kernel {
            name: name.to_string(),
            source: src,
            params,
            index_type: ty,
            grid: u32::try_from(grid).map_err(|_| CodegenError::Overflow {
                value: grid as i128,
                ty: IndexType::I32,
            })?,
            block: threads as u32,
            shared_bytes: 0,
            tensor_maps: Vec::new(),
        })
    }
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

/// The copy or transpose of an `m x n` row-major matrix (the transpose is stored
/// column-major): 32x32 tiles, 256 threads, 4 values each, swizzled shared memory.
pub fn tiled(elem: Elem, m: i64, n: i64, transpose: bool) -> TiledCopy {
    // loads: a warp along a row (contiguous in the row-major source), 8 rows per pass
    let along_rows = layout!(((_32, _8), _4):((_32, _1), _8));
    // transposed stores: a warp down a column (contiguous in the column-major destination)
    let along_cols = layout!(((_32, _8), _4):((_1, _32), _256));
    let row_major = layout!((_32, _32):(_32, _1));
    // XOR the row into the column's bank bits: a warp reading a column hits 32 banks
    let swizzle = match elem {
        Elem::F32 => Swizzle::new(5, 0, 5),
        Elem::F16 => Swizzle::new(4, 1, 5),
    };
    let src = matrix(m, n, n, true);
    TiledCopy {
        src,
        dst: if transpose {
            matrix(m, n, m, false)
        } else {
            src
        },
        tile: rcute::int_tuple!((_32, _32)),
        load_tv: along_rows,
        store_tv: if transpose { along_cols } else { along_rows },
        smem: ComposedLayout::new(swizzle, Int::ZERO, row_major),
        elem,
    }
}
