//! The step flow: game turn I's deal, then one adjudication per round of the Strategy
//! Phase (Surrender, Tyche, Activation and Foraging segments, in the round's player
//! order), and after the last round of a turn, isolation, the end of the turn, victory,
//! and the next turn's preparations, reinforcements and Tyche draw.

use super::context::Ctx;
use super::movement;
use super::siege;
use super::tyche;
use crate::model::events::{Event, LegitimacyWhy, Segment, Victory};
use crate::model::orders::{IndependentOrder, Orders};
use crate::model::refusal::Why;
use crate::model::scenario::{Case, Kind, Scenario};
use crate::model::state::{Phase, State, INDEPENDENT};
use dikast_core::dice::TurnDice;
use dikast_core::rules::Resolution;
use std::collections::BTreeMap;

/// Resolves one step.
pub fn resolve(
    sc: &Scenario,
    st: &State,
    orders: &BTreeMap<String, Orders>,
    dice: &TurnDice,
) -> Resolution<State, Event> {
    let mut ctx = Ctx::new(sc, st.clone(), dice);
    for (p, o) in orders {
        if let Some(s) = &o.standing {
            ctx.st.standing.insert(p.clone(), s.clone());
        }
    }
    match ctx.st.phase.clone() {
        Phase::Deal => {
            preparations(&mut ctx);
            tyche::deal(&mut ctx);
            ctx.st.phase = Phase::Round;
            ctx.st.round = 1;
            begin_round(&mut ctx);
        }
        Phase::Round => {
            round(&mut ctx, orders);
            end_round(&mut ctx);
        }
        Phase::Ended { .. } => {}
    }
    Resolution {
        state: ctx.st,
        events: ctx.events,
        dice: ctx.records,
    }
}

fn begin_round(ctx: &mut Ctx) {
    ctx.push(Event::RoundBegins {
        turn: ctx.st.game_turn,
        round: ctx.st.round,
    });
    tyche::reveal(ctx);
}

/// Preparations: the Usurper is the player with the most VP (ties: player order) [P].
fn preparations(ctx: &mut Ctx) {
    let vps = ctx.st.vps(ctx.sc);
    let mut best: Option<(String, u32)> = None;
    for p in &ctx.st.players {
        let v = vps.get(p).copied().unwrap_or(0);
        if best.as_ref().is_none_or(|(_, b)| v > *b) {
            best = Some((p.clone(), v));
        }
    }
    if let Some((p, vp)) = best {
        ctx.st.usurper = Some(p.clone());
        ctx.push(Event::Usurper {
            player: p.clone(),
            vp,
        });
        // §8 [A]: the Usurper loses Legitimacy.
        let loss = ctx.sc.params.victory.usurper_loses;
        let had = ctx.st.legitimacy_of(&p);
        if loss > 0 && had > 0 {
            ctx.change_legitimacy(&p, -(loss.min(had) as i32), LegitimacyWhy::Usurper);
        }
    }
}

/// §8 [A]: how many royal seats a player controls.
fn seats_held(ctx: &Ctx, player: &str) -> usize {
    ctx.sc
        .params
        .victory
        .regency
        .seats
        .iter()
        .filter(|s| ctx.st.control(s) == Some(player))
        .count()
}

/// §8 [A], at the end of a game turn: the Regent's and the generals' Legitimacy, then the
/// Regency passes to the player holding more royal seats than the Regent (the most; ties:
/// player order).
fn legitimacy_and_regency(ctx: &mut Ctx) {
    let reg = ctx.sc.params.victory.regency.clone();
    if let Some(r) = ctx.st.regent.clone() {
        if reg.legitimacy > 0 {
            ctx.change_legitimacy(&r, reg.legitimacy as i32, LegitimacyWhy::Regent);
        }
    }
    let powers: Vec<(String, String, u32)> = ctx
        .st
        .armies
        .iter()
        .filter_map(|a| {
            let v = ctx.sc.general(&a.general)?.power.legitimacy;
            (v > 0).then(|| (a.player.clone(), a.general.clone(), v))
        })
        .collect();
    for (p, g, v) in powers {
        ctx.change_legitimacy(&p, v as i32, LegitimacyWhy::Power(g));
    }
    let held = ctx
        .st
        .regent
        .as_deref()
        .map(|r| seats_held(ctx, r))
        .unwrap_or(0);
    let mut best: Option<(String, usize)> = None;
    for p in &ctx.st.players {
        let n = seats_held(ctx, p);
        if n > held && best.as_ref().is_none_or(|(_, b)| n > *b) {
            best = Some((p.clone(), n));
        }
    }
    if let Some((p, _)) = best {
        ctx.push(Event::Regency {
            from: ctx.st.regent.clone(),
            to: p.clone(),
        });
        ctx.st.regent = Some(p);
    }
}

