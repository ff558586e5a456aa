//! Split-K in the specialized `wgmma` kernel ([`Tiling::splits`]), on the CPU.
//!
//! 1. The persistent loops' walk, as generated: the lines of the kernel that pick a work
//!    unit's tile, split and k-tiles are taken from its source (the producer's and the
//!    consumers' must be the same text), compiled as C with their index functions and run
//!    for every block of launches of many sizes (1 block, a few, as many as units, more);
//!    every `(tile, k-tile)` pair must be multiplied exactly once, every `(tile, split)`
//!    unit taken once, and no unit's k-tiles empty.
//! 2. The workspace's functions: every warpgroup's partial sums of every unit get their
//!    own `f32` offsets, the four values `(e, h)` of one `j` contiguous and 16-byte
//!    aligned, inside the partials; each warpgroup of each tile its own counter after
//!    them, all within [`Kernel::workspace`](rcute_cuda::kernel::Kernel::workspace).
//! 3. [`Gemm::plan`] refuses the split-K tilings it cannot build, with an error.

use rcute_cuda::gemm::{Gemm, Instr, MmaType, Tiling};
use rcute_cuda::kernel::{Kernel, matrix};
use std::fmt::Write as _;

mod support;

/// The specialized `wgmma` GEMM of `m x n x k` (both operands K-major, leading dimension
/// `ld`: 16-byte rows load by TMA, odd ones are copied by the producer warpgroup) with
/// `tiling`.
fn gemm((m, n, k): (i64, i64, i64), ld: i64, tiling: Tiling) -> Gemm {
    let (a, b, c) = (
        matrix(m, k, ld, true),
        matrix(n, k, ld, true),
        matrix(m, n, n, true),
    );
    Gemm {
        instr: Instr::Wgmma,
        tiling,
        ..Gemm::new(MmaType::F16, a, b, c)
    }
}

/// The index functions of the kernel source: from the first generated function to the
/// kernel.
fn index_functions(source: &str) -> &str {
    let start = source.find("\n/* ").expect("generated functions") + 1;
    let end = source.find("extern \"C\"").expect("the kernel");
    &source[start..end]
}

/// `static` globals for the kernel's parameters, as its arguments.
fn globals(k: &Kernel) -> String {
    let it = k.index_type.c_name();
    let mut s = String::new();
    for p in &k.params {
        let _ = writeln!(
            s,
            "static {it} {} __attribute__((unused)) = {};",
            p.name, p.value
        );
    }
    s
}

/// The lines of one persistent loop, trimmed: the loop over the units, the lines up to
/// the tile's `bm, bn`, and the loop over its k-tiles.
fn walk_lines(loop_text: &str) -> Vec<String> {
    let lines: Vec<&str> = loop_text.lines().map(str::trim).collect();
    let bm = lines
        .iter()
        .position(|l| l.contains(" bm = "))
        .expect("the tile's bm, bn");
    let kt = lines
        .iter()
        .position(|l| l.starts_with("for (") && l.contains(" kt = "))
        .expect("the loop over the k-tiles");
    let mut out: Vec<String> = lines[..=bm]
        .iter()
        .filter(|l| !l.starts_with("//"))
        .map(|l| l.to_string())
        .collect();
    out.push(lines[kt].to_string());
    out
}

/// The producer's and the consumers' walks over the units, from the kernel source.
fn walks(source: &str) -> (Vec<String>, Vec<String>) {
    let kernel = &source[source.find("extern \"C\"").expect("the kernel")..];
    let loops: Vec<usize> = kernel
        .match_indices("for (")
        .map(|(i, _)| i)
        .filter(|&i| kernel[i..].lines().next().unwrap().contains("unit = "))
        .collect();
    assert_eq!(
        loops.len(),
        2,
        "a producer and a consumer loop over the units"
    );
    (
        walk_lines(&kernel[loops[0]..]),
        walk_lines(&kernel[loops[1]..]),
    )
}

