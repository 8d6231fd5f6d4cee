//! Issue 32, "Setup": a moderator sets a campaign up with commands, never editing
//! `campaign.yaml` by hand — `dikast new … --player SIDE="Name <addr>" --lang SIDE=ru …`,
//! `dikast setup DIR …` (each value checked as given, nothing written unless all are
//! good) — and `dikast doctor DIR` says what the campaign still lacks to run itself:
//! addresses, mail settings, the SMTP server answering (the real servers `./scripts/test`
//! starts: STARTTLS with a login; the one delivering into Maildirs), the Maildir, the
//! deadline, and the cron line to install. The end: a campaign set up by commands alone
//! sends its calls for orders on the first `tick`, and takes a player's orders by mail.
//!
//! The tests that need a server fail (never skip) without the DIKAST_TEST_* variables.

mod cli;
mod ru_guard;

use cli::{TempDir, Test};
use std::fs;
use std::path::PathBuf;

fn var(k: &str) -> String {
    match std::env::var(k) {
        Ok(v) if !v.is_empty() => v,
        _ => panic!(
            "{k} is not set: this test needs the local SMTP servers ./scripts/test starts (run ./scripts/test --test setup); this is a failure, never a skip"
        ),
    }
}

#[test]
fn new_takes_players_languages_mail_maildir_and_deadlines_without_editing_yaml() {
    let t = TempDir::new("setup-new");
    let dir = t.join("war");
    let d = dir.to_str().unwrap();
    let md = t.join("maildir");
    let out = Test::new()
        .args([
            "new",
            d,
            "--player",
            "athens=Περικλῆς <pericles@example.org>",
            "--player",
            "sparta=\"Архидам\" <archidamus@example.org>",
            "--lang",
            "sparta=ru",
            "--moderator",
            "Moderator <moderator@example.org>",
            "--smtp",
            "smtp.example.org:2525",
            "--security",
            "starttls",
            "--from",
            "Dikast <dikast@example.org>",
            "--smtp-user",
            "dikast",
            "--password-env",
            "MY_SMTP_PASSWORD",
            "--maildir",
            md.to_str().unwrap(),
            "--deadline-every",
            "72h",
            "--late",
            "refuse",
            "--when-all-in",
            "wait-for-deadline",
        ])
        .stdout_has("player of sparta: Архидам <archidamus@example.org>")
        .stdout_has("language of sparta: ru")
        .run();
    assert!(
        out.stdout.contains("created campaign `war`"),
        "{}",
        out.both()
    );
    let c: serde_yaml::Value =
        serde_yaml::from_slice(&fs::read(dir.join("campaign.yaml")).unwrap()).unwrap();
    let s = |path: &[&str]| {
        let mut v = &c;
        for k in path {
            v = &v[*k];
        }
        v.as_str()
            .map(str::to_string)
            .or(v.as_u64().map(|n| n.to_string()))
    };
    assert_eq!(
        s(&["players", "athens", "name"]).as_deref(),
        Some("Περικλῆς")
    );
    assert_eq!(
        s(&["players", "athens", "email"]).as_deref(),
        Some("pericles@example.org")
    );
    assert_eq!(s(&["players", "athens", "language"]).as_deref(), Some("en"));
    assert_eq!(
        s(&["players", "sparta", "name"]).as_deref(),
        Some("Архидам")
    );
    assert_eq!(s(&["players", "sparta", "language"]).as_deref(), Some("ru"));
    assert_eq!(
        s(&["moderator"]).as_deref(),
        Some("Moderator <moderator@example.org>")
    );
    assert_eq!(s(&["mail", "server"]).as_deref(), Some("smtp.example.org"));
    assert_eq!(s(&["mail", "port"]).as_deref(), Some("2525"));
    assert_eq!(s(&["mail", "user"]).as_deref(), Some("dikast"));
    assert_eq!(
        s(&["mail", "password_env"]).as_deref(),
        Some("MY_SMTP_PASSWORD")
    );
    assert_eq!(s(&["deadline_every"]).as_deref(), Some("72h"));
    assert_eq!(s(&["late"]).as_deref(), Some("refuse"));
    assert_eq!(s(&["when_all_in"]).as_deref(), Some("wait-for-deadline"));
    for sub in ["new", "cur", "tmp"] {
        assert!(md.join(sub).is_dir(), "the Maildir's {sub}/ is made");
    }
    // Every command reads the file it wrote.
    let st = Test::new().args(["status", d]).stdout_has("athens").run();
    // Issue 32.9: `--deadline-every` gives turn 1 its deadline at once, on a whole
    // minute, so that `status` and the first call for orders name it (not the first tick).
    assert!(
        out.stdout.contains("turn 1: deadline 20")
            && out.stdout.contains("deadline-every 72h from now"),
        "{}",
        out.both()
    );
    let dl = fs::read_to_string(dir.join("turns/0001/deadline.yaml")).expect("turn 1's deadline");
    let at = dl
        .lines()
        .find_map(|l| l.strip_prefix("deadline: "))
        .unwrap_or_else(|| panic!("{dl}"));
    assert!(
        at.ends_with(":00Z") && at.len() == 20,
        "a whole minute: {at}"
    );
    assert!(
        st.stdout.contains(&format!("deadline: {at} (")),
        "{}",
        st.both()
    );
    assert!(!st.stdout.contains("none set"), "{}", st.both());

    // `setup` changes one value and leaves the rest.
    Test::new()
        .args(["setup", d, "--lang", "ATHENS=RU", "--late", "accept"])
        .stdout_has("language of athens: ru")
        .run();
    let c2 = fs::read_to_string(dir.join("campaign.yaml")).unwrap();
    assert!(c2.contains("late: accept"), "{c2}");
    assert!(c2.contains("email: pericles@example.org"), "{c2}");
    assert_eq!(c2.matches("language: ru").count(), 2, "{c2}");
    assert!(!c2.contains("password:"), "{c2}");
}

