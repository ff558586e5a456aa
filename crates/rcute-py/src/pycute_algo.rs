//! pycute's algorithms, step by step: the structure pycute answers (which modes it merges
//! or keeps, the strides of its size-1 modes, how far its inverses go), computed natively
//! on [`Pl`], a small tree of `(shape, stride)` leaves that is cheap to take apart and
//! build (an rcute [`Layout`] is made once, of the answer). `pycute.rs` answers with these
//! where rcute's algebra shows the answer is the operation's function.
//!
//! Integers follow Python's rules (`//` and `%` floor); a failed `assert` of pycute's is
//! an `Err` with its condition.

use rcute::Int;
use rcute::layout::Layout;
use rcute::tuple::{CAPACITY, IntTuple};
use std::sync::Arc;

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
pub(crate) enum PcTiler {
    None,
    /// pycute's tree (shared with the argument's object) and rcute's layout.
    Layout(Arc<Pl>, Arc<Layout>),
    /// An int `n`: pycute's `Layout(n)` (kept apart for the product's treatment of ints).
    Int(Arc<Pl>, Arc<Layout>),
    Tuple(Vec<PcTiler>),
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

fn mul(a: i64, b: i64) -> R<i64> {
    a.checked_mul(b).ok_or_else(|| "overflow".into())
}

/// A layout's leaves, `(shape, stride)` pairs, on the stack (no allocation): the flat
/// lists pycute's algorithms build before they make a layout of them.
#[derive(Clone, Copy)]
struct Flat {
    s: [i64; CAPACITY + 1],
    d: [i64; CAPACITY + 1],
    n: usize,
}

impl Flat {
    const EMPTY: Flat = Flat {
        s: [0; CAPACITY + 1],
        d: [0; CAPACITY + 1],
        n: 0,
    };

    fn of(l: &Pl) -> R<Flat> {
        let mut f = Flat::EMPTY;
        l.push_leaves(&mut f)?;
        Ok(f)
    }

    fn push(&mut self, s: i64, d: i64) -> R<()> {
        if self.n == CAPACITY + 1 {
            return Err(format!("more than {CAPACITY} modes"));
        }
        self.s[self.n] = s;
        self.d[self.n] = d;
        self.n += 1;
        Ok(())
    }

    /// pycute's `coalesce` of the flat list (at least one mode: `1:0` for none).
    fn coalesced(&self) -> R<Flat> {
        let mut r = Flat::EMPTY;
        r.s[0] = 1;
        r.n = 1;
        for k in 0..self.n {
            let (s, d) = (self.s[k], self.d[k]);
            let last = r.n - 1;
            if s == 1 {
                continue;
            } else if r.s[last] == 1 {
                r.s[last] = s;
                r.d[last] = d;
            } else if mul(r.s[last], r.d[last])? == d {
                r.s[last] = mul(r.s[last], s)?;
            } else {
                r.push(s, d)?;
            }
        }
        Ok(r)
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
        let (s, d) = self.tuples()?;
        Layout::try_new(s, d).map_err(|e| e.to_string())
    }

