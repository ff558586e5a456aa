//! The 4096x4096 `f32` transpose of the `copy` benchmarks, side by side with
//! `copy_from_slice` of the same bytes, measured in one process.
//!
//! Each round times `copy_from_slice` and then `rcute::copy` through each tiling (both
//! sides tiled the same way, `zipped_divide` of the row-major source and of the
//! column-major destination), in turn; the result for each is its fastest round, and its
//! share of `copy_from_slice`'s bandwidth is `copy_from_slice`'s time over its own.
//! Interleaving the rounds lets a slow spell of a shared machine fall on every line
//! alike, which criterion's benchmarks, run one after another, cannot.
//!
//! ```text
//! cargo run --release -p rcute --example transpose [ROUNDS]
//! UNALIGNED=1 cargo run --release -p rcute --example transpose [ROUNDS]
//! ```
//!
//! Both buffers start on a 64-byte boundary, as the benchmark's; with `UNALIGNED` set,
//! 16 bytes past one, where a `Vec` of this size starts.
//!
//! The tilings: `(_8,_C)` for C = 128, 256, 512 and 1024 (tiles of 8 rows by C columns,
//! each column an 8-element run down the source and 8 contiguous elements of the
//! destination, copied element by element); `(_16,_512)`, `(_16,_128)` and `(_32,_512)`,
//! whose tiles `copy` moves by 16x16 blocks through vector registers (the `simd`
//! feature, x86-64); and `(_16,_512)` tiles walked by `(_8,_8)` sub-tiles (element by
//! element, the two halves of each destination line written one shortly after the other).
//! The benchmark uses `(_16,_512)` and `(_8,_512)`, the fastest here; this runner shows
//! the others side by side.

#[path = "../benches/support/lines.rs"]
mod lines;

use rcute::{Layout, Tensor, Tiler, copy};
use std::hint::black_box;
use std::time::Instant;

const N: usize = 4096;

/// The source and destination layouts of the transpose tiled by `outer`, and each tile
/// tiled again by `inner` when given.
fn tiled(outer: &str, inner: Option<&str>) -> (Layout, Layout) {
    // dynamic extents and strides, as for a matrix whose size is known at run time
    let row_major = Layout::parse(&format!("({N},{N}):({N},1)"));
    let col_major = Layout::parse(&format!("({N},{N}):(1,{N})"));
    let tile = |l: Layout| {
        let t = l.zipped_divide(&Tiler::parse(outer));
        match inner {
            Some(i) => t.replace(0, &t.mode(0).zipped_divide(&Tiler::parse(i))),
            None => t,
        }
    };
    (tile(row_major), tile(col_major))
}

fn main() {
    let rounds: usize = match std::env::args().nth(1) {
        Some(a) => match a.parse() {
            Ok(r) if r > 0 => r,
            _ => {
                eprintln!("usage: transpose [ROUNDS]  (ROUNDS a positive integer, default 9)");
                std::process::exit(2);
            }
        },
        None => 9,
    };
    let tilings: Vec<(String, (Layout, Layout))> = [
        ("(_8,_128)", None),
        ("(_8,_256)", None),
        ("(_8,_512)", None),
        ("(_8,_1024)", None),
        ("(_16,_512)", None),
        ("(_16,_128)", None),
        ("(_32,_512)", None),
        ("(_16,_512)", Some("(_8,_8)")),
    ]
    .into_iter()
    .map(|(o, i)| {
        let name = match i {
            Some(i) => format!("{o} by {i}"),
            None => o.to_string(),
        };
        (name, tiled(o, i))
    })
    .collect();

    // both buffers from a 64-byte boundary, as the benchmark's, or 16 bytes past one
    let mut src_buf: Vec<f32> = (0..N * N + 15).map(|x| x as f32).collect();
    let mut dst_buf = vec![0f32; N * N + 15];
    let aligned = std::env::var_os("UNALIGNED").is_none();
    let past = if aligned { 0 } else { 16 };
    let src: &[f32] = lines::on_lines(&mut src_buf, N * N, past);
    let dst = lines::on_lines(&mut dst_buf, N * N, past);
    // every tiling transposes
    for (name, (from, to)) in &tilings {
        dst.fill(0.0);
        let s = Tensor::new(src, *from).unwrap();
        let mut d = Tensor::new(&mut *dst, *to).unwrap();
        copy(&s, &mut d).unwrap();
        for (r, c) in [(0, 1), (5, 4000), (4095, 17), (1234, 4095), (4095, 4095)] {
            assert_eq!(dst[c * N + r], src[r * N + c], "{name}");
        }
    }

    let mut best_copy = f64::INFINITY;
    let mut best = vec![f64::INFINITY; tilings.len()];
    for _ in 0..rounds {
        let t = Instant::now();
        dst.copy_from_slice(black_box(src));
        best_copy = best_copy.min(t.elapsed().as_secs_f64());
        black_box(&dst);
        for ((_, (from, to)), b) in tilings.iter().zip(&mut best) {
            let t = Instant::now();
            let s = Tensor::new(black_box(src), *from).unwrap();
            let mut d = Tensor::new(&mut *dst, *to).unwrap();
            copy(&s, &mut d).unwrap();
            *b = b.min(t.elapsed().as_secs_f64());
            black_box(&dst);
        }
    }

    let gib = (2 * N * N * 4) as f64 / (1u64 << 30) as f64;
    println!(
        "fastest of {rounds} rounds, 4096x4096 f32 (64 MiB read, 64 MiB written), buffers {}",
        if aligned {
            "on 64-byte boundaries"
        } else {
            "16 bytes past 64-byte boundaries (UNALIGNED)"
        }
    );
    println!("{:<34} {:>9} {:>10} {:>8}", "", "ms", "GiB/s", "share");
    println!(
        "{:<34} {:>9.2} {:>10.2} {:>7.1}%",
        "copy_from_slice",
        best_copy * 1e3,
        gib / best_copy,
        100.0
    );
    for ((name, _), b) in tilings.iter().zip(&best) {
        println!(
            "{:<34} {:>9.2} {:>10.2} {:>7.1}%",
            format!("transpose {name}"),
            b * 1e3,
            gib / b,
            100.0 * best_copy / b
        );
    }
}
