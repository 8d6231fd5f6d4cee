//! The orders JSON Schema and `dikast check` agree (issue 8): both read shapes from the
//! game's one order-form table, and this test holds them to it over every orders file we
//! have — the example campaigns, replayed, here; every rule case's orders in
//! tests/rule_cases.rs, against the case's real game file — with a real
//! JSON Schema validator (the `jsonschema` crate):
//!
//! - every file `check` accepts, the schema accepts;
//! - every file `check` refuses for its shape (a wrong type, an unknown or missing key, no
//!   verb or two), the schema refuses too.
//!
//! A file `check` refuses for a rule (an unknown city, an enemy block, a step's rule) may
//! pass the schema: a schema cannot know the map.

mod agree;

use agree::{disagreements, schema_errors, Outcome};
use dikast::error::Failure;
use dikast::registry::Registry;
use std::fs;
use std::path::{Path, PathBuf};

fn yaml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            yaml_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "yaml") {
            out.push(p);
        }
    }
}

/// Orders files and the game file each is checked against: `in/orders/*.yaml` of a rule
/// case against its `in/game.yaml`, `turns/NNNN/orders/*.yaml` of a campaign against its
/// `turns/NNNN/game.yaml`.
fn pairs(root: &Path) -> Vec<(PathBuf, PathBuf)> {
    let mut files = Vec::new();
    yaml_files(root, &mut files);
    files
        .into_iter()
        .filter_map(|p| {
            let dir = p.parent()?;
            (dir.file_name()? == "orders").then_some(())?;
            let game = dir.parent()?.join("game.yaml");
            game.exists().then_some((p, game))
        })
        .collect()
}

fn judge(reg: &Registry, orders: &Path, game: &Path) -> Outcome {
    let gb = fs::read(game).expect("game file");
    let rules: serde_yaml::Value = serde_yaml::from_slice(&gb).expect("game yaml");
    let id = rules["rules"].as_str().expect("rules id");
    let g = reg.find(id).unwrap_or_else(|f| panic!("{}", f.render()));
    let (codes, messages) = match g.check(orders, game, &gb, None) {
        Ok(_) => (Vec::new(), Vec::new()),
        Err(Failure::Input(d)) => (
            d.iter().map(|d| d.code.clone()).collect(),
            d.iter().map(|d| d.message.clone()).collect(),
        ),
        Err(f) => panic!("{}: {}", orders.display(), f.render()),
    };
    let text = fs::read_to_string(orders).expect("orders");
    let schema_errors = schema_errors(&g.orders_schema(), &text);
    Outcome {
        file: orders.display().to_string(),
        codes,
        messages,
        schema_errors,
    }
}

fn agree(outcomes: &[Outcome]) {
    let bad = disagreements(outcomes);
    assert!(
        bad.is_empty(),
        "{} disagreements:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn schema_and_check_agree_on_every_example_campaign() {
    let reg = dikast::games::builtin();
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("orders-examples");
    let tmp = std::env::temp_dir().join(format!("dikast-schema-{}", std::process::id()));
    let mut outcomes = Vec::new();
    for scenario in reg.scenario_names() {
        if !examples.join(scenario).exists() {
            continue;
        }
        let dir = tmp.join(scenario);
        let _ = fs::remove_dir_all(&dir);
        dikast::demo::demo(&reg, Some(scenario), Some(&dir), &examples)
            .unwrap_or_else(|f| panic!("{}", f.render()));
        outcomes.extend(pairs(&dir).iter().map(|(o, g)| judge(&reg, o, g)));
    }
    let _ = fs::remove_dir_all(&tmp);
    assert!(
        outcomes.len() >= 6,
        "only {} example orders files",
        outcomes.len()
    );
    assert!(
        outcomes.iter().all(|o| o.codes.is_empty()),
        "the examples are valid orders"
    );
    agree(&outcomes);
}

/// The shapes the issue found the two disagreeing on, each judged by both.
#[test]
fn schema_decides_the_shapes_check_decides() {
    let reg = dikast::games::builtin();
    let g = reg.find(reg.ids()[0]).expect("a game");
    let schema = g.orders_schema();
    let v = jsonschema::validator_for(&schema).expect("compiles");
    let ok = |y: &str| v.is_valid(&serde_yaml::from_str::<serde_json::Value>(y).expect("yaml"));
    let env = "game: g\nturn: 3\nside: athens\nbased_on: 0123abcd\n";
    for good in [
        "initiative: { card: 1, for: Action }",
        "standing: { fortify: { Athens: Walls } }",
        "standing: { losses: ATH-9, capitulate: Plataea }",
        "entropy: 12345",
        // Issue 32.18: `check` takes an empty `entropy:` (null) as no text; so does the schema.
        "entropy: null",
        "entropy:",
        "actions: [ { move: ATH-1, path: [Athens, Megara] } ]",
        "combat: [ { sortie: { from: Potidaea, blocks: [ATH-2] } } ]",
    ] {
        assert!(ok(&format!("{env}{good}\n")), "the schema refuses {good}");
    }
    for bad in [
        "actions: [ {} ]",
        "actions: [ { path: [Athens] } ]",
        "actions: [ { move: ATH-1, build: Athens, path: [Megara] } ]",
        "actions: [ { move: ATH-1 } ]",
        "actions: [ { build: Athens, path: [Megara] } ]",
        "combat: [ { sortie: { from: Potidaea, blocks: [] } } ]",
        "standing: { fortify: { Athens: tower } }",
    ] {
        assert!(!ok(&format!("{env}{bad}\n")), "the schema accepts {bad}");
    }
}

/// Issue 32.18: `entropy:` left empty (null) passes `dikast check`, as the schema says.
#[test]
fn an_empty_entropy_passes_check_as_the_schema_says() {
    let t = std::env::temp_dir().join(format!("dikast-schema-entropy-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&t);
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_dikast"))
            .args(args)
            .output()
            .expect("dikast runs")
    };
    let d = t.join("war");
    assert!(run(&["new", d.to_str().unwrap()]).status.success());
    let o = run(&["template", d.to_str().unwrap(), "--side", "athens"]);
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("entropy: \"\""), "{text}");
    let orders = t.join("athens.yaml");
    std::fs::write(&orders, text.replace("entropy: \"\"", "entropy: null")).unwrap();
    let o = run(&[
        "check",
        orders.to_str().unwrap(),
        "--against",
        d.join("turns/0001/view-athens.yaml").to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let _ = std::fs::remove_dir_all(&t);
}

/// Issue 32.14: a word an order takes (`for: action | event`) is in the schema as an enum,
/// which an editor completes and names in its error, while any case still passes.
#[test]
fn order_words_are_enums_an_editor_completes() {
    let reg = dikast::games::builtin();
    let g = reg.find("hellenes").expect("hellenes");
    let schema = g.orders_schema();
    let text = schema.to_string();
    assert!(
        text.contains(r#"{"enum":["action","event"]}"#),
        "no enum of `for`: {text}"
    );
    let v = jsonschema::validator_for(&schema).expect("compiles");
    let env = "game: g\nturn: 3\nside: athens\nbased_on: 0123abcd\n";
    let ok = |y: &str| v.is_valid(&serde_yaml::from_str::<serde_json::Value>(y).expect("yaml"));
    assert!(ok(&format!(
        "{env}initiative: {{ card: 1, for: ACTION }}\n"
    )));
    assert!(!ok(&format!(
        "{env}initiative: {{ card: 1, for: actoin }}\n"
    )));
}
