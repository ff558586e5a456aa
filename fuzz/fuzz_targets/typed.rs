//! Typed operations (`rcute::typed`, fast path, screens and guards) against the run-time
//! algebra, on values drawn by the fuzzer for fixed forms (`rcute_fuzz::typed`): an answer
//! or an error other than the run-time algebra's is a crash, as is a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut u = arbitrary::Unstructured::new(data);
    let _ = rcute_fuzz::typed::check(&mut u);
});
