//! Tokens and syntax tree of the expression language.
//!
//! ```text
//! program := { sep } stmt { sep { sep } stmt } { sep }      sep: ';' or a new line
//! stmt    := [ decl ] NAME '=' expr                       decl: names and '&' (auto const&)
//!          | 'using' 'namespace' NAME | 'std::cout' { '<<' expr } | expr
//! expr    := term { ('+' | '-') term }
//! term    := unary { ('*' | '/' | '%') unary }
//! unary   := { '-' | '+' } postfix
//! postfix := atom [ ':' atom ] { '(' args ')' }           layout literal, then applications
//! atom    := INT ['{}'] | SINT ['{}'] | '_' | STRING       integer, static integer, _, "text"
//!          | '(' args ')'                                 a tuple; '(' a - b ')' groups
//!          | CPPTYPE '<' types '>' ['{}']                 Int<8>, Shape<_2,_3>, Layout<S,D>
//!          | INTTYPE ('{' expr '}' | '(' expr ')')        int{2}: a dynamic integer
//!          | NAME [ '<' targs '>' ] [ '(' args ')' | '{}' ]  name, tag, or function call
//! args    := [ expr { ',' expr } ]
//! targs   := INT { ',' INT }
//! ```
//!
//! A new line ends a statement only outside brackets (`()`, `{}`, `<>`) and after a token
//! that can end one; `//` and `/* */` comments and `#` lines (`#include`) are skipped;
//! `cute::` before a name is dropped. A `-` right before a digit is the sign of a literal
//! unless it follows an operand (`4-2` is a subtraction, `(4,-2)` a tuple).
//!
//! Integers may carry a scaled-basis suffix (`_1@0@1`), as CuTe prints them.
//!
//! Parentheses and applications nest at most [`MAX_DEPTH`] levels deep: the parser and
//! the evaluator recurse once per level, so a deeper program is refused with a parse error
//! instead of overflowing the stack.

use super::error::{EvalError, Span};
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use rcute::int::Int;
use rcute::notation::parse_leaf;

/// The deepest nesting of parentheses and applications (`f(x)(c)`) a program may have.
/// CuTe's own expressions stay far below; an IntTuple cannot nest deeper than 47. At this
/// depth the evaluator needs at most about 700 KiB of stack in an unoptimized build
/// (measured; much less optimized), so it runs on a 1 MiB thread stack.
pub const MAX_DEPTH: usize = 32;

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    Int(Int),
    Under,
    Name(String),
    /// A string literal (`"\n"`), unescaped: only `print` and `printf` take it.
    Str(String),
    /// A character literal (`'N'`, `'\n'`): a `char`, its byte.
    Char(u8),
    /// `<<`, the stream operator of `std::cout << L << std::endl`.
    Shl,
    /// A newline that ends a statement (outside brackets, not after an operator).
    Newline,
    Punct(u8),
    /// A floating-point literal and whether it is a `float` (`1.5f`) rather than a `double`.
    Float(f64, bool),
    /// An integer literal of an unsigned type (`10u`, `~0ull`, `0xFFFFFFFF`) and the type's
    /// name (`unsigned` or `uint64_t`), or of a `long` (`10l`, `-5ll`: its bits, `long`).
    Uint(u64, &'static str),
    /// An operator of two or three characters: `<=`, `==`, `&&`, `++`, `+=`, `->`, ...
    Op(&'static str),
}

/// The operator of two or three characters at `p` (`<=`, `&&`, `+=`, `<<=`, `->`, ...),
/// longest first; `--` and `++` right before a digit stay two signs (`4--2` is 4 - -2).
fn operator_at(s: &[u8], p: usize) -> Option<&'static str> {
    let b = *s.get(p + 1)?;
    let c = s.get(p + 2).copied().unwrap_or(0);
    Some(match (s[p], b) {
        (b'<', b'<') if c == b'=' => "<<=",
        (b'>', b'>') if c == b'=' => ">>=",
        (b'<', b'=') => "<=",
        (b'>', b'=') => ">=",
        (b'=', b'=') => "==",
        (b'!', b'=') => "!=",
        (b'&', b'&') => "&&",
        (b'|', b'|') => "||",
        (b'+', b'+') if !c.is_ascii_digit() => "++",
        (b'-', b'-') if !c.is_ascii_digit() => "--",
        (b'+', b'=') => "+=",
        (b'-', b'=') => "-=",
        (b'*', b'=') => "*=",
        (b'/', b'=') => "/=",
        (b'%', b'=') => "%=",
        (b'&', b'=') => "&=",
        (b'|', b'=') => "|=",
        (b'^', b'=') => "^=",
        (b'-', b'>') => "->",
        _ => return None,
    })
}

#[derive(Clone, Debug)]
pub(crate) struct Token {
    pub tok: Tok,
    pub span: Span,
}

/// Whether a `-` after this token is the binary minus (the token ends an operand), not the
/// sign of a literal.
fn ends_operand(t: Option<&Token>) -> bool {
    matches!(
        t.map(|t| &t.tok),
        Some(
            Tok::Int(_)
                | Tok::Float(..)
                | Tok::Uint(..)
                | Tok::Under
                | Tok::Name(_)
                | Tok::Str(_)
                | Tok::Char(_)
                | Tok::Punct(b')' | b'}' | b']')
                | Tok::Op("++" | "--")
        )
    )
}

/// Whether a statement goes on after this token on the next line (an operator, an opening
/// bracket or a separator), so that a newline after it separates nothing.
fn continues(t: Option<&Token>) -> bool {
    match t.map(|t| &t.tok) {
        None | Some(Tok::Newline | Tok::Shl) => true,
        Some(Tok::Punct(c)) => b"=:,+-*/%(<{;&!~^|?.[".contains(c),
        Some(Tok::Op(o)) => !matches!(*o, "++" | "--"),
        // a kernel's qualifiers and return type on lines of their own
        // (`__global__ static` / `void` / `gemm_device(...)`)
        Some(Tok::Name(n)) => n == "void" || crate::stmt::QUALIFIERS.contains(&n.as_str()),
        _ => false,
    }
}

/// The text of a string or character literal from the quote at `p`, unescaped, and the
/// byte after its closing quote.
fn string_literal(src: &str, p: usize) -> Result<(String, usize), EvalError> {
    let s = src.as_bytes();
    let quote = s[p];
    let mut out = String::new();
    let mut q = p + 1;
    while q < s.len() && s[q] != quote && s[q] != b'\n' {
        if s[q] == b'\\' && q + 1 < s.len() {
            // the escaped character may be several bytes long: step over all of them
            let ch = src[q + 1..].chars().next().unwrap_or('?');
            out.push(match ch {
                'n' => '\n',
                't' => '\t',
                'r' => '\r',
                '0' => '\0',
                c => c,
            });
            q += 1 + ch.len_utf8();
            continue;
        }
        let ch = src[q..].chars().next().unwrap_or('?');
        out.push(ch);
        q += ch.len_utf8();
    }
    if q >= s.len() || s[q] != quote {
        return Err(EvalError::new(
            "this string is never closed: a string ends with its quote on the same line",
            Span::new(p, q),
        ));
    }
    Ok((out, q + 1))
}

/// The byte after the comment or preprocessor line that starts at `p`, or `None` when
/// none does. `//` and `#` run to the end of the line (the newline stays, it may separate
/// statements); `/* */` may span lines.
/// From the end of a `#if 0` line (`at_else`: an `#else` then resumes) or of an `#else`
/// line of a branch taken, the position where lexing resumes: after the matching `#else`
/// or `#endif` line.
fn skip_conditional(s: &[u8], mut q: usize, at_else: bool) -> Result<usize, EvalError> {
    let start = q;
    let mut depth = 0usize;
    while q < s.len() {
        // q is at a '\n': look at the next line
        q += 1;
        let mut r = q;
        while r < s.len() && (s[r] == b' ' || s[r] == b'\t') {
            r += 1;
        }
        let mut eol = r;
        while eol < s.len() && s[eol] != b'\n' {
            eol += 1;
        }
        if s.get(r) == Some(&b'#') {
            let line = core::str::from_utf8(&s[r + 1..eol]).unwrap_or("").trim();
            let word = line
                .split(|c: char| !c.is_ascii_alphanumeric())
                .next()
                .unwrap_or("");
            match word {
                "if" | "ifdef" | "ifndef" => depth += 1,
                "endif" if depth == 0 => return Ok(eol),
                "endif" => depth -= 1,
                "else" if depth == 0 && at_else => return Ok(eol),
                "elif" if depth == 0 => {
                    return Err(crate::operators::not_supported(
                        "#elif",
                        "the branch that applies",
                        Span::new(r, eol),
                    ));
                }
                _ => {}
            }
        }
        q = eol;
    }
    Err(EvalError::new(
        "this #if is never closed: it needs its #endif",
        Span::new(start.saturating_sub(1), start),
    ))
}

fn skip_comment(s: &[u8], p: usize, line_start: bool) -> Result<Option<usize>, EvalError> {
    let to_eol = |mut q: usize| {
        while q < s.len() && s[q] != b'\n' {
            q += 1;
        }
        q
    };
    if s[p] == b'/' && s.get(p + 1) == Some(&b'/') {
        return Ok(Some(to_eol(p)));
    }
    if s[p] == b'#' && line_start {
        let eol = to_eol(p);
        let line = core::str::from_utf8(&s[p + 1..eol]).unwrap_or("");
        let line = line.split("//").next().unwrap_or("").trim();
        let word: &str = line
            .split(|c: char| !c.is_ascii_alphanumeric())
            .next()
            .unwrap_or("");
        return match word {
            // `#if 0` ... `#else` ... `#endif` of a tutorial's debug blocks
            "if" => match line[2..].trim() {
                "0" => skip_conditional(s, eol, true).map(Some),
                "1" => Ok(Some(eol)),
                _ => Err(crate::operators::not_supported(
                    "#if of a condition other than 0 or 1",
                    "the branch that applies",
                    Span::new(p, eol),
                )),
            },
            "ifdef" | "ifndef" | "elif" => Err(crate::operators::not_supported(
                &alloc::format!("#{word}"),
                "the branch that applies",
                Span::new(p, eol),
            )),
            // the `#else` of a branch taken: skip to its `#endif`
            "else" => skip_conditional(s, eol, false).map(Some),
            // `#include <cute/tensor.hpp>` of a pasted snippet, `#endif`, `#pragma`
            _ => Ok(Some(eol)),
        };
    }
    if s[p] == b'/' && s.get(p + 1) == Some(&b'*') {
        let mut q = p + 2;
        while q + 1 < s.len() && !(s[q] == b'*' && s[q + 1] == b'/') {
            q += 1;
        }
        if q + 1 >= s.len() {
            return Err(EvalError::new(
                "this comment is never closed: '/*' needs its '*/'",
                Span::new(p, p + 2),
            ));
        }
        return Ok(Some(q + 2));
    }
    Ok(None)
}

/// CuTe's aliases of negative static integers (`using _m1 = Int<-1>;` and the others of
/// cute/numeric/integral_constant.hpp), by name: exactly those CuTe defines.
fn negative_constant(word: &str) -> Option<i64> {
    const DEFINED: [(&str, i64); 14] = [
        ("_m1", -1),
        ("_m2", -2),
        ("_m3", -3),
        ("_m4", -4),
        ("_m5", -5),
        ("_m6", -6),
        ("_m7", -7),
        ("_m8", -8),
        ("_m9", -9),
        ("_m10", -10),
        ("_m12", -12),
        ("_m16", -16),
        ("_m24", -24),
        ("_m32", -32),
    ];
    DEFINED
        .iter()
        .find(|(name, _)| *name == word)
        .map(|&(_, v)| v)
}

/// The tokens of `src`, and the error that stopped the lexer, if one did (the tokens
/// before it are kept, so that the statements before a bad character still run).
pub(crate) fn lex(src: &str) -> (Vec<Token>, Option<EvalError>) {
    // about one token per three bytes of a program: one allocation for most
    let mut out = Vec::with_capacity(src.len() / 3 + 4);
    let err = lex_into(src, &mut out).err();
    (out, err)
}

