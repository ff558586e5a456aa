//! Evaluation of programs.

use super::error::{EvalError, Span};
use super::functions::{Call, Function, explain_call, find};
use super::syntax::{BinOp, Expr, ExprKind, Parser, Stmt};
use super::value::{Tag, Value};
use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use rcute::int::Int;
use rcute::layout::Layout;
use rcute::tuple::IntTuple;

/// The most bytes one program prints (16 MiB): each printer enumerates a bounded number
/// of cells, and this bounds their sum over a program.
pub const MAX_OUTPUT: usize = 1 << 24;

/// Parses a program without running it and returns its number of statements, or the
/// first parse error (which [`eval_partial`] reports after running the statements before it).
///
/// ```
/// use rcute_lang::parse;
/// assert_eq!(parse("A = (4,8):(8,1); A(1,2)").unwrap(), 2);
/// assert!(parse("size((4,8)").is_err());
/// ```
pub fn parse(program: &str) -> Result<usize, EvalError> {
    Ok(Parser::new(program).program()?.len())
}

/// Runs one program and returns what it prints: each bare expression prints its value and
/// a newline; `print(x)` prints the value as CuTe's `print` does (no newline);
/// `print_layout` prints its table. Statements are separated by `;` or new lines.
///
/// The output of the statements before an error is lost here; [`eval_partial`] keeps it.
pub fn eval(program: &str) -> Result<String, EvalError> {
    match eval_partial(program) {
        (out, None) => Ok(out),
        (_, Some(e)) => Err(e),
    }
}

/// Runs one program as far as it goes: what the statements before the first error
/// printed, and that error (a parse error in a later statement does not stop the ones
/// before it). The calculator prints the output, then the error with its caret.
///
/// ```
/// use rcute_lang::eval_partial;
/// let (out, err) = eval_partial("1; 2; foo");
/// assert_eq!(out, "1\n2\n");
/// assert_eq!(err.unwrap().message, "unknown name foo");
/// assert_eq!(eval_partial("A = (2,3):(3,1)\nA(1,1)"), ("4\n".to_string(), None));
/// ```
pub fn eval_partial(program: &str) -> (String, Option<EvalError>) {
    eval_partial_with(program, &Options::default())
}

/// How a program runs.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Answer as CuTe C++ does where rcute refuses an answer CuTe gives (the documented
    /// deviations: CuTe's weaker checks): the call answers CuTe's layout, and a line
    /// starting with `warning: ` before the statement's output says what rcute refused
    /// and where CuTe's answer breaks the operation's law.
    pub as_cute: bool,
}

/// [`eval_partial`] with [`Options`].
///
/// ```
/// use rcute_lang::{Options, eval_partial_with};
/// let p = "composition((_3,_16):(_48,_1), _4:_2)";
/// let (out, err) = eval_partial_with(p, &Options { as_cute: true });
/// assert!(err.is_none());
/// assert!(out.starts_with("warning: composition: rcute refuses this call"));
/// assert!(out.ends_with("\n(_2,_2):(_96,_1)\n"));
/// ```
pub fn eval_partial_with(program: &str, options: &Options) -> (String, Option<EvalError>) {
    let (out, _, err) = run_program(program, false, options);
    (out, err)
}

/// What one shown statement (a bare expression) of a program gave, for a front end that
/// draws it: its span, its value, and when it is a call of a function of the table
/// ([`FUNCTIONS`](super::FUNCTIONS)), the function's name and its arguments' values (the
/// layout that `print_layout(L)` prints, the layout and access of `bank_conflicts(S, A)`).
#[derive(Clone, Debug)]
pub struct Shown {
    /// The statement's place among all the program's statements (0 for the first).
    pub statement: usize,
    /// The statement's expression in the program.
    pub span: Span,
    /// Its value (a printer's text for `print_layout` and the like).
    pub value: Value,
    /// The function called and the values of its arguments.
    pub call: Option<TableCall>,
}

/// A call of a function of the table: its name and its arguments' values.
pub type TableCall = (String, Vec<Value>);

/// [`eval_partial`], and the value of each shown statement that ran, in order.
///
/// ```
/// use rcute_lang::eval_shown;
/// let (out, shown, err) = eval_shown("A = (2,3):(3,1); A; print_layout(A); foo");
/// assert_eq!(shown.len(), 2);
/// assert_eq!(shown[0].value.to_string(), "(2,3):(3,1)");
/// let (name, args) = shown[1].call.as_ref().unwrap();
/// assert_eq!((name.as_str(), args[0].to_string()), ("print_layout", "(2,3):(3,1)".into()));
/// assert!(out.starts_with("(2,3):(3,1)\n"));
/// assert_eq!(err.unwrap().message, "unknown name foo");
/// ```
pub fn eval_shown(program: &str) -> (String, Vec<Shown>, Option<EvalError>) {
    run_program(program, true, &Options::default())
}

/// [`eval_shown`] with [`Options`].
pub fn eval_shown_with(
    program: &str,
    options: &Options,
) -> (String, Vec<Shown>, Option<EvalError>) {
    run_program(program, true, options)
}

fn run_program(
    program: &str,
    record: bool,
    options: &Options,
) -> (String, Vec<Shown>, Option<EvalError>) {
    let (out, shown, _, err) = run_launch(program, record, None, options);
    (out, shown, err)
}

/// Runs a program (as one thread of a kernel when `launch` is given): its output, the
/// shown values, the notes, and the first error.
fn run_launch(
    program: &str,
    record: bool,
    launch: Option<crate::host::Launch>,
    options: &Options,
) -> (String, Vec<Shown>, Vec<String>, Option<EvalError>) {
    let (stmts, parse_err) = Parser::new(program).program_partial();
    let mut env = Env {
        launch,
        unsequenced: crate::sequence::scan(&stmts),
        ..Env::default()
    };
    if options.as_cute {
        env.as_cute = Some(Default::default());
    }
    let mut shown = Vec::new();
    let recorded = if record { Some(&mut shown) } else { None };
    let r = run(&mut env, &stmts, recorded).and_then(|()| env.run_main());
    let err = match r {
        Ok(()) => parse_err,
        Err(e) => Some(e),
    };
    (env.out, shown, env.notes, err)
}

/// Runs a program as one thread of a kernel: `threadIdx`, `blockIdx`, `blockDim` and
/// `gridDim` are `launch`'s. Returns what the program printed, the notes about what runs
/// differently on the CPU (`__syncthreads()` does nothing), and the first error.
///
/// ```
/// use rcute_lang::{Launch, eval_launch};
/// let launch = Launch { thread: [5, 0, 0], ..Launch::default() };
/// let (out, notes, err) = eval_launch("print(int(threadIdx.x) * 2);", &launch);
/// assert_eq!((out.as_str(), notes.len(), err), ("10", 0, None));
/// ```
pub fn eval_launch(
    program: &str,
    launch: &crate::host::Launch,
) -> (String, Vec<String>, Option<EvalError>) {
    eval_launch_with(program, launch, &Options::default())
}

/// [`eval_launch`] with [`Options`]: `cute eval --as-cute --thread X` answers CuTe's
/// layouts where rcute refuses them, in one thread of a kernel.
///
/// ```
/// use rcute_lang::{Launch, Options, eval_launch_with};
/// let launch = Launch { thread: [1, 0, 0], ..Launch::default() };
/// let p = "print(composition(make_layout(make_shape(_3{},_16{}), make_stride(_48{},_1{})), make_layout(_4{},_2{})));";
/// let (out, _, err) = eval_launch_with(p, &launch, &Options { as_cute: true });
/// assert!(err.is_none() && out.contains("(_2,_2):(_96,_1)"));
/// ```
pub fn eval_launch_with(
    program: &str,
    launch: &crate::host::Launch,
    options: &Options,
) -> (String, Vec<String>, Option<EvalError>) {
    let (out, _, notes, err) = run_launch(program, false, Some(*launch), options);
    (out, notes, err)
}

/// Runs a program whose last statement is a call of the algebra and returns what the
/// statements before it print followed by the steps of that call (the printed form of
/// [`Explanation`](rcute::analysis::explain::Explanation)), as `explain(call)` prints
/// them. A failing pre-condition is part of the explanation (its last line is
/// `error   ...`), not an error.
///
/// ```
/// use rcute_lang::explain;
/// let text = explain("A = (_4,_2,_3):(_2,_1,_8); logical_divide(A, _4:_2)").unwrap();
/// assert!(text.starts_with("explain logical_divide((_4,_2,_3):(_2,_1,_8), _4:_2)\n"));
/// assert!(text.contains("step 2  complement(B, (_4,_2,_3)) = (_2,_3):(_1,_8)"));
/// assert!(text.ends_with("result  ((_2,_2),(_2,_3)):((_4,_1),(_2,_8))\n"));
/// assert!(explain("A = 4:1").is_err());
/// ```
pub fn explain(program: &str) -> Result<String, EvalError> {
    let stmts = Parser::new(program).program()?;
    let mut env = Env {
        unsequenced: crate::sequence::scan(&stmts),
        ..Env::default()
    };
    let (last, rest) = stmts.split_last().expect("a program has a statement");
    run(&mut env, rest, None)?;
    let mut out = core::mem::take(&mut env.out);
    let e = match last {
        Stmt::Show(e) => e,
        Stmt::Stream(items) => {
            return Err(EvalError::new(
                "explain: the program must end with the call to explain, e.g. logical_divide(A, 4:2)",
                items.first().map_or(Span::new(0, 1), |x| x.span),
            ));
        }
        Stmt::Let(_, e) => {
            return Err(EvalError::new(
                "explain: the program must end with the call to explain, e.g. logical_divide(A, 4:2)",
                e.span,
            ));
        }
        _ => {
            return Err(EvalError::new(
                "explain: the program must end with the call to explain, e.g. logical_divide(A, 4:2)",
                Span::new(0, program.len().max(1)),
            ));
        }
    };
    let v = match &e.kind {
        ExprKind::Call { name, .. } if name == "explain" => env.eval(e)?,
        _ => env.explain(e)?,
    };
    out.push_str(&v.to_string());
    Ok(out)
}

/// Runs the top-level statements, appending what they print to the program's output
/// and, when `shown` is given, what each shown statement gave. A bare expression prints
/// its value (the calculator), unless it assigns or calls the program's own function
/// that returns nothing; the statements of C++ run as C++'s.
fn run(env: &mut Env, stmts: &[Stmt], mut shown: Option<&mut Vec<Shown>>) -> Result<(), EvalError> {
    for (index, st) in stmts.iter().enumerate() {
        let mark = env.out.len();
        match st {
            Stmt::Show(e) if is_silent(e) => {
                if let Value::Printed(s) = env.eval(e)? {
                    env.emit(&s, e.span)?;
                }
            }
            Stmt::Show(e) => {
                let (v, call) = match shown {
                    Some(_) => env.eval_recording(e)?,
                    None => (env.eval(e)?, None),
                };
                match &v {
                    Value::Printed(s) => env.emit(s, e.span)?,
                    Value::Slice(..) => {
                        return Err(crate::operators::not_supported(
                            "printing a thread slice",
                            "print of one of its partitions",
                            e.span,
                        ));
                    }
                    Value::TvTiler(_) => {
                        return Err(crate::operators::not_supported(
                            "printing a TV_Tiler (CuTe has no print of it)",
                            "print of one of its partitions, partition(P, warp, T)",
                            e.span,
                        ));
                    }
                    v => {
                        use core::fmt::Write;
                        let mut line = String::new();
                        let _ = writeln!(line, "{v}");
                        env.emit(&line, e.span)?;
                    }
                }
                if let Some(list) = shown.as_deref_mut() {
                    list.push(Shown {
                        statement: index,
                        span: e.span,
                        value: v,
                        call,
                    });
                }
            }
            st => match env.exec(st)? {
                crate::exec::Flow::Next => {}
                crate::exec::Flow::Break(s) | crate::exec::Flow::Continue(s) => {
                    return Err(EvalError::new("break or continue outside a loop", s));
                }
                crate::exec::Flow::Return(_) => break,
            },
        }
        // the warnings of calls answered as CuTe does, before what the statement printed
        super::functions::as_cute::flush(env.as_cute.as_ref(), &mut env.out, mark);
    }
    Ok(())
}

