//! 1.0 [A] Card Events applied from data: a card played for its Event applies the effects
//! its scenario entry lists (`model::scenario::Effect`), on the target its player chose
//! (`model::scenario::TargetDef`). Immediate effects (steps, Prestige, a revolt, a storm,
//! a civil-war marker, a sacrifice) happen here when the card is revealed, at the season's
//! initiative or at the New Year; the effects that last the season or while the card is
//! in play (actions, march, truce, halt, closed seas, battle bonuses) are read by the
//! rules they change through `model::sight::Marks`. The vocabulary is small on purpose,
//! so a moderator with the printed cards corrects the data, not the code. Whether a target
//! is lawful is decided here once, for the order check (from the side's view) and for the
//! resolution (from the state, as the side sees it) alike.

use crate::model::dice;
use crate::model::events::appeal::AppealEvent;
use crate::model::events::season::{PrestigeFor, SeasonEvent};
use crate::model::events::Event;
use crate::model::scenario::{
    BlockKind, CardDef, Effect, Marker, RollEffect, Scenario, StepsEffect, TargetDef, TargetKind,
    Whose,
};
use crate::model::sight::Sight;
use crate::model::state::{InPlay, Sacrifice, State, Status};
use dikast_core::dice::DiceRecord;
use dikast_core::dice::TurnDice;
use std::collections::BTreeMap;

/// Whether the adjudicator applies `card`'s Event (it lists at least one effect).
pub fn applied(sc: &Scenario, card: &str) -> bool {
    sc.card(card).is_some_and(|c| !c.effects.is_empty())
}

fn who(sc: &Scenario, w: &Whose, side: &str) -> String {
    match w {
        Whose::Own => side.to_string(),
        Whose::Enemy => sc.enemy_of(side),
        Whose::Side(s) => s.clone(),
    }
}

/// What the side that plays a card knows of the table: its sight, the cards in play, the
/// sacrifices on the Olympians (all public but the side's own blocks).
pub struct Table<'a> {
    pub sight: &'a Sight,
    pub in_play: &'a [InPlay],
    pub sacrifices: &'a BTreeMap<String, Vec<Sacrifice>>,
}

/// Why a target is not lawful, in English and in Russian (the reports and the
/// diagnostics carry both).
#[derive(Debug, Clone, PartialEq)]
pub struct Why {
    pub en: String,
    pub ru: String,
}

fn why(en: String, ru: String) -> Option<Why> {
    Some(Why { en, ru })
}

/// 1.0 [A] Why `target` is not a lawful target of `card`'s Event for the side of
/// `table`, or `None` when it is. `target` is a canonical place or Olympian name.
pub fn target_problem(sc: &Scenario, table: &Table, card: &CardDef, target: &str) -> Option<Why> {
    let Some(t) = &card.target else {
        return why(
            format!("the Event of {} {} takes no target", card.id, card.name),
            format!("событие {} не выбирает цели", card.id),
        );
    };
    let b = table.sight;
    let side = b.side.as_str();
    if let Some(w) = kind_problem(sc, t, target) {
        return Some(w);
    }
    if t.kind == TargetKind::Olympian {
        if super::olympians::has_sacrifice(table.sacrifices, side, target) {
            return why(
                format!("you already have a sacrifice on {target}"),
                format!("у вас уже есть жертва на {target}"),
            );
        }
        return None;
    }
    if let Some(w) = control_problem(b, t, target) {
        return Some(w);
    }
    if let Some(max) = t.max_value {
        let value = sc
            .area(target)
            .and_then(|a| a.city.as_ref())
            .map_or(0, |c| c.value);
        if value > max {
            return why(
                format!("{target} has value {value}: the card needs a city of value {max} or less"),
                format!(
                    "{target}: ценность {value}, а карте нужен город ценностью не больше {max}"
                ),
            );
        }
    }
    if t.no_enemy_blocks && b.enemy_any.get(target).copied().unwrap_or(0) > 0 {
        return why(
            format!("enemy blocks are at {target}"),
            format!("{target}: там стоят вражеские блоки"),
        );
    }
    let own_at = |p: &str| b.own.iter().any(|x| x.status.on_map() && x.at == p);
    if t.own_blocks && !own_at(target) {
        return why(
            format!("you have no block at {target}"),
            format!("{target}: ваших блоков там нет"),
        );
    }
    if t.near && !near_own(sc, target, &own_at) {
        return why(
            format!("you have no block at {target}, next to it by land, or in its offshore sea"),
            format!(
                "{target}: у вас нет блоков ни там, ни рядом по суше, ни в прибрежном море этого города"
            ),
        );
    }
    if t.enemy_out && b.enemy_out.get(target).copied().unwrap_or(0) == 0 {
        return why(
            format!("no enemy blocks stand outside walls at {target}"),
            format!("{target}: вне стен нет вражеских блоков"),
        );
    }
    barred_problem(sc, table, card, t, target)
}

