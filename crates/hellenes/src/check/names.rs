//! Names a player may write for a card or an Olympian in either report language: the
//! scenario's own (English) name, or the Russian one his Russian report prints (`card:
//! Длинные стены`, `sacrifice: Зевс`). Orders and game files keep the canonical id or
//! English name; the Russian words come from the same table the reports use
//! (`text/words-ru.yaml`, read here as data: the check layer does not import the text).

use std::collections::BTreeMap;
use std::sync::OnceLock;

#[derive(serde::Deserialize, Default)]
struct Table {
    #[serde(default)]
    texts: BTreeMap<String, String>,
    /// A side's name in each case (`nom`, `gen`, `dat`, `acc`, `ins`, `loc`).
    #[serde(default)]
    sides: BTreeMap<String, BTreeMap<String, String>>,
    /// A season's name in a date (`nom`) and after "since" (`gen`).
    #[serde(default)]
    seasons: BTreeMap<String, BTreeMap<String, String>>,
    /// A place's name in each case and with its preposition (`in`, `into`, `from`).
    #[serde(default)]
    places: BTreeMap<String, BTreeMap<String, String>>,
}

fn table() -> &'static Table {
    static T: OnceLock<Table> = OnceLock::new();
    T.get_or_init(|| {
        crate::prebuilt::get("games/hellenes/text/words-ru.yaml")
            .and_then(|p| p.read::<Table>())
            .unwrap_or_default()
    })
}

/// The Russian name of a scenario name (a card's, an Olympian's), if the table has one.
pub fn russian(english: &str) -> Option<&'static str> {
    table().texts.get(english).map(String::as_str)
}

/// A side's Russian name, by its English name or id in any case, in `form` (`nom`,
/// `gen`, `dat`, `acc`, `ins`, `loc`).
pub fn russian_side(side: &str, form: &str) -> Option<&'static str> {
    let (_, forms) = table()
        .sides
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(side.trim()))?;
    forms.get(form).map(String::as_str)
}

/// A season's Russian name (`Spring`: `весна`; `gen`: `весны`).
pub fn russian_season(season: &str, form: &str) -> Option<&'static str> {
    table().seasons.get(season)?.get(form).map(String::as_str)
}

/// A place inside a Russian sentence (issue 32, Russian 25): its form `form` (`nom`,
/// `gen`, `dat`, `acc`, `ins`; `in`, `into`, `from` with their preposition) and the map's
/// name after it, «в Платеях (Plataea)». A name the table lacks (a moderator's own map, or
/// not a place at all) keeps the map's name, after `в`/`из` where the form has them.
pub fn russian_place(name: &str, form: &str) -> String {
    match table().places.get(name.trim()).and_then(|f| f.get(form)) {
        Some(f) => format!("{f} ({})", name.trim()),
        None => match form {
            "in" | "into" => format!("в {name}"),
            "from" => format!("из {name}"),
            _ => name.to_string(),
        },
    }
}

/// Whether `written` names `english`: the name itself or its Russian, whatever the case
/// of its letters (Cyrillic included) and the spaces around it.
pub fn same(written: &str, english: &str) -> bool {
    let w = written.trim().to_lowercase();
    w == english.to_lowercase() || russian(english).is_some_and(|r| r.to_lowercase() == w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn russian_names_of_cards_and_olympians_are_read_from_the_table() {
        assert!(same("Длинные стены", "Long Walls"));
        assert!(same(" длинные СТЕНЫ ", "Long Walls"));
        assert!(same("long walls", "Long Walls"));
        assert!(same("Зевс", "Zeus"));
        assert!(!same("Зевс", "Apollo"));
        assert_eq!(russian("Apollo"), Some("Аполлон"));
        assert_eq!(russian_side("sparta", "gen"), Some("Спарты"));
        assert_eq!(russian_side("Athens", "nom"), Some("Афины"));
        assert_eq!(russian_season("Winter", "gen"), Some("зимы"));
        assert_eq!(russian_place("Plataea", "in"), "в Платеях (Plataea)");
        assert_eq!(russian_place("Samos", "from"), "с Самоса (Samos)");
        assert_eq!(russian_place("ATH-7", "nom"), "ATH-7");
        assert_eq!(russian_place("Atlantis", "into"), "в Atlantis");
    }
}
