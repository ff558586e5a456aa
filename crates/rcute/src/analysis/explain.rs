//! The steps of the algebra, as data (`explain`): how coalesce, composition, complement,
//! the inverses, the divides and the products reach their answers, each intermediate
//! layout in CuTe notation.
//!
//! Every explanation ends with the answer of the library's own function (the real
//! `try_composition`, `try_complement`, ...), so an explanation can never disagree with
//! the answer; the steps before it are computed by the same primitives the algorithms
//! use (the composition's stride and shape steps, the complement's sort and divisions),
//! and a test checks, case by case, that the steps assemble the answer. Where a
//! pre-condition fails, the explanation holds the steps up to the failing one, and the
//! error (whose message names the condition and the values) is its result.
//!
//! The printed form ([`Explanation`]'s `Display`) is one line per step:
//!
//! ```text
//! explain logical_divide((_4,_2,_3):(_2,_1,_8), _4:_2)
//! step 1  the cotarget: shape(coalesce(A)) = (_4,_2,_3)
//! step 2  complement(B, (_4,_2,_3)) = (_2,_3):(_1,_8)
//! ...
//! result  ((_2,_2),(_2,_3)):((_4,_1),(_2,_8))
//! ```
//!
//! `step N` numbers the steps; a sub-step (the steps of an operation used inside
//! another) is indented by two spaces per level and numbered within its parent as
//! `N.M`; `title = value` gives the value of the step in CuTe notation, and what follows
//! `--` says why. The last line is `result  R` or `error   <message>`.

mod composition;
mod tiling;

pub use composition::explain_composition;
pub use tiling::{
    explain_blocked_product, explain_flat_divide, explain_flat_product, explain_logical_divide,
    explain_logical_product, explain_raked_product, explain_tiled_divide, explain_tiled_product,
    explain_zipped_divide, explain_zipped_product,
};

use crate::algebra::modes::{Modes, Sink, coalesce_into};
use crate::error::Error;
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

/// One step of an explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// What the step computes, e.g. `complement(B, (_4,_2,_3))`.
    pub title: String,
    /// The value it computes, in CuTe notation (a layout, a tuple, a tiler), if any.
    pub value: Option<String>,
    /// Why, in words (may be empty).
    pub detail: String,
    /// The nesting: 0 for a step of the explained call, 1 for a step of an operation
    /// used inside it, and so on.
    pub level: usize,
}

impl Step {
    /// A top-level step.
    pub fn new(title: impl Into<String>, value: Option<String>, detail: impl Into<String>) -> Step {
        Step {
            title: title.into(),
            value,
            detail: detail.into(),
            level: 0,
        }
    }
}

/// The steps of one call of the algebra and its answer.
///
/// ```
/// use rcute::analysis::explain::explain_coalesce;
/// use rcute::layout;
/// let e = explain_coalesce(&layout!((_2,(_1,_6)):(_1,(_6,_2))));
/// assert_eq!(e.result.unwrap().to_string(), "_12:_1");
/// assert!(e.to_string().ends_with("result  _12:_1\n"));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Explanation {
    /// The call explained, in CuTe notation: `composition((_4,_2):(_2,_1), _4:_2)`.
    pub call: String,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The answer of the library's own function for the call.
    pub result: Result<Layout, Error>,
}

impl Explanation {
    pub(crate) fn new(call: String) -> Explanation {
        Explanation {
            call,
            steps: Vec::new(),
            result: Err(Error::WrongKind {
                msg: "explain: no answer yet",
            }),
        }
    }

    /// Adds a step with a value.
    pub(crate) fn step(
        &mut self,
        title: impl Into<String>,
        value: impl fmt::Display,
        detail: &str,
    ) {
        self.steps
            .push(Step::new(title, Some(value.to_string()), detail));
    }

    /// Adds a step without a value.
    pub(crate) fn note(&mut self, title: impl Into<String>, detail: &str) {
        self.steps.push(Step::new(title, None, detail));
    }

