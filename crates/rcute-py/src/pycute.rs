//! The native half of `rcute.pycute`, the drop-in for pycute: pycute's `Layout` holding an
//! rcute layout, and pycute's layout operations on rcute's algebra.
//!
//! pycute's integers are Python ints, and it simplifies by value (it merges `(2,4):(1,2)`
//! into `8:1`), as CuTe does with static integers: its values are held here as static
//! integers and printed as pycute prints them (Python's tuples: `(4, (2, 2)):(2, (1, 8))`).
//! Where pycute's answer is not the function its operation defines, rcute's algebra
//! refuses, and the call raises `rcute.Error`.
//!
//! Where `pycute_algo` proves pycute's answer lawful (its module docs), the answer is
//! pycute's at once; elsewhere it is compared with rcute's and checked by the law.
//! `_set_checked(True)` makes every call take the second way too and raise where the
//! two disagree (the tests' check of the proofs); `_proved()` counts such calls.

use crate::error;
use crate::pycute_algo::{self, Leaves, PcTiler, Pl};
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyTuple};
use rcute::algebra::Tiler;
use rcute::law::Verdict;
use rcute::layout::Layout;
use rcute::tuple::IntTuple;
use rcute_lang::Value;
use std::borrow::Cow;
use std::fmt::Write;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Whether every call also computes rcute's answer and checks it against a proved one.
static CHECKED: AtomicBool = AtomicBool::new(false);
/// The calls answered by proof while [`CHECKED`] was set (all found equal).
static PROVED: AtomicU64 = AtomicU64::new(0);

/// pycute's `Layout(shape, stride=None)`: without a stride, the column-major strides
/// (`prefix_product(shape)`).
///
/// It holds pycute's tree, the operand of pycute's algorithms, and rcute's layout (of
/// static integers) of it, made when first needed (the trees of answers always make one:
/// [`Pl::fits`], or `answer` made it).
#[pyclass(frozen, module = "rcute.pycute", name = "Layout")]
pub struct PcLayout {
    pl: Pl,
    l: OnceLock<Box<Layout>>,
    /// The leaves flat, for a small layout ([`Leaves`]), made when first needed.
    lv: OnceLock<Option<Leaves>>,
}

impl Clone for PcLayout {
    fn clone(&self) -> PcLayout {
        PcLayout {
            pl: self.pl.clone(),
            l: self.l.clone(),
            lv: self.lv.clone(),
        }
    }
}

impl PcLayout {
    fn of(l: Layout) -> PcLayout {
        PcLayout::with(Pl::of(&l), l)
    }

    /// A tree and its rcute layout.
    fn with(pl: Pl, l: Layout) -> PcLayout {
        PcLayout {
            pl,
            l: OnceLock::from(Box::new(l)),
            lv: OnceLock::new(),
        }
    }

    /// A tree that makes a layout ([`Pl::fits`]).
    fn of_tree(pl: Pl) -> PcLayout {
        PcLayout {
            pl,
            l: OnceLock::new(),
            lv: OnceLock::new(),
        }
    }

    /// The leaves flat, where the layout is small.
    fn leaves(&self) -> Option<&Leaves> {
        self.lv.get_or_init(|| Leaves::of(&self.pl)).as_ref()
    }

    /// rcute's layout.
    fn layout(&self) -> Result<&Layout, rcute::Error> {
        if let Some(l) = self.l.get() {
            return Ok(l);
        }
        let l = self.pl.rcute_layout()?;
        Ok(self.l.get_or_init(|| Box::new(l)))
    }

    /// rcute's layout, or its error as a Python exception.
    fn layout_py(&self, py: Python<'_>) -> PyResult<&Layout> {
        self.layout()
            .map_err(|e| error::core(py, e, &pl_text(&self.pl)))
    }
}

/// An int that fits in 64 bits (an exact int checked without a call into Python's API).
#[inline]
fn int_of(x: Borrowed<'_, '_, PyAny>) -> Option<i64> {
    if x.is_exact_instance_of::<PyInt>() {
        return x.extract::<i64>().ok();
    }
    if x.is_exact_instance_of::<PyTuple>() {
        return None;
    }
    x.cast::<PyInt>().ok()?.extract::<i64>().ok()
}

/// A pycute value (a Python int or a nested tuple of them) as a static IntTuple.
fn static_tuple(obj: &Bound<'_, PyAny>) -> PyResult<IntTuple> {
    if let Ok(i) = obj.cast::<PyInt>() {
        let v = i
            .extract::<i64>()
            .map_err(|_| error::message(obj.py(), format!("{obj} does not fit in 64 bits"), ""))?;
        return Ok(IntTuple::constant(v));
    }
    if let Ok(t) = obj.cast::<PyTuple>() {
        let parts = t
            .iter()
            .map(|x| static_tuple(&x))
            .collect::<PyResult<Vec<_>>>()?;
        return IntTuple::try_tuple(&parts).map_err(|e| error::core(obj.py(), e, ""));
    }
    if let Some(i) = crate::convert::index_of(obj)? {
        return Ok(IntTuple::constant(i));
    }
    Err(PyTypeError::new_err(format!(
        "a pycute shape or stride is ints and tuples of ints; this is {}",
        obj.repr()?
    )))
}

