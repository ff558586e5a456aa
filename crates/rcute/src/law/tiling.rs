//! The laws of the divides and the products.

use super::{Func, Verdict, agree, check, func, same_function};
use crate::algebra::{Tiler, TilerKind};
use crate::layout::Layout;
use crate::tuple::IntTuple;
use alloc::format;
use alloc::vec::Vec;

/// The layout a non-tuple tiler element stands for (`n` is `n:_1`), `None` for `_`.
fn element_layout(t: &Tiler) -> Result<Option<Layout>, Verdict> {
    match t.kind() {
        TilerKind::Layout(l) => Ok(Some(*l)),
        TilerKind::Integer(n) => Layout::try_new(IntTuple::from_int(n), IntTuple::constant(1))
            .map(Some)
            .map_err(|_| Verdict::Unchecked("an integer tiler that is not a shape")),
        TilerKind::Underscore => Ok(None),
        TilerKind::Tuple => Err(Verdict::Unchecked("a nested tuple tiler")),
    }
}

/// Applies `law` mode by mode for a tuple tiler (the modes of `a` beyond it are kept),
/// or to the whole layout otherwise (`_` keeps `a`).
fn by_mode(
    name: &str,
    a: &Layout,
    t: &Tiler,
    r: &Layout,
    law: fn(&Layout, &Layout, &Layout) -> Verdict,
) -> Verdict {
    if !t.is_tuple() {
        return match element_layout(t) {
            Ok(Some(b)) => law(a, &b, r),
            Ok(None) => same_function(name, r, &func!(a)),
            Err(v) => v,
        };
    }
    if r.rank() != a.rank() || a.rank() < t.rank() {
        return Verdict::Breaks(format!(
            "{name}: the answer has {} modes for a tiler of {} over {} modes",
            r.rank(),
            t.rank(),
            a.rank()
        ));
    }
    for i in 0..a.rank() {
        let (Ok(ai), Ok(ri)) = (a.try_mode(i), r.try_mode(i)) else {
            return Verdict::Unchecked("a mode out of range");
        };
        if i >= t.rank() {
            check!(same_function(name, &ri, &func!(&ai)));
            continue;
        }
        let Ok(ti) = t.try_element(i) else {
            return Verdict::Unchecked("a mode out of range");
        };
        check!(by_mode(name, &ai, &ti, &ri, law));
    }
    Verdict::Holds
}

/// The two modes of a rank-2 answer, with the sizes `n0` and `n1`.
fn two_modes(name: &str, r: &Layout, n0: usize, n1: usize) -> Result<(Layout, Layout), Verdict> {
    let modes = (r.try_mode(0), r.try_mode(1));
    let (Ok(r0), Ok(r1)) = modes else {
        return Err(Verdict::Breaks(format!(
            "{name}: the answer {r} is not (tile, rest)"
        )));
    };
    if r.rank() != 2 {
        return Err(Verdict::Breaks(format!(
            "{name}: the answer {r} is not (tile, rest)"
        )));
    }
    let s0 = Func::of(&r0)?.size();
    let s1 = Func::of(&r1)?.size();
    if (s0, s1) != (n0, n1) {
        return Err(Verdict::Breaks(format!(
            "{name}: the answer's modes have {s0} and {s1} elements where the definition's have {n0} and {n1}"
        )));
    }
    Ok((r0, r1))
}

/// `logical_divide(a, t)`: the function `composition(A, (B, complement(B, shape(A))))`, as
/// `(tile, rest)`; a tuple tiler divides mode by mode and keeps the modes beyond it.
///
/// ```
/// use rcute::{law, layout, tiler};
/// let a = layout!((_4,_2,_3):(_2,_1,_8));
/// let t = tiler!(_4:_2);
/// assert!(law::logical_divide(&a, &t, &a.logical_divide(&t)).holds());
/// ```
pub fn logical_divide(a: &Layout, t: &Tiler, r: &Layout) -> Verdict {
    by_mode("logical_divide", a, t, r, divide_layout)
}

fn divide_layout(a: &Layout, b: &Layout, r: &Layout) -> Verdict {
    divide_function(a, b, r, true)
}

