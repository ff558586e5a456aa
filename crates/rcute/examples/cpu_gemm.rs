//! The GEMM partitioning of CuTe's tutorial, on CPU threads: `C(m,n) = Σ_k A(m,k)·B(n,k)`.
//!
//! * C is divided into CTA tiles with `local_tile`; the tiles are split among worker
//!   threads (a small pool) with `split_tiles_mut`, which proves the tiles disjoint.
//! * Each worker stages the A and B tiles of every k-step through small buffers with
//!   `copy`, like shared memory; at the edges of the problem (sizes need not be multiples
//!   of the tile) the copy is predicated with the coordinates of an identity tensor.
//! * Inside a tile, a thread layout partitions the work with `local_partition`; each
//!   "thread" accumulates its fragment with `gemm` and writes it back.
//!
//! ```text
//! cargo run --release --example cpu_gemm            # M=300 N=200 K=100
//! cargo run --release --example cpu_gemm -- 512 384 96
//! ```
//! The last line is `cpu_gemm ok: M=.. N=.. K=.. max_abs_err=..`; a wrong result exits with
//! an error.

use rcute::tensor::PartMut;
use rcute::{
    CoordTensor, Int, IntTuple, Layout, Tensor, Tiler, copy, fill, gemm, int_tuple, layout, tiler,
};
use std::sync::Mutex;

const BM: i64 = 32;
const BN: i64 = 32;
const BK: i64 = 8;

/// A small deterministic generator (xorshift), values in [-1, 1).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        ((self.0 >> 40) as f32 / (1u64 << 23) as f32) - 1.0
    }
}

fn shape2(a: i64, b: i64) -> IntTuple {
    IntTuple::from_ints(&[Int::dynamic(a), Int::dynamic(b)])
}

fn coord3(m: i64, n: i64) -> IntTuple {
    IntTuple::from_ints(&[Int::dynamic(m), Int::dynamic(n), Int::UNDERSCORE])
}

/// Stages one (rows, BK) tile into the buffer `s`: a plain `copy` from the data tile
/// when it lies inside the matrix, otherwise a copy predicated by the coordinates of the
/// identity tensor (zeros outside the matrix).
fn stage(
    data: Option<Tensor<&[f32]>>,
    g: &Tensor<&[f32]>,
    id_tile: &CoordTensor,
    bounds: (i64, i64),
    s: &mut Tensor<Vec<f32>>,
) {
    if let Some(tile) = data {
        copy(&tile, s).expect("same size");
        return;
    }
    fill(s, 0.0);
    for i in 0..id_tile.size().value() as usize {
        let c = id_tile.get(&IntTuple::dynamic(i as i64));
        let (x, y) = (c.leaf(0).value(), c.leaf(1).value());
        if x < bounds.0 && y < bounds.1 {
            *s.get_mut(i) = *g.at(&[x as usize, y as usize]);
        }
    }
}

