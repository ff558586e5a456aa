//! `print_latex`: the TikZ document CuTe prints for a layout of rank 2 or less, byte for
//! byte: one node per coordinate, filled with CuTe's 8 grays (`TikzColor_BWx8`) by offset,
//! a grid, and row and column labels.

use super::Drawable;
use super::table::MAX_TABLE_CELLS;
use crate::error::Error;
use core::fmt;

/// CuTe's `TikzColor_BWx8`.
const BW_X8: [&str; 8] = [
    "black!00", "black!40", "black!20", "black!60", "black!10", "black!50", "black!30", "black!70",
];

/// The gray CuTe fills a cell with offset `idx` (`idx % 8`; negative offsets, which CuTe
/// would index out of bounds, wrap).
pub(crate) fn bw_color(idx: i64) -> &'static str {
    BW_X8[idx.rem_euclid(8) as usize]
}

/// A layout checked for LaTeX; its `Display` is CuTe's `print_latex` output.
pub struct Latex<L: Drawable> {
    layout: L,
    rows: usize,
    cols: usize,
}

/// Checks that `layout` can be drawn (rank at most 2, integer strides, at most
/// [`MAX_TABLE_CELLS`] cells) and returns the document; print it with `{}`.
///
/// ```
/// use rcute::{layout, print_latex};
/// let doc = print_latex(&layout!((_2,_2):(_2,_1))).unwrap().to_string();
/// assert!(doc.starts_with("% Layout: (_2,_2):(_2,_1)\n\\documentclass[convert]{standalone}"));
/// assert!(doc.contains("\\node[fill=black!40] at (0,1) {1};"));
/// ```
pub fn print_latex<L: Drawable>(layout: &L) -> Result<Latex<L>, Error> {
    if layout.rank() > 2 {
        return Err(Error::RankMismatch {
            msg: "print_latex: the layout must have rank 2 or less",
            expected: 2,
            found: layout.rank(),
        });
    }
    if layout.has_basis_strides() {
        return Err(Error::WrongKind {
            msg: "print_latex: the layout has scaled-basis strides (an identity layout)",
        });
    }
    let padded = layout.padded()?;
    let rows = padded.mode_size(0)?;
    let cols = padded.mode_size(1)?;
    // a size that overflows is the error `size` gives, not a saturated count
    layout.shape().try_product()?;
    let cells = rows.saturating_mul(cols);
    if cells > MAX_TABLE_CELLS {
        return Err(Error::Precondition {
            msg: "print_latex: the layout is too large to print (at most 65536 cells)",
            mode: -1,
            lhs: cells,
            rhs: MAX_TABLE_CELLS,
        });
    }
    Ok(Latex {
        layout: padded,
        rows: rows as usize,
        cols: cols as usize,
    })
}

impl<L: Drawable> fmt::Display for Latex<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "% Layout: {}", self.layout)?;
        f.write_str(
            "\\documentclass[convert]{standalone}\n\\usepackage{tikz}\n\n\\begin{document}\n\
             \\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style={minimum size=1cm, outer sep=0pt}]\n\n",
        )?;
        for m in 0..self.rows {
            for n in 0..self.cols {
                let idx = self.layout.at(&[m, n]);
                writeln!(f, "\\node[fill={}] at ({m},{n}) {{{idx}}};", bw_color(idx))?;
            }
        }
        writeln!(
            f,
            "\\draw[color=black,thick,shift={{(-0.5,-0.5)}}] (0,0) grid ({},{});\n",
            self.rows, self.cols
        )?;
        for m in 0..self.rows {
            writeln!(f, "\\node at ({m},-1) {{\\Large{{\\texttt{{{m}}}}}}};")?;
        }
        for n in 0..self.cols {
            writeln!(f, "\\node at (-1,{n}) {{\\Large{{\\texttt{{{n}}}}}}};")?;
        }
        f.write_str("\\end{tikzpicture}\n\\end{document}\n")
    }
}
