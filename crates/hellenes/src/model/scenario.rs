//! The Hellenes scenario data: map, blocks, cards and every assumed ([A]) parameter.
//!
//! A scenario is plain YAML embedded in the binary (or a moderator's own file), so that
//! every assumption the rules need lives in data a moderator can read and change, never
//! in code. This module only describes its shape and checks that it hangs together.

use super::params::Params;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// The game's id, as a scenario's `rules:` names it.
pub const GAME_ID: &str = "hellenes";

/// The embedded 431 BC scenario.
pub const HELLENES_431: &str = include_str!("hellenes-431.yaml");

/// One side of the war, in the fixed order the dice protocol uses (dice.md §2).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SideDef {
    /// Machine id used in file names and orders (`athens`).
    pub id: String,
    /// Printed name (`Athens`).
    pub name: String,
}

/// A land area. In Hellenes most land areas are city-states: the walled city and its
/// surrounding area share the city's name (page 9, "Residents").
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Area {
    /// The name as printed on the map (`Athens`, `Potidaea`).
    pub name: String,
    /// A region heading for reports and the map (`Attica`, `Chalcidice`, `Ionia`).
    pub region: String,
    /// Map position for the SVG map, in the map's own units (0..1000 × 0..700).
    pub xy: [i32; 2],
    /// The city-state in this area, if there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub city: Option<City>,
    /// Adjacent land areas (by land).
    #[serde(default)]
    pub land: Vec<String>,
    /// Adjacent seas; an area with any is coastal.
    #[serde(default)]
    pub seas: Vec<String>,
    /// Which of this entry's values are assumptions [A] (e.g. `[value, loyalty]`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub assumed: Vec<String>,
}

/// A walled city in an area.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct City {
    /// City value 1–3: tribute and capacity (2 × value blocks).
    pub value: u32,
    /// A port has exactly one offshore sea (7.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offshore: Option<String>,
    /// The side this city is loyal to at the start, or `neutral`.
    pub loyalty: String,
}

impl City {
    pub fn is_port(&self) -> bool {
        self.offshore.is_some()
    }
}

/// A sea area.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Sea {
    pub name: String,
    /// Map position for the SVG map.
    pub xy: [i32; 2],
    /// Adjacent seas.
    #[serde(default)]
    pub seas: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub assumed: Vec<String>,
}

/// The kinds of block.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum BlockKind {
    Hoplites,
    Infantry,
    Archers,
    Cavalry,
    Fleet,
    /// 7.3: a city's garrison, never in a scenario's block list; made when a siege begins.
    Garrison,
}

/// A block as the scenario sets it up.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BlockDef {
    /// `ATH-1`, `SPA-F2`: unique, stable, used in orders.
    pub id: String,
    pub side: String,
    pub kind: BlockKind,
    /// Printed name (`Athenian Hoplites`).
    pub name: String,
    /// Home city (same colour as the block: 9.x Returning).
    pub home: String,
    /// Steps at the start.
    pub steps: u32,
    /// Maximum steps (1–4).
    pub max: u32,
    /// Rating: fire letter and hit number (`B2`). For fleets, the naval rating.
    pub rating: String,
    /// Start position: an area name, or `pool`.
    pub at: String,
    /// 10.1 [S]: a barbarian block (disbanded before tribute when it holds a city it took).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub barbarian: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub assumed: Vec<String>,
}

/// The kinds of card, as far as the adjudicator must tell them apart.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum CardKind {
    /// An Event that happens once.
    Event,
    /// A continuing Event: stays in play until removed.
    Continuing,
    /// A leader (a card, 1.0).
    Leader,
    /// An Event that needs a combat phase (not at New Year, 10.4).
    Combat,
    /// A revolt (not at New Year, 10.4).
    Revolt,
}

