//! `dikast odds` for Successors from the command line (issue 30.3): the examples of
//! docs/odds.md's Successors section are what the command prints from a new campaign's
//! views; the game's own settings come in through `--with`; the help lists each game's
//! kinds; questions a player may get wrong are refused with a hint and exit 1; Hellenes
//! refuses the settings it does not take.

mod cli;

use cli::{demo_secret, TempDir, Test};
use std::fs;

/// A new three-player Successors campaign's views, in a player's folder.
fn folder(t: &TempDir) -> std::path::PathBuf {
    let camp = t.join("camp");
    Test::new()
        .arg("new")
        .arg(&camp)
        .args(["--scenario", "successors", "--game-id", "successors-odds"])
        .arg("--secret")
        .arg(demo_secret())
        .run();
    let player = t.join("player");
    fs::create_dir_all(&player).unwrap();
    for side in ["perdikkas", "antipatros", "ptolemaios"] {
        let v = format!("view-{side}.yaml");
        fs::copy(camp.join("turns/0001").join(&v), player.join(&v)).unwrap();
    }
    player
}

#[test]
fn the_successors_examples_of_docs_odds_md_are_what_the_command_prints() {
    let t = TempDir::new("odds-succ-doc");
    let player = folder(&t);
    let doc = fs::read_to_string(cli::repo().join("docs/odds.md")).unwrap();
    let mut blocks = 0;
    let mut lines = doc.lines();
    while let Some(l) = lines.next() {
        if l != "```console successors" {
            continue;
        }
        let cmd = lines.next().unwrap();
        let args = cmd.strip_prefix("$ dikast ").expect("a command");
        let shown: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
        let out = Test::new()
            .args(args.split_whitespace())
            .current_dir(&player)
            .run();
        assert_eq!(
            out.stdout.trim_end(),
            shown.join("\n"),
            "docs/odds.md shows another output of `{cmd}`"
        );
        blocks += 1;
    }
    assert_eq!(blocks, 4, "the Successors examples");
}

#[test]
fn a_view_gives_the_modifiers_and_json_sums_to_exactly_one() {
    use num_rational::BigRational;
    let t = TempDir::new("odds-succ-json");
    let player = folder(&t);
    // Perdikkas's view: his house's fleet is ready, so no port modifier at Amphipolis;
    // with his fleets dispersed (`fleets=none`) the −1 of §1 applies.
    Test::new()
        .args(["odds", "assault", "--view", "view-perdikkas.yaml"])
        .args(["--at", "Amphipolis", "--attacker", "Perdikkas"])
        .current_dir(&player)
        .stdout_has("- modifiers (§1): none\n")
        .stdout_has("| Amphipolis | antipatros | 3 |")
        .run();
    Test::new()
        .args(["odds", "assault", "--view", "view-perdikkas.yaml"])
        .args(["--at", "Amphipolis", "--attacker", "Perdikkas"])
        .args(["--with", "fleets=none", "--with", "card=T49"])
        .current_dir(&player)
        .stdout_has("- modifiers (§1): major port without a ready fleet -1, card T49 +3\n")
        .run();
    let out = Test::new()
        .args(["odds", "subjugation", "--view", "view-antipatros.yaml"])
        .args([
            "--at",
            "Athens",
            "--attacker",
            "Antipatros",
            "--with",
            "attempts=5",
        ])
        .args(["--json", "--joint"])
        .current_dir(&player)
        .run();
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let total = v["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            o["p"]["exact"]
                .as_str()
                .unwrap()
                .parse::<BigRational>()
                .unwrap()
        })
        .fold(BigRational::from_integer(0.into()), |a, p| a + p);
    assert_eq!(total, BigRational::from_integer(1.into()));
    assert_eq!(v["sides"][1], "independent");
    assert_eq!(v["winners"][0]["p"]["exact"], "7/216");
}

#[test]
fn bad_questions_are_refused_with_a_hint_and_nothing_is_written() {
    let t = TempDir::new("odds-succ-bad");
    let player = folder(&t);
    let before: Vec<_> = fs::read_dir(&player)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    let refused = |args: &[&str], says: &str| {
        Test::new()
            .arg("odds")
            .args(args.iter().copied())
            .current_dir(&player)
            .failure()
            .stderr_has(says)
            .run();
    };
    refused(
        &["asault", "--view", "view-antipatros.yaml"],
        "did you mean assault?",
    );
    refused(
        &[
            "assault",
            "--view",
            "view-antipatros.yaml",
            "--at",
            "Babylom",
            "--attacker",
            "Krateros",
        ],
        "did you mean Babylon?",
    );
    refused(
        &[
            "assault",
            "--view",
            "view-antipatros.yaml",
            "--at",
            "Babylon",
            "--attacker",
            "Kraterus",
        ],
        "did you mean Krateros?",
    );
    refused(
        &[
            "subjugation",
            "--view",
            "view-antipatros.yaml",
            "--at",
            "Babylon",
            "--attacker",
            "Krateros",
        ],
        "subjugation is against independent spaces (§3)",
    );
    refused(
        &[
            "assault",
            "--view",
            "view-antipatros.yaml",
            "--at",
            "Babylon",
            "--attacker",
            "Krateros",
            "--with",
            "attempts=0",
        ],
        "out of range: from 1 to 25",
    );
    refused(
        &[
            "assault",
            "--view",
            "view-antipatros.yaml",
            "--at",
            "Babylon",
            "--attacker",
            "Krateros",
            "--rounds",
            "3",
        ],
        "Successors odds take no `rounds`",
    );
    refused(
        &[
            "battle",
            "--scenario",
            "successors",
            "--at",
            "Sardis",
            "--attacker",
            "Krateros",
        ],
        "give Krateros's CUs",
    );
    // Hellenes reads its own options and refuses a Successors setting.
    Test::new()
        .args([
            "odds",
            "assault",
            "--at",
            "Plataea",
            "--attacker",
            "3B2",
            "--defender",
            "garrison",
        ])
        .args(["--with", "attempts=3"])
        .failure()
        .stderr_has("this game's odds take no `attempts`")
        .run();
    let after: Vec<_> = fs::read_dir(&player)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(before, after, "nothing written");
}

