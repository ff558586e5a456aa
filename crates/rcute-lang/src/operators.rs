//! The C++ operators of the host subset: assignment, `?:`, the logical, bit, comparison
//! and shift operators, prefix and postfix `++`/`--`, `!`, `~`, `*p`, `&x`, `a[i]`,
//! member calls `x.f(...)`, and the atoms C++ adds (floating-point literals, casts,
//! `new T[n]`, lambdas, braced lists, `true`/`false`, `sizeof`).
//!
//! ```text
//! expr       := ternary [ ('=' | '+=' | '-=' | ... | '>>=') expr ]
//! ternary    := or [ '?' expr ':' ternary ]
//! or         := and { '||' and }          and    := bitor { '&&' bitor }
//! bitor      := bitxor { '|' bitxor }     bitxor := bitand { '^' bitand }
//! bitand     := equal { '&' equal }       equal  := rel { ('==' | '!=') rel }
//! rel        := shift { ('<' | '>' | '<=' | '>=') shift }
//! shift      := sum { ('<<' | '>>') sum }           sum: the arithmetic of syntax.rs
//! unary      := ('!' | '~' | '++' | '--' | '*' | '&') unary | signs postfix
//! postfix    := atom { '(' args ')' | '[' expr ']' | '.' NAME ['<' targs '>'] ['(' args ')']
//!                     | '++' | '--' }
//! ```
//!
//! Each operator nests its operands one level deeper (at most [`MAX_DEPTH`](crate::MAX_DEPTH)),
//! and a chain of one level (`a && b && c`) is one node, evaluated left to right.

use crate::error::{EvalError, Span};
use crate::syntax::{BinOp, Expr, ExprKind, FuncDef, Op2, Parser, Tok, Token, TypeSpec};
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

/// The C++ types a cast names: `float(x)`, `static_cast<int>(x)`, `(double)x`.
pub(crate) const SCALAR_TYPES: &[&str] = &[
    "int",
    "unsigned",
    "long",
    "short",
    "size_t",
    "int8_t",
    "uint8_t",
    "int16_t",
    "uint16_t",
    "int32_t",
    "uint32_t",
    "int64_t",
    "uint64_t",
    "float",
    "double",
    "bool",
    "char",
    "half_t",
    "bfloat16_t",
    "cutlass::half_t",
    "cutlass::bfloat16_t",
];

impl Parser {
    /// An expression: the calculator's arithmetic, then C++'s operators when one
    /// follows (so that an expression without them costs what it did before them).
    #[inline(always)]
    pub(crate) fn assignment(&mut self) -> Result<Expr, EvalError> {
        let first = self.arith(true)?;
        if !matches!(
            self.peek().map(|t| &t.tok),
            Some(
                Tok::Punct(b'=' | b'?' | b'<' | b'>' | b'|' | b'^' | b'&') | Tok::Op(_) | Tok::Shl
            )
        ) {
            return Ok(first);
        }
        self.cpp_operators(first)
    }

    /// C++'s operators after the first operand.
    #[inline(never)]
    fn cpp_operators(&mut self, first: Expr) -> Result<Expr, EvalError> {
        let cond = self.climb(first, 0)?;
        let lhs = self.ternary_after(cond)?;
        self.assignment_after(lhs)
    }

    /// `a = b`, `a += b`, ... after `lhs`.
    fn assignment_after(&mut self, lhs: Expr) -> Result<Expr, EvalError> {
        let op = match self.peek().map(|t| &t.tok) {
            Some(Tok::Punct(b'=')) => None,
            Some(Tok::Op(o)) => match *o {
                "+=" => Some(Op2::Arith(BinOp::Add)),
                "-=" => Some(Op2::Arith(BinOp::Sub)),
                "*=" => Some(Op2::Arith(BinOp::Mul)),
                "/=" => Some(Op2::Arith(BinOp::Div)),
                "%=" => Some(Op2::Arith(BinOp::Rem)),
                "&=" => Some(Op2::BitAnd),
                "|=" => Some(Op2::BitOr),
                "^=" => Some(Op2::BitXor),
                "<<=" => Some(Op2::Shl),
                ">>=" => Some(Op2::Shr),
                _ => return Ok(lhs),
            },
            _ => return Ok(lhs),
        };
        let outer = self.depth;
        self.enter(self.here())?;
        self.i += 1;
        let rhs = self.assignment()?;
        self.depth = outer;
        let span = lhs.span.join(rhs.span);
        Ok(Expr {
            kind: ExprKind::Assign(Box::new(lhs), op, Box::new(rhs)),
            span,
        })
    }

