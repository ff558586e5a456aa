//! Pictures of layouts: CuTe's `print_layout` table.

mod table;

pub use table::{LayoutTable, MAX_TABLE_CELLS, print_layout};
