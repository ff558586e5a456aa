//! `rcute.Tensor`: a numpy array behind a layout, without a copy.
//!
//! The storage is one-dimensional: a 1-D array's elements (whatever its stride), or the
//! memory of a contiguous array in address order; offset `k` of the layout is element `k`
//! of it. Building a tensor checks once that every offset the layout reaches lies inside
//! the storage; every view (a slice, a tile, a partition) keeps the storage and is checked
//! again. `T(c)` is a numpy scalar, `numpy.asarray(T)` a strided view (one axis per leaf
//! mode of the layout).

use crate::convert;
use crate::error;
use crate::layout::{PyLayout, coordinate};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use rcute::int::Int;
use rcute::layout::Layout;
use rcute::tensor::CoordTensor;
use rcute::tuple::IntTuple;

/// A numpy array viewed through a CuTe layout: `rcute.make_tensor(array, layout)`.
///
/// `T(c)` (or `T[c]`) is the element at coordinate `c`, a numpy scalar; `T[c] = x` writes
/// it; a coordinate with `None` (CuTe's `_`) slices; `rcute.local_tile`,
/// `rcute.local_partition`, `rcute.logical_divide` and the other functions that take a
/// tensor give views of the same array; `numpy.asarray(T)` is a view with one axis per
/// leaf mode of the layout.
#[pyclass(frozen, module = "rcute", name = "Tensor")]
pub struct PyTensor {
    /// The storage: a 1-D numpy array.
    storage: Py<PyAny>,
    /// Its number of elements.
    len: i64,
    /// The offset of coordinate 0 in the storage, and the layout.
    origin: i64,
    layout: Layout,
}

/// The least and the greatest offset a layout reaches (relative to its origin).
fn offset_range(l: &Layout) -> Result<(i64, i64), String> {
    let (s, d) = (l.shape_ref(), l.stride_ref());
    let (mut lo, mut hi) = (0i64, 0i64);
    for (n, k) in s.leaves().zip(d.leaves()) {
        if k.is_basis() {
            return Err(format!(
                "a tensor's layout has integer strides; {l} has the stride {k}"
            ));
        }
        let reach = (n.value() - 1)
            .checked_mul(k.value())
            .ok_or_else(|| format!("the offsets of {l} overflow"))?;
        if reach < 0 {
            lo = lo.checked_add(reach).ok_or("overflow")?;
        } else {
            hi = hi.checked_add(reach).ok_or("overflow")?;
        }
    }
    Ok((lo, hi))
}

impl PyTensor {
    /// A tensor over `storage` (1-D, `len` elements), checked to stay inside it.
    fn checked(
        py: Python<'_>,
        storage: Py<PyAny>,
        len: i64,
        origin: i64,
        layout: Layout,
    ) -> PyResult<PyTensor> {
        let (lo, hi) =
            offset_range(&layout).map_err(|m| error::message(py, m, &layout.to_string()))?;
        let (first, last) = (origin + lo, origin + hi);
        if first < 0 || last >= len {
            return Err(error::message(
                py,
                format!(
                    "the tensor reaches the offsets {first} to {last} of storage with {len} elements"
                ),
                &layout.to_string(),
            ));
        }
        Ok(PyTensor {
            storage,
            len,
            origin,
            layout,
        })
    }

    /// The tensor as the language's coordinate tensor: its origin an integer offset.
    pub(crate) fn coords(&self) -> CoordTensor {
        CoordTensor::new(IntTuple::dynamic(self.origin), self.layout)
    }

    /// A view of the same storage: a coordinate tensor whose origin is an offset.
    pub(crate) fn view(&self, py: Python<'_>, t: &CoordTensor) -> PyResult<PyTensor> {
        let origin = match t.origin().as_int() {
            Some(i) if !i.is_basis() && !i.is_underscore() => i.value(),
            _ => {
                return Err(error::message(
                    py,
                    format!(
                        "a view of a tensor has an integer origin, not {}",
                        t.origin()
                    ),
                    &t.to_string(),
                ));
            }
        };
        PyTensor::checked(py, self.storage.clone_ref(py), self.len, origin, t.layout())
    }

    fn offset_of(&self, py: Python<'_>, c: &IntTuple) -> PyResult<i64> {
        let k = self
            .layout
            .try_crd2idx(c)
            .map_err(|e| error::core(py, e, &format!("{}({c})", self.layout)))?;
        if k.is_basis() {
            return Err(error::message(py, "a tensor's offsets are integers", ""));
        }
        Ok(self.origin + k.value())
    }

