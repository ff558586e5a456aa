//! Execution of the host subset's statements and of its C++ operators: scopes, control
//! flow, functions and lambdas, C++'s scalar types, assignments, and the bounds that make
//! every program end.

use crate::data::{Buffer, DataTensor, Elem, FuncRef, Mem, Num, Ptr};
use crate::error::{EvalError, Span};
use crate::eval::{Env, Var};
use crate::operators::not_supported;
use crate::syntax::{BinOp, Declarator, Expr, ExprKind, FuncDef, Init, Op2, Stmt, TypeSpec};
use crate::value::Value;
use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;
use rcute::int::Int;

/// The most loop iterations and function calls one program makes, together.
#[cfg(not(fuzzing))]
pub const MAX_STEPS: u64 = 1 << 22;

/// The most loop iterations and function calls one program makes, together: 16,384 in a
/// fuzzing build (`cargo fuzz` sets `cfg(fuzzing)`), where the sanitizers slow each step
/// about 15 times and an endless loop at the full bound outlasts the fuzzer's timeout.
#[cfg(fuzzing)]
pub const MAX_STEPS: u64 = 1 << 14;

/// The deepest nesting of calls of the program's own functions and lambdas.
pub const MAX_CALL_DEPTH: usize = 8;

/// The most calls with arguments in progress at once inside the program's functions
/// (the calls of its functions count four each): with [`MAX_CALL_DEPTH`] and
/// [`MAX_DEPTH`](crate::MAX_DEPTH) this bounds the stack an evaluation needs.
pub const MAX_NEST: usize = 40;

/// How a statement ended.
pub(crate) enum Flow {
    Next,
    Break(Span),
    Continue(Span),
    Return(alloc::boxed::Box<Value>),
}

/// The value of a function that returns nothing (prints nothing, binds nothing).
pub(crate) fn void() -> Value {
    Value::Printed(String::new())
}

/// A place a value is written to: a variable or an element of an array.
pub(crate) enum Place {
    Var(String),
    Elem(Ptr),
}

