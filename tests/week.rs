//! A week by e-mail without surprises (issue 32, points 1–12): a Hellenes campaign runs
//! by mail through the real SMTP server and Maildirs `./scripts/test` starts, as a new
//! moderator and his players would meet it: a Maildir not made yet, the first deadline
//! from `deadline_every`, orders pasted above a quoted reply, orders that are not YAML,
//! a player turn that waits only for the side to act, an undo with its correction
//! notices in each reader's language, the skeleton of every mail carrying the turn token,
//! a player's saved attachments verified as one folder, `adjudicate --now --mail` calling
//! for the next orders, one `--clock` for every command, and RFC 3834's
//! `Auto-Submitted` values.
//!
//! This test needs the server: without the DIKAST_TEST_* variables it fails (never
//! skips), telling to run `./scripts/test`.

use std::fs;
use std::path::{Path, PathBuf};

mod bymail;
mod cli;
use bymail::*;

/// The skeleton of `turn` dikast last mailed a player (any mail: the call for orders or
/// the report), by its attachment `orders-<side>.yaml`.
fn skeleton(e: &Env, local: &str, side: &str, turn: u32) -> String {
    mailbox(e, local)
        .iter()
        .rev()
        .flat_map(|m| m.attachments.iter())
        .filter(|(n, _)| n == &format!("orders-{side}.yaml"))
        .map(|(_, b)| String::from_utf8(b.clone()).unwrap())
        .find(|t| t.contains(&format!("\nturn: {turn}\n")))
        .unwrap_or_else(|| panic!("{local} got no skeleton of turn {turn}"))
}

fn raw_text(m: &Got) -> String {
    String::from_utf8_lossy(&m.raw).into_owned()
}

