//! The laws by function name, on the values of the language: what the golden tests and
//! the fuzzers check every answer with. The checks themselves are the library's
//! ([`rcute::law`]), on library values.

mod composed;
mod operands;

use crate::Value;
use alloc::vec::Vec;
use operands::tiler_of;
use rcute::algebra::Tiler;
use rcute::law::{self, Verdict};
use rcute::layout::Layout;
use rcute::tuple::IntTuple;

/// Checks `result`, the answer of CuTe function `name` to `args`, against the function's
/// law ([`Verdict::Unchecked`] for a function without one, or operands it does not cover:
/// scaled-basis strides, profiles). Swizzles and swizzled layouts are checked as the
/// functions `i -> Sw(O + L(i))` they are; the name `apply` stands for the application
/// `A(c)` of a swizzled layout to a coordinate with `_` (a slice).
///
/// ```
/// use rcute_lang::{Value, eval_value};
/// use rcute::law::Verdict;
/// use rcute_lang::check_call;
/// let a = eval_value("(_3,_16):(_48,_1)").unwrap();
/// let b = eval_value("_4:_2").unwrap();
/// // CuTe C++'s answer, which is not the composed function
/// let cute = eval_value("(_2,_2):(_96,_1)").unwrap();
/// assert!(check_call("composition", &[a, b], &cute).breaks());
/// ```
/// A name may carry template arguments, as the expression language writes them:
/// `upcast<2>`, `recast_layout<uint8_t,uint32_t>`.
pub fn check_call(name: &str, args: &[Value], result: &Value) -> Verdict {
    let (name, targs) = match name.split_once('<') {
        Some((n, rest)) => match rest.strip_suffix('>') {
            Some(t) => (n, Some(t)),
            None => return Verdict::Unchecked("a malformed template argument list"),
        },
        None => (name, None),
    };
    if let Some(v) = composed::composed_call(name, targs, args, result) {
        return v;
    }
    if name == "max_common_vector" {
        return match (args, result) {
            ([Value::Layout(a), Value::Layout(b)], Value::Tuple(n)) => match n.as_int() {
                Some(n) => law::max_common_vector(a, b, n),
                None => Verdict::Unchecked("an answer that is not an integer"),
            },
            _ => Verdict::Unchecked("operands that are not two layouts"),
        };
    }
    let Value::Layout(r) = result else {
        return Verdict::Unchecked("an answer that is not a layout");
    };
    let layout = |i: usize| match args.get(i) {
        Some(Value::Layout(l)) => Some(*l),
        _ => None,
    };
    let tiler = |i: usize| args.get(i).and_then(tiler_of);
    let Some(a) = layout(0) else {
        return Verdict::Unchecked("a first operand that is not a layout");
    };
    let one = args.len() == 1;
    let with_layout = |law: fn(&Layout, &Layout, &Layout) -> Verdict| match layout(1) {
        Some(b) if args.len() == 2 => law(&a, &b, r),
        _ => Verdict::Unchecked("a second operand that is not a layout"),
    };
    let with_tiler = |law: fn(&Layout, &Tiler, &Layout) -> Verdict| match tiler(1) {
        Some(t) if args.len() == 2 => law(&a, &t, r),
        _ => Verdict::Unchecked("a second operand that is not a tiler"),
    };
    match (name, targs) {
        ("upcast" | "downcast" | "recast_layout", Some(t)) if one => {
            return cast(name, t, &a, r);
        }
        (_, Some(_)) => return Verdict::Unchecked("a function without a law"),
        _ => {}
    }
    match name {
        "coalesce" if one => law::coalesce(&a, r),
        "filter" if one => law::filter(&a, r),
        "right_inverse" if one => law::right_inverse(&a, r),
        "left_inverse" if one => law::left_inverse(&a, r),
        "nullspace" if one => law::nullspace(&a, r),
        "complement" if one => match a.try_filter().and_then(|f| f.try_cosize()) {
            Ok(c) => law::complement(&a, &IntTuple::from_int(c), r),
            Err(_) => Verdict::Unchecked("a layout whose filter fails"),
        },
        "complement" => match args.get(1) {
            Some(Value::Tuple(t)) if args.len() == 2 => law::complement(&a, t, r),
            _ => Verdict::Unchecked("a cotarget that is not a shape"),
        },
        "max_common_layout" => with_layout(law::max_common_layout),
        "blocked_product" => with_layout(law::blocked_product),
        "raked_product" => with_layout(law::raked_product),
        "composition" => with_tiler(law::composition),
        "logical_divide" => with_tiler(law::logical_divide),
        "zipped_divide" => with_tiler(law::zipped_divide),
        "tiled_divide" => with_tiler(law::tiled_divide),
        "flat_divide" => with_tiler(law::flat_divide),
        "logical_product" => with_tiler(law::logical_product),
        "zipped_product" => with_tiler(law::zipped_product),
        "tiled_product" => with_tiler(law::tiled_product),
        "flat_product" => with_tiler(law::flat_product),
        "tile_to_shape" => tile_to_shape(&a, &args[1..], r),
        _ => Verdict::Unchecked("a function without a law"),
    }
}

/// `upcast<N>`, `downcast<N>` and `recast_layout<Old,New>` of layout `a`.
fn cast(name: &str, targs: &str, a: &Layout, r: &Layout) -> Verdict {
    let number = |s: &str| s.trim().parse::<i64>().ok();
    match name {
        "upcast" | "downcast" => match number(targs) {
            Some(n) if name == "upcast" => law::upcast(n, a, r),
            Some(n) => law::downcast(n, a, r),
            None => Verdict::Unchecked("a factor that is not an integer"),
        },
        _ => {
            let bits: Option<Vec<i64>> = targs
                .split(',')
                .map(|t| number(t).or_else(|| crate::element_bits(t.trim())))
                .collect();
            match bits.as_deref() {
                Some(&[old, new]) => law::recast_layout(old, new, a, r),
                _ => Verdict::Unchecked("element types without a known size"),
            }
        }
    }
}

/// `tile_to_shape(a, target[, order])`.
fn tile_to_shape(a: &Layout, rest: &[Value], r: &Layout) -> Verdict {
    use crate::Tag;
    use rcute::algebra::TileOrder;
    use rcute::tuple::Major;
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
}