    /// Adds the steps of `sub` one level deeper, each title prefixed with `prefix`.
    pub(crate) fn nest(&mut self, prefix: &str, sub: &Explanation) {
        for s in &sub.steps {
            let mut s = s.clone();
            s.level += 1;
            if !prefix.is_empty() {
                s.title = format!("{prefix}{}", s.title);
            }
            self.steps.push(s);
        }
    }

    /// Ends with the library's answer.
    pub(crate) fn finish(mut self, result: Result<Layout, Error>) -> Explanation {
        self.result = result;
        self
    }

    /// The value of the first step whose title starts with `title`, if any.
    ///
    /// ```
    /// use rcute::analysis::explain::explain_complement;
    /// use rcute::{layout, int_tuple};
    /// let e = explain_complement(&layout!(_4:_2), &int_tuple!(_24));
    /// assert_eq!(e.value_of("the modes sorted by stride"), Some("_4:_2"));
    /// ```
    pub fn value_of(&self, title: &str) -> Option<&str> {
        self.steps
            .iter()
            .find(|s| s.title.starts_with(title))
            .and_then(|s| s.value.as_deref())
    }
}

impl fmt::Display for Explanation {
    /// The printed form: `explain CALL`, one `step` line per step, and `result R` or
    /// `error   MESSAGE` (see the module documentation).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "explain {}", self.call)?;
        // numbers: one counter per level
        let mut numbers: Vec<usize> = Vec::new();
        for s in &self.steps {
            numbers.truncate(s.level + 1);
            while numbers.len() < s.level + 1 {
                numbers.push(0);
            }
            numbers[s.level] += 1;
            let number = numbers
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(".");
            write!(
                f,
                "{:indent$}step {number}  {}",
                "",
                s.title,
                indent = 2 * s.level
            )?;
            if let Some(v) = &s.value {
                write!(f, " = {v}")?;
            }
            if !s.detail.is_empty() {
                write!(f, "  -- {}", s.detail)?;
            }
            writeln!(f)?;
        }
        match &self.result {
            Ok(l) => writeln!(f, "result  {l}"),
            Err(e) => writeln!(f, "error   {e}"),
        }
    }
}

/// The flat modes of `l` (its leaves, in order) as `s:d` pairs.
pub(crate) fn leaf_modes(l: &Layout) -> Vec<(Int, Int)> {
    let (s, d) = (l.shape_ref(), l.stride_ref());
    (0..s.leaf_count())
        .map(|i| (s.leaf(i), d.leaf(i)))
        .collect()
}

/// A list of modes as one flat layout in CuTe notation (`(s0,s1):(d0,d1)`, or `s:d` for
/// one mode, `()` for none).
pub(crate) fn modes_text(modes: &[(Int, Int)]) -> String {
    match modes {
        [] => "()".into(),
        [(s, d)] => format!("{s}:{d}"),
        _ => {
            let s: Vec<String> = modes.iter().map(|m| m.0.to_string()).collect();
            let d: Vec<String> = modes.iter().map(|m| m.1.to_string()).collect();
            format!("({}):({})", s.join(","), d.join(","))
        }
    }
}

/// The flat layout of a list of modes (`_1:_0` for none).
pub(crate) fn modes_layout(modes: &[(Int, Int)]) -> Result<Layout, Error> {
    match modes {
        [] => Ok(Layout::new(IntTuple::constant(1), IntTuple::constant(0))),
        [(s, d)] => Layout::try_new(IntTuple::from_int(*s), IntTuple::from_int(*d)),
        _ => {
            let s: Vec<Int> = modes.iter().map(|m| m.0).collect();
            let d: Vec<Int> = modes.iter().map(|m| m.1).collect();
            Layout::try_new(IntTuple::try_from_ints(&s)?, IntTuple::try_from_ints(&d)?)
        }
    }
}

