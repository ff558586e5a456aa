//! The divides: `logical_divide` and its rearrangements `zipped_divide`, `tiled_divide`,
//! `flat_divide`, and `ceil_div` by a tiler.
//!
//! `logical_divide(L, T) = composition(L, make_layout(T, complement(T, shape(coalesce(L)))))`:
//! mode 0 is the tile (`composition(L, T)`), mode 1 the rest. A tuple tiler divides mode by
//! mode and keeps the modes of `L` beyond it.

use crate::algebra::builder::LayoutBuilder;
use crate::algebra::complement::{Cotarget, complement_into};
use crate::algebra::composition::{
    compose_pair_into, compose_pair_split, compose_pair_unpacked, compose_sub_into,
};
use crate::algebra::modes::{Flat, Modes, Sink, coalesce_into};
use crate::algebra::tiler::{PairWalk, Tiler, TilerKind};
use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::{CAPACITY, IntTuple, NODE_CAPACITY, Node};

mod few;
mod small;
use few::{Big, divide_few, few_applies, tree_applies};
use small::{Form, Small, divide_small, small_applies};

/// The layout built by `b` as the result of a divide of `a` by `t`: where neither has
/// scaled-basis strides the result has none either, and its flag (false, as the builder
/// starts) is kept without looking at the strides again; otherwise [`LayoutBuilder::finish`].
#[inline(always)]
const fn finish_plain(b: &mut LayoutBuilder, a: &Layout, t: &Tiler) -> Result<Layout, Error> {
    if a.has_basis_strides() || t.inner_layout().has_basis_strides() {
        return b.finish();
    }
    Ok(*b.layout())
}

/// Appends the tokens of `l` from node `from` up to token `to` (whole nodes, or the
/// children of a tuple up to its closing token) to `out`, one by one.
#[inline(never)]
const fn push_tokens(
    out: &mut LayoutBuilder,
    l: &Layout,
    from: Node,
    to: usize,
) -> Result<(), Error> {
    let (s, d) = (l.shape_ref(), l.stride_ref());
    let mut k = from;
    while k.t < to {
        if s.is_leaf_node(k) {
            tri!(out.push_mode(s.int_at(k), d.int_at(k)));
            k.l += 1;
        } else if s.is_close(k) {
            tri!(out.close());
        } else {
            tri!(out.open());
        }
        k.t += 1;
    }
    Ok(())
}

/// The end of every node of a tuple (what `node_end` answers), found in one pass over its
/// tokens, so that a walk that asks again and again for the ends of nested nodes does
/// not walk them again.
struct Ends {
    t: [u8; NODE_CAPACITY],
    l: [u8; NODE_CAPACITY],
}

// token and leaf positions up to NODE_CAPACITY are kept as u8
const _: () = assert!(NODE_CAPACITY < 256);

impl Ends {
    const fn of(s: &IntTuple) -> Ends {
        let mut e = Ends {
            t: [0; NODE_CAPACITY],
            l: [0; NODE_CAPACITY],
        };
        let mut open = [0u8; NODE_CAPACITY];
        let mut depth = 0;
        let n = s.token_count();
        let mut k = Node::ROOT;
        while k.t < n {
            if s.is_leaf_node(k) {
                e.t[k.t] = (k.t + 1) as u8;
                e.l[k.t] = (k.l + 1) as u8;
                k.l += 1;
            } else if s.is_close(k) {
                depth -= 1;
                let o = open[depth] as usize;
                e.t[o] = (k.t + 1) as u8;
                e.l[o] = k.l as u8;
            } else {
                open[depth] = k.t as u8;
                depth += 1;
            }
            k.t += 1;
        }
        e
    }

    /// `node_end(n)`.
    #[inline]
    const fn end(&self, n: Node) -> Node {
        Node {
            t: self.t[n.t] as usize,
            l: self.l[n.t] as usize,
        }
    }

    /// `rank_at(n)` of the tuple `s` these are the ends of.
    const fn rank(&self, s: &IntTuple, n: Node) -> usize {
        if s.is_leaf_node(n) {
            return 1;
        }
        let mut c = s.first_child(n);
        let mut r = 0;
        while !s.is_close(c) {
            r += 1;
            c = self.end(c);
        }
        r
    }
}

/// `zip2_by(t, guide)` on a layout: at each leaf of the guide the mode must have rank 2
/// `(a, b)`; the result gathers `((a...), (b..., modes of t beyond the guide))`.
///
/// Built in one builder by two walks over `t` (the first halves, then the second halves
/// and the modes beyond the guide), copying sub-layouts straight from `t`.
pub(crate) const fn zip2_by(l: &Layout, guide: &IntTuple) -> Result<Layout, Error> {
    if guide.is_leaf() {
        if l.rank() != 2 || l.shape_ref().is_leaf() {
            return Err(zip_rank_error(l.rank()));
        }
        return Ok(*l);
    }
    let mut out = LayoutBuilder::new();
    tri!(zip2_into(&mut out, l, guide, false));
    out.finish()
}

/// [`zip2_by`] for a tuple guide, written into `out` (empty); with `unpack1`, the second
/// mode without its parentheses where its rank is not 1 (what [`unpack`] makes of it).
const fn zip2_into(
    out: &mut LayoutBuilder,
    l: &Layout,
    guide: &IntTuple,
    unpack1: bool,
) -> Result<(), Error> {
    let ends = Ends::of(l.shape_ref());
    tri!(out.open());
    tri!(zip_pass(
        out,
        l,
        &ends,
        Node::ROOT,
        guide,
        Node::ROOT,
        false,
        false
    ));
    tri!(zip_pass(
        out,
        l,
        &ends,
        Node::ROOT,
        guide,
        Node::ROOT,
        true,
        unpack1
    ));
    out.close()
}

const fn zip_rank_error(found: usize) -> Error {
    Error::RankMismatch {
        msg: "zipped: the mode at a leaf of the tiler must have rank 2 (a '_' needs a mode that is already a pair)",
        expected: 2,
        found,
    }
}

/// One half of [`zip2_by`] for the mode of `l` at `n` and the guide subtree at `g`: the
/// first halves (`second == false`) or the second halves and the modes beyond the guide.
/// `ends` are the ends of the nodes of `l`'s shape.
#[allow(clippy::too_many_arguments)]
const fn zip_pass(
    out: &mut LayoutBuilder,
    l: &Layout,
    ends: &Ends,
    n: Node,
    guide: &IntTuple,
    g: Node,
    second: bool,
    bare: bool,
) -> Result<(), Error> {
    let s = l.shape_ref();
    let leaf = s.is_leaf_node(n);
    // a leaf mode counts as rank 1, its only mode being itself (CuTe's get<0> of an integer)
    let tr = if leaf { 1 } else { ends.rank(s, n) };
    if guide.is_leaf_node(g) {
        if tr != 2 || leaf {
            return Err(zip_rank_error(tr));
        }
        let c0 = s.first_child(n);
        let c = if second { ends.end(c0) } else { c0 };
        return out.push_sub_range(l, c, ends.end(c));
    }
    let gr = guide.rank_at(g);
    if tr < gr {
        return Err(Error::RankMismatch {
            msg: "zipped: the tiler has more modes than the layout",
            expected: tr,
            found: gr,
        });
    }
    // a second mode to be unpacked goes without its parentheses where its rank is not 1
    let bare = bare && tr != 1;
    if !bare {
        tri!(out.open());
    }
    let mut c = if leaf { n } else { s.first_child(n) };
    let mut cg = guide.first_child(g);
    let mut i = 0;
    while i < tr {
        if i < gr {
            tri!(zip_pass(out, l, ends, c, guide, cg, second, false));
            cg = guide.node_end(cg);
        } else if second {
            tri!(out.push_sub_range(l, c, ends.end(c)));
        }
        if !leaf {
            c = ends.end(c);
        }
        i += 1;
    }
    if bare {
        return Ok(());
    }
    out.close()
}

