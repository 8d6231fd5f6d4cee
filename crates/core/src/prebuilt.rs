//! The YAML data embedded in the binary (scenarios, word tables), prebuilt as JSON at
//! build time (each game crate's `build.rs`, by `dikast_prebuild`), with the SHA-256 of each YAML text: reading the same value
//! from JSON costs a tenth of parsing the YAML, and the hash needs no hashing at run time
//! (issue 14). The YAML under `src/games/` stays the one source; `tests/prebuilt.rs`
//! holds that each prebuilt value is the one its YAML gives.

use serde::de::DeserializeOwned;

/// The prebuilt form of the YAML file at `path` under `src/` (`games/<game>/…`).
#[derive(Debug, Clone, Copy)]
pub struct Prebuilt {
    pub path: &'static str,
    /// SHA-256 of the YAML bytes, hex.
    pub sha256: &'static str,
    /// The same value as JSON.
    pub json: &'static str,
}

/// The prebuilt form of the file at `path` in `table` (a game crate's `PREBUILT`).
pub fn find(table: &[(&'static str, &'static str, &'static str)], path: &str) -> Option<Prebuilt> {
    table
        .iter()
        .find(|(p, _, _)| *p == path)
        .map(|&(path, sha256, json)| Prebuilt { path, sha256, json })
}

impl Prebuilt {
    /// The value, read from the JSON. `None` if it does not read as `T` (then the caller
    /// parses the YAML, whose diagnostic is the one to give).
    pub fn read<T: DeserializeOwned>(&self) -> Option<T> {
        serde_json::from_str(self.json).ok()
    }
}
