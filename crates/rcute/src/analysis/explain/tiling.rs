//! The steps of the divides and the products: the logical form (a complement and a
//! composition), then the regrouping of the zipped, tiled, flat, blocked and raked forms.

use super::{Explanation, explain_complement, explain_composition};
use crate::algebra::builder::pair;
use crate::algebra::divide::{unpack, zip2_by};
use crate::algebra::product::zip_modes;
use crate::algebra::tiler::{Tiler, TilerKind};
use crate::error::Error;
use crate::layout::Layout;
use crate::tuple::{IntTuple, Node};
use alloc::format;
use alloc::string::ToString;

/// The steps of `logical_divide(A, T)`.
///
/// For a layout tiler `B`: the cotarget `shape(coalesce(A))`, `C = complement(B,
/// cotarget)` (the repetitions of the tile in `A`'s domain), the tiler `(B, C)`, and
/// `composition(A, (B, C))`, each with its own steps one level deeper. An integer `n`
/// divides as `make_layout(n)`; `_` keeps `A`; a tuple divides mode by mode (the modes
/// beyond it kept).
///
/// ```
/// use rcute::analysis::explain::explain_logical_divide;
/// use rcute::{layout, tiler};
/// let e = explain_logical_divide(&layout!((_4,_2,_3):(_2,_1,_8)), &tiler!(_4:_2));
/// assert_eq!(e.value_of("the cotarget"), Some("(_4,_2,_3)"));
/// assert_eq!(e.value_of("complement(B"), Some("(_2,_3):(_1,_8)"));
/// assert_eq!(e.value_of("the tiler (B, C)"), Some("(_4,(_2,_3)):(_2,(_1,_8))"));
/// assert_eq!(e.result.unwrap().to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
/// ```
pub fn explain_logical_divide(a: &Layout, t: &Tiler) -> Explanation {
    let mut e = Explanation::new(format!("logical_divide({a}, {t})"));
    if let Err(err) = divide_steps(&mut e, a, t) {
        e.note("a step fails", &err.to_string());
    }
    e.finish(a.try_logical_divide(t))
}

fn divide_steps(e: &mut Explanation, a: &Layout, t: &Tiler) -> Result<(), Error> {
    match t.kind() {
        TilerKind::Layout(b) => {
            let target = if a.shape_ref().is_leaf() {
                a.shape()
            } else {
                a.try_coalesce()?.shape()
            };
            e.step(
                "the cotarget: shape(coalesce(A))",
                target,
                "the domain the tiles repeat over",
            );
            let c = explain_complement(b, &target);
            nested(
                e,
                &format!("complement(B, {target})"),
                &c,
                "the repetitions of B",
            )?;
            let Ok(c) = c.result else { return Ok(()) };
            let bc = pair(b, &c)?;
            e.step("the tiler (B, C)", bc, "the tile, then its repetitions");
            let r = explain_composition(a, &Tiler::layout(bc));
            nested(e, "composition(A, (B, C))", &r, "")?;
        }
        TilerKind::Integer(_) => {
            let b = *t.inner_layout();
            e.step("the tiler as a layout", b, "make_layout(n)");
            let sub = explain_logical_divide(a, &Tiler::layout(b));
            e.nest("", &sub);
        }
        TilerKind::Underscore => e.note("_ keeps A", ""),
        TilerKind::Tuple => by_mode(e, a, t, "logical_divide", explain_logical_divide)?,
    }
    Ok(())
}

/// A step with the value of `sub`'s result and `sub`'s steps one level deeper; `Err`
/// never (the sub-result's error is shown in its own steps and the final result).
fn nested(e: &mut Explanation, title: &str, sub: &Explanation, detail: &str) -> Result<(), Error> {
    match &sub.result {
        Ok(l) => e.step(title, l, detail),
        Err(err) => e.note(title, &err.to_string()),
    }
    e.nest("", sub);
    Ok(())
}

