//! The layers of the source, held by a test (issue 8) beside the compiler: since issue 29
//! the core (`crates/core`) and each game (`crates/<game>`) are crates of a workspace, so
//! the compiler refuses a game that reaches the application or another game, or a core
//! that reaches either; this test holds the rest. Every `crate::…`, `super::…` and
//! `dikast_core::…` path in `src/` and `crates/*/src/` (comments and strings aside) is
//! resolved to the module it names, and must point at the same layer or a lower one.
//!
//! Layers, lowest first:
//! 1. core, itself ordered (each may use those before it): prebuilt, diag, yaml,
//!    yaml_emit, dice, lang, error, game, kit, map, odds, rules (the trait), report,
//!    pipeline. No file system, no game.
//! 2. each game (`crates/<game>/`, `games::<game>` in the binary): core and its own folder only — never another game,
//!    never the application. Inside a game whose folder has the layer folders `model/`,
//!    `engine/`, `check/`, `text/`, each may use only those before it (and its `mod.rs`
//!    everything).
//! 3. the application, itself ordered (each may use the core and the application
//!    modules before it): first what the campaign folder holds and what is read from it
//!    — fsx, png, schema, clock, secret, folder, cache, campaign_file, guard, notices,
//!    receipts, undo_plan, pending, links, policy — then the commands above them —
//!    verify, show, mail, campaign (adjudicate, new), status, receive, undo, publish,
//!    setup. No game, no registry.
//! 4. `registry` (the object-safe `Game` over the application), `demo` (played through
//!    the registry), `site` (the published website, its maps drawn through the
//!    registry), `tick` (the scheduled run: receive, adjudicate, mail, remind, through
//!    the registry), then `games` (the one list of games, the only file outside a game's
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
const APP: [&str; 24] = [
    "fsx",
    "png",
    "schema",
    "clock",
    "secret",
    "folder",
    "cache",
    "campaign_file",
    "guard",
    "notices",
    "receipts",
    "undo_plan",
    "pending",
    "links",
    "policy",
    "verify",
    "show",
    "mail",
    "campaign",
    "status",
    "receive",
    "undo",
    "publish",
    "setup",
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

/// One source file: where it is, its name in messages and lists (its path under `src/`,
/// or under the repository for a workspace crate's), its module path as the layers
/// speak (core and application modules by name, a game's as `games::<game>::…`, whether
/// in `src/games/<game>/` or in a crate `crates/<game>/`), and the module path its
/// `crate::` stands for.
struct Source {
    file: PathBuf,
    rel: String,
    module: Vec<String>,
    krate: Vec<String>,
}

/// Every source file of the library: `src/` and, in a workspace, each crate's `src/`
/// under `crates/` (`crates/core` is the core; `crates/<game>` a game; a crate with no
/// `src/lib.rs` of the library, such as the build helper, is left out).
fn sources() -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    let mut files = Vec::new();
    rs_files(&root.join("src"), &mut files);
    for f in files {
        let module = module_of(&root.join("src"), &f);
        let rel = f
            .strip_prefix(root.join("src"))
            .unwrap()
            .display()
            .to_string();
        out.push(Source {
            file: f,
            rel,
            module,
            krate: Vec::new(),
        });
    }
    let Ok(rd) = fs::read_dir(root.join("crates")) else {
        return out;
    };
    let mut crates: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
    crates.sort();
    for c in crates {
        let name = c.file_name().unwrap().to_string_lossy().into_owned();
        if name == "prebuild" {
            continue;
        }
        let krate: Vec<String> = if name == "core" {
            Vec::new()
        } else {
            vec!["games".into(), name.clone()]
        };
        let mut files = Vec::new();
        rs_files(&c.join("src"), &mut files);
        for f in files {
            let mut module = krate.clone();
            module.extend(module_of(&c.join("src"), &f));
            let rel = f.strip_prefix(root).unwrap().display().to_string();
            out.push(Source {
                file: f,
                rel,
                module,
                krate: krate.clone(),
            });
        }
    }
    out
}

