//! What the end of the year (`engine::year`) and the New Year did, and how each side
//! reads it: one line per event, in English and Russian side by side, carrying the same
//! facts (ids, places, numbers, rule references: tests/languages.rs compares them).
//!
//! Hidden information: a peace offer a side asked for but may not make is told only to
//! that side (its orders are its own); everything else here is public (tribute, the
//! victory check, dice of a peace offer, discards, the gathering of the cards).

use super::appeal;
use super::season::prestige_words;
use crate::lang::Lang;
use crate::rules::hellenes::model::events::year::YearEvent;
use crate::rules::hellenes::model::scenario::PeaceTest;
use crate::rules::hellenes::model::scenario::Scenario;
use crate::rules::hellenes::model::state::PlayedFor;
use crate::rules::hellenes::text::report;
use crate::rules::hellenes::text::words;
use crate::rules::hellenes::text::words::Case;

/// `C07 *Peace Faction Ascendant*` in `lang`.
pub fn card_ref(sc: &Scenario, id: &str, lang: Lang) -> String {
    match sc.card(id) {
        Some(c) => format!("{} *{}*", c.id, words::text(&c.name, lang)),
        None => id.to_string(),
    }
}

/// `C07 *Peace Faction Ascendant* (Action 2)` in `lang`.
fn card_with_value(sc: &Scenario, id: &str, lang: Lang) -> String {
    match sc.card(id) {
        Some(c) => format!(
            "{} ({} {})",
            card_ref(sc, id, lang),
            lang.pick("Action", "Действие"),
            c.action
        ),
        None => id.to_string(),
    }
}

