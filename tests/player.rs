//! The player's side, played from his own files only (issue 13): in a folder holding
//! nothing but what the moderator mails him — his view, later his report — a player
//! writes his orders from `dikast template VIEW`, has his editor's schema
//! (`orders.schema.json`, which the template names by a relative path), checks them with
//! `dikast check ORDERS --against VIEW`, and after the turn checks the dice of his report
//! as his mail client saved it (CRLF line endings), in English and in Russian.

mod cli;

use cli::{new_campaign, TempDir, Test};
use std::fs;
use std::path::Path;

const SCHEMA_LINE: &str = "# yaml-language-server: $schema=./orders.schema.json";

/// A file as a mail client on Windows saves it: every line ends in CRLF.
fn with_crlf(text: &str) -> String {
    text.replace("\r\n", "\n").replace('\n', "\r\n")
}

/// The YAML orders file judged by the JSON Schema beside it, with a real validator.
fn schema_accepts(folder: &Path, orders: &str) -> bool {
    let schema: serde_json::Value =
        serde_json::from_slice(&fs::read(folder.join("orders.schema.json")).unwrap()).unwrap();
    let v = jsonschema::validator_for(&schema).expect("the schema compiles");
    let doc: serde_json::Value = serde_yaml::from_str(orders).expect("the orders are YAML");
    v.is_valid(&doc)
}

/// One side's player, in his own folder: template, schema, check, in `lang`.
fn write_orders(player: &Path, side: &str, lang: &str) -> String {
    let view = format!("view-{side}.yaml");
    let mut args = vec!["template".to_string(), view.clone()];
    if lang == "ru" {
        args.extend(["--lang".into(), "ru".into()]);
    }
    let template = Test::new().args(&args).current_dir(player).run().stdout;
    assert_eq!(
        template.lines().next(),
        Some(SCHEMA_LINE),
        "the template names the schema beside it:\n{template}"
    );
    assert!(template.contains(&format!("side: {side}\n")), "{template}");
    if lang == "ru" {
        assert!(template.contains("# Приказы: "), "{template}");
        assert!(
            template.contains(&format!(
                "dikast check {side}.yaml --against {view} --lang ru"
            )),
            "{template}"
        );
    } else {
        assert!(template.contains("# Orders of "), "{template}");
        assert!(
            template.contains(&format!("dikast check {side}.yaml --against {view}\n")),
            "{template}"
        );
    }
    // The schema the template names, as the player makes it from his view.
    let schema = Test::new()
        .args(["schema", "orders", "--for", &view])
        .current_dir(player)
        .run()
        .stdout;
    fs::write(player.join("orders.schema.json"), schema).unwrap();
    let orders = template.replace(
        "entropy: \"\"",
        &format!("entropy: \"{side} rolls in {lang}\""),
    );
    assert!(
        orders.contains("rolls in"),
        "the template has an entropy line"
    );
    assert!(
        schema_accepts(player, &orders),
        "the editor's schema accepts the filled-in template"
    );
    // A wrong shape the editor flags as he types.
    assert!(!schema_accepts(
        player,
        &format!("{orders}\nstanding: {{ fortify: [Athens] }}\n")
    ));
    let file = format!("{side}.yaml");
    fs::write(player.join(&file), &orders).unwrap();
    let mut args = vec!["check".to_string(), file.clone(), "--against".into(), view];
    if lang == "ru" {
        args.extend(["--lang".into(), "ru".into()]);
    }
    let name = match (side, lang) {
        ("athens", "ru") => "Афины",
        ("sparta", "ru") => "Спарта",
        ("athens", _) => "Athens",
        _ => "Sparta",
    };
    let want = if lang == "ru" {
        format!("{file}: приказы верны ({name}, ход 1)\n")
    } else {
        format!("{file}: orders for {name} on turn 1 are valid\n")
    };
    Test::new()
        .args(&args)
        .current_dir(player)
        .stdout(&want)
        .run();
    orders
}