    fn ternary(&mut self) -> Result<Expr, EvalError> {
        let cond = self.binary(0)?;
        self.ternary_after(cond)
    }

    /// `c ? a : b` after the condition `cond`.
    fn ternary_after(&mut self, cond: Expr) -> Result<Expr, EvalError> {
        if !self.peek_punct(b'?') {
            return Ok(cond);
        }
        let outer = self.depth;
        self.enter(self.here())?;
        self.i += 1;
        // `c ? a : b`: the ':' ends the middle operand, it is not a layout's
        let colon = core::mem::replace(&mut self.colon_ok, false);
        let a = self.expr();
        self.colon_ok = colon;
        let a = a?;
        self.expect(b':', "':' of 'c ? a : b'")?;
        let b = self.ternary()?;
        self.depth = outer;
        let span = cond.span.join(b.span);
        Ok(Expr {
            kind: ExprKind::Ternary(Box::new(cond), Box::new(a), Box::new(b)),
            span,
        })
    }

    /// The binary operator at the cursor, its level (0 for `||` to 7 for the shifts)
    /// and how many tokens it takes.
    fn op_here(&self) -> Option<(Op2, usize, usize)> {
        let t = self.peek()?;
        let (op, level) = match &t.tok {
            Tok::Op("||") => (Op2::Or, 0),
            Tok::Op("&&") => (Op2::And, 1),
            Tok::Punct(b'|') => (Op2::BitOr, 2),
            Tok::Punct(b'^') => (Op2::BitXor, 3),
            Tok::Punct(b'&') => (Op2::BitAnd, 4),
            Tok::Op("==") => (Op2::Eq, 5),
            Tok::Op("!=") => (Op2::Ne, 5),
            Tok::Punct(b'<') => (Op2::Lt, 6),
            Tok::Op("<=") => (Op2::Le, 6),
            Tok::Op(">=") => (Op2::Ge, 6),
            Tok::Shl => (Op2::Shl, 7),
            Tok::Punct(b'>') => {
                // `>>` is two `>` side by side
                return match self.toks.get(self.i + 1) {
                    Some(Token {
                        tok: Tok::Punct(b'>'),
                        span,
                    }) if span.start == t.span.end => Some((Op2::Shr, 7, 2)),
                    _ => Some((Op2::Gt, 6, 1)),
                };
            }
            _ => return None,
        };
        Some((op, level, 1))
    }

    /// The binary operators by precedence climbing (one frame, not one per level): a
    /// chain of one level is one node.
    fn binary(&mut self, min_level: usize) -> Result<Expr, EvalError> {
        let first = self.arith(true)?;
        self.climb(first, min_level)
    }

    fn climb(&mut self, mut lhs: Expr, min_level: usize) -> Result<Expr, EvalError> {
        let outer = self.depth;
        let mut chain: Vec<(Op2, Span, Expr)> = Vec::new();
        let mut chain_level = usize::MAX;
        while let Some((op, level, n)) = self.op_here() {
            if level < min_level {
                break;
            }
            if level != chain_level && !chain.is_empty() {
                // a lower level than the chain's: the chain is its left operand
                let span = lhs.span.join(chain[chain.len() - 1].2.span);
                lhs = Expr {
                    kind: ExprKind::Binary(Box::new(lhs), core::mem::take(&mut chain)),
                    span,
                };
            }
            if chain.is_empty() {
                self.enter(self.here())?;
            }
            chain_level = level;
            let at = self.here();
            self.i += n;
            let mut rhs = self.arith(true)?;
            while let Some((_, l2, _)) = self.op_here() {
                if l2 <= level {
                    break;
                }
                rhs = self.climb(rhs, l2)?;
            }
            chain.push((op, at, rhs));
        }
        self.depth = outer;
        if chain.is_empty() {
            return Ok(lhs);
        }
        let span = lhs.span.join(chain[chain.len() - 1].2.span);
        Ok(Expr {
            kind: ExprKind::Binary(Box::new(lhs), chain),
            span,
        })
    }

