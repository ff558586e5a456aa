//! CuTe's `coalesce` of a few plain modes, on raw values and static bits in small stack
//! arrays: the scan of the direct paths of `coalesce` and of the inverses.

use crate::algebra::modes::{FEW, FewParts, S, Scan, mul_raw};
use crate::layout::Layout;
use crate::tuple::IntTuple;

/// CuTe's `coalesce` (without extend or zeros) of the modes `sv:dv`, every integer
/// static (plain, metadata `S`), scanned from the front, the resulting modes written to
/// `out` (a [`Few`](crate::algebra::modes::Few), empty): [`Scan::Done`] where a mode is dropped or merged,
/// [`Scan::Same`] where none is (`out` holds the modes), [`Scan::General`] where the
/// general scan must answer (no mode or more than [`FEW`], a shape not positive, an
/// overflow).
///
/// The backward scan (`modes::scan_static`) merges a mode into the front mode after it
/// when `s * d` is the front's stride, which is the stride of the front's first mode: so
/// each decision reads only a mode and the mode kept or merged before it, and the same
/// modes result from the front. `_1` shapes are dropped; when every mode is one, the
/// result is `_1:_0`. With positive shapes, the merged shapes' product overflows in this
/// order exactly when it does in the backward one, and every product `s * d` the backward
/// scan takes is taken here.
///
/// Without `WRITE`, nothing is written and the scan stops at the first mode that changes
/// ([`Scan::Done`], `out` untouched): whether the modes stay, read only.
#[inline(always)]
pub(crate) const fn coalesce_static_front<const WRITE: bool>(
    sv: &[i64],
    dv: &[i64],
    out: FewParts<'_>,
) -> Scan {
    let (ov, om, odv, odm, on) = out;
    let r = sv.len();
    if r == 0 || r > FEW || dv.len() != r {
        return Scan::General;
    }
    let mut changed = false;
    // the modes written, and the last mode kept or merged, as it is in the input
    let (mut k, mut ps, mut pd) = (0, 0i64, 0);
    let mut i = 0;
    while i < r {
        let (s, d) = (sv[i], dv[i]);
        if s <= 0 {
            return Scan::General;
        }
        if s == 1 {
            // size-1 modes are dropped, whatever their stride
            if !WRITE {
                return Scan::Done;
            }
            changed = true;
            i += 1;
            continue;
        }
        // the mode before merges into this one when `ps * pd == d`
        let merge = k > 0
            && match ps.checked_mul(pd) {
                Some(q) => q == d,
                None => return Scan::General,
            };
        if merge && !WRITE {
            return Scan::Done;
        }
        if merge {
            // the shape of the mode before times `s`
            if k > FEW {
                return Scan::General;
            }
            let Some(q) = ov[k - 1].checked_mul(s) else {
                return Scan::General;
            };
            ov[k - 1] = q;
            changed = true;
        } else {
            if WRITE {
                if k >= FEW {
                    return Scan::General;
                }
                (ov[k], om[k], odv[k], odm[k]) = (s, S, d, S);
            }
            k += 1;
        }
        (ps, pd) = (s, d);
        i += 1;
    }
    if !WRITE {
        // (every mode kept: `k` is `r`)
        return Scan::Same;
    }
    if k == 0 {
        // every mode a `_1`: `_1:_0` (unchanged where it is the one mode)
        changed = r > 1 || dv[0] != 0;
        (ov[0], om[0], odv[0], odm[0]) = (1, S, 0, S);
        k = 1;
    }
    *on = k as u8;
    if changed { Scan::Done } else { Scan::Same }
}

/// Up to [`FEW`] plain modes, written from the back: the modes are at `base..FEW` of
/// each array (of `N` entries, at least [`FEW`]), in order, and zeros follow them.
pub(crate) struct Back<const N: usize = FEW> {
    pub(crate) base: usize,
    pub(crate) sv: [i64; N],
    pub(crate) sm: [u16; N],
    pub(crate) dv: [i64; N],
    pub(crate) dm: [u16; N],
}

/// A [`Back`] with [`FEW`] zeros after the modes (at `FEW..`, never written), so that the
/// [`FEW`] entries from `base` are the leaves of the flat layout of the modes
/// ([`Back::layout`]).
pub(crate) type Padded = Back<{ 2 * FEW }>;

impl<const N: usize> Back<N> {
    #[inline(always)]
    pub(crate) const fn new() -> Back<N> {
        Back {
            base: FEW,
            sv: [0; N],
            sm: [0; N],
            dv: [0; N],
            dm: [0; N],
        }
    }

