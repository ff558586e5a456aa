//! A [`Gemm`] compiled for a device, launched on the caller's buffers.

use super::{CompiledKernel, Device, LaunchError, TensorMapArg, check_buffer, encode_tensor_map};
use crate::gemm::{Gemm, Instr, MmaType};
use cudarc::driver::{CudaSlice, CudaStream, DevicePtr, DeviceRepr, PushKernelArg};

/// An input element type a GEMM runs on: `half::f16`, `half::bf16` or [`E4m3`].
pub trait GemmElement: DeviceRepr {
    /// The kernel's [`MmaType`] for this element.
    const TYPE: MmaType;
    /// The element type of `C` ([`MmaType::output`]): the type itself for the 16-bit
    /// types, `half::bf16` for [`E4m3`].
    type Output: GemmElement;
    /// The element nearest `x`.
    fn from_f32(x: f32) -> Self;
    /// The element's value (exact: every type is narrower than `f32`).
    fn to_f32(self) -> f32;
}

impl GemmElement for half::f16 {
    const TYPE: MmaType = MmaType::F16;
    type Output = half::f16;
    fn from_f32(x: f32) -> Self {
        half::f16::from_f32(x)
    }
    fn to_f32(self) -> f32 {
        half::f16::to_f32(self)
    }
}

impl GemmElement for half::bf16 {
    const TYPE: MmaType = MmaType::Bf16;
    type Output = half::bf16;
    fn from_f32(x: f32) -> Self {
        half::bf16::from_f32(x)
    }
    fn to_f32(self) -> f32 {
        half::bf16::to_f32(self)
    }
}

/// An FP8 e4m3 value (OCP `E4M3FN`: 1 sign bit, 4 exponent bits of bias 7, 3 mantissa
/// bits, no infinities, `0x7f`/`0xff` NaN, largest finite 448): the input type of
/// [`MmaType::E4M3`] GEMMs, the `float8` crate's type, which cudarc copies to the device
/// (its feature `f8`). Conversions round to nearest, ties to even, and saturate at 448.
///
/// ```
/// use rcute_cuda::launch::{E4m3, GemmElement};
/// assert_eq!(E4m3::from_f32(1.0).to_bits(), 0x38);
/// assert_eq!(GemmElement::to_f32(E4m3::from_f32(-3.5)), -3.5);
/// assert_eq!(E4m3::from_f32(1000.0).to_bits(), 0x7e); // saturates at 448
/// assert_eq!(E4m3::from_f32(1.0 / 512.0).to_bits(), 0x01); // the smallest subnormal
/// assert_eq!(E4m3::from_f32(1.0625).to_f32(), 1.0); // ties to even
/// ```
pub use float8::F8E4M3 as E4m3;

impl GemmElement for E4m3 {
    const TYPE: MmaType = MmaType::E4M3;
    type Output = half::bf16;
    fn from_f32(x: f32) -> Self {
        E4m3::from_f32(x)
    }
    fn to_f32(self) -> f32 {
        E4m3::to_f32(&self)
    }
}

/// `n` deterministic values in `[-1, 1)` on a grid of 1/64, exact in `f16` and `bf16`,
/// a different stream for each `seed`: operands whose products and sums the host can
/// compute exactly (the bench's and the device tests' data).
///
/// ```
/// use rcute_cuda::launch::grid_values;
/// let v = grid_values(1000, 1);
/// assert!(v.iter().all(|&x| (-1.0..1.0).contains(&x) && (x * 64.0).fract() == 0.0));
/// assert_ne!(v, grid_values(1000, 2));
/// ```
pub fn grid_values(n: usize, seed: u64) -> Vec<f32> {
    lcg(seed)
        .take(n)
        .map(|x| ((x >> 33) % 128) as f32 / 64.0 - 1.0)
        .collect()
}

/// The states of a linear congruential generator after `seed` (Knuth's MMIX constants):
/// the deterministic streams of [`grid_values`] and [`fp8_values`].
fn lcg(seed: u64) -> impl Iterator<Item = u64> {
    let step = |x: u64| {
        x.wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407)
    };
    core::iter::successors(Some(step(step(seed))), move |&x| Some(step(x)))
}

