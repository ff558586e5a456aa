//! Unit tests of the integers and their static bits.

use super::*;
use alloc::string::ToString;

fn s(v: i64) -> Int {
    Int::constant(v)
}
fn d(v: i64) -> Int {
    Int::dynamic(v)
}

#[test]
fn div_rem_pos_is_division() {
    // every power of two and its neighbours as divisors, dividends across u64
    let mut divisors = alloc::vec::Vec::new();
    for k in 0..64 {
        let p = 1u64 << k;
        divisors.extend([p - 1, p, p + 1]);
    }
    divisors.retain(|&v| v > 0);
    divisors.sort_unstable();
    divisors.dedup();
    let dividends = [
        0,
        1,
        2,
        3,
        7,
        98765,
        1 << 31,
        (1 << 32) + 5,
        i64::MAX as u64,
        u64::MAX,
    ];
    let mut shifted = 0;
    for &s in &divisors {
        for &c in &dividends {
            assert_eq!(div_rem_pos(c, s), (c / s, c % s), "{c} / {s}");
        }
        shifted += usize::from(s.is_power_of_two());
    }
    assert_eq!(shifted, 64);
}

#[test]
fn cute_rules_from_the_inventory() {
    // integral_constant.hpp, as verified by the oracle (CUTE_API.md §1.1.2)
    assert_eq!(s(0).mul(d(5)).to_string(), "_0");
    assert_eq!(d(5).mul(s(0)).to_string(), "_0");
    assert_eq!(s(1).mul(d(5)).to_string(), "5");
    assert_eq!(s(2).mul(s(3)).to_string(), "_6");
    assert_eq!(s(2).mul(d(3)).to_string(), "6");
    assert_eq!(s(0).div(d(5)).to_string(), "_0");
    assert_eq!(d(5).rem(s(1)).to_string(), "_0");
    assert_eq!(s(0).rem(d(5)).to_string(), "_0");
    assert_eq!(d(5).div(s(1)).to_string(), "5");
    assert_eq!(s(6).div(s(4)).to_string(), "_1");
    assert_eq!(s(-1).mul(s(4)).to_string(), "_-4");
    assert_eq!(s(-3).try_abs().unwrap().to_string(), "_3");
    assert_eq!(s(-3).signum().to_string(), "_-1");
    assert_eq!(s(3).min(d(5)).to_string(), "3");
    assert_eq!(s(3).max(s(5)).to_string(), "_5");
    assert_eq!(s(12).gcd(s(8)).to_string(), "_4");
    assert_eq!(s(4).try_lcm(s(6)).unwrap().to_string(), "_12");
    assert_eq!(s(12).gcd(d(8)).to_string(), "4");
    assert_eq!(s(5).sub(s(7)).to_string(), "_-2");
    assert_eq!(s(3).eq(s(3)).to_string(), "_1");
    assert_eq!(s(3).eq(d(3)).to_string(), "1");
    assert_eq!(s(3).lt(s(4)).to_string(), "_1");
}

#[test]
fn truncating_division_and_errors() {
    assert_eq!(s(-7).div(s(2)).value(), -3);
    assert_eq!(s(-7).rem(s(2)).value(), -1);
    assert!(matches!(
        d(1).try_div(d(0)),
        Err(Error::DivideByZero { .. })
    ));
    assert!(matches!(
        d(i64::MAX).try_mul(d(2)),
        Err(Error::Overflow { .. })
    ));
    assert_eq!(s(7).ceil_div(s(2)).to_string(), "_4");
    assert!(s(6).try_shape_div(s(4)).is_err());
    assert_eq!(d(6).try_shape_div(d(4)).unwrap().to_string(), "2");
    assert_eq!(s(2).try_shape_div(s(4)).unwrap().to_string(), "_1");
}

#[test]
fn logic() {
    assert_eq!(d(1).and(s(0)).to_string(), "_0");
    assert_eq!(s(1).and(d(1)).to_string(), "1");
    assert_eq!(d(0).or(s(1)).to_string(), "_1");
    assert_eq!(s(1).not().to_string(), "_0");
}

#[test]
fn basis_elements() {
    let e = Int::try_basis(s(1), &[1, 0]).unwrap();
    assert_eq!(e.to_string(), "_1@0@1");
    assert_eq!(e.mul(s(4)).to_string(), "_4@0@1");
    assert_eq!(d(3).mul(e).to_string(), "3@0@1");
    assert_eq!(e.basis_tail().to_string(), "_1@0");
    assert_eq!(s(0).add(e), e);
    assert!(e.try_add(e).is_err());
    assert_eq!(e.eq(Int::try_basis(s(1), &[1]).unwrap()).to_string(), "_0");
    assert_eq!(Int::UNDERSCORE.to_string(), "_");
    assert_eq!(Int::UNDERSCORE.mul(d(3)).to_string(), "_0");
}
