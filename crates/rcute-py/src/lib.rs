//! # rcute for Python
//!
//! The extension module `rcute._rcute` of the Python package `rcute` (built by maturin,
//! an abi3 wheel for CPython 3.9 and later): CuTe's layouts, integer tuples with their
//! static marks, swizzles, composed layouts, tensors (numpy arrays behind a layout),
//! atoms, tiled MMAs and copies as Python objects that print as the `cute` calculator
//! prints them; every function of the language (`rcute_lang::FUNCTIONS`) under its CuTe
//! name; `eval(program)`; the native half of `rcute.pycute`, a drop-in for pycute.
//!
//! ```text
//! convert.rs     Python objects to the language's values and back, directly
//! error.rs       rcute.Error: the message and the caret
//! tuple.rs       rcute.IntTuple
//! layout.rs      rcute.Layout
//! objects.rs     swizzles, composed layouts, coordinate tensors, atoms, tiled MMAs/copies
//! tensor.rs      rcute.Tensor: a numpy array behind a layout, without a copy
//! pictures.rs    the SVG pictures for Jupyter; TVLayout, Report
//! function.rs    rcute.Function: each function of the language's table
//! pycute.rs      rcute.pycute's Layout and its operations: pycute's answer where it is lawful
//! pycute_algo.rs pycute's algorithms, step by step
//! ```
//!
//! The Python side (`python/rcute/`) puts the table's functions in the module's namespace,
//! and holds `rcute.pycute`, the type stubs and the docs.

mod convert;
mod error;
mod function;
mod layout;
mod objects;
mod pictures;
mod pycute;
mod pycute_algo;
mod tensor;
mod tuple;

use pyo3::prelude::*;

/// Runs a program of the language and returns what it prints, as `cute eval` does.
/// A failing program raises `rcute.Error` (its `output`: what the statements before the
/// error printed). With `as_cute=True` (`cute eval --as-cute`), a call that rcute refuses
/// where CuTe C++ answers (CuTe's weaker checks) answers CuTe's layout, after a line
/// `warning: ...` that says what rcute refused and where CuTe's answer breaks the law.
#[pyfunction]
#[pyo3(signature = (program, *, as_cute = false))]
fn eval(py: Python<'_>, program: &str, as_cute: bool) -> PyResult<String> {
    match rcute_lang::eval_partial_with(program, &rcute_lang::Options { as_cute }) {
        (out, None) => Ok(out),
        (out, Some(e)) => Err(error::raise(py, &e, program, &out)),
    }
}

/// The value of a program's last expression, as a Python object: `value("(4,8):(8,1)")`
/// is that layout, `value("SM80_16x8x16_F32F16F16F32_TN")` that MMA atom.
#[pyfunction]
fn value(py: Python<'_>, program: &str) -> PyResult<Py<PyAny>> {
    let v = rcute_lang::eval_value(program).map_err(|e| error::raise(py, &e, program, ""))?;
    convert::to_py(py, v)
}

/// The steps of the call of the algebra that ends a program (`cute explain`): each
/// intermediate layout in CuTe's notation, the failing step where a pre-condition fails,
/// and the answer.
#[pyfunction]
fn explain(py: Python<'_>, program: &str) -> PyResult<String> {
    rcute_lang::explain(program).map_err(|e| error::raise(py, &e, program, ""))
}

/// The law of the CuTe function `name` on `args` and `result` (a value of each):
/// `("holds", "")`, `("breaks", why)` or `("unchecked", why)`.
#[pyfunction]
fn check_law(
    name: &str,
    args: Vec<Bound<'_, PyAny>>,
    result: &Bound<'_, PyAny>,
) -> PyResult<(&'static str, String)> {
    let vals = args
        .iter()
        .map(convert::value_of)
        .collect::<PyResult<Vec<_>>>()?;
    let r = convert::value_of(result)?;
    Ok(match rcute_lang::check_call(name, &vals, &r) {
        rcute::law::Verdict::Holds => ("holds", String::new()),
        rcute::law::Verdict::Breaks(why) => ("breaks", why),
        rcute::law::Verdict::Unchecked(why) => ("unchecked", why.to_string()),
    })
}

/// The native module.
#[pymodule]
fn _rcute(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<error::Error>())?;
    m.add_class::<tuple::PyIntTuple>()?;
    m.add_class::<layout::PyLayout>()?;
    m.add_class::<objects::PySwizzle>()?;
    m.add_class::<objects::PyComposedLayout>()?;
    m.add_class::<objects::PyCoordTensor>()?;
    m.add_class::<objects::PyMmaAtom>()?;
    m.add_class::<objects::PyCopyAtom>()?;
    m.add_class::<objects::PyTiledMma>()?;
    m.add_class::<objects::PyTiledCopy>()?;
    m.add_class::<objects::PyAccess>()?;
    m.add_class::<objects::PyTag>()?;
    m.add_class::<tensor::PyTensor>()?;
    m.add_class::<pictures::PyTvLayout>()?;
    m.add_class::<pictures::PyReport>()?;
    m.add_class::<function::PyFunction>()?;
    m.add_function(wrap_pyfunction!(eval, m)?)?;
    m.add_function(wrap_pyfunction!(value, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(check_law, m)?)?;
    m.add_function(wrap_pyfunction!(function::functions, m)?)?;
    m.add_function(wrap_pyfunction!(tensor::make_tensor, m)?)?;
    m.add_function(wrap_pyfunction!(tensor::layout_of, m)?)?;

    let pc = PyModule::new(py, "pycute")?;
    pc.add_class::<pycute::PcLayout>()?;
    pc.add_class::<pycute::CallFloor>()?;
    pc.add_function(wrap_pyfunction!(pycute::composition, &pc)?)?;
    pc.add_function(wrap_pyfunction!(pycute::logical_divide, &pc)?)?;
    pc.add_function(wrap_pyfunction!(pycute::logical_product, &pc)?)?;
    pc.add_function(wrap_pyfunction!(pycute::complement, &pc)?)?;
    pc.add_function(wrap_pyfunction!(pycute::coalesce, &pc)?)?;
    pc.add_function(wrap_pyfunction!(pycute::filter, &pc)?)?;
    pc.add_function(wrap_pyfunction!(pycute::right_inverse, &pc)?)?;
    pc.add_function(wrap_pyfunction!(pycute::left_inverse, &pc)?)?;
    pc.add_function(wrap_pyfunction!(pycute::make_layout, &pc)?)?;
    pc.add_function(wrap_pyfunction!(pycute::to_rcute, &pc)?)?;
    pc.add_function(wrap_pyfunction!(pycute::from_rcute, &pc)?)?;
    pc.add_function(wrap_pyfunction!(pycute::_set_checked, &pc)?)?;
    pc.add_function(wrap_pyfunction!(pycute::_proved, &pc)?)?;
    m.add_submodule(&pc)?;
    Ok(())
}