/// `n` deterministic values exact in e4m3, `{-2, -1.5, ..., 1.5, 2}`, a different stream
/// for each `seed`: FP8 operands whose products are multiples of 1/4, so that a sum of
/// them is exact in `f32` while its magnitude stays below `2^22`, and in as few as 14
/// significant bits (should the tensor cores' FP8 accumulation keep fewer than f32's) below
/// `2^12`, as random sums of 8192 do (their standard deviation is about 150): the only
/// rounding is the one to `C`'s bfloat16.
///
/// ```
/// use rcute_cuda::launch::{E4m3, GemmElement, fp8_values};
/// let v = fp8_values(1000, 1);
/// assert!(v.iter().all(|&x| E4m3::from_f32(x).to_f32() == x && x.abs() <= 2.0));
/// ```
pub fn fp8_values(n: usize, seed: u64) -> Vec<f32> {
    lcg(seed)
        .take(n)
        .map(|x| ((x >> 33) % 9) as f32 / 2.0 - 2.0)
        .collect()
}

/// The `rows x cols` matrix `v` (row-major `f32` values) as the elements of an operand
/// stored row-major or column-major (contiguous leading dimension), ready to copy to the
/// device.
///
/// ```
/// use rcute_cuda::launch::host_matrix;
/// let v = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]; // 2 x 3, row-major
/// let col: Vec<half::f16> = host_matrix(&v, 2, 3, false);
/// let back: Vec<f32> = col.iter().map(|x| x.to_f32()).collect();
/// assert_eq!(back, [1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
/// ```
pub fn host_matrix<T: GemmElement>(v: &[f32], rows: usize, cols: usize, row_major: bool) -> Vec<T> {
    (0..v.len())
        .map(|i| {
            let (r, c) = if row_major {
                (i / cols, i % cols)
            } else {
                (i % rows, i / rows)
            };
            T::from_f32(v[r * cols + c])
        })
        .collect()
}

/// The arguments a GEMM kernel takes besides its operands: a fused
/// [`Epilogue`](crate::gemm::Epilogue)'s `scales` (two `f32`, `scale_a` and `scale_b`,
/// where it has [`scale`](crate::gemm::Epilogue::scale)) and `bias` (`N` `f32`, where it
/// has [`bias`](crate::gemm::Epilogue::bias)), and a [grouped](Gemm::groups) GEMM's
/// `groups` (the group of each `BM` rows of `A`, [`group_tiles`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct GemmArgs<'a> {
    /// `scale_a`, `scale_b`.
    pub scales: Option<&'a CudaSlice<f32>>,
    /// A value per column of `C`.
    pub bias: Option<&'a CudaSlice<f32>>,
    /// The group of each `BM` rows.
    pub groups: Option<&'a CudaSlice<i32>>,
}

/// The rows of a [grouped](Gemm::groups) GEMM's `A` and `C` for groups of `sizes` rows,
/// each group's rows starting at a multiple of `align` ([`crate::gemm::GROUP_ALIGN`]): the
/// first row of each group, the rows in all (padding included), and the group of each
/// `align` rows (the kernel's `G`).
///
/// ```
/// use rcute_cuda::launch::group_tiles;
/// let (first, rows, tiles) = group_tiles(&[100, 0, 300], 128);
/// assert_eq!(first, [0, 128, 128]);
/// assert_eq!(rows, 512);
/// assert_eq!(tiles, [0, 2, 2, 2]);
/// ```
pub fn group_tiles(sizes: &[usize], align: usize) -> (Vec<usize>, usize, Vec<i32>) {
    let mut first = Vec::with_capacity(sizes.len());
    let mut tiles = Vec::new();
    let mut row = 0;
    for (g, &s) in sizes.iter().enumerate() {
        first.push(row);
        let t = s.div_ceil(align);
        tiles.extend(std::iter::repeat_n(g as i32, t));
        row += t * align;
    }
    (first, row, tiles)
}

/// A [`Gemm`]'s kernel compiled and loaded on a [`Device`], and the workspace it owns.
///
/// A kernel with split-K ([`crate::gemm::Tiling::splits`] > 1) needs a global workspace
/// ([`Kernel::workspace`](crate::kernel::Kernel::workspace) bytes: the units' partial
/// sums and the tiles' arrival counters). The layouts fix its size, so it is allocated
/// (zeroed) when the GEMM is compiled and passed by every [`CompiledGemm::launch`]; the
/// kernel sets the counters back to zero, so no launch clears it. Launches of one
/// `CompiledGemm` share it: they must not run at the same time (enqueue them on one
/// stream, or order the streams), while two `CompiledGemm`s of the same GEMM have a
/// workspace each.
#[derive(Debug)]
pub struct CompiledGemm {
    gemm: Gemm,
    kernel: CompiledKernel,
    workspace: Option<CudaSlice<u8>>,
}

