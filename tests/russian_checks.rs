//! Issue 13, "Russian for Russian players": every diagnostic the Hellenes checker can give
//! a player reads in Russian when his view is Russian — message, label, rule and help,
//! with the same facts (ids, numbers, places, sides, seasons, `quoted` words) as the
//! English, and no English sentence left (`facts::compare`, as for the reports).
//!
//! The bad-input catalogue (tests/bad_inputs.rs) covers what a broken file gives; this
//! test walks what the rules refuse. Seeds: the orders of every Hellenes rule case
//! (`tests/cases/hellenes/**`, which hold a refused order for most refusals) checked
//! against their case's view; mutants of them made by data, not chance: every scalar
//! replaced by each word of a pool (own and enemy ids, cities, seas, cards, Olympians,
//! keywords, numbers, lists, mappings, nothing), every key dropped or renamed, and
//! every step's forms added. Each diagnostic found is translated as `check --lang ru`
//! translates it (`kit::tr` with the game's tongue) and compared with its English.
//!
//! The walk must reach every refusal code the checker and the rule predicates it calls
//! can write (read from their sources), so a new check cannot stay English unseen.

mod facts;
mod hcases;
mod ru_guard;

use dikast::diag::Diagnostic;
use dikast::game::{sha256_hex, GameFile};
use dikast::games::hellenes::state::State;
use dikast::games::hellenes::Hellenes;
use dikast::lang::Lang;
use dikast::pipeline;
use dikast::rules::Rules;
use dikast::yaml::{self, Kind, Node};
use hcases::{case_game, find_cases, scenario, CaseFile};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::PathBuf;

/// More words of orders files than `facts::ORDER_WORDS` (the orders' keys and values),
/// which a Russian diagnostic writes as the player writes them.
const NAMES: &[&str] = &[
    "assault",
    "attrition",
    "sortie",
    "quarter",
    "return",
    "walls",
    "field",
    "offer",
    "peace",
    "discard",
    "new_year",
    "winter",
    "combat",
    "actions",
    "sacrifice",
    "olympian",
    "attacker",
    "defender",
    "path",
    "carry",
    "into",
    "blocks",
    "garrison",
    "hand_value_at_most",
    "drawn",
    "my_hits_at_most",
    "enemy_hits_at_least",
    "my_routs_at_most",
    "enemy_routs_at_least",
    "stay",
    "no",
    "yes",
    "true",
    "false",
    "from",
    "dikast",
    "on",
    "as",
    "when",
    "to",
    "truce",
    "halt",
    "closed",
];

/// The words of Successors orders, written as the player writes them.
const SUCCESSORS_NAMES: &[&str] = &[
    "sally",
    "avoid_battle",
    "intercept",
    "withdraw_inside",
    "intercept_sea",
    "play",
    "target",
    "independent",
    "markers",
    "train",
    "macedonians",
    "fleet",
    "general",
    "march",
    "sea",
    "activation",
    "surrender",
    "tyche",
    "nobody",
    "ops",
    "both",
    "discard",
    "event",
    "assault",
    "subjugate",
    "sortie",
    "inside",
];

/// Refusal codes the walk does not reach, each with why. Their phrases are in
/// `check::ru` all the same; a rule case giving one takes it off this list (the test
/// fails on a listed code it reaches, so the list only shrinks).
const SHAPE: &str = "the form's shape (kit::forms) refuses the value first";
const POSITION: &str = "no rule case's view holds the position it needs";
const UNREACHED: &[(&str, &str)] = &[
    ("bad-value", SHAPE),
    ("no-blocks", SHAPE),
    ("sortie-without-blocks", SHAPE),
    ("unknown-action", SHAPE),
    ("unknown-combat", SHAPE),
    ("unknown-winter", SHAPE),
    ("at-sea", POSITION),
    ("besieged-port-only-by-offshore-sea", POSITION),
    ("build-besieged", POSITION),
    ("build-empty-pool", POSITION),
    ("fortify-garrison", POSITION),
    ("garrison-twice", POSITION),
    ("not-a-port", POSITION),
    ("not-on-map", POSITION),
    ("path-not-to", POSITION),
    ("pillage-no-siege", POSITION),
    ("second-treachery-assault", POSITION),
    ("siege-too-recent", POSITION),
    ("winter-no-room", POSITION),
    ("winter-not-a-city", POSITION),
    ("winter-besieged", POSITION),
    (
        "assault-after-event",
        "after an Event the truce (`event-truce`) refuses an assault first",
    ),
    (
        "event-not-applied",
        "every card of the embedded scenario has its Event's effects",
    ),
];

