//! Building layouts mode by mode (CuTe's `make_layout(L0, L1, ...)` and
//! `transform_layout`), shared by the algebra.

use crate::algebra::modes::Flat;
use crate::error::{Error, tri};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::{IntTuple, Node};

/// Accumulates the shape and stride of a layout being built.
///
/// The layout is built in place (one value, no copies of the parts when it is finished).
pub(crate) struct LayoutBuilder {
    l: Layout,
}

impl LayoutBuilder {
    pub(crate) const fn new() -> LayoutBuilder {
        LayoutBuilder {
            l: Layout::stream(),
        }
    }

    // The shape and the stride are pushed to in step: they always have the same counts,
    // which the pushes of one leaf (and `open`) check once.

    pub(crate) const fn open(&mut self) -> Result<(), Error> {
        IntTuple::push_open_pair(&mut self.l.shape, &mut self.l.stride)
    }

    pub(crate) const fn close(&mut self) -> Result<(), Error> {
        tri!(self.l.shape.push_close());
        self.l.stride.push_close()
    }

    /// Appends a layout as one mode.
    #[inline(never)]
    pub(crate) const fn push_layout(&mut self, l: &Layout) -> Result<(), Error> {
        self.push_sub_range(l, Node::ROOT, l.shape_ref().node_end(Node::ROOT))
    }

    /// Appends the sub-layout of `l` at node `n` as one mode (shape and stride are
    /// congruent, so `n` names the same subtree in both).
    #[inline(never)]
    pub(crate) const fn push_sub(&mut self, l: &Layout, n: Node) -> Result<(), Error> {
        // `push_node` on the shape then on the stride, in one copy (the stride's tokens
        // are the shape's)
        self.push_sub_range(l, n, l.shape_ref().node_end(n))
    }

    /// Appends `s:d ∘ (the sub-layout of l at n)` as one mode, for a single-mode `s:d` and
    /// an `l` with integer strides: the sub-layout with its strides scaled by `d` (see
    /// `compose_leaf`).
    #[inline(always)]
    pub(crate) const fn push_sub_composed(
        &mut self,
        d: Int,
        l: &Layout,
        n: Node,
    ) -> Result<(), Error> {
        if l.shape_ref().is_leaf_node(n) {
            // one integral mode `s:e`, pushed as `s:e*d` (`_0` stays `_0`)
            return self.push_mode_composed(l.shape_ref().int_at(n), l.stride_ref().int_at(n), d);
        }
        self.push_tuple_composed(d, l, n)
    }

    /// [`LayoutBuilder::push_sub_composed`] of a tuple (laid out of line, so that the
    /// integral mode is pushed inline without it): a long one pushed, then its strides
    /// scaled; a short one token by token.
    #[inline(never)]
    const fn push_tuple_composed(&mut self, d: Int, l: &Layout, n: Node) -> Result<(), Error> {
        let end = l.shape_ref().node_end(n);
        if end.t - n.t > 6 {
            let start = self.l.stride.leaf_count();
            tri!(self.push_sub_range(l, n, end));
            return self.l.stride.scale_leaves_from(start, d);
        }
        // a small one (a few tokens) token by token, scaled as it is copied: `push_node`'s
        // checks for the whole subtree first, then the first stride whose scaling fails is
        // the error (what pushing then scaling answers)
        let s = l.shape_ref();
        tri!(self.l.shape.reserve(end.t - n.t, end.l - n.l));
        let mut k = n;
        while k.t < end.t {
            if s.is_leaf_node(k) {
                let e = l.stride_ref().int_at(k);
                let e = if e.is_constant(0) {
                    e
                } else {
                    tri!(e.try_mul(d))
                };
                tri!(self.push_mode(s.int_at(k), e));
                k.l += 1;
            } else if s.is_close(k) {
                tri!(self.close());
            } else {
                tri!(self.open());
            }
            k.t += 1;
        }
        Ok(())
    }

    /// Appends `s:d ∘ (s:e)` for a single-mode `s:d`: the mode `s:e*d` (`_0` stays `_0`),
    /// with the errors of pushing `s:e` and then scaling its stride.
    #[inline(always)]
    pub(crate) const fn push_mode_composed(&mut self, s: Int, e: Int, d: Int) -> Result<(), Error> {
        if e.is_constant(0) {
            return self.push_mode(s, e);
        }
        match e.try_mul(d) {
            Ok(m) => self.push_mode(s, m),
            // the same error as pushing then scaling: a full builder first
            Err(err) => {
                tri!(self.push_mode(s, e));
                Err(err)
            }
        }
    }