/// Runs the kernel's walk for launches of each of `grids` blocks (whole clusters), every
/// block in turn, the kernel's source as `edit` leaves it; returns the program's report:
/// `OK <pairs>` or what went wrong.
fn run_walk(g: &Gemm, grids: &[i64], edit: impl Fn(&str) -> String) -> String {
    let mut k = g.kernel("gemm").unwrap();
    k.source = edit(&k.source);
    let plan = g.plan().unwrap();
    let split = plan.split.as_ref().expect("split-K");
    let (producer, consumer) = walks(&k.source);
    assert_eq!(
        producer, consumer,
        "the producer and the consumers walk alike"
    );
    let t = g.tiling;
    let cluster = plan.cluster();
    let shape = |l: &rcute::Layout| l.shape().leaf(0).value();
    let (m, n, kk) = (shape(&g.a), shape(&g.b), g.a.shape().leaf(1).value());
    let mt = ((m + t.bm - 1) / t.bm + cluster - 1) / cluster * cluster;
    let (nt, kt) = ((n + t.bn - 1) / t.bn, (kk + t.bk - 1) / t.bk);
    let mut src = String::from("#include <stdio.h>\n#include <string.h>\n");
    src.push_str(rcute_cuda::codegen::PRELUDE);
    src.push_str(index_functions(&k.source));
    src.push_str(&globals(&k));
    let body = producer.join("\n");
    let _ = write!(
        src,
        r#"
static struct {{ long long x; }} blockIdx, gridDim;
static unsigned rank, cluster_id, clusters;
static __attribute__((unused)) unsigned rcute_cluster_id(void) {{ return cluster_id; }}
static __attribute__((unused)) unsigned rcute_clusters(void) {{ return clusters; }}
static int hits[{mt}][{nt}][{kt}], units[{mt}][{nt}][{splits}];
static long long pairs, empty;
static void walk(void) {{
{body}
            hits[bm][bn][kt]++;
        }}
        units[bm][bn][sp]++;
        if (k_begin >= k_end) empty++;
    }}
}}
int main(void) {{
    const long long grids[] = {{ {grids} }};
    for (unsigned g = 0; g < sizeof(grids) / sizeof(grids[0]); ++g) {{
        memset(hits, 0, sizeof(hits));
        memset(units, 0, sizeof(units));
        empty = 0;
        gridDim.x = grids[g];
        clusters = grids[g] / {cluster};
        for (blockIdx.x = 0; blockIdx.x < grids[g]; ++blockIdx.x) {{
            rank = blockIdx.x % {cluster};
            cluster_id = blockIdx.x / {cluster};
            walk();
        }}
        for (int a = 0; a < {mt}; ++a)
            for (int b = 0; b < {nt}; ++b) {{
                for (int c = 0; c < {kt}; ++c, ++pairs)
                    if (hits[a][b][c] != 1) {{
                        printf("FAIL %lld blocks: tile (%d, %d) k-tile %d multiplied %d times\n", grids[g], a, b, c, hits[a][b][c]);
                        return 0;
                    }}
                for (int c = 0; c < {splits}; ++c)
                    if (units[a][b][c] != 1) {{
                        printf("FAIL %lld blocks: tile (%d, %d) split %d taken %d times\n", grids[g], a, b, c, units[a][b][c]);
                        return 0;
                    }}
            }}
        if (empty) {{ printf("FAIL %lld blocks: %lld units without k-tiles\n", grids[g], empty); return 0; }}
    }}
    printf("OK %lld\n", pairs);
    return 0;
}}
"#,
        splits = split.splits,
        grids = grids
            .iter()
            .map(|g| g.to_string())
            .collect::<Vec<_>>()
            .join(", "),
    );
    support::compile_and_run(&src)
}

/// The launches a walk is run for: one cluster, a few, one short of the units, as many
/// as the units, and more.
fn grids(k: &Kernel, cluster: i64) -> Vec<i64> {
    let units = i64::from(k.grid);
    let mut g = vec![1, 2, 3, 5, 7, units - 1, units, units + 3, 2 * units];
    g.retain(|&x| x >= 1);
    g.into_iter()
        .map(|x| (x / cluster).max(1) * cluster)
        .collect()
}

