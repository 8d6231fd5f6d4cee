//! The report's account of a step: one Markdown bullet per event, one function per event
//! variant, each citing the rule that acted, in English and Russian side by side.

use super::words::{self as w, card, cus, player, points, who};
use crate::model::events::{Event, LegitimacyWhy, PowerKind, ResetWhy, Segment, Victory, Who};
use crate::model::params::AssaultResult;
use crate::model::scenario::{Case, Scenario};
use crate::model::state::INDEPENDENT;
use dikast_core::lang::Lang;
use std::fmt::Write;

/// Whether `side` (None: the moderator) may read an event.
pub fn shown(e: &Event, side: Option<&str>) -> bool {
    match e {
        Event::Dealt { .. } => true,
        Event::Redrawn { player, .. } => side.is_none_or(|s| s == player),
        _ => true,
    }
}

pub fn narrate(sc: &Scenario, events: &[Event], side: Option<&str>, lang: Lang) -> String {
    let mut out = String::new();
    for e in events.iter().filter(|e| shown(e, side)) {
        let line = capitalised(&line(sc, e, side, lang));
        let _ = writeln!(out, "- {line}");
    }
    if events.is_empty() {
        let _ = writeln!(
            out,
            "- {}",
            lang.pick("Nothing happened.", "Ничего не произошло.")
        );
    }
    out
}

/// A control marker placed, under the segment it was placed in (like the other lines
/// of a segment).
fn marker_placed(who: &str, space: &str, segment: Segment, l: Lang) -> String {
    let seg = capitalised(w::segment(segment, l));
    l.pick(
        format!("{seg}: {who} places a control marker in {space}."),
        format!("{seg}: {who} ставит маркер контроля в {space}."),
    )
}

/// A sentence begins with a capital letter.
fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// One event in words: `line` sends each event to the function of its family, and each
/// family matches its events to their words.
fn line(sc: &Scenario, e: &Event, side: Option<&str>, l: Lang) -> String {
    match e {
        Event::Dealt { .. }
        | Event::Usurper { .. }
        | Event::RoundBegins { .. }
        | Event::Revealed { .. }
        | Event::MarkerRemoved { .. }
        | Event::MarkerPlaced { .. }
        | Event::CardPlayed { .. }
        | Event::Redrawn { .. }
        | Event::CardModifier { .. } => round_line(sc, e, side, l),
        Event::Assault { .. }
        | Event::Captured { .. }
        | Event::FellInside { .. }
        | Event::SiegeReset { .. }
        | Event::Sally { .. } => siege_line(sc, e, l),
        Event::Moved { .. }
        | Event::WentInside { .. }
        | Event::Sortie { .. }
        | Event::Interception { .. }
        | Event::Intercepts { .. }
        | Event::Avoid { .. }
        | Event::LoneGeneral { .. }
        | Event::Battle { .. }
        | Event::Retreat { .. } => movement_line(sc, e, l),
        Event::Activated { .. }
        | Event::IndependentMarker { .. }
        | Event::MarkerSwept { .. }
        | Event::LeftPlay { .. }
        | Event::Destroyed { .. } => independent_line(sc, e, l),
        Event::Void { .. }
        | Event::Foraged { .. }
        | Event::Isolated { .. }
        | Event::Reinforced { .. }
        | Event::TurnEnds { .. }
        | Event::Won { .. }
        | Event::Legitimacy { .. }
        | Event::Regency { .. }
        | Event::Power { .. } => turn_line(sc, e, l),
        Event::Trained { .. }
        | Event::TrainedMacedonian { .. }
        | Event::FleetBought { .. }
        | Event::GeneralBought { .. } => ops_line(sc, e, l),
        Event::Dispersed { .. } | Event::Regrouped { .. } => card_fleets_line(sc, e, l),
        Event::EventCus { .. }
        | Event::Diplomacy { .. }
        | Event::Raided { .. }
        | Event::Epidemic { .. } => card_target_line(sc, e, l),
    }
}

