//! SVG pictures of layouts, rcute's own: the grid of `print_layout` with CuTe's LaTeX
//! colors, and thread-value layouts drawn over their data.
//!
//! * [`svg_layout`]: one cell per coordinate `(m, n)` of a rank-2 layout (or swizzled
//!   layout), filled with CuTe's 8 grays by offset (`TikzColor_BWx8`) and labelled with
//!   the offset; row and column indices around the grid; where a mode is hierarchical,
//!   heavier lines mark the boundaries of its sub-modes (tiles).
//! * [`svg_tv`]: a thread-value layout `(thread, value) -> offset` drawn over the data grid
//!   of a shape: each cell shows `T<t>V<v>` of the first thread and value that reach it,
//!   filled with CuTe's thread colors (`TikzColor_TV`).
//!
//! Every cell is an SVG `<g class="cell">` with `data-m`, `data-n` and (for layouts)
//! `data-offset` attributes, so the pictures are easy to check by machine. At most
//! [`MAX_SVG_CELLS`] cells are drawn.

use super::Drawable;
use super::latex::bw_color;
use crate::error::Error;
use crate::layout::Layout;
use crate::tuple::IntTuple;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt::Write;

/// The most cells an SVG picture holds (a 128x128 grid).
pub const MAX_SVG_CELLS: i64 = 1 << 14;

/// CuTe's `TikzColor_TV`, by thread, as SVG colors.
const TV_COLORS: [&str; 8] = [
    "rgb(175,175,255)",
    "rgb(175,255,175)",
    "rgb(255,255,175)",
    "rgb(255,175,175)",
    "rgb(210,210,255)",
    "rgb(210,255,210)",
    "rgb(255,255,210)",
    "rgb(255,210,210)",
];

/// CuTe's grays (`black!NN`) as SVG colors (NN percent black), and an ink that reads on
/// them (white on the darker half).
fn gray(idx: i64) -> (String, &'static str) {
    let pct: u32 = bw_color(idx)[6..].parse().unwrap_or(0);
    let v = 255 - (255 * pct + 50) / 100;
    (
        alloc::format!("rgb({v},{v},{v})"),
        if pct >= 50 { "white" } else { "black" },
    )
}

fn too_large(cells: i64) -> Error {
    Error::Precondition {
        msg: "svg: the layout is too large to draw (at most 16384 cells)",
        mode: -1,
        lhs: cells,
        rhs: MAX_SVG_CELLS,
    }
}

/// The boundaries inside a mode of extent `n` with flattened shape `sub`: for each
/// index, how heavy the line before it is (0: a plain cell line).
fn levels(sub: &[i64], n: usize) -> Vec<u8> {
    let mut out = vec![0u8; n + 1];
    if sub.len() < 2 {
        return out;
    }
    let mut prefix = 1i64;
    for (level, &s) in sub[..sub.len() - 1].iter().enumerate() {
        prefix *= s;
        let mut k = prefix as usize;
        while k < n {
            out[k] = out[k].max(level as u8 + 1);
            k += prefix as usize;
        }
    }
    out
}

fn flat_shape(layout_shape: &IntTuple, mode: usize) -> Vec<i64> {
    match layout_shape.try_get(mode) {
        Ok(m) => m.leaves().map(|x| x.value()).collect(),
        Err(_) => Vec::new(),
    }
}

const CELL: usize = 44;
const MARGIN: usize = 40;

struct Frame {
    rows: usize,
    cols: usize,
    row_levels: Vec<u8>,
    col_levels: Vec<u8>,
    title: String,
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

impl Frame {
    /// The width and height of the picture.
    fn size(&self) -> (usize, usize) {
        let w = (MARGIN + self.cols * CELL + 10).max(MARGIN + 9 * self.title.chars().count() + 10);
        (w, MARGIN + 24 + self.rows * CELL + 10)
    }

    fn open(&self, out: &mut String) {
        let (w, h) = self.size();
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
             font-family=\"monospace\" font-size=\"13\">\n<rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n\
             <text class=\"title\" x=\"{MARGIN}\" y=\"18\" font-size=\"14\">{}</text>\n",
            escape(&self.title)
        );
    }

