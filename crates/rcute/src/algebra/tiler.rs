//! The `Tiler` type.

use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;
use crate::layout::{Layout, check_shape};
use crate::notation::parse::{parse_int_tuple_at, parse_leaf, skip_ws};
use crate::tuple::{IntTuple, Node};
use core::fmt;

/// Guide leaf for an element that is a layout.
const LAYOUT: Int = Int::constant(0);
/// Guide leaf for an element that is an integer `n` (stored as `make_layout(n)`).
const INTEGER: Int = Int::constant(1);

/// Whether a guide leaf marks an integer element (`_` and [`LAYOUT`] do not).
pub(crate) const fn is_integer(g: Int) -> bool {
    g.is_constant(INTEGER.value())
}

/// `Tiler`: the second argument of composition, the divides and the products.
///
/// A tiler is a layout, an integer `n` (the layout `n:_1`), the underscore `_` (leave the
/// mode alone), or a tuple of tilers applied mode by mode: CuTe's `Tile<...>`, written
/// `(_3:_3, (_2,_4):(_1,_8))`, and shapes such as `(_4,_8)` used as tilers.
///
/// ```
/// use rcute::{Tiler, layout, tiler};
/// const T: Tiler = tiler!((_3:_3, (_2,_4):(_1,_8)));
/// assert_eq!(T.rank(), 2);
/// assert_eq!(T.to_string(), "(_3:_3,(_2,_4):(_1,_8))");
/// let a = layout!((_9,(_4,_8)):(_59,(_13,_1)));
/// assert_eq!(a.composition_tiler(&T).to_string(), "(_3,(_2,_4)):(_177,(_13,_2))");
/// ```
///
///
/// It is stored as one layout whose modes are the elements, and a guide tuple with the
/// nesting of the tiler and the kind of each element.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Tiler {
    layout: Layout,
    guide: IntTuple,
}

/// What one element of a tiler is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TilerKind<'a> {
    /// A layout.
    Layout(&'a Layout),
    /// An integer `n`, which tiles as `n:_1`.
    Integer(Int),
    /// `_`: the mode is left alone.
    Underscore,
    /// A tuple of tilers, applied mode by mode.
    Tuple,
}

impl Tiler {
    /// `_`: leave the mode alone.
    pub const UNDERSCORE: Tiler = Tiler {
        layout: Layout::from_parts(IntTuple::constant(1), IntTuple::constant(0)),
        guide: IntTuple::from_int(Int::UNDERSCORE),
    };

    /// A layout as a tiler.
    pub const fn layout(l: Layout) -> Tiler {
        Tiler {
            layout: l,
            guide: IntTuple::from_int(LAYOUT),
        }
    }

    /// An integer `n` as a tiler: the layout `make_layout(n)` (`n:_1`, or `_1:_0` for `_1`)
    /// in the divides and products; composition uses `n:_1`.
    pub const fn try_integer(n: Int) -> Result<Tiler, Error> {
        if n.is_underscore() {
            return Ok(Tiler::UNDERSCORE);
        }
        // CuTe's make_layout(n): a static _1 gets stride _0
        let l = tri!(Layout::try_from_shape(IntTuple::from_int(n)));
        Ok(Tiler {
            layout: l,
            guide: IntTuple::from_int(INTEGER),
        })
    }

    /// A shape as a tiler: a leaf is an integer tiler, a tuple a tuple of them, and `_`
    /// leaves the mode alone. `(_4,_8)` tiles mode 0 by `_4:_1` and mode 1 by `_8:_1`.
    pub const fn try_from_shape(shape: &IntTuple) -> Result<Tiler, Error> {
        if let Some(n) = shape.as_int() {
            return Tiler::try_integer(n);
        }
        let mut b = TilerBuilder::new();
        tri!(b.open());
        let mut i = 0;
        while i < shape.rank() {
            let t = tri!(Tiler::try_from_shape(&tri!(shape.try_get(i))));
            tri!(b.push(&t));
            i += 1;
        }
        tri!(b.close());
        Ok(b.finish())
    }

    /// A tuple of tilers, applied mode by mode (CuTe's `make_tile(...)`).
    pub const fn try_tuple(elems: &[Tiler]) -> Result<Tiler, Error> {
        let mut b = TilerBuilder::new();
        tri!(b.open());
        let mut i = 0;
        while i < elems.len() {
            tri!(b.push(&elems[i]));
            i += 1;
        }
        tri!(b.close());
        Ok(b.finish())
    }

