//! The run-time part of a staged operation: a straight-line program over the dynamic
//! values of the operands.
//!
//! Staging runs an algorithm at compile time on *forms*: layouts, tuples and tilers whose
//! dynamic leaves hold the number of a register instead of a value. Everything CuTe
//! decides from types (nesting, static values, which modes merge) is decided then; every
//! operation on a dynamic value is recorded as one [`Op`], with the operands it reads
//! (registers, or static values as immediates). At run time `exec::run_stage` executes
//! the recorded operations on the operands' values. The program is a constant, so after
//! inlining the compiler folds the interpreter away and leaves the arithmetic alone, as
//! it does for CuTe's templates.
//!
//! Each operation calls the same [`Int`] method (or the same step of the algebra) as the
//! run-time algebra, so it answers the same value and the same error; the static rules
//! that staging applies to decide whether a result is static are CuTe's (see
//! [`crate::int`]), and a unit test compares every staged operation with the `Int`
//! method it stands for.

use crate::algebra::carry::{
    bends_step, carry_in, carry_step, continues, linear_signs, reach_add, signs_step,
};
use crate::algebra::complement::covers_check;
use crate::algebra::complement::{negative_stride, non_injective};
use crate::algebra::composition::{shape_step, stride_step, strides_divide};
use crate::error::{Error, tri};
use crate::int::Int;

/// The most dynamic values a typed layout, tuple or tiler holds: every leaf of a layout's
/// shape and stride, so that any layout rcute holds has a typed form.
pub const DYN_CAPACITY: usize = 2 * crate::tuple::CAPACITY;
/// The most operands of a staged operation.
pub(crate) const MAX_OPERANDS: usize = 3;
/// The most run-time operations of a staged operation.
pub const MAX_OPS: usize = 256;
/// Registers: the operands' values, then two results per operation.
pub(crate) const MAX_REGS: usize = MAX_OPERANDS * DYN_CAPACITY + 2 * MAX_OPS;

/// What one run-time operation computes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    /// [`Int::try_mul`]
    Mul,
    /// [`Int::try_div`]
    Div,
    /// [`Int::try_rem`]
    Rem,
    /// [`Int::try_add`]
    Add,
    /// [`Int::try_sub`]
    Sub,
    /// [`Int::try_ceil_div`]
    CeilDiv,
    /// [`Int::min`]
    Min,
    /// [`Int::try_abs`]
    Abs,
    /// [`Int::signum`]
    Signum,
    /// One mode of composition's walk: `(next_shape, next_stride)`, with the stride
    /// divisibility check.
    StrideStep,
    /// `rest / new` in composition's walk, with the shape divisibility check.
    ShapeStep,
    /// composition: the least and the greatest sign of the tiler's strides so far (`b`,
    /// `c`) with the sign of the stride `a`.
    Signs,
    /// composition: the sum of reaches `c` plus the reach `(a - 1) * |b|` of a new mode.
    Reach,
    /// composition: not 0 where `a` or `b` is not 0 (the layout bends at a mode whose
    /// `b`, its stride less the one that would continue the mode before, is not 0).
    Bends,
    /// complement: the complement of size `a` covers the cotarget of size `b` over the
    /// filtered layout's size `c`.
    Covers,
    /// composition: tiler strides of both signs (least sign `a`, greatest `b`) need a
    /// linear layout (`c`, the sum of its bends, is 0).
    Linear,
    /// composition: the carry of the reaches `a` out of a mode of extent `b` into the next,
    /// which must continue it (`c`, its stride less `b` times this one's, is 0); the carry.
    NoCarry,
    /// composition: the rest of the tiler (`a`) must stay inside a mode of extent `c` that
    /// its stride `b` does not divide (the strong stride divisibility condition).
    RestFits,
    /// complement: a stride must not be negative (`a`).
    NonNegative,
    /// complement: a new mode's extent (`a`) must not be 0 (`b` the stride, `c` the
    /// extent below it).
    Injective,
    /// A shape must be positive (`a`), as layout construction requires.
    Positive,
    /// [`Int::try_div`] with the remainder: `(a / b, a % b)` for `a >= 0` and `b > 0`; the
    /// second result is 1 otherwise (not known to be exact).
    DivRem,
    /// `a | b`: the remainders of a complement's divisions, gathered.
    Or,
    /// Not 0 where `a != b` (`a ^ b`): a guard's test (see [`Program::set_guard`]).
    Ne,
    /// 1 where `a < 0`, else 0: a guard's test.
    Negative,
    /// composition: 1 where a mode of extent `a` and stride `b` is not continued by a next
    /// mode of stride `c` (`a * b != c`, without overflow), else 0.
    Differs,
    /// composition: the reach `a` in a mode plus the carry `b` into it, with the carry
    /// check's overflow error.
    CarryIn,
    /// The fast path's screen of the checks marked lazy after it: where `a` is not 0 the
    /// run starts again on the exact path, which runs them (see `exec::run_stage`).
    Screen,
}

