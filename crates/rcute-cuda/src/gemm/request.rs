//! What a GEMM is asked for: the element type, the instruction, the tiling and the
//! operands' layouts ([`Gemm`]), and the helpers that read the operands' extents and
//! strides.

use crate::codegen::CodegenError;
use crate::kernel::int_pair;
use rcute::atom::GmmaTypes;
use rcute::{Int, IntTuple, Layout};

/// The input type of the product (and, for the 16-bit types, its output type).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MmaType {
    /// IEEE half precision.
    F16,
    /// bfloat16.
    Bf16,
    /// FP8 e4m3 inputs (one byte each; `wgmma` only, both operands K-major, loaded by TMA)
    /// with a bfloat16 output ([`MmaType::output`]) and `f32` accumulation:
    /// `wgmma.mma_async.m64nNk32.f32.e4m3.e4m3`.
    E4M3,
}

impl MmaType {
    /// The PTX type name of the inputs.
    pub fn ptx(self) -> &'static str {
        match self {
            MmaType::F16 => "f16",
            MmaType::Bf16 => "bf16",
            MmaType::E4M3 => "e4m3",
        }
    }

    /// The type of `C`: the input type for the 16-bit types, bfloat16 for e4m3 (one of
    /// the output types cuBLASLt's FP8 GEMM supports, and 16 bits wide like the others, so
    /// the epilogue is the same).
    pub fn output(self) -> MmaType {
        match self {
            MmaType::E4M3 => MmaType::Bf16,
            t => t,
        }
    }

    /// Bytes of one input element: 2, or 1 for e4m3.
    pub fn bytes(self) -> i64 {
        match self {
            MmaType::E4M3 => 1,
            _ => 2,
        }
    }

    /// The `wgmma` atom's types (f32 accumulators): `F32F16F16`, `F32BF16BF16` or
    /// `Fp8` e4m3 x e4m3.
    pub fn gmma_types(self) -> GmmaTypes {
        match self {
            MmaType::F16 => GmmaTypes::F32F16F16,
            MmaType::Bf16 => GmmaTypes::F32BF16BF16,
            MmaType::E4M3 => GmmaTypes::Fp8 {
                f32: true,
                a_e5m2: false,
                b_e5m2: false,
            },
        }
    }

    /// The shared-memory swizzle atom of the `wgmma` operands: the 128-byte swizzle
    /// `Sw<3,4,3>` on bytes, upcast to the element (CuTe's `GMMA::Layout_K_SW128_Atom<T>`,
    /// `upcast<sizeof_bits<T>>` of the bit atom): `Sw<3,3,3>` for 16-bit elements,
    /// `Sw<3,4,3>` for 8-bit ones.
    ///
    /// ```
    /// use rcute_cuda::gemm::MmaType;
    /// assert_eq!(MmaType::F16.swizzle(), rcute::Swizzle::new(3, 3, 3));
    /// assert_eq!(MmaType::E4M3.swizzle(), rcute::Swizzle::new(3, 4, 3));
    /// ```
    pub fn swizzle(self) -> rcute::Swizzle {
        rcute::Swizzle::new(3, 4, 3)
            .try_upcast(self.bytes())
            .expect("1 and 2 are powers of two")
    }

    /// Elements in a 128-byte swizzle row: the `K` of a K-major stage (64 for 16-bit
    /// types, 128 for e4m3).
    pub fn row_elements(self) -> i64 {
        128 / self.bytes()
    }
}

/// The tensor-core instruction the kernel is built on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Instr {
    /// `mma.sync.m16n8k16` (sm_80 and later): warps load fragments with `ldmatrix`.
    MmaSync,
    /// `wgmma.mma_async.m64nNk16` (sm_90a): warpgroups multiply straight from shared
    /// memory through matrix descriptors.
    Wgmma,
}

