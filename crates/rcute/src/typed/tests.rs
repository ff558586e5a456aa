//! The staged algebra against the run-time algebra, on random layouts: every form the
//! staging accepts gives, once run on the values, the run-time algebra's result or its
//! error; every form it refuses is one the run-time algebra refuses for those values too,
//! or one CuTe refuses for every value (where rcute's run-time algebra computes from the
//! values what a typed operation cannot).

use super::exec::run;
use super::modes::NEEDS_STATIC_STRIDES;
use super::ops::{self, StagedLayout, StagedTuple};
use super::program::{DYN_CAPACITY, MAX_OPS};
use super::value::{fill_layout, fill_tuple};
use crate::algebra::tiler::Tiler;
use crate::error::Error;
use crate::int::Int;
use crate::layout::Layout;
use crate::strategies::{
    LayoutParams, ShapeParams, complementable, composable_pair, divisible_tiler, injective_layout,
    layout, shape,
};
use crate::tuple::IntTuple;
use proptest::prelude::*;

use std::cell::RefCell;
use std::string::{String, ToString};
use std::vec::Vec;

const CASES: u32 = 1000;

/// An operand: its dynamic values, in the order the staging numbers them.
fn tuple_values(t: &IntTuple, out: &mut Vec<i64>) {
    for i in 0..t.leaf_count() {
        if !t.leaf(i).is_static() {
            out.push(t.leaf(i).value());
        }
    }
}

fn layout_values(l: &Layout) -> Vec<i64> {
    let mut v = Vec::new();
    tuple_values(l.shape_ref(), &mut v);
    tuple_values(l.stride_ref(), &mut v);
    v
}

/// An operand's values in a typed value's storage (a layout's leaves fit).
fn store(v: &[i64]) -> [i64; DYN_CAPACITY] {
    let mut a = [0; DYN_CAPACITY];
    a[..v.len()].copy_from_slice(v);
    a
}

/// How the cases of one operation went.
#[derive(Default, Debug)]
struct Tally {
    /// staged, and the program gave the run-time algebra's value
    values: usize,
    /// staged, and the program gave the run-time algebra's error
    errors: usize,
    /// refused at staging, and the run-time algebra errs too
    refused_both: usize,
    /// refused at staging as CuTe refuses, where the run-time algebra computes from values
    refused_beyond: usize,
    /// refused at staging: a program longer than `MAX_OPS`
    refused_capacity: usize,
    /// a composition the program refuses by a divisibility condition, where the run-time
    /// algebra takes CuTe's answer, checked to be the composed function (the typed layer's
    /// documented difference)
    refused_lawful: usize,
}

impl Tally {
    fn total(&self) -> usize {
        self.values
            + self.errors
            + self.refused_both
            + self.refused_beyond
            + self.refused_capacity
            + self.refused_lawful
    }
}

/// Runs a staged program on the operands' values: its results, or its error. Every
/// program the tests stage is also one whose fast path skips only checks (which the typed
/// operations assert at compile time for their own programs).
fn execute(
    program: &super::program::Program,
    operands: &[Vec<i64>],
) -> Result<[i64; DYN_CAPACITY], Error> {
    assert!(program.fast_path_is_sound(), "{program:?}");
    let stored: Vec<[i64; DYN_CAPACITY]> = operands.iter().map(|v| store(v)).collect();
    let refs: Vec<&[i64; DYN_CAPACITY]> = stored.iter().collect();
    run(program, &refs)
}

/// Compares a staged operation with the run-time one; `Err` describes a mismatch.
fn compare_layout(
    tally: &mut Tally,
    staged: Result<StagedLayout, Error>,
    operands: &[Vec<i64>],
    want: Result<Layout, Error>,
) -> Result<(), String> {
    let s = match staged {
        Err(e) => return refused(tally, e, want.is_ok()),
        Ok(s) => s,
    };
    let got = execute(&s.program, operands);
    assert_eq!(s.program.outputs(), super::value::layout_values(&s.form));
    let got = got.map(|vals| fill_layout(&s.form, &vals));
    if got != want {
        return Err(std::format!("staged {got:?}, run-time {want:?}"));
    }
    if want.is_ok() {
        tally.values += 1;
    } else {
        tally.errors += 1;
    }
    Ok(())
}

fn compare_tuple(
    tally: &mut Tally,
    staged: Result<StagedTuple, Error>,
    operands: &[Vec<i64>],
    want: Result<IntTuple, Error>,
) -> Result<(), String> {
    let s = match staged {
        Err(e) => return refused(tally, e, want.is_ok()),
        Ok(s) => s,
    };
    let got = execute(&s.program, operands).map(|vals| fill_tuple(&s.form, &vals));
    if got != want {
        return Err(std::format!("staged {got:?}, run-time {want:?}"));
    }
    if want.is_ok() {
        tally.values += 1;
    } else {
        tally.errors += 1;
    }
    Ok(())
}