    /// A prefix operator and its operand, or `None` when none is at the cursor.
    pub(crate) fn prefix_op(&mut self) -> Result<Option<Expr>, EvalError> {
        let Some(t) = self.peek() else {
            return Ok(None);
        };
        let at = t.span;
        let make: fn(Box<Expr>) -> ExprKind = match t.tok {
            Tok::Punct(b'!') => |e| ExprKind::Not(e, true),
            Tok::Punct(b'~') => |e| ExprKind::Not(e, false),
            Tok::Op("++") => |e| ExprKind::IncDec(e, true, true),
            Tok::Op("--") => |e| ExprKind::IncDec(e, false, true),
            Tok::Punct(b'*') => ExprKind::Deref,
            Tok::Punct(b'&') => ExprKind::AddrOf,
            _ => return Ok(None),
        };
        let outer = self.depth;
        self.enter(at)?;
        self.i += 1;
        let e = crate::syntax::ungrouped(self.unary()?);
        self.depth = outer;
        let span = at.join(e.span);
        Ok(Some(Expr {
            kind: make(Box::new(e)),
            span,
        }))
    }

    /// One postfix operator after `e` (`[i]`, `.f(...)`, `++`, `--`): the new expression
    /// and whether one was there.
    pub(crate) fn postfix_op(&mut self, e: Expr) -> Result<(Expr, bool), EvalError> {
        let Some(t) = self.peek() else {
            return Ok((e, false));
        };
        let t = Token {
            tok: match &t.tok {
                Tok::Punct(c) => Tok::Punct(*c),
                Tok::Op(o) => Tok::Op(o),
                _ => return Ok((e, false)),
            },
            span: t.span,
        };
        match t.tok {
            Tok::Punct(b'[') => {
                self.enter(t.span)?;
                self.i += 1;
                let colon = core::mem::replace(&mut self.colon_ok, true);
                let idx = self.expr();
                self.colon_ok = colon;
                let idx = idx?;
                let close = self.expect(b']', "']'")?;
                let span = e.span.join(close);
                Ok((
                    Expr {
                        kind: ExprKind::Index(Box::new(e), Box::new(idx)),
                        span,
                    },
                    true,
                ))
            }
            Tok::Punct(b'.') | Tok::Op("->") => {
                self.enter(t.span)?;
                self.i += 1;
                if self.peek_name(self.i) == Some("template") {
                    self.i += 1;
                }
                let Some(name) = self.peek_name(self.i).map(String::from) else {
                    return Err(EvalError::new(
                        alloc::format!("expected a member name after '.', found {}", self.found()),
                        self.here(),
                    ));
                };
                let mut name_span = self.here();
                self.i += 1;
                let mut targs = Vec::new();
                if self.peek_punct(b'<') {
                    let (ints, close) = self.int_targs(&name)?;
                    targs = ints;
                    name_span = name_span.join(close);
                }
                let (args, span) = if self.peek_punct(b'(') {
                    let (args, close) = self.args()?;
                    (Some(args), e.span.join(close))
                } else {
                    (None, e.span.join(name_span))
                };
                Ok((
                    Expr {
                        kind: ExprKind::Member {
                            obj: Box::new(e),
                            name,
                            name_span,
                            targs,
                            args,
                        },
                        span,
                    },
                    true,
                ))
            }
            Tok::Op(op @ ("++" | "--")) => {
                self.i += 1;
                let span = e.span.join(t.span);
                Ok((
                    Expr {
                        kind: ExprKind::IncDec(Box::new(e), op == "++", false),
                        span,
                    },
                    true,
                ))
            }
            _ => Ok((e, false)),
        }
    }

