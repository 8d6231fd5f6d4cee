//! The five independent armies (§7): activated by a Tyche card, ordered by the player
//! who played it, 3 action points, the first spent entering the map from a box; markers
//! swept or placed; no sea movement; each army's own limits.

use super::battle;
use super::context::Ctx;
use crate::model::events::{Event, Who};
use crate::model::orders::IndependentOrder;
use crate::model::refusal::{Refusal, Why};
use crate::model::scenario::{Independent, Kind, Scenario};
use crate::model::state::{State, INDEPENDENT};

/// The rule a path breaks for an independent army, if any (§7).
pub fn path_check(sc: &Scenario, st: &State, army: &str, path: &[String]) -> Result<(), Refusal> {
    let def = sc.independent(army).ok_or_else(|| {
        Refusal::new(
            "unknown-army",
            "§7",
            format!("there is no independent army {army}"),
            format!("нет независимой армии {army}"),
        )
    })?;
    let me = st.independent(army).filter(|i| !i.removed).ok_or_else(|| {
        Refusal::new(
            "independent-army",
            "§7",
            format!("{} is out of play", def.name),
            format!("{} вне игры", def.name_ru),
        )
    })?;
    let ip = &sc.params.independent;
    let mut ap = ip.action_points;
    let mut here = me.at.clone();
    if path.is_empty() {
        return Err(Refusal::new(
            "independent-army",
            "§7",
            "a move names at least one space",
            "перемещение называет хотя бы одну зону",
        ));
    }
    for (k, to) in path.iter().enumerate() {
        let cost = step_cost(sc, def, &here, to)?;
        let Some(sp) = sc.space(to) else {
            return Err(Refusal::new(
                "unknown-space",
                "",
                format!("{to} is not a space of the map"),
                format!("{to} — не зона карты"),
            ));
        };
        region_check(sc, def, &sp.region, to)?;
        if cost > ap {
            return Err(Refusal::new("independent-army", "§7", format!(
                    "an activated independent army has {} action points{}; this path needs more",
                    ip.action_points,
                    if sc.off_box(&me.at).is_some() {
                        ", the first spent entering the map"
                    } else {
                        ""
                    }
                ), format!("у активированной независимой армии {} очка действия{}; этому пути нужно больше", ip.action_points, if sc.off_box(&me.at).is_some() { ", первое тратится на вход на карту" } else { "" })));
        }
        ap -= cost;
        here = to.clone();
        // §7: the Colonists are removed from play on reaching Greece, so no step may
        // follow the first space of a `removed_in` region.
        if def.removed_in.contains(&sp.region) {
            if k + 1 < path.len() {
                return Err(Refusal::new(
                    "independent-army",
                    "§7",
                    format!(
                        "{} leave play on reaching {} at {to}: no step may follow it",
                        def.name, sp.region
                    ),
                    format!(
                        "{} уходят из игры, дойдя до региона {} в {to}: после этого шагов быть не может",
                        def.name_ru,
                        sc.region_ru(&sp.region)
                    ),
                )
                .hint(format!("end the path at {to}")));
            }
            break;
        }
    }
    westward_check(sc, def, &me.at, &here)
}

/// §7: what one step of the independent army `def` from `here` to `to` costs, or the
/// rule it breaks: from its box only into its entry spaces; by land only, never by sea.
fn step_cost(sc: &Scenario, def: &Independent, here: &str, to: &String) -> Result<u32, Refusal> {
    let ip = &sc.params.independent;
    let cost = if let Some(b) = sc.off_box(here) {
        if !b.enters.contains(to) {
            return Err(Refusal::new(
                "independent-army",
                "§7",
                format!(
                    "from its box {} {} enters the map at {}",
                    b.id,
                    def.name,
                    b.enters.join(" or ")
                ),
                format!(
                    "из своего квадрата {} {} входит на карту в {}",
                    b.name_ru,
                    def.name_ru,
                    b.enters.join(" или ")
                ),
            ));
        }
        ip.enter_cost
    } else if sc.land_adjacent(here, to) {
        sc.params.movement.land_cost
    } else if sc.sea_adjacent(here, to) {
        return Err(Refusal::new("independent-army", "§7", format!("independent armies never move by sea ({here} to {to}); straits are crossed by land"
        ), format!("независимые армии никогда не перемещаются по морю ({here} — {to}); проливы пересекают по суше")));
    } else {
        return Err(Refusal::new(
            "not-adjacent",
            "",
            format!("{to} is not a land step from {here}"),
            format!("{to} не соседствует с {here} по суше"),
        )
        .hint("a land step follows a road or crosses a strait; see the map"));
    };
    Ok(cost)
}

