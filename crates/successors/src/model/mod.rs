//! The data layer of Successors: scenario and params, state, orders, events, what a
//! player sees, dice labels. It imports nothing from engine/, check/ or text/.

pub mod dice;
pub mod events;
pub mod invariants;
pub mod kind;
pub mod orders;
pub mod params;
pub mod refusal;
pub mod scenario;
pub mod sight;
pub mod state;
