//! The tiled copy: an `M x N` matrix through swizzled shared memory, a tile per thread
//! block.
//!
//! [`CopyKernel`] moves an `M x N` matrix through swizzled shared memory, a tile per thread
//! block: the tiles come from `zipped_divide` of the identity layout of the padded matrix
//! (so any `M` and `N` work, the edges predicated on the identity coordinates as in CuTe),
//! the threads' coordinates from composing the tiles with thread-value layouts, the shared
//! memory offsets from composing the swizzled shared layout with the same thread-value
//! layouts. A copy and a transpose differ only in the destination's layout and the
//! thread-value layout of the store.
//!
//! The thread-value layouts have three modes `(T, E, V)`: `E` is the vector a thread moves
//! with one access (one element, or a pair of 16-bit elements moved as 32 bits). Whether an
//! access really is one wide load or store is decided on the host from the layouts: the
//! vector must be contiguous and aligned in the global layout (unit stride along it, an
//! even leading dimension and extent), and, for the shared side, in the swizzled tile;
//! otherwise the kernel moves the vector's elements one by one.

use crate::codegen::{CodegenError, IndexFn, IndexType, Inputs, PRELUDE};
use crate::kernel::{
    Kernel, declaration, grid_count, identity_tiles, int_pair, kernel_params, matrix,
};
use crate::template::{fill, section};
use rcute::{ComposedLayout, Int, IntTuple, Layout, Swizzle, Tiler, layout};

/// The kernel and its pieces, in sections.
const COPY_CU: &str = include_str!("cuda/copy.cu");

/// Section `name` of `copy.cu` with its holes filled.
fn cu(name: &str, values: &[(&str, &str)]) -> Result<String, CodegenError> {
    fill(section(COPY_CU, name)?, values)
}

/// An element type the copies move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    /// 4-byte `float`.
    F32,
    /// 2-byte half precision, moved as its 16-bit pattern.
    F16,
}

impl Elem {
    /// The C type of two elements moved together.
    pub fn pair_type(self) -> &'static str {
        match self {
            Elem::F32 => "unsigned long long",
            Elem::F16 => "unsigned",
        }
    }
}

impl Elem {
    /// The C type the kernel moves.
    pub fn c_type(self) -> &'static str {
        match self {
            Elem::F32 => "float",
            Elem::F16 => "unsigned short",
        }
    }

    /// Bytes per element.
    pub fn bytes(self) -> usize {
        match self {
            Elem::F32 => 4,
            Elem::F16 => 2,
        }
    }
}

/// The layouts that define a tiled copy; everything else is derived from them.
#[derive(Clone, Debug)]
pub struct CopyKernel {
    /// The source matrix `(M,N)`: its strides give the source offsets.
    pub src: Layout,
    /// The destination matrix `(M,N)` (a transpose stores `(M,N):(1,ld)`).
    pub dst: Layout,
    /// The tile's shape, `(TM,TN)`.
    pub tile: IntTuple,
    /// The loading thread-value layout, `(T,E,V)` to 1-D indices of the tile (`E`: the
    /// elements of one access).
    pub load_tv: Layout,
    /// The storing thread-value layout, `(T,E,V)` to 1-D indices of the tile.
    pub store_tv: Layout,
    /// The shared-memory tile, `(TM,TN)` to (swizzled) offsets.
    pub smem: ComposedLayout,
    /// The element type.
    pub elem: Elem,
}

/// The modes `(T, E, V, tiles)` of the padded matrix's tiles composed with a thread-value
/// layout: coordinates as functions of thread, vector element, value and tile index.
fn thread_coords(tiles: &Layout, tv: &Layout) -> Result<Layout, CodegenError> {
    let t = tiles.try_mode(0)?.try_composition(tv)?;
    let m = |l: &Layout, i: usize| l.try_mode(i);
    Ok(Layout::try_concat(&[
        m(&t, 0)?,
        m(&t, 1)?,
        m(&t, 2)?,
        tiles.try_mode(1)?,
    ])?)
}

