//! How each side reads what a player turn did (actions, battles, retreats, control,
//! Prestige); the events themselves: `model::events::season`.
//!
//! Hidden information: a side's moves and builds are told to the enemy as places and
//! counts only (no ids, no strengths); blocks that fought are revealed to both sides (the
//! battle lists every block with its rating and steps, every die and its effect); a void
//! action is told only to its side.

use super::teller::owns;
use crate::model::battle::BattleOutcome;
use crate::model::battle::Effect;
use crate::model::battle::Shot;
use crate::model::events::season::PrestigeFor;
use crate::model::events::season::SeasonEvent;
use crate::model::scenario::Scenario;
use crate::model::state::Prestige;
use crate::text::words;
use crate::text::words::possessive;
use crate::text::words::At;
use crate::text::words::Case;
use dikast_core::lang::Lang;

fn block_name(sc: &Scenario, id: &str, lang: Lang) -> String {
    match sc.blocks.iter().find(|b| b.id == id) {
        Some(b) => format!("{id} {}", words::text(&b.name, lang)),
        None => id.to_string(),
    }
}

/// The blocks a battle revealed, a line per side, the attacker's first: each block's id
/// and name, the rating it fired with and its steps before the battle. Field, naval,
/// assault and sortie battles all list them so.
pub(super) fn revealed(sc: &Scenario, b: &BattleOutcome, lang: Lang) -> String {
    let mut out = String::new();
    for s in [&b.attacker, &b.defender] {
        let list: Vec<String> = b
            .revealed
            .iter()
            .filter(|f| &f.side == s)
            .map(|f| {
                format!(
                    "{} {} ({})",
                    block_name(sc, &f.id, lang),
                    f.rating,
                    count(lang, f.steps as usize, STEPS)
                )
            })
            .collect();
        out.push_str(&lang.pick(
            format!(
                "\n  - {} reveals: {}",
                words::side(sc, s, lang, Case::Nom),
                list.join("; ")
            ),
            format!(
                "\n  - Открыты блоки {}: {}",
                words::side(sc, s, lang, Case::Gen),
                list.join("; ")
            ),
        ));
    }
    out
}

const STEPS: ([&str; 2], [&str; 3]) = (["step", "steps"], ["БС", "БС", "БС"]);
const BLOCKS: ([&str; 2], [&str; 3]) = (["block", "blocks"], ["блок", "блока", "блоков"]);
const FLEETS: ([&str; 2], [&str; 3]) = (["fleet", "fleets"], ["флот", "флота", "флотов"]);
const HITS: ([&str; 2], [&str; 3]) = (["hit", "hits"], ["попадание", "попадания", "попаданий"]);
const ROUTS: ([&str; 2], [&str; 3]) = (["rout", "routs"], ["бегство", "бегства", "бегств"]);
/// After `after` / `после`: the genitive.
const ROUNDS_AFTER: ([&str; 2], [&str; 3]) =
    (["round", "rounds"], ["раунда", "раундов", "раундов"]);

/// A shot's tally: `2 hits` / `попаданий: 2`, `0 routs` / `в бегство: 0`.
fn tally(lang: Lang, n: usize, words: ([&str; 2], [&str; 3]), ru: &str) -> String {
    match lang {
        Lang::Ru => format!("{ru}: {n}"),
        _ => count(lang, n, words),
    }
}

fn count(lang: Lang, n: usize, words: ([&str; 2], [&str; 3])) -> String {
    lang.count(n as u32, words.0, words.1)
}

/// Prestige in words: `Sparta leads by 2`.
pub fn prestige_words(sc: &Scenario, p: &Prestige, lang: Lang) -> String {
    if p.points == 0 {
        lang.pick("the track is level", "счёт равный").into()
    } else {
        let who = words::side(sc, &p.leader, lang, Case::Nom);
        lang.pick(
            format!("{who} leads by {}", p.points),
            format!("{who} впереди на {}", p.points),
        )
    }
}

/// Die faces from 1 to `on`: `1`, `1–3`.
fn faces(on: u32) -> String {
    if on == 1 {
        "1".into()
    } else {
        format!("1–{on}")
    }
}

/// `Athens' player turn` / `Тур игрока Афин`.
fn turn_of(sc: &Scenario, s: &str, lang: Lang) -> String {
    lang.pick(
        format!(
            "{} player turn",
            possessive(&words::side(sc, s, lang, Case::Nom))
        ),
        format!("Тур игрока {}", words::side(sc, s, lang, Case::Gen)),
    )
}

