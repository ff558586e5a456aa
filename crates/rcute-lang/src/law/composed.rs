//! [`super::check_call`] where an operand or the answer is a swizzle or a swizzled layout:
//! a swizzled layout `Sw ∘ O ∘ L` is the function `i -> Sw(O + L(i))`, and each operation
//! is checked against that function (or, for the operations that act on `L` alone, by
//! keeping `Sw` and `O` and answering the plain operation's lawful answer on `L`).

use super::operands::tiler_of;
use crate::Value;
use alloc::format;
use alloc::string::String;
use rcute::int::Int;
use rcute::law::{self, Verdict};
use rcute::layout::Layout;
use rcute::swizzle::{ComposedLayout, MaybeSwizzled, Swizzle};
use rcute::tuple::IntTuple;

/// The verdict of a check of [`rcute::law`].
fn verdict(r: Result<(), String>) -> Verdict {
    match r {
        Ok(()) => Verdict::Holds,
        Err(why) if why.contains("not enumerable") => {
            Verdict::Unchecked("a domain larger than law::LIMIT")
        }
        Err(why) => Verdict::Breaks(why),
    }
}

fn maybe(v: &Value) -> Option<MaybeSwizzled> {
    match v {
        Value::Layout(l) => Some(MaybeSwizzled::Plain(*l)),
        Value::Composed(c) => Some(MaybeSwizzled::Swizzled(*c)),
        _ => None,
    }
}

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