    /// [`Tiler::try_tuple`], panicking with the error's message.
    #[track_caller]
    pub const fn tuple(elems: &[Tiler]) -> Tiler {
        unwrap_or_panic!(Tiler::try_tuple(elems))
    }

    /// Parses a tiler in CuTe notation: a layout, an integer, `_`, or a tuple of tilers.
    ///
    /// ```
    /// use rcute::Tiler;
    /// assert_eq!(Tiler::parse("(_4,(8:2,_))").to_string(), "(_4,(8:2,_))");
    /// assert!(Tiler::try_parse("(_4,").is_err());
    /// ```
    pub const fn try_parse(s: &str) -> Result<Tiler, Error> {
        let bytes = s.as_bytes();
        let (t, p) = tri!(parse_item(bytes, 0));
        let p = skip_ws(bytes, p);
        if p != bytes.len() {
            return Err(Error::Parse {
                msg: "unexpected input after the tiler",
                pos: p,
            });
        }
        Ok(t)
    }

    /// [`Tiler::try_parse`], panicking with the error's message.
    #[track_caller]
    pub const fn parse(s: &str) -> Tiler {
        unwrap_or_panic!(Tiler::try_parse(s))
    }

    /// What this tiler is at the top level.
    pub const fn kind(&self) -> TilerKind<'_> {
        match self.guide.as_int() {
            None => TilerKind::Tuple,
            Some(g) if g.is_underscore() => TilerKind::Underscore,
            Some(g) if is_integer(g) => TilerKind::Integer(self.layout.shape().leaf(0)),
            Some(_) => TilerKind::Layout(&self.layout),
        }
    }

    /// Whether this is a tuple of tilers.
    pub const fn is_tuple(&self) -> bool {
        self.guide.is_tuple()
    }

    /// The number of elements; 1 when this is not a tuple.
    pub const fn rank(&self) -> usize {
        self.guide.rank()
    }

    /// Element `i` of a tuple tiler (a tiler that is not a tuple is its own element 0).
    pub const fn try_element(&self, i: usize) -> Result<Tiler, Error> {
        if !self.is_tuple() {
            if i == 0 {
                return Ok(*self);
            }
            return Err(Error::IndexOutOfRange {
                msg: "tiler: element index out of range",
                index: i as i64,
                rank: 1,
            });
        }
        let r = self.guide.rank();
        if i >= r {
            return Err(Error::IndexOutOfRange {
                msg: "tiler: element index out of range",
                index: i as i64,
                rank: r,
            });
        }
        let n = self.guide.child(Node::ROOT, i);
        let guide = if self.guide.is_leaf_node(n) {
            IntTuple::from_int(self.guide.int_at(n))
        } else {
            self.guide.subtree(n)
        };
        let layout = tri!(self.layout.try_mode(i));
        Ok(Tiler { layout, guide })
    }

    /// Keeps the elements paired with integers in `proj` and drops those paired with `_`
    /// (CuTe's `dice(proj, tiler)`, the projection of `local_tile`): `(_1,X,_1)` keeps
    /// elements 0 and 2.
    ///
    /// ```
    /// use rcute::{int_tuple, tiler};
    /// let t = tiler!((_32,_64,_4));
    /// assert_eq!(t.dice(&int_tuple!((_1,_,_1))).to_string(), "(_32,_4)");
    /// ```
    pub const fn try_dice(&self, proj: &IntTuple) -> Result<Tiler, Error> {
        if let Some(p) = proj.as_int() {
            if p.is_underscore() {
                return Err(Error::WrongKind {
                    msg: "dice: the projection drops the whole tiler",
                });
            }
            return Ok(*self);
        }
        let mut b = TilerBuilder::new();
        tri!(b.open());
        tri!(dice_into(&mut b, self, proj));
        tri!(b.close());
        Ok(b.finish())
    }

    /// [`Tiler::try_dice`], panicking with the error's message.
    #[track_caller]
    pub const fn dice(&self, proj: &IntTuple) -> Tiler {
        unwrap_or_panic!(self.try_dice(proj))
    }

    /// The guide: the nesting of the tiler (used by `zip2_by` in the zipped operations).
    pub(crate) const fn guide(&self) -> &IntTuple {
        &self.guide
    }

    /// A layout tiler's layout (for a tuple, the layout of all elements as modes).
    pub(crate) const fn inner_layout(&self) -> &Layout {
        &self.layout
    }

    /// The same tiler with another inner layout of the same structure (the typed layer
    /// numbers its dynamic leaves, and fills them back in).
    pub(crate) const fn with_inner_layout(&self, layout: Layout) -> Tiler {
        Tiler {
            layout,
            guide: self.guide,
        }
    }

    /// Element `i` of a tuple tiler as a layout, when it is a layout or an integer `n`
    /// (as `make_layout(n)`, which is how the divides and the products read an integer
    /// element: `n:_1`, or `_1:_0` for `_1`), without building the element's tiler; `None`
    /// for `_`, a nested tuple, or an index out of range (use [`Tiler::try_element`]
    /// then).
    pub(crate) const fn element_layout(&self, i: usize) -> Option<Layout> {
        if !self.is_tuple() || i >= self.guide.rank() {
            return None;
        }
        let n = self.guide.child(Node::ROOT, i);
        if !self.guide.is_leaf_node(n) || self.guide.int_at(n).is_underscore() {
            return None;
        }
        match self.layout.try_mode(i) {
            Ok(l) => Some(l),
            Err(_) => None,
        }
    }

    /// [`Tiler::element_layout`] as composition reads it: an integer element `n` as `n:_1`
    /// (CuTe composes a mode with an integral tile as `n:_1`, a `_1` included, where the
    /// divides and the products take `make_layout(n)`).
    pub(crate) const fn composition_element(&self, i: usize) -> Option<Layout> {
        let Some(l) = self.element_layout(i) else {
            return None;
        };
        if is_integer(self.guide.int_at(self.guide.child(Node::ROOT, i))) {
            return Some(unit_stride(l.shape_ref().leaf(0)));
        }
        Some(l)
    }
}

