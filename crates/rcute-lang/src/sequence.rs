//! Where C++ leaves the order of evaluation open, and the order changes what a program
//! prints. A call's arguments are evaluated in an order C++ leaves unspecified (GCC goes
//! right to left, Clang left to right: `printf("%d %d", rand(), rand())` prints its two
//! numbers in either order), and a variable written in one operand of an arithmetic or
//! comparison operator and read or written in another (`i + i++`) is undefined behaviour.
//! rcute evaluates left to right; where that choice shows, the expression is refused when
//! it runs, rather than answered as one compiler would.
//!
//! [`scan`] finds those expressions once, before the program runs, from what each
//! argument or operand may do: the variables it writes (`i++`, `a[k] = x`,
//! `v.push_back(x)`, a reference parameter's argument), the variables it reads, the
//! variables outside them that the program's functions and lambdas it calls write, and
//! effects whose order shows in the output (printing, `rand()`, copies into tensors).
//! A function or lambda reached only through a parameter is not followed.

use crate::syntax::{Expr, ExprKind, FuncDef, Init, Op2, Stmt};
use alloc::collections::{BTreeMap, BTreeSet};
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;

use crate::error::Span;

/// What evaluating an expression may do.
#[derive(Default, Clone)]
struct Effects {
    /// The variables it writes (the root variable of an element or a member).
    writes: BTreeSet<String>,
    /// The variables it reads.
    reads: BTreeSet<String>,
    /// Whether it has an effect whose order shows (printing, `rand()`, a call whose
    /// effects are not known).
    ordered: bool,
}

impl Effects {
    fn join(&mut self, o: Effects) {
        self.writes.extend(o.writes);
        self.reads.extend(o.reads);
        self.ordered |= o.ordered;
    }

    /// Whether `self` and `o` conflict when either may be evaluated first.
    fn conflicts(&self, o: &Effects) -> bool {
        let touches = |w: &BTreeSet<String>, e: &Effects| {
            w.iter()
                .any(|n| e.reads.contains(n) || e.writes.contains(n))
        };
        (self.ordered && o.ordered) || touches(&self.writes, o) || touches(&o.writes, self)
    }
}

/// What a function of the program may do when called: the globals it writes and whether
/// it has ordered effects (its reference parameters are the caller's writes).
#[derive(Default, Clone)]
struct Summary {
    globals: BTreeSet<String>,
    ordered: bool,
}

struct Scanner {
    /// The program's functions and lambdas (by the name of the variable that holds one).
    funcs: BTreeMap<String, Vec<Arc<FuncDef>>>,
    /// The other variables the program declares anywhere (`t(i, j)` of one reads it).
    vars: BTreeSet<String>,
    summaries: BTreeMap<String, Summary>,
    found: Vec<(Span, String)>,
}

/// The expressions of `program` whose answer depends on an order of evaluation C++ leaves
/// open, each with the error's message.
pub(crate) fn scan(program: &[Stmt]) -> Vec<(Span, String)> {
    let mut s = Scanner {
        funcs: BTreeMap::new(),
        vars: BTreeSet::new(),
        summaries: BTreeMap::new(),
        found: Vec::new(),
    };
    for st in program {
        s.declared(st);
    }
    s.summarize();
    for st in program {
        s.stmt(st);
    }
    s.found
}

/// The variable an assignment's target writes: `x` of `x`, `a[i]`, `t(i, j)`, `*p`,
/// `s.m`.
fn root(e: &Expr) -> Option<&str> {
    match &e.kind {
        ExprKind::Name { name, .. } => Some(name),
        ExprKind::Call { name, .. } => Some(name),
        ExprKind::Index(a, _) | ExprKind::Deref(a) | ExprKind::Apply(a, _) => root(a),
        ExprKind::Member { obj, .. } => root(obj),
        _ => None,
    }
}

/// CuTe's and the standard library's calls that only compute a value.
fn pure_call(name: &str) -> bool {
    if name.starts_with("print") || matches!(name, "explain" | "std::printf") {
        return false;
    }
    matches!(
        name,
        "std::max" | "std::min" | "std::abs" | "abs" | "std::fabs" | "fabs" | "fabsf" | "assert"
    ) || (!crate::host::is_host_call(name) && crate::functions::find(name).is_some())
        || matches!(
            name,
            "make_tensor"
                | "make_tensor_like"
                | "make_fragment_like"
                | "make_gmem_ptr"
                | "make_smem_ptr"
                | "make_rmem_ptr"
                | "lazy::transform"
                | "thread0"
                | "block0"
                // they only read their range
                | "std::accumulate"
                | "std::max_element"
                | "std::min_element"
                | "std::count"
        )
}

