//! `explain(f(...))`: the steps of a call of the algebra (see [`rcute::analysis::explain`]).
//!
//! The evaluator handles `explain` where calls are evaluated (`eval.rs`), as its argument
//! is a call to explain rather than a value: it evaluates the arguments of that call and
//! hands the call to the explanation of the function's entry ([`super::explain_call`]).

use super::call::Call;
use super::function::Function;
use crate::error::EvalError;
use crate::value::Value;

/// This file's functions: entries of the function table.
#[rustfmt::skip]
pub(super) const FUNCTIONS: &[Function] = &[
    Function::new("explain", (1, 1), (0, 0), explain, "explain(f(...)): the steps of a call of coalesce, composition, complement, an inverse, a divide or a product"),
];

/// The table's entry: reached only where `explain` is not given one call in place.
fn explain(c: &Call<'_>) -> Result<Value, EvalError> {
    Err(EvalError::new(
        "explain: the argument must be a call of the algebra, written in place, e.g. explain(composition(A, B))",
        c.span,
    ))
}
