//! What the end of the year (`engine::year`) and the New Year did, and how each side
//! reads it: one function per event variant, one line per event, in English and Russian
//! side by side, carrying the same facts (ids, places, numbers, rule references:
//! tests/languages.rs compares them).
//!
//! Hidden information: a peace offer a side asked for but may not make is told only to
//! that side (its orders are its own); everything else here is public (tribute, the
//! victory check, dice of a peace offer, discards, the gathering of the cards).

use super::appeal;
use super::season::prestige_words;
use crate::model::events::year::YearEvent;
use crate::model::params::PeaceTest;
use crate::model::scenario::Scenario;
use crate::model::state::PlayedFor;
use crate::model::state::Prestige;
use crate::text::words;
use crate::text::words::Case;
use dikast_core::lang::Lang;
use std::collections::BTreeMap;

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

/// The event in rule terms, in `lang`: one function per event variant below.
pub fn narrate(sc: &Scenario, e: &YearEvent, lang: Lang) -> String {
    match e {
        YearEvent::Tribute {
            side,
            cities,
            total,
            halved,
            gained,
            after,
        } => tribute(sc, side, cities, total, halved, gained, after, lang),
        YearEvent::VictoryCheck {
            prestige,
            need,
            winner,
            peace,
            faction,
        } => victory_check(sc, prestige, need, winner, peace, faction, lang),
        YearEvent::PeaceNotOffered {
            side,
            ahead,
            need,
            faction,
        } => peace_not_offered(sc, side, ahead, need, faction, lang),
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
        } => peace_offer(
            sc, side, enemy, cost, label, dice, level, test, accepted, after, lang,
        ),
        YearEvent::Discarded { side, cards } => discarded(sc, side, cards, lang),
        YearEvent::RavagedRemoved { cities } => ravaged_removed(cities, lang),
        YearEvent::BarbariansDisbanded {
            side,
            cities,
            reverted,
        } => barbarians_disbanded(sc, side, cities, reverted, lang),
        YearEvent::CivilWarRemoved { cities } => civil_war_removed(cities, lang),
        YearEvent::YearAdvanced { from, to } => year_advanced(from, to, lang),
        YearEvent::NewYearRevealed { plays, order } => new_year_revealed(sc, plays, order, lang),
        YearEvent::NewYearEventVoid { side, card, revolt } => {
            new_year_event_void(sc, side, card, revolt, lang)
        }
        YearEvent::Sacrificed {
            side,
            card,
            olympian,
        } => sacrificed(sc, side, card, olympian, lang),
        YearEvent::Gathered { cards, kept } => gathered(cards, kept, lang),
    }
}

/// A side's name in `lang`.
fn name(sc: &Scenario, lang: Lang, s: &str) -> String {
    words::side(sc, s, lang, Case::Nom)
}

/// A side's name in `lang`, genitive.
fn gen(sc: &Scenario, lang: Lang, s: &str) -> String {
    words::side(sc, s, lang, Case::Gen)
}

/// `YearEvent::BarbariansDisbanded` in `lang`.
fn barbarians_disbanded(
    sc: &Scenario,
    side: &str,
    cities: &[(String, u32)],
    reverted: &[String],
    lang: Lang,
) -> String {
    let at: Vec<String> = cities
        .iter()
        .map(|(c, n)| {
            lang.pick(
                format!("{n} at {c}"),
                format!("{n} {}", words::place(c, Lang::Ru, words::At::In)),
            )
        })
        .collect();
    let back = if reverted.is_empty() {
        String::new()
    } else {
        lang.pick(
            format!("; reverted to their loyalty: {}", reverted.join(", ")),
            format!("; вернулись к своей стороне: {}", reverted.join(", ")),
        )
    };
    lang.pick(
        format!(
            "10.1 Barbarian blocks of {} that took cities are disbanded before tribute (back to the pool): {}{back}.",
            name(sc, lang, side),
            at.join(", ")
        ),
        format!(
            "10.1 Варварские блоки стороны {}, взявшие города, распущены до дани (в пул): {}{back}.",
            name(sc, lang, side),
            at.join(", ")
        ),
    )
}

/// `YearEvent::CivilWarRemoved` in `lang`.
fn civil_war_removed(cities: &[String], lang: Lang) -> String {
    lang.pick(
        format!(
            "9.53 The civil-war markers are removed: {}.",
            cities.join(", ")
        ),
        format!("9.53 Метки гражданской войны сняты: {}.", cities.join(", ")),
    )
}