/// The event in rule terms for `side` (None: the moderator), in `lang`.
///
/// Both languages are written side by side in every event's function: edit them
/// together. The English and Russian lines must carry the same ids, places, numbers and
/// rule references (tests/languages.rs compares them line by line).
pub fn narrate(sc: &Scenario, e: &SeasonEvent, side: Option<&str>, lang: Lang) -> String {
    match e {
        SeasonEvent::Actions {
            side: s,
            card,
            budget,
            ordered,
        } => actions(sc, side, s, card, budget, ordered, lang),
        SeasonEvent::EventSteps {
            side: s,
            card,
            at,
            change,
            blocks,
        } => event_steps(sc, side, s, card, at, change, blocks, lang),
        SeasonEvent::EventRevolt {
            side: s,
            card,
            city,
            from,
            label,
            die,
            on,
            succeeded,
        } => event_revolt(sc, s, card, city, from, label, die, on, succeeded, lang),
        SeasonEvent::EventStorm {
            side: _,
            card,
            sea,
            label,
            on,
            fleets,
        } => event_storm(sc, side, card, sea, label, on, fleets, lang),
        SeasonEvent::EventVoid {
            side: s,
            card,
            why,
            why_ru,
        } => event_void(sc, side, s, card, why, why_ru, lang),
        SeasonEvent::IntoWalls {
            side: s,
            city,
            sea,
            blocks,
        } => into_walls(sc, side, s, city, sea, blocks, lang),
        SeasonEvent::Moved {
            side: s,
            blocks,
            route,
            naval,
            carried,
        } => moved(sc, side, s, blocks, route, naval, carried, lang),
        SeasonEvent::StepBuilt {
            side: s,
            block,
            at,
            steps,
            max,
        } => step_built(sc, side, s, block, at, steps, max, lang),
        SeasonEvent::BlockDrawn {
            side: s,
            block,
            city,
            label,
            steps,
        } => block_drawn(sc, side, s, block, city, label, steps, lang),
        SeasonEvent::GarrisonBuilt { side: s, city } => garrison_built(sc, s, city, lang),
        SeasonEvent::Pillaged { side: s, city } => pillaged(sc, s, city, lang),
        SeasonEvent::ActionVoid {
            side: s,
            number,
            why,
        } => action_void(sc, s, number, why, lang),
        SeasonEvent::Battle(b) => battle_text(sc, b, lang),
        SeasonEvent::Retreated {
            block, from, to, ..
        } => retreated(block, from, to, lang),
        SeasonEvent::NoRetreat { block, from, .. } => no_retreat(block, from, lang),
        SeasonEvent::Prestige {
            side: s,
            points,
            why,
            after,
        } => prestige(sc, s, points, why, after, lang),
        SeasonEvent::Control {
            city,
            from,
            to,
            phase,
            retaken,
        } => control(sc, city, from, to, phase, retaken, lang),
    }
}

/// `SeasonEvent::Actions` in `lang`, for `reader` (None: the moderator). 1.0: the acting
/// side's actions this turn.
fn actions(
    sc: &Scenario,
    reader: Option<&str>,
    s: &str,
    card: &Option<String>,
    budget: &u32,
    ordered: &u32,
    lang: Lang,
) -> String {
    let c = card
        .as_ref()
        .and_then(|c| sc.card(c))
        .map(|c| format!("{} *{}*", c.id, words::text(&c.name, lang)))
        .unwrap_or_else(|| lang.pick("its card", "его карта").into());
    let actions = lang.count(
        *budget,
        ["action", "actions"],
        ["действие", "действия", "действий"],
    );
    if *budget == 0 {
        lang.pick(
            format!("1.0 {}: {c} was played for its Event, so no actions this season (8.0: only siege attrition).", turn_of(sc, s, lang)),
            format!("1.0 {}: карта {c} сыграна как событие, поэтому в этом сезоне действий нет (8.0: только осадное истощение).", turn_of(sc, s, lang)),
        )
    } else if owns(reader, s) {
        lang.pick(
            format!(
                "1.0 {}: {c} gives {actions}; {ordered} ordered.",
                turn_of(sc, s, lang)
            ),
            format!(
                "1.0 {}: карта {c} даёт {actions}; использовано: {ordered}.",
                turn_of(sc, s, lang)
            ),
        )
    } else {
        lang.pick(
            format!("1.0 {}: {c} gives {actions}.", turn_of(sc, s, lang)),
            format!("1.0 {}: карта {c} даёт {actions}.", turn_of(sc, s, lang)),
        )
    }
}