/// The members that write their object (`v.push_back(x)`).
const WRITING_MEMBERS: &[&str] = &[
    "push_back",
    "emplace_back",
    "resize",
    "clear",
    "fill",
    "pop_back",
];

impl Scanner {
    /// Collects the functions, lambdas and other variables `st` declares, at any depth.
    fn declared(&mut self, st: &Stmt) {
        let lambda = |s: &mut Scanner, name: &str, x: &Expr| {
            if let ExprKind::Lambda(f) = &x.kind {
                s.funcs
                    .entry(String::from(name))
                    .or_default()
                    .push(f.clone());
                for (p, _) in &f.params {
                    s.vars.insert(p.clone());
                }
                for b in &f.body {
                    s.declared(b);
                }
                true
            } else {
                false
            }
        };
        match st {
            Stmt::Func(f) => {
                self.funcs
                    .entry(f.name.clone())
                    .or_default()
                    .push(f.clone());
                for (p, _) in &f.params {
                    self.vars.insert(p.clone());
                }
                for b in &f.body {
                    self.declared(b);
                }
            }
            Stmt::Let(n, x) => {
                let is_lambda = lambda(self, n, x);
                if !is_lambda {
                    self.vars.insert(n.clone());
                }
            }
            Stmt::Decl(_, items) => {
                for d in items {
                    let is_lambda = match &d.init {
                        Init::Value(x) => lambda(self, &d.name, x),
                        _ => false,
                    };
                    if !is_lambda {
                        self.vars.insert(d.name.clone());
                    }
                }
            }
            Stmt::ForRange { name, .. } => {
                self.vars.insert(name.clone());
            }
            _ => {}
        }
        parts(st, |p| {
            if let Part::Stmt(s) = p {
                self.declared(s);
            }
        });
    }

    /// The summaries of the program's functions, to a fixed point (a function's calls of
    /// others, and of itself, add their effects).
    fn summarize(&mut self) {
        for name in self.funcs.keys() {
            self.summaries.insert(name.clone(), Summary::default());
        }
        let funcs: Vec<(String, Arc<FuncDef>)> = self
            .funcs
            .iter()
            .flat_map(|(n, fs)| fs.iter().map(move |f| (n.clone(), f.clone())))
            .collect();
        for _ in 0..=funcs.len() {
            let mut changed = false;
            for (name, f) in &funcs {
                let mut locals: BTreeSet<String> =
                    f.params.iter().map(|(n, _)| n.clone()).collect();
                let mut e = Effects::default();
                for st in &f.body {
                    self.stmt_effects(st, &mut e, &mut locals);
                }
                let globals: BTreeSet<String> = e
                    .writes
                    .into_iter()
                    .filter(|n| !locals.contains(n))
                    .collect();
                let s = self.summaries.entry(name.clone()).or_default();
                let before = (s.globals.len(), s.ordered);
                s.globals.extend(globals);
                s.ordered |= e.ordered;
                changed |= before != (s.globals.len(), s.ordered);
            }
            if !changed {
                break;
            }
        }
    }

    /// The effects of the statements of a function's body, and the names it declares.
    fn stmt_effects(&self, st: &Stmt, e: &mut Effects, locals: &mut BTreeSet<String>) {
        match st {
            Stmt::Let(n, _) => {
                e.writes.insert(n.clone());
            }
            Stmt::Stream(_) => e.ordered = true,
            Stmt::Decl(_, items) => {
                for d in items {
                    locals.insert(d.name.clone());
                }
            }
            Stmt::ForRange { name, .. } => {
                locals.insert(name.clone());
            }
            _ => {}
        }
        parts(st, |p| match p {
            Part::Expr(x) => e.join(self.effects(x)),
            Part::Stmt(s) => self.stmt_effects(s, e, locals),
        });
    }

    /// What evaluating `x` may do.
    fn effects(&self, x: &Expr) -> Effects {
        let mut e = Effects::default();
        self.add_effects(x, &mut e);
        e
    }