fn lex_into(src: &str, out: &mut Vec<Token>) -> Result<(), EvalError> {
    let s = src.as_bytes();
    let mut p = 0;
    // open brackets: a newline inside them continues the statement; `<` counts only right
    // after a name (`Shape<`, a template), so that a comparison `i < n` opens nothing
    let mut open: Vec<u8> = Vec::new();
    let mut line_start = true;
    while p < s.len() {
        let c = s[p];
        if c == b'\n' {
            if open.is_empty() && !continues(out.last()) {
                out.push(Token {
                    tok: Tok::Newline,
                    span: Span::new(p, p + 1),
                });
            }
            line_start = true;
            p += 1;
            continue;
        }
        if c.is_ascii_whitespace() {
            p += 1;
            continue;
        }
        if let Some(q) = skip_comment(s, p, line_start)? {
            p = q;
            continue;
        }
        line_start = false;
        let start = p;
        if c == b'"' || c == b'\'' {
            let (text, q) = string_literal(src, p)?;
            let tok = if c == b'"' {
                Tok::Str(text)
            } else {
                match text.as_bytes() {
                    [b] if b.is_ascii() => Tok::Char(*b),
                    _ => {
                        return Err(EvalError::new(
                            "not supported: a character literal of other than one ASCII character; write one character, or its code",
                            Span::new(start, q),
                        ));
                    }
                }
            };
            out.push(Token {
                tok,
                span: Span::new(start, q),
            });
            p = q;
            continue;
        }
        if c == b'_'
            && !(p + 1 < s.len()
                && (s[p + 1].is_ascii_alphanumeric() || s[p + 1] == b'-' || s[p + 1] == b'_'))
        {
            out.push(Token {
                tok: Tok::Under,
                span: Span::new(start, start + 1),
            });
            p += 1;
            continue;
        }
        if c == b'_' && p + 1 < s.len() && (s[p + 1].is_ascii_digit() || s[p + 1] == b'-') {
            let (leaf, q) =
                parse_leaf(s, p).map_err(|e| EvalError::from_core(e, Span::new(0, 1)))?;
            out.push(Token {
                tok: Tok::Int(leaf),
                span: Span::new(start, q),
            });
            p = q;
            continue;
        }
        let signed =
            c == b'-' && p + 1 < s.len() && s[p + 1].is_ascii_digit() && !ends_operand(out.last());
        if c == b'.'
            && s.get(p + 1).is_some_and(u8::is_ascii_digit)
            && let Some((tok, q)) = c_number(src, p)
        {
            out.push(Token {
                tok,
                span: Span::new(start, q),
            });
            p = q;
            continue;
        }
        if (c.is_ascii_digit() || signed)
            && let Some(r) = c_radix(src, p)
        {
            // C++'s octal (`017`) and binary (`0b101`) integers
            let (tok, q) = r?;
            out.push(Token {
                tok,
                span: Span::new(start, q),
            });
            p = q;
            continue;
        }
        if c.is_ascii_digit() || signed {
            // a plain number, then an optional basis suffix (the digits found first, so
            // that a C++ literal past i64, `1e30`'s mantissa or `18446744073709551615ull`,
            // is C++'s)
            let mut digits = p + usize::from(signed);
            while s.get(digits).is_some_and(u8::is_ascii_digit) {
                digits += 1;
            }
            // C++'s numbers: `1.5f`, `1e3`, `0x1F`, `10u` (only when one follows the digits)
            if matches!(
                s.get(digits),
                Some(b'.' | b'e' | b'E' | b'x' | b'X' | b'u' | b'U' | b'l' | b'L')
            ) && let Some((tok, q)) = c_number(src, p)
            {
                out.push(Token {
                    tok,
                    span: Span::new(start, q),
                });
                p = q;
                continue;
            }
            let (leaf, q) =
                parse_leaf(s, p).map_err(|e| EvalError::from_core(e, Span::new(0, 1)))?;
            out.push(Token {
                tok: Tok::Int(leaf),
                span: Span::new(start, q),
            });
            p = q;
            continue;
        }
        if c.is_ascii_alphabetic() || c == b'_' {
            let mut q = p;
            while q < s.len() && (s[q].is_ascii_alphanumeric() || s[q] == b'_') {
                q += 1;
            }
            let word = &src[p..q];
            if let Some(v) = negative_constant(word) {
                // CuTe's aliases of negative static integers: `_m1` is `Int<-1>`
                out.push(Token {
                    tok: Tok::Int(Int::constant(v)),
                    span: Span::new(start, q),
                });
                p = q;
                line_start = false;
                continue;
            }
            if word == "__launch_bounds__" {
                // a kernel's launch bounds change nothing for one thread: dropped with
                // their parenthesized arguments
                let mut r = q;
                while r < s.len() && s[r].is_ascii_whitespace() {
                    r += 1;
                }
                if s.get(r) == Some(&b'(') {
                    let mut depth = 0usize;
                    while r < s.len() {
                        match s[r] {
                            b'(' => depth += 1,
                            b')' => {
                                depth -= 1;
                                if depth == 0 {
                                    r += 1;
                                    break;
                                }
                            }
                            _ => {}
                        }
                        r += 1;
                    }
                    p = r;
                    line_start = false;
                    continue;
                }
            }
            if s.get(q) == Some(&b':') && s.get(q + 1) == Some(&b':') {
                // a qualified name: `cute::` is dropped (CuTe's names are the language's),
                // other namespaces stay part of the name (`std::cout`, `cutlass::half_t`)
                if word == "cute" {
                    p = q + 2;
                    line_start = false;
                    continue;
                }
                // every `::` segment (`UMMA::Major::K`)
                let mut r = q;
                while s.get(r) == Some(&b':')
                    && s.get(r + 1) == Some(&b':')
                    && s.get(r + 2)
                        .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'_')
                {
                    r += 2;
                    while r < s.len() && (s[r].is_ascii_alphanumeric() || s[r] == b'_') {
                        r += 1;
                    }
                }
                out.push(Token {
                    tok: Tok::Name(String::from(&src[p..r])),
                    span: Span::new(start, r),
                });
                p = r;
                continue;
            }
            // C++'s alternative tokens
            let tok = match word {
                "not" => Tok::Punct(b'!'),
                "and" => Tok::Op("&&"),
                "or" => Tok::Op("||"),
                "not_eq" => Tok::Op("!="),
                _ => Tok::Name(String::from(word)),
            };
            out.push(Token {
                tok,
                span: Span::new(start, q),
            });
            p = q;
            continue;
        }
        if c == b'<' && s.get(p + 1) == Some(&b'<') && s.get(p + 2) != Some(&b'=') {
            out.push(Token {
                tok: Tok::Shl,
                span: Span::new(start, start + 2),
            });
            p += 2;
            continue;
        }
        if c == b':' && s.get(p + 1) == Some(&b':') {
            // a leading `::` (`::cute::Layout`) qualifies nothing
            p += 2;
            continue;
        }
        if let Some(op) = operator_at(s, p) {
            out.push(Token {
                tok: Tok::Op(op),
                span: Span::new(start, start + op.len()),
            });
            p += op.len();
            continue;
        }
        if b"(),:<>=;{}+-*/%&!~^|?[].".contains(&c) {
            match c {
                b'(' | b'{' | b'[' => open.push(c),
                b'<' if p > 0
                    && !s[p - 1].is_ascii_whitespace()
                    && matches!(
                        out.last(),
                        Some(Token {
                            tok: Tok::Name(_),
                            ..
                        })
                    ) =>
                {
                    open.push(c)
                }
                b'>' if open.last() == Some(&b'<') => {
                    open.pop();
                }
                b')' | b'}' | b']' => {
                    let want = match c {
                        b')' => b'(',
                        b'}' => b'{',
                        _ => b'[',
                    };
                    while let Some(o) = open.pop() {
                        if o == want {
                            break;
                        }
                    }
                }
                _ => {}
            }
            out.push(Token {
                tok: Tok::Punct(c),
                span: Span::new(start, start + 1),
            });
            p += 1;
            continue;
        }
        let ch = src[p..].chars().next().unwrap_or('?');
        return Err(EvalError::new(
            alloc::format!("unexpected character '{ch}'"),
            Span::new(start, start + ch.len_utf8()),
        ));
    }
    Ok(())
}

/// An unsigned literal: its value cast to its type.
#[inline(never)]
fn uint_literal(v: u64, ty: &'static str, span: Span) -> Result<Expr, EvalError> {
    if ty == "long" {
        // a signed literal with an `l` suffix: its bits
        let int = Expr {
            kind: ExprKind::Int(Int::dynamic(v as i64)),
            span,
        };
        return Ok(Expr {
            kind: ExprKind::Cast(String::from(ty), Box::new(int)),
            span,
        });
    }
    // past 2^63 - 1 the integer's bits, which the cast to the 64-bit type reads back
    let v = v as i64;
    let int = Expr {
        kind: ExprKind::Int(Int::dynamic(v)),
        span,
    };
    Ok(Expr {
        kind: ExprKind::Cast(String::from(ty), Box::new(int)),
        span,
    })
}

/// `-v` in the unsigned type `ty` (wrapped around), or `v`.
fn negated(v: u64, ty: &str, neg: bool) -> u64 {
    match (neg, ty) {
        (false, _) => v,
        (true, "unsigned") => (v as u32).wrapping_neg() as u64,
        (true, _) => v.wrapping_neg(),
    }
}

/// A C++ octal (`017`, a `0` then digits) or binary (`0b101`) integer at `p`, optionally
/// negated; `None` for any other number (`0`, `0x1F`, `0123.5`, which is decimal). An
/// octal literal with the digit 8 or 9 is an error, as in C++.
fn c_radix(src: &str, p: usize) -> Option<Result<(Tok, usize), EvalError>> {
    let s = src.as_bytes();
    let q = p + usize::from(s[p] == b'-');
    if s.get(q) != Some(&b'0') {
        return None;
    }
    let (radix, first) = match s.get(q + 1) {
        Some(b'b' | b'B') if s.get(q + 2).is_some_and(|b| matches!(b, b'0' | b'1')) => (2, q + 2),
        Some(b) if b.is_ascii_digit() => (8, q + 1),
        _ => return None,
    };
    let mut r = first;
    while r < s.len() && s[r].is_ascii_digit() {
        r += 1;
    }
    if radix == 8 && matches!(s.get(r), Some(b'.' | b'e' | b'E')) {
        // `0123.5`, `012e3`: a decimal floating-point literal
        return None;
    }
    let span = Span::new(p, r);
    if matches!(s.get(r), Some(b'u' | b'U' | b'l' | b'L')) {
        return Some(Err(crate::operators::not_supported(
            "an octal or binary literal with a suffix",
            "a decimal or hexadecimal literal",
            span,
        )));
    }
    let Ok(v) = i64::from_str_radix(&src[first..r], radix) else {
        return Some(Err(EvalError::new(
            alloc::format!(
                "invalid {} literal {}",
                if radix == 8 { "octal" } else { "binary" },
                &src[q..r]
            ),
            span,
        )));
    };
    let v = if s[p] == b'-' { -v } else { v };
    Some(Ok((Tok::Int(Int::dynamic(v)), r)))
}