/// §7: an independent army limited to some regions moves only in them.
fn region_check(
    sc: &Scenario,
    def: &Independent,
    region: &String,
    to: &str,
) -> Result<(), Refusal> {
    if !def.regions.is_empty() && !def.regions.contains(region) {
        return Err(Refusal::new(
            "independent-army",
            "§7",
            format!(
                "{} moves only in {}; {to} is in {}",
                def.name,
                def.regions.join(" and "),
                region
            ),
            format!(
                "{} ходит только по регионам: {}; {to} — в регионе {}",
                def.name_ru,
                def.regions
                    .iter()
                    .map(|r| sc.region_ru(r))
                    .collect::<Vec<_>>()
                    .join(" и "),
                sc.region_ru(region)
            ),
        ));
    }
    Ok(())
}

/// §7: every move of a westward army ends further west than it began.
fn westward_check(
    sc: &Scenario,
    def: &Independent,
    start: &String,
    end: &String,
) -> Result<(), Refusal> {
    if def.westward {
        let (Some(x0), Some(x1)) = (sc.x_of(start), sc.x_of(end)) else {
            return Ok(());
        };
        if x1 >= x0 {
            return Err(Refusal::new("independent-army", "§7", format!(
                    "every move of {} ends further west than it began ({end} is not west of {})",
                    def.name, start
                ), format!("каждое перемещение {} заканчивается западнее, чем началось ({end} не западнее {})", def.name_ru, start)));
        }
    }
    Ok(())
}

/// Whether the army may stay and place a marker (§7: it could move, and it stands on a
/// space that is not a major city).
pub fn marker_check(sc: &Scenario, st: &State, army: &str) -> Result<(), Refusal> {
    let def = sc.independent(army).ok_or_else(|| {
        Refusal::new(
            "unknown-army",
            "§7",
            format!("there is no independent army {army}"),
            format!("нет независимой армии {army}"),
        )
    })?;
    let me = st.independent(army).filter(|i| !i.removed).ok_or_else(|| {
        Refusal::new(
            "independent-army",
            "§7",
            format!("{} is out of play", def.name),
            format!("{} вне игры", def.name_ru),
        )
    })?;
    let Some(sp) = sc.space(&me.at) else {
        return Err(Refusal::new(
            "independent-army",
            "§7",
            format!(
                "{} is in its box: it places a marker only on the map",
                def.name
            ),
            format!(
                "{} в своём квадрате: маркер ставится только на карте",
                def.name_ru
            ),
        ));
    };
    if sp.kind == Kind::Major {
        return Err(Refusal::new(
            "independent-army",
            "§7",
            format!(
                "{} stands in a major city ({}): no independent marker there",
                def.name, sp.id
            ),
            format!(
                "независимая армия {} стоит в крупном городе ({}): независимый маркер там не ставится",
                def.name_ru, sp.id
            ),
        ));
    }
    let could_move = sc
        .land_neighbours(&me.at)
        .iter()
        .any(|n| path_check(sc, st, army, &[n.to_string()]).is_ok());
    if !could_move {
        return Err(Refusal::new(
            "independent-army",
            "§7",
            format!(
                "{} could not move, so it may not place a marker instead",
                def.name
            ),
            format!(
                "{} не могла переместиться, значит, не может и поставить маркер вместо перемещения",
                def.name_ru
            ),
        ));
    }
    Ok(())
}

/// §7: the activation of an independent army by `card`, ordered by `player`.
pub fn activate(ctx: &mut Ctx, army: &str, card: &str, player: &str, order: &IndependentOrder) {
    ctx.push(Event::Activated {
        army: army.to_string(),
        card: card.to_string(),
        player: player.to_string(),
    });
    match order {
        IndependentOrder::Stay => {}
        IndependentOrder::Marker => place_marker(ctx, army, player),
        IndependentOrder::Move(path) => move_along(ctx, army, player, path),
    }
}

