//! `TiledMMA`: an MMA atom tiled over threads (`make_tiled_mma`), its thread-value
//! layouts and its partitions, exactly as CuTe's `mma_atom.hpp` computes them.

use super::mma::{MmaAtom, Operand};
use crate::algebra::{Tiler, TilerKind};
use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;
use crate::layout::Layout;
use crate::tensor::CoordTensor;
use crate::tuple::IntTuple;
use core::fmt;

/// A tiled MMA (CuTe's `TiledMMA<Atom, AtomLayoutMNK, PermutationMNK>`): the atom
/// repeated over a layout of atoms in M, N and K, with a permutation of each of M, N
/// and K applied first. `Display` prints what CuTe's `print(tiled_mma)` prints.
///
/// ```
/// use rcute::atom::{TiledMma, SM80_16x8x16_F32F16F16F32_TN};
/// use rcute::{layout, Tiler};
/// let mma = TiledMma::try_new(SM80_16x8x16_F32F16F16F32_TN, &layout!((_2,_2,_1):(_1,_2,_0)),
///                             &Tiler::UNDERSCORE).unwrap();
/// assert_eq!(mma.thr_layout_vmnk().to_string(), "(_32,_2,_2,_1):(_1,_32,_64,_0)");
/// assert_eq!(mma.tile_size(0).unwrap().to_string(), "_32");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TiledMma {
    atom: MmaAtom,
    thr_layout_vmnk: Layout,
    permutation: Tiler,
}

impl TiledMma {
    /// CuTe's `make_tiled_mma(atom, atom_layout, permutation)`: `atom_layout` (padded to
    /// rank 3 with `_1:_0`) lays the atoms out over M, N and K; `permutation` (a tuple of
    /// up to three static tilers, each `_`, an integer or a layout, padded with `_`)
    /// reorders M, N and K before they are tiled.
    ///
    /// # Errors
    /// An atom layout or a permutation of more than three modes, a dynamic permutation
    /// (CuTe requires static ones), and the errors of `tiled_product`.
    pub const fn try_new(
        atom: MmaAtom,
        atom_layout: &Layout,
        permutation: &Tiler,
    ) -> Result<TiledMma, Error> {
        if atom_layout.rank() > 3 {
            return Err(Error::RankMismatch {
                msg: "make_tiled_mma: the atom layout has more than 3 modes (M, N, K)",
                expected: 3,
                found: atom_layout.rank(),
            });
        }
        let mnk = tri!(atom_layout.try_append_to(3, None));
        let perm = tri!(pad_permutation(permutation));
        let vmnk = tri!(atom.thr_id().try_tiled_product(&Tiler::layout(mnk)));
        Ok(TiledMma {
            atom,
            thr_layout_vmnk: vmnk,
            permutation: perm,
        })
    }

    /// [`TiledMma::try_new`], panicking with the error's message.
    #[track_caller]
    pub const fn new(atom: MmaAtom, atom_layout: &Layout, permutation: &Tiler) -> TiledMma {
        unwrap_or_panic!(TiledMma::try_new(atom, atom_layout, permutation))
    }

    /// The atom.
    pub const fn atom(&self) -> &MmaAtom {
        &self.atom
    }

    /// `get_thr_layout_vmnk()`: (atom thread, M, N, K) -> thread index.
    pub const fn thr_layout_vmnk(&self) -> &Layout {
        &self.thr_layout_vmnk
    }

    /// `PermutationMNK`: a tuple of three tilers.
    pub const fn permutation(&self) -> &Tiler {
        &self.permutation
    }

    /// `size(tiled_mma)`: the number of threads.
    pub const fn try_size(&self) -> Result<Int, Error> {
        self.thr_layout_vmnk.try_size()
    }

