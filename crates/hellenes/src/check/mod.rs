//! The Hellenes order forms: every key of an orders file parsed and checked against the
//! side's view (never the state, so a diagnostic cannot reveal what the side may not see),
//! with the rule each check enforces, and the documented defaults. It imports the model
//! and the engine's rule predicates (the same ones resolution applies).

pub mod actions;
pub mod appeals;
pub mod context;
pub mod defaults;
pub mod events;
pub mod forms;
pub mod fortify;
pub mod names;
pub mod orders;
pub mod ru;
pub mod siege_orders;
pub mod winter_orders;
pub mod year;