/// The steps of `coalesce(L)` (CuTe's `bw_coalesce`): the flattened modes, scanned from
/// the last; a static `_1` mode is dropped, and a mode `s:d` merges into the mode `t:e`
/// after it when `t` is static and `s*d == e` is a static truth (CuTe merges only what it
/// can prove at compile time), giving `(s*t):d`.
///
/// ```
/// use rcute::analysis::explain::explain_coalesce;
/// use rcute::layout;
/// let e = explain_coalesce(&layout!((_2,(_1,_6)):(_1,(_6,_2))));
/// assert_eq!(e.value_of("flatten(L)"), Some("(_2,_1,_6):(_1,_6,_2)"));
/// assert_eq!(e.value_of("merge"), Some("_12:_1"));
/// assert_eq!(e.result, Ok(layout!(_12:_1)));
/// ```
pub fn explain_coalesce(l: &Layout) -> Explanation {
    let mut e = Explanation::new(format!("coalesce({l})"));
    let modes = leaf_modes(l);
    e.step(
        "flatten(L)",
        modes_text(&modes),
        "the modes, scanned from the last",
    );
    if let Err(err) = coalesce_steps(&mut e, &modes) {
        e.note("a step fails", &err.to_string());
    }
    e.finish(l.try_coalesce())
}

/// The scan of [`explain_coalesce`] over `modes` (as `algebra::modes::coalesce_scan`
/// without `extend` and `zeros`).
fn coalesce_steps(e: &mut Explanation, modes: &[(Int, Int)]) -> Result<(), Error> {
    let Some(&(mut fs, mut fd)) = modes.last() else {
        return Ok(());
    };
    // the modes already final (kept, in reverse order), and the front mode fs:fd
    let mut done: Vec<(Int, Int)> = Vec::new();
    let show = |done: &[(Int, Int)], fs: Int, fd: Int| {
        let mut m: Vec<(Int, Int)> = done.iter().rev().copied().collect();
        m.insert(0, (fs, fd));
        modes_text(&m)
    };
    for i in (0..modes.len() - 1).rev() {
        let (s, d) = modes[i];
        if s.is_constant(1) {
            e.step(
                format!("drop mode {i} {s}:{d}"),
                show(&done, fs, fd),
                "a static _1 mode",
            );
            continue;
        }
        if done.is_empty() && fs.is_constant(1) {
            e.step(
                format!("replace the _1 mode by mode {i} {s}:{d}"),
                show(&done, s, d),
                "a static _1 mode",
            );
            (fs, fd) = (s, d);
            continue;
        }
        let p = s.try_mul(d)?;
        let m = p.eq(fd);
        if fs.is_static() && m.is_static() && m.truth() {
            let merged = s.try_mul(fs)?;
            e.step(
                format!("merge mode {i} {s}:{d} into {fs}:{fd}"),
                show(&done, merged, d),
                &format!("{s}*{d} == {fd}: one mode {merged}:{d}"),
            );
            (fs, fd) = (merged, d);
        } else {
            let why = if !fs.is_static() {
                format!("{fs} is dynamic: not provably mergeable")
            } else if !m.is_static() {
                format!("{s}*{d} == {fd} is not known statically")
            } else {
                format!("{s}*{d} = {p} != {fd}")
            };
            done.push((fs, fd));
            e.step(format!("keep {fs}:{fd}"), show(&done, s, d), &why);
            (fs, fd) = (s, d);
        }
    }
    if done.is_empty() && fs.is_constant(1) {
        e.step("only _1 is left", "_1:_0", "the empty layout");
    }
    Ok(())
}

/// The steps of `complement(L, cotarget)`: `filter(L)`, its modes sorted by stride, then
/// for each mode `s:d` in that order the new mode `(d / r):r` where `r` is the extent
/// reached so far (and `r` becomes `d*s`), then the rest of the cotarget from the last
/// extent, and the modes coalesced.
///
/// ```
/// use rcute::analysis::explain::explain_complement;
/// use rcute::{layout, int_tuple};
/// let e = explain_complement(&layout!((_2,_2):(_1,_6)), &int_tuple!(_24));
/// assert_eq!(e.value_of("new mode from _2:_6"), Some("_3:_2"));
/// assert_eq!(e.value_of("the rest of the cotarget"), Some("_2:_12"));
/// assert_eq!(e.result, Ok(layout!((_3,_2):(_2,_12))));
/// // a failing pre-condition: the step and the values
/// let bad = explain_complement(&layout!((_4,_2):(_1,_2)), &int_tuple!(_16));
/// assert!(bad.result.is_err());
/// assert!(bad.to_string().contains("non-injective"));
/// ```
pub fn explain_complement(l: &Layout, cotarget: &IntTuple) -> Explanation {
    let mut e = Explanation::new(format!("complement({l}, {cotarget})"));
    if let Err(err) = complement_steps(&mut e, l, cotarget) {
        e.note("a step fails", &err.to_string());
    }
    e.finish(l.try_complement(cotarget))
}

