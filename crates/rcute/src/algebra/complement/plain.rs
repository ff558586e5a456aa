//! The complement of a few plain modes in one pass: the filter (static `_1`s dropped,
//! static neighbours merged), the static strides and the sort by stride on the stack (an
//! insertion sort as the filtered modes are finished), then CuTe's steps with each new
//! mode tested against the one before it for the coalesce, straight into the output list.

use super::{Cotarget, covers_check};
use crate::algebra::modes::{FEW, Few, Modes, S, mul_raw};

/// Beyond CuTe (see `complement_static`): the complement of the modes `src` with every
/// value static (`to_static`), made dynamic again, into `out` (empty), where the filter
/// of the modes as they are leaves two modes or more and a dynamic stride among them;
/// every shape must be positive (what `complement_few`'s scans check before their
/// static pass). `false` elsewhere, and wherever the scans must answer.
#[inline(always)]
pub(crate) const fn complement_plain_static(
    src: Modes<'_>,
    cotarget: Cotarget<'_>,
    cover: bool,
    out: &mut Few,
) -> bool {
    complement_plain(src, cotarget, cover, out, S, &mut false)
}

/// The complement of the modes `src` (those of a layout) with respect to `cotarget`, into
/// `out` (empty), with `or` (`S` or 0) set in the metadata of every integer of the modes
/// and the cotarget (with `S`, their static forms, where every shape must be positive),
/// where every integer is plain, no shape is 0 or less, no stride a dynamic 0, the last
/// mode neither a static `_1` nor of a static `_0` stride, at most [`FEW`] modes are left
/// by the filter, every stride is static where there are two modes or more (the last
/// one's as soon as there are), the cotarget is an integer, and the complement's modes
/// need no coalescing. `false` (with `out` in any state) wherever
/// [`super::complement_few`]'s scans must answer, errors included, and `dyn_stride` set
/// where a dynamic stride may be the reason ([`complement_plain_static`] may answer): its
/// answer where it is `true` (a test compares them).
#[inline(always)]
pub(crate) const fn complement_plain(
    src: Modes<'_>,
    cotarget: Cotarget<'_>,
    cover: bool,
    out: &mut Few,
    or: u16,
    dyn_stride: &mut bool,
) -> bool {
    let (sv, sm, dv, dm) = src.parts();
    let r = sv.len();
    if r == 0 || sm.len() != r || dv.len() != r || dm.len() != r {
        return false;
    }
    if let Cotarget::Shape(t) = cotarget
        && !t.is_leaf()
    {
        return false; // (before the work: the scans answer)
    }
    // `filter(layout)` by the filter's scan (`scan_raw`), last mode first: static `_1`s
    // dropped, a mode merged into the one after it (the front) where `s * d` is that
    // one's stride, all static; each filtered mode, once finished, kept in `f` (see
    // `Filtered`). Dynamic zero strides, shapes of 0 or less and a last mode the scan
    // drops or replaces are left to the scan.
    let mut f = Filtered {
        sv: [0; FEW],
        sm: [0; FEW],
        dv: [0; FEW],
        dm: [0; FEW],
        n: 0,
        down: true,
        up: true,
    };
    let (mut fs, mut fsm, mut fd, mut fdm) = (sv[r - 1], sm[r - 1] | or, dv[r - 1], dm[r - 1] | or);
    if (fsm | fdm) & !S != 0 || fs <= 0 || (fsm == S && fs == 1) || fd == 0 || (r > 1 && fdm != S) {
        // a dynamic stride: the static pass may answer (it checks the rest again)
        *dyn_stride = fdm == 0;
        return false;
    }
    // in the static pass, whether the filter of the modes as they are keeps another mode
    // than the last one (which it keeps: its values are neither 1 nor 0), and whether a
    // mode it keeps has a dynamic stride
    let (mut other, mut dynamic) = (false, dm[r - 1] != S);
    let mut i = r - 1;
    while i > 0 {
        i -= 1;
        let (s, m, d, n) = (sv[i], sm[i] | or, dv[i], dm[i] | or);
        if m & !S != 0 || n != S {
            // a dynamic stride, or an integer that is not plain (which the static pass
            // checks again)
            *dyn_stride = true;
            return false;
        }
        if or == S {
            if s <= 0 {
                return false;
            }
            let kept = !((sm[i] == S && s == 1) || (dm[i] == S && d == 0));
            other |= kept;
            dynamic |= kept && dm[i] != S;
        }
        if s <= 1 || d == 0 {
            if (m == S && s == 1) || d == 0 {
                continue; // dropped: a static `_1`, or a static `_0` stride
            }
            if s <= 0 {
                return false;
            }
        }
        if fsm == S {
            // (the scan's product, whose overflow it leaves to the general path)
            let Some(p) = s.checked_mul(d) else {
                return false;
            };
            if m == S && p == fd {
                let Some(p) = s.checked_mul(fs) else {
                    return false;
                };
                (fs, fd) = (p, d);
                continue;
            }
        }
        if !f.push(fs, fsm, fd, fdm) {
            return false;
        }
        (fs, fsm, fd, fdm) = (s, m, d, n);
    }
    if !f.push(fs, fsm, fd, fdm) {
        return false;
    }
    if f.n > FEW || (or == S && !(other && dynamic)) {
        return false;
    }
    let r = f.n;
    if !f.down && !f.up {
        f.sort();
    }
    let c = match cotarget {
        Cotarget::Int(c) => c,
        Cotarget::Shape(t) => match t.as_int() {
            Some(c) => c,
            None => return false,
        },
    };
    let (cv, cm) = (c.value(), c.meta() | or);
    if cm & !S != 0 {
        return false;
    }
    // the complement's modes by `Int`'s rules on the raw parts, the smallest stride
    // first; `rs` (the result stride) is positive throughout
    let mut res = Res {
        rs: 1,
        rsm: S,
        last: (0, 0, 0, 0),
        pushed: false,
        keep: !or,
    };
    let mut inexact = false;
    // from the smallest stride: the last mode where the strides never grow, else the
    // first
    let (mut i, step) = if f.up { (0, 1) } else { (r - 1, usize::MAX) };
    let mut left = r;
    while left > 0 && i < FEW {
        left -= 1;
        let (mv, mm) = (f.dv[i], f.dm[i]);
        if mv < 0 {
            return false; // a negative stride
        }
        // m / rs (`_0 / x` is static); 0 is the non-injective error; a stride that is
        // the extent below it (a compact mode) gives 1 without a division
        let q = if mv == res.rs {
            1
        } else {
            let q = mv / res.rs;
            if q == 0 {
                return false;
            }
            inexact |= q.wrapping_mul(res.rs) != mv;
            q
        };
        let Some((ns, nsm)) = mul_raw(mv, mm, f.sv[i], f.sm[i]) else {
            return false;
        };
        if ns <= 0 || !res.push(out, q, mm & res.rsm) {
            return false;
        }
        (res.rs, res.rsm) = (ns, nsm);
        i = i.wrapping_add(step);
    }
    if left > 0 {
        return false; // never
    }
    // the rest of the cotarget: ceil_div(c, rs), static when both are
    let Some(sum) = cv.checked_add(res.rs) else {
        return false;
    };
    let Some(sum) = sum.checked_sub(1) else {
        return false;
    };
    if !res.push(out, sum / res.rs, cm & res.rsm) {
        return false;
    }
    if !res.pushed {
        // every mode a static `_1`: the coalesced `_1:_0`
        out.push_raw(1, S & res.keep, 0, S & res.keep);
    }
    if cover && inexact && !f.covers(out.modes(), cv) {
        return false;
    }
    true
}

