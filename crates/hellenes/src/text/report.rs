//! Hellenes report text: the events of a turn told in rule terms, per side and language,
//! each event family by its `narrate` module, and the defaults a side's orders applied.
//! Rendered from events only. The names the other text modules share are in `words`.

use super::narrate::appeal;
use super::narrate::season;
use super::narrate::siege;
use super::narrate::teller::Teller;
use super::narrate::winter;
use super::narrate::year;
use super::step;
use super::words;
use super::words::possessive;
use super::words::Case;
use crate::model::events::Event;
use crate::model::orders::Fallback;
use crate::model::scenario::Scenario;
use crate::model::state::Phase;
use crate::model::state::PlayedFor;
use crate::model::state::Season;
use crate::model::state::State;
use dikast_core::lang::Lang;
use std::collections::BTreeMap;
use std::fmt::Write;

/// The documented defaults a side's orders applied, one line each in `lang`
/// (`Rules::defaults_said`).
pub fn defaults_said(sc: &Scenario, fallbacks: &[Fallback], lang: Lang) -> Vec<String> {
    fallbacks
        .iter()
        .map(|f| match f {
            Fallback::Initiative { card } => lang.pick(
                format!("1.0 initiative: {} played for its Action value", card_name(sc, card, lang)),
                format!("1.0 инициатива: {} сыграна на действия", card_name(sc, card, lang)),
            ),
            Fallback::NewYear { card, olympian: Some(o) } => lang.pick(
                format!(
                    "10.4.1 New Year: {} played for its Action value as a sacrifice to {}",
                    card_name(sc, card, lang),
                    super::narrate::appeal::name(o, lang)
                ),
                format!(
                    "10.4.1 Новый год: {} сыграна на действия как жертва {}",
                    card_name(sc, card, lang),
                    super::narrate::appeal::declined(o, lang, true)
                ),
            ),
            Fallback::NewYear { card, olympian: None } => lang.pick(
                format!(
                    "10.4 New Year: {} played for its Action value (a sacrifice is on every Olympian already)",
                    card_name(sc, card, lang)
                ),
                format!(
                    "10.4 Новый год: {} сыграна на действия (жертва уже есть на каждом олимпийце)",
                    card_name(sc, card, lang)
                ),
            ),
        })
        .collect()
}

/// `C01 *Pericles* (Action 3)`.
fn card_name(sc: &Scenario, id: &str, lang: Lang) -> String {
    match sc.card(id) {
        Some(c) => format!(
            "{} *{}* ({} {})",
            c.id,
            words::text(&c.name, lang),
            lang.pick("Action", "Действие"),
            c.action
        ),
        None => id.to_string(),
    }
}

/// The events a side may see, one bullet each, with the rule that acted.
///
/// Every line is written in both languages side by side: edit them together (the
/// English and Russian lines must carry the same ids, places, numbers and rule
/// references: tests/languages.rs compares them).
pub fn narrate(
    sc: &Scenario,
    before: &State,
    events: &[Event],
    side: Option<&str>,
    lang: Lang,
) -> String {
    let mut out = String::new();
    for e in events.iter().filter(|e| e.shown_to(side)) {
        let _ = writeln!(out, "- {}", event_line(sc, before, e, side, lang));
    }
    out
}

/// One event in rule terms for `side` (None: the moderator): the turn's own events
/// (cards, initiative, the next step) by a function each below, each event family by its
/// `narrate` module.
fn event_line(sc: &Scenario, before: &State, e: &Event, side: Option<&str>, lang: Lang) -> String {
    match e {
        Event::StandingReplaced { side } => standing_replaced(sc, side, lang),
        Event::Shuffled { label, cards } => shuffled(label, cards, lang),
        Event::Dealt { side, cards } => dealt(sc, side, cards, lang),
        Event::Revealed { plays } => revealed(sc, plays, lang),
        Event::EventCard {
            side,
            card,
            continuing,
            target,
        } => event_card(sc, side, card, continuing, target, lang),
        Event::Initiative { values, first, tie } => initiative(sc, values, first, tie, lang),
        Event::Season(e) => season::narrate(sc, e, side, lang),
        Event::Siege(e) => {
            let t = Teller {
                sc,
                reader: side,
                lang,
            };
            siege::narrate(t, before.season, e)
        }
        Event::Winter(e) => winter::narrate(sc, e, side, lang),
        Event::Year(e) => year::narrate(sc, e, lang),
        Event::Appeal(e) => appeal::narrate(sc, e, side, lang),
        Event::Next {
            year,
            season,
            phase,
        } => next(sc, year, season, phase, lang),
    }
}

