//! The products: `logical_product` and its rearrangements `zipped_product`,
//! `tiled_product`, `flat_product`, the rank-sensitive `blocked_product` and
//! `raked_product`, and `tile_to_shape`.
//!
//! `logical_product(A, B) = (A, composition(complement(A, size(A)*cosize(B)), B))`: mode 0
//! is `A` itself, mode 1 repeats it in the layout of `B`.

use crate::algebra::builder::LayoutBuilder;
use crate::algebra::complement::{Cotarget, complement_into};
use crate::algebra::composition::{compose_flat_into, composition_general_into};
use crate::algebra::divide::{unpack, zip2_by};
use crate::algebra::modes::{Flat, Sink};
use crate::algebra::tiler::{Tiler, TilerKind};
use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::{IntTuple, Major, Node};

/// CuTe's `zip(a, b)` of the two modes of `p` at nodes `a` and `b`: `((a, b))` when `a`
/// is an integral mode, else `((a0, b0), (a1, b1), ...)`; the sub-layouts are copied
/// straight from `p`.
pub(crate) const fn zip_modes(p: &Layout, a: Node, b: Node) -> Result<Layout, Error> {
    let mut lb = LayoutBuilder::new();
    tri!(zip_modes_into(p, a, b, &mut lb));
    lb.finish()
}

/// [`zip_modes`] written into `lb`, an empty builder.
const fn zip_modes_into(p: &Layout, a: Node, b: Node, lb: &mut LayoutBuilder) -> Result<(), Error> {
    let s = p.shape_ref();
    tri!(lb.open());
    if s.is_leaf_node(a) {
        tri!(lb.open());
        tri!(lb.push_sub(p, a));
        tri!(lb.push_sub(p, b));
        tri!(lb.close());
    } else {
        let ra = s.rank_at(a);
        let rb = if s.is_leaf_node(b) { 1 } else { s.rank_at(b) };
        if s.is_leaf_node(b) || ra != rb {
            return Err(Error::RankMismatch {
                msg: "zip: the layouts have different ranks",
                expected: ra,
                found: rb,
            });
        }
        let mut ca = s.first_child(a);
        let mut cb = s.first_child(b);
        let mut i = 0;
        while i < ra {
            tri!(lb.open());
            tri!(lb.push_sub(p, ca));
            tri!(lb.push_sub(p, cb));
            tri!(lb.close());
            ca = s.node_end(ca);
            cb = s.node_end(cb);
            i += 1;
        }
    }
    lb.close()
}

/// [`zip_modes_into`] of the root modes of two layouts, `a` then `b` (the modes of the
/// pair `(a, b)`, read where they are): `((a, b))` when `a` is integral, else `((a0, b0),
/// (a1, b1), ...)`; integral sub-modes are pushed as leaf pairs. Ranks that differ are an
/// error (the caller's general path decides what they mean).
const fn zip_two_into(a: &Layout, b: &Layout, lb: &mut LayoutBuilder) -> Result<(), Error> {
    let (sa, sb) = (a.shape_ref(), b.shape_ref());
    tri!(lb.open());
    if sa.is_leaf_node(Node::ROOT) {
        tri!(lb.open());
        tri!(lb.push_sub_mode(a, Node::ROOT));
        tri!(lb.push_sub_mode(b, Node::ROOT));
        tri!(lb.close());
        return lb.close();
    }
    if sb.is_leaf_node(Node::ROOT) {
        return Err(Error::RankMismatch {
            msg: "zip: the layouts have different ranks",
            expected: sa.rank(),
            found: 1,
        });
    }
    let mut ca = sa.first_child(Node::ROOT);
    let mut cb = sb.first_child(Node::ROOT);
    while !sa.is_close(ca) {
        if sb.is_close(cb) {
            return Err(Error::RankMismatch {
                msg: "zip: the layouts have different ranks",
                expected: sa.rank(),
                found: sb.rank(),
            });
        }
        tri!(lb.open());
        tri!(lb.push_sub_mode(a, ca));
        tri!(lb.push_sub_mode(b, cb));
        tri!(lb.close());
        ca = sa.node_end(ca);
        cb = sb.node_end(cb);
    }
    if !sb.is_close(cb) {
        return Err(Error::RankMismatch {
            msg: "zip: the layouts have different ranks",
            expected: sa.rank(),
            found: sb.rank(),
        });
    }
    lb.close()
}