/// Whether a shown expression prints nothing: an assignment, `++`/`--`, a member call
/// that returns nothing.
fn is_silent(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Assign(..) | ExprKind::IncDec(..))
}

impl Env {
    /// Calls `main()` when the program defines it (as C++ does after the globals).
    fn run_main(&mut self) -> Result<(), EvalError> {
        let Some(f) = self.funcs.get("main").and_then(|f| f.last()).cloned() else {
            return Ok(());
        };
        // `int main(int argc, char** argv)` runs as a program given no argument: argc is
        // 1 (reading argv is refused, there is no string)
        let args = match f.params.as_slice() {
            [] => Vec::new(),
            [(_, a), (_, b)]
                if a.pointers == 0 && a.text == "int" && b.pointers == 2 && b.text == "char" =>
            {
                alloc::vec![
                    (Value::int(Int::dynamic(1)), f.span),
                    (crate::exec::void(), f.span)
                ]
            }
            _ => {
                return Err(EvalError::new(
                    "main is run without arguments: write int main() or int main(int argc, char** argv)",
                    f.span,
                ));
            }
        };
        self.call_user(&f, &[], args, f.span, false).map(|_| ())
    }
}

/// Runs a program and returns the value of its last statement, which must be an
/// expression (earlier statements may bind names; their output is discarded).
///
/// ```
/// use rcute_lang::{Value, eval_value};
/// let v = eval_value("A = (4,8):(8,1); composition(A, (_2,_2))").unwrap();
/// assert!(matches!(v, Value::Layout(_)));
/// assert_eq!(v.to_string(), "(_2,_2):(8,1)");
/// ```
pub fn eval_value(program: &str) -> Result<Value, EvalError> {
    let stmts = Parser::new(program).program()?;
    let mut env = Env {
        unsequenced: crate::sequence::scan(&stmts),
        ..Env::default()
    };
    let (last, rest) = stmts.split_last().expect("a program has a statement");
    for st in rest {
        env.exec(st)?;
    }
    match last {
        Stmt::Show(e) => {
            let v = env.eval(e)?;
            if let Value::Printed(_) = v {
                return Err(EvalError::new("a printer returns no value", e.span));
            }
            Ok(v)
        }
        Stmt::Let(_, e) => Err(EvalError::new(
            "the program must end with an expression",
            e.span,
        )),
        Stmt::Stream(items) => Err(EvalError::new(
            "the program must end with an expression, not a stream output",
            items.first().map_or(Span::new(0, 1), |x| x.span),
        )),
        _ => Err(EvalError::new(
            "the program must end with an expression",
            Span::new(0, program.len().max(1)),
        )),
    }
}

/// A variable: its value and, for C++'s scalar types (`int`, `float`, ...), the type an
/// assignment converts to.
#[derive(Clone, Debug)]
pub(crate) struct Var {
    pub v: Value,
    pub ty: Option<crate::data::Elem>,
    /// Whether it is a C array (`int a[4]`), whose elements a range-based `for` visits;
    /// a pointer, of the same value, has none.
    pub array: bool,
    /// Whether it is a `const` or `constexpr` integer initialized by a constant
    /// expression, which C++ takes in constant expressions (`static_assert`).
    pub constant: bool,
    /// Of an array of arrays (`float a[4][8]`), the length of a row (8); 0 otherwise.
    pub row: i64,
    /// Where a scalar lives in memory, once a reference names it (`int& r = x` puts `x`
    /// in an array of one element, and `r` names that element; `float& e = a[2]` names
    /// `a`'s element): its value is read and written there, `v` is not.
    pub mem: Option<crate::data::Ptr>,
    /// Declared a reference (`auto& r = x`, `T const& p`): `decltype(r)` is a reference
    /// type, of which traits such as `is_integral` are false.
    pub by_ref: bool,
}

impl Var {
    /// A variable of value `v` and no C++ scalar type: a layout, a tensor, a vector, a
    /// lambda, a type's value.
    pub(crate) fn plain(v: Value) -> Var {
        Var {
            v,
            ty: None,
            array: false,
            constant: false,
            row: 0,
            mem: None,
            by_ref: false,
        }
    }

    /// A function's parameter of value `v`, of the C++ scalar type `ty` where it has one,
    /// that names its argument's object when `by_ref` (`T const& x`).
    pub(crate) fn param(v: Value, ty: Option<crate::data::Elem>, by_ref: bool) -> Var {
        Var {
            ty,
            by_ref,
            ..Var::plain(v)
        }
    }
}

/// The state of a running program.
#[derive(Default)]
pub(crate) struct Env {
    /// The names bound at the top level (the calculator's and C++'s globals).
    pub(crate) vars: BTreeMap<String, Var>,
    /// The scopes of blocks and calls, innermost last.
    pub(crate) locals: Vec<BTreeMap<String, Var>>,
    /// The first scope of the running function (a function sees its own scopes and the
    /// globals).
    pub(crate) frame: usize,
    /// The program's functions by name (overloads by number of parameters).
    pub(crate) funcs: BTreeMap<String, Vec<alloc::sync::Arc<crate::syntax::FuncDef>>>,
    /// The program's arrays.
    pub(crate) heap: Vec<crate::data::Buffer>,
    /// Their elements in all.
    pub(crate) elements: usize,
    /// What the program printed.
    pub(crate) out: String,
    /// Loop iterations and calls so far.
    pub(crate) steps: u64,
    /// Calls of the program's functions in progress.
    pub(crate) calls: usize,
    /// Calls with arguments in progress inside the program's functions.
    pub(crate) nest: usize,
    /// The last call's values of its non-const reference parameters, in order.
    pub(crate) ref_out: Vec<Value>,
    /// Set for the next call of a lambda whose non-const reference parameters the caller
    /// writes back (`for_each(t, [](auto& x) { ... })`); the call clears it.
    pub(crate) lambda_refs: bool,
    /// Set for the next call: the reference parameters (by position) bound to a place in
    /// memory (`inc(a[1])`, or a scalar variable put there), which the parameter names.
    pub(crate) param_mem: Vec<(usize, crate::data::Ptr)>,
    /// Set for the next call: the C++ type of each argument where the caller's expression
    /// tells it (its declaration, a cast, a literal), for a return type that names a
    /// template's type parameter (`template <class T> T f(T x)`).
    pub(crate) arg_types: Vec<Option<crate::data::Elem>>,
    /// Set for the next call: the template's type parameters that the call's explicit
    /// template arguments bind (`f<float>(x)`: `T` is `float`).
    pub(crate) explicit_types: Vec<(String, crate::data::Elem)>,
    /// The thread of a kernel the program runs as.
    pub(crate) launch: Option<crate::host::Launch>,
    /// Notes for the caller.
    pub(crate) notes: Vec<String>,
    /// In the as-CuTe mode ([`Options::as_cute`]), the warnings of the calls answered as
    /// CuTe C++ does, not yet printed.
    pub(crate) as_cute: Option<core::cell::RefCell<Vec<String>>>,
    /// `rand()`'s generator, seeded by the first call or by `srand`.
    pub(crate) rand: Option<crate::cstd::Rand>,
    /// `std::cout`'s formatting state (`std::setw`, `std::hex`, ...).
    pub(crate) stream: crate::stream::StreamState,
    /// The expressions whose answer depends on an order of evaluation C++ leaves open
    /// ([`crate::sequence::scan`]), refused when they run.
    pub(crate) unsequenced: Vec<(Span, String)>,
}

impl Env {
    /// `; did you mean X?` for an unknown name or function: the closest bound name,
    /// function of the table or tag.
    fn suggest(&self, name: &str) -> String {
        let tags = ["LayoutLeft", "LayoutRight", "print", "printf", "explain"];
        let known = self.vars.keys().map(String::as_str);
        let functions = super::functions::TABLE.iter().map(|f| f.name);
        super::suggest::did_you_mean(name, known.chain(functions).chain(tags))
    }

    // The evaluator recurses once per level of nesting (at most MAX_DEPTH): `eval` only
    // dispatches, each form is its own function, and the work after the recursion (building
    // tuples and layouts, calling the library) is in functions of its own, so that the
    // frames on the recursive path stay small (unoptimized builds keep every local of a
    // function in its frame).
    pub(crate) fn eval(&mut self, e: &Expr) -> Result<Value, EvalError> {
        if !self.unsequenced.is_empty() {
            self.sequenced(e.span)?;
        }
        match &e.kind {
            ExprKind::Int(i) => Ok(Value::int(*i)),
            ExprKind::Under => Ok(Value::int(Int::UNDERSCORE)),
            ExprKind::Tuple(items) => self.tuple(items, e.span),
            ExprKind::Layout(s, d) => self.layout(s, d, e.span),
            ExprKind::Name { name, targs } => self.name(name, targs, e.span),
            ExprKind::Type(text) => self.type_value(text, e.span),
            ExprKind::TypeWith(text, exprs) => self.type_with_value(text, exprs, e.span),
            ExprKind::Call {
                name,
                name_span,
                targs,
                args,
            } => self.call(name, *name_span, targs, args, e.span, None),
            ExprKind::CallTargs {
                name,
                name_span,
                targs,
                args,
            } => self.call_targs(name, *name_span, targs, args, e.span),
            ExprKind::Apply(f, args) => {
                let fv = self.eval(f)?;
                self.apply_value(fv, args, f.span, e.span)
            }
            ExprKind::Str(_) => Err(EvalError::new(
                "a string is only printed: print(\"...\") or printf(\"...\", ...)",
                e.span,
            )),
            ExprKind::Neg(x) => self.negation(x, e.span),
            ExprKind::Arith(first, rest) => self.arith(first, rest),
            ExprKind::Dynamic(x) => self.dynamic(x),
            _ => self.eval_host(e),
        }
    }

    /// `int{x}`, `int(x)`: an integer made dynamic, a floating-point number truncated.
    #[inline(never)]
    fn dynamic(&mut self, x: &Expr) -> Result<Value, EvalError> {
        match self.eval(x)? {
            // C++'s conversion to int keeps the low 32 bits
            Value::Unsigned(u, _) => Ok(Value::int(Int::dynamic(i64::from(u as u32 as i32)))),
            Value::Const(c) => Ok(Value::int(Int::dynamic(c))),
            Value::Float(f, single) => {
                crate::exec::convert(Value::Float(f, single), crate::data::Elem("long"), x.span)
            }
            // half_t's explicit operator int: through float
            Value::Narrow(f, _) => {
                crate::exec::convert(Value::Float(f, true), crate::data::Elem("long"), x.span)
            }
            Value::Tuple(t) if t.is_leaf() && !t.leaf(0).is_underscore() => {
                Ok(Value::int(t.leaf(0).to_dynamic()))
            }
            v => Err(EvalError::new(
                alloc::format!("int{{...}} takes integers; this is {} {v}", v.kind()),
                x.span,
            )),
        }
    }

