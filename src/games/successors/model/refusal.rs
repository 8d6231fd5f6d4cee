//! Why the rules refuse an order, in both report languages. The engine's checks return a
//! `Refusal`; the order checker shows its English words as a diagnostic (`kit::breach`,
//! diagnostics are English), and a void order's event carries both languages, so the
//! Russian report says it in Russian.

use crate::kit::breach::Breach;

/// A sentence in English and in Russian.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Why {
    pub en: String,
    pub ru: String,
}

impl Why {
    pub fn new(en: impl Into<String>, ru: impl Into<String>) -> Why {
        Why {
            en: en.into(),
            ru: ru.into(),
        }
    }
}

/// A rule's refusal: the diagnostic code, the rule broken, why, and a hint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub code: &'static str,
    pub rule: &'static str,
    pub why: Why,
    pub hint: Option<String>,
}

impl Refusal {
    pub fn new(
        code: &'static str,
        rule: &'static str,
        en: impl Into<String>,
        ru: impl Into<String>,
    ) -> Refusal {
        Refusal {
            code,
            rule,
            why: Why::new(en, ru),
            hint: None,
        }
    }

    /// How to put it right (shown with the diagnostic).
    pub fn hint(mut self, hint: impl Into<String>) -> Refusal {
        self.hint = Some(hint.into());
        self
    }

    /// The diagnostic form of the refusal (English).
    pub fn breach(&self) -> Breach {
        let b = Breach::new(self.code, self.rule, self.why.en.clone());
        match &self.hint {
            Some(h) => b.hint(h.clone()),
            None => b,
        }
    }

    /// The reason a void event gives: the same words, with the rule.
    pub fn reason(&self) -> Why {
        if self.rule.is_empty() {
            self.why.clone()
        } else {
            Why::new(
                format!("{} ({})", self.why.en, self.rule),
                format!("{} ({})", self.why.ru, self.rule),
            )
        }
    }
}
