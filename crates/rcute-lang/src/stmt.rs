//! The statements of the host C++ subset: declarations (`int`, `float`, `auto`, CuTe's
//! types, `std::vector<T>`, C arrays, pointers), blocks, `if`/`else`, `for`, `while`,
//! `do`, `break`, `continue`, `return`, function definitions (plain and `template <...>`),
//! `using` aliases and `typedef`, `static_assert`.
//!
//! ```text
//! stmt  := '{' { stmt } '}' | 'if' ['constexpr'] '(' expr ')' stmt ['else' stmt]
//!        | 'for' '(' [decl | expr] ';' [expr] ';' [expr {',' expr}] ')' stmt
//!        | 'while' '(' expr ')' stmt | 'do' stmt 'while' '(' expr ')' ';'
//!        | 'break' ';' | 'continue' ';' | 'return' [expr] ';'
//!        | ['template' '<' tparams '>'] type NAME '(' params ')' '{' { stmt } '}'
//!        | type declarator { ',' declarator } ';'
//!        | 'using' NAME '=' tokens ';' | 'typedef' tokens NAME ';'
//!        | 'static_assert' '(' expr [',' STRING] ')' ';'
//!        | the calculator's statements (syntax.rs): NAME '=' expr, std::cout, expr
//! type  := { qualifier } NAME ['<' targs '>'] { 'const' | '*' | '&' | '&&' }
//! declarator := NAME ['[' expr ']'] [ '=' expr | '=' '{' list '}' | '(' args ')' | '{' list '}' ]
//! ```
//!
//! Inside braces statements end with `;` as in C++; at the top level a new line ends one
//! too, as in the calculator.

use crate::error::{EvalError, Span};
use crate::operators::{SCALAR_TYPES, not_supported};
use crate::syntax::{
    Declarator, Expr, ExprKind, FuncDef, Init, Parser, Stmt, Tok, Token, TypeSpec,
};
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

/// The most tokens a program has once its `using` aliases are expanded.
const MAX_TOKENS: usize = 1 << 20;

/// Words before a type that change nothing here.
pub(crate) const QUALIFIERS: &[&str] = &[
    "const",
    "constexpr",
    "static",
    "volatile",
    "inline",
    "extern",
    "register",
    "mutable",
    "typename",
    "thread_local",
    "__shared__",
    "__device__",
    "__host__",
    "__global__",
    "__forceinline__",
    "__restrict__",
    "CUTE_HOST_DEVICE",
    "CUTE_DEVICE",
    "CUTE_HOST",
    "CUTLASS_HOST_DEVICE",
    "CUTLASS_DEVICE",
    "CUTE_HOST_RTC",
];

/// C++ words outside the subset, each with what to write instead.
const UNSUPPORTED: &[(&str, &str)] = &[
    ("struct", "functions and CuTe's own types"),
    ("class", "functions and CuTe's own types"),
    ("union", "separate variables"),
    ("namespace", "the declarations without a namespace"),
    ("case", "a case label inside a switch"),
    ("goto", "a loop with break or continue"),
    ("try", "code without exceptions"),
    ("throw", "code without exceptions"),
    ("catch", "code without exceptions"),
    ("operator", "a function with a name"),
    ("virtual", "functions"),
    ("asm", "CuTe calls"),
    ("co_await", "plain functions"),
    ("concept", "template <class T>"),
    ("requires", "template <class T>"),
];

/// C++ does not compile a declaration, in the outermost block of a loop's body, of a name
/// the loop's header declares (`for (int i = ...) { int i = 5; }`).
fn redeclared_in_body(names: &[String], body: &Stmt) -> Result<(), EvalError> {
    let Stmt::Block(stmts) = body else {
        return Ok(());
    };
    for st in stmts {
        if let Stmt::Decl(_, ds) = st
            && let Some(d) = ds.iter().find(|d| names.contains(&d.name))
        {
            return Err(EvalError::new(
                alloc::format!(
                    "{} is declared again in the loop's body, which C++ does not compile (the loop's header declares it)",
                    d.name
                ),
                d.span,
            ));
        }
    }
    Ok(())
}

impl TypeSpec {
    /// `auto`: the value keeps the type of its initializer.
    pub(crate) fn auto() -> TypeSpec {
        TypeSpec {
            text: String::from("auto"),
            pointers: 0,
            default: None,
            reference: false,
            by_ref: false,
            param_default: None,
            constant: false,
        }
    }
}

