//! Battles: what the attacked side does first (avoid battle, go inside the walls, a lone
//! general giving way), the battle table of the scenario, losses and retreats, and the
//! third-party reset the outcome may cause (§5).

use super::context::Ctx;
use super::siege;
use crate::model::dice::Label;
use crate::model::events::{Event, PowerKind, Who};
use crate::model::state::State;

/// Who fights for a side: a player, or the independent armies (friendly to each other).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Party {
    Player(String),
    Independents,
}

pub fn party_of(st: &State, who: &Who) -> Party {
    match who {
        Who::General(g) => Party::Player(st.army(g).map(|a| a.player.clone()).unwrap_or_default()),
        Who::Independent(_) => Party::Independents,
    }
}

fn cus_of(st: &State, who: &Who) -> u32 {
    match who {
        Who::General(g) => st.army(g).map(|a| a.cus).unwrap_or(0),
        Who::Independent(i) => st.independent(i).map(|a| a.cus).unwrap_or(0),
    }
}

/// §8 [A]: what a side's Loyal Macedonians add to its total; the event says so.
fn macedonians(ctx: &mut Ctx, side: &[Who]) -> i32 {
    let per = ctx.sc.params.battle.macedonian;
    let mut total = 0;
    for w in side {
        if let Who::General(g) = w {
            let n = ctx
                .st
                .army(g)
                .map(|a| a.macedonians.min(a.cus))
                .unwrap_or(0);
            if n > 0 && per != 0 {
                let v = n as i32 * per;
                total += v;
                ctx.push(Event::Power {
                    general: g.clone(),
                    kind: PowerKind::Macedonians,
                    value: v,
                });
            }
        }
    }
    total
}

/// §8 [A]: a general's special power, recorded when it acts.
fn power(ctx: &mut Ctx, general: &str, kind: PowerKind) -> i32 {
    let Some(p) = ctx.sc.general(general).map(|g| g.power.clone()) else {
        return 0;
    };
    let v = match kind {
        PowerKind::Attack => p.attack,
        PowerKind::Defence => p.defence,
        PowerKind::Avoid => p.avoid as i32,
        PowerKind::Intercept => p.intercept as i32,
        PowerKind::Macedonians => 0,
    };
    if v != 0 {
        ctx.push(Event::Power {
            general: general.to_string(),
            kind,
            value: v,
        });
    }
    v
}

fn battle_value(ctx: &Ctx, who: &Who) -> i32 {
    match who {
        Who::General(g) => ctx.sc.general(g).map(|x| x.battle).unwrap_or(0),
        Who::Independent(i) => ctx.sc.independent(i).map(|x| x.battle).unwrap_or(0),
    }
}

/// The field armies in `space` hostile to `party`, grouped as the first hostile party
/// found (army order, then independents).
pub fn hostile_field(st: &State, space: &str, party: &Party) -> Vec<Who> {
    let mut out: Vec<Who> = Vec::new();
    let mut found: Option<Party> = None;
    for a in st.armies.iter().filter(|a| a.at == space && !a.inside) {
        let p = Party::Player(a.player.clone());
        if &p == party {
            continue;
        }
        if found.is_none() {
            found = Some(p.clone());
        }
        if found.as_ref() == Some(&p) {
            out.push(Who::General(a.general.clone()));
        }
    }
    if found.is_none() && *party != Party::Independents {
        for i in st.independents_at(space) {
            out.push(Who::Independent(i.id.clone()));
        }
    }
    out
}

/// Where a beaten or giving-way army goes from `space`: the first land neighbour (map
/// order) with no field army hostile to it, its player's own spaces first [A]; for an
/// independent army, within its regions.
pub fn retreat_to(ctx: &Ctx, who: &Who, space: &str) -> Option<String> {
    let party = party_of(&ctx.st, who);
    let allowed = |to: &str| -> bool {
        if let Who::Independent(i) = who {
            if let (Some(def), Some(sp)) = (ctx.sc.independent(i), ctx.sc.space(to)) {
                if !def.regions.is_empty() && !def.regions.contains(&sp.region) {
                    return false;
                }
            }
        }
        hostile_field(&ctx.st, to, &party).is_empty()
    };
    let nbrs: Vec<&str> = ctx.sc.land_neighbours(space);
    if let Party::Player(p) = &party {
        if let Some(n) = nbrs
            .iter()
            .find(|n| ctx.st.control(n) == Some(p.as_str()) && allowed(n))
        {
            return Some(n.to_string());
        }
    }
    nbrs.iter().find(|n| allowed(n)).map(|n| n.to_string())
}

