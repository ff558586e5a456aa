//! The steps of `composition(A, B)`: the walk of `algebra/composition.rs`
//! (`composition_int`), traced with the same stride and shape steps.

use super::{Explanation, Step, leaf_modes, modes_layout, modes_text};
use crate::algebra::composition::{shape_step, stride_step};
use crate::algebra::modes::{Modes, Sink, coalesce_into};
use crate::algebra::tiler::{Tiler, TilerKind, unit_stride};
use crate::error::Error;
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;
use alloc::format;
use alloc::string::ToString;
use alloc::vec::Vec;

/// The steps of `composition(A, B)` for a layout, integer, `_` or tuple tiler `B`.
///
/// For a layout `B`: `A` coalesced (its flat modes, the last of which absorbs whatever
/// `B` reaches past `size(A)`), then for each integral mode `s:d` of `B` the walk over
/// `A`'s modes: the stride `d` passes over a mode `c` of `A` it is a multiple of (the
/// stride becomes `d / c`), or divides it, and the mode takes `min(c / d, rest)` of the
/// rest of `s` (the stride divisibility and shape divisibility conditions are checked
/// there); the last mode of `A` takes what is left. The new modes of each mode of `B`,
/// put in `B`'s hierarchy, are the answer. A tuple tiler composes mode by mode (each
/// mode's steps one level deeper), and the modes of `A` beyond it are dropped.
///
/// ```
/// use rcute::analysis::explain::explain_composition;
/// use rcute::{layout, tiler};
/// let e = explain_composition(&layout!((_6,_2):(_8,_2)), &tiler!((_4,_3):(_3,_1)));
/// assert_eq!(e.value_of("coalesce(A)"), Some("(_6,_2):(_8,_2)"));
/// assert_eq!(e.value_of("mode 0 of B"), Some("(_2,_2):(_24,_2)"));
/// assert_eq!(e.value_of("mode 1 of B"), Some("_3:_8"));
/// assert_eq!(e.value_of("assemble"), Some("((_2,_2),_3):((_24,_2),_8)"));
/// assert_eq!(e.result.unwrap().to_string(), "((_2,_2),_3):((_24,_2),_8)");
/// // the stride divisibility condition fails at mode 0 of A: the step and the values
/// let bad = explain_composition(&layout!((_8,_8):(_8,_1)), &tiler!(_4:_3));
/// assert!(bad.result.is_err());
/// assert!(bad.to_string().contains("stride divisibility condition violated"));
/// ```
pub fn explain_composition(a: &Layout, t: &Tiler) -> Explanation {
    let mut e = Explanation::new(format!("composition({a}, {t})"));
    let result = a.try_composition_tiler(t);
    let traced = match t.kind() {
        TilerKind::Layout(b) => trace(&mut e, a, b),
        TilerKind::Integer(n) => {
            let b = unit_stride(n);
            e.step("B as a layout", b, "an integer n composes as n:_1");
            trace(&mut e, a, &b)
        }
        TilerKind::Underscore => {
            e.note("_ keeps A", "");
            Ok(true)
        }
        TilerKind::Tuple => by_mode(&mut e, a, t),
    };
    match traced {
        Ok(true) if result.is_err() => e.note(
            "composing B's modes one by one must be the composed function",
            "checked after the walk (the modes must not carry into one another)",
        ),
        Ok(false) | Err(_) if result.is_ok() => e.note(
            "the failed condition is sufficient, not necessary: CuTe's walk, which carries into the next mode, is the composed function here",
            "CuTe's answer checked on every index of B (R(i) == A(B(i))) and taken",
        ),
        Ok(_) => {}
        Err(err) => e.note("a step fails", &err.to_string()),
    }
    e.finish(result)
}

