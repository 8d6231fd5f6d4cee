//! The end of the year (9.5; 10.1–10.3 in the human translation): tribute, the victory
//! check and peace offers, the year's end and the next year's start (gather, shuffle and
//! deal the cards).
//!
//! One step of the game (`Phase::YearEnd`), after Winter. Both sides may send a peace offer
//! (made only if, after tribute, the side may offer one), the continuing Events of theirs
//! they want discarded, and standing orders. Pure: (scenario, state, orders, dice) → state
//! and events; every number is in `params.year` ([S] and [A], docs/rules-coverage.md §6).
//!
//! The order of the step:
//! 1. 9.51 / 10.1 Tribute: each side gains Prestige equal to the total value of the cities
//!    loyal to the enemy that it controls (its own loyal cities do not count), on the one
//!    net track; halved, rounded down, when `params.year.tribute_halved`.
//! 2. 9.52 / 10.2 Victory check: 15 or more (`params.victory_prestige`) wins at once
//!    (14.2.1): the game ends (`Phase::Ended`). Otherwise the side ahead may offer peace
//!    with 10 or more, or 5 or more while the continuing Event Peace Faction Ascendant is in
//!    play (10.2 says "5 or more"; 9.52's machine translation says "more than 5").
//!    14.2.2 [P][A]: the side offering pays `peace_offer_cost` Prestige, each side rolls a
//!    die (the open event `peace:<year>`: the offering side's die, then the other's); when
//!    their total is below (or at most, `peace_succeeds`) the offering side's Prestige after
//!    the cost, the enemy sues for peace and the offering side wins (`Phase::Ended`).
//! 3. 9.53 / 10.3 Year end: the continuing Events a side asked to discard leave play; the
//!    ravaged marks (5.5) go; the year advances (years count down BC: 431 → 430). dikast
//!    has no civil-war markers.
//! 4. 9.54 / 10.3 Year start: every card but the continuing Events and leaders still in
//!    play is gathered, in the scenario's card order, shuffled as the sealed event
//!    `deal:<year>` (the new year) and dealt, 6 to each side (`deal::deal`).
//!
//! The first year has no tribute, victory check or year end (10.0): the setup step deals
//! at once.

use super::siege::gain_prestige;
use crate::model::dice;
use crate::model::events::year::YearEvent;
use crate::model::events::Event;
use crate::model::orders::NewYearPlay;
use crate::model::orders::Orders;
use crate::model::params::DiscardRule;
use crate::model::params::PeaceTest;
use crate::model::scenario::CardKind;
use crate::model::scenario::Scenario;
use crate::model::state::InPlay;
use crate::model::state::Phase;
use crate::model::state::PlayedFor;
use crate::model::state::Prestige;
use crate::model::state::Season;
use crate::model::state::State;
use crate::model::state::Status;
use crate::model::state::Victory;
use dikast_core::dice::{DiceRecord, TurnDice};
use std::collections::BTreeMap;

fn yev(e: YearEvent) -> Event {
    Event::Year(Box::new(e))
}

/// Resolves the end of the year `next` awaits (standing orders already replaced).
pub fn year_end(
    sc: &Scenario,
    next: &mut State,
    orders: &BTreeMap<String, Orders>,
    dice: &TurnDice,
    events: &mut Vec<Event>,
    records: &mut Vec<DiceRecord>,
) {
    for e in disband_barbarians(sc, next) {
        events.push(yev(e));
    }
    for e in tribute(sc, next) {
        events.push(yev(e));
    }
    events.push(yev(victory_check(sc, next)));
    if matches!(next.phase, Phase::Ended { .. }) {
        return;
    }
    for side in sc.side_ids() {
        if orders.get(&side).is_some_and(|o| o.peace) {
            peace_offer(sc, next, &side, dice, events, records);
            if matches!(next.phase, Phase::Ended { .. }) {
                return;
            }
        }
    }
    for e in year_over(sc, next, orders) {
        events.push(yev(e));
    }
    year_start(sc, next, events, records, dice);
}

