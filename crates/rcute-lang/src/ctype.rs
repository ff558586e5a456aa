//! The C++ integer types of the host subset's expressions, where the result of an
//! operation depends on them.
//!
//! A plain integer value does not carry its C++ type: `int m = -2` and `int64_t m = -2`
//! hold the same value. Most operations give the same answer for both, but C++'s usual
//! arithmetic conversions do not: `m + 1u` is an `unsigned` (4294967295) where `m` is an
//! `int`, and an `int64_t` (-1) where it is an `int64_t`. Where a signed integer meets a
//! 32-bit unsigned one, its type is read from the expression that computed it (its
//! declaration, a cast, a literal); where that type is not known the operation is refused
//! with the cast to write.

use crate::data::Elem;
use crate::error::{EvalError, Span};
use crate::eval::Env;
use crate::syntax::{Expr, ExprKind, Op2};
use crate::value::Value;
use alloc::format;
use rcute::int::Int;

/// An integer type after C++'s integral promotions: its bits (32 or 64) and whether it
/// is unsigned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct IntType {
    pub bits: u32,
    pub unsigned: bool,
}

pub(crate) const INT: IntType = IntType {
    bits: 32,
    unsigned: false,
};

/// `size_t`, the type of `sizeof`.
const SIZE_T: IntType = IntType {
    bits: 64,
    unsigned: true,
};

impl IntType {
    /// The promoted type of the scalar type `elem`; `None` for floats.
    fn of_elem(elem: Elem) -> Option<IntType> {
        if elem.is_float() {
            return None;
        }
        if elem.bits() < 32 {
            return Some(INT);
        }
        Some(IntType {
            bits: elem.bits(),
            unsigned: elem.is_unsigned(),
        })
    }

    /// The common type of two operands (C++'s usual arithmetic conversions): the wider,
    /// or, of equal widths, the unsigned one.
    fn common(self, other: IntType) -> IntType {
        match self.bits.cmp(&other.bits) {
            core::cmp::Ordering::Greater => self,
            core::cmp::Ordering::Less => other,
            core::cmp::Ordering::Equal => IntType {
                bits: self.bits,
                unsigned: self.unsigned || other.unsigned,
            },
        }
    }

    /// The scalar type of these bits and signedness.
    fn elem(self) -> Elem {
        Elem(match (self.bits, self.unsigned) {
            (64, true) => "uint64_t",
            (64, false) => "int64_t",
            (_, true) => "unsigned",
            (_, false) => "int",
        })
    }
}

/// Whether `v` is a plain dynamic integer (a signed value whose C++ type it does not
/// carry).
fn dynamic_int(v: &Value) -> bool {
    matches!(v, Value::Tuple(t) if t.is_leaf() && !t.leaf(0).is_static()
        && !t.leaf(0).is_basis() && !t.leaf(0).is_underscore())
}

/// The type of a value that carries it: an unsigned integer, a constant or a static
/// integer (an `int`).
fn type_of_value(v: &Value) -> Option<IntType> {
    match v {
        Value::Unsigned(_, bits) => Some(IntType {
            bits: *bits,
            unsigned: true,
        }),
        Value::Const(_) => Some(INT),
        Value::Tuple(t) if t.is_leaf() && t.leaf(0).is_static() && !t.leaf(0).is_basis() => {
            Some(INT)
        }
        _ => None,
    }
}

/// The scalar type `auto x = e` gives `x` where `v`, the value of `e`, is a plain
/// dynamic integer and the type of `e` is known.
pub(crate) fn auto_type(env: &Env, e: &Expr, v: &Value) -> Option<Elem> {
    // `auto b = x < y` is a bool
    if (matches!(v, Value::Const(_)) || dynamic_int(v)) && env.bool_type(e) == Some(true) {
        return Some(Elem("bool"));
    }
    if let Value::Const(_) = v {
        // `auto s = sizeof(T)` is a size_t
        return (env.int_type(e) == Some(SIZE_T)).then(|| SIZE_T.elem());
    }
    if !dynamic_int(v) {
        return None;
    }
    // `auto b = c` of a char is a char (its promoted type is int)
    if let Some(c) = env.char_type(e) {
        return Some(c);
    }
    env.int_type(e).map(IntType::elem)
}

