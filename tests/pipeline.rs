//! The pipeline end to end through the real binary (issue 2, "Done when"): `new` →
//! orders → `adjudicate` → `verify` on the 431 scenario; the same inputs in two folders
//! give byte-identical outputs; `publish` lets anyone re-run the sealed events; a
//! player's `verify --report` passes on his report and fails on an altered one; and
//! `dikast dice` agrees with the shared test vectors.

mod cli;

use cli::{copy_tree, field, play_two_turns, snapshot, snapshot_diff, TempDir, Test};
use std::fs;
use std::path::Path;

fn new_random(dir: &Path, game: &str) {
    Test::new()
        .arg("new")
        .arg(dir)
        .args(["--game-id", game])
        .stdout_has("created campaign")
        .run();
}

#[test]
fn new_orders_adjudicate_verify_on_the_431_scenario() {
    let t = TempDir::new("pipeline");
    let dir = t.join("athens-vs-sparta");
    new_random(&dir, "pipe-431");
    play_two_turns(&dir);
    for f in [
        "turns/0001/report.md",
        "turns/0001/report-athens.md",
        "turns/0001/report-sparta.md",
        "turns/0002/report.md",
        "turns/0003/game.yaml",
        "turns/0003/view-athens.yaml",
        "turns/0003/view-sparta.yaml",
    ] {
        assert!(dir.join(f).is_file(), "{f} was not written");
    }
    // The deal happened: each side holds six cards, then played one at New Year (10.4).
    let hand = fs::read_to_string(dir.join("turns/0002/view-athens.yaml")).unwrap();
    assert!(hand.contains("hand:"), "turn 2's view shows the hand");
    Test::new()
        .arg("verify")
        .arg(&dir)
        .stdout_has("turn 1: re-run gives byte-identical game file, views and reports")
        .stdout_has("turn 2: re-run gives byte-identical game file, views and reports")
        .stdout_has("turn 3: awaits adjudication")
        .stdout_has("verified")
        .run();
}

#[test]
fn the_same_inputs_in_two_folders_give_byte_identical_outputs() {
    let t = TempDir::new("twice");
    let a = t.join("a");
    new_random(&a, "twice-431");
    // The second folder is a copy made before any adjudication, secret included, at
    // another depth: no path may leak into what is written.
    let b = t.join("elsewhere/deeper/b");
    copy_tree(&a, &b);
    play_two_turns(&a);
    for turn in 1..=2u32 {
        let from = a.join(format!("turns/{turn:04}/orders"));
        for e in fs::read_dir(&from).unwrap().flatten() {
            fs::copy(
                e.path(),
                b.join(format!("turns/{turn:04}/orders"))
                    .join(e.file_name()),
            )
            .unwrap();
        }
        Test::new().arg("adjudicate").arg(&b).run();
    }
    let (sa, sb) = (snapshot(&a), snapshot(&b));
    assert!(sa.len() > 20, "the campaign holds its files");
    assert_eq!(snapshot_diff(&sa, &sb), None, "the two folders differ");
}