impl Env {
    /// Counts one step (a loop iteration or a call); past [`MAX_STEPS`] the error names
    /// what ran.
    fn step(&mut self, what: &str, span: Span) -> Result<(), EvalError> {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return Err(EvalError::new(
                alloc::format!(
                    "{what} ran past the bound of {MAX_STEPS} loop iterations and calls of one program (does it end?)"
                ),
                span,
            ));
        }
        Ok(())
    }

    /// Appends printed text, within [`MAX_OUTPUT`](crate::MAX_OUTPUT).
    pub(crate) fn emit(&mut self, s: &str, span: Span) -> Result<(), EvalError> {
        self.out.push_str(s);
        if self.out.len() > crate::MAX_OUTPUT {
            return Err(EvalError::new(
                alloc::format!(
                    "the program prints more than {} bytes (the limit of one program)",
                    crate::MAX_OUTPUT
                ),
                span,
            ));
        }
        Ok(())
    }

    /// Runs a statement of a block, a loop or a function (a bare expression prints
    /// nothing, as in C++, unless it is a printer).
    pub(crate) fn exec(&mut self, st: &Stmt) -> Result<Flow, EvalError> {
        // each form is a function of its own, so that the frames on the recursive path
        // (a call's body, a loop's body) stay small in unoptimized builds
        match st {
            Stmt::Block(body) => self.scoped(body),
            Stmt::If(c, then, other) => self.exec_if(c, then, other.as_deref()),
            Stmt::While(..) | Stmt::DoWhile(..) | Stmt::For { .. } | Stmt::ForRange { .. } => {
                self.exec_loop(st)
            }
            Stmt::Switch {
                value,
                body,
                labels,
                span,
            } => self.exec_switch(value, body, labels, *span),
            Stmt::Break(s) => Ok(Flow::Break(*s)),
            Stmt::Continue(s) => Ok(Flow::Continue(*s)),
            Stmt::Return(e) => self.exec_return(e.as_ref()),
            Stmt::Show(e) => self.exec_show(e),
            st => self.exec_simple(st),
        }
    }

    #[inline(never)]
    fn exec_if(&mut self, c: &Expr, then: &Stmt, other: Option<&Stmt>) -> Result<Flow, EvalError> {
        if self.truth(c)? {
            return self.scoped_one(then);
        }
        match other {
            Some(o) => self.scoped_one(o),
            None => Ok(Flow::Next),
        }
    }

    /// `switch`: from the label of the value (or `default`) on, through the labels below
    /// it, to a `break` or the end.
    #[inline(never)]
    fn exec_switch(
        &mut self,
        value: &Expr,
        body: &[Stmt],
        labels: &[(usize, Option<Expr>)],
        span: Span,
    ) -> Result<Flow, EvalError> {
        let v = self.eval(value)?;
        let Some(x) = v.integer() else {
            return Err(EvalError::new(
                alloc::format!("switch takes an integer, this is {} {v}", v.kind()),
                value.span,
            ));
        };
        let mut start = None;
        let mut seen = Vec::new();
        for (at, label) in labels {
            let Some(label) = label else { continue };
            let l = self.eval(label)?;
            match l.integer() {
                // C++ does not compile two labels of one value
                Some(y) if seen.contains(&y) => {
                    return Err(EvalError::new(
                        alloc::format!("a switch has two case labels of the value {y}"),
                        label.span,
                    ));
                }
                Some(y) => {
                    seen.push(y);
                    if y == x && start.is_none() {
                        start = Some(*at);
                    }
                }
                None => {
                    return Err(EvalError::new(
                        alloc::format!(
                            "a case label is an integer constant, this is {} {l}",
                            l.kind()
                        ),
                        label.span,
                    ));
                }
            }
        }
        let start = start.or_else(|| labels.iter().find(|(_, l)| l.is_none()).map(|(at, _)| *at));
        let Some(start) = start else {
            return Ok(Flow::Next);
        };
        self.step("this switch", span)?;
        self.locals.push(BTreeMap::new());
        let mut r = Ok(Flow::Next);
        for st in &body[start..] {
            match self.exec(st) {
                Ok(Flow::Next) => {}
                // break leaves the switch; continue and return go on out
                Ok(Flow::Break(_)) => break,
                other => {
                    r = other;
                    break;
                }
            }
        }
        self.locals.pop();
        r
    }

    #[inline(never)]
    fn exec_return(&mut self, e: Option<&Expr>) -> Result<Flow, EvalError> {
        let v = match e {
            Some(e) => self.eval(e)?,
            None => void(),
        };
        Ok(Flow::Return(alloc::boxed::Box::new(v)))
    }

    #[inline(never)]
    fn exec_show(&mut self, e: &Expr) -> Result<Flow, EvalError> {
        if let Value::Printed(s) = self.eval(e)? {
            self.emit(&s, e.span)?;
        }
        Ok(Flow::Next)
    }

    #[inline(never)]
    fn exec_loop(&mut self, st: &Stmt) -> Result<Flow, EvalError> {
        match st {
            Stmt::While(c, body, span) => {
                while self.truth(c)? {
                    self.step("this while loop", *span)?;
                    match self.scoped_one(body)? {
                        Flow::Break(_) => break,
                        r @ Flow::Return(_) => return Ok(r),
                        _ => {}
                    }
                }
            }
            Stmt::DoWhile(body, c, span) => loop {
                self.step("this do-while loop", *span)?;
                match self.scoped_one(body)? {
                    Flow::Break(_) => break,
                    r @ Flow::Return(_) => return Ok(r),
                    _ => {}
                }
                if !self.truth(c)? {
                    break;
                }
            },
            Stmt::For {
                init,
                cond,
                step,
                body,
                span,
            } => {
                self.locals.push(BTreeMap::new());
                let r = self.for_loop(init.as_deref(), cond.as_ref(), step, body, *span);
                self.locals.pop();
                return r;
            }
            Stmt::ForRange {
                ty,
                name,
                range,
                body,
                names,
                span,
            } => return self.for_range(ty, name, range, body, names, *span),
            _ => {}
        }
        Ok(Flow::Next)
    }

    /// The statements that do not nest others.
    #[inline(never)]
    fn exec_simple(&mut self, st: &Stmt) -> Result<Flow, EvalError> {
        match st {
            Stmt::Let(name, e) => {
                let v = self.eval(e)?;
                if let Value::Printed(_) = v {
                    return Err(EvalError::new("a printer returns no value to bind", e.span));
                }
                if let Some(r) = self.assign_elements(name, &v, e.span) {
                    r?;
                    return Ok(Flow::Next);
                }
                self.set_name(name, v, e.span)?;
            }
            Stmt::Stream(items) => {
                for x in items {
                    if matches!(&x.kind, ExprKind::Name { name, .. } if name == "std::endl") {
                        self.emit("\n", x.span)?;
                        continue;
                    }
                    if self.manipulator(x)? {
                        continue;
                    }
                    let s = self.print_one(x, true)?;
                    self.emit(&s, x.span)?;
                }
            }
            Stmt::Decl(ty, items) => {
                for d in items {
                    self.declare_one(ty, d)?;
                }
            }
            Stmt::Func(f) => {
                self.funcs
                    .entry(f.name.clone())
                    .or_default()
                    .push(f.clone());
            }
            Stmt::StaticAssert(c, msg, span) => {
                let constant = self.is_constant_expr(c);
                let v = self.eval(c)?;
                let (ok, is_static) = truth_of(&v, c.span)?;
                if !is_static && !constant {
                    return Err(EvalError::new(
                        "static_assert: the condition is not a constant expression (it is dynamic)",
                        c.span,
                    ));
                }
                if !ok {
                    return Err(EvalError::new(
                        match msg {
                            Some(m) => alloc::format!("static assertion failed: {m}"),
                            None => String::from("static assertion failed"),
                        },
                        *span,
                    ));
                }
            }
            _ => {}
        }
        Ok(Flow::Next)
    }

    fn for_loop(
        &mut self,
        init: Option<&Stmt>,
        cond: Option<&Expr>,
        step: &[Expr],
        body: &Stmt,
        span: Span,
    ) -> Result<Flow, EvalError> {
        if let Some(i) = init {
            self.exec(i)?;
        }
        loop {
            if let Some(c) = cond
                && !self.truth(c)?
            {
                break;
            }
            self.step("this for loop", span)?;
            match self.scoped_one(body)? {
                Flow::Break(_) => break,
                r @ Flow::Return(_) => return Ok(r),
                _ => {}
            }
            for s in step {
                self.eval(s)?;
            }
        }
        Ok(Flow::Next)
    }

    /// `for (T x : range) body` over an array, a vector or a braced list of numbers.
    fn for_range(
        &mut self,
        ty: &TypeSpec,
        name: &str,
        range: &Expr,
        body: &Stmt,
        names: &[String],
        span: Span,
    ) -> Result<Flow, EvalError> {
        let declared = if ty.pointers == 0 {
            self.named_elem(&ty.text)
        } else {
            None
        };
        let auto = ty.pointers == 0 && ty.text == "auto";
        if declared.is_none() && !auto {
            return Err(not_supported(
                &alloc::format!("a range-based for loop with a variable of type {}", ty.text),
                "auto or a scalar type",
                span,
            ));
        }
        // the elements: an array's or a vector's, or a braced list's values
        let (first, values) = match &range.kind {
            ExprKind::List(items) => {
                if ty.reference {
                    return Err(EvalError::new(
                        "the elements of a braced list are const: for (T& x : {...}) does not compile",
                        span,
                    ));
                }
                let mut vals = Vec::new();
                for x in items {
                    let v = self.eval(x)?;
                    let elem = match &v {
                        Value::Float(_, true) => Elem("float"),
                        Value::Float(_, false) => Elem("double"),
                        Value::Tuple(t)
                            if t.is_leaf() && !t.leaf(0).is_static() && !t.leaf(0).is_basis() =>
                        {
                            Elem("int")
                        }
                        v => {
                            return Err(not_supported(
                                &alloc::format!(
                                    "a braced list of {} in a range-based for loop",
                                    v.kind()
                                ),
                                "a list of numbers",
                                x.span,
                            ));
                        }
                    };
                    vals.push((v, elem));
                }
                if vals.windows(2).any(|w| w[0].1 != w[1].1) {
                    return Err(EvalError::new(
                        "the items of a braced list are of one type (std::initializer_list<T>)",
                        range.span,
                    ));
                }
                (None, vals)
            }
            _ => {
                if self.row_of_name(range) {
                    return Err(not_supported(
                        "a range-based for loop over an array of arrays",
                        "for (int i = 0; i < n; ++i) for (int j = 0; j < m; ++j) ... a[i][j]",
                        range.span,
                    ));
                }
                let array = matches!(&range.kind, ExprKind::Name { name, .. }
                    if self.lookup(name).is_some_and(|v| v.array));
                match self.eval(range)? {
                    Value::Vector(p) => (Some(p), Vec::new()),
                    Value::Ptr(p) if array => (Some(p), Vec::new()),
                    v => {
                        return Err(not_supported(
                            &alloc::format!("a range-based for loop over {}", v.kind()),
                            "for (int i = 0; i < size(t); ++i), or a range of an array, a vector or a braced list",
                            range.span,
                        ));
                    }
                }
            }
        };
        let n = match first {
            Some(p) => self.heap[p.buf as usize].data.len() as i64 - p.off,
            None => values.len() as i64,
        };
        if let Some(p) = first {
            // a reference x is a copy here: nothing else may reach the elements meanwhile
            for m in names {
                let other = match self.lookup(m).map(|v| &v.v) {
                    Some(Value::Ptr(q) | Value::Vector(q)) => q.buf == p.buf,
                    Some(Value::Data(d)) => d.ptr.buf == p.buf,
                    Some(Value::Func(_)) => true,
                    _ => self.funcs.contains_key(m),
                };
                if other {
                    return Err(not_supported(
                        &alloc::format!(
                            "a loop variable that is a reference, whose body also reaches the elements through {m}"
                        ),
                        "an index loop, for (int i = 0; i < n; ++i)",
                        span,
                    ));
                }
            }
        }
        for k in 0..n {
            self.step("this for loop", span)?;
            let (v, elem) = match first {
                Some(p) => {
                    let at = Ptr {
                        off: p.off + k,
                        ..p
                    };
                    (self.read(at, range.span)?, at.elem)
                }
                None => values[k as usize].clone(),
            };
            let elem = declared.unwrap_or(elem);
            implicit_to(&v, elem, false, range.span)?;
            let v = convert(v, elem, range.span)?;
            self.locals.push(BTreeMap::new());
            self.declare(
                name,
                Var {
                    v,
                    ty: Some(elem),
                    array: false,
                    constant: false,
                    row: 0,
                    mem: None,
                    by_ref: false,
                },
            );
            let r = self.scoped_one(body);
            let x = self.lookup(name).map(|v| v.v.clone());
            self.locals.pop();
            let r = r?;
            if let Some(p) = first
                && self.heap[p.buf as usize].data.len() as i64 != n + p.off
            {
                return Err(EvalError::new(
                    "the body changed the vector's size, which leaves the loop's iterators invalid (C++ leaves this undefined)",
                    span,
                ));
            }
            if let (Some(p), true, Some(x)) = (first, ty.reference, x) {
                self.write(
                    Ptr {
                        off: p.off + k,
                        ..p
                    },
                    x,
                    span,
                )?;
            }
            match r {
                Flow::Break(_) => break,
                r @ Flow::Return(_) => return Ok(r),
                _ => {}
            }
        }
        Ok(Flow::Next)
    }

    /// Runs statements in a scope of their own.
    pub(crate) fn scoped(&mut self, body: &[Stmt]) -> Result<Flow, EvalError> {
        self.locals.push(BTreeMap::new());
        let mut r = Ok(Flow::Next);
        for st in body {
            match self.exec(st) {
                Ok(Flow::Next) => {}
                other => {
                    r = other;
                    break;
                }
            }
        }
        self.locals.pop();
        r
    }

    fn scoped_one(&mut self, st: &Stmt) -> Result<Flow, EvalError> {
        match st {
            Stmt::Block(body) => self.scoped(body),
            st => self.scoped(core::slice::from_ref(st)),
        }
    }

    /// Whether the condition `c` holds.
    fn truth(&mut self, c: &Expr) -> Result<bool, EvalError> {
        let v = self.eval(c)?;
        Ok(truth_of(&v, c.span)?.0)
    }

    /// The variable `name` as the running function sees it.
    pub(crate) fn lookup(&self, name: &str) -> Option<&Var> {
        for s in self.locals[self.frame..].iter().rev() {
            if let Some(v) = s.get(name) {
                return Some(v);
            }
        }
        self.vars.get(name)
    }

    fn lookup_mut(&mut self, name: &str) -> Option<&mut Var> {
        let frame = self.frame;
        for s in self.locals[frame..].iter_mut().rev() {
            if s.contains_key(name) {
                return s.get_mut(name);
            }
        }
        self.vars.get_mut(name)
    }

    /// Declares `name` in the innermost scope.
    pub(crate) fn declare(&mut self, name: &str, var: Var) {
        if self.locals.len() > self.frame
            && let Some(s) = self.locals.last_mut()
        {
            s.insert(String::from(name), var);
            return;
        }
        self.vars.insert(String::from(name), var);
    }

    /// `name = v`: an assignment to a declared variable (converted to its type), or the
    /// calculator's binding of a new name.
    pub(crate) fn set_name(&mut self, name: &str, v: Value, span: Span) -> Result<(), EvalError> {
        match self.lookup_mut(name) {
            Some(var) => {
                let v = match var.ty {
                    Some(elem) => {
                        implicit_to(&v, elem, true, span)?;
                        convert(v, elem, span)?
                    }
                    None => v,
                };
                match var.mem {
                    Some(p) => {
                        self.write(p, v, span)?;
                    }
                    None => var.v = v,
                }
            }
            None => self.declare(name, Var::plain(v)),
        }
        Ok(())
    }

    /// The scalar type of `decltype(x) y` where `x` names a variable of a scalar type
    /// (`int a; decltype(a) z = 7.9;` declares an `int`); `None` for other types, a
    /// static integer's among them (`decltype(_4{})` is `_4`'s).
    fn decltype_scalar(&self, ty: &TypeSpec) -> Option<Elem> {
        if ty.text != "auto" {
            return None;
        }
        let ExprKind::Call { name, args, .. } = &ty.default.as_deref()?.kind else {
            return None;
        };
        let [x] = args.as_slice() else { return None };
        let ExprKind::Name { name: var, targs } = &x.kind else {
            return None;
        };
        if name != "decltype{}" || !targs.is_empty() {
            return None;
        }
        let v = self.lookup(var)?;
        if v.array || v.row != 0 {
            return None;
        }
        if let Some(e) = v.ty {
            return Some(e);
        }
        match &v.v {
            Value::Tuple(t) if t.is_leaf() && !t.leaf(0).is_static() && !t.leaf(0).is_basis() => {
                self.arg_elem(x)
            }
            other => float_or_unsigned_elem(other),
        }
    }

    /// The scalar type `name` names: a C++ scalar type, or a template's type parameter
    /// deduced from a pointer argument (`TA const* A`).
    pub(crate) fn named_elem(&self, name: &str) -> Option<Elem> {
        Elem::named(name).or_else(|| match self.lookup(name) {
            Some(Var {
                v: Value::ElementType(e),
                ..
            }) => Elem::named(e),
            _ => None,
        })
    }

    fn declare_one(&mut self, ty: &TypeSpec, d: &Declarator) -> Result<(), EvalError> {
        // C++ does not compile a second declaration of a name in one scope
        let scope = if self.locals.len() > self.frame {
            self.locals.last()
        } else {
            Some(&self.vars)
        };
        if scope.is_some_and(|s| s.contains_key(&d.name)) {
            return Err(EvalError::new(
                alloc::format!(
                    "{} is declared a second time in one scope (C++ does not compile it); assign it, {} = ..., or declare it in a block of its own",
                    d.name,
                    d.name
                ),
                d.span,
            ));
        }
        /// The namespaces of CuTe's and CUTLASS's types a program names them by.
        const CUTE_NAMESPACES: &[&str] = &[
            "cute", "cutlass", "GMMA", "UMMA", "TMA", "SM50", "SM61", "SM70", "SM75", "SM80",
            "SM89", "SM90", "SM100", "SM103", "SM120",
        ];
        let scalar = if ty.pointers == 0 {
            self.named_elem(&ty.text)
                .or_else(|| self.decltype_scalar(ty))
        } else {
            None
        };
        // arrays: `T a[n]`, `T a[] = {...}`
        if let Some(n) = &d.array {
            let elem = self.elem_of(&ty.text, d.span)?;
            let items = match &d.init {
                Init::List(items) => items.as_slice(),
                Init::None => &[],
                _ => {
                    return Err(EvalError::new(
                        "an array is initialized with a list {...}",
                        d.span,
                    ));
                }
            };
            if let Some(m) = &d.inner {
                return self.declare_rows(d, elem, n, m, items);
            }
            let len = match &n.kind {
                ExprKind::List(_) => items.len() as i64,
                _ => self.count(n)?,
            };
            let p = self.alloc(elem, len, d.span)?;
            self.fill_list(p, items)?;
            self.declare_array(&d.name, p, 0);
            return Ok(());
        }
        // std::array<T, N> and cute::array<T, N>: N elements, zeros past those listed
        if let Some(inner) = ["std::array<", "array<", "cute::array<"]
            .iter()
            .find_map(|p| ty.text.strip_prefix(p))
            && ty.pointers == 0
        {
            return self.declare_fixed(ty, d, inner.strip_suffix('>').unwrap_or(inner));
        }
        // std::vector<T>, and thrust's host and device vectors as the same (the program
        // runs on the CPU; a device vector is memory it reads like any other)
        if let Some(inner) = [
            "std::vector<",
            "vector<",
            "thrust::host_vector<",
            "thrust::device_vector<",
        ]
        .iter()
        .find_map(|p| ty.text.strip_prefix(p))
            && ty.pointers == 0
        {
            let elem = self.elem_of(inner.trim_end_matches('>'), d.span)?;
            let p = match &d.init {
                Init::None => self.alloc(elem, 0, d.span)?,
                Init::Ctor(args) if !args.is_empty() && args.len() <= 2 => {
                    let n = self.count(&args[0])?;
                    let p = self.alloc(elem, n, d.span)?;
                    if let Some(x) = args.get(1) {
                        let v = self.eval(x)?;
                        let num = to_num(v, elem, x.span)?;
                        self.heap[p.buf as usize]
                            .data
                            .iter_mut()
                            .for_each(|e| *e = num);
                    }
                    p
                }
                Init::List(items) => {
                    let p = self.alloc(elem, items.len() as i64, d.span)?;
                    self.fill_list(p, items)?;
                    p
                }
                Init::Value(e) => match self.eval(e)? {
                    Value::Vector(src) => self.copy_vector(src, d.span)?,
                    v => {
                        return Err(EvalError::new(
                            alloc::format!(
                                "a std::vector is made from a size, a list or another vector, not {}",
                                v.kind()
                            ),
                            e.span,
                        ));
                    }
                },
                Init::Ctor(_) => {
                    return Err(EvalError::new(
                        alloc::format!("{} v(n) or v(n, value)", ty.text),
                        d.span,
                    ));
                }
            };
            self.declare(&d.name, Var::plain(Value::Vector(p)));
            return Ok(());
        }
        if ty.text == "dim3" && ty.pointers == 0 {
            return self.declare_dim3(d);
        }
        let needs_value = || {
            EvalError::new(
                alloc::format!(
                    "{} {} needs a value: write {} {} = ...;",
                    ty.text,
                    d.name,
                    ty.text,
                    d.name
                ),
                d.span,
            )
        };
        if scalar.is_none()
            && ty.pointers == 0
            && ty
                .text
                .split_once("::")
                .is_some_and(|(ns, _)| !CUTE_NAMESPACES.contains(&ns))
            && matches!(&d.init, Init::Ctor(a) | Init::List(a) if !a.is_empty())
        {
            // a type of another library (`thrust::pair<int,int> p(...)`, `std::array<int,3>
            // a{...}`): its constructor is not the value of its argument
            return Err(not_supported(
                &alloc::format!("the type {}", ty.text),
                "CuTe's types, the scalar types, arrays and std::vector",
                d.span,
            ));
        }
        // `int& r = x`, `auto& e = a[2]`, `const float& f = t(1)`: a name for the place
        let single = match &d.init {
            Init::Value(x) => Some(x),
            Init::List(items) | Init::Ctor(items) if items.len() == 1 => items.first(),
            _ => None,
        };
        if ty.by_ref
            && ty.pointers == 0
            && let Some(x) = single
            && let Some(p) = self.ref_target(x)?
        {
            let declared = self.named_elem(&ty.text);
            match declared {
                Some(t) if t != p.elem && ty.reference => {
                    return Err(EvalError::new(
                        alloc::format!(
                            "a {}& names a {}, not a {} (C++ does not compile it)",
                            t.0,
                            t.0,
                            p.elem.0
                        ),
                        d.span,
                    ));
                }
                // a const reference of another type names a converted copy
                Some(t) if t != p.elem => {}
                _ => {
                    let v = self.read(p, d.span)?;
                    self.declare(
                        &d.name,
                        Var {
                            v,
                            ty: Some(p.elem),
                            array: false,
                            constant: false,
                            row: 0,
                            mem: Some(p),
                            by_ref: true,
                        },
                    );
                    return Ok(());
                }
            }
        }
        let v = match &d.init {
            Init::Value(e) => {
                let v = self.eval(e)?;
                if let Value::Printed(_) = v {
                    return Err(EvalError::new("a printer returns no value to bind", e.span));
                }
                v
            }
            Init::List(items) | Init::Ctor(items) if items.len() == 1 => self.eval(&items[0])?,
            Init::List(items) if items.is_empty() && scalar.is_some() => {
                Value::int(Int::dynamic(0))
            }
            Init::None if scalar.is_some() => {
                // an uninitialized scalar: C++ leaves it indeterminate; here it is 0
                Value::int(Int::dynamic(0))
            }
            Init::None | Init::List(_)
                if ty.default.is_some() && matches!(&d.init, Init::None)
                    || matches!(&d.init, Init::List(l) if l.is_empty()) =>
            {
                match &ty.default {
                    Some(e) => self.eval(e)?,
                    None => return Err(needs_value()),
                }
            }
            Init::Ctor(args) if ty.default.is_some() || ty.text == "auto" => {
                return Err(not_supported(
                    &alloc::format!("constructing {} from arguments", ty.text),
                    &alloc::format!("auto {} = make_...(...)", d.name),
                    d.span.join(args.last().map_or(d.span, |a| a.span)),
                ));
            }
            _ => return Err(needs_value()),
        };
        // `T y = ...` of a template's type parameter deduced from an integer whose C++ type
        // is not known here
        let v = if scalar.is_none()
            && ty.pointers == 0
            && matches!(
                self.lookup(&ty.text).map(|x| &x.v),
                Some(Value::ElementType(UNKNOWN_INT))
            ) {
            unknown_int(v).ok_or_else(|| {
                not_supported(
                    &alloc::format!(
                        "{} {} = ..., where {} is deduced from an integer whose C++ type is not known here",
                        ty.text, d.name, ty.text
                    ),
                    "a declared variable or a cast as the function's argument",
                    d.span,
                )
            })?
        } else {
            v
        };
        if ty.text == "Layout" && ty.pointers == 0 && !matches!(v, Value::Layout(_)) {
            // C++ deduces Layout's arguments only from a layout
            return Err(EvalError::new(
                alloc::format!(
                    "Layout {} = ...: this is {} {v}, not a Layout (C++ does not compile it); write auto {} = ...",
                    d.name,
                    v.kind(),
                    d.name
                ),
                d.span,
            ));
        }
        // `auto x = e` of a plain integer has the C++ type of `e`, where it is known
        let scalar = match (&d.init, scalar) {
            (Init::Value(x), None) if ty.text == "auto" && ty.pointers == 0 => {
                crate::ctype::auto_type(self, x, &v)
            }
            (Init::List(items) | Init::Ctor(items), None)
                if ty.text == "auto" && ty.pointers == 0 && items.len() == 1 =>
            {
                crate::ctype::auto_type(self, &items[0], &v)
            }
            (_, s) => s,
        };
        let v = match scalar {
            Some(elem) => {
                // `half_t h(x)` and `half_t h{x}` convert explicitly; `half_t h = x` and
                // `= {x}` as C++'s copy-initialization does
                let explicit = match d.init {
                    Init::Ctor(_) => true,
                    Init::List(_) => d.direct,
                    _ => false,
                };
                if !explicit {
                    implicit_to(&v, elem, false, d.span)?;
                }
                convert(v, elem, d.span)?
            }
            None => v,
        };
        // `constexpr int N = 4;`: a constant in constant expressions (`static_assert`)
        let constant = ty.constant
            && scalar.is_some_and(|e| !e.is_float())
            && match &d.init {
                Init::Value(x) => self.is_constant_expr(x),
                Init::List(items) | Init::Ctor(items) => {
                    items.len() == 1 && self.is_constant_expr(&items[0])
                }
                _ => false,
            };
        // `auto w = v` copies a std::vector or an owning tensor; `auto& w = v` names it,
        // and a call's result is the variable's own (C++ elides that copy)
        let lvalue = match &d.init {
            Init::Value(x) => Some(x),
            Init::List(items) | Init::Ctor(items) if items.len() == 1 => items.first(),
            _ => None,
        }
        .is_some_and(|x| {
            matches!(
                x.kind,
                ExprKind::Name { .. } | ExprKind::Ternary(..) | ExprKind::Member { args: None, .. }
            )
        });
        let v = if ty.by_ref || !lvalue {
            v
        } else {
            self.copied(v, d.span)?
        };
        self.declare(
            &d.name,
            Var {
                v,
                ty: scalar,
                array: false,
                constant,
                row: 0,
                mem: None,
                by_ref: ty.by_ref,
            },
        );
        Ok(())
    }

    /// `std::array<T, N> a = {...}` (or `cute::array`, `a{...}`, `a`, `a = b`): a
    /// vector of `N` elements whose size is fixed; those not listed are zeros.
    fn declare_fixed(
        &mut self,
        ty: &TypeSpec,
        d: &Declarator,
        inner: &str,
    ) -> Result<(), EvalError> {
        let Some((t, n)) = inner.rsplit_once(',') else {
            return Err(EvalError::new(
                "std::array takes a type and a size: std::array<int, 4>",
                d.span,
            ));
        };
        let elem = self.elem_of(t, d.span)?;
        let n = match n.parse::<i64>() {
            Ok(n) => n,
            Err(_) => match self.lookup(n).map(|v| v.v.clone()) {
                Some(Value::Const(c)) => c,
                Some(Value::Tuple(x)) if x.is_leaf() && !x.leaf(0).is_basis() => x.leaf(0).value(),
                _ => {
                    return Err(EvalError::new(
                        alloc::format!("the size of {} is no constant", ty.text),
                        d.span,
                    ));
                }
            },
        };
        if d.array.is_some() {
            return Err(not_supported(
                "an array of std::arrays",
                "one std::array of n * m elements",
                d.span,
            ));
        }
        let p = self.alloc(elem, n, d.span)?;
        self.heap[p.buf as usize].fixed = true;
        match &d.init {
            Init::None => {}
            Init::List(items) => self.fill_list(p, items)?,
            Init::Value(e) => match self.eval(e)? {
                Value::Vector(src)
                    if self.heap[src.buf as usize].fixed
                        && src.elem == elem
                        && self.heap[src.buf as usize].data.len() as i64 == n =>
                {
                    let data = self.heap[src.buf as usize].data.clone();
                    self.heap[p.buf as usize].data = data;
                }
                v => {
                    return Err(EvalError::new(
                        alloc::format!(
                            "{} is made from a list {{...}} or another of its type, not {}",
                            ty.text,
                            v.kind()
                        ),
                        e.span,
                    ));
                }
            },
            Init::Ctor(_) => {
                return Err(EvalError::new(
                    alloc::format!(
                        "{} is made from a list: {} {} = {{...}}",
                        ty.text,
                        ty.text,
                        d.name
                    ),
                    d.span,
                ));
            }
        }
        self.declare(&d.name, Var::plain(Value::Vector(p)));
        Ok(())
    }

    /// The element type `name` of an array, or an error naming it.
    fn elem_of(&self, name: &str, span: Span) -> Result<Elem, EvalError> {
        self.named_elem(name).ok_or_else(|| {
            not_supported(
                &alloc::format!("an array of {name}"),
                "an array of int, float, double, bool or an intN_t",
                span,
            )
        })
    }

    /// The value of a count (an array's length), non-negative.
    fn count(&mut self, e: &Expr) -> Result<i64, EvalError> {
        match self.eval(e)? {
            Value::Tuple(t) if t.is_leaf() && t.leaf(0).value() >= 0 && !t.leaf(0).is_basis() => {
                Ok(t.leaf(0).value())
            }
            v => count_of(v, e.span),
        }
    }

    /// A new array of `n` zeros.
    pub(crate) fn alloc(&mut self, elem: Elem, n: i64, span: Span) -> Result<Ptr, EvalError> {
        let n = usize::try_from(n).unwrap_or(usize::MAX);
        if n > crate::data::MAX_ELEMENTS.saturating_sub(self.elements) {
            return Err(EvalError::new(
                alloc::format!(
                    "the arrays of one program hold at most {} elements in all",
                    crate::data::MAX_ELEMENTS
                ),
                span,
            ));
        }
        self.elements += n;
        let zero = if elem.is_float() {
            Num::F(0.0)
        } else {
            Num::I(0)
        };
        self.heap.push(Buffer {
            data: alloc::vec![zero; n],
            fixed: false,
        });
        Ok(Ptr {
            buf: (self.heap.len() - 1) as u32,
            off: 0,
            elem,
            mem: crate::data::Mem::Raw,
        })
    }

    /// `T a[n][m]` (or `T a[][m] = {...}`): one array of `n * m` elements, row after row,
    /// initialized by a list of rows `{{...}, {...}}` (each padded with zeros) or by a
    /// flat list (C++'s brace elision).
    fn declare_rows(
        &mut self,
        d: &Declarator,
        elem: Elem,
        n: &Expr,
        m: &Expr,
        items: &[Expr],
    ) -> Result<(), EvalError> {
        let row = self.count(m)?;
        if row <= 0 {
            return Err(EvalError::new(
                "an array's rows hold at least one element",
                m.span,
            ));
        }
        let nested = items
            .iter()
            .filter(|x| matches!(x.kind, ExprKind::List(_)))
            .count();
        if nested != 0 && nested != items.len() {
            return Err(not_supported(
                "a list of rows mixed with single values",
                "a list of rows {{...}, {...}} or a flat list {...}",
                d.span,
            ));
        }
        // the values in order, each row padded to its length
        let mut flat: Vec<Option<&Expr>> = Vec::new();
        for x in items {
            match &x.kind {
                ExprKind::List(r) => {
                    if r.len() as i64 > row {
                        return Err(EvalError::new(
                            alloc::format!("{} values for a row of {row}", r.len()),
                            x.span,
                        ));
                    }
                    flat.extend(r.iter().map(Some));
                    flat.extend(core::iter::repeat_n(None, (row - r.len() as i64) as usize));
                }
                _ => flat.push(Some(x)),
            }
        }
        let rows = match &n.kind {
            ExprKind::List(_) => (flat.len() as i64 + row - 1) / row,
            _ => self.count(n)?,
        };
        let len = rows
            .checked_mul(row)
            .ok_or_else(|| EvalError::new("this array is too large", d.span))?;
        let p = self.alloc(elem, len, d.span)?;
        if flat.len() as i64 > len {
            return Err(EvalError::new(
                alloc::format!("{} values for an array of {rows} rows of {row}", flat.len()),
                d.span,
            ));
        }
        for (k, x) in flat.iter().enumerate() {
            if let Some(x) = x {
                let v = self.eval(x)?;
                let num = to_num(v, p.elem, x.span)?;
                self.heap[p.buf as usize].data[k] = num;
            }
        }
        self.declare_array(&d.name, p, row);
        Ok(())
    }

    /// Declares `name` a C array at `p` (of arrays of `row` elements where `row` > 0).
    fn declare_array(&mut self, name: &str, p: Ptr, row: i64) {
        self.declare(
            name,
            Var {
                v: Value::Ptr(p),
                ty: None,
                array: true,
                constant: false,
                row,
                mem: None,
                by_ref: false,
            },
        );
    }

    /// The row `a[i]` of an array of arrays `a`, a pointer to its first element (C++'s
    /// array-to-pointer conversion); `None` where `a` is no array of arrays.
    pub(crate) fn row_of(&mut self, a: &Expr, i: &Expr) -> Result<Option<Ptr>, EvalError> {
        let ExprKind::Name { name, targs } = &a.kind else {
            return Ok(None);
        };
        let (p, row) = match self.lookup(name) {
            Some(Var {
                v: Value::Ptr(p),
                row,
                ..
            }) if *row > 0 && targs.is_empty() => (*p, *row),
            _ => return Ok(None),
        };
        let k = self.index(i)?;
        let rows = self.heap[p.buf as usize].data.len() as i64 / row;
        if !(0..rows).contains(&k) {
            return Err(EvalError::new(
                alloc::format!("row {k} is outside its array of {rows} rows"),
                i.span,
            ));
        }
        Ok(Some(Ptr {
            off: p.off + k * row,
            ..p
        }))
    }

    fn fill_list(&mut self, p: Ptr, items: &[Expr]) -> Result<(), EvalError> {
        let len = self.heap[p.buf as usize].data.len();
        if items.len() > len {
            return Err(EvalError::new(
                alloc::format!("{} values for an array of {len}", items.len()),
                items[len].span,
            ));
        }
        for (k, x) in items.iter().enumerate() {
            let v = self.eval(x)?;
            let n = to_num(v, p.elem, x.span)?;
            self.heap[p.buf as usize].data[k] = n;
        }
        Ok(())
    }

    fn copy_vector(&mut self, src: Ptr, span: Span) -> Result<Ptr, EvalError> {
        let data = self.heap[src.buf as usize].data.clone();
        let p = self.alloc(src.elem, data.len() as i64, span)?;
        self.heap[p.buf as usize].data = data;
        self.heap[p.buf as usize].fixed = self.heap[src.buf as usize].fixed;
        Ok(p)
    }

    /// A variable's value: where it lives in memory ([`Var::mem`]), read there.
    pub(crate) fn var_value(&self, var: &Var, span: Span) -> Result<Value, EvalError> {
        match var.mem {
            Some(p) => self.read(p, span),
            None => Ok(var.v.clone()),
        }
    }

    /// Puts the scalar variable `name` in memory, an array of one element, where a
    /// reference or a pointer names it (`int& r = x`, `&x`), and returns its place; `None`
    /// where `name` is no scalar variable (a layout, a tensor, an array).
    pub(crate) fn boxed(&mut self, name: &str, span: Span) -> Result<Option<Ptr>, EvalError> {
        let Some(var) = self.lookup(name) else {
            return Ok(None);
        };
        if let Some(p) = var.mem {
            return Ok(Some(p));
        }
        let Some(elem) = var.ty else {
            return Ok(None);
        };
        let scalar = match &var.v {
            Value::Tuple(t) => t.is_leaf() && !t.leaf(0).is_basis(),
            Value::Float(..) | Value::Narrow(..) | Value::Unsigned(..) => true,
            _ => false,
        };
        if !scalar || var.array || var.row > 0 || elem.0 == "dim3" {
            return Ok(None);
        }
        let v = var.v.clone();
        let p = self.alloc(elem, 1, span)?;
        self.write(p, v, span)?;
        if let Some(var) = self.lookup_mut(name) {
            var.mem = Some(p);
        }
        Ok(Some(p))
    }

    /// The place in memory a reference to `x` names: a scalar variable (put in memory),
    /// or an element (`a[i]`, `*p`, `t(i,j)`); `None` for anything else (a layout, a
    /// tensor, a temporary), whose reference here is its value.
    pub(crate) fn ref_target(&mut self, x: &Expr) -> Result<Option<Ptr>, EvalError> {
        match &x.kind {
            ExprKind::Name { name, targs } if targs.is_empty() => self.boxed(name, x.span),
            ExprKind::Index(a, _) if self.row_of_name(a) => Ok(None),
            ExprKind::Index(..) | ExprKind::Deref(_) => match self.place(x)? {
                Place::Elem(p) => Ok(Some(p)),
                Place::Var(_) => Ok(None),
            },
            ExprKind::Apply(..) | ExprKind::Call { .. } => match self.place(x) {
                Ok(Place::Elem(p)) => Ok(Some(p)),
                _ => Ok(None),
            },
            _ => Ok(None),
        }
    }

    /// The value a copy of `v` has, as C++ copies it (`auto w = v`, a parameter by value):
    /// a `std::vector`, a `std::array` and an owning tensor copy their elements into an
    /// array of their own; anything else (a pointer, a tensor that views an array, a
    /// layout) is its own copy.
    pub(crate) fn copied(&mut self, v: Value, span: Span) -> Result<Value, EvalError> {
        Ok(match v {
            Value::Vector(p) => Value::Vector(self.copy_vector(p, span)?),
            Value::Data(t) if t.owning => {
                let q = self.copy_vector(Ptr { off: 0, ..t.ptr }, span)?;
                Value::Data(alloc::boxed::Box::new(DataTensor {
                    ptr: Ptr {
                        buf: q.buf,
                        ..t.ptr
                    },
                    ..*t
                }))
            }
            v => v,
        })
    }

    /// The value of a lambda expression: the lambda with copies of the variables it
    /// captures by value (`[x]`, `[=]` of the names its body uses, `[k = expr]`), taken
    /// now as C++ takes them; those it captures by reference it reads when called.
    fn make_lambda(&mut self, f: &Arc<FuncDef>, span: Span) -> Result<Value, EvalError> {
        let Some(c) = &f.captures else {
            return Ok(Value::Func(FuncRef(f.clone())));
        };
        let mut names: Vec<String> = c
            .names
            .iter()
            .filter(|(_, by_ref)| !by_ref)
            .map(|(n, _)| n.clone())
            .collect();
        if c.default_by_value == Some(true) {
            for n in crate::sequence::mentioned(&f.body) {
                let named = |m: &String| *m == n;
                if !f.params.iter().any(|(p, _)| named(p))
                    && !c.names.iter().any(|(m, _)| named(m))
                    && !c.inits.iter().any(|(m, _)| named(m))
                    && !names.contains(&n)
                    && self
                        .lookup(&n)
                        .is_some_and(|v| !matches!(v.v, Value::Func(_)))
                {
                    names.push(n);
                }
            }
        }
        if names.is_empty() && c.inits.is_empty() {
            return Ok(Value::Func(FuncRef(f.clone())));
        }
        if c.mutable {
            return Err(not_supported(
                "a mutable lambda's copies of the variables it captures (C++ keeps them from one call to the next)",
                "a capture by reference, [&x]",
                span,
            ));
        }
        let mut captured = Vec::new();
        for n in names {
            let Some(mut var) = self.lookup(&n).cloned() else {
                return Err(EvalError::new(alloc::format!("unknown name {n}"), span));
            };
            // a copy of the value, wherever the variable lives
            let v = self.var_value(&var, span)?;
            var.v = self.copied(v, span)?;
            var.mem = None;
            captured.push((n, var));
        }
        for (n, x) in &c.inits {
            let v = self.eval(x)?;
            let v = if matches!(x.kind, ExprKind::Name { .. }) {
                self.copied(v, x.span)?
            } else {
                v
            };
            let ty = crate::ctype::auto_type(self, x, &v);
            let v = match ty {
                Some(e) => convert(v, e, x.span)?,
                None => v,
            };
            captured.push((
                n.clone(),
                Var {
                    v,
                    ty,
                    array: false,
                    constant: false,
                    row: 0,
                    mem: None,
                    by_ref: false,
                },
            ));
        }
        let mut g = (**f).clone();
        g.captured = captured;
        Ok(Value::Func(FuncRef(Arc::new(g))))
    }

    /// `w = v` of two `std::vector`s (or `std::array`s), or of two owning tensors: `v`'s
    /// elements copied into `w`'s array (a view of `w` sees them), as C++'s assignment
    /// copies them; `None` where the variable is no such value.
    fn assign_elements(
        &mut self,
        name: &str,
        v: &Value,
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        let old = self.lookup(name)?.v.clone();
        let (to, from) = match (&old, v) {
            (Value::Vector(to), Value::Vector(from)) => (*to, *from),
            (Value::Data(to), Value::Data(from)) if to.owning => {
                if !from.owning || from.t.layout() != to.t.layout() || from.ptr.elem != to.ptr.elem
                {
                    return Some(Err(EvalError::new(
                        "an owning tensor is assigned an owning tensor of its type (C++ does not compile another)",
                        span,
                    )));
                }
                (to.ptr, from.ptr)
            }
            _ => return None,
        };
        if to.elem != from.elem {
            return Some(Err(EvalError::new(
                alloc::format!(
                    "a vector of {} is assigned one of {} (C++ does not compile it)",
                    to.elem.0,
                    from.elem.0
                ),
                span,
            )));
        }
        if to.buf != from.buf {
            let data = self.heap[from.buf as usize].data.clone();
            self.heap[to.buf as usize].data = data;
        }
        Some(Ok(old))
    }

    /// The element at `p`, checked against its array's bounds.
    pub(crate) fn read(&self, p: Ptr, span: Span) -> Result<Value, EvalError> {
        let buf = &self.heap[p.buf as usize];
        let n = usize::try_from(p.off)
            .ok()
            .and_then(|i| buf.data.get(i))
            .ok_or_else(|| out_of_bounds(p, buf.data.len(), span))?;
        Ok(num_value(*n, p.elem))
    }

    /// Writes `v` (converted to the element type) at `p`.
    fn write(&mut self, p: Ptr, v: Value, span: Span) -> Result<Value, EvalError> {
        let n = to_num(v, p.elem, span)?;
        let len = self.heap[p.buf as usize].data.len();
        let slot = usize::try_from(p.off)
            .ok()
            .and_then(|i| self.heap[p.buf as usize].data.get_mut(i))
            .ok_or_else(|| out_of_bounds(p, len, span))?;
        *slot = n;
        Ok(num_value(n, p.elem))
    }

    /// `dim3 d(x[, y[, z]])`: CUDA's three extents (a missing one is 1), read as `d.x`,
    /// `d.y`, `d.z`.
    fn declare_dim3(&mut self, d: &Declarator) -> Result<(), EvalError> {
        let items: &[Expr] = match &d.init {
            Init::Ctor(a) | Init::List(a) => a,
            Init::None => &[],
            Init::Value(e) => {
                return Err(not_supported(
                    "a dim3 from a value",
                    "dim3 d(x, y, z)",
                    e.span,
                ));
            }
        };
        if items.len() > 3 {
            return Err(EvalError::new("a dim3 has three extents", d.span));
        }
        let mut xyz = [1i64; 3];
        for (k, e) in items.iter().enumerate() {
            let mut v = self.eval(e)?;
            if let Value::Unsigned(..) | Value::Const(_) = v {
                v = as_plain(v, e.span)?;
            }
            match v {
                Value::Tuple(t)
                    if t.is_leaf()
                        && !t.leaf(0).is_basis()
                        && !t.leaf(0).is_underscore()
                        && t.leaf(0).value() >= 0 =>
                {
                    xyz[k] = t.leaf(0).value();
                }
                v => {
                    return Err(EvalError::new(
                        alloc::format!("a dim3 extent is an unsigned integer, found {v}"),
                        e.span,
                    ));
                }
            }
        }
        let t = rcute::tuple::IntTuple::try_tuple(
            &xyz.map(|v| rcute::tuple::IntTuple::from_int(Int::dynamic(v))),
        )
        .map_err(|e| EvalError::from_core(e, d.span))?;
        self.declare(
            &d.name,
            Var {
                v: Value::Tuple(t),
                ty: Some(Elem("dim3")),
                array: false,
                constant: false,
                row: 0,
                mem: None,
                by_ref: false,
            },
        );
        Ok(())
    }

    /// The place `e` names, for an assignment.
    pub(crate) fn place(&mut self, e: &Expr) -> Result<Place, EvalError> {
        match &e.kind {
            ExprKind::Name { name, targs } if targs.is_empty() => match self.lookup(name) {
                None => Err(EvalError::new(
                    alloc::format!("unknown name {name}"),
                    e.span,
                )),
                // a reference, or a variable a reference or a pointer names
                Some(Var { mem: Some(p), .. }) => Ok(Place::Elem(*p)),
                Some(_) => Ok(Place::Var(name.clone())),
            },
            ExprKind::Index(a, _) if self.row_of_name(a) => Err(EvalError::new(
                "a row of an array of arrays is an array, which C++ does not assign to",
                e.span,
            )),
            ExprKind::Index(a, i) => Ok(Place::Elem(self.index_elem(a, i, e.span)?)),
            ExprKind::Deref(p) => match self.eval(p)? {
                Value::Ptr(p) => Ok(Place::Elem(p)),
                v => Err(EvalError::new(
                    alloc::format!("* takes a pointer, not {}", v.kind()),
                    e.span,
                )),
            },
            ExprKind::Apply(f, args) => {
                let t = self.eval(f)?;
                self.tensor_place(t, args, e.span)
            }
            ExprKind::Call {
                name, args, targs, ..
            } if targs.is_empty() && self.lookup(name).is_some() => {
                let t = self.lookup(name).map(|v| v.v.clone()).unwrap_or_else(void);
                self.tensor_place(t, args, e.span)
            }
            _ => Err(EvalError::new(
                "this is not something a value can be assigned to (a variable, a[i], *p or T(i,j))",
                e.span,
            )),
        }
    }

    fn tensor_place(&mut self, t: Value, args: &[Expr], span: Span) -> Result<Place, EvalError> {
        let Value::Data(t) = t else {
            return Err(EvalError::new(
                alloc::format!(
                    "only a tensor over an array is written to, T(i,j) = x; this is {}",
                    t.kind()
                ),
                span,
            ));
        };
        let (coord, _) = self.coordinate(args, span)?;
        Ok(Place::Elem(self.data_elem(&t, &coord, span)?))
    }

    /// The element of a data tensor at a coordinate.
    pub(crate) fn data_elem(
        &self,
        t: &crate::data::DataTensor,
        coord: &rcute::tuple::IntTuple,
        span: Span,
    ) -> Result<Ptr, EvalError> {
        let off =
            t.t.try_get(coord)
                .map_err(|e| EvalError::from_core(e, span))?;
        match off.as_int() {
            Some(i) if !i.is_basis() => Ok(Ptr {
                off: i.value(),
                ..t.ptr
            }),
            _ => Err(EvalError::new(
                "this tensor's element is not an offset",
                span,
            )),
        }
    }

    /// The element `a[i]` names: of an array or a vector at index `i`, of a tensor at the
    /// index or the coordinate `i` (`A[make_coord(m, n)]`, as CuTe's `operator[]`).
    fn index_elem(&mut self, a: &Expr, i: &Expr, span: Span) -> Result<Ptr, EvalError> {
        let base = self.eval(a)?;
        match base {
            Value::Ptr(p) | Value::Vector(p) => {
                let k = self.index(i)?;
                Ok(Ptr {
                    off: p.off + k,
                    ..p
                })
            }
            Value::Data(t) => {
                let mut v = self.eval(i)?;
                if let Value::Unsigned(..) | Value::Const(_) = v {
                    v = as_plain(v, i.span)?;
                }
                self.data_index(&t, v, i.span, span)
            }
            v => Err(EvalError::new(
                alloc::format!(
                    "[] indexes an array, a vector or a tensor, not {}",
                    v.kind()
                ),
                a.span,
            )),
        }
    }

    /// `t[i]` of a tensor over an array: `i` an index or a coordinate.
    #[inline(never)]
    fn data_index(
        &mut self,
        t: &crate::data::DataTensor,
        v: Value,
        at: Span,
        span: Span,
    ) -> Result<Ptr, EvalError> {
        match v {
            Value::Tuple(c) if c.leaves().any(|x| x.is_underscore()) => {
                Err(not_supported("a slice by []", "the call, A(_, 1)", at))
            }
            Value::Tuple(c) if !c.is_leaf() => self.data_elem(t, &c, span),
            Value::Tuple(c) if !c.leaf(0).is_basis() && !c.leaf(0).is_underscore() => self
                .data_elem(
                    t,
                    &rcute::tuple::IntTuple::from_int(Int::dynamic(c.leaf(0).value())),
                    span,
                ),
            v => Err(EvalError::new(
                alloc::format!(
                    "a tensor's [] takes an index or a coordinate, found {}",
                    v.kind()
                ),
                at,
            )),
        }
    }

    /// An index `a[i]`.
    fn index(&mut self, i: &Expr) -> Result<i64, EvalError> {
        match self.eval(i)? {
            Value::Tuple(t) if t.is_leaf() && !t.leaf(0).is_basis() => Ok(t.leaf(0).value()),
            v => index_of(v, i.span),
        }
    }

    pub(crate) fn read_place(&self, p: &Place, span: Span) -> Result<Value, EvalError> {
        match p {
            Place::Var(n) => match self.lookup(n) {
                Some(var) => self.var_value(var, span),
                None => Ok(void()),
            },
            Place::Elem(p) => self.read(*p, span),
        }
    }

    pub(crate) fn write_place(
        &mut self,
        p: Place,
        v: Value,
        span: Span,
    ) -> Result<Value, EvalError> {
        match p {
            Place::Var(n) => {
                if let Some(r) = self.assign_elements(&n, &v, span) {
                    return r;
                }
                self.set_name(&n, v, span)?;
                Ok(self.lookup(&n).map(|v| v.v.clone()).unwrap_or_else(void))
            }
            Place::Elem(p) => self.write(p, v, span),
        }
    }

    /// The C++ forms of an expression the calculator does not have.
    #[inline(never)]
    pub(crate) fn eval_host(&mut self, e: &Expr) -> Result<Value, EvalError> {
        match &e.kind {
            ExprKind::Binary(..)
            | ExprKind::Not(..)
            | ExprKind::Ternary(..)
            | ExprKind::Float(..) => self.eval_ops(e),
            ExprKind::Assign(..) | ExprKind::IncDec(..) => self.eval_assign(e),
            ExprKind::Member {
                obj,
                name,
                name_span,
                targs,
                args,
            } => self.member(obj, name, *name_span, targs, args.as_deref(), e.span),
            _ => self.eval_rest(e),
        }
    }

    #[inline(never)]
    fn eval_ops(&mut self, e: &Expr) -> Result<Value, EvalError> {
        match &e.kind {
            ExprKind::Float(v, single) => Ok(Value::Float(*v, *single)),
            ExprKind::Binary(first, rest) => {
                let mut acc = self.eval(first)?;
                let mut acc_literal = literal_int(first);
                for (k, (op, at, x)) in rest.iter().enumerate() {
                    let lhs_literal = core::mem::replace(&mut acc_literal, false);
                    if matches!(op, Op2::And | Op2::Or) {
                        let (l, ls) = truth_of(&acc, first.span)?;
                        if !ls && (l == (*op == Op2::Or)) {
                            // short-circuit on a dynamic left side
                            acc = Value::int(Int::bool(l, false));
                            continue;
                        }
                        let rv = self.eval(x)?;
                        let (r, rs) = truth_of(&rv, x.span)?;
                        let b = if *op == Op2::And { l && r } else { l || r };
                        acc = Value::int(Int::bool(b, ls && rs));
                        continue;
                    }
                    let mut rhs = self.eval(x)?;
                    // a literal with a constant is a constant expression (`cosize_v<T> == 32`)
                    if let Value::Const(_) = acc {
                        if literal_int(x) {
                            rhs = as_const(rhs);
                        }
                    } else if let (Value::Const(_), true) = (&rhs, lhs_literal) {
                        acc = as_const(acc);
                    }
                    let (a, b) = self.settle_mixed(
                        *op,
                        acc,
                        rhs,
                        |env| env.chain_type(first, &rest[..k]),
                        x,
                        *at,
                    )?;
                    let shift = match &b {
                        Value::Tuple(t) if t.is_leaf() => t.leaf(0).value(),
                        Value::Unsigned(u, _) => i64::try_from(*u).unwrap_or(i64::MAX),
                        _ => 0,
                    };
                    acc = binop(*op, a, b, *at, first.span.join(x.span))?;
                    acc = self.int32_result(
                        *op,
                        acc,
                        shift,
                        |env| env.chain_type(first, &rest[..=k]),
                        *at,
                    )?;
                }
                Ok(acc)
            }
            ExprKind::Not(x, logical) => {
                let v = self.eval(x)?;
                if *logical {
                    let (b, s) = truth_of(&v, x.span)?;
                    return Ok(Value::int(Int::bool(!b, s)));
                }
                match v {
                    Value::Unsigned(u, bits) => Ok(Value::Unsigned(wrap(!u, bits), bits)),
                    Value::Const(c) => Ok(Value::Const(!c)),
                    Value::Tuple(t) if t.is_leaf() && !t.leaf(0).is_basis() => {
                        let i = t.leaf(0);
                        Ok(Value::int(Int::new(!i.value(), i.is_static())))
                    }
                    v => Err(EvalError::new(
                        alloc::format!("~ takes an integer, not {}", v.kind()),
                        x.span,
                    )),
                }
            }
            ExprKind::Ternary(c, a, b) => {
                let cv = self.eval(c)?;
                let (t, _) = truth_of(&cv, c.span)?;
                let v = if t { self.eval(a)? } else { self.eval(b)? };
                let v = if t {
                    self.ternary_common(v, a, b, e.span)?
                } else {
                    self.ternary_common(v, b, a, e.span)?
                };
                // the two sides have one type: static integers of different values make an
                // int (the other side is looked at only when it has no side effects)
                let other = if t { b } else { a };
                match &v {
                    Value::Tuple(x)
                        if x.is_leaf()
                            && x.leaf(0).is_static()
                            && !x.leaf(0).is_basis()
                            && matches!(
                                other.kind,
                                ExprKind::Int(_) | ExprKind::Name { .. } | ExprKind::Dynamic(_)
                            ) =>
                    {
                        let o = self.eval(other)?;
                        match o {
                            Value::Tuple(y) if y == *x => Ok(v),
                            _ => Ok(Value::int(x.leaf(0).to_dynamic())),
                        }
                    }
                    _ => Ok(v),
                }
            }
            _ => self.eval_rest(e),
        }
    }

    #[inline(never)]
    fn eval_assign(&mut self, e: &Expr) -> Result<Value, EvalError> {
        match &e.kind {
            ExprKind::Assign(target, op, rhs) => {
                // C++17 evaluates the right operand before the left (`a[i++] = i` stores
                // the old i)
                let mut v = self.eval(rhs)?;
                let place = self.place(target)?;
                if let Some(op) = op {
                    let old = self.read_place(&place, target.span)?;
                    // half_t's `+=` takes a half_t (its constructors are explicit)
                    if let Value::Narrow(_, t) = old {
                        implicit_to(&v, t, false, rhs.span)?;
                    }
                    let (a, b) =
                        self.settle_mixed(*op, old, v, |env| env.int_type(target), rhs, e.span)?;
                    v = binop(*op, a, b, e.span, e.span)?;
                }
                self.write_place(place, v, e.span)
            }
            ExprKind::IncDec(target, inc, prefix) => {
                if self.declared_type(target).is_some_and(|t| t.0 == "bool") {
                    return Err(EvalError::new(
                        "++ and -- of a bool do not compile in C++17",
                        e.span,
                    ));
                }
                let place = self.place(target)?;
                let old = self.read_place(&place, target.span)?;
                let op = Op2::Arith(if *inc { BinOp::Add } else { BinOp::Sub });
                let new = binop(op, old.clone(), Value::int(Int::dynamic(1)), e.span, e.span)?;
                let new = self.write_place(place, new, e.span)?;
                Ok(if *prefix { new } else { old })
            }
            _ => self.eval_rest(e),
        }
    }

    #[inline(never)]
    fn eval_rest(&mut self, e: &Expr) -> Result<Value, EvalError> {
        match &e.kind {
            ExprKind::Index(a, i) if self.row_of_name(a) => {
                let p = self.row_of(a, i)?.unwrap_or_else(|| unreachable!());
                Ok(Value::Ptr(p))
            }
            ExprKind::Index(..) | ExprKind::Deref(_) => {
                // a[i] and *p read the element their place names
                let place = self.place(e)?;
                self.read_place(&place, e.span)
            }
            ExprKind::AddrOf(x) => match self.place(x)? {
                // the address of an element is a plain `T*`, whatever tag the pointer
                // that reached it had (`&gA(0)` of a gmem tensor is a `float*`)
                Place::Elem(p) if p.mem != Mem::Bits => Ok(Value::Ptr(Ptr { mem: Mem::Raw, ..p })),
                Place::Elem(p) => Ok(Value::Ptr(p)),
                Place::Var(n) => match self.lookup(&n).map(|v| v.v.clone()) {
                    Some(v @ (Value::Ptr(_) | Value::Data(_))) => Ok(v),
                    // a scalar variable: put in memory, where its pointer points
                    _ if let Some(p) = self.boxed(&n, e.span)? => Ok(Value::Ptr(p)),
                    _ => Err(not_supported(
                        "the address of a variable",
                        "an array or a std::vector and its data()",
                        e.span,
                    )),
                },
            },
            ExprKind::Lambda(f) => self.make_lambda(f, e.span),
            ExprKind::New(ty, n) => {
                let elem = self.elem_of(ty, e.span)?;
                let n = self.count(n)?;
                self.alloc(elem, n, e.span).map(Value::Ptr)
            }
            ExprKind::Cast(ty, x) => {
                if ty == "sizeof" {
                    return self.size_of(x);
                }
                if ty == "sizeof_bits" {
                    return self.sizeof_bits(x);
                }
                let v = self.eval(x)?;
                let elem = Elem::named(ty).ok_or_else(|| {
                    not_supported(
                        &alloc::format!("a cast to {ty}"),
                        "int(x), float(x) or double(x)",
                        e.span,
                    )
                })?;
                convert(v, elem, e.span)
            }
            ExprKind::TypeCall(name, ty, args) => self.type_call(name, ty, args, e.span),
            ExprKind::List(_) => Err(EvalError::new(
                "a braced list {...} initializes an array or a vector in its declaration",
                e.span,
            )),
            _ => Err(EvalError::new("this expression has no value here", e.span)),
        }
    }

    /// CuTe's `sizeof_bits_v<T>`: the bits of an element type, an `int` (4 for `uint4_t`).
    fn sizeof_bits(&mut self, x: &Expr) -> Result<Value, EvalError> {
        let ExprKind::Str(ty) = &x.kind else {
            return Err(EvalError::new("sizeof_bits_v takes a type", x.span));
        };
        let ty = self.bound_types(ty);
        let Some(bits) = crate::syntax::sizeof_bits_of(&ty) else {
            return Err(not_supported(
                &alloc::format!("sizeof_bits_v of {ty}"),
                "sizeof_bits_v of a scalar or CuTe element type",
                x.span,
            ));
        };
        Ok(Value::int(Int::dynamic(bits)))
    }

    /// `sizeof(T)` or `sizeof(x)`: the bytes of a type, or of an expression's type (not
    /// evaluated, as in C++): a variable's or an element's declared type, an array's
    /// elements in all, an arithmetic expression's promoted type.
    fn size_of(&mut self, x: &Expr) -> Result<Value, EvalError> {
        let refused = |what: &str| {
            Err(not_supported(
                &alloc::format!("sizeof of {what}"),
                "sizeof of a scalar type, variable or array",
                x.span,
            ))
        };
        let bytes = match &x.kind {
            ExprKind::Str(ty) => match self.named_elem(ty) {
                Some(e) => i64::from(e.bits()) / 8,
                None => match crate::element_bits(ty) {
                    Some(b) => b / 8,
                    // sizeof(true): a bool
                    None if matches!(ty.as_str(), "true" | "false") => 1,
                    // sizeof(sizeof_bits_v<T>): an int
                    None if ty.starts_with("sizeof_bits_v<") => 4,
                    None => match self.lookup(ty) {
                        // `sizeof(x)` of a variable x
                        Some(_) => {
                            let name = Expr {
                                kind: ExprKind::Name {
                                    name: ty.clone(),
                                    targs: Vec::new(),
                                },
                                span: x.span,
                            };
                            return self.size_of(&name);
                        }
                        None => return refused(ty),
                    },
                },
            },
            ExprKind::Name { name, .. } => match self.lookup(name) {
                Some(Var {
                    v: Value::Ptr(p),
                    array: true,
                    ..
                }) => {
                    let n = self.heap[p.buf as usize].data.len() as i64 - p.off;
                    n * i64::from(p.elem.bits()) / 8
                }
                // a pointer of a 64-bit machine
                Some(Var {
                    v: Value::Ptr(_), ..
                }) => 8,
                // a std::array: its elements
                Some(Var {
                    v: Value::Vector(p),
                    ..
                }) if self.heap[p.buf as usize].fixed => {
                    self.heap[p.buf as usize].data.len() as i64 * i64::from(p.elem.bits()) / 8
                }
                Some(Var {
                    v: Value::Vector(_),
                    ..
                }) => return refused("a std::vector (its library's, 24 bytes with GCC's)"),
                Some(Var { ty: Some(e), .. }) if e.0 != "dim3" => i64::from(e.bits()) / 8,
                Some(Var {
                    v: Value::Narrow(_, e),
                    ..
                }) => i64::from(e.bits()) / 8,
                Some(Var {
                    v: Value::Float(_, single),
                    ..
                }) => {
                    if *single {
                        4
                    } else {
                        8
                    }
                }
                _ => match self.int_type(x) {
                    Some(t) => i64::from(t.bits) / 8,
                    None => return refused(name),
                },
            },
            ExprKind::Cast(ty, _) if ty != "sizeof" && ty != "sizeof_bits" => match Elem::named(ty)
            {
                Some(e) => i64::from(e.bits()) / 8,
                None => return refused(ty),
            },
            // a row of an array of arrays: its elements
            ExprKind::Index(a, _) if self.row_of_name(a) => match &a.kind {
                ExprKind::Name { name, .. } => match self.lookup(name) {
                    Some(Var {
                        v: Value::Ptr(p),
                        row,
                        ..
                    }) => row * i64::from(p.elem.bits()) / 8,
                    _ => return refused(name),
                },
                _ => return refused("this expression"),
            },
            _ => {
                // an element: its type before promotions (sizeof(a[0]) of a char array is 1)
                let elem = self.declared_type(x);
                match (elem, self.float_type(x), self.int_type(x)) {
                    (Some(e), ..) => i64::from(e.bits()) / 8,
                    (None, Some(single), _) => {
                        if single {
                            4
                        } else {
                            8
                        }
                    }
                    (None, None, Some(t)) => i64::from(t.bits) / 8,
                    _ => return refused("this expression (its type is not known here)"),
                }
            }
        };
        // a constant expression (C++'s size_t; here an integer constant)
        Ok(Value::Const(bytes))
    }

    /// Calls a function of the program (or a lambda) with evaluated arguments.
    pub(crate) fn call_user(
        &mut self,
        f: &Arc<FuncDef>,
        targs: &[i64],
        args: Vec<(Value, Span)>,
        span: Span,
        lambda: bool,
    ) -> Result<Value, EvalError> {
        // set by the caller for this call only
        let lambda_refs = core::mem::take(&mut self.lambda_refs);
        let param_mem = core::mem::take(&mut self.param_mem);
        let arg_types = core::mem::take(&mut self.arg_types);
        let explicit = core::mem::take(&mut self.explicit_types);
        let explicit_type = |t: &str| explicit.iter().find(|(n, _)| n == t).map(|(_, e)| *e);
        if !f.takes(args.len()) {
            return Err(EvalError::new(
                alloc::format!(
                    "{} takes {} argument{}, found {}",
                    f.name,
                    f.params.len(),
                    if f.params.len() == 1 { "" } else { "s" },
                    args.len()
                ),
                span,
            ));
        }
        if self.calls >= MAX_CALL_DEPTH {
            return Err(EvalError::new(
                alloc::format!(
                    "{}: calls nest more than {MAX_CALL_DEPTH} deep (the bound of one program)",
                    f.name
                ),
                span,
            ));
        }
        if lambda && !lambda_refs && f.params.iter().any(|(_, ty)| ty.reference) {
            // a lambda's argument is a value here: its writes would not reach the caller
            return Err(crate::operators::not_supported(
                "a lambda's non-const reference parameter",
                "a value parameter and the lambda's result, or a function",
                span,
            ));
        }
        self.step(&alloc::format!("the call of {}", f.name), span)?;
        let mut scope = BTreeMap::new();
        // a lambda's copies of what it captured by value, where its parameters follow
        for (name, var) in &f.captured {
            scope.insert(name.clone(), var.clone());
        }
        for ((_, ty), (v, _)) in f.params.iter().zip(&args) {
            if let (1, Value::Ptr(p)) = (ty.pointers, v)
                && ty
                    .text
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_')
                && Elem::named(&ty.text).is_none()
            {
                // `TA const* A`: TA is the pointer's element type
                scope.insert(ty.text.clone(), Var::plain(Value::ElementType(p.elem.0)));
                continue;
            }
            // a template's type parameter deduced from a parameter of static value
            // (`AThreadLayout tA`): the type's name is that value, as `T{}` and
            // `is_static<T>` read it in C++
            if ty.pointers == 0
                && !ty.text.is_empty()
                && ty
                    .text
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_')
                && ty.text.as_bytes()[0].is_ascii_uppercase()
                && !matches!(
                    ty.text.as_str(),
                    "Layout"
                        | "Tensor"
                        | "Shape"
                        | "Stride"
                        | "Coord"
                        | "Tile"
                        | "Step"
                        | "IntTuple"
                )
                && is_static_value(v)
            {
                scope.insert(ty.text.clone(), Var::plain(v.clone()));
            }
        }
        // a return type that names a template's type parameter, `template <class T> T
        // f(T x)`: the type deduced from the argument of the first parameter of that type
        let deduced = template_return(f)
            .filter(|&k| k < args.len() && explicit_type(&f.ret.text).is_none())
            .map(|k| {
                let (a, _) = &args[k];
                let elem = match (f.params[k].1.pointers, a) {
                    (1, Value::Ptr(p)) => Some(p.elem),
                    (0, _) => arg_types.get(k).copied().flatten(),
                    _ => None,
                };
                (a.clone(), elem, f.params[k].1.pointers)
            });
        // a template's type parameter deduced from a scalar argument is that scalar type
        // (`T y = a * 1.5;` in the body declares an int where `T a` took an int)
        for (k, ((_, ty), (v, at))) in f.params.iter().zip(&args).enumerate() {
            if ty.pointers != 0
                || explicit_type(&ty.text).is_some()
                || !f
                    .tparams
                    .iter()
                    .any(|(n, is_type)| *is_type && *n == ty.text)
            {
                continue;
            }
            let elem = match v {
                _ if is_static_value(v) => None,
                Value::Float(..) | Value::Narrow(..) | Value::Unsigned(..) => {
                    float_or_unsigned_elem(v)
                }
                Value::Tuple(t) if t.is_leaf() && !t.leaf(0).is_basis() => {
                    match arg_types.get(k).copied().flatten() {
                        Some(e) => Some(e),
                        None => {
                            // an integer of a C++ type not known here
                            if !scope.contains_key(&ty.text) {
                                scope.insert(
                                    ty.text.clone(),
                                    Var::plain(Value::ElementType(UNKNOWN_INT)),
                                );
                            }
                            None
                        }
                    }
                }
                _ => None,
            };
            let Some(e) = elem.filter(|e| e.0 != "dim3") else {
                continue;
            };
            match scope.get(&ty.text).map(|var| &var.v) {
                None => {
                    scope.insert(ty.text.clone(), Var::plain(Value::ElementType(e.0)));
                }
                // an integer of a type not known here, then one of a known integer type
                Some(Value::ElementType(UNKNOWN_INT)) if !e.is_float() => {
                    scope.insert(ty.text.clone(), Var::plain(Value::ElementType(e.0)));
                }
                Some(Value::ElementType(first)) if *first != e.0 => {
                    return Err(EvalError::new(
                        alloc::format!(
                            "{}: {} is deduced as {first} and as {} (C++ does not compile it)",
                            f.name,
                            ty.text,
                            e.0
                        ),
                        *at,
                    ));
                }
                Some(_) => {}
            }
        }
        let args_len = args.len();
        for (k, ((name, ty), (v, at))) in f.params.iter().zip(args).enumerate() {
            if let Some((_, p)) = param_mem.iter().find(|(j, _)| *j == k) {
                // a reference parameter bound to a place in memory names it
                if let Some(t) = Elem::named(&ty.text)
                    && t != p.elem
                {
                    return Err(EvalError::new(
                        alloc::format!(
                            "{}'s parameter {name} is a {}&, its argument a {} (C++ does not compile it)",
                            f.name,
                            t.0,
                            p.elem.0
                        ),
                        at,
                    ));
                }
                scope.insert(
                    name.clone(),
                    Var {
                        v,
                        ty: Some(p.elem),
                        array: false,
                        constant: false,
                        row: 0,
                        mem: Some(*p),
                        by_ref: true,
                    },
                );
                continue;
            }
            let elem = if ty.pointers == 0 {
                Elem::named(&ty.text)
                    .or_else(|| explicit_type(&ty.text))
                    .or_else(|| match scope.get(&ty.text).map(|var| &var.v) {
                        // a template's type parameter deduced from a scalar argument
                        Some(Value::ElementType(e)) => Elem::named(e),
                        _ => None,
                    })
            } else {
                None
            };
            let v = match elem {
                Some(e) => {
                    implicit_to(&v, e, false, at)?;
                    convert(v, e, at)?
                }
                // a parameter by value copies a std::vector or an owning tensor
                None if !ty.by_ref => self.copied(v, at)?,
                None => v,
            };
            scope.insert(name.clone(), Var::param(v, elem, ty.by_ref));
        }
        for (name, v) in f.tvalues.iter().zip(targs) {
            scope.insert(name.clone(), Var::plain(Value::int(Int::constant(*v))));
        }
        for (name, e) in &explicit {
            scope.insert(name.clone(), Var::plain(Value::ElementType(e.0)));
        }
        let frame = self.frame;
        if !lambda {
            self.frame = self.locals.len();
        }
        let given = args_len;
        self.locals.push(scope);
        self.calls += 1;
        self.nest += 4;
        let mut r = Ok(void());
        // the parameters left out take their default values, evaluated where the function
        // is defined (the globals, the template's parameters)
        for (name, ty) in &f.params[given..] {
            let Some(d) = &ty.param_default else { break };
            match self.default_arg(d, ty, explicit_type(&ty.text)) {
                Ok(var) => {
                    if let Some(scope) = self.locals.last_mut() {
                        scope.insert(name.clone(), var);
                    }
                }
                Err(e) => {
                    r = Err(e);
                    break;
                }
            }
        }
        for st in f.body.iter().take(if r.is_ok() { usize::MAX } else { 0 }) {
            match self.exec(st) {
                Ok(Flow::Next) => {}
                Ok(Flow::Return(v)) => {
                    r = Ok(*v);
                    break;
                }
                Ok(Flow::Break(s) | Flow::Continue(s)) => {
                    r = Err(EvalError::new("break or continue outside a loop", s));
                    break;
                }
                Err(e) => {
                    r = Err(e);
                    break;
                }
            }
        }
        self.calls -= 1;
        self.nest -= 4;
        let base = if lambda {
            self.locals.len() - 1
        } else {
            self.frame
        };
        // the values of the non-const reference parameters, for the caller's variables
        // (read from the parameters' scope before it goes)
        if (!lambda || lambda_refs) && f.params.iter().any(|(_, ty)| ty.reference) {
            let finals: Vec<Value> = f
                .params
                .iter()
                .filter(|(_, ty)| ty.reference)
                .filter_map(|(name, _)| {
                    let var = self.locals.get(base)?.get(name)?;
                    self.var_value(var, span).ok()
                })
                .collect();
            self.ref_out = finals;
        }
        self.locals.truncate(base);
        self.frame = frame;
        let v = r?;
        if let Some((a, elem, pointers)) = deduced {
            return to_deduced(f, v, &a, elem, pointers, span);
        }
        match Elem::named(&f.ret.text).or_else(|| explicit_type(&f.ret.text)) {
            Some(elem) if f.ret.pointers == 0 && !matches!(v, Value::Printed(_)) => {
                implicit_to(&v, elem, false, span)?;
                convert(v, elem, span)
            }
            _ => Ok(v),
        }
    }
}

