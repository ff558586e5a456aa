//! [`Layout::offsets`]: every offset of a layout in index order, walked like an odometer
//! instead of split index by index.

use super::Layout;
use crate::error::{Error, tri, unwrap_or_panic};
use crate::tuple::CAPACITY;

/// The offsets `L(0), L(1), ..., L(size(L) - 1)` of a layout, in order (see
/// [`Layout::offsets`]).
///
/// The walk keeps one counter per mode and adds or takes back a stride at each step, so an
/// offset costs an addition and a comparison where [`Layout::offset`] divides once per
/// mode. Modes of extent 1 are dropped and neighbours that continue each other
/// (`s:d` followed by `t:s*d`) are merged first, which changes no offset.
///
/// The values are [`Layout::offset`]'s exactly, wrapping on `i64` overflow as it does.
/// Internal iteration (`for_each`, `fold`, `sum`, `extend`) runs the innermost mode as a
/// plain loop.
#[derive(Clone, Debug)]
pub struct Offsets {
    /// Extent, stride and the stride times (extent - 1) of each merged mode, innermost
    /// first; `n >= 1`. The last is derivable, but multiplying it out at each carry cost
    /// 2.8% more instructions per walk of the workload's 128x128 tile (callgrind).
    ext: [u64; CAPACITY],
    step: [i64; CAPACITY],
    back: [i64; CAPACITY],
    /// The coordinate of the next offset, one counter per mode.
    cnt: [u64; CAPACITY],
    n: usize,
    /// The next offset.
    off: i64,
    /// How many offsets are left.
    remaining: u64,
}

impl Offsets {
    /// Moves to the next coordinate (there is one): the innermost counter that is not at
    /// its last value goes up, the ones below it go back to 0.
    #[inline]
    fn advance(&mut self) {
        let c = self.cnt[0] + 1;
        if c < self.ext[0] {
            self.cnt[0] = c;
            self.off = self.off.wrapping_add(self.step[0]);
        } else {
            self.carry();
        }
    }

    /// [`Offsets::advance`] past the end of the innermost mode.
    #[inline(never)]
    fn carry(&mut self) {
        let mut k = 0;
        while k < self.n {
            if self.cnt[k] + 1 < self.ext[k] {
                self.cnt[k] += 1;
                self.off = self.off.wrapping_add(self.step[k]);
                return;
            }
            self.cnt[k] = 0;
            self.off = self.off.wrapping_sub(self.back[k]);
            k += 1;
        }
    }
}

impl Iterator for Offsets {
    type Item = i64;

    #[inline]
    fn next(&mut self) -> Option<i64> {
        if self.remaining == 0 {
            return None;
        }
        let out = self.off;
        self.remaining -= 1;
        if self.remaining != 0 {
            self.advance();
        }
        Some(out)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        // at most the size, which `try_offsets` checked fits in usize
        let n = self.remaining as usize;
        (n, Some(n))
    }

    #[inline]
    fn fold<B, F: FnMut(B, i64) -> B>(mut self, init: B, mut f: F) -> B {
        let mut acc = init;
        let (ext0, step0) = (self.ext[0], self.step[0]);
        while self.remaining != 0 {
            // the rest of the innermost mode, as a plain loop
            let run = (ext0 - self.cnt[0]).min(self.remaining);
            let mut off = self.off;
            let mut j = 1;
            while j < run {
                acc = f(acc, off);
                off = off.wrapping_add(step0);
                j += 1;
            }
            acc = f(acc, off);
            self.remaining -= run;
            self.cnt[0] += run - 1;
            self.off = off;
            if self.remaining != 0 {
                self.carry();
            }
        }
        acc
    }
}

impl ExactSizeIterator for Offsets {}

impl core::iter::FusedIterator for Offsets {}

