//! Buffers placed on cache lines, for the transpose of the `copy` benchmarks and of
//! `examples/transpose.rs`.

/// `n` elements of `v` (which holds 15 more) from its first element `past` bytes after a
/// 64-byte boundary (`past` a multiple of 4 below 64). With `past` 0, as a vectorizing
/// program allocates its matrices, the rows of a 4096-element matrix start on cache
/// lines, which the 16x16 blocks of a `(_16,_512)` transpose need to read and write whole
/// lines; a `Vec` of this size itself starts 16 bytes past one.
pub fn on_lines(v: &mut [f32], n: usize, past: usize) -> &mut [f32] {
    let k = (0..16)
        .find(|&k| (v.as_ptr() as usize + 4 * k) % 64 == past)
        .expect("an offset of 0 to 15 elements");
    &mut v[k..k + n]
}
