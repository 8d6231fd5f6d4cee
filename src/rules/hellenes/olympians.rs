//! The Olympians (11.0): seven Olympians sit in the scenario's data (`params.olympians`):
//! Zeus and Apollo as the rules state them, the other five as house defaults ([A]), each
//! governing one kind of random result. Sacrifices (10.4.1) and appeals (11.0) are not
//! implemented yet: this module only describes the data and checks that it hangs together.

use super::scenario::Scenario;
use serde::{Deserialize, Serialize};

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
