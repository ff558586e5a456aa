//! A call whose answer a law checks: its template arguments, operands and answer, as the
//! language's values, and their reading as library values.

use crate::Value;
use alloc::string::{String, ToString};
use rcute::algebra::Tiler;
use rcute::law::Verdict;
use rcute::layout::Layout;
use rcute::swizzle::MaybeSwizzled;

/// The answer of a function to its operands, to check by the function's law.
pub(crate) struct LawCall<'a> {
    /// The template arguments as written (`2` of `upcast<2>`, `uint8_t,uint32_t`).
    pub(crate) targs: Option<&'a str>,
    /// The operands.
    pub(crate) args: &'a [Value],
    /// The answer.
    pub(crate) result: &'a Value,
}

/// The verdict on an operation of swizzled layouts that has no law.
pub(super) const SWIZZLED_WITHOUT_LAW: Verdict =
    Verdict::Unchecked("a function of swizzled layouts without a law");

/// The verdict on a function without a law (for these operands).
pub(super) const WITHOUT_LAW: Verdict = Verdict::Unchecked("a function without a law");

impl LawCall<'_> {
    /// Whether an operand or the answer is a swizzle or a swizzled layout: such a call is
    /// checked as the function `i -> Sw(O + L(i))` the swizzled layout is.
    pub(super) fn swizzled(&self) -> bool {
        let swizzled = |v: &Value| matches!(v, Value::Composed(_) | Value::Swizzle(_));
        self.args.iter().any(swizzled) || swizzled(self.result)
    }

    /// Whether there is one operand.
    pub(super) fn one(&self) -> bool {
        self.args.len() == 1
    }

    /// Operand `i` as a plain layout.
    pub(super) fn layout(&self, i: usize) -> Option<Layout> {
        match self.args.get(i) {
            Some(Value::Layout(l)) => Some(*l),
            _ => None,
        }
    }

    /// Operand `i` as a tiler.
    pub(super) fn tiler(&self, i: usize) -> Option<Tiler> {
        self.args.get(i).and_then(tiler_of)
    }

    /// `law(A, R)` for a plain layout `A`, the first operand, and a plain layout `R`, the
    /// answer, when the call has template arguments only where `templates` allows them.
    pub(super) fn plain_with(
        &self,
        templates: bool,
        law: impl FnOnce(&Layout, &Layout) -> Verdict,
    ) -> Verdict {
        let Value::Layout(r) = self.result else {
            return Verdict::Unchecked("an answer that is not a layout");
        };
        let Some(a) = self.layout(0) else {
            return Verdict::Unchecked("a first operand that is not a layout");
        };
        if self.targs.is_some() && !templates {
            return WITHOUT_LAW;
        }
        law(&a, r)
    }

    /// [`LawCall::plain_with`], for a function without template arguments.
    pub(super) fn plain(&self, law: impl FnOnce(&Layout, &Layout) -> Verdict) -> Verdict {
        self.plain_with(false, law)
    }

    /// `law(A, B, R)` of two plain layouts `A` and `B`.
    pub(super) fn with_layout(&self, law: fn(&Layout, &Layout, &Layout) -> Verdict) -> Verdict {
        self.plain(|a, r| match self.layout(1) {
            Some(b) if self.args.len() == 2 => law(a, &b, r),
            _ => Verdict::Unchecked("a second operand that is not a layout"),
        })
    }

    /// `law(A, T, R)` of a plain layout `A` and a tiler `T`.
    pub(super) fn with_tiler(&self, law: fn(&Layout, &Tiler, &Layout) -> Verdict) -> Verdict {
        self.plain(|a, r| match self.tiler(1) {
            Some(t) if self.args.len() == 2 => law(a, &t, r),
            _ => Verdict::Unchecked("a second operand that is not a tiler"),
        })
    }
}

/// A tiler operand: a layout, a shape or a tuple of them.
pub(super) fn tiler_of(v: &Value) -> Option<Tiler> {
    match v {
        Value::Layout(_) | Value::List(_) | Value::Tuple(_) => {
            Tiler::try_parse(&v.to_string()).ok()
        }
        _ => None,
    }
}

/// A plain or swizzled layout operand.
pub(super) fn maybe(v: &Value) -> Option<MaybeSwizzled> {
    match v {
        Value::Layout(l) => Some(MaybeSwizzled::Plain(*l)),
        Value::Composed(c) => Some(MaybeSwizzled::Swizzled(*c)),
        _ => None,
    }
}

/// The verdict of a check of swizzled layouts ([`rcute::law::check_composition`], ...).
pub(super) fn verdict(r: Result<(), String>) -> Verdict {
    match r {
        Ok(()) => Verdict::Holds,
        Err(why) if why.contains("not enumerable") => {
            Verdict::Unchecked("a domain larger than law::LIMIT")
        }
        Err(why) => Verdict::Breaks(why),
    }
}
