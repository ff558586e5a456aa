//! Transposing copies of 16x16 blocks of 4-byte elements with x86-64 vector
//! instructions (the `simd` feature, on by default).
//!
//! A copy from rows of one tensor into columns of another (a transpose tiled by tiles of
//! 16 or more rows) element by element loads every source element alone and stores every
//! destination element alone: 16 source rows that map to one cache set, and destination
//! lines written a piece at a time. Here each 16x16 block is loaded as 16 whole source
//! rows, transposed in registers, and stored as 16 whole destination rows: every line of
//! the block is read once and written once, whole.
//!
//! This is the one module of the crate with `unsafe`: the vector loads and stores take
//! raw pointers, and the vector instructions are `unsafe` to call where the compiler
//! cannot see that the processor has them. Each `unsafe` block says why it is sound.
//! Elements are moved as `u32` bit patterns, so only `f32`, `u32` and `i32` take this
//! path (every bit pattern is a valid value of each, and none has padding), recognized
//! by [`TypeId`].
#![allow(unsafe_code)]

use super::block::Block;
use core::any::TypeId;

/// Whether elements of type `T` are moved by [`transpose`] on this machine.
pub(crate) fn available<T: 'static>() -> bool {
    let t = TypeId::of::<T>();
    let four_bytes =
        t == TypeId::of::<f32>() || t == TypeId::of::<u32>() || t == TypeId::of::<i32>();
    four_bytes && cfg!(target_arch = "x86_64")
}

/// The elements of `x` as their `u32` bit patterns, when `T` is `f32`, `u32` or `i32`.
fn as_u32<T: 'static>(x: &[T]) -> Option<&[u32]> {
    if !available::<T>() {
        return None;
    }
    // SAFETY: `T` is `f32`, `u32` or `i32` (checked by `available`): 4 bytes, alignment
    // 4, no padding, so `x` is `x.len()` initialized `u32`s at the same address, and the
    // new slice borrows `x` for the same lifetime.
    Some(unsafe { core::slice::from_raw_parts(x.as_ptr().cast::<u32>(), x.len()) })
}

/// [`as_u32`] for a mutable slice.
fn as_u32_mut<T: 'static>(x: &mut [T]) -> Option<&mut [u32]> {
    if !available::<T>() {
        return None;
    }
    // SAFETY: as in `as_u32`; besides, every `u32` bit pattern written through the new
    // slice is a valid `f32`, `u32` and `i32`, and the new slice borrows `x` mutably for
    // the same lifetime, so nothing else reads or writes it meanwhile.
    Some(unsafe { core::slice::from_raw_parts_mut(x.as_mut_ptr().cast::<u32>(), x.len()) })
}

/// Which kernel copies a 16x16 block.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kernel {
    /// 16 rows of 4 128-bit registers, transposed by 4x4 (SSE2, every x86-64 processor).
    Sse2,
    /// 16 rows of one 512-bit register each (AVX-512F, detected at run time with `std`,
    /// else when the build targets it).
    Avx512,
}

impl Kernel {
    /// The fastest kernel this processor runs.
    pub(crate) fn detect() -> Kernel {
        if avx512() {
            Kernel::Avx512
        } else {
            Kernel::Sse2
        }
    }
}

#[cfg(all(target_arch = "x86_64", feature = "std"))]
fn avx512() -> bool {
    std::is_x86_feature_detected!("avx512f")
}

#[cfg(not(all(target_arch = "x86_64", feature = "std")))]
fn avx512() -> bool {
    cfg!(target_feature = "avx512f")
}

