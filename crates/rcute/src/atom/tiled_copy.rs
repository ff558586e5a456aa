//! `TiledCopy`: a copy atom tiled over threads and values (`make_tiled_copy` and its
//! variants), its thread-value layouts, partitions and retiling, exactly as CuTe's
//! `copy_atom.hpp` computes them.

use super::copy::CopyAtom;
use super::mma::Operand;
use super::tiled_mma::TiledMma;
use crate::algebra::{Tiler, TilerKind};
use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;
use crate::layout::Layout;
use crate::tensor::CoordTensor;
use crate::tuple::IntTuple;
use core::fmt;

/// A tiled copy (CuTe's `TiledCopy<Copy_Atom, LayoutCopy_TV, Tiler_MN>`): a copy atom
/// repeated so that `layout_tv` ((thread, value) -> coordinate in the tile) covers a tile
/// of shape `tiler`. `Display` prints what CuTe's `print(tiled_copy)` prints.
///
/// ```
/// use rcute::atom::{CopyAtom, TiledCopy, SM75_U32x4_LDSM_N};
/// use rcute::layout;
/// let atom = CopyAtom::try_new(SM75_U32x4_LDSM_N, "half_t", 16).unwrap();
/// let copy = TiledCopy::try_new(atom, &layout!((_32,_1):(_1,_0)), &layout!((_1,_8):(_0,_1))).unwrap();
/// assert_eq!(copy.tiler().to_string(), "(_32,_8)");
/// assert_eq!(copy.layout_tv().to_string(), "(_32,_8):(_1,_32)");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TiledCopy {
    atom: CopyAtom,
    layout_tv: Layout,
    /// The tile's shape (`shape(Tiler_MN)`).
    tiler: IntTuple,
    /// `Tiler_MN` itself: the shape as a tiler, or (`make_cotiled_copy`) a tuple of layouts.
    tiler_mn: Tiler,
}

impl TiledCopy {
    /// CuTe's `make_tiled_copy(copy_atom, thr_layout, val_layout)`: `thr_layout` maps a
    /// coordinate of the thread grid to a thread index, `val_layout` a coordinate of one
    /// thread's values to a value index; the tile is their `raked_product`.
    ///
    /// # Errors
    /// The errors of `raked_product` and `right_inverse`, and a tiling whose numbers of
    /// threads and values are not multiples of the atom's (CuTe's "TiledCopy uses too few
    /// thrs/vals for selected CopyAtom").
    pub const fn try_new(
        atom: CopyAtom,
        thr_layout: &Layout,
        val_layout: &Layout,
    ) -> Result<TiledCopy, Error> {
        let layout_mn = tri!(thr_layout.try_raked_product(val_layout));
        let shape = tri!(IntTuple::try_tuple(&[
            IntTuple::from_int(tri!(thr_layout.try_size())),
            IntTuple::from_int(tri!(val_layout.try_size())),
        ]));
        let layout_tv = tri!(tri!(layout_mn.try_right_inverse()).try_with_shape(&shape));
        let tiler = tri!(layout_mn.shape_ref().try_product_each());
        TiledCopy::try_from_tv(atom, &layout_tv, &tiler)
    }

    /// [`TiledCopy::try_new`], panicking with the error's message.
    #[track_caller]
    pub const fn new(atom: CopyAtom, thr_layout: &Layout, val_layout: &Layout) -> TiledCopy {
        unwrap_or_panic!(TiledCopy::try_new(atom, thr_layout, val_layout))
    }

