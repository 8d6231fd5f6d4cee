//! The languages of the reports. Every adjudication writes every report in every
//! language, deterministically (`report.md` and `report.ru.md`, `report-<side>.md` and
//! `report-<side>.ru.md`), so the archive never depends on who reads it; mail picks each
//! player's file by the `language` of campaign.yaml. English is the file without a
//! suffix. The files' YAML stays English; diagnostics are written in English and shown to
//! a Russian reader in Russian (`kit::tr`), templates carry Russian comments.
//!
//! Russian text keeps the scenario's block ids and card ids exactly as written (Latin),
//! and every place's map name (a place inside a Russian sentence is given in Russian with
//! the map's name after it, «в Платеях (Plataea)»), so a report and its translation
//! carry the same facts (`tests/languages.rs` compares them line by line).

use std::fmt;

/// A language of the reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Lang {
    En,
    Ru,
}

impl Lang {
    /// Every language, English first (the order files are written in).
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Ru];

    /// `en`, `ru`: the code in campaign.yaml and in file names.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ru => "ru",
        }
    }

    /// The language of a code (`en`, `ru`, any case), if dikast writes it.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(code.trim()))
    }

    /// A report's file name: `report` → `report.md` (English) or `report.ru.md`.
    pub fn file_name(self, stem: &str) -> String {
        match self {
            Lang::En => format!("{stem}.md"),
            l => format!("{stem}.{}.md", l.code()),
        }
    }

    /// The text of this language of a pair written side by side, so that editing one
    /// language puts the other in front of the editor's eyes.
    pub fn pick<T>(self, en: T, ru: T) -> T {
        match self {
            Lang::En => en,
            Lang::Ru => ru,
        }
    }

    /// A number with its noun: `count(3, ["block", "blocks"], ["блок", "блока",
    /// "блоков"])` is `3 blocks` or `3 блока`.
    pub fn count(self, n: u32, en: [&str; 2], ru: [&str; 3]) -> String {
        match self {
            Lang::En => format!("{n} {}", if n == 1 { en[0] } else { en[1] }),
            Lang::Ru => format!("{n} {}", ru_form(n, ru)),
        }
    }
}

/// The Russian noun form for a number: one (1, 21, 31…), few (2–4, 22–24…), many (0,
/// 5–20, 25–30…).
pub fn ru_form(n: u32, forms: [&str; 3]) -> &str {
    let (d, h) = (n % 10, n % 100);
    if d == 1 && h != 11 {
        forms[0]
    } else if (2..=4).contains(&d) && !(12..=14).contains(&h) {
        forms[1]
    } else {
        forms[2]
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_file_names() {
        assert_eq!(Lang::from_code("RU"), Some(Lang::Ru));
        assert_eq!(Lang::from_code("en"), Some(Lang::En));
        assert_eq!(Lang::from_code("de"), None);
        assert_eq!(Lang::En.file_name("report-athens"), "report-athens.md");
        assert_eq!(Lang::Ru.file_name("report"), "report.ru.md");
    }

    #[test]
    fn russian_plurals() {
        let f = ["шаг", "шага", "шагов"];
        let got: Vec<&str> = [0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111]
            .iter()
            .map(|&n| ru_form(n, f))
            .collect();
        assert_eq!(
            got,
            [
                "шагов",
                "шаг",
                "шага",
                "шага",
                "шагов",
                "шагов",
                "шагов",
                "шагов",
                "шаг",
                "шага",
                "шагов",
                "шаг",
                "шагов"
            ]
        );
        assert_eq!(
            Lang::En.count(1, ["die", "dice"], ["кубик", "кубика", "кубиков"]),
            "1 die"
        );
        assert_eq!(
            Lang::Ru.count(3, ["die", "dice"], ["кубик", "кубика", "кубиков"]),
            "3 кубика"
        );
    }
}