/// The mode-by-mode definition of an operation by a tuple tiler (for the tests): `op` of
/// each mode of `l` and its element of `t`, then the modes beyond the tiler's, kept or
/// dropped; `whole(l, t)` where the tiler has more modes than the layout (the operation's
/// own error).
///
/// The operations write this loop themselves (`coalesce`, the divides, the products,
/// `composition` and their typed twins): each is a `const fn`, and on stable Rust a `const
/// fn` cannot call the operation passed to a shared loop (no closures, function pointers
/// or const trait methods: E0015); the divides and `composition` also interleave a
/// single-mode fast path (`PairWalk`) and `composition` drops the modes beyond the tiler.
/// This definition (the tests check `logical_divide` and `composition` against it) is the
/// one written once.
#[cfg(test)]
pub(crate) fn by_mode(
    l: &Layout,
    t: &Tiler,
    keep_rest: bool,
    op: impl Fn(&Layout, &Tiler) -> Result<Layout, Error>,
) -> Result<Layout, Error> {
    if t.rank() > l.rank() {
        return op(l, t);
    }
    let mut b = crate::algebra::builder::LayoutBuilder::new();
    b.open()?;
    for i in 0..l.rank() {
        let mode = l.try_mode(i)?;
        if i < t.rank() {
            b.push_layout(&op(&mode, &t.try_element(i)?)?)?;
        } else if keep_rest {
            b.push_layout(&mode)?;
        }
    }
    b.close()?;
    b.finish()
}

/// `n:_1`: how composition reads an integer tiler `n`.
pub(crate) const fn unit_stride(n: Int) -> Layout {
    Layout::from_parts(IntTuple::from_int(n), IntTuple::from_int(Int::ONE))
}

impl From<Layout> for Tiler {
    fn from(l: Layout) -> Tiler {
        Tiler::layout(l)
    }
}

impl core::str::FromStr for Tiler {
    type Err = Error;
    fn from_str(s: &str) -> Result<Tiler, Error> {
        Tiler::try_parse(s)
    }
}

/// Builds a tuple tiler element by element.
pub(crate) struct TilerBuilder {
    shape: IntTuple,
    stride: IntTuple,
    guide: IntTuple,
}

impl TilerBuilder {
    pub(crate) const fn new() -> TilerBuilder {
        TilerBuilder {
            shape: IntTuple::stream(),
            stride: IntTuple::stream(),
            guide: IntTuple::stream(),
        }
    }

    pub(crate) const fn open(&mut self) -> Result<(), Error> {
        tri!(self.shape.push_open());
        tri!(self.stride.push_open());
        self.guide.push_open()
    }

    pub(crate) const fn close(&mut self) -> Result<(), Error> {
        tri!(self.shape.push_close());
        tri!(self.stride.push_close());
        self.guide.push_close()
    }

    pub(crate) const fn push(&mut self, t: &Tiler) -> Result<(), Error> {
        tri!(self.shape.push_node(t.layout.shape_ref(), Node::ROOT));
        tri!(self.stride.push_node(t.layout.stride_ref(), Node::ROOT));
        self.guide.push_node(&t.guide, Node::ROOT)
    }

