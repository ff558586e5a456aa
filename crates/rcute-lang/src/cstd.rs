//! The scalar functions of C++'s standard library that host programs call:
//! `std::max`, `std::min`, `abs`, `fabs`, `std::swap`, `assert`, `free` (of `(T*)malloc(n)`,
//! which the parser reads as `new T[n / sizeof(T)]`), and `rand` and `srand`
//! with glibc's generator, so that a pasted program that fills its arrays with `rand()`
//! prints what it prints on Linux. CuTe's `max`, `min` and `abs` of arithmetic values
//! (`max(3, 5.5f)` is the float 5.5) are here too; of tuples they are the table's.

use crate::data::Elem;
use crate::error::{EvalError, Span};
use crate::eval::Env;
use crate::exec::{Place, truth_of};
use crate::operators::not_supported;
use crate::syntax::Expr;
use crate::value::Value;
use alloc::vec::Vec;
use rcute::int::Int;

/// glibc's `random()`, which its `rand()` returns: the additive generator of type 3,
/// `x[i] = x[i-31] + x[i-3]` modulo 2^32 over 34 words of state, each output `x[i] >> 1`.
#[derive(Clone, Debug)]
pub(crate) struct Rand {
    /// `x[i-34..i]`, `x[j]` at `j % 34`.
    ring: [u32; 34],
    /// `i % 34`.
    at: usize,
}

impl Rand {
    /// The state `srand(seed)` leaves (`srand(0)` seeds as `srand(1)`, as glibc does).
    pub(crate) fn new(seed: u32) -> Rand {
        let mut ring = [0u32; 34];
        let mut word = if seed == 0 { 1 } else { seed as i32 as i64 };
        ring[0] = word as u32;
        for slot in ring.iter_mut().take(31).skip(1) {
            // 16807 * word % 2147483647 without overflow (Schrage's method), as glibc
            // computes it; C's division truncates toward zero, as Rust's does
            let (hi, lo) = (word / 127773, word % 127773);
            word = 16807 * lo - 2836 * hi;
            if word < 0 {
                word += 2147483647;
            }
            *slot = word as u32;
        }
        for i in 31..34 {
            ring[i] = ring[i - 31];
        }
        let mut r = Rand { ring, at: 0 };
        // glibc discards the first 310 outputs
        for _ in 0..310 {
            r.next();
        }
        r
    }

    /// The next value of `rand()`, in `0..=RAND_MAX`.
    pub(crate) fn next(&mut self) -> i32 {
        let p = self.at;
        let v = self.ring[(p + 3) % 34].wrapping_add(self.ring[(p + 31) % 34]);
        self.ring[p] = v;
        self.at = (p + 1) % 34;
        (v >> 1) as i32
    }
}

/// glibc's `RAND_MAX`.
pub(crate) const RAND_MAX: i64 = 2147483647;

/// Whether `name` is one of this module's functions (called by [`Env::std_call`]).
pub(crate) fn is_std_call(name: &str) -> bool {
    matches!(
        name,
        "std::max"
            | "std::min"
            | "std::abs"
            | "abs"
            | "std::fabs"
            | "fabs"
            | "fabsf"
            | "std::swap"
            | "assert"
            | "rand"
            | "std::rand"
            | "srand"
            | "std::srand"
            | "free"
            | "std::free"
            | "malloc"
            | "std::malloc"
            | "calloc"
            | "std::calloc"
    )
}

/// The C++ type of a scalar value as far as a template deduces it: `None` for what is no
/// scalar or is a CuTe integral constant (a type of its own).
fn scalar_type(env: &Env, v: &Value, e: &Expr) -> Option<Elem> {
    match v {
        Value::Float(_, true) => Some(Elem("float")),
        Value::Float(_, false) => Some(Elem("double")),
        Value::Unsigned(_, 64) => Some(Elem("uint64_t")),
        Value::Unsigned(..) => Some(Elem("unsigned")),
        Value::Tuple(t) if t.is_leaf() && t.leaf(0).is_static() => None,
        Value::Tuple(t) if t.is_leaf() && !t.leaf(0).is_basis() && !t.leaf(0).is_underscore() => {
            // a type narrower than int deduces as itself (`char`, `short`), not promoted
            if let Some(d) = env.declared_type(e).filter(|d| d.bits() < 32) {
                return Some(d);
            }
            match env.int_type(e) {
                Some(crate::ctype::IntType { bits: 64, .. }) => Some(Elem("int64_t")),
                Some(crate::ctype::IntType {
                    unsigned: false, ..
                }) => Some(Elem("int")),
                _ => None,
            }
        }
        Value::Const(_) => Some(Elem("int")),
        _ => None,
    }
}

