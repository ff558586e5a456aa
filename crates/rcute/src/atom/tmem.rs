//! TMEM as CuTe's `copy_traits_sm100.hpp` and `mma_sm100_umma.hpp` use it: the address
//! step of a data path (`TMEM::DP<T>`) and the fragments of a tiled UMMA (`UMMA::tmem_frg`).
//! TMEM copies are in `tmem_copy` (they build on tiled copies, which build on tiled MMAs,
//! which use this module's fragments).

use crate::algebra::Tiler;
use crate::error::Error;
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::{IntTuple, Major};

/// CuTe's `TMEM::DP<T>`: the address step of one data path for elements of `bits` bits
/// (`2^16` 32-bit columns, scaled by the elements a column holds).
///
/// # Errors
/// An element that is not 8, 16 or 32 bits.
pub fn tmem_dp(bits: i64) -> Result<i64, Error> {
    match bits {
        32 => Ok(1 << 16),
        16 => Ok(1 << 17),
        8 => Ok(1 << 18),
        _ => Err(Error::InvalidShape {
            msg: "TMEM: an element of 8, 16 or 32 bits",
            value: bits,
        }),
    }
}

/// How CuTe's `UMMA::tmem_frg` places the atoms of a fragment (`UMMA::TmemAllocMode`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TmemAlloc {
    /// `Interleaved`: two 16-data-path atoms share a subpartition (the default).
    Interleaved,
    /// `NonInterleaved`: one 16-data-path atom a subpartition (a `_TS` atom's C and A).
    NonInterleaved,
    /// `Duplicated`: the allocation doubled across subpartitions (a `_2x1SM_TS` atom's A).
    Duplicated,
}

fn tmem_pre(msg: &'static str, lhs: i64, rhs: i64) -> Error {
    Error::Precondition {
        msg,
        mode: -1,
        lhs,
        rhs,
    }
}

/// Static integers: one a leaf, several a tuple.
fn ints(v: &[i64]) -> Result<IntTuple, Error> {
    let s: [Int; 4] = core::array::from_fn(|i| Int::constant(*v.get(i).unwrap_or(&0)));
    if v.len() == 1 {
        return Ok(IntTuple::from_int(s[0]));
    }
    IntTuple::try_from_ints(&s[..v.len()])
}

/// The pair `(a,b)`.
fn pair(a: IntTuple, b: IntTuple) -> Result<IntTuple, Error> {
    IntTuple::try_tuple(&[a, b])
}

/// `Layout<Shape<..>, Stride<..>>` of static integers.
fn static_layout(shape: &[i64], stride: &[i64]) -> Result<Layout, Error> {
    Layout::try_new(ints(shape)?, ints(stride)?)
}