    /// CuTe's `make_tiled_copy_impl(copy_atom, layout_tv, tiler)`: a tiled copy from its
    /// (thread, value) -> coordinate layout and the shape of its tile.
    ///
    /// # Errors
    /// A dynamic `layout_tv` or `tiler` (CuTe's `TiledCopy` holds them as types), a
    /// `layout_tv` of rank other than 2, or numbers of threads and values that are not
    /// multiples of the atom's.
    pub const fn try_from_tv(
        atom: CopyAtom,
        layout_tv: &Layout,
        tiler: &IntTuple,
    ) -> Result<TiledCopy, Error> {
        if !(layout_tv.shape_ref().is_static()
            && layout_tv.stride_ref().is_static()
            && tiler.is_static())
        {
            // CuTe's TiledCopy carries both as types: dynamic values do not compile
            return Err(Error::WrongKind {
                msg: "TiledCopy: the thread-value layout and the tile must be static (CuTe's TiledCopy carries them as types)",
            });
        }
        if layout_tv.rank() != 2 {
            return Err(Error::RankMismatch {
                msg: "TiledCopy: the thread-value layout has two modes (thread, value)",
                expected: 2,
                found: layout_tv.rank(),
            });
        }
        let tiled_thr = tri!(tri!(layout_tv.try_mode(0)).try_size());
        let tiled_val = tri!(tri!(layout_tv.try_mode(1)).try_size());
        let (atom_thr, atom_val) = tri!(atom_sizes(&atom));
        if tiled_thr.value() % atom_thr.value() != 0 {
            return Err(Error::Precondition {
                msg: "TiledCopy uses too few thrs for selected CopyAtom (the threads of the tiling are not a multiple of the atom's)",
                mode: 0,
                lhs: tiled_thr.value(),
                rhs: atom_thr.value(),
            });
        }
        if tiled_val.value() % atom_val.value() != 0 {
            return Err(Error::Precondition {
                msg: "TiledCopy uses too few vals for selected CopyAtom (the values of the tiling are not a multiple of the atom's)",
                mode: 1,
                lhs: tiled_val.value(),
                rhs: atom_val.value(),
            });
        }
        Ok(TiledCopy {
            atom,
            layout_tv: *layout_tv,
            tiler: *tiler,
            tiler_mn: tri!(Tiler::try_from_shape(tiler)),
        })
    }

    /// CuTe's `make_cotiled_copy(copy_atom, atom_tv_layout, data_layout)`: the tiled copy
    /// whose (thread, value) -> data address is `atom_tv` over the data whose coordinate ->
    /// address is `data`; its `Tiler_MN` is a tuple of layouts that pick the data's active
    /// elements mode by mode (CuTe's `make_tmem_copy` is this over a TMEM tensor).
    ///
    /// # Errors
    /// An address of `atom_tv` that `data` does not hold (CuTe's "The memory pointed to by
    /// AtomTVLayout does not exist in the DataLayout"), dynamic layouts, and the errors of
    /// the algebra.
    pub fn try_cotiled(
        atom: CopyAtom,
        atom_tv: &Layout,
        data: &Layout,
    ) -> Result<TiledCopy, Error> {
        let is_static = |l: &Layout| l.shape_ref().is_static() && l.stride_ref().is_static();
        if !is_static(atom_tv) || !is_static(data) {
            return Err(Error::WrongKind {
                msg: "make_cotiled_copy: the atom's TV layout and the data layout must be static",
            });
        }
        let one = Layout::parse("_1:_0");
        let inv_data = Layout::try_concat(&[data.try_left_inverse()?, one])?;
        let tv_data = inv_data.try_composition(atom_tv)?;
        let reached = Layout::try_concat(&[*data, one])?
            .try_composition(&tv_data.try_mode(1)?)?
            .try_coalesce()?;
        if reached != atom_tv.try_mode(1)?.try_coalesce()? {
            return Err(Error::WrongKind {
                msg: "make_cotiled_copy: the memory pointed to by AtomTVLayout does not exist in the DataLayout",
            });
        }
        by_mode_copy(atom, &data.shape().try_product_each()?, &tv_data)
    }