#[test]
fn every_bad_value_is_named_with_its_flag_and_nothing_is_written() {
    let t = TempDir::new("setup-bad");
    let dir = t.join("war");
    let d = dir.to_str().unwrap();
    let o = Test::new()
        .args([
            "new",
            d,
            "--player",
            "athens=Pericles <pericles@>",
            "--player",
            "thebes=x@example.org",
            "--lang",
            "sparta=de",
            "--smtp",
            "smtp.example.org:99999",
            "--security",
            "ssl",
            "--from",
            "Dikast <dikast@example.org>",
            "--deadline-every",
            "3 weeks",
            "--late",
            "maybe",
        ])
        .failure()
        .run();
    for needle in [
        "--player athens",
        "is not an e-mail address",
        "`thebes` is not a side of this campaign; its sides: athens, sparta",
        "--lang sparta=de: `de` is not a language dikast writes; write one of: en, ru",
        "--smtp smtp.example.org:99999: `99999` is not a port",
        "--security ssl: `ssl` is not one of starttls, tls, none",
        "--deadline-every 3 weeks",
        "--late maybe",
        "nothing was written",
    ] {
        assert!(out_has(&o, needle), "{needle}\n{}", o.both());
    }
    assert!(!dir.exists(), "a refused `new` leaves no folder");

    // `setup` on a campaign: the same checks, and the file keeps its bytes.
    Test::new().args(["new", d]).run();
    let before = fs::read(dir.join("campaign.yaml")).unwrap();
    for (args, needle) in [
        (
            vec![
                "--player",
                "sparta=Archidamus <archidamus@example.org>\r\nBcc: x@y.org",
            ],
            "control character",
        ),
        (
            vec!["--smtp-user", "u"],
            "name the server first with --smtp",
        ),
        (
            vec![
                "--smtp",
                "127.0.0.1",
                "--security",
                "none",
                "--smtp-user",
                "u",
                "--from",
                "d@example.org",
            ],
            "would cross the network in clear",
        ),
        (vec!["--maildir", "mail"], "would be archived and published"),
        (
            vec![
                "--smtp",
                "127.0.0.1",
                "--from",
                "d@example.org",
                "--password-file",
                "pw",
            ],
            "--password-file pw: cannot be read",
        ),
        (
            vec![
                "--smtp",
                "127.0.0.1",
                "--password-env",
                "hunter2 is my password",
            ],
            "write the name of an environment variable",
        ),
        (vec!["--remind-before", "soon"], "--remind-before soon"),
        (vec!["--when-all-in", "never"], "--when-all-in never"),
    ] {
        let o = Test::new()
            .args(["setup", d])
            .args(args.clone())
            .failure()
            .run();
        assert!(out_has(&o, needle), "{args:?}: {needle}\n{}", o.both());
        assert_eq!(
            fs::read(dir.join("campaign.yaml")).unwrap(),
            before,
            "{args:?} changed campaign.yaml"
        );
    }
    assert!(!dir.join("mail").exists());
    Test::new()
        .args(["setup", d])
        .failure()
        .stderr_has("give the settings to write")
        .run();
}