struct Seed {
    name: String,
    side: String,
    text: String,
    game_bytes: Vec<u8>,
}

fn seeds() -> Vec<Seed> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/cases/hellenes");
    let mut dirs = Vec::new();
    find_cases(&root, &mut dirs);
    let sides = scenario().side_ids();
    let mut out = Vec::new();
    for dir in dirs {
        let case: CaseFile =
            serde_yaml::from_str(&fs::read_to_string(dir.join("case.yaml")).unwrap()).unwrap();
        let (game_bytes, _, _) = case_game(&dir, &case);
        let hash = sha256_hex(&game_bytes);
        for side in &sides {
            let p = dir.join("in/orders").join(format!("{side}.yaml"));
            let Ok(text) = fs::read_to_string(&p) else {
                continue;
            };
            out.push(Seed {
                name: format!("{}/{side}", dir.strip_prefix(&root).unwrap().display()),
                side: side.clone(),
                text: text.replace("based_on: auto", &format!("based_on: {hash}")),
                game_bytes: game_bytes.clone(),
            });
        }
    }
    out
}

/// Byte ranges in a file.
type Spans = Vec<(usize, usize)>;

/// The spans of a file's scalars and of its mapping keys.
fn spans(text: &str) -> (Spans, Spans) {
    fn walk(n: &Node, scalars: &mut Spans, keys: &mut Spans) {
        match &n.kind {
            Kind::Scalar(..) => scalars.push(n.span),
            Kind::Seq(v) => v.iter().for_each(|x| walk(x, scalars, keys)),
            Kind::Map(v) => {
                for (k, x) in v {
                    keys.push(k.span);
                    walk(x, scalars, keys);
                }
            }
        }
    }
    let file = dikast::diag::SourceFile::new("o.yaml", text);
    let (mut s, mut k) = (Vec::new(), Vec::new());
    if let Ok(root) = yaml::parse(&file) {
        walk(&root, &mut s, &mut k);
    }
    s.retain(|(a, b)| a < b);
    (s, k)
}

/// What the mutants put in place of a scalar: words of the view and the scenario.
fn pool(view: &dikast::games::hellenes::sight::View) -> Vec<String> {
    let sc = scenario();
    let mut w: Vec<String> = Vec::new();
    let own: Vec<&str> = view
        .blocks
        .iter()
        .filter(|b| b.side == view.side)
        .map(|b| b.id.as_str())
        .collect();
    w.extend(own.iter().take(4).map(|s| s.to_string()));
    if let Some(b) = view.blocks.iter().find(|b| b.side != view.side) {
        w.push(b.id.clone());
    }
    for c in view.cities.iter().take(40).step_by(4) {
        w.push(c.name.clone());
    }
    w.extend(sc.seas.iter().take(12).step_by(3).map(|s| s.name.clone()));
    w.extend(
        sc.areas
            .iter()
            .filter(|a| a.city.is_none())
            .take(2)
            .map(|a| a.name.clone()),
    );
    w.extend(view.hand.iter().take(2).map(|c| c.id.clone()));
    w.extend(view.hand.iter().take(1).map(|c| c.name.clone()));
    w.extend(sc.cards.iter().rev().take(2).map(|c| c.id.clone()));
    w.extend(
        [
            "Zeus",
            "Ares",
            "Apollo",
            "Zeuss",
            "walls",
            "field",
            "offer",
            "no",
            "action",
            "event",
            "attacker",
            "xyzzy",
            "0",
            "7",
            "[]",
            "{}",
            "~",
            "{ a: 1 }",
            "[Athens, Sparta]",
            "ATH-X9",
        ]
        .map(String::from),
    );
    w
}