/// 1.0 [A] One effect of a card's Event (`cards[].effects` in the scenario). The
/// vocabulary (docs/rules-coverage.md section 1): immediate effects happen when the card
/// is revealed; season effects (`actions`, `march`, `truce`, `halt`, `closed`, and a
/// `battle-bonus` of a card that does not stay in play) last the season it was played;
/// a continuing Event's or a leader's `battle-bonus` lasts while the card is in play.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum Effect {
    /// An effect without parameters (`treachery-assault`, `peace-faction`, `truce`, …).
    Marker(Marker),
    /// Steps gained or lost by blocks at once: `steps: { side, at, kind, change, keep_last }`.
    Steps { steps: StepsEffect },
    /// Prestige on the net track: `prestige: { side, points }`.
    Prestige { prestige: PrestigeEffect },
    /// 1.0 [A] Actions the side spends this player turn although it played an Event.
    Actions { actions: u32 },
    /// 2.0 [A] This season the side's land blocks move up to this many land areas.
    March { march: u32 },
    /// [A] The chosen city (`target`) changes to the side's loyalty and control on a die
    /// of at most `on` (stream `event:<card>:<city>`).
    Revolt { revolt: RollEffect },
    /// [A] Every fleet in the chosen sea rolls a die per step and loses a step for each
    /// die of at most `on` (stream `event:<card>:<sea>`).
    Storm { storm: RollEffect },
    /// [A] The side's blocks fire with their rating number raised by `points` (3 at most)
    /// in battles of `kind`.
    BattleBonus {
        #[serde(rename = "battle-bonus")]
        bonus: BonusEffect,
    },
}

/// An effect without parameters: one another rule applies, or one that acts on the
/// card's `target`.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Marker {
    /// 8.1: one limited assault after the Event (applied by the siege rules,
    /// `params.siege.treachery_card`).
    TreacheryAssault,
    /// 10.2: while in play, the peace offer needs `params.year.peace_faction_prestige`
    /// (applied at the victory check).
    PeaceFaction,
    /// [A] This season neither side starts a battle, an assault, a pillage or a sortie.
    Truce,
    /// [A] This season no block moves into or out of the chosen land area (`target`).
    Halt,
    /// [A] This season no fleet enters or leaves the chosen sea (`target`).
    Closed,
    /// 9.53 [A] A civil-war marker on the chosen city (`target`) until the year's end:
    /// it yields no tribute (9.51).
    CivilWar,
    /// 10.4.1 [A] A spare garrison block on the chosen Olympian (`target`), as a New Year
    /// sacrifice.
    Sacrifice,
}

/// Whose blocks or Prestige an effect touches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Whose {
    /// The side that played the card.
    Own,
    /// Its enemy.
    Enemy,
    /// A named side (`athens`).
    #[serde(untagged)]
    Side(String),
}

/// Which blocks a `steps` effect touches: every block of `side` of `kind` at `at` (a
/// place, `home`: each block in its own home city, or `target`: the place the card's
/// player chose), on the map and not garrisons.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct StepsEffect {
    pub side: Whose,
    pub at: String,
    /// `land`, `fleet` or `any` (the default).
    #[serde(default = "any_kind")]
    pub kind: String,
    /// Steps gained (+) or lost (−) by each block, within 1..max (see `keep_last`).
    pub change: i32,
    /// A block with one step does not lose it (it is not eliminated).
    #[serde(default)]
    pub keep_last: bool,
    /// Only blocks outside walls (not besieged in a city).
    #[serde(default)]
    pub outside_walls: bool,
}

fn any_kind() -> String {
    "any".into()
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PrestigeEffect {
    pub side: Whose,
    pub points: i32,
}

/// A die roll of an Event: it succeeds (or costs a step) on a die of at most `on`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RollEffect {
    pub on: u32,
}

/// Which battles a `battle-bonus` counts in.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum BattleKind {
    /// Field battles on land and sorties.
    Land,
    /// Naval battles.
    Naval,
    /// Assaults, attacking or defending.
    Assault,
    /// Every battle.
    Any,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BonusEffect {
    pub points: u32,
    #[serde(default = "any_battle")]
    pub kind: BattleKind,
}

fn any_battle() -> BattleKind {
    BattleKind::Any
}

