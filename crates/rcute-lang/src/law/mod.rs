//! The law of each function, on the values of the language: what the golden tests and the
//! fuzzers check every answer with (through [`crate::check_call`]). Each function here is
//! the law facet of one entry of the function table; the checks themselves are the
//! library's ([`rcute::law`]), on library values. Operands or answers that are swizzles or
//! swizzled layouts go to the function's law in [`composed`], the others to the law of
//! plain layouts.

mod composed;
mod operands;

pub(crate) use operands::LawCall;

use crate::Value;
use alloc::vec::Vec;
use operands::{SWIZZLED_WITHOUT_LAW, WITHOUT_LAW};
use rcute::law::{self, Verdict};
use rcute::layout::Layout;
use rcute::tuple::IntTuple;

/// The law of every function that has one when the crate is built without the feature
/// `laws`: no answer is checked.
#[cfg(not(feature = "laws"))]
pub(crate) fn unavailable(_: &LawCall<'_>) -> Verdict {
    Verdict::Unchecked("rcute-lang built without the feature `laws`")
}

/// A law for plain operands only: swizzled ones are not checked.
fn plain_only(c: &LawCall<'_>, plain: impl FnOnce() -> Verdict) -> Verdict {
    if c.swizzled() {
        return SWIZZLED_WITHOUT_LAW;
    }
    plain()
}

/// `coalesce(L)`.
pub(crate) fn coalesce(c: &LawCall<'_>) -> Verdict {
    if c.swizzled() {
        return composed::coalesce(c);
    }
    c.plain(|a, r| {
        if c.one() {
            law::coalesce(a, r)
        } else {
            WITHOUT_LAW
        }
    })
}

/// `filter(L)`.
pub(crate) fn filter(c: &LawCall<'_>) -> Verdict {
    plain_only(c, || {
        c.plain(|a, r| {
            if c.one() {
                law::filter(a, r)
            } else {
                WITHOUT_LAW
            }
        })
    })
}

/// `right_inverse(L)`.
pub(crate) fn right_inverse(c: &LawCall<'_>) -> Verdict {
    if c.swizzled() {
        return composed::right_inverse(c);
    }
    c.plain(|a, r| {
        if c.one() {
            law::right_inverse(a, r)
        } else {
            WITHOUT_LAW
        }
    })
}

/// `left_inverse(L)`.
pub(crate) fn left_inverse(c: &LawCall<'_>) -> Verdict {
    if c.swizzled() {
        return composed::left_inverse(c);
    }
    c.plain(|a, r| {
        if c.one() {
            law::left_inverse(a, r)
        } else {
            WITHOUT_LAW
        }
    })
}

/// `nullspace(L)`.
pub(crate) fn nullspace(c: &LawCall<'_>) -> Verdict {
    plain_only(c, || {
        c.plain(|a, r| {
            if c.one() {
                law::nullspace(a, r)
            } else {
                WITHOUT_LAW
            }
        })
    })
}

/// `complement(L[, cotarget])`; without a cotarget, the cosize of `filter(L)`.
pub(crate) fn complement(c: &LawCall<'_>) -> Verdict {
    plain_only(c, || {
        c.plain(|a, r| {
            if c.one() {
                return match a.try_filter().and_then(|f| f.try_cosize()) {
                    Ok(n) => law::complement(a, &IntTuple::from_int(n), r),
                    Err(_) => Verdict::Unchecked("a layout whose filter fails"),
                };
            }
            match c.args.get(1) {
                Some(Value::Tuple(t)) if c.args.len() == 2 => law::complement(a, t, r),
                _ => Verdict::Unchecked("a cotarget that is not a shape"),
            }
        })
    })
}

/// `max_common_layout(A, B)`.
pub(crate) fn max_common_layout(c: &LawCall<'_>) -> Verdict {
    plain_only(c, || c.with_layout(law::max_common_layout))
}

/// `max_common_vector(A, B)`.
pub(crate) fn max_common_vector(c: &LawCall<'_>) -> Verdict {
    plain_only(c, || match (c.args, c.result) {
        ([Value::Layout(a), Value::Layout(b)], Value::Tuple(n)) => match n.as_int() {
            Some(n) => law::max_common_vector(a, b, n),
            None => Verdict::Unchecked("an answer that is not an integer"),
        },
        _ => Verdict::Unchecked("operands that are not two layouts"),
    })
}

/// `blocked_product(A, B)`.
pub(crate) fn blocked_product(c: &LawCall<'_>) -> Verdict {
    if c.swizzled() {
        return composed::by_layout(c, law::blocked_product);
    }
    c.with_layout(law::blocked_product)
}

/// `raked_product(A, B)`.
pub(crate) fn raked_product(c: &LawCall<'_>) -> Verdict {
    if c.swizzled() {
        return composed::by_layout(c, law::raked_product);
    }
    c.with_layout(law::raked_product)
}

/// `composition(A, B)`, `B` a layout or a tiler; `composition(Sw[, O], L)`.
pub(crate) fn composition(c: &LawCall<'_>) -> Verdict {
    if c.swizzled() {
        return composed::composition(c);
    }
    c.with_tiler(law::composition)
}

/// `logical_product(A, T)`.
pub(crate) fn logical_product(c: &LawCall<'_>) -> Verdict {
    if c.swizzled() {
        return composed::logical_product(c);
    }
    c.with_tiler(law::logical_product)
}

/// A divide or a product by a tiler: `law` of plain layouts, or on the layout under a
/// swizzle.
fn by_tiler(c: &LawCall<'_>, law: fn(&Layout, &rcute::Tiler, &Layout) -> Verdict) -> Verdict {
    if c.swizzled() {
        return composed::by_tiler(c, law);
    }
    c.with_tiler(law)
}

