//! Criterion benchmarks:
//!
//! * `workload/*`: the fixed workload of `benches/workload.txt` on layouts built at run
//!   time (the same operations `scripts/compare-peers.sh` times in every implementation);
//! * `typed/*`: the same operations on typed layouts (`rcute::typed`: the structure of
//!   each operand a type, its values read from the workload file at run time), CuTe C++'s
//!   setting for dynamic values;
//! * `floor/*`: what every operation on run-time layouts that returns a layout pays at
//!   least, a layout copied into a `Result` and every leaf of it read (`copy`), against
//!   `coalesce` and `right_inverse` of the same all-dynamic layout, which sit at that floor;
//! * `const_index/*`: indexing a `const` layout against hand-written index arithmetic for
//!   the same mapping, over 4096 indices;
//! * `offsets/*`: every offset of the workload's 128x128 tile tiled by 16x16
//!   (`((16,16),(8,8)):((1,128),(16,2048))`, built at run time), index by index with
//!   `Layout::offset` against the walk of `Layout::offsets`, consumed by `for_each` and by
//!   a `for` loop (each offset passed through `black_box`);
//! * `copy/*`: copying 4096x4096 `f32` through layouts (a contiguous copy, and a transpose
//!   walked tile by tile through a `(_16,_512)`-tiled layout, whose tiles are copied by
//!   16x16 blocks with vector instructions, and through an `(_8,_512)`-tiled one, whose
//!   are copied element by element) against `copy_from_slice` of the same bytes, and the
//!   `(_8,_512)` transpose as a hand-written loop nest (what the tiled walk costs over
//!   plain indexing). The buffers start on a 64-byte boundary;
//! * `algorithms/*`: `copy_if` and `axpby` over the workload's 128x128 tile tiled by
//!   16x16 (into the row-major tile tiled the same way), and `copy` between layouts with
//!   no common refinement (96x96 into 64x144), each against the same loop index by index
//!   through `Tensor::get` (what the walk of `Layout::offsets` saves).
//!
//! Run with `cargo bench -p rcute --bench workload` (add a filter such as `copy` to run a
//! group).

#[path = "support/lines.rs"]
mod lines;
#[path = "support/typed_ops.rs"]
mod typed_ops;
#[path = "support/workload_ops.rs"]
mod workload_ops;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rcute::{Int, IntTuple, Layout, Tensor, axpby, copy, copy_if, layout, tiler};
use std::hint::black_box;
use std::time::Duration;
use workload_ops::read_layout;

fn workload(c: &mut Criterion) {
    struct Bench<'a, 'b, 'c>(
        &'a mut criterion::BenchmarkGroup<'b, criterion::measurement::WallTime>,
        &'c str,
    );
    impl workload_ops::Call for Bench<'_, '_, '_> {
        type Out = ();
        fn call<F: Fn() -> i64>(self, f: F) {
            self.0.bench_function(self.1, |b| b.iter(&f));
        }
    }
    let mut g = c.benchmark_group("workload");
    for e in workload_ops::load() {
        // the operation resolved once: the timed closure calls it directly
        e.op.resolve(Bench(&mut g, &e.name));
    }
    g.finish();
}

fn typed(c: &mut Criterion) {
    struct Bench<'a, 'b>(&'a mut criterion::BenchmarkGroup<'b, criterion::measurement::WallTime>);
    impl typed_ops::Visit for Bench<'_, '_> {
        fn op<F: Fn() -> i64>(&mut self, name: &str, f: F) {
            self.0.bench_function(name, |b| b.iter(&f));
        }
    }
    let mut g = c.benchmark_group("typed");
    typed_ops::each(&workload_ops::load(), &mut Bench(&mut g));
    g.finish();
}

/// A copy of `l` returned in a `Result`, as an operation returns its answer (not inlined,
/// as the operations are not).
#[inline(never)]
fn copied(l: &Layout) -> Result<Layout, rcute::Error> {
    Ok(*l)
}

/// The floor of an operation on run-time layouts that returns a layout: the layout copied
/// into a `Result` and every leaf of it read (`copy`), against `coalesce` and
/// `right_inverse` of the same all-dynamic layout, which keep its modes and answer `_1:_0`.
fn floor(c: &mut Criterion) {
    let l = Layout::parse("(2,7,4):(28,1,7)");
    assert_eq!(read_layout(&copied(&l)), 13 + 36);
    assert_eq!(read_layout(&l.try_coalesce()), 13 + 36);
    assert_eq!(read_layout(&l.try_right_inverse()), 1);
    let mut g = c.benchmark_group("floor");
    g.bench_function("copy", |b| b.iter(|| read_layout(&copied(black_box(&l)))));
    g.bench_function("coalesce", |b| {
        b.iter(|| read_layout(&black_box(&l).try_coalesce()))
    });
    g.bench_function("right_inverse", |b| {
        b.iter(|| read_layout(&black_box(&l).try_right_inverse()))
    });
    g.finish();
}

/// A 16x8 tile stored row-major with a padded row pitch of 9 elements, split as (2,8) rows.
const TILE: Layout = layout!(((_2,_8),_8):((_72,_9),_1));