/// The module path of a file (`crates/hellenes/src/engine/siege.rs` → games, hellenes,
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
        let mut kept = String::new();
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if in_str {
                match c {
                    '\\' => i += 1, // an escape: the next char is data, a quote too
                    '"' => in_str = false,
                    _ => {}
                }
            } else if c == '/' && chars.get(i + 1) == Some(&'/') {
                break;
            } else if c == '"' {
                in_str = true;
            } else if c == '\'' && chars.get(i + 2) == Some(&'\'') {
                i += 2; // a char literal such as '"' is data, not a string's start
            } else if c == '\'' && chars.get(i + 1) == Some(&'\\') {
                // an escaped char literal ('\'', '\\', '\u{22}'): up to its closing quote
                i += 2;
                while i + 1 < chars.len() && chars[i + 1] != '\'' {
                    i += 1;
                }
                i += 1;
            } else {
                kept.push(c);
            }
            i += 1;
        }
        out.push_str(&kept);
        out.push('\n');
    }
    out
}

#[test]
fn code_only_leaves_out_strings_comments_and_char_literals() {
    let code = "use crate::a; let q = '\"'; let s = \"crate::b \\\\\"; use crate::c; // crate::d\n\
                let e = '\\''; let f = \"\\\"crate::g\"; use crate::h;\n";
    let kept = code_only(code);
    for (name, is_kept) in [
        ("a", true),
        ("b", false),
        ("c", true),
        ("d", false),
        ("g", false),
        ("h", true),
    ] {
        assert_eq!(
            kept.contains(&format!("crate::{name}")),
            is_kept,
            "crate::{name} in {kept:?}"
        );
    }
}

/// Every module path a file's code names, resolved (`crate::a::b` → [a, b];
/// `super::x` from games::hellenes::engine::siege → [games, hellenes, engine, x]).
fn named(code: &str, me: &[String]) -> Vec<Vec<String>> {
    named_in(code, me, &[])
}

/// `named`, in a crate whose `crate::` is the module `krate` (a game's crate:
/// `games::<game>`); `dikast_core::` names the core.
fn named_in(code: &str, me: &[String], krate: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let text: String = bytes.iter().collect();
    let inline = inline_mods(&text);
    for (i, _) in text.match_indices("crate::") {
        if i > 0 && (bytes[i - 1].is_alphanumeric() || bytes[i - 1] == '_') {
            continue;
        }
        let rest = &text[i + "crate::".len()..];
        let mut p = krate.to_vec();
        p.extend(path_words(rest));
        out.push(p);
    }
    for (i, _) in text.match_indices("dikast_core::") {
        if i > 0 && (bytes[i - 1].is_alphanumeric() || bytes[i - 1] == '_') {
            continue;
        }
        out.push(path_words(&text[i + "dikast_core::".len()..]));
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
    if let Some(p) = APP.iter().position(|c| *c == first) {
        return Some((3, p as u32, None));
    }
    if let Some(p) = TOP.iter().position(|c| *c == first) {
        return Some((4, p as u32, None));
    }
    None
}

/// The games: the folders under `src/games/` or the game crates under `crates/` (the
/// test's own fake game `g` too).
fn game_names() -> Vec<String> {
    let mut names: Vec<String> = sources()
        .into_iter()
        .filter(|s| s.module.len() >= 2 && s.module[0] == "games")
        .map(|s| s.module[1].clone())
        .collect();
    names.sort();
    names.dedup();
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
        ((3, ..), (1, ..)) => Ok(()),
        ((3, fs, _), (3, ts, _)) if ts <= fs => Ok(()),
        ((3, ..), (3, ..)) => Err("an application module names one after it in APP's order".into()),
        ((3, ..), _) => Err("the application names a game or the registry".into()),
        ((4, fs, _), (4, ts, _)) if ts <= fs => Ok(()),
        ((4, 0, _), (2, ..)) => Err("the registry's machinery names a game".into()),
        ((4, ..), _) => Ok(()),
        _ => Ok(()),
    }
}