/// 10.1 [S] "Barbarians that took cities are disbanded before tribute": every barbarian
/// block (`blocks[].barbarian`; the 431 scenario lists none) in a city its side controls and is not loyal to goes back
/// to the pool; a city left without a block of that side reverts to its loyalty (§3 City
/// control), unless a garrison built there (4.2.3) holds it.
pub fn disband_barbarians(sc: &Scenario, st: &mut State) -> Vec<YearEvent> {
    let mut out = Vec::new();
    for side in sc.side_ids() {
        let mut cities: BTreeMap<String, u32> = BTreeMap::new();
        for b in st
            .blocks
            .iter_mut()
            .filter(|b| b.side == side && b.status.on_map())
        {
            let barbarian = b.barbarian;
            let took = st
                .cities
                .iter()
                .any(|c| c.name == b.at && c.control == side && c.loyalty != side);
            if barbarian && took {
                *cities.entry(b.at.clone()).or_default() += 1;
                b.at = "pool".into();
                b.status = Status::Pool;
            }
        }
        if cities.is_empty() {
            continue;
        }
        let mut reverted = Vec::new();
        for name in cities.keys() {
            let held = st
                .blocks
                .iter()
                .any(|b| b.side == side && b.status.on_map() && &b.at == name);
            if let Some(c) = st.cities.iter_mut().find(|c| &c.name == name) {
                if !held && !c.built_garrison {
                    c.control = c.loyalty.clone();
                    reverted.push(name.clone());
                }
            }
        }
        out.push(YearEvent::BarbariansDisbanded {
            side,
            cities: cities.into_iter().collect(),
            reverted,
        });
    }
    out
}

/// The cities loyal to the enemy that `side` controls, with their values (scenario order);
/// 9.53 [A] a city under a civil-war marker yields no tribute.
pub fn enemy_cities(sc: &Scenario, st: &State, side: &str) -> Vec<(String, u32)> {
    let enemy = sc.enemy_of(side);
    st.cities
        .iter()
        .filter(|c| c.control == side && c.loyalty == enemy && !c.civil_war)
        .filter_map(|c| {
            sc.area(&c.name)
                .and_then(|a| a.city.as_ref())
                .map(|x| (c.name.clone(), x.value))
        })
        .collect()
}

/// 9.51 / 10.1 Tribute, side by side in the scenario's order.
pub fn tribute(sc: &Scenario, st: &mut State) -> Vec<YearEvent> {
    let mut out = Vec::new();
    for side in sc.side_ids() {
        let cities = enemy_cities(sc, st, &side);
        let total: u32 = cities.iter().map(|(_, v)| v).sum();
        let halved = sc.params.year.tribute_halved;
        // 9.51: "halved, rounded down" in the 415 and 413 games and after the war resumes.
        let gained = if halved { total / 2 } else { total };
        gain_prestige(&mut st.prestige, &side, gained as i32);
        out.push(YearEvent::Tribute {
            side,
            cities,
            total,
            halved,
            gained,
            after: st.prestige.clone(),
        });
    }
    out
}

/// 9.52 / 10.2 Victory check: with `params.victory_prestige` or more the side ahead wins
/// at once (14.2.1) and the game ends (`Phase::Ended`).
fn victory_check(sc: &Scenario, st: &mut State) -> YearEvent {
    let need = sc.params.victory_prestige.max(1) as u32;
    let winner = (st.prestige.points >= need && st.prestige.leader != "none")
        .then(|| st.prestige.leader.clone());
    if let Some(w) = &winner {
        st.phase = Phase::Ended {
            winner: w.clone(),
            by: Victory::Prestige,
        };
    }
    let (peace, faction) = peace_threshold(sc, st);
    YearEvent::VictoryCheck {
        prestige: st.prestige.clone(),
        need,
        winner,
        peace,
        faction,
    }
}

