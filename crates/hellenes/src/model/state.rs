//! The Hellenes game state: calendar, step, blocks, cities, cards, Prestige, standing
//! orders. Everything the next turn needs and nothing derived; serialised as the
//! `state:` of the game file, in a fixed field order so the bytes are stable.

use super::scenario::BlockKind;
use super::scenario::Scenario;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// The seasons of a year (1.0). New Year comes before Spring.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum Season {
    NewYear,
    Spring,
    EarlySummer,
    LateSummer,
    Fall,
    Winter,
}

impl Season {
    pub fn name(self) -> &'static str {
        match self {
            Season::NewYear => "New Year",
            Season::Spring => "Spring",
            Season::EarlySummer => "Early Summer",
            Season::LateSummer => "Late Summer",
            Season::Fall => "Fall",
            Season::Winter => "Winter",
        }
    }
    /// The next campaigning season, `None` after Winter.
    pub fn next(self) -> Option<Season> {
        use Season::*;
        match self {
            NewYear => Some(Spring),
            Spring => Some(EarlySummer),
            EarlySummer => Some(LateSummer),
            LateSummer => Some(Fall),
            Fall => Some(Winter),
            Winter => None,
        }
    }
}

impl fmt::Display for Season {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which step of the rules the game awaits.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Phase {
    /// Turn 1: both sides send entropy (and standing orders); the deck is dealt.
    Setup,
    /// Both sides play a card for its Action value or its Event (1.0 initiative).
    Initiative,
    /// A side's player turn: its Actions phase, then its Combat phase.
    PlayerTurn { side: String, first: bool },
    /// 9.x Winter, after Fall's player turns: both sides' overwintering moves and the two
    /// winter combat phases, in one step (`engine::winter`).
    Winter,
    /// 9.5 / 10.1–10.3 The end of the year (`engine::year`): tribute, the victory check and peace
    /// offers, the year's end and the next year's deal.
    YearEnd,
    /// 10.4 New Year: both sides play a card, revealed together: an Event, or a sacrifice
    /// to an Olympian (10.4.1) (`engine::year`).
    NewYear,
    /// 14.2 The game is over: nothing is left to adjudicate.
    Ended { winner: String, by: Victory },
}

/// 14.2 How a game was won.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Victory {
    /// 14.2.1: 15 or more Prestige at the victory check.
    Prestige,
    /// 14.2.2: the enemy accepted a peace offer.
    Peace,
}

/// Where a block is, as the rules see it.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// On the map, in an area or at sea.
    Field,
    /// In a besieged city (7.2).
    Besieged,
    /// In the area around a besieged city (7.2).
    Besieging,
    /// In its side's pool, not yet built.
    Pool,
    /// Eliminated.
    Eliminated,
}

impl Status {
    /// On the map: neither in its side's pool nor eliminated.
    pub fn on_map(self) -> bool {
        !matches!(self, Status::Pool | Status::Eliminated)
    }
}

/// A block.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Block {
    pub id: String,
    pub side: String,
    pub kind: BlockKind,
    pub name: String,
    pub home: String,
    pub steps: u32,
    pub max: u32,
    pub rating: String,
    /// An area or sea name; `pool` in the pool; where it fell when eliminated.
    pub at: String,
    pub status: Status,
    /// 10.1 [S]: a barbarian block (from the scenario's `blocks[].barbarian`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub barbarian: bool,
}

impl Block {
    /// 7.3: a garrison block (`GAR-<City>`, kind `garrison`).
    pub fn is_garrison(&self) -> bool {
        self.kind == BlockKind::Garrison
    }

    /// 7.3, 7.x City control: whether the block stops enemy movement through its area.
    /// Garrisons and besieged blocks (inside the walls) never do; besiegers hold the area.
    pub fn stops_enemy(&self) -> bool {
        self.status.on_map() && !self.is_garrison() && self.status != Status::Besieged
    }
}

/// The state of one city.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CityState {
    pub name: String,
    /// The side controlling the city, or `neutral`.
    pub control: String,
    /// The side it is loyal to (its colour), or `neutral`.
    pub loyalty: String,
    /// The siege of the city, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub siege: Option<Siege>,
    /// A garrison built in a captured city (4.2.3) stays when a siege is lifted (7.3).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub built_garrison: bool,
    /// 5.5: pillaged this year; the mark goes at the year's end (9.53).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ravaged: bool,
    /// 9.53 [A]: a civil-war marker (a card Event) until the year's end: no tribute.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub civil_war: bool,
}

/// A siege (7.2), with when it was established.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Siege {
    pub besieger: String,
    pub year: i32,
    pub season: Season,
    /// 8.2.1: since when this port has been both besieged and blockaded (none: it is not
    /// blockaded, or not a port). Kept up to date by `siege::settle`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blockaded: Option<Since>,
}

/// A season of a year: when something began.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Since {
    pub year: i32,
    pub season: Season,
}

/// A card played this season.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum PlayedFor {
    Action,
    Event,
}

/// One side's card play in the initiative step.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Play {
    pub card: String,
    #[serde(rename = "for")]
    pub played_for: PlayedFor,
    /// 1.0 [A] What the Event is played on (the card's `target:` in the scenario).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
}

/// The cards.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct Cards {
    /// Face down, top first.
    pub deck: Vec<String>,
    pub hands: BTreeMap<String, Vec<String>>,
    /// Face up, in the order played.
    pub discard: Vec<String>,
    /// Continuing Events and leaders in play, with the side that played them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub in_play: Vec<InPlay>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct InPlay {
    pub card: String,
    pub side: String,
}

