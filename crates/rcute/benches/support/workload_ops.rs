//! The fixed benchmark workload (`benches/workload.txt` at the repository root), prepared
//! for timing: the arguments are parsed once, and `Op::run` (or the closure `Op::resolve`
//! hands out) calls the library operation alone. Shared by `benches/workload.rs`
//! (criterion) and `examples/workload.rs` (the runner of `scripts/compare-peers.sh`).

#![allow(dead_code)]

use rcute::{IntTuple, Layout, Tiler};
use std::hint::black_box;

/// One prepared operation of the workload.
pub enum Op {
    Composition(Layout, Tiler),
    TiledDivide(Layout, Tiler),
    LogicalDivide(Layout, Tiler),
    ZippedDivide(Layout, Tiler),
    Complement(Layout, IntTuple),
    Coalesce(Layout),
    LogicalProduct(Layout, Tiler),
    BlockedProduct(Layout, Layout),
    RakedProduct(Layout, Layout),
    RightInverse(Layout),
    LeftInverse(Layout),
    Idx2crd(IntTuple, IntTuple),
    Crd2idx(IntTuple, IntTuple, IntTuple),
    Offsets(Layout),
}

pub struct Entry {
    pub name: String,
    pub expr: String,
    pub op: Op,
}

/// Splits `f(a, b, c)` into `f` and its top-level arguments.
pub fn split_call(expr: &str) -> (String, Vec<String>) {
    let open = expr.find('(').expect("a call");
    let name = expr[..open].trim().to_string();
    let inner = &expr[open + 1..expr.rfind(')').expect("a call")];
    let mut args = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                args.push(inner[start..i].trim().to_string());
                start = i + 1;
            }
            _ => {}
        }
    }
    args.push(inner[start..].trim().to_string());
    (name, args)
}

/// A layout argument: CuTe notation, or a call of one of the workload's layout operations
/// on such arguments (`zipped_divide((128,128):(1,128), (16,16))`).
pub fn layout(s: &str) -> Layout {
    if let Ok(l) = Layout::try_parse(s) {
        return l;
    }
    let r = match Op::prepare(s) {
        Op::Composition(a, t) => a.try_composition_tiler(&t),
        Op::LogicalDivide(a, t) => a.try_logical_divide(&t),
        Op::ZippedDivide(a, t) => a.try_zipped_divide(&t),
        Op::TiledDivide(a, t) => a.try_tiled_divide(&t),
        Op::Complement(a, c) => a.try_complement(&c),
        Op::Coalesce(a) => a.try_coalesce(),
        Op::LogicalProduct(a, t) => a.try_logical_product(&t),
        Op::BlockedProduct(a, b) => a.try_blocked_product(&b),
        Op::RakedProduct(a, b) => a.try_raked_product(&b),
        Op::RightInverse(a) => a.try_right_inverse(),
        Op::LeftInverse(a) => a.try_left_inverse(),
        _ => panic!("{s}: not a layout"),
    };
    r.unwrap_or_else(|e| panic!("{s}: {e}"))
}