/// The laws of the operations on swizzles and swizzled layouts; `None` where no operand
/// and not the answer is one.
pub(super) fn composed_call(
    name: &str,
    targs: Option<&str>,
    args: &[Value],
    result: &Value,
) -> Option<Verdict> {
    let swizzled = |v: &Value| matches!(v, Value::Composed(_) | Value::Swizzle(_));
    if !args.iter().any(swizzled) && !swizzled(result) {
        return None;
    }
    let number = |s: &str| s.trim().parse::<i64>().ok();
    Some(match (name, args, result) {
        // the construction: a swizzled layout is swizzle(offset + L(i))
        ("composition", [Value::Swizzle(sw), rest @ ..], Value::Composed(r)) => {
            let (o, l) = match rest {
                [Value::Layout(l)] => (Int::ZERO, *l),
                [Value::Tuple(o), Value::Layout(l)] => match o.as_int() {
                    Some(o) => (o, *l),
                    None => return Some(Verdict::Unchecked("an offset that is not an integer")),
                },
                _ => return Some(Verdict::Unchecked("operands of a composition")),
            };
            let a = ComposedLayout::new(*sw, o, l);
            verdict(law::check_same_function(&a, r))
        }
        ("composition", [Value::Composed(a), t], r) if !matches!(t, Value::Composed(_)) => {
            match tiler_of(t) {
                Some(t) => on_layout(a, r, |rl| law::composition(&a.layout(), &t, rl)),
                None => Verdict::Unchecked("a second operand that is not a tiler"),
            }
        }
        ("composition", [Value::Composed(a), Value::Composed(b)], r) => composed_after(a, b, r),
        ("logical_product", [Value::Layout(a), Value::Composed(b)], r) => product_by(a, b, r),
        ("left_inverse", [Value::Composed(a)], Value::Chain(r)) => left_inverse_chain(a, r),
        ("right_inverse", [Value::Composed(a)], Value::Chain(r)) => right_inverse_chain(a, r),
        ("composition", [Value::Layout(l), Value::Composed(b)], r) => match maybe(r) {
            Some(r) => verdict(law::check_layout_composition(l, b, &r)),
            None => Verdict::Unchecked("an answer that is not a layout"),
        },
        ("composition", [Value::Layout(l), Value::Swizzle(sw)], r) => match maybe(r) {
            // L ∘ Sw over the answer's domain
            Some(r) => {
                let b = ComposedLayout::new(
                    *sw,
                    Int::ZERO,
                    Layout::new(
                        IntTuple::from_int(match r.try_size() {
                            Ok(n) => n,
                            Err(_) => return Some(Verdict::Unchecked("an answer without a size")),
                        }),
                        IntTuple::from_int(Int::constant(1)),
                    ),
                );
                verdict(law::check_layout_composition(l, &b, &r))
            }
            None => Verdict::Unchecked("an answer that is not a layout"),
        },
        ("right_inverse", [Value::Composed(a)], r) => match maybe(r) {
            Some(r) => verdict(law::check_right_inverse(a, &r)),
            None => Verdict::Unchecked("an answer that is not a layout"),
        },
        ("left_inverse", [Value::Composed(a)], r) => match maybe(r) {
            Some(r) => verdict(law::check_left_inverse(a, &r)),
            None => Verdict::Unchecked("an answer that is not a layout"),
        },
        ("coalesce", [Value::Composed(a)], r) => {
            let v = on_layout(a, r, |rl| law::coalesce(&a.layout(), rl));
            match (v, r) {
                (Verdict::Holds, Value::Composed(r)) => verdict(law::check_same_function(a, r)),
                (v, _) => v,
            }
        }
        (
            "logical_divide" | "zipped_divide" | "tiled_divide" | "flat_divide" | "logical_product"
            | "zipped_product" | "tiled_product" | "flat_product",
            [Value::Composed(a), t],
            r,
        ) => match tiler_of(t) {
            Some(t) => {
                let law = match name {
                    "logical_divide" => law::logical_divide,
                    "zipped_divide" => law::zipped_divide,
                    "tiled_divide" => law::tiled_divide,
                    "flat_divide" => law::flat_divide,
                    "logical_product" => law::logical_product,
                    "zipped_product" => law::zipped_product,
                    "tiled_product" => law::tiled_product,
                    _ => law::flat_product,
                };
                on_layout(a, r, |rl| law(&a.layout(), &t, rl))
            }
            None => Verdict::Unchecked("a second operand that is not a tiler"),
        },
        ("blocked_product" | "raked_product", [Value::Composed(a), Value::Layout(b)], r) => {
            let law = if name == "blocked_product" {
                law::blocked_product
            } else {
                law::raked_product
            };
            on_layout(a, r, |rl| law(&a.layout(), b, rl))
        }
        ("upcast" | "downcast", [Value::Swizzle(sw)], Value::Swizzle(r)) => {
            match targs.and_then(number) {
                Some(n) if n > 0 && name == "upcast" => {
                    verdict(law::check_swizzle_upcast(*sw, n, *r))
                }
                Some(n) if n > 0 => verdict(law::check_swizzle_downcast(*sw, n, *r)),
                _ => Verdict::Unchecked("a factor that is not a positive integer"),
            }
        }
        ("upcast" | "downcast", [Value::Composed(a)], Value::Composed(r)) => {
            match targs.and_then(number) {
                Some(n) if n > 0 => cast(name == "upcast", n, a, r),
                _ => Verdict::Unchecked("a factor that is not a positive integer"),
            }
        }
        ("max_alignment", [Value::Composed(a)], Value::Tuple(m)) => match m.as_int() {
            Some(m) if a.layout().is_static() => match law::image(a) {
                Ok(image) => verdict(law::check_alignment(&image, m.value())),
                Err(why) => verdict(Err(why)),
            },
            _ => Verdict::Unchecked("a dynamic layout or an answer that is not an integer"),
        },
        ("domain_offset", [Value::Tuple(coord), Value::Composed(a)], Value::List(r)) => {
            match r.as_slice() {
                [r, Value::Tuple(off)] => match (maybe(r), off.as_int()) {
                    (Some(r), Some(off)) => domain_offset(a, coord, &r, off),
                    _ => Verdict::Unchecked("an answer that is not a layout and an offset"),
                },
                _ => Verdict::Unchecked("an answer that is not a pair"),
            }
        }
        ("slice_and_offset", [Value::Tuple(coord), Value::Composed(a)], Value::List(r)) => {
            match r.as_slice() {
                [s, Value::Tuple(off)] => match off.as_int() {
                    Some(off) => slice(a, coord, s, Some(off)),
                    None => Verdict::Unchecked("an offset that is not an integer"),
                },
                _ => Verdict::Unchecked("an answer that is not a pair"),
            }
        }
        ("slice", [Value::Tuple(coord), Value::Composed(a)], s) => slice(a, coord, s, None),
        // `A(c)`, an application with `_` in `c`: the slice (CuTe folds the offset into
        // the swizzle's base where it can, and drops the rest, as `slice` does)
        ("apply", [Value::Composed(a), Value::Tuple(coord)], s) => slice(a, coord, s, None),
        _ => Verdict::Unchecked("a function of swizzled layouts without a law"),
    })
}

/// `upcast<n>` (`up`) or `downcast<n>` of a swizzled layout: the swizzle of the larger (or
/// smaller) elements, the offset divided (or multiplied) by `n`, and the layout's cast.
fn cast(up: bool, n: i64, a: &ComposedLayout, r: &ComposedLayout) -> Verdict {
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
fn domain_offset(a: &ComposedLayout, coord: &IntTuple, r: &MaybeSwizzled, off: Int) -> Verdict {
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
/// `i < size(A)`.
fn left_inverse_chain(a: &ComposedLayout, r: &rcute::swizzle::ComposedChain) -> Verdict {
    let n = match a.try_size() {
        Ok(n) if n.value() <= law::LIMIT as i64 => n.value(),
        _ => return Verdict::Unchecked("a domain larger than law::LIMIT"),
    };
    for i in 0..n {
        let x = a.offset(i as usize);
        match r.try_at(x) {
            Ok(y) if y == i => {}
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