/// Top-level forms of every step, added to a file to reach "not of this step" and each
/// form's own checks.
fn additions(view: &dikast::games::hellenes::sight::View) -> Vec<String> {
    let card = view
        .hand
        .first()
        .map_or("C01".to_string(), |c| c.id.clone());
    let block = view
        .blocks
        .iter()
        .find(|b| b.side == view.side)
        .map_or("ATH-1".to_string(), |b| b.id.clone());
    use dikast::games::hellenes::state::Status;
    let mut out = Vec::new();
    // Building in each city of the side, a block off the map moved or built, a path
    // that enters nothing, a besieged block's sortie twice.
    for c in view.cities.iter().filter(|c| c.control == view.side) {
        out.push(format!("actions: [{{ build: {} }}]", c.name));
    }
    let own = || view.blocks.iter().filter(|b| b.side == view.side);
    if let Some(b) = own().find(|b| matches!(b.status, Status::Pool | Status::Eliminated)) {
        out.push(format!("actions: [{{ build: {} }}]", b.id));
        out.push(format!(
            "actions: [{{ move: [{}], path: [Athens, Attica] }}]",
            b.id
        ));
    }
    if let Some(b) = own().find(|b| b.status == Status::Field) {
        out.push(format!(
            "actions: [{{ move: [{}], path: [{}] }}]",
            b.id, b.at
        ));
    }
    // Winter moves of the first blocks home, and into each besieged city.
    for b in own().filter(|b| b.status == Status::Field).take(4) {
        out.push(format!("winter: [{{ return: [{}] }}]", b.id));
        for c in view.cities.iter().filter(|c| c.siege.is_some()) {
            out.push(format!(
                "winter: [{{ quarter: [{}], to: {} }}]",
                b.id, c.name
            ));
        }
    }
    for b in own()
        .filter(|b| b.status == Status::Besieged || b.id.starts_with("GAR-"))
        .take(2)
    {
        out.push(format!("winter: [{{ return: [{}] }}]", b.id));
    }
    if let Some(b) = own().find(|b| b.status == Status::Besieged) {
        let s = format!("{{ sortie: {{ from: {}, blocks: [{}] }} }}", b.at, b.id);
        out.push(format!("combat: [{s}, {s}]"));
    }
    out.extend([
        format!("initiative: {{ card: {card}, for: action }}"),
        format!("initiative: {{ card: {card}, for: event, extra: 1 }}"),
        format!("new_year: {{ card: {card}, for: action, sacrifice: Zeus }}"),
        format!("new_year: {{ card: {card}, for: event, sacrifice: Ares }}"),
        format!("new_year: {{ card: {card}, for: action }}"),
        "peace: offer".into(),
        "peace: maybe".into(),
        format!("discard: [{card}]"),
        "discard: [C01]".into(),
        format!("actions: [{{ move: [{block}], path: [Athens, Sparta] }}]"),
        format!("actions: [{{ sail: [{block}], path: [Aegean Sea], into: walls }}]"),
        format!("actions: [{{ build: {block} }}, {{ build: Athens }}, {{ build: {{ garrison: Sparta }} }}, {{ pillage: Sparta }}]"),
        "actions: [{ fly: [ATH-1] }]".into(),
        "actions: 3".into(),
        "combat: [{ assault: Sparta }, { attrition: Athens }, { sortie: { from: Athens } }]".into(),
        format!("combat: [{{ sortie: {{ from: Plataea, blocks: [{block}] }} }}]"),
        "combat: [{ charge: Athens }]".into(),
        format!("winter: [{{ quarter: {block}, to: Sparta }}, {{ return: [{block}] }}]"),
        format!("winter: [{{ quarter: {block} }}, {{ sit: [{block}] }}]"),
        format!("standing: {{ fortify: {{ Athens: walls, Sparta: field }}, losses: [{block}], capitulate: [Sparta], retreat: {{ Attica: Boeotia }}, escape: {{ Athens: [{block}] }} }}"),
        "standing: { fortify: { Athens: maybe }, fly: 1 }".into(),
        "standing: { appeals: [{ olympian: Zeus, on: \"battle:*\", when: { my_hits_at_most: 1 } }, { olympian: Ares, on: \"x\", as: defender, when: { drawn: [ATH-1] } }, { olympian: Apollo, on: \"*\", when: { my_hits_at_most: 1, enemy_hits_at_least: 2 } }, { olympian: Hermes }, { on: \"*\" }] }".into(),
    ]);
    out
}

/// Every mutant of a seed: the seed itself, each scalar replaced by each word of the
/// pool, each key renamed or its line dropped, each form added.
fn mutants(text: &str, pool: &[String], add: &[String]) -> Vec<String> {
    let mut out = vec![text.to_string()];
    let (scalars, keys) = spans(text);
    for (i, (a, b)) in scalars.iter().enumerate() {
        // Four words of the pool for each scalar, a different four for the next.
        for k in 0..4 {
            let w = &pool[(i * 4 + k * 7) % pool.len()];
            out.push(format!("{}{w}{}", &text[..*a], &text[*b..]));
        }
    }
    for (a, b) in &keys {
        let key = &text[*a..*b];
        if ["game", "turn", "side", "based_on"].contains(&key) {
            continue;
        }
        out.push(format!("{}{key}x{}", &text[..*a], &text[*b..]));
        let start = text[..*a].rfind('\n').map_or(0, |n| n + 1);
        let end = text[*b..].find('\n').map_or(text.len(), |n| *b + n + 1);
        out.push(format!("{}{}", &text[..start], &text[end..]));
    }
    for line in add {
        // In place of the seed's own entry of that key, if it has one.
        let key = line.split(':').next().unwrap_or("");
        let base = without_key(text, key);
        out.push(format!("{}\n{line}\n", base.trim_end()));
    }
    out
}