    /// `permutation_mnk<I>()`: mode `i` of the permutation, or where it is `_`, the
    /// extent of the atom times the number of atoms in that mode.
    pub const fn try_permutation_mnk(&self, i: usize) -> Result<Tiler, Error> {
        let p = tri!(self.permutation.try_element(i));
        if matches!(p.kind(), TilerKind::Underscore) {
            let e = tri!(self.atom.extent(i));
            let t = tri!(tri!(self.thr_layout_vmnk.try_mode(i + 1)).try_size());
            return Tiler::try_integer(tri!(e.try_mul(t)));
        }
        Ok(p)
    }

    /// `tile_size<I>(tiled_mma)`: the extent of mode `i` (M, N or K) of the tile one step
    /// of the tiled MMA computes.
    pub const fn tile_size(&self, i: usize) -> Result<Int, Error> {
        let p = tri!(self.try_permutation_mnk(i));
        tiler_size(&p)
    }

    /// `tile_shape(tiled_mma)`: `(tile_size<0>, tile_size<1>, tile_size<2>)`.
    pub const fn try_tile_shape(&self) -> Result<IntTuple, Error> {
        IntTuple::try_tuple(&[
            IntTuple::from_int(tri!(self.tile_size(0))),
            IntTuple::from_int(tri!(self.tile_size(1))),
            IntTuple::from_int(tri!(self.tile_size(2))),
        ])
    }

    /// `thrfrg_A/B/C(layout)`: the layout of an `(M,K)`, `(N,K)` or `(M,N)` tensor
    /// rearranged to `((ThrV,(ThrM,ThrK)),(FrgV,(RestM,RestK,...)))` (and the same for B
    /// and C).
    pub const fn try_thrfrg(&self, op: Operand, l: &Layout) -> Result<Layout, Error> {
        if l.rank() < 2 {
            return Err(Error::RankMismatch {
                msg: "TiledMMA: the tensor to partition has fewer than 2 modes",
                expected: 2,
                found: l.rank(),
            });
        }
        let (i, j) = op.modes();
        let t_tile = tri!(Tiler::try_tuple(&[
            tri!(self.try_permutation_mnk(i)),
            tri!(self.try_permutation_mnk(j))
        ]));
        let t = tri!(l.try_logical_divide(&t_tile));
        let atom_tile = tri!(Tiler::try_tuple(&[
            tri!(size_layout(tri!(self.atom.extent(i)))),
            tri!(size_layout(tri!(self.atom.extent(j)))),
        ]));
        let c = tri!(t.try_zipped_divide(&atom_tile));
        let atom_tv = match op {
            Operand::A => self.atom.layout_a_tv(),
            Operand::B => self.atom.layout_b_tv(),
            Operand::C => self.atom.layout_c_tv(),
        };
        let tv = tri!(c.try_composition_tiler(&tri!(Tiler::try_tuple(&[
            Tiler::layout(*atom_tv),
            Tiler::UNDERSCORE
        ]))));
        let vmnk = &self.thr_layout_vmnk;
        let thr_tile = tri!(Tiler::try_tuple(&[
            Tiler::UNDERSCORE,
            tri!(Tiler::try_tuple(&[
                tri!(size_layout(tri!(tri!(vmnk.try_mode(i + 1)).try_size()))),
                tri!(size_layout(tri!(tri!(vmnk.try_mode(j + 1)).try_size()))),
            ])),
        ]));
        tv.try_zipped_divide(&thr_tile)
    }

    /// thread index -> (ThrV,ThrM,ThrN,ThrK), CuTe's `thridx_2_thrid`.
    const fn thridx_to_thrid(&self) -> Result<Layout, Error> {
        let vmnk = &self.thr_layout_vmnk;
        let size = tri!(vmnk.try_size());
        let ext = tri!(Layout::try_new(
            tri!(IntTuple::try_tuple(&[
                IntTuple::from_int(size),
                IntTuple::constant(1)
            ])),
            IntTuple::parse("(_1,_0)"),
        ));
        let full = tri!(Layout::try_concat(&[
            *vmnk,
            tri!(vmnk.try_complement_cosize())
        ]));
        ext.try_composition(&tri!(full.try_right_inverse()))
    }