    pub(crate) const fn finish(self) -> Tiler {
        Tiler {
            layout: Layout::from_parts(self.shape, self.stride),
            guide: self.guide,
        }
    }
}

/// Whether every element of the tiler (recursively) is an integer.
const fn all_integers(guide: &IntTuple) -> bool {
    let mut i = 0;
    while i < guide.leaf_count() {
        if !is_integer(guide.leaf(i)) {
            return false;
        }
        i += 1;
    }
    true
}

/// Parses `shape ':' stride` given the already parsed shape.
const fn layout_after(shape: IntTuple, s: &[u8], colon: usize) -> Result<(Tiler, usize), Error> {
    let q = skip_ws(s, colon + 1);
    let (stride, r) = tri!(parse_int_tuple_at(s, q));
    if let Err(e) = check_shape(&shape, "tiler: a shape must hold integers only") {
        return Err(match e {
            Error::InvalidShape { msg, .. } => Error::Parse { msg, pos: colon },
            other => other,
        });
    }
    if !shape.congruent(&stride) {
        return Err(Error::Parse {
            msg: "the stride is not congruent to the shape",
            pos: q,
        });
    }
    Ok((Tiler::layout(Layout::from_parts(shape, stride)), r))
}

const fn parse_item(s: &[u8], pos: usize) -> Result<(Tiler, usize), Error> {
    let p = skip_ws(s, pos);
    if p < s.len() && s[p] == b'(' {
        let mut b = TilerBuilder::new();
        tri!(b.open());
        let mut q = skip_ws(s, p + 1);
        if q < s.len() && s[q] == b')' {
            return Err(Error::Parse {
                msg: "a tiler cannot be the empty tuple",
                pos: q,
            });
        }
        loop {
            let (t, r) = tri!(parse_item(s, q));
            if let Err(e) = b.push(&t) {
                return Err(match e {
                    Error::Capacity { msg, .. } => Error::Parse { msg, pos: q },
                    other => other,
                });
            }
            q = skip_ws(s, r);
            if q < s.len() && s[q] == b',' {
                q += 1;
                continue;
            }
            if q < s.len() && s[q] == b')' {
                q += 1;
                break;
            }
            return Err(Error::Parse {
                msg: "expected ',' or ')'",
                pos: q,
            });
        }
        tri!(b.close());
        let t = b.finish();
        let r = skip_ws(s, q);
        if r < s.len() && s[r] == b':' {
            if !all_integers(&t.guide) {
                return Err(Error::Parse {
                    msg: "the shape of a layout must be a tuple of integers",
                    pos: p,
                });
            }
            return layout_after(t.layout.shape(), s, r);
        }
        return Ok((t, q));
    }
    let (leaf, q) = tri!(parse_leaf(s, p));
    let r = skip_ws(s, q);
    if r < s.len() && s[r] == b':' {
        return layout_after(IntTuple::from_int(leaf), s, r);
    }
    match Tiler::try_integer(leaf) {
        Ok(t) => Ok((t, q)),
        Err(_) => Err(Error::Parse {
            msg: "a tiler integer must be positive",
            pos: p,
        }),
    }
}

impl fmt::Display for Tiler {
    /// CuTe's `print` of the tile: layouts as `S:D`, integers as themselves, `_`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            TilerKind::Layout(l) => fmt::Display::fmt(l, f),
            TilerKind::Integer(n) => fmt::Display::fmt(&n, f),
            TilerKind::Underscore => f.write_str("_"),
            TilerKind::Tuple => {
                f.write_str("(")?;
                for i in 0..self.rank() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    let e = self.try_element(i).map_err(|_| fmt::Error)?;
                    fmt::Display::fmt(&e, f)?;
                }
                f.write_str(")")
            }
        }
    }
}

impl fmt::Debug for Tiler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tiler({self})")
    }
}

/// A [`Tiler`] written in CuTe notation, evaluated at compile time: a layout, an integer,
/// `_`, or a tuple of those.
///
/// ```
/// use rcute::{Tiler, tiler};
/// const T: Tiler = tiler!((_4, _8:_2, _));
/// assert_eq!(T.to_string(), "(_4,_8:_2,_)");
/// ```
#[macro_export]
macro_rules! tiler {
    () => {
        ::core::compile_error!("tiler! needs a tiler in CuTe notation, e.g. tiler!((_4:_1, _8:_2))")
    };
    ($($t:tt)+) => {
        const { $crate::Tiler::parse(::core::stringify!($($t)+)) }
    };
}