impl Layout {
    /// CuTe's `tile_unzip(L, tiler)`: at each leaf of the tiler the mode of `L` must be a
    /// pair `(tile, rest)`; the result is `((tiles...), (rests..., modes beyond the tiler))`
    /// (the step from `logical_divide` to `zipped_divide`).
    ///
    /// ```
    /// use rcute::{layout, tiler};
    /// let a = layout!(((_2,_3),(_4,_5),_6):((_1,_2),(_6,_24),_120));
    /// assert_eq!(a.tile_unzip(&tiler!((_2,_4))).to_string(),
    ///            "((_2,_4),(_3,_5,_6)):((_1,_6),(_2,_24,_120))");
    /// ```
    pub const fn try_tile_unzip(&self, tiler: &Tiler) -> Result<Layout, Error> {
        zip2_by(self, tiler.guide())
    }

    /// [`Layout::try_tile_unzip`], panicking with the error's message.
    #[track_caller]
    pub const fn tile_unzip(&self, tiler: &Tiler) -> Layout {
        unwrap_or_panic!(self.try_tile_unzip(tiler))
    }
}

/// Appends the rest of dividing the single mode `s:d` by the element of `t` at node `e` of
/// its inner layout: `s:d ∘ complement(e, s)`, the complement taken as flat modes of the
/// sub-layout in place.
/// The complement is written into `c` (reused: emptied first).
#[inline(always)]
const fn push_rest_with(
    b: &mut LayoutBuilder,
    t: &Tiler,
    s: Int,
    d: Int,
    e: Node,
    c: &mut Flat,
) -> Result<(), Error> {
    c.n = 0;
    tri!(complement_into(
        t.inner_layout(),
        e,
        Cotarget::Int(s),
        Sink::Flat(c)
    ));
    b.push_flat_composed(d, c)
}

/// The parts of `logical_divide(a, tl)` for a layout `tl` (the sub-layouts of `a` at `an`,
/// not a single mode, and of `tl` at `tn`): `a`'s modes coalesced (`f`) and the complement
/// of `tl` in the shape of `coalesce(a)`, as flat modes `c` (both reused: emptied first).
/// Answers whether `a ∘ (tl, c)` may be composed from `f` without building the pair:
/// coalescing for the walk (which keeps the function past the domain) changes `a`'s modes
/// only where the last one is a static `_1`; where the pair does not fit one layout,
/// building it is the error.
const fn divide_parts(
    a: &Layout,
    an: Node,
    tl: &Layout,
    tn: Node,
    f: &mut Flat,
    c: &mut Flat,
) -> Result<bool, Error> {
    f.n = 0;
    c.n = 0;
    let src = Modes::sub(a, an);
    tri!(coalesce_into(src, false, false, Sink::Flat(f)));
    if f.n == 1 {
        tri!(complement_into(
            tl,
            tn,
            Cotarget::Int(f.s(0)),
            Sink::Flat(c)
        ));
    } else {
        // the shape of the coalesced layout: a flat tuple of its modes' shapes
        let mut target = IntTuple::stream();
        tri!(target.push_open());
        let mut i = 0;
        while i < f.n {
            tri!(target.push_leaf(f.s(i)));
            i += 1;
        }
        tri!(target.push_close());
        tri!(complement_into(
            tl,
            tn,
            Cotarget::Shape(&target),
            Sink::Flat(c)
        ));
    }
    if tl.has_basis_strides() || src.s(src.len() - 1).is_constant(1) {
        return Ok(false);
    }
    let tend = tl.shape_ref().node_end(tn);
    let ct = if c.n == 1 { 1 } else { c.n + 2 };
    Ok(tend.l - tn.l + c.n <= CAPACITY && tend.t - tn.t + ct + 2 <= NODE_CAPACITY)
}

/// `logical_divide(a, tl)` for a layout `tl`, written as the next mode of `out`:
/// `a ∘ (tl, complement(tl, shape(coalesce(a))))`, with the coalesced shape and the
/// complement kept as flat modes (no layout built for either) and the pair composed
/// without building it where it may be (see [`divide_parts`]). `a` and `tl` are the
/// sub-layouts at nodes `an` and `tn` (read in place, not copied).
const fn divide_by_layout(
    a: &Layout,
    an: Node,
    tl: &Layout,
    tn: Node,
    out: &mut LayoutBuilder,
) -> Result<(), Error> {
    let mut c = Flat::new();
    if a.shape_ref().is_leaf_node(an) {
        return divide_leaf(a, an, tl, tn, out, &mut c);
    }
    let mut f = Flat::new();
    divide_by_layout_with(a, an, tl, tn, out, &mut f, &mut c)
}

/// `tiled_divide(a, tl)` for a layout `tl` and an `a` (not a single mode) of two modes or
/// more after coalescing, without the pair or the zipped layout built: `(a ∘ tl, rests...)`, written
/// into `out` (empty). `Ok(false)` where `a` is not of that form or the pair is to be
/// built (see [`divide_parts`]); the caller then takes the general path.
const fn tiled_by_layout(a: &Layout, tl: &Layout, out: &mut LayoutBuilder) -> Result<bool, Error> {
    let mut f = Flat::new();
    let mut c = Flat::new();
    if !tri!(divide_parts(a, Node::ROOT, tl, Node::ROOT, &mut f, &mut c)) {
        return Ok(false);
    }
    compose_pair_unpacked(&f, tl, Node::ROOT, &c, out)
}

/// [`divide_by_layout`] of a single-mode `a` (at `an`), with the complement written into
/// `c` (reused: emptied first).
#[inline(always)]
const fn divide_leaf(
    a: &Layout,
    an: Node,
    tl: &Layout,
    tn: Node,
    out: &mut LayoutBuilder,
    c: &mut Flat,
) -> Result<(), Error> {
    c.n = 0;
    let s = a.shape_ref();
    // coalescing a single mode keeps its shape (s:d, or _1:_0 for s = _1)
    tri!(complement_into(
        tl,
        tn,
        Cotarget::Int(s.int_at(an)),
        Sink::Flat(c)
    ));
    // `s:d ∘ (tl, c)`: both strides scaled by d, written in place where the pair fits
    // one layout and `out` (building it is the error otherwise), so that the first
    // stride whose scaling fails is the error, as in scaling the pair
    if !tl.has_basis_strides() {
        let tend = tl.shape_ref().node_end(tn);
        let (nt, nl) = (
            tend.t - tn.t + if c.n == 1 { 1 } else { c.n + 2 } + 2,
            tend.l - tn.l + c.n,
        );
        if nl <= CAPACITY && nt <= NODE_CAPACITY && out.fits(nt, nl) {
            let d = a.stride_ref().int_at(an);
            tri!(out.open());
            tri!(out.push_sub_composed(d, tl, tn));
            tri!(out.push_flat_composed(d, c));
            return out.close();
        }
    }
    compose_with_pair(a, an, tl, tn, c, out)
}

/// [`divide_by_layout`] with the flat modes it works on given (reused: emptied first).
#[inline(always)]
const fn divide_by_layout_with(
    a: &Layout,
    an: Node,
    tl: &Layout,
    tn: Node,
    out: &mut LayoutBuilder,
    f: &mut Flat,
    c: &mut Flat,
) -> Result<(), Error> {
    if a.shape_ref().is_leaf_node(an) {
        return divide_leaf(a, an, tl, tn, out, c);
    }
    if tri!(divide_parts(a, an, tl, tn, f, c)) {
        return compose_pair_into(f, tl, tn, c, out);
    }
    compose_with_pair(a, an, tl, tn, c, out)
}