/// §8 [A]: dispersed fleets regroup at the end of a game turn.
fn regroup(ctx: &mut Ctx) {
    if !ctx.sc.params.fleets.regroup_each_turn {
        return;
    }
    for p in ctx.st.players.clone() {
        let n = ctx.st.fleets.get(&p).map(|f| f.dispersed).unwrap_or(0);
        if n > 0 {
            if let Some(f) = ctx.st.fleets.get_mut(&p) {
                f.dispersed = 0;
            }
            ctx.push(Event::Regrouped {
                player: p,
                fleets: n,
            });
        }
    }
}

/// One round: its four segments in turn.
fn round(ctx: &mut Ctx, orders: &BTreeMap<String, Orders>) {
    let order = ctx.st.round_order();
    surrender_segment(ctx, orders, &order);
    tyche_segment(ctx, orders, &order);
    activation_segment(ctx, orders, &order);
    foraging_segment(ctx);
}

/// Surrender segment [P]: each player's markers, then the attempts ordered.
fn surrender_segment(ctx: &mut Ctx, orders: &BTreeMap<String, Orders>, order: &[String]) {
    let none = Orders::default();
    for p in order {
        surrender_markers(ctx, p);
        let o = orders.get(p).unwrap_or(&none);
        for space in &o.surrender {
            let army = ctx
                .st
                .armies
                .iter()
                .filter(|a| &a.player == p && &a.at == space && !a.inside)
                .max_by_key(|a| a.cus)
                .map(|a| a.general.clone());
            match army {
                Some(g) => {
                    siege::attempt(ctx, &g, Segment::Surrender);
                }
                None => ctx.void(
                    p,
                    format!("surrender: {{ assault: {space} }}"),
                    Why::new(
                        format!("§4: you have no army in the field at {space}"),
                        format!("§4: у вас нет армии в поле в {space}"),
                    ),
                ),
            }
        }
    }
}

/// Tyche segment: each player plays one card [P]; then the cards revealed for nobody.
fn tyche_segment(ctx: &mut Ctx, orders: &BTreeMap<String, Orders>, order: &[String]) {
    let none = Orders::default();
    for p in order {
        let o = orders.get(p).unwrap_or(&none);
        match &o.tyche {
            Some(play) => tyche::play(ctx, p, play),
            None => {
                if !ctx.st.tyche.hands.get(p).is_none_or(|h| h.is_empty()) {
                    ctx.void(
                        p,
                        "tyche".to_string(),
                        Why::new(
                            "§8: each player must play one Tyche card; none was named",
                            "§8: каждый игрок должен сыграть одну карту Тихе; карта не названа",
                        ),
                    );
                }
            }
        }
    }
    // §8: the cards revealed for nobody, resolved by the player with the fewest VP.
    let revealed = ctx.st.tyche.revealed.clone();
    if let Some(who) = ctx.st.tyche.revealed_for.clone() {
        let o = orders.get(&who).unwrap_or(&none);
        for c in &revealed {
            if ctx.sc.card(c).is_some_and(|x| x.event.activate.is_some()) {
                let order = o.nobody.get(c).cloned().unwrap_or(IndependentOrder::Stay);
                tyche::event(ctx, &who, c, None, Some(&order));
            }
        }
    }
    ctx.st.tyche.discard.extend(revealed);
    ctx.st.tyche.revealed.clear();
}

