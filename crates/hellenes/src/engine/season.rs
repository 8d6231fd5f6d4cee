//! A player turn (1.0): the acting side's Actions phase, then its Combat phase, then the
//! step after it (the other side's turn, the next season's initiative, or Winter).
//!
//! Pure: (scenario, state, orders, dice) → state and events. The order of a turn:
//! 1. Actions, in the order written (each re-checked against the state as it then is;
//!    one that no longer holds is void and reported): moves, sailing with transport and
//!    landings, Building (a step; a new block drawn blind from the pool, the sealed draw
//!    `draw:pool:<side>`; a garrison in a captured city, 4.2.3), Pillage (5.5).
//! 2. City control and sieges settle at the end of the Actions phase (§3 City control).
//! 3. Combat: 7.1 fortify (siege rules); 8.3 sorties; field and naval battles wherever
//!    the acting side's blocks and enemy blocks both hold a place (areas in map order,
//!    then seas), stream `battle:<place>`; retreats and eliminations; battle Prestige
//!    ([A] `params.prestige_battle`); then assaults and attrition (8.1, 8.2); 7.2 sieges
//!    are established; control and sieges settle again.
//!
//! Every [A] number is in `params` / `params.season`.

use super::actions;
use super::battle;
use super::control;
use super::movement;
use super::movement::Problem;
use super::siege;
use crate::model::battle::BattleOutcome;
use crate::model::battle::BattleSetup;
use crate::model::battle::Fighter;
use crate::model::dice;
use crate::model::events::season::PrestigeFor;
use crate::model::events::season::SeasonEvent;
use crate::model::events::siege::BattleKind;
use crate::model::events::siege::SiegeEvent;
use crate::model::events::Event;
use crate::model::orders::Action;
use crate::model::orders::Build;
use crate::model::orders::Landing;
use crate::model::orders::Orders;
use crate::model::orders::SiegeOrder;
use crate::model::scenario::Scenario;
use crate::model::sight::Sight;
use crate::model::state::Phase;
use crate::model::state::Season;
use crate::model::state::State;
use crate::model::state::Status;
use dikast_core::dice::{DiceRecord, Shown, Stream, TurnDice};
use std::collections::{BTreeMap, BTreeSet};

/// What one player turn did.
pub struct TurnResult {
    pub events: Vec<Event>,
    pub dice: Vec<DiceRecord>,
}

fn ev(e: SeasonEvent) -> Event {
    Event::Season(e)
}

fn sev(e: SiegeEvent) -> Event {
    Event::Siege(Box::new(e))
}

/// Resolves the player turn `next` awaits (standing orders already replaced).
pub fn player_turn(
    sc: &Scenario,
    next: &mut State,
    orders: &BTreeMap<String, Orders>,
    dice: &TurnDice,
) -> TurnResult {
    let Phase::PlayerTurn { side, first } = next.phase.clone() else {
        unreachable!("player_turn is called for player turn steps");
    };
    let mut out = TurnResult {
        events: Vec::new(),
        dice: Vec::new(),
    };
    let mine = orders.get(&side).cloned().unwrap_or_default();
    actions_phase(sc, next, &side, &mine.actions, dice, &mut out);
    settle(sc, next, &mut out.events, "Actions");
    combat_phase(sc, next, &side, &mine.combat, dice, &mut out);
    settle(sc, next, &mut out.events, "Combat");
    next.phase = if first {
        Phase::PlayerTurn {
            side: sc.enemy_of(&side),
            first: false,
        }
    } else {
        match next.season.next() {
            Some(Season::Winter) | None => {
                next.season = Season::Winter;
                next.initiative = None;
                Phase::Winter
            }
            Some(s) => {
                next.season = s;
                next.initiative = None;
                Phase::Initiative
            }
        }
    };
    out
}

/// §3 City control after a phase, then the siege rules' settling (lifted sieges, vacated
/// cities, blockade marks).
fn settle(sc: &Scenario, st: &mut State, events: &mut Vec<Event>, phase: &str) {
    for e in siege::settle(sc, st) {
        events.push(sev(e));
    }
    for e in control::update(sc, st, phase) {
        events.push(ev(e));
    }
}