fn round_trip(lang: &str) {
    let t = TempDir::new(&format!("player-{lang}"));
    let war = t.join("war");
    new_campaign(&war, &format!("player-{lang}"));
    // Each player has a folder of his own with nothing in it but his view.
    for side in ["athens", "sparta"] {
        let player = t.join(side);
        fs::create_dir_all(&player).unwrap();
        fs::copy(
            war.join(format!("turns/0001/view-{side}.yaml")),
            player.join(format!("view-{side}.yaml")),
        )
        .unwrap();
        let orders = write_orders(&player, side, lang);
        // He mails it; the moderator files it.
        fs::write(war.join(format!("turns/0001/orders/{side}.yaml")), orders).unwrap();
    }
    Test::new()
        .arg("adjudicate")
        .arg(&war)
        .stdout_has("turn 1 adjudicated")
        .run();
    let report_name = if lang == "ru" {
        "report-athens.ru.md"
    } else {
        "report-athens.md"
    };
    let report = fs::read_to_string(war.join("turns/0001").join(report_name)).unwrap();
    let heading = if lang == "ru" {
        "\n## Кубики ("
    } else {
        "\n## Dice ("
    };
    assert!(report.contains(heading), "{report}");
    let player = t.join("athens");
    fs::write(player.join("report.md"), with_crlf(&report)).unwrap();
    assert!(fs::read_to_string(player.join("report.md"))
        .unwrap()
        .contains("\r\n## "));
    Test::new()
        .args(["verify", "--report", "report.md", "--orders", "athens.yaml"])
        .args(["--view", "view-athens.yaml"])
        .current_dir(&player)
        .stdout_has("seed: SHA-256(\"dikast/v1/chain\" ‖ seed) equals the commitment")
        .stdout_has("orders: athens.yaml is athens's orders file as adjudicated")
        .stdout_has("turn key: recomputed and equal")
        .stdout_has("\nverified\n")
        .run();
    // A Russian report saved before its dice heading became «Кубики» still verifies.
    if lang == "ru" {
        let former = report.replace("\n## Кубики (", "\n## Кости (");
        fs::write(player.join("former.md"), with_crlf(&former)).unwrap();
        Test::new()
            .args(["verify", "--report", "former.md", "--orders", "athens.yaml"])
            .args(["--view", "view-athens.yaml"])
            .current_dir(&player)
            .stdout_has("\nverified\n")
            .run();
    }
    // CRLF is read as what it is, not as a licence: a changed turn key still fails.
    let key_line = report
        .lines()
        .find(|l| l.starts_with("turn_key: "))
        .expect("the dice section has the turn key");
    let hex = key_line.trim_start_matches("turn_key: ");
    let flipped = if hex.starts_with('0') { "1" } else { "0" };
    let forged = report.replace(key_line, &format!("turn_key: {flipped}{}", &hex[1..]));
    fs::write(player.join("forged.md"), with_crlf(&forged)).unwrap();
    Test::new()
        .args(["verify", "--report", "forged.md", "--orders", "athens.yaml"])
        .args(["--view", "view-athens.yaml"])
        .current_dir(&player)
        .verify_failure()
        .run();
    // The next turn's view gives the next turn's skeleton, from the view alone.
    fs::copy(
        war.join("turns/0002/view-athens.yaml"),
        player.join("view-athens.yaml"),
    )
    .unwrap();
    Test::new()
        .args(["template", "view-athens.yaml", "--lang", lang])
        .current_dir(&player)
        .stdout_has(SCHEMA_LINE)
        .stdout_has("turn: 2\n")
        .run();
}

#[test]
fn an_english_player_plays_a_turn_from_his_files_only() {
    round_trip("en");
}

#[test]
fn a_russian_player_plays_a_turn_from_his_files_only() {
    round_trip("ru");
}

#[test]
fn a_report_without_dice_names_both_headings() {
    let t = TempDir::new("player-nodice");
    fs::write(t.join("letter.md"), "# A letter\r\n\r\nNo dice here.\r\n").unwrap();
    Test::new()
        .args(["verify", "--report", "letter.md"])
        .current_dir(t.path())
        .failure()
        .stderr_has("has no dice section (`## Dice` or `## Кубики`)")
        .run();
}