/// One run-time operation: its kind, up to three operands (a static [`Int`] is an
/// immediate, a dynamic one names a register by its value), and the mode number that an
/// error reports.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Op {
    pub(crate) kind: Kind,
    pub(crate) a: Int,
    pub(crate) b: Int,
    pub(crate) c: Int,
    pub(crate) mode: u32,
    /// A check (or a value only a check reads) that the fast path skips: a [`Kind::Screen`]
    /// before it sends every run where it might fail to the exact path.
    pub(crate) lazy: bool,
    /// A check the fast path runs only where register `guard - 1` is not 0 (0: none); see
    /// [`Program::set_guard`].
    pub(crate) guard: u16,
}

const NOP: Op = Op {
    kind: Kind::Add,
    a: Int::ZERO,
    b: Int::ZERO,
    c: Int::ZERO,
    mode: 0,
    lazy: false,
    guard: 0,
};

const TOO_MANY_OPS: Error = Error::Capacity {
    msg: "typed: a staged operation needs too many run-time steps",
    capacity: MAX_OPS,
};

const TOO_MANY_VALUES: Error = Error::Capacity {
    msg: "typed: too many dynamic values for one typed layout, tuple or tiler",
    capacity: DYN_CAPACITY,
};

/// A staged operation's program: the operands' value counts, the operations, and the
/// registers that hold the result's dynamic values.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Program {
    pub(super) ops: [Op; MAX_OPS],
    pub(super) n: usize,
    pub(super) inputs: [usize; MAX_OPERANDS],
    pub(super) operands: usize,
    pub(super) nin: usize,
    pub(super) out: [u16; DYN_CAPACITY],
    pub(super) nout: usize,
    /// Whether the operations recorded now are lazy (see [`Op::lazy`]).
    lazy: bool,
    /// The guard of the operations recorded now (see [`Op::guard`]).
    guard: u16,
}

/// A dynamic integer held by register `r`.
const fn reg(r: usize) -> Int {
    Int::dynamic(r as i64)
}

impl Program {
    /// An empty program, with no operands yet.
    pub(crate) const fn new() -> Program {
        Program {
            ops: [NOP; MAX_OPS],
            n: 0,
            inputs: [0; MAX_OPERANDS],
            operands: 0,
            nin: 0,
            out: [0; DYN_CAPACITY],
            nout: 0,
            lazy: false,
            guard: 0,
        }
    }

    /// The number of run-time operations.
    #[cfg(test)]
    pub(crate) const fn len(&self) -> usize {
        self.n
    }

    /// The number of dynamic values of the result.
    #[cfg(test)]
    pub(crate) const fn outputs(&self) -> usize {
        self.nout
    }

    /// The operations recorded.
    #[cfg(test)]
    pub(crate) fn ops(&self) -> &[Op] {
        &self.ops[..self.n]
    }

    /// Declares the next operand, with `count` dynamic values: answers the register of
    /// its first value (the others follow). Operands come before any operation.
    pub(crate) const fn operand(&mut self, count: usize) -> Result<usize, Error> {
        if self.n > 0 || self.operands >= MAX_OPERANDS {
            return Err(Error::WrongKind {
                msg: "typed: operands are declared before any operation, at most three",
            });
        }
        if count > DYN_CAPACITY {
            return Err(TOO_MANY_VALUES);
        }
        let first = self.nin;
        self.inputs[self.operands] = count;
        self.operands += 1;
        self.nin += count;
        Ok(first)
    }

