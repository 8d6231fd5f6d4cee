//! Hellenes report text: the events of a turn told in rule terms, the position a side
//! may see, and the orders template. Rendered per side from events and views only.

use super::event::Event;
use super::scenario::Scenario;
use super::state::{Phase, PlayedFor, State, Status};
use super::view::View;
use super::words::{self, Case};
use crate::lang::Lang;
use std::fmt::Write;

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

/// A side's printed name in English (the scenario's).
pub fn side_name(sc: &Scenario, id: &str) -> String {
    sc.sides
        .iter()
        .find(|s| s.id == id)
        .map(|s| s.name.clone())
        .unwrap_or_else(|| id.to_string())
}

/// `Athens'`, `Sparta's`: an English possessive.
pub fn possessive(name: &str) -> String {
    if name.ends_with('s') {
        format!("{name}'")
    } else {
        format!("{name}'s")
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
    let name = |s: &str| words::side(sc, s, lang, Case::Nom);
    let gen = |s: &str| words::side(sc, s, lang, Case::Gen);
    let mut out = String::new();
    for e in events.iter().filter(|e| e.shown_to(side)) {
        let line = match e {
            Event::NoOrders { side } => lang.pick(
                format!(
                    "{}: no orders received; standing orders and the documented defaults applied.",
                    name(side)
                ),
                format!(
                    "{}: приказы не получены; применены постоянные приказы и документированные правила по умолчанию.",
                    name(side)
                ),
            ),
            Event::Fallback { side, what } => {
                let what = crate::report::one_line(what);
                lang.pick(
                format!("{}: invalid order replaced by its default: {what}.", name(side)),
                format!(
                    "{}: неверный приказ заменён приказом по умолчанию: «{what}».",
                    name(side)
                ),
            )
            }
            Event::StandingReplaced { side } => lang.pick(
                format!("{}: standing orders replaced.", name(side)),
                format!("{}: постоянные приказы заменены.", name(side)),
            ),
            Event::Shuffled { label, cards } => lang.pick(
                format!("1.0 The deck of {cards} cards is shuffled (sealed event `{label}`: no one could choose the hands)."),
                format!("1.0 Колода перемешана, карт в ней: {cards} (запечатанное событие `{label}`: никто не мог выбрать руки)."),
            ),
            Event::Dealt { side, cards } => {
                let names: Vec<String> = cards.iter().map(|c| card_name(sc, c, lang)).collect();
                let n = cards.len() as u32;
                lang.pick(
                    format!("1.0 {} is dealt {n} cards: {}.", name(side), names.join(", ")),
                    format!(
                        "1.0 Раздача, рука {}: {}: {}.",
                        gen(side),
                        lang.count(n, ["card", "cards"], ["карта", "карты", "карт"]),
                        names.join(", ")
                    ),
                )
            }
            Event::Revealed { plays } => {
                let parts: Vec<String> = plays
                    .iter()
                    .map(|(s, (c, f))| {
                        let how = match f {
                            PlayedFor::Action => {
                                lang.pick("for its Action value", "ради значения действия")
                            }
                            PlayedFor::Event => lang.pick("for its Event", "ради события"),
                        };
                        lang.pick(
                            format!("{} plays {} {how}", name(s), card_name(sc, c, lang)),
                            format!("{} — {}, {how}", name(s), card_name(sc, c, lang)),
                        )
                    })
                    .collect();
                lang.pick(
                    format!("1.0 Cards revealed: {}.", parts.join("; ")),
                    format!("1.0 Карты открыты: {}.", parts.join("; ")),
                )
            }
            Event::EventCard {
                side,
                card,
                continuing,
            } => {
                let text = sc
                    .card(card)
                    .map(|c| words::text(&c.event, lang))
                    .unwrap_or_default();
                // Only Treachery's Event is applied (through the assault it allows, 8.1);
                // the reports must not let a player believe any other Event took effect.
                let applied = *card == sc.params.siege.treachery_card;
                let not_applied = match (applied, lang) {
                    (true, _) => "",
                    (false, Lang::En) => " (dikast does not apply this Event's effect yet)",
                    (false, Lang::Ru) => " (действие этого события программа пока не применяет)",
                };
                match (continuing, lang) {
                    (true, Lang::En) => format!(
                        "1.0 {} Event stays in play: {text}{not_applied}",
                        possessive(&name(side))
                    ),
                    (false, Lang::En) => format!(
                        "1.0 {} Event: {text}{not_applied}",
                        possessive(&name(side))
                    ),
                    (true, Lang::Ru) => {
                        format!("1.0 Событие {} остаётся в игре: {text}{not_applied}", gen(side))
                    }
                    (false, Lang::Ru) => format!("1.0 Событие {}: {text}{not_applied}", gen(side)),
                }
            }
            Event::Initiative { values, first, tie } => {
                let vals: Vec<String> = values
                    .iter()
                    .map(|(s, v)| format!("{} {v}", name(s)))
                    .collect();
                match (tie, lang) {
                    (true, Lang::En) => format!(
                        "1.0 Initiative: {} (a tie goes to {}, an Event counts 0). {} takes the first player turn.",
                        vals.join(", "),
                        name(first),
                        name(first)
                    ),
                    (false, Lang::En) => format!(
                        "1.0 Initiative: {} (the lower value goes first, an Event counts 0). {} takes the first player turn.",
                        vals.join(", "),
                        name(first)
                    ),
                    (true, Lang::Ru) => format!(
                        "1.0 Инициатива: {} (при равенстве первенство у {}, событие считается за 0). Первый ход игрока — у {}.",
                        vals.join(", "),
                        gen(first),
                        gen(first)
                    ),
                    (false, Lang::Ru) => format!(
                        "1.0 Инициатива: {} (первым ходит меньшее значение, событие считается за 0). Первый ход игрока — у {}.",
                        vals.join(", "),
                        gen(first)
                    ),
                }
            }
            Event::Season(e) => super::season_event::narrate(sc, e, side, lang),
            Event::Siege(e) => super::siege_event::narrate(sc, before.season, e, side, lang),
            Event::Winter(e) => super::winter_event::narrate(sc, e, side, lang),
            Event::Year(e) => super::year_event::narrate(sc, e, lang),
            Event::Appeal(e) => super::olympians::narrate(sc, e, side, lang),
            Event::Next {
                year,
                season,
                phase,
            } => {
                let title = super::step_title_in(sc, *year, *season, phase, lang);
                lang.pick(format!("Next: {title}."), format!("Далее: {title}."))
            }
        };
        let _ = writeln!(out, "- {line}");
    }
    out
}

/// The position as a side sees it, in `lang`. Both languages side by side: edit them
/// together (tests/languages.rs compares their facts line by line).
pub fn describe(sc: &Scenario, v: &View, lang: Lang) -> String {
    let name = |s: &str| words::side(sc, s, lang, Case::Nom);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}, {} — {}.",
        words::year(v.year, lang),
        words::season(v.season, lang),
        phase_words(sc, &v.phase, lang)
    );
    let lead = if v.prestige.points == 0 {
        lang.pick("Prestige is level (0).", "Престиж: равенство (0).")
            .to_string()
    } else {
        lang.pick(
            format!(
                "Prestige: {} leads by {}.",
                name(&v.prestige.leader),
                v.prestige.points
            ),
            format!(
                "Престиж: {} впереди на {}.",
                name(&v.prestige.leader),
                v.prestige.points
            ),
        )
    };
    let _ = writeln!(out, "{lead}\n");
    let n = v.hand.len() as u32;
    let _ = writeln!(
        out,
        "{} ({}):",
        lang.pick("**Your hand**", "**Ваша рука**"),
        lang.count(n, ["card", "cards"], ["карта", "карты", "карт"])
    );
    for c in &v.hand {
        let _ = writeln!(
            out,
            "- {} *{}*: {} {} — {}: {}",
            c.id,
            words::text(&c.name, lang),
            lang.pick("Action", "Действие"),
            c.action,
            lang.pick("Event", "Событие"),
            words::text(&c.event, lang)
        );
    }
    for (s, n) in &v.other_hands {
        let line = lang.pick(
            format!("{} holds {n} cards. The deck holds {}.", name(s), v.deck),
            format!(
                "Карт на руке у {}: {n}. Карт в колоде: {}.",
                words::side(sc, s, lang, Case::Gen),
                v.deck
            ),
        );
        let _ = writeln!(out, "\n{line}");
    }
    let _ = writeln!(
        out,
        "\n{}",
        lang.pick("**Your blocks on the map:**", "**Ваши блоки на карте:**")
    );
    let mut on_map: Vec<_> = v
        .blocks
        .iter()
        .filter(|b| !matches!(b.status, Status::Pool | Status::Eliminated))
        .collect();
    on_map.sort_by(|a, b| a.at.cmp(&b.at).then(a.id.cmp(&b.id)));
    for b in &on_map {
        let _ = writeln!(
            out,
            "- {} {} ({}), {} — {}",
            b.id,
            words::text(&b.name, lang),
            words::kind(b.kind, lang),
            lang.pick(
                format!("{}/{} steps, {}", b.steps, b.max, b.rating),
                format!("шаги {}/{}, {}", b.steps, b.max, b.rating)
            ),
            b.at
        );
    }
    out.push_str(&super::siege_event::describe_sieges(sc, v, lang));
    out.push_str(&super::winter_orders::describe(sc, v, lang));
    out.push_str(&super::olympians::describe(sc, &v.sacrifices, lang));
    let pool = v.blocks.iter().filter(|b| b.status == Status::Pool).count() as u32;
    let _ = writeln!(
        out,
        "\n{}: {}.",
        lang.pick("In your pool", "В вашем пуле"),
        lang.count(pool, ["block", "blocks"], ["блок", "блока", "блоков"])
    );
    let _ = writeln!(
        out,
        "\n{}",
        lang.pick(
            "**Enemy blocks seen** (position and count only):",
            "**Замеченные блоки противника** (только место и число):"
        )
    );
    for g in &v.enemy {
        let _ = writeln!(
            out,
            "- {}: {}",
            g.at,
            lang.count(g.count, ["block", "blocks"], ["блок", "блока", "блоков"])
        );
    }
    out
}