/// The Prestige `side` needs to offer peace now (10.2): 10, or 5 while the peace faction
/// card is in play.
pub fn peace_threshold(sc: &Scenario, st: &State) -> (u32, bool) {
    let y = &sc.params.year;
    let faction = super::card_events::peace_faction(sc, &st.cards.in_play);
    if faction {
        (y.peace_faction_prestige.min(y.peace_offer_prestige), true)
    } else {
        (y.peace_offer_prestige, false)
    }
}

/// 10.2, 14.2.2: `side` offers peace, if it may.
fn peace_offer(
    sc: &Scenario,
    st: &mut State,
    side: &str,
    dice: &TurnDice,
    events: &mut Vec<Event>,
    records: &mut Vec<DiceRecord>,
) {
    let (need, faction) = peace_threshold(sc, st);
    let have = ahead(&st.prestige, side);
    if have < need {
        events.push(yev(YearEvent::PeaceNotOffered {
            side: side.to_string(),
            ahead: have,
            need,
            faction,
        }));
        return;
    }
    let y = &sc.params.year;
    let enemy = sc.enemy_of(side);
    // 14.2.2 [P]: the side offering pays the cost first (the net track moves towards the
    // enemy) …
    gain_prestige(&mut st.prestige, &enemy, y.peace_offer_cost as i32);
    let level = ahead(&st.prestige, side);
    // … then each side rolls a die: the offering side's first, then the other's.
    let label = dice::peace(st.year);
    let test = y.peace_succeeds;
    let succeeds = move |d: &[u32]| {
        let sum: u32 = d.iter().sum();
        u32::from(match test {
            PeaceTest::Below => sum < level,
            PeaceTest::AtMost => sum <= level,
        })
    };
    // 11.0: the dice may be appealed (a "hit": the offer succeeds).
    let r = super::olympians::roll(sc, st, dice, &label, side, 2, &succeeds);
    records.extend(r.records);
    if let Some(a) = r.appeal {
        events.push(Event::Appeal(Box::new(a)));
    }
    let rolled = r.dice;
    let accepted = succeeds(&rolled) == 1;
    events.push(yev(YearEvent::PeaceOffer {
        side: side.to_string(),
        enemy: enemy.clone(),
        cost: y.peace_offer_cost,
        label,
        dice: rolled,
        level,
        test: y.peace_succeeds,
        accepted,
        after: st.prestige.clone(),
    }));
    if accepted {
        st.phase = Phase::Ended {
            winner: side.to_string(),
            by: Victory::Peace,
        };
    }
}

/// Whether `side` may discard the card `id` in play (9.53, [A] `params.year.discard`).
pub fn may_discard(sc: &Scenario, in_play: &[InPlay], side: &str, id: &str) -> bool {
    let continuing = sc.card(id).is_some_and(|c| c.kind == CardKind::Continuing);
    continuing
        && in_play.iter().any(|p| {
            p.card == id
                && match sc.params.year.discard {
                    DiscardRule::Own => p.side == side,
                    DiscardRule::Any => true,
                }
        })
}

/// 9.53 / 10.3 Year end: discards, ravaged marks, the year advances.
fn year_over(sc: &Scenario, st: &mut State, orders: &BTreeMap<String, Orders>) -> Vec<YearEvent> {
    let mut out = Vec::new();
    for side in sc.side_ids() {
        let wanted = orders
            .get(&side)
            .map(|o| o.discard.clone())
            .unwrap_or_default();
        let mut cards = Vec::new();
        for id in wanted {
            // Checked against the view; checked again here (a card discarded by the other
            // side a moment ago under `any` is gone).
            if may_discard(sc, &st.cards.in_play, &side, &id) {
                st.cards.in_play.retain(|p| p.card != id);
                st.cards.discard.push(id.clone());
                cards.push(id);
            }
        }
        if !cards.is_empty() {
            out.push(YearEvent::Discarded { side, cards });
        }
    }
    let mut ravaged = Vec::new();
    for c in st.cities.iter_mut().filter(|c| c.ravaged) {
        c.ravaged = false;
        ravaged.push(c.name.clone());
    }
    if !ravaged.is_empty() {
        out.push(YearEvent::RavagedRemoved { cities: ravaged });
    }
    // 9.53: the civil-war markers go too.
    let mut civil_war = Vec::new();
    for c in st.cities.iter_mut().filter(|c| c.civil_war) {
        c.civil_war = false;
        civil_war.push(c.name.clone());
    }
    if !civil_war.is_empty() {
        out.push(YearEvent::CivilWarRemoved { cities: civil_war });
    }
    let from = st.year;
    // Years count down BC.
    st.year -= 1;
    out.push(YearEvent::YearAdvanced { from, to: st.year });
    out
}

