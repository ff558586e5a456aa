//! `upcast<N>` and `downcast<N>`: the same memory seen as elements `N` times larger or
//! smaller.

use crate::algebra::builder::LayoutBuilder;
use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::{IntTuple, Node};

#[derive(Clone, Copy)]
enum Cast {
    Up,
    /// `upcast<N>` as CuTe takes it: dynamic strides divided whatever their values, and
    /// no check that the modes below `N` keep every larger element.
    UpAsCute,
    Down,
}

/// Applies the cast leaf by leaf, keeping the hierarchy (CuTe's `transform_layout` over
/// shape and stride).
const fn cast_at(
    s: &IntTuple,
    ns: Node,
    d: &IntTuple,
    nd: Node,
    n: Int,
    cast: Cast,
    b: &mut LayoutBuilder,
) -> Result<(), Error> {
    if !s.is_leaf_node(ns) {
        tri!(b.open());
        let mut cs = s.first_child(ns);
        let mut cd = d.first_child(nd);
        while !s.is_close(cs) {
            tri!(cast_at(s, cs, d, cd, n, cast, b));
            cs = s.node_end(cs);
            cd = d.node_end(cd);
        }
        return b.close();
    }
    let shape = s.int_at(ns);
    let stride = d.int_at(nd);
    if stride.is_basis() {
        return Err(Error::WrongKind {
            msg: "upcast/downcast: scaled-basis strides cannot be recast",
        });
    }
    match cast {
        Cast::Up | Cast::UpAsCute => {
            if stride.is_constant(0) {
                return b.push_mode(shape, stride);
            }
            let dv = stride.value();
            let nv = n.value();
            if stride.is_static() {
                let a = dv.unsigned_abs() as i64;
                if a % nv != 0 && nv % a != 0 {
                    return Err(Error::Precondition {
                        msg: "upcast: divisibility condition violated (stride % N == 0 or N % stride == 0)",
                        mode: -1,
                        lhs: dv,
                        rhs: nv,
                    });
                }
                let abs = tri!(stride.try_abs());
                let new_shape = tri!(shape.try_ceil_div(tri!(n.try_ceil_div(abs))));
                let new_stride = tri!(stride.signum().try_mul(tri!(abs.try_ceil_div(n))));
                return b.push_mode(new_shape, new_stride);
            }
            // dynamic stride: CuTe divides it, assuming a multiple of N (its `safe_div`);
            // where it is not, the quotient is not the larger elements' stride
            // (`upcast<2>(8:1)` would be `8:0`), so rcute refuses, unless the mode has one
            // element, whose stride plays no part (CuTe's truncated quotient is kept)
            if shape.value() == 1 || matches!(cast, Cast::UpAsCute) {
                return b.push_mode(shape, tri!(stride.try_div(n)));
            }
            match stride.try_safe_div(n) {
                Ok(q) => b.push_mode(shape, q),
                Err(_) => Err(Error::Precondition {
                    msg: "upcast: a dynamic stride must be a multiple of N (CuTe divides it anyway, which is not the layout of the larger elements; make a unit stride static to shrink its mode)",
                    mode: -1,
                    lhs: dv,
                    rhs: nv,
                }),
            }
        }
        Cast::Down => {
            if stride.is_constant(1) || stride.is_constant(-1) {
                return b.push_mode(tri!(shape.try_mul(n)), stride);
            }
            b.push_mode(shape, tri!(stride.try_mul(n)))
        }
    }
}

const fn cast(l: &Layout, n: i64, cast: Cast) -> Result<Layout, Error> {
    if n <= 0 {
        return Err(Error::Precondition {
            msg: "upcast/downcast: N must be positive",
            mode: -1,
            lhs: n,
            rhs: 0,
        });
    }
    if let Cast::Up = cast {
        tri!(separate_below(l, n));
    }
    let mut b = LayoutBuilder::new();
    tri!(cast_at(
        l.shape_ref(),
        Node::ROOT,
        l.stride_ref(),
        Node::ROOT,
        Int::constant(n),
        cast,
        &mut b
    ));
    b.finish()
}

