//! A `const` parser for CuTe notation.
//!
//! Grammar (whitespace is allowed between tokens):
//!
//! ```text
//! layout    := int_tuple ':' int_tuple
//! int_tuple := leaf | '(' [ int_tuple { ',' int_tuple } ] ')'
//! leaf      := number basis*          dynamic integer:  8, -2
//!            | '_' number basis*      static integer:   _8, _-2
//!            | '_'                    the underscore of slicing
//! number    := ['-'] digit+
//! basis     := '@' digit+             scaled basis: _1@0@1 is CuTe's E<1,0>
//! ```

use crate::error::{Error, tri};
use crate::int::{Int, MAX_BASIS_DEPTH};
use crate::tuple::IntTuple;

const fn err(msg: &'static str, pos: usize) -> Error {
    Error::Parse { msg, pos }
}

pub(crate) const fn skip_ws(s: &[u8], mut pos: usize) -> usize {
    while pos < s.len() && (s[pos] == b' ' || s[pos] == b'\t' || s[pos] == b'\n' || s[pos] == b'\r')
    {
        pos += 1;
    }
    pos
}

/// Parses `['-'] digit+` at `pos`; returns the value and the position after it.
///
/// ```
/// use rcute::notation::parse_number;
/// assert_eq!(parse_number(b"(-12,3)", 1).unwrap(), (-12, 4));
/// assert!(parse_number(b"_8", 0).is_err());
/// ```
pub const fn parse_number(s: &[u8], pos: usize) -> Result<(i64, usize), Error> {
    let start = pos;
    let mut p = pos;
    let neg = p < s.len() && s[p] == b'-';
    if neg {
        p += 1;
    }
    if p >= s.len() || !s[p].is_ascii_digit() {
        return Err(err("expected a digit", p));
    }
    // Accumulate as a negative number so that i64::MIN parses.
    let mut acc: i64 = 0;
    while p < s.len() && s[p].is_ascii_digit() {
        let d = (s[p] - b'0') as i64;
        acc = match acc.checked_mul(10) {
            Some(v) => match v.checked_sub(d) {
                Some(v) => v,
                None => return Err(err("integer literal overflows i64", start)),
            },
            None => return Err(err("integer literal overflows i64", start)),
        };
        p += 1;
    }
    if !neg {
        acc = match acc.checked_neg() {
            Some(v) => v,
            None => return Err(err("integer literal overflows i64", start)),
        };
    }
    Ok((acc, p))
}

/// Parses the `@i@j` suffix of a scaled basis element after a number.
const fn parse_basis(s: &[u8], mut pos: usize, value: Int) -> Result<(Int, usize), Error> {
    let mut rev = [0usize; MAX_BASIS_DEPTH];
    let mut n = 0;
    while pos < s.len() && s[pos] == b'@' {
        let (idx, p) = tri!(parse_number(s, pos + 1));
        if idx < 0 {
            return Err(err("a basis index cannot be negative", pos + 1));
        }
        if n >= MAX_BASIS_DEPTH {
            return Err(err(
                "a scaled basis path is deeper than rcute supports (3)",
                pos,
            ));
        }
        rev[n] = idx as usize;
        n += 1;
        pos = p;
    }
    if n == 0 {
        return Ok((value, pos));
    }
    // `v@a@b` is E<b,a>: indices are printed innermost first.
    let mut path = [0usize; MAX_BASIS_DEPTH];
    let mut k = 0;
    while k < n {
        path[k] = rev[n - 1 - k];
        k += 1;
    }
    let (path, _) = path.split_at(n);
    match Int::try_basis(value, path) {
        Ok(v) => Ok((v, pos)),
        Err(_) => Err(err("a scaled basis index is too large (at most 15)", pos)),
    }
}