/// `SeasonEvent::EventSteps` in `lang`, for `reader` (None: the moderator). 1.0 [A] a
/// card's Event changed the steps of `side`'s blocks at `at` (a place, or `home`): (block,
/// steps after). Told to the enemy as a count.
#[allow(clippy::too_many_arguments)] // one parameter per field of the event
fn event_steps(
    sc: &Scenario,
    reader: Option<&str>,
    s: &str,
    card: &str,
    at: &str,
    change: &i32,
    blocks: &[(String, u32)],
    lang: Lang,
) -> String {
    let place = if at == "home" {
        lang.pick(
            "in their home cities".to_string(),
            "в своих родных городах".to_string(),
        )
    } else {
        lang.pick(format!("at {at}"), words::place(at, Lang::Ru, At::In))
    };
    let n = blocks.len();
    let what = if owns(reader, s) && n > 0 {
        let list: Vec<String> = blocks
            .iter()
            .map(|(b, steps)| {
                lang.pick(
                    format!("{b} (now {steps})"),
                    format!("{b} (теперь {steps})"),
                )
            })
            .collect();
        format!(": {}", list.join(", "))
    } else {
        String::new()
    };
    let gain = *change > 0;
    let k = change.unsigned_abs();
    let steps = lang.count(k, ["step", "steps"], ["БС", "БС", "БС"]);
    lang.pick(
        format!(
            "1.0 Event {card} ([A] `cards[{card}].effects`): {} of {} {place} {} {steps}{what}.",
            count(lang, n, BLOCKS),
            words::side(sc, s, lang, Case::Nom),
            match (gain, n == 1) {
                (true, true) => "gains",
                (true, false) => "gain",
                (false, true) => "loses",
                (false, false) => "lose",
            },
        ),
        format!(
            "1.0 Событие {card} ([A] `cards[{card}].effects`): {} {} {place} {} {steps}{what}.",
            count(lang, n, BLOCKS),
            words::side(sc, s, lang, Case::Gen),
            match (gain, n % 10 == 1 && n % 100 != 11) {
                (true, true) => "получает",
                (true, false) => "получают",
                (false, true) => "теряет",
                (false, false) => "теряют",
            },
        ),
    )
}

/// `SeasonEvent::EventRevolt` in `lang`. 1.0 [A] a card's `revolt`: the die (stream
/// `label`) and whether `city` changed from `from` to `side`.
#[allow(clippy::too_many_arguments)] // one parameter per field of the event
fn event_revolt(
    sc: &Scenario,
    s: &str,
    card: &str,
    city: &str,
    from: &str,
    label: &str,
    die: &u32,
    on: &u32,
    succeeded: &bool,
    lang: Lang,
) -> String {
    let (city_nom, city_in) = (
        words::place(city, Lang::Ru, At::Nom),
        words::place(city, Lang::Ru, At::In),
    );
    let (en, ru) = if *succeeded {
        (
            format!(
                "{city} goes over to {}",
                words::side(sc, s, lang, Case::Nom)
            ),
            format!(
                "город {city_nom} переходит на сторону {}",
                words::side(sc, s, lang, Case::Gen)
            ),
        )
    } else {
        (
            format!(
                "{city} stays with {}",
                words::side(sc, from, lang, Case::Nom)
            ),
            format!(
                "город {city_nom} остаётся за {}",
                words::side(sc, from, lang, Case::Ins)
            ),
        )
    };
    lang.pick(
        format!("1.0 Event {card} ([A] `cards[{card}].effects`): a revolt at {city}: die {die} (`{label}`; {} succeeds): {en}.", faces(*on)),
        format!("1.0 Событие {card} ([A] `cards[{card}].effects`): мятеж {city_in}: кубик {die} (`{label}`; успех при {}): {ru}.", faces(*on)),
    )
}