    /// CuTe's `make_tiled_copy_C_atom(copy_atom, tiled_mma)`: the tiled copy of the tiled
    /// MMA's C threads, each with only as many of its values as one copy of the atom moves
    /// (`NumValSrc`), in their order; its `Tiler_MN` picks, mode by mode, the part of the
    /// MMA's `(M,N)` tile those values cover (a tuple of layouts, as in
    /// [`TiledCopy::try_cotiled`]).
    ///
    /// ```
    /// use rcute::atom::{copy_atom, TiledCopy, TiledMma, SM80_16x8x16_F32F16F16F32_TN};
    /// use rcute::{layout, Tiler};
    /// let mma = TiledMma::new(SM80_16x8x16_F32F16F16F32_TN, &layout!((_2,_2,_1):(_1,_2,_0)),
    ///                         &Tiler::UNDERSCORE);
    /// let atom = copy_atom("Copy_Atom<UniversalCopy<uint64_t>, float>").unwrap();
    /// let copy = TiledCopy::try_for_mma_c_atom(atom, &mma).unwrap();
    /// assert_eq!(copy.to_string().lines().nth(1).unwrap(), "  Tiler_MN:       ((_8,_2):(_1,_16),(_8,_2):(_2,_1))");
    /// ```
    ///
    /// # Errors
    /// An atom that moves more values than a thread of the MMA holds (CuTe's static
    /// assertion `copy_V <= size<1>(layoutC_TV)`), a tile whose left inverse does not read
    /// the MMA's (thread, value) pairs back, and the errors of the algebra.
    pub fn try_for_mma_c_atom(atom: CopyAtom, mma: &TiledMma) -> Result<TiledCopy, Error> {
        let layout_c = mma.try_layout_tv(Operand::C)?;
        let copy_v = atom.val_layout_src().try_mode(1)?.try_size()?;
        let vals = layout_c.try_mode(1)?.try_size()?;
        if copy_v.value() > vals.value() {
            return Err(Error::Precondition {
                msg: "make_tiled_copy_C_atom: the atom moves more values than a thread of the MMA holds (copy_V <= size<1>(layoutC_TV)); values",
                mode: 1,
                lhs: copy_v.value(),
                rhs: vals.value(),
            });
        }
        let threads = layout_c.try_mode(0)?.try_size()?;
        let truncate = Layout::try_from_shape(IntTuple::try_from_ints(&[threads, copy_v])?)?;
        let layout_tv = layout_c.try_composition(&truncate)?;
        let mma_tiler = IntTuple::try_from_ints(&[mma.tile_size(0)?, mma.tile_size(1)?])?;
        by_mode_copy(atom, &mma_tiler, &layout_tv)
    }
}

/// The by-mode tiler of `make_cotiled_copy` and `make_tiled_copy_C_atom`: `tv` maps
/// (thread, value) to the column-major index of a coordinate of `flat`; mode `i` of the
/// tiler picks (filtered) the coordinates of mode `i` that `tv` reaches, and the copy's TV
/// layout is `tv` read in the tile those picks make.
fn by_mode_copy(atom: CopyAtom, flat: &IntTuple, tv_data: &Layout) -> Result<TiledCopy, Error> {
    let (tiler_mn, shape, layout_tv) = by_mode_tiler(flat, tv_data)?;
    let mut copy = TiledCopy::try_from_tv(atom, &layout_tv, &shape)?;
    copy.tiler_mn = tiler_mn;
    Ok(copy)
}

