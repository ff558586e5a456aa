//! The data of the host subset: arrays (`std::vector<T>`, `T a[n]`, `new T[n]`, the
//! storage of `make_tensor<T>(layout)`), pointers into them, tensors over them, and the
//! printing of their elements as CuTe's `print_tensor` does.
//!
//! An array is numbered in the order the program makes it; its elements live in the
//! evaluator. A pointer prints as CuTe prints one, `ptr[32b](0x2000010)`, with a made-up
//! address instead of the machine's: array `k` (from 0) starts at `(k+1) * 0x1000000` and
//! an element's address is its array's plus its byte offset, so that two pointers differ
//! by what they differ in CuTe, and the output is the same at every run.

use crate::syntax::FuncDef;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt;
use rcute::tensor::CoordTensor;

/// The most elements all the arrays of one program hold together (16 MiB of storage).
pub const MAX_ELEMENTS: usize = 1 << 20;

/// An element type of the host subset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Elem(pub &'static str);

/// The element types an array may hold, each as C++ names it, with its bits.
const ELEMS: &[(&str, u32)] = &[
    ("bool", 8),
    ("char", 8),
    ("int8_t", 8),
    ("uint8_t", 8),
    ("short", 16),
    ("int16_t", 16),
    ("uint16_t", 16),
    ("int", 32),
    ("unsigned", 32),
    ("int32_t", 32),
    ("uint32_t", 32),
    ("float", 32),
    ("half_t", 16),
    ("bfloat16_t", 16),
    ("tfloat32_t", 32),
    ("float_e4m3_t", 8),
    ("float_e5m2_t", 8),
    ("long", 64),
    ("size_t", 64),
    ("int64_t", 64),
    ("ptrdiff_t", 64),
    ("uint64_t", 64),
    ("double", 64),
];

impl Elem {
    /// The element type called `name` (`cute::`/`std::` already dropped), if the subset
    /// has it.
    pub fn named(name: &str) -> Option<Elem> {
        let name = name.strip_prefix("std::").unwrap_or(name);
        let name = name.strip_prefix("cutlass::").unwrap_or(name);
        let name = match name {
            "unsigned int" => "unsigned",
            "long long" | "long int" => "long",
            "cute::int32_t" => "int32_t",
            n => n,
        };
        ELEMS.iter().find(|(n, _)| *n == name).map(|(n, _)| Elem(n))
    }

    /// `sizeof_bits`.
    pub fn bits(self) -> u32 {
        ELEMS
            .iter()
            .find(|(n, _)| *n == self.0)
            .map_or(32, |(_, b)| *b)
    }

    /// A `float` or a `double`.
    pub fn is_float(self) -> bool {
        matches!(
            self.0,
            "float"
                | "double"
                | "half_t"
                | "bfloat16_t"
                | "tfloat32_t"
                | "float_e4m3_t"
                | "float_e5m2_t"
        )
    }

    /// Whether CuTe's `print_tensor` of this type is the one rcute prints.
    pub fn printable(self) -> bool {
        !matches!(
            self.0,
            "tfloat32_t" | "float_e4m3_t" | "float_e5m2_t" | "char"
        )
    }

    /// CUTLASS's 16-bit floating-point types, `half_t` and `bfloat16_t`, whose values
    /// the subset computes with.
    pub fn is_narrow(self) -> bool {
        matches!(self.0, "half_t" | "bfloat16_t")
    }

    /// The floating-point types narrower than `float` whose values the subset does not
    /// round to: `tfloat32_t` and the 8-bit floats.
    pub fn is_unrounded(self) -> bool {
        matches!(self.0, "tfloat32_t" | "float_e4m3_t" | "float_e5m2_t")
    }

    /// An unsigned integer type.
    pub fn is_unsigned(self) -> bool {
        self.0.starts_with('u') || self.0 == "size_t"
    }

    /// The range of an integer type, `None` for floats and `bool`.
    pub fn int_range(self) -> Option<(i64, i64)> {
        if self.is_float() || self.0 == "bool" {
            return None;
        }
        let bits = self.bits();
        if self.is_unsigned() {
            return Some((
                0,
                if bits >= 64 {
                    i64::MAX
                } else {
                    (1i64 << bits) - 1
                },
            ));
        }
        if bits >= 64 {
            return Some((i64::MIN, i64::MAX));
        }
        Some((-(1i64 << (bits - 1)), (1i64 << (bits - 1)) - 1))
    }
}