fn out_has(o: &cli::Output, needle: &str) -> bool {
    o.both().contains(needle)
}

#[test]
fn doctor_names_what_a_new_campaign_lacks_with_the_command_that_gives_it() {
    let t = TempDir::new("setup-doctor");
    let dir = t.join("war");
    let d = dir.to_str().unwrap();
    Test::new().args(["new", d]).run();
    let o = Test::new().args(["doctor", d, "--offline"]).status(1).run();
    for needle in [
        "LACKING  athens has no address: dikast setup",
        "--player athens=\"Name <address>\"",
        "LACKING  sparta has no address",
        "LACKING  no moderator: dikast setup",
        "LACKING  no mail settings: dikast setup",
        "LACKING  no Maildir",
        "LACKING  no deadlines",
        "tick ",
        "crontab -e",
        "6 things lacking",
    ] {
        assert!(o.stdout.contains(needle), "{needle}\n{}", o.both());
    }
    // Set up, it says what remains: only turn 1's deadline.
    let md = t.join("md");
    Test::new()
        .args([
            "setup",
            d,
            "--player",
            "athens=a@example.org",
            "--player",
            "sparta=s@example.org",
            "--moderator",
            "m@example.org",
            "--smtp",
            "127.0.0.1:25",
            "--security",
            "none",
            "--maildir",
            md.to_str().unwrap(),
            "--deadline-every",
            "72h",
        ])
        .run();
    // Issue 32.9: `--deadline-every` gave turn 1 its deadline: nothing lacks.
    let o = Test::new().args(["doctor", d, "--offline"]).run();
    assert!(
        o.stdout.contains("ok       turn 1: deadline 20"),
        "{}",
        o.both()
    );
    assert!(!o.stdout.contains("LACKING"), "{}", o.both());
    fs::remove_dir(md.join("tmp")).unwrap();
    let o = Test::new().args(["doctor", d, "--offline"]).status(1).run();
    assert!(o.stdout.contains("lacks tmp/"), "{}", o.both());
}

#[test]
fn doctor_tries_the_smtp_server_with_the_login() {
    let port = var("DIKAST_TEST_SMTP_STARTTLS_PORT");
    let ca = var("DIKAST_TEST_SMTP_CA");
    let user = var("DIKAST_TEST_SMTP_USER");
    let password = var("DIKAST_TEST_SMTP_PASSWORD");
    let t = TempDir::new("setup-smtp");
    let dir = t.join("war");
    let d = dir.to_str().unwrap();
    let md = t.join("md");
    Test::new()
        .args([
            "new",
            d,
            "--player",
            "athens=a@example.org",
            "--player",
            "sparta=s@example.org",
            "--moderator",
            "m@example.org",
            "--maildir",
            md.to_str().unwrap(),
            "--deadline-every",
            "72h",
        ])
        .run();
    Test::new().args(["deadline", d, "--set", "+72h"]).run();
    fs::write(dir.join(".dikast/smtp-password"), format!("{password}\n")).unwrap();
    Test::new()
        .args([
            "setup",
            d,
            "--smtp",
            &format!("localhost:{port}"),
            "--security",
            "starttls",
            "--ca-file",
            &ca,
            "--from",
            "Dikast <dikast@example.org>",
            "--smtp-user",
            &user,
            "--password-file",
            ".dikast/smtp-password",
        ])
        .stdout_has("password from the file .dikast/smtp-password")
        .run();
    let o = Test::new().args(["doctor", d]).run();
    assert!(
        o.stdout.contains(&format!(
            "ok       SMTP: localhost:{port} answers (STARTTLS, login accepted)"
        )),
        "{}",
        o.both()
    );
    assert!(
        o.stdout.contains("ready: once the cron line is installed"),
        "{}",
        o.both()
    );
    assert!(
        !o.both().contains(&password),
        "the password is never printed"
    );
    // A wrong password: the server refuses the login, and doctor says so.
    fs::write(dir.join(".dikast/smtp-password"), "wrong\n").unwrap();
    let o = Test::new().args(["doctor", d]).status(1).run();
    assert!(
        o.stdout.contains("LACKING  SMTP server not reachable")
            && o.stdout.contains("login refused"),
        "{}",
        o.both()
    );
}

