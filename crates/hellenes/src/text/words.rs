//! The words of the Hellenes reports that come from data rather than from sentences:
//! side and season names (with the grammatical cases Russian needs), block kinds, and the
//! scenario's block names, card names and Event texts, in each report language. It is the
//! bottom of the text layer: every other text module may use it, it uses none of them.
//!
//! English is the scenario's own text. Other languages come from a table embedded in the
//! binary (`words-ru.yaml`), keyed by the English text, so that a moderator's own scenario
//! is still reported whole: anything without an entry is shown as the scenario writes it.
//! The table is not part of the scenario, so translating a word never changes a scenario
//! hash (and with it every game file of every campaign).

use crate::model::scenario::BlockKind;
use crate::model::scenario::Scenario;
use crate::model::state::Season;
use dikast_core::lang::Lang;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The Russian table's text.
pub const WORDS_RU: &str = include_str!("words-ru.yaml");

/// A grammatical case of a side's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Case {
    /// Nominative: the subject (`Афины`, `Спарта`).
    Nom,
    /// Genitive: `of Athens` (`Афин`, `Спарты`).
    Gen,
    /// Dative: `to Athens` (`Афинам`, `Спарте`).
    Dat,
    /// Instrumental: `by Athens`, `with Athens` (`Афинами`, `Спартой`).
    Ins,
}

/// Every case form of one side's name.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideForms {
    pub nom: String,
    pub gen: String,
    pub dat: String,
    pub acc: String,
    pub ins: String,
    pub loc: String,
}

impl SideForms {
    /// Every form, for tools that look the name up in text.
    pub fn all(&self) -> [&str; 6] {
        [
            &self.nom, &self.gen, &self.dat, &self.acc, &self.ins, &self.loc,
        ]
    }
}

/// A season's forms.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeasonForms {
    pub nom: String,
    pub gen: String,
    /// When a thing happens in it: "in Winter" (`зимой`, `в Новый год`).
    pub when: String,
}

/// One language's table.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table {
    /// By the side's English name.
    pub sides: BTreeMap<String, SideForms>,
    /// By the season's English name.
    pub seasons: BTreeMap<String, SeasonForms>,
    /// By the block kind's id (`hoplites`).
    pub kinds: BTreeMap<String, String>,
    /// Block names, card names and Event texts, by their English text.
    pub texts: BTreeMap<String, String>,
    /// Place names inside sentences, by the map's name.
    pub places: BTreeMap<String, PlaceForms>,
}

/// Every form of one place's name a Russian sentence needs (issue 32, Russian 25): the
/// cases, and where, whither and whence with their preposition (`в Афинах`, `на Самосе`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlaceForms {
    pub nom: String,
    pub gen: String,
    pub dat: String,
    pub acc: String,
    pub ins: String,
    #[serde(rename = "in")]
    pub at: String,
    pub into: String,
    pub from: String,
}

/// How a place stands in a sentence: a case, or a preposition with its case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum At {
    /// `Платеи` (`the city of Plataea`, a subject).
    Nom,
    /// `Платей` (`walls of Plataea`, `at Plataea`: `у` + genitive).
    Gen,
    /// `Платеям` (`towards Plataea`).
    Dat,
    /// `Платеи`, `Спарту` (`besieges Sparta`).
    Acc,
    /// `Платеями` (`over Plataea`).
    Ins,
    /// `в Платеях`, `на Самосе`: where a thing is.
    In,
    /// `в Платеи`, `на Самос`: where a thing goes.
    Into,
    /// `из Платей`, `с Самоса`: where a thing comes from.
    From,
}

/// A place named inside a sentence: the map's name in English (`Plataea`; the sentence
/// holds its own preposition), in Russian its form with the map's name after it (`в
/// Платеях (Plataea)`; `In`, `Into`, `From` bring their preposition). A place the table
/// lacks (a moderator's own map) is shown as the map names it, after `в`/`из` for those.
pub fn place(name: &str, lang: Lang, at: At) -> String {
    let Some(t) = table(lang) else {
        return name.to_string();
    };
    let Some(f) = t.places.get(name) else {
        return match at {
            At::In | At::Into => format!("в {name}"),
            At::From => format!("из {name}"),
            _ => name.to_string(),
        };
    };
    let form = match at {
        At::Nom => &f.nom,
        At::Gen => &f.gen,
        At::Dat => &f.dat,
        At::Acc => &f.acc,
        At::Ins => &f.ins,
        At::In => &f.at,
        At::Into => &f.into,
        At::From => &f.from,
    };
    format!("{form} ({name})")
}