    /// Whether what the fast path skips is only checks and values that only checks read:
    /// no operation it runs reads a lazy value, or a guarded one under another guard, and
    /// every value of the result is an operand or a value neither lazy nor guarded. Then,
    /// where every operation succeeds, the fast path computes the result the exact path
    /// computes.
    pub(crate) const fn fast_path_is_sound(&self) -> bool {
        let mut k = 0;
        while k < self.n {
            let op = &self.ops[k];
            if !op.lazy {
                let args = [op.a, op.b, op.c];
                let mut j = 0;
                while j < 3 {
                    if !args[j].is_static() && !self.eager(args[j].value() as usize, op.guard) {
                        return false;
                    }
                    j += 1;
                }
            }
            k += 1;
        }
        let mut k = 0;
        while k < self.nout {
            if !self.eager(self.out[k] as usize, 0) {
                return false;
            }
            k += 1;
        }
        true
    }

    /// Whether the program has a lazy operation (see [`Op::lazy`]).
    pub(crate) const fn has_lazy(&self) -> bool {
        let mut k = 0;
        while k < self.n {
            if self.ops[k].lazy {
                return true;
            }
            k += 1;
        }
        false
    }

    /// Whether register `r` holds an operand, or the value of an operation that is not lazy
    /// and is guarded by nothing or by `guard`.
    const fn eager(&self, r: usize, guard: u16) -> bool {
        if r < self.nin {
            return true;
        }
        let op = &self.ops[(r - self.nin) / 2];
        !op.lazy && (op.guard == 0 || op.guard == guard)
    }

    /// Records that the result's next dynamic value is `x` (a register).
    pub(crate) const fn output(&mut self, x: Int) -> Result<(), Error> {
        if self.nout >= DYN_CAPACITY {
            return Err(TOO_MANY_VALUES);
        }
        self.out[self.nout] = x.value() as u16;
        self.nout += 1;
        Ok(())
    }

    /// Records one operation; answers its first result's register.
    const fn emit(
        &mut self,
        kind: Kind,
        a: Int,
        b: Int,
        c: Int,
        mode: usize,
    ) -> Result<usize, Error> {
        if self.n >= MAX_OPS {
            return Err(TOO_MANY_OPS);
        }
        self.ops[self.n] = Op {
            kind,
            a,
            b,
            c,
            mode: mode as u32,
            lazy: self.lazy,
            guard: self.guard,
        };
        let r = self.nin + 2 * self.n;
        self.n += 1;
        Ok(r)
    }

    const fn emit1(&mut self, kind: Kind, a: Int, b: Int) -> Result<Int, Error> {
        Ok(reg(tri!(self.emit(kind, a, b, Int::ZERO, 0))))
    }

    // ------------------------------------------------------------ staged Int operations
    //
    // Each answers what the `Int` method answers: computed now when every operand is
    // static, a static result where CuTe's rules make it static whatever the dynamic
    // operand is, and otherwise a register, with the operation recorded.

    /// [`Int::try_mul`]: `_0 * x` and `x * _0` are static; `_1 * x` and `x * _1` are `x`
    /// (a form's values are plain integers, so `x * 1` cannot fail), with no operation.
    pub(crate) const fn mul(&mut self, a: Int, b: Int) -> Result<Int, Error> {
        if a.is_static() && b.is_static() {
            return a.try_mul(b);
        }
        if a.is_constant(0) || b.is_constant(0) {
            return Ok(Int::ZERO);
        }
        if a.is_constant(1) {
            return Ok(b);
        }
        if b.is_constant(1) {
            return Ok(a);
        }
        self.emit1(Kind::Mul, a, b)
    }

    /// [`Int::try_div`]: `_0 / x` is static; `x / _1` is `x`.
    pub(crate) const fn div(&mut self, a: Int, b: Int) -> Result<Int, Error> {
        if a.is_static() && b.is_static() {
            return a.try_div(b);
        }
        if a.is_constant(0) {
            return Ok(Int::ZERO);
        }
        if b.is_constant(1) {
            return Ok(a);
        }
        self.emit1(Kind::Div, a, b)
    }

