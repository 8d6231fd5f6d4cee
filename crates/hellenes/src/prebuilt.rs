//! This game's YAML data (scenarios, word tables) prebuilt as JSON by `build.rs`
//! (`dikast_prebuild`), looked up by its path under `games/hellenes/` as before the workspace.

pub use dikast_core::prebuilt::Prebuilt;

include!(concat!(env!("OUT_DIR"), "/prebuilt.rs"));

/// The prebuilt form of the embedded file at `path` (`games/hellenes/…`), if there is one.
pub fn get(path: &str) -> Option<dikast_core::prebuilt::Prebuilt> {
    dikast_core::prebuilt::find(PREBUILT, path)
}
