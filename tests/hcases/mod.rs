//! Shared by tests/fuzz_inputs.rs and tests/russian_checks.rs: the Hellenes rule cases
//! (`tests/cases/hellenes/**`) found and their game files built by the builder
//! `tests/rule_cases.rs` runs them on (`tests/casegame`), so that a test can check the
//! cases' orders against real views; and the orders files of a played campaign with the
//! views they were written against.
#![allow(dead_code)]

#[path = "../casegame/mod.rs"]
mod casegame;
pub use casegame::find_cases;

use dikast::dice::Hash;
use dikast::games::hellenes::scenario::Scenario;
use dikast::games::hellenes::{Hellenes, HELLENES_431};
use dikast::rules::Rules;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

pub fn scenario() -> Scenario {
    Hellenes::load_scenario(HELLENES_431).expect("the embedded scenario loads")
}

/// The fields of a rule case's `case.yaml` this test needs.
#[derive(serde::Deserialize)]
pub struct CaseFile {
    #[serde(default)]
    pub dice: BTreeMap<String, Vec<u32>>,
    #[serde(default)]
    pub seed: Option<String>,
    #[serde(default)]
    pub turn: Option<u32>,
}

/// Every orders file of a campaign folder with the view of its side on its turn (those
/// with a view), in turn order, then by name: `(orders, view)`.
pub fn orders_with_views(dir: &Path) -> Vec<(PathBuf, PathBuf)> {
    let mut turns: Vec<PathBuf> = fs::read_dir(dir.join("turns"))
        .expect("turns")
        .flatten()
        .map(|e| e.path())
        .collect();
    turns.sort();
    let mut out = Vec::new();
    for t in turns {
        let Ok(rd) = fs::read_dir(t.join("orders")) else {
            continue;
        };
        let mut files: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
        files.sort();
        for o in files {
            let side = o.file_stem().unwrap().to_string_lossy().into_owned();
            let view = t.join(format!("view-{side}.yaml"));
            if view.is_file() {
                out.push((o, view));
            }
        }
    }
    out
}

/// A rule case's game file and seeds, as `tests/rule_cases.rs` builds them (one builder,
/// `casegame::game_bytes`).
pub fn case_game(dir: &Path, case: &CaseFile) -> (Vec<u8>, Hash, Hash) {
    casegame::game_bytes::<Hellenes>(dir, case.seed.as_deref(), case.turn)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
}
