//! Arbitrary bytes into the parsers: the expression language (parse, then run), and the
//! notation parsers of IntTuple and Layout. Nothing may panic, and what the notation
//! parsers accept prints back to text they parse to the same value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rcute::{IntTuple, Layout};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if rcute_lang::parse(&text).is_ok() {
        let _ = rcute_lang::eval(&text);
    }
    if let Ok(t) = IntTuple::try_parse(&text) {
        let back = t.to_string();
        assert_eq!(
            IntTuple::try_parse(&back),
            Ok(t),
            "{text:?} prints as {back:?}"
        );
    }
    if let Ok(l) = Layout::try_parse(&text) {
        let back = l.to_string();
        assert_eq!(
            Layout::try_parse(&back),
            Ok(l),
            "{text:?} prints as {back:?}"
        );
    }
});
