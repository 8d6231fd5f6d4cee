//! The comparison of a report with its translation, shared by tests/languages.rs and the
//! rule-case harness (tests/rule_cases.rs): the same number of lines, the same shape
//! (heading, bullet, indentation), and on each line the same multiset of facts — block
//! and card ids, numbers (dice, steps, Prestige, rule references), place names, sides,
//! seasons and `quoted` labels. The Russian must also be Russian: outside ids, place
//! names, `labels`, «quoted diagnostics» (the checker's words, English by design), the
//! invalid-orders section and the dice section's YAML, a Russian line holds no Latin
//! word, and no line with words is the English line itself.

#![allow(dead_code)]

use dikast::lang::Lang;
use dikast::report::parse_dice_section;
use dikast::rules::Rules;
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::sync::{Mutex, OnceLock};

/// The names a fact can be: places and sides (one namespace: `Athens` is both), and
/// seasons, each with its forms in both languages.
pub struct Vocab {
    /// (words of the form, fact) for English, longest first.
    en: Vec<(Vec<String>, String)>,
    /// The same for Russian, lower-cased forms (matched without case).
    ru: Vec<(Vec<String>, String)>,
    /// Place names (Latin in both languages).
    places: Vec<(Vec<String>, String)>,
}

fn words_of(s: &str) -> Vec<String> {
    tokens(s)
}

/// The vocabulary of a game's first embedded scenario (`Rules::vocabulary`), built once
/// per game.
pub fn vocab<R: Rules>() -> &'static Vocab {
    static V: OnceLock<Mutex<BTreeMap<&'static str, &'static Vocab>>> = OnceLock::new();
    let mut all = V.get_or_init(Default::default).lock().expect("vocab lock");
    all.entry(R::ID)
        .or_insert_with(|| Box::leak(Box::new(build_vocab::<R>())))
}

fn build_vocab<R: Rules>() -> Vocab {
    let name = R::scenario_names()[0];
    let text = R::embedded_scenario(name).expect("an embedded scenario");
    let sc = R::load_scenario(text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
    let mut en = Vec::new();
    let mut ru = Vec::new();
    let mut places = Vec::new();
    for t in R::vocabulary(&sc) {
        let fact = format!("N:{}", t.fact);
        for (lang, form) in &t.forms {
            match (t.everywhere, lang) {
                (true, _) => places.push((words_of(form), fact.clone())),
                // English names match as written (`Athens`, the id `athens`, `Spring`).
                (false, Lang::En) => en.push((words_of(form), fact.clone())),
                (false, Lang::Ru) => ru.push((words_of(&form.to_lowercase()), fact.clone())),
            }
        }
    }
    for v in [&mut en, &mut ru, &mut places] {
        v.sort_by_key(|(w, _)| std::cmp::Reverse(w.len()));
        v.dedup();
    }
    Vocab { en, ru, places }
}

/// Words of a text: runs of letters, digits, `-` and `.`, with `.` and `-` trimmed at the
/// ends (`(8.1.1).` is `8.1.1`; `ATH-F1` and `GAR-Plataea` stay whole).
fn tokens(s: &str) -> Vec<String> {
    s.split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '.' || c == '_'))
        .map(|w| w.trim_matches(|c| c == '.' || c == '-').to_string())
        .filter(|w| !w.is_empty())
        .collect()
}

/// Cuts the spans between `open` and `close` out of `s` and returns them.
fn cut(s: &mut String, open: &str, close: &str) -> Vec<String> {
    let mut out = Vec::new();
    while let Some(a) = s.find(open) {
        let Some(b) = s[a + open.len()..].find(close) else {
            break;
        };
        let end = a + open.len() + b + close.len();
        out.push(s[a + open.len()..end - close.len()].to_string());
        s.replace_range(a..end, " ");
    }
    out
}

/// What one line says, as data.
#[derive(Debug, PartialEq)]
struct Line {
    /// Leading spaces and the list marker or heading marks.
    shape: String,
    /// Sorted facts.
    facts: Vec<String>,
    /// Latin words left in a Russian line's prose.
    latin: Vec<String>,
}

fn is_id(w: &str) -> bool {
    // ATH-7, SPA-F1, GAR-Plataea: capitals, a hyphen, something after it.
    match w.split_once('-') {
        Some((a, b)) => a.len() >= 2 && a.chars().all(|c| c.is_ascii_uppercase()) && !b.is_empty(),
        None => false,
    }
}

