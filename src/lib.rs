//! dikast: the library behind the `dikast` binary. A pure core (rules: game, orders,
//! dice → next game, events) with the file system, mail and OS randomness at the edge
//! (campaign, fsx, mail). Everything is reachable from tests.

// A `Diagnostic` is large and travels in `Err` on the cold path of bad input only;
// boxing it everywhere would buy nothing measurable.
#![allow(clippy::result_large_err)]
pub mod cache;
pub mod campaign;
pub mod campaign_file;
pub mod cli;
pub mod clock;
pub mod demo;
pub mod folder;
pub mod fsx;
pub mod games;
pub mod guard;
pub mod links;
pub mod mail;
pub mod notices;
pub mod odds_table;
pub mod pending;
pub mod png;
pub mod policy;
pub mod publish;
pub mod receipts;
pub mod receive;
pub mod registry;
pub mod schema;
pub mod secret;
pub mod setup;
pub mod show;
pub mod site;
pub mod status;
pub mod tick;
pub mod undo;
pub mod undo_plan;
pub mod verify;

// The core, a crate of its own (`crates/core`): its modules keep their paths here.
pub use dikast_core::{
    diag, dice, error, game, kit, lang, map, odds, pipeline, prebuilt, report, rules, yaml,
    yaml_emit,
};