/// Which operand of a binary operation needs its C++ type read from its expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    Left,
    Right,
}

/// Where `a op b` mixes a plain dynamic integer with a 32-bit unsigned one (the case whose
/// answer depends on the signed operand's width), the side of the signed one. A shift
/// has its left operand's type: only a signed left operand matters.
pub(crate) fn mixed(op: Op2, a: &Value, b: &Value) -> Option<Side> {
    let u32_ = |v: &Value| matches!(v, Value::Unsigned(_, 32));
    if matches!(op, Op2::And | Op2::Or) {
        return None;
    }
    if matches!(op, Op2::Shl | Op2::Shr) {
        return (dynamic_int(a) && u32_(b)).then_some(Side::Left);
    }
    if dynamic_int(a) && u32_(b) {
        Some(Side::Left)
    } else if u32_(a) && dynamic_int(b) {
        Some(Side::Right)
    } else {
        None
    }
}

/// `a op b` prepared by the signed operand's type `ty` (see [`mixed`]): a 64-bit signed
/// operand takes the unsigned one into its type (the result is signed); an `int` leaves
/// them as they are (the result is unsigned); an unknown type is refused.
pub(crate) fn settle(
    op: Op2,
    side: Side,
    ty: Option<IntType>,
    a: Value,
    b: Value,
    at: Span,
) -> Result<(Value, Value), EvalError> {
    let signed = if side == Side::Left { &a } else { &b };
    match ty {
        Some(IntType {
            bits: 64,
            unsigned: false,
        }) => {
            let widen = |v: Value| match v {
                Value::Unsigned(u, _) => Value::int(Int::dynamic(u as i64)),
                v => v,
            };
            Ok((widen(a), widen(b)))
        }
        Some(IntType {
            bits: 32,
            unsigned: false,
        }) => {
            let fits =
                matches!(signed, Value::Tuple(t) if i32::try_from(t.leaf(0).value()).is_ok());
            if !fits {
                return Err(EvalError::new(
                    format!(
                        "{signed} does not fit in its type int: C++ left the operation that made it undefined"
                    ),
                    at,
                ));
            }
            Ok((a, b))
        }
        _ => Err(crate::operators::not_supported(
            &format!(
                "'{}' of the signed integer {signed} with an unsigned one, where the signed one's C++ type is not known here (an int makes the result unsigned, an int64_t makes it signed)",
                op.symbol()
            ),
            "a cast of the signed operand, int(x) or int64_t(x), or declare it with its type",
            at,
        )),
    }
}

impl Env {
    /// The C++ type of the integer expression `e` after promotions, where rcute knows it
    /// without evaluating `e`.
    pub(crate) fn int_type(&self, e: &Expr) -> Option<IntType> {
        match &e.kind {
            ExprKind::Int(i) if i.is_basis() || i.is_underscore() => None,
            ExprKind::Int(i) if i.is_static() || i32::try_from(i.value()).is_ok() => Some(INT),
            ExprKind::Int(_) => Some(IntType {
                bits: 64,
                unsigned: false,
            }),
            ExprKind::Name { name, targs } if targs.is_empty() => {
                let var = self.lookup(name)?;
                match var.ty {
                    Some(elem) if elem.0 != "bool" && elem.0 != "dim3" => IntType::of_elem(elem),
                    Some(_) => Some(INT),
                    None => type_of_value(&var.v),
                }
            }
            ExprKind::Cast(ty, _) if ty == "sizeof" => Some(SIZE_T),
            ExprKind::Cast(ty, _) if ty == "sizeof_bits" => Some(INT),
            ExprKind::Cast(ty, _) => Elem::named(ty).and_then(IntType::of_elem),
            ExprKind::Dynamic(_) => Some(INT),
            ExprKind::Neg(x) | ExprKind::Not(x, false) => self.int_type(x),
            ExprKind::Not(_, true) => Some(INT),
            ExprKind::Arith(first, rest) => self.arith_type(first, rest),
            ExprKind::Binary(first, rest) => self.chain_type(first, rest),
            ExprKind::Ternary(_, a, b) => Some(self.int_type(a)?.common(self.int_type(b)?)),
            ExprKind::Assign(t, _, _) | ExprKind::IncDec(t, _, _) => self.int_type(t),
            // an element of a tensor or an array of the program, a function of the program
            // (its declared type)
            ExprKind::Call { .. } | ExprKind::Apply(..) | ExprKind::Index(..) => {
                self.declared_type(e).and_then(IntType::of_elem)
            }
            _ => None,
        }
    }