/// The preparations, the round's start and the Tyche segment's cards.
fn round_line(sc: &Scenario, e: &Event, side: Option<&str>, l: Lang) -> String {
    let p = |id: &str| player(sc, id, l);
    // Russian: a player declined inside the sentence.
    let pc = |id: &str, c: Case| w::player_in(sc, id, l, c);
    match e {
        Event::Dealt { turn, hands } => dealt(sc, *turn, hands, side, l),
        Event::Usurper { player: x, vp } => l.pick(
            format!(
                "Preparations: {} has the most VP ({vp}) and is the Usurper.",
                p(x)
            ),
            format!(
                "Подготовка: больше всего ПО ({vp}) у {}, он — узурпатор.",
                pc(x, Case::Gen)
            ),
        ),
        Event::RoundBegins { turn, round } => l.pick(
            format!("Game turn {}, round {round} begins.", w::roman(*turn)),
            format!(
                "Начинается раунд {round} игрового хода {}.",
                w::roman(*turn)
            ),
        ),
        Event::Revealed { card: c, player: x } => l.pick(
            format!(
                "§8: {} is revealed for nobody; {} (fewest VP) resolves it.",
                card(sc, c, l),
                p(x)
            ),
            format!(
                "§8: {} открыта как ничья; её разыгрывает {} (меньше всего ПО).",
                card(sc, c, l),
                p(x)
            ),
        ),
        Event::MarkerRemoved { space, was, by } => l.pick(
            format!(
                "Surrender segment: {}'s control marker in {space} is removed by {}.",
                p(was),
                p(by)
            ),
            format!(
                "Сегмент сдачи: {} снимает маркер контроля {} в {space}.",
                p(by),
                pc(was, Case::Gen)
            ),
        ),
        Event::MarkerPlaced {
            space,
            player: x,
            segment,
        } => marker_placed(&p(x), space, *segment, l),
        Event::CardPlayed {
            player: x,
            card: c,
            how,
        } => l.pick(
            format!(
                "Tyche segment: {} plays {} {}.",
                p(x),
                card(sc, c, l),
                w::how(*how, l)
            ),
            format!(
                "Сегмент Тихе: {} играет {} {}.",
                p(x),
                card(sc, c, l),
                w::how(*how, l)
            ),
        ),
        Event::Redrawn { player: x, card: c } => l.pick(
            format!("{} draws {}.", p(x), card(sc, c, l)),
            format!("{} берёт {}.", p(x), card(sc, c, l)),
        ),
        Event::CardModifier {
            player: x,
            card: c,
            space,
            value,
        } => l.pick(
            format!(
                "§1: {} gives {value:+} to {}'s assault rolls against {space} this round.",
                card(sc, c, l),
                p(x)
            ),
            format!(
                "§1: {} даёт {value:+} к броскам {} на штурм {space} в этом раунде.",
                card(sc, c, l),
                pc(x, Case::Gen)
            ),
        ),
        // `line` sends every other event to its own family.
        _ => String::new(),
    }
}

/// Sieges: assaults and subjugations, captures, resets and sallies (§1-§6).
fn siege_line(sc: &Scenario, e: &Event, l: Lang) -> String {
    // Russian: a general declined inside the sentence.
    let g = |id: &str, c: Case| sc.general_ru(id, c);
    match e {
        Event::Assault {
            who: a,
            space,
            segment,
            subjugation,
            roll,
            modifiers,
            result,
            points: pts,
            needed,
            ..
        } => assault(
            sc,
            a,
            space,
            *segment,
            *subjugation,
            *roll,
            modifiers,
            *result,
            *pts,
            *needed,
            l,
        ),
        Event::Captured {
            space,
            player: x,
            from,
            subjugation,
        } => captured(sc, space, x, from.as_deref(), *subjugation, l),
        Event::FellInside {
            general,
            space,
            cus: n,
        } => l.pick(
            format!(
                "{general} and {} inside {space} fall with the city and are removed from play [A].",
                cus(*n, l)
            ),
            format!(
                "{} и {} внутри {space} гибнут вместе с городом и выходят из игры [A].",
                g(general, Case::Nom),
                cus(*n, l)
            ),
        ),
        Event::SiegeReset {
            space,
            points: n,
            why,
        } => reset(space, *n, *why, l),
        Event::Sally {
            player: x,
            general,
            space,
            roll,
            result,
            points: n,
        } => sally(sc, x, general, space, *roll, *result, *n, l),
        // `line` sends every other event to its own family.
        _ => String::new(),
    }
}

