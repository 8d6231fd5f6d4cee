//! The Olympians (11.0) and the sacrifices made to them (10.4.1).
//!
//! Seven Olympians sit in the scenario's data (`params.olympians`): Zeus and Apollo as the
//! rules state them, the other five as house defaults ([A]), each governing one kind of
//! random result. A card played for its Action value at New Year is a sacrifice: a spare
//! garrison block is put on the chosen Olympian (at most one per Olympian per player,
//! kept until used). The sacrifices are public (the blocks stand on the board); they live
//! in the state (`State.sacrifices`) and every view.

use super::scenario::Scenario;
use super::state::State;
use super::words;
use crate::lang::Lang;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// 11.0: the kind of random result an Olympian governs.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum Governs {
    /// [S] Zeus: the six cards dealt at the year's start (`deal:<year>`).
    Deal,
    /// [S] Apollo: new blocks drawn from the pool (`draw:pool:<side>`).
    NewBlocks,
    /// Field battles on land and sorties (`battle:<area>`, `siege:<City>:sortie`).
    LandBattle,
    /// Naval battles (`battle:<sea>`).
    NavalBattle,
    /// Assaults (`siege:<City>:assault`, `siege:<City>:treachery`).
    Assault,
    /// Siege attrition (`siege:<City>:attrition`).
    Attrition,
    /// Other dice: peace offers (`peace:<year>`) and card Events.
    Event,
}

impl Governs {
    /// The kind in words (English), for diagnostics and templates.
    pub fn words(self) -> &'static str {
        match self {
            Governs::Deal => "the cards dealt at the year's start",
            Governs::NewBlocks => "new blocks drawn from the pool",
            Governs::LandBattle => "land-battle dice (field battles, sorties)",
            Governs::NavalBattle => "naval-battle dice",
            Governs::Assault => "assault dice",
            Governs::Attrition => "siege attrition dice",
            Governs::Event => "other dice (peace offers, Events)",
        }
    }
}

/// One Olympian as the scenario lists it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct OlympianDef {
    /// `Zeus`: as orders name it (any case).
    pub name: String,
    pub governs: Governs,
    /// [A]: a house default, not in our rule pages.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub house_default: bool,
}

/// The Olympians' rules (`params.olympians`).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct OlympianParams {
    /// 11.0 [A] Zeus: "the sacrifice must date from the previous year": `true` any earlier
    /// year, `false` exactly the year before.
    pub zeus_any_earlier_year: bool,
    /// 11.0 [P]: the seven Olympians, in the order the reports list them.
    pub gods: Vec<OlympianDef>,
}

/// A sacrifice on an Olympian (10.4.1), with the year it was made.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Sacrifice {
    pub olympian: String,
    pub year: i32,
}

/// The Olympian of that name (any case), as the scenario spells it.
pub fn find<'a>(sc: &'a Scenario, name: &str) -> Option<&'a OlympianDef> {
    sc.params
        .olympians
        .gods
        .iter()
        .find(|o| o.name.eq_ignore_ascii_case(name.trim()))
}

/// Whether `side` has a sacrifice on `olympian`.
pub fn has_sacrifice(
    sacrifices: &BTreeMap<String, Vec<Sacrifice>>,
    side: &str,
    olympian: &str,
) -> bool {
    sacrifices
        .get(side)
        .is_some_and(|v| v.iter().any(|s| s.olympian == olympian))
}

/// 10.4.1: puts `side`'s sacrifice on `olympian` (none if it has one there already).
pub fn sacrifice(st: &mut State, side: &str, olympian: &str) -> bool {
    if has_sacrifice(&st.sacrifices, side, olympian) {
        return false;
    }
    let year = st.year;
    st.sacrifices
        .entry(side.to_string())
        .or_default()
        .push(Sacrifice {
            olympian: olympian.to_string(),
            year,
        });
    true
}

/// The first Olympian (scenario order) on which `side` has no sacrifice: the default
/// sacrifice of a New Year card played for its Action value.
pub fn first_free(
    sc: &Scenario,
    sacrifices: &BTreeMap<String, Vec<Sacrifice>>,
    side: &str,
) -> Option<String> {
    sc.params
        .olympians
        .gods
        .iter()
        .find(|o| !has_sacrifice(sacrifices, side, &o.name))
        .map(|o| o.name.clone())
}

/// An Olympian's name in `lang` (`Зевс`).
pub fn name(olympian: &str, lang: Lang) -> String {
    words::text(olympian, lang)
}

/// Problems of the scenario's Olympians (names unique, one Olympian per kind of result).
pub fn problems(sc: &Scenario) -> Vec<String> {
    let mut out = Vec::new();
    let mut names = std::collections::BTreeSet::new();
    let mut kinds = std::collections::BTreeSet::new();
    for o in &sc.params.olympians.gods {
        if !names.insert(o.name.to_ascii_lowercase()) {
            out.push(format!("params.olympians: `{}` is listed twice", o.name));
        }
        if !kinds.insert(o.governs) {
            out.push(format!(
                "params.olympians: two Olympians govern {}",
                o.governs.words()
            ));
        }
    }
    out
}

/// 10.4.1 "Sacrifices" in a side's position, when any stand: each side's Olympians, with
/// the year of each sacrifice. Both languages side by side: edit them together.
pub fn describe(
    sc: &Scenario,
    sacrifices: &BTreeMap<String, Vec<Sacrifice>>,
    lang: Lang,
) -> String {
    use std::fmt::Write;
    if sacrifices.values().all(|v| v.is_empty()) {
        return String::new();
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\n{}",
        lang.pick(
            "**Sacrifices** (10.4.1; each may be spent on one appeal, 11.0):",
            "**Жертвы** (10.4.1; каждую можно потратить на одну просьбу, 11.0):"
        )
    );
    for side in sc.side_ids() {
        let Some(list) = sacrifices.get(&side).filter(|v| !v.is_empty()) else {
            continue;
        };
        let items: Vec<String> = list
            .iter()
            .map(|s| {
                format!(
                    "{} ({})",
                    name(&s.olympian, lang),
                    words::year(s.year, lang)
                )
            })
            .collect();
        let _ = writeln!(
            out,
            "- {}: {}",
            words::side(sc, &side, lang, words::Case::Nom),
            items.join(", ")
        );
    }
    out
}
