//! pycute's algorithms, step by step: the structure pycute answers (which modes it merges
//! or keeps, the strides of its size-1 modes, how far its inverses go), computed natively
//! on [`Pl`], a small tree of `(shape, stride)` leaves that is cheap to take apart and
//! build (an rcute [`Layout`] is made once, of the answer). `pycute.rs` answers with these
//! where rcute's algebra shows the answer is the operation's function.
//!
//! Integers follow Python's rules (`//` and `%` floor); a failed `assert` of pycute's is
//! an `Err` with its condition.
//!
//! # Answers lawful by proof
//!
//! The operations take `lawful: &mut bool`, which they clear where a step falls outside
//! the conditions below; where it stays set, pycute's answer is its operation's function
//! (the law `rcute::law` checks holds), so `pycute.rs` answers it without computing
//! rcute's answer or checking the law. Where it is cleared, `pycute.rs` compares with
//! rcute's answer and checks the law, as for every call before. The package's test
//! `test_pycute_proofs.py` runs thousands of random operands both ways and against pycute.
//!
//! Shapes are positive (an rcute layout's are). `P_k` is the product of the shapes before
//! mode `k` of a flat layout, `A(x)` its function with the last mode taking what is left.
//!
//! - **coalesce** (no profile): pycute skips size-1 modes (they add `0 * d`) and merges
//!   `(s0, d0), (s1, d1)` where `d1 == s0 * d0`: `(x % s0) * d0 + (x / s0 % s1) * s0 * d0
//!   == (x % (s0 * s1)) * d0`. The answer has depth 1 and the same function: always lawful.
//! - **complement(L, n)**, `n >= 1`, the modes of `L` with `d != 0` and `s != 1` sorted by
//!   stride, each `d > 0` and a multiple of `cur` (the extent `s * d` of the mode before,
//!   1 at first). Then pycute's modes `(d / cur, cur)` and the last `(ceil(n / cur), cur)`,
//!   with `L`'s modes, are a column-major layout (each stride the extent of the mode
//!   before): every offset in `[0, cur * ceil(n / cur))` is reached once, so the answer is
//!   ordered (its strides grow with extents between), disjoint from `L`, and has
//!   `cur * ceil(n / cur) / size(filter(L)) >= n / size(filter(L))` elements. pycute's
//!   `assert current_idx <= shape * stride` holds (`d >= cur`). This is CuTe's
//!   construction too, so rcute's `complement(L, n)` is the same function.
//! - **composition(A, B)**, a leaf `(bs, bd)` of `B`, `A` coalesced to flat modes
//!   `(cs_k, cd_k)`: pycute walks the modes with `rest_shape n` and `rest_stride r`
//!   (`bs`, `bd`). With `bd == 0` the answer `(bs, 0)` is `A(0) == 0`. With `r > 0`,
//!   invariant: what is left to answer is `i -> A(P_k * r * i)` on `[0, n)`, modes `>= k`.
//!   At mode `k`: if `r >= cs`, pycute's assert makes `cs | r`, the coordinate in mode `k`
//!   is `r * i % cs == 0`, and pycute goes on with `r / cs` (no mode); if `r < cs`, the
//!   assert makes `r | cs`, `q = cs / r`, the coordinate is `r * (i % q)` and the carry
//!   `i / q`: pycute's mode `(min(q, n), r * cd)` is exact when `n <= q` (nothing is left:
//!   `n` becomes 1) or `q | n` (**the condition checked**: then `n / q` is left with `r = 1`);
//!   pycute floors `n // q` otherwise and loses elements. The last mode takes the rest:
//!   `(n, r * cd)`. Once `n == 1` only `i = 0` is left (`A(0) == 0`). So each leaf of `B`
//!   gives `bs` elements with `R(i) == A(B(i))`, the modes of `B` kept. pycute composes
//!   each leaf of `B` apart: `R(i) == sum A(B_k(i_k))`, which is `A(sum B_k(i_k)) ==
//!   A(B(i))` where no digit of `coalesce(A)` (the coordinate in a mode) carries when the
//!   leaves' indices are added: by the walk, leaf `k` puts at most `r * (new_shape - 1)` in
//!   the digit of mode `k`, and where these maxima, summed over the leaves, stay below the
//!   mode's shape (**checked**, for every mode but the last, which takes any digit), the
//!   digits add without a carry (mode by mode from the lowest) and `A` adds up. `A` beyond
//!   its size is extended by its last leaf (the law's reading, CuTe's): coalescing keeps
//!   that extension where the last leaf has shape `!= 1` (it ends the last merged mode,
//!   and a merge is exact for every `x`), **checked**, or else where `B` stays inside `A`
//!   (`sum (bs_k - 1) * bd_k < size(A)`, **checked**).
//! - **logical_divide(A, B)**: `composition(A, (B, complement(B, size(A))))`, lawful where
//!   the complement and the composition are (above), and where the law's complement of `B`
//!   by the shape of `coalesce(A)` is pycute's by its size: for a shape of one mode it is
//!   `ceil(n / cur)` too; for more, CuTe divides the shape's modes `x` in turn by what is
//!   left of `cur` (`ceil(x / rest)`, then `rest = ceil(rest / x)`), which multiplies to
//!   `ceil(size / cur)` where each step is exact, `x % rest == 0` or `rest % x == 0`
//!   (**checked**).
//! - **logical_product(A, B)**, a layout `B`: `(A, composition(complement(A, size(A) *
//!   cosize(B)), B))`, lawful where the complement (with `size(A) * cosize(B) >= 1`) and
//!   the composition are. An int `B` (pycute divides there) is never.
//! - A tuple tiler: mode by mode (pycute keeps the modes beyond it, as `_` does), lawful
//!   where each mode is.

use rcute::Int;
use rcute::layout::Layout;
use rcute::tuple::{CAPACITY, IntTuple};
use std::borrow::Cow;

