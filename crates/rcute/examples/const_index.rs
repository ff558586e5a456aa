//! Indexing a `const` layout compiles to the same straight-line arithmetic as hand-written
//! index code. `tests/codegen.rs` compiles this file to assembly and checks it; to look
//! yourself:
//!
//! ```text
//! cargo rustc -p rcute --release --example const_index -- --emit=asm
//! grep -A12 'rcute_tile_offset:' target/release/examples/const_index-*.s
//! ```

use rcute::{Layout, StaticLayout, layout, static_layout};
use std::hint::black_box;

/// A 16x8 tile stored row-major with a padded row pitch of 9 elements, split as (2,8) rows.
const TILE: Layout = layout!(((_2,_8),_8):((_72,_9),_1));

static_layout!(Swizzled = (_8,(_4,_2)):(_4,(_1,_32)));

/// The index through rcute.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn rcute_tile_offset(i: usize) -> i64 {
    TILE.offset(i)
}

/// The same mapping written by hand: i = r0 + 2*r1 + 16*c.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn handwritten_tile_offset(i: usize) -> i64 {
    let i = i as u64;
    ((i % 2) * 72 + ((i / 2) % 8) * 9 + (i / 16)) as i64
}

/// A marker-type layout.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn rcute_marker_offset(i: usize) -> i64 {
    Swizzled::offset(i)
}

/// The same mapping written by hand.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn handwritten_marker_offset(i: usize) -> i64 {
    let i = i as u64;
    ((i % 8) * 4 + ((i / 8) % 4) + (i / 32) * 32) as i64
}

fn main() {
    let mut acc = 0i64;
    for i in 0..black_box(128usize) {
        assert_eq!(rcute_tile_offset(i), handwritten_tile_offset(i));
        assert_eq!(rcute_marker_offset(i), handwritten_marker_offset(i));
        acc += rcute_tile_offset(i) + rcute_marker_offset(i);
    }
    println!("const_index ok: checksum {acc}");
}