fn read_line(v: &Vocab, raw: &str, lang: Lang, prose_exempt: bool) -> Line {
    let trimmed = raw.trim_start();
    let marker: String = trimmed
        .chars()
        .take_while(|c| *c == '#' || *c == '-')
        .collect();
    let shape = format!("{}{marker}", &raw[..raw.len() - trimmed.len()]);
    let mut s = raw.to_string();
    // `# <game id> — turn …`: the game id is the player's text, a fact of both.
    let mut game = None;
    if let Some((id, rest)) = raw.strip_prefix("# ").and_then(|r| r.split_once(" — ")) {
        game = Some(format!("G:{id}"));
        s = format!("# — {rest}");
    }
    // `Code`, labels and commands; their <placeholders> are words of the language.
    let mut facts: Vec<String> = cut(&mut s, "`", "`")
        .into_iter()
        .map(|mut x| {
            cut(&mut x, "<", ">");
            format!("`{x}`")
        })
        .collect();
    facts.extend(game);
    // «Quoted» diagnostics stay in English in the Russian: their words are facts of both.
    let quoted = cut(&mut s, "«", "»");
    let mut plain = s.clone();
    for q in &quoted {
        plain.push(' ');
        plain.push_str(q);
    }
    // Card names are in italics (`C01 *Pericles*`): the id is the fact, the name is words.
    let mut no_italics = plain.replace("**", " ");
    cut(&mut no_italics, "*", "*");
    let toks = tokens(&no_italics);
    let names = match lang {
        Lang::En => &v.en,
        Lang::Ru => &v.ru,
    };
    let mut latin = Vec::new();
    let mut i = 0;
    'next: while i < toks.len() {
        for (form, fact) in v.places.iter() {
            if toks[i..].starts_with(form) {
                facts.push(fact.clone());
                i += form.len();
                continue 'next;
            }
        }
        for (form, fact) in names {
            let n = form.len();
            let matches = i + n <= toks.len()
                && toks[i..i + n].iter().zip(form).all(|(t, f)| match lang {
                    Lang::En => t == f,
                    Lang::Ru => t.to_lowercase() == *f,
                });
            if matches {
                facts.push(fact.clone());
                i += n;
                continue 'next;
            }
        }
        let w = &toks[i];
        if w.chars().any(|c| c.is_ascii_digit()) || is_id(w) {
            facts.push(format!("F:{w}"));
        } else if lang == Lang::Ru
            && w.chars().filter(|c| c.is_ascii_alphabetic()).count() >= 2
            && !w.starts_with("dikast")
            && !prose_exempt
        {
            latin.push(w.clone());
        }
        i += 1;
    }
    // Latin words inside «quoted» diagnostics are not prose to translate.
    if lang == Lang::Ru && !quoted.is_empty() {
        let q: Vec<String> = quoted.iter().flat_map(|x| tokens(x)).collect();
        latin.retain(|w| !q.contains(w));
    }
    facts.sort();
    Line {
        shape,
        facts,
        latin,
    }
}

