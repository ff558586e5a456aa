//! The checks that composing mode by mode (CuTe's walk in `composition`) is the composed
//! function: the tiler's modes must not carry from one mode of the layout into the next,
//! and tiler strides of both signs need a linear layout. CuTe C++ checks neither. The
//! staged twin (`typed::composition`) runs the same steps (`carry_step`, `reach_add`,
//! `signs_step`, `bends_step`, `linear_signs`) at run time where values are dynamic.

use super::modes::{Flat, Modes};
use crate::error::{Error, tri};
use crate::int::Int;
use crate::tuple::CAPACITY;

/// What the integral modes of `B` add up to in each mode of a flat `A`, to check that
/// composing `A` with `B` mode by mode (CuTe's right-distributivity) is the composed
/// function: `A(B(c)) == sum of A(B_i(c_i))` holds exactly when the offsets of `B`'s modes
/// never carry from one mode of `A` into the next. Each new mode `n:r` that the walk puts
/// at mode `k` of `A` reaches `(n - 1) * |r|` there; the sums must stay below the extents
/// of every mode but the last (which absorbs the rest). CuTe C++ does not check this, and
/// answers, for example, `composition((3,4):(1,288), (2,2):(2,1))` with a layout that
/// sends coordinate `(1,1)` to 3 where `A(B(1,1)) = A(3) = 288`.
///
/// `N` sums, one per mode of `A` but its last: [`CAPACITY`] for the general walk, fewer
/// for the walk of a few modes on the stack (`composition::small`).
pub(crate) struct Carry<const N: usize = CAPACITY> {
    /// Whether `A` is a coordinate layout (a stride is a basis element): its axes are
    /// tiled with overhang, as CuTe does, and neither check applies.
    pub(crate) coordinates: bool,
    sums: [i64; N],
    /// The first sum that overflowed, reported by [`Carry::check`] where the check needs
    /// the sums (two modes of `B` or more).
    overflow: Option<Error>,
    /// The number of integral modes of `B` that reached `A`'s modes.
    modes: usize,
    /// Whether one of them has a positive stride, and one a negative stride.
    signs: (bool, bool),
    /// The first mode of `A` at which one of them puts a new mode (`A`'s last mode
    /// absorbs the rest and is left out).
    low: usize,
    /// Whether a sum recorded by [`Carry::add_pos`] reached the extent of its mode.
    reached: bool,
}

impl Carry {
    pub(crate) const fn new() -> Carry {
        Carry::empty()
    }

    /// A new sum for the walk over a flat `f`.
    pub(super) const fn over(f: &Flat) -> Carry {
        let mut carry = Carry::new();
        let mut k = 0;
        while k < f.n {
            carry.coordinates |= f.d(k).is_basis();
            k += 1;
        }
        carry
    }

    /// The check, once every mode of `B` is walked, for a flat `A` of `a.n` modes (see
    /// [`Carry::check_modes`]).
    pub(super) const fn check(&self, a: &Flat) -> Result<(), Error> {
        self.check_modes(Modes::flat(a))
    }
}

impl<const N: usize> Carry<N> {
    /// No mode counted yet, over a layout that is not a coordinate layout.
    #[inline(always)]
    pub(crate) const fn empty() -> Carry<N> {
        Carry {
            coordinates: false,
            signs: (false, false),
            low: usize::MAX,
            sums: [0; N],
            overflow: None,
            modes: 0,
            reached: false,
        }
    }

    /// Counts an integral mode of `B` of stride `d` walked over a multi-mode `A`.
    pub(crate) const fn count(&mut self, d: Int) {
        self.modes += 1;
        if d.value() > 0 {
            self.signs.0 = true;
        } else if d.value() < 0 {
            self.signs.1 = true;
        }
    }

    /// Records a new mode `n:r` at mode `k` of `A` (an overflow of the sum is reported by
    /// [`Carry::check`]).
    #[inline(always)]
    pub(crate) const fn add(&mut self, k: usize, n: Int, r: Int) {
        if k < self.low {
            self.low = k;
        }
        // the reach `(n - 1) * |r|` added in 64 bits where nothing overflows, which is
        // [`reach_add`]'s answer; anything else takes `reach_add`, in 128 bits
        let sum = self.sums[k];
        if let Some(n1) = n.value().checked_sub(1)
            && let Some(ra) = r.value().checked_abs()
            && let Some(reach) = n1.checked_mul(ra)
            && let Some(v) = sum.checked_add(reach)
        {
            self.sums[k] = v;
            return;
        }
        self.add_wide(k, n, r);
    }