impl Parser {
    /// One statement, without its terminating `;` (a block, `if`, a loop or a function
    /// definition sets `block_end`: nothing terminates it); `None` for one that does
    /// nothing (`using namespace cute`, a function's declaration).
    pub(crate) fn statement(&mut self) -> Result<Option<Stmt>, EvalError> {
        self.block_end = false;
        let Some(t) = self.peek().cloned() else {
            return Err(EvalError::new("expected a statement", self.here()));
        };
        if let Tok::Punct(b'{') = t.tok {
            let (body, _) = self.block()?;
            self.block_end = true;
            return Ok(Some(Stmt::Block(body)));
        }
        if let Tok::Name(word) = &t.tok {
            match word.as_str() {
                "CUTE_UNROLL"
                | "CUTE_NO_UNROLL"
                | "CUTLASS_PRAGMA_UNROLL"
                | "CUTLASS_PRAGMA_NO_UNROLL" => {
                    // a loop's unrolling hint changes nothing here
                    self.i += 1;
                    self.skip_newlines();
                    return self.statement();
                }
                "if" => return self.if_stmt(t.span).map(Some),
                "switch" => return self.switch_stmt(t.span).map(Some),
                "enum" => return self.enum_decl(t.span).map(Some),
                "for" => return self.for_stmt(t.span).map(Some),
                "while" => {
                    self.i += 1;
                    let (cond, close) = self.condition()?;
                    let body = self.repeated_body()?;
                    self.block_end = true;
                    return Ok(Some(Stmt::While(cond, Box::new(body), t.span.join(close))));
                }
                "do" => {
                    self.i += 1;
                    let body = self.repeated_body()?;
                    self.skip_newlines();
                    if self.peek_name(self.i) != Some("while") {
                        return Err(EvalError::new(
                            alloc::format!(
                                "expected 'while' after the body of 'do', found {}",
                                self.found()
                            ),
                            self.here(),
                        ));
                    }
                    self.i += 1;
                    let (cond, close) = self.condition()?;
                    return Ok(Some(Stmt::DoWhile(
                        Box::new(body),
                        cond,
                        t.span.join(close),
                    )));
                }
                "break" => {
                    self.i += 1;
                    return Ok(Some(Stmt::Break(t.span)));
                }
                "continue" => {
                    self.i += 1;
                    return Ok(Some(Stmt::Continue(t.span)));
                }
                "return" => {
                    self.i += 1;
                    if self.peek_punct(b';')
                        || self.peek_punct(b'}')
                        || self.at_separator()
                        || self.peek().is_none()
                    {
                        return Ok(Some(Stmt::Return(None)));
                    }
                    let e = self.expr()?;
                    return Ok(Some(Stmt::Return(Some(e))));
                }
                "static_assert" | "CUTE_STATIC_ASSERT_V" | "CUTE_STATIC_ASSERT" => {
                    self.i += 1;
                    let (mut args, close) = self.args()?;
                    let span = t.span.join(close);
                    let msg = match args.len() {
                        1 => None,
                        2 => match args.pop().map(|a| a.kind) {
                            Some(ExprKind::Str(s)) => Some(s),
                            _ => {
                                return Err(EvalError::new(
                                    "static_assert's message is a string",
                                    span,
                                ));
                            }
                        },
                        _ => {
                            return Err(EvalError::new(
                                "static_assert takes a condition and a message",
                                span,
                            ));
                        }
                    };
                    return Ok(Some(Stmt::StaticAssert(args.remove(0), msg, span)));
                }
                "template" => return self.template(t.span),
                "using" if self.peek_name(self.i + 1) != Some("namespace") => {
                    return self.using(t.span);
                }
                "typedef" => return self.typedef(t.span),
                "constexpr" | "static" | "const" if self.major_alias()? => {
                    return Ok(None);
                }
                "constexpr" | "static" | "const" if self.int_constant_alias()? => {
                    return Ok(None);
                }
                "delete" => {
                    // `delete[] p`: memory is the program's until it ends
                    self.i += 1;
                    if self.peek_punct(b'[') && self.peek_at_punct(self.i + 1, b']') {
                        self.i += 2;
                    }
                    self.expr()?;
                    return Ok(None);
                }
                w => {
                    if let Some((_, instead)) = UNSUPPORTED.iter().find(|(k, _)| *k == w) {
                        return Err(not_supported(&alloc::format!("'{w}'"), instead, t.span));
                    }
                }
            }
        }
        if let Some(st) = self.declaration()? {
            return Ok(Some(st));
        }
        self.simple_statement()
    }

    /// A statement with its terminator: the body of a loop or of `if`, or a statement of a
    /// block.
    pub(crate) fn body(&mut self) -> Result<Stmt, EvalError> {
        self.skip_newlines();
        if self.peek_punct(b';') {
            self.i += 1;
            return Ok(Stmt::Block(Vec::new()));
        }
        let st = self.statement()?;
        if !self.block_end {
            if self.peek_punct(b';') {
                self.i += 1;
            } else if !(self.at_separator() || self.peek().is_none()) {
                return Err(EvalError::new(
                    alloc::format!("expected ';' after the statement, found {}", self.found()),
                    self.here(),
                ));
            }
        }
        self.block_end = true;
        Ok(st.unwrap_or(Stmt::Block(Vec::new())))
    }

    /// `{ stmt... }` from the `{` at the cursor: the statements and the span of `}`.
    pub(crate) fn block(&mut self) -> Result<(Vec<Stmt>, Span), EvalError> {
        let open = self.expect(b'{', "'{'")?;
        let outer = self.depth;
        self.enter(open)?;
        self.cpp += 1;
        let r = self.block_items(open);
        self.cpp -= 1;
        self.depth = outer;
        r
    }

    /// The statements of a block after its `{`, through its `}`.
    fn block_items(&mut self, open: Span) -> Result<(Vec<Stmt>, Span), EvalError> {
        let colon = core::mem::replace(&mut self.colon_ok, true);
        let mut out = Vec::new();
        let r = loop {
            while self.at_separator() {
                self.i += 1;
            }
            if self.peek_punct(b'}') {
                let close = self.here();
                self.i += 1;
                break Ok(close);
            }
            if self.peek().is_none() {
                break Err(EvalError::new("this '{' is never closed", open));
            }
            match self.body() {
                Ok(Stmt::Block(b)) if b.is_empty() => {}
                Ok(st) => out.push(st),
                Err(e) => break Err(e),
            }
        };
        self.colon_ok = colon;
        Ok((out, r?))
    }

    /// `switch (x) { case A: ... break; default: ... }`: the statements of the body in
    /// order, each label at the index of the statement it precedes.
    fn switch_stmt(&mut self, at: Span) -> Result<Stmt, EvalError> {
        self.i += 1;
        let (value, close) = self.condition()?;
        self.skip_newlines();
        let open = self.expect(b'{', "'{' to open the body of 'switch'")?;
        let outer = self.depth;
        self.enter(open)?;
        let colon = core::mem::replace(&mut self.colon_ok, false);
        let mut body = Vec::new();
        let mut labels: Vec<(usize, Option<Expr>)> = Vec::new();
        let r = loop {
            while self.at_separator() {
                self.i += 1;
            }
            if self.peek_punct(b'}') {
                self.i += 1;
                break Ok(());
            }
            if self.peek().is_none() {
                break Err(EvalError::new("this '{' is never closed", open));
            }
            match self.peek_name(self.i) {
                Some("case") => {
                    self.i += 1;
                    let label = match self.expr() {
                        Ok(x) => x,
                        Err(e) => break Err(e),
                    };
                    if let Err(e) = self.expect(b':', "':' after the case's value") {
                        break Err(e);
                    }
                    labels.push((body.len(), Some(label)));
                }
                Some("default") if self.peek_at_punct(self.i + 1, b':') => {
                    if labels.iter().any(|(_, l)| l.is_none()) {
                        break Err(EvalError::new(
                            "a switch has one default label",
                            self.here(),
                        ));
                    }
                    self.i += 2;
                    labels.push((body.len(), None));
                }
                _ => {
                    self.colon_ok = true;
                    let st = self.body();
                    self.colon_ok = false;
                    match st {
                        Ok(st) => body.push(st),
                        Err(e) => break Err(e),
                    }
                }
            }
        };
        self.colon_ok = colon;
        self.depth = outer;
        r?;
        self.block_end = true;
        Ok(Stmt::Switch {
            value,
            body,
            labels,
            span: at.join(close),
        })
    }