    /// `get_layoutA_TV()`, `get_layoutB_TV()`, `get_layoutC_TV()`: (thread index, value)
    /// -> coordinate in the column-major tile of the operand, the values
    /// `get_slice(thread).partition_A/B/C` of that tile holds.
    ///
    /// With more than one thread along K (`ThrK > 1` in the layout of atoms), CuTe C++'s
    /// `get_layoutC_TV` keeps each thread's K index, and unless the modes before K
    /// extend with stride 0, sends the threads past the first K slice past the end of the
    /// (M,N) tile, where `partition_C` gives them the first slice's values. rcute checks
    /// every thread against the first slice's and refuses such a layout (an
    /// [`Error::Precondition`] naming the thread and the first slice's thread);
    /// [`TiledMma::try_layout_tv_as_cute`] answers CuTe's layout.
    ///
    /// ```
    /// use rcute::atom::{Operand, TiledMma, SM80_16x8x16_F32F16F16F32_TN, universal_fma};
    /// use rcute::{layout, Tiler};
    /// let mma = TiledMma::new(SM80_16x8x16_F32F16F16F32_TN, &layout!(_1:_0), &Tiler::UNDERSCORE);
    /// assert_eq!(mma.try_layout_tv(Operand::C).unwrap().to_string(),
    ///            "((_4,_8),((_2,_2),(_1,_1))):((_32,_1),((_16,_8),(_0,_0)))");
    /// // two threads along K: CuTe's C layout sends threads 6 to 11 past the 2x3 tile
    /// let fma = universal_fma(["float"; 4]);
    /// let fma = TiledMma::new(fma, &layout!((_2,_3,_2):(_1,_2,_6)), &Tiler::UNDERSCORE);
    /// assert!(fma.try_layout_tv(Operand::C).is_err());
    /// assert!(fma.try_layout_tv(Operand::A).is_ok());
    /// assert_eq!(fma.try_layout_tv_as_cute(Operand::C).unwrap().to_string(),
    ///            "(_12,(_1,(_1,_1))):(_1,(_0,(_0,_0)))");
    /// ```
    pub const fn try_layout_tv(&self, op: Operand) -> Result<Layout, Error> {
        let tv = tri!(self.try_layout_tv_as_cute(op));
        if let Operand::C = op {
            tri!(self.check_c_tv(&tv));
        }
        Ok(tv)
    }

    /// That CuTe's C layout `tv` gives every thread past the first K slice the values
    /// `partition_C` gives it: those of the thread with the same V, M and N coordinates
    /// and K coordinate 0 (the first slice's threads are read right). A layout's offset is
    /// its thread mode's plus its value mode's, so the thread modes are compared: thread
    /// `t0 + K(k)` against `t0`, for each thread `t0` of the first slice and each `k > 0`,
    /// the first slice past it first (where CuTe's layout is wrong, it is wrong there).
    const fn check_c_tv(&self, tv: &Layout) -> Result<(), Error> {
        /// The most threads the check reads: far more than any GPU's thread block.
        const MOST_THREADS: i64 = 1 << 22;
        let vmnk = &self.thr_layout_vmnk;
        let kmode = tri!(vmnk.try_mode(3));
        let slices = tri!(kmode.try_size()).value();
        if slices <= 1 {
            return Ok(());
        }
        let threads = tri!(vmnk.try_size()).value();
        if threads > MOST_THREADS {
            return Err(Error::Capacity {
                msg: "get_layoutC_TV: with more than one thread along K, CuTe C++'s layout is checked thread by thread against partition_C, and this tiled MMA has more threads than the check reads",
                capacity: MOST_THREADS as usize,
            });
        }
        // the first slice's threads: (ThrV,ThrM,ThrN) -> thread index
        let first = tri!(Layout::try_concat(&[
            tri!(vmnk.try_mode(0)),
            tri!(vmnk.try_mode(1)),
            tri!(vmnk.try_mode(2)),
        ]));
        let per_slice = tri!(first.try_size()).value();
        let thread = tri!(tv.try_mode(0));
        let mut k = 1;
        while k < slices {
            let dk = kmode.offset(k as usize);
            let mut i = 0;
            while i < per_slice {
                let t0 = first.offset(i as usize);
                let t = t0 + dk;
                if thread.offset(t as usize) != thread.offset(t0 as usize) {
                    return Err(Error::Precondition {
                        msg: "get_layoutC_TV: with more than one thread along K, CuTe C++'s layout keeps a thread's K index and gives a thread past the first K slice other values than partition_C gives it, those of the first slice's thread with the same M and N (the thread, and that thread)",
                        mode: -1,
                        lhs: t,
                        rhs: t0,
                    });
                }
                i += 1;
            }
            k += 1;
        }
        Ok(())
    }