/// The phase a view is in, in words: `Athens' player turn (second)`.
pub fn phase_words(sc: &Scenario, p: &Phase, lang: Lang) -> String {
    match (p, lang) {
        (Phase::Setup, Lang::En) => "setup: the deal".into(),
        (Phase::Setup, Lang::Ru) => "подготовка: раздача карт".into(),
        (Phase::Initiative, Lang::En) => "initiative cards".into(),
        (Phase::Initiative, Lang::Ru) => "карты инициативы".into(),
        (Phase::PlayerTurn { side, first }, Lang::En) => format!(
            "{} player turn ({})",
            possessive(&side_name(sc, side)),
            if *first { "first" } else { "second" }
        ),
        (Phase::PlayerTurn { side, first }, Lang::Ru) => format!(
            "ход игрока {} ({})",
            words::side(sc, side, lang, Case::Gen),
            if *first {
                "первый"
            } else {
                "второй"
            }
        ),
        (Phase::Winter, Lang::En) => "overwintering and the winter combat phases".into(),
        (Phase::Winter, Lang::Ru) => "зимовка и зимние фазы боя".into(),
        (Phase::YearEnd, Lang::En) => {
            "the end of the year: tribute, victory check, the deal".into()
        }
        (Phase::YearEnd, Lang::Ru) => "конец года: дань, проверка победы, раздача карт".into(),
        (Phase::NewYear, Lang::En) => "New Year cards and sacrifices".into(),
        (Phase::NewYear, Lang::Ru) => "карты Нового года и жертвы".into(),
        (Phase::Ended { winner, .. }, Lang::En) => {
            format!("the game is over: {} won", side_name(sc, winner))
        }
        (Phase::Ended { winner, .. }, Lang::Ru) => format!(
            "игра окончена: победа {}",
            words::side(sc, winner, lang, Case::Gen)
        ),
    }
}

