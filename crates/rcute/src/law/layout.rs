//! The laws of the operations on one layout: coalesce, filter, composition, complement,
//! the inverses, nullspace and max_common_layout.

use super::{Func, Verdict, agree, check, func, same_function};
use crate::algebra::{Tiler, TilerKind};
use crate::layout::Layout;
use crate::tuple::IntTuple;
use alloc::format;
use alloc::vec::Vec;

/// `coalesce(l)`: the same function with depth at most 1 (CuTe's `@post depth(result) <= 1`,
/// `layout(i) == result(i)`).
///
/// ```
/// use rcute::{law, layout};
/// let l = layout!((_2,(_1,_6)):(_1,(_6,_2)));
/// assert!(law::coalesce(&l, &l.coalesce()).holds());
/// ```
pub fn coalesce(l: &Layout, r: &Layout) -> Verdict {
    if r.depth() > 1 {
        return Verdict::Breaks(format!("coalesce: the answer {r} has depth {}", r.depth()));
    }
    same_function("coalesce", r, &func!(l))
}

/// `filter(l)`: `l` with its static stride-`_0` modes made one element, coalesced (CuTe's
/// `coalesce(filter_zeros(layout))`).
///
/// ```
/// use rcute::{law, layout};
/// let l = layout!((_4,_3,_2):(_1,_0,_4));
/// assert!(law::filter(&l, &l.filter()).holds());
/// ```
pub fn filter(l: &Layout, r: &Layout) -> Verdict {
    let mut want = func!(l);
    for (k, d) in l.stride_ref().leaves().enumerate() {
        if d.is_constant(0) {
            want.s[k] = 1;
        }
    }
    want.size = want.s.iter().product::<i128>() as usize;
    if r.depth() > 1 {
        return Verdict::Breaks(format!("filter: the answer {r} has depth {}", r.depth()));
    }
    same_function("filter", r, &want)
}

/// `composition(a, b)`: `R(i) == A(B(i))` for every index of `B`, with `B`'s modes (CuTe's
/// `@post compatible(rhs, result)`, `result(c) == lhs(rhs(c))`); `A` is extended beyond
/// its size as CuTe extends it. A tuple tiler composes mode by mode (the modes of `a`
/// beyond it are dropped), an integer `n` is `n:_1`, `_` keeps the mode.
///
/// ```
/// use rcute::{law, layout, tiler};
/// let a = layout!((12,(4,8)):(59,(13,1)));
/// let t = tiler!((_3:_4, _8:_2));
/// assert!(law::composition(&a, &t, &a.composition_tiler(&t)).holds());
/// ```
pub fn composition(a: &Layout, b: &Tiler, r: &Layout) -> Verdict {
    match b.kind() {
        TilerKind::Layout(bl) => compose_layout(a, bl, r),
        TilerKind::Integer(n) => match Layout::try_new(
            IntTuple::from_int(n),
            IntTuple::from_int(crate::Int::constant(1)),
        ) {
            Ok(bl) => compose_layout(a, &bl, r),
            Err(_) => Verdict::Unchecked("an integer tiler that is not a shape"),
        },
        TilerKind::Underscore => same_function("composition with _", r, &func!(a)),
        TilerKind::Tuple => {
            if r.rank() != b.rank() || a.rank() < b.rank() {
                return Verdict::Breaks(format!(
                    "composition: the answer has {} modes for a tiler of {} over {} modes",
                    r.rank(),
                    b.rank(),
                    a.rank()
                ));
            }
            for i in 0..b.rank() {
                let (Ok(ai), Ok(bi), Ok(ri)) = (a.try_mode(i), b.try_element(i), r.try_mode(i))
                else {
                    return Verdict::Unchecked("a mode out of range");
                };
                check!(composition(&ai, &bi, &ri));
            }
            Verdict::Holds
        }
    }
}