/// Armies moving, going inside, intercepting, avoiding, fighting and retreating.
fn movement_line(sc: &Scenario, e: &Event, l: Lang) -> String {
    let p = |id: &str| player(sc, id, l);
    // Russian: a general declined inside the sentence.
    let g = |id: &str, c: Case| sc.general_ru(id, c);
    match e {
        Event::Moved { who: a, from, to, sea } => {
            let by = if *sea { l.pick(" by sea", " морем") } else { "" };
            l.pick(
                format!("{} moves{by} from {from} to {to}.", who(sc, a, l)),
                format!("{} перемещается{by} из {from} в {to}.", who(sc, a, l)),
            )
        }
        Event::WentInside { general, space } => l.pick(
            format!("§2: {general}'s army goes inside the walls of {space}."),
            format!("§2: армия {} уходит за стены {space}.", g(general, Case::Gen)),
        ),
        Event::Sortie { general, space } => l.pick(
            format!("§2: {general}'s army comes out of the walls of {space} to give battle."),
            format!("§2: армия {} выходит из-за стен {space} и даёт бой.", g(general, Case::Gen)),
        ),
        Event::Interception { general, space, by, roll, stopped } => l.pick(
            format!(
                "§2: {} tries to intercept {general}'s sea move at {space}: die {roll}, {}.",
                p(by),
                if *stopped { "intercepted, the move ends" } else { "it gets through" }
            ),
            format!(
                "§2: {} пытается перехватить морское перемещение {} у {space}: кубик {roll}, {}.",
                p(by),
                g(general, Case::Gen),
                if *stopped { "перехвачено, перемещение окончено" } else { "оно удаётся" }
            ),
        ),
        Event::Intercepts { general, from, space, target, roll, ok } => l.pick(
            format!(
                "§7: {general}'s army at {from} tries to intercept {} entering {space}: die {roll}, {}.",
                who(sc, target, l),
                if *ok { "it moves in and attacks" } else { "it fails" }
            ),
            format!(
                "§7: армия {} из {from} пытается перехватить {}, входящую в {space}: кубик {roll}, {}.",
                g(general, Case::Gen),
                w::who_in(sc, target, l, Case::Acc),
                if *ok { "она входит и атакует" } else { "неудача" }
            ),
        ),
        Event::Avoid { general, space, roll, to } => match to {
            Some(t) => l.pick(
                format!("§7: {general}'s army avoids battle in {space} (die {roll}) and withdraws to {t}."),
                format!("§7: армия {} уклоняется от боя в {space} (кубик {roll}) и отходит в {t}.", g(general, Case::Gen)),
            ),
            None => l.pick(
                format!("§7: {general}'s army fails to avoid battle in {space} (die {roll})."),
                format!("§7: армии {} не удаётся уклониться от боя в {space} (кубик {roll}).", g(general, Case::Gen)),
            ),
        },
        Event::LoneGeneral { general, space, to } => match to {
            Some(t) => l.pick(
                format!("{general}, alone in {space}, gives way to {t} [A]."),
                format!("{}, один в {space}, отходит в {t} [A].", g(general, Case::Nom)),
            ),
            None => l.pick(
                format!("{general}, alone in {space} with nowhere to go, is removed from play [A]."),
                format!("{}, один в {space} и без пути отхода, выходит из игры [A].", g(general, Case::Nom)),
            ),
        },
        Event::Battle { space, attacker, defenders, attack, defence, attacker_won, attacker_lost, defender_lost } => {
            battle(sc, space, attacker, defenders, *attack, *defence, *attacker_won, *attacker_lost, *defender_lost, l)
        }
        Event::Retreat { who: a, from, to } => match to {
            Some(t) => l.pick(
                format!("{} retreats from {from} to {t}.", who(sc, a, l)),
                format!("{} отступает из {from} в {t}.", who(sc, a, l)),
            ),
            None => l.pick(
                format!("{} has nowhere to retreat from {from} and is removed from play [A].", who(sc, a, l)),
                format!("{}: отступать из {from} некуда, выходит из игры [A].", who(sc, a, l)),
            ),
        },
        // `line` sends every other event to its own family.
        _ => String::new(),
    }
}

