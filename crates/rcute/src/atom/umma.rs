//! SM100 UMMA atoms (`tcgen05.mma`): every `SM100_MMA_*` operation of CuTe's
//! `mma_sm100_umma.hpp` with the traits of `mma_traits_sm100.hpp`, built from the family,
//! the operand sources, the CTA count, M, N and the majors.
//!
//! One thread (1SM) or a pair of CTAs (`_2x1SM`, `ThrID` `_2:_1`) owns the whole tile:
//! the layouts are `(_1,(_M,_K)):(_0,(_1,_M))` for A (and the like for B and C), or, split
//! over the two CTAs, `(_2,(_M/2,_K)):(_M/2,(_1,_M))`.

use super::mma::MmaAtom;
use super::name::AtomName;
use crate::error::Error;
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;

const UNKNOWN: Error = Error::WrongKind {
    msg: "unknown SM100 UMMA atom: expected SM100_MMA_{F16BF16,TF32,S8,F8F6F4,MXF8F6F4,MXF4,MXF4NVF4}[_2x1SM]_{SS,TS}[_SCALED|_SPARSE]<types,M,N,...,major_a,major_b> (`cute atoms` lists the families)",
};

/// The family of an SM100 UMMA instruction (its kind of operands).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum UmmaFamily {
    /// tf32 x tf32 (`kind::tf32`, K = 8 elements).
    Tf32,
    /// f16 or bf16 x the same (`kind::f16`, K = 16).
    F16Bf16,
    /// 8-bit integers (`kind::i8`, K = 32).
    S8,
    /// fp8, fp6 or fp4 operands (`kind::f8f6f4`, K = 32).
    F8F6F4,
    /// Block-scaled fp8/fp6/fp4 (`kind::mxf8f6f4`, K = 32, with a scale factor type).
    MxF8F6F4,
    /// Block-scaled fp4 (`kind::mxf4` / `mxf4nvf4`, K = 64, scale vector size VS).
    MxF4,
    /// Block-scaled fp4, sparse only (`SM100_MMA_MXF4NVF4_SS_SPARSE`, K = 128).
    MxF4NvF4,
    /// SM103's block-scaled fp4 "ultra" instruction (`SM103::SM103_MXF4_ULTRA[_2x1SM]_SS_VS`,
    /// K = 96, both operands K-major).
    Mxf4Ultra,
}

impl UmmaFamily {
    const fn name(self) -> &'static str {
        match self {
            UmmaFamily::Tf32 => "TF32",
            UmmaFamily::F16Bf16 => "F16BF16",
            UmmaFamily::S8 => "S8",
            UmmaFamily::F8F6F4 => "F8F6F4",
            UmmaFamily::MxF8F6F4 => "MXF8F6F4",
            UmmaFamily::MxF4 => "MXF4",
            UmmaFamily::MxF4NvF4 => "MXF4NVF4",
            UmmaFamily::Mxf4Ultra => "MXF4_ULTRA",
        }
    }

    /// K of one dense instruction, in elements.
    const fn k(self) -> i64 {
        match self {
            UmmaFamily::Tf32 => 8,
            UmmaFamily::F16Bf16 => 16,
            UmmaFamily::S8 | UmmaFamily::F8F6F4 | UmmaFamily::MxF8F6F4 => 32,
            UmmaFamily::MxF4 | UmmaFamily::MxF4NvF4 => 64,
            UmmaFamily::Mxf4Ultra => 96,
        }
    }

    /// Whether the template arguments carry a scale factor type after C.
    const fn scale_factor(self) -> bool {
        matches!(
            self,
            UmmaFamily::MxF8F6F4 | UmmaFamily::MxF4 | UmmaFamily::MxF4NvF4 | UmmaFamily::Mxf4Ultra
        )
    }

    /// Whether the template arguments carry the scale vector size VS after N.
    const fn vector_size(self) -> bool {
        matches!(
            self,
            UmmaFamily::MxF4 | UmmaFamily::MxF4NvF4 | UmmaFamily::Mxf4Ultra
        )
    }

    const ALL: [UmmaFamily; 7] = [
        UmmaFamily::Tf32,
        UmmaFamily::F16Bf16,
        UmmaFamily::S8,
        UmmaFamily::F8F6F4,
        UmmaFamily::MxF8F6F4,
        UmmaFamily::MxF4,
        UmmaFamily::MxF4NvF4,
    ];
}