/// The function of `logical_divide(a, b)` for a layout `b`; with `modes`, also the
/// `(tile, rest)` structure.
fn divide_function(a: &Layout, b: &Layout, r: &Layout, modes: bool) -> Verdict {
    let Ok(ca) = a.try_coalesce() else {
        return Verdict::Unchecked("the layout's coalesce fails");
    };
    let Ok(c) = b.try_complement_uncovered(ca.shape_ref()) else {
        return Verdict::Unchecked("the tiler's complement fails");
    };
    let Ok(tile) = Layout::try_concat(&[*b, c]) else {
        return Verdict::Unchecked("the tiler and its complement do not make a layout");
    };
    let (fa, ft) = (func!(a), func!(&tile));
    let (nb, nc) = (func!(b).size(), func!(&c).size());
    if modes && let Err(v) = two_modes("logical_divide", r, nb, nc) {
        return v;
    }
    let fr = func!(r);
    if fr.size() != ft.size() {
        return Verdict::Breaks(format!(
            "logical_divide: the answer has {} elements where the definition has {}",
            fr.size(),
            ft.size()
        ));
    }
    agree(
        "logical_divide",
        ft.size(),
        |i| fr.at(i),
        |i| fa.at(ft.at(i)),
    )
}

/// `logical_product(a, t)`: `(A, composition(complement(A, size(A) * cosize(B)), B))`; a
/// tuple tiler multiplies mode by mode and keeps the modes beyond it.
///
/// ```
/// use rcute::{law, layout, tiler};
/// let a = layout!((_2,_2):(_4,_1));
/// let t = tiler!(_6:_1);
/// assert!(law::logical_product(&a, &t, &a.logical_product(&t)).holds());
/// ```
pub fn logical_product(a: &Layout, t: &Tiler, r: &Layout) -> Verdict {
    by_mode("logical_product", a, t, r, product_layout)
}

fn product_layout(a: &Layout, b: &Layout, r: &Layout) -> Verdict {
    product_function(a, b, r, true)
}

/// The function of `logical_product(a, b)` for a layout `b`; with `modes`, as
/// `(A, C o B)`, else as one function of a 1-D index.
fn product_function(a: &Layout, b: &Layout, r: &Layout, modes: bool) -> Verdict {
    let target = match (a.try_size(), b.try_cosize()) {
        (Ok(s), Ok(c)) => match s.try_mul(c) {
            Ok(t) => t,
            Err(_) => return Verdict::Unchecked("size(A) * cosize(B) overflows"),
        },
        _ => return Verdict::Unchecked("a size that overflows"),
    };
    let Ok(c) = a.try_complement_uncovered(&IntTuple::from_int(target)) else {
        return Verdict::Unchecked("the complement fails");
    };
    let (fa, fb, fc) = (func!(a), func!(b), func!(&c));
    if !modes {
        let (fr, na) = (func!(r), fa.size() as i128);
        let n = fa.size() * fb.size();
        if fr.size() != n {
            return Verdict::Breaks(format!(
                "logical_product: the answer has {} elements where the definition has {n}",
                fr.size()
            ));
        }
        return agree(
            "logical_product",
            n,
            |i| fr.at(i),
            |i| fa.at(i % na.max(1)) + fc.at(fb.at(i / na.max(1))),
        );
    }
    let (r0, r1) = match two_modes("logical_product", r, fa.size(), fb.size()) {
        Ok(m) => m,
        Err(v) => return v,
    };
    check!(same_function("logical_product (mode 0)", &r0, &fa));
    let f1 = func!(&r1);
    agree(
        "logical_product (mode 1)",
        fb.size(),
        |i| f1.at(i),
        |i| fc.at(fb.at(i)),
    )
}

/// The flattened modes of `l`, sorted, to compare two regroupings of the same modes.
fn leaves(l: &Layout) -> Vec<(i64, u16, i64, u16)> {
    let mut v: Vec<_> = l
        .shape_ref()
        .leaves()
        .zip(l.stride_ref().leaves())
        .map(|(s, d)| (s.value(), s.meta(), d.value(), d.meta()))
        .collect();
    v.sort_unstable();
    v
}

/// `r` holds the modes of `base` (checked by `law`), regrouped: the same flattened modes.
fn regrouped(name: &str, base: Result<Layout, crate::Error>, r: &Layout, law: Verdict) -> Verdict {
    let Ok(base) = base else {
        return Verdict::Breaks(format!("{name}: the logical form fails where this answers"));
    };
    check!(law);
    if leaves(&base) != leaves(r) {
        return Verdict::Breaks(format!(
            "{name}: the answer {r} does not regroup the modes of the logical form {base}"
        ));
    }
    Verdict::Holds
}