/// `a < b` of two values of one scalar type.
fn less(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Float(x, _), Value::Float(y, _)) => x < y,
        (Value::Unsigned(x, _), Value::Unsigned(y, _)) => x < y,
        _ => int_of(a) < int_of(b),
    }
}

/// The value of a signed integer (a plain integer or a constant).
fn int_of(v: &Value) -> i64 {
    match v {
        Value::Tuple(t) if t.is_leaf() => t.leaf(0).value(),
        Value::Const(c) => *c,
        _ => 0,
    }
}

impl Env {
    /// A call of one of this module's functions ([`is_std_call`]).
    pub(crate) fn std_call(
        &mut self,
        name: &str,
        args: &[Expr],
        name_span: Span,
        span: Span,
    ) -> Result<Value, EvalError> {
        let arity = |n: usize| -> Result<(), EvalError> {
            if args.len() == n {
                return Ok(());
            }
            Err(EvalError::new(
                alloc::format!(
                    "{name} takes {n} argument{}, found {}",
                    if n == 1 { "" } else { "s" },
                    args.len()
                ),
                span,
            ))
        };
        match name {
            "rand" | "std::rand" => {
                arity(0)?;
                let r = self.rand.get_or_insert_with(|| Rand::new(1)).next();
                Ok(Value::int(Int::dynamic(i64::from(r))))
            }
            "srand" | "std::srand" => {
                arity(1)?;
                let v = self.eval(&args[0])?;
                let seed = match crate::exec::convert(v, Elem("unsigned"), args[0].span)? {
                    Value::Unsigned(u, _) => u as u32,
                    v => int_of(&v) as u32,
                };
                self.rand = Some(Rand::new(seed));
                Ok(crate::exec::void())
            }
            "malloc" | "std::malloc" | "calloc" | "std::calloc" => Err(not_supported(
                &alloc::format!(
                    "{name} without a cast to a pointer type (C++ does not convert void* by itself)"
                ),
                &alloc::format!("(T*){name}(...) or static_cast<T*>({name}(...))"),
                span,
            )),
            "free" | "std::free" => {
                // the memory stays readable here; C++ leaves a read after free undefined
                arity(1)?;
                match self.eval(&args[0])? {
                    Value::Ptr(_) => Ok(crate::exec::void()),
                    v => Err(EvalError::new(
                        alloc::format!("free takes a pointer, this is {} {v}", v.kind()),
                        args[0].span,
                    )),
                }
            }
            "assert" => {
                arity(1)?;
                let v = self.eval(&args[0])?;
                if truth_of(&v, args[0].span)?.0 {
                    return Ok(crate::exec::void());
                }
                Err(EvalError::new(
                    "assert: the condition is false (C++ aborts the program here)",
                    args[0].span,
                ))
            }
            "std::swap" => {
                arity(2)?;
                self.swap(&args[0], &args[1], span)
            }
            "std::max" | "std::min" => {
                arity(2)?;
                let a = self.eval(&args[0])?;
                let b = self.eval(&args[1])?;
                let (ta, tb) = (
                    scalar_type(self, &a, &args[0]),
                    scalar_type(self, &b, &args[1]),
                );
                match (ta, tb) {
                    (Some(x), Some(y)) if x == y => {}
                    _ => {
                        return Err(EvalError::new(
                            alloc::format!(
                                "{name} takes two scalars of one type (C++ deduces one T), found {} {a} and {} {b}; CuTe's {}(a, b) takes others",
                                a.kind(),
                                b.kind(),
                                &name[5..]
                            ),
                            span,
                        ));
                    }
                }
                Ok(max_min(name == "std::max", a, b))
            }
            _ => {
                // abs, std::abs, fabs, std::fabs, fabsf
                arity(1)?;
                let v = self.eval(&args[0])?;
                let bits = match self.int_type(&args[0]) {
                    Some(t) => t.bits,
                    None if int_of(&v) == i64::from(int_of(&v) as i32) => 32,
                    None => 64,
                };
                abs(name, v, bits, name_span, args[0].span)
            }
        }
    }