/// `a ∘ (tl, c)` (the sub-layouts at `an` and `tn`, the complement `c` as flat modes),
/// with the pair built.
const fn compose_with_pair(
    a: &Layout,
    an: Node,
    tl: &Layout,
    tn: Node,
    c: &Flat,
    out: &mut LayoutBuilder,
) -> Result<(), Error> {
    let mut b = LayoutBuilder::new();
    tri!(b.open());
    tri!(b.push_sub(tl, tn));
    tri!(b.push_flat(c));
    tri!(b.close());
    compose_sub_into(a, an, b.finished(), Node::ROOT, out)
}

/// `result(repeat<R0>(_), repeat<R1>(_))` where `R0` is `rank<0>` when `unpack0`, else 1.
///
/// For a rank-2 `z` (what the zipped forms give) this removes the parentheses of each
/// unpacked mode of rank other than 1 in place (a slice by `_`s keeps the leaves and their
/// order); otherwise [`unpack_sliced`], the slice itself.
pub(crate) const fn unpack(z: &Layout, unpack0: bool) -> Result<Layout, Error> {
    let mut out = *z;
    tri!(unpack_in_place(&mut out, unpack0));
    Ok(out)
}

/// [`unpack`] of `z`, written over it.
const fn unpack_in_place(z: &mut Layout, unpack0: bool) -> Result<(), Error> {
    let s = z.shape_ref();
    if s.is_leaf() || s.rank() != 2 {
        *z = tri!(unpack_sliced(z, unpack0));
        return Ok(());
    }
    let m0 = s.first_child(Node::ROOT);
    let m1 = s.node_end(m0);
    let s0 = unpack0 && !s.is_leaf_node(m0) && s.rank_at(m0) != 1;
    let s1 = !s.is_leaf_node(m1) && s.rank_at(m1) != 1;
    match (s0, s1) {
        (true, true) => z.shape.splice_nodes(m0, Some(m1)),
        (true, false) => z.shape.splice_nodes(m0, None),
        (false, true) => z.shape.splice_nodes(m1, None),
        (false, false) => return Ok(()),
    }
    // shape and stride are congruent: the same tokens
    z.stride.copy_tokens(&z.shape);
    z.basis = z.stride.has_basis();
    Ok(())
}

/// [`unpack`] as the slice `z(repeat<R0>(_), repeat<R1>(_))` (a unit test compares the two).
const fn unpack_sliced(z: &Layout, unpack0: bool) -> Result<Layout, Error> {
    let under = IntTuple::from_int(Int::UNDERSCORE);
    let r0 = if unpack0 {
        tri!(z.try_mode(0)).rank()
    } else {
        1
    };
    let r1 = tri!(z.try_mode(1)).rank();
    let c0 = tri!(IntTuple::try_repeat(r0, &under));
    let c1 = tri!(IntTuple::try_repeat(r1, &under));
    z.try_slice(&tri!(IntTuple::try_tuple(&[c0, c1])))
}

impl Layout {
    /// Divides `self` by a tiler (CuTe's `logical_divide`): for a layout tiler `T`, the
    /// rank-2 layout `(tile, rest)` where `tile = composition(self, T)`; a tuple tiler
    /// divides mode by mode (modes beyond it are kept); an integer `n` divides by `n:_1`;
    /// `_` keeps the mode.
    ///
    /// ```
    /// use rcute::{layout, tiler};
    /// let l = layout!((_4,_2,_3):(_2,_1,_8));
    /// assert_eq!(l.logical_divide(&tiler!(_4:_2)).to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
    /// let a = layout!((_9,(_4,_8)):(_59,(_13,_1)));
    /// assert_eq!(a.logical_divide(&tiler!((_3:_3, (_2,_4):(_1,_8)))).to_string(),
    ///            "((_3,_3),((_2,_4),(_2,_2))):((_177,_59),((_13,_2),(_26,_1)))");
    /// assert_eq!(layout!((_12,_32,_5):(_1,_12,_384)).logical_divide(&tiler!((_,_8))).to_string(),
    ///            "(_12,(_8,_4),_5):(_1,(_12,_96),_384)");
    /// ```
    pub const fn try_logical_divide(&self, t: &Tiler) -> Result<Layout, Error> {
        if small_applies(self, t) {
            let mut small = Small::new();
            if divide_small(self, t, Form::Logical, &mut small) {
                return Ok(small.layout());
            }
        }
        self.logical_divide_few(t)
    }

    /// [`Layout::try_logical_divide`] where the direct path of single modes does not apply:
    /// the direct path of coalesced modes ([`divide_few`], which answers the general path's
    /// first error where a walk fails), else the general path.
    #[inline(never)]
    const fn logical_divide_few(&self, t: &Tiler) -> Result<Layout, Error> {
        if few_applies(self, t) {
            let mut big = Big::new();
            let mut fail = None;
            if divide_few::<false>(self, t, Form::Logical, &mut big, &mut fail) {
                return Ok(big.layout());
            }
            if let Some(e) = fail {
                return Err(e);
            }
        } else if tree_applies(self, t) {
            return self.divide_tree_or_general(t, Form::Logical);
        }
        self.logical_divide_general(t)
    }

    /// The divide `form` of `self` by `t` where [`tree_applies`]: the direct path of
    /// coalesced modes with elements of more than one mode ([`divide_few`], which
    /// answers the general path's first error where a walk fails), else the general path.
    #[inline(never)]
    const fn divide_tree_or_general(&self, t: &Tiler, form: Form) -> Result<Layout, Error> {
        let mut big = Big::new();
        let mut fail = None;
        if divide_few::<true>(self, t, form, &mut big, &mut fail) {
            return Ok(big.layout());
        }
        if let Some(e) = fail {
            return Err(e);
        }
        match form {
            Form::Logical => self.logical_divide_general(t),
            Form::Zipped => self.zipped_divide_general(t),
            Form::Tiled => self.tiled_divide_general(t),
        }
    }

    /// [`Layout::try_logical_divide`] without its direct path for single modes
    /// ([`divide_small`]).
    #[inline(always)]
    const fn logical_divide_general(&self, t: &Tiler) -> Result<Layout, Error> {
        match t.kind() {
            TilerKind::Underscore => Ok(*self),
            TilerKind::Layout(_) | TilerKind::Integer(_) => {
                let mut out = LayoutBuilder::new();
                tri!(divide_by_layout(
                    self,
                    Node::ROOT,
                    t.inner_layout(),
                    Node::ROOT,
                    &mut out
                ));
                finish_plain(&mut out, self, t)
            }
            TilerKind::Tuple => {
                let mut out = LayoutBuilder::new();
                tri!(self.logical_divide_tuple_into(t, &mut out));
                finish_plain(&mut out, self, t)
            }
        }
    }

    /// [`Layout::logical_divide_tuple_into`] as a call of its own, for the zipped and tiled
    /// divides' general paths (inlined there, it slows their fast paths).
    #[inline(never)]
    const fn logical_divide_tuple_in(&self, t: &Tiler, b: &mut LayoutBuilder) -> Result<(), Error> {
        self.logical_divide_tuple_into(t, b)
    }