    /// `T(c)`: the element, or the slice where `c` has `_`.
    fn at(&self, py: Python<'_>, c: &IntTuple) -> PyResult<Py<PyAny>> {
        if c.has_underscore() {
            let s = self
                .coords()
                .try_slice(c)
                .map_err(|e| error::core(py, e, &format!("{}({c})", self.layout)))?;
            return Ok(Py::new(py, self.view(py, &s)?)?.into_any());
        }
        let k = self.offset_of(py, c)?;
        Ok(self.storage.bind(py).get_item(k)?.unbind())
    }
}

/// The storage of an array: the array itself when it is 1-D, else its memory in address
/// order when it is contiguous.
fn storage_of<'py>(py: Python<'py>, array: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let ndim: usize = array.getattr("ndim")?.extract()?;
    if ndim == 1 {
        return Ok(array.clone());
    }
    let flags = array.getattr("flags")?;
    let contiguous = flags.getattr("c_contiguous")?.extract::<bool>()?
        || flags.getattr("f_contiguous")?.extract::<bool>()?;
    if !contiguous {
        return Err(error::message(
            py,
            "the array is neither 1-D nor contiguous: give the layout of its elements (rcute.layout_of(array)) or a contiguous copy",
            "make_tensor(array, layout)",
        ));
    }
    let kwargs = PyDict::new(py);
    kwargs.set_item("order", "K")?;
    array.call_method("ravel", (), Some(&kwargs))
}

/// The layout of a numpy array's elements: its shape, and its strides in elements
/// (`(M,N):(N,1)` for a C-ordered M x N array), every value dynamic.
#[pyfunction]
pub(crate) fn layout_of(py: Python<'_>, array: &Bound<'_, PyAny>) -> PyResult<PyLayout> {
    let shape: Vec<i64> = array.getattr("shape")?.extract()?;
    let strides: Vec<i64> = array.getattr("strides")?.extract()?;
    let item: i64 = array.getattr("itemsize")?.extract()?;
    let mut d = Vec::with_capacity(strides.len());
    for s in &strides {
        if s % item != 0 {
            return Err(error::message(
                py,
                format!(
                    "the array's stride of {s} bytes is not a multiple of its {item}-byte elements"
                ),
                "layout_of(array)",
            ));
        }
        d.push(Int::dynamic(s / item));
    }
    let s: Vec<Int> = shape.iter().map(|&n| Int::dynamic(n)).collect();
    let text = "layout_of(array)";
    let (s, d) = if s.len() == 1 {
        (IntTuple::from_int(s[0]), IntTuple::from_int(d[0]))
    } else {
        (
            IntTuple::try_from_ints(&s).map_err(|e| error::core(py, e, text))?,
            IntTuple::try_from_ints(&d).map_err(|e| error::core(py, e, text))?,
        )
    };
    Layout::try_new(s, d)
        .map(PyLayout)
        .map_err(|e| error::core(py, e, text))
}