impl Env {
    /// A parameter's default value, `int n = 4`, as the parameter of type `ty` (`elem`
    /// where an explicit template argument names it).
    fn default_arg(
        &mut self,
        d: &Expr,
        ty: &TypeSpec,
        elem: Option<Elem>,
    ) -> Result<Var, EvalError> {
        let v = self.eval(d)?;
        let elem = if ty.pointers == 0 {
            Elem::named(&ty.text).or(elem)
        } else {
            None
        };
        let v = match elem {
            Some(e) => {
                implicit_to(&v, e, false, d.span)?;
                convert(v, e, d.span)?
            }
            None => self.copied(v, d.span)?,
        };
        Ok(Var::param(v, elem, ty.by_ref))
    }
}

/// The parameter whose type a function's return type names, where that type is a
/// template's type parameter (`template <class T> T f(T x)`, also `T f(T const* p)`): a
/// plain name that is neither a scalar type nor one of CuTe's.
fn template_return(f: &FuncDef) -> Option<usize> {
    let t = &f.ret.text;
    if f.ret.pointers != 0
        || t.is_empty()
        || t == "auto"
        || t == "void"
        || Elem::named(t).is_some()
        || !t.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        || t.as_bytes()[0].is_ascii_digit()
    {
        return None;
    }
    f.params.iter().position(|(_, ty)| ty.text == *t)
}

