//! Every function of the language as a Python callable under its CuTe name: one
//! `rcute.Function` per entry of the language's table (`rcute_lang::FUNCTIONS`), so a
//! function added to the table appears in Python with its one-line doc.
//!
//! `rcute.size(L)` calls `size(L)`; CuTe's template arguments are an index:
//! `rcute.size[1](L)` is `size<1>(L)`, `rcute.take[1, 3](L)` is `take<1,3>(L)` and
//! `rcute.recast_layout["uint8_t", "half_t"](L)` is `recast_layout<uint8_t,half_t>(L)`.

use crate::convert::{to_py, value_of};
use crate::error;
use crate::pictures::PyReport;
use crate::tensor::PyTensor;
use pyo3::exceptions::{PyKeyError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use rcute_lang::{Function, Span, Value};

/// The span given to the arguments of a call that has no text: an error's real span is
/// found by calling again with the text of the call ([`PyFunction::error`]).
const NO_TEXT: Span = Span { start: 0, end: 1 };

/// A function of the language under its CuTe name: call it with its arguments (Python
/// ints, tuples, `None` for `_`, rcute objects, or programs of the language as `str`);
/// index it with its template arguments (`size[1](L)` is `size<1>(L)`).
#[pyclass(frozen, dict, module = "rcute", name = "Function")]
pub struct PyFunction {
    func: &'static Function,
    targs: Vec<i64>,
}

impl PyFunction {
    /// `name<targs>`, as the language writes it.
    fn written(&self) -> String {
        if self.targs.is_empty() {
            return self.func.name.to_string();
        }
        let t: Vec<String> = self.targs.iter().map(|v| v.to_string()).collect();
        format!("{}<{}>", self.func.name, t.join(","))
    }

    /// Calls it on values (spans: where an error about each one points).
    fn run(
        &self,
        args: Vec<(Value, Span)>,
        name: Span,
        whole: Span,
    ) -> Result<Value, rcute_lang::EvalError> {
        rcute_lang::call(self.func, &self.targs, args, name, whole)
    }

    /// The error of a call that failed, with its caret: the call again, on the text of its
    /// arguments (a value that prints on several lines is written by its kind).
    fn error(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyErr {
        let mut text = self.written();
        let name = Span::new(0, text.len());
        text.push('(');
        let mut vals = Vec::with_capacity(args.len());
        for (k, a) in args.iter().enumerate() {
            if k > 0 {
                text.push_str(", ");
            }
            let v = match value_of(&a) {
                Ok(v) => v,
                Err(e) => return e,
            };
            let shown = crate::pictures::shown(&v);
            let start = text.len();
            text.push_str(&shown);
            vals.push((v, Span::new(start, text.len())));
        }
        text.push(')');
        let whole = Span::new(0, text.len());
        match self.run(vals, name, whole) {
            Err(e) => error::raise(py, &e, &text, ""),
            Ok(_) => error::message(py, "the call failed once and not again", &text),
        }
    }

    /// A printer's text printed (`print_layout`), a predicate's answer as a `bool`, an
    /// analysis as an `rcute.Report`, any other value as its Python object.
    fn result(&self, py: Python<'_>, v: Value, args: &Bound<'_, PyTuple>) -> PyResult<Py<PyAny>> {
        if let Value::Tensor(t) = &v {
            // a view of a numpy tensor argument is a numpy tensor
            for a in args.iter() {
                if let Ok(x) = a.cast::<PyTensor>() {
                    return Ok(Py::new(py, x.get().view(py, t)?)?.into_any());
                }
            }
        }
        let Value::Printed(text) = v else {
            return to_py(py, v);
        };
        if self.func.name.starts_with("print_") {
            let sys = py.import("sys")?;
            sys.getattr("stdout")?.call_method1("write", (text,))?;
            return Ok(py.None());
        }
        match text.as_str() {
            "true\n" => {
                return Ok(pyo3::types::PyBool::new(py, true)
                    .to_owned()
                    .into_any()
                    .unbind());
            }
            "false\n" => {
                return Ok(pyo3::types::PyBool::new(py, false)
                    .to_owned()
                    .into_any()
                    .unbind());
            }
            _ => {}
        }
        let banks = if self.func.name == "bank_conflicts" && args.len() == 2 {
            Some((value_of(&args.get_item(0)?)?, value_of(&args.get_item(1)?)?))
        } else {
            None
        };
        Ok(Py::new(py, PyReport { text, banks })?.into_any())
    }
}

/// A template argument: an integer, or an element type's name (`"half_t"`: its bits).
fn targ(py: Python<'_>, x: &Bound<'_, PyAny>) -> PyResult<i64> {
    if let Ok(s) = x.cast::<PyString>() {
        let name = s.to_cow()?;
        return rcute::atom::element_bits(&name)
            .ok_or_else(|| error::message(py, format!("unknown element type {name}"), &name));
    }
    match crate::convert::index_of(x)? {
        Some(i) => Ok(i),
        None => Err(PyTypeError::new_err(
            "a template argument is an integer or an element type's name",
        )),
    }
}

#[pymethods]
impl PyFunction {
    #[pyo3(signature = (*args))]
    fn __call__(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<Py<PyAny>> {
        let mut vals = Vec::with_capacity(args.len());
        for a in args.iter() {
            vals.push((value_of(&a)?, NO_TEXT));
        }
        match self.run(vals, NO_TEXT, NO_TEXT) {
            Ok(v) => self.result(py, v, args),
            Err(_) => Err(self.error(py, args)),
        }
    }

    /// `f[targs]`: the function with CuTe's template arguments (`size[1]` is `size<1>`).
    fn __getitem__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<PyFunction> {
        if !self.targs.is_empty() {
            return Err(PyKeyError::new_err(format!(
                "{} already has its template arguments",
                self.written()
            )));
        }
        let targs = match key.cast::<PyTuple>() {
            Ok(t) => t
                .iter()
                .map(|x| targ(py, &x))
                .collect::<PyResult<Vec<_>>>()?,
            Err(_) => vec![targ(py, key)?],
        };
        let (lo, hi) = self.func.targs;
        if targs.len() < lo || targs.len() > hi {
            return Err(error::message(
                py,
                format!(
                    "{}: takes {} template arguments, given {}",
                    self.func.name,
                    if hi == usize::MAX {
                        format!("at least {lo}")
                    } else if lo == hi {
                        lo.to_string()
                    } else {
                        format!("{lo} to {hi}")
                    },
                    targs.len()
                ),
                self.func.name,
            ));
        }
        Ok(PyFunction {
            func: self.func,
            targs,
        })
    }

    /// Its CuTe name.
    #[getter]
    fn __name__(&self) -> &'static str {
        self.func.name
    }

    /// Its one-line description from the language's table, with its numbers of
    /// arguments (the module sets it as the function's `__doc__`).
    #[getter]
    fn doc(&self) -> String {
        let (lo, hi) = self.func.args;
        let count = |lo: usize, hi: usize| {
            if hi == usize::MAX {
                format!("{lo} or more")
            } else if lo == hi {
                lo.to_string()
            } else {
                format!("{lo} to {hi}")
            }
        };
        let mut doc = format!("{}\n\nArguments: {}", self.func.doc, count(lo, hi));
        let (tlo, thi) = self.func.targs;
        if thi > 0 {
            doc.push_str(&format!(
                "; template arguments (f[...]): {}",
                count(tlo, thi)
            ));
        }
        doc.push('.');
        doc
    }

    /// The least and most numbers of arguments (`None`: any number).
    #[getter]
    fn arity(&self) -> (usize, Option<usize>) {
        let (lo, hi) = self.func.args;
        (lo, (hi != usize::MAX).then_some(hi))
    }

    /// The least and most numbers of template arguments (`None`: any number).
    #[getter]
    fn template_arity(&self) -> (usize, Option<usize>) {
        let (lo, hi) = self.func.targs;
        (lo, (hi != usize::MAX).then_some(hi))
    }

    fn __repr__(&self) -> String {
        format!("<rcute function {}>", self.written())
    }
}

/// Every function of the language's table.
#[pyfunction]
pub(crate) fn functions() -> Vec<PyFunction> {
    rcute_lang::FUNCTIONS
        .iter()
        .map(|func| PyFunction {
            func,
            targs: Vec::new(),
        })
        .collect()
}