/// `text` without its top-level entry `key` (its lines, from the key to its value's end).
fn without_key(text: &str, key: &str) -> String {
    let file = dikast::diag::SourceFile::new("o.yaml", text);
    let Ok(root) = yaml::parse(&file) else {
        return text.to_string();
    };
    let Some(pairs) = root.as_map() else {
        return text.to_string();
    };
    for (k, v) in pairs {
        if k.as_str() == Some(key) {
            let start = text[..k.span.0].rfind('\n').map_or(0, |n| n + 1);
            let end = v.span.1.max(k.span.1);
            let end = text[end..].find('\n').map_or(text.len(), |n| end + n + 1);
            return format!("{}{}", &text[..start], &text[end..]);
        }
    }
    text.to_string()
}

/// The refusal codes written in the checker's sources and in the rule predicates it
/// calls (`orders::<code>` literally, or the code a problem is made with).
fn codes_in_sources() -> BTreeSet<String> {
    let sources = [
        include_str!("../crates/hellenes/src/check/actions.rs"),
        include_str!("../crates/hellenes/src/check/appeals.rs"),
        include_str!("../crates/hellenes/src/check/context.rs"),
        include_str!("../crates/hellenes/src/check/defaults.rs"),
        include_str!("../crates/hellenes/src/check/events.rs"),
        include_str!("../crates/hellenes/src/check/fortify.rs"),
        include_str!("../crates/hellenes/src/check/orders.rs"),
        include_str!("../crates/hellenes/src/check/siege_orders.rs"),
        include_str!("../crates/hellenes/src/check/winter_orders.rs"),
        include_str!("../crates/hellenes/src/check/year.rs"),
        include_str!("../crates/hellenes/src/engine/actions.rs"),
        include_str!("../crates/hellenes/src/engine/card_events.rs"),
        include_str!("../crates/hellenes/src/engine/movement.rs"),
        include_str!("../crates/hellenes/src/engine/season.rs"),
        include_str!("../crates/hellenes/src/engine/siege.rs"),
        include_str!("../crates/hellenes/src/engine/winter.rs"),
    ];
    let mut out = BTreeSet::new();
    for src in sources {
        let src = src.split("#[cfg(test)]").next().unwrap_or(src);
        let mut rest = src;
        while let Some(i) = rest.find("\"orders::") {
            let tail = &rest[i + 9..];
            let code: String = tail
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-')
                .collect();
            if tail[code.len()..].starts_with('"') && !code.is_empty() {
                out.insert(code);
            }
            rest = tail;
        }
        // `problem(` / `refuse(` / `p(` / `code:` followed by the code's literal.
        for opener in ["problem(", "refuse(", " p(", "code: "] {
            let mut rest = src;
            while let Some(i) = rest.find(opener) {
                let tail = rest[i + opener.len()..].trim_start();
                if let Some(lit) = tail.strip_prefix('"') {
                    let code: String = lit
                        .chars()
                        .take_while(|c| c.is_ascii_lowercase() || *c == '-')
                        .collect();
                    if lit[code.len()..].starts_with('"') && code.contains('-') || code == "neutral"
                    {
                        out.insert(code);
                    }
                }
                rest = &rest[i + opener.len()..];
            }
        }
    }
    out
}

/// The Hellenes cards: id, English name, Russian name.
fn card_names() -> &'static [(String, String, Option<String>)] {
    static C: std::sync::OnceLock<Vec<(String, String, Option<String>)>> =
        std::sync::OnceLock::new();
    C.get_or_init(|| {
        scenario()
            .cards
            .iter()
            .map(|c| {
                let ru = dikast::games::hellenes::check::names::russian(&c.name).map(String::from);
                (c.id.clone(), c.name.clone(), ru)
            })
            .collect()
    })
}

/// `params.x.y` (a scenario field) as a fact of both languages.
fn params_quoted(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find("params.") {
        out.push_str(&rest[..i]);
        let t = &rest[i..];
        let n = t
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '_'))
            .unwrap_or(t.len());
        let name = t[..n].trim_end_matches('.');
        if out.ends_with('`') {
            out.push_str(name);
        } else {
            out.push_str(&format!("`{name}`"));
        }
        rest = &t[name.len()..];
    }
    out.push_str(rest);
    out.replace("``", "`")
}