    /// The type of `first + x - y ...` (one level of arithmetic operators).
    pub(crate) fn arith_type(
        &self,
        first: &Expr,
        rest: &[(crate::syntax::BinOp, Span, Expr)],
    ) -> Option<IntType> {
        let mut t = self.int_type(first)?;
        for (_, _, x) in rest {
            t = t.common(self.int_type(x)?);
        }
        Some(t)
    }

    /// `a op b` where it mixes a plain dynamic integer with a 32-bit unsigned one, its
    /// operands prepared by [`settle`]: the left operand's type is `left` (computed only
    /// where needed), the right one's that of `right`.
    pub(crate) fn settle_mixed(
        &self,
        op: Op2,
        a: Value,
        b: Value,
        left: impl FnOnce(&Self) -> Option<IntType>,
        right: &Expr,
        at: Span,
    ) -> Result<(Value, Value), EvalError> {
        if matches!(a, Value::Const(_)) || matches!(b, Value::Const(_)) {
            let (a, b) = self.sizes(op, a, b, left, right);
            return Ok((a, b));
        }
        let Some(side) = mixed(op, &a, &b) else {
            return Ok((a, b));
        };
        let ty = match side {
            Side::Left => left(self),
            Side::Right => self.int_type(right),
        };
        settle(op, side, ty, a, b, at)
    }

    /// `a op b` where an operand is a constant: a `sizeof` (a `size_t`, which rcute keeps
    /// as a constant) becomes an unsigned 64-bit integer where its type changes the
    /// result: beside an unsigned or a negative operand, or in a difference below 0
    /// (`sizeof(int) - 5` is 18446744073709551615).
    fn sizes(
        &self,
        op: Op2,
        a: Value,
        b: Value,
        left: impl FnOnce(&Self) -> Option<IntType>,
        right: &Expr,
    ) -> (Value, Value) {
        let value = |v: &Value| match v {
            Value::Const(c) => Some(*c),
            Value::Tuple(t) if dynamic_int(v) || type_of_value(v).is_some() => {
                Some(t.leaf(0).value())
            }
            _ => None,
        };
        let matters = |me: i64, other: &Value, me_left: bool| match other {
            Value::Unsigned(..) => true,
            _ => match value(other) {
                Some(o) => {
                    o < 0
                        || (op == Op2::Arith(crate::syntax::BinOp::Sub)
                            && if me_left { me < o } else { o < me })
                }
                None => false,
            },
        };
        let widen = |c: i64| Value::Unsigned(c as u64, 64);
        if let Value::Const(c) = a
            && matters(c, &b, true)
            && left(self) == Some(SIZE_T)
        {
            return (widen(c), b);
        }
        if let Value::Const(c) = b
            && matters(c, &a, false)
            && self.int_type(right) == Some(SIZE_T)
        {
            return (a, widen(c));
        }
        (a, b)
    }

    /// The type of `first op x op y ...` (one level of comparison, logical, bit or shift
    /// operators).
    pub(crate) fn chain_type(&self, first: &Expr, rest: &[(Op2, Span, Expr)]) -> Option<IntType> {
        let Some(((op, _, x), before)) = rest.split_last() else {
            return self.int_type(first);
        };
        match op {
            Op2::Lt | Op2::Gt | Op2::Le | Op2::Ge | Op2::Eq | Op2::Ne | Op2::And | Op2::Or => {
                Some(INT)
            }
            Op2::Shl | Op2::Shr => self.chain_type(first, before),
            _ => Some(self.chain_type(first, before)?.common(self.int_type(x)?)),
        }
    }

