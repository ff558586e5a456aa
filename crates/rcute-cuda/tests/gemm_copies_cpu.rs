//! The GEMM's copies into shared memory as generated, compiled as C with the host compiler
//! and run on the CPU: the kernel's own `load` (its text taken from the kernel source, its
//! index functions with it), for every thread of a block, every block tile of both operands
//! and every `K` tile, with `cp.async` emulated.
//!
//! The emulated `cp.async` of 4, 8 or 16 bytes checks what the PTX ISA requires: the shared
//! and global addresses aligned to the copy's size, the source size at most the copy's; it
//! copies the source size and zero-fills the rest. After each stage the program checks every
//! element of both shared tiles: the element of the operand at its place (found through the
//! plan's swizzled tile and the operand's layout, not through the copy's layouts), or zero
//! past the operand's edges; `cp.async` writes each shared element once per stage.
//!
//! Shapes: rows of 999 or 777 elements (odd: element loads), 998 and 778 (4-byte copies),
//! 996 and 780 (8-byte), 1000 and 776 (16-byte), every operand major, both instructions
//! (`wgmma` loads with `cp.async` when an operand's rows are not 16-byte aligned).

use rcute_cuda::codegen::{IndexFn, IndexType, Inputs, PRELUDE};
use rcute_cuda::gemm::{Gemm, Instr, MmaType, OperandPlan, Tiling};
use rcute_cuda::kernel::matrix;
use std::fmt::Write as _;

mod support;

/// The GEMM of `m x n x k` with `A` K-major (row-major) or M-major and `B` (as `N x K`)
/// K-major or N-major.
fn gemm((m, n, k): (i64, i64, i64), a_k: bool, b_k: bool, instr: Instr) -> Gemm {
    let a = matrix(m, k, if a_k { k } else { m }, a_k);
    let b = matrix(n, k, if b_k { k } else { n }, b_k);
    let mut g = Gemm::new(MmaType::F16, a, b, matrix(m, n, n, true));
    g.instr = instr;
    if instr == Instr::Wgmma {
        g.tiling = Tiling::wgmma();
    }
    g
}

/// The text of the kernel's `load` lambda as a C function `load(kt, s)` (the main loop's,
/// or the specialized kernel's producer's, one level deeper).
fn load_function(source: &str) -> Option<String> {
    let at = source.find("auto load = [&](")?;
    let indent = &source[source[..at].rfind('\n')? + 1..at];
    let rest = &source[at..];
    let open = rest.find(") {\n")?;
    let end = rest.find(&format!("\n{indent}}};\n"))?;
    let params = &rest["auto load = [&](".len()..open];
    Some(format!(
        "static void load({params}) {{\n{}\n}}\n",
        &rest[open + 4..end]
    ))
}

/// The index functions of the kernel source: from the first generated function to the
/// kernel.
fn index_functions(source: &str) -> &str {
    let start = source.find("\n/* ").expect("generated functions") + 1;
    let end = source.find("extern \"C\"").expect("the kernel");
    &source[start..end]
}

/// `static` globals for the values of `params`, as the kernel's arguments.
fn globals<'a>(params: impl IntoIterator<Item = (&'a str, i64)>, it: &str) -> String {
    let mut s = String::new();
    for (name, value) in params {
        let _ = writeln!(s, "static {it} {name} __attribute__((unused)) = {value};");
    }
    s
}

/// What one run checked.
#[derive(Debug, Default, PartialEq)]
struct Counts {
    /// Shared elements compared with their operand element (or zero).
    elements: u64,
    /// `cp.async` copies issued, by size in bytes (4, 8, 16).
    copies: [u64; 3],
    /// Copies that read some of their bytes, not all (zero-filled past an edge).
    partial: u64,
    /// Copies that read nothing (wholly past an edge: all zeros).
    zero: u64,
}

/// Runs the kernel's copies of every tile of both operands on the CPU; panics on a wrong
/// element (the program's message names it), returns what it counted.
fn run(g: &Gemm) -> Option<Counts> {
    run_edited(g, |s| s.to_string()).map(|r| r.unwrap_or_else(|e| panic!("{e}")))
}

