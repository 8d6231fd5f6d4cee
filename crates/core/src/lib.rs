//! dikast's core: what every game and the application share and that knows no game and
//! no file system: dice, YAML and diagnostics, the game contract (`rules`), the turn
//! pipeline, reports, the map's drawing, odds printing and the kit games build with.
//! One crate so that the compiler holds the layers (issue 29): a game crate depends on
//! this one only, and this one on no game.

// A `Diagnostic` is large and travels in `Err` on the cold path of bad input only;
// boxing it everywhere would buy nothing measurable.
#![allow(clippy::result_large_err)]
pub mod diag;
pub mod dice;
pub mod error;
pub mod game;
pub mod kit;
pub mod lang;
pub mod map;
pub mod odds;
pub mod pipeline;
pub mod prebuilt;
pub mod report;
pub mod rules;
pub mod yaml;
pub mod yaml_emit;