/// The event in rule terms, in `lang`. Both languages side by side in every arm: edit
/// them together.
pub fn narrate(sc: &Scenario, e: &YearEvent, lang: Lang) -> String {
    let name = |s: &str| words::side(sc, s, lang, Case::Nom);
    let gen = |s: &str| words::side(sc, s, lang, Case::Gen);
    let faction_card = card_ref(sc, &sc.params.year.peace_faction_card, lang);
    match e {
        YearEvent::Tribute {
            side,
            cities,
            total,
            halved,
            gained,
            after,
        } => {
            let list: Vec<String> = cities.iter().map(|(c, v)| format!("{c} ({v})")).collect();
            let amount = match (halved, lang) {
                (false, _) => format!("{gained}"),
                (true, Lang::En) => format!(
                    "{total}, halved and rounded down to {gained} (`params.year.tribute_halved`)"
                ),
                (true, Lang::Ru) => format!(
                    "{total}, вдвое меньше с округлением вниз — {gained} (`params.year.tribute_halved`)"
                ),
            };
            let track = prestige_words(sc, after, lang);
            match (list.is_empty(), lang) {
                (true, Lang::En) => format!(
                    "9.51 Tribute (10.1): {} controls no enemy city: 0 Prestige; {track}.",
                    name(side)
                ),
                (true, Lang::Ru) => format!(
                    "9.51 Дань (10.1), {}: под контролем нет вражеских городов, престиж +0; {track}.",
                    name(side)
                ),
                (false, Lang::En) => format!(
                    "9.51 Tribute (10.1): {} controls enemy {} {}: {amount} Prestige; {track}.",
                    name(side),
                    if list.len() == 1 { "city" } else { "cities" },
                    list.join(", ")
                ),
                (false, Lang::Ru) => format!(
                    "9.51 Дань (10.1), {}: под контролем {} {}: престиж +{amount}; {track}.",
                    name(side),
                    if list.len() == 1 {
                        "вражеский город"
                    } else {
                        "вражеские города"
                    },
                    list.join(", ")
                ),
            }
        }
        YearEvent::VictoryCheck {
            prestige,
            need,
            winner,
            peace,
            faction,
        } => {
            let track = prestige_words(sc, prestige, lang);
            match (winner, lang) {
                (Some(w), Lang::En) => format!(
                    "9.52 Victory check (10.2): {track}; {need} or more wins at once (14.2.1): {} wins the game.",
                    name(w)
                ),
                (Some(w), Lang::Ru) => format!(
                    "9.52 Проверка победы (10.2): {track}; {need} или больше — немедленная победа (14.2.1): победа {}, игра окончена.",
                    gen(w)
                ),
                (None, Lang::En) => {
                    let why = if *faction {
                        format!(" while {faction_card} is in play")
                    } else {
                        String::new()
                    };
                    format!(
                        "9.52 Victory check (10.2): {track}; {need} wins at once (14.2.1): the war goes on. The side ahead may offer peace with {peace} or more{why} (14.2.2)."
                    )
                }
                (None, Lang::Ru) => {
                    let why = if *faction {
                        format!(", пока в игре {faction_card}")
                    } else {
                        String::new()
                    };
                    format!(
                        "9.52 Проверка победы (10.2): {track}; {need} — немедленная победа (14.2.1): война продолжается. Сторона, которая впереди, может предложить мир при {peace} или больше{why} (14.2.2)."
                    )
                }
            }
        }
        YearEvent::PeaceNotOffered {
            side,
            ahead,
            need,
            faction,
        } => {
            let why = match (faction, lang) {
                (false, _) => String::new(),
                (true, Lang::En) => format!(", {faction_card} being in play"),
                (true, Lang::Ru) => format!(", так как в игре {faction_card}"),
            };
            lang.pick(
                format!(
                    "10.2 {} peace offer is not made: {ahead} Prestige ahead, {need} needed{why} (14.2.2).",
                    report::possessive(&name(side))
                ),
                format!(
                    "10.2 Мирное предложение {} не сделано: преимущество в престиже {ahead}, нужно {need}{why} (14.2.2).",
                    gen(side)
                ),
            )
        }
        YearEvent::PeaceOffer {
            side,
            enemy,
            cost,
            label,
            dice,
            level,
            test,
            accepted,
            after,
        } => {
            let track = prestige_words(sc, after, lang);
            let d0 = dice.first().copied().unwrap_or(0);
            let d1 = dice.get(1).copied().unwrap_or(0);
            let sum = d0 + d1;
            let cmp = match (test, accepted, lang) {
                (PeaceTest::Below, true, Lang::En) => format!("below {level}"),
                (PeaceTest::Below, false, Lang::En) => format!("not below {level}"),
                (PeaceTest::AtMost, true, Lang::En) => format!("at most {level}"),
                (PeaceTest::AtMost, false, Lang::En) => format!("more than {level}"),
                (PeaceTest::Below, true, Lang::Ru) => format!("меньше {level}"),
                (PeaceTest::Below, false, Lang::Ru) => format!("не меньше {level}"),
                (PeaceTest::AtMost, true, Lang::Ru) => format!("не больше {level}"),
                (PeaceTest::AtMost, false, Lang::Ru) => format!("больше {level}"),
            };
            let end = match (accepted, lang) {
                (true, Lang::En) => format!(
                    "{} sues for peace and {} wins the game",
                    name(enemy),
                    name(side)
                ),
                (false, Lang::En) => format!("{} refuses and the war goes on", name(enemy)),
                (true, Lang::Ru) => format!(
                    "просьба {} о мире — победа {}, игра окончена",
                    gen(enemy),
                    gen(side)
                ),
                (false, Lang::Ru) => format!("отказ {}, война продолжается", gen(enemy)),
            };
            lang.pick(
                format!(
                    "14.2.2 Peace offer (10.2): {} offers peace and pays {cost} Prestige ({track}); dice `{label}`: {} {d0}, {} {d1} = {sum}, {cmp}: {end}.",
                    name(side),
                    name(side),
                    name(enemy)
                ),
                format!(
                    "14.2.2 Мирное предложение (10.2), {}: плата — престиж {cost} ({track}); кости `{label}`: {} {d0}, {} {d1} = {sum}, {cmp}: {end}.",
                    name(side),
                    name(side),
                    name(enemy)
                ),
            )
        }
        YearEvent::Discarded { side, cards } => {
            let list: Vec<String> = cards.iter().map(|c| card_ref(sc, c, lang)).collect();
            lang.pick(
                format!(
                    "9.53 {} discards continuing Events: {}.",
                    name(side),
                    list.join(", ")
                ),
                format!(
                    "9.53 Сброс продолжающихся событий, {}: {}.",
                    name(side),
                    list.join(", ")
                ),
            )
        }
        YearEvent::RavagedRemoved { cities } => lang.pick(
            format!(
                "9.53 The ravaged marks are removed (5.5): {}.",
                cities.join(", ")
            ),
            format!("9.53 Метки разорения сняты (5.5): {}.", cities.join(", ")),
        ),
        YearEvent::YearAdvanced { from, to } => lang.pick(
            format!(
                "9.53 The year {} ends; {} begins (years BC count down).",
                words::year(*from, lang),
                words::year(*to, lang)
            ),
            format!(
                "9.53 Год {} окончен; начинается {} (годы до н. э. идут на убыль).",
                words::year(*from, lang),
                words::year(*to, lang)
            ),
        ),
        YearEvent::NewYearRevealed { plays, order } => {
            let parts: Vec<String> = plays
                .iter()
                .map(|(s, (c, f, o))| {
                    let card = card_with_value(sc, c, lang);
                    match (f, o, lang) {
                        (PlayedFor::Event, _, Lang::En) => {
                            format!("{} plays {card} for its Event", name(s))
                        }
                        (PlayedFor::Event, _, Lang::Ru) => {
                            format!("{} — {card}, ради события", name(s))
                        }
                        (PlayedFor::Action, Some(o), Lang::En) => format!(
                            "{} plays {card} as a sacrifice to {}",
                            name(s),
                            appeal::name(o, lang)
                        ),
                        (PlayedFor::Action, Some(o), Lang::Ru) => format!(
                            "{} — {card}, жертва олимпийцу {}",
                            name(s),
                            appeal::name(o, lang)
                        ),
                        (PlayedFor::Action, None, Lang::En) => {
                            format!("{} plays {card} for its Action value", name(s))
                        }
                        (PlayedFor::Action, None, Lang::Ru) => {
                            format!("{} — {card}, ради значения действия", name(s))
                        }
                    }
                })
                .collect();
            let vals: Vec<String> = order
                .iter()
                .map(|(s, v)| format!("{} {v}", name(s)))
                .collect();
            let first = order.first().map(|(s, _)| s.clone()).unwrap_or_default();
            lang.pick(
                format!(
                    "10.4 New Year cards revealed: {}. 10.4.1 Order (3.3): {} (the lower value first, an Event counts 0, ties to {}): {} first.",
                    parts.join("; "),
                    vals.join(", "),
                    name(&sc.params.initiative_ties),
                    name(&first)
                ),
                format!(
                    "10.4 Карты Нового года открыты: {}. 10.4.1 Порядок (3.3): {} (меньшее значение раньше, событие считается за 0, при равенстве первенство у {}): первенство у {}.",
                    parts.join("; "),
                    vals.join(", "),
                    gen(&sc.params.initiative_ties),
                    gen(&first)
                ),
            )
        }
        YearEvent::NewYearEventVoid { side, card, revolt } => {
            let c = card_ref(sc, card, lang);
            match (revolt, lang) {
                (false, Lang::En) => format!(
                    "10.4 {} Event {c} has no effect: there is no combat phase at New Year.",
                    report::possessive(&name(side))
                ),
                (false, Lang::Ru) => format!(
                    "10.4 Событие {} {c} не действует: в Новый год нет фазы боя.",
                    gen(side)
                ),
                (true, Lang::En) => format!(
                    "10.4 {} Event {c} has no effect: Revolts are not allowed at New Year.",
                    report::possessive(&name(side))
                ),
                (true, Lang::Ru) => format!(
                    "10.4 Событие {} {c} не действует: восстания в Новый год не разрешены.",
                    gen(side)
                ),
            }
        }
        YearEvent::Sacrificed {
            side,
            card,
            olympian,
        } => {
            let c = card_ref(sc, card, lang);
            match (olympian, lang) {
                (Some(o), Lang::En) => format!(
                    "10.4.1 Sacrifice: {} puts a spare garrison block on {} for {c}; it stays until an appeal uses it (11.0).",
                    name(side),
                    appeal::name(o, lang)
                ),
                (Some(o), Lang::Ru) => format!(
                    "10.4.1 Жертва, {}: запасной блок гарнизона ставится на олимпийца {} за карту {c}; он остаётся, пока его не потратит просьба (11.0).",
                    name(side),
                    appeal::name(o, lang)
                ),
                (None, Lang::En) => format!(
                    "10.4.1 {} has a sacrifice on every Olympian already: {c} is spent without one.",
                    name(side)
                ),
                (None, Lang::Ru) => format!(
                    "10.4.1 {}: жертва уже есть на каждом олимпийце, карта {c} потрачена без жертвы.",
                    name(side)
                ),
            }
        }
        YearEvent::Gathered { cards, kept } => {
            let n = lang.count(*cards, ["card", "cards"], ["карта", "карты", "карт"]);
            if kept.is_empty() {
                lang.pick(
                    format!("9.54 Year start (10.3): every card is gathered for the shuffle: {n}."),
                    format!("9.54 Начало года (10.3): для тасовки собраны все карты: {n}."),
                )
            } else {
                let k = kept.len() as u32;
                lang.pick(
                    format!(
                        "9.54 Year start (10.3): every card but the {k} in play ({}) is gathered for the shuffle: {n}.",
                        kept.join(", ")
                    ),
                    format!(
                        "9.54 Начало года (10.3): для тасовки собраны все карты, кроме {k} в игре ({}): {n}.",
                        kept.join(", ")
                    ),
                )
            }
        }
    }
}
