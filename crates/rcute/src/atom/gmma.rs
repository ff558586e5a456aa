//! SM90 GMMA atoms (`wgmma.mma_async`): every `SM90_64xNxK_*` of CuTe's
//! `mma_traits_sm90_gmma.hpp`, built from N, the types and the operand sources.

use super::mma::MmaAtom;
use super::name::AtomName;
use crate::error::{Error, tri};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;

/// The major of a GMMA operand in shared memory (CuTe's `GMMA::Major`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GmmaMajor {
    /// K-major (`GMMA::Major::K`): consecutive K elements are adjacent.
    K,
    /// M- or N-major (`GMMA::Major::MN`).
    MN,
}

impl GmmaMajor {
    const fn as_str(self) -> &'static str {
        match self {
            GmmaMajor::K => "K",
            GmmaMajor::MN => "MN",
        }
    }
}

/// The types of a GMMA instruction, as CuTe names them in the atom
/// (`F32F16F16`: D f32, A and B f16).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GmmaTypes {
    /// f16 x f16 + f16 (K = 16).
    F16F16F16,
    /// f16 x f16 + f32 (K = 16).
    F32F16F16,
    /// bf16 x bf16 + f32 (K = 16).
    F32BF16BF16,
    /// tf32 x tf32 + f32 (K = 8, K-major only).
    F32TF32TF32,
    /// fp8 x fp8 (K = 32, K-major only): the accumulator (`F32` or `F16`) and the types of
    /// A and B, each `E4M3` or `E5M2`.
    Fp8 {
        /// An f32 accumulator (else f16).
        f32: bool,
        /// A is e5m2 (else e4m3).
        a_e5m2: bool,
        /// B is e5m2 (else e4m3).
        b_e5m2: bool,
    },
    /// 8-bit integers x 8-bit integers + s32 (K = 32, K-major only; N = 8, 16, 24 or a
    /// multiple of 16 from 32): `S32S8U8` and so on, `_SATURATE` or not.
    Int8 {
        /// A is u8 (else s8).
        a_unsigned: bool,
        /// B is u8 (else s8).
        b_unsigned: bool,
        /// The saturating form (`_TN_SATURATE`).
        saturate: bool,
    },
}

impl GmmaTypes {
    /// K of one instruction.
    pub const fn k(self) -> i64 {
        match self {
            GmmaTypes::F16F16F16 | GmmaTypes::F32F16F16 | GmmaTypes::F32BF16BF16 => 16,
            GmmaTypes::F32TF32TF32 => 8,
            GmmaTypes::Fp8 { .. } | GmmaTypes::Int8 { .. } => 32,
        }
    }

    /// Whether the operands must be K-major (the atom's name ends in `_TN` and takes no
    /// majors).
    pub const fn k_major_only(self) -> bool {
        matches!(
            self,
            GmmaTypes::F32TF32TF32 | GmmaTypes::Fp8 { .. } | GmmaTypes::Int8 { .. }
        )
    }