/// A C++ number at `p` that is not one of the notation's integers: a floating-point
/// literal (`1.5f`, `2.`, `.5`, `1e-3`), a hexadecimal integer (`0x1F`) or an integer with
/// a suffix (`10u`, `256L`); `None` for a plain integer, which the notation's lexer reads.
fn c_number(src: &str, p: usize) -> Option<(Tok, usize)> {
    let s = src.as_bytes();
    let mut q = p;
    if s[q] == b'-' {
        q += 1;
    }
    if s[q..].starts_with(b"0x") || s[q..].starts_with(b"0X") {
        let mut r = q + 2;
        while r < s.len() && s[r].is_ascii_hexdigit() {
            r += 1;
        }
        let v = u64::from_str_radix(&src[q + 2..r], 16).ok()?;
        let d = r;
        while r < s.len() && matches!(s[r], b'u' | b'U' | b'l' | b'L') {
            r += 1;
        }
        // C++'s type of a hexadecimal literal: the first of int, unsigned, long,
        // unsigned long that holds it (a `u` suffix: unsigned or unsigned long)
        let unsigned = src[d..r].contains(['u', 'U']);
        let long = src[d..r].contains(['l', 'L']);
        let ty = if unsigned {
            Some(if long || v > u32::MAX as u64 {
                "uint64_t"
            } else {
                "unsigned"
            })
        } else if !long && v > i32::MAX as u64 && v <= u32::MAX as u64 {
            Some("unsigned")
        } else if v > i64::MAX as u64 {
            Some("uint64_t")
        } else {
            None
        };
        return Some(match ty {
            Some(ty) => (Tok::Uint(negated(v, ty, s[p] == b'-'), ty), r),
            None if long && s[p] == b'-' => {
                (Tok::Uint((v as i64).wrapping_neg() as u64, "long"), r)
            }
            None if long => (Tok::Uint(v, "long"), r),
            None if s[p] == b'-' => (Tok::Int(Int::dynamic(-(v as i64))), r),
            None => (Tok::Int(Int::dynamic(v as i64)), r),
        });
    }
    while q < s.len() && s[q].is_ascii_digit() {
        q += 1;
    }
    let mut float = false;
    if q < s.len()
        && s[q] == b'.'
        && !s
            .get(q + 1)
            .is_some_and(|b| b.is_ascii_alphabetic() && !matches!(b, b'f' | b'F' | b'e' | b'E'))
    {
        float = true;
        q += 1;
        while q < s.len() && s[q].is_ascii_digit() {
            q += 1;
        }
    }
    if q < s.len()
        && matches!(s[q], b'e' | b'E')
        && (s.get(q + 1).is_some_and(u8::is_ascii_digit)
            || (matches!(s.get(q + 1), Some(b'+' | b'-'))
                && s.get(q + 2).is_some_and(u8::is_ascii_digit)))
    {
        float = true;
        q += 2;
        while q < s.len() && s[q].is_ascii_digit() {
            q += 1;
        }
    }
    if float {
        let v: f64 = src[p..q].parse().ok()?;
        if q < s.len() && matches!(s[q], b'f' | b'F') {
            return Some((Tok::Float(v as f32 as f64, true), q + 1));
        }
        return Some((Tok::Float(v, false), q));
    }
    if q < s.len() && matches!(s[q], b'u' | b'U' | b'l' | b'L') {
        let mut r = q;
        while r < s.len() && matches!(s[r], b'u' | b'U' | b'l' | b'L') {
            r += 1;
        }
        if src[q..r].contains(['u', 'U']) {
            // `10u` is unsigned (unsigned long when it needs 64 bits), `10ul` unsigned long;
            // `-10u` is the negation of `10u`, done in its type
            let v: u64 = src[p + usize::from(s[p] == b'-')..q].parse().ok()?;
            let ty = if src[q..r].contains(['l', 'L']) || v > u32::MAX as u64 {
                "uint64_t"
            } else {
                "unsigned"
            };
            return Some((Tok::Uint(negated(v, ty, s[p] == b'-'), ty), r));
        }
        // `10l`, `-5ll`: a long (its bits kept in the token)
        let v: i64 = src[p..q].parse().ok()?;
        return Some((Tok::Uint(v as u64, "long"), r));
    }
    if q < s.len()
        && matches!(s[q], b'f' | b'F')
        && !s
            .get(q + 1)
            .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
    {
        // `1f` is not C++, but `1.f` is; leave it to the notation's error
        return None;
    }
    None
}

/// An expression with its source span.
#[derive(Clone, Debug)]
pub(crate) struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

/// A binary operator of integer arithmetic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

impl BinOp {
    pub(crate) fn symbol(self) -> char {
        match self {
            BinOp::Add => '+',
            BinOp::Sub => '-',
            BinOp::Mul => '*',
            BinOp::Div => '/',
            BinOp::Rem => '%',
        }
    }
}

#[derive(Clone, Debug)]
pub(crate) enum ExprKind {
    Int(Int),
    Under,
    Tuple(Vec<Expr>),
    Layout(Box<Expr>, Box<Expr>),
    /// A bare name (a bound variable, a tag, or a functor such as `Swizzle<3,4,3>`).
    Name {
        name: String,
        targs: Vec<i64>,
    },
    Call {
        name: String,
        name_span: Span,
        targs: Vec<i64>,
        args: Vec<Expr>,
    },
    /// `f<exprs>(args)`: a call of the table whose template arguments are expressions
    /// evaluated to integers when it runs (`group_modes<1, rank(t)>(t)`).
    CallTargs {
        name: String,
        name_span: Span,
        targs: Vec<Expr>,
        args: Vec<Expr>,
    },
    /// `f(args)` applied to a value: a layout at a coordinate.
    Apply(Box<Expr>, Vec<Expr>),
    /// A type with type template arguments, such as an atom
    /// (`Copy_Atom<SM75_U32x4_LDSM_N,half_t>`, `SM90_64x64x16_F16F16F16_SS<K,MN>`), as its
    /// text without spaces.
    Type(String),
    /// A type whose template arguments hold constant expressions: its text with `$k` for
    /// the k-th expression (`UniversalCopy<uint_byte_t<$0>>` of
    /// `uint_byte_t<sizeof(T) * size(v)>`), and the expressions.
    TypeWith(String, Vec<Expr>),
    /// A string literal, an argument of `print` and `printf`.
    Str(String),
    /// `-x`: the negation of an integer.
    Neg(Box<Expr>),
    /// `a + b - c` or `a * b / c % d`: one level of left-associative integer arithmetic,
    /// the operators with their spans.
    Arith(Box<Expr>, Vec<(BinOp, Span, Expr)>),
    /// `int{x}`: an integer made dynamic (C++'s `int{2}`, `uint16_t{42}`).
    Dynamic(Box<Expr>),
    /// A floating-point literal; `true` for a `float`.
    Float(f64, bool),
    /// `a op b op c`: one level of comparison, logical, bit or shift operators, the
    /// operators with their spans, left-associative.
    Binary(Box<Expr>, Vec<(Op2, Span, Expr)>),
    /// `!x`, `~x`.
    Not(Box<Expr>, bool),
    /// `c ? a : b`.
    Ternary(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `a = b`, or with an operator `a += b`.
    Assign(Box<Expr>, Option<Op2>, Box<Expr>),
    /// `++x`, `x++`, `--x`, `x--`: the target, `true` to increment, `true` when prefix.
    IncDec(Box<Expr>, bool, bool),
    /// `a[i]`.
    Index(Box<Expr>, Box<Expr>),
    /// `x.name<targs>(args)` or `x.name` (args `None`).
    Member {
        obj: Box<Expr>,
        name: String,
        name_span: Span,
        targs: Vec<i64>,
        args: Option<Vec<Expr>>,
    },
    /// `*p`.
    Deref(Box<Expr>),
    /// `&x`.
    AddrOf(Box<Expr>),
    /// A lambda, `[&](int i) { ... }`.
    Lambda(alloc::sync::Arc<FuncDef>),
    /// `new T[n]`: the element type and the count.
    New(String, Box<Expr>),
    /// A conversion to a C++ type: `float(x)`, `static_cast<double>(x)`, `(int)x`.
    Cast(String, Box<Expr>),
    /// A call with a type template argument: `make_tensor<float>(L)`; the name, the type
    /// text, the arguments.
    TypeCall(String, String, Vec<Expr>),
    /// A braced list `{1, 2, 3}` (the initializer of an array).
    List(Vec<Expr>),
}

/// The comparison, logical, bit and shift operators, and the arithmetic ones of
/// compound assignment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op2 {
    Arith(BinOp),
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    And,
    Or,
    BitAnd,
    BitOr,
    BitXor,
    Shl,
    Shr,
}

impl Op2 {
    pub(crate) fn symbol(self) -> &'static str {
        match self {
            Op2::Arith(BinOp::Add) => "+",
            Op2::Arith(BinOp::Sub) => "-",
            Op2::Arith(BinOp::Mul) => "*",
            Op2::Arith(BinOp::Div) => "/",
            Op2::Arith(BinOp::Rem) => "%",
            Op2::Lt => "<",
            Op2::Gt => ">",
            Op2::Le => "<=",
            Op2::Ge => ">=",
            Op2::Eq => "==",
            Op2::Ne => "!=",
            Op2::And => "&&",
            Op2::Or => "||",
            Op2::BitAnd => "&",
            Op2::BitOr => "|",
            Op2::BitXor => "^",
            Op2::Shl => "<<",
            Op2::Shr => ">>",
        }
    }
}

/// A lambda's capture list, `[=, &y]`, `[x]`, `[k = n + 1]`.
#[derive(Clone, Debug, Default)]
pub(crate) struct Captures {
    /// `=` (true) or `&` (false) first: the variables the body names are copied or
    /// referred to.
    pub default_by_value: Option<bool>,
    /// The variables named, and whether by reference (`&y`).
    pub names: Vec<(String, bool)>,
    /// Init-captures `k = expr`: copies of a value computed when the lambda is made.
    pub inits: Vec<(String, Expr)>,
    /// `mutable`: its copies may be written, and keep their values from call to call.
    pub mutable: bool,
}

/// A function definition (`int f(int x) { ... }`, a template, or a lambda).
#[derive(Clone, Debug)]
pub(crate) struct FuncDef {
    pub name: String,
    /// The parameters: name and declared type.
    pub params: Vec<(String, TypeSpec)>,
    /// The names of the template's value parameters (`template <int N>`), bound to the
    /// call's integer template arguments.
    pub tvalues: Vec<String>,
    /// Every template parameter, in order, and whether it is a type (`class T`): the
    /// explicit template arguments of a call (`f<float, 3>(x)`) bind them in this order.
    pub tparams: Vec<(String, bool)>,
    pub ret: TypeSpec,
    pub body: Vec<Stmt>,
    pub span: Span,
    /// A lambda's capture list (`None` for a function).
    pub captures: Option<Captures>,
    /// A lambda value's copies of the variables it captures by value, made when the
    /// lambda expression was evaluated.
    pub captured: Vec<(String, crate::eval::Var)>,
}

impl FuncDef {
    /// Whether a call with `n` arguments calls this function: one for each parameter,
    /// or fewer where the parameters left out have default values.
    pub(crate) fn takes(&self, n: usize) -> bool {
        n <= self.params.len()
            && self.params[n..]
                .iter()
                .all(|(_, ty)| ty.param_default.is_some())
    }
}

/// A declared C++ type, as written (without spaces) and what the evaluator keeps of it.
#[derive(Clone, Debug)]
pub(crate) struct TypeSpec {
    /// The type without qualifiers, pointers and references: `float`, `std::vector<int>`,
    /// `Layout<Shape<_2,_4>>`.
    pub text: String,
    /// The number of `*`.
    pub pointers: usize,
    /// The value of the type made with `{}` when it is one of CuTe's (`Layout<...>{}`).
    pub default: Option<alloc::boxed::Box<Expr>>,
    /// A reference that is not `const` (`int& x`): a parameter through which a function
    /// writes its caller's variable.
    pub reference: bool,
    /// Any reference, `const` or not (`auto const& x`, `T&& x`): it names its initializer's
    /// object, where a value (`auto x = v`) is a copy of a `std::vector` or an owning tensor.
    pub by_ref: bool,
    /// A parameter's default value (`int n = 4`), which a call that leaves the
    /// parameter out takes.
    pub param_default: Option<alloc::boxed::Box<Expr>>,
    /// `const` or `constexpr`, not a reference or a pointer: a variable of an integer type
    /// initialized by a constant expression is one itself (`static_assert(N % 4 == 0)`).
    pub constant: bool,
}

