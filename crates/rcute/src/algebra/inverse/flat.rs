//! The direct paths of the inverses: layouts of at most [`FEW`] leaves whose integers are
//! all plain (static or dynamic, no scaled basis element or `_`), worked on as raw values
//! and static bits in small stack arrays, from the leaves to the result's modes.
//!
//! Each path does what the general path does, step by step with the same values and
//! static bits (coalesce the modes, the prefix products of their shapes, CuTe's exchange
//! sort by stride, the construction, coalesce of its list, for the left inverse the check
//! offset by offset where its construction is a left inverse only sometimes, and its
//! errors), and gives up wherever the general path may err otherwise or must check more:
//! an overflow, a dynamic stride (for the left inverse), more than [`FEW`] modes, more than
//! `MAX_CHECKED` offsets to check. The caller then runs the general path, which decides
//! the answer or the error.

use super::{MAX_CHECKED, add_term, indivisible, not_inverse};
use crate::algebra::coalesce::raw::{Back, Padded, coalesce, coalesced_leaves};
use crate::algebra::modes::{FEW, Few, S, Scan, mul_raw};
use crate::error::Error;
use crate::int::div_rem_pos;
use crate::tuple::IntTuple;

/// The exclusive prefix products of the shapes of `c` (values and static bits), by
/// `Int::try_mul`'s rules; `false` where the product of all of them overflows (the
/// general path's error).
#[inline(always)]
const fn prefixes(c: &Back, pv: &mut [i64; FEW], pm: &mut [u16; FEW]) -> bool {
    let (mut v, mut m) = (1i64, S);
    let mut i = c.base;
    while i < FEW {
        pv[i] = v;
        pm[i] = m;
        (v, m) = match mul_raw(c.sv[i], c.sm[i], v, m) {
            Some(p) => p,
            None => return false,
        };
        i += 1;
    }
    true
}

/// CuTe's `detail::SortByKey` (an exchange sort, not stable for equal keys) of the `n`
/// indices `idx` by `key` (both permuted alike); nothing moves where the keys are in
/// order already.
#[inline(always)]
const fn sort_by_key(key: &mut [i64; FEW], idx: &mut [u8; FEW], n: usize) {
    let mut j = 1;
    while j < n && key[j - 1] <= key[j] {
        j += 1;
    }
    if j >= n {
        return; // the exchange sort would swap nothing
    }
    let mut i = 0;
    while i < n {
        let mut j = i + 1;
        while j < n {
            if key[j] < key[i] {
                (key[i], key[j]) = (key[j], key[i]);
                (idx[i], idx[j]) = (idx[j], idx[i]);
            }
            j += 1;
        }
        i += 1;
    }
}

/// Whether `d < e * s` (the reach `e * s` of a mode `s:e`), without a wider product: where
/// `e * s` overflows, it is above every `d` exactly when `e` and `s` have the same sign.
#[inline(always)]
const fn below_reach(d: i64, e: i64, s: i64) -> bool {
    match e.checked_mul(s) {
        Some(reach) => d < reach,
        None => (e < 0) == (s < 0),
    }
}

/// What [`left_inverse`] made of a layout.
pub(super) enum Left {
    /// The general path must answer.
    General,
    /// The left inverse, written.
    Done,
    /// The general path's error: CuTe's divisibility condition, or its construction is not
    /// a left inverse.
    Error(Error),
}