    /// `enum [class] [E] [: T] { A, B = 5, C }`: its enumerators as `const int`s (`E::A`
    /// for a scoped enum), each the one before plus one where it has no value, and `E`
    /// an alias of `int`.
    fn enum_decl(&mut self, at: Span) -> Result<Stmt, EvalError> {
        self.i += 1;
        let scoped = matches!(self.peek_name(self.i), Some("class" | "struct"));
        if scoped {
            self.i += 1;
        }
        let name = match self.peek_name(self.i) {
            Some(n) => {
                let n = String::from(n);
                self.i += 1;
                Some(n)
            }
            None => None,
        };
        if self.peek_punct(b':') {
            // the underlying type: integers all the same here
            self.i += 1;
            while self.peek_name(self.i).is_some() {
                self.i += 1;
            }
        }
        self.skip_newlines();
        let open = self.expect(b'{', "'{' to open the enumerators")?;
        let mut items: Vec<Declarator> = Vec::new();
        loop {
            self.skip_newlines();
            if self.peek_punct(b'}') {
                self.i += 1;
                break;
            }
            let Some(e) = self.peek_name(self.i).map(String::from) else {
                return Err(EvalError::new(
                    alloc::format!("expected an enumerator, found {}", self.found()),
                    self.here(),
                ));
            };
            let span = self.here();
            self.i += 1;
            let value = if self.peek_punct(b'=') {
                self.i += 1;
                let colon = core::mem::replace(&mut self.colon_ok, false);
                let x = self.expr();
                self.colon_ok = colon;
                x?
            } else {
                // the enumerator before plus one, or 0
                let zero = Expr {
                    kind: ExprKind::Int(rcute::int::Int::dynamic(0)),
                    span,
                };
                match items.last() {
                    Some(prev) => Expr {
                        kind: ExprKind::Arith(
                            Box::new(Expr {
                                kind: ExprKind::Name {
                                    name: prev.name.clone(),
                                    targs: Vec::new(),
                                },
                                span,
                            }),
                            alloc::vec![(
                                crate::syntax::BinOp::Add,
                                span,
                                Expr {
                                    kind: ExprKind::Int(rcute::int::Int::dynamic(1)),
                                    span,
                                },
                            )],
                        ),
                        span,
                    },
                    None => zero,
                }
            };
            let full = match (&name, scoped) {
                (Some(n), true) => alloc::format!("{n}::{e}"),
                _ => e,
            };
            self.vars.insert(full.clone());
            items.push(Declarator {
                name: full,
                span,
                array: None,
                inner: None,
                init: Init::Value(value),
                direct: false,
            });
            self.skip_newlines();
            if self.peek_punct(b',') {
                self.i += 1;
            } else if !self.peek_punct(b'}') {
                return Err(EvalError::new(
                    alloc::format!(
                        "expected ',' or '}}' after an enumerator, found {}",
                        self.found()
                    ),
                    self.here(),
                ));
            }
        }
        if self.peek_name(self.i).is_some() {
            return Err(not_supported(
                "a variable declared with its enum",
                "the enum, then the variable's own declaration",
                self.here(),
            ));
        }
        if items.is_empty() {
            return Err(EvalError::new("an enum without enumerators", open));
        }
        if let Some(n) = name {
            let int = Token {
                tok: Tok::Name(String::from("int")),
                span: at,
            };
            self.alias(n, alloc::vec![int], at)?;
        }
        Ok(Stmt::Decl(
            TypeSpec {
                text: String::from("int"),
                pointers: 0,
                default: None,
                reference: false,
                by_ref: false,
                param_default: None,
                constant: true,
            },
            items,
        ))
    }

    /// `( expr )` of `if`, `while`: the condition and the span of `)`.
    fn condition(&mut self) -> Result<(Expr, Span), EvalError> {
        self.expect(b'(', "'('")?;
        let colon = core::mem::replace(&mut self.colon_ok, true);
        let c = self.expr();
        self.colon_ok = colon;
        let c = c?;
        let close = self.expect(b')', "')'")?;
        Ok((c, close))
    }

    fn if_stmt(&mut self, at: Span) -> Result<Stmt, EvalError> {
        self.i += 1;
        if self.peek_name(self.i) == Some("constexpr") {
            self.i += 1;
        }
        let (cond, _) = self.condition()?;
        let then = self.body()?;
        let save = self.i;
        self.skip_newlines();
        let other = if self.peek_name(self.i) == Some("else") {
            self.i += 1;
            Some(Box::new(self.body()?))
        } else {
            self.i = save;
            None
        };
        let _ = at;
        self.block_end = true;
        Ok(Stmt::If(cond, Box::new(then), other))
    }

    /// The body of a loop ([`Parser::body`]), where a `static` variable would keep its
    /// value from one iteration to the next.
    fn repeated_body(&mut self) -> Result<Stmt, EvalError> {
        self.repeated += 1;
        let r = self.body();
        self.repeated -= 1;
        r
    }

