//! The operands of a law check, as library values.

use crate::Value;
use alloc::string::ToString;
use rcute::algebra::Tiler;

/// A tiler operand: a layout, a shape or a tuple of them.
pub(super) fn tiler_of(v: &Value) -> Option<Tiler> {
    match v {
        Value::Layout(_) | Value::List(_) | Value::Tuple(_) => {
            Tiler::try_parse(&v.to_string()).ok()
        }
        _ => None,
    }
}