    /// `-x`: of a plain integer by CuTe's rules (static stays static), of an unsigned one
    /// wrapping around.
    #[inline(never)]
    fn negation(&mut self, x: &Expr, span: Span) -> Result<Value, EvalError> {
        match self.eval(x)? {
            Value::Tuple(t) if t.is_leaf() && !t.leaf(0).is_underscore() => {
                let r = t
                    .leaf(0)
                    .try_neg()
                    .map_err(|err| EvalError::from_core(err, span))?;
                // -x of an int holding INT_MIN leaves int's range (C++ leaves it undefined)
                if !r.is_static()
                    && !r.is_basis()
                    && i32::try_from(r.value()).is_err()
                    && self.int_type(x) == Some(crate::ctype::INT)
                {
                    return Err(EvalError::new(
                        alloc::format!(
                            "-({}): the negation overflows int, which C++ leaves undefined; compute it in int64_t",
                            t.leaf(0).value()
                        ),
                        span,
                    ));
                }
                Ok(Value::int(r))
            }
            v => crate::exec::negate(v, x.span),
        }
    }

    /// `decltype(x){}`: x, where its type determines it.
    #[inline(never)]
    fn decltype_value(&mut self, x: &Expr, span: Span) -> Result<Value, EvalError> {
        let v = self.eval(x)?;
        if crate::exec::is_static_value(&v) {
            return Ok(v);
        }
        // a tuple's or a layout's dynamic integers are value-initialized: 0
        fn zeroed(t: &mut IntTuple) -> bool {
            for i in 0..t.leaf_count() {
                let x = t.leaf(i);
                if x.is_basis() {
                    return false;
                }
                if !x.is_static() {
                    t.set_leaf(i, Int::dynamic(0));
                }
            }
            true
        }
        match v.clone() {
            Value::Tuple(t) => {
                let mut z = t;
                if zeroed(&mut z) {
                    return Ok(Value::Tuple(z));
                }
            }
            Value::Layout(l) => {
                let (mut s, mut d) = (l.shape(), l.stride());
                if zeroed(&mut s)
                    && zeroed(&mut d)
                    && let Ok(z) = rcute::Layout::try_new(s, d)
                {
                    return Ok(Value::Layout(z));
                }
            }
            _ => {}
        }
        Err(crate::operators::not_supported(
            &alloc::format!(
                "decltype(x){{}} of {} {v}, whose type does not determine it",
                v.kind()
            ),
            "x itself",
            span,
        ))
    }

    /// The value of a type with constant expressions in its arguments.
    #[inline(never)]
    fn type_with_value(
        &mut self,
        text: &str,
        exprs: &[Expr],
        span: Span,
    ) -> Result<Value, EvalError> {
        let text = self.type_with(text, exprs)?;
        self.type_value(&text, span)
    }

    /// The text of a type whose `uint_byte_t<$k>` / `uint_bit_t<$k>` arguments are the
    /// values of constant expressions: `uint_byte_t<16>` is `uint128_t`,
    /// `uint_bit_t<32>` is `uint32_t`.
    #[inline(never)]
    fn type_with(&mut self, text: &str, exprs: &[Expr]) -> Result<String, EvalError> {
        let mut out = String::from(text);
        for (k, e) in exprs.iter().enumerate() {
            let n = match self.eval(e)? {
                Value::Const(c) => c,
                Value::Tuple(t) if t.is_leaf() && literal_arith(e) => t.leaf(0).value(),
                Value::Tuple(t)
                    if t.is_leaf() && t.leaf(0).is_static() && !t.leaf(0).is_basis() =>
                {
                    t.leaf(0).value()
                }
                v => {
                    return Err(EvalError::new(
                        alloc::format!(
                            "a template argument is a constant expression; this is {} {v}",
                            v.kind()
                        ),
                        e.span,
                    ));
                }
            };
            for (name, scale) in [("uint_byte_t", 8), ("uint_bit_t", 1)] {
                let marker = alloc::format!("{name}<${k}>");
                if out.contains(&marker) {
                    let bits = n.saturating_mul(scale);
                    if !matches!(bits, 8 | 16 | 32 | 64 | 128) {
                        return Err(EvalError::new(
                            alloc::format!(
                                "{name}<{n}>: CuTe has unsigned types of 8, 16, 32, 64 and 128 bits"
                            ),
                            e.span,
                        ));
                    }
                    out = out.replace(&marker, &alloc::format!("uint{bits}_t"));
                }
            }
        }
        Ok(out)
    }

    /// The value of a type written with template arguments (an atom, `Copy_Atom<OP, T>`),
    /// a template's element-type parameter (`TA`) read as the type it was deduced as.
    #[inline(never)]
    fn type_value(&self, text: &str, span: Span) -> Result<Value, EvalError> {
        atom_value(&self.bound_types(text), span)
    }

    /// `text` with each name bound to an element type (a template's `TA`, deduced from a
    /// pointer argument) replaced by that type.
    pub(crate) fn bound_types(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut word = String::new();
        let flush = |word: &mut String, out: &mut String| {
            match self.lookup(word) {
                Some(crate::eval::Var {
                    v: Value::ElementType(t),
                    ..
                }) if !word.is_empty() => out.push_str(t),
                _ => out.push_str(word),
            }
            word.clear();
        };
        for c in text.chars() {
            if c.is_ascii_alphanumeric() || c == '_' || c == ':' {
                word.push(c);
            } else {
                flush(&mut word, &mut out);
                out.push(c);
            }
        }
        flush(&mut word, &mut out);
        out
    }

    /// `is_static<T>`: whether every integer of x is static.
    #[inline(never)]
    fn is_static_of(&mut self, x: &Expr) -> Result<Value, EvalError> {
        let v = self.eval(x)?;
        let all = match &v {
            Value::Tuple(t) => t.leaves().all(|x| x.is_static()),
            Value::Layout(l) => {
                l.shape().leaves().all(|x| x.is_static())
                    && l.stride().leaves().all(|x| x.is_static())
            }
            _ => {
                return Err(EvalError::new(
                    alloc::format!(
                        "is_static<T> takes an integer, a tuple or a layout; this is {} {v}",
                        v.kind()
                    ),
                    x.span,
                ));
            }
        };
        Ok(Value::int(Int::bool(all, true)))
    }

    /// CuTe's and the standard library's type traits of values' types, a static bool:
    /// `is_same<A, B>` (where the types are known: two values with a dynamic integer in one
    /// place may differ in its C++ type, which rcute does not keep, and are refused),
    /// `is_constant<N, T>`, `is_layout<T>`, `is_tuple<T>`, `is_integral<T>` (CuTe's, true of
    /// static integers too) and `std::is_integral<T>` (false of them).
    fn type_trait(&mut self, name: &str, args: &[Expr], span: Span) -> Result<Value, EvalError> {
        // of scalar types, named or a template's type parameter bound to one
        // (`std::is_same_v<T, int>`)
        let scalar = |a: &Expr| match &a.kind {
            ExprKind::Name { name, targs } if targs.is_empty() => {
                let t = match self.lookup(name) {
                    Some(Var {
                        v: Value::ElementType(t),
                        ..
                    }) => t,
                    Some(_) => return None,
                    None => name.as_str(),
                };
                cpp_type_identity(t)
            }
            _ => None,
        };
        match (name, args) {
            ("is_same", [a, b]) if scalar(a).is_some() || scalar(b).is_some() => {
                return match (scalar(a), scalar(b)) {
                    (Some(x), Some(y)) => Ok(Value::int(Int::bool(x == y, true))),
                    _ => Err(crate::operators::not_supported(
                        "is_same of a scalar type and another type",
                        "is_same of two scalar types or of two CuTe values",
                        span,
                    )),
                };
            }
            ("is_integral" | "std::is_integral", [a]) if scalar(a).is_some() => {
                // a floating-point type's identity is its own name
                let integral = !scalar(a)
                    .and_then(crate::data::Elem::named)
                    .is_some_and(crate::data::Elem::is_float);
                return Ok(Value::int(Int::bool(integral, true)));
            }
            _ => {}
        }
        if name != "is_constant"
            && let Some(a) = args.iter().find(|a| {
                matches!(&a.kind, ExprKind::Name { name, .. } if self.lookup(name).is_some_and(|v| v.by_ref))
            })
        {
            return Err(crate::operators::not_supported(
                &alloc::format!("{name} of the type of a reference"),
                "a trait of the type of a variable that is no reference",
                a.span,
            ));
        }
        let vals = args
            .iter()
            .map(|a| self.eval(a))
            .collect::<Result<Vec<_>, _>>()?;
        let int_leaf = |v: &Value| match v {
            Value::Tuple(t) if t.is_leaf() => {
                let x = t.leaf(0);
                (!x.is_basis() && !x.is_underscore()).then_some(x)
            }
            _ => None,
        };
        let b = match (name, vals.as_slice()) {
            ("is_constant", [Value::Tuple(n), v]) if n.is_leaf() => {
                int_leaf(v).is_some_and(|x| x.is_static() && x.value() == n.leaf(0).value())
            }
            ("is_layout", [v]) => {
                matches!(v, Value::Layout(_) | Value::Composed(_) | Value::Chain(_))
            }
            ("is_tuple", [v]) => match v {
                Value::Tuple(t) => !t.is_leaf(),
                Value::List(_) => true,
                _ => false,
            },
            ("is_integral", [v]) => {
                int_leaf(v).is_some() || matches!(v, Value::Unsigned(..) | Value::Const(_))
            }
            ("std::is_integral", [v]) => {
                int_leaf(v).is_some_and(|x| !x.is_static())
                    || matches!(v, Value::Unsigned(..) | Value::Const(_))
            }
            ("is_same", [a, b]) => {
                fn same(x: &IntTuple, y: &IntTuple, unknown: &mut bool) -> bool {
                    if x.is_leaf() != y.is_leaf() {
                        return false;
                    }
                    if x.is_leaf() {
                        let (a, b) = (x.leaf(0), y.leaf(0));
                        return match (a.is_static(), b.is_static()) {
                            (true, true) => a == b,
                            (false, false) => {
                                // int, int64_t, ...: the C++ type is not kept
                                *unknown = true;
                                true
                            }
                            _ => false,
                        };
                    }
                    x.rank() == y.rank()
                        && x.modes().zip(y.modes()).all(|(m, n)| same(&m, &n, unknown))
                }
                let mut unknown = false;
                let r = match (a, b) {
                    (Value::Tuple(x), Value::Tuple(y)) => same(x, y, &mut unknown),
                    (Value::Layout(x), Value::Layout(y)) => {
                        same(&x.shape(), &y.shape(), &mut unknown)
                            && same(&x.stride(), &y.stride(), &mut unknown)
                    }
                    (Value::Swizzle(x), Value::Swizzle(y)) => x == y,
                    (
                        Value::Tuple(_) | Value::Layout(_) | Value::Swizzle(_),
                        Value::Tuple(_) | Value::Layout(_) | Value::Swizzle(_),
                    ) => false,
                    _ => {
                        return Err(crate::operators::not_supported(
                            &alloc::format!("is_same of {} and {}", a.kind(), b.kind()),
                            "is_same of two tuples, layouts or swizzles",
                            span,
                        ));
                    }
                };
                if r && unknown {
                    return Err(crate::operators::not_supported(
                        &alloc::format!(
                            "is_same of {a} and {b}, whose dynamic integers may be of different C++ types (int, int64_t, ...)"
                        ),
                        "is_same of static values",
                        span,
                    ));
                }
                r
            }
            _ => {
                return Err(EvalError::new(
                    alloc::format!(
                        "{name}<...> takes {} type arguments",
                        if name == "is_same" || name == "is_constant" {
                            2
                        } else {
                            1
                        }
                    ),
                    span,
                ));
            }
        };
        Ok(Value::int(Int::bool(b, true)))
    }

