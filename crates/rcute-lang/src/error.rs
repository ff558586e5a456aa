//! Errors of the expression language, with the span of the input they point at.

use alloc::string::{String, ToString};
use core::fmt;
use rcute::Error;

/// A byte range `[start, end)` of the program text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span; an empty range is widened to one byte so that a caret can point at it.
    pub const fn new(start: usize, end: usize) -> Span {
        Span {
            start,
            end: if end > start { end } else { start + 1 },
        }
    }

    /// The smallest span covering both.
    pub const fn join(self, other: Span) -> Span {
        Span {
            start: if self.start < other.start {
                self.start
            } else {
                other.start
            },
            end: if self.end > other.end {
                self.end
            } else {
                other.end
            },
        }
    }
}

/// An error of the expression language: a message and the part of the program it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalError {
    /// What went wrong, without the `error: ` prefix.
    pub message: String,
    /// Where in the program.
    pub span: Span,
}

impl EvalError {
    /// An error with a message and a span.
    pub fn new(message: impl Into<String>, span: Span) -> EvalError {
        EvalError {
            message: message.into(),
            span,
        }
    }

    /// A library error raised while evaluating the code at `span`. Parse errors keep their
    /// own byte offset inside the span.
    pub fn from_core(e: Error, span: Span) -> EvalError {
        let span = match e.position() {
            Some(p) => Span::new(span.start + p, span.start + p + 1),
            None => span,
        };
        let message = match e {
            Error::Parse { msg, .. } => String::from(msg),
            other => other.to_string(),
        };
        EvalError { message, span }
    }

    /// The message and a caret line under the offending columns of `program`:
    ///
    /// ```text
    /// error: unknown function foo
    /// foo(1)
    /// ^^^
    /// ```
    pub fn render(&self, program: &str) -> String {
        let mut out = alloc::format!("error: {}\n", self.message);
        // show the line that holds the span (programs are usually one line)
        // spans are byte offsets and may fall inside a multi-byte character: widen them
        // to the enclosing character boundaries so that slicing never panics
        let mut start = self.span.start.min(program.len());
        while !program.is_char_boundary(start) {
            start -= 1;
        }
        let line_start = program[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = program[start..]
            .find('\n')
            .map_or(program.len(), |i| start + i);
        let line = &program[line_start..line_end];
        out.push_str(line);
        out.push('\n');
        let col = program[line_start..start].chars().count();
        let mut end = self.span.end.min(line_end).max(start);
        while !program.is_char_boundary(end) {
            end += 1;
        }
        let width = program[start..end].chars().count().max(1);
        for _ in 0..col {
            out.push(' ');
        }
        for _ in 0..width {
            out.push('^');
        }
        out.push('\n');
        out
    }
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error: {}", self.message)
    }
}

impl core::error::Error for EvalError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caret_inside_multibyte_character_does_not_panic() {
        // a span that starts and ends inside `é` (two bytes at offsets 2..4)
        let program = "1@é";
        for (a, b) in [(3, 4), (2, 3), (3, 3), (4, 5)] {
            let r = EvalError::new("x", Span::new(a, b)).render(program);
            assert!(r.starts_with("error: x\n1@é\n"), "{r}");
            assert!(r.contains('^'), "{r}");
        }
        let r = EvalError::new("x", Span::new(3, 4)).render(program);
        assert_eq!(r, "error: x\n1@é\n  ^\n");
    }
}
