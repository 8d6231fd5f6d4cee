//! One rule-breach type: what a rule forbids, said once and used twice — as a
//! diagnostic when `check` meets the order, and as a void event's reason when resolution
//! meets it (an order checked earlier against a position that changed). Both carry the
//! same code, rule and words, so a player reads the same sentence either way.

use crate::diag::{Diagnostic, SourceFile};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Breach {
    /// The diagnostic code without its `orders::` prefix (`besieged-cannot-move`).
    pub code: String,
    /// The rule broken (`7.4`).
    pub rule: String,
    /// What is wrong, in words.
    pub message: String,
    /// How to put it right, if there is a way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    /// `message` in other languages, where the game wrote it in them (language code,
    /// text): the diagnostic carries them (`Diagnostic::message_in`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub message_in: Vec<(String, String)>,
}

impl Breach {
    pub fn new(code: &str, rule: &str, message: impl Into<String>) -> Breach {
        Breach {
            code: code.to_string(),
            rule: rule.to_string(),
            message: message.into(),
            hint: None,
            message_in: Vec::new(),
        }
    }

    pub fn hint(mut self, hint: impl Into<String>) -> Breach {
        self.hint = Some(hint.into());
        self
    }

    /// The message in `lang` too (`Breach::message_in`).
    pub fn said_in(mut self, lang: crate::lang::Lang, message: impl Into<String>) -> Breach {
        self.message_in
            .push((lang.code().to_string(), message.into()));
        self
    }

    /// The diagnostic `check` shows, pointing at `span` of `file`.
    pub fn diagnostic(&self, file: &SourceFile, span: (usize, usize)) -> Diagnostic {
        let mut d = Diagnostic::new(&format!("orders::{}", self.code), self.message.clone())
            .at(file, span)
            .help_opt(self.hint.clone());
        d.message_in = self.message_in.clone();
        if !self.rule.is_empty() {
            d = d.rule(format!("rule {}", self.rule));
        }
        d
    }

    /// The reason a void event gives: the same words, with the rule.
    pub fn reason(&self) -> String {
        if self.rule.is_empty() {
            self.message.clone()
        } else {
            format!("{} ({})", self.message, self.rule)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_breach_two_renderings() {
        let b = Breach::new(
            "besieged-cannot-move",
            "7.4",
            "SPA-7 is besieged and cannot move",
        )
        .hint("sortie instead");
        let f = SourceFile::new("o.yaml", "move: SPA-7\n");
        let d = b.diagnostic(&f, (6, 11));
        assert_eq!(d.code, "orders::besieged-cannot-move");
        assert_eq!(d.help.as_deref(), Some("sortie instead"));
        assert_eq!(b.reason(), "SPA-7 is besieged and cannot move (7.4)");
    }
}
