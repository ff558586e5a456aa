//! The laws of the functions where an operand or the answer is a swizzle or a swizzled
//! layout: a swizzled layout `Sw ∘ O ∘ L` is the function `i -> Sw(O + L(i))`, and each
//! operation is checked against that function (or, for the operations that act on `L`
//! alone, by keeping `Sw` and `O` and answering the plain operation's lawful answer on
//! `L`). Each function here is one function's law on such operands.

use super::operands::{LawCall, SWIZZLED_WITHOUT_LAW, maybe, tiler_of, verdict};
use crate::Value;
use alloc::format;
use alloc::string::String;
use rcute::int::Int;
use rcute::law::{self, Verdict};
use rcute::layout::Layout;
use rcute::swizzle::{ComposedLayout, MaybeSwizzled, Swizzle};
use rcute::tuple::IntTuple;

/// `R` keeps the swizzle and the offset of `a`, and its layout answers `law` on `L`.
fn on_layout(a: &ComposedLayout, r: &Value, law: impl Fn(&Layout) -> Verdict) -> Verdict {
    let Value::Composed(r) = r else {
        return Verdict::Unchecked("a plain answer to an operation on a swizzled layout");
    };
    if r.swizzle() != a.swizzle() || r.origin().value() != a.origin().value() {
        return Verdict::Breaks(format!(
            "{r} does not keep the swizzle and the offset of {a}"
        ));
    }
    law(&r.layout())
}

/// A swizzled layout's function, as a plain [`ComposedLayout`] of the identity swizzle
/// where `m` is plain.
fn as_composed(m: &MaybeSwizzled) -> ComposedLayout {
    match m {
        MaybeSwizzled::Plain(l) => ComposedLayout::new(Swizzle::new(0, 0, 0), Int::ZERO, *l),
        MaybeSwizzled::Swizzled(c) => *c,
    }
}

/// `slice`, `slice_and_offset` and the application `A(c)` of a swizzled layout `a`: the
/// answer `S` (plus `off`) is `A` where the coordinate agrees with `coord`.
fn slice(a: &ComposedLayout, coord: &IntTuple, s: &Value, off: Option<Int>) -> Verdict {
    let Some(s) = maybe(s) else {
        return Verdict::Unchecked("a slice that is not a layout");
    };
    let off = match off {
        Some(o) => o,
        // `slice` drops the offset: it is what A(c) adds at the first index
        None => match a.layout().try_slice_and_offset(coord) {
            Ok((l, o)) if s.try_size().is_ok_and(|n| n.value() > 0) => Int::dynamic(
                a.swizzle()
                    .apply(a.origin().value() + o.value() + l.offset(0))
                    - s.offset(0),
            ),
            _ => return Verdict::Unchecked("a slice whose offset is unknown"),
        },
    };
    verdict(law::check_slice(a, coord, &s, off))
}

/// `composition`: the construction `composition(Sw[, O], L)`, and compositions of and
/// with swizzled layouts.
pub(super) fn composition(c: &LawCall<'_>) -> Verdict {
    match (c.args, c.result) {
        // the construction: a swizzled layout is swizzle(offset + L(i))
        ([Value::Swizzle(sw), rest @ ..], Value::Composed(r)) => {
            let (o, l) = match rest {
                [Value::Layout(l)] => (Int::ZERO, *l),
                [Value::Tuple(o), Value::Layout(l)] => match o.as_int() {
                    Some(o) => (o, *l),
                    None => return Verdict::Unchecked("an offset that is not an integer"),
                },
                _ => return Verdict::Unchecked("operands of a composition"),
            };
            let a = ComposedLayout::new(*sw, o, l);
            verdict(law::check_same_function(&a, r))
        }
        ([Value::Composed(a), t], r) if !matches!(t, Value::Composed(_)) => match tiler_of(t) {
            Some(t) => on_layout(a, r, |rl| law::composition(&a.layout(), &t, rl)),
            None => Verdict::Unchecked("a second operand that is not a tiler"),
        },
        ([Value::Composed(a), Value::Composed(b)], r) => composed_after(a, b, r),
        ([Value::Layout(l), Value::Composed(b)], r) => match maybe(r) {
            Some(r) => verdict(law::check_layout_composition(l, b, &r)),
            None => Verdict::Unchecked("an answer that is not a layout"),
        },
        ([Value::Layout(l), Value::Swizzle(sw)], r) => match maybe(r) {
            // L ∘ Sw over the answer's domain
            Some(r) => {
                let b = ComposedLayout::new(
                    *sw,
                    Int::ZERO,
                    Layout::new(
                        IntTuple::from_int(match r.try_size() {
                            Ok(n) => n,
                            Err(_) => return Verdict::Unchecked("an answer without a size"),
                        }),
                        IntTuple::from_int(Int::constant(1)),
                    ),
                );
                verdict(law::check_layout_composition(l, &b, &r))
            }
            None => Verdict::Unchecked("an answer that is not a layout"),
        },
        _ => SWIZZLED_WITHOUT_LAW,
    }
}