#[test]
fn a_template_needs_a_side_only_where_the_file_has_none() {
    let t = TempDir::new("player-side");
    let war = t.join("war");
    new_campaign(&war, "player-side");
    // A campaign folder or a game file is the moderator's: which side?
    Test::new()
        .arg("template")
        .arg(&war)
        .failure()
        .stderr_has("give --side")
        .run();
    Test::new()
        .arg("template")
        .arg(war.join("turns/0001/game.yaml"))
        .failure()
        .stderr_has("give --side")
        .run();
    // With the side, the campaign's way and the game file's way give the view's skeleton.
    let from_dir = Test::new()
        .arg("template")
        .arg(&war)
        .args(["--side", "sparta"])
        .run()
        .stdout;
    let from_view = Test::new()
        .arg("template")
        .arg(war.join("turns/0001/view-sparta.yaml"))
        .run()
        .stdout;
    // The campaign's way adds only the side's turn token for orders by mail (the
    // moderator's copy holds the secret it is derived from).
    let without_token: String = from_dir
        .lines()
        .filter(|l| !l.starts_with("token: "))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_ne!(
        from_dir, without_token,
        "the moderator's template carries the token"
    );
    assert_eq!(without_token, from_view);
    // A view cannot give another side's skeleton.
    Test::new()
        .arg("template")
        .arg(war.join("turns/0001/view-sparta.yaml"))
        .args(["--side", "athens"])
        .failure()
        .stderr_has("it cannot show athens's")
        .run();
}

/// The player's folder of the odds examples: his view of a new campaign's first turn.
fn odds_folder(t: &TempDir) -> std::path::PathBuf {
    let camp = t.join("camp");
    new_campaign(&camp, "peloponnesian-war-1");
    let player = t.join("player");
    fs::create_dir_all(&player).unwrap();
    for side in ["athens", "sparta"] {
        let v = format!("view-{side}.yaml");
        fs::copy(camp.join("turns/0001").join(&v), player.join(&v)).unwrap();
    }
    player
}