/// `Event::StandingReplaced` in `lang`. A side replaced its standing orders.
fn standing_replaced(sc: &Scenario, side: &str, lang: Lang) -> String {
    lang.pick(
        format!(
            "{}: standing orders replaced.",
            words::side(sc, side, lang, Case::Nom)
        ),
        format!(
            "{}: постоянные приказы заменены.",
            words::side(sc, side, lang, Case::Nom)
        ),
    )
}

/// `Event::Shuffled` in `lang`. 1.0: the deck was shuffled (sealed event `label`).
fn shuffled(label: &str, cards: &u32, lang: Lang) -> String {
    lang.pick(
        format!(
            "1.0 The deck of {} is shuffled (sealed event `{label}`: no one could choose the hands).",
            lang.count(*cards, ["card", "cards"], ["карта", "карты", "карт"])
        ),
        format!("1.0 Колода перемешана, карт в ней: {cards} (запечатанное событие `{label}`: никто не мог повлиять на раздачу)."),
    )
}

/// `Event::Dealt` in `lang`. 1.0: a side was dealt these cards (only that side sees which).
fn dealt(sc: &Scenario, side: &str, cards: &[String], lang: Lang) -> String {
    let names: Vec<String> = cards.iter().map(|c| card_name(sc, c, lang)).collect();
    let n = cards.len() as u32;
    lang.pick(
        format!(
            "1.0 {} is dealt {}: {}.",
            words::side(sc, side, lang, Case::Nom),
            lang.count(n, ["card", "cards"], ["карта", "карты", "карт"]),
            names.join(", ")
        ),
        format!(
            "1.0 Раздача, рука {}: {}: {}.",
            words::side(sc, side, lang, Case::Gen),
            lang.count(n, ["card", "cards"], ["карта", "карты", "карт"]),
            names.join(", ")
        ),
    )
}

/// `Event::Revealed` in `lang`. 1.0: both sides revealed their cards.
fn revealed(sc: &Scenario, plays: &BTreeMap<String, (String, PlayedFor)>, lang: Lang) -> String {
    let parts: Vec<String> = plays
        .iter()
        .map(|(s, (c, f))| {
            let how = match f {
                PlayedFor::Action => lang.pick("for its Action value", "на действия"),
                PlayedFor::Event => lang.pick("for its Event", "как событие"),
            };
            lang.pick(
                format!(
                    "{} plays {} {how}",
                    words::side(sc, s, lang, Case::Nom),
                    card_name(sc, c, lang)
                ),
                format!(
                    "{} — {}, {how}",
                    words::side(sc, s, lang, Case::Nom),
                    card_name(sc, c, lang)
                ),
            )
        })
        .collect();
    lang.pick(
        format!("1.0 Cards revealed: {}.", parts.join("; ")),
        format!("1.0 Карты открыты: {}.", parts.join("; ")),
    )
}