/// The value `v` a function returns as its return type `T`, deduced from the argument `a`
/// of a parameter `T x` (`pointers` 0) or `T* p` (1); `elem` is `T` where the argument's
/// expression or the pointer tells it. C++ converts a number to `T`; a static integer
/// `T` (`_4`) holds only its own value, any other is a compile error.
fn to_deduced(
    f: &FuncDef,
    v: Value,
    a: &Value,
    elem: Option<Elem>,
    pointers: usize,
    span: Span,
) -> Result<Value, EvalError> {
    let not_t = |what: &str| {
        EvalError::new(
            alloc::format!(
                "{} returns {}, the type of its argument ({what}), and this value is of another type (C++ does not compile it)",
                f.name,
                f.ret.text
            ),
            span,
        )
    };
    if let Value::Tuple(t) = a
        && pointers == 0
        && t.is_leaf()
        && t.leaf(0).is_static()
    {
        return if v == *a {
            Ok(v)
        } else {
            Err(not_t(&alloc::format!("{a}")))
        };
    }
    if let Some(e) = elem
        && !matches!(v, Value::Printed(_))
    {
        implicit_to(&v, e, false, span)?;
        return convert(v, e, span);
    }
    if pointers != 0 {
        return Ok(v);
    }
    if let Some(e) = float_or_unsigned_elem(a) {
        implicit_to(&v, e, false, span)?;
        return convert(v, e, span);
    }
    match a {
        // an integer whose C++ type the caller's expression does not tell
        Value::Tuple(t) if t.is_leaf() && !t.leaf(0).is_basis() => unknown_int(v).ok_or_else(|| {
            crate::operators::not_supported(
                &alloc::format!(
                    "{} returning {}, the type of an integer argument whose C++ type is not known here",
                    f.name,
                    f.ret.text
                ),
                "a declared variable or a cast as the argument",
                span,
            )
        }),
        _ => Ok(v),
    }
}

