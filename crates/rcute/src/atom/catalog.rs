//! The catalog by name: CuTe's spellings of the atoms' types, parsed.

use super::copy::{CopyAtom, CopyOp, ScalarCopy, WARP_OPS};
use super::gmma::{Gmma, GmmaMajor, GmmaTypes};
use super::mma::{MmaAtom, OTHER_ATOMS, SM80_ATOMS, universal_fma};
use super::name::AtomName;
use crate::error::Error;

const UNKNOWN_MMA: Error = Error::WrongKind {
    msg: "unknown MMA atom (`cute atoms` lists the catalog)",
};
const UNKNOWN_COPY: Error = Error::WrongKind {
    msg: "unknown copy atom: expected Copy_Atom<OP, T> with an operation of the catalog (`cute atoms` lists it) and an element type",
};

/// The bits of an element type, by CuTe's name (`half_t`: 16; `cutlass::` may qualify it).
///
/// ```
/// use rcute::atom::element_bits;
/// assert_eq!(element_bits("cutlass::half_t"), Some(16));
/// assert_eq!(element_bits("complex<double>"), Some(128));
/// assert_eq!(element_bits("frob"), None);
/// ```
pub fn element_bits(name: &str) -> Option<i64> {
    let name = name.strip_prefix("cutlass::").unwrap_or(name);
    Some(match name {
        "bool" | "uint1_t" | "uint1b_t" | "bin1_t" => 1,
        "uint2_t" | "int2_t" | "uint2b_t" | "int2b_t" => 2,
        "uint4_t" | "int4_t" | "uint4b_t" | "int4b_t" | "float_e2m1_t" => 4,
        "uint8_t" | "int8_t" | "char" | "float_e4m3_t" | "float_e5m2_t" | "float_ue8m0_t"
        | "float_ue4m3_t" => 8,
        "float_e2m3_t" | "float_e3m2_t" => 6,
        "uint16_t" | "int16_t" | "half_t" | "bfloat16_t" | "half" => 16,
        "uint32_t" | "int32_t" | "float" | "tfloat32_t" | "int" => 32,
        "uint64_t" | "int64_t" | "double" => 64,
        "uint128_t" | "int128_t" | "complex<double>" => 128,
        "complex<float>" => 64,
        _ => return None,
    })
}

/// `name` without spaces; `None` where it is longer than any atom's name can be.
fn normalize(name: &str) -> Option<([u8; 512], usize)> {
    let mut out = [0u8; 512];
    let mut n = 0;
    for b in name.bytes() {
        if b.is_ascii_whitespace() {
            continue;
        }
        *out.get_mut(n)? = b;
        n += 1;
    }
    Some((out, n))
}

/// [`split_args`] for at most 4 template arguments.
fn split_template(s: &str) -> Option<(&str, [&str; 4], usize)> {
    let (base, all, n) = split_args(s)?;
    if n > 4 {
        return None;
    }
    let mut args = [""; 4];
    args[..n].copy_from_slice(&all[..n]);
    Some((base, args, n))
}

/// Splits `T<a,b,...>` into `T` and up to 16 template arguments (split at top-level
/// commas).
fn split_args(s: &str) -> Option<(&str, [&str; 16], usize)> {
    let Some(open) = s.find('<') else {
        return Some((s, [""; 16], 0));
    };
    let inner = s[open + 1..].strip_suffix('>')?;
    let mut args = [""; 16];
    let mut n = 0;
    let mut depth = 0i32;
    let mut start = 0;
    for (i, c) in inner.char_indices() {
        match c {
            '<' => depth += 1,
            '>' => depth -= 1,
            ',' if depth == 0 => {
                *args.get_mut(n)? = &inner[start..i];
                n += 1;
                start = i + 1;
            }
            _ => {}
        }
    }
    if depth != 0 {
        return None;
    }
    if !inner.is_empty() {
        *args.get_mut(n)? = &inner[start..];
        n += 1;
    }
    Some((&s[..open], args, n))
}

fn strip_cute(s: &str) -> &str {
    s.strip_prefix("cute::").unwrap_or(s)
}

fn major(s: &str) -> Option<GmmaMajor> {
    let s = strip_cute(s);
    let s = s.strip_prefix("SM90::").unwrap_or(s);
    let s = s.strip_prefix("GMMA::Major::").unwrap_or(s);
    match s {
        "K" => Some(GmmaMajor::K),
        "MN" => Some(GmmaMajor::MN),
        _ => None,
    }
}