/// Composition with a layout `b`.
fn compose_layout(a: &Layout, b: &Layout, r: &Layout) -> Verdict {
    let (fa, fb) = (func!(a), func!(b));
    let fr = func!(r);
    if fr.size() != fb.size() {
        return Verdict::Breaks(format!(
            "composition: the answer has {} elements where the tiler has {}",
            fr.size(),
            fb.size()
        ));
    }
    if !b.shape_ref().is_leaf() {
        if r.rank() != b.rank() {
            return Verdict::Breaks(format!(
                "composition: the answer has {} modes where the tiler has {}",
                r.rank(),
                b.rank()
            ));
        }
        for i in 0..b.rank() {
            let (Ok(bi), Ok(ri)) = (b.try_mode(i), r.try_mode(i)) else {
                return Verdict::Unchecked("a mode out of range");
            };
            let (sb, sr) = (func!(&bi).size(), func!(&ri).size());
            if sb != sr {
                return Verdict::Breaks(format!(
                    "composition: mode {i} of the answer has {sr} elements where the tiler's has {sb}"
                ));
            }
        }
    }
    agree("composition", fb.size(), |i| fr.at(i), |i| fa.at(fb.at(i)))
}

/// `complement(l, cotarget)`: ordered (`R(i-1) < R(i)`), disjoint from `l` (the offsets
/// `filter(l)(j) + R(i)` are all different) and covering the cotarget (`size(R) >=
/// size(cotarget) / size(filter(l))`, CuTe's `@post`).
///
/// ```
/// use rcute::{law, layout, int_tuple};
/// let l = layout!((_2,_2):(_1,_6));
/// let t = int_tuple!(_24);
/// assert!(law::complement(&l, &t, &l.complement(&t)).holds());
/// ```
pub fn complement(l: &Layout, cotarget: &IntTuple, r: &Layout) -> Verdict {
    let fr = func!(r);
    let (mut s, mut d) = (Vec::new(), Vec::new());
    for (sk, dk) in l.shape_ref().leaves().zip(l.stride_ref().leaves()) {
        if dk.is_basis() {
            return Verdict::Unchecked("scaled-basis strides");
        }
        if dk.value() != 0 && sk.value() != 1 {
            s.push(sk.value() as i128);
            d.push(dk.value() as i128);
        }
    }
    let fl = Func {
        size: s.iter().product::<i128>().max(0) as usize,
        s,
        d,
    };
    for i in 1..fr.size() as i128 {
        if fr.at(i - 1) >= fr.at(i) {
            return Verdict::Breaks(format!(
                "complement: not ordered, index {} maps to {} and index {i} to {}",
                i - 1,
                fr.at(i - 1),
                fr.at(i)
            ));
        }
    }
    let n = fl.size().saturating_mul(fr.size());
    if n > super::LIMIT {
        return Verdict::Unchecked("a domain larger than law::LIMIT");
    }
    let mut all: Vec<i128> = Vec::with_capacity(n);
    for i in 0..fr.size() as i128 {
        for j in 0..fl.size() as i128 {
            all.push(fl.at(j) + fr.at(i));
        }
    }
    all.sort_unstable();
    if let Some(w) = all.windows(2).find(|w| w[0] == w[1]) {
        return Verdict::Breaks(format!(
            "complement: not disjoint from the layout, offset {} is reached twice",
            w[0]
        ));
    }
    let mut target: i128 = 1;
    for t in cotarget.leaves() {
        target = target.saturating_mul(t.value() as i128);
    }
    let filtered = fl.size().max(1) as i128;
    if (fr.size() as i128) < target / filtered {
        return Verdict::Breaks(format!(
            "complement: {} elements do not cover the cotarget of {target} over {filtered}",
            fr.size()
        ));
    }
    Verdict::Holds
}

/// `right_inverse(l)`: `l(R(i)) == i` for every index of `R`, with `R(i)` in `l`'s domain.
///
/// ```
/// use rcute::{law, layout};
/// let l = layout!((_4,_8):(_8,_1));
/// assert!(law::right_inverse(&l, &l.right_inverse()).holds());
/// ```
pub fn right_inverse(l: &Layout, r: &Layout) -> Verdict {
    let (fl, fr) = (func!(l), func!(r));
    for i in 0..fr.size() as i128 {
        let x = fr.at(i);
        if x < 0 || x >= fl.size() as i128 || fl.at(x) != i {
            return Verdict::Breaks(format!(
                "right_inverse: index {i} maps to {x}, which the layout maps to {}",
                fl.at(x)
            ));
        }
    }
    Verdict::Holds
}

