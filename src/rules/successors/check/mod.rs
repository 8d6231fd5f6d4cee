//! Order checks.
