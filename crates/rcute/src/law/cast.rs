//! The laws of the casts (`upcast`, `downcast`, `recast_layout`) and of
//! `max_common_vector`.

use super::{Func, Verdict, func};
use crate::int::Int;
use crate::layout::Layout;
use alloc::format;
use alloc::vec::Vec;

/// `upcast<n>(l)`: the layout of elements `n` times larger. Walking `l` in index order,
/// the offsets that are multiples of `n` (the first element of each larger element),
/// divided by `n`, are the offsets of `R` in its index order.
///
/// ```
/// use rcute::{law, layout};
/// let l = layout!((_8,_4):(_4,_1));
/// assert!(law::upcast(2, &l, &l.upcast(2)).holds());
/// // not the larger elements of (_8,_4):(_4,_1)
/// assert!(law::upcast(2, &l, &layout!((_8,_2):(_1,_2))).breaks());
/// ```
pub fn upcast(n: i64, l: &Layout, r: &Layout) -> Verdict {
    if n <= 0 {
        return Verdict::Unchecked("a factor that is not positive");
    }
    let (fl, fr) = (func!(l), func!(r));
    let n = n as i128;
    let want: Vec<i128> = fl
        .offsets()
        .filter(|x| x.rem_euclid(n) == 0)
        .map(|x| x / n)
        .collect();
    if want.len() != fr.size() {
        return Verdict::Breaks(format!(
            "upcast<{n}>: {} elements where {l} has {} offsets that are multiples of {n}",
            fr.size(),
            want.len()
        ));
    }
    for (i, (g, w)) in fr.offsets().zip(&want).enumerate() {
        if g != *w {
            return Verdict::Breaks(format!(
                "upcast: index {i} maps to {g} where the definition gives {w}"
            ));
        }
    }
    Verdict::Holds
}

/// `downcast<n>(l)`: the layout of elements `n` times smaller. Each element of `l` is
/// `n` adjacent smaller elements along a mode of stride ±1, whose extent grows `n` times;
/// every other mode's stride is `n` times larger: `R(c) == n * L(c / k) ± (c mod k)`, mode
/// by mode, `k` being `n` on the modes that grew (which must have stride ±1) and 1
/// elsewhere.
///
/// ```
/// use rcute::{law, layout};
/// let l = layout!((_4,_3):(_1,_8));
/// assert!(law::downcast(2, &l, &l.downcast(2)).holds());
/// assert!(law::downcast(2, &l, &layout!((_8,_3):(_1,_8))).breaks());
/// ```
pub fn downcast(n: i64, l: &Layout, r: &Layout) -> Verdict {
    if n <= 0 {
        return Verdict::Unchecked("a factor that is not positive");
    }
    let (fl, fr): (Func, Func) = (func!(l), func!(r));
    let n = n as i128;
    if fl.s.len() != fr.s.len() {
        return Verdict::Breaks(format!(
            "downcast<{n}>: {r} has {} modes where {l} has {}",
            fr.s.len(),
            fl.s.len()
        ));
    }
    let mut k = Vec::with_capacity(fl.s.len());
    for m in 0..fl.s.len() {
        let (sl, sr) = (fl.s[m], fr.s[m]);
        let grew = sr == sl * n && n != 1;
        if !(grew || sr == sl) {
            return Verdict::Breaks(format!(
                "downcast<{n}>: mode {m} has extent {sr} where {l} has {sl}"
            ));
        }
        if grew && fl.d[m].abs() != 1 {
            return Verdict::Breaks(format!(
                "downcast<{n}>: mode {m} grew {n} times but its stride in {l} is {}, so its smaller elements are not adjacent",
                fl.d[m]
            ));
        }
        k.push(if grew { n } else { 1 });
    }
    for j in 0..fr.size() as i128 {
        // the coordinate of j in R, then the element of l it lies in
        let (mut x, mut want) = (j, 0i128);
        for (m, &km) in k.iter().enumerate() {
            let c = if fr.s[m] == 0 { 0 } else { x % fr.s[m] };
            if fr.s[m] != 0 {
                x /= fr.s[m];
            }
            want += n * (c / km) * fl.d[m] + fl.d[m].signum() * (c % km);
        }
        let got = fr.at(j);
        if got != want {
            return Verdict::Breaks(format!(
                "downcast<{n}>: index {j} maps to {got} where the smaller elements of {l} give {want}"
            ));
        }
    }
    Verdict::Holds
}

/// `recast_layout<Old,New>(l)` for element sizes of `old` and `new` bits: `upcast` by
/// `new / old`, `downcast` by `old / new`, or `l` itself.
///
/// ```
/// use rcute::{law, layout};
/// let l = layout!((_4,_8):(_1,_4));
/// assert!(law::recast_layout(8, 32, &l, &l.upcast(4)).holds());
/// ```
pub fn recast_layout(old: i64, new: i64, l: &Layout, r: &Layout) -> Verdict {
    if old <= 0 || new <= 0 {
        return Verdict::Unchecked("element sizes that are not positive");
    }
    if new > old && new % old == 0 {
        upcast(new / old, l, r)
    } else if old > new && old % new == 0 {
        downcast(old / new, l, r)
    } else if old == new {
        super::same_function("recast_layout", r, &func!(l))
    } else {
        Verdict::Unchecked("element sizes that do not divide one another")
    }
}

/// `max_common_vector(a, b)`: `a(j) == i` where `b(j) == i`, for every `i < n` (CuTe's
/// `@post`: the first `n` offsets of `b` are elements `a` puts at the same offsets).
///
/// ```
/// use rcute::{law, layout};
/// let (a, b) = (layout!((_4,_8):(_1,_4)), layout!((_4,_8):(_1,_8)));
/// assert!(law::max_common_vector(&a, &b, a.max_common_vector(&b)).holds());
/// assert!(law::max_common_vector(&a, &b, rcute::Int::constant(8)).breaks());
/// ```
pub fn max_common_vector(a: &Layout, b: &Layout, n: Int) -> Verdict {
    let (fa, fb) = (func!(a), func!(b));
    let n = n.value() as i128;
    if n < 1 {
        return Verdict::Breaks(format!("max_common_vector: {n} is not at least 1"));
    }
    // the first index of b at each offset below n
    let mut first = alloc::collections::BTreeMap::new();
    for j in 0..fb.size() as i128 {
        let x = fb.at(j);
        if (0..n).contains(&x) {
            first.entry(x).or_insert(j);
        }
    }
    for i in 0..n {
        let Some(&j) = first.get(&i) else {
            return Verdict::Breaks(format!(
                "max_common_vector: {n}, but no element of {b} is at offset {i}"
            ));
        };
        if fa.at(j) != i {
            return Verdict::Breaks(format!(
                "max_common_vector: {n}, but the element {j} that {b} puts at {i} is at {} in {a}",
                fa.at(j)
            ));
        }
    }
    Verdict::Holds
}