/// `left_inverse` of a layout of at most [`FEW`] leaves whose shapes are all dynamic (at
/// least 2) and whose strides are all static (not negative), the layouts CuTe inverts with
/// dynamic values, written into `out` (empty), where CuTe's construction is a left inverse
/// by its strides alone (no modes that may overlap) and no step errs; `false` elsewhere
/// ([`left_inverse`] then answers, from the start).
///
/// The steps of [`left_inverse`] with what these layouts fix: the modes are the leaves
/// (coalesce merges or drops no mode of a dynamic shape), the prefix products of the
/// shapes are dynamic but the first (`_1`), and of the modes of CuTe's list the coalesce
/// after it only drops those of shape `_1`: a merge needs the strides of both modes static,
/// and of the list's strides only the first (`_0`) and at most one more (`_1`) are, which
/// never merge (`x * _0` is not `_1`); its last mode has a dynamic shape, so the rules for a
/// front `_1` never apply.
#[inline(always)]
pub(super) const fn left_inverse_dynamic_shapes(
    shape: &IntTuple,
    stride: &IntTuple,
    out: &mut Few,
) -> bool {
    let k = shape.leaf_count();
    if k == 0 || k > FEW || stride.leaf_count() != k {
        return false;
    }
    let (sv, sm) = shape.leaf_parts(0, k);
    let (dv, dm) = stride.leaf_parts(0, k);
    // the exclusive prefix products of the shapes (their product must not overflow, the
    // general path's error), and the strides to sort
    let mut pv = [0i64; FEW];
    let mut key = [0i64; FEW];
    let mut idx = [0u8; FEW];
    let mut p = 1i64;
    let mut i = 0;
    while i < k {
        if sm[i] != 0 || dm[i] != S || sv[i] < 2 || dv[i] < 0 {
            return false;
        }
        pv[i] = p;
        p = match p.checked_mul(sv[i]) {
            Some(q) => q,
            None => return false,
        };
        key[i] = dv[i];
        idx[i] = i as u8;
        i += 1;
    }
    sort_by_key(&mut key, &mut idx, k);
    // modes that may overlap (a stride below the reach of the mode before it)
    let mut j = 1;
    while j < k {
        if key[j - 1] != 0 && below_reach(key[j], key[j - 1], sv[idx[j - 1] as usize]) {
            return false;
        }
        j += 1;
    }
    // CuTe's list paired up as modes, `rs[m]:rd[m]` with `rd` from `_0`, less its `_1`s
    let (mut rd, mut rdm) = (0i64, S);
    let mut size = 1i64;
    let mut j = 0;
    while j < k {
        let d = key[j];
        if d != 0 {
            // both positive
            let (q, rem) = div_rem_pos(d as u64, size as u64);
            if rem != 0 {
                return false; // the divisibility error
            }
            if q != 1 && !out.push_raw(q as i64, S, rd, rdm) {
                return false;
            }
            let x = idx[j] as usize;
            (rd, rdm) = (pv[x], if x == 0 { S } else { 0 });
            size = d;
        }
        j += 1;
    }
    out.push_raw(sv[idx[k - 1] as usize], 0, rd, rdm)
}

/// `left_inverse` of a layout of at most [`FEW`] plain leaves with static strides, as its
/// modes, written into `out` (empty), where CuTe's construction is a left inverse by its
/// strides alone (no negative stride, no dynamic extent of 1, no modes that may overlap) and
/// no step errs; `false` elsewhere ([`left_inverse_checked`] then answers more).
#[inline(always)]
pub(super) const fn left_inverse(shape: &IntTuple, stride: &IntTuple, out: &mut Padded) -> bool {
    matches!(
        left_inverse_of::<false>(shape, stride, false, out),
        Left::Done
    )
}

/// `left_inverse` of a layout of at most [`FEW`] plain leaves with static strides, as its
/// modes, written into `out` (empty), where no step errs or must be the general one; where
/// CuTe's construction is a left inverse only sometimes (a negative stride, a dynamic
/// extent of 1, modes that may overlap), checked offset by offset as the general path
/// does (unless `as_cute`); [`Left::Error`] where the general path errs so. Laid out of
/// line: the cases that [`left_inverse`] leaves.
#[inline(never)]
pub(super) const fn left_inverse_checked(
    shape: &IntTuple,
    stride: &IntTuple,
    as_cute: bool,
    out: &mut Padded,
) -> Left {
    left_inverse_of::<true>(shape, stride, as_cute, out)
}

