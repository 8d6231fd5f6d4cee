//! The bad-input catalogue (issue 2, item 6): every folder `tests/bad-inputs/<NN-name>/`
//! holds one bad input, a `case.yaml` saying what it is and which commands to run with
//! which exit code, and `expected.txt`, the snapshot of everything dikast printed.
//!
//! For each case a campaign is made in a temporary folder (fixed chain heads, so runs
//! are the same everywhere), the case's files are put in place, the whole folder is
//! snapshotted, the commands run, and then: the exit codes are the expected ones, no run
//! panicked, every `located` place (file:line:column) is printed, the output equals the
//! snapshot, and the folder is byte for byte as before: nothing was written.
//!
//! `DIKAST_BLESS=1 cargo test --test bad_inputs` rewrites the snapshots; review the diff.
//! Placeholders in case files: `{{game}}`, `{{turn}}`, `{{based_on}}` (the pending
//! turn's game file hash), `{{previous_based_on}}` (the turn before's), `{{athens_card}}`
//! and `{{sparta_card}}` (the first card of each hand). In output, hashes are put back as placeholders and the
//! temporary folder as `$ROOT`, so snapshots stay stable.

mod agree;
mod cli;
mod facts;

use cli::{snapshot, snapshot_diff, TempDir, Test};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

const GAME: &str = "bad-431";

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    /// What the case is, in a sentence.
    what: String,
    /// The campaign before the case: `new` (turn 1 awaits its orders), `turn-2` (turn 1
    /// adjudicated with no orders; turn 2, the New Year, awaits), `turn-3` (turn 2
    /// adjudicated with no orders too, i.e. the default sacrifices; turn 3, Spring's
    /// initiative, awaits) or `turn-4` (the default plays too; turn 4, the first player
    /// turn, awaits).
    #[serde(default = "default_campaign")]
    campaign: String,
    /// `dikast new` arguments used instead of the fixed test chain heads.
    #[serde(default)]
    new_args: Option<Vec<String>>,
    /// Files of the case folder → where they go, relative to the temporary root (the
    /// campaign is `campaign/`; anything else sits beside it).
    #[serde(default)]
    files: BTreeMap<String, String>,
    /// Changes made after the files are in place, before the snapshot.
    #[serde(default)]
    prepare: Vec<Prepare>,
    /// The commands, in order, each run in the temporary root.
    run: Vec<Run>,
}

fn default_campaign() -> String {
    "new".into()
}