/// An MMA atom by CuTe's name: an SM80 `mma.sync` atom (`SM80_16x8x16_F32F16F16F32_TN`),
/// an SM90 GMMA (`SM90_64x128x16_F32F16F16_SS<K,MN>`, `SM90_64x64x8_F32TF32TF32_RS_TN`),
/// `UniversalFMA<D,A,B,C>` (one to four types, defaulted as in CuTe), SM100 UMMA
/// (`SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>`), SM103's
/// `SM103::SM103_MXF4_ULTRA_SS_VS<...>`, the traits form `MMA_Traits<SM100_MMA_F8F6F4_SS,
/// ...>`, SM120 `mma.sync`, each also as `MMA_Atom<...>`.
///
/// ```
/// let atom = rcute::atom::mma_atom("MMA_Atom<SM90_64x64x16_F16F16F16_RS<K,MN>>").unwrap();
/// assert_eq!(atom.name().as_str(), "SM90_64x64x16_F16F16F16_RS<K,MN>");
/// assert!(rcute::atom::mma_atom("SM80_16x8x16_F32F16F16F32_NT").is_err());
/// ```
///
/// # Errors
/// A name that is not in the catalog; a GMMA that CuTe does not define (an N that is not
/// a multiple of 8 up to 256, MN-major tf32 or fp8 operands, an MN-major register A).
pub fn mma_atom(name: &str) -> Result<MmaAtom, Error> {
    let (buf, n) = normalize(name).ok_or(UNKNOWN_MMA)?;
    let s = core::str::from_utf8(&buf[..n]).map_err(|_| UNKNOWN_MMA)?;
    let s = strip_cute(s);
    let s = match s
        .strip_prefix("MMA_Atom<")
        .and_then(|r| r.strip_suffix('>'))
    {
        Some(inner) => strip_cute(inner),
        None => s,
    };
    if let Some(inner) = s
        .strip_prefix("MMA_Traits<")
        .and_then(|r| r.strip_suffix('>'))
    {
        let (_, args, nargs) = split_args(s).ok_or(UNKNOWN_MMA)?;
        if let Some(op) = super::umma::umma_traits(&args[..nargs]) {
            return op?.try_atom();
        }
        // MMA_Traits<Op> is Op's own traits: MMA_Atom<MMA_Traits<Op>> is MMA_Atom<Op>
        let inner = strip_cute(inner);
        if nargs != 1 || inner.starts_with("MMA_Atom<") || inner.starts_with("MMA_Traits<") {
            return Err(UNKNOWN_MMA);
        }
        return mma_atom(inner);
    }
    if s.starts_with("SM103") {
        let (base, args, nargs) = split_args(s).ok_or(UNKNOWN_MMA)?;
        if let Some(op) = super::umma::sm103_by_name(base, &args[..nargs]) {
            return op?.try_atom();
        }
    }
    if s.starts_with("SM100_MMA_") {
        let (base, args, nargs) = split_args(s).ok_or(UNKNOWN_MMA)?;
        if let Some(op) = super::umma::umma_by_name(base, &args[..nargs]) {
            return op?.try_atom();
        }
    }
    if let Some(rest) = s.strip_prefix("SM90::GMMA::SPARSE::GMMA_64x") {
        let (rest, args, nargs) = split_args(rest).ok_or(UNKNOWN_MMA)?;
        return gmma_parse(rest, &args[..nargs], 2)?.try_sparse_atom();
    }
    if s.starts_with("SM120") {
        let (base, args, nargs) = split_args(s).ok_or(UNKNOWN_MMA)?;
        if let Some(atom) = super::sm120::sm120_by_name(base, &args[..nargs]) {
            return atom;
        }
    }
    let (base, args, nargs) = split_template(s).ok_or(UNKNOWN_MMA)?;
    if base == "UniversalFMA" {
        if nargs == 0 {
            return Err(UNKNOWN_MMA);
        }
        let mut types: [&'static str; 4] = [""; 4];
        for (i, a) in args.iter().take(nargs).enumerate() {
            types[i] = static_type(a).ok_or(UNKNOWN_MMA)?;
        }
        // D, A = D, B = A, C = D
        if nargs < 2 {
            types[1] = types[0];
        }
        if nargs < 3 {
            types[2] = types[1];
        }
        if nargs < 4 {
            types[3] = types[0];
        }
        return Ok(universal_fma(types));
    }
    if matches!(
        base,
        "SM80_16x8x128_S32U1U1S32_TN_XORPOPC" | "SM80_16x8x128_S32U1U1S32_TN_ANDPOPC"
    ) {
        return Err(Error::WrongKind {
            msg: "not in the catalog: CuTe's LayoutA_TV of the b1 16x8x128 atoms, ((_4,_8),(_32,_2)):((_512,_1),((_16,_8))), is not congruent (a stride (_16,_8) under the shape _2), so it is not a layout; CuTe prints it, rcute refuses it",
        });
    }
    if let Some(a) = SM80_ATOMS
        .iter()
        .chain(OTHER_ATOMS)
        .find(|a| a.name().as_str() == base)
    {
        if nargs != 0 {
            return Err(UNKNOWN_MMA);
        }
        return Ok(*a);
    }
    gmma_by_name(base, &args[..nargs])?.try_atom()
}

/// The element type named `s`, as a `'static` spelling.
fn static_type(s: &str) -> Option<&'static str> {
    const TYPES: &[&str] = &[
        "half_t",
        "bfloat16_t",
        "float",
        "double",
        "tfloat32_t",
        "int8_t",
        "uint8_t",
        "int16_t",
        "uint16_t",
        "int32_t",
        "uint32_t",
        "int64_t",
        "uint64_t",
        "uint128_t",
        "float_e4m3_t",
        "float_e5m2_t",
        "complex<double>",
        "int",
        "char",
        "bool",
    ];
    let s = s.strip_prefix("cutlass::").unwrap_or(s);
    TYPES.iter().copied().find(|t| *t == s)
}