    const fn value_types(self) -> [&'static str; 4] {
        const fn e(e5m2: bool) -> &'static str {
            if e5m2 { "float_e5m2_t" } else { "float_e4m3_t" }
        }
        match self {
            GmmaTypes::F16F16F16 => ["half_t", "half_t", "half_t", "half_t"],
            GmmaTypes::F32F16F16 => ["float", "half_t", "half_t", "float"],
            GmmaTypes::F32BF16BF16 => ["float", "bfloat16_t", "bfloat16_t", "float"],
            GmmaTypes::F32TF32TF32 => ["float", "tfloat32_t", "tfloat32_t", "float"],
            GmmaTypes::Fp8 {
                f32,
                a_e5m2,
                b_e5m2,
            } => {
                let acc = if f32 { "float" } else { "half_t" };
                [acc, e(a_e5m2), e(b_e5m2), acc]
            }
            GmmaTypes::Int8 {
                a_unsigned,
                b_unsigned,
                ..
            } => {
                const fn i(u: bool) -> &'static str {
                    if u { "uint8_t" } else { "int8_t" }
                }
                ["int32_t", i(a_unsigned), i(b_unsigned), "int32_t"]
            }
        }
    }

    pub(crate) const fn push_name(self, n: AtomName) -> AtomName {
        const fn e(e5m2: bool) -> &'static str {
            if e5m2 { "E5M2" } else { "E4M3" }
        }
        match self {
            GmmaTypes::F16F16F16 => n.push("F16F16F16"),
            GmmaTypes::F32F16F16 => n.push("F32F16F16"),
            GmmaTypes::F32BF16BF16 => n.push("F32BF16BF16"),
            GmmaTypes::F32TF32TF32 => n.push("F32TF32TF32"),
            GmmaTypes::Fp8 {
                f32,
                a_e5m2,
                b_e5m2,
            } => n
                .push(if f32 { "F32" } else { "F16" })
                .push(e(a_e5m2))
                .push(e(b_e5m2)),
            GmmaTypes::Int8 {
                a_unsigned,
                b_unsigned,
                ..
            } => n
                .push("S32")
                .push(if a_unsigned { "U8" } else { "S8" })
                .push(if b_unsigned { "U8" } else { "S8" }),
        }
    }

    /// Every type combination of the catalog.
    pub(crate) const ALL: [GmmaTypes; 20] = [
        GmmaTypes::Int8 {
            a_unsigned: false,
            b_unsigned: false,
            saturate: false,
        },
        GmmaTypes::Int8 {
            a_unsigned: false,
            b_unsigned: true,
            saturate: false,
        },
        GmmaTypes::Int8 {
            a_unsigned: true,
            b_unsigned: false,
            saturate: false,
        },
        GmmaTypes::Int8 {
            a_unsigned: true,
            b_unsigned: true,
            saturate: false,
        },
        GmmaTypes::Int8 {
            a_unsigned: false,
            b_unsigned: false,
            saturate: true,
        },
        GmmaTypes::Int8 {
            a_unsigned: false,
            b_unsigned: true,
            saturate: true,
        },
        GmmaTypes::Int8 {
            a_unsigned: true,
            b_unsigned: false,
            saturate: true,
        },
        GmmaTypes::Int8 {
            a_unsigned: true,
            b_unsigned: true,
            saturate: true,
        },
        GmmaTypes::F16F16F16,
        GmmaTypes::F32F16F16,
        GmmaTypes::F32BF16BF16,
        GmmaTypes::F32TF32TF32,
        GmmaTypes::Fp8 {
            f32: true,
            a_e5m2: false,
            b_e5m2: false,
        },
        GmmaTypes::Fp8 {
            f32: true,
            a_e5m2: false,
            b_e5m2: true,
        },
        GmmaTypes::Fp8 {
            f32: true,
            a_e5m2: true,
            b_e5m2: false,
        },
        GmmaTypes::Fp8 {
            f32: true,
            a_e5m2: true,
            b_e5m2: true,
        },
        GmmaTypes::Fp8 {
            f32: false,
            a_e5m2: false,
            b_e5m2: false,
        },
        GmmaTypes::Fp8 {
            f32: false,
            a_e5m2: false,
            b_e5m2: true,
        },
        GmmaTypes::Fp8 {
            f32: false,
            a_e5m2: true,
            b_e5m2: false,
        },
        GmmaTypes::Fp8 {
            f32: false,
            a_e5m2: true,
            b_e5m2: true,
        },
    ];
}

/// A GMMA operation: `SM90_64x{N}x{K}_{types}_{SS|RS}`, with the majors of A and B.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Gmma {
    /// N of one instruction: a multiple of 8 from 8 to 256.
    pub n: i64,
    /// The types.
    pub types: GmmaTypes,
    /// A comes from registers (`_RS`), else from shared memory (`_SS`).
    pub a_in_registers: bool,
    /// The major of A.
    pub major_a: GmmaMajor,
    /// The major of B.
    pub major_b: GmmaMajor,
}

/// `ABLayout<M,K>`: every thread of the warpgroup sees the whole `(M,K)` tile in shared
/// memory: `(_128,(_M,_K)):(_0,(_1,_M))`.
const fn ab_layout(m: i64, k: i64) -> Layout {
    let mut s = IntTuple::parse("(_128,(_1,_1))");
    let mut d = IntTuple::parse("(_0,(_1,_1))");
    s.set_leaf(1, Int::constant(m));
    s.set_leaf(2, Int::constant(k));
    d.set_leaf(2, Int::constant(m));
    Layout::from_parts(s, d)
}

