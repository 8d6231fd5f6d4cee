//! The Successors checks' own phrases in Russian (`kit::tr`): the rules' refusals carry
//! their Russian (`model::refusal`); these are the rest a Russian player's `check`,
//! `receive` answers and report show — the checker's own messages, the hints, the
//! forms' rules and the names it looks up. The words are the report's (`text::words`):
//! БЧ for CU, ОП (operation points), ОД (movement points), зона for a space, генерал
//! for a general, Тихе. Spaces and cards keep their ids, as in the reports; players and
//! generals named in a sentence are declined (`{0|gen}`) from the scenario's
//! `declension_ru`.

use dikast_core::kit::tr::{Phrases, Tongue};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The Successors words of a diagnostic.
pub fn tongue() -> Tongue {
    Tongue {
        phrases: PHRASES,
        name: |_| None,
        form: |w, f| name_in(w, f),
    }
}

/// The names a diagnostic declines: players by id (`antipatros`) and generals by id
/// (`Leonnatos`), each with its Russian name and case forms, read from the embedded
/// scenario (a game file names players and generals by id).
#[derive(serde::Deserialize)]
struct Names {
    houses: Vec<Named>,
    generals: Vec<Named>,
    #[serde(default)]
    declension_ru: BTreeMap<String, [String; 5]>,
}

#[derive(serde::Deserialize)]
struct Named {
    id: String,
    name_ru: String,
}

/// A player's or a general's Russian name by id in a form (`nom`, `gen`, …), as the
/// reports print it (`antipatros`, `gen`: Антипатра).
fn name_in(id: &str, form: &str) -> Option<String> {
    static T: OnceLock<Option<Names>> = OnceLock::new();
    let names = T
        .get_or_init(|| {
            crate::prebuilt::get("games/successors/model/successors-323.yaml")
                .and_then(|p| p.read::<Names>())
        })
        .as_ref()?;
    let nominative = names
        .houses
        .iter()
        .chain(&names.generals)
        .find(|n| n.id == id)
        .map(|n| n.name_ru.as_str())?;
    let i = match form {
        "gen" => 0,
        "dat" => 1,
        "acc" => 2,
        "ins" => 3,
        "loc" => 4,
        _ => return Some(nominative.to_string()),
    };
    Some(
        names
            .declension_ru
            .get(nominative)
            .map(|f| f[i].clone())
            .unwrap_or_else(|| nominative.to_string()),
    )
}

