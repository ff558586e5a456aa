//! Pictures of layouts: CuTe's `print_layout` table and `print_latex` TikZ document, and
//! rcute's own SVG drawings.
//!
//! # SVG
//! SVG pictures of layouts, rcute's own: the grid of `print_layout` with CuTe's LaTeX
//! colors, and thread-value layouts drawn over their data.
//!
//! * [`svg_layout`]: one cell per coordinate `(m, n)` of a rank-2 layout (or swizzled
//!   layout), filled with CuTe's 8 grays by offset (`TikzColor_BWx8`) and labelled with
//!   the offset; row and column indices around the grid; where a mode is hierarchical,
//!   heavier lines mark the boundaries of its sub-modes (tiles).
//! * [`svg_banks`]: a shared-memory layout colored by bank, conflicting cells outlined.
//! * [`svg_tv`]: a thread-value layout `(thread, value) -> offset` drawn over the data grid
//!   of a shape: each cell shows `T<t>V<v>` of the first thread and value that reach it,
//!   filled with CuTe's thread colors (`TikzColor_TV`).
//!
//! Every cell is an SVG `<g class="cell">` with `data-m`, `data-n` and (for layouts)
//! `data-offset` attributes, so the pictures are easy to check by machine. At most
//! [`MAX_SVG_CELLS`] cells are drawn.

mod drawable;
mod latex;
#[cfg(feature = "alloc")]
pub(crate) mod svg;
mod table;

pub use drawable::Drawable;
pub use latex::{Latex, print_latex};
#[cfg(feature = "alloc")]
pub use svg::{MAX_SVG_CELLS, svg_banks, svg_layout, svg_tv};
pub use table::{LayoutTable, MAX_TABLE_CELLS, print_layout};
