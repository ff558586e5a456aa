//! Tokens and syntax tree of the expression language.
//!
//! ```text
//! program := stmt { ';' stmt } [ ';' ]
//! stmt    := NAME '=' expr | expr
//! expr    := atom [ ':' atom ] { '(' args ')' }       layout literal, then applications
//! atom    := INT | SINT | '_' | '(' args ')'          integer, static integer, underscore, tuple
//!          | NAME [ '<' targs '>' ] [ '(' args ')' ]  name, tag, or function call
//! args    := [ expr { ',' expr } ]
//! targs   := INT { ',' INT }
//! ```
//!
//! Integers may carry a scaled-basis suffix (`_1@0@1`), as CuTe prints them.
//!
//! Parentheses and applications nest at most [`MAX_DEPTH`] levels deep: the parser and
//! the evaluator recurse once per level, so a deeper program is refused with a parse error
//! instead of overflowing the stack.

use super::error::{EvalError, Span};
use crate::int::Int;
use crate::notation::parse::{parse_leaf, parse_number};
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

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
    Punct(u8),
}

#[derive(Clone, Debug)]
pub(crate) struct Token {
    pub tok: Tok,
    pub span: Span,
}

pub(crate) fn lex(src: &str) -> Result<Vec<Token>, EvalError> {
    let s = src.as_bytes();
    let mut out = Vec::new();
    let mut p = 0;
    while p < s.len() {
        let c = s[p];
        if c.is_ascii_whitespace() {
            p += 1;
            continue;
        }
        let start = p;
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
        if c.is_ascii_digit() || (c == b'-' && p + 1 < s.len() && s[p + 1].is_ascii_digit()) {
            // a plain number, then an optional basis suffix
            parse_number(s, p).map_err(|e| EvalError::from_core(e, Span::new(0, 1)))?;
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
            out.push(Token {
                tok: Tok::Name(String::from(&src[p..q])),
                span: Span::new(start, q),
            });
            p = q;
            continue;
        }
        if b"(),:<>=;".contains(&c) {
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
    Ok(out)
}

/// An expression with its source span.
#[derive(Clone, Debug)]
pub(crate) struct Expr {
    pub kind: ExprKind,
    pub span: Span,
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
    /// `f(args)` applied to a value: a layout at a coordinate.
    Apply(Box<Expr>, Vec<Expr>),
    /// A type with type template arguments, such as an atom
    /// (`Copy_Atom<SM75_U32x4_LDSM_N,half_t>`, `SM90_64x64x16_F16F16F16_SS<K,MN>`), as its
    /// text without spaces.
    Type(String),
}

#[derive(Clone, Debug)]
pub(crate) enum Stmt {
    Let(String, Expr),
    Show(Expr),
}

pub(crate) struct Parser {
    toks: Vec<Token>,
    i: usize,
    end: usize,
    /// Open levels of nesting (parentheses and applications) at the current token.
    depth: usize,
}

impl Parser {
    pub(crate) fn new(src: &str) -> Result<Parser, EvalError> {
        Ok(Parser {
            toks: lex(src)?,
            i: 0,
            end: src.len(),
            depth: 0,
        })
    }

    /// Enters one level of nesting at `at`; refused past [`MAX_DEPTH`].
    fn enter(&mut self, at: Span) -> Result<(), EvalError> {
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

    fn peek(&self) -> Option<&Token> {
        self.toks.get(self.i)
    }

    fn peek_punct(&self, c: u8) -> bool {
        matches!(self.peek(), Some(Token { tok: Tok::Punct(p), .. }) if *p == c)
    }

    fn here(&self) -> Span {
        match self.peek() {
            Some(t) => t.span,
            None => Span::new(self.end, self.end + 1),
        }
    }

    /// Whether the `<` at the cursor opens type arguments (a name, or `<>`), not integers.
    fn type_args_follow(&self) -> bool {
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
    fn type_args(&mut self, name: &str) -> Result<(String, Span), EvalError> {
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
                Tok::Name(n) => text.push_str(n),
                Tok::Int(v) if !v.is_basis() => {
                    if v.is_static() {
                        text.push('_');
                    }
                    text.push_str(&alloc::format!("{}", v.value()));
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

    fn expect(&mut self, c: u8, what: &str) -> Result<Span, EvalError> {
        if self.peek_punct(c) {
            let sp = self.here();
            self.i += 1;
            return Ok(sp);
        }
        let found = match self.peek() {
            None => String::from("the end of the input"),
            Some(t) => alloc::format!("'{}'", describe(&t.tok)),
        };
        Err(EvalError::new(
            alloc::format!("expected {what}, found {found}"),
            self.here(),
        ))
    }

    pub(crate) fn program(&mut self) -> Result<Vec<Stmt>, EvalError> {
        let mut stmts = Vec::new();
        if self.toks.is_empty() {
            return Err(EvalError::new("empty program", Span::new(0, 1)));
        }
        loop {
            let is_let = matches!(
                self.peek(),
                Some(Token {
                    tok: Tok::Name(_),
                    ..
                })
            ) && matches!(
                self.toks.get(self.i + 1),
                Some(Token {
                    tok: Tok::Punct(b'='),
                    ..
                })
            );
            if is_let {
                let name = match &self.toks[self.i].tok {
                    Tok::Name(n) => n.clone(),
                    _ => unreachable!(),
                };
                self.i += 2;
                let e = self.expr()?;
                stmts.push(Stmt::Let(name, e));
            } else {
                stmts.push(Stmt::Show(self.expr()?));
            }
            if self.peek_punct(b';') {
                self.i += 1;
                if self.peek().is_none() {
                    break;
                }
                continue;
            }
            if self.peek().is_none() {
                break;
            }
            if self.peek_punct(b')') {
                return Err(EvalError::new(
                    "unbalanced parentheses: unexpected ')'",
                    self.here(),
                ));
            }
            return Err(EvalError::new(
                alloc::format!(
                    "expected ';' or the end of the program, found '{}'",
                    describe(&self.peek().unwrap().tok)
                ),
                self.here(),
            ));
        }
        Ok(stmts)
    }

    fn expr(&mut self) -> Result<Expr, EvalError> {
        let mut e = self.atom()?;
        if self.peek_punct(b':') {
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
        while self.peek_punct(b'(') {
            self.enter(self.here())?;
            let (args, close) = self.args()?;
            let span = e.span.join(close);
            e = Expr {
                kind: ExprKind::Apply(Box::new(e), args),
                span,
            };
        }
        self.depth = outer;
        Ok(e)
    }

    /// `( args )`; returns the arguments and the span of the closing parenthesis.
    fn args(&mut self) -> Result<(Vec<Expr>, Span), EvalError> {
        self.enter(self.here())?;
        let r = self.args_inner();
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

    fn atom(&mut self) -> Result<Expr, EvalError> {
        let Some(t) = self.peek().cloned() else {
            return Err(EvalError::new(
                "expected an expression, found the end of the input",
                self.here(),
            ));
        };
        match t.tok {
            Tok::Int(i) => {
                self.i += 1;
                Ok(Expr {
                    kind: ExprKind::Int(i),
                    span: t.span,
                })
            }
            Tok::Under => {
                self.i += 1;
                Ok(Expr {
                    kind: ExprKind::Under,
                    span: t.span,
                })
            }
            Tok::Punct(b'(') => {
                let (items, close) = self.args()?;
                Ok(Expr {
                    kind: ExprKind::Tuple(items),
                    span: t.span.join(close),
                })
            }
            Tok::Name(name) => {
                self.i += 1;
                let mut targs = Vec::new();
                let mut span = t.span;
                if self.peek_punct(b'<') && name != "recast_layout" && self.type_args_follow() {
                    let (text, close) = self.type_args(&name)?;
                    return Ok(Expr {
                        kind: ExprKind::Type(text),
                        span: span.join(close),
                    });
                }
                if self.peek_punct(b'<') {
                    self.i += 1;
                    loop {
                        match self.peek().cloned() {
                            Some(Token {
                                tok: Tok::Int(v),
                                span: sp,
                            }) if !v.is_static() && !v.is_basis() => {
                                targs.push(v.value());
                                self.i += 1;
                                let _ = sp;
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
                            _ => {
                                return Err(EvalError::new(
                                    "expected an integer template argument",
                                    self.here(),
                                ));
                            }
                        }
                        if self.peek_punct(b',') {
                            self.i += 1;
                            continue;
                        }
                        let close = self.expect(b'>', "',' or '>'")?;
                        span = span.join(close);
                        break;
                    }
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
                Ok(Expr {
                    kind: ExprKind::Name { name, targs },
                    span,
                })
            }
            Tok::Punct(b')') => Err(EvalError::new(
                "unbalanced parentheses: unexpected ')'",
                t.span,
            )),
            Tok::Punct(c) => Err(EvalError::new(
                alloc::format!("expected an expression, found '{}'", c as char),
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
        Tok::Punct(c) => alloc::format!("{}", *c as char),
    }
}

/// The bits of one element of a CuTe element type (`sizeof_bits`), for `recast_layout`
/// (the atom catalog's table).
pub(crate) fn element_bits(name: &str) -> Option<i64> {
    crate::atom::element_bits(name)
}