#[test]
fn every_tile_and_k_tile_is_multiplied_once_whatever_the_launch() {
    let cases = [
        // tiles of 64 x 128, K = 8192 (128 k-tiles: ranges of 8, of 26 and a last of 24)
        // and 1000 (16 k-tiles: 6, 6, 4; 4 x 4; 3 x 5 and 1)
        ((256, 256, 8192), 8192, Tiling::wgmma_64x128(), 16),
        ((256, 256, 8192), 8192, Tiling::wgmma_64x128(), 5),
        ((200, 300, 1000), 1000, Tiling::wgmma_64x128(), 3),
        ((200, 300, 1000), 1000, Tiling::wgmma_64x128(), 4),
        ((200, 300, 1000), 1000, Tiling::wgmma_64x128(), 6),
        // odd rows: the producer warpgroup copies; K = 999 (16 k-tiles, the last short)
        ((200, 300, 999), 999, Tiling::wgmma_64x128(), 3),
        // the default tiling in clusters of 2 (A padded to whole clusters)
        ((300, 600, 1000), 1000, Tiling::wgmma(), 2),
        ((300, 600, 1000), 1000, Tiling::wgmma(), 3),
    ];
    for (size, ld, tiling, splits) in cases {
        let g = gemm(size, ld, Tiling { splits, ..tiling });
        let k = g.kernel("gemm").unwrap();
        let plan = g.plan().unwrap();
        let what = format!("{size:?} {tiling:?} splits {splits}");
        assert!(k.persistent, "{what}");
        assert_eq!(plan.tma, ld % 8 == 0, "{what}");
        let out = run_walk(&g, &grids(&k, plan.cluster()), str::to_string);
        assert!(out.starts_with("OK"), "{what}: {out}");
        // and the launch's grid is every unit's block: the tiles times the splits
        let (m, n, kk) = size;
        let t = g.tiling;
        let mt = ((m + t.bm - 1) / t.bm + plan.cluster() - 1) / plan.cluster() * plan.cluster();
        let nt = (n + t.bn - 1) / t.bn;
        assert_eq!(i64::from(k.grid), mt * nt * splits, "{what}");
        let pairs: i64 = out[3..].trim().parse().unwrap();
        let kt = (kk + t.bk - 1) / t.bk;
        assert_eq!(pairs, mt * nt * kt * grids(&k, plan.cluster()).len() as i64);
    }
}

/// The walk's emulation can fail: a walk that skips the first k-tile of every split, or
/// that takes every unit in every block, is caught.
#[test]
fn a_wrong_walk_is_caught() {
    let g = gemm(
        (200, 300, 1000),
        1000,
        Tiling {
            splits: 3,
            ..Tiling::wgmma_64x128()
        },
    );
    let k = g.kernel("gemm").unwrap();
    let skip = run_walk(&g, &grids(&k, 1), |s| {
        s.replace("= k_first(sp)", "= k_first(sp) + 1")
    });
    assert!(
        skip.starts_with("FAIL 1 blocks: tile (0, 0) k-tile 0 multiplied 0 times"),
        "{skip}"
    );
    let all = run_walk(&g, &[2], |s| s.replace("unit += gridDim.x", "unit += 1"));
    // block 1 starts at unit 1, split 1 of tile 0 (its k-tiles 6 to 11), and block 0 at unit 0
    assert!(
        all.starts_with("FAIL 2 blocks: tile (0, 0) k-tile 6 multiplied 2 times"),
        "{all}"
    );
}

