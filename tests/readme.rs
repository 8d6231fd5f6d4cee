//! What the README says works, run as the README says it: the demo command, and the
//! worked turn (new, template, check, a misspelt city's diagnostic, adjudicate, a
//! player's `verify --report`, `verify` of the archive, publish).

mod cli;

use cli::{repo, TempDir, Test};
use std::fs;

#[test]
fn the_demo_command_plays_the_examples_and_verifies_them() {
    let out = Test::new()
        .arg("demo")
        .current_dir(&repo())
        .stdout_has("dikast demo: campaign `demo-431` of the embedded scenario hellenes-431")
        .stdout_has("Moderator's report")
        .stdout_has("Battle at Plataea")
        .stdout_has("verified: every file re-runs byte for byte")
        .run();
    // Every example turn was adjudicated: one moderator's report per example folder.
    let turns = dikast::demo::example_turns(&repo().join("orders-examples/hellenes-431")).unwrap();
    let text = &out.stdout;
    for (t, _) in &turns {
        assert!(
            text.contains(&format!("— turn {t}:")),
            "the demo printed no report of turn {t}"
        );
    }
}

#[test]
fn the_worked_turn_of_the_readme() {
    let t = TempDir::new("readme");
    let war = t.join("war");
    Test::new()
        .arg("new")
        .arg(&war)
        .args([
            "--scenario",
            "hellenes-431",
            "--game-id",
            "peloponnesian-war-1",
        ])
        .stdout_has("created campaign `peloponnesian-war-1`")
        .stdout_has("turn 1 awaits every side's orders")
        .run();
    // Issue 32.17: the README shows what `new` prints (the step's title as it is).
    let readme = fs::read_to_string(repo().join("README.md")).unwrap();
    let shown = |printed: &str, what: &str| {
        for line in printed.lines() {
            let line = line.replace(&war.display().to_string(), "war");
            assert!(
                readme.contains(&format!("\n{line}\n")),
                "the README does not show what `{what}` prints: {line}"
            );
        }
    };
    let out = Test::new()
        .arg("new")
        .arg(t.join("again"))
        .args([
            "--scenario",
            "hellenes-431",
            "--game-id",
            "peloponnesian-war-1",
        ])
        .run();
    shown(
        &out.stdout
            .replace(&t.join("again").display().to_string(), "war"),
        "new",
    );
    let view = t.join("view-athens.yaml");
    fs::copy(war.join("turns/0001/view-athens.yaml"), &view).unwrap();
    let out = Test::new()
        .args(["template"])
        .arg(&war)
        .args(["--side", "athens"])
        .run();
    let template = out.stdout;
    let orders = t.join("athens.yaml");
    fs::write(
        &orders,
        template.replace("entropy: \"\"", "entropy: \"owl\""),
    )
    .unwrap();
    Test::new()
        .arg("check")
        .arg(&orders)
        .arg("--against")
        .arg(&view)
        .stdout_has("orders for Athens on turn 1 are valid")
        .run();
    // The moderator's check as the README writes it, from the folder holding `war`.
    let out = Test::new()
        .args([
            "check",
            "athens.yaml",
            "--against",
            "war/turns/0001/view-athens.yaml",
        ])
        .current_dir(t.path())
        .run();
    shown(&out.stdout, "check");
    assert!(
        readme.contains("$ dikast check athens.yaml --against war/turns/0001/view-athens.yaml\n")
    );
    // The misspelt city of the README: its place, the caret's label and the hint.
    let typo = t.join("typo.yaml");
    let body = fs::read_to_string(&orders).unwrap() + "standing:\n  fortify: { Potidea: walls }\n";
    fs::write(&typo, &body).unwrap();
    let line = body.lines().count();
    Test::new()
        .arg("check")
        .arg(&typo)
        .arg("--against")
        .arg(&view)
        .failure()
        .stderr_has("orders::unknown-city")
        .stderr_has("there is no city called `Potidea` on the map")
        .stderr_has(&format!("typo.yaml:{line}:14]"))
        .stderr_has("unknown city")
        .stderr_has("help: did you mean Potidaea?")
        .stderr_has("1 problem found")
        .run();
    fs::copy(&orders, war.join("turns/0001/orders/athens.yaml")).unwrap();
    let out = Test::new()
        .arg("adjudicate")
        .arg(&war)
        .stdout_has("turn 1 adjudicated; reports in turns/0001; turn 2 awaits orders")
        .run();
    shown(&out.stdout, "adjudicate");
    Test::new()
        .args(["verify", "--report"])
        .arg(war.join("turns/0001/report-athens.md"))
        .arg("--orders")
        .arg(&orders)
        .arg("--view")
        .arg(&view)
        .stdout_has("seed: SHA-256(\"dikast/v1/chain\" ‖ seed) equals the commitment")
        .stdout_has("is athens's orders file as adjudicated")
        .stdout_has("turn key: recomputed and equal")
        .stdout_has("anchored: the commitment and the game file hash are those of")
        .stdout_has("verified")
        .run();
    Test::new()
        .arg("verify")
        .arg(&war)
        .stdout_has("verified")
        .run();
    let public = t.join("war-public");
    Test::new()
        .arg("publish")
        .arg(&war)
        .arg(&public)
        .arg("--force")
        .run();
    assert!(!public.join(".dikast").exists(), "the secret stays home");
    Test::new()
        .arg("verify")
        .arg(&public)
        .stdout_has("turn 1: re-run gives byte-identical")
        .run();
}