    /// `decltype(x)::value` (and `cosize_v<T>`, `is_static<T>::value`): x's integer, which
    /// C++ knows only when it is static.
    #[inline(never)]
    fn static_value(&mut self, x: &Expr) -> Result<Value, EvalError> {
        match self.eval(x)? {
            Value::Tuple(t)
                if t.is_leaf() && t.leaf(0).is_static() && !t.leaf(0).is_underscore() =>
            {
                Ok(Value::Const(t.leaf(0).value()))
            }
            Value::Const(c) => Ok(Value::Const(c)),
            v => Err(EvalError::new(
                alloc::format!(
                    "::value of a type that is no static integer: this is {} {v} (C++ does not compile it)",
                    v.kind()
                ),
                x.span,
            )),
        }
    }

    /// `Int<N>{}` of a name: `N`'s value as a static integer, where `N` is a constant
    /// expression (a template's value parameter, a `constexpr` or `const` integer
    /// initialized by one); a run-time variable is refused, as C++ does not compile it.
    #[inline(never)]
    fn static_int_of(&mut self, x: &Expr) -> Result<Value, EvalError> {
        if !self.is_constant_expr(x) {
            return Err(EvalError::new(
                "Int<N> takes a constant expression; this is a run-time value (C++ does not compile it): write Int<8>, a template's value parameter or a constexpr int",
                x.span,
            ));
        }
        let n = match self.eval(x)? {
            Value::Const(c) => Some(c),
            Value::Tuple(t)
                if t.is_leaf() && !t.leaf(0).is_basis() && !t.leaf(0).is_underscore() =>
            {
                Some(t.leaf(0).value())
            }
            _ => None,
        };
        match n {
            Some(n) => Ok(Value::int(Int::constant(n))),
            None => Err(EvalError::new("Int<N> takes an integer", x.span)),
        }
    }

    /// `p + n` of a pointer of `make_gmem_ptr/make_smem_ptr<T>(...)`: the pointer moved by
    /// `n` elements, CuTe's `operator+` (CuTe's pointers have no `operator-`; TMEM
    /// pointers refused).
    #[inline(never)]
    fn mem_ptr_arith(
        &mut self,
        mut p: crate::value::Ptr,
        rest: &[(BinOp, Span, Expr)],
    ) -> Result<Value, EvalError> {
        for (op, op_span, x) in rest {
            if !matches!(op, BinOp::Add) {
                return Err(EvalError::new(
                    alloc::format!(
                        "'{}' of a pointer: CuTe's pointers have only operator+ (an integer added)",
                        op.symbol()
                    ),
                    *op_span,
                ));
            }
            if p.space == crate::value::Space::Tmem {
                return Err(EvalError::new(
                    "not supported: arithmetic on a TMEM pointer (slice its tensor instead)",
                    *op_span,
                ));
            }
            let n = match self.eval(x)? {
                Value::Tuple(t)
                    if t.is_leaf() && !t.leaf(0).is_underscore() && !t.leaf(0).is_basis() =>
                {
                    t.leaf(0).value()
                }
                Value::Const(c) => c,
                v => {
                    return Err(EvalError::new(
                        alloc::format!("a pointer moves by an integer; this is {} {v}", v.kind()),
                        x.span,
                    ));
                }
            };
            p.offset = p
                .offset
                .checked_add(n)
                .ok_or_else(|| EvalError::new("the pointer's offset overflows", x.span))?;
        }
        Ok(Value::MemPtr(p))
    }

    /// `a + b - c`, `a * b / c % d`: integer arithmetic by CuTe's rules for static and
    /// dynamic integers (static when both operands are; `_0 * x` is `_0`).
    #[inline(never)]
    fn arith(&mut self, first: &Expr, rest: &[(BinOp, Span, Expr)]) -> Result<Value, EvalError> {
        let v = self.eval(first)?;
        let mut acc = match v {
            Value::Tuple(t) if t.is_leaf() && !t.leaf(0).is_underscore() => t.leaf(0),
            Value::Float(..)
            | Value::Narrow(..)
            | Value::Ptr(_)
            | Value::Unsigned(..)
            | Value::Const(_) => {
                return self.arith_host(v, first, rest);
            }
            Value::MemPtr(p) => return self.mem_ptr_arith(p, rest),
            v => {
                return Err(EvalError::new(
                    alloc::format!(
                        "'{}' takes integers; this is {} {v}",
                        rest[0].0.symbol(),
                        v.kind()
                    ),
                    first.span,
                ));
            }
        };
        for (k, (op, _, x)) in rest.iter().enumerate() {
            let sym = op.symbol();
            let rv = self.eval(x)?;
            let rhs = match rv {
                Value::Tuple(t) if t.is_leaf() && !t.leaf(0).is_underscore() => t.leaf(0),
                Value::Float(..)
                | Value::Narrow(..)
                | Value::Ptr(_)
                | Value::Unsigned(..)
                | Value::Const(_) => {
                    // a literal with a constant is a constant expression (`2 * cosize_v<T>`)
                    let literal = k == 0 && crate::exec::literal_int(first);
                    let op2 = crate::syntax::Op2::Arith(*op);
                    let lhs = if literal && matches!(rv, Value::Const(_)) {
                        Value::Const(acc.value())
                    } else {
                        Value::int(acc)
                    };
                    let (lhs, rv) = self.settle_mixed(
                        op2,
                        lhs,
                        rv,
                        |env| env.arith_type(first, &rest[..k]),
                        x,
                        rest[k].1,
                    )?;
                    let lhs = crate::exec::binop(op2, lhs, rv, rest[k].1, first.span.join(x.span))?;
                    return self.arith_host_from(lhs, first, rest, k + 1);
                }
                v => {
                    return Err(EvalError::new(
                        alloc::format!("'{sym}' takes integers; this is {} {v}", v.kind()),
                        x.span,
                    ));
                }
            };
            let span = first.span.join(x.span);
            let r = match op {
                BinOp::Add => acc.try_add(rhs),
                BinOp::Sub => acc.try_sub(rhs),
                BinOp::Mul => acc.try_mul(rhs),
                BinOp::Div => acc.try_div(rhs),
                BinOp::Rem => acc.try_rem(rhs),
            };
            acc = r.map_err(|err| match err {
                rcute::Error::DivideByZero { .. } => EvalError::new(
                    alloc::format!(
                        "{acc} {sym} {rhs}: {} by zero",
                        if *op == BinOp::Div {
                            "division"
                        } else {
                            "remainder"
                        }
                    ),
                    span,
                ),
                other => EvalError::new(
                    alloc::format!(
                        "{acc} {sym} {rhs}: {}",
                        EvalError::from_core(other, span).message
                    ),
                    span,
                ),
            })?;
            if !acc.is_static() && i32::try_from(acc.value()).is_err() {
                // beyond int: an overflow where the expression is an int
                let r = self.int32_result(
                    crate::syntax::Op2::Arith(*op),
                    Value::int(acc),
                    0,
                    |env| env.arith_type(first, &rest[..=k]),
                    rest[k].1,
                )?;
                if let Value::Tuple(t) = r {
                    acc = t.leaf(0);
                }
            }
        }
        Ok(Value::int(acc))
    }

    /// Arithmetic where the first operand is a floating-point number or a pointer.
    #[inline(never)]
    fn arith_host(
        &mut self,
        first_v: Value,
        first: &Expr,
        rest: &[(BinOp, Span, Expr)],
    ) -> Result<Value, EvalError> {
        self.arith_host_from(first_v, first, rest, 0)
    }

    #[inline(never)]
    fn arith_host_from(
        &mut self,
        mut acc: Value,
        first: &Expr,
        rest: &[(BinOp, Span, Expr)],
        start: usize,
    ) -> Result<Value, EvalError> {
        for (k, (op, at, x)) in rest.iter().enumerate().skip(start) {
            let mut rv = self.eval(x)?;
            if matches!(acc, Value::Const(_)) && crate::exec::literal_int(x) {
                rv = crate::exec::as_const(rv);
            }
            let op2 = crate::syntax::Op2::Arith(*op);
            let (a, b) = self.settle_mixed(
                op2,
                acc,
                rv,
                |env| env.arith_type(first, &rest[..k]),
                x,
                *at,
            )?;
            acc = crate::exec::binop(op2, a, b, *at, first.span.join(x.span))?;
            acc = self.int32_result(op2, acc, 0, |env| env.arith_type(first, &rest[..=k]), *at)?;
        }
        Ok(acc)
    }

    /// `f(args)` of a value: a layout or a tensor at a coordinate, an element of a tensor
    /// over an array, or a call of a lambda.
    pub(crate) fn apply_value(
        &mut self,
        fv: Value,
        args: &[Expr],
        fspan: Span,
        span: Span,
    ) -> Result<Value, EvalError> {
        match fv {
            Value::Func(f) => {
                let vals = self.eval_args(args)?;
                self.call_user(&f.0, &[], vals, span, true)
            }
            Value::Data(t) => {
                let (coord, _) = self.coordinate(args, span)?;
                if coord.has_underscore() {
                    let sub =
                        t.t.try_slice(&coord)
                            .map_err(|e| EvalError::from_core(e, span))?;
                    return Ok(Value::Data(alloc::boxed::Box::new(
                        crate::data::DataTensor {
                            ptr: t.ptr,
                            t: sub,
                            owning: false,
                        },
                    )));
                }
                let p = self.data_elem(&t, &coord, span)?;
                self.read(p, span)
            }
            Value::Lazy(l) => {
                let (coord, _) = self.coordinate(args, span)?;
                if coord.has_underscore() {
                    let base = match &l.base {
                        Value::Data(t) => {
                            Value::Data(alloc::boxed::Box::new(crate::data::DataTensor {
                                ptr: t.ptr,
                                t: t.t
                                    .try_slice(&coord)
                                    .map_err(|e| EvalError::from_core(e, span))?,
                                owning: false,
                            }))
                        }
                        Value::Tensor(t) => Value::Tensor(alloc::boxed::Box::new(
                            t.try_slice(&coord)
                                .map_err(|e| EvalError::from_core(e, span))?,
                        )),
                        v => {
                            return Err(EvalError::new(
                                alloc::format!("a slice of {}", v.kind()),
                                span,
                            ));
                        }
                    };
                    return Ok(Value::Lazy(alloc::boxed::Box::new(
                        crate::value::LazyTensor {
                            base,
                            f: l.f.clone(),
                        },
                    )));
                }
                self.element_of(&Value::Lazy(l), &coord, span)
            }
            Value::Counting(c) if c.t.is_some() => {
                let (coord, _) = self.coordinate(args, span)?;
                let t = c.t.unwrap_or_else(|| unreachable!());
                if coord.has_underscore() {
                    let sub = t
                        .try_slice(&coord)
                        .map_err(|e| EvalError::from_core(e, span))?;
                    return Ok(Value::Counting(alloc::boxed::Box::new(
                        crate::value::CountingTensor {
                            start: c.start,
                            t: Some(sub),
                        },
                    )));
                }
                self.element_of(&Value::Counting(c), &coord, span)
            }
            fv @ Value::Composed(_) => {
                let (coord, cspan) = self.coordinate(args, span)?;
                if !coord.has_underscore() {
                    return apply(&fv, (coord, cspan), fspan, span);
                }
                // `A(c)` with `_` is CuTe's slice(c, A): refused where slice is, with
                // CuTe's answer (in the as-CuTe mode, answered)
                let Some(f) = crate::functions::find("slice") else {
                    return apply(&fv, (coord, cspan), fspan, span);
                };
                let call = crate::functions::Call {
                    name: "slice",
                    span,
                    name_span: fspan,
                    targs: &[],
                    args: alloc::vec![(Value::Tuple(coord), cspan), (fv, fspan)],
                    as_cute: self.as_cute.as_ref(),
                };
                f.eval(&call)
            }
            fv => {
                let coord = self.coordinate(args, span)?;
                apply(&fv, coord, fspan, span)
            }
        }
    }