/// The steps of `complement(L)`: the cotarget is `cosize(filter(L))`, then as
/// [`explain_complement`].
///
/// ```
/// use rcute::analysis::explain::explain_complement_cosize;
/// use rcute::layout;
/// let e = explain_complement_cosize(&layout!(_4:_2));
/// assert_eq!(e.value_of("cosize(filter(L))"), Some("_7"));
/// assert_eq!(e.result, Ok(layout!(_2:_1)));
/// ```
pub fn explain_complement_cosize(l: &Layout) -> Explanation {
    let mut e = Explanation::new(format!("complement({l})"));
    match l.try_filter().and_then(|f| f.try_cosize()) {
        Ok(c) => {
            e.step("cosize(filter(L))", c, "the cotarget");
            if let Err(err) = complement_steps(&mut e, l, &IntTuple::from_int(c)) {
                e.note("a step fails", &err.to_string());
            }
        }
        Err(err) => e.note("cosize(filter(L))", &err.to_string()),
    }
    e.finish(l.try_complement_cosize())
}

fn complement_steps(e: &mut Explanation, l: &Layout, cotarget: &IntTuple) -> Result<(), Error> {
    let f = l.try_filter()?;
    e.step(
        "filter(L)",
        f,
        "static _0 strides and _1 modes dropped, coalesced",
    );
    let mut modes = leaf_modes(&f);
    let (mut l, mut cotarget) = (*l, *cotarget);
    if modes.len() > 1 && modes.iter().any(|m| !m.1.is_static()) {
        e.note(
            "every value taken as static",
            "beyond CuTe, which refuses dynamic strides in rank 2 or more",
        );
        l = l.to_static();
        cotarget = cotarget.to_static();
        modes = leaf_modes(&l.try_filter()?);
    }
    let _ = l;
    if let [(_, d)] = modes[..]
        && d.is_constant(0)
    {
        let c = cotarget.try_coalesce()?;
        e.step(
            "compact over coalesce(cotarget)",
            Layout::try_from_shape(c)?,
            "a stride-0 layout has every offset to fill",
        );
        return Ok(());
    }
    for (k, &(_, d)) in modes.iter().enumerate() {
        if d.is_basis() {
            e.note(
                format!("mode {k}"),
                "scaled-basis strides have no complement",
            );
            return Ok(());
        }
        if d.value() < 0 {
            e.note(
                format!("mode {k} has the negative stride {d}"),
                "negative strides are not supported",
            );
            return Ok(());
        }
    }
    // CuTe takes the smallest remaining stride again and again: a stable sort by value;
    // the minimum is static only while every remaining stride is
    let mut order: Vec<usize> = (0..modes.len()).collect();
    order.sort_by_key(|&k| modes[k].1.value());
    let sorted: Vec<(Int, Int)> = order.iter().map(|&k| modes[k]).collect();
    e.step("the modes sorted by stride", modes_text(&sorted), "");
    let mut dynamic = modes.iter().filter(|m| !m.1.is_static()).count();
    let mut kept: Vec<(Int, Int)> = Vec::new();
    let mut reached = Int::ONE;
    for (i, &(s, d)) in sorted.iter().enumerate() {
        let last = i + 1 == sorted.len();
        let m = if last {
            d
        } else {
            Int::new(d.value(), dynamic == 0)
        };
        if !d.is_static() {
            dynamic = dynamic.saturating_sub(1);
        }
        let new_shape = m.try_div(reached)?;
        if new_shape.value() == 0 {
            e.note(
                format!("new mode from {s}:{d}"),
                &format!(
                    "the stride {d} is smaller than the extent {reached} reached below it: the layout is not injective"
                ),
            );
            return Ok(());
        }
        let exact = if new_shape.value().wrapping_mul(reached.value()) == m.value() {
            String::new()
        } else {
            format!("{d} is not a multiple of {reached}: the division truncates")
        };
        e.step(
            format!("new mode from {s}:{d}"),
            format!("{new_shape}:{reached}"),
            &format!("the gap {d} / {reached}, then the extent reached is {d}*{s}{exact}"),
        );
        if !new_shape.is_constant(1) {
            kept.push((new_shape, reached));
        }
        reached = m.try_mul(s)?;
    }
    let rest = match cotarget.as_int() {
        Some(c) => {
            let r = c.try_ceil_div(reached)?;
            format!("{r}:{reached}")
        }
        None => {
            let shape = cotarget
                .try_ceil_div(&IntTuple::from_int(reached))?
                .try_coalesce()?;
            let stride = shape.try_compact_major(crate::tuple::Major::Left, reached)?;
            Layout::try_new(shape, stride)?.to_string()
        }
    };
    e.step(
        "the rest of the cotarget",
        rest,
        &format!("ceil_div({cotarget}, {reached}) from the extent {reached}"),
    );
    e.note(
        "coalesce the new modes and the rest",
        "static _1 modes dropped; the result must cover the cotarget",
    );
    Ok(())
}