    fn for_stmt(&mut self, at: Span) -> Result<Stmt, EvalError> {
        self.i += 1;
        self.expect(b'(', "'(' after 'for'")?;
        let colon = core::mem::replace(&mut self.colon_ok, true);
        let head = self.i;
        let r = self.for_header(at);
        self.colon_ok = colon;
        let (init, cond, step, close) = match r? {
            Header::Range(ty, name, range, close) => {
                let from = self.i;
                let body = self.repeated_body()?;
                let mut names = Vec::new();
                // a reference, const or not: the body may reach its element otherwise
                let reference = self.toks[head..from]
                    .iter()
                    .any(|t| matches!(t.tok, Tok::Punct(b'&') | Tok::Op("&&")));
                if reference {
                    for t in &self.toks[from..self.i] {
                        if let Tok::Name(n) = &t.tok
                            && !names.contains(n)
                        {
                            names.push(n.clone());
                        }
                    }
                }
                redeclared_in_body(core::slice::from_ref(&name), &body)?;
                self.block_end = true;
                return Ok(Stmt::ForRange {
                    ty,
                    name,
                    range,
                    body: Box::new(body),
                    names,
                    span: at.join(close),
                });
            }
            Header::Plain(init, cond, step, close) => (init, cond, step, close),
        };
        let body = self.repeated_body()?;
        if let Some(Stmt::Decl(_, ds)) = init.as_ref() {
            let names: Vec<String> = ds.iter().map(|d| d.name.clone()).collect();
            redeclared_in_body(&names, &body)?;
        }
        self.block_end = true;
        Ok(Stmt::For {
            init: init.map(Box::new),
            cond,
            step,
            body: Box::new(body),
            span: at.join(close),
        })
    }

    fn for_header(&mut self, at: Span) -> Result<Header, EvalError> {
        let init = if self.peek_punct(b';') {
            None
        } else {
            let st = match self.declaration()? {
                Some(d) => Some(d),
                None => self.simple_statement()?,
            };
            if self.peek_punct(b':') {
                return self.range_header(st, at);
            }
            st
        };
        self.expect(b';', "';' after the first part of 'for (...)'")?;
        let cond = if self.peek_punct(b';') {
            None
        } else {
            Some(self.expr()?)
        };
        self.expect(b';', "';' after the condition of 'for (...)'")?;
        let mut step = Vec::new();
        while !self.peek_punct(b')') {
            step.push(self.expr()?);
            if self.peek_punct(b',') {
                self.i += 1;
                continue;
            }
            break;
        }
        let close = self.expect(b')', "')' to close 'for (...)'")?;
        Ok(Header::Plain(init, cond, step, close))
    }

    /// The rest of `for (T x : range)` after `T x` (`decl`), at the `:`.
    fn range_header(&mut self, decl: Option<Stmt>, at: Span) -> Result<Header, EvalError> {
        let (ty, name) = match decl {
            Some(Stmt::Decl(ty, mut items))
                if items.len() == 1
                    && items[0].array.is_none()
                    && matches!(items[0].init, Init::None) =>
            {
                (ty, items.remove(0).name)
            }
            _ => {
                return Err(EvalError::new(
                    "a range-based for loop declares one variable: for (T x : range)",
                    at.join(self.here()),
                ));
            }
        };
        self.i += 1;
        let range = self.expr()?;
        let close = self.expect(b')', "')' to close 'for (...)'")?;
        Ok(Header::Range(ty, name, range, close))
    }

    /// `template <class T, int N> ...` (a function).
    fn template(&mut self, at: Span) -> Result<Option<Stmt>, EvalError> {
        self.i += 1;
        self.expect(b'<', "'<' after 'template'")?;
        let mut values = Vec::new();
        let mut params = Vec::new();
        while !self.peek_punct(b'>') {
            match self.peek_name(self.i) {
                Some("class" | "typename") => {
                    self.i += 1;
                    if matches!(self.peek().map(|t| &t.tok), Some(Tok::Punct(b'.'))) {
                        // `class...`
                        while self.peek_punct(b'.') {
                            self.i += 1;
                        }
                    }
                    if let Some(n) = self.peek_name(self.i).map(String::from) {
                        self.types.insert(n.clone());
                        params.push((n, true));
                        self.i += 1;
                    }
                }
                Some(_) => {
                    // a value parameter, `int N`
                    let _ = self.type_spec()?;
                    if let Some(n) = self.peek_name(self.i).map(String::from) {
                        self.vars.insert(n.clone());
                        params.push((n.clone(), false));
                        values.push(n);
                        self.i += 1;
                    }
                }
                None => {
                    return Err(EvalError::new(
                        alloc::format!("expected a template parameter, found {}", self.found()),
                        self.here(),
                    ));
                }
            }
            if self.peek_punct(b'=') {
                // a default: skip to ',' or '>' at this level
                let mut level = 0usize;
                while let Some(t) = self.peek() {
                    match t.tok {
                        Tok::Punct(b'<' | b'(') => level += 1,
                        Tok::Punct(b')') => level = level.saturating_sub(1),
                        Tok::Punct(b'>' | b',') if level == 0 => break,
                        Tok::Punct(b'>') => level -= 1,
                        _ => {}
                    }
                    self.i += 1;
                }
            }
            if self.peek_punct(b',') {
                self.i += 1;
            } else if !self.peek_punct(b'>') {
                return Err(EvalError::new(
                    alloc::format!(
                        "expected ',' or '>' in 'template <...>', found {}",
                        self.found()
                    ),
                    self.here(),
                ));
            }
        }
        self.i += 1;
        self.skip_newlines();
        if matches!(self.peek_name(self.i), Some("struct" | "class" | "using")) {
            return Err(not_supported(
                "a template other than a function",
                "a template function",
                at.join(self.here()),
            ));
        }
        self.template_values = values;
        self.template_params = params;
        let st = self.declaration();
        self.template_values.clear();
        self.template_params.clear();
        let st = st?;
        match st {
            Some(st @ Stmt::Func(_)) => Ok(Some(st)),
            // a declaration without a body
            Some(Stmt::Block(b)) if b.is_empty() && !self.block_end => Ok(Some(Stmt::Block(b))),
            None if self.block_end => Ok(None),
            _ => Err(not_supported(
                "a template other than a function",
                "a template function",
                at,
            )),
        }
    }