/// One name of a declaration: `float A[8] = {...}`, `std::vector<int> v(8)`, `int i = 0`.
#[derive(Clone, Debug)]
pub(crate) struct Declarator {
    pub name: String,
    pub span: Span,
    /// `[n]` of a C array.
    pub array: Option<Expr>,
    /// `[m]` of an array of arrays, `T a[n][m]`: the length of each row.
    pub inner: Option<Expr>,
    pub init: Init,
    /// A braced list without `=` (`T x{...}`, C++'s direct-list-initialization, which
    /// takes `explicit` constructors), rather than `T x = {...}`.
    pub direct: bool,
}

#[derive(Clone, Debug)]
pub(crate) enum Init {
    None,
    /// `= e` or `{e}`.
    Value(Expr),
    /// `(a, b)`: a constructor's arguments.
    Ctor(Vec<Expr>),
    /// `= {a, b}` or `{a, b}` with several items.
    List(Vec<Expr>),
}

#[derive(Clone, Debug)]
pub(crate) enum Stmt {
    Let(String, Expr),
    Show(Expr),
    /// `std::cout << a << b << std::endl`: each value as CuTe's `operator<<` writes it.
    Stream(Vec<Expr>),
    /// A declaration of one or more names of one type.
    Decl(TypeSpec, Vec<Declarator>),
    /// `{ ... }`.
    Block(Vec<Stmt>),
    If(Expr, Box<Stmt>, Option<Box<Stmt>>),
    /// `while (c) s`; the span of `while (c)`.
    While(Expr, Box<Stmt>, Span),
    /// `do s while (c);`.
    DoWhile(Box<Stmt>, Expr, Span),
    /// `for (init; cond; step) body`.
    For {
        init: Option<Box<Stmt>>,
        cond: Option<Expr>,
        step: Vec<Expr>,
        body: Box<Stmt>,
        span: Span,
    },
    /// `for (T x : range) body`: `x` declared anew for each element of an array, a vector
    /// or a braced list; written back to the element after the body where it is a
    /// non-const reference.
    ForRange {
        ty: TypeSpec,
        name: String,
        range: Expr,
        body: Box<Stmt>,
        /// The names the body mentions, where `x` is a reference, const or not (here `x`
        /// is a copy, written back to a non-const reference's element when the body ends,
        /// so no other way to the elements may be taken meanwhile).
        names: Vec<String>,
        span: Span,
    },
    /// `switch (value) { case A: ... default: ... }`: the body's statements, and each
    /// label (`None` for `default`) with the index of the statement it precedes.
    Switch {
        value: Expr,
        body: Vec<Stmt>,
        labels: Vec<(usize, Option<Expr>)>,
        span: Span,
    },
    Break(Span),
    Continue(Span),
    Return(Option<Expr>),
    /// A function definition.
    Func(alloc::sync::Arc<FuncDef>),
    /// `static_assert(cond[, "message"])`.
    StaticAssert(Expr, Option<String>, Span),
}

/// The C++ types of CuTe's tutorials whose template arguments are values: `Int<8>`,
/// `C<8>`, `Shape<_2,_3>`, `Stride<...>`, `Layout<Shape, Stride>`, ...
const CPP_TYPES: &[&str] = &[
    "C",
    "ComposedLayout",
    "Coord",
    "Int",
    "IntTuple",
    "Layout",
    "Shape",
    "Step",
    "Stride",
    "Tile",
    "tuple",
];

/// C++'s integer types: `int{2}` is the dynamic integer 2.
const INTEGRAL_TYPES: &[&str] = &[
    "int", "unsigned", "long", "short", "size_t", "int8_t", "uint8_t", "int16_t", "uint16_t",
    "int32_t", "uint32_t", "int64_t", "uint64_t",
];

pub(crate) struct Parser {
    pub(crate) toks: Vec<Token>,
    /// The error that stopped the lexer: the tokens end where it is.
    lex_err: Option<EvalError>,
    pub(crate) i: usize,
    pub(crate) end: usize,
    /// Open levels of nesting (parentheses and applications) at the current token.
    pub(crate) depth: usize,
    /// Whether `a:b` is a layout here (not inside the middle of `c ? a : b`).
    pub(crate) colon_ok: bool,
    /// The names the program declares or binds so far: `i < n` compares them.
    pub(crate) vars: alloc::collections::BTreeSet<String>,
    /// Inside C++ code (a block, a function's or a lambda's body, a declaration's
    /// initializer), where `(x)` groups, as C++ reads it; elsewhere `(8)` is CuTe's
    /// rank-1 tuple.
    pub(crate) cpp: usize,
    /// The tuple literals `(a, b)` around the cursor: in C++ code the outermost one is a
    /// layout's shape or stride, or C++'s comma operator (refused).
    pub(crate) tuples: usize,
    /// The default values of parameters that a function's declaration without a body
    /// (`int f(int a, int b = 2);`) gives, for its definition.
    pub(crate) protos: alloc::collections::BTreeMap<String, Vec<Option<alloc::boxed::Box<Expr>>>>,
    /// The names of types: template parameters (`class T`) and `using` aliases.
    pub(crate) types: alloc::collections::BTreeSet<String>,
    /// Whether the statement just parsed ends with its own `}` (a block, a loop, `if`, a
    /// function definition), so that no `;` or new line needs to end it.
    pub(crate) block_end: bool,
    /// The value parameters of the `template <...>` being parsed.
    pub(crate) template_values: Vec<String>,
    /// Every parameter of the `template <...>` being parsed, in order, and whether it is a
    /// type (`class T`) or a value (`int N`).
    pub(crate) template_params: Vec<(String, bool)>,
    /// The bodies around the cursor that may run more than once (loops, lambdas and
    /// functions other than `main`), where a `static` variable keeps its value between
    /// runs.
    pub(crate) repeated: u32,
}

impl Parser {
    pub(crate) fn new(src: &str) -> Parser {
        let (toks, lex_err) = lex(src);
        Parser {
            toks,
            lex_err,
            i: 0,
            end: src.len(),
            depth: 0,
            colon_ok: true,
            vars: alloc::collections::BTreeSet::new(),
            types: alloc::collections::BTreeSet::new(),
            block_end: false,
            template_values: Vec::new(),
            template_params: Vec::new(),
            repeated: 0,
            cpp: 0,
            tuples: 0,
            protos: alloc::collections::BTreeMap::new(),
        }
    }

    /// Enters one level of nesting at `at`; refused past [`MAX_DEPTH`].
    pub(crate) fn enter(&mut self, at: Span) -> Result<(), EvalError> {
        if self.depth >= MAX_DEPTH {
            return Err(EvalError::new(
                alloc::format!(
                    "the program nests too deeply: at most {MAX_DEPTH} levels of parentheses"
                ),
                at,
            ));
        }
        self.depth += 1;
        Ok(())
    }

    pub(crate) fn peek(&self) -> Option<&Token> {
        self.toks.get(self.i)
    }

    /// The token `k` (absolute index), if any.
    pub(crate) fn peek_at(&self, k: usize) -> Option<&Tok> {
        self.toks.get(k).map(|t| &t.tok)
    }

    pub(crate) fn peek_punct(&self, c: u8) -> bool {
        matches!(self.peek(), Some(Token { tok: Tok::Punct(p), .. }) if *p == c)
    }

    pub(crate) fn peek_at_punct(&self, k: usize, c: u8) -> bool {
        matches!(self.toks.get(k), Some(Token { tok: Tok::Punct(p), .. }) if *p == c)
    }

    pub(crate) fn peek_name(&self, k: usize) -> Option<&str> {
        match self.toks.get(k) {
            Some(Token {
                tok: Tok::Name(n), ..
            }) => Some(n),
            _ => None,
        }
    }

    pub(crate) fn here(&self) -> Span {
        match self.peek() {
            Some(t) => t.span,
            None => Span::new(self.end, self.end + 1),
        }
    }

    pub(crate) fn found(&self) -> String {
        match self.peek() {
            None => String::from("the end of the input"),
            Some(t) => alloc::format!("'{}'", describe(&t.tok)),
        }
    }

    /// Whether the `<` at the cursor opens type arguments (a name, or `<>`), not integers.
    pub(crate) fn type_args_follow(&self) -> bool {
        matches!(
            self.toks.get(self.i + 1),
            Some(Token {
                tok: Tok::Name(_),
                ..
            }) | Some(Token {
                tok: Tok::Punct(b'>'),
                ..
            })
        )
    }

    /// `name<args>` with type arguments (names, nested `<...>`, integers), from the `<` at
    /// the cursor to its `>`: the text without spaces, and the span of the `>`.
    pub(crate) fn type_args(&mut self, name: &str) -> Result<(String, Span), EvalError> {
        self.type_args_with(name, None)
    }

    /// [`Parser::type_args`], where `exprs` takes the constant expressions of
    /// `uint_byte_t<...>` and `uint_bit_t<...>` (written `$k` in the text).
    pub(crate) fn type_args_with(
        &mut self,
        name: &str,
        mut exprs: Option<&mut Vec<Expr>>,
    ) -> Result<(String, Span), EvalError> {
        let mut text = String::from(name);
        let mut depth = 0usize;
        loop {
            let Some(t) = self.peek().cloned() else {
                return Err(EvalError::new(
                    "expected '>' to close the template arguments",
                    self.here(),
                ));
            };
            self.i += 1;
            match &t.tok {
                Tok::Punct(b'<') => {
                    depth += 1;
                    text.push('<');
                }
                Tok::Punct(b'>') => {
                    text.push('>');
                    depth -= 1;
                    if depth == 0 {
                        return Ok((text, t.span));
                    }
                }
                Tok::Punct(b',') => text.push(','),
                Tok::Name(n)
                    if matches!(n.as_str(), "uint_byte_t" | "uint_bit_t")
                        && self.peek_punct(b'<')
                        && exprs.is_some()
                        && !matches!(
                            (self.toks.get(self.i + 1), self.toks.get(self.i + 2)),
                            (
                                Some(Token {
                                    tok: Tok::Int(_),
                                    ..
                                }),
                                Some(Token {
                                    tok: Tok::Punct(b'>'),
                                    ..
                                })
                            )
                        ) =>
                {
                    // `uint_byte_t<sizeof(T) * n>`: the argument is an expression, up to the
                    // `>` outside its parentheses, evaluated when the type is
                    let open = self.i;
                    let mut parens = 0usize;
                    let mut k = open + 1;
                    while let Some(x) = self.toks.get(k) {
                        match x.tok {
                            Tok::Punct(b'(') => parens += 1,
                            Tok::Punct(b')') if parens > 0 => parens -= 1,
                            Tok::Punct(b'>') if parens == 0 => break,
                            _ => {}
                        }
                        k += 1;
                    }
                    if k >= self.toks.len() || k == open + 1 {
                        return Err(EvalError::new(
                            alloc::format!("expected '>' to close {n}<...>"),
                            t.span,
                        ));
                    }
                    let e =
                        self.whole_expr(open + 1, k, &alloc::format!("'>' to close {n}<...>"))?;
                    let list = exprs.as_mut().expect("checked above");
                    text.push_str(&alloc::format!("{n}<${}>", list.len()));
                    list.push(e);
                    self.i = k + 1;
                }
                // `T const`: the type's qualifier, not part of its name
                Tok::Name(n) if n == "const" => {}
                Tok::Name(n) => text.push_str(n),
                Tok::Int(v) if !v.is_basis() => {
                    if v.is_static() {
                        text.push('_');
                    }
                    text.push_str(&alloc::format!("{}", v.value()));
                }
                Tok::Punct(b'(')
                    if depth > 0
                        && (text.contains("uint_byte_t<")
                            || text.contains("uint_bit_t<")
                            || text.ends_with("sizeof")) =>
                {
                    return Err(crate::operators::not_supported(
                        "an expression as a template argument (uint_byte_t<sizeof(T) * n>)",
                        "its value, uint_byte_t<16> or uint128_t,",
                        t.span,
                    ));
                }
                _ => {
                    return Err(EvalError::new(
                        "expected a type, an integer, ',' or '>' in the template arguments",
                        t.span,
                    ));
                }
            }
        }
    }

