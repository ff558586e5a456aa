//! `print_layout`: the table CuTe prints for a rank-2 layout, byte for byte.
//!
//! ```text
//! (2,(2,2)):(4,(2,1))
//!       0   1   2   3
//!     +---+---+---+---+
//!  0  | 0 | 2 | 1 | 3 |
//!     +---+---+---+---+
//!  1  | 4 | 6 | 5 | 7 |
//!     +---+---+---+---+
//! ```
//!
//! Rows are the 1-D coordinates of mode 0, columns those of mode 1; cells are
//! `num_digits(cosize) + 2` wide; the header line ends with a space, as in CuTe.

use super::Drawable;
use crate::error::Error;
use core::fmt;

/// The most cells [`print_layout`] draws (a 256x256 layout); larger layouts are refused
/// with an error rather than printing megabytes.
pub const MAX_TABLE_CELLS: i64 = 1 << 16;

/// A rank-2 layout checked for printing; its `Display` is CuTe's `print_layout` output.
#[derive(Clone, Copy)]
pub struct LayoutTable<'a, L: Drawable> {
    layout: &'a L,
    rows: usize,
    cols: usize,
    width: usize,
}

/// CuTe's `num_digits`: the number of decimal digits of `x` (1 for `x < 10`).
const fn num_digits(x: i64) -> usize {
    let mut d = 1;
    let mut v = x;
    while v >= 10 {
        v /= 10;
        d += 1;
    }
    d
}

/// Checks that `layout` (a [`Layout`](crate::Layout) or a
/// [`ComposedLayout`](crate::ComposedLayout)) can be drawn (rank 2, integer strides, at most
/// [`MAX_TABLE_CELLS`] cells) and returns the table; print it with `{}`.
///
/// ```
/// use rcute::{layout, print_layout};
/// let t = print_layout(&layout!((2,3):(1,2))).unwrap().to_string();
/// assert_eq!(t.lines().nth(3).unwrap(), " 0  | 0 | 2 | 4 |");
/// assert!(print_layout(&layout!(((4,2)):((2,1)))).is_err()); // rank 1
/// ```
pub fn print_layout<L: Drawable>(layout: &L) -> Result<LayoutTable<'_, L>, Error> {
    if layout.rank() != 2 {
        return Err(Error::RankMismatch {
            msg: "print_layout: the layout must have rank 2",
            expected: 2,
            found: layout.rank(),
        });
    }
    if layout.has_basis_strides() {
        return Err(Error::WrongKind {
            msg: "print_layout: the layout has scaled-basis strides (an identity layout)",
        });
    }
    let rows = layout.mode_size(0)?;
    let cols = layout.mode_size(1)?;
    // a size that overflows is the error `size` gives, not a saturated count
    layout.shape().try_product()?;
    let cells = rows.saturating_mul(cols);
    if cells > MAX_TABLE_CELLS {
        return Err(Error::Precondition {
            msg: "print_layout: the layout is too large to print (at most 65536 cells)",
            mode: -1,
            lhs: cells,
            rhs: MAX_TABLE_CELLS,
        });
    }
    let cosize = layout.cosize()?;
    Ok(LayoutTable {
        layout,
        rows: rows as usize,
        cols: cols as usize,
        width: num_digits(cosize) + 2,
    })
}

impl<L: Drawable> fmt::Display for LayoutTable<'_, L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let w = self.width - 2;
        writeln!(f, "{}", self.layout)?;
        f.write_str("    ")?;
        for n in 0..self.cols {
            write!(f, "  {n:>w$} ")?;
        }
        f.write_str("\n")?;
        let rule = |f: &mut fmt::Formatter<'_>| -> fmt::Result {
            f.write_str("    ")?;
            for _ in 0..self.cols {
                f.write_str("+")?;
                for _ in 0..self.width {
                    f.write_str("-")?;
                }
            }
            f.write_str("+\n")
        };
        for m in 0..self.rows {
            rule(f)?;
            write!(f, "{m:>2}  ")?;
            for n in 0..self.cols {
                let v = self.layout.at(&[m, n]);
                write!(f, "| {v:>w$} ")?;
            }
            f.write_str("|\n")?;
        }
        rule(f)
    }
}
