//! `std::cout`'s formatting state and its manipulators: `std::setw(n)`, `std::setfill(c)`,
//! `std::left`, `std::right`, `std::hex`, `std::oct`, `std::dec`, `std::fixed`,
//! `std::scientific`, `std::defaultfloat` and `std::setprecision(n)`, as `<iomanip>` sets
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
