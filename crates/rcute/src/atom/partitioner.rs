//! CuTe's `TV_Tiler` (`cute/atom/partitioner.hpp`): a thread-value layout over a tile,
//! without a copy or MMA atom, and `make_tmem_warp_partitioner`, which builds one that
//! hands each of the four warps of a warpgroup its own 32 data paths of a TMEM tensor
//! (`copy_traits_sm100.hpp`).
//!
//! CuTe has no `print` of a `TV_Tiler`; its `get_slice(coord).partition(tensor)` is the
//! part of `tensor` that `coord` (a warp) owns: `zipped_divide(tensor, Tiler_MN)`, its first
//! mode composed with `TiledLayout_TV`, sliced at `(coord, (_,_,...))`.
//!
//! ```
//! use rcute::atom::make_tmem_warp_partitioner;
//! use rcute::{layout, Int};
//! // a 128 x 256 fp32 accumulator in TMEM: row i in data path i
//! let p = make_tmem_warp_partitioner(&layout!((_128,_256):(_65536,_1)), 32).unwrap();
//! assert_eq!(p.layout_tv().to_string(), "_4:_1");
//! let (part, offset) = p.try_partition_layout(Int::dynamic(1), &layout!((_128,_256):(_65536,_1))).unwrap();
//! assert_eq!(part.to_string(), "(_32,_256):(_65536,_1)");
//! assert_eq!(offset.value(), 32 * 65536);
//! ```

use super::tiled_copy::by_mode_tiler;
use super::tmem::tmem_dp;
use crate::algebra::Tiler;
use crate::error::Error;
use crate::int::Int;
use crate::layout::Layout;
use crate::tensor::CoordTensor;
use crate::tuple::IntTuple;

/// CuTe's `TV_Tiler<Layout_TV, Tiler_MN>`: (thread, value) -> coordinate in the tile, and
/// the tile (a tuple of layouts that pick it out of a tensor, mode by mode).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TvTiler {
    layout_tv: Layout,
    tiler: Tiler,
}

impl TvTiler {
    /// CuTe's `make_tiler_impl(layout_tv, tiler)`.
    pub const fn new(layout_tv: Layout, tiler: Tiler) -> TvTiler {
        TvTiler { layout_tv, tiler }
    }
    /// `TiledLayout_TV`.
    pub const fn layout_tv(&self) -> &Layout {
        &self.layout_tv
    }
    /// `Tiler_MN`.
    pub const fn tiler(&self) -> &Tiler {
        &self.tiler
    }

    /// CuTe's `TV_Tiler::apply(layout)`: `zipped_divide(layout, Tiler_MN)` with its first
    /// mode composed with `TiledLayout_TV`: `((thr,val),(RestM,RestN,...))`.
    ///
    /// # Errors
    /// The errors of `zipped_divide` and `composition`.
    pub fn try_apply(&self, l: &Layout) -> Result<Layout, Error> {
        let z = l.try_zipped_divide(&self.tiler)?;
        z.try_composition_tiler(&Tiler::try_tuple(&[
            Tiler::layout(self.layout_tv),
            Tiler::UNDERSCORE,
        ])?)
    }

    /// `(coord, (_,_,...))` over a tensor of `rank` modes; a coordinate outside the
    /// thread mode is an error (CuTe does not check it).
    fn slice_coord(&self, coord: Int, rank: usize) -> Result<IntTuple, Error> {
        // the coordinate indexes the whole first mode, `layout_tv` (of shape `(_2,_2)` for a
        // 64-row TMEM tensor: warps 2 and 3 read what 0 and 1 do)
        let n = self.layout_tv.try_size()?;
        if coord.value() < 0 || coord.value() >= n.value() {
            return Err(Error::Precondition {
                msg: "TV_Tiler get_slice: the index must be one of the tiler's threads (the index, and their number)",
                mode: 0,
                lhs: coord.value(),
                rhs: n.value(),
            });
        }
        let unders = IntTuple::try_repeat(rank, &IntTuple::from_int(Int::UNDERSCORE))?;
        IntTuple::try_tuple(&[IntTuple::from_int(coord), unders])
    }

    /// `get_slice(coord).partition(tensor)` of a tensor over memory whose layout is `l`:
    /// the part's layout and the offset, in elements, its pointer moves.
    ///
    /// # Errors
    /// A coordinate outside the threads, and the errors of [`TvTiler::try_apply`].
    pub fn try_partition_layout(&self, coord: Int, l: &Layout) -> Result<(Layout, Int), Error> {
        let a = self.try_apply(l)?;
        a.try_slice_and_offset(&self.slice_coord(coord, l.rank())?)
    }

    /// `get_slice(coord).partition(tensor)` of a coordinate tensor.
    ///
    /// # Errors
    /// As [`TvTiler::try_partition_layout`].
    pub fn try_partition(&self, coord: Int, t: &CoordTensor) -> Result<CoordTensor, Error> {
        let l = t.layout();
        let a = self.try_apply(&l)?;
        CoordTensor::new(t.origin(), a).try_slice(&self.slice_coord(coord, l.rank())?)
    }
}

/// CuTe's `make_tmem_warp_partitioner(tmem)`: the `TV_Tiler` that gives warp `w` (of four)
/// the part of the TMEM tensor (layout `tmem`, coordinate -> TMEM address in elements of
/// `bits`) in data paths `32w` to `32w + 31`.
///
/// # Errors
/// An element TMEM does not hold (8, 16 or 32 bits), a dynamic layout, and the errors of the
/// algebra.
pub fn make_tmem_warp_partitioner(tmem: &Layout, bits: i64) -> Result<TvTiler, Error> {
    if !(tmem.shape_ref().is_static() && tmem.stride_ref().is_static()) {
        return Err(Error::WrongKind {
            msg: "make_tmem_warp_partitioner: the TMEM tensor's layout must be static",
        });
    }
    let dp = tmem_dp(bits)?;
    // warp idx -> tmem addr
    let atom_t = Layout::try_new(
        IntTuple::from_int(Int::constant(4)),
        IntTuple::from_int(Int::constant(32 * dp)),
    )?;
    // tmem addr -> tmem coord, off-the-end addresses to stride 0
    let inv = Layout::try_concat(&[tmem.try_left_inverse()?, Layout::try_parse("_1:_0")?])?;
    let t_tmem = inv.try_composition(&atom_t)?;
    let flat = tmem.shape().try_product_each()?;
    let (tiler, _, layout_tv) = by_mode_tiler(&flat, &t_tmem)?;
    Ok(TvTiler::new(layout_tv, tiler))
}