#[test]
fn publish_lets_anyone_rerun_the_sealed_events() {
    let t = TempDir::new("publish");
    let dir = t.join("c");
    new_random(&dir, "pub-431");
    play_two_turns(&dir);

    // Without the secret and before publication: the moderator's reports reveal each
    // turn's sealed seed, which is checked against the anchor u_0 of turn 1 and then
    // used, so the whole archive still re-runs.
    let archivist = t.join("archivist-copy");
    copy_tree(&dir, &archivist);
    fs::remove_dir_all(archivist.join(".dikast")).unwrap();
    Test::new()
        .arg("verify")
        .arg(&archivist)
        .stdout_has("turn 1: re-run gives byte-identical game file, views and reports")
        .stdout_has("turn 2: re-run gives byte-identical game file, views and reports")
        .run();
    // A sealed seed that is not the chain's is named, not used.
    let r = archivist.join("turns/0001/report.md");
    let text = fs::read_to_string(&r).unwrap();
    let u = text
        .lines()
        .find_map(|l| l.strip_prefix("sealed_seed: "))
        .expect("the moderator's report reveals u_1")
        .to_string();
    fs::write(&r, text.replace(&u, &other_hex(&u))).unwrap();
    Test::new()
        .arg("verify")
        .arg(&archivist)
        .verify_failure()
        .stderr_has("turns/0001/report.md: field sealed_seed")
        .run();

    let out = t.join("published");
    Test::new()
        .arg("publish")
        .arg(&dir)
        .arg(&out)
        .arg("--force")
        .stdout_has("secret, addresses and mail left out")
        .run();
    assert!(!out.join(".dikast").exists(), "the secret was published");
    let secret = fs::read_to_string(dir.join(".dikast/secret")).unwrap();
    for (p, e) in snapshot(&out) {
        if let cli::Entry::File(b) = e {
            let text = String::from_utf8_lossy(&b);
            for line in secret.lines().filter(|l| l.contains("_head:")) {
                let head = line.split(':').nth(1).unwrap().trim();
                assert!(!text.contains(head), "{} reveals a chain head", p.display());
            }
        }
    }
    Test::new()
        .arg("verify")
        .arg(&out)
        .stdout_has("turn 1: re-run gives byte-identical game file, views and reports")
        .stdout_has("turn 2: re-run gives byte-identical game file, views and reports")
        .run();

    // A published seed that is not the chain's is caught.
    let p = out.join("published.yaml");
    let text = fs::read_to_string(&p).unwrap();
    let seed = field(&p, "sealed_seed");
    let mut bad = seed.clone().into_bytes();
    bad[10] = if bad[10] == b'0' { b'1' } else { b'0' };
    fs::write(&p, text.replace(&seed, std::str::from_utf8(&bad).unwrap())).unwrap();
    Test::new()
        .arg("verify")
        .arg(&out)
        .verify_failure()
        .stderr_has("published.yaml")
        .run();
}

/// `text` with the first `key: value` line's value replaced by `with`.
fn set_line(text: &str, key: &str, with: &str) -> String {
    let mut done = false;
    text.lines()
        .map(|l| {
            if !done && l.starts_with(&format!("{key}: ")) {
                done = true;
                format!("{key}: {with}")
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// A different 64-digit hex value of the same length.
fn other_hex(h: &str) -> String {
    h.chars()
        .enumerate()
        .map(|(i, c)| {
            if i == 0 {
                if c == 'a' {
                    'b'
                } else {
                    'a'
                }
            } else {
                c
            }
        })
        .collect()
}

#[test]
fn a_player_verifies_his_report_and_an_altered_one_fails() {
    let t = TempDir::new("report");
    let dir = t.join("c");
    new_random(&dir, "rep-431");
    play_two_turns(&dir);
    let report = dir.join("turns/0001/report-athens.md");
    let athens = dir.join("turns/0001/orders/athens.yaml");
    Test::new()
        .args(["verify", "--report"])
        .arg(&report)
        .arg("--orders")
        .arg(&athens)
        .stdout_has("turn key: recomputed and equal")
        .stdout_has("is athens's orders file as adjudicated")
        .stdout_has("verified")
        .run();

    let text = fs::read_to_string(&report).unwrap();
    let alter = |name: &str, new_text: String| {
        let p = t.join(name);
        assert_ne!(new_text, text, "{name}: the alteration changed nothing");
        fs::write(&p, new_text).unwrap();
        Test::new()
            .args(["verify", "--report"])
            .arg(&p)
            .arg("--orders")
            .arg(&athens)
            .verify_failure()
            .run()
    };
    let line = |key: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("{key}: ")))
            .unwrap()
            .to_string()
    };
    let o = alter(
        "seed.md",
        set_line(&text, "seed", &other_hex(&line("seed"))),
    );
    assert!(o.stderr.contains("seed"), "{}", o.stderr);
    let o = alter(
        "key.md",
        set_line(&text, "turn_key", &other_hex(&line("turn_key"))),
    );
    assert!(o.stderr.contains("turn_key"), "{}", o.stderr);
    let o = alter(
        "game.md",
        set_line(&text, "game_sha256", &other_hex(&line("game_sha256"))),
    );
    assert!(o.stderr.contains("turn_key"), "{}", o.stderr);
    // The orders hash the report lists for Athens is not that of Athens' file.
    let h = line("  sha256");
    let o = alter(
        "orders.md",
        text.replacen(
            &format!("  sha256: {h}"),
            &format!("  sha256: {}", other_hex(&h)),
            1,
        ),
    );
    assert!(
        o.stderr.contains("not the orders that were adjudicated"),
        "{}",
        o.stderr
    );

    // Other orders than the adjudicated ones are refused.
    let mine = t.join("my-other-orders.yaml");
    fs::write(
        &mine,
        fs::read_to_string(&athens).unwrap() + "# an afterthought\n",
    )
    .unwrap();
    Test::new()
        .args(["verify", "--report"])
        .arg(&report)
        .arg("--orders")
        .arg(&mine)
        .verify_failure()
        .stderr_has("not the orders that were adjudicated")
        .run();

    // The moderator's report keeps the sealed deal and its seed: every value drawn is
    // checked, and one value changed is caught.
    let full = dir.join("turns/0001/report.md");
    Test::new()
        .args(["verify", "--report"])
        .arg(&full)
        .stdout_has("all equal to the protocol's")
        .run();
    let ftext = fs::read_to_string(&full).unwrap();
    let lines: Vec<&str> = ftext.lines().collect();
    let i = lines
        .iter()
        .position(|l| l.trim() == "- - 28")
        .expect("the deal's first draw, below(28)");
    let v: u32 = lines[i + 1]
        .trim()
        .trim_start_matches("- ")
        .parse()
        .unwrap();
    let mut changed: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
    changed[i + 1] = lines[i + 1].replace(&v.to_string(), &((v + 1) % 28).to_string());
    let p = t.join("values.md");
    fs::write(&p, changed.join("\n") + "\n").unwrap();
    Test::new()
        .args(["verify", "--report"])
        .arg(&p)
        .verify_failure()
        .stderr_has("deal:431")
        .run();
}

fn vectors() -> serde_yaml::Value {
    serde_yaml::from_slice(&fs::read(cli::repo().join("tests/data/dice-vectors.yaml")).unwrap())
        .unwrap()
}

fn joined(v: &serde_yaml::Value) -> String {
    v.as_sequence()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap().to_string())
        .collect::<Vec<_>>()
        .join(" ")
        + "\n"
}

