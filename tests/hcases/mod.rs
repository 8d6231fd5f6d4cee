//! Shared by tests/fuzz_inputs.rs and tests/russian_checks.rs: the Hellenes rule cases
//! (`tests/cases/hellenes/**`) found and their game files built as `tests/rule_cases.rs`
//! builds them, so that a test can check the cases' orders against real views; and the
//! orders files of a played campaign with the views they were written against.
#![allow(dead_code)]

use dikast::dice::{self, Chain, Hash};
use dikast::game::{sha256_hex, to_yaml, DiceState, ScenarioRef};
use dikast::games::hellenes::scenario::Scenario;
use dikast::games::hellenes::state::State;
use dikast::games::hellenes::{Hellenes, HELLENES_431};
use dikast::rules::{opening_file, Rules};
use serde_yaml::{Mapping, Value};
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

pub fn find_cases(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            if p.join("case.yaml").is_file() {
                out.push(p.clone());
            }
            find_cases(&p, out);
        }
    }
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

/// A rule case's game file, as `tests/rule_cases.rs` builds it: a whole game file, or a
/// setup (the start state with changes: blocks by id, cities by name, standing by side,
/// any other top-level key replaced).
pub fn case_game(dir: &Path, case: &CaseFile) -> (Vec<u8>, Hash, Hash) {
    let seed_text = case
        .seed
        .clone()
        .unwrap_or_else(|| dir.file_name().unwrap().to_string_lossy().into_owned());
    let s = dice::sha256(format!("dikast-case-open:{seed_text}").as_bytes());
    let u = dice::sha256(format!("dikast-case-sealed:{seed_text}").as_bytes());
    let text = fs::read_to_string(dir.join("in/game.yaml")).unwrap();
    let parsed: Value = serde_yaml::from_str(&text).unwrap();
    if parsed.get("dikast").is_some() {
        return (text.into_bytes(), s, u);
    }
    let sc = scenario();
    let mut base =
        serde_yaml::to_value(Hellenes::start(&sc, &Default::default()).unwrap()).unwrap();
    let bm = base.as_mapping_mut().unwrap();
    for (k, v) in parsed.as_mapping().expect("a setup is a mapping") {
        let key = k.as_str().unwrap();
        match key {
            "blocks" | "cities" => {
                let by = if key == "blocks" { "id" } else { "name" };
                let list = bm.get_mut(key).unwrap().as_sequence_mut().unwrap();
                for (id, fields) in v.as_mapping().unwrap() {
                    let fields = fields.as_mapping().unwrap();
                    match list.iter_mut().find(|x| x.get(by) == Some(id)) {
                        Some(item) => {
                            let m = item.as_mapping_mut().unwrap();
                            for (f, fv) in fields {
                                m.insert(f.clone(), fv.clone());
                            }
                        }
                        None => {
                            let mut m = Mapping::new();
                            m.insert(Value::String(by.into()), id.clone());
                            for (f, fv) in fields {
                                m.insert(f.clone(), fv.clone());
                            }
                            list.push(Value::Mapping(m));
                        }
                    }
                }
            }
            "standing" => {
                let m = bm.get_mut("standing").unwrap().as_mapping_mut().unwrap();
                for (side, st) in v.as_mapping().unwrap() {
                    m.insert(side.clone(), st.clone());
                }
            }
            _ => {
                bm.insert(k.clone(), v.clone());
            }
        }
    }
    let state: State = serde_yaml::from_value(base).unwrap();
    let game = opening_file::<Hellenes>(
        &sc,
        ScenarioRef {
            name: "hellenes-431".into(),
            sha256: sha256_hex(HELLENES_431.as_bytes()),
            text: None,
        },
        "case",
        case.turn.unwrap_or(3),
        DiceState::of(64, &Chain::Open.prev(&s), &Chain::Sealed.prev(&u)),
        state,
    );
    (to_yaml(&game).into_bytes(), s, u)
}