/// The C++ scalar type a value carries itself: a `float` or a `double`, a 16-bit float,
/// an unsigned integer of 32 or 64 bits; `None` for others (a plain integer's type is not
/// in its value).
fn float_or_unsigned_elem(v: &Value) -> Option<Elem> {
    match v {
        Value::Float(_, single) => Elem::named(if *single { "float" } else { "double" }),
        Value::Narrow(_, e) => Some(*e),
        Value::Unsigned(_, bits) => Elem::named(if *bits > 32 { "uint64_t" } else { "unsigned" }),
        _ => None,
    }
}

/// What a template's type parameter is bound to where it is deduced from an integer
/// whose C++ type is not known here (an `int` or a wider one).
pub(crate) const UNKNOWN_INT: &str = "an integer type";

/// `v` converted to an integer type that is an `int` or a wider one, where the answer is
/// the same for both: a dynamic integer kept, a float truncated where it fits an `int`;
/// `None` otherwise.
fn unknown_int(v: Value) -> Option<Value> {
    match &v {
        Value::Tuple(r) if r.is_leaf() && !r.leaf(0).is_static() && !r.leaf(0).is_basis() => {
            Some(v)
        }
        Value::Float(x, _) | Value::Narrow(x, _)
            if x.is_finite() && i32::try_from(*x as i64).is_ok() =>
        {
            Some(Value::int(Int::dynamic(*x as i64)))
        }
        _ => None,
    }
}

