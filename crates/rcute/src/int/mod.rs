//! Integers with a static bit, combined by CuTe's exact rules.
//!
//! CuTe distinguishes integers known at compile time (`Int<8>`, printed `_8`) from
//! integers known only at run time (`int`, printed `8`). The distinction decides which
//! simplifications the algebra performs, so every [`Int`] carries it, and every operation
//! propagates it exactly as `integral_constant.hpp` does:
//!
//! * static ∘ static is static, for every operator and for `min`, `max`, `gcd`, `lcm`;
//! * `_0 * x`, `x * _0`, `_0 / x`, `x % _1`, `x % _-1`, `_0 % x` are static `_0` even when
//!   `x` is dynamic;
//! * everything else that mixes static and dynamic is dynamic: `_1 * x` is dynamic, and so
//!   is `_3 == 3`.
//!
//! Comparisons give booleans as integers (`1`/`0`, or `_1`/`_0` when static). Logical
//! `and` is static `_0` as soon as one side is static `_0`, and logical `or` is static `_1`
//! as soon as one side is static `_1`.
//!
//! An [`Int`] can also be the underscore `_` of slicing (CuTe's `Underscore`, which
//! behaves as a static `_0` in arithmetic), or a *scaled basis element* `v@i@j` (CuTe's
//! `ScaledBasis`), the stride of an identity layout: `_1@0` is "one step along mode 0".
//!
//! ```
//! use rcute::Int;
//! let x = Int::dynamic(5);
//! assert_eq!(Int::constant(0).mul(x).to_string(), "_0");
//! assert_eq!(Int::constant(1).mul(x).to_string(), "5");
//! assert_eq!(Int::constant(2).mul(Int::constant(3)).to_string(), "_6");
//! assert_eq!(x.rem(Int::constant(1)).to_string(), "_0");
//! ```

use crate::error::{Error, tri, unwrap_or_panic};
use core::fmt;

const STATIC: u16 = 1;
const UNDERSCORE: u16 = 2;
const BASIS_LEN_SHIFT: u16 = 2;
const BASIS_LEN_MASK: u16 = 0b11 << BASIS_LEN_SHIFT;
const BASIS_IDX_SHIFT: u16 = 4;

/// The deepest path a scaled basis element can carry (`_1@0@1@2` has depth 3).
pub const MAX_BASIS_DEPTH: usize = 3;
/// Mode indices in a scaled basis element are below this bound.
pub const MAX_BASIS_INDEX: usize = 16;

/// `(c / s, c % s)` for `s > 0`: a shift and a mask where `s` is a power of two, a
/// division otherwise. The extents of GPU tilings are nearly always powers of two, and a
/// division by an extent known only at run time costs an order of magnitude more than the
/// shift; for an extent known at compile time the compiler folds the test away. The
/// division is laid out of line (`cold_path`), so that the shift falls through: without
/// the hint the compiler jumps to the shift and back, two taken branches per division,
/// which bound how fast a typed operation runs; the division's own latency dwarfs the two
/// jumps it takes instead.
#[inline(always)]
pub(crate) const fn div_rem_pos(c: u64, s: u64) -> (u64, u64) {
    if s.is_power_of_two() {
        (c >> s.trailing_zeros(), c & (s - 1))
    } else {
        core::hint::cold_path();
        (c / s, c % s)
    }
}

/// An integer with a static bit: CuTe's `Int<N>` (static, printed `_N`) or `int` (dynamic).
///
/// See the [module documentation](self) for how static bits combine.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Int {
    value: i64,
    meta: u16,
}

impl Int {
    /// The underscore `_` of slicing; in arithmetic it acts as a static `_0`.
    pub const UNDERSCORE: Int = Int {
        value: 0,
        meta: STATIC | UNDERSCORE,
    };
    /// Static zero, `_0`.
    pub const ZERO: Int = Int::constant(0);
    /// Static one, `_1`.
    pub const ONE: Int = Int::constant(1);

    /// A static integer, known at compile time in CuTe: `_8`.
    pub const fn constant(value: i64) -> Int {
        Int {
            value,
            meta: STATIC,
        }
    }