impl Gemm {
    /// Generates the kernel (named `gemm_<type>`), compiles it for `device` (NVRTC, once
    /// per source text: the device caches the module) and loads it.
    ///
    /// # Errors
    /// As [`Gemm::kernel`], and as [`Device::compile`]; a `wgmma` kernel on a device other
    /// than compute capability 9.0, an `mma.sync` kernel below 8.0.
    pub fn compile(&self, device: &Device) -> Result<CompiledGemm, LaunchError> {
        let (needs, ok) = match self.instr {
            Instr::Wgmma => ("sm_90a", device.capability() == (9, 0)),
            Instr::MmaSync => ("sm_80", device.capability() >= (8, 0)),
        };
        if !ok {
            return Err(LaunchError::Arch {
                needs,
                capability: device.capability(),
            });
        }
        let kernel = self.kernel(&format!("gemm_{}", self.ty.ptx()))?;
        let workspace = match kernel.workspace {
            0 => None,
            bytes => Some(device.stream().alloc_zeros::<u8>(bytes as usize)?),
        };
        Ok(CompiledGemm {
            gemm: self.clone(),
            kernel: device.compile(&kernel)?,
            workspace,
        })
    }
}

impl CompiledGemm {
    /// The GEMM it was compiled from.
    pub fn gemm(&self) -> &Gemm {
        &self.gemm
    }

    /// The compiled kernel (its source, launch shape and function).
    pub fn kernel(&self) -> &CompiledKernel {
        &self.kernel
    }

    /// The compiled kernel, to [limit](CompiledKernel::limit_blocks) the blocks a
    /// persistent kernel is launched with.
    pub fn kernel_mut(&mut self) -> &mut CompiledKernel {
        &mut self.kernel
    }

    /// Enqueues `C = A * B^T` on `stream`: `a`, `b` and `c` hold the operands in the
    /// [`Gemm`]'s layouts (`A` as `(M,K)`, `B` as `(N,K)`, `C` as `(M,N)`; `C` of
    /// [`Gemm::c_type`], bfloat16 for [`E4m3`] inputs). TMA
    /// descriptors, if the kernel loads (and stores) by TMA, are encoded for `a` and `b`
    /// (and `c`) here. A split-K kernel also takes the [workspace](CompiledGemm) this
    /// `CompiledGemm` owns: launches of it must not overlap. A GEMM with a fused epilogue
    /// that takes scales or a bias, or a grouped GEMM, is launched with
    /// [`CompiledGemm::launch_with`].
    ///
    /// # Errors
    /// Checked on the host before anything is enqueued: `T` is not the GEMM's type (or
    /// `O` not `C`'s), a
    /// buffer is shorter than its layout's cosize or not 16-byte aligned, a tensor map's
    /// stride is not a multiple of 16 bytes, `stream` or a buffer belongs to another
    /// context, the epilogue needs scales or a bias; then
    /// the driver's errors.
    pub fn launch<T: GemmElement, O: GemmElement>(
        &self,
        stream: &CudaStream,
        a: &CudaSlice<T>,
        b: &CudaSlice<T>,
        c: &mut CudaSlice<O>,
    ) -> Result<(), LaunchError> {
        self.launch_with(stream, a, b, c, &GemmArgs::default())
    }

