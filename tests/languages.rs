//! A Russian report and an English report of the same turn carry the same facts (issue 5,
//! "Done when"). Every report of the demo campaign, of the multi-season siege example and
//! every rule case that keeps its Russian reports is compared with its English twin line
//! by line: the same number of lines, the same shape (heading, bullet, indentation), and
//! on each line the same multiset of facts — block and card ids, numbers (dice, steps,
//! Prestige, rule references), place names, sides, seasons and `quoted` labels.
//!
//! The Russian text must also be Russian: outside ids, place names, `labels`, «quoted
//! diagnostics» (the checker's own words, English by design), the invalid-orders section
//! and the dice section's YAML, a Russian line holds no Latin word.
//!
//! Every game of the registry is held to it (`GAMES`: each game's vocabulary, order forms
//! and diagnostic tongue): its demo campaign's reports, its rule cases' kept Russian
//! reports, its Russian templates and order-form helps.
//!
//! `comparison_catches_changed_facts` shows the comparison fails when a fact is dropped,
//! changed or moved in one language, or English prose is left in the Russian.

mod facts;

use dikast::campaign::{self, NewOptions};
use dikast::folder::Layout;
use dikast::games::hellenes::{Hellenes, HELLENES_431};
use dikast::games::successors::Successors;
use dikast::lang::Lang;
use dikast::rules::Rules;
use dikast::secret::Secret;
use facts::{compare, compare_turn, vocab};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// What this test asks of each game, by its registry id: its vocabulary of facts, its
/// order forms and its diagnostic tongue (a game of `dikast::games::builtin()` missing
/// here fails `every_game_in_the_registry_is_compared`).
struct Tongues {
    id: &'static str,
    vocab: fn() -> &'static facts::Vocab,
    forms: fn() -> dikast::kit::forms::Forms,
    tongue: fn() -> dikast::kit::tr::Tongue,
}

const GAMES: &[Tongues] = &[
    Tongues {
        id: "hellenes",
        vocab: vocab::<Hellenes>,
        forms: Hellenes::order_forms,
        tongue: Hellenes::diagnostic_tongue,
    },
    Tongues {
        id: "successors",
        vocab: vocab::<Successors>,
        forms: Successors::order_forms,
        tongue: Successors::diagnostic_tongue,
    },
];

fn tongues(id: &str) -> &'static Tongues {
    GAMES
        .iter()
        .find(|g| g.id == id)
        .unwrap_or_else(|| panic!("tests/languages.rs GAMES lists no `{id}`"))
}

#[test]
fn every_game_in_the_registry_is_compared() {
    let registered = dikast::games::builtin().ids();
    let listed: Vec<&str> = GAMES.iter().map(|g| g.id).collect();
    assert_eq!(registered, listed, "tests/languages.rs GAMES");
}

/// Every game's demo campaign (the registry's example campaigns): every report in both
/// languages says the same, with the game's own vocabulary.
#[test]
fn every_games_demo_reports_carry_the_same_facts() {
    let reg = dikast::games::builtin();
    for id in reg.ids() {
        let g = reg.find(id).expect("a registered game");
        let Some(scenario) = g
            .scenario_names()
            .iter()
            .find(|s| examples().join(s).is_dir())
        else {
            panic!("{id}: no example campaign in orders-examples/");
        };
        let dir = temp(&format!("every-demo-{id}"));
        dikast::demo::demo(&reg, Some(scenario), Some(&dir), &examples())
            .unwrap_or_else(|f| panic!("{}", f.render()));
        let layout = Layout::new(&dir);
        let (mut problems, mut pairs) = (Vec::new(), 0);
        for t in layout.turns().expect("turns") {
            if layout.report(t).exists() {
                compare_turn(
                    (tongues(id).vocab)(),
                    &layout.turn_dir(t),
                    &mut problems,
                    &mut pairs,
                );
            }
        }
        assert!(pairs >= 2, "{id}: only {pairs} report pairs compared");
        assert!(
            problems.is_empty(),
            "{id}: {} problems in {pairs} report pairs:\n{}",
            problems.len(),
            problems.join("\n")
        );
        let _ = fs::remove_dir_all(&dir);
    }
}

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("orders-examples")
}

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("dikast-lang-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    d
}