/// The variant of an UMMA operation after its sources.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum UmmaVariant {
    /// The plain instruction.
    Dense,
    /// `_SCALED` (f16/bf16 only): a scale of C as a template argument.
    Scaled,
    /// `_SPARSE` (SS only): structured-sparse A, twice the K.
    Sparse,
}

/// The major of an UMMA operand in shared memory (CuTe's `UMMA::Major`).
pub type UmmaMajor = super::gmma::GmmaMajor;

/// An SM100 UMMA operation: `SM100_MMA_{family}[_2x1SM]_{SS|TS}[_SCALED|_SPARSE]` with its
/// types, M, N and majors.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Umma {
    /// The family.
    pub family: UmmaFamily,
    /// `_2x1SM`: a pair of CTAs runs the instruction.
    pub two_sm: bool,
    /// A comes from tensor memory (`_TS`), else from shared memory (`_SS`).
    pub a_in_tmem: bool,
    /// Dense, `_SCALED` or `_SPARSE`.
    pub variant: UmmaVariant,
    /// M of one instruction.
    pub m: i64,
    /// N of one instruction.
    pub n: i64,
    /// The scale vector size VS (MXF4 and MXF4NVF4; 0 otherwise).
    pub vs: i64,
    /// The major of A.
    pub major_a: UmmaMajor,
    /// The major of B.
    pub major_b: UmmaMajor,
    /// The value types of D, A, B and C, CuTe's spellings.
    pub types: [&'static str; 4],
}

const fn range(n: i64, step: i64, lo: i64) -> bool {
    n % step == 0 && n >= lo && n <= 256
}

const fn precondition(msg: &'static str, n: i64) -> Error {
    Error::Precondition {
        msg,
        mode: -1,
        lhs: n,
        rhs: 256,
    }
}

impl Umma {
    /// K of one instruction, in elements.
    pub const fn k(&self) -> i64 {
        match self.variant {
            UmmaVariant::Sparse => 2 * self.family.k(),
            _ => self.family.k(),
        }
    }

    /// Checks M and N (and the major of a tensor-memory A) as CuTe's static assertions do.
    fn check(&self) -> Result<(), Error> {
        use UmmaFamily as F;
        let (m, n) = (self.m, self.n);
        let mn_b = matches!(self.major_b, UmmaMajor::MN);
        let sparse = matches!(self.variant, UmmaVariant::Sparse);
        if self.a_in_tmem && matches!(self.major_a, UmmaMajor::MN) {
            return Err(Error::WrongKind {
                msg: "SM100 UMMA: A from TMEM can't be transposed (a TS atom's A is K-major)",
            });
        }
        if self.a_in_tmem && sparse {
            return Err(UNKNOWN);
        }
        if self.family == F::Mxf4Ultra {
            return self.check_ultra();
        }
        let m_ok = match (self.family, self.two_sm) {
            (F::MxF8F6F4, false) | (F::MxF4, false) | (F::MxF4NvF4, false) => m == 128,
            (F::MxF8F6F4, true) => m == 256,
            // CuTe asserts no M for this one; an odd M would leave a row out of the CTA
            // pair's halves (M/2 each), so rcute refuses it
            (F::MxF4NvF4, true) => m >= 2 && m % 2 == 0,
            (_, false) => m == 64 || m == 128,
            (_, true) => m == 128 || m == 256,
        };
        if !m_ok {
            return Err(precondition(
                "SM100 UMMA: M must be 64 or 128 (1SM), 128 or 256 (2x1SM); 128 for MXF8F6F4 and MXF4 (1SM), 256 for MXF8F6F4 (2x1SM), even for MXF4NVF4 (2x1SM)",
                m,
            ));
        }
        let n_ok = if !self.two_sm {
            match self.family {
                F::S8 => n == 8 || range(n, 16, 16),
                F::F8F6F4 if !self.a_in_tmem && !sparse => {
                    if mn_b {
                        range(n, 16, 16)
                    } else {
                        range(n, 8, 8)
                    }
                }
                F::F8F6F4 | F::Tf32 | F::F16Bf16
                    if self.a_in_tmem || (sparse && matches!(self.family, F::F8F6F4)) =>
                {
                    if m == 64 {
                        range(n, 8, 8)
                    } else {
                        range(n, 16, 16)
                    }
                }
                _ => range(n, 8, 8),
            }
        } else {
            match self.family {
                F::S8 => range(n, 32, 32),
                F::F8F6F4 if !self.a_in_tmem && !sparse => {
                    if mn_b {
                        range(n, 32, 32)
                    } else {
                        range(n, 16, 16)
                    }
                }
                F::F8F6F4 => range(n, 32, 32),
                F::Tf32 | F::F16Bf16 if self.a_in_tmem => range(n, 32, 32),
                _ => range(n, 16, 16),
            }
        };
        if !n_ok {
            return Err(precondition(
                "SM100 UMMA: N out of the instruction's range (a multiple of 8 or 16 up to 256; mma_sm100_umma.hpp lists each)",
                n,
            ));
        }
        if self.family.vector_size() {
            let ok = match self.family {
                F::MxF4 => self.vs == 16 || self.vs == 32,
                _ => self.vs == 32 || self.vs == 64,
            };
            if !ok {
                return Err(precondition(
                    "SM100 UMMA: the scale vector size VS must be 16 or 32 (MXF4), 32 or 64 (MXF4NVF4)",
                    self.vs,
                ));
            }
        }
        Ok(())
    }