/// One mode of a divide or a product by a tuple tiler: its function of the
/// `(tile, rest)` coordinate and the two extents.
struct ModeFn {
    f: alloc::boxed::Box<dyn Fn(i128, i128) -> i128>,
    n0: usize,
    n1: usize,
}

fn divide_mode(a: &Layout, b: &Layout) -> Result<ModeFn, Verdict> {
    let ca = a
        .try_coalesce()
        .map_err(|_| Verdict::Unchecked("a coalesce fails"))?;
    let c = b
        .try_complement_uncovered(ca.shape_ref())
        .map_err(|_| Verdict::Unchecked("a complement fails"))?;
    let tile = Layout::try_concat(&[*b, c]).map_err(|_| Verdict::Unchecked("no layout"))?;
    let (fa, ft) = (Func::of(a)?, Func::of(&tile)?);
    let (n0, n1) = (Func::of(b)?.size(), Func::of(&c)?.size());
    Ok(ModeFn {
        f: alloc::boxed::Box::new(move |j0, j1| fa.at(ft.at(j0 + n0 as i128 * j1))),
        n0,
        n1,
    })
}

fn product_mode(a: &Layout, b: &Layout) -> Result<ModeFn, Verdict> {
    let target = a
        .try_size()
        .and_then(|s| s.try_mul(b.try_cosize()?))
        .map_err(|_| Verdict::Unchecked("size(A) * cosize(B) overflows"))?;
    let c = a
        .try_complement_uncovered(&IntTuple::from_int(target))
        .map_err(|_| Verdict::Unchecked("a complement fails"))?;
    let (fa, fb, fc) = (Func::of(a)?, Func::of(b)?, Func::of(&c)?);
    let (n0, n1) = (fa.size(), fb.size());
    Ok(ModeFn {
        f: alloc::boxed::Box::new(move |j0, j1| fa.at(j0) + fc.at(fb.at(j1))),
        n0,
        n1,
    })
}

/// The definition of one mode `ai` of a zipped, tiled or flat form by the tiler's element
/// `ti`, as a function of its `(tile, rest)` coordinate. A nested tuple element tiles the
/// mode's sub-modes, and the form lists their tiles, then their rests:
/// `((t0, t1), (r0, r1))`.
fn mode_fn(ai: &Layout, ti: &Tiler, divide: bool) -> Result<ModeFn, Verdict> {
    let b = match element_layout(ti) {
        Ok(Some(b)) => b,
        Ok(None) => {
            // `_` keeps the mode, which CuTe's unzip reads as (tile, rest) by its own
            // two modes (a single mode is all tile)
            if ai.shape_ref().is_leaf() {
                let fa = Func::of(ai)?;
                let n0 = fa.size();
                return Ok(ModeFn {
                    f: alloc::boxed::Box::new(move |j0, _| fa.at(j0)),
                    n0,
                    n1: 1,
                });
            }
            if ai.rank() != 2 {
                return Err(Verdict::Unchecked("`_` over a mode of rank other than 2"));
            }
            let (Ok(m0), Ok(m1)) = (ai.try_mode(0), ai.try_mode(1)) else {
                return Err(Verdict::Unchecked("a mode out of range"));
            };
            let (f0, f1) = (Func::of(&m0)?, Func::of(&m1)?);
            let (n0, n1) = (f0.size(), f1.size());
            return Ok(ModeFn {
                f: alloc::boxed::Box::new(move |j0, j1| f0.at(j0) + f1.at(j1)),
                n0,
                n1,
            });
        }
        Err(_) if ti.is_tuple() => {
            if ai.shape_ref().is_leaf() || ai.rank() != ti.rank() {
                return Err(Verdict::Unchecked(
                    "a nested tuple tiler over a mode of another rank",
                ));
            }
            let mut subs = Vec::new();
            for k in 0..ti.rank() {
                let (Ok(ak), Ok(tk)) = (ai.try_mode(k), ti.try_element(k)) else {
                    return Err(Verdict::Unchecked("a mode out of range"));
                };
                subs.push(mode_fn(&ak, &tk, divide)?);
            }
            let n0 = subs.iter().fold(1usize, |n, m| n.saturating_mul(m.n0));
            let n1 = subs.iter().fold(1usize, |n, m| n.saturating_mul(m.n1));
            return Ok(ModeFn {
                f: alloc::boxed::Box::new(move |j0, j1| {
                    let (mut r0, mut r1, mut off) = (j0, j1, 0);
                    for m in &subs {
                        let (s0, s1) = (m.n0.max(1) as i128, m.n1.max(1) as i128);
                        off += (m.f)(r0 % s0, r1 % s1);
                        r0 /= s0;
                        r1 /= s1;
                    }
                    off
                }),
                n0,
                n1,
            });
        }
        Err(v) => return Err(v),
    };
    if divide {
        divide_mode(ai, &b)
    } else {
        product_mode(ai, &b)
    }
}