    /// [`Layout::try_logical_divide`] by a tuple tiler, written into `b` (empty).
    #[inline(always)]
    const fn logical_divide_tuple_into(
        &self,
        t: &Tiler,
        b: &mut LayoutBuilder,
    ) -> Result<(), Error> {
        let rt = t.rank();
        let rl = self.rank();
        if rt > rl {
            return Err(Error::RankMismatch {
                msg: "logical_divide: too many modes in the tiler",
                expected: rl,
                found: rt,
            });
        }
        tri!(b.open());
        let s = self.shape_ref();
        let tl = t.inner_layout();
        let mut c = Flat::new();
        if s.is_leaf() || tl.has_basis_strides() {
            // mode by mode, each mode and element built on its own
            let mut i = 0;
            while i < rl {
                tri!(self.logical_divide_mode(t, i, rt, b));
                i += 1;
            }
            return b.close();
        }
        // the modes and the elements walked alongside, read in place
        let (g, ts) = (t.guide(), tl.shape_ref());
        let mut m = s.first_child(Node::ROOT);
        let mut e = ts.first_child(Node::ROOT);
        let mut gn = g.first_child(Node::ROOT);
        let mut i = 0;
        while i < rl {
            let mend = s.node_end(m);
            if i >= rt {
                // a mode beyond the tiler, copied in place
                tri!(b.copy_range(self, m, mend));
            } else if g.is_leaf_node(gn) && !g.int_at(gn).is_underscore() {
                if s.is_leaf_node(m) {
                    // a single-mode mode s:d divided by a layout or integer element e:
                    // s:d ∘ (e, complement(e, s)), both strides scaled by d in place
                    let (sv, d) = (s.int_at(m), self.stride_ref().int_at(m));
                    tri!(b.open());
                    tri!(b.push_sub_composed(d, tl, e));
                    tri!(push_rest_with(b, t, sv, d, e, &mut c));
                    tri!(b.close());
                } else {
                    // a layout or integer element: the mode divided in place
                    let mut f = Flat::new();
                    tri!(divide_by_layout_with(self, m, tl, e, b, &mut f, &mut c));
                }
            } else {
                tri!(self.logical_divide_mode(t, i, rt, b));
            }
            if i < rt {
                e = ts.node_end(e);
                gn = g.node_end(gn);
            }
            m = mend;
            i += 1;
        }
        b.close()
    }

    /// Mode `i` of [`Layout::logical_divide_tuple_into`] built on its own: the mode divided
    /// by element `i` of `t` (`rt` elements), or kept beyond them.
    #[inline(never)]
    const fn logical_divide_mode(
        &self,
        t: &Tiler,
        i: usize,
        rt: usize,
        b: &mut LayoutBuilder,
    ) -> Result<(), Error> {
        let mode = tri!(self.try_mode(i));
        if i < rt {
            match t.element_layout(i) {
                Some(e) => divide_by_layout(&mode, Node::ROOT, &e, Node::ROOT, b),
                None => {
                    let r = tri!(mode.try_logical_divide(&tri!(t.try_element(i))));
                    b.push_layout(&r)
                }
            }
        } else {
            b.push_layout(&mode)
        }
    }

    /// [`Layout::try_logical_divide`], panicking with the error's message.
    #[track_caller]
    pub const fn logical_divide(&self, t: &Tiler) -> Layout {
        unwrap_or_panic!(self.try_logical_divide(t))
    }

    /// [`Layout::try_logical_divide`] with the tiles gathered into mode 0 and the rests
    /// (and the modes beyond the tiler) into mode 1: `((tiles...), (rests...))` (CuTe's
    /// `zipped_divide`).
    ///
    /// ```
    /// use rcute::{layout, tiler};
    /// let a = layout!((_9,(_4,_8)):(_59,(_13,_1)));
    /// assert_eq!(a.zipped_divide(&tiler!((_3:_3, (_2,_4):(_1,_8)))).to_string(),
    ///            "((_3,(_2,_4)),(_3,(_2,_2))):((_177,(_13,_2)),(_59,(_26,_1)))");
    /// ```
    pub const fn try_zipped_divide(&self, t: &Tiler) -> Result<Layout, Error> {
        if small_applies(self, t) {
            let mut small = Small::new();
            if divide_small(self, t, Form::Zipped, &mut small) {
                return Ok(small.layout());
            }
        }
        self.zipped_divide_few(t)
    }

    /// [`Layout::try_zipped_divide`] where the direct path of single modes does not apply:
    /// the direct path of coalesced modes ([`divide_few`], which answers the general path's
    /// first error where a walk fails), else the general path.
    #[inline(never)]
    const fn zipped_divide_few(&self, t: &Tiler) -> Result<Layout, Error> {
        if few_applies(self, t) {
            let mut big = Big::new();
            let mut fail = None;
            if divide_few::<false>(self, t, Form::Zipped, &mut big, &mut fail) {
                return Ok(big.layout());
            }
            if let Some(e) = fail {
                return Err(e);
            }
        } else if tree_applies(self, t) {
            return self.divide_tree_or_general(t, Form::Zipped);
        }
        self.zipped_divide_general(t)
    }

    /// [`Layout::try_zipped_divide`] without its direct path for single modes
    /// ([`divide_small`]).
    #[inline(always)]
    const fn zipped_divide_general(&self, t: &Tiler) -> Result<Layout, Error> {
        if !t.is_tuple() {
            // `zip2_by` by a leaf guide: the divided layout itself, checked to be a pair,
            // returned where it was built
            let res = self.logical_divide_general(t);
            if let Ok(d) = &res
                && (d.rank() != 2 || d.shape_ref().is_leaf())
            {
                return Err(zip_rank_error(d.rank()));
            }
            return res;
        }
        let mut b = LayoutBuilder::new();
        if self.single_applies(t) {
            if tri!(self.zipped_divide_single(t, &mut b, false)) {
                return finish_plain(&mut b, self, t);
            }
        } else if let Ok(true) = self.zipped_divide_split(t, &mut b, false) {
            return finish_plain(&mut b, self, t);
        }
        b.clear();
        // the divided layout zipped where it was built
        let mut d = LayoutBuilder::new();
        tri!(self.logical_divide_tuple_in(t, &mut d));
        tri!(zip2_into(&mut b, d.finished(), t.guide(), false));
        finish_plain(&mut b, self, t)
    }

    /// Whether [`Layout::zipped_divide_single`] applies: a tuple tiler of at most
    /// `self.rank()` layout or integer elements, each meeting a single-mode mode (and no
    /// scaled-basis strides in the tiler), checked before anything is built.
    const fn single_applies(&self, t: &Tiler) -> bool {
        let g = t.guide();
        let s = self.shape_ref();
        if !g.is_tuple()
            || g.token_count() != g.leaf_count() + 2
            || s.is_leaf()
            || t.inner_layout().has_basis_strides()
        {
            return false;
        }
        let mut m = s.first_child(Node::ROOT);
        let mut i = 0;
        while i < g.leaf_count() {
            if !s.is_leaf_node(m) || g.leaf(i).is_underscore() {
                return false;
            }
            m.t += 1;
            m.l += 1;
            i += 1;
        }
        true
    }