/// `Event::EventCard` in `lang`. A card played for its Event went out of play or stayed as
/// a continuing Event.
fn event_card(
    sc: &Scenario,
    side: &str,
    card: &str,
    continuing: &bool,
    target: &Option<String>,
    lang: Lang,
) -> String {
    let mut text = sc
        .card(card)
        .map(|c| words::text(&c.event, lang))
        .unwrap_or_default();
    if let Some(t) = target {
        let t = words::text(t, lang);
        text = lang.pick(
            format!("{text} Played on: {t}."),
            format!("{text} Цель: {t}."),
        );
    }
    // 1.0 [A]: an Event is applied when its card lists effects in data
    // (`engine::card_events`); the reports must not let a player believe any
    // other Event took effect.
    let applied = crate::engine::card_events::applied(sc, card);
    let not_applied = match (applied, lang) {
        (true, _) => "",
        (false, Lang::En) => " (dikast does not apply this Event's effect yet)",
        (false, Lang::Ru) => " (действие этого события программа пока не применяет)",
    };
    match (continuing, lang) {
        (true, Lang::En) => format!(
            "1.0 {} Event stays in play: {text}{not_applied}",
            possessive(&words::side(sc, side, lang, Case::Nom))
        ),
        (false, Lang::En) => format!(
            "1.0 {} Event: {text}{not_applied}",
            possessive(&words::side(sc, side, lang, Case::Nom))
        ),
        (true, Lang::Ru) => {
            format!(
                "1.0 Событие {} остаётся в игре: {text}{not_applied}",
                words::side(sc, side, lang, Case::Gen)
            )
        }
        (false, Lang::Ru) => format!(
            "1.0 Событие {}: {text}{not_applied}",
            words::side(sc, side, lang, Case::Gen)
        ),
    }
}

/// `Event::Initiative` in `lang`. 1.0: the initiative: each side's value (an Event counts
/// 0), who goes first, and whether a tie decided it.
fn initiative(
    sc: &Scenario,
    values: &BTreeMap<String, u32>,
    first: &str,
    tie: &bool,
    lang: Lang,
) -> String {
    let vals: Vec<String> = values
        .iter()
        .map(|(s, v)| format!("{} {v}", words::side(sc, s, lang, Case::Nom)))
        .collect();
    match (tie, lang) {
        (true, Lang::En) => format!(
            "1.0 Initiative: {} (a tie goes to {}, an Event counts 0). {} takes the first player turn.",
            vals.join(", "),
            words::side(sc, first, lang, Case::Nom),
            words::side(sc, first, lang, Case::Nom)
        ),
        (false, Lang::En) => format!(
            "1.0 Initiative: {} (the lower value goes first, an Event counts 0). {} takes the first player turn.",
            vals.join(", "),
            words::side(sc, first, lang, Case::Nom)
        ),
        (true, Lang::Ru) => format!(
            "1.0 Инициатива: {} (при равенстве первенство у {}, событие считается за 0). Первый тур игрока — у {}.",
            vals.join(", "),
            words::side(sc, first, lang, Case::Gen),
            words::side(sc, first, lang, Case::Gen)
        ),
        (false, Lang::Ru) => format!(
            "1.0 Инициатива: {} (первым ходит меньшее значение, событие считается за 0). Первый тур игрока — у {}.",
            vals.join(", "),
            words::side(sc, first, lang, Case::Gen)
        ),
    }
}

/// `Event::Next` in `lang`. The game now awaits this step (`text::step::title_in` says it
/// in words).
fn next(sc: &Scenario, year: &i32, season: &Season, phase: &Phase, lang: Lang) -> String {
    let title = step::title_in(sc, *year, *season, phase, lang);
    lang.pick(format!("Next: {title}."), format!("Далее: {title}."))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::scenario::HELLENES_431;

    /// One card is "1 card" (issue 10: "1 cards"), in the deal and the shuffle alike.
    #[test]
    fn one_card_is_said_in_the_singular() {
        let sc = Scenario::load(HELLENES_431).unwrap();
        let st = State::start(&sc);
        let events = [
            Event::Shuffled {
                label: "deal:430".into(),
                cards: 1,
            },
            Event::Dealt {
                side: "athens".into(),
                cards: vec!["C01".into()],
            },
        ];
        let en = narrate(&sc, &st, &events, None, Lang::En);
        assert!(en.contains("The deck of 1 card is shuffled"), "{en}");
        assert!(en.contains("Athens is dealt 1 card: "), "{en}");
        assert!(!en.contains("1 cards"), "{en}");
        let ru = narrate(&sc, &st, &events, None, Lang::Ru);
        assert!(ru.contains("1 карта"), "{ru}");
    }
}