    /// The atoms of C++ that start with a name: `true`, `false`, `new T[n]`, casts,
    /// `sizeof(T)`, `make_tensor<float>(...)`; `None` when `name` starts none of them.
    /// The cursor is after the name.
    pub(crate) fn cpp_atom(&mut self, name: &str, span: Span) -> Result<Option<Expr>, EvalError> {
        let e = |kind, span| Ok(Some(Expr { kind, span }));
        match name {
            "true" | "false" => {
                // a `bool` (std::boolalpha writes it as a word, sizeof is 1)
                let one = Expr {
                    kind: ExprKind::Int(rcute::int::Int::bool(name == "true", false)),
                    span,
                };
                return e(ExprKind::Cast(String::from("bool"), Box::new(one)), span);
            }
            "RAND_MAX" | "INT_MAX" | "INT_MIN" => {
                // the macros of <cstdlib> and <climits>: int constants
                let v = match name {
                    "RAND_MAX" => crate::cstd::RAND_MAX,
                    "INT_MAX" => i64::from(i32::MAX),
                    _ => i64::from(i32::MIN),
                };
                return e(ExprKind::Int(rcute::int::Int::dynamic(v)), span);
            }
            "typename" if self.peek_name(self.i) == Some("decltype") => {
                // `typename decltype(x)::AtomThrID{}`: C++'s disambiguation, nothing here
                let at = self.here();
                self.i += 1;
                return self.cpp_atom("decltype", at);
            }
            "nullptr" | "NULL" => {
                return Err(not_supported(
                    "nullptr",
                    "a pointer to an array or a vector's data()",
                    span,
                ));
            }
            "new" => {
                let Some(ty) = self.peek_name(self.i).map(String::from) else {
                    return Err(EvalError::new("expected a type after 'new'", self.here()));
                };
                self.i += 1;
                if !self.peek_punct(b'[') {
                    return Err(not_supported(
                        "new of one object",
                        "new T[n] for an array, or a local variable",
                        span.join(self.here()),
                    ));
                }
                self.i += 1;
                let n = self.expr()?;
                let close = self.expect(b']', "']'")?;
                return e(ExprKind::New(ty, Box::new(n)), span.join(close));
            }
            "sizeof_bits_v" | "sizeof_bits" if self.peek_punct(b'<') => {
                // CuTe's sizeof_bits_v<T> and sizeof_bits<T>::value: an int constant
                self.i += 1;
                let mut ty = self.type_text()?;
                if self.peek_name(self.i) == Some("const") {
                    self.i += 1;
                    ty.push_str(" const");
                }
                let mut end = self.expect(b'>', "'>'")?;
                if name == "sizeof_bits" {
                    if self.peek_name(self.i) != Some("value") {
                        return Err(EvalError::new(
                            "sizeof_bits<T> is read as sizeof_bits<T>::value",
                            span.join(end),
                        ));
                    }
                    end = self.here();
                    self.i += 1;
                }
                let all = span.join(end);
                let ty = Expr {
                    kind: ExprKind::Str(ty),
                    span: all,
                };
                return e(
                    ExprKind::Cast(String::from("sizeof_bits"), Box::new(ty)),
                    all,
                );
            }
            "sizeof" => {
                let (args, close) = self.args_or_type()?;
                return e(
                    ExprKind::Cast(String::from("sizeof"), Box::new(args)),
                    span.join(close),
                );
            }
            "static_cast" | "reinterpret_cast" | "const_cast" | "dynamic_cast" => {
                if !self.peek_punct(b'<') {
                    return Err(EvalError::new(
                        alloc::format!("{name} takes a type: {name}<int>(x)"),
                        span,
                    ));
                }
                self.i += 1;
                let ty = self.type_text()?;
                self.expect(b'>', "'>'")?;
                if name == "static_cast" && ty.ends_with('*') && self.peek_punct(b'(') {
                    // static_cast<T*>(malloc(bytes))
                    let (args, close) = self.args()?;
                    if let [x] = args.as_slice()
                        && let Some(kind) = Parser::malloc_cast(&ty, x)
                    {
                        return e(kind, span.join(close));
                    }
                    return Err(not_supported(
                        &alloc::format!("{name}<{ty}> of anything but malloc's memory"),
                        "static_cast to int, float, double or bool",
                        span.join(close),
                    ));
                }
                if name != "static_cast" || !SCALAR_TYPES.contains(&ty.as_str()) {
                    return Err(not_supported(
                        &alloc::format!("{name}<{ty}>"),
                        "static_cast to int, float, double or bool",
                        span,
                    ));
                }
                let (mut args, close) = self.args()?;
                if args.len() != 1 {
                    return Err(EvalError::new("a cast takes one value", span.join(close)));
                }
                return e(
                    ExprKind::Cast(ty, Box::new(args.remove(0))),
                    span.join(close),
                );
            }
            "decltype" if self.peek_punct(b'(') => {
                // decltype(x)::value: the integer of a static type (the leading `::` is
                // not a token)
                let (mut args, close) = self.args()?;
                if args.len() == 1
                    && let Some(x) = self.decltype_braces(&mut args, span)?
                {
                    return Ok(Some(x));
                }
                if args.len() == 1 && self.peek_name(self.i) == Some("AtomThrID") {
                    // decltype(mma)::AtomThrID{}: the thread layout of a tiled MMA's atom
                    let end = self.here();
                    self.i += 1;
                    let x = Expr {
                        kind: ExprKind::Call {
                            name: String::from("decltype::AtomThrID"),
                            name_span: span.join(end),
                            targs: Vec::new(),
                            args,
                        },
                        span: span.join(end),
                    };
                    return Ok(Some(self.braced(x)?));
                }
                if args.len() != 1 || self.peek_name(self.i) != Some("value") {
                    return Err(not_supported(
                        "decltype(x) in an expression",
                        "decltype(x)::value, or x itself",
                        span.join(close),
                    ));
                }
                let end = self.here();
                self.i += 1;
                return e(static_value(args.remove(0), span.join(end)), span.join(end));
            }
            "is_same" | "is_same_v" | "std::is_same" | "std::is_same_v" | "is_constant"
            | "is_layout" | "is_tuple" | "is_integral" | "std::is_integral"
            | "std::is_integral_v"
                if self.peek_punct(b'<') =>
            {
                // type traits of CuTe's values: is_same<A, B>, is_constant<N, T>,
                // is_layout<T>, is_tuple<T>, is_integral<T> (`::value`, `_v` or `{}`)
                self.i += 1;
                let mut args = Vec::new();
                if name == "is_constant" {
                    match self.peek().map(|t| t.tok.clone()) {
                        Some(Tok::Int(v)) if !v.is_static() && !v.is_basis() => {
                            args.push(Expr {
                                kind: ExprKind::Int(v),
                                span: self.here(),
                            });
                            self.i += 1;
                        }
                        _ => {
                            return Err(EvalError::new(
                                "is_constant<N, T> takes an integer literal N",
                                self.here(),
                            ));
                        }
                    }
                    self.expect(b',', "','")?;
                }
                args.push(self.trait_arg(name)?);
                if name.contains("is_same") {
                    self.expect(b',', "','")?;
                    args.push(self.trait_arg(name)?);
                }
                let mut end = self.expect(b'>', "'>'")?;
                let fname = match name.trim_end_matches("_v") {
                    "std::is_same" | "is_same" => "is_same",
                    "std::is_integral" => "std::is_integral",
                    n => n,
                };
                let call = |span: Span| Expr {
                    kind: ExprKind::Call {
                        name: String::from(fname),
                        name_span: span,
                        targs: Vec::new(),
                        args,
                    },
                    span,
                };
                if name.ends_with("_v") {
                    let all = span.join(end);
                    return e(static_value(call(all), all), all);
                }
                if self.peek_name(self.i) == Some("value") {
                    end = self.here();
                    self.i += 1;
                    let all = span.join(end);
                    return e(static_value(call(all), all), all);
                }
                if !name.contains("is_same")
                    && !name.starts_with("std::")
                    && let Some(c) = self.empty_braces()?
                {
                    // CuTe's integral constant itself, `_1` or `_0` (std::is_same's is the
                    // standard library's, which CuTe's print does not take)
                    return Ok(Some(call(span.join(c))));
                }
                return Err(EvalError::new(
                    alloc::format!("{name}<...> is read as {name}<...>::value"),
                    span.join(end),
                ));
            }
            "cosize_v" | "size_v" | "rank_v" | "depth_v" | "is_static" | "is_static_v"
                if self.peek_punct(b'<') =>
            {
                // cosize_v<T>, is_static<T>::value: T a type, `decltype(x)` or a type that
                // stands for a value
                self.i += 1;
                let arg = if self.peek_name(self.i) == Some("decltype")
                    && self.peek_at_punct(self.i + 1, b'(')
                {
                    self.i += 1;
                    let (mut args, close) = self.args()?;
                    if args.len() != 1 {
                        return Err(EvalError::new("decltype takes one expression", close));
                    }
                    args.remove(0)
                } else {
                    self.type_arg(name)?
                };
                let close = self.expect(b'>', "'>'")?;
                let mut end = close;
                // `is_static<T>{}` is an integral constant (`_1`), `is_static<T>::value`
                // and `cosize_v<T>` are constants of type int or bool (`1`)
                let mut integral_constant = false;
                if self.peek_name(self.i) == Some("value") {
                    end = self.here();
                    self.i += 1;
                } else if let Some(c) = self.empty_braces()? {
                    end = c;
                    integral_constant = true;
                } else if self.peek_punct(b'(') && self.peek_at_punct(self.i + 1, b')') {
                    self.i += 2;
                    end = self.toks[self.i - 1].span;
                    integral_constant = true;
                }
                let all = span.join(end);
                let fname = name.trim_end_matches("_v");
                let call = Expr {
                    kind: ExprKind::Call {
                        name: String::from(fname),
                        name_span: span,
                        targs: Vec::new(),
                        args: alloc::vec![arg],
                    },
                    span: all,
                };
                if integral_constant && fname == "is_static" {
                    return Ok(Some(call));
                }
                return e(static_value(call, all), all);
            }
            "float"
            | "double"
            | "bool"
            | "char"
            | "half_t"
            | "bfloat16_t"
            | "cutlass::half_t"
            | "cutlass::bfloat16_t"
                if self.peek_punct(b'(') || self.peek_punct(b'{') =>
            {
                let closing = if self.peek_punct(b'{') { b'}' } else { b')' };
                if self.peek_at_punct(self.i + 1, closing) {
                    // float{}, T() of a scalar type: its zero
                    self.i += 2;
                    let zero = Expr {
                        kind: ExprKind::Int(rcute::int::Int::dynamic(0)),
                        span,
                    };
                    return e(
                        ExprKind::Cast(String::from(name), Box::new(zero)),
                        span.join(self.toks[self.i - 1].span),
                    );
                }
                self.i += 1;
                let x = self.expr()?;
                let close = self.expect(closing, "the end of the cast")?;
                return e(
                    ExprKind::Cast(String::from(name), Box::new(x)),
                    span.join(close),
                );
            }
            _ => {}
        }
        Ok(None)
    }