/// [`run`] of the kernel source as `edit` leaves it; the program's message when an element
/// or a copy is wrong.
fn run_edited(g: &Gemm, edit: impl Fn(&str) -> String) -> Option<Result<Counts, String>> {
    let mut k = g.kernel("gemm").unwrap();
    k.source = edit(&k.source);
    let load = load_function(&k.source)?;
    let plan = g.plan().unwrap();
    let t = g.tiling;
    let it = k.index_type.c_name();
    let ty = IndexType::I64;
    let shape = |l: &rcute::Layout| {
        let s = l.shape();
        (s.leaf(0).value(), s.leaf(1).value())
    };
    let ((m, kk), (n, _)) = (shape(&g.a), shape(&g.b));
    // the checks' own functions: each operand's element offset, each tile's shared offset
    let mut checks = Vec::new();
    for (name, l, op) in [("a", &g.a, &plan.a), ("b", &g.b, &plan.b)] {
        checks.push(IndexFn::layout(&format!("want_{name}"), l, Inputs::Modes, ty).unwrap());
        checks
            .push(IndexFn::composed(&format!("tile_{name}"), &op.tile, Inputs::Modes, ty).unwrap());
    }
    let mut src = String::from("#include <stdio.h>\n#include <stdlib.h>\n");
    src.push_str(PRELUDE);
    src.push_str(index_functions(&k.source));
    for f in &checks {
        src.push_str(&f.source());
        src.push_str(&globals(
            f.params().iter().map(|p| (p.name.as_str(), p.value)),
            "long long",
        ));
    }
    src.push_str(&globals(
        k.params.iter().map(|p| (p.name.as_str(), p.value)),
        it,
    ));
    let a_elems = plan.a.smem.layout().cosize().value();
    let b_elems = plan.b.smem.layout().cosize().value();
    let _ = write!(
        src,
        r#"
static int A_data[{a_len}] __attribute__((aligned(16))), B_data[{b_len}] __attribute__((aligned(16)));
static const int* A = A_data;
static const int* B = B_data;
static int rcute_smem[{smem}] __attribute__((aligned(16)));
static unsigned char written[{smem}];
static int* const A_smem = rcute_smem;
static int* const B_smem = rcute_smem + {a_elems};
static {it} tid, pt, bm, bn;
static long long copies[3], partial, zero;
/* the copies of a tile are counted once (the last tile of the operand with fewer is loaded again) */
static int counted[2];
#define rcute_smem_u32(p) ((unsigned)(2 * ((p) - rcute_smem)))
static inline int min(int a, int b) {{ return a < b ? a : b; }}
static inline int max(int a, int b) {{ return a > b ? a : b; }}
static void fail(const char* what, long long x) {{
    printf("FAIL %s %lld (block m %lld n %lld thread %lld)\n", what, x, (long long)bm, (long long)bn, (long long)tid);
    exit(0);
}}
static inline void cp_async(unsigned dst, const int* src, int bytes, int size) {{
    const int* base = src >= A_data && src < A_data + {a_len} ? A_data : B_data;
    const long long len = base == A_data ? {a_len} : {b_len};
    const long long at = src - base;
    if (dst % size != 0) fail("shared address not aligned to the copy", dst);
    if (at < 0 || at >= len) fail("global address outside the operand", at);
    if ((2 * at) % size != 0) fail("global address not aligned to the copy", at);
    if (bytes < 0 || bytes > size || bytes % 2 != 0) fail("source size", bytes);
    if (at + bytes / 2 > len) fail("read past the operand", at);
    if (counted[base == A_data ? 0 : 1]) {{
        copies[size == 4 ? 0 : size == 8 ? 1 : 2]++;
        if (bytes == 0) zero++;
        else if (bytes < size) partial++;
    }}
    for (int e = 0; e < size / 2; ++e) {{
        const unsigned o = dst / 2 + e;
        if (written[o]++) fail("shared element written twice", o);
        rcute_smem[o] = e < bytes / 2 ? src[e] : 0;
    }}
}}
/* element loads: a group of 8 to 8 contiguous shared elements, 16-byte aligned */
typedef int rcute_elem;
static inline void rcute_st_shared8(int* p, const int* v) {{
    const long long o = p - rcute_smem;
    if (o % 8 != 0) fail("group not aligned to 16 bytes", o);
    for (int e = 0; e < 8; ++e) {{
        if (written[o + e]++) fail("shared element written twice", o + e);
        p[e] = v[e];
    }}
}}
#define rcute_cp_async4(d, s, b) cp_async(d, s, b, 4)
#define rcute_cp_async8(d, s, b) cp_async(d, s, b, 8)
#define rcute_cp_async16(d, s, b) cp_async(d, s, b, 16)
{load}
/* operand x (rows R) tile t, stage s: every element is its operand element or zero */
static long long check(int x, long long t, long long kt, long long s, long long R, long long rows, long long stage) {{
    long long n = 0;
    for (long long k = 0; k < {bk}; ++k)
        for (long long r = 0; r < rows; ++r) {{
            const long long gr = t * rows + r, gk = kt * {bk} + k;
            const long long o = (x == 0 ? 0 : {a_elems}) + stage + (x == 0 ? tile_a(r, k{tile_a}) : tile_b(r, k{tile_b}));
            const int want = gr < R && gk < {kk} ? 1 + (int)(x == 0 ? want_a(gr, gk{want_a}) : want_b(gr, gk{want_b})) : 0;
            if (rcute_smem[o] != want) {{
                printf("FAIL operand %d tile %lld k tile %lld element (%lld, %lld): %d, not %d\n", x, t, kt, r, k, rcute_smem[o], want);
                exit(0);
            }}
            ++n;
        }}
    return n;
}}
int main(void) {{
    for (long long i = 0; i < {a_len}; ++i) A_data[i] = (int)(i + 1);
    for (long long i = 0; i < {b_len}; ++i) B_data[i] = (int)(i + 1);
    const long long mt = ({m} + {bm_} - 1) / {bm_}, nt = ({n} + {bn_} - 1) / {bn_};
    long long elements = 0;
    for (long long i = 0; i < (mt > nt ? mt : nt); ++i) {{
        bm = i < mt ? i : mt - 1;
        bn = i < nt ? i : nt - 1;
        counted[0] = i < mt;
        counted[1] = i < nt;
        for ({it} kt = 0; kt < KT; ++kt) {{
            const {it} s = kt % {stages};
            for (long long o = 0; o < {smem}; ++o) {{ rcute_smem[o] = -1; written[o] = 0; }}
            for (tid = 0; tid < {threads}; ++tid) {{ pt = tid; load(kt, s); }}
            if (i < mt) elements += check(0, bm, kt, s, {m}, {bm_}, a_stage(s));
            if (i < nt) elements += check(1, bn, kt, s, {n}, {bn_}, b_stage(s));
        }}
    }}
    printf("%lld %lld %lld %lld %lld %lld\n", elements, copies[0], copies[1], copies[2], partial, zero);
    return 0;
}}
"#,
        a_len = g.a.cosize().value(),
        b_len = g.b.cosize().value(),
        smem = a_elems + b_elems,
        bk = t.bk,
        tile_a = args(&checks[1]),
        tile_b = args(&checks[3]),
        want_a = args(&checks[0]),
        want_b = args(&checks[2]),
        bm_ = t.bm,
        bn_ = t.bn,
        stages = t.stages,
        // the threads that copy: the producer warpgroups' in a specialized kernel
        threads = plan.copiers(),
    );
    let out = support::compile_and_run(&src);
    if out.starts_with("FAIL") {
        return Some(Err(out));
    }
    let v: Vec<u64> = out.split_whitespace().map(|x| x.parse().unwrap()).collect();
    Some(Ok(Counts {
        elements: v[0],
        copies: [v[1], v[2], v[3]],
        partial: v[4],
        zero: v[5],
    }))
}