/// pycute's refusal (its `assert`, or a division by zero).
pub(crate) type Refusal = String;
type R<T> = Result<T, Refusal>;

/// A pycute layout: a `(shape, stride)` leaf, or a tuple of layouts (pycute's
/// `Layout(tuple(shapes), tuple(strides))`; `(8,):(1,)` is a tuple of one).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Pl {
    Leaf(i64, i64),
    Node(Vec<Pl>),
}

/// A pycute tiler: `None`, a layout (an int is `Layout(n)`), or a tuple of tilers.
pub(crate) enum PcTiler<'a> {
    None,
    /// pycute's tree (borrowed from the argument's object).
    Layout(Cow<'a, Pl>),
    /// An int `n`: pycute's `Layout(n)` (kept apart for the product's treatment of ints).
    Int(Cow<'a, Pl>),
    Tuple(Vec<PcTiler<'a>>),
}

fn floordiv(a: i64, b: i64) -> R<i64> {
    if b == 0 {
        return Err("integer division by zero".into());
    }
    let q = a.checked_div(b).ok_or("overflow")?;
    Ok(if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    })
}

fn pymod(a: i64, b: i64) -> R<i64> {
    Ok(a - b * floordiv(a, b)?)
}

/// The refusal of a product that overflows 64 bits.
#[cold]
fn overflow() -> Refusal {
    "overflow".into()
}

/// The refusal of a flat list that does not fit (the small lists' capacity is a guard).
#[cold]
fn too_many_modes() -> Refusal {
    format!("more than {CAPACITY} modes")
}

fn mul(a: i64, b: i64) -> R<i64> {
    a.checked_mul(b).ok_or_else(|| "overflow".into())
}

/// A layout's leaves, `(shape, stride)` pairs, on the stack (no allocation): the flat
/// lists pycute's algorithms build before they make a layout of them.
///
/// `N` modes at most: [`BIG`] holds every layout's (and one more); [`SMALL`], for operands
/// of at most `SMALL - 2` leaves each (every flat list of their operations has at most
/// one more mode than an operand), is what the common calls use: less to initialize and
/// move.
#[derive(Clone, Copy)]
pub(crate) struct Flat<const N: usize> {
    s: [i64; N],
    d: [i64; N],
    n: usize,
}

/// The modes of a flat list for any layout (a complement has one more than its layout).
const BIG: usize = CAPACITY + 1;
/// The modes of a flat list for small operands.
pub(crate) const SMALL: usize = 8;

/// Whether every layout of the operands has at most `SMALL - 2` leaves.
fn small(a: &Pl, t: Option<&PcTiler>) -> bool {
    fn tiler(t: &PcTiler) -> bool {
        match t {
            PcTiler::None => true,
            PcTiler::Int(l) | PcTiler::Layout(l) => l.has_leaves_at_most(SMALL - 2),
            PcTiler::Tuple(items) => items.iter().all(tiler),
        }
    }
    a.has_leaves_at_most(SMALL - 2) && t.is_none_or(tiler)
}

impl<const N: usize> Flat<N> {
    const EMPTY: Flat<N> = Flat {
        s: [0; N],
        d: [0; N],
        n: 0,
    };

    fn of(l: &Pl) -> R<Flat<N>> {
        let mut f = Flat::EMPTY;
        l.push_leaves(&mut f)?;
        Ok(f)
    }

    /// Pushes a mode; `false` where the list is full.
    #[inline]
    fn try_push(&mut self, s: i64, d: i64) -> bool {
        if self.n >= N {
            return false;
        }
        self.s[self.n] = s;
        self.d[self.n] = d;
        self.n += 1;
        true
    }

    #[inline]
    fn push(&mut self, s: i64, d: i64) -> R<()> {
        if self.n == N {
            return Err(too_many_modes());
        }
        self.s[self.n] = s;
        self.d[self.n] = d;
        self.n += 1;
        Ok(())
    }

    /// pycute's `coalesce` of the flat list (at least one mode: `1:0` for none).
    fn coalesced(&self) -> R<Flat<N>> {
        let mut r = Flat::EMPTY;
        self.coalesce_into(&mut r)?;
        Ok(r)
    }

    /// [`Flat::coalesced`] into `r` (in place: a `Flat` is not moved).
    fn coalesce_into(&self, r: &mut Flat<N>) -> R<()> {
        r.s[0] = 1;
        r.d[0] = 0;
        r.n = 1;
        // the last mode of `r`, kept in registers
        let (mut ls, mut ld) = (1i64, 0i64);
        for k in 0..self.n.min(N) {
            let (s, d) = (self.s[k], self.d[k]);
            if s == 1 {
                continue;
            } else if ls == 1 {
                (ls, ld) = (s, d);
            } else if ls.checked_mul(ld).ok_or_else(overflow)? == d {
                ls = ls.checked_mul(s).ok_or_else(overflow)?;
            } else {
                let last = r.n - 1;
                (r.s[last], r.d[last]) = (ls, ld);
                if !r.try_push(s, d) {
                    return Err(too_many_modes());
                }
                (ls, ld) = (s, d);
            }
        }
        let last = r.n - 1;
        (r.s[last], r.d[last]) = (ls, ld);
        Ok(())
    }

    /// `Layout(tuple(rs), tuple(rd))`, or `Layout(rs[0], rd[0])` for one mode.
    fn pl(&self, unwrap_one: bool) -> Pl {
        if unwrap_one && self.n == 1 {
            return Pl::Leaf(self.s[0], self.d[0]);
        }
        Pl::Node(
            (0..self.n)
                .map(|k| Pl::Leaf(self.s[k], self.d[k]))
                .collect(),
        )
    }
}

/// The leaves of a small layout (at most `SMALL - 2`: the small lists' operands) whose
/// values fit in 32 bits, flat, and where its top-level modes begin: what the operations
/// read of an operand instead of walking its tree (pycute's `Layout` keeps it, made when
/// first needed, inside the object: 32-bit values keep it small).
#[derive(Clone, Copy)]
pub(crate) struct Leaves {
    s: [i32; SMALL - 2],
    d: [i32; SMALL - 2],
    /// Mode `k`'s leaves are `starts[k]..starts[k + 1]`.
    starts: [u8; SMALL],
    n: u8,
    modes: u8,
}

impl Leaves {
    /// `None` where the layout has more than `SMALL - 2` leaves or `SMALL - 1` modes, or
    /// a value beyond 32 bits.
    pub(crate) fn of(l: &Pl) -> Option<Leaves> {
        fn push(lv: &mut Leaves, p: &Pl) -> Option<()> {
            match p {
                Pl::Leaf(s, d) => {
                    let k = lv.n as usize;
                    if k >= SMALL - 2 {
                        return None;
                    }
                    lv.s[k] = i32::try_from(*s).ok()?;
                    lv.d[k] = i32::try_from(*d).ok()?;
                    lv.n += 1;
                    Some(())
                }
                Pl::Node(items) => items.iter().try_for_each(|m| push(lv, m)),
            }
        }
        let mut lv = Leaves {
            s: [0; SMALL - 2],
            d: [0; SMALL - 2],
            starts: [0; SMALL],
            n: 0,
            modes: 0,
        };
        match l {
            Pl::Leaf(..) => {
                push(&mut lv, l)?;
                lv.starts[1] = 1;
                lv.modes = 1;
            }
            Pl::Node(items) => {
                if items.len() > SMALL - 1 {
                    return None;
                }
                for (k, m) in items.iter().enumerate() {
                    push(&mut lv, m)?;
                    lv.starts[k + 1] = lv.n;
                }
                lv.modes = items.len() as u8;
            }
        }
        Some(lv)
    }

    /// The leaves `a..b` as a flat list.
    fn flat(&self, a: usize, b: usize) -> Flat<SMALL> {
        let mut f = Flat::EMPTY;
        for k in a..b.min(SMALL - 2) {
            f.s[k - a] = i64::from(self.s[k]);
            f.d[k - a] = i64::from(self.d[k]);
        }
        f.n = b.saturating_sub(a);
        f
    }

    /// The leaves of the whole layout.
    pub(crate) fn all(&self) -> Flat<SMALL> {
        self.flat(0, self.n as usize)
    }

    /// pycute's `coalesce(L)` (lawful by proof) where every shape is at least 1 (the
    /// answer then makes a layout: [`Pl::fits`]); `None` elsewhere, or where a product
    /// overflows. [`Flat::coalesce_into`] on the leaves, without the lists.
    pub(crate) fn coalesced(&self) -> Option<Pl> {
        let mut done = [(0i64, 0i64); SMALL - 2];
        let mut m = 0;
        // the last mode, kept in registers
        let (mut ls, mut ld) = (1i64, 0i64);
        for k in 0..(self.n as usize).min(SMALL - 2) {
            let (s, d) = (i64::from(self.s[k]), i64::from(self.d[k]));
            if s < 1 {
                return None;
            } else if s == 1 {
                continue;
            } else if ls == 1 {
                (ls, ld) = (s, d);
            } else if ls.checked_mul(ld)? == d {
                ls = ls.checked_mul(s)?;
            } else {
                *done.get_mut(m)? = (ls, ld);
                m += 1;
                (ls, ld) = (s, d);
            }
        }
        if m == 0 {
            return Some(Pl::Leaf(ls, ld));
        }
        let mut modes = Vec::with_capacity(m + 1);
        modes.extend(done[..m].iter().map(|&(s, d)| Pl::Leaf(s, d)));
        modes.push(Pl::Leaf(ls, ld));
        Some(Pl::Node(modes))
    }

    /// The rank (`len(L)`).
    pub(crate) fn rank(&self) -> usize {
        self.modes as usize
    }

    /// `L(i)`: [`index`] on the flat leaves.
    pub(crate) fn index(&self, i: i64) -> Option<i64> {
        let n = self.n as usize;
        index_flat(&self.s[..n], &self.d[..n], i)
    }

    /// `L[k](i)`: [`index`] of mode `k` (`k` below the rank).
    pub(crate) fn index_mode(&self, k: usize, i: i64) -> Option<i64> {
        let (a, b) = (self.starts[k] as usize, self.starts[k + 1] as usize);
        index_flat(&self.s[a..b], &self.d[a..b], i)
    }
}

/// [`index`] on flat leaves (of the same shapes and strides in the same order).
#[inline]
fn index_flat(s: &[i32], d: &[i32], i: i64) -> Option<i64> {
    let n = s.len().min(d.len());
    if i < 0 || n == 0 {
        return None;
    }
    let (mut c, mut out) = (i, 0i64);
    for k in 0..n - 1 {
        let (q, r) = divrem(c, i64::from(s[k]))?;
        out = out.checked_add(r.checked_mul(i64::from(d[k]))?)?;
        c = q;
    }
    if c < i64::from(s[n - 1]) {
        out.checked_add(c.checked_mul(i64::from(d[n - 1]))?)
    } else {
        None
    }
}

impl Pl {
    /// The layout of rcute's values (static integers; pycute merges by value).
    pub(crate) fn of(l: &Layout) -> Pl {
        fn go(s: &IntTuple, d: &IntTuple) -> Pl {
            match (s.as_int(), d.as_int()) {
                (Some(s), Some(d)) => Pl::Leaf(s.value(), d.value()),
                _ => Pl::Node((0..s.rank()).map(|k| go(&s.get(k), &d.get(k))).collect()),
            }
        }
        go(l.shape_ref(), l.stride_ref())
    }

    /// rcute's layout of static integers.
    pub(crate) fn layout(&self) -> R<Layout> {
        self.rcute_layout().map_err(|e| e.to_string())
    }

    /// rcute's layout of static integers, or rcute's error.
    pub(crate) fn rcute_layout(&self) -> Result<Layout, rcute::Error> {
        let (s, d) = self.tuples()?;
        Layout::try_new(s, d)
    }

    /// Whether [`Pl::layout`] makes a layout of this tree: shapes of at least 1, and the
    /// leaves and the tokens (`(`, `)`, leaves) within rcute's capacities.
    pub(crate) fn fits(&self) -> bool {
        fn count(p: &Pl, leaves: &mut usize, tokens: &mut usize) -> bool {
            match p {
                Pl::Leaf(s, _) => {
                    *leaves += 1;
                    *tokens += 1;
                    *s >= 1
                }
                Pl::Node(items) => {
                    *tokens += 2;
                    items.iter().all(|m| count(m, leaves, tokens))
                }
            }
        }
        let (mut leaves, mut tokens) = (0, 0);
        count(self, &mut leaves, &mut tokens)
            && leaves <= CAPACITY
            && tokens <= rcute::tuple::NODE_CAPACITY
    }

    fn tuples(&self) -> Result<(IntTuple, IntTuple), rcute::Error> {
        match self {
            Pl::Leaf(s, d) => Ok((IntTuple::constant(*s), IntTuple::constant(*d))),
            Pl::Node(items)
                if items.len() <= CAPACITY && items.iter().all(|p| matches!(p, Pl::Leaf(..))) =>
            {
                let mut s = [Int::constant(0); CAPACITY];
                let mut d = [Int::constant(0); CAPACITY];
                for (k, p) in items.iter().enumerate() {
                    if let Pl::Leaf(a, b) = p {
                        s[k] = Int::constant(*a);
                        d[k] = Int::constant(*b);
                    }
                }
                let n = items.len();
                Ok((
                    IntTuple::try_from_ints(&s[..n])?,
                    IntTuple::try_from_ints(&d[..n])?,
                ))
            }
            Pl::Node(items) => {
                let (mut ss, mut ds) = (Vec::with_capacity(items.len()), Vec::new());
                for p in items {
                    let (s, d) = p.tuples()?;
                    ss.push(s);
                    ds.push(d);
                }
                Ok((IntTuple::try_tuple(&ss)?, IntTuple::try_tuple(&ds)?))
            }
        }
    }

    /// Whether `l` is this layout: the same nesting, and the same values, all static (an
    /// rcute answer that pycute's object can hold as it is).
    pub(crate) fn is(&self, l: &Layout) -> bool {
        fn nesting(p: &Pl, s: &IntTuple) -> bool {
            match p {
                Pl::Leaf(..) => s.is_leaf(),
                Pl::Node(items) => {
                    if !s.is_tuple() || s.rank() != items.len() {
                        return false;
                    }
                    if items.iter().all(|m| matches!(m, Pl::Leaf(..))) {
                        return s.depth() == 1;
                    }
                    items.iter().enumerate().all(|(k, m)| nesting(m, &s.get(k)))
                }
            }
        }
        fn values(
            p: &Pl,
            s: &mut impl Iterator<Item = Int>,
            d: &mut impl Iterator<Item = Int>,
        ) -> bool {
            match p {
                Pl::Leaf(a, b) => match (s.next(), d.next()) {
                    (Some(x), Some(y)) => {
                        x.is_static() && y.is_static() && x.value() == *a && y.value() == *b
                    }
                    _ => false,
                },
                Pl::Node(items) => items.iter().all(|m| values(m, s, d)),
            }
        }
        let (s, d) = (l.shape_ref(), l.stride_ref());
        let (mut si, mut di) = (s.leaves(), d.leaves());
        values(self, &mut si, &mut di)
            && si.next().is_none()
            && di.next().is_none()
            && nesting(self, s)
            && nesting(self, d)
    }

    /// Whether the tree has at most `max` leaves (counted until there are more).
    fn has_leaves_at_most(&self, max: usize) -> bool {
        fn count(p: &Pl, left: &mut usize) -> bool {
            match p {
                Pl::Leaf(..) => {
                    if *left == 0 {
                        return false;
                    }
                    *left -= 1;
                    true
                }
                Pl::Node(items) => {
                    for m in items {
                        if !count(m, left) {
                            return false;
                        }
                    }
                    true
                }
            }
        }
        count(self, &mut { max })
    }

    fn push_leaves<const N: usize>(&self, f: &mut Flat<N>) -> R<()> {
        if self.fill(f) {
            Ok(())
        } else {
            Err(too_many_modes())
        }
    }

    /// Pushes the leaves; `false` where they do not fit.
    fn fill<const N: usize>(&self, f: &mut Flat<N>) -> bool {
        match self {
            Pl::Leaf(s, d) => f.try_push(*s, *d),
            Pl::Node(items) => items.iter().all(|p| match p {
                Pl::Leaf(s, d) => f.try_push(*s, *d),
                node => node.fill(f),
            }),
        }
    }
}

/// `len(L)`: the rank, 1 for an integer shape.
pub(crate) fn len(l: &Pl) -> usize {
    match l {
        Pl::Leaf(..) => 1,
        Pl::Node(items) => items.len(),
    }
}

/// `L[i]`.
pub(crate) fn mode(l: &Pl, i: usize) -> R<&Pl> {
    match l {
        Pl::Leaf(..) if i == 0 => Ok(l),
        Pl::Leaf(..) => Err(format!("mode {i} of a rank-1 layout")),
        Pl::Node(items) => items
            .get(i)
            .ok_or_else(|| format!("mode {i} of a rank-{} layout", items.len())),
    }
}

/// `size(L)`.
pub(crate) fn size(l: &Pl) -> R<i64> {
    match l {
        Pl::Leaf(s, _) => Ok(*s),
        Pl::Node(items) => items.iter().try_fold(1, |a, p| mul(a, size(p)?)),
    }
}

/// `L(i)` for an integer `i`: pycute's `crd2idx`, the modes column-major, the last leaf
/// taking what is left.
pub(crate) fn at(l: &Pl, i: i64) -> R<i64> {
    let f = Flat::<BIG>::of(l)?;
    let (s, d, n) = (&f.s, &f.d, f.n);
    let (mut crd, mut out) = (i, 0i64);
    for k in 0..n {
        let x = if k + 1 == n { crd } else { pymod(crd, s[k])? };
        out = out.checked_add(mul(x, d[k])?).ok_or("overflow")?;
        if k + 1 < n {
            crd = floordiv(crd, s[k])?;
        }
    }
    Ok(out)
}

/// `L(i)` for `0 <= i < size(L)` (pycute's `crd2idx`: each leaf takes `i % s` and passes
/// on `i // s`; in the domain the last leaf's quotient is 0); `None` outside the domain
/// or where a product overflows.
pub(crate) fn index(l: &Pl, i: i64) -> Option<i64> {
    // one division per leaf but the last (a shift and a mask for a power of two)
    fn go(p: &Pl, c: &mut i64, out: &mut i64) -> Option<()> {
        match p {
            Pl::Leaf(s, d) => {
                let (q, r) = divrem(*c, *s)?;
                *out = out.checked_add(r.checked_mul(*d)?)?;
                *c = q;
                Some(())
            }
            Pl::Node(items) => items.iter().try_for_each(|m| go(m, c, out)),
        }
    }
    if i < 0 {
        return None;
    }
    let items = match l {
        Pl::Leaf(s, d) => return if i < *s { i.checked_mul(*d) } else { None },
        Pl::Node(items) => items,
    };
    let (mut c, mut out) = (i, 0i64);
    let n = items.len();
    for (k, m) in items.iter().enumerate() {
        match m {
            // the last leaf: in the domain, its coordinate is what is left
            Pl::Leaf(s, d) if k + 1 == n => {
                return if c < *s {
                    out.checked_add(c.checked_mul(*d)?)
                } else {
                    None
                };
            }
            Pl::Leaf(s, d) => {
                let (q, r) = divrem(c, *s)?;
                out = out.checked_add(r.checked_mul(*d)?)?;
                c = q;
            }
            node => go(node, &mut c, &mut out)?,
        }
    }
    (c == 0).then_some(out)
}

/// `(c / s, c % s)` for `c >= 0` and `s >= 1` (`None` for `s < 1`): a shift and a mask
/// where `s` is a power of two.
#[inline]
fn divrem(c: i64, s: i64) -> Option<(i64, i64)> {
    if s < 1 {
        return None;
    }
    if s & (s - 1) == 0 {
        return Some((c >> s.trailing_zeros(), c & (s - 1)));
    }
    let q = c / s;
    Some((q, c - q * s))
}

/// `cosize(L)`: `L(size(L) - 1) + 1`.
pub(crate) fn cosize(l: &Pl) -> R<i64> {
    Ok(at(l, size(l)? - 1)? + 1)
}

/// `coalesce(L, profile)`; lawful by proof without a profile.
pub(crate) fn coalesce(l: &Pl, profile: Option<&IntTuple>, lawful: &mut bool) -> R<Pl> {
    if let Some(p) = profile.filter(|p| p.is_tuple()) {
        *lawful = false;
        if len(l) < p.rank() {
            return Err("assert len(layout) >= len(profile)".into());
        }
        let mut parts = Vec::with_capacity(len(l));
        for i in 0..len(l) {
            if i < p.rank() {
                parts.push(coalesce(mode(l, i)?, Some(&p.get(i)), lawful)?);
            } else {
                parts.push(mode(l, i)?.clone());
            }
        }
        return Ok(Pl::Node(parts));
    }
    // the small lists where the leaves fit (a push fails only there), else the large
    coalesce_n::<SMALL>(l).or_else(|_| coalesce_n::<BIG>(l))
}

/// `coalesce(L)` of a small layout's [`Leaves`] (lawful by proof).
pub(crate) fn coalesce_leaves(lv: &Leaves) -> R<Pl> {
    let mut r = Flat::<SMALL>::EMPTY;
    lv.all().coalesce_into(&mut r)?;
    Ok(r.pl(true))
}

fn coalesce_n<const N: usize>(l: &Pl) -> R<Pl> {
    let (mut f, mut r) = (Flat::<N>::EMPTY, Flat::<N>::EMPTY);
    l.push_leaves(&mut f)?;
    f.coalesce_into(&mut r)?;
    Ok(r.pl(true))
}

/// `filter(L, profile)`.
pub(crate) fn filter(l: &Pl, profile: Option<&IntTuple>) -> R<Pl> {
    if let Some(p) = profile.filter(|p| p.is_tuple()) {
        if len(l) < p.rank() {
            return Err("assert len(layout) >= len(profile)".into());
        }
        let mut parts = Vec::with_capacity(len(l));
        for i in 0..len(l) {
            if i < p.rank() {
                parts.push(filter(mode(l, i)?, Some(&p.get(i)))?);
            } else {
                parts.push(mode(l, i)?.clone());
            }
        }
        return Ok(Pl::Node(parts));
    }
    let f = Flat::<BIG>::of(l)?;
    let mut r = Flat::<BIG>::EMPTY;
    for k in 0..f.n {
        if !(f.s[k] == 1 || f.d[k] == 0) {
            r.push(f.s[k], f.d[k])?;
        }
    }
    if r.n == 0 {
        return Ok(Pl::Leaf(1, 0));
    }
    Ok(r.coalesced()?.pl(true))
}

/// `composition(A, B)`.
pub(crate) fn composition(a: &Pl, b: &PcTiler, lawful: &mut bool) -> R<Pl> {
    if small(a, Some(b)) {
        composition_n::<SMALL>(a, b, lawful)
    } else {
        composition_n::<BIG>(a, b, lawful)
    }
}

fn composition_n<const N: usize>(a: &Pl, b: &PcTiler, lawful: &mut bool) -> R<Pl> {
    match b {
        PcTiler::None => Ok(a.clone()),
        PcTiler::Int(l) | PcTiler::Layout(l) => compose_layout::<N>(a, l, lawful),
        PcTiler::Tuple(items) => by_mode(a, items, composition_n::<N>, lawful),
    }
}

type TilerOp = fn(&Pl, &PcTiler<'_>, &mut bool) -> R<Pl>;

/// A tuple tiler: `op` mode by mode, the modes of `a` beyond it kept.
fn by_mode(a: &Pl, items: &[PcTiler], op: TilerOp, lawful: &mut bool) -> R<Pl> {
    if len(a) < items.len() {
        return Err("assert len(layoutA) >= len(layoutB)".into());
    }
    let mut parts = Vec::with_capacity(len(a));
    for i in 0..len(a) {
        let m = mode(a, i)?;
        parts.push(match items.get(i) {
            Some(t) => op(m, t, lawful)?,
            None => m.clone(),
        });
    }
    Ok(Pl::Node(parts))
}

/// `A` for a composition: `coalesce(A)` flat (computed once for all the modes of `B`),
/// and what the proof needs of `A`.
struct Lhs<const N: usize> {
    fa: Flat<N>,
    /// The last leaf of `A` has a shape other than 1 (coalescing keeps `A`'s extension).
    extends: bool,
    /// `size(A)`, where it fits.
    size: Option<i64>,
}

impl<const N: usize> Lhs<N> {
    const EMPTY: Lhs<N> = Lhs {
        fa: Flat::EMPTY,
        extends: false,
        size: None,
    };

    /// `A`'s (in place: a `Flat` is not moved).
    fn fill(&mut self, a: &Pl) -> R<()> {
        let mut f = Flat::<N>::EMPTY;
        a.push_leaves(&mut f)?;
        self.fill_from(&f)
    }

    /// `A`'s, of its leaves `f`.
    fn fill_from(&mut self, f: &Flat<N>) -> R<()> {
        let mut size = Some(1i64);
        for k in 0..f.n {
            size = size.and_then(|z| z.checked_mul(f.s[k]));
        }
        self.size = size;
        self.extends = f.n > 0 && f.s[f.n - 1] != 1;
        f.coalesce_into(&mut self.fa)
    }
}

fn compose_layout<const N: usize>(a: &Pl, b: &Pl, lawful: &mut bool) -> R<Pl> {
    let mut lhs = Lhs::<N>::EMPTY;
    lhs.fill(a)?;
    compose_flat(&lhs, b, lawful)
}

/// What the leaves of `B` reach, for the proof: the largest digit each puts in each mode
/// of `coalesce(A)`, summed over the leaves, and the largest index, summed.
struct Reach<const N: usize> {
    digits: [i64; N],
    index: Option<i64>,
}

/// `composition(A, B)` for a layout `B`.
fn compose_flat<const N: usize>(lhs: &Lhs<N>, b: &Pl, lawful: &mut bool) -> R<Pl> {
    let mut reach = Reach {
        digits: [0; N],
        index: Some(0),
    };
    let r = compose_rec(lhs, b, &mut reach, lawful)?;
    // the proof's conditions on `B` as a whole: `A` adds up over `B`'s leaves (no digit
    // of `coalesce(A)` but the last carries when their indices are added: `A(x + y) ==
    // A(x) + A(y)`, so `A(B(i)) == sum A(B_k(i_k))`), and `A`'s extension is kept by the
    // coalesce or not reached
    let fa = &lhs.fa;
    if (0..fa.n - 1).any(|k| reach.digits[k] >= fa.s[k])
        || !(lhs.extends || matches!(reach.index.zip(lhs.size), Some((x, n)) if x < n))
    {
        *lawful = false;
    }
    Ok(r)
}

fn compose_rec<const N: usize>(
    lhs: &Lhs<N>,
    b: &Pl,
    reach: &mut Reach<N>,
    lawful: &mut bool,
) -> R<Pl> {
    let (bs, bd) = match b {
        Pl::Node(items) => {
            return Ok(Pl::Node(
                items
                    .iter()
                    .map(|m| compose_rec(lhs, m, reach, lawful))
                    .collect::<R<Vec<_>>>()?,
            ));
        }
        Pl::Leaf(s, d) => (*s, *d),
    };
    if bd == 0 {
        return Ok(Pl::Leaf(bs, 0));
    }
    // the proof's condition: a positive stride
    if bd < 0 {
        *lawful = false;
    }
    reach.index = reach
        .index
        .and_then(|x| x.checked_add((bs - 1).checked_mul(bd)?));
    let fa = &lhs.fa;
    let mut r = Flat::<N>::EMPTY;
    let (mut rest_shape, mut rest_stride) = (bs, bd);
    let (fs, fd, n) = (&fa.s, &fa.d, fa.n);
    for k in 0..n - 1 {
        let (cs, cd) = (fs[k], fd[k]);
        if !(pymod(cs, rest_stride)? == 0 || pymod(rest_stride, cs)? == 0) {
            return Err(format!(
                "assert curr_shape % rest_stride == 0 or rest_stride % curr_shape == 0 ({cs} and {rest_stride})"
            ));
        }
        let q = floordiv(cs, rest_stride)?;
        // the shape divisibility that pycute does not check
        if rest_shape > 1 && q > 1 && rest_shape > q && rest_shape % q != 0 {
            *lawful = false;
        }
        let new_shape = q.max(1).min(rest_shape);
        if new_shape != 1 {
            r.push(new_shape, mul(rest_stride, cd)?)?;
            // this leaf's digits in mode `k`: `rest_stride * (0..new_shape)`
            reach.digits[k] =
                reach.digits[k].saturating_add(rest_stride.saturating_mul(new_shape - 1));
        }
        rest_shape = floordiv(rest_shape, new_shape)?;
        rest_stride = -floordiv(-rest_stride, cs)?;
    }
    if rest_shape != 1 || r.n == 0 {
        r.push(rest_shape, mul(rest_stride, fd[n - 1])?)?;
    }
    Ok(r.pl(true))
}

/// `complement(L, max_idx)` of a small layout's [`Leaves`].
pub(crate) fn complement_leaves(lv: &Leaves, max_idx: i64, lawful: &mut bool) -> R<Pl> {
    let mut c = Flat::<SMALL>::EMPTY;
    complement_of(&lv.all(), max_idx, lawful, &mut c)?;
    Ok(c.pl(true))
}

/// `complement(L, max_idx)`.
pub(crate) fn complement(l: &Pl, max_idx: i64, lawful: &mut bool) -> R<Pl> {
    if small(l, None) {
        let mut c = Flat::<SMALL>::EMPTY;
        complement_flat(l, max_idx, lawful, &mut c)?;
        return Ok(c.pl(true));
    }
    let mut c = Flat::<BIG>::EMPTY;
    complement_flat(l, max_idx, lawful, &mut c)?;
    Ok(c.pl(true))
}

/// `complement(L, max_idx)` flat (coalesced) into `out`, and the stride of its last mode
/// before the coalesce (`cur`, the extent of `L` with the modes between).
fn complement_flat<const N: usize>(
    l: &Pl,
    max_idx: i64,
    lawful: &mut bool,
    out: &mut Flat<N>,
) -> R<i64> {
    let mut f = Flat::<N>::EMPTY;
    l.push_leaves(&mut f)?;
    complement_of(&f, max_idx, lawful, out)
}

/// [`complement_flat`] of a layout's leaves `f`.
fn complement_of<const N: usize>(
    f: &Flat<N>,
    max_idx: i64,
    lawful: &mut bool,
    out: &mut Flat<N>,
) -> R<i64> {
    if max_idx < 1 {
        *lawful = false;
    }
    let mut ds = [(0i64, 0i64); N];
    for (k, x) in ds.iter_mut().enumerate().take(f.n) {
        *x = (f.d[k], f.s[k]);
    }
    let ds = &mut ds[..f.n];
    ds.sort_unstable();
    let mut r = Flat::<N>::EMPTY;
    let mut cur = 1i64;
    for &mut (d, s) in ds {
        if d == 0 || s == 1 {
            continue;
        }
        if cur > mul(s, d)? {
            return Err(format!(
                "assert current_idx <= shape * stride ({cur} > {s} * {d})"
            ));
        }
        // the proof's condition: each stride a positive multiple of the extent below
        if d < 0 || d % cur != 0 {
            *lawful = false;
        }
        r.push(floordiv(d, cur)?, cur)?;
        cur = mul(s, d)?;
    }
    let top = max_idx.checked_add(cur - 1).ok_or("overflow")?;
    r.push(floordiv(top, cur)?, cur)?;
    r.coalesce_into(out)?;
    Ok(cur)
}

/// `right_inverse(L)`.
pub(crate) fn right_inverse(l: &Pl) -> R<Pl> {
    let f = Flat::<BIG>::of(l)?;
    let mut dsa = [(0i64, 0i64, 0i64); BIG];
    let mut acc = 1i64;
    for (k, x) in dsa.iter_mut().enumerate().take(f.n) {
        *x = (f.d[k], f.s[k], acc);
        acc = mul(acc, f.s[k])?;
    }
    let dsa = &mut dsa[..f.n];
    dsa.sort_unstable();
    let mut r = Flat::<BIG>::EMPTY;
    let mut cur = 1i64;
    for &mut (d, s, p) in dsa {
        if s == 1 {
            continue;
        }
        if cur != d {
            break;
        }
        r.push(s, p)?;
        cur = mul(s, d)?;
    }
    if r.n == 0 {
        return Ok(Pl::Leaf(1, 0));
    }
    Ok(r.coalesced()?.pl(true))
}

/// `left_inverse(L)`: `right_inverse(make_layout(L, complement(L)))`.
pub(crate) fn left_inverse(l: &Pl) -> R<Pl> {
    right_inverse(&Pl::Node(vec![l.clone(), complement(l, 1, &mut false)?]))
}

/// `logical_divide(A, B)`.
pub(crate) fn logical_divide(a: &Pl, b: &PcTiler, lawful: &mut bool) -> R<Pl> {
    if small(a, Some(b)) {
        logical_divide_n::<SMALL>(a, b, lawful)
    } else {
        logical_divide_n::<BIG>(a, b, lawful)
    }
}

fn logical_divide_n<const N: usize>(a: &Pl, b: &PcTiler, lawful: &mut bool) -> R<Pl> {
    match b {
        PcTiler::None => Ok(a.clone()),
        PcTiler::Tuple(items) => by_mode(a, items, logical_divide_n::<N>, lawful),
        PcTiler::Int(l) | PcTiler::Layout(l) => {
            let mut lhs = Lhs::<N>::EMPTY;
            lhs.fill(a)?;
            divide_layout(&lhs, size(a)?, l, lawful)
        }
    }
}

/// `logical_divide(A, B)` for a layout `B`, `A` as `lhs` (its size `size`).
fn divide_layout<const N: usize>(lhs: &Lhs<N>, size: i64, l: &Pl, lawful: &mut bool) -> R<Pl> {
    let mut c = Flat::<N>::EMPTY;
    let cur = complement_flat::<N>(l, size, lawful, &mut c)?;
    // the law's complement by the shape of coalesce(A): the same where each division of
    // the shape's modes by what is left of `cur` is exact
    if lhs.fa.n > 1 {
        let mut rest = cur;
        for k in 0..lhs.fa.n {
            let x = lhs.fa.s[k];
            if x % rest == 0 {
                rest = 1;
            } else if rest % x == 0 {
                rest /= x;
            } else {
                *lawful = false;
                break;
            }
        }
    }
    compose_flat(lhs, &Pl::Node(vec![Pl::clone(l), c.pl(true)]), lawful)
}

/// `logical_product(A, B)` (for an int `B`, pycute computes `logical_divide(A, Layout(B))`).
pub(crate) fn logical_product(a: &Pl, b: &PcTiler, lawful: &mut bool) -> R<Pl> {
    if small(a, Some(b)) {
        logical_product_n::<SMALL>(a, b, lawful)
    } else {
        logical_product_n::<BIG>(a, b, lawful)
    }
}

fn logical_product_n<const N: usize>(a: &Pl, b: &PcTiler, lawful: &mut bool) -> R<Pl> {
    match b {
        PcTiler::None => Ok(a.clone()),
        PcTiler::Tuple(items) => by_mode(a, items, logical_product_n::<N>, lawful),
        PcTiler::Int(..) => {
            *lawful = false;
            logical_divide_n::<N>(a, b, lawful)
        }
        PcTiler::Layout(l) => {
            let mut af = Flat::<N>::EMPTY;
            a.push_leaves(&mut af)?;
            product_layout(a, &af, l, lawful)
        }
    }
}

/// `logical_product(A, B)` for a layout `B`, `af` the leaves of `A`.
fn product_layout<const N: usize>(a: &Pl, af: &Flat<N>, l: &Pl, lawful: &mut bool) -> R<Pl> {
    // `c` has at most one leaf more than `a`: `N` holds its flat list
    let mut c = Flat::<N>::EMPTY;
    let size = (0..af.n).try_fold(1i64, |z, k| mul(z, af.s[k]))?;
    complement_of::<N>(af, mul(size, cosize(l)?)?, lawful, &mut c)?;
    let c = c.pl(true);
    Ok(Pl::Node(vec![
        a.clone(),
        compose_layout::<N>(&c, l, lawful)?,
    ]))
}

/// An operation on `A` (a layout, or a mode of one) and a tiler, with `A`'s leaves where
/// they are known (a small layout's [`Leaves`]): the same answer as without them.
pub(crate) type AtOp = fn(&Pl, Option<&Flat<SMALL>>, &PcTiler<'_>, &mut bool) -> R<Pl>;

/// The layout of a tiler that is one, where it is small.
fn small_layout<'a>(b: &'a PcTiler<'_>) -> Option<&'a Pl> {
    match b {
        PcTiler::Int(l) | PcTiler::Layout(l) if l.has_leaves_at_most(SMALL - 2) => Some(l),
        _ => None,
    }
}

/// [`composition`], `af` the leaves of `a`.
pub(crate) fn composition_at(
    a: &Pl,
    af: Option<&Flat<SMALL>>,
    b: &PcTiler<'_>,
    lawful: &mut bool,
) -> R<Pl> {
    if let (Pl::Leaf(sa, da), PcTiler::Int(l) | PcTiler::Layout(l)) = (a, b)
        && let Pl::Leaf(bs, bd) = **l
    {
        return compose_leaf(*sa, *da, bs, bd, lawful);
    }
    if let (Some(af), Some(l)) = (af, small_layout(b)) {
        let mut lhs = Lhs::<SMALL>::EMPTY;
        lhs.fill_from(af)?;
        return compose_flat(&lhs, l, lawful);
    }
    composition(a, b, lawful)
}

/// `composition(sa:da, bs:bd)`, a leaf by a leaf (each mode of a composition by mode of
/// flat layouts): [`compose_flat`]'s steps on the one mode of `coalesce(A)` (`sa:da`, or
/// `1:0` for `sa == 1`), without its lists; the same answer and proof.
pub(crate) fn compose_leaf(sa: i64, da: i64, bs: i64, bd: i64, lawful: &mut bool) -> R<Pl> {
    if bd == 0 {
        return Ok(Pl::Leaf(bs, 0));
    }
    if bd < 0 {
        *lawful = false;
    }
    // `A`'s extension is kept by the coalesce (a last leaf of shape other than 1) or not
    // reached
    let reach = (bs - 1).checked_mul(bd);
    if !(sa != 1 || matches!(reach, Some(x) if x < sa)) {
        *lawful = false;
    }
    let cd = if sa == 1 { 0 } else { da };
    Ok(Pl::Leaf(bs, mul(bd, cd)?))
}

/// [`logical_divide`], `af` the leaves of `a`.
pub(crate) fn logical_divide_at(
    a: &Pl,
    af: Option<&Flat<SMALL>>,
    b: &PcTiler<'_>,
    lawful: &mut bool,
) -> R<Pl> {
    if let (Some(af), Some(l)) = (af, small_layout(b)) {
        let mut lhs = Lhs::<SMALL>::EMPTY;
        lhs.fill_from(af)?;
        let size = lhs.size.ok_or_else(overflow)?;
        return divide_layout(&lhs, size, l, lawful);
    }
    logical_divide(a, b, lawful)
}

/// [`logical_product`], `af` the leaves of `a`.
pub(crate) fn logical_product_at(
    a: &Pl,
    af: Option<&Flat<SMALL>>,
    b: &PcTiler<'_>,
    lawful: &mut bool,
) -> R<Pl> {
    if let (Some(af), PcTiler::Layout(l)) = (af, b)
        && l.has_leaves_at_most(SMALL - 2)
    {
        return product_layout(a, af, l, lawful);
    }
    logical_product(a, b, lawful)
}