#[test]
fn no_module_names_a_higher_layer() {
    let mut bad = Vec::new();
    let mut checked = 0;
    for s in sources() {
        let me = &s.module;
        // A game's root file (`mod.rs`, or `lib.rs` of its crate) sees all of its game.
        let is_mod_rs = s
            .file
            .file_name()
            .is_some_and(|n| n == "mod.rs" || (n == "lib.rs" && !s.krate.is_empty()));
        let text = fs::read_to_string(&s.file).expect("read");
        let text = text.split("#[cfg(test)]\nmod ").next().unwrap_or("");
        let code = code_only(text);
        for to in named_in(&code, me, &s.krate) {
            checked += 1;
            if let Err(why) = allowed(me, is_mod_rs, &to) {
                bad.push(format!("{}: names {}: {why}", s.rel, to.join("::")));
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
    let games: Vec<String> = game_names().into_iter().filter(|g| g != "g").collect();
    assert!(!games.is_empty());
    let mut bad = Vec::new();
    for s in sources() {
        let m = &s.module;
        let in_game = m.len() >= 2 && m[0] == "games" && games.contains(&m[1]);
        // The registry (games/mod.rs) is the one file that names them.
        if in_game || *m == ["games"] {
            continue;
        }
        let rel = &s.rel;
        let text = fs::read_to_string(&s.file).expect("read").to_lowercase();
        for g in &games {
            let word = |i: usize| {
                let before = text[..i].chars().next_back();
                let after = text[i + g.len()..].chars().next();
                !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                    && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
            };
            if text.match_indices(g.as_str()).any(|(i, _)| word(i)) {
                bad.push(format!("{rel} names {g}"));
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

/// Every module (file) of `src/` by its path, with the module paths its code names
/// (`crate::…`, `super::…`, `self::…`, and a child module named bare), each resolved to
/// the deepest module file it reaches (`crate::games::g::model::state::State` →
/// games::g::model::state; an item re-exported by a `mod.rs` → that `mod.rs`).
fn module_graph() -> Vec<(Vec<String>, Vec<Vec<String>>)> {
    let srcs = sources();
    let modules: Vec<Vec<String>> = srcs.iter().map(|s| s.module.clone()).collect();
    let resolve = |path: &[String]| -> Option<Vec<String>> {
        (1..=path.len())
            .rev()
            .map(|n| path[..n].to_vec())
            .find(|p| modules.contains(p))
    };
    let mut out = Vec::new();
    for s in &srcs {
        let (f, me) = (&s.file, &s.module);
        if f.file_name().is_some_and(|n| n == "main.rs") {
            continue;
        }
        let text = fs::read_to_string(f).expect("read");
        let text = text.split("#[cfg(test)]\nmod ").next().unwrap_or("");
        let code = code_only(text);
        let mut to: Vec<Vec<String>> = named_in(&code, me, &s.krate);
        // `self::x` and bare child paths (`use model::state;` in a `mod.rs`).
        let children: Vec<String> = modules
            .iter()
            .filter(|m| m.len() == me.len() + 1 && m.starts_with(me))
            .map(|m| m[me.len()].clone())
            .collect();
        let chars: Vec<char> = code.chars().collect();
        for (i, _) in code.match_indices("::") {
            let start = code[..i]
                .char_indices()
                .rev()
                .take_while(|(_, c)| c.is_alphanumeric() || *c == '_')
                .last()
                .map_or(i, |(j, _)| j);
            let word = &code[start..i];
            let before = code[..start].chars().next_back();
            if before == Some(':') || word.is_empty() {
                continue;
            }
            let _ = &chars;
            let rest = &code[i + 2..];
            if word == "self" {
                let mut p = me.clone();
                p.extend(path_words(rest));
                to.push(p);
            } else if children.iter().any(|c| c == word) {
                let mut p = me.clone();
                p.push(word.to_string());
                p.extend(path_words(rest));
                to.push(p);
            }
        }
        let mut edges: Vec<Vec<String>> = to
            .iter()
            .filter_map(|p| resolve(p))
            .filter(|p| p != me && !p.is_empty())
            .collect();
        edges.sort();
        edges.dedup();
        out.push((me.clone(), edges));
    }
    out
}

/// The circles of the module graph: its strongly connected components of more than one
/// module (Tarjan's algorithm), each sorted, all sorted.
fn circles(graph: &[(Vec<String>, Vec<Vec<String>>)]) -> Vec<Vec<String>> {
    let idx = |m: &Vec<String>| graph.iter().position(|(n, _)| n == m);
    let adj: Vec<Vec<usize>> = graph
        .iter()
        .map(|(_, e)| e.iter().filter_map(idx).collect())
        .collect();
    let n = adj.len();
    let (mut index, mut low, mut on) = (vec![usize::MAX; n], vec![0; n], vec![false; n]);
    let (mut stack, mut next, mut out) = (Vec::new(), 0usize, Vec::new());
    // Iterative Tarjan: (node, next edge to look at).
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut work = vec![(root, 0usize)];
        while let Some(&mut (v, ref mut e)) = work.last_mut() {
            if *e == 0 && index[v] == usize::MAX {
                index[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on[v] = true;
            }
            if let Some(&w) = adj[v].get(*e) {
                *e += 1;
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(u, _)) = work.last() {
                low[u] = low[u].min(low[v]);
            }
            if low[v] == index[v] {
                let mut comp = Vec::new();
                while let Some(w) = stack.pop() {
                    on[w] = false;
                    comp.push(graph[w].0.join("::"));
                    if w == v {
                        break;
                    }
                }
                if comp.len() > 1 {
                    comp.sort();
                    out.push(comp);
                }
            }
        }
    }
    out.sort();
    out
}

/// Issue 29: no circle anywhere in the module graph, within a layer or a game too.
/// The module graph has no circle anywhere, within a layer too (issue 29 dissolved the
/// last ones): a circle found is printed with its modules.
#[test]
fn the_module_graph_has_no_circle() {
    let graph = module_graph();
    assert!(graph.len() > 100, "only {} modules found", graph.len());
    let found: Vec<String> = circles(&graph).iter().map(|c| c.join(" ")).collect();
    assert!(
        found.is_empty(),
        "circles in the module graph (move what both sides use into a module below them):\n{}",
        found
            .iter()
            .map(|c| format!("  {c}"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn the_circle_finder_finds_circles() {
    let m = |s: &str| s.split("::").map(String::from).collect::<Vec<String>>();
    let g = vec![
        (m("a"), vec![m("b")]),
        (m("b"), vec![m("c")]),
        (m("c"), vec![m("a")]),
        (m("d"), vec![m("a"), m("e")]),
        (m("e"), vec![m("e")]),
    ];
    assert_eq!(
        circles(&g),
        vec![vec!["a".to_string(), "b".into(), "c".into()]]
    );
}

/// The functions of `src/` (tests aside) longer than `max` lines, as `file::name (lines)`:
/// a function runs from its `fn` line to the brace that closes its body.
fn long_functions(max: usize) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    for s in sources() {
        let text = fs::read_to_string(&s.file).expect("read");
        let text = text.split("#[cfg(test)]\nmod ").next().unwrap_or("");
        // Strings and comments out (a brace in them is no brace), char literals too.
        let code = code_only(text).replace("'{'", "' '").replace("'}'", "' '");
        let lines: Vec<&str> = code.lines().collect();
        let rel = &s.rel;
        let mut i = 0;
        while i < lines.len() {
            let t = lines[i].trim_start();
            let t = ["pub(crate) ", "pub(super) ", "pub "]
                .iter()
                .find_map(|p| t.strip_prefix(p))
                .unwrap_or(t);
            let t = t.strip_prefix("const ").unwrap_or(t);
            let Some(rest) = t.strip_prefix("fn ") else {
                i += 1;
                continue;
            };
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let (mut depth, mut started, mut j) = (0i64, false, i);
            while j < lines.len() {
                for c in lines[j].chars() {
                    match c {
                        '{' => {
                            depth += 1;
                            started = true;
                        }
                        '}' => depth -= 1,
                        _ => {}
                    }
                }
                if (started && depth == 0) || (!started && lines[j].trim_end().ends_with(';')) {
                    break;
                }
                j += 1;
            }
            if j - i + 1 > max {
                out.push((format!("{rel}::{name}"), j - i + 1));
            }
            i = if started { j + 1 } else { i + 1 };
        }
    }
    out.sort();
    out
}

/// Functions that are tables of data (a `match` from a key to its words, a list of
/// facts), allowed past 100 lines: each with why.
const DATA_TABLES: &[(&str, &str)] = &[];

#[test]
fn no_function_is_over_a_hundred_lines() {
    let long = long_functions(100);
    let fits = long_functions(0);
    assert!(fits.len() > 1000, "only {} functions found", fits.len());
    let long: Vec<String> = long
        .iter()
        .filter(|(n, _)| !DATA_TABLES.iter().any(|(t, _)| t == n))
        .map(|(n, l)| format!("  {n} ({l} lines)"))
        .collect();
    assert!(
        long.is_empty(),
        "functions over 100 lines (split them by step, or list a table of data in DATA_TABLES with why):\n{}",
        long.join("\n")
    );
}

/// The string literals of a file's code (plain, byte and raw strings), tests left out.
fn string_literals(text: &str) -> Vec<String> {
    let text = text.split("#[cfg(test)]\nmod ").next().unwrap_or("");
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '\'' && chars.get(i + 2) == Some(&'\'') {
            i += 3; // a char literal such as '"'
        } else if c == '\'' && chars.get(i + 1) == Some(&'\\') {
            i += 4;
        } else if c == 'r' && matches!(chars.get(i + 1), Some('#') | Some('"')) {
            let hashes = chars[i + 1..].iter().take_while(|c| **c == '#').count();
            if chars.get(i + 1 + hashes) != Some(&'"') {
                i += 1;
                continue;
            }
            let close: Vec<char> = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            let start = i + 2 + hashes;
            let mut j = start;
            while j < chars.len() && !chars[j..].starts_with(&close) {
                j += 1;
            }
            out.push(chars[start..j.min(chars.len())].iter().collect());
            i = j + close.len();
        } else if c == '"' {
            let mut j = i + 1;
            let mut s = String::new();
            while j < chars.len() && chars[j] != '"' {
                if chars[j] == '\\' {
                    j += 1;
                }
                if let Some(&c) = chars.get(j) {
                    s.push(c);
                }
                j += 1;
            }
            out.push(s);
            i = j + 1;
        } else {
            i += 1;
        }
    }
    out
}

/// Whether a text cites a rule by its number: `(8.2.1)`, `rule 7.4`, `§3`.
fn cites_a_rule(s: &str) -> bool {
    let b = s.as_bytes();
    let number_at = |mut i: usize| -> Option<usize> {
        let digits = |i: &mut usize| {
            let from = *i;
            while *i < b.len() && b[*i].is_ascii_digit() {
                *i += 1;
            }
            *i > from
        };
        if !digits(&mut i) || b.get(i) != Some(&b'.') {
            return None;
        }
        i += 1;
        if !digits(&mut i) {
            return None;
        }
        while b.get(i) == Some(&b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
            i += 1;
            digits(&mut i);
        }
        Some(i)
    };
    (0..b.len()).any(|i| {
        (b[i] == b'(' && number_at(i + 1).is_some_and(|e| b.get(e) == Some(&b')')))
            || ((b[i..].starts_with(b"rule ") || b[i..].starts_with(b"Rule "))
                && number_at(i + 5).is_some())
    }) || s.contains('§')
}

/// Issue 29: the core and the application speak no game's rules: none of their text (a
/// string a user may read) cites a rule by number; the game that owns the rule writes it.
#[test]
fn no_core_or_application_text_cites_a_rule_number() {
    assert!(cites_a_rule("; blockaded by Sparta (8.2.1)"));
    assert!(cites_a_rule("rule 7.4: besieged blocks"));
    assert!(cites_a_rule("siege points (§3)"));
    assert!(!cites_a_rule("{:.1} 0.5 (x) 1.5 (2 of 3)"));
    assert!(!cites_a_rule("version (1.0"));
    assert_eq!(
        string_literals("let a = \"x (1.2)\"; // \"(3.4)\"\nlet b = r#\"y\"#; let c = '\"';"),
        ["x (1.2)", "y"]
    );
    let mut found = Vec::new();
    for s in sources() {
        if !matches!(rank(&s.module), Some((1 | 3, _, _))) {
            continue;
        }
        let text = fs::read_to_string(&s.file).expect("read");
        for lit in string_literals(&text) {
            if cites_a_rule(&lit) {
                found.push(format!("  {}: {lit:?}", s.rel));
            }
        }
    }
    assert!(
        found.is_empty(),
        "core and application text citing a rule:\n{}",
        found.join("\n")
    );
}
