//! Pictures of layouts: CuTe's `print_layout` table and `print_latex` TikZ document, and
//! rcute's own SVG drawings.

mod drawable;
mod latex;
#[cfg(feature = "alloc")]
mod svg;
mod table;

pub use drawable::Drawable;
pub use latex::{Latex, print_latex};
#[cfg(feature = "alloc")]
pub use svg::{MAX_SVG_CELLS, svg_layout, svg_tv};
pub use table::{LayoutTable, MAX_TABLE_CELLS, print_layout};
