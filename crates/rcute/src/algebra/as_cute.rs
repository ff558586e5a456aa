//! What CuTe C++ answers where rcute refuses: composition, the divides and the products
//! as CuTe writes them, with only CuTe's own checks (its static assertions), so that the
//! answer is byte for byte what CuTe prints, lawful or not.
//!
//! rcute's algebra refuses an answer that is not its operation's function (DESIGN.md §1):
//! CuTe checks a weaker stride divisibility condition than composition needs, checks the
//! shape divisibility condition only on static values, does not check that a tuple tiler's
//! modes stay out of one another's way, nor that a complement covers its cotarget. The
//! functions here are CuTe's definitions over [`Layout::try_composition_as_cute`] and
//! [`Layout::try_complement_as_cute`]; everything else is rcute's (lawful and identical
//! to CuTe's). They are for someone debugging a CuTe kernel who needs CuTe's answer even
//! where it is wrong; the language shows them next to its refusal and under `--as-cute`.

use crate::algebra::builder::{LayoutBuilder, pair};
use crate::algebra::composition::{composition_general_with, composition_integer_with};
use crate::algebra::divide::{unpack, zip2_by};
use crate::algebra::product::zip_modes;
use crate::algebra::tiler::{Tiler, TilerKind};
use crate::error::Error;
use crate::layout::Layout;
use crate::tuple::{IntTuple, Node};

/// CuTe's `transform_layout(layout, tiler, f)`: `f` on each mode of `l` that the tuple
/// tiler `t` reaches, the modes beyond it kept (or dropped, with `drop_rest`).
fn by_mode(
    l: &Layout,
    t: &Tiler,
    what: &'static str,
    drop_rest: bool,
    f: impl Fn(&Layout, &Tiler) -> Result<Layout, Error>,
) -> Result<Layout, Error> {
    let (rt, rl) = (t.rank(), l.rank());
    if rt > rl {
        return Err(Error::RankMismatch {
            msg: what,
            expected: rl,
            found: rt,
        });
    }
    let mut b = LayoutBuilder::new();
    b.open()?;
    for i in 0..rl {
        let mode = l.try_mode(i)?;
        if i < rt {
            b.push_layout(&f(&mode, &t.try_element(i)?)?)?;
        } else if !drop_rest {
            b.push_layout(&mode)?;
        }
    }
    b.close()?;
    b.finish()
}

impl Layout {
    /// `composition(self, b)` as CuTe C++ computes it: CuTe's walk with only its own
    /// static assertions (the weak stride condition `d % s == 0 or d < s` and the shape
    /// divisibility condition, where both values are static); no check that the answer
    /// is the composed function.
    ///
    /// ```
    /// use rcute::layout;
    /// let a = layout!((_3,_16):(_48,_1));
    /// assert!(a.try_composition(&layout!(_4:_2)).is_err());
    /// // CuTe's answer, which sends 2 to 1 where A(B(2)) = A(4) = 49
    /// assert_eq!(a.try_composition_as_cute(&layout!(_4:_2)).unwrap().to_string(), "(_2,_2):(_96,_1)");
    /// ```
    pub const fn try_composition_as_cute(&self, b: &Layout) -> Result<Layout, Error> {
        if self.shape_ref().is_leaf() && !b.has_basis_strides() {
            return self.try_composition(b);
        }
        composition_general_with(self, b, true)
    }

    /// `composition(self, tiler)` as CuTe C++ computes it (see
    /// [`Layout::try_composition_as_cute`]); a tuple tiler composes mode by mode and drops
    /// the modes beyond it, as [`Layout::try_composition_tiler`].
    ///
    /// ```
    /// use rcute::{layout, tiler};
    /// let a = layout!((_3,_16):(_48,_1));
    /// assert_eq!(a.try_composition_tiler_as_cute(&tiler!(_4:_2)).unwrap().to_string(), "(_2,_2):(_96,_1)");
    /// ```
    pub fn try_composition_tiler_as_cute(&self, t: &Tiler) -> Result<Layout, Error> {
        match t.kind() {
            TilerKind::Layout(l) => self.try_composition_as_cute(l),
            TilerKind::Underscore => Ok(*self),
            TilerKind::Integer(n) => composition_integer_with(self, n, true),
            TilerKind::Tuple => by_mode(
                self,
                t,
                "composition: the tiler has more modes than the layout",
                true,
                |m, e| m.try_composition_tiler_as_cute(e),
            ),
        }
    }