    /// [`Layout::try_zipped_divide`] by a tuple tiler of layouts, integers and `_`s (a
    /// flat guide) of at most `self.rank()` elements, without the divided layout: the
    /// tiles written straight into `out` (empty) and the rests and the modes beyond the
    /// tiler into a second builder, appended at the end; with `unpack1`, the rests
    /// without their parentheses where there are not exactly one (what [`unpack`] makes
    /// of it). `Ok(false)`, or an error, where a mode takes another path (a pair to be
    /// built, scaled-basis strides, a mode under `_` that is not a pair) or something
    /// does not fit: the caller then divides and zips, for the same answer or error
    /// (`out` then holds a partial layout and is to be emptied).
    const fn zipped_divide_split(
        &self,
        t: &Tiler,
        out: &mut LayoutBuilder,
        unpack1: bool,
    ) -> Result<bool, Error> {
        let g = t.guide();
        let s = self.shape_ref();
        let tl = t.inner_layout();
        if !g.is_tuple()
            || g.token_count() != g.leaf_count() + 2
            || s.is_leaf()
            || tl.has_basis_strides()
        {
            return Ok(false);
        }
        let rt = g.leaf_count();
        let mut rests = LayoutBuilder::new();
        let mut f = Flat::new();
        let mut c = Flat::new();
        tri!(out.open());
        tri!(out.open());
        let mut beyond = Node::ROOT;
        let mut m = s.first_child(Node::ROOT);
        let mut e = tl.shape_ref().first_child(Node::ROOT);
        let mut i = 0;
        while !s.is_close(m) {
            let mend = s.node_end(m);
            if i < rt {
                if g.leaf(i).is_underscore() {
                    // the mode itself, which must be a pair (tile, rest)
                    if s.is_leaf_node(m) {
                        return Ok(false);
                    }
                    let c0 = s.first_child(m);
                    if s.is_close(c0) {
                        return Ok(false);
                    }
                    let c1 = s.node_end(c0);
                    if s.is_close(c1) {
                        return Ok(false);
                    }
                    let c1end = s.node_end(c1);
                    if !s.is_close(c1end) {
                        return Ok(false);
                    }
                    tri!(out.copy_range(self, c0, c1));
                    tri!(rests.copy_range(self, c1, c1end));
                } else if s.is_leaf_node(m) {
                    // s:d ∘ (e, complement(e, s)), both strides scaled by d in place
                    let (sv, d) = (s.int_at(m), self.stride_ref().int_at(m));
                    tri!(out.push_sub_composed(d, tl, e));
                    tri!(push_rest_with(&mut rests, t, sv, d, e, &mut c));
                } else {
                    if !tri!(divide_parts(self, m, tl, e, &mut f, &mut c)) {
                        return Ok(false);
                    }
                    tri!(compose_pair_split(&f, tl, e, &c, out, &mut rests));
                }
                e = tl.shape_ref().node_end(e);
            } else if beyond.t == 0 {
                // the first mode beyond the tiler (they are copied at the end)
                beyond = m;
            }
            m = mend;
            i += 1;
        }
        if i < rt {
            return Ok(false);
        }
        tri!(out.close());
        // the rests of the elements and the modes beyond the tiler, as one mode or (with
        // `unpack1`, other than one mode) without their parentheses
        let bare = unpack1 && i != 1;
        if !bare {
            tri!(out.open());
        }
        let r = rests.layout();
        let rs = r.shape_ref();
        tri!(push_tokens(out, r, Node::ROOT, rs.token_count()));
        if beyond.t != 0 {
            tri!(push_tokens(out, self, beyond, s.token_count() - 1));
        }
        if !bare {
            tri!(out.close());
        }
        tri!(out.close());
        Ok(true)
    }

    /// [`Layout::try_zipped_divide`] in one builder when every element of a tuple tiler
    /// meets a single-mode mode `s:d` (the fast path of [`Layout::try_logical_divide`]):
    /// `((tiles...), (rests..., modes beyond the tiler))`, where the tile of element `e`
    /// is `s:d ∘ e` and its rest `s:d ∘ complement(e, s)`. `None` when the tiler is not
    /// of that form. Written into `b` (an empty builder); answers whether it applied (when
    /// not, `b` holds a partial layout and is to be dropped).
    ///
    /// With `unpack1`, the rests go without their parentheses where there are not exactly
    /// one (what [`unpack`] makes of the zipped layout).
    const fn zipped_divide_single(
        &self,
        t: &Tiler,
        b: &mut LayoutBuilder,
        unpack1: bool,
    ) -> Result<bool, Error> {
        let (rt, rl) = (t.rank(), self.rank());
        if !t.is_tuple() || rt > rl {
            return Ok(false);
        }
        tri!(b.open());
        // the tiles (any element that is not of the form gives up)
        tri!(b.open());
        let mut walk = PairWalk::new(self, t);
        let mut i = 0;
        while i < rt {
            let Some((_, d, e)) = walk.single(self, t, i) else {
                return Ok(false);
            };
            tri!(b.push_sub_composed(d, t.inner_layout(), e));
            walk.advance(self, t, i);
            i += 1;
        }
        tri!(b.close());
        // the rests, then the modes beyond the tiler
        let bare = unpack1 && rl != 1;
        if !bare {
            tri!(b.open());
        }
        let mut walk = PairWalk::new(self, t);
        if !walk.is_on() {
            // (not reached: the tiles above needed the walk over the modes)
            return Ok(false);
        }
        let mut c = Flat::new();
        let mut i = 0;
        while i < rl {
            if let Some((s, d, e)) = walk.single(self, t, i) {
                tri!(push_rest_with(b, t, s, d, e, &mut c));
            } else {
                tri!(b.copy_range(self, walk.mode(), self.shape_ref().node_end(walk.mode())));
            }
            walk.advance(self, t, i);
            i += 1;
        }
        if !bare {
            tri!(b.close());
        }
        tri!(b.close());
        Ok(true)
    }

    /// [`Layout::try_zipped_divide`], panicking with the error's message.
    #[track_caller]
    pub const fn zipped_divide(&self, t: &Tiler) -> Layout {
        unwrap_or_panic!(self.try_zipped_divide(t))
    }

    /// [`Layout::try_zipped_divide`] with the rest mode unpacked: `((tiles...), rest0, rest1,
    /// ...)` (CuTe's `tiled_divide`).
    ///
    /// ```
    /// use rcute::{layout, tiler};
    /// let a = layout!((_9,(_4,_8)):(_59,(_13,_1)));
    /// assert_eq!(a.tiled_divide(&tiler!((_3:_3, (_2,_4):(_1,_8)))).to_string(),
    ///            "((_3,(_2,_4)),_3,(_2,_2)):((_177,(_13,_2)),_59,(_26,_1))");
    /// ```
    pub const fn try_tiled_divide(&self, t: &Tiler) -> Result<Layout, Error> {
        if small_applies(self, t) {
            let mut small = Small::new();
            if divide_small(self, t, Form::Tiled, &mut small) {
                return Ok(small.layout());
            }
        }
        self.tiled_divide_few(t)
    }

    /// [`Layout::try_tiled_divide`] where the direct path of single modes does not apply:
    /// the direct path of coalesced modes ([`divide_few`], which answers the general path's
    /// first error where a walk fails), else the general path.
    #[inline(never)]
    const fn tiled_divide_few(&self, t: &Tiler) -> Result<Layout, Error> {
        if few_applies(self, t) {
            let mut big = Big::new();
            let mut fail = None;
            if divide_few::<false>(self, t, Form::Tiled, &mut big, &mut fail) {
                return Ok(big.layout());
            }
            if let Some(e) = fail {
                return Err(e);
            }
        } else if tree_applies(self, t) {
            return self.divide_tree_or_general(t, Form::Tiled);
        }
        self.tiled_divide_general(t)
    }

    /// [`Layout::try_tiled_divide`] without its direct path for single modes
    /// ([`divide_small`]).
    #[inline(always)]
    const fn tiled_divide_general(&self, t: &Tiler) -> Result<Layout, Error> {
        if !t.is_tuple() {
            // by a layout or an integer, over a layout of a few modes: the divided layout
            // built with its second mode unpacked (where that fails, or where the zipped
            // layout, two tokens more, might not fit, the zipped layout and then
            // `unpack`, for the same answer or error)
            if !matches!(t.kind(), TilerKind::Underscore) && !self.shape_ref().is_leaf() {
                let mut b = LayoutBuilder::new();
                if let Ok(true) = tiled_by_layout(self, t.inner_layout(), &mut b)
                    && b.mark() + 2 <= NODE_CAPACITY
                {
                    return finish_plain(&mut b, self, t);
                }
            }
            // the zipped layout unpacked where it was built
            let mut res = self.zipped_divide_general(t);
            if let Ok(z) = &mut res
                && let Err(e) = unpack_in_place(z, false)
            {
                return Err(e);
            }
            return res;
        }
        // the zipped layout built with its second mode unpacked; where that fails, or
        // where the zipped layout (two tokens more) might not have fit, the zipped layout
        // and then `unpack`, for the same answer or error
        let mut b = LayoutBuilder::new();
        let first = if self.single_applies(t) {
            self.zipped_divide_single(t, &mut b, true)
        } else {
            match self.zipped_divide_split(t, &mut b, true) {
                Ok(true) => Ok(true),
                // the divided layout and its zip decide
                _ => Ok(false),
            }
        };
        let built = match first {
            Ok(true) => b.mark() + 2 <= NODE_CAPACITY,
            Ok(false) => {
                b.clear();
                // the divided layout zipped where it was built
                let mut d = LayoutBuilder::new();
                self.logical_divide_tuple_in(t, &mut d).is_ok()
                    && zip2_into(&mut b, d.finished(), t.guide(), true).is_ok()
                    && b.mark() + 2 <= NODE_CAPACITY
            }
            Err(_) => false,
        };
        if built {
            return finish_plain(&mut b, self, t);
        }
        unpack(&tri!(self.zipped_divide_general(t)), false)
    }