/// pycute's `prefix_product(shape)`: the column-major strides, 1 for a size-1 mode too.
fn prefix_product(shape: &IntTuple, init: &mut i64) -> PyResult<IntTuple> {
    if let Some(i) = shape.as_int() {
        let d = IntTuple::constant(*init);
        *init = init.checked_mul(i.value()).ok_or_else(|| {
            pyo3::exceptions::PyOverflowError::new_err("the strides overflow 64 bits")
        })?;
        return Ok(d);
    }
    let parts = (0..shape.rank())
        .map(|k| prefix_product(&shape.get(k), init))
        .collect::<PyResult<Vec<_>>>()?;
    IntTuple::try_tuple(&parts).map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))
}

/// pycute's `Layout(shape)`.
fn default_layout(s: IntTuple) -> PyResult<Layout> {
    let d = prefix_product(&s, &mut 1)?;
    Layout::try_new(s, d).map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))
}

/// An IntTuple written as Python writes the tuple pycute holds: `(4, (2, 2))`, `(8,)`.
fn write_py(out: &mut String, t: &IntTuple) {
    if let Some(i) = t.as_int() {
        let _ = write!(out, "{}", i.value());
        return;
    }
    out.push('(');
    let n = t.rank();
    for k in 0..n {
        if k > 0 {
            out.push_str(", ");
        }
        write_py(out, &t.get(k));
    }
    if n == 1 {
        out.push(',');
    }
    out.push(')');
}

/// The shapes (or the strides) of a pycute tree as the Python value pycute holds.
fn pl_python(py: Python<'_>, p: &Pl, stride: bool) -> PyResult<Py<PyAny>> {
    match p {
        Pl::Leaf(s, d) => Ok((if stride { *d } else { *s })
            .into_pyobject(py)?
            .into_any()
            .unbind()),
        Pl::Node(items) => {
            let parts = items
                .iter()
                .map(|m| pl_python(py, m, stride))
                .collect::<PyResult<Vec<_>>>()?;
            Ok(PyTuple::new(py, parts)?.into_any().unbind())
        }
    }
}

/// A layout as pycute prints it.
fn text(l: &Layout) -> String {
    let mut s = String::new();
    write_py(&mut s, l.shape_ref());
    s.push(':');
    write_py(&mut s, l.stride_ref());
    s
}

/// The shapes (or the strides) of a pycute tree as Python writes them.
fn write_pl(out: &mut String, p: &Pl, stride: bool) {
    fn go(out: &mut String, p: &Pl, stride: bool) {
        match p {
            Pl::Leaf(s, d) => {
                let _ = write!(out, "{}", if stride { d } else { s });
            }
            Pl::Node(items) => {
                out.push('(');
                for (k, m) in items.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    go(out, m, stride);
                }
                if items.len() == 1 {
                    out.push(',');
                }
                out.push(')');
            }
        }
    }
    go(out, p, stride)
}

/// A pycute tree as pycute prints it: the shapes, `:`, the strides.
fn pl_text(p: &Pl) -> String {
    let mut s = String::new();
    write_pl(&mut s, p, false);
    s.push(':');
    write_pl(&mut s, p, true);
    s
}

/// A pycute layout argument (or an int `n`, pycute's `Layout(n)`), borrowed where it is
/// one.
fn layout_arg<'a>(obj: &'a Bound<'_, PyAny>) -> PyResult<std::borrow::Cow<'a, PcLayout>> {
    if let Ok(l) = obj.cast::<PcLayout>() {
        return Ok(std::borrow::Cow::Borrowed(l.get()));
    }
    if let Ok(i) = obj.cast::<PyInt>() {
        // `Layout(n)` is `n:1`
        if let Ok(n) = i.extract::<i64>()
            && n >= 1
        {
            return Ok(std::borrow::Cow::Owned(PcLayout::of_tree(Pl::Leaf(n, 1))));
        }
        let n = static_tuple(obj)?;
        return default_layout(n)
            .map(|l| std::borrow::Cow::Owned(PcLayout::of(l)))
            .map_err(|e| error::message(obj.py(), e.to_string(), ""));
    }
    Err(PyTypeError::new_err(format!(
        "expected a pycute Layout; this is {}",
        obj.repr()?
    )))
}

/// A pycute tiler: `None` (the whole mode), an int `n` (`Layout(n)`), a layout, or a
/// tuple of tilers, mode by mode.
fn tiler_arg<'a>(obj: &'a Bound<'_, PyAny>) -> PyResult<PcTiler<'a>> {
    if let Ok(t) = obj.cast::<PyTuple>() {
        // the modes, borrowed from the tuple
        return Ok(PcTiler::Tuple(
            (0..t.len())
                .map(|k| tiler_mode(t.get_borrowed_item(k)?))
                .collect::<PyResult<_>>()?,
        ));
    }
    tiler_mode(obj.as_borrowed())
}

