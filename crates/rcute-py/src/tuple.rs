//! `rcute.IntTuple`: an integer or a nested tuple of integers, each static (`_8`) or
//! dynamic (`8`), as CuTe prints it.

use crate::convert::{self, tuple_of, tuple_to_py};
use crate::error;
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use rcute::int::Int;
use rcute::tuple::IntTuple;
use std::hash::{Hash, Hasher};

/// An integer or a nested tuple of integers with CuTe's static marks: `IntTuple("(_2,4)")`
/// is `(_2,4)`, `IntTuple((2, 4))` is `(2,4)` (a Python `int` is dynamic),
/// `IntTuple.static(8)` is `_8`. `str()` prints it as CuTe does; `len()` is its rank,
/// iteration and `[i]` give its modes, `==` compares values as CuTe's `==` does
/// (`_8 == 8`), and an integer converts with `int()` and works as an index.
#[pyclass(frozen, module = "rcute", name = "IntTuple")]
#[derive(Clone, Copy)]
pub struct PyIntTuple(pub IntTuple);

/// `t` with every integer dynamic, for CuTe's `==` and its hash.
fn normal(t: &IntTuple) -> IntTuple {
    t.to_dynamic()
}

impl PyIntTuple {
    fn leaf_int(&self) -> PyResult<Int> {
        match self.0.as_int() {
            Some(i) if !i.is_basis() && !i.is_underscore() => Ok(i),
            _ => Err(PyTypeError::new_err(format!(
                "{} is not an integer",
                self.0
            ))),
        }
    }
}

/// The other operand of an arithmetic operator, as an integer.
fn operand(obj: &Bound<'_, PyAny>) -> PyResult<Option<Int>> {
    Ok(match tuple_of(obj)? {
        Some(t) => t.as_int().filter(|i| !i.is_basis() && !i.is_underscore()),
        None => None,
    })
}

/// Which of CuTe's integer operations.
#[derive(Clone, Copy)]
enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

impl PyIntTuple {
    /// `self op other` (`reflected`: `other op self`) by CuTe's rules for static and
    /// dynamic integers.
    fn binop(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: Op,
        reflected: bool,
    ) -> PyResult<Py<PyAny>> {
        let (Ok(x), Some(y)) = (self.leaf_int(), operand(other)?) else {
            return Ok(py.NotImplemented());
        };
        let (a, b) = if reflected { (y, x) } else { (x, y) };
        let (r, sym) = match op {
            Op::Add => (a.try_add(b), "+"),
            Op::Sub => (a.try_sub(b), "-"),
            Op::Mul => (a.try_mul(b), "*"),
            Op::Div => (a.try_div(b), "/"),
            Op::Rem => (a.try_rem(b), "%"),
        };
        let r = r.map_err(|e| error::core(py, e, &format!("{a} {sym} {b}")))?;
        tuple_to_py(py, &IntTuple::from_int(r))
    }
}

#[pymethods]
impl PyIntTuple {
    /// `IntTuple(x)`: `x` an integer, a (nested) tuple or list of integers and `None`
    /// (CuTe's `_`), an IntTuple, or a program of the language giving one (`"(_2,4)"`).
    #[new]
    fn new(py: Python<'_>, x: &Bound<'_, PyAny>) -> PyResult<Self> {
        match convert::value_of(x)? {
            rcute_lang::Value::Tuple(t) => Ok(PyIntTuple(t)),
            v => Err(error::message(
                py,
                format!("an IntTuple holds integers; this is {}", v.kind()),
                &v.to_string(),
            )),
        }
    }