/// The independent armies (§7).
fn independent_line(sc: &Scenario, e: &Event, l: Lang) -> String {
    let p = |id: &str| player(sc, id, l);
    // Russian: a player declined inside the sentence.
    let pc = |id: &str, c: Case| w::player_in(sc, id, l, c);
    match e {
        Event::Activated {
            army,
            card: c,
            player: x,
        } => l.pick(
            format!(
                "§7: {} activates {}; {} writes its orders.",
                card(sc, c, l),
                w::army(sc, army, l),
                p(x)
            ),
            format!(
                "§7: {} активирует: {}; приказы ей отдаёт {}.",
                card(sc, c, l),
                w::army(sc, army, l),
                p(x)
            ),
        ),
        Event::IndependentMarker { army, space } => l.pick(
            format!(
                "§7: {} does not move and places an independent control marker in {space}.",
                w::army(sc, army, l)
            ),
            format!(
                "§7: {} не перемещается и ставит независимый маркер контроля в {space}.",
                w::army(sc, army, l)
            ),
        ),
        Event::MarkerSwept { army, space, was } => l.pick(
            format!(
                "§7: {} ends its move in {space} and removes {}'s control marker.",
                w::army(sc, army, l),
                p(was)
            ),
            format!(
                "§7: {} заканчивает перемещение в {space} и снимает маркер контроля {}.",
                w::army(sc, army, l),
                pc(was, Case::Gen)
            ),
        ),
        Event::LeftPlay { army, space } => {
            let region = sc
                .space(space)
                .map(|s| s.region.clone())
                .unwrap_or_default();
            l.pick(
                format!(
                    "§7: {} reaches {region} at {space} and leaves play.",
                    w::army(sc, army, l)
                ),
                format!(
                    "§7: {} доходит до региона {} в {space} и уходит из игры.",
                    w::army(sc, army, l),
                    sc.region_ru(&region)
                ),
            )
        }
        Event::Destroyed { army, space } => l.pick(
            format!(
                "{} loses its last CU in {space} and leaves play.",
                w::army(sc, army, l)
            ),
            format!(
                "{} теряет последнюю БЧ в {space} и уходит из игры.",
                w::army(sc, army, l)
            ),
        ),
        // `line` sends every other event to its own family.
        _ => String::new(),
    }
}

/// Voided orders, the end of a round and of a game turn, Legitimacy, Regency and powers.
fn turn_line(sc: &Scenario, e: &Event, l: Lang) -> String {
    let p = |id: &str| player(sc, id, l);
    // Russian: a player declined inside the sentence.
    let pc = |id: &str, c: Case| w::player_in(sc, id, l, c);
    // Russian: a general declined inside the sentence.
    let g = |id: &str, c: Case| sc.general_ru(id, c);
    match e {
        Event::Void { player: x, order, why } => l.pick(
            format!("{}: `{order}` is not carried out: {}.", p(x), why.en),
            format!("{}: `{order}` не выполнен: {}.", p(x), why.ru),
        ),
        Event::Foraged { general, space } => l.pick(
            format!("Foraging segment: {general}'s army is too large for {space} and loses 1 CU [A]."),
            format!("Сегмент фуражировки: армия {} слишком велика для {space} и теряет 1 БЧ [A].", g(general, Case::Gen)),
        ),
        Event::Isolated { general, space, lost } => {
            // The loss is the scenario's (`params.isolation_loss`): "a CU" when one.
            let n = if *lost == 1 { l.pick("a CU".into(), "БЧ".into()) } else { cus(*lost, l) };
            l.pick(
                format!("Isolation: {general}'s army in {space} is cut off and loses {n} [A]."),
                format!("Изоляция: армия {} в {space} отрезана и теряет {n} [A].", g(general, Case::Gen)),
            )
        }
        Event::Reinforced { player: x, general, cus: n } => l.pick(
            format!("Reinforcements: {} receives {} with {general}.", p(x), cus(*n, l)),
            format!("Подкрепления: {} получает {} в армию {}.", p(x), cus(*n, l), g(general, Case::Gen)),
        ),
        Event::TurnEnds { turn, vp } => {
            let list: Vec<String> = vp.iter().map(|(x, v)| format!("{} {v}", p(x))).collect();
            l.pick(
                format!("End of game turn {}: VP {}.", w::roman(*turn), list.join(", ")),
                format!("Конец игрового хода {}: ПО {}.", w::roman(*turn), list.join(", ")),
            )
        }
        Event::Won { player: x, vp, by } => won(sc, x, *vp, *by, l),
        Event::Legitimacy { player: x, change, total, why } => legitimacy(sc, x, *change, *total, why, l),
        Event::Regency { from, to } => match from {
            Some(f) => l.pick(
                format!("§8: {} holds more royal seats than the Regent {}: the Regency passes to {} [A].", p(to), p(f), p(to)),
                format!("§8: у {} больше царских резиденций, чем у регента {}: регентство переходит к {} [A].", pc(to, Case::Gen), pc(f, Case::Gen), pc(to, Case::Dat)),
            ),
            None => l.pick(
                format!("§8: the Regency passes to {} [A].", p(to)),
                format!("§8: регентство переходит к {} [A].", pc(to, Case::Dat)),
            ),
        },
        Event::Power { general, kind, value } => power(sc, general, *kind, *value, l),
        // `line` sends every other event to its own family.
        _ => String::new(),
    }
}