    /// Appends `s:d ∘ (the layout of the flat modes f)` as one mode: the single mode as an
    /// integral mode or the modes as a flat tuple, strides scaled by `d` as in
    /// [`LayoutBuilder::push_sub_composed`] (a `_0` stays `_0`).
    #[inline(always)]
    pub(crate) const fn push_flat_composed(&mut self, d: Int, f: &Flat) -> Result<(), Error> {
        if f.n == 1 {
            // the scaling's error before the push's
            let e = f.d(0);
            let e = if e.is_constant(0) {
                e
            } else {
                tri!(e.try_mul(d))
            };
            return self.push_mode(f.s(0), e);
        }
        self.push_flat_tuple_composed(d, f)
    }

    /// [`LayoutBuilder::push_flat_composed`] of other than one mode.
    #[inline(never)]
    const fn push_flat_tuple_composed(&mut self, d: Int, f: &Flat) -> Result<(), Error> {
        let tuple = f.n != 1;
        if tuple {
            tri!(self.open());
        }
        let mut i = 0;
        while i < f.n {
            let e = f.d(i);
            let e = if e.is_constant(0) {
                e
            } else {
                tri!(e.try_mul(d))
            };
            tri!(self.push_mode(f.s(i), e));
            i += 1;
        }
        if tuple {
            tri!(self.close());
        }
        Ok(())
    }

    /// Appends the layout of the flat modes `f` (a complement or a coalesce: at least one
    /// mode) as one mode: the single mode as an integral mode, or the modes as a flat
    /// tuple, with the capacity errors of pushing that layout with
    /// [`LayoutBuilder::push_layout`].
    pub(crate) const fn push_flat(&mut self, f: &Flat) -> Result<(), Error> {
        let tuple = f.n != 1;
        let ntok = if tuple { f.n + 2 } else { 1 };
        tri!(self.l.shape.reserve(ntok, f.n));
        if tuple {
            tri!(self.open());
        }
        let mut i = 0;
        while i < f.n {
            tri!(self.push_mode(f.s(i), f.d(i)));
            i += 1;
        }
        if tuple {
            tri!(self.close());
        }
        Ok(())
    }

    /// Whether `ntok` more tokens holding `nleaf` more leaves fit (shape and stride alike).
    #[inline]
    pub(crate) const fn fits(&self, ntok: usize, nleaf: usize) -> bool {
        self.l.shape.reserve(ntok, nleaf).is_ok()
    }

    /// A mark for [`LayoutBuilder::unwrap_single`]: where the next mode starts.
    pub(crate) const fn mark(&self) -> usize {
        self.l.shape.token_count()
    }

    /// Turns a tuple opened at `mark` that holds exactly one integral mode into that mode
    /// (the tuple is not closed yet).
    pub(crate) const fn unwrap_single(&mut self, mark: usize) {
        self.l.shape.unwrap_single(mark);
        self.l.stride.unwrap_single(mark);
    }

    /// Appends one integral mode `s:d`.
    #[inline(always)]
    pub(crate) const fn push_mode(&mut self, s: Int, d: Int) -> Result<(), Error> {
        IntTuple::push_leaf_pair_in_step(&mut self.l.shape, &mut self.l.stride, s, d)
    }

    /// Appends the sub-layout of `l` at node `n` as one mode, as [`LayoutBuilder::push_sub`]
    /// does (the same errors); a small one token by token, without slice copies (a call
    /// of `memcpy` each, which costs more than a few tokens).
    #[inline]
    pub(crate) const fn push_sub_mode(&mut self, l: &Layout, n: Node) -> Result<(), Error> {
        let s = l.shape_ref();
        if s.is_leaf_node(n) {
            // `push_leaf`'s checks: the nodes, then the leaves
            return IntTuple::push_leaf_pair_nodes_first(
                &mut self.l.shape,
                &mut self.l.stride,
                s.int_at(n),
                l.stride_ref().int_at(n),
            );
        }
        self.push_sub_range(l, n, s.node_end(n))
    }

    /// [`LayoutBuilder::push_sub_range`] as a call of its own (for the divides, so that
    /// the copies inlined elsewhere stay as they are).
    #[inline(never)]
    pub(crate) const fn copy_range(&mut self, l: &Layout, n: Node, end: Node) -> Result<(), Error> {
        self.push_sub_range(l, n, end)
    }