    fn x(&self, n: usize) -> usize {
        MARGIN + n * CELL
    }

    fn y(&self, m: usize) -> usize {
        MARGIN + 24 + m * CELL
    }

    fn cell(
        &self,
        out: &mut String,
        (m, n): (usize, usize),
        (fill, ink): (&str, &str),
        attrs: &str,
        lines: &[String],
    ) {
        let (x, y) = (self.x(n), self.y(m));
        let _ = write!(
            out,
            "<g class=\"cell\" data-m=\"{m}\" data-n=\"{n}\"{attrs}><rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>"
        );
        let cx = x + CELL / 2;
        let top = y + CELL / 2 + 5 - 8 * lines.len().saturating_sub(1);
        for (k, line) in lines.iter().enumerate() {
            let _ = write!(
                out,
                "<text x=\"{cx}\" y=\"{}\" text-anchor=\"middle\" fill=\"{ink}\">{}</text>",
                top + 16 * k,
                escape(line)
            );
        }
        out.push_str("</g>\n");
    }

    fn close(&self, out: &mut String) {
        // grid lines: plain between cells, heavier at sub-mode boundaries
        let (x0, x1) = (self.x(0), self.x(self.cols));
        let (y0, y1) = (self.y(0), self.y(self.rows));
        for m in 0..=self.rows {
            let level = if m == 0 || m == self.rows {
                2
            } else {
                self.row_levels[m]
            };
            let w = 1.0 + 1.5 * level as f64;
            let y = self.y(m);
            let _ = writeln!(
                out,
                "<line x1=\"{x0}\" y1=\"{y}\" x2=\"{x1}\" y2=\"{y}\" stroke=\"black\" stroke-width=\"{w}\"/>"
            );
        }
        for n in 0..=self.cols {
            let level = if n == 0 || n == self.cols {
                2
            } else {
                self.col_levels[n]
            };
            let w = 1.0 + 1.5 * level as f64;
            let x = self.x(n);
            let _ = writeln!(
                out,
                "<line x1=\"{x}\" y1=\"{y0}\" x2=\"{x}\" y2=\"{y1}\" stroke=\"black\" stroke-width=\"{w}\"/>"
            );
        }
        for m in 0..self.rows {
            let _ = writeln!(
                out,
                "<text class=\"row\" x=\"{}\" y=\"{}\" text-anchor=\"end\" fill=\"#555\">{m}</text>",
                MARGIN - 8,
                self.y(m) + CELL / 2 + 5
            );
        }
        for n in 0..self.cols {
            let _ = writeln!(
                out,
                "<text class=\"col\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"#555\">{n}</text>",
                self.x(n) + CELL / 2,
                self.y(0) - 8
            );
        }
        out.push_str("</svg>\n");
    }
}

/// The frame of a picture of a rank-2 layout of offsets: one cell per coordinate, heavier
/// lines at its sub-modes' boundaries.
fn grid<L: Drawable>(layout: &L, title: String) -> Result<Frame, Error> {
    if layout.rank() != 2 {
        return Err(Error::RankMismatch {
            msg: "svg: the layout must have rank 2",
            expected: 2,
            found: layout.rank(),
        });
    }
    if layout.has_basis_strides() {
        return Err(Error::WrongKind {
            msg: "svg: the layout has scaled-basis strides (an identity layout)",
        });
    }
    let rows = layout.mode_size(0)?;
    let cols = layout.mode_size(1)?;
    // a size that overflows is the error `size` gives, not a saturated count
    layout.shape().try_product()?;
    let cells = rows.saturating_mul(cols);
    if cells > MAX_SVG_CELLS {
        return Err(too_large(cells));
    }
    let (rows, cols) = (rows as usize, cols as usize);
    let shape = &layout.shape();
    Ok(Frame {
        rows,
        cols,
        row_levels: levels(&flat_shape(shape, 0), rows),
        col_levels: levels(&flat_shape(shape, 1), cols),
        title,
    })
}