    /// `using T = type;` (an alias: later uses of `T` read as the type's tokens),
    /// `using cute::name;` (nothing).
    fn using(&mut self, at: Span) -> Result<Option<Stmt>, EvalError> {
        self.i += 1;
        let Some(name) = self.peek_name(self.i).map(String::from) else {
            return Err(EvalError::new(
                alloc::format!("expected a name after 'using', found {}", self.found()),
                self.here(),
            ));
        };
        self.i += 1;
        if !self.peek_punct(b'=') {
            // `using std::cout;`: the name is known already
            return Ok(None);
        }
        self.i += 1;
        let start = self.i;
        // the type ends at `;`, a new line or the `}` of the enclosing block, outside the
        // type's own brackets (`decltype(make_layout(Int<8>{}))`)
        let mut depth = 0usize;
        while let Some(t) = self.peek() {
            match t.tok {
                Tok::Punct(b'(' | b'[' | b'{') => depth += 1,
                Tok::Punct(b')' | b']' | b'}') if depth > 0 => depth -= 1,
                Tok::Punct(b'}') => break,
                _ if depth == 0 && self.at_separator() => break,
                _ => {}
            }
            self.i += 1;
        }
        if self.i == start {
            return Err(EvalError::new(
                "expected a type after '='",
                at.join(self.here()),
            ));
        }
        let tokens = self.toks[start..self.i].to_vec();
        self.alias(name, tokens, at)?;
        Ok(None)
    }

    /// `constexpr auto M = GMMA::Major::K;` (or `const GMMA::Major M = ...`, `UMMA::Major`): a
    /// name for a major, which CuTe's code passes as a template argument
    /// (`SM90_64x64x16_F16F16F16_SS<M, M>`); later uses of the name read as the major.
    /// Whether the statement was one (the cursor after it), else nothing is consumed.
    fn major_alias(&mut self) -> Result<bool, EvalError> {
        let start = self.i;
        let mut k = self.i;
        // only a constant names a template argument: constexpr, or const of an enum
        let mut constant = false;
        while let Some(q @ ("constexpr" | "static" | "const")) = self.peek_name(k) {
            constant |= q != "static";
            k += 1;
        }
        if !constant {
            return Ok(false);
        }
        if !matches!(
            self.peek_name(k),
            Some("auto" | "GMMA::Major" | "UMMA::Major")
        ) {
            return Ok(false);
        }
        let (Some(name), true) = (
            self.peek_name(k + 1).map(String::from),
            self.peek_at_punct(k + 2, b'='),
        ) else {
            return Ok(false);
        };
        let value = k + 3;
        let is_major = self
            .peek_name(value)
            .is_some_and(|v| v.starts_with("GMMA::Major::") || v.starts_with("UMMA::Major::"));
        let ends = self.peek_at_punct(value + 1, b';')
            || self.toks.get(value + 1).is_none()
            || matches!(self.toks.get(value + 1).map(|t| &t.tok), Some(Tok::Newline));
        if !(is_major && ends) {
            return Ok(false);
        }
        let at = self.toks[start].span;
        let tokens = self.toks[value..value + 1].to_vec();
        self.i = value + 1;
        self.alias(name, tokens, at)?;
        Ok(true)
    }

    /// `constexpr int kM = 128;` (or `static constexpr int`, `const int`, `constexpr auto`,
    /// `int32_t`): an `int` constant whose initializer is an integer constant expression
    /// of literals (`128 / 2`, `1 << 7`, earlier such constants). Later uses of the name
    /// read as its value, a plain `int` (dynamic, `128`), so that it can be a template
    /// argument as in C++: `Int<kM>{}` is `_128`, `Int<kM / 2>{}` is `_64`. Whether the
    /// statement was one (the cursor after it), else nothing is consumed.
    #[inline(never)]
    fn int_constant_alias(&mut self) -> Result<bool, EvalError> {
        let start = self.i;
        let mut k = self.i;
        let mut constant = false;
        while let Some(q @ ("constexpr" | "static" | "const" | "inline")) = self.peek_name(k) {
            constant |= matches!(q, "constexpr" | "const");
            k += 1;
        }
        if !constant {
            return Ok(false);
        }
        // the type: int (the value an int literal's), int32_t or auto, then maybe const
        if !matches!(
            self.peek_name(k),
            Some("int" | "int32_t" | "std::int32_t" | "cute::int32_t" | "auto")
        ) {
            return Ok(false);
        }
        k += 1;
        if self.peek_name(k) == Some("const") {
            k += 1;
        }
        let (Some(name), true) = (
            self.peek_name(k).map(String::from),
            self.peek_at_punct(k + 1, b'='),
        ) else {
            return Ok(false);
        };
        if self.types.contains(&name) || crate::functions::find(&name).is_some() {
            return Ok(false);
        }
        let value = k + 2;
        let mut end = value;
        while end < self.toks.len()
            && !self.peek_at_punct(end, b';')
            && !matches!(self.toks[end].tok, Tok::Newline)
        {
            end += 1;
        }
        let Some(v) = crate::syntax::fold_int(&self.toks[value..end]) else {
            return Ok(false);
        };
        let at = self.toks[start].span;
        let span = self.toks[value].span.join(self.toks[end - 1].span);
        self.i = end;
        self.alias(
            name,
            alloc::vec![Token {
                tok: Tok::Int(rcute::Int::dynamic(v)),
                span,
            }],
            at,
        )?;
        Ok(true)
    }

