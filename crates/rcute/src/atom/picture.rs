//! CuTe's pictures of a tiled MMA and a tiled copy, byte for byte: `print_latex` (TikZ)
//! of both and `print_svg` of a tiled MMA (`util/print_latex.hpp`, `util/print_svg.hpp`).
//! Each cell of an operand's tile names the first (thread, value) that holds it, coloured
//! by thread.

use super::mma::Operand;
use super::tiled_copy::TiledCopy;
use super::tiled_mma::TiledMma;
use crate::error::Error;
use crate::int::Int;
use crate::tensor::CoordTensor;
use crate::tuple::IntTuple;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt::Write;

/// CuTe's `TikzColor_TV`, by thread.
const TIKZ_TV: [&str; 8] = [
    "{rgb,255:red,175;green,175;blue,255}",
    "{rgb,255:red,175;green,255;blue,175}",
    "{rgb,255:red,255;green,255;blue,175}",
    "{rgb,255:red,255;green,175;blue,175}",
    "{rgb,255:red,210;green,210;blue,255}",
    "{rgb,255:red,210;green,255;blue,210}",
    "{rgb,255:red,255;green,255;blue,210}",
    "{rgb,255:red,255;green,210;blue,210}",
];

/// CuTe's `SVGColor_TV`, by thread.
const SVG_TV: [&str; 8] = [
    "175,175,255",
    "175,255,175",
    "255,255,175",
    "255,175,175",
    "210,210,255",
    "210,255,210",
    "255,255,210",
    "255,210,210",
];

/// The most cells a picture draws (the tiles of a tiled MMA or copy are small; this
/// bounds the text of a picture of a huge one).
const MAX_CELLS: i64 = 1 << 16;

const TOO_LARGE: Error = Error::Capacity {
    msg: "picture: the tile has more cells than a picture draws",
    capacity: MAX_CELLS as usize,
};

/// The most bytes of text a picture builds (16 MiB, the output limit of one program of
/// the expression language).
const MAX_TEXT: usize = 1 << 24;

const TOO_LONG: Error = Error::Capacity {
    msg: "picture: the text would be larger than a picture prints (bytes)",
    capacity: MAX_TEXT,
};

/// The fewest bytes of one TikZ cell and of one SVG cell (a rectangle and two texts).
const TIKZ_CELL_BYTES: i64 = 64;
const SVG_CELL_BYTES: i64 = 256;

/// Refuses, before anything is built, a picture of `cells` cells of at least `bytes` bytes
/// each that would pass [`MAX_TEXT`].
fn estimate(cells: i64, bytes: i64) -> Result<(), Error> {
    if cells.saturating_mul(bytes) > MAX_TEXT as i64 {
        return Err(TOO_LONG);
    }
    Ok(())
}

/// Refuses a picture whose text passed [`MAX_TEXT`] while it was built (the cells of a
/// tile are written only while the text is below it, so at most one cell more is built).
fn within(s: &str) -> Result<(), Error> {
    if s.len() > MAX_TEXT {
        return Err(TOO_LONG);
    }
    Ok(())
}

const TIKZ_HEADER: &str = "\\documentclass[convert]{standalone}\n\\usepackage{tikz}\n\n\\begin{document}\n\\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style={minimum size=1cm, outer sep=0pt}]\n\n";
const TIKZ_FOOTER: &str = "\\end{tikzpicture}\n\\end{document}\n";

/// A (thread, value) -> coordinate tensor, for its print, and the same map as offsets
/// into the column-major tile, walked in CuTe's order.
struct TvCells {
    tensor: CoordTensor,
    tv: crate::layout::Layout,
    rows: i64,
    threads: i64,
    values: i64,
}

impl TvCells {
    /// `composition(make_identity_tensor(shape), tv)`, `tv` mapping into the column-major
    /// `shape` (two modes).
    fn new(shape: IntTuple, tv: &crate::layout::Layout) -> Result<TvCells, Error> {
        let tensor = CoordTensor::try_identity(shape)?.try_composition(tv)?;
        Self::of(tensor, *tv, shape.try_get(0)?.try_size()?.value())
    }

    fn of(tensor: CoordTensor, tv: crate::layout::Layout, rows: i64) -> Result<TvCells, Error> {
        let threads = tv.try_mode(0)?.try_size()?.value();
        let values = tv.try_mode(1)?.try_size()?.value();
        if threads.saturating_mul(values) > MAX_CELLS * 32 || rows <= 0 {
            return Err(TOO_LARGE);
        }
        Ok(TvCells {
            tensor,
            tv,
            rows,
            threads,
            values,
        })
    }