    /// `logical_divide(self, tiler)` as CuTe C++ computes it:
    /// `composition(A, make_layout(T, complement(T, shape(coalesce(A)))))` with CuTe's
    /// composition and complement as CuTe takes them.
    ///
    /// ```
    /// use rcute::{layout, tiler};
    /// let a = layout!((3,3):(1,3));
    /// assert!(a.try_logical_divide(&tiler!(4:2)).is_err());
    /// assert_eq!(a.try_logical_divide_as_cute(&tiler!(4:2)).unwrap().to_string(),
    ///            "((2,2),((2,1),(1,1))):((2,3),((1,3),(8,9)))");
    /// ```
    pub fn try_logical_divide_as_cute(&self, t: &Tiler) -> Result<Layout, Error> {
        match t.kind() {
            TilerKind::Layout(tl) => {
                let target = if self.shape_ref().is_leaf() {
                    *self.shape_ref()
                } else {
                    self.try_coalesce()?.shape()
                };
                let c = tl.try_complement_as_cute(&target)?;
                self.try_composition_as_cute(&pair(tl, &c)?)
            }
            TilerKind::Underscore => Ok(*self),
            TilerKind::Integer(_) => {
                self.try_logical_divide_as_cute(&Tiler::layout(*t.inner_layout()))
            }
            TilerKind::Tuple => by_mode(
                self,
                t,
                "logical_divide: too many modes in the tiler",
                false,
                |m, e| m.try_logical_divide_as_cute(e),
            ),
        }
    }

    /// `zipped_divide(self, tiler)` as CuTe C++ computes it (see
    /// [`Layout::try_logical_divide_as_cute`]).
    ///
    /// ```
    /// use rcute::{layout, tiler};
    /// assert_eq!(layout!((6,2):(1,6)).try_zipped_divide_as_cute(&tiler!(4:1)).unwrap().to_string(),
    ///            "((4,1),((1,1),(2,2))):((1,6),((1,6),(4,6)))");
    /// ```
    pub fn try_zipped_divide_as_cute(&self, t: &Tiler) -> Result<Layout, Error> {
        zip2_by(&self.try_logical_divide_as_cute(t)?, t.guide())
    }

    /// `tiled_divide(self, tiler)` as CuTe C++ computes it.
    ///
    /// ```
    /// use rcute::{layout, tiler};
    /// assert_eq!(layout!((_6,_32):(_32,_1)).try_tiled_divide_as_cute(&tiler!(_4:_1)).unwrap().to_string(),
    ///            "(_4,_2,_32):(_32,_128,_1)");
    /// ```
    pub fn try_tiled_divide_as_cute(&self, t: &Tiler) -> Result<Layout, Error> {
        unpack(&self.try_zipped_divide_as_cute(t)?, false)
    }

    /// `flat_divide(self, tiler)` as CuTe C++ computes it.
    ///
    /// ```
    /// use rcute::{layout, tiler};
    /// assert_eq!(layout!((3,16):(16,1)).try_flat_divide_as_cute(&tiler!(2:_1)).unwrap().to_string(),
    ///            "(2,1,2,16):(16,1,32,1)");
    /// ```
    pub fn try_flat_divide_as_cute(&self, t: &Tiler) -> Result<Layout, Error> {
        unpack(&self.try_zipped_divide_as_cute(t)?, true)
    }

    /// `logical_product(self, tiler)` as CuTe C++ computes it:
    /// `make_layout(A, composition(complement(A, size(A) * cosize(B)), B))` with CuTe's
    /// composition and complement as CuTe takes them.
    ///
    /// ```
    /// use rcute::{layout, tiler};
    /// let a = layout!((_4,_6):(_1,_6));
    /// assert!(a.try_logical_product(&tiler!(_3:_1)).is_err());
    /// assert_eq!(a.try_logical_product_as_cute(&tiler!(_3:_1)).unwrap().to_string(),
    ///            "((_4,_6),_3):((_1,_6),_36)");
    /// ```
    pub fn try_logical_product_as_cute(&self, t: &Tiler) -> Result<Layout, Error> {
        match t.kind() {
            TilerKind::Layout(b) => self.logical_product_as_cute_by(b),
            TilerKind::Underscore => Ok(*self),
            TilerKind::Integer(_) => {
                self.try_logical_product_as_cute(&Tiler::layout(*t.inner_layout()))
            }
            TilerKind::Tuple => by_mode(
                self,
                t,
                "logical_product: too many modes in the tiler",
                false,
                |m, e| m.try_logical_product_as_cute(e),
            ),
        }
    }

    /// CuTe's logical product by the layout `b`.
    fn logical_product_as_cute_by(&self, b: &Layout) -> Result<Layout, Error> {
        let cotarget = self.try_size()?.try_mul(b.try_cosize()?)?;
        let c = self.try_complement_as_cute(&IntTuple::from_int(cotarget))?;
        pair(self, &c.try_composition_as_cute(b)?)
    }