/// The problems of one diagnostic's Russian against its English.
fn compare(v: &facts::Vocab, at: &str, e: &Diagnostic, r: &Diagnostic) -> Vec<String> {
    compare_with(v, at, e, r, &[], &[])
}

/// `compare`, with more names of orders' words (`names`) and the scenario's Russian
/// names of places (`(id, Russian)`), which are the same fact as the id.
fn compare_with(
    v: &facts::Vocab,
    at: &str,
    e: &Diagnostic,
    r: &Diagnostic,
    names: &[&str],
    places: &[(String, String)],
) -> Vec<String> {
    let mut problems = Vec::new();
    let fields = facts::fields(e, r);
    for (what, a, b) in fields {
        let (Some(a), Some(b)) = (a, b) else { continue };
        let name = format!("{at} {} {what}", e.code);
        let (mut a, mut b) = (
            params_quoted(&facts::hand_ids(a)),
            params_quoted(&facts::hand_ids(b)),
        );
        // A card's name is words of each language (`Oracle of Delphi` names no place):
        // its id is the fact, as in the reports.
        for (id, en, ru) in card_names() {
            a = a.replace(&format!("{id} {en}"), id);
            if let Some(ru) = ru {
                b = b.replace(&format!("{id} {ru}"), id);
            }
        }
        for (id, ru) in places {
            b = b.replace(ru.as_str(), id);
        }
        problems.extend(facts::compare(v, &name, &a, &b).into_iter().filter(|p| {
            !(p.contains("English left in the Russian")
                && p.split_once('[')
                    .and_then(|(_, w)| w.split_once(']'))
                    .is_some_and(|(w, _)| {
                        w.split(", ").all(|w| {
                            let w = w.trim_matches('"');
                            NAMES.contains(&w)
                                || facts::ORDER_WORDS.contains(&w)
                                || names.contains(&w)
                        })
                    }))
        }));
    }
    problems
}

/// What a problem is about, without its facts: the code, the field, and the English
/// field's words outside `quotes`, digits and capitalised names.
fn template(e: &Diagnostic, problem: &str) -> String {
    let field = ["message", "label", "rule", "help"]
        .into_iter()
        .find(|f| problem.contains(&format!(" {f}:")))
        .unwrap_or("");
    let text = match field {
        "label" => e.label.clone(),
        "rule" => e.rule.clone(),
        "help" => e.help.clone(),
        _ => Some(e.message.clone()),
    }
    .unwrap_or_default();
    let words: Vec<&str> = text
        .split('`')
        .step_by(2)
        .flat_map(|s| s.split_whitespace())
        .filter(|w| {
            w.chars()
                .all(|c| c.is_ascii_lowercase() || ",.:;()".contains(c))
        })
        .collect();
    format!("{} {field} {}", e.code, words.join(" "))
}

/// The calques of a Russian diagnostic's message, label, rule and help, each named by
/// `what` and the calque (not the line, so one calque is reported once a code).
fn calques(what: &str, r: &Diagnostic) -> Vec<String> {
    let text = [
        Some(&r.message),
        r.label.as_ref(),
        r.rule.as_ref(),
        r.help.as_ref(),
    ]
    .into_iter()
    .flatten()
    .cloned()
    .collect::<Vec<_>>()
    .join("\n");
    // Russian 25: a place inside a sentence in Russian, the map's name after it.
    ru_guard::calques(what, &text)
        .into_iter()
        .chain(ru_guard::places(what, &text))
        .map(|p| match p.split_once(": «") {
            Some((_, rest)) => format!("{what}: «{rest}"),
            None => p,
        })
        .collect()
}

