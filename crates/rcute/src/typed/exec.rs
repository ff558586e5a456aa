//! Running a staged operation's program on the operands' values: each operation calls
//! the same `Int` method (or step of the algebra) as the run-time algebra, so it answers
//! the same value and the same error, with a shift and a mask instead of a division where
//! the divisor is a power of two.

use super::program::{DYN_CAPACITY, Kind, MAX_OPS, MAX_REGS, Op, Program, not_positive};
use crate::algebra::carry::{
    bends_step, carry_in, carry_step, continues, linear_signs, reach_add, signs_step,
};
use crate::algebra::complement::{covers_check, negative_stride, non_injective};
use crate::algebra::composition::{shape_step, stride_step};
use crate::error::Error;
use crate::int::{Int, div_rem_pos};

/// The value of operand `x`: an immediate, or the register it names.
#[inline(always)]
fn arg(x: Int, regs: &[i64; MAX_REGS]) -> Int {
    if x.is_static() {
        x
    } else {
        Int::dynamic(regs[x.value() as usize])
    }
}

/// `(x / y, x % y)` for `x >= 0` and `y > 0`, where truncating division is unsigned
/// division (a shift and a mask for a power of two, see [`div_rem_pos`]); `None`
/// otherwise, for the `Int` method to answer (an error included).
#[inline(always)]
fn div_rem_nonneg(a: Int, b: Int) -> Option<(i64, i64)> {
    let (x, y) = (a.value(), b.value());
    if x >= 0 && y > 0 {
        let (q, r) = div_rem_pos(x as u64, y as u64);
        return Some((q as i64, r as i64));
    }
    // laid out of line, as the division of `div_rem_pos` is: a negative operand or a
    // divisor of 0 is rare in a layout's arithmetic
    core::hint::cold_path();
    None
}

/// Executes one operation: its one or two results.
#[inline(always)]
fn exec(op: &Op, regs: &[i64; MAX_REGS]) -> Result<(i64, i64), Error> {
    let a = arg(op.a, regs);
    let b = arg(op.b, regs);
    let mode = op.mode as usize;
    let one = |r: Result<Int, Error>| match r {
        Ok(v) => Ok((v.value(), 0)),
        Err(e) => Err(e),
    };
    match op.kind {
        Kind::Mul => one(a.try_mul(b)),
        Kind::Div => match div_rem_nonneg(a, b) {
            Some((q, _)) => Ok((q, 0)),
            None => one(a.try_div(b)),
        },
        Kind::Rem => match div_rem_nonneg(a, b) {
            Some((_, r)) => Ok((r, 0)),
            None => one(a.try_rem(b)),
        },
        Kind::Add => one(a.try_add(b)),
        Kind::Sub => one(a.try_sub(b)),
        Kind::CeilDiv => {
            let (x, y) = (a.value(), b.value());
            // `Int::try_ceil_div` adds `y` before it subtracts 1: that sum must not overflow
            if x >= 0 && y > 0 && x <= i64::MAX - y {
                let (q, _) = div_rem_pos((x + (y - 1)) as u64, y as u64);
                return Ok((q as i64, 0));
            }
            one(a.try_ceil_div(b))
        }
        Kind::Min => Ok((a.min(b).value(), 0)),
        Kind::Abs => {
            // `Int::try_abs` of a plain integer, without a branch on its sign
            let v = a.value();
            if v != i64::MIN {
                return Ok((v.wrapping_abs(), 0));
            }
            one(a.try_abs())
        }
        Kind::Signum => Ok((a.signum().value(), 0)),
        Kind::StrideStep => match stride_step(a, b, arg(op.c, regs), mode) {
            Ok((s, d)) => Ok((s.value(), d.value())),
            Err(e) => Err(e),
        },
        Kind::ShapeStep => one(shape_step(a, b, mode)),
        Kind::Signs => Ok(signs_step(a.value(), b.value(), arg(op.c, regs).value())),
        Kind::Reach => match reach_add(arg(op.c, regs).value(), a, b) {
            Ok(v) => Ok((v, 0)),
            Err(e) => Err(e),
        },
        Kind::Bends => Ok((bends_step(a.value(), b.value()), 0)),
        Kind::Covers => match covers_check(
            a.value() as i128,
            b.value() as i128,
            arg(op.c, regs).value() as i128,
        ) {
            Ok(()) => Ok((0, 0)),
            Err(e) => Err(e),
        },
        Kind::Linear => match linear_signs(a.value(), b.value(), arg(op.c, regs).value()) {
            Ok(()) => Ok((0, 0)),
            Err(e) => Err(e),
        },
        Kind::NoCarry => {
            match carry_step(a.value(), b.value(), arg(op.c, regs).value() == 0, mode) {
                Ok(c) => Ok((c, 0)),
                Err(e) => Err(e),
            }
        }
        Kind::RestFits => match stride_step(b, arg(op.c, regs), a, mode) {
            Ok(_) => Ok((0, 0)),
            Err(e) => Err(e),
        },
        Kind::NonNegative => {
            if a.value() < 0 {
                return Err(negative_stride(mode, a));
            }
            Ok((0, 0))
        }
        Kind::Injective => {
            if a.value() == 0 {
                return Err(non_injective(mode, b, arg(op.c, regs)));
            }
            Ok((0, 0))
        }
        Kind::Positive => {
            if a.value() <= 0 {
                return Err(not_positive(a.value()));
            }
            Ok((0, 0))
        }
        Kind::DivRem => match div_rem_nonneg(a, b) {
            Some((q, r)) => Ok((q, r)),
            None => match a.try_div(b) {
                Ok(q) => Ok((q.value(), 1)),
                Err(e) => Err(e),
            },
        },
        Kind::Or => Ok((a.value() | b.value(), 0)),
        Kind::Ne => Ok((a.value() ^ b.value(), 0)),
        Kind::Negative => Ok((((a.value() as u64) >> 63) as i64, 0)),
        Kind::Differs => Ok((
            !continues(a.value(), b.value(), arg(op.c, regs).value()) as i64,
            0,
        )),
        Kind::CarryIn => match carry_in(a.value(), b.value()) {
            Ok(t) => Ok((t, 0)),
            Err(e) => Err(e),
        },
        // on the exact path the lazy checks after it run
        Kind::Screen => Ok((0, 0)),
    }
}

