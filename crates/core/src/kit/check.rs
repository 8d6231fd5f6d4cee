//! The order-check context every game's checks write into: the file, the problems so far,
//! and the helpers that make a diagnostic a player understands — a name found among
//! candidates in any case or refused with "did you mean" (capped: past
//! `diag::MAX_PER_FILE` problems no search is made), one-or-list values, text values.

use crate::diag::{did_you_mean, Diagnostic, SourceFile, MAX_PER_FILE};
use crate::yaml::{Kind, Node};

pub struct Check<'f> {
    pub file: &'f SourceFile,
    pub diags: Vec<Diagnostic>,
}

impl<'f> Check<'f> {
    pub fn new(file: &'f SourceFile) -> Check<'f> {
        Check {
            file,
            diags: Vec::new(),
        }
    }

    /// A problem placed on `node`; returned for the caller to add label, rule and help.
    pub fn err(&mut self, code: &str, node: &Node, message: impl Into<String>) -> &mut Diagnostic {
        self.diags
            .push(Diagnostic::new(code, message).at(self.file, node.span));
        self.diags.last_mut().expect("just pushed")
    }

    /// "did you mean": the closest candidate, unless the file already has more problems
    /// than are shown (thousands of bad names must not cost thousands of searches).
    pub fn hint<'c>(
        &self,
        word: &str,
        candidates: impl IntoIterator<Item = &'c str>,
    ) -> Option<String> {
        (self.diags.len() < MAX_PER_FILE)
            .then(|| did_you_mean(word, candidates))
            .flatten()
    }

    /// A scalar's text, or a placed `orders::type` problem.
    pub fn text<'n>(&mut self, node: &'n Node, what: &str) -> Option<&'n str> {
        match &node.kind {
            Kind::Scalar(s, _) if !node.is_null() => Some(s.as_str()),
            _ => {
                let found = node.describe();
                self.err(
                    "orders::type",
                    node,
                    format!("expected {what} here, found {found}"),
                )
                .label = Some(format!("{what} expected"));
                None
            }
        }
    }

    /// The candidate `node` names, any case and spacing, as the candidate is written; or
    /// a placed problem `code` ("there is no {what} called `x`"), with did-you-mean, or
    /// `fallback_help` when nothing is close.
    pub fn name_among<'c, I>(
        &mut self,
        node: &Node,
        code: &str,
        what: &str,
        candidates: I,
        fallback_help: &str,
    ) -> Option<String>
    where
        I: IntoIterator<Item = &'c str> + Clone,
    {
        let word = self.text(node, &format!("a {what}"))?.trim().to_string();
        if let Some(c) = candidates
            .clone()
            .into_iter()
            .find(|c| c.eq_ignore_ascii_case(&word))
        {
            return Some(c.to_string());
        }
        let hint = self.hint(&word, candidates);
        let d = self.err(code, node, format!("there is no {what} called `{word}`"));
        d.label = Some(format!("unknown {what}"));
        d.help = Some(match hint {
            Some(h) => format!("did you mean {h}?"),
            None => fallback_help.to_string(),
        });
        None
    }

    /// The items of a one-or-list value (`ATH-1` or `[ATH-1, ATH-2]`).
    pub fn items(node: &Node) -> Vec<&Node> {
        match &node.kind {
            Kind::Seq(v) => v.iter().collect(),
            _ if node.is_null() => Vec::new(),
            _ => vec![node],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_any_case_or_did_you_mean() {
        let f = SourceFile::new("o.yaml", "potidea");
        let n = crate::yaml::parse(&f).expect("yaml");
        let mut c = Check::new(&f);
        let cities = ["Athens", "Potidaea"];
        assert_eq!(
            c.name_among(&n, "orders::unknown-city", "city", cities, "see the map"),
            None
        );
        assert_eq!(c.diags[0].help.as_deref(), Some("did you mean Potidaea?"));
        let f2 = SourceFile::new("o.yaml", "ATHENS");
        let n2 = crate::yaml::parse(&f2).expect("yaml");
        let mut c2 = Check::new(&f2);
        assert_eq!(
            c2.name_among(&n2, "orders::unknown-city", "city", cities, "see the map"),
            Some("Athens".into())
        );
    }
}
