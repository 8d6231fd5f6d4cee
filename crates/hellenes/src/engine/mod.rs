//! The Hellenes rules engine: resolution by rule area, pure functions over the model
//! (scenario, state, checked orders, dice → next state and events). It imports only the
//! model and the core (dice, yaml, game types); the check layer and the text build on it.

pub mod actions;
pub mod battle;
pub mod card_events;
pub mod control;
pub mod deal;
pub mod movement;
pub mod odds;
pub mod olympians;
pub mod resolve;
pub mod season;
pub mod siege;
pub mod transport;
pub mod winter;
pub mod year;