/// A form refused at staging: the run-time algebra must refuse it too, unless CuTe
/// refuses it for every value (a dynamic stride in a complement of rank 2 or more, the
/// ranks of a rank product).
fn refused(tally: &mut Tally, e: Error, runtime_ok: bool) -> Result<(), String> {
    if !runtime_ok {
        tally.refused_both += 1;
        return Ok(());
    }
    if let Error::Capacity { capacity, .. } = e
        && capacity == MAX_OPS
    {
        tally.refused_capacity += 1;
        return Ok(());
    }
    let cute_refuses = e == NEEDS_STATIC_STRIDES
        || e.message()
            .starts_with("typed: blocked_product/raked_product");
    if cute_refuses {
        tally.refused_beyond += 1;
        return Ok(());
    }
    Err(std::format!(
        "staging refused ({e}) what the run-time algebra computes"
    ))
}

/// Runs `case` on `CASES` values of `strategy`; answers the tally, having checked that
/// every case ran and was counted.
fn check<S: Strategy>(
    strategy: S,
    case: impl Fn(&mut Tally, S::Value) -> Result<(), String>,
) -> Tally
where
    S::Value: std::fmt::Debug,
{
    let tally = RefCell::new(Tally::default());
    let ran = crate::strategies::run_counted(CASES, strategy, |v| {
        let desc = std::format!("{v:?}");
        case(&mut tally.borrow_mut(), v)
            .map(|()| true)
            .map_err(|m| TestCaseError::fail(std::format!("{desc}: {m}")))
    })
    .ran;
    let tally = tally.into_inner();
    std::eprintln!("typed against run-time, {ran} cases: {tally:?}");
    // every comparison of every case is counted once
    assert!(tally.total() >= ran, "{tally:?}");
    tally
}

/// The same layout with every stride static.
fn static_strides(l: &Layout) -> Layout {
    Layout::new(*l.shape_ref(), l.stride_ref().to_static())
}

#[test]
fn coalesce_is_the_run_time_coalesce() {
    let t = check(layout(LayoutParams::default()), |t, l| {
        compare_layout(
            t,
            ops::stage_coalesce(&l),
            &[layout_values(&l)],
            l.try_coalesce(),
        )
    });
    assert!(t.values > 900, "{t:?}");
}

#[test]
fn composition_is_the_run_time_composition() {
    // exact pairs, and the same pairs with B's strides shifted (failed conditions)
    let t = check(
        (composable_pair(LayoutParams::default()), 0..3i64),
        |t, ((a, b), shift)| {
            let b = if shift == 0 {
                b
            } else {
                let mut s = *b.stride_ref();
                for i in 0..s.leaf_count() {
                    let x = s.leaf(i);
                    s.set_leaf(i, Int::new(x.value() + shift, x.is_static()));
                }
                Layout::new(*b.shape_ref(), s)
            };
            let ops = [layout_values(&a), layout_values(&b)];
            let want = a.try_composition(&b);
            match compare_layout(t, ops::stage_composition(&a, &b), &ops, want) {
                // refused by the divisibility conditions, and CuTe's answer checked lawful
                // and taken at run time (the typed layer keeps the refusal, see the module
                // docs)
                Err(why)
                    if why.contains("divisibility")
                        && want.is_ok()
                        && a.try_composition_as_cute(&b) == want =>
                {
                    t.refused_lawful += 1;
                    Ok(())
                }
                r => r,
            }
        },
    );
    assert!(t.values > 500 && t.errors > 50, "{t:?}");
}

/// A tuple tiler of `l`'s rank made of the modes of `t` (a layout of that rank), or the
/// layout `t` itself.
fn tilers(l: &Layout, t: &Layout) -> Vec<Tiler> {
    let mut v = std::vec![Tiler::layout(*t)];
    if t.rank() == l.rank() && !t.shape_ref().is_leaf() {
        let modes: Vec<Tiler> = (0..t.rank()).map(|i| Tiler::layout(t.mode(i))).collect();
        v.push(Tiler::tuple(&modes));
        // integers for the modes that are compact
        let shapes: Vec<Tiler> = (0..t.rank())
            .map(|i| {
                let m = t.mode(i);
                match (m.shape_ref().as_int(), m.stride_ref().as_int()) {
                    (Some(s), Some(d)) if d.is_constant(1) => Tiler::try_integer(s).unwrap(),
                    _ => Tiler::layout(m),
                }
            })
            .collect();
        v.push(Tiler::tuple(&shapes));
    }
    v
}

fn tiler_values(t: &Tiler) -> Vec<i64> {
    layout_values(t.inner_layout())
}

#[test]
fn divides_and_tiler_compositions_are_the_run_time_ones() {
    let t = check(divisible_tiler(LayoutParams::default()), |t, (l, tl)| {
        for tiler in tilers(&l, &tl) {
            let ops = [layout_values(&l), tiler_values(&tiler)];
            compare_layout(
                t,
                ops::stage_logical_divide(&l, &tiler),
                &ops,
                l.try_logical_divide(&tiler),
            )?;
            compare_layout(
                t,
                ops::stage_zipped_divide(&l, &tiler),
                &ops,
                l.try_zipped_divide(&tiler),
            )?;
            compare_layout(
                t,
                ops::stage_composition_tiler(&l, &tiler),
                &ops,
                l.try_composition_tiler(&tiler),
            )?;
        }
        Ok(())
    });
    assert!(t.values > 2000, "{t:?}");
}

