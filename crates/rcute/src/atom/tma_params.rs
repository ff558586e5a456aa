//! The TMA operations and what a TMA copy atom carries beside its traits (the descriptor's
//! arguments and the TMA tensor's stride); [`super::tma`] builds them.

use crate::error::Error;
use crate::int::Int;
use crate::layout::Layout;
use crate::swizzle::Swizzle;
use crate::tensor::CoordTensor;
use crate::tuple::IntTuple;

/// The most dimensions of a TMA descriptor.
pub(crate) const TMA_RANK: usize = 5;

/// A TMA copy operation of CuTe's.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TmaOp {
    /// `SM90_TMA_LOAD`.
    Load,
    /// `SM90_TMA_LOAD_MULTICAST`.
    LoadMulticast,
    /// `SM90_TMA_STORE`.
    Store,
    /// `SM90_TMA_REDUCE_ADD`.
    ReduceAdd,
    /// `SM100_TMA_2SM_LOAD`: two CTAs (a CTA pair) issue one load, `ThrID` `_2:_1`.
    Load2Sm,
    /// `SM100_TMA_2SM_LOAD_MULTICAST`.
    Load2SmMulticast,
    /// `SM90_TMA_LOAD_IM2COL`: a convolution's activation tile, read through the im2col
    /// transform (`make_im2col_tma_copy` only).
    LoadIm2col,
    /// `SM90_TMA_LOAD_IM2COL_MULTICAST`.
    LoadIm2colMulticast,
    /// `SM90_TMA_STORE_IM2COL`.
    StoreIm2col,
    /// `SM100_TMA_2SM_LOAD_IM2COL`.
    Load2SmIm2col,
    /// `SM100_TMA_2SM_LOAD_IM2COL_MULTICAST`.
    Load2SmIm2colMulticast,
}

impl TmaOp {
    /// Every TMA operation.
    pub const ALL: [TmaOp; 11] = [
        TmaOp::Load,
        TmaOp::LoadMulticast,
        TmaOp::Store,
        TmaOp::ReduceAdd,
        TmaOp::Load2Sm,
        TmaOp::Load2SmMulticast,
        TmaOp::LoadIm2col,
        TmaOp::LoadIm2colMulticast,
        TmaOp::StoreIm2col,
        TmaOp::Load2SmIm2col,
        TmaOp::Load2SmIm2colMulticast,
    ];

    /// CuTe's name of the operation.
    pub const fn name(self) -> &'static str {
        match self {
            TmaOp::Load => "SM90_TMA_LOAD",
            TmaOp::LoadMulticast => "SM90_TMA_LOAD_MULTICAST",
            TmaOp::Store => "SM90_TMA_STORE",
            TmaOp::ReduceAdd => "SM90_TMA_REDUCE_ADD",
            TmaOp::Load2Sm => "SM100_TMA_2SM_LOAD",
            TmaOp::Load2SmMulticast => "SM100_TMA_2SM_LOAD_MULTICAST",
            TmaOp::LoadIm2col => "SM90_TMA_LOAD_IM2COL",
            TmaOp::LoadIm2colMulticast => "SM90_TMA_LOAD_IM2COL_MULTICAST",
            TmaOp::StoreIm2col => "SM90_TMA_STORE_IM2COL",
            TmaOp::Load2SmIm2col => "SM100_TMA_2SM_LOAD_IM2COL",
            TmaOp::Load2SmIm2colMulticast => "SM100_TMA_2SM_LOAD_IM2COL_MULTICAST",
        }
    }

    /// The operation called `name` (`cute::` may qualify it).
    pub fn from_name(name: &str) -> Option<TmaOp> {
        let name = name.strip_prefix("cute::").unwrap_or(name);
        TmaOp::ALL.into_iter().find(|o| o.name() == name)
    }

    /// The CTAs of one instruction (`size(ThrID)`): 2 for the SM100 2SM forms.
    pub const fn threads(self) -> i64 {
        match self {
            TmaOp::Load2Sm
            | TmaOp::Load2SmMulticast
            | TmaOp::Load2SmIm2col
            | TmaOp::Load2SmIm2colMulticast => 2,
            _ => 1,
        }
    }

    /// Whether it is an im2col operation (built by `make_im2col_tma_copy`, not by
    /// `make_tma_copy`).
    pub const fn is_im2col(self) -> bool {
        matches!(
            self,
            TmaOp::LoadIm2col
                | TmaOp::LoadIm2colMulticast
                | TmaOp::StoreIm2col
                | TmaOp::Load2SmIm2col
                | TmaOp::Load2SmIm2colMulticast
        )
    }
}