/// `logical_divide(L, T)`.
pub(crate) fn logical_divide(c: &LawCall<'_>) -> Verdict {
    by_tiler(c, law::logical_divide)
}

/// `zipped_divide(L, T)`.
pub(crate) fn zipped_divide(c: &LawCall<'_>) -> Verdict {
    by_tiler(c, law::zipped_divide)
}

/// `tiled_divide(L, T)`.
pub(crate) fn tiled_divide(c: &LawCall<'_>) -> Verdict {
    by_tiler(c, law::tiled_divide)
}

/// `flat_divide(L, T)`.
pub(crate) fn flat_divide(c: &LawCall<'_>) -> Verdict {
    by_tiler(c, law::flat_divide)
}

/// `zipped_product(A, T)`.
pub(crate) fn zipped_product(c: &LawCall<'_>) -> Verdict {
    by_tiler(c, law::zipped_product)
}

/// `tiled_product(A, T)`.
pub(crate) fn tiled_product(c: &LawCall<'_>) -> Verdict {
    by_tiler(c, law::tiled_product)
}

/// `flat_product(A, T)`.
pub(crate) fn flat_product(c: &LawCall<'_>) -> Verdict {
    by_tiler(c, law::flat_product)
}

/// `tile_to_shape(A, target[, order])`.
pub(crate) fn tile_to_shape(c: &LawCall<'_>) -> Verdict {
    use crate::Tag;
    use rcute::algebra::TileOrder;
    use rcute::tuple::Major;
    plain_only(c, || {
        c.plain(|a, r| {
            let rest = &c.args[1..];
            let order = match rest.get(1) {
                None => TileOrder::Major(Major::Left),
                Some(Value::Tag(Tag::LayoutLeft)) => TileOrder::Major(Major::Left),
                Some(Value::Tag(Tag::LayoutRight)) => TileOrder::Major(Major::Right),
                Some(Value::Tuple(o)) => TileOrder::Order(*o),
                Some(_) => return Verdict::Unchecked("an order that is not a tag or a tuple"),
            };
            match rest.first() {
                Some(Value::Tuple(t)) if rest.len() <= 2 => law::tile_to_shape(a, t, &order, r),
                _ => Verdict::Unchecked("a target that is not a shape"),
            }
        })
    })
}

/// `upcast<N>` and `downcast<N>` (`up` false) of a plain layout: `law` with the factor.
fn plain_cast(c: &LawCall<'_>, law: fn(i64, &Layout, &Layout) -> Verdict) -> Verdict {
    c.plain_with(true, |a, r| match c.targs {
        Some(t) if c.one() => match t.trim().parse::<i64>() {
            Ok(n) => law(n, a, r),
            Err(_) => Verdict::Unchecked("a factor that is not an integer"),
        },
        _ => WITHOUT_LAW,
    })
}

/// `upcast<N>(L)`.
pub(crate) fn upcast(c: &LawCall<'_>) -> Verdict {
    if c.swizzled() {
        return composed::cast(c, true);
    }
    plain_cast(c, law::upcast)
}

/// `downcast<N>(L)`.
pub(crate) fn downcast(c: &LawCall<'_>) -> Verdict {
    if c.swizzled() {
        return composed::cast(c, false);
    }
    plain_cast(c, law::downcast)
}

/// `recast_layout<Old,New>(L)`: the element types by name or by their bits.
pub(crate) fn recast_layout(c: &LawCall<'_>) -> Verdict {
    plain_only(c, || {
        c.plain_with(true, |a, r| match c.targs {
            Some(t) if c.one() => {
                let bits: Option<Vec<i64>> = t
                    .split(',')
                    .map(|t| {
                        t.trim()
                            .parse::<i64>()
                            .ok()
                            .or_else(|| crate::element_bits(t.trim()))
                    })
                    .collect();
                match bits.as_deref() {
                    Some(&[old, new]) => law::recast_layout(old, new, a, r),
                    _ => Verdict::Unchecked("element types without a known size"),
                }
            }
            _ => WITHOUT_LAW,
        })
    })
}

/// The verdict on a function without a law (or a name the table does not have).
pub(crate) fn without_law(c: &LawCall<'_>) -> Verdict {
    if c.swizzled() {
        return SWIZZLED_WITHOUT_LAW;
    }
    c.plain(|_, _| WITHOUT_LAW)
}

/// A law of swizzled layouts only: plain operands are not checked.
fn swizzled_only(c: &LawCall<'_>, swizzled: fn(&LawCall<'_>) -> Verdict) -> Verdict {
    if c.swizzled() {
        return swizzled(c);
    }
    c.plain(|_, _| WITHOUT_LAW)
}

/// `max_alignment(L)` of a swizzled layout.
pub(crate) fn max_alignment(c: &LawCall<'_>) -> Verdict {
    swizzled_only(c, composed::max_alignment)
}

/// `domain_offset(c, L)` of a swizzled layout.
pub(crate) fn domain_offset(c: &LawCall<'_>) -> Verdict {
    swizzled_only(c, composed::domain_offset)
}

/// `slice_and_offset(c, L)` of a swizzled layout.
pub(crate) fn slice_and_offset(c: &LawCall<'_>) -> Verdict {
    swizzled_only(c, composed::slice_and_offset)
}

/// `slice(c, L)` of a swizzled layout.
pub(crate) fn slice(c: &LawCall<'_>) -> Verdict {
    swizzled_only(c, composed::slice_of)
}

/// The application `A(c)` of a swizzled layout to a coordinate with `_` (a slice); it is
/// not a function of the table, and [`crate::check_call`] knows it as `apply`.
pub(crate) fn apply(c: &LawCall<'_>) -> Verdict {
    swizzled_only(c, composed::apply)
}