/// `CLayout_64xN`: `((_4,_8,_4),(_2,_2,_N/8)):((_128,_1,_16),(_64,_8,_512))`.
const fn c_layout(n: i64) -> Layout {
    let mut s = IntTuple::parse("((_4,_8,_4),(_2,_2,_1))");
    s.set_leaf(5, Int::constant(n / 8));
    Layout::from_parts(s, IntTuple::parse("((_128,_1,_16),(_64,_8,_512))"))
}

/// The register layout of A for a register-sourced GMMA of this K.
const fn a_registers(k: i64) -> Layout {
    match k {
        8 => Layout::parse("((_4,_8,_4),(_2,_2)):((_64,_1,_16),(_8,_256))"),
        16 => Layout::parse("((_4,_8,_4),(_2,_2,_2)):((_128,_1,_16),(_64,_8,_512))"),
        32 => Layout::parse("((_4,_8,_4),(_4,_2,_2)):((_256,_1,_16),(_64,_8,_1024))"),
        _ => Layout::parse("((_4,_8,_4),(_8,_2,_2)):((_512,_1,_16),(_64,_8,_2048))"),
    }
}

impl Gmma {
    /// The atom, or an error where CuTe defines no such operation: N not a multiple of 8
    /// in 8..=256, an MN-major operand for tf32 or fp8, or a register-sourced A that is
    /// not K-major (CuTe's "Register source operand A must have K major layout").
    pub const fn try_atom(self) -> Result<MmaAtom, Error> {
        let int8 = matches!(self.types, GmmaTypes::Int8 { .. });
        let n_ok = if int8 {
            self.n == 8
                || self.n == 16
                || self.n == 24
                || (self.n >= 32 && self.n <= 256 && self.n % 16 == 0)
        } else {
            self.n >= 8 && self.n <= 256 && self.n % 8 == 0
        };
        if !n_ok {
            return Err(Error::Precondition {
                msg: "SM90 GMMA: N must be a multiple of 8 from 8 to 256 (int8: 8, 16, 24, or a multiple of 16 from 32)",
                mode: -1,
                lhs: self.n,
                rhs: 256,
            });
        }
        let only_k = self.types.k_major_only();
        if only_k
            && (matches!(self.major_a, GmmaMajor::MN) || matches!(self.major_b, GmmaMajor::MN))
        {
            return Err(Error::WrongKind {
                msg: "SM90 GMMA: tf32 and fp8 operands must be K-major (the atoms are _TN)",
            });
        }
        if self.a_in_registers && matches!(self.major_a, GmmaMajor::MN) {
            return Err(Error::WrongKind {
                msg: "SM90 GMMA: Register source operand A must have K major layout",
            });
        }
        Ok(self.build("SM90_64x", self.types.k()))
    }

    /// The structured-sparse form of this GMMA (`wgmma.mma_async.sp`, CuTe's
    /// `SM90::GMMA::SPARSE::GMMA_64xNx(2K)_...` of `mma_traits_sm90_gmma_sparse.hpp`):
    /// twice the K, the layouts of the dense atom of that K (A is stored compressed, but
    /// its logical layout covers the whole `(64,2K)` tile).
    ///
    /// ```
    /// use rcute::atom::{Gmma, GmmaMajor, GmmaTypes};
    /// let g = Gmma { n: 64, types: GmmaTypes::F32F16F16, a_in_registers: false,
    ///                major_a: GmmaMajor::K, major_b: GmmaMajor::MN };
    /// let atom = g.try_sparse_atom().unwrap();
    /// assert_eq!(atom.name().as_str(), "SM90::GMMA::SPARSE::GMMA_64x64x32_F32F16F16_SS<K,MN>");
    /// assert_eq!(atom.shape_mnk().to_string(), "(_64,_64,_32)");
    /// ```
    ///
    /// # Errors
    /// As [`Gmma::try_atom`].
    pub const fn try_sparse_atom(self) -> Result<MmaAtom, Error> {
        tri!(self.try_atom());
        Ok(self.build("SM90::GMMA::SPARSE::GMMA_64x", 2 * self.types.k()))
    }