    /// The element type of a null pointer cast to a pointer type as the one argument of a
    /// call, `((T*)nullptr)` or `(static_cast<T const*>(nullptr))` (`reinterpret_cast` too,
    /// `const` anywhere), and the index after its `)`; `None` for any other argument.
    fn null_cast(&self) -> Option<(String, usize)> {
        let tok = |k: usize| self.toks.get(k).map(|t| &t.tok);
        let mut k = self.i;
        if tok(k) != Some(&Tok::Punct(b'(')) {
            return None;
        }
        k += 1;
        let cast =
            matches!(tok(k), Some(Tok::Name(n)) if n == "static_cast" || n == "reinterpret_cast");
        let (open, close) = if cast { (b'<', b'>') } else { (b'(', b')') };
        if cast {
            k += 1;
        }
        if tok(k) != Some(&Tok::Punct(open)) {
            return None;
        }
        k += 1;
        // the type: one name and any `const`, then one `*`
        let mut ty = None;
        while let Some(Tok::Name(n)) = tok(k) {
            if n != "const" {
                if ty.is_some() {
                    return None;
                }
                ty = Some(n.clone());
            }
            k += 1;
        }
        let ty = ty?;
        if tok(k) != Some(&Tok::Punct(b'*')) {
            return None;
        }
        k += 1;
        while matches!(tok(k), Some(Tok::Name(n)) if n == "const") {
            k += 1;
        }
        if tok(k) != Some(&Tok::Punct(close)) {
            return None;
        }
        k += 1;
        let null = |k: usize| matches!(tok(k), Some(Tok::Name(n)) if n == "nullptr" || n == "NULL");
        if cast {
            if tok(k) != Some(&Tok::Punct(b'('))
                || !null(k + 1)
                || tok(k + 2) != Some(&Tok::Punct(b')'))
            {
                return None;
            }
            k += 3;
        } else {
            if !null(k) {
                return None;
            }
            k += 1;
        }
        if tok(k) != Some(&Tok::Punct(b')')) {
            return None;
        }
        Some((ty, k + 1))
    }

    /// The tokens `a..b` parsed as one whole expression, or the error "expected
    /// `{expected}`, found ..." at the first token left over.
    pub(crate) fn whole_expr(&self, a: usize, b: usize, expected: &str) -> Result<Expr, EvalError> {
        let mut sub = self.sub_parser(a, b);
        let e = sub.expr()?;
        if sub.i != sub.toks.len() {
            return Err(EvalError::new(
                alloc::format!("expected {expected}, found {}", sub.found()),
                sub.here(),
            ));
        }
        Ok(e)
    }

    /// A parser of the tokens `a..b` alone (an expression inside template arguments), which
    /// knows this one's names.
    pub(crate) fn sub_parser(&self, a: usize, b: usize) -> Parser {
        Parser {
            toks: self.toks[a..b].to_vec(),
            lex_err: None,
            i: 0,
            end: self.toks[b].span.start,
            depth: self.depth,
            colon_ok: true,
            vars: self.vars.clone(),
            types: self.types.clone(),
            block_end: false,
            template_values: self.template_values.clone(),
            template_params: self.template_params.clone(),
            repeated: self.repeated,
            cpp: self.cpp,
            tuples: self.tuples,
            protos: self.protos.clone(),
        }
    }

    /// `f<..., rank(t), ...>(args)` from the `<` at the cursor: a call whose template
    /// arguments hold a call or a variable (evaluated when it runs,
    /// [`ExprKind::CallTargs`]); `None`, nothing consumed, where they hold neither or no
    /// `(` follows the `>`.
    #[inline(never)]
    fn call_with_expr_targs(&mut self, name: &str, span: Span) -> Result<Option<Expr>, EvalError> {
        let open = self.i;
        let (mut parens, mut k, mut call) = (0usize, open + 1, false);
        let mut parts = Vec::new();
        let mut start = k;
        loop {
            let Some(t) = self.toks.get(k) else {
                return Ok(None);
            };
            match t.tok {
                Tok::Punct(b'(') => {
                    parens += 1;
                    call = true;
                }
                Tok::Punct(b')') if parens > 0 => parens -= 1,
                Tok::Punct(b',') if parens == 0 => {
                    parts.push((start, k));
                    start = k + 1;
                }
                Tok::Punct(b'>') if parens == 0 => {
                    parts.push((start, k));
                    break;
                }
                Tok::Punct(b'<' | b';' | b'{' | b'}' | b')') | Tok::Newline => return Ok(None),
                // a variable of the program (`auto r = rank(L); take<1,r>(L)`)
                Tok::Name(ref n) if self.vars.contains(n) => call = true,
                _ => {}
            }
            k += 1;
        }
        if !call || !self.peek_at_punct(k + 1, b'(') || parts.iter().any(|(a, b)| a == b) {
            return Ok(None);
        }
        let mut targs = Vec::with_capacity(parts.len());
        for (a, b) in parts {
            targs.push(self.whole_expr(
                a,
                b,
                &alloc::format!("',' or '>' in the template arguments of {name}<...>"),
            )?);
        }
        let name_span = span.join(self.toks[k].span);
        self.i = k + 1;
        let (args, close) = self.args()?;
        Ok(Some(Expr {
            kind: ExprKind::CallTargs {
                name: String::from(name),
                name_span,
                targs,
                args,
            },
            span: span.join(close),
        }))
    }

    pub(crate) fn expect(&mut self, c: u8, what: &str) -> Result<Span, EvalError> {
        if self.peek_punct(c) {
            let sp = self.here();
            self.i += 1;
            return Ok(sp);
        }
        Err(EvalError::new(
            alloc::format!("expected {what}, found {}", self.found()),
            self.here(),
        ))
    }

    pub(crate) fn at_separator(&self) -> bool {
        self.peek_punct(b';')
            || matches!(
                self.peek(),
                Some(Token {
                    tok: Tok::Newline,
                    ..
                })
            )
    }

    /// The whole program, or the first error.
    pub(crate) fn program(&mut self) -> Result<Vec<Stmt>, EvalError> {
        match self.program_partial() {
            (stmts, None) => Ok(stmts),
            (_, Some(e)) => Err(e),
        }
    }

    /// The statements before the first error, and that error. Statements end at `;` or at
    /// a newline outside brackets; a statement cut short by a bad character is not kept.
    pub(crate) fn program_partial(&mut self) -> (Vec<Stmt>, Option<EvalError>) {
        let mut stmts = Vec::new();
        loop {
            while self.at_separator() {
                self.i += 1;
            }
            if self.peek().is_none() {
                break;
            }
            let st = match self.statement() {
                Ok(st) => st,
                Err(e) => return (stmts, Some(self.prefer_lex_error(e))),
            };
            if self.peek().is_none() && self.lex_err.is_some() {
                break;
            }
            if self.peek().is_some() && !self.at_separator() && !self.block_end {
                let e = if self.peek_punct(b')') {
                    EvalError::new("unbalanced parentheses: unexpected ')'", self.here())
                } else {
                    EvalError::new(
                        alloc::format!(
                            "expected ';', a new line or the end of the program, found {}",
                            self.found()
                        ),
                        self.here(),
                    )
                };
                return (stmts, Some(e));
            }
            stmts.extend(st);
        }
        if let Some(e) = self.lex_err.take() {
            return (stmts, Some(e));
        }
        if stmts.is_empty() {
            return (
                stmts,
                Some(EvalError::new(
                    "empty program",
                    Span::new(0, self.end.max(1)),
                )),
            );
        }
        (stmts, None)
    }

    /// A parse error at the end of the tokens is the lexer's error, when it stopped early.
    fn prefer_lex_error(&mut self, e: EvalError) -> EvalError {
        match self.lex_err.take() {
            Some(l) if self.i >= self.toks.len() => l,
            _ => e,
        }
    }

    /// One of the calculator's statements: `using namespace`, `std::cout << ...`,
    /// `NAME = expr`, or an expression; `None` for one that does nothing.
    pub(crate) fn simple_statement(&mut self) -> Result<Option<Stmt>, EvalError> {
        if self.peek_name(self.i) == Some("using")
            && self.peek_name(self.i + 1) == Some("namespace")
        {
            self.i += 2;
            if self.peek_name(self.i).is_none() {
                return Err(EvalError::new(
                    alloc::format!(
                        "expected a namespace after 'using namespace', found {}",
                        self.found()
                    ),
                    self.here(),
                ));
            }
            self.i += 1;
            return Ok(None);
        }
        if matches!(self.peek_name(self.i), Some("std::cout" | "cout"))
            && matches!(self.toks.get(self.i + 1), Some(Token { tok: Tok::Shl, .. }))
        {
            self.i += 1;
            let mut items = Vec::new();
            while matches!(self.peek(), Some(Token { tok: Tok::Shl, .. })) {
                self.i += 1;
                match self.peek_name(self.i) {
                    Some("std::endl" | "endl") => {
                        let span = self.here();
                        self.i += 1;
                        // a manipulator, not an item: it writes a newline, and a width
                        // set before it stays for the next item
                        items.push(Expr {
                            kind: ExprKind::Name {
                                name: String::from("std::endl"),
                                targs: Vec::new(),
                            },
                            span,
                        });
                    }
                    _ => items.push(self.arith(true)?),
                }
            }
            return Ok(Some(Stmt::Stream(items)));
        }
        // `NAME = expr`, or a C++ declaration `auto NAME = expr`, `Layout NAME = expr`,
        // `auto const& NAME = expr`
        let mut j = self.i;
        while self.peek_name(j).is_some() || self.peek_at_punct(j, b'&') {
            j += 1;
        }
        if j > self.i
            && self.peek_at_punct(j, b'=')
            && let Some(name) = self.peek_name(j - 1)
        {
            let name = String::from(name);
            self.i = j + 1;
            let e = self.expr()?;
            self.vars.insert(name.clone());
            return Ok(Some(Stmt::Let(name, e)));
        }
        Ok(Some(Stmt::Show(self.expr()?)))
    }

    /// An expression: integer arithmetic over postfix expressions, `+ -` below `* / %`
    /// below unary `-`, each level left-associative.
    #[inline(always)]
    pub(crate) fn expr(&mut self) -> Result<Expr, EvalError> {
        self.assignment()
    }

    /// One level of arithmetic: sums (`additive`) or products.
    pub(crate) fn arith(&mut self, additive: bool) -> Result<Expr, EvalError> {
        let operand = |p: &mut Parser| {
            if additive { p.arith(false) } else { p.unary() }
        };
        let first = operand(self)?;
        let outer = self.depth;
        let mut rest = Vec::new();
        while let Some(Token {
            tok: Tok::Punct(c), ..
        }) = self.peek()
        {
            let op = match (*c, additive) {
                (b'+', true) => BinOp::Add,
                (b'-', true) => BinOp::Sub,
                (b'*', false) => BinOp::Mul,
                (b'/', false) => BinOp::Div,
                (b'%', false) => BinOp::Rem,
                _ => break,
            };
            if rest.is_empty() {
                // the operation is one more level around its operands
                self.enter(self.here())?;
            }
            let at = self.here();
            self.i += 1;
            rest.push((op, at, operand(self)?));
        }
        self.depth = outer;
        if rest.is_empty() {
            return Ok(first);
        }
        let span = first.span.join(rest[rest.len() - 1].2.span);
        Ok(Expr {
            kind: ExprKind::Arith(Box::new(first), rest),
            span,
        })
    }

    /// `-x` (any number of signs), `!x`, `~x`, `++x`, `*p`, `&x`, or a postfix expression.
    pub(crate) fn unary(&mut self) -> Result<Expr, EvalError> {
        if let Some(e) = self.prefix_op()? {
            return Ok(e);
        }
        let mut signs = Vec::new();
        while self.peek_punct(b'-') || self.peek_punct(b'+') {
            signs.push((self.peek_punct(b'-'), self.here()));
            self.i += 1;
        }
        if signs.is_empty() {
            return self.postfix();
        }
        let outer = self.depth;
        self.enter(signs[0].1)?;
        let e = ungrouped(self.postfix()?);
        self.depth = outer;
        let negate = signs.iter().filter(|s| s.0).count() % 2 == 1;
        let span = signs[0].1.join(e.span);
        let neg = |e: Expr| Expr {
            kind: ExprKind::Neg(Box::new(e)),
            span,
        };
        if !negate {
            // `+b` promotes as `-b` does (a `uint8_t`'s is an `int`): two negations
            return Ok(neg(neg(e)));
        }
        Ok(neg(e))
    }