/// CuTe's "awkward by-mode tiler" (`make_cotiled_copy`, `make_tiled_copy_C_atom`,
/// `make_tmem_warp_partitioner`): `tv` maps (thread, value) to the column-major index of
/// a coordinate of `flat`; mode `i` of the tiler picks (filtered) the coordinates of mode
/// `i` that `tv` reaches. Returns the tiler, its shape, and `tv` read in the tile the
/// picks make (`left_inverse(tile2data) o tv`).
pub(crate) fn by_mode_tiler(
    flat: &IntTuple,
    tv: &Layout,
) -> Result<(Tiler, IntTuple, Layout), Error> {
    let r = if flat.is_leaf() { 1 } else { flat.rank() };
    let flat = if flat.is_leaf() {
        IntTuple::try_tuple(&[*flat])?
    } else {
        *flat
    };
    let mut parts = [Tiler::UNDERSCORE; 16];
    let mut shapes = [IntTuple::constant(1); 16];
    if r > parts.len() {
        return Err(Error::Capacity {
            msg: "by-mode tiler: too many modes",
            capacity: 16,
        });
    }
    for i in 0..r {
        let mut stride = flat;
        for k in 0..r {
            stride.set_leaf(k, Int::constant(i64::from(k == i)));
        }
        let pick = Layout::try_new(flat, stride)?
            .try_composition(tv)?
            .try_filter()?;
        shapes[i] = pick.shape();
        parts[i] = Tiler::layout(pick);
    }
    let tiler_mn = Tiler::try_tuple(&parts[..r])?;
    let tile2data = Layout::try_from_shape(flat)?.try_composition_tiler(&tiler_mn)?;
    // CuTe's left_inverse of tile2data: where the picks overlap (a tiler mode such as
    // (_4,_2,_2):(_2,_1,_1)) it is no left inverse of the whole tile, but it may still
    // read every (thread, value) of `tv` back; the law is that it does
    // (CuTe's composition too: its result is checked against the law below)
    let layout_tv = tile2data
        .try_left_inverse_as_cute()?
        .try_composition_as_cute(tv)?;
    let n = tv.try_size()?.value();
    let mut i = 0;
    while i < n {
        let at = layout_tv.offset(i as usize);
        let back = if at < 0 {
            -1
        } else {
            tile2data.offset(at as usize)
        };
        if back != tv.offset(i as usize) {
            return Err(Error::Precondition {
                msg: "by-mode tiler (make_cotiled_copy, make_tiled_copy_C_atom, make_tmem_warp_partitioner): the tile's modes overlap and its left inverse does not read the (thread, value) at this index back (the index, and the coordinate it reaches instead)",
                mode: -1,
                lhs: i,
                rhs: back,
            });
        }
        i += 1;
    }
    let shape = IntTuple::try_tuple(&shapes[..r])?;
    Ok((tiler_mn, shape, layout_tv))
}

impl TiledCopy {
    /// CuTe's `make_tiled_copy_A/B/C(copy_atom, tiled_mma)`: the tiled copy whose threads
    /// and values are those of the tiled MMA's operand (`get_layoutA_TV()`, over the tile
    /// `(tile_size<0>, tile_size<2>)` for A).
    pub const fn try_for_mma(
        atom: CopyAtom,
        mma: &TiledMma,
        op: Operand,
    ) -> Result<TiledCopy, Error> {
        let tv = tri!(mma.try_layout_tv(op));
        let (i, j) = match op {
            Operand::A => (0, 2),
            Operand::B => (1, 2),
            Operand::C => (0, 1),
        };
        let tiler = tri!(IntTuple::try_tuple(&[
            IntTuple::from_int(tri!(mma.tile_size(i))),
            IntTuple::from_int(tri!(mma.tile_size(j))),
        ]));
        TiledCopy::try_from_tv(atom, &tv, &tiler)
    }

    /// CuTe's `make_tiled_copy_S/D(copy_atom, tiled_copy)`: a tiled copy of another atom
    /// whose threads and values are the source (`dst` false) or destination ones of
    /// `other`.
    pub const fn try_matching(
        atom: CopyAtom,
        other: &TiledCopy,
        dst: bool,
    ) -> Result<TiledCopy, Error> {
        let tv = tri!(other.try_layout_tv(dst));
        TiledCopy::try_from_tv(atom, &tv, &other.tiler)
    }

    /// `Tiler_MN` as CuTe holds it: the tile's shape as a tiler, or (`make_cotiled_copy`,
    /// `make_tmem_copy`, `make_tiled_copy_C_atom`) a tuple of layouts.
    pub const fn tiler_mn(&self) -> &Tiler {
        &self.tiler_mn
    }

