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
//!    `deal:<year>` (the new year) and dealt, 6 to each side (`resolve::deal`).
//!
//! The first year has no tribute, victory check or year end (10.0): the setup step deals
//! at once.

use super::event::Event;
use super::model::labels;
pub use super::model::orders::NewYearPlay;
pub use super::model::scenario::{DiscardRule, PeaceTest, YearParams};
use super::orders::{Ctx, Orders};
use super::scenario::{CardKind, Scenario};
use super::siege::gain_prestige;
use super::state::{Phase, PlayedFor, Prestige, Season, State, Victory};
use super::year_event::YearEvent;
use crate::dice::{DiceRecord, TurnDice};
use crate::yaml::{Kind, Node};
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

/// The cities loyal to the enemy that `side` controls, with their values (scenario order).
pub fn enemy_cities(sc: &Scenario, st: &State, side: &str) -> Vec<(String, u32)> {
    let enemy = sc.enemy_of(side);
    st.cities
        .iter()
        .filter(|c| c.control == side && c.loyalty == enemy)
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
    let faction = st
        .cards
        .in_play
        .iter()
        .any(|c| c.card == y.peace_faction_card);
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
    let label = labels::peace(st.year);
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
pub fn may_discard(sc: &Scenario, in_play: &[super::state::InPlay], side: &str, id: &str) -> bool {
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
    let from = st.year;
    // Years count down BC.
    st.year -= 1;
    out.push(YearEvent::YearAdvanced { from, to: st.year });
    out
}

/// 9.54 / 10.3 Year start: gather every card not in play, in the scenario's card order,
/// then shuffle and deal (`resolve::deal`).
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
    super::resolve::deal(sc, st, events, records, dice);
    // 11.0 Zeus: a side may have its six new cards discarded and redrawn.
    let label = labels::deal(st.year);
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

/// `peace: offer | no` (10.2, 14.2.2).
pub fn check_peace(cx: &mut Ctx, v: &Node) -> bool {
    match v.as_str().map(|s| s.trim().to_ascii_lowercase()).as_deref() {
        Some("offer") | Some("true") | Some("yes") => true,
        Some("no") | Some("false") => false,
        _ => {
            let d = cx.err("orders::bad-value", v, "`peace` is `offer` or `no`".into());
            d.rule = Some(
                "rule 10.2: the side ahead may make a peace offer with 10 or more Prestige (5 or more while Peace Faction Ascendant is in play)".into(),
            );
            d.help = Some(
                "write `peace: offer`; the offer is made only if, after tribute, you may make it"
                    .into(),
            );
            false
        }
    }
}

/// `discard: [card, …]`: continuing Events in play to discard at the year's end (9.53).
pub fn check_discard(cx: &mut Ctx, v: &Node) -> Vec<String> {
    let items: Vec<&Node> = match &v.kind {
        Kind::Seq(items) => items.iter().collect(),
        Kind::Scalar(..) if !v.is_null() => vec![v],
        _ => {
            let found = v.describe();
            cx.err(
                "orders::type",
                v,
                format!("`discard` takes a list of cards, found {found}"),
            );
            return Vec::new();
        }
    };
    let mut out = Vec::new();
    for n in items {
        let Some(name) = cx.text(n, "a card id or name") else {
            continue;
        };
        let name = name.trim().to_string();
        let sc = cx.sc;
        let view = cx.view;
        let card = sc
            .cards
            .iter()
            .find(|c| c.id.eq_ignore_ascii_case(&name))
            .or_else(|| {
                // A name (two Revolt cards share one): the first of that name in play.
                sc.cards.iter().find(|c| {
                    c.name.eq_ignore_ascii_case(&name)
                        && view.in_play.iter().any(|p| p.card == c.id)
                })
            })
            .or_else(|| sc.cards.iter().find(|c| c.name.eq_ignore_ascii_case(&name)));
        let mine: Vec<String> = view
            .in_play
            .iter()
            .filter(|p| may_discard(sc, &view.in_play, &view.side, &p.card))
            .map(|p| {
                let n = sc.card(&p.card).map(|c| c.name.as_str()).unwrap_or("");
                format!("{} {n}", p.card)
            })
            .collect();
        let yours = if mine.is_empty() {
            "you have no continuing Event in play to discard".to_string()
        } else {
            format!("you may discard: {}", mine.join(", "))
        };
        let Some(card) = card else {
            let d = cx.err(
                "orders::unknown-card",
                n,
                format!("there is no card `{name}`"),
            );
            d.label = Some("unknown card".into());
            d.help = Some(yours);
            continue;
        };
        if may_discard(sc, &view.in_play, &view.side, &card.id) {
            if !out.contains(&card.id) {
                out.push(card.id.clone());
            }
            continue;
        }
        let (why, label) = if !view.in_play.iter().any(|p| p.card == card.id) {
            // Only what was written: a card not in play may be hidden (a hand, the deck).
            (format!("`{name}` is not in play"), "not in play")
        } else if card.kind != CardKind::Continuing {
            (
                format!("{} {} is not a continuing Event", card.id, card.name),
                "not a continuing Event",
            )
        } else {
            (
                format!("{} {} was played by the other side", card.id, card.name),
                "not yours to discard",
            )
        };
        let d = cx.err("orders::cannot-discard", n, why);
        d.label = Some(label.into());
        d.rule = Some(match sc.params.year.discard {
            DiscardRule::Own => "rule 9.53: at the year's end a player may discard the continuing Events he played ([A] `params.year.discard: own`)".into(),
            DiscardRule::Any => "rule 9.53: at the year's end a player may discard continuing Events in play".into(),
        });
        d.help = Some(yours);
    }
    out
}

/// The Prestige a side has ahead (0 when behind or level).
pub fn ahead(p: &Prestige, side: &str) -> u32 {
    if p.leader == side {
        p.points
    } else {
        0
    }
}

/// The orders skeleton of the end of the year, every legal order in comments.
pub fn template(sc: &Scenario, v: &super::view::View) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let y = &sc.params.year;
    let (need, faction) = {
        let faction = v.in_play.iter().any(|c| c.card == y.peace_faction_card);
        if faction {
            (y.peace_faction_prestige.min(y.peace_offer_prestige), true)
        } else {
            (y.peace_offer_prestige, false)
        }
    };
    let _ = writeln!(
        out,
        "# 9.5 End of {} BC: tribute (each side gains the value of the enemy cities it controls),",
        v.year
    );
    let _ = writeln!(
        out,
        "# then the victory check: {} Prestige wins at once (14.2.1).",
        sc.params.victory_prestige
    );
    let _ = writeln!(
        out,
        "# 10.2 Peace offer (14.2.2): the side ahead by {need} or more{} may offer peace; it pays {} Prestige,",
        if faction { " (Peace Faction Ascendant is in play)" } else { "" },
        y.peace_offer_cost
    );
    let _ = writeln!(
        out,
        "# each side rolls a die, and if their total is {} its Prestige the enemy sues for peace.",
        match y.peace_succeeds {
            PeaceTest::Below => "below",
            PeaceTest::AtMost => "at most",
        }
    );
    let _ = writeln!(
        out,
        "# The offer is made only if, after tribute, you may make it."
    );
    let _ = writeln!(out, "# peace: offer");
    let mine: Vec<String> = v
        .in_play
        .iter()
        .filter(|p| may_discard(sc, &v.in_play, &v.side, &p.card))
        .map(|p| p.card.clone())
        .collect();
    let _ = writeln!(
        out,
        "# 9.53 Continuing Events of yours to discard (in play now: {}):",
        if mine.is_empty() {
            "none".to_string()
        } else {
            mine.join(", ")
        }
    );
    let _ = writeln!(out, "# discard: [{}]", mine.join(", "));
    out
}