/// 9.54 / 10.3 Year start: gather every card not in play, in the scenario's card order,
/// then shuffle and deal (`deal::deal`).
fn year_start(
    sc: &Scenario,
    st: &mut State,
    events: &mut Vec<Event>,
    records: &mut Vec<DiceRecord>,
    dice: &TurnDice,
) {
    let kept: Vec<String> = st.cards.in_play.iter().map(|p| p.card.clone()).collect();
    st.cards.deck = sc
        .cards
        .iter()
        .map(|c| c.id.clone())
        .filter(|id| !kept.contains(id))
        .collect();
    for h in st.cards.hands.values_mut() {
        h.clear();
    }
    st.cards.discard.clear();
    events.push(yev(YearEvent::Gathered {
        cards: st.cards.deck.len() as u32,
        kept,
    }));
    super::deal::deal(sc, st, events, records, dice);
    // 11.0 Zeus: a side may have its six new cards discarded and redrawn.
    let label = dice::deal(st.year);
    for side in sc.side_ids() {
        if let Some(e) = super::olympians::zeus(sc, st, &side, &label) {
            events.push(Event::Appeal(Box::new(e)));
        }
    }
    // 10.4: the year begins with the New Year cards.
    st.phase = Phase::NewYear;
    st.season = Season::NewYear;
    st.initiative = None;
}

/// The Prestige a side has ahead (0 when behind or level).
pub fn ahead(p: &Prestige, side: &str) -> u32 {
    if p.leader == side {
        p.points
    } else {
        0
    }
}

/// Whether a card's Event is a combat Event (10.4: it does not work at New Year, there is
/// no combat phase): kind `combat`, or the Treachery card (its Event is an assault, 8.1).
pub fn is_combat_event(sc: &Scenario, id: &str) -> bool {
    id == sc.params.siege.treachery_card || sc.card(id).is_some_and(|c| c.kind == CardKind::Combat)
}