    /// The extent of the coordinates the tile reaches, mode by mode (CuTe's `print_latex`
    /// grid, `product_each(shape(logical_divide(make_layout(Shape<_1,_1>{}), tiler_mn)))`):
    /// a layout mode `L` of `Tiler_MN` reaches `size(L) * size(complement(L, 1))`
    /// coordinates, the holes between its offsets included.
    ///
    /// # Errors
    /// The errors of `complement`.
    pub fn try_tile_mn(&self) -> Result<IntTuple, Error> {
        if !self.tiler_mn.is_tuple() {
            return self.tiler.try_product_each();
        }
        let r = self.tiler_mn.rank();
        let mut ext = [Int::ONE; 16];
        if r > ext.len() {
            return Err(Error::Capacity {
                msg: "print_latex: too many modes",
                capacity: 16,
            });
        }
        for (i, e) in ext.iter_mut().enumerate().take(r) {
            let t = self.tiler_mn.try_element(i)?;
            *e = match t.kind() {
                TilerKind::Layout(l) => {
                    let c = l.try_complement(&IntTuple::constant(1))?;
                    l.try_size()?.try_mul(c.try_size()?)?
                }
                _ => self.tiler.try_get(i)?.try_product()?,
            };
        }
        IntTuple::try_from_ints(&ext[..r])
    }

    /// The atom.
    pub const fn atom(&self) -> &CopyAtom {
        &self.atom
    }
    /// `TiledLayout_TV`: (thread, value) -> coordinate in the tile.
    pub const fn layout_tv(&self) -> &Layout {
        &self.layout_tv
    }
    /// `Tiler_MN`: the shape of the tile.
    pub const fn tiler(&self) -> &IntTuple {
        &self.tiler
    }
    /// `size(tiled_copy)`: the number of threads.
    pub const fn try_size(&self) -> Result<Int, Error> {
        tri!(self.layout_tv.try_mode(0)).try_size()
    }
    /// `tile_size<I>(tiled_copy)`: the extent of mode `i` of the tile.
    pub const fn tile_size(&self, i: usize) -> Result<Int, Error> {
        tri!(self.tiler.try_get(i)).try_size()
    }

    /// (source or destination thread, value) -> (reference thread, value):
    /// `right_inverse(ValLayoutRef).compose(ValLayoutSrc or Dst)`.
    const fn ref2trg(&self, dst: bool) -> Result<Layout, Error> {
        let inv = tri!(self.atom.val_layout_ref().try_right_inverse());
        let trg = if dst {
            self.atom.val_layout_dst()
        } else {
            self.atom.val_layout_src()
        };
        inv.try_composition(trg)
    }

    /// CuTe's `tile2thrfrg`: `((TileM,TileN,...),(RestM,RestN,...))` ->
    /// `(Thr,(FrgV,FrgX),(RestM,RestN,...))`.
    const fn tile2thrfrg(&self, t: &Layout, ref2trg: &Layout) -> Result<Layout, Error> {
        let (atom_thr, atom_val) = tri!(atom_sizes(&self.atom));
        let atom_shape = tri!(IntTuple::try_tuple(&[
            IntTuple::from_int(atom_thr),
            IntTuple::from_int(atom_val)
        ]));
        let atom_layout_tv = tri!(
            self.layout_tv
                .try_zipped_divide(&tri!(Tiler::try_from_shape(&atom_shape)))
        );
        let trg = tri!(
            atom_layout_tv.try_composition_tiler(&tri!(Tiler::try_tuple(&[
                Tiler::layout(*ref2trg),
                Tiler::UNDERSCORE
            ])))
        );
        let zipped = tri!(trg.try_zip());
        let thrval2mn = tri!(zipped.try_coalesce_by(&IntTuple::parse("(_1,(_1,_1))")));
        let tv = tri!(t.try_composition_tiler(&tri!(Tiler::try_tuple(&[
            Tiler::layout(thrval2mn),
            Tiler::UNDERSCORE
        ]))));
        tv.try_slice(&IntTuple::parse("((_,_),_)"))
    }

    /// `tidfrg_S` (`dst` false) or `tidfrg_D`: the layout of a tensor rearranged to
    /// `(Thr,(FrgV,FrgX),(RestM,RestN,...))`.
    pub const fn try_tidfrg(&self, l: &Layout, dst: bool) -> Result<Layout, Error> {
        if l.rank() < self.tiler.rank() {
            return Err(Error::RankMismatch {
                msg: "TiledCopy: the tensor to partition has fewer modes than the tile",
                expected: self.tiler.rank(),
                found: l.rank(),
            });
        }
        let z = tri!(l.try_zipped_divide(&self.tiler_mn));
        self.tile2thrfrg(&z, &tri!(self.ref2trg(dst)))
    }