#[test]
fn complement_is_the_run_time_complement() {
    let t = check(
        (
            complementable(ShapeParams::default(), 3),
            proptest::bool::ANY,
        ),
        |t, ((l, c), fix)| {
            let l = if fix { static_strides(&l) } else { l };
            let mut cv = Vec::new();
            tuple_values(&c, &mut cv);
            let ops = [layout_values(&l), cv];
            compare_layout(t, ops::stage_complement(&l, &c), &ops, l.try_complement(&c))
        },
    );
    assert!(t.values > 500 && t.refused_beyond > 50, "{t:?}");
}

#[test]
fn complement_of_any_layout_is_the_run_time_complement() {
    // arbitrary strides: negative, zero, overlapping (errors and garbage-free refusals)
    let t = check(layout(LayoutParams::default()), |t, l| {
        let l = static_strides(&l);
        let c = IntTuple::dynamic(l.cosize().value().max(1) * 2);
        let ops = [layout_values(&l), std::vec![c.leaf(0).value()]];
        compare_layout(t, ops::stage_complement(&l, &c), &ops, l.try_complement(&c))
    });
    assert!(t.values > 100 && t.errors + t.refused_both > 100, "{t:?}");
}

#[test]
fn right_inverse_is_the_run_time_right_inverse() {
    let t = check(
        (
            injective_layout(ShapeParams::default(), 2),
            layout(LayoutParams::default()),
        ),
        |t, (a, b)| {
            compare_layout(
                t,
                ops::stage_right_inverse(&a),
                &[layout_values(&a)],
                a.try_right_inverse(),
            )?;
            compare_layout(
                t,
                ops::stage_right_inverse(&b),
                &[layout_values(&b)],
                b.try_right_inverse(),
            )
        },
    );
    assert!(t.values > 1500, "{t:?}");
}

#[test]
fn products_are_the_run_time_products() {
    let small = ShapeParams {
        max_leaves: 4,
        max_size: 64,
        ..ShapeParams::default()
    };
    let t = check(
        (
            injective_layout(small, 2),
            injective_layout(small, 2),
            proptest::bool::ANY,
        ),
        |t, (a, b, fix)| {
            let a = if fix { static_strides(&a) } else { a };
            let ops = [layout_values(&a), layout_values(&b)];
            let tiler = Tiler::layout(b);
            compare_layout(
                t,
                ops::stage_logical_product(&a, &tiler),
                &ops,
                a.try_logical_product(&tiler),
            )?;
            for tiler in tilers(&a, &b).into_iter().skip(1) {
                let ops = [layout_values(&a), tiler_values(&tiler)];
                compare_layout(
                    t,
                    ops::stage_logical_product(&a, &tiler),
                    &ops,
                    a.try_logical_product(&tiler),
                )?;
            }
            compare_layout(
                t,
                ops::stage_blocked_product(&a, &b),
                &ops,
                a.try_blocked_product(&b),
            )?;
            compare_layout(
                t,
                ops::stage_raked_product(&a, &b),
                &ops,
                a.try_raked_product(&b),
            )
        },
    );
    assert!(t.values > 1500 && t.refused_beyond > 50, "{t:?}");
}

#[test]
fn coordinates_are_the_run_time_coordinates() {
    let t = check(
        (
            layout(LayoutParams::default()),
            0..5000i64,
            proptest::bool::ANY,
        ),
        |t, (l, i, fix)| {
            let idx = if fix {
                IntTuple::constant(i)
            } else {
                IntTuple::dynamic(i)
            };
            let (s, d) = (*l.shape_ref(), *l.stride_ref());
            let mut iv = Vec::new();
            tuple_values(&idx, &mut iv);
            let mut sv = Vec::new();
            tuple_values(&s, &mut sv);
            let mut dv = Vec::new();
            tuple_values(&d, &mut dv);
            compare_tuple(
                t,
                ops::stage_idx2crd(&idx, &s),
                &[iv.clone(), sv.clone()],
                crate::try_idx2crd(&idx, &s),
            )?;
            compare_tuple(
                t,
                ops::stage_crd2idx(&idx, &s, &d),
                &[iv.clone(), sv.clone(), dv],
                crate::try_crd2idx(&idx, &s, &d).map(IntTuple::from_int),
            )?;
            // a hierarchical coordinate
            if let Ok(c) = crate::try_idx2crd(&idx, &s) {
                let mut cv = Vec::new();
                tuple_values(&c, &mut cv);
                compare_tuple(
                    t,
                    ops::stage_layout_crd2idx(&l, &c),
                    &[layout_values(&l), cv],
                    l.try_crd2idx(&c).map(IntTuple::from_int),
                )?;
            }
            Ok(())
        },
    );
    assert!(t.values > 2500, "{t:?}");
}

#[test]
fn shapes_with_zero_and_negative_extents_fail_as_at_run_time() {
    // tuples are not validated: idx2crd and crd2idx by a zero extent divide by zero
    let t = check(
        (
            shape(ShapeParams::default()),
            0..4usize,
            -2..1i64,
            0..100i64,
        ),
        |t, (s, k, bad, i)| {
            let mut s = s;
            let k = k % s.leaf_count();
            let x = s.leaf(k);
            s.set_leaf(k, Int::new(bad, x.is_static()));
            let idx = IntTuple::dynamic(i);
            let mut sv = Vec::new();
            tuple_values(&s, &mut sv);
            compare_tuple(
                t,
                ops::stage_idx2crd(&idx, &s),
                &[std::vec![i], sv],
                crate::try_idx2crd(&idx, &s),
            )
        },
    );
    assert!(t.errors > 50 && t.values > 50, "{t:?}");
}

