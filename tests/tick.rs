//! A campaign that runs itself, end to end, with nobody touching its files: the players'
//! messages go through a real SMTP server on 127.0.0.1 into real Maildirs (the `maildir`
//! mode of tests/smtp/server.py, started by `./scripts/test`), `dikast tick` receives
//! them, answers, adjudicates when due and mails the reports, and every player's own
//! Maildir ends up with his answers, calls for orders and reports. Along the way: a
//! forged sender, a wrong token, orders for the wrong turn and the wrong game, a message
//! with no orders, an HTML-only message, an attachment with CRLF and a BOM, an early
//! `adjudicate` refused, a reminder, and a late message.
//!
//! This test needs the server: without the DIKAST_TEST_* variables it fails (never
//! skips), telling to run `./scripts/test`.

mod ru_guard;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

mod bymail;
mod cli;
use bymail::*;

/// The last orders template dikast mailed a player (his call for orders of `turn`), in
/// English or in Russian, as he fills it in (`cli::choose`).
fn template(e: &Env, local: &str, side: &str, turn: u32) -> String {
    let m = mailbox(e, local)
        .into_iter()
        .rfind(|m| {
            (m.subject.contains(&format!("Turn {turn}: "))
                && m.subject.contains("template and turn token"))
                || (m.subject.contains(&format!("Ход {turn}: "))
                    && m.subject.contains("шаблон и код хода"))
        })
        .unwrap_or_else(|| panic!("{local} got no call for orders of turn {turn}"));
    let (_, b) = m
        .attachments
        .iter()
        .find(|(n, _)| n == &format!("orders-{side}.yaml"))
        .expect("the template is attached");
    // Its example card play taken, as a player who plays it does (issue 32.16: it is a
    // comment, never a live order).
    cli::choose(&String::from_utf8(b.clone()).unwrap())
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            files_under(&p, out);
        } else {
            out.push(p);
        }
    }
}