/// `SeasonEvent::EventStorm` in `lang`, for `reader` (None: the moderator). 1.0 [A] a
/// card's `storm` on `sea`: each fleet there (block, owner, its die, steps after). Told to
/// each side with its own fleets named, the enemy's counted.
#[allow(clippy::too_many_arguments)] // one parameter per field of the event
fn event_storm(
    sc: &Scenario,
    reader: Option<&str>,
    card: &str,
    sea: &str,
    label: &str,
    on: &u32,
    fleets: &[(String, String, u32, u32)],
    lang: Lang,
) -> String {
    let sea_in = words::place(sea, Lang::Ru, At::In);
    if fleets.is_empty() {
        return lang.pick(
            format!("1.0 Event {card} ([A] `cards[{card}].effects`): a storm at {sea}; no fleet is there."),
            format!("1.0 Событие {card} ([A] `cards[{card}].effects`): шторм {sea_in}; флотов там нет."),
        );
    }
    let parts: Vec<String> = fleets
        .iter()
        .map(|(b, owner, die, left)| {
            let lost = *die <= *on;
            let (en, ru) = if owns(reader, owner) {
                (b.clone(), b.clone())
            } else {
                (
                    format!("a fleet of {}", words::side(sc, owner, Lang::En, Case::Nom)),
                    format!("флот {}", words::side(sc, owner, Lang::Ru, Case::Gen)),
                )
            };
            let who = lang.pick(en, ru);
            match (lost, *left) {
                (false, _) => lang.pick(
                    format!("{who} rolls {die}: no loss"),
                    format!("{who}: {die}, без потерь"),
                ),
                (true, 0) => lang.pick(
                    format!("{who} rolls {die}: eliminated"),
                    format!("{who}: {die}, уничтожен"),
                ),
                (true, n) if owns(reader, owner) => lang.pick(
                    format!("{who} rolls {die}: {n} left"),
                    format!("{who}: {die}, осталось БС: {n}"),
                ),
                (true, _) => lang.pick(
                    format!("{who} rolls {die}: loses a step"),
                    format!("{who}: {die}, теряет шаг"),
                ),
            }
        })
        .collect();
    lang.pick(
        format!("1.0 Event {card} ([A] `cards[{card}].effects`): a storm at {sea}, one die per fleet (`{label}`; {} costs a step): {}.", faces(*on), parts.join("; ")),
        format!("1.0 Событие {card} ([A] `cards[{card}].effects`): шторм {sea_in}, по кубику на флот (`{label}`; {} стоит шага): {}.", faces(*on), parts.join("; ")),
    )
}

/// `SeasonEvent::EventVoid` in `lang`, for `reader` (None: the moderator). 1.0 [A] an Event
/// whose target was no longer lawful when it was revealed.
fn event_void(
    sc: &Scenario,
    reader: Option<&str>,
    s: &str,
    card: &str,
    why: &str,
    why_ru: &str,
    lang: Lang,
) -> String {
    if owns(reader, s) {
        lang.pick(
            format!(
                "1.0 {} Event {card} has no effect: {why}.",
                possessive(&words::side(sc, s, lang, Case::Nom))
            ),
            format!(
                "1.0 Событие {card} ({}) не действует: {why_ru}.",
                words::side(sc, s, lang, Case::Nom)
            ),
        )
    } else {
        // The reason speaks to the card's player; the other side reads that it failed.
        lang.pick(
            format!(
                "1.0 {} Event {card} has no effect: its target is no longer open to it.",
                possessive(&words::side(sc, s, lang, Case::Nom))
            ),
            format!(
                "1.0 Событие {card} ({}) не действует: его цель больше не подходит.",
                words::side(sc, s, lang, Case::Nom)
            ),
        )
    }
}

/// `SeasonEvent::IntoWalls` in `lang`, for `reader` (None: the moderator). 7.4, page 9:
/// fleets (and the land blocks they carry) entered their own besieged port by way of its
/// offshore sea `sea`, joining the besieged.
fn into_walls(
    sc: &Scenario,
    reader: Option<&str>,
    s: &str,
    city: &str,
    sea: &str,
    blocks: &[String],
    lang: Lang,
) -> String {
    let who = if owns(reader, s) {
        blocks.join(", ")
    } else {
        count(lang, blocks.len(), BLOCKS)
    };
    let (city_into, sea_gen) = (
        words::place(city, Lang::Ru, At::Into),
        words::place(sea, Lang::Ru, At::Gen),
    );
    lang.pick(
        format!("7.4 {who} ({}) {} {city} by way of its offshore sea {sea}, joining the besieged inside the walls (page 9).", words::side(sc, s, lang, Case::Nom), if blocks.len() == 1 { "enters" } else { "enter" }),
        format!("7.4 {who} ({}) {} {city_into} из его прибрежного моря, {sea_gen}, и {} к осаждённым за стенами (стр. 9).", words::side(sc, s, lang, Case::Nom), if blocks.len() == 1 { "входит" } else { "входят" }, if blocks.len() == 1 { "присоединяется" } else { "присоединяются" }),
    )
}