    /// [`Carry::add`] of a new mode `n:r` at mode `k` of `A`, of extent `cs`, with `n >= 1`
    /// and `r >= 1` given by value (the walk on the stack, whose shapes and strides stay
    /// positive): `add`'s answer, with its checks that cannot fail there left out (`n - 1`
    /// and `|r|` do not overflow), and nothing added for `n == 1`, whose reach is 0
    /// (`sum + 0` is `sum`). A sum that reaches `cs` is remembered, for
    /// [`Carry::passes_walked`].
    #[inline(always)]
    pub(crate) const fn add_pos(&mut self, k: usize, n: i64, r: i64, cs: i64) {
        if k < self.low {
            self.low = k;
        }
        if n == 1 {
            return;
        }
        if let Some(reach) = (n - 1).checked_mul(r)
            && let Some(v) = self.sums[k].checked_add(reach)
        {
            self.sums[k] = v;
            self.reached |= v >= cs;
            return;
        }
        // `add_wide` reads the values alone
        self.add_wide(k, Int::dynamic(n), Int::dynamic(r));
    }

    /// [`Carry::add`]'s sum in 128 bits.
    #[inline(never)]
    const fn add_wide(&mut self, k: usize, n: Int, r: Int) {
        match reach_add(self.sums[k], n, r) {
            Ok(v) => self.sums[k] = v,
            Err(e) => {
                if self.overflow.is_none() {
                    self.overflow = Some(e);
                }
            }
        }
    }

    /// Whether [`Carry::check_modes`] passes, answered without its digit walk where that is
    /// plain (`false` may be answered where it passes too): fewer than two modes counted,
    /// or no sum overflowed, no strides of both signs, and every sum below the extent of
    /// its mode (a positive one). Then every digit of the check starts with no carry and
    /// stays below its extent, so nothing carries and the check answers `Ok`.
    #[inline(always)]
    pub(crate) const fn passes(&self, a: Modes<'_>) -> bool {
        if self.modes < 2 || self.coordinates {
            return true;
        }
        if self.overflow.is_some() || (self.signs.0 && self.signs.1) {
            return false;
        }
        let r = a.len();
        let mut k = 0;
        while k + 1 < r && k < N {
            let cs = a.s(k).value();
            if cs <= 0 || self.sums[k] >= cs {
                return false;
            }
            k += 1;
        }
        true
    }

    /// [`Carry::passes`] without reading `A`'s modes, where every mode of `B` counted was
    /// walked through every mode of `A` but the last, each checked to have a positive
    /// extent, and every new mode was recorded by [`Carry::add_pos`] with its mode's extent
    /// (the walk on the stack, `composition::small`). There `passes`' test `cs <= 0` is
    /// false for every mode, and, as the sums only grow (every reach is 0 or more), a sum
    /// is at least its extent at the end exactly where it reached it when recorded.
    #[inline(always)]
    pub(crate) const fn passes_walked(&self) -> bool {
        if self.modes < 2 || self.coordinates {
            return true;
        }
        !(self.overflow.is_some() || (self.signs.0 && self.signs.1) || self.reached)
    }

    /// The check, once every mode of `B` is walked, for a flat `A` of the modes `a` (at most
    /// `N + 1` of them). Modes of `A` that continue one another by value
    /// (`s_k * d_k == d_(k+1)`: dynamic modes CuTe does not merge) make one digit, since a
    /// carry between them changes nothing.
    pub(super) const fn check_modes(&self, a: Modes<'_>) -> Result<(), Error> {
        let r = a.len();
        if self.modes < 2 {
            return Ok(());
        }
        if self.coordinates {
            // the axes of a coordinate layout (see `composition_int`)
            return Ok(());
        }
        // what the new modes reach in each mode of `A`: the first sum that overflowed, in
        // the order the walk placed them
        if let Some(e) = self.overflow {
            return Err(e);
        }
        if self.signs.0 && self.signs.1 && self.low < r {
            let mut k = self.low;
            while k + 1 < r {
                let ((cs, cd), next) = ((a.s(k), a.d(k)), a.d(k + 1));
                tri!(linear_step(cs, cd, next));
                k += 1;
            }
        }
        let mut digit = Digit::START;
        let mut k = 0;
        while k + 1 < r {
            let (cs, cd) = (a.s(k), a.d(k));
            tri!(digit.step(self.sums[k], k, cs, cd, a.d(k + 1)));
            k += 1;
        }
        Ok(())
    }
}

