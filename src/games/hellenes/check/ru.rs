//! The Hellenes checks' own phrases in Russian (`kit::tr`): a Russian player's `check`,
//! `receive` answers and report show his diagnostics with them; the checks themselves
//! write English, the moderator's language. Card and Olympian names come from the
//! reports' table (`names::russian`).

use crate::kit::tr::{Phrases, Tongue};

/// The Hellenes words of a diagnostic.
pub fn tongue() -> Tongue {
    Tongue {
        phrases: PHRASES,
        name: |w| super::names::russian(w).map(String::from),
    }
}

const PHRASES: Phrases = &[
    // names (check::context, siege_orders, year)
    ("there is no city called `{}` on the map", "на карте нет города `{0}`"),
    ("there is no place called `{}` on the map", "на карте нет места `{0}`"),
    ("unknown city", "неизвестный город"),
    ("unknown place", "неизвестное место"),
    ("unknown card", "неизвестная карта"),
    ("this place has no city", "в этом месте нет города"),
    (
        "names are as printed on the map; `dikast show` lists them",
        "названия пишутся как на карте; их перечисляет `dikast show`",
    ),
    ("you have no block `{}`", "у вас нет блока `{0}`"),
    ("not one of your blocks", "не ваш блок"),
    ("your view lists your blocks by id", "ваш вид перечисляет ваши блоки по id"),
    ("there is no card `{}`", "нет карты `{0}`"),
    ("`{}` is not in your hand", "карты `{0}` нет у вас на руке"),
    ("not in your hand", "нет на руке"),
    ("did you mean {}? your hand: {}", "может быть, {0}? у вас на руке: {1}"),
    ("your hand: {}", "у вас на руке: {0}"),
    // Events the program does not apply (check::orders)
    (
        "the Event of {} will not be applied: the card is spent for nothing",
        "событие карты {0} не будет применено: карта потрачена впустую",
    ),
    ("{}: its Event is not applied", "{0}: событие не применяется"),
    (
        "rule 1.0 [A]: a card is played for its Action value or its Event; this scenario gives this card's Event no effects, so dikast does not apply it",
        "правило 1.0 [A]: карта играется на действия или как событие; этот сценарий не даёт событию этой карты никаких эффектов, поэтому dikast его не применяет",
    ),
    (
        "play it for its Action value (`for: action`), or the moderator adds `effects:` to the card in the scenario",
        "сыграйте её на действия (`for: action`) или попросите ведущего добавить карте `effects:` в сценарии",
    ),
    // Olympians (check::appeals, check::year)
    ("there is no Olympian called `{}`", "нет олимпийца `{0}`"),
    ("unknown Olympian", "неизвестный олимпиец"),
    ("did you mean {}? the Olympians: {}", "может быть, {0}? олимпийцы: {1}"),
    ("the Olympians: {}", "олимпийцы: {0}"),
    ("an Olympian's name", "имя олимпийца"),
    (
        "the Olympians are listed in the scenario (`params.olympians`)",
        "олимпийцы перечислены в сценарии (`params.olympians`)",
    ),
    (
        "a card played for its Action value at New Year is a sacrifice to an Olympian",
        "карта, сыгранная на действия в Новый год, — жертва олимпийцу",
    ),
    ("one sacrifice per Olympian", "одна жертва на олимпийца"),
    (
        "a player may have at most one sacrifice on each Olympian; it stays until used",
        "у игрока не больше одной жертвы каждому олимпийцу; она остаётся, пока не использована",
    ),
    (
        "choose an Olympian you have no sacrifice on, e.g. {}",
        "выберите олимпийца, которому у вас нет жертвы, например {0}",
    ),
    (
        "an appeal names the Olympian with your sacrifice, the results it may re-roll (`on`) and when (`when`)",
        "просьба называет олимпийца, которому у вас есть жертва, броски, которые он может перебросить (`on`), и когда (`when`)",
    ),
    // movement (engine::movement, the checker's and resolution's one rule)
    ("{} is not next to {} by land", "{0} не граничит с {1} по суше"),
    ("{} is not next to {}", "{0} не граничит с {1}"),
    (
        "a land move goes from area to adjacent area",
        "сухопутный ход идёт из области в соседнюю",
    ),
    // the rules the forms cite (check::forms)
    ("the card you play this season", "карта, которую вы играете в этом сезоне"),
    (
        "standing orders; they replace your current ones whole",
        "постоянные приказы; они целиком заменяют нынешние",
    ),
    (
        "the acting side's actions in a player turn, at most the card's Action value",
        "действия ходящей стороны в тур игрока, не больше значения действий карты",
    ),
    (
        "a player plays a card from his own hand",
        "игрок играет карту со своей руки",
    ),
    (
        "the start (optional), then each place entered",
        "начало (можно не писать), затем каждое место на пути",
    ),
    (
        "the start (optional), then each sea entered",
        "начало (можно не писать), затем каждое море на пути",
    ),
];

#[cfg(test)]
mod tests {
    use crate::kit::tr::sentence;

    #[test]
    fn cards_in_a_hint_are_named_in_russian() {
        assert_eq!(
            sentence(
                "did you mean Pericles? your hand: C01 Pericles",
                super::tongue()
            ),
            "может быть, Перикл? у вас на руке: C01 Перикл"
        );
    }
}