#[test]
fn the_help_lists_each_games_kinds() {
    Test::new()
        .args(["odds", "--help"])
        .stdout_has("hellenes: battle (a field battle, 2.0)")
        .stdout_has(
            "successors: assault (assault rolls against a player's city, §1, §4), subjugation",
        )
        .stdout_has("--with <KEY[=VALUE]>")
        .run();
}

/// `--lang ru` (issue 30.3): Successors answers in Russian (the game's words, the table's
/// headings, decimal commas) with the same figures as in English, and no general named in
/// Latin letters; `--lang` with a Hellenes question is refused for Russian, with a hint
/// and exit 1, and accepted for English; an unknown language is refused.
#[test]
fn successors_odds_answer_in_russian_and_hellenes_refuses_it() {
    let t = TempDir::new("odds-succ-ru");
    let player = folder(&t);
    let ask = |lang: &str| {
        Test::new()
            .args(["odds", "avoid", "--view", "view-antipatros.yaml"])
            .args(["--at", "Babylon", "--attacker", "Krateros"])
            .args(["--defender", "Perdikkas", "--top", "3", "--lang", lang])
            .current_dir(&player)
            .run()
            .stdout
    };
    let (en, ru) = (ask("en"), ask("ru"));
    assert!(
        en.contains("# Perdikkas avoiding battle at Babylon"),
        "{en}"
    );
    for said in [
        "# Пердикка уклоняется от боя в Babylon",
        "- нападает: Антипатр; защищается: Пердикка",
        "| участник | сторона | шаги | характеристики |",
        "| Кратер | Антипатр | 4 | бой 3, атака +1 |",
        "## Кто побеждает",
        "| Антипатр | 29,17% | 7/24 |",
        "| никто | 50,00% | 1/2 |",
        "## Исходы (всего 5; сначала самые вероятные)",
    ] {
        assert!(ru.contains(said), "no `{said}` in:\n{ru}");
    }
    // The same exact figures, line for line.
    let fractions = |s: &str| -> Vec<String> {
        s.split(|c: char| c.is_whitespace() || c == '|')
            .filter(|w| w.contains('/') && w.chars().all(|c| c.is_ascii_digit() || c == '/'))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(fractions(&en), fractions(&ru));
    assert_eq!(en.lines().count(), ru.lines().count());
    for g in [
        "Krateros",
        "Perdikkas",
        "Antipatros",
        "nobody",
        "winner",
        "block",
    ] {
        assert!(!ru.contains(g), "`{g}` in the Russian answer:\n{ru}");
    }
    // JSON: the same keys, Russian words.
    let json = Test::new()
        .args([
            "odds",
            "sally",
            "--scenario",
            "successors",
            "--at",
            "Sardis",
        ])
        .args([
            "--attacker",
            "Seleukos=2",
            "--with",
            "points=2",
            "--json",
            "--lang",
            "ru",
        ])
        .run()
        .stdout;
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["title"], "Вылазки из Sardis (§6)");
    // A refusal in Russian too (exit 1, nothing written).
    Test::new()
        .args(["odds", "assault", "--view", "view-antipatros.yaml"])
        .args(["--at", "Babylom", "--attacker", "Krateros", "--lang", "ru"])
        .current_dir(&player)
        .failure()
        .stderr_has("ошибка: --at Babylom: на карте нет зоны с таким именем; может быть, Babylon?\nничего не записано\n")
        .run();
    // Hellenes answers in English only.
    let hellenes = ["odds", "assault", "--at", "Plataea", "--attacker", "3B2"];
    Test::new()
        .args(hellenes)
        .args(["--defender", "garrison", "--lang", "ru"])
        .failure()
        .stderr_has("hellenes's odds answer in English only: leave out --lang ru (docs/odds.md)")
        .run();
    Test::new()
        .args(hellenes)
        .args(["--defender", "garrison", "--lang", "en"])
        .stdout_has("## Who wins")
        .run();
    Test::new()
        .args([
            "odds",
            "sally",
            "--scenario",
            "successors",
            "--at",
            "Sardis",
        ])
        .args(["--attacker", "Seleukos=2", "--lang", "fr"])
        .failure()
        .stderr_has("--lang fr: no such language; languages: en, ru")
        .run();
}
