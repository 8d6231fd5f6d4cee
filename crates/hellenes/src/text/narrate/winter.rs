//! How each side reads what the Winter step did (9.x, page 9); the events themselves:
//! `model::events::winter`.
//!
//! Hidden information: a side's winter moves, the blocks it disbands and the blocks that
//! suffer winter attrition are told to the enemy as places and counts only (no ids, no
//! strengths), as the season tells moves; a default move is marked as such for its owner
//! only; a void winter move is told only to its side. Return battles reveal their blocks
//! to both sides (a battle always does); their dice are `winter:battle:<place>`.
//!
//! EDIT BOTH LANGUAGES TOGETHER: every event's function writes the English and the Russian line side by
//! side. The two must carry the same ids, places, numbers, sides and rule references, and
//! the Russian no English prose (tests/languages.rs and the rule-case harness compare
//! them line by line).

use super::teller::owns;
use crate::engine::siege;
use crate::model::events::winter::Part;
use crate::model::events::winter::Why;
use crate::model::events::winter::WinterEvent;
use crate::model::orders::Verb;
use crate::model::params::Unwintered;
use crate::model::scenario::Scenario;
use crate::text::words;
use crate::text::words::At;
use crate::text::words::Case;
use dikast_core::lang::Lang;

const BLOCKS: ([&str; 2], [&str; 3]) = (["block", "blocks"], ["блок", "блока", "блоков"]);
const STEPS_LEFT: ([&str; 2], [&str; 3]) = (["step", "steps"], ["БС", "БС", "БС"]);
const HITS: ([&str; 2], [&str; 3]) = (["hit", "hits"], ["попадание", "попадания", "попаданий"]);

fn count(lang: Lang, n: usize, w: ([&str; 2], [&str; 3])) -> String {
    lang.count(n as u32, w.0, w.1)
}

/// The event in rule terms for `side` (None: the moderator), in `lang`.
pub fn narrate(sc: &Scenario, e: &WinterEvent, side: Option<&str>, lang: Lang) -> String {
    match e {
        WinterEvent::Part(p) => part(p, lang),
        WinterEvent::Moved {
            side: s,
            verb,
            blocks,
            carried,
            route,
            city,
            default,
            battle,
            inside,
        } => moved(
            sc, side, s, verb, blocks, carried, route, city, default, battle, inside, lang,
        ),
        WinterEvent::Void {
            side: s,
            blocks,
            why,
        } => void(sc, s, blocks, why, lang),
        WinterEvent::ReturnBattle {
            side: s,
            city,
            place,
            naval,
            blocks,
        } => return_battle(sc, s, city, place, naval, blocks, lang),
        WinterEvent::Reached {
            side: s,
            city,
            blocks,
            inside,
        } => reached(sc, s, city, blocks, inside, lang),
        WinterEvent::Captors {
            side: s,
            city,
            entered,
            kept,
        } => captors(sc, side, s, city, entered, kept, lang),
        WinterEvent::Failed {
            side: s,
            city,
            blocks,
        } => failed(sc, s, city, blocks, lang),
        WinterEvent::Unwintered {
            side: s,
            place,
            blocks,
            why,
            city,
            fate,
        } => unwintered(sc, side, s, place, blocks, why, city, fate, lang),
        WinterEvent::Attrition {
            place,
            label,
            hit_on,
            rolls,
        } => attrition(sc, side, place, label, hit_on, rolls, lang),
    }
}

/// `WinterEvent::Part` in `lang`. A part of the Winter step begins.
fn part(p: &Part, lang: Lang) -> String {
    match p {
        Part::Overwintering => lang.pick(
            "9.x Winter, overwintering (page 9): the winter moves of both sides are made at once; they cost no action and pass enemy forces without combat.",
            "9.x Зима, зимовка (стр. 9): зимние перемещения обеих сторон выполняются одновременно; они не стоят действий и проходят мимо сил противника без боя.",
        )
        .to_string(),
        Part::SiegeBreaking => lang.pick(
            "9.x First winter combat phase: the besieged side's siege-breaking combat (Return battles, then sorties, 8.3).",
            "9.x Первая зимняя фаза боя: бой осаждённой стороны за снятие осады (бои возвращения, затем вылазки, 8.3).",
        )
        .to_string(),
        Part::SiegeCombat => lang.pick(
            "9.x Second winter combat phase: the besiegers' siege combat (8.2: each 1–3 hits, Supplied besiegers only, 9.22); no block initiates combat in both phases.",
            "9.x Вторая зимняя фаза боя: осадный бой осаждающих (8.2: каждый результат 1–3 — попадание, только при снабжении, 9.22); ни один блок не начинает бой в обеих фазах.",
        )
        .to_string(),
        Part::End => lang.pick(
            "9.x End of Winter: every block ends it in a friendly city within its capacity, besieged in a city, or as a Supplied besieger (9.22); the others have no winter quarters.",
            "9.x Конец зимы: каждый блок заканчивает её в своём городе в пределах вместимости, в осаде в городе или как осаждающий со снабжением (9.22); у остальных нет зимних квартир.",
        )
        .to_string(),
    }
}