/// Whether the pairs `E` of `tv` (a `(T,E,V)` layout into the tile's column-major
/// indices) are two neighbours along one direction of the matrix `g`, starting at even
/// offsets: the direction has a unit stride and an even extent, the other stride is even,
/// and every pair starts at an even coordinate of the tile (`(tm, tn)`).
fn pairs_contiguous(g: &Layout, tv: &Layout, tm: i64) -> bool {
    let (Some((s0, s1)), Some((m, n))) = (int_pair(&g.stride()), int_pair(&g.shape())) else {
        return false;
    };
    let (s0, s1, m, n) = (s0.value(), s1.value(), m.value(), n.value());
    // the direction of the pair in the tile: +1 row (index + 1) or +1 column (index + tm)
    let along_rows = match tv.mode(1).stride().leaf(0).value() {
        1 => true,
        x if x == tm => false,
        _ => return false,
    };
    let ok_dir = if along_rows {
        s0 == 1 && s1 % 2 == 0 && m % 2 == 0
    } else {
        s1 == 1 && s0 % 2 == 0 && n % 2 == 0
    };
    ok_dir
        && every_pair(tv, |first, _| {
            let coord = if along_rows { first % tm } else { first / tm };
            coord % 2 == 0
        })
}

/// Whether the pairs of `smem` composed with `tv` are two neighbouring shared elements,
/// the first at an even offset.
fn pairs_contiguous_in(smem: &ComposedLayout, tv: &Layout) -> bool {
    every_pair(tv, |first, second| {
        let a = smem.offset(first as usize);
        a % 2 == 0 && smem.offset(second as usize) == a + 1
    })
}

/// Whether `tv` (a `(T,E,V)` layout) has pairs, `E` of size 2, and `f(first, second)` holds
/// for the tile indices of each pair.
fn every_pair(tv: &Layout, f: impl Fn(i64, i64) -> bool) -> bool {
    if tv.mode(1).size().value() != 2 {
        return false;
    }
    let (tn, vn) = (tv.mode(0).size().value(), tv.mode(2).size().value());
    (0..tn as usize)
        .all(|t| (0..vn as usize).all(|v| f(tv.offset_of(&[t, 0, v]), tv.offset_of(&[t, 1, v]))))
}

impl CopyKernel {
    /// The kernel `name` for an `m x n` matrix, with `int` indices when every value fits,
    /// `long long` otherwise.
    ///
    /// # Errors
    /// The layouts do not compose (rcute's error), or the thread-value layouts are not
    /// `(T,E,V)`.
    pub fn kernel(&self, name: &str) -> Result<Kernel, CodegenError> {
        IndexType::narrowest(|ty| self.kernel_with(name, ty))
    }

