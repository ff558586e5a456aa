//! The function table of the language: one [`Function`] per CuTe function, each with its
//! evaluation, its law, its explanation, its tensor form and the calls the fuzzers make.
//!
//! Each file of a kind of function (`algebra.rs`, `layouts.rs`, `tuples.rs`, `tensors.rs`,
//! `atoms.rs`, `analysis.rs`, `tma.rs`, `explain.rs`) lists its entries (`FUNCTIONS`) next
//! to their implementations; [`TABLE`] is all of them, sorted by name at compile time. A
//! function is used three ways, each through its entry: evaluated ([`find`] and
//! [`Function`]'s evaluation), explained ([`explain_call`]) and its answers checked by its
//! law ([`check_call`]).

mod algebra;
mod analysis;
pub(crate) mod as_cute;
mod atoms;
mod call;
mod explain;
mod function;
mod layouts;
pub(crate) mod tensors;
pub(crate) mod tma;
mod tuples;

pub(crate) use call::Call;
pub use function::{ANY, Form, Function, Operand};

use crate::error::EvalError;
use crate::law::{self, LawCall};
use crate::value::Value;
use alloc::string::String;
use alloc::vec::Vec;
use rcute::analysis::explain::Explanation;
use rcute::law::Verdict;

/// The lists of the files, one per kind of function.
const PARTS: &[&[Function]] = &[
    algebra::FUNCTIONS,
    analysis::FUNCTIONS,
    atoms::FUNCTIONS,
    explain::FUNCTIONS,
    layouts::FUNCTIONS,
    tensors::FUNCTIONS,
    tma::FUNCTIONS,
    tuples::FUNCTIONS,
];

/// The number of functions.
const COUNT: usize = {
    let (mut n, mut p) = (0, 0);
    while p < PARTS.len() {
        n += PARTS[p].len();
        p += 1;
    }
    n
};

static SORTED: [Function; COUNT] = function::sorted(PARTS);

/// Every function of the language, sorted by name.
pub static TABLE: &[Function] = &SORTED;

/// The function called `name`, if the language has it.
pub fn find(name: &str) -> Option<&'static Function> {
    // the one function of the table CuTe keeps in a namespace of its own
    let name = match name {
        "UMMA::tile_to_mma_shape" => "tile_to_mma_shape",
        n => n,
    };
    TABLE
        .binary_search_by(|f| f.name.cmp(name))
        .ok()
        .map(|i| &TABLE[i])
}

/// The steps of the call `c` (its arguments evaluated, its arity checked), or the error
/// that names the functions `explain` knows.
pub(crate) fn explain_call(func: &Function, c: &Call<'_>) -> Result<Explanation, EvalError> {
    let with = match func.explained(c) {
        Some(Ok(Some(e))) => return Ok(e),
        Some(Err(e)) => return Err(e),
        Some(Ok(None)) => " with these arguments",
        None => "",
    };
    let known: Vec<&str> = TABLE
        .iter()
        .filter(|f| f.is_explained())
        .map(|f| f.name)
        .collect();
    Err(EvalError::new(
        alloc::format!(
            "explain: {}{with} is not explained; explain knows {}",
            c.name,
            known.join(", ")
        ),
        c.name_span,
    ))
}

/// Checks `result`, the answer of CuTe function `name` to `args`, against the function's
/// law ([`Verdict::Unchecked`] for a function without one, or operands it does not cover:
/// scaled-basis strides, profiles). Swizzles and swizzled layouts are checked as the
/// functions `i -> Sw(O + L(i))` they are; the name `apply` stands for the application
/// `A(c)` of a swizzled layout to a coordinate with `_` (a slice).
///
/// ```
/// use rcute_lang::{Value, check_call, eval_value};
/// let a = eval_value("(_3,_16):(_48,_1)").unwrap();
/// let b = eval_value("_4:_2").unwrap();
/// // CuTe C++'s answer, which is not the composed function
/// let cute = eval_value("(_2,_2):(_96,_1)").unwrap();
/// assert!(check_call("composition", &[a, b], &cute).breaks());
/// ```
/// A name may carry template arguments, as the language writes them: `upcast<2>`,
/// `recast_layout<uint8_t,uint32_t>`. Built without the feature `laws` (on by default), the
/// crate leaves the laws out, and every verdict is [`Verdict::Unchecked`].
pub fn check_call(name: &str, args: &[Value], result: &Value) -> Verdict {
    let (name, targs) = match name.split_once('<') {
        Some((n, rest)) => match rest.strip_suffix('>') {
            Some(t) => (n, Some(t)),
            None => return Verdict::Unchecked("a malformed template argument list"),
        },
        None => (name, None),
    };
    let c = LawCall {
        targs,
        args,
        result,
    };
    if name == "apply" {
        return law::apply(&c);
    }
    match find(name).and_then(|f| f.check(&c)) {
        Some(v) => v,
        None => law::without_law(&c),
    }
}

/// The marker lines around the table of docs/FUNCTIONS.md that [`functions_markdown`]
/// writes.
pub const FUNCTIONS_MD_MARKERS: (&str, &str) = (
    "<!-- the language's functions: generated from the function table -->",
    "<!-- end of the generated table -->",
);

/// The table of the language's functions in Markdown, as docs/FUNCTIONS.md lists it
/// between [`FUNCTIONS_MD_MARKERS`]: one row per function, with its numbers of arguments,
/// whether its answers are checked by a law, explained, or taken on a tensor too, and its
/// description. `cargo run -p rcute-lang --example functions-md` writes it there.
pub fn functions_markdown() -> String {
    let mut out = String::from(
        "| function | arguments | law | explain | tensor | description |\n|---|---|---|---|---|---|\n",
    );
    for f in TABLE {
        out.push_str(&f.markdown_row());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests;