    /// A layout literal or an atom, then applications: `S:D(c)`, `A(1,2)(0)`.
    pub(crate) fn postfix(&mut self) -> Result<Expr, EvalError> {
        let mut e = self.atom()?;
        if self.peek_punct(b':') && self.colon_ok {
            self.i += 1;
            let d = self.atom()?;
            let span = e.span.join(d.span);
            e = Expr {
                kind: ExprKind::Layout(Box::new(e), Box::new(d)),
                span,
            };
        }
        // each application nests the expression before it one level deeper
        let outer = self.depth;
        loop {
            if self.peek_punct(b'(') {
                self.enter(self.here())?;
                let (args, close) = self.args()?;
                let span = e.span.join(close);
                e = Expr {
                    kind: ExprKind::Apply(Box::new(e), args),
                    span,
                };
                continue;
            }
            if !matches!(
                self.peek().map(|t| &t.tok),
                Some(Tok::Punct(b'[' | b'.') | Tok::Op("->" | "++" | "--"))
            ) {
                break;
            }
            match self.postfix_op(e)? {
                (x, true) => e = x,
                (x, false) => {
                    e = x;
                    break;
                }
            }
        }
        self.depth = outer;
        Ok(e)
    }

    /// `( args )`; returns the arguments and the span of the closing parenthesis.
    pub(crate) fn args(&mut self) -> Result<(Vec<Expr>, Span), EvalError> {
        self.enter(self.here())?;
        let colon = core::mem::replace(&mut self.colon_ok, true);
        let r = self.args_inner();
        self.colon_ok = colon;
        self.depth -= 1;
        r
    }

    fn args_inner(&mut self) -> Result<(Vec<Expr>, Span), EvalError> {
        let open = self.expect(b'(', "'('")?;
        let mut out = Vec::new();
        if self.peek_punct(b')') {
            let close = self.here();
            self.i += 1;
            return Ok((out, close));
        }
        loop {
            if self.peek().is_none() {
                return Err(EvalError::new(
                    "unbalanced parentheses: this '(' is never closed",
                    open,
                ));
            }
            out.push(self.expr()?);
            if self.peek_punct(b',') {
                self.i += 1;
                continue;
            }
            if self.peek_punct(b')') {
                let close = self.here();
                self.i += 1;
                return Ok((out, close));
            }
            if self.peek().is_none() {
                return Err(EvalError::new(
                    "unbalanced parentheses: this '(' is never closed",
                    open,
                ));
            }
            return Err(EvalError::new(
                alloc::format!(
                    "expected ',' or ')', found '{}'",
                    describe(&self.peek().unwrap().tok)
                ),
                self.here(),
            ));
        }
    }

    /// At `(`: the type of a C cast `(T)` and its number of words (`(long long)` is
    /// `long`, 2), or `None`.
    fn c_cast_words(&self) -> Option<(String, usize)> {
        let mut k = self.i + 1;
        let mut words = Vec::new();
        while let Some(n) = self.peek_name(k) {
            if !(crate::operators::SCALAR_TYPES.contains(&n)
                || self.types.contains(n)
                || n == "const")
            {
                return None;
            }
            if n != "const" {
                words.push(n);
            }
            k += 1;
        }
        let mut pointers = 0;
        while self.peek_at_punct(k, b'*') {
            pointers += 1;
            k += 1;
        }
        if words.is_empty() || !self.peek_at_punct(k, b')') {
            return None;
        }
        let mut ty = match words.as_slice() {
            [one] => String::from(*one),
            ["unsigned", ..] => String::from("unsigned"),
            _ => String::from("long"),
        };
        ty.extend(core::iter::repeat_n('*', pointers));
        Some((ty, k - self.i - 1))
    }

    /// `(T*)malloc(bytes)` and `(T*)calloc(n, size)`: an array of `T`, of as many whole
    /// elements as the bytes hold (`new T[bytes / sizeof(T)]`, zeros); `None` where `x`
    /// is no such call.
    pub(crate) fn malloc_cast(ty: &str, x: &Expr) -> Option<ExprKind> {
        let elem = ty.strip_suffix('*').filter(|e| !e.ends_with('*'))?;
        let ExprKind::Call { name, args, .. } = &x.kind else {
            return None;
        };
        let bytes = match (name.as_str(), args.as_slice()) {
            ("malloc" | "std::malloc", [n]) => n.clone(),
            ("calloc" | "std::calloc", [n, size]) => Expr {
                kind: ExprKind::Arith(
                    Box::new(n.clone()),
                    alloc::vec![(BinOp::Mul, x.span, size.clone())],
                ),
                span: x.span,
            },
            _ => return None,
        };
        let size = Expr {
            kind: ExprKind::Cast(
                String::from("sizeof"),
                Box::new(Expr {
                    kind: ExprKind::Str(String::from(elem)),
                    span: x.span,
                }),
            ),
            span: x.span,
        };
        let count = Expr {
            kind: ExprKind::Arith(Box::new(bytes), alloc::vec![(BinOp::Div, x.span, size)]),
            span: x.span,
        };
        Some(ExprKind::New(String::from(elem), Box::new(count)))
    }

    /// Consumes `{}` after a value (`_16{}`, `LayoutLeft{}`, `Shape<_2,_3>{}`: C++'s
    /// value of a type) and returns the span of the `}`.
    pub(crate) fn empty_braces(&mut self) -> Result<Option<Span>, EvalError> {
        if !self.peek_punct(b'{') {
            return Ok(None);
        }
        self.i += 1;
        if !self.peek_punct(b'}') {
            return Err(EvalError::new(
                alloc::format!(
                    "expected '}}': a value of a type is written with empty braces, as in Int<8>{{}}, found {}",
                    self.found()
                ),
                self.here(),
            ));
        }
        let close = self.here();
        self.i += 1;
        Ok(Some(close))
    }

    /// `e` followed by optional `{}`, its span widened over them.
    pub(crate) fn braced(&mut self, mut e: Expr) -> Result<Expr, EvalError> {
        if let Some(close) = self.empty_braces()? {
            e.span = e.span.join(close);
        }
        Ok(e)
    }

    /// A C++ type of CuTe's tutorials with its template arguments, from the `<` at the
    /// cursor, as the value it stands for: `Int<8>` and `C<8>` are `_8`, `Shape<_2,_3>`
    /// (and `Stride`, `Step`, `Coord`, `Tile`, `tuple`) the tuple `(_2,_3)`, `Layout<S,D>`
    /// the layout `S:D`, `Layout<S>` CuTe's default, the column-major `make_layout(S)`,
    /// `ComposedLayout<A,O,B>` the composed layout `composition(A, O, B)`.
    pub(crate) fn cpp_type(&mut self, name: String, name_span: Span) -> Result<Expr, EvalError> {
        let outer = self.depth;
        self.enter(name_span)?;
        self.i += 1; // '<'
        let mut targs: Vec<Expr> = Vec::new();
        let close = loop {
            if self.peek_punct(b'>') && targs.is_empty() {
                let close = self.here();
                self.i += 1;
                break close;
            }
            let t = self.type_arg(&name)?;
            targs.push(t);
            if self.peek_punct(b',') {
                self.i += 1;
                continue;
            }
            break self.expect(b'>', "',' or '>' to close the template arguments")?;
        };
        self.depth = outer;
        let span = name_span.join(close);
        let kind = match name.as_str() {
            "Int" | "C" => match targs.as_slice() {
                [
                    Expr {
                        kind: ExprKind::Int(v),
                        ..
                    },
                ] if !v.is_static() => ExprKind::Int(v.to_static()),
                // Int<N> of a template's value parameter or a constexpr (or an expression
                // of them): its value, static, where it is a constant expression
                [x] if !matches!(x.kind, ExprKind::Int(_)) => ExprKind::Call {
                    name: String::from("Int<>"),
                    name_span,
                    targs: Vec::new(),
                    args: alloc::vec![x.clone()],
                },
                _ => {
                    return Err(EvalError::new(
                        alloc::format!("{name}<N> takes one integer, as in {name}<8>"),
                        span,
                    ));
                }
            },
            "Layout" => {
                let mut it = targs.into_iter();
                match (it.next(), it.next(), it.next()) {
                    (Some(s), Some(d), None) => ExprKind::Layout(Box::new(s), Box::new(d)),
                    (Some(s), None, None) => ExprKind::Call {
                        name: String::from("make_layout"),
                        name_span,
                        targs: Vec::new(),
                        args: alloc::vec![s],
                    },
                    _ => {
                        return Err(EvalError::new(
                            "Layout<Shape, Stride> takes a shape and an optional stride",
                            span,
                        ));
                    }
                }
            }
            "ComposedLayout" => {
                if targs.len() != 3 {
                    return Err(EvalError::new(
                        "ComposedLayout<A, Offset, B> takes three types, as in ComposedLayout<Swizzle<3,4,3>, _0, Layout<...>>",
                        span,
                    ));
                }
                // CuTe's composition(a, o, b) is ComposedLayout<A, O, B>{a, o, b}
                ExprKind::Call {
                    name: String::from("composition"),
                    name_span,
                    targs: Vec::new(),
                    args: targs,
                }
            }
            _ => ExprKind::Tuple(targs),
        };
        Ok(Expr { kind, span })
    }

    /// One template argument of a C++ type: a type that stands for a value (`_2`,
    /// `Int<2>`, `Shape<...>`, `X`, `_`), or for `Int` and `C` the integer itself.
    pub(crate) fn type_arg(&mut self, owner: &str) -> Result<Expr, EvalError> {
        let Some(t) = self.peek().cloned() else {
            return Err(EvalError::new(
                "expected '>' to close the template arguments",
                self.here(),
            ));
        };
        if matches!(owner, "Int" | "C")
            && !(matches!(t.tok, Tok::Int(_))
                && (self.peek_at_punct(self.i + 1, b'>') || self.peek_at_punct(self.i + 1, b',')))
            && let Some((v, end)) = self.folded_targ()
        {
            // Int<kM / 2>: a constant expression
            let span = t.span.join(self.toks[end - 1].span);
            self.i = end;
            return Ok(Expr {
                kind: ExprKind::Int(Int::dynamic(v)),
                span,
            });
        }
        if matches!(owner, "Int" | "C")
            && let Some(end) = self.targ_end()
            && end > self.i + 1
        {
            // Int<n * 2>, Int<tiles(m)>: an expression of names the parser cannot fold,
            // which must be a constant expression when it runs
            let e = self.whole_expr(
                self.i,
                end,
                &alloc::format!("',' or '>' to close {owner}<...>"),
            )?;
            self.i = end;
            return Ok(e);
        }
        match t.tok {
            Tok::Int(v) if v.is_static() || matches!(owner, "Int" | "C") => {
                self.i += 1;
                Ok(Expr {
                    kind: ExprKind::Int(v),
                    span: t.span,
                })
            }
            Tok::Int(v) => Err(EvalError::new(
                alloc::format!(
                    "{owner}<...> takes types: write _{0} or Int<{0}> for the integer {0}",
                    v.value()
                ),
                t.span,
            )),
            Tok::Under => {
                self.i += 1;
                Ok(Expr {
                    kind: ExprKind::Under,
                    span: t.span,
                })
            }
            Tok::Name(n)
                if CPP_TYPES.contains(&n.as_str()) && self.peek_at_punct(self.i + 1, b'<') =>
            {
                self.i += 1;
                self.cpp_type(n, t.span)
            }
            Tok::Name(n) => {
                self.i += 1;
                let mut targs = Vec::new();
                let mut span = t.span;
                if self.peek_punct(b'<') {
                    // E<1>, Swizzle<3,4,3>
                    let (ints, close) = self.int_targs(&n)?;
                    targs = ints;
                    span = span.join(close);
                }
                Ok(Expr {
                    kind: ExprKind::Name { name: n, targs },
                    span,
                })
            }
            _ => Err(EvalError::new(
                alloc::format!(
                    "expected a type in the template arguments of {owner}<...> (_2, Int<2>, Shape<...>), found '{}'",
                    describe(&t.tok)
                ),
                t.span,
            )),
        }
    }

