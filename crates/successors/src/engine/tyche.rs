//! Tyche cards: the sealed shuffle and draw of each game turn, the cards revealed for
//! nobody in 2–3-player games (§8), and playing a card for its event, its OPs or both.

use super::context::Ctx;
use super::independent;
use super::movement;
use crate::model::dice::Label;
use crate::model::events::{Event, LegitimacyWhy, Segment};
use crate::model::orders::{IndependentOrder, TychePlay, Use};
use crate::model::params::TycheParams;
use crate::model::refusal::Why;
use crate::model::scenario::{Card, CardKind, Case, Kind, Scenario};
use crate::model::state::State;
use dikast_core::dice::Shown;

/// The draw of a game turn: every card gathered in the scenario's order, shuffled
/// (sealed), and as many dealt to each player, one at a time in player order, as the turn
/// has rounds.
pub fn deal(ctx: &mut Ctx) {
    let turn = ctx.st.game_turn;
    if ctx.sc.params.tyche.reshuffle_each_turn {
        ctx.st.tyche.deck = ctx.sc.tyche.iter().map(|c| c.id.clone()).collect();
        ctx.st.tyche.discard.clear();
        ctx.st.tyche.revealed.clear();
        for h in ctx.st.tyche.hands.values_mut() {
            h.clear();
        }
    }
    let label = Label::Shuffle { turn }.to_string();
    let mut s = ctx.dice.sealed(&label);
    s.shuffle(&mut ctx.st.tyche.deck);
    ctx.records.push(s.record(Shown::Moderator));
    let rounds = ctx.sc.params.rounds_for(ctx.st.players.len());
    let players = ctx.st.players.clone();
    for _ in 0..rounds {
        for p in &players {
            if ctx.st.tyche.deck.is_empty() {
                break;
            }
            let c = ctx.st.tyche.deck.remove(0);
            ctx.st.tyche.hands.entry(p.clone()).or_default().push(c);
        }
    }
    let hands = players
        .iter()
        .map(|p| {
            (
                p.clone(),
                ctx.st.tyche.hands.get(p).cloned().unwrap_or_default(),
            )
        })
        .collect();
    ctx.push(Event::Dealt { turn, hands });
}

/// §8: the player with the fewest VP (ties: the lowest die, then player order).
pub fn fewest(ctx: &mut Ctx) -> Option<String> {
    let vps = ctx.st.vps(ctx.sc);
    let least = vps.values().min().copied()?;
    let tied: Vec<String> = ctx
        .st
        .players
        .iter()
        .filter(|p| vps.get(*p) == Some(&least))
        .cloned()
        .collect();
    if tied.len() == 1 {
        return tied.first().cloned();
    }
    let dice = ctx.roll(
        Label::Fewest {
            turn: ctx.st.game_turn,
            round: ctx.st.round,
        },
        6,
        tied.len() as u32,
    );
    let low = dice.iter().min().copied().unwrap_or(1);
    tied.iter()
        .zip(&dice)
        .find(|(_, d)| **d == low)
        .map(|(p, _)| p.clone())
}

/// The cards revealed for nobody at the start of a round (top of the deck), and who
/// resolves them.
pub fn reveal(ctx: &mut Ctx) {
    ctx.st.tyche.revealed.clear();
    ctx.st.tyche.revealed_for = None;
    let n = ctx.sc.params.revealed_for(ctx.st.players.len());
    if n == 0 {
        return;
    }
    let Some(who) = fewest(ctx) else { return };
    for _ in 0..n {
        if ctx.st.tyche.deck.is_empty() {
            break;
        }
        let c = ctx.st.tyche.deck.remove(0);
        ctx.st.tyche.revealed.push(c.clone());
        ctx.push(Event::Revealed {
            card: c,
            player: who.clone(),
        });
    }
    ctx.st.tyche.revealed_for = Some(who);
}