    /// [`LayoutBuilder::push_sub_mode`] where the end of the node (`node_end(n)`) is
    /// known.
    pub(crate) const fn push_sub_range(
        &mut self,
        l: &Layout,
        n: Node,
        end: Node,
    ) -> Result<(), Error> {
        let s = l.shape_ref();
        if s.is_leaf_node(n) {
            return IntTuple::push_leaf_pair_nodes_first(
                &mut self.l.shape,
                &mut self.l.stride,
                s.int_at(n),
                l.stride_ref().int_at(n),
            );
        }
        // `push_node`'s checks, for the whole subtree, then the tokens and leaves copied
        // (the stride's tokens are the shape's)
        IntTuple::push_range_pair(
            &mut self.l.shape,
            &mut self.l.stride,
            s,
            l.stride_ref(),
            n,
            end,
        )
    }

    /// Empties the layout being built (for a path that gives up and starts again).
    #[inline(never)]
    pub(crate) const fn clear(&mut self) {
        self.l = Layout::stream();
    }

    /// The layout built so far, read in place (its `basis` flag is set by
    /// [`LayoutBuilder::finish`]).
    pub(crate) const fn layout(&self) -> &Layout {
        &self.l
    }

    /// The layout built, finished where it is and read in place (no copy).
    pub(crate) const fn finished(&mut self) -> &Layout {
        self.l.basis = self.l.stride.has_basis();
        &self.l
    }

    /// The layout built, as the `Ok` of a result: copied once, into the result (taking
    /// `self` by value and wrapping the layout would copy it twice).
    pub(crate) const fn finish(&mut self) -> Result<Layout, Error> {
        self.l.basis = self.l.stride.has_basis();
        Ok(self.l)
    }
}

/// `make_layout(a, b)`: the two layouts as the two modes of one.
pub(crate) const fn pair(a: &Layout, b: &Layout) -> Result<Layout, Error> {
    let mut lb = LayoutBuilder::new();
    tri!(lb.open());
    tri!(lb.push_layout(a));
    tri!(lb.push_layout(b));
    tri!(lb.close());
    lb.finish()
}

/// Random layouts for the property tests of the shared builders and copies: ranks 1 to 4,
/// depths 1 to 3 (a leaf too), static and dynamic values, powers of two and not, zero and
/// negative strides, a few scaled basis elements, up to [`crate::tuple::CAPACITY`] leaves.
#[cfg(test)]
pub(crate) mod rand_layouts {
    use crate::layout::Layout;
    use std::string::String;
    use std::vec::Vec;

    /// A seeded generator (xorshift64*).
    pub(crate) struct Rng(pub(crate) u64);

    impl Rng {
        pub(crate) fn next(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) % n
        }

        fn int(&mut self, stride: bool) -> String {
            let v: i64 = if stride {
                [
                    0, 1, 2, 3, 4, 6, 7, 8, 12, 16, 32, 64, -1, -2, -3, 5, 24, 1000, 4096,
                ][self.next(19) as usize]
            } else {
                [1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 32, 100][self.next(12) as usize]
            };
            let st = if self.next(2) == 0 { "_" } else { "" };
            if stride && self.next(40) == 0 {
                return std::format!("{st}{v}@{}", self.next(2));
            }
            std::format!("{st}{v}")
        }

        fn tree(&mut self, depth: u32, leaves: &mut usize) -> (String, String) {
            if depth == 0 || *leaves >= 28 || self.next(4) == 0 {
                *leaves += 1;
                return (self.int(false), self.int(true));
            }
            let r = 1 + self.next(4);
            let (mut s, mut d) = (Vec::new(), Vec::new());
            for _ in 0..r {
                let (a, b) = self.tree(depth - 1, leaves);
                s.push(a);
                d.push(b);
            }
            (
                std::format!("({})", s.join(",")),
                std::format!("({})", d.join(",")),
            )
        }

