//! The steps of the algebra, as data (`explain`).
