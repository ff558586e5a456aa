//! Every function with a law, called as the function table names the calls for the
//! fuzzer (`rcute_lang::Function::fuzz_forms`), on operands built from the grammar
//! (layouts, shapes, tilers of any kind, `rcute_fuzz::program`), and the law of each answer
//! (`rcute_lang::check_call`): an answer that is not the function its operation defines
//! is a crash, as is a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(call) = rcute_fuzz::algebra::call_of(data) else {
        return;
    };
    let Ok(result) = rcute_lang::eval_value(&call.text()) else {
        return;
    };
    // the law enumerates the answer's domain: keep each run short under the sanitizer
    if let rcute_lang::Value::Layout(l) = &result
        && l.try_size().is_ok_and(|s| s.value() > 1 << 16)
    {
        return;
    }
    let verdict = rcute_lang::check_call(&call.name, &call.values, &result);
    assert!(!verdict.breaks(), "{}: {result}: {verdict:?}", call.text());
});
