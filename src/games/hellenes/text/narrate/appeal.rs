//! How each side reads an appeal to an Olympian (11.0): the re-rolled dice of a battle
//! shot, Zeus's redeal and Apollo's redraw, in each report language.

use crate::games::hellenes::model::battle::Reroll;
use crate::games::hellenes::model::events::appeal::AppealEvent;
use crate::games::hellenes::model::scenario::Scenario;
use crate::games::hellenes::text::words;
use crate::lang::Lang;
/// An Olympian's name in `lang` (`Зевс`).
pub fn name(olympian: &str, lang: Lang) -> String {
    words::text(olympian, lang)
}

/// An Olympian's name declined in Russian: dative (`dat`, "жертва Зевсу", "просьба к
/// Афине") or accusative ("на Зевса", "на Афину"); a name the table does not translate
/// (a moderator's own Olympian) is left as it is, as are other languages.
pub fn declined(olympian: &str, lang: Lang, dat: bool) -> String {
    let n = name(olympian, lang);
    if lang != Lang::Ru || !n.chars().last().is_some_and(|c| ('а'..='я').contains(&c)) {
        return n;
    }
    match (n.strip_suffix('а'), dat) {
        (Some(stem), true) => format!("{stem}е"),
        (Some(stem), false) => format!("{stem}у"),
        (None, true) => format!("{n}у"),
        (None, false) => format!("{n}а"),
    }
}