/// Plays an example folder (secret.yaml, turn-NNNN/<side>.yaml) into `dir`.
fn play(ex: &Path, dir: &Path, game: &str) -> Layout {
    let layout = create(ex, dir, game);
    for (t, folder) in dikast::demo::example_turns(ex).unwrap() {
        for e in fs::read_dir(&folder).unwrap().flatten() {
            fs::copy(e.path(), layout.orders_dir(t).join(e.file_name())).unwrap();
        }
        campaign::adjudicate::<Hellenes>(&layout, false)
            .unwrap_or_else(|f| panic!("turn {t}: {}", f.render()));
    }
    layout
}

/// A new Hellenes campaign `game` in `dir` with the secret of the examples folder `ex`.
fn create(ex: &Path, dir: &Path, game: &str) -> Layout {
    let secret: Secret =
        serde_yaml::from_str(&fs::read_to_string(ex.join("secret.yaml")).unwrap()).unwrap();
    let opts = NewOptions {
        game_id: game.into(),
        chain_length: secret.chain_length,
        secret: Some(secret),
        start: Default::default(),
    };
    campaign::create::<Hellenes>(dir, "hellenes-431", HELLENES_431, true, &opts)
        .unwrap_or_else(|f| panic!("create: {}", f.render()));
    Layout::new(dir)
}

fn check_campaign(layout: &Layout) {
    let v = vocab::<Hellenes>();
    let mut problems = Vec::new();
    let mut pairs = 0;
    for t in layout.turns().unwrap() {
        if layout.report(t).exists() {
            compare_turn(v, &layout.turn_dir(t), &mut problems, &mut pairs);
        }
    }
    assert!(pairs >= 6, "only {pairs} report pairs compared");
    assert!(
        problems.is_empty(),
        "{} problems in {pairs} report pairs:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// The demo: setup, New Year, initiative, Sparta's and Athens' player turns of Spring 431 (battles,
/// a siege established, transport and landings, building) — every report in both
/// languages says the same; the archive verifies (Russian reports included) and a player
/// can check his dice from the Russian report.
#[test]
fn demo_reports_carry_the_same_facts() {
    let dir = temp("demo");
    dikast::demo::demo(&dikast::games::builtin(), None, Some(&dir), &examples())
        .unwrap_or_else(|f| panic!("{}", f.render()));
    let layout = Layout::new(&dir);
    check_campaign(&layout);
    // The Russian report's dice section is checked like the English one.
    let ru = layout.side_report_in(4, "athens", Lang::Ru);
    let orders = layout.orders_dir(4).join("athens.yaml");
    let sum = dikast::verify::report_dice(&ru, Some(&orders), None)
        .unwrap_or_else(|f| panic!("verify --report on the Russian report: {}", f.render()));
    assert!(!sum.lines.is_empty());
    // A changed Russian report fails verification of the archive, naming it.
    let text = fs::read_to_string(&ru).unwrap();
    fs::write(&ru, text.replacen("Афины", "Спарта", 1)).unwrap();
    match dikast::verify::archive::<Hellenes>(&layout) {
        Err(f) => assert!(f.render().contains("report-athens.ru.md"), "{}", f.render()),
        Ok(_) => panic!("a changed Russian report verified"),
    }
    let _ = fs::remove_dir_all(&dir);
}

/// The siege example: a siege established, attrition season after season, an assault.
#[test]
fn siege_example_reports_carry_the_same_facts() {
    let dir = temp("siege");
    let layout = play(&examples().join("hellenes-431/siege"), &dir, "siege-431");
    check_campaign(&layout);
    let _ = fs::remove_dir_all(&dir);
}

/// Rule cases that keep their Russian reports (`translations: [ru]`): the kept parts
/// agree with the English ones.
#[test]
fn rule_case_translations_carry_the_same_facts() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut stack = vec![root.clone()];
    let mut problems = Vec::new();
    let mut pairs = 0;
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if let Some(n) = p.file_name().and_then(|n| n.to_str()) {
                if let Some(stem) = n.strip_suffix(".ru.md") {
                    let en = fs::read_to_string(p.with_file_name(format!("{stem}.md")))
                        .unwrap_or_default();
                    let ru = fs::read_to_string(&p).unwrap();
                    // Each game's cases (tests/cases/<id>/) with its own vocabulary.
                    let game = p
                        .strip_prefix(&root)
                        .ok()
                        .and_then(|r| r.iter().next())
                        .and_then(|g| g.to_str())
                        .unwrap_or_default();
                    let v = (tongues(game).vocab)();
                    problems.extend(compare(v, &p.display().to_string(), &en, &ru));
                    pairs += 1;
                }
            }
        }
    }
    assert!(pairs >= 9, "only {pairs} rule-case report pairs");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The comparison is strict enough to fail: a fact dropped, changed or moved to another
