//! The shuffle and the deal (1.0 Setup, 10.3 each year): a leaf of the engine, so that
//! the step dispatcher (`resolve`, the setup step) and the year's start (`year`) share it
//! without importing each other.

use crate::model::dice;
use crate::model::events::Event;
use crate::model::scenario::Scenario;
use crate::model::state::State;
use dikast_core::dice::{DiceRecord, Shown, TurnDice};
use std::collections::BTreeMap;

/// 1.0 Setup (and 9.54 each year's start, `year`): shuffle the deck and deal `hand_size`
/// cards to each side, one at a time in side order from the top. The shuffle is the
/// sealed event `deal:<year>`, so nobody (the moderator included) can choose or foresee
/// the hands.
pub fn deal(
    sc: &Scenario,
    next: &mut State,
    events: &mut Vec<Event>,
    records: &mut Vec<DiceRecord>,
    dice: &TurnDice,
) {
    let label = dice::deal(next.year);
    let mut stream = dice.sealed(&label);
    let mut deck = next.cards.deck.clone();
    stream.shuffle(&mut deck);
    records.push(stream.record(Shown::Moderator));
    events.push(Event::Shuffled {
        label,
        cards: deck.len() as u32,
    });
    let sides = sc.side_ids();
    let mut hands: BTreeMap<String, Vec<String>> =
        sides.iter().map(|s| (s.clone(), Vec::new())).collect();
    let mut top = deck.into_iter();
    for _ in 0..sc.params.hand_size {
        for s in &sides {
            if let Some(c) = top.next() {
                hands.get_mut(s).expect("every side has a hand").push(c);
            }
        }
    }
    next.cards.deck = top.collect();
    for s in &sides {
        events.push(Event::Dealt {
            side: s.clone(),
            cards: hands[s].clone(),
        });
    }
    next.cards.hands = hands;
}