/// `WinterEvent::Moved` in `lang`, for `reader` (None: the moderator). 9.x a Quartering or
/// Return move. `route`: the start, then every place entered, up to the battle place when
/// the move ends in a Return battle (`battle`).
#[allow(clippy::too_many_arguments)] // one parameter per field of the event
fn moved(
    sc: &Scenario,
    reader: Option<&str>,
    s: &str,
    verb: &Verb,
    blocks: &[String],
    carried: &[String],
    route: &[String],
    city: &str,
    default: &bool,
    battle: &Option<String>,
    inside: &bool,
    lang: Lang,
) -> String {
    let from = &route[0];
    let path = route.join(" → ");
    let (from_ru, city_nom, city_into) = (
        words::place(from, Lang::Ru, At::From),
        words::place(city, Lang::Ru, At::Nom),
        words::place(city, Lang::Ru, At::Into),
    );
    let (city_acc, city_gen) = (
        words::place(city, Lang::Ru, At::Acc),
        words::place(city, Lang::Ru, At::Gen),
    );
    let who = if owns(reader, s) {
        blocks.join(", ")
    } else {
        count(lang, blocks.len(), BLOCKS)
    };
    let what = match (verb, lang) {
        (Verb::Return, Lang::En) => "Returning home",
        (Verb::Return, Lang::Ru) => "Возвращение домой",
        (_, Lang::En) => "Quartering",
        (_, Lang::Ru) => "Зимние квартиры",
    };
    let mut line = match (verb, lang) {
        (Verb::Return, Lang::En) => format!(
            "9.x {what} ({}): {who} from {from} to the home city {city} ({path})",
            words::side(sc, s, lang, Case::Nom)
        ),
        (_, Lang::En) => format!(
            "9.x {what} ({}): {who} from {from} into {city} ({path})",
            words::side(sc, s, lang, Case::Nom)
        ),
        (Verb::Return, Lang::Ru) => format!(
            "9.x {what} ({}): {who} {from_ru} в родной город {city_nom} ({path})",
            words::side(sc, s, lang, Case::Nom)
        ),
        (_, Lang::Ru) => format!(
            "9.x {what} ({}): {who} {from_ru} {city_into} ({path})",
            words::side(sc, s, lang, Case::Nom)
        ),
    };
    if !carried.is_empty() {
        let c = if owns(reader, s) {
            carried.join(", ")
        } else {
            count(lang, carried.len(), BLOCKS)
        };
        line.push_str(&lang.pick(
            format!(", carrying {c} (5.21)"),
            format!(", на борту {c} (5.21)"),
        ));
    }
    match (battle, inside) {
        (Some(p), _) if p == city => line.push_str(&lang.pick(
            format!(": the enemy still besieges {city}, so a Return battle is fought there against the besiegers."),
            format!(": противник по-прежнему осаждает {city_acc}, поэтому там идёт бой возвращения с осаждающими."),
        )),
        (Some(p), _) => line.push_str(&lang.pick(
            format!(": enemy fleets still hold {p}, the offshore sea of {city}, so a Return battle is fought there."),
            format!(": вражеские флоты по-прежнему {}, прибрежном море {city_gen}, поэтому там идёт бой возвращения.", words::place(p, Lang::Ru, At::In)),
        )),
        (None, true) => {
            let one = blocks.len() + carried.len() == 1;
            line.push_str(&lang.pick(
                format!(
                    ", entering besieged {city} through its offshore sea: {} inside the walls.",
                    if one { "it winters" } else { "they winter" }
                ),
                format!(
                    ", входя в осаждённый город {city_nom} через его прибрежное море: {} за стенами.",
                    if one { "он зимует" } else { "они зимуют" }
                ),
            ))
        }
        (None, false) => line.push('.'),
    }
    if *default && owns(reader, s) {
        line.push_str(lang.pick(
            " (The documented default: no winter order named it.)",
            " (Правило по умолчанию: ни один зимний приказ его не называл.)",
        ));
    }
    line
}