    /// [`TiledMma::try_layout_tv`] as CuTe C++ computes it, with no check: for C with more
    /// than one thread along K, a layout that sends the threads past the first K slice
    /// outside the tile.
    pub const fn try_layout_tv_as_cute(&self, op: Operand) -> Result<Layout, Error> {
        let (i, j) = op.modes();
        let reference = tri!(Layout::try_from_shape(tri!(IntTuple::try_tuple(&[
            IntTuple::from_int(tri!(self.tile_size(i))),
            IntTuple::from_int(tri!(self.tile_size(j))),
        ]))));
        let mut frg = tri!(self.try_thrfrg(op, &reference));
        let vmnk = &self.thr_layout_vmnk;
        let m = tri!(tri!(vmnk.try_mode(1)).try_size());
        let n = tri!(tri!(vmnk.try_mode(2)).try_size());
        let restride = match op {
            Operand::A => Some(IntTuple::parse("(_1,_0)")),
            Operand::B => Some(IntTuple::parse("(_0,_1)")),
            Operand::C => None,
        };
        if let Some(stride) = restride {
            // (ThrV,(ThrM,ThrK)) -> (ThrV,(ThrM,ThrN,ThrK))
            let mn = tri!(Layout::try_new(
                tri!(IntTuple::try_tuple(&[
                    IntTuple::from_int(m),
                    IntTuple::from_int(n)
                ])),
                stride,
            ));
            let tile = tri!(Tiler::try_tuple(&[
                Tiler::UNDERSCORE,
                tri!(Tiler::try_tuple(&[Tiler::layout(mn), Tiler::UNDERSCORE])),
            ]));
            frg = tri!(
                frg.try_composition_tiler(&tri!(Tiler::try_tuple(&[tile, Tiler::UNDERSCORE])))
            );
        }
        let t2t = tri!(self.thridx_to_thrid());
        frg.try_composition_tiler(&tri!(Tiler::try_tuple(&[
            Tiler::layout(t2t),
            Tiler::UNDERSCORE
        ])))
    }

    /// The coordinate of thread `thr` in `thr_layout_vmnk` (`get_flat_coord`), or an
    /// error for a thread outside the tiling.
    const fn thr_vmnk(&self, thr: Int) -> Result<IntTuple, Error> {
        let n = tri!(self.thr_layout_vmnk.try_size());
        if thr.value() < 0 || thr.value() >= n.value() {
            return Err(Error::Precondition {
                msg: "TiledMMA get_slice: the thread index must be one of the tiled MMA's threads (the index, and their number)",
                mode: -1,
                lhs: thr.value(),
                rhs: n.value(),
            });
        }
        self.thr_layout_vmnk
            .try_get_flat_coord(&IntTuple::from_int(thr))
    }