/// A tiler or a mode of a tuple tiler.
fn tiler_mode<'a>(obj: Borrowed<'a, '_, PyAny>) -> PyResult<PcTiler<'a>> {
    if obj.is_none() {
        return Ok(PcTiler::None);
    }
    if let Ok(l) = obj.cast::<PcLayout>() {
        return Ok(PcTiler::Layout(Cow::Borrowed(&l.get().pl)));
    }
    if let Ok(i) = obj.cast::<PyInt>() {
        // `Layout(n)` is `n:1` (built without the object `layout_arg` makes)
        if let Ok(n) = i.extract::<i64>()
            && n >= 1
        {
            return Ok(PcTiler::Int(Cow::Owned(Pl::Leaf(n, 1))));
        }
        let l = layout_arg(&obj)?.into_owned();
        return Ok(PcTiler::Int(Cow::Owned(l.pl)));
    }
    if obj.cast::<PyTuple>().is_ok() {
        // a tuple in a tuple: its trees copied
        return Ok(owned(tiler_arg(&obj.to_owned())?));
    }
    if let Ok(t) = obj.cast::<PyList>() {
        return Ok(owned(tiler_arg(t.to_tuple().as_any())?));
    }
    Err(PyTypeError::new_err(format!(
        "a tiler is None, an int, a Layout or a tuple of them; this is {}",
        obj.repr()?
    )))
}

/// A tiler that owns its trees.
fn owned(t: PcTiler<'_>) -> PcTiler<'static> {
    match t {
        PcTiler::None => PcTiler::None,
        PcTiler::Layout(l) => PcTiler::Layout(Cow::Owned(l.into_owned())),
        PcTiler::Int(l) => PcTiler::Int(Cow::Owned(l.into_owned())),
        PcTiler::Tuple(items) => PcTiler::Tuple(items.into_iter().map(owned).collect()),
    }
}

/// A tuple tiler padded with `None` to the rank of `l`: pycute keeps the modes beyond a
/// tuple tiler (CuTe's composition drops them), as `_` does.
fn padded<'a>(t: PcTiler<'a>, l: &Pl) -> PcTiler<'a> {
    match t {
        PcTiler::Tuple(mut items) => {
            while items.len() < pycute_algo::len(l) {
                items.push(PcTiler::None);
            }
            PcTiler::Tuple(items)
        }
        other => other,
    }
}

/// A pycute tiler as rcute's.
fn rcute_tiler(t: &PcTiler<'_>) -> Result<Tiler, rcute::Error> {
    match t {
        PcTiler::None => Ok(Tiler::UNDERSCORE),
        PcTiler::Int(l) | PcTiler::Layout(l) => Ok(Tiler::layout(l.rcute_layout()?)),
        PcTiler::Tuple(items) => {
            let parts = items
                .iter()
                .map(rcute_tiler)
                .collect::<Result<Vec<_>, _>>()?;
            Tiler::try_tuple(&parts)
        }
    }
}

/// A pycute tiler as the language's value, for the law.
fn tiler_value(t: &PcTiler<'_>) -> Result<Value, rcute::Error> {
    Ok(match t {
        PcTiler::None => Value::Tuple(IntTuple::from_int(rcute::Int::UNDERSCORE)),
        PcTiler::Int(l) | PcTiler::Layout(l) => Value::Layout(l.rcute_layout()?),
        PcTiler::Tuple(items) => {
            Value::List(items.iter().map(tiler_value).collect::<Result<_, _>>()?)
        }
    })
}

/// pycute's answer where it is the operation's function: proved so by `pycute_algo`
/// (`lawful`), or the same as rcute's, or checked by the operation's law where the two
/// differ (pycute keeps strides of size-1 modes, stops its inverses early, ...) or rcute
/// refuses; an `rcute.Error` where pycute refuses or its answer breaks the law.
fn answer(
    py: Python<'_>,
    op: &str,
    call: impl Fn() -> String,
    port: Result<Pl, pycute_algo::Refusal>,
    lawful: bool,
    rcute: impl FnOnce() -> Result<Layout, rcute::Error>,
    law_args: impl FnOnce() -> Result<Vec<Value>, rcute::Error>,
) -> PyResult<Py<PcLayout>> {
    let refuse = |why| error::message(py, format!("{op}: pycute refuses: {why}"), &call());
    let pl = port.map_err(refuse)?;
    if lawful && pl.fits() {
        if !CHECKED.load(Ordering::Relaxed) {
            return Py::new(py, PcLayout::of_tree(pl));
        }
        // the proof checked: the answer of the second way must be the same
        let proved = pl.clone();
        let checked = checked_answer(py, op, &call, pl, rcute(), law_args);
        same_as_proved(py, op, &proved, &checked, call)?;
        return checked;
    }
    checked_answer(py, op, &call, pl, rcute(), law_args)
}