/// What a Tyche card's OPs buy (§8).
fn ops_line(sc: &Scenario, e: &Event, l: Lang) -> String {
    let p = |id: &str| player(sc, id, l);
    // Russian: a general declined inside the sentence.
    let g = |id: &str, c: Case| sc.general_ru(id, c);
    match e {
        Event::Trained { player: x, general } => l.pick(
            format!("§8: {} trains a mercenary CU for {general}.", p(x)),
            format!(
                "§8: {} нанимает наёмную БЧ в армию {}.",
                p(x),
                g(general, Case::Gen)
            ),
        ),
        Event::TrainedMacedonian { player: x, general } => l.pick(
            format!(
                "§8: {} trains a Loyal Macedonian CU for {general}'s army.",
                p(x)
            ),
            format!(
                "§8: {} обучает БЧ верных македонян в армию {}.",
                p(x),
                g(general, Case::Gen)
            ),
        ),
        Event::FleetBought { player: x, count } => l.pick(
            format!(
                "§8: {} buys a fleet upgrade: {} now.",
                p(x),
                w::fleets(*count, l)
            ),
            format!(
                "§8: {} покупает усиление флота: теперь {}.",
                p(x),
                w::fleets(*count, l)
            ),
        ),
        Event::GeneralBought {
            player: x,
            general,
            space,
            cus: n,
        } => l.pick(
            format!(
                "§8: {} buys a new general: {general} comes into {space} with {}.",
                p(x),
                cus(*n, l)
            ),
            format!(
                "§8: {} покупает нового генерала: {} прибывает в {space} с {}.",
                p(x),
                g(general, Case::Nom),
                cus(*n, l)
            ),
        ),
        // `line` sends every other event to its own family.
        _ => String::new(),
    }
}

/// What a Tyche card's event does to fleets (§8).
fn card_fleets_line(sc: &Scenario, e: &Event, l: Lang) -> String {
    let p = |id: &str| player(sc, id, l);
    // Russian: a player declined inside the sentence.
    let pc = |id: &str, c: Case| w::player_in(sc, id, l, c);
    match e {
        Event::Dispersed {
            player: x,
            fleets: n,
            card: c,
        } => l.pick(
            format!(
                "§8: {} disperses {} of {} [A].",
                card(sc, c, l),
                w::fleets(*n, l),
                p(x)
            ),
            format!(
                "§8: {} рассеивает {} {} [A].",
                card(sc, c, l),
                w::fleets(*n, l),
                pc(x, Case::Gen)
            ),
        ),
        Event::Regrouped {
            player: x,
            fleets: n,
        } => l.pick(
            format!(
                "§8: {} of {} {} [A].",
                w::fleets(*n, l),
                p(x),
                if *n == 1 { "regroups" } else { "regroup" }
            ),
            format!(
                "§8: {} {} снова {} [A].",
                w::fleets(*n, l),
                pc(x, Case::Gen),
                if *n == 1 {
                    "собран"
                } else {
                    "собраны"
                }
            ),
        ),
        // `line` sends every other event to its own family.
        _ => String::new(),
    }
}