/// The Russian table (parsed once; a broken table is a build-time mistake that the unit
/// test below catches).
pub fn russian() -> &'static Table {
    static T: OnceLock<Table> = OnceLock::new();
    T.get_or_init(|| {
        crate::prebuilt::get("games/hellenes/text/words-ru.yaml")
            .and_then(|p| p.read())
            .unwrap_or_else(|| {
                serde_yaml::from_str(WORDS_RU).expect("words-ru.yaml is a valid table")
            })
    })
}

fn table(lang: Lang) -> Option<&'static Table> {
    match lang {
        Lang::En => None,
        Lang::Ru => Some(russian()),
    }
}

/// Where a thing happens at a place, in Russian: `у Платей (Plataea)` by a land area,
/// `в Сароническом заливе (Saronic Gulf)` in a sea.
pub fn near_ru(sc: &Scenario, name: &str) -> String {
    if sc.seas.iter().any(|s| s.name == name) {
        place(name, Lang::Ru, At::In)
    } else {
        format!("у {}", place(name, Lang::Ru, At::Gen))
    }
}

/// A side's name in `lang` and `case` (English has one form). An unknown id or a side
/// the table lacks is shown as the scenario names it.
pub fn side(sc: &Scenario, id: &str, lang: Lang, case: Case) -> String {
    let en = side_name(sc, id);
    let Some(forms) = table(lang).and_then(|t| t.sides.get(&en)) else {
        return en;
    };
    match case {
        Case::Nom => forms.nom.clone(),
        Case::Gen => forms.gen.clone(),
        Case::Dat => forms.dat.clone(),
        Case::Ins => forms.ins.clone(),
    }
}

/// A season's name as in a date (`Spring`, `Весна`).
pub fn season(s: Season, lang: Lang) -> String {
    table(lang)
        .and_then(|t| t.seasons.get(s.name()))
        .map(|f| f.nom.clone())
        .unwrap_or_else(|| s.name().to_string())
}

/// A season's name after `since` (`Spring`, `весны`).
pub fn season_gen(s: Season, lang: Lang) -> String {
    table(lang)
        .and_then(|t| t.seasons.get(s.name()))
        .map(|f| f.gen.clone())
        .unwrap_or_else(|| s.name().to_string())
}

/// A season as the time a thing happens in (`in Spring`, `весной`).
pub fn season_when(s: Season, lang: Lang) -> String {
    table(lang)
        .and_then(|t| t.seasons.get(s.name()))
        .map(|f| f.when.clone())
        .unwrap_or_else(|| format!("in {}", s.name()))
}

/// `431 BC` / `431 до н. э.`
pub fn year(y: i32, lang: Lang) -> String {
    lang.pick(format!("{y} BC"), format!("{y} г. до н. э."))
}

/// A block kind in words.
pub fn kind(k: BlockKind, lang: Lang) -> String {
    let en = match k {
        BlockKind::Hoplites => "hoplites",
        BlockKind::Infantry => "infantry",
        BlockKind::Archers => "archers",
        BlockKind::Cavalry => "cavalry",
        BlockKind::Fleet => "fleet",
        BlockKind::Garrison => "garrison",
    };
    table(lang)
        .and_then(|t| t.kinds.get(en))
        .cloned()
        .unwrap_or_else(|| en.to_string())
}

/// A scenario text (a block or card name, an Event text) in `lang`; a garrison's
/// `Garrison of X` keeps its place name.
pub fn text(en: &str, lang: Lang) -> String {
    let Some(t) = table(lang) else {
        return en.to_string();
    };
    if let Some(x) = t.texts.get(en) {
        return x.clone();
    }
    match (lang, en.strip_prefix("Garrison of ")) {
        (Lang::Ru, Some(place)) => format!("Гарнизон {place}"),
        _ => en.to_string(),
    }
}

