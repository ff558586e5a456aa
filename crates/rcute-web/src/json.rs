//! A minimal JSON writer: the answer is a handful of strings, numbers and arrays, so it is
//! written by hand rather than through a serialization crate (the core crate and this one
//! stay free of dependencies).

use std::fmt::Write;

/// Appends `s` as a JSON string literal, quotes included: `"`, `\` and the control
/// characters are escaped (RFC 8259, section 7); everything else is copied as UTF-8.
pub fn string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// An object under construction: `{"key": value, ...}`, keys in the order written.
pub struct Object<'a> {
    out: &'a mut String,
    first: bool,
}

impl<'a> Object<'a> {
    /// Opens an object at the end of `out`.
    pub fn new(out: &'a mut String) -> Object<'a> {
        out.push('{');
        Object { out, first: true }
    }

    /// Writes `"key":` and returns the buffer for the value.
    pub fn key(&mut self, key: &str) -> &mut String {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
        string(self.out, key);
        self.out.push(':');
        self.out
    }

    /// A string member.
    pub fn str(&mut self, key: &str, value: &str) {
        string(self.key(key), value);
    }

    /// An integer member.
    pub fn int(&mut self, key: &str, value: i64) {
        let _ = write!(self.key(key), "{value}");
    }

    /// Closes the object.
    pub fn end(self) {
        self.out.push('}');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes() {
        let mut s = String::new();
        string(&mut s, "a\"b\\c\nd\u{1}é<");
        assert_eq!(s, r#""a\"b\\c\nd\u0001é<""#);
    }

    #[test]
    fn objects() {
        let mut s = String::new();
        let mut o = Object::new(&mut s);
        o.str("out", "5\n");
        o.int("offset", 3);
        o.key("error").push_str("null");
        o.end();
        assert_eq!(s, r#"{"out":"5\n","offset":3,"error":null}"#);
    }
}
