//! The laws of the algebra of swizzled layouts, as checks by enumeration.
//!
//! A swizzled layout `A = Sw ∘ O ∘ L` is the function `i -> Sw(O + L(i))`. Each check
//! answers `Ok(())` or says, in words and numbers, where the law fails.

use crate::int::Int;
use crate::layout::Layout;
use crate::swizzle::{ComposedLayout, MaybeSwizzled, Swizzle};
use crate::tuple::IntTuple;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// The most indices a check enumerates.
pub const MAX_LAW_DOMAIN: i64 = 1 << 20;

fn domain(n: Int, what: &str) -> Result<usize, String> {
    let v = n.value();
    if !(0..=MAX_LAW_DOMAIN).contains(&v) {
        return Err(format!("{what}: domain of {v} elements is not enumerable"));
    }
    Ok(v as usize)
}

/// `L` at a 1-D index that may lie past its size (CuTe extends the last mode).
fn at(l: &Layout, x: i64) -> Result<i64, String> {
    l.try_crd2idx(&IntTuple::from_int(Int::dynamic(x)))
        .map(Int::value)
        .map_err(|e| format!("{e}"))
}

fn size_of(m: &MaybeSwizzled) -> Result<usize, String> {
    domain(m.try_size().map_err(|e| format!("{e}"))?, "size")
}

/// The offsets of `A` over its whole domain: `Sw(O + L(i))`.
pub fn image(a: &ComposedLayout) -> Result<Vec<i64>, String> {
    let n = domain(a.try_size().map_err(|e| format!("{e}"))?, "image")?;
    Ok((0..n).map(|i| a.offset(i)).collect())
}

/// The slice law: `A(c) == S(j) + off` for every coordinate `c` that agrees with `coord`,
/// `j` its index among the modes paired with `_`.
pub fn check_slice(
    a: &ComposedLayout,
    coord: &IntTuple,
    s: &MaybeSwizzled,
    off: Int,
) -> Result<(), String> {
    let (ls, offl) = a
        .layout()
        .try_slice_and_offset(coord)
        .map_err(|e| format!("{e}"))?;
    let n = domain(ls.try_size().map_err(|e| format!("{e}"))?, "slice")?;
    if size_of(s)? != n {
        return Err(format!("slice: size {} of {s}, expected {n}", size_of(s)?));
    }
    let base = a.origin().value() + offl.value();
    for j in 0..n {
        let want = a.swizzle().apply(base + ls.offset(j));
        let got = s.offset(j) + off.value();
        if want != got {
            return Err(format!(
                "slice {coord} of {a}: at {j}, A gives {want}, {s} + {off} gives {got}"
            ));
        }
    }
    Ok(())
}

/// Composition with a layout after: `R(i) == A(B(i))` for `i < size(B)`, where `B` is
/// `b` (its values must lie in `A`'s domain for the law to speak of them).
pub fn check_composition(a: &ComposedLayout, b: &Layout, r: &MaybeSwizzled) -> Result<(), String> {
    let n = domain(b.try_size().map_err(|e| format!("{e}"))?, "composition")?;
    if size_of(r)? != n {
        return Err(format!("composition: size of {r} is not size({b})"));
    }
    for i in 0..n {
        let x = b.offset(i);
        let want = a.swizzle().apply(a.origin().value() + at(&a.layout(), x)?);
        if r.offset(i) != want {
            return Err(format!(
                "composition {a} o {b}: at {i}, R gives {}, A(B(i)) is {want}",
                r.offset(i)
            ));
        }
    }
    Ok(())
}

/// A plain layout before a swizzled one: `R(i) == l(B(i))` for `i < size(B)`.
pub fn check_layout_composition(
    l: &Layout,
    b: &ComposedLayout,
    r: &MaybeSwizzled,
) -> Result<(), String> {
    let n = domain(b.try_size().map_err(|e| format!("{e}"))?, "composition")?;
    for i in 0..n {
        let want = at(l, b.offset(i))?;
        if r.offset(i) != want {
            return Err(format!(
                "composition {l} o {b}: at {i}, R gives {}, L(B(i)) is {want}",
                r.offset(i)
            ));
        }
    }
    Ok(())
}

/// The right inverse: `A(R(i)) == i` for `i < size(R)`, every `R(i)` in `A`'s domain.
pub fn check_right_inverse(a: &ComposedLayout, r: &MaybeSwizzled) -> Result<(), String> {
    let m = a.try_size().map_err(|e| format!("{e}"))?.value();
    for i in 0..size_of(r)? {
        let x = r.offset(i);
        if x < 0 || x >= m || a.offset(x as usize) != i as i64 {
            return Err(format!(
                "right_inverse {r} of {a}: A(R({i})) = A({x}) is not {i}"
            ));
        }
    }
    Ok(())
}

