//! Pictures for Jupyter: the SVG the `cute svg` and `cute banks --svg` commands draw, and
//! the objects that show them (`rcute.TVLayout`, `rcute.Report`).

use crate::convert;
use crate::error;
use pyo3::prelude::*;
use rcute::MaybeSwizzled;
use rcute::analysis::{self, Access, Side};
use rcute::tuple::IntTuple;
use rcute_lang::Value;

/// The picture `cute svg` draws of a value: a layout (over data of shape `shape`: the
/// thread-value picture of `cute svg --tv`), a swizzled layout, a tiled MMA or MMA atom
/// (`--mma`), a tiled copy (`--copy`).
pub(crate) fn picture(v: &Value, shape: Option<&IntTuple>) -> Result<String, rcute::Error> {
    match (v, shape) {
        (Value::Layout(l), Some(s)) => rcute::print::svg_tv(l, s),
        (Value::Layout(l), None) => rcute::print::svg_layout(l),
        // a layout waiting for an smem pointer is drawn over its elements, as CuTe draws it
        (Value::Composed(c), None) => match c.position_independent()? {
            rcute::MaybeSwizzled::Plain(l) => rcute::print::svg_layout(&l),
            rcute::MaybeSwizzled::Swizzled(k) => rcute::print::svg_layout(&k),
        },
        (Value::TiledMma(m), None) => rcute::atom::svg_mma_panels(m),
        (Value::MmaAtom(a), None) => rcute::atom::svg_mma_panels(&rcute::atom::TiledMma::try_new(
            **a,
            &rcute::Layout::parse("(_1,_1,_1):(_0,_0,_0)"),
            &rcute::Tiler::UNDERSCORE,
        )?),
        (Value::TiledCopy(c), None) => rcute::atom::svg_copy_panels(c),
        _ => Err(rcute::Error::WrongKind {
            msg: "a picture is drawn of a layout (with a data shape: a thread-value layout), a swizzled layout, a tiled MMA, an MMA atom or a tiled copy",
        }),
    }
}

/// The picture of a layout, `None` where there is none (rank above 2, too many cells).
pub(crate) fn layout_svg(l: &rcute::Layout) -> Option<String> {
    rcute::print::svg_layout(l).ok()
}

/// The picture of a value, `None` where there is none.
pub(crate) fn value_svg(v: &Value) -> Option<String> {
    picture(v, None).ok()
}

/// [`picture`], its error an `rcute.Error`; `shape` is the data shape of a TV picture.
pub(crate) fn svg_of(
    py: Python<'_>,
    v: &Value,
    shape: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let shape =
        match shape {
            None => None,
            Some(s) => Some(convert::tuple_of(s)?.ok_or_else(|| {
                error::message(py, "the data shape must be a tuple of integers", "")
            })?),
        };
    picture(v, shape.as_ref()).map_err(|e| error::core(py, e, &format!("svg({})", shown(v))))
}

/// A value as an error's program shows it: its text, or its kind where it prints on
/// several lines.
pub(crate) fn shown(v: &Value) -> String {
    let text = v.to_string();
    if text.contains('\n') {
        v.kind().to_string()
    } else {
        text
    }
}

/// The memory of an analysis: a layout or a swizzled layout.
fn memory(v: &Value) -> Result<MaybeSwizzled, rcute::Error> {
    match v {
        Value::Layout(l) => Ok(MaybeSwizzled::Plain(*l)),
        Value::Composed(c) => Ok(MaybeSwizzled::Swizzled(*c)),
        _ => Err(rcute::Error::WrongKind {
            msg: "expected a layout or a swizzled layout (the memory)",
        }),
    }
}

/// The access of an analysis of shared memory: an access or a tiled copy.
fn shared_access(v: &Value) -> Result<Access, rcute::Error> {
    match v {
        Value::Access(a) => Ok(**a),
        Value::TiledCopy(t) => Access::try_from_copy(t, Side::of_shared(t)),
        _ => Err(rcute::Error::WrongKind {
            msg: "expected an access: vector_access(TV, T, bits), matrix_access(TV, n) or a tiled copy",
        }),
    }
}