    /// [`CompiledGemm::launch`] with the arguments of a fused
    /// [`Epilogue`](crate::gemm::Epilogue) and of a [grouped](Gemm::groups) GEMM
    /// ([`GemmArgs`]).
    ///
    /// # Errors
    /// As [`CompiledGemm::launch`]; scales, a bias or the groups missing where the kernel
    /// takes them, given where it does not, or shorter than 2, `N` and `M / BM` values.
    pub fn launch_with<T: GemmElement, O: GemmElement>(
        &self,
        stream: &CudaStream,
        a: &CudaSlice<T>,
        b: &CudaSlice<T>,
        c: &mut CudaSlice<O>,
        args: &GemmArgs,
    ) -> Result<(), LaunchError> {
        let GemmArgs {
            scales,
            bias,
            groups,
        } = *args;
        if T::TYPE != self.gemm.ty {
            return Err(LaunchError::Type {
                kernel: self.gemm.ty.ptx(),
                buffers: T::TYPE.ptx(),
            });
        }
        if O::TYPE != self.gemm.c_type() {
            return Err(LaunchError::Type {
                kernel: self.gemm.c_type().ptx(),
                buffers: O::TYPE.ptx(),
            });
        }
        let ep = self.gemm.epilogue;
        if ep.scale != scales.is_some() {
            return Err(LaunchError::Epilogue("the scales"));
        }
        if ep.bias != bias.is_some() {
            return Err(LaunchError::Epilogue("the bias"));
        }
        if self.gemm.groups.is_some() != groups.is_some() {
            return Err(LaunchError::Epilogue("the groups"));
        }
        let (m, n) = (
            self.gemm.c.shape().leaf(0).value(),
            self.gemm.c.shape().leaf(1).value(),
        );
        if let Some(s) = scales {
            check_buffer("scales", s.len(), 0, 2, 1)?;
        }
        if let Some(bv) = bias {
            check_buffer("bias", bv.len(), 0, n, 1)?;
        }
        if let Some(gv) = groups {
            let bm = self.gemm.tiling.bm;
            check_buffer("groups", gv.len(), 0, (m + bm - 1) / bm, 1)?;
        }
        let extra = [scales, bias]
            .into_iter()
            .flatten()
            .map(|x| x.stream().as_ref());
        self.kernel.check_context(
            [
                stream,
                a.stream().as_ref(),
                b.stream().as_ref(),
                c.stream().as_ref(),
            ]
            .into_iter()
            .chain(extra)
            .chain(groups.map(|x| x.stream().as_ref())),
        )?;
        let g = &self.gemm;
        let (pa, pb, pc) = {
            let (pa, _ra) = a.device_ptr(stream);
            let (pb, _rb) = b.device_ptr(stream);
            let (pc, _rc) = c.device_ptr(stream);
            (pa, pb, pc)
        };
        // 16 bytes: the `cp.async` copies and the TMA read 16 bytes at a time, and the
        // stores write pairs
        check_buffer("A", a.len(), pa, g.a.cosize().value(), 16)?;
        check_buffer("B", b.len(), pb, g.b.cosize().value(), 16)?;
        check_buffer("C", c.len(), pc, g.c.cosize().value(), 16)?;
        let maps = self
            .kernel
            .kernel()
            .tensor_maps
            .iter()
            .map(|m| match m.operand {
                0 => encode_tensor_map("A", m, pa),
                1 => encode_tensor_map("B", m, pb),
                _ => encode_tensor_map("C", m, pc),
            })
            .collect::<Result<Vec<TensorMapArg>, _>>()?;
        let mut l = stream.launch_builder(&self.kernel.function);
        l.arg(a);
        l.arg(b);
        l.arg(c);
        if let Some(w) = &self.workspace {
            l.arg(w);
        }
        if let Some(s) = scales {
            l.arg(s);
        }
        if let Some(bv) = bias {
            l.arg(bv);
        }
        if let Some(gv) = groups {
            l.arg(gv);
        }
        self.kernel.args.push(&mut l);
        for m in &maps {
            l.arg(m);
        }
        // SAFETY: the arguments are pushed in the order and with the types of the kernel's
        // signature (`A, B, C`, the workspace `W` of `Kernel::workspace` bytes if the kernel
        // has one, the epilogue's `S` (2 floats) and `bias` (N floats) and the groups `G`
        // (an i32 per BM rows, each less than `Gemm::groups`, which the caller vouches
        // for: B's TMA loads are clipped to its tensor map in any case) if it takes them, then `Kernel::params` in its index type, then the tensor maps, encoded
        // from `Kernel::tensor_maps` for `a` and `b`); `T` is the kernel's
        // element type; `a`, `b`, `c` hold at least the cosizes of the layouts the kernel
        // was generated from, and every access of the kernel is predicated on the
        // coordinates being inside the layouts' shapes; the dynamic shared memory is
        // `Kernel::shared_bytes`, allowed by the function's attribute when it was loaded.
        unsafe { l.launch(self.kernel.config()) }?;
        Ok(())
    }
}