/// line, a side or season swapped, a line lost, or English prose left in the Russian.
#[test]
fn comparison_catches_changed_facts() {
    let dir = temp("mutate");
    dikast::demo::demo(&dikast::games::builtin(), None, Some(&dir), &examples())
        .unwrap_or_else(|f| panic!("{}", f.render()));
    let layout = Layout::new(&dir);
    let en = fs::read_to_string(layout.side_report_in(4, "athens", Lang::En)).unwrap();
    let ru = fs::read_to_string(layout.side_report_in(4, "athens", Lang::Ru)).unwrap();
    let _ = fs::remove_dir_all(&dir);
    let v = vocab::<Hellenes>();
    assert_eq!(compare(v, "demo", &en, &ru), Vec::<String>::new());
    let battle = ru
        .lines()
        .find(|l| l.contains("Раунд 1"))
        .expect("a battle round in the demo's turn 4")
        .to_string();
    let mutations: BTreeMap<&str, String> = [
        ("a die changed", {
            // The first die after `бросает` becomes another face (any deal's dice).
            let at = battle.find("бросает ").expect("a roll") + "бросает ".len();
            let face = if battle[at..].starts_with('1') {
                "2"
            } else {
                "1"
            };
            format!("{}{face}{}", &battle[..at], &battle[at + 1..])
        }),
        ("a block id changed", battle.replacen("SPA-", "ATH-", 1)),
        ("a number dropped", battle.replacen("3 БС", "БС", 1)),
        ("English left", battle.replacen("бросает", "rolls", 1)),
    ]
    .into_iter()
    .collect();
    for (what, line) in &mutations {
        assert_ne!(line, &battle, "{what}: the mutation did not apply");
        let changed = ru.replacen(&battle, line, 1);
        assert!(
            !compare(v, "demo", &en, &changed).is_empty(),
            "{what} was not caught"
        );
    }
    let others: Vec<(&str, String)> = vec![
        (
            "a place changed",
            ru.replacen(
                "из Фив (Thebes) в Платеи (Plataea)",
                "из Фив (Thebes) в Мегару (Megara)",
                1,
            ),
        ),
        (
            "a map name changed after its Russian form",
            ru.replacen("в Платеи (Plataea)", "в Платеи (Megara)", 1),
        ),
        (
            "a side swapped",
            ru.replacen("Тур игрока Спарты", "Тур игрока Афин", 1),
        ),
        ("a season changed", ru.replacen("весна", "осень", 1)),
        (
            "a rule reference changed",
            ru.replacen("- 7.2 ", "- 7.3 ", 1),
        ),
        ("a line dropped", {
            let mut l: Vec<&str> = ru.lines().collect();
            let i = l.iter().position(|x| x.starts_with("- 2.0 ")).unwrap();
            l.remove(i);
            l.join("\n") + "\n"
        }),
        ("a line the same as the English", {
            let i = ru.lines().position(|x| x.starts_with("- 2.0 ")).unwrap();
            let e = en.lines().nth(i).unwrap();
            ru.replacen(ru.lines().nth(i).unwrap(), e, 1)
        }),
    ];
    for (what, changed) in others {
        assert_ne!(changed, ru, "{what}: the mutation did not apply");
        assert!(
            !compare(v, "demo", &en, &changed).is_empty(),
            "{what} was not caught"
        );
    }
}

