//! Programs of the host C++ subset (loops, functions, lambdas, arrays, tensors) built from
//! the grammar (see `rcute_fuzz::host`), or given as text after a `0` byte, through the
//! evaluator: it must return (an answer or an error), never panic, in bounded time and
//! memory, whether or not the program's loops end.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Some(program) = rcute_fuzz::host_program_of(data) {
        let _ = rcute_lang::eval(&program);
    }
});