/// 1.0 [A] Whether `target` is of the kind the card's Event is played on (a sea, a land
/// area, a city, an Olympian); why not.
fn kind_problem(sc: &Scenario, t: &TargetDef, target: &str) -> Option<Why> {
    let kind_ok = match t.kind {
        TargetKind::Sea => sc.sea(target).is_some(),
        TargetKind::Area => sc.area(target).is_some(),
        TargetKind::City => sc.area(target).is_some_and(|a| a.city.is_some()),
        TargetKind::Olympian => sc.params.olympians.gods.iter().any(|o| o.name == target),
    };
    if !kind_ok {
        let ru = match t.kind {
            TargetKind::Sea => "море",
            TargetKind::Area => "сухопутная область",
            TargetKind::City => "город",
            TargetKind::Olympian => "олимпиец",
        };
        return why(
            format!("{target} is not {}", t.kind.words()),
            format!("{target} — не {ru}"),
        );
    }
    None
}

/// 1.0 [A] Whether the city `target` is under the control the card asks for (own,
/// neutral, enemy); why not.
fn control_problem(b: &Sight, t: &TargetDef, target: &str) -> Option<Why> {
    if t.control.is_empty() {
        return None;
    }
    let side = b.side.as_str();
    let control = b.city(target).map_or("neutral", |c| c.control.as_str());
    let whose = if control == side {
        "own"
    } else if control == "neutral" {
        "neutral"
    } else {
        "enemy"
    };
    if !t.control.iter().any(|c| c == whose) {
        let (en, ru) = match whose {
            "own" => ("your", "ваш"),
            "neutral" => ("a neutral", "нейтральный"),
            _ => ("an enemy", "вражеский"),
        };
        let wanted = |lang: &str| -> Vec<&str> {
            t.control
                .iter()
                .map(|c| match (c.as_str(), lang) {
                    ("own", "en") => "yours",
                    ("own", _) => "ваш",
                    ("neutral", "en") => "neutral",
                    ("neutral", _) => "нейтральный",
                    (_, "en") => "enemy",
                    _ => "вражеский",
                })
                .collect()
        };
        return why(
            format!(
                "{target} is {en} city: the card needs one that is {}",
                wanted("en").join(" or ")
            ),
            format!(
                "{target} — {ru} город, а карте нужен {}",
                wanted("ru").join(" или ")
            ),
        );
    }
    None
}

/// 1.0 [A] `near`: whether the side has a block (`own_at`) at `target`, next to it by
/// land, or in its offshore sea (or, for a sea, in a sea next to it).
fn near_own(sc: &Scenario, target: &str, own_at: &dyn Fn(&str) -> bool) -> bool {
    let mut near: Vec<&str> = vec![target];
    if let Some(a) = sc.area(target) {
        near.extend(a.land.iter().map(String::as_str));
        near.extend(a.city.as_ref().and_then(|c| c.offshore.as_deref()));
    }
    if let Some(s) = sc.sea(target) {
        near.extend(s.seas.iter().map(String::as_str));
    }
    near.iter().any(|p| own_at(p))
}

/// 1.0 [A] Whether the card is barred from `target` while another card is in play (Civil
/// War in Athens while Pericles rules); why.
fn barred_problem(
    sc: &Scenario,
    table: &Table,
    card: &CardDef,
    t: &TargetDef,
    target: &str,
) -> Option<Why> {
    for bar in &t.barred {
        if bar.place == target && table.in_play.iter().any(|p| p.card == bar.while_in_play) {
            return why(
                format!(
                    "{} {} may not be played on {target} while {} {} is in play",
                    card.id,
                    card.name,
                    bar.while_in_play,
                    sc.card(&bar.while_in_play).map_or("", |c| c.name.as_str())
                ),
                format!(
                    "{}: {target} — не цель для этой карты, пока в игре {}",
                    card.id, bar.while_in_play
                ),
            );
        }
    }
    None
}

/// Every lawful target of `card`'s Event for the side of `table`, in scenario order
/// (for hints, templates and random play).
pub fn targets(sc: &Scenario, table: &Table, card: &CardDef) -> Vec<String> {
    let Some(t) = &card.target else {
        return Vec::new();
    };
    let names: Vec<String> = match t.kind {
        TargetKind::Sea => sc.seas.iter().map(|s| s.name.clone()).collect(),
        TargetKind::Area => sc.areas.iter().map(|a| a.name.clone()).collect(),
        TargetKind::City => sc
            .areas
            .iter()
            .filter(|a| a.city.is_some())
            .map(|a| a.name.clone())
            .collect(),
        TargetKind::Olympian => sc
            .params
            .olympians
            .gods
            .iter()
            .map(|o| o.name.clone())
            .collect(),
    };
    names
        .into_iter()
        .filter(|n| target_problem(sc, table, card, n).is_none())
        .collect()
}