    /// Integer template arguments `<1,0>` from the `<` at the cursor, and the span of `>`.
    pub(crate) fn int_targs(&mut self, name: &str) -> Result<(Vec<i64>, Span), EvalError> {
        self.i += 1;
        let mut targs = Vec::new();
        loop {
            match self.peek().cloned() {
                Some(Token {
                    tok: Tok::Int(v), ..
                }) if !v.is_static()
                    && !v.is_basis()
                    && (self.peek_at_punct(self.i + 1, b',')
                        || self.peek_at_punct(self.i + 1, b'>')) =>
                {
                    targs.push(v.value());
                    self.i += 1;
                }
                // a constant expression: get<kN - 1>
                _ if name != "recast_layout" && self.folded_targ().is_some() => {
                    let (v, end) = self.folded_targ().unwrap_or_default();
                    targs.push(v);
                    self.i = end;
                }
                // an element type, whose bits stand for it (recast_layout only)
                Some(Token {
                    tok: Tok::Name(ty), ..
                }) if name == "recast_layout" && element_bits(&ty).is_some() => {
                    targs.extend(element_bits(&ty));
                    self.i += 1;
                }
                _ if name == "recast_layout" => {
                    return Err(EvalError::new(
                        "expected an element type (uint8_t, half_t, float, ...)",
                        self.here(),
                    ));
                }
                Some(Token {
                    tok: Tok::Int(v),
                    span,
                }) if v.is_static() && !v.is_basis() => {
                    return Err(EvalError::new(
                        alloc::format!(
                            "{name}<...> takes plain integers: write {name}<{}>",
                            v.value()
                        ),
                        span,
                    ));
                }
                _ => {
                    return Err(EvalError::new(
                        alloc::format!(
                            "expected an integer template argument of {name}<...>, found {}",
                            self.found()
                        ),
                        self.here(),
                    ));
                }
            }
            if self.peek_punct(b',') {
                self.i += 1;
                continue;
            }
            let close = self.expect(b'>', "',' or '>'")?;
            return Ok((targs, close));
        }
    }

    /// The template argument at the cursor as an integer constant expression of literals
    /// ([`fold_int`]), up to the `,` or `>` outside parentheses that ends it: its value
    /// and the index of that token.
    #[inline(never)]
    pub(crate) fn folded_targ(&self) -> Option<(i64, usize)> {
        let k = self.targ_end()?;
        fold_int(&self.toks[self.i..k]).map(|v| (v, k))
    }

    /// The end of the template argument at the cursor: the token index of the `,` or `>`
    /// that closes it outside parentheses (`None` where none does).
    fn targ_end(&self) -> Option<usize> {
        let mut parens = 0usize;
        let mut k = self.i;
        while let Some(t) = self.toks.get(k) {
            match &t.tok {
                // sizeof_bits_v<T>: its own brackets
                Tok::Name(n)
                    if matches!(n.as_str(), "sizeof_bits_v" | "sizeof_bits")
                        && self.peek_at_punct(k + 1, b'<')
                        && self.peek_at_punct(k + 3, b'>') =>
                {
                    k += 3
                }
                Tok::Punct(b'(') => parens += 1,
                Tok::Punct(b')') if parens > 0 => parens -= 1,
                Tok::Punct(b')') => return None,
                Tok::Punct(b',' | b'>') if parens == 0 => break,
                Tok::Punct(b';' | b'{' | b'}') | Tok::Newline => return None,
                _ => {}
            }
            k += 1;
        }
        if k == self.i || k >= self.toks.len() {
            return None;
        }
        Some(k)
    }

    pub(crate) fn atom(&mut self) -> Result<Expr, EvalError> {
        let Some(t) = self.peek().cloned() else {
            return Err(EvalError::new(
                "expected an expression, found the end of the input",
                self.here(),
            ));
        };
        match t.tok {
            Tok::Int(i) => {
                self.i += 1;
                self.braced(Expr {
                    kind: ExprKind::Int(i),
                    span: t.span,
                })
            }
            Tok::Under => {
                self.i += 1;
                self.braced(Expr {
                    kind: ExprKind::Under,
                    span: t.span,
                })
            }
            Tok::Str(s) => {
                self.i += 1;
                Ok(Expr {
                    kind: ExprKind::Str(s),
                    span: t.span,
                })
            }
            Tok::Char(c) => {
                // a `char`: its code converted to the type
                self.i += 1;
                let code = Expr {
                    kind: ExprKind::Int(Int::dynamic(i64::from(c))),
                    span: t.span,
                };
                Ok(Expr {
                    kind: ExprKind::Cast(String::from("char"), Box::new(code)),
                    span: t.span,
                })
            }
            Tok::Float(v, single) => {
                self.i += 1;
                Ok(Expr {
                    kind: ExprKind::Float(v, single),
                    span: t.span,
                })
            }
            Tok::Uint(v, ty) => {
                self.i += 1;
                uint_literal(v, ty, t.span)
            }
            Tok::Punct(b'[') => self.lambda(),
            Tok::Punct(b'{') => self.braced_list(),
            Tok::Punct(b'(') if self.c_cast_words().is_some() => {
                // a C cast, `(float)x`, `(long long)x`
                let (ty, words) = self.c_cast_words().unwrap_or_default();
                self.i += words + 2;
                let x = self.unary()?;
                let span = t.span.join(x.span);
                if let Some(kind) = Parser::malloc_cast(&ty, &x) {
                    return Ok(Expr { kind, span });
                }
                Ok(Expr {
                    kind: ExprKind::Cast(ty, Box::new(x)),
                    span,
                })
            }
            Tok::Punct(b'(') => {
                let after_colon = self.i > 0 && self.peek_at_punct(self.i - 1, b':');
                self.tuples += 1;
                let r = self.args();
                self.tuples -= 1;
                let (mut items, close) = r?;
                let span = t.span.join(close);
                // `(a - 1)` groups arithmetic, as in C++ (and anything in C++ code:
                // `return (x);`); `(8)` stays a rank-1 tuple
                if items.len() == 1
                    && (self.cpp > 0 && !matches!(items[0].kind, ExprKind::Under)
                        || matches!(
                            items[0].kind,
                            ExprKind::Arith(..)
                                | ExprKind::Binary(..)
                                | ExprKind::Not(..)
                                | ExprKind::Ternary(..)
                                | ExprKind::Assign(..)
                                | ExprKind::IncDec(..)
                                | ExprKind::Float(..)
                                | ExprKind::Cast(..)
                                | ExprKind::Deref(..)
                                | ExprKind::AddrOf(..)
                                | ExprKind::Index(..)
                                | ExprKind::Member { .. }
                        ))
                {
                    let mut e = items.pop().unwrap_or_else(|| unreachable!());
                    e.span = span;
                    return Ok(e);
                }
                if self.cpp > 0
                    && self.tuples == 0
                    && items.len() > 1
                    && !self.peek_punct(b':')
                    && !after_colon
                {
                    // C++'s comma operator, `(a, b)` is b: a tuple here would be a wrong
                    // answer (a layout `(4,2):(1,2)` is no C++ and stays one)
                    return Err(crate::operators::not_supported(
                        "(a, b) in C++ code (C++'s comma operator, whose value is b)",
                        "make_tuple(a, b) or make_shape(a, b) for a tuple, or b",
                        span,
                    ));
                }
                Ok(Expr {
                    kind: ExprKind::Tuple(items),
                    span,
                })
            }
            Tok::Name(name) => {
                self.i += 1;
                let span = t.span;
                if let Some(e) = self.cpp_atom(&name, span)? {
                    return Ok(e);
                }
                if self.peek_punct(b'<') && self.vars.contains(&name) {
                    // a variable compared, `i < n`
                    return Ok(Expr {
                        kind: ExprKind::Name {
                            name,
                            targs: Vec::new(),
                        },
                        span,
                    });
                }
                if INTEGRAL_TYPES.contains(&name.as_str())
                    && (self.peek_punct(b'{') || self.peek_punct(b'('))
                {
                    // int{2}, int(x): a dynamic integer; int{}, int(): zero
                    let closing = if self.peek_punct(b'{') { b'}' } else { b')' };
                    if self.peek_at_punct(self.i + 1, closing) {
                        self.i += 2;
                        return Ok(Expr {
                            kind: ExprKind::Int(rcute::int::Int::dynamic(0)),
                            span: span.join(self.toks[self.i - 1].span),
                        });
                    }
                    self.i += 1;
                    let outer = self.depth;
                    self.enter(span)?;
                    let e = self.expr()?;
                    self.depth = outer;
                    let close =
                        self.expect(closing, if closing == b'}' { "'}'" } else { "')'" })?;
                    // an int keeps the low 32 bits of an unsigned value; another type
                    // converts as a cast to it does (`size_t(-1)`, `uint32_t{7}`)
                    let kind = if matches!(name.as_str(), "int" | "int32_t") {
                        ExprKind::Dynamic(Box::new(e))
                    } else {
                        ExprKind::Cast(name, Box::new(e))
                    };
                    return Ok(Expr {
                        kind,
                        span: span.join(close),
                    });
                }
                if CPP_TYPES.contains(&name.as_str()) && self.peek_punct(b'<') {
                    let e = self.cpp_type(name, span)?;
                    return self.braced(e);
                }
                if matches!(name.as_str(), "make_gmem_ptr" | "make_smem_ptr")
                    && let Some((ty, end)) = self.null_cast()
                {
                    // make_gmem_ptr((T*)nullptr), make_gmem_ptr(static_cast<T const*>(nullptr)):
                    // make_gmem_ptr<T>(nullptr)
                    let close = self.toks[end - 1].span;
                    self.i = end;
                    return Ok(Expr {
                        kind: ExprKind::Type(alloc::format!("{name}<{ty}>")),
                        span: span.join(close),
                    });
                }
                if matches!(
                    name.as_str(),
                    "make_gmem_ptr" | "make_smem_ptr" | "make_tmem_ptr"
                ) && self.peek_punct(b'<')
                {
                    // make_gmem_ptr<T>(nullptr): the one pointer a host program can name;
                    // make_tmem_ptr<T>(addr): a TMEM address, an integer (0 if left out)
                    let (mut text, _) = self.type_args(&name)?;
                    self.expect(b'(', "'('")?;
                    let tmem = name == "make_tmem_ptr";
                    match self.peek().map(|t| t.tok.clone()) {
                        Some(Tok::Name(n)) if n == "nullptr" && !tmem => self.i += 1,
                        Some(Tok::Int(v))
                            if tmem
                                && !v.is_basis()
                                && v.value() >= 0
                                && v.value() <= u32::MAX as i64 =>
                        {
                            self.i += 1;
                            text.push_str(&alloc::format!("({})", v.value()));
                        }
                        Some(Tok::Punct(b')')) if tmem => text.push_str("(0)"),
                        _ => {
                            return Err(EvalError::new(
                                if tmem {
                                    "make_tmem_ptr<T>(addr): the address is a 32-bit integer"
                                } else {
                                    "the only pointer the language has is nullptr: make_gmem_ptr<T>(nullptr)"
                                },
                                self.here(),
                            ));
                        }
                    }
                    let close = self.expect(b')', "')'")?;
                    return Ok(Expr {
                        kind: ExprKind::Type(text),
                        span: span.join(close),
                    });
                }
                let at = (self.i, self.depth);
                let template = self.peek_punct(b'<');
                let compared = |p: &mut Parser, name: String, e: EvalError| {
                    // not template arguments after all: `x < 3` compares an unknown name,
                    // unless the name is a type
                    if p.types.contains(&name) || e.message.starts_with("not supported") {
                        return Err(e);
                    }
                    (p.i, p.depth) = at;
                    Ok(Expr {
                        kind: ExprKind::Name {
                            name,
                            targs: Vec::new(),
                        },
                        span,
                    })
                };
                if template
                    && name != "recast_layout"
                    && crate::functions::find(&name).is_some()
                    && let Some(x) = self.call_with_expr_targs(&name, span)?
                {
                    return Ok(x);
                }
                if template && name != "recast_layout" && self.type_args_follow() {
                    let mut exprs = Vec::new();
                    let (text, close) = match self.type_args_with(&name, Some(&mut exprs)) {
                        Ok(x) => x,
                        Err(e) => return compared(self, name, e),
                    };
                    if !exprs.is_empty() {
                        // a type with constant expressions in its arguments
                        if self.peek_punct(b'(') {
                            return Err(crate::operators::not_supported(
                                "a call with an expression in its template arguments",
                                "the argument's value (uint_byte_t<16>)",
                                span.join(close),
                            ));
                        }
                        return self.braced(Expr {
                            kind: ExprKind::TypeWith(text, exprs),
                            span: span.join(close),
                        });
                    }
                    if self.peek_punct(b'(') {
                        // make_tensor<float>(L): a call with a type argument
                        let (args, close) = self.args()?;
                        return Ok(Expr {
                            kind: ExprKind::TypeCall(name, text, args),
                            span: span.join(close),
                        });
                    }
                    return self.braced(Expr {
                        kind: ExprKind::Type(text),
                        span: span.join(close),
                    });
                }
                let mut targs = Vec::new();
                let mut span = span;
                if template {
                    let (ints, close) = match self.int_targs(&name) {
                        Ok(x) => x,
                        Err(e)
                            if name != "recast_layout"
                                && !e.message.contains("takes plain integers") =>
                        {
                            return compared(self, name, e);
                        }
                        Err(e) => return Err(e),
                    };
                    targs = ints;
                    span = span.join(close);
                }
                if self.peek_punct(b'(') {
                    let (args, close) = self.args()?;
                    return Ok(Expr {
                        kind: ExprKind::Call {
                            name,
                            name_span: span,
                            targs,
                            args,
                        },
                        span: span.join(close),
                    });
                }
                self.braced(Expr {
                    kind: ExprKind::Name { name, targs },
                    span,
                })
            }
            Tok::Punct(b')') => Err(EvalError::new(
                "unbalanced parentheses: unexpected ')'",
                t.span,
            )),
            tok => Err(EvalError::new(
                alloc::format!("expected an expression, found '{}'", describe(&tok)),
                t.span,
            )),
        }
    }
}