/// 10.4 New Year: both cards revealed together. 10.4.1 (3.3): the lower Action value goes
/// first (an Event counts 0; ties: `params.initiative_ties`); an Event works as in a
/// season (combat Events do nothing: no combat phase); a card played for its Action value
/// is a sacrifice on the Olympian named. Then Spring's initiative.
pub fn new_year(
    sc: &Scenario,
    next: &mut State,
    orders: &BTreeMap<String, Orders>,
    dice: &dikast_core::dice::TurnDice,
    events: &mut Vec<Event>,
    records: &mut Vec<dikast_core::dice::DiceRecord>,
) {
    let mut plays: BTreeMap<String, NewYearPlay> = BTreeMap::new();
    for side in sc.side_ids() {
        // `check` guarantees a play for every side with a card in hand (or its default).
        if let Some(p) = orders.get(&side).and_then(|o| o.new_year.clone()) {
            plays.insert(side, p);
        }
    }
    let mut values: Vec<(String, u32)> = plays
        .iter()
        .map(|(s, p)| {
            let v = match p.played_for {
                PlayedFor::Action => sc.card(&p.card).map_or(0, |c| c.action),
                PlayedFor::Event => 0,
            };
            (s.clone(), v)
        })
        .collect();
    // 3.3: the lower value first; on a tie the scenario's side first.
    let ties = sc.params.initiative_ties.clone();
    values.sort_by_key(|(s, v)| (*v, *s != ties));
    events.push(yev(YearEvent::NewYearRevealed {
        plays: plays
            .iter()
            .map(|(s, p)| {
                (
                    s.clone(),
                    (p.card.clone(), p.played_for, p.olympian.clone()),
                )
            })
            .collect(),
        order: values.clone(),
    }));
    for (side, _) in &values {
        let p = &plays[side];
        if let Some(h) = next.cards.hands.get_mut(side) {
            h.retain(|c| c != &p.card);
        }
        let card = sc.card(&p.card);
        match p.played_for {
            PlayedFor::Event => {
                let kind = card.map(|c| c.kind);
                if is_combat_event(sc, &p.card) || kind == Some(CardKind::Revolt) {
                    // 10.4: no combat phase at New Year (and no Revolt: refused by the
                    // orders check, void here should one reach the resolution).
                    next.cards.discard.push(p.card.clone());
                    events.push(yev(YearEvent::NewYearEventVoid {
                        side: side.clone(),
                        card: p.card.clone(),
                        revolt: kind == Some(CardKind::Revolt),
                    }));
                    continue;
                }
                let stays = card.is_some_and(|c| c.stays());
                if stays {
                    next.cards.in_play.push(InPlay {
                        card: p.card.clone(),
                        side: side.clone(),
                    });
                } else {
                    next.cards.discard.push(p.card.clone());
                }
                events.push(Event::EventCard {
                    side: side.clone(),
                    card: p.card.clone(),
                    continuing: stays,
                    target: p.target.clone(),
                });
                // 1.0 [A]: the Event's effects from data (10.4: Events work normally).
                let a =
                    super::card_events::apply(sc, next, dice, side, &p.card, p.target.as_deref());
                events.extend(a.events);
                records.extend(a.dice);
            }
            PlayedFor::Action => {
                next.cards.discard.push(p.card.clone());
                let placed = p
                    .olympian
                    .as_ref()
                    .is_some_and(|o| super::olympians::sacrifice(next, side, o));
                events.push(yev(YearEvent::Sacrificed {
                    side: side.clone(),
                    card: p.card.clone(),
                    olympian: p.olympian.clone().filter(|_| placed),
                }));
            }
        }
    }
    next.phase = Phase::Initiative;
    next.season = Season::Spring;
    next.initiative = None;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::scenario::HELLENES_431;

    fn start() -> (Scenario, State) {
        let sc = Scenario::load(HELLENES_431).unwrap();
        let mut st = State::start(&sc);
        st.season = crate::model::state::Season::Winter;
        st.phase = Phase::YearEnd;
        (sc, st)
    }

    /// 9.51: with `tribute_halved` (the 415 and 413 games) each side's tribute is halved,
    /// rounded down, before it moves the net track.
    #[test]
    fn tribute_halved_rounds_down_per_side() {
        let (mut sc, mut st) = start();
        for (city, side) in [
            ("Megara", "athens"),
            ("Potidaea", "athens"),
            ("Thebes", "athens"),
            ("Plataea", "sparta"),
        ] {
            st.cities
                .iter_mut()
                .find(|c| c.name == city)
                .unwrap()
                .control = side.into();
        }
        // Athens: Megara 2 + Potidaea 1 + Thebes 3 = 6; Sparta: Plataea 1.
        let full = tribute(&sc, &mut st.clone());
        assert!(matches!(
            &full[0],
            YearEvent::Tribute {
                total: 6,
                gained: 6,
                ..
            }
        ));
        sc.params.year.tribute_halved = true;
        let ev = tribute(&sc, &mut st);
        assert!(matches!(
            &ev[0],
            YearEvent::Tribute {
                total: 6,
                gained: 3,
                halved: true,
                ..
            }
        ));
        assert!(matches!(
            &ev[1],
            YearEvent::Tribute {
                total: 1,
                gained: 0,
                halved: true,
                ..
            }
        ));
        assert_eq!(
            (st.prestige.leader.as_str(), st.prestige.points),
            ("athens", 3)
        );
    }
}