/// The filtered modes of [`complement_plain`] in the order they were finished (last
/// first), and whether their strides never grow (`down`: the smallest stride last, the
/// first of equal strides last) or always grow (`up`): the modes of the common layouts,
/// read from one end or the other, with no sort.
struct Filtered {
    sv: [i64; FEW],
    sm: [u16; FEW],
    dv: [i64; FEW],
    dm: [u16; FEW],
    n: usize,
    down: bool,
    up: bool,
}

impl Filtered {
    /// Appends the mode `s:d` (raw parts); `false` when full.
    #[inline(always)]
    const fn push(&mut self, s: i64, sm: u16, d: i64, dm: u16) -> bool {
        let k = self.n;
        if k >= FEW {
            return false;
        }
        if k > 0 {
            let prev = self.dv[k - 1];
            self.down &= d <= prev;
            self.up &= d > prev;
        }
        self.sv[k] = s;
        self.sm[k] = sm;
        self.dv[k] = d;
        self.dm[k] = dm;
        self.n = k + 1;
        true
    }

    /// `covers_few` of the filtered modes: the complement `res` covers the cotarget `c`.
    #[inline(never)]
    const fn covers(&self, res: Modes<'_>, c: i64) -> bool {
        let (mut filtered, mut size): (i128, i128) = (1, 1);
        let mut k = 0;
        while k < self.n && k < FEW {
            filtered = filtered.saturating_mul(self.sv[k] as i128);
            k += 1;
        }
        let mut k = 0;
        while k < res.len() {
            size = size.saturating_mul(res.s(k).value() as i128);
            k += 1;
        }
        covers_check(size, c as i128, filtered).is_ok()
    }

