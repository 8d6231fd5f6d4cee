//! The shared kit every game builds on, so that no game copies another's machinery: the
//! order-form table (dispatch, shape checks, JSON Schema and template from one
//! description), the order-check context (did-you-mean with the cap, one-or-list, names
//! among candidates), the one rule-breach type that both a diagnostic and a void event
//! are made from, and the word tables of the report languages.
//!
//! Core layer: it knows diagnostics, YAML and languages, and no game.

pub mod breach;
pub mod check;
pub mod forms;
pub mod tr;
pub mod words;