/// `SM90_64x{N}x{K}_{types}_{SS|RS}[_TN]` with its template arguments.
fn gmma_by_name(base: &str, args: &[&str]) -> Result<Gmma, Error> {
    let rest = base.strip_prefix("SM90_64x").ok_or(UNKNOWN_MMA)?;
    gmma_parse(rest, args, 1)
}

/// `{N}x{K}_{types}_{SS|RS}[_TN[_SATURATE]]` with its template arguments, K being
/// `k_scale` times the dense instruction's (2 for the sparse GMMAs).
fn gmma_parse(rest: &str, args: &[&str], k_scale: i64) -> Result<Gmma, Error> {
    let (n, rest) = rest.split_once('x').ok_or(UNKNOWN_MMA)?;
    let n: i64 = n.parse().map_err(|_| UNKNOWN_MMA)?;
    let (k, rest) = rest.split_once('_').ok_or(UNKNOWN_MMA)?;
    let k: i64 = k.parse().map_err(|_| UNKNOWN_MMA)?;
    let (rest, saturate) = match rest.strip_suffix("_SATURATE") {
        Some(r) => (r, true),
        None => (rest, false),
    };
    let (rest, tn) = match rest.strip_suffix("_TN") {
        Some(r) => (r, true),
        None => (rest, false),
    };
    let (types, a_in_registers) = if let Some(t) = rest.strip_suffix("_SS") {
        (t, false)
    } else if let Some(t) = rest.strip_suffix("_RS") {
        (t, true)
    } else {
        return Err(UNKNOWN_MMA);
    };
    let types = GmmaTypes::ALL
        .iter()
        .copied()
        .find(|t| {
            t.push_name(AtomName::EMPTY).as_str() == types
                && matches!(t, GmmaTypes::Int8 { saturate: true, .. }) == saturate
        })
        .ok_or(UNKNOWN_MMA)?;
    if types.k() * k_scale != k || types.k_major_only() != tn {
        return Err(UNKNOWN_MMA);
    }
    let (major_a, major_b) = if tn {
        // CuTe's _TN atoms take only the scales (defaulted): `<>` or nothing
        if !args.is_empty() {
            return Err(UNKNOWN_MMA);
        }
        (GmmaMajor::K, GmmaMajor::K)
    } else {
        // the majors, then optional scales that do not change the layouts
        if args.len() < 2 {
            return Err(Error::WrongKind {
                msg: "SM90 GMMA: the atom takes the majors of A and B, e.g. <K,K> or <K,MN>",
            });
        }
        let a = major(args[0]).ok_or(UNKNOWN_MMA)?;
        let b = major(args[1]).ok_or(UNKNOWN_MMA)?;
        (a, b)
    };
    Ok(Gmma {
        n,
        types,
        a_in_registers,
        major_a,
        major_b,
    })
}

