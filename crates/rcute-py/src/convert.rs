//! Python objects to the language's values and back, directly (no text in between).
//!
//! A Python `int` is a dynamic integer (the language's `8`); a static one (`_8`) is an
//! [`crate::tuple::PyIntTuple`]. A tuple or list of integers is an IntTuple; one that holds
//! layouts is a tiler (the language's tuple of layouts); `None` is CuTe's underscore `_`;
//! a `str` is a program of the language whose last expression is the value
//! (`"(4,8):(8,1)"`, `"SM80_16x8x16_F32F16F16F32_TN"`, `"Swizzle<3,4,3>"`). Back, a
//! dynamic integer is a Python `int` (it prints as the calculator prints it), anything
//! else an object of its class.

use crate::error;
use crate::layout::PyLayout;
use crate::objects::{
    PyAccess, PyComposedLayout, PyCoordTensor, PyCopyAtom, PyMmaAtom, PySwizzle, PyTag,
    PyTiledCopy, PyTiledMma,
};
use crate::tuple::PyIntTuple;
use pyo3::exceptions::{PyOverflowError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyString, PyTuple};
use rcute::int::Int;
use rcute::tuple::IntTuple;
use rcute_lang::Value;

/// `obj` as an `i64`, if it is a Python integer (or has `__index__`, as numpy's integers
/// do); `bool` is not an integer here.
pub(crate) fn index_of(obj: &Bound<'_, PyAny>) -> PyResult<Option<i64>> {
    if let Ok(i) = obj.cast::<PyInt>() {
        if obj.is_instance_of::<pyo3::types::PyBool>() {
            return Ok(None);
        }
        return i
            .extract::<i64>()
            .map(Some)
            .map_err(|_| PyOverflowError::new_err(format!("{obj} does not fit in 64 bits")));
    }
    // rcute's own objects and strings are no integers (asked first: a failed attribute
    // lookup raises and costs a microsecond)
    if obj.is_instance_of::<PyString>()
        || obj.cast::<PyIntTuple>().is_ok()
        || obj.cast::<PyLayout>().is_ok()
        || obj.cast::<crate::pycute::PcLayout>().is_ok()
        || obj
            .get_type()
            .module()
            .is_ok_and(|m| m.to_cow().is_ok_and(|m| m.starts_with("rcute")))
        || !obj.hasattr(pyo3::intern!(obj.py(), "__index__"))?
    {
        return Ok(None);
    }
    let i = obj.call_method0(pyo3::intern!(obj.py(), "__index__"))?;
    index_of(&i)
}

/// `obj` as an IntTuple, `None` when it is not one (a layout, a string, ...).
pub(crate) fn tuple_of(obj: &Bound<'_, PyAny>) -> PyResult<Option<IntTuple>> {
    if let Ok(t) = obj.cast::<PyIntTuple>() {
        return Ok(Some(t.get().0));
    }
    if let Ok(i) = obj.cast::<PyInt>()
        && !obj.is_instance_of::<pyo3::types::PyBool>()
    {
        let v = i
            .extract::<i64>()
            .map_err(|_| PyOverflowError::new_err(format!("{obj} does not fit in 64 bits")))?;
        return Ok(Some(IntTuple::dynamic(v)));
    }
    if obj.is_none() {
        return Ok(Some(IntTuple::from_int(Int::UNDERSCORE)));
    }
    if let Ok(t) = obj.cast::<PyTuple>() {
        return seq_of(obj.py(), t.iter());
    }
    if let Ok(l) = obj.cast::<PyList>() {
        return seq_of(obj.py(), l.iter());
    }
    Ok(index_of(obj)?.map(IntTuple::dynamic))
}

fn seq_of<'py>(
    py: Python<'py>,
    items: impl ExactSizeIterator<Item = Bound<'py, PyAny>>,
) -> PyResult<Option<IntTuple>> {
    let n = items.len();
    if n > rcute::CAPACITY {
        return Err(error::message(
            py,
            format!(
                "a tuple of {n} modes: a tuple holds at most {} leaves",
                rcute::CAPACITY
            ),
            "",
        ));
    }
    let mut parts = Vec::with_capacity(n);
    for x in items {
        match tuple_of(&x)? {
            Some(t) => parts.push(t),
            None => return Ok(None),
        }
    }
    IntTuple::try_tuple(&parts)
        .map(Some)
        .map_err(|e| error::core(py, e, ""))
}