/// A staged operation, as a type: its program is a constant.
pub(crate) trait Stage {
    /// The program.
    const PROGRAM: Program;
}

/// Operation `K` of `S`'s program, on `regs`; nothing when the program is shorter. Both
/// the test and the operation are constants, so the compiler keeps the arithmetic alone.
#[inline(always)]
fn step<S: Stage, const K: usize>(
    regs: &mut [i64; MAX_REGS],
    screened: &mut bool,
) -> Result<(), Error> {
    if const { K < S::PROGRAM.n && !S::PROGRAM.ops[K].lazy } {
        let op = const { &S::PROGRAM.ops[K] };
        if const { matches!(S::PROGRAM.ops[K].kind, Kind::Screen) } {
            *screened |= arg(op.a, regs).value() != 0;
            return Ok(());
        }
        if const { S::PROGRAM.ops[K].guard != 0 }
            && regs[const { (S::PROGRAM.ops[K].guard as usize).saturating_sub(1) }] == 0
        {
            return Ok(());
        }
        let (x, y) = exec(op, regs)?;
        regs[const { S::PROGRAM.nin + 2 * K }] = x;
        regs[const { S::PROGRAM.nin + 2 * K + 1 }] = y;
    }
    Ok(())
}

/// `$step::<S, K>(ARGS)?` for every `K` below [`MAX_OPS`], in order: the program unrolled
/// at compile time (a loop over it would be unrolled by the optimizer only for a handful
/// of operations).
macro_rules! unrolled {
    ($step:ident::<$s:ident> $args:tt) => {
        unrolled!(@ $step $s $args;
            0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29
            30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56
            57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83
            84 85 86 87 88 89 90 91 92 93 94 95 96 97 98 99 100 101 102 103 104 105 106 107
            108 109 110 111 112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127
            128 129 130 131 132 133 134 135 136 137 138 139 140 141 142 143 144 145 146 147
            148 149 150 151 152 153 154 155 156 157 158 159 160 161 162 163 164 165 166 167
            168 169 170 171 172 173 174 175 176 177 178 179 180 181 182 183 184 185 186 187
            188 189 190 191 192 193 194 195 196 197 198 199 200 201 202 203 204 205 206 207
            208 209 210 211 212 213 214 215 216 217 218 219 220 221 222 223 224 225 226 227
            228 229 230 231 232 233 234 235 236 237 238 239 240 241 242 243 244 245 246 247
            248 249 250 251 252 253 254 255)
    };
    (@ $step:ident $s:ident $args:tt; $($k:literal)*) => {
        $( $step::<$s, $k> $args ?; )*
    };
}