    /// What `print(x)` writes, or with `stream` one item of `std::cout << x`: a string as
    /// it is, a value as CuTe's `print` and `operator<<` write it (the same text), except
    /// that a stream writes a floating-point number as C++'s default format does (`%g`,
    /// 6 significant digits: `2.5`, `1e+08`) where `print` writes `%f`.
    pub(crate) fn print_one(&mut self, e: &Expr, stream: bool) -> Result<String, EvalError> {
        if let ExprKind::Str(s) = &e.kind {
            return Ok(if stream {
                self.pad(s.clone())
            } else {
                s.clone()
            });
        }
        // a character type: a stream writes the character, CuTe's print a char's character
        // and a signed or unsigned char's number
        if let Some(ty) = self.char_type(e)
            && (stream || ty.0 == "char")
        {
            let v = self.eval(e)?;
            let c = crate::host::character(&v, e.span)?;
            return Ok(if stream { self.pad(c) } else { c });
        }
        let v = self.eval(e)?;
        if stream {
            // a number as the stream's state writes it
            let int = match &v {
                Value::Tuple(t)
                    if t.is_leaf()
                        && !t.leaf(0).is_basis()
                        && !t.leaf(0).is_underscore()
                        && !t.leaf(0).is_static() =>
                {
                    let x = t.leaf(0).value();
                    let bits = match self.int_type(e) {
                        Some(ty) => ty.bits,
                        None if i32::try_from(x).is_ok() => 32,
                        None => 64,
                    };
                    Some((i128::from(x), bits))
                }
                Value::Unsigned(u, bits) => Some((i128::from(*u), *bits)),
                Value::Const(c) => Some((i128::from(*c), 32)),
                _ => None,
            };
            if self.stream.boolalpha
                && let Value::Tuple(t) = &v
                && t.is_leaf()
                && t.leaf(0).is_static()
                && !t.leaf(0).is_basis()
                && matches!(t.leaf(0).value(), 0 | 1)
            {
                // CuTe's `C<b>` writes `_` then its value: `_true` of a bool's
                match self.bool_type(e) {
                    Some(true) => {
                        // the width applies to the `_`
                        let word = if t.leaf(0).value() == 1 {
                            "true"
                        } else {
                            "false"
                        };
                        return Ok(self.pad(String::from("_")) + word);
                    }
                    Some(false) => {}
                    None => {
                        return Err(EvalError::new(
                            "after std::boolalpha, whether this static value is a bool (written _true or _false) or an integer rcute does not know",
                            e.span,
                        ));
                    }
                }
            }
            if let Some((x, bits)) = int {
                if self.stream.boolalpha && (x == 0 || x == 1) {
                    match self.bool_type(e) {
                        Some(true) => {
                            let word = if x == 1 { "true" } else { "false" };
                            return Ok(self.pad(String::from(word)));
                        }
                        Some(false) => {}
                        None => {
                            return Err(EvalError::new(
                                "after std::boolalpha, whether this is a bool (written true or false) or another integer rcute does not know; write bool(x) or int(x)",
                                e.span,
                            ));
                        }
                    }
                }
                let text = self.stream_int(x, bits, e.span)?;
                return Ok(self.pad(text));
            }
            // half_t's operator<< writes float(x)
            if let Value::Float(f, _) | Value::Narrow(f, _) = v {
                let text = self.stream_float(f);
                return Ok(self.pad(text));
            }
            if !self.stream_is_plain() {
                return Err(crate::operators::not_supported(
                    &alloc::format!(
                        "std::cout << {} after std::setw, std::hex, std::fixed or std::setprecision (CuTe's operator<< writes it in pieces, each with the stream's state)",
                        v.kind()
                    ),
                    "print(x), or std::cout of its numbers one by one",
                    e.span,
                ));
            }
        }
        match v {
            Value::Counting(c) if stream && c.t.is_some() => Err(crate::operators::not_supported(
                "std::cout << t of a tensor over a counting iterator",
                "print_tensor(t)",
                e.span,
            )),
            Value::Lazy(_) if stream => Err(crate::operators::not_supported(
                "std::cout << t of a lazy::transform tensor",
                "a loop that prints its elements, t(i)",
                e.span,
            )),
            Value::Data(t) if stream && self.stream.boolalpha && t.ptr.elem.0 == "bool" => {
                Err(crate::operators::not_supported(
                    "std::cout << t of a tensor of bool after std::boolalpha",
                    "print_tensor(t)",
                    e.span,
                ))
            }
            Value::Data(t) if stream => self.stream_data(&t, e.span),
            Value::Tensor(t) if stream => Env::stream_coords(&t, e.span),
            // a stream writes the elements, which a tensor over a null pointer has not
            Value::PtrTensor(_) if stream => Err(EvalError::new(
                "std::cout << t of a tensor over a pointer writes its elements, which this one does not hold (C++ reads memory at the pointer); print(t) writes the tensor itself",
                e.span,
            )),
            Value::Printed(_) => Err(EvalError::new("a printer returns no value", e.span)),
            Value::Slice(..) => Err(crate::operators::not_supported(
                "printing a thread slice",
                "print of one of its partitions",
                e.span,
            )),
            Value::TvTiler(_) => Err(crate::operators::not_supported(
                "printing a TV_Tiler (CuTe has no print of it)",
                "print of one of its partitions",
                e.span,
            )),
            // CuTe's print of an atom or a tiling ends its last line
            v @ (Value::MmaAtom(_)
            | Value::CopyAtom(_)
            | Value::TiledMma(_)
            | Value::TiledCopy(_)) => {
                let mut s = v.to_string();
                if !s.ends_with('\n') {
                    s.push('\n');
                }
                Ok(s)
            }
            v => Ok(v.to_string()),
        }
    }

    /// CuTe's `print(x)` (the value, no newline), `print("text")`, and `print(format,
    /// args...)` or `printf(format, args...)` with integer arguments.
    #[inline(never)]
    fn print(&mut self, name: &str, args: &[Expr], span: Span) -> Result<Value, EvalError> {
        match args {
            [] => Err(EvalError::new(
                alloc::format!(
                    "{name} takes a value or a format string: {name}(L), {name}(\"%d\\n\", x)"
                ),
                span,
            )),
            [x] if name == "print" => self.print_one(x, false).map(Value::Printed),
            [f, rest @ ..] => {
                let ExprKind::Str(format) = &f.kind else {
                    return Err(EvalError::new(
                        alloc::format!(
                            "{name}: the first of several arguments is a format string, as in {name}(\"%d\\n\", x)"
                        ),
                        f.span,
                    ));
                };
                let mut vals = Vec::with_capacity(rest.len());
                for a in rest {
                    vals.push((self.print_arg(a)?, a.span));
                }
                super::printf::format(name, format, &vals, f.span).map(Value::Printed)
            }
        }
    }

    fn print_arg(&mut self, e: &Expr) -> Result<super::printf::Arg, EvalError> {
        if let ExprKind::Str(s) = &e.kind {
            return Ok(super::printf::Arg::Str(s.clone()));
        }
        match self.eval(e)? {
            Value::Tuple(t) if t.is_leaf() && !t.leaf(0).is_basis() => {
                Ok(super::printf::Arg::Int(t.leaf(0).value()))
            }
            Value::Float(f, _) => Ok(super::printf::Arg::Float(f)),
            // its bits, which the conversion reads as its length modifier says
            Value::Unsigned(u, _) => Ok(super::printf::Arg::Int(u as i64)),
            Value::Const(c) => Ok(super::printf::Arg::Int(c)),
            v => Err(EvalError::new(
                alloc::format!(
                    "a printf argument is an integer or a string; this is {} {v}",
                    v.kind()
                ),
                e.span,
            )),
        }
    }

    #[inline(never)]
    fn tuple(&mut self, items: &[Expr], span: Span) -> Result<Value, EvalError> {
        let mut vals = Vec::with_capacity(items.len());
        for x in items {
            vals.push(self.eval(x)?);
        }
        if vals
            .iter()
            .any(|v| matches!(v, Value::Unsigned(..) | Value::Const(_)))
        {
            crate::exec::plain_all(&mut vals, items)?;
        }
        tuple_of(vals, items, span)
    }

    #[inline(never)]
    fn layout(&mut self, s: &Expr, d: &Expr, span: Span) -> Result<Value, EvalError> {
        let shape = self.int_tuple(s, "the shape of a layout")?;
        let stride = self.int_tuple(d, "the stride of a layout")?;
        layout_of(shape, stride, s, d, span)
    }

    #[inline(never)]
    fn name(&mut self, name: &str, targs: &[i64], span: Span) -> Result<Value, EvalError> {
        if let Some(Var { row, .. }) = self.lookup(name)
            && *row > 0
        {
            return Err(crate::operators::not_supported(
                &alloc::format!("the array of arrays {name} as a value"),
                &alloc::format!("{name}[i][j], {name}[i] (a row's pointer) or &{name}[0][0]"),
                span,
            ));
        }
        if let Some(var) = self.lookup(name) {
            if !targs.is_empty() {
                return Err(EvalError::new(
                    alloc::format!("{name} is a variable and takes no template arguments"),
                    span,
                ));
            }
            return self.var_value(var, span);
        }
        if name == "Swizzle" {
            let (b, m, s) = match targs {
                [b, m, s] => (*b, *m, *s),
                [b, m] => (*b, *m, *b),
                _ => {
                    return Err(EvalError::new(
                        "Swizzle takes two or three template arguments: Swizzle<B,M,S>",
                        span,
                    ));
                }
            };
            return rcute::swizzle::Swizzle::try_new(b, m, s)
                .map(Value::Swizzle)
                .map_err(|err| EvalError::from_core(err, span));
        }
        if name == "E" {
            return basis_element(targs, span);
        }
        if matches!(name, "make_int_sequence" | "make_seq") {
            // CuTe's `int_sequence<0, ..., N-1>`: the tuple of static integers
            // (`for_each(make_int_sequence<N>{}, f)` calls f with each)
            let [n] = targs else {
                return Err(EvalError::new(
                    alloc::format!("{name}<N> takes one integer"),
                    span,
                ));
            };
            if *n < 0 || *n > rcute::tuple::CAPACITY as i64 {
                return Err(EvalError::new(
                    alloc::format!(
                        "{name}<{n}>: a sequence of 0 to {} integers",
                        rcute::tuple::CAPACITY
                    ),
                    span,
                ));
            }
            let items: Vec<IntTuple> = (0..*n)
                .map(|i| IntTuple::from_int(Int::constant(i)))
                .collect();
            return IntTuple::try_tuple(&items)
                .map(Value::Tuple)
                .map_err(|e| EvalError::from_core(e, span));
        }
        match name {
            "LayoutLeft" | "GenColMajor" => Ok(Value::Tag(Tag::LayoutLeft)),
            "LayoutRight" | "GenRowMajor" => Ok(Value::Tag(Tag::LayoutRight)),
            "X" => Ok(Value::int(Int::UNDERSCORE)),
            // CuTe's static bools, C<true> and C<false>
            "true_type" | "false_type" => Ok(Value::int(Int::bool(name == "true_type", true))),
            _ if self.funcs.contains_key(name) => match self.funcs.get(name).and_then(|f| f.last())
            {
                Some(f) => Ok(Value::Func(crate::data::FuncRef(f.clone()))),
                None => Err(EvalError::new(alloc::format!("unknown name {name}"), span)),
            },
            "threadIdx" | "blockIdx" | "blockDim" | "gridDim" => Err(EvalError::new(
                alloc::format!("{name} is read by its members: {name}.x, {name}.y, {name}.z"),
                span,
            )),
            _ if find(name).is_some() => Err(EvalError::new(
                alloc::format!("{name} is a function: call it with arguments, {name}(...)"),
                span,
            )),
            _ if name.starts_with("SM") || name.starts_with("UniversalFMA") => {
                atom_value(name, span)
            }
            _ if let Some(v) = smem_layout_atom(name, span) => v,
            _ if super::value::element_type(name).is_some() && targs.is_empty() => Ok(
                Value::ElementType(super::value::element_type(name).unwrap_or_default()),
            ),
            _ if name.starts_with("GMMA::Major::") || name.starts_with("UMMA::Major::") => {
                Err(crate::operators::not_supported(
                    &alloc::format!("{name} as a value other than a constant's"),
                    &alloc::format!(
                        "it as a template argument, or a constant: constexpr auto M = {name};"
                    ),
                    span,
                ))
            }
            _ => Err(EvalError::new(
                alloc::format!("unknown name {name}{}", self.suggest(name)),
                span,
            )),
        }
    }