    /// SM103's `MXF4_ULTRA` as `mma_sm100_umma.hpp` and its traits assert: SS and dense
    /// only, M 128 (1SM) or 128/256 (2x1SM), N a multiple of 16 from 16 to 256, VS 16 or
    /// 32, both operands K-major.
    fn check_ultra(&self) -> Result<(), Error> {
        if self.a_in_tmem || self.variant != UmmaVariant::Dense {
            return Err(UNKNOWN);
        }
        let m_ok = self.m == 128 || (self.two_sm && self.m == 256);
        if !m_ok {
            return Err(precondition(
                "SM103 MXF4 ULTRA: M must be 128 (1SM), 128 or 256 (2x1SM)",
                self.m,
            ));
        }
        if !range(self.n, 16, 16) {
            return Err(precondition(
                "SM103 MXF4 ULTRA: N must be a multiple of 16 from 16 to 256",
                self.n,
            ));
        }
        if self.vs != 16 && self.vs != 32 {
            return Err(precondition(
                "SM103 MXF4 ULTRA: the scale vector size VS must be 16 or 32",
                self.vs,
            ));
        }
        if !matches!(self.major_a, UmmaMajor::K) || !matches!(self.major_b, UmmaMajor::K) {
            return Err(Error::WrongKind {
                msg: "SM103 MXF4 ULTRA: both operands must be K-major (CuTe: \"This MMA does not support transpose\")",
            });
        }
        Ok(())
    }

    /// The atom, or an error where CuTe defines no such operation (CuTe's static
    /// assertions: M, N, the major of a tensor-memory A, the scale vector size).
    ///
    /// ```
    /// use rcute::atom::{Umma, UmmaFamily, UmmaVariant, GmmaMajor};
    /// let atom = Umma {
    ///     family: UmmaFamily::F16Bf16, two_sm: false, a_in_tmem: false,
    ///     variant: UmmaVariant::Dense, m: 128, n: 256, vs: 0,
    ///     major_a: GmmaMajor::K, major_b: GmmaMajor::K,
    ///     types: ["float", "half_t", "half_t", "float"],
    /// }.try_atom().unwrap();
    /// assert_eq!(atom.layout_a_tv().to_string(), "(_1,(_128,_16)):(_0,(_1,_128))");
    /// ```
    pub fn try_atom(&self) -> Result<MmaAtom, Error> {
        self.check()?;
        let k = self.k();
        let ultra = self.family == UmmaFamily::Mxf4Ultra;
        let traits = self.family == UmmaFamily::F8F6F4
            && !self.a_in_tmem
            && self.variant == UmmaVariant::Dense;
        let mut name = if ultra {
            AtomName::new("SM103::SM103_MXF4_ULTRA")
        } else if traits {
            AtomName::new("MMA_Traits<SM100_MMA_F8F6F4")
        } else {
            AtomName::new("SM100_MMA_").push(self.family.name())
        };
        if self.two_sm {
            name = name.push("_2x1SM");
        }
        name = name.push(if self.a_in_tmem { "_TS" } else { "_SS" });
        name = match self.variant {
            UmmaVariant::Dense if ultra => name.push("_VS"),
            UmmaVariant::Dense => name,
            UmmaVariant::Scaled => name.push("_SCALED"),
            UmmaVariant::Sparse => name.push("_SPARSE"),
        };
        name = name
            .push(if traits { "," } else { "<" })
            .push(self.types[1])
            .push(",")
            .push(self.types[2])
            .push(",")
            .push(self.types[3])
            .push(",")
            .push_int(self.m as u32)
            .push(",")
            .push_int(self.n as u32)
            .push(",")
            .push(if matches!(self.major_a, UmmaMajor::K) {
                "K"
            } else {
                "MN"
            })
            .push(",")
            .push(if matches!(self.major_b, UmmaMajor::K) {
                "K"
            } else {
                "MN"
            })
            .push(">");
        let mut mnk = IntTuple::parse("(_1,_1,_1)");
        mnk.set_leaf(0, Int::constant(self.m));
        mnk.set_leaf(1, Int::constant(self.n));
        mnk.set_leaf(2, Int::constant(k));
        let (thr, a, b, c) = if self.two_sm {
            (
                Layout::parse("_2:_1"),
                split_layout(self.m, k),
                split_layout(self.n, k),
                split_layout(self.m, self.n),
            )
        } else {
            (
                Layout::parse("_1:_0"),
                whole_layout(self.m, k),
                whole_layout(self.n, k),
                whole_layout(self.m, self.n),
            )
        };
        Ok(MmaAtom::from_parts(name, thr, mnk, [a, b, c], self.types)
            .with_descriptors(!self.a_in_tmem, true)
            .with_descriptor_majors(
                matches!(self.major_a, UmmaMajor::MN),
                matches!(self.major_b, UmmaMajor::MN),
            )
            .with_tmem(self.a_in_tmem, true))
    }
}

