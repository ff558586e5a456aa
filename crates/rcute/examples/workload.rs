//! Times the fixed workload (`benches/workload.txt`) in rcute and prints one line per
//! operation: `name ns_per_op`. Used by `scripts/compare-peers.sh`; the criterion
//! benchmarks (`cargo bench`) measure the same operations with statistics.
//!
//! Each operation runs in batches sized to about 20 ms; the result is the fastest of
//! 7 batches (the time with the least interference, as `scripts/compare-peers.sh` takes
//! it from every implementation). Each case is timed in a loop of its own that calls the
//! operation directly (`Op::resolve`), as the C++ harness compiles one lambda per case.
//! `workload NAME...` times only the named operations.
//!
//! `workload --typed [NAME...]` times the same operations on typed layouts
//! (`rcute::typed`: the structure of each operand a type, its values read from the
//! workload file at run time), CuTe C++'s setting for dynamic values.
//!
//! Two lines follow the workload's: `crd2idx_static`, the workload's crd2idx on a `const`
//! layout (CuTe's static layout, `Int<N>` everywhere) with a coordinate known only at run
//! time; and `offsets_128x128_walk`, every offset of the `offsets_128x128` layout walked
//! in order with `Layout::offsets` (beyond CuTe, which evaluates a layout index by index),
//! each offset passed through `black_box`. `--no-extra` leaves them out (for the wide
//! workload of `scripts/compare-peers.sh --wide`, `RCUTE_WORKLOAD=benches/wide.txt`).

#[path = "../benches/support/typed_ops.rs"]
mod typed_ops;
#[path = "../benches/support/workload_ops.rs"]
mod workload_ops;

use rcute::{Layout, layout};
use std::hint::black_box;
use std::time::Instant;

/// The crd2idx layout of the workload, with static values.
const STATIC: Layout = layout!(((_128,_32),(_64,_32)):((_1,_524288),(_128,_8192)));

fn time(f: impl Fn() -> i64) -> f64 {
    // calibrate the batch size
    let mut iters = 1u64;
    loop {
        let t = Instant::now();
        for _ in 0..iters {
            black_box(f());
        }
        if t.elapsed().as_millis() >= 20 || iters >= 1 << 30 {
            break;
        }
        iters *= 2;
    }
    (0..7)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..iters {
                black_box(f());
            }
            t.elapsed().as_nanos() as f64 / iters as f64
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let mut only: Vec<String> = std::env::args().skip(1).collect();
    // `--count N NAME`: run NAME exactly N times and print nothing (for counting
    // instructions with `perf stat`, which is steadier than time on a shared machine)
    // `--count N NAME --typed`: the same on typed layouts
    if only.first().is_some_and(|a| a == "--count") && only.len() == 4 && only[3] == "--typed" {
        let n: u64 = only[1].parse().expect("a count");
        struct Count<'a>(&'a str, u64);
        impl typed_ops::Visit for Count<'_> {
            fn op<F: Fn() -> i64>(&mut self, name: &str, f: F) {
                if name == self.0 {
                    for _ in 0..self.1 {
                        black_box(f());
                    }
                }
            }
        }
        typed_ops::each(&workload_ops::load(), &mut Count(&only[2], n));
        return;
    }
    if only.first().is_some_and(|a| a == "--count") && only.len() == 3 {
        let n: u64 = only[1].parse().expect("a count");
        let e = workload_ops::load().into_iter().find(|e| e.name == only[2]);
        let e = e.expect("an operation of the workload");
        struct Repeat(u64);
        impl workload_ops::Call for Repeat {
            type Out = ();
            fn call<F: Fn() -> i64>(self, f: F) {
                for _ in 0..self.0 {
                    black_box(f());
                }
            }
        }
        e.op.resolve(Repeat(n));
        return;
    }
    let typed = only.iter().any(|a| a == "--typed");
    // `--no-extra`: the workload's lines alone (for the wide workload, which has no
    // crd2idx or offsets_128x128 of its own)
    let extra = !only.iter().any(|a| a == "--no-extra");
    only.retain(|a| !a.starts_with("--"));
    let wanted = |name: &str| only.is_empty() || only.iter().any(|o| o == name);
    let entries = workload_ops::load();
    if typed {
        struct Timer<'a>(&'a dyn Fn(&str) -> bool);
        impl typed_ops::Visit for Timer<'_> {
            fn op<F: Fn() -> i64>(&mut self, name: &str, f: F) {
                if (self.0)(name) {
                    println!("{name} {:.2}", time(f));
                }
            }
        }
        typed_ops::each(&entries, &mut Timer(&wanted));
        return;
    }
    struct Time;
    impl workload_ops::Call for Time {
        type Out = f64;
        fn call<F: Fn() -> i64>(self, f: F) -> f64 {
            time(f)
        }
    }
    for e in &entries {
        if wanted(&e.name) {
            // the operation resolved once: the timed loop calls it directly
            println!("{} {:.2}", e.name, e.op.resolve(Time));
        }
    }
    if extra && wanted("crd2idx_static") {
        let ns = time(|| STATIC.offset(black_box(98765usize)));
        println!("crd2idx_static {ns:.2}");
    }
    if extra && wanted("offsets_128x128_walk") {
        let l = workload_ops::offsets_layout(&entries);
        let ns = time(|| {
            black_box(&l).offsets().for_each(|o| {
                black_box(o);
            });
            0
        });
        println!("offsets_128x128_walk {ns:.2}");
    }
}