/// A copy atom by CuTe's name, `Copy_Atom<OP, T>`: OP one of the warp-wide operations
/// (`SM75_U32x4_LDSM_N`, `SM90_U16x8_STSM_T`, ...) or a one-thread copy of a type
/// (`UniversalCopy<uint128_t>`, `SM80_CP_ASYNC_CACHEALWAYS<uint64_t>`,
/// `SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>`), T the element type.
///
/// ```
/// let atom = rcute::atom::copy_atom("Copy_Atom<UniversalCopy<uint128_t>, float>").unwrap();
/// assert_eq!(atom.val_layout_src().to_string(), "(_1,_4):(_0,_1)");
/// ```
///
/// # Errors
/// An unknown operation or type, and the recasts CuTe refuses.
pub fn copy_atom(name: &str) -> Result<CopyAtom, Error> {
    let (buf, n) = normalize(name).ok_or(UNKNOWN_COPY)?;
    let s = core::str::from_utf8(&buf[..n]).map_err(|_| UNKNOWN_COPY)?;
    let s = strip_cute(s);
    let (base, args, nargs) = split_template(s).ok_or(UNKNOWN_COPY)?;
    if base != "Copy_Atom" || nargs != 2 {
        return Err(UNKNOWN_COPY);
    }
    let ty = args[1].strip_prefix("cutlass::").unwrap_or(args[1]);
    let bits = element_bits(ty).ok_or(UNKNOWN_COPY)?;
    let op = copy_op(strip_cute(args[0]))?;
    CopyAtom::try_new(op, ty, bits)
}

/// A copy operation by name.
fn copy_op(s: &str) -> Result<CopyOp, Error> {
    if let Some(op) = WARP_OPS
        .iter()
        .chain(super::sm100_copy::SM100_COPY_OPS)
        .find(|o| o.name().as_str() == s)
    {
        return Ok(*op);
    }
    match s {
        "SM90_BULK_COPY_AUTO" => return Ok(super::copy::SM90_BULK_COPY_AUTO),
        "AutoVectorizingCopy" => return super::copy::auto_vectorizing_copy(128),
        "DefaultCopy" => return super::copy::auto_vectorizing_copy(8),
        _ => {}
    }
    let (base, args, nargs) = split_template(s).ok_or(UNKNOWN_COPY)?;
    if base == "Copy_Traits" {
        let g2s = match args[..nargs] {
            ["SM90_BULK_COPY_G2S", _] => true,
            ["SM90_BULK_COPY_S2G", _] => false,
            _ => return Err(UNKNOWN_COPY),
        };
        let n = args[1];
        let n = n
            .strip_prefix("Int<")
            .or_else(|| n.strip_prefix("C<"))
            .and_then(|x| x.strip_suffix('>'))
            .or_else(|| n.strip_prefix('_'))
            .ok_or(UNKNOWN_COPY)?;
        let bits = n.parse::<i64>().map_err(|_| UNKNOWN_COPY)?;
        return super::copy::bulk_copy(g2s, bits);
    }
    if base == "AutoVectorizingCopyWithAssumedAlignment" {
        let bits = match args[..nargs] {
            [a] => a
                .strip_prefix('_')
                .unwrap_or(a)
                .parse::<i64>()
                .map_err(|_| UNKNOWN_COPY)?,
            _ => return Err(UNKNOWN_COPY),
        };
        return super::copy::auto_vectorizing_copy(bits);
    }
    let kind = match base {
        "UniversalCopy" => ScalarCopy::Universal,
        "SM80_CP_ASYNC_CACHEALWAYS" => ScalarCopy::CpAsyncCacheAlways,
        "SM80_CP_ASYNC_CACHEGLOBAL" => ScalarCopy::CpAsyncCacheGlobal,
        "SM80_CP_ASYNC_CACHEALWAYS_ZFILL" => ScalarCopy::CpAsyncCacheAlwaysZfill,
        "SM80_CP_ASYNC_CACHEGLOBAL_ZFILL" => ScalarCopy::CpAsyncCacheGlobalZfill,
        _ => return Err(UNKNOWN_COPY),
    };
    if nargs == 0 || nargs > 2 {
        return Err(UNKNOWN_COPY);
    }
    let ty = args[0].strip_prefix("cutlass::").unwrap_or(args[0]);
    let bits = element_bits(ty).ok_or(UNKNOWN_COPY)?;
    let (dst, dst_bits) = if nargs == 2 {
        let d = args[1].strip_prefix("cutlass::").unwrap_or(args[1]);
        (d, element_bits(d).ok_or(UNKNOWN_COPY)?)
    } else {
        (ty, bits)
    };
    kind.try_op2(ty, bits, dst, dst_bits)
}