    /// A dynamic integer, known only at run time in CuTe: `8`.
    pub const fn dynamic(value: i64) -> Int {
        Int { value, meta: 0 }
    }

    /// A static or dynamic integer.
    pub const fn new(value: i64, is_static: bool) -> Int {
        Int {
            value,
            meta: if is_static { STATIC } else { 0 },
        }
    }

    /// A boolean as CuTe represents it: `_1`/`_0` when static, `1`/`0` when dynamic.
    pub const fn bool(b: bool, is_static: bool) -> Int {
        Int::new(b as i64, is_static)
    }

    /// A scaled basis element `value@path[n-1]@...@path[0]` (CuTe's `ScaledBasis<T, path...>`):
    /// `value` steps along the mode at `path` of a hierarchical codomain.
    ///
    /// ```
    /// use rcute::Int;
    /// let e = Int::try_basis(Int::constant(1), &[1, 0]).unwrap();
    /// assert_eq!(e.to_string(), "_1@0@1");
    /// ```
    pub const fn try_basis(value: Int, path: &[usize]) -> Result<Int, Error> {
        if value.is_basis() || value.is_underscore() {
            return Err(Error::WrongKind {
                msg: "basis: the value of a scaled basis element must be a plain integer",
            });
        }
        if path.len() > MAX_BASIS_DEPTH {
            return Err(Error::Capacity {
                msg: "basis: a scaled basis path is too deep",
                capacity: MAX_BASIS_DEPTH,
            });
        }
        let mut meta = value.meta | ((path.len() as u16) << BASIS_LEN_SHIFT);
        let mut k = 0;
        while k < path.len() {
            if path[k] >= MAX_BASIS_INDEX {
                return Err(Error::Capacity {
                    msg: "basis: a scaled basis index is too large",
                    capacity: MAX_BASIS_INDEX,
                });
            }
            meta |= (path[k] as u16) << (BASIS_IDX_SHIFT + 4 * k as u16);
            k += 1;
        }
        Ok(Int {
            value: value.value,
            meta,
        })
    }

    /// The integer value (for a scaled basis element, its scale; for `_`, 0).
    pub const fn value(self) -> i64 {
        self.value
    }

    /// Whether the value is known statically (`_8`).
    pub const fn is_static(self) -> bool {
        self.meta & STATIC != 0
    }

    /// Whether this is the underscore `_`.
    pub const fn is_underscore(self) -> bool {
        self.meta & UNDERSCORE != 0
    }

    /// Whether this is a scaled basis element (`_1@0`).
    pub const fn is_basis(self) -> bool {
        self.meta & BASIS_LEN_MASK != 0
    }

    /// The depth of the basis path (0 for a plain integer).
    pub const fn basis_depth(self) -> usize {
        ((self.meta & BASIS_LEN_MASK) >> BASIS_LEN_SHIFT) as usize
    }

    /// The `k`-th index of the basis path, outermost first.
    pub const fn basis_index(self, k: usize) -> usize {
        ((self.meta >> (BASIS_IDX_SHIFT + 4 * k as u16)) & 0xF) as usize
    }

    /// The raw static/underscore/basis bits (crate-internal storage format).
    pub(crate) const fn meta(self) -> u16 {
        self.meta
    }

    /// Rebuilds an integer from [`Int::value`] and [`Int::meta`].
    pub(crate) const fn from_raw(value: i64, meta: u16) -> Int {
        Int { value, meta }
    }

    /// The same element with its basis path removed (`_4@1` becomes `_4`).
    pub const fn scale(self) -> Int {
        Int {
            value: self.value,
            meta: self.meta & STATIC,
        }
    }

    /// The same basis path (if any) with another value.
    pub(crate) const fn with_scale(self, v: Int) -> Int {
        Int {
            value: v.value,
            meta: (self.meta & !(STATIC | UNDERSCORE)) | (v.meta & STATIC),
        }
    }