/// An SVG picture of a rank-2 layout (or swizzled layout): see the
/// [module documentation](crate::print).
///
/// ```
/// use rcute::{layout, print::svg_layout};
/// let svg = svg_layout(&layout!((_2,_3):(_3,_1))).unwrap();
/// assert!(svg.starts_with("<svg"));
/// assert_eq!(svg.matches("class=\"cell\"").count(), 6);
/// assert!(svg.contains("data-m=\"1\" data-n=\"2\" data-offset=\"5\""));
/// ```
pub fn svg_layout<L: Drawable>(layout: &L) -> Result<String, Error> {
    let frame = grid(layout, alloc::format!("{layout}"))?;
    let (rows, cols) = (frame.rows, frame.cols);
    let mut out = String::new();
    frame.open(&mut out);
    for m in 0..rows {
        for n in 0..cols {
            let idx = layout.at(&[m, n]);
            let attrs = alloc::format!(" data-offset=\"{idx}\"");
            let (fill, ink) = gray(idx);
            frame.cell(
                &mut out,
                (m, n),
                (&fill, ink),
                &attrs,
                &[alloc::format!("{idx}")],
            );
        }
    }
    frame.close(&mut out);
    Ok(out)
}

/// An SVG picture of a rank-2 shared-memory layout by bank: each cell is filled with its
/// bank's color (the bank of the element's first byte, `elem_bits` per element) and
/// labelled with the bank; the cells at the offsets `marked` (the elements of a conflict)
/// are outlined in red. Each cell carries `data-offset`, `data-bank` and, when marked,
/// `data-conflict="1"`.
///
/// ```
/// use rcute::{layout, print::svg_banks};
/// // a 4x8 row-major tile of floats: row m starts at bank 8m
/// let svg = svg_banks(&layout!((_4,_8):(_8,_1)), 32, &[0, 8]).unwrap();
/// assert!(svg.contains("data-m=\"1\" data-n=\"0\" data-offset=\"8\" data-bank=\"8\" data-conflict=\"1\""));
/// assert_eq!(svg.matches("data-conflict").count(), 2);
/// ```
pub fn svg_banks<L: Drawable>(layout: &L, elem_bits: u32, marked: &[i64]) -> Result<String, Error> {
    let frame = grid(
        layout,
        alloc::format!("{layout} by bank ({elem_bits}-bit elements)"),
    )?;
    let (rows, cols) = (frame.rows, frame.cols);
    let mut out = String::new();
    let mut outlines = String::new();
    frame.open(&mut out);
    for m in 0..rows {
        for n in 0..cols {
            let idx = layout.at(&[m, n]);
            let bank = (idx * i64::from(elem_bits) / 8)
                .div_euclid(4)
                .rem_euclid(32);
            let hit = marked.contains(&idx);
            let attrs = alloc::format!(
                " data-offset=\"{idx}\" data-bank=\"{bank}\"{}",
                if hit { " data-conflict=\"1\"" } else { "" }
            );
            let fill = alloc::format!("hsl({},70%,82%)", bank * 360 / 32);
            frame.cell(
                &mut out,
                (m, n),
                (&fill, "black"),
                &attrs,
                &[alloc::format!("{bank}")],
            );
            if hit {
                let _ = writeln!(
                    outlines,
                    "<rect class=\"conflict\" x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"none\" stroke=\"red\" stroke-width=\"3\"/>",
                    frame.x(n),
                    frame.y(m)
                );
            }
        }
    }
    frame.close(&mut out);
    // the outlines on top of the grid lines
    let end = out.len() - "</svg>\n".len();
    out.insert_str(end, &outlines);
    Ok(out)
}