/// The dice of a result in words (`1 6`): the one notation every report writes dice in
/// (battles, sieges, attrition, appeals).
pub fn faces(d: &[u32]) -> String {
    d.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The words before a re-rolled block's new dice in a battle's round line: `1 6; 11.0
/// Sparta appeals to Ares: re-roll `battle:Plataea#reroll-1``. Both languages side by
/// side: edit them together.
pub fn reroll_words(sc: &Scenario, r: &Reroll, sep: &str, lang: Lang) -> String {
    let who = words::side(sc, &r.side, lang, words::Case::Nom);
    let first = r
        .first
        .iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(sep);
    lang.pick(
        format!(
            "{first}; 11.0 {who} appeals to {} (the sacrifice is spent): re-roll `{}`: ",
            name(&r.olympian, lang),
            r.label
        ),
        format!(
            "{first}; 11.0 {who} — обращение к {} (жертва потрачена): переброс `{}`: ",
            declined(&r.olympian, lang, true),
            r.label
        ),
    )
}

/// An appeal in rule terms for `viewer` (None: the moderator), in `lang`. Both languages
/// side by side: edit them together.
pub fn narrate(sc: &Scenario, e: &AppealEvent, viewer: Option<&str>, lang: Lang) -> String {
    let nom = |s: &str| words::side(sc, s, lang, words::Case::Nom);
    let gen = |s: &str| words::side(sc, s, lang, words::Case::Gen);
    let sees = |s: &str| viewer.is_none() || viewer == Some(s);
    match e {
        AppealEvent::NotMade {
            side,
            olympian,
            label,
            why,
        } => {
            use crate::games::hellenes::model::state::NotMade;
            let own = viewer == Some(side.as_str());
            let (en, ru) = match why {
                NotMade::OncePerTurn => (
                    format!("{} was already appealed to this player turn (each Olympian at most once)", name(olympian, Lang::En)),
                    format!("к олимпийцу {} уже обращались в этот ход игрока (к каждому не более одного раза)", name(olympian, Lang::Ru)),
                ),
                NotMade::NoSacrifice => (
                    format!("{} no sacrifice on {}", if own { "you hold" } else { "it holds" }, name(olympian, Lang::En)),
                    format!("{} нет жертвы олимпийцу {}", if own { "у вас" } else { "у неё" }, name(olympian, Lang::Ru)),
                ),
                NotMade::TooRecent => (
                    format!("{} sacrifice on {} is of this year; it must date from an earlier one", if own { "your" } else { "its" }, name(olympian, Lang::En)),
                    format!("{} жертва олимпийцу {} принесена в этом году, а должна быть более ранней", if own { "ваша" } else { "её" }, name(olympian, Lang::Ru)),
                ),
            };
            if own {
                lang.pick(
                    format!("11.0 Your standing appeal to {} on `{label}` was not made: {en}.", name(olympian, lang)),
                    format!("11.0 Ваше постоянное обращение к олимпийцу {} о `{label}` не исполнено: {ru}.", name(olympian, lang)),
                )
            } else {
                lang.pick(
                    format!("11.0 {} standing appeal to {} on `{label}` was not made: {en}.", words::possessive(&nom(side)), name(olympian, lang)),
                    format!("11.0 Постоянное обращение {} к олимпийцу {} о `{label}` не исполнено: {ru}.", gen(side), name(olympian, lang)),
                )
            }
        }
        AppealEvent::Dice {
            side,
            olympian,
            owner,
            label,
            reroll,
            first,
            again,
        } => lang.pick(
            format!(
                "11.0 {} appeals to {} on {} roll `{label}` ({}): the sacrifice is spent and the dice are re-rolled, `{reroll}`: {}; the new result stands.",
                nom(side),
                name(olympian, lang),
                if side == owner { "its own".to_string() } else { words::possessive(&nom(owner)) },
                faces(first),
                faces(again)
            ),
            format!(
                "11.0 {} — обращение к {} о {} `{label}` ({}): жертва потрачена, кубики переброшены, `{reroll}`: {}; новый результат остаётся в силе.",
                nom(side),
                declined(olympian, lang, true),
                if side == owner { "своём броске".to_string() } else { format!("броске {}", gen(owner)) },
                faces(first),
                faces(again)
            ),
        ),
        AppealEvent::Zeus {
            side,
            olympian,
            label,
            discarded,
            drawn,
        } => {
            if sees(side) {
                lang.pick(
                    format!(
                        "11.0 {} appeals to {} on the deal `{label}`: the sacrifice is spent; it discards {} and is dealt {} from the top of the deck (not reshuffled).",
                        nom(side),
                        name(olympian, lang),
                        discarded.join(", "),
                        drawn.join(", ")
                    ),
                    format!(
                        "11.0 {} — обращение к {} о раздаче `{label}`: жертва потрачена; сброшены {}, сверху колоды сданы {} (без перетасовки).",
                        nom(side),
                        declined(olympian, lang, true),
                        discarded.join(", "),
                        drawn.join(", ")
                    ),
                )
            } else {
                let n = drawn.len() as u32;
                lang.pick(
                    format!(
                        "11.0 {} appeals to {} on the deal `{label}`: the sacrifice is spent; it discards its {} and is dealt {n} new {} from the top of the deck.",
                        nom(side),
                        name(olympian, lang),
                        lang.count(n, ["card", "cards"], ["", "", ""]),
                        if n == 1 { "one" } else { "ones" }
                    ),
                    format!(
                        "11.0 {} — обращение к {} о раздаче `{label}`: жертва потрачена; карты сброшены ({n}), сверху колоды сданы новые ({n}).",
                        nom(side),
                        declined(olympian, lang, true)
                    ),
                )
            }
        }
        AppealEvent::Apollo {
            side,
            olympian,
            owner,
            city,
            returned,
            drawn,
            reroll,
        } => {
            if sees(owner) {
                lang.pick(
                    format!(
                        "11.0 {} appeals to {} on {} new block at {city}: {returned} goes back to the pool and {drawn} is drawn instead (sealed draw `{reroll}`); the sacrifice is spent.",
                        nom(side),
                        name(olympian, lang),
                        if side == owner { "its own".to_string() } else { words::possessive(&nom(owner)) },
                    ),
                    format!(
                        "11.0 {} — обращение к {} о {} в {city}: {returned} возвращается в пул, вместо него вытянут {drawn} (запечатанная выборка `{reroll}`); жертва потрачена.",
                        nom(side),
                        declined(olympian, lang, true),
                        if side == owner { "своём новом блоке".to_string() } else { format!("новом блоке {}", gen(owner)) },
                    ),
                )
            } else {
                lang.pick(
                    format!(
                        "11.0 {} appeals to {} on {} new block at {city}: it goes back to the pool and another is drawn (sealed draw `{reroll}`); the sacrifice is spent.",
                        nom(side),
                        name(olympian, lang),
                        words::possessive(&nom(owner)),
                    ),
                    format!(
                        "11.0 {} — обращение к {} о новом блоке {} в {city}: блок возвращается в пул, вытянут другой (запечатанная выборка `{reroll}`); жертва потрачена.",
                        nom(side),
                        declined(olympian, lang, true),
                        gen(owner),
                    ),
                )
            }
        }
    }
}