    /// Calls `f(tid, vid, x, y)` for every (thread, value), in CuTe's order: `(x, y)` is the
    /// coordinate the tensor holds (CuTe's `S(tid, vid)`), which for a copy whose `Tiler_MN`
    /// is a tuple of layouts (`make_tmem_copy`, `make_cotiled_copy`) is the coordinate those
    /// layouts reach, not the TV layout's own offset in the tile.
    fn each(&self, mut f: impl FnMut(i64, i64, i64, i64)) {
        for tid in 0..self.threads {
            for vid in 0..self.values {
                let i = tid + vid * self.threads;
                let at = self
                    .tensor
                    .try_get(&IntTuple::dynamic(i))
                    .ok()
                    .and_then(|c| Some((c.get(0).as_int()?.value(), c.get(1).as_int()?.value())));
                let (x, y) = at.unwrap_or_else(|| {
                    let off = self.tv.offset(i as usize);
                    (off.rem_euclid(self.rows), off.div_euclid(self.rows))
                });
                f(tid, vid, x, y);
            }
        }
    }
}

/// Marks `(x, y)` of an `w x h` grid: whether it was new (cells outside are drawn, as
/// CuTe draws them, but not remembered).
fn first(filled: &mut [bool], w: i64, x: i64, y: i64) -> bool {
    if x < 0 || y < 0 || x >= w || x + y * w >= filled.len() as i64 {
        return true;
    }
    let i = (x + y * w) as usize;
    let new = !filled[i];
    filled[i] = true;
    new
}

fn grid(w: i64, h: i64) -> Result<Vec<bool>, Error> {
    let n = w.checked_mul(h).filter(|&n| (0..=MAX_CELLS).contains(&n));
    Ok(vec![false; n.ok_or(TOO_LARGE)? as usize])
}

/// The cells of the C, A and B tiles of an `(M,N,K)` tile.
fn mma_tile_cells(m: i64, n: i64, k: i64) -> i64 {
    m.saturating_mul(n)
        .saturating_add(m.saturating_mul(k))
        .saturating_add(n.saturating_mul(k))
}

/// The tile `(M,N,K)` of a tiled MMA and its three thread-value tensors (C, A, B).
fn mma_cells(mma: &TiledMma) -> Result<([i64; 3], IntTuple, [TvCells; 3]), Error> {
    let t = mma.try_tile_shape()?;
    let e = |i: usize| -> Result<Int, Error> { t.try_get(i)?.try_size() };
    let (m, n, k) = (e(0)?, e(1)?, e(2)?);
    let pair = |a: Int, b: Int| IntTuple::tuple(&[IntTuple::from_int(a), IntTuple::from_int(b)]);
    let c = TvCells::new(pair(m, n), &mma.try_layout_tv(Operand::C)?)?;
    let a = TvCells::new(pair(m, k), &mma.try_layout_tv(Operand::A)?)?;
    let b = TvCells::new(pair(n, k), &mma.try_layout_tv(Operand::B)?)?;
    Ok(([m.value(), n.value(), k.value()], t, [c, a, b]))
}

/// A TikZ cell of CuTe's pictures: `T<tid> V<vid>` at `(x,y)`, coloured by thread.
fn tikz_node(s: &mut String, tid: i64, vid: i64, x: i64, y: i64) {
    let _ = writeln!(
        s,
        "\\node[fill={}] at ({x},{y}) {{\\shortstack{{T{tid} \\\\ V{vid}}}}};",
        TIKZ_TV[(tid % 8) as usize]
    );
}

/// A TikZ label of CuTe's pictures: the number `v` at `(x,y)`.
fn tikz_label(s: &mut String, x: i64, y: i64, v: i64) {
    let _ = writeln!(s, "\\node at ({x},{y}) {{\\Large{{\\texttt{{{v}}}}}}};");
}