#[inline(never)]
fn rcute_offsets(n: usize) -> i64 {
    let mut s = 0i64;
    for i in 0..n {
        s = s.wrapping_add(TILE.offset(black_box(i) % 128));
    }
    s
}

#[inline(never)]
fn handwritten_offsets(n: usize) -> i64 {
    let mut s = 0i64;
    for i in 0..n {
        let i = (black_box(i) % 128) as u64;
        s = s.wrapping_add(((i % 2) * 72 + ((i / 2) % 8) * 9 + (i / 16)) as i64);
    }
    s
}

fn const_index(c: &mut Criterion) {
    assert_eq!(rcute_offsets(4096), handwritten_offsets(4096));
    let mut g = c.benchmark_group("const_index");
    g.throughput(Throughput::Elements(4096));
    g.bench_function("rcute", |b| b.iter(|| rcute_offsets(black_box(4096))));
    g.bench_function("handwritten", |b| {
        b.iter(|| handwritten_offsets(black_box(4096)))
    });
    g.finish();
}

fn offsets(c: &mut Criterion) {
    let l = workload_ops::offsets_layout(&workload_ops::load());
    let n = l.size().value() as usize;
    let by_index: Vec<i64> = (0..n).map(|i| l.offset(i)).collect();
    assert_eq!(l.offsets().collect::<Vec<_>>(), by_index);
    let mut g = c.benchmark_group("offsets");
    g.throughput(Throughput::Elements(n as u64));
    g.bench_function("by_index_128x128", |b| {
        b.iter(|| {
            let l = black_box(&l);
            for i in 0..n {
                black_box(l.offset(i));
            }
        })
    });
    g.bench_function("walk_for_each_128x128", |b| {
        b.iter(|| {
            black_box(&l).offsets().for_each(|o| {
                black_box(o);
            })
        })
    });
    g.bench_function("walk_for_loop_128x128", |b| {
        b.iter(|| {
            for o in black_box(&l).offsets() {
                black_box(o);
            }
        })
    });
    g.finish();
}

const N: usize = 4096;

/// The transpose's tiles are 8 rows by this many columns: 8 rows keep a tile's source
/// lines within the 8 ways of an L1 set (rows 16 KiB apart fall in the same set), and
/// 512 columns give each source row a 2 KiB run per tile, long enough for the hardware
/// prefetcher (128 columns measured 10-25% slower, 1024 slower still; run
/// `examples/transpose.rs` to compare the tilings).
const TILE_COLS: usize = 512;

/// A tuple of dynamic integers, as for sizes known only at run time.
fn dynamic_ints(v: &[i64]) -> IntTuple {
    IntTuple::from_ints(&v.iter().map(|&x| Int::dynamic(x)).collect::<Vec<_>>())
}

/// `copy` from `src` through `from` into `dst` through `to`.
fn copy_through(src: &[f32], from: Layout, dst: &mut [f32], to: Layout) {
    let s = Tensor::new(src, from).unwrap();
    let mut d = Tensor::new(dst, to).unwrap();
    copy(black_box(&s), &mut d).unwrap();
}

/// The benchmark's transpose written by hand, in the order the tiled layouts walk it:
/// tiles of 8 rows by 512 columns, column-major tiles of column-major elements;
/// `dst[c][r] = src[r][c]`, each column of a tile an 8-element run down the source.
fn transpose_by_hand(src: &[f32], dst: &mut [f32]) {
    for c0 in (0..N).step_by(TILE_COLS) {
        for r0 in (0..N).step_by(8) {
            for c in c0..c0 + TILE_COLS {
                let run = &mut dst[c * N + r0..c * N + r0 + 8];
                for (k, y) in run.iter_mut().enumerate() {
                    *y = src[(r0 + k) * N + c];
                }
            }
        }
    }
}