    /// `get_layoutS_TV()` (`dst` false) or `get_layoutD_TV()`: (thread index, value) ->
    /// coordinate in the tile, as the source or the destination sees it.
    pub const fn try_layout_tv(&self, dst: bool) -> Result<Layout, Error> {
        let reference = tri!(Layout::try_from_shape(tri!(IntTuple::try_tuple(&[
            self.tiler,
            IntTuple::constant(1)
        ]))));
        let frg = tri!(self.tile2thrfrg(&reference, &tri!(self.ref2trg(dst))));
        frg.try_slice(&IntTuple::parse("(_,_,_0)"))
    }

    /// `tiled_copy.get_slice(thr).partition_S(tensor)` (`dst` false) or `partition_D`:
    /// the part of `tensor` thread `thr` copies, `(CopyV,RestM,RestN,...)`.
    pub const fn try_partition(
        &self,
        thr: Int,
        t: &CoordTensor,
        dst: bool,
    ) -> Result<CoordTensor, Error> {
        let l = t.layout();
        let frg = tri!(self.try_tidfrg(&l, dst));
        let coord = tri!(self.slice_coord(thr, l.rank()));
        CoordTensor::new(t.origin(), frg).try_slice(&coord)
    }

    /// `tiled_copy.get_slice(thr).partition_S` (`dst` false) or `partition_D` of a tensor
    /// over memory whose layout is `l`: the part's layout and the offset, in elements, its
    /// pointer moves.
    pub fn try_partition_layout(
        &self,
        thr: Int,
        l: &Layout,
        dst: bool,
    ) -> Result<(Layout, Int), Error> {
        let frg = self.try_tidfrg(l, dst)?;
        let coord = self.slice_coord(thr, l.rank())?;
        frg.try_slice_and_offset(&coord)
    }

