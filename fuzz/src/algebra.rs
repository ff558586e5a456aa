//! Calls of the functions that have a law, as the function table names them for the
//! fuzzer (`rcute_lang::Function::fuzz_forms`), with operands drawn from the grammar of
//! [`crate::program`]: what the `algebra` target checks.

use crate::program::Gen;
use arbitrary::{Result, Unstructured};
use rcute_lang::{FUNCTIONS, Form, Function, Operand, Value, eval_value};
use std::sync::LazyLock;

/// The calls the function table names for the fuzzer (`Function::fuzz_forms`): each
/// function with a law, with its template arguments and its operand kinds.
static FORMS: LazyLock<Vec<(&'static Function, Form)>> = LazyLock::new(|| {
    FUNCTIONS
        .iter()
        .flat_map(|f| f.fuzz_forms().iter().map(move |form| (f, *form)))
        .collect()
});

/// The largest operand the target draws, in elements.
const MAX_SIZE: i64 = 1 << 10;

/// One call: the operation, its operands as text and as values.
pub struct Call {
    /// The operation's CuTe name, with its template arguments (`upcast<2>`).
    pub name: String,
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
    let (f, form) = u.choose(&FORMS)?;
    let name = format!("{}{}", f.name, form.targs);
    let mut g = Gen::new(u);
    let mut args = Vec::with_capacity(form.operands.len());
    for k in form.operands {
        args.push(match k {
            Operand::Layout => g.layout()?,
            Operand::Shape => g.shape()?,
            Operand::Tiler => g.tiler()?,
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