/// The MMA atom families of the catalog, one name each (for listings such as
/// `cute atoms`): the SM80 atoms, `UniversalFMA<D,A,B,C>`, and each GMMA family, `N`
/// standing for every multiple of 8 from 8 to 256 and `A`, `B` for the majors (`K` or
/// `MN`; a register-sourced A is `K`).
pub fn mma_families() -> impl Iterator<Item = AtomName> {
    SM80_ATOMS
        .iter()
        .chain(OTHER_ATOMS)
        .map(|a| *a.name())
        .chain(
        [
            "UniversalFMA<D,A,B,C>",
            "SM90_64xNx16_F16F16F16_SS<A,B>",
            "SM90_64xNx16_F16F16F16_RS<K,B>",
            "SM90_64xNx16_F32F16F16_SS<A,B>",
            "SM90_64xNx16_F32F16F16_RS<K,B>",
            "SM90_64xNx16_F32BF16BF16_SS<A,B>",
            "SM90_64xNx16_F32BF16BF16_RS<K,B>",
            "SM90_64xNx8_F32TF32TF32_SS_TN",
            "SM90_64xNx8_F32TF32TF32_RS_TN",
            "SM90_64xNx32_{F32,F16}{E4M3,E5M2}{E4M3,E5M2}_SS_TN",
            "SM90_64xNx32_{F32,F16}{E4M3,E5M2}{E4M3,E5M2}_RS_TN",
            "SM90_64xNx32_S32{S8,U8}{S8,U8}_SS_TN[_SATURATE]",
            "SM90_64xNx32_S32{S8,U8}{S8,U8}_RS_TN[_SATURATE]",
            "SM90::GMMA::SPARSE::GMMA_64xNx32_{F16F16F16,F32F16F16,F32BF16BF16}_{SS<A,B>,RS<K,B>}",
            "SM90::GMMA::SPARSE::GMMA_64xNx16_F32TF32TF32_{SS,RS}_TN",
            "SM90::GMMA::SPARSE::GMMA_64xNx64_{F32,F16}{E4M3,E5M2}{E4M3,E5M2}_{SS,RS}_TN",
            "SM90::GMMA::SPARSE::GMMA_64xNx64_S32{S8,U8}{S8,U8}_{SS,RS}_TN[_SATURATE]",
        ]
        .into_iter()
        .chain(super::umma::FAMILIES.iter().copied())
        .chain(super::sm120::FAMILIES.iter().copied())
        .map(AtomName::new),
    )
}

/// The copy operations of the catalog (for listings such as `cute atoms`): the warp-wide
/// ones, then the one-thread copies of a type `T`.
pub fn copy_families() -> impl Iterator<Item = AtomName> {
    WARP_OPS.iter().map(|o| *o.name()).chain(
        [
            "UniversalCopy<T>",
            "AutoVectorizingCopy",
            "DefaultCopy",
            "AutoVectorizingCopyWithAssumedAlignment<8|16|32|64|128>",
            "SM90_BULK_COPY_AUTO",
            "Copy_Traits<SM90_BULK_COPY_G2S,Int<BITS>>, Copy_Traits<SM90_BULK_COPY_S2G,Int<BITS>>",
            "SM80_CP_ASYNC_CACHEALWAYS<T>",
            "SM80_CP_ASYNC_CACHEGLOBAL<T>",
            "SM80_CP_ASYNC_CACHEALWAYS_ZFILL<T>",
            "SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<T>",
            "SM100_TMEM_{LOAD,STORE}_{16dp256b,16dp128b,16dp64b,16dp32b,32dp32b}{1,2,4,...,128}x[_16b]",
            "SM100_UTCCP_{128dp256bit,128dp128bit,4dp256bit,4x32dp128bit,2x64dp128bitlw0213,2x64dp128bitlw0123}_{1cta,2cta}",
            "SM100_U8x{8,16}_LDSM_T, SM100_U8x{4,8,16}_STSM_T, SM100_SU{4,6}_DU8x16_x{1,2,4}_LDSM_N",
            "SM100_{LOAD,STORE}_256bit_CACHE_NOALLOCATION",
            "SM90_TMA_{LOAD,LOAD_MULTICAST,STORE,REDUCE_ADD}, SM100_TMA_2SM_LOAD[_MULTICAST] (make_tma_atom, make_tma_copy)",
            "SM90_TMA_{LOAD_IM2COL,LOAD_IM2COL_MULTICAST,STORE_IM2COL}, SM100_TMA_2SM_LOAD_IM2COL[_MULTICAST] (make_im2col_tma_copy)",
        ]
        .into_iter()
        .map(AtomName::new),
    )
}