/// What a TMA copy atom carries beside its traits (CuTe's `AuxTmaParams` and the
/// arguments of its descriptor).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TmaParams {
    pub(crate) op: TmaOp,
    pub(crate) gbasis: Layout,
    pub(crate) g_stride: IntTuple,
    pub(crate) rank: usize,
    pub(crate) global_dim: [u64; TMA_RANK],
    pub(crate) global_strides: [u64; TMA_RANK],
    pub(crate) box_dim: [u32; TMA_RANK],
    pub(crate) swizzle: Swizzle,
    pub(crate) element_bits: i64,
}

impl TmaParams {
    /// The operation.
    pub fn op(&self) -> TmaOp {
        self.op
    }
    /// CuTe's `TmaGmemBasis`: the box's shape, each mode's stride the global mode(s) it
    /// walks (`(_64,_64):(_1@1,_1@0)`).
    pub fn gbasis(&self) -> &Layout {
        &self.gbasis
    }
    /// The stride of the TMA coordinate tensor (`AuxTmaParams::g_stride_`): global mode
    /// `i` steps TMA coordinate `j` as `E<j>`.
    pub fn g_stride(&self) -> &IntTuple {
        &self.g_stride
    }
    /// `tensorRank`.
    pub fn rank(&self) -> usize {
        self.rank
    }
    /// `globalDim`, elements.
    pub fn global_dim(&self) -> &[u64] {
        &self.global_dim[..self.rank]
    }
    /// `globalStrides`: dimensions 1 to `rank - 1`, bytes.
    pub fn global_strides(&self) -> &[u64] {
        &self.global_strides[1..self.rank]
    }
    /// `boxDim`, elements (truncated by the multicast).
    pub fn box_dim(&self) -> &[u32] {
        &self.box_dim[..self.rank]
    }
    /// The shared-memory swizzle, on elements.
    pub fn swizzle(&self) -> Swizzle {
        self.swizzle
    }
    /// The bits of the descriptor's element: the type the TMA moves (CuTe's
    /// `TmaInternalType`, the tensor's element type unless another is given).
    pub fn element_bits(&self) -> i64 {
        self.element_bits
    }

    /// CuTe's `get_tma_tensor(g_shape)`: the coordinate tensor of the TMA coordinates of a
    /// global tensor of shape `g_shape`, `make_coord_tensor(make_layout(g_shape, g_stride))`.
    ///
    /// # Errors
    /// `g_shape` not congruent with the global tensor's shape.
    pub fn tma_tensor(&self, g_shape: &IntTuple) -> Result<CoordTensor, Error> {
        let layout = Layout::try_new(*g_shape, self.g_stride).map_err(|_| Error::Precondition {
            msg: "get_tma_tensor: the shape is not congruent with the global tensor's (its rank and the TMA stride's)",
            mode: -1,
            lhs: g_shape.rank() as i64,
            rhs: self.g_stride.rank() as i64,
        })?;
        let origin = layout.try_coprofile()?;
        Ok(CoordTensor::new(origin, layout))
    }
}