/// Where a pointer points: CuTe's tagged pointers print a prefix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mem {
    /// A plain pointer, `ptr[32b](...)`.
    Raw,
    /// `make_gmem_ptr(p)`, `gmem_ptr[32b](...)`.
    Gmem,
    /// `make_smem_ptr(p)`, `smem_ptr[32b](...)`.
    Smem,
    /// The packed bits of an owning `make_tensor<bool>`, `subptr[1b](0x... .0)`.
    Bits,
}

/// A pointer into array `buf` of the program, `off` elements from its start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ptr {
    /// The array's number.
    pub buf: u32,
    /// The offset in elements.
    pub off: i64,
    /// The element type.
    pub elem: Elem,
    /// The memory it is tagged with.
    pub mem: Mem,
}

impl Ptr {
    /// The made-up address of the element at `off`.
    fn address(&self, off: i64) -> i64 {
        let base = (self.buf as i64 + 1) << 24;
        if self.mem == Mem::Bits {
            return base + off.div_euclid(8);
        }
        base + off * (self.elem.bits() as i64 / 8)
    }

    /// CuTe's print of the pointer moved by `off` elements.
    pub fn print_at(&self, f: &mut fmt::Formatter<'_>, off: i64) -> fmt::Result {
        let prefix = match self.mem {
            Mem::Raw => "",
            Mem::Gmem => "gmem_",
            Mem::Smem => "smem_",
            Mem::Bits => {
                return write!(
                    f,
                    "subptr[1b](0x{:x}.{})",
                    self.address(off),
                    off.rem_euclid(8)
                );
            }
        };
        write!(
            f,
            "{prefix}ptr[{}b](0x{:x})",
            self.elem.bits(),
            self.address(off)
        )
    }
}

impl fmt::Display for Ptr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.print_at(f, self.off)
    }
}

/// A tensor over an array: the pointer to the array's first element and a coordinate
/// tensor whose elements are offsets from it (its origin the offset of its first
/// element), so that CuTe's partitioning of a coordinate tensor partitions it.
#[derive(Clone, Debug, PartialEq)]
pub struct DataTensor {
    /// The array, at offset 0.
    pub ptr: Ptr,
    /// The offsets.
    pub t: CoordTensor,
    /// Whether this is an owning tensor itself (`make_tensor<T>(layout)`), whose copy
    /// (`auto u = t`, a parameter by value) copies its elements as CuTe's `ArrayEngine`
    /// does; a slice, tile or partition of one is a view of its array.
    pub owning: bool,
}

impl DataTensor {
    /// The offset of the tensor's first element.
    pub fn origin(&self) -> i64 {
        self.t.origin().as_int().map_or(0, |i| i.value())
    }
}

impl fmt::Display for DataTensor {
    /// CuTe's `print(tensor)`: its pointer, ` o `, its layout.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.ptr.print_at(f, self.origin())?;
        write!(f, " o {}", self.t.layout())
    }
}

/// A function of the program, shared by the values that name it.
#[derive(Clone, Debug)]
pub struct FuncRef(pub(crate) Arc<FuncDef>);

impl PartialEq for FuncRef {
    fn eq(&self, other: &FuncRef) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// One element of an array.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Num {
    /// An integer or a `bool`.
    I(i64),
    /// A `float` or a `double`.
    F(f64),
}

/// An array of the program.
#[derive(Clone, Debug)]
pub struct Buffer {
    /// The elements.
    pub data: Vec<Num>,
    /// A `std::array<T, N>` or `cute::array<T, N>`: its size is fixed.
    pub fixed: bool,
}

/// `printf("%.*f", prec, v)`.
pub fn c_fixed(v: f64, prec: usize) -> String {
    if v.is_nan() {
        return String::from(if v.is_sign_negative() { "-nan" } else { "nan" });
    }
    if v.is_infinite() {
        return String::from(if v < 0.0 { "-inf" } else { "inf" });
    }
    alloc::format!("{v:.prec$}")
}

/// `printf("%.*e", prec, v)`: the mantissa, `e`, a sign and at least two digits.
pub fn c_exp(v: f64, prec: usize) -> String {
    if !v.is_finite() {
        return c_fixed(v, prec);
    }
    let s = alloc::format!("{v:.prec$e}");
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let (sign, digits) = match exp.strip_prefix('-') {
        Some(d) => ('-', d),
        None => ('+', exp),
    };
    alloc::format!("{mant}e{sign}{digits:0>2}")
}