    /// Whether `e` is of a floating-point type, read without evaluating it: `Some(true)`
    /// for a `float`, `Some(false)` for a `double` (a literal, a variable holding one, a
    /// cast to one, and arithmetic with one of them); `None` where it is not one or it is
    /// not known here.
    pub(crate) fn float_type(&self, e: &Expr) -> Option<bool> {
        match &e.kind {
            ExprKind::Float(_, single) => Some(*single),
            ExprKind::Name { name, targs } if targs.is_empty() => match self.lookup(name)?.v {
                Value::Float(_, single) => Some(single),
                _ => None,
            },
            ExprKind::Cast(ty, _) => match ty.as_str() {
                "float" => Some(true),
                "double" => Some(false),
                _ => None,
            },
            ExprKind::Neg(x) => self.float_type(x),
            ExprKind::Arith(first, rest) => {
                // the widest floating-point operand: float and double make a double
                let mut kind = self.float_type(first);
                for (_, _, x) in rest {
                    kind = match (kind, self.float_type(x)) {
                        (Some(a), Some(b)) => Some(a && b),
                        (a, b) => a.or(b),
                    };
                }
                kind
            }
            ExprKind::Ternary(_, a, b) => match (self.float_type(a), self.float_type(b)) {
                (Some(x), Some(y)) => Some(x && y),
                (x, y) => x.or(y),
            },
            _ => None,
        }
    }

    /// `c ? v : other`, `v` the side taken: converted to the common type of the two sides
    /// where their signedness differs (`true ? -2 : 1u` is 4294967294), or where one side
    /// is a floating-point number (`true ? 1 : 2.5` is the double 1.0). `taken` is the
    /// expression of `v`.
    pub(crate) fn ternary_common(
        &self,
        v: Value,
        taken: &Expr,
        other: &Expr,
        span: Span,
    ) -> Result<Value, EvalError> {
        let is_int = |v: &Value| dynamic_int(v) || type_of_value(v).is_some();
        match (&v, self.float_type(other)) {
            // an integer beside a float or a double takes its type
            (_, Some(single)) if is_int(&v) => {
                let elem = crate::data::Elem::named(if single { "float" } else { "double" });
                return match elem {
                    Some(e) => crate::exec::convert(v, e, span),
                    None => Ok(v),
                };
            }
            // a float beside a double is a double
            (Value::Float(f, true), Some(false)) => return Ok(Value::Float(*f, false)),
            _ => {}
        }
        if !is_int(&v) {
            return Ok(v);
        }
        let mine = match type_of_value(&v) {
            Some(t) => Some(t),
            None => self.int_type(taken),
        };
        let theirs = self.int_type(other);
        match (mine, theirs) {
            (Some(m), Some(t)) if m.unsigned != t.unsigned => {
                crate::exec::convert(v, m.common(t).elem(), span)
            }
            (Some(m), None) if m.unsigned && m.bits == 32 => Err(crate::operators::not_supported(
                "'?:' of an unsigned integer and a value whose C++ type is not known here (their common type decides the result)",
                "a cast of either side to the type you mean, int(x), int64_t(x) or unsigned(x)",
                span,
            )),
            (None, Some(t)) if t.unsigned && dynamic_int(&v) => {
                Err(crate::operators::not_supported(
                    "'?:' of a signed integer whose C++ type is not known here and an unsigned one (their common type decides the result)",
                    "a cast of either side to the type you mean, int(x), int64_t(x) or unsigned(x)",
                    span,
                ))
            }
            _ => Ok(v),
        }
    }
}