/// One change made before the run: exactly one of the fields.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Prepare {
    /// Remove a file.
    remove: Option<String>,
    /// Remove a folder and everything in it.
    remove_dir: Option<String>,
    /// Make a folder.
    mkdir: Option<String>,
    /// Copy a file.
    copy: Option<FromTo>,
    /// Replace the first occurrence of `find` in `file` by `with`.
    replace: Option<Replace>,
    /// Make `link` a symbolic link to `to` (relative to the root; made absolute).
    symlink: Option<Symlink>,
    /// Write a file of `mib` MiB of orders-like lines (never committed).
    big: Option<Big>,
    /// Write a file of `head`, then `line` `count` times, then `tail` (never committed).
    many: Option<Many>,
    /// Write a file with this text.
    write: Option<Write>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FromTo {
    from: String,
    to: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Replace {
    file: String,
    find: String,
    with: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Symlink {
    link: String,
    to: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Many {
    file: String,
    head: String,
    /// `{n}` in it is the repetition's number, from 0.
    line: String,
    count: usize,
    #[serde(default)]
    tail: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Big {
    file: String,
    mib: usize,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Write {
    file: String,
    text: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Run {
    args: Vec<String>,
    exit: i32,
    /// Places (`file:line:column`) the output must name.
    #[serde(default)]
    located: Vec<String>,
    /// Diagnostic codes the output must contain.
    #[serde(default)]
    codes: Vec<String>,
}

fn catalogue() -> PathBuf {
    cli::repo().join("tests/bad-inputs")
}

fn case_dirs() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = fs::read_dir(catalogue())
        .expect("tests/bad-inputs exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("case.yaml").exists())
        .collect();
    v.sort();
    v
}

/// The pending (last) turn of a campaign folder.
fn pending_turn(campaign: &Path) -> u32 {
    fs::read_dir(campaign.join("turns"))
        .map(|rd| {
            rd.flatten()
                .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
                .max()
                .unwrap_or(1)
        })
        .unwrap_or(1)
}

/// The first card of `side`'s hand in a game file (searched by key, so it survives
/// changes of the state's layout), if any.
fn hand_card(game: &Path, side: &str) -> Option<String> {
    fn find(v: &serde_yaml::Value, side: &str) -> Option<String> {
        match v {
            serde_yaml::Value::Mapping(m) => {
                if let Some(h) = m.get("hands").and_then(|h| h.get(side)) {
                    return h.get(0)?.as_str().map(String::from);
                }
                m.values().find_map(|x| find(x, side))
            }
            serde_yaml::Value::Sequence(s) => s.iter().find_map(|x| find(x, side)),
            _ => None,
        }
    }
    let v: serde_yaml::Value = serde_yaml::from_slice(&fs::read(game).ok()?).ok()?;
    find(&v, side)
}

/// The placeholder values of a prepared campaign.
fn placeholders(root: &Path) -> Vec<(String, String)> {
    let c = root.join("campaign");
    let mut out = vec![("{{game}}".to_string(), GAME.to_string())];
    if !c.join("turns").exists() {
        return out;
    }
    let t = pending_turn(&c);
    let turn = |t: u32| c.join("turns").join(format!("{t:04}"));
    out.push(("{{turn}}".into(), t.to_string()));
    out.push((
        "{{based_on}}".into(),
        cli::field(&turn(t).join("view-athens.yaml"), "based_on"),
    ));
    if t > 1 {
        out.push((
            "{{previous_based_on}}".into(),
            cli::field(&turn(t - 1).join("view-athens.yaml"), "based_on"),
        ));
    }
    for side in ["athens", "sparta"] {
        if let Some(card) = hand_card(&turn(t).join("game.yaml"), side) {
            out.push((format!("{{{{{side}_card}}}}"), card));
        }
    }
    out
}

fn substitute(bytes: &[u8], vals: &[(String, String)]) -> Vec<u8> {
    let mut out = bytes.to_vec();
    for (k, v) in vals {
        out = replace_bytes(&out, k.as_bytes(), v.as_bytes(), usize::MAX);
    }
    out
}

fn replace_bytes(hay: &[u8], find: &[u8], with: &[u8], max: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(hay.len());
    let mut i = 0;
    let mut n = 0;
    while i < hay.len() {
        if n < max && !find.is_empty() && hay[i..].starts_with(find) {
            out.extend_from_slice(with);
            i += find.len();
            n += 1;
        } else {
            out.push(hay[i]);
            i += 1;
        }
    }
    out
}

/// Puts a case in place under `root`; returns the placeholder values.
fn prepare(case: &Case, dir: &Path, root: &Path) -> Vec<(String, String)> {
    let c = root.join("campaign");
    match case.campaign.as_str() {
        "none" => {}
        "new" | "turn-2" | "turn-3" | "turn-4" => {
            let mut t = Test::new().arg("new").arg(&c).args(["--game-id", GAME]);
            t = match &case.new_args {
                Some(a) => t.args(a),
                None => t.arg("--secret").arg(cli::demo_secret()),
            };
            t.run();
            let turns = match case.campaign.as_str() {
                "turn-2" => 1,
                "turn-3" => 2,
                "turn-4" => 3,
                _ => 0,
            };
            for _ in 0..turns {
                Test::new()
                    .args(["adjudicate", "--allow-no-orders"])
                    .arg(&c)
                    .run();
            }
        }
        other => panic!("{}: unknown campaign state `{other}`", dir.display()),
    }
    let vals = placeholders(root);
    for (from, to) in &case.files {
        let bytes = fs::read(dir.join(from))
            .unwrap_or_else(|e| panic!("{}: file {from}: {e}", dir.display()));
        let dest = root.join(to);
        fs::create_dir_all(dest.parent().unwrap()).unwrap();
        fs::write(&dest, substitute(&bytes, &vals)).unwrap();
    }
    for p in &case.prepare {
        let set = [
            p.remove.is_some(),
            p.remove_dir.is_some(),
            p.mkdir.is_some(),
            p.copy.is_some(),
            p.replace.is_some(),
            p.symlink.is_some(),
            p.big.is_some(),
            p.many.is_some(),
            p.write.is_some(),
        ];
        assert_eq!(
            set.iter().filter(|x| **x).count(),
            1,
            "{}: each prepare step does one thing: {p:?}",
            dir.display()
        );
        if let Some(f) = &p.remove {
            fs::remove_file(root.join(f)).unwrap();
        }
        if let Some(f) = &p.remove_dir {
            fs::remove_dir_all(root.join(f)).unwrap();
        }
        if let Some(f) = &p.mkdir {
            fs::create_dir_all(root.join(f)).unwrap();
        }
        if let Some(FromTo { from, to }) = &p.copy {
            let t = root.join(to);
            fs::create_dir_all(t.parent().unwrap()).unwrap();
            fs::copy(root.join(from), t).unwrap();
        }
        if let Some(Replace { file, find, with }) = &p.replace {
            let p = root.join(file);
            let b = fs::read(&p).unwrap();
            let find = substitute(find.as_bytes(), &vals);
            let nb = replace_bytes(&b, &find, with.as_bytes(), 1);
            assert_ne!(
                b,
                nb,
                "{}: `{}` not found in {file}",
                dir.display(),
                String::from_utf8_lossy(&find)
            );
            fs::write(&p, nb).unwrap();
        }
        if let Some(Symlink { link, to }) = &p.symlink {
            let l = root.join(link);
            fs::create_dir_all(l.parent().unwrap()).unwrap();
            std::os::unix::fs::symlink(root.join(to), &l).unwrap();
        }
        if let Some(Write { file, text }) = &p.write {
            let p = root.join(file);
            fs::create_dir_all(p.parent().unwrap()).unwrap();
            fs::write(&p, substitute(text.as_bytes(), &vals)).unwrap();
        }
        if let Some(m) = &p.many {
            let p = root.join(&m.file);
            fs::create_dir_all(p.parent().unwrap()).unwrap();
            let mut b = substitute(m.head.as_bytes(), &vals);
            for n in 0..m.count {
                b.extend_from_slice(m.line.replace("{n}", &n.to_string()).as_bytes());
            }
            b.extend_from_slice(m.tail.as_bytes());
            fs::write(&p, b).unwrap();
        }
        if let Some(Big { file, mib }) = &p.big {
            let p = root.join(file);
            fs::create_dir_all(p.parent().unwrap()).unwrap();
            let head = substitute(
                b"game: {{game}}\nturn: {{turn}}\nside: athens\nbased_on: {{based_on}}\nentropy: |\n",
                &vals,
            );
            let line = b"  the same line of entropy, again and again, to make a very large file\n";
            let mut b = Vec::with_capacity(mib * 1024 * 1024 + line.len());
            b.extend_from_slice(&head);
            while b.len() < mib * 1024 * 1024 {
                b.extend_from_slice(line);
            }
            fs::write(&p, b).unwrap();
        }
    }
    vals
}

/// Output with the temporary root, the turn's hashes and the cards put back as
/// placeholders, and any other SHA-256 (of a file a case changed) as `{{sha256}}`, so
/// that a snapshot changes only when a message does (or, for the cases that list a
/// hand, when the deal does).
fn normalise(text: &str, root: &Path, vals: &[(String, String)]) -> String {
    let mut t = text.replace(&root.display().to_string(), "$ROOT");
    for (k, v) in vals {
        if k.contains("based_on") {
            t = t.replace(v, k);
        }
    }
    for (k, v) in vals {
        if k.ends_with("_card}}") {
            t = t.replace(&format!("`{v}`"), &format!("`{k}`"));
            t = t.replace(&format!("card: {v}"), &format!("card: {k}"));
        }
    }
    let mut out = String::new();
    let mut rest = t.as_str();
    while let Some(i) = rest.find(|c: char| c.is_ascii_hexdigit()) {
        out.push_str(&rest[..i]);
        let run = rest[i..]
            .find(|c: char| !c.is_ascii_hexdigit())
            .unwrap_or(rest.len() - i);
        let word = &rest[i..i + run];
        let alone = !out.ends_with(|c: char| c.is_alphanumeric());
        out.push_str(if run == 64 && alone {
            "{{sha256}}"
        } else {
            word
        });
        rest = &rest[i + run..];
    }
    out.push_str(rest);
    out
}

/// Runs one case; returns its problems (empty: it passed).
fn run_case(dir: &Path, bless: bool) -> Vec<String> {
    let name = dir.file_name().unwrap().to_string_lossy().into_owned();
    let text = fs::read_to_string(dir.join("case.yaml")).unwrap();
    let case: Case =
        serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{name}/case.yaml: {e}"));
    assert!(!case.what.trim().is_empty(), "{name}: say what the case is");
    let tmp = TempDir::new(&name);
    let root = tmp.path();
    let vals = prepare(&case, dir, root);
    let before = snapshot(root);
    let mut transcript = String::new();
    let mut problems = Vec::new();
    for r in &case.run {
        let out = Test::new().args(&r.args).current_dir(root).output();
        transcript.push_str(&format!(
            "$ dikast {}\nexit {}\n--- stdout\n{}--- stderr\n{}\n",
            r.args.join(" "),
            out.code,
            normalise(&out.stdout, root, &vals),
            normalise(&out.stderr, root, &vals)
        ));
        if out.code != r.exit {
            problems.push(format!(
                "{name}: `dikast {}` exited {} instead of {}",
                r.args.join(" "),
                out.code,
                r.exit
            ));
        }
        if r.exit == 0 {
            problems.push(format!("{name}: a bad input must not succeed"));
        }
        for l in &r.located {
            if !out.stderr.contains(&format!("[{l}]")) && !out.stderr.contains(l.as_str()) {
                problems.push(format!("{name}: the output does not name the place {l}"));
            }
        }
        for c in &r.codes {
            if !out.stderr.contains(c.as_str()) {
                problems.push(format!("{name}: the output has no diagnostic {c}"));
            }
        }
    }
    if let Some(d) = snapshot_diff(&before, &snapshot(root)) {
        problems.push(format!("{name}: files were written:\n{d}"));
    }
    problems.extend(schema_agrees(&name, &case, root));
    problems.extend(russian_agrees(&name, &case, root));
    let expected = dir.join("expected.txt");
    if bless {
        fs::write(&expected, &transcript).unwrap();
    } else {
        match fs::read_to_string(&expected) {
            Err(_) => problems.push(format!(
                "{name}: expected.txt is missing (run with DIKAST_BLESS=1)"
            )),
            Ok(want) if want != transcript => problems.push(format!(
                "{name}: the output differs from expected.txt (DIKAST_BLESS=1 rewrites it; review the diff)\n--- expected\n{want}--- got\n{transcript}"
            )),
            Ok(_) => {}
        }
    }
    problems
}

/// Issue 8: the orders JSON Schema and `check` agree on every orders file of the
/// catalogue (what agreeing means: tests/schema.rs), each checked against the game file
/// of its campaign's last turn: a file `check` refuses for its shape the schema refuses,
/// and one `check` accepts the schema accepts.
fn schema_agrees(name: &str, case: &Case, root: &Path) -> Vec<String> {
    let Some(game) = last_game_file(&root.join("campaign")) else {
        return Vec::new();
    };
    let Ok(gb) = fs::read(&game) else {
        return Vec::new();
    };
    let reg = dikast::games::builtin();
    let Ok(g) = reg.find("hellenes") else {
        return vec![format!("{name}: no game `hellenes` in the registry")];
    };
    let schema = g.orders_schema();
    let mut outcomes = Vec::new();
    for to in case.files.values() {
        let path = root.join(to);
        let Ok(text) = fs::read_to_string(&path) else {
            continue;
        };
        // An orders file: it names a side (game files, views and secrets do not).
        if !text.lines().any(|l| l.starts_with("side:")) || text.contains("\nstate:") {
            continue;
        }
        let (codes, messages) = match g.check(&path, &game, &gb, None) {
            Ok(_) => (Vec::new(), Vec::new()),
            Err(dikast::error::Failure::Input(d)) => (
                d.iter().map(|d| d.code.clone()).collect(),
                d.iter().map(|d| d.message.clone()).collect(),
            ),
            Err(_) => continue,
        };
        JUDGED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        outcomes.push(agree::Outcome {
            file: format!("{name}/{to}"),
            codes,
            messages,
            schema_errors: agree::schema_errors(&schema, &text),
        });
    }
    agree::disagreements(&outcomes)
}

/// Issue 13: a Russian player's `check --lang ru` gives every diagnostic of the
/// catalogue's orders files in Russian: the same codes, files and places, and in message,
/// label, rule and help the same facts (ids, numbers, places, `quoted` words) with no
/// English prose left (names of YAML, of the header keys and of dikast aside).
fn russian_agrees(name: &str, case: &Case, root: &Path) -> Vec<String> {
    use dikast::error::Failure;
    use dikast::lang::Lang;
    let Some(game) = last_game_file(&root.join("campaign")) else {
        return Vec::new();
    };
    let Ok(gb) = fs::read(&game) else {
        return Vec::new();
    };
    let reg = dikast::games::builtin();
    let g = reg.find("hellenes").expect("hellenes");
    let v = facts::vocab::<dikast::games::hellenes::Hellenes>();
    let mut problems = Vec::new();
    for to in case.files.values() {
        let path = root.join(to);
        let Ok(text) = fs::read_to_string(&path) else {
            continue;
        };
        if !text.lines().any(|l| l.starts_with("side:")) || text.contains("\nstate:") {
            continue;
        }
        let at = format!("{name}/{to}");
        let (en, ru) = match (
            g.check(&path, &game, &gb, Some(Lang::En)),
            g.check(&path, &game, &gb, Some(Lang::Ru)),
        ) {
            (Err(Failure::Input(en)), Err(Failure::InputIn(ru, Lang::Ru))) => (en, ru),
            (Ok(_), Ok(_)) => continue,
            (a, b) => {
                problems.push(format!("{at}: English {a:?}, Russian {b:?}"));
                continue;
            }
        };
        RUSSIAN.fetch_add(en.len(), std::sync::atomic::Ordering::Relaxed);
        if en.len() != ru.len() {
            problems.push(format!(
                "{at}: {} diagnostics, {} in Russian",
                en.len(),
                ru.len()
            ));
            continue;
        }
        for (e, r) in en.iter().zip(&ru) {
            if (&e.code, e.span, e.location()) != (&r.code, r.span, r.location()) {
                problems.push(format!(
                    "{at}: {} at {:?} became {} at {:?}",
                    e.code,
                    e.location(),
                    r.code,
                    r.location()
                ));
            }
            let fields = facts::fields(e, r);
            for (what, a, b) in fields {
                let (Some(a), Some(b)) = (a, b) else {
                    if a.is_some() != b.is_some() {
                        problems.push(format!(
                            "{at}: {} has a {what} in one language only",
                            e.code
                        ));
                    }
                    continue;
                };
                let name = format!("{at} {} {what}", e.code);
                // The file's name is a fact of both (its words are no prose).
                let file = |s: &str| match &e.file {
                    Some(f) => s.replace(&f.name, "`FILE`"),
                    None => s.to_string(),
                };
                let (a, b) = (&facts::hand_ids(&file(a)), &facts::hand_ids(&file(b)));
                problems.extend(facts::compare(v, &name, a, b).into_iter().filter(|p| {
                    // English names of things (YAML, the header keys) are not prose.
                    !(p.contains("English left in the Russian")
                        && p.split_once('[')
                            .and_then(|(_, w)| w.split_once(']'))
                            .is_some_and(|(w, _)| {
                                w.split(", ")
                                    .all(|w| facts::ORDER_WORDS.contains(&w.trim_matches('"')))
                            }))
                }));
            }
        }
    }
    problems
}

/// How many diagnostics `russian_agrees` compared.
static RUSSIAN: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// How many orders files `schema_agrees` judged (the test fails on too few: a scan that
/// finds nothing proves nothing).
static JUDGED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// The game file of a campaign's last turn.
fn last_game_file(campaign: &Path) -> Option<PathBuf> {
    let mut turns: Vec<PathBuf> = fs::read_dir(campaign.join("turns"))
        .ok()?
        .flatten()
        .map(|e| e.path().join("game.yaml"))
        .filter(|p| p.is_file())
        .collect();
    turns.sort();
    turns.pop()
}

#[test]
fn every_bad_input_is_refused_with_its_diagnostic_and_writes_nothing() {
    let dirs = case_dirs();
    assert!(
        dirs.len() >= 30,
        "the catalogue holds {} cases; issue 2 asks for at least 30",
        dirs.len()
    );
    let bless = std::env::var_os("DIKAST_BLESS").is_some_and(|v| v == "1");
    // Two workers: CI has two cores.
    let run_part = |part: usize| -> Vec<String> {
        dirs.iter()
            .skip(part)
            .step_by(2)
            .flat_map(|d| run_case(d, bless))
            .collect()
    };
    let problems: Vec<String> = std::thread::scope(|s| {
        let a = s.spawn(|| run_part(0));
        let b = s.spawn(|| run_part(1));
        let mut v = a.join().expect("worker");
        v.extend(b.join().expect("worker"));
        v
    });
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
    let judged = JUDGED.load(std::sync::atomic::Ordering::Relaxed);
    assert!(judged >= 25, "the schema judged only {judged} orders files");
    let russian = RUSSIAN.load(std::sync::atomic::Ordering::Relaxed);
    assert!(
        russian >= 40,
        "only {russian} diagnostics were compared in Russian"
    );
}

/// Issue 11, item 1: whatever orders `check` accepts, the game file they lead to stays
/// readable. Both sides send the largest standing orders the bounds let through (200
/// appeals whose `on:` is 100 characters, and 4000 characters of entropy, each of three
/// bytes); the next game file grows by no more than
/// `yaml::orders_bound`, and the campaign goes on and verifies.
#[test]
fn the_largest_accepted_orders_leave_a_readable_game_file() {
    use dikast::yaml;
    let t = TempDir::new("largest-orders");
    let dir = t.join("c");
    cli::new_campaign(&dir, "largest-431");
    let on = format!("battle:{}", "*".repeat(yaml::MAX_TEXT_CHARS - 7));
    let appeals: String = (0..yaml::MAX_ITEMS)
        .map(|_| format!("    - {{ olympian: Ares, on: \"{on}\" }}\n"))
        .collect();
    for side in ["athens", "sparta"] {
        let view = dir.join(format!("turns/0001/view-{side}.yaml"));
        let text = format!(
            "game: largest-431\nturn: 1\nside: {side}\nbased_on: {}\nentropy: \"{}\"\nstanding:\n  appeals:\n{appeals}",
            cli::field(&view, "based_on"),
            "ῶ".repeat(yaml::MAX_ENTROPY_CHARS)
        );
        let path = dir.join(format!("turns/0001/orders/{side}.yaml"));
        fs::write(&path, &text).unwrap();
        Test::new()
            .arg("check")
            .arg(&path)
            .arg("--against")
            .arg(&view)
            .stdout_has("are valid")
            .run();
    }
    let before = fs::metadata(dir.join("turns/0001/game.yaml"))
        .unwrap()
        .len() as usize;
    Test::new().arg("adjudicate").arg(&dir).run();
    let after = fs::metadata(dir.join("turns/0002/game.yaml"))
        .unwrap()
        .len() as usize;
    assert!(
        after > before + 2 * yaml::MAX_ITEMS * yaml::MAX_TEXT_CHARS,
        "the appeals are in the game file ({before} → {after} bytes)"
    );
    assert!(
        after <= before + yaml::orders_bound(2),
        "{before} → {after} bytes: more than yaml::orders_bound allows"
    );
    assert!(after < yaml::MAX_GAME_BYTES);
    // The campaign goes on: the game file reads, the next turn adjudicates, all verifies.
    Test::new()
        .args(["adjudicate", "--allow-no-orders"])
        .arg(&dir)
        .stdout_has("turn 2 adjudicated")
        .run();
    Test::new()
        .arg("verify")
        .arg(&dir)
        .stdout_has("verified")
        .run();
}

/// Issue 11, item 2: an id that becomes a file name is never a path. A scenario whose
/// side is `x/../../../../escaped` made `new` write `escaped.yaml` outside the campaign;
/// a side in campaign.yaml and a game id `..` are refused the same way. Nothing is
/// written anywhere.
#[test]
fn ids_that_would_be_paths_are_refused_and_nothing_is_written() {
    let t = TempDir::new("path-ids");
    let root = t.path();
    let text = fs::read_to_string(cli::repo().join("crates/hellenes/src/model/hellenes-431.yaml"))
        .unwrap();
    let mut evil = String::new();
    let mut rest = text.as_str();
    // Every `sparta` that is the side's id (the city is `Sparta`).
    while let Some(i) = rest.find("sparta") {
        let word = !rest[..i].ends_with(|c: char| c.is_alphanumeric() || c == '-')
            && !rest[i + 6..].starts_with(|c: char| c.is_alphanumeric() || c == '-');
        evil.push_str(&rest[..i]);
        evil.push_str(if word {
            "\"x/../../../../escaped\""
        } else {
            "sparta"
        });
        rest = &rest[i + 6..];
    }
    evil.push_str(rest);
    fs::create_dir_all(root.join("deep/er/still")).unwrap();
    fs::write(root.join("evil.yaml"), &evil).unwrap();
    let before = snapshot(root);
    let out = Test::new()
        .current_dir(root)
        .args(["new", "deep/er/still/c", "--scenario", "evil.yaml"])
        .failure()
        .run();
    assert!(
        out.stderr.contains("`x/../../../../escaped` is not usable"),
        "{}",
        out.both()
    );
    assert_eq!(snapshot_diff(&before, &snapshot(root)), None);
    // A game id that is a path is refused too.
    Test::new()
        .current_dir(root)
        .args(["new", "c2", "--game-id", ".."])
        .failure()
        .stderr_has("is not a usable game id")
        .run();
    assert_eq!(snapshot_diff(&before, &snapshot(root)), None);
    // A side in campaign.yaml that is a path: every command that reads it refuses.
    let c = root.join("c");
    cli::new_campaign(&c, "path-431");
    let yaml = fs::read_to_string(c.join("campaign.yaml")).unwrap();
    fs::write(
        c.join("campaign.yaml"),
        yaml.replace("  sparta:", "  ../../sparta:"),
    )
    .unwrap();
    let before = snapshot(root);
    for args in [["status"], ["adjudicate"], ["mail"]] {
        Test::new()
            .args(args)
            .arg(&c)
            .failure()
            .stderr_has("`../../sparta` is not usable")
            .run();
    }
    assert_eq!(snapshot_diff(&before, &snapshot(root)), None);
}

/// Issue 11, item 7: a turn is committed by one rename of a folder that already holds
/// everything, reports included. The failure-injection hook of fsx
/// (`DIKAST_TEST_FAIL_STEP=n`) makes the n-th step that changes the disk fail (make a
/// folder, create, write or fsync a file, fsync a folder, rename, remove); for every n
/// until the run gets through, `adjudicate` must fail and leave the campaign byte for
/// byte as it was. (A full disk or a read-only turn folder fail one such step.) The run
/// that gets through verifies.
#[test]
fn a_failure_at_any_step_of_an_adjudication_leaves_the_campaign_as_it_was() {
    let t = TempDir::new("fail-steps");
    let dir = t.join("c");
    cli::new_campaign(&dir, "steps-431");
    cli::send_orders(
        &dir,
        1,
        [
            ("athens", "standing:\n  fortify: { Athens: walls }\n".into()),
            ("sparta", String::new()),
        ],
    );
    let before = snapshot(&dir);
    let mut n = 1;
    loop {
        let out = Test::new()
            .arg("adjudicate")
            .arg(&dir)
            .env(dikast::fsx::FAIL_STEP_ENV, &n.to_string())
            .output();
        if out.code == 0 {
            break;
        }
        assert_eq!(out.code, 1, "step {n}: {}", out.both());
        assert!(
            out.stderr
                .contains(&format!("injected failure at step {n} ")),
            "step {n}: {}",
            out.both()
        );
        if let Some(d) = snapshot_diff(&before, &snapshot(&dir)) {
            panic!(
                "a failure at step {n} changed the campaign:\n{d}\n{}",
                out.both()
            );
        }
        n += 1;
        assert!(n < 400, "the adjudication never got through");
    }
    // Game file, views, the orders folder, twelve reports: each written and flushed.
    assert!(n > 40, "only {n} steps: are the writes going through fsx?");
    assert!(!dir.join("turns/0002/.reports").exists());
    let staged: Vec<String> = fs::read_dir(dir.join("turns/0001"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".staged"))
        .collect();
    assert!(staged.is_empty(), "left staged: {staged:?}");
    assert!(dir.join("turns/0001/report.md").exists());
    Test::new()
        .arg("verify")
        .arg(&dir)
        .stdout_has("1 adjudicated turn re-run")
        .run();
}

/// Issue 11, items 7 and 8: what a crash leaves is put right by the next run. A turn
/// committed whose reports still wait in `.reports/` (a crash after the commit's rename,
/// as dikast before 2026-12 staged them) is finished; a temporary folder of a run that
/// died is removed; both say so.
#[test]
fn the_next_run_finishes_a_commit_and_removes_what_a_crash_left() {
    let t = TempDir::new("crash-left");
    let dir = t.join("c");
    cli::new_campaign(&dir, "crash-431");
    Test::new()
        .args(["adjudicate", "--allow-no-orders"])
        .arg(&dir)
        .run();
    let done = snapshot(&dir);
    // As a crash right after the commit leaves it: the reports not yet moved.
    let staged = dir.join("turns/0002/.reports");
    fs::create_dir(&staged).unwrap();
    for e in fs::read_dir(dir.join("turns/0001")).unwrap().flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if name.starts_with("report") {
            fs::rename(e.path(), staged.join(&name)).unwrap();
        }
    }
    // And a temporary folder of a run killed while it built the next turn.
    fs::create_dir_all(dir.join("turns/.0003.tmp-4242/orders")).unwrap();
    fs::write(dir.join("turns/.0003.tmp-4242/game.yaml"), "half").unwrap();
    Test::new()
        .arg("verify")
        .arg(&dir)
        .verify_failure()
        .stderr_has("the adjudication of turn 1 stopped after it was committed")
        .run();
    put_right(
        &dir,
        &[
            "removed turns/.0003.tmp-4242, left by a dikast that stopped",
            "finished the adjudication of turn 1 that stopped after it was written",
        ],
        &done,
    );
}

/// The next `adjudicate` puts right what a crash left, saying each of `says`: the
/// campaign is then `done` byte for byte, and verifies.
fn put_right(dir: &Path, says: &[&str], done: &BTreeMap<PathBuf, cli::Entry>) {
    let mut run = Test::new()
        .args(["adjudicate", "--allow-no-orders"])
        .arg(dir);
    for s in says {
        run = run.stdout_has(s);
    }
    run.run();
    assert_eq!(snapshot_diff(done, &snapshot(dir)), None);
    Test::new()
        .arg("verify")
        .arg(dir)
        .stdout_has("verified")
        .run();
}

/// Issue 14's commit: the reports of turn t are written into turn t's folder under
/// staged names (`.report.md.staged`) before turn t+1 is committed, and renamed after.
/// A crash before the commit leaves staged reports and no turn t+1: the next run
/// removes them and adjudicates the turn, to the same bytes. A crash after it leaves
/// them with turn t+1 in place: `verify`, `publish`, `undo` and `receive`'s pending turn
/// name the state, and the next run renames them into place and stops there. `status`
/// names the first state too.
#[test]
fn staged_reports_a_crash_left_are_removed_or_renamed_by_the_next_run() {
    let t = TempDir::new("crash-staged");
    let dir = t.join("c");
    cli::new_campaign(&dir, "staged-431");
    let pending = snapshot(&dir);
    let copy = t.join("before");
    cli::copy_tree(&dir, &copy);
    Test::new()
        .args(["adjudicate", "--allow-no-orders"])
        .arg(&dir)
        .run();
    let done = snapshot(&dir);
    let reports: Vec<String> = fs::read_dir(dir.join("turns/0001"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("report"))
        .collect();
    assert_eq!(reports.len(), 6, "{reports:?}");

    // A crash before the commit: the reports staged in turn 1, no turn 2.
    for n in &reports {
        fs::copy(
            dir.join("turns/0001").join(n),
            copy.join("turns/0001").join(format!(".{n}.staged")),
        )
        .unwrap();
    }
    assert_ne!(snapshot_diff(&pending, &snapshot(&copy)), None);
    Test::new()
        .arg("verify")
        .arg(&copy)
        .verify_failure()
        .stderr_has("an adjudication of turn 1 stopped before it committed turn 2")
        .run();
    Test::new()
        .arg("status")
        .arg(&copy)
        .stdout_has("note: an adjudication of turn 1 stopped before it committed turn 2")
        .run();
    Test::new()
        .args(["adjudicate", "--allow-no-orders"])
        .arg(&copy)
        .stdout_has("removed the reports of turn 1 staged in turns/0001 by a dikast that stopped before it committed turn 2")
        .stdout_has("turn 1 adjudicated")
        .run();
    let same = snapshot_diff(&done, &snapshot(&copy));
    assert_eq!(same, None, "the turn adjudicated again differs");

    // A crash after the commit: turn 2 in place, the reports still staged.
    for n in &reports {
        fs::rename(
            dir.join("turns/0001").join(n),
            dir.join("turns/0001").join(format!(".{n}.staged")),
        )
        .unwrap();
    }
    let says = "the adjudication of turn 1 stopped after it was committed";
    Test::new()
        .arg("verify")
        .arg(&dir)
        .verify_failure()
        .stderr_has(says)
        .run();
    Test::new()
        .arg("publish")
        .arg(&dir)
        .arg(t.join("pub"))
        .failure()
        .stderr_has(says)
        .run();
    assert!(!t.join("pub").exists());
    Test::new()
        .arg("undo")
        .arg(&dir)
        .failure()
        .stderr_has(says)
        .run();
    put_right(
        &dir,
        &["finished the adjudication of turn 1 that stopped after it was committed"],
        &done,
    );
}

/// Issue 11, item 8: a lock left by a dikast that was killed (`kill -9`) blocked every
/// later run until removed by hand. The lock records pid and host; a lock of this host
/// whose process is gone is taken over, with a line saying so; one whose process runs,
/// or of another host, is respected.
#[test]
fn a_lock_whose_process_is_gone_is_taken_over() {
    let t = TempDir::new("stale-lock");
    let dir = t.join("c");
    cli::new_campaign(&dir, "lock-431");
    let host = fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|h| h.trim().to_string())
        .unwrap_or_default();
    let lock = dir.join(".dikast/lock");
    // A process that has ended: its pid names no process any more.
    let mut child = std::process::Command::new("true").spawn().unwrap();
    let dead = child.id();
    child.wait().unwrap();
    // Another host's dikast, and one running here (this test), are respected.
    for text in [
        format!("pid {dead}\nhost elsewhere.example\n"),
        format!("pid {}\nhost {host}\n", std::process::id()),
    ] {
        fs::write(&lock, &text).unwrap();
        Test::new()
            .args(["adjudicate", "--allow-no-orders"])
            .arg(&dir)
            .failure()
            .stderr_has("another dikast is working on this campaign")
            .run();
        assert_eq!(fs::read_to_string(&lock).unwrap(), text);
    }
    fs::write(&lock, format!("pid {dead}\nhost {host}\n")).unwrap();
    Test::new()
        .args(["adjudicate", "--allow-no-orders"])
        .arg(&dir)
        .stdout_has("took over the lock")
        .stdout_has(&format!(
            "of dikast pid {dead} on {host}, which is no longer running"
        ))
        .stdout_has("turn 1 adjudicated")
        .run();
    assert!(!lock.exists(), "the lock taken over is released at the end");
}

/// Issue 11, item 12: with --fallback the reports quote a player's invalid values. A
/// backtick in one ended its code span, and a remote image and a `javascript:` link
/// reached the HTML of the moderator's mail. Every quoted text is one code span that
/// nothing in it can close; the HTML keeps no link or image.
#[test]
fn a_players_text_in_a_report_is_never_markdown_or_html() {
    let t = TempDir::new("md-inject");
    let dir = t.join("c");
    cli::new_campaign(&dir, "inject-431");
    let evil = "P` ![pwn](http://evil.example/x.png) [go](javascript:alert(1)) <b>x</b> `";
    let body = format!("standing:\n  fortify: {{ \"{evil}\": walls }}\n");
    fs::write(
        dir.join("turns/0001/orders/athens.yaml"),
        cli::orders(&dir, 1, "athens", &body),
    )
    .unwrap();
    Test::new()
        .args(["adjudicate", "--fallback"])
        .arg(&dir)
        .stdout_has("turn 1 adjudicated")
        .run();
    let mut seen = 0;
    for e in fs::read_dir(dir.join("turns/0001")).unwrap().flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if !name.ends_with(".md") {
            continue;
        }
        let md = fs::read_to_string(e.path()).unwrap();
        if !md.contains("evil.example") {
            continue;
        }
        seen += 1;
        let html = dikast::mail::html_of(&md, "t", "en");
        for bad in ["<img", "href=", "<b>"] {
            assert!(
                !html.contains(bad),
                "{name}: {bad} reached the HTML:\n{html}"
            );
        }
        // The whole value is shown, as code.
        assert!(
            html.contains("![pwn](http://evil.example/x.png)"),
            "{name}:\n{html}"
        );
    }
    assert!(
        seen >= 2,
        "the moderator's and Athens' reports quote the value"
    );
}

#[test]
fn a_snapshot_sees_every_write() {
    // The "nothing was written" proof above is only as good as the snapshot.
    let t = TempDir::new("snap");
    fs::create_dir_all(t.join("a/.hidden")).unwrap();
    fs::write(t.join("a/.hidden/x"), b"1").unwrap();
    let before = snapshot(t.path());
    assert_eq!(snapshot_diff(&before, &snapshot(t.path())), None);
    fs::write(t.join("a/.hidden/x"), b"2").unwrap();
    assert_eq!(
        snapshot_diff(&before, &snapshot(t.path())).as_deref(),
        Some("changed a/.hidden/x")
    );
    fs::write(t.join("a/.hidden/x"), b"1").unwrap();
    fs::create_dir(t.join("b")).unwrap();
    assert_eq!(
        snapshot_diff(&before, &snapshot(t.path())).as_deref(),
        Some("added b")
    );
}