// ------------------------------------------------------------------ the golden cases

/// `f(a, b, c)` as `f` and its top-level arguments; `None` for template forms.
fn split_call(expr: &str) -> Option<(&str, Vec<&str>)> {
    let open = expr.find('(')?;
    let name = expr[..open].trim();
    if name.contains('<') || !expr.trim_end().ends_with(')') {
        return None;
    }
    let inner = &expr[open + 1..expr.trim_end().len() - 1];
    let mut args = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                args.push(inner[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    args.push(inner[start..].trim());
    Some((name, args))
}

/// A golden case's argument, written in CuTe notation: a layout, an integer tuple, or a
/// tiler (a tuple of layouts); `None` for anything else the language evaluates.
#[derive(Clone, Copy)]
#[allow(clippy::large_enum_variant)]
enum Operand {
    Layout(Layout),
    Tuple(IntTuple),
    Tiler(Tiler),
}

impl Operand {
    /// The argument `text`: a literal, or a layout built by `make_layout` (from a shape,
    /// a shape and a stride or a major, or layouts concatenated), as CuTe builds it.
    fn parse(text: &str) -> Option<Operand> {
        if let Ok(l) = Layout::try_parse(text) {
            return Some(Operand::Layout(l));
        }
        if let Some(("make_layout", args)) = split_call(text) {
            if args.iter().all(|a| Layout::try_parse(a).is_ok()) {
                let ls: Vec<Layout> = args.iter().map(|a| Layout::parse(a)).collect();
                return Layout::try_concat(&ls).ok().map(Operand::Layout);
            }
            let shape = IntTuple::try_parse(args[0]).ok()?;
            let l = match args.get(1..)? {
                [] => Layout::try_from_shape(shape),
                ["LayoutLeft"] => Layout::try_with_major(shape, crate::Major::Left),
                ["LayoutRight"] => Layout::try_with_major(shape, crate::Major::Right),
                [stride] => Layout::try_new(shape, IntTuple::try_parse(stride).ok()?),
                _ => return None,
            };
            return l.ok().map(Operand::Layout);
        }
        if let Ok(t) = IntTuple::try_parse(text) {
            return Some(Operand::Tuple(t));
        }
        Tiler::try_parse(text).ok().map(Operand::Tiler)
    }

    /// Whether a form can hold it: integers only, no `_`, no scaled basis elements.
    fn integers(&self) -> bool {
        match self {
            Operand::Tuple(t) => !t.has_underscore() && !t.has_basis(),
            Operand::Layout(l) => !l.has_basis_strides(),
            Operand::Tiler(t) => !has_underscore(t),
        }
    }

    fn tiler(&self) -> Option<Tiler> {
        match self {
            Operand::Layout(l) => Some(Tiler::layout(*l)),
            Operand::Tuple(t) => Tiler::try_from_shape(t).ok(),
            Operand::Tiler(t) => Some(*t),
        }
    }
}

/// Whether a tiler has `_` among its elements, at any depth.
fn has_underscore(t: &Tiler) -> bool {
    match t.kind() {
        crate::algebra::TilerKind::Underscore => true,
        crate::algebra::TilerKind::Tuple => {
            (0..t.rank()).any(|i| t.try_element(i).is_ok_and(|e| has_underscore(&e)))
        }
        _ => false,
    }
}

/// A staged golden case: the result's printed form, or the error (a refusal at staging
/// is `Err(Ok(error))`, an error of the program `Err(Err(error))`).
type Typed = Result<String, Result<Error, Error>>;

fn run_layout(s: Result<StagedLayout, Error>, operands: &[Vec<i64>]) -> Option<Typed> {
    let s = match s {
        Err(e) => return Some(Err(Ok(e))),
        Ok(s) => s,
    };
    Some(match execute(&s.program, operands) {
        Ok(vals) => Ok(fill_layout(&s.form, &vals).to_string()),
        Err(e) => Err(Err(e)),
    })
}

fn run_tuple(s: Result<StagedTuple, Error>, operands: &[Vec<i64>]) -> Option<Typed> {
    let s = match s {
        Err(e) => return Some(Err(Ok(e))),
        Ok(s) => s,
    };
    Some(match execute(&s.program, operands) {
        Ok(vals) => Ok(fill_tuple(&s.form, &vals).to_string()),
        Err(e) => Err(Err(e)),
    })
}

fn tuple_operand(t: &IntTuple) -> Vec<i64> {
    let mut v = Vec::new();
    tuple_values(t, &mut v);
    v
}

/// The golden case `expr` staged, for the operations the typed layer has; `None` for the
/// others (and for arguments a form cannot hold). With it, the run-time algebra's answer
/// to the same call, as the language computes it (the golden replay holds that to
/// CuTe's).
fn stage_golden(expr: &str) -> Option<(Typed, Result<String, Error>)> {
    let (name, args) = split_call(expr)?;
    let vals: Vec<Operand> = args
        .iter()
        .map(|a| Operand::parse(a))
        .collect::<Option<_>>()?;
    if !vals.iter().all(Operand::integers) {
        return None;
    }
    let lay = |i: usize| match vals.get(i) {
        Some(Operand::Layout(l)) => Some(*l),
        _ => None,
    };
    let tup = |i: usize| match vals.get(i) {
        Some(Operand::Tuple(t)) => Some(*t),
        _ => None,
    };
    let til = |i: usize| vals.get(i).and_then(Operand::tiler);
    let lv = |l: &Layout| layout_values(l);
    let text = |r: Result<Layout, Error>| r.map(|l| l.to_string());
    let int = |r: Result<Int, Error>| r.map(|i| i.to_string());
    Some(match (name, vals.len()) {
        ("coalesce", 1) => {
            let a = lay(0)?;
            (
                run_layout(ops::stage_coalesce(&a), &[lv(&a)])?,
                text(a.try_coalesce()),
            )
        }
        ("composition", 2) => {
            let a = lay(0)?;
            if let Some(b) = lay(1) {
                return Some((
                    run_layout(ops::stage_composition(&a, &b), &[lv(&a), lv(&b)])?,
                    text(a.try_composition(&b)),
                ));
            }
            let t = til(1)?;
            (
                run_layout(
                    ops::stage_composition_tiler(&a, &t),
                    &[lv(&a), tiler_values(&t)],
                )?,
                text(a.try_composition_tiler(&t)),
            )
        }
        ("complement", 2) => {
            let (a, c) = (lay(0)?, tup(1)?);
            (
                run_layout(ops::stage_complement(&a, &c), &[lv(&a), tuple_operand(&c)])?,
                text(a.try_complement(&c)),
            )
        }
        ("right_inverse", 1) => {
            let a = lay(0)?;
            (
                run_layout(ops::stage_right_inverse(&a), &[lv(&a)])?,
                text(a.try_right_inverse()),
            )
        }
        ("logical_divide" | "zipped_divide" | "logical_product", 2) => {
            let (a, t) = (lay(0)?, til(1)?);
            let (staged, runtime) = match name {
                "logical_divide" => (ops::stage_logical_divide(&a, &t), a.try_logical_divide(&t)),
                "zipped_divide" => (ops::stage_zipped_divide(&a, &t), a.try_zipped_divide(&t)),
                _ => (
                    ops::stage_logical_product(&a, &t),
                    a.try_logical_product(&t),
                ),
            };
            (
                run_layout(staged, &[lv(&a), tiler_values(&t)])?,
                text(runtime),
            )
        }
        ("blocked_product" | "raked_product", 2) => {
            let (a, b) = (lay(0)?, lay(1)?);
            let (staged, runtime) = if name == "blocked_product" {
                (
                    ops::stage_blocked_product(&a, &b),
                    a.try_blocked_product(&b),
                )
            } else {
                (ops::stage_raked_product(&a, &b), a.try_raked_product(&b))
            };
            (run_layout(staged, &[lv(&a), lv(&b)])?, text(runtime))
        }
        ("size" | "cosize", 1) => {
            let a = lay(0)?;
            let (staged, runtime) = if name == "size" {
                (ops::stage_size(&a), a.try_size())
            } else {
                (ops::stage_cosize(&a), a.try_cosize())
            };
            (run_tuple(staged, &[lv(&a)])?, int(runtime))
        }
        ("idx2crd", 2) => {
            let (i, s) = (tup(0)?, tup(1)?);
            (
                run_tuple(
                    ops::stage_idx2crd(&i, &s),
                    &[tuple_operand(&i), tuple_operand(&s)],
                )?,
                crate::try_idx2crd(&i, &s).map(|c| c.to_string()),
            )
        }
        ("crd2idx", 3) => {
            let (c, s, d) = (tup(0)?, tup(1)?, tup(2)?);
            (
                run_tuple(
                    ops::stage_crd2idx(&c, &s, &d),
                    &[tuple_operand(&c), tuple_operand(&s), tuple_operand(&d)],
                )?,
                crate::try_crd2idx_arith(&c, &s, &d).map(|i| i.to_string()),
            )
        }
        _ => return None,
    })
}

/// Every golden case of an operation the typed layer has (answered by CuTe C++), staged
/// and run on its values: the typed answer is the run-time algebra's (which the golden
/// replay holds to CuTe's, through the language), error for error; a form refused at staging is one the
/// run-time algebra refuses too, or one CuTe refuses (its answer is `error`).
#[test]
fn golden_cases_through_the_typed_layer() {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    let (mut staged, mut same_as_cute, mut errors, mut refused, mut cute_refuses) = (0, 0, 0, 0, 0);
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let case: serde_json::Value = serde_json::from_str(line).unwrap();
            let (Some(expr), Some(out)) = (case["expr"].as_str(), case["out"].as_str()) else {
                continue;
            };
            let Some((typed, runtime)) = stage_golden(expr) else {
                continue;
            };
            match (&typed, &runtime) {
                (Ok(t), Ok(r)) => {
                    assert_eq!(t, r, "{expr}");
                    staged += 1;
                    same_as_cute += usize::from(t == out);
                }
                (Err(Err(_)), Err(_)) => errors += 1,
                (Err(Ok(_)), Err(_)) => refused += 1,
                (Err(Ok(e)), Ok(r)) => {
                    let cute = *e == NEEDS_STATIC_STRIDES
                        || e.message()
                            .starts_with("typed: blocked_product/raked_product");
                    assert!(
                        cute && out == "error",
                        "{expr}: refused ({e}), run-time {r}, CuTe {out}"
                    );
                    cute_refuses += 1;
                }
                _ => panic!("{expr}: typed {typed:?}, run-time {runtime:?}"),
            }
        }
    }
    std::eprintln!(
        "golden through typed: {staged} staged ({same_as_cute} printed as CuTe), {errors} errors, {refused} refused with the run-time algebra, {cute_refuses} refused as CuTe"
    );
    assert!(
        staged > 1000 && same_as_cute > 900,
        "{staged} {same_as_cute}"
    );
    assert!(errors + refused > 50 && cute_refuses > 5);
}

