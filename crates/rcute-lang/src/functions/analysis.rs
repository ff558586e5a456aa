//! What a layout costs, in the expression language: accesses, bank conflicts, coalescing,
//! swizzle search, and the predicates on layouts (see [`rcute::analysis`]).

use super::call::Call;
use super::function::{ANY, Function};
use crate::error::EvalError;
use crate::value::Value;
use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use rcute::analysis::{self, Access, Side};
use rcute::atom::TiledCopy;
use rcute::int::Int;
use rcute::swizzle::MaybeSwizzled;

type R = Result<Value, EvalError>;

/// This file's functions: entries of the function table.
#[rustfmt::skip]
pub(super) const FUNCTIONS: &[Function] = &[
    Function::new("address_banks", (2, ANY), (0, 0), address_banks, "address_banks(bits, I...): wavefronts of warp instructions given as explicit byte addresses, one tuple of up to 32 lane addresses per instruction (_ for an idle lane), bits per lane"),
    Function::new("as_cp_async", (1, 2), (0, 0), as_cp_async, "as_cp_async(A[, cg]): access A named the shared-memory write of a cp.async (.ca, or .cg if cg is 1)"),
    Function::new("as_store", (1, 1), (0, 0), as_store, "as_store(A): access A named a store"),
    Function::new("at_byte", (2, 2), (0, 0), at_byte, "at_byte(A, n): access A starting n bytes into the memory (every lane address + n)"),
    Function::new("bank_conflicts", (2, 2), (0, 0), bank_conflicts, "bank_conflicts(S, A): wavefronts per warp instruction of access A (vector_access, matrix_access or a tiled copy; a load, store or cp.async) to shared layout S (or domain_offset(coord, S)), and the swizzle or padding that removes its conflicts"),
    Function::new("bank_instructions", (2, 2), (0, 0), bank_instructions, "bank_instructions(S, A): bank_conflicts(S, A) instruction by instruction"),
    Function::new("coalescing", (2, 2), (0, 0), coalescing, "coalescing(G, A): sectors and lines per warp request of access A to global layout G, and the widest vector per thread"),
    Function::new("distinct_offsets", (1, 1), (0, 0), distinct_offsets, "distinct_offsets(L): the number of different offsets L reaches"),
    Function::new("footprint", (1, 1), (0, 0), footprint, "footprint(L): max offset - min offset + 1"),
    Function::new("functionally_equal", (2, 2), (0, 0), functionally_equal, "functionally_equal(A, B): the same offset at every index"),
    Function::new("image", (1, 1), (0, 0), image, "image(L): the offsets L reaches, in increasing order"),
    Function::new("is_bijective", (1, 1), (0, 0), is_bijective, "is_bijective(L): L permutes 0 .. size(L)"),
    Function::new("is_injective", (1, 1), (0, 0), is_injective, "is_injective(L): no two indices share an offset"),
    Function::new("is_surjective", (1, 2), (0, 0), is_surjective, "is_surjective(L[, n]): L reaches every offset 0 .. n (default cosize(L))"),
    Function::new("matrix_access", (2, 2), (0, 0), matrix_access, "matrix_access(TV, n): an ldmatrix/stmatrix access of n 8x8 matrices, thread 8i+r giving row r of matrix i"),
    Function::new("swizzle_for", (2, ANY), (0, 0), swizzle_for, "swizzle_for(L, A...): the cheapest Swizzle<B,M,S> that makes accesses A to shared layout L conflict-free"),
    Function::new("vector_access", (2, 3), (0, 0), vector_access, "vector_access(TV, T[, bits]): (thread, value) -> index of the tile, or its (m, n) coordinate with strides s@0, s@1; elements T, bits per access (default: one element)"),
];

/// A memory layout: plain or swizzled, or the pair `domain_offset(coord, L)` returns (the
/// layout and its offset: the memory from that coordinate on).
fn memory(c: &Call<'_>, i: usize) -> Result<MaybeSwizzled, EvalError> {
    let what = "a layout, a swizzled layout, or domain_offset(coord, L)";
    match c.value(i) {
        Value::Layout(l) => Ok(MaybeSwizzled::Plain(*l)),
        Value::Composed(l) => Ok(MaybeSwizzled::Swizzled(*l)),
        Value::List(pair) => match pair.as_slice() {
            [layout, Value::Tuple(off)] => {
                let off = off.as_int().filter(|o| !o.is_basis() && !o.is_underscore());
                match (layout, off) {
                    (Value::Layout(l), Some(o)) => Ok(MaybeSwizzled::Swizzled(
                        rcute::swizzle::ComposedLayout::new(
                            rcute::swizzle::Swizzle::new(0, 0, 0),
                            o,
                            *l,
                        ),
                    )),
                    (Value::Composed(k), Some(o)) => {
                        let origin = k.origin().value() + o.value();
                        Ok(MaybeSwizzled::Swizzled(
                            rcute::swizzle::ComposedLayout::new(
                                k.swizzle(),
                                Int::dynamic(origin),
                                k.layout(),
                            ),
                        ))
                    }
                    _ => Err(c.bad_arg(i, what)),
                }
            }
            _ => Err(c.bad_arg(i, what)),
        },
        _ => Err(c.bad_arg(i, what)),
    }
}