/// What a Tyche card's event does to the space it names (`target:`) (§8).
fn card_target_line(sc: &Scenario, e: &Event, l: Lang) -> String {
    let p = |id: &str| player(sc, id, l);
    // Russian: a player declined inside the sentence.
    let pc = |id: &str, c: Case| w::player_in(sc, id, l, c);
    // Russian: a general declined inside the sentence.
    let g = |id: &str, c: Case| sc.general_ru(id, c);
    match e {
        Event::EventCus {
            player: x,
            general,
            cus: n,
            card: c,
        } => {
            let m = mark(sc, c);
            l.pick(
                format!(
                    "§8: {} gives {} {} for {general}'s army {m}.",
                    card(sc, c, l),
                    p(x),
                    cus(*n, l)
                ),
                format!(
                    "§8: {} даёт {} {} в армию {} {m}.",
                    card(sc, c, l),
                    pc(x, Case::Dat),
                    cus(*n, l),
                    g(general, Case::Gen)
                ),
            )
        }
        Event::Diplomacy {
            player: x,
            space,
            from,
            card: c,
        } => l.pick(
            format!(
                "§8: {}: {space} leaves {} and comes under {}'s control [P].",
                card(sc, c, l),
                control_of(sc, from, l),
                p(x)
            ),
            format!(
                "§8: {}: {space} выходит из-под {} и переходит под контроль {} [P].",
                card(sc, c, l),
                control_of(sc, from, l),
                pc(x, Case::Gen)
            ),
        ),
        Event::Raided {
            player: x,
            space,
            from,
            card: c,
        } => l.pick(
            format!(
                "§8: {}: {} raids {space} and removes {} [P].",
                card(sc, c, l),
                p(x),
                marker_of(sc, from, l)
            ),
            format!(
                "§8: {}: {} совершает набег на {space} и снимает {} [P].",
                card(sc, c, l),
                p(x),
                marker_of(sc, from, l)
            ),
        ),
        Event::Epidemic {
            player: x,
            general,
            space,
            lost,
            card: c,
        } => l.pick(
            format!(
                "§8: {}: an epidemic strikes {general}'s army ({}) in {space}: it loses {} [A].",
                card(sc, c, l),
                p(x),
                cus(*lost, l)
            ),
            format!(
                "§8: {}: эпидемия поражает армию {} ({}) в {space}: она теряет {} [A].",
                card(sc, c, l),
                g(general, Case::Gen),
                p(x),
                cus(*lost, l)
            ),
        ),
        // `line` sends every other event to its own family.
        _ => String::new(),
    }
}

/// A card event's mark: [A] when the scenario assumes the event, else [P].
fn mark(sc: &Scenario, card: &str) -> &'static str {
    match sc.card(card) {
        Some(c) if c.assumed.iter().any(|a| a == "event") => "[A]",
        _ => "[P]",
    }
}

/// Whose control a space leaves: a player's, or the independents'.
fn control_of(sc: &Scenario, owner: &str, l: Lang) -> String {
    if owner == INDEPENDENT {
        return l
            .pick("independent control", "независимого контроля")
            .to_string();
    }
    l.pick(
        format!("{}'s control", player(sc, owner, l)),
        format!("контроля {}", w::player_in(sc, owner, l, Case::Gen)),
    )
}

/// A control marker by its owner: a player's, or an independent one.
fn marker_of(sc: &Scenario, owner: &str, l: Lang) -> String {
    if owner == INDEPENDENT {
        return l
            .pick(
                "the independent control marker",
                "независимый маркер контроля",
            )
            .to_string();
    }
    l.pick(
        format!("{}'s control marker", player(sc, owner, l)),
        format!("маркер контроля {}", w::player_in(sc, owner, l, Case::Gen)),
    )
}

fn won(sc: &Scenario, x: &str, vp: u32, by: Victory, l: Lang) -> String {
    let p = player(sc, x, l);
    match by {
        Victory::Points => l.pick(
            format!("{p} wins with {vp} VP (the victory threshold [A])."),
            format!("{p} побеждает, набрав {vp} ПО (порог победы [A])."),
        ),
        Victory::LastTurn => l.pick(
            format!("{p} wins with {vp} VP (the most VP after the last game turn)."),
            format!("{p} побеждает, набрав {vp} ПО (больше всего ПО после последнего игрового хода)."),
        ),
        Victory::Legitimacy => {
            let t = sc.params.victory.legitimacy;
            l.pick(
                format!("{p} wins by Legitimacy (at least {t}, the threshold [A]); VP {vp}."),
                format!("{p} побеждает по легитимности (не меньше {t}, порог [A]); ПО {vp}."),
            )
        }
        Victory::Regency => l.pick(
            format!("{p} wins by Regency: the Regent holds every royal seat [A]; VP {vp}."),
            format!("{p} побеждает регентством: регент владеет всеми царскими резиденциями [A]; ПО {vp}."),
        ),
    }
}

fn legitimacy(
    sc: &Scenario,
    x: &str,
    change: i32,
    total: u32,
    why: &LegitimacyWhy,
    l: Lang,
) -> String {
    let p = player(sc, x, l);
    let (en, ru) = match why {
        LegitimacyWhy::Card(c) => (card(sc, c, Lang::En), card(sc, c, Lang::Ru)),
        LegitimacyWhy::Regent => ("the Regency".to_string(), "регентство".to_string()),
        LegitimacyWhy::Power(g) => (
            format!("{g}'s special power"),
            format!("особая способность {}", sc.general_ru(g, Case::Gen)),
        ),
        LegitimacyWhy::Usurper => (
            "the Usurper's loss".to_string(),
            "потеря узурпатора".to_string(),
        ),
    };
    let gen = w::player_in(sc, x, Lang::Ru, Case::Gen);
    l.pick(
        format!("§8: Legitimacy of {p} {change:+} ({en}) [A]: {total}."),
        format!("§8: легитимность {gen} {change:+} ({ru}) [A]; теперь {total}."),
    )
}

