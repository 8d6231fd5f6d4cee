//! The position as a side reads it (`Rules::describe`), in each report language: the
//! calendar and step, Prestige, the cities and their sieges, the side's blocks, the Winter
//! needs, the sacrifices on the Olympians.

use super::narrate::siege::side;
use super::step::phase_words;
use super::words;
use super::words::At;
use super::words::Case;
use crate::engine::winter;
use crate::engine::winter::Need;
use crate::model::events::winter::Why;
use crate::model::orders::Verb;
use crate::model::scenario::Scenario;
use crate::model::sight::Sight;
use crate::model::sight::View;
use crate::model::state::Phase;
use crate::model::state::Sacrifice;
use crate::model::state::Status;
use crate::text::narrate::appeal::name;
use crate::text::narrate::siege::gen;
use dikast_core::lang::Lang;
use std::collections::BTreeMap;
use std::fmt::Write;
fn why_words(n: &Need, lang: Lang) -> String {
    let c = n.city.clone().unwrap_or_default();
    match (n.why, lang) {
        (Why::Outside, Lang::En) => "in the field".into(),
        (Why::Outside, Lang::Ru) => "в поле".into(),
        (Why::AtSea, Lang::En) => "at sea".into(),
        (Why::AtSea, Lang::Ru) => "в море".into(),
        (Why::Unsupplied, Lang::En) => format!("besieging {c} without Supply, 9.22"),
        (Why::Unsupplied, Lang::Ru) => {
            format!(
                "осаждает {} без снабжения, 9.22",
                words::place(&c, Lang::Ru, At::Acc)
            )
        }
        (Why::NoRoom, Lang::En) => format!("no room in {c}"),
        (Why::NoRoom, Lang::Ru) => format!("нет места {}", words::place(&c, Lang::Ru, At::In)),
    }
}

/// The "Overwintering" part of a side's position when the game awaits the Winter step:
/// each of its blocks that must winter, why, and the default move it makes if no winter
/// order names it. Empty in any other step. Both languages side by side: edit them
/// together (tests/languages.rs compares their facts).
pub fn winter(sc: &Scenario, v: &View, lang: Lang) -> String {
    if v.phase != Phase::Winter {
        return String::new();
    }
    let k = Sight::winter_from_view(sc, v);
    let needs = winter::needs(sc, &k);
    let mut out = String::new();
    if needs.is_empty() {
        let _ = writeln!(
            out,
            "\n{}",
            lang.pick(
                "**Overwintering** (9.x, page 9): all your blocks can winter where they stand.",
                "**Зимовка** (9.x, стр. 9): все ваши блоки могут зимовать там, где стоят.",
            )
        );
        return out;
    }
    let _ = writeln!(
        out,
        "\n{}",
        lang.pick(
            "**Overwintering** (9.x, page 9): your blocks that must winter, and the move each makes if no `winter:` order names it:",
            "**Зимовка** (9.x, стр. 9): ваши блоки, которым нужны зимние квартиры, и перемещение каждого, если ни один приказ `winter:` его не назовёт:",
        )
    );
    for n in &needs {
        let b = &n.block;
        let why = why_words(n, lang);
        let what = match &n.default {
            Some(m) => {
                let city = m.path.last().cloned().unwrap_or_default();
                let route = std::iter::once(b.at.clone())
                    .chain(m.path.iter().cloned())
                    .collect::<Vec<_>>()
                    .join(" → ");
                match (m.verb, lang) {
                    (Verb::Return, Lang::En) => format!("return to its home city {city} ({route})"),
                    (Verb::Return, Lang::Ru) => {
                        format!("возвращение в родной город {} ({route})", words::place(&city, Lang::Ru, At::Nom))
                    }
                    (_, Lang::En) => format!("quarter in {city} ({route})"),
                    (_, Lang::Ru) => format!("зимние квартиры {} ({route})", words::place(&city, Lang::Ru, At::In)),
                }
            }
            None => lang
                .pick(
                    "no default move: without winter quarters at the end of Winter ([A] `params.winter.unwintered`)",
                    "перемещения по умолчанию нет: в конце зимы без зимних квартир ([A] `params.winter.unwintered`)",
                )
                .to_string(),
        };
        let _ = writeln!(
            out,
            "- {} {} ({}), {} {} ({why}): {what}.",
            b.id,
            words::text(&b.name, lang),
            words::kind(b.kind, lang),
            lang.pick("at", "в"),
            b.at
        );
    }
    out
}