#[test]
fn dice_command_agrees_with_the_shared_vectors() {
    let v = vectors();
    // An open event.
    let turn = &v["turns"][0];
    let ev = &turn["events"][0];
    Test::new()
        .args(["dice", "--key", turn["turn_key"].as_str().unwrap()])
        .args(["--label", ev["label"].as_str().unwrap(), "--count", "30"])
        .stdout(&joined(&ev["d6_first_30"]))
        .run();
    // below(10) is a ten-sided die less one.
    let below: Vec<String> = ev["below_10_first_12"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|x| (x.as_u64().unwrap() + 1).to_string())
        .collect();
    Test::new()
        .args(["dice", "--key", turn["turn_key"].as_str().unwrap()])
        .args(["--label", ev["label"].as_str().unwrap()])
        .args(["--count", "12", "--sides", "10"])
        .stdout(&(below.join(" ") + "\n"))
        .run();
    // A sealed event.
    let s = &v["sealed_events"];
    let sev = &s["events"][0];
    Test::new()
        .args(["dice", "--key", s["turn_key"].as_str().unwrap()])
        .args(["--label", sev["label"].as_str().unwrap()])
        .args(["--sealed", s["u_t"].as_str().unwrap(), "--count", "20"])
        .stdout(&joined(&sev["d6_first_20"]))
        .run();
    // The chains, walked down from their heads.
    for (chain, extra) in [("chain", None), ("sealed_chain", Some("--sealed-chain"))] {
        let c = &v[chain];
        let prev = c["previous"].as_sequence().unwrap();
        let want: String = prev
            .iter()
            .map(|x| format!("{}\n", x.as_str().unwrap()))
            .collect();
        Test::new()
            .args(["dice", "--chain", c["head"].as_str().unwrap()])
            .args(["--steps", &prev.len().to_string()])
            .args(extra)
            .stdout(&want)
            .run();
    }
    // Bad hex is refused, not a panic.
    Test::new()
        .args(["dice", "--key", "xyz", "--label", "a"])
        .failure()
        .stderr_has("64 hex digits")
        .run();
}

#[test]
fn usage_errors_exit_2_and_help_exits_0() {
    Test::new().arg("--version").stdout_has("dikast ").run();
    Test::new()
        .args(["adjudicate", "--help"])
        .stdout_has("Usage:")
        .run();
    Test::new()
        .arg("no-such-command")
        .status(2)
        .stderr_has("no-such-command")
        .run();
    Test::new()
        .args(["check", "x.yaml"])
        .status(2)
        .stderr_has("--against")
        .run();
}