/// The tuple tiler: each mode composed with its element, the modes beyond dropped.
fn by_mode(e: &mut Explanation, a: &Layout, t: &Tiler) -> Result<bool, Error> {
    let (rt, rl) = (t.rank(), a.rank());
    if rt > rl {
        e.note(
            "the tiler has more modes than A",
            &format!("{rt} modes for {rl}"),
        );
        return Ok(false);
    }
    for i in 0..rt {
        let mode = a.try_mode(i)?;
        let element = match t.composition_element(i) {
            Some(l) => Tiler::layout(l),
            None => t.try_element(i)?,
        };
        let sub = explain_composition(&mode, &element);
        match sub.result {
            Ok(r) => e.step(format!("mode {i}: composition({mode}, {element})"), r, ""),
            Err(_) => e.note(format!("mode {i}: composition({mode}, {element})"), ""),
        }
        e.nest("", &sub);
        if sub.result.is_err() {
            return Ok(false);
        }
    }
    if rl > rt {
        e.note(
            format!("modes {rt}.. of A dropped"),
            "composition with a tuple keeps only the modes it names",
        );
    }
    Ok(true)
}

/// The steps of `A ∘ B` for a layout `B`; `Ok(true)` when the walk went through.
fn trace(e: &mut Explanation, a: &Layout, b: &Layout) -> Result<bool, Error> {
    if b.has_basis_strides() {
        e.note(
            "B has scaled-basis strides",
            "each selects a mode of A (composed along coprofile(B)); not traced step by step",
        );
        return Ok(true);
    }
    if a.shape_ref().is_leaf() {
        // `compose_leaf`: every stride of B times A's stride (a _0 stays _0)
        let d = a.stride_ref().leaf(0);
        let mut stride = b.stride();
        for i in 0..stride.leaf_count() {
            let x = stride.leaf(i);
            if !x.is_constant(0) {
                stride.set_leaf(i, x.try_mul(d)?);
            }
        }
        let r = Layout::try_new(b.shape(), stride)?;
        e.step(
            format!("assemble: each stride of B times {d}"),
            r,
            &format!("A is the single mode {a}: each mode t:e of B becomes t:(e*{d})"),
        );
        return Ok(true);
    }
    let mut c = Layout::stream();
    coalesce_into(
        Modes::leaves(a.shape_ref(), a.stride_ref()),
        true,
        false,
        Sink::Layout(&mut c),
    )?;
    let am = leaf_modes(&c);
    e.step(
        "coalesce(A)",
        modes_text(&am),
        "the modes each mode of B walks; the last one also takes what lies past size(A)",
    );
    let coordinates = am.iter().any(|m| m.1.is_basis());
    let mut modes = Vec::new();
    for (k, (s, d)) in leaf_modes(b).into_iter().enumerate() {
        match walk(e, &am, k, s, d, coordinates)? {
            Some(l) => modes.push(l),
            None => return Ok(false),
        }
    }
    let mut leaves = modes.into_iter();
    let (s, d) = assemble(b.shape_ref(), &mut leaves)?;
    e.step(
        "assemble the modes in B's hierarchy",
        Layout::try_new(s, d)?,
        "",
    );
    Ok(true)
}