    fn add_effects(&self, x: &Expr, e: &mut Effects) {
        match &x.kind {
            ExprKind::Name { name, .. } => {
                e.reads.insert(name.clone());
            }
            ExprKind::Assign(t, _, rhs) => {
                if let Some(r) = root(t) {
                    e.writes.insert(String::from(r));
                }
                self.add_effects(t, e);
                self.add_effects(rhs, e);
            }
            ExprKind::IncDec(t, ..) => {
                if let Some(r) = root(t) {
                    e.writes.insert(String::from(r));
                }
                self.add_effects(t, e);
            }
            ExprKind::Call { name, args, .. } => {
                self.call_effects(name, args, e);
                for a in args {
                    self.add_effects(a, e);
                }
            }
            ExprKind::CallTargs {
                name, targs, args, ..
            } => {
                self.call_effects(name, args, e);
                for a in targs.iter().chain(args) {
                    self.add_effects(a, e);
                }
            }
            ExprKind::TypeCall(name, _, args) => {
                self.call_effects(name, args, e);
                for a in args {
                    self.add_effects(a, e);
                }
            }
            ExprKind::Member {
                obj, name, args, ..
            } => {
                if WRITING_MEMBERS.contains(&name.as_str())
                    && let Some(r) = root(obj)
                {
                    e.writes.insert(String::from(r));
                }
                self.add_effects(obj, e);
                for a in args.iter().flatten() {
                    self.add_effects(a, e);
                }
            }
            // a lambda does nothing until it is called; sizeof's operand is not evaluated
            ExprKind::Lambda(_) => {}
            ExprKind::Cast(ty, _) if ty == "sizeof" || ty == "sizeof_bits" => {}
            _ => for_children(x, |c| self.add_effects(c, e)),
        }
    }

    /// The effects of calling `name` (not those of evaluating its arguments).
    fn call_effects(&self, name: &str, args: &[Expr], e: &mut Effects) {
        if !self.funcs.contains_key(name) && self.vars.contains(name) {
            // an element of a tensor, a layout at a coordinate
            e.reads.insert(String::from(name));
            return;
        }
        if let Some(fs) = self.funcs.get(name) {
            if let Some(s) = self.summaries.get(name) {
                e.writes.extend(s.globals.iter().cloned());
                e.ordered |= s.ordered;
            }
            // a non-const reference parameter writes its argument
            for f in fs.iter().filter(|f| f.takes(args.len())) {
                for ((_, ty), a) in f.params.iter().zip(args) {
                    if ty.reference
                        && let Some(r) = root(a)
                    {
                        e.writes.insert(String::from(r));
                    }
                }
            }
            return;
        }
        if name == "std::swap" {
            for a in args {
                if let Some(r) = root(a) {
                    e.writes.insert(String::from(r));
                }
            }
            return;
        }
        if pure_call(name) {
            return;
        }
        if !crate::cstd::is_std_call(name)
            && !crate::host::is_host_call(name)
            && !name.starts_with("print")
            && !matches!(name, "explain" | "std::printf")
        {
            // CuTe's type members (`decltype(x)::value`) and names that are no function
            // (an error when they run)
            return;
        }
        e.ordered = true;
        if name.starts_with("print") || matches!(name, "explain" | "std::printf") {
            return;
        }
        if crate::host::is_host_call(name) {
            // copy, fill, gemm, ...: they write their tensor arguments
            for a in args {
                if let Some(r) = root(a) {
                    e.writes.insert(String::from(r));
                }
            }
        }
    }

    /// Scans a statement's expressions, and the bodies of its functions and lambdas.
    fn stmt(&mut self, st: &Stmt) {
        match st {
            Stmt::Func(f) => {
                for s in &f.body {
                    self.stmt(s);
                }
            }
            Stmt::Decl(_, items) => {
                for d in items {
                    // a constructor's arguments; the error comes when the first one runs
                    if let Init::Ctor(xs) = &d.init
                        && !xs.is_empty()
                    {
                        self.args(xs, xs[0].span);
                    }
                }
            }
            _ => {}
        }
        parts(st, |p| match p {
            Part::Expr(x) => self.expr(x),
            Part::Stmt(s) => self.stmt(s),
        });
    }

