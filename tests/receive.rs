//! `dikast receive` without a mail server: one message on standard input or a Maildir's
//! new messages; what is stored (and what is not), the receipt, replacing earlier orders,
//! `late: refuse`, a player sending for a side he does not play, a message delivered
//! twice. Also the policy's refusals: an early `adjudicate` (and `--now`), and
//! campaign.yaml errors at their line. (Answers through a real server: tests/tick.rs.)

mod cli;

use cli::{dikast, dikast_env, dikast_in, ok, text};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn tmp(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("dikast-receive-{tag}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    d
}

const ATHENS: &str = "pericles@example.org";
const SPARTA: &str = "archidamus@example.org";

fn campaign(tag: &str, extra: &str) -> PathBuf {
    let dir = tmp(tag);
    ok(dikast(&[
        "new",
        dir.to_str().unwrap(),
        "--game-id",
        "g-rcv",
    ]));
    fs::write(
        dir.join("campaign.yaml"),
        format!(
            "dikast: 1\ngame: g-rcv\nrules: hellenes\nscenario: hellenes-431\nplayers:\n  athens:\n    name: Pericles\n    email: {ATHENS}\n    language: en\n  sparta:\n    name: Archidamus\n    email: {SPARTA}\n    language: ru\nmoderator: mod@example.org\n{extra}"
        ),
    )
    .unwrap();
    dir
}

/// The moderator's template of a side, its example card play taken (`cli::choose`; issue
/// 32.16: the template itself plays no card).
fn template(dir: &Path, side: &str) -> String {
    cli::choose(&ok(dikast(&[
        "template",
        dir.to_str().unwrap(),
        "--side",
        side,
    ])))
}

fn message(from: &str, id: &str, body: &str) -> Vec<u8> {
    format!(
        "From: {from}\r\nTo: judge@example.org\r\nSubject: orders\r\nMessage-ID: <{id}@example.org>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{}\r\n",
        body.replace('\n', "\r\n")
    )
    .into_bytes()
}

fn receive(dir: &Path, clock: &str, msg: &[u8]) -> String {
    ok(dikast_in(
        &["receive", dir.to_str().unwrap(), "--clock", clock],
        msg,
    ))
}

#[test]
fn orders_in_a_body_are_stored_with_a_receipt_and_replaced_by_later_ones() {
    let dir = campaign("store", "");
    let t = template(&dir, "athens");
    assert!(t.contains("\ntoken: "), "{t}");
    let out = receive(&dir, "2026-03-01T10:00:00Z", &message(ATHENS, "a1", &t));
    assert!(
        out.starts_with("accepted orders of athens for turn 1 from <a1@example.org>"),
        "{out}"
    );
    // No mail settings: the answer could not go, and the line says so.
    assert!(out.contains("answer not mailed"), "{out}");
    let stored = dir.join("turns/0001/orders/athens.yaml");
    assert!(fs::read_to_string(&stored)
        .unwrap()
        .starts_with("game: g-rcv\n"));
    let receipts = fs::read_to_string(dir.join(".dikast/receipts/0001.yaml")).unwrap();
    assert!(
        receipts.contains("message_id: <a1@example.org>"),
        "{receipts}"
    );
    assert!(receipts.contains(&format!("from: {ATHENS}")), "{receipts}");
    assert!(
        receipts.contains("arrived: 2026-03-01T10:00:00Z"),
        "{receipts}"
    );
    // status reads the arrival from the receipt, not the file's time.
    let st = ok(dikast(&[
        "status",
        dir.to_str().unwrap(),
        "--now",
        "2026-03-01T11:00:00Z",
    ]));
    assert!(st.contains("received 2026-03-01 10:00 UTC"), "{st}");
    // Later orders replace them.
    let t2 = t.replace("entropy: \"\"", "entropy: \"second\"");
    let out = receive(&dir, "2026-03-01T12:00:00Z", &message(ATHENS, "a2", &t2));
    assert!(out.starts_with("accepted"), "{out}");
    assert!(fs::read_to_string(&stored).unwrap().contains("second"));
    // The same message delivered again is not handled twice.
    let out = receive(&dir, "2026-03-01T13:00:00Z", &message(ATHENS, "a1", &t));
    assert!(out.contains("handled before"), "{out}");
    assert!(fs::read_to_string(&stored).unwrap().contains("second"));
}

#[test]
fn refused_messages_store_nothing() {
    let dir = campaign(
        "refuse",
        "late: refuse\ndeadlines:\n  1: 2026-03-02T00:00:00Z\n",
    );
    let ta = template(&dir, "athens");
    let stored = dir.join("turns/0001/orders/athens.yaml");
    // Sparta's player sending orders for Athens, with Athens's own token.
    let out = receive(&dir, "2026-03-01T10:00:00Z", &message(SPARTA, "s1", &ta));
    assert!(
        out.contains("these orders are for athens, but archidamus@example.org plays sparta"),
        "{out}"
    );
    // A stranger with Athens's token: the address must be registered too.
    let out = receive(
        &dir,
        "2026-03-01T10:00:00Z",
        &message("eve@example.org", "e1", &ta),
    );
    assert!(out.contains("not the registered address"), "{out}");
    // Orders that do not check out.
    let bad = ta.replace("entropy: \"\"", "entropy: \"\"\nmarch: [nonsense]");
    let out = receive(&dir, "2026-03-01T10:00:00Z", &message(ATHENS, "b1", &bad));
    assert!(out.contains("do not check out"), "{out}");
    assert!(!stored.exists());
    // A good message before the deadline, then one after it under `late: refuse`.
    assert!(
        receive(&dir, "2026-03-01T11:00:00Z", &message(ATHENS, "g1", &ta)).starts_with("accepted")
    );
    let before = fs::read(&stored).unwrap();
    let late = ta.replace("entropy: \"\"", "entropy: \"late\"");
    let out = receive(&dir, "2026-03-02T01:00:00Z", &message(ATHENS, "l1", &late));
    assert!(out.contains("refuses late orders"), "{out}");
    assert_eq!(
        fs::read(&stored).unwrap(),
        before,
        "the late orders replaced nothing"
    );
    let names: Vec<_> = fs::read_dir(dir.join("turns/0001/orders"))
        .unwrap()
        .flatten()
        .collect();
    assert_eq!(names.len(), 1);
    let receipts = fs::read_to_string(dir.join(".dikast/receipts/0001.yaml")).unwrap();
    assert_eq!(
        receipts.matches("outcome: refused").count(),
        4,
        "{receipts}"
    );
}

#[test]
fn a_maildir_is_read_and_handled_messages_move_to_cur() {
    let dir = campaign("maildir", "");
    let md = dir.with_extension("maildir");
    let _ = fs::remove_dir_all(&md);
    for s in ["tmp", "new", "cur"] {
        fs::create_dir_all(md.join(s)).unwrap();
    }
    fs::write(
        md.join("new/1.a"),
        message(ATHENS, "m1", &template(&dir, "athens")),
    )
    .unwrap();
    fs::write(
        md.join("new/2.b"),
        message(SPARTA, "m2", &template(&dir, "sparta")),
    )
    .unwrap();
    fs::write(
        md.join("new/3.c"),
        message(SPARTA, "m3", "no orders here\n"),
    )
    .unwrap();
    let out = ok(dikast(&[
        "receive",
        dir.to_str().unwrap(),
        "--maildir",
        md.to_str().unwrap(),
    ]));
    assert_eq!(out.lines().count(), 3, "{out}");
    assert!(
        out.lines().next().unwrap().contains("athens"),
        "oldest first: {out}"
    );
    assert_eq!(fs::read_dir(md.join("new")).unwrap().count(), 0);
    let mut cur: Vec<String> = fs::read_dir(md.join("cur"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    cur.sort();
    assert_eq!(cur, ["1.a:2,S", "2.b:2,S", "3.c:2,S"]);
    assert!(dir.join("turns/0001/orders/athens.yaml").exists());
    assert!(dir.join("turns/0001/orders/sparta.yaml").exists());
    // Nothing new: nothing done.
    assert_eq!(
        ok(dikast(&[
            "receive",
            dir.to_str().unwrap(),
            "--maildir",
            md.to_str().unwrap()
        ])),
        ""
    );
}

#[test]
fn adjudicate_before_the_deadline_is_refused_naming_who_owes_orders() {
    let dir = campaign("early", "deadlines:\n  1: 2026-03-08T18:00:00Z\n");
    let d = dir.to_str().unwrap();
    receive(
        &dir,
        "2026-03-01T10:00:00Z",
        &message(ATHENS, "x1", &template(&dir, "athens")),
    );
    let o = dikast(&["adjudicate", d, "--clock", "2026-03-03T18:00:00Z"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("sparta (Archidamus) owes orders"), "{err}");
    assert!(
        err.contains("2026-03-08T18:00:00Z") && err.contains("in 5 days"),
        "{err}"
    );
    assert!(err.contains("--now"), "{err}");
    assert!(!dir.join("turns/0002").exists());
    // After the deadline it goes ahead; with --now before it, too, and the note says so.
    let out = ok(dikast(&[
        "adjudicate",
        d,
        "--now",
        "--clock",
        "2026-03-03T18:00:00Z",
    ]));
    assert!(out.contains("turn 1 adjudicated"), "{out}");
    // The archive records it, and every report of the turn says it, in its language.
    let rec = fs::read_to_string(dir.join("turns/0001/adjudication.yaml")).unwrap();
    for want in [
        "at: 2026-03-03T18:00:00Z",
        "clock: given",
        "deadline: 2026-03-08T18:00:00Z",
        "early_owing:\n- sparta",
    ] {
        assert!(rec.contains(want), "no {want:?} in\n{rec}");
    }
    for (file, want) in [
        ("report.md", "Adjudicated **early**, at 2026-03-03 18:00 UTC on the moderator's order (`dikast adjudicate --now`), before the deadline 2026-03-08T18:00:00Z: Sparta had sent no orders."),
        ("report-athens.md", "Adjudicated **early**"),
        ("report-sparta.md", "was given to dikast (`--clock`), not read from the machine's clock"),
        ("report-sparta.ru.md", "досрочно"),
        ("report.ru.md", "(`--clock`)"),
    ] {
        let r = fs::read_to_string(dir.join("turns/0001").join(file)).unwrap();
        assert!(r.contains(want), "{file} does not say {want:?}:\n{r}");
        let section = r.find("### How this turn was adjudicated").or_else(|| r.find("### Как был обсчитан ход"));
        let happened = r.find("\n## What happened").or_else(|| r.find("\n## Что произошло"));
        assert!(
            section.is_some() && section < happened,
            "{file}: the section comes before what happened"
        );
    }
    let o = Command::new("sha256sum")
        .arg(dir.join("turns/0001/adjudication.yaml"))
        .output()
        .expect("sha256sum runs");
    let sha = String::from_utf8_lossy(&o.stdout)
        .split_whitespace()
        .next()
        .expect("a hash")
        .to_string();
    assert_eq!(sha.len(), 64, "{sha}");
    let r = fs::read_to_string(dir.join("turns/0001/report.md")).unwrap();
    assert!(
        r.contains(&format!(
            "`adjudication.yaml` beside this report, SHA-256 `{sha}`"
        )),
        "the moderator's report names the record's hash"
    );
    let rp = fs::read_to_string(dir.join("turns/0001/report-athens.md")).unwrap();
    assert!(!rp.contains(&sha), "only the moderator's names it");
    ok(dikast(&["verify", d]));
    // The record is tamper-evident: a changed byte, or the file gone, fails verification
    // naming it.
    let rec_path = dir.join("turns/0001/adjudication.yaml");
    let orig = fs::read(&rec_path).unwrap();
    fs::write(
        &rec_path,
        String::from_utf8_lossy(&orig).replace("18:00:00Z\nclock", "17:00:00Z\nclock"),
    )
    .unwrap();
    let o = dikast(&["verify", d]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
    assert!(
        String::from_utf8_lossy(&o.stderr)
            .contains("turns/0001/adjudication.yaml was changed after adjudication"),
        "{}",
        text(&o)
    );
    fs::remove_file(&rec_path).unwrap();
    let o = dikast(&["verify", d]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
    assert!(
        String::from_utf8_lossy(&o.stderr)
            .contains("turns/0001/adjudication.yaml is missing from the archive"),
        "{}",
        text(&o)
    );
    fs::write(&rec_path, &orig).unwrap();
    ok(dikast(&["verify", d]));
}

/// Late orders are marked in every report of the turn, with the policy that let them in;
/// the record says how their arrival is known (by mail: the receipt; by hand: the file's
/// time), and a turn adjudicated by the machine's clock says so too.
#[test]
fn late_orders_are_marked_late_in_every_report_with_the_policy() {
    let dir = campaign(
        "late",
        "late: accept\ndeadlines:\n  1: 2026-03-02T00:00:00Z\n",
    );
    let d = dir.to_str().unwrap();
    let out = receive(
        &dir,
        "2026-03-01T10:00:00Z",
        &message(ATHENS, "in-time", &template(&dir, "athens")),
    );
    assert!(out.starts_with("accepted orders"), "{out}");
    let out = receive(
        &dir,
        "2026-03-02T06:30:00Z",
        &message(SPARTA, "late", &template(&dir, "sparta")),
    );
    assert!(out.starts_with("accepted late orders of sparta"), "{out}");
    ok(dikast(&[
        "adjudicate",
        d,
        "--clock",
        "2026-03-02T07:00:00Z",
    ]));
    let rec = fs::read_to_string(dir.join("turns/0001/adjudication.yaml")).unwrap();
    assert!(
        rec.contains("late_policy: accept")
            && rec.contains(
                "late_orders:\n- side: sparta\n  arrived: 2026-03-02T06:30:00Z\n  by: mail"
            ),
        "{rec}"
    );
    assert!(!rec.contains("side: athens"), "athens was in time:\n{rec}");
    assert!(!rec.contains("early_owing"), "{rec}");
    let want = "The orders of Sparta are **late**: they arrived 2026-03-02 06:30 UTC (by mail), after the deadline 2026-03-02T00:00:00Z; used, as this campaign's policy says (`late: accept`).";
    for file in ["report.md", "report-athens.md", "report-sparta.md"] {
        let r = fs::read_to_string(dir.join("turns/0001").join(file)).unwrap();
        assert!(r.contains(want), "{file}:\n{r}");
        assert!(!r.contains("The orders of Athens are **late**"), "{file}");
    }
    let ru = fs::read_to_string(dir.join("turns/0001/report-sparta.ru.md")).unwrap();
    assert!(
        ru.contains("**опоздали**") && ru.contains("`late: accept`"),
        "{ru}"
    );
    ok(dikast(&["verify", d]));

    // Turn 2, `late: refuse`: orders put in the folder by hand after the deadline are
    // still used (the policy turns away mail only), and the reports say exactly that.
    let c = fs::read_to_string(dir.join("campaign.yaml")).unwrap();
    fs::write(
        dir.join("campaign.yaml"),
        c.replace(
            "late: accept\ndeadlines:\n  1: 2026-03-02T00:00:00Z\n",
            "late: refuse\ndeadlines:\n  2: 2026-03-05T00:00:00Z\n",
        ),
    )
    .unwrap();
    let f = dir.join("turns/0002/orders/athens.yaml");
    fs::write(&f, template(&dir, "athens")).unwrap();
    let late_time = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_772_670_000); // 2026-03-05T00:20:00Z
    fs::File::options()
        .write(true)
        .open(&f)
        .unwrap()
        .set_modified(late_time)
        .unwrap();
    ok(dikast(&[
        "adjudicate",
        d,
        "--allow-no-orders",
        "--clock",
        "2026-03-05T01:00:00Z",
    ]));
    let r = fs::read_to_string(dir.join("turns/0002/report-sparta.md")).unwrap();
    assert!(
        r.contains("The orders of Athens are **late**: they arrived 2026-03-05 00:20 UTC (by the file's time), after the deadline 2026-03-05T00:00:00Z; used all the same: the moderator put them in the orders folder himself (`late: refuse` turns away late orders by mail only)."),
        "{r}"
    );
    ok(dikast(&["verify", d]));
}

#[test]
fn a_cadence_sets_the_next_deadline_and_deadline_set_moves_it() {
    let dir = campaign("cadence", "deadline_every: 72h\n");
    let d = dir.to_str().unwrap();
    ok(dikast(&[
        "adjudicate",
        d,
        "--allow-no-orders",
        "--clock",
        "2026-03-01T12:00:00Z",
    ]));
    let g = fs::read_to_string(dir.join("turns/0002/game.yaml")).unwrap();
    assert!(g.contains("deadline: 2026-03-04T12:00:00Z"), "{g}");
    let v = fs::read_to_string(dir.join("turns/0002/view-athens.yaml")).unwrap();
    assert!(
        v.contains("deadline: 2026-03-04T12:00:00Z"),
        "the view shows it"
    );
    let r = fs::read_to_string(dir.join("turns/0001/report-athens.md")).unwrap();
    assert!(r.contains("2026-03-04T12:00:00Z"), "the report shows it");
    // The time it was counted from is kept, and said.
    let rec = fs::read_to_string(dir.join("turns/0001/adjudication.yaml")).unwrap();
    assert!(
        rec.contains("at: 2026-03-01T12:00:00Z") && rec.contains("deadline_every: 72h"),
        "{rec}"
    );
    assert!(
        r.contains("- The next turn's deadline is counted from this time (`deadline_every: 72h`)."),
        "{r}"
    );
    let out = ok(dikast(&[
        "deadline",
        d,
        "--set",
        "+48h",
        "--clock",
        "2026-03-02T00:00:00Z",
    ]));
    assert!(
        out.contains("deadline set to 2026-03-06T12:00:00Z")
            && out.contains("was 2026-03-04T12:00:00Z"),
        "{out}"
    );
    let st = ok(dikast(&["status", d, "--now", "2026-03-05T12:00:00Z"]));
    assert!(st.contains("deadline: 2026-03-06T12:00:00Z"), "{st}");
    ok(dikast(&["verify", d]));
}

#[test]
fn campaign_yaml_errors_point_at_their_line() {
    let dir = campaign("lang", "");
    let c = fs::read_to_string(dir.join("campaign.yaml")).unwrap();
    fs::write(
        dir.join("campaign.yaml"),
        c.replace("language: ru", "language: fr"),
    )
    .unwrap();
    let o = dikast(&["status", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("campaign.yaml:13:15"), "{err}");
    assert!(
        err.contains("`fr`, a language dikast does not write"),
        "{err}"
    );
    assert!(!err.contains("restore it from the"), "{err}");
    fs::write(
        dir.join("campaign.yaml"),
        format!("{c}deadline_every: soon\n"),
    )
    .unwrap();
    let err =
        String::from_utf8_lossy(&dikast(&["status", dir.to_str().unwrap()]).stderr).into_owned();
    assert!(
        err.contains("campaign.yaml:15:17") && err.contains("`soon` is not a span"),
        "{err}"
    );
    fs::write(dir.join("campaign.yaml"), format!("{c}colour: blue\n")).unwrap();
    let err =
        String::from_utf8_lossy(&dikast(&["status", dir.to_str().unwrap()]).stderr).into_owned();
    assert!(err.contains("campaign.yaml:15"), "{err}");
    assert!(err.contains("the moderator's own file"), "{err}");
}

#[test]
fn show_of_a_game_file_without_side_shows_every_side() {
    let dir = campaign("show", "");
    let g = dir.join("turns/0001/game.yaml");
    let out = ok(dikast(&["show", g.to_str().unwrap()]));
    assert!(out.contains("The whole position"), "{out}");
    assert!(
        out.contains("\n## Athens\n") && out.contains("\n## Sparta\n"),
        "{out}"
    );
    // A view still shows only itself.
    let v = dir.join("turns/0001/view-athens.yaml");
    let out = ok(dikast(&["show", v.to_str().unwrap()]));
    assert!(!out.contains("## Sparta"), "{out}");
}

/// The envelope recipients of every notice dikast queued or sent (`.dikast/outbox` and
/// `.dikast/sent` keep one `<stem>.yaml` envelope beside each message).
fn notice_recipients(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for sub in ["outbox", "sent"] {
        let Ok(rd) = fs::read_dir(dir.join(".dikast").join(sub)) else {
            continue;
        };
        let mut v: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
        v.sort();
        for p in v
            .iter()
            .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        {
            let t = fs::read_to_string(p).unwrap();
            let to = t
                .lines()
                .find_map(|l| l.strip_prefix("to: "))
                .unwrap_or_else(|| panic!("{} names no recipient:\n{t}", p.display()));
            out.push(to.trim().to_string());
        }
    }
    out
}

/// No backscatter: a refusal is mailed only to a registered player's own address. A
/// stranger's `From:` (which anyone can forge, to aim dikast's answer at a third party)
/// is never mailed; the moderator is told instead. A forged `From:` of a player with a
/// `Reply-To:` elsewhere is answered at the player's registered address only. (The
/// server here is a closed port, so each notice waits in `.dikast/outbox` with its
/// envelope: what would be sent, and to whom.)
#[test]
fn answers_go_only_to_registered_players_never_to_a_forged_sender() {
    let dir = campaign(
        "backscatter",
        "mail:\n  server: 127.0.0.1\n  port: 9\n  security: none\n  from: \"Dikast <judge@example.org>\"\n",
    );
    let ta = template(&dir, "athens");
    let victim = "victim@example.net";
    let out = receive(&dir, "2026-03-01T10:00:00Z", &message(victim, "f1", &ta));
    assert!(out.starts_with("refused <f1@example.org>"), "{out}");
    assert!(out.contains("the sender not answered"), "{out}");
    assert_eq!(notice_recipients(&dir), vec!["mod@example.org".to_string()]);
    // A forged player's address, with a Reply-To: aimed elsewhere and a wrong token.
    let forged = format!(
        "From: Pericles <{ATHENS}>\r\nReply-To: {victim}\r\nTo: judge@example.org\r\nSubject: orders\r\nMessage-ID: <f2@example.org>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{}\r\n",
        ta.replace("token: ", "token: 0").replace('\n', "\r\n")
    );
    let out = receive(&dir, "2026-03-01T10:05:00Z", forged.as_bytes());
    assert!(out.contains("turn token (`token:`) is wrong"), "{out}");
    let to = notice_recipients(&dir);
    assert_eq!(to.len(), 2, "{to:?}");
    assert!(to.contains(&ATHENS.to_string()), "{to:?}");
    assert!(!to.iter().any(|a| a.contains("victim")), "{to:?}");
    // Nothing of either message was stored.
    assert_eq!(
        fs::read_dir(dir.join("turns/0001/orders")).unwrap().count(),
        0
    );
    // And no notice anywhere names the stranger as a recipient (the queued messages
    // themselves: their To: header).
    for e in fs::read_dir(dir.join(".dikast/outbox")).unwrap().flatten() {
        let raw = fs::read_to_string(e.path()).unwrap();
        if e.path().extension().is_some_and(|x| x == "eml") {
            let to_line = raw
                .lines()
                .find(|l| l.starts_with("To: "))
                .unwrap_or_default();
            assert!(!to_line.contains("victim"), "{to_line}");
        }
    }
}

/// The moderator's report shows the whole position after the turn, every side's blocks
/// and hands (in every language); no player's report or view holds it: Sparta's files
/// never name an Athenian block, Athens's never a Spartan one.
#[test]
fn the_moderators_report_shows_every_side_and_no_players_file_does() {
    let dir = campaign("whole", "");
    let d = dir.to_str().unwrap();
    for side in ["athens", "sparta"] {
        fs::write(
            dir.join(format!("turns/0001/orders/{side}.yaml")),
            template(&dir, side),
        )
        .unwrap();
    }
    ok(dikast(&["adjudicate", d]));
    let t1 = dir.join("turns/0001");
    let read = |n: &str| fs::read_to_string(t1.join(n)).unwrap();
    for (file, heading, athens, sparta) in [
        (
            "report.md",
            "## The whole position (every side; the moderator's alone)",
            "- ATH-1 Athenian Hoplites (hoplites), 4/4 steps",
            "\n### Sparta\n",
        ),
        (
            "report.ru.md",
            "## Всё положение (все стороны; только для ведущего)",
            "- ATH-1 Афинские гоплиты (гоплиты), БС 4/4",
            "\n### Спарта\n",
        ),
    ] {
        let r = read(file);
        let at = r
            .find(heading)
            .unwrap_or_else(|| panic!("{file} has no whole position:\n{r}"));
        let whole = &r[at..];
        assert!(
            whole.contains(athens) && whole.contains(sparta),
            "{file}:\n{whole}"
        );
        assert!(whole.contains("SPA-"), "{file}: Sparta's blocks");
        assert!(
            at < r
                .find("\n## What you must send next")
                .or_else(|| r.find("\n## Что прислать дальше"))
                .unwrap(),
            "{file}: before what to send next"
        );
    }
    let player_files = |side: &str| -> Vec<(String, String)> {
        let mut v: Vec<(String, String)> = ["md", "ru.md"]
            .iter()
            .map(|x| {
                let n = format!("report-{side}.{x}");
                (n.clone(), read(&n))
            })
            .collect();
        let n = format!("turns/0002/view-{side}.yaml");
        v.push((n.clone(), fs::read_to_string(dir.join(&n)).unwrap()));
        v
    };
    for (side, enemy) in [("athens", "SPA-"), ("sparta", "ATH-")] {
        for (n, text) in player_files(side) {
            assert!(
                !text.contains("The whole position") && !text.contains("Всё положение"),
                "{n} holds the moderator's whole position"
            );
            assert!(!text.contains(enemy), "{n} names an enemy block ({enemy}…)");
        }
    }
    ok(dikast(&["verify", d]));
}

/// Orders put in by hand from the moderator's template carry the token; the adjudication
/// empties that line (the archive never holds a token) but keeps every line's number, so
/// a diagnostic points at the line as it stands in the file; and a refused run writes
/// nothing, the file included.
#[test]
fn a_token_taken_out_keeps_every_diagnostic_on_its_line() {
    let dir = campaign("token-lines", "");
    let d = dir.to_str().unwrap();
    let t = template(&dir, "athens");
    assert!(t.contains("\ntoken: "), "{t}");
    let bad = format!("{t}marchh: [nonsense]\n");
    let line = bad.lines().position(|l| l.starts_with("marchh")).unwrap() + 1;
    let f = dir.join("turns/0001/orders/athens.yaml");
    fs::write(&f, &bad).unwrap();
    let o = dikast(&["adjudicate", d, "--allow-no-orders"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(&format!("turns/0001/orders/athens.yaml:{line}:1")),
        "the diagnostic is not at line {line}:\n{err}"
    );
    assert_eq!(fs::read_to_string(&f).unwrap(), bad, "nothing written");
    // Fixed, it is adjudicated, and the archived file has the line emptied.
    fs::write(&f, &t).unwrap();
    let out = ok(dikast(&["adjudicate", d, "--allow-no-orders"]));
    assert!(
        out.contains("took the turn token out of turns/0001/orders/athens.yaml"),
        "{out}"
    );
    let kept = fs::read_to_string(&f).unwrap();
    assert_eq!(kept.lines().count(), t.lines().count());
    assert!(!kept.contains("token"), "{kept}");
    ok(dikast(&["verify", d]));
}

/// Every queued notice's subject and text body (`.dikast/outbox/*.eml`), by recipient.
fn queued(dir: &Path) -> Vec<(String, String, String)> {
    let mut v: Vec<PathBuf> = fs::read_dir(dir.join(".dikast/outbox"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "eml"))
        .collect();
    v.sort();
    v.iter()
        .map(|p| {
            let raw = fs::read(p).unwrap();
            let m = mail_parser::MessageParser::default().parse(&raw).unwrap();
            let to = m
                .to()
                .and_then(|a| a.first())
                .and_then(|a| a.address())
                .unwrap_or("")
                .to_string();
            let subject = m.subject().unwrap_or("").to_string();
            let body = m.body_text(0).map(|b| b.to_string()).unwrap_or_default();
            (to, subject, body)
        })
        .collect()
}

/// A player is answered in his own language (campaign.yaml's `language`): Sparta's
/// player (`ru`) reads why his orders were refused, and what to do, in Russian, and his
/// acceptance too; Athens's (`en`) in English; the moderator's notice of a stranger in
/// `mail.moderator_language`. The receipts keep the English reason.
#[test]
fn answers_are_in_each_players_language() {
    let dir = campaign(
        "languages",
        "mail:\n  server: 127.0.0.1\n  port: 9\n  security: none\n  from: \"Dikast <judge@example.org>\"\n  moderator_language: ru\n",
    );
    let ts = template(&dir, "sparta");
    let ta = template(&dir, "athens");
    let bad = |t: &str| t.replace("token: ", "token: 0");
    receive(
        &dir,
        "2026-03-01T10:00:00Z",
        &message(SPARTA, "s1", &bad(&ts)),
    );
    receive(
        &dir,
        "2026-03-01T10:01:00Z",
        &message(ATHENS, "a1", &bad(&ta)),
    );
    receive(
        &dir,
        "2026-03-01T10:02:00Z",
        &message("eve@example.net", "e1", &ta),
    );
    let out = receive(&dir, "2026-03-01T10:03:00Z", &message(SPARTA, "s2", &ts));
    assert!(out.starts_with("accepted orders of sparta"), "{out}");
    let q = queued(&dir);
    let find = |to: &str, subject: &str| {
        q.iter()
            .find(|(t, s, _)| t == to && s.contains(subject))
            .unwrap_or_else(|| panic!("no `{subject}` to {to}: {q:#?}"))
            .2
            .clone()
    };
    let s1 = find(SPARTA, "приказы отклонены");
    for said in [
        "Письмо с вашего адреса (получено 2026-03-01 10:00 UTC) НЕ принято для игры g-rcv, ход 1:",
        "код хода (`token:`) неверен",
        "кто-то пытался послать приказы от вашего имени: сообщите ведущему",
        "Из него ничего не сохранено",
    ] {
        assert!(s1.contains(said), "no `{said}` in:\n{s1}");
    }
    assert!(
        !s1.contains("NOT accepted") && !s1.contains("is wrong"),
        "{s1}"
    );
    let a1 = find(ATHENS, "orders refused");
    assert!(
        a1.contains("was NOT accepted for game g-rcv, turn 1")
            && a1.contains("the turn token (`token:`) is wrong")
            && a1.contains("tell the moderator"),
        "{a1}"
    );
    let e1 = find(
        "mod@example.org",
        "отклонено письмо неизвестного отправителя",
    );
    assert!(
        e1.contains("eve@example.net") && e1.contains("отправителю не ответили"),
        "{e1}"
    );
    let s2 = find(SPARTA, "приказы приняты");
    assert!(
        s2.contains("ПРИНЯТЫ как приказы стороны «Спарта»")
            && s2.contains("Их можно заменить")
            && s2.contains("проверены по файлу позиции (view-sparta.yaml)"),
        "{s2}"
    );
    // The step is named in Russian, not as the game file's English `step:`.
    let game: serde_yaml::Value =
        serde_yaml::from_slice(&fs::read(dir.join("turns/0001/game.yaml")).unwrap()).unwrap();
    let step_en = game["step"]
        .as_str()
        .expect("the game file's step")
        .to_string();
    assert!(!s2.contains(&step_en), "{s2}");
    // The receipts (the moderator's record) keep the reasons in English.
    let receipts = fs::read_to_string(dir.join(".dikast/receipts/0001.yaml")).unwrap();
    assert!(
        receipts.contains("the turn token (`token:`) is wrong") && !receipts.contains("неверен"),
        "{receipts}"
    );
}

/// Orders are archived and published when the game is over: orders by mail that hold an
/// address (the player's own in a comment, too) are refused, saying why, in the player's
/// language; nothing is stored.
#[test]
fn orders_holding_an_address_are_refused() {
    let dir = campaign(
        "address",
        "mail:\n  server: 127.0.0.1\n  port: 9\n  security: none\n  from: \"Dikast <judge@example.org>\"\n",
    );
    let ta = format!(
        "{}# from {}\n",
        template(&dir, "athens"),
        ATHENS.to_uppercase()
    );
    let out = receive(&dir, "2026-03-01T10:00:00Z", &message(ATHENS, "a1", &ta));
    assert!(
        out.starts_with("refused <a1@example.org>")
            && out.contains("the orders hold the address of athens's player"),
        "{out}"
    );
    let ts = format!("{}# копия: mod@example.org\n", template(&dir, "sparta"));
    let out = receive(&dir, "2026-03-01T10:01:00Z", &message(SPARTA, "s1", &ts));
    assert!(
        out.contains("the orders hold the moderator's address"),
        "{out}"
    );
    assert_eq!(
        fs::read_dir(dir.join("turns/0001/orders")).unwrap().count(),
        0
    );
    let q = queued(&dir);
    let s1 = &q
        .iter()
        .find(|(to, _, _)| to == SPARTA)
        .expect("Sparta answered")
        .2;
    assert!(
        s1.contains("в приказах есть адрес ведущего") && s1.contains("ни адресов почты"),
        "{s1}"
    );
    // Another player's address: the Russian answer names his side as the reader knows
    // it, «Афины», never by its id (issue 32, Russian 8); the receipt keeps the id.
    let ts = format!("{}# копия: {ATHENS}\n", template(&dir, "sparta"));
    let out = receive(&dir, "2026-03-01T10:02:00Z", &message(SPARTA, "s2", &ts));
    assert!(out.contains("the address of athens's player"), "{out}");
    let q = queued(&dir);
    let s2 = &q
        .iter()
        .filter(|(to, _, _)| to == SPARTA)
        .find(|(_, _, b)| b.contains("адрес игрока"))
        .expect("Sparta answered again")
        .2;
    assert!(
        s2.contains("в приказах есть адрес игрока стороны «Афины»") && !s2.contains("athens"),
        "{s2}"
    );
}

/// A token of a turn past, pasted into later orders by mail, is refused as `adjudicate`
/// would refuse it (one guard for both): it would stay in the archive.
#[test]
fn orders_holding_a_past_turns_token_are_refused() {
    let dir = campaign("old-token", "");
    let token = |t: &str| {
        t.lines()
            .find_map(|l| l.strip_prefix("token: "))
            .and_then(|l| l.split_whitespace().next())
            .unwrap()
            .to_string()
    };
    let old = token(&template(&dir, "athens"));
    ok(dikast(&[
        "adjudicate",
        dir.to_str().unwrap(),
        "--allow-no-orders",
    ]));
    let ta = format!("{}# last turn's: {old}\n", template(&dir, "athens"));
    let out = receive(&dir, "2026-03-02T10:00:00Z", &message(ATHENS, "a2", &ta));
    assert!(
        out.starts_with("refused <a2@example.org>")
            && out.contains("the orders hold the turn token of athens for turn 1"),
        "{out}"
    );
    assert_eq!(
        fs::read_dir(dir.join("turns/0002/orders")).unwrap().count(),
        0
    );
}

/// Spam does not flood the moderator: each unknown sender is told of once a turn, and at
/// most `STRANGER_NOTICES` senders a turn (the last notice says so); every message is
/// still recorded in the receipts, and none is answered.
#[test]
fn unknown_senders_are_told_once_each_and_a_few_a_turn() {
    let dir = campaign(
        "spam",
        "mail:\n  server: 127.0.0.1\n  port: 9\n  security: none\n  from: \"Dikast <judge@example.org>\"\n",
    );
    let n = dikast::receive::STRANGER_NOTICES;
    let mut lines = Vec::new();
    for i in 0..3 {
        lines.push(receive(
            &dir,
            "2026-03-01T10:00:00Z",
            &message("spam@example.net", &format!("x{i}"), "buy now\n"),
        ));
    }
    for i in 0..n + 2 {
        lines.push(receive(
            &dir,
            "2026-03-01T10:00:00Z",
            &message(
                &format!("spam{i}@example.net"),
                &format!("y{i}"),
                "buy now\n",
            ),
        ));
    }
    assert!(lines[0].contains("the moderator's notice"), "{}", lines[0]);
    assert!(
        lines[1].contains("was told of this sender this turn before"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].contains("was told of this sender this turn before"),
        "{}",
        lines[2]
    );
    let told: Vec<_> = queued(&dir)
        .into_iter()
        .filter(|(to, _, _)| to == "mod@example.org")
        .collect();
    assert_eq!(told.len(), n, "{told:#?}");
    // The notice of the n-th sender (spam@, then spam0@ …) is the one that says so.
    let capped: Vec<_> = told
        .iter()
        .filter(|(_, _, b)| b.contains("you are told of no more"))
        .collect();
    assert_eq!(capped.len(), 1, "{told:#?}");
    assert!(
        capped[0].2.contains(&format!("spam{}@example.net", n - 2)),
        "{}",
        capped[0].2
    );
    assert!(
        lines.last().unwrap().contains("the moderator not told"),
        "{lines:?}"
    );
    let receipts = fs::read_to_string(dir.join(".dikast/receipts/0001.yaml")).unwrap();
    assert_eq!(receipts.matches("message_id:").count(), n + 5, "{receipts}");
    assert_eq!(notice_recipients(&dir).len(), n);
}

/// Orders by mail that arrive while an undo is stopped half-way (its plan left in
/// `.dikast/undone/`) are not taken: the turns are then neither the one before nor the one
/// after. `receive` says what finishes the undo and stores nothing; once `dikast undo`
/// has finished it, the same message is taken for the turn that awaits orders again.
#[test]
fn orders_by_mail_wait_while_an_undo_is_unfinished() {
    let dir = campaign("undo", "");
    let d = dir.to_str().unwrap();
    let athens = template(&dir, "athens");
    for side in ["athens", "sparta"] {
        fs::write(
            dir.join(format!("turns/0001/orders/{side}.yaml")),
            template(&dir, side),
        )
        .unwrap();
    }
    ok(dikast(&[
        "adjudicate",
        d,
        "--clock",
        "2026-03-01T12:00:00Z",
    ]));
    // An undo stopped at the first disk step after its plan was made (a failure before
    // that leaves the campaign as it was, so the same folder is tried again).
    let plan = |dir: &Path| {
        fs::read_dir(dir.join(".dikast/undone"))
            .map(|rd| {
                rd.flatten()
                    .any(|e| e.path().join(".undo-plan.yaml").is_file())
            })
            .unwrap_or(false)
    };
    for n in 1..80 {
        let o = dikast_env(&["undo", d], &[("DIKAST_TEST_FAIL_STEP", &n.to_string())]);
        assert_ne!(o.status.code(), Some(0), "the undo never left a plan");
        if plan(&dir) {
            break;
        }
    }
    assert!(plan(&dir));
    let orders = dir.join("turns/0001/orders/athens.yaml");
    let before = fs::read(&orders).unwrap();
    let receipts = dir.join(".dikast/receipts/0001.yaml");
    let receipts_before = fs::read(&receipts).ok();
    let o = dikast_in(
        &["receive", d, "--clock", "2026-03-02T09:00:00Z"],
        &message(ATHENS, "u1", &athens),
    );
    assert_ne!(o.status.code(), Some(0), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("an undo of turn 1 stopped before it finished")
            && err.contains(&format!("`dikast undo {d}` finishes it")),
        "{}",
        text(&o)
    );
    assert_eq!(fs::read(&orders).unwrap(), before, "nothing stored");
    assert_eq!(fs::read(&receipts).ok(), receipts_before, "no receipt");
    let out = ok(dikast(&["undo", d]));
    assert!(out.contains("finished an undo of turn 1"), "{out}");
    let out = receive(
        &dir,
        "2026-03-02T10:00:00Z",
        &message(ATHENS, "u1", &athens),
    );
    assert!(
        out.starts_with("accepted orders of athens for turn 1 from <u1@example.org>"),
        "{out}"
    );
}

/// Receipts stay small whatever arrives (issue 28): a stranger's flood of messages with
/// 300 KB Message-IDs costs each receipt a few hundred bytes (before, each kept its
/// Message-ID whole: 17 such messages of 4 MB pushed the file past what dikast reads,
/// and every later message failed); past `UNANSWERED_LISTED` messages not accepted a
/// turn, more are counted, not listed; and a player's orders are still taken.
#[test]
fn receipts_stay_small_whatever_arrives() {
    let dir = campaign("flood", "");
    let md = dir.with_extension("maildir");
    let _ = fs::remove_dir_all(&md);
    for s in ["tmp", "new", "cur"] {
        fs::create_dir_all(md.join(s)).unwrap();
    }
    let long = "x".repeat(300_000);
    for i in 0..17 {
        fs::write(
            md.join(format!("new/{i:04}.big")),
            message("spam@example.net", &format!("{i}{long}"), "buy now\n"),
        )
        .unwrap();
    }
    let n = dikast::receipts::UNANSWERED_LISTED + 40;
    for i in 17..n {
        fs::write(
            md.join(format!("new/{i:04}.small")),
            message(
                &format!("spam{i}@example.net"),
                &format!("s{i}"),
                "buy now\n",
            ),
        )
        .unwrap();
    }
    fs::write(
        md.join("new/9999.orders"),
        message(ATHENS, "orders-1", &template(&dir, "athens")),
    )
    .unwrap();
    let out = ok(dikast(&[
        "receive",
        dir.to_str().unwrap(),
        "--maildir",
        md.to_str().unwrap(),
        "--clock",
        "2026-03-01T10:00:00Z",
    ]));
    assert!(
        out.lines()
            .last()
            .unwrap()
            .starts_with("accepted orders of athens for turn 1"),
        "{}",
        out.lines().last().unwrap()
    );
    let receipts = dir.join(".dikast/receipts/0001.yaml");
    let size = fs::metadata(&receipts).unwrap().len();
    assert!(size < 128 * 1024, "the receipts grew to {size} bytes");
    let text = fs::read_to_string(&receipts).unwrap();
    assert!(
        text.contains(" bytes, SHA-256 ") && text.contains("300015 bytes"),
        "the long Message-ID is kept as its size and hash: {}",
        &text[..600.min(text.len())]
    );
    assert_eq!(
        text.matches("message_id:").count(),
        dikast::receipts::UNANSWERED_LISTED + 1,
        "listed: the first UNANSWERED_LISTED refused, and the orders accepted"
    );
    assert!(
        text.contains(&format!(
            "unlisted: {}",
            n - dikast::receipts::UNANSWERED_LISTED
        )),
        "{}",
        &text[text.len() - 200..]
    );
    // The same long message delivered again is still known.
    let again = receive(
        &dir,
        "2026-03-01T11:00:00Z",
        &message("spam@example.net", &format!("0{long}"), "buy now\n"),
    );
    assert!(again.contains("handled before"), "{again}");
}

/// A receipts file that is damaged, or larger than dikast reads, is set aside with a
/// notice to the moderator and a new one begun: never a stop of orders by mail.
#[test]
fn a_damaged_or_overlarge_receipts_file_is_set_aside() {
    let dir = campaign(
        "aside",
        "mail:\n  server: 127.0.0.1\n  port: 9\n  security: none\n  from: \"Dikast <judge@example.org>\"\n",
    );
    let receipts = dir.join(".dikast/receipts/0001.yaml");
    fs::create_dir_all(receipts.parent().unwrap()).unwrap();
    fs::write(&receipts, "turn: 1\nmessages: [ {{{ not yaml\n").unwrap();
    let out = receive(
        &dir,
        "2026-03-01T10:00:00Z",
        &message(ATHENS, "a1", &template(&dir, "athens")),
    );
    assert!(
        out.contains(
            "the receipts of turn 1 were set aside as .dikast/receipts/0001.set-aside-1.yaml"
        ) && out.contains("accepted orders of athens for turn 1"),
        "{out}"
    );
    assert!(dir.join(".dikast/receipts/0001.set-aside-1.yaml").exists());
    assert!(fs::read_to_string(&receipts)
        .unwrap()
        .contains("<a1@example.org>"));
    // Larger than a receipts file may be (made by hand: dikast's own never grows so).
    let mut big = fs::read_to_string(&receipts).unwrap();
    big.push_str(&format!(
        "# {}\n",
        "x".repeat(dikast::receipts::RECEIPTS_MAX_BYTES as usize)
    ));
    fs::write(&receipts, big).unwrap();
    let out = receive(
        &dir,
        "2026-03-01T11:00:00Z",
        &message(SPARTA, "s1", &template(&dir, "sparta")),
    );
    assert!(
        out.contains("set aside as .dikast/receipts/0001.set-aside-2.yaml")
            && out.contains("accepted orders of sparta"),
        "{out}"
    );
    let told: Vec<_> = queued(&dir)
        .into_iter()
        .filter(|(to, s, _)| to == "mod@example.org" && s.contains("receipts"))
        .collect();
    assert_eq!(told.len(), 2, "{told:#?}");
    assert!(
        told.iter().any(|t| t.2.contains("0001.set-aside-1.yaml")),
        "{told:#?}"
    );
}

/// A forged `From:` cannot flood a player (issue 28): refusals to a registered address
/// are capped per turn (the last says so; more are recorded, not mailed), quote nothing
/// the sender chose (no Subject, no Message-ID, no text of a message without the token),
/// and say that someone else may be writing in his name. His own orders still go in.
#[test]
fn refusals_to_a_player_are_capped_and_quote_nothing_of_the_sender() {
    let dir = campaign(
        "forged",
        "mail:\n  server: 127.0.0.1\n  port: 9\n  security: none\n  from: \"Dikast <judge@example.org>\"\n",
    );
    let cap = dikast::notices::PLAYER_REFUSALS;
    let forged = |i: usize| {
        format!(
            "From: {ATHENS}\r\nTo: judge@example.org\r\nSubject: Your token leaked: reply to evil@example.net\r\nMessage-ID: <evil-{i}-write-to-evil.example.net@example.net>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\ngame: g-rcv\r\nturn: 7\r\nside: athens\r\nbased_on: 'visit evil.example.net now'\r\n"
        )
        .into_bytes()
    };
    let mut lines = Vec::new();
    for i in 0..cap + 3 {
        lines.push(receive(&dir, "2026-03-01T10:00:00Z", &forged(i)));
    }
    for l in &lines[cap..] {
        assert!(
            l.contains("not answered") && l.contains("refusals were sent to this player this turn"),
            "{l}"
        );
    }
    let to_athens: Vec<_> = queued(&dir)
        .into_iter()
        .filter(|(to, _, _)| to == ATHENS)
        .collect();
    assert_eq!(to_athens.len(), cap, "{to_athens:#?}");
    for (i, (_, subject, body)) in to_athens.iter().enumerate() {
        for theirs in ["evil", "leaked", "visit"] {
            assert!(
                !subject.contains(theirs) && !body.contains(theirs),
                "refusal {i} quotes the sender's `{theirs}`:\n{subject}\n{body}"
            );
        }
        assert!(subject.contains("orders refused"), "{subject}");
        assert!(
            body.contains("someone else may be writing in your name"),
            "{body}"
        );
    }
    assert_eq!(
        to_athens
            .iter()
            .filter(|(_, _, b)| b.contains("This is the last refusal"))
            .count(),
        1,
        "the last refusal says so"
    );
    let receipts = fs::read_to_string(dir.join(".dikast/receipts/0001.yaml")).unwrap();
    assert_eq!(receipts.matches("outcome: refused").count(), cap + 3);
    // The player's own orders, with his token, are still taken.
    let out = receive(
        &dir,
        "2026-03-01T11:00:00Z",
        &message(ATHENS, "own", &template(&dir, "athens")),
    );
    assert!(out.starts_with("accepted orders of athens"), "{out}");
}

/// Orders piped to `dikast receive` while another dikast holds the campaign's lock (a
/// slow `dikast mail`, an adjudication) are not bounced (issue 28): receive waits a while
/// for the lock, and still busy it exits 75 (EX_TEMPFAIL), on which a mail server keeps
/// the message and retries, with nothing stored; the retry takes them. A lock let go
/// while receive waits is taken at once.
#[test]
fn piped_orders_meet_a_busy_campaign_with_75_and_are_taken_on_retry() {
    let dir = campaign("busy", "");
    let d = dir.to_str().unwrap();
    let lock = dir.join(".dikast/lock");
    fs::write(&lock, format!("pid {}\n", std::process::id())).unwrap();
    let msg = message(ATHENS, "busy-1", &template(&dir, "athens"));
    let o = dikast_in(
        &[
            "receive",
            d,
            "--clock",
            "2026-03-01T10:00:00Z",
            "--lock-wait",
            "1",
        ],
        &msg,
    );
    assert_eq!(o.status.code(), Some(75), "{}", text(&o));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("another dikast is working on this campaign"),
        "{}",
        text(&o)
    );
    assert!(!dir.join("turns/0001/orders/athens.yaml").exists());
    assert!(!dir.join(".dikast/receipts/0001.yaml").exists());
    // The mail server's retry, the lock gone: taken.
    fs::remove_file(&lock).unwrap();
    let out = receive(&dir, "2026-03-01T10:05:00Z", &msg);
    assert!(
        out.starts_with("accepted orders of athens for turn 1"),
        "{out}"
    );
    // A lock let go while receive waits.
    fs::write(&lock, format!("pid {}\n", std::process::id())).unwrap();
    let l2 = lock.clone();
    let freed = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(700));
        fs::remove_file(l2).unwrap();
    });
    let o = dikast_in(
        &[
            "receive",
            d,
            "--clock",
            "2026-03-01T10:10:00Z",
            "--lock-wait",
            "20",
        ],
        &message(SPARTA, "busy-2", &template(&dir, "sparta")),
    );
    freed.join().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(dir.join("turns/0001/orders/sparta.yaml").exists());
}

/// Issue 32.13: under `late: refuse` a side whose orders by mail came late and were
/// refused is not just "no orders received": every report of the turn names the refused
/// message, and the moderator's Russian report records the adjudication record in Russian
/// (no English line left), which `verify` still finds.
#[test]
fn reports_name_orders_refused_as_late_and_the_russian_record_line_is_russian() {
    let dir = campaign(
        "refused-late",
        "late: refuse\ndeadlines:\n  1: 2026-03-02T00:00:00Z\n",
    );
    let d = dir.to_str().unwrap();
    let ta = template(&dir, "athens");
    let ts = template(&dir, "sparta");
    assert!(
        receive(&dir, "2026-03-01T11:00:00Z", &message(ATHENS, "a1", &ta)).starts_with("accepted")
    );
    let out = receive(&dir, "2026-03-02T01:00:00Z", &message(SPARTA, "s1", &ts));
    assert!(out.contains("refuses late orders"), "{out}");
    ok(dikast(&[
        "adjudicate",
        d,
        "--clock",
        "2026-03-02T02:00:00Z",
    ]));
    let read = |f: &str| fs::read_to_string(dir.join("turns/0001").join(f)).unwrap();
    for f in ["report.md", "report-sparta.md", "report-athens.md"] {
        assert!(
            read(f).contains("- Orders of Sparta that arrived by mail at 2026-03-02 01:00 UTC, after the deadline 2026-03-02T00:00:00Z, were **refused** (`late: refuse`): this turn was adjudicated without them."),
            "{f}:\n{}",
            read(f)
        );
    }
    for f in ["report.ru.md", "report-sparta.ru.md"] {
        assert!(
            read(f).contains("- Приказы стороны Спарта, пришедшие по почте 2026-03-02 01:00 UTC, после срока 2026-03-02T00:00:00Z, **отклонены** (`late: refuse`): ход обсчитан без них."),
            "{f}:\n{}",
            read(f)
        );
    }
    let ru = read("report.ru.md");
    assert!(
        ru.contains("- Записано в `adjudication.yaml` рядом с этим отчётом, SHA-256 `"),
        "{ru}"
    );
    assert!(!ru.contains("Recorded in"), "{ru}");
    let out = ok(dikast(&["verify", d]));
    assert!(out.ends_with("verified\n"), "{out}");
    // A changed record is still caught through the Russian line too.
    let rec = dir.join("turns/0001/adjudication.yaml");
    let body = fs::read_to_string(&rec).unwrap();
    fs::write(
        &rec,
        body.replace("2026-03-02T01:00:00Z", "2026-03-02T01:30:00Z"),
    )
    .unwrap();
    let o = dikast(&["verify", d]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
}