/// `logical_product(A, B)` by a swizzled tiler, or of a swizzled layout.
pub(super) fn logical_product(c: &LawCall<'_>) -> Verdict {
    match (c.args, c.result) {
        ([Value::Layout(a), Value::Composed(b)], r) => product_by(a, b, r),
        _ => by_tiler(c, law::logical_product),
    }
}

/// `left_inverse(A)` of a swizzled layout: a chain where `A` has an offset.
pub(super) fn left_inverse(c: &LawCall<'_>) -> Verdict {
    match (c.args, c.result) {
        ([Value::Composed(a)], Value::Chain(r)) => left_inverse_chain(a, r),
        ([Value::Composed(a)], r) => match maybe(r) {
            Some(r) => verdict(law::check_left_inverse(a, &r)),
            None => Verdict::Unchecked("an answer that is not a layout"),
        },
        _ => SWIZZLED_WITHOUT_LAW,
    }
}

/// `right_inverse(A)` of a swizzled layout.
pub(super) fn right_inverse(c: &LawCall<'_>) -> Verdict {
    match (c.args, c.result) {
        ([Value::Composed(a)], Value::Chain(r)) => right_inverse_chain(a, r),
        ([Value::Composed(a)], r) => match maybe(r) {
            Some(r) => verdict(law::check_right_inverse(a, &r)),
            None => Verdict::Unchecked("an answer that is not a layout"),
        },
        _ => SWIZZLED_WITHOUT_LAW,
    }
}

/// `coalesce(A)` of a swizzled layout: the coalesced layout under the same swizzle, and the
/// same function.
pub(super) fn coalesce(c: &LawCall<'_>) -> Verdict {
    match (c.args, c.result) {
        ([Value::Composed(a)], r) => {
            let v = on_layout(a, r, |rl| law::coalesce(&a.layout(), rl));
            match (v, r) {
                (Verdict::Holds, Value::Composed(r)) => verdict(law::check_same_function(a, r)),
                (v, _) => v,
            }
        }
        _ => SWIZZLED_WITHOUT_LAW,
    }
}

/// A divide or a product of a swizzled layout by a tiler: `law` on the layout under the
/// swizzle.
pub(super) fn by_tiler(
    c: &LawCall<'_>,
    law: fn(&Layout, &rcute::Tiler, &Layout) -> Verdict,
) -> Verdict {
    match (c.args, c.result) {
        ([Value::Composed(a), t], r) => match tiler_of(t) {
            Some(t) => on_layout(a, r, |rl| law(&a.layout(), &t, rl)),
            None => Verdict::Unchecked("a second operand that is not a tiler"),
        },
        _ => SWIZZLED_WITHOUT_LAW,
    }
}

/// `blocked_product` or `raked_product` of a swizzled layout by a layout: `law` on the
/// layout under the swizzle.
pub(super) fn by_layout(c: &LawCall<'_>, law: fn(&Layout, &Layout, &Layout) -> Verdict) -> Verdict {
    match (c.args, c.result) {
        ([Value::Composed(a), Value::Layout(b)], r) => {
            on_layout(a, r, |rl| law(&a.layout(), b, rl))
        }
        _ => SWIZZLED_WITHOUT_LAW,
    }
}

