//! SM120 `mma.sync` atoms (CuTe's `mma_traits_sm120.hpp` and `mma_traits_sm120_sparse.hpp`):
//! the f8f6f4 `SM120_16x8x32_TN<A,B,C>`, the block-scaled
//! `SM120::BLOCKSCALED::SM120_16x8x{32,64}_TN_VS<A,B,C,SF,VS>` and their sparse forms
//! `SM120::SPARSE::SM120_SPARSE_16x8x64_TN<A,B,C>`,
//! `SM120::BLOCKSCALED::SPARSE::SM120_SPARSE_16x8x{64,128}_TN_VS<A,B,C,SF,VS>`.
//!
//! Their layouts are those of the SM80 integer atoms of the same bits per K (`16x8x32`: the
//! 8-bit `SM80_16x8x32_S32S8S8S32_TN`; `16x8x64`: the 4-bit `SM80_16x8x64_S32S4S4S32_TN`).
//! `MMA_Atom`'s print shows no scale-factor layout, so VS, which CuTe checks only in the
//! instruction's body (`fma`), does not change what is printed: rcute takes any positive VS,
//! as CuTe's print does.

use super::mma::MmaAtom;
use super::name::AtomName;
use crate::error::Error;
use crate::layout::Layout;
use crate::tuple::IntTuple;

const UNKNOWN: Error = Error::WrongKind {
    msg: "unknown SM120 MMA atom: SM120_16x8x32_TN<A,B,C>, SM120::BLOCKSCALED::SM120_16x8x{32,64}_TN_VS<A,B,C,SF,VS>, SM120::SPARSE::SM120_SPARSE_16x8x64_TN<A,B,C>, SM120::BLOCKSCALED::SPARSE::SM120_SPARSE_16x8x{64,128}_TN_VS<A,B,C,SF,VS>",
};
const NO_MMA: Error = Error::WrongKind {
    msg: "SM120 MMA: no instruction matches these data types (CuTe's \"No MMA matches ... for given data types\")",
};

/// The f8f6f4 element types, CuTe's spellings.
const F8F6F4: [&str; 5] = [
    "float_e2m1_t",
    "float_e3m2_t",
    "float_e2m3_t",
    "float_e4m3_t",
    "float_e5m2_t",
];

fn f8f6f4(s: &str) -> Option<&'static str> {
    let s = s.strip_prefix("cutlass::").unwrap_or(s);
    F8F6F4.iter().copied().find(|t| *t == s)
}

fn accumulator(s: &str) -> Option<&'static str> {
    match s.strip_prefix("cutlass::").unwrap_or(s) {
        "float" => Some("float"),
        "half_t" => Some("half_t"),
        _ => None,
    }
}

fn scale_factor(s: &str) -> Option<&'static str> {
    match s.strip_prefix("cutlass::").unwrap_or(s) {
        "float_ue8m0_t" => Some("float_ue8m0_t"),
        "float_ue4m3_t" => Some("float_ue4m3_t"),
        _ => None,
    }
}

const ROW: &str = "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))";
const A_8BIT: &str = "((_4,_8),(_4,_2,_2)):((_64,_1),(_16,_8,_256))";
const B_8BIT: &str = "((_4,_8),(_4,_2)):((_32,_1),(_8,_128))";
const A_4BIT: &str = "((_4,_8),(_8,_2,_2)):((_128,_1),(_16,_8,_512))";
const B_4BIT: &str = "((_4,_8),(_8,_2)):((_64,_1),(_8,_256))";
const B_SPARSE_64: &str = "((_4,_8),(_4,_4)):((_32,_1),(_8,_128))";
const A_SPARSE_128: &str = "((_4,_8),(_16,_2,_2)):((_256,_1),(_16,_8,_1024))";
const B_SPARSE_128: &str = "((_4,_8),(_8,_4)):((_64,_1),(_8,_256))";