    /// [`Int::try_rem`]: `x % _1`, `x % _-1` and `_0 % x` are static.
    pub(crate) const fn rem(&mut self, a: Int, b: Int) -> Result<Int, Error> {
        if a.is_static() && b.is_static() {
            return a.try_rem(b);
        }
        if a.is_constant(0) || b.is_constant(1) || b.is_constant(-1) {
            return Ok(Int::ZERO);
        }
        self.emit1(Kind::Rem, a, b)
    }

    /// [`Int::try_add`]: `x + _0` and `_0 + x` are `x`.
    pub(crate) const fn add(&mut self, a: Int, b: Int) -> Result<Int, Error> {
        if a.is_static() && b.is_static() {
            return a.try_add(b);
        }
        if b.is_constant(0) {
            return Ok(a);
        }
        if a.is_constant(0) {
            return Ok(b);
        }
        self.emit1(Kind::Add, a, b)
    }

    /// [`Int::try_sub`]: `x - _0` is `x`.
    pub(crate) const fn sub(&mut self, a: Int, b: Int) -> Result<Int, Error> {
        if a.is_static() && b.is_static() {
            return a.try_sub(b);
        }
        if b.is_constant(0) {
            return Ok(a);
        }
        self.emit1(Kind::Sub, a, b)
    }

    /// [`Int::try_ceil_div`].
    pub(crate) const fn ceil_div(&mut self, a: Int, b: Int) -> Result<Int, Error> {
        if a.is_static() && b.is_static() {
            return a.try_ceil_div(b);
        }
        self.emit1(Kind::CeilDiv, a, b)
    }

    /// [`Int::min`].
    pub(crate) const fn min(&mut self, a: Int, b: Int) -> Result<Int, Error> {
        if a.is_static() && b.is_static() {
            return Ok(a.min(b));
        }
        self.emit1(Kind::Min, a, b)
    }

    /// [`Int::try_abs`].
    pub(crate) const fn abs(&mut self, a: Int) -> Result<Int, Error> {
        if a.is_static() {
            return a.try_abs();
        }
        self.emit1(Kind::Abs, a, Int::ZERO)
    }

    /// [`Int::signum`].
    pub(crate) const fn signum(&mut self, a: Int) -> Result<Int, Error> {
        if a.is_static() {
            return Ok(a.signum());
        }
        self.emit1(Kind::Signum, a, Int::ZERO)
    }

    // ------------------------------------------------------------- steps of the algebra

    /// Composition's stride step (see `algebra::composition`): `(next_shape, next_stride)`
    /// of the rest stride `d` over the mode extent `cs`, after the stride divisibility
    /// check, which a rest shape `rest` of 1 makes harmless unless `d` and `cs` are both
    /// static. With a dynamic operand both results are dynamic (neither operand can be a
    /// static `_0` in the walk, which starts from a non-zero stride and extents that are
    /// positive; the step by step form covers that case anyway).
    pub(crate) const fn stride_step(
        &mut self,
        d: Int,
        cs: Int,
        rest: Int,
        mode: usize,
    ) -> Result<(Int, Int), Error> {
        if d.is_static() && cs.is_static() {
            if rest.is_static() {
                return stride_step(d, cs, rest, mode);
            }
            // the results are static (the errors of the weak condition come first, as in
            // the run-time step); whether the rest of the tiler may leave the mode (the
            // strong stride condition) is checked on its value at run time
            let step = tri!(stride_step(d, cs, Int::ZERO, mode));
            if !tri!(strides_divide(d, cs)) {
                tri!(self.emit(Kind::RestFits, rest, d, cs, mode));
            }
            return Ok(step);
        }
        if d.is_constant(0) || cs.is_constant(0) {
            // the full form, operation by operation: `_0 % x` is a static `_0` (the check
            // passes) and `x % _0` fails when it runs, before the check would
            let _ = tri!(self.rem(d, cs));
            let abs = tri!(self.abs(d));
            let next_shape = tri!(self.ceil_div(cs, abs));
            let q = tri!(self.ceil_div(abs, cs));
            let sign = tri!(self.signum(d));
            let next_stride = tri!(self.mul(q, sign));
            return Ok((next_shape, next_stride));
        }
        let r = tri!(self.emit(Kind::StrideStep, d, cs, rest, mode));
        Ok((reg(r), reg(r + 1)))
    }