/// The elements of `t` paired with integers in `proj`, pushed into `b` (CuTe's
/// `lift_dice`).
const fn dice_into(b: &mut TilerBuilder, t: &Tiler, proj: &IntTuple) -> Result<(), Error> {
    if let Some(p) = proj.as_int() {
        if p.is_underscore() {
            return Ok(());
        }
        return b.push(t);
    }
    if !t.is_tuple() || t.rank() != proj.rank() {
        return Err(Error::RankMismatch {
            msg: "dice: the projection and the tiler have different ranks",
            expected: t.rank(),
            found: proj.rank(),
        });
    }
    let mut i = 0;
    while i < proj.rank() {
        tri!(dice_into(
            b,
            &tri!(t.try_element(i)),
            &tri!(proj.try_get(i))
        ));
        i += 1;
    }
    Ok(())
}

/// Walks the modes of a layout alongside the elements of a tuple tiler, to find the modes
/// that are one integral mode `s:d` paired with a layout or integer element: those the
/// by-mode operations can compute in place (crate-internal).
pub(crate) struct PairWalk {
    on: bool,
    rank: usize,
    mode: Node,
    elem: Node,
    guide: Node,
}

impl PairWalk {
    /// Starts at mode 0; the walk finds nothing for a single-mode layout or a tiler with
    /// scaled-basis strides.
    #[inline]
    pub(crate) const fn new(l: &Layout, t: &Tiler) -> PairWalk {
        let on = t.is_tuple() && !l.shape_ref().is_leaf() && !t.layout.has_basis_strides();
        PairWalk {
            on,
            rank: t.rank(),
            mode: if on {
                l.shape_ref().first_child(Node::ROOT)
            } else {
                Node::ROOT
            },
            elem: if on {
                t.layout.shape_ref().first_child(Node::ROOT)
            } else {
                Node::ROOT
            },
            guide: if on {
                t.guide.first_child(Node::ROOT)
            } else {
                Node::ROOT
            },
        }
    }

    /// At mode `i`: `(s, d, e)` when mode `i` of `l` is the integral mode `s:d` and element
    /// `i` of `t` is a layout or an integer, found at node `e` of `t.inner_layout()`.
    #[inline]
    pub(crate) const fn single(&self, l: &Layout, t: &Tiler, i: usize) -> Option<(Int, Int, Node)> {
        if !self.on || i >= self.rank || !l.shape_ref().is_leaf_node(self.mode) {
            return None;
        }
        // a layout or an integer element: a guide leaf that is not `_`
        if !t.guide.is_leaf_node(self.guide) || t.guide.int_at(self.guide).is_underscore() {
            return None;
        }
        Some((
            l.shape_ref().int_at(self.mode),
            l.stride_ref().int_at(self.mode),
            self.elem,
        ))
    }

    /// At mode `i`: `(m, e)` when element `i` of `t` is a layout or an integer, found at
    /// node `e` of `t.inner_layout()`, and mode `i` of `l` is at node `m`.
    #[inline]
    pub(crate) const fn element(&self, l: &Layout, t: &Tiler, i: usize) -> Option<(Node, Node)> {
        if !self.on || i >= self.rank || l.shape_ref().is_leaf() {
            return None;
        }
        if !t.guide.is_leaf_node(self.guide) || t.guide.int_at(self.guide).is_underscore() {
            return None;
        }
        Some((self.mode, self.elem))
    }

    /// At a mode [`PairWalk::single`] answers: the integer `n` when the element is an
    /// integer (which composition reads as `n:_1`), `None` when it is a layout.
    #[inline]
    pub(crate) const fn integer(&self, t: &Tiler) -> Option<Int> {
        if is_integer(t.guide.int_at(self.guide)) {
            return Some(t.layout.shape_ref().int_at(self.elem));
        }
        None
    }

    /// Whether the walk follows the modes (see [`PairWalk::new`]).
    #[inline]
    pub(crate) const fn is_on(&self) -> bool {
        self.on
    }

    /// The node of the current mode of the layout (when the walk is on).
    #[inline]
    pub(crate) const fn mode(&self) -> Node {
        self.mode
    }

    /// Moves from mode `i` to the next (and to the next element while there is one).
    #[inline]
    pub(crate) const fn advance(&mut self, l: &Layout, t: &Tiler, i: usize) {
        if self.on {
            self.mode = l.shape_ref().node_end(self.mode);
            if i < self.rank {
                self.elem = t.layout.shape_ref().node_end(self.elem);
                self.guide = t.guide.node_end(self.guide);
            }
        }
    }
}