    /// `IntTuple.static(8)` is the static integer `_8`; `IntTuple.static((2, 4))` is
    /// `(_2,_4)`.
    #[staticmethod]
    fn r#static(py: Python<'_>, x: &Bound<'_, PyAny>) -> PyResult<Self> {
        match tuple_of(x)? {
            Some(t) => Ok(PyIntTuple(t.to_static())),
            None => Err(error::message(py, "static takes integers", "")),
        }
    }

    /// The same values, every one dynamic.
    fn dynamic(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        tuple_to_py(py, &self.0.to_dynamic())
    }

    /// Whether every integer is static.
    #[getter]
    fn is_static(&self) -> bool {
        self.0.is_static()
    }

    /// Whether it is one integer (not a tuple).
    #[getter]
    fn is_leaf(&self) -> bool {
        self.0.is_leaf()
    }

    /// The value as plain Python: an `int`, a nested `tuple` of ints, `None` for `_`.
    #[allow(clippy::wrong_self_convention)] // a Python method: self is a reference
    fn to_python(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        plain(py, &self.0)
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("IntTuple('{}')", self.0)
    }

    fn __len__(&self) -> usize {
        self.0.rank()
    }

    fn __getitem__(&self, py: Python<'_>, i: isize) -> PyResult<Py<PyAny>> {
        let n = self.0.rank() as isize;
        let k = if i < 0 { i + n } else { i };
        if k < 0 || k >= n {
            return Err(PyIndexError::new_err(format!(
                "mode {i} of {} (rank {n})",
                self.0
            )));
        }
        let m = self
            .0
            .try_get(k as usize)
            .map_err(|e| error::core(py, e, &self.0.to_string()))?;
        tuple_to_py(py, &m)
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let modes = (0..self.0.rank())
            .map(|k| {
                self.0
                    .try_get(k)
                    .map_err(|e| error::core(py, e, &self.0.to_string()))
                    .and_then(|m| tuple_to_py(py, &m))
            })
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
        let Some(o) = tuple_of(other)? else {
            return Ok(py.NotImplemented());
        };
        let r = match op {
            CompareOp::Eq => normal(&self.0) == normal(&o),
            CompareOp::Ne => normal(&self.0) != normal(&o),
            _ => {
                let (Ok(a), Some(b)) = (self.leaf_int(), o.as_int()) else {
                    return Ok(py.NotImplemented());
                };
                let (a, b) = (a.value(), b.value());
                match op {
                    CompareOp::Lt => a < b,
                    CompareOp::Le => a <= b,
                    CompareOp::Gt => a > b,
                    _ => a >= b,
                }
            }
        };
        Ok(pyo3::types::PyBool::new(py, r)
            .to_owned()
            .into_any()
            .unbind())
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        if let Ok(i) = self.leaf_int() {
            // an integer hashes as the Python int it equals
            return i.value().into_pyobject(py)?.hash();
        }
        let mut h = std::collections::hash_map::DefaultHasher::new();
        normal(&self.0).hash(&mut h);
        Ok(h.finish() as isize)
    }

    fn __bool__(&self) -> bool {
        match self.leaf_int() {
            Ok(i) => i.value() != 0,
            Err(_) => self.0.rank() > 0,
        }
    }

    fn __int__(&self) -> PyResult<i64> {
        Ok(self.leaf_int()?.value())
    }

    fn __index__(&self) -> PyResult<i64> {
        Ok(self.leaf_int()?.value())
    }

    fn __neg__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let a = self.leaf_int()?;
        let r = a
            .try_neg()
            .map_err(|e| error::core(py, e, &format!("-{a}")))?;
        tuple_to_py(py, &IntTuple::from_int(r))
    }

    fn __add__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binop(py, o, Op::Add, false)
    }

    fn __radd__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binop(py, o, Op::Add, true)
    }

    fn __sub__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binop(py, o, Op::Sub, false)
    }

    fn __rsub__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binop(py, o, Op::Sub, true)
    }

    fn __mul__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binop(py, o, Op::Mul, false)
    }

    fn __rmul__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binop(py, o, Op::Mul, true)
    }

    /// CuTe's `/` (C++'s, truncating toward zero).
    fn __floordiv__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binop(py, o, Op::Div, false)
    }

    fn __rfloordiv__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binop(py, o, Op::Div, true)
    }

    /// CuTe's `%` (C++'s, the sign of the dividend).
    fn __mod__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binop(py, o, Op::Rem, false)
    }

    fn __rmod__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binop(py, o, Op::Rem, true)
    }
}

/// An IntTuple as plain Python values: ints, tuples, `None` for `_`.
pub(crate) fn plain(py: Python<'_>, t: &IntTuple) -> PyResult<Py<PyAny>> {
    if let Some(i) = t.as_int() {
        if i.is_underscore() {
            return Ok(py.None());
        }
        return Ok(i.value().into_pyobject(py)?.into_any().unbind());
    }
    let parts = (0..t.rank())
        .map(|k| {
            t.try_get(k)
                .map_err(|e| error::core(py, e, &t.to_string()))
                .and_then(|m| plain(py, &m))
        })
        .collect::<PyResult<Vec<_>>>()?;
    Ok(pyo3::types::PyTuple::new(py, parts)?.into_any().unbind())
}
