//! The refusals of `dikast odds --lang ru` for Successors in Russian: each English
//! refusal of `engine/odds.rs` matched whole against a phrase with `{}` holes
//! (`kit::tr`), its facts (names, numbers, options as typed) kept. A refusal no phrase
//! matches stays English: the tests below say which are matched.

use dikast_core::kit::tr::{sentence, Phrases, Tongue};

/// `e` in Russian when a phrase matches it, else `e`.
pub fn refusal(e: &str) -> String {
    sentence(
        e,
        Tongue {
            phrases: PHRASES,
            name: |_| None,
            form: |_, _| None,
        },
    )
}

const PHRASES: Phrases = &[
    (
        "no odds of `{}` in Successors; did you mean {}? kinds: {}",
        "в Successors нет расчёта `{0}`; может быть, {1}? виды: {2}",
    ),
    (
        "no odds of `{}` in Successors; kinds: {}",
        "в Successors нет расчёта `{0}`; виды: {1}",
    ),
    (
        "Successors odds take no `{}`; {}they take {}",
        "расчёт Successors не принимает `{0}`; {1}он принимает {2}",
    ),
    ("did you mean {}? ", "может быть, {0}? "),
    (
        "--with {}={} is out of range: from {} to {}",
        "--with {0}={1} вне допустимого: от {2} до {3}",
    ),
    (
        "--with {}={}: a number from {} to {} is needed",
        "--with {0}={1}: нужно число от {2} до {3}",
    ),
    (
        "give the space with --at (`{}` happens in one space)",
        "укажите зону в --at (`{0}` происходит в одной зоне)",
    ),
    (
        "--at {}: no space of that name on the map; did you mean {}?",
        "--at {0}: на карте нет зоны с таким именем; может быть, {1}?",
    ),
    (
        "--at {}: no space of that name on the map (names as printed on the map: `dikast show` lists them)",
        "--at {0}: на карте нет зоны с таким именем (имена как на карте: их перечисляет `dikast show`)",
    ),
    (
        "--side {}: no such player; did you mean {}?",
        "--side {0}: нет такого игрока; может быть, {1}?",
    ),
    (
        "--side {}: no such player; players: {}",
        "--side {0}: нет такого игрока; игроки: {1}",
    ),
    (
        "{} has no army on the map of your view; give his CUs (`{}`)",
        "у {0} нет армии на карте вашего вида; укажите его БЧ (`{1}`)",
    ),
    (
        "give {}'s CUs (`{}`): without --view the odds do not know his army",
        "укажите БЧ {0} (`{1}`): без --view расчёт не знает его армии",
    ),
    (
        "`{}` is no general or independent army of the scenario; did you mean {}?",
        "`{0}` — не генерал и не независимая армия сценария; может быть, {1}?",
    ),
    (
        "`{}` is no general or independent army of the scenario; give a general (`Krateros`, `Krateros=4`), an independent army (`scythians`) or CUs alone (`4`)",
        "`{0}` — не генерал и не независимая армия сценария; укажите генерала (`Krateros`, `Krateros=4`), независимую армию (`scythians`) или только БЧ (`4`)",
    ),
    (
        "`{}` takes one army with --attacker (`Krateros`, `Krateros=4`, or `4`); {} given",
        "`{0}` принимает одну армию в --attacker (`Krateros`, `Krateros=4` или `4`); дано: {1}",
    ),
    (
        "`{}` needs the defending army with --defender (`Seleukos`, `Seleukos=3`, `scythians` or `3`)",
        "для `{0}` нужна обороняющаяся армия в --defender (`Seleukos`, `Seleukos=3`, `scythians` или `3`)",
    ),
    (
        "{} needs an army of at least {} CUs (§{}); {} has {}",
        "для `{0}` нужна армия хотя бы из {1} БЧ (§{2}); у {3} их {4}",
    ),
    (
        "{} holds no independent control marker in your view: subjugation is against independent spaces (§3); ask `assault`",
        "в вашем виде в {0} нет независимого маркера контроля: подчиняют только независимые зоны (§3); спросите `assault`",
    ),
    (
        "{} is independent: its marker goes only by subjugation (§3); ask `subjugation`",
        "{0} независима: её маркер снимается только подчинением (§3); спросите `subjugation`",
    ),
    (
        "{} is not held against {} in your view: there is nothing to assault (§1)",
        "в вашем виде {0} не удерживается против {1}: штурмовать нечего (§1)",
    ),
    (
        "--with card={}: no such Tyche card; cards with an assault modifier: {}",
        "--with card={0}: нет такой карты Тихе; карты с модификатором штурма: {1}",
    ),
    (
        "--with segment={}: the segment of the first attempt is `surrender`, `tyche` or `activation` (§4)",
        "--with segment={0}: сегмент первой попытки — `surrender`, `tyche` или `activation` (§4)",
    ),
    (
        "no enemy army stands in the field at {} in your view; name the defenders with --defender",
        "в вашем виде в поле в {0} нет вражеской армии; назовите защитников в --defender",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// The refusals a player meets most, in Russian with their facts; one no phrase
    /// matches stays English.
    #[test]
    fn common_refusals_read_in_russian() {
        for (en, ru) in [
            (
                "--with attempts=26 is out of range: from 1 to 25",
                "--with attempts=26 вне допустимого: от 1 до 25",
            ),
            (
                "--at Babylom: no space of that name on the map; did you mean Babylon?",
                "--at Babylom: на карте нет зоны с таким именем; может быть, Babylon?",
            ),
            (
                "subjugation needs an army of at least 3 CUs (§3); Krateros has 2",
                "для `subjugation` нужна армия хотя бы из 3 БЧ (§3); у Krateros их 2",
            ),
            (
                "Successors odds take no `rounds`; did you mean points? they take --at",
                "расчёт Successors не принимает `rounds`; может быть, points? он принимает --at",
            ),
        ] {
            assert_eq!(refusal(en), ru);
        }
        assert_eq!(refusal("a refusal of no phrase"), "a refusal of no phrase");
    }
}
