//! Hellenes report text: the events of a turn told in rule terms, the position a side
//! may see, and the orders template. Rendered per side from events and views only.

use super::event::Event;
use super::scenario::Scenario;
use super::state::{Phase, PlayedFor, State, Status};
use super::view::View;
use std::fmt::Write;

fn card_name(sc: &Scenario, id: &str) -> String {
    match sc.card(id) {
        Some(c) => format!("{} *{}* (Action {})", c.id, c.name, c.action),
        None => id.to_string(),
    }
}

pub fn side_name(sc: &Scenario, id: &str) -> String {
    sc.sides
        .iter()
        .find(|s| s.id == id)
        .map(|s| s.name.clone())
        .unwrap_or_else(|| id.to_string())
}

/// The events a side may see, one bullet each, with the rule that acted.
pub fn narrate(sc: &Scenario, _before: &State, events: &[Event], side: Option<&str>) -> String {
    let mut out = String::new();
    for e in events.iter().filter(|e| e.shown_to(side)) {
        let line = match e {
            Event::NoOrders { side } => format!(
                "{}: no orders received; standing orders and the documented defaults applied.",
                side_name(sc, side)
            ),
            Event::Fallback { side, what } => format!(
                "{}: invalid order replaced by its default: {what}.",
                side_name(sc, side)
            ),
            Event::StandingReplaced { side } => {
                format!("{}: standing orders replaced.", side_name(sc, side))
            }
            Event::Shuffled { label, cards } => {
                format!("1.0 The deck of {cards} cards is shuffled (sealed event `{label}`: no one could choose the hands).")
            }
            Event::Dealt { side, cards } => {
                let names: Vec<String> = cards.iter().map(|c| card_name(sc, c)).collect();
                format!(
                    "1.0 {} is dealt {} cards: {}.",
                    side_name(sc, side),
                    cards.len(),
                    names.join(", ")
                )
            }
            Event::Revealed { plays } => {
                let parts: Vec<String> = plays
                    .iter()
                    .map(|(s, (c, f))| {
                        let how = match f {
                            PlayedFor::Action => "for its Action value",
                            PlayedFor::Event => "for its Event",
                        };
                        format!("{} plays {} {how}", side_name(sc, s), card_name(sc, c))
                    })
                    .collect();
                format!("1.0 Cards revealed: {}.", parts.join("; "))
            }
            Event::EventCard {
                side,
                card,
                continuing,
            } => {
                let c = sc.card(card);
                let text = c.map(|c| c.event.as_str()).unwrap_or("");
                if *continuing {
                    format!("1.0 {}'s Event stays in play: {text}", side_name(sc, side))
                } else {
                    format!("1.0 {}'s Event: {text}", side_name(sc, side))
                }
            }
            Event::Initiative { values, first, tie } => {
                let vals: Vec<String> = values
                    .iter()
                    .map(|(s, v)| format!("{} {v}", side_name(sc, s)))
                    .collect();
                let why = if *tie {
                    format!("a tie goes to {}", side_name(sc, first))
                } else {
                    "the lower value goes first".to_string()
                };
                format!("1.0 Initiative: {} ({why}, an Event counts 0). {} takes the first player turn.", vals.join(", "), side_name(sc, first))
            }
            Event::Season(e) => super::season_event::narrate(sc, e, side),
            Event::Siege(e) => super::siege_event::narrate(sc, _before.season, e, side),
            Event::Next { title } => format!("Next: {title}."),
        };
        let _ = writeln!(out, "- {line}");
    }
    out
}

/// The position as a side sees it.
pub fn describe(sc: &Scenario, v: &View) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} BC, {} — {}.",
        v.year,
        v.season,
        phase_words(sc, &v.phase)
    );
    let lead = if v.prestige.points == 0 {
        "Prestige is level (0).".to_string()
    } else {
        format!(
            "Prestige: {} leads by {}.",
            side_name(sc, &v.prestige.leader),
            v.prestige.points
        )
    };
    let _ = writeln!(out, "{lead}\n");
    let _ = writeln!(out, "**Your hand** ({} cards):", v.hand.len());
    for c in &v.hand {
        let _ = writeln!(
            out,
            "- {} *{}*: Action {} — Event: {}",
            c.id, c.name, c.action, c.event
        );
    }
    for (s, n) in &v.other_hands {
        let _ = writeln!(
            out,
            "\n{} holds {n} cards. The deck holds {}.",
            side_name(sc, s),
            v.deck
        );
    }
    let _ = writeln!(out, "\n**Your blocks on the map:**");
    let mut on_map: Vec<_> = v
        .blocks
        .iter()
        .filter(|b| !matches!(b.status, Status::Pool | Status::Eliminated))
        .collect();
    on_map.sort_by(|a, b| a.at.cmp(&b.at).then(a.id.cmp(&b.id)));
    for b in &on_map {
        let _ = writeln!(
            out,
            "- {} {} ({}), {}/{} steps, {} — {}",
            b.id,
            b.name,
            kind_word(b.kind),
            b.steps,
            b.max,
            b.rating,
            b.at
        );
    }
    out.push_str(&super::siege_event::describe_sieges(sc, v));
    let pool = v.blocks.iter().filter(|b| b.status == Status::Pool).count();
    let _ = writeln!(out, "\nIn your pool: {pool} blocks.");
    let _ = writeln!(out, "\n**Enemy blocks seen** (position and count only):");
    for g in &v.enemy {
        let _ = writeln!(
            out,
            "- {}: {} block{}",
            g.at,
            g.count,
            if g.count == 1 { "" } else { "s" }
        );
    }
    out
}

fn kind_word(k: super::scenario::BlockKind) -> &'static str {
    use super::scenario::BlockKind::*;
    match k {
        Hoplites => "hoplites",
        Infantry => "infantry",
        Archers => "archers",
        Cavalry => "cavalry",
        Fleet => "fleet",
        Garrison => "garrison",
    }
}

pub fn phase_words(sc: &Scenario, p: &Phase) -> String {
    match p {
        Phase::Setup => "setup: the deal".into(),
        Phase::Initiative => "initiative cards".into(),
        Phase::PlayerTurn { side, first } => {
            format!(
                "{}'s player turn ({})",
                side_name(sc, side),
                if *first { "first" } else { "second" }
            )
        }
        Phase::Winter => "Winter (not implemented yet)".into(),
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
                    "# {}'s player turn: send standing orders if you want to change them.",
                    side_name(sc, active)
                );
            }
        }
        Phase::Winter => {
            let _ = writeln!(out, "# Winter is not implemented yet: nothing to send.");
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
    let _ = writeln!(out, "# Cities you control: {}", cities.join(", "));
    out
}
