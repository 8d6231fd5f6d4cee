//! The embedded YAML data prebuilt as JSON at build time (`build.rs`, `crates/core/src/prebuilt.rs`,
//! issue 14) is the value its YAML gives: every prebuilt file reads back as the YAML it
//! was made from, every embedded scenario of every game loads from its prebuilt form
//! as `load_scenario` loads it from the text (so it passed the same checks), and a hash
//! that is not the embedded text's is never given the prebuilt scenario.

use dikast::game::sha256_hex;
use dikast::games::{hellenes::Hellenes, successors::Successors};
use dikast::rules::Rules;
use serde::Serialize;

#[test]
fn every_prebuilt_file_is_its_yaml() {
    let mut n = 0;
    // Each game crate prebuilds its own files, named `games/<game>/…` for the file
    // `crates/<game>/src/…`.
    let tables = [
        dikast::games::hellenes::prebuilt::PREBUILT,
        dikast::games::successors::prebuilt::PREBUILT,
    ];
    for &(path, sha256, json) in tables.iter().flat_map(|t| t.iter()) {
        let p = dikast::prebuilt::Prebuilt { path, sha256, json };
        let rest = p.path.strip_prefix("games/").expect("a game's file");
        let (game, file) = rest.split_once('/').expect("games/<game>/<file>");
        let path = format!("{}/crates/{game}/src/{file}", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(&path).expect("the prebuilt file's source is there");
        assert_eq!(p.sha256, sha256_hex(&bytes), "{}: hash", p.path);
        let yaml: serde_json::Value = serde_yaml::from_slice(&bytes).expect("YAML");
        let json: serde_json::Value = serde_json::from_str(p.json).expect("JSON");
        assert_eq!(
            yaml, json,
            "{}: the prebuilt value differs from the YAML",
            p.path
        );
        n += 1;
    }
    // The two scenarios and the Russian words table, at least.
    assert!(n >= 3, "only {n} files prebuilt");
}

/// Every embedded scenario of `R`: prebuilt, and the same value as from its text.
fn loads_as_from_text<R: Rules>()
where
    R::Scenario: Serialize,
{
    for name in R::scenario_names() {
        let text = R::embedded_scenario(name).expect("named, so embedded");
        let sha = sha256_hex(text.as_bytes());
        let from_text = R::load_scenario(text).expect("the embedded scenario is playable");
        let prebuilt = R::load_prebuilt(name, &sha)
            .unwrap_or_else(|| panic!("{}: `{name}` has no prebuilt form", R::ID));
        assert_eq!(
            serde_json::to_value(&from_text).expect("serialises"),
            serde_json::to_value(&prebuilt).expect("serialises"),
            "{}: `{name}` prebuilt differs from its text",
            R::ID
        );
        // Another hash (a changed copy, another scenario under the same name) is never
        // answered with the embedded value.
        let other = sha256_hex(format!("{text}\n# changed").as_bytes());
        assert!(
            R::load_prebuilt(name, &other).is_none(),
            "{name}: wrong hash accepted"
        );
    }
}

#[test]
fn every_embedded_scenario_loads_prebuilt_as_from_its_text() {
    loads_as_from_text::<Hellenes>();
    loads_as_from_text::<Successors>();
    // A game added to the registry is added here too.
    assert_eq!(
        dikast::games::builtin().ids(),
        vec![Hellenes::ID, Successors::ID],
        "a new game: add it to this test"
    );
}

/// A custom scenario kept as JSON (`pipeline::scenario_json`, registered by the campaign's
/// edge once its tag holds) is read instead of its YAML: a kept value that differs comes
/// back as kept, unless this dikast's checks refuse it. Every game's scenario reads back as itself through its JSON, so every
/// game's custom scenarios can be kept.
#[test]
fn a_kept_custom_scenario_is_read_instead_of_its_yaml() {
    use dikast::game::ScenarioRef;
    use dikast::pipeline;
    // A copy of the 431 text behind `comment` (its own hash), with `kept` registered as
    // its kept value: the value load_scenario gives, as JSON.
    let load_kept = |comment: &str, kept: &str| {
        let text = format!("# {comment}\n{}", dikast::games::hellenes::HELLENES_431);
        let sha = pipeline::register_scenario_text(&text);
        pipeline::register_scenario_json(&sha, kept);
        let sref = ScenarioRef {
            name: "hellenes-431".into(),
            sha256: sha,
            text: None,
        };
        let got = pipeline::load_scenario::<Hellenes>(&sref, "game.yaml").unwrap();
        serde_json::to_string(&*got).unwrap()
    };
    let sc = Hellenes::load_scenario(dikast::games::hellenes::HELLENES_431).unwrap();
    let json = pipeline::scenario_json::<Hellenes>(&sc).expect("reads back as itself");
    let changed = json.replacen("\"Athens\"", "\"Athenz\"", 1);
    assert_ne!(changed, json);
    assert_eq!(load_kept("a moderator's copy, kept", &changed), changed);
    // A kept value is checked again by the dikast that reads it: one its checks refuse
    // (here another game's) is not used, and the text is parsed instead.
    let refused = changed.replacen("\"rules\":\"hellenes\"", "\"rules\":\"other\"", 1);
    assert!(refused.contains("\"rules\":\"other\""), "{refused}");
    assert_eq!(load_kept("another moderator's copy, kept", &refused), json);
    for name in Successors::scenario_names() {
        let sc = Successors::load_scenario(Successors::embedded_scenario(name).unwrap()).unwrap();
        assert!(
            pipeline::scenario_json::<Successors>(&sc).is_some(),
            "{name} does not read back as itself from JSON"
        );
    }
}