    /// A call: a bound layout applied to a coordinate, a printer, `explain`, or a function
    /// of the table, whose argument values are also left in `record` when it is given.
    #[inline(never)]
    fn call(
        &mut self,
        name: &str,
        name_span: Span,
        targs: &[i64],
        args: &[Expr],
        span: Span,
        record: Option<&mut Option<Vec<Value>>>,
    ) -> Result<Value, EvalError> {
        if targs.is_empty() && self.lookup(name).is_some() {
            return self.call_var(name, args, name_span, span);
        }
        let name = if name == "std::printf" {
            "printf"
        } else {
            name
        };
        if matches!(name, "print" | "printf") && targs.is_empty() {
            // `print(x)` shown: x's value is recorded as the argument of a call of `print`,
            // so that a front end draws it as it draws a bare expression
            if let (Some(r), "print", [x]) = (record, name, args)
                && !matches!(x.kind, ExprKind::Str(_))
            {
                return self.print_shown(x, r);
            }
            return self.print(name, args, span);
        }
        if !self.funcs.is_empty() && self.funcs.contains_key(name) {
            return self.call_program(name, targs, args, span);
        }
        if name.starts_with([
            '_', 'a', 'b', 'c', 'e', 'f', 'g', 'i', 'l', 'm', 'p', 's', 't', 'w',
        ]) && crate::host::is_host_call(name)
            && let Some(v) = self.host_call(name, targs, args, name_span, span)?
        {
            return Ok(v);
        }
        if targs.is_empty() && crate::cstd::is_std_call(name) {
            return self.std_call(name, args, name_span, span);
        }
        if name == "decltype::value" && args.len() == 1 {
            return self.static_value(&args[0]);
        }
        if name == "Int<>" && args.len() == 1 {
            return self.static_int_of(&args[0]);
        }
        if name == "decltype::AtomThrID" && args.len() == 1 {
            return match self.eval(&args[0])? {
                Value::TiledMma(m) => Ok(Value::Layout(*m.atom().thr_id())),
                Value::MmaAtom(a) => Ok(Value::Layout(*a.thr_id())),
                v => Err(EvalError::new(
                    alloc::format!(
                        "::AtomThrID is a member type of a tiled MMA; this is {} {v}",
                        v.kind()
                    ),
                    args[0].span,
                )),
            };
        }
        if name == "decltype{}" && args.len() == 1 {
            return self.decltype_value(&args[0], span);
        }
        if name == "is_static" && args.len() == 1 {
            return self.is_static_of(&args[0]);
        }
        if matches!(
            name,
            "is_same"
                | "is_constant"
                | "is_layout"
                | "is_tuple"
                | "is_integral"
                | "std::is_integral"
        ) {
            return self.type_trait(name, args, span);
        }
        if name == "explain" && targs.is_empty() && args.len() == 1 {
            // explain(f(x, y)): the steps of the call written as its argument, whose
            // arguments are evaluated here
            return self.explain(&args[0]);
        }
        let Some(func) = find(name) else {
            return Err(self.unknown_function(name, name_span));
        };
        let vals = self.eval_args(args)?;
        if matches!(name, "max" | "min") && vals.iter().any(|(v, _)| matches!(v, Value::Float(..)))
        {
            return Env::float_min_max(name, vals, span);
        }
        if let Some(r) = record {
            *r = Some(vals.iter().map(|(v, _)| v.clone()).collect());
        }
        crate::host::call_table(func, targs, vals, name_span, span, self.as_cute.as_ref())
    }

    /// `print(x)` of a shown statement: x's value recorded as the argument of a call of
    /// `print`, its text printed. Out of [`Env::call`], whose frame is on the stack once
    /// per level of nesting.
    #[inline(never)]
    fn print_shown(&mut self, x: &Expr, r: &mut Option<Vec<Value>>) -> Result<Value, EvalError> {
        let v = self.eval(x)?;
        if let Value::Printed(_) = v {
            return Err(EvalError::new("a printer returns no value", x.span));
        }
        let text = v.to_string();
        *r = Some(alloc::vec![v]);
        Ok(Value::Printed(text))
    }

    /// Whether `a` names an array of arrays (`float a[4][8]`).
    pub(crate) fn row_of_name(&self, a: &Expr) -> bool {
        matches!(&a.kind, ExprKind::Name { name, .. } if self.lookup(name).is_some_and(|v| v.row > 0))
    }

    /// The error of an expression whose order of evaluation C++ leaves open, at `span`.
    #[cold]
    #[inline(never)]
    fn sequenced(&self, span: Span) -> Result<(), EvalError> {
        match self.unsequenced.iter().find(|(s, _)| *s == span) {
            Some((s, m)) => Err(EvalError::new(m.clone(), *s)),
            None => Ok(()),
        }
    }

    /// `unknown function f; did you mean g?` (out of [`Env::call`]'s frame).
    #[cold]
    #[inline(never)]
    fn unknown_function(&self, name: &str, name_span: Span) -> EvalError {
        EvalError::new(
            alloc::format!("unknown function {name}{}", self.suggest(name)),
            name_span,
        )
    }

    /// A call of one of the program's functions (the overload with as many parameters).
    #[inline(never)]
    fn call_program(
        &mut self,
        name: &str,
        targs: &[i64],
        args: &[Expr],
        span: Span,
    ) -> Result<Value, EvalError> {
        let fs = self.funcs.get(name).map(|fs| {
            let same = fs.iter().filter(|f| f.takes(args.len())).count();
            (
                fs.iter()
                    .rev()
                    .find(|f| f.takes(args.len()))
                    .or(fs.last())
                    .cloned(),
                same,
            )
        });
        let Some((Some(f), same)) = fs else {
            return Err(self.unknown_function(name, span));
        };
        if same > 1 {
            // C++ picks the overload by the arguments' types, which rcute does not
            return Err(crate::operators::not_supported(
                &alloc::format!(
                    "overloads of {name} with {} parameter{}",
                    args.len(),
                    if args.len() == 1 { "" } else { "s" }
                ),
                "functions of different names",
                span,
            ));
        }
        self.call_with_refs(&f, name, targs, args, span, false)
    }

    /// Calls `f` (a function of the program, or with `lambda` a lambda) on `args`. A
    /// non-const reference parameter's argument is a variable of the caller, which receives
    /// the parameter's value when the call returns. For a lambda, whose body sees the
    /// caller's variables, that copy is C++'s reference only where the body reaches the
    /// variable by no other name: a body that names it, or calls a function or a lambda,
    /// is refused.
    pub(crate) fn call_with_refs(
        &mut self,
        f: &alloc::sync::Arc<crate::syntax::FuncDef>,
        name: &str,
        targs: &[i64],
        args: &[Expr],
        span: Span,
        lambda: bool,
    ) -> Result<Value, EvalError> {
        // this call's explicit template types, kept from the calls its arguments make
        let explicit = core::mem::take(&mut self.explicit_types);
        let mut outs = Vec::new();
        let mut mems = Vec::new();
        for (k, (_, ty)) in f.params.iter().enumerate() {
            if !ty.reference {
                continue;
            }
            // a scalar variable or an element: the parameter names its place
            if ty.pointers == 0
                && let Some(a) = args.get(k)
                && let Some(p) = self.ref_target(a)?
            {
                mems.push((k, p));
                continue;
            }
            match args.get(k).map(|a| &a.kind) {
                Some(ExprKind::Name { name: var, targs }) if targs.is_empty() => {
                    if outs.iter().any(|(_, v): &(usize, &str)| v == var) {
                        return Err(crate::operators::not_supported(
                            &alloc::format!("{var} given to two reference parameters of {name}"),
                            "one reference to each variable",
                            args[k].span,
                        ));
                    }
                    outs.push((k, var.as_str()));
                }
                _ => {
                    return Err(crate::operators::not_supported(
                        &alloc::format!(
                            "a reference parameter of {name} bound to anything but a variable"
                        ),
                        "a variable as the argument",
                        args.get(k).map_or(span, |a| a.span),
                    ));
                }
            }
        }
        if lambda && !outs.is_empty() {
            let params: Vec<&str> = f.params.iter().map(|(n, _)| n.as_str()).collect();
            for m in crate::sequence::mentioned(&f.body) {
                let reaches = outs.iter().any(|(_, v)| *v == m) && !params.contains(&m.as_str());
                let calls = matches!(self.lookup(&m).map(|v| &v.v), Some(Value::Func(_)))
                    || self.funcs.contains_key(&m);
                if reaches || calls {
                    return Err(crate::operators::not_supported(
                        &alloc::format!(
                            "a lambda's non-const reference parameter, whose body also reaches the caller's variable through {m}"
                        ),
                        "a value parameter and the lambda's result, or a function",
                        span,
                    ));
                }
            }
        }
        let vals = self.eval_args(args)?;
        self.arg_types = args.iter().map(|a| self.arg_elem(a)).collect();
        self.explicit_types = explicit;
        if outs.is_empty() && mems.is_empty() {
            return self.call_user(f, targs, vals, span, lambda);
        }
        self.ref_out.clear();
        self.lambda_refs = lambda;
        self.param_mem = mems;
        let r = self.call_user(f, targs, vals, span, lambda)?;
        // one value for each reference parameter, in order
        let finals = core::mem::take(&mut self.ref_out);
        let refs: Vec<usize> = (0..f.params.len())
            .filter(|&k| f.params[k].1.reference)
            .collect();
        for (k, var) in &outs {
            if let Some(v) = refs.iter().position(|r| r == k).and_then(|j| finals.get(j)) {
                self.set_name(var, v.clone(), args[*k].span)?;
            }
        }
        Ok(r)
    }

    /// `v(args)` of a variable `v`: a layout applied, a lambda called.
    #[inline(never)]
    fn call_var(
        &mut self,
        name: &str,
        args: &[Expr],
        name_span: Span,
        span: Span,
    ) -> Result<Value, EvalError> {
        let v = self
            .lookup(name)
            .map(|v| v.v.clone())
            .unwrap_or_else(crate::exec::void);
        if let Value::Func(f) = &v
            && f.0.params.iter().any(|(_, ty)| ty.reference)
        {
            // a lambda with reference parameters: its arguments are the caller's variables
            return self.call_with_refs(&f.0, name, &[], args, span, true);
        }
        // `T(x)` of a template's type parameter bound to a scalar type: a cast; `T()` zero
        if let Value::ElementType(t) = &v
            && let Some(elem) = crate::data::Elem::named(t)
            && args.len() <= 1
        {
            let x = match args.first() {
                Some(x) => self.eval(x)?,
                None => Value::int(Int::dynamic(0)),
            };
            return crate::exec::convert(x, elem, span);
        }
        self.apply_value(v, args, name_span, span)
    }

