//! `rcute.Error`: rcute's message and the caret under the part of a program it is about.

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use rcute_lang::{EvalError, Span};

pyo3::create_exception!(
    rcute,
    Error,
    pyo3::exceptions::PyValueError,
    "An error of rcute: a violated pre-condition, a bad argument, a program that does not \
     parse. `str(e)` is what the `cute` calculator prints (`error: MESSAGE`, the program \
     line and a caret under the offending part); `e.message` is the message alone, \
     `e.program` the program text, `e.span` the (start, end) byte range the caret marks, \
     and `e.output` what the statements before the error printed (for `rcute.eval`)."
);

/// The Python exception of an evaluation error of `program`, with what the statements
/// before it printed.
pub(crate) fn raise(py: Python<'_>, e: &EvalError, program: &str, output: &str) -> PyErr {
    let text = e.render(program);
    let err = Error::new_err(text.trim_end_matches('\n').to_string());
    let value = err.value(py);
    let span = PyTuple::new(py, [e.span.start, e.span.end.min(program.len().max(1))]);
    // setting attributes of a fresh exception object cannot fail but for memory
    let _ = value.setattr("message", e.message.as_str());
    let _ = value.setattr("program", program);
    let _ = value.setattr("output", output);
    if let Ok(span) = span {
        let _ = value.setattr("span", span);
    }
    err
}

/// The Python exception of a library error raised by the call written `program` (the
/// caret under all of it).
pub(crate) fn core(py: Python<'_>, e: rcute::Error, program: &str) -> PyErr {
    let e = EvalError::from_core(e, Span::new(0, program.len()));
    raise(py, &e, program, "")
}

/// A plain message, as an `rcute.Error` whose program is `program`.
pub(crate) fn message(py: Python<'_>, msg: impl Into<String>, program: &str) -> PyErr {
    raise(
        py,
        &EvalError::new(msg, Span::new(0, program.len())),
        program,
        "",
    )
}