fn out_of_bounds(p: Ptr, len: usize, span: Span) -> EvalError {
    EvalError::new(
        alloc::format!("index {} is outside its array of {len} elements", p.off),
        span,
    )
}

/// The value of an element.
pub(crate) fn num_value(n: Num, elem: Elem) -> Value {
    match n {
        Num::I(v) if elem.is_unsigned() && elem.bits() >= 32 => {
            Value::Unsigned(wrap(v as u64, elem.bits()), elem.bits())
        }
        Num::I(v) => Value::int(Int::dynamic(v)),
        Num::F(v) if elem.is_narrow() => Value::Narrow(v, elem),
        Num::F(v) => Value::Float(v, elem.0 == "float"),
    }
}

/// `v` as an element of type `elem`.
pub(crate) fn to_num(v: Value, elem: Elem, span: Span) -> Result<Num, EvalError> {
    implicit_to(&v, elem, true, span)?;
    match convert(v, elem, span)? {
        Value::Float(f, _) | Value::Narrow(f, _) => Ok(Num::F(f)),
        Value::Tuple(t) => Ok(Num::I(t.leaf(0).value())),
        Value::Unsigned(u, _) => Ok(Num::I(u as i64)),
        _ => Err(EvalError::new("not a number", span)),
    }
}

/// Whether C++ converts `v` to `elem` without a cast: into `half_t` or `bfloat16_t`
/// only a value of that type does (their constructors are `explicit`), and, in an
/// assignment (`assign`), a `float` into `half_t` (through CUDA's `__half`, rounded to
/// nearest even as `half_t(x)` rounds it). Every other conversion is refused with the cast
/// to write.
pub(crate) fn implicit_to(
    v: &Value,
    elem: Elem,
    assign: bool,
    span: Span,
) -> Result<(), EvalError> {
    if !elem.is_narrow() {
        return Ok(());
    }
    match v {
        Value::Narrow(_, e) if *e == elem => Ok(()),
        Value::Float(_, true) if assign && elem.0 == "half_t" => Ok(()),
        v => Err(EvalError::new(
            alloc::format!(
                "{} {v} does not convert to {} without a cast ({}'s constructors are explicit); write {}(x)",
                v.kind(),
                elem.0,
                elem.0,
                elem.0
            ),
            span,
        )),
    }
}