    /// The values of a call's arguments, each with its span (a printer's output is not a
    /// value).
    pub(crate) fn eval_args(&mut self, args: &[Expr]) -> Result<Vec<(Value, Span)>, EvalError> {
        if self.calls > 0 {
            // inside the program's functions, calls nest across their bodies: bound them
            // together (the stack holds them all)
            if self.nest >= crate::exec::MAX_NEST {
                return Err(EvalError::new(
                    alloc::format!(
                        "the program nests too deeply: at most {} levels of calls, counting those inside its functions",
                        crate::exec::MAX_NEST
                    ),
                    args.first().map_or(Span::new(0, 1), |a| a.span),
                ));
            }
            self.nest += 1;
            let r = self.eval_args_inner(args);
            self.nest -= 1;
            return r;
        }
        self.eval_args_inner(args)
    }

    fn eval_args_inner(&mut self, args: &[Expr]) -> Result<Vec<(Value, Span)>, EvalError> {
        let mut vals = Vec::with_capacity(args.len());
        for a in args {
            let v = self.eval(a)?;
            if let Value::Printed(_) = v {
                return Err(EvalError::new("a printer returns no value", a.span));
            }
            vals.push((v, a.span));
        }
        // CuTe's functions take an unsigned integer or a constant as a dynamic one
        if vals
            .iter()
            .any(|(v, _)| matches!(v, Value::Unsigned(..) | Value::Const(_)))
        {
            crate::exec::arguments(&mut vals)?;
        }
        Ok(vals)
    }

    /// [`Env::eval`] of a shown expression, and when it is a call of a table function, the
    /// function's name and its arguments' values (evaluated once, as the call uses them).
    fn eval_recording(&mut self, e: &Expr) -> Result<(Value, Option<TableCall>), EvalError> {
        let ExprKind::Call {
            name,
            name_span,
            targs,
            args,
        } = &e.kind
        else {
            return Ok((self.eval(e)?, None));
        };
        // a call that does not reach the table (a bound layout, a printer) records nothing
        let mut values = None;
        let v = self.call(name, *name_span, targs, args, e.span, Some(&mut values))?;
        Ok((v, values.map(|vals| (name.clone(), vals))))
    }

    /// The steps of the call `e` (a call of an algebra function), as printed text.
    #[inline(never)]
    fn explain(&mut self, e: &Expr) -> Result<Value, EvalError> {
        let ExprKind::Call {
            name,
            name_span,
            targs,
            args,
        } = &e.kind
        else {
            return Err(EvalError::new(
                "explain: the argument must be a call of the algebra, e.g. explain(composition(A, B))",
                e.span,
            ));
        };
        let Some(func) = find(name) else {
            return Err(EvalError::new(
                alloc::format!("unknown function {name}{}", self.suggest(name)),
                *name_span,
            ));
        };
        let vals = self.eval_args(args)?;
        let call = Call {
            name: func.name,
            span: e.span,
            name_span: *name_span,
            targs,
            args: vals,
            as_cute: None,
        };
        func.check_arity(&call)?;
        explain_call(func, &call).map(|x| Value::Printed(x.to_string()))
    }

    fn int_tuple(&mut self, e: &Expr, what: &str) -> Result<IntTuple, EvalError> {
        match self.eval(e)? {
            Value::Tuple(t) => Ok(t),
            v @ (Value::Unsigned(..) | Value::Const(_)) => {
                crate::exec::as_plain(v, e.span).map(|v| match v {
                    Value::Tuple(t) => t,
                    _ => unreachable!("as_plain makes an integer"),
                })
            }
            v => Err(EvalError::new(
                alloc::format!(
                    "{what} must be an integer or a tuple of integers, found {}",
                    v.kind()
                ),
                e.span,
            )),
        }
    }

    /// The coordinate of an application `f(c0, c1, ...)`: one argument is the coordinate,
    /// several make a tuple (CuTe's `make_coord`).
    pub(crate) fn coordinate(
        &mut self,
        args: &[Expr],
        span: Span,
    ) -> Result<(IntTuple, Span), EvalError> {
        if args.is_empty() {
            return Err(EvalError::new(
                "a layout is applied to a coordinate: L(c)",
                span,
            ));
        }
        let mut parts = Vec::with_capacity(args.len());
        for a in args {
            parts.push(self.int_tuple(a, "a coordinate")?);
        }
        let cspan = args[0].span.join(args[args.len() - 1].span);
        if parts.len() == 1 {
            return Ok((parts[0], cspan));
        }
        IntTuple::try_tuple(&parts)
            .map(|t| (t, cspan))
            .map_err(|err| EvalError::from_core(err, cspan))
    }
}

/// `f(coord)`: a layout at a coordinate (an offset), or sliced when the coordinate has `_`.
fn apply(
    f: &Value,
    (coord, _cspan): (IntTuple, Span),
    fspan: Span,
    span: Span,
) -> Result<Value, EvalError> {
    match f {
        Value::Layout(l) => {
            if coord.has_underscore() {
                return l
                    .try_slice(&coord)
                    .map(Value::Layout)
                    .map_err(|e| EvalError::from_core(e, span));
            }
            l.try_apply(&coord)
                .map(Value::Tuple)
                .map_err(|e| EvalError::from_core(e, span))
        }
        Value::Composed(c) => {
            if coord.has_underscore() {
                return c
                    .try_slice(&coord)
                    .map(Value::from)
                    .map_err(|e| EvalError::from_core(e, span));
            }
            c.try_apply(&coord)
                .map(Value::int)
                .map_err(|e| EvalError::from_core(e, span))
        }
        Value::Chain(c) => {
            if coord.has_underscore() {
                return Err(EvalError::new(
                    "slicing a chain of composed layouts is not supported (CuTe refuses it too)",
                    span,
                ));
            }
            c.try_apply(&coord)
                .map(Value::int)
                .map_err(|e| EvalError::from_core(e, span))
        }
        Value::Tensor(t) => {
            if coord.has_underscore() {
                return t
                    .try_slice(&coord)
                    .map(|t| Value::Tensor(alloc::boxed::Box::new(t)))
                    .map_err(|e| EvalError::from_core(e, span));
            }
            t.try_get(&coord)
                .map(Value::Tuple)
                .map_err(|e| EvalError::from_core(e, span))
        }
        Value::PtrTensor(p) if coord.has_underscore() => {
            let rcute::swizzle::MaybeSwizzled::Plain(l) = p.layout else {
                return Err(EvalError::new(
                    "slicing a tensor over a pointer with a swizzled layout is not supported",
                    fspan,
                ));
            };
            let t = crate::functions::tensors::over_offset(p.ptr.offset, l);
            let s = t
                .try_slice(&coord)
                .map(|t| Value::Tensor(alloc::boxed::Box::new(t)))
                .map_err(|e| EvalError::from_core(e, span))?;
            crate::functions::tensors::back_over(s, p.ptr, span)
        }
        Value::PtrTensor(_) => Err(EvalError::new(
            "an element of a tensor over a pointer the program does not own (a null pointer) cannot be read",
            span,
        )),
        Value::DescTensor(d) if coord.has_underscore() => {
            // CuTe's slice moves the iterator (which prints the same) and slices the layout
            let l = d
                .layout
                .try_slice(&coord)
                .map_err(|e| EvalError::from_core(e, span))?;
            Ok(Value::DescTensor(alloc::boxed::Box::new(
                crate::value::DescTensor {
                    family: d.family,
                    layout: l,
                },
            )))
        }
        Value::DescTensor(d) => Err(EvalError::new(
            alloc::format!(
                "an element of a tensor of descriptors is a {} descriptor of a shared-memory address, which a host program does not have",
                d.family
            ),
            span,
        )),
        Value::Swizzle(sw) => match coord.as_int() {
            Some(i) if !i.is_basis() && !i.is_underscore() => Ok(Value::int(sw.apply_int(i))),
            _ => Err(EvalError::new("a swizzle is applied to one integer", span)),
        },
        v => Err(EvalError::new(
            alloc::format!(
                "only a layout can be applied to a coordinate; this is {}",
                v.kind()
            ),
            fspan,
        )),
    }
}

/// The span of the first integer literal with value `v` in an expression, if any.
fn leaf_span(e: &Expr, v: i64) -> Option<Span> {
    match &e.kind {
        ExprKind::Int(i) if i.value() == v => Some(e.span),
        ExprKind::Tuple(items) => items.iter().find_map(|x| leaf_span(x, v)),
        _ => None,
    }
}

/// A tuple of evaluated items: an IntTuple when every item is one, otherwise a list.
#[inline(never)]
fn tuple_of(vals: Vec<Value>, items: &[Expr], span: Span) -> Result<Value, EvalError> {
    for (v, x) in vals.iter().zip(items) {
        if let Value::Printed(_) = v {
            return Err(EvalError::new("a printer returns no value", x.span));
        }
    }
    if vals.iter().all(|v| matches!(v, Value::Tuple(_))) {
        let parts: Vec<IntTuple> = vals
            .iter()
            .map(|v| match v {
                Value::Tuple(t) => *t,
                _ => unreachable!(),
            })
            .collect();
        let t = IntTuple::try_tuple(&parts).map_err(|err| EvalError::from_core(err, span))?;
        return Ok(Value::Tuple(t));
    }
    Value::try_list(vals).map_err(|err| EvalError::from_core(err, span))
}

/// The layout `shape:stride` of the literal `s:d`.
#[inline(never)]
fn layout_of(
    shape: IntTuple,
    stride: IntTuple,
    s: &Expr,
    d: &Expr,
    span: Span,
) -> Result<Value, EvalError> {
    Layout::try_new(shape, stride)
        .map(Value::Layout)
        .map_err(|err| match err {
            rcute::Error::NotCongruent { .. } => EvalError::new(
                alloc::format!("the stride {stride} is not congruent to the shape {shape}"),
                d.span,
            ),
            rcute::Error::InvalidShape { value, .. } => EvalError::new(
                alloc::format!("a shape must be positive, found {value}"),
                leaf_span(s, value).unwrap_or(s.span),
            ),
            other => EvalError::from_core(other, span),
        })
}

/// Calls a function of the table on argument values: what a program's call
/// `name<targs>(args...)` does once its arguments are evaluated, for a front end that
/// holds values (the Python package calls the language's functions without printing and
/// parsing them). Each argument comes with the span an error about it points at, in a
/// text of the call that the caller renders; `name_span` is the function's name in that
/// text and `span` the whole call.
///
/// ```
/// use rcute_lang::{Span, call, eval_value, find_function};
/// let a = eval_value("(4,8):(8,_1)").unwrap();
/// let (f, s) = (find_function("size").unwrap(), Span::new(0, 1));
/// assert_eq!(call(f, &[], vec![(a.clone(), s)], s, s).unwrap().to_string(), "32");
/// let f = find_function("stride").unwrap();
/// assert_eq!(call(f, &[1], vec![(a, s)], s, s).unwrap().to_string(), "_1");
/// ```
pub fn call(
    func: &'static Function,
    targs: &[i64],
    args: Vec<(Value, Span)>,
    name_span: Span,
    span: Span,
) -> Result<Value, EvalError> {
    call_of(func, targs, args, name_span, span, None)
}

