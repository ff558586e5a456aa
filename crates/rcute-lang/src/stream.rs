//! `std::cout`'s formatting state and its manipulators: `std::setw(n)`, `std::setfill(c)`,
//! `std::left`, `std::right`, `std::hex`, `std::oct`, `std::dec`, `std::fixed`,
//! `std::scientific`, `std::defaultfloat`, `std::setprecision(n)`, `std::boolalpha` and
//! `std::noboolalpha`, as `<iomanip>` and `<ios>` set
//! them. The state lasts from one statement to the next, as `std::cout`'s does; the width
//! applies to the next item only.

use crate::error::{EvalError, Span};
use crate::eval::Env;
use crate::syntax::{Expr, ExprKind};
use alloc::string::String;

/// How `std::cout` writes floating-point numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum FloatField {
    /// `%g` (C++'s default).
    #[default]
    General,
    /// `std::fixed`: `%f`.
    Fixed,
    /// `std::scientific`: `%e`.
    Scientific,
}

/// `std::cout`'s formatting state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct StreamState {
    /// The width of the next item (`std::setw`), 0 for none.
    width: usize,
    /// The fill character (`std::setfill`).
    fill: char,
    /// `std::left` (else right).
    left: bool,
    /// The base of integers: 10, 16 or 8.
    base: u32,
    /// How floating-point numbers are written.
    float: FloatField,
    /// `std::setprecision`.
    precision: usize,
    /// `std::boolalpha`: a `bool` as `true` or `false`.
    pub(crate) boolalpha: bool,
}

impl Default for StreamState {
    fn default() -> StreamState {
        StreamState {
            width: 0,
            fill: ' ',
            left: false,
            base: 10,
            float: FloatField::General,
            precision: 6,
            boolalpha: false,
        }
    }
}

/// The largest width and precision taken (larger ones would only pad the output).
const MAX_WIDTH: i64 = 1 << 10;