pub fn tiler(s: &str) -> Tiler {
    Tiler::try_parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn tuple(s: &str) -> IntTuple {
    IntTuple::try_parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

impl Op {
    fn prepare(expr: &str) -> Op {
        let (name, a) = split_call(expr);
        match name.as_str() {
            "composition" => Op::Composition(layout(&a[0]), tiler(&a[1])),
            "logical_divide" => Op::LogicalDivide(layout(&a[0]), tiler(&a[1])),
            "zipped_divide" => Op::ZippedDivide(layout(&a[0]), tiler(&a[1])),
            "tiled_divide" => Op::TiledDivide(layout(&a[0]), tiler(&a[1])),
            "complement" => Op::Complement(layout(&a[0]), tuple(&a[1])),
            "coalesce" => Op::Coalesce(layout(&a[0])),
            "logical_product" => Op::LogicalProduct(layout(&a[0]), tiler(&a[1])),
            "blocked_product" => Op::BlockedProduct(layout(&a[0]), layout(&a[1])),
            "raked_product" => Op::RakedProduct(layout(&a[0]), layout(&a[1])),
            "right_inverse" => Op::RightInverse(layout(&a[0])),
            "left_inverse" => Op::LeftInverse(layout(&a[0])),
            "idx2crd" => Op::Idx2crd(tuple(&a[0]), tuple(&a[1])),
            "crd2idx" => Op::Crd2idx(tuple(&a[0]), tuple(&a[1]), tuple(&a[2])),
            "offsets" => Op::Offsets(layout(&a[0])),
            other => panic!("unknown workload operation {other}"),
        }
    }

    /// Runs the operation once; returns the sum of every leaf of the result (read in
    /// place, as the C++ harness's `sink` reads every leaf), so that the work cannot be
    /// optimized away.
    pub fn run(&self) -> i64 {
        struct Once;
        impl Call for Once {
            type Out = i64;
            fn call<F: Fn() -> i64>(self, f: F) -> i64 {
                f()
            }
        }
        self.resolve(Once)
    }

    /// Hands `c` a closure that runs the operation once, as [`Op::run`] does, with the
    /// operation chosen here, once: the closure calls the library operation directly,
    /// with no dispatch over the workload's operations in it. A timer given it
    /// (`examples/workload.rs`) times each case in a loop of its own, as CuTe C++'s
    /// harness compiles one lambda per case.
    pub fn resolve<C: Call>(&self, c: C) -> C::Out {
        let l = read_layout;
        match self {
            Op::Composition(a, t) => {
                c.call(|| l(&black_box(a).try_composition_tiler(black_box(t))))
            }
            Op::LogicalDivide(a, t) => c.call(|| l(&black_box(a).try_logical_divide(black_box(t)))),
            Op::ZippedDivide(a, t) => c.call(|| l(&black_box(a).try_zipped_divide(black_box(t)))),
            Op::TiledDivide(a, t) => c.call(|| l(&black_box(a).try_tiled_divide(black_box(t)))),
            Op::Complement(a, m) => c.call(|| l(&black_box(a).try_complement(black_box(m)))),
            Op::Coalesce(a) => c.call(|| l(&black_box(a).try_coalesce())),
            Op::LogicalProduct(a, t) => {
                c.call(|| l(&black_box(a).try_logical_product(black_box(t))))
            }
            Op::BlockedProduct(a, b) => {
                c.call(|| l(&black_box(a).try_blocked_product(black_box(b))))
            }
            Op::RakedProduct(a, b) => c.call(|| l(&black_box(a).try_raked_product(black_box(b)))),
            Op::RightInverse(a) => c.call(|| l(&black_box(a).try_right_inverse())),
            Op::LeftInverse(a) => c.call(|| l(&black_box(a).try_left_inverse())),
            Op::Idx2crd(i, s) => c.call(|| match &rcute::try_idx2crd(black_box(i), black_box(s)) {
                Ok(x) => sum_leaves(x),
                Err(_) => -1,
            }),
            Op::Crd2idx(x, s, d) => c.call(|| {
                rcute::try_crd2idx(black_box(x), black_box(s), black_box(d))
                    .map(|x| x.value())
                    .unwrap_or(-1)
            }),
            Op::Offsets(a) => c.call(|| {
                let a = black_box(a);
                let n = a.size().value() as usize;
                let mut sum = 0i64;
                for i in 0..n {
                    sum = sum.wrapping_add(a.offset(i));
                }
                sum
            }),
        }
    }
}

/// What [`Op::resolve`] hands the operation to: a closure that runs it once and returns
/// the sum of every leaf of its result (-1 for an error).
pub trait Call {
    type Out;
    fn call<F: Fn() -> i64>(self, f: F) -> Self::Out;
}

/// The sum of every leaf of a layout operation's result (-1 for an error), read in place:
/// how the runner reads each result, as the C++ harness's `sink` reads every leaf.
#[inline]
pub fn read_layout(r: &Result<Layout, rcute::Error>) -> i64 {
    match r {
        Ok(x) => sum_leaves(x.shape_ref()).wrapping_add(sum_leaves(x.stride_ref())),
        Err(_) => -1,
    }
}

/// The sum of the values of every leaf of `t`.
fn sum_leaves(t: &IntTuple) -> i64 {
    t.leaves().fold(0i64, |acc, i| acc.wrapping_add(i.value()))
}

/// Reads the workload file: `$RCUTE_WORKLOAD` when set (for a runner copied to another
/// machine), else `benches/workload.txt` of this checkout.
pub fn load() -> Vec<Entry> {
    let path = std::env::var("RCUTE_WORKLOAD").unwrap_or_else(|_| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../benches/workload.txt").to_string()
    });
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|l| {
            let (name, expr) = l.split_once('|').expect("name | expression");
            Entry {
                name: name.trim().to_string(),
                expr: expr.trim().to_string(),
                op: Op::prepare(expr.trim()),
            }
        })
        .collect()
}

/// The layout of the workload's `offsets_128x128` (every offset of a 128x128 tile tiled
/// by 16x16), for the benchmarks that walk it.
pub fn offsets_layout(entries: &[Entry]) -> Layout {
    match entries.iter().find(|e| e.name == "offsets_128x128") {
        Some(Entry {
            op: Op::Offsets(l), ..
        }) => *l,
        _ => panic!("the workload has no offsets_128x128"),
    }
}