    /// Scans an expression: each call's arguments and each operator's operands, and the
    /// expressions inside them.
    fn expr(&mut self, x: &Expr) {
        match &x.kind {
            ExprKind::Call { args, .. }
            | ExprKind::TypeCall(_, _, args)
            | ExprKind::Apply(_, args)
            | ExprKind::CallTargs { args, .. } => self.args(args, x.span),
            ExprKind::Member {
                args: Some(args), ..
            } => self.args(args, x.span),
            ExprKind::Arith(first, rest) => self.operands(first, rest.iter().map(|r| &r.2), x.span),
            ExprKind::Binary(first, rest)
                if !rest
                    .iter()
                    .any(|(op, ..)| matches!(op, Op2::And | Op2::Or | Op2::Shl | Op2::Shr)) =>
            {
                self.operands(first, rest.iter().map(|r| &r.2), x.span)
            }
            ExprKind::Lambda(f) => {
                for s in &f.body {
                    self.stmt(s);
                }
                return;
            }
            _ => {}
        }
        for_children(x, |c| self.expr(c));
    }

    /// A call's arguments, whose order C++ leaves unspecified.
    fn args(&mut self, args: &[Expr], span: Span) {
        if args.len() < 2 {
            return;
        }
        let effects: Vec<Effects> = args.iter().map(|a| self.effects(a)).collect();
        for i in 0..effects.len() {
            for j in i + 1..effects.len() {
                if effects[i].conflicts(&effects[j]) {
                    self.found.push((
                        span,
                        String::from(
                            "not supported: arguments whose order of evaluation changes the answer (C++ leaves it unspecified: GCC evaluates right to left, Clang left to right); write them into variables first",
                        ),
                    ));
                    return;
                }
            }
        }
    }

    /// An operator's operands, unsequenced: a variable written in one and read or written
    /// in another is undefined behaviour.
    fn operands<'a>(&mut self, first: &'a Expr, rest: impl Iterator<Item = &'a Expr>, span: Span) {
        let all: Vec<&Expr> = core::iter::once(first).chain(rest).collect();
        let effects: Vec<Effects> = all
            .iter()
            .map(|x| {
                let mut e = Effects::default();
                direct(x, &mut e);
                e
            })
            .collect();
        for i in 0..effects.len() {
            for j in 0..effects.len() {
                if i != j
                    && effects[i]
                        .writes
                        .iter()
                        .any(|n| effects[j].reads.contains(n) || effects[j].writes.contains(n))
                {
                    self.found.push((
                        span,
                        String::from(
                            "a variable written in one operand and read or written in another: C++ leaves the result undefined (the operands are unsequenced)",
                        ),
                    ));
                    return;
                }
            }
        }
    }
}

/// The variables an expression writes and reads itself, not through the functions it
/// calls (whose bodies are sequenced with the caller's operands).
fn direct(x: &Expr, e: &mut Effects) {
    match &x.kind {
        ExprKind::Name { name, .. } => {
            e.reads.insert(name.clone());
        }
        ExprKind::Assign(t, _, _) | ExprKind::IncDec(t, ..) => {
            if let Some(r) = root(t) {
                e.writes.insert(String::from(r));
            }
            for_children(x, |c| direct(c, e));
        }
        ExprKind::Lambda(_) => {}
        ExprKind::Cast(ty, _) if ty == "sizeof" || ty == "sizeof_bits" => {}
        _ => for_children(x, |c| direct(c, e)),
    }
}

/// Calls `f` on each expression directly inside `x` (not inside a lambda's body).
fn for_children(x: &Expr, mut f: impl FnMut(&Expr)) {
    match &x.kind {
        ExprKind::Tuple(xs) | ExprKind::List(xs) | ExprKind::TypeWith(_, xs) => {
            xs.iter().for_each(f)
        }
        ExprKind::Layout(a, b) | ExprKind::Index(a, b) => {
            f(a);
            f(b);
        }
        ExprKind::Call { args, .. } | ExprKind::TypeCall(_, _, args) => args.iter().for_each(f),
        ExprKind::CallTargs { targs, args, .. } => targs.iter().chain(args).for_each(f),
        ExprKind::Apply(g, args) => {
            f(g);
            args.iter().for_each(f);
        }
        ExprKind::Neg(a)
        | ExprKind::Dynamic(a)
        | ExprKind::Not(a, _)
        | ExprKind::Deref(a)
        | ExprKind::AddrOf(a)
        | ExprKind::New(_, a)
        | ExprKind::Cast(_, a)
        | ExprKind::IncDec(a, ..) => f(a),
        ExprKind::Arith(first, rest) => {
            f(first);
            rest.iter().for_each(|r| f(&r.2));
        }
        ExprKind::Binary(first, rest) => {
            f(first);
            rest.iter().for_each(|r| f(&r.2));
        }
        ExprKind::Ternary(a, b, c) => {
            f(a);
            f(b);
            f(c);
        }
        ExprKind::Assign(t, _, rhs) => {
            f(t);
            f(rhs);
        }
        ExprKind::Member { obj, args, .. } => {
            f(obj);
            args.iter().flatten().for_each(f);
        }
        ExprKind::Int(_)
        | ExprKind::Under
        | ExprKind::Name { .. }
        | ExprKind::Type(_)
        | ExprKind::Str(_)
        | ExprKind::Float(..)
        | ExprKind::Lambda(_) => {}
    }
}

