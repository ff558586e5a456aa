//! pycute's algorithms, step by step, on rcute's values: the structure pycute answers
//! (which modes it merges or keeps, the strides of its size-1 modes, how far its inverses
//! go), computed natively. `pycute.rs` answers with these where rcute's algebra shows the
//! answer is the operation's function.
//!
//! Integers follow Python's rules (`//` and `%` floor); a failed `assert` of pycute's is
//! an `Err` with its condition.

use rcute::layout::Layout;
use rcute::tuple::IntTuple;

/// pycute's refusal (its `assert`, or a division by zero).
pub(crate) type Refusal = String;
type R<T> = Result<T, Refusal>;

/// A pycute tiler: `None`, a layout (an int is `Layout(n)`), or a tuple of tilers.
pub(crate) enum PcTiler {
    None,
    Layout(Layout),
    /// An int `n`: pycute's `Layout(n)` (kept apart for the product's treatment of ints).
    Int(Layout),
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

fn flat(t: &IntTuple) -> Vec<i64> {
    t.leaves().map(|i| i.value()).collect()
}

fn product(t: &IntTuple) -> R<i64> {
    flat(t).into_iter().try_fold(1, mul)
}

fn leaf(v: i64) -> IntTuple {
    IntTuple::constant(v)
}

fn tuple(items: &[IntTuple]) -> R<IntTuple> {
    IntTuple::try_tuple(items).map_err(|e| e.to_string())
}

/// `Layout(shape, stride)`.
pub(crate) fn layout(s: IntTuple, d: IntTuple) -> R<Layout> {
    Layout::try_new(s, d).map_err(|e| e.to_string())
}

/// pycute's `Layout(tuple(rs), tuple(rd))`, or `Layout(rs[0], rd[0])` for one mode.
fn from_lists(rs: &[i64], rd: &[i64], unwrap_one: bool) -> R<Layout> {
    if unwrap_one && rs.len() == 1 {
        return layout(leaf(rs[0]), leaf(rd[0]));
    }
    let s: Vec<IntTuple> = rs.iter().map(|&v| leaf(v)).collect();
    let d: Vec<IntTuple> = rd.iter().map(|&v| leaf(v)).collect();
    layout(tuple(&s)?, tuple(&d)?)
}

/// `len(L)`: the rank, 1 for an integer shape.
pub(crate) fn len(l: &Layout) -> usize {
    if l.shape_ref().is_leaf() { 1 } else { l.rank() }
}

/// `L[i]`.
pub(crate) fn mode(l: &Layout, i: usize) -> R<Layout> {
    if l.shape_ref().is_leaf() {
        return if i == 0 {
            Ok(*l)
        } else {
            Err(format!("mode {i} of a rank-1 layout"))
        };
    }
    l.try_mode(i).map_err(|e| e.to_string())
}

/// `make_layout(*layouts)`.
pub(crate) fn make_layout(ls: &[Layout]) -> R<Layout> {
    let s: Vec<IntTuple> = ls.iter().map(|l| l.shape()).collect();
    let d: Vec<IntTuple> = ls.iter().map(|l| l.stride()).collect();
    layout(tuple(&s)?, tuple(&d)?)
}

/// `size(L)`.
pub(crate) fn size(l: &Layout) -> R<i64> {
    product(l.shape_ref())
}

/// `L(i)` for an integer `i`: pycute's `crd2idx`, the modes column-major, the last leaf
/// taking what is left.
pub(crate) fn at(l: &Layout, i: i64) -> R<i64> {
    let (s, d) = (flat(l.shape_ref()), flat(l.stride_ref()));
    let n = s.len();
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
pub(crate) fn cosize(l: &Layout) -> R<i64> {
    Ok(at(l, size(l)? - 1)? + 1)
}

/// `coalesce(L, profile)`.
pub(crate) fn coalesce(l: &Layout, profile: Option<&IntTuple>) -> R<Layout> {
    if let Some(p) = profile.filter(|p| p.is_tuple()) {
        if len(l) < p.rank() {
            return Err("assert len(layout) >= len(profile)".into());
        }
        let mut parts = Vec::with_capacity(len(l));
        for i in 0..len(l) {
            if i < p.rank() {
                parts.push(coalesce(&mode(l, i)?, Some(&p.get(i)))?);
            } else {
                parts.push(mode(l, i)?);
            }
        }
        return make_layout(&parts);
    }
    let (mut rs, mut rd) = (vec![1i64], vec![0i64]);
    for (s, d) in flat(l.shape_ref()).into_iter().zip(flat(l.stride_ref())) {
        let last = rs.len() - 1;
        if s == 1 {
            continue;
        } else if rs[last] == 1 {
            rs[last] = s;
            rd[last] = d;
        } else if mul(rs[last], rd[last])? == d {
            rs[last] = mul(rs[last], s)?;
        } else {
            rs.push(s);
            rd.push(d);
        }
    }
    from_lists(&rs, &rd, true)
}

/// `filter(L, profile)`.
pub(crate) fn filter(l: &Layout, profile: Option<&IntTuple>) -> R<Layout> {
    if let Some(p) = profile.filter(|p| p.is_tuple()) {
        if len(l) < p.rank() {
            return Err("assert len(layout) >= len(profile)".into());
        }
        let mut parts = Vec::with_capacity(len(l));
        for i in 0..len(l) {
            if i < p.rank() {
                parts.push(filter(&mode(l, i)?, Some(&p.get(i)))?);
            } else {
                parts.push(mode(l, i)?);
            }
        }
        return make_layout(&parts);
    }
    let (mut rs, mut rd) = (Vec::new(), Vec::new());
    for (s, d) in flat(l.shape_ref()).into_iter().zip(flat(l.stride_ref())) {
        if !(s == 1 || d == 0) {
            rs.push(s);
            rd.push(d);
        }
    }
    if rs.is_empty() {
        return layout(leaf(1), leaf(0));
    }
    coalesce(&from_lists(&rs, &rd, false)?, None)
}

/// `composition(A, B)`.
pub(crate) fn composition(a: &Layout, b: &PcTiler) -> R<Layout> {
    match b {
        PcTiler::None => Ok(*a),
        PcTiler::Int(l) | PcTiler::Layout(l) => compose_layout(a, l),
        PcTiler::Tuple(items) => by_mode(a, items, composition),
    }
}

/// A tuple tiler: `op` mode by mode, the modes of `a` beyond it kept.
fn by_mode(a: &Layout, items: &[PcTiler], op: fn(&Layout, &PcTiler) -> R<Layout>) -> R<Layout> {
    if len(a) < items.len() {
        return Err("assert len(layoutA) >= len(layoutB)".into());
    }
    let mut parts = Vec::with_capacity(len(a));
    for i in 0..len(a) {
        let m = mode(a, i)?;
        parts.push(match items.get(i) {
            Some(t) => op(&m, t)?,
            None => m,
        });
    }
    make_layout(&parts)
}

fn compose_layout(a: &Layout, b: &Layout) -> R<Layout> {
    if b.shape_ref().is_tuple() {
        let parts = (0..b.rank())
            .map(|i| compose_layout(a, &mode(b, i)?))
            .collect::<R<Vec<_>>>()?;
        return make_layout(&parts);
    }
    let (bs, bd) = (
        b.shape_ref().leaf(0).value(),
        b.stride_ref().leaf(0).value(),
    );
    if bd == 0 {
        return layout(leaf(bs), leaf(0));
    }
    let (mut rs, mut rd) = (Vec::new(), Vec::new());
    let (mut rest_shape, mut rest_stride) = (bs, bd);
    let fa = coalesce(a, None)?;
    let (fs, fd) = (flat(fa.shape_ref()), flat(fa.stride_ref()));
    let n = fs.len();
    for k in 0..n - 1 {
        let (cs, cd) = (fs[k], fd[k]);
        if !(pymod(cs, rest_stride)? == 0 || pymod(rest_stride, cs)? == 0) {
            return Err(format!(
                "assert curr_shape % rest_stride == 0 or rest_stride % curr_shape == 0 ({cs} and {rest_stride})"
            ));
        }
        let new_shape = floordiv(cs, rest_stride)?.max(1).min(rest_shape);
        if new_shape != 1 {
            rs.push(new_shape);
            rd.push(mul(rest_stride, cd)?);
        }
        rest_shape = floordiv(rest_shape, new_shape)?;
        rest_stride = -floordiv(-rest_stride, cs)?;
    }
    if rest_shape != 1 || rs.is_empty() {
        rs.push(rest_shape);
        rd.push(mul(rest_stride, fd[n - 1])?);
    }
    from_lists(&rs, &rd, true)
}

/// `complement(L, max_idx)`.
pub(crate) fn complement(l: &Layout, max_idx: i64) -> R<Layout> {
    let mut ds: Vec<(i64, i64)> = flat(l.stride_ref())
        .into_iter()
        .zip(flat(l.shape_ref()))
        .collect();
    ds.sort();
    let (mut rs, mut rd) = (Vec::new(), Vec::new());
    let mut cur = 1i64;
    for (d, s) in ds {
        if d == 0 || s == 1 {
            continue;
        }
        if cur > mul(s, d)? {
            return Err(format!(
                "assert current_idx <= shape * stride ({cur} > {s} * {d})"
            ));
        }
        rs.push(floordiv(d, cur)?);
        rd.push(cur);
        cur = mul(s, d)?;
    }
    rs.push(floordiv(max_idx + cur - 1, cur)?);
    rd.push(cur);
    coalesce(&from_lists(&rs, &rd, false)?, None)
}

/// `right_inverse(L)`.
pub(crate) fn right_inverse(l: &Layout) -> R<Layout> {
    let (fs, fd) = (flat(l.shape_ref()), flat(l.stride_ref()));
    let mut pre = Vec::with_capacity(fs.len());
    let mut acc = 1i64;
    for &s in &fs {
        pre.push(acc);
        acc = mul(acc, s)?;
    }
    let mut dsa: Vec<(i64, i64, i64)> = fd
        .iter()
        .zip(&fs)
        .zip(&pre)
        .map(|((&d, &s), &p)| (d, s, p))
        .collect();
    dsa.sort();
    let (mut rs, mut rd) = (Vec::new(), Vec::new());
    let mut cur = 1i64;
    for (d, s, r) in dsa {
        if s == 1 {
            continue;
        }
        if cur != d {
            break;
        }
        rs.push(s);
        rd.push(r);
        cur = mul(s, d)?;
    }
    if rs.is_empty() {
        return layout(leaf(1), leaf(0));
    }
    coalesce(&from_lists(&rs, &rd, false)?, None)
}

/// `left_inverse(L)`: `right_inverse(make_layout(L, complement(L)))`.
pub(crate) fn left_inverse(l: &Layout) -> R<Layout> {
    right_inverse(&make_layout(&[*l, complement(l, 1)?])?)
}

/// `logical_divide(A, B)`.
pub(crate) fn logical_divide(a: &Layout, b: &PcTiler) -> R<Layout> {
    match b {
        PcTiler::None => Ok(*a),
        PcTiler::Tuple(items) => by_mode(a, items, logical_divide),
        PcTiler::Int(l) | PcTiler::Layout(l) => {
            let c = complement(l, size(a)?)?;
            compose_layout(a, &make_layout(&[*l, c])?)
        }
    }
}

/// `logical_product(A, B)` (for an int `B`, pycute computes `logical_divide(A, Layout(B))`).
pub(crate) fn logical_product(a: &Layout, b: &PcTiler) -> R<Layout> {
    match b {
        PcTiler::None => Ok(*a),
        PcTiler::Tuple(items) => by_mode(a, items, logical_product),
        PcTiler::Int(_) => logical_divide(a, b),
        PcTiler::Layout(l) => {
            let c = complement(a, mul(size(a)?, cosize(l)?)?)?;
            Ok(make_layout(&[*a, compose_layout(&c, l)?])?)
        }
    }
}