/// `WinterEvent::Void` in `lang`. A winter move the state did not allow when it was carried
/// out.
fn void(sc: &Scenario, s: &str, blocks: &[String], why: &str, lang: Lang) -> String {
    lang.pick(
        format!(
            "9.x The winter move of {} ({}) is void: {why}.",
            blocks.join(", "),
            words::side(sc, s, lang, Case::Nom)
        ),
        format!(
            "9.x Зимнее перемещение {} ({}) не выполнено: «{why}».",
            blocks.join(", "),
            words::side(sc, s, lang, Case::Nom)
        ),
    )
}

/// `WinterEvent::ReturnBattle` in `lang`. 9.x a Return battle begins at `place`: `blocks`
/// try to break the enemy's siege or blockade of their home city.
fn return_battle(
    sc: &Scenario,
    s: &str,
    city: &str,
    place: &str,
    naval: &bool,
    blocks: &[String],
    lang: Lang,
) -> String {
    let one = blocks.len() == 1;
    let how = match (naval, lang) {
        (true, Lang::En) => format!("a naval battle in {place}, the offshore sea of {city}"),
        (true, Lang::Ru) => format!(
            "морская битва {}, прибрежном море {}",
            words::place(place, Lang::Ru, At::In),
            words::place(city, Lang::Ru, At::Gen)
        ),
        (false, Lang::En) => format!("a battle at {place} against the besiegers"),
        (false, Lang::Ru) => format!(
            "битва у {} с осаждающими",
            words::place(place, Lang::Ru, At::Gen)
        ),
    };
    lang.pick(
        format!(
            "9.x Return battle ({}): {} {} to break the enemy's {} of {} home city {city}: {how}.",
            words::side(sc, s, lang, Case::Nom),
            blocks.join(", "),
            if one { "tries" } else { "try" },
            if *naval { "blockade" } else { "siege" },
            if one { "its" } else { "their" }
        ),
        format!(
            "9.x Бой возвращения ({}): {} {} прорвать {} своего родного города {}: {how}.",
            words::side(sc, s, lang, Case::Nom),
            blocks.join(", "),
            if one {
                "пытается"
            } else {
                "пытаются"
            },
            if *naval {
                "блокаду"
            } else {
                "осаду"
            },
            words::place(city, Lang::Ru, At::Nom)
        ),
    )
}

/// `WinterEvent::Reached` in `lang`. 9.x the returning blocks reached their home city after
/// the Return battle.
fn reached(
    sc: &Scenario,
    s: &str,
    city: &str,
    blocks: &[String],
    inside: &bool,
    lang: Lang,
) -> String {
    let one = blocks.len() == 1;
    let walls = match (inside, lang) {
        (true, Lang::En) => ", inside the walls of the besieged city",
        (true, Lang::Ru) => ", за стенами осаждённого города",
        (false, _) => "",
    };
    lang.pick(
        format!(
            "9.x {} ({}) {} home city {city}{walls}.",
            blocks.join(", "),
            words::side(sc, s, lang, Case::Nom),
            if one { "reaches its" } else { "reach their" }
        ),
        format!(
            "9.x {} ({}) {} родного города {}{walls}.",
            blocks.join(", "),
            words::side(sc, s, lang, Case::Nom),
            if one {
                "достигает"
            } else {
                "достигают"
            },
            words::place(city, Lang::Ru, At::Nom)
        ),
    )
}