/// Moves a `who` to `to`, or takes it out of play when it has nowhere to go.
pub fn relocate(ctx: &mut Ctx, who: &Who, from: &str, to: Option<String>) {
    match (who, &to) {
        (Who::General(g), Some(t)) => {
            if let Some(a) = ctx.st.army_mut(g) {
                a.at = t.clone();
                a.inside = false;
            }
        }
        (Who::General(g), None) => ctx.st.armies.retain(|a| &a.general != g),
        (Who::Independent(i), Some(t)) => {
            if let Some(a) = ctx.st.independent_mut(i) {
                a.at = t.clone();
            }
        }
        (Who::Independent(i), None) => {
            if let Some(a) = ctx.st.independent_mut(i) {
                a.removed = true;
            }
        }
    }
    ctx.push(Event::Retreat {
        who: who.clone(),
        from: from.to_string(),
        to,
    });
}

/// `mover` entered `space` from `from`: the defenders there react, and a battle follows
/// if they stay in the field. Returns whether the mover may go on moving.
pub fn on_entering(ctx: &mut Ctx, mover: &Who, from: &str, space: &str) -> bool {
    let party = party_of(&ctx.st, mover);
    let defenders = hostile_field(&ctx.st, space, &party);
    if defenders.is_empty() {
        return true;
    }
    if let Some(Who::General(first)) = defenders.first() {
        let Some(def) = ctx.st.army(first).cloned() else {
            return true;
        };
        let standing = ctx.st.standing_of(&def.player);
        let generals: Vec<String> = defenders
            .iter()
            .filter_map(|w| match w {
                Who::General(g) => Some(g.clone()),
                _ => None,
            })
            .collect();
        let total: u32 = generals
            .iter()
            .filter_map(|g| ctx.st.army(g))
            .map(|a| a.cus)
            .sum();
        // A lone general (or several) gives way without a battle [A].
        if total == 0 {
            lone_generals_give_way(ctx, &generals, space);
            return true;
        }
        // §7: avoiding battle, a standing order.
        if standing.avoid_battle.iter().any(|g| g == first) && avoided(ctx, first, &generals, space)
        {
            return true;
        }
        // §2: a small army in its own walled city goes inside.
        let walled = ctx
            .sc
            .space(space)
            .is_some_and(|s| ctx.sc.params.siege.walls.contains(&s.kind));
        if standing.withdraw_inside
            && walled
            && ctx.st.control(space) == Some(def.player.as_str())
            && total + ctx.st.cus_inside(space) <= ctx.sc.params.siege.max_inside
        {
            for g in &generals {
                if let Some(a) = ctx.st.army_mut(g) {
                    a.inside = true;
                }
                ctx.push(Event::WentInside {
                    general: g.clone(),
                    space: space.to_string(),
                });
            }
            return true;
        }
    }
    fight(ctx, space, mover, &defenders, Some(from));
    false
}

/// [A]: generals without CUs give way without a battle: each retreats, or is gone if he
/// has nowhere to go.
fn lone_generals_give_way(ctx: &mut Ctx, generals: &[String], space: &str) {
    for g in generals {
        let w = Who::General(g.clone());
        let to = retreat_to(ctx, &w, space);
        match &to {
            Some(t) => {
                if let Some(a) = ctx.st.army_mut(g) {
                    a.at = t.clone();
                }
            }
            None => ctx.st.armies.retain(|a| &a.general != g),
        }
        ctx.push(Event::LoneGeneral {
            general: g.clone(),
            space: space.to_string(),
            to,
        });
    }
}

/// §7: the defenders led by `first` try to avoid battle (1d6 ≤ `params.battle.avoid_on`
/// plus his power); if they can, all of them retreat together. Returns whether they did.
fn avoided(ctx: &mut Ctx, first: &String, generals: &[String], space: &str) -> bool {
    let bonus = power(ctx, first, PowerKind::Avoid);
    let n = ctx.next_n(&format!("avoid:{first}"));
    let roll = ctx.die(
        Label::Avoid {
            general: first.clone(),
            n,
        },
        6,
    );
    let ok = roll as i32 <= ctx.sc.params.battle.avoid_on as i32 + bonus;
    let to = if ok {
        retreat_to(ctx, &Who::General(first.clone()), space)
    } else {
        None
    };
    ctx.push(Event::Avoid {
        general: first.clone(),
        space: space.to_string(),
        roll,
        to: to.clone(),
    });
    let Some(t) = to else {
        return false;
    };
    for g in generals {
        if let Some(a) = ctx.st.army_mut(g) {
            a.at = t.clone();
        }
    }
    siege::lift_check(ctx, space);
    true
}