/// An orders skeleton with every legal order of the step in comments.
pub fn template(sc: &Scenario, v: &View, side: &str) -> String {
    let mut out = String::new();
    match &v.phase {
        Phase::Setup => {
            let _ = writeln!(
                out,
                "# Setup: nothing to decide. Your `entropy` above feeds the dice of the deal."
            );
        }
        Phase::Initiative => {
            let _ = writeln!(
                out,
                "# 1.0 Initiative: play one card of your hand, for its Action value or its Event."
            );
            let _ = writeln!(
                out,
                "# The lower Action value goes first; an Event counts 0; ties: {}.",
                side_name(sc, &sc.params.initiative_ties)
            );
            let _ = writeln!(out, "# Your hand:");
            for c in &v.hand {
                let _ = writeln!(
                    out,
                    "#   {}  {}  (Action {})  Event: {}",
                    c.id, c.name, c.action, c.event
                );
            }
            let first = v.hand.first().map(|c| c.id.as_str()).unwrap_or("C01");
            let _ = writeln!(out, "initiative:\n  card: {first}      # a card id or name from your hand\n  for: action    # action | event");
        }
        Phase::PlayerTurn { side: active, .. } => {
            if active == side {
                out.push_str(&super::actions::template(sc, v));
            } else {
                let _ = writeln!(
                    out,
                    "# {} player turn: send standing orders if you want to change them.",
                    possessive(&side_name(sc, active))
                );
            }
        }
        Phase::Winter => out.push_str(&super::winter_orders::template(sc, v)),
        Phase::YearEnd => out.push_str(&super::year::template(sc, v)),
        Phase::NewYear => out.push_str(&super::year::template_new_year(sc, v)),
        Phase::Ended { .. } => {
            let _ = writeln!(out, "# The game is over: nothing to send.");
        }
    }
    let cities: Vec<&str> = v
        .cities
        .iter()
        .filter(|c| c.control == side)
        .map(|c| c.name.as_str())
        .collect();
    let _ = writeln!(
        out,
        "\n# Standing orders (optional; they replace your current ones whole):"
    );
    let _ = writeln!(out, "# standing:");
    let _ = writeln!(
        out,
        "#   fortify: {{ {}: walls }}   # 7.1 per city you control: walls | field (default walls)",
        cities.first().unwrap_or(&"Athens")
    );
    let _ = writeln!(
        out,
        "#   capitulate: []   # 8.1.3 cities whose defenders capitulate if assaulted"
    );
    let _ = writeln!(
        out,
        "#   escape: {{ }}     # 8.1.2 port: [fleets, carried land blocks] that sail out if assaulted"
    );
    let ids: Vec<&str> = v.blocks.iter().take(2).map(|b| b.id.as_str()).collect();
    let _ = writeln!(
        out,
        "#   losses: [{}]   # who takes hits first among equals",
        ids.join(", ")
    );
    let _ = writeln!(out, "#   retreat: {{ }}     # area: preferred retreat area");
    let _ = writeln!(
        out,
        "#   appeals: []      # 11.0 e.g. {{ olympian: Ares, on: \"battle:*\", when: {{ my_hits_at_most: 0 }} }}"
    );
    let _ = writeln!(out, "# Cities you control: {}", cities.join(", "));
    out
}