/// `, p1, p2` for the parameters of `f`.
fn args(f: &IndexFn) -> String {
    f.params().iter().map(|p| format!(", {}", p.name)).collect()
}

const SHAPES: [(i64, i64, i64); 4] = [
    (1000, 777, 999),
    (1000, 778, 998),
    (1000, 780, 996),
    (1000, 776, 1000),
];

/// The elements along a copy for an operand of `rows` x `k` (K-major: stride `k`; M/N-major:
/// stride `rows`): the widest of 8, 4, 2, 1 that divides the stride.
fn width_of(stride: i64) -> i64 {
    [8, 4, 2, 1].into_iter().find(|w| stride % w == 0).unwrap()
}

#[test]
fn each_operand_takes_the_widest_copy_its_rows_allow() {
    for (m, n, k) in SHAPES {
        for a_k in [true, false] {
            for b_k in [true, false] {
                let plan = gemm((m, n, k), a_k, b_k, Instr::MmaSync).plan().unwrap();
                let want = |op: &OperandPlan, rows: i64, k_major: bool| {
                    assert_eq!(op.width, width_of(if k_major { k } else { rows }));
                    assert_eq!(op.vector, op.width == 8);
                    // element loads keep groups of 8 (each thread loads its 8 in turn)
                    let group = if op.width == 1 { 8 } else { op.width };
                    assert_eq!(op.copy.mode(1).size().value(), group);
                };
                want(&plan.a, m, a_k);
                want(&plan.b, n, b_k);
            }
        }
    }
    // a stride of 1 along K and none along the rows is no contiguous row either way
    let g = Gemm::new(
        MmaType::F16,
        rcute::layout!((64, 64):(3, 5)),
        matrix(64, 64, 64, true),
        matrix(64, 64, 64, true),
    );
    assert_eq!(g.plan().unwrap().a.width, 1);
}

