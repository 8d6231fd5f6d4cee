//! How each side reads an appeal to an Olympian (11.0): the re-rolled dice of a battle
//! shot, Zeus's redeal and Apollo's redraw, in each report language.

use super::teller::owns;
use crate::model::battle::Reroll;
use crate::model::events::appeal::AppealEvent;
use crate::model::scenario::Scenario;
use crate::model::state::NotMade;
use crate::text::words;
use dikast_core::lang::Lang;

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

/// An appeal in rule terms for `viewer` (None: the moderator), in `lang`: one function
/// per event variant below. Both languages side by side: edit them together.
pub fn narrate(sc: &Scenario, e: &AppealEvent, viewer: Option<&str>, lang: Lang) -> String {
    match e {
        AppealEvent::NotMade {
            side,
            olympian,
            label,
            why,
        } => not_made(sc, viewer, side, olympian, label, why, lang),
        AppealEvent::Dice {
            side,
            olympian,
            owner,
            label,
            reroll,
            first,
            again,
        } => dice(sc, side, olympian, owner, label, reroll, first, again, lang),
        AppealEvent::Zeus {
            side,
            olympian,
            label,
            discarded,
            drawn,
        } => zeus(sc, viewer, side, olympian, label, discarded, drawn, lang),
        AppealEvent::Apollo {
            side,
            olympian,
            owner,
            city,
            returned,
            drawn,
            reroll,
        } => apollo(
            sc, viewer, side, olympian, owner, city, returned, drawn, reroll, lang,
        ),
    }
}

/// `AppealEvent::NotMade` in `lang`. `side`'s standing appeal to `olympian` fitted the
/// result `label` but was not made (told to `side` only: its standing orders are its own).
fn not_made(
    sc: &Scenario,
    viewer: Option<&str>,
    side: &str,
    olympian: &str,
    label: &str,
    why: &NotMade,
    lang: Lang,
) -> String {
    let own = viewer == Some(side);
    let (en, ru) = match why {
        NotMade::OncePerTurn => (
            format!(
                "{} was already appealed to this player turn (each Olympian at most once)",
                name(olympian, Lang::En)
            ),
            format!(
                "к олимпийцу {} уже обращались в этот ход игрока (к каждому не более одного раза)",
                name(olympian, Lang::Ru)
            ),
        ),
        NotMade::NoSacrifice => (
            format!(
                "{} no sacrifice on {}",
                if own { "you hold" } else { "it holds" },
                name(olympian, Lang::En)
            ),
            format!(
                "{} нет жертвы олимпийцу {}",
                if own { "у вас" } else { "у неё" },
                name(olympian, Lang::Ru)
            ),
        ),
        NotMade::TooRecent => (
            format!(
                "{} sacrifice on {} is of this year; it must date from an earlier one",
                if own { "your" } else { "its" },
                name(olympian, Lang::En)
            ),
            format!(
                "{} жертва олимпийцу {} принесена в этом году, а должна быть более ранней",
                if own { "ваша" } else { "её" },
                name(olympian, Lang::Ru)
            ),
        ),
    };
    if own {
        lang.pick(
            format!(
                "11.0 Your standing appeal to {} on `{label}` was not made: {en}.",
                name(olympian, lang)
            ),
            format!(
                "11.0 Ваше постоянное обращение к олимпийцу {} о `{label}` не исполнено: {ru}.",
                name(olympian, lang)
            ),
        )
    } else {
        lang.pick(
            format!(
                "11.0 {} standing appeal to {} on `{label}` was not made: {en}.",
                words::possessive(&words::side(sc, side, lang, words::Case::Nom)),
                name(olympian, lang)
            ),
            format!(
                "11.0 Постоянное обращение {} к олимпийцу {} о `{label}` не исполнено: {ru}.",
                words::side(sc, side, lang, words::Case::Gen),
                name(olympian, lang)
            ),
        )
    }
}

