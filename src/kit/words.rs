//! Word tables of the report languages: a game's translations kept as data (YAML keyed by
//! the English text), loaded once and looked up with the English as the fallback, so a
//! moderator's own scenario is still reported whole in every language.

use std::collections::BTreeMap;

/// One language's words, keyed by their English text.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Words {
    table: BTreeMap<String, String>,
}

impl Words {
    /// Reads a flat `English: translation` YAML mapping (other entries are refused).
    pub fn load(name: &str, text: &str) -> Result<Words, String> {
        let table: BTreeMap<String, String> =
            serde_yaml::from_str(text).map_err(|e| format!("{name}: {e}"))?;
        Ok(Words { table })
    }

    /// The translation of `english`, or `english` itself.
    pub fn get<'a>(&'a self, english: &'a str) -> &'a str {
        self.table.get(english).map_or(english, String::as_str)
    }

    pub fn contains(&self, english: &str) -> bool {
        self.table.contains_key(english)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup_falls_back_to_english() {
        let w = Words::load("t", "Athens: Афины\n").expect("table");
        assert_eq!(w.get("Athens"), "Афины");
        assert_eq!(w.get("Megara"), "Megara");
        assert!(Words::load("t", "- a\n").is_err());
    }
}