/// The left inverse: `A(i)` in `R`'s domain and `R(A(i)) == i` for `i < size(A)`, or where
/// `A` is not injective an index `j < size(A)` with `A(j) == A(i)` (the quasi-inverse of
/// [`crate::law::left_inverse`]).
pub fn check_left_inverse(a: &ComposedLayout, r: &MaybeSwizzled) -> Result<(), String> {
    let n = size_of(r)? as i64;
    let img = image(a)?;
    let m = img.len() as i64;
    for (i, &x) in img.iter().enumerate() {
        let y = if x < 0 || x >= n {
            -1
        } else {
            r.offset(x as usize)
        };
        if y < 0 || (y != i as i64 && (y >= m || img[y as usize] != x)) {
            return Err(format!(
                "left_inverse {r} of {a}: R(A({i})) = R({x}) is not {i}"
            ));
        }
    }
    Ok(())
}

/// An operation that acts on `L` alone (coalesce, the divides, the products): `R` keeps
/// the swizzle and the offset, and its layout is `op(L)`.
pub fn check_on_layout(
    a: &ComposedLayout,
    op_l: &Layout,
    r: &ComposedLayout,
) -> Result<(), String> {
    if r.swizzle() != a.swizzle() || r.origin() != a.origin() {
        return Err(format!("{r} does not keep the swizzle and offset of {a}"));
    }
    if r.layout() != *op_l {
        return Err(format!("{r}: its layout is not {op_l}"));
    }
    Ok(())
}

/// The same function (size and every offset): coalesce's law.
pub fn check_same_function(a: &ComposedLayout, r: &ComposedLayout) -> Result<(), String> {
    if image(a)? != image(r)? {
        return Err(format!("{r} is not the function {a}"));
    }
    Ok(())
}

/// `domain_offset`: `R(i) + off == A at L(coord) + L(i)`, i.e. `Sw(O + L(coord) + L(i))`,
/// for every `i < size(A)`, `R` of `A`'s size (`off` is the offset CuTe pairs `R` with,
/// `_0` for a swizzled layout).
pub fn check_domain_offset(
    a: &ComposedLayout,
    coord: &IntTuple,
    r: &ComposedLayout,
    off: i64,
) -> Result<(), String> {
    let d = a.layout().try_crd2idx(coord).map_err(|e| format!("{e}"))?;
    if size_of(&MaybeSwizzled::Swizzled(*r))? != size_of(&MaybeSwizzled::Swizzled(*a))? {
        return Err(format!(
            "domain_offset {coord} of {a}: {r} is not of the size of {a}"
        ));
    }
    for (i, &got) in image(r)?.iter().enumerate() {
        let want = a
            .swizzle()
            .apply(a.origin().value() + d.value() + a.layout().offset(i));
        if got + off != want {
            return Err(format!(
                "domain_offset {coord} of {a}: at {i}, {got} + {off} is not {want}"
            ));
        }
    }
    Ok(())
}

/// The swizzle of elements `n` times larger: `up(x) == sw(x * n) / n` (rounded down) for
/// every `x` below the swizzle's reach.
pub fn check_swizzle_upcast(sw: Swizzle, n: i64, up: Swizzle) -> Result<(), String> {
    let reach = 1i64 << (sw.bits() + sw.base() + sw.shift().abs()).min(20);
    for x in 0..reach / n + 1 {
        if up.apply(x) != sw.apply(x * n).div_euclid(n) {
            return Err(format!("upcast<{n}>({sw}) = {up}: at {x}"));
        }
    }
    Ok(())
}

/// The swizzle of elements `n` times smaller: `down(x * n + k) == sw(x) * n + k`.
pub fn check_swizzle_downcast(sw: Swizzle, n: i64, down: Swizzle) -> Result<(), String> {
    let reach = 1i64 << (sw.bits() + sw.base() + sw.shift().abs()).min(20);
    for x in 0..reach {
        for k in 0..n {
            if down.apply(x * n + k) != sw.apply(x) * n + k {
                return Err(format!("downcast<{n}>({sw}) = {down}: at {x}*{n}+{k}"));
            }
        }
    }
    Ok(())
}

/// `max_alignment`: the image of the function is a union of aligned blocks of `|n|`
/// consecutive offsets (CuTe's `gcd` is signed, so a negative stride can make `n`
/// negative).
pub fn check_alignment(image: &[i64], n: i64) -> Result<(), String> {
    if n == 0 || n == i64::MIN {
        return Err(format!("max_alignment {n} is not an alignment"));
    }
    let n = n.abs();
    let set: alloc::collections::BTreeSet<i64> = image.iter().copied().collect();
    for &x in &set {
        let lo = x - x.rem_euclid(n);
        if (lo..lo + n).any(|y| !set.contains(&y)) {
            return Err(format!(
                "max_alignment {n}: the block of {x} is not in the image"
            ));
        }
    }
    Ok(())
}
