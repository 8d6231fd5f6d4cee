//! The words Successors' text is made of, in English and Russian (the rulebook's own
//! terms: БЧ for CU, генерал, маркер контроля, сегмент, очки осады, Тихе). Ids of spaces
//! and cards stay as written in both languages (they are the facts a translation must
//! keep); generals and houses are named in Russian, declined (`declension_ru`).

use crate::model::events::{Modifier, Segment, Who};
use crate::model::orders::Use;
use crate::model::params::AssaultResult;
use crate::model::scenario::{Case, Kind, Scenario};
use crate::model::state::INDEPENDENT;
use dikast_core::lang::Lang;

/// A player's printed name (his first house), or the independents'.
pub fn player(sc: &Scenario, id: &str, lang: Lang) -> String {
    player_in(sc, id, lang, Case::Nom)
}

/// A player's name in a Russian `case` (English: the name).
pub fn player_in(sc: &Scenario, id: &str, lang: Lang, case: Case) -> String {
    if id == INDEPENDENT {
        let ru = match case {
            Case::Nom | Case::Acc => "независимые",
            Case::Gen | Case::Loc => "независимых",
            Case::Dat => "независимым",
            Case::Ins => "независимыми",
        };
        return lang.pick("independent", ru).to_string();
    }
    match sc.house(id) {
        Some(h) => lang.pick(h.name.clone(), sc.house_ru(id, case)),
        None => id.to_string(),
    }
}

/// A general's name: his id in English, his Russian name in a Russian `case`.
pub fn general_in(sc: &Scenario, id: &str, lang: Lang, case: Case) -> String {
    match lang {
        Lang::En => id.to_string(),
        _ => sc.general_ru(id, case),
    }
}

/// A general's name in the nominative.
pub fn general(sc: &Scenario, id: &str, lang: Lang) -> String {
    general_in(sc, id, lang, Case::Nom)
}

/// A general's name in the genitive (English: `Eumenes's`).
pub fn generals(sc: &Scenario, id: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{id}'s"),
        _ => sc.general_ru(id, Case::Gen),
    }
}

pub fn independent(sc: &Scenario, id: &str, lang: Lang) -> String {
    match sc.independent(id) {
        Some(i) => lang.pick(i.name.clone(), i.name_ru.clone()),
        None => id.to_string(),
    }
}

/// An independent army in a sentence: `the independent army Scythians`.
pub fn army(sc: &Scenario, id: &str, lang: Lang) -> String {
    let n = independent(sc, id, lang);
    lang.pick(
        format!("the independent army {n}"),
        format!("независимая армия {n}"),
    )
}

/// An acting army: `Perdikkas's army` / `армия Пердикки`, or an independent army.
pub fn who(sc: &Scenario, w: &Who, lang: Lang) -> String {
    who_in(sc, w, lang, Case::Nom)
}

/// An acting army with «армия» in a Russian `case` (the general in the genitive).
pub fn who_in(sc: &Scenario, w: &Who, lang: Lang, case: Case) -> String {
    let (army, independent) = match case {
        Case::Nom => ("армия", "независимая армия"),
        Case::Gen | Case::Dat | Case::Loc => ("армии", "независимой армии"),
        Case::Acc => ("армию", "независимую армию"),
        Case::Ins => ("армией", "независимой армией"),
    };
    match w {
        Who::General(g) => lang.pick(
            format!("{g}'s army"),
            format!("{army} {}", sc.general_ru(g, Case::Gen)),
        ),
        Who::Independent(i) => lang.pick(
            format!("the independent army {}", independent_name(sc, i, lang)),
            format!("{independent} {}", independent_name(sc, i, lang)),
        ),
    }
}

fn independent_name(sc: &Scenario, id: &str, lang: Lang) -> String {
    independent(sc, id, lang)
}

pub fn cus(n: u32, lang: Lang) -> String {
    lang.count(n, ["CU", "CUs"], ["БЧ", "БЧ", "БЧ"])
}

pub fn fleets(n: u32, lang: Lang) -> String {
    lang.count(n, ["fleet", "fleets"], ["флот", "флота", "флотов"])
}

pub fn points(n: u32, lang: Lang) -> String {
    lang.count(
        n,
        ["siege point", "siege points"],
        ["очко осады", "очка осады", "очков осады"],
    )
}

pub fn result(r: AssaultResult, lang: Lang) -> &'static str {
    match r {
        AssaultResult::Nothing => lang.pick("no effect", "без результата"),
        AssaultResult::SiegePoint => lang.pick("a siege point", "очко осады"),
        AssaultResult::BesiegerLosesCu => {
            lang.pick("the besieger loses a CU", "осаждающий теряет БЧ")
        }
    }
}