/// An SVG picture of a thread-value layout `tv: (thread, value) -> offset` over the data
/// grid `shape` (offsets are column-major coordinates of `product_each(shape)`): each cell
/// shows the first `T<t>V<v>` that reaches it, colored by thread; cells no thread reaches
/// stay white.
///
/// ```
/// use rcute::{layout, int_tuple, print::svg_tv};
/// // 4 threads, 2 values each, over a 2x4 tile
/// let svg = svg_tv(&layout!((_4,_2):(_2,_1)), &int_tuple!((_2,_4))).unwrap();
/// assert!(svg.contains("data-m=\"1\" data-n=\"0\" data-t=\"0\" data-v=\"1\""));
/// ```
pub fn svg_tv(tv: &Layout, shape: &IntTuple) -> Result<String, Error> {
    Ok(svg_tv_titled(tv, shape, None)?.0)
}

/// [`svg_tv`] with a title of its own above the grid (else the layout and the shape), and
/// the picture's width and height.
pub(crate) fn svg_tv_titled(
    tv: &Layout,
    shape: &IntTuple,
    title: Option<&str>,
) -> Result<(String, (usize, usize)), Error> {
    if tv.rank() != 2 {
        return Err(Error::RankMismatch {
            msg: "svg: a thread-value layout must have rank 2 (thread, value)",
            expected: 2,
            found: tv.rank(),
        });
    }
    if tv.has_basis_strides() {
        return Err(Error::WrongKind {
            msg: "svg: the thread-value layout has scaled-basis strides",
        });
    }
    let grid = shape.try_product_each()?;
    if grid.rank() > 2 || grid.rank() == 0 {
        return Err(Error::RankMismatch {
            msg: "svg: the data shape must have rank 1 or 2",
            expected: 2,
            found: grid.rank(),
        });
    }
    let rows = grid.leaf(0).value();
    let cols = if grid.rank() == 2 {
        grid.leaf(1).value()
    } else {
        1
    };
    if rows <= 0 || cols <= 0 {
        return Err(Error::InvalidShape {
            msg: "svg: the data shape must be positive",
            value: rows.min(cols),
        });
    }
    let cells = rows.saturating_mul(cols);
    if cells > MAX_SVG_CELLS {
        return Err(too_large(cells));
    }
    let threads = tv.mode(0).try_size()?.value();
    let values = tv.mode(1).try_size()?.value();
    if threads.saturating_mul(values) > 64 * MAX_SVG_CELLS {
        return Err(too_large(threads.saturating_mul(values)));
    }
    let (rows, cols) = (rows as usize, cols as usize);
    let mut owner: Vec<Option<(usize, usize)>> = vec![None; rows * cols];
    for t in 0..threads as usize {
        for v in 0..values as usize {
            let off = tv.offset_of(&[t, v]);
            if off < 0 || off as usize >= rows * cols {
                return Err(Error::Precondition {
                    msg: "svg: the thread-value layout reaches outside the data shape",
                    mode: -1,
                    lhs: off,
                    rhs: (rows * cols) as i64,
                });
            }
            owner[off as usize].get_or_insert((t, v));
        }
    }
    let s = if shape.is_leaf() {
        IntTuple::try_tuple(&[*shape, IntTuple::constant(1)])?
    } else {
        *shape
    };
    let frame = Frame {
        rows,
        cols,
        row_levels: levels(&flat_shape(&s, 0), rows),
        col_levels: levels(&flat_shape(&s, 1), cols),
        title: match title {
            Some(t) => String::from(t),
            None => alloc::format!("{tv} over {shape}"),
        },
    };
    let mut out = String::new();
    frame.open(&mut out);
    for m in 0..rows {
        for n in 0..cols {
            match owner[m + n * rows] {
                Some((t, v)) => {
                    let attrs = alloc::format!(" data-t=\"{t}\" data-v=\"{v}\"");
                    let lines = [alloc::format!("T{t}"), alloc::format!("V{v}")];
                    frame.cell(
                        &mut out,
                        (m, n),
                        (TV_COLORS[t % 8], "black"),
                        &attrs,
                        &lines,
                    );
                }
                None => frame.cell(&mut out, (m, n), ("white", "black"), "", &[]),
            }
        }
    }
    frame.close(&mut out);
    Ok((out, frame.size()))
}