/// `v` converted to the C++ scalar type `elem`, as an initialization or a cast does: an
/// integer becomes dynamic, a float is truncated, a value out of an integer type's
/// range is an error (C++ wraps it).
pub(crate) fn convert(v: Value, elem: Elem, span: Span) -> Result<Value, EvalError> {
    // half_t and bfloat16_t convert to other types through float (their operator float)
    let v = match v {
        Value::Narrow(f, e) if e == elem => return Ok(Value::Narrow(f, e)),
        Value::Narrow(f, _) => Value::Float(f, true),
        v => v,
    };
    if elem.is_unrounded() {
        return Err(crate::operators::not_supported(
            &alloc::format!("a value of {}", elem.0),
            "float, or half_t and bfloat16_t, whose rounding rcute computes",
            span,
        ));
    }
    if elem.is_narrow() {
        // half_t(x), bfloat16_t(x): through float, rounded to nearest even (an integer
        // through float too, which is exact for bfloat16_t only up to 2^24)
        let f = match &v {
            Value::Float(f, _) => *f,
            _ => match convert(v.clone(), Elem("double"), span)? {
                Value::Float(f, _) => {
                    if elem.0 == "bfloat16_t" && f.abs() > 16_777_216.0 {
                        return Err(crate::operators::not_supported(
                            "bfloat16_t of an integer past 2^24",
                            "bfloat16_t(float(n))",
                            span,
                        ));
                    }
                    f
                }
                _ => return Err(not_number(&v, elem, span)),
            },
        };
        let r = if elem.0 == "half_t" {
            crate::data::round_half(f)
        } else {
            crate::data::round_bfloat16(f)
        };
        return Ok(Value::Narrow(r, elem));
    }
    if elem.is_float() {
        let single = elem.0 == "float";
        let f = match v {
            Value::Float(f, _) => f,
            Value::Unsigned(u, _) => u as f64,
            Value::Const(c) => c as f64,
            Value::Tuple(t)
                if t.is_leaf() && !t.leaf(0).is_basis() && !t.leaf(0).is_underscore() =>
            {
                t.leaf(0).value() as f64
            }
            v => return Err(not_number(&v, elem, span)),
        };
        return Ok(Value::Float(
            if single { f as f32 as f64 } else { f },
            single,
        ));
    }
    if let (Value::Float(f, _), "bool") = (&v, elem.0) {
        // a floating-point number is true where it is not zero (0.5 is true)
        return Ok(Value::int(Int::dynamic((*f != 0.0) as i64)));
    }
    let i = match v {
        Value::Const(c) => c,
        Value::Unsigned(u, _) if elem.is_unsigned() || elem.0 == "bool" => u as i64,
        // to a signed type: modulo 2^64 here, then to its width below
        Value::Unsigned(u, _) => u as i64,
        Value::Float(f, _) if elem.is_unsigned() && f < 0.0 => {
            return Err(EvalError::new(
                alloc::format!(
                    "{f} is negative: C++ leaves its conversion to {} undefined",
                    elem.0
                ),
                span,
            ));
        }
        Value::Float(f, _) => {
            if !f.is_finite() || f.abs() >= 9.2e18 {
                return Err(EvalError::new(
                    alloc::format!("{f} does not fit in {}", elem.0),
                    span,
                ));
            }
            f as i64
        }
        Value::Tuple(t) if t.is_leaf() && !t.leaf(0).is_basis() && !t.leaf(0).is_underscore() => {
            t.leaf(0).value()
        }
        v => return Err(not_number(&v, elem, span)),
    };
    if elem.0 == "bool" {
        return Ok(Value::int(Int::dynamic((i != 0) as i64)));
    }
    if elem.is_unsigned() {
        // C++ converts to an unsigned type modulo 2^bits; one narrower than int is
        // promoted to int when it is used
        let bits = elem.bits();
        let u = wrap(i as u64, bits);
        return Ok(if bits >= 32 {
            Value::Unsigned(u, bits)
        } else {
            Value::int(Int::dynamic(u as i64))
        });
    }
    if let Some((lo, hi)) = elem.int_range()
        && !(lo..=hi).contains(&i)
    {
        // C++ converts to a signed type modulo 2^bits (two's complement; so defined since
        // C++20, and so done by every compiler before): `int8_t b = 200` is -56
        let shift = 64 - elem.bits().min(64);
        return Ok(Value::int(Int::dynamic((i << shift) >> shift)));
    }
    Ok(Value::int(Int::dynamic(i)))
}

fn not_number(v: &Value, elem: Elem, span: Span) -> EvalError {
    EvalError::new(
        alloc::format!(
            "{} is {}, not a number: it cannot be {}",
            v,
            v.kind(),
            elem.0
        ),
        span,
    )
}

/// Whether a value is true (a non-zero number), and whether that is known statically.
pub(crate) fn truth_of(v: &Value, span: Span) -> Result<(bool, bool), EvalError> {
    match v {
        Value::Tuple(t) if t.is_leaf() && !t.leaf(0).is_basis() => {
            Ok((t.leaf(0).value() != 0, t.leaf(0).is_static()))
        }
        Value::Float(f, _) | Value::Narrow(f, _) => Ok((*f != 0.0, false)),
        Value::Unsigned(u, _) => Ok((*u != 0, false)),
        Value::Const(c) => Ok((*c != 0, true)),
        Value::Ptr(_) | Value::Vector(_) => Ok((true, false)),
        v => Err(EvalError::new(
            alloc::format!(
                "a condition is a number or a bool; this is {} {v}",
                v.kind()
            ),
            span,
        )),
    }
}

/// `a op b` on two values: integers by CuTe's rules (static when both are), floats as
/// C++ (a `float` with an integer stays a `float`), pointers moved by integers.
pub(crate) fn binop(op: Op2, a: Value, b: Value, at: Span, span: Span) -> Result<Value, EvalError> {
    let sym = op.symbol();
    if let Some(e) = tagged_pointer_op(op, &a, &b, at) {
        return Err(e);
    }
    if matches!(a, Value::Narrow(..)) || matches!(b, Value::Narrow(..)) {
        return narrow_op(op, a, b, at, span);
    }
    if matches!(a, Value::Const(_)) || matches!(b, Value::Const(_)) {
        return const_op(op, a, b, at, span);
    }
    if let Some(r) = unsigned_op(op, &a, &b, span) {
        return r;
    }
    // a pointer moved by an unsigned offset
    let (a, b) = match (a, b) {
        (a @ (Value::Ptr(_) | Value::Vector(_)), b @ Value::Unsigned(..)) => {
            (a, as_signed(b, span)?)
        }
        (a @ Value::Unsigned(..), b @ Value::Ptr(_)) => (as_signed(a, span)?, b),
        ab => ab,
    };
    match (&a, &b) {
        (Value::Tuple(x), Value::Tuple(y)) if x.is_leaf() && y.is_leaf() => {
            let (x, y) = (x.leaf(0), y.leaf(0));
            int_op(op, x, y, span)
        }
        (Value::Float(..), _) | (_, Value::Float(..)) => {
            let f = |v: &Value| match v {
                Value::Float(f, s) => Some((*f, *s)),
                Value::Unsigned(u, _) => Some((*u as f64, true)),
                Value::Tuple(t) if t.is_leaf() && !t.leaf(0).is_basis() => {
                    Some((t.leaf(0).value() as f64, true))
                }
                _ => None,
            };
            let (Some((x, sx)), Some((y, sy))) = (f(&a), f(&b)) else {
                return Err(bad_operands(sym, &a, &b, at));
            };
            let single = sx && sy;
            let round = |v: f64| if single { v as f32 as f64 } else { v };
            let r = match op {
                Op2::Arith(BinOp::Add) => round(x + y),
                Op2::Arith(BinOp::Sub) => round(x - y),
                Op2::Arith(BinOp::Mul) => round(x * y),
                Op2::Arith(BinOp::Div) => round(x / y),
                Op2::Lt => return Ok(Value::int(Int::bool(x < y, false))),
                Op2::Gt => return Ok(Value::int(Int::bool(x > y, false))),
                Op2::Le => return Ok(Value::int(Int::bool(x <= y, false))),
                Op2::Ge => return Ok(Value::int(Int::bool(x >= y, false))),
                Op2::Eq => return Ok(Value::int(Int::bool(x == y, false))),
                Op2::Ne => return Ok(Value::int(Int::bool(x != y, false))),
                _ => return Err(bad_operands(sym, &a, &b, at)),
            };
            Ok(Value::Float(r, single))
        }
        (Value::Ptr(p), Value::Tuple(t)) | (Value::Vector(p), Value::Tuple(t)) if t.is_leaf() => {
            let k = t.leaf(0).value();
            match op {
                Op2::Arith(BinOp::Add) => Ok(Value::Ptr(Ptr {
                    off: p.off + k,
                    ..*p
                })),
                Op2::Arith(BinOp::Sub) => Ok(Value::Ptr(Ptr {
                    off: p.off - k,
                    ..*p
                })),
                _ => Err(bad_operands(sym, &a, &b, at)),
            }
        }
        (Value::Tuple(t), Value::Ptr(p)) if t.is_leaf() && op == Op2::Arith(BinOp::Add) => {
            Ok(Value::Ptr(Ptr {
                off: p.off + t.leaf(0).value(),
                ..*p
            }))
        }
        (Value::Ptr(p), Value::Ptr(q)) if p.buf == q.buf => match op {
            Op2::Arith(BinOp::Sub) => Ok(Value::int(Int::dynamic(p.off - q.off))),
            Op2::Lt => Ok(Value::int(Int::bool(p.off < q.off, false))),
            Op2::Gt => Ok(Value::int(Int::bool(p.off > q.off, false))),
            Op2::Le => Ok(Value::int(Int::bool(p.off <= q.off, false))),
            Op2::Ge => Ok(Value::int(Int::bool(p.off >= q.off, false))),
            Op2::Eq => Ok(Value::int(Int::bool(p.off == q.off, false))),
            Op2::Ne => Ok(Value::int(Int::bool(p.off != q.off, false))),
            _ => Err(bad_operands(sym, &a, &b, at)),
        },
        _ if matches!(op, Op2::Eq | Op2::Ne) && !matches!(a, Value::Printed(_)) => {
            // CuTe's == of two tuples or layouts: static when both are (of tuples of
            // different ranks, a static false)
            let eq = a == b;
            let fixed = match (&a, &b) {
                (Value::Tuple(x), Value::Tuple(y)) => {
                    x.rank() != y.rank() || is_static_value(&a) && is_static_value(&b)
                }
                (Value::Layout(_), Value::Layout(_)) => is_static_value(&a) && is_static_value(&b),
                _ => false,
            };
            Ok(Value::int(Int::bool(eq == (op == Op2::Eq), fixed)))
        }
        _ => Err(bad_operands(sym, &a, &b, at)),
    }
}

/// An unsigned integer as a plain (signed, dynamic) one, where it fits; other values as
/// they are.
pub(crate) fn as_signed(v: Value, span: Span) -> Result<Value, EvalError> {
    match v {
        Value::Const(c) => Ok(Value::int(Int::new(c, true))),
        Value::Unsigned(u, _) => match i64::try_from(u) {
            Ok(i) => Ok(Value::int(Int::dynamic(i))),
            Err(_) => Err(EvalError::new(
                alloc::format!("{u} does not fit in a signed 64-bit integer"),
                span,
            )),
        },
        v => Ok(v),
    }
}

/// `a op b` where an operand is a constant of type `int` ([`Value::Const`]): computed as
/// a static integer would be, and a constant again where the other operand is a static
/// integer or a constant (C++'s `int` with `Int<N>` is an `int`); with a dynamic integer,
/// dynamic; with a float or an unsigned integer, as an `int` combines with those.
fn const_op(op: Op2, a: Value, b: Value, at: Span, span: Span) -> Result<Value, EvalError> {
    let staticish = |v: &Value| match v {
        Value::Const(_) => true,
        Value::Tuple(t) => t.is_leaf() && t.leaf(0).is_static() && !t.leaf(0).is_basis(),
        _ => false,
    };
    let constant = staticish(&a) && staticish(&b);
    let lower = |v: Value| match v {
        Value::Const(c) if constant => Value::int(Int::new(c, true)),
        Value::Const(c) => Value::int(Int::dynamic(c)),
        v => v,
    };
    let r = binop(op, lower(a), lower(b), at, span)?;
    Ok(match r {
        Value::Tuple(t) if constant && t.is_leaf() && t.leaf(0).is_static() => {
            Value::Const(t.leaf(0).value())
        }
        r => r,
    })
}

/// Whether `e` is an integer literal (`32`, a constant expression in C++).
pub(crate) fn literal_int(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Int(i) if !i.is_basis())
}

/// An integer as a [`Value::Const`] (a literal beside a constant).
pub(crate) fn as_const(v: Value) -> Value {
    match v {
        Value::Tuple(t) if t.is_leaf() && !t.leaf(0).is_basis() && !t.leaf(0).is_underscore() => {
            Value::Const(t.leaf(0).value())
        }
        v => v,
    }
}

/// An unsigned integer or an `int` constant as a dynamic integer (what CuTe's functions
/// and coordinates take); other values as they are.
#[inline(never)]
pub(crate) fn as_plain(v: Value, span: Span) -> Result<Value, EvalError> {
    match v {
        Value::Const(c) => Ok(Value::int(Int::dynamic(c))),
        v => as_signed(v, span),
    }
}