/// §8: why a card without a public text cannot be played for its Event.
pub fn unpublished_why(card: &crate::model::scenario::Card) -> Why {
    Why::new(
        format!(
            "§8: no public text for {} *{}*: its Event is not known, so it cannot be played for it",
            card.id, card.name
        ),
        format!(
            "§8: у {} *{}* нет опубликованного текста: её событие неизвестно, играть её ради события нельзя",
            card.id, card.name_ru
        ),
    )
}

/// The uses a card's kind allows (§8).
pub fn use_allowed(kind: CardKind, how: Use) -> bool {
    matches!(
        (kind, how),
        (CardKind::Event, Use::Event | Use::Ops)
            | (CardKind::Bonus, Use::Event | Use::Ops | Use::Both)
            | (CardKind::Surprise, Use::Event | Use::Discard)
    )
}

/// Whether `space` is within `reach` land steps of a space `player` controls.
pub fn within_reach(sc: &Scenario, st: &State, player: &str, space: &str, reach: u32) -> bool {
    within_steps(sc, space, reach, |s| st.control(s) == Some(player))
}

/// Whether a space within `reach` land steps of `space` (itself included) is `found`.
fn within_steps(sc: &Scenario, space: &str, reach: u32, found: impl Fn(&str) -> bool) -> bool {
    let mut frontier = vec![space.to_string()];
    let mut seen = vec![space.to_string()];
    for _ in 0..=reach {
        if frontier.iter().any(|s| found(s)) {
            return true;
        }
        let mut next = Vec::new();
        for s in &frontier {
            for n in sc.land_neighbours(s) {
                if !seen.iter().any(|x| x == n) {
                    seen.push(n.to_string());
                    next.push(n.to_string());
                }
            }
        }
        frontier = next;
    }
    false
}

/// A player plays a card in the Tyche segment.
pub fn play(ctx: &mut Ctx, player: &str, play: &TychePlay) {
    let hand = ctx.st.tyche.hands.get(player).cloned().unwrap_or_default();
    let Some(pos) = hand.iter().position(|c| *c == play.card) else {
        ctx.void(
            player,
            format!("tyche: {{ play: {} }}", play.card),
            Why::new(
                "§8: the card is not in your hand",
                "§8: этой карты нет у вас в руке",
            ),
        );
        return;
    };
    let Some(card) = ctx.sc.card(&play.card).cloned() else {
        return;
    };
    if !use_allowed(card.kind, play.how) {
        ctx.void(
            player,
            format!("tyche: {{ play: {} }}", play.card),
            Why::new(
                "§8: this kind of card cannot be played that way",
                "§8: карту такого вида нельзя так сыграть",
            ),
        );
        return;
    }
    // §8: a card without a public text has no Event to resolve (`check` refuses it).
    if card.unpublished && matches!(play.how, Use::Event | Use::Both) {
        ctx.void(
            player,
            format!("tyche: {{ play: {} }}", play.card),
            unpublished_why(&card),
        );
        return;
    }
    if let Some(h) = ctx.st.tyche.hands.get_mut(player) {
        h.remove(pos);
    }
    ctx.st.tyche.discard.push(card.id.clone());
    ctx.push(Event::CardPlayed {
        player: player.to_string(),
        card: card.id.clone(),
        how: play.how,
    });
    if play.how == Use::Discard {
        if !ctx.st.tyche.deck.is_empty() {
            let c = ctx.st.tyche.deck.remove(0);
            ctx.st
                .tyche
                .hands
                .entry(player.to_string())
                .or_default()
                .push(c.clone());
            ctx.push(Event::Redrawn {
                player: player.to_string(),
                card: c,
            });
        }
        return;
    }
    if matches!(play.how, Use::Event | Use::Both) {
        event(
            ctx,
            player,
            &card.id,
            play.target.as_deref(),
            play.independent.as_ref(),
        );
    }
    if matches!(play.how, Use::Ops | Use::Both) {
        ops(ctx, player, card.ops, play);
    }
}

