//! The products, staged (see [`super::modes`] for how): the twin of `crate::algebra::product`.
//!
//! Where the run-time algebra takes a shortcut that changes the order in which errors are
//! found (the by-mode divides and compositions copy a single-mode mode's tile in place),
//! staging takes the same shortcut, so that a program reports the first error the
//! run-time algebra reports.

use super::complement::complement;
use super::composition::compose_flat_into;
use super::modes::{Cotarget, Modes, cosize, size};
use super::program::Program;
use crate::algebra::builder::LayoutBuilder;
use crate::algebra::product::zip_modes;
use crate::algebra::tiler::{Tiler, TilerKind};
use crate::error::{Error, tri};
use crate::layout::Layout;
use crate::tuple::Node;

const RANK_PRODUCT: Error = Error::WrongKind {
    msg: "typed: blocked_product/raked_product: the block and the repeat have different ranks (CuTe refuses it too)",
};

/// `logical_product(a, b)` for a layout `b`: `(a, complement(a, size(a)*cosize(b)) ∘ b)`.
const fn logical_product_by(p: &mut Program, a: &Layout, b: &Layout) -> Result<Layout, Error> {
    let sa = tri!(size(p, a));
    let cb = tri!(cosize(p, b));
    let cotarget = tri!(p.mul(sa, cb));
    let mut out = LayoutBuilder::new();
    tri!(out.open());
    tri!(out.push_layout(a));
    let c = tri!(complement(p, a, Cotarget::Int(cotarget)));
    tri!(compose_flat_into(p, &mut out, &Modes::leaves(&c), b));
    tri!(out.close());
    out.finish()
}

/// `logical_product(a, tiler)` (see `algebra::product`).
pub(crate) const fn logical_product(
    p: &mut Program,
    a: &Layout,
    t: &Tiler,
) -> Result<Layout, Error> {
    match t.kind() {
        TilerKind::Layout(b) => logical_product_by(p, a, b),
        TilerKind::Underscore => Ok(*a),
        TilerKind::Integer(_) => logical_product(p, a, &Tiler::layout(*t.inner_layout())),
        TilerKind::Tuple => {
            let rt = t.rank();
            let rl = a.rank();
            if rt > rl {
                return Err(Error::RankMismatch {
                    msg: "logical_product: too many modes in the tiler",
                    expected: rl,
                    found: rt,
                });
            }
            let mut b = LayoutBuilder::new();
            tri!(b.open());
            let mut i = 0;
            while i < rl {
                let mode = tri!(a.try_mode(i));
                if i < rt {
                    let r = match t.element_layout(i) {
                        Some(e) => tri!(logical_product_by(p, &mode, &e)),
                        None => tri!(logical_product(p, &mode, &tri!(t.try_element(i)))),
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

/// `blocked_product(a, b)` (`raked` false) or `raked_product(a, b)`: both padded to the
/// larger rank, their logical product zipped mode by mode.
pub(crate) const fn rank_product(
    p: &mut Program,
    a: &Layout,
    b: &Layout,
    raked: bool,
) -> Result<Layout, Error> {
    let r = if a.rank() > b.rank() {
        a.rank()
    } else {
        b.rank()
    };
    let pa = if a.rank() == r {
        *a
    } else {
        tri!(a.try_append_to(r, None))
    };
    let pb = if b.rank() == r {
        *b
    } else {
        tri!(b.try_append_to(r, None))
    };
    let prod = tri!(logical_product_by(p, &pa, &pb));
    let n0 = prod.shape_ref().first_child(Node::ROOT);
    let n1 = prod.shape_ref().node_end(n0);
    let z = if raked {
        zip_modes(&prod, n1, n0)
    } else {
        zip_modes(&prod, n0, n1)
    };
    match z {
        Err(Error::RankMismatch { .. }) => Err(RANK_PRODUCT),
        other => other,
    }
}