/// 1.0 [A] What a card's Event is played on (`target:` in the orders): the kind of
/// thing, and the conditions the target must meet when the card is played and when it
/// is revealed (the side's own knowledge: its view, or the state seen as it sees it).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TargetDef {
    pub kind: TargetKind,
    /// A city's control: any of `own`, `enemy`, `neutral` (empty: any).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub control: Vec<String>,
    /// A city of at most this value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_value: Option<u32>,
    /// No enemy block stands in the place (walls included).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_enemy_blocks: bool,
    /// A block of the side stands in the place, in a land neighbour, or in its offshore
    /// sea.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub near: bool,
    /// A block of the side stands in the place.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub own_blocks: bool,
    /// Enemy blocks stand there outside walls.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub enemy_out: bool,
    /// Places the card may not be played on while another card is in play.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub barred: Vec<Barred>,
}

/// What a card's Event is played on.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum TargetKind {
    /// A land area (with or without a city).
    Area,
    /// A city (a land area with a walled city).
    City,
    Sea,
    /// An Olympian (`params.olympians.gods`).
    Olympian,
}

impl TargetKind {
    pub fn words(self) -> &'static str {
        match self {
            TargetKind::Area => "a land area",
            TargetKind::City => "a city",
            TargetKind::Sea => "a sea",
            TargetKind::Olympian => "an Olympian",
        }
    }
}

/// A place a card may not be played on while `while_in_play` is in play.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Barred {
    pub place: String,
    #[serde(rename = "while")]
    pub while_in_play: String,
}

/// A card: an Action value at one end, an Event at the other.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CardDef {
    /// `C01`…: the deck's canonical order is the order listed.
    pub id: String,
    pub name: String,
    /// Action value 1–3.
    pub action: u32,
    pub kind: CardKind,
    /// What the Event does, in the rulebook's words.
    pub event: String,
    /// 1.0 [A] What the adjudicator applies when the card is played for its Event, from
    /// a small vocabulary (`Effect`); empty: the Event is not applied (the reports say so).
    /// A moderator with the printed cards corrects these in data, not code.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
    /// What the Event is played on, when its effects need a choice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<TargetDef>,
    /// Only this side may play the card for its Event (a leader of one side).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub assumed: Vec<String>,
}

impl CardDef {
    /// 1.0 [A] The card stays in play when played for its Event.
    pub fn stays(&self) -> bool {
        matches!(self.kind, CardKind::Continuing | CardKind::Leader)
    }
    /// Effects that act on the card's `target`.
    pub fn needs_target(&self) -> bool {
        self.effects.iter().any(|e| match e {
            Effect::Steps { steps } => steps.at == "target",
            Effect::Revolt { .. } | Effect::Storm { .. } => true,
            Effect::Marker(m) => matches!(
                m,
                Marker::Halt | Marker::Closed | Marker::CivilWar | Marker::Sacrifice
            ),
            _ => false,
        })
    }
    /// 10.4 [A] Effects that last the season the card is played, which the New Year
    /// (no season follows it in the year's play) cannot use.
    pub fn season_only(&self) -> bool {
        self.effects.iter().any(|e| match e {
            Effect::Actions { .. } | Effect::March { .. } => true,
            Effect::BattleBonus { .. } => !self.stays(),
            Effect::Marker(m) => matches!(m, Marker::Truce | Marker::Halt | Marker::Closed),
            _ => false,
        })
    }
}

/// A whole scenario.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// `hellenes-431`.
    pub scenario: String,
    /// Always `hellenes`.
    pub rules: String,
    pub title: String,
    /// The first year (BC, counted down: 431, 430, …).
    pub year: i32,
    pub sides: Vec<SideDef>,
    pub params: Params,
    pub areas: Vec<Area>,
    pub seas: Vec<Sea>,
    pub blocks: Vec<BlockDef>,
    pub cards: Vec<CardDef>,
}

impl Scenario {
    /// Reads a scenario and checks that it is a Hellenes scenario that hangs together.
    pub fn load(text: &str) -> Result<Scenario, Vec<String>> {
        let sc: Scenario = serde_yaml::from_str(text).map_err(|e| vec![e.to_string()])?;
        let problems = sc.refused();
        if problems.is_empty() {
            Ok(sc)
        } else {
            Err(problems)
        }
    }