/// Every difference in facts between an English report (or report part) and its
/// Russian twin, as readable lines; empty when they agree.
pub fn compare(v: &Vocab, name: &str, en: &str, ru: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let (el, rl): (Vec<&str>, Vec<&str>) = (en.lines().collect(), ru.lines().collect());
    if el.len() != rl.len() {
        problems.push(format!(
            "{name}: {} English lines, {} Russian lines",
            el.len(),
            rl.len()
        ));
        return problems;
    }
    let invalid_ru = dikast::report::invalid_heading(Lang::Ru);
    let (mut in_invalid, mut in_fence) = (false, false);
    for (n, (e, r)) in el.iter().zip(&rl).enumerate() {
        if r.starts_with("```") {
            in_fence = !in_fence;
        }
        if r.starts_with('#') {
            // Warnings are diagnostics too, translated the same way.
            in_invalid = r.starts_with(invalid_ru)
                || r.starts_with(dikast::report::warnings_heading(Lang::Ru));
        }
        let at = format!("{name}:{}", n + 1);
        if in_fence || r.starts_with("```") {
            // The dice section's YAML: the same bytes in every language.
            if e != r {
                problems.push(format!(
                    "{at}: the dice section differs\n  en: {e}\n  ru: {r}"
                ));
            }
            continue;
        }
        let exempt = in_invalid;
        // An invalid order's `diagnostic` translated into the reader's language (`kit::tr`):
        // its words are prose, its names and numbers facts. One left in English (a game
        // without Russian phrases) is a fact of both, as written.
        let quoted = |l: &str| l.split('`').nth(1).map(str::to_string);
        let translated = in_invalid && quoted(e) != quoted(r);
        let unquote = |l: &str| {
            if translated {
                l.replace('`', " ")
            } else {
                l.to_string()
            }
        };
        let a = read_line(v, &unquote(e), Lang::En, false);
        let b = read_line(v, &unquote(r), Lang::Ru, exempt);
        if a.shape != b.shape {
            problems.push(format!("{at}: shape `{}` vs `{}`", a.shape, b.shape));
        }
        if a.facts != b.facts {
            problems.push(format!(
                "{at}: different facts\n  en: {e}\n  ru: {r}\n  en facts: {:?}\n  ru facts: {:?}",
                a.facts, b.facts
            ));
        }
        if !b.latin.is_empty() {
            problems.push(format!(
                "{at}: English left in the Russian {:?}\n  ru: {r}",
                b.latin
            ));
        }
        let has_words = e.chars().any(|c| c.is_alphabetic());
        if e == r && has_words && !exempt {
            problems.push(format!("{at}: the Russian line is the English one\n  {r}"));
        }
        if e.chars().any(|c| ('\u{400}'..='\u{4ff}').contains(&c)) {
            problems.push(format!("{at}: Cyrillic in the English\n  {e}"));
        }
    }
    problems
}

/// Compares every `X.md` with its `X.ru.md` in a turn folder (whole reports), and their
/// dice sections as data.
pub fn compare_turn(v: &Vocab, dir: &Path, out: &mut Vec<String>, pairs: &mut u32) {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("report") && n.ends_with(".md") && !n.ends_with(".ru.md"))
        .collect();
    names.sort();
    for n in names {
        let ru_name = format!("{}.ru.md", n.trim_end_matches(".md"));
        let label = format!("{}/{n}", dir.display());
        let en = fs::read_to_string(dir.join(&n)).unwrap();
        let Ok(ru) = fs::read_to_string(dir.join(&ru_name)) else {
            out.push(format!("{label}: no {ru_name} beside it"));
            continue;
        };
        out.extend(compare(v, &label, &en, &ru));
        let (a, b) = (parse_dice_section(&en), parse_dice_section(&ru));
        match (a, b) {
            (Some(Ok(a)), Some(Ok(b))) if a == b => {}
            _ => out.push(format!("{label}: the dice sections differ or do not parse")),
        }
        *pairs += 1;
    }
}

/// Words of orders files (YAML, the header and order keys, their values) that a Russian
/// diagnostic writes as the player writes them: no prose to translate.
pub const ORDER_WORDS: &[&str] = &[
    "SPACE",
    "YAML",
    "HTML",
    "null",
    "game",
    "turn",
    "side",
    "based_on",
    "entropy",
    "id",
    "action",
    "event",
    "move",
    "sail",
    "build",
    "pillage",
    "card",
    "for",
    "target",
    "fortify",
    "capitulate",
    "losses",
    "retreat",
    "escape",
    "appeals",
    "initiative",
    "standing",
];

/// A hand listed in a hint (`your hand: C11 Oracle of Delphi, C01 Pericles`) as its ids:
/// the names are words of each language (`Oracle of Delphi` names no place), the ids the
/// facts, as reports print names in italics beside their ids.
pub fn hand_ids(s: &str) -> String {
    for head in [
        "your hand: ",
        "у вас на руке: ",
        "you may discard: ",
        "можно сбросить: ",
    ] {
        if let Some((before, hand)) = s.split_once(head) {
            let ids: Vec<&str> = hand
                .split(", ")
                .map(|c| c.split(' ').next().unwrap_or(c))
                .collect();
            return format!("{before}{head}{}", ids.join(", "));
        }
    }
    s.to_string()
}

/// The four texts of a diagnostic and of its translation, side by side, by name.
pub fn fields<'d>(
    e: &'d dikast::diag::Diagnostic,
    r: &'d dikast::diag::Diagnostic,
) -> [(&'static str, Option<&'d String>, Option<&'d String>); 4] {
    [
        ("message", Some(&e.message), Some(&r.message)),
        ("label", e.label.as_ref(), r.label.as_ref()),
        ("rule", e.rule.as_ref(), r.rule.as_ref()),
        ("help", e.help.as_ref(), r.help.as_ref()),
    ]
}