/// `(_1,(_X,_Y)):(_0,(_1,_X))`: one thread owns the whole `(X,Y)` tile.
fn whole_layout(x: i64, y: i64) -> Layout {
    let mut s = IntTuple::parse("(_1,(_1,_1))");
    let mut d = IntTuple::parse("(_0,(_1,_1))");
    s.set_leaf(1, Int::constant(x));
    s.set_leaf(2, Int::constant(y));
    d.set_leaf(2, Int::constant(x));
    Layout::from_parts(s, d)
}

/// `(_2,(_X/2,_Y)):(_X/2,(_1,_X))`: the two CTAs of a pair each own half of X.
fn split_layout(x: i64, y: i64) -> Layout {
    let mut s = IntTuple::parse("(_2,(_1,_1))");
    let mut d = IntTuple::parse("(_1,(_1,_1))");
    s.set_leaf(1, Int::constant(x / 2));
    s.set_leaf(2, Int::constant(y));
    d.set_leaf(0, Int::constant(x / 2));
    d.set_leaf(2, Int::constant(x));
    Layout::from_parts(s, d)
}

/// Whether CuTe's traits of `family` take operand type `t`: the operand bits each family's
/// static assertion asks (32 for TF32, 16 for F16BF16, 8 for S8, at most 8 for the fp8/6/4
/// families, 4 for MXF4 and MXF4NVF4), of a type `UMMA::to_UMMAFormat` encodes (so `float`
/// is no TF32 operand; `half_t` and `bfloat16_t` mix, as do the 8-bit types).
fn operand_type_ok(family: UmmaFamily, t: &str) -> bool {
    use UmmaFamily as F;
    let bits = element_bits(t);
    umma_format(t)
        && match family {
            F::Tf32 => bits == 32,
            F::F16Bf16 => bits == 16,
            F::S8 => bits == 8,
            F::F8F6F4 | F::MxF8F6F4 => bits <= 8,
            F::MxF4 | F::MxF4NvF4 => bits == 4,
            F::Mxf4Ultra => true,
        }
}

/// Whether CuTe's traits of `family` take accumulator type `t`: `int32_t` for the 1SM S8
/// SS and SS_SPARSE operations (their static assertion; the TS and 2x1SM ones have none),
/// a type `UMMA::to_CFormat` encodes (`half_t`, `float`, `int32_t`) for the other families
/// with a plain instruction descriptor; the block-scaled descriptor encodes no accumulator
/// type, so those take any.
fn accumulator_ok(family: UmmaFamily, s8_int32_only: bool, t: &str) -> bool {
    match family {
        UmmaFamily::S8 if s8_int32_only => t == "int32_t",
        UmmaFamily::S8 => matches!(t, "float" | "half_t" | "int32_t"),
        UmmaFamily::Tf32 | UmmaFamily::F16Bf16 | UmmaFamily::F8F6F4 => {
            matches!(t, "float" | "half_t" | "int32_t")
        }
        _ => true,
    }
}