pub fn segment(s: Segment, lang: Lang) -> &'static str {
    match s {
        Segment::Surrender => lang.pick("Surrender segment", "сегмент сдачи"),
        Segment::Tyche => lang.pick("Tyche segment", "сегмент Тихе"),
        Segment::Activation => lang.pick("Activation segment", "сегмент манёвров"),
    }
}

pub fn modifier(sc: &Scenario, m: &Modifier, lang: Lang) -> String {
    match m {
        Modifier::City(v) => format!("{v:+} {}", lang.pick("city", "за город")),
        Modifier::PortWithoutFleet(v) => format!(
            "{v:+} {}",
            lang.pick(
                "major port, no ready fleet",
                "крупный порт, нет готовых флотов"
            )
        ),
        Modifier::Card(c, v) => format!("{v:+} {c}"),
        Modifier::General(g, v) => format!(
            "{v:+} {}",
            lang.pick(
                format!("{g}'s special power [A]"),
                format!("особая способность {} [A]", sc.general_ru(g, Case::Gen))
            )
        ),
    }
}

pub fn kind(k: Kind, lang: Lang) -> &'static str {
    match k {
        Kind::Minor => lang.pick("minor city", "второстепенный город"),
        Kind::Major => lang.pick("major city", "крупный город"),
        Kind::Fortress => lang.pick("fortress", "крепость"),
    }
}

pub fn how(u: Use, lang: Lang) -> &'static str {
    match u {
        Use::Event => lang.pick("for its event", "ради события"),
        Use::Ops => lang.pick("for its OPs", "на ОП"),
        Use::Both => lang.pick("for its event and its OPs", "ради события и на ОП"),
        Use::Discard => lang.pick("discarded to draw another", "сброшена, чтобы взять другую"),
    }
}

/// A card as the reports write it: `T14 *Helepolis*`.
pub fn card(sc: &Scenario, id: &str, lang: Lang) -> String {
    match sc.card(id) {
        Some(c) => format!("{id} *{}*", lang.pick(&c.name, &c.name_ru)),
        None => id.to_string(),
    }
}

/// The rounds and game turns as the page numbers them.
pub fn roman(n: u32) -> &'static str {
    match n {
        1 => "I",
        2 => "II",
        3 => "III",
        4 => "IV",
        5 => "V",
        6 => "VI",
        7 => "VII",
        _ => "…",
    }
}

/// The names Successors reports print, with their forms in each language
/// (`Rules::vocabulary`): spaces and off-map boxes (ids, written alike in both
/// languages), the game turns' numerals, generals (their id; Russian: every case of their
/// Russian name), players (their house's name, also the id of its first general;
/// Russian: every case of the house's Russian name), independent armies and regions.
pub fn vocabulary(sc: &Scenario) -> Vec<dikast_core::rules::Term> {
    use dikast_core::rules::Term;
    let everywhere = |name: &str| Term {
        fact: name.to_string(),
        forms: vec![(Lang::En, name.to_string())],
        everywhere: true,
    };
    let mut out: Vec<Term> = sc
        .spaces
        .iter()
        .map(|s| everywhere(&s.id))
        .chain(sc.boxes.iter().map(|b| everywhere(&b.id)))
        .chain(["I", "II", "III", "IV", "V"].into_iter().map(everywhere))
        .collect();
    // A general or a house: its id in English, every Russian case form of its name.
    let declined = |fact: &str, en: &[&str], ru: &str| Term {
        fact: fact.to_string(),
        forms: en
            .iter()
            .map(|e| (Lang::En, e.to_string()))
            .chain(
                [
                    Case::Nom,
                    Case::Gen,
                    Case::Dat,
                    Case::Acc,
                    Case::Ins,
                    Case::Loc,
                ]
                .into_iter()
                .map(|c| (Lang::Ru, sc.declined(ru, c))),
            )
            .collect(),
        everywhere: false,
    };
    for g in &sc.generals {
        out.push(declined(&g.id, &[&g.id], &g.name_ru));
    }
    let named = |fact: &str, en: &[&str], ru: &str| Term {
        fact: fact.to_string(),
        forms: en
            .iter()
            .map(|e| (Lang::En, e.to_string()))
            .chain([(Lang::Ru, ru.to_string())])
            .collect(),
        everywhere: false,
    };
    for h in &sc.houses {
        out.push(declined(&h.name, &[&h.name, &h.id], &h.name_ru));
    }
    for i in &sc.independents {
        out.push(named(&i.name, &[&i.name], &i.name_ru));
    }
    for r in &sc.regions {
        out.push(named(&r.id, &[&r.id], &r.name_ru));
    }
    out
}
