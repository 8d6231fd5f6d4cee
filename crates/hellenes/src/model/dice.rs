//! The Hellenes dice labels (docs/dice.md §3): every stream or sealed event a Hellenes
//! step draws from is named here, once, and read back here (which Olympian may govern a
//! label, whether an appeal's pattern matches it), so no rule module writes a label with
//! its own `format!` and no reader parses one by hand. Each is a `dice::Label`, the
//! protocol's label type, built from its parts and read back by it.

use super::params::Governs;
use super::scenario::Scenario;
use dikast_core::dice::Label;
/// 2.0: a field or naval battle in `place` (an area or a sea).
pub fn battle(place: &str) -> String {
    Label::new(["battle", place]).to_string()
}

/// 9.x: a Return battle in `place` in the Winter step.
pub fn winter_battle(place: &str) -> String {
    Label::new(["winter", "battle", place]).to_string()
}

/// 9.x [A]: the winter attrition of blocks without winter quarters in `place`.
pub fn winter_attrition(place: &str) -> String {
    Label::new(["winter", place, "attrition"]).to_string()
}

/// 8.3: a sortie from `city`.
pub fn sortie(city: &str) -> String {
    Label::new(["siege", city, "sortie"]).to_string()
}

/// 8.1: an assault on `city`.
pub fn assault(city: &str) -> String {
    Label::new(["siege", city, "assault"]).to_string()
}

/// 8.1: the Treachery die of an assault on `city`.
pub fn treachery(city: &str) -> String {
    Label::new(["siege", city, "treachery"]).to_string()
}

/// 8.2: siege attrition against `city`.
pub fn attrition(city: &str) -> String {
    Label::new(["siege", city, "attrition"]).to_string()
}

/// 4.2: the blind draw of new blocks from `side`'s pool.
pub fn draw_pool(side: &str) -> String {
    Label::new(["draw", "pool", side]).to_string()
}

/// 1.0, 9.54: the shuffle and deal of `year` (BC).
pub fn deal(year: i32) -> String {
    Label::new(["deal".to_string(), year.to_string()]).to_string()
}

/// 14.2.2: the dice of a peace offer in `year` (BC).
pub fn peace(year: i32) -> String {
    Label::new(["peace".to_string(), year.to_string()]).to_string()
}

/// 1.0 [A]: the dice of `card`'s Event on `target` (a revolt's die, a storm's dice).
pub fn event(card: &str, target: &str) -> String {
    Label::new(["event", card, target]).to_string()
}

/// 11.0: the `n`th re-roll of the result `label` (dice.md §3).
pub fn reroll(label: &str, n: usize) -> String {
    match Label::parse(label) {
        Some(l) => l.reroll(n as u32).to_string(),
        None => format!("{label}#reroll-{n}"),
    }
}

/// The kind of result a label names, if an Olympian may govern it.
pub fn kind_of(sc: &Scenario, label: &str) -> Option<Governs> {
    let label = Label::parse(label)?;
    match label.words().as_slice() {
        ["battle", place] if sc.sea(place).is_some() => Some(Governs::NavalBattle),
        ["battle", _] => Some(Governs::LandBattle),
        ["winter", "battle", place] if sc.sea(place).is_some() => Some(Governs::NavalBattle),
        ["winter", "battle", _] => Some(Governs::LandBattle),
        ["siege", _, "sortie"] => Some(Governs::LandBattle),
        ["siege", _, "assault"] | ["siege", _, "treachery"] => Some(Governs::Assault),
        ["siege", _, "attrition"] => Some(Governs::Attrition),
        ["peace", _] | ["event", _, _] => Some(Governs::Event),
        ["deal", _] => Some(Governs::Deal),
        ["draw", "pool", _] => Some(Governs::NewBlocks),
        _ => None,
    }
}

/// Whether a label pattern matches a label: `*` stands for any text, any case (the
/// protocol's one pattern match, `dice::label_matches`).
pub fn matches(pattern: &str, label: &str) -> bool {
    dikast_core::dice::label_matches(pattern, label)
}

/// Every label of `kind` a game of this scenario can have (years: the scenario's first and
/// the thirty after it), for checking that an appeal's pattern can ever apply.
pub fn labels_of(sc: &Scenario, kind: Governs) -> Vec<String> {
    let cities = || {
        sc.areas
            .iter()
            .filter(|a| a.city.is_some())
            .map(|a| a.name.clone())
    };
    let years = || (0..=30).map(|d| sc.year - d);
    match kind {
        Governs::LandBattle => sc
            .areas
            .iter()
            .flat_map(|a| [battle(&a.name), winter_battle(&a.name)])
            .chain(cities().map(|c| sortie(&c)))
            .collect(),
        Governs::NavalBattle => sc
            .seas
            .iter()
            .flat_map(|s| [battle(&s.name), winter_battle(&s.name)])
            .collect(),
        Governs::Assault => cities()
            .flat_map(|c| [assault(&c), treachery(&c)])
            .collect(),
        Governs::Attrition => cities().map(|c| attrition(&c)).collect(),
        Governs::Event => years()
            .map(peace)
            .chain(
                sc.cards
                    .iter()
                    .filter(|c| c.target.is_some())
                    .flat_map(|c| {
                        sc.areas
                            .iter()
                            .map(|a| a.name.as_str())
                            .chain(sc.seas.iter().map(|s| s.name.as_str()))
                            .map(|p| event(&c.id, p))
                            .collect::<Vec<_>>()
                    }),
            )
            .collect(),
        Governs::Deal => years().map(deal).collect(),
        Governs::NewBlocks => sc.sides.iter().map(|s| draw_pool(&s.id)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::scenario::HELLENES_431;

    #[test]
    fn label_patterns() {
        assert!(matches("battle:*", "battle:Plataea"));
        assert!(matches("BATTLE:plataea", "battle:Plataea"));
        assert!(matches("*", "siege:Potidaea:attrition"));
        assert!(matches("siege:*:attrition", "siege:Potidaea:attrition"));
        assert!(matches("siege:*a*:*", "siege:Potidaea:assault"));
        assert!(!matches("siege:*:attrition", "siege:Potidaea:assault"));
        assert!(!matches("battle:", "battle:Plataea"));
        assert!(matches("peace:4*", "peace:431"));
        let sc = Scenario::load(HELLENES_431).unwrap();
        assert_eq!(
            kind_of(&sc, "battle:Saronic Gulf"),
            Some(Governs::NavalBattle)
        );
        assert_eq!(kind_of(&sc, "battle:Plataea"), Some(Governs::LandBattle));
        assert_eq!(
            kind_of(&sc, "siege:Plataea:sortie"),
            Some(Governs::LandBattle)
        );
        assert_eq!(
            kind_of(&sc, "siege:Plataea:treachery"),
            Some(Governs::Assault)
        );
        assert_eq!(kind_of(&sc, "draw:pool:athens"), Some(Governs::NewBlocks));
        assert_eq!(kind_of(&sc, "something:else"), None);
    }
}