    /// `tiled_mma.get_slice(thr).partition_A/B/C(tensor)`: the part of `tensor` thread
    /// `thr` holds, `(FrgV,RestM,RestK,...)` (for A).
    ///
    /// ```
    /// use rcute::atom::{Operand, TiledMma, SM80_16x8x16_F32F16F16F32_TN};
    /// use rcute::{layout, int_tuple, CoordTensor, Int, Tiler};
    /// let mma = TiledMma::new(SM80_16x8x16_F32F16F16F32_TN, &layout!((_2,_2,_1):(_1,_2,_0)),
    ///                         &Tiler::UNDERSCORE);
    /// let t = CoordTensor::identity(int_tuple!((_64,_32)));
    /// assert_eq!(mma.try_partition(Operand::A, Int::dynamic(5), &t).unwrap().to_string(),
    ///            "ArithTuple(1,2) o ((_2,_2,_2),_2,_2):((_1@1,_8@0,_8@1),_32@0,_16@1)");
    /// ```
    pub const fn try_partition(
        &self,
        op: Operand,
        thr: Int,
        t: &CoordTensor,
    ) -> Result<CoordTensor, Error> {
        let frg = tri!(self.try_thrfrg(op, &t.layout()));
        let coord = tri!(self.slice_coord(op, thr, &frg));
        CoordTensor::new(t.origin(), frg).try_slice(&coord)
    }

    /// The layout of thread `thr`'s part of a tensor of layout `l`, and the offset where
    /// it starts: `partition_A/B/C` of a data tensor is its data from that offset through
    /// that layout.
    pub const fn try_partition_layout(
        &self,
        op: Operand,
        thr: Int,
        l: &Layout,
    ) -> Result<(Layout, Int), Error> {
        let frg = tri!(self.try_thrfrg(op, l));
        let coord = tri!(self.slice_coord(op, thr, &frg));
        frg.try_slice_and_offset(&coord)
    }