/// Calls a function of the language on evaluated arguments.
#[inline(never)]
pub(crate) fn call_of(
    func: &'static Function,
    targs: &[i64],
    vals: Vec<(Value, Span)>,
    name_span: Span,
    span: Span,
    as_cute: Option<&core::cell::RefCell<Vec<String>>>,
) -> Result<Value, EvalError> {
    let call = Call {
        name: func.name,
        span,
        name_span,
        targs,
        args: vals,
        as_cute,
    };
    func.check_arity(&call)?;
    func.eval(&call)
}

/// CuTe's basis element `E<i...>` (`ScaledBasis<_1, i...>`): `E<1>` is `_1@1`, `E<1,0>` is
/// `_1@0@1` (the path is printed innermost first).
fn basis_element(targs: &[i64], span: Span) -> Result<Value, EvalError> {
    let err = |msg: alloc::string::String| EvalError::new(msg, span);
    if targs.is_empty() {
        return Err(err("E takes one or more mode indices: E<1>, E<1,0>".into()));
    }
    let mut path = alloc::vec::Vec::with_capacity(targs.len());
    for &t in targs {
        match usize::try_from(t) {
            Ok(i) => path.push(i),
            Err(_) => {
                return Err(err(alloc::format!(
                    "E: a mode index must be non-negative, found {t}"
                )));
            }
        }
    }
    Int::try_basis(Int::ONE, &path)
        .map(Value::int)
        .map_err(|e| EvalError::from_core(e, span))
}

/// An atom by CuTe's type name: a copy atom (`Copy_Atom<...>`) or an MMA atom.
fn atom_value(text: &str, span: Span) -> Result<Value, EvalError> {
    use super::value::Space;
    for (head, space) in [
        ("make_gmem_ptr<", Space::Gmem),
        ("make_smem_ptr<", Space::Smem),
        ("make_tmem_ptr<", Space::Tmem),
    ] {
        if let Some(rest) = text.strip_prefix(head) {
            // make_tmem_ptr<T>(addr) carries its address
            let (rest, base) = match rest.split_once('(') {
                Some((r, a)) => (r, a.trim_end_matches(')').parse::<u32>().unwrap_or(0)),
                None => (rest, 0),
            };
            let ty = rest.strip_suffix('>').unwrap_or(rest);
            let named = super::value::pointer_type(ty);
            let bits = named.and_then(rcute::atom::element_bits);
            let (Some(ty), Some(bits)) = (named, bits) else {
                return Err(EvalError::new(
                    alloc::format!(
                        "{text}: unknown element type {ty} (half_t, float, uint8_t, ...)"
                    ),
                    span,
                ));
            };
            return Ok(Value::MemPtr(super::value::Ptr {
                space,
                ty,
                bits,
                base,
                offset: 0,
                swizzle: None,
            }));
        }
    }
    if let Some(v) = smem_layout_atom(text, span) {
        return v;
    }
    if let Some(op) = rcute::atom::TmaOp::from_name(text) {
        return Ok(Value::TmaOp(op));
    }
    if text.starts_with("SM100_TMEM_") {
        // a TMEM load or store as an operation: make_tmem_copy(OP{}, tmem) takes the
        // tensor's element type
        if let Ok(a) = rcute::atom::copy_atom(&alloc::format!("Copy_Atom<{text},uint32_t>")) {
            return Ok(Value::CopyOp(alloc::boxed::Box::new(*a.op())));
        }
    }
    if text.starts_with("Copy_Atom") {
        return rcute::atom::copy_atom(text)
            .map(|a| Value::CopyAtom(alloc::boxed::Box::new(a)))
            .map_err(|err| atom_error(err, text, span));
    }
    rcute::atom::mma_atom(text)
        .map(|a| Value::MmaAtom(alloc::boxed::Box::new(a)))
        .map_err(|err| atom_error(err, text, span))
}

/// GMMA's and UMMA's shared-memory layout atoms by CuTe's type name:
/// `GMMA::Layout_K_SW128_Atom<half_t>`, `UMMA::Layout_MN_SW128_32B_Atom<float>`,
/// `GMMA::Layout_SW64_Atom<half_t, GMMA::Major::MN>`, `GMMA::Layout_K_SW32_Atom_Bits`
/// (see [`rcute::atom::smem_layout_atom`]); `None` for another name.
fn smem_layout_atom(text: &str, span: Span) -> Option<Result<Value, EvalError>> {
    let t = text.strip_prefix("cute::").unwrap_or(text);
    let (ns, rest) = if let Some(r) = t.strip_prefix("GMMA::") {
        ("GMMA", r)
    } else if let Some(r) = t.strip_prefix("UMMA::") {
        ("UMMA", r)
    } else {
        return None;
    };
    let (name, targs) = match rest.split_once('<') {
        Some((n, a)) => (n.trim(), Some(a.strip_suffix('>').unwrap_or(a))),
        None => (rest.trim(), None),
    };
    if !name.starts_with("Layout_") || !name.contains("_Atom") {
        return None;
    }
    let err = |msg: String| Some(Err(EvalError::new(msg, span)));
    if ns == "GMMA" && name.starts_with("Layout_MN_SW128_32B") {
        return err(alloc::format!(
            "{text}: Layout_MN_SW128_32B_Atom is UMMA's (UMMA::Layout_MN_SW128_32B_Atom<T>)"
        ));
    }
    let bits_form = name.ends_with("_Bits");
    if ns == "UMMA" && bits_form && name != "Layout_MN_SW128_32B_Atom_Bits" {
        // UMMA takes GMMA's atoms in units of a type; of the forms in bits it has its own
        return err(alloc::format!(
            "{text}: UMMA has no {name}; GMMA::{name} is the layout in bits"
        ));
    }
    let (bits, k_major) = match (bits_form, targs) {
        (true, None) => (1, true),
        (true, Some(_)) => return err(alloc::format!("{text}: {name} takes no type")),
        (false, None) => {
            return err(alloc::format!(
                "{ns}::{name} takes the element type, as in {ns}::{name}<half_t>"
            ));
        }
        (false, Some(a)) => {
            let mut parts = a.split(',').map(str::trim);
            let ty = parts.next().unwrap_or("");
            let Some(bits) = rcute::atom::element_bits(ty.strip_prefix("cute::").unwrap_or(ty))
            else {
                return err(alloc::format!(
                    "{text}: unknown element type {ty} (half_t, float, uint8_t, ...)"
                ));
            };
            let with_major = !name.starts_with("Layout_MN_") && !name.starts_with("Layout_K_");
            if with_major && ns == "UMMA" {
                return err(alloc::format!(
                    "{text}: UMMA has no {name}<T, Major>; GMMA::{name}<T, GMMA::Major::K> is it"
                ));
            }
            let major = parts.next();
            if parts.next().is_some() || major.is_some() != with_major {
                return err(alloc::format!(
                    "{text}: {ns}::{name} takes {}",
                    if with_major {
                        "the element type and the major, as in <half_t, GMMA::Major::K>"
                    } else {
                        "the element type alone"
                    }
                ));
            }
            let k = match major.map(|m| m.rsplit("::").next().unwrap_or(m)) {
                None | Some("K") => true,
                Some("MN") => false,
                Some(m) => {
                    return err(alloc::format!("{text}: the major is K or MN, found {m}"));
                }
            };
            (bits, k)
        }
    };
    let atom = rcute::atom::smem_layout_atom(name, bits, k_major)?;
    Some(
        atom.map(Value::Composed)
            .map_err(|e| atom_error(e, text, span)),
    )
}

fn atom_error(err: rcute::Error, text: &str, span: Span) -> EvalError {
    let e = EvalError::from_core(err, span);
    EvalError::new(alloc::format!("{text}: {}", e.message), e.span)
}

impl Env {
    /// `f<exprs>(args)` (`ExprKind::CallTargs`): the template arguments evaluated to
    /// integers, then the call (laid out of line: `eval` recurses, its frame stays small).
    #[inline(never)]
    fn call_targs(
        &mut self,
        name: &str,
        name_span: Span,
        targs: &[Expr],
        args: &[Expr],
        span: Span,
    ) -> Result<Value, EvalError> {
        let mut ints = Vec::with_capacity(targs.len());
        for t in targs {
            // C++ needs a constant expression there: literals and static values,
            // and arithmetic of them (`rank(L) - 1`)
            let constant = self.constant_expr(t)?;
            ints.push(match self.eval(t)? {
                Value::Tuple(x)
                    if x.is_leaf()
                        && constant
                        && !x.leaf(0).is_basis()
                        && !x.leaf(0).is_underscore() =>
                {
                    x.leaf(0).value()
                }
                Value::Const(c) => c,
                v => {
                    return Err(EvalError::new(
                        alloc::format!(
                            "a template argument is an integer known at compile time (a static integer, as rank(L) is); this is {} {v}, which C++ does not compile there",
                            v.kind()
                        ),
                        t.span,
                    ));
                }
            });
        }
        self.call(name, name_span, &ints, args, span, None)
    }

    /// Whether `e` is a constant expression of C++ as a template argument: literals, values
    /// that are static (`rank(L)`, a name bound to `_3`, `decltype(x)::value`), and
    /// arithmetic, comparisons and negations of them.
    #[inline(never)]
    fn constant_expr(&mut self, e: &Expr) -> Result<bool, EvalError> {
        Ok(match &e.kind {
            ExprKind::Int(i) => !i.is_basis(),
            ExprKind::Neg(x) => self.constant_expr(x)?,
            ExprKind::Arith(first, rest) => {
                let mut all = self.constant_expr(first)?;
                for (_, _, x) in rest {
                    all &= self.constant_expr(x)?;
                }
                all
            }
            ExprKind::Binary(first, rest) => {
                let mut all = self.constant_expr(first)?;
                for (_, _, x) in rest {
                    all &= self.constant_expr(x)?;
                }
                all
            }
            _ => match self.eval(e)? {
                Value::Tuple(x) => x.is_leaf() && x.leaf(0).is_static(),
                Value::Const(_) => true,
                _ => false,
            },
        })
    }
}

/// Whether `e` is integer literals and arithmetic of them (`8 * 8`), a constant
/// expression in C++.
fn literal_arith(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Int(i) => !i.is_basis(),
        ExprKind::Neg(x) => literal_arith(x),
        ExprKind::Arith(first, rest) => {
            literal_arith(first) && rest.iter().all(|(_, _, x)| literal_arith(x))
        }
        _ => false,
    }
}

/// The C++ type a scalar type's name denotes on a 64-bit Linux machine (`int32_t` is
/// `int`, `int64_t` and `ptrdiff_t` are `long`, `size_t` is `unsigned long`), for
/// `std::is_same`; `None` for a name that is no scalar type.
fn cpp_type_identity(name: &str) -> Option<&'static str> {
    let name = name.strip_prefix("std::").unwrap_or(name);
    let name = name.strip_prefix("cutlass::").unwrap_or(name);
    Some(match name {
        "int" | "int32_t" => "int",
        "unsigned" | "uint32_t" => "unsigned int",
        "long" | "int64_t" | "ptrdiff_t" => "long",
        "uint64_t" | "size_t" => "unsigned long",
        "short" | "int16_t" => "short",
        "uint16_t" => "unsigned short",
        "int8_t" => "signed char",
        "uint8_t" => "unsigned char",
        "char" => "char",
        "bool" => "bool",
        "float" => "float",
        "double" => "double",
        "half_t" => "half_t",
        "bfloat16_t" => "bfloat16_t",
        "tfloat32_t" => "tfloat32_t",
        "float_e4m3_t" => "float_e4m3_t",
        "float_e5m2_t" => "float_e5m2_t",
        _ => return None,
    })
}