    /// Writes `s:d` before the modes written so far; `false` when full.
    #[inline(always)]
    const fn push_front(&mut self, s: i64, sm: u16, d: i64, dm: u16) -> bool {
        if self.base == 0 {
            return false;
        }
        let w = self.base - 1;
        self.sv[w] = s;
        self.sm[w] = sm;
        self.dv[w] = d;
        self.dm[w] = dm;
        self.base = w;
        true
    }
}

impl Padded {
    /// The flat layout of the modes (one mode: that integral mode), built straight from
    /// the [`FEW`] entries of each array from `base` (the modes, then zeros): laid out of
    /// line and built where the caller returns it, as `Few::layout`.
    #[inline(never)]
    pub(crate) const fn layout(&self) -> Layout {
        let n = FEW - self.base;
        Layout {
            shape: IntTuple::flat_of(eight(&self.sv, self.base), eight(&self.sm, self.base), n),
            stride: IntTuple::flat_of(eight(&self.dv, self.base), eight(&self.dm, self.base), n),
            basis: false,
        }
    }
}

/// The [`FEW`] entries of `a` from `base`, where `base + FEW <= N` (a [`Padded`]'s `base`
/// is at most [`FEW`], so the `panic` is never reached).
#[inline(always)]
const fn eight<T, const N: usize>(a: &[T; N], base: usize) -> &[T; FEW] {
    match a.split_at(base).1.first_chunk::<FEW>() {
        Some(c) => c,
        None => panic!("a base past FEW"),
    }
}

/// CuTe's `coalesce` (without extend or zeros) of the plain modes `sv:dv` (every
/// metadata `S` or 0), the modes written into `out` (empty): the steps of the general
/// scan (`modes::scan_raw`) as they are; `false` where that scan errs (an overflow) or the
/// result has more than [`FEW`] modes.
#[inline(always)]
pub(crate) const fn coalesce<const N: usize>(
    sv: &[i64],
    sm: &[u16],
    dv: &[i64],
    dm: &[u16],
    out: &mut Back<N>,
) -> Scan {
    let r = sv.len();
    if r == 0 || sm.len() != r || dv.len() != r || dm.len() != r {
        return Scan::General;
    }
    // the front mode (the first one so far) is kept aside, as it may still merge with
    // the mode before it
    let (mut fs, mut fsm, mut fd, mut fdm) = (sv[r - 1], sm[r - 1], dv[r - 1], dm[r - 1]);
    let mut i = r - 1;
    while i > 0 {
        i -= 1;
        let (s, m, d, n) = (sv[i], sm[i], dv[i], dm[i]);
        if m == S && s == 1 {
            continue; // static size-1 modes are dropped, whatever their stride
        }
        if out.base == FEW && fsm == S && fs == 1 {
            (fs, fsm, fd, fdm) = (s, m, d, n); // replaces a front of shape _1
            continue;
        }
        // a merge is proved statically: `s * d == fd`, all three static
        let merge = fsm == S
            && match mul_raw(s, m, d, n) {
                Some((p, pm)) => pm == S && fdm == S && p == fd,
                None => return Scan::General,
            };
        if merge {
            let Some((p, pm)) = mul_raw(s, m, fs, fsm) else {
                return Scan::General;
            };
            (fs, fsm) = (p, pm);
        } else {
            if !out.push_front(fs, fsm, fd, fdm) {
                return Scan::General;
            }
            (fs, fsm) = (s, m);
        }
        (fd, fdm) = (d, n);
    }
    // a lone `_1` gets stride `_0`
    let mut changed = false;
    if out.base == FEW && fsm == S && fs == 1 {
        changed = fdm != S || fd != 0;
        (fd, fdm) = (0, S);
    }
    done(out, fs, fsm, fd, fdm, r, changed)
}

/// [`coalesce`] where every integer is static (every metadata `S`): the values alone,
/// the same steps with every static test true (`modes::scan_static`).
#[inline(always)]
pub(crate) const fn coalesce_static<const N: usize>(
    sv: &[i64],
    dv: &[i64],
    out: &mut Back<N>,
) -> Scan {
    let r = sv.len();
    if r == 0 || dv.len() != r {
        return Scan::General;
    }
    let (mut fs, mut fd) = (sv[r - 1], dv[r - 1]);
    let mut i = r - 1;
    while i > 0 {
        i -= 1;
        let (s, d) = (sv[i], dv[i]);
        if s == 1 {
            continue;
        }
        if out.base == FEW && fs == 1 {
            (fs, fd) = (s, d);
            continue;
        }
        // `s * d == fd` (`_0 * x` is `_0`)
        let p = if s == 0 || d == 0 {
            0
        } else {
            match s.checked_mul(d) {
                Some(p) => p,
                None => return Scan::General,
            }
        };
        if p == fd {
            fs = if s == 0 || fs == 0 {
                0
            } else {
                match s.checked_mul(fs) {
                    Some(p) => p,
                    None => return Scan::General,
                }
            };
        } else {
            if !out.push_front(fs, S, fd, S) {
                return Scan::General;
            }
            fs = s;
        }
        fd = d;
    }
    let mut changed = false;
    if out.base == FEW && fs == 1 {
        changed = fd != 0;
        fd = 0;
    }
    done(out, fs, S, fd, S, r, changed)
}