/// `targets` for the side of the view `v` (its templates, and random play).
pub fn targets_in_view(
    sc: &Scenario,
    v: &crate::model::sight::View,
    card: &CardDef,
) -> Vec<String> {
    let sight = Sight::from_view(sc, v);
    let table = Table {
        sight: &sight,
        in_play: &v.in_play,
        sacrifices: &v.sacrifices,
    };
    targets(sc, &table, card)
}

/// What applying an Event produced.
#[derive(Default)]
pub struct Applied {
    pub events: Vec<Event>,
    pub dice: Vec<DiceRecord>,
}

/// Applies the immediate effects of `card` played for its Event by `side` on `target`.
/// A target that is no longer lawful when the card is revealed (the other side's Event
/// changed the table first) voids the Event.
pub fn apply(
    sc: &Scenario,
    st: &mut State,
    dice: &TurnDice,
    side: &str,
    card: &str,
    target: Option<&str>,
) -> Applied {
    let mut out = Applied::default();
    let Some(def) = sc.card(card) else {
        return out;
    };
    if def.needs_target() {
        let sight = Sight::from_state(sc, st, side);
        let table = Table {
            sight: &sight,
            in_play: &st.cards.in_play,
            sacrifices: &st.sacrifices,
        };
        let problem = match target {
            None => why(
                format!("the Event of {} {} needs a target", def.id, def.name),
                format!("событию {} нужна цель", def.id),
            ),
            Some(t) => target_problem(sc, &table, def, t),
        };
        if let Some(w) = problem {
            out.events.push(Event::Season(SeasonEvent::EventVoid {
                side: side.to_string(),
                card: card.to_string(),
                why: w.en,
                why_ru: w.ru,
            }));
            return out;
        }
    }
    let target = target.unwrap_or_default();
    for e in &def.effects {
        match e {
            Effect::Steps { steps: s } => {
                out.events.push(steps_effect(sc, st, side, card, target, s));
            }
            Effect::Prestige { prestige: p } => {
                let gainer = who(sc, &p.side, side);
                super::siege::gain_prestige(&mut st.prestige, &gainer, p.points);
                out.events.push(Event::Season(SeasonEvent::Prestige {
                    side: gainer,
                    points: p.points,
                    why: PrestigeFor::Event {
                        card: card.to_string(),
                    },
                    after: st.prestige.clone(),
                }));
            }
            Effect::Revolt { revolt: r } => revolt(sc, st, dice, side, card, target, r, &mut out),
            Effect::Storm { storm: r } => storm(sc, st, dice, side, card, target, r, &mut out),
            Effect::Marker(Marker::CivilWar) => {
                if let Some(c) = st.cities.iter_mut().find(|c| c.name == target) {
                    c.civil_war = true;
                }
            }
            Effect::Marker(Marker::Sacrifice) => {
                super::olympians::sacrifice(st, side, target);
            }
            // Read by the rules they change (`Marks`, 8.1, 10.2).
            Effect::Marker(_)
            | Effect::Actions { .. }
            | Effect::March { .. }
            | Effect::BattleBonus { .. } => {}
        }
    }
    out
}

/// 1.0 [A] `steps`: every block of the side the effect names, of its kind, at its place
/// (`home`, `target` or a place), on the map (outside the walls if it says so) gains or
/// loses `change` steps (within 1 with `keep_last`, and its maximum).
fn steps_effect(
    sc: &Scenario,
    st: &mut State,
    side: &str,
    card: &str,
    target: &str,
    s: &StepsEffect,
) -> Event {
    let owner = who(sc, &s.side, side);
    let at = if s.at == "target" { target } else { &s.at };
    let mut changed: Vec<(String, u32)> = Vec::new();
    for b in st.blocks.iter_mut() {
        let kind_ok = match s.kind.as_str() {
            "land" => !matches!(b.kind, BlockKind::Fleet | BlockKind::Garrison),
            "fleet" => b.kind == BlockKind::Fleet,
            _ => b.kind != BlockKind::Garrison,
        };
        let on_map = if s.outside_walls {
            matches!(b.status, Status::Field | Status::Besieging)
        } else {
            matches!(
                b.status,
                Status::Field | Status::Besieged | Status::Besieging
            )
        };
        let place_ok = if at == "home" {
            b.at == b.home
        } else {
            b.at == at
        };
        if b.side != owner || !kind_ok || !on_map || !place_ok {
            continue;
        }
        let before = b.steps as i32;
        let floor = if s.keep_last { 1 } else { 0 };
        let after = (before + s.change).clamp(floor.min(before), b.max as i32);
        if after == before {
            continue;
        }
        b.steps = after.max(0) as u32;
        if b.steps == 0 {
            b.status = Status::Eliminated;
        }
        changed.push((b.id.clone(), b.steps));
    }
    Event::Season(SeasonEvent::EventSteps {
        side: owner,
        card: card.to_string(),
        at: at.to_string(),
        change: s.change,
        blocks: changed,
    })
}