/// The documented default New Year play (docs/orders.md): the card with the lowest Action
/// value in hand, first in hand order among equals, played for its Action value as a
/// sacrifice to the first Olympian (scenario order) the side has none on.
pub fn default_new_year(sc: &Scenario, view: &super::view::View) -> Option<NewYearPlay> {
    let mut best: Option<&super::view::CardView> = None;
    for c in &view.hand {
        if best.is_none_or(|b| c.action < b.action) {
            best = Some(c);
        }
    }
    best.map(|c| NewYearPlay {
        card: c.id.clone(),
        played_for: PlayedFor::Action,
        olympian: super::olympians::first_free(sc, &view.sacrifices, &view.side),
    })
}

/// Whether a card's Event is a combat Event (10.4: it does not work at New Year, there is
/// no combat phase): kind `combat`, or the Treachery card (its Event is an assault, 8.1).
pub fn is_combat_event(sc: &Scenario, id: &str) -> bool {
    id == sc.params.siege.treachery_card || sc.card(id).is_some_and(|c| c.kind == CardKind::Combat)
}

/// `new_year: { card, for, sacrifice }` (10.4, 10.4.1), checked against the side's view.
pub fn check_new_year(cx: &mut Ctx, v: &Node) -> Option<NewYearPlay> {
    let Some(pairs) = v.as_map() else {
        let found = v.describe();
        let view = cx.view;
        let card = view.hand.first().map_or("<card>", |c| c.id.as_str());
        let d = cx.err(
            "orders::type",
            v,
            format!("`new_year` takes a mapping, found {found}"),
        );
        d.help = Some(format!(
            "write `new_year: {{ card: {card}, for: action, sacrifice: Zeus }}` or `new_year: {{ card: {card}, for: event }}`"
        ));
        return None;
    };
    let mut card = None;
    let mut played_for = Some(PlayedFor::Action);
    let mut olympian: Option<(String, &Node)> = None;
    let mut bad = false;
    for (k, val) in pairs {
        match k.as_str().map(|s| s.to_ascii_lowercase()).as_deref() {
            Some("card") => {
                card = super::orders::check_hand_card(cx, val);
                bad |= card.is_none();
            }
            Some("for") | Some("as") => {
                played_for = match val
                    .as_str()
                    .map(|s| s.trim().to_ascii_lowercase())
                    .as_deref()
                {
                    Some("action") | Some("actions") | Some("sacrifice") => Some(PlayedFor::Action),
                    Some("event") => Some(PlayedFor::Event),
                    _ => {
                        let d = cx.err(
                            "orders::bad-value",
                            val,
                            "a New Year card is played for `action` (a sacrifice) or `event`"
                                .into(),
                        );
                        d.rule = Some(
                            "rule 10.4.1: a card played for its Action value at New Year is a sacrifice to an Olympian".into(),
                        );
                        None
                    }
                }
            }
            Some("sacrifice") | Some("olympian") => match super::olympians::named(
                cx,
                val,
                "rule 11.0: the Olympians are listed in the scenario (`params.olympians`)",
            ) {
                Some(o) => olympian = Some((o.name.clone(), val)),
                None => bad = true,
            },
            _ => {
                let key = k.as_str().unwrap_or("?").to_string();
                let d = cx.err(
                    "orders::unknown-key",
                    k,
                    format!("`{key}` is not part of `new_year`"),
                );
                d.help = Some("`new_year` takes `card`, `for` and `sacrifice`".into());
                bad = true;
            }
        }
    }
    if v.get("card").is_none() {
        let d = cx.err("orders::missing", v, "`new_year` needs `card`".into());
        d.help = Some("name a card of your hand by id or name".into());
    }
    let card = card?;
    let played_for = played_for?;
    let sc = cx.sc;
    let view = cx.view;
    match played_for {
        PlayedFor::Event => {
            if let Some((_, node)) = &olympian {
                let d = cx.err(
                    "orders::sacrifice-with-event",
                    node,
                    "a card played for its Event is no sacrifice".into(),
                );
                d.rule = Some("rule 10.4.1: only a card played for its Action value at New Year is a sacrifice".into());
                d.help = Some("write `for: action` to sacrifice, or leave `sacrifice` out".into());
                return None;
            }
            if sc.card(&card).is_some_and(|c| c.kind == CardKind::Revolt) {
                let node = v.get("card").unwrap_or(v);
                let name = sc.card(&card).map(|c| c.name.clone()).unwrap_or_default();
                let d = cx.err(
                    "orders::revolt-at-new-year",
                    node,
                    format!("{card} {name} cannot be played for its Event at New Year"),
                );
                d.label = Some("a Revolt".into());
                d.rule = Some(
                    "rule 10.4: Revolts and Helot Revolts may not be played at New Year".into(),
                );
                d.help = Some(
                    "play it for its Action value as a sacrifice (`for: action, sacrifice: <Olympian>`), or play another card".into(),
                );
                return None;
            }
            (!bad).then_some(NewYearPlay {
                card,
                played_for,
                olympian: None,
            })
        }
        PlayedFor::Action => {
            let free = super::olympians::first_free(sc, &view.sacrifices, &view.side);
            let chosen = match olympian {
                Some((name, node)) => {
                    if super::olympians::has_sacrifice(&view.sacrifices, &view.side, &name) {
                        let d = cx.err(
                            "orders::sacrifice-twice",
                            node,
                            format!("you already have a sacrifice on {name}"),
                        );
                        d.label = Some("one sacrifice per Olympian".into());
                        d.rule = Some("rule 10.4.1: a player may have at most one sacrifice on each Olympian; it stays until used".into());
                        d.help = Some(match &free {
                            Some(f) => format!("choose an Olympian you have no sacrifice on, e.g. {f}"),
                            None => "you have a sacrifice on every Olympian: leave `sacrifice` out (the card is spent) or play it for its Event".into(),
                        });
                        return None;
                    }
                    Some(name)
                }
                None if bad => return None,
                None if free.is_some() => {
                    let d = cx.err(
                        "orders::missing-sacrifice",
                        v,
                        "a card played for its Action value at New Year is a sacrifice: name the Olympian".into(),
                    );
                    d.rule = Some("rule 10.4.1: there is no Actions phase at New Year; Actions played are a sacrifice to an Olympian".into());
                    d.help = Some(format!(
                        "add `sacrifice: {}` (the Olympians: {})",
                        free.clone().unwrap_or_default(),
                        sc.params
                            .olympians
                            .gods
                            .iter()
                            .map(|o| o.name.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ));
                    return None;
                }
                None => None,
            };
            (!bad).then_some(NewYearPlay {
                card,
                played_for,
                olympian: chosen,
            })
        }
    }
}

/// 10.4 New Year: both cards revealed together. 10.4.1 (3.3): the lower Action value goes
/// first (an Event counts 0; ties: `params.initiative_ties`); an Event works as in a
/// season (combat Events do nothing: no combat phase); a card played for its Action value
/// is a sacrifice on the Olympian named. Then Spring's initiative.
pub fn new_year(
    sc: &Scenario,
    next: &mut State,
    orders: &BTreeMap<String, Orders>,
    events: &mut Vec<Event>,
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
                let stays = matches!(kind, Some(CardKind::Continuing | CardKind::Leader));
                if stays {
                    next.cards.in_play.push(super::state::InPlay {
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
                });
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

/// The orders skeleton of the New Year step.
pub fn template_new_year(sc: &Scenario, v: &super::view::View) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# 10.4 New Year: play one card of your hand, revealed with the other side's."
    );
    let _ = writeln!(
        out,
        "# For its Event (not a Revolt; a combat Event does nothing: no combat phase), or for its"
    );
    let _ = writeln!(
        out,
        "# Action value as a sacrifice (10.4.1): a spare garrison block on the Olympian you name,"
    );
    let _ = writeln!(
        out,
        "# at most one per Olympian, kept until an appeal (11.0) uses it. The value only decides"
    );
    let _ = writeln!(out, "# who sacrifices first.");
    let _ = writeln!(out, "# The Olympians:");
    for o in &sc.params.olympians.gods {
        let mine = super::olympians::has_sacrifice(&v.sacrifices, &v.side, &o.name);
        let _ = writeln!(
            out,
            "#   {:<9} {}{}{}",
            o.name,
            o.governs.words(),
            if o.house_default {
                " [A] house default"
            } else {
                ""
            },
            if mine {
                " (you have a sacrifice here)"
            } else {
                ""
            }
        );
    }
    let _ = writeln!(out, "# Your hand:");
    for c in &v.hand {
        let _ = writeln!(
            out,
            "#   {}  {}  (Action {})  Event: {}",
            c.id, c.name, c.action, c.event
        );
    }
    let d = default_new_year(sc, v);
    let card = d.as_ref().map_or("<card>", |p| p.card.as_str());
    let god = d
        .as_ref()
        .and_then(|p| p.olympian.clone())
        .unwrap_or_else(|| "Zeus".into());
    let _ = writeln!(
        out,
        "new_year:\n  card: {card}      # a card id or name from your hand\n  for: action    # action (a sacrifice) | event\n  sacrifice: {god}   # the Olympian (with for: action)"
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::hellenes::{Hellenes, HELLENES_431};
    use crate::rules::Rules;

    fn start() -> (Scenario, State) {
        let sc = Hellenes::load_scenario(HELLENES_431).unwrap();
        let mut st = State::start(&sc);
        st.season = super::super::state::Season::Winter;
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

    /// 14.2: a finished game is not adjudicated: `step()` says why, and the pipeline
    /// refuses the turn with that message (nothing is written).
    #[test]
    fn a_finished_game_is_refused_with_the_reason() {
        let (sc, mut st) = start();
        st.phase = Phase::Ended {
            winner: "sparta".into(),
            by: Victory::Prestige,
        };
        let step = Hellenes::step(&sc, &st);
        let why = step
            .unsupported
            .expect("an ended game cannot be adjudicated");
        assert!(why.contains("the game is over: Sparta won"), "{why}");
        assert!(step.title.contains("the game is over"), "{}", step.title);
        assert!(step.awaiting.is_empty(), "a finished game awaits no one");
        let seed = crate::dice::sha256(b"ended");
        let game = crate::game::GameFile {
            dikast: crate::game::FORMAT,
            rules: "hellenes".into(),
            scenario: crate::game::ScenarioRef {
                name: "hellenes-431".into(),
                sha256: crate::game::sha256_hex(HELLENES_431.as_bytes()),
                text: None,
            },
            game: "ended".into(),
            turn: 9,
            step: step.title.clone(),
            awaiting: step.awaiting.clone(),
            dice: crate::game::DiceState {
                protocol: crate::dice::PROTOCOL.into(),
                chain_length: 16,
                commitment: crate::dice::to_hex(&crate::dice::Chain::Open.prev(&seed)),
                sealed_anchor: crate::dice::to_hex(&seed),
            },
            previous: None,
            deadline: None,
            state: st,
        };
        let inp = crate::pipeline::TurnInputs {
            next_deadline: None,
            game_name: "game.yaml".into(),
            game_bytes: crate::game::to_yaml(&game).into_bytes(),
            orders: BTreeMap::new(),
            seed,
            sealed: None,
            fallback: false,
            forced: BTreeMap::new(),
        };
        match crate::pipeline::run_turn::<Hellenes>(&inp) {
            Err(f) => assert!(f.render().contains("the game is over"), "{}", f.render()),
            Ok(_) => panic!("a finished game was adjudicated"),
        }
    }

    /// 10.4: a file sent at New Year without `new_year:` is refused, naming the hand; the
    /// year's end leads to the New Year step, and the New Year to Spring's initiative.
    #[test]
    fn new_year_needs_its_card_and_leads_to_spring() {
        let (sc, mut st) = start();
        let dice = crate::dice::TurnDice::new([7u8; 32], Some([9u8; 32]));
        let none: BTreeMap<String, Orders> = BTreeMap::new();
        let r = super::super::resolve::resolve(&sc, &st, &none, &dice);
        assert_eq!(r.state.phase, Phase::NewYear);
        assert_eq!((r.state.year, r.state.season), (430, Season::NewYear));
        assert!(r.state.cards.hands.values().all(|h| h.len() == 6));
        st = r.state;
        let view = super::super::view::build(&sc, &st, "athens");
        let file = crate::diag::SourceFile::new("athens.yaml", "standing: {}\n");
        let root = crate::yaml::parse(&file).unwrap();
        let checked = super::super::orders::check(&sc, &view, root.as_map().unwrap(), &file);
        assert_eq!(checked.problems.len(), 1);
        assert_eq!(checked.problems[0].code, "orders::missing-new-year");
        let orders: BTreeMap<String, Orders> = sc
            .side_ids()
            .into_iter()
            .map(|s| {
                let v = super::super::view::build(&sc, &st, &s);
                (s.clone(), Hellenes::default_orders(&sc, &v, &s))
            })
            .collect();
        let r = super::super::resolve::resolve(&sc, &st, &orders, &dice);
        assert_eq!(r.state.phase, Phase::Initiative);
        assert_eq!(r.state.season, Season::Spring);
        assert!(r.state.cards.hands.values().all(|h| h.len() == 5));
        assert_eq!(
            r.state.sacrifices.len(),
            2,
            "each side sacrificed by default"
        );
    }
}