const TYPES: &[&str] = &[
    "half_t",
    "bfloat16_t",
    "float",
    "tfloat32_t",
    "int8_t",
    "uint8_t",
    "int32_t",
    "float_e4m3_t",
    "float_e5m2_t",
    "float_e2m3_t",
    "float_e3m2_t",
    "float_e2m1_t",
    "float_ue8m0_t",
    "float_ue4m3_t",
    "double",
];

fn static_type(s: &str) -> Option<&'static str> {
    let s = s.strip_prefix("cutlass::").unwrap_or(s);
    TYPES.iter().copied().find(|t| *t == s)
}

fn major(s: &str) -> Option<UmmaMajor> {
    let s = s.strip_prefix("cute::").unwrap_or(s);
    let s = s.strip_prefix("UMMA::Major::").unwrap_or(s);
    match s {
        "K" => Some(UmmaMajor::K),
        "MN" => Some(UmmaMajor::MN),
        _ => None,
    }
}

fn int_arg(s: &str) -> Option<i64> {
    let s = s.strip_prefix('_').unwrap_or(s);
    s.parse().ok()
}

/// A defaulted trailing argument (`UMMA::ScaleIn::One`, `UMMA::Saturate::False`), which
/// does not change the layouts.
fn trailing_ok(s: &str) -> bool {
    let s = s.strip_prefix("cute::").unwrap_or(s);
    matches!(
        s,
        "UMMA::ScaleIn::One"
            | "UMMA::ScaleIn::Neg"
            | "UMMA::Saturate::False"
            | "UMMA::Saturate::True"
    )
}

/// `base` (`SM100_MMA_F16BF16_SS`) with its template arguments (split at top-level
/// commas, without spaces): the operation, or `None` where `base` is not an UMMA name.
pub(crate) fn umma_by_name(base: &str, args: &[&str]) -> Option<Result<Umma, Error>> {
    let rest = base.strip_prefix("SM100_MMA_")?;
    Some(parse(rest, args))
}

fn parse(rest: &str, args: &[&str]) -> Result<Umma, Error> {
    let family = UmmaFamily::ALL
        .iter()
        .copied()
        // the longest name first: MXF4NVF4 before MXF4
        .filter(|f| rest.starts_with(f.name()) && rest[f.name().len()..].starts_with('_'))
        .max_by_key(|f| f.name().len())
        .ok_or(UNKNOWN)?;
    let mut rest = &rest[family.name().len()..];
    let two_sm = match rest.strip_prefix("_2x1SM") {
        Some(r) => {
            rest = r;
            true
        }
        None => false,
    };
    let (a_in_tmem, rest) = if let Some(r) = rest.strip_prefix("_SS") {
        (false, r)
    } else if let Some(r) = rest.strip_prefix("_TS") {
        (true, r)
    } else {
        return Err(UNKNOWN);
    };
    let variant = match rest {
        "" => UmmaVariant::Dense,
        "_SCALED" if family == UmmaFamily::F16Bf16 => UmmaVariant::Scaled,
        "_SPARSE" if !a_in_tmem => UmmaVariant::Sparse,
        _ => return Err(UNKNOWN),
    };
    if !a_in_tmem && family == UmmaFamily::MxF4NvF4 && variant != UmmaVariant::Sparse {
        return Err(UNKNOWN);
    }
    if a_in_tmem && family.scale_factor() {
        return Err(UNKNOWN);
    }
    if family == UmmaFamily::F8F6F4 && !a_in_tmem && variant == UmmaVariant::Dense {
        // CuTe declares `struct SM100_MMA_F8F6F4_SS` (and `_2x1SM_SS`) without template
        // parameters: its types, M, N and majors go to MMA_Traits<Op, A, B, C, C<M>, ...>
        return Err(Error::WrongKind {
            msg: "SM100_MMA_F8F6F4_SS and SM100_MMA_F8F6F4_2x1SM_SS are not templates in CuTe: their types, M, N, majors and scales are arguments of MMA_Traits<Op, A, B, C, C<M>, C<N>, integral_constant<UMMA::Major, UMMA::Major::K>, (B's major), integral_constant<UMMA::ScaleIn, UMMA::ScaleIn::One>, (B's scale)>",
        });
    }
    // a, b, c[, sf], M, N[, VS], major_a, major_b[, ScaleC], trailing defaults
    let mut i = 0;
    let mut next = || {
        let a = args.get(i).copied();
        i += 1;
        a.ok_or(Error::WrongKind {
            msg: "SM100 UMMA: too few template arguments: <A type, B type, C type[, scale factor type], M, N[, VS], major A, major B>",
        })
    };
    let a = static_type(next()?).ok_or(UNKNOWN)?;
    let b = static_type(next()?).ok_or(UNKNOWN)?;
    let c = static_type(next()?).ok_or(UNKNOWN)?;
    let mut sf = "";
    if family.scale_factor() {
        sf = static_type(next()?).ok_or(UNKNOWN)?;
        if !matches!(sf, "float_ue8m0_t" | "float_ue4m3_t") {
            return Err(UNKNOWN);
        }
    }
    let m = int_arg(next()?).ok_or(UNKNOWN)?;
    let n = int_arg(next()?).ok_or(UNKNOWN)?;
    let vs = if family.vector_size() {
        int_arg(next()?).ok_or(UNKNOWN)?
    } else {
        0
    };
    let major_a = major(next()?).ok_or(UNKNOWN)?;
    let major_b = major(next()?).ok_or(UNKNOWN)?;
    if variant == UmmaVariant::Scaled {
        int_arg(next()?).ok_or(UNKNOWN)?;
    }
    if !args[i.min(args.len())..].iter().all(|s| trailing_ok(s)) {
        return Err(UNKNOWN);
    }
    let int32_only = !two_sm && !a_in_tmem;
    if !operand_type_ok(family, a)
        || !operand_type_ok(family, b)
        || !accumulator_ok(family, int32_only, c)
    {
        return Err(Error::WrongKind {
            msg: "SM100 UMMA: the operand or accumulator types do not fit the family (CuTe's traits: TF32 tfloat32_t; F16BF16 half_t/bfloat16_t; S8 8-bit types with int32_t; F8F6F4 and MXF8F6F4 types of at most 8 bits; MXF4 float_e2m1_t; each a type UMMA::to_UMMAFormat encodes; C half_t, float or int32_t where the descriptor encodes it)",
        });
    }
    // CuTe's "2x mode" assertion: the larger vector size takes e2m1 with ue8m0 scales
    // (MXF4_2x1SM_SS's traits do not assert it)
    let big_vs = match family {
        UmmaFamily::MxF4 => vs == 32 && !two_sm,
        UmmaFamily::MxF4NvF4 => vs == 64,
        _ => false,
    };
    if big_vs && sf != "float_ue8m0_t" {
        return Err(Error::WrongKind {
            msg: "SM100 UMMA: the larger scale vector size takes float_ue8m0_t scale factors",
        });
    }
    Ok(Umma {
        family,
        two_sm,
        a_in_tmem,
        variant,
        m,
        n,
        vs,
        major_a,
        major_b,
        types: [c, a, b, c],
    })
}