#[test]
fn the_odds_examples_of_docs_odds_md_are_what_the_command_prints() {
    let t = TempDir::new("odds-doc");
    let player = odds_folder(&t);
    let doc = fs::read_to_string(cli::repo().join("docs/odds.md")).unwrap();
    let mut blocks = 0;
    let mut lines = doc.lines();
    while let Some(l) = lines.next() {
        if l != "```console" {
            continue;
        }
        let cmd = lines.next().unwrap();
        let args = cmd
            .strip_prefix("$ dikast ")
            .expect("a console block starts with a command");
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
    assert!(blocks >= 3, "the worked examples: {blocks}");
}

#[test]
fn odds_as_json_sum_to_exactly_one_and_refuse_what_is_not_a_block() {
    use num_rational::BigRational;
    let t = TempDir::new("odds-json");
    let player = odds_folder(&t);
    let out = Test::new()
        .args([
            "odds",
            "sortie",
            "--view",
            "view-athens.yaml",
            "--at",
            "Potidaea",
        ])
        .args([
            "--attacker",
            "ATH-F4",
            "--defender",
            "2B2,1A2",
            "--json",
            "--joint",
        ])
        .current_dir(&player)
        .run();
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(
        v["outcome_count"].as_u64(),
        v["outcomes"].as_array().map(|a| a.len() as u64)
    );
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
    // ATH-F4, a fleet, fights ashore with the scenario's fleet_land_rating (C1).
    assert_eq!(v["blocks"][0]["id"], "ATH-F4");
    assert_eq!(v["blocks"][0]["rating"], "C1");
    // Without --joint: no outcomes, and each block's steps left sum to exactly 1.
    let out = Test::new()
        .args([
            "odds",
            "sortie",
            "--view",
            "view-athens.yaml",
            "--at",
            "Potidaea",
        ])
        .args(["--attacker", "ATH-F4", "--defender", "2B2,1A2", "--json"])
        .current_dir(&player)
        .run();
    let w: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert!(w.get("outcomes").is_none(), "{w}");
    assert!(w.get("outcome_count").is_none(), "{w}");
    assert_eq!(w["winners"], v["winners"]);
    for b in w["blocks"].as_array().unwrap() {
        let total = b["steps_left"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["exact"].as_str().unwrap().parse::<BigRational>().unwrap())
            .fold(BigRational::from_integer(0.into()), |a, p| a + p);
        assert_eq!(total, BigRational::from_integer(1.into()), "{b}");
    }
    Test::new()
        .args(["odds", "battle", "--view", "view-athens.yaml"])
        .args(["--attacker", "ATH-99", "--defender", "2B2"])
        .current_dir(&player)
        .failure()
        .stderr_has("`ATH-99` is not a block")
        .stderr_has("your blocks (Athens): ATH-1, ")
        .run();
    Test::new()
        .args(["odds", "assault", "--attacker", "3B2", "--defender", "2B2"])
        .failure()
        .stderr_has("give the city with --at")
        .run();
}

#[test]
fn a_russian_player_names_his_card_and_olympian_as_his_report_prints_them() {
    let t = TempDir::new("ru-names");
    let dir = t.join("camp");
    new_campaign(&dir, "peloponnesian-war-1");
    cli::send_orders(
        &dir,
        1,
        [
            ("athens", "standing:\n  fortify: { Athens: walls }\n".into()),
            ("sparta", String::new()),
        ],
    );
    Test::new().arg("adjudicate").arg(&dir).run();
    // The Russian report prints the hand's card names in Russian: the player copies one.
    let report = fs::read_to_string(dir.join("turns/0001/report-athens.ru.md")).unwrap();
    let id = cli::first_card(&dir, 2, "athens");
    let view: serde_yaml::Value =
        serde_yaml::from_slice(&fs::read(dir.join("turns/0002/view-athens.yaml")).unwrap())
            .unwrap();
    let english = view["state"]["hand"][0]["name"]
        .as_str()
        .unwrap()
        .to_string();
    let table: serde_yaml::Value = serde_yaml::from_str(
        &fs::read_to_string(cli::repo().join("crates/hellenes/src/text/words-ru.yaml")).unwrap(),
    )
    .unwrap();
    let russian = table["texts"][english.as_str()]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        report.contains(&russian),
        "the Russian report prints {russian}"
    );
    let orders = dir.join("athens.yaml");
    let write = |card: &str, god: &str| {
        fs::write(
            &orders,
            cli::orders(
                &dir,
                2,
                "athens",
                &format!("new_year:\n  card: {card}\n  for: action\n  sacrifice: {god}\n"),
            ),
        )
        .unwrap();
    };
    let view_path = dir.join("turns/0002/view-athens.yaml");
    write(&russian.to_uppercase(), "Зевс");
    Test::new()
        .arg("check")
        .arg(&orders)
        .arg("--against")
        .arg(&view_path)
        .stdout_has("are valid")
        .run();
    // Adjudicated, the canonical id is what counts: the moderator's report names it.
    fs::copy(&orders, dir.join("turns/0002/orders/athens.yaml")).unwrap();
    Test::new().arg("adjudicate").arg(&dir).run();
    let moderator = fs::read_to_string(dir.join("turns/0002/report.md")).unwrap();
    assert!(
        moderator.contains(&id),
        "the report names {id}:\n{moderator}"
    );
    assert!(moderator.contains("Zeus"), "{moderator}");
    // A misspelt Russian name gets a Russian "did you mean".
    let mut typo: Vec<char> = russian.chars().collect();
    typo.pop();
    let typo: String = typo.into_iter().collect::<String>() + "ы";
    write(&typo, "Зевз");
    let out = Test::new()
        .arg("check")
        .arg(&orders)
        .arg("--against")
        .arg(&view_path)
        .failure()
        .run();
    assert!(
        out.stderr.contains(&format!("did you mean {russian}?")),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("did you mean Зевс?"), "{}", out.stderr);
    // Asked in Russian, the same diagnostics speak Russian: the same codes and places,
    // the count line too, and the English words are gone.
    let ru = Test::new()
        .arg("check")
        .arg(&orders)
        .arg("--against")
        .arg(&view_path)
        .args(["--lang", "ru"])
        .failure()
        .run();
    for line in out.stderr.lines() {
        let l = line.trim();
        if l.starts_with("orders::") || l.starts_with("╭─[") {
            assert!(ru.stderr.contains(l), "{l} in:\n{}", ru.stderr);
        }
    }
    assert!(
        ru.stderr
            .contains(&format!("возможно, имелось в виду {russian}?")),
        "{}",
        ru.stderr
    );
    assert!(ru.stderr.contains("найдено 2 ошибки"), "{}", ru.stderr);
    assert!(!ru.stderr.contains("did you mean"), "{}", ru.stderr);
    assert!(!ru.stderr.contains("problems found"), "{}", ru.stderr);
}