/// `upcast<n>` (`up`) or `downcast<n>` of a swizzle or a swizzled layout.
pub(super) fn cast(c: &LawCall<'_>, up: bool) -> Verdict {
    let n = c.targs.and_then(|s| s.trim().parse::<i64>().ok());
    match (c.args, c.result) {
        ([Value::Swizzle(sw)], Value::Swizzle(r)) => match n {
            Some(n) if n > 0 && up => verdict(law::check_swizzle_upcast(*sw, n, *r)),
            Some(n) if n > 0 => verdict(law::check_swizzle_downcast(*sw, n, *r)),
            _ => Verdict::Unchecked("a factor that is not a positive integer"),
        },
        ([Value::Composed(a)], Value::Composed(r)) => match n {
            Some(n) if n > 0 => cast_composed(up, n, a, r),
            _ => Verdict::Unchecked("a factor that is not a positive integer"),
        },
        _ => SWIZZLED_WITHOUT_LAW,
    }
}

/// `max_alignment(A)` of a static swizzled layout.
pub(super) fn max_alignment(c: &LawCall<'_>) -> Verdict {
    match (c.args, c.result) {
        ([Value::Composed(a)], Value::Tuple(m)) => match m.as_int() {
            Some(m) if a.layout().is_static() => match law::image(a) {
                Ok(image) => verdict(law::check_alignment(&image, m.value())),
                Err(why) => verdict(Err(why)),
            },
            _ => Verdict::Unchecked("a dynamic layout or an answer that is not an integer"),
        },
        _ => SWIZZLED_WITHOUT_LAW,
    }
}

/// `domain_offset(coord, A)` of a swizzled layout.
pub(super) fn domain_offset(c: &LawCall<'_>) -> Verdict {
    match (c.args, c.result) {
        ([Value::Tuple(coord), Value::Composed(a)], Value::List(r)) => match r.as_slice() {
            [r, Value::Tuple(off)] => match (maybe(r), off.as_int()) {
                (Some(r), Some(off)) => domain_offset_of(a, coord, &r, off),
                _ => Verdict::Unchecked("an answer that is not a layout and an offset"),
            },
            _ => Verdict::Unchecked("an answer that is not a pair"),
        },
        _ => SWIZZLED_WITHOUT_LAW,
    }
}

/// `slice_and_offset(coord, A)` of a swizzled layout.
pub(super) fn slice_and_offset(c: &LawCall<'_>) -> Verdict {
    match (c.args, c.result) {
        ([Value::Tuple(coord), Value::Composed(a)], Value::List(r)) => match r.as_slice() {
            [s, Value::Tuple(off)] => match off.as_int() {
                Some(off) => slice(a, coord, s, Some(off)),
                None => Verdict::Unchecked("an offset that is not an integer"),
            },
            _ => Verdict::Unchecked("an answer that is not a pair"),
        },
        _ => SWIZZLED_WITHOUT_LAW,
    }
}

/// `slice(coord, A)` of a swizzled layout.
pub(super) fn slice_of(c: &LawCall<'_>) -> Verdict {
    match (c.args, c.result) {
        ([Value::Tuple(coord), Value::Composed(a)], s) => slice(a, coord, s, None),
        _ => SWIZZLED_WITHOUT_LAW,
    }
}

/// `A(c)`, an application with `_` in `c`: the slice (CuTe folds the offset into the
/// swizzle's base where it can, and drops the rest, as `slice` does).
pub(super) fn apply(c: &LawCall<'_>) -> Verdict {
    match (c.args, c.result) {
        ([Value::Composed(a), Value::Tuple(coord)], s) => slice(a, coord, s, None),
        _ => SWIZZLED_WITHOUT_LAW,
    }
}

