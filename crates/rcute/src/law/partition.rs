//! The laws of partitioning: where CuTe says the tiles of a layout (`local_tile`) or the
//! threads' partitions (`local_partition`) split it, every element lies in exactly one of
//! them, at its own offset.
//!
//! CuTe says so where the tiler, or the thread layout's shape, evenly divides the layout's
//! shape (otherwise the last tiles reach past it), and, for threads, where the thread
//! layout is a bijection onto `[0, size)` (so that the thread indices name every thread
//! coordinate once). Elsewhere the checks answer [`Verdict::Unchecked`].

use super::{Func, LIMIT, Verdict, func};
use crate::algebra::Tiler;
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;
use alloc::format;
use alloc::vec::Vec;

/// The offsets of `a`, one per index, sorted.
fn offsets(f: &Func) -> Vec<i128> {
    let mut v: Vec<i128> = (0..f.size() as i128).map(|i| f.at(i)).collect();
    v.sort_unstable();
    v
}

/// Every part's offsets (its layout's offsets plus its origin), gathered and compared
/// with `a`'s, as multisets.
fn covers(what: &str, a: &Layout, parts: &[(Layout, IntTuple)]) -> Verdict {
    let want = offsets(&func!(a));
    let mut got = Vec::with_capacity(want.len());
    for (k, (p, off)) in parts.iter().enumerate() {
        let Some(off) = off.as_int() else {
            return Verdict::Unchecked("an origin that is not an integer");
        };
        let f = func!(p);
        if got.len() + f.size() > LIMIT {
            return Verdict::Unchecked("a domain larger than law::LIMIT");
        }
        if got.len() + f.size() > want.len() {
            return Verdict::Breaks(format!(
                "{what}: the parts up to {k} hold more than the {} elements of {a}",
                want.len()
            ));
        }
        got.extend((0..f.size() as i128).map(|j| f.at(j) + off.value() as i128));
    }
    got.sort_unstable();
    if got.len() != want.len() {
        return Verdict::Breaks(format!(
            "{what}: the parts hold {} elements where {a} has {}",
            got.len(),
            want.len()
        ));
    }
    match got.iter().zip(&want).find(|(g, w)| g != w) {
        None => Verdict::Holds,
        Some((g, w)) => Verdict::Breaks(format!(
            "{what}: the parts of {a} hold offset {g} where {a} has {w} (sorted, an element is missing or taken twice)"
        )),
    }
}

/// Whether `shape` is evenly divided by `by`, mode by mode.
fn divides(shape: &IntTuple, by: &IntTuple) -> bool {
    shape.try_evenly_divides(by).is_ok_and(|x| x.value() == 1)
}

/// `local_tile(a, tiler, k)` over every tile `k`: where `tiler` evenly divides `a`'s shape,
/// the tiles hold every element of `a` once.
///
/// ```
/// use rcute::{law, layout, tiler};
/// let a = layout!((_8,(_2,_6)):(_12,(_1,_2)));
/// assert!(law::local_tile_covers(&a, &tiler!((_4,_3))).holds());
/// ```
pub fn local_tile_covers(a: &Layout, tiler: &Tiler) -> Verdict {
    let tiled = match a.try_zipped_divide(tiler) {
        Ok(t) => t,
        Err(_) => return Verdict::Unchecked("a tiler that does not divide the layout"),
    };
    let (Ok(tile), Ok(rest)) = (tiled.try_mode(0), tiled.try_mode(1)) else {
        return Verdict::Unchecked("a tiler that does not divide the layout");
    };
    let (Ok(n_tile), Ok(n_rest), Ok(n)) = (tile.try_size(), rest.try_size(), a.try_size()) else {
        return Verdict::Unchecked("sizes that overflow");
    };
    // evenly: the tiles hold as many elements as the layout
    if n_tile.value().checked_mul(n_rest.value()) != Some(n.value()) {
        return Verdict::Unchecked("a tiler that does not evenly divide the layout");
    }
    if n_rest.value() as usize > LIMIT || n.value() as usize > LIMIT {
        return Verdict::Unchecked("a domain larger than law::LIMIT");
    }
    let mut parts = Vec::with_capacity(n_rest.value() as usize);
    for k in 0..n_rest.value() {
        match a.try_local_tile(tiler, &IntTuple::from_int(Int::dynamic(k)), None) {
            Ok(p) => parts.push(p),
            Err(_) => return Verdict::Unchecked("a tile that rcute refuses"),
        }
    }
    covers("local_tile", a, &parts)
}

/// `local_partition(a, thr, i)` over every thread `i < size(thr)`: where `thr` is a
/// bijection onto `[0, size(thr))` and its shape evenly divides `a`'s, the threads'
/// partitions hold every element of `a` once.
///
/// ```
/// use rcute::{law, layout};
/// let a = layout!((_8,_8):(_8,_1));
/// assert!(law::local_partition_covers(&a, &layout!((_2,_4):(_4,_1))).holds());
/// ```
pub fn local_partition_covers(a: &Layout, thr: &Layout) -> Verdict {
    let t = func!(thr);
    if offsets(&t) != (0..t.size() as i128).collect::<Vec<_>>() {
        return Verdict::Unchecked("a thread layout that is not a bijection onto [0, size)");
    }
    if !divides(a.shape_ref(), thr.shape_ref()) {
        return Verdict::Unchecked("a thread layout that does not evenly divide the layout");
    }
    let mut parts = Vec::with_capacity(t.size());
    for i in 0..t.size() as i64 {
        match a.try_local_partition(thr, i, None) {
            Ok(p) => parts.push(p),
            Err(_) => return Verdict::Unchecked("a partition that rcute refuses"),
        }
    }
    covers("local_partition", a, &parts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_or_doubled_element_breaks_the_cover() {
        let a = crate::layout!((_4,_2):(_2,_1));
        let part = |k: i64| {
            a.try_local_partition(&crate::layout!(_2:_1), k, None)
                .unwrap()
        };
        assert!(covers("t", &a, &[part(0), part(1)]).holds());
        // thread 0 twice: offsets doubled and others missing
        assert!(covers("t", &a, &[part(0), part(0)]).breaks());
        // one thread left out
        assert!(covers("t", &a, &[part(1)]).breaks());
        // a shifted origin
        let (l, _) = part(1);
        assert!(
            covers(
                "t",
                &a,
                &[part(0), (l, IntTuple::from_int(Int::dynamic(7)))]
            )
            .breaks()
        );
    }
}