/// `SeasonEvent::Moved` in `lang`, for `reader` (None: the moderator). 2.0, 5.21: blocks
/// moved along `route` (start first); `carried`: (land block, its fleet).
#[allow(clippy::too_many_arguments)] // one parameter per field of the event
fn moved(
    sc: &Scenario,
    reader: Option<&str>,
    s: &str,
    blocks: &[String],
    route: &[String],
    naval: &bool,
    carried: &[(String, String)],
    lang: Lang,
) -> String {
    let from = &route[0];
    let to = route.last().expect("a route has a start");
    let path = route.join(" → ");
    let (from_ru, to_ru, at_ru) = (
        words::place(from, Lang::Ru, At::From),
        words::place(to, Lang::Ru, At::Into),
        words::place(to, Lang::Ru, At::In),
    );
    let who = if owns(reader, s) {
        blocks.join(", ")
    } else if *naval {
        count(lang, blocks.len(), FLEETS)
    } else {
        count(lang, blocks.len(), BLOCKS)
    };
    let mut line = match (naval, lang) {
        (true, Lang::En) => format!(
            "2.0 {} sails {who} from {from} to {to} ({path}).",
            words::side(sc, s, lang, Case::Nom)
        ),
        (false, Lang::En) => format!(
            "2.0 {} moves {who} from {from} to {to} ({path}).",
            words::side(sc, s, lang, Case::Nom)
        ),
        (true, Lang::Ru) => format!(
            "2.0 Морское движение, {}: {who} {from_ru} {to_ru} ({path}).",
            words::side(sc, s, lang, Case::Nom)
        ),
        (false, Lang::Ru) => format!(
            "2.0 Движение по суше, {}: {who} {from_ru} {to_ru} ({path}).",
            words::side(sc, s, lang, Case::Nom)
        ),
    };
    if !carried.is_empty() {
        let what = if owns(reader, s) {
            carried
                .iter()
                .map(|(b, f)| lang.pick(format!("{b} on {f}"), format!("{b} на {f}")))
                .collect::<Vec<_>>()
                .join(", ")
        } else {
            lang.count(
                carried.len() as u32,
                ["land block", "land blocks"],
                ["сухопутный блок", "сухопутных блока", "сухопутных блоков"],
            )
        };
        line.push_str(&lang.pick(
            format!(" 5.21 The fleets carry {what}, landing at {to}."),
            format!(" 5.21 Флоты перевозят: {what}, с высадкой {at_ru}."),
        ));
    }
    line
}

/// `SeasonEvent::StepBuilt` in `lang`, for `reader` (None: the moderator). 4.2: a block
/// gained a step.
#[allow(clippy::too_many_arguments)] // one parameter per field of the event
fn step_built(
    sc: &Scenario,
    reader: Option<&str>,
    s: &str,
    block: &str,
    at: &str,
    steps: &u32,
    max: &u32,
    lang: Lang,
) -> String {
    let at_in = words::place(at, Lang::Ru, At::In);
    if owns(reader, s) {
        lang.pick(
            format!("4.2 Building: {block} gains a step at {at} ({steps}/{max})."),
            format!("4.2 Строительство: {block} получает шаг {at_in} ({steps}/{max})."),
        )
    } else {
        lang.pick(
            format!(
                "4.2 Building: {} adds a step to a block at {at}.",
                words::side(sc, s, lang, Case::Nom)
            ),
            format!(
                "4.2 Строительство, {}: блок {at_in} получает шаг.",
                words::side(sc, s, lang, Case::Nom)
            ),
        )
    }
}

/// `SeasonEvent::BlockDrawn` in `lang`, for `reader` (None: the moderator). 4.2: a new
/// block drawn blind from the pool (sealed draw `label`).
#[allow(clippy::too_many_arguments)] // one parameter per field of the event
fn block_drawn(
    sc: &Scenario,
    reader: Option<&str>,
    s: &str,
    block: &str,
    city: &str,
    label: &str,
    steps: &u32,
    lang: Lang,
) -> String {
    let city_in = words::place(city, Lang::Ru, At::In);
    if owns(reader, s) {
        let st = count(lang, *steps as usize, STEPS);
        let b = block_name(sc, block, lang);
        lang.pick(
            format!("4.2 Building: a new block is drawn blind from the pool (sealed draw `{label}`): {b}, {st}, at {city}."),
            format!("4.2 Строительство: новый блок вытянут вслепую из пула (запечатанная выборка `{label}`): {b}, {st}, {city_in}."),
        )
    } else {
        lang.pick(
            format!(
                "4.2 Building: a new block of {} appears at {city}.",
                words::side(sc, s, lang, Case::Nom)
            ),
            format!(
                "4.2 Строительство: {city_in} появляется новый блок {}.",
                words::side(sc, s, lang, Case::Gen)
            ),
        )
    }
}