/// While checked: `Ok` (and counted) where the answer of the second way is the proved
/// one, else the error that says they differ.
fn same_as_proved(
    py: Python<'_>,
    op: &str,
    proved: &Pl,
    checked: &PyResult<Py<PcLayout>>,
    call: impl Fn() -> String,
) -> PyResult<()> {
    let proved = pl_text(proved);
    let got = match checked {
        Ok(r) => pl_text(&r.get().pl),
        Err(e) => e.to_string(),
    };
    if got != proved {
        return Err(error::message(
            py,
            format!("{op}: the answer proved lawful, {proved}, is not the checked one: {got}"),
            &call(),
        ));
    }
    PROVED.fetch_add(1, Ordering::Relaxed);
    Ok(())
}

/// [`answer`] where pycute's answer is not proved lawful: compared with rcute's, and
/// checked by the law where they differ.
fn checked_answer(
    py: Python<'_>,
    op: &str,
    call: &impl Fn() -> String,
    pl: Pl,
    rcute: Result<Layout, rcute::Error>,
    law_args: impl FnOnce() -> Result<Vec<Value>, rcute::Error>,
) -> PyResult<Py<PcLayout>> {
    let refuse = |why| error::message(py, format!("{op}: pycute refuses: {why}"), &call());
    if let Ok(r) = &rcute
        && pl.is(r)
    {
        // rcute's answer is pycute's: no layout to build
        return Py::new(py, PcLayout::with(pl, *r));
    }
    let p = pl.layout().map_err(refuse)?;
    let made = |l: Layout, pl: Pl| Py::new(py, PcLayout::with(pl, l));
    if let Ok(r) = &rcute
        && (r == &p
            || (r.shape_ref().to_dynamic() == p.shape_ref().to_dynamic()
                && r.stride_ref().to_dynamic() == p.stride_ref().to_dynamic()))
    {
        return made(p, pl);
    }
    let verdict = match law_args() {
        Ok(args) => rcute_lang::check_call(op, &args, &Value::Layout(p)),
        Err(_) => Verdict::Unchecked("an operand that is not a layout of rcute's"),
    };
    match verdict {
        Verdict::Holds => made(p, pl),
        Verdict::Breaks(why) => {
            let rc = match &rcute {
                Ok(r) => format!("; rcute's answer is {}", text(r)),
                Err(e) => format!("; rcute: {e}"),
            };
            Err(error::message(
                py,
                format!(
                    "{op}: pycute's answer {} is not the function of {op}: {why}{rc}",
                    text(&p)
                ),
                &call(),
            ))
        }
        Verdict::Unchecked(why) => match rcute {
            Err(e) => Err(error::core(py, e, &call())),
            Ok(r) => Err(error::message(
                py,
                format!(
                    "{op}: pycute's answer {} differs from rcute's {} and its law cannot be checked ({why})",
                    text(&p),
                    text(&r)
                ),
                &call(),
            )),
        },
    }
}