/// Activation segment: each player's armies in the order written.
fn activation_segment(ctx: &mut Ctx, orders: &BTreeMap<String, Orders>, order: &[String]) {
    let none = Orders::default();
    for p in order {
        let o = orders.get(p).unwrap_or(&none);
        let mut done: Vec<&str> = Vec::new();
        for (g, steps) in &o.activation {
            if done.contains(&g.as_str()) {
                ctx.void(
                    p,
                    format!("activation: {{ {g}: … }}"),
                    Why::new(
                        "an army is activated once a segment",
                        "армия активируется один раз за сегмент",
                    ),
                );
                continue;
            }
            done.push(g);
            if ctx.st.army(g).is_none_or(|a| &a.player != p) {
                ctx.void(
                    p,
                    format!("activation: {{ {g}: … }}"),
                    Why::new(
                        format!("{g} has no army of yours on the map"),
                        format!(
                            "у {} нет вашей армии на карте",
                            ctx.sc.general_ru(g, Case::Gen)
                        ),
                    ),
                );
                continue;
            }
            // §6: sallies against a besieger happen during its activation.
            siege::sallies(ctx, g);
            if ctx.st.army(g).is_none() {
                continue;
            }
            let ap = ctx.sc.general(g).map(|x| x.action_points).unwrap_or(0);
            movement::run_steps(ctx, g, steps, ap, Segment::Activation);
        }
    }
}

/// Foraging segment [A]: an army over the limit outside its own spaces loses a CU.
fn foraging_segment(ctx: &mut Ctx) {
    let limit = ctx.sc.params.foraging_limit;
    let foragers: Vec<(String, String)> = ctx
        .st
        .armies
        .iter()
        .filter(|a| a.cus > limit && ctx.st.control(&a.at) != Some(a.player.as_str()))
        .map(|a| (a.general.clone(), a.at.clone()))
        .collect();
    for (g, at) in foragers {
        if let Some(a) = ctx.st.army_mut(&g) {
            a.lose(1);
        }
        ctx.push(Event::Foraged {
            general: g,
            space: at,
        });
    }
}

/// Surrender segment [P]: remove enemy markers from minor cities where you have a CU and
/// no one else has an army; place yours on spaces without a marker where you have a CU.
/// Independent markers go only by subjugation (§3).
fn surrender_markers(ctx: &mut Ctx, p: &str) {
    let spaces: Vec<String> = ctx.st.spaces.iter().map(|s| s.id.clone()).collect();
    for s in spaces {
        let mine = ctx
            .st
            .armies
            .iter()
            .any(|a| a.at == s && a.player == p && a.cus > 0 && !a.inside);
        if !mine {
            continue;
        }
        let others = ctx.st.armies.iter().any(|a| a.at == s && a.player != p)
            || !ctx.st.independents_at(&s).is_empty();
        if others {
            continue;
        }
        let kind = ctx.sc.space(&s).map(|x| x.kind);
        let control = ctx.st.control(&s).map(str::to_string);
        if let Some(c) = &control {
            if c != p && c != INDEPENDENT && kind == Some(Kind::Minor) {
                if let Some(x) = ctx.st.space_mut(&s) {
                    x.control = None;
                    x.siege_points = 0;
                    x.besieger = None;
                }
                ctx.push(Event::MarkerRemoved {
                    space: s.clone(),
                    was: c.clone(),
                    by: p.to_string(),
                });
            }
        }
        if ctx.st.control(&s).is_none() {
            if let Some(x) = ctx.st.space_mut(&s) {
                x.control = Some(p.to_string());
            }
            ctx.push(Event::MarkerPlaced {
                space: s.clone(),
                player: p.to_string(),
                segment: Segment::Surrender,
            });
        }
    }
}

fn end_round(ctx: &mut Ctx) {
    let rounds = ctx.sc.params.rounds_for(ctx.st.players.len());
    if ctx.st.round < rounds {
        ctx.st.round += 1;
        begin_round(ctx);
        return;
    }
    end_turn(ctx);
}

