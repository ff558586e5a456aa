//! rcute's expression evaluator for the browser: a `cdylib` for `wasm32-unknown-unknown`
//! with a hand-written ABI (no wasm-bindgen, so building it needs only cargo and the
//! target), loaded by the playground page (`www/`, assembled by `scripts/playground.sh`).
//!
//! The ABI, in wasm32 linear memory:
//!
//! * `rcute_alloc(len) -> ptr`: a buffer of `len` bytes for the program (UTF-8);
//! * `rcute_dealloc(ptr, len)`: frees a buffer from `rcute_alloc`;
//! * `rcute_eval(ptr, len) -> ptr`: evaluates the program in `ptr[..len]` and returns a
//!   pointer to the answer: a little-endian `u32` byte length, then that many bytes of
//!   UTF-8 JSON (see [`mod@answer`]). The answer stays valid until the next `rcute_eval`;
//!   the program buffer is the caller's to free.
//! * `rcute_eval_as_cute(ptr, len) -> ptr`: the same in the as-CuTe mode (`cute eval
//!   --as-cute`: CuTe's answers where rcute refuses them, after a warning line);
//! * `rcute_catalog() -> ptr`: the functions of the language and the atom catalog, as
//!   [`answer::catalog`] writes them, length-prefixed in the same way.
//!
//! A program that is not UTF-8 answers an error, as it does in `cute eval --batch`.

#![warn(missing_docs)]

pub mod answer;
mod json;

pub use answer::answer;

use std::cell::RefCell;

thread_local! {
    /// The last answer, length-prefixed; kept until the next call.
    static ANSWER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// A buffer of `len` bytes (at least 1) for the caller to fill; free it with
/// [`rcute_dealloc`].
#[unsafe(no_mangle)]
pub extern "C" fn rcute_alloc(len: usize) -> *mut u8 {
    let mut buf = Vec::<u8>::with_capacity(len.max(1));
    let ptr = buf.as_mut_ptr();
    std::mem::forget(buf);
    ptr
}

/// Frees a buffer of [`rcute_alloc`].
///
/// # Safety
///
/// `ptr` and `len` are those of one earlier `rcute_alloc(len)`, not freed yet.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rcute_dealloc(ptr: *mut u8, len: usize) {
    // SAFETY: the caller passes back a buffer of `rcute_alloc`, whose capacity is
    // `len.max(1)` and whose length is 0 (nothing to drop: bytes).
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len.max(1)) });
}

/// Evaluates the program in `ptr[..len]` and returns the length-prefixed JSON answer,
/// pictures included.
///
/// # Safety
///
/// `ptr[..len]` is readable (a buffer of [`rcute_alloc`], filled by the caller).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rcute_eval(ptr: *const u8, len: usize) -> *const u8 {
    // SAFETY: the caller's guarantee, passed on.
    unsafe { respond(ptr, len, answer) }
}

/// [`rcute_eval`] in the as-CuTe mode (see [`answer::answer_as_cute`]).
///
/// # Safety
///
/// `ptr[..len]` is readable (a buffer of [`rcute_alloc`], filled by the caller).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rcute_eval_as_cute(ptr: *const u8, len: usize) -> *const u8 {
    // SAFETY: the caller's guarantee, passed on.
    unsafe { respond(ptr, len, answer::answer_as_cute) }
}

/// The functions of the language and the atom catalog ([`answer::catalog`]), length
/// prefixed, valid until the next call.
#[unsafe(no_mangle)]
pub extern "C" fn rcute_catalog() -> *const u8 {
    keep(answer::catalog())
}

/// [`rcute_eval`] without the pictures (`"pictures": []`): the page shows this answer
/// first and asks for the pictures next.
///
/// # Safety
///
/// `ptr[..len]` is readable (a buffer of [`rcute_alloc`], filled by the caller).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rcute_eval_text(ptr: *const u8, len: usize) -> *const u8 {
    // SAFETY: the caller's guarantee, passed on.
    unsafe { respond(ptr, len, answer::answer_text) }
}

/// Reads the program at `ptr[..len]`, answers it with `f`, and keeps the length-prefixed
/// answer until the next call.
///
/// # Safety
///
/// `ptr[..len]` is readable.
unsafe fn respond(ptr: *const u8, len: usize, f: fn(&str) -> String) -> *const u8 {
    // SAFETY: the caller guarantees `len` readable bytes at `ptr`.
    let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
    let json = match std::str::from_utf8(bytes) {
        Ok(program) => f(program),
        Err(e) => format!(
            "{{\"out\":\"\",\"error\":{{\"message\":\"the program is not valid UTF-8 (byte {0})\",\"offset\":{0},\"index\":0,\"end\":0,\"line\":0,\"column\":0,\"rendered\":\"\"}},\"pictures\":[]}}",
            e.valid_up_to()
        ),
    };
    keep(json)
}

/// Keeps `json`, length-prefixed, until the next call, and returns where it is.
fn keep(json: String) -> *const u8 {
    ANSWER.with(|a| {
        let mut a = a.borrow_mut();
        a.clear();
        a.extend_from_slice(&(json.len() as u32).to_le_bytes());
        a.extend_from_slice(json.as_bytes());
        a.as_ptr()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_through_the_abi() {
        let program = b"size((2,3))";
        let p = rcute_alloc(program.len());
        // SAFETY: `p` holds `program.len()` bytes; the answer is read before the next call.
        unsafe {
            std::ptr::copy_nonoverlapping(program.as_ptr(), p, program.len());
            let r = rcute_eval(p, program.len());
            let n = u32::from_le_bytes(*(r as *const [u8; 4])) as usize;
            let json = std::str::from_utf8(std::slice::from_raw_parts(r.add(4), n)).unwrap();
            assert_eq!(json, r#"{"out":"6\n","error":null,"pictures":[]}"#);
            rcute_dealloc(p, program.len());
        }
    }
}