/// [`left_inverse_checked`], or with `CHECKED` false [`left_inverse`] (which gives up on
/// the cases to check and on errors).
#[inline(always)]
const fn left_inverse_of<const CHECKED: bool>(
    shape: &IntTuple,
    stride: &IntTuple,
    as_cute: bool,
    out: &mut Padded,
) -> Left {
    let mut c: Back = Back::new();
    if matches!(coalesced_leaves(shape, stride, true, &mut c), Scan::General) {
        return Left::General;
    }
    let (mut pv, mut pm) = ([0i64; FEW], [0u16; FEW]);
    if !prefixes(&c, &mut pv, &mut pm) {
        return Left::General;
    }
    let b = c.base;
    let k = FEW - b;
    let mut key = [0i64; FEW];
    let mut idx = [0u8; FEW];
    // the first mode whose answer must be checked offset by offset: a negative stride or
    // a dynamic extent of 1 (a static one is dropped), else a mode that may overlap
    let mut check = FEW;
    let mut i = 0;
    while i < k {
        let (s, d) = (c.sv[b + i], c.dv[b + i]);
        if (d < 0 || s == 1) && check == FEW {
            if !CHECKED {
                return Left::General;
            }
            check = i;
        }
        key[i] = d;
        idx[i] = i as u8;
        i += 1;
    }
    sort_by_key(&mut key, &mut idx, k);
    // modes that may overlap (a stride below the reach of the mode before it)
    let mut j = 1;
    while j < k && check == FEW {
        let p = b + idx[j - 1] as usize;
        if key[j - 1] != 0 && below_reach(key[j], key[j - 1], c.sv[p]) {
            if !CHECKED {
                return Left::General;
            }
            check = idx[j] as usize;
        }
        j += 1;
    }
    // CuTe's lists `rs` and `rd` paired up as modes: mode `m` is `rs[m]:rd[m]`, `rd`
    // starting with `_0`; every stride is static, so a `_0` stride adds no mode, and the
    // extents so far multiply to the last stride taken
    let (mut lv, mut lm, mut ldv, mut ldm) =
        ([0i64; FEW + 1], [S; FEW + 1], [0i64; FEW + 1], [S; FEW + 1]);
    let mut n = 0;
    let mut size = 1i64;
    let mut j = 0;
    while j < k {
        let d = key[j];
        if d != 0 {
            let x = b + idx[j] as usize;
            if CHECKED {
                match (d.checked_rem(size), d.checked_div(size)) {
                    (Some(0), Some(q)) => lv[n] = q,
                    (Some(_), _) => return Left::Error(indivisible(x - b, d, size)),
                    // an overflow
                    _ => return Left::General,
                }
            } else {
                // both positive
                let (du, su) = (d as u64, size as u64);
                if du % su != 0 {
                    return Left::General; // the divisibility error
                }
                lv[n] = (du / su) as i64;
            }
            size = d;
            n += 1;
            ldv[n] = pv[x];
            ldm[n] = pm[x];
        }
        j += 1;
    }
    let x = b + idx[k - 1] as usize;
    lv[n] = c.sv[x];
    lm[n] = c.sm[x];
    n += 1;
    if !coalesce_list(&lv, &lm, &ldv, &ldm, n, out) {
        return Left::General;
    }
    if CHECKED && check < FEW && !as_cute {
        match inverts(&c, out) {
            Some(true) => {}
            Some(false) => return Left::Error(not_inverse(check, c.dv[b + check])),
            None => return Left::General,
        }
    }
    Left::Done
}