    /// The basis path with its first (outermost) index removed (`_1@0@1` becomes `_1@0`).
    pub(crate) const fn basis_tail(self) -> Int {
        let d = self.basis_depth();
        if d == 0 {
            return self;
        }
        let idx = (self.meta >> (BASIS_IDX_SHIFT + 4)) & 0xFF;
        Int {
            value: self.value,
            meta: (self.meta & STATIC)
                | (((d - 1) as u16) << BASIS_LEN_SHIFT)
                | (idx << BASIS_IDX_SHIFT),
        }
    }

    /// Whether this is the static integer `n` (CuTe's `is_constant<n, T>`); `_` counts as `_0`.
    pub const fn is_constant(self, n: i64) -> bool {
        self.is_static() && !self.is_basis() && self.value == n
    }

    /// The same value, as a dynamic integer.
    pub const fn to_dynamic(self) -> Int {
        Int::dynamic(self.value)
    }

    /// The same value, as a static integer.
    pub const fn to_static(self) -> Int {
        Int::constant(self.value)
    }

    const fn plain(self, msg: &'static str) -> Result<Int, Error> {
        if self.is_basis() {
            Err(Error::WrongKind { msg })
        } else {
            Ok(Int {
                value: self.value,
                meta: self.meta & STATIC,
            })
        }
    }

    /// `self * rhs` by CuTe's rules: `_0 * x` and `x * _0` stay static.
    #[inline(always)]
    pub const fn try_mul(self, rhs: Int) -> Result<Int, Error> {
        if (self.meta | rhs.meta) & BASIS_LEN_MASK == 0
            && !self.is_constant(0)
            && !rhs.is_constant(0)
            && let Some(v) = self.value.checked_mul(rhs.value)
        {
            return Ok(Int::new(v, self.is_static() && rhs.is_static()));
        }
        self.try_mul_slow(rhs)
    }

    /// [`Int::try_mul`] in full: scaled-basis operands and errors.
    #[inline(never)]
    const fn try_mul_slow(self, rhs: Int) -> Result<Int, Error> {
        if (self.meta | rhs.meta) & BASIS_LEN_MASK != 0 {
            return self.try_mul_basis(rhs);
        }
        if self.is_constant(0) || rhs.is_constant(0) {
            return Ok(Int::ZERO);
        }
        match self.value.checked_mul(rhs.value) {
            Some(v) => Ok(Int::new(v, self.is_static() && rhs.is_static())),
            None => Err(Error::Overflow {
                msg: "integer overflow in multiplication",
                lhs: self.value,
                rhs: rhs.value,
            }),
        }
    }

    /// [`Int::try_mul`] where an operand is a scaled basis element.
    #[inline(never)]
    const fn try_mul_basis(self, rhs: Int) -> Result<Int, Error> {
        match (self.is_basis(), rhs.is_basis()) {
            (true, true) => Err(Error::WrongKind {
                msg: "multiplication of two scaled basis elements",
            }),
            (true, false) => Ok(self.with_scale(tri!(self.scale().try_mul(rhs)))),
            _ => Ok(rhs.with_scale(tri!(self.try_mul(rhs.scale())))),
        }
    }

    /// `self / rhs`, truncating as in C++; `_0 / x` stays static.
    #[inline(always)]
    pub const fn try_div(self, rhs: Int) -> Result<Int, Error> {
        // two plain integers, the dividend not a static `_0`, no error
        if (self.meta | rhs.meta) & BASIS_LEN_MASK == 0
            && !self.is_constant(0)
            && let Some(v) = self.value.checked_div(rhs.value)
        {
            return Ok(Int::new(v, self.is_static() && rhs.is_static()));
        }
        self.try_div_slow(rhs)
    }

    /// [`Int::try_div`] in full: scaled-basis operands and errors.
    #[inline(never)]
    const fn try_div_slow(self, rhs: Int) -> Result<Int, Error> {
        let a = tri!(self.plain("division of a scaled basis element"));
        let b = tri!(rhs.plain("division by a scaled basis element"));
        if a.is_constant(0) && !b.is_static() {
            return Ok(Int::ZERO);
        }
        match a.value.checked_div(b.value) {
            Some(v) => Ok(Int::new(v, a.is_static() && b.is_static())),
            None if b.value == 0 => Err(Error::DivideByZero {
                msg: "division by zero",
                lhs: a.value,
            }),
            None => Err(Error::Overflow {
                msg: "integer overflow in division",
                lhs: a.value,
                rhs: b.value,
            }),
        }
    }