/// §7: the army stays and places an independent marker where it stands, if it may.
fn place_marker(ctx: &mut Ctx, army: &str, player: &str) {
    match marker_check(ctx.sc, &ctx.st, army) {
        Err(why) => ctx.void(player, format!("{army}: marker"), why.reason()),
        Ok(()) => {
            let Some(at) = ctx.st.independent(army).map(|i| i.at.clone()) else {
                return;
            };
            if let Some(s) = ctx.st.space_mut(&at) {
                s.control = Some(INDEPENDENT.to_string());
                s.siege_points = 0;
                s.besieger = None;
            }
            ctx.push(Event::IndependentMarker {
                army: army.to_string(),
                space: at,
            });
        }
    }
}

/// §7: the army moves along `path` (checked first), fighting where it enters a player's
/// army; then it sweeps a marker where it ends.
fn move_along(ctx: &mut Ctx, army: &str, player: &str, path: &[String]) {
    if let Err(why) = path_check(ctx.sc, &ctx.st, army, path) {
        ctx.void(
            player,
            format!("{army}: [{}]", path.join(", ")),
            why.reason(),
        );
        return;
    }
    let removed_in = ctx
        .sc
        .independent(army)
        .map(|d| d.removed_in.clone())
        .unwrap_or_default();
    for (k, to) in path.iter().enumerate() {
        let Some(from) = ctx.st.independent(army).map(|i| i.at.clone()) else {
            return;
        };
        if let Some(i) = ctx.st.independent_mut(army) {
            i.at = to.clone();
        }
        let who = Who::Independent(army.to_string());
        ctx.push(Event::Moved {
            who: who.clone(),
            from: from.clone(),
            to: to.clone(),
            sea: false,
        });
        let region = ctx
            .sc
            .space(to)
            .map(|s| s.region.clone())
            .unwrap_or_default();
        if removed_in.contains(&region) {
            // §7: the Colonists leave play on reaching Greece.
            if let Some(i) = ctx.st.independent_mut(army) {
                i.removed = true;
            }
            ctx.push(Event::LeftPlay {
                army: army.to_string(),
                space: to.clone(),
            });
            return;
        }
        // §7: entering a space with a player's army means battle; [A] the battle ends
        // the move unless the scenario says a winner that stands there goes on.
        let fought = !battle::on_entering(ctx, &who, &from, to);
        let stands = ctx
            .st
            .independent(army)
            .is_some_and(|i| !i.removed && &i.at == to);
        let ends = ctx.sc.params.movement.battle_ends_move || !stands;
        let stop = if fought && ends {
            Some(("the battle", "битвой"))
        } else if !battle::interception(ctx, &who, to) {
            Some(("an interception (§7)", "перехватом (§7)"))
        } else {
            None
        };
        // [A] a battle (`params.movement.battle_ends_move`) or an interception ends
        // the move: the spaces left are said void, never dropped unsaid.
        if let Some((en, ru)) = stop {
            let rest = &path[k + 1..];
            if !rest.is_empty() {
                let (name, name_ru) = ctx
                    .sc
                    .independent(army)
                    .map(|d| (d.name.clone(), d.name_ru.clone()))
                    .unwrap_or_default();
                ctx.void(
                    player,
                    format!("{army}: [{}]", rest.join(", ")),
                    Why::new(
                        format!("{name}: the move ended in {to} with {en} [A]"),
                        format!("{name_ru}: перемещение закончилось в {to} {ru} [A]"),
                    ),
                );
            }
            break;
        }
    }
    sweep(ctx, army);
}

/// §7: where it ends its move, not in a major city, it removes a player's marker.
fn sweep(ctx: &mut Ctx, army: &str) {
    let Some(i) = ctx.st.independent(army).cloned() else {
        return;
    };
    if i.removed {
        return;
    }
    let Some(sp) = ctx.sc.space(&i.at) else {
        return;
    };
    if sp.kind == Kind::Major {
        return;
    }
    let was = ctx.st.control(&i.at).map(str::to_string);
    if let Some(w) = was {
        if w != INDEPENDENT {
            if let Some(s) = ctx.st.space_mut(&i.at) {
                s.control = None;
            }
            ctx.push(Event::MarkerSwept {
                army: army.to_string(),
                space: i.at.clone(),
                was: w,
            });
        }
    }
}