    fn kernel_with(&self, name: &str, ty: IndexType) -> Result<Kernel, CodegenError> {
        let two = |t: &IntTuple| {
            int_pair(t).ok_or(CodegenError::Layout(rcute::Error::WrongKind {
                msg: "tiled copy: the matrix and the tile must be two integer modes",
            }))
        };
        let (m, n) = two(&self.src.shape())?;
        let (tm, tn) = two(&self.tile)?;
        let tiles = identity_tiles(m, n, tm, tn)?;
        let (ld, st) = (
            thread_coords(&tiles, &self.load_tv)?,
            thread_coords(&tiles, &self.store_tv)?,
        );
        let smem_ld = self
            .smem
            .try_composition_tiler(&Tiler::layout(self.load_tv))?;
        let smem_st = self
            .smem
            .try_composition_tiler(&Tiler::layout(self.store_tv))?;
        let fns = [
            IndexFn::coordinate("ld_r", &ld, 0, Inputs::Modes, ty)?,
            IndexFn::coordinate("ld_c", &ld, 1, Inputs::Modes, ty)?,
            IndexFn::coordinate("st_r", &st, 0, Inputs::Modes, ty)?,
            IndexFn::coordinate("st_c", &st, 1, Inputs::Modes, ty)?,
            IndexFn::layout("g_src", &self.src, Inputs::Modes, ty)?,
            IndexFn::layout("g_dst", &self.dst, Inputs::Modes, ty)?,
            IndexFn::composed("s_ld", &smem_ld, Inputs::Modes, ty)?,
            IndexFn::composed("s_st", &smem_st, Inputs::Modes, ty)?,
        ];
        let threads = self.load_tv.try_mode(0)?.size().value();
        let (e_ld, v_ld) = (
            self.load_tv.try_mode(1)?.size().value(),
            self.load_tv.try_mode(2)?.size().value(),
        );
        let (e_st, v_st) = (
            self.store_tv.try_mode(1)?.size().value(),
            self.store_tv.try_mode(2)?.size().value(),
        );
        let tm_v = tm.value();
        // wide accesses where the layouts allow them
        let wide_src = pairs_contiguous(&self.src, &self.load_tv, tm_v);
        let wide_dst = pairs_contiguous(&self.dst, &self.store_tv, tm_v);
        let wide_ld = wide_src && pairs_contiguous_in(&self.smem, &self.load_tv);
        let wide_st = wide_dst && pairs_contiguous_in(&self.smem, &self.store_tv);
        let smem_size = self.smem.layout().try_cosize()?.value();
        let grid = tiles.try_mode(1)?.size().value();
        let t = self.elem.c_type();
        let pt = self.elem.pair_type();
        let it = ty.c_name();
        let mut src = String::from(PRELUDE);
        for f in &fns {
            src.push_str(&f.source());
        }
        let params = kernel_params(&[("M", m), ("N", n)], &fns);
        let decl = declaration(
            &format!("const {t}* __restrict__ src, {t}* __restrict__ dst"),
            &params,
            ty,
        );
        let smem_size = smem_size.to_string();
        let types = (t, pt, it);
        let phase = |f, (en, vn), wide_global, wide_smem, load| {
            Phase {
                f,
                en,
                vn,
                wide_global,
                wide_smem,
                load,
            }
            .source(&fns, types)
        };
        let load = phase((0, 1, 4, 6), (e_ld, v_ld), wide_src, wide_ld, true)?;
        let store = phase((2, 3, 5, 7), (e_st, v_st), wide_dst, wide_st, false)?;
        src.push_str(&cu(
            "kernel",
            &[
                ("THREADS", &threads.to_string()),
                ("NAME", name),
                ("PARAMS", &decl),
                ("T", t),
                ("SMEM_SIZE", &smem_size),
                ("INDEX", it),
                ("LOAD", &load),
                ("STORE", &store),
            ],
        )?);
        src.push('\n');
        Ok(Kernel {
            name: name.to_string(),
            source: src,
            params,
            index_type: ty,
            grid: grid_count(grid)?,
            persistent: false,
            cluster: 1,
            workspace: 0,
            block: threads as u32,
            shared_bytes: 0,
            tensor_maps: Vec::new(),
        })
    }
}

/// One phase of a copy kernel, the load or the store: its index functions
/// `(row, col, global, shared)` (indices into the kernel's functions), the elements of one
/// access and the values, and whether the accesses are pairs in global and in shared
/// memory.
struct Phase {
    f: (usize, usize, usize, usize),
    en: i64,
    vn: i64,
    wide_global: bool,
    wide_smem: bool,
    load: bool,
}

impl Phase {
    /// The phase's loop, per pair or per element; `(t, pt, it)` are the element, pair and
    /// index types' C names.
    fn source(
        &self,
        fns: &[IndexFn],
        (t, pt, it): (&str, &str, &str),
    ) -> Result<String, CodegenError> {
        let c = |i: usize, args: &str| fns[i].call(args);
        let (r, cc, g, s) = self.f;
        let at = |e: &str| format!("t, {e}, v, b");
        let vn = self.vn.to_string();
        if self.wide_global {
            // the pair's first element decides for both (the extent along it is even)
            let (g_at, s0, s1) = (c(g, "r, c"), c(s, "t, 0, v"), c(s, "t, 1, v"));
            let pair = [("PAIR", pt), ("G_INDEX", &g_at), ("S0_INDEX", &s0)];
            let split = [("T", t), ("S1_INDEX", &s1)];
            let body = match (self.load, self.wide_smem) {
                (true, true) => cu("load_pair", &pair)?,
                (true, false) => cu("load_pair_split", &[&pair[..], &split].concat())?,
                (false, true) => cu("store_pair", &pair)?,
                (false, false) => cu("store_pair_split", &[&pair[..], &split].concat())?,
            };
            return cu(
                "pairs",
                &[
                    ("INDEX", it),
                    ("VALUES", &vn),
                    ("ROW_INDEX", &c(r, &at("0"))),
                    ("COL_INDEX", &c(cc, &at("0"))),
                    ("MOVE", &body),
                ],
            );
        }
        let (s_at, g_at) = (c(s, "t, e, v"), c(g, "r, c"));
        let moves = [("S_INDEX", s_at.as_str()), ("G_INDEX", &g_at)];
        let mv = cu(
            if self.load {
                "load_element"
            } else {
                "store_element"
            },
            &moves,
        )?;
        cu(
            "elements",
            &[
                ("INDEX", it),
                ("VALUES", &vn),
                ("ELEMENTS", &self.en.to_string()),
                ("ROW_INDEX", &c(r, &at("e"))),
                ("COL_INDEX", &c(cc, &at("e"))),
                ("MOVE", &mv),
            ],
        )
    }
}