fn power(sc: &Scenario, general: &str, kind: PowerKind, value: i32, l: Lang) -> String {
    let g = sc.general_ru(general, Case::Gen);
    match kind {
        PowerKind::Attack => l.pick(
            format!("§8: {general}'s special power: {value:+} to his attack [A]."),
            format!("§8: особая способность {g}: {value:+} к его атаке [A]."),
        ),
        PowerKind::Defence => l.pick(
            format!("§8: {general}'s special power: {value:+} to his defence [A]."),
            format!("§8: особая способность {g}: {value:+} к его обороне [A]."),
        ),
        PowerKind::Avoid => l.pick(
            format!("§8: {general}'s special power: {value:+} to the avoid-battle number [A]."),
            format!("§8: особая способность {g}: {value:+} к числу уклонения от боя [A]."),
        ),
        PowerKind::Intercept => l.pick(
            format!("§8: {general}'s special power: {value:+} to the interception number [A]."),
            format!("§8: особая способность {g}: {value:+} к числу перехвата [A]."),
        ),
        PowerKind::Macedonians => l.pick(
            format!("§8: the Loyal Macedonians of {general}'s army: {value:+} to its total [A]."),
            format!("§8: верные македоняне армии {g}: {value:+} к её итогу [A]."),
        ),
    }
}

fn dealt(
    sc: &Scenario,
    turn: u32,
    hands: &[(String, Vec<String>)],
    side: Option<&str>,
    l: Lang,
) -> String {
    let mut parts = Vec::new();
    for (x, h) in hands {
        if side.is_none_or(|s| s == x) {
            let cards: Vec<String> = h.iter().map(|c| card(sc, c, l)).collect();
            parts.push(format!("{}: {}", player(sc, x, l), cards.join(", ")));
        }
    }
    let n = hands.first().map(|(_, h)| h.len() as u32).unwrap_or(0);
    let head = l.pick(
        format!(
            "The Tyche deck is shuffled (sealed) and each player draws {} for game turn {}",
            l.count(n, ["card", "cards"], ["карта", "карты", "карт"]),
            w::roman(turn)
        ),
        format!(
            "Колода Тихе перетасована (скрыто), каждый игрок берёт {} на игровой ход {}",
            l.count(n, ["card", "cards"], ["карта", "карты", "карт"]),
            w::roman(turn)
        ),
    );
    if parts.is_empty() {
        format!("{head}.")
    } else {
        format!("{head}: {}.", parts.join("; "))
    }
}