    /// The atom named `prefix` N x `k`, its types, sources and majors (the checks are
    /// [`Gmma::try_atom`]'s): the dense atom's layouts at that `k`.
    const fn build(self, prefix: &'static str, k: i64) -> MmaAtom {
        let only_k = self.types.k_major_only();
        let mut name = AtomName::new(prefix)
            .push_int(self.n as u32)
            .push("x")
            .push_int(k as u32)
            .push("_");
        name = self.types.push_name(name);
        name = name.push(if self.a_in_registers { "_RS" } else { "_SS" });
        if only_k {
            name = name.push("_TN");
            if matches!(self.types, GmmaTypes::Int8 { saturate: true, .. }) {
                name = name.push("_SATURATE");
            }
        } else {
            name = name
                .push("<")
                .push(self.major_a.as_str())
                .push(",")
                .push(self.major_b.as_str())
                .push(">");
        }
        let mut mnk = IntTuple::parse("(_64,_1,_1)");
        mnk.set_leaf(1, Int::constant(self.n));
        mnk.set_leaf(2, Int::constant(k));
        let a = if self.a_in_registers {
            a_registers(k)
        } else {
            ab_layout(64, k)
        };
        MmaAtom::from_parts(
            name,
            Layout::parse("_128:_1"),
            mnk,
            [a, ab_layout(self.n, k), c_layout(self.n)],
            self.types.value_types(),
        )
        .with_descriptors(!self.a_in_registers, true)
        .with_descriptor_majors(
            matches!(self.major_a, GmmaMajor::MN),
            matches!(self.major_b, GmmaMajor::MN),
        )
    }

    /// [`Gmma::try_atom`], panicking with the error's message (a compile error in a
    /// `const` item).
    ///
    /// ```
    /// use rcute::atom::{Gmma, GmmaMajor, GmmaTypes};
    /// const ATOM: rcute::atom::MmaAtom = Gmma {
    ///     n: 128,
    ///     types: GmmaTypes::F32F16F16,
    ///     a_in_registers: false,
    ///     major_a: GmmaMajor::K,
    ///     major_b: GmmaMajor::K,
    /// }
    /// .atom();
    /// assert_eq!(ATOM.name().as_str(), "SM90_64x128x16_F32F16F16_SS<K,K>");
    /// assert_eq!(
    ///     ATOM.layout_c_tv().to_string(),
    ///     "((_4,_8,_4),(_2,_2,_16)):((_128,_1,_16),(_64,_8,_512))"
    /// );
    /// ```
    #[track_caller]
    pub const fn atom(self) -> MmaAtom {
        match self.try_atom() {
            Ok(a) => a,
            Err(e) => e.panic(),
        }
    }
}

/// The layout of CuTe's tensor of GMMA descriptors over a partition of shared memory
/// (`thr_mma.make_fragment_A/B(tCsA)` of an operand a GMMA reads from shared memory:
/// `make_tensor<GMMA::smem_desc<Major>>(tCsA)`): the partition recast to `uint128_t`,
/// its mode 0 replaced by `_1:_0`, after `make_gmma_desc<Major>`'s static checks of
/// mode 0 (one MMA's tile):
///
/// * the tile is rank 2; the pointer's swizzle (`swizzle`, `None` for a plain pointer)
///   is `Sw<B,4,3>` with `B <= 3` (the layout type: interleaved, 32B, 64B or 128B);
/// * K-major: in `uint128_t` units, an MN extent a multiple of 8, a K extent of 2 (or 4,
///   sparse), and `logical_divide(tile, (8:1, 2:1))` the canonical `((8,n),(2,1))` with
///   strides `((W,SBO),(1,LBO))` (`W` the swizzle's width in 16-byte units; the `1` not
///   checked when interleaved);
/// * MN-major: a K extent of `256 / bits` (or `128` or `512`, sparse), and
///   `logical_divide(tile, (W:1, 8:1))` the canonical `((W,n),(8,k))` with strides
///   `((1,...),(W,...))` (the `1` not checked when interleaved).
///
/// `bits` is the element's width (8, 16, 32 or 64; the partition is in elements).
///
/// ```
/// use rcute::atom::{GmmaMajor, gmma_desc_fragment};
/// use rcute::{Swizzle, layout};
/// // a thread's partition_B of a K-major SW128 half_t stage tile (64 x 64) of a
/// // SM90_64x64x16 atom: ((N,K), MMA_N, MMA_K)
/// let tcsb = layout!(((_64,_16),_1,_4):((_64,_1),_0,_16));
/// let d = gmma_desc_fragment(&tcsb, 16, Some(Swizzle::new(3, 4, 3)), GmmaMajor::K).unwrap();
/// assert_eq!(d.to_string(), "(_1,_1,_4):(_0,_0,_2)");
/// ```
///
/// # Errors
/// Where one of CuTe's static checks fails (CuTe does not compile the call).
pub fn gmma_desc_fragment(
    partition: &Layout,
    bits: i64,
    swizzle: Option<crate::swizzle::Swizzle>,
    major: GmmaMajor,
) -> Result<Layout, Error> {
    desc_fragment(partition, bits, swizzle, major, false)
}

