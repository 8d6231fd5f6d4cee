//! The layers of the source, held by a test since dikast is one crate (issue 8): every
//! `crate::…` and `super::…` path in `src/` (comments and strings aside) is resolved to
//! the module it names, and must point at the same layer or a lower one.
//!
//! Layers, lowest first:
//! 1. core, itself ordered (each may use those before it): prebuilt, diag, yaml,
//!    yaml_emit, dice, lang, error, game, kit, map, odds, rules (the trait), report,
//!    pipeline. No file system, no game.
//! 2. each game (`games/<game>/`): core and its own folder only — never another game,
//!    never the application. Inside a game whose folder has the layer folders `model/`,
//!    `engine/`, `check/`, `text/`, each may use only those before it (and its `mod.rs`
//!    everything).
//! 3. the application: cache, campaign, fsx, mail, notices, status, verify, publish, show,
//!    schema, policy, receive, undo, png — core
//!    and each other, no game.
//! 4. `registry` (the object-safe `Game` over the application), `demo` (played through
//!    the registry), `site` (the published website, its maps drawn through the
//!    registry), then `games` (the one list of games, the only file outside a game's
//!    folder that names one), then `cli`.
//!
//! A file's `#[cfg(test)]` module is left out: unit tests may reach anywhere.

use std::fs;
use std::path::{Path, PathBuf};

const CORE: [&str; 14] = [
    "prebuilt",
    "diag",
    "yaml",
    "yaml_emit",
    "dice",
    "lang",
    "error",
    "game",
    "kit",
    "map",
    "odds",
    "rules",
    "report",
    "pipeline",
];
const APP: [&str; 14] = [
    "cache", "campaign", "fsx", "mail", "notices", "status", "verify", "publish", "show", "schema",
    "policy", "receive", "undo", "png",
];
const TOP: [&str; 6] = ["registry", "demo", "site", "tick", "games", "cli"];
const GAME_LAYERS: [&str; 4] = ["model", "engine", "check", "text"];

fn rs_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .expect("src")
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rs_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The module path of a file (`src/games/hellenes/engine/siege.rs` → games, hellenes,
/// engine, siege; `mod.rs` names its folder).
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).expect("under src");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts
        .last()
        .is_some_and(|p| p == "mod" || p == "lib" || p == "main")
    {
        parts.pop();
    }
    parts
}

/// The code of a file without comments and string literals (a doc comment may name any
/// module; a string is data).
fn code_only(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let mut in_str = false;
        let mut prev = ' ';
        let mut kept = String::new();
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if !in_str && c == '/' && chars.get(i + 1) == Some(&'/') {
                break;
            }
            if c == '"' && prev != '\\' {
                in_str = !in_str;
            } else if !in_str {
                kept.push(c);
            }
            prev = c;
            i += 1;
        }
        out.push_str(&kept);
        out.push('\n');
    }
    out
}

/// Every module path a file's code names, resolved (`crate::a::b` → [a, b];
/// `super::x` from games::hellenes::engine::siege → [games, hellenes, engine, x]).
fn named(code: &str, me: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let text: String = bytes.iter().collect();
    let inline = inline_mods(&text);
    for (i, _) in text.match_indices("crate::") {
        if i > 0 && (bytes[i - 1].is_alphanumeric() || bytes[i - 1] == '_') {
            continue;
        }
        let rest = &text[i + "crate::".len()..];
        out.push(path_words(rest));
    }
    for (i, _) in text.match_indices("super::") {
        if i > 0 && (bytes[i - 1].is_alphanumeric() || bytes[i - 1] == '_' || bytes[i - 1] == ':') {
            continue;
        }
        // `super` is the parent of the module the path stands in: the file's module (a
        // `mod.rs` is its folder's), or an inline `mod x { … }` inside it.
        let mut rest = &text[i + "super::".len()..];
        let mut base: Vec<String> = me.to_vec();
        for (start, end, name) in &inline {
            if *start <= i && i < *end {
                base.push(name.clone());
            }
        }
        base.pop();
        while let Some(r) = rest.strip_prefix("super::") {
            base.pop();
            rest = r;
        }
        base.extend(path_words(rest));
        out.push(base);
    }
    out
}

/// The inline modules of a file's code: (start, end, name) by byte offset, outermost
/// first.
fn inline_mods(text: &str) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    for (i, _) in text.match_indices("mod ") {
        if i > 0
            && text[..i]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
        {
            continue;
        }
        let after = &text[i + 4..];
        let name: String = after
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let rest = after[name.len()..].trim_start();
        if name.is_empty() || !rest.starts_with('{') {
            continue;
        }
        let open = text.len() - rest.len();
        let mut depth = 0usize;
        let mut end = text.len();
        for (j, c) in text[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + j;
                        break;
                    }
                }
                _ => {}
            }
        }
        out.push((open, end, name));
    }
    out
}

fn path_words(rest: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut chars = rest.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_alphanumeric() || c == '_' {
            cur.push(c);
        } else if c == ':' && chars.peek() == Some(&':') {
            chars.next();
            words.push(std::mem::take(&mut cur));
        } else {
            break;
        }
    }
    if !cur.is_empty() {
        words.push(cur);
    }
    words.retain(|w| !w.is_empty());
    words
}