    /// [`Layout::try_tiled_divide`], panicking with the error's message.
    #[track_caller]
    pub const fn tiled_divide(&self, t: &Tiler) -> Layout {
        unwrap_or_panic!(self.try_tiled_divide(t))
    }

    /// [`Layout::try_zipped_divide`] with both modes unpacked: `(tiles..., rests...)`
    /// (CuTe's `flat_divide`).
    ///
    /// ```
    /// use rcute::{layout, tiler};
    /// let a = layout!((_9,(_4,_8)):(_59,(_13,_1)));
    /// assert_eq!(a.flat_divide(&tiler!((_3:_3, (_2,_4):(_1,_8)))).to_string(),
    ///            "(_3,(_2,_4),_3,(_2,_2)):(_177,(_13,_2),_59,(_26,_1))");
    /// ```
    pub const fn try_flat_divide(&self, t: &Tiler) -> Result<Layout, Error> {
        unpack(&tri!(self.try_zipped_divide(t)), true)
    }

    /// [`Layout::try_flat_divide`], panicking with the error's message.
    #[track_caller]
    pub const fn flat_divide(&self, t: &Tiler) -> Layout {
        unwrap_or_panic!(self.try_flat_divide(t))
    }
}

impl IntTuple {
    /// The number of tiles of `tiler` that cover the shape `self`: the rest mode of a
    /// logical divide (CuTe's `ceil_div(target, tiler)`): for a layout tiler,
    /// `shape(complement(tiler, self))`; for an integer or a shape, [`IntTuple::try_ceil_div`];
    /// a tuple tiler works mode by mode.
    ///
    /// ```
    /// use rcute::{int_tuple, tiler};
    /// assert_eq!(int_tuple!((_10,_10)).ceil_div_tiler(&tiler!((_4:_1,_4:_1))).to_string(), "(_3,_3)");
    /// assert_eq!(int_tuple!((10,10)).ceil_div_tiler(&tiler!(_4:_1)).to_string(), "30");
    /// ```
    pub const fn try_ceil_div_tiler(&self, t: &Tiler) -> Result<IntTuple, Error> {
        match t.kind() {
            TilerKind::Layout(l) => Ok(tri!(l.try_complement(self)).shape()),
            TilerKind::Integer(n) => self.try_ceil_div(&IntTuple::from_int(n)),
            TilerKind::Underscore => Err(Error::WrongKind {
                msg: "ceil_div: '_' is not a divisor",
            }),
            TilerKind::Tuple => {
                if self.is_leaf() || self.rank() < t.rank() {
                    return Err(Error::RankMismatch {
                        msg: "ceil_div: the tiler has more modes than the shape",
                        expected: self.rank(),
                        found: t.rank(),
                    });
                }
                let mut out = IntTuple::stream();
                tri!(out.push_open());
                let mut i = 0;
                while i < self.rank() {
                    let m = tri!(self.try_get(i));
                    let r = if i < t.rank() {
                        tri!(m.try_ceil_div_tiler(&tri!(t.try_element(i))))
                    } else {
                        tri!(m.try_ceil_div(&IntTuple::constant(1)))
                    };
                    tri!(out.push_node(&r, crate::tuple::Node::ROOT));
                    i += 1;
                }
                tri!(out.push_close());
                Ok(out)
            }
        }
    }

    /// [`IntTuple::try_ceil_div_tiler`], panicking with the error's message.
    #[track_caller]
    pub const fn ceil_div_tiler(&self, t: &Tiler) -> IntTuple {
        unwrap_or_panic!(self.try_ceil_div_tiler(t))
    }
}

impl IntTuple {
    /// Whether the shape `self` is evenly divided by `tiler` (CuTe's `evenly_divides`
    /// with a layout tiler): a tuple tiler with more modes than the shape gives `_0`,
    /// otherwise every mode; for one tiler `b`,
    /// `size(self) == size(b) * size(ceil_div(self, b))`.
    ///
    /// ```
    /// use rcute::{int_tuple, tiler};
    /// assert_eq!(int_tuple!((_32,_64)).evenly_divides_tiler(&tiler!((_8:_2,_32))).to_string(), "_1");
    /// assert_eq!(int_tuple!((_32,_64)).evenly_divides_tiler(&tiler!((_8:_3,_32))).to_string(), "_0");
    /// ```
    pub const fn try_evenly_divides_tiler(&self, t: &Tiler) -> Result<Int, Error> {
        match t.kind() {
            TilerKind::Tuple => {
                if t.rank() > self.rank() {
                    return Ok(Int::bool(false, true));
                }
                let mut acc = Int::bool(true, true);
                let mut i = 0;
                while i < t.rank() {
                    let m = tri!(self.try_get(i));
                    acc = acc.and(tri!(m.try_evenly_divides_tiler(&tri!(t.try_element(i)))));
                    i += 1;
                }
                Ok(acc)
            }
            TilerKind::Integer(n) => self.try_evenly_divides(&IntTuple::from_int(n)),
            TilerKind::Underscore => Err(Error::WrongKind {
                msg: "evenly_divides: '_' is not a divisor",
            }),
            TilerKind::Layout(l) => {
                let sa = tri!(self.try_product());
                let q = tri!(self.try_ceil_div_tiler(t));
                let rhs = tri!(tri!(l.try_size()).try_mul(tri!(q.try_product())));
                Ok(sa.eq(rhs))
            }
        }
    }