    /// `auto [a, b] = e;` (`auto&`, `auto const&`, `const auto&`): rewritten in place as the
    /// declaration `auto __binding_K = e, a = get<0>(__binding_K), b = get<1>(__binding_K);`,
    /// which C++ initializes in order, so that the names read the parts of `e` (the pair
    /// of `tma_partition`, a tuple). Nothing changes where the tokens are not one.
    #[inline(never)]
    fn structured_binding(&mut self) -> Result<(), EvalError> {
        let mut k = self.i;
        while matches!(self.peek_name(k), Some("const" | "constexpr" | "static")) {
            k += 1;
        }
        if self.peek_name(k) != Some("auto") {
            return Ok(());
        }
        k += 1;
        while self.peek_name(k) == Some("const")
            || self.peek_at_punct(k, b'&')
            || matches!(self.toks.get(k).map(|t| &t.tok), Some(Tok::Op("&&")))
        {
            k += 1;
        }
        if !self.peek_at_punct(k, b'[') {
            return Ok(());
        }
        let open = k;
        let mut names = Vec::new();
        k += 1;
        loop {
            let Some(n) = self.peek_name(k) else {
                return Ok(());
            };
            names.push((String::from(n), self.toks[k].span));
            k += 1;
            if self.peek_at_punct(k, b',') {
                k += 1;
                continue;
            }
            if self.peek_at_punct(k, b']') {
                break;
            }
            return Ok(());
        }
        let close = k;
        if !self.peek_at_punct(close + 1, b'=') {
            return Err(EvalError::new(
                "a structured binding is initialized with '=': auto [a, b] = e;",
                self.toks[close].span,
            ));
        }
        // the end of the initializer: ';' or a new line outside brackets
        let mut end = close + 2;
        let mut depth = 0usize;
        while let Some(t) = self.toks.get(end) {
            match t.tok {
                Tok::Punct(b'(' | b'[' | b'{') => depth += 1,
                Tok::Punct(b')' | b']' | b'}') if depth > 0 => depth -= 1,
                Tok::Punct(b';') | Tok::Newline if depth == 0 => break,
                _ => {}
            }
            end += 1;
        }
        let at = self.toks[open].span;
        let hidden = alloc::format!("__binding_{}", self.i);
        let tok = |tok: Tok, span: Span| Token { tok, span };
        let mut rest = Vec::new();
        for (j, (name, span)) in names.into_iter().enumerate() {
            rest.push(tok(Tok::Punct(b','), span));
            rest.push(tok(Tok::Name(name), span));
            rest.push(tok(Tok::Punct(b'='), span));
            rest.push(tok(Tok::Name(String::from("get")), span));
            rest.push(tok(Tok::Punct(b'<'), span));
            rest.push(tok(Tok::Int(rcute::Int::dynamic(j as i64)), span));
            rest.push(tok(Tok::Punct(b'>'), span));
            rest.push(tok(Tok::Punct(b'('), span));
            rest.push(tok(Tok::Name(hidden.clone()), span));
            rest.push(tok(Tok::Punct(b')'), span));
        }
        if self.toks.len() + rest.len() > MAX_TOKENS {
            return Err(EvalError::new("the program is too long", at));
        }
        // `auto [a, b]` -> `auto __binding_K`, then the parts after the initializer
        self.toks.splice(end..end, rest);
        self.toks.splice(
            open..=close,
            [tok(Tok::Name(hidden), at.join(self.toks[close].span))],
        );
        Ok(())
    }

    /// `typedef float T;`
    fn typedef(&mut self, at: Span) -> Result<Option<Stmt>, EvalError> {
        self.i += 1;
        let start = self.i;
        while !(self.at_separator() || self.peek().is_none()) {
            self.i += 1;
        }
        if self.i < start + 2 {
            return Err(EvalError::new("typedef takes a type and a name", at));
        }
        let Some(Tok::Name(name)) = self.toks.get(self.i - 1).map(|t| t.tok.clone()) else {
            return Err(EvalError::new("typedef ends with the new name", at));
        };
        let tokens = self.toks[start..self.i - 1].to_vec();
        self.alias(name, tokens, at)?;
        Ok(None)
    }

    /// Makes every later use of `name` read as `tokens`.
    fn alias(&mut self, name: String, tokens: Vec<Token>, at: Span) -> Result<(), EvalError> {
        let uses = self.toks[self.i..]
            .iter()
            .filter(|t| matches!(&t.tok, Tok::Name(n) if *n == name))
            .count();
        if self.toks.len() + uses * tokens.len() > MAX_TOKENS {
            return Err(EvalError::new(
                alloc::format!("the aliases make the program longer than {MAX_TOKENS} tokens"),
                at,
            ));
        }
        let mut rest = Vec::with_capacity(self.toks.len() - self.i + uses * tokens.len());
        for t in self.toks.drain(self.i..) {
            match &t.tok {
                Tok::Name(n) if *n == name => {
                    rest.extend(tokens.iter().map(|x| Token {
                        tok: x.tok.clone(),
                        span: t.span,
                    }));
                }
                _ => rest.push(t),
            }
        }
        self.toks.extend(rest);
        self.types.insert(name);
        Ok(())
    }

