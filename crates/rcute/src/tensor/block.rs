//! A transposing block copy: the description that the copy's walk hands to the vector
//! kernels of `simd`.

/// A transposing block copy: `d[b + j*ld + i] = s[a + i*ls + j]` for `i in 0..rows` and
/// `j in 0..cols` (source rows contiguous along `j`, destination rows contiguous along
/// `i`), with `rows` and `cols` multiples of 16 and `ld >= rows`, so that no two
/// destination positions coincide and the order of the writes does not matter. Copied by
/// the `simd` module's vector kernels.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(not(feature = "simd"), allow(dead_code))]
pub(crate) struct Block {
    pub(crate) a: usize,
    pub(crate) ls: usize,
    pub(crate) b: usize,
    pub(crate) ld: usize,
    pub(crate) rows: usize,
    pub(crate) cols: usize,
}

#[cfg_attr(not(feature = "simd"), allow(dead_code))]
impl Block {
    /// Whether the extents are multiples of 16 and the destination rows do not overlap.
    pub(crate) fn fits(&self) -> bool {
        self.rows > 0
            && self.cols > 0
            && self.rows.is_multiple_of(16)
            && self.cols.is_multiple_of(16)
            && self.ld >= self.rows
    }
}