/// CuTe's `UMMA::tmem_frg<V, S, N_SM, TmemAlloc>::make(shape)`: the layout (coordinate ->
/// TMEM address, in elements of `value_bits`) of the TMEM fragment of post-partition shape
/// `((M_MMA,N_MMA),MMA_M,MMA_N,...)`, the accumulator of a UMMA (and a `_TS` atom's A),
/// with each element stored in `storage_bits`. The tensor is `make_tmem_ptr<V>()` (address
/// 0) over it.
///
/// ```
/// use rcute::atom::{TmemAlloc, tmem_frg};
/// use rcute::int_tuple;
/// let l = tmem_frg(&int_tuple!(((_128,_256),_2,_1)), 32, 32, 1, TmemAlloc::Interleaved).unwrap();
/// assert_eq!(l.to_string(), "((_128,_256),_2,_1):((_65536,_1),_256,_0)");
/// let h = tmem_frg(&int_tuple!(((_64,_128),_1,_1)), 16, 32, 1, TmemAlloc::Interleaved).unwrap();
/// assert_eq!(h.to_string(), "(((_16,_4),_128),_1,_1):(((_131072,_4194304),_2),_0,_0)");
/// ```
///
/// # Errors
/// CuTe's static assertions: a shape that is not static or not `((M,N),...)`, more TMEM
/// than 128 data paths of 512 32-bit columns, an M the number of SMs does not allow, an
/// allocation mode it does not allow; a value wider than its storage.
pub fn tmem_frg(
    shape: &IntTuple,
    value_bits: i64,
    storage_bits: i64,
    n_sm: i64,
    alloc: TmemAlloc,
) -> Result<Layout, Error> {
    if !shape.is_static() {
        return Err(Error::WrongKind {
            msg: "tmem_frg: a TMEM fragment needs a static shape",
        });
    }
    if value_bits > storage_bits || value_bits <= 0 || storage_bits % value_bits != 0 {
        return Err(tmem_pre(
            "tmem_frg: TMEM MMA allocations require StorageType big enough for ValueType; bits",
            value_bits,
            storage_bits,
        ));
    }
    let bits = shape.try_product()?.value().checked_mul(storage_bits);
    const MAX_CAPACITY_BITS: i64 = 128 * 512 * 32;
    if bits.is_none_or(|b| b > MAX_CAPACITY_BITS) {
        return Err(tmem_pre(
            "tmem_frg: requesting more TMEM than is available (bits requested, capacity)",
            bits.unwrap_or(i64::MAX),
            MAX_CAPACITY_BITS,
        ));
    }
    let r = if shape.is_leaf() { 1 } else { shape.rank() };
    let mode0 = if shape.is_leaf() {
        *shape
    } else {
        shape.try_get(0)?
    };
    if mode0.is_leaf() || mode0.rank() != 2 {
        return Err(Error::WrongKind {
            msg: "tmem_frg: expected a post-partitioned shape ((M_MMA,N_MMA),...)",
        });
    }
    let m = mode0.try_get(0)?.try_product()?.value();
    let n = mode0.try_get(1)?.try_product()?.value();
    let restride = static_layout(
        &[128, 16384],
        &[tmem_dp(value_bits)?, storage_bits / value_bits],
    )?;
    let rest = shape.try_take(1, r)?;
    let plain = Layout::try_from_shape(rest)?;
    let logical = |atom: Layout, tiler: Layout| -> Result<Layout, Error> {
        atom.try_tiled_product(&Tiler::layout(tiler))
    };
    let bad_m = |what| tmem_pre(what, m, n_sm);
    let logical = match (n_sm, m, alloc) {
        (1, _, TmemAlloc::Duplicated) | (2, _, TmemAlloc::NonInterleaved) => {
            return Err(Error::WrongKind {
                msg: "tmem_frg: UMMA_1SM only accepts Interleaved or NonInterleaved, UMMA_2SM only Interleaved or Duplicated",
            });
        }
        (1, 64, _) => {
            let atom = Layout::try_new(
                pair(ints(&[16, 4])?, ints(&[n])?)?,
                pair(ints(&[1, 32])?, ints(&[128])?)?,
            )?;
            let step = if alloc == TmemAlloc::Interleaved {
                1
            } else {
                2
            };
            let tiler = Layout::try_new(
                rest,
                rest.try_compact_major(Major::Left, Int::constant(step))?,
            )?;
            logical(atom, tiler)?
        }
        (1, 128, _) | (2, 128, _) | (2, 64, TmemAlloc::Duplicated) => {
            logical(static_layout(&[128, n], &[1, 128])?, plain)?
        }
        (1, _, _) => {
            return Err(bad_m(
                "tmem_frg: UMMA_1SM M-mode size should be 64 or 128 (M, N_SM)",
            ));
        }
        (2, 32, TmemAlloc::Interleaved) => {
            let atom = Layout::try_new(
                pair(ints(&[32])?, ints(&[n / 4, 4])?)?,
                pair(ints(&[1])?, ints(&[128, 32])?)?,
            )?;
            logical(atom, plain)?
        }
        (2, 32, _) => {
            return Err(Error::WrongKind {
                msg: "tmem_frg: only TmemAllocMode::Interleaved is supported for UMMA_2SM M_MMA=32",
            });
        }
        (2, 64, _) => {
            let atom = Layout::try_new(
                pair(ints(&[64])?, ints(&[n / 2, 2])?)?,
                pair(ints(&[1])?, ints(&[128, 64])?)?,
            )?;
            logical(atom, plain)?
        }
        (2, _, _) => {
            return Err(bad_m(
                "tmem_frg: UMMA_2SM M-mode size should be 32 or 64 or 128 (M, N_SM)",
            ));
        }
        _ => {
            return Err(tmem_pre(
                "tmem_frg: UMMA expects N_SM == 1 or N_SM == 2",
                n_sm,
                2,
            ));
        }
    };
    restride.try_composition(&logical)
}
