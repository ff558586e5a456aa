//! `right_inverse` and `left_inverse`.
//!
//! Both coalesce the layout, sort its modes by stride (CuTe's exchange sort, which is not
//! stable for equal strides), and build the inverse from the prefix products of the shape.

use crate::algebra::coalesce::coalesce_leaves;
use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::{CAPACITY, IntTuple};

/// The coalesced, wrapped modes of a layout and their exclusive prefix products.
struct Modes {
    shape: [Int; CAPACITY],
    stride: [Int; CAPACITY],
    pre: [Int; CAPACITY + 1],
    n: usize,
}

/// Fills `m` (written in place: `Modes` is too large to pass around by value).
const fn modes(layout: &Layout, m: &mut Modes) -> Result<(), Error> {
    let c = tri!(layout.try_coalesce());
    // the leaves are stored in depth-first order: they are the flattened modes
    let s = c.shape_ref();
    let d = c.stride_ref();
    let n = s.leaf_count();
    m.n = n;
    m.pre[0] = Int::ONE;
    let mut i = 0;
    while i < n {
        m.shape[i] = s.leaf(i);
        m.stride[i] = d.leaf(i);
        if m.stride[i].is_basis() {
            return Err(Error::WrongKind {
                msg: "inverse: scaled-basis strides have no inverse layout",
            });
        }
        m.pre[i + 1] = tri!(m.shape[i].try_mul(m.pre[i]));
        i += 1;
    }
    Ok(())
}

/// CuTe's `detail::SortByKey` (an exchange sort on stride values) of the given indices.
const fn sort_by_stride(m: &Modes, idx: &mut [usize; CAPACITY], n: usize) {
    let mut i = 0;
    while i < n {
        let mut j = i + 1;
        while j < n {
            if m.stride[idx[j]].value() < m.stride[idx[i]].value() {
                let t = idx[j];
                idx[j] = idx[i];
                idx[i] = t;
            }
            j += 1;
        }
        i += 1;
    }
}

/// `coalesce(shape:stride)` of the flat layout with these modes.
const fn coalesced_flat(shape: &[Int], stride: &[Int]) -> Result<Layout, Error> {
    let s = tri!(IntTuple::try_from_ints(shape));
    let d = tri!(IntTuple::try_from_ints(stride));
    coalesce_leaves(&s, &d, false, false)
}

impl Modes {
    const fn new() -> Modes {
        Modes {
            shape: [Int::ZERO; CAPACITY],
            stride: [Int::ZERO; CAPACITY],
            pre: [Int::ZERO; CAPACITY + 1],
            n: 0,
        }
    }
}

impl Layout {
    /// A layout `R` with `self(R(i)) == i` for every `i < size(R)`: the largest
    /// contiguous prefix of `self`'s codomain it can reach (CuTe's `right_inverse`).
    /// As in CuTe, modes with dynamic strides are ignored.
    ///
    /// ```
    /// use rcute::layout;
    /// assert_eq!(layout!((_8,_4):(_4,_1)).right_inverse().to_string(), "(_4,_8):(_8,_1)");
    /// assert_eq!(layout!((_4,_2):(_1,_16)).right_inverse().to_string(), "_4:_1");
    /// assert_eq!(layout!(_4:_2).right_inverse().to_string(), "_1:_0");
    /// assert_eq!(layout!((4,2):(_1,4)).right_inverse().to_string(), "4:_1");
    /// ```
    pub const fn try_right_inverse(&self) -> Result<Layout, Error> {
        let mut m = Modes::new();
        tri!(modes(self, &mut m));
        let mut idx = [0usize; CAPACITY];
        let mut n = 0;
        let mut i = 0;
        while i < m.n {
            if m.stride[i].is_static() {
                idx[n] = i;
                n += 1;
            }
            i += 1;
        }
        sort_by_stride(&m, &mut idx, n);
        let mut rs = [Int::ZERO; CAPACITY + 1];
        let mut rd = [Int::ZERO; CAPACITY + 1];
        rs[0] = Int::ONE;
        rd[0] = Int::ZERO;
        let mut k = 1;
        let mut curr = Int::ONE;
        let mut j = 0;
        while j < n {
            let x = idx[j];
            let d = m.stride[x];
            if curr.is_static() && curr.value() == d.value() {
                rs[k] = m.shape[x];
                rd[k] = m.pre[x];
                k += 1;
                curr = tri!(m.shape[x].try_mul(d));
            }
            j += 1;
        }
        let (s, _) = rs.split_at(k);
        let (d, _) = rd.split_at(k);
        coalesced_flat(s, d)
    }