/// `YearEvent::Tribute` in `lang`.
#[allow(clippy::too_many_arguments)] // one parameter per field of the event
fn tribute(
    sc: &Scenario,
    side: &str,
    cities: &[(String, u32)],
    total: &u32,
    halved: &bool,
    gained: &u32,
    after: &Prestige,
    lang: Lang,
) -> String {
    {
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
                name(sc, lang, side)
            ),
            (true, Lang::Ru) => format!(
                "9.51 Дань (10.1), {}: под контролем нет вражеских городов, престиж +0; {track}.",
                name(sc, lang, side)
            ),
            (false, Lang::En) => format!(
                "9.51 Tribute (10.1): {} controls enemy {} {}: {amount} Prestige; {track}.",
                name(sc, lang, side),
                if list.len() == 1 { "city" } else { "cities" },
                list.join(", ")
            ),
            (false, Lang::Ru) => format!(
                "9.51 Дань (10.1), {}: под контролем {} — {}: престиж +{amount}; {track}.",
                name(sc, lang, side),
                if list.len() == 1 {
                    "вражеский город"
                } else {
                    "вражеские города"
                },
                list.join(", ")
            ),
        }
    }
}

/// `YearEvent::VictoryCheck` in `lang`.
fn victory_check(
    sc: &Scenario,
    prestige: &Prestige,
    need: &u32,
    winner: &Option<String>,
    peace: &u32,
    faction: &bool,
    lang: Lang,
) -> String {
    let faction_card = card_ref(sc, &sc.params.year.peace_faction_card, lang);
    {
        let track = prestige_words(sc, prestige, lang);
        match (winner, lang) {
        (Some(w), Lang::En) => format!(
            "9.52 Victory check (10.2): {track}; {need} or more wins at once (14.2.1): {} wins the game.",
            name(sc, lang, w)
        ),
        (Some(w), Lang::Ru) => format!(
            "9.52 Проверка победы (10.2): {track}; {need} или больше — немедленная победа (14.2.1): победа {}, игра окончена.",
            gen(sc, lang, w)
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
}

/// `YearEvent::PeaceNotOffered` in `lang`.
fn peace_not_offered(
    sc: &Scenario,
    side: &str,
    ahead: &u32,
    need: &u32,
    faction: &bool,
    lang: Lang,
) -> String {
    let faction_card = card_ref(sc, &sc.params.year.peace_faction_card, lang);
    {
        let why = match (faction, lang) {
            (false, _) => String::new(),
            (true, Lang::En) => format!(", {faction_card} being in play"),
            (true, Lang::Ru) => format!(", так как в игре {faction_card}"),
        };
        lang.pick(
        format!(
            "10.2 {} peace offer is not made: {ahead} Prestige ahead, {need} needed{why} (14.2.2).",
            words::possessive(&name(sc, lang, side))
        ),
        format!(
            "10.2 Мирное предложение {} не сделано: преимущество в престиже {ahead}, нужно {need}{why} (14.2.2).",
            gen(sc, lang, side)
        ),
    )
    }
}

/// `YearEvent::PeaceOffer` in `lang`.
#[allow(clippy::too_many_arguments)] // one parameter per field of the event
fn peace_offer(
    sc: &Scenario,
    side: &str,
    enemy: &str,
    cost: &u32,
    label: &str,
    dice: &[u32],
    level: &u32,
    test: &PeaceTest,
    accepted: &bool,
    after: &Prestige,
    lang: Lang,
) -> String {
    {
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
                name(sc, lang, enemy),
                name(sc, lang, side)
            ),
            (false, Lang::En) => format!("{} refuses and the war goes on", name(sc, lang, enemy)),
            (true, Lang::Ru) => format!(
                "просьба {} о мире — победа {}, игра окончена",
                gen(sc, lang, enemy),
                gen(sc, lang, side)
            ),
            (false, Lang::Ru) => format!("отказ {}, война продолжается", gen(sc, lang, enemy)),
        };
        lang.pick(
        format!(
            "14.2.2 Peace offer (10.2): {} offers peace and pays {cost} Prestige ({track}); dice `{label}`: {} {d0}, {} {d1} = {sum}, {cmp}: {end}.",
            name(sc, lang, side),
            name(sc, lang, side),
            name(sc, lang, enemy)
        ),
        format!(
            "14.2.2 Мирное предложение (10.2), {}: плата — престиж {cost} ({track}); кубики `{label}`: {} {d0}, {} {d1} = {sum}, {cmp}: {end}.",
            name(sc, lang, side),
            name(sc, lang, side),
            name(sc, lang, enemy)
        ),
    )
    }
}

/// `YearEvent::Discarded` in `lang`.
fn discarded(sc: &Scenario, side: &str, cards: &[String], lang: Lang) -> String {
    {
        let list: Vec<String> = cards.iter().map(|c| card_ref(sc, c, lang)).collect();
        lang.pick(
            format!(
                "9.53 {} discards continuing Event{}: {}.",
                name(sc, lang, side),
                if list.len() == 1 { "" } else { "s" },
                list.join(", ")
            ),
            format!(
                "9.53 Сброс длящихся событий, {}: {}.",
                name(sc, lang, side),
                list.join(", ")
            ),
        )
    }
}

/// `YearEvent::RavagedRemoved` in `lang`.
fn ravaged_removed(cities: &[String], lang: Lang) -> String {
    lang.pick(
        format!(
            "9.53 The ravaged marks are removed (5.5): {}.",
            cities.join(", ")
        ),
        format!("9.53 Метки разорения сняты (5.5): {}.", cities.join(", ")),
    )
}

/// `YearEvent::YearAdvanced` in `lang`.
fn year_advanced(from: &i32, to: &i32, lang: Lang) -> String {
    lang.pick(
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
    )
}

/// `YearEvent::NewYearRevealed` in `lang`.
fn new_year_revealed(
    sc: &Scenario,
    plays: &BTreeMap<String, (String, PlayedFor, Option<String>)>,
    order: &[(String, u32)],
    lang: Lang,
) -> String {
    {
        let parts: Vec<String> = plays
            .iter()
            .map(|(s, (c, f, o))| {
                let card = card_with_value(sc, c, lang);
                match (f, o, lang) {
                    (PlayedFor::Event, _, Lang::En) => {
                        format!("{} plays {card} for its Event", name(sc, lang, s))
                    }
                    (PlayedFor::Event, _, Lang::Ru) => {
                        format!("{} — {card}, как событие", name(sc, lang, s))
                    }
                    (PlayedFor::Action, Some(o), Lang::En) => format!(
                        "{} plays {card} as a sacrifice to {}",
                        name(sc, lang, s),
                        appeal::name(o, lang)
                    ),
                    (PlayedFor::Action, Some(o), Lang::Ru) => format!(
                        "{} — {card}, жертва {}",
                        name(sc, lang, s),
                        appeal::declined(o, lang, true)
                    ),
                    (PlayedFor::Action, None, Lang::En) => {
                        format!("{} plays {card} for its Action value", name(sc, lang, s))
                    }
                    (PlayedFor::Action, None, Lang::Ru) => {
                        format!("{} — {card}, на действия", name(sc, lang, s))
                    }
                }
            })
            .collect();
        let vals: Vec<String> = order
            .iter()
            .map(|(s, v)| format!("{} {v}", name(sc, lang, s)))
            .collect();
        let first = order.first().map(|(s, _)| s.clone()).unwrap_or_default();
        lang.pick(
        format!(
            "10.4 New Year cards revealed: {}. 10.4.1 Order (3.3): {} (the lower value first, an Event counts 0, ties to {}): {} first.",
            parts.join("; "),
            vals.join(", "),
            name(sc, lang, &sc.params.initiative_ties),
            name(sc, lang, &first)
        ),
        format!(
            "10.4 Карты Нового года открыты: {}. 10.4.1 Порядок (3.3): {} (меньшее значение раньше, событие считается за 0, при равенстве первенство у {}): первенство у {}.",
            parts.join("; "),
            vals.join(", "),
            gen(sc, lang, &sc.params.initiative_ties),
            gen(sc, lang, &first)
        ),
    )
    }
}

/// `YearEvent::NewYearEventVoid` in `lang`.
fn new_year_event_void(sc: &Scenario, side: &str, card: &str, revolt: &bool, lang: Lang) -> String {
    {
        let c = card_ref(sc, card, lang);
        match (revolt, lang) {
            (false, Lang::En) => format!(
                "10.4 {} Event {c} has no effect: there is no combat phase at New Year.",
                words::possessive(&name(sc, lang, side))
            ),
            (false, Lang::Ru) => format!(
                "10.4 Событие {} {c} не действует: в Новый год нет фазы боя.",
                gen(sc, lang, side)
            ),
            (true, Lang::En) => format!(
                "10.4 {} Event {c} has no effect: Revolts are not allowed at New Year.",
                words::possessive(&name(sc, lang, side))
            ),
            (true, Lang::Ru) => format!(
                "10.4 Событие {} {c} не действует: восстания в Новый год не разрешены.",
                gen(sc, lang, side)
            ),
        }
    }
}

/// `YearEvent::Sacrificed` in `lang`.
fn sacrificed(
    sc: &Scenario,
    side: &str,
    card: &str,
    olympian: &Option<String>,
    lang: Lang,
) -> String {
    {
        let c = card_ref(sc, card, lang);
        match (olympian, lang) {
        (Some(o), Lang::En) => format!(
            "10.4.1 Sacrifice: {} puts a spare garrison block on {} for {c}; it stays until an appeal uses it (11.0).",
            name(sc, lang, side),
            appeal::name(o, lang)
        ),
        (Some(o), Lang::Ru) => format!(
            "10.4.1 Жертва, {}: запасной блок гарнизона ставится на {} за карту {c}; он остаётся, пока его не потратит обращение к олимпийцу (11.0).",
            name(sc, lang, side),
            appeal::declined(o, lang, false)
        ),
        (None, Lang::En) => format!(
            "10.4.1 {} has a sacrifice on every Olympian already: {c} is spent without one.",
            name(sc, lang, side)
        ),
        (None, Lang::Ru) => format!(
            "10.4.1 {}: жертва уже есть на каждом олимпийце, карта {c} потрачена без жертвы.",
            name(sc, lang, side)
        ),
    }
    }
}

/// `YearEvent::Gathered` in `lang`.
fn gathered(cards: &u32, kept: &[String], lang: Lang) -> String {
    {
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