fn actions_phase(
    sc: &Scenario,
    st: &mut State,
    side: &str,
    list: &[Action],
    dice: &TurnDice,
    out: &mut TurnResult,
) {
    let budget = actions::budget(sc, st.initiative.as_ref(), side);
    let card = st
        .initiative
        .as_ref()
        .and_then(|i| i.plays.get(side))
        .map(|p| p.card.clone());
    out.events.push(ev(SeasonEvent::Actions {
        side: side.to_string(),
        card,
        budget,
        ordered: list.len() as u32,
    }));
    let mut moved: BTreeSet<String> = BTreeSet::new();
    let mut built: BTreeMap<String, u32> = BTreeMap::new();
    let mut pillaged: Vec<String> = Vec::new();
    let mut spent = 0;
    let mut draw: Option<Stream> = None;
    for (n, a) in list.iter().enumerate() {
        let mut board = movement::state_board(sc, st, side, &moved);
        // The state's pool already lacks this turn's draws: `board.drawn` stays 0.
        board.built = built.clone();
        let cost = a.cost(sc);
        let checked: Result<Option<movement::Route>, Problem> = if spent + cost > budget {
            Err(Problem {
                code: "too-many-actions",
                message: format!("no actions left ({budget})"),
                label: String::new(),
                rule: "rule 1.0: the card's Action value".into(),
                help: None,
                part: movement::Part::Whole,
            })
        } else {
            recheck(sc, st, &board, a, &pillaged)
        };
        let route = match checked {
            Ok(r) => r,
            Err(p) => {
                out.events.push(ev(SeasonEvent::ActionVoid {
                    side: side.to_string(),
                    number: n as u32 + 1,
                    why: format!("{} ({})", p.message, p.rule),
                }));
                continue;
            }
        };
        spent += cost;
        match a {
            Action::Move { blocks, .. } => {
                let r = route.expect("moves have routes");
                march(st, side, blocks, &r, &mut moved, out);
            }
            Action::Sail {
                fleets,
                carry,
                into,
                ..
            } => {
                let r = route.expect("moves have routes");
                let moving = Sailing {
                    fleets,
                    carry,
                    into: *into,
                };
                sail(sc, st, side, &board, &moving, &r, &mut moved, out);
            }
            Action::Build(Build::Step(id)) => build_step(st, side, id, &mut built, out),
            Action::Build(Build::Block(city)) => {
                let n = n as u32 + 1;
                draw_block(sc, st, side, city, n, dice, &mut draw, &mut moved, out);
            }
            Action::Build(Build::Garrison(city)) => {
                if let Some(c) = st.cities.iter_mut().find(|c| &c.name == city) {
                    c.built_garrison = true;
                    out.events.push(ev(SeasonEvent::GarrisonBuilt {
                        side: side.to_string(),
                        city: city.clone(),
                    }));
                }
            }
            Action::Pillage(city) => pillage(sc, st, side, city, &mut pillaged, out),
        }
    }
    if let Some(s) = draw {
        out.dice.push(s.record(Shown::Moderator));
    }
}

/// 2.0: a checked land move along `r`: the blocks go to its end.
fn march(
    st: &mut State,
    side: &str,
    blocks: &[String],
    r: &movement::Route,
    moved: &mut BTreeSet<String>,
    out: &mut TurnResult,
) {
    for id in blocks {
        put(st, id, r.to());
        moved.insert(id.clone());
    }
    out.events.push(ev(SeasonEvent::Moved {
        side: side.to_string(),
        blocks: blocks.to_vec(),
        route: r.places.clone(),
        naval: false,
        carried: Vec::new(),
    }));
}

/// 4.2: a step built on block `id`.
fn build_step(
    st: &mut State,
    side: &str,
    id: &String,
    built: &mut BTreeMap<String, u32>,
    out: &mut TurnResult,
) {
    if let Some(b) = st.blocks.iter_mut().find(|b| &b.id == id) {
        b.steps += 1;
        *built.entry(id.clone()).or_default() += 1;
        out.events.push(ev(SeasonEvent::StepBuilt {
            side: side.to_string(),
            block: id.clone(),
            at: b.at.clone(),
            steps: b.steps,
            max: b.max,
        }));
    }
}

/// A naval move's fleets, the land blocks they carry and where they land (`into`).
struct Sailing<'a> {
    fleets: &'a [String],
    carry: &'a [String],
    into: Option<Landing>,
}