/// What ordering the repeats of `tile_to_shape` follow.
// Passed by reference; an inline tuple keeps it usable in `const` code.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileOrder {
    /// Compact in this major order (CuTe's default `LayoutLeft`, or `LayoutRight`).
    Major(Major),
    /// Compact in the order of this tuple (CuTe's `Step<...>`, as for
    /// [`Layout::try_ordered`]).
    Order(IntTuple),
}

impl Layout {
    /// The product of `self` with a tiler (CuTe's `logical_product`): for a layout `B`, the
    /// rank-2 layout `(self, complement(self, size(self)*cosize(B)) ∘ B)`; a tuple tiler works
    /// mode by mode (modes beyond it are kept); an integer `n` is `n:_1`; `_` keeps the mode.
    ///
    /// ```
    /// use rcute::{layout, tiler};
    /// let a = layout!((_2,_2):(_4,_1));
    /// assert_eq!(a.logical_product(&tiler!(_6:_1)).to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
    /// assert_eq!(a.logical_product(&tiler!((_4,_2):(_2,_1))).to_string(), "((_2,_2),(_4,_2)):((_4,_1),(_8,_2))");
    /// ```
    pub const fn try_logical_product(&self, t: &Tiler) -> Result<Layout, Error> {
        match t.kind() {
            TilerKind::Layout(b) => self.logical_product_by(b),
            TilerKind::Underscore => Ok(*self),
            TilerKind::Integer(_) => self.try_logical_product(&Tiler::layout(*t.inner_layout())),
            TilerKind::Tuple => {
                let rt = t.rank();
                let rl = self.rank();
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
                    let mode = tri!(self.try_mode(i));
                    if i < rt {
                        let r = match t.element_layout(i) {
                            Some(e) => tri!(mode.try_logical_product(&Tiler::layout(e))),
                            None => tri!(mode.try_logical_product(&tri!(t.try_element(i)))),
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

    /// [`Layout::try_logical_product`] by a layout `b`: `(self, complement(self,
    /// size(self)*cosize(b)) ∘ b)`, the composition written in place.
    const fn logical_product_by(&self, b: &Layout) -> Result<Layout, Error> {
        let cotarget = tri!(tri!(self.try_size()).try_mul(tri!(b.try_cosize())));
        let mut out = LayoutBuilder::new();
        tri!(out.open());
        // a few tokens are copied one by one for less than the slice copies cost
        // (measured: 8 tokens, not 9)
        if self.shape_ref().token_count() <= 8 {
            tri!(out.push_sub_mode(self, Node::ROOT));
        } else {
            tri!(out.push_layout(self));
        }
        tri!(self.repeat_into(b, cotarget, &mut out));
        tri!(out.close());
        out.finish()
    }

    /// The repeat mode of [`Layout::logical_product_by`], `complement(self, cotarget) ∘ b`
    /// with `cotarget = size(self)*cosize(b)`, written as the next mode of `out`.
    #[inline(always)]
    const fn repeat_into(
        &self,
        b: &Layout,
        cotarget: Int,
        out: &mut LayoutBuilder,
    ) -> Result<(), Error> {
        if b.has_basis_strides() {
            // composed along `b`'s coprofile, which needs the complement as a layout
            let c = tri!(self.try_complement(&IntTuple::from_int(cotarget)));
            composition_general_into(&c, b, out)
        } else {
            // the complement as flat modes, composed without building it as a layout
            let mut c = Flat::new();
            tri!(complement_into(
                self,
                Node::ROOT,
                Cotarget::Int(cotarget),
                Sink::Flat(&mut c)
            ));
            compose_flat_into(&c, b, out)
        }
    }

    /// [`Layout::try_logical_product`], panicking with the error's message.
    #[track_caller]
    pub const fn logical_product(&self, t: &Tiler) -> Layout {
        unwrap_or_panic!(self.try_logical_product(t))
    }

    /// [`Layout::try_logical_product`] with the blocks gathered into mode 0 and the
    /// repeats into mode 1 (CuTe's `zipped_product`).
    ///
    /// ```
    /// use rcute::{layout, tiler};
    /// let a = layout!((_2,_5):(_5,_1));
    /// assert_eq!(a.zipped_product(&tiler!((_3:_5, _4:_6))).to_string(), "((_2,_5),(_3,_4)):((_5,_1),(_10,_30))");
    /// ```
    pub const fn try_zipped_product(&self, t: &Tiler) -> Result<Layout, Error> {
        let p = tri!(self.try_logical_product(t));
        zip2_by(&p, t.guide())
    }

    /// [`Layout::try_zipped_product`], panicking with the error's message.
    #[track_caller]
    pub const fn zipped_product(&self, t: &Tiler) -> Layout {
        unwrap_or_panic!(self.try_zipped_product(t))
    }

    /// [`Layout::try_zipped_product`] with the repeat mode unpacked (CuTe's
    /// `tiled_product`).
    ///
    /// ```
    /// use rcute::{layout, tiler};
    /// let a = layout!((_2,_5):(_5,_1));
    /// assert_eq!(a.tiled_product(&tiler!((_3,_4):(_1,_3))).to_string(), "((_2,_5),_3,_4):((_5,_1),_10,_30)");
    /// ```
    pub const fn try_tiled_product(&self, t: &Tiler) -> Result<Layout, Error> {
        unpack(&tri!(self.try_zipped_product(t)), false)
    }

    /// [`Layout::try_tiled_product`], panicking with the error's message.
    #[track_caller]
    pub const fn tiled_product(&self, t: &Tiler) -> Layout {
        unwrap_or_panic!(self.try_tiled_product(t))
    }

    /// [`Layout::try_zipped_product`] with both modes unpacked (CuTe's `flat_product`).
    ///
    /// ```
    /// use rcute::{layout, tiler};
    /// let a = layout!((_2,_5):(_5,_1));
    /// assert_eq!(a.flat_product(&tiler!((_3,_4):(_1,_3))).to_string(), "(_2,_5,_3,_4):(_5,_1,_10,_30)");
    /// ```
    pub const fn try_flat_product(&self, t: &Tiler) -> Result<Layout, Error> {
        unpack(&tri!(self.try_zipped_product(t)), true)
    }

    /// [`Layout::try_flat_product`], panicking with the error's message.
    #[track_caller]
    pub const fn flat_product(&self, t: &Tiler) -> Layout {
        unwrap_or_panic!(self.try_flat_product(t))
    }

    /// `blocked_product` (or with `raked`, `raked_product`): both layouts padded to the
    /// larger rank, then `zip` of the two modes of their logical product. Computed by
    /// [`Layout::rank_product_direct`]; where that fails, by the definition
    /// ([`Layout::rank_product_general`]), for its error.
    const fn rank_product(&self, b: &Layout, raked: bool) -> Result<Layout, Error> {
        match self.rank_product_direct(b, raked) {
            Ok(l) => Ok(l),
            Err(_) => self.rank_product_general(b, raked),
        }
    }

    /// [`Layout::rank_product`] without the product as a layout: the repeat mode is
    /// written alone, and the block's modes and the repeat's are zipped straight from
    /// the (padded) block and the repeat. The same answer as
    /// [`Layout::rank_product_general`] wherever it answers (a test compares the two);
    /// any error here, also one the definition would not give (a capacity reached in
    /// another order, CuTe's ranks that differ), is left to the definition.
    const fn rank_product_direct(&self, b: &Layout, raked: bool) -> Result<Layout, Error> {
        let r = if self.rank() > b.rank() {
            self.rank()
        } else {
            b.rank()
        };
        let (pa, pb);
        let a = if self.rank() == r {
            self
        } else {
            pa = self.try_append_to(r, None);
            match &pa {
                Ok(l) => l,
                Err(e) => return Err(*e),
            }
        };
        let bb = if b.rank() == r {
            b
        } else {
            pb = b.try_append_to(r, None);
            match &pb {
                Ok(l) => l,
                Err(e) => return Err(*e),
            }
        };
        let cotarget = tri!(tri!(a.try_size()).try_mul(tri!(bb.try_cosize())));
        let mut rep = LayoutBuilder::new();
        tri!(a.repeat_into(bb, cotarget, &mut rep));
        let rl = rep.layout();
        let mut out = LayoutBuilder::new();
        if raked {
            tri!(zip_two_into(rl, a, &mut out));
        } else {
            tri!(zip_two_into(a, rl, &mut out));
        }
        out.finish()
    }

    /// [`Layout::rank_product`] by its definition: the product `(block, repeat)` of the
    /// padded layouts built, then its two modes zipped.
    const fn rank_product_general(&self, b: &Layout, raked: bool) -> Result<Layout, Error> {
        let r = if self.rank() > b.rank() {
            self.rank()
        } else {
            b.rank()
        };
        // padding to rank r leaves a layout of rank r as it is; the padded layouts and the
        // product are read where they were returned (no copies)
        let (pa, pb);
        let a = if self.rank() == r {
            self
        } else {
            pa = self.try_append_to(r, None);
            match &pa {
                Ok(l) => l,
                Err(e) => return Err(*e),
            }
        };
        let bb = if b.rank() == r {
            b
        } else {
            pb = b.try_append_to(r, None);
            match &pb {
                Ok(l) => l,
                Err(e) => return Err(*e),
            }
        };
        let pr = a.logical_product_by(bb);
        let p = match &pr {
            Ok(p) => p,
            Err(e) => return Err(*e),
        };
        // p is the pair (block, repeat)
        let n0 = p.shape_ref().first_child(Node::ROOT);
        let n1 = p.shape_ref().node_end(n0);
        let (first, second) = if raked { (n1, n0) } else { (n0, n1) };
        // Beyond CuTe: with dynamic size-1 modes the repeat mode can come out with another
        // rank than the block, and CuTe's zip does not compile; the same product with every
        // value static is well-formed.
        let mut out = LayoutBuilder::new();
        match zip_modes_into(p, first, second, &mut out) {
            Ok(()) => out.finish(),
            Err(Error::RankMismatch { .. }) if !(self.is_static() && b.is_static()) => {
                let s = tri!(self.to_static().rank_product(&b.to_static(), raked));
                Ok(s.to_dynamic())
            }
            Err(e) => Err(e),
        }
    }

    /// Repeats `self` as a block over the layout `b`: mode `i` of the result is
    /// `(self_i, repeat_i)` (CuTe's `blocked_product`; not coalesced, as in CuTe 4.x).
    ///
    /// ```
    /// use rcute::layout;
    /// let a = layout!((_2,_5):(_5,_1));
    /// assert_eq!(a.blocked_product(&layout!((_3,_4):(_1,_3))).to_string(), "((_2,_3),(_5,_4)):((_5,_10),(_1,_30))");
    /// ```
    pub const fn try_blocked_product(&self, b: &Layout) -> Result<Layout, Error> {
        self.rank_product(b, false)
    }

    /// [`Layout::try_blocked_product`], panicking with the error's message.
    #[track_caller]
    pub const fn blocked_product(&self, b: &Layout) -> Layout {
        unwrap_or_panic!(self.try_blocked_product(b))
    }

    /// Interleaves the repeats of `self` over the layout `b`: mode `i` of the result is
    /// `(repeat_i, self_i)` (CuTe's `raked_product`).
    ///
    /// ```
    /// use rcute::layout;
    /// let a = layout!((_2,_5):(_5,_1));
    /// assert_eq!(a.raked_product(&layout!((_3,_4):(_1,_3))).to_string(), "((_3,_2),(_4,_5)):((_10,_5),(_30,_1))");
    /// ```
    pub const fn try_raked_product(&self, b: &Layout) -> Result<Layout, Error> {
        self.rank_product(b, true)
    }

    /// [`Layout::try_raked_product`], panicking with the error's message.
    #[track_caller]
    pub const fn raked_product(&self, b: &Layout) -> Layout {
        unwrap_or_panic!(self.try_raked_product(b))
    }

    /// Repeats `self` until it has the shape `target` (CuTe's `tile_to_shape`), the
    /// repeats compact in `order` (CuTe's default is `LayoutLeft`).
    ///
    /// # Errors
    /// The block has more modes than the target, or does not divide it (CuTe asserts this
    /// for static targets; rcute checks the values).
    ///
    /// ```
    /// use rcute::{layout, int_tuple, Major, TileOrder};
    /// let b = layout!((_2,_2):(_1,_2));
    /// let left = TileOrder::Major(Major::Left);
    /// assert_eq!(b.tile_to_shape(&int_tuple!((_4,_6)), &left).to_string(), "((_2,_2),(_2,_3)):((_1,_4),(_2,_8))");
    /// let step = TileOrder::Order(int_tuple!((_2,_1)));
    /// assert_eq!(b.tile_to_shape(&int_tuple!((_4,_6)), &step).to_string(), "((_2,_2),(_2,_3)):((_1,_12),(_2,_4))");
    /// ```
    pub const fn try_tile_to_shape(
        &self,
        target: &IntTuple,
        order: &TileOrder,
    ) -> Result<Layout, Error> {
        if self.rank() > target.rank() {
            return Err(Error::RankMismatch {
                msg: "tile_to_shape: the block has more modes than the target shape",
                expected: target.rank(),
                found: self.rank(),
            });
        }
        let r = target.rank();
        let padded = tri!(self.try_append_to(r, None));
        let block_shape = tri!(padded.shape().try_product_each());
        let target_shape = tri!(target.try_product_each());
        let divides = tri!(target_shape.try_evenly_divides(&block_shape));
        if !divides.truth() {
            return Err(Error::Precondition {
                msg: "tile_to_shape: the block shape does not divide the target shape",
                mode: -1,
                lhs: tri!(target_shape.try_product()).value(),
                rhs: tri!(block_shape.try_product()).value(),
            });
        }
        let product_shape = tri!(target_shape.try_ceil_div(&block_shape));
        let repeats = match order {
            TileOrder::Major(m) => tri!(Layout::try_with_major(product_shape, *m)),
            TileOrder::Order(o) => tri!(Layout::try_ordered(product_shape, *o)),
        };
        padded.try_blocked_product(&repeats)
    }

    /// [`Layout::try_tile_to_shape`], panicking with the error's message.
    #[track_caller]
    pub const fn tile_to_shape(&self, target: &IntTuple, order: &TileOrder) -> Layout {
        unwrap_or_panic!(self.try_tile_to_shape(target, order))
    }
}

#[cfg(test)]
mod tests {
    use crate::algebra::builder::pair;
    use crate::algebra::testgen::Gen;
    use crate::{IntTuple, Layout, Tiler};

    /// The blocked and raked products zipped straight from the block and the repeat give
    /// the definition's answer (the product built, then zipped) wherever they answer,
    /// static bits included, on random layouts of rank 1 to 3 and depth up to 2; where
    /// they fail, the operation answers the definition's error.
    #[test]
    fn rank_product_direct_is_the_definition() {
        let mut g = Gen(47);
        let (mut compared, mut direct) = (0, 0);
        for _ in 0..6000 {
            let a = g.layout(2);
            let b = g.layout(2);
            for raked in [false, true] {
                let want = a.rank_product_general(&b, raked);
                let got = a.rank_product_direct(&b, raked);
                if let Ok(l) = got {
                    assert_eq!(Ok(l), want, "{a} {b} raked {raked}");
                    direct += 1;
                }
                assert_eq!(a.rank_product(&b, raked), want, "{a} {b} raked {raked}");
                compared += 1;
            }
        }
        assert_eq!(compared, 12_000);
        assert!(direct > 1_500, "{direct} direct");
    }

    /// `logical_product` by a layout (the flat-mode path for integer strides, the
    /// layout path for scaled-basis strides) gives `(A, complement(A, size(A)*cosize(B))
    /// ∘ B)` built from the public operations, errors included.
    #[test]
    fn logical_product_by_a_layout_matches_its_definition() {
        let layouts = [
            "(_2,_2):(_1,_2)",
            "_4:_2",
            "(4,3):(1,4)",
            "((_2,_4),_8):((_1,_2),_8)",
            "(_3,_5):(_5,_1)",
            "_1:_0",
        ];
        let tilers = [
            "_2:_1",
            "(_2,_4):(_4,_1)",
            "(3,2):(1,3)",
            "_2:_1@0",
            "(_2,_3):(_1@0,_1@1)",
            "_3:_0",
        ];
        let mut compared = 0;
        for a in layouts {
            let a = Layout::try_parse(a).unwrap();
            for b in tilers {
                let bl = Layout::try_parse(b).unwrap();
                let want = a
                    .try_size()
                    .and_then(|s| s.try_mul(bl.try_cosize()?))
                    .and_then(|c| a.try_complement(&IntTuple::from_int(c)))
                    .and_then(|c| c.try_composition(&bl))
                    .and_then(|r| pair(&a, &r));
                let got = a.try_logical_product(&Tiler::try_parse(b).unwrap());
                assert_eq!(got, want, "logical_product({a}, {b})");
                compared += 1;
            }
        }
        assert_eq!(compared, 36);
    }
}
