//! Shared parts of rcute's fuzz targets.
//!
//! * [`program`]: programs of the expression language built from fuzzer bytes, so that a
//!   target reaches the algebra and not only the lexer.
//! * [`algebra`]: calls of the operations that have a law, for the `algebra` target.
//! * [`typed`]: typed operations against the run-time algebra, for the `typed` target.
//! * [`host`]: programs of the host C++ subset (statements, loops, functions, data), for
//!   the `host` target.
//!
//! A target is a file in `fuzz_targets/` and a `[[bin]]` entry in `Cargo.toml`; its seed
//! inputs are `corpus/<target>/seed-*` (committed) and the fuzzer adds its own files there.

pub mod algebra;
pub mod host;
pub mod program;
pub mod typed;

/// Splits a fuzz input into a program: text after a `0` byte (so that seeds and
/// minimized crashes are readable programs), otherwise a program built by
/// [`program::Program`] from the bytes.
pub fn program_of(data: &[u8]) -> Option<String> {
    match data.split_first() {
        Some((0, text)) => Some(String::from_utf8_lossy(text).into_owned()),
        _ => {
            let mut u = arbitrary::Unstructured::new(data);
            <program::Program as arbitrary::Arbitrary>::arbitrary(&mut u)
                .ok()
                .map(|p| p.0)
        }
    }
}

/// [`program_of`] for the `host` target: text after a `0` byte, otherwise a program of
/// the host subset built by [`host::HostProgram`].
pub fn host_program_of(data: &[u8]) -> Option<String> {
    match data.split_first() {
        Some((0, text)) => Some(String::from_utf8_lossy(text).into_owned()),
        _ => {
            let mut u = arbitrary::Unstructured::new(data);
            <host::HostProgram as arbitrary::Arbitrary>::arbitrary(&mut u)
                .ok()
                .map(|p| p.0)
        }
    }
}