impl Layout {
    /// Every offset of the layout in index order: `L(0), L(1), ..., L(size(L) - 1)`, the
    /// values of [`Layout::offset`] for each index below [`Layout::size`] (beyond CuTe,
    /// which evaluates a layout index by index).
    ///
    /// The walk divides nothing: each step adds one stride, or at the end of a mode takes
    /// the mode back to 0 and steps the next one (see [`Offsets`]).
    ///
    /// # Errors
    /// Scaled-basis strides (an identity layout has coordinates, not offsets: use
    /// [`Layout::apply`]); a size that overflows `i64`, or that `usize` cannot count (only
    /// on targets where `usize` is narrower than 64 bits).
    ///
    /// ```
    /// use rcute::layout;
    /// // (4,(2,2)):(2,(1,8)): index 6 is the coordinate (2,(1,0)), offset 5
    /// let l = layout!((4,(2,2)):(2,(1,8)));
    /// let v: Vec<i64> = l.try_offsets().unwrap().collect();
    /// assert_eq!(v, [0, 2, 4, 6, 1, 3, 5, 7, 8, 10, 12, 14, 9, 11, 13, 15]);
    /// assert_eq!(v[6], l.offset(6));
    /// assert!(layout!((2,3):(_1@0,_1@1)).try_offsets().is_err());
    /// ```
    pub const fn try_offsets(&self) -> Result<Offsets, Error> {
        if self.basis {
            return Err(Error::WrongKind {
                msg: "offsets: the layout has scaled-basis strides (an identity layout); use apply",
            });
        }
        let size = tri!(self.try_size()).value();
        if size > 0 && size as u64 > usize::MAX as u64 {
            return Err(Error::Capacity {
                msg: "offsets: more offsets than usize can count on this target",
                capacity: usize::MAX,
            });
        }
        let shape = self.shape.values();
        let stride = self.stride.values();
        let mut it = Offsets {
            ext: [1; CAPACITY],
            step: [0; CAPACITY],
            back: [0; CAPACITY],
            cnt: [0; CAPACITY],
            n: 0,
            off: 0,
            remaining: size as u64,
        };
        if size < 1 {
            // not a layout's size (its extents are positive): no offsets
            it.remaining = 0;
            it.n = 1;
            return Ok(it);
        }
        let mut i = 0;
        while i < self.shape.leaf_count() {
            let (s, d) = (shape[i], stride[i]);
            i += 1;
            if s <= 1 {
                // one coordinate: no offset depends on it
                continue;
            }
            if it.n > 0 {
                // `t:e` after `s:d` with `e = s*d` walks on as one mode `s*t:d`
                let p = it.n - 1;
                if let Some(e) = (it.ext[p] as i64).checked_mul(it.step[p])
                    && e == d
                {
                    // no overflow: the product divides the size, which is an i64
                    it.ext[p] *= s as u64;
                    it.back[p] = (it.ext[p] as i64 - 1).wrapping_mul(it.step[p]);
                    continue;
                }
            }
            it.ext[it.n] = s as u64;
            it.step[it.n] = d;
            it.back[it.n] = (s - 1).wrapping_mul(d);
            it.n += 1;
        }
        if it.n == 0 {
            // every extent is 1: the one offset 0
            it.n = 1;
        }
        Ok(it)
    }

    /// [`Layout::try_offsets`], panicking with the error's message.
    ///
    /// ```
    /// use rcute::layout;
    /// // the 2x2 tiles of a 4x4 row-major matrix, tile after tile
    /// let tiled = layout!(((2,2),(2,2)):((4,1),(8,2)));
    /// let v: Vec<i64> = tiled.offsets().collect();
    /// assert_eq!(v[..8], [0, 4, 1, 5, 8, 12, 9, 13]);
    /// assert_eq!(tiled.offsets().sum::<i64>(), (0..16).sum());
    /// ```
    #[track_caller]
    pub const fn offsets(&self) -> Offsets {
        unwrap_or_panic!(self.try_offsets())
    }
}

#[cfg(test)]
mod tests {
    use crate::layout::Layout;
    use crate::{Error, layout};
    use alloc::vec::Vec;

    fn by_index(l: &Layout) -> Vec<i64> {
        (0..l.size().value() as usize)
            .map(|i| l.offset(i))
            .collect()
    }

    #[test]
    fn huge_strides_wrap_as_offset_does() {
        // offsets past i64::MAX wrap in Layout::offset; the walk's additions and
        // take-backs wrap to the same values (and 3:2^62 is not merged with the next mode:
        // 3*2^62 overflows)
        let cases = [
            layout!((3,2):(4611686018427387904,9223372036854775807)),
            layout!((4,(2,3)):(4611686018427387904,(9223372036854775807,-9223372036854775807))),
            layout!((2,2,5):(4611686018427387904,-4611686018427387904,9223372036854775807)),
        ];
        for l in cases {
            let want = by_index(&l);
            assert!(want.iter().any(|&o| o < 0), "{l} does not wrap");
            assert_eq!(l.offsets().collect::<Vec<_>>(), want, "{l}");
            let mut got = Vec::new();
            l.offsets().for_each(|o| got.push(o));
            assert_eq!(got, want, "{l}");
        }
    }

    #[test]
    fn extents_of_one_and_empty_shapes() {
        for l in [
            layout!(_1:_0),
            layout!(1:7),
            layout!((_1,(1,_1)):(_3,(5,_7))),
            layout!((1,5,1,3,1):(9,2,4,10,8)),
            layout!(():()),
        ] {
            assert_eq!(l.offsets().collect::<Vec<_>>(), by_index(&l), "{l}");
            assert_eq!(l.offsets().len(), l.size().value() as usize, "{l}");
        }
        assert_eq!(layout!(():()).offsets().collect::<Vec<_>>(), [0]);
    }

    #[test]
    fn bad_layouts_are_errors() {
        assert!(matches!(
            layout!((2,3):(_1@0,_1@1)).try_offsets(),
            Err(Error::WrongKind { .. })
        ));
        // a size beyond i64
        let big = layout!((4294967296,4294967296):(1,4294967296));
        assert!(matches!(big.try_offsets(), Err(Error::Overflow { .. })));
    }

    #[test]
    #[should_panic(expected = "offsets: the layout has scaled-basis strides")]
    fn offsets_of_an_identity_layout_panics() {
        let _ = layout!((2,3):(_1@0,_1@1)).offsets();
    }
}