/// A message as the player's mail program shows it: subject, text, attachments.
type Mail = (String, String, Vec<(String, Vec<u8>)>);

#[test]
fn a_campaign_set_up_by_commands_runs_itself_by_mail() {
    let port = var("DIKAST_TEST_SMTP_MAILDIR_PORT");
    let root = PathBuf::from(var("DIKAST_TEST_MAILDIR_ROOT"));
    let tag = "setup-e2e";
    let t = TempDir::new("setup-e2e");
    let dir = t.join("war");
    let d = dir.to_str().unwrap();
    for b in ["athens", "sparta", "moderator", "dikast"] {
        let _ = fs::remove_dir_all(root.join(format!("{b}.{tag}")));
    }
    let md = root.join(format!("dikast.{tag}"));
    Test::new()
        .args([
            "new",
            d,
            "--game-id",
            "g-setup",
            "--player",
            &format!("athens=Pericles <athens.{tag}@example.org>"),
            "--player",
            &format!("sparta=Архидам <sparta.{tag}@example.org>"),
            "--lang",
            "sparta=ru",
            "--moderator",
            &format!("moderator.{tag}@example.org"),
            "--smtp",
            &format!("127.0.0.1:{port}"),
            "--security",
            "none",
            "--from",
            &format!("Dikast <dikast.{tag}@example.org>"),
            "--maildir",
            md.to_str().unwrap(),
            "--deadline-every",
            "72h",
        ])
        .run();
    Test::new()
        .args([
            "deadline",
            d,
            "--set",
            "2026-03-04T12:00:00Z",
            "--clock",
            "2026-03-01T12:00:00Z",
        ])
        .run();
    let o = Test::new().args(["doctor", d]).run();
    assert!(o.stdout.contains("ready"), "{}", o.both());
    let out = Test::new()
        .args(["tick", d, "--clock", "2026-03-01T12:05:00Z"])
        .run();
    assert!(
        out.stdout.contains("called athens for turn 1"),
        "{}",
        out.both()
    );
    assert!(
        out.stdout.contains("called sparta for turn 1"),
        "{}",
        out.both()
    );
    // Each player's call arrived in his own Maildir, in his language.
    let subjects = |local: &str| -> Vec<String> {
        let mut v = Vec::new();
        for sub in ["new", "cur"] {
            if let Ok(rd) = fs::read_dir(root.join(local).join(sub)) {
                for e in rd.flatten() {
                    let raw = fs::read(e.path()).unwrap();
                    let m = mail_parser::MessageParser::default().parse(&raw).unwrap();
                    v.push(m.subject().unwrap_or("").to_string());
                }
            }
        }
        v
    };
    let a = subjects(&format!("athens.{tag}"));
    assert!(a.iter().any(|s| s.contains("[g-setup] Turn 1")), "{a:?}");
    let s = subjects(&format!("sparta.{tag}"));
    assert!(s.iter().any(|s| s.contains("[g-setup] Ход 1")), "{s:?}");

    // Sparta's player answers with the template he got, pasted into the body; the next
    // tick takes it from the Maildir and answers him, in Russian.
    let mails = |local: &str| -> Vec<Mail> {
        use mail_parser::MimeHeaders;
        let mut v = Vec::new();
        for sub in ["new", "cur"] {
            if let Ok(rd) = fs::read_dir(root.join(local).join(sub)) {
                let mut ps: Vec<_> = rd.flatten().map(|e| e.path()).collect();
                ps.sort();
                for p in ps {
                    let raw = fs::read(p).unwrap();
                    let m = mail_parser::MessageParser::default().parse(&raw).unwrap();
                    v.push((
                        m.subject().unwrap_or("").to_string(),
                        m.body_text(0).map(|b| b.to_string()).unwrap_or_default(),
                        m.attachments()
                            .map(|a| {
                                (
                                    a.attachment_name().unwrap_or("").to_string(),
                                    a.contents().to_vec(),
                                )
                            })
                            .collect(),
                    ));
                }
            }
        }
        v
    };
    // Issue 32.17: the call for orders brings the schema its template names.
    let call = mails(&format!("athens.{tag}"))
        .into_iter()
        .find(|(_, _, a)| a.iter().any(|(n, _)| n == "orders-athens.yaml"))
        .expect("Athens's call for orders");
    let schema = call
        .2
        .iter()
        .find(|(n, _)| n == "orders.schema.json")
        .expect("the call for orders attaches orders.schema.json");
    let schema: serde_json::Value = serde_json::from_slice(&schema.1).expect("JSON");
    assert!(schema["properties"]["entropy"].is_object(), "{schema}");
    let sparta = format!("sparta.{tag}@example.org");
    let judge = format!("dikast.{tag}@example.org");
    let template = mails(&format!("sparta.{tag}"))
        .into_iter()
        .flat_map(|(_, _, a)| a)
        .find(|(n, _)| n == "orders-sparta.yaml")
        .map(|(_, b)| String::from_utf8(b).unwrap())
        .expect("the call for orders carries the template");
    let raw = format!(
        "From: {sparta}\r\nTo: {judge}\r\nSubject: orders\r\nMessage-ID: <setup-s1@example.org>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{}\r\n",
        template.replace('\n', "\r\n")
    );
    use lettre::Transport as _;
    lettre::SmtpTransport::builder_dangerous("127.0.0.1")
        .port(port.parse().unwrap())
        .build()
        .send_raw(
            &lettre::address::Envelope::new(
                Some(sparta.parse().unwrap()),
                vec![judge.parse().unwrap()],
            )
            .unwrap(),
            raw.as_bytes(),
        )
        .expect("the server takes it");
    let out = Test::new()
        .args(["tick", d, "--clock", "2026-03-01T13:00:00Z"])
        .run();
    assert!(
        out.stdout.contains("accepted orders of sparta"),
        "{}",
        out.both()
    );
    // Issue 32, "Russian": what the Russian player got by mail (his call for orders, the
    // answer to his orders) names his side by its Russian name and holds none of the
    // calques the reader flagged, nor a Latin word in its prose (`ru_guard`).
    let got = mails(&format!("sparta.{tag}"));
    assert!(
        got.iter()
            .any(|(_, b, _)| b.contains("ПРИНЯТЫ как приказы стороны «Спарта»")),
        "{got:?}"
    );
    let mut problems = Vec::new();
    // The game id and the player's own subject are his words, not dikast's.
    let own = |t: &str| t.replace("g-setup", "G").replace("Re: orders", "Re:");
    for (subject, body, _) in &got {
        let (subject, body) = (&own(subject), &own(body));
        problems.extend(ru_guard::calques(subject, subject));
        problems.extend(ru_guard::calques(subject, body));
        problems.extend(ru_guard::latin(subject, subject, false));
        // The call's template after its words is YAML with comments.
        let (words, yaml) = body
            .split_once("# yaml-language-server")
            .unwrap_or((body, ""));
        problems.extend(ru_guard::latin(subject, words, false));
        problems.extend(ru_guard::latin(subject, yaml, true));
        problems.extend(ru_guard::places(subject, body));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