/// §7: after `mover` entered `space` by land from `from` (and no battle there), the first
/// army of another player in the field next to it with a standing order to intercept
/// tries (1d6 ≤ `params.battle.intercept_on`); it moves in and attacks. Returns whether
/// the mover may go on moving.
pub fn interception(ctx: &mut Ctx, mover: &Who, space: &str) -> bool {
    let party = party_of(&ctx.st, mover);
    let nbrs: Vec<String> = ctx
        .sc
        .land_neighbours(space)
        .iter()
        .map(|s| s.to_string())
        .collect();
    let candidate = ctx
        .st
        .armies
        .iter()
        .filter(|a| !a.inside && a.cus > 0 && nbrs.contains(&a.at))
        .filter(|a| Party::Player(a.player.clone()) != party)
        .find(|a| ctx.st.standing_of(&a.player).intercept.contains(&a.general))
        .cloned();
    let Some(i) = candidate else {
        return true;
    };
    let bonus = power(ctx, &i.general, PowerKind::Intercept);
    let n = ctx.next_n(&format!("intercept:{space}"));
    let roll = ctx.die(
        Label::Intercept {
            space: space.to_string(),
            n,
        },
        6,
    );
    let ok = roll as i32 <= ctx.sc.params.battle.intercept_on as i32 + bonus;
    ctx.push(Event::Intercepts {
        general: i.general.clone(),
        from: i.at.clone(),
        space: space.to_string(),
        target: mover.clone(),
        roll,
        ok,
    });
    if !ok {
        return true;
    }
    if let Some(a) = ctx.st.army_mut(&i.general) {
        a.at = space.to_string();
    }
    super::siege::lift_check(ctx, &i.at);
    let interceptor = Who::General(i.general.clone());
    let defenders = hostile_field(&ctx.st, space, &Party::Player(i.player.clone()));
    if !defenders.is_empty() {
        fight(ctx, space, &interceptor, &defenders, Some(&i.at));
    }
    false
}

/// A battle in `space` on the scenario's battle table. `from`: where a beaten attacker
/// goes back to (None: a sortie, back inside the walls). Returns whether the attacker won.
pub fn fight(
    ctx: &mut Ctx,
    space: &str,
    attacker: &Who,
    defenders: &[Who],
    from: Option<&str>,
) -> bool {
    let bp = ctx.sc.params.battle.clone();
    let a_cus = cus_of(&ctx.st, attacker).min(bp.cu_cap) as i32;
    let d_cus = (defenders.iter().map(|d| cus_of(&ctx.st, d)).sum::<u32>()).min(bp.cu_cap) as i32;
    let (a_val, d_val) = values(ctx, attacker, defenders);
    let n = ctx.next_n(&format!("battle:{space}"));
    let dice = ctx.roll(
        Label::Battle {
            space: space.to_string(),
            n,
        },
        bp.die,
        2,
    );
    let at = dice[0] as i32 + a_val + a_cus;
    let de = dice[1] as i32 + d_val + d_cus;
    let attacker_won = at > de;
    let margin = (at - de).abs();
    let loser_loss = bp.loser_loses
        + if margin >= bp.rout_margin {
            bp.rout_extra
        } else {
            0
        };
    let (a_loss, d_loss) = if attacker_won {
        (bp.winner_loses, loser_loss)
    } else {
        (loser_loss, bp.winner_loses)
    };
    let a_lost = take_losses(ctx, std::slice::from_ref(attacker), a_loss);
    let d_lost = take_losses(ctx, defenders, d_loss);
    ctx.push(Event::Battle {
        space: space.to_string(),
        attacker: attacker.clone(),
        defenders: defenders.to_vec(),
        attack: (dice[0], at),
        defence: (dice[1], de),
        attacker_won,
        attacker_lost: a_lost,
        defender_lost: d_lost,
    });
    let a_party = party_of(&ctx.st, attacker);
    let d_party = defenders
        .first()
        .map(|d| party_of(&ctx.st, d))
        .unwrap_or(Party::Independents);
    remove_destroyed(ctx, attacker, defenders, space);
    losers_leave(ctx, space, attacker, defenders, from, attacker_won);
    // §5: a besieger beaten in its siege's space by a third player.
    let (loser, winner) = if attacker_won {
        (&d_party, &a_party)
    } else {
        (&a_party, &d_party)
    };
    if let (Party::Player(l), Party::Player(w)) = (loser, winner) {
        let (l, w) = (l.clone(), w.clone());
        siege::third_party(ctx, space, &l, &w);
    }
    siege::lift_check(ctx, space);
    attacker_won
}