fn describe(t: &Tok) -> String {
    match t {
        Tok::Int(i) => alloc::format!("{i}"),
        Tok::Under => String::from("_"),
        Tok::Name(n) => n.clone(),
        Tok::Str(s) => alloc::format!("{s:?}"),
        Tok::Char(c) => alloc::format!("'{}'", char::from(*c)),
        Tok::Shl => String::from("<<"),
        Tok::Newline => String::from("a new line"),
        Tok::Punct(c) => alloc::format!("{}", *c as char),
        Tok::Float(v, _) => alloc::format!("{v}"),
        Tok::Uint(v, "long") => alloc::format!("{}l", *v as i64),
        Tok::Uint(v, _) => alloc::format!("{v}u"),
        Tok::Op(o) => String::from(*o),
    }
}

/// The bits of one element of a CuTe element type (`sizeof_bits`), for `recast_layout`
/// (the atom catalog's table).
pub(crate) fn element_bits(name: &str) -> Option<i64> {
    rcute::atom::element_bits(name)
}

/// `(x)` as the operand of a sign or of `~`, `*`, `&`, `++`: the grouped `x` (a
/// rank-1 tuple has no sign).
pub(crate) fn ungrouped(e: Expr) -> Expr {
    match e.kind {
        ExprKind::Tuple(mut items) if items.len() == 1 => {
            let mut x = items.pop().unwrap_or_else(|| unreachable!());
            x.span = e.span;
            ungrouped(x)
        }
        kind => Expr { kind, span: e.span },
    }
}

/// CuTe's `sizeof_bits_v<T>` of a scalar or element type `T` (`const` and namespaces
/// dropped): 1 for `bool` (CUTLASS's `bin1_t`), 0 for `void`; `None` for another type.
pub(crate) fn sizeof_bits_of(ty: &str) -> Option<i64> {
    let ty = ty.trim();
    let ty = ty.strip_prefix("const ").unwrap_or(ty);
    let ty = ty.strip_suffix(" const").unwrap_or(ty).trim();
    let ty = ty.strip_prefix("cute::").unwrap_or(ty);
    if ty == "void" {
        return Some(0);
    }
    element_bits(ty).or_else(|| crate::data::Elem::named(ty).map(|e| i64::from(e.bits())))
}

/// The value of an integer constant expression of literals, as C++ computes it for an
/// `int`: `128`, `128 / 2`, `(1 << 4) * 3`, `-8 + 2`, comparisons, `&&`, `||`, `c ? a : b`,
/// and `sizeof` of an element type (`sizeof(cute::uint128_t) / sizeof(half_t)`); `None`
/// for anything else (a name, a call, a floating-point or unsigned literal), a division by
/// zero, or a value outside `int`. Folds the template arguments `Int<kM / 2>` once `kM`
/// reads as its value.
pub(crate) fn fold_int(toks: &[Token]) -> Option<i64> {
    struct F<'a> {
        t: &'a [Token],
        i: usize,
    }
    const fn int(v: i64) -> Option<i64> {
        if v >= i32::MIN as i64 && v <= i32::MAX as i64 {
            Some(v)
        } else {
            None
        }
    }
    impl F<'_> {
        fn punct(&self, c: u8) -> bool {
            matches!(self.t.get(self.i), Some(Token { tok: Tok::Punct(p), .. }) if *p == c)
        }
        fn shr(&self) -> bool {
            self.punct(b'>')
                && matches!(self.t.get(self.i + 1), Some(Token { tok: Tok::Punct(b'>'), span }) if span.start == self.t[self.i].span.end)
        }
        fn op(&self, o: &str) -> bool {
            matches!(self.t.get(self.i), Some(Token { tok: Tok::Op(p), .. }) if *p == o)
        }
        fn ternary(&mut self, depth: usize) -> Option<i64> {
            let c = self.or(depth)?;
            if !self.punct(b'?') {
                return Some(c);
            }
            self.i += 1;
            let a = self.ternary(depth + 1)?;
            if !self.punct(b':') {
                return None;
            }
            self.i += 1;
            let b = self.ternary(depth + 1)?;
            Some(if c != 0 { a } else { b })
        }
        fn or(&mut self, depth: usize) -> Option<i64> {
            let mut v = self.and(depth)?;
            while self.op("||") {
                self.i += 1;
                let r = self.and(depth)?;
                v = i64::from(v != 0 || r != 0);
            }
            Some(v)
        }
        fn and(&mut self, depth: usize) -> Option<i64> {
            let mut v = self.eq(depth)?;
            while self.op("&&") {
                self.i += 1;
                let r = self.eq(depth)?;
                v = i64::from(v != 0 && r != 0);
            }
            Some(v)
        }
        fn eq(&mut self, depth: usize) -> Option<i64> {
            let mut v = self.rel(depth)?;
            while self.op("==") || self.op("!=") {
                let is_eq = self.op("==");
                self.i += 1;
                let r = self.rel(depth)?;
                v = i64::from((v == r) == is_eq);
            }
            Some(v)
        }
        fn rel(&mut self, depth: usize) -> Option<i64> {
            let mut v = self.shift(depth)?;
            loop {
                let cmp: fn(i64, i64) -> bool = if self.op("<=") {
                    |a, b| a <= b
                } else if self.op(">=") {
                    |a, b| a >= b
                } else if self.punct(b'<') {
                    |a, b| a < b
                } else if self.punct(b'>') && !self.shr() {
                    |a, b| a > b
                } else {
                    return Some(v);
                };
                self.i += 1;
                let r = self.shift(depth)?;
                v = i64::from(cmp(v, r));
            }
        }
        fn shift(&mut self, depth: usize) -> Option<i64> {
            let mut v = self.add(depth)?;
            loop {
                if matches!(self.t.get(self.i).map(|t| &t.tok), Some(Tok::Shl)) {
                    self.i += 1;
                    let r = self.add(depth)?;
                    v = int(v.checked_shl(u32::try_from(r).ok().filter(|&r| r < 32)?)?)?;
                } else if self.shr() {
                    self.i += 2;
                    let r = self.add(depth)?;
                    v >>= u32::try_from(r).ok().filter(|&r| r < 32)?;
                } else {
                    return Some(v);
                }
            }
        }
        fn add(&mut self, depth: usize) -> Option<i64> {
            let mut v = self.mul(depth)?;
            loop {
                if self.punct(b'+') {
                    self.i += 1;
                    v = int(v + self.mul(depth)?)?;
                } else if self.punct(b'-') {
                    self.i += 1;
                    v = int(v - self.mul(depth)?)?;
                } else {
                    return Some(v);
                }
            }
        }
        fn mul(&mut self, depth: usize) -> Option<i64> {
            let mut v = self.unary(depth)?;
            loop {
                if self.punct(b'*') {
                    self.i += 1;
                    v = int(v * self.unary(depth)?)?;
                } else if self.punct(b'/') || self.punct(b'%') {
                    let div = self.punct(b'/');
                    self.i += 1;
                    let r = self.unary(depth)?;
                    v = int(if div {
                        v.checked_div(r)?
                    } else {
                        v.checked_rem(r)?
                    })?;
                } else {
                    return Some(v);
                }
            }
        }
        fn unary(&mut self, depth: usize) -> Option<i64> {
            if depth > 64 {
                return None;
            }
            if self.punct(b'-') {
                self.i += 1;
                return int(-self.unary(depth + 1)?);
            }
            if self.punct(b'+') {
                self.i += 1;
                return self.unary(depth + 1);
            }
            if self.punct(b'!') {
                self.i += 1;
                return Some(i64::from(self.unary(depth + 1)? == 0));
            }
            if self.punct(b'(') {
                self.i += 1;
                let v = self.ternary(depth + 1)?;
                if !self.punct(b')') {
                    return None;
                }
                self.i += 1;
                return Some(v);
            }
            match self.t.get(self.i).map(|t| &t.tok) {
                Some(Tok::Int(v)) if !v.is_static() && !v.is_basis() => {
                    self.i += 1;
                    int(v.value())
                }
                // sizeof(T) of an element type of whole bytes
                Some(Tok::Name(n)) if n == "sizeof" => {
                    let ty = match (
                        self.t.get(self.i + 1).map(|t| &t.tok),
                        self.t.get(self.i + 2).map(|t| &t.tok),
                        self.t.get(self.i + 3).map(|t| &t.tok),
                    ) {
                        (Some(Tok::Punct(b'(')), Some(Tok::Name(ty)), Some(Tok::Punct(b')'))) => ty,
                        _ => return None,
                    };
                    let bits = element_bits(ty)?;
                    self.i += 4;
                    (bits % 8 == 0).then_some(bits / 8)
                }
                // sizeof_bits_v<T> and sizeof_bits<T>::value of an element type
                Some(Tok::Name(n)) if n == "sizeof_bits_v" || n == "sizeof_bits" => {
                    let bits = match (
                        self.t.get(self.i + 1).map(|t| &t.tok),
                        self.t.get(self.i + 2).map(|t| &t.tok),
                        self.t.get(self.i + 3).map(|t| &t.tok),
                    ) {
                        (Some(Tok::Punct(b'<')), Some(Tok::Name(ty)), Some(Tok::Punct(b'>'))) => {
                            sizeof_bits_of(ty)?
                        }
                        _ => return None,
                    };
                    self.i += 4;
                    if n == "sizeof_bits" {
                        match self.t.get(self.i).map(|t| &t.tok) {
                            Some(Tok::Name(v)) if v == "value" => self.i += 1,
                            _ => return None,
                        }
                    }
                    Some(bits)
                }
                _ => None,
            }
        }
    }
    let mut f = F { t: toks, i: 0 };
    let v = f.ternary(0)?;
    (f.i == toks.len()).then_some(v)
}