    /// `self % rhs`, truncating as in C++; `x % _1`, `x % _-1` and `_0 % x` stay static.
    #[inline(always)]
    pub const fn try_rem(self, rhs: Int) -> Result<Int, Error> {
        // two plain integers, neither special case below, no error
        if (self.meta | rhs.meta) & BASIS_LEN_MASK == 0
            && !self.is_constant(0)
            && !rhs.is_constant(1)
            && !rhs.is_constant(-1)
            && let Some(v) = self.value.checked_rem(rhs.value)
        {
            return Ok(Int::new(v, self.is_static() && rhs.is_static()));
        }
        self.try_rem_slow(rhs)
    }

    /// [`Int::try_rem`] in full: scaled-basis operands and errors.
    #[inline(never)]
    const fn try_rem_slow(self, rhs: Int) -> Result<Int, Error> {
        let a = tri!(self.plain("remainder of a scaled basis element"));
        let b = tri!(rhs.plain("remainder by a scaled basis element"));
        if (b.is_constant(1) || b.is_constant(-1)) && !a.is_static() {
            return Ok(Int::ZERO);
        }
        if a.is_constant(0) && !b.is_static() {
            return Ok(Int::ZERO);
        }
        match a.value.checked_rem(b.value) {
            Some(v) => Ok(Int::new(v, a.is_static() && b.is_static())),
            None if b.value == 0 => Err(Error::DivideByZero {
                msg: "remainder by zero",
                lhs: a.value,
            }),
            None => Ok(Int::new(0, a.is_static() && b.is_static())),
        }
    }

    /// `self + rhs`; static only when both are static. A scaled basis element plus a static
    /// `_0` is the element itself.
    #[inline(always)]
    pub const fn try_add(self, rhs: Int) -> Result<Int, Error> {
        if (self.meta | rhs.meta) & BASIS_LEN_MASK == 0
            && let Some(v) = self.value.checked_add(rhs.value)
        {
            return Ok(Int::new(v, self.is_static() && rhs.is_static()));
        }
        self.try_add_slow(rhs)
    }

    /// [`Int::try_add`] in full: scaled-basis operands and errors.
    #[inline(never)]
    const fn try_add_slow(self, rhs: Int) -> Result<Int, Error> {
        if self.is_basis() || rhs.is_basis() {
            if rhs.is_constant(0) {
                return Ok(self);
            }
            if self.is_constant(0) {
                return Ok(rhs);
            }
            return Err(Error::WrongKind {
                msg: "addition of a scaled basis element needs an arithmetic tuple",
            });
        }
        match self.value.checked_add(rhs.value) {
            Some(v) => Ok(Int::new(v, self.is_static() && rhs.is_static())),
            None => Err(Error::Overflow {
                msg: "integer overflow in addition",
                lhs: self.value,
                rhs: rhs.value,
            }),
        }
    }

    /// `self - rhs`; static only when both are static.
    #[inline(always)]
    pub const fn try_sub(self, rhs: Int) -> Result<Int, Error> {
        if (self.meta | rhs.meta) & BASIS_LEN_MASK == 0
            && let Some(v) = self.value.checked_sub(rhs.value)
        {
            return Ok(Int::new(v, self.is_static() && rhs.is_static()));
        }
        self.try_sub_slow(rhs)
    }

    /// [`Int::try_sub`] in full: scaled-basis operands and errors.
    #[inline(never)]
    const fn try_sub_slow(self, rhs: Int) -> Result<Int, Error> {
        if self.is_basis() || rhs.is_basis() {
            if rhs.is_constant(0) {
                return Ok(self);
            }
            return Err(Error::WrongKind {
                msg: "subtraction of a scaled basis element needs an arithmetic tuple",
            });
        }
        match self.value.checked_sub(rhs.value) {
            Some(v) => Ok(Int::new(v, self.is_static() && rhs.is_static())),
            None => Err(Error::Overflow {
                msg: "integer overflow in subtraction",
                lhs: self.value,
                rhs: rhs.value,
            }),
        }
    }