    /// `(a / b, r)` as [`Program::div`], with `r` 0 where the division is known to be
    /// exact: a static `_0`, or a register that holds the remainder where the division is
    /// of a non-negative by a positive value, and 1 where it is not.
    pub(crate) const fn div_rem(&mut self, a: Int, b: Int) -> Result<(Int, Int), Error> {
        if a.is_static() && b.is_static() {
            let q = tri!(a.try_div(b));
            let r = tri!(a.try_rem(b));
            return Ok((q, Int::constant((r.value() != 0) as i64)));
        }
        if a.is_constant(0) {
            return Ok((Int::ZERO, Int::ZERO));
        }
        let r = tri!(self.emit(Kind::DivRem, a, b, Int::ZERO, 0));
        Ok((reg(r), reg(r + 1)))
    }

    /// Not 0 where `a != b` (a guard's test; only whether it is 0 is read).
    pub(crate) const fn ne(&mut self, a: Int, b: Int) -> Result<Int, Error> {
        if a.is_static() && b.is_static() {
            return Ok(Int::constant((a.value() != b.value()) as i64));
        }
        self.emit1(Kind::Ne, a, b)
    }

    /// 1 where a mode of extent `cs` and stride `cd` is not continued by a next mode of
    /// stride `next`, else 0 (see `algebra::carry::continues`).
    pub(crate) const fn differs(&mut self, cs: Int, cd: Int, next: Int) -> Result<Int, Error> {
        if cs.is_static() && cd.is_static() && next.is_static() {
            let c = continues(cs.value(), cd.value(), next.value());
            return Ok(Int::constant(!c as i64));
        }
        Ok(reg(tri!(self.emit(Kind::Differs, cs, cd, next, 0))))
    }

    /// The reach `sum` in a mode plus the `carry` into it (see `algebra::carry::carry_in`).
    pub(crate) const fn carry_in(&mut self, sum: Int, carry: Int) -> Result<Int, Error> {
        if sum.is_static() && carry.is_static() {
            return Ok(Int::constant(tri!(carry_in(sum.value(), carry.value()))));
        }
        if carry.is_constant(0) {
            return Ok(sum);
        }
        if sum.is_constant(0) {
            return Ok(carry);
        }
        Ok(reg(tri!(self.emit(
            Kind::CarryIn,
            sum,
            carry,
            Int::ZERO,
            0
        ))))
    }

    /// 1 where `a < 0`, else 0 (a guard's test).
    pub(crate) const fn negative(&mut self, a: Int) -> Result<Int, Error> {
        if a.is_static() {
            return Ok(Int::constant((a.value() < 0) as i64));
        }
        self.emit1(Kind::Negative, a, Int::ZERO)
    }

    /// `a | b` of two flags (0: known to be exact).
    pub(crate) const fn or(&mut self, a: Int, b: Int) -> Result<Int, Error> {
        if a.is_constant(0) {
            return Ok(b);
        }
        if b.is_constant(0) {
            return Ok(a);
        }
        if a.is_static() || b.is_static() {
            // a static flag that is not 0
            return Ok(Int::ONE);
        }
        self.emit1(Kind::Or, a, b)
    }

    /// Records the screen `x` (see [`Kind::Screen`]) and makes the operations recorded
    /// after it lazy, until [`Program::end_lazy`].
    pub(crate) const fn screen(&mut self, x: Int) -> Result<(), Error> {
        tri!(self.emit(Kind::Screen, x, Int::ZERO, Int::ZERO, 0));
        self.lazy = true;
        Ok(())
    }

    /// Guards the checks recorded from now on by `x`: the fast path runs them only where
    /// `x` is not 0 (a run where it is 0 is one where they are proved to pass); answers
    /// the guard before, to restore. A static `x` guards nothing.
    pub(crate) const fn set_guard(&mut self, x: Int) -> u16 {
        let before = self.guard;
        self.guard = if x.is_static() {
            0
        } else {
            x.value() as u16 + 1
        };
        before
    }

    /// Restores the guard `g` that [`Program::set_guard`] answered.
    pub(crate) const fn restore_guard(&mut self, g: u16) {
        self.guard = g;
    }

    /// The number of operations recorded so far: the index of the next one.
    pub(crate) const fn next_op(&self) -> usize {
        self.n
    }

    /// Makes operation `k` lazy: a check that a [`Kind::Screen`] recorded after it flags
    /// on every run where it fails.
    pub(crate) const fn make_lazy(&mut self, k: usize) {
        self.ops[k].lazy = true;
    }