/// CuTe's im2col TMA coordinate tensor (`get_tma_tensor` of an im2col copy, built by
/// `make_im2col_tma_copy_desc`): `ArithTuple(lower corner) o L o O o I`, the multimode
/// layout `L` of the GEMM's `((q,p,z,n),(c,s,r,t))` coordinates (basis strides scaled by
/// the traversal strides and the dilations) composed, after the offset `O`, with the
/// identity `I` of the linearised `(qpzn,(c,s,r,t))` shape.
///
/// ```
/// use rcute::atom::{Im2colConv, TmaOp, make_im2col_tma_copy};
/// use rcute::{layout, Int, MaybeSwizzled, Tiler};
/// let g = layout!(((_8,_8,_2),_64):((_64,_512,_4096),_1));
/// let s = MaybeSwizzled::Plain(layout!((_64,_64):(_64,_1)));
/// let conv = Im2colConv::try_defaults(2).unwrap();
/// let copy = make_im2col_tma_copy(TmaOp::LoadIm2col, &g, "half_t", 16, &s,
///                                 &Tiler::parse("(_64,_64)"), Int::constant(1), &conv).unwrap();
/// let t = copy.atom().op().im2col_tensor().unwrap().unwrap();
/// assert_eq!(t.to_string(), "ArithTuple(_0,(_0,_0),_0,(_0,_0)) o \
///     ((_8,_8,_2),(_64,_1,_1)):((_1@0@1,_1@1@1,_1@2),(_1@0,_1@0@3,_1@1@3)) o \
///     (_0,(_0,_0,_0)) o (_128,(_64,_1,_1)):(_1@0,(_1@0@1,_1@1@1,_1@2@1))");
/// // output pixel 1 (w = 1, h = 0, image 0), channel 3, filter tap (0, 0): the TMA
/// // coordinates (c, (w, h), n, (s, r))
/// assert_eq!(t.try_at(1 + 128 * 3).unwrap().to_string(), "(3,(1,0),0,(_0,0))");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Im2colTmaTensor {
    origin: IntTuple,
    outer: Layout,
    offset: IntTuple,
    inner: Layout,
}

impl Im2colTmaTensor {
    pub(crate) const fn new(
        origin: IntTuple,
        outer: Layout,
        offset: IntTuple,
        inner: Layout,
    ) -> Im2colTmaTensor {
        Im2colTmaTensor {
            origin,
            outer,
            offset,
            inner,
        }
    }

    /// The arithmetic tuple of the first element: `(_0, lower_corner, _0, lower_srt)`.
    pub const fn origin(&self) -> IntTuple {
        self.origin
    }
    /// The multimode layout of the GEMM coordinates, with basis strides.
    pub const fn outer(&self) -> Layout {
        self.outer
    }
    /// The offset between the two layouts (the linear identity's first coordinate).
    pub const fn offset(&self) -> IntTuple {
        self.offset
    }
    /// The identity layout of the linearised shape.
    pub const fn inner(&self) -> Layout {
        self.inner
    }

    /// The coordinate at 1-D index `i`: `origin + L(O + I(i))`.
    ///
    /// # Errors
    /// An index outside the tensor.
    pub fn try_at(&self, i: i64) -> Result<IntTuple, Error> {
        let size = self.inner.try_size()?;
        if i < 0 || i >= size.value() {
            return Err(Error::Precondition {
                msg: "im2col TMA tensor: the index must be inside the tensor (the index and its size)",
                mode: -1,
                lhs: i,
                rhs: size.value(),
            });
        }
        let lin = self.inner.try_apply(&IntTuple::from_int(Int::dynamic(i)))?;
        let crd = crate::tuple::arith_add(&self.offset, &lin)?;
        let v = self.outer.try_apply(&crd)?;
        crate::tuple::arith_add(&self.origin, &v)
    }
}

impl core::fmt::Display for Im2colTmaTensor {
    /// CuTe's `print` of the tensor: its iterator, then the composed layout `L o O o I`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "ArithTuple{} o {} o {} o {}",
            self.origin, self.outer, self.offset, self.inner
        )
    }
}
