//! The generated kernels, compiled as C with the host compiler (gcc; only `extern "C"` is
//! taken out of the source) and run on the CPU: each thread block's threads run one after
//! another, once up to `__syncthreads()` and once
//! through to the end (the load phase only rewrites the same shared values, so running it
//! twice is harmless). Every element of the result is checked. The GPU run is
//! `rcute-gpu-bench` (see docs/GPU.md).

use rcute_cuda::copy::{CopyKernel, Elem, tiled, tiled_wide};

mod support;

/// Runs the kernel of `copy` for an `m x n` matrix; returns the number of elements that
/// differ from a transpose (`transpose`) or a copy of the input.
fn run_on_cpu(copy: &CopyKernel, m: i64, n: i64, transpose: bool) -> i64 {
    let elem = copy.elem;
    let name = if transpose { "transpose" } else { "copy" };
    let k = copy.kernel(name).unwrap();
    let it = k.index_type.c_name();
    let t = elem.c_type();
    let args: String = k
        .params
        .iter()
        .map(|p| format!(", ({it}){}", p.value))
        .collect();
    let expected = if transpose { "c * M + r" } else { "r * N + c" };
    let src = format!(
        r#"#include <stdio.h>
typedef struct {{ unsigned x, y, z; }} Dim;
static Dim threadIdx, blockIdx;
static int phase;
#define __global__
#define __launch_bounds__(n)
#define __shared__ static
#define __align__(n) __attribute__((aligned(n)))
#define __restrict__ restrict
#define __syncthreads() do {{ if (phase == 0) return; }} while (0)
{source}
int main(void) {{
    const {it} M = {m}, N = {n};
    static {t} a[{size}], d[{size}];
    for (long i = 0; i < M * N; ++i) a[i] = ({t})(i % 65521);
    for (unsigned b = 0; b < {grid}; ++b) {{
        blockIdx.x = b;
        for (phase = 0; phase < 2; ++phase)
            for (unsigned t = 0; t < {block}; ++t) {{
                threadIdx.x = t;
                {name}(a, d{args});
            }}
    }}
    long wrong = 0;
    for ({it} r = 0; r < M; ++r)
        for ({it} c = 0; c < N; ++c)
            if (d[{expected}] != a[r * N + c]) ++wrong;
    printf("%ld\n", wrong);
    return 0;
}}
"#,
        source = k.source.replace("extern \"C\" ", ""),
        size = m * n,
        grid = k.grid,
        block = k.block,
    );
    support::compile_and_run(&src).trim().parse().unwrap()
}

#[test]
fn copies_and_transposes_are_exact_for_any_size() {
    let mut runs = 0;
    // even extents: 32-bit f16 accesses on both sides; odd ones fall back to elements
    for (m, n) in [
        (64, 96),
        (1000, 777),
        (1000, 778),
        (33, 64),
        (1, 33),
        (31, 1),
    ] {
        for elem in [Elem::F32, Elem::F16] {
            for transpose in [false, true] {
                let k = tiled(elem, m, n, transpose);
                assert_eq!(
                    run_on_cpu(&k, m, n, transpose),
                    0,
                    "{elem:?} {m}x{n} transpose={transpose}"
                );
                runs += 1;
            }
        }
    }
    assert_eq!(runs, 24);
}

#[test]
fn the_cpu_run_can_fail() {
    // a copy checked as a transpose is wrong everywhere except where `c * 64 + r` and
    // `r * 96 + c` coincide: the first and the last element
    let k = tiled(Elem::F32, 64, 96, false);
    assert_eq!(run_on_cpu(&k, 64, 96, true), 64 * 96 - 2);
}

#[test]
fn f16_pairs_are_32_bit_accesses_where_the_layouts_allow() {
    // (M, N) even: the source's rows and the transposed destination's columns hold aligned
    // pairs; loads and stores are one 32-bit access each
    let wide = |m, n, t| {
        let k = tiled(Elem::F16, m, n, t).kernel("k").unwrap();
        (
            k.source.matches("*(const unsigned*)(src").count(),
            k.source.matches("*(unsigned*)(dst").count(),
        )
    };
    assert_eq!(wide(64, 96, true), (1, 1));
    assert_eq!(wide(64, 96, false), (1, 1));
    // an odd N: the source's pairs straddle rows, loads go element by element (the
    // transposed destination, 64 rows a column, still takes pairs)
    assert_eq!(wide(64, 97, true), (0, 1));
    assert_eq!(wide(64, 97, false), (0, 0));
    // f32 moves single elements
    let k = tiled(Elem::F32, 64, 96, true).kernel("k").unwrap();
    assert!(!k.source.contains("unsigned long long*"));
}

#[test]
fn wide_copies_and_transposes_are_exact_for_any_size() {
    let mut runs = 0;
    // multiples of 8: 16-byte accesses on both sides; others fall back where they must
    for (m, n) in [
        (128, 192),
        (1000, 777),
        (1000, 776),
        (72, 64),
        (1, 33),
        (31, 1),
    ] {
        for elem in [Elem::F32, Elem::F16] {
            for rows in [64, 128] {
                for transpose in [false, true] {
                    let k = tiled_wide(elem, m, n, transpose, rows).unwrap();
                    assert_eq!(
                        run_on_cpu(&k, m, n, transpose),
                        0,
                        "{elem:?} {m}x{n} rows {rows} transpose={transpose}"
                    );
                    runs += 1;
                }
            }
        }
    }
    assert_eq!(runs, 48);
    assert!(tiled_wide(Elem::F32, 64, 64, false, 256).is_err());
    assert!(tiled_wide(Elem::F16, 64, 64, false, 96).is_err());
}

#[test]
fn wide_accesses_are_16_bytes_where_the_layouts_allow() {
    let wide = |elem, m, n, t| {
        let k = tiled_wide(elem, m, n, t, 64).unwrap().kernel("k").unwrap();
        (
            k.source.matches("*(const rcute_v16*)(src").count(),
            k.source.matches("*(rcute_v16*)(dst").count(),
        )
    };
    for elem in [Elem::F32, Elem::F16] {
        assert_eq!(wide(elem, 128, 192, true), (1, 1));
        assert_eq!(wide(elem, 128, 192, false), (1, 1));
        // N = 777: the rows are not 16-byte aligned, the loads go element by element; the
        // transposed destination's columns (1000 rows) still take 16 bytes
        assert_eq!(wide(elem, 1000, 777, true), (0, 1));
        assert_eq!(wide(elem, 1000, 777, false), (0, 0));
    }
}