/// The layout of CuTe's tensor of UMMA descriptors over a partition of shared memory
/// (`cta_mma.make_fragment_A/B(tCsA)` of an operand an SM100 UMMA reads from shared
/// memory), as [`gmma_desc_fragment`] with `make_umma_desc<Major>`'s checks: the layout
/// types of GMMA and `Sw<2,5,2>` (128B with 32B atoms, MN-major only); K-major, an MN
/// extent a multiple of 8 `uint128_t` and the canonical `((8,n),(2,1))` (no check of the K
/// extent); MN-major, the canonical `((W,n),(8,k))` (`(4,k)` for `Sw<2,5,2>`, no check of
/// the K extent).
///
/// ```
/// use rcute::atom::{UmmaMajor, umma_desc_fragment};
/// use rcute::{Swizzle, layout};
/// // the CTA's partition_A of a K-major SW128 half_t tile (128 x 64) of a 128x256x16 UMMA
/// let tcsa = layout!(((_128,_16),_1,_4):((_64,_1),_0,_16));
/// let d = umma_desc_fragment(&tcsa, 16, Some(Swizzle::new(3, 4, 3)), UmmaMajor::K).unwrap();
/// assert_eq!(d.to_string(), "(_1,_1,_4):(_0,_0,_2)");
/// ```
///
/// # Errors
/// Where one of CuTe's static checks fails (CuTe does not compile the call).
pub fn umma_desc_fragment(
    partition: &Layout,
    bits: i64,
    swizzle: Option<crate::swizzle::Swizzle>,
    major: GmmaMajor,
) -> Result<Layout, Error> {
    desc_fragment(partition, bits, swizzle, major, true)
}

