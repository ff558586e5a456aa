//! `printf` of pasted C++ snippets: a format string with integer, floating-point and
//! string arguments.
//!
//! Conversions `%d %i %u %x %X %o %c %s %%` and, of a `float` or `double`, `%f %F %e %E
//! %g %G`, with the flags `-` and `0`, a width, a precision, and the length modifiers
//! `h l ll z j t L` (which change nothing: every integer of the language is an `i64`).
//! An integer given to `%f` or a floating-point number to `%d` is an error (C leaves it
//! undefined).

use super::error::{EvalError, Span};
use alloc::string::String;

/// An argument of `printf`.
pub(crate) enum Arg {
    Int(i64),
    Float(f64),
    Str(String),
}

/// C's `%g`: `%e` or `%f` by the exponent, trailing zeros removed.
pub(crate) fn c_general(v: f64, prec: usize) -> String {
    let p = prec.max(1);
    if !v.is_finite() {
        return crate::data::c_fixed(v, 0);
    }
    let e = crate::data::c_exp(v, p - 1);
    let x: i64 = e
        .rsplit_once('e')
        .and_then(|(_, x)| x.parse().ok())
        .unwrap_or(0);
    let text = if x < -4 || x >= p as i64 {
        e
    } else {
        crate::data::c_fixed(v, (p as i64 - 1 - x).max(0) as usize)
    };
    let (mant, exp) = match text.split_once('e') {
        Some((m, x)) => (String::from(m), alloc::format!("e{x}")),
        None => (text.clone(), String::new()),
    };
    let mant = if mant.contains('.') {
        String::from(mant.trim_end_matches('0').trim_end_matches('.'))
    } else {
        mant
    };
    alloc::format!("{mant}{exp}")
}

/// The text `printf(format, args...)` writes; `name` is the function as written, `span`
/// the format string's.
pub(crate) fn format(
    name: &str,
    format: &str,
    args: &[(Arg, Span)],
    span: Span,
) -> Result<String, EvalError> {
    let mut out = String::new();
    let mut next = 0;
    let mut chars = format.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let (mut left, mut zero) = (false, false);
        while let Some(&f) = chars.peek() {
            match f {
                '-' => left = true,
                '0' => zero = true,
                '+' | ' ' | '#' => {}
                _ => break,
            }
            chars.next();
        }
        let mut width = 0usize;
        while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
            width = (width * 10 + d as usize).min(4096);
            chars.next();
        }
        let mut precision = None;
        if chars.peek() == Some(&'.') {
            chars.next();
            let mut p = 0usize;
            while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                p = (p * 10 + d as usize).min(4096);
                chars.next();
            }
            precision = Some(p);
        }
        // the length modifier: without one an integer conversion reads 32 bits (`%u` of
        // -1 is 4294967295), with `l`, `ll`, `z`, `j` or `t` 64 bits
        let mut wide = false;
        while let Some(c) = chars.peek().copied().filter(|c| "hlzjtL".contains(*c)) {
            wide |= "lzjtL".contains(c);
            chars.next();
        }
        let Some(conv) = chars.next() else {
            return Err(EvalError::new(
                alloc::format!("{name}: the format string ends inside a conversion ('%')"),
                span,
            ));
        };
        if conv == '%' {
            out.push('%');
            continue;
        }
        let Some((arg, arg_span)) = args.get(next) else {
            return Err(EvalError::new(
                alloc::format!(
                    "{name}: the format string has more conversions than the {} arguments after it",
                    args.len()
                ),
                span,
            ));
        };
        next += 1;
        let text = match (conv, arg) {
            ('d' | 'i', Arg::Int(v)) if wide => alloc::format!("{v}"),
            ('d' | 'i', Arg::Int(v)) => alloc::format!("{}", *v as i32),
            ('u' | 'x' | 'X' | 'o', Arg::Int(v)) => {
                let u = if wide { *v as u64 } else { *v as u32 as u64 };
                match conv {
                    'u' => alloc::format!("{u}"),
                    'x' => alloc::format!("{u:x}"),
                    'X' => alloc::format!("{u:X}"),
                    _ => alloc::format!("{u:o}"),
                }
            }
            ('c', Arg::Int(v)) => char::from_u32(*v as u32).map_or(String::new(), String::from),
            ('s', Arg::Str(s)) => s.clone(),
            ('f' | 'F', Arg::Float(v)) => crate::data::c_fixed(*v, precision.unwrap_or(6)),
            ('e', Arg::Float(v)) => crate::data::c_exp(*v, precision.unwrap_or(6)),
            ('E', Arg::Float(v)) => crate::data::c_exp(*v, precision.unwrap_or(6)).to_uppercase(),
            ('g', Arg::Float(v)) => c_general(*v, precision.unwrap_or(6)),
            ('G', Arg::Float(v)) => c_general(*v, precision.unwrap_or(6)).to_uppercase(),
            _ => {
                return Err(EvalError::new(
                    alloc::format!(
                        "{name}: '%{conv}' does not take this argument (%d takes an integer, %f a float or a double, %s a string)"
                    ),
                    *arg_span,
                ));
            }
        };
        let pad = width.saturating_sub(text.chars().count());
        if left {
            out.push_str(&text);
            out.extend(core::iter::repeat_n(' ', pad));
        } else if zero && conv != 's' {
            let (sign, digits) = match text.strip_prefix('-') {
                Some(d) => ("-", d),
                None => ("", text.as_str()),
            };
            out.push_str(sign);
            out.extend(core::iter::repeat_n('0', pad));
            out.push_str(digits);
        } else {
            out.extend(core::iter::repeat_n(' ', pad));
            out.push_str(&text);
        }
    }
    if next < args.len() {
        return Err(EvalError::new(
            alloc::format!(
                "{name}: {} arguments but the format string uses {next}",
                args.len()
            ),
            args[next].1,
        ));
    }
    Ok(out)
}