    /// Ends the lazy operations begun by [`Program::screen`].
    pub(crate) const fn end_lazy(&mut self) {
        self.lazy = false;
    }

    /// The complement's covering check (see `algebra::complement`).
    pub(crate) const fn covers(
        &mut self,
        size: Int,
        target: Int,
        filtered: Int,
    ) -> Result<(), Error> {
        if size.is_static() && target.is_static() && filtered.is_static() {
            return covers_check(
                size.value() as i128,
                target.value() as i128,
                filtered.value() as i128,
            );
        }
        tri!(self.emit(Kind::Covers, size, target, filtered, 0));
        Ok(())
    }

    /// The least and greatest signs of composition's tiler strides, with stride `d`.
    pub(crate) const fn signs(
        &mut self,
        d: Int,
        least: Int,
        greatest: Int,
    ) -> Result<(Int, Int), Error> {
        if d.is_static() && least.is_static() && greatest.is_static() {
            let (l, g) = signs_step(d.value(), least.value(), greatest.value());
            return Ok((Int::constant(l), Int::constant(g)));
        }
        let r = tri!(self.emit(Kind::Signs, d, least, greatest, 0));
        Ok((reg(r), reg(r + 1)))
    }

    /// `sum` plus the reach `(n - 1) * |r|` of a new mode of composition's walk.
    pub(crate) const fn reach(&mut self, n: Int, r: Int, sum: Int) -> Result<Int, Error> {
        if n.is_static() && r.is_static() && sum.is_static() {
            return Ok(Int::constant(tri!(reach_add(sum.value(), n, r))));
        }
        Ok(reg(tri!(self.emit(Kind::Reach, n, r, sum, 0))))
    }

    /// Not 0 where `acc` or `diff` is not 0 (only whether it is 0 is read): `acc` (0 or
    /// 1), or 1 where `diff` is not 0; `diff` itself where `acc` is a static `_0`.
    pub(crate) const fn bends(&mut self, acc: Int, diff: Int) -> Result<Int, Error> {
        if acc.is_static() && diff.is_static() {
            return Ok(Int::constant(bends_step(acc.value(), diff.value())));
        }
        if acc.is_constant(0) {
            return Ok(diff);
        }
        Ok(reg(tri!(self.emit(Kind::Bends, acc, diff, Int::ZERO, 0))))
    }

    /// The sign check of composition's walk: tiler strides of both signs (least sign
    /// `least`, greatest `greatest`) need a linear layout (`bends == 0`).
    pub(crate) const fn linear_check(
        &mut self,
        least: Int,
        greatest: Int,
        bends: Int,
    ) -> Result<(), Error> {
        if least.is_static() && greatest.is_static() && bends.is_static() {
            return linear_signs(least.value(), greatest.value(), bends.value());
        }
        tri!(self.emit(Kind::Linear, least, greatest, bends, 0));
        Ok(())
    }

    /// The carry check of composition's walk at mode `k` (see `algebra::composition`): the
    /// carry into the next mode of the reach `t` in a mode of extent `cs`, where `diff`
    /// (the next stride less `cs` times this one) says whether the next mode continues it.
    pub(crate) const fn carry_step(
        &mut self,
        t: Int,
        cs: Int,
        diff: Int,
        k: usize,
    ) -> Result<Int, Error> {
        if t.is_static() && cs.is_static() && diff.is_static() {
            let c = tri!(carry_step(t.value(), cs.value(), diff.value() == 0, k));
            return Ok(Int::constant(c));
        }
        Ok(reg(tri!(self.emit(Kind::NoCarry, t, cs, diff, k))))
    }

    /// Composition's shape step: `rest / new` after the shape divisibility check.
    pub(crate) const fn shape_step(
        &mut self,
        rest: Int,
        new: Int,
        mode: usize,
    ) -> Result<Int, Error> {
        if rest.is_static() && new.is_static() {
            return shape_step(rest, new, mode);
        }
        if rest.is_constant(0) {
            // `_0 % x` and `_0 / x` are static `_0`: no check can fail
            return Ok(Int::ZERO);
        }
        Ok(reg(tri!(self.emit(
            Kind::ShapeStep,
            rest,
            new,
            Int::ZERO,
            mode
        ))))
    }