/// The operation named `base` (with its namespaces) and its template arguments: `None`
/// where `base` is not an SM120 MMA.
pub(crate) fn sm120_by_name(base: &str, args: &[&str]) -> Option<Result<MmaAtom, Error>> {
    let op = base.rsplit("::").next().unwrap_or(base);
    let ns = &base[..base.len() - op.len()];
    let expected_ns = match op {
        "SM120_16x8x32_TN" => "",
        "SM120_16x8x32_TN_VS" | "SM120_16x8x64_TN_VS" => "SM120::BLOCKSCALED::",
        "SM120_SPARSE_16x8x64_TN" => "SM120::SPARSE::",
        "SM120_SPARSE_16x8x64_TN_VS" | "SM120_SPARSE_16x8x128_TN_VS" => {
            "SM120::BLOCKSCALED::SPARSE::"
        }
        _ if base.starts_with("SM120") => return Some(Err(UNKNOWN)),
        _ => return None,
    };
    if ns != expected_ns {
        return Some(Err(UNKNOWN));
    }
    Some(build(base, op, op.ends_with("_VS"), args))
}

fn build(full: &str, op: &str, blockscaled: bool, args: &[&str]) -> Result<MmaAtom, Error> {
    let want = if blockscaled { 5 } else { 3 };
    if args.len() != want {
        return Err(UNKNOWN);
    }
    let a = f8f6f4(args[0]).ok_or(NO_MMA)?;
    let b = f8f6f4(args[1]).ok_or(NO_MMA)?;
    let c = accumulator(args[2]).ok_or(NO_MMA)?;
    let four_bit = matches!(op, "SM120_16x8x64_TN_VS" | "SM120_SPARSE_16x8x128_TN_VS");
    if blockscaled {
        let sf = scale_factor(args[3]).ok_or(NO_MMA)?;
        let vs: i64 = args[4]
            .strip_prefix('_')
            .unwrap_or(args[4])
            .parse()
            .map_err(|_| UNKNOWN)?;
        if vs <= 0 {
            return Err(Error::Precondition {
                msg: "SM120 MMA: the scale vector size VS must be positive",
                mode: -1,
                lhs: vs,
                rhs: 1,
            });
        }
        // the block-scaled instructions accumulate in f32; fp4 x fp4 takes either scale
        // type, the others ue8m0
        let ok = c == "float"
            && if four_bit {
                a == "float_e2m1_t" && b == "float_e2m1_t"
            } else {
                sf == "float_ue8m0_t"
            };
        if !ok {
            return Err(NO_MMA);
        }
    }
    let (mnk, la, lb, ab_type) = match op {
        "SM120_16x8x32_TN" | "SM120_16x8x32_TN_VS" => ("(_16,_8,_32)", A_8BIT, B_8BIT, "uint8_t"),
        "SM120_16x8x64_TN_VS" => ("(_16,_8,_64)", A_4BIT, B_4BIT, "uint4_t"),
        "SM120_SPARSE_16x8x64_TN" | "SM120_SPARSE_16x8x64_TN_VS" => {
            ("(_16,_8,_64)", A_4BIT, B_SPARSE_64, "uint8_t")
        }
        _ => ("(_16,_8,_128)", A_SPARSE_128, B_SPARSE_128, "uint4_t"),
    };
    let mut name = AtomName::new(full).push("<");
    for (i, t) in args.iter().enumerate() {
        if i > 0 {
            name = name.push(",");
        }
        name = name.push(t);
    }
    Ok(MmaAtom::from_parts(
        name.push(">"),
        Layout::parse("_32:_1"),
        IntTuple::parse(mnk),
        [Layout::parse(la), Layout::parse(lb), Layout::parse(ROW)],
        [c, ab_type, ab_type, c],
    ))
}

/// The SM120 families, for listings (`cute atoms`).
pub(crate) const FAMILIES: &[&str] = &[
    "SM120_16x8x32_TN<A,B,C>",
    "SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<A,B,float,float_ue8m0_t,VS>",
    "SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,SF,VS>",
    "SM120::SPARSE::SM120_SPARSE_16x8x64_TN<A,B,C>",
    "SM120::BLOCKSCALED::SPARSE::SM120_SPARSE_16x8x64_TN_VS<A,B,float,float_ue8m0_t,VS>",
    "SM120::BLOCKSCALED::SPARSE::SM120_SPARSE_16x8x128_TN_VS<float_e2m1_t,float_e2m1_t,float,SF,VS>",
];