/// `make_tensor(array, layout=None)`: the array behind a layout, without a copy. Without
/// a layout, the array's own (`layout_of(array)`), over its memory from its first element.
#[pyfunction]
#[pyo3(signature = (array, layout = None))]
pub(crate) fn make_tensor(
    py: Python<'_>,
    array: &Bound<'_, PyAny>,
    layout: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyTensor> {
    if !array.hasattr("__array_interface__")? {
        return Err(PyTypeError::new_err("make_tensor takes a numpy array"));
    }
    let (storage, layout) = match layout {
        Some(l) => {
            let rcute_lang::Value::Layout(l) = convert::value_of(l)? else {
                return Err(error::message(
                    py,
                    "a tensor's layout is a layout (a swizzled layout's offsets are no numpy view)",
                    "make_tensor(array, layout)",
                ));
            };
            (storage_of(py, array)?, l)
        }
        None => {
            let l = layout_of(py, array)?.0;
            let (lo, hi) = offset_range(&l).map_err(|m| error::message(py, m, ""))?;
            if lo < 0 {
                return Err(error::message(
                    py,
                    "an array with negative strides needs a layout: make_tensor(array, layout)",
                    "make_tensor(array)",
                ));
            }
            let item: i64 = array.getattr("itemsize")?.extract()?;
            let tricks = py.import("numpy.lib.stride_tricks")?;
            let kwargs = PyDict::new(py);
            kwargs.set_item("shape", (hi + 1,))?;
            kwargs.set_item("strides", (item,))?;
            kwargs.set_item("writeable", array.getattr("flags")?.getattr("writeable")?)?;
            (
                tricks
                    .getattr("as_strided")?
                    .call((array,), Some(&kwargs))?,
                l,
            )
        }
    };
    let len: i64 = storage.getattr("shape")?.get_item(0)?.extract()?;
    PyTensor::checked(py, storage.unbind(), len, 0, layout)
}

#[pymethods]
impl PyTensor {
    /// The layout.
    #[getter]
    fn layout(&self) -> PyLayout {
        PyLayout(self.layout)
    }

    /// The offset of coordinate 0 in the storage.
    #[getter]
    fn offset(&self) -> i64 {
        self.origin
    }

    /// The storage: a 1-D numpy array (offset `k` of the layout is its element `k`).
    #[getter]
    fn storage(&self, py: Python<'_>) -> Py<PyAny> {
        self.storage.clone_ref(py)
    }

    /// The shape of the layout.
    #[getter]
    fn shape(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        convert::tuple_to_py(py, self.layout.shape_ref())
    }

    #[pyo3(signature = (*args))]
    fn __call__(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<Py<PyAny>> {
        self.at(py, &coordinate(args)?)
    }

    fn __getitem__(&self, py: Python<'_>, c: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let c = convert::tuple_of(c)?
            .ok_or_else(|| PyTypeError::new_err("a coordinate is integers, tuples and None"))?;
        self.at(py, &c)
    }

    fn __setitem__(
        &self,
        py: Python<'_>,
        c: &Bound<'_, PyAny>,
        x: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let c = convert::tuple_of(c)?
            .ok_or_else(|| PyTypeError::new_err("a coordinate is integers, tuples and None"))?;
        if c.has_underscore() {
            return Err(PyTypeError::new_err(
                "assign to one element; write through numpy.asarray(T) for a slice",
            ));
        }
        let k = self.offset_of(py, &c)?;
        self.storage.bind(py).set_item(k, x)
    }

    fn __len__(&self) -> PyResult<usize> {
        Ok(self.layout.size().value() as usize)
    }

    /// `numpy.asarray(T)`: a view with one axis per leaf mode of the layout (a copy only
    /// when `copy=True` asks for one).
    #[pyo3(signature = (dtype = None, copy = None))]
    fn __array__(
        &self,
        py: Python<'_>,
        dtype: Option<&Bound<'_, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<Py<PyAny>> {
        let storage = self.storage.bind(py);
        let step: i64 = storage.getattr("strides")?.get_item(0)?.extract()?;
        let shape: Vec<i64> = self
            .layout
            .shape_ref()
            .leaves()
            .map(|i| i.value())
            .collect();
        let strides: Vec<i64> = self
            .layout
            .stride_ref()
            .leaves()
            .map(|i| i.value() * step)
            .collect();
        let start = storage.get_item(pyo3::types::PySlice::new(
            py,
            self.origin as isize,
            self.len as isize,
            1,
        ))?;
        let tricks = py.import("numpy.lib.stride_tricks")?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("shape", PyTuple::new(py, shape)?)?;
        kwargs.set_item("strides", PyTuple::new(py, strides)?)?;
        kwargs.set_item("writeable", storage.getattr("flags")?.getattr("writeable")?)?;
        let mut view = tricks
            .getattr("as_strided")?
            .call((start,), Some(&kwargs))?;
        if let Some(dt) = dtype {
            view = view.call_method1("astype", (dt,))?;
        }
        if copy == Some(true) {
            view = view.call_method0("copy")?;
        }
        Ok(view.unbind())
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        let storage = self.storage.bind(py);
        let bits: i64 = storage.getattr("itemsize")?.extract::<i64>()? * 8;
        let addr: usize = storage
            .getattr("__array_interface__")?
            .get_item("data")?
            .get_item(0)?
            .extract()?;
        let step: i64 = storage.getattr("strides")?.get_item(0)?.extract()?;
        let at = (addr as i64 + self.origin * step) as usize;
        Ok(format!("ptr[{bits}b](0x{at:x}) o {}", self.layout))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        self.__str__(py)
    }
}