/// A card's event: an assault modifier on a named space (§1), or an activation (§7).
pub fn event(
    ctx: &mut Ctx,
    player: &str,
    card: &str,
    target: Option<&str>,
    order: Option<&IndependentOrder>,
) {
    let Some(c) = ctx.sc.card(card).cloned() else {
        return;
    };
    if let Some(v) = c.event.assault {
        assault_modifier(ctx, player, card, v, target);
    }
    if let Some(army) = &c.event.activate {
        let o = order.cloned().unwrap_or(IndependentOrder::Stay);
        independent::activate(ctx, army, card, player, &o);
    }
    if c.event.legitimacy > 0 {
        ctx.change_legitimacy(
            player,
            c.event.legitimacy as i32,
            LegitimacyWhy::Card(card.to_string()),
        );
    }
    fleet_events(ctx, player, card, &c);
    let targeted = c.event.cus > 0 || c.event.diplomacy || c.event.epidemic > 0 || c.event.raid > 0;
    if targeted {
        targeted_event(ctx, player, card, &c, target.unwrap_or_default());
    }
}

/// §1: a card's assault modifier, in force this round on the space it names.
fn assault_modifier(ctx: &mut Ctx, player: &str, card: &str, v: i32, target: Option<&str>) {
    match target {
        Some(t) if ctx.sc.space(t).is_some() => {
            ctx.card_mods
                .entry((player.to_string(), t.to_string()))
                .or_default()
                .push((card.to_string(), v));
            ctx.push(Event::CardModifier {
                player: player.to_string(),
                card: card.to_string(),
                space: t.to_string(),
                value: v,
            });
        }
        _ => ctx.void(
            player,
            format!("{card}: event"),
            Why::new(
                "§1: the card's assault modifier needs the space it acts on (`target:`)",
                "§1: модификатору штурма карты нужна зона, на которую он действует (`target:`)",
            ),
        ),
    }
}

/// §8: the card disperses the other players' fleets, or regroups the player's.
fn fleet_events(ctx: &mut Ctx, player: &str, card: &str, c: &Card) {
    if c.event.disperse > 0 {
        for p in ctx.st.players.clone().iter().filter(|p| *p != player) {
            let f = ctx.st.fleets.get(p).cloned().unwrap_or_default();
            let n = c.event.disperse.min(f.count - f.dispersed.min(f.count));
            if n > 0 {
                if let Some(f) = ctx.st.fleets.get_mut(p) {
                    f.dispersed += n;
                }
                ctx.push(Event::Dispersed {
                    player: p.clone(),
                    fleets: n,
                    card: card.to_string(),
                });
            }
        }
    }
    if c.event.regroup {
        let n = ctx.st.fleets.get(player).map(|f| f.dispersed).unwrap_or(0);
        if n > 0 {
            if let Some(f) = ctx.st.fleets.get_mut(player) {
                f.dispersed = 0;
            }
            ctx.push(Event::Regrouped {
                player: player.to_string(),
                fleets: n,
            });
        }
    }
}

/// §8: the events that act on a space the player names (`target:`): CUs, diplomacy,
/// a raid, an epidemic; void if the space is not one the card may act on.
fn targeted_event(ctx: &mut Ctx, player: &str, card: &str, c: &Card, t: &str) {
    let order = format!("{card}: event");
    if let Some(why) = target_problem(ctx.sc, &ctx.st, player, c, t) {
        ctx.void(player, order, why);
        return;
    }
    if c.event.cus > 0 {
        event_cus(ctx, player, card, c.event.cus, t);
    }
    if c.event.diplomacy {
        let from = ctx.st.control(t).unwrap_or_default().to_string();
        if let Some(s) = ctx.st.space_mut(t) {
            s.control = Some(player.to_string());
        }
        ctx.push(Event::Diplomacy {
            player: player.to_string(),
            space: t.to_string(),
            from,
            card: card.to_string(),
        });
    }
    if c.event.raid > 0 {
        let from = ctx.st.control(t).unwrap_or_default().to_string();
        if let Some(s) = ctx.st.space_mut(t) {
            s.control = None;
        }
        ctx.push(Event::Raided {
            player: player.to_string(),
            space: t.to_string(),
            from,
            card: card.to_string(),
        });
    }
    if c.event.epidemic > 0 {
        if let Some(g) = largest_army_at(&ctx.st, t) {
            let (lost, owner) = match ctx.st.army_mut(&g) {
                Some(a) => (a.lose(c.event.epidemic), a.player.clone()),
                None => (0, String::new()),
            };
            ctx.push(Event::Epidemic {
                player: owner,
                general: g,
                space: t.to_string(),
                lost,
                card: card.to_string(),
            });
        }
    }
}