/// `obj` as a value of the language.
pub(crate) fn value_of(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    if let Ok(l) = obj.cast::<PyLayout>() {
        return Ok(Value::Layout(l.get().0));
    }
    if let Some(t) = tuple_of(obj)? {
        return Ok(Value::Tuple(t));
    }
    let py = obj.py();
    if let Ok(s) = obj.cast::<PyString>() {
        let text = s.to_cow()?;
        return rcute_lang::eval_value(&text).map_err(|e| error::raise(py, &e, &text, ""));
    }
    if let Ok(t) = obj.cast::<PyTuple>() {
        return list_of(py, t.iter());
    }
    if let Ok(l) = obj.cast::<PyList>() {
        return list_of(py, l.iter());
    }
    macro_rules! wrapped {
        ($($class:ty),*) => {
            $(if let Ok(x) = obj.cast::<$class>() {
                return Ok(x.get().value());
            })*
        };
    }
    wrapped!(
        PySwizzle,
        PyComposedLayout,
        PyCoordTensor,
        PyMmaAtom,
        PyCopyAtom,
        PyTiledMma,
        PyTiledCopy,
        PyAccess,
        PyTag
    );
    if let Ok(t) = obj.cast::<crate::tensor::PyTensor>() {
        return Ok(Value::Tensor(Box::new(t.get().coords())));
    }
    Err(PyTypeError::new_err(format!(
        "rcute takes integers, tuples, layouts, rcute objects and programs (str); this is {}",
        obj.get_type().name()?
    )))
}

fn list_of<'py>(
    py: Python<'py>,
    items: impl ExactSizeIterator<Item = Bound<'py, PyAny>>,
) -> PyResult<Value> {
    let vals = items.map(|x| value_of(&x)).collect::<PyResult<Vec<_>>>()?;
    Value::try_list(vals).map_err(|e| error::core(py, e, ""))
}

/// A value as a Python object: a dynamic integer as an `int`, the rest as rcute's objects
/// (a printer's text as a `str`).
pub(crate) fn to_py(py: Python<'_>, v: Value) -> PyResult<Py<PyAny>> {
    Ok(match v {
        Value::Tuple(t) => return tuple_to_py(py, &t),
        Value::Layout(l) => Py::new(py, PyLayout(l))?.into_any(),
        Value::List(items) => {
            let objs = items
                .into_iter()
                .map(|x| to_py(py, x))
                .collect::<PyResult<Vec<_>>>()?;
            PyTuple::new(py, objs)?.into_any().unbind()
        }
        Value::Tag(_) => Py::new(py, PyTag(v))?.into_any(),
        Value::Swizzle(_) => Py::new(py, PySwizzle(v))?.into_any(),
        Value::Composed(_) | Value::Chain(_) => Py::new(py, PyComposedLayout(v))?.into_any(),
        Value::Tensor(_) => Py::new(py, PyCoordTensor(v))?.into_any(),
        Value::MmaAtom(_) => Py::new(py, PyMmaAtom(v))?.into_any(),
        Value::CopyAtom(_) => Py::new(py, PyCopyAtom(v))?.into_any(),
        Value::TiledMma(_) => Py::new(py, PyTiledMma(v))?.into_any(),
        Value::TiledCopy(_) => Py::new(py, PyTiledCopy(v))?.into_any(),
        Value::Access(_) => Py::new(py, PyAccess(v))?.into_any(),
        Value::Printed(s) => PyString::new(py, &s).into_any().unbind(),
        Value::ElementType(t) => PyString::new(py, t).into_any().unbind(),
        other => PyString::new(py, &other.to_string()).into_any().unbind(),
    })
}

/// An IntTuple as a Python object: a dynamic integer as an `int`, the rest as an
/// `rcute.IntTuple`.
pub(crate) fn tuple_to_py(py: Python<'_>, t: &IntTuple) -> PyResult<Py<PyAny>> {
    if let Some(i) = t.as_int()
        && plain_dynamic(i)
    {
        return Ok(i.value().into_pyobject(py)?.into_any().unbind());
    }
    Ok(Py::new(py, PyIntTuple(*t))?.into_any())
}

/// A dynamic integer that is not `_` and not a basis element: Python's `int` says all of it.
pub(crate) fn plain_dynamic(i: Int) -> bool {
    !i.is_static() && !i.is_basis() && !i.is_underscore()
}