/// An element size in bits: an element type (`half_t`) or an integer.
fn elem_bits(c: &Call<'_>, i: usize) -> Result<u32, EvalError> {
    let bits = match c.value(i) {
        Value::ElementType(t) => rcute::atom::element_bits(t),
        Value::Tuple(t) if t.is_leaf() && !t.leaf(0).is_basis() && !t.leaf(0).is_underscore() => {
            Some(t.leaf(0).value())
        }
        _ => None,
    };
    bits.and_then(|b| u32::try_from(b).ok())
        .ok_or_else(|| c.bad_arg(i, "an element type (half_t, float, ...) or its bits"))
}

/// An access argument: `vector_access(...)`, `matrix_access(...)` or a tiled copy (its
/// side in the memory given by `side`).
fn access(c: &Call<'_>, i: usize, side: fn(&TiledCopy) -> Side) -> Result<Access, EvalError> {
    match c.value(i) {
        Value::Access(a) => Ok(**a),
        Value::TiledCopy(t) => c.core(Access::try_from_copy(t, side(t))),
        _ => Err(c.bad_arg(
            i,
            "an access (vector_access(TV, T, bits), matrix_access(TV, n) or a tiled copy)",
        )),
    }
}

pub(super) fn vector_access(c: &Call<'_>) -> R {
    let tv = c.layout(0)?;
    let bits = elem_bits(c, 1)?;
    let access_bits = if c.args.len() > 2 {
        elem_bits(c, 2)?
    } else {
        bits
    };
    let a = c.core(Access::try_vector(tv, bits, access_bits))?;
    Ok(Value::Access(Box::new(a)))
}

pub(super) fn matrix_access(c: &Call<'_>) -> R {
    let tv = c.layout(0)?;
    let n = c.int(1)?.value();
    let n = u32::try_from(n).map_err(|_| c.bad_arg(1, "1, 2 or 4 matrices"))?;
    let a = c.core(Access::try_matrix(tv, n))?;
    Ok(Value::Access(Box::new(a)))
}

pub(super) fn bank_conflicts(c: &Call<'_>) -> R {
    let smem = memory(c, 0)?;
    let a = access(c, 1, Side::of_shared)?;
    let r = c.core(analysis::bank_conflicts(&smem, &a))?;
    let mut s = r.to_string();
    for line in c.core(analysis::remedies(&smem, &a))? {
        s.push_str(&line);
        s.push('\n');
    }
    Ok(Value::Printed(s))
}

pub(super) fn bank_instructions(c: &Call<'_>) -> R {
    let smem = memory(c, 0)?;
    let a = access(c, 1, Side::of_shared)?;
    let r = c.core(analysis::bank_conflicts(&smem, &a))?;
    Ok(Value::Printed(r.breakdown()))
}

/// An access argument that must be a vector or matrix access (a tiled copy names its own
/// kind).
fn plain_access(c: &Call<'_>, i: usize) -> Result<Access, EvalError> {
    match c.value(i) {
        Value::Access(a) => Ok(**a),
        _ => Err(c.bad_arg(
            i,
            "an access (vector_access(TV, T, bits) or matrix_access(TV, n))",
        )),
    }
}

pub(super) fn as_store(c: &Call<'_>) -> R {
    let a = plain_access(c, 0)?.with_kind(analysis::AccessKind::Store);
    Ok(Value::Access(Box::new(a)))
}

pub(super) fn as_cp_async(c: &Call<'_>) -> R {
    let cg = if c.args.len() > 1 {
        match c.int(1)?.value() {
            0 => false,
            1 => true,
            _ => return Err(c.bad_arg(1, "0 (.ca) or 1 (.cg)")),
        }
    } else {
        false
    };
    let a = plain_access(c, 0)?.with_kind(analysis::AccessKind::CpAsync { cg });
    Ok(Value::Access(Box::new(a)))
}