    /// `tiled_copy.get_slice(thr).partition_S/D(tensor)` of a data tensor: a view of the
    /// elements thread `thr` copies, `(CopyV,RestM,RestN,...)`.
    ///
    /// ```
    /// use rcute::atom::{copy_atom, TiledCopy};
    /// use rcute::{layout, Int, Tensor};
    /// let atom = copy_atom("Copy_Atom<UniversalCopy<uint64_t>, half_t>").unwrap();
    /// // 8 threads in a column, 4 contiguous values each, over an 8x4 row-major tile
    /// let copy = TiledCopy::try_new(atom, &layout!((_8,_1):(_1,_0)), &layout!((_1,_4):(_0,_1))).unwrap();
    /// let data: Vec<u16> = (0..32).collect();
    /// let t = Tensor::new(data.as_slice(), layout!((_8,_4):(_4,_1))).unwrap();
    /// let part = copy.try_partition_tensor(Int::dynamic(2), &t, false).unwrap();
    /// let mine: Vec<u16> = (0..4).map(|i| part[i]).collect();
    /// assert_eq!(mine, [8, 9, 10, 11]);
    /// ```
    pub fn try_partition_tensor<'t, S: crate::tensor::Storage>(
        &self,
        thr: Int,
        t: &'t crate::Tensor<S>,
        dst: bool,
    ) -> Result<crate::Tensor<&'t [S::Elem]>, Error> {
        let l = t.layout();
        let frg = self.try_tidfrg(l, dst)?;
        let coord = self.slice_coord(thr, l.rank())?;
        let (part, off) = frg.try_slice_and_offset(&coord)?;
        t.reshaped(part, off.value())
    }

    /// CuTe's slice of a tidfrg layout for thread `thr`, `(thr,_,(_,...))` over a tensor
    /// of `rank` modes; a thread outside the tiled copy is an error.
    const fn slice_coord(&self, thr: Int, rank: usize) -> Result<IntTuple, Error> {
        let n = tri!(self.try_size());
        if thr.value() < 0 || thr.value() >= n.value() {
            return Err(Error::Precondition {
                msg: "TiledCopy get_slice: the thread index must be one of the tiled copy's threads (the index, and their number)",
                mode: -1,
                lhs: thr.value(),
                rhs: n.value(),
            });
        }
        let unders = tri!(IntTuple::try_repeat(
            rank,
            &IntTuple::from_int(Int::UNDERSCORE)
        ));
        IntTuple::try_tuple(&[
            IntTuple::from_int(thr),
            IntTuple::from_int(Int::UNDERSCORE),
            unders,
        ])
    }

    /// `ThrCopy::retile_S/D(tensor)` (the two are the same): a thread's fragment,
    /// `(V,RestM,RestN,...)`, regrouped as the copy's values `((AtomV,RestV),RestM,...)`.
    ///
    /// # Errors
    /// A dynamic `size<0>(tensor)` (CuTe's `upcast` needs it static), and the errors of
    /// the algebra.
    pub const fn try_retile(&self, t: &CoordTensor) -> Result<CoordTensor, Error> {
        let l = t.layout();
        let r = l.rank();
        let v = tri!(tri!(l.try_mode(0)).try_size());
        if !v.is_static() {
            return Err(Error::WrongKind {
                msg: "retile: the first mode of the tensor must have a static size (CuTe's upcast<TiledNumThr * V> needs it)",
            });
        }
        let threads = tri!(self.try_size());
        let inv = tri!(tri!(self.layout_tv.try_right_inverse()).try_with_shape(&self.tiler));
        let frg_layout_mn = tri!(inv.try_upcast(tri!(threads.try_mul(v)).value()));
        let (_, atom_val) = tri!(atom_sizes(&self.atom));
        let prod = tri!(
            tri!(Layout::try_from_shape(IntTuple::from_int(v)))
                .try_logical_product(&Tiler::layout(tri!(frg_layout_mn.try_right_inverse())))
        );
        let frg_layout_v = tri!(prod.try_zipped_divide(&Tiler::layout(tri!(
            Layout::try_from_shape(IntTuple::from_int(atom_val))
        ))));
        let each = tri!(frg_layout_mn.shape_ref().try_product_each());
        let tile = tri!(each.try_prepend(&IntTuple::from_int(v)));
        let frg = tri!(l.try_zipped_divide(&tri!(Tiler::try_from_shape(&tile))));
        let vt = tri!(frg.try_composition_tiler(&tri!(Tiler::try_tuple(&[
            Tiler::layout(frg_layout_v),
            Tiler::UNDERSCORE
        ]))));
        // append<R>(_0, _): (_0,_,...,_) of rank R
        let mut rest_elems = [IntTuple::from_int(Int::UNDERSCORE); crate::tuple::CAPACITY];
        rest_elems[0] = IntTuple::constant(0);
        if r > crate::tuple::CAPACITY {
            return Err(Error::Capacity {
                msg: "retile: the tensor has too many modes",
                capacity: crate::tuple::CAPACITY,
            });
        }
        let (head, _) = rest_elems.split_at(r);
        let rest = tri!(IntTuple::try_tuple(head));
        let coord = tri!(IntTuple::try_tuple(&[
            IntTuple::from_int(Int::UNDERSCORE),
            rest
        ]));
        CoordTensor::new(t.origin(), vt).try_slice(&coord)
    }
}

/// `(AtomNumThr, AtomNumVal)`: the sizes of the two modes of the atom's `ValLayoutRef`.
const fn atom_sizes(atom: &CopyAtom) -> Result<(Int, Int), Error> {
    let r = atom.val_layout_ref();
    Ok((
        tri!(tri!(r.try_mode(0)).try_size()),
        tri!(tri!(r.try_mode(1)).try_size()),
    ))
}

impl fmt::Display for TiledCopy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "TiledCopy")?;
        writeln!(f, "  Tiler_MN:       {}", self.tiler_mn)?;
        writeln!(f, "  TiledLayout_TV: {}", self.layout_tv)?;
        write!(f, "{}", self.atom)
    }
}