    /// Sorts the modes by stride value from the largest down, stably (the first of equal
    /// strides stays last, as it came last), by insertion; then `down`.
    #[inline(never)]
    const fn sort(&mut self) {
        let mut k = 1;
        while k < self.n && k < FEW {
            let (s, sm, d, dm) = (self.sv[k], self.sm[k], self.dv[k], self.dm[k]);
            let mut p = k;
            while p > 0 && self.dv[p - 1] < d {
                self.sv[p] = self.sv[p - 1];
                self.sm[p] = self.sm[p - 1];
                self.dv[p] = self.dv[p - 1];
                self.dm[p] = self.dm[p - 1];
                p -= 1;
            }
            self.sv[p] = s;
            self.sm[p] = sm;
            self.dv[p] = d;
            self.dm[p] = dm;
            k += 1;
        }
        self.down = true;
        self.up = false;
    }
}

/// The complement being written by [`complement_plain`]: the result stride `rs` so far,
/// and the last mode pushed.
struct Res {
    rs: i64,
    rsm: u16,
    last: (i64, u16, i64, u16),
    pushed: bool,
    /// The metadata bits the output keeps: all of them, or in the static pass all but
    /// `S` (the complement made dynamic, `to_dynamic`).
    keep: u16,
}

impl Res {
    /// Pushes the mode `q:rs` unless `q` is a static `_1` (which the coalesce drops);
    /// `false` when full, or where the coalesce would merge it into the last mode
    /// (`keeps_few`'s test) or overflow.
    #[inline(always)]
    const fn push(&mut self, out: &mut Few, q: i64, qm: u16) -> bool {
        if qm == S && q == 1 {
            return true;
        }
        let (rs, rsm) = (self.rs, self.rsm);
        if self.pushed && qm == S {
            let (lq, lqm, ld, ldm) = self.last;
            match mul_raw(lq, lqm, ld, ldm) {
                Some((p, pm)) => {
                    if pm == S && rsm == S && p == rs {
                        return false;
                    }
                }
                None => return false,
            }
        }
        self.last = (q, qm, rs, rsm);
        self.pushed = true;
        out.push_raw(q, qm & self.keep, rs, rsm & self.keep)
    }
}

#[cfg(test)]
mod tests {
    use super::{complement_plain, complement_plain_static};
    use crate::algebra::complement::{Cotarget, complement_general};
    use crate::algebra::modes::{Few, Modes, Sink};
    use crate::algebra::testgen::Gen;
    use crate::tuple::Node;
    use crate::{IntTuple, Layout};
    use std::string::String;
    use std::vec::Vec;

