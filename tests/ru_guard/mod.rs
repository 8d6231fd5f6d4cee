//! What a native Russian reader flags in dikast's Russian (issue 32, "Russian"): the
//! calques and wrong terms of `dikast::kit::words::RU_CALQUES`, and Latin-script words in
//! Russian prose. Shared by tests/russian_words.rs (reports, templates, diagnostics) and
//! tests/tick.rs (the mail a Russian player gets through a real SMTP server).
//!
//! Latin words that are not prose are let through: inside `code` spans and fenced blocks,
//! YAML (a template's lines outside its comments), ids and names as the map and the
//! scenario write them (they begin with a capital or a digit: Athens, ATH-7, C02, A2), file
//! names and paths, and the few names of formats and tools listed in `TECHNICAL`. Any
//! other Latin word (a side's id such as `sparta` in a sentence, an English placeholder, an
//! English word left over) is flagged. A map name is let through only where it belongs
//! (`places`): after its own Russian form in parentheses («в Платеях (Plataea)»), in
//! lists and paths; never right after a Russian word («в Plataea»).

#![allow(dead_code)]

/// Lower-case Latin words a Russian text may hold outside code: names of tools and formats.
const TECHNICAL: &[&str] = &["dikast", "cron", "e-mail", "html", "yaml"];

/// Small words inside map names (Gulf of Corinth, Sea of Andros).
const NAME_PARTICLES: &[&str] = &["of"];

fn is_letter(c: char) -> bool {
    c.is_alphabetic()
}

/// The calques of `RU_CALQUES` in `text`, each as `where: «calque» → «instead» in: line`.
pub fn calques(what: &str, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        for (bad, good) in dikast::kit::words::RU_CALQUES {
            let mut from = 0;
            while let Some(i) = line[from..].find(bad) {
                let at = from + i;
                let before = line[..at].chars().next_back();
                let starts_word = bad.chars().next().is_some_and(is_letter);
                if !(starts_word && before.is_some_and(is_letter)) {
                    out.push(format!(
                        "{what}:{}: «{bad}» → «{good}» in: {}",
                        n + 1,
                        line.trim()
                    ));
                    break;
                }
                from = at + bad.len();
            }
        }
    }
    out
}

/// The prose of a line: code spans taken out.
fn prose(line: &str) -> String {
    let mut out = String::new();
    let mut code = false;
    for c in line.chars() {
        if c == '`' {
            code = !code;
            out.push(' ');
        } else if !code {
            out.push(c);
        }
    }
    out
}

/// Lower-case Latin words in the prose of `text` (a Markdown report or mail body; for a
/// template, give `yaml: true`: only its comments are prose).
pub fn latin(what: &str, text: &str, yaml: bool) -> Vec<String> {
    let mut out = Vec::new();
    let mut fenced = false;
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let line = if yaml {
            // The last comment of the line: `#   capitulate: []   # 8.1.3 …` comments a
            // commented-out order.
            match line.rfind('#') {
                Some(i) => &line[i + 1..],
                None => continue,
            }
        } else {
            line
        };
        // A commented-out order (`#   standing:`, `#   fortify: { Athens: walls }`) and
        // the editor's schema line are YAML, not prose.
        let t = line.trim_start().trim_start_matches("- ");
        if (yaml || line.starts_with(char::is_whitespace) || line.starts_with("- "))
            && (t.contains("$schema")
                || t.split_once(':').is_some_and(|(k, _)| {
                    !k.is_empty()
                        && k.chars()
                            .all(|c| c.is_ascii_lowercase() || c == '_' || c == '-')
                }))
        {
            continue;
        }
        // A command shown (`dikast check a.yaml --against …`) and a YAML example
        // (`{ olympian: Ares, … }`) are code to the line's end.
        let line = match line.find("dikast ").into_iter().chain(line.find('{')).min() {
            Some(i) => &line[..i],
            None => line,
        };
        let p = prose(line);
        for word in p.split(|c: char| !(c.is_alphanumeric() || "-_./@'<>".contains(c))) {
            let w = word.trim_matches(|c: char| ".-'".contains(c));
            let Some(first) = w.chars().next() else {
                continue;
            };
            // Ids and names as written (Athens, ATH-7, demo-431): a capital or a digit.
            if !first.is_ascii_lowercase() || w.chars().any(|c| c.is_ascii_digit()) {
                continue;
            }
            // An order's key as written (`- assault: <город>`) is YAML.
            if line.contains(&format!("{w}:"))
                || w.chars().any(|c| "/_@<>".contains(c))
                || w.contains('.')
                || TECHNICAL.contains(&w)
                || NAME_PARTICLES.contains(&w)
                || !w.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                || w.len() < 2
            {
                continue;
            }
            out.push(format!(
                "{what}:{}: Latin word `{w}` in: {}",
                n + 1,
                line.trim()
            ));
        }
    }
    out
}

