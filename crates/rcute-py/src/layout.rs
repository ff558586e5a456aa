//! `rcute.Layout`: a layout as a Python object, a function from coordinates to offsets.

use crate::convert::{self, tuple_of, tuple_to_py};
use crate::error;
use crate::pictures;
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyTuple};
use rcute::layout::Layout;
use rcute::tuple::IntTuple;
use std::hash::{Hash, Hasher};

/// A CuTe layout: a shape and a stride, a function from coordinates to offsets.
///
/// `Layout("(4,(2,2)):(2,(1,8))")` (any program of the language that gives a layout),
/// `Layout((4, 8), (8, 1))` (shape and stride; without the stride, CuTe's column-major
/// `make_layout(shape)`). `L(2, (1, 0))` and `L(6)` give offsets, `L(None, 1)` slices
/// (`None` is CuTe's `_`); `len(L)` is its rank, iteration and `L[i]` give its modes, `==`
/// is CuTe's (shapes and strides equal as values), and `str(L)` prints it as CuTe does.
#[pyclass(frozen, module = "rcute", name = "Layout")]
#[derive(Clone, Copy)]
pub struct PyLayout(pub Layout);

/// The coordinate of a call `f(*args)`: one argument is the coordinate, several a tuple.
pub(crate) fn coordinate(args: &Bound<'_, PyTuple>) -> PyResult<IntTuple> {
    let c = if args.len() == 1 {
        tuple_of(&args.get_item(0)?)?
    } else {
        tuple_of(args.as_any())?
    };
    c.ok_or_else(|| {
        PyTypeError::new_err(format!(
            "a coordinate is integers, tuples of them and None (CuTe's _); this is {}",
            args.repr().map(|r| r.to_string()).unwrap_or_default()
        ))
    })
}

/// `L(c)`: the offset of a coordinate, or the layout sliced where `c` has `_`.
pub(crate) fn apply(py: Python<'_>, l: &Layout, c: &IntTuple) -> PyResult<Py<PyAny>> {
    if c.has_underscore() {
        return match l.try_slice(c) {
            Ok(s) => Ok(Py::new(py, PyLayout(s))?.into_any()),
            Err(e) => Err(error::core(py, e, &format!("{l}({c})"))),
        };
    }
    match l.try_apply(c) {
        Ok(t) => tuple_to_py(py, &t),
        Err(e) => Err(error::core(py, e, &format!("{l}({c})"))),
    }
}

fn hash_of<T: Hash>(t: &T) -> isize {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    t.hash(&mut h);
    h.finish() as isize
}

#[pymethods]
impl PyLayout {
    #[new]
    #[pyo3(signature = (shape, stride = None))]
    fn new(
        py: Python<'_>,
        shape: &Bound<'_, PyAny>,
        stride: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        if stride.is_none() {
            if let Ok(l) = shape.cast::<PyLayout>() {
                return Ok(*l.get());
            }
            if shape.is_instance_of::<pyo3::types::PyString>() {
                return match convert::value_of(shape)? {
                    rcute_lang::Value::Layout(l) => Ok(PyLayout(l)),
                    v => Err(error::message(
                        py,
                        format!("the program gives {}, not a layout", v.kind()),
                        &v.to_string(),
                    )),
                };
            }
        }
        let s = tuple_of(shape)?
            .ok_or_else(|| PyTypeError::new_err("a shape is integers and tuples of them"))?;
        let l = match stride {
            None => Layout::try_from_shape(s),
            Some(d) => {
                let d = tuple_of(d)?.ok_or_else(|| {
                    PyTypeError::new_err("a stride is integers and tuples of them")
                })?;
                Layout::try_new(s, d)
            }
        };
        l.map(PyLayout)
            .map_err(|e| error::core(py, e, &format!("make_layout({s})")))
    }

    /// The shape: an `IntTuple` (an `int` when it is one dynamic integer).
    #[getter]
    fn shape(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        tuple_to_py(py, self.0.shape_ref())
    }

    /// The stride: an `IntTuple` (an `int` when it is one dynamic integer).
    #[getter]
    fn stride(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        tuple_to_py(py, self.0.stride_ref())
    }

    #[pyo3(signature = (*args))]
    fn __call__(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<Py<PyAny>> {
        // the usual call, L(i) with a Python int: no tuple to build
        if args.len() == 1
            && let Ok(item) = args.get_item(0)
            && let Ok(i) = item.cast::<PyInt>()
            && let Ok(v) = i.extract::<i64>()
        {
            return apply(py, &self.0, &IntTuple::dynamic(v));
        }
        apply(py, &self.0, &coordinate(args)?)
    }

    fn __len__(&self) -> usize {
        self.0.rank()
    }

    fn __getitem__(&self, py: Python<'_>, i: isize) -> PyResult<PyLayout> {
        let n = self.0.rank() as isize;
        let k = if i < 0 { i + n } else { i };
        if k < 0 || k >= n {
            return Err(PyIndexError::new_err(format!(
                "mode {i} of {} (rank {n})",
                self.0
            )));
        }
        self.0
            .try_mode(k as usize)
            .map(PyLayout)
            .map_err(|e| error::core(py, e, &format!("layout<{k}>({})", self.0)))
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let modes = (0..self.0.rank())
            .map(|k| self.__getitem__(py, k as isize))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(pyo3::types::PyList::new(py, modes)?
            .as_any()
            .try_iter()?
            .into_any()
            .unbind())
    }

    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let Ok(o) = other.cast::<PyLayout>() else {
            return Ok(py.NotImplemented());
        };
        let o = o.get().0;
        let eq = self.0.shape_ref().to_dynamic() == o.shape_ref().to_dynamic()
            && self.0.stride_ref().to_dynamic() == o.stride_ref().to_dynamic();
        match op {
            CompareOp::Eq => Ok(pyo3::types::PyBool::new(py, eq)
                .to_owned()
                .into_any()
                .unbind()),
            CompareOp::Ne => Ok(pyo3::types::PyBool::new(py, !eq)
                .to_owned()
                .into_any()
                .unbind()),
            _ => Ok(py.NotImplemented()),
        }
    }

    fn __hash__(&self) -> isize {
        hash_of(&(
            self.0.shape_ref().to_dynamic(),
            self.0.stride_ref().to_dynamic(),
        ))
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Layout('{}')", self.0)
    }

    /// The picture `cute svg` draws of a layout of rank 2 or less (one cell per
    /// coordinate, its offset, CuTe's grays); `None` for a layout it cannot draw.
    fn _repr_svg_(&self) -> Option<String> {
        pictures::layout_svg(&self.0)
    }

    /// CuTe's `print_layout` table (`cute show`).
    fn table(&self, py: Python<'_>) -> PyResult<String> {
        rcute::print_layout(&self.0)
            .map(|t| t.to_string())
            .map_err(|e| error::core(py, e, &format!("print_layout({})", self.0)))
    }

    /// The SVG picture (`cute svg`), or the TV picture over data of shape `shape`
    /// (`cute svg --tv`).
    #[pyo3(signature = (shape = None))]
    fn svg(&self, py: Python<'_>, shape: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        pictures::svg_of(py, &rcute_lang::Value::Layout(self.0), shape)
    }
}