#[test]
fn every_hellenes_diagnostic_reads_in_russian() {
    let sc = scenario();
    let v = facts::vocab::<Hellenes>();
    let tongue = Hellenes::diagnostic_tongue();
    let seeds = seeds();
    // Two workers (CI has two cores), each walking every other seed.
    let walk = |part: usize| {
        let mut seen: BTreeMap<String, usize> = BTreeMap::new();
        // One problem per English template (the message with its facts): the first found.
        let mut problems: BTreeMap<String, String> = BTreeMap::new();
        let mut checked = 0usize;
        for seed in seeds.iter().skip(part).step_by(2) {
            let game: GameFile<State> = serde_yaml::from_slice(&seed.game_bytes).unwrap();
            let view = pipeline::make_view::<Hellenes>(&sc, &game, &seed.game_bytes, &seed.side);
            let pool = pool(&view.state);
            let add = additions(&view.state);
            for (n, text) in mutants(&seed.text, &pool, &add).iter().enumerate() {
                let Ok(file) = yaml::decode(&format!("{}.yaml", seed.side), text.as_bytes()) else {
                    continue;
                };
                let (_, diags) = pipeline::check_orders::<Hellenes>(&sc, &view, &file);
                for e in &diags {
                    checked += 1;
                    *seen
                        .entry(e.code.trim_start_matches("orders::").to_string())
                        .or_default() += 1;
                    let r = dikast::kit::tr::diagnostic(e, Lang::Ru, tongue);
                    for p in compare(v, &format!("{}#{n}", seed.name), e, &r) {
                        problems.entry(template(e, &p)).or_insert(p);
                    }
                    // Issue 32, Russian: none of the calques a native reader flagged
                    // (`RU_CALQUES`: «найдено проблем», «действие номер», …).
                    for p in calques(&format!("{}#{n} {}", seed.name, e.code), &r) {
                        let calque = p.split_once('«').map_or(p.as_str(), |(_, c)| c);
                        let key = format!(
                            "{} «{}",
                            e.code,
                            calque.split(" in: ").next().unwrap_or(calque)
                        );
                        problems.entry(key).or_insert(p);
                    }
                }
            }
        }
        (seen, problems, checked)
    };
    let ((mut seen, mut problems, mut checked), other) = std::thread::scope(|s| {
        let b = s.spawn(|| walk(1));
        (walk(0), b.join().expect("worker"))
    });
    for (c, n) in other.0 {
        *seen.entry(c).or_default() += n;
    }
    for (t, p) in other.1 {
        problems.entry(t).or_insert(p);
    }
    checked += other.2;
    let missed: Vec<String> = codes_in_sources()
        .into_iter()
        .filter(|c| !seen.contains_key(c) && !UNREACHED.iter().any(|(u, _)| u == c))
        .collect();
    if let Some(path) = std::env::var_os("DIKAST_RU_DUMP") {
        let all: Vec<&str> = problems.values().map(String::as_str).collect();
        fs::write(path, all.join("\n\n")).unwrap();
    }
    let stale: Vec<&str> = UNREACHED
        .iter()
        .map(|(c, _)| *c)
        .filter(|c| seen.contains_key(*c))
        .collect();
    assert!(
        stale.is_empty(),
        "reached now, take off UNREACHED: {stale:?}"
    );
    let shown: Vec<&String> = problems.values().take(40).collect();
    assert!(
        problems.is_empty() && missed.is_empty(),
        "{} diagnostics checked; {} kinds of English left:\n\n{}\n\ncodes never reached: {missed:?}",
        checked,
        problems.len(),
        shown.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n\n"),
    );
    assert!(checked > 1000, "only {checked} diagnostics were checked");
}