/// A map name inside a Russian sentence without its Russian form (issue 32, Russian 25):
/// a Hellenes place is written «в Платеях (Plataea)», its Russian form with the map's
/// name after it. Flagged: a map name right after a lower-case Russian word («в
/// Plataea», «у города Plataea»), and a «form (Name)» whose form is not one of that
/// place's (a wrong place or case slipped in). Lists and paths keep the map's names
/// alone (`- Plataea: 3 блока`, `(Thebes → Plataea)`, `GAR-Plataea`).
pub fn places(what: &str, text: &str) -> Vec<String> {
    let table = &dikast::games::hellenes::words::russian().places;
    let mut names: Vec<(&String, Vec<String>)> = table
        .iter()
        .map(|(name, f)| {
            let forms = [
                &f.nom, &f.gen, &f.dat, &f.acc, &f.ins, &f.at, &f.into, &f.from,
            ];
            (name, forms.iter().map(|s| s.to_string()).collect())
        })
        .collect();
    names.sort_by_key(|(n, _)| std::cmp::Reverse(n.len()));
    let mut out = Vec::new();
    let mut fenced = false;
    for (n, raw) in text.lines().enumerate() {
        if raw.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut line = prose(raw);
        // «Quoted» text is the checker's own words.
        while let (Some(a), Some(b)) = (line.find('«'), line.find('»')) {
            if b < a {
                break;
            }
            line.replace_range(a..b + '»'.len_utf8(), " ");
        }
        for (name, forms) in &names {
            let mut from = 0;
            while let Some(i) = line[from..].find(name.as_str()) {
                let at = from + i;
                let end = at + name.len();
                from = end;
                let before = line[..at].chars().next_back();
                let after = line[end..].chars().next();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '-')
                    || after.is_some_and(|c| c.is_alphanumeric() || c == '-')
                {
                    continue;
                }
                // A longer map name holds this one (`Sea of Andros`, `Andros`).
                if names.iter().any(|(other, _)| {
                    other.len() > name.len()
                        && other.contains(name.as_str())
                        && line
                            .match_indices(other.as_str())
                            .any(|(j, _)| j <= at && at + name.len() <= j + other.len())
                }) {
                    continue;
                }
                let head = &line[..at];
                if let Some(h) = head.strip_suffix('(') {
                    let h = h.trim_end();
                    if line[end..].starts_with(')')
                        && !forms.iter().any(|f| h.ends_with(f.as_str()))
                    {
                        out.push(format!(
                            "{what}:{}: «… ({name})» follows no Russian form of {name} in: {}",
                            n + 1,
                            raw.trim()
                        ));
                    }
                    continue;
                }
                let prev = head.trim_end_matches(' ');
                let word: String = prev
                    .chars()
                    .rev()
                    .take_while(|c| c.is_alphabetic())
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                    .collect();
                // Any Russian word but a garrison's name (`Гарнизон Plataea`, a block's
                // name as the scenario gives it).
                let russian = word.chars().next().is_some_and(|c| {
                    ('а'..='я').contains(&c) || ('А'..='Я').contains(&c) || c == 'ё'
                }) && word != "Гарнизон";
                // «возможно, имелось в виду Plataea?» suggests the spelling to write.
                if russian && prev.len() + 1 == head.len() && word != "виду" {
                    out.push(format!(
                        "{what}:{}: map name {name} after «{word}», not in Russian in: {}",
                        n + 1,
                        raw.trim()
                    ));
                }
            }
        }
    }
    out
}