/// The message of a tiler whose modes have strides of both signs where the layout is not
/// linear.
pub(crate) const MIXED_SIGNS: &str = "composition: the tiler's modes have strides of both signs and reach modes of the layout that do not continue one another (the layout is not linear there, so composing mode by mode is not the composed function)";

/// The least and the greatest of the signs `least`, `greatest` and the sign of `d` (the
/// staged sign check's step).
#[inline]
pub(crate) const fn signs_step(d: i64, least: i64, greatest: i64) -> (i64, i64) {
    let s = d.signum();
    (
        if s < least { s } else { least },
        if s > greatest { s } else { greatest },
    )
}

/// `acc`, or 1 where `diff` is not 0 (the staged sign check's bends: only whether it is 0
/// is read).
#[inline]
pub(crate) const fn bends_step(acc: i64, diff: i64) -> i64 {
    if diff != 0 { 1 } else { acc }
}

/// The staged form of the sign check: strides of both signs (least sign `least`, greatest
/// `greatest`) need a layout without bends (`bends` is not 0 where a mode reached is not
/// continued by the next).
#[inline]
pub(crate) const fn linear_signs(least: i64, greatest: i64, bends: i64) -> Result<(), Error> {
    if least < 0 && greatest > 0 && bends != 0 {
        return Err(mixed_signs());
    }
    Ok(())
}

/// The error of tiler strides of both signs over a layout that is not linear.
#[cold]
const fn mixed_signs() -> Error {
    Error::Precondition {
        msg: MIXED_SIGNS,
        mode: -1,
        lhs: -1,
        rhs: 1,
    }
}

/// Whether mode `cs:cd` of `A` is continued by the next (of stride `next`): with tiler
/// modes of both signs, `A` must be linear (one digit) from the first mode they reach on,
/// since `A(x - y) == A(x) - A(y)` needs no borrow between modes.
pub(crate) const fn linear_step(cs: Int, cd: Int, next: Int) -> Result<(), Error> {
    if !continues(cs.value(), cd.value(), next.value()) {
        return Err(Error::Precondition {
            msg: MIXED_SIGNS,
            mode: -1,
            lhs: -1,
            rhs: 1,
        });
    }
    Ok(())
}

/// The carry of [`Carry::check`] from one mode of `A` into the next: the largest sums of
/// offsets added up digit by digit, as a mixed-radix addition.
pub(crate) struct Digit {
    carry: i64,
}

impl Digit {
    pub(crate) const START: Digit = Digit { carry: 0 };

    /// Mode `k` of `A` (`cs:cd`, followed by a mode of stride `next`) with the sum of
    /// reaches `sum`: an error where the reaches carry out of the mode into one that does
    /// not continue it.
    pub(crate) const fn step(
        &mut self,
        sum: i64,
        k: usize,
        cs: Int,
        cd: Int,
        next: Int,
    ) -> Result<(), Error> {
        let t = tri!(carry_in(sum, self.carry));
        let merged = continues(cs.value(), cd.value(), next.value());
        match carry_step(t, cs.value(), merged, k) {
            Ok(c) => {
                self.carry = c;
                Ok(())
            }
            Err(e) => Err(e),
        }
    }
}

/// Whether a mode of extent `cs` and stride `cd` is continued by a next mode of stride
/// `next` (`cs * cd == next`, computed without overflow).
#[inline]
pub(crate) const fn continues(cs: i64, cd: i64, next: i64) -> bool {
    cs as i128 * cd as i128 == next as i128
}

/// The reach `sum` in a mode plus the carry into it from the mode before.
#[inline]
pub(crate) const fn carry_in(sum: i64, carry: i64) -> Result<i64, Error> {
    match sum.checked_add(carry) {
        Some(t) => Ok(t),
        None => Err(reach_overflows(sum, carry)),
    }
}