/// §8: free CUs for the player's army in `space` (up to the §2 limit inside the walls).
fn event_cus(ctx: &mut Ctx, player: &str, card: &str, n: u32, space: &str) {
    let Some(g) = own_army_at(&ctx.st, player, space) else {
        return;
    };
    let n = n.min(room_for(ctx, &g));
    if n == 0 {
        ctx.void(
            player,
            format!("{card}: event"),
            Why::new(
                format!(
                    "§2: never more than {} CUs inside a city",
                    ctx.sc.params.siege.max_inside
                ),
                format!(
                    "§2: в городе не может быть больше {} БЧ",
                    ctx.sc.params.siege.max_inside
                ),
            ),
        );
        return;
    }
    if let Some(a) = ctx.st.army_mut(&g) {
        a.cus += n;
    }
    ctx.push(Event::EventCus {
        player: player.to_string(),
        general: g,
        cus: n,
        card: card.to_string(),
    });
}

/// The largest players' army with CUs in `space` (army order among equals): the one an
/// Epidemic strikes [A].
pub fn largest_army_at(st: &State, space: &str) -> Option<String> {
    st.armies
        .iter()
        .filter(|a| a.at == space && a.cus > 0)
        .fold(None::<&crate::model::state::Army>, |b, a| match b {
            Some(b) if b.cus >= a.cus => Some(b),
            _ => Some(a),
        })
        .map(|a| a.general.clone())
}

/// Whether one of `player`'s armies stands within `reach` land steps of `space`.
fn army_within(sc: &Scenario, st: &State, player: &str, space: &str, reach: u32) -> bool {
    within_steps(sc, space, reach, |s| {
        st.armies.iter().any(|a| a.player == player && a.at == s)
    })
}