#[test]
fn generated_copies_fill_every_stage_with_the_operands_or_zeros() {
    let mut runs = 0;
    let mut sizes_seen = [0u64; 3];
    let mut elements = 0;
    for (m, n, k) in SHAPES {
        for a_k in [true, false] {
            for b_k in [true, false] {
                // mma.sync, wgmma specialized (the producer warpgroup copies) and not
                for (instr, specialized) in [
                    (Instr::MmaSync, false),
                    (Instr::Wgmma, true),
                    (Instr::Wgmma, false),
                ] {
                    let mut g = gemm((m, n, k), a_k, b_k, instr);
                    g.tiling.specialized = specialized;
                    let what = format!(
                        "{m}x{n}x{k} A K-major {a_k} B K-major {b_k} {instr:?} specialized {specialized}"
                    );
                    let Some(c) = run(&g) else {
                        // wgmma on 16-byte rows loads by TMA: no cp.async to run
                        assert!(instr == Instr::Wgmma && g.plan().unwrap().tma, "{what}");
                        continue;
                    };
                    let t = g.tiling;
                    let (mt, nt, kt) = (
                        (m + t.bm - 1) / t.bm,
                        (n + t.bn - 1) / t.bn,
                        (k + t.bk - 1) / t.bk,
                    );
                    assert_eq!(
                        c.elements,
                        ((mt * t.bm + nt * t.bn) * t.bk * kt) as u64,
                        "{what}"
                    );
                    // the copies issued are exactly the operands' copies of their width
                    let plan = g.plan().unwrap();
                    let mut want = [0u64; 3];
                    for (op, tiles) in [(&plan.a, mt), (&plan.b, nt)] {
                        if op.width > 1 {
                            let per = (op.rows * t.bk / op.width * tiles * kt) as u64;
                            want[op.width.trailing_zeros() as usize - 1] += per;
                        }
                    }
                    assert_eq!(c.copies, want, "{what}");
                    for (s, w) in sizes_seen.iter_mut().zip(want) {
                        *s += w;
                    }
                    // the operands' edges are multiples of the copies' widths here: a copy
                    // past an edge reads nothing (K is cut inside the last K tile, but for
                    // 1000, and the last tiles of M and N past 1000 and 776 to 780)
                    assert_eq!(c.partial, 0, "{what}");
                    assert!(c.zero > 0 || plan.a.width * plan.b.width == 1, "{what}");
                    elements += c.elements;
                    runs += 1;
                }
            }
        }
    }
    // every width ran: 4 shapes x 4 majors x mma.sync, and wgmma where a row is not 16 bytes
    assert_eq!(runs, 16 + 12 + 12);
    assert!(sizes_seen.iter().all(|&s| s > 0), "{sizes_seen:?}");
    eprintln!(
        "{runs} kernels, {elements} shared elements checked, copies of 4/8/16 bytes: {sizes_seen:?}"
    );
}