    /// A random layout of 1 to 8 modes, nested at random, whose strides are mostly
    /// compact in a random order with gaps (so that many complements are defined),
    /// sometimes zero, negative, `1` or drawn at random; static, dynamic and mixed values.
    fn operand(g: &mut Gen) -> Layout {
        let n = 1 + g.next(8) as usize;
        let statics = g.next(3);
        let st = |g: &mut Gen| match statics {
            0 => "_",
            1 => "",
            _ => ["_", ""][g.next(2) as usize],
        };
        let shapes: Vec<i64> = (0..n)
            .map(|_| [1, 2, 3, 4, 5, 7, 8, 12, 16, 32][g.next(10) as usize])
            .collect();
        let mut strides = std::vec![0i64; n];
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, g.next(i as u64 + 1) as usize);
        }
        let mut cur = [1i64, 1, 1, 2, 3][g.next(5) as usize];
        for &k in &order {
            strides[k] = match g.next(16) {
                0 => 0,
                1 => -cur,
                2 => 1,
                3 => [2, 3, 4, 6, 8, 24][g.next(6) as usize],
                _ => cur,
            };
            cur *= shapes[k] * [1, 1, 1, 2, 3][g.next(5) as usize];
        }
        let leaves: Vec<(String, String)> = (0..n)
            .map(|i| {
                (
                    std::format!("{}{}", st(g), shapes[i]),
                    std::format!("{}{}", st(g), strides[i]),
                )
            })
            .collect();
        // a flat tuple, or the first modes nested one level deeper
        let (s, d): (Vec<String>, Vec<String>) = leaves.into_iter().unzip();
        let join = |v: &[String]| {
            if v.len() == 1 {
                v[0].clone()
            } else {
                std::format!("({})", v.join(","))
            }
        };
        let text = if n >= 3 && g.next(3) == 0 {
            std::format!(
                "({},{}):({},{})",
                join(&s[..2]),
                s[2..].join(","),
                join(&d[..2]),
                d[2..].join(",")
            )
        } else {
            std::format!("{}:{}", join(&s), join(&d))
        };
        Layout::try_parse(&text).unwrap()
    }

    /// The one-pass complement answers what the general path answers (values, static
    /// bits), with and without the covering check, on random layouts (static, dynamic
    /// and mixed values: dynamic strides in two modes or more take the static pass) and
    /// integer or shape cotargets; it is taken for many of them, the static pass for many
    /// of those, and where it is not, the complement still answers the general path's
    /// value or error.
    #[test]
    fn plain_complement_is_the_general_path() {
        let mut g = Gen(4242);
        let (mut compared, mut taken, mut statics, mut errors) = (0, 0, 0, 0);
        for _ in 0..40_000 {
            let l = operand(&mut g);
            let size: i64 = (0..l.shape().leaf_count())
                .map(|i| l.shape().leaf(i).value())
                .product();
            let c = size * [1, 2, 3, 4, 8, 16, 0][g.next(7) as usize]
                + [0, 0, 0, 1, -1][g.next(5) as usize];
            let c = std::format!("{}{c}", ["_", ""][g.next(2) as usize]);
            let c = if g.next(8) == 0 {
                std::format!("({c},_2)")
            } else {
                c
            };
            let c = IntTuple::try_parse(&c).unwrap();
            for cover in [true, false] {
                let mut few = Few::new();
                let mut general = Layout::stream();
                let want = complement_general(
                    &l,
                    Node::ROOT,
                    Cotarget::Shape(&c),
                    Sink::Layout(&mut general),
                    cover,
                )
                .map(|()| general);
                // the pass as it is, then, where a dynamic stride stopped it, the static
                // pass (as `complement_few` takes them)
                let (src, ct) = (Modes::of(&l), Cotarget::Shape(&c));
                let mut dynamic = false;
                let mut done = complement_plain(src, ct, cover, &mut few, 0, &mut dynamic);
                if !done && dynamic && complement_plain_static(src, ct, cover, &mut few) {
                    done = true;
                    statics += 1;
                }
                if done {
                    assert_eq!(
                        Ok(few.layout()),
                        want,
                        "complement({l}, {c}), cover {cover}"
                    );
                    taken += 1;
                }
                if cover {
                    assert_eq!(l.try_complement(&c), want, "complement({l}, {c})");
                }
                errors += usize::from(want.is_err());
                compared += 1;
            }
        }
        assert_eq!(compared, 80_000);
        assert!(taken > 25_000, "{taken} taken");
        assert!(statics > 12_000, "{statics} by the static pass");
        assert!(errors > 5_000, "{errors} errors");
    }
}