/// A part of a statement: an expression it evaluates or a statement it holds.
/// Every name `body` mentions: variables, called functions, and those of the lambdas and
/// functions it defines, at any depth.
pub(crate) fn mentioned(body: &[Stmt]) -> BTreeSet<String> {
    fn expr(x: &Expr, out: &mut BTreeSet<String>) {
        match &x.kind {
            ExprKind::Name { name, .. }
            | ExprKind::Call { name, .. }
            | ExprKind::CallTargs { name, .. }
            | ExprKind::TypeCall(name, ..) => {
                out.insert(name.clone());
            }
            ExprKind::Lambda(f) => f.body.iter().for_each(|s| stmt(s, out)),
            _ => {}
        }
        for_children(x, |c| expr(c, out));
    }
    fn stmt(st: &Stmt, out: &mut BTreeSet<String>) {
        if let Stmt::Func(f) = st {
            f.body.iter().for_each(|s| stmt(s, out));
        }
        parts(st, |p| match p {
            Part::Expr(x) => expr(x, out),
            Part::Stmt(s) => stmt(s, out),
        });
    }
    let mut out = BTreeSet::new();
    body.iter().for_each(|s| stmt(s, &mut out));
    out
}

enum Part<'a> {
    Expr(&'a Expr),
    Stmt(&'a Stmt),
}

/// Calls `f` on each part of `st` in order (not on a function definition's body, which
/// runs when it is called).
fn parts<'a>(st: &'a Stmt, mut f: impl FnMut(Part<'a>)) {
    match st {
        Stmt::Let(_, x) | Stmt::Show(x) | Stmt::StaticAssert(x, ..) | Stmt::Return(Some(x)) => {
            f(Part::Expr(x))
        }
        Stmt::Stream(items) => items.iter().for_each(|x| f(Part::Expr(x))),
        Stmt::Decl(_, items) => {
            for d in items {
                if let Some(a) = &d.array {
                    f(Part::Expr(a));
                }
                match &d.init {
                    Init::Value(x) => f(Part::Expr(x)),
                    Init::Ctor(xs) | Init::List(xs) => xs.iter().for_each(|x| f(Part::Expr(x))),
                    Init::None => {}
                }
            }
        }
        Stmt::Block(body) => body.iter().for_each(|s| f(Part::Stmt(s))),
        Stmt::If(c, a, b) => {
            f(Part::Expr(c));
            f(Part::Stmt(a));
            if let Some(b) = b {
                f(Part::Stmt(b));
            }
        }
        Stmt::While(c, b, _) | Stmt::DoWhile(b, c, _) => {
            f(Part::Expr(c));
            f(Part::Stmt(b));
        }
        Stmt::For {
            init,
            cond,
            step,
            body,
            ..
        } => {
            if let Some(i) = init {
                f(Part::Stmt(i));
            }
            if let Some(c) = cond {
                f(Part::Expr(c));
            }
            step.iter().for_each(|x| f(Part::Expr(x)));
            f(Part::Stmt(body));
        }
        Stmt::ForRange { range, body, .. } => {
            f(Part::Expr(range));
            f(Part::Stmt(body));
        }
        Stmt::Switch {
            value,
            body,
            labels,
            ..
        } => {
            f(Part::Expr(value));
            labels
                .iter()
                .filter_map(|(_, l)| l.as_ref())
                .for_each(|l| f(Part::Expr(l)));
            body.iter().for_each(|s| f(Part::Stmt(s)));
        }
        Stmt::Return(None) | Stmt::Func(_) | Stmt::Break(_) | Stmt::Continue(_) => {}
    }
}