    /// `-self`, keeping the static bit.
    pub const fn try_neg(self) -> Result<Int, Error> {
        match self.value.checked_neg() {
            Some(v) => Ok(self.with_scale(Int::new(v, self.is_static()))),
            None => Err(Error::Overflow {
                msg: "integer overflow in negation",
                lhs: self.value,
                rhs: 0,
            }),
        }
    }

    /// `|self|`, keeping the static bit (and the basis path).
    #[inline]
    pub const fn try_abs(self) -> Result<Int, Error> {
        match self.value.checked_abs() {
            Some(v) => Ok(self.with_scale(Int::new(v, self.is_static()))),
            None => Err(Error::Overflow {
                msg: "integer overflow in abs",
                lhs: self.value,
                rhs: 0,
            }),
        }
    }

    /// The sign of the value (-1, 0 or 1), keeping the static bit.
    #[inline]
    pub const fn signum(self) -> Int {
        Int::new(self.value.signum(), self.is_static())
    }

    /// The smaller of the two; static only when both are static.
    #[inline]
    pub const fn min(self, rhs: Int) -> Int {
        let v = if rhs.value < self.value {
            rhs.value
        } else {
            self.value
        };
        Int::new(v, self.is_static() && rhs.is_static())
    }

    /// The larger of the two; static only when both are static.
    pub const fn max(self, rhs: Int) -> Int {
        let v = if self.value < rhs.value {
            rhs.value
        } else {
            self.value
        };
        Int::new(v, self.is_static() && rhs.is_static())
    }

    /// Greatest common divisor by CuTe's Euclidean loop on signed values (`math.hpp`), so
    /// that its sign is CuTe's: `gcd(4, -6) = -2`, `gcd(-4, 6) = 2`, `gcd(0, x) = x`;
    /// static only when both are.
    ///
    /// ```
    /// use rcute::Int;
    /// assert_eq!(Int::constant(12).gcd(Int::constant(8)).to_string(), "_4");
    /// assert_eq!(Int::constant(4).gcd(Int::constant(-6)).to_string(), "_-2");
    /// assert_eq!(Int::dynamic(-4).gcd(Int::constant(6)).to_string(), "2");
    /// ```
    pub const fn gcd(self, rhs: Int) -> Int {
        let (mut t, mut u) = (self.value, rhs.value);
        let v = loop {
            if t == 0 {
                break u;
            }
            u = u.wrapping_rem(t);
            if u == 0 {
                break t;
            }
            t = t.wrapping_rem(u);
        };
        Int::new(v, self.is_static() && rhs.is_static())
    }

    /// Least common multiple, `(a / gcd(a, b)) * b` as CuTe computes it (`lcm(4, -6) = 12`,
    /// `lcm(-4, 6) = -12`); static only when both are.
    ///
    /// # Errors
    /// [`Error::DivideByZero`] when both are 0 (CuTe divides by zero there),
    /// [`Error::Overflow`] when the result overflows.
    ///
    /// ```
    /// use rcute::Int;
    /// assert_eq!(Int::constant(4).try_lcm(Int::constant(6)).unwrap().to_string(), "_12");
    /// assert_eq!(Int::dynamic(4).try_lcm(Int::constant(6)).unwrap().to_string(), "12");
    /// assert!(Int::constant(0).try_lcm(Int::constant(0)).is_err());
    /// ```
    pub const fn try_lcm(self, rhs: Int) -> Result<Int, Error> {
        let g = self.gcd(rhs).value;
        if g == 0 {
            return Err(Error::DivideByZero {
                msg: "lcm: the gcd of 0 and 0 is 0",
                lhs: self.value,
            });
        }
        let q = match self.value.checked_div(g) {
            Some(q) => q,
            None => {
                return Err(Error::Overflow {
                    msg: "integer overflow in lcm",
                    lhs: self.value,
                    rhs: rhs.value,
                });
            }
        };
        match q.checked_mul(rhs.value) {
            Some(v) => Ok(Int::new(v, self.is_static() && rhs.is_static())),
            None => Err(Error::Overflow {
                msg: "integer overflow in lcm",
                lhs: self.value,
                rhs: rhs.value,
            }),
        }
    }