/// A length that is not a plain integer: an unsigned one or a constant, where it fits.
#[inline(never)]
fn count_of(v: Value, span: Span) -> Result<i64, EvalError> {
    match as_signed(v, span)? {
        Value::Tuple(t) if t.is_leaf() && t.leaf(0).value() >= 0 && !t.leaf(0).is_basis() => {
            Ok(t.leaf(0).value())
        }
        v => Err(EvalError::new(
            alloc::format!("a length is a non-negative integer, found {v}"),
            span,
        )),
    }
}

/// An index that is not a plain integer: an unsigned one or a constant, where it fits.
#[inline(never)]
fn index_of(v: Value, span: Span) -> Result<i64, EvalError> {
    match as_signed(v, span)? {
        Value::Tuple(t) if t.is_leaf() && !t.leaf(0).is_basis() => Ok(t.leaf(0).value()),
        v => Err(EvalError::new(
            alloc::format!("an index is an integer, found {}", v.kind()),
            span,
        )),
    }
}

/// [`argument`] of each value.
#[inline(never)]
pub(crate) fn arguments(vals: &mut [(Value, Span)]) -> Result<(), EvalError> {
    for (v, span) in vals.iter_mut() {
        let x = core::mem::replace(v, Value::List(Vec::new()));
        *v = argument(x, *span)?;
    }
    Ok(())
}

/// [`as_plain`] of each item of a tuple.
#[inline(never)]
pub(crate) fn plain_all(vals: &mut [Value], items: &[Expr]) -> Result<(), EvalError> {
    for (v, e) in vals.iter_mut().zip(items) {
        let x = core::mem::replace(v, Value::List(Vec::new()));
        *v = as_plain(x, e.span)?;
    }
    Ok(())
}

/// A value passed to a CuTe function: an unsigned integer or a constant as a dynamic
/// integer; printed output is no value.
#[inline(never)]
pub(crate) fn argument(v: Value, span: Span) -> Result<Value, EvalError> {
    match v {
        Value::Printed(_) => Err(EvalError::new("a printer returns no value", span)),
        Value::Unsigned(u, _) => i64::try_from(u)
            .map(|i| Value::int(Int::dynamic(i)))
            .map_err(|_| {
                EvalError::new(
                    alloc::format!("{u} does not fit in a CuTe integer (int64_t)"),
                    span,
                )
            }),
        v => as_plain(v, span),
    }
}

/// `a op b` where one is a `half_t` or a `bfloat16_t`: of two of one type, CUTLASS's
/// operators (`half_t(float(a) + float(b))`, comparisons of the floats); with another
/// number, the 16-bit value is the `float` it converts to.
#[cold]
#[inline(never)]
fn narrow_op(op: Op2, a: Value, b: Value, at: Span, span: Span) -> Result<Value, EvalError> {
    match (&a, &b) {
        (Value::Narrow(x, e), Value::Narrow(y, f)) if e == f => {
            // in float (a float's arithmetic here rounds to f32), then back to the type
            match binop(op, Value::Float(*x, true), Value::Float(*y, true), at, span)? {
                Value::Float(r, _) => convert(Value::Float(r, true), *e, span),
                r => Ok(r),
            }
        }
        (Value::Narrow(_, e), Value::Narrow(_, f)) => Err(crate::operators::not_supported(
            &alloc::format!("{} of {} and {}", op.symbol(), e.0, f.0),
            "float(a) and float(b)",
            at,
        )),
        _ => {
            let widen = |v: Value| match v {
                Value::Narrow(x, _) => Value::Float(x, true),
                v => v,
            };
            binop(op, widen(a), widen(b), at, span)
        }
    }
}

/// `-v` of a value that is not a plain integer: an unsigned one wraps around.
#[inline(never)]
pub(crate) fn negate(v: Value, span: Span) -> Result<Value, EvalError> {
    match v {
        Value::Unsigned(u, bits) => Ok(Value::Unsigned(wrap(u.wrapping_neg(), bits), bits)),
        Value::Const(c) => Ok(Value::Const(c.wrapping_neg())),
        Value::Float(f, single) => Ok(Value::Float(-f, single)),
        // half_t's operator-: the sign flipped, exactly
        Value::Narrow(f, e) => Ok(Value::Narrow(-f, e)),
        v => Err(EvalError::new(
            alloc::format!("- takes integers; this is {} {v}", v.kind()),
            span,
        )),
    }
}

/// `x` modulo 2^bits.
pub(crate) fn wrap(x: u64, bits: u32) -> u64 {
    if bits >= 64 {
        x
    } else {
        x & ((1u64 << bits) - 1)
    }
}

/// `a op b` where an operand is unsigned, by C++'s usual arithmetic conversions: the
/// operands become the unsigned type of the wider (a plain integer is an `int`, or a
/// `long` where it does not fit in one, and a `long` with an `unsigned` stays signed), and
/// the result wraps around; a shift has its left operand's type. `None` when no operand
/// is unsigned, or one is not an integer.
fn unsigned_op(op: Op2, a: &Value, b: &Value, span: Span) -> Option<Result<Value, EvalError>> {
    if !matches!(a, Value::Unsigned(..)) && !matches!(b, Value::Unsigned(..)) {
        return None;
    }
    // (value, bits, unsigned) of an integer operand
    let int = |v: &Value| match v {
        Value::Unsigned(u, bits) => Some((*u, *bits, true)),
        Value::Tuple(t) if t.is_leaf() && !t.leaf(0).is_basis() && !t.leaf(0).is_underscore() => {
            let i = t.leaf(0).value();
            let bits = if i32::try_from(i).is_ok() { 32 } else { 64 };
            Some((i as u64, bits, false))
        }
        _ => None,
    };
    let ((x, xb, xu), (y, yb, yu)) = (int(a)?, int(b)?);
    if matches!(op, Op2::Shl | Op2::Shr) {
        if !(0..i64::from(xb)).contains(&(y as i64)) || (!yu && (y as i64) < 0) {
            return Some(Err(EvalError::new(
                alloc::format!(
                    "a shift by {} of a {xb}-bit integer: C++ leaves it undefined",
                    y as i64
                ),
                span,
            )));
        }
        if !xu {
            // a signed left operand keeps its type
            return Some(int_op(
                op,
                Int::dynamic(x as i64),
                Int::dynamic(y as i64),
                span,
            ));
        }
        let r = if op == Op2::Shl { x << y } else { x >> y };
        return Some(Ok(Value::Unsigned(wrap(r, xb), xb)));
    }
    let bits = xb.max(yb);
    // a signed operand wider than the unsigned one makes the result signed
    let signed = (!xu && xb > yb) || (!yu && yb > xb);
    if signed {
        // an unsigned value below 2^32, and a signed one kept as its bits
        return Some(int_op(
            op,
            Int::dynamic(x as i64),
            Int::dynamic(y as i64),
            span,
        ));
    }
    let (x, y) = (wrap(x, bits), wrap(y, bits));
    let r = match op {
        Op2::Arith(BinOp::Add) => x.wrapping_add(y),
        Op2::Arith(BinOp::Sub) => x.wrapping_sub(y),
        Op2::Arith(BinOp::Mul) => x.wrapping_mul(y),
        Op2::Arith(BinOp::Div | BinOp::Rem) if y == 0 => {
            return Some(Err(EvalError::new("division by zero", span)));
        }
        Op2::Arith(BinOp::Div) => x / y,
        Op2::Arith(BinOp::Rem) => x % y,
        Op2::BitAnd => x & y,
        Op2::BitOr => x | y,
        Op2::BitXor => x ^ y,
        Op2::Lt => return Some(Ok(Value::int(Int::bool(x < y, false)))),
        Op2::Gt => return Some(Ok(Value::int(Int::bool(x > y, false)))),
        Op2::Le => return Some(Ok(Value::int(Int::bool(x <= y, false)))),
        Op2::Ge => return Some(Ok(Value::int(Int::bool(x >= y, false)))),
        Op2::Eq => return Some(Ok(Value::int(Int::bool(x == y, false)))),
        Op2::Ne => return Some(Ok(Value::int(Int::bool(x != y, false)))),
        Op2::And => return Some(Ok(Value::int(Int::bool(x != 0 && y != 0, false)))),
        Op2::Or => return Some(Ok(Value::int(Int::bool(x != 0 || y != 0, false)))),
        Op2::Shl | Op2::Shr => unreachable!("shifts are above"),
    };
    Some(Ok(Value::Unsigned(wrap(r, bits), bits)))
}

/// What CuTe's tagged pointers (`make_gmem_ptr`, `make_smem_ptr`) lack: they add an
/// offset (`p + i`) and compare with a pointer of the same tag, but have no `-` (of an
/// offset or of two pointers), and a plain pointer does not compare with them.
fn tagged_pointer_op(op: Op2, a: &Value, b: &Value, at: Span) -> Option<EvalError> {
    let tag = |v: &Value| match v {
        Value::Ptr(p) => Some(p.mem),
        _ => None,
    };
    let tagged = |m: Option<Mem>| matches!(m, Some(Mem::Gmem | Mem::Smem));
    let (ta, tb) = (tag(a), tag(b));
    if !(tagged(ta) || tagged(tb)) {
        return None;
    }
    let name = |m: Option<Mem>| match m {
        Some(Mem::Gmem) => "gmem_ptr",
        Some(Mem::Smem) => "smem_ptr",
        _ => "pointer",
    };
    let which = if tagged(ta) { name(ta) } else { name(tb) };
    if op == Op2::Arith(BinOp::Sub) {
        return Some(not_supported(
            &alloc::format!("'-' of a {which} (CuTe's tagged pointers have no operator-)"),
            "the difference of the raw pointers, or of the offsets",
            at,
        ));
    }
    if matches!(
        op,
        Op2::Lt | Op2::Gt | Op2::Le | Op2::Ge | Op2::Eq | Op2::Ne
    ) && ta != tb
    {
        return Some(not_supported(
            &alloc::format!(
                "'{}' of a {} and a {} (CuTe compares a tagged pointer only with one of its tag)",
                op.symbol(),
                name(ta),
                name(tb)
            ),
            "pointers of one kind",
            at,
        ));
    }
    None
}

fn bad_operands(sym: &str, a: &Value, b: &Value, at: Span) -> EvalError {
    EvalError::new(
        alloc::format!(
            "'{sym}' takes numbers; these are {} {a} and {} {b}",
            a.kind(),
            b.kind()
        ),
        at,
    )
}

/// `x op y` on integers by CuTe's rules: static when both are.
fn int_op(op: Op2, x: Int, y: Int, span: Span) -> Result<Value, EvalError> {
    let sym = op.symbol();
    if (x.is_basis() || y.is_basis()) && !matches!(op, Op2::Arith(_)) {
        return Err(EvalError::new(
            alloc::format!("'{sym}' takes plain integers, not scaled basis elements"),
            span,
        ));
    }
    let both = x.is_static() && y.is_static();
    let (a, b) = (x.value(), y.value());
    let core = |r: Result<Int, rcute::Error>| {
        r.map(Value::int).map_err(|err| match err {
            rcute::Error::DivideByZero { .. } => EvalError::new(
                alloc::format!(
                    "{x} {sym} {y}: {} by zero",
                    if sym == "/" { "division" } else { "remainder" }
                ),
                span,
            ),
            other => EvalError::new(
                alloc::format!(
                    "{x} {sym} {y}: {}",
                    EvalError::from_core(other, span).message
                ),
                span,
            ),
        })
    };
    let r = match op {
        Op2::Arith(BinOp::Add) => return core(x.try_add(y)),
        Op2::Arith(BinOp::Sub) => return core(x.try_sub(y)),
        Op2::Arith(BinOp::Mul) => return core(x.try_mul(y)),
        Op2::Arith(BinOp::Div) => return core(x.try_div(y)),
        Op2::Arith(BinOp::Rem) => return core(x.try_rem(y)),
        Op2::Lt => (a < b) as i64,
        Op2::Gt => (a > b) as i64,
        Op2::Le => (a <= b) as i64,
        Op2::Ge => (a >= b) as i64,
        Op2::Eq => (a == b) as i64,
        Op2::Ne => (a != b) as i64,
        Op2::BitAnd => a & b,
        Op2::BitOr => a | b,
        Op2::BitXor => a ^ b,
        Op2::Shl | Op2::Shr => {
            if !(0..64).contains(&b) {
                return Err(EvalError::new(
                    alloc::format!("{x} {sym} {y}: the shift is outside 0..64"),
                    span,
                ));
            }
            if op == Op2::Shr {
                a >> b
            } else {
                match a.checked_shl(b as u32) {
                    Some(v) if v >> b == a => v,
                    _ => {
                        return Err(EvalError::new(
                            alloc::format!("{x} {sym} {y}: integer overflow"),
                            span,
                        ));
                    }
                }
            }
        }
        Op2::And => ((a != 0) && (b != 0)) as i64,
        Op2::Or => ((a != 0) || (b != 0)) as i64,
    };
    Ok(Value::int(Int::new(r, both)))
}

/// A value whose C++ type determines it: integers, tuples and layouts all static, MMA and
/// copy atoms and their tilings.
pub(crate) fn is_static_value(v: &Value) -> bool {
    match v {
        Value::Tuple(t) => t.leaves().all(|x| x.is_static()),
        Value::Layout(l) => {
            l.shape().leaves().all(|x| x.is_static()) && l.stride().leaves().all(|x| x.is_static())
        }
        Value::MmaAtom(_) | Value::CopyAtom(_) | Value::TiledMma(_) | Value::TiledCopy(_) => true,
        Value::Swizzle(_) => true,
        Value::Composed(c) => {
            let l = c.layout();
            c.origin_flags() == 0
                && c.origin().is_static()
                && l.shape().leaves().all(|x| x.is_static())
                && l.stride().leaves().all(|x| x.is_static())
        }
        _ => false,
    }
}