    /// [`Layout::try_right_inverse`], panicking with the error's message.
    #[track_caller]
    pub const fn right_inverse(&self) -> Layout {
        unwrap_or_panic!(self.try_right_inverse())
    }

    /// A layout `R` with `self(R(self(i))) == self(i)` for every `i < size(self)`: for an
    /// injective layout, `R(self(i)) == i` (CuTe's `left_inverse`).
    ///
    /// Beyond CuTe: CuTe requires static strides; rcute computes the inverse from the
    /// values of dynamic strides.
    ///
    /// # Errors
    /// CuTe's "Left inverse divisibility condition" (a stride is not a multiple of the
    /// extent below it), and negative strides (for which CuTe builds a negative shape).
    ///
    /// ```
    /// use rcute::layout;
    /// assert_eq!(layout!((_4,_2):(_1,_16)).left_inverse().to_string(), "(_16,_2):(_1,_4)");
    /// assert_eq!(layout!(_4:_2).left_inverse().to_string(), "(_2,_4):(_0,_1)");
    /// assert_eq!(layout!((_8,_4):(_4,_1)).left_inverse().to_string(), "(_4,_8):(_8,_1)");
    /// ```
    pub const fn try_left_inverse(&self) -> Result<Layout, Error> {
        let mut m = Modes::new();
        tri!(modes(self, &mut m));
        let mut k = 0;
        while k < m.n {
            if !m.stride[k].is_static() {
                // Beyond CuTe: the left inverse of the same layout with every value static.
                return Ok(tri!(self.to_static().try_left_inverse()).to_dynamic());
            }
            k += 1;
        }
        let all_static = true; // from here on, every stride is static
        let mut idx = [0usize; CAPACITY];
        let mut i = 0;
        while i < m.n {
            idx[i] = i;
            if m.stride[i].value() < 0 {
                return Err(Error::Precondition {
                    msg: "left_inverse: negative strides are not supported (CuTe builds a negative shape)",
                    mode: i as i64,
                    lhs: m.stride[i].value(),
                    rhs: 0,
                });
            }
            i += 1;
        }
        sort_by_stride(&m, &mut idx, m.n);
        let mut rs = [Int::ZERO; CAPACITY + 1];
        let mut rd = [Int::ZERO; CAPACITY + 1];
        rd[0] = Int::ZERO;
        let mut ns = 0;
        let mut nd = 1;
        let mut size = Int::ONE;
        let mut j = 0;
        while j < m.n {
            let x = idx[j];
            let d = m.stride[x];
            if !(all_static && d.is_constant(0)) {
                if tri!(d.try_rem(size)).value() != 0 {
                    return Err(Error::Precondition {
                        msg: "left_inverse: divisibility condition violated (a stride is not a multiple of the extent below it)",
                        mode: x as i64,
                        lhs: d.value(),
                        rhs: size.value(),
                    });
                }
                rs[ns] = tri!(d.try_div(size));
                ns += 1;
                size = if ns == 1 {
                    rs[0]
                } else {
                    tri!(size.try_mul(rs[ns - 1]))
                };
                rd[nd] = m.pre[x];
                nd += 1;
            }
            j += 1;
        }
        rs[ns] = m.shape[idx[m.n - 1]];
        ns += 1;
        let (s, _) = rs.split_at(ns);
        let (d, _) = rd.split_at(nd);
        coalesced_flat(s, d)
    }

    /// [`Layout::try_left_inverse`], panicking with the error's message.
    #[track_caller]
    pub const fn left_inverse(&self) -> Layout {
        unwrap_or_panic!(self.try_left_inverse())
    }
}
