//! `tma_copy`: the TMA analysis in the expression language.

use super::call::Call;
use super::function::Function;
use crate::error::EvalError;
use crate::value::Value;
use alloc::string::ToString;
use rcute::analysis::tma::{TmaCopy, TmaError};
use rcute::swizzle::MaybeSwizzled;

/// This file's functions: entries of the function table.
#[rustfmt::skip]
pub(super) const FUNCTIONS: &[Function] = &[
    Function::new("tma_copy", (3, 3), (0, 0), tma_copy, "tma_copy(G, S, T): the TMA tensor map and instructions that move tile S of tensor G (T: half_t, float, ... or bits), proved, or why not"),
];

/// `tma_copy(G, S, T)`: the report of [`TmaCopy::try_new`] for the global tensor `G`, the
/// shared-memory tile `S` (a layout or a swizzled layout) and the element type `T` (CuTe's
/// name, `half_t`, or its bits, 16), printed; a refusal is an error with its reason.
pub(super) fn tma_copy(c: &Call<'_>) -> Result<Value, EvalError> {
    let g = c.layout(0)?;
    let s = match c.value(1) {
        Value::Layout(l) => MaybeSwizzled::Plain(*l),
        Value::Composed(l) => MaybeSwizzled::Swizzled(*l),
        _ => return Err(c.bad_arg(1, "a layout or a swizzled layout (the shared-memory tile)")),
    };
    let (bits, name) = match c.value(2) {
        Value::ElementType(t) => match rcute::atom::element_bits(t) {
            Some(b) => (b, Some(*t)),
            None => return Err(c.bad_arg(2, "an element type of 8 to 64 bits")),
        },
        Value::Tuple(t) if t.is_leaf() && !t.leaf(0).is_basis() && !t.leaf(0).is_underscore() => {
            (t.leaf(0).value(), None)
        }
        _ => {
            return Err(c.bad_arg(
                2,
                "an element type (half_t, float, uint8_t, ...) or its bits",
            ));
        }
    };
    match TmaCopy::try_new(&g, &s, bits, name) {
        Ok(t) => Ok(Value::Printed(t.to_string())),
        Err(TmaError::Refused(e)) => Err(EvalError::from_core(e, c.span)),
        Err(e) => Err(EvalError::new(e.to_string(), c.span)),
    }
}