/// Writes the front mode, the last step of the scans: [`Scan::Done`] where the modes
/// changed (fewer than the `r` scanned: one dropped, merged or replaced; or `changed`, the
/// stride of a lone `_1`), [`Scan::Same`] where they are the modes scanned,
/// [`Scan::General`] where more than [`FEW`] modes result.
#[inline(always)]
const fn done<const N: usize>(
    out: &mut Back<N>,
    fs: i64,
    fsm: u16,
    fd: i64,
    fdm: u16,
    r: usize,
    changed: bool,
) -> Scan {
    if !out.push_front(fs, fsm, fd, fdm) {
        return Scan::General;
    }
    if changed || FEW - out.base < r {
        Scan::Done
    } else {
        Scan::Same
    }
}

/// The leaves of `shape` and `stride` coalesced, where they are at most [`FEW`] plain
/// integers (with `static_strides`, every stride static): [`Scan::Same`] where the modes
/// are the leaves, [`Scan::Done`] where they changed, [`Scan::General`] where the general
/// scan must answer.
#[inline(always)]
pub(crate) const fn coalesced_leaves<const N: usize>(
    shape: &IntTuple,
    stride: &IntTuple,
    static_strides: bool,
    out: &mut Back<N>,
) -> Scan {
    let n = shape.leaf_count();
    if n == 0 || n > FEW || stride.leaf_count() != n {
        return Scan::General;
    }
    let (sv, sm) = shape.leaf_parts(0, n);
    let (dv, dm) = stride.leaf_parts(0, n);
    // `all`: every metadata `S`; `bad`: one neither `S` nor 0 (or, with
    // `static_strides`, a stride's not `S`)
    let (mut all, mut bad) = (S, 0u16);
    let mut i = 0;
    while i < n {
        all &= sm[i] & dm[i];
        bad |= (sm[i] | dm[i]) & !S;
        if static_strides {
            bad |= dm[i] ^ S;
        }
        i += 1;
    }
    if bad != 0 {
        return Scan::General;
    }
    if all == S {
        return coalesce_static(sv, dv, out);
    }
    coalesce(sv, sm, dv, dm, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::modes::{Few, Modes, coalesced};
    use crate::int::Int;

    /// The scans on the stack are CuTe's coalesce (the general scan): values, static bits,
    /// and whether the modes changed, on random nested layouts and on flat layouts of
    /// rank 1 to 9 over static and dynamic `_1`s, zeros, negatives, chaining strides and
    /// overflowing products; where they give up, the general scan errs or gives more than
    /// [`FEW`] modes (or a leaf is not plain).
    #[test]
    fn raw_scans_are_coalesce() {
        let vals = [0, 1, 2, 3, 4, 6, 8, 12, -2, i64::MAX];
        let shapes = [1, 2, 3, 4, 6, 8, 12, i64::MAX];
        let mut layouts = std::vec::Vec::new();
        let mut g = crate::algebra::testgen::Gen(97);
        for _ in 0..20_000 {
            layouts.push(g.layout(2));
        }
        let mut rng = crate::algebra::testgen::XorShift(0x2545_f491_4f6c_dd1d_u64);
        for k in 0..40_000 {
            let r = 1 + k % 9;
            let (mut s, mut d) = (std::vec::Vec::new(), std::vec::Vec::new());
            for _ in 0..r {
                let x = rng.bits();
                let int = |v: i64, st: bool| {
                    IntTuple::from_int(if st {
                        Int::constant(v)
                    } else {
                        Int::dynamic(v)
                    })
                };
                let all_static = k % 2 == 0;
                s.push(int(
                    shapes[(x % 8) as usize],
                    all_static || x >> 20 & 1 == 0,
                ));
                d.push(int(
                    vals[(x >> 8) as usize % 10],
                    all_static || x >> 21 & 1 == 0,
                ));
            }
            layouts.push(Layout::try_new(IntTuple::tuple(&s), IntTuple::tuple(&d)).unwrap());
        }
        let (mut same, mut done) = (0, 0);
        for l in &layouts {
            let want = coalesced(Modes::leaves(l.shape_ref(), l.stride_ref()), false, false);
            for strides in [false, true] {
                let mut c = Padded::new();
                match coalesced_leaves(l.shape_ref(), l.stride_ref(), strides, &mut c) {
                    Scan::General => {}
                    scan => {
                        let f = c.layout();
                        assert_eq!(Ok(f), want, "coalesce({l})");
                        let leaves = Modes::leaves(l.shape_ref(), l.stride_ref());
                        let got = Modes::leaves(f.shape_ref(), f.stride_ref());
                        let unchanged = got.len() == leaves.len()
                            && (0..leaves.len())
                                .all(|i| got.s(i) == leaves.s(i) && got.d(i) == leaves.d(i));
                        assert_eq!(scan == Scan::Same, unchanged, "coalesce({l})");
                        if scan == Scan::Same {
                            same += 1;
                        } else {
                            done += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(layouts.len(), 60_000);
        assert!(same > 30_000 && done > 10_000, "{same} same, {done} done");
    }

    /// The scan from the front of static modes is CuTe's coalesce (the general scan):
    /// values, static bits, and whether the modes changed, on flat and nested static
    /// layouts of 1 to 10 leaves whose strides chain (`s * d` the next stride) or not,
    /// with `_1` shapes, zero, negative and overflowing strides and shapes; where it gives
    /// up, the general scan errs or gives more than [`FEW`] modes, or a layout has more
    /// than [`FEW`] leaves; `coalesce` (which takes it) answers what the general path
    /// answers, errors too.
    #[test]
    fn static_front_scan_is_coalesce() {
        let shapes = [1, 2, 3, 4, 6, 8, i64::MAX / 2];
        let strides = [0, 1, 2, 3, 12, -2, i64::MAX];
        let mut rng = crate::algebra::testgen::XorShift(0x9e37_79b9_7f4a_7c15_u64);
        let (mut ran, mut same, mut done, mut general) = (0, 0, 0, 0);
        for k in 0..60_000 {
            let r = 1 + k % 10;
            let (mut s, mut d) = (std::vec::Vec::<i64>::new(), std::vec::Vec::<i64>::new());
            for i in 0..r {
                let x = rng.bits();
                let sv = shapes[(x % 7) as usize];
                let dv = match (i, x >> 8 & 3) {
                    (1.., 0 | 1) => s[i - 1].checked_mul(d[i - 1]).unwrap_or(5),
                    _ => strides[(x >> 16) as usize % 7],
                };
                s.push(sv);
                d.push(dv);
            }
            let leaf = |v: i64| IntTuple::from_int(Int::constant(v));
            let tuple = |v: &[i64]| {
                let leaves: std::vec::Vec<IntTuple> = v.iter().map(|&x| leaf(x)).collect();
                if r >= 3 && k % 3 == 0 {
                    // nested: the first two leaves a mode of their own
                    let inner = IntTuple::tuple(&leaves[..2]);
                    let mut outer = std::vec![inner];
                    outer.extend_from_slice(&leaves[2..]);
                    IntTuple::tuple(&outer)
                } else if r == 1 && k % 2 == 0 {
                    leaves[0]
                } else {
                    IntTuple::tuple(&leaves)
                }
            };
            let l = Layout::try_new(tuple(&s), tuple(&d)).unwrap();
            let src = Modes::leaves(l.shape_ref(), l.stride_ref());
            let want = coalesced(src, false, false);
            let mut f = Few::new();
            let (sv, _, dv, _) = src.parts();
            match coalesce_static_front::<true>(sv, dv, f.parts_mut()) {
                Scan::General => {
                    let more = want.is_ok_and(|c| c.shape_ref().leaf_count() > FEW);
                    assert!(want.is_err() || more || r > FEW, "coalesce({l})");
                    general += 1;
                }
                scan => {
                    assert_eq!(Ok(f.layout()), want, "coalesce({l})");
                    let unchanged = f.len() == src.len()
                        && (0..src.len())
                            .all(|i| f.modes().s(i) == src.s(i) && f.modes().d(i) == src.d(i));
                    assert_eq!(scan == Scan::Same, unchanged, "coalesce({l})");
                    if scan == Scan::Same {
                        same += 1;
                    } else {
                        done += 1;
                    }
                }
            }
            assert_eq!(l.try_coalesce(), want, "coalesce({l})");
            ran += 1;
        }
        assert_eq!(ran, 60_000);
        assert!(
            same > 5_000 && done > 15_000 && general > 10_000,
            "{same} same, {done} done, {general} general"
        );
    }
}