/// `left_inverse(l)`: `l(R(l(i))) == l(i)` for every index of `l` (CuTe's quasi-inverse),
/// and `R(l(i)) == i` where `l` is injective; `R` is extended beyond its size.
///
/// ```
/// use rcute::{law, layout};
/// let l = layout!((_4,_2):(_2,_1));
/// assert!(law::left_inverse(&l, &l.left_inverse()).holds());
/// ```
pub fn left_inverse(l: &Layout, r: &Layout) -> Verdict {
    let (fl, fr) = (func!(l), func!(r));
    let mut image: Vec<i128> = (0..fl.size() as i128).map(|i| fl.at(i)).collect();
    for i in 0..fl.size() as i128 {
        let y = fl.at(i);
        if fl.at(fr.at(y)) != y {
            return Verdict::Breaks(format!(
                "left_inverse: index {i} maps to {y}, the inverse to {}, the layout back to {}",
                fr.at(y),
                fl.at(fr.at(y))
            ));
        }
    }
    image.sort_unstable();
    if image.windows(2).all(|w| w[0] != w[1]) {
        return agree("left_inverse", fl.size(), |i| fr.at(fl.at(i)), |i| i);
    }
    Verdict::Holds
}

/// `nullspace(l)`: `l(R(i)) == 0` for every index of `R`, `R` injective into `l`'s domain,
/// and `size(R) == size(l) / size(filter(l))` (CuTe's `@post`s).
///
/// ```
/// use rcute::{law, layout};
/// let l = layout!((_2,_3,_4):(_1,_0,_0));
/// assert!(law::nullspace(&l, &l.nullspace()).holds());
/// ```
pub fn nullspace(l: &Layout, r: &Layout) -> Verdict {
    let (fl, fr) = (func!(l), func!(r));
    let mut seen: Vec<i128> = Vec::new();
    for i in 0..fr.size() as i128 {
        let x = fr.at(i);
        if x < 0 || x >= fl.size() as i128 || fl.at(x) != 0 {
            return Verdict::Breaks(format!(
                "nullspace: index {i} maps to {x}, which the layout maps to {}",
                fl.at(x)
            ));
        }
        seen.push(x);
    }
    seen.sort_unstable();
    if seen.windows(2).any(|w| w[0] == w[1]) {
        return Verdict::Breaks("nullspace: the answer is not injective".into());
    }
    let Ok(f) = l.try_filter() else {
        return Verdict::Unchecked("a layout whose filter fails");
    };
    let ff = func!(&f);
    if ff.size() == 0 || fr.size() != fl.size() / ff.size() {
        return Verdict::Breaks(format!(
            "nullspace: {} elements where size(l) / size(filter(l)) is {} / {}",
            fr.size(),
            fl.size(),
            ff.size()
        ));
    }
    Verdict::Holds
}

/// `max_common_layout(a, b)`: `a(R(i)) == i` and `b(R(i)) == i` for every index of `R`
/// (CuTe's `@post`).
///
/// ```
/// use rcute::{law, layout};
/// let (a, b) = (layout!((_4,_8):(_1,_4)), layout!((_4,_8):(_1,_8)));
/// assert!(law::max_common_layout(&a, &b, &a.max_common_layout(&b)).holds());
/// ```
pub fn max_common_layout(a: &Layout, b: &Layout, r: &Layout) -> Verdict {
    let (fa, fb, fr) = (func!(a), func!(b), func!(r));
    for i in 0..fr.size() as i128 {
        let x = fr.at(i);
        if fa.at(x) != i || fb.at(x) != i {
            return Verdict::Breaks(format!(
                "max_common_layout: index {i} maps to {x}, which a maps to {} and b to {}",
                fa.at(x),
                fb.at(x)
            ));
        }
    }
    Verdict::Holds
}