/// `WinterEvent::Captors` in `lang`, for `reader` (None: the moderator). 9.x [A]
/// `params.winter.captors`: the city fell to the winter siege combat of a lawful (Supplied)
/// siege; its besiegers and blockaders keep winter quarters: `entered` fleets sailed into
/// the captured port, `kept` blocks keep their position.
fn captors(
    sc: &Scenario,
    reader: Option<&str>,
    s: &str,
    city: &str,
    entered: &[String],
    kept: &[String],
    lang: Lang,
) -> String {
    let list = |ids: &[String]| {
        if owns(reader, s) {
            ids.join(", ")
        } else {
            count(lang, ids.len(), BLOCKS)
        }
    };
    let mut parts: Vec<String> = Vec::new();
    if !entered.is_empty() {
        parts.push(lang.pick(
            format!(
                "{} {} the captured port",
                list(entered),
                if entered.len() == 1 {
                    "enters"
                } else {
                    "enter"
                }
            ),
            format!(
                "{} {} в захваченный порт",
                list(entered),
                if entered.len() == 1 {
                    "входит"
                } else {
                    "входят"
                }
            ),
        ));
    }
    if !kept.is_empty() {
        parts.push(lang.pick(
            format!(
                "{} {} {} position",
                list(kept),
                if kept.len() == 1 { "keeps" } else { "keep" },
                if kept.len() == 1 { "its" } else { "their" }
            ),
            format!(
                "{} {} на своих местах",
                list(kept),
                if kept.len() == 1 {
                    "остаётся"
                } else {
                    "остаются"
                }
            ),
        ));
    }
    lang.pick(
        format!(
            "9.x {city} fell to the Supplied siege of {}: its besiegers keep their winter quarters ({}; [A] `params.winter.captors`).",
            words::side(sc, s, lang, Case::Nom),
            parts.join("; ")
        ),
        format!(
            "9.x {city} пал при осаде со снабжением ({}): осаждавшие сохраняют зимние квартиры ({}; [A] `params.winter.captors`).",
            words::side(sc, s, lang, Case::Nom),
            parts.join("; ")
        ),
    )
}

/// `WinterEvent::Failed` in `lang`. 9.x the returning blocks failed to reach their home
/// city: they "must retreat and disband" (page 9) and are back in the pool.
fn failed(sc: &Scenario, s: &str, city: &str, blocks: &[String], lang: Lang) -> String {
    let one = blocks.len() == 1;
    lang.pick(
        format!(
            "9.x {} ({}) {}: {} (page 9), back to the pool.",
            blocks.join(", "),
            words::side(sc, s, lang, Case::Nom),
            if one {
                format!("fails to reach its home city {city}")
            } else {
                format!("fail to reach their home city {city}")
            },
            if one {
                "it must retreat and disband"
            } else {
                "they must retreat and disband"
            }
        ),
        format!(
            "9.x {} ({}) {} достичь родного города {}: {}.",
            blocks.join(", "),
            words::side(sc, s, lang, Case::Nom),
            if one {
                "не смог"
            } else {
                "не смогли"
            },
            words::place(city, Lang::Ru, At::Nom),
            if one {
                "он должен отступить и расформироваться (стр. 9) и возвращается в пул"
            } else {
                "они должны отступить и расформироваться (стр. 9) и возвращаются в пул"
            }
        ),
    )
}