#[test]
fn a_campaign_runs_three_turns_by_mail() {
    let e = env();
    let tag = "e2e";
    let dir = e.work.join("tick-e2e");
    let _ = fs::remove_dir_all(&dir);
    for b in ["athens", "sparta", "eve", "moderator", "dikast"] {
        let _ = fs::remove_dir_all(e.root.join(format!("{b}.{tag}")));
    }
    let d = dir.to_str().unwrap();
    ok(dikast(&["new", d, "--game-id", "g-e2e"]));
    let athens = format!("athens.{tag}@example.org");
    let sparta = format!("sparta.{tag}@example.org");
    let eve = format!("eve.{tag}@example.org");
    let judge = format!("dikast.{tag}@example.org");
    fs::write(
        dir.join("campaign.yaml"),
        format!(
            "dikast: 1\ngame: g-e2e\nrules: hellenes\nscenario: hellenes-431\nplayers:\n  athens:\n    name: Περικλῆς\n    email: {athens}\n    language: en\n  sparta:\n    name: Архидам\n    email: {sparta}\n    language: ru\nmoderator: moderator.{tag}@example.org\nmail:\n  server: 127.0.0.1\n  port: {}\n  security: none\n  from: \"Dikast <{judge}>\"\ndeadline_every: 72h\nremind_before: 24h\nlate: accept\nwhen_all_in: adjudicate\nmaildir: {}\n",
            e.port,
            e.root.join(format!("dikast.{tag}")).display()
        ),
    )
    .unwrap();
    fs::create_dir_all(e.root.join(format!("dikast.{tag}/new"))).unwrap();

    // Turn 1: each player gets his call for orders, once.
    let t0 = "2026-03-01T12:00:00Z";
    let out = ok(dikast(&["tick", d, "--clock", t0]));
    assert!(out.contains("called athens for turn 1"), "{out}");
    assert!(out.contains("called sparta for turn 1"), "{out}");
    assert_eq!(
        ok(dikast(&["tick", d, "--clock", t0])),
        "",
        "a second tick does nothing"
    );
    let ta = template(&e, &format!("athens.{tag}"), "athens", 1);
    let ts = template(&e, &format!("sparta.{tag}"), "sparta", 1);
    let (tok_a, tok_s) = (token_of(&ta), token_of(&ts));
    assert_ne!(tok_a, tok_s);

    // The bad messages first, then the good ones.
    send(
        &e,
        &eve,
        &judge,
        &attachment_message(&eve, &judge, "orders", "athens.yaml", ta.as_bytes()),
    );
    let wrong_token = ta.replace(&tok_a, "00000000000000000000");
    send(
        &e,
        &athens,
        &judge,
        &attachment_message(
            &athens,
            &judge,
            "orders",
            "athens.yaml",
            wrong_token.as_bytes(),
        ),
    );
    let wrong_turn = ta.replace("\nturn: 1\n", "\nturn: 7\n");
    send(
        &e,
        &athens,
        &judge,
        &attachment_message(
            &athens,
            &judge,
            "orders",
            "athens.yaml",
            wrong_turn.as_bytes(),
        ),
    );
    let wrong_game = ta.replace("game: g-e2e", "game: another-game");
    send(
        &e,
        &athens,
        &judge,
        &body_message(&athens, &judge, "orders", &wrong_game),
    );
    send(
        &e,
        &athens,
        &judge,
        &body_message(&athens, &judge, "hello", "Hello, when do we start?\n"),
    );
    send(&e, &athens, &judge, &html_message(&athens, &judge, &ta));
    send(
        &e,
        &athens,
        &judge,
        &attachment_message(&athens, &judge, "orders", "athens.yaml", ta.as_bytes()),
    );
    send(
        &e,
        &sparta,
        &judge,
        &body_message(
            &sparta,
            &judge,
            "приказы",
            &format!("Вот мои приказы.\n\n{ts}\n-- \nАрхидам\n"),
        ),
    );

    let out = ok(dikast(&["tick", d, "--clock", "2026-03-01T13:00:00Z"]));
    assert_eq!(
        out.lines().filter(|l| l.starts_with("refused")).count(),
        6,
        "{out}"
    );
    assert!(
        out.contains("accepted orders of athens for turn 1"),
        "{out}"
    );
    assert!(
        out.contains("accepted orders of sparta for turn 1"),
        "{out}"
    );
    assert!(
        out.contains("turn 1 adjudicated (every side's orders are in)"),
        "{out}"
    );
    assert!(out.contains("called athens for turn 2"), "{out}");
    // What was stored: exactly the accepted orders.
    // Stored as sent, but for the `token:` line (the archive never holds a token).
    assert_eq!(
        fs::read_to_string(dir.join("turns/0001/orders/athens.yaml")).unwrap(),
        no_token(&ta)
    );
    assert_ne!(no_token(&ta), ta);
    let stored_s = fs::read_to_string(dir.join("turns/0001/orders/sparta.yaml")).unwrap();
    assert!(
        stored_s.starts_with("game: g-e2e") && !stored_s.contains("Архидам\n"),
        "{stored_s}"
    );
    let names: Vec<String> = fs::read_dir(dir.join("turns/0001/orders"))
        .unwrap()
        .flatten()
        .map(|x| x.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(dir.join("turns/0002/game.yaml").exists());
    // The answers, each to the right mailbox, each saying why.
    let ma = mailbox(&e, &format!("athens.{tag}"));
    let refused: Vec<&Got> = ma
        .iter()
        .filter(|m| m.subject.contains("orders refused"))
        .collect();
    assert_eq!(
        refused.len(),
        5,
        "{:#?}",
        ma.iter().map(|m| &m.subject).collect::<Vec<_>>()
    );
    let bodies: String = refused.iter().map(|m| m.body.clone()).collect();
    for why in [
        "turn token (`token:`) is wrong",
        // Orders for a later turn than the game awaits (hardening's wording: the view
        // they are checked against is older than the orders).
        "orders::stale-view",
        "wrong-game",
        "holds no orders",
        "only an HTML body",
    ] {
        assert!(bodies.contains(why), "no answer says {why}:\n{bodies}");
    }
    assert_eq!(count(&ma, "orders accepted"), 1);
    assert_eq!(count(&ma, "report for"), 1);
    // No backscatter: the forged sender gets nothing (an answer to a `From:` anyone can
    // write would mail a stranger); the moderator is told instead.
    let me = mailbox(&e, &format!("eve.{tag}"));
    assert!(
        me.is_empty(),
        "eve was answered: {:#?}",
        me.iter().map(|m| &m.subject).collect::<Vec<_>>()
    );
    let mm = mailbox(&e, &format!("moderator.{tag}"));
    let told: Vec<&Got> = mm
        .iter()
        .filter(|m| m.subject.contains("unknown sender was refused"))
        .collect();
    assert_eq!(
        told.len(),
        1,
        "{:#?}",
        mm.iter().map(|m| &m.subject).collect::<Vec<_>>()
    );
    assert!(
        told[0].body.contains(&eve) && told[0].body.contains("not answered"),
        "{}",
        told[0].body
    );
    assert!(
        !told[0].body.contains(&tok_a),
        "the notice quotes nothing of the message"
    );
    // Sparta's player reads Russian (`language: ru`): his answer, his call for orders, its
    // step and its template's comments are in Russian; Athens's stay English (above).
    let ms = mailbox(&e, &format!("sparta.{tag}"));
    assert_eq!(count(&ms, "orders accepted"), 0);
    assert_eq!(count(&ms, "приказы приняты"), 1);
    let accepted = ms
        .iter()
        .find(|m| m.subject.contains("приказы приняты"))
        .unwrap();
    assert!(
        accepted
            .body
            .contains("ПРИНЯТЫ как приказы стороны «Спарта»")
            && !accepted.body.contains("ACCEPTED"),
        "{}",
        accepted.body
    );
    let call = ms
        .iter()
        .find(|m| m.subject.contains("Ход 1: ваши приказы, шаблон и код хода"))
        .expect("a call for orders in Russian");
    let game: serde_yaml::Value =
        serde_yaml::from_slice(&fs::read(dir.join("turns/0001/game.yaml")).unwrap()).unwrap();
    let step_en = game["step"]
        .as_str()
        .expect("the game file's step")
        .to_string();
    assert!(
        call.body.contains("Игра g-e2e, ход 1: ")
            && !call.body.contains(&step_en)
            && call
                .body
                .contains("Ответьте на это письмо своими приказами")
            && call.body.contains("# ваш код хода для приказов по почте")
            && !call.body.contains("Reply to this message"),
        "{}",
        call.body
    );
    let ca = ma
        .iter()
        .find(|m| {
            m.subject
                .contains("Turn 1: your orders, template and turn token")
        })
        .expect("a call for orders in English");
    assert!(
        ca.body
            .contains(&format!("Game g-e2e, turn 1 awaits: {step_en}."))
            && ca.body.contains("# your turn token for orders by mail"),
        "{}",
        ca.body
    );

    // Turn 2: Athens's orders come as an attachment with a BOM and CRLF line ends.
    let ta2 = template(&e, &format!("athens.{tag}"), "athens", 2);
    let crlf = format!("\u{feff}{}", ta2.replace('\n', "\r\n"));
    send(
        &e,
        &athens,
        &judge,
        &attachment_message(&athens, &judge, "turn 2", "athens.yaml", crlf.as_bytes()),
    );
    // Orders for the turn already past are refused by name.
    send(
        &e,
        &athens,
        &judge,
        &attachment_message(&athens, &judge, "old", "athens.yaml", ta.as_bytes()),
    );
    let out = ok(dikast(&["tick", d, "--clock", "2026-03-01T14:00:00Z"]));
    assert!(
        out.contains("accepted orders of athens for turn 2"),
        "{out}"
    );
    assert!(out.contains("refused"), "{out}");
    assert!(
        !out.contains("adjudicated"),
        "not due: sparta owes orders\n{out}"
    );
    assert_eq!(
        fs::read_to_string(dir.join("turns/0002/orders/athens.yaml")).unwrap(),
        no_token(&crlf),
        "BOM and CRLF kept, the token line gone"
    );
    // Early adjudication is refused, naming who owes orders and the deadline.
    let early = dikast(&["adjudicate", d, "--clock", "2026-03-01T15:00:00Z"]);
    assert_eq!(early.status.code(), Some(1), "{}", text(&early));
    let err = String::from_utf8_lossy(&early.stderr);
    assert!(err.contains("sparta (Архидам) owes orders"), "{err}");
    assert!(err.contains("2026-03-04T13:00:00Z"), "{err}");
    assert!(!dir.join("turns/0003").exists());
    // A reminder, once, within a day of the deadline.
    let out = ok(dikast(&["tick", d, "--clock", "2026-03-04T01:00:00Z"]));
    assert!(out.contains("reminded sparta"), "{out}");
    assert!(!out.contains("reminded athens"), "{out}");
    assert_eq!(
        ok(dikast(&["tick", d, "--clock", "2026-03-04T02:00:00Z"])),
        ""
    );
    // Sparta's orders arrive after the deadline: accepted, marked late; the turn is due.
    let ts2 = template(&e, &format!("sparta.{tag}"), "sparta", 2);
    send(
        &e,
        &sparta,
        &judge,
        &attachment_message(&sparta, &judge, "поздно", "sparta.yaml", ts2.as_bytes()),
    );
    let out = ok(dikast(&["tick", d, "--clock", "2026-03-04T14:00:00Z"]));
    assert!(
        out.contains("accepted late orders of sparta for turn 2"),
        "{out}"
    );
    assert!(
        out.contains("turn 2 adjudicated (the deadline 2026-03-04T13:00:00Z has passed)"),
        "{out}"
    );
    let ms = mailbox(&e, &format!("sparta.{tag}"));
    assert!(ms
        .iter()
        .any(|m| m.subject.contains("приказы приняты с опозданием")
            && m.body.contains("ПОСЛЕ срока")));
    assert!(
        ms.iter().any(|m| m.subject.contains("Ход 3")
            && m.body.contains("от Спарта (Архидам) пришли после срока")),
        "the call for turn 3 says Sparta's orders were late"
    );
    // The reports of turn 2 mark them late, with the policy, in each player's language.
    let ma = mailbox(&e, &format!("athens.{tag}"));
    let r2 = ma
        .iter()
        .find(|m| m.subject.contains("Turn 2:") && m.subject.contains("report for"))
        .expect("Athens got the report of turn 2");
    assert!(
        r2.body.contains("The orders of Sparta are **late**: they arrived 2026-03-04 14:00 UTC (by mail), after the deadline 2026-03-04T13:00:00Z; used, as this campaign's policy says (`late: accept`)."),
        "{}",
        r2.body
    );
    let r2 = ms
        .iter()
        .find(|m| m.subject.contains("Ход 2:") && m.subject.contains("отчёт для стороны"))
        .expect("Sparta got the report of turn 2");
    assert!(
        r2.body.contains("**опоздали**") && r2.body.contains("`late: accept`"),
        "{}",
        r2.body
    );
    assert!(fs::read_to_string(dir.join("turns/0002/adjudication.yaml"))
        .unwrap()
        .contains("late_orders:\n- side: sparta"));

    // The moderator moves turn 3's deadline: every player and the moderator get the
    // notice, and what is mailed from then on (a reminder) gives the deadline in force.
    let out = ok(dikast(&[
        "deadline",
        d,
        "--set",
        "+24h",
        "--clock",
        "2026-03-04T14:30:00Z",
    ]));
    assert!(
        out.contains("deadline set to 2026-03-08T14:00:00Z")
            && out.contains("was 2026-03-07T14:00:00Z"),
        "{out}"
    );
    // Each in his language (the moderator's is English: no `moderator_language`).
    for (who, subject, was) in [
        (
            "athens",
            "Turn 3: new deadline 2026-03-08T14:00:00Z",
            "it was 2026-03-07T14:00:00Z",
        ),
        (
            "sparta",
            "Ход 3: новый срок 2026-03-08T14:00:00Z",
            "был 2026-03-07T14:00:00Z",
        ),
        (
            "moderator",
            "Turn 3: new deadline 2026-03-08T14:00:00Z",
            "it was 2026-03-07T14:00:00Z",
        ),
    ] {
        let mb = mailbox(&e, &format!("{who}.{tag}"));
        let n: Vec<&Got> = mb.iter().filter(|m| m.subject.contains(subject)).collect();
        assert_eq!(n.len(), 1, "{who} got the notice once");
        assert!(n[0].body.contains(was), "{}", n[0].body);
    }
    let out = ok(dikast(&["remind", d]));
    assert!(
        out.contains("reminded athens") && out.contains("reminded sparta"),
        "{out}"
    );
    let rem = mailbox(&e, &format!("athens.{tag}"))
        .into_iter()
        .rfind(|m| m.subject.contains("Turn 3: reminder"))
        .expect("Athens was reminded");
    assert!(
        rem.body.contains("Deadline in force: 2026-03-08T14:00:00Z"),
        "{}",
        rem.body
    );

    // Turn 3: both in at once.
    let ta3 = template(&e, &format!("athens.{tag}"), "athens", 3);
    let ts3 = template(&e, &format!("sparta.{tag}"), "sparta", 3);
    send(
        &e,
        &athens,
        &judge,
        &attachment_message(&athens, &judge, "turn 3", "athens.yaml", ta3.as_bytes()),
    );
    send(
        &e,
        &sparta,
        &judge,
        &body_message(&sparta, &judge, "ход 3", &ts3),
    );
    let out = ok(dikast(&["tick", d, "--clock", "2026-03-04T15:00:00Z"]));
    assert!(out.contains("turn 3 adjudicated"), "{out}");
    assert_eq!(
        ok(dikast(&["tick", d, "--clock", "2026-03-04T15:00:00Z"])),
        ""
    );
    ok(dikast(&["verify", d]));

    // Every player's mailbox: his acknowledgements and his three reports, his token only.
    let ma = mailbox(&e, &format!("athens.{tag}"));
    let ms = mailbox(&e, &format!("sparta.{tag}"));
    assert_eq!(count(&ma, "report for"), 3);
    assert_eq!(count(&ms, "отчёт для стороны"), 3);
    assert_eq!(count(&ma, "orders accepted"), 3);
    assert_eq!(count(&ms, "приказы приняты"), 3);
    // Issue 32, "Russian": nothing the Russian player got by mail (calls, reminders,
    // answers, reports) holds a calque the reader flagged, nor a Latin word in its prose
    // (`ru_guard`; YAML, code, ids, map names and addresses aside), nor a map name inside
    // a sentence without its Russian form («в Платеях (Plataea)», Russian 25).
    let mut problems = Vec::new();
    for m in &ms {
        problems.extend(ru_guard::calques(&m.subject, &m.subject));
        problems.extend(ru_guard::calques(&m.subject, &m.body));
        problems.extend(ru_guard::latin(&m.subject, &m.subject, false));
        // A call's template, after its words, is YAML with comments.
        let (words, yaml) = m
            .body
            .split_once("# yaml-language-server")
            .unwrap_or((&m.body, ""));
        problems.extend(ru_guard::latin(&m.subject, words, false));
        problems.extend(ru_guard::latin(&m.subject, yaml, true));
        problems.extend(ru_guard::places(&m.subject, &m.body));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let tokens_a: Vec<String> = (1..=3)
        .map(|t| token_of(&template(&e, &format!("athens.{tag}"), "athens", t)))
        .collect();
    let tokens_s: Vec<String> = (1..=3)
        .map(|t| token_of(&template(&e, &format!("sparta.{tag}"), "sparta", t)))
        .collect();
    let has = |mb: &[Got], tok: &str| {
        mb.iter().any(|m| {
            m.raw.windows(tok.len()).any(|w| w == tok.as_bytes())
                || m.body.contains(tok)
                || m.attachments
                    .iter()
                    .any(|(_, b)| String::from_utf8_lossy(b).contains(tok))
        })
    };
    for t in &tokens_a {
        assert!(!has(&ms, t), "Athens's token {t} reached Sparta");
        assert!(!has(&me, t), "Athens's token {t} reached Eve");
    }
    for t in &tokens_s {
        assert!(!has(&ma, t), "Sparta's token {t} reached Athens");
    }
    // The moderator's reports show the whole position; no player's mail holds it, nor
    // (in body or attachment) a block of the other side by its id.
    let mm = mailbox(&e, &format!("moderator.{tag}"));
    let mod_reports: Vec<&Got> = mm
        .iter()
        .filter(|m| m.subject.contains("moderator's report"))
        .collect();
    assert_eq!(mod_reports.len(), 3);
    assert!(mod_reports
        .iter()
        .all(|m| m.body.contains("## The whole position")
            && m.body.contains("ATH-1 ")
            && m.body.contains("SPA-")));
    for (mb, who, enemy) in [
        (&ma, "athens", "SPA-"),
        (&ms, "sparta", "ATH-"),
        (&me, "eve", "ATH-"),
    ] {
        for needle in ["The whole position", "Всё положение", enemy] {
            assert!(!has(mb, needle), "{who}'s mail holds {needle:?}");
        }
    }
    // The archive (published in the end) holds no token, the orders received included.
    let mut files = Vec::new();
    files_under(&dir.join("turns"), &mut files);
    for f in files
        .iter()
        .filter(|f| !f.components().any(|c| c.as_os_str() == "mail"))
    {
        let b = fs::read(f).unwrap();
        for t in tokens_a.iter().chain(&tokens_s) {
            assert!(
                !b.windows(t.len()).any(|w| w == t.as_bytes()),
                "{} holds a token",
                f.display()
            );
        }
    }
}

/// Over a folder of campaigns: each is ticked, one that cannot be does not stop the
/// others, and every line names its campaign. (No mail settings: nothing is mailed, so
/// this one needs no server.)
#[test]
fn tick_over_a_folder_of_campaigns() {
    let root = std::env::temp_dir().join(format!("dikast-tick-folder-{}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    fs::create_dir_all(&root).unwrap();
    let a = root.join("alpha");
    let ad = a.to_str().unwrap();
    ok(dikast(&["new", ad]));
    for side in ["athens", "sparta"] {
        let t = ok(dikast(&["template", ad, "--side", side]));
        fs::write(a.join(format!("turns/0001/orders/{side}.yaml")), t).unwrap();
    }
    let b = root.join("beta");
    ok(dikast(&["new", b.to_str().unwrap()]));
    fs::write(b.join("campaign.yaml"), "dikast: 1\ngame: beta\nrules: hellenes\nscenario: hellenes-431\nplayers: {}\nlanguage: xx\n").unwrap();
    let o = dikast(&[
        "tick",
        root.to_str().unwrap(),
        "--clock",
        "2026-03-01T12:00:00Z",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("alpha: turn 1 adjudicated (every side's orders are in)"),
        "{err}"
    );
    assert!(
        err.contains("beta: stopped: ") && err.contains("campaign.yaml"),
        "{err}"
    );
    assert!(a.join("turns/0002/game.yaml").exists());
    // Once beta is gone, nothing is left to do anywhere.
    fs::remove_dir_all(&b).unwrap();
    assert_eq!(
        ok(dikast(&[
            "tick",
            root.to_str().unwrap(),
            "--clock",
            "2026-03-01T12:00:00Z"
        ])),
        ""
    );
    let _ = fs::remove_dir_all(&root);
}

/// The exit codes of `tick` (docs/mail.md): 75 while mail waits — the turn is adjudicated
/// all the same, the messages wait in the outbox, and the next tick retries them without
/// adjudicating again. (The server is a closed port: no server needed.)
#[test]
fn tick_exits_75_while_mail_waits_and_retries_it() {
    let root = std::env::temp_dir().join(format!("dikast-tick-75-{}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    let a = root.join("c");
    let ad = a.to_str().unwrap();
    ok(dikast(&["new", ad]));
    for side in ["athens", "sparta"] {
        let t = ok(dikast(&["template", ad, "--side", side]));
        fs::write(a.join(format!("turns/0001/orders/{side}.yaml")), t).unwrap();
    }
    let c = fs::read_to_string(a.join("campaign.yaml")).unwrap();
    let c = c
        .replacen("email: ''", "email: athens@example.org", 1)
        .replacen("email: ''", "email: sparta@example.org", 1);
    fs::write(
        a.join("campaign.yaml"),
        format!("{c}moderator: moderator@example.org\nmail:\n  server: 127.0.0.1\n  port: 9\n  security: none\n  from: judge@example.org\n"),
    )
    .unwrap();
    let o = dikast(&["tick", ad, "--clock", "2026-03-01T12:00:00Z"]);
    assert_eq!(o.status.code(), Some(75), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("turn 1 adjudicated (every side's orders are in)")
            && err.contains("some mail could not be sent"),
        "{err}"
    );
    assert!(a.join("turns/0002/game.yaml").exists());
    assert!(
        fs::read_dir(a.join("turns/0001/mail/outbox"))
            .unwrap()
            .count()
            > 0
    );
    let o = dikast(&["tick", ad, "--clock", "2026-03-01T12:10:00Z"]);
    assert_eq!(o.status.code(), Some(75), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains("adjudicated ("), "{err}");
    assert!(!a.join("turns/0003").exists());
    let _ = fs::remove_dir_all(&root);
}

/// Issue 28.5: one tick at a time on a campaign. While another process holds the
/// campaign's tick lock a tick sends nothing and says it skipped; ticks started together
/// (cron overlapping a slow run, or the moderator's own) send each call for orders once.
#[test]
fn overlapping_ticks_send_nothing_twice() {
    let e = env();
    let tag = "overlap";
    let dir = e.work.join("tick-overlap");
    let _ = fs::remove_dir_all(&dir);
    for b in ["athens", "sparta", "moderator", "dikast"] {
        let _ = fs::remove_dir_all(e.root.join(format!("{b}.{tag}")));
    }
    let d = dir.to_str().unwrap();
    ok(dikast(&["new", d, "--game-id", "g-overlap"]));
    fs::write(
        dir.join("campaign.yaml"),
        format!(
            "dikast: 1\ngame: g-overlap\nrules: hellenes\nscenario: hellenes-431\nplayers:\n  athens:\n    email: athens.{tag}@example.org\n  sparta:\n    email: sparta.{tag}@example.org\nmoderator: moderator.{tag}@example.org\nmail:\n  server: 127.0.0.1\n  port: {}\n  security: none\n  from: \"Dikast <dikast.{tag}@example.org>\"\ndeadline_every: 72h\nremind_before: 24h\nmaildir: {}\n",
            e.port,
            e.root.join(format!("dikast.{tag}")).display()
        ),
    )
    .unwrap();
    fs::create_dir_all(e.root.join(format!("dikast.{tag}/new"))).unwrap();
    let calls = |side: &str| count(&mailbox(&e, &format!("{side}.{tag}")), "Turn 1: ");
    let t0 = "2026-03-01T12:00:00Z";

    // Another tick holds the lock (this test stands in for it): nothing is sent.
    let lock = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(dir.join(".dikast/tick.lock"))
        .unwrap();
    // SAFETY: flock on a descriptor open until `lock` drops.
    let held = unsafe {
        libc::flock(
            std::os::fd::AsRawFd::as_raw_fd(&lock),
            libc::LOCK_EX | libc::LOCK_NB,
        )
    };
    assert_eq!(held, 0, "the test takes the lock");
    let out = ok(dikast(&["tick", d, "--clock", t0]));
    assert_eq!(
        out, "skipped: another tick is running on this campaign\n",
        "a tick that finds the lock held does nothing"
    );
    assert_eq!((calls("athens"), calls("sparta")), (0, 0));
    drop(lock);

    // Four ticks at once: every call for orders goes once, by whichever tick got the lock.
    let runs: Vec<_> = (0..4)
        .map(|_| {
            Command::new(env!("CARGO_BIN_EXE_dikast"))
                .args(["tick", d, "--clock", t0])
                .env_remove("DIKAST_SMTP_PASSWORD")
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("dikast runs")
        })
        .collect();
    let mut said = String::new();
    for r in runs {
        said.push_str(&ok(r.wait_with_output().unwrap()));
    }
    for side in ["athens", "sparta"] {
        assert_eq!(
            said.matches(&format!("called {side} for turn 1")).count(),
            1,
            "{said}"
        );
    }
    assert_eq!(
        ok(dikast(&["tick", d, "--clock", t0])),
        "",
        "nothing is left to do"
    );
    assert_eq!(
        (calls("athens"), calls("sparta")),
        (1, 1),
        "each player is called for turn 1 exactly once"
    );
    let _ = fs::remove_dir_all(&dir);
}
