//! Successors (4th edition; Alexander's generals fight over his empire), 2–5 players by
//! e-mail: the thin `Rules` implementation over its layers, model → engine → check →
//! text, none of which imports a higher one.

pub mod check;
pub mod engine;
pub mod model;
pub mod text;