const PHRASES: Phrases = &[
    // names (`Check::name_among`)
    ("there is no space called `{}`", "нет зоны `{0}`"),
    ("unknown space", "неизвестная зона"),
    ("a space", "зона"),
    (
        "the spaces are listed in your view (`spaces:`) and on the map",
        "зоны перечислены в вашем виде (`spaces:`) и на карте",
    ),
    ("there is no general of yours on the map called `{}`", "на карте нет вашего генерала `{0}`"),
    ("unknown general of yours on the map", "не ваш генерал на карте"),
    ("a general of yours on the map", "ваш генерал на карте"),
    (
        "your generals are the armies of your view with `player:` you",
        "ваши генералы — армии вашего вида, у которых `player:` — вы",
    ),
    ("there is no card in your hand called `{}`", "у вас на руке нет карты `{0}`"),
    ("unknown card in your hand", "нет на руке"),
    ("a card in your hand", "карта с вашей руки"),
    ("your hand is listed in your view (`hand:`)", "ваша рука перечислена в вашем виде (`hand:`)"),
    ("there is no reserve general called `{}`", "нет резервного генерала `{0}`"),
    ("unknown reserve general", "неизвестный резервный генерал"),
    ("a reserve general", "резервный генерал"),
    (
        "the reserve generals are listed in docs/scenario-successors.md",
        "резервные генералы перечислены в docs/scenario-successors.md",
    ),
    (
        "there is no card revealed for nobody this round called `{}`",
        "среди карт, открытых как ничьи в этом раунде, нет `{0}`",
    ),
    ("unknown card revealed for nobody this round", "не открыта как ничья"),
    ("a card revealed for nobody this round", "карта, открытая как ничья в этом раунде"),
    (
        "the cards revealed for nobody are in your view (`revealed:`)",
        "карты, открытые как ничьи, есть в вашем виде (`revealed:`)",
    ),
    // an army's steps
    (
        "{} has {} action points left here; this step needs {}",
        "у {0|gen} здесь осталось очков действия: {1}; этому шагу нужно {2}",
    ),
    ("drop a step, or use a card's OPs to force-march", "уберите шаг или форсируйте марш за ОП карты"),
    ("at most {} attempts against {} in this segment", "не больше {0} попыток против {1} в этом сегменте"),
    ("a land step follows a road or crosses a strait; see the map", "сухопутный шаг идёт по дороге или через пролив; см. карту"),
    ("at most {} CUs are inside a city, so at most {} sally", "в городе не больше {0} БЧ, поэтому делают вылазку не больше {1}"),
    ("{} is activated once a segment", "армия {0|gen} активируется раз за сегмент"),
    ("end the path at {}", "закончите путь в {0}"),
    // Tyche cards
    ("{} is an Event card: its event or its OPs", "{0} — карта события: ради события или ради ОП"),
    ("{} is a Bonus card: its event, its OPs, or both", "{0} — бонусная карта: ради события, ради ОП или ради того и другого"),
    ("{} is a Surprise card: its event, or discard and draw", "{0} — карта сюрприза: ради события или сбросить и взять новую"),
    (
        "`target` names the space an event acts on; {} played so has none",
        "`target` называет зону, на которую действует событие; у {0}, сыгранной так, её нет",
    ),
    (
        "{}'s event modifies assaults against one space: name it with `target:`",
        "событие {0} меняет штурмы одной зоны: назовите её в `target:`",
    ),
    (
        "{}'s event acts on one space: name it with `target:`",
        "событие {0} действует на одну зону: назовите её в `target:`",
    ),
    (
        "{}'s event gives CUs to an army of yours: name its space with `target:`",
        "событие {0} даёт БЧ вашей армии: назовите её зону в `target:`",
    ),
    (
        "{}'s CUs go to an army of yours, and you have none at {}",
        "БЧ карты {0} идут вашей армии, а в {1} у вас её нет",
    ),
    ("{} played so activates no independent army", "{0}, сыгранная так, не активирует независимую армию"),
    ("{} activates no independent army", "{0} не активирует независимую армию"),
    ("`{}` spends OPs; this card is played for its event", "`{0}` тратит ОП, а эта карта сыграна ради события"),
    (
        "{} already holds a control marker: OPs place one only on a space without",
        "в {0} уже есть маркер контроля: за ОП маркер ставится только в зону без маркера",
    ),
    ("{} is not within {} MPs of one of your markers", "{0} дальше {1} ОД от ваших маркеров"),
    ("you have {} fleets, the most a player may have [A]", "у вас флотов: {0}, это наибольшее число для игрока [A]"),
    ("one new general per card: `general: { Name: Space }`", "один новый генерал на карту: `general: { Name: Space }`"),
    (
        "{} is not a major city or fortress of yours free of enemies [A]",
        "{0} — не ваш крупный город или крепость без врагов [A]",
    ),
    (
        "a new general comes into a major city or fortress you control",
        "новый генерал появляется в крупном городе или крепости под вашим контролем",
    ),
    ("{} has {} OPs; what the orders buy with them costs {}", "у {0} ОП: {1}; купленное приказами стоит {2}"),
    (
        "a marker costs {}, a mercenary CU {}, a Loyal Macedonian {}, a fleet upgrade {}, a new general {}",
        "маркер стоит {0}, БЧ наёмников — {1}, верная македонская БЧ — {2}, усиление флота — {3}, новый генерал — {4}",
    ),
    ("a force-march moves one army", "форсированный марш двигает одну армию"),
    (
        "{}, or the moderator writes its effect in a copy of the scenario (`docs/scenario-successors.md`)",
        "{0} или пусть ведущий впишет её действие в копию сценария (`docs/scenario-successors.md`)",
    ),
    ("play it for its OPs (`for: ops`)", "сыграйте её на ОП (`for: ops`)"),
    (
        "discard it to draw another (`for: discard`)",
        "сбросьте её и возьмите другую (`for: discard`)",
    ),
    // the Surrender segment
    ("one attempt against {} in the Surrender segment", "одна попытка против {0} в сегменте сдачи"),
    ("you have no army in the field at {}", "у вас нет армии в поле в {0}"),
    (
        "the Surrender segment's attempt is made by an army already in the space",
        "попытку сегмента сдачи делает армия, уже стоящая в зоне",
    ),
    // not this step
    (
        "only the player who resolves this round's cards revealed for nobody sends `nobody` (your view's `revealed_for`)",
        "`nobody` присылает только игрок, разыгрывающий карты этого раунда, открытые как ничьи (`revealed_for` вашего вида)",
    ),
    (
        "game turn I begins with the Tyche draw; send entropy (and standing orders) only",
        "игровой ход I начинается с взятия карт Тихе; присылайте только энтропию (и постоянные приказы)",
    ),
    ("the game is over", "игра окончена"),
    // the forms' rules (check::forms, shown as `rule <n>: <what>`)
    ("a sea move to a port of the same sea", "морское перемещение в порт того же моря"),
    (
        "the spaces your armies in the field there assault or subjugate",
        "зоны, которые ваши армии в поле там штурмуют или подчиняют",
    ),
    (
        "the Surrender segment's assault/subjugation attempts, one per space",
        "попытки штурма или подчинения в сегменте сдачи, по одной на зону",
    ),
    ("a card of your hand", "карта с вашей руки"),
    (
        "event / ops (Event cards), event / ops / both (Bonus), event / discard (Surprise)",
        "event / ops (карты событий), event / ops / both (бонусные), event / discard (сюрпризы)",
    ),
    (
        "the space an event acts on: the assaulted space (Helepolis, Traitor in the City), or where your army gets an event's CUs",
        "зона, на которую действует событие: штурмуемая зона («Гелеполь», «Предатель в городе») или та, где ваша армия получает БЧ события",
    ),
    ("the orders of the independent army the event activates", "приказы независимой армии, которую активирует событие"),
    ("OPs: control markers within reach of yours", "ОП: маркеры контроля в пределах досягаемости ваших"),
    ("OPs: a mercenary CU for each general named", "ОП: БЧ наёмников каждому названному генералу"),
    ("OPs: a Loyal Macedonian CU for each general named", "ОП: верная македонская БЧ каждому названному генералу"),
    ("OPs: a fleet upgrade (one more fleet)", "ОП: усиление флота (ещё один флот)"),
    (
        "OPs: a new (reserve) general and the major city or fortress of yours he comes into (general: space)",
        "ОП: новый (резервный) генерал и ваш крупный город или крепость, куда он приходит (генерал: зона)",
    ),
    ("OPs: force-march one army (general: steps), MPs = the OPs left", "ОП: форсированный марш одной армии (генерал: шаги), ОД = оставшиеся ОП"),
    ("the Tyche card you play this round", "карта Тихе, которую вы играете в этом раунде"),
    (
        "for the player with the fewest VP: orders of the armies the cards revealed for nobody activate (card: order)",
        "для игрока с наименьшим числом ПО: приказы армиям, которые активируют карты, открытые как ничьи (карта: приказ)",
    ),
    ("your armies in the order they act (general: steps)", "ваши армии в порядке их действий (генерал: шаги)"),
    ("generals whose armies try to avoid battle when attacked", "генералы, чьи армии при нападении пытаются уклониться от боя"),
    ("generals whose armies intercept enemies moving by land next to them", "генералы, чьи армии перехватывают врагов, идущих по суше рядом"),
    (
        "a small army attacked in its own walled city goes inside (default yes)",
        "малая армия, атакованная в своём городе со стенами, уходит за стены (по умолчанию да)",
    ),
    ("CUs that sally from each besieged city (city: count)", "БЧ, делающие вылазку из каждого осаждённого города (город: число)"),
    ("intercept sea moves at ports you besiege (default yes)", "перехватывать морские перемещения у портов, которые вы осаждаете (по умолчанию да)"),
    ("standing orders: reactions decided in advance (replace the old ones)", "постоянные приказы: реакции, решённые заранее (заменяют прежние)"),
    // generic, last
    ("rule {}: {}", "правило {0}: {1}"),
    ("rule {}", "правило {0}"),
];

#[cfg(test)]
mod tests {
    use dikast_core::kit::tr::sentence;

    #[test]
    fn players_are_named_in_russian() {
        assert_eq!(
            sentence(
                "these orders are for ptolemaios, but they are checked as the orders of antipatros",
                super::tongue()
            ),
            "эти приказы — за сторону Птолемей, а проверяются как приказы стороны Антипатр"
        );
    }

    #[test]
    fn generals_are_named_in_russian_and_declined() {
        assert_eq!(
            sentence(
                "Leonnatos has 2 action points left here; this step needs 3",
                super::tongue()
            ),
            "у Леонната здесь осталось очков действия: 2; этому шагу нужно 3"
        );
        assert_eq!(
            sentence("Eumenes is activated once a segment", super::tongue()),
            "армия Эвмена активируется раз за сегмент"
        );
    }
}