#[allow(clippy::too_many_arguments)]
fn assault(
    sc: &Scenario,
    a: &Who,
    space: &str,
    seg: crate::model::events::Segment,
    subjugation: bool,
    roll: u32,
    mods: &[crate::model::events::Modifier],
    result: AssaultResult,
    pts: u32,
    needed: u32,
    l: Lang,
) -> String {
    let total = roll as i32 + mods.iter().map(|m| m.value()).sum::<i32>();
    let ms = if mods.is_empty() {
        l.pick("no modifier", "без модификаторов").to_string()
    } else {
        mods.iter()
            .map(|m| w::modifier(sc, m, l))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let what = if subjugation {
        l.pick("§3: subjugation roll", "§3: бросок на подчинение")
    } else {
        l.pick("§1: assault roll", "§1: бросок на штурм")
    };
    l.pick(
        format!(
            "{what} by {} against {space} ({}): die {roll}, {ms}, total {total}: {}; {} of {needed}.",
            who(sc, a, l),
            w::segment(seg, l),
            w::result(result, l),
            points(pts, l)
        ),
        format!(
            "{what} — {} против {space} ({}): кубик {roll}, {ms}, итого {total}: {}; {} из {needed}.",
            who(sc, a, l),
            w::segment(seg, l),
            w::result(result, l),
            points(pts, l)
        ),
    )
}

fn captured(
    sc: &Scenario,
    space: &str,
    x: &str,
    from: Option<&str>,
    subjugation: bool,
    l: Lang,
) -> String {
    let p = player(sc, x, l);
    let was = from.map(|f| player(sc, f, l)).unwrap_or_default();
    if subjugation {
        l.pick(
            format!("§3: {space} is subjugated: the independent marker goes, {p}'s is placed."),
            format!(
                "§3: {space} подчинён: независимый маркер снят, поставлен маркер {}.",
                w::player_in(sc, x, l, Case::Gen)
            ),
        )
    } else {
        l.pick(
            format!("§1: {space} falls to {p} (it was {was}'s)."),
            format!(
                "§1: {space} взят: теперь он у {} (прежде был у {}).",
                w::player_in(sc, x, l, Case::Gen),
                from.map(|f| w::player_in(sc, f, l, Case::Gen))
                    .unwrap_or_default()
            ),
        )
    }
}

fn reset(space: &str, n: u32, why: ResetWhy, l: Lang) -> String {
    match why {
        ResetWhy::ThirdParty => l.pick(
            format!("§5: the besieger of {space} lost a battle there to a third player: its {} are removed.", points(n, l)),
            format!("§5: осаждающий {space} проиграл там бой третьему игроку: {} убраны.", points(n, l)),
        ),
        ResetWhy::Lifted => l.pick(
            format!("The siege of {space} is lifted: {} removed [A].", points(n, l)),
            format!("Осада {space} снята: {} убраны [A].", points(n, l)),
        ),
        ResetWhy::NewBesieger => l.pick(
            format!("A new besieger at {space} starts from zero: {} removed [A].", points(n, l)),
            format!("Новый осаждающий у {space} начинает с нуля: {} убраны [A].", points(n, l)),
        ),
    }
}

#[allow(clippy::too_many_arguments)]
fn battle(
    sc: &Scenario,
    space: &str,
    attacker: &Who,
    defenders: &[Who],
    attack: (u32, i32),
    defence: (u32, i32),
    won: bool,
    a_lost: u32,
    d_lost: u32,
    l: Lang,
) -> String {
    let d: Vec<String> = defenders
        .iter()
        .map(|x| w::who_in(sc, x, l, Case::Gen))
        .collect();
    l.pick(
        format!(
            "Battle in {space}: {} (die {}, total {}) against {} (die {}, total {}): the {} wins; attacker loses {}, defender {}.",
            who(sc, attacker, l),
            attack.0,
            attack.1,
            d.join(", "),
            defence.0,
            defence.1,
            if won { "attacker" } else { "defender" },
            cus(a_lost, l),
            cus(d_lost, l)
        ),
        format!(
            "Битва в {space}: {} (кубик {}, итого {}) против {} (кубик {}, итого {}): побеждает {}; атакующий теряет {}, обороняющийся {}.",
            who(sc, attacker, l),
            attack.0,
            attack.1,
            d.join(", "),
            defence.0,
            defence.1,
            if won { "атакующий" } else { "обороняющийся" },
            cus(a_lost, l),
            cus(d_lost, l)
        ),
    )
}

#[allow(clippy::too_many_arguments)]
fn sally(
    sc: &Scenario,
    x: &str,
    general: &str,
    space: &str,
    roll: u32,
    result: AssaultResult,
    n: u32,
    l: Lang,
) -> String {
    let p = player(sc, x, l);
    let pg = w::player_in(sc, x, l, Case::Gen);
    let g = sc.general_ru(general, Case::Nom);
    match result {
        AssaultResult::BesiegerLosesCu => l.pick(
            format!("§6: a CU of {p} ({general}) sallies from {space}: die {roll}, the sally fails and the CU is removed."),
            format!("§6: БЧ {pg} ({g}) делает вылазку из {space}: кубик {roll}, вылазка неудачна, БЧ убрана."),
        ),
        AssaultResult::SiegePoint => l.pick(
            format!("§6: a CU of {p} ({general}) sallies from {space}: die {roll}, success: one siege point removed ({} left).", points(n, l)),
            format!("§6: БЧ {pg} ({g}) делает вылазку из {space}: кубик {roll}, успех: снято одно очко осады (осталось {}).", points(n, l)),
        ),
        AssaultResult::Nothing => l.pick(
            format!("§6: a CU of {p} ({general}) sallies from {space}: die {roll}, no effect."),
            format!("§6: БЧ {pg} ({g}) делает вылазку из {space}: кубик {roll}, без результата."),
        ),
    }
}
