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
}

fn russian_table() -> &'static BTreeMap<String, String> {
    static T: OnceLock<BTreeMap<String, String>> = OnceLock::new();
    T.get_or_init(|| {
        serde_yaml::from_str::<Table>(include_str!("../text/words-ru.yaml"))
            .map(|t| t.texts)
            .unwrap_or_default()
    })
}

/// The Russian name of a scenario name (a card's, an Olympian's), if the table has one.
pub fn russian(english: &str) -> Option<&'static str> {
    russian_table().get(english).map(String::as_str)
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
    }
}