/// `right_inverse` of a layout of at most [`FEW`] plain leaves, as its modes, where no
/// step errs, written into `out` (empty); `false` elsewhere.
#[inline(always)]
pub(super) const fn right_inverse(shape: &IntTuple, stride: &IntTuple, out: &mut Padded) -> bool {
    let mut c: Back = Back::new();
    if matches!(
        coalesced_leaves(shape, stride, false, &mut c),
        Scan::General
    ) {
        return false;
    }
    let (mut pv, mut pm) = ([0i64; FEW], [0u16; FEW]);
    if !prefixes(&c, &mut pv, &mut pm) {
        return false;
    }
    let b = c.base;
    // the modes that continue the contiguous prefix, in stride order: found one by one,
    // the mode whose static stride is the extent so far (`curr`), while exactly one is
    // and each static extent is at least 2 (so that `curr` grows, and the mode found is
    // the one the sorted modes give); else by the sorted modes
    let (mut lv, mut lm, mut ldv, mut ldm) = ([0i64; FEW], [0u16; FEW], [0i64; FEW], [0u16; FEW]);
    let mut n = 0;
    let mut curr = 1i64;
    let mut sort = false;
    loop {
        let (mut x, mut found) = (0, 0);
        let mut i = b;
        while i < FEW {
            if c.dm[i] == S && c.dv[i] == curr {
                x = i;
                found += 1;
            }
            i += 1;
        }
        if found != 1 {
            sort = found > 1;
            break;
        }
        let (s, sm) = (c.sv[x], c.sm[x]);
        (lv[n], lm[n], ldv[n], ldm[n]) = (s, sm, pv[x], pm[x]);
        n += 1;
        let Some(p) = s.checked_mul(curr) else {
            return false; // the general path's error
        };
        if sm != S {
            break; // a dynamic extent: the prefix ends
        }
        if s < 2 {
            sort = true;
            break;
        }
        curr = p;
    }
    if sort {
        // the modes with static strides, sorted by stride
        n = 0;
        let mut key = [0i64; FEW];
        let mut idx = [0u8; FEW];
        let mut k = 0;
        let mut i = b;
        while i < FEW {
            if c.dm[i] == S {
                key[k] = c.dv[i];
                idx[k] = i as u8;
                k += 1;
            }
            i += 1;
        }
        sort_by_key(&mut key, &mut idx, k);
        let (mut curr, mut currm) = (1i64, S);
        let mut j = 0;
        while j < k {
            let x = idx[j] as usize;
            let d = key[j];
            if currm == S && curr == d {
                let (s, sm) = (c.sv[x], c.sm[x]);
                if !(sm == S && s == 1) {
                    (lv[n], lm[n], ldv[n], ldm[n]) = (s, sm, pv[x], pm[x]);
                    n += 1;
                }
                (curr, currm) = match mul_raw(s, sm, d, S) {
                    Some(p) => p,
                    None => return false,
                };
            }
            j += 1;
        }
    }
    if n == 0 {
        (lv[0], lm[0], ldv[0], ldm[0]) = (1, S, 0, S);
        n = 1;
    }
    coalesce_list(&lv, &lm, &ldv, &ldm, n, out)
}

/// The flat layout of the modes `r` at `x` as CuTe evaluates it (see
/// [`super::inverts`]), where `|x| < 2^63` (so that no quotient overflows); `None` where a
/// product or a sum overflows.
#[inline(always)]
const fn eval_back(r: &Padded, mut x: i64) -> Option<i64> {
    let mut y = 0i64;
    let mut k = r.base;
    while k < FEW {
        let s = r.sv[k];
        let c = if k + 1 == FEW || s == 0 {
            x
        } else {
            let c = x.wrapping_rem(s);
            x = x.wrapping_div(s);
            c
        };
        y = match add_term(y, c, r.dv[k]) {
            Some(z) => z,
            None => return None,
        };
        k += 1;
    }
    Some(y)
}