impl Env {
    /// The result `r` of `a op b` checked against its C++ type, where that is a (32-bit)
    /// `int`: rcute computes plain integers in 64 bits, so a result outside `int`'s range is
    /// an overflow C++ leaves undefined, except that `x << n` of a non-negative `x` wraps
    /// into the sign bit where it fits in 32 bits (`1 << 31` is -2147483648), and a shift
    /// by 32 or more of an `int` is undefined. `shift` is the right operand of a shift,
    /// `ty` the type of the expression (computed only where needed).
    pub(crate) fn int32_result(
        &self,
        op: Op2,
        r: Value,
        shift: i64,
        ty: impl FnOnce(&Self) -> Option<IntType>,
        at: Span,
    ) -> Result<Value, EvalError> {
        let Value::Tuple(t) = &r else {
            return Ok(r);
        };
        if !dynamic_int(&r) {
            return Ok(r);
        }
        let x = t.leaf(0).value();
        let is_shift = matches!(op, Op2::Shl | Op2::Shr);
        let wide_shift = is_shift && shift >= 32;
        if i32::try_from(x).is_ok() && !wide_shift {
            return Ok(r);
        }
        if ty(self) != Some(INT) {
            return Ok(r);
        }
        if wide_shift {
            return Err(EvalError::new(
                format!(
                    "a shift by {shift} of an int (32 bits): C++ leaves it undefined; shift an int64_t, int64_t(x) {} {shift}",
                    op.symbol()
                ),
                at,
            ));
        }
        if op == Op2::Shl && (0..1i64 << 32).contains(&x) {
            return Ok(Value::int(Int::dynamic(i64::from(x as u32 as i32))));
        }
        Err(EvalError::new(
            format!(
                "'{}' overflows int: its result {x} is outside int's range, which C++ leaves undefined; compute it in int64_t",
                op.symbol()
            ),
            at,
        ))
    }
}

impl Env {
    /// Whether `e` is a C++ constant expression as far as rcute can tell without
    /// evaluating it: literals, `sizeof`, `const` and `constexpr` integers initialized by
    /// constant expressions, variables whose values are static (CuTe's types hold them),
    /// CuTe's types, and operators and CuTe's functions over those. `false` where unsure.
    pub(crate) fn is_constant_expr(&self, e: &Expr) -> bool {
        let all = |es: &[Expr]| es.iter().all(|x| self.is_constant_expr(x));
        match &e.kind {
            ExprKind::Int(i) => !i.is_basis() && !i.is_underscore(),
            ExprKind::Float(..) | ExprKind::Type(_) => true,
            ExprKind::TypeWith(_, xs) => all(xs),
            ExprKind::Name { name, .. } => self
                .lookup(name)
                .is_some_and(|v| v.constant || crate::exec::is_static_value(&v.v)),
            ExprKind::Cast(ty, x) => {
                matches!(ty.as_str(), "sizeof" | "sizeof_bits") || self.is_constant_expr(x)
            }
            ExprKind::Neg(x) | ExprKind::Not(x, _) => self.is_constant_expr(x),
            ExprKind::Arith(first, rest) => {
                self.is_constant_expr(first)
                    && rest.iter().all(|(_, _, x)| self.is_constant_expr(x))
            }
            ExprKind::Binary(first, rest) => {
                self.is_constant_expr(first)
                    && rest.iter().all(|(_, _, x)| self.is_constant_expr(x))
            }
            ExprKind::Ternary(c, a, b) => {
                self.is_constant_expr(c) && self.is_constant_expr(a) && self.is_constant_expr(b)
            }
            ExprKind::Tuple(xs) => all(xs),
            // a `constexpr` function of the program of constant arguments
            ExprKind::Call { name, args, .. } if self.funcs.contains_key(name) => {
                self.lookup(name).is_none()
                    && self.funcs[name]
                        .iter()
                        .filter(|f| f.takes(args.len()))
                        .all(|f| f.ret.constant)
                    && all(args)
            }
            // a function of CuTe's (constexpr), not one of the program's or a variable
            ExprKind::Call { name, args, .. } => {
                self.lookup(name).is_none()
                    && !self.funcs.contains_key(name)
                    && crate::functions::find(name).is_some()
                    && all(args)
            }
            ExprKind::CallTargs {
                name, targs, args, ..
            } => {
                self.lookup(name).is_none()
                    && !self.funcs.contains_key(name)
                    && crate::functions::find(name).is_some()
                    && all(targs)
                    && all(args)
            }
            _ => false,
        }
    }
}