/// The flat modes of `coalesce(L)`.
fn coalesced_modes(l: &Layout) -> Result<Vec<(Int, Int)>, Error> {
    let mut c = Layout::stream();
    coalesce_into(
        Modes::leaves(l.shape_ref(), l.stride_ref()),
        false,
        false,
        Sink::Layout(&mut c),
    )?;
    Ok(leaf_modes(&c))
}

/// The steps of `right_inverse(L)`: `coalesce(L)`, the modes with static strides sorted
/// by stride (CuTe's exchange sort), then the modes that continue the contiguous prefix
/// (stride equal to the extent reached so far), each as `s:p` where `p` is the product
/// of the shapes before it in `coalesce(L)`; the others are left out.
///
/// ```
/// use rcute::analysis::explain::explain_right_inverse;
/// use rcute::layout;
/// let e = explain_right_inverse(&layout!((_8,_4):(_4,_1)));
/// assert_eq!(e.value_of("the modes sorted by stride"), Some("(_4,_8):(_1,_4)"));
/// assert_eq!(e.result, Ok(layout!((_4,_8):(_8,_1))));
/// ```
pub fn explain_right_inverse(l: &Layout) -> Explanation {
    let mut e = Explanation::new(format!("right_inverse({l})"));
    if let Err(err) = right_inverse_steps(&mut e, l) {
        e.note("a step fails", &err.to_string());
    }
    e.finish(l.try_right_inverse())
}

/// CuTe's `detail::SortByKey`: an exchange sort of the indices by stride value.
fn exchange_sort(modes: &[(Int, Int)], idx: &mut [usize]) {
    for i in 0..idx.len() {
        for j in i + 1..idx.len() {
            if modes[idx[j]].1.value() < modes[idx[i]].1.value() {
                idx.swap(i, j);
            }
        }
    }
}

/// The product of the shapes of `modes` before mode `x`.
fn prefix(modes: &[(Int, Int)], x: usize) -> Result<Int, Error> {
    modes[..x].iter().try_fold(Int::ONE, |p, m| m.0.try_mul(p))
}