/// Rows padded to a wider stride than the operand's extent: 16-byte copies of `A` (K-major,
/// 998 of 1000 elements a row) and 8-byte copies of `B` (N-major, 777 of 780) read part of
/// their bytes at the edge and zero-fill the rest.
#[test]
fn padded_rows_cut_copies_short_at_the_edges() {
    let (m, n, k) = (999, 777, 998);
    for instr in [Instr::MmaSync, Instr::Wgmma] {
        let mut g = Gemm::new(
            MmaType::F16,
            matrix(m, k, 1000, true),
            matrix(n, k, 780, false),
            matrix(m, n, n, true),
        );
        g.instr = instr;
        if instr == Instr::Wgmma {
            g.tiling = Tiling::wgmma();
        }
        let plan = g.plan().unwrap();
        assert_eq!((plan.a.width, plan.b.width, plan.tma), (8, 4, false));
        let c = run(&g).expect("cp.async copies");
        let t = g.tiling;
        let (mt, nt) = ((m + t.bm - 1) / t.bm, (n + t.bn - 1) / t.bn);
        let kt = (k + t.bk - 1) / t.bk;
        // A: the copy at k = 992 of each row reads 6 elements of 8; B: the copy at rows
        // 776..780 of each k reads 1 of 4
        let a_rows = m as u64;
        let b_ks = k as u64;
        assert_eq!(c.partial, a_rows + b_ks, "{instr:?}");
        assert_eq!(
            c.elements,
            ((mt * t.bm + nt * t.bn) * t.bk * kt) as u64,
            "{instr:?}"
        );
        assert!(
            c.copies[1] > 0 && c.copies[2] > 0 && c.zero > 0,
            "{instr:?}"
        );
    }
}

/// The emulation catches wrong copies: a predicate one element past the edge, a copy size
/// that does not match the shared layout's, and a wrong source size.
#[test]
fn the_cpu_run_can_fail() {
    let g = gemm((1000, 778, 998), true, true, Instr::MmaSync);
    let fails = |from: &str, to: &str, want: &str| {
        let out = run_edited(&g, |s| {
            assert!(s.contains(from), "{from}");
            s.replace(from, to)
        })
        .unwrap()
        .expect_err("the edit is caught");
        assert!(out.contains(want), "{from} -> {to}: {out}");
    };
    // A's zero-fill one element late at K = 998: reads past the row, the wrong element
    fails("(int)(K - c)", "(int)(K + 1 - c)", "element");
    // 8 bytes at 4-byte aligned places
    fails("rcute_cp_async4(", "rcute_cp_async8(", "not aligned");
    // a source size past the copy
    fails(", 2 * n);", ", 2 * n + 2);", "source size");
    // element loads: the edge of N one row early
    let g = gemm((1000, 777, 999), true, true, Instr::MmaSync);
    let out = run_edited(&g, |s| {
        assert!(s.contains("(r < N && c + e < K)"));
        s.replace("(r < N && c + e < K)", "(r < N - 1 && c + e < K)")
    })
    .unwrap()
    .expect_err("the edit is caught");
    assert!(out.contains("operand 1"), "{out}");
    // element loads: a group stored one element off its 16-byte word
    let out = run_edited(&g, |s| {
        s.replace(
            "rcute_st_shared8(A_smem + ",
            "rcute_st_shared8(A_smem + 1 + ",
        )
    })
    .unwrap()
    .expect_err("the edit is caught");
    assert!(out.contains("not aligned"), "{out}");
}