/// CuTe's `print_latex(tiled_mma)`: C at the origin, A to its left, B above it, each
/// cell `T<thread> V<value>`.
///
/// ```
/// use rcute::atom::{latex_mma, mma_atom, TiledMma};
/// use rcute::{layout, Tiler};
/// let mma = TiledMma::new(mma_atom("UniversalFMA<float,float,float>").unwrap(),
///                         &layout!((_2,_2,_1):(_1,_2,_0)), &Tiler::UNDERSCORE);
/// let tex = latex_mma(&mma).unwrap();
/// assert!(tex.starts_with("% LayoutC: ArithTuple(_0,_0) o ((_2,_2),(_1,(_1,_1)))"));
/// assert!(tex.contains("\\node[fill={rgb,255:red,175;green,255;blue,175}] at (1,0) {\\shortstack{T1 \\\\ V0}};"));
/// ```
pub fn latex_mma(mma: &TiledMma) -> Result<String, Error> {
    let ([m, n, k], _, [c, a, b]) = mma_cells(mma)?;
    // a tiled MMA's thread-value layouts cover its three tiles: each cell is drawn
    estimate(mma_tile_cells(m, n, k), TIKZ_CELL_BYTES)?;
    let mut s = String::new();
    let _ = writeln!(s, "% LayoutC: {}", c.tensor);
    let _ = writeln!(s, "% LayoutA: {}", a.tensor);
    let _ = writeln!(s, "% LayoutB: {}", b.tensor);
    s.push_str(TIKZ_HEADER);
    let mut filled = grid(m, n)?;
    c.each(|tid, vid, x, y| {
        if s.len() <= MAX_TEXT && first(&mut filled, m, x, y) {
            tikz_node(&mut s, tid, vid, x, y);
        }
    });
    let _ = writeln!(
        s,
        "\\draw[color=black,thick,shift={{(-0.5,-0.5)}}] (0,0) grid ({m},{n});\n"
    );
    let mut filled = grid(m, k)?;
    a.each(|tid, vid, x, y| {
        if s.len() <= MAX_TEXT && first(&mut filled, m, x, y) {
            tikz_node(&mut s, tid, vid, x, y - k - 1);
        }
    });
    let _ = writeln!(
        s,
        "\\draw[color=black,thick,shift={{(-0.5,-0.5)}}] (0,{}) grid ({m},-1);\n",
        -k - 1
    );
    for i in 0..m {
        tikz_label(&mut s, i, -1 - k - 1, i);
    }
    for j in 0..k {
        tikz_label(&mut s, -1, j - k - 1, j);
    }
    let mut filled = grid(n, k)?;
    b.each(|tid, vid, x, y| {
        if s.len() <= MAX_TEXT && first(&mut filled, n, x, y) {
            tikz_node(&mut s, tid, vid, y - k - 1, x);
        }
    });
    let _ = writeln!(
        s,
        "\\draw[color=black,thick,shift={{(-0.5,-0.5)}}] ({},0) grid (-1,{n});\n",
        -k - 1
    );
    for i in 0..n {
        tikz_label(&mut s, -1 - k - 1, i, i);
    }
    for j in 0..k {
        tikz_label(&mut s, j - k - 1, -1, j);
    }
    s.push_str(TIKZ_FOOTER);
    within(&s)?;
    Ok(s)
}

/// CuTe's `print_latex(tiled_copy)`: the source's threads and values on the left, the
/// destination's on the right.
pub fn latex_copy(copy: &TiledCopy) -> Result<String, Error> {
    let tile = copy.try_tile_mn()?;
    if tile.rank() != 2 {
        return Err(Error::RankMismatch {
            msg: "print_latex: a tiled copy is drawn over a tile of two modes",
            expected: 2,
            found: tile.rank(),
        });
    }
    let (m, n) = (tile.try_get(0)?.try_size()?, tile.try_get(1)?.try_size()?);
    let tile = IntTuple::tuple(&[IntTuple::from_int(m), IntTuple::from_int(n)]);
    let (m, n) = (m.value(), n.value());
    let cells = |dst: bool| -> Result<TvCells, Error> {
        let r = CoordTensor::try_identity(tile)?;
        let frg = copy.try_tidfrg(&r.layout(), dst)?;
        let t = CoordTensor::new(r.origin(), frg).try_slice(&IntTuple::parse("(_,_,_0)"))?;
        TvCells::of(t, copy.try_layout_tv(dst)?, m)
    };
    // the source and the destination cover the tile: each cell is drawn twice
    estimate(m.saturating_mul(n).saturating_mul(2), TIKZ_CELL_BYTES)?;
    let (src, dst) = (cells(false)?, cells(true)?);
    let mut s = String::new();
    let _ = writeln!(s, "% Layout S TV: {}", src.tensor);
    let _ = writeln!(s, "% Layout D TV: {}", dst.tensor);
    s.push_str(TIKZ_HEADER);
    for (side, cells) in [(0, &src), (1, &dst)] {
        let shift = if side == 0 { 0 } else { n + 3 };
        let mut filled = grid(m, n)?;
        cells.each(|tid, vid, x, y| {
            if s.len() <= MAX_TEXT && first(&mut filled, m, x, y) {
                tikz_node(&mut s, tid, vid, x, y + shift);
            }
        });
        let _ = writeln!(
            s,
            "\\draw[color=black,thick,shift={{(-0.5,-0.5)}}] (0,{shift}) grid ({m},{});\n",
            n + shift
        );
        let row = if side == 0 { -1 } else { 2 * n + 3 };
        for i in 0..m {
            tikz_label(&mut s, i, row, i);
        }
        for j in 0..n {
            tikz_label(&mut s, -1, j + shift, j);
        }
    }
    s.push_str(TIKZ_FOOTER);
    within(&s)?;
    Ok(s)
}