    /// `decltype(x){}` and `decltype(x)()` after `decltype(x)`: the value of a static type
    /// (a `using T = decltype(...)` alias written as `T{}`), or `None`.
    #[inline(never)]
    fn decltype_braces(
        &mut self,
        args: &mut Vec<Expr>,
        span: Span,
    ) -> Result<Option<Expr>, EvalError> {
        let end = if let Some(c) = self.empty_braces()? {
            c
        } else if self.peek_punct(b'(') && self.peek_at_punct(self.i + 1, b')') {
            self.i += 2;
            self.toks[self.i - 1].span
        } else {
            return Ok(None);
        };
        Ok(Some(Expr {
            kind: ExprKind::Call {
                name: String::from("decltype{}"),
                name_span: span,
                targs: Vec::new(),
                args: alloc::vec![args.remove(0)],
            },
            span: span.join(end),
        }))
    }

    /// `(T)` or `(expr)` of `sizeof`: a type's text as a name expression, or the value.
    fn args_or_type(&mut self) -> Result<(Expr, Span), EvalError> {
        let open = self.expect(b'(', "'(' after sizeof")?;
        let start = self.i;
        if self.peek_name(self.i).is_some() {
            if let Ok(ty) = self.type_text()
                && self.peek_punct(b')')
            {
                let close = self.here();
                self.i += 1;
                return Ok((
                    Expr {
                        kind: ExprKind::Str(ty),
                        span: open.join(close),
                    },
                    close,
                ));
            }
            self.i = start;
        }
        let x = self.expr()?;
        let close = self.expect(b')', "')'")?;
        Ok((x, close))
    }