/// 2.0, 5.21, 7.4: a checked naval move along `r`: the fleets and what they carry go to
/// its end; into the walls of the side's own besieged port there (page 9) when
/// `port_entry` says so.
#[allow(clippy::too_many_arguments)]
fn sail(
    sc: &Scenario,
    st: &mut State,
    side: &str,
    board: &Sight,
    moving: &Sailing,
    r: &movement::Route,
    moved: &mut BTreeSet<String>,
    out: &mut TurnResult,
) {
    let Sailing {
        fleets,
        carry,
        into,
    } = *moving;
    // 7.4, page 9: into the walls of the side's own besieged port.
    let inside = movement::port_entry(sc, board, fleets, carry, r, into).unwrap_or(false);
    let fl: Vec<_> = fleets.iter().filter_map(|id| st.block(id)).collect();
    let cg: Vec<_> = carry.iter().filter_map(|id| st.block(id)).collect();
    let carriers = super::transport::assign_carriers(sc, &fl, &cg).unwrap_or_default();
    for id in fleets.iter().chain(carry) {
        put(st, id, r.to());
        moved.insert(id.clone());
    }
    out.events.push(ev(SeasonEvent::Moved {
        side: side.to_string(),
        blocks: fleets.to_vec(),
        route: r.places.clone(),
        naval: true,
        carried: carry.iter().cloned().zip(carriers).collect(),
    }));
    if inside {
        for id in fleets.iter().chain(carry) {
            if let Some(b) = st.blocks.iter_mut().find(|b| &b.id == id) {
                b.status = Status::Besieged;
            }
        }
        out.events.push(ev(SeasonEvent::IntoWalls {
            side: side.to_string(),
            city: r.to().to_string(),
            sea: r.came_from().to_string(),
            blocks: fleets.iter().chain(carry).cloned().collect(),
        }));
    }
}

/// 4.2: a new block drawn blind from the pool into `city` (action number `n`), with
/// Apollo's appeal (11.0); void when no pool block can stand there.
#[allow(clippy::too_many_arguments)]
fn draw_block(
    sc: &Scenario,
    st: &mut State,
    side: &str,
    city: &String,
    n: u32,
    dice: &TurnDice,
    draw: &mut Option<Stream>,
    moved: &mut BTreeSet<String>,
    out: &mut TurnResult,
) {
    // 4.2: a new block drawn blind from the pool: the sealed draw
    // `draw:pool:<side>` (one stream per turn, one value per block drawn), from
    // the pool blocks that can stand in the city, in game file order.
    let label = dice::draw_pool(side);
    let stream = draw.get_or_insert_with(|| dice.sealed(&label));
    let own: Vec<_> = st
        .blocks
        .iter()
        .filter(|b| b.side == side)
        .cloned()
        .collect();
    let pool: Vec<String> = actions::pool_for(sc, &own, city)
        .iter()
        .map(|b| b.id.clone())
        .collect();
    if pool.is_empty() {
        out.events.push(ev(SeasonEvent::ActionVoid {
            side: side.to_string(),
            number: n,
            why: format!("no block left in the pool that can stand in {city} (4.2)"),
        }));
        return;
    }
    let mut id = pool[stream.draw(pool.len())].clone();
    // 11.0 Apollo: an appeal on the new block before it is placed.
    if let Some((again, record, e)) =
        super::olympians::apollo(sc, st, dice, &label, side, city, &pool, &id)
    {
        id = again;
        out.dice.push(record);
        out.events.push(Event::Appeal(Box::new(e)));
    }
    // 4.2 [A] params.season.build_in_besieged: in a besieged city (not
    // blockaded, 8.2.1) the new block stands inside the walls.
    let besieged = st
        .cities
        .iter()
        .any(|c| &c.name == city && c.siege.is_some());
    if let Some(b) = st.blocks.iter_mut().find(|b| b.id == id) {
        b.at = city.clone();
        b.status = if besieged {
            Status::Besieged
        } else {
            Status::Field
        };
        b.steps = sc.params.season.new_block_steps.clamp(1, b.max);
        moved.insert(id.clone());
        out.events.push(ev(SeasonEvent::BlockDrawn {
            side: side.to_string(),
            block: id.clone(),
            city: city.clone(),
            label,
            steps: b.steps,
        }));
    }
}