/// The sides a turn's game file awaits.
fn awaiting(dir: &Path, turn: u32) -> Vec<String> {
    let g: serde_yaml::Value =
        serde_yaml::from_slice(&fs::read(dir.join(format!("turns/{turn:04}/game.yaml"))).unwrap())
            .unwrap();
    g["awaiting"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

/// Every attachment of a player's mail saved into one folder, as a mail program saves
/// them: a name met again with other bytes gets ` (2)`, ` (3)`… before its extension.
fn save_attachments(mb: &[Got], folder: &Path) -> Vec<String> {
    let _ = fs::remove_dir_all(folder);
    fs::create_dir_all(folder).unwrap();
    let mut names = Vec::new();
    for m in mb {
        for (n, b) in &m.attachments {
            let (stem, ext) = n.rsplit_once('.').unwrap_or((n, ""));
            let mut k = 1;
            loop {
                let name = if k == 1 {
                    n.clone()
                } else {
                    format!("{stem} ({k}).{ext}")
                };
                let p = folder.join(&name);
                match fs::read(&p) {
                    Ok(old) if &old == b => break,
                    Ok(_) => k += 1,
                    Err(_) => {
                        fs::write(&p, b).unwrap();
                        names.push(name);
                        break;
                    }
                }
            }
        }
    }
    names
}

fn campaign_yaml(e: &Env, tag: &str, game: &str, extra: &str) -> String {
    format!(
        "dikast: 1\ngame: {game}\nrules: hellenes\nscenario: hellenes-431\nplayers:\n  athens:\n    name: Pericles\n    email: athens.{tag}@example.org\n    language: en\n  sparta:\n    name: Архидам\n    email: sparta.{tag}@example.org\n    language: ru\nmoderator: moderator.{tag}@example.org\nmail:\n  server: 127.0.0.1\n  port: {}\n  security: none\n  from: \"Dikast <dikast.{tag}@example.org>\"\n{extra}",
        e.port
    )
}

fn fresh(e: &Env, tag: &str) -> PathBuf {
    let dir = e.work.join(format!("week-{tag}"));
    let _ = fs::remove_dir_all(&dir);
    for b in ["athens", "sparta", "moderator", "dikast"] {
        let _ = fs::remove_dir_all(e.root.join(format!("{b}.{tag}")));
    }
    dir
}

#[test]
fn a_week_by_mail_without_surprises() {
    let e = env();
    let tag = "week";
    let dir = fresh(&e, tag);
    let d = dir.to_str().unwrap();
    ok(dikast(&["new", d, "--game-id", "g-week"]));
    let athens = format!("athens.{tag}@example.org");
    let sparta = format!("sparta.{tag}@example.org");
    let judge = format!("dikast.{tag}@example.org");
    let maildir = e.root.join(format!("dikast.{tag}"));
    fs::write(
        dir.join("campaign.yaml"),
        campaign_yaml(
            &e,
            tag,
            "g-week",
            &format!(
                "deadline_every: 72h\nremind_before: 24h\nlate: accept\nwhen_all_in: adjudicate\nmaildir: {}\n",
                maildir.display()
            ),
        ),
    )
    .unwrap();

    // 2. The Maildir does not exist yet (no mail has come): tick makes it and goes on.
    // 9. Turn 1 gets its deadline from `deadline_every`, on a whole minute.
    assert!(!maildir.exists());
    let out = ok(dikast(&["tick", d, "--clock", "2026-03-01T12:00:07Z"]));
    assert!(out.contains("made the Maildir"), "{out}");
    for sub in ["cur", "new", "tmp"] {
        assert!(maildir.join(sub).is_dir(), "{sub}/ made\n{out}");
    }
    assert!(
        out.contains("turn 1: deadline set to 2026-03-04T12:01:00Z (deadline_every)"),
        "{out}"
    );
    assert!(out.contains("called athens for turn 1"), "{out}");
    assert!(out.contains("called sparta for turn 1"), "{out}");
    assert_eq!(
        ok(dikast(&["tick", d, "--clock", "2026-03-01T12:05:00Z"])),
        ""
    );
    let ma = mailbox(&e, &format!("athens.{tag}"));
    assert_eq!(ma.len(), 1, "one call");
    // 12. A call answers nothing: `auto-generated`.
    assert!(
        raw_text(&ma[0]).contains("Auto-Submitted: auto-generated"),
        "{}",
        raw_text(&ma[0])
    );
    assert!(
        ma[0].body.contains("2026-03-04T12:01:00Z"),
        "{}",
        ma[0].body
    );
    let ta = skeleton(&e, &format!("athens.{tag}"), "athens", 1);
    let ts = skeleton(&e, &format!("sparta.{tag}"), "sparta", 1);

    // 6. Athens pastes his orders above the quote of the call, with a signature that has
    // no `-- ` line; Sparta's orders are not YAML (a quote left open).
    let pasted = format!(
        "{ta}\nBest regards,\nPericles\n\nOn Sun, 1 Mar 2026 at 12:00, Dikast <{judge}> wrote:\n> Game g-week, turn 1 awaits: setup.\n>\n> game: g-week\n> turn: 1\n"
    );
    send(
        &e,
        &athens,
        &judge,
        &body_message(&athens, &judge, "Re: [g-week] Turn 1: your orders", &pasted),
    );
    let broken = ts.replacen("entropy: \"\"", "entropy: \"open quote", 1);
    assert_ne!(broken, ts);
    // 11. A reply to an answer that was itself a reply.
    send(
        &e,
        &sparta,
        &judge,
        &body_message(
            &sparta,
            &judge,
            "Re: Re: [g-week] Ход 1 — приказы отклонены — приказы отклонены",
            &broken,
        ),
    );
    let out = ok(dikast(&["tick", d, "--clock", "2026-03-01T12:30:00Z"]));
    assert!(
        out.contains("accepted orders of athens for turn 1"),
        "{out}"
    );
    let stored = fs::read_to_string(dir.join("turns/0001/orders/athens.yaml")).unwrap();
    // From the `game:` line (a pasted body starts there) to the end of the skeleton.
    let from_game = no_token(&ta[ta.find("\ngame:").unwrap() + 1..]);
    assert!(stored.starts_with(&from_game), "{stored}");
    assert!(
        !stored.contains("Best regards") && !stored.contains("wrote:") && !stored.contains('>'),
        "{stored}"
    );
    let ms = mailbox(&e, &format!("sparta.{tag}"));
    let refused = ms
        .iter()
        .find(|m| m.subject.contains("приказы отклонены"))
        .expect("Sparta is answered");
    // 11. Our own subject, naming the turn awaited, once.
    assert_eq!(refused.subject, "[g-week] Ход 1: приказы отклонены");
    // 6. The real cause, at its place; not "not for this game".
    assert!(
        refused.body.contains("в приказах ошибка YAML")
            && refused.body.contains("message body:")
            && !refused.body.contains("не для игры"),
        "{}",
        refused.body
    );
    // 12. An answer to a message: `auto-replied`.
    assert!(raw_text(refused).contains("Auto-Submitted: auto-replied"));
    let ma = mailbox(&e, &format!("athens.{tag}"));
    let acc = ma
        .iter()
        .find(|m| m.subject.contains("orders accepted"))
        .unwrap();
    assert_eq!(acc.subject, "[g-week] Turn 1: orders accepted");
    assert!(raw_text(acc).contains("Auto-Submitted: auto-replied"));

    // Sparta sends good orders: the turn is adjudicated and its reports mailed.
    send(
        &e,
        &sparta,
        &judge,
        &attachment_message(&sparta, &judge, "приказы", "sparta.yaml", ts.as_bytes()),
    );
    let out = ok(dikast(&["tick", d, "--clock", "2026-03-01T13:00:00Z"]));
    assert!(out.contains("turn 1 adjudicated"), "{out}");
    let ma = mailbox(&e, &format!("athens.{tag}"));
    let report = ma
        .iter()
        .find(|m| m.subject.contains("Turn 1:") && m.subject.contains("report for"))
        .expect("the report of turn 1");
    // 5. The report's skeleton is the call's: same name, same bytes, the token in it;
    // none is named like the orders (`athens.yaml`).
    let names: Vec<&str> = report.attachments.iter().map(|(n, _)| n.as_str()).collect();
    assert!(!names.contains(&"athens.yaml"), "{names:?}");
    let in_report = report
        .attachments
        .iter()
        .find(|(n, _)| n == "orders-athens.yaml")
        .map(|(_, b)| String::from_utf8(b.clone()).unwrap())
        .expect("the skeleton is attached to the report");
    let call2 = ma
        .iter()
        .find(|m| !m.subject.contains("report for") && m.subject.contains("Turn 2"))
        .expect("the call for turn 2");
    let in_call = call2
        .attachments
        .iter()
        .find(|(n, _)| n == "orders-athens.yaml")
        .map(|(_, b)| String::from_utf8(b.clone()).unwrap())
        .unwrap();
    assert_eq!(in_report, in_call);
    assert!(!token_of(&in_report).is_empty());
    assert!(raw_text(report).contains("Auto-Submitted: auto-generated"));
    // 10. Under `late: accept` the report says late orders are still taken.
    assert!(
        report
            .body
            .contains("still taken until the turn is adjudicated, marked late (`late: accept`)")
            && !report.body.contains("may be adjudicated as no orders"),
        "{}",
        report.body
    );

    // The turns both sides owe (New Year, initiative): both send the skeleton the
    // report mailed them (it carries the token), its example card play taken (16: it is
    // a comment, never a live order), until the first player turn.
    let mut p = 2;
    while awaiting(&dir, p).len() == 2 {
        for (who, addr) in [("athens", &athens), ("sparta", &sparta)] {
            let t = cli::choose(&skeleton(&e, &format!("{who}.{tag}"), who, p));
            send(
                &e,
                addr,
                &judge,
                &attachment_message(
                    addr,
                    &judge,
                    "orders",
                    &format!("orders-{who}.yaml"),
                    t.as_bytes(),
                ),
            );
        }
        let out = ok(dikast(&[
            "tick",
            d,
            "--clock",
            &format!("2026-03-01T13:{:02}:00Z", p * 5),
        ]));
        assert!(out.contains(&format!("turn {p} adjudicated")), "{out}");
        p += 1;
        assert!(p < 8, "no player turn came");
    }

    // 1. A player turn: only the side to act owes orders.
    let acting = awaiting(&dir, p);
    assert_eq!(
        acting.len(),
        1,
        "a player turn awaits the side to act: {acting:?}"
    );
    let acting = acting[0].clone();
    let idle = if acting == "athens" {
        "sparta"
    } else {
        "athens"
    };
    let st = ok(dikast(&["status", d, "--clock", "2026-03-01T14:30:00Z"]));
    assert!(
        st.lines()
            .any(|l| l.starts_with(&format!("- {idle} ")) && l.contains("not awaited")),
        "{st}"
    );
    assert!(st.contains("orders: 0 in, 0 late, 1 missing"), "{st}");
    let addr = if acting == "athens" { &athens } else { &sparta };
    let t3 = skeleton(&e, &format!("{acting}.{tag}"), &acting, p);
    send(
        &e,
        addr,
        &judge,
        &attachment_message(
            addr,
            &judge,
            "turn 3",
            &format!("{acting}.yaml"),
            t3.as_bytes(),
        ),
    );
    // `when_all_in: adjudicate` fires without the idle side's orders.
    let out = ok(dikast(&["tick", d, "--clock", "2026-03-01T15:00:00Z"]));
    assert!(
        out.contains(&format!(
            "turn {p} adjudicated (every side's orders are in)"
        )),
        "{out}"
    );

    // 3. The moderator takes turn 3 back after its mail went out: each reader is told in
    // his language, and only a side with orders on file is told they stand.
    let out = ok(dikast(&[
        "undo",
        d,
        "--force",
        "--clock",
        "2026-03-01T15:30:00Z",
    ]));
    assert!(out.contains("the archive verifies"), "{out}");
    let notice = |who: &str, needle: &str| {
        mailbox(&e, &format!("{who}.{tag}"))
            .into_iter()
            .find(|m| m.subject.contains(needle))
            .unwrap_or_else(|| panic!("{who} got no correction"))
    };
    let na = notice("athens", "adjudication taken back");
    let ns = notice("sparta", "обсчёт хода отменён");
    let nm = notice("moderator", "adjudication taken back");
    assert!(raw_text(&na).contains("Auto-Submitted: auto-generated"));
    assert!(
        ns.body
            .contains(&format!("ведущий отменил обсчёт хода {p}"))
            && !ns.body.contains("Correction for"),
        "{}",
        ns.body
    );
    let (n_acting, n_idle) = if acting == "athens" {
        (&na, &ns)
    } else {
        (&ns, &na)
    };
    assert!(
        n_acting
            .body
            .contains(&format!("Orders you sent for turn {p} stand"))
            || n_acting.body.contains(&format!(
                "Присланные вами приказы на ход {p} остаются в силе"
            )),
        "{}",
        n_acting.body
    );
    assert!(
        !n_idle.body.contains("stand") && !n_idle.body.contains("остаются в силе"),
        "{}",
        n_idle.body
    );
    assert!(
        n_idle
            .body
            .contains(&format!("No orders of yours for turn {p}"))
            || n_idle
                .body
                .contains(&format!("Ваших приказов на ход {p} нет")),
        "{}",
        n_idle.body
    );
    assert!(
        !nm.body.contains("Orders you sent")
            && nm
                .body
                .contains(&format!("Orders on file for turn {p}: {acting} ("))
            && nm
                .body
                .contains(&format!("No orders on file from: {idle} (")),
        "{}",
        nm.body
    );
    // Redone by the next tick (the acting side's orders stand).
    let out = ok(dikast(&["tick", d, "--clock", "2026-03-01T16:00:00Z"]));
    assert!(out.contains(&format!("turn {p} adjudicated")), "{out}");

    // 4. Each player saves every attachment he got into one folder: it verifies, the
    // skeletons and what the undo voided named, the undo too.
    for who in ["athens", "sparta"] {
        let folder = e.work.join(format!("week-{tag}-{who}-folder"));
        let saved = save_attachments(&mailbox(&e, &format!("{who}.{tag}")), &folder);
        assert!(
            saved.iter().any(|n| n == &format!("{who}.yaml"))
                && saved.iter().any(|n| n == &format!("orders-{who}.yaml")),
            "{saved:?}"
        );
        let o = dikast(&["verify", "--player", folder.to_str().unwrap()]);
        let v = ok(o);
        assert!(
            v.contains("undo:") && v.contains("voided by the undo"),
            "{v}"
        );
        // Athens pasted his turn 1 orders into the body: the skeleton saved beside what
        // the acceptance attached is not what was adjudicated, and is named.
        if who == "athens" {
            assert!(
                v.contains(
                    "orders-athens.yaml: athens's orders file of turn 1, not the one adjudicated"
                ),
                "{v}"
            );
        }
        assert!(v.contains("verified"), "{v}");
    }

    // 8. `adjudicate --now --mail` sends the next turn's calls too (once: a tick after it
    // sends none again); 7. `remind` takes `--clock` as the others do.
    let out = ok(dikast(&["remind", d, "--clock", "2026-03-02T16:00:00Z"]));
    assert!(out.contains("before the deadline"), "{out}");
    let out = ok(dikast(&[
        "adjudicate",
        d,
        "--now",
        "--mail",
        "--allow-no-orders",
        "--clock",
        "2026-03-02T17:00:00Z",
    ]));
    assert!(
        out.contains(&format!("turn {} adjudicated", p + 1)),
        "{out}"
    );
    assert!(
        out.contains(&format!("called athens for turn {}", p + 2))
            && out.contains(&format!("called sparta for turn {}", p + 2)),
        "{out}"
    );
    let again = ok(dikast(&["tick", d, "--clock", "2026-03-02T17:05:00Z"]));
    assert!(!again.contains("called"), "{again}");
    ok(dikast(&["verify", d]));
}

/// Point 9: the first deadline set by hand replaces none, and the notice does not say
/// it does; `+48h` gives a whole minute.
#[test]
fn the_first_deadline_replaces_nothing() {
    let e = env();
    let tag = "week-dl";
    let dir = fresh(&e, tag);
    let d = dir.to_str().unwrap();
    ok(dikast(&["new", d, "--game-id", "g-week-dl"]));
    fs::write(
        dir.join("campaign.yaml"),
        campaign_yaml(&e, tag, "g-week-dl", ""),
    )
    .unwrap();
    let out = ok(dikast(&[
        "deadline",
        d,
        "--set",
        "+48h",
        "--clock",
        "2026-03-01T12:00:30Z",
    ]));
    assert!(
        out.contains("deadline set to 2026-03-03T12:01:00Z"),
        "{out}"
    );
    assert!(!out.contains(", was"), "{out}");
    let ma = mailbox(&e, &format!("athens.{tag}"));
    assert_eq!(ma.len(), 1);
    assert!(
        ma[0]
            .body
            .contains("the deadline for orders is 2026-03-03T12:01:00Z")
            && !ma[0].body.contains("replaced"),
        "{}",
        ma[0].body
    );
    assert!(raw_text(&ma[0]).contains("Auto-Submitted: auto-generated"));
    // A second one replaces the first, and says so.
    ok(dikast(&[
        "deadline",
        d,
        "--set",
        "+24h",
        "--clock",
        "2026-03-01T12:10:00Z",
    ]));
    let ma = mailbox(&e, &format!("athens.{tag}"));
    let last = ma
        .iter()
        .find(|m| m.subject.contains("2026-03-04T12:01:00Z"))
        .unwrap();
    assert!(
        last.body.contains("it was 2026-03-03T12:01:00Z") && last.body.contains("replaced"),
        "{}",
        last.body
    );
    // 7. `status` takes `--clock` (and its old `--now` still works).
    let a = ok(dikast(&["status", d, "--clock", "2026-03-02T12:00:00Z"]));
    let b = ok(dikast(&["status", d, "--now", "2026-03-02T12:00:00Z"]));
    assert_eq!(a, b);
    assert!(a.contains("in 2 days"), "{a}");
}