/// 1.0 [A] `revolt`: one die (stream `event:<card>:<city>`, appealable); on a die of at
/// most `on` the target city changes loyalty and control to `side`.
#[allow(clippy::too_many_arguments)]
fn revolt(
    sc: &Scenario,
    st: &mut State,
    dice: &TurnDice,
    side: &str,
    card: &str,
    target: &str,
    r: &RollEffect,
    out: &mut Applied,
) {
    // [A] one die: the city changes sides on a die of at most `on`.
    let label = dice::event(card, target);
    let on = r.on;
    let hit = |d: &[u32]| d.iter().filter(|x| **x <= on).count() as u32;
    let rolled = super::olympians::roll(sc, st, dice, &label, side, 1, &hit);
    out.dice.extend(rolled.records);
    push_appeal(&mut out.events, rolled.appeal);
    let die = rolled.dice.first().copied().unwrap_or(6);
    let succeeded = die <= on;
    let mut from = String::new();
    if let Some(c) = st.cities.iter_mut().find(|c| c.name == target) {
        from = c.control.clone();
        if succeeded {
            c.control = side.to_string();
            c.loyalty = side.to_string();
        }
    }
    out.events.push(Event::Season(SeasonEvent::EventRevolt {
        side: side.to_string(),
        card: card.to_string(),
        city: target.to_string(),
        from,
        label,
        die,
        on,
        succeeded,
    }));
}

/// 1.0 [A] `storm`: one die per fleet at sea in the target sea; a die of at most `on`
/// costs that fleet a step.
#[allow(clippy::too_many_arguments)]
fn storm(
    sc: &Scenario,
    st: &mut State,
    dice: &TurnDice,
    side: &str,
    card: &str,
    target: &str,
    r: &RollEffect,
    out: &mut Applied,
) {
    // [A] one die per fleet at sea there (one per fleet, not per step: the
    // dice must not tell the enemy's strengths), game file order; a die of
    // at most `on` costs that fleet a step.
    let label = dice::event(card, target);
    let fleets: Vec<usize> = (0..st.blocks.len())
        .filter(|&i| {
            let b = &st.blocks[i];
            b.kind == BlockKind::Fleet && b.at == target && b.status.on_map()
        })
        .collect();
    let on = r.on;
    let hit = |d: &[u32]| d.iter().filter(|x| **x <= on).count() as u32;
    let mut dice_rolled = Vec::new();
    if !fleets.is_empty() {
        let n = fleets.len() as u32;
        let rolled = super::olympians::roll(sc, st, dice, &label, side, n, &hit);
        out.dice.extend(rolled.records);
        push_appeal(&mut out.events, rolled.appeal);
        dice_rolled = rolled.dice;
    }
    let mut hit_fleets = Vec::new();
    for (i, die) in fleets.iter().zip(dice_rolled.iter()) {
        let b = &mut st.blocks[*i];
        if *die <= on {
            b.steps = b.steps.saturating_sub(1);
            if b.steps == 0 {
                b.status = Status::Eliminated;
            }
        }
        hit_fleets.push((b.id.clone(), b.side.clone(), *die, b.steps));
    }
    out.events.push(Event::Season(SeasonEvent::EventStorm {
        side: side.to_string(),
        card: card.to_string(),
        sea: target.to_string(),
        label,
        on,
        fleets: hit_fleets,
    }));
}

fn push_appeal(events: &mut Vec<Event>, appeal: Option<AppealEvent>) {
    if let Some(a) = appeal {
        events.push(Event::Appeal(Box::new(a)));
    }
}

/// 10.2 [A] Whether a card with the `peace-faction` effect is in play (or the
/// scenario's `params.year.peace_faction_card`).
pub fn peace_faction(sc: &Scenario, in_play: &[InPlay]) -> bool {
    in_play.iter().any(|p| {
        p.card == sc.params.year.peace_faction_card
            || sc
                .card(&p.card)
                .is_some_and(|c| c.effects.contains(&Effect::Marker(Marker::PeaceFaction)))
    })
}