/// What the compile-time refusals of the module documentation refuse with.
#[test]
fn refusals_name_the_condition() {
    use crate::{int_tuple, layout};
    let c = ops::stage_complement(&layout!((2,4):(3,1)), &int_tuple!(24));
    assert_eq!(c.err(), Some(NEEDS_STATIC_STRIDES));
    let c = ops::stage_composition(&layout!((_8,_8):(_8,_1)), &layout!(_4:_3));
    assert_eq!(
        c.err().map(|e| e.message()),
        Some(crate::algebra::composition::STRONG_STRIDE)
    );
    // the same composition with dynamic values is checked when it runs
    let (a, b) = (layout!((8,8):(8,1)), layout!(4:3));
    let s = ops::stage_composition(&a, &b).unwrap();
    let ran = execute(&s.program, &[layout_values(&a), layout_values(&b)]);
    assert_eq!(ran.err(), a.try_composition(&b).err());
}

/// The fast path of a typed operation skips the complement's covering check where every
/// division is exact, and runs the program again, every check included, where one is not:
/// over a grid of values where the divisions are exact, inexact and covered, and inexact
/// and not covered, the typed complement and logical product answer what the run-time
/// ones answer, errors included.
#[test]
fn screened_checks_answer_what_the_run_time_algebra_answers() {
    use crate::typed::{TypedLayout, TypedTiler, TypedTuple};
    crate::layout_form!(Holes = (2,2):(_1,_3));
    crate::tuple_form!(Target = 24);
    crate::layout_form!(Rows = (2,2):(_1,_4));
    crate::tiler_form!(Repeat = (2,2):(1,2));
    let (mut values, mut errors, mut exact_path) = (0, 0, 0);
    for s0 in 1..=6i64 {
        for s1 in 1..=4i64 {
            let lay = |s: std::string::String| s.parse::<Layout>().unwrap();
            let a = lay(std::format!("({s0},{s1}):(_1,_3)"));
            let ta = TypedLayout::<Holes>::try_from_layout(&a).unwrap();
            for c in 1..=48i64 {
                let cot = IntTuple::from(Int::dynamic(c));
                let tc = TypedTuple::<Target>::try_from_tuple(&cot).unwrap();
                let want = a.try_complement(&cot);
                let got = ta.try_complement(&tc).map(|l| l.to_layout());
                assert_eq!(got, want, "complement({a}, {c})");
                values += usize::from(want.is_ok());
                errors += usize::from(want.is_err());
                // the divisions 3 / s0 (the first stride over the first extent)
                exact_path += usize::from(3 % s0 != 0);
            }
            let rows = lay(std::format!("({s0},{s1}):(_1,_4)"));
            let tr = TypedLayout::<Rows>::try_from_layout(&rows).unwrap();
            for (b0, b1) in [(1, 2), (2, 1), (3, 1), (1, 1)] {
                let t = Tiler::layout(lay(std::format!("(2,2):({b0},{b1})")));
                let tt = TypedTiler::<Repeat>::try_from_tiler(&t).unwrap();
                let want = rows.try_logical_product(&t);
                let got = tr.try_logical_product(&tt).map(|l| l.to_layout());
                assert_eq!(got, want, "logical_product({rows}, {t:?})");
                values += usize::from(want.is_ok());
                errors += usize::from(want.is_err());
            }
        }
    }
    assert_eq!(values + errors, 6 * 4 * (48 + 4));
    assert!(
        values > 300 && errors > 100 && exact_path > 500,
        "{values} {errors} {exact_path}"
    );
}