    /// `tiled_mma.get_slice(thr).partition_A/B/C(tensor)` of a data tensor: a view of
    /// thread `thr`'s elements, `(FrgV,RestM,RestK,...)` (for A).
    ///
    /// ```
    /// use rcute::atom::{Operand, TiledMma, SM80_16x8x8_F16F16F16F16_TN};
    /// use rcute::{layout, Int, Tensor, Tiler};
    /// let mma = TiledMma::new(SM80_16x8x8_F16F16F16F16_TN, &layout!(_1:_0), &Tiler::UNDERSCORE);
    /// let data: Vec<i32> = (0..16 * 8).collect();
    /// let c = Tensor::new(data.as_slice(), layout!((_16,_8):(_1,_16))).unwrap();
    /// // thread 5 holds C(1,2), C(1,3), C(9,2), C(9,3)
    /// let part = mma.try_partition_tensor(Operand::C, Int::dynamic(5), &c).unwrap();
    /// let mine: Vec<i32> = (0..4).map(|i| part[i]).collect();
    /// assert_eq!(mine, [33, 49, 41, 57]);
    /// ```
    pub fn try_partition_tensor<'t, S: crate::tensor::Storage>(
        &self,
        op: Operand,
        thr: Int,
        t: &'t crate::Tensor<S>,
    ) -> Result<crate::Tensor<&'t [S::Elem]>, Error> {
        let (l, off) = self.try_partition_layout(op, thr, t.layout())?;
        t.reshaped(l, off.value())
    }

    /// `partition_shape_A/B/C(tiled_mma, shape)`: the shape of one thread's partition of a
    /// tensor of `shape`.
    pub const fn try_partition_shape(
        &self,
        op: Operand,
        shape: &IntTuple,
    ) -> Result<IntTuple, Error> {
        let dummy = tri!(Layout::try_from_shape(*shape));
        let frg = tri!(self.try_thrfrg(op, &dummy));
        let coord = tri!(IntTuple::try_tuple(&[
            IntTuple::constant(0),
            tri!(rest_coord(&frg))
        ]));
        Ok(tri!(frg.try_slice(&coord)).shape())
    }

    /// The layout of `tiled_mma.get_slice(thr).partition_fragment_A/B/C(tensor)`: the
    /// registers that hold one thread's partition (C: compact, column-major; A and B:
    /// CuTe's `make_fragment_like` of the partition). Where the atom reads the operand
    /// from shared memory (SM90 GMMA's `_SS` A and B, `_RS` B), CuTe's fragment is a
    /// descriptor view of the tensor itself, which must hold the atom's value type: a
    /// coordinate tensor does not, and it is an error. Where the operand lives in tensor
    /// memory (an SM100 UMMA's C, a `_TS` atom's A), the fragment is CuTe's
    /// `UMMA::tmem_frg` of the partition's shape ([`TiledMma::try_tmem_fragment`]).
    pub fn try_partition_fragment(
        &self,
        op: Operand,
        thr: Int,
        t: &CoordTensor,
    ) -> Result<Layout, Error> {
        let part = tri!(self.try_partition(op, thr, t));
        self.try_fragment_of(op, &part.layout())
    }

    /// The layout of `thr_mma.make_fragment_A/B/C(part)` for a thread's partition `part`
    /// (`(FrgV,RestM,RestK...)`, as [`TiledMma::try_partition`] gives): what
    /// [`TiledMma::try_partition_fragment`] answers once it has partitioned, with the same
    /// checks and errors.
    ///
    /// ```
    /// use rcute::atom::{Operand, TiledMma, SM80_16x8x16_F32F16F16F32_TN};
    /// use rcute::{layout, Tiler};
    /// let mma = TiledMma::new(SM80_16x8x16_F32F16F16F32_TN, &layout!((_2,_2,_1):(_1,_2,_0)), &Tiler::UNDERSCORE);
    /// // thread 3's partition_A of a row-major (64,32) tile
    /// let part = layout!(((_2,_2,_2),_2,_2):((_1,_256,_8),_1024,_16));
    /// let frag = mma.try_fragment_of(Operand::A, &part).unwrap();
    /// assert_eq!(frag.to_string(), "((_2,_2,_2),_2,_2):((_1,_2,_4),_16,_8)");
    /// ```
    ///
    /// # Errors
    /// Those of [`TiledMma::try_partition_fragment`] after its partition.
    pub fn try_fragment_of(&self, op: Operand, l: &Layout) -> Result<Layout, Error> {
        let frg_v = tri!(tri!(l.try_mode(0)).try_size());
        let atom_tv = match op {
            Operand::A => self.atom.layout_a_tv(),
            Operand::B => self.atom.layout_b_tv(),
            Operand::C => self.atom.layout_c_tv(),
        };
        let atom_v = tri!(tri!(atom_tv.try_mode(1)).try_size());
        if l.rank() < 3 || frg_v.value() != atom_v.value() {
            return Err(Error::Precondition {
                msg: "partition_fragment: the partition is not (FrgV,RestM,RestN...) of the atom (rank >= 3, size<0> == size<1>(Layout_TV))",
                mode: 0,
                lhs: frg_v.value(),
                rhs: atom_v.value(),
            });
        }
        if !l.shape_ref().is_static() {
            return Err(Error::WrongKind {
                msg: "partition_fragment: a register fragment needs a static shape (CuTe's make_tensor<T>(shape) owns static storage)",
            });
        }
        if self.atom.in_tmem(op) {
            // C: make_tensor<FrgTypeC>(shape); A: make_fragment_like<FrgTypeA>(partition),
            // which orders the partition's strides first (CuTe refuses strides it cannot
            // compare, as for a register fragment)
            let shape = match op {
                Operand::C => l.shape(),
                _ => tri!(l.try_fragment_like()).shape(),
            };
            return self.try_tmem_fragment(op, &shape);
        }
        match op {
            Operand::C => Layout::try_from_shape(l.shape()),
            _ => {
                if self.atom.reads_shared(op) {
                    return Err(Error::WrongKind {
                        msg: "partition_fragment: this GMMA operand is a shared-memory descriptor view of the tensor, whose values must have the atom's type (a coordinate tensor has none)",
                    });
                }
                l.try_fragment_like()
            }
        }
    }
}