/// The most `N` for which [`separate_below`] enumerates the residues modulo `N` (a set
/// of `N` bits), and the most combinations of coordinates it enumerates otherwise.
const RESIDUE_LIMIT: i64 = 1024;
const RESIDUE_WORDS: usize = (RESIDUE_LIMIT / 64) as usize;
const COMBINATION_LIMIT: i64 = 1 << 16;

/// `upcast<N>` shrinks each mode of a static stride `d` below `N` to the coordinates that
/// are multiples of `N / |d|` (CuTe's `shape_div`). These are the larger elements only
/// where no other choice of coordinates of those modes adds up to a multiple of `N`: with
/// two of them, `(2,2):(_4,_4)` puts offset 8 at `(1,1)`, an element CuTe's answer
/// `(_1,_1):(_1,_1)` drops. Mode `m` adds `c * d_m` modulo `N`, for `c` below
/// `t_m = min(s_m, N / |d_m|)` (past it the residues repeat); the answer is the larger
/// elements exactly when only `c = 0` in every mode gives a multiple of `N`.
///
/// That holds where the strides, sorted by size, are a mixed radix (`|d| * t` of one mode
/// at most the next one's `|d|`: the sums, of either sign, stay below `N` in size and are
/// 0 only for `c = 0`). Otherwise the coordinates are enumerated (at most
/// [`COMBINATION_LIMIT`] of them), or the residues modulo `N` (`N` at most
/// [`RESIDUE_LIMIT`]); beyond both, the upcast is refused as undecided.
const fn separate_below(l: &Layout, n: i64) -> Result<(), Error> {
    let (s, d) = (l.shape_ref(), l.stride_ref());
    // the modes of a static stride below N, as (|d|, t, leaf), sorted by |d|
    let mut modes = [(0i64, 0i64, 0usize); crate::tuple::CAPACITY];
    let mut k = 0;
    let mut i = 0;
    while i < d.leaf_count() {
        let (x, e) = (d.leaf(i), s.leaf(i));
        let a = x.value().unsigned_abs();
        if x.is_static() && !x.is_basis() && a != 0 && a < n as u64 && e.value() > 1 {
            let a = a as i64;
            let t = if e.value() < n / a { e.value() } else { n / a };
            let mut j = k;
            while j > 0 && modes[j - 1].0 > a {
                modes[j] = modes[j - 1];
                j -= 1;
            }
            modes[j] = (a, t, i);
            k += 1;
        }
        i += 1;
    }
    let mut radix = true;
    let mut combinations: i64 = 1;
    let mut j = 0;
    while j < k {
        // |d| * t <= N: no overflow
        if j + 1 < k && modes[j].0 * modes[j].1 > modes[j + 1].0 {
            radix = false;
        }
        combinations = combinations.saturating_mul(modes[j].1);
        j += 1;
    }
    if radix {
        return Ok(());
    }
    // the first mode, in order of size, whose coordinates not 0 make a multiple of N with
    // those of the modes before it
    let overlap = if combinations <= COMBINATION_LIMIT {
        overlap_by_coordinates(d, &modes, k, n)
    } else if n <= RESIDUE_LIMIT {
        overlap_by_residues(d, &modes, k, n)
    } else {
        return Err(Error::Precondition {
            msg: "upcast: modes of strides below N that are not a mixed radix, too many to check whether their offsets add up to multiples of N (CuTe's answer, mode by mode, would drop those larger elements); N and the largest N checked",
            mode: -1,
            lhs: n,
            rhs: RESIDUE_LIMIT,
        });
    };
    if let Some(leaf) = overlap {
        return Err(Error::Precondition {
            msg: "upcast: the offsets of this mode and of modes of other strides below N add up to multiples of N where a coordinate is not a multiple of N over its stride (CuTe's answer, mode by mode, drops those larger elements); stride and N",
            mode: leaf as i64,
            lhs: d.leaf(leaf).value(),
            rhs: n,
        });
    }
    Ok(())
}

/// The offset `c * d` of coordinate `c` of a mode of stride `d`, modulo `n`.
const fn residue(d: &IntTuple, leaf: usize, c: i64, n: i64) -> i64 {
    (c * d.leaf(leaf).value()).rem_euclid(n)
}