/// Issue 13: a Russian report says «засчитаны как неполученные» where orders count as
/// not received. Turn 1 of the demo with a deadline for turn 2: Athens sends nothing,
/// Sparta sends orders with a bad line (replaced by defaults); Athens' Russian report
/// says its orders were not received and that orders after the deadline may be counted
/// as not received, with the same facts as the English.
#[test]
fn a_russian_report_says_orders_were_not_received_and_may_be_counted_so() {
    let ex = examples().join("hellenes-431");
    let dir = temp("not-received");
    let layout = create(&ex, &dir, "demo-431");
    let camp = dir.join("campaign.yaml");
    let text = fs::read_to_string(&camp).unwrap();
    fs::write(
        &camp,
        format!("{text}deadlines:\n  2: 2026-12-07T18:00:00Z\n"),
    )
    .unwrap();
    let sparta = fs::read_to_string(ex.join("turn-0001/sparta.yaml"))
        .unwrap()
        .replace("capitulate: []", "capitulate: [Atlantis]");
    fs::write(layout.orders_dir(1).join("sparta.yaml"), sparta).unwrap();
    // `--fallback`: the bad order is replaced by its default, the rest stands.
    campaign::adjudicate::<Hellenes>(&layout, true).unwrap_or_else(|f| panic!("{}", f.render()));
    let en = fs::read_to_string(layout.side_report_in(1, "athens", Lang::En)).unwrap();
    let ru = fs::read_to_string(layout.side_report_in(1, "athens", Lang::Ru)).unwrap();
    for (report, says) in [
        (&ru, "**приказы не получены**"),
        (&ru, "**Срок: 2026-12-07T18:00:00Z.**"),
        (&ru, "могут быть засчитаны как неполученные"),
        (&en, "may be adjudicated as no orders"),
    ] {
        assert!(report.contains(says), "no {says:?} in\n{report}");
    }
    let sparta_ru = fs::read_to_string(layout.side_report_in(1, "sparta", Lang::Ru)).unwrap();
    assert!(
        sparta_ru.contains(dikast::report::invalid_heading(Lang::Ru))
            && sparta_ru.contains("Atlantis"),
        "{sparta_ru}"
    );
    let mut problems = Vec::new();
    let mut pairs = 0;
    compare_turn(
        vocab::<Hellenes>(),
        &layout.turn_dir(1),
        &mut problems,
        &mut pairs,
    );
    assert!(
        pairs >= 3 && problems.is_empty(),
        "{pairs} pairs:\n{}",
        problems.join("\n")
    );
    let _ = fs::remove_dir_all(&dir);
}

/// Issue 13: the Russian map (`show VIEW --format svg --lang ru`) names the scenario,
/// the block kinds and names and its tooltips in Russian; the English map keeps its words.
#[test]
fn the_russian_map_names_kinds_blocks_and_the_scenario_in_russian() {
    use dikast::games::hellenes::sight::View;
    let dir = temp("map-ru");
    create(&examples().join("hellenes-431"), &dir, "map-431");
    let text = fs::read_to_string(dir.join("turns/0001/view-athens.yaml")).unwrap();
    let view: dikast::game::ViewFile<View> = serde_yaml::from_str(&text).unwrap();
    let sc = <Hellenes as dikast::rules::Rules>::load_scenario(HELLENES_431).unwrap();
    let ru = dikast::show::map_svg_in::<Hellenes>(&sc, &view, Lang::Ru);
    let en = dikast::show::map_svg_in::<Hellenes>(&sc, &view, Lang::En);
    for says in [
        "«Эллада», 431 г. до н. э.: Архидамова война",
        "(гоплиты)",
        "(флот)",
        "Афинские гоплиты",
        "БС ",
        "ценность города",
    ] {
        assert!(ru.contains(says), "the Russian map lacks {says:?}");
    }
    for english in [
        "Archidamian War",
        "(hoplites)",
        "(fleet)",
        "Athenian Hoplites",
        " steps,",
        "city value",
        "controlled by",
    ] {
        assert!(
            !ru.contains(english),
            "the Russian map still says {english:?}"
        );
        assert!(en.contains(english), "the English map lacks {english:?}");
    }
    let _ = fs::remove_dir_all(&dir);
}