/// The names Hellenes reports print, with every form of each (`Rules::vocabulary`):
/// places (the map's names in both languages; inside a Russian sentence also its Russian
/// form with the map's name after it), sides (by name and id in English, every case in
/// Russian) and seasons.
pub fn vocabulary(sc: &Scenario) -> Vec<dikast_core::rules::Term> {
    use dikast_core::rules::Term;
    let t = russian();
    let mut out: Vec<Term> = sc
        .areas
        .iter()
        .map(|a| a.name.clone())
        .chain(sc.seas.iter().map(|s| s.name.clone()))
        .map(|name| Term {
            forms: vec![(Lang::En, name.clone())],
            fact: name,
            everywhere: true,
        })
        .collect();
    // A place inside a Russian sentence: its Russian form with the map's name after it
    // (`Платеях (Plataea)`), one fact with the map's name alone.
    for (name, f) in &t.places {
        let mut forms: Vec<(Lang, String)> = [
            &f.nom, &f.gen, &f.dat, &f.acc, &f.ins, &f.at, &f.into, &f.from,
        ]
        .iter()
        .map(|w| {
            let w = ["в ", "на ", "из ", "с "]
                .iter()
                .find_map(|p| w.strip_prefix(p))
                .unwrap_or(w);
            (Lang::Ru, format!("{w} ({name})"))
        })
        .collect();
        forms.sort();
        forms.dedup();
        out.push(Term {
            fact: name.clone(),
            forms,
            everywhere: false,
        });
    }
    for s in &sc.sides {
        // Game files and orders may name a side by its id (`side: sparta`).
        let mut forms = vec![(Lang::En, s.name.clone()), (Lang::En, s.id.clone())];
        if let Some(f) = t.sides.get(&s.name) {
            forms.extend(f.all().iter().map(|w| (Lang::Ru, w.to_string())));
        }
        out.push(Term {
            fact: s.name.clone(),
            forms,
            everywhere: false,
        });
    }
    for (name, f) in &t.seasons {
        out.push(Term {
            fact: name.clone(),
            forms: [
                (Lang::En, name.clone()),
                (Lang::Ru, f.nom.clone()),
                (Lang::Ru, f.gen.clone()),
            ]
            .into_iter()
            // `в Новый год` holds its nominative: the nominative finds it already.
            .chain((!f.when.contains(&f.nom)).then(|| (Lang::Ru, f.when.clone())))
            .collect(),
            everywhere: false,
        });
    }
    out
}

/// A side's printed name in English (the scenario's).
pub fn side_name(sc: &Scenario, id: &str) -> String {
    sc.sides
        .iter()
        .find(|s| s.id == id)
        .map(|s| s.name.clone())
        .unwrap_or_else(|| id.to_string())
}

/// `Athens'`, `Sparta's`: an English possessive.
pub fn possessive(name: &str) -> String {
    if name.ends_with('s') {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::scenario::HELLENES_431;

    /// The Russian table parses and covers every side, season, kind, block name, card
    /// name and Event text of the embedded scenario.
    #[test]
    fn russian_table_covers_the_scenario() {
        let t = russian();
        let sc = Scenario::load(HELLENES_431).unwrap();
        let mut missing = Vec::new();
        for s in &sc.sides {
            if !t.sides.contains_key(&s.name) {
                missing.push(s.name.clone());
            }
        }
        for s in [
            Season::NewYear,
            Season::Spring,
            Season::EarlySummer,
            Season::LateSummer,
            Season::Fall,
            Season::Winter,
        ] {
            if !t.seasons.contains_key(s.name()) {
                missing.push(s.name().to_string());
            }
        }
        for b in &sc.blocks {
            if !t.texts.contains_key(&b.name) {
                missing.push(b.name.clone());
            }
            if kind(b.kind, Lang::Ru) == kind(b.kind, Lang::En) {
                missing.push(format!("kind {:?}", b.kind));
            }
        }
        for c in &sc.cards {
            for x in [&c.name, &c.event] {
                if !t.texts.contains_key(x) {
                    missing.push(x.clone());
                }
            }
        }
        for name in sc
            .areas
            .iter()
            .map(|a| &a.name)
            .chain(sc.seas.iter().map(|s| &s.name))
        {
            if !t.places.contains_key(name) {
                missing.push(format!("place {name}"));
            }
        }
        assert!(missing.is_empty(), "no Russian for: {missing:#?}");
        assert_eq!(place("Plataea", Lang::Ru, At::In), "в Платеях (Plataea)");
        assert_eq!(place("Samos", Lang::Ru, At::From), "с Самоса (Samos)");
        assert_eq!(place("Plataea", Lang::En, At::In), "Plataea");
        assert_eq!(place("Atlantis", Lang::Ru, At::Into), "в Atlantis");
        assert_eq!(text("Garrison of Plataea", Lang::Ru), "Гарнизон Plataea");
        assert_eq!(text("Garrison of Plataea", Lang::En), "Garrison of Plataea");
        assert_eq!(side(&sc, "athens", Lang::Ru, Case::Gen), "Афин");
        assert_eq!(side(&sc, "sparta", Lang::En, Case::Ins), "Sparta");
    }
}