/// [`separate_below`] by enumerating, for each mode `j`, its coordinates not 0 with every
/// coordinate of the modes before it.
const fn overlap_by_coordinates(
    d: &IntTuple,
    modes: &[(i64, i64, usize)],
    k: usize,
    n: i64,
) -> Option<usize> {
    let mut j = 0;
    while j < k {
        let mut c = [0i64; crate::tuple::CAPACITY];
        c[j] = 1;
        loop {
            let mut sum = 0;
            let mut m = 0;
            while m <= j {
                sum = (sum + residue(d, modes[m].2, c[m], n)) % n;
                m += 1;
            }
            if sum == 0 {
                return Some(modes[j].2);
            }
            // the next coordinate, mode 0 fastest, mode j from 1
            let mut m = 0;
            while m <= j {
                c[m] += 1;
                if c[m] < modes[m].1 {
                    break;
                }
                c[m] = if m == j { 1 } else { 0 };
                m += 1;
            }
            if m > j {
                break;
            }
        }
        j += 1;
    }
    None
}

/// [`separate_below`] by the residues modulo `n` (at most [`RESIDUE_LIMIT`]) that the
/// sums with a coordinate not 0 reach, mode after mode.
const fn overlap_by_residues(
    d: &IntTuple,
    modes: &[(i64, i64, usize)],
    k: usize,
    n: i64,
) -> Option<usize> {
    let mut z = [0u64; RESIDUE_WORDS];
    let mut j = 0;
    while j < k {
        let (_, t, leaf) = modes[j];
        // the residues of the sums so far, 0 (every coordinate 0) included
        let mut from = z;
        from[0] |= 1;
        let mut c = 1;
        while c < t {
            let shift = residue(d, leaf, c, n);
            let mut r = 0;
            while r < n {
                if from[(r / 64) as usize] >> (r % 64) & 1 != 0 {
                    let x = (r + shift) % n;
                    z[(x / 64) as usize] |= 1 << (x % 64);
                }
                r += 1;
            }
            c += 1;
        }
        if z[0] & 1 != 0 {
            return Some(leaf);
        }
        j += 1;
    }
    None
}

impl Layout {
    /// The layout of the same memory in elements `n` times larger (CuTe's `upcast<N>`):
    /// a static stride `d` becomes `ceil(|d| / n)` (keeping its sign) and its mode's shape
    /// shrinks by `ceil(n / |d|)`; a static `_0` stride is kept.
    ///
    /// A dynamic stride is divided by `n`, as CuTe divides it.
    ///
    /// # Errors
    /// A static stride that neither divides nor is divided by `n` (CuTe's static
    /// assertion), and a dynamic stride that is not a multiple of `n`: CuTe assumes it is
    /// and answers a layout that is not the larger elements (`upcast<2>((4,8):(8,1))` is
    /// CuTe's `(4,8):(4,0)`, eight elements at one offset). Make the unit stride static
    /// (`(4,8):(8,_1)`) to get its mode shrunk instead. And modes of strides below `n`
    /// whose offsets add up to multiples of `n` at coordinates that each mode alone would
    /// not keep: CuTe shrinks mode by mode and drops those larger elements
    /// (`upcast<8>((_2,_2):(_4,_4))` is CuTe's `(_1,_1):(_1,_1)`, without the element at
    /// offset 8); where that cannot be decided in bounded time (`n` above 1024 and more
    /// than 65536 coordinates to try) the upcast is refused too.
    ///
    /// ```
    /// use rcute::layout;
    /// assert!(layout!((_2,_2):(_4,_4)).try_upcast(8).is_err());
    /// assert_eq!(layout!((_2,_4):(_1,_2)).upcast(4).to_string(), "(_1,_2):(_1,_1)");
    /// assert_eq!(layout!((_4,_8):(_1,_4)).upcast(2).to_string(), "(_2,_8):(_1,_2)");
    /// assert_eq!(layout!((_4,_8):(_8,_1)).upcast(2).to_string(), "(_4,_4):(_4,_1)");
    /// assert_eq!(layout!((_4,8):(_1,16)).upcast(2).to_string(), "(_2,8):(_1,8)");
    /// assert_eq!(layout!(_4:_-1).upcast(2).to_string(), "_2:_-1");
    /// assert!(layout!((4,8):(8,1)).try_upcast(2).is_err());
    /// ```
    pub const fn try_upcast(&self, n: i64) -> Result<Layout, Error> {
        cast(self, n, Cast::Up)
    }

