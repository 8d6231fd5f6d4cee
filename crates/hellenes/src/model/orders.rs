//! The checked Hellenes orders, as data: what a side's orders file says once the check
//! layer has accepted it (actions, siege orders, winter moves, the New Year play, new
//! standing orders). The forms and their checks live in `check/`; what the orders do, in
//! `engine/`. Here only the types, so that the engine can name them without importing
//! either. It reads the state's types (a card play, the standing orders); the appeals
//! written in advance, which the state keeps, are in `appeal.rs`.

use super::state::Play;
use super::state::PlayedFor;
use super::state::Standing;

/// One side's checked orders for one step.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Orders {
    /// The card played in an initiative step.
    pub initiative: Option<Play>,
    /// The acting side's actions in a player turn, in order (`check::actions`).
    pub actions: Vec<Action>,
    /// The acting side's siege combat orders (`check::siege_orders`); in Winter, either side's.
    pub combat: Vec<SiegeOrder>,
    /// 9.x the side's overwintering moves in the Winter step, written and default
    /// (`engine::winter`).
    pub winter: Vec<WinterMove>,
    /// New standing orders, replacing the old ones whole; `None` keeps the old ones.
    pub standing: Option<Standing>,
    /// 10.2, 14.2.2: offer peace at the year's end, if the side may then (`engine::year`).
    pub peace: bool,
    /// 9.53: continuing Events to discard at the year's end (`engine::year`).
    pub discard: Vec<String>,
    /// 10.4: the New Year card (`engine::year`).
    pub new_year: Option<NewYearPlay>,
    /// Whether the side sent a file at all (for the reports).
    pub sent: bool,
    /// The documented defaults these orders applied in place of orders the side did not
    /// write (or wrote invalid): the reports list them (`Rules::defaults_said`).
    pub fallbacks: Vec<Fallback>,
}

/// A documented default applied in place of an order not written (docs/orders.md).
#[derive(Debug, Clone, PartialEq)]
pub enum Fallback {
    /// 1.0: the initiative card, played for its Action value.
    Initiative { card: String },
    /// 10.4, 10.4.1: the New Year card, for its Action value, as a sacrifice to this
    /// Olympian (or to none if every one has the side's sacrifice already).
    NewYear {
        card: String,
        olympian: Option<String>,
    },
}

/// What a Build action builds (4.2).
#[derive(Debug, Clone, PartialEq)]
pub enum Build {
    /// A step for one of the side's blocks in a city it controls.
    Step(String),
    /// A new block drawn blind from the pool into a city the side controls.
    Block(String),
    /// 4.2.3: a garrison in a captured enemy city.
    Garrison(String),
}

/// One action, as checked.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// 2.0: land blocks along a path of land areas.
    Move {
        blocks: Vec<String>,
        path: Vec<String>,
    },
    /// 2.0, 5.21: fleets along a path of seas, perhaps ending in a coastal area, carrying
    /// land blocks that land there.
    Sail {
        fleets: Vec<String>,
        path: Vec<String>,
        carry: Vec<String>,
        /// 7.4, page 9: how the fleets meet their own besieged port entered by way of its
        /// offshore sea: `Walls` joins the besieged (the default there), `Field` lands and
        /// attacks the besiegers. `None`: the default.
        into: Option<Landing>,
    },
    Build(Build),
    /// 5.5 Pillage of a city whose area the side holds.
    Pillage(String),
}

/// 7.4: what fleets do on reaching their own besieged port by way of its offshore sea.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Landing {
    /// Enter the port, joining the besieged inside the walls (within the capacity).
    Walls,
    /// Land in the area and attack the besiegers (an amphibious battle, 2.0).
    Field,
}

/// One siege order of a Combat phase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SiegeOrder {
    /// 8.1: assault a city your blocks besiege.
    Assault { city: String },
    /// 8.2: siege attrition against a city your blocks besiege.
    Attrition { city: String },
    /// 8.3: some of your besieged blocks attack the besiegers.
    Sortie { city: String, blocks: Vec<String> },
}

impl SiegeOrder {
    pub fn city(&self) -> &str {
        match self {
            SiegeOrder::Assault { city }
            | SiegeOrder::Attrition { city }
            | SiegeOrder::Sortie { city, .. } => city,
        }
    }
}

/// A winter order's verb.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    /// Into an adjacent friendly-controlled city.
    Quarter,
    /// To the blocks' friendly-controlled home city.
    Return,
    /// No move.
    Stay,
}

impl Verb {
    pub fn word(self) -> &'static str {
        match self {
            Verb::Quarter => "quarter",
            Verb::Return => "return",
            Verb::Stay => "stay",
        }
    }
}

/// One winter order, as checked.
#[derive(Debug, Clone, PartialEq)]
pub struct WinterMove {
    pub verb: Verb,
    /// Land blocks, or fleets (which may carry land blocks).
    pub blocks: Vec<String>,
    pub carry: Vec<String>,
    /// The places entered, in order; the last is the city (empty for `stay`).
    pub path: Vec<String>,
    /// `false`: made by the documented default for a block named in no winter order.
    pub written: bool,
}

impl WinterMove {
    /// Every block it names.
    pub fn ids(&self) -> impl Iterator<Item = &String> {
        self.blocks.iter().chain(self.carry.iter())
    }
}

/// 10.4: one side's New Year card: for its Event, or for its Action value as a sacrifice
/// to an Olympian (10.4.1; `None` only when the side already has a sacrifice on every
/// Olympian).
#[derive(Debug, Clone, PartialEq)]
pub struct NewYearPlay {
    pub card: String,
    pub played_for: PlayedFor,
    pub olympian: Option<String>,
    /// 1.0 [A] What the Event is played on (the card's `target:` in the scenario).
    pub target: Option<String>,
}