/// [`super::inverts`] of the coalesced modes `c` and the inverse's modes `r`: whether
/// `r(c(i))` is an index `y` of `c` with `c(y) == c(i)` for every index `i`, the indices
/// walked in order (the offsets of `c` kept by steps, not by division); `None` where the
/// general check must answer (a shape below 1, an offset of `c` that may overflow, more
/// than [`MAX_CHECKED`] indices).
#[inline(always)]
const fn inverts(c: &Back, r: &Padded) -> Option<bool> {
    let b = c.base;
    // the size, and the largest offset of `c` in absolute value (so no offset overflows)
    let (mut n, mut reach) = (1i64, 0i128);
    let mut k = b;
    while k < FEW {
        let s = c.sv[k];
        if s < 1 {
            return None;
        }
        n = match n.checked_mul(s) {
            Some(v) if v <= MAX_CHECKED => v,
            _ => return None,
        };
        reach += (s - 1) as i128 * c.dv[k].unsigned_abs() as i128;
        if reach > i64::MAX as i128 {
            return None;
        }
        k += 1;
    }
    // `x` is c(i), `at` the coordinates of `i`
    let mut at = [0i64; FEW];
    let mut x = 0i64;
    let mut i = 0;
    while i < n {
        let y = match eval_back(r, x) {
            Some(y) if y >= 0 && y < n => y,
            _ => return Some(false),
        };
        if y != i {
            // c(y), by the coordinates of `y`
            let (mut z, mut q) = (0i64, y);
            let mut k = b;
            while k < FEW {
                let s = c.sv[k];
                z += if k + 1 == FEW { q } else { q % s } * c.dv[k];
                q /= s;
                k += 1;
            }
            if z != x {
                return Some(false);
            }
        }
        // the next index
        let mut k = b;
        while k < FEW {
            if at[k] + 1 < c.sv[k] {
                at[k] += 1;
                x += c.dv[k];
                break;
            }
            x -= (c.sv[k] - 1) * c.dv[k];
            at[k] = 0;
            k += 1;
        }
        i += 1;
    }
    Some(true)
}

/// The first `n` modes of an inverse's list (`lv:ldv`, raw parts, `n` at most their
/// length), coalesced into `r` (empty); `false` where the coalesce must be the general one.
#[inline(always)]
const fn coalesce_list(
    lv: &[i64],
    lm: &[u16],
    ldv: &[i64],
    ldm: &[u16],
    n: usize,
    r: &mut Padded,
) -> bool {
    let (lv, lm) = (lv.split_at(n).0, lm.split_at(n).0);
    let (ldv, ldm) = (ldv.split_at(n).0, ldm.split_at(n).0);
    !matches!(coalesce(lv, lm, ldv, ldm, r), Scan::General)
}

#[cfg(test)]
mod tests {
    use super::super::tests::fast_path_layouts;
    use super::super::{FlatModes, right_inverse_general};
    use super::*;
    use crate::layout::Layout;
    use std::format;
    use std::string::String;
    use std::vec::Vec;