fn copies(c: &mut Criterion) {
    let mut src_buf: Vec<f32> = (0..N * N + 15).map(|x| x as f32).collect();
    let mut dst_buf = vec![0f32; N * N + 15];
    let src: &[f32] = lines::on_lines(&mut src_buf, N * N, 0);
    let dst = lines::on_lines(&mut dst_buf, N * N, 0);
    // dynamic extents, as for a matrix whose size is known at run time
    let n = N as i64;
    let row_major = Layout::new(dynamic_ints(&[n, n]), dynamic_ints(&[n, 1]));
    let col_major = Layout::new(dynamic_ints(&[n, n]), dynamic_ints(&[1, n]));
    // 8 rows by 512 columns: an 8-element run down a column of the source, then the next
    // column; the destination is written 8 contiguous elements at a time
    let tile = tiler!((_8, _512));
    assert_eq!(tile.to_string(), format!("(_8,_{TILE_COLS})"));
    let src_tiled = row_major.zipped_divide(&tile);
    let dst_tiled = col_major.zipped_divide(&tile);
    // 16 rows by 512 columns: each tile a row of 32 blocks of 16x16, read as 16 whole
    // source lines and written as 16 whole destination lines
    let blocks = tiler!((_16, _512));
    let (src_blocks, dst_blocks) = (
        row_major.zipped_divide(&blocks),
        col_major.zipped_divide(&blocks),
    );

    // the transposes are right before they are timed
    {
        let mut by_hand = vec![0f32; N * N];
        transpose_by_hand(src, &mut by_hand);
        for (from, to) in [(src_tiled, dst_tiled), (src_blocks, dst_blocks)] {
            dst.fill(0.0);
            copy_through(src, from, dst, to);
            for (r, c) in [(0, 1), (5, 4000), (4095, 17), (1234, 4095)] {
                assert_eq!(dst[c * N + r], src[r * N + c]);
            }
            assert!(by_hand == dst, "the transposes differ");
        }
    }

    let mut g = c.benchmark_group("copy");
    g.throughput(Throughput::Bytes((2 * N * N * 4) as u64));
    g.sample_size(20);
    g.measurement_time(Duration::from_secs(4));
    g.bench_function("copy_from_slice", |b| {
        b.iter(|| dst.copy_from_slice(black_box(src)))
    });
    g.bench_function("contiguous", |b| {
        b.iter(|| copy_through(src, col_major, dst, col_major))
    });
    g.bench_function("transpose_tiled_16x512", |b| {
        b.iter(|| copy_through(src, src_blocks, dst, dst_blocks))
    });
    g.bench_function("transpose_tiled_8x512", |b| {
        b.iter(|| copy_through(src, src_tiled, dst, dst_tiled))
    });
    g.bench_function("transpose_by_hand_8x512", |b| {
        b.iter(|| transpose_by_hand(black_box(src), dst))
    });
    g.finish();
}

fn algorithms(c: &mut Criterion) {
    let mut g = c.benchmark_group("algorithms");

    // the workload's tile, and the row-major tile tiled the same way
    let tiled = workload_ops::offsets_layout(&workload_ops::load());
    let row_tiled = Layout::new(dynamic_ints(&[128, 128]), dynamic_ints(&[128, 1]))
        .zipped_divide(&tiler!((16, 16)));
    let n = tiled.size().value() as usize;
    let x: Vec<f32> = (0..n).map(|v| v as f32).collect();
    let keep: Vec<bool> = (0..n).map(|i| !i.is_multiple_of(3)).collect();
    let mut y = vec![1f32; n];
    g.throughput(Throughput::Elements(n as u64));
    g.bench_function("copy_if_128x128", |b| {
        b.iter(|| {
            let p = Tensor::new(&keep[..], tiled).unwrap();
            let s = Tensor::new(&x[..], tiled).unwrap();
            let mut d = Tensor::new(&mut y[..], row_tiled).unwrap();
            copy_if(black_box(&p), black_box(&s), &mut d).unwrap();
        })
    });
    g.bench_function("copy_if_by_index_128x128", |b| {
        b.iter(|| {
            let p = Tensor::new(&keep[..], tiled).unwrap();
            let s = Tensor::new(&x[..], tiled).unwrap();
            let mut d = Tensor::new(&mut y[..], row_tiled).unwrap();
            let (p, s) = (black_box(&p), black_box(&s));
            for i in 0..n {
                if *p.get(i) {
                    *d.get_mut(i) = *s.get(i);
                }
            }
        })
    });
    g.bench_function("axpby_128x128", |b| {
        b.iter(|| {
            let s = Tensor::new(&x[..], tiled).unwrap();
            let mut d = Tensor::new(&mut y[..], row_tiled).unwrap();
            axpby(black_box(0.5f32), black_box(&s), 0.25, &mut d).unwrap();
        })
    });
    g.bench_function("axpby_by_index_128x128", |b| {
        b.iter(|| {
            let s = Tensor::new(&x[..], tiled).unwrap();
            let mut d = Tensor::new(&mut y[..], row_tiled).unwrap();
            let (alpha, s) = (black_box(0.5f32), black_box(&s));
            for i in 0..n {
                *d.get_mut(i) = alpha * *s.get(i) + 0.25 * *d.get(i);
            }
        })
    });

    // 96x96 column-major into 64x144 row-major: 96 and 64 do not divide each other
    let from = Layout::new(dynamic_ints(&[96, 96]), dynamic_ints(&[1, 96]));
    let to = Layout::new(dynamic_ints(&[64, 144]), dynamic_ints(&[144, 1]));
    let n = 96 * 96;
    let src: Vec<f32> = (0..n).map(|v| v as f32).collect();
    let mut dst = vec![0f32; n];
    g.throughput(Throughput::Elements(n as u64));
    g.bench_function("copy_no_refinement_96x96_64x144", |b| {
        b.iter(|| copy_through(&src, from, &mut dst, to))
    });
    g.bench_function("copy_by_index_96x96_64x144", |b| {
        b.iter(|| {
            let s = Tensor::new(&src[..], from).unwrap();
            let mut d = Tensor::new(&mut dst[..], to).unwrap();
            let s = black_box(&s);
            for i in 0..n {
                *d.get_mut(i) = *s.get(i);
            }
        })
    });
    g.finish();
}

criterion_group!(
    benches,
    workload,
    typed,
    floor,
    const_index,
    offsets,
    copies,
    algorithms
);
criterion_main!(benches);