/// CuTe's `print_svg(tiled_mma)`: A on the left, B on top, C in the middle, cells of
/// 20 units naming their thread and value.
pub fn svg_mma(mma: &TiledMma) -> Result<String, Error> {
    let ([m, n, k], tile, [c, a, b]) = mma_cells(mma)?;
    // a tiled MMA's thread-value layouts cover its three tiles: each cell is drawn
    estimate(mma_tile_cells(m, n, k), SVG_CELL_BYTES)?;
    const CELL: i64 = 20;
    let mut s = String::new();
    let _ = writeln!(s, "<!--  Tile: {tile}  -->");
    let _ = writeln!(s, "<!--     A: {}  -->", a.tensor);
    let _ = writeln!(s, "<!--     B: {}  -->", b.tensor);
    let _ = writeln!(s, "<!--     C: {}  -->", c.tensor);
    let _ = writeln!(
        s,
        "<svg width=\"100%\" height=\"100%\" viewBox=\"0 0 {} {}\" preserveAspectRatio=\"xMidYMid meet\" xmlns=\"http://www.w3.org/2000/svg\">",
        (k + n + 2) * CELL,
        (k + m + 2) * CELL
    );
    let cell = |s: &mut String, tid: i64, vid: i64, x: i64, y: i64, close: &str| {
        let _ = writeln!(
            s,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"rgb({})\" stroke=\"black\"{close}/>",
            SVG_TV[(tid % 8) as usize]
        );
        for (row, what, v) in [(1, 'T', tid), (3, 'V', vid)] {
            let _ = writeln!(
                s,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" alignment-baseline=\"central\" font-size=\"8\">{what}{v}</text>",
                x + CELL / 2,
                y + row * CELL / 4
            );
        }
    };
    let label = |s: &mut String, x: i64, y: i64, v: i64| {
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" alignment-baseline=\"central\" font-size=\"12\">{v}</text>",
            x + CELL / 2,
            y + CELL / 2
        );
    };
    let mut filled = grid(m, n)?;
    c.each(|tid, vid, x, y| {
        if s.len() <= MAX_TEXT && first(&mut filled, m, x, y) {
            cell(&mut s, tid, vid, (y + k + 2) * CELL, (x + k + 2) * CELL, "");
        }
    });
    let mut filled = grid(m, k)?;
    a.each(|tid, vid, x, y| {
        if s.len() <= MAX_TEXT && first(&mut filled, m, x, y) {
            cell(&mut s, tid, vid, (y + 1) * CELL, (x + k + 2) * CELL, " ");
        }
    });
    for i in 0..m {
        label(&mut s, 0, (i + k + 2) * CELL, i);
    }
    for j in 0..k {
        label(&mut s, (j + 1) * CELL, (k + 1) * CELL, j);
    }
    let mut filled = grid(n, k)?;
    b.each(|tid, vid, x, y| {
        if s.len() <= MAX_TEXT && first(&mut filled, n, x, y) {
            cell(&mut s, tid, vid, (x + k + 2) * CELL, (y + 1) * CELL, " ");
        }
    });
    for i in 0..n {
        label(&mut s, (i + k + 2) * CELL, 0, i);
    }
    for j in 0..k {
        label(&mut s, (k + 1) * CELL, (j + 1) * CELL, j);
    }
    s.push_str("</svg>\n");
    within(&s)?;
    Ok(s)
}

/// Panels placed on one page: each `((svg, (width, height)), x, y, operand)`.
type Panel<'a> = ((String, (usize, usize)), usize, usize, &'a str);

