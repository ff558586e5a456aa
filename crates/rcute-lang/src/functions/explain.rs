//! `explain(f(...))`: the steps of a call of the algebra (see [`rcute::analysis::explain`]).
//!
//! The evaluator handles `explain` where calls are evaluated (`eval.rs`), as its argument
//! is a call to explain rather than a value: it evaluates the arguments of that call and
//! hands the call to [`explain_call`].

use super::Call;
use crate::error::EvalError;
use crate::value::Value;
use rcute::analysis::explain::{self as ex, Explanation};

/// The functions `explain` knows.
pub(crate) const EXPLAINED: &str = "coalesce, composition, complement, right_inverse, left_inverse, logical_divide, zipped_divide, tiled_divide, flat_divide, logical_product, zipped_product, tiled_product, flat_product, blocked_product, raked_product";

/// The table's entry: reached only where `explain` is not given one call in place.
pub(super) fn explain(c: &Call<'_>) -> Result<Value, EvalError> {
    Err(EvalError::new(
        "explain: the argument must be a call of the algebra, written in place, e.g. explain(composition(A, B))",
        c.span,
    ))
}

/// The steps of the call `c` (its arguments evaluated, its arity checked).
pub(crate) fn explain_call(c: &Call<'_>) -> Result<Explanation, EvalError> {
    let e = match c.name {
        "coalesce" if c.args.len() == 1 => ex::explain_coalesce(&c.layout(0)?),
        "composition" if c.args.len() == 2 => ex::explain_composition(&c.layout(0)?, &c.tiler(1)?),
        "complement" if c.args.len() == 2 => ex::explain_complement(&c.layout(0)?, &c.tuple(1)?),
        "complement" => ex::explain_complement_cosize(&c.layout(0)?),
        "right_inverse" => ex::explain_right_inverse(&c.layout(0)?),
        "left_inverse" => ex::explain_left_inverse(&c.layout(0)?),
        "logical_divide" => ex::explain_logical_divide(&c.layout(0)?, &c.tiler(1)?),
        "zipped_divide" => ex::explain_zipped_divide(&c.layout(0)?, &c.tiler(1)?),
        "tiled_divide" => ex::explain_tiled_divide(&c.layout(0)?, &c.tiler(1)?),
        "flat_divide" => ex::explain_flat_divide(&c.layout(0)?, &c.tiler(1)?),
        "logical_product" => ex::explain_logical_product(&c.layout(0)?, &c.tiler(1)?),
        "zipped_product" => ex::explain_zipped_product(&c.layout(0)?, &c.tiler(1)?),
        "tiled_product" => ex::explain_tiled_product(&c.layout(0)?, &c.tiler(1)?),
        "flat_product" => ex::explain_flat_product(&c.layout(0)?, &c.tiler(1)?),
        "blocked_product" => ex::explain_blocked_product(&c.layout(0)?, &c.layout(1)?),
        "raked_product" => ex::explain_raked_product(&c.layout(0)?, &c.layout(1)?),
        name => {
            return Err(EvalError::new(
                alloc::format!(
                    "explain: {name}{} is not explained; explain knows {EXPLAINED}",
                    if name == "coalesce" || name == "composition" {
                        " with these arguments"
                    } else {
                        ""
                    }
                ),
                c.name_span,
            ));
        }
    };
    Ok(e)
}
