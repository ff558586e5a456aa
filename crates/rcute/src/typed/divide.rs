//! The divides, staged (see [`super::modes`] for how): the twin of `crate::algebra::divide`.
//!
//! Where the run-time algebra takes a shortcut that changes the order in which errors are
//! found (the by-mode divides and compositions copy a single-mode mode's tile in place),
//! staging takes the same shortcut, so that a program reports the first error the
//! run-time algebra reports.

use super::complement::complement;
use super::composition::{compose_leaf, composition, sub_layout};
use super::modes::{Cotarget, Modes, coalesce};
use super::program::Program;
use crate::algebra::builder::{LayoutBuilder, pair};
use crate::algebra::divide::zip2_by;
use crate::algebra::tiler::{PairWalk, Tiler, TilerKind};
use crate::error::{Error, tri};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::Node;

/// The flat modes `f` composed with a single mode `_:d`, as the next mode of `b`.
const fn push_flat_composed(
    p: &mut Program,
    b: &mut LayoutBuilder,
    d: Int,
    f: &Modes,
) -> Result<(), Error> {
    let tuple = f.n != 1;
    if tuple {
        tri!(b.open());
    }
    let mut i = 0;
    while i < f.n {
        let e = f.d[i];
        let e = if e.is_constant(0) {
            e
        } else {
            tri!(p.mul(e, d))
        };
        tri!(b.push_mode(f.s[i], e));
        i += 1;
    }
    if tuple {
        tri!(b.close());
    }
    Ok(())
}

/// The rest of a single-mode mode `s:d` divided by the tiler element at node `e`:
/// `s:d ∘ complement(e, s)`, as the next mode of `b`.
const fn push_rest(
    p: &mut Program,
    b: &mut LayoutBuilder,
    t: &Tiler,
    s: Int,
    d: Int,
    e: Node,
) -> Result<(), Error> {
    let c = tri!(complement(
        p,
        &sub_layout(t.inner_layout(), e),
        Cotarget::Int(s)
    ));
    push_flat_composed(p, b, d, &Modes::leaves(&c))
}

/// `logical_divide(a, tiler)` (see `algebra::divide`).
pub(crate) const fn logical_divide(
    p: &mut Program,
    a: &Layout,
    t: &Tiler,
) -> Result<Layout, Error> {
    match t.kind() {
        TilerKind::Layout(tl) => {
            let target = if a.shape_ref().is_leaf() {
                *a.shape_ref()
            } else {
                tri!(coalesce(p, a)).shape()
            };
            let c = tri!(complement(p, tl, Cotarget::Shape(&target)));
            let b = tri!(pair(tl, &c));
            composition(p, a, &b)
        }
        TilerKind::Underscore => Ok(*a),
        TilerKind::Integer(_) => logical_divide(p, a, &Tiler::layout(*t.inner_layout())),
        TilerKind::Tuple => {
            let rt = t.rank();
            let rl = a.rank();
            if rt > rl {
                return Err(Error::RankMismatch {
                    msg: "logical_divide: too many modes in the tiler",
                    expected: rl,
                    found: rt,
                });
            }
            let mut b = LayoutBuilder::new();
            tri!(b.open());
            let mut walk = PairWalk::new(a, t);
            let mut i = 0;
            while i < rl {
                if let Some((s, d, e)) = walk.single(a, t, i) {
                    tri!(b.open());
                    let tile = tri!(compose_leaf(p, d, &sub_layout(t.inner_layout(), e)));
                    tri!(b.push_layout(&tile));
                    tri!(push_rest(p, &mut b, t, s, d, e));
                    tri!(b.close());
                    walk.advance(a, t, i);
                    i += 1;
                    continue;
                }
                walk.advance(a, t, i);
                let mode = tri!(a.try_mode(i));
                if i < rt {
                    let r = match t.element_layout(i) {
                        Some(e) => tri!(logical_divide(p, &mode, &Tiler::layout(e))),
                        None => tri!(logical_divide(p, &mode, &tri!(t.try_element(i)))),
                    };
                    tri!(b.push_layout(&r));
                } else {
                    tri!(b.push_layout(&mode));
                }
                i += 1;
            }
            tri!(b.close());
            b.finish()
        }
    }
}

/// `zipped_divide(a, tiler)`: the tiles of a tiler whose elements each divide a
/// single-mode mode are built in place, tiles first; otherwise `logical_divide`, zipped.
pub(crate) const fn zipped_divide(p: &mut Program, a: &Layout, t: &Tiler) -> Result<Layout, Error> {
    if let Some(z) = tri!(zipped_divide_single(p, a, t)) {
        return Ok(z);
    }
    let d = tri!(logical_divide(p, a, t));
    zip2_by(&d, t.guide())
}

/// The in-place form of [`zipped_divide`], or `None` where it does not apply (decided on
/// the structure alone, before anything is recorded).
const fn zipped_divide_single(
    p: &mut Program,
    a: &Layout,
    t: &Tiler,
) -> Result<Option<Layout>, Error> {
    let (rt, rl) = (t.rank(), a.rank());
    if !t.is_tuple() || rt > rl {
        return Ok(None);
    }
    // every element must take the in-place form
    let mut walk = PairWalk::new(a, t);
    let mut i = 0;
    while i < rt {
        if walk.single(a, t, i).is_none() {
            return Ok(None);
        }
        walk.advance(a, t, i);
        i += 1;
    }
    let mut b = LayoutBuilder::new();
    tri!(b.open());
    tri!(b.open());
    let mut walk = PairWalk::new(a, t);
    let mut i = 0;
    while i < rt {
        if let Some((_, d, e)) = walk.single(a, t, i) {
            let tile = tri!(compose_leaf(p, d, &sub_layout(t.inner_layout(), e)));
            tri!(b.push_layout(&tile));
        }
        walk.advance(a, t, i);
        i += 1;
    }
    tri!(b.close());
    tri!(b.open());
    let mut walk = PairWalk::new(a, t);
    let mut i = 0;
    while i < rl {
        if let Some((s, d, e)) = walk.single(a, t, i) {
            tri!(push_rest(p, &mut b, t, s, d, e));
        } else {
            tri!(b.push_sub(a, walk.mode()));
        }
        walk.advance(a, t, i);
        i += 1;
    }
    tri!(b.close());
    tri!(b.close());
    Ok(Some(tri!(b.finish())))
}