/// The injectivity checks of a complement's divisions of static strides are lazy where a
/// screen follows (a quotient of 0 leaves a remainder): over extents that make each of the
/// three divisions of a thread-value layout's complement exact, inexact, or 0 (the
/// non-injective error), the typed complement and logical product answer what the
/// run-time ones answer, errors included, on the fast path and where it defers.
#[test]
fn lazy_injectivity_checks_answer_what_the_run_time_algebra_answers() {
    use crate::typed::{TypedLayout, TypedTiler, TypedTuple};
    crate::layout_form!(Tv = ((4,8),(2,4)):((_128,_1),(_8,_32)));
    crate::tuple_form!(Target = 4096);
    crate::layout_form!(Threads = (16,8):(_1,_16));
    crate::tiler_form!(Repeat = (2,4):(4,1));
    let lay = |s: std::string::String| s.parse::<Layout>().unwrap();
    let (mut cases, mut values, mut injective) = (0, 0, 0);
    let mut tally = |want: &Result<Layout, Error>| {
        cases += 1;
        values += usize::from(want.is_ok());
        injective += usize::from(matches!(
            want,
            Err(Error::Precondition { msg, .. }) if msg.contains("injective")
        ));
    };
    for s1 in [1, 3, 8, 9] {
        for s2 in [1, 2, 3, 5] {
            for s3 in [1, 2, 4, 5] {
                for s0 in [2, 4] {
                    let a = lay(std::format!(
                        "(({s0},{s1}),({s2},{s3})):((_128,_1),(_8,_32))"
                    ));
                    let ta = TypedLayout::<Tv>::try_from_layout(&a).unwrap();
                    for c in [4096, 4000, 64] {
                        let cot = IntTuple::from(Int::dynamic(c));
                        let tc = TypedTuple::<Target>::try_from_tuple(&cot).unwrap();
                        let want = a.try_complement(&cot);
                        let got = ta.try_complement(&tc).map(|l| l.to_layout());
                        assert_eq!(got, want, "complement({a}, {c})");
                        tally(&want);
                    }
                }
            }
        }
    }
    for s0 in 1..=20i64 {
        for s1 in 1..=3i64 {
            let a = lay(std::format!("({s0},{s1}):(_1,_16)"));
            let ta = TypedLayout::<Threads>::try_from_layout(&a).unwrap();
            for (b0, b1) in [(2, 4), (3, 1), (1, 2)] {
                let t = Tiler::layout(lay(std::format!("({b0},{b1}):(4,1)")));
                let tt = TypedTiler::<Repeat>::try_from_tiler(&t).unwrap();
                let want = a.try_logical_product(&t);
                let got = ta.try_logical_product(&tt).map(|l| l.to_layout());
                assert_eq!(got, want, "logical_product({a}, {t:?})");
                tally(&want);
            }
        }
    }
    // an operation after a skipped injectivity check, and before the screen, overflows:
    // the first error is still the injectivity check's
    for (s0, s2) in [
        (25, i64::MAX),
        (25, i64::MAX / 4),
        (2, i64::MAX),
        (9, 1 << 62),
    ] {
        let a = lay(std::format!("(({s0},25),({s2},1)):((_128,_1),(_8,_32))"));
        let ta = TypedLayout::<Tv>::try_from_layout(&a).unwrap();
        let cot = IntTuple::from(Int::dynamic(1));
        let tc = TypedTuple::<Target>::try_from_tuple(&cot).unwrap();
        let want = a.try_complement(&cot);
        let got = ta.try_complement(&tc).map(|l| l.to_layout());
        assert_eq!(got, want, "complement({a}, 1)");
        tally(&want);
    }
    assert_eq!(cases, 4 * 4 * 4 * 2 * 3 + 20 * 3 * 3 + 4);
    assert!(
        values > 100 && injective > 50,
        "{cases} cases: {values} values, {injective} non-injective"
    );
}