    /// What `load` refuses in a parsed scenario: another game's, or any of `problems`.
    pub fn refused(&self) -> Vec<String> {
        if self.rules != GAME_ID {
            return vec![format!(
                "this scenario is for `{}`, not hellenes",
                self.rules
            )];
        }
        self.problems()
    }

    pub fn area(&self, name: &str) -> Option<&Area> {
        self.areas.iter().find(|a| a.name == name)
    }
    pub fn sea(&self, name: &str) -> Option<&Sea> {
        self.seas.iter().find(|s| s.name == name)
    }
    pub fn card(&self, id: &str) -> Option<&CardDef> {
        self.cards.iter().find(|c| c.id == id)
    }
    pub fn side_ids(&self) -> Vec<String> {
        self.sides.iter().map(|s| s.id.clone()).collect()
    }

    /// The enemy of `side`, from the scenario's side list: Hellenes is a war of two sides,
    /// so the enemy is the other one (empty if the list has no other side).
    pub fn enemy_of(&self, side: &str) -> String {
        self.sides
            .iter()
            .find(|s| s.id != side)
            .map(|s| s.id.clone())
            .unwrap_or_default()
    }

    /// 1.0 [A] What is wrong with one card's Event data: dangling places, sides and cards,
    /// and effects that need a target the card does not define (or of another kind).
    fn card_problems(&self, c: &CardDef, sides: &BTreeSet<&str>) -> Vec<String> {
        let mut out = Vec::new();
        for e in &c.effects {
            out.extend(self.effect_problems(c, e, sides));
        }
        if let Some(t) = &c.target {
            out.extend(self.target_problems(c, t));
        }
        if let Some(s) = &c.only {
            if !sides.contains(s.as_str()) {
                out.push(format!("card {}: `only: {s}`: no such side", c.id));
            }
        }
        out
    }

    /// 1.0 [A] What is wrong with one effect of card `c`: a place or side that does not
    /// exist, a die out of 1–6, or a target the effect needs and the card lacks.
    fn effect_problems(&self, c: &CardDef, e: &Effect, sides: &BTreeSet<&str>) -> Vec<String> {
        let mut out = Vec::new();
        let place = |p: &str| self.area(p).is_some() || self.sea(p).is_some();
        let target = c.target.as_ref().map(|t| t.kind);
        let wants = |out: &mut Vec<String>, what: &str, kinds: &[TargetKind]| {
            if !target.is_some_and(|k| kinds.contains(&k)) {
                let kinds: Vec<&str> = kinds.iter().map(|k| k.words()).collect();
                out.push(format!(
                    "card {}: effect `{what}` needs `target: {{kind: …}}`: {}",
                    c.id,
                    kinds.join(" or ")
                ));
            }
        };
        let whose = match e {
            Effect::Steps { steps: s } => {
                if s.at == "target" {
                    wants(
                        &mut out,
                        "steps",
                        &[TargetKind::Area, TargetKind::City, TargetKind::Sea],
                    );
                } else if s.at != "home" && !place(&s.at) {
                    out.push(format!(
                        "card {}: effect at `{}`: no such place (or `home`, `target`)",
                        c.id, s.at
                    ));
                }
                if !["land", "fleet", "any"].contains(&s.kind.as_str()) {
                    out.push(format!(
                        "card {}: effect kind `{}`: land, fleet or any",
                        c.id, s.kind
                    ));
                }
                Some(&s.side)
            }
            Effect::Prestige { prestige: p } => Some(&p.side),
            Effect::Revolt { revolt: r } => {
                wants(&mut out, "revolt", &[TargetKind::City]);
                if !(1..=6).contains(&r.on) {
                    out.push(format!(
                        "card {}: revolt `on: {}`: a die of 1 to 6",
                        c.id, r.on
                    ));
                }
                None
            }
            Effect::Storm { storm: r } => {
                wants(&mut out, "storm", &[TargetKind::Sea]);
                if !(1..=6).contains(&r.on) {
                    out.push(format!(
                        "card {}: storm `on: {}`: a die of 1 to 6",
                        c.id, r.on
                    ));
                }
                None
            }
            Effect::Marker(Marker::Halt) => {
                wants(&mut out, "halt", &[TargetKind::Area, TargetKind::City]);
                None
            }
            Effect::Marker(Marker::Closed) => {
                wants(&mut out, "closed", &[TargetKind::Sea]);
                None
            }
            Effect::Marker(Marker::CivilWar) => {
                wants(&mut out, "civil-war", &[TargetKind::City]);
                None
            }
            Effect::Marker(Marker::Sacrifice) => {
                wants(&mut out, "sacrifice", &[TargetKind::Olympian]);
                None
            }
            _ => None,
        };
        if let Some(Whose::Side(s)) = whose {
            if !sides.contains(s.as_str()) {
                out.push(format!("card {}: effect side `{s}`: no such side", c.id));
            }
        }
        out
    }