    /// A type's text from the cursor: a name, maybe with `<...>`, and `*`s.
    pub(crate) fn type_text(&mut self) -> Result<String, EvalError> {
        let Some(n) = self.peek_name(self.i).map(String::from) else {
            return Err(EvalError::new(
                alloc::format!("expected a type, found {}", self.found()),
                self.here(),
            ));
        };
        self.i += 1;
        let mut text = n.clone();
        if self.peek_punct(b'<') {
            let (t, _) = self.type_args(&n)?;
            text = t;
        }
        while self.peek_punct(b'*') {
            self.i += 1;
            text.push('*');
        }
        Ok(text)
    }

    /// A lambda from the `[` at the cursor: `[&](int i) { ... }`, `[=]() -> int { ... }`.
    pub(crate) fn lambda(&mut self) -> Result<Expr, EvalError> {
        let start = self.here();
        let mut captures = self.captures(start)?;
        let params = if self.peek_punct(b'(') {
            self.params()?
        } else {
            Vec::new()
        };
        while let Some(w @ ("mutable" | "constexpr" | "noexcept")) = self.peek_name(self.i) {
            captures.mutable |= w == "mutable";
            self.i += 1;
        }
        let mut ret = TypeSpec::auto();
        if matches!(self.peek().map(|t| &t.tok), Some(Tok::Op("->"))) {
            self.i += 1;
            ret = self.type_spec()?.ok_or_else(|| {
                EvalError::new("expected the lambda's return type after '->'", self.here())
            })?;
        }
        self.skip_newlines();
        if !self.peek_punct(b'{') {
            return Err(EvalError::new(
                alloc::format!("expected the lambda's body '{{', found {}", self.found()),
                self.here(),
            ));
        }
        let outer = self.depth;
        self.enter(start)?;
        self.repeated += 1;
        let r = self.block();
        self.repeated -= 1;
        let (body, close) = r?;
        self.depth = outer;
        let span = start.join(close);
        Ok(Expr {
            kind: ExprKind::Lambda(alloc::sync::Arc::new(FuncDef {
                name: String::from("lambda"),
                params,
                tvalues: Vec::new(),
                tparams: Vec::new(),
                ret,
                body,
                span,
                captures: Some(captures),
                captured: Vec::new(),
            })),
            span,
        })
    }

