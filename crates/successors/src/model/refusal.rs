//! Why the rules refuse an order, in both report languages. The engine's checks return a
//! `Refusal`; the order checker shows it as a diagnostic (`kit::breach`) in English with
//! its Russian words carried for a Russian reader, and a void order's event carries both
//! languages, so the Russian report says it in Russian.

use dikast_core::kit::breach::Breach;

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

    /// The diagnostic form of the refusal: English, with the Russian words carried for a
    /// Russian reader (`kit::tr`).
    pub fn breach(&self) -> Breach {
        let b = Breach::new(self.code, self.rule, self.why.en.clone())
            .said_in(dikast_core::lang::Lang::Ru, self.why.ru.clone());
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

#[cfg(test)]
mod tests {
    use super::*;
    use dikast_core::lang::Lang;

    #[test]
    fn a_refusal_reaches_a_russian_reader_in_russian() {
        let r = Refusal::new("besieged-city", "§2", "inside the walls", "внутри стен");
        let f = dikast_core::diag::SourceFile::new("p.yaml", "x: y\n");
        let d = r.breach().diagnostic(&f, (0, 1));
        assert_eq!(d.message, "inside the walls");
        let ru = dikast_core::kit::tr::diagnostic(&d, Lang::Ru, dikast_core::kit::tr::Tongue::NONE);
        assert_eq!(ru.message, "внутри стен");
        assert_eq!(ru.rule.as_deref(), Some("rule §2"));
    }
}