/// Copies `blk` from `s` into `d` with `kernel`; returns `false`, having copied nothing,
/// when `T` is not `f32`, `u32` or `i32`, when `blk` does not [fit](Block::fits), or, with
/// [`Kernel::Sse2`], when the rows of its blocks do not start on 64-byte boundaries:
/// each row of 16 would then straddle two cache lines, each line would be read or written
/// by two blocks, and the blocks measured slower than the element-by-element copy
/// (AVX-512 stays ahead of it either way).
///
/// # Panics
/// When a position of `blk` lies outside `s` or `d`.
pub(crate) fn transpose<T: 'static>(s: &[T], d: &mut [T], blk: Block, kernel: Kernel) -> bool {
    if !blk.fits() {
        return false;
    }
    let (Some(s), Some(d)) = (as_u32(s), as_u32_mut(d)) else {
        return false;
    };
    if kernel == Kernel::Sse2 && !(lines(s, blk.a, blk.ls) && lines(d, blk.b, blk.ld)) {
        return false;
    }
    #[cfg(target_arch = "x86_64")]
    {
        let mut bi = 0;
        while bi < blk.rows {
            let mut bj = 0;
            while bj < blk.cols {
                let s = &s[blk.a + bi * blk.ls + bj..];
                let d = &mut d[blk.b + bj * blk.ld + bi..];
                match kernel {
                    // SAFETY: every x86-64 processor has SSE2.
                    Kernel::Sse2 => unsafe { x86::block16_sse2(s, blk.ls, d, blk.ld) },
                    // SAFETY: `Kernel::Avx512` comes from `Kernel::detect`, which found
                    // AVX-512F on this processor (or the build targets it), or from a
                    // test that checked the same.
                    Kernel::Avx512 => unsafe { x86::block16_avx512(s, blk.ls, d, blk.ld) },
                }
                bj += 16;
            }
            bi += 16;
        }
        true
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (s, d, kernel);
        false
    }
}

