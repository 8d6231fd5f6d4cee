//! The rule cases' game files, shared by tests/rule_cases.rs (which runs the cases) and
//! tests/hcases (which lets other tests check the Hellenes cases' orders against real
//! views): the case folders found, a case's seeds from its seed text, and its game file:
//! a whole one as written, or a setup (the scenario's start with the setup's changes)
//! put in an opening game file. One builder, so that every test sees the game file the
//! cases are run on.
#![allow(dead_code)]

use dikast::dice::{self, Chain, Hash};
use dikast::game::{sha256_hex, to_yaml, DiceState, ScenarioRef};
use dikast::games::hellenes::Hellenes;
use dikast::rules::{opening_file, Rules};
use serde_yaml::{Mapping, Value};
use std::fs;
use std::path::{Path, PathBuf};

/// How a game's setups read its state (beyond `Rules`). One impl per game.
pub trait CaseSetup: Rules + Sized {
    /// State lists merged item by item in a setup and diffed by this key
    /// (`blocks` by `id`).
    const KEYED: &'static [(&'static str, &'static str)];
    /// State mappings a setup merges entry by entry (`standing` by side).
    const MERGED: &'static [&'static str];
    /// The turn number a case's game file has unless `turn:` says (default 3).
    const TURN: u32 = 3;
    /// The state a setup (`in/game.yaml` without `dikast:`) describes. The default: the
    /// scenario's start with the setup's changes (`KEYED` lists by key, `MERGED`
    /// mappings by entry, any other key replacing the field).
    fn setup(text: &str) -> Result<Self::State, String> {
        state_from_setup::<Self>(text)
    }
}

/// Hellenes setups: blocks by id, cities by name, standing by side.
impl CaseSetup for Hellenes {
    const KEYED: &'static [(&'static str, &'static str)] = &[("blocks", "id"), ("cities", "name")];
    const MERGED: &'static [&'static str] = &["standing"];
}

/// Every case folder (one holding a `case.yaml`) under `dir`, in path order.
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

/// The text of a game's first embedded scenario (the one its cases play).
pub fn scenario_text<R: Rules>() -> Result<&'static str, String> {
    R::scenario_names()
        .first()
        .and_then(|n| R::embedded_scenario(n))
        .ok_or_else(|| format!("{} embeds no scenario", R::ID))
}

/// `s_t` and `u_t` of a case, from its seed text.
pub fn case_seeds(seed: &str) -> (Hash, Hash) {
    (
        dice::sha256(format!("dikast-case-open:{seed}").as_bytes()),
        dice::sha256(format!("dikast-case-sealed:{seed}").as_bytes()),
    )
}

pub fn merge_by_key(
    list: &mut Vec<Value>,
    key: &str,
    patch: &Mapping,
    what: &str,
) -> Result<(), String> {
    for (k, v) in patch {
        let name = k.as_str().ok_or(format!("{what}: keys must be text"))?;
        let fields = v
            .as_mapping()
            .ok_or(format!("{what}.{name}: expected a mapping of fields"))?;
        match list
            .iter_mut()
            .find(|x| x.get(key).and_then(Value::as_str) == Some(name))
        {
            Some(item) => {
                let m = item.as_mapping_mut().expect("state lists hold mappings");
                for (f, fv) in fields {
                    m.insert(f.clone(), fv.clone());
                }
            }
            None => {
                let mut m = Mapping::new();
                m.insert(Value::String(key.into()), Value::String(name.into()));
                for (f, fv) in fields {
                    m.insert(f.clone(), fv.clone());
                }
                list.push(Value::Mapping(m));
            }
        }
    }
    Ok(())
}

/// The state of a setup: the scenario's start with the setup's changes.
pub fn state_from_setup<R: CaseSetup>(text: &str) -> Result<R::State, String> {
    let sc = R::load_scenario(scenario_text::<R>()?).map_err(|e| e.join("; "))?;
    let start = R::start(&sc, &Default::default())?;
    let mut base: Value = serde_yaml::to_value(&start).map_err(|e| e.to_string())?;
    let patch: Value = serde_yaml::from_str(text).map_err(|e| e.to_string())?;
    let Some(pm) = patch.as_mapping() else {
        return Err("a setup is a mapping".into());
    };
    let bm = base.as_mapping_mut().expect("a state is a mapping");
    for (k, v) in pm {
        let key = k.as_str().ok_or("setup keys must be text")?;
        if let Some((_, by)) = R::KEYED.iter().find(|(k, _)| *k == key) {
            let list = bm
                .get_mut(key)
                .and_then(Value::as_sequence_mut)
                .ok_or(format!("the state has no list `{key}`"))?;
            let patch = v
                .as_mapping()
                .ok_or(format!("setup `{key}` is a mapping by {by}"))?;
            merge_by_key(list, by, patch, key)?;
        } else if R::MERGED.contains(&key) {
            let m = bm
                .get_mut(key)
                .and_then(Value::as_mapping_mut)
                .ok_or(format!("the state has no mapping `{key}`"))?;
            for (side, s) in v
                .as_mapping()
                .ok_or(format!("setup `{key}` is a mapping"))?
            {
                m.insert(side.clone(), s.clone());
            }
        } else {
            bm.insert(k.clone(), v.clone());
        }
    }
    serde_yaml::from_value(base).map_err(|e| format!("the setup gives no valid state: {e}"))
}

/// The game file bytes of a case (its folder, `seed:` and `turn:`) and its seeds.
pub fn game_bytes<R: CaseSetup>(
    dir: &Path,
    seed: Option<&str>,
    turn: Option<u32>,
) -> Result<(Vec<u8>, Hash, Hash), String> {
    let seed_text = seed.map(str::to_string).unwrap_or_else(|| {
        dir.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    });
    let (s, u) = case_seeds(&seed_text);
    let text =
        fs::read_to_string(dir.join("in/game.yaml")).map_err(|e| format!("in/game.yaml: {e}"))?;
    let is_full = serde_yaml::from_str::<Value>(&text)
        .map_err(|e| format!("in/game.yaml: {e}"))?
        .get("dikast")
        .is_some();
    if is_full {
        return Ok((text.into_bytes(), s, u));
    }
    let state = R::setup(&text).map_err(|e| format!("in/game.yaml: {e}"))?;
    let broken = R::invariants(
        &R::load_scenario(scenario_text::<R>()?).map_err(|e| e.join("; "))?,
        &state,
    );
    if !broken.is_empty() {
        return Err(format!(
            "the setup breaks invariants: {}",
            broken.join("; ")
        ));
    }
    let sc_text = scenario_text::<R>()?;
    let sc = R::load_scenario(sc_text).map_err(|e| e.join("; "))?;
    let game = opening_file::<R>(
        &sc,
        ScenarioRef {
            name: R::scenario_names()[0].into(),
            sha256: sha256_hex(sc_text.as_bytes()),
            text: None,
        },
        "case",
        turn.unwrap_or(R::TURN),
        DiceState::of(64, &Chain::Open.prev(&s), &Chain::Sealed.prev(&u)),
        state,
    );
    Ok((to_yaml(&game).into_bytes(), s, u))
}