/// The console blocks of one README section: each command (`$ dikast …`, with `> FILE`)
/// and the lines shown after it.
fn section_commands(readme: &str, heading: &str) -> Vec<(String, Vec<String>)> {
    let body = readme
        .split(&format!("\n## {heading}\n"))
        .nth(1)
        .unwrap_or_else(|| panic!("the README has no section `{heading}`"));
    let body = body.split("\n## ").next().unwrap();
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    let mut inside = false;
    for line in body.lines() {
        if line.starts_with("```") {
            inside = line == "```console";
            continue;
        }
        if !inside {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("$ ") {
            out.push((cmd.to_string(), Vec::new()));
        } else if let Some(last) = out.last_mut() {
            last.1.push(line.to_string());
        }
    }
    out
}

#[test]
fn the_players_turn_of_the_readme_runs_as_written() {
    let readme = fs::read_to_string(repo().join("README.md")).unwrap();
    let commands = section_commands(&readme, "A turn, from the player's side");
    assert!(commands.len() >= 5, "{commands:?}");
    let t = TempDir::new("readme-player");
    let war = t.join("war");
    Test::new()
        .arg("new")
        .arg(&war)
        .args(["--game-id", "peloponnesian-war-1"])
        .run();
    // The player's folder: what the moderator mailed him.
    let me = t.join("athens");
    fs::create_dir_all(&me).unwrap();
    fs::copy(
        war.join("turns/0001/view-athens.yaml"),
        me.join("view-athens.yaml"),
    )
    .unwrap();
    for (cmd, shown) in commands {
        let (cmd, into) = match cmd.split_once(" > ") {
            Some((c, f)) => (c.to_string(), Some(f.trim().to_string())),
            None => (cmd, None),
        };
        let args: Vec<&str> = cmd
            .strip_prefix("dikast ")
            .expect("a dikast command")
            .split_whitespace()
            .collect();
        if args[0] == "verify" {
            // The moderator adjudicates the orders mailed to him; the report comes back
            // through a mail client (CRLF).
            fs::copy(
                me.join("athens.yaml"),
                war.join("turns/0001/orders/athens.yaml"),
            )
            .unwrap();
            Test::new().arg("adjudicate").arg(&war).run();
            let report = fs::read_to_string(war.join("turns/0001/report-athens.md")).unwrap();
            fs::write(me.join("report-athens.md"), report.replace('\n', "\r\n")).unwrap();
        }
        let out = Test::new().args(&args).current_dir(&me).run();
        if let Some(f) = into {
            fs::write(me.join(&f), &out.stdout).unwrap();
            if f == "athens.yaml" {
                // The player writes his words after `entropy:`, as the README says.
                let text = out.stdout.replace("entropy: \"\"", "entropy: \"owl\"");
                fs::write(me.join(&f), text).unwrap();
            }
        }
        // What the README shows is printed, in that order (lines may be left out).
        let mut printed = out.stdout.lines();
        for want in &shown {
            assert!(
                printed.any(|l| l == want),
                "`{cmd}` does not print, in the README's order: {want}\n--- it printed:\n{}",
                out.stdout
            );
        }
    }
    assert!(me.join("map-athens.png").exists(), "the map was drawn");
}
