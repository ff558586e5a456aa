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
