//! The Hellenes data layer: the scenario with every rule parameter, the game state, the
//! checked orders, the events, a side's view and what it knows, as types. Nothing here
//! resolves, checks or narrates; the engine, the check layer and the text all build on
//! these types and this layer imports none of them (the layering test holds it).

pub mod appeal;
pub mod battle;
pub mod dice;
pub mod events;
pub mod invariants;
pub mod orders;
pub mod params;
pub mod rating;
pub mod scenario;
pub mod sight;
pub mod state;
