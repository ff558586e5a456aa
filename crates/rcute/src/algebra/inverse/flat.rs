//! The direct paths of the inverses: layouts of at most [`FEW`] leaves whose integers are
//! all plain (static or dynamic, no scaled basis element or `_`), worked on as raw values
//! and static bits in small stack arrays, from the leaves to the result's modes.
//!
//! Each path does what the general path does, step by step with the same values and
//! static bits (coalesce the modes, the prefix products of their shapes, CuTe's exchange
//! sort by stride, the construction, coalesce of its list), and gives up (`None`) wherever
//! the general path may err or must check more: an overflow, a divisibility error, a
//! negative stride, a dynamic extent of 1, modes that may overlap, a dynamic stride (for
//! the left inverse), more than [`FEW`] modes. The caller then runs the general path,
//! which decides the answer or the error.

use crate::algebra::coalesce::raw::{Back, coalesce, coalesced_leaves};
use crate::algebra::modes::{FEW, Few, S, Scan, mul_raw};
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

/// `left_inverse` of a layout of at most [`FEW`] plain leaves with static strides, as its
/// modes, where CuTe's construction is a left inverse by its strides alone (no negative
/// stride, no dynamic extent of 1, no modes that may overlap) and no step errs, written
/// into `out` (empty); `false` elsewhere.
#[inline(always)]
pub(super) const fn left_inverse(shape: &IntTuple, stride: &IntTuple, out: &mut Few) -> bool {
    let mut c = Back::new();
    if matches!(coalesced_leaves(shape, stride, true, &mut c), Scan::General) {
        return false;
    }
    let (mut pv, mut pm) = ([0i64; FEW], [0u16; FEW]);
    if !prefixes(&c, &mut pv, &mut pm) {
        return false;
    }
    let b = c.base;
    let k = FEW - b;
    let mut key = [0i64; FEW];
    let mut idx = [0u8; FEW];
    let mut i = 0;
    while i < k {
        let (s, d) = (c.sv[b + i], c.dv[b + i]);
        if d < 0 || s == 1 {
            // a negative stride (refused already, see `coalesced_leaves`) or a dynamic
            // extent of 1 (a static one is dropped): the answer must be checked offset by
            // offset
            return false;
        }
        key[i] = d;
        idx[i] = i as u8;
        i += 1;
    }
    sort_by_key(&mut key, &mut idx, k);
    // modes that may overlap (a stride below the reach of the mode before it)
    let mut j = 1;
    while j < k {
        let p = b + idx[j - 1] as usize;
        let reach = key[j - 1] as i128 * c.sv[p] as i128;
        if key[j - 1] != 0 && (key[j] as i128) < reach {
            return false;
        }
        j += 1;
    }
    // CuTe's lists `rs` and `rd` paired up as modes: mode `m` is `rs[m]:rd[m]`, `rd`
    // starting with `_0`; every stride is static and non-negative, so a `_0` stride adds
    // no mode, and the extents so far multiply to the last stride taken
    let (mut lv, mut lm, mut ldv, mut ldm) =
        ([0i64; FEW + 1], [S; FEW + 1], [0i64; FEW + 1], [S; FEW + 1]);
    let mut n = 0;
    let mut size = 1i64;
    let mut j = 0;
    while j < k {
        let d = key[j];
        if d != 0 {
            // both positive
            let (du, su) = (d as u64, size as u64);
            if du % su != 0 {
                return false; // the divisibility error
            }
            lv[n] = (du / su) as i64;
            size = d;
            let x = b + idx[j] as usize;
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
    write_coalesced(&lv, &lm, &ldv, &ldm, n, out)
}

/// `right_inverse` of a layout of at most [`FEW`] plain leaves, as its modes, where no
/// step errs, written into `out` (empty); `false` elsewhere.
#[inline(always)]
pub(super) const fn right_inverse(shape: &IntTuple, stride: &IntTuple, out: &mut Few) -> bool {
    let mut c = Back::new();
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
    write_coalesced(&lv, &lm, &ldv, &ldm, n, out)
}

/// The first `n` modes of an inverse's list (`lv:ldv`, raw parts, `n` at most their
/// length), coalesced and written
/// into `out` (empty); `false` where the coalesce must be the general one.
#[inline(always)]
const fn write_coalesced(
    lv: &[i64],
    lm: &[u16],
    ldv: &[i64],
    ldm: &[u16],
    n: usize,
    out: &mut Few,
) -> bool {
    let mut r = Back::new();
    let (lv, lm) = (lv.split_at(n).0, lm.split_at(n).0);
    let (ldv, ldm) = (ldv.split_at(n).0, ldm.split_at(n).0);
    if matches!(coalesce(lv, lm, ldv, ldm, &mut r), Scan::General) {
        return false;
    }
    r.write(out);
    true
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
    /// repeated (gaps, overlaps, equal strides); more than [`FEW`] leaves at times.
    fn compact_layouts(seed: u64, count: usize) -> Vec<Layout> {
        let mut x = seed;
        let mut next = |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % n
        };
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
        for l in &layouts {
            let want = right_inverse_general(FlatModes::of(l));
            let mut f = Few::new();
            if right_inverse(l.shape_ref(), l.stride_ref(), &mut f) {
                assert_eq!(Ok(f.layout()), want, "right_inverse({l})");
                right += 1;
            }
            assert_eq!(l.try_right_inverse(), want, "right_inverse({l})");
            let src = FlatModes::leaves(l.shape_ref(), l.stride_ref());
            let mut f = Few::new();
            let direct = left_inverse(l.shape_ref(), l.stride_ref(), &mut f);
            for as_cute in [false, true] {
                let want = l.left_inverse_general(src, as_cute);
                if direct {
                    assert_eq!(Ok(f.layout()), want, "left_inverse({l}), {as_cute}");
                    left += 1;
                }
                assert_eq!(l.left_inverse_with(as_cute), want, "left_inverse({l})");
                errors += usize::from(want.is_err());
            }
        }
        assert_eq!(layouts.len(), 70_004);
        assert!(right > 60_000, "{right} right inverses direct");
        assert!(left > 25_000, "{left} left inverses direct");
        assert!(errors > 10_000, "{errors} errors");
        std::eprintln!("{right} right and {left} left inverses direct, {errors} errors");
    }
}