/// A tuple tiler: mode `i` of `a` with element `i` by `f`, the modes beyond kept.
fn by_mode(
    e: &mut Explanation,
    a: &Layout,
    t: &Tiler,
    name: &str,
    f: fn(&Layout, &Tiler) -> Explanation,
) -> Result<(), Error> {
    let (rt, rl) = (t.rank(), a.rank());
    if rt > rl {
        e.note(
            "the tiler has more modes than A",
            &format!("{rt} modes for {rl}"),
        );
        return Ok(());
    }
    for i in 0..rt {
        let mode = a.try_mode(i)?;
        let element = match t.element_layout(i) {
            Some(l) => Tiler::layout(l),
            None => t.try_element(i)?,
        };
        let sub = f(&mode, &element);
        nested(e, &format!("mode {i}: {name}({mode}, {element})"), &sub, "")?;
        if sub.result.is_err() {
            return Ok(());
        }
    }
    if rl > rt {
        e.note(format!("modes {rt}.. of A kept"), "");
    }
    Ok(())
}

/// The regrouped forms: the logical form's steps, then `zip` (tiles or blocks into mode
/// 0, the rests or repeats into mode 1), then `unpack` for the tiled (`unpack0` false)
/// and flat (`unpack0` true) forms.
fn regrouped(
    e: &mut Explanation,
    logical: Explanation,
    t: &Tiler,
    unpack_as: Option<bool>,
) -> Result<(), Error> {
    let name = logical.call.split('(').next().unwrap_or("").to_string();
    nested(e, &name, &logical, "")?;
    let Ok(l) = logical.result else {
        return Ok(());
    };
    let z = zip2_by(&l, t.guide())?;
    e.step(
        "zip",
        z,
        "mode 0 gathers the first part of each mode, mode 1 the second parts and the modes beyond the tiler",
    );
    match unpack_as {
        Some(false) => e.step("unpack mode 1", unpack(&z, false)?, ""),
        Some(true) => e.step("unpack modes 0 and 1", unpack(&z, true)?, ""),
        None => {}
    }
    Ok(())
}

