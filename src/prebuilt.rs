//! The YAML data embedded in the binary (scenarios, word tables), prebuilt as JSON at
//! build time (`build.rs`), with the SHA-256 of each YAML text: reading the same value
//! from JSON costs a tenth of parsing the YAML, and the hash needs no hashing at run time
//! (issue 14). The YAML under `src/games/` stays the one source; `tests/prebuilt.rs`
//! holds that each prebuilt value is the one its YAML gives.

use serde::de::DeserializeOwned;

include!(concat!(env!("OUT_DIR"), "/prebuilt.rs"));

/// The prebuilt form of the YAML file at `path` under `src/` (`games/<game>/…`).
#[derive(Debug, Clone, Copy)]
pub struct Prebuilt {
    pub path: &'static str,
    /// SHA-256 of the YAML bytes, hex.
    pub sha256: &'static str,
    /// The same value as JSON.
    pub json: &'static str,
}

/// The prebuilt form of the embedded file at `path` under `src/`, if there is one.
pub fn get(path: &str) -> Option<Prebuilt> {
    PREBUILT
        .iter()
        .find(|(p, _, _)| *p == path)
        .map(|&(path, sha256, json)| Prebuilt { path, sha256, json })
}

/// Every prebuilt file (for the test that compares each with its YAML).
pub fn all() -> impl Iterator<Item = Prebuilt> {
    PREBUILT
        .iter()
        .map(|&(path, sha256, json)| Prebuilt { path, sha256, json })
}

impl Prebuilt {
    /// The value, read from the JSON. `None` if it does not read as `T` (then the caller
    /// parses the YAML, whose diagnostic is the one to give).
    pub fn read<T: DeserializeOwned>(&self) -> Option<T> {
        serde_json::from_str(self.json).ok()
    }
}