/// `upcast<n>` (`up`) or `downcast<n>` of a swizzled layout: the swizzle of the larger (or
/// smaller) elements, the offset divided (or multiplied) by `n`, and the layout's cast.
fn cast_composed(up: bool, n: i64, a: &ComposedLayout, r: &ComposedLayout) -> Verdict {
    let (o, ro) = (a.origin().value() as i128, r.origin().value() as i128);
    let (n128, what) = (n as i128, if up { "upcast" } else { "downcast" });
    let origin = if up { ro * n128 == o } else { ro == o * n128 };
    if !origin {
        return Verdict::Breaks(format!(
            "{what}<{n}>: the offset {} of {r} is not that of {a} in the new elements",
            r.origin()
        ));
    }
    let sw = if up {
        law::check_swizzle_upcast(a.swizzle(), n, r.swizzle())
    } else {
        law::check_swizzle_downcast(a.swizzle(), n, r.swizzle())
    };
    if let v @ (Verdict::Breaks(_) | Verdict::Unchecked(_)) = verdict(sw) {
        return v;
    }
    if up {
        law::upcast(n, &a.layout(), &r.layout())
    } else {
        law::downcast(n, &a.layout(), &r.layout())
    }
}

/// `domain_offset(coord, A)`: `(R, off)` with `R(i) + off == Sw(O + L(coord) + L(i))`.
fn domain_offset_of(a: &ComposedLayout, coord: &IntTuple, r: &MaybeSwizzled, off: Int) -> Verdict {
    if a.layout().try_crd2idx(coord).is_err() {
        return Verdict::Unchecked("a coordinate outside the layout");
    }
    verdict(law::check_domain_offset(
        a,
        coord,
        &as_composed(r),
        off.value(),
    ))
}

/// The function of an answer that is a layout, a swizzled layout or a chain, at `i`.
fn answer_at(r: &Value, i: i64) -> Result<i64, String> {
    match r {
        Value::Chain(c) => c.try_at(i).map_err(|e| format!("{e}")),
        v => match maybe(v) {
            Some(m) => Ok(m.offset(i as usize)),
            None => Err(format!("{v} is not a layout")),
        },
    }
}

/// `composition(A, B)` of two swizzled layouts: `R(i) == A(B(i))` for `i < size(B)`.
fn composed_after(a: &ComposedLayout, b: &ComposedLayout, r: &Value) -> Verdict {
    let n = match b.try_size() {
        Ok(n) if n.value() <= law::LIMIT as i64 => n.value(),
        _ => return Verdict::Unchecked("a domain larger than law::LIMIT"),
    };
    for i in 0..n {
        let x = b.offset(i as usize);
        let want = match a.layout().try_crd2idx(&IntTuple::from_int(Int::dynamic(x))) {
            Ok(y) => a.swizzle().apply(a.origin().value() + y.value()),
            Err(_) => return Verdict::Unchecked("an index past the layout that overflows"),
        };
        match answer_at(r, i) {
            Ok(got) if got == want => {}
            Ok(got) => {
                return Verdict::Breaks(format!(
                    "composition {a} o {b}: at {i}, R gives {got}, A(B(i)) is {want}"
                ));
            }
            Err(why) => return Verdict::Breaks(why),
        }
    }
    Verdict::Holds
}

/// `left_inverse(A)` of a swizzled layout with an offset, a chain: `R(A(i)) == i` for
/// `i < size(A)`, or where `A` is not injective an index `j < size(A)` with
/// `A(j) == A(i)` (the quasi-inverse of `rcute::law::left_inverse`).
fn left_inverse_chain(a: &ComposedLayout, r: &rcute::swizzle::ComposedChain) -> Verdict {
    let n = match a.try_size() {
        Ok(n) if n.value() <= law::LIMIT as i64 => n.value(),
        _ => return Verdict::Unchecked("a domain larger than law::LIMIT"),
    };
    for i in 0..n {
        let x = a.offset(i as usize);
        match r.try_at(x) {
            Ok(y) if y == i => {}
            Ok(y) if (0..n).contains(&y) && a.offset(y as usize) == x => {}
            Ok(y) => {
                return Verdict::Breaks(format!(
                    "left_inverse {r} of {a}: R(A({i})) = R({x}) = {y}, not {i}"
                ));
            }
            Err(e) => return Verdict::Breaks(format!("left_inverse {r} of {a}: {e}")),
        }
    }
    Verdict::Holds
}