/// §8: why the space named (`target:`) cannot take `card`'s event, if it cannot: the
/// one rule `check` (on the position the orders reach) and the resolution both apply.
pub fn target_problem(
    sc: &Scenario,
    st: &State,
    player: &str,
    card: &crate::model::scenario::Card,
    space: &str,
) -> Option<Why> {
    let e = &card.event;
    let id = &card.id;
    let Some(sp) = sc.space(space) else {
        return Some(Why::new(
            format!("§8: {id}'s event acts on a space: name it with `target:`"),
            format!("§8: событие {id} действует на зону: назовите её в `target:`"),
        ));
    };
    let owner = st.control(space);
    let enemy_or_independent = matches!(owner, Some(o) if o != player);
    if e.cus > 0 {
        if own_army_at(st, player, space).is_none() {
            return Some(Why::new(
                format!("§8: {id}'s CUs go to an army of yours, and you have none at {space}"),
                format!("§8: БЧ карты {id} получает ваша армия, а в {space} её нет"),
            ));
        }
        if !e.regions.is_empty() && (!e.regions.contains(&sp.region) || owner != Some(player)) {
            let list = e.regions.join(", ");
            let list_ru = e
                .regions
                .iter()
                .map(|r| sc.region_ru(r))
                .collect::<Vec<_>>()
                .join(", ");
            return Some(Why::new(
                format!("§8: {id}'s CUs come only to a space you control in {list}"),
                format!("§8: БЧ карты {id} приходят только в вашу зону в областях: {list_ru}"),
            ));
        }
    }
    if (e.diplomacy || e.raid > 0) && (sp.kind != Kind::Minor || !enemy_or_independent) {
        return Some(Why::new(
            format!(
                "§8: {id}'s event acts on a minor city under an independent or an enemy control marker; {space} is not one"
            ),
            format!(
                "§8: событие {id} действует на малый город под независимым или вражеским маркером контроля; {space} не такой"
            ),
        ));
    }
    if e.diplomacy {
        let cus_there = st.armies.iter().any(|a| a.at == space && a.cus > 0)
            || !st.independents_at(space).is_empty();
        if cus_there {
            return Some(Why::new(
                format!(
                    "§8: {id}'s diplomacy wins only a city with no CUs in it; {space} has some"
                ),
                format!("§8: дипломатия {id} берёт только город без БЧ; в {space} они есть"),
            ));
        }
    }
    if e.raid > 0 && !army_within(sc, st, player, space, e.raid) {
        let r = e.raid;
        return Some(Why::new(
            format!("§8: {id}'s raid reaches a city within {r} land steps of an army of yours; {space} is farther"),
            format!("§8: набег {id} достигает города не дальше {r} шагов по суше от вашей армии; {space} дальше"),
        ));
    }
    if e.epidemic > 0 && largest_army_at(st, space).is_none() {
        return Some(Why::new(
            format!("§8: {id}'s epidemic strikes an army with CUs; there is none at {space}"),
            format!("§8: эпидемия {id} поражает армию с БЧ; в {space} такой нет"),
        ));
    }
    None
}

/// The army of `player` in `space` that an event's CUs join: the largest in the field,
/// else the one inside (army order among equals).
pub fn own_army_at(st: &State, player: &str, space: &str) -> Option<String> {
    let mine = st
        .armies
        .iter()
        .filter(|a| a.player == player && a.at == space);
    mine.clone()
        .filter(|a| !a.inside)
        .fold(None::<&crate::model::state::Army>, |b, a| match b {
            Some(b) if b.cus >= a.cus => Some(b),
            _ => Some(a),
        })
        .or_else(|| mine.clone().next())
        .map(|a| a.general.clone())
}

/// How many CUs an army may still take: unbounded in the field, up to the §2 limit
/// inside the walls.
fn room_for(ctx: &Ctx, general: &str) -> u32 {
    match ctx.st.army(general) {
        Some(a) if a.inside => ctx
            .sc
            .params
            .siege
            .max_inside
            .saturating_sub(ctx.st.cus_inside(&a.at)),
        Some(_) => u32::MAX,
        None => 0,
    }
}

/// §8: where a new general may be placed: a major city or fortress the player controls
/// with no enemy army in it [A].
pub fn general_place_ok(sc: &Scenario, st: &State, player: &str, space: &str) -> bool {
    st.control(space) == Some(player)
        && sc
            .space(space)
            .is_some_and(|s| matches!(s.kind, Kind::Major | Kind::Fortress))
        && !st
            .armies
            .iter()
            .any(|a| a.at == space && a.player != player)
        && st.independents_at(space).is_empty()
}

/// §8: why a reserve general may not be bought, if he may not.
pub fn general_unavailable(sc: &Scenario, st: &State, general: &str) -> Option<Why> {
    match sc.general(general) {
        None => Some(Why::new(
            format!("{general} is no general of the scenario"),
            format!("{general} — не генерал сценария"),
        )),
        Some(g) if !g.reserve => Some(Why::new(
            format!("{general} is not a reserve general: only reserve generals are bought"),
            format!(
                "{} — не резервный генерал: покупают только резервных",
                sc.general_ru(general, Case::Nom)
            ),
        )),
        Some(_) if st.bought.iter().any(|b| b == general) || st.army(general).is_some() => {
            Some(Why::new(
                format!("{general} was already bought"),
                format!("{} уже куплен", sc.general_ru(general, Case::Nom)),
            ))
        }
        Some(_) => None,
    }
}