/// The operand types of CuTe's `UMMA::to_UMMAFormat` (`mma_sm100_desc.hpp`) that rcute
/// names: the types an instruction descriptor can encode.
fn umma_format(t: &str) -> bool {
    matches!(
        t,
        "half_t"
            | "bfloat16_t"
            | "tfloat32_t"
            | "uint8_t"
            | "int8_t"
            | "float_e4m3_t"
            | "float_e5m2_t"
            | "float_e2m3_t"
            | "float_e3m2_t"
            | "float_e2m1_t"
    )
}

/// `SM103::SM103_MXF4_ULTRA_SS_VS<A,B,C,SF,M,N,VS,majA,majB[,negA[,negB]]>` (and
/// `_2x1SM_SS_VS`): the operation, or `None` where `base` is not one of the two names.
/// CuTe's namespace `SM103::` is part of the spelling (C++ does not find the bare name).
pub(crate) fn sm103_by_name(base: &str, args: &[&str]) -> Option<Result<Umma, Error>> {
    let (bare, rest) = match base.strip_prefix("SM103::") {
        Some(r) => (false, r),
        None => (true, base),
    };
    let two_sm = match rest {
        "SM103_MXF4_ULTRA_SS_VS" => false,
        "SM103_MXF4_ULTRA_2x1SM_SS_VS" => true,
        _ => return None,
    };
    if bare {
        return Some(Err(Error::WrongKind {
            msg: "SM103's MXF4 ULTRA operations live in CuTe's namespace SM103: spell them SM103::SM103_MXF4_ULTRA_SS_VS<...> (C++ does not find the bare name)",
        }));
    }
    Some(parse_ultra(two_sm, args))
}