/// `WinterEvent::Unwintered` in `lang`, for `reader` (None: the moderator). 9.x blocks of
/// `side` at `place` end the Winter without winter quarters, and what becomes of them ([A]
/// `params.winter.unwintered`).
#[allow(clippy::too_many_arguments)] // one parameter per field of the event
fn unwintered(
    sc: &Scenario,
    reader: Option<&str>,
    s: &str,
    place: &str,
    blocks: &[String],
    why: &Why,
    city: &Option<String>,
    fate: &Unwintered,
    lang: Lang,
) -> String {
    let who = if owns(reader, s) {
        lang.pick(
            format!(
                "{} ({})",
                blocks.join(", "),
                words::side(sc, s, lang, Case::Nom)
            ),
            format!(
                "{} ({})",
                blocks.join(", "),
                words::side(sc, s, lang, Case::Nom)
            ),
        )
    } else {
        lang.pick(
            format!(
                "{} of {}",
                count(lang, blocks.len(), BLOCKS),
                words::side(sc, s, lang, Case::Nom)
            ),
            format!(
                "{} {}",
                count(lang, blocks.len(), BLOCKS),
                words::side(sc, s, lang, Case::Gen)
            ),
        )
    };
    let c = city.clone().unwrap_or_default();
    let (c_acc, c_in) = (
        words::place(&c, Lang::Ru, At::Acc),
        words::place(&c, Lang::Ru, At::In),
    );
    let cap = city.as_deref().map(|c| siege::capacity(sc, c)).unwrap_or(0);
    let reason = match (why, lang) {
        (Why::Outside, Lang::En) => "outside any friendly city".to_string(),
        (Why::Outside, Lang::Ru) => "вне своих городов".to_string(),
        (Why::AtSea, Lang::En) => "at sea".to_string(),
        (Why::AtSea, Lang::Ru) => "в море".to_string(),
        (Why::Unsupplied, Lang::En) => {
            format!("besieging {c} without Supply (9.22)")
        }
        (Why::Unsupplied, Lang::Ru) => format!(
            "{} {c_acc} без снабжения (9.22)",
            if blocks.len() == 1 {
                "осаждающим"
            } else {
                "осаждающими"
            }
        ),
        (Why::NoRoom, Lang::En) => {
            format!("with no room in {c} (capacity {cap}: 2 × its value)")
        }
        (Why::NoRoom, Lang::Ru) => {
            format!("без места {c_in} (вместимость {cap}: 2 × ценность)")
        }
    };
    let one = blocks.len() == 1;
    let then = match (fate, lang, one) {
        (Unwintered::Disband, Lang::En, _) => "disbanded, back to the pool",
        (Unwintered::Disband, Lang::Ru, true) => "расформирован и возвращается в пул",
        (Unwintered::Disband, Lang::Ru, false) => "расформированы и возвращаются в пул",
        (Unwintered::Stay, Lang::En, true) => "it stays where it is",
        (Unwintered::Stay, Lang::En, false) => "they stay where they are",
        (Unwintered::Stay, Lang::Ru, true) => "он остаётся на месте",
        (Unwintered::Stay, Lang::Ru, false) => "они остаются на месте",
        (Unwintered::Attrition, Lang::En, _) => "winter attrition follows",
        (Unwintered::Attrition, Lang::Ru, _) => "следует зимнее истощение",
    };
    lang.pick(
        format!(
            "9.x {who} at {place} {} the Winter {reason}: {then} ([A] `params.winter.unwintered`).",
            if one { "ends" } else { "end" }
        ),
        format!(
            "9.x {who} {} к концу зимы {} {reason}: {then} ([A] `params.winter.unwintered`).",
            words::near_ru(sc, place),
            if one {
                "остаётся"
            } else {
                "остаются"
            }
        ),
    )
}

/// `WinterEvent::Attrition` in `lang`, for `reader` (None: the moderator). [A] winter
/// attrition of the blocks without winter quarters at `place`: one die per block, in game
/// file order; each die at or below `hit_on` costs that block a step.
fn attrition(
    sc: &Scenario,
    reader: Option<&str>,
    place: &str,
    label: &str,
    hit_on: &u32,
    rolls: &[(String, String, u32, u32)],
    lang: Lang,
) -> String {
    let faces = super::appeal::faces(&rolls.iter().map(|r| r.2).collect::<Vec<u32>>());
    let hits = rolls.iter().filter(|r| r.2 <= *hit_on).count();
    let mut s = lang.pick(
        format!(
            "9.x Winter attrition at {place} ([A] `params.winter.unwintered: attrition`; dice `{label}`): one die per block, each 1–{hit_on} costs it a step: {}; {}.",
            faces,
            count(lang, hits, HITS)
        ),
        format!(
            "9.x Зимнее истощение {} ([A] `params.winter.unwintered: attrition`; кубики `{label}`): по кубику на блок, каждый результат 1–{hit_on} стоит ему шага: {}; {}.",
            words::near_ru(sc, place),
            faces,
            count(lang, hits, HITS)
        ),
    );
    let mine: Vec<String> = rolls
        .iter()
        .filter(|r| owns(reader, &r.0) && r.2 <= *hit_on)
        .map(|(_, b, _, left)| match (left, lang) {
            (0, Lang::En) => format!("{b} eliminated"),
            (0, Lang::Ru) => format!("{b} уничтожен"),
            (n, Lang::En) => format!("{b} to {}", count(lang, *n as usize, STEPS_LEFT)),
            (n, Lang::Ru) => format!("{b} — осталось {}", count(lang, *n as usize, STEPS_LEFT)),
        })
        .collect();
    if !mine.is_empty() {
        s.push_str(&lang.pick(
            format!(" Losses: {}.", mine.join("; ")),
            format!(" Потери: {}.", mine.join("; ")),
        ));
    }
    s
}