/// The block and warp shape of the kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tiling {
    /// Rows of `C` per block.
    pub bm: i64,
    /// Columns of `C` per block.
    pub bn: i64,
    /// `K` per pipeline stage: one 128-byte swizzle row of a K-major tile, 64 16-bit
    /// elements or 128 e4m3 ([`MmaType::row_elements`]).
    pub bk: i64,
    /// Warps along M.
    pub warps_m: i64,
    /// Warps along N.
    pub warps_n: i64,
    /// Tiles in flight.
    pub stages: i64,
    /// `wgmma` only (ignored by `mma.sync`): the warp-specialized persistent kernel. A
    /// producer warpgroup fills the stages, the `warps_m` consumer warpgroups multiply;
    /// each stage has a *full* mbarrier (its data has landed) and an *empty* one (every
    /// consumer warpgroup is done with it). On TMA loads one producer thread issues them
    /// and the warpgroup gives its registers to the others with `setmaxnreg`; where the
    /// operands' rows are not 16-byte aligned its 128 threads copy. The blocks stay
    /// resident, as many as fit at once, and walk the output tiles in [`Kernel::grid`](crate::kernel::Kernel::grid)'s
    /// order with a stride of the blocks launched, so the producer loads the next tile
    /// while the consumers store the last. Without it, every thread waits on each stage
    /// and one thread issues the loads between `__syncthreads()`, one block per tile.
    pub specialized: bool,
    /// Blocks of a thread-block cluster along M, 1 or 2 ([specialized](Tiling::specialized)
    /// kernels on TMA loads only, ignored otherwise: [`GemmPlan::cluster`](super::GemmPlan::cluster)): the blocks of
    /// a cluster compute tiles of neighbouring rows and the same columns, so they share
    /// `B`'s tile; each loads `1 / cluster` of its rows and the TMA multicasts them to
    /// every block of the cluster.
    pub cluster: i64,
    /// Split-K ([specialized](Tiling::specialized) kernels only; 1: none): `K`'s `KT`
    /// k-tiles are cut into this many ranges of `ceil(KT / splits)` (the last may be
    /// shorter, none may be empty: [`GemmPlan::split`](super::GemmPlan::split)), and the persistent blocks walk the
    /// `(split, tile)` units. Each unit leaves its partial sums in a workspace
    /// ([`Kernel::workspace`](crate::kernel::Kernel::workspace)); the last unit of a tile to finish adds them in split order
    /// and stores the tile, in the same launch, so a problem of few tiles keeps more SMs
    /// busy.
    pub splits: i64,
}

impl Default for Tiling {
    /// `128 x 128 x 64`, 2 x 2 warps of `64 x 64`, 3 stages (96 KiB of shared memory).
    fn default() -> Self {
        Tiling {
            bm: 128,
            bn: 128,
            bk: 64,
            warps_m: 2,
            warps_n: 2,
            stages: 3,
            specialized: false,
            cluster: 1,
            splits: 1,
        }
    }
}

impl Tiling {
    /// Threads per block on `instr`: a warp per `(warps_m, warps_n)` for `mma.sync`, a
    /// warpgroup per `warps_m` for `wgmma`.
    pub fn threads(&self, instr: Instr) -> i64 {
        match instr {
            Instr::MmaSync => 32 * self.warps_m * self.warps_n,
            Instr::Wgmma => 128 * self.warps_m,
        }
    }

    /// The `wgmma` kernel's default: `128 x 256 x 64`, two warpgroups of `64 x 256`
    /// (`warps_m` counts warpgroups for [`Instr::Wgmma`], `warps_n` is 1), 4 stages
    /// (192 KiB of shared memory), [warp-specialized](Tiling::specialized), in clusters
    /// of 2 blocks along M that share `B`'s tiles.
    pub fn wgmma() -> Tiling {
        Tiling {
            bm: 128,
            bn: 256,
            bk: 64,
            warps_m: 2,
            warps_n: 1,
            stages: 4,
            specialized: true,
            cluster: 2,
            splits: 1,
        }
    }

    /// The `wgmma` kernel for problems whose `128 x 256` and `128 x 128` tiles are too few
    /// to fill the SMs: `64 x 128 x 64`, one consumer warpgroup, 8 stages, specialized,
    /// no clusters (what [`Gemm::tuned`] picks for them, split-K included).
    pub fn wgmma_64x128() -> Tiling {
        Tiling {
            bm: 64,
            bn: 128,
            warps_m: 1,
            stages: 8,
            cluster: 1,
            ..Tiling::wgmma()
        }
    }

    /// The k-tiles of a `K` of `k` elements: `ceil(k / bk)`.
    pub fn k_tiles(&self, k: i64) -> i64 {
        (k + self.bk - 1) / self.bk
    }
}

/// The k-tiles of each of `splits` ranges of `kt` k-tiles, `ceil(kt / splits)` (the last
/// range has what is left); `None` where the last range would be empty.
pub(crate) fn split_range(kt: i64, splits: i64) -> Option<i64> {
    let per_split = (kt + splits - 1) / splits;
    (kt >= 1 && (splits - 1) * per_split < kt).then_some(per_split)
}