fn parse_ultra(two_sm: bool, args: &[&str]) -> Result<Umma, Error> {
    const ARGS: Error = Error::WrongKind {
        msg: "SM103 MXF4 ULTRA: expected <A type, B type, C type, scale factor type, M, N, VS, major A, major B[, UMMA::ScaleIn of A[, of B]]>",
    };
    if args.len() < 9 || args.len() > 11 {
        return Err(ARGS);
    }
    let a = static_type(args[0]).ok_or(ARGS)?;
    let b = static_type(args[1]).ok_or(ARGS)?;
    let c = static_type(args[2]).ok_or(ARGS)?;
    let sf = static_type(args[3]).ok_or(ARGS)?;
    let m = int_arg(args[4]).ok_or(ARGS)?;
    let n = int_arg(args[5]).ok_or(ARGS)?;
    let vs = int_arg(args[6]).ok_or(ARGS)?;
    let major_a = major(args[7]).ok_or(ARGS)?;
    let major_b = major(args[8]).ok_or(ARGS)?;
    if !args[9..].iter().all(|s| scale_in(s).is_some()) {
        return Err(ARGS);
    }
    if !umma_format(a) || !umma_format(b) {
        return Err(Error::WrongKind {
            msg: "SM103 MXF4 ULTRA: an operand type CuTe's instruction descriptor cannot encode (UMMA::to_UMMAFormat: half_t, bfloat16_t, tfloat32_t, int8_t, uint8_t, float_e4m3_t, e5m2, e2m3, e3m2, e2m1)",
        });
    }
    if !matches!(sf, "float_ue8m0_t" | "float_ue4m3_t") {
        return Err(Error::WrongKind {
            msg: "SM103 MXF4 ULTRA: the scale factor type must be float_ue8m0_t or float_ue4m3_t",
        });
    }
    if vs == 32 && (a != "float_e2m1_t" || sf != "float_ue8m0_t") {
        return Err(Error::WrongKind {
            msg: "SM103 MXF4 ULTRA: VS = 32 (2x mode) takes float_e2m1_t A with float_ue8m0_t scale factors",
        });
    }
    Ok(Umma {
        family: UmmaFamily::Mxf4Ultra,
        two_sm,
        a_in_tmem: false,
        variant: UmmaVariant::Dense,
        m,
        n,
        vs,
        major_a,
        major_b,
        types: [c, a, b, c],
    })
}

/// `UMMA::ScaleIn::One` or `::Neg` (`cute::` may qualify it): whether it negates.
fn scale_in(s: &str) -> Option<bool> {
    let s = s.strip_prefix("cute::").unwrap_or(s);
    match s.strip_prefix("UMMA::ScaleIn::")? {
        "One" => Some(false),
        "Neg" => Some(true),
        _ => None,
    }
}

/// `integral_constant<KIND, VALUE>` (`cute::` may qualify either): `VALUE` where the
/// first argument is `kind`.
fn integral_constant<'a>(s: &'a str, kind: &str) -> Option<&'a str> {
    let s = s.strip_prefix("cute::").unwrap_or(s);
    let inner = s.strip_prefix("integral_constant<")?.strip_suffix('>')?;
    let (k, v) = inner.split_once(',')?;
    (k.strip_prefix("cute::").unwrap_or(k) == kind).then_some(v)
}