/// The workspace's offsets, from the kernel's own `w_partial` and `w_counter` compiled
/// with gcc: a bijection of the partials `(thread, e, h, j, warpgroup, split, bm, bn)` onto
/// the first floats of the workspace, pairs and quads contiguous, then the counters.
#[test]
fn every_partial_sum_and_counter_has_its_own_place() {
    for (size, tiling, splits) in [
        ((200, 300, 1000), Tiling::wgmma_64x128(), 3),
        ((300, 600, 1000), Tiling::wgmma(), 4),
    ] {
        let g = gemm(size, size.2, Tiling { splits, ..tiling });
        let k = g.kernel("gemm").unwrap();
        let plan = g.plan().unwrap();
        let t = g.tiling;
        let c = plan.cluster();
        let mt = ((size.0 + t.bm - 1) / t.bm + c - 1) / c * c;
        let nt = (size.1 + t.bn - 1) / t.bn;
        let partials = mt * nt * splits * t.bm * t.bn;
        let counters = mt * nt * t.warps_m;
        assert_eq!(k.workspace as i64, 4 * (partials + counters));
        let (wp, wc) = ("w_partial", "w_counter");
        let args = |name: &str| -> String {
            k.params
                .iter()
                .filter(|p| p.name.starts_with(&format!("{name}_")))
                .map(|p| format!(", {}", p.name))
                .collect()
        };
        let mut src = String::from("#include <stdio.h>\n");
        src.push_str(rcute_cuda::codegen::PRELUDE);
        src.push_str(index_functions(&k.source));
        src.push_str(&globals(&k));
        let _ = write!(
            src,
            r#"
static unsigned char seen[{total}];
int main(void) {{
    long long n = 0;
    for (long long bn = 0; bn < {nt}; ++bn)
    for (long long bm = 0; bm < {mt}; ++bm)
    for (long long sp = 0; sp < {splits}; ++sp)
    for (long long wg = 0; wg < {wgs}; ++wg)
    for (long long j = 0; j < {nj}; ++j)
    for (long long wt = 0; wt < 128; ++wt) {{
        const long long base = {wp}(wt, 0, 0, j, wg, sp, bm, bn{wp_args});
        if (base % 4 != 0) {{ printf("FAIL unaligned %lld\n", base); return 0; }}
        for (long long h = 0; h < 2; ++h)
        for (long long e = 0; e < 2; ++e) {{
            const long long o = {wp}(wt, e, h, j, wg, sp, bm, bn{wp_args});
            if (o != base + e + 2 * h) {{ printf("FAIL (e, h) not contiguous at %lld\n", o); return 0; }}
            if (o < 0 || o >= {partials} || seen[o]++) {{ printf("FAIL partial at %lld\n", o); return 0; }}
            ++n;
        }}
    }}
    for (long long bn = 0; bn < {nt}; ++bn)
    for (long long bm = 0; bm < {mt}; ++bm)
    for (long long wg = 0; wg < {wgs}; ++wg) {{
        const long long o = {partials} + {wc}(wg, bm, bn{wc_args});
        if (o < {partials} || o >= {total} || seen[o]++) {{ printf("FAIL counter at %lld\n", o); return 0; }}
        ++n;
    }}
    printf("OK %lld\n", n);
    return 0;
}}
"#,
            total = partials + counters,
            wgs = t.warps_m,
            nj = t.bn / 8,
            wp_args = args(wp),
            wc_args = args(wc),
        );
        let out = support::compile_and_run(&src);
        assert_eq!(
            out.trim(),
            format!("OK {}", partials + counters),
            "{size:?} {tiling:?}"
        );
    }
}

/// Tilings split-K cannot build are refused with an error, not a panic: no split, split-K
/// on `mma.sync` or the kernel that is not specialized, and splits that would leave a
/// range of `ceil(KT / splits)` k-tiles empty (`K = 512`: 8 k-tiles).
#[test]
fn the_plan_refuses_splits_it_cannot_build() {
    let size = (200, 300, 512);
    let refused = |g: &Gemm, why: &str| {
        let err = g.plan().expect_err("refused");
        assert!(err.to_string().contains(why), "{:?}: {err}", g.tiling);
        assert!(g.kernel("g").is_err());
    };
    refused(
        &gemm(
            size,
            512,
            Tiling {
                splits: 0,
                ..Tiling::wgmma_64x128()
            },
        ),
        "at least one split",
    );
    let mut mma = gemm(
        size,
        512,
        Tiling {
            splits: 2,
            ..Tiling::default()
        },
    );
    mma.instr = Instr::MmaSync;
    refused(&mma, "specialized");
    let plain = Tiling {
        splits: 2,
        specialized: false,
        ..Tiling::wgmma_64x128()
    };
    refused(&gemm(size, 512, plain), "specialized");
    // 8 k-tiles: 5 splits of 2 leave the fifth none, 9 splits of 1 the ninth
    for splits in [5, 9, 100] {
        refused(
            &gemm(
                size,
                512,
                Tiling {
                    splits,
                    ..Tiling::wgmma_64x128()
                },
            ),
            "without k-tiles",
        );
    }
    for splits in [1, 2, 3, 4, 8] {
        let g = gemm(
            size,
            512,
            Tiling {
                splits,
                ..Tiling::wgmma_64x128()
            },
        );
        let plan = g.plan().unwrap();
        assert_eq!(plan.split.as_ref().map_or(1, |s| s.splits), splits);
        let k = g.kernel("g").unwrap();
        assert_eq!(k.workspace > 0, splits > 1);
        assert_eq!(k.source.contains("float* __restrict__ W"), splits > 1);
    }
}