/// `logical_product(A, B)` by a swizzled tiler `B`: `R(a, j) == A(a) + C(B(j))` for every
/// index, `C` the complement of `A` in `size(A) * cosize(B)` (CuTe's cosize of a swizzled
/// layout is that of its layout).
fn product_by(a: &Layout, b: &ComposedLayout, r: &Value) -> Verdict {
    let (Ok(na), Ok(nb), Ok(cb)) = (a.try_size(), b.try_size(), b.layout().try_cosize()) else {
        return Verdict::Unchecked("sizes that overflow");
    };
    let (na, nb) = (na.value(), nb.value());
    if na.saturating_mul(nb) > law::LIMIT as i64 {
        return Verdict::Unchecked("a domain larger than law::LIMIT");
    }
    let Ok(c) = Int::dynamic(na)
        .try_mul(cb)
        .and_then(|t| a.try_complement(&IntTuple::from_int(t)))
    else {
        return Verdict::Unchecked("a complement that rcute refuses");
    };
    let Some(m) = maybe(r) else {
        return Verdict::Unchecked("an answer that is not a layout");
    };
    if m.try_size().map(|s| s.value()) != Ok(na * nb) {
        return Verdict::Breaks(format!("logical_product: {m} is not of size {}", na * nb));
    }
    for i in 0..na * nb {
        let (x, j) = (i % na, i / na);
        let Ok(cx) = c.try_crd2idx(&IntTuple::from_int(Int::dynamic(b.offset(j as usize)))) else {
            return Verdict::Unchecked("an index past the complement that overflows");
        };
        let want = a.offset(x as usize) + cx.value();
        let got = m.offset(i as usize);
        if got != want {
            return Verdict::Breaks(format!(
                "logical_product({a}, {b}): at {i}, R gives {got}, A(a) + C(B(j)) is {want}"
            ));
        }
    }
    Verdict::Holds
}

/// `right_inverse(A)` answered as a chain `L' o O' o Sw` (CuTe's form for a swizzled layout
/// with an offset, a function of integers without a size): a right inverse maps each
/// `i` of its domain `[0, n)` into `A`'s domain with `A(R(i)) == i`; `n` is taken as the
/// size of the chain's first layout, and the check fails at the first `i` where it does
/// not hold (`R(0)` outside `A`'s domain rules out every domain `[0, n)`).
fn right_inverse_chain(a: &ComposedLayout, r: &rcute::swizzle::ComposedChain) -> Verdict {
    let Some(rcute::swizzle::ChainPart::Layout(first)) = r.parts().first() else {
        return Verdict::Unchecked("a chain that does not begin with a layout");
    };
    let (Ok(n), Ok(m)) = (first.try_size(), a.try_size()) else {
        return Verdict::Unchecked("sizes that overflow");
    };
    if n.value() > law::LIMIT as i64 {
        return Verdict::Unchecked("a domain larger than law::LIMIT");
    }
    for i in 0..n.value() {
        match r.try_at(i) {
            Ok(x) if (0..m.value()).contains(&x) && a.offset(x as usize) == i => {}
            Ok(x) if !(0..m.value()).contains(&x) => {
                return Verdict::Breaks(format!(
                    "right_inverse {r} of {a}: R({i}) = {x} is outside the domain [0, {m}) of A"
                ));
            }
            Ok(x) => {
                return Verdict::Breaks(format!(
                    "right_inverse {r} of {a}: A(R({i})) = A({x}) = {}, not {i}",
                    a.offset(x as usize)
                ));
            }
            Err(e) => return Verdict::Breaks(format!("right_inverse {r} of {a}: {e}")),
        }
    }
    Verdict::Holds
}