    /// A type argument of a trait: `decltype(x)`, or a type that stands for a value.
    /// `decltype` of an expression that may be a reference (`get<1>(s)` is an `int&`, of
    /// which `is_integral` is false) is refused, but for `is_constant`, which CuTe
    /// defines of references too.
    fn trait_arg(&mut self, name: &str) -> Result<Expr, EvalError> {
        if self.peek_name(self.i) == Some("decltype") && self.peek_at_punct(self.i + 1, b'(') {
            let at = self.here();
            self.i += 1;
            let (mut args, close) = self.args()?;
            if args.len() != 1 {
                return Err(EvalError::new("decltype takes one expression", close));
            }
            let x = args.remove(0);
            let value = match &x.kind {
                ExprKind::Name { .. } => true,
                ExprKind::Call { name, .. } => name.starts_with("make_"),
                _ => false,
            };
            if !value && name != "is_constant" {
                return Err(not_supported(
                    &alloc::format!(
                        "{name} of decltype of an expression that may be a reference (get<I>(t) is an int&, t.shape() a const&)"
                    ),
                    "decltype of a variable or of make_...(...), or the type itself",
                    at.join(close),
                ));
            }
            return Ok(x);
        }
        self.type_arg(name)
    }

    /// A lambda's capture list, after its `[`, through its `]`: `=`, `&`, `x`, `&x`,
    /// `x = expr`, `this`.
    fn captures(&mut self, start: Span) -> Result<crate::syntax::Captures, EvalError> {
        let mut c = crate::syntax::Captures::default();
        let mut first = true;
        if self.peek_punct(b'[') {
            self.i += 1;
        }
        loop {
            let Some(t) = self.peek().cloned() else {
                return Err(EvalError::new("this lambda's '[' is never closed", start));
            };
            match &t.tok {
                Tok::Punct(b']') => {
                    self.i += 1;
                    return Ok(c);
                }
                Tok::Punct(b',') if !first => {
                    self.i += 1;
                    continue;
                }
                Tok::Newline => {
                    self.i += 1;
                    continue;
                }
                Tok::Punct(b'=')
                    if first
                        && matches!(self.peek_at(self.i + 1), Some(Tok::Punct(b']' | b','))) =>
                {
                    c.default_by_value = Some(true);
                    self.i += 1;
                }
                Tok::Punct(b'&')
                    if first
                        && matches!(self.peek_at(self.i + 1), Some(Tok::Punct(b']' | b','))) =>
                {
                    c.default_by_value = Some(false);
                    self.i += 1;
                }
                Tok::Punct(b'&') if matches!(self.peek_at(self.i + 1), Some(Tok::Name(_))) => {
                    let Some(Tok::Name(n)) = self.peek_at(self.i + 1).cloned() else {
                        unreachable!()
                    };
                    if matches!(self.peek_at(self.i + 2), Some(Tok::Punct(b'='))) {
                        return Err(not_supported(
                            "a reference init-capture [&r = x]",
                            "[&x]",
                            t.span,
                        ));
                    }
                    c.names.push((n, true));
                    self.i += 2;
                }
                Tok::Name(n) if n == "this" => self.i += 1,
                Tok::Punct(b'*') if matches!(self.peek_at(self.i + 1), Some(Tok::Name(n)) if n == "this") => {
                    self.i += 2
                }
                Tok::Name(n) => {
                    self.i += 1;
                    if self.peek_punct(b'=') {
                        // `k = expr`: up to the `,` or `]` outside brackets
                        self.i += 1;
                        let from = self.i;
                        let mut depth = 0usize;
                        let mut k = self.i;
                        while let Some(x) = self.toks.get(k) {
                            match x.tok {
                                Tok::Punct(b'(' | b'[' | b'{') => depth += 1,
                                Tok::Punct(b')' | b'}') => depth = depth.saturating_sub(1),
                                Tok::Punct(b']') if depth > 0 => depth -= 1,
                                Tok::Punct(b',' | b']') if depth == 0 => break,
                                _ => {}
                            }
                            k += 1;
                        }
                        if k >= self.toks.len() || k == from {
                            return Err(EvalError::new(
                                "expected an expression and ']' after '=' in the capture list",
                                t.span,
                            ));
                        }
                        let e = self.whole_expr(from, k, "',' or ']' in the capture list")?;
                        self.i = k;
                        c.inits.push((n.clone(), e));
                    } else if self.peek_punct(b'.') {
                        return Err(not_supported(
                            "a pack in a capture list",
                            "the names",
                            t.span,
                        ));
                    } else {
                        c.names.push((n.clone(), false));
                    }
                }
                _ => {
                    return Err(EvalError::new(
                        alloc::format!("expected a capture (=, &, x, &x), found {}", self.found()),
                        t.span,
                    ));
                }
            }
            first = false;
        }
    }