/// CuTe's `pretty_print` of one element (a cell of `print_tensor`).
pub fn pretty(elem: Elem, n: Num) -> String {
    match (elem.0, n) {
        ("float", Num::F(v)) => alloc::format!("{:>10}", c_exp(v, 2)),
        // CuTe's pretty_print of half_t and bfloat16_t: printf("%*.2f", 8, float(x))
        ("half_t" | "bfloat16_t", Num::F(v)) => alloc::format!("{:>8}", c_fixed(v, 2)),
        ("double", Num::F(v)) => alloc::format!("{:>11}", c_exp(v, 3)),
        ("bool", Num::I(v)) => alloc::format!("{v:>3}"),
        ("uint64_t" | "size_t", Num::I(v)) => alloc::format!("{:>5}", v as u64),
        // CuTe's pretty_print(uint32_t) is printf("%*d", 5, v): past INT_MAX it prints
        // the int of the same bits (4000000000 prints -294967296)
        ("uint32_t" | "unsigned", Num::I(v)) => alloc::format!("{:>5}", v as u32 as i32),
        ("int" | "int32_t" | "long" | "int64_t" | "ptrdiff_t", Num::I(v)) => {
            alloc::format!("{v:>5}")
        }
        (_, Num::I(v)) => alloc::format!("  {v}"),
        (_, Num::F(v)) => alloc::format!("  {}", c_fixed(v, 6)),
    }
}

/// `x` rounded to CUTLASS's `half_t` as `half_t(float(x))` rounds it on the host (to
/// nearest even; past 65504 to infinity; subnormals kept), as an exact `f64`.
pub fn round_half(x: f64) -> f64 {
    let s = (x as f32).to_bits();
    let sign = ((s >> 16) & 0x8000) as u16;
    let exp = ((s >> 23) & 0xff) as i32 - 127;
    let mut mantissa = s & 0x7f_ffff;
    let u: u16 = if s & 0x7fff_ffff == 0 {
        sign
    } else if exp > 15 {
        if exp == 128 && mantissa != 0 {
            0x7fff
        } else {
            sign | 0x7c00
        }
    } else {
        let mut sticky = false;
        let mut u: u16 = if exp >= -14 {
            ((((exp + 15) & 0x1f) as u16) << 10) | (mantissa >> 13) as u16
        } else {
            let rshift = (-14 - exp) as u32;
            if rshift < 32 {
                mantissa |= 1 << 23;
                sticky = mantissa & ((1u32 << rshift) - 1) != 0;
                mantissa >>= rshift;
                ((mantissa >> 13) & 0x3ff) as u16
            } else {
                mantissa = 0;
                0
            }
        };
        let round = (mantissa >> 12) & 1 == 1;
        sticky |= mantissa & ((1 << 12) - 1) != 0;
        if round && (sticky || u & 1 == 1) {
            u += 1;
        }
        u | sign
    };
    half_value(u)
}

/// The value of the `half_t` of bits `u` (every one is a `float`, exactly).
fn half_value(u: u16) -> f64 {
    let sign = u32::from(u & 0x8000) << 16;
    let exp = u32::from((u >> 10) & 0x1f);
    let frac = u32::from(u & 0x3ff);
    let bits = match exp {
        // a subnormal: frac * 2^-24
        0 => {
            let v = f64::from(frac) / 16_777_216.0;
            return if sign != 0 { -v } else { v };
        }
        // inf and NaN
        31 => sign | 0x7f80_0000 | (frac << 13),
        e => sign | ((e + 112) << 23) | (frac << 13),
    };
    f64::from(f32::from_bits(bits))
}

/// `x` rounded to CUTLASS's `bfloat16_t` as `bfloat16_t(float(x))` rounds it on the
/// host (the high 16 bits of the `float`, to nearest even), as an exact `f64`.
pub fn round_bfloat16(x: f64) -> f64 {
    let mut bits = (x as f32).to_bits();
    if bits & 0x7f80_0000 != 0x7f80_0000 {
        let mantissa = bits & (1 << 16) != 0;
        let round = bits & (1 << 15) != 0;
        let sticky = bits & ((1 << 15) - 1) != 0;
        if round && (sticky || mantissa) {
            bits = bits.wrapping_add(1 << 16);
        }
    } else if bits & !0xff80_0000 != 0 {
        bits = 0x7fff_ffff;
    }
    f64::from(f32::from_bits(bits & 0xffff_0000))
}