impl Env {
    /// Applies `x` to the stream's state when it is a manipulator; `false` when it is an
    /// item to write.
    pub(crate) fn manipulator(&mut self, x: &Expr) -> Result<bool, EvalError> {
        let bare = |n: &str| String::from(n.strip_prefix("std::").unwrap_or(n));
        match &x.kind {
            ExprKind::Name { name, targs } if targs.is_empty() && self.lookup(name).is_none() => {
                let s = &mut self.stream;
                match bare(name).as_str() {
                    "hex" => s.base = 16,
                    "oct" => s.base = 8,
                    "dec" => s.base = 10,
                    "fixed" => s.float = FloatField::Fixed,
                    "scientific" => s.float = FloatField::Scientific,
                    "defaultfloat" => s.float = FloatField::General,
                    "left" => s.left = true,
                    "right" => s.left = false,
                    "boolalpha" => s.boolalpha = true,
                    "noboolalpha" => s.boolalpha = false,
                    _ => return Ok(false),
                }
                Ok(true)
            }
            ExprKind::Call { name, args, .. } if self.lookup(name).is_none() => {
                let which = bare(name);
                if !matches!(which.as_str(), "setw" | "setprecision" | "setfill") {
                    return Ok(false);
                }
                let [arg] = args.as_slice() else {
                    return Err(EvalError::new(
                        alloc::format!("std::{which} takes one argument"),
                        x.span,
                    ));
                };
                let v = self.eval(arg)?;
                let Some(n) = v.integer() else {
                    return Err(EvalError::new(
                        alloc::format!("std::{which} takes an integer, this is {} {v}", v.kind()),
                        arg.span,
                    ));
                };
                let n = i64::try_from(n).unwrap_or(i64::MAX);
                let s = &mut self.stream;
                match which.as_str() {
                    "setfill" => {
                        s.fill = match u8::try_from(n) {
                            Ok(b) if b.is_ascii() && b != 0 => char::from(b),
                            _ => {
                                return Err(EvalError::new(
                                    "std::setfill takes an ASCII character",
                                    arg.span,
                                ));
                            }
                        }
                    }
                    _ if !(0..=MAX_WIDTH).contains(&n) => {
                        return Err(EvalError::new(
                            alloc::format!("std::{which}({n}): rcute takes 0 to {MAX_WIDTH}"),
                            arg.span,
                        ));
                    }
                    "setw" => s.width = n as usize,
                    _ => s.precision = n as usize,
                }
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// Whether the stream writes as it does by default (no width, base 10, the default
    /// float format), so that CuTe's objects, which `operator<<` writes in pieces, come out
    /// as rcute prints them.
    pub(crate) fn stream_is_plain(&self) -> bool {
        let s = &self.stream;
        s.width == 0 && s.base == 10 && s.float == FloatField::General && s.precision == 6
    }

    /// `text` padded to the width, which then resets.
    pub(crate) fn pad(&mut self, text: String) -> String {
        let s = &mut self.stream;
        let width = core::mem::take(&mut s.width);
        let n = text.chars().count();
        if n >= width {
            return text;
        }
        let fill: String = core::iter::repeat_n(s.fill, width - n).collect();
        if s.left { text + &fill } else { fill + &text }
    }

    /// A floating-point number as the stream writes it.
    pub(crate) fn stream_float(&self, f: f64) -> String {
        let s = &self.stream;
        match s.float {
            FloatField::General => crate::printf::c_general(f, s.precision),
            FloatField::Fixed => crate::data::c_fixed(f, s.precision),
            FloatField::Scientific => crate::data::c_exp(f, s.precision),
        }
    }

    /// Whether `e` is a C++ `bool`, where rcute knows it without evaluating `e`: `true`,
    /// a comparison, `!`, `&&`, `||`, a `bool` variable, element or function; `Some(false)`
    /// for an expression of another known type; `None` where the type is not known.
    pub(crate) fn bool_type(&self, e: &Expr) -> Option<bool> {
        use crate::syntax::Op2;
        match &e.kind {
            ExprKind::Not(_, true) => Some(true),
            // is_static<T>::value, is_static_v<T>: a bool; cosize_v<T> and
            // decltype(x)::value of CuTe's integers: an int
            ExprKind::Call { name, args, .. } if name == "decltype::value" => {
                match args.first().map(|a| &a.kind) {
                    Some(ExprKind::Call { name, .. }) => Some(matches!(
                        name.as_str(),
                        "is_static"
                            | "is_same"
                            | "is_constant"
                            | "is_layout"
                            | "is_tuple"
                            | "is_integral"
                            | "std::is_integral"
                    )),
                    // decltype(x)::value: a CuTe integer's int, a CuTe bool's (`C<true>`) bool
                    _ => None,
                }
            }
            // CuTe's comparisons of tuples: a bool (or `C<true>`)
            ExprKind::Call { name, .. }
                if matches!(
                    name.as_str(),
                    "elem_less"
                        | "elem_leq"
                        | "elem_gtr"
                        | "elem_geq"
                        | "congruent"
                        | "weakly_congruent"
                        | "compatible"
                        | "weakly_compatible"
                        | "evenly_divides"
                ) && self.lookup(name).is_none()
                    && !self.funcs.contains_key(name) =>
            {
                Some(true)
            }
            // CuTe's true_type{} and false_type{}, C<true> and C<false>
            ExprKind::Name { name, targs }
                if targs.is_empty()
                    && matches!(name.as_str(), "true_type" | "false_type")
                    && self.lookup(name).is_none() =>
            {
                Some(true)
            }
            // a variable declared `auto` of a value whose type it does not carry
            ExprKind::Name { name, targs } if targs.is_empty() => {
                let var = self.lookup(name)?;
                match var.ty {
                    Some(t) => Some(t.0 == "bool"),
                    None => match var.v {
                        crate::value::Value::Unsigned(..) => Some(false),
                        _ => None,
                    },
                }
            }
            ExprKind::Binary(_, rest) => {
                let (op, _, _) = rest.last()?;
                Some(matches!(
                    op,
                    Op2::Lt | Op2::Gt | Op2::Le | Op2::Ge | Op2::Eq | Op2::Ne | Op2::And | Op2::Or
                ))
            }
            ExprKind::Ternary(_, a, b) => match (self.bool_type(a)?, self.bool_type(b)?) {
                (true, true) => Some(true),
                // a bool beside another integer type: promoted
                _ => Some(false),
            },
            _ => match self.declared_type(e) {
                Some(t) => Some(t.0 == "bool"),
                None => self.int_type(e).map(|_| false),
            },
        }
    }

    /// An integer as the stream writes it in its base: a negative value in hex or octal
    /// is the unsigned value of its `bits` (its type's width).
    pub(crate) fn stream_int(&self, v: i128, bits: u32, span: Span) -> Result<String, EvalError> {
        let base = self.stream.base;
        if base == 10 {
            return Ok(alloc::format!("{v}"));
        }
        let u = if v < 0 {
            if bits >= 64 {
                (v as i64) as u64
            } else {
                (v as i64 as u64) & ((1u64 << bits) - 1)
            }
        } else {
            u64::try_from(v).map_err(|_| EvalError::new("an integer too wide to write", span))?
        };
        Ok(if base == 16 {
            alloc::format!("{u:x}")
        } else {
            alloc::format!("{u:o}")
        })
    }
}