/// `SeasonEvent::GarrisonBuilt` in `lang`. 4.2.3: a garrison built in a captured city.
fn garrison_built(sc: &Scenario, s: &str, city: &str, lang: Lang) -> String {
    lang.pick(
        format!("4.2.3 {} builds a garrison in captured {city} (it stays if a siege is lifted, 7.3).", words::side(sc, s, lang, Case::Nom)),
        format!("4.2.3 {}: построен гарнизон в захваченном городе {} (он остаётся, если осада снята, 7.3).", words::side(sc, s, lang, Case::Nom), words::place(city, Lang::Ru, At::Nom)),
    )
}

/// `SeasonEvent::Pillaged` in `lang`. 5.5: a city's land pillaged; the city is ravaged
/// until the year ends.
fn pillaged(sc: &Scenario, s: &str, city: &str, lang: Lang) -> String {
    lang.pick(
        format!(
            "5.5 {} pillages the land of {city}: it is ravaged until the year ends (9.53).",
            words::side(sc, s, lang, Case::Nom)
        ),
        format!(
            "5.5 Разграбление, {}: земли {} разорены до конца года (9.53).",
            words::side(sc, s, lang, Case::Nom),
            words::place(city, Lang::Ru, At::Gen)
        ),
    )
}

/// `SeasonEvent::ActionVoid` in `lang`. An action that the state no longer allowed when it
/// was carried out.
fn action_void(sc: &Scenario, s: &str, number: &u32, why: &str, lang: Lang) -> String {
    lang.pick(
        format!(
            "{} action {number} is void: {why}.",
            possessive(&words::side(sc, s, lang, Case::Nom))
        ),
        format!(
            "Действие {number} {} не выполнено: «{why}».",
            words::side(sc, s, lang, Case::Gen)
        ),
    )
}

/// `SeasonEvent::Retreated` in `lang`. 2.0: a routed or withdrawing block retreated.
fn retreated(block: &str, from: &str, to: &str, lang: Lang) -> String {
    lang.pick(
        format!("2.0 {block} retreats from {from} to {to}."),
        format!(
            "2.0 {block} отступает {} {}.",
            words::place(from, Lang::Ru, At::From),
            words::place(to, Lang::Ru, At::Into)
        ),
    )
}

/// `SeasonEvent::NoRetreat` in `lang`. 2.0 [A]: a block that had to retreat had nowhere to
/// go: eliminated.
fn no_retreat(block: &str, from: &str, lang: Lang) -> String {
    lang.pick(
        format!("2.0 {block} has no retreat from {from} and is eliminated."),
        format!(
            "2.0 {block}: отступить {} некуда, блок уничтожен.",
            words::place(from, Lang::Ru, At::From)
        ),
    )
}

/// `SeasonEvent::Prestige` in `lang`. Prestige on the net track.
fn prestige(
    sc: &Scenario,
    s: &str,
    points: &i32,
    why: &PrestigeFor,
    after: &Prestige,
    lang: Lang,
) -> String {
    let why = match why {
        PrestigeFor::Pillage { city } => lang.pick(
            format!("pillaging {city} (5.5, [A] `params.prestige_pillage`)"),
            format!(
                "разграбление {} (5.5, [A] `params.prestige_pillage`)",
                words::place(city, Lang::Ru, At::Gen)
            ),
        ),
        PrestigeFor::Battle { place } => lang.pick(
            format!("winning the battle at {place} (2.0, [A] `params.prestige_battle`)"),
            format!(
                "победу в битве {} (2.0, [A] `params.prestige_battle`)",
                words::near_ru(sc, place)
            ),
        ),
        PrestigeFor::Event { card } => lang.pick(
            format!("the Event of {card} (1.0, [A] `cards[{card}].effects`)"),
            format!("событие {card} (1.0, [A] `cards[{card}].effects`)"),
        ),
    };
    lang.pick(
        format!(
            "Prestige: {} gains {points} for {why}; {}.",
            words::side(sc, s, lang, Case::Nom),
            prestige_words(sc, after, lang)
        ),
        format!(
            "Престиж: {} +{points} за {why}; {}.",
            words::side(sc, s, lang, Case::Dat),
            prestige_words(sc, after, lang)
        ),
    )
}

