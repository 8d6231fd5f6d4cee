//! Resolution of Successors, by rule area. `resolve` takes a state, every player's
//! checked orders and the turn's dice, and returns the next state with what happened.
//! The engine re-checks every order when its turn comes (the state may have changed
//! since the player wrote it) and records a `Void` event, citing the rule, for any it
//! cannot carry out.

pub mod battle;
pub mod context;
pub mod independent;
pub mod movement;
pub mod odds;
pub mod odds_ru;
pub mod round;
pub mod siege;
pub mod tyche;

pub use context::Ctx;
pub use round::resolve;

#[cfg(test)]
mod tests;