#[test]
fn a_deadline_set_in_the_campaign_reaches_the_next_game_file_views_and_reports() {
    let t = TempDir::new("deadline");
    let dir = t.join("c");
    new_random(&dir, "deadline-431");
    let camp = dir.join("campaign.yaml");
    let mut text = fs::read_to_string(&camp).unwrap();
    text.push_str("deadlines:\n  2: 2026-12-07T18:00:00Z\n");
    fs::write(&camp, text).unwrap();
    play_two_turns(&dir);
    // Turn 2's deadline was set before turn 1 was adjudicated: it is in turn 2's files
    // and in turn 1's reports; turn 3 has none.
    assert_eq!(
        field(&dir.join("turns/0002/game.yaml"), "deadline"),
        "2026-12-07T18:00:00Z"
    );
    assert_eq!(
        field(&dir.join("turns/0002/view-sparta.yaml"), "deadline"),
        "2026-12-07T18:00:00Z"
    );
    let report = fs::read_to_string(dir.join("turns/0001/report-athens.md")).unwrap();
    assert!(
        report.contains("**Deadline: 2026-12-07T18:00:00Z.**"),
        "{report}"
    );
    let later = fs::read_to_string(dir.join("turns/0002/report-athens.md")).unwrap();
    assert!(!later.contains("Deadline:"), "turn 3 has no deadline");
    assert!(!fs::read_to_string(dir.join("turns/0003/game.yaml"))
        .unwrap()
        .contains("deadline:"));
    // The archive re-runs with the deadline it recorded, even after campaign.yaml changes.
    let text = fs::read_to_string(&camp)
        .unwrap()
        .replace("2026-12-07T18:00:00Z", "2027-01-01T00:00:00Z");
    fs::write(&camp, text).unwrap();
    Test::new()
        .arg("verify")
        .arg(&dir)
        .stdout_has("verified")
        .run();
    // A changed deadline in an archived game file is caught.
    let g2 = dir.join("turns/0002/game.yaml");
    let text = fs::read_to_string(&g2)
        .unwrap()
        .replace("2026-12-07", "2026-12-09");
    fs::write(&g2, text).unwrap();
    Test::new()
        .arg("verify")
        .arg(&dir)
        .verify_failure()
        .stderr_has("turns/0002")
        .run();
}

#[test]
fn a_moderator_changes_an_assumption_with_a_scenario_file_of_his_own() {
    let t = TempDir::new("own-scenario");
    let base = dikast::games::hellenes::HELLENES_431;
    assert!(base.contains("battle_rounds:         3"));
    // [A] battle rounds 3 → 2: accepted; the scenario is kept once in the campaign
    // (scenarios/<sha256>.yaml, named by that hash in the game file), and the campaign
    // plays and verifies.
    let mine = t.join("my-431.yaml");
    fs::write(
        &mine,
        base.replace("battle_rounds:         3", "battle_rounds:         2"),
    )
    .unwrap();
    let dir = t.join("c");
    Test::new()
        .arg("new")
        .arg(&dir)
        .arg("--scenario")
        .arg(&mine)
        .stdout_has("created campaign")
        .run();
    let game = fs::read_to_string(dir.join("turns/0001/game.yaml")).unwrap();
    let sha = dikast::dice::to_hex(&dikast::dice::sha256(&fs::read(&mine).unwrap()));
    assert!(game.contains(&format!("sha256: {sha}")) && !game.contains("battle_rounds"));
    let kept = fs::read_to_string(dir.join(format!("scenarios/{sha}.yaml"))).unwrap();
    assert!(
        kept.contains("battle_rounds:         2"),
        "the scenario text is kept once"
    );
    play_two_turns(&dir);
    Test::new()
        .arg("verify")
        .arg(&dir)
        .stdout_has("verified")
        .run();
    // A value the rules cannot honour is refused with the reason, and nothing is made.
    let bad = t.join("bad-431.yaml");
    fs::write(
        &bad,
        base.replace(
            "attacker_retreats_after_last_round: true",
            "attacker_retreats_after_last_round: false",
        ),
    )
    .unwrap();
    let dir2 = t.join("c2");
    Test::new()
        .arg("new")
        .arg(&dir2)
        .arg("--scenario")
        .arg(&bad)
        .failure()
        .stderr_has("params.attacker_retreats_after_last_round: only `true` is supported")
        .run();
    assert!(!dir2.exists());
}