    /// [`Int::try_lcm`], panicking with the error's message.
    #[track_caller]
    pub const fn lcm(self, rhs: Int) -> Int {
        unwrap_or_panic!(self.try_lcm(rhs))
    }

    /// `(self + rhs - 1) / rhs` as CuTe computes it; static only when both are static.
    ///
    /// For a scaled basis element, divides its scale and keeps the path.
    #[inline(always)]
    pub const fn try_ceil_div(self, rhs: Int) -> Result<Int, Error> {
        // two plain integers: the three steps of the full form at once, each static only
        // when both operands are (an error takes the steps one by one, to report it)
        if (self.meta | rhs.meta) & BASIS_LEN_MASK == 0
            && let Some(s) = self.value.checked_add(rhs.value)
            && let Some(s) = s.checked_sub(1)
            && let Some(q) = s.checked_div(rhs.value)
        {
            return Ok(Int::new(q, self.is_static() && rhs.is_static()));
        }
        self.try_ceil_div_slow(rhs)
    }

    /// [`Int::try_ceil_div`] in full: scaled-basis operands and errors.
    #[inline(never)]
    const fn try_ceil_div_slow(self, rhs: Int) -> Result<Int, Error> {
        if self.is_basis() {
            return Ok(self.with_scale(tri!(self.scale().try_ceil_div(rhs))));
        }
        let s = tri!(tri!(self.try_add(rhs)).try_sub(Int::ONE));
        s.try_div(rhs)
    }

    /// `safe_div`: exact division, `self / rhs` where `rhs` divides `self`, static when both
    /// are.
    ///
    /// # Errors
    /// `rhs` does not divide `self`: CuTe asserts it for static values and assumes it for
    /// dynamic ones ("DANGER: Assumes t % u == 0"), where its truncated quotient is not the
    /// exact one; division by zero.
    ///
    /// ```
    /// use rcute::Int;
    /// assert_eq!(Int::constant(12).try_safe_div(Int::constant(4)), Ok(Int::constant(3)));
    /// assert_eq!(Int::dynamic(12).try_safe_div(Int::constant(4)), Ok(Int::dynamic(3)));
    /// assert!(Int::dynamic(6).try_safe_div(Int::constant(4)).is_err());
    /// ```
    pub const fn try_safe_div(self, rhs: Int) -> Result<Int, Error> {
        if self.is_basis() {
            return Ok(self.with_scale(tri!(self.scale().try_safe_div(rhs))));
        }
        if rhs.value != 0 && self.value % rhs.value != 0 {
            return Err(Error::Precondition {
                msg: "safe_div: the dividend must be a multiple of the divisor",
                mode: -1,
                lhs: self.value,
                rhs: rhs.value,
            });
        }
        let q = tri!(self.try_div(rhs));
        Ok(Int::new(q.value, self.is_static() && rhs.is_static()))
    }

    /// `shape_div` of two integers: `ceil_div(a, b)`; when both are static, CuTe asserts
    /// `a % b == 0 or b % a == 0` ("Divisibility Condition").
    pub const fn try_shape_div(self, rhs: Int) -> Result<Int, Error> {
        if self.is_static() && rhs.is_static() {
            let (a, b) = (self.value, rhs.value);
            if a == 0 || b == 0 || (a % b != 0 && b % a != 0) {
                return Err(Error::Precondition {
                    msg: "shape_div: divisibility condition violated (a % b == 0 or b % a == 0)",
                    mode: -1,
                    lhs: a,
                    rhs: b,
                });
            }
        }
        self.try_ceil_div(rhs)
    }