    fn tuples(&self) -> R<(IntTuple, IntTuple)> {
        match self {
            Pl::Leaf(s, d) => Ok((IntTuple::constant(*s), IntTuple::constant(*d))),
            Pl::Node(items) if items.iter().all(|p| matches!(p, Pl::Leaf(..))) => {
                if items.len() > CAPACITY {
                    return Err(format!("more than {CAPACITY} modes"));
                }
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
                    IntTuple::try_from_ints(&s[..n]).map_err(|e| e.to_string())?,
                    IntTuple::try_from_ints(&d[..n]).map_err(|e| e.to_string())?,
                ))
            }
            Pl::Node(items) => {
                let (mut ss, mut ds) = (Vec::with_capacity(items.len()), Vec::new());
                for p in items {
                    let (s, d) = p.tuples()?;
                    ss.push(s);
                    ds.push(d);
                }
                Ok((
                    IntTuple::try_tuple(&ss).map_err(|e| e.to_string())?,
                    IntTuple::try_tuple(&ds).map_err(|e| e.to_string())?,
                ))
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

    fn push_leaves(&self, f: &mut Flat) -> R<()> {
        match self {
            Pl::Leaf(s, d) => f.push(*s, *d),
            Pl::Node(items) => items.iter().try_for_each(|p| p.push_leaves(f)),
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
    let f = Flat::of(l)?;
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

/// `cosize(L)`: `L(size(L) - 1) + 1`.
pub(crate) fn cosize(l: &Pl) -> R<i64> {
    Ok(at(l, size(l)? - 1)? + 1)
}

/// `coalesce(L, profile)`.
pub(crate) fn coalesce(l: &Pl, profile: Option<&IntTuple>) -> R<Pl> {
    if let Some(p) = profile.filter(|p| p.is_tuple()) {
        if len(l) < p.rank() {
            return Err("assert len(layout) >= len(profile)".into());
        }
        let mut parts = Vec::with_capacity(len(l));
        for i in 0..len(l) {
            if i < p.rank() {
                parts.push(coalesce(mode(l, i)?, Some(&p.get(i)))?);
            } else {
                parts.push(mode(l, i)?.clone());
            }
        }
        return Ok(Pl::Node(parts));
    }
    Ok(Flat::of(l)?.coalesced()?.pl(true))
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
    let f = Flat::of(l)?;
    let mut r = Flat::EMPTY;
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
pub(crate) fn composition(a: &Pl, b: &PcTiler) -> R<Pl> {
    match b {
        PcTiler::None => Ok(a.clone()),
        PcTiler::Int(l, _) | PcTiler::Layout(l, _) => compose_layout(a, l),
        PcTiler::Tuple(items) => by_mode(a, items, composition),
    }
}

/// A tuple tiler: `op` mode by mode, the modes of `a` beyond it kept.
fn by_mode(a: &Pl, items: &[PcTiler], op: fn(&Pl, &PcTiler) -> R<Pl>) -> R<Pl> {
    if len(a) < items.len() {
        return Err("assert len(layoutA) >= len(layoutB)".into());
    }
    let mut parts = Vec::with_capacity(len(a));
    for i in 0..len(a) {
        let m = mode(a, i)?;
        parts.push(match items.get(i) {
            Some(t) => op(m, t)?,
            None => m.clone(),
        });
    }
    Ok(Pl::Node(parts))
}

fn compose_layout(a: &Pl, b: &Pl) -> R<Pl> {
    compose_flat(&Flat::of(a)?.coalesced()?, b)
}

/// `composition(A, B)` for a layout `B`, with `fa` = `coalesce(A)` flat (computed once
/// for all the modes of `B`).
fn compose_flat(fa: &Flat, b: &Pl) -> R<Pl> {
    let (bs, bd) = match b {
        Pl::Node(items) => {
            return Ok(Pl::Node(
                items
                    .iter()
                    .map(|m| compose_flat(fa, m))
                    .collect::<R<Vec<_>>>()?,
            ));
        }
        Pl::Leaf(s, d) => (*s, *d),
    };
    if bd == 0 {
        return Ok(Pl::Leaf(bs, 0));
    }
    let mut r = Flat::EMPTY;
    let (mut rest_shape, mut rest_stride) = (bs, bd);
    let (fs, fd, n) = (&fa.s, &fa.d, fa.n);
    for k in 0..n - 1 {
        let (cs, cd) = (fs[k], fd[k]);
        if !(pymod(cs, rest_stride)? == 0 || pymod(rest_stride, cs)? == 0) {
            return Err(format!(
                "assert curr_shape % rest_stride == 0 or rest_stride % curr_shape == 0 ({cs} and {rest_stride})"
            ));
        }
        let new_shape = floordiv(cs, rest_stride)?.max(1).min(rest_shape);
        if new_shape != 1 {
            r.push(new_shape, mul(rest_stride, cd)?)?;
        }
        rest_shape = floordiv(rest_shape, new_shape)?;
        rest_stride = -floordiv(-rest_stride, cs)?;
    }
    if rest_shape != 1 || r.n == 0 {
        r.push(rest_shape, mul(rest_stride, fd[n - 1])?)?;
    }
    Ok(r.pl(true))
}

/// `complement(L, max_idx)`.
pub(crate) fn complement(l: &Pl, max_idx: i64) -> R<Pl> {
    let f = Flat::of(l)?;
    let mut ds = [(0i64, 0i64); CAPACITY + 1];
    for (k, x) in ds.iter_mut().enumerate().take(f.n) {
        *x = (f.d[k], f.s[k]);
    }
    let ds = &mut ds[..f.n];
    ds.sort_unstable();
    let mut r = Flat::EMPTY;
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
        r.push(floordiv(d, cur)?, cur)?;
        cur = mul(s, d)?;
    }
    let top = max_idx.checked_add(cur - 1).ok_or("overflow")?;
    r.push(floordiv(top, cur)?, cur)?;
    Ok(r.coalesced()?.pl(true))
}

/// `right_inverse(L)`.
pub(crate) fn right_inverse(l: &Pl) -> R<Pl> {
    let f = Flat::of(l)?;
    let mut dsa = [(0i64, 0i64, 0i64); CAPACITY + 1];
    let mut acc = 1i64;
    for (k, x) in dsa.iter_mut().enumerate().take(f.n) {
        *x = (f.d[k], f.s[k], acc);
        acc = mul(acc, f.s[k])?;
    }
    let dsa = &mut dsa[..f.n];
    dsa.sort_unstable();
    let mut r = Flat::EMPTY;
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
    right_inverse(&Pl::Node(vec![l.clone(), complement(l, 1)?]))
}

/// `logical_divide(A, B)`.
pub(crate) fn logical_divide(a: &Pl, b: &PcTiler) -> R<Pl> {
    match b {
        PcTiler::None => Ok(a.clone()),
        PcTiler::Tuple(items) => by_mode(a, items, logical_divide),
        PcTiler::Int(l, _) | PcTiler::Layout(l, _) => {
            let c = complement(l, size(a)?)?;
            compose_layout(a, &Pl::Node(vec![Pl::clone(l), c]))
        }
    }
}

/// `logical_product(A, B)` (for an int `B`, pycute computes `logical_divide(A, Layout(B))`).
pub(crate) fn logical_product(a: &Pl, b: &PcTiler) -> R<Pl> {
    match b {
        PcTiler::None => Ok(a.clone()),
        PcTiler::Tuple(items) => by_mode(a, items, logical_product),
        PcTiler::Int(..) => logical_divide(a, b),
        PcTiler::Layout(l, _) => {
            let c = complement(a, mul(size(a)?, cosize(l)?)?)?;
            Ok(Pl::Node(vec![a.clone(), compose_layout(&c, l)?]))
        }
    }
}