    /// complement: the stride `d` of mode `mode` must not be negative.
    pub(crate) const fn check_non_negative(&mut self, d: Int, mode: usize) -> Result<(), Error> {
        if d.is_static() {
            if d.value() < 0 {
                return Err(negative_stride(mode, d));
            }
            return Ok(());
        }
        let _ = tri!(self.emit(Kind::NonNegative, d, Int::ZERO, Int::ZERO, mode));
        Ok(())
    }

    /// complement: the new extent `shape` of mode `mode` must not be 0 (`stride` and
    /// `prev` are what the error reports).
    pub(crate) const fn check_injective(
        &mut self,
        shape: Int,
        stride: Int,
        prev: Int,
        mode: usize,
    ) -> Result<(), Error> {
        if shape.is_static() {
            if shape.value() == 0 {
                return Err(non_injective(mode, stride, prev));
            }
            return Ok(());
        }
        let _ = tri!(self.emit(Kind::Injective, shape, stride, prev, mode));
        Ok(())
    }

    /// A shape value must be positive, as [`crate::Layout::try_new`] requires.
    pub(crate) const fn check_positive(&mut self, s: Int) -> Result<(), Error> {
        if s.is_static() {
            if s.value() <= 0 {
                return Err(not_positive(s.value()));
            }
            return Ok(());
        }
        let _ = tri!(self.emit(Kind::Positive, s, Int::ZERO, Int::ZERO, 0));
        Ok(())
    }
}

/// The error of a shape that is not positive.
pub(crate) const fn not_positive(v: i64) -> Error {
    Error::InvalidShape {
        msg: "layout: a shape must be positive",
        value: v,
    }
}

#[cfg(test)]
mod tests {
    use super::super::exec::run;
    use super::*;

    fn operands() -> std::vec::Vec<Int> {
        let mut v = std::vec::Vec::new();
        for x in [
            0,
            1,
            -1,
            2,
            3,
            -3,
            4,
            6,
            8,
            12,
            4096,
            i64::MAX,
            i64::MIN,
            i64::MIN + 1,
            1 << 40,
        ] {
            v.push(Int::dynamic(x));
            v.push(Int::constant(x));
        }
        v
    }

    /// Stages `f` on `a` and `b` (a dynamic operand becomes a register), runs the program
    /// on their values, and gives the result back as an `Int`.
    fn staged(
        a: Int,
        b: Int,
        f: impl Fn(&mut Program, Int, Int) -> Result<Int, Error>,
    ) -> Result<Int, Error> {
        let mut p = Program::new();
        let ra = p.operand(1).unwrap();
        let rb = p.operand(1).unwrap();
        let sa = if a.is_static() { a } else { reg(ra) };
        let sb = if b.is_static() { b } else { reg(rb) };
        let r = f(&mut p, sa, sb)?;
        if r.is_static() {
            return Ok(r);
        }
        p.output(r).unwrap();
        let mut va = [0; DYN_CAPACITY];
        let mut vb = [0; DYN_CAPACITY];
        va[0] = a.value();
        vb[0] = b.value();
        let out = run(&p, &[&va, &vb])?;
        Ok(Int::dynamic(out[0]))
    }