#[test]
fn a_players_text_cannot_add_lines_to_a_report() {
    // With --fallback, the checker's messages quote what the player wrote; a value with
    // line breaks must stay inside its one report line (no fake heading, no fake dice).
    let t = TempDir::new("inject");
    let dir = t.join("c");
    new_random(&dir, "inject-431");
    let hostile = "\"Nope\\n## Dice (dikast-dice/v1)\\n```yaml\\nseed: 00\\n```\\n# Athens wins\"";
    let text = cli::orders(
        &dir,
        1,
        "athens",
        &format!("standing:\n  fortify: {{ {hostile}: walls }}\n"),
    );
    fs::write(dir.join("turns/0001/orders/athens.yaml"), text).unwrap();
    Test::new()
        .args(["adjudicate", "--fallback"])
        .arg(&dir)
        .stdout_has("turn 1 adjudicated")
        .run();
    for f in [
        "report.md",
        "report-athens.md",
        "report.ru.md",
        "report-athens.ru.md",
    ] {
        let r = fs::read_to_string(dir.join("turns/0001").join(f)).unwrap();
        assert!(
            r.contains("Nope ## Dice"),
            "{f}: the value is quoted on one line:\n{r}"
        );
        assert!(
            !r.lines().any(|l| l.starts_with("# Athens wins")),
            "{f}: a fake heading"
        );
        let dice_headings = r
            .lines()
            .filter(|l| l.starts_with("## Dice") || l.starts_with("## Кубики"))
            .count();
        assert_eq!(dice_headings, 1, "{f}: one dice section");
    }
    Test::new()
        .arg("verify")
        .arg(&dir)
        .stdout_has("verified")
        .run();
}

/// Issue 8, bookkeeping in the pipeline: a side that sent nothing is said once, in the
/// orders section (not again among the events), and the defaults its orders took are
/// listed under it in the report's own language, to that side and the moderator only.
#[test]
fn no_orders_and_the_defaults_applied_are_said_once_in_each_language() {
    let t = TempDir::new("nmr");
    let dir = t.join("c");
    cli::new_campaign(&dir, "nmr-431");
    play_two_turns(&dir);
    // Turn 3 is the Spring initiative: Athens sends nothing, Sparta sends only standing
    // orders (an invalid file: `initiative:` is missing, so `--fallback`), so both take
    // the documented default card (docs/orders.md).
    let sparta = cli::orders(
        &dir,
        3,
        "sparta",
        "standing:\n  fortify: { Sparta: field }\n",
    );
    fs::write(dir.join("turns/0003/orders/sparta.yaml"), sparta).unwrap();
    Test::new()
        .arg("adjudicate")
        .arg(&dir)
        .args(["--allow-no-orders", "--fallback"])
        .stdout_has("turn 3 adjudicated")
        .run();
    let read = |f: &str| fs::read_to_string(dir.join("turns/0003").join(f)).unwrap();
    let en = (
        "no orders received",
        "default applied: 1.0 initiative: ",
        "приказы",
    );
    let ru = (
        "приказы не получены",
        "применено по умолчанию: 1.0 инициатива: ",
        "default applied",
    );
    // Both sides took the default card (Sparta's file had no `initiative:`): the
    // moderator reads both defaults, a side its own.
    for (f, (none, dflt, other), n) in [
        ("report.md", en, 2),
        ("report-athens.md", en, 1),
        ("report-sparta.ru.md", ru, 1),
        ("report.ru.md", ru, 2),
    ] {
        let r = read(f);
        assert_eq!(r.matches(none).count(), 1, "{f} says `{none}` once:\n{r}");
        assert_eq!(r.matches(dflt).count(), n, "{f} lists {n} defaults:\n{r}");
        assert!(!r.contains(other), "{f} mixes languages:\n{r}");
        assert!(r.contains("for its Action value") || r.contains("сыграна на действия"));
    }
    // Athens' report lists only Athens' defaults; Sparta's only Sparta's.
    let ath = read("report-athens.md");
    let spa = read("report-sparta.md");
    let lines = |r: &str| {
        r.lines()
            .filter(|l| l.contains("default applied"))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(lines(&ath).len(), 1, "{ath}");
    assert_eq!(lines(&spa).len(), 1, "{spa}");
    assert_ne!(lines(&ath), lines(&spa));
}