fn right_inverse_steps(e: &mut Explanation, l: &Layout) -> Result<(), Error> {
    let modes = coalesced_modes(l)?;
    e.step("coalesce(L)", modes_text(&modes), "");
    let mut idx: Vec<usize> = (0..modes.len())
        .filter(|&k| modes[k].1.is_static())
        .collect();
    if idx.len() < modes.len() {
        e.note(
            "modes with dynamic strides left out",
            "as in CuTe, only static strides are inverted",
        );
    }
    exchange_sort(&modes, &mut idx);
    let sorted: Vec<(Int, Int)> = idx.iter().map(|&k| modes[k]).collect();
    e.step("the modes sorted by stride", modes_text(&sorted), "");
    let mut taken = Vec::new();
    let mut curr = Int::ONE;
    for &x in &idx {
        let (s, d) = modes[x];
        if curr.is_static() && curr.value() == d.value() {
            let p = prefix(&modes, x)?;
            e.step(
                format!("take mode {x} {s}:{d}"),
                format!("{s}:{p}"),
                &format!(
                    "its stride continues the prefix {curr}; {p} is the product of the shapes before it"
                ),
            );
            if !s.is_constant(1) {
                taken.push((s, p));
            }
            curr = s.try_mul(d)?;
        } else {
            e.note(
                format!("skip mode {x} {s}:{d}"),
                &format!("its stride is not the next offset {curr}"),
            );
        }
    }
    e.step(
        "the modes taken",
        modes_text(&taken),
        "coalesced, they are the inverse",
    );
    Ok(())
}

/// The steps of `left_inverse(L)`: `coalesce(L)`, its modes sorted by stride, then for
/// each mode `s:d` in that order (a static `_0` stride skipped) the shape `d / z` (`z`
/// the size so far, which must divide `d`) and the stride `p` (the product of the shapes
/// before it), and last the shape of the last mode.
///
/// ```
/// use rcute::analysis::explain::explain_left_inverse;
/// use rcute::layout;
/// let e = explain_left_inverse(&layout!((_4,_2):(_1,_16)));
/// assert_eq!(e.value_of("the modes sorted by stride"), Some("(_4,_2):(_1,_16)"));
/// assert_eq!(e.result, Ok(layout!((_16,_2):(_1,_4))));
/// let bad = explain_left_inverse(&layout!((_4,_2):(_2,_3)));
/// assert!(bad.result.is_err());
/// ```
pub fn explain_left_inverse(l: &Layout) -> Explanation {
    let mut e = Explanation::new(format!("left_inverse({l})"));
    if let Err(err) = left_inverse_steps(&mut e, l) {
        e.note("a step fails", &err.to_string());
    }
    e.finish(l.try_left_inverse())
}

fn left_inverse_steps(e: &mut Explanation, l: &Layout) -> Result<(), Error> {
    let mut modes = coalesced_modes(l)?;
    e.step("coalesce(L)", modes_text(&modes), "");
    if modes.iter().any(|m| !m.1.is_static()) {
        e.note(
            "every value taken as static",
            "beyond CuTe, which needs static strides",
        );
        modes = coalesced_modes(&l.to_static())?;
    }
    let mut idx: Vec<usize> = (0..modes.len()).collect();
    exchange_sort(&modes, &mut idx);
    let sorted: Vec<(Int, Int)> = idx.iter().map(|&k| modes[k]).collect();
    e.step("the modes sorted by stride", modes_text(&sorted), "");
    let mut shapes = Vec::new();
    let mut strides = alloc::vec![Int::ZERO];
    let mut size = Int::ONE;
    for &x in &idx {
        let (s, d) = modes[x];
        if d.is_constant(0) {
            e.note(format!("skip mode {x} {s}:{d}"), "a stride of _0");
            continue;
        }
        if d.try_rem(size)?.value() != 0 {
            e.note(
                format!("mode {x} {s}:{d}"),
                &format!("the stride {d} is not a multiple of the extent {size} below it"),
            );
            return Ok(());
        }
        let q = d.try_div(size)?;
        let p = prefix(&modes, x)?;
        e.step(
            format!("mode {x} {s}:{d}"),
            format!("{q}:{p}"),
            &format!("the gap {d} / {size} as a shape; the stride {p} is the product of the shapes before mode {x}"),
        );
        shapes.push(q);
        size = if shapes.len() == 1 {
            q
        } else {
            size.try_mul(q)?
        };
        strides.push(p);
    }
    if let Some(&x) = idx.last() {
        shapes.push(modes[x].0);
    }
    let pairs: Vec<(Int, Int)> = shapes.iter().copied().zip(strides).collect();
    e.step(
        "the shapes paired with _0 and the strides",
        modes_text(&pairs),
        "coalesced, they are the inverse",
    );
    Ok(())
}

#[cfg(test)]
mod tests;