/// A GEMM `C(M,N) = A(M,K) * B(N,K)^T`: the operands' layouts and the tiling.
#[derive(Clone, Debug)]
pub struct Gemm {
    /// The tensor-core instruction.
    pub instr: Instr,
    /// The type of `A`, `B` and `C`.
    pub ty: MmaType,
    /// `A` as `(M,K)`.
    pub a: Layout,
    /// `B` as `(N,K)`.
    pub b: Layout,
    /// `C` as `(M,N)`.
    pub c: Layout,
    /// Block and warp shape.
    pub tiling: Tiling,
    /// What the kernel does to the accumulators before it stores them (none by default).
    pub epilogue: Epilogue,
    /// A grouped GEMM (the mixture-of-experts layer) of this many groups in one launch:
    /// `B` stacks the groups' `N x K` matrices (`(G N, K)`), `A` (`(M, K)`) and `C`
    /// (`(M, N)`) hold the groups' rows one after another, each group's rows starting at a
    /// multiple of `BM` ([`GROUP_ALIGN`] for [`Gemm::tuned`](super::Gemm::tuned)'s
    /// kernels; the rows up to the next group's are padding, multiplied like the others).
    /// The kernel takes a device array `G` of one `i32` per `BM` rows of `A`: the group of
    /// those rows (their `B` starts at row `G[tile] N`). The specialized `wgmma` kernel on
    /// TMA loads without clusters or split-K only.
    pub groups: Option<i64>,
}

/// The rows each group of a [grouped](Gemm::groups) GEMM starts at are a multiple of
/// this (the `BM` of the tilings [`Gemm::tuned`](super::Gemm::tuned) picks for them).
pub const GROUP_ALIGN: i64 = 128;

/// An elementwise function applied to each result before it is stored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Activation {
    /// None: `x`.
    #[default]
    Identity,
    /// `max(x, 0)`.
    Relu,
    /// GELU, tanh approximation: `x/2 (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))` (as
    /// cuBLASLt's `GELU` epilogue and PyTorch's `gelu(approximate="tanh")`).
    Gelu,
    /// SiLU: `x / (1 + exp(-x))`.
    Silu,
}

impl Activation {
    /// The C function of the kernel's epilogue (`epilogue.cuh`).
    pub fn c_name(self) -> &'static str {
        match self {
            Activation::Identity => "rcute_identity",
            Activation::Relu => "rcute_relu",
            Activation::Gelu => "rcute_gelu",
            Activation::Silu => "rcute_silu",
        }
    }
}

/// The fused epilogue of a GEMM: `C = act(scale_a scale_b (A B^T) + bias)` in `C`'s type,
/// computed in `f32` on the accumulators before they are rounded once to `C`'s type. It
/// runs in the epilogue through shared memory and TMA stores of the specialized `wgmma`
/// kernel ([`GemmPlan::c_store`](super::GemmPlan::c_store)); a GEMM whose plan has no such
/// epilogue (`C` not row- or column-major with 16-byte rows, `mma.sync`) and asks for one
/// is refused.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Epilogue {
    /// Per-tensor scales: the kernel takes a pointer `S` to two `f32`, `scale_a` and
    /// `scale_b` (on the device, as FP8 GEMMs keep them), and multiplies the products by
    /// both.
    pub scale: bool,
    /// A per-column bias: the kernel takes a pointer `bias` to `N` `f32` values, added to
    /// each column.
    pub bias: bool,
    /// The activation applied last.
    pub activation: Activation,
    /// `C`'s type, if not [`MmaType::output`] of the inputs: `Bf16` or `F16`.
    pub output: Option<MmaType>,
}

impl Epilogue {
    /// Nothing to do: the accumulators are stored as they are.
    pub fn is_plain(&self) -> bool {
        *self == Epilogue::default()
    }
}

pub(crate) fn st(v: i64) -> Int {
    Int::new(v, true)
}

pub(crate) fn st2(a: i64, b: i64) -> IntTuple {
    IntTuple::from_ints(&[st(a), st(b)])
}

pub(crate) fn wrong(msg: &'static str) -> CodegenError {
    CodegenError::Layout(rcute::Error::WrongKind { msg })
}

/// `(rows, cols)` of a rank-2 layout of integers.
pub(crate) fn extents(l: &Layout) -> Result<(Int, Int), CodegenError> {
    int_pair(&l.shape()).ok_or(wrong(
        "gemm: an operand must be a rank-2 layout of integers",
    ))
}

/// Integer strides of a rank-2 layout.
pub(crate) fn strides(l: &Layout) -> Result<(i64, i64), CodegenError> {
    let (a, b) =
        int_pair(&l.stride()).ok_or(wrong("gemm: an operand's strides must be integers"))?;
    Ok((a.value(), b.value()))
}
