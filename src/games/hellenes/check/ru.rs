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
        "the Event of {} does nothing at New Year: the card is spent for nothing",
        "событие карты {0} в Новый год ничего не делает: карта потрачена впустую",
    ),
    ("{}: a combat Event", "{0}: боевое событие"),
    (
        "rule 10.4: there is no combat phase at New Year, so combat Events do not work",
        "правило 10.4: в Новый год нет фазы боя, поэтому боевые события не действуют",
    ),
    (
        "play it for its Action value as a sacrifice (`for: action, sacrifice: <Olympian>`), or keep it for a season",
        "сыграйте её на действия как жертву (`for: action, sacrifice: <олимпиец>`) или приберегите на сезон",
    ),
    // Card Events and their targets (check::events)
    (
        "a target is named only for a card played for its Event",
        "цель указывают только для карты, сыгранной как событие",
    ),
    (
        "rule 1.0: a card is played for its Action value or its Event",
        "правило 1.0: карта играется на действия или как событие",
    ),
    ("write `for: event`, or leave `target` out", "напишите `for: event` или уберите `target`"),
    (
        "{} {} can be played for its Event by {} only",
        "{0} {1} как событие может сыграть только сторона {2}",
    ),
    (
        "rule 1.0 [A] `cards[{}].only`: a leader of one side is played for its Event by that side",
        "правило 1.0 [A] `cards[{0}].only`: лидера одной стороны как событие играет только эта сторона",
    ),
    ("play it for its Action value (`for: action`)", "сыграйте её на действия (`for: action`)"),
    (
        "the Event of {} {} lasts a season: it cannot be played at New Year",
        "событие карты {0} {1} длится сезон: его нельзя сыграть в Новый год",
    ),
    (
        "rule 10.4 [A] no player turn follows the New Year card: an Event that lasts the season has nothing to act on",
        "правило 10.4 [A] за картой Нового года не следует тур игрока: событию на сезон не на что действовать",
    ),
    (
        "play it for its Action value as a sacrifice, or keep it for a season",
        "сыграйте её на действия как жертву или приберегите на сезон",
    ),
    (
        "rule 1.0 [A] `cards[{}].target`: what the Event of {} {} is played on",
        "правило 1.0 [A] `cards[{0}].target`: на что играется событие карты {1} {2}",
    ),
    ("the Event of {} {} takes no target", "событие карты {0} {1} не выбирает цели"),
    ("leave `target` out", "уберите `target`"),
    (
        "the Event of {} {} is played on {}: name it with `target:`",
        "событию карты {0} {1} нужна цель: назовите её в `target:`",
    ),
    (
        "no target is open to you now: play the card for its Action value",
        "сейчас вам не доступна ни одна цель: сыграйте карту на действия",
    ),
    ("open to you now: {}", "доступно вам сейчас: {0}"),
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