fn ops(ctx: &mut Ctx, player: &str, budget: u32, play: &TychePlay) {
    let tp = ctx.sc.params.tyche.clone();
    let mut left = budget;
    ops_markers(ctx, player, play, &tp, &mut left);
    ops_cus(ctx, player, play, &tp, &mut left);
    ops_fleet(ctx, player, play, &tp, &mut left);
    ops_general(ctx, player, play, &tp, &mut left);
    if let Some((g, steps)) = &play.ops.march {
        if ctx.st.army(g).is_none_or(|a| a.player != player) {
            ctx.void(
                player,
                format!("march: {{ {g}: … }}"),
                Why::new(
                    "you have no army of that general",
                    "у вас нет армии этого генерала",
                ),
            );
        } else {
            // §8: force-march: MPs = the OPs left; §4: up to two attempts on the way.
            movement::run_steps(ctx, g, steps, left, Segment::Tyche);
        }
    }
}

/// §8: control markers placed with OPs, each on a space without one, within reach of one
/// of the player's.
fn ops_markers(ctx: &mut Ctx, player: &str, play: &TychePlay, tp: &TycheParams, left: &mut u32) {
    for m in &play.ops.markers {
        let order = format!("markers: {m}");
        if tp.marker_cost > *left {
            ctx.void(
                player,
                order,
                Why::new(
                    format!("§8: a marker costs {} OP; {left} left", tp.marker_cost),
                    format!("§8: маркер стоит {} ОП; осталось {left}", tp.marker_cost),
                ),
            );
            continue;
        }
        if ctx.st.control(m).is_some() {
            ctx.void(
                player,
                order,
                Why::new(
                    "§8: OPs place a marker only on a space without one",
                    "§8: за ОП маркер ставится только в зону без маркера",
                ),
            );
            continue;
        }
        if !within_reach(ctx.sc, &ctx.st, player, m, tp.marker_reach) {
            ctx.void(
                player,
                order,
                Why::new(
                    format!(
                        "§8: a marker goes within {} MPs of one of your markers",
                        tp.marker_reach
                    ),
                    format!(
                        "§8: маркер ставится не дальше {} ОД от одного из ваших маркеров",
                        tp.marker_reach
                    ),
                ),
            );
            continue;
        }
        *left -= tp.marker_cost;
        if let Some(s) = ctx.st.space_mut(m) {
            s.control = Some(player.to_string());
        }
        ctx.push(Event::MarkerPlaced {
            space: m.clone(),
            player: player.to_string(),
            segment: Segment::Tyche,
        });
    }
}

/// §8: CUs bought with OPs.
fn ops_cus(ctx: &mut Ctx, player: &str, play: &TychePlay, tp: &TycheParams, left: &mut u32) {
    // §8: a CU bought for an army — a mercenary (`train:`) or a Loyal Macedonian
    // (`macedonians:`) — at its price, for an army of one's own, with room for it.
    for (list, macedonian) in [(&play.ops.train, false), (&play.ops.macedonians, true)] {
        let (key, cost, en, ru) = if macedonian {
            (
                "macedonians",
                tp.macedonian_cost,
                "a Loyal Macedonian CU",
                "БЧ верных македонян",
            )
        } else {
            ("train", tp.mercenary_cost, "a mercenary CU", "БЧ наёмников")
        };
        for g in list {
            let order = format!("{key}: {g}");
            if cost > *left {
                ctx.void(
                    player,
                    order,
                    Why::new(
                        format!("§8: {en} costs {cost} OPs; {left} left"),
                        format!("§8: {ru} стоит {cost} ОП; осталось {left}"),
                    ),
                );
                continue;
            }
            if ctx.st.army(g).is_none_or(|a| a.player != player) {
                ctx.void(
                    player,
                    order,
                    Why::new(
                        "you have no army of that general",
                        "у вас нет армии этого генерала",
                    ),
                );
                continue;
            }
            // Room is short only inside a city (`room_for`).
            if room_for(ctx, g) == 0 {
                ctx.void(
                    player,
                    order,
                    Why::new(
                        format!(
                            "§2: never more than {} CUs inside a city",
                            ctx.sc.params.siege.max_inside
                        ),
                        format!(
                            "§2: в городе не может быть больше {} БЧ",
                            ctx.sc.params.siege.max_inside
                        ),
                    ),
                );
                continue;
            }
            *left -= cost;
            if let Some(x) = ctx.st.army_mut(g) {
                x.cus += 1;
                if macedonian {
                    x.macedonians += 1;
                }
            }
            let (player, general) = (player.to_string(), g.clone());
            ctx.push(if macedonian {
                Event::TrainedMacedonian { player, general }
            } else {
                Event::Trained { player, general }
            });
        }
    }
}