/// The position as a side sees it, in `lang`, section by section. Both languages side by
/// side: edit them together (tests/languages.rs compares their facts line by line).
pub fn describe(sc: &Scenario, v: &View, lang: Lang) -> String {
    let mut out = heading(sc, v, lang);
    out.push_str(&hands(sc, v, lang));
    out.push_str(&in_force(sc, v, lang));
    out.push_str(&blocks_on_map(v, lang));
    out.push_str(&sieges(sc, v, lang));
    out.push_str(&winter(sc, v, lang));
    out.push_str(&sacrifices(sc, &v.sacrifices, lang));
    out.push_str(&pool_and_enemy(v, lang));
    out
}

/// The step the position is at and the Prestige track.
fn heading(sc: &Scenario, v: &View, lang: Lang) -> String {
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
    out
}

/// The side's hand, card by card, and how many cards the other hands and the deck hold.
fn hands(sc: &Scenario, v: &View, lang: Lang) -> String {
    let name = |s: &str| words::side(sc, s, lang, Case::Nom);
    let mut out = String::new();
    let n = v.hand.len() as u32;
    let _ = writeln!(
        out,
        "{} ({}):",
        lang.pick("**Your hand**", "**Карты на руке**"),
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
            format!(
                "{} holds {n} {}. The deck holds {}.",
                name(s),
                if *n == 1 { "card" } else { "cards" },
                v.deck
            ),
            format!(
                "Карт на руке у {}: {n}. Карт в колоде: {}.",
                words::side(sc, s, lang, Case::Gen),
                v.deck
            ),
        );
        let _ = writeln!(out, "\n{line}");
    }
    out
}

/// What is in force beyond the blocks: the card Events in play and of this season, and
/// the civil-war markers.
fn in_force(sc: &Scenario, v: &View, lang: Lang) -> String {
    let name = |s: &str| words::side(sc, s, lang, Case::Nom);
    let mut out = String::new();
    // 1.0 [A]: the card Events in force (leaders and continuing Events in play, this
    // season's Events) and the civil-war markers (9.53): public, and they change what
    // orders may do.
    let card = |id: &str| {
        sc.card(id).map_or(id.to_string(), |c| {
            format!("{id} *{}*", words::text(&c.name, lang))
        })
    };
    if !v.in_play.is_empty() {
        let list: Vec<String> = v
            .in_play
            .iter()
            .map(|p| format!("{} ({})", card(&p.card), name(&p.side)))
            .collect();
        let _ = writeln!(
            out,
            "\n{} {}.",
            lang.pick("**In play:**", "**В игре:**"),
            list.join(", ")
        );
    }
    let season: Vec<String> = v
        .initiative
        .iter()
        .flat_map(|i| i.plays.iter())
        .filter(|(_, p)| {
            p.played_for == crate::model::state::PlayedFor::Event
                && sc.card(&p.card).is_some_and(|c| !c.stays())
        })
        .map(
            |(s, p)| match p.target.as_deref().map(|t| words::text(t, lang)) {
                Some(t) => lang.pick(
                    format!("{} on {t} ({})", card(&p.card), name(s)),
                    format!(
                        "{}, цель: {} ({})",
                        card(&p.card),
                        words::place(&t, Lang::Ru, At::Nom),
                        name(s)
                    ),
                ),
                None => format!("{} ({})", card(&p.card), name(s)),
            },
        )
        .collect();
    if !season.is_empty() && matches!(v.phase, Phase::PlayerTurn { .. }) {
        let _ = writeln!(
            out,
            "\n{} {}.",
            lang.pick("**Events of this season:**", "**События этого сезона:**"),
            season.join(", ")
        );
    }
    let civil: Vec<&str> = v
        .cities
        .iter()
        .filter(|c| c.civil_war)
        .map(|c| c.name.as_str())
        .collect();
    if !civil.is_empty() {
        let _ = writeln!(
            out,
            "\n{} {} (9.53).",
            lang.pick(
                "**Civil war until the year ends:**",
                "**Гражданская война до конца года:**"
            ),
            civil.join(", ")
        );
    }
    out
}