    /// Layouts that the direct paths take often: compact layouts of rank 1 to 8 in a
    /// random mode order (so that the strides sort in any order), grouped into nested
    /// modes, over static and dynamic extents (non-powers of two, `_1`s and dynamic `1`s
    /// among them), with static strides or a dynamic one, some strides doubled or
    /// repeated (gaps, overlaps, equal strides) or negated; more than [`FEW`] leaves at
    /// times.
    fn compact_layouts(seed: u64, count: usize) -> Vec<Layout> {
        let mut rng = crate::algebra::testgen::XorShift(seed);
        let mut next = |n: u64| rng.bits() % n;
        let mut out = Vec::new();
        for _ in 0..count {
            let r = 1 + next(9) as usize;
            // sizes up to 2^12 (the general path checks overlapping modes offset by offset)
            let mut size = 1i64;
            let ext: Vec<i64> = (0..r)
                .map(|_| {
                    let e = [1, 2, 3, 4, 5, 6, 7, 8, 12, 32][next(10) as usize];
                    let e = if size * e > 1 << 12 { 1 } else { e };
                    size *= e;
                    e
                })
                .collect();
            let mut order: Vec<usize> = (0..r).collect();
            for i in (1..r).rev() {
                order.swap(i, next(i as u64 + 1) as usize);
            }
            // strides: the column-major strides of the modes in `order`
            let mut d = std::vec![0i64; r];
            let mut acc = 1i64;
            for &m in &order {
                d[m] = acc;
                acc *= ext[m];
            }
            match next(8) {
                0 => d[next(r as u64) as usize] *= 2,
                1 => d[next(r as u64) as usize] = d[next(r as u64) as usize],
                2 => d[next(r as u64) as usize] = 0,
                3 => {
                    // a negative stride (at times two)
                    let m = next(r as u64) as usize;
                    d[m] = -d[m];
                    if next(3) == 0 {
                        let m = next(r as u64) as usize;
                        d[m] = -d[m];
                    }
                }
                _ => {}
            }
            let dyn_stride = next(6) == 0;
            let leaf = |v: i64, st: bool| if st { format!("_{v}") } else { format!("{v}") };
            let sl: Vec<String> = ext.iter().map(|&e| leaf(e, next(2) == 0)).collect();
            let dl: Vec<String> = d
                .iter()
                .map(|&v| leaf(v, !dyn_stride || next(3) != 0))
                .collect();
            // nest: a group of neighbours as one mode
            let (a, b) = (next(r as u64) as usize, next(r as u64) as usize);
            let (a, b) = (a.min(b), a.max(b));
            let group = |l: &[String]| {
                let mut v: Vec<String> = l[..a].to_vec();
                v.push(format!("({})", l[a..=b].join(",")));
                v.extend_from_slice(&l[b + 1..]);
                format!("({})", v.join(","))
            };
            let l = if next(2) == 0 {
                format!("({}):({})", sl.join(","), dl.join(","))
            } else {
                format!("{}:{}", group(&sl), group(&dl))
            };
            out.push(Layout::try_parse(&l).unwrap());
        }
        out
    }

    /// The direct path of dynamic shapes and static strides answers what the general path
    /// answers (values and static bits of every leaf), and the left inverse answers the
    /// same where it gives up: on compact layouts in random mode orders with every shape
    /// made dynamic (gaps, overlaps, equal and zero strides, dynamic `1`s, negative and
    /// dynamic strides, nested, more than [`FEW`] leaves at times), and on the layouts of
    /// the fast-path tests.
    #[test]
    fn dynamic_shapes_path_is_the_general_path() {
        let mut layouts: Vec<Layout> = compact_layouts(0x51_7cc1_b727_220a, 20_000)
            .iter()
            .map(|l| Layout::try_new(l.shape_ref().to_dynamic(), *l.stride_ref()).unwrap())
            .collect();
        layouts.extend(fast_path_layouts());
        let (mut direct, mut one_mode, mut dropped) = (0, 0, 0);
        for l in &layouts {
            let src = FlatModes::leaves(l.shape_ref(), l.stride_ref());
            let want = l.left_inverse_general(src, false);
            let mut f = Few::new();
            if left_inverse_dynamic_shapes(l.shape_ref(), l.stride_ref(), &mut f) {
                let got = f.layout();
                assert_eq!(Ok(got), want, "left_inverse({l})");
                direct += 1;
                one_mode += usize::from(got.rank() == 1 && got.shape_ref().is_leaf());
                dropped += usize::from(f.len() <= l.shape_ref().leaf_count());
            }
            assert_eq!(l.try_left_inverse(), want, "left_inverse({l})");
        }
        assert_eq!(layouts.len(), 70_000);
        assert!(direct > 6_000, "{direct} left inverses direct");
        assert!(one_mode > 500, "{one_mode} of one mode");
        assert!(dropped > 3_000, "{dropped} with a `_1` dropped");
        std::eprintln!(
            "{direct} of {} left inverses direct ({one_mode} of one mode, {dropped} with a \
             `_1` dropped)",
            layouts.len()
        );
    }

    /// [`below_reach`] is the comparison in `i128`, at the extremes of `i64` and near them.
    #[test]
    fn below_reach_is_the_wide_comparison() {
        let v = [
            i64::MIN,
            i64::MIN + 1,
            -(1 << 32),
            -3,
            -1,
            0,
            1,
            2,
            3,
            1 << 32,
            i64::MAX - 1,
            i64::MAX,
        ];
        let mut n = 0;
        for d in v {
            for e in v {
                for s in v {
                    let want = (d as i128) < e as i128 * s as i128;
                    assert_eq!(below_reach(d, e, s), want, "{d} < {e} * {s}");
                    n += 1;
                }
            }
        }
        assert_eq!(n, 1728);
    }