/// This season's initiative: what each side played and who goes first.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Initiative {
    pub plays: BTreeMap<String, Play>,
    pub first: String,
}

/// 7.1: how a city's defenders meet an enemy entering its area.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Fortify {
    /// Withdraw into the walled city; the area is ceded to the besieger.
    Walls,
    /// Meet the enemy in the field.
    Field,
}

/// Standing orders: one side's reactions decided in advance. They persist until replaced.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct Standing {
    /// 7.1 per city; a city not named uses the default (`walls`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub fortify: BTreeMap<String, Fortify>,
    /// 7.1 per city: the blocks that withdraw into the walls, in this order, when the
    /// order named them (`fortify: { Amphipolis: [ATH-5, ATH-14] }`); the others meet the
    /// enemy in the field. A city not listed fills its walls in game file order.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub walls: BTreeMap<String, Vec<String>>,
    /// 8.1.3: cities whose defenders capitulate if assaulted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub capitulate: Vec<String>,
    /// Blocks to take losses first among equals, in order (2.0, 8.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub losses: Vec<String>,
    /// Preferred retreat per area (2.0).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub retreat: BTreeMap<String, String>,
    /// 8.1.2: per besieged port, the fleets (and the land blocks they carry) that sail out
    /// to the offshore sea when an assault is declared there.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub escape: BTreeMap<String, Vec<String>>,
    /// 11.0: appeals to the Olympians, written in advance as conditional orders
    /// (`engine::olympians`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub appeals: Vec<super::appeal::Appeal>,
}

/// The net Prestige track (2.0): one marker, on one side's half or at zero.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Prestige {
    /// The side ahead, or `none` at zero.
    pub leader: String,
    pub points: u32,
}

/// The whole Hellenes state.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct State {
    /// The year, BC (431, 430, …).
    pub year: i32,
    pub season: Season,
    pub phase: Phase,
    pub prestige: Prestige,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initiative: Option<Initiative>,
    pub cards: Cards,
    pub cities: Vec<CityState>,
    pub blocks: Vec<Block>,
    pub standing: BTreeMap<String, Standing>,
    /// 10.4.1: each side's sacrifices on the Olympians (public; `engine::olympians`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sacrifices: BTreeMap<String, Vec<Sacrifice>>,
    /// 11.0: the appeals made in the step being resolved (each Olympian at most once per
    /// player turn). Never written to a game file: every step starts with none.
    #[serde(skip)]
    pub appealed: Vec<Appealed>,
    /// 11.0: the standing appeals that fitted a result of this step but could not be made,
    /// and why (told to their side at the end of the step). Never written to a game file.
    #[serde(skip)]
    pub not_made: Vec<(String, String, String, NotMade)>,
}

/// 11.0: why a standing appeal that fitted a result was not made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum NotMade {
    /// The Olympian was already appealed to in this player turn (11.0: once per turn).
    OncePerTurn,
    /// The side holds no sacrifice on that Olympian.
    NoSacrifice,
    /// Zeus: the sacrifice is of this year; it must date from an earlier one.
    TooRecent,
}

impl State {
    /// The state a scenario starts in, before the setup turn.
    pub fn start(sc: &Scenario) -> State {
        let blocks = sc
            .blocks
            .iter()
            .map(|b| Block {
                id: b.id.clone(),
                side: b.side.clone(),
                kind: b.kind,
                name: b.name.clone(),
                home: b.home.clone(),
                steps: b.steps,
                max: b.max,
                rating: b.rating.clone(),
                at: b.at.clone(),
                status: if b.at == "pool" {
                    Status::Pool
                } else {
                    Status::Field
                },
                barbarian: b.barbarian,
            })
            .collect();
        let cities = sc
            .areas
            .iter()
            .filter_map(|a| {
                a.city.as_ref().map(|c| CityState {
                    name: a.name.clone(),
                    control: c.loyalty.clone(),
                    loyalty: c.loyalty.clone(),
                    siege: None,
                    built_garrison: false,
                    ravaged: false,
                    civil_war: false,
                })
            })
            .collect();
        State {
            year: sc.year,
            season: Season::Spring,
            phase: Phase::Setup,
            prestige: Prestige {
                leader: "none".into(),
                points: 0,
            },
            initiative: None,
            cards: Cards {
                deck: sc.cards.iter().map(|c| c.id.clone()).collect(),
                hands: sc
                    .sides
                    .iter()
                    .map(|s| (s.id.clone(), Vec::new()))
                    .collect(),
                discard: Vec::new(),
                in_play: Vec::new(),
            },
            cities,
            blocks,
            standing: sc
                .sides
                .iter()
                .map(|s| (s.id.clone(), Standing::default()))
                .collect(),
            sacrifices: BTreeMap::new(),
            appealed: Vec::new(),
            not_made: Vec::new(),
        }
    }

    pub fn block(&self, id: &str) -> Option<&Block> {
        self.blocks.iter().find(|b| b.id == id)
    }
    pub fn city(&self, name: &str) -> Option<&CityState> {
        self.cities.iter().find(|c| c.name == name)
    }
}

/// A sacrifice on an Olympian (10.4.1), with the year it was made.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Sacrifice {
    pub olympian: String,
    pub year: i32,
}

/// One appeal made in the step being resolved.
#[derive(Debug, Clone, PartialEq)]
pub struct Appealed {
    pub side: String,
    pub olympian: String,
    /// The label of the result appealed (without `#reroll-…`).
    pub label: String,
}