impl TiledMma {
    /// The layout of CuTe's TMEM fragment (`make_tensor<FrgTypeC>(shape)`, `FrgTypeA` of a
    /// `_TS` atom) of a partition of shape `shape`, `((M_MMA,N_MMA),MMA_M,MMA_N,...)`: the
    /// tensor is `make_tmem_ptr<T>()` (TMEM address 0) over it. CuTe's traits: C is
    /// `tmem_frg_1sm<c_type>` (`_TS`: stored in `int32_t`, `NonInterleaved`) or
    /// `tmem_frg_2sm<c_type>`; a `_TS` atom's A is `tmem_frg_1sm<a_type, a_type,
    /// NonInterleaved>` or `tmem_frg_2sm<a_type, a_type, Duplicated>`.
    ///
    /// ```
    /// use rcute::atom::{Operand, TiledMma, mma_atom};
    /// use rcute::{layout, int_tuple, Tiler};
    /// let atom = mma_atom("SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>").unwrap();
    /// let mma = TiledMma::new(atom, &layout!(_1:_0), &Tiler::UNDERSCORE);
    /// let c = mma.try_partition_fragment_shape(Operand::C, &int_tuple!((_256,_256))).unwrap();
    /// assert_eq!(c.to_string(), "((_128,_256),_2,_1):((_65536,_1),_256,_0)");
    /// ```
    ///
    /// # Errors
    /// An operand the atom does not keep in TMEM, and [`super::tmem_frg`]'s.
    pub fn try_tmem_fragment(&self, op: Operand, shape: &IntTuple) -> Result<Layout, Error> {
        use super::tmem::{TmemAlloc, tmem_frg};
        if !self.atom.in_tmem(op) {
            return Err(Error::WrongKind {
                msg: "tmem fragment: the atom keeps this operand in registers or shared memory, not in TMEM",
            });
        }
        let n_sm = tri!(self.atom.thr_id().try_size()).value();
        let ts = self.atom.in_tmem(Operand::A);
        let types = self.atom.value_types();
        let (ty, storage, alloc) = match (op, n_sm) {
            (Operand::A, 1) => (types[1], 0, TmemAlloc::NonInterleaved),
            (Operand::A, _) => (types[1], 0, TmemAlloc::Duplicated),
            (_, 1) if ts => (types[3], 32, TmemAlloc::NonInterleaved),
            _ => (types[3], 32, TmemAlloc::Interleaved),
        };
        let Some(bits) = super::catalog::element_bits(ty) else {
            return Err(Error::WrongKind {
                msg: "tmem fragment: an element type of unknown width",
            });
        };
        let storage = if storage == 0 { bits } else { storage };
        tmem_frg(shape, bits, storage, n_sm, alloc)
    }

    /// CuTe's free `partition_fragment_C(tiled_mma, shape_MN)`, the layout of
    /// `make_tensor<FrgTypeC>(partition_shape_C(tiled_mma, shape_MN))`: registers
    /// (compact, column-major) or, for an SM100 UMMA, the TMEM fragment
    /// ([`TiledMma::try_tmem_fragment`]). Operand A or B: CuTe has no such function.
    ///
    /// # Errors
    /// Those of `partition_shape_C` and of the TMEM fragment.
    pub fn try_partition_fragment_shape(
        &self,
        op: Operand,
        shape: &IntTuple,
    ) -> Result<Layout, Error> {
        if !matches!(op, Operand::C) {
            return Err(Error::WrongKind {
                msg: "partition_fragment: CuTe's static form exists only for C (A and B depend on the thread: get_slice(thr).partition_fragment_A/B)",
            });
        }
        let s = tri!(self.try_partition_shape(op, shape));
        if self.atom.in_tmem(op) {
            return self.try_tmem_fragment(op, &s);
        }
        if !s.is_static() {
            return Err(Error::WrongKind {
                msg: "partition_fragment: a register fragment needs a static shape (CuTe's make_tensor<T>(shape) owns static storage)",
            });
        }
        Layout::try_from_shape(s)
    }