    /// A type at the cursor (qualifiers, a name, template arguments, `*`, `&`, `const`),
    /// or `None` (the cursor back where it was) when none is there.
    pub(crate) fn type_spec(&mut self) -> Result<Option<TypeSpec>, EvalError> {
        let start = self.i;
        while self
            .peek_name(self.i)
            .is_some_and(|n| QUALIFIERS.contains(&n))
        {
            self.i += 1;
        }
        let Some(base) = self.peek_name(self.i).map(String::from) else {
            self.i = start;
            return Ok(None);
        };
        if self.vars.contains(&base) && !self.types.contains(&base) {
            self.i = start;
            return Ok(None);
        }
        let base_at = self.i;
        self.i += 1;
        let mut text = base.clone();
        // `decltype(x) y{};` (or a `using` name of it): the value of x's type
        let mut decl_default = None;
        if base == "decltype" {
            if !self.peek_punct(b'(') {
                self.i = start;
                return Ok(None);
            }
            let (mut args, close) = self.args()?;
            if args.len() == 1 {
                let at = self.toks[base_at].span.join(close);
                decl_default = Some(Box::new(Expr {
                    kind: ExprKind::Call {
                        name: String::from("decltype{}"),
                        name_span: at,
                        targs: Vec::new(),
                        args: alloc::vec![args.remove(0)],
                    },
                    span: at,
                }));
            }
            text = String::from("auto");
        } else if matches!(base.as_str(), "unsigned" | "signed" | "long" | "short") {
            // `unsigned int`, `long long`, `unsigned long`, `signed char`
            let (mut long, mut short, mut char_) = (base == "long", base == "short", false);
            while let Some(w @ ("int" | "long" | "short" | "char")) = self.peek_name(self.i) {
                long |= w == "long";
                short |= w == "short";
                char_ |= w == "char";
                self.i += 1;
            }
            let unsigned = base == "unsigned";
            text = String::from(match (unsigned, long, short, char_) {
                (true, true, _, _) => "uint64_t",
                (true, _, true, _) => "uint16_t",
                (true, _, _, true) => "uint8_t",
                (true, ..) => "unsigned",
                (false, true, _, _) => "long",
                (false, _, true, _) => "short",
                (false, _, _, true) => "int8_t",
                (false, ..) => "int",
            });
        } else if self.peek_punct(b'<') && self.type_args_follow_any() {
            match self.type_args(&base) {
                Ok((t, _)) => text = t,
                // a declaration's type with an expression argument (uint_byte_t<...>)
                Err(e) if e.message.starts_with("not supported") => return Err(e),
                Err(_) => {
                    self.i = start;
                    return Ok(None);
                }
            }
        }
        let end = self.i;
        let mut pointers = 0;
        // `const` before the type or after it, and an lvalue reference `&` (not `&&`, a
        // forwarding or rvalue reference, whose argument a program here does not reuse)
        let mut constant = self.toks[start..base_at]
            .iter()
            .any(|t| matches!(&t.tok, Tok::Name(n) if n == "const" || n == "constexpr"));
        let mut amp = false;
        let mut rvalue = false;
        loop {
            match self.peek().map(|t| &t.tok) {
                Some(Tok::Punct(b'*')) => pointers += 1,
                Some(Tok::Punct(b'&')) => amp = true,
                Some(Tok::Op("&&")) => rvalue = true,
                Some(Tok::Name(n))
                    if matches!(n.as_str(), "const" | "__restrict__" | "volatile") =>
                {
                    constant |= n == "const";
                }
                _ => break,
            }
            self.i += 1;
        }
        // CuTe's types: their value with `{}` when declared without an initializer
        let mut default = None;
        if pointers == 0
            && end > base_at + 1
            && !SCALAR_TYPES.contains(&base.as_str())
            && !base.starts_with("std::")
        {
            let after = self.i;
            let depth = self.depth;
            self.i = base_at;
            if let Ok(e) = self.atom()
                && self.i == end
            {
                default = Some(Box::new(e));
            }
            self.i = after;
            self.depth = depth;
        }
        if default.is_none() && pointers == 0 {
            default = decl_default;
        }
        Ok(Some(TypeSpec {
            text,
            pointers,
            default,
            reference: amp && !constant && pointers == 0,
            by_ref: (amp || rvalue) && pointers == 0,
            param_default: None,
            constant: constant && !amp && pointers == 0,
        }))
    }

    /// Whether the `<` at the cursor opens template arguments of a type (a name, an
    /// integer or `>` follows).
    fn type_args_follow_any(&self) -> bool {
        matches!(
            self.toks.get(self.i + 1).map(|t| &t.tok),
            Some(Tok::Name(_) | Tok::Int(_) | Tok::Punct(b'>'))
        )
    }

    /// A declaration or a function definition at the cursor, or `None` (the cursor back
    /// where it was) when the statement is not one.
    pub(crate) fn declaration(&mut self) -> Result<Option<Stmt>, EvalError> {
        self.structured_binding()?;
        // a type is a name followed by a name, `<`, `*`, `&` or `(` (decltype); anything
        // else is no declaration (the calculator's statements, without a second look)
        let Some(first) = self.peek_name(self.i) else {
            return Ok(None);
        };
        let decltype = first == "decltype";
        if !match self.toks.get(self.i + 1).map(|t| &t.tok) {
            Some(Tok::Name(_) | Tok::Punct(b'<' | b'*' | b'&') | Tok::Op("&&")) => true,
            Some(Tok::Punct(b'(')) => decltype,
            _ => false,
        } {
            return Ok(None);
        }
        let start = self.i;
        let Some(ty) = self.type_spec()? else {
            return Ok(None);
        };
        // `static` without `const` or `constexpr`: a variable initialized once, whose value
        // carries from one run of its body to the next
        let mut quals = start;
        let (mut stat, mut constant) = (false, false);
        while let Some(q) = self.peek_name(quals).filter(|q| QUALIFIERS.contains(q)) {
            stat |= q == "static";
            constant |= matches!(q, "const" | "constexpr");
            quals += 1;
        }
        if stat && !constant && self.repeated > 0 {
            return Err(not_supported(
                "a static variable in a loop, a lambda or a function other than main",
                "a variable declared outside it",
                self.toks[start].span,
            ));
        }
        let declarator_follows = self.peek_name(self.i).is_some()
            && matches!(
                self.toks.get(self.i + 1).map(|t| &t.tok),
                None | Some(
                    Tok::Punct(b'=' | b';' | b'(' | b'{' | b'[' | b',' | b':' | b')')
                        | Tok::Newline
                )
            );
        if !declarator_follows {
            self.i = start;
            return Ok(None);
        }
        let mut items = Vec::new();
        loop {
            let name = String::from(self.peek_name(self.i).unwrap_or_default());
            let span = self.here();
            self.i += 1;
            if items.is_empty()
                && self.peek_punct(b'(')
                && let Some(f) = self.function(&name, &ty, span)?
            {
                return Ok(Some(f));
            }
            self.vars.insert(name.clone());
            let mut array = None;
            let mut inner = None;
            if self.peek_punct(b'[') {
                self.i += 1;
                if !self.peek_punct(b']') {
                    array = Some(self.expr()?);
                } else {
                    array = Some(Expr {
                        kind: ExprKind::List(Vec::new()),
                        span: self.here(),
                    });
                }
                self.expect(b']', "']'")?;
                if self.peek_punct(b'[') {
                    // T a[n][m]: an array of arrays of m elements
                    self.i += 1;
                    inner = Some(self.expr()?);
                    self.expect(b']', "']'")?;
                    if self.peek_punct(b'[') {
                        return Err(not_supported(
                            "an array of three or more dimensions",
                            "one array of n * m * k elements indexed a[(i * m + j) * k + l], or a tensor over it",
                            self.here(),
                        ));
                    }
                }
            }
            let mut direct = false;
            let init = if self.peek_punct(b'=') {
                self.i += 1;
                if self.peek_punct(b'{') {
                    match self.braced_list()?.kind {
                        ExprKind::List(items) => Init::List(items),
                        _ => unreachable!(),
                    }
                } else {
                    self.cpp += 1;
                    let e = self.expr();
                    self.cpp -= 1;
                    Init::Value(e?)
                }
            } else if self.peek_punct(b'(') {
                self.cpp += 1;
                let a = self.args();
                self.cpp -= 1;
                Init::Ctor(a?.0)
            } else if self.peek_punct(b'{') {
                direct = true;
                match self.braced_list()?.kind {
                    ExprKind::List(items) => Init::List(items),
                    _ => unreachable!(),
                }
            } else {
                Init::None
            };
            items.push(Declarator {
                name,
                span,
                array,
                inner,
                init,
                direct,
            });
            if self.peek_punct(b',') && self.peek_name(self.i + 1).is_some() {
                self.i += 1;
                while self.peek_punct(b'*') || self.peek_punct(b'&') {
                    self.i += 1;
                }
                continue;
            }
            break;
        }
        Ok(Some(Stmt::Decl(ty, items)))
    }