    const fn scaled_eq(self, rhs: Int) -> bool {
        if self.basis_depth() != rhs.basis_depth() {
            return false;
        }
        let mut k = 0;
        while k < self.basis_depth() {
            if self.basis_index(k) != rhs.basis_index(k) {
                return false;
            }
            k += 1;
        }
        true
    }

    /// `self == rhs` as a CuTe boolean. Two scaled basis elements with different paths, or
    /// a basis element and a plain integer, are statically unequal.
    pub const fn eq(self, rhs: Int) -> Int {
        if !self.scaled_eq(rhs) {
            return Int::bool(false, true);
        }
        Int::bool(self.value == rhs.value, self.is_static() && rhs.is_static())
    }

    /// `self != rhs` as a CuTe boolean.
    pub const fn ne(self, rhs: Int) -> Int {
        self.eq(rhs).not()
    }

    /// `self < rhs` as a CuTe boolean.
    pub const fn lt(self, rhs: Int) -> Int {
        Int::bool(self.value < rhs.value, self.is_static() && rhs.is_static())
    }

    /// Logical not, keeping the static bit.
    pub const fn not(self) -> Int {
        Int::bool(self.value == 0, self.is_static())
    }

    /// Logical and: static `_0` when either side is static false.
    pub const fn and(self, rhs: Int) -> Int {
        if (self.is_static() && self.value == 0) || (rhs.is_static() && rhs.value == 0) {
            return Int::bool(false, true);
        }
        Int::bool(
            self.value != 0 && rhs.value != 0,
            self.is_static() && rhs.is_static(),
        )
    }

    /// Logical or: static `_1` when either side is static true.
    pub const fn or(self, rhs: Int) -> Int {
        if (self.is_static() && self.value != 0) || (rhs.is_static() && rhs.value != 0) {
            return Int::bool(true, true);
        }
        Int::bool(
            self.value != 0 || rhs.value != 0,
            self.is_static() && rhs.is_static(),
        )
    }

    /// Whether this boolean is true (non-zero).
    pub const fn truth(self) -> bool {
        self.value != 0
    }

    /// [`Int::try_mul`], panicking with the error's message.
    #[track_caller]
    pub const fn mul(self, rhs: Int) -> Int {
        unwrap_or_panic!(self.try_mul(rhs))
    }

    /// [`Int::try_div`], panicking with the error's message.
    #[track_caller]
    pub const fn div(self, rhs: Int) -> Int {
        unwrap_or_panic!(self.try_div(rhs))
    }

    /// [`Int::try_rem`], panicking with the error's message.
    #[track_caller]
    pub const fn rem(self, rhs: Int) -> Int {
        unwrap_or_panic!(self.try_rem(rhs))
    }

    /// [`Int::try_add`], panicking with the error's message.
    #[track_caller]
    pub const fn add(self, rhs: Int) -> Int {
        unwrap_or_panic!(self.try_add(rhs))
    }

    /// [`Int::try_sub`], panicking with the error's message.
    #[track_caller]
    pub const fn sub(self, rhs: Int) -> Int {
        unwrap_or_panic!(self.try_sub(rhs))
    }

    /// [`Int::try_ceil_div`], panicking with the error's message.
    #[track_caller]
    pub const fn ceil_div(self, rhs: Int) -> Int {
        unwrap_or_panic!(self.try_ceil_div(rhs))
    }
}

impl From<i64> for Int {
    /// A plain `i64` is a dynamic integer, as a C++ `int` is.
    fn from(v: i64) -> Int {
        Int::dynamic(v)
    }
}

impl fmt::Display for Int {
    /// CuTe's `print`: `_8` for static, `8` for dynamic, `_` for the underscore, and
    /// `_1@0@1` for a scaled basis element (indices printed innermost first, as CuTe does).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_underscore() {
            return f.write_str("_");
        }
        if self.is_static() {
            f.write_str("_")?;
        }
        write!(f, "{}", self.value)?;
        let d = self.basis_depth();
        for k in (0..d).rev() {
            write!(f, "@{}", self.basis_index(k))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
