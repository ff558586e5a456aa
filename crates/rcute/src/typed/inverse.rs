//! `right_inverse`, staged (see [`super::modes`] for how): the twin of
//! `crate::algebra::inverse`.

use super::modes::{Modes, coalesce_scan};
use super::program::Program;
use crate::error::{Error, tri};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::CAPACITY;

/// `right_inverse(l)` (see `algebra::inverse`): modes with dynamic strides are ignored, as
/// in CuTe.
pub(crate) const fn right_inverse(p: &mut Program, l: &Layout) -> Result<Layout, Error> {
    let f = tri!(coalesce_scan(p, &Modes::leaves(l), false, false));
    // the product of the shapes must not overflow
    let mut size = Int::ONE;
    let mut i = 0;
    while i < f.n {
        if f.d[i].is_basis() {
            return Err(Error::WrongKind {
                msg: "inverse: scaled-basis strides have no inverse layout",
            });
        }
        size = tri!(p.mul(f.s[i], size));
        i += 1;
    }
    // the modes with static strides, in CuTe's exchange sort by stride
    let mut idx = [0usize; CAPACITY];
    let mut n = 0;
    let mut i = 0;
    while i < f.n {
        if f.d[i].is_static() {
            idx[n] = i;
            n += 1;
        }
        i += 1;
    }
    let mut i = 0;
    while i < n {
        let mut j = i + 1;
        while j < n {
            if f.d[idx[j]].value() < f.d[idx[i]].value() {
                let t = idx[j];
                idx[j] = idx[i];
                idx[i] = t;
            }
            j += 1;
        }
        i += 1;
    }
    let mut r = Modes::new();
    let mut curr = Int::ONE;
    let mut j = 0;
    while j < n {
        let x = idx[j];
        let (s, d) = (f.s[x], f.d[x]);
        if curr.is_static() && curr.value() == d.value() {
            if !s.is_constant(1) {
                // the exclusive prefix product of the shapes before mode x
                let mut pre = Int::ONE;
                let mut k = 0;
                while k < x {
                    pre = tri!(p.mul(f.s[k], pre));
                    k += 1;
                }
                tri!(r.push(s, pre));
            }
            curr = tri!(p.mul(s, d));
        }
        j += 1;
    }
    if r.n == 0 {
        tri!(r.push(Int::ONE, Int::ZERO));
    }
    tri!(coalesce_scan(p, &r, false, false)).as_layout()
}