/// Every game's orders template in Russian (`dikast template VIEW --lang ru`, what a
/// Russian player's call for orders carries) has Russian comments: for every view of
/// each game's demo campaign, no comment line holds English prose (ids, place names,
/// YAML keys and values and `quoted` text aside), and the header names the step in
/// Russian.
#[test]
fn every_games_russian_templates_are_russian() {
    let reg = dikast::games::builtin();
    let english = [
        // (Not `of`, `in`, `at`: place names hold them, `Gulf of Corinth`.)
        "the", "your", "you", "and", "to", "is", "with", "each", "one", "may", "game", "turn",
        "round", "hand", "orders", "not", "this", "from", "by", "army", "card", "space",
    ];
    let mut seen = 0;
    for id in reg.ids() {
        let g = reg.find(id).unwrap();
        let Some(scenario) = g
            .scenario_names()
            .iter()
            .find(|s| examples().join(s).is_dir())
        else {
            continue;
        };
        let dir = temp(&format!("templates-{id}"));
        dikast::demo::demo(&reg, Some(scenario), Some(&dir), &examples())
            .unwrap_or_else(|f| panic!("{}", f.render()));
        let layout = Layout::new(&dir);
        let mut views = 0;
        for t in layout.turns().unwrap() {
            let mut files: Vec<PathBuf> = fs::read_dir(layout.turn_dir(t))
                .unwrap()
                .flatten()
                .map(|e| e.path())
                .filter(|p| {
                    p.file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with("view-"))
                })
                .collect();
            files.sort();
            for v in files {
                let bytes = fs::read(&v).unwrap();
                let text = g
                    .template_file(&v, &bytes, None, Some(Lang::Ru))
                    .unwrap_or_else(|f| panic!("{}: {}", v.display(), f.render()));
                let header = text.lines().nth(1).unwrap_or("");
                assert!(
                    header.starts_with("# Приказы: ") && header.contains(" игрового хода ")
                        || header.contains("г. до н. э."),
                    "{id}: the header names no Russian step: {header}"
                );
                for line in text.lines() {
                    let Some(i) = line.find('#') else { continue };
                    let mut comment = String::new();
                    for (k, part) in line[i..].split('`').enumerate() {
                        if k % 2 == 0 {
                            comment.push_str(part);
                        }
                    }
                    // Words of prose: commands, file names, paths and schema lines aside.
                    let prose = comment.split("dikast ").next().unwrap_or("");
                    let words = prose
                        .split_whitespace()
                        // YAML keys (`from:`) are the file's words, not prose.
                        .filter(|t| !(t.ends_with(':') && t.is_ascii()))
                        .map(|t| t.trim_end_matches([':', ',', ';', ')', '.']))
                        .filter(|t| {
                            !t.contains([
                                '.', '/', '=', '$', '_', ':', '"', '{', '}', '[', ']', '<', '>',
                            ])
                        })
                        .flat_map(|t| t.split(|c: char| !c.is_alphabetic()))
                        .map(str::to_lowercase);
                    if let Some(w) = words.into_iter().find(|w| english.contains(&w.as_str())) {
                        panic!(
                            "{id}, {}: English `{w}` in a Russian template comment: {line}\n{text}",
                            v.display()
                        );
                    }
                }
                views += 1;
            }
        }
        assert!(views >= 2, "{id}: {views} views");
        seen += 1;
        let _ = fs::remove_dir_all(&dir);
    }
    assert!(seen >= 2, "only {seen} games have examples");
}

/// Every help of every game's order forms — each form's, each field's, each verb's, at
/// any depth — has its Russian in the game's phrase tables: a Russian player's template
/// lists them and his diagnostics of a wrong value quote them (`kit::tr::sentence`).
#[test]
fn every_order_form_help_has_russian() {
    use dikast::kit::forms::{Forms, Shape};
    fn walk(shape: &Shape, out: &mut Vec<&'static str>) {
        match shape {
            Shape::List { item, .. } | Shape::OneOrList(item) | Shape::Map(item) => walk(item, out),
            Shape::Record(fields) => {
                for f in fields {
                    out.push(f.help);
                    walk(&f.shape, out);
                }
            }
            Shape::Verbs(verbs) => {
                for v in verbs {
                    out.push(v.help);
                    walk(&v.shape, out);
                    for f in &v.fields {
                        out.push(f.help);
                        walk(&f.shape, out);
                    }
                }
            }
            Shape::Either(v) => v.iter().for_each(|s| walk(s, out)),
            _ => {}
        }
    }
    fn helps(forms: &Forms) -> Vec<&'static str> {
        let mut out = Vec::new();
        for f in &forms.forms {
            out.push(f.help);
            walk(&f.shape, &mut out);
        }
        out.retain(|h| !h.is_empty());
        out.sort();
        out.dedup();
        out
    }
    let mut missing = Vec::new();
    for g in GAMES {
        let (id, forms, tongue) = (g.id, (g.forms)(), (g.tongue)());
        let all = helps(&forms);
        assert!(all.len() > 10, "{id}: {} helps", all.len());
        for h in all {
            let ru = dikast::kit::tr::sentence(h, tongue);
            // Latin words left, ids and YAML words (lowercase, with `_` or `-`) aside.
            let latin: Vec<&str> = ru
                .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '`'))
                .filter(|w| w.chars().all(|c| c.is_ascii_lowercase()) && w.len() > 2)
                // The words the orders themselves write (`for: action`, `event | ops`).
                .filter(|w| {
                    ![
                        "for", "action", "event", "ops", "both", "discard", "walls", "field",
                    ]
                    .contains(w)
                })
                .collect();
            if ru == h || latin.len() > 1 {
                missing.push(format!("{id}: {h}\n    ru: {ru}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "helps without Russian:\n{}",
        missing.join("\n")
    );
}