macro_rules! regrouped_fn {
    ($(#[$doc:meta])* $name:ident, $op:literal, $logical:ident, $real:ident, $unpack:expr) => {
        $(#[$doc])*
        pub fn $name(a: &Layout, t: &Tiler) -> Explanation {
            let mut e = Explanation::new(format!(concat!($op, "({}, {})"), a, t));
            if let Err(err) = regrouped(&mut e, $logical(a, t), t, $unpack) {
                e.note("a step fails", &err.to_string());
            }
            e.finish(a.$real(t))
        }
    };
}

regrouped_fn!(
    /// The steps of `zipped_divide(A, T)`: `logical_divide(A, T)`, then the tiles
    /// gathered into mode 0 and the rests into mode 1.
    ///
    /// ```
    /// use rcute::analysis::explain::explain_zipped_divide;
    /// use rcute::{layout, tiler};
    /// let e = explain_zipped_divide(&layout!((_9,(_4,_8)):(_59,(_13,_1))), &tiler!((_3:_3, (_2,_4):(_1,_8))));
    /// assert_eq!(e.value_of("logical_divide"), Some("((_3,_3),((_2,_4),(_2,_2))):((_177,_59),((_13,_2),(_26,_1)))"));
    /// assert_eq!(e.value_of("zip"), Some("((_3,(_2,_4)),(_3,(_2,_2))):((_177,(_13,_2)),(_59,(_26,_1)))"));
    /// ```
    explain_zipped_divide, "zipped_divide", explain_logical_divide, try_zipped_divide, None
);

regrouped_fn!(
    /// The steps of `tiled_divide(A, T)`: the steps of [`explain_zipped_divide`], then
    /// the rests unpacked.
    ///
    /// ```
    /// use rcute::analysis::explain::explain_tiled_divide;
    /// use rcute::{layout, tiler};
    /// let e = explain_tiled_divide(&layout!((_9,(_4,_8)):(_59,(_13,_1))), &tiler!((_3:_3, (_2,_4):(_1,_8))));
    /// assert_eq!(e.value_of("unpack mode 1"), Some("((_3,(_2,_4)),_3,(_2,_2)):((_177,(_13,_2)),_59,(_26,_1))"));
    /// ```
    explain_tiled_divide, "tiled_divide", explain_logical_divide, try_tiled_divide, Some(false)
);

regrouped_fn!(
    /// The steps of `flat_divide(A, T)`: the steps of [`explain_zipped_divide`], then
    /// both modes unpacked.
    ///
    /// ```
    /// use rcute::analysis::explain::explain_flat_divide;
    /// use rcute::{layout, tiler};
    /// let e = explain_flat_divide(&layout!((_9,(_4,_8)):(_59,(_13,_1))), &tiler!((_3:_3, (_2,_4):(_1,_8))));
    /// assert_eq!(e.result.unwrap().to_string(), "(_3,(_2,_4),_3,(_2,_2)):(_177,(_13,_2),_59,(_26,_1))");
    /// ```
    explain_flat_divide, "flat_divide", explain_logical_divide, try_flat_divide, Some(true)
);

/// The steps of `logical_product(A, T)`.
///
/// For a layout tiler `B`: the cotarget `size(A) * cosize(B)`, `C = complement(A,
/// cotarget)` (where the copies of `A` go), and `(A, composition(C, B))`, each with its
/// own steps one level deeper. An integer `n` is `make_layout(n)`; `_` keeps `A`; a tuple
/// works mode by mode (the modes beyond it kept).
///
/// ```
/// use rcute::analysis::explain::explain_logical_product;
/// use rcute::{layout, tiler};
/// let e = explain_logical_product(&layout!((_2,_2):(_4,_1)), &tiler!(_6:_1));
/// assert_eq!(e.value_of("the cotarget"), Some("_24"));
/// assert_eq!(e.value_of("complement(A, _24)"), Some("(_2,_3):(_2,_8)"));
/// assert_eq!(e.value_of("composition(C, B)"), Some("(_2,_3):(_2,_8)"));
/// assert_eq!(e.result.unwrap().to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
/// ```
pub fn explain_logical_product(a: &Layout, t: &Tiler) -> Explanation {
    let mut e = Explanation::new(format!("logical_product({a}, {t})"));
    if let Err(err) = product_steps(&mut e, a, t) {
        e.note("a step fails", &err.to_string());
    }
    e.finish(a.try_logical_product(t))
}

fn product_steps(e: &mut Explanation, a: &Layout, t: &Tiler) -> Result<(), Error> {
    match t.kind() {
        TilerKind::Layout(b) => {
            let cotarget = a.try_size()?.try_mul(b.try_cosize()?)?;
            e.step(
                "the cotarget: size(A) * cosize(B)",
                cotarget,
                "A's copies reach this far",
            );
            let c = explain_complement(a, &IntTuple::from_int(cotarget));
            nested(
                e,
                &format!("complement(A, {cotarget})"),
                &c,
                "where the copies of A go",
            )?;
            let Ok(c) = c.result else { return Ok(()) };
            let r = explain_composition(&c, &Tiler::layout(*b));
            nested(e, "composition(C, B)", &r, "the copies in B's order")?;
            if let Ok(r) = r.result {
                e.step("(A, composition(C, B))", pair(a, &r)?, "");
            }
        }
        TilerKind::Integer(_) => {
            let b = *t.inner_layout();
            e.step("the tiler as a layout", b, "make_layout(n)");
            let sub = explain_logical_product(a, &Tiler::layout(b));
            e.nest("", &sub);
        }
        TilerKind::Underscore => e.note("_ keeps A", ""),
        TilerKind::Tuple => by_mode(e, a, t, "logical_product", explain_logical_product)?,
    }
    Ok(())
}

regrouped_fn!(
    /// The steps of `zipped_product(A, T)`: `logical_product(A, T)`, then the blocks
    /// gathered into mode 0 and the repeats into mode 1.
    ///
    /// ```
    /// use rcute::analysis::explain::explain_zipped_product;
    /// use rcute::{layout, tiler};
    /// let e = explain_zipped_product(&layout!((_2,_5):(_5,_1)), &tiler!((_3:_5, _4:_6)));
    /// assert_eq!(e.result.unwrap().to_string(), "((_2,_5),(_3,_4)):((_5,_1),(_10,_30))");
    /// ```
    explain_zipped_product, "zipped_product", explain_logical_product, try_zipped_product, None
);

regrouped_fn!(
    /// The steps of `tiled_product(A, T)`: [`explain_zipped_product`]'s, then the repeats
    /// unpacked.
    ///
    /// ```
    /// use rcute::analysis::explain::explain_tiled_product;
    /// use rcute::{layout, tiler};
    /// let e = explain_tiled_product(&layout!((_2,_5):(_5,_1)), &tiler!((_3,_4):(_1,_3)));
    /// assert_eq!(e.result.unwrap().to_string(), "((_2,_5),_3,_4):((_5,_1),_10,_30)");
    /// ```
    explain_tiled_product, "tiled_product", explain_logical_product, try_tiled_product, Some(false)
);

regrouped_fn!(
    /// The steps of `flat_product(A, T)`: [`explain_zipped_product`]'s, then both modes
    /// unpacked.
    ///
    /// ```
    /// use rcute::analysis::explain::explain_flat_product;
    /// use rcute::{layout, tiler};
    /// let e = explain_flat_product(&layout!((_2,_5):(_5,_1)), &tiler!((_3,_4):(_1,_3)));
    /// assert_eq!(e.value_of("unpack modes 0 and 1"), Some("(_2,_5,_3,_4):(_5,_1,_10,_30)"));
    /// ```
    explain_flat_product, "flat_product", explain_logical_product, try_flat_product, Some(true)
);

/// The steps of `blocked_product(A, B)`: both padded to the same rank with `_1:_0` modes,
/// `logical_product(A, B)`, then mode `i` of the result made `(A_i, repeat_i)`.
///
/// ```
/// use rcute::analysis::explain::explain_blocked_product;
/// use rcute::layout;
/// let e = explain_blocked_product(&layout!((_2,_5):(_5,_1)), &layout!((_3,_4):(_1,_3)));
/// assert_eq!(e.value_of("logical_product"), Some("((_2,_5),(_3,_4)):((_5,_1),(_10,_30))"));
/// assert_eq!(e.result.unwrap().to_string(), "((_2,_3),(_5,_4)):((_5,_10),(_1,_30))");
/// ```
pub fn explain_blocked_product(a: &Layout, b: &Layout) -> Explanation {
    rank_product(a, b, false)
}

/// The steps of `raked_product(A, B)`: as [`explain_blocked_product`], with mode `i` of
/// the result `(repeat_i, A_i)`.
///
/// ```
/// use rcute::analysis::explain::explain_raked_product;
/// use rcute::layout;
/// let e = explain_raked_product(&layout!((_2,_5):(_5,_1)), &layout!((_3,_4):(_1,_3)));
/// assert_eq!(e.result.unwrap().to_string(), "((_3,_2),(_4,_5)):((_10,_5),(_30,_1))");
/// ```
pub fn explain_raked_product(a: &Layout, b: &Layout) -> Explanation {
    rank_product(a, b, true)
}

fn rank_product(a: &Layout, b: &Layout, raked: bool) -> Explanation {
    let name = if raked {
        "raked_product"
    } else {
        "blocked_product"
    };
    let mut e = Explanation::new(format!("{name}({a}, {b})"));
    if let Err(err) = rank_product_steps(&mut e, a, b, raked) {
        e.note("a step fails", &err.to_string());
    }
    let result = if raked {
        a.try_raked_product(b)
    } else {
        a.try_blocked_product(b)
    };
    e.finish(result)
}

fn rank_product_steps(
    e: &mut Explanation,
    a: &Layout,
    b: &Layout,
    raked: bool,
) -> Result<(), Error> {
    let r = a.rank().max(b.rank());
    let pa = if a.rank() == r {
        *a
    } else {
        a.try_append_to(r, None)?
    };
    let pb = if b.rank() == r {
        *b
    } else {
        b.try_append_to(r, None)?
    };
    if a.rank() != b.rank() {
        e.step(format!("A padded to rank {r}"), pa, "");
        e.step(format!("B padded to rank {r}"), pb, "");
    }
    let p = explain_logical_product(&pa, &Tiler::layout(pb));
    nested(e, "logical_product", &p, "the pair (block, repeat)")?;
    let Ok(p) = p.result else { return Ok(()) };
    let n0 = p.shape_ref().first_child(Node::ROOT);
    let n1 = p.shape_ref().node_end(n0);
    let (z, how) = if raked {
        (zip_modes(&p, n1, n0), "mode i is (repeat_i, A_i)")
    } else {
        (zip_modes(&p, n0, n1), "mode i is (A_i, repeat_i)")
    };
    match z {
        Ok(z) => e.step("zip", z, how),
        Err(err) => e.note("zip", &err.to_string()),
    }
    Ok(())
}