        /// A random layout of depth at most `depth` (3 or less keeps it within capacity).
        pub(crate) fn layout(&mut self, depth: u32) -> Layout {
            let (s, d) = self.tree(depth, &mut 0);
            Layout::try_parse(&std::format!("{s}:{d}")).unwrap()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::LayoutBuilder;
    use super::rand_layouts::Rng;
    use crate::error::{Error, tri};
    use crate::int::Int;
    use crate::layout::Layout;
    use crate::tuple::Node;

    /// [`LayoutBuilder::push_sub_range`] as it was written token by token (the definition
    /// the window copy must match): a leaf as one mode, a long subtree with `push_sub`, a
    /// short one token by token after `push_node`'s checks.
    fn push_sub_range_by_tokens(
        b: &mut LayoutBuilder,
        l: &Layout,
        n: Node,
        end: Node,
    ) -> Result<(), Error> {
        let s = l.shape_ref();
        if s.is_leaf_node(n) {
            tri!(b.l.shape.reserve(1, 1));
            return b.push_mode(s.int_at(n), l.stride_ref().int_at(n));
        }
        if end.t - n.t > 16 {
            return b.push_sub(l, n);
        }
        tri!(b.l.shape.reserve(end.t - n.t, end.l - n.l));
        let mut k = n;
        while k.t < end.t {
            if s.is_leaf_node(k) {
                tri!(b.push_mode(s.int_at(k), l.stride_ref().int_at(k)));
                k.l += 1;
            } else if s.is_close(k) {
                tri!(b.close());
            } else {
                tri!(b.open());
            }
            k.t += 1;
        }
        Ok(())
    }

    /// `open`, `close` and `push_mode`, which check the shape's counts once for both,
    /// answer what pushing onto the shape and then the stride answers, builder states
    /// included, on random sequences of pushes run up to and past the capacities.
    #[test]
    fn pushes_in_step_are_pushes_on_each() {
        let mut g = Rng(0x42);
        let (mut compared, mut errors) = (0, 0);
        for _ in 0..2_000 {
            let mut b = LayoutBuilder::new();
            let (mut x, mut y) = (crate::IntTuple::stream(), crate::IntTuple::stream());
            for k in 0..140 {
                let v = Int::new(k as i64 - 3, k % 3 == 0);
                let (got, want) = match g.next(3) {
                    0 => (b.open(), x.push_open().and_then(|()| y.push_open())),
                    1 => (b.close(), x.push_close().and_then(|()| y.push_close())),
                    _ => (
                        b.push_mode(v, v),
                        crate::IntTuple::push_leaf_pair(&mut x, &mut y, v, v),
                    ),
                };
                assert_eq!(got, want);
                assert!(b.l.shape == x && b.l.stride == y);
                errors += usize::from(got.is_err());
                compared += 1;
            }
        }
        assert_eq!(compared, 280_000);
        assert!(errors > 10_000, "{errors} errors");
    }

    /// Every node of `l`'s shape, the root first, in token order.
    fn nodes(l: &Layout) -> std::vec::Vec<Node> {
        let s = l.shape_ref();
        let mut out = std::vec::Vec::new();
        let mut n = Node::ROOT;
        let end = s.node_end(Node::ROOT);
        while n.t < end.t {
            if !s.is_close(n) {
                out.push(n);
            }
            if s.is_leaf_node(n) {
                n.l += 1;
            }
            n.t += 1;
        }
        out
    }

    /// A builder holding `opens` open parentheses and `modes` integral modes (up to the
    /// capacities), so that a push may fill it or overflow it.
    fn prefilled(g: &mut Rng) -> LayoutBuilder {
        let mut b = LayoutBuilder::new();
        let opens = g.next(40) as usize;
        let modes = g.next(34) as usize;
        for k in 0..opens.max(modes) {
            if k < opens {
                let _ = b.open();
            }
            if k < modes {
                let v = Int::new(1 + k as i64, k % 2 == 0);
                let _ = b.push_mode(v, v);
            }
        }
        b
    }

    /// The window copy of `push_sub_range` (and `push_sub_mode`, which calls it) leaves
    /// the builder exactly as the token-by-token definition does, whole arrays compared
    /// (unused slots zero included), and answers the same errors, on every subtree of
    /// random layouts pushed into builders at every fill, up to and past their capacity.
    #[test]
    fn push_sub_range_is_the_token_by_token_copy() {
        let mut g = Rng(0x41);
        let (mut compared, mut errors, mut windows) = (0, 0, 0);
        for _ in 0..5_000 {
            let depth = 1 + g.next(3) as u32;
            let l = g.layout(depth);
            for n in nodes(&l) {
                let end = l.shape_ref().node_end(n);
                let base = prefilled(&mut g);
                let (mut want, mut got, mut by_mode) = (
                    LayoutBuilder { l: base.l },
                    LayoutBuilder { l: base.l },
                    LayoutBuilder { l: base.l },
                );
                let w = push_sub_range_by_tokens(&mut want, &l, n, end);
                let r = got.push_sub_range(&l, n, end);
                assert_eq!(r, w, "push_sub_range({l}, {n:?})");
                assert!(got.l == want.l, "push_sub_range({l}, {n:?}): {:?}", got.l);
                assert_eq!(by_mode.push_sub_mode(&l, n), w, "push_sub_mode({l}, {n:?})");
                assert!(by_mode.l == want.l, "push_sub_mode({l}, {n:?})");
                errors += usize::from(w.is_err());
                windows += usize::from(end.t - n.t <= 16 && end.t - n.t > 1);
                compared += 1;
            }
        }
        assert!(compared > 30_000, "{compared} compared");
        assert!(
            errors > 1_000 && windows > 10_000,
            "{errors} errors, {windows} windows"
        );
    }
}