/// §8: a fleet upgrade bought with OPs, up to the scenario's most fleets [A].
fn ops_fleet(ctx: &mut Ctx, player: &str, play: &TychePlay, tp: &TycheParams, left: &mut u32) {
    if !play.ops.fleet {
        return;
    }
    let order = "fleet: yes".to_string();
    let have = ctx.st.fleets.get(player).map(|f| f.count).unwrap_or(0);
    let max = ctx.sc.params.fleets.max;
    if tp.fleet_cost > *left {
        ctx.void(
            player,
            order,
            Why::new(
                format!(
                    "§8: a fleet upgrade costs {} OPs; {left} left",
                    tp.fleet_cost
                ),
                format!(
                    "§8: усиление флота стоит {} ОП; осталось {left}",
                    tp.fleet_cost
                ),
            ),
        );
    } else if have >= max {
        ctx.void(
            player,
            order,
            Why::new(
                format!("§8: at most {max} fleets [A]"),
                format!("§8: не больше {max} флотов [A]"),
            ),
        );
    } else {
        *left -= tp.fleet_cost;
        let f = ctx.st.fleets.entry(player.to_string()).or_default();
        f.count += 1;
        let count = f.count;
        ctx.push(Event::FleetBought {
            player: player.to_string(),
            count,
        });
    }
}

/// §8: a new (reserve) general bought with OPs, into a major city or fortress of the
/// player's.
fn ops_general(ctx: &mut Ctx, player: &str, play: &TychePlay, tp: &TycheParams, left: &mut u32) {
    let Some((g, at)) = &play.ops.general else {
        return;
    };
    let order = format!("general: {{ {g}: {at} }}");
    if tp.general_cost > *left {
        ctx.void(
            player,
            order,
            Why::new(
                format!(
                    "§8: a new general costs {} OPs; {left} left",
                    tp.general_cost
                ),
                format!(
                    "§8: новый генерал стоит {} ОП; осталось {left}",
                    tp.general_cost
                ),
            ),
        );
    } else if let Some(why) = general_unavailable(ctx.sc, &ctx.st, g) {
        ctx.void(
            player,
            order,
            Why::new(format!("§8: {}", why.en), format!("§8: {}", why.ru)),
        );
    } else if !general_place_ok(ctx.sc, &ctx.st, player, at) {
        ctx.void(player, order, Why::new("§8: a new general comes into a major city or fortress of yours with no enemy in it [A]", "§8: новый генерал прибывает в ваш крупный город или крепость без врагов [A]"));
    } else {
        *left -= tp.general_cost;
        ctx.st.bought.push(g.clone());
        ctx.st.armies.push(crate::model::state::Army {
            general: g.clone(),
            player: player.to_string(),
            at: at.clone(),
            cus: tp.general_cus,
            macedonians: 0,
            inside: false,
        });
        ctx.push(Event::GeneralBought {
            player: player.to_string(),
            general: g.clone(),
            space: at.clone(),
            cus: tp.general_cus,
        });
    }
}