fn page(panels: &[Panel<'_>], title: &str) -> String {
    let (mut w, mut h) = (0, 0);
    for ((_, (pw, ph)), x, y, _) in panels {
        w = w.max(x + pw);
        h = h.max(y + ph);
    }
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"monospace\" font-size=\"13\">"
    );
    let _ = writeln!(
        s,
        "<title>{}</title>",
        title
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    );
    let _ = writeln!(s, "<rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>");
    for ((svg, _), x, y, operand) in panels {
        let inner =
            svg.trim_end()
                .replacen("<svg ", &alloc::format!("<svg x=\"{x}\" y=\"{y}\" "), 1);
        let _ = writeln!(
            s,
            "<g class=\"operand\" data-operand=\"{operand}\">\n{inner}\n</g>"
        );
    }
    s.push_str("</svg>\n");
    s
}

/// rcute's picture of a tiled MMA: A `(M,K)` on the left, B above C (drawn `(K,N)`, so
/// that its columns are C's), C `(M,N)` in the middle; each cell names the first thread
/// and value that hold it (`data-t`, `data-v`, and its `data-m`, `data-n` in the panel;
/// each panel is a group with `data-operand`).
///
/// ```
/// use rcute::atom::{svg_mma_panels, TiledMma, SM80_16x8x8_F16F16F16F16_TN};
/// use rcute::{layout, Tiler};
/// let mma = TiledMma::new(SM80_16x8x8_F16F16F16F16_TN, &layout!(_1:_0), &Tiler::UNDERSCORE);
/// let svg = svg_mma_panels(&mma).unwrap();
/// assert_eq!(svg.matches("class=\"cell\"").count(), 16 * 8 + 8 * 8 + 16 * 8);
/// assert!(svg.contains("data-operand=\"B\""));
/// ```
pub fn svg_mma_panels(mma: &TiledMma) -> Result<String, Error> {
    use crate::layout::Layout;
    use crate::print::svg::svg_tv_titled;
    let t = mma.try_tile_shape()?;
    let e = |i: usize| -> Result<Int, Error> { t.try_get(i)?.try_size() };
    let (m, n, k) = (e(0)?, e(1)?, e(2)?);
    let pair = |a: Int, b: Int| IntTuple::tuple(&[IntTuple::from_int(a), IntTuple::from_int(b)]);
    let c_tv = mma.try_layout_tv(Operand::C)?;
    let a_tv = mma.try_layout_tv(Operand::A)?;
    // B's (n,k) index n + k N, as the index k + n K of the (K,N) picture
    let b_t = Layout::try_new(pair(n, k), pair(k, Int::constant(1)))?;
    let b_tv = b_t.try_composition(&mma.try_layout_tv(Operand::B)?)?;
    let a = svg_tv_titled(
        &a_tv,
        &pair(m, k),
        Some(&alloc::format!("A (M,K) = {}", pair(m, k))),
    )?;
    let b = svg_tv_titled(
        &b_tv,
        &pair(k, n),
        Some(&alloc::format!("B (K,N) = {}", pair(k, n))),
    )?;
    let c = svg_tv_titled(
        &c_tv,
        &pair(m, n),
        Some(&alloc::format!("C (M,N) = {}", pair(m, n))),
    )?;
    let (aw, bh) = (a.1.0, b.1.1);
    Ok(page(
        &[(a, 0, bh, "A"), (b, aw, 0, "B"), (c, aw, bh, "C")],
        &alloc::format!("TiledMMA {} over {}", mma.atom().name(), t),
    ))
}

/// rcute's picture of a tiled copy: the source's threads and values over the tile on the
/// left, the destination's on the right, cells as in [`svg_mma_panels`].
pub fn svg_copy_panels(copy: &TiledCopy) -> Result<String, Error> {
    use crate::print::svg::svg_tv_titled;
    let tile = copy.tiler().try_product_each()?;
    let s_tv = copy.try_layout_tv(false)?;
    let d_tv = copy.try_layout_tv(true)?;
    let src = svg_tv_titled(&s_tv, &tile, Some(&alloc::format!("source {}", tile)))?;
    let dst = svg_tv_titled(&d_tv, &tile, Some(&alloc::format!("destination {}", tile)))?;
    let sw = src.1.0;
    Ok(page(
        &[(src, 0, 0, "S"), (dst, sw, 0, "D")],
        &alloc::format!("TiledCopy {} over {}", copy.atom().name(), tile),
    ))
}
