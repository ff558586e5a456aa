//! Operations on typed layouts (`rcute::typed`) compile to the arithmetic on their dynamic
//! values alone: no walk of the structure, no copy of a layout, no call but to the cold
//! paths that build an error. `tests/codegen.rs` compiles this file to assembly and checks
//! it; to look yourself:
//!
//! ```text
//! cargo rustc -p rcute --release --example typed_codegen -- --emit=asm
//! grep -A40 'typed_complement:' target/release/examples/typed_codegen-*.s
//! ```

use rcute::typed::{TypedLayout, TypedTiler, TypedTuple, try_idx2crd};
use rcute::{layout_form, tiler_form, tuple_form};
use std::hint::black_box;

layout_form!(pub Tv = ((4,8),(2,4)):((_128,_1),(_8,_32)));
tuple_form!(pub Cotarget = 4096);
layout_form!(pub Gmem = (4096,4096):(1,4096));
tiler_form!(pub Tile = (128,64));
layout_form!(pub CopyTv = ((4,32),(1,8)):((_256,_1),(_0,_32)));
tuple_form!(pub Index = 98765);
tuple_form!(pub ProblemShape = ((128,32),(64,32)));

/// The sum of the dynamic values of a result (its static leaves are constants).
fn sum(v: &[i64]) -> i64 {
    v.iter().fold(0i64, |a, &x| a.wrapping_add(x))
}

/// The complement of a thread-value layout with dynamic extents.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn typed_complement(a: &TypedLayout<Tv>, c: &TypedTuple<Cotarget>) -> i64 {
    a.try_complement(c).map_or(-1, |r| sum(r.values()))
}

/// The CTA tiling of a matrix by a tile.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn typed_zipped_divide(a: &TypedLayout<Gmem>, t: &TypedTiler<Tile>) -> i64 {
    a.try_zipped_divide(t).map_or(-1, |r| sum(r.values()))
}

/// The inverse of a copy thread-value layout.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn typed_right_inverse(a: &TypedLayout<CopyTv>) -> i64 {
    a.try_right_inverse().map_or(-1, |r| sum(r.values()))
}

/// A thread's coordinate in a tiled problem.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn typed_idx2crd(i: &TypedTuple<Index>, s: &TypedTuple<ProblemShape>) -> i64 {
    try_idx2crd(i, s).map_or(-1, |r| sum(r.values()))
}

fn main() {
    let tv = TypedLayout::<Tv>::new(&[4, 8, 2, 4]);
    let c = TypedTuple::<Cotarget>::new(&[4096]);
    let a = TypedLayout::<Gmem>::new(&[4096, 4096, 1, 4096]);
    let t = TypedTiler::<Tile>::new(&[128, 64]);
    let r = TypedLayout::<CopyTv>::new(&[4, 32, 1, 8]);
    let i = TypedTuple::<Index>::new(&[98765]);
    let s = TypedTuple::<ProblemShape>::new(&[128, 32, 64, 32]);
    let acc = typed_complement(black_box(&tv), black_box(&c))
        .wrapping_add(typed_zipped_divide(black_box(&a), black_box(&t)))
        .wrapping_add(typed_right_inverse(black_box(&r)))
        .wrapping_add(typed_idx2crd(black_box(&i), black_box(&s)));
    println!("{acc}");
}