/// The character types: `char`, `signed char` (`int8_t`) and `unsigned char` (`uint8_t`).
fn is_char(e: crate::data::Elem) -> bool {
    matches!(e.0, "char" | "int8_t" | "uint8_t")
}

impl Env {
    /// The character type of `e` before C++'s promotions (`std::cout << c` writes a
    /// character of one, a number of any other integer), where rcute knows it without
    /// evaluating `e`; `None` for other types.
    pub(crate) fn char_type(&self, e: &Expr) -> Option<crate::data::Elem> {
        self.declared_type(e).filter(|t| is_char(*t))
    }

    /// The declared type of `e` where it is a variable, an element, a cast, a character
    /// literal, or `std::max`/`std::min` of two of one such type: C++'s type before
    /// promotions (`short`, `char`); `None` elsewhere.
    /// The C++ type of an argument, where its expression tells it: its declared type, else
    /// the integer type of its arithmetic, else `float` or `double`.
    pub(crate) fn arg_elem(&self, e: &Expr) -> Option<Elem> {
        if let Some(t) = self.declared_type(e) {
            return Some(t);
        }
        if let Some(t) = self.int_type(e) {
            return Elem::named(match (t.bits, t.unsigned) {
                (32, false) => "int",
                (32, true) => "unsigned",
                (_, false) => "int64_t",
                (_, true) => "uint64_t",
            });
        }
        let single = self.float_type(e)?;
        Elem::named(if single { "float" } else { "double" })
    }

    pub(crate) fn declared_type(&self, e: &Expr) -> Option<crate::data::Elem> {
        let elem = match &e.kind {
            ExprKind::Cast(ty, _) if ty == "sizeof_bits" => Some(crate::data::Elem::named("int")?),
            ExprKind::Cast(ty, _) if ty != "sizeof" => crate::data::Elem::named(ty),
            ExprKind::Name { name, targs } if targs.is_empty() => self.lookup(name)?.ty,
            ExprKind::Assign(t, _, _) | ExprKind::IncDec(t, ..) => self.declared_type(t),
            ExprKind::Ternary(_, a, b) => {
                let t = self.declared_type(a)?;
                (self.declared_type(b)? == t).then_some(t)
            }
            ExprKind::Call { name, args, .. }
                if matches!(name.as_str(), "std::max" | "std::min") && args.len() == 2 =>
            {
                let t = self.declared_type(&args[0])?;
                (self.declared_type(&args[1])? == t).then_some(t)
            }
            ExprKind::Index(arr, _) => match &arr.kind {
                // a row of an array of arrays is no element
                ExprKind::Name { .. } if self.row_of_name(arr) => None,
                ExprKind::Name { name, .. } => match self.lookup(name).map(|v| &v.v) {
                    Some(Value::Ptr(p) | Value::Vector(p)) => Some(p.elem),
                    _ => None,
                },
                // an element of a row, a[i][j]
                ExprKind::Index(rows, _) if self.row_of_name(rows) => match &rows.kind {
                    ExprKind::Name { name, .. } => match self.lookup(name).map(|v| &v.v) {
                        Some(Value::Ptr(p)) => Some(p.elem),
                        _ => None,
                    },
                    _ => None,
                },
                _ => None,
            },
            ExprKind::Deref(p) => match &p.kind {
                ExprKind::Name { name, .. } => match self.lookup(name).map(|v| &v.v) {
                    Some(Value::Ptr(p)) => Some(p.elem),
                    _ => None,
                },
                _ => None,
            },
            ExprKind::Call { name, args, .. } => {
                if let Some(Value::Data(d)) = self.lookup(name).map(|v| &v.v) {
                    return Some(d.ptr.elem);
                }
                let f = self.funcs.get(name)?.iter().find(|f| f.takes(args.len()))?;
                if f.ret.pointers != 0 {
                    return None;
                }
                crate::data::Elem::named(&f.ret.text)
            }
            ExprKind::Apply(t, _) => match &t.kind {
                ExprKind::Name { name, .. } => match self.lookup(name).map(|v| &v.v) {
                    Some(Value::Data(d)) => Some(d.ptr.elem),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        }?;
        Some(elem).filter(|t| t.0 != "dim3")
    }
}