/// The error of a reach and a carry whose sum overflows.
#[cold]
const fn reach_overflows(sum: i64, carry: i64) -> Error {
    Error::Overflow {
        msg: "composition: the reach of the tiler's modes overflows",
        lhs: sum,
        rhs: carry,
    }
}

/// One digit of the carry check: the reach `t` in a mode of extent `cs`, `merged` when the
/// next mode continues this one (its stride is `cs` times this one's), so that a carry
/// into it changes nothing. Answers the carry into the next mode.
#[inline]
pub(crate) const fn carry_step(t: i64, cs: i64, merged: bool, k: usize) -> Result<i64, Error> {
    if t < cs || cs <= 0 {
        return Ok(0);
    }
    if !merged {
        return Err(carries(t, cs, k));
    }
    Ok(t / cs)
}

/// The error of a reach `t` that carries out of mode `k` of extent `cs`.
#[cold]
const fn carries(t: i64, cs: i64, k: usize) -> Error {
    Error::Precondition {
        msg: CARRY,
        mode: k as i64,
        lhs: t,
        rhs: cs,
    }
}

/// `sum` plus the reach `(n - 1) * |r|` of a new mode `n:r` (the staged twin's run-time
/// operation too).
#[inline]
pub(crate) const fn reach_add(sum: i64, n: Int, r: Int) -> Result<i64, Error> {
    // plain integer arithmetic: the reach is a value, its static bit plays no part; in
    // 128 bits no step overflows (|n - 1| and |r| are at most 2^63, `sum` fits 64 bits)
    let reach = (n.value() as i128 - 1) * (r.value() as i128).abs();
    let v = sum as i128 + reach;
    if v < i64::MIN as i128 || v > i64::MAX as i128 {
        return Err(reach_overflow(n.value(), r.value()));
    }
    Ok(v as i64)
}

#[cold]
const fn reach_overflow(lhs: i64, rhs: i64) -> Error {
    Error::Overflow {
        msg: "composition: the reach of the tiler's modes overflows",
        lhs,
        rhs,
    }
}

/// The message of a tiler whose modes carry from one mode of the layout into the next.
pub(crate) const CARRY: &str = "composition: the tiler's modes reach past a mode of the layout together (their offsets carry into the next mode, so composing mode by mode is not the composed function); the largest sum of offsets (with the carry from the modes before) and the extent";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::testgen::Gen;

    /// Where [`Carry::passes`] answers `true`, the full check answers `Ok` (on random sums
    /// over random flat modes: extents, strides and tiler modes of both signs, reaches
    /// past the extents, overflowing reaches).
    #[test]
    fn passes_only_where_the_check_passes() {
        let mut g = Gen(61);
        let (mut passed, mut refused, mut failed) = (0, 0, 0);
        for _ in 0..20000 {
            let r = 1 + g.next(5) as usize;
            let mut f = Flat::new();
            for _ in 0..r {
                let s = [1, 2, 3, 4, 6, 8, 0, -2][g.next(8) as usize];
                let d = [1, 2, 3, 4, 12, 24, 0, -1][g.next(8) as usize];
                f.push(Int::new(s, g.next(2) == 0), Int::new(d, g.next(2) == 0))
                    .unwrap();
            }
            let mut c = Carry::<8>::empty();
            for _ in 0..g.next(4) {
                let sign = if g.next(6) == 0 { -1 } else { 1 };
                c.count(Int::dynamic(sign));
                let k = g.next(r as u64) as usize;
                if k + 1 < r {
                    let n = [1, 2, 3, 4, i64::MAX][g.next(5) as usize];
                    let step = [1, 2, 3, 6, i64::MAX / 2][g.next(5) as usize];
                    c.add(k, Int::dynamic(n), Int::dynamic(sign * step));
                }
            }
            let m = Modes::flat(&f);
            let full = c.check_modes(m);
            if c.passes(m) {
                assert_eq!(full, Ok(()));
                passed += 1;
            } else {
                refused += 1;
                failed += usize::from(full.is_err());
            }
        }
        assert!(
            passed > 5000 && refused > 2000 && failed > 1000,
            "{passed} {refused} {failed}"
        );
    }
}