    /// A braced list `{a, b, c}` from the `{` at the cursor.
    pub(crate) fn braced_list(&mut self) -> Result<Expr, EvalError> {
        let open = self.here();
        self.enter(open)?;
        self.i += 1;
        let colon = core::mem::replace(&mut self.colon_ok, true);
        let mut items = Vec::new();
        let r = loop {
            self.skip_newlines();
            if self.peek_punct(b'}') {
                let close = self.here();
                self.i += 1;
                break Ok(close);
            }
            match self.expr() {
                Ok(x) => items.push(x),
                Err(e) => break Err(e),
            }
            self.skip_newlines();
            if self.peek_punct(b',') {
                self.i += 1;
                continue;
            }
            match self.expect(b'}', "',' or '}'") {
                Ok(close) => break Ok(close),
                Err(e) => break Err(e),
            }
        };
        self.colon_ok = colon;
        self.depth -= 1;
        let close = r?;
        Ok(Expr {
            kind: ExprKind::List(items),
            span: open.join(close),
        })
    }

    /// Skips newline tokens (inside a statement of several lines).
    pub(crate) fn skip_newlines(&mut self) {
        while matches!(
            self.peek(),
            Some(Token {
                tok: Tok::Newline,
                ..
            })
        ) {
            self.i += 1;
        }
    }
}

/// The error of a construct outside the host subset: `not supported: <construct>`, and
/// what to write instead.
pub(crate) fn not_supported(what: &str, instead: &str, span: Span) -> EvalError {
    EvalError::new(
        alloc::format!("not supported: {what}; write {instead} instead"),
        span,
    )
}

/// `decltype(x)::value`: x's integer, which must be static (a compile-time constant in
/// C++), and stays static.
fn static_value(x: Expr, span: Span) -> ExprKind {
    ExprKind::Call {
        name: String::from("decltype::value"),
        name_span: span,
        targs: Vec::new(),
        args: alloc::vec![x],
    }
}