// the unrolled steps cover every operation
const _: () = assert!(MAX_OPS == 256);

/// The registers with the operands' values, in the order they were declared.
#[inline(always)]
fn load(p: &Program, operands: &[&[i64; DYN_CAPACITY]]) -> [i64; MAX_REGS] {
    let mut regs = [0i64; MAX_REGS];
    let mut base = 0;
    let mut j = 0;
    while j < p.operands {
        let mut k = 0;
        while k < p.inputs[j] {
            regs[base + k] = operands[j][k];
            k += 1;
        }
        base += p.inputs[j];
        j += 1;
    }
    regs
}

/// The result's dynamic values, from the registers.
#[inline(always)]
fn results(p: &Program, regs: &[i64; MAX_REGS]) -> [i64; DYN_CAPACITY] {
    let mut out = [0i64; DYN_CAPACITY];
    let mut k = 0;
    while k < p.nout {
        out[k] = regs[p.out[k] as usize];
        k += 1;
    }
    out
}

/// Runs `S`'s program on the dynamic values of its operands (in the order they were
/// declared): answers the result's dynamic values, or the first error, as the run-time
/// algebra would. After inlining, only the program's arithmetic is left.
///
/// This is the fast path: it skips the lazy checks, whose screen (a cheap sufficient
/// condition, such as "every division of the complement was exact") holds on nearly every
/// input. Where a screen does not hold, whether the fast path answered or failed, and
/// where the fast path failed in a program with lazy checks, the program runs again with
/// every check ([`run`]) for the first error; where there is none, the fast path's values
/// are the result, since it skips only checks and values that only checks read
/// ([`Program::fast_path_is_sound`]), so no value has to come back from the exact path.
#[inline(always)]
pub(crate) fn run_stage<S: Stage>(
    operands: &[&[i64; DYN_CAPACITY]],
) -> Result<[i64; DYN_CAPACITY], Error> {
    let p = const { &S::PROGRAM };
    if const { !S::PROGRAM.fast_path_is_sound() } {
        // never so for the programs staging records (the tests assert it of every program
        // they stage); the exact path would still answer right
        return run(p, operands);
    }
    let mut regs = load(p, operands);
    let mut screened = false;
    let fast = fast_path::<S>(&mut regs, &mut screened);
    // a skipped check may fail before the operation that answered, where a screen did not
    // hold, or before the operation that failed (which stopped the run before the screen
    // that would have flagged it): the exact path finds the first error; where it finds
    // none, every operation succeeds and the fast path computed the result
    if screened || (const { S::PROGRAM.has_lazy() } && fast.is_err()) {
        check_exact::<S>(operands)?;
    }
    fast?;
    Ok(results(p, &regs))
}

/// Every step of `S`'s program but the lazy ones, unrolled; inlined always, so that the
/// registers stay local to the operation (an array the optimizer keeps in registers,
/// without zeroing it in memory first).
#[inline(always)]
fn fast_path<S: Stage>(regs: &mut [i64; MAX_REGS], screened: &mut bool) -> Result<(), Error> {
    unrolled!(step::<S>(regs, screened));
    Ok(())
}

/// The first error of [`run`], where the fast path may have skipped a check that fails.
#[cold]
#[inline(never)]
fn check_exact<S: Stage>(operands: &[&[i64; DYN_CAPACITY]]) -> Result<(), Error> {
    run(const { &S::PROGRAM }, operands).map(|_| ())
}

/// Runs `p` on the dynamic values of its operands, operation by operation: what
/// [`run_stage`] computes, every check included: for a program known only at run time
/// (the tests stage random layouts), and where a screen of the fast path does not hold.
pub(crate) fn run(
    p: &Program,
    operands: &[&[i64; DYN_CAPACITY]],
) -> Result<[i64; DYN_CAPACITY], Error> {
    let mut regs = load(p, operands);
    for k in 0..p.n {
        let (x, y) = exec(&p.ops[k], &regs)?;
        regs[p.nin + 2 * k] = x;
        regs[p.nin + 2 * k + 1] = y;
    }
    Ok(results(p, &regs))
}