fn main() {
    let args: Vec<i64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (m, n, k) = match args.as_slice() {
        [m, n, k, ..] => (*m, *n, *k),
        _ => (300, 200, 100),
    };
    assert!(m > 0 && n > 0 && k > 0, "sizes must be positive");

    // Column-major A (M,K), B (N,K) and C (M,N), as in CuTe's NT tutorial.
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let a_data: Vec<f32> = (0..m * k).map(|_| rng.next()).collect();
    let b_data: Vec<f32> = (0..n * k).map(|_| rng.next()).collect();
    let mut c_data = vec![0.0f32; (m * n) as usize];
    let a = Tensor::new(&a_data[..], Layout::from_shape(shape2(m, k))).unwrap();
    let b = Tensor::new(&b_data[..], Layout::from_shape(shape2(n, k))).unwrap();
    let mut c = Tensor::new(&mut c_data[..], Layout::from_shape(shape2(m, n))).unwrap();

    // Coordinates of A, B and C, for predication at the edges.
    let id_a = CoordTensor::identity(shape2(m, k));
    let id_b = CoordTensor::identity(shape2(n, k));
    let id_c = CoordTensor::identity(shape2(m, n));

    let cta: Tiler = tiler!((_32, _32, _8));
    let proj_a = int_tuple!((_1, _, _1));
    let proj_b = int_tuple!((_, _1, _1));
    let proj_c = int_tuple!((_1, _1, _));
    let threads = layout!((_8,_8):(_1,_8)); // 64 "threads" per tile
    let tile_shape = int_tuple!((_32, _32));
    let id_tile = CoordTensor::identity(tile_shape);
    let blocks_m = (m + BM - 1) / BM;
    let k_tiles = (k + BK - 1) / BK;

    // One part per CTA tile of C; elements outside C are masked out.
    let tiles_of_c = c
        .split_tiles_mut(&tiler!((_32, _32)), |tile, i| {
            let (bm, bn) = (tile as i64 % blocks_m, tile as i64 / blocks_m);
            let (x, y) = (i as i64 % BM, i as i64 / BM);
            bm * BM + x < m && bn * BN + y < n
        })
        .expect("the CTA tiles of C are disjoint");
    let queue = Mutex::new(tiles_of_c);

    let work = |mut part: PartMut<'_, f32>| {
        let t = part.index() as i64;
        let (bm, bn) = (t % blocks_m, t / blocks_m);
        let g_a = id_a.local_tile(&cta, &coord3(bm, bn), Some(&proj_a)); // (BM,BK,k)
        let g_b = id_b.local_tile(&cta, &coord3(bm, bn), Some(&proj_b)); // (BN,BK,k)
        let tile_a = a.local_tile(&cta, &coord3(bm, bn), Some(&proj_a));
        let tile_b = b.local_tile(&cta, &coord3(bm, bn), Some(&proj_b));
        debug_assert_eq!(
            id_c.local_tile(&cta, &coord3(bm, bn), Some(&proj_c))
                .size()
                .value(),
            BM * BN
        );
        // "shared memory"
        let mut s_a: Tensor<Vec<f32>> =
            Tensor::zeros(Layout::from_shape(int_tuple!((_32, _8)))).unwrap();
        let mut s_b: Tensor<Vec<f32>> =
            Tensor::zeros(Layout::from_shape(int_tuple!((_32, _8)))).unwrap();
        // one register fragment per thread: compact over the shape of a thread's part, as
        // CuTe's make_tensor<float>(shape(partition)) (the part's strides are coordinates,
        // which make_fragment_like cannot order)
        let frag_layout = id_tile.local_partition(&threads, 0, None).layout();
        let mut acc: Vec<Tensor<Vec<f32>>> = (0..threads.size().value())
            .map(|_| Tensor::zeros(Layout::from_shape(frag_layout.shape())).unwrap())
            .collect();
        // each thread's rows of A and columns of B in the buffers: the same every k-step
        let partition = |buf: &Layout, proj: &IntTuple| -> Vec<(Layout, i64)> {
            (0..threads.size().value())
                .map(|tid| {
                    let (l, off) = buf.local_partition(&threads, tid, Some(proj));
                    (l, off.leaf(0).value())
                })
                .collect()
        };
        let part_a = partition(s_a.layout(), &int_tuple!((_1, _)));
        let part_b = partition(s_b.layout(), &int_tuple!((_, _1)));
        for kt in 0..k_tiles {
            let kc = IntTuple::from_ints(&[Int::UNDERSCORE, Int::UNDERSCORE, Int::dynamic(kt)]);
            // the data tiles exist as views only where they lie inside A and B
            let d_a = tile_a.as_ref().ok().and_then(|t| t.slice(&kc).ok());
            let d_b = tile_b.as_ref().ok().and_then(|t| t.slice(&kc).ok());
            stage(d_a, &a.view(), &g_a.slice(&kc), (m, k), &mut s_a);
            stage(d_b, &b.view(), &g_b.slice(&kc), (n, k), &mut s_b);
            for (tid, frag) in acc.iter_mut().enumerate() {
                let t_a = s_a.reshaped(part_a[tid].0, part_a[tid].1).unwrap();
                let t_b = s_b.reshaped(part_b[tid].0, part_b[tid].1).unwrap();
                gemm(&t_a, &t_b, frag).expect("conformable fragments");
            }
        }
        // epilogue: each thread writes its fragment to its elements of the C tile
        for (tid, frag) in acc.iter().enumerate() {
            let mine = id_tile.local_partition(&threads, tid as i64, None);
            for i in 0..frag.size() {
                let c = mine.get(&IntTuple::dynamic(i as i64));
                let (x, y) = (c.leaf(0).value() as usize, c.leaf(1).value() as usize);
                if let Some(dst) = part.at_mut(&[x, y]) {
                    *dst = frag[i];
                }
            }
        }
    };

    let workers = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(8);
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                while let Some(part) = { queue.lock().unwrap().pop() } {
                    work(part);
                }
            });
        }
    });

    // Check against a naive GEMM.
    let mut max_err = 0.0f32;
    for j in 0..n as usize {
        for i in 0..m as usize {
            let mut want = 0.0f32;
            for kk in 0..k as usize {
                want += a_data[i + kk * m as usize] * b_data[j + kk * n as usize];
            }
            max_err = max_err.max((c_data[i + j * m as usize] - want).abs());
        }
    }
    if max_err > 1e-3 * k as f32 {
        eprintln!("cpu_gemm FAILED: M={m} N={n} K={k} max_abs_err={max_err:e}");
        std::process::exit(1);
    }
    println!("cpu_gemm ok: M={m} N={n} K={k} max_abs_err={max_err:e}");
}