/// The text of a failing call, for the error.
fn call_text(op: &str, args: &[&Bound<'_, PyAny>]) -> String {
    let parts: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    format!("{op}({})", parts.join(", "))
}

#[pymethods]
impl PcLayout {
    #[new]
    #[pyo3(signature = (_shape, _stride = None))]
    fn new(_shape: &Bound<'_, PyAny>, _stride: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let py = _shape.py();
        let s = static_tuple(_shape)?;
        let l = match _stride {
            Some(d) if !d.is_none() => Layout::try_new(s, static_tuple(d)?),
            _ => return default_layout(s).map(PcLayout::of),
        };
        l.map(PcLayout::of).map_err(|e| {
            error::core(
                py,
                e,
                &format!(
                    "Layout({}{})",
                    _shape,
                    _stride.map(|d| format!(", {d}")).unwrap_or_default()
                ),
            )
        })
    }

    /// pycute's `shape`: an int or a nested tuple of ints.
    #[getter]
    fn shape(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        pl_python(py, &self.pl, false)
    }

    /// pycute's `stride`.
    #[getter]
    fn stride(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        pl_python(py, &self.pl, true)
    }

    fn __richcmp__(&self, py: Python<'_>, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let Ok(o) = other.cast::<PcLayout>() else {
            return py.NotImplemented();
        };
        let eq = self.pl == o.get().pl;
        let r = match op {
            CompareOp::Eq => eq,
            CompareOp::Ne => !eq,
            _ => return py.NotImplemented(),
        };
        pyo3::types::PyBool::new(py, r)
            .to_owned()
            .into_any()
            .unbind()
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.pl.hash(&mut h);
        h.finish()
    }

    fn __len__(&self) -> usize {
        pycute_algo::len(&self.pl)
    }

    /// `L(c)`: the index of a coordinate (an int, or a tuple congruent to the shape); with
    /// `None` in it, the sliced layout.
    #[pyo3(signature = (*args))]
    fn __call__(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<Py<PyAny>> {
        let nargs = args.len();
        if nargs == 1 {
            let a = args.get_borrowed_item(0)?;
            if let Some(v) = int_of(a) {
                // an index of the domain: pycute's crd2idx on the leaves, or on the tree
                let k = match self.leaves() {
                    Some(lv) => lv.index(v),
                    None => pycute_algo::index(&self.pl, v),
                };
                if let Some(k) = k {
                    return Ok(k.into_pyobject(py)?.into_any().unbind());
                }
                let l = self.layout_py(py)?;
                return match l.try_crd2idx(&IntTuple::dynamic(v)) {
                    Ok(k) => Ok(k.value().into_pyobject(py)?.into_any().unbind()),
                    Err(e) => Err(error::core(py, e, &format!("{}({v})", text(l)))),
                };
            }
            // ints in the domains of the modes: pycute's crd2idx mode by mode, on the
            // leaves
            if let Some(t) = a
                .cast_exact::<PyTuple>()
                .ok()
                .or_else(|| a.cast::<PyTuple>().ok())
                && let Some(lv) = self.leaves()
                && lv.rank() == t.len()
            {
                let mut sum = Some(0i64);
                for k in 0..lv.rank() {
                    let Some(v) = int_of(t.get_borrowed_item(k)?) else {
                        sum = None;
                        break;
                    };
                    sum = sum.and_then(|s| s.checked_add(lv.index_mode(k, v)?));
                    if sum.is_none() {
                        break;
                    }
                }
                if let Some(k) = sum {
                    return Ok(k.into_pyobject(py)?.into_any().unbind());
                }
            }
            // or on the tree
            if let Ok(t) = a.cast::<PyTuple>()
                && let Pl::Node(modes) = &self.pl
                && modes.len() == t.len()
            {
                let mut sum = Some(0i64);
                for (k, m) in modes.iter().enumerate() {
                    let x = t.get_borrowed_item(k)?;
                    let Some(v) = x.cast::<PyInt>().ok().and_then(|i| i.extract::<i64>().ok())
                    else {
                        sum = None;
                        break;
                    };
                    sum = sum.and_then(|s| s.checked_add(pycute_algo::index(m, v)?));
                    if sum.is_none() {
                        break;
                    }
                }
                if let Some(k) = sum {
                    return Ok(k.into_pyobject(py)?.into_any().unbind());
                }
            }
        }
        // a flat tuple of ints: the coordinate built at once
        if nargs == 1
            && let Ok(t) = args.get_item(0)?.cast_into::<PyTuple>()
            && t.len() <= rcute::tuple::CAPACITY
        {
            let mut ints = [rcute::Int::dynamic(0); rcute::tuple::CAPACITY];
            let mut flat = true;
            for (k, x) in t.iter().enumerate() {
                match x.cast::<PyInt>().ok().and_then(|i| i.extract::<i64>().ok()) {
                    Some(v) => ints[k] = rcute::Int::dynamic(v),
                    None => {
                        flat = false;
                        break;
                    }
                }
            }
            if flat && let Ok(crd) = IntTuple::try_from_ints(&ints[..t.len()]) {
                let l = self.layout_py(py)?;
                let k = l
                    .try_crd2idx(&crd)
                    .map_err(|e| error::core(py, e, &format!("{}({})", text(l), t)))?;
                return Ok(k.value().into_pyobject(py)?.into_any().unbind());
            }
        }
        let c = if nargs == 1 {
            args.get_item(0)?
        } else {
            args.clone().into_any()
        };
        let crd = crate::convert::tuple_of(&c)?
            .ok_or_else(|| PyTypeError::new_err("a coordinate is ints, tuples and None"))?
            .to_dynamic();
        let l = self.layout_py(py)?;
        let fail = |e| error::core(py, e, &format!("{}({})", text(l), c));
        if crd.has_underscore() {
            // pycute's slice: Layout(slice_(c, shape), slice_(c, stride))
            let slice = py.import("rcute.pycute.int_tuple")?.getattr("slice_")?;
            let shape = slice.call1((&c, self.shape(py)?))?;
            let stride = slice.call1((&c, self.stride(py)?))?;
            return Ok(Py::new(py, PcLayout::new(&shape, Some(&stride))?)?.into_any());
        }
        let k = l.try_crd2idx(&crd).map_err(fail)?;
        Ok(k.value().into_pyobject(py)?.into_any().unbind())
    }

    /// `L[i]`: mode `i` (pycute's `Layout(shape[i], stride[i])`).
    fn __getitem__(&self, py: Python<'_>, i: isize) -> PyResult<Py<PcLayout>> {
        if let Pl::Leaf(..) = &self.pl {
            if i != 0 {
                return Err(PyIndexError::new_err(format!(
                    "mode {i} of the rank-1 layout {}",
                    pl_text(&self.pl)
                )));
            }
            return Py::new(py, self.clone());
        }
        let n = pycute_algo::len(&self.pl) as isize;
        let k = if i < 0 { i + n } else { i };
        if k < 0 || k >= n {
            return Err(PyIndexError::new_err(format!(
                "mode {i} of {} (rank {n})",
                pl_text(&self.pl)
            )));
        }
        let pl = pycute_algo::mode(&self.pl, k as usize)
            .map_err(|e| error::message(py, e, &pl_text(&self.pl)))?
            .clone();
        // a mode of a layout's tree makes a layout
        Py::new(py, PcLayout::of_tree(pl))
    }

    /// The size of the domain.
    fn size(&self, py: Python<'_>) -> PyResult<i64> {
        self.layout_py(py)?
            .try_size()
            .map(|i| i.value())
            .map_err(|e| error::core(py, e, &pl_text(&self.pl)))
    }

    /// pycute's size of the codomain, `L(size(L) - 1) + 1`.
    fn cosize(&self, py: Python<'_>) -> PyResult<i64> {
        pycute_algo::cosize(&self.pl).map_err(|e| error::message(py, e, &pl_text(&self.pl)))
    }

    fn __str__(&self) -> String {
        pl_text(&self.pl)
    }

    fn __repr__(&self) -> String {
        let mut s = String::from("Layout(");
        write_pl(&mut s, &self.pl, false);
        s.push(',');
        write_pl(&mut s, &self.pl, true);
        s.push(')');
        s
    }
}

/// A tuple tiler's answer where it is proved lawful, mode by mode as pycute's
/// (`pycute_algo::by_mode`: the modes beyond the tiler kept), without a tiler built of the
/// tuple; `None` where a mode is not proved or refused (the call then takes the general
/// way, which answers and refuses as pycute's). While checked, the general way answers
/// too, and must give the same.
fn by_mode_proved(a: &Pl, t: &Bound<'_, PyTuple>, op: pycute_algo::AtOp) -> PyResult<Option<Pl>> {
    let (n, k) = (pycute_algo::len(a), t.len());
    if k > n {
        return Ok(None);
    }
    let mut parts = Vec::with_capacity(n);
    for i in 0..n {
        let Ok(m) = pycute_algo::mode(a, i) else {
            return Ok(None);
        };
        if i >= k {
            parts.push(m.clone());
            continue;
        }
        let mut lawful = true;
        // (a mode's tree is at hand: its leaves would be copied out of `Leaves`)
        match op(m, None, &tiler_mode(t.get_borrowed_item(i)?)?, &mut lawful) {
            Ok(p) if lawful => parts.push(p),
            _ => return Ok(None),
        }
    }
    let pl = Pl::Node(parts);
    Ok(pl.fits().then_some(pl))
}

/// `composition(A, (B0, B1, ...))` where the modes of `A` that the tuple tiles are leaves
/// and each `Bk` is a layout of one leaf or an int `n >= 1` (a composition by mode of flat
/// layouts): each mode by [`pycute_algo::compose_leaf`], read straight from the tuple;
/// `None` where a mode is not of this kind or not proved lawful (the call then takes
/// [`by_mode_proved`] or the general way).
fn compose_leaves_by_mode(a: &Pl, t: &Bound<'_, PyTuple>) -> PyResult<Option<Pl>> {
    let Pl::Node(items) = a else {
        return Ok(None);
    };
    let k = t.len();
    if k > items.len() {
        return Ok(None);
    }
    let mut parts = Vec::with_capacity(items.len());
    for (i, m) in items.iter().enumerate() {
        if i >= k {
            parts.push(m.clone());
            continue;
        }
        let Pl::Leaf(sa, da) = *m else {
            return Ok(None);
        };
        let x = t.get_borrowed_item(i)?;
        let (bs, bd) = if let Ok(l) = x.cast::<PcLayout>()
            && let Pl::Leaf(bs, bd) = l.get().pl
        {
            (bs, bd)
        } else if let Ok(n) = x.cast::<PyInt>()
            && let Ok(n) = n.extract::<i64>()
            && n >= 1
        {
            (n, 1)
        } else {
            return Ok(None);
        };
        let mut lawful = true;
        match pycute_algo::compose_leaf(sa, da, bs, bd, &mut lawful) {
            Ok(p) if lawful => parts.push(p),
            _ => return Ok(None),
        }
    }
    let pl = Pl::Node(parts);
    Ok(pl.fits().then_some(pl))
}

/// No fast way for a tuple tiler.
fn no_fast_way(_: &Pl, _: &Bound<'_, PyTuple>) -> PyResult<Option<Pl>> {
    Ok(None)
}

macro_rules! by_tiler {
    ($name:ident, $at:ident, $fast:ident, $op:literal) => {
        #[doc = concat!("pycute's `", $op, "(A, B)`.")]
        #[pyfunction]
        pub(crate) fn $name(
            py: Python<'_>,
            a: &Bound<'_, PyAny>,
            b: &Bound<'_, PyAny>,
        ) -> PyResult<Py<PyAny>> {
            if b.is_none() {
                return Ok(a.clone().unbind());
            }
            let arg = layout_arg(a)?;
            let proved = match b.cast::<PyTuple>() {
                Ok(t) => match $fast(&arg.pl, t)? {
                    Some(pl) => Some(pl),
                    None => by_mode_proved(&arg.pl, t, pycute_algo::$at)?,
                },
                Err(_) => None,
            };
            let proved = match proved {
                Some(pl) if !CHECKED.load(Ordering::Relaxed) => {
                    return Ok(Py::new(py, PcLayout::of_tree(pl))?.into_any());
                }
                p => p,
            };
            let t = padded(tiler_arg(b)?, &arg.pl);
            let mut lawful = true;
            let port = pycute_algo::$at(
                &arg.pl,
                arg.leaves().map(Leaves::all).as_ref(),
                &t,
                &mut lawful,
            );
            let r = answer(
                py,
                $op,
                || call_text($op, &[a, b]),
                port,
                lawful,
                || {
                    let l = arg.layout()?;
                    rcute_tiler(&t).and_then(|rt| TilerOps::$name(l, &rt))
                },
                || Ok(vec![Value::Layout(*arg.layout()?), tiler_value(&t)?]),
            );
            if let Some(pl) = proved {
                same_as_proved(py, $op, &pl, &r, || call_text($op, &[a, b]))?;
            }
            Ok(r?.into_any())
        }
    };
}

// rcute's names for the tiler forms
trait TilerOps {
    fn composition(&self, t: &Tiler) -> Result<Layout, rcute::Error>;
    fn logical_divide(&self, t: &Tiler) -> Result<Layout, rcute::Error>;
    fn logical_product(&self, t: &Tiler) -> Result<Layout, rcute::Error>;
}

impl TilerOps for Layout {
    fn composition(&self, t: &Tiler) -> Result<Layout, rcute::Error> {
        self.try_composition_tiler(t)
    }
    fn logical_divide(&self, t: &Tiler) -> Result<Layout, rcute::Error> {
        self.try_logical_divide(t)
    }
    fn logical_product(&self, t: &Tiler) -> Result<Layout, rcute::Error> {
        self.try_logical_product(t)
    }
}

by_tiler!(
    composition,
    composition_at,
    compose_leaves_by_mode,
    "composition"
);
by_tiler!(
    logical_divide,
    logical_divide_at,
    no_fast_way,
    "logical_divide"
);
by_tiler!(
    logical_product,
    logical_product_at,
    no_fast_way,
    "logical_product"
);

/// pycute's `complement(L, max_idx=1)`.
#[pyfunction]
#[pyo3(signature = (layout, max_idx = None))]
pub(crate) fn complement(
    py: Python<'_>,
    layout: &Bound<'_, PyAny>,
    max_idx: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PcLayout>> {
    let arg = layout_arg(layout)?;
    let n = match max_idx {
        Some(m) => m.extract::<i64>()?,
        None => 1,
    };
    let mut lawful = true;
    let port = match arg.leaves() {
        Some(lv) => pycute_algo::complement_leaves(lv, n, &mut lawful),
        None => pycute_algo::complement(&arg.pl, n, &mut lawful),
    };
    answer(
        py,
        "complement",
        || format!("complement({}, {n})", pl_text(&arg.pl)),
        port,
        lawful,
        || arg.layout()?.try_complement(&IntTuple::constant(n)),
        || {
            Ok(vec![
                Value::Layout(*arg.layout()?),
                Value::Tuple(IntTuple::constant(n)),
            ])
        },
    )
}

/// pycute's `coalesce(L, profile=None)`.
#[pyfunction]
#[pyo3(signature = (layout, profile = None))]
pub(crate) fn coalesce(
    py: Python<'_>,
    layout: &Bound<'_, PyAny>,
    profile: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PcLayout>> {
    // the common call: a small layout of pycute's without a profile, answered from its
    // leaves (lawful by proof)
    if profile.is_none_or(|p| p.cast::<PyTuple>().is_err())
        && let Ok(l) = layout.cast::<PcLayout>()
        && let Some(lv) = l.get().leaves()
        && !CHECKED.load(Ordering::Relaxed)
        && let Some(pl) = lv.coalesced()
    {
        return Py::new(py, PcLayout::of_tree(pl));
    }
    let arg = layout_arg(layout)?;
    let p = match profile {
        Some(p) if p.cast::<PyTuple>().is_ok() => Some(static_tuple(p)?),
        _ => None,
    };
    let mut lawful = true;
    let port = match (arg.leaves(), &p) {
        (Some(lv), None) => pycute_algo::coalesce_leaves(lv),
        _ => pycute_algo::coalesce(&arg.pl, p.as_ref(), &mut lawful),
    };
    answer(
        py,
        "coalesce",
        || format!("coalesce({})", pl_text(&arg.pl)),
        port,
        lawful,
        || {
            let l = arg.layout()?;
            match &p {
                Some(p) => l.try_coalesce_by(p),
                None => l.try_coalesce(),
            }
        },
        || {
            let mut v = vec![Value::Layout(*arg.layout()?)];
            v.extend(p.as_ref().map(|t| Value::Tuple(*t)));
            Ok(v)
        },
    )
}

/// pycute's `filter(L, profile=None)`.
#[pyfunction]
#[pyo3(signature = (layout, profile = None))]
pub(crate) fn filter(
    py: Python<'_>,
    layout: &Bound<'_, PyAny>,
    profile: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PcLayout>> {
    let arg = layout_arg(layout)?;
    let p = match profile {
        Some(p) if p.cast::<PyTuple>().is_ok() => Some(static_tuple(p)?),
        _ => None,
    };
    answer(
        py,
        "filter",
        || format!("filter({})", pl_text(&arg.pl)),
        pycute_algo::filter(&arg.pl, p.as_ref()),
        false,
        || {
            let l = arg.layout()?;
            match &p {
                Some(p) => l.try_filter_by(p),
                None => l.try_filter(),
            }
        },
        || {
            let mut v = vec![Value::Layout(*arg.layout()?)];
            v.extend(p.as_ref().map(|t| Value::Tuple(*t)));
            Ok(v)
        },
    )
}

macro_rules! one_layout {
    ($name:ident, $op:literal, $method:ident) => {
        #[doc = concat!("pycute's `", $op, "(L)`.")]
        #[pyfunction]
        pub(crate) fn $name(py: Python<'_>, layout: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
            if layout.is_none() {
                return Ok(py.None());
            }
            if layout.cast::<PyInt>().is_ok() {
                return Ok(Py::new(py, layout_arg(layout)?.into_owned())?.into_any());
            }
            let arg = layout_arg(layout)?;
            let r = answer(
                py,
                $op,
                || format!("{}({})", $op, pl_text(&arg.pl)),
                pycute_algo::$name(&arg.pl),
                false,
                || arg.layout()?.$method(),
                || Ok(vec![Value::Layout(*arg.layout()?)]),
            )?;
            Ok(r.into_any())
        }
    };
}

one_layout!(right_inverse, "right_inverse", try_right_inverse);
one_layout!(left_inverse, "left_inverse", try_left_inverse);

/// pycute's `make_layout(*layouts)`: the layouts as the modes of one.
#[pyfunction]
#[pyo3(signature = (*layouts))]
pub(crate) fn make_layout(py: Python<'_>, layouts: &Bound<'_, PyTuple>) -> PyResult<Py<PcLayout>> {
    let items: Vec<Bound<'_, PyAny>> =
        if layouts.len() == 1 && layouts.get_item(0)?.cast::<PcLayout>().is_err() {
            layouts.get_item(0)?.try_iter()?.collect::<PyResult<_>>()?
        } else {
            layouts.iter().collect()
        };
    let ls = items
        .iter()
        .map(|x| Ok(Pl::clone(&layout_arg(x)?.pl)))
        .collect::<PyResult<Vec<_>>>()?;
    let pl = Pl::Node(ls);
    let l = pl
        .layout()
        .map_err(|e| error::message(py, e, "make_layout(...)"))?;
    Py::new(py, PcLayout::with(pl, l))
}

/// A layout of pycute's as an `rcute.Layout` (static values: `_4`).
#[pyfunction]
pub(crate) fn to_rcute(layout: &Bound<'_, PyAny>) -> PyResult<crate::layout::PyLayout> {
    let arg = layout_arg(layout)?;
    Ok(crate::layout::PyLayout(*arg.layout_py(layout.py())?))
}

/// An `rcute.Layout` as pycute's (every value as its Python int).
#[pyfunction]
pub(crate) fn from_rcute(layout: &Bound<'_, PyAny>) -> PyResult<PcLayout> {
    let l = layout.cast::<crate::layout::PyLayout>()?.get().0;
    Ok(PcLayout::of(
        Layout::try_new(l.shape_ref().to_static(), l.stride_ref().to_static())
            .map_err(|e| error::core(layout.py(), e, &l.to_string()))?,
    ))
}

/// `_CallFloor()`: an object whose call answers its first argument and does nothing else,
/// for `bench/speed.py`: what a call of an object of the extension costs by itself
/// (CPython's argument tuple and PyO3's parsing of it, as for `L(i)`).
#[pyclass(frozen, module = "rcute.pycute", name = "_CallFloor")]
pub struct CallFloor;

#[pymethods]
impl CallFloor {
    #[new]
    fn new() -> CallFloor {
        CallFloor
    }

    #[pyo3(signature = (*args))]
    fn __call__(&self, args: &Bound<'_, PyTuple>) -> PyResult<Py<PyAny>> {
        Ok(args.get_item(0)?.unbind())
    }
}

/// `_set_checked(on)`: with `on`, every call answered by proof is answered the second way
/// too (rcute's answer and the law), and raises where the two differ. For the tests.
#[pyfunction]
pub(crate) fn _set_checked(on: bool) {
    CHECKED.store(on, Ordering::Relaxed);
}

/// `_proved()`: how many calls were answered by proof, and found the same the second way,
/// while checked. For the tests.
#[pyfunction]
pub(crate) fn _proved() -> u64 {
    PROVED.load(Ordering::Relaxed)
}