/// Where a screen does not hold, the error is the first one the run-time algebra finds,
/// even where an operation after the skipped check fails on the fast path: products whose
/// complement does not cover its cotarget, by tilers of any strides (zero and negative
/// included, which make the composition after the complement fail too).
#[test]
fn screened_products_report_the_first_error() {
    use crate::typed::{TypedLayout, TypedTiler};
    crate::layout_form!(R3 = (2,2):(_1,_3));
    crate::layout_form!(R5 = (2,2):(_1,_5));
    crate::tiler_form!(T = (2,2):(1,2));
    let lay = |s: std::string::String| s.parse::<Layout>().unwrap();
    let (mut cases, mut uncovered) = (0, 0);
    macro_rules! products {
        ($form:ty, $k:expr) => {
            for s0 in 1..=6i64 {
                for s1 in 1..=3i64 {
                    let a = lay(std::format!("({s0},{s1}):(_1,_{})", $k));
                    let ta = TypedLayout::<$form>::try_from_layout(&a).unwrap();
                    for b0 in -3..=4i64 {
                        for b1 in -3..=4i64 {
                            let t = Tiler::layout(lay(std::format!("(3,2):({b0},{b1})")));
                            let tt = TypedTiler::<T>::try_from_tiler(&t).unwrap();
                            let want = a.try_logical_product(&t);
                            let got = ta.try_logical_product(&tt).map(|l| l.to_layout());
                            assert_eq!(got, want, "logical_product({a}, {t:?})");
                            cases += 1;
                            uncovered += usize::from(matches!(
                                want,
                                Err(Error::Precondition { msg, .. }) if msg.contains("does not cover")
                            ));
                        }
                    }
                }
            }
        };
    }
    products!(R3, 3);
    products!(R5, 5);
    assert_eq!(cases, 2 * 6 * 3 * 8 * 8);
    assert!(uncovered > 200, "{uncovered}");
}