    /// 1.0 [A] What is wrong with card `c`'s `target:`: given with no effect acting on it,
    /// an unknown control word, a barred place or card that does not exist.
    fn target_problems(&self, c: &CardDef, t: &TargetDef) -> Vec<String> {
        let mut out = Vec::new();
        let place = |p: &str| self.area(p).is_some() || self.sea(p).is_some();
        // A card without effects is allowed (not applied: `check` warns).
        if !c.needs_target() && !c.effects.is_empty() {
            out.push(format!(
                "card {}: `target` given, but no effect acts on it",
                c.id
            ));
        }
        for k in &t.control {
            if !["own", "enemy", "neutral"].contains(&k.as_str()) {
                out.push(format!(
                    "card {}: target control `{k}`: own, enemy or neutral",
                    c.id
                ));
            }
        }
        for b in &t.barred {
            if !place(&b.place) {
                out.push(format!(
                    "card {}: barred place `{}`: no such place",
                    c.id, b.place
                ));
            }
            if self.card(&b.while_in_play).is_none() {
                out.push(format!(
                    "card {}: barred while `{}`: no such card",
                    c.id, b.while_in_play
                ));
            }
        }
        out
    }

    /// Every inconsistency in the data: dangling names, asymmetric adjacency, duplicate
    /// ids, impossible values. An empty list means the scenario can be played.
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        let sides: BTreeSet<&str> = self.sides.iter().map(|s| s.id.as_str()).collect();
        for c in &self.cards {
            out.extend(self.card_problems(c, &sides));
        }
        out.extend(self.map_problems(&sides));
        out.extend(self.block_problems(&sides));
        out.extend(self.param_problems(&sides));
        out.extend(self.deck_problems());
        out.extend(olympian_problems(self));
        if self.cards.len() < (self.params.hand_size as usize) * self.sides.len() {
            out.push("the deck is smaller than the hands it must deal".into());
        }
        out
    }

    /// The map's problems: places listed twice, unknown or one-way neighbours, a city's
    /// value, loyalty or offshore sea out of place.
    fn map_problems(&self, sides: &BTreeSet<&str>) -> Vec<String> {
        let mut out = Vec::new();
        let mut names = BTreeSet::new();
        for a in &self.areas {
            if !names.insert(a.name.as_str()) {
                out.push(format!("place `{}` is listed twice", a.name));
            }
        }
        for s in &self.seas {
            if !names.insert(s.name.as_str()) {
                out.push(format!("place `{}` is listed twice", s.name));
            }
        }
        for a in &self.areas {
            for n in &a.land {
                match self.area(n) {
                    None => out.push(format!("{}: unknown land neighbour `{n}`", a.name)),
                    Some(b) if !b.land.contains(&a.name) => out.push(format!(
                        "{} lists {n} as a land neighbour, not the reverse",
                        a.name
                    )),
                    _ => {}
                }
            }
            for s in &a.seas {
                if self.sea(s).is_none() {
                    out.push(format!("{}: unknown sea `{s}`", a.name));
                }
            }
            if let Some(c) = &a.city {
                if !(1..=3).contains(&c.value) {
                    out.push(format!("{}: city value {} is not 1–3", a.name, c.value));
                }
                if c.loyalty != "neutral" && !sides.contains(c.loyalty.as_str()) {
                    out.push(format!("{}: unknown loyalty `{}`", a.name, c.loyalty));
                }
                if let Some(o) = &c.offshore {
                    if !a.seas.contains(o) {
                        out.push(format!("{}: offshore sea `{o}` is not adjacent", a.name));
                    }
                }
            }
        }
        for s in &self.seas {
            for n in &s.seas {
                match self.sea(n) {
                    None => out.push(format!("{}: unknown sea neighbour `{n}`", s.name)),
                    Some(b) if !b.seas.contains(&s.name) => out.push(format!(
                        "{} lists {n} as a neighbour, not the reverse",
                        s.name
                    )),
                    _ => {}
                }
            }
        }
        out
    }

    /// The blocks' problems: ids listed twice, unknown sides, steps, ratings, homes and
    /// starts out of place.
    fn block_problems(&self, sides: &BTreeSet<&str>) -> Vec<String> {
        let mut out = Vec::new();
        let mut ids = BTreeSet::new();
        for b in &self.blocks {
            if !ids.insert(b.id.as_str()) {
                out.push(format!("block `{}` is listed twice", b.id));
            }
            if !sides.contains(b.side.as_str()) {
                out.push(format!("block {}: unknown side `{}`", b.id, b.side));
            }
            if b.steps == 0 || b.steps > b.max || b.max > 4 {
                out.push(format!(
                    "block {}: steps {}/{} out of 1–4",
                    b.id, b.steps, b.max
                ));
            }
            if super::rating::Rating::parse(&b.rating).is_none() {
                out.push(format!("block {}: bad rating `{}`", b.id, b.rating));
            }
            if self.area(&b.home).and_then(|a| a.city.as_ref()).is_none() {
                out.push(format!("block {}: home `{}` is not a city", b.id, b.home));
            }
            if b.at != "pool" && self.area(&b.at).is_none() && self.sea(&b.at).is_none() {
                out.push(format!("block {}: unknown start `{}`", b.id, b.at));
            }
            if b.kind != BlockKind::Fleet && self.sea(&b.at).is_some() {
                out.push(format!("block {}: a land block cannot start at sea", b.id));
            }
        }
        out
    }

    /// The top-level rule parameters' problems: bad ratings, a value dikast does not
    /// support, an unknown side.
    fn param_problems(&self, sides: &BTreeSet<&str>) -> Vec<String> {
        let mut out = Vec::new();
        for (name, r) in [
            ("fleet_land_rating", &self.params.fleet_land_rating),
            ("defender_rating", &self.params.defender_rating),
        ] {
            if super::rating::Rating::parse(r).is_none() {
                out.push(format!("params.{name}: bad rating `{r}`"));
            }
        }
        // 2.0 [A]: a battle still undecided after its last round must end with the
        // attacker's retreat; contested areas (both sides staying) are not modelled, and
        // a fortified city beside a contested area would be left besieged with no siege.
        if !self.params.attacker_retreats_after_last_round {
            out.push(
                "params.attacker_retreats_after_last_round: only `true` is supported (dikast does not model an area both sides hold after a battle)".into(),
            );
        }
        if !sides.contains(self.params.initiative_ties.as_str()) {
            out.push(format!(
                "params.initiative_ties: unknown side `{}`",
                self.params.initiative_ties
            ));
        }
        out
    }

    /// The deck's problems: cards listed twice, Action values out of 1–3, the peace faction
    /// card missing.
    fn deck_problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        let mut cids = BTreeSet::new();
        for c in &self.cards {
            if !cids.insert(c.id.as_str()) {
                out.push(format!("card `{}` is listed twice", c.id));
            }
            if !(1..=3).contains(&c.action) {
                out.push(format!(
                    "card {}: action value {} is not 1–3",
                    c.id, c.action
                ));
            }
        }
        if self.card(&self.params.year.peace_faction_card).is_none() {
            out.push(format!(
                "params.year.peace_faction_card: no card `{}`",
                self.params.year.peace_faction_card
            ));
        }
        out
    }
}

/// Problems of the scenario's Olympians (names unique, one Olympian per kind of result).
fn olympian_problems(sc: &Scenario) -> Vec<String> {
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