/// `AppealEvent::Dice` in `lang`. Dice re-rolled: `first` from `label`, `again` from
/// `reroll`.
#[allow(clippy::too_many_arguments)] // one parameter per field of the event
fn dice(
    sc: &Scenario,
    side: &str,
    olympian: &str,
    owner: &str,
    label: &str,
    reroll: &str,
    first: &[u32],
    again: &[u32],
    lang: Lang,
) -> String {
    lang.pick(
        format!(
            "11.0 {} appeals to {} on {} roll `{label}` ({}): the sacrifice is spent and the dice are re-rolled, `{reroll}`: {}; the new result stands.",
            words::side(sc, side, lang, words::Case::Nom),
            name(olympian, lang),
            if side == owner { "its own".to_string() } else { words::possessive(&words::side(sc, owner, lang, words::Case::Nom)) },
            faces(first),
            faces(again)
        ),
        format!(
            "11.0 {} — обращение к {} о {} `{label}` ({}): жертва потрачена, кубики переброшены, `{reroll}`: {}; новый результат остаётся в силе.",
            words::side(sc, side, lang, words::Case::Nom),
            declined(olympian, lang, true),
            if side == owner { "своём броске".to_string() } else { format!("броске {}", words::side(sc, owner, lang, words::Case::Gen)) },
            faces(first),
            faces(again)
        ),
    )
}

/// `AppealEvent::Zeus` in `lang`. Zeus: `side`'s six cards discarded and six more dealt
/// (only `side` sees which).
#[allow(clippy::too_many_arguments)] // one parameter per field of the event
fn zeus(
    sc: &Scenario,
    viewer: Option<&str>,
    side: &str,
    olympian: &str,
    label: &str,
    discarded: &[String],
    drawn: &[String],
    lang: Lang,
) -> String {
    if owns(viewer, side) {
        lang.pick(
            format!(
                "11.0 {} appeals to {} on the deal `{label}`: the sacrifice is spent; it discards {} and is dealt {} from the top of the deck (not reshuffled).",
                words::side(sc, side, lang, words::Case::Nom),
                name(olympian, lang),
                discarded.join(", "),
                drawn.join(", ")
            ),
            format!(
                "11.0 {} — обращение к {} о раздаче `{label}`: жертва потрачена; сброшены {}, сверху колоды сданы {} (без перетасовки).",
                words::side(sc, side, lang, words::Case::Nom),
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
                words::side(sc, side, lang, words::Case::Nom),
                name(olympian, lang),
                lang.count(n, ["card", "cards"], ["", "", ""]),
                if n == 1 { "one" } else { "ones" }
            ),
            format!(
                "11.0 {} — обращение к {} о раздаче `{label}`: жертва потрачена; карты сброшены ({n}), сверху колоды сданы новые ({n}).",
                words::side(sc, side, lang, words::Case::Nom),
                declined(olympian, lang, true)
            ),
        )
    }
}

/// `AppealEvent::Apollo` in `lang`. Apollo: `owner`'s new block at `city` returned to the
/// pool and drawn again (only `owner` sees the ids).
#[allow(clippy::too_many_arguments)] // one parameter per field of the event
fn apollo(
    sc: &Scenario,
    viewer: Option<&str>,
    side: &str,
    olympian: &str,
    owner: &str,
    city: &str,
    returned: &str,
    drawn: &str,
    reroll: &str,
    lang: Lang,
) -> String {
    if owns(viewer, owner) {
        lang.pick(
            format!(
                "11.0 {} appeals to {} on {} new block at {city}: {returned} goes back to the pool and {drawn} is drawn instead (sealed draw `{reroll}`); the sacrifice is spent.",
                words::side(sc, side, lang, words::Case::Nom),
                name(olympian, lang),
                if side == owner { "its own".to_string() } else { words::possessive(&words::side(sc, owner, lang, words::Case::Nom)) },
            ),
            format!(
                "11.0 {} — обращение к {} о {} {}: {returned} возвращается в пул, вместо него вытянут {drawn} (запечатанная выборка `{reroll}`); жертва потрачена.",
                words::side(sc, side, lang, words::Case::Nom),
                declined(olympian, lang, true),
                if side == owner { "своём новом блоке".to_string() } else { format!("новом блоке {}", words::side(sc, owner, lang, words::Case::Gen)) },
                words::place(city, Lang::Ru, words::At::In),
            ),
        )
    } else {
        lang.pick(
            format!(
                "11.0 {} appeals to {} on {} new block at {city}: it goes back to the pool and another is drawn (sealed draw `{reroll}`); the sacrifice is spent.",
                words::side(sc, side, lang, words::Case::Nom),
                name(olympian, lang),
                words::possessive(&words::side(sc, owner, lang, words::Case::Nom)),
            ),
            format!(
                "11.0 {} — обращение к {} о новом блоке {} {}: блок возвращается в пул, вытянут другой (запечатанная выборка `{reroll}`); жертва потрачена.",
                words::side(sc, side, lang, words::Case::Nom),
                declined(olympian, lang, true),
                words::side(sc, owner, lang, words::Case::Gen),
                words::place(city, Lang::Ru, words::At::In),
            ),
        )
    }
}