/// The `(T,E,V)` layout of a copy whose threads `thr` each move the values `val` of one
/// pass (CuTe's `make_tiled_copy` of the catalog's 32-bit `UniversalCopy`), to 1-D indices
/// of the tile: `T` the threads, `E` the elements of one access, `V` the passes over the
/// tile.
fn thread_values(elem: Elem, thr: &Layout, val: &Layout) -> Result<Layout, CodegenError> {
    let (atom, tile) = match elem {
        Elem::F32 => (
            "Copy_Atom<UniversalCopy<uint32_t>, float>",
            rcute::int_tuple!((_32, _32)),
        ),
        Elem::F16 => (
            "Copy_Atom<UniversalCopy<uint32_t>, half_t>",
            rcute::int_tuple!((_64, _64)),
        ),
    };
    let copy = rcute::atom::TiledCopy::try_new(rcute::atom::copy_atom(atom)?, thr, val)?;
    let tiles = Layout::try_from_shape(tile)?
        .try_zipped_divide(&rcute::Tiler::try_from_shape(copy.tiler())?)?;
    let one = tiles.try_mode(0)?.try_composition(copy.layout_tv())?;
    Ok(Layout::try_concat(&[
        one.try_mode(0)?,
        one.try_mode(1)?,
        tiles.try_mode(1)?.try_coalesce()?,
    ])?)
}

/// The copy or transpose of an `m x n` row-major matrix (the transpose is stored
/// column-major) through swizzled shared memory, 256 threads a block. `f32`: 32x32 tiles,
/// 4 single elements per thread. `f16`: 64x64 tiles, 8 pairs per thread, each pair one
/// 32-bit access where the layouts allow it (even extents and leading dimensions).
pub fn tiled(elem: Elem, m: i64, n: i64, transpose: bool) -> CopyKernel {
    let tv = |thr: Layout, val: Layout| {
        thread_values(elem, &thr, &val).expect("the copies' thread and value layouts are fixed")
    };
    let (tile, along_rows, along_cols, smem) = match elem {
        Elem::F32 => (
            rcute::int_tuple!((_32, _32)),
            // loads: a warp along a row (contiguous in the row-major source), 8 rows a pass
            tv(layout!((_8, _32):(_32, _1)), layout!((_1, _1):(_0, _0))),
            // transposed stores: a warp down a column (contiguous in the column-major
            // destination)
            tv(layout!((_32, _8):(_1, _32)), layout!((_1, _1):(_0, _0))),
            // XOR the row into the column's bank bits: a warp reading a column hits 32 banks
            ComposedLayout::new(
                Swizzle::new(5, 0, 5),
                Int::ZERO,
                layout!((_32, _32):(_32, _1)),
            ),
        ),
        Elem::F16 => (
            rcute::int_tuple!((_64, _64)),
            // 32 lanes along a row, a pair each: a warp moves one 128-byte row
            tv(layout!((_8, _32):(_32, _1)), layout!((_1, _2):(_0, _1))),
            // 32 lanes down a column, a pair of rows each
            tv(layout!((_32, _8):(_1, _32)), layout!((_2, _1):(_1, _0))),
            // pairs of columns stay together (base 1); the row's bits 1-5 XOR into the 32
            // pair positions, so a warp reading a column's even (or odd) rows hits 32 banks
            ComposedLayout::new(
                Swizzle::new(5, 1, 6),
                Int::ZERO,
                layout!((_64, _64):(_64, _1)),
            ),
        ),
    };
    let src = matrix(m, n, n, true);
    CopyKernel {
        src,
        dst: if transpose {
            matrix(m, n, m, false)
        } else {
            src
        },
        tile,
        load_tv: along_rows,
        store_tv: if transpose { along_cols } else { along_rows },
        smem,
        elem,
    }
}
