//! dikast: the library behind the `dikast` binary. Everything is reachable from tests.
pub mod dice;