/// The zipped, tiled and flat forms by a tuple tiler, as one function: all three list the
/// tiles of every mode first, then their rests and the modes beyond the tiler, so their
/// 1-D indices run in the same order; each mode is its divide's (or product's) definition.
fn unzipped(name: &str, a: &Layout, t: &Tiler, r: &Layout, divide: bool) -> Verdict {
    let mut modes = Vec::new();
    for i in 0..t.rank() {
        let (Ok(ai), Ok(ti)) = (a.try_mode(i), t.try_element(i)) else {
            return Verdict::Unchecked("a mode out of range");
        };
        match mode_fn(&ai, &ti, divide) {
            Ok(m) => modes.push(m),
            Err(v) => return v,
        }
    }
    let mut extra = Vec::new();
    for k in t.rank()..a.rank() {
        let Ok(ak) = a.try_mode(k) else {
            return Verdict::Unchecked("a mode out of range");
        };
        extra.push(func!(&ak));
    }
    let fr = func!(r);
    let mut n: usize = 1;
    for m in &modes {
        n = n.saturating_mul(m.n0).saturating_mul(m.n1);
    }
    for e in &extra {
        n = n.saturating_mul(e.size());
    }
    if fr.size() != n {
        return Verdict::Breaks(format!(
            "{name}: the answer has {} elements where the definition has {n}",
            fr.size()
        ));
    }
    let digit = |rest: &mut i128, s: usize| {
        let s = s.max(1) as i128;
        let d = *rest % s;
        *rest /= s;
        d
    };
    agree(
        name,
        n,
        |i| fr.at(i),
        |i| {
            let mut rest = i;
            let tiles: Vec<i128> = modes.iter().map(|m| digit(&mut rest, m.n0)).collect();
            let mut off = 0;
            for (m, j0) in modes.iter().zip(tiles) {
                off += (m.f)(j0, digit(&mut rest, m.n1));
            }
            for e in &extra {
                off += e.at(digit(&mut rest, e.size()));
            }
            off
        },
    )
}

/// The number of elements of the first mode of a zipped or tiled divide (the tile, `b`)
/// or product (`a`) by one tile.
fn first_mode(name: &str, r: &Layout, want: &Layout, what: &str) -> Result<(), Verdict> {
    let r0 = r
        .try_mode(0)
        .map_err(|_| Verdict::Breaks(format!("{name}: the answer {r} has no first mode")))?;
    let (got, want) = (Func::of(&r0)?.size(), Func::of(want)?.size());
    if got != want {
        return Err(Verdict::Breaks(format!(
            "{name}: the answer's first mode has {got} elements where {what} has {want}"
        )));
    }
    Ok(())
}

