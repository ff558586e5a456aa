//! Calls of the algebra operations that have a law, with operands drawn from the grammar
//! of [`crate::program`]: what the `algebra` target checks.

use crate::program::Gen;
use arbitrary::{Result, Unstructured};
use rcute_lang::{Value, eval_value};

/// The operations of `rcute_lang::check_call`, with their operand kinds.
const OPS: &[(&str, &[Kind])] = &[
    ("coalesce", &[Kind::Layout]),
    ("filter", &[Kind::Layout]),
    ("right_inverse", &[Kind::Layout]),
    ("left_inverse", &[Kind::Layout]),
    ("nullspace", &[Kind::Layout]),
    ("complement", &[Kind::Layout]),
    ("complement", &[Kind::Layout, Kind::Shape]),
    ("max_common_layout", &[Kind::Layout, Kind::Layout]),
    ("blocked_product", &[Kind::Layout, Kind::Layout]),
    ("raked_product", &[Kind::Layout, Kind::Layout]),
    ("composition", &[Kind::Layout, Kind::Tiler]),
    ("logical_divide", &[Kind::Layout, Kind::Tiler]),
    ("zipped_divide", &[Kind::Layout, Kind::Tiler]),
    ("tiled_divide", &[Kind::Layout, Kind::Tiler]),
    ("flat_divide", &[Kind::Layout, Kind::Tiler]),
    ("logical_product", &[Kind::Layout, Kind::Tiler]),
    ("zipped_product", &[Kind::Layout, Kind::Tiler]),
    ("tiled_product", &[Kind::Layout, Kind::Tiler]),
    ("flat_product", &[Kind::Layout, Kind::Tiler]),
    ("downcast<2>", &[Kind::Layout]),
    ("downcast<4>", &[Kind::Layout]),
    ("max_common_vector", &[Kind::Layout, Kind::Layout]),
    ("tile_to_shape", &[Kind::Layout, Kind::Shape]),
    ("upcast<2>", &[Kind::Layout]),
    ("upcast<8>", &[Kind::Layout]),
];

/// The largest operand the target draws, in elements.
const MAX_SIZE: i64 = 1 << 10;

#[derive(Clone, Copy)]
enum Kind {
    Layout,
    Shape,
    Tiler,
}

/// One call: the operation, its operands as text and as values.
pub struct Call {
    /// The operation's CuTe name.
    pub name: &'static str,
    /// The operands, as written.
    pub args: Vec<String>,
    /// The operands, evaluated.
    pub values: Vec<Value>,
}

impl Call {
    /// The call in the expression language.
    pub fn text(&self) -> String {
        format!("{}({})", self.name, self.args.join(", "))
    }
}

/// A call drawn from fuzzer bytes; `None` where the bytes run out or an operand does not
/// evaluate.
pub fn call_of(data: &[u8]) -> Option<Call> {
    let mut u = Unstructured::new(data);
    draw(&mut u).ok().flatten()
}

fn draw(u: &mut Unstructured<'_>) -> Result<Option<Call>> {
    let (name, kinds) = *u.choose(OPS)?;
    let mut g = Gen::new(u);
    let mut args = Vec::with_capacity(kinds.len());
    for k in kinds {
        args.push(match k {
            Kind::Layout => g.layout()?,
            Kind::Shape => g.shape()?,
            Kind::Tiler => g.tiler()?,
        });
    }
    let values: Option<Vec<Value>> = args.iter().map(|a| eval_value(a).ok()).collect();
    // small operands: a law check enumerates the answer's domain (and the complement's
    // check the product of two), which the address sanitizer slows tenfold
    let small = |v: &Value| match v {
        Value::Layout(l) => l.try_size().is_ok_and(|s| s.value() <= MAX_SIZE),
        _ => true,
    };
    Ok(values
        .filter(|v| v.iter().all(small))
        .map(|values| Call { name, args, values }))
}
