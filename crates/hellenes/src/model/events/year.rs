//! What the end of the year and the New Year did, as data.
//!
//! Hidden information: a peace offer a side asked for but may not make is told only to
//! that side (its orders are its own); everything else here is public (tribute, the
//! victory check, dice of a peace offer, discards, the gathering of the cards). The
//! words: `text::narrate::year`.

use crate::model::params::PeaceTest;
use crate::model::state::{PlayedFor, Prestige};
use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq)]
pub enum YearEvent {
    /// 9.51 / 10.1: a side's tribute: the enemy cities it controls (with their values),
    /// their total, whether it was halved, the Prestige gained and the track after.
    /// 10.1 [S]: barbarian blocks that took cities, disbanded before tribute (back to the
    /// pool): per city, how many; the cities that reverted to their loyalty for it.
    BarbariansDisbanded {
        side: String,
        cities: Vec<(String, u32)>,
        reverted: Vec<String>,
    },
    Tribute {
        side: String,
        cities: Vec<(String, u32)>,
        total: u32,
        halved: bool,
        gained: u32,
        after: Prestige,
    },
    /// 9.52 / 10.2: the victory check: the track, the Prestige that wins (14.2.1), the
    /// winner if any, and what a peace offer needs (14.2.2; `faction`: the peace faction
    /// card is in play).
    VictoryCheck {
        prestige: Prestige,
        need: u32,
        winner: Option<String>,
        peace: u32,
        faction: bool,
    },
    /// 10.2: a side asked to offer peace but may not (only that side reads it).
    PeaceNotOffered {
        side: String,
        ahead: u32,
        need: u32,
        faction: bool,
    },
    /// 14.2.2: a peace offer: the cost paid, the dice (`label`, the offering side's die
    /// first), the Prestige they are compared with, and whether the enemy sued for peace.
    PeaceOffer {
        side: String,
        enemy: String,
        cost: u32,
        label: String,
        dice: Vec<u32>,
        level: u32,
        test: PeaceTest,
        accepted: bool,
        after: Prestige,
    },
    /// 9.53: continuing Events a side discarded.
    Discarded { side: String, cards: Vec<String> },
    /// 9.53: the ravaged marks removed (5.5).
    RavagedRemoved { cities: Vec<String> },
    /// 9.53: the civil-war markers removed at the year's end.
    CivilWarRemoved { cities: Vec<String> },
    /// 9.53: the year advanced.
    YearAdvanced { from: i32, to: i32 },
    /// 9.54: every card but those in play gathered for the shuffle.
    Gathered { cards: u32, kept: Vec<String> },
    /// 10.4: both New Year cards revealed: per side the card, what for, and the Olympian
    /// of a sacrifice; `order` (3.3): the sides in the order they act, with their values.
    NewYearRevealed {
        plays: BTreeMap<String, (String, PlayedFor, Option<String>)>,
        order: Vec<(String, u32)>,
    },
    /// 10.4: an Event that does not work at New Year (a combat Event: no combat phase;
    /// a Revolt: not allowed).
    NewYearEventVoid {
        side: String,
        card: String,
        revolt: bool,
    },
    /// 10.4.1: a card played for its Action value at New Year: the sacrifice put on
    /// `olympian` (`None`: the side had one on every Olympian already).
    Sacrificed {
        side: String,
        card: String,
        olympian: Option<String>,
    },
}

impl YearEvent {
    /// Whether `side` (None: the moderator) may read this event.
    pub fn shown_to(&self, side: Option<&str>) -> bool {
        match (self, side) {
            (_, None) => true,
            (YearEvent::PeaceNotOffered { side: s, .. }, Some(me)) => s == me,
            _ => true,
        }
    }
}