    /// `upcast<N>` as CuTe C++ computes it, where [`Layout::try_upcast`] refuses: a dynamic
    /// stride is divided by `N` whatever its value (CuTe's `safe_div` assumes a multiple),
    /// and the modes of strides below `N` are shrunk one by one without the check that
    /// they keep every larger element. CuTe's own static assertion (`stride % N == 0 or
    /// N % stride == 0` on a static stride) is kept. The answer is what CuTe prints, which
    /// is not always the layout of the larger elements.
    ///
    /// ```
    /// use rcute::layout;
    /// assert!(layout!(8:1).try_upcast(2).is_err());
    /// assert_eq!(layout!(8:1).try_upcast_as_cute(2).unwrap().to_string(), "8:0");
    /// assert_eq!(layout!((_2,_2):(_4,_4)).try_upcast_as_cute(8).unwrap().to_string(), "(_1,_1):(_1,_1)");
    /// ```
    pub const fn try_upcast_as_cute(&self, n: i64) -> Result<Layout, Error> {
        cast(self, n, Cast::UpAsCute)
    }

    /// [`Layout::try_upcast`], panicking with the error's message.
    #[track_caller]
    pub const fn upcast(&self, n: i64) -> Layout {
        unwrap_or_panic!(self.try_upcast(n))
    }

    /// The layout of the same memory in elements `n` times smaller (CuTe's
    /// `downcast<N>`): a mode with static stride `_1` (or `_-1`) grows by `n`, every other
    /// stride is multiplied by `n`.
    ///
    /// # Errors
    /// CuTe requires a static `_1` stride somewhere ("Downcast requires adjacent
    /// elements"). Beyond CuTe, a layout whose unit stride is dynamic is accepted: it is
    /// downcast as if its values were static.
    ///
    /// ```
    /// use rcute::layout;
    /// assert_eq!(layout!((_4,_8):(_1,_4)).downcast(2).to_string(), "(_8,_8):(_1,_8)");
    /// assert_eq!(layout!((_4,_8):(_8,_1)).downcast(2).to_string(), "(_4,_16):(_16,_1)");
    /// assert!(layout!(_4:_0).try_downcast(4).is_err());
    /// ```
    pub const fn try_downcast(&self, n: i64) -> Result<Layout, Error> {
        let d = self.stride_ref();
        let mut has_static_one = false;
        let mut has_one = false;
        let mut i = 0;
        while i < d.leaf_count() {
            let x = d.leaf(i);
            if x.is_constant(1) {
                has_static_one = true;
            }
            if !x.is_basis() && x.value() == 1 {
                has_one = true;
            }
            i += 1;
        }
        if has_static_one {
            return cast(self, n, Cast::Down);
        }
        if has_one {
            // Beyond CuTe: the downcast of the same layout with every value static.
            return Ok(tri!(cast(&self.to_static(), n, Cast::Down)).to_dynamic());
        }
        Err(Error::Precondition {
            msg: "downcast: requires adjacent elements (a stride-1 mode)",
            mode: -1,
            lhs: n,
            rhs: 0,
        })
    }

    /// [`Layout::try_downcast`], panicking with the error's message.
    #[track_caller]
    pub const fn downcast(&self, n: i64) -> Layout {
        unwrap_or_panic!(self.try_downcast(n))
    }

    /// The largest alignment, in elements, that every contiguous run of the layout keeps
    /// (CuTe's `max_alignment`): the coalesced layout with its dynamic modes ignored,
    /// divided by its right inverse; the gcd of the contiguous size and the strides past it.
    ///
    /// ```
    /// use rcute::layout;
    /// assert_eq!(layout!((_8,_8):(_8,_1)).max_alignment().to_string(), "_64");
    /// assert_eq!(layout!((_8,_4):(_2,_16)).max_alignment().to_string(), "_1");
    /// ```
    pub const fn try_max_alignment(&self) -> Result<Int, Error> {
        let flat = tri!(self.try_coalesce());
        let mut shape = flat.shape();
        let mut stride = flat.stride();
        let mut i = 0;
        while i < shape.leaf_count() {
            if !shape.leaf(i).is_static() {
                shape.set_leaf(i, Int::constant(1));
            }
            if !stride.leaf(i).is_static() {
                stride.set_leaf(i, Int::constant(0));
            }
            i += 1;
        }
        let f = tri!(Layout::try_new(shape, stride));
        let r = tri!(f.try_right_inverse());
        let p = tri!(f.try_logical_divide(&crate::algebra::Tiler::layout(r)));
        let s0 = tri!(tri!(p.try_mode(0)).try_size());
        let d1 = tri!(tri!(p.try_mode(1)).stride().try_gcd());
        Ok(s0.gcd(d1))
    }