/// The picture of `cute banks SMEM ACCESS --svg`: the tile colored by bank, the
/// conflicting cells outlined.
pub(crate) fn banks_svg(smem: &Value, access: &Value) -> Result<String, rcute::Error> {
    let m = memory(smem)?;
    let a = shared_access(access)?;
    let mem = analysis::Memory::try_new(&m)?;
    let r = analysis::bank_conflicts_in(&mem, &a)?;
    let marked = r.conflicting_offsets(a.elem_bits());
    match &m {
        MaybeSwizzled::Plain(l) => rcute::print::svg_banks(l, a.elem_bits(), &marked),
        MaybeSwizzled::Swizzled(c) => rcute::print::svg_banks(c, a.elem_bits(), &marked),
    }
}

/// A thread-value layout over data of a shape: `TVLayout(tv, shape)`. It prints as the
/// layout; in Jupyter it shows the picture of `cute svg --tv TV SHAPE` (each cell names
/// the thread and value that own it).
#[pyclass(frozen, module = "rcute", name = "TVLayout")]
pub struct PyTvLayout {
    tv: rcute::Layout,
    shape: IntTuple,
}

#[pymethods]
impl PyTvLayout {
    #[new]
    fn new(py: Python<'_>, tv: &Bound<'_, PyAny>, shape: &Bound<'_, PyAny>) -> PyResult<Self> {
        let Value::Layout(tv) = convert::value_of(tv)? else {
            return Err(error::message(py, "a TV layout is a layout", ""));
        };
        let shape = convert::tuple_of(shape)?
            .ok_or_else(|| error::message(py, "the data shape must be a tuple of integers", ""))?;
        Ok(PyTvLayout { tv, shape })
    }

    /// The thread-value layout.
    #[getter]
    fn layout(&self) -> crate::layout::PyLayout {
        crate::layout::PyLayout(self.tv)
    }

    /// The data shape.
    #[getter]
    fn shape(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        convert::tuple_to_py(py, &self.shape)
    }

    fn __str__(&self) -> String {
        self.tv.to_string()
    }

    fn __repr__(&self) -> String {
        format!("TVLayout('{}', '{}')", self.tv, self.shape)
    }

    fn _repr_svg_(&self) -> Option<String> {
        rcute::print::svg_tv(&self.tv, &self.shape).ok()
    }

    /// The picture (`cute svg --tv TV SHAPE`).
    fn svg(&self, py: Python<'_>) -> PyResult<String> {
        rcute::print::svg_tv(&self.tv, &self.shape)
            .map_err(|e| error::core(py, e, &format!("svg({}, {})", self.tv, self.shape)))
    }
}

/// What an analysis prints (`bank_conflicts`, `coalescing`, `swizzle_for`, `tma_copy`):
/// `str()` is the text the calculator prints; a bank-conflict report shows in Jupyter
/// with its picture (`cute banks --svg`).
#[pyclass(frozen, module = "rcute", name = "Report")]
pub struct PyReport {
    pub(crate) text: String,
    /// The memory and the access of `bank_conflicts`, for its picture.
    pub(crate) banks: Option<(Value, Value)>,
}

#[pymethods]
impl PyReport {
    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> &str {
        self.text.trim_end()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<PyReport>() {
            Ok(o) => o.get().text == self.text,
            Err(_) => other.extract::<String>().is_ok_and(|s| s == self.text),
        }
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        pyo3::types::PyString::new(py, &self.text).hash()
    }

    /// The picture of a bank-conflict report (`cute banks --svg`); an `rcute.Error` for
    /// a report without one.
    fn svg(&self, py: Python<'_>) -> PyResult<String> {
        match &self.banks {
            Some((m, a)) => banks_svg(m, a).map_err(|e| error::core(py, e, "bank_conflicts")),
            None => Err(error::message(py, "this report has no picture", "")),
        }
    }

    fn _repr_html_(&self) -> String {
        let text = self
            .text
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;");
        let picture = self
            .banks
            .as_ref()
            .and_then(|(m, a)| banks_svg(m, a).ok())
            .unwrap_or_default();
        format!("<pre>{text}</pre>{picture}")
    }
}