macro_rules! regrouping {
    ($(#[$doc:meta])* $name:ident, $logical:ident, $try_logical:ident, $function:ident, $divide:expr, $keeps_first:expr) => {
        $(#[$doc])*
        pub fn $name(a: &Layout, t: &Tiler, r: &Layout) -> Verdict {
            if !t.is_tuple() {
                // one tile: the regrouping keeps the order of the indices; a zipped or
                // tiled form keeps the tile (a divide) or `a` (a product) as its first mode
                return match element_layout(t) {
                    Ok(Some(b)) => {
                        let (want, what) = if $divide { (&b, "the tile") } else { (a, "the layout") };
                        if $keeps_first
                            && let Err(v) = first_mode(stringify!($name), r, want, what)
                        {
                            return v;
                        }
                        $function(a, &b, r, false)
                    }
                    Ok(None) => same_function(stringify!($name), r, &func!(a)),
                    Err(v) => v,
                };
            }
            match unzipped(stringify!($name), a, t, r, $divide) {
                Verdict::Unchecked(_) => {}
                v => return v,
            }
            let base = a.$try_logical(t);
            let law = match &base {
                Ok(b) => $logical(a, t, b),
                Err(_) => Verdict::Holds,
            };
            regrouped(stringify!($name), base, r, law)
        }
    };
}

regrouping!(
    /// `zipped_divide(a, t)`: the modes of `logical_divide(a, t)` regrouped as
    /// `((tiles), (rests))`.
    ///
    /// ```
    /// use rcute::{law, layout, tiler};
    /// let a = layout!((_9,(_4,_8)):(_59,(_13,_1)));
    /// let t = tiler!((_3:_3, (_2,_4):(_1,_8)));
    /// assert!(law::zipped_divide(&a, &t, &a.zipped_divide(&t)).holds());
    /// ```
    zipped_divide, logical_divide, try_logical_divide, divide_function, true, true
);
regrouping!(
    /// `tiled_divide(a, t)`: the modes of `logical_divide(a, t)` regrouped as
    /// `((tiles), rests...)`.
    tiled_divide, logical_divide, try_logical_divide, divide_function, true, true
);
regrouping!(
    /// `flat_divide(a, t)`: the modes of `logical_divide(a, t)` regrouped as
    /// `(tiles..., rests...)`.
    flat_divide, logical_divide, try_logical_divide, divide_function, true, false
);
regrouping!(
    /// `zipped_product(a, t)`: the modes of `logical_product(a, t)` regrouped.
    zipped_product, logical_product, try_logical_product, product_function, false, true
);
regrouping!(
    /// `tiled_product(a, t)`: the modes of `logical_product(a, t)` regrouped.
    tiled_product, logical_product, try_logical_product, product_function, false, true
);
regrouping!(
    /// `flat_product(a, t)`: the modes of `logical_product(a, t)` regrouped.
    flat_product, logical_product, try_logical_product, product_function, false, false
);

/// `blocked_product(a, b)`: mode `i` is the function `(A_i, P_i)`, with `A` and `B` padded to
/// the same rank and `P = composition(complement(A, size(A) * cosize(B)), B)` (the second
/// mode of their logical product).
///
/// ```
/// use rcute::{law, layout};
/// let (a, b) = (layout!((_2,_2):(_2,_1)), layout!((_2,_3):(_1,_2)));
/// assert!(law::blocked_product(&a, &b, &a.blocked_product(&b)).holds());
/// ```
pub fn blocked_product(a: &Layout, b: &Layout, r: &Layout) -> Verdict {
    zip_product("blocked_product", a, b, r, false)
}

/// `raked_product(a, b)`: mode `i` is the function `(P_i, A_i)` (see [`blocked_product`]).
///
/// ```
/// use rcute::{law, layout};
/// let (a, b) = (layout!((_2,_2):(_2,_1)), layout!((_2,_3):(_1,_2)));
/// assert!(law::raked_product(&a, &b, &a.raked_product(&b)).holds());
/// ```
pub fn raked_product(a: &Layout, b: &Layout, r: &Layout) -> Verdict {
    zip_product("raked_product", a, b, r, true)
}

fn zip_product(name: &str, a: &Layout, b: &Layout, r: &Layout, raked: bool) -> Verdict {
    let n = a.rank().max(b.rank());
    let (Ok(a), Ok(b)) = (a.try_append_to(n, None), b.try_append_to(n, None)) else {
        return Verdict::Unchecked("the operands cannot be padded");
    };
    let target = match (a.try_size(), b.try_cosize()) {
        (Ok(s), Ok(c)) => match s.try_mul(c) {
            Ok(t) => t,
            Err(_) => return Verdict::Unchecked("size(A) * cosize(B) overflows"),
        },
        _ => return Verdict::Unchecked("a size that overflows"),
    };
    let Ok(c) = a.try_complement_uncovered(&IntTuple::from_int(target)) else {
        return Verdict::Unchecked("the complement fails");
    };
    let fc = func!(&c);
    if r.rank() != n {
        return Verdict::Breaks(format!(
            "{name}: the answer has {} modes, not {n}",
            r.rank()
        ));
    }
    // mode m of the answer is (A_m, P_m) (raked: (P_m, A_m)), P = C o B
    let (mut fa, mut fb, mut sizes) = (Vec::new(), Vec::new(), Vec::new());
    for m in 0..n {
        let (Ok(am), Ok(bm), Ok(rm)) = (a.try_mode(m), b.try_mode(m), r.try_mode(m)) else {
            return Verdict::Unchecked("a mode out of range");
        };
        let (x, y, z) = (func!(&am), func!(&bm), func!(&rm));
        if z.size() != x.size() * y.size() {
            return Verdict::Breaks(format!(
                "{name}: mode {m} of the answer has {} elements where the definition's has {} x {}",
                z.size(),
                x.size(),
                y.size()
            ));
        }
        sizes.push(z.size());
        fa.push(x);
        fb.push(y);
    }
    let fr = func!(r);
    agree(
        name,
        fr.size(),
        |i| fr.at(i),
        |i| {
            let (mut rest, mut off_a, mut off_b) = (i, 0, 0);
            for m in 0..n {
                let s = sizes[m] as i128;
                let j = if s == 0 { 0 } else { rest % s };
                rest = if s == 0 { 0 } else { rest / s };
                let (na, nb) = (fa[m].size() as i128, fb[m].size() as i128);
                let (ja, jb) = if raked {
                    (
                        if nb == 0 { 0 } else { j / nb },
                        if nb == 0 { 0 } else { j % nb },
                    )
                } else {
                    (
                        if na == 0 { 0 } else { j % na },
                        if na == 0 { 0 } else { j / na },
                    )
                };
                off_a += fa[m].at(ja);
                off_b += fb[m].at(jb);
            }
            off_a + fc.at(off_b)
        },
    )
}

/// `tile_to_shape(block, target, order)`: CuTe's `@post` (each mode of the result has the
/// size of the target's mode) and its definition, the blocked product of the block,
/// padded to the target's rank, with the compact layout of the repeats
/// (`ceil_div(target, block)` per mode) in `order`.
///
/// ```
/// use rcute::{law, layout, int_tuple, Major, TileOrder};
/// let b = layout!((_2,_2):(_1,_2));
/// let (t, o) = (int_tuple!((_4,_6)), TileOrder::Major(Major::Left));
/// assert!(law::tile_to_shape(&b, &t, &o, &b.tile_to_shape(&t, &o)).holds());
/// let right = TileOrder::Major(Major::Right);
/// assert!(law::tile_to_shape(&b, &t, &o, &b.tile_to_shape(&t, &right)).breaks());
/// ```
pub fn tile_to_shape(
    block: &Layout,
    target: &IntTuple,
    order: &crate::algebra::TileOrder,
    r: &Layout,
) -> Verdict {
    use crate::algebra::TileOrder;
    let (Ok(want), Ok(got)) = (target.try_product_each(), r.shape().try_product_each()) else {
        return Verdict::Unchecked("a target whose modes' sizes overflow");
    };
    let values = |t: &IntTuple| t.leaves().map(|x| x.value()).collect::<Vec<_>>();
    if values(&want) != values(&got) {
        return Verdict::Breaks(format!(
            "tile_to_shape: the modes of {r} have sizes {got} where the target {target} has {want}"
        ));
    }
    let repeats = block.try_append_to(target.rank(), None).and_then(|padded| {
        let counts = want.try_ceil_div(&padded.shape().try_product_each()?)?;
        let repeats = match order {
            TileOrder::Major(m) => Layout::try_with_major(counts, *m)?,
            TileOrder::Order(o) => Layout::try_ordered(counts, *o)?,
        };
        Ok((padded, repeats))
    });
    match repeats {
        Ok((padded, repeats)) => blocked_product(&padded, &repeats, r),
        Err(_) => Verdict::Unchecked("a block that does not pad to the target's rank"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{layout, tiler};

    /// A zipped or tiled divide by one tile keeps the tile as its first mode: CuTe's answer
    /// to `tiled_divide((3,4):(1,0), 4:1)`, which splits the tile of 4 over the mode of 3,
    /// agrees with the definition index by index as far as it goes, but its tile has 3
    /// elements and the whole 6 where the definition's have 4 and 8.
    #[test]
    fn a_divide_by_one_tile_keeps_the_tile_whole() {
        let a = layout!((3,4):(1,0));
        let t = tiler!(4:1);
        let cute = layout!(((3,1),(1,1),(1,2)):((1,0),(1,0),(4,0)));
        let v = tiled_divide(&a, &t, &cute);
        assert_eq!(
            v,
            Verdict::Breaks(
                "tiled_divide: the answer's first mode has 3 elements where the tile has 4".into()
            )
        );
        let cute = layout!(((3,1),((1,1),(1,2))):((1,0),((1,0),(4,0))));
        assert!(zipped_divide(&a, &t, &cute).breaks());
        // the flat form has no tile mode: its size is checked
        let cute = layout!((3,1,1,1,1,2):(1,0,1,0,4,0));
        assert_eq!(
            flat_divide(&a, &t, &cute),
            Verdict::Breaks(
                "logical_divide: the answer has 6 elements where the definition has 8".into()
            )
        );
        // the lawful answers hold
        let a = layout!((_8,_4):(_1,_8));
        let t = tiler!(_4:_2);
        for (law, r) in [
            (
                tiled_divide as fn(&Layout, &Tiler, &Layout) -> Verdict,
                a.tiled_divide(&t),
            ),
            (zipped_divide, a.zipped_divide(&t)),
            (flat_divide, a.flat_divide(&t)),
        ] {
            assert_eq!(law(&a, &t, &r), Verdict::Holds, "{r}");
        }
    }

    /// A nested tuple tiler is checked index by index: the form lists the tiles of a mode's
    /// sub-modes, then their rests. rcute's answers hold; CuTe's flat divide of
    /// `((_6,_2),(4,_4)):((_32,_4),(_8,_1))` by `((_1:_1,4:_1),4:_3)` (where the dynamic
    /// extent 4 of the tile splits over the mode of 2) breaks at a named index, where the
    /// logical form it regroups is refused.
    #[test]
    fn a_nested_tuple_tiler_is_checked_index_by_index() {
        type Law = fn(&Layout, &Tiler, &Layout) -> Verdict;
        let a = layout!(((_6,_4),(4,_4)):((_32,_4),(_8,_1)));
        let t = tiler!(((_3:_1,_2:_1),_2:_1));
        let b = layout!(((_2,_2),_3):((_1,_2),_4));
        let u = tiler!(((_2:_1,_2:_1),_2:_1));
        let cases: [(Law, &Layout, &Tiler, Layout); 6] = [
            (tiled_divide, &a, &t, a.tiled_divide(&t)),
            (zipped_divide, &a, &t, a.zipped_divide(&t)),
            (flat_divide, &a, &t, a.flat_divide(&t)),
            (tiled_product, &b, &u, b.tiled_product(&u)),
            (zipped_product, &b, &u, b.zipped_product(&u)),
            (flat_product, &b, &u, b.flat_product(&u)),
        ];
        for (law, x, tiler, r) in cases {
            assert_eq!(law(x, tiler, &r), Verdict::Holds, "{r}");
        }
        let a = layout!(((_6,_2),(4,_4)):((_32,_4),(_8,_1)));
        let t = tiler!(((_1:_1,4:_1),4:_3));
        let cute = layout!(((_1,4),(2,2),(_6,1),((3,1),(1,2))):((_32,_4),(_24,1),(_32,16),((_8,1),(96,3))));
        assert_eq!(
            flat_divide(&a, &t, &cute),
            Verdict::Breaks("flat_divide: index 8 maps to 1 where the definition gives 17".into())
        );
    }

    /// A zipped or tiled product by one tile keeps `a` as its first mode.
    #[test]
    fn a_product_by_one_tile_keeps_the_layout_whole() {
        let a = layout!(_4:_1);
        let t = tiler!(_2:_1);
        let r = a.tiled_product(&t);
        assert_eq!(tiled_product(&a, &t, &r), Verdict::Holds, "{r}");
        // the same function, 8 indices in order, with a first mode of 2
        let wrong = layout!((_2,_4):(_1,_2));
        assert_eq!(
            tiled_product(&a, &t, &wrong),
            Verdict::Breaks(
                "tiled_product: the answer's first mode has 2 elements where the layout has 4"
                    .into()
            )
        );
    }
}
