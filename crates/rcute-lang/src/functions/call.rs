//! A call being evaluated: its evaluated arguments and the conversions every
//! implementation uses (a layout, a tiler, an integer, a template index), with errors that
//! name the function and the argument.

use crate::error::{EvalError, Span};
use crate::value::{Tag, Value};
use alloc::vec::Vec;
use rcute::Error;
use rcute::int::Int;
use rcute::layout::Layout;
use rcute::tuple::IntTuple;

/// A layout argument: plain or swizzled.
#[allow(clippy::large_enum_variant)]
pub(crate) enum AnyLayout {
    Plain(Layout),
    Swizzled(rcute::swizzle::ComposedLayout),
    /// A chain of composed layouts: the operations act on its innermost layout, as CuTe's
    /// act on `layout_b()`.
    Chain(rcute::swizzle::ComposedChain),
}

impl AnyLayout {
    /// Applies a layout operation to `L` and keeps the swizzle.
    pub(crate) fn map(
        &self,
        f: impl FnOnce(&Layout) -> Result<Layout, Error>,
    ) -> Result<Value, Error> {
        match self {
            AnyLayout::Plain(l) => f(l).map(Value::Layout),
            AnyLayout::Swizzled(c) => f(&c.layout()).map(|l| Value::Composed(c.with_layout(l))),
            AnyLayout::Chain(c) => match c.inner_layout() {
                Some(inner) => c.try_with_inner_layout(f(&inner)?).map(Value::from),
                None => Err(rcute::swizzle::chain_no_domain()),
            },
        }
    }
}

/// A call being evaluated: the function's name, its template arguments and its evaluated
/// arguments with their spans.
pub(crate) struct Call<'a> {
    pub name: &'static str,
    pub span: Span,
    pub name_span: Span,
    pub targs: &'a [i64],
    pub args: Vec<(Value, Span)>,
    /// In the as-CuTe mode, where the warnings of calls answered as CuTe C++ does go
    /// (see `as_cute`); `None` otherwise.
    pub as_cute: Option<&'a core::cell::RefCell<Vec<alloc::string::String>>>,
}

impl<'a> Call<'a> {
    /// The same call with its first argument replaced by `v` (its span kept).
    pub(crate) fn with_first(&self, v: Value) -> Call<'a> {
        let mut args = self.args.clone();
        args[0].0 = v;
        Call {
            name: self.name,
            span: self.span,
            name_span: self.name_span,
            targs: self.targs,
            args,
            as_cute: self.as_cute,
        }
    }

    pub(crate) fn value(&self, i: usize) -> &Value {
        &self.args[i].0
    }

    pub(crate) fn arg_span(&self, i: usize) -> Span {
        self.args[i].1
    }

    /// An error about argument `i`.
    pub(crate) fn bad_arg(&self, i: usize, want: &str) -> EvalError {
        EvalError::new(
            alloc::format!(
                "{}: argument {} must be {want}, found {}",
                self.name,
                i + 1,
                self.value(i).kind()
            ),
            self.arg_span(i),
        )
    }

    pub(crate) fn tuple(&self, i: usize) -> Result<IntTuple, EvalError> {
        match self.value(i) {
            Value::Tuple(t) => Ok(*t),
            _ => Err(self.bad_arg(i, "an integer or a tuple of integers")),
        }
    }

    pub(crate) fn int(&self, i: usize) -> Result<Int, EvalError> {
        match self.value(i) {
            Value::Tuple(t) if t.is_leaf() => Ok(t.leaf(0)),
            _ => Err(self.bad_arg(i, "an integer")),
        }
    }

    /// Argument `i` as a layout or a swizzled layout.
    pub(crate) fn any_layout(&self, i: usize) -> Result<AnyLayout, EvalError> {
        match self.value(i) {
            Value::Layout(l) => Ok(AnyLayout::Plain(*l)),
            Value::Composed(c) => Ok(AnyLayout::Swizzled(*c)),
            Value::Chain(c) => Ok(AnyLayout::Chain(**c)),
            _ => Err(self.bad_arg(i, "a layout")),
        }
    }

    pub(crate) fn layout(&self, i: usize) -> Result<Layout, EvalError> {
        match self.value(i) {
            Value::Layout(l) => Ok(*l),
            _ => Err(self.bad_arg(i, "a layout")),
        }
    }

    /// Argument `i` as a tiler: a layout, an integer, `_`, a shape, or a tuple of those.
    pub(crate) fn tiler(&self, i: usize) -> Result<rcute::algebra::Tiler, EvalError> {
        to_tiler(self.value(i)).map_err(|e| match e {
            Some(e) => EvalError::from_core(e, self.arg_span(i)),
            None => self.bad_arg(i, "a layout, a shape, or a tuple of layouts"),
        })
    }

    pub(crate) fn tag(&self, i: usize) -> Option<Tag> {
        match self.value(i) {
            Value::Tag(t) => Some(*t),
            _ => None,
        }
    }

    /// Template argument `k` as a mode index (non-negative).
    pub(crate) fn index(&self, k: usize) -> Result<usize, EvalError> {
        let v = self.targs[k];
        usize::try_from(v).map_err(|_| {
            EvalError::new(
                alloc::format!(
                    "{}: template argument {} must be a non-negative index, found {v}",
                    self.name,
                    k + 1
                ),
                self.name_span,
            )
        })
    }

    /// All template arguments as mode indices.
    pub(crate) fn path(&self) -> Result<Vec<usize>, EvalError> {
        (0..self.targs.len()).map(|k| self.index(k)).collect()
    }

    /// Template argument `k` as the end of a range: `-1` means `rank`.
    pub(crate) fn range_end(&self, k: usize, rank: usize) -> Result<usize, EvalError> {
        if self.targs[k] == -1 {
            Ok(rank)
        } else {
            self.index(k)
        }
    }

    /// Maps a library error to an error at this call. A division by zero names the call
    /// with its arguments (`ceil_div(5, 0): division by zero`), not the library's
    /// intermediate values.
    pub(crate) fn core<T>(&self, r: Result<T, Error>) -> Result<T, EvalError> {
        r.map_err(|e| match e {
            Error::DivideByZero { msg, .. } => {
                let mut text = alloc::string::String::from(self.name);
                if !self.targs.is_empty() {
                    let t: Vec<alloc::string::String> =
                        self.targs.iter().map(|v| alloc::format!("{v}")).collect();
                    text.push_str(&alloc::format!("<{}>", t.join(",")));
                }
                let a: Vec<alloc::string::String> = self
                    .args
                    .iter()
                    .map(|(v, _)| alloc::format!("{v}"))
                    .collect();
                let what = msg.rsplit(": ").next().unwrap_or(msg);
                EvalError::new(
                    alloc::format!("{text}({}): {what}", a.join(", ")),
                    self.span,
                )
            }
            other => EvalError::from_core(other, self.span),
        })
    }
}

/// A value as a tiler; `Err(None)` when it cannot be one.
fn to_tiler(v: &Value) -> Result<rcute::algebra::Tiler, Option<Error>> {
    use rcute::algebra::Tiler;
    match v {
        Value::Layout(l) => Ok(Tiler::layout(*l)),
        Value::Tuple(t) => Tiler::try_from_shape(t).map_err(Some),
        Value::List(items) => {
            let parts = items.iter().map(to_tiler).collect::<Result<Vec<_>, _>>()?;
            Tiler::try_tuple(&parts).map_err(Some)
        }
        _ => Err(None),
    }
}
