//! The Hellenes scenario data: map, blocks, cards and every assumed ([A]) parameter.
//!
//! A scenario is plain YAML embedded in the binary (or a moderator's own file), so that
//! every assumption the rules need lives in data a moderator can read and change, never
//! in code. This module only describes its shape and checks that it hangs together.

use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// One side of the war, in the fixed order the dice protocol uses (dice.md §2).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SideDef {
    /// Machine id used in file names and orders (`athens`).
    pub id: String,
    /// Printed name (`Athens`).
    pub name: String,
}

/// Tunable rule values. Each carries its mark in the embedded file's comments; every
/// [A] value is listed in `docs/rules-coverage.md`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// 1.0 [S]: cards dealt to each side a year.
    pub hand_size: u32,
    /// 2.0 [P]: land areas a land block may move.
    pub land_move: u32,
    /// 2.0 [P]: land areas cavalry may move.
    pub cavalry_move: u32,
    /// 2.0 [P]: seas a fleet may move.
    pub fleet_move: u32,
    /// 2.0 [A]: rounds of a field or naval battle.
    pub battle_rounds: u32,
    /// 2.0 [A]: the land rating of a fleet ashore.
    pub fleet_land_rating: String,
    /// 2.0 [A]: when both sides are still in a battle after its last round, the
    /// attacker's blocks retreat and the defender wins (`false`: both stay, no winner).
    pub attacker_retreats_after_last_round: bool,
    /// [A]: Prestige for winning a field or naval battle.
    pub prestige_battle: i32,
    /// 8.1.3 [S]: Prestige for taking a city by storm.
    pub prestige_storm: i32,
    /// 8.1.3 [S]: Prestige for a capitulation.
    pub prestige_capitulation: i32,
    /// 5.5 [A]: Prestige for a successful pillage.
    pub prestige_pillage: i32,
    /// 7.3 [S]: rating of a city defender (garrison included) in a siege.
    pub defender_rating: String,
    /// 7.3 [S]: the capacity of a city is this many blocks per point of value.
    pub capacity_per_value: u32,
    /// 14.2.1 [S]: net Prestige that wins at once.
    pub victory_prestige: i32,
    /// 1.0 [P]: the side that takes the first player turn when the initiative ties.
    pub initiative_ties: String,
    /// 2.0, 4.2, 5.x: the player turn's assumed numbers ([A], see `season::SeasonParams`).
    pub season: crate::rules::hellenes::season::SeasonParams,
    /// 7.x, 8.x: the siege rules' numbers ([S] and [A], see `siege::SiegeParams`).
    pub siege: crate::rules::hellenes::siege::SiegeParams,
    /// 9.x: the Winter's assumed numbers ([A], see `winter::WinterParams`).
    pub winter: crate::rules::hellenes::winter::WinterParams,
    /// 9.5, 10.x: the end of the year's numbers ([S] and [A], see `year::YearParams`).
    pub year: crate::rules::hellenes::year::YearParams,
    /// 11.0: the Olympians and what each governs ([S] Zeus and Apollo, [A] the others).
    pub olympians: crate::rules::hellenes::olympians::OlympianParams,
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
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub assumed: Vec<String>,
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

    /// Every inconsistency in the data: dangling names, asymmetric adjacency, duplicate
    /// ids, impossible values. An empty list means the scenario can be played.
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        let sides: BTreeSet<&str> = self.sides.iter().map(|s| s.id.as_str()).collect();
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
            if crate::rules::hellenes::rating::Rating::parse(&b.rating).is_none() {
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
        for (name, r) in [
            ("fleet_land_rating", &self.params.fleet_land_rating),
            ("defender_rating", &self.params.defender_rating),
        ] {
            if crate::rules::hellenes::rating::Rating::parse(r).is_none() {
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
        out.extend(crate::rules::hellenes::olympians::problems(self));
        if self.cards.len() < (self.params.hand_size as usize) * self.sides.len() {
            out.push("the deck is smaller than the hands it must deal".into());
        }
        out
    }
}