/// 5.5 Pillage of `city`: ravaged, Prestige to `side`.
fn pillage(
    sc: &Scenario,
    st: &mut State,
    side: &str,
    city: &String,
    pillaged: &mut Vec<String>,
    out: &mut TurnResult,
) {
    if let Some(c) = st.cities.iter_mut().find(|c| &c.name == city) {
        c.ravaged = true;
    }
    pillaged.push(city.clone());
    let pts = sc.params.prestige_pillage;
    siege::gain_prestige(&mut st.prestige, side, pts);
    out.events.push(ev(SeasonEvent::Pillaged {
        side: side.to_string(),
        city: city.clone(),
    }));
    out.events.push(ev(SeasonEvent::Prestige {
        side: side.to_string(),
        points: pts,
        why: PrestigeFor::Pillage { city: city.clone() },
        after: st.prestige.clone(),
    }));
}

/// Moves a block to `to` (on the map, free: besiegers that leave are no longer besiegers).
fn put(st: &mut State, id: &str, to: &str) {
    if let Some(b) = st.blocks.iter_mut().find(|b| b.id == id) {
        b.at = to.to_string();
        b.status = Status::Field;
    }
}

/// The same checks the orders passed, against the state now.
fn recheck(
    sc: &Scenario,
    st: &State,
    board: &Sight,
    a: &Action,
    pillaged: &[String],
) -> Result<Option<movement::Route>, Problem> {
    let own = |ids: &[String]| ids.iter().all(|id| board.block(id).is_some());
    match a {
        Action::Move { blocks, path } if own(blocks) => {
            movement::land_move(sc, board, blocks, path).map(Some)
        }
        Action::Sail {
            fleets,
            path,
            carry,
            into,
        } if own(fleets) && own(carry) => movement::naval_move(sc, board, fleets, path, carry)
            .and_then(|r| {
                movement::port_entry(sc, board, fleets, carry, &r, *into).map(|_| Some(r))
            }),
        Action::Build(what) => {
            let free = match what {
                Build::Block(city) => actions::pool_for(sc, &board.own, city).len() as u32,
                _ => 1,
            };
            match actions::build_problem(sc, board, what, free) {
                Some(p) => Err(p),
                None => Ok(None),
            }
        }
        Action::Pillage(city) => {
            match actions::pillage_problem(sc, board, st.year, st.season, city, pillaged) {
                Some(p) => Err(p),
                None => Ok(None),
            }
        }
        _ => Err(Problem {
            code: "unknown-block",
            message: "a block named is not the acting side's".into(),
            label: String::new(),
            rule: "rule 2.0".into(),
            help: None,
            part: movement::Part::Whole,
        }),
    }
}

