//! Resolving a Hellenes step: a pure function of (scenario, state, orders, dice) to
//! (next state, events, dice records). No I/O, no clock.

use crate::model::events::Event;
use crate::model::orders::Orders;
use crate::model::scenario::Scenario;
use crate::model::state::InPlay;
use crate::model::state::Initiative;
use crate::model::state::Phase;
use crate::model::state::Play;
use crate::model::state::PlayedFor;
use crate::model::state::Season;
use crate::model::state::State;
use dikast_core::dice::TurnDice;
use dikast_core::rules::Resolution;
use std::collections::BTreeMap;

pub fn resolve(
    sc: &Scenario,
    st: &State,
    orders: &BTreeMap<String, Orders>,
    dice: &TurnDice,
) -> Resolution<State, Event> {
    let mut next = st.clone();
    // 11.0: each Olympian at most once per player turn (this step).
    next.appealed.clear();
    next.not_made.clear();
    let mut events = Vec::new();
    let mut records = Vec::new();
    // That a side sent nothing, and which defaults applied, is the pipeline's bookkeeping
    // (the reports' orders section, `Rules::defaults_said`), not an event of the game.
    for (side, o) in orders {
        if let Some(s) = &o.standing {
            next.standing.insert(side.clone(), s.clone());
            events.push(Event::StandingReplaced { side: side.clone() });
        }
    }
    match &st.phase {
        // 10.0: the first year has no tribute, victory check or year end: the deal, then
        // the New Year (10.4), as every year.
        Phase::Setup => {
            super::deal::deal(sc, &mut next, &mut events, &mut records, dice);
            next.phase = Phase::NewYear;
            next.season = Season::NewYear;
        }
        Phase::NewYear => {
            super::year::new_year(sc, &mut next, orders, dice, &mut events, &mut records)
        }
        Phase::Initiative => initiative(sc, &mut next, orders, dice, &mut events, &mut records),
        Phase::PlayerTurn { .. } => {
            let r = super::season::player_turn(sc, &mut next, orders, dice);
            events.extend(r.events);
            records.extend(r.dice);
        }
        Phase::Winter => {
            let r = super::winter::resolve(sc, &mut next, orders, dice);
            events.extend(r.events);
            records.extend(r.dice);
        }
        Phase::YearEnd => {
            super::year::year_end(sc, &mut next, orders, dice, &mut events, &mut records)
        }
        Phase::Ended { .. } => unreachable!("step() marks a finished game as not resolvable"),
    }
    // 11.0: the standing appeals that fitted a result but could not be made, and why.
    for (side, olympian, label, why) in std::mem::take(&mut next.not_made) {
        events.push(Event::Appeal(Box::new(
            crate::model::events::appeal::AppealEvent::NotMade {
                side,
                olympian,
                label,
                why,
            },
        )));
    }
    events.push(Event::Next {
        year: next.year,
        season: next.season,
        phase: next.phase.clone(),
    });
    Resolution {
        state: next,
        events,
        dice: records,
    }
}

/// 1.0 Initiative: both cards are revealed at once; the lower Action value takes the
/// first player turn, an Event counts 0, ties go to the scenario's `initiative_ties`
/// side (Sparta). The card leaves the hand: to the discard, or into play when it is a
/// continuing Event or a leader played for its Event.
fn initiative(
    sc: &Scenario,
    next: &mut State,
    orders: &BTreeMap<String, Orders>,
    dice: &TurnDice,
    events: &mut Vec<Event>,
    records: &mut Vec<dikast_core::dice::DiceRecord>,
) {
    let mut plays: BTreeMap<String, Play> = BTreeMap::new();
    for side in sc.side_ids() {
        // `check` guarantees a play for every side with a card in hand.
        if let Some(p) = orders.get(&side).and_then(|o| o.initiative.clone()) {
            plays.insert(side, p);
        }
    }
    events.push(Event::Revealed {
        plays: plays
            .iter()
            .map(|(s, p)| (s.clone(), (p.card.clone(), p.played_for)))
            .collect(),
    });
    let mut values = BTreeMap::new();
    for (side, p) in &plays {
        let card = sc.card(&p.card).expect("checked orders name real cards");
        let v = match p.played_for {
            PlayedFor::Action => card.action,
            PlayedFor::Event => 0,
        };
        values.insert(side.clone(), v);
        if let Some(h) = next.cards.hands.get_mut(side) {
            h.retain(|c| c != &p.card);
        }
        let stays = p.played_for == PlayedFor::Event && card.stays();
        if stays {
            next.cards.in_play.push(InPlay {
                card: p.card.clone(),
                side: side.clone(),
            });
        } else {
            next.cards.discard.push(p.card.clone());
        }
        if p.played_for == PlayedFor::Event {
            events.push(Event::EventCard {
                side: side.clone(),
                card: p.card.clone(),
                continuing: stays,
                target: p.target.clone(),
            });
        }
    }
    // 1.0 [A]: the Events' effects from data, the tie side's first ([P] as at New Year:
    // "Sparta first if both play Events").
    let mut order: Vec<&String> = plays.keys().collect();
    order.sort_by_key(|s| **s != sc.params.initiative_ties);
    for side in order {
        let p = &plays[side];
        if p.played_for == PlayedFor::Event {
            let a = super::card_events::apply(sc, next, dice, side, &p.card, p.target.as_deref());
            events.extend(a.events);
            records.extend(a.dice);
        }
    }
    let low = values.values().copied().min().unwrap_or(0);
    let lowest: Vec<&String> = values
        .iter()
        .filter(|(_, v)| **v == low)
        .map(|(s, _)| s)
        .collect();
    let tie = lowest.len() > 1;
    let first = if tie || lowest.is_empty() {
        sc.params.initiative_ties.clone()
    } else {
        lowest[0].clone()
    };
    events.push(Event::Initiative {
        values,
        first: first.clone(),
        tie,
    });
    next.initiative = Some(Initiative {
        plays,
        first: first.clone(),
    });
    next.phase = Phase::PlayerTurn {
        side: first,
        first: true,
    };
}
