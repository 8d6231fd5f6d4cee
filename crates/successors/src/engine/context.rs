//! What one adjudication works on: the state being changed, the events and dice records
//! so far, and the round's bookkeeping (attempts, card modifiers, sallies). Every rule
//! area of the engine takes it; it uses none of them.

use crate::model::dice::Label;
use crate::model::events::{Event, LegitimacyWhy, Segment};
use crate::model::refusal::Why;
use crate::model::scenario::Scenario;
use crate::model::state::State;
use dikast_core::dice::{DiceRecord, Shown, TurnDice};
use std::collections::{BTreeMap, BTreeSet};

/// Everything one adjudication works on.
pub struct Ctx<'a> {
    pub sc: &'a Scenario,
    pub st: State,
    pub events: Vec<Event>,
    pub dice: &'a TurnDice,
    pub records: Vec<DiceRecord>,
    /// How many streams of each label stem were opened (the `#n` of labels).
    counters: BTreeMap<String, u32>,
    /// §4: attempts this round per space, and per (segment, space) the army that made
    /// them and how many.
    pub attempts_round: BTreeMap<String, u32>,
    pub attempts_segment: BTreeMap<(Segment, String), (String, u32)>,
    /// §1: card modifiers in force this round: (player, space) → (card, value).
    pub card_mods: BTreeMap<(String, String), Vec<(String, i32)>>,
    /// §6: besieged spaces whose defenders have had their sallies this round.
    pub sallied: BTreeSet<String>,
}

impl<'a> Ctx<'a> {
    pub fn new(sc: &'a Scenario, st: State, dice: &'a TurnDice) -> Ctx<'a> {
        Ctx {
            sc,
            st,
            events: Vec::new(),
            dice,
            records: Vec::new(),
            counters: BTreeMap::new(),
            attempts_round: BTreeMap::new(),
            attempts_segment: BTreeMap::new(),
            card_mods: BTreeMap::new(),
            sallied: BTreeSet::new(),
        }
    }

    /// The next `#n` for a label stem (`assault:Sardis`).
    pub fn next_n(&mut self, stem: &str) -> u32 {
        let c = self.counters.entry(stem.to_string()).or_insert(0);
        *c += 1;
        *c
    }

    /// Dice of one labelled open event: `count` dice of `sides` sides.
    pub fn roll(&mut self, label: Label, sides: u32, count: u32) -> Vec<u32> {
        let name = label.to_string();
        let mut s = if label.sealed() {
            self.dice.sealed(&name)
        } else {
            self.dice.open(&name)
        };
        let v: Vec<u32> = (0..count).map(|_| s.die(sides.max(1))).collect();
        self.records.push(s.record(Shown::All));
        v
    }

    /// One die.
    pub fn die(&mut self, label: Label, sides: u32) -> u32 {
        self.roll(label, sides, 1)[0]
    }

    pub fn push(&mut self, e: Event) {
        self.events.push(e);
    }

    /// §8 [A]: changes a player's Legitimacy (never below 0) and records it.
    pub fn change_legitimacy(&mut self, player: &str, change: i32, why: LegitimacyWhy) {
        let had = self.st.legitimacy_of(player) as i32;
        let total = (had + change).max(0) as u32;
        self.st.legitimacy.insert(player.to_string(), total);
        self.push(Event::Legitimacy {
            player: player.to_string(),
            change: total as i32 - had,
            total,
            why,
        });
    }

    /// An order not carried out, and why in both languages.
    pub fn void(&mut self, player: &str, order: String, why: Why) {
        self.events.push(Event::Void {
            player: player.to_string(),
            order,
            why,
        });
    }
}