fn combat_phase(
    sc: &Scenario,
    st: &mut State,
    side: &str,
    combat: &[SiegeOrder],
    dice: &TurnDice,
    out: &mut TurnResult,
) {
    let enemy = sc.enemy_of(side);
    // Where each block came from this turn (attackers retreat that way first).
    let came_from = came_from(&out.events);
    // 7.1 Fortify.
    for e in siege::fortify(sc, st, side) {
        out.events.push(sev(e));
    }
    // 8.3 Sorties, declared at the start of the Combat phase.
    for o in combat {
        if let SiegeOrder::Sortie { city, blocks } = o {
            let r = siege::sortie(sc, st, side, city, blocks, dice);
            // A sortie is a normal field battle (8.3): its winner gains battle Prestige.
            let won: Vec<BattleOutcome> = r
                .events
                .iter()
                .filter_map(|e| match e {
                    SiegeEvent::Battle {
                        kind: BattleKind::Sortie,
                        outcome,
                        ..
                    } => Some(outcome.clone()),
                    _ => None,
                })
                .collect();
            out.events.extend(r.events.into_iter().map(sev));
            out.dice.extend(r.dice);
            retreat_all(sc, st, city, &r.retreat, &came_from, &mut out.events);
            for b in won {
                battle_prestige(sc, st, &b, &mut out.events);
            }
        }
    }
    // 2.0 Field and naval battles, areas in map order, then seas.
    let places: Vec<(String, bool)> = sc
        .areas
        .iter()
        .map(|a| (a.name.clone(), false))
        .chain(sc.seas.iter().map(|s| (s.name.clone(), true)))
        .collect();
    for (place, naval) in places {
        let att = movement::fighters_at(st, &place, side);
        let def = movement::fighters_at(st, &place, &enemy);
        if att.is_empty() || def.is_empty() {
            continue;
        }
        let attackers: Vec<Fighter> = att
            .iter()
            .map(|b| Fighter::from_block(sc, b, naval))
            .collect();
        let defenders: Vec<Fighter> = def
            .iter()
            .map(|b| Fighter::from_block(sc, b, naval))
            .collect();
        let setup = BattleSetup::field(
            sc,
            st,
            &place,
            naval,
            (side, attackers),
            (&enemy, defenders),
        );
        let label = dice::battle(&place);
        // 11.0: the battle's rolls may be appealed (`olympians`).
        let (result, records) = super::olympians::fight(sc, st, dice, &setup, &label);
        out.dice.extend(records);
        battle::apply_losses(st, &result);
        out.events
            .push(ev(SeasonEvent::Battle(Box::new(result.clone()))));
        let away = result.must_retreat();
        retreat_all(sc, st, &place, &away, &came_from, &mut out.events);
        battle_prestige(sc, st, &result, &mut out.events);
    }
    // 8.1, 8.2 Siege combat.
    for o in combat {
        let r = match o {
            SiegeOrder::Assault { city } => siege::assault(sc, st, side, city, dice),
            SiegeOrder::Attrition { city } => siege::attrition(sc, st, side, city, dice),
            SiegeOrder::Sortie { .. } => continue,
        };
        out.dice.extend(r.dice);
        out.events.extend(r.events.into_iter().map(sev));
    }
    // 7.2 Establishing.
    for e in siege::establish(sc, st, side) {
        out.events.push(sev(e));
    }
}

/// The place each block of this turn's moves came from into its last place.
fn came_from(events: &[Event]) -> BTreeMap<String, String> {
    let mut m = BTreeMap::new();
    for e in events {
        if let Event::Season(SeasonEvent::Moved {
            blocks,
            route,
            carried,
            ..
        }) = e
        {
            let from = route[route.len().saturating_sub(2)].clone();
            for id in blocks.iter().chain(carried.iter().map(|(b, _)| b)) {
                m.insert(id.clone(), from.clone());
            }
        }
    }
    m
}

/// 2.0 [A] Retreats after a battle at `place`: each block in turn to the place
/// `movement::retreat_to` picks, or eliminated when there is none.
pub(super) fn retreat_all(
    sc: &Scenario,
    st: &mut State,
    place: &str,
    ids: &[String],
    came: &BTreeMap<String, String>,
    events: &mut Vec<Event>,
) {
    for id in ids {
        let Some(b) = st.block(id).cloned() else {
            continue;
        };
        if b.status == Status::Eliminated || b.at != place {
            continue;
        }
        match movement::retreat_to(sc, st, &b, place, came.get(id).map(String::as_str)) {
            Some(to) => {
                put(st, id, &to);
                events.push(ev(SeasonEvent::Retreated {
                    side: b.side.clone(),
                    block: id.clone(),
                    from: place.to_string(),
                    to,
                }));
            }
            None => {
                if let Some(x) = st.blocks.iter_mut().find(|x| &x.id == id) {
                    x.status = Status::Eliminated;
                }
                events.push(ev(SeasonEvent::NoRetreat {
                    side: b.side.clone(),
                    block: id.clone(),
                    from: place.to_string(),
                }));
            }
        }
    }
}

/// [A] `params.prestige_battle` to the winner of a field or naval battle.
pub(super) fn battle_prestige(
    sc: &Scenario,
    st: &mut State,
    b: &BattleOutcome,
    events: &mut Vec<Event>,
) {
    let Some(w) = &b.winner else { return };
    let pts = sc.params.prestige_battle;
    if pts <= 0 {
        return;
    }
    siege::gain_prestige(&mut st.prestige, w, pts);
    events.push(ev(SeasonEvent::Prestige {
        side: w.clone(),
        points: pts,
        why: PrestigeFor::Battle {
            place: b.place.clone(),
        },
        after: st.prestige.clone(),
    }));
}
