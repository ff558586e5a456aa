//! The laws of the algebra, as checks by enumeration: each answers `Ok(())` or says where
//! the law fails.

mod composed;

pub use composed::*;
