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
    /// The blocks take the tiles along the rows, a row of tiles after another (block `b`
    /// has tile `(b / NT, b % NT)`), rather than down the columns (`(b % MT, b / MT)`), so
    /// that blocks running together read and write longer runs of a row-major matrix.
    pub tiles_along_rows: bool,
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

/// Whether the vectors `E` of `tv` (a `(T,E,V)` layout into the tile's column-major
/// indices) are `e = |E|` neighbours along one direction of the matrix `g`, aligned: the
/// direction has a unit stride and an extent that `e` divides, `e` divides the other
/// stride, and every vector starts at a multiple of `e` along the direction in the tile
/// (`(tm, tn)`), its elements one step apart.
fn vectors_contiguous(g: &Layout, tv: &Layout, tm: i64) -> bool {
    let (Some((s0, s1)), Some((m, n))) = (int_pair(&g.stride()), int_pair(&g.shape())) else {
        return false;
    };
    let (s0, s1, m, n) = (s0.value(), s1.value(), m.value(), n.value());
    let e = tv.mode(1).size().value();
    // the direction of the vector in the tile: +1 row (index + 1) or +1 column (index + tm)
    let along_rows = match tv.mode(1).stride().leaf(0).value() {
        1 => true,
        x if x == tm => false,
        _ => return false,
    };
    let step = if along_rows { 1 } else { tm };
    let ok_dir = if along_rows {
        s0 == 1 && s1 % e == 0 && m % e == 0
    } else {
        s1 == 1 && s0 % e == 0 && n % e == 0
    };
    ok_dir
        && every_vector(tv, |v| {
            let coord = if along_rows { v[0] % tm } else { v[0] / tm };
            coord % e == 0
                && v.iter()
                    .enumerate()
                    .all(|(j, &x)| x == v[0] + j as i64 * step)
        })
}

/// Whether the vectors of `smem` composed with `tv` are `|E|` neighbouring shared
/// elements, the first at a multiple of `|E|`.
fn vectors_contiguous_in(smem: &ComposedLayout, tv: &Layout) -> bool {
    every_vector(tv, |v| {
        let a = smem.offset(v[0] as usize);
        a % v.len() as i64 == 0
            && v.iter()
                .enumerate()
                .all(|(j, &x)| smem.offset(x as usize) == a + j as i64)
    })
}

/// Whether `tv` (a `(T,E,V)` layout) has vectors, `E` of size 2 or more, and `f` holds for
/// the tile indices of each vector's elements.
fn every_vector(tv: &Layout, f: impl Fn(&[i64]) -> bool) -> bool {
    let e = tv.mode(1).size().value() as usize;
    if e < 2 {
        return false;
    }
    let (tn, vn) = (tv.mode(0).size().value(), tv.mode(2).size().value());
    (0..tn as usize).all(|t| {
        (0..vn as usize).all(|v| {
            let idx: Vec<i64> = (0..e).map(|j| tv.offset_of(&[t, j, v])).collect();
            f(&idx)
        })
    })
}

