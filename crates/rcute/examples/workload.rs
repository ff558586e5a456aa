//! Times the fixed workload (`benches/workload.txt`) in rcute and prints one line per
//! operation: `name ns_per_op`. Used by `scripts/compare-peers.sh`; the criterion
//! benchmarks (`cargo bench`) measure the same operations with statistics.
//!
//! Each operation runs in batches sized to about 20 ms; the result is the median over
//! 7 batches.

#[path = "../benches/support/workload_ops.rs"]
mod workload_ops;

use std::hint::black_box;
use std::time::Instant;

fn main() {
    // `workload NAME...` times only the named operations
    let only: Vec<String> = std::env::args().skip(1).collect();
    for e in workload_ops::load() {
        if !only.is_empty() && !only.contains(&e.name) {
            continue;
        }
        // calibrate the batch size
        let mut iters = 1u64;
        loop {
            let t = Instant::now();
            for _ in 0..iters {
                black_box(e.op.run());
            }
            if t.elapsed().as_millis() >= 20 || iters >= 1 << 30 {
                break;
            }
            iters *= 2;
        }
        let mut samples: Vec<f64> = (0..7)
            .map(|_| {
                let t = Instant::now();
                for _ in 0..iters {
                    black_box(e.op.run());
                }
                t.elapsed().as_nanos() as f64 / iters as f64
            })
            .collect();
        samples.sort_by(f64::total_cmp);
        println!("{} {:.2}", e.name, samples[3]);
    }
}