/// The battle values of the attacker and of the defenders (their best): each side's
/// value, §8 [A] special powers (the attacking general's; the best of the defenders')
/// and Loyal Macedonians.
fn values(ctx: &mut Ctx, attacker: &Who, defenders: &[Who]) -> (i32, i32) {
    let mut a_val = battle_value(ctx, attacker);
    let mut d_val = defenders
        .iter()
        .map(|d| battle_value(ctx, d))
        .max()
        .unwrap_or(0);
    // §8 [A]: special powers (the attacking general's; the best of the defenders') and
    // Loyal Macedonians.
    if let Who::General(g) = attacker {
        a_val += power(ctx, g, PowerKind::Attack);
    }
    let best_defence = defenders
        .iter()
        .filter_map(|d| match d {
            Who::General(g) => ctx.sc.general(g).map(|x| (x.power.defence, g.clone())),
            _ => None,
        })
        .max_by_key(|(v, _)| *v)
        .filter(|(v, _)| *v != 0)
        .map(|(_, g)| g);
    if let Some(g) = best_defence {
        d_val += power(ctx, &g, PowerKind::Defence);
    }
    a_val += macedonians(ctx, std::slice::from_ref(attacker));
    d_val += macedonians(ctx, defenders);
    (a_val, d_val)
}

/// Independent armies reduced to nothing leave play.
fn remove_destroyed(ctx: &mut Ctx, attacker: &Who, defenders: &[Who], space: &str) {
    for w in std::iter::once(attacker).chain(defenders.iter()) {
        if let Who::Independent(i) = w {
            if ctx
                .st
                .independent(i)
                .is_some_and(|x| x.cus == 0 && !x.removed)
            {
                if let Some(x) = ctx.st.independent_mut(i) {
                    x.removed = true;
                }
                ctx.push(Event::Destroyed {
                    army: i.clone(),
                    space: space.to_string(),
                });
            }
        }
    }
}

/// The beaten side leaves the space: the defenders retreat, or the attacker goes back
/// where it came from (a beaten sortie back inside the walls).
fn losers_leave(
    ctx: &mut Ctx,
    space: &str,
    attacker: &Who,
    defenders: &[Who],
    from: Option<&str>,
    attacker_won: bool,
) {
    if attacker_won {
        for d in defenders {
            if still_here(&ctx.st, d, space) {
                let to = retreat_to(ctx, d, space);
                relocate(ctx, d, space, to);
            }
        }
    } else if still_here(&ctx.st, attacker, space) {
        match from {
            Some(f) => relocate(ctx, attacker, space, Some(f.to_string())),
            None => {
                // A beaten sortie goes back inside the walls [A].
                if let Who::General(g) = attacker {
                    if let Some(a) = ctx.st.army_mut(g) {
                        a.inside = true;
                    }
                }
            }
        }
    }
}

fn still_here(st: &State, who: &Who, space: &str) -> bool {
    match who {
        Who::General(g) => st.army(g).is_some_and(|a| a.at == space),
        Who::Independent(i) => st
            .independent(i)
            .is_some_and(|a| a.at == space && !a.removed),
    }
}

/// Removes `n` CUs from the armies, the largest first [A]; returns how many went.
fn take_losses(ctx: &mut Ctx, who: &[Who], n: u32) -> u32 {
    let mut lost = 0;
    for _ in 0..n {
        // The largest army first; among equals, the first named.
        let best = who
            .iter()
            .filter(|w| cus_of(&ctx.st, w) > 0)
            .fold(None::<&Who>, |b, w| match b {
                Some(b) if cus_of(&ctx.st, b) >= cus_of(&ctx.st, w) => Some(b),
                _ => Some(w),
            })
            .cloned();
        let Some(w) = best else { break };
        match &w {
            Who::General(g) => {
                if let Some(a) = ctx.st.army_mut(g) {
                    a.lose(1);
                }
            }
            Who::Independent(i) => {
                if let Some(a) = ctx.st.independent_mut(i) {
                    a.cus -= 1;
                }
            }
        }
        lost += 1;
    }
    lost
}