    /// Every staged operation answers what its `Int` method answers, static bit and
    /// error included, for every pair of operands of a grid of static and dynamic values.
    #[test]
    fn staged_operations_are_the_int_operations() {
        type Pair = (
            &'static str,
            fn(&mut Program, Int, Int) -> Result<Int, Error>,
            fn(Int, Int) -> Result<Int, Error>,
        );
        let ops: [Pair; 10] = [
            ("mul", |p, a, b| p.mul(a, b), |a, b| a.try_mul(b)),
            ("div", |p, a, b| p.div(a, b), |a, b| a.try_div(b)),
            ("rem", |p, a, b| p.rem(a, b), |a, b| a.try_rem(b)),
            ("add", |p, a, b| p.add(a, b), |a, b| a.try_add(b)),
            ("sub", |p, a, b| p.sub(a, b), |a, b| a.try_sub(b)),
            (
                "ceil_div",
                |p, a, b| p.ceil_div(a, b),
                |a, b| a.try_ceil_div(b),
            ),
            ("min", |p, a, b| p.min(a, b), |a, b| Ok(a.min(b))),
            ("abs", |p, a, _| p.abs(a), |a, _| a.try_abs()),
            ("signum", |p, a, _| p.signum(a), |a, _| Ok(a.signum())),
            (
                "shape_step",
                |p, a, b| p.shape_step(a, b, 2),
                |a, b| shape_step(a, b, 2),
            ),
        ];
        let v = operands();
        let (mut compared, mut recorded, mut errors) = (0, 0, 0);
        for (name, staged_op, int_op) in ops {
            for &a in &v {
                for &b in &v {
                    let want = int_op(a, b);
                    let got = staged(a, b, staged_op);
                    assert_eq!(got, want, "{name}({a:?}, {b:?})");
                    compared += 1;
                    recorded += usize::from(!(a.is_static() && b.is_static()));
                    errors += usize::from(want.is_err());
                }
            }
        }
        assert_eq!(compared, 10 * 30 * 30);
        assert!(recorded > 6000 && errors > 500, "{recorded} {errors}");
    }

    /// The stride step, both results, against composition's own.
    #[test]
    fn staged_stride_step_is_compositions() {
        let v = operands();
        let mut compared = 0;
        for (&d, rest) in v.iter().flat_map(|d| [(d, 1), (d, 2)]) {
            for &cs in &v {
                let rest = Int::dynamic(rest);
                let want = stride_step(d, cs, rest, 4);
                let mut p = Program::new();
                let rd = p.operand(1).unwrap();
                let rc = p.operand(1).unwrap();
                let rr = p.operand(1).unwrap();
                let sd = if d.is_static() { d } else { reg(rd) };
                let sc = if cs.is_static() { cs } else { reg(rc) };
                let got = p.stride_step(sd, sc, reg(rr), 4).and_then(|(s, t)| {
                    let mut vals = [0i64; 2];
                    let mut k = 0;
                    for x in [s, t] {
                        if !x.is_static() {
                            p.output(x).unwrap();
                            k += 1;
                        }
                    }
                    let mut vd = [0; DYN_CAPACITY];
                    let mut vc = [0; DYN_CAPACITY];
                    let mut vr = [0; DYN_CAPACITY];
                    vd[0] = d.value();
                    vc[0] = cs.value();
                    vr[0] = rest.value();
                    let out = run(&p, &[&vd, &vc, &vr])?;
                    vals[..k].copy_from_slice(&out[..k]);
                    let mut it = vals.into_iter();
                    let fill = |x: Int, it: &mut core::array::IntoIter<i64, 2>| {
                        if x.is_static() {
                            x
                        } else {
                            Int::dynamic(it.next().unwrap())
                        }
                    };
                    let s = fill(s, &mut it);
                    let t = fill(t, &mut it);
                    Ok((s, t))
                });
                assert_eq!(got, want, "stride_step({d:?}, {cs:?})");
                compared += 1;
            }
        }
        assert_eq!(compared, 1800);
    }

    #[test]
    fn checks_report_the_algebras_errors() {
        let mut p = Program::new();
        let r = reg(p.operand(3).unwrap());
        p.check_non_negative(r, 1).unwrap();
        p.check_injective(reg(1), Int::constant(8), reg(2), 2)
            .unwrap();
        p.check_positive(reg(2)).unwrap();
        let mut v = [0; DYN_CAPACITY];
        v[..3].copy_from_slice(&[-4, 5, 7]);
        assert_eq!(run(&p, &[&v]), Err(negative_stride(1, Int::dynamic(-4))));
        v[..3].copy_from_slice(&[4, 0, 7]);
        assert_eq!(
            run(&p, &[&v]),
            Err(non_injective(2, Int::constant(8), Int::dynamic(7)))
        );
        v[..3].copy_from_slice(&[4, 5, 0]);
        assert_eq!(run(&p, &[&v]), Err(not_positive(0)));
        v[..3].copy_from_slice(&[4, 5, 7]);
        assert!(run(&p, &[&v]).is_ok());
        assert_eq!(p.len(), 3);
        assert_eq!(p.ops().len(), 3);
        assert_eq!(
            Program::new().check_positive(Int::constant(0)),
            Err(not_positive(0))
        );
    }
}