/// The guard of composition's carry and sign checks: where every mode of the left layout
/// but the last has extent 1 and no stride of the right one is negative, the fast path
/// skips them (they are sure to pass); elsewhere it runs them. Either way the answer, or
/// the first error, is the run-time algebra's: over layouts with modes of extent 1 and
/// not, and tilers of every sign, the carry errors included.
#[test]
fn guarded_checks_answer_what_the_run_time_algebra_answers() {
    use crate::typed::TypedLayout;
    crate::layout_form!(A3 = (4,4,4):(1,4,16));
    crate::layout_form!(B2 = (2,2):(1,2));
    let lay = |s: std::string::String| s.parse::<Layout>().unwrap();
    let (mut cases, mut skipped, mut carries, mut signs, mut lawful) = (0, 0, 0, 0, 0);
    for (s0, s1) in [(1, 1), (1, 2), (2, 1), (3, 1), (1, 3), (2, 2)] {
        for (d0, d1, d2) in [(1, 1, 4), (1, 2, 8), (2, 1, 16), (1, 4, 4), (2, 8, 16)] {
            let a = lay(std::format!("({s0},{s1},4):({d0},{d1},{d2})"));
            let ta = TypedLayout::<A3>::try_from_layout(&a).unwrap();
            for (n0, n1) in [(1, 2), (2, 2), (3, 2), (2, 3)] {
                for r0 in -2..=4i64 {
                    for r1 in -2..=4i64 {
                        let b = lay(std::format!("({n0},{n1}):({r0},{r1})"));
                        let tb = TypedLayout::<B2>::try_from_layout(&b).unwrap();
                        let want = a.try_composition(&b);
                        let got = ta.try_composition(&tb).map(|l| l.to_layout());
                        if let (Err(Error::Precondition { msg, .. }), Ok(r)) = (&got, &want) {
                            // refused by rcute's conditions, CuTe's answer checked lawful
                            // and taken at run time; a typed result keeps the structure its
                            // type gives it, so the typed layer keeps the refusal
                            assert!(msg.contains("divisibility"), "composition({a}, {b})");
                            assert_eq!(Ok(*r), a.try_composition_as_cute(&b));
                            lawful += 1;
                        } else {
                            assert_eq!(got, want, "composition({a}, {b})");
                        }
                        cases += 1;
                        skipped += usize::from(s0 == 1 && s1 == 1 && r0 >= 0 && r1 >= 0);
                        if let Err(Error::Precondition { msg, .. }) = &want {
                            carries += usize::from(*msg == crate::algebra::carry::CARRY);
                            signs += usize::from(*msg == crate::algebra::carry::MIXED_SIGNS);
                        }
                    }
                }
            }
        }
    }
    assert_eq!(cases, 6 * 5 * 4 * 49);
    std::eprintln!(
        "{cases} compositions: {skipped} with the checks skipped, {carries} carry and {signs} sign errors, {lawful} refused by the typed layer and answered as CuTe at run time"
    );
    assert!(
        skipped > 300 && carries > 100 && signs > 50 && lawful > 0,
        "{skipped} skipped, {carries} carry and {signs} sign errors"
    );
}

/// The guarded carry and sign checks with values at the ends of `i64`: whether a mode
/// continues the one before is decided without overflow, and a reach plus a carry that
/// overflows is the run-time check's error, so the typed composition answers what the
/// run-time one answers (`composition((4,16,10):(1,4096,-9223372036854775748),
/// (16,16):(_1,_2))` answered an overflow where the carry error comes first).
#[test]
fn carry_checks_at_the_ends_of_i64_answer_what_the_run_time_algebra_answers() {
    use crate::typed::TypedLayout;
    crate::layout_form!(A3 = (4,4,4):(1,4,16));
    crate::layout_form!(B2 = (2,2):(1,2));
    crate::layout_form!(S2 = (2,2):(_1,_2));
    let lay = |s: std::string::String| s.parse::<Layout>().unwrap();
    let big: [i64; 4] = [1 << 40, 1 << 62, i64::MAX - 3, -(i64::MAX - 59)];
    let (mut cases, mut carries, mut overflows) = (0, 0, 0);
    let mut tally = |want: &Result<Layout, Error>| {
        cases += 1;
        if let Err(Error::Precondition { msg, .. }) = want {
            carries += usize::from(*msg == crate::algebra::carry::CARRY);
        }
        overflows += usize::from(matches!(want, Err(Error::Overflow { .. })));
    };
    for (s0, s1, s2) in [(4, 16, 10), (1, 1, 4), (2, 3, 5)] {
        for d1 in [4i64, 4096, 1 << 40] {
            for d2 in [16, big[1], big[2], big[3]] {
                let a = lay(std::format!("({s0},{s1},{s2}):(1,{d1},{d2})"));
                let ta = TypedLayout::<A3>::try_from_layout(&a).unwrap();
                let b = lay("(16,16):(_1,_2)".into());
                let tb = TypedLayout::<S2>::try_from_layout(&b).unwrap();
                let want = a.try_composition(&b);
                assert_eq!(
                    ta.try_composition(&tb).map(|l| l.to_layout()),
                    want,
                    "composition({a}, {b})"
                );
                tally(&want);
                for r0 in [1i64, 2, big[0], big[1], -big[1]] {
                    for r1 in [1, big[1], big[2]] {
                        let b = lay(std::format!("(16,16):({r0},{r1})"));
                        let tb = TypedLayout::<B2>::try_from_layout(&b).unwrap();
                        let want = a.try_composition(&b);
                        let got = ta.try_composition(&tb).map(|l| l.to_layout());
                        assert_eq!(got, want, "composition({a}, {b})");
                        tally(&want);
                    }
                }
            }
        }
    }
    assert_eq!(cases, 3 * 3 * 4 * (1 + 5 * 3));
    assert!(
        carries > 20 && overflows > 20,
        "{cases} cases: {carries} carry errors, {overflows} overflows"
    );
}