/// Whether rows of 16 elements at `x[at + i*stride + 16*k]` all start on a 64-byte
/// boundary.
fn lines(x: &[u32], at: usize, stride: usize) -> bool {
    stride.is_multiple_of(16) && (x.as_ptr() as usize + 4 * at).is_multiple_of(64)
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::x86_64::*;

    /// Row `i` of a block: `&x[i*stride..][..16]` as an array.
    #[inline(always)]
    fn row(x: &[u32], i: usize, stride: usize) -> &[u32; 16] {
        x[i * stride..][..16].try_into().expect("16 elements")
    }

    #[inline(always)]
    fn row_mut(x: &mut [u32], i: usize, stride: usize) -> &mut [u32; 16] {
        (&mut x[i * stride..][..16])
            .try_into()
            .expect("16 elements")
    }

    /// `d[j*ld + i] = s[i*ls + j]` for `i, j in 0..16`, by 4x4 transposes of 128-bit
    /// registers.
    ///
    /// # Panics
    /// When a row lies outside `s` or `d`.
    #[target_feature(enable = "sse2")]
    pub(super) fn block16_sse2(s: &[u32], ls: usize, d: &mut [u32], ld: usize) {
        // v[i][q]: elements 4q..4q+4 of source row i
        let mut v = [[_mm_setzero_si128(); 4]; 16];
        for (i, v) in v.iter_mut().enumerate() {
            let r = row(s, i, ls);
            for (q, v) in v.iter_mut().enumerate() {
                // SAFETY: `r` holds 16 `u32`s, so the 16 bytes from element 4q (q < 4)
                // are inside it; `loadu` needs no alignment.
                *v = unsafe { _mm_loadu_si128(r.as_ptr().add(4 * q).cast()) };
            }
        }
        // o[j][g]: elements 4g..4g+4 of destination row j, the 4x4 block (g, j / 4)
        // transposed
        let mut o = [[_mm_setzero_si128(); 4]; 16];
        for g in 0..4 {
            for q in 0..4 {
                let (a, b, c, e) = (
                    v[4 * g][q],
                    v[4 * g + 1][q],
                    v[4 * g + 2][q],
                    v[4 * g + 3][q],
                );
                let t0 = _mm_unpacklo_epi32(a, b); // a0 b0 a1 b1
                let t1 = _mm_unpacklo_epi32(c, e); // c0 e0 c1 e1
                let t2 = _mm_unpackhi_epi32(a, b); // a2 b2 a3 b3
                let t3 = _mm_unpackhi_epi32(c, e); // c2 e2 c3 e3
                o[4 * q][g] = _mm_unpacklo_epi64(t0, t1); // a0 b0 c0 e0
                o[4 * q + 1][g] = _mm_unpackhi_epi64(t0, t1); // a1 b1 c1 e1
                o[4 * q + 2][g] = _mm_unpacklo_epi64(t2, t3); // a2 b2 c2 e2
                o[4 * q + 3][g] = _mm_unpackhi_epi64(t2, t3); // a3 b3 c3 e3
            }
        }
        for (j, o) in o.iter().enumerate() {
            let r = row_mut(d, j, ld);
            for (g, o) in o.iter().enumerate() {
                // SAFETY: `r` holds 16 `u32`s, so the 16 bytes from element 4g (g < 4)
                // are inside it, and `r` is borrowed mutably; `storeu` needs no
                // alignment.
                unsafe { _mm_storeu_si128(r.as_mut_ptr().add(4 * g).cast(), *o) };
            }
        }
    }

    /// `d[j*ld + i] = s[i*ls + j]` for `i, j in 0..16`: 16 rows in 16 512-bit registers,
    /// transposed in four rounds of shuffles.
    ///
    /// # Panics
    /// When a row lies outside `s` or `d`.
    #[target_feature(enable = "avx512f")]
    pub(super) fn block16_avx512(s: &[u32], ls: usize, d: &mut [u32], ld: usize) {
        let mut r = [_mm512_setzero_si512(); 16];
        for (i, r) in r.iter_mut().enumerate() {
            let x = row(s, i, ls);
            // SAFETY: `x` holds 16 `u32`s, 64 bytes; `loadu` needs no alignment.
            *r = unsafe { _mm512_loadu_si512(x.as_ptr().cast()) };
        }
        // Round 1: pairs of rows interleaved by element within each 128-bit lane;
        // round 2: by pairs of elements; rounds 3 and 4: the 128-bit lanes themselves
        // (0x88 takes lanes 0 and 2 of each operand, 0xdd lanes 1 and 3).
        let mut t = [_mm512_setzero_si512(); 16];
        for i in 0..8 {
            t[2 * i] = _mm512_unpacklo_epi32(r[2 * i], r[2 * i + 1]);
            t[2 * i + 1] = _mm512_unpackhi_epi32(r[2 * i], r[2 * i + 1]);
        }
        for q in 0..4 {
            let b = 4 * q;
            r[b] = _mm512_unpacklo_epi64(t[b], t[b + 2]);
            r[b + 1] = _mm512_unpackhi_epi64(t[b], t[b + 2]);
            r[b + 2] = _mm512_unpacklo_epi64(t[b + 1], t[b + 3]);
            r[b + 3] = _mm512_unpackhi_epi64(t[b + 1], t[b + 3]);
        }
        for h in 0..2 {
            let b = 8 * h;
            for i in 0..4 {
                t[b + i] = _mm512_shuffle_i32x4::<0x88>(r[b + i], r[b + 4 + i]);
                t[b + 4 + i] = _mm512_shuffle_i32x4::<0xdd>(r[b + i], r[b + 4 + i]);
            }
        }
        for i in 0..8 {
            r[i] = _mm512_shuffle_i32x4::<0x88>(t[i], t[8 + i]);
            r[8 + i] = _mm512_shuffle_i32x4::<0xdd>(t[i], t[8 + i]);
        }
        for (j, r) in r.iter().enumerate() {
            let x = row_mut(d, j, ld);
            // SAFETY: `x` holds 16 `u32`s, 64 bytes, borrowed mutably; `storeu` needs no
            // alignment.
            unsafe { _mm512_storeu_si512(x.as_mut_ptr().cast(), *r) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// The kernels this processor runs.
    fn kernels() -> Vec<Kernel> {
        let mut k = alloc::vec![Kernel::Sse2];
        if avx512() {
            k.push(Kernel::Avx512);
        }
        k
    }

    /// The index of the first element of `x` on a 64-byte boundary.
    fn aligned<T>(x: &[T]) -> usize {
        (0..16)
            .find(|&k| (x.as_ptr() as usize + k * size_of::<T>()).is_multiple_of(64))
            .unwrap()
    }

    /// Every block shape and stride below, with each kernel, against the definition
    /// `d[b + j*ld + i] = s[a + i*ls + j]`; positions outside the block keep their value.
    /// AVX-512 takes any strides and origins; SSE2 rows on 64-byte boundaries.
    #[test]
    fn blocks_match_the_definition() {
        let mut ran = 0;
        for kernel in kernels() {
            for (rows, cols, ls, ld, a, b) in [
                (16, 16, 16, 16, 0, 0),
                (16, 16, 17, 19, 3, 5),
                (16, 32, 48, 16, 16, 0),
                (16, 32, 40, 16, 1, 0),
                (32, 16, 16, 35, 0, 2),
                (32, 16, 32, 48, 0, 32),
                (32, 48, 64, 32, 16, 16),
                (32, 48, 50, 33, 7, 1),
            ] {
                let s: Vec<u32> = (0..a + rows * ls + cols + 16)
                    .map(|x| x as u32 * 3 + 1)
                    .collect();
                let mut d = alloc::vec![u32::MAX; b + cols * ld + rows + 16];
                let (sa, da) = (aligned(&s), aligned(&d));
                let (s, d) = (&s[sa..], &mut d[da..]);
                let blk = Block {
                    a,
                    ls,
                    b,
                    ld,
                    rows,
                    cols,
                };
                let on_lines = [a, ls, b, ld].iter().all(|x| x % 16 == 0);
                if kernel == Kernel::Sse2 && !on_lines {
                    // refused, nothing written
                    assert!(!transpose(s, d, blk, kernel));
                    assert!(d.iter().all(|&x| x == u32::MAX));
                    continue;
                }
                assert!(transpose(s, d, blk, kernel));
                let mut want = alloc::vec![u32::MAX; d.len()];
                for i in 0..rows {
                    for j in 0..cols {
                        want[b + j * ld + i] = s[a + i * ls + j];
                    }
                }
                assert_eq!(d, &want[..], "{kernel:?} {blk:?}");
                ran += 1;
            }
        }
        assert!(ran >= 4, "{ran} blocks");
        std::eprintln!("{ran} blocks, kernels {:?}", kernels());
    }

    /// One 16x16 block of 16-element rows, from `a` in the source and `b` in the
    /// destination.
    fn square(a: usize, b: usize) -> Block {
        Block {
            a,
            ls: 16,
            b,
            ld: 16,
            rows: 16,
            cols: 16,
        }
    }

    /// `f32` and `i32` are moved bit for bit (a NaN's payload, negative zero).
    #[test]
    fn floats_and_signed_integers_keep_their_bits() {
        for kernel in kernels() {
            // quiet NaNs with distinct payloads, half of them negative, and a negative zero
            let mut s: Vec<f32> = (0..256u32)
                .map(|x| f32::from_bits(0x7fc0_0000 | x | ((x % 2) << 31)))
                .collect();
            s[5] = -0.0;
            s.extend([0.0; 16]);
            let mut d = alloc::vec![0f32; 256 + 16];
            let (sa, da) = (aligned(&s), aligned(&d));
            let blk = square(sa, da);
            assert!(transpose(&s, &mut d, blk, kernel));
            for i in 0..16 {
                for j in 0..16 {
                    assert_eq!(d[da + j * 16 + i].to_bits(), s[sa + i * 16 + j].to_bits());
                }
            }
            let s: Vec<i32> = (0..256 + 16).map(|x| -x).collect();
            let mut d = alloc::vec![0i32; 256 + 16];
            let (sa, da) = (aligned(&s), aligned(&d));
            let blk = square(sa, da);
            assert!(transpose(&s, &mut d, blk, kernel));
            assert!((0..256).all(|k| d[da + (k % 16) * 16 + k / 16] == s[sa + k]));
        }
    }

    /// Other element types, extents not multiples of 16 and overlapping destination rows
    /// are left to the caller.
    #[test]
    fn what_does_not_fit_is_refused() {
        let blk = Block {
            a: 0,
            ls: 16,
            b: 0,
            ld: 16,
            rows: 16,
            cols: 16,
        };
        let s = [0u64; 256];
        let mut d = [1u64; 256];
        assert!(!transpose(&s, &mut d, blk, Kernel::Sse2));
        assert_eq!(d, [1u64; 256]);
        let s = [0u16; 256];
        let mut d = [1u16; 256];
        assert!(!transpose(&s, &mut d, blk, Kernel::Sse2));
        let s = [0u32; 512];
        let mut d = [1u32; 512];
        for bad in [
            Block { rows: 8, ..blk },
            Block { cols: 24, ..blk },
            Block { ld: 15, ..blk },
            Block { rows: 0, ..blk },
        ] {
            assert!(!bad.fits());
            assert!(!transpose(&s, &mut d, bad, Kernel::Sse2));
        }
        assert!(d.iter().all(|&x| x == 1));
    }
}