/// Parses one leaf at `pos` (which must not be whitespace): an integer, static (`_8`) or
/// dynamic (`8`), with its scaled-basis suffix (`_1@0`), or `_`; returns it and the
/// position after it.
///
/// ```
/// use rcute::notation::parse_leaf;
/// let (leaf, end) = parse_leaf(b"(_4@1,2)", 1).unwrap();
/// assert_eq!((leaf.to_string().as_str(), end), ("_4@1", 5));
/// ```
pub const fn parse_leaf(s: &[u8], pos: usize) -> Result<(Int, usize), Error> {
    if pos >= s.len() {
        return Err(err("expected an integer, '_' or '('", pos));
    }
    if s[pos] == b'_' {
        let p = pos + 1;
        if p < s.len() && (s[p] == b'-' || s[p].is_ascii_digit()) {
            let (v, p) = tri!(parse_number(s, p));
            return parse_basis(s, p, Int::constant(v));
        }
        if p < s.len() && (s[p].is_ascii_alphabetic() || s[p] == b'_') {
            return Err(err("expected an integer, '_' or '('", pos));
        }
        return Ok((Int::UNDERSCORE, p));
    }
    if s[pos] == b'-' || s[pos].is_ascii_digit() {
        let (v, p) = tri!(parse_number(s, pos));
        return parse_basis(s, p, Int::dynamic(v));
    }
    Err(err("expected an integer, '_' or '('", pos))
}

/// Parses an IntTuple at `pos` into the builder `t`; returns the position after it.
const fn parse_into(t: &mut IntTuple, s: &[u8], pos: usize) -> Result<usize, Error> {
    let mut p = skip_ws(s, pos);
    if p < s.len() && s[p] == b'(' {
        if let Err(e) = t.push_open() {
            return Err(capacity_at(e, p));
        }
        p = skip_ws(s, p + 1);
        if p < s.len() && s[p] == b')' {
            if let Err(e) = t.push_close() {
                return Err(capacity_at(e, p));
            }
            return Ok(p + 1);
        }
        loop {
            p = tri!(parse_into(t, s, p));
            p = skip_ws(s, p);
            if p < s.len() && s[p] == b',' {
                p += 1;
                continue;
            }
            if p < s.len() && s[p] == b')' {
                if let Err(e) = t.push_close() {
                    return Err(capacity_at(e, p));
                }
                return Ok(p + 1);
            }
            if p >= s.len() {
                return Err(err("unbalanced parentheses: expected ',' or ')'", p));
            }
            return Err(err("expected ',' or ')'", p));
        }
    }
    let (leaf, q) = tri!(parse_leaf(s, p));
    if let Err(e) = t.push_leaf(leaf) {
        return Err(capacity_at(e, p));
    }
    Ok(q)
}

const fn capacity_at(e: Error, pos: usize) -> Error {
    match e {
        Error::Capacity { msg, .. } => Error::Parse { msg, pos },
        other => other,
    }
}

/// Parses an IntTuple starting at `pos`; returns it and the position after it.
pub(crate) const fn parse_int_tuple_at(s: &[u8], pos: usize) -> Result<(IntTuple, usize), Error> {
    let mut t = IntTuple::stream();
    let p = tri!(parse_into(&mut t, s, pos));
    Ok((t, p))
}

/// Parses a whole string as one IntTuple.
pub(crate) const fn parse_int_tuple(s: &[u8]) -> Result<IntTuple, Error> {
    let (t, p) = tri!(parse_int_tuple_at(s, 0));
    let p = skip_ws(s, p);
    if p != s.len() {
        if s[p] == b')' {
            return Err(err("unbalanced parentheses: unexpected ')'", p));
        }
        return Err(err("unexpected input after the tuple", p));
    }
    Ok(t)
}

/// Parses `shape:stride`; returns shape, stride, and the byte offset of the stride.
pub(crate) const fn parse_layout(s: &[u8]) -> Result<(IntTuple, IntTuple, usize), Error> {
    let (shape, p) = tri!(parse_int_tuple_at(s, 0));
    let p = skip_ws(s, p);
    if p >= s.len() || s[p] != b':' {
        if p < s.len() && s[p] == b')' {
            return Err(err("unbalanced parentheses: unexpected ')'", p));
        }
        return Err(err("expected ':' between shape and stride", p));
    }
    let q = skip_ws(s, p + 1);
    let (stride, r) = tri!(parse_int_tuple_at(s, q));
    let r = skip_ws(s, r);
    if r != s.len() {
        if s[r] == b')' {
            return Err(err("unbalanced parentheses: unexpected ')'", r));
        }
        return Err(err("unexpected input after the layout", r));
    }
    Ok((shape, stride, q))
}