/// `C<N>`, `Int<N>` or `_N` (`cute::` may qualify it): CuTe's `cute::C<N>` of an `int`.
fn static_int(s: &str) -> Option<i64> {
    let s = s.strip_prefix("cute::").unwrap_or(s);
    let digits = if let Some(r) = s.strip_prefix('_') {
        r
    } else {
        s.strip_prefix("C<")
            .or_else(|| s.strip_prefix("Int<"))?
            .strip_suffix('>')?
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 9 {
        return None;
    }
    digits.parse().ok()
}

/// The traits form of CuTe's two UMMA operations that are not templates:
/// `MMA_Traits<SM100_MMA_F8F6F4_SS, A, B, C, C<M>, C<N>, integral_constant<UMMA::Major,
/// UMMA::Major::K>, (B's major), integral_constant<UMMA::ScaleIn, UMMA::ScaleIn::One>,
/// (B's)>` and `_2x1SM_SS` (`args` are MMA_Traits' arguments). `None` where the first
/// argument is neither operation.
pub(crate) fn umma_traits(args: &[&str]) -> Option<Result<Umma, Error>> {
    let op = args.first()?;
    let two_sm = match op.strip_prefix("cute::").unwrap_or(op) {
        "SM100_MMA_F8F6F4_SS" => false,
        "SM100_MMA_F8F6F4_2x1SM_SS" => true,
        _ => return None,
    };
    Some(parse_traits(two_sm, &args[1..]))
}

fn parse_traits(two_sm: bool, args: &[&str]) -> Result<Umma, Error> {
    const ARGS: Error = Error::WrongKind {
        msg: "MMA_Traits<SM100_MMA_F8F6F4[_2x1SM]_SS, ...>: expected <Op, A type, B type, C type, C<M>, C<N>, integral_constant<UMMA::Major, UMMA::Major::K|MN> twice, integral_constant<UMMA::ScaleIn, UMMA::ScaleIn::One|Neg> twice> (CuTe's only specialization)",
    };
    if args.len() != 9 {
        return Err(ARGS);
    }
    let a = static_type(args[0]).ok_or(ARGS)?;
    let b = static_type(args[1]).ok_or(ARGS)?;
    let c = static_type(args[2]).ok_or(ARGS)?;
    let m = static_int(args[3]).ok_or(ARGS)?;
    let n = static_int(args[4]).ok_or(ARGS)?;
    let major_a = integral_constant(args[5], "UMMA::Major")
        .and_then(major)
        .ok_or(ARGS)?;
    let major_b = integral_constant(args[6], "UMMA::Major")
        .and_then(major)
        .ok_or(ARGS)?;
    for s in &args[7..9] {
        integral_constant(s, "UMMA::ScaleIn")
            .and_then(scale_in)
            .ok_or(ARGS)?;
    }
    // sizeof_bits <= 8 and UMMA::to_UMMAFormat for A and B, to_CFormat for C
    let f = UmmaFamily::F8F6F4;
    if !operand_type_ok(f, a) || !operand_type_ok(f, b) || !accumulator_ok(f, false, c) {
        return Err(Error::WrongKind {
            msg: "MMA_Traits<SM100_MMA_F8F6F4[_2x1SM]_SS, ...>: A and B must be types of at most 8 bits CuTe's instruction descriptor encodes (int8_t, uint8_t, float_e4m3_t, e5m2, e2m3, e3m2, e2m1), C half_t, float or int32_t",
        });
    }
    Ok(Umma {
        family: UmmaFamily::F8F6F4,
        two_sm,
        a_in_tmem: false,
        variant: UmmaVariant::Dense,
        m,
        n,
        vs: 0,
        major_a,
        major_b,
        types: [c, a, b, c],
    })
}

/// The bits of an operand type of [`umma_format`] (as `sizeof_bits_v`; others are too wide
/// for every family).
fn element_bits(t: &str) -> i64 {
    match t {
        "tfloat32_t" => 32,
        "half_t" | "bfloat16_t" => 16,
        "int8_t" | "uint8_t" | "float_e4m3_t" | "float_e5m2_t" => 8,
        "float_e2m3_t" | "float_e3m2_t" => 6,
        "float_e2m1_t" => 4,
        _ => i64::MAX,
    }
}

/// The UMMA families, for listings (`cute atoms`).
pub(crate) const FAMILIES: &[&str] = &[
    "SM100_MMA_F16BF16[_2x1SM]_{SS,TS}[_SCALED]<A,B,C,M,N,majA,majB>",
    "SM100_MMA_F16BF16[_2x1SM]_SS_SPARSE<A,B,C,M,N,majA,majB>",
    "SM100_MMA_TF32[_2x1SM]_{SS,TS,SS_SPARSE}<A,B,C,M,N,majA,majB>",
    "SM100_MMA_S8[_2x1SM]_{SS,TS,SS_SPARSE}<A,B,C,M,N,majA,majB>",
    "SM100_MMA_F8F6F4[_2x1SM]_{TS,SS_SPARSE}<A,B,C,M,N,majA,majB>",
    "SM100_MMA_MXF8F6F4[_2x1SM]_SS[_SPARSE]<A,B,C,SF,M,N,majA,majB>",
    "SM100_MMA_MXF4[_2x1SM]_SS<A,B,C,SF,M,N,VS,majA,majB>",
    "SM100_MMA_MXF4NVF4[_2x1SM]_SS_SPARSE<A,B,C,SF,M,N,VS,majA,majB>",
    // (AtomName holds 128 bytes: the scales are integral_constant<UMMA::ScaleIn,..> too)
    "MMA_Traits<SM100_MMA_F8F6F4[_2x1SM]_SS,A,B,C,C<M>,C<N>,integral_constant<UMMA::Major,majA>,majB,negA,negB>",
    "SM103::SM103_MXF4_ULTRA[_2x1SM]_SS_VS<A,B,C,SF,M,N,VS,K,K>",
];