impl CopyKernel {
    /// Bytes of the widest access the thread-value layouts ask for (`|E|` elements): the
    /// alignment the buffers need.
    pub fn access_bytes(&self) -> u64 {
        let e = |tv: &Layout| tv.mode(1).size().value().max(1) as u64;
        e(&self.load_tv).max(e(&self.store_tv)) * self.elem.bytes() as u64
    }

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
        let tiles = if self.tiles_along_rows {
            // the tile index b to (b / NT, b % NT): the tile mode (MT, NT) with its modes
            // swapped, (NT, MT)
            let grid = tiles.try_mode(1)?;
            let rows_first = Layout::try_concat(&[grid.try_mode(1)?, grid.try_mode(0)?])?;
            Layout::try_concat(&[tiles.try_mode(0)?, rows_first])?
        } else {
            tiles
        };
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
        let wide_src = vectors_contiguous(&self.src, &self.load_tv, tm_v);
        let wide_dst = vectors_contiguous(&self.dst, &self.store_tv, tm_v);
        let wide_ld = wide_src && vectors_contiguous_in(&self.smem, &self.load_tv);
        let wide_st = wide_dst && vectors_contiguous_in(&self.smem, &self.store_tv);
        let smem_size = self.smem.layout().try_cosize()?.value();
        let grid = tiles.try_mode(1)?.size().value();
        let t = self.elem.c_type();
        let it = ty.c_name();
        let mut src = String::from(PRELUDE);
        for f in &fns {
            src.push_str(&f.source());
        }
        // the 16-byte vector type, where an access moves 16 bytes
        let bytes = self.elem.bytes() as i64;
        if (wide_src && e_ld * bytes == 16) || (wide_dst && e_st * bytes == 16) {
            src.push_str(&cu("vector16", &[])?);
            src.push('\n');
        }
        let params = kernel_params(&[("M", m), ("N", n)], &fns);
        let decl = declaration(
            &format!("const {t}* __restrict__ src, {t}* __restrict__ dst"),
            &params,
            ty,
        );
        let smem_size = smem_size.to_string();
        let types = (t, bytes, it);
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

/// The C type of one access of `bytes` bytes: 4, 8 or 16 (`rcute_v16`, section `vector16`).
fn vector_type(bytes: i64) -> Result<&'static str, CodegenError> {
    Ok(match bytes {
        4 => "unsigned",
        8 => "unsigned long long",
        16 => "rcute_v16",
        _ => {
            return Err(CodegenError::Template(format!(
                "copy: no access of {bytes} bytes"
            )));
        }
    })
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
    /// The phase's loop, per vector or per element; `(t, bytes, it)` are the element type's
    /// C name and size and the index type's C name.
    fn source(
        &self,
        fns: &[IndexFn],
        (t, bytes, it): (&str, i64, &str),
    ) -> Result<String, CodegenError> {
        let c = |i: usize, args: &str| fns[i].call(args);
        let (r, cc, g, s) = self.f;
        let at = |e: &str| format!("t, {e}, v, b");
        let vn = self.vn.to_string();
        if self.wide_global && self.en > 2 {
            let pt = vector_type(self.en * bytes)?;
            // the vector's first element decides for all (the extent along it is a multiple
            // of the vector)
            let (g_at, s0, se) = (c(g, "r, c"), c(s, "t, 0, v"), c(s, "t, e, v"));
            let en = self.en.to_string();
            let whole = [("PAIR", pt), ("G_INDEX", &g_at), ("S0_INDEX", &s0)];
            let split = [
                ("VEC", pt),
                ("G_INDEX", &g_at),
                ("T", t),
                ("E", &en),
                ("INDEX", it),
                ("S_INDEX", &se),
            ];
            let body = match (self.load, self.wide_smem) {
                (true, true) => cu("load_pair", &whole)?,
                (true, false) => cu("load_vector_split", &split)?,
                (false, true) => cu("store_pair", &whole)?,
                (false, false) => cu("store_vector_split", &split)?,
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
        if self.wide_global {
            let pt = vector_type(self.en * bytes)?;
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
    copy_thread_values(atom, &tile, thr, val)
}

/// The `(T,E,V)` layout of CuTe's `make_tiled_copy(atom, thr, val)` over a tile of shape
/// `tile`, to 1-D indices of the tile: `T` the threads, `E` the elements of one access,
/// `V` the passes over the tile.
fn copy_thread_values(
    atom: &str,
    tile: &IntTuple,
    thr: &Layout,
    val: &Layout,
) -> Result<Layout, CodegenError> {
    let copy = rcute::atom::TiledCopy::try_new(rcute::atom::copy_atom(atom)?, thr, val)?;
    let tiles = Layout::try_from_shape(*tile)?
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
        tiles_along_rows: false,
    }
}

/// The copy or transpose of an `m x n` row-major matrix through swizzled shared memory with
/// 16-byte accesses on both sides where the layouts allow them (else element by element),
/// 256 threads a block, tiles of `rows x 64` (`rows` a multiple of 64: 64, 128 or 256). The
/// loads go along the rows, 16 bytes a thread (`f32`: 16 threads a row, `f16`: 8); a
/// transpose's stores go down the columns, 16 bytes a thread (`f32`: 4 rows, 8 threads a
/// 128-byte column segment; `f16`: 8 rows, 8 threads a column of 64). The shared tile is
/// swizzled so that the 16-byte vectors stay whole and a warp reading down its columns hits
/// 32 banks: `Sw<3,2,6>` for `f32` (rows 4 apart XOR the 16-byte chunk), `Sw<3,3,6>` for
/// `f16` (rows 8 apart).
///
/// A copy's blocks take the tiles along the rows ([`CopyKernel::tiles_along_rows`]): blocks
/// running together read and write neighbouring 128- or 256-byte row segments (measured on
/// the H200, walking down the columns the `f16` copy ran at 0.86 of the device-to-device
/// copy and the transpose, whose stores run down the columns, at 0.94). A transpose's go
/// down the columns.
///
/// A block has `rows x 64` elements in flight (16 KiB for `f32` at 64 rows), and 8 blocks of
/// 256 threads fit on an SM: [`tiled_for`] picks `rows` for a device.
///
/// ```
/// use rcute_cuda::copy::{Elem, tiled_wide};
/// let k = tiled_wide(Elem::F32, 8192, 8192, true, 64).unwrap().kernel("t").unwrap();
/// assert_eq!((k.grid, k.block), (128 * 128, 256));
/// // 16-byte loads and stores
/// assert!(k.source.contains("*(const rcute_v16*)(src"));
/// assert!(k.source.contains("*(rcute_v16*)(dst"));
/// ```
///
/// # Errors
/// `rows` is not 64, 128 or 256, or the tile is more than 48 KiB (`f32` at 256 rows).
pub fn tiled_wide(
    elem: Elem,
    m: i64,
    n: i64,
    transpose: bool,
    rows: i64,
) -> Result<CopyKernel, CodegenError> {
    // the tile is static shared memory: 48 KiB at most
    if ![64, 128, 256].contains(&rows) || rows * 64 * elem.bytes() as i64 > 48 * 1024 {
        return Err(CodegenError::Layout(rcute::Error::WrongKind {
            msg: "copy: a wide tile has 64, 128 or 256 rows and at most 48 KiB",
        }));
    }
    let d = Int::new;
    let st2 = |a: i64, b: i64| IntTuple::from_ints(&[d(a, true), d(b, true)]);
    let lay = |s: (i64, i64), t: (i64, i64)| Layout::new(st2(s.0, s.1), st2(t.0, t.1));
    let tile = st2(rows, 64);
    // elements of one 16-byte access
    let v = 16 / elem.bytes() as i64;
    let (atom, sw) = match elem {
        Elem::F32 => (
            "Copy_Atom<UniversalCopy<uint128_t>, float>",
            Swizzle::new(3, 2, 6),
        ),
        Elem::F16 => (
            "Copy_Atom<UniversalCopy<uint128_t>, half_t>",
            Swizzle::new(3, 3, 6),
        ),
    };
    // loads: 64 / v threads along a row, v elements each
    let across = 64 / v;
    let along_rows = copy_thread_values(
        atom,
        &tile,
        &lay((256 / across, across), (across, 1)),
        &lay((1, v), (0, 1)),
    )?;
    // transposed stores: threads down a column, v rows each, 8 threads (f32: 32 rows, f16:
    // 64 rows) a column segment
    let down = 8;
    let along_cols = copy_thread_values(
        atom,
        &tile,
        &lay((down, 256 / down), (1, down)),
        &lay((v, 1), (1, 0)),
    )?;
    let smem = ComposedLayout::new(sw, Int::ZERO, lay((rows, 64), (64, 1)));
    let src = matrix(m, n, n, true);
    Ok(CopyKernel {
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
        tiles_along_rows: !transpose,
    })
}

/// Bytes one SM should have in flight to keep a memory of `bandwidth` bytes a second
/// busy over `sms` SMs, by Little's law with a loaded latency of 1 µs: `bandwidth x 1 µs /
/// sms` (about 36 KiB on an H200, 25 KiB on an H100).
pub fn bytes_in_flight(bandwidth: f64, sms: u32) -> f64 {
    bandwidth * 1e-6 / f64::from(sms.max(1))
}

/// The wide copy ([`tiled_wide`]) whose resident blocks keep [`bytes_in_flight`] on each SM
/// with their tiles: the fewest rows (64, 128, 256: 128 at most for `f32`, whose tile is
/// static shared memory of 48 KiB at most) with `resident x tile bytes` at least that,
/// where `resident` is 8 blocks of 256 threads or what 227 KiB of shared memory holds.
/// Measured on the H200 (docs/GPU.md), 64 rows were the fastest of 64, 128 and 256 for
/// both element types; this rule takes more rows only for a memory with more bytes a second
/// per SM.
///
/// ```
/// use rcute_cuda::copy::{Elem, tiled_for};
/// // an H200: 4.8 TB/s over 132 SMs wants 36 KiB in flight an SM: 8 tiles of 8 KiB
/// let k = tiled_for(Elem::F16, 8192, 8192, true, 4.8e12, 132).unwrap();
/// assert_eq!(k.tile.to_string(), "(_64,_64)");
/// // 20 TB/s over 132 SMs: 152 KiB, 8 tiles of 32 KiB
/// let k = tiled_for(Elem::F16, 8192, 8192, true, 20e12, 132).unwrap();
/// assert_eq!(k.tile.to_string(), "(_256,_64)");
/// ```
///
/// # Errors
/// As [`tiled_wide`].
pub fn tiled_for(
    elem: Elem,
    m: i64,
    n: i64,
    transpose: bool,
    bandwidth: f64,
    sms: u32,
) -> Result<CopyKernel, CodegenError> {
    let want = bytes_in_flight(bandwidth, sms);
    let max_rows = if elem == Elem::F32 { 128 } else { 256 };
    let rows = [64, 128, 256]
        .into_iter()
        .filter(|&r| r <= max_rows)
        .find(|&rows| {
            let tile = (rows * 64 * elem.bytes() as i64) as f64;
            let resident = 8f64.min((227.0 * 1024.0 / tile).floor());
            resident * tile >= want
        })
        .unwrap_or(max_rows);
    tiled_wide(elem, m, n, transpose, rows)
}

/// What rcute's memory models predict one block of a [`CopyKernel`] moves, and the whole
/// launch (every block like the first: exact when the tiles are whole and each tile row
/// starts where the first does relative to 32-byte sectors, as for extents that are
/// multiples of the tile and of 32 bytes).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct CopyTraffic {
    /// Blocks of the launch.
    pub blocks: u64,
    /// Global-load sectors of one block (the source tile).
    pub global_load_sectors: u64,
    /// Shared-memory store wavefronts of one block (the tile written).
    pub shared_store_wavefronts: u64,
    /// Of those, the conflict-free ideal.
    pub shared_store_ideal: u64,
    /// Shared-memory load wavefronts of one block (the tile read back).
    pub shared_load_wavefronts: u64,
    /// Of those, the conflict-free ideal.
    pub shared_load_ideal: u64,
    /// Global-store sectors of one block (the destination tile).
    pub global_store_sectors: u64,
}

impl CopyKernel {
    /// Whether each of the four accesses moves a whole vector (`E` elements) or element
    /// by element, as the code generation chooses: the global load, the shared store, the
    /// shared load, the global store.
    pub(crate) fn access_widths(&self) -> [bool; 4] {
        let tm = self.tile.leaf(0).value();
        let wide_src = vectors_contiguous(&self.src, &self.load_tv, tm);
        let wide_dst = vectors_contiguous(&self.dst, &self.store_tv, tm);
        let wide_ld = wide_src && vectors_contiguous_in(&self.smem, &self.load_tv);
        let wide_st = wide_dst && vectors_contiguous_in(&self.smem, &self.store_tv);
        [wide_src, wide_ld, wide_st, wide_dst]
    }

    /// The traffic rcute's models predict for an `m x n` launch of this copy, stage by
    /// stage, from the kernel's own layouts and the access widths its code generation
    /// chooses (a whole vector where the layouts keep it contiguous, else element by
    /// element).
    ///
    /// ```
    /// use rcute_cuda::copy::{Elem, tiled};
    /// // the f32 transpose of 4096 x 4096: 32 x 32 tiles, swizzled, conflict-free
    /// let t = tiled(Elem::F32, 4096, 4096, true).traffic().unwrap();
    /// assert_eq!(t.blocks, 128 * 128);
    /// assert_eq!((t.shared_store_wavefronts, t.shared_load_wavefronts), (32, 32));
    /// assert_eq!((t.global_load_sectors, t.global_store_sectors), (128, 128));
    /// ```
    ///
    /// # Errors
    /// The layouts are not the `(T,E,V)` and `(M,N)` ones a copy has, or an analysis error.
    pub fn traffic(&self) -> Result<CopyTraffic, CodegenError> {
        use rcute::analysis::{Access, AccessKind, bank_conflicts, coalescing};
        let wrong = || {
            CodegenError::Layout(rcute::Error::WrongKind {
                msg: "tiled copy: the matrix and the tile must be two integer modes",
            })
        };
        let (m, n) = int_pair(&self.src.shape()).ok_or_else(wrong)?;
        let (tm, tn) = int_pair(&self.tile).ok_or_else(wrong)?;
        let up = |a: i64, b: i64| (a + b - 1) / b;
        let blocks = (up(m.value(), tm.value()) * up(n.value(), tn.value())) as u64;
        let bits = self.elem.bytes() as u32 * 8;
        let [wide_src, wide_ld, wide_st, wide_dst] = self.access_widths();
        // (T,E,V) -> (T,(E,V)); accesses of E elements when wide, else of one
        let access = |tv: &Layout, wide: bool| -> Result<Access, CodegenError> {
            let values = Layout::try_concat(&[tv.try_mode(1)?, tv.try_mode(2)?])?;
            let tv2 = Layout::try_concat(&[tv.try_mode(0)?, values])?;
            let e = if wide {
                tv.try_mode(1)?.size().value() as u32
            } else {
                1
            };
            Ok(Access::try_vector(tv2, bits, bits * e)?)
        };
        // the tile's part of each matrix: the tile's shape with the matrix's strides
        let src = Layout::new(self.tile, self.src.stride());
        let dst = Layout::new(self.tile, self.dst.stride());
        let smem = rcute::MaybeSwizzled::Swizzled(self.smem);
        let gl = coalescing(&src.into(), &access(&self.load_tv, wide_src)?)?;
        let ss = bank_conflicts(
            &smem,
            &access(&self.load_tv, wide_ld)?.with_kind(AccessKind::Store),
        )?;
        let sl = bank_conflicts(&smem, &access(&self.store_tv, wide_st)?)?;
        let gs = coalescing(&dst.into(), &access(&self.store_tv, wide_dst)?)?;
        Ok(CopyTraffic {
            blocks,
            global_load_sectors: gl.sectors() as u64,
            shared_store_wavefronts: ss.wavefronts() as u64,
            shared_store_ideal: ss.ideal() as u64,
            shared_load_wavefronts: sl.wavefronts() as u64,
            shared_load_ideal: sl.ideal() as u64,
            global_store_sectors: gs.sectors() as u64,
        })
    }
}