    /// After `type NAME` with `(` at the cursor: a function definition (parameters, then
    /// a body), or `None` with the cursor back at `(` (a constructor's arguments).
    fn function(
        &mut self,
        name: &str,
        ret: &TypeSpec,
        at: Span,
    ) -> Result<Option<Stmt>, EvalError> {
        let open = self.i;
        let vars = self.vars.clone();
        let params = match self.params() {
            Ok(p) => p,
            // a parameter list the subset or C++ refuses, said as such
            Err(e)
                if e.message.starts_with("not supported")
                    || e.message.ends_with("(C++ does not compile it)") =>
            {
                return Err(e);
            }
            Err(_) => {
                self.i = open;
                self.vars = vars;
                return Ok(None);
            }
        };
        while matches!(
            self.peek_name(self.i),
            Some("const" | "noexcept" | "override")
        ) {
            self.i += 1;
        }
        if self.peek_punct(b';') {
            // a declaration without a body, `int f(int a);`: its default values are the
            // definition's
            self.vars = vars;
            self.template_values.clear();
            self.template_params.clear();
            let defaults: Vec<_> = params.into_iter().map(|(_, ty)| ty.param_default).collect();
            if defaults.iter().any(Option::is_some) {
                self.protos.insert(String::from(name), defaults);
            }
            return Ok(Some(Stmt::Block(Vec::new())));
        }
        self.skip_newlines();
        if !self.peek_punct(b'{') {
            // not a definition: a constructor's arguments, `std::vector<int> v(n)`
            self.i = open;
            self.vars = vars;
            return Ok(None);
        }
        let mut params = params;
        if let Some(defaults) = self.protos.get(name)
            && defaults.len() == params.len()
        {
            for ((_, ty), d) in params.iter_mut().zip(defaults) {
                if ty.param_default.is_none() {
                    ty.param_default.clone_from(d);
                }
            }
        }
        let tvalues = core::mem::take(&mut self.template_values);
        let tparams = core::mem::take(&mut self.template_params);
        let repeated = u32::from(name != "main");
        self.repeated += repeated;
        let r = self.block();
        self.repeated -= repeated;
        let (body, close) = r?;
        self.vars = vars;
        self.block_end = true;
        Ok(Some(Stmt::Func(alloc::sync::Arc::new(FuncDef {
            name: String::from(name),
            params,
            tvalues,
            tparams,
            ret: ret.clone(),
            body,
            span: at.join(close),
            captures: None,
            captured: Vec::new(),
        }))))
    }

    /// `( type name [= default], ... )` of a function or a lambda.
    pub(crate) fn params(&mut self) -> Result<Vec<(String, TypeSpec)>, EvalError> {
        self.expect(b'(', "'('")?;
        let mut out: Vec<(String, TypeSpec)> = Vec::new();
        if self.peek_name(self.i) == Some("void") && self.peek_at_punct(self.i + 1, b')') {
            self.i += 1;
        }
        while !self.peek_punct(b')') {
            let Some(ty) = self.type_spec()? else {
                return Err(EvalError::new(
                    alloc::format!("expected a parameter's type, found {}", self.found()),
                    self.here(),
                ));
            };
            let name = match self.peek_name(self.i) {
                Some(n) => {
                    let n = String::from(n);
                    self.i += 1;
                    n
                }
                None => String::new(),
            };
            let mut ty = ty;
            if self.peek_punct(b'=') {
                self.i += 1;
                ty.param_default = Some(alloc::boxed::Box::new(self.expr()?));
            } else if let Some((_, before)) = out.last()
                && before.param_default.is_some()
            {
                // C++: the parameters after one with a default value have one too
                return Err(EvalError::new(
                    alloc::format!(
                        "parameter {name} has no default value, where the one before it has one (C++ does not compile it)"
                    ),
                    self.here(),
                ));
            }
            self.vars.insert(name.clone());
            out.push((name, ty));
            if self.peek_punct(b',') {
                self.i += 1;
                continue;
            }
            if !self.peek_punct(b')') {
                return Err(EvalError::new(
                    alloc::format!(
                        "expected ',' or ')' in the parameters, found {}",
                        self.found()
                    ),
                    self.here(),
                ));
            }
        }
        self.i += 1;
        Ok(out)
    }
}

/// The header of a `for` loop: `(init; cond; step)` or `(T x : range)`, each with its `)`.
enum Header {
    Plain(Option<Stmt>, Option<Expr>, Vec<Expr>, Span),
    Range(TypeSpec, String, Expr, Span),
}