fn end_turn(ctx: &mut Ctx) {
    // Isolation [A].
    let loss = ctx.sc.params.isolation_loss;
    let isolated: Vec<(String, String)> = ctx
        .st
        .armies
        .iter()
        .filter(|a| a.cus > 0)
        .filter(|a| {
            ctx.st.control(&a.at) != Some(a.player.as_str())
                && !ctx
                    .sc
                    .land_neighbours(&a.at)
                    .iter()
                    .any(|n| ctx.st.control(n) == Some(a.player.as_str()))
        })
        .map(|a| (a.general.clone(), a.at.clone()))
        .collect();
    for (g, at) in isolated {
        if loss == 0 {
            break;
        }
        let lost = ctx.st.army_mut(&g).map(|a| a.lose(loss)).unwrap_or(0);
        ctx.push(Event::Isolated {
            general: g,
            space: at,
            lost,
        });
    }
    legitimacy_and_regency(ctx);
    regroup(ctx);
    let vps = ctx.st.vps(ctx.sc);
    let vp: Vec<(String, u32)> = ctx
        .st
        .players
        .iter()
        .map(|p| (p.clone(), vps.get(p).copied().unwrap_or(0)))
        .collect();
    ctx.push(Event::TurnEnds {
        turn: ctx.st.game_turn,
        vp: vp.clone(),
    });
    if let Some((p, by)) = victory(ctx, &vp) {
        let v = vps.get(&p).copied().unwrap_or(0);
        ctx.push(Event::Won {
            player: p.clone(),
            vp: v,
            by,
        });
        ctx.st.phase = Phase::Ended { winner: p };
        ctx.st.tyche.revealed_for = None;
        return;
    }
    ctx.st.game_turn += 1;
    ctx.st.round = 1;
    preparations(ctx);
    reinforcements(ctx);
    tyche::deal(ctx);
    begin_round(ctx);
}

/// §8: who wins at the end of a game turn, and how: the VP threshold, then the
/// Legitimacy threshold, then the Regency (all [A]); after the last game turn, the most
/// VP. Ties among players: player order.
fn victory(ctx: &Ctx, vp: &[(String, u32)]) -> Option<(String, Victory)> {
    let first_best = |xs: Vec<(String, u32)>| {
        xs.into_iter().fold(None::<(String, u32)>, |b, x| match b {
            Some(b) if b.1 >= x.1 => Some(b),
            _ => Some(x),
        })
    };
    let v = &ctx.sc.params.victory;
    let best_vp = first_best(vp.to_vec());
    if let Some((p, n)) = &best_vp {
        if *n >= v.threshold {
            return Some((p.clone(), Victory::Points));
        }
    }
    let legit: Vec<(String, u32)> = ctx
        .st
        .players
        .iter()
        .map(|p| (p.clone(), ctx.st.legitimacy_of(p)))
        .collect();
    if let Some((p, n)) = first_best(legit) {
        if v.legitimacy > 0 && n >= v.legitimacy {
            return Some((p, Victory::Legitimacy));
        }
    }
    if let Some(r) = &ctx.st.regent {
        if !v.regency.seats.is_empty() && seats_held(ctx, r) == v.regency.seats.len() {
            return Some((r.clone(), Victory::Regency));
        }
    }
    if ctx.st.game_turn >= ctx.sc.params.game_turns {
        return best_vp.map(|(p, _)| (p, Victory::LastTurn));
    }
    None
}

/// Reinforcements (not in turn I) [A]: CUs on the player's first general in a major city
/// he controls, not inside the walls; else on his first general in the field.
fn reinforcements(ctx: &mut Ctx) {
    let n = ctx.sc.params.reinforcements;
    if n == 0 {
        return;
    }
    for p in ctx.st.players.clone() {
        let pick = ctx
            .st
            .armies
            .iter()
            .filter(|a| a.player == p && !a.inside)
            .find(|a| {
                ctx.st.control(&a.at) == Some(p.as_str())
                    && ctx.sc.space(&a.at).is_some_and(|s| s.kind == Kind::Major)
            })
            .or_else(|| ctx.st.armies.iter().find(|a| a.player == p && !a.inside))
            .map(|a| a.general.clone());
        if let Some(g) = pick {
            if let Some(a) = ctx.st.army_mut(&g) {
                a.cus += n;
            }
            ctx.push(Event::Reinforced {
                player: p,
                general: g,
                cus: n,
            });
        }
    }
}