/// Issue 13 for Successors: the demo's orders files and their mutants (each scalar
/// replaced by words of the file and its view), checked with `--lang ru` as a Russian
/// player's `check` does, give every diagnostic in Russian with the English facts.
#[test]
fn every_successors_diagnostic_reads_in_russian() {
    use dikast::error::Failure;
    use dikast::games::successors::Successors;
    let reg = dikast::games::builtin();
    let g = reg.find("successors").expect("successors");
    let examples = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("orders-examples");
    let dir = std::env::temp_dir().join(format!("dikast-ru-successors-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dikast::demo::demo(&reg, Some("successors"), Some(&dir), &examples)
        .unwrap_or_else(|f| panic!("{}", f.render()));
    let v = facts::vocab::<Successors>();
    // Seas and boxes have Russian names in the scenario (`name_ru`), longest first.
    let sc: serde_yaml::Value = serde_yaml::from_str(include_str!(
        "../crates/successors/src/model/successors-323.yaml"
    ))
    .unwrap();
    let mut places: Vec<(String, String)> = ["seas", "boxes", "spaces", "regions"]
        .iter()
        .filter_map(|k| sc.get(*k).and_then(|x| x.as_sequence()))
        .flatten()
        .filter_map(|x| {
            Some((
                x.get("id")?.as_str()?.to_string(),
                x.get("name_ru")?.as_str()?.to_string(),
            ))
        })
        .collect();
    places.sort_by_key(|(_, ru)| std::cmp::Reverse(ru.len()));
    let mut problems: BTreeMap<String, String> = BTreeMap::new();
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut checked = 0;
    for (o, view) in hcases::orders_with_views(&dir) {
        let t = view.parent().expect("a turn folder");
        let side = o.file_stem().unwrap().to_string_lossy().into_owned();
        let (Ok(text), Ok(view_bytes)) = (fs::read_to_string(&o), fs::read(&view)) else {
            continue;
        };
        // The words of the file and of the view (spaces, generals, cards), and others.
        let mut pool: Vec<String> = String::from_utf8_lossy(&view_bytes)
            .split(|c: char| !(c.is_alphanumeric() || c == '-'))
            .filter(|w| w.len() > 2)
            .map(String::from)
            .collect::<BTreeSet<_>>()
            .into_iter()
            .step_by(7)
            .collect();
        pool.extend(
            [
                "xyzzy", "0", "99", "[]", "{}", "~", "{ a: 1 }", "both", "ops", "event",
            ]
            .map(String::from),
        );
        let name = format!("{side}.yaml");
        for (n, m) in mutants(&text, &pool, &[]).iter().enumerate() {
            let check = |lang| {
                g.check_orders_bytes(
                    &view.display().to_string(),
                    &view_bytes,
                    &name,
                    m.as_bytes(),
                    lang,
                )
            };
            let (en, ru) = match (check(Lang::En), check(Lang::Ru)) {
                (Err(Failure::Input(en)), Err(Failure::InputIn(ru, Lang::Ru))) => (en, ru),
                _ => continue,
            };
            for (e, r) in en.iter().zip(&ru) {
                checked += 1;
                seen.insert(e.code.clone());
                let at = format!("{}/{side}#{n}", t.file_name().unwrap().to_string_lossy());
                // A did-you-mean suggests the id to type (`Krateros`, Latin in both
                // languages, as code is): compared as code.
                let (e, r) = (&suggestion_as_code(e), &suggestion_as_code(r));
                for p in compare_with(v, &at, e, r, SUCCESSORS_NAMES, &places) {
                    problems.entry(template(e, &p)).or_insert(p);
                }
            }
        }
    }
    let _ = fs::remove_dir_all(&dir);
    let shown: Vec<&str> = problems.values().take(40).map(String::as_str).collect();
    assert!(
        problems.is_empty(),
        "{checked} diagnostics ({} codes) checked; {} kinds of English left:\n\n{}",
        seen.len(),
        problems.len(),
        shown.join("\n\n")
    );
    assert!(
        checked > 200 && seen.len() >= 8,
        "only {checked} diagnostics of {seen:?}"
    );
}

/// `d` with its did-you-mean suggestion (`did you mean X?`, `возможно, имелось в виду X?`,
/// formerly `может быть, X?`) written as
/// code: the id the player types.
fn suggestion_as_code(d: &Diagnostic) -> Diagnostic {
    let mut d = d.clone();
    if let Some(h) = &d.help {
        let mut out = String::new();
        for line in h.split_inclusive('\n') {
            let mut l = line.to_string();
            for lead in ["did you mean ", "возможно, имелось в виду ", "может быть, "]
            {
                if let Some(a) = l.find(lead) {
                    let from = a + lead.len();
                    if let Some(q) = l[from..].find('?') {
                        let word = l[from..from + q].to_string();
                        l.replace_range(from..from + q, &format!("`{word}`"));
                    }
                }
            }
            out.push_str(&l);
        }
        d.help = Some(out);
    }
    d
}

/// What a Successors player reads in Russian as sentences: `code` spans (orders quoted
/// as written) and a did-you-mean's suggestion (the id to type) cut out; in an orders
/// template, only its comments.
fn successors_russian_prose(text: &str, template: bool) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let line = if template {
            match line.split_once('#') {
                Some((_, comment)) => comment,
                None => continue,
            }
        } else {
            line
        };
        let mut l: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        for lead in ["возможно, имелось в виду ", "может быть, "] {
            while let Some(a) = l.find(lead) {
                let end = l[a..].find('?').map_or(l.len(), |b| a + b + 1);
                l.replace_range(a..end, " ");
            }
        }
        out.push_str(&l);
        out.push('\n');
    }
    out
}

/// Issue 30.6: the slips of a Russian Successors text: «полководец» (the rulebook says
/// «генерал») and a general named by his Latin id inside a Russian sentence.
fn successors_slips(prose: &str, generals: &[String]) -> Vec<String> {
    let mut slips = Vec::new();
    if prose.to_lowercase().contains("полководц") || prose.to_lowercase().contains("полководец")
    {
        slips.push("«полководец»".to_string());
    }
    for w in prose.split(|c: char| !c.is_alphanumeric()) {
        if generals.iter().any(|g| g == w) {
            slips.push(w.to_string());
        }
    }
    slips
}

