//! The laws of the atom layer: the threads' partitions of a tensor by a tiled MMA or a
//! tiled copy take every element of the tensor, each the same number of times.
//!
//! For C (and for a copy's destination) that number is the number of thread groups that
//! share an element: `size<3>(thr_layout_vmnk)` (the atoms tiled along K) for C, 1 for
//! the copies of a bijective thread-value layout. For A and B it also counts the threads
//! of one atom that read the same element (every thread of a GMMA reads the whole tile
//! from shared memory).

use super::{LIMIT, Verdict};
use crate::atom::{Operand, TiledCopy, TiledMma};
use crate::int::Int;
use crate::tensor::CoordTensor;
use crate::tuple::IntTuple;
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::vec::Vec;

/// Every coordinate of every part, counted, against the elements of `whole`: `Holds` when
/// each element of `whole` is in the parts the same number of times, and they hold no
/// other coordinate; the multiplicity is returned with it.
fn same_multiplicity(what: &str, whole: &CoordTensor, parts: &[CoordTensor]) -> (Verdict, usize) {
    let Ok(n) = whole.layout().try_size() else {
        return (Verdict::Unchecked("a tensor whose size is not a number"), 0);
    };
    let n = n.value() as usize;
    let mut counts: BTreeMap<Vec<i64>, (IntTuple, usize)> = BTreeMap::new();
    let mut total = 0usize;
    for (t, p) in parts.iter().enumerate() {
        let Ok(size) = p.layout().try_size() else {
            return (Verdict::Unchecked("a part whose size is not a number"), 0);
        };
        total += size.value() as usize;
        if total > LIMIT {
            return (Verdict::Unchecked("a domain larger than law::LIMIT"), 0);
        }
        for i in 0..size.value() {
            let c = match p.try_get(&IntTuple::from_int(Int::dynamic(i))) {
                Ok(c) => c.to_dynamic(),
                Err(e) => return (Verdict::Breaks(format!("{what}: part {t}: {e}")), 0),
            };
            counts.entry(key(&c)).or_insert((c, 0)).1 += 1;
        }
    }
    let mut want: Vec<IntTuple> = Vec::with_capacity(n);
    for i in 0..n as i64 {
        match whole.try_get(&IntTuple::from_int(Int::dynamic(i))) {
            Ok(c) => want.push(c.to_dynamic()),
            Err(e) => return (Verdict::Breaks(format!("{what}: the tensor: {e}")), 0),
        }
    }
    if n == 0 || !total.is_multiple_of(n) {
        return (
            Verdict::Breaks(format!(
                "{what}: the parts hold {total} coordinates, not a multiple of the {n} elements"
            )),
            0,
        );
    }
    let k = total / n;
    for c in &want {
        let got = counts.remove(&key(c)).map_or(0, |(_, k)| k);
        if got != k {
            return (
                Verdict::Breaks(format!(
                    "{what}: element {c} is in the parts {got} times, others {k} times"
                )),
                k,
            );
        }
    }
    if let Some((_, (c, _))) = counts.into_iter().next() {
        return (
            Verdict::Breaks(format!(
                "{what}: the parts hold {c}, which is not a coordinate of the tensor"
            )),
            k,
        );
    }
    (Verdict::Holds, k)
}

/// The partitions `partition_A/B/C(mma, t, tensor)` of every thread `t`: `Holds` (with the
/// multiplicity) when together they take every element of `tensor` the same number of
/// times and nothing else.
///
/// ```
/// use rcute::atom::{Operand, TiledMma, SM80_16x8x16_F32F16F16F32_TN};
/// use rcute::{law, layout, int_tuple, CoordTensor, Tiler};
/// let mma = TiledMma::new(SM80_16x8x16_F32F16F16F32_TN, &layout!((_2,_2,_1):(_1,_2,_0)),
///                         &Tiler::UNDERSCORE);
/// let t = CoordTensor::identity(int_tuple!((_64,_32)));
/// assert_eq!(law::tiled_mma_covers(&mma, Operand::C, &t), (law::Verdict::Holds, 1));
/// ```
pub fn tiled_mma_covers(mma: &TiledMma, op: Operand, tensor: &CoordTensor) -> (Verdict, usize) {
    let Ok(threads) = mma.try_size() else {
        return (
            Verdict::Unchecked("a tiled MMA whose size is not a number"),
            0,
        );
    };
    let mut parts = Vec::new();
    for t in 0..threads.value() {
        match mma.try_partition(op, Int::dynamic(t), tensor) {
            Ok(p) => parts.push(p),
            Err(e) => return (Verdict::Unchecked(e.message()), 0),
        }
    }
    same_multiplicity(&format!("partition_{op:?}"), tensor, &parts)
}

/// The partitions `partition_S` (`dst` false) or `partition_D` of every thread of a tiled
/// copy: `Holds` (with the multiplicity) when together they take every element of `tensor`
/// the same number of times and nothing else.
pub fn tiled_copy_covers(copy: &TiledCopy, tensor: &CoordTensor, dst: bool) -> (Verdict, usize) {
    let Ok(threads) = copy.try_size() else {
        return (
            Verdict::Unchecked("a tiled copy whose size is not a number"),
            0,
        );
    };
    let mut parts = Vec::new();
    for t in 0..threads.value() {
        match copy.try_partition(Int::dynamic(t), tensor, dst) {
            Ok(p) => parts.push(p),
            Err(e) => return (Verdict::Unchecked(e.message()), 0),
        }
    }
    let what = if dst { "partition_D" } else { "partition_S" };
    same_multiplicity(what, tensor, &parts)
}

/// The leaves of a coordinate, as a map key.
fn key(c: &IntTuple) -> Vec<i64> {
    (0..c.leaf_count()).map(|i| c.leaf(i).value()).collect()
}