/// The side's own blocks on the map, by place then id, with steps and rating.
fn blocks_on_map(v: &View, lang: Lang) -> String {
    let mut out = String::new();
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
                format!("БС {}/{}, {}", b.steps, b.max, b.rating)
            ),
            b.at
        );
    }
    out
}

/// How many blocks are in the side's pool, and the enemy blocks it sees (place and
/// count only).
fn pool_and_enemy(v: &View, lang: Lang) -> String {
    let mut out = String::new();
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

/// The sieges as one side sees them, for its report's "Your position": who holds each
/// besieged city, who besieges it since when, the blockade (8.2.1), and who is inside and
/// around: the side's own blocks by id, the enemy's as a count. Empty when no city is
/// besieged. Both languages side by side: edit them together (see `narrate`).
pub fn sieges(sc: &Scenario, v: &View, lang: Lang) -> String {
    use crate::model::state::Status;
    let mut out = String::new();
    for c in &v.cities {
        let Some(s) = &c.siege else { continue };
        let mut line = lang.pick(
            format!(
                "- {} (held by {}): besieged by {} since {} {} BC",
                c.name,
                side(sc, &c.control, lang),
                side(sc, &s.besieger, lang),
                s.season,
                s.year
            ),
            format!(
                "- {} (в руках {}): осаждающий — {}, с {} {}",
                c.name,
                gen(sc, &c.control, lang),
                side(sc, &s.besieger, lang),
                words::season_gen(s.season, lang),
                words::year(s.year, lang)
            ),
        );
        if let Some(b) = &s.blockaded {
            line.push_str(&lang.pick(
                format!(
                    "; besieged and blockaded since {} {} BC (8.2.1)",
                    b.season, b.year
                ),
                format!(
                    "; в осаде и блокаде с {} {} (8.2.1)",
                    words::season_gen(b.season, lang),
                    words::year(b.year, lang)
                ),
            ));
        }
        for (status, word) in [
            (Status::Besieged, lang.pick("inside", "внутри")),
            (Status::Besieging, lang.pick("around", "вокруг")),
        ] {
            let mine: Vec<&str> = v
                .blocks
                .iter()
                .filter(|b| b.at == c.name && b.status == status)
                .map(|b| b.id.as_str())
                .collect();
            let theirs: u32 = v
                .enemy
                .iter()
                .filter(|g| g.at == c.name && g.status == status)
                .map(|g| g.count)
                .sum();
            let who = match (mine.is_empty(), theirs) {
                (false, _) => lang.pick(
                    format!("your {}", mine.join(", ")),
                    format!("ваши {}", mine.join(", ")),
                ),
                (true, 0) => continue,
                (true, n) => lang.count(
                    n,
                    ["enemy block", "enemy blocks"],
                    ["вражеский блок", "вражеских блока", "вражеских блоков"],
                ),
            };
            line.push_str(&format!("; {word}: {who}"));
        }
        out.push_str(&line);
        out.push_str(".\n");
    }
    if out.is_empty() {
        return out;
    }
    lang.pick(
        format!("\n**Sieges** (7.2; the garrison counts as a block inside):\n{out}"),
        format!("\n**Осады** (7.2; гарнизон считается блоком внутри):\n{out}"),
    )
}

/// 10.4.1 "Sacrifices" in a side's position, when any stand: each side's Olympians, with
/// the year of each sacrifice. Both languages side by side: edit them together.
pub fn sacrifices(
    sc: &Scenario,
    sacrifices: &BTreeMap<String, Vec<Sacrifice>>,
    lang: Lang,
) -> String {
    use std::fmt::Write;
    if sacrifices.values().all(|v| v.is_empty()) {
        return String::new();
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\n{}",
        lang.pick(
            "**Sacrifices** (10.4.1; each may be spent on one appeal, 11.0):",
            "**Жертвы** (10.4.1; каждую можно потратить на одно обращение к олимпийцу, 11.0):"
        )
    );
    for side in sc.side_ids() {
        let Some(list) = sacrifices.get(&side).filter(|v| !v.is_empty()) else {
            continue;
        };
        let items: Vec<String> = list
            .iter()
            .map(|s| {
                format!(
                    "{} ({})",
                    name(&s.olympian, lang),
                    words::year(s.year, lang)
                )
            })
            .collect();
        let _ = writeln!(
            out,
            "- {}: {}",
            words::side(sc, &side, lang, words::Case::Nom),
            items.join(", ")
        );
    }
    out
}