    /// [`Layout::try_max_alignment`], panicking with the error's message.
    #[track_caller]
    pub const fn max_alignment(&self) -> Int {
        unwrap_or_panic!(self.try_max_alignment())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::string::{String, ToString};
    use alloc::vec;
    use alloc::vec::Vec;

    /// Whether coordinates of the modes `(s, d)` add up to a multiple of `n` where one of
    /// them alone is not: by enumerating every coordinate.
    fn overlaps(modes: &[(i64, i64)], n: i64) -> bool {
        let total: i64 = modes.iter().map(|m| m.0).product();
        (0..total).any(|mut x| {
            let (mut sum, mut alone) = (0, true);
            for &(s, d) in modes {
                let c = x % s;
                x /= s;
                sum += c * d;
                alone &= (c * d) % n == 0;
            }
            sum % n == 0 && !alone
        })
    }

    #[test]
    fn each_way_of_deciding_is_enumeration() {
        let mut tried = [0usize; 3];
        for n in [2i64, 3, 4, 6, 8, 12] {
            let strides: Vec<i64> = (1..n)
                .filter(|a| n % a == 0)
                .flat_map(|a| [a, -a])
                .collect();
            for rank in 2..=3u32 {
                let mut picks = vec![0usize; rank as usize];
                let choices = strides.len() * 4;
                for code in 0..choices.pow(rank) {
                    let mut x = code;
                    for p in picks.iter_mut() {
                        *p = x % choices;
                        x /= choices;
                    }
                    let modes: Vec<(i64, i64)> = picks
                        .iter()
                        .map(|&p| (2 + (p % 4) as i64, strides[p / 4]))
                        .collect();
                    let text = |f: fn(&(i64, i64)) -> i64| {
                        let v: Vec<String> = modes.iter().map(|m| format!("_{}", f(m))).collect();
                        format!("({})", v.join(","))
                    };
                    let l: Layout = format!("{}:{}", text(|m| m.0), text(|m| m.1))
                        .parse()
                        .unwrap();
                    let want = overlaps(&modes, n);
                    assert_eq!(separate_below(&l, n).is_err(), want, "{l} upcast<{n}>");
                    // both enumerations, where the mixed radix does not decide
                    let mut sorted: Vec<(i64, i64, usize)> = modes
                        .iter()
                        .enumerate()
                        .map(|(i, m)| (m.1.abs(), m.0.min(n / m.1.abs()), i))
                        .collect();
                    sorted.sort_by_key(|m| m.0);
                    let d = l.stride_ref();
                    let k = sorted.len();
                    let by_c = overlap_by_coordinates(d, &sorted, k, n);
                    let by_r = overlap_by_residues(d, &sorted, k, n);
                    assert_eq!(by_c.is_some(), want, "{l} upcast<{n}>");
                    assert_eq!(by_c, by_r, "{l} upcast<{n}>");
                    tried[usize::from(want)] += 1;
                    tried[2] += 1;
                }
            }
        }
        assert!(tried[0] > 1000 && tried[1] > 1000, "{tried:?}");
    }

    #[test]
    fn undecided_upcasts_are_refused() {
        // 17 * 17 * 17 * 16 coordinates, N above the residues' limit, not a mixed radix
        let l = crate::layout!((_17,_17,_17,_16):(_1,_1,_1,_2));
        let e = l.try_upcast(2048).unwrap_err();
        assert!(e.to_string().contains("too many to check"), "{e}");
        // within the coordinates' limit, the same strides are decided
        let l = crate::layout!((_17,_17):(_1,_1));
        assert!(l.try_upcast(2048).is_ok());
    }
}