    /// `std::swap(a, b)` of two variables or elements of one scalar type.
    fn swap(&mut self, a: &Expr, b: &Expr, span: Span) -> Result<Value, EvalError> {
        let (pa, pb) = (self.place(a)?, self.place(b)?);
        let ty = |env: &Env, p: &Place| match p {
            Place::Var(n) => env.lookup(n).and_then(|v| v.ty),
            Place::Elem(p) => Some(p.elem),
        };
        match (ty(self, &pa), ty(self, &pb)) {
            (Some(x), Some(y)) if x == y => {}
            _ => {
                return Err(not_supported(
                    "std::swap of values that are not two scalars of one type",
                    "two assignments through a temporary",
                    span,
                ));
            }
        }
        let va = self.read_place(&pa, a.span)?;
        let vb = self.read_place(&pb, b.span)?;
        self.write_place(pa, vb, span)?;
        self.write_place(pb, va, span)?;
        Ok(crate::exec::void())
    }

    /// CuTe's `max(a, b)` and `min(a, b)` where an argument is a floating-point number
    /// (`t < u ? u : t` and `t < u ? t : u` in the common type; the table's functions
    /// take integers and tuples).
    pub(crate) fn float_min_max(
        name: &str,
        vals: Vec<(Value, Span)>,
        span: Span,
    ) -> Result<Value, EvalError> {
        let [(a, sa), (b, sb)]: [(Value, Span); 2] = vals.try_into().map_err(|_| {
            not_supported(
                &alloc::format!("{name} of more or fewer than two numbers with a float"),
                &alloc::format!("{name}(a, b)"),
                span,
            )
        })?;
        let single = |v: &Value| match v {
            Value::Float(_, s) => Ok(*s),
            Value::Tuple(t) if t.is_leaf() && !t.leaf(0).is_basis() => Ok(true),
            Value::Const(_) | Value::Unsigned(..) => Ok(true),
            v => Err(EvalError::new(
                alloc::format!("{name}: {} is not a number", v.kind()),
                span,
            )),
        };
        let elem = if single(&a)? && single(&b)? {
            Elem("float")
        } else {
            Elem("double")
        };
        let a = crate::exec::convert(a, elem, sa)?;
        let b = crate::exec::convert(b, elem, sb)?;
        let a_less = less(&a, &b);
        Ok(match (name, a_less) {
            ("max", true) | ("min", false) => b,
            _ => a,
        })
    }
}

/// `abs(v)`, `std::abs(v)`, `fabs(v)`, `std::fabs(v)` and `fabsf(v)`; `bits`, the width of
/// an integer argument's C++ type.
fn abs(name: &str, v: Value, bits: u32, name_span: Span, at: Span) -> Result<Value, EvalError> {
    let fabs = name.contains("fabs");
    match v {
        Value::Float(f, single) => Ok(Value::Float(f.abs(), single || name == "fabsf")),
        _ if fabs => {
            let elem = Elem(if name == "fabsf" { "float" } else { "double" });
            match crate::exec::convert(v, elem, at)? {
                Value::Float(f, s) => Ok(Value::Float(f.abs(), s)),
                f => Ok(f),
            }
        }
        Value::Tuple(t) if t.is_leaf() && !t.leaf(0).is_basis() && !t.leaf(0).is_underscore() => {
            let i = t.leaf(0);
            // CuTe's abs of an integral constant is one (abs(_-3) is _3); std::abs takes
            // its int
            let keep = i.is_static() && name == "abs";
            let max = if bits == 64 {
                i64::MAX
            } else {
                i64::from(i32::MAX)
            };
            match i.value().checked_abs().filter(|a| keep || *a <= max) {
                Some(a) => Ok(Value::int(Int::new(a, keep))),
                None => Err(EvalError::new(
                    alloc::format!("{name}({}) overflows: C++ leaves it undefined", i.value()),
                    at,
                )),
            }
        }
        Value::Const(c) => Ok(Value::int(Int::dynamic(c.abs()))),
        // CuTe's abs of an unsigned value is the value
        Value::Unsigned(..) if name == "abs" => Ok(v),
        Value::Unsigned(..) => Err(EvalError::new(
            "std::abs of an unsigned integer does not compile (the call is ambiguous)",
            name_span.join(at),
        )),
        v => Err(EvalError::new(
            alloc::format!("{name} takes a number, found {} {v}", v.kind()),
            name_span.join(at),
        )),
    }
}

/// `std::max(a, b)`, `(a < b) ? b : a`, or (`max` false) `std::min(a, b)`,
/// `(b < a) ? b : a`, of two values of one scalar type.
pub(crate) fn max_min(max: bool, a: Value, b: Value) -> Value {
    if max {
        if less(&a, &b) { b } else { a }
    } else if less(&b, &a) {
        b
    } else {
        a
    }
}
