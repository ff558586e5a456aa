//! The one error type of rcute.
//!
//! Every fallible operation comes as a pair: `try_x(..) -> Result<_, Error>` and `x(..)`,
//! which panics with [`Error::message`]. In a `const` item that panic is a compile error
//! that shows the message; at run time the `try_` form gives the values as well, through
//! `Display`.

use core::fmt;

/// What went wrong, with the operation and the values involved.
///
/// Every variant carries `msg`: a complete, static sentence naming the operation and the
/// condition (for example `"composition: stride divisibility condition violated"`). It is
/// what a panic in a `const` item prints, because `const` panics cannot format numbers.
/// `Display` adds the values.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Error {
    /// The notation could not be parsed.
    Parse {
        /// What was expected or what is wrong.
        msg: &'static str,
        /// Byte offset in the input.
        pos: usize,
    },
    /// A tuple would need more leaves or nodes than rcute stores inline.
    Capacity {
        /// What overflowed.
        msg: &'static str,
        /// The capacity that was exceeded.
        capacity: usize,
    },
    /// An integer operation overflowed `i64`.
    Overflow {
        /// The operation.
        msg: &'static str,
        /// Left operand.
        lhs: i64,
        /// Right operand.
        rhs: i64,
    },
    /// Division or remainder by zero.
    DivideByZero {
        /// The operation.
        msg: &'static str,
        /// The dividend.
        lhs: i64,
    },
    /// Two tuples that must have the same rank do not.
    RankMismatch {
        /// The operation and the two things compared.
        msg: &'static str,
        /// The rank expected.
        expected: usize,
        /// The rank found.
        found: usize,
    },
    /// Two tuples that must have the same profile (nesting) do not.
    NotCongruent {
        /// The operation and the two things compared.
        msg: &'static str,
    },
    /// A mode index is out of range.
    IndexOutOfRange {
        /// The operation.
        msg: &'static str,
        /// The index asked for.
        index: i64,
        /// The rank of the tuple.
        rank: usize,
    },
    /// A tuple was given where an integer is needed, or the other way round.
    WrongKind {
        /// The operation and what it needed.
        msg: &'static str,
    },
    /// A shape holds a value that is not a positive integer.
    InvalidShape {
        /// The operation.
        msg: &'static str,
        /// The offending value.
        value: i64,
    },
    /// A pre-condition of an operation does not hold.
    Precondition {
        /// The operation and the condition, as one sentence.
        msg: &'static str,
        /// The mode (flat index) where it failed, or -1 when it concerns the whole input.
        mode: i64,
        /// The values the condition was checked on.
        lhs: i64,
        /// The values the condition was checked on.
        rhs: i64,
    },
    /// An access that an analysis cannot model (a vector that is not contiguous or not
    /// aligned, a lane outside the tile), named by its thread and value.
    Access {
        /// The analysis and what is wrong, as one sentence.
        msg: &'static str,
        /// The thread index.
        thread: i64,
        /// The value index of the thread.
        value: i64,
        /// The value found (an offset, an index).
        found: i64,
        /// The value required or the bound.
        expected: i64,
    },
}

impl Error {
    /// The static part of the message: the operation and what went wrong, without values.
    ///
    /// This is the text of the compile error when a `const` item violates a pre-condition.
    pub const fn message(&self) -> &'static str {
        match *self {
            Error::Parse { msg, .. }
            | Error::Capacity { msg, .. }
            | Error::Overflow { msg, .. }
            | Error::DivideByZero { msg, .. }
            | Error::RankMismatch { msg, .. }
            | Error::NotCongruent { msg }
            | Error::IndexOutOfRange { msg, .. }
            | Error::WrongKind { msg }
            | Error::InvalidShape { msg, .. }
            | Error::Precondition { msg, .. }
            | Error::Access { msg, .. } => msg,
        }
    }

    /// The byte offset of a parse error, if this is one.
    pub const fn position(&self) -> Option<usize> {
        match *self {
            Error::Parse { pos, .. } => Some(pos),
            _ => None,
        }
    }

    /// Panics with this error's static message.
    ///
    /// Used by the panicking twin of every `try_` function; in a `const` item it becomes a
    /// compile error that shows the message.
    #[cold]
    #[track_caller]
    pub const fn panic(self) -> ! {
        panic!("{}", self.message())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Error::Parse { msg, pos } => write!(f, "{msg} (at byte {pos})"),
            Error::Capacity { msg, capacity } => write!(f, "{msg} (capacity {capacity})"),
            Error::Overflow { msg, lhs, rhs } => write!(f, "{msg}: {lhs} and {rhs}"),
            Error::DivideByZero { msg, lhs } => write!(f, "{msg}: {lhs} / 0"),
            Error::RankMismatch {
                msg,
                expected,
                found,
            } => write!(f, "{msg}: expected rank {expected}, found rank {found}"),
            Error::NotCongruent { msg } => f.write_str(msg),
            Error::IndexOutOfRange { msg, index, rank } => {
                write!(f, "{msg}: index {index} is out of range for rank {rank}")
            }
            Error::WrongKind { msg } => f.write_str(msg),
            Error::InvalidShape { msg, value } => write!(f, "{msg}: {value}"),
            Error::Precondition {
                msg,
                mode,
                lhs,
                rhs,
            } => {
                if mode >= 0 {
                    write!(f, "{msg} at mode {mode}: {lhs} and {rhs}")
                } else {
                    write!(f, "{msg}: {lhs} and {rhs}")
                }
            }
            Error::Access {
                msg,
                thread,
                value,
                found,
                expected,
            } => write!(
                f,
                "{msg} (thread {thread}, value {value}): {found} and {expected}"
            ),
        }
    }
}

impl core::error::Error for Error {}

/// Propagates an error inside `const fn` code, where `?` is not available.
macro_rules! tri {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(e) => return Err(e),
        }
    };
}
pub(crate) use tri;

/// Unwraps a result or panics with the error's static message (usable in `const fn`).
macro_rules! unwrap_or_panic {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(e) => e.panic(),
        }
    };
}
pub(crate) use unwrap_or_panic;