    /// [`IntTuple::try_evenly_divides_tiler`], panicking with the error's message.
    #[track_caller]
    pub const fn evenly_divides_tiler(&self, t: &Tiler) -> Int {
        unwrap_or_panic!(self.try_evenly_divides_tiler(t))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::builder::{LayoutBuilder, pair};
    use crate::algebra::testgen::Gen;
    use crate::algebra::tiler::{Tiler, by_mode};

    /// `zip2_by(t, guide)` on a layout: at each leaf of the guide the mode must have rank 2
    /// `(a, b)`; the result gathers `((a...), (b..., modes of t beyond the guide))`.
    pub(crate) const fn zip2_by_reference(l: &Layout, guide: &IntTuple) -> Result<Layout, Error> {
        if guide.is_leaf() {
            if l.rank() != 2 || l.shape_ref().is_leaf() {
                return Err(Error::RankMismatch {
                    msg: "zipped: the mode at a leaf of the tiler must have rank 2 (a '_' needs a mode that is already a pair)",
                    expected: 2,
                    found: l.rank(),
                });
            }
            return Ok(*l);
        }
        let gr = guide.rank();
        let tr = l.rank();
        if tr < gr {
            return Err(Error::RankMismatch {
                msg: "zipped: the tiler has more modes than the layout",
                expected: tr,
                found: gr,
            });
        }
        let mut first = LayoutBuilder::new();
        let mut second = LayoutBuilder::new();
        tri!(first.open());
        tri!(second.open());
        let mut i = 0;
        while i < gr {
            let split = tri!(zip2_by_reference(
                &tri!(l.try_mode(i)),
                &tri!(guide.try_get(i))
            ));
            tri!(first.push_layout(&tri!(split.try_mode(0))));
            tri!(second.push_layout(&tri!(split.try_mode(1))));
            i += 1;
        }
        while i < tr {
            tri!(second.push_layout(&tri!(l.try_mode(i))));
            i += 1;
        }
        tri!(first.close());
        tri!(second.close());
        pair(&tri!(first.finish()), &tri!(second.finish()))
    }

    /// The ends found in one pass are `node_end` of every node, and the ranks `rank_at`,
    /// on random nested shapes.
    #[test]
    fn ends_in_one_pass_are_node_end() {
        let mut g = Gen(59);
        let mut nodes = 0;
        for _ in 0..2000 {
            let l = g.layout(3);
            let s = l.shape_ref();
            let ends = Ends::of(s);
            let mut k = Node::ROOT;
            while k.t < s.token_count() {
                if !s.is_close(k) {
                    assert_eq!(ends.end(k), s.node_end(k), "{s} at {k:?}");
                    assert_eq!(ends.rank(s, k), s.rank_at(k), "{s} at {k:?}");
                    nodes += 1;
                }
                if s.is_leaf_node(k) {
                    k.l += 1;
                }
                k.t += 1;
            }
        }
        assert!(nodes > 10_000, "{nodes} nodes");
    }

    /// Dividing by a layout with the coalesced shape and the complement kept as flat
    /// modes gives exactly the definition's answer (values, static bits, errors) on
    /// random layouts and tilers.
    #[test]
    fn divide_by_layout_is_the_definition() {
        let mut g = Gen(41);
        let (mut compared, mut oks) = (0, 0);
        for _ in 0..4000 {
            let a = g.layout(2);
            let tl = g.layout(1);
            let want = (|| {
                let target = if a.shape_ref().is_leaf() {
                    *a.shape_ref()
                } else {
                    a.try_coalesce()?.shape()
                };
                let c = tl.try_complement(&target)?;
                a.try_composition(&pair(&tl, &c)?)
            })();
            let got = a.try_logical_divide(&Tiler::layout(tl));
            if let Ok(t) = Tiler::try_tuple(&[Tiler::layout(tl), Tiler::UNDERSCORE]) {
                // the same division as the first element of a tuple tiler, read in place
                if let Ok(p) = Layout::try_parse(&std::format!(
                    "({},_7):({},_1)",
                    a.shape_ref(),
                    a.stride_ref()
                )) {
                    let r = p.try_logical_divide(&t).map(|r| r.mode(0));
                    assert_eq!(r, want, "logical_divide({p}, {t})");
                }
            }
            assert_eq!(got, want, "logical_divide({a}, {tl})");
            compared += 1;
            oks += usize::from(got.is_ok());
        }
        assert_eq!(compared, 4000);
        assert!(oks > 400, "{oks} answers");
    }

    /// Composing with the divisor pair without building it (`compose_pair_into`, `a`'s
    /// modes coalesced once) gives exactly what composing with the built pair gives
    /// (values, static bits, errors), on random layouts, tilers and complements.
    #[test]
    fn pair_composed_in_place_is_the_built_pair() {
        let mut g = Gen(47);
        let (mut compared, mut oks) = (0, 0);
        for _ in 0..6000 {
            let a = g.layout(2);
            let tl = g.layout(1);
            let c = g.layout(1);
            let (src, cm) = (Modes::sub(&a, Node::ROOT), Modes::sub(&c, Node::ROOT));
            if a.shape_ref().is_leaf() || src.s(src.len() - 1).is_constant(1) {
                continue;
            }
            let mut f = Flat::new();
            let mut cf = Flat::new();
            if coalesce_into(src, false, false, Sink::Flat(&mut f)).is_err()
                || crate::algebra::modes::coalesce_into(cm, false, false, Sink::Flat(&mut cf))
                    .is_err()
            {
                continue;
            }
            let mut want = LayoutBuilder::new();
            let want = compose_with_pair(&a, Node::ROOT, &tl, Node::ROOT, &cf, &mut want)
                .and_then(|()| want.finish());
            let mut got = LayoutBuilder::new();
            let got =
                compose_pair_into(&f, &tl, Node::ROOT, &cf, &mut got).and_then(|()| got.finish());
            assert_eq!(got, want, "{a} o ({tl}, {c})");
            compared += 1;
            oks += usize::from(got.is_ok());
        }
        assert!(compared > 3000, "{compared} compared");
        assert!(oks > 500, "{oks} answers");
    }

    /// `tiled_divide` built with its second mode unpacked gives exactly `unpack` of the
    /// zipped divide (values, static bits, errors) on random layouts and tilers.
    #[test]
    fn tiled_divide_is_the_unpacked_zipped_divide() {
        let mut g = Gen(43);
        let (mut compared, mut oks) = (0, 0);
        for _ in 0..4000 {
            let a = g.layout(2);
            let r = 1 + g.next(3);
            let elems: std::vec::Vec<std::string::String> = (0..r)
                .map(|_| match g.next(5) {
                    0 => std::string::String::from("_"),
                    1 => std::format!("{}", 1 + g.next(8)),
                    2 => std::format!("({},{})", 1 + g.next(4), 1 + g.next(4)),
                    _ => std::format!("{}", g.layout(1)),
                })
                .collect();
            let text = if r == 1 && g.next(2) == 0 {
                elems[0].clone()
            } else {
                std::format!("({})", elems.join(","))
            };
            let Ok(t) = Tiler::try_parse(&text) else {
                continue;
            };
            let want = a.try_zipped_divide(&t).and_then(|z| unpack(&z, false));
            let got = a.try_tiled_divide(&t);
            assert_eq!(got, want, "tiled_divide({a}, {t})");
            compared += 1;
            oks += usize::from(got.is_ok());
        }
        assert!(compared > 3500, "{compared} compared");
        assert!(oks > 400, "{oks} answers");
    }

    /// The zipped divide built without the divided layout (`zipped_divide_split`) gives
    /// `zip2_by(logical_divide(l, t))` (values, static bits, errors), and the tiled divide
    /// its `unpack`, on random layouts and tuple tilers of layouts, integers and `_`s.
    #[test]
    fn zipped_divide_split_is_the_zipped_logical_divide() {
        let mut g = Gen(71);
        let (mut compared, mut split, mut oks) = (0, 0, 0);
        for _ in 0..6000 {
            let a = g.layout(2);
            let r = 1 + g.next(3);
            let elems: std::vec::Vec<std::string::String> = (0..r)
                .map(|_| match g.next(5) {
                    0 => std::string::String::from("_"),
                    1 => std::format!("{}", 1 + g.next(8)),
                    _ => std::format!("{}", g.layout(1)),
                })
                .collect();
            let Ok(t) = Tiler::try_parse(&std::format!("({})", elems.join(","))) else {
                continue;
            };
            let want = a
                .try_logical_divide(&t)
                .and_then(|d| zip2_by_reference(&d, t.guide()));
            assert_eq!(a.try_zipped_divide(&t), want, "zipped_divide({a}, {t})");
            let tiled = want.and_then(|z| unpack_sliced(&z, false));
            assert_eq!(a.try_tiled_divide(&t), tiled, "tiled_divide({a}, {t})");
            let taken = !a.single_applies(&t)
                && matches!(
                    a.zipped_divide_split(&t, &mut LayoutBuilder::new(), false),
                    Ok(true)
                );
            split += usize::from(taken);
            compared += 1;
            oks += usize::from(tiled.is_ok());
        }
        assert!(compared > 5000, "{compared} compared");
        assert!(split > 400, "{split} split");
        assert!(oks > 1000, "{oks} answers");
    }

    /// Unpacking in place gives exactly the slice's answer: leaf, rank-1, empty and
    /// nested modes, scaled-basis strides, and layouts that are not pairs.
    #[test]
    fn unpack_in_place_is_the_slice() {
        let zs = [
            "((_2,_4),(_3,_5,_6)):((_1,_6),(_2,_24,_120))",
            "(_4,8):(_1,_4)",
            "((2),(3)):((1),(2))",
            "((2,(3,4)),((5,6),7,8)):((1,(2,6)),((24,120),720,5040))",
            "((),(3,4)):((),(1,3))",
            "((2,3),()):((1,2),())",
            "(2,(3,4)):(_1@0,(_1@1,_3@1))",
            "((2,3),4,5):((1,2),6,24)",
            "8:1",
            "((2,2)):((1,2))",
            "(((2,3),4),((5,6),(7,8))):(((1,2),6),((24,120),(720,5040)))",
        ];
        let mut compared = 0;
        for z in zs {
            let z = Layout::try_parse(z).unwrap();
            for unpack0 in [false, true] {
                assert_eq!(
                    unpack(&z, unpack0),
                    unpack_sliced(&z, unpack0),
                    "{z} {unpack0}"
                );
                compared += 1;
            }
        }
        assert_eq!(compared, 2 * zs.len());
    }

    /// Dividing by a tuple tiler (single-mode modes in place) gives the mode-by-mode
    /// definition's answer: each mode divided by its element, the modes beyond kept.
    #[test]
    fn tuple_tiler_divide_is_mode_by_mode() {
        let layouts = [
            "(4096,4096):(1,4096)",
            "(_6,(4,_3),5):(_1,(6,_24),0)",
            "(12,_8):(_-1,12)",
            "(_1,6):(_0,_2)",
            "((2,3),7,_5):((1,2),_6,42)",
            "(8,8,2):(_8,_1,_64)",
        ];
        let tilers = [
            "(_2,_4)",
            "(3,_)",
            "(_2:_3,4)",
            "(_4,(_2,_2):(_1,_4))",
            "(_1,_2,_5)",
            "(_6:_1)",
        ];
        let mut compared = 0;
        for l in layouts {
            let l = Layout::try_parse(l).unwrap();
            for t in tilers {
                let t = Tiler::try_parse(t).unwrap();
                let want = by_mode(&l, &t, true, |m, e| m.try_logical_divide(e));
                assert_eq!(l.try_logical_divide(&t), want, "logical_divide({l}, {t})");
                compared += 1;
            }
        }
        assert_eq!(compared, layouts.len() * tilers.len());
    }

    /// The one-builder zipped divide gives `zip2_by(logical_divide(l, t))`, errors
    /// included, and it is taken for every tiler of single-mode elements.
    #[test]
    fn zipped_divide_in_one_builder_is_the_zipped_logical_divide() {
        let layouts = [
            "(4096,4096):(1,4096)",
            "(_6,(4,_3),5):(_1,(6,_24),0)",
            "(12,_8):(_-1,12)",
            "(_1,6):(_0,_2)",
            "(8,8,2):(_8,_1,_64)",
            "(16,12,7):(1,_16,192)",
            "(_128,_64):(_64,_1)",
        ];
        let tilers = [
            "(_2,_4)",
            "(3,_)",
            "(_2:_3,4)",
            "(_4,(_2,_2):(_1,_4))",
            "(_1,_2,_5)",
            "(_6:_1)",
            "(_8:_2,_3:_4,7)",
            "(_16,_12)",
            "(_5,_5)",
            "(_2:_-1,_2)",
        ];
        let (mut compared, mut fast) = (0, 0);
        for l in layouts {
            let l = Layout::try_parse(l).unwrap();
            for t in tilers {
                let t = Tiler::try_parse(t).unwrap();
                let want = l
                    .try_logical_divide(&t)
                    .and_then(|d| zip2_by(&d, t.guide()));
                assert_eq!(l.try_zipped_divide(&t), want, "zipped_divide({l}, {t})");
                // the fast path applies when each element is a layout or an integer and
                // meets an integral mode
                let applies = t.rank() <= l.rank()
                    && (0..t.rank()).all(|i| {
                        std::format!("{}", t.try_element(i).unwrap()) != "_"
                            && l.mode(i).shape_ref().is_leaf()
                    });
                let taken = !matches!(
                    l.zipped_divide_single(&t, &mut LayoutBuilder::new(), false),
                    Ok(false)
                );
                assert_eq!(taken, applies, "zipped_divide({l}, {t})");
                fast += usize::from(taken);
                compared += 1;
            }
        }
        assert_eq!(compared, layouts.len() * tilers.len());
        assert_eq!(fast, 47);
    }

    /// By a tiler that is not a tuple (a layout, an integer, `_`), the zipped divide
    /// returned where it was built and the tiled divide unpacked there give
    /// `zip2_by(logical_divide(l, t))` and its `unpack`, errors included.
    #[test]
    fn zipped_and_tiled_divide_by_one_tiler_are_the_definition() {
        let mut g = Gen(61);
        let (mut compared, mut oks, mut unpacked) = (0, 0, 0);
        for _ in 0..3000 {
            let a = g.layout(2);
            let t = match g.next(4) {
                0 => Tiler::UNDERSCORE,
                1 => Tiler::try_parse(&std::format!("{}", 1 + g.next(12))).unwrap(),
                _ => Tiler::layout(g.layout(1)),
            };
            let want = a
                .try_logical_divide(&t)
                .and_then(|d| zip2_by_reference(&d, t.guide()));
            assert_eq!(a.try_zipped_divide(&t), want, "zipped_divide({a}, {t})");
            let tiled = want.and_then(|z| unpack_sliced(&z, false));
            assert_eq!(a.try_tiled_divide(&t), tiled, "tiled_divide({a}, {t})");
            if !a.shape_ref().is_leaf() && !matches!(t.kind(), TilerKind::Underscore) {
                let mut b = LayoutBuilder::new();
                unpacked += usize::from(matches!(
                    tiled_by_layout(&a, t.inner_layout(), &mut b),
                    Ok(true)
                ));
            }
            compared += 1;
            oks += usize::from(tiled.is_ok());
        }
        assert_eq!(compared, 3000);
        assert!(oks > 500, "{oks} answers");
        assert!(unpacked > 200, "{unpacked} built unpacked");
    }

    /// The two-walk zip gives the answer of the mode-by-mode definition, errors included.
    #[test]
    fn zip2_by_matches_its_definition() {
        let layouts = [
            "((2,3),(4,5)):((1,2),(6,24))",
            "((_2,_3),(4,5),7):((_1,_2),(6,24),120)",
            "(((2,2),3),((4,1),5)):(((1,2),4),((12,0),48))",
            "(2,3):(1,2)",
            "6:1",
            "((2,3)):((1,2))",
            "((2,(3,4)),(5,6)):((1,(2,6)),(24,120))",
        ];
        let guides = [
            "_0",
            "(_0)",
            "(_0,_0)",
            "(_0,_0,_0)",
            "((_0,_0),_0)",
            "(_0,(_0,_0))",
            "((_0),_0)",
        ];
        let mut compared = 0;
        for l in layouts {
            let l = Layout::try_parse(l).unwrap();
            for g in guides {
                let g = IntTuple::try_parse(g).unwrap();
                assert_eq!(
                    zip2_by(&l, &g),
                    zip2_by_reference(&l, &g),
                    "zip2_by({l}, {g})"
                );
                compared += 1;
            }
        }
        assert_eq!(compared, layouts.len() * guides.len());
    }
}