/// Issue 30.6: no «полководец» and no Latin-script general name inside the Russian
/// sentences of Successors reports (every rule case's and the demo's), views (the demo's
/// described in Russian, and their Russian orders templates) and diagnostics (every
/// Russian diagnostic of the demo's orders and their mutants).
#[test]
fn successors_russian_says_general_and_names_generals_in_cyrillic() {
    use dikast::error::Failure;
    use dikast::games::successors::Successors;
    use dikast::show::{Format, Shown};
    let sc =
        Successors::load_scenario(Successors::embedded_scenario("successors").unwrap()).unwrap();
    let generals: Vec<String> = sc.generals.iter().map(|g| g.id.clone()).collect();
    // The detector itself: the slips the issue quotes are found, the fixed forms pass.
    assert_eq!(
        successors_slips("армия Leonnatos против армия Lysimachos", &generals).len(),
        2
    );
    assert!(!successors_slips("новый полководец", &generals).is_empty());
    assert!(successors_slips(
        &successors_russian_prose("армия Леонната: `Leonnatos: assault` не выполнен", false),
        &generals
    )
    .is_empty());
    let mut problems: Vec<String> = Vec::new();
    let mut seen = 0;
    let mut look = |what: &str, prose: String, problems: &mut Vec<String>| {
        seen += 1;
        let slips = successors_slips(&prose, &generals);
        if !slips.is_empty() {
            problems.push(format!("{what}: {slips:?}"));
        }
    };
    // Reports: every rule case's Russian reports.
    let cases = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/cases/successors");
    let mut stack = vec![cases];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).expect("folder").flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.to_string_lossy().ends_with(".ru.md") {
                let text = fs::read_to_string(&p).expect("report");
                look(
                    &p.display().to_string(),
                    successors_russian_prose(&text, false),
                    &mut problems,
                );
            }
        }
    }
    // The demo campaign: its Russian reports, its views described in Russian, their
    // Russian templates, and the Russian diagnostics of its orders' mutants.
    let reg = dikast::games::builtin();
    let g = reg.find("successors").expect("successors");
    let examples = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("orders-examples");
    let dir = std::env::temp_dir().join(format!("dikast-ru-slips-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dikast::demo::demo(&reg, Some("successors"), Some(&dir), &examples)
        .unwrap_or_else(|f| panic!("{}", f.render()));
    let mut templates = 0;
    for (o, view) in hcases::orders_with_views(&dir) {
        let t = view.parent().expect("a turn folder");
        for e in fs::read_dir(t).expect("turn").flatten() {
            let p = e.path();
            if p.to_string_lossy().ends_with(".ru.md") {
                let text = fs::read_to_string(&p).expect("report");
                look(
                    &p.display().to_string(),
                    successors_russian_prose(&text, false),
                    &mut problems,
                );
            }
        }
        let bytes = fs::read(&view).expect("view");
        if let Ok(Shown::Text(s)) = g.show(&view, &bytes, None, Format::Markdown, Some(Lang::Ru)) {
            look(
                &format!("{} shown", view.display()),
                successors_russian_prose(&s, false),
                &mut problems,
            );
        }
        if let Ok(s) = g.template_file(&view, &bytes, None, Some(Lang::Ru)) {
            templates += 1;
            look(
                &format!("{} template", view.display()),
                successors_russian_prose(&s, true),
                &mut problems,
            );
        }
        let text = fs::read_to_string(&o).unwrap_or_default();
        let name = o.file_name().unwrap().to_string_lossy().into_owned();
        let pool: Vec<String> = generals
            .iter()
            .cloned()
            .chain(["xyzzy", "0", "99", "[]", "assault", "Babylon"].map(String::from))
            .collect();
        for m in mutants(&text, &pool, &[]) {
            if let Err(Failure::InputIn(ru, Lang::Ru)) = g.check_orders_bytes(
                &view.display().to_string(),
                &bytes,
                &name,
                m.as_bytes(),
                Lang::Ru,
            ) {
                for d in ru {
                    for f in [Some(&d.message), d.label.as_ref(), d.help.as_ref()]
                        .into_iter()
                        .flatten()
                    {
                        look(
                            &format!("{} diagnostic {}", o.display(), d.code),
                            successors_russian_prose(f, false),
                            &mut problems,
                        );
                    }
                }
            }
        }
    }
    let _ = fs::remove_dir_all(&dir);
    problems.sort();
    problems.dedup();
    assert!(
        problems.is_empty(),
        "{} slips in {seen} texts:\n{}",
        problems.len(),
        problems
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(
        seen > 1000 && templates > 10,
        "only {seen} texts, {templates} templates"
    );
}