/// The walk of mode `k` of `B`, `s:d`, over the modes `am` of `A` (CuTe's
/// `composition_impl` for an integral mode): a level-0 step with the mode's result and
/// level-1 steps for each mode of `A`. `None` where a condition fails (the failing step
/// says which and the values).
fn walk(
    e: &mut Explanation,
    am: &[(Int, Int)],
    k: usize,
    s: Int,
    d: Int,
    coordinates: bool,
) -> Result<Option<Layout>, Error> {
    let parent = e.steps.len();
    e.note(format!("mode {k} of B: {s}:{d}"), "");
    let sub = |e: &mut Explanation,
               title: alloc::string::String,
               value: Option<alloc::string::String>,
               detail: alloc::string::String| {
        let mut st = Step::new(title, value, detail);
        st.level = 1;
        e.steps.push(st);
    };
    let result = if d.is_constant(0) {
        sub(
            e,
            "a stride of _0".into(),
            None,
            "the mode stays s:_0".into(),
        );
        Layout::try_new(IntTuple::from_int(s), IntTuple::from_int(d))?
    } else if am.len() == 1 {
        let r = d.try_mul(am[0].1)?;
        sub(
            e,
            "A is one mode".into(),
            None,
            format!("the stride becomes {d}*{}", am[0].1),
        );
        Layout::try_new(IntTuple::from_int(s), IntTuple::from_int(r))?
    } else {
        let r = am.len();
        let mut new = Vec::new();
        let (mut rest_shape, mut rest_stride) = (s, d);
        for (i, &(cs, cd)) in am[..r - 1].iter().enumerate() {
            let rest = if coordinates {
                Int::dynamic(1)
            } else {
                rest_shape
            };
            let title = format!("A mode {i} {cs}:{cd}");
            let (next_shape, next_stride) = match stride_step(rest_stride, cs, rest, i) {
                Ok(x) => x,
                Err(err) => {
                    sub(e, title, None, err.to_string());
                    return Ok(None);
                }
            };
            if next_shape.is_constant(1) || rest_shape.is_constant(1) {
                let why = if rest_shape.is_constant(1) {
                    format!("nothing of the shape is left; the stride becomes {next_stride}")
                } else {
                    format!(
                        "ceil_div({cs}, {rest_stride}) = 1: the stride {rest_stride} steps over it and becomes ceil_div({rest_stride}, {cs}) = {next_stride}"
                    )
                };
                sub(e, format!("{title}: skipped"), None, why);
                rest_stride = next_stride;
                continue;
            }
            let new_shape = next_shape.min(rest_shape);
            let next_rest = match shape_step(rest_shape, new_shape, i) {
                Ok(x) => x,
                Err(err) => {
                    sub(e, title, None, err.to_string());
                    return Ok(None);
                }
            };
            let mode_stride = rest_stride.try_mul(cd)?;
            sub(
                e,
                format!("{title}: take {new_shape}"),
                Some(format!("{new_shape}:{mode_stride}")),
                format!(
                    "the mode holds ceil_div({cs}, {rest_stride}) = {next_shape} steps of {rest_stride}, {rest_shape} are left to place: the new mode takes min = {new_shape}; left: shape {next_rest}, stride {next_stride}"
                ),
            );
            new.push((new_shape, mode_stride));
            rest_shape = next_rest;
            rest_stride = next_stride;
        }
        let last = am[r - 1];
        let rest_mode = (rest_shape, rest_stride.try_mul(last.1)?);
        if new.is_empty() || !rest_shape.is_constant(1) {
            sub(
                e,
                format!("A mode {} {}:{}: takes the rest", r - 1, last.0, last.1),
                Some(format!("{}:{}", rest_mode.0, rest_mode.1)),
                format!("the last mode takes the shape left, {rest_shape}, whatever its extent"),
            );
            new.push(rest_mode);
        }
        modes_layout(&new)?
    };
    e.steps[parent].value = Some(result.to_string());
    Ok(Some(result))
}

/// The layout with `shape`'s hierarchy whose leaf `i` is the `i`-th layout of `leaves`.
fn assemble(
    shape: &IntTuple,
    leaves: &mut impl Iterator<Item = Layout>,
) -> Result<(IntTuple, IntTuple), Error> {
    if shape.is_leaf() {
        let l = leaves.next().ok_or(Error::WrongKind {
            msg: "explain: fewer modes than leaves",
        })?;
        return Ok((l.shape(), l.stride()));
    }
    let (mut ss, mut ds) = (Vec::new(), Vec::new());
    for i in 0..shape.rank() {
        let (s, d) = assemble(&shape.try_get(i)?, leaves)?;
        ss.push(s);
        ds.push(d);
    }
    Ok((IntTuple::try_tuple(&ss)?, IntTuple::try_tuple(&ds)?))
}