/// The YAML of a template without its comments (what the checker reads).
fn yaml_only(template: &str) -> String {
    template
        .lines()
        .map(|l| match l.find('#') {
            Some(i) => l[..i].trim_end(),
            None => l,
        })
        .filter(|l| !l.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_russian_template_is_the_same_orders_with_russian_comments() {
    let t = TempDir::new("ru-template");
    let camp = t.join("demo");
    Test::new().arg("demo").arg("--keep").arg(&camp).run();
    let english_words = [
        " the ",
        " your ",
        "Your ",
        " you ",
        " and ",
        " must ",
        " with ",
        " from ",
        " player turn",
        " Action ",
        " Event: ",
        "BC",
    ];
    let mut views = 0;
    for turn in fs::read_dir(camp.join("turns")).unwrap().flatten() {
        for side in ["athens", "sparta"] {
            let view = turn.path().join(format!("view-{side}.yaml"));
            if !view.exists() {
                continue;
            }
            views += 1;
            let en = Test::new().arg("template").arg(&view).run().stdout;
            let ru = Test::new()
                .arg("template")
                .arg(&view)
                .args(["--lang", "ru"])
                .run()
                .stdout;
            assert_eq!(yaml_only(&en), yaml_only(&ru), "{}", view.display());
            for line in ru.lines().filter(|l| l.contains('#')) {
                let comment = &line[line.find('#').unwrap()..];
                // The schema line and the command lines are commands, not words.
                if comment.contains("dikast ") || comment.contains("$schema") {
                    continue;
                }
                for w in english_words {
                    assert!(
                        !comment.contains(w),
                        "{}: an English comment in the Russian template: {line}",
                        view.display()
                    );
                }
            }
        }
    }
    assert!(views >= 10, "the demo's views: {views}");
}

/// Issue 32.16: the template of a step that plays a card (New Year here) pre-fills no
/// live order. A player who fills in only `entropy` sends no card he did not choose: the
/// checker refuses the file, naming `new_year:` and his hand; the example, uncommented,
/// is a valid play. In English and in Russian.
#[test]
fn a_template_sent_with_only_entropy_plays_no_card() {
    let t = TempDir::new("no-live-example");
    let dir = t.join("camp");
    new_campaign(&dir, "example-off");
    cli::send_orders(
        &dir,
        1,
        [("athens", String::new()), ("sparta", String::new())],
    );
    Test::new().arg("adjudicate").arg(&dir).run();
    let view = dir.join("turns/0002/view-athens.yaml");
    for lang in ["en", "ru"] {
        let tpl = Test::new()
            .arg("template")
            .arg(&view)
            .args(["--lang", lang])
            .run()
            .stdout;
        let doc: serde_yaml::Value = serde_yaml::from_str(&tpl).unwrap();
        let keys: Vec<&str> = doc
            .as_mapping()
            .unwrap()
            .keys()
            .filter_map(|k| k.as_str())
            .collect();
        assert!(
            keys.iter()
                .all(|k| !["new_year", "initiative", "actions"].contains(k)),
            "{lang}: a live order in the template: {keys:?}\n{tpl}"
        );
        assert!(tpl.contains("# new_year:"), "{tpl}");
        let only_entropy = tpl.replacen("entropy: \"\"", "entropy: \"my own words\"", 1);
        assert_ne!(only_entropy, tpl);
        let file = dir.join(format!("athens-{lang}.yaml"));
        fs::write(&file, &only_entropy).unwrap();
        let o = Test::new()
            .arg("check")
            .arg(&file)
            .arg("--against")
            .arg(&view)
            .args(["--lang", "en"])
            .status(1)
            .run();
        assert!(o.both().contains("`new_year:` is missing"), "{}", o.both());
        fs::write(&file, cli::choose(&only_entropy)).unwrap();
        Test::new()
            .arg("check")
            .arg(&file)
            .arg("--against")
            .arg(&view)
            .stdout_has("are valid")
            .run();
    }
}
