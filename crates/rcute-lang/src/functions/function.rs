//! The descriptor of a function of the language: everything the language knows of one
//! CuTe function, in one value.

use super::call::Call;
use crate::error::EvalError;
use crate::law::LawCall;
use crate::value::Value;
use alloc::format;
use alloc::string::String;
use rcute::analysis::explain::Explanation;
use rcute::law::Verdict;
use rcute::tensor::CoordTensor;

/// Any number of arguments: the most of [`Function::args`] or [`Function::targs`].
pub const ANY: usize = usize::MAX;

/// The evaluation of a call, its arguments evaluated and counted.
pub(crate) type Eval = fn(&Call<'_>) -> Result<Value, EvalError>;

/// The form of a function on a coordinate tensor given as its first argument.
pub(crate) type TensorForm = fn(&Call<'_>, &CoordTensor) -> Result<Value, EvalError>;

/// The steps of a call (`explain(f(...))`); `Ok(None)` where the function is explained
/// but not with these arguments.
pub(crate) type Explain = fn(&Call<'_>) -> Result<Option<Explanation>, EvalError>;

/// The check of an answer by the function's law.
pub(crate) type Law = fn(&LawCall<'_>) -> Verdict;

/// What kind of operand the `algebra` fuzz target draws for an argument.
///
/// The enum is exhaustive on purpose: a new kind breaks the fuzz crate's `match` until it
/// draws the new kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    /// A layout: any shape and stride, zeros, negatives, static or dynamic.
    Layout,
    /// An integer or a tuple of integers.
    Shape,
    /// A tiler: a layout, a shape, or a tuple of layouts, shapes and `_`.
    Tiler,
}

/// A call the `algebra` fuzz target makes of a function with a law: its template
/// arguments as written (`"<2>"`, or `""`) and the kinds of its operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Form {
    /// The template arguments, with their angle brackets, or `""`.
    pub targs: &'static str,
    /// The operands' kinds, in order.
    pub operands: &'static [Operand],
}

impl Form {
    /// A call with no template arguments.
    pub const fn new(operands: &'static [Operand]) -> Form {
        Form {
            targs: "",
            operands,
        }
    }

    /// A call with template arguments (`"<2>"`).
    pub const fn with_targs(targs: &'static str, operands: &'static [Operand]) -> Form {
        Form { targs, operands }
    }
}

/// A function of the language: its CuTe name, its numbers of arguments, a one-line
/// description, its evaluation and, where it has them, its form on a tensor, its law (the
/// check of every answer that the golden tests and the fuzzers run), its explanation
/// (`explain(f(...))`) and the calls the `algebra` fuzz target makes of it.
///
/// An entry is written next to the function's implementation, in the list of its file
/// (`functions/algebra.rs`, ...):
///
/// ```text
/// Function::new("coalesce", (1, 2), (0, 0), coalesce, "coalesce(L[, profile]): ...")
///     .law(law::coalesce)
///     .explain(explain_coalesce)
///     .fuzz(&[Form::new(&[Operand::Layout])]),
/// ```
///
/// The evaluator checks the numbers of arguments and template arguments from the entry,
/// so an implementation only converts its arguments and calls the library.
#[derive(Clone, Copy)]
pub struct Function {
    /// Its CuTe name.
    pub name: &'static str,
    /// The least and most numbers of arguments ([`ANY`]: any number).
    pub args: (usize, usize),
    /// The least and most numbers of template arguments (`f<1,0>(x)`).
    pub targs: (usize, usize),
    /// A one-line description.
    pub doc: &'static str,
    eval: Eval,
    tensor: Option<TensorForm>,
    law: Option<Law>,
    explain: Option<Explain>,
    fuzz: &'static [Form],
}

impl Function {
    /// A function evaluated by `eval`, without a tensor form, a law or an explanation.
    pub(crate) const fn new(
        name: &'static str,
        args: (usize, usize),
        targs: (usize, usize),
        eval: Eval,
        doc: &'static str,
    ) -> Function {
        Function {
            name,
            args,
            targs,
            doc,
            eval,
            tensor: None,
            law: None,
            explain: None,
            fuzz: &[],
        }
    }

    /// With a form on a coordinate tensor as the first argument.
    pub(crate) const fn tensor(mut self, tensor: TensorForm) -> Function {
        self.tensor = Some(tensor);
        self
    }

    /// With a law, which checks every answer. Without the feature `laws` the entry keeps
    /// none of the law's code, only [`crate::law::unavailable`] in its place.
    pub(crate) const fn law(mut self, law: Law) -> Function {
        #[cfg(feature = "laws")]
        {
            self.law = Some(law);
        }
        #[cfg(not(feature = "laws"))]
        {
            let _ = law;
            self.law = Some(crate::law::unavailable);
        }
        self
    }

    /// With an explanation, the steps of a call.
    pub(crate) const fn explain(mut self, explain: Explain) -> Function {
        self.explain = Some(explain);
        self
    }

    /// With the calls the `algebra` fuzz target makes of it (a function with a law).
    pub(crate) const fn fuzz(mut self, forms: &'static [Form]) -> Function {
        self.fuzz = forms;
        self
    }

    /// Whether the language checks its answers by a law ([`crate::check_call`]).
    pub fn has_law(&self) -> bool {
        self.law.is_some()
    }

    /// Whether `explain(f(...))` shows the steps of its calls.
    pub fn is_explained(&self) -> bool {
        self.explain.is_some()
    }

    /// Whether it also takes a coordinate tensor as its first argument.
    pub fn has_tensor_form(&self) -> bool {
        self.tensor.is_some()
    }

    /// The calls the `algebra` fuzz target makes of it, each answer checked by its law.
    pub fn fuzz_forms(&self) -> &'static [Form] {
        self.fuzz
    }

    /// Refuses a call whose numbers of arguments and template arguments are not this
    /// function's.
    pub(crate) fn check_arity(&self, c: &Call<'_>) -> Result<(), EvalError> {
        let n = c.args.len();
        if n < self.args.0 || n > self.args.1 {
            return Err(EvalError::new(
                format!(
                    "{}: wrong number of arguments: takes {}, given {}",
                    self.name,
                    range_text(self.args.0, self.args.1),
                    n
                ),
                c.span,
            ));
        }
        let t = c.targs.len();
        if t < self.targs.0 || t > self.targs.1 {
            let msg = if self.targs.1 == 0 {
                format!("{}: takes no template arguments, given {t}", self.name)
            } else {
                format!(
                    "{}: wrong number of template arguments: takes {}, given {t}",
                    self.name,
                    range_text(self.targs.0, self.targs.1).replace("argument", "template argument")
                )
            };
            return Err(EvalError::new(msg, c.name_span));
        }
        Ok(())
    }

    /// Runs the function on a call (its arity checked): its tensor form where the first
    /// argument is a coordinate tensor and it has one, else its evaluation.
    pub(crate) fn eval(&self, c: &Call<'_>) -> Result<Value, EvalError> {
        if let Some(tensor) = self.tensor
            && let Some((Value::Tensor(t), _)) = c.args.first()
        {
            return tensor(c, t);
        }
        if (self.tensor.is_some()
            || matches!(
                self.name,
                "local_tile" | "inner_partition" | "outer_partition" | "local_partition"
            ))
            && let Some((Value::PtrTensor(p), _)) = c.args.first()
            && let rcute::swizzle::MaybeSwizzled::Plain(l) = p.layout
        {
            // a tensor over a pointer is tiled and partitioned as a tensor whose iterator
            // is the pointer's offset, then put back over the pointer
            let t = super::tensors::over_offset(p.ptr.offset, l);
            let inner = c.with_first(Value::Tensor(alloc::boxed::Box::new(t)));
            let r = match self.tensor {
                Some(tensor) => tensor(&inner, &t),
                None => (self.eval)(&inner),
            };
            return r.and_then(|v| super::tensors::back_over(v, p.ptr, c.span));
        }
        if let Some((Value::Tensor(t), _)) = c.args.first() {
            // what CuTe answers of a tensor from its layout: depth and stride as the
            // layout's, flatten and coalesce the tensor over the same data with the new
            // layout
            match self.name {
                "depth" | "stride" => {
                    return (self.eval)(&c.with_first(Value::Layout(t.layout())));
                }
                "flatten" | "coalesce" if c.args.len() == 1 => {
                    return match (self.eval)(&c.with_first(Value::Layout(t.layout())))? {
                        Value::Layout(l) => Ok(Value::Tensor(alloc::boxed::Box::new(
                            rcute::tensor::CoordTensor::new(t.origin(), l),
                        ))),
                        v => Ok(v),
                    };
                }
                _ => {}
            }
        }
        if let Some((Value::DescTensor(t), _)) = c.args.first()
            && matches!(
                self.name,
                "shape" | "stride" | "layout" | "size" | "rank" | "depth" | "cosize"
            )
        {
            // a tensor of descriptors answers these as its layout does
            return (self.eval)(&c.with_first(Value::Layout(t.layout)));
        }
        if let Some((Value::PtrTensor(t), _)) = c.args.first()
            && matches!(
                self.name,
                "shape" | "stride" | "layout" | "size" | "rank" | "depth" | "cosize"
            )
        {
            // a tensor over a pointer answers these as its layout does
            let inner = c.with_first(Value::from(t.layout));
            return (self.eval)(&inner)
                .or_else(|e| super::as_cute::on_refusal(self, &inner, e, c.as_cute));
        }
        (self.eval)(c).or_else(|e| super::as_cute::on_refusal(self, c, e, c.as_cute))
    }

    /// The steps of a call (its arity checked): `None` where the function has no
    /// explanation, `Some(Ok(None))` where it has none with these arguments.
    pub(crate) fn explained(&self, c: &Call<'_>) -> Option<Result<Option<Explanation>, EvalError>> {
        self.explain.map(|explain| explain(c))
    }

    /// The verdict of its law on an answer; `None` where it has no law.
    pub(crate) fn check(&self, c: &LawCall<'_>) -> Option<Verdict> {
        self.law.map(|law| law(c))
    }

    /// Its row of the table of docs/FUNCTIONS.md: name, arguments, law, explanation, tensor
    /// form, description.
    pub(crate) fn markdown_row(&self) -> String {
        let mut args = count_text(self.args);
        if self.targs != (0, 0) {
            args = format!("{args}, &lt;{}>", count_text(self.targs));
        }
        let yes = |b: bool| if b { "yes" } else { "" };
        // `<N>` would read as an HTML tag, `|` as the end of a cell
        let doc = self.doc.replace('<', "&lt;").replace('|', "\\|");
        format!(
            "| `{}` | {args} | {} | {} | {} | {doc} |",
            self.name,
            yes(self.has_law()),
            yes(self.is_explained()),
            yes(self.has_tensor_form()),
        )
    }
}

/// `n arguments`, in words.
fn count(n: usize) -> String {
    if n == 1 {
        "1 argument".into()
    } else {
        format!("{n} arguments")
    }
}

/// The numbers of arguments `lo` to `hi`, in words.
fn range_text(lo: usize, hi: usize) -> String {
    if lo == hi {
        count(lo)
    } else if hi == ANY {
        format!("at least {}", count(lo))
    } else {
        format!("{lo} to {hi} arguments")
    }
}

/// `lo` to `hi` as the table of docs/FUNCTIONS.md writes it: `2`, `1-3`, `1+`.
fn count_text((lo, hi): (usize, usize)) -> String {
    if lo == hi {
        format!("{lo}")
    } else if hi == ANY {
        format!("{lo}+")
    } else {
        format!("{lo}-{hi}")
    }
}

/// `a < b` on names, in `const` code.
const fn name_less(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut i = 0;
    while i < a.len() && i < b.len() {
        if a[i] != b[i] {
            return a[i] < b[i];
        }
        i += 1;
    }
    a.len() < b.len()
}

/// The entries of `parts`, one list per file, in one array sorted by name (for
/// [`super::find`]'s binary search); two entries of one name are a compile error.
pub(crate) const fn sorted<const N: usize>(parts: &[&[Function]]) -> [Function; N] {
    let first = parts[0][0];
    let mut out = [first; N];
    let (mut n, mut p) = (0, 0);
    while p < parts.len() {
        let mut i = 0;
        while i < parts[p].len() {
            // insertion: move the larger names one place up
            let f = parts[p][i];
            let mut k = n;
            while k > 0 && name_less(f.name, out[k - 1].name) {
                out[k] = out[k - 1];
                k -= 1;
            }
            out[k] = f;
            n += 1;
            i += 1;
        }
        p += 1;
    }
    assert!(
        n == N,
        "the function table's length is not the sum of its parts"
    );
    let mut k = 1;
    while k < N {
        assert!(
            name_less(out[k - 1].name, out[k].name),
            "two entries of the function table have the same name"
        );
        k += 1;
    }
    out
}
