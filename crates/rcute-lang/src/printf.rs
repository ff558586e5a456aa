//! `printf` of pasted C++ snippets: a format string with integer, floating-point and
//! string arguments.
//!
//! Conversions `%d %i %u %x %X %o %c %s %%` and, of a `float` or `double`, `%f %F %e %E
//! %g %G`, with the flags `-`, `0`, `+`, ` ` and `#` (of `%x %X %o`), a width, a precision
//! (an integer's fewest digits, a string's most characters), and the length modifiers
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
        let (mut left, mut zero, mut plus, mut space, mut alt) =
            (false, false, false, false, false);
        while let Some(&f) = chars.peek() {
            match f {
                '-' => left = true,
                '0' => zero = true,
                '+' => plus = true,
                ' ' => space = true,
                '#' => alt = true,
                _ => break,
            }
            chars.next();
        }
        // `*`: the width or the precision is the next argument, an int
        let star = |next: &mut usize| -> Result<i64, EvalError> {
            match args.get(*next) {
                Some((Arg::Int(v), _)) => {
                    *next += 1;
                    Ok(*v as i32 as i64)
                }
                Some((_, at)) => Err(EvalError::new(
                    alloc::format!("{name}: a '*' of the format string takes an int"),
                    *at,
                )),
                None => Err(EvalError::new(
                    alloc::format!(
                        "{name}: the format string has more conversions than the {} arguments after it",
                        args.len()
                    ),
                    span,
                )),
            }
        };
        let mut width = 0usize;
        if chars.peek() == Some(&'*') {
            chars.next();
            // a negative width is the flag '-' and its magnitude
            let w = star(&mut next)?;
            left |= w < 0;
            width = (w.unsigned_abs() as usize).min(4096);
        }
        while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
            width = (width * 10 + d as usize).min(4096);
            chars.next();
        }
        let mut precision = None;
        if chars.peek() == Some(&'.') {
            chars.next();
            let mut p = 0usize;
            if chars.peek() == Some(&'*') {
                chars.next();
                // a negative precision is none
                let q = star(&mut next)?;
                precision = (q >= 0).then(|| (q as usize).min(4096));
            } else {
                while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                    p = (p * 10 + d as usize).min(4096);
                    chars.next();
                }
                precision = Some(p);
            }
        }
        // the length modifier: without one an integer conversion reads 32 bits (`%u` of
        // -1 is 4294967295), with `l`, `ll`, `z`, `j` or `t` 64 bits
        let mut wide = false;
        // `h` and `hh`: the int converted to short or char (`%hhd` of 300 is 44)
        let mut halves = 0;
        while let Some(c) = chars.peek().copied().filter(|c| "hlzjtL".contains(*c)) {
            wide |= "lzjtL".contains(c);
            halves += usize::from(c == 'h');
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
        if alt && !matches!(conv, 'x' | 'X' | 'o') {
            return Err(crate::operators::not_supported(
                &alloc::format!("the flag '#' of '%{conv}'"),
                "'#' of %x, %X or %o",
                span,
            ));
        }
        // an integer's precision: its fewest digits (zeros in front; `%.0d` of 0 writes
        // nothing), and the flag `0` is then ignored
        let digits = |t: String| match precision {
            Some(0) if t == "0" => String::new(),
            Some(p) if t.len() < p => {
                let mut z: String = core::iter::repeat_n('0', p - t.len()).collect();
                z.push_str(&t);
                z
            }
            _ => t,
        };
        let int = matches!(conv, 'd' | 'i' | 'u' | 'x' | 'X' | 'o');
        let text = match (conv, arg) {
            ('d' | 'i', Arg::Int(v)) => {
                let v = match (wide, halves) {
                    (true, _) => *v,
                    (false, 0) => *v as i32 as i64,
                    (false, 1) => *v as i16 as i64,
                    (false, _) => *v as i8 as i64,
                };
                let t = digits(alloc::format!("{}", v.unsigned_abs()));
                if v < 0 { alloc::format!("-{t}") } else { t }
            }
            ('u' | 'x' | 'X' | 'o', Arg::Int(v)) => {
                let u = match (wide, halves) {
                    (true, _) => *v as u64,
                    (false, 0) => *v as u32 as u64,
                    (false, 1) => *v as u16 as u64,
                    (false, _) => *v as u8 as u64,
                };
                let t = digits(match conv {
                    'u' => alloc::format!("{u}"),
                    'x' => alloc::format!("{u:x}"),
                    'X' => alloc::format!("{u:X}"),
                    _ => alloc::format!("{u:o}"),
                });
                match conv {
                    // `#`: 0x before a nonzero hexadecimal, a leading 0 in octal
                    'x' if alt && u != 0 => alloc::format!("0x{t}"),
                    'X' if alt && u != 0 => alloc::format!("0X{t}"),
                    'o' if alt && !t.starts_with('0') => alloc::format!("0{t}"),
                    _ => t,
                }
            }
            ('c', Arg::Int(v)) => char::from_u32(*v as u32).map_or(String::new(), String::from),
            // a string's precision: its most characters
            ('s', Arg::Str(s)) => match precision {
                Some(p) => s.chars().take(p).collect(),
                None => s.clone(),
            },
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
        // `+` and ` `: a sign before a signed conversion's non-negative value
        let signed = matches!(conv, 'd' | 'i' | 'f' | 'F' | 'e' | 'E' | 'g' | 'G');
        let text = if signed && !text.starts_with('-') && (plus || space) {
            alloc::format!("{}{text}", if plus { '+' } else { ' ' })
        } else {
            text
        };
        let pad = width.saturating_sub(text.chars().count());
        if left {
            out.push_str(&text);
            out.extend(core::iter::repeat_n(' ', pad));
        } else if zero && conv != 's' && conv != 'c' && !(int && precision.is_some()) {
            // zeros after the sign or the 0x
            let cut = if text.starts_with(['-', '+', ' ']) {
                1
            } else if text.starts_with("0x") || text.starts_with("0X") {
                2
            } else {
                0
            };
            out.push_str(&text[..cut]);
            out.extend(core::iter::repeat_n('0', pad));
            out.push_str(&text[cut..]);
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
