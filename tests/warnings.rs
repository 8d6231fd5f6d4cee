//! Warnings (issue 10): a diagnostic that does not make orders invalid. A Hellenes card
//! played for an Event the scenario gives no effects is accepted with a warning citing
//! 1.0 [A] — through the real `dikast check` (exit 0, "valid, with 1 warning", the
//! warning rendered, in English and Russian) and `dikast adjudicate` (the turn goes on,
//! the card is played, and the side's report lists the warning; the other side's does
//! not).

mod cli;

use cli::{orders, TempDir, Test};
use std::fs;
use std::path::{Path, PathBuf};

/// The default scenario's text with the `effects:` of card `id` taken out (its entry and
/// the lines under it), as a moderator's custom scenario.
fn without_effects(id: &str) -> String {
    let text = dikast::games::hellenes::HELLENES_431;
    let mut out =
        String::from("# A moderator's copy of the 431 scenario, one Event not applied.\n");
    let mut in_card = false;
    let mut skipping = false;
    for line in text.lines() {
        if line.starts_with("  - id: ") {
            in_card = line.trim_end() == format!("  - id: {id}");
        } else if !line.starts_with("    ") && !line.trim().is_empty() {
            in_card = false;
        }
        if skipping {
            if line.starts_with("      ") {
                continue;
            }
            skipping = false;
        }
        if in_card && line.starts_with("    effects:") {
            skipping = true;
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// A card's `kind:` in the default scenario.
fn kind_of(id: &str) -> String {
    let text = dikast::games::hellenes::HELLENES_431;
    let at = text
        .find(&format!("  - id: {id}\n"))
        .unwrap_or_else(|| panic!("no card {id}"));
    text[at..]
        .lines()
        .find_map(|l| l.trim().strip_prefix("kind: "))
        .unwrap_or("")
        .to_string()
}

/// The ids in `side`'s hand in its view of turn `t`.
fn hand(dir: &Path, t: u32, side: &str) -> Vec<String> {
    let view = dir.join(format!("turns/{t:04}/view-{side}.yaml"));
    let v: serde_yaml::Value = serde_yaml::from_slice(&fs::read(view).unwrap()).unwrap();
    v["state"]["hand"]
        .as_sequence()
        .map(|s| {
            s.iter()
                .filter_map(|c| c["id"].as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// A campaign on a custom scenario whose card `card` has no effects, after turn 1 (the
/// deal), with `card` in Athens' hand at the New Year of turn 2. The deal depends on the
/// scenario's hash, so each candidate card is tried in turn (all deterministic).
fn campaign_with_unapplied_card(tmp: &TempDir) -> (PathBuf, String) {
    for n in 1..=44 {
        let card = format!("C{n:02}");
        // Revolts may not be played for their Event at New Year (10.4).
        if kind_of(&card).contains("revolt") {
            continue;
        }
        let dir = tmp.join(format!("war-{card}"));
        let custom = tmp.join(format!("custom-{card}.yaml"));
        fs::write(&custom, without_effects(&card)).unwrap();
        cli::new_campaign_on(&dir, &custom, "custom");
        Test::new()
            .arg("adjudicate")
            .arg(&dir)
            .arg("--allow-no-orders")
            .stdout_has("turn 1 adjudicated")
            .run();
        if hand(&dir, 2, "athens").contains(&card) {
            return (dir, card);
        }
    }
    panic!("no card without effects was dealt to Athens");
}

#[test]
fn an_event_not_applied_is_a_warning_that_neither_fails_check_nor_stops_the_turn() {
    let tmp = TempDir::new("warn-event");
    let (dir, card) = campaign_with_unapplied_card(&tmp);
    let view = dir.join("turns/0002/view-athens.yaml");
    let path = dir.join("turns/0002/orders/athens.yaml");
    fs::write(
        &path,
        orders(
            &dir,
            2,
            "athens",
            &format!("new_year: {{ card: {card}, for: event }}\n"),
        ),
    )
    .unwrap();
    // `check`: exit 0, the warning rendered with its rule and hint, the count said.
    let out = Test::new()
        .arg("check")
        .arg(&path)
        .arg("--against")
        .arg(&view)
        .status(0)
        .stdout_has("are valid, with 1 warning")
        .run();
    let text = out.both();
    assert!(text.contains("orders::event-not-applied"), "{text}");
    assert!(text.contains("⚠ warning: the Event of "), "{text}");
    assert!(
        text.contains(&format!("the Event of {card} will")),
        "{text}"
    );
    assert!(text.contains(": its Event is not applied"), "{text}");
    assert!(text.contains("will not be applied"), "{text}");
    assert!(text.contains("rule 1.0 [A]"), "{text}");
    // (miette wraps the help at 100 columns.)
    assert!(
        text.contains(
            "play it for its Action value (`for: action`), or the moderator adds `effects:`"
        ),
        "{text}"
    );
    assert!(
        text.contains("athens.yaml:7:19]"),
        "placed on the card: {text}"
    );
    assert!(!text.contains("problem"), "a warning is no problem: {text}");
    // In Russian too, every phrase translated.
    let ru = Test::new()
        .arg("check")
        .arg(&path)
        .arg("--against")
        .arg(&view)
        .args(["--lang", "ru"])
        .status(0)
        .stdout_has("предупреждений: 1")
        .run()
        .both();
    assert!(ru.contains("⚠ предупреждение: событие карты "), "{ru}");
    assert!(ru.contains("не будет применено"), "{ru}");
    assert!(ru.contains("правило 1.0 [A]"), "{ru}");
    assert!(ru.contains(": событие не применяется"), "{ru}");
    assert!(!ru.contains("will not be applied"), "{ru}");
    // Played for its Action value, the same card draws no warning.
    let plain = dir.join("athens-action.yaml");
    fs::write(
        &plain,
        orders(
            &dir,
            2,
            "athens",
            &format!("new_year: {{ card: {card}, for: action, sacrifice: Zeus }}\n"),
        ),
    )
    .unwrap();
    Test::new()
        .arg("check")
        .arg(&plain)
        .arg("--against")
        .arg(&view)
        .status(0)
        .stdout(&format!(
            "{}: orders for Athens on turn 2 are valid\n",
            plain.display()
        ))
        .run();
    // A warning beside an error: the check fails, and counts both.
    let both = dir.join("athens-both.yaml");
    fs::write(
        &both,
        orders(
            &dir,
            2,
            "athens",
            &format!("new_year: {{ card: {card}, for: event }}\nstanding: {{ fortify: {{ Atlantis: walls }} }}\n"),
        ),
    )
    .unwrap();
    let failed = Test::new()
        .arg("check")
        .arg(&both)
        .arg("--against")
        .arg(&view)
        .failure()
        .run()
        .both();
    assert!(
        failed.contains("1 problem found, and 1 warning"),
        "{failed}"
    );
    // Orders by mail: accepted, and the answer tells the warning. (The server is a closed
    // port: the answer waits in `.dikast/outbox`, as it would be sent.)
    cli::with_players_and_closed_mail(&dir, "en", "");
    let template = Test::new()
        .arg("template")
        .arg(&dir)
        .args(["--side", "athens"])
        .run()
        .stdout;
    let head = template.split("\nnew_year:").next().unwrap();
    let body = format!("{head}\nnew_year: {{ card: {card}, for: event }}\n");
    let msg = format!(
        "From: pericles@example.org\r\nTo: judge@example.org\r\nSubject: orders\r\nMessage-ID: <w1@example.org>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{}\r\n",
        body.replace('\n', "\r\n")
    );
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_dikast"))
        .arg("receive")
        .arg(&dir)
        .args(["--clock", "2026-03-01T10:00:00Z"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), msg.as_bytes()).unwrap();
    let got = child.wait_with_output().unwrap();
    let line = String::from_utf8_lossy(&got.stdout);
    assert!(line.starts_with("accepted orders of athens"), "{line}");
    let answer = fs::read_dir(dir.join(".dikast/outbox"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "eml"))
        .expect("the answer waits in the outbox");
    let raw = fs::read(answer).unwrap();
    let parsed = mail_parser::MessageParser::default().parse(&raw).unwrap();
    let said = parsed.body_text(0).unwrap().into_owned();
    assert!(said.contains("are ACCEPTED"), "{said}");
    assert!(
        said.contains("The orders are valid, with warnings (they stand as written):"),
        "{said}"
    );
    assert!(said.contains("⚠ warning: the Event of "), "{said}");
    assert!(said.contains("rule 1.0 [A]"), "{said}");
    assert!(
        said.contains("no problem found; the warnings above"),
        "{said}"
    );
    // `adjudicate`: not stopped; the card is played for its Event; Athens' report (both
    // languages) and the moderator's list the warning, Sparta's does not.
    Test::new()
        .arg("adjudicate")
        .arg(&dir)
        .stdout_has("turn 2 adjudicated")
        .run();
    let turn = dir.join("turns/0002");
    let athens = fs::read_to_string(turn.join("report-athens.md")).unwrap();
    let heading = dikast::report::warnings_heading(dikast::lang::Lang::En);
    let section = athens
        .split(heading)
        .nth(1)
        .unwrap_or_else(|| panic!("no warnings section: {athens}"));
    let line = section
        .lines()
        .find(|l| l.starts_with("- Athens: "))
        .unwrap();
    assert!(
        line.contains("will not be applied") && line.contains("rule 1.0 [A]"),
        "{line}"
    );
    assert!(
        !athens.contains(dikast::report::invalid_heading(dikast::lang::Lang::En)),
        "a warning is not an invalid order: {athens}"
    );
    assert!(
        !hand(&dir, 3, "athens").contains(&card),
        "the card is spent"
    );
    let moderator = fs::read_to_string(turn.join("report.md")).unwrap();
    assert!(moderator.contains(heading), "{moderator}");
    let sparta = fs::read_to_string(turn.join("report-sparta.md")).unwrap();
    assert!(!sparta.contains(heading), "{sparta}");
    assert!(!sparta.contains("will not be applied"), "{sparta}");
    let ru = fs::read_to_string(turn.join("report-athens.ru.md")).unwrap();
    assert!(
        ru.contains(dikast::report::warnings_heading(dikast::lang::Lang::Ru))
            && ru.contains("не будет применено"),
        "{ru}"
    );
    // `status` of the next turn is not confused by it; and verify re-runs the turn.
    Test::new()
        .arg("verify")
        .arg(&dir)
        .stdout_has("verified")
        .run();
}