    /// CuTe's slice of a thrfrg layout for thread `thr`: `((ThrV,(ThrM,ThrK)),(_,(_,...)))`
    /// (for A), its thread coordinate from `get_flat_coord`.
    const fn slice_coord(&self, op: Operand, thr: Int, frg: &Layout) -> Result<IntTuple, Error> {
        let c = tri!(self.thr_vmnk(thr));
        let (i, j) = op.modes();
        let thr_coord = tri!(IntTuple::try_tuple(&[
            tri!(c.try_get(0)),
            tri!(IntTuple::try_tuple(&[
                tri!(c.try_get(i + 1)),
                tri!(c.try_get(j + 1))
            ])),
        ]));
        IntTuple::try_tuple(&[thr_coord, tri!(rest_coord(frg))])
    }
}

/// `(_, (_,_,...))` for the `(FrgV,(RestM,RestN,...))` mode of a thrfrg layout.
const fn rest_coord(frg: &Layout) -> Result<IntTuple, Error> {
    let rest = tri!(tri!(frg.try_mode(1)).try_mode(1));
    let unders = tri!(IntTuple::try_repeat(
        rest.rank(),
        &IntTuple::from_int(Int::UNDERSCORE)
    ));
    IntTuple::try_tuple(&[IntTuple::from_int(Int::UNDERSCORE), unders])
}

/// `make_layout(n)` as a tiler.
const fn size_layout(n: Int) -> Result<Tiler, Error> {
    Ok(Tiler::layout(tri!(Layout::try_from_shape(
        IntTuple::from_int(n)
    ))))
}

/// `size(t)` of a permutation element: an integer or a layout.
const fn tiler_size(t: &Tiler) -> Result<Int, Error> {
    match t.kind() {
        TilerKind::Integer(n) => Ok(n),
        TilerKind::Layout(l) => l.try_size(),
        _ => Err(Error::WrongKind {
            msg: "TiledMMA: a permutation element is an integer or a layout",
        }),
    }
}

/// `append<3>(permutation, _)`, refusing dynamic values (CuTe: "TiledMMA requires static
/// permutations of MNK").
const fn pad_permutation(p: &Tiler) -> Result<Tiler, Error> {
    let mut elems = [Tiler::UNDERSCORE; 3];
    match p.kind() {
        TilerKind::Underscore => {}
        TilerKind::Tuple => {
            let r = p.rank();
            if r > 3 {
                return Err(Error::RankMismatch {
                    msg: "make_tiled_mma: the permutation has more than 3 modes (M, N, K)",
                    expected: 3,
                    found: r,
                });
            }
            let mut i = 0;
            while i < r {
                elems[i] = tri!(p.try_element(i));
                i += 1;
            }
        }
        _ => elems[0] = *p,
    }
    let mut i = 0;
    while i < 3 {
        let ok = match elems[i].kind() {
            TilerKind::Underscore => true,
            TilerKind::Integer(n) => n.is_static(),
            TilerKind::Layout(l) => l.shape_ref().is_static() && l.stride_ref().is_static(),
            TilerKind::Tuple => false,
        };
        if !ok {
            return Err(Error::WrongKind {
                msg: "make_tiled_mma: each permutation of M, N and K is `_`, a static integer or a static layout (TiledMMA requires static permutations of MNK)",
            });
        }
        i += 1;
    }
    Tiler::try_tuple(&elems)
}

impl fmt::Display for TiledMma {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "TiledMMA")?;
        writeln!(f, "  ThrLayoutVMNK:  {}", self.thr_layout_vmnk)?;
        writeln!(f, "  PermutationMNK: {}", self.permutation)?;
        write!(f, "{}", self.atom)
    }
}