/// (layer rank, sub-rank) of a module path; `None` for the crate root files.
fn rank(m: &[String]) -> Option<(u32, u32, Option<String>)> {
    let first = m.first()?.as_str();
    if first == "games" && m.len() >= 2 && game_names().contains(&m[1]) {
        let game = m[1].clone();
        let sub = m
            .get(2)
            .and_then(|l| GAME_LAYERS.iter().position(|g| g == l))
            .map_or(99, |p| p as u32);
        return Some((2, sub, Some(game)));
    }
    if let Some(p) = CORE.iter().position(|c| *c == first) {
        return Some((1, p as u32, None));
    }
    if APP.contains(&first) {
        return Some((3, 0, None));
    }
    if let Some(p) = TOP.iter().position(|c| *c == first) {
        return Some((4, p as u32, None));
    }
    None
}

/// The games: the folders under `src/games/` (the test's own fake game `g` too).
fn game_names() -> Vec<String> {
    let mut names: Vec<String> =
        fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games"))
            .expect("src/games")
            .flatten()
            .filter(|e| e.path().is_dir())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
    names.push("g".into());
    names
}

/// Whether `from` may name `to`.
fn allowed(from: &[String], from_is_mod_rs: bool, to: &[String]) -> Result<(), String> {
    let (Some(f), Some(t)) = (rank(from), rank(to)) else {
        return Ok(());
    };
    match (f, t) {
        // Inside one game: layer folders in order; the game's mod.rs and files outside
        // the layer folders (99) see everything of their game.
        ((2, fs, Some(fg)), (2, ts, Some(tg))) if fg == tg => {
            if fs == 99 || ts == 99 || ts <= fs || (from_is_mod_rs && from.len() == 2) {
                Ok(())
            } else {
                Err(format!(
                    "{} is in a lower layer of {fg} than {}",
                    from.join("::"),
                    to.join("::")
                ))
            }
        }
        ((2, _, Some(fg)), (2, _, Some(tg))) => Err(format!("game {fg} names game {tg}")),
        ((2, ..), (1, ..)) => Ok(()),
        ((2, ..), _) => Err("a game may use the core only".into()),
        ((1, fs, _), (1, ts, _)) if ts <= fs => Ok(()),
        ((1, ..), (1, ..)) => Err("a core module names one above it in the core's order".into()),
        ((1, ..), _) => Err("the core names something above it".into()),
        ((3, ..), (1, ..) | (3, ..)) => Ok(()),
        ((3, ..), _) => Err("the application names a game or the registry".into()),
        ((4, fs, _), (4, ts, _)) if ts <= fs => Ok(()),
        ((4, 0, _), (2, ..)) => Err("the registry's machinery names a game".into()),
        ((4, ..), _) => Ok(()),
        _ => Ok(()),
    }
}

#[test]
fn no_module_names_a_higher_layer() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rs_files(&src, &mut files);
    let mut bad = Vec::new();
    let mut checked = 0;
    for f in &files {
        let me = module_of(&src, f);
        let is_mod_rs = f.file_name().is_some_and(|n| n == "mod.rs");
        let text = fs::read_to_string(f).expect("read");
        let text = text.split("#[cfg(test)]\nmod ").next().unwrap_or("");
        let code = code_only(text);
        for to in named(&code, &me) {
            checked += 1;
            if let Err(why) = allowed(&me, is_mod_rs, &to) {
                bad.push(format!(
                    "{}: names {}: {why}",
                    f.strip_prefix(&src).unwrap().display(),
                    to.join("::")
                ));
            }
        }
    }
    bad.sort();
    bad.dedup();
    assert!(
        checked > 200,
        "only {checked} paths found: the scan is broken"
    );
    assert!(
        bad.is_empty(),
        "{} upward imports:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn only_the_registry_names_a_game_outside_its_folder() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rs_files(&src, &mut files);
    let games: Vec<String> = game_names().into_iter().filter(|g| g != "g").collect();
    assert!(!games.is_empty());
    let mut bad = Vec::new();
    for f in &files {
        let rel = f.strip_prefix(&src).unwrap();
        let in_game = games
            .iter()
            .any(|g| rel.starts_with(Path::new("games").join(g)));
        // The registry (games/mod.rs) is the one file that names them.
        if in_game || rel == Path::new("games/mod.rs") {
            continue;
        }
        let text = fs::read_to_string(f).expect("read").to_lowercase();
        for g in &games {
            let word = |i: usize| {
                let before = text[..i].chars().next_back();
                let after = text[i + g.len()..].chars().next();
                !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                    && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
            };
            if text.match_indices(g.as_str()).any(|(i, _)| word(i)) {
                bad.push(format!("{} names {g}", rel.display()));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn the_resolver_resolves() {
    let me: Vec<String> = ["games", "g", "engine", "siege"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let got = named(
        "use super::super::model::state;\nuse crate::dice::TurnDice;\n",
        &me,
    );
    assert_eq!(got[0], ["dice", "TurnDice"]);
    assert_eq!(got[1], ["games", "g", "model", "state"]);
    assert!(allowed(&me, false, &got[1]).is_ok());
    let inl = named("mod inner {\n    use super::super::x::Y;\n}\n", &me);
    assert_eq!(inl[0], ["games", "g", "engine", "x", "Y"]);
    let model: Vec<String> = ["games", "g", "model", "state"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert!(allowed(
        &model,
        false,
        &["games".into(), "g".into(), "engine".into(), "x".into()]
    )
    .is_err());
    assert!(allowed(&["pipeline".into()], false, &["campaign".into()]).is_err());
    assert!(allowed(&["map".into()], false, &["rules".into(), "Rules".into()]).is_err());
}