/// `SeasonEvent::Control` in `lang`. §3 City control changed: the city reverted to its
/// loyalty at the end of `phase` (`Actions` or `Combat`), its conqueror gone; `retaken`:
/// the loyal side's blocks are back in it.
fn control(
    sc: &Scenario,
    city: &str,
    from: &str,
    to: &str,
    phase: &str,
    retaken: &bool,
    lang: Lang,
) -> String {
    let phase = match (phase, lang) {
        (p, Lang::En) => p.to_string(),
        ("Actions", Lang::Ru) => "действий".to_string(),
        ("Combat", Lang::Ru) => "боя".to_string(),
        ("Winter", Lang::Ru) => "зимы".to_string(),
        (p, Lang::Ru) => p.to_string(),
    };
    let (from_w, to_w) = match lang {
        Lang::En => {
            let n = |x: &str| {
                if x == "neutral" {
                    "neutrality".to_string()
                } else {
                    words::side(sc, x, lang, Case::Nom)
                }
            };
            (n(from), n(to))
        }
        Lang::Ru => (
            if from == "neutral" {
                "нейтралитета".to_string()
            } else {
                words::side(sc, from, lang, Case::Gen)
            },
            if to == "neutral" {
                "нейтралитету".to_string()
            } else {
                words::side(sc, to, lang, Case::Dat)
            },
        ),
    };
    let why = match (retaken, lang) {
        (true, Lang::En) => format!("its loyal side's blocks are back and no conqueror holds it at the end of the {phase} phase"),
        (false, Lang::En) => format!("left vacant by its conqueror at the end of the {phase} phase, it reverts to its loyalty"),
        (true, Lang::Ru) => format!("блоки верной ему стороны вернулись, и в конце фазы {phase} его не держит ни один завоеватель"),
        (false, Lang::Ru) => format!("завоеватель оставил его пустым в конце фазы {phase}, и город возвращается к своей лояльности"),
    };
    lang.pick(
        format!("City control: {city} passes from {from_w} to {to_w}: {why} (page 7)."),
        format!(
            "Контроль над {} переходит от {from_w} к {to_w}: {why} (стр. 7).",
            words::place(city, Lang::Ru, At::Ins)
        ),
    )
}

/// A battle, every block revealed, every die and its effect (both sides see it all).
/// Both languages side by side: edit them together.
pub fn battle_text(sc: &Scenario, b: &BattleOutcome, lang: Lang) -> String {
    let mut out = battle_heading(sc, b, lang);
    out.push_str(&revealed(sc, b, lang));
    // 1.0 [A] the card bonuses in force (`battle-bonus`), already in the ratings above.
    for (s, (points, cards)) in &b.bonus {
        out.push_str(&format!(
            "\n  - {}",
            bonus_line(sc, s, *points, cards, lang)
        ));
    }
    for shot in &b.shots {
        out.push_str(&format!("\n  - {}", round_line(sc, shot, lang)));
    }
    let end = battle_end(sc, b, lang);
    out.push_str(&lang.pick(
        format!("\n  - Result: {end}."),
        format!("\n  - Итог: {end}."),
    ));
    out
}

/// The battle's first line: field or naval, where, who attacks, who defends, its dice.
fn battle_heading(sc: &Scenario, b: &BattleOutcome, lang: Lang) -> String {
    let name = |s: &str| words::side(sc, s, lang, Case::Nom);
    match (b.naval, lang) {
        (true, Lang::En) | (false, Lang::En) => format!(
            "2.0 {} at {} ({} attacks, {} defends; dice `{}`):",
            if b.naval { "Naval battle" } else { "Battle" },
            b.place,
            name(&b.attacker),
            name(&b.defender),
            b.label
        ),
        (naval, Lang::Ru) => format!(
            "2.0 {} {} (атакующий: {}, обороняющийся: {}; кубики `{}`):",
            if naval {
                "Морская битва"
            } else {
                "Битва"
            },
            if naval {
                words::place(&b.place, Lang::Ru, At::In)
            } else {
                format!("у {}", words::place(&b.place, Lang::Ru, At::Gen))
            },
            name(&b.attacker),
            name(&b.defender),
            b.label
        ),
    }
}