/// [`gmma_desc_fragment`], or with `umma` [`umma_desc_fragment`].
fn desc_fragment(
    partition: &Layout,
    bits: i64,
    swizzle: Option<crate::swizzle::Swizzle>,
    major: GmmaMajor,
    umma: bool,
) -> Result<Layout, Error> {
    const fn fail(msg: &'static str, lhs: i64, rhs: i64) -> Error {
        Error::Precondition {
            msg,
            mode: -1,
            lhs,
            rhs,
        }
    }
    if !matches!(bits, 8 | 16 | 32 | 64) {
        return Err(fail(
            "MMA descriptor: an element of 8, 16, 32 or 64 bits (its width, and 128)",
            bits,
            128,
        ));
    }
    let n = 128 / bits;
    // the layout type: CuTe's get_swizzle_t of the pointer (Swizzle<0,4,3> without one)
    // (b, the swizzle's width W in uint128_t, UMMA's 128B with 32B atoms)
    let (b, base32) = match swizzle {
        None => (0, false),
        Some(sw) if sw.base() == 4 && sw.shift() == 3 && sw.bits() <= 3 => (sw.bits(), false),
        Some(sw) if umma && sw.base() == 5 && sw.shift() == 2 && sw.bits() == 2 => (3, true),
        Some(sw) => {
            return Err(fail(
                "MMA descriptor: the pointer's swizzle must be Swizzle<B,4,3> with B <= 3, or for UMMA Swizzle<2,5,2> (CuTe's \"Unsupported layout swizzle\")",
                sw.base(),
                sw.shift(),
            ));
        }
    };
    if base32 && matches!(major, GmmaMajor::K) {
        return Err(fail(
            "UMMA descriptor: Swizzle<2,5,2> (SWIZZLE_128B_BASE32B) is invalid for a K-major tile",
            5,
            2,
        ));
    }
    let w = 1i64 << b;
    let tile = partition.try_mode(0)?;
    if tile.rank() != 2 {
        return Err(fail(
            "MMA descriptor: mode 0 of the partition (one MMA's tile) must be rank 2",
            tile.rank() as i64,
            2,
        ));
    }
    let u = tile.try_upcast(n)?;
    let stat = |x: Int, what: &'static str| -> Result<i64, Error> {
        if x.is_static() {
            Ok(x.value())
        } else {
            Err(Error::WrongKind { msg: what })
        }
    };
    let size = |i: usize| -> Result<i64, Error> {
        stat(
            u.try_mode(i)?.try_size()?,
            "MMA descriptor: the tile's extents must be static",
        )
    };
    let (s0, s1) = (size(0)?, size(1)?);
    let (first, second) = match major {
        GmmaMajor::K => {
            if s0 % 8 != 0 {
                return Err(fail(
                    "MMA descriptor: a K-major tile's MN extent must be a multiple of 8 uint128_t (CuTe's \"Not a canonical GMMA_K/UMMA_K Layout\")",
                    s0,
                    8,
                ));
            }
            if !umma && s1 != 2 && s1 != 4 {
                return Err(fail(
                    "MMA descriptor: a K-major tile's K extent must be 2 uint128_t, or 4 sparse (CuTe's \"Not a canonical GMMA_K/UMMA_K Layout\")",
                    s1,
                    2,
                ));
            }
            (8, 2)
        }
        GmmaMajor::MN => {
            if !umma && s1 != 256 / bits && s1 != 128 / bits && s1 != 512 / bits {
                return Err(fail(
                    "MMA descriptor: an MN-major tile's K extent must be 256/bits elements, or 128/bits or 512/bits sparse (CuTe's \"Not a canonical GMMA_MN Layout\")",
                    s1,
                    256 / bits,
                ));
            }
            (w, if base32 { 4 } else { 8 })
        }
    };
    let tiler = crate::Tiler::try_tuple(&[
        crate::Tiler::layout(Layout::try_new(
            IntTuple::constant(first),
            IntTuple::constant(1),
        )?),
        crate::Tiler::layout(Layout::try_new(
            IntTuple::constant(second),
            IntTuple::constant(1),
        )?),
    ])?;
    let canonical = u.try_logical_divide(&tiler)?;
    let profile = IntTuple::try_parse("((1,1),(1,1))")?;
    if !canonical.shape_ref().congruent(&profile) {
        return Err(fail(
            "MMA descriptor: the tile is not a canonical GMMA or UMMA layout (CuTe's \"Expected profile failure\")",
            canonical.rank() as i64,
            2,
        ));
    }
    let stride = |i: usize| -> Result<i64, Error> {
        let m = canonical.try_mode(i)?.try_mode(0)?;
        stat(
            m.stride_ref().leaf(0),
            "MMA descriptor: the tile's strides must be static",
        )
    };
    let (d00, d10) = (stride(0)?, stride(1)?);
    let interleave = b == 0;
    let ok = match major {
        GmmaMajor::K => d00 == w && (interleave || d10 == 1),
        GmmaMajor::MN => (interleave || d00 == 1) && d10 == w,
    };
    if !ok {
        return Err(fail(
            "MMA descriptor: the tile's strides are not those of its canonical GMMA or UMMA layout (CuTe's \"Expected stride failure\")",
            d00,
            d10,
        ));
    }
    // stride<0,1> and stride<1,1> are constexpr in CuTe: static
    for i in 0..2 {
        let m = canonical.try_mode(i)?.try_mode(1)?;
        stat(
            m.stride_ref().leaf(0),
            "MMA descriptor: the tile's strides must be static",
        )?;
    }
    partition.try_upcast(n)?.try_replace(
        0,
        &Layout::try_new(IntTuple::constant(1), IntTuple::constant(0))?,
    )
}