    /// The direct paths answer what the general paths answer (values, static bits of
    /// every leaf), and where they give up, the inverses still answer as the general
    /// paths (values and errors): on the layouts of the fast-path tests (static and
    /// dynamic extents and strides, `_1`s, zeros, negatives, overflows, nested) and on
    /// compact layouts in random mode orders.
    #[test]
    fn direct_inverses_are_the_general_paths() {
        let mut layouts = fast_path_layouts();
        layouts.extend(compact_layouts(0x9e37_79b9_7f4a_7c15, 20_000));
        // equal strides on the contiguous prefix (the right inverse's sorted path)
        for l in [
            "(_2,_2,_4):(_1,_1,_2)",
            "(2,3,2):(_1,_2,_1)",
            "(_3,(_3,_2)):(_1,(_1,_3))",
            "(_2,_4,_4):(_1,_2,_2)",
        ] {
            layouts.push(Layout::try_parse(l).unwrap());
        }
        let (mut right, mut left, mut errors) = (0, 0, 0);
        // left inverses of layouts with a negative stride answered directly, and errors
        // answered directly
        let (mut left_negative, mut direct_errors) = (0, 0);
        // left inverses answered by the unchecked path
        let mut left_plain = 0;
        for l in &layouts {
            let want = right_inverse_general(FlatModes::of(l));
            let mut f = Padded::new();
            if right_inverse(l.shape_ref(), l.stride_ref(), &mut f) {
                assert_eq!(Ok(f.layout()), want, "right_inverse({l})");
                right += 1;
            }
            assert_eq!(l.try_right_inverse(), want, "right_inverse({l})");
            let src = FlatModes::leaves(l.shape_ref(), l.stride_ref());
            let negative = (0..l.stride_ref().leaf_count()).any(|i| {
                let d = l.stride_ref().leaf(i);
                d.is_static() && d.value() < 0
            });
            for as_cute in [false, true] {
                let want = l.left_inverse_general(src, as_cute);
                let mut f = Padded::new();
                let mut g = Padded::new();
                if left_inverse(l.shape_ref(), l.stride_ref(), &mut g) {
                    assert_eq!(Ok(g.layout()), want, "left_inverse({l}), {as_cute}");
                    left_plain += 1;
                }
                match left_inverse_checked(l.shape_ref(), l.stride_ref(), as_cute, &mut f) {
                    Left::Done => {
                        assert_eq!(Ok(f.layout()), want, "left_inverse({l}), {as_cute}");
                        left += 1;
                        left_negative += usize::from(negative);
                    }
                    Left::Error(e) => {
                        assert_eq!(Err(e), want, "left_inverse({l}), {as_cute}");
                        left += 1;
                        direct_errors += 1;
                    }
                    Left::General => {}
                }
                assert_eq!(l.left_inverse_with(as_cute), want, "left_inverse({l})");
                errors += usize::from(want.is_err());
            }
        }
        assert_eq!(layouts.len(), 70_004);
        assert!(right > 60_000, "{right} right inverses direct");
        assert!(left > 60_000, "{left} left inverses direct");
        assert!(left_plain > 25_000, "{left_plain} left inverses unchecked");
        assert!(errors > 10_000, "{errors} errors");
        assert!(
            left_negative > 1_000,
            "{left_negative} negative left inverses direct"
        );
        assert!(
            direct_errors > 1_000,
            "{direct_errors} left inverse errors direct"
        );
        std::eprintln!(
            "{right} right and {left} left inverses direct ({left_plain} unchecked, \
             {left_negative} with a negative stride, {direct_errors} errors), {errors} errors"
        );
    }
}