pub(super) fn at_byte(c: &Call<'_>) -> R {
    let a = access(c, 0, Side::of_shared)?;
    let n = c.int(1)?.value();
    Ok(Value::Access(Box::new(a.at(n))))
}

pub(super) fn address_banks(c: &Call<'_>) -> R {
    let bits = elem_bits(c, 0)?;
    let phases = analysis::Phases::Vector { bytes: bits / 8 };
    if !matches!(bits, 8 | 16 | 32 | 64 | 128) {
        return Err(c.bad_arg(0, "8, 16, 32, 64 or 128 bits per lane"));
    }
    let mut instructions = Vec::new();
    for i in 1..c.args.len() {
        let Value::Tuple(t) = c.value(i) else {
            return Err(c.bad_arg(i, "a tuple of up to 32 byte addresses (_ for an idle lane)"));
        };
        let leaves: Vec<Int> = t.leaves().collect();
        if leaves.len() > analysis::WARP || leaves.iter().any(|l| l.is_basis()) {
            return Err(c.bad_arg(i, "a tuple of up to 32 byte addresses (_ for an idle lane)"));
        }
        let mut lanes = [None; analysis::WARP];
        for (lane, l) in leaves.iter().enumerate() {
            if l.is_underscore() {
                continue;
            }
            let a = l.value();
            if a < 0 || a % i64::from(bits / 8) != 0 {
                return Err(c.bad_arg(
                    i,
                    "byte addresses that are not negative and are multiples of the access size",
                ));
            }
            lanes[lane] = Some(a);
        }
        let cost = analysis::instruction_cost(
            analysis::WarpInstruction {
                warp: 0,
                instruction: i - 1,
                lanes,
            },
            phases,
            analysis::AccessKind::Load,
        );
        instructions.push(c.core(cost)?);
    }
    let r = analysis::BankReport { instructions };
    let mut s = r.to_string();
    if r.instructions.len() > 1 {
        s.push_str(&r.breakdown());
    }
    Ok(Value::Printed(s))
}

pub(super) fn coalescing(c: &Call<'_>) -> R {
    let gmem = memory(c, 0)?;
    let a = access(c, 1, |_| Side::Read)?;
    let r = c.core(analysis::coalescing(&gmem, &a))?;
    Ok(Value::Printed(r.to_string()))
}

pub(super) fn swizzle_for(c: &Call<'_>) -> R {
    let l = c.layout(0)?;
    let accesses = (1..c.args.len())
        .map(|i| access(c, i, Side::of_shared))
        .collect::<Result<Vec<_>, _>>()?;
    let r = c.core(analysis::swizzle_for(&l, &accesses))?;
    Ok(Value::Printed(r.to_string()))
}

/// A predicate's answer, printed `true` or `false`.
fn boolean(b: bool) -> R {
    Ok(Value::Printed(String::from(if b {
        "true\n"
    } else {
        "false\n"
    })))
}

pub(super) fn is_injective(c: &Call<'_>) -> R {
    boolean(c.core(analysis::is_injective(&memory(c, 0)?))?)
}

pub(super) fn is_surjective(c: &Call<'_>) -> R {
    let l = memory(c, 0)?;
    let n = if c.args.len() > 1 {
        c.int(1)?.value()
    } else {
        match &l {
            MaybeSwizzled::Plain(p) => c.core(p.try_cosize())?.value(),
            MaybeSwizzled::Swizzled(s) => c.core(s.try_cosize())?.value(),
        }
    };
    boolean(c.core(analysis::is_surjective(&l, n))?)
}

pub(super) fn is_bijective(c: &Call<'_>) -> R {
    boolean(c.core(analysis::is_bijective(&memory(c, 0)?))?)
}

pub(super) fn functionally_equal(c: &Call<'_>) -> R {
    boolean(c.core(analysis::functionally_equal(&memory(c, 0)?, &memory(c, 1)?))?)
}

pub(super) fn image(c: &Call<'_>) -> R {
    let v = c.core(analysis::image(&memory(c, 0)?))?;
    let mut s = String::from("{");
    for (i, o) in v.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        s.push_str(&o.to_string());
    }
    s.push_str("}\n");
    Ok(Value::Printed(s))
}

pub(super) fn footprint(c: &Call<'_>) -> R {
    let f = c.core(analysis::footprint(&memory(c, 0)?))?;
    Ok(Value::int(Int::dynamic(f)))
}

pub(super) fn distinct_offsets(c: &Call<'_>) -> R {
    let n = c.core(analysis::distinct_offsets(&memory(c, 0)?))?;
    Ok(Value::int(Int::dynamic(n as i64)))
}