/// A side's card bonus to its rating numbers in this battle and the cards that give it.
fn bonus_line(sc: &Scenario, s: &str, points: u32, cards: &[String], lang: Lang) -> String {
    let name = |s: &str| words::side(sc, s, lang, Case::Nom);
    let cards: Vec<String> = cards
        .iter()
        .map(|c| {
            sc.card(c).map_or(c.clone(), |d| {
                format!("{c} *{}*", words::text(&d.name, lang))
            })
        })
        .collect();
    lang.pick(
        format!(
            "{} fires with rating number +{points} (3 at most): {} (1.0 [A] `battle-bonus`)",
            name(s),
            cards.join(", ")
        ),
        format!(
            "{} атакует с рейтингом, повышенным на {points} (максимум 3): {} (1.0 [A] `battle-bonus`)",
            name(s),
            cards.join(", ")
        ),
    )
}

/// One block's fire in a round: its dice, hits and routs, and what each did.
fn round_line(sc: &Scenario, shot: &Shot, lang: Lang) -> String {
    let dice: Vec<String> = shot.dice.iter().map(|d| d.to_string()).collect();
    let effects: Vec<String> = shot
        .effects
        .iter()
        .map(|e| match e {
            Effect::Step { block, left: 0 } => {
                lang.pick(format!("{block} eliminated"), format!("{block} уничтожен"))
            }
            Effect::Step { block, left } => lang.pick(
                format!("{block} loses a step ({left} left)"),
                format!("{block} теряет шаг (осталось {left})"),
            ),
            Effect::Marked { block } => lang.pick(
                format!("{block} takes a first hit (8.1.1)"),
                format!("{block} получает первое попадание (8.1.1)"),
            ),
            Effect::Routed { block } => lang.pick(
                format!("{block} routed"),
                format!("{block} обращён в бегство"),
            ),
            Effect::RoutIgnored => lang
                .pick(
                    "a rout without effect (8.1: defenders are not routed)",
                    "бегство без последствий (8.1: защитников нельзя обратить в бегство)",
                )
                .into(),
        })
        .collect();
    let result = if effects.is_empty() {
        lang.pick("no effect", "без последствий").to_string()
    } else {
        effects.join(", ")
    };
    format!(
        "{} {}: {} ({}, {}) {} {}: {}, {} → {result}",
        lang.pick("Round", "Раунд"),
        shot.round,
        shot.block,
        shot.rating,
        count(lang, shot.steps as usize, STEPS),
        lang.pick("rolls", "бросает"),
        shot.reroll
            .as_ref()
            .map(|r| super::appeal::reroll_words(sc, r, " ", lang))
            .unwrap_or_default()
            + &dice.join(" "),
        tally(lang, shot.hits as usize, HITS, "попаданий"),
        tally(lang, shot.routs as usize, ROUTS, "обращений в бегство"),
    )
}

/// How the battle ended: who won after how many rounds, or who withdrew.
fn battle_end(sc: &Scenario, b: &BattleOutcome, lang: Lang) -> String {
    let name = |s: &str| words::side(sc, s, lang, Case::Nom);
    let gen = |s: &str| words::side(sc, s, lang, Case::Gen);
    let rounds = count(lang, b.rounds_fought as usize, ROUNDS_AFTER);
    match (&b.winner, lang) {
        (Some(w), Lang::En) if !b.withdrawn.is_empty() => format!(
            "after {rounds} both sides are still in the battle: {} withdraws and {} holds the field",
            name(&b.attacker),
            name(w)
        ),
        (Some(w), Lang::Ru) if !b.withdrawn.is_empty() => format!(
            "после {rounds} обе стороны всё ещё в битве: блоки {} отходят, поле боя остаётся за {}",
            gen(&b.attacker),
            words::side(sc, w, lang, Case::Ins)
        ),
        (Some(w), Lang::En) => format!(
            "{} wins: the enemy has no block left in the battle after {rounds}",
            name(w)
        ),
        (Some(w), Lang::Ru) => format!(
            "победа {}: после {rounds} у противника не осталось блоков в битве",
            gen(w)
        ),
        (None, Lang::En) => format!("after {rounds} both sides stay: no winner"),
        (None, Lang::Ru) => format!("после {rounds} обе стороны остаются: победителя нет"),
    }
}