    /// `zipped_product(self, tiler)` as CuTe C++ computes it.
    ///
    /// ```
    /// use rcute::{layout, tiler};
    /// assert_eq!(layout!((_4,_6):(_1,_6)).try_zipped_product_as_cute(&tiler!(_3:_1)).unwrap().to_string(),
    ///            "((_4,_6),_3):((_1,_6),_36)");
    /// ```
    pub fn try_zipped_product_as_cute(&self, t: &Tiler) -> Result<Layout, Error> {
        zip2_by(&self.try_logical_product_as_cute(t)?, t.guide())
    }

    /// `tiled_product(self, tiler)` as CuTe C++ computes it.
    ///
    /// ```
    /// use rcute::{layout, tiler};
    /// assert_eq!(layout!((_4,_6):(_1,_6)).try_tiled_product_as_cute(&tiler!(_3:_1)).unwrap().to_string(),
    ///            "((_4,_6),_3):((_1,_6),_36)");
    /// ```
    pub fn try_tiled_product_as_cute(&self, t: &Tiler) -> Result<Layout, Error> {
        unpack(&self.try_zipped_product_as_cute(t)?, false)
    }

    /// `flat_product(self, tiler)` as CuTe C++ computes it.
    ///
    /// ```
    /// use rcute::{layout, tiler};
    /// assert_eq!(layout!((_4,_6):(_1,_6)).try_flat_product_as_cute(&tiler!(_3:_1)).unwrap().to_string(),
    ///            "(_4,_6,_3):(_1,_6,_36)");
    /// ```
    pub fn try_flat_product_as_cute(&self, t: &Tiler) -> Result<Layout, Error> {
        unpack(&self.try_zipped_product_as_cute(t)?, true)
    }

    /// `blocked_product(self, b)` as CuTe C++ computes it.
    ///
    /// ```
    /// use rcute::layout;
    /// assert_eq!(layout!((_2,_5):(_5,_1)).try_blocked_product_as_cute(&layout!((_3,_4):(_1,_3))).unwrap().to_string(),
    ///            "((_2,_3),(_5,_4)):((_5,_10),(_1,_30))");
    /// ```
    pub fn try_blocked_product_as_cute(&self, b: &Layout) -> Result<Layout, Error> {
        self.rank_product_as_cute(b, false)
    }

    /// `raked_product(self, b)` as CuTe C++ computes it.
    ///
    /// ```
    /// use rcute::layout;
    /// let a = layout!((_8,_4):(_12,_1));
    /// assert!(a.try_raked_product(&layout!((_2,_8):(_1,_2))).is_err());
    /// assert_eq!(a.try_raked_product_as_cute(&layout!((_2,_8):(_1,_2))).unwrap().to_string(),
    ///            "((_2,_8),((_2,_4),_4)):((_4,_12),((_8,_96),_1))");
    /// ```
    pub fn try_raked_product_as_cute(&self, b: &Layout) -> Result<Layout, Error> {
        self.rank_product_as_cute(b, true)
    }

    /// CuTe's `blocked_product` (`raked` false) or `raked_product`: the logical product of
    /// both padded to the larger rank, its two modes zipped.
    fn rank_product_as_cute(&self, b: &Layout, raked: bool) -> Result<Layout, Error> {
        let r = self.rank().max(b.rank());
        let a = self.try_append_to(r, None)?;
        let bb = b.try_append_to(r, None)?;
        let p = a.logical_product_as_cute_by(&bb)?;
        let n0 = p.shape_ref().first_child(Node::ROOT);
        let n1 = p.shape_ref().node_end(n0);
        if raked {
            zip_modes(&p, n1, n0)
        } else {
            zip_modes(&p, n0, n1)
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{layout, tiler};

    #[test]
    fn composition_as_cute_is_composition_where_rcute_answers() {
        let a = layout!((_6,_2):(_8,_2));
        let b = layout!((_4,_3):(_3,_1));
        assert_eq!(a.try_composition_as_cute(&b), a.try_composition(&b));
        // CuTe's own static assertion still refuses
        assert!(
            layout!((_3,_16):(_48,_1))
                .try_composition_as_cute(&layout!(_4:_5))
                .is_err()
        );
        let t = tiler!((_3:_4, _8:_2));
        let a = layout!((12,(4,8)):(59,(13,1)));
        assert_eq!(
            a.try_composition_tiler_as_cute(&t),
            a.try_composition_tiler(&t)
        );
    }
}
