//! Mail through real SMTP servers on 127.0.0.1 (aiosmtpd, started by `scripts/test`):
//! plain, STARTTLS with AUTH, implicit TLS with AUTH, a wrong password, a server that is
//! down and comes back, a refused recipient, `--dry-run`, `adjudicate --mail`, and header
//! injection. What arrived is read back from the servers' spool and parsed by Python's
//! own MIME parser (tests/smtp/mime.py), an implementation independent of lettre.
//!
//! These tests need the servers: without the DIKAST_TEST_* variables they fail (never
//! skip), telling to run `./scripts/test`.

mod cli;

use cli::{dikast_env as dikast, text};
use serde_json::Value;
use std::collections::BTreeSet;
use std::fs;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

/// What `scripts/test` hands the tests.
struct Smtp {
    python: PathBuf,
    dir: PathBuf,
    spool: PathBuf,
    ca: PathBuf,
    cert: PathBuf,
    key: PathBuf,
    user: String,
    password: String,
    plain: u16,
    starttls: u16,
    tls: u16,
    work: PathBuf,
}

fn smtp() -> Smtp {
    let var = |k: &str| {
        match std::env::var(k) {
        Ok(v) if !v.is_empty() => v,
        _ => panic!(
            "{k} is not set: the mail tests need the local SMTP servers that ./scripts/test installs and starts (run ./scripts/test, not cargo test alone){}",
            if std::env::var_os("CI").is_some() {
                "; in CI this is a failure, never a skip"
            } else {
                ""
            }
        ),
    }
    };
    let port = |k: &str| {
        var(k)
            .parse::<u16>()
            .unwrap_or_else(|_| panic!("{k} is not a port"))
    };
    Smtp {
        python: var("DIKAST_TEST_PYTHON").into(),
        dir: var("DIKAST_TEST_SMTP_DIR").into(),
        spool: var("DIKAST_TEST_SMTP_SPOOL").into(),
        ca: var("DIKAST_TEST_SMTP_CA").into(),
        cert: var("DIKAST_TEST_SMTP_CERT").into(),
        key: var("DIKAST_TEST_SMTP_KEY").into(),
        user: var("DIKAST_TEST_SMTP_USER"),
        password: var("DIKAST_TEST_SMTP_PASSWORD"),
        plain: port("DIKAST_TEST_SMTP_PLAIN_PORT"),
        starttls: port("DIKAST_TEST_SMTP_STARTTLS_PORT"),
        tls: port("DIKAST_TEST_SMTP_TLS_PORT"),
        work: var("DIKAST_TEST_WORK").into(),
    }
}

fn assert_exit(o: &Output, code: i32) {
    assert_eq!(o.status.code(), Some(code), "{}", text(o));
}

/// The Greek game id every test campaign uses (with a tag), so subjects, bodies and
/// attachments all carry Greek text; player names are Greek and Cyrillic.
fn game_id(tag: &str) -> String {
    format!("Πελοποννησιακός-{tag}")
}

fn addr(who: &str, tag: &str) -> String {
    format!("{who}.{tag}@example.org")
}

/// A campaign with turn 1 adjudicated (no orders: both sides' defaults).
fn campaign(s: &Smtp, tag: &str, mail: &str) -> PathBuf {
    let dir = s.work.join(tag);
    let _ = fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    assert_exit(&dikast(&["new", d, "--game-id", &game_id(tag)], &[]), 0);
    write_campaign(&dir, tag, &addr("athens", tag), mail);
    assert_exit(&dikast(&["adjudicate", d, "--allow-no-orders"], &[]), 0);
    dir
}

fn write_campaign(dir: &Path, tag: &str, athens: &str, mail: &str) {
    let yaml = format!(
        "dikast: 1\ngame: {game}\nrules: hellenes\nscenario: hellenes-431\nplayers:\n  athens:\n    name: Περικλῆς\n    email: {athens}\n    language: en\n  sparta:\n    name: Архидам Зевксидамович\n    email: {sparta}\n    language: ru\nmoderator: \"Ведущий Пётр <{moderator}>\"\n{mail}",
        game = game_id(tag),
        sparta = addr("sparta", tag),
        moderator = addr("moderator", tag),
    );
    fs::write(dir.join("campaign.yaml"), yaml).unwrap();
}

fn plain_settings(s: &Smtp) -> String {
    format!(
        "mail:\n  server: 127.0.0.1\n  port: {}\n  security: none\n  from: \"Δικαστής <dikast@example.org>\"\n  reply_to: moderator@example.org\n",
        s.plain
    )
}

fn starttls_settings(s: &Smtp, password_env: &str) -> String {
    format!(
        "mail:\n  server: localhost\n  port: {}\n  security: starttls\n  from: \"Δικαστής <dikast@example.org>\"\n  user: {}\n  password_env: {password_env}\n  ca_file: {}\n",
        s.starttls,
        s.user,
        s.ca.display()
    )
}

/// Every message the servers received for this test's addresses: (envelope, .eml path).
fn arrived(s: &Smtp, tag: &str) -> Vec<(Value, PathBuf)> {
    let mut out = Vec::new();
    let Ok(rd) = fs::read_dir(&s.spool) else {
        return out;
    };
    let mut names: Vec<PathBuf> = rd
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    names.sort();
    for p in names {
        let meta: Value = serde_json::from_slice(&fs::read(&p).unwrap()).unwrap();
        let mine = meta["rcpt_tos"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r.as_str().unwrap().contains(&format!(".{tag}@")));
        if mine {
            out.push((meta, p.with_extension("eml")));
        }
    }
    out
}

/// The message that arrived for one recipient (exactly one must have).
fn arrived_for(all: &[(Value, PathBuf)], to: &str) -> (Value, PathBuf) {
    let m: Vec<_> = all
        .iter()
        .filter(|(meta, _)| meta["rcpt_tos"] == serde_json::json!([to]))
        .cloned()
        .collect();
    assert_eq!(m.len(), 1, "messages for {to}: {m:?}");
    m.into_iter().next().unwrap()
}

/// Python's MIME parser's reading of .eml files.
fn mime(s: &Smtp, files: &[&Path]) -> Vec<Value> {
    let o = Command::new(&s.python)
        .arg(s.dir.join("mime.py"))
        .args(files)
        .output()
        .expect("python runs");
    assert!(o.status.success(), "mime.py: {}", text(&o));
    serde_json::from_slice::<Value>(&o.stdout)
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

fn header(m: &Value, name: &str) -> String {
    let v = &m["headers"][name];
    assert_eq!(
        v.as_array().map(|a| a.len()),
        Some(1),
        "header {name} must appear once: {v}"
    );
    v[0].as_str().unwrap().to_string()
}

fn leaves(m: &Value) -> Vec<Value> {
    m["parts"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p.get("multipart").is_none())
        .cloned()
        .collect()
}

fn attachment_names(m: &Value) -> BTreeSet<String> {
    leaves(m)
        .iter()
        .filter(|p| p["disposition"] == "attachment")
        .map(|p| p["filename"].as_str().unwrap().to_string())
        .collect()
}

fn attachment(m: &Value, name: &str) -> Value {
    leaves(m)
        .into_iter()
        .find(|p| p["filename"] == name)
        .unwrap_or_else(|| panic!("no attachment {name}"))
}

fn crlf_to_lf(s: &str) -> String {
    s.replace("\r\n", "\n")
}

fn step_of(dir: &Path, t: u32) -> String {
    let g: serde_yaml::Value =
        serde_yaml::from_slice(&fs::read(dir.join(format!("turns/{t:04}/game.yaml"))).unwrap())
            .unwrap();
    g["step"].as_str().unwrap().to_string()
}

/// The step of turn t's game file in Russian (a Russian reader's subject says it so).
fn step_ru(dir: &Path, t: u32) -> String {
    use dikast::rules::Rules;
    let g: dikast::game::GameFile<dikast::games::hellenes::state::State> =
        serde_yaml::from_slice(&fs::read(dir.join(format!("turns/{t:04}/game.yaml"))).unwrap())
            .unwrap();
    let sc =
        dikast::games::hellenes::Hellenes::load_scenario(dikast::games::hellenes::HELLENES_431)
            .unwrap();
    dikast::games::hellenes::Hellenes::step_in(&sc, &g.state, dikast::lang::Lang::Ru).title
}

fn ledger(dir: &Path, t: u32) -> Value {
    let y: serde_yaml::Value = serde_yaml::from_slice(
        &fs::read(dir.join(format!("turns/{t:04}/mail/ledger.yaml"))).unwrap(),
    )
    .unwrap();
    serde_json::to_value(y).unwrap()
}

fn eml_files(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".eml"))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// Checks what a MIME reader sees in a message of turn 1: structure, headers, decoded
/// Greek and Cyrillic, and that a player's message holds only his own files.
fn check_structure(dir: &Path, m: &Value, key: &str, tag: &str) {
    assert_eq!(m["defects"], serde_json::json!([]), "MIME defects in {key}");
    assert_eq!(m["all_ascii"], true, "{key}: 8-bit bytes in the message");
    assert_eq!(m["lines_crlf_only"], true, "{key}: bare LF");
    assert!(
        m["max_line_length"].as_u64().unwrap() <= 998,
        "{key}: long line"
    );
    assert_eq!(m["content_type"], "multipart/mixed");
    let kinds: Vec<String> = m["parts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            p.get("multipart")
                .or(p.get("content_type"))
                .unwrap()
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(
        &kinds[..4],
        &[
            "multipart/mixed",
            "multipart/alternative",
            "text/plain",
            "text/html"
        ],
        "{key}: {kinds:?}"
    );
    // Raw headers: encoded words only, never the raw UTF-8 or an injected line.
    let raw = m["raw_header_lines"].as_array().unwrap();
    let subject_raw = raw
        .iter()
        .map(|l| l.as_str().unwrap())
        .find(|l| l.starts_with("Subject:"))
        .unwrap();
    assert!(subject_raw.contains("=?utf-8?"), "{subject_raw}");
    assert_eq!(header(m, "from"), "Δικαστής <dikast@example.org>");
    assert!(header(m, "message-id").starts_with("<dikast."));
    header(m, "date");
    let step = step_of(dir, 1);
    let game = game_id(tag);
    let text = leaves(m)[0].clone();
    let html = leaves(m)[1].clone();
    assert_eq!(text["charset"], "utf-8");
    let report = match key {
        "moderator" => fs::read_to_string(dir.join("turns/0001/report.md")).unwrap(),
        // Sparta's player reads Russian (`language: ru`): his report is the Russian one.
        "sparta" => fs::read_to_string(dir.join("turns/0001/report-sparta.ru.md")).unwrap(),
        side => fs::read_to_string(dir.join(format!("turns/0001/report-{side}.md"))).unwrap(),
    };
    assert!(report.contains(&game), "the report names the Greek game id");
    assert_eq!(
        crlf_to_lf(text["text"].as_str().unwrap()),
        report,
        "{key}: body"
    );
    let h = html["text"].as_str().unwrap();
    assert!(h.contains("<h1>") && h.contains(&game), "{key}: html");
    match key {
        "athens" => {
            assert_eq!(
                header(m, "subject"),
                format!("[{game}] Turn 1: {step} — report for Athens")
            );
            assert_eq!(
                header(m, "to"),
                format!("Περικλῆς <{}>", addr("athens", tag))
            );
        }
        "sparta" => {
            assert_eq!(
                header(m, "subject"),
                format!(
                    "[{game}] Ход 1: {} — отчёт для стороны Спарта",
                    step_ru(dir, 1)
                )
            );
            assert_eq!(
                header(m, "to"),
                format!("Архидам Зевксидамович <{}>", addr("sparta", tag))
            );
        }
        _ => {
            assert_eq!(
                header(m, "subject"),
                format!("[{game}] Turn 1: {step} — moderator's report")
            );
            assert_eq!(
                header(m, "to"),
                format!("Ведущий Пётр <{}>", addr("moderator", tag))
            );
        }
    }
    let names = attachment_names(m);
    if key == "moderator" {
        let want: BTreeSet<String> = [
            "report-athens.md",
            "report-sparta.md",
            "report-athens.ru.md",
            "report-sparta.ru.md",
            "report.ru.md",
            "view-athens.yaml",
            "view-sparta.yaml",
            "map-athens.svg",
            "map-sparta.svg",
            "map-athens.png",
            "map-sparta.png",
            "game.yaml",
        ]
        .into_iter()
        .map(String::from)
        .collect();
        assert_eq!(names, want);
        let g = attachment(m, "game.yaml");
        assert_eq!(
            g["text"].as_str().unwrap(),
            fs::read_to_string(dir.join("turns/0002/game.yaml")).unwrap()
        );
    } else {
        // A player gets his own report, view, map (SVG and PNG), the skeleton of his
        // next orders and the schema it names; nothing of the other side's.
        let report = if key == "sparta" {
            format!("report-{key}.ru.md")
        } else {
            format!("report-{key}.md")
        };
        let want: BTreeSet<String> = [
            report.clone(),
            format!("view-{key}.yaml"),
            format!("map-{key}.svg"),
            format!("map-{key}.png"),
            format!("orders-{key}.yaml"),
            "orders.schema.json".to_string(),
        ]
        .into_iter()
        .collect();
        assert_eq!(names, want);
        let r = attachment(m, &report);
        assert_eq!(
            r["text"].as_str().unwrap(),
            fs::read_to_string(dir.join(format!("turns/0001/{report}"))).unwrap(),
            "the attached report is the archived one"
        );
        let t = attachment(m, &format!("orders-{key}.yaml"));
        let t = t["text"].as_str().unwrap();
        // The turn token is in it, as in the call for orders (issue 32.5).
        assert!(
            t.contains("\ntoken: "),
            "the skeleton carries the turn token: {t}"
        );
        assert!(
            t.starts_with("# yaml-language-server: $schema=./orders.schema.json\n"),
            "{t}"
        );
        assert!(
            t.contains("turn: 2\n"),
            "the skeleton is for the next turn: {t}"
        );
        let schema = attachment(m, "orders.schema.json");
        let schema: serde_json::Value =
            serde_json::from_str(schema["text"].as_str().unwrap()).unwrap();
        assert_eq!(
            schema["$schema"],
            "https://json-schema.org/draft/2020-12/schema"
        );
    }
    let side = if key == "moderator" { "athens" } else { key };
    let png = attachment(m, &format!("map-{side}.png"));
    assert_eq!(png["content_type"], "image/png");
    let side = if key == "moderator" { "athens" } else { key };
    let view = attachment(m, &format!("view-{side}.yaml"));
    assert_eq!(view["content_type"], "text/yaml");
    assert_eq!(
        view["text"].as_str().unwrap(),
        fs::read_to_string(dir.join(format!("turns/0002/view-{side}.yaml"))).unwrap(),
        "the attached view is the archived one, byte for byte"
    );
    assert!(view["text"].as_str().unwrap().contains(&game));
    let map = attachment(m, &format!("map-{side}.svg"));
    assert_eq!(map["content_type"], "image/svg+xml");
    assert!(map["text"].as_str().unwrap().contains("<svg"));
}

#[test]
fn plain_server_gets_each_player_his_own_report_and_the_moderator_everything() {
    let s = smtp();
    let tag = "plain";
    let dir = campaign(&s, tag, &plain_settings(&s));
    let d = dir.to_str().unwrap();
    let o = dikast(&["mail", d], &[]);
    assert_exit(&o, 0);
    assert!(String::from_utf8_lossy(&o.stdout).contains("all 3 messages sent"));
    let all = arrived(&s, tag);
    assert_eq!(all.len(), 3, "{all:?}");
    let l = ledger(&dir, 1);
    for key in ["athens", "sparta", "moderator"] {
        let (meta, eml) = arrived_for(&all, &addr(key, tag));
        assert_eq!(meta["tls"], false);
        assert_eq!(meta["mail_from"], "dikast@example.org");
        let m = &mime(&s, &[&eml])[0];
        check_structure(&dir, m, key, tag);
        assert_eq!(header(m, "reply-to"), "moderator@example.org");
        // The ledger holds the Message-ID that arrived, and the message moved to sent/.
        let entry = l["messages"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["key"] == key)
            .unwrap();
        assert_eq!(entry["state"], "sent");
        assert_eq!(
            entry["message_id"].as_str().unwrap(),
            header(m, "message-id")
        );
        // The server got the bytes kept in sent/ (SMTP's final CRLF before the dot
        // belongs to the protocol, so the server may keep one CRLF less).
        let kept = fs::read_to_string(dir.join(format!("turns/0001/mail/sent/{key}.eml"))).unwrap();
        let got = fs::read_to_string(&eml).unwrap();
        assert!(
            kept.trim_end_matches("\r\n") == got.trim_end_matches("\r\n"),
            "{key}: the server got other bytes than sent/{key}.eml holds ({} and {} bytes)",
            got.len(),
            kept.len()
        );
    }
    assert!(!dir.join("turns/0001/mail/outbox").exists());

    // Sent at most once: a second run sends nothing.
    let again = dikast(&["mail", d], &[]);
    assert_exit(&again, 0);
    assert!(String::from_utf8_lossy(&again.stdout).contains("nothing to send"));
    assert_eq!(arrived(&s, tag).len(), 3);

    // Mail artefacts stay out of what verify compares, and status reports them.
    assert_exit(&dikast(&["verify", d], &[]), 0);
    let st = dikast(&["status", d, "--now", "2030-01-01T00:00:00Z"], &[]);
    assert_exit(&st, 0);
    assert!(
        String::from_utf8_lossy(&st.stdout).contains("mail of turn 1: all 3 messages sent"),
        "{}",
        text(&st)
    );
}

/// No file in the campaign folder and nothing printed holds the password.
fn assert_secret_kept(dir: &Path, out: &Output, password: &str) {
    assert!(!text(out).contains(password), "the password was printed");
    let mut stack = vec![dir.to_path_buf()];
    while let Some(p) = stack.pop() {
        for e in fs::read_dir(&p).unwrap().flatten() {
            let path = e.path();
            if path.is_dir() {
                if !path.ends_with(".dikast") {
                    stack.push(path);
                }
            } else {
                let b = fs::read(&path).unwrap();
                assert!(
                    !b.windows(password.len()).any(|w| w == password.as_bytes()),
                    "{} holds the password",
                    path.display()
                );
            }
        }
    }
}

#[test]
fn starttls_with_auth_sends_over_tls_as_the_user() {
    let s = smtp();
    let tag = "starttls";
    let dir = campaign(&s, tag, &starttls_settings(&s, "DIKAST_TEST_PW_A"));
    let o = dikast(
        &["mail", dir.to_str().unwrap()],
        &[("DIKAST_TEST_PW_A", &s.password)],
    );
    assert_exit(&o, 0);
    let all = arrived(&s, tag);
    assert_eq!(all.len(), 3);
    for (meta, eml) in &all {
        assert_eq!(meta["server"], "starttls");
        assert_eq!(meta["tls"], true);
        assert_eq!(meta["auth_user"], s.user.as_str());
        assert_eq!(mime(&s, &[eml])[0]["defects"], serde_json::json!([]));
    }
    assert_secret_kept(&dir, &o, &s.password);
}

#[test]
fn implicit_tls_with_a_password_file_in_the_private_folder() {
    let s = smtp();
    let tag = "smtps";
    let settings = format!(
        "mail:\n  server: 127.0.0.1\n  port: {}\n  security: tls\n  from: dikast@example.org\n  user: {}\n  password_file: .dikast/smtp-password\n  ca_file: {}\n",
        s.tls,
        s.user,
        s.ca.display()
    );
    let dir = campaign(&s, tag, &settings);
    fs::write(
        dir.join(".dikast/smtp-password"),
        format!("{}\n", s.password),
    )
    .unwrap();
    let o = dikast(&["mail", dir.to_str().unwrap()], &[]);
    assert_exit(&o, 0);
    let all = arrived(&s, tag);
    assert_eq!(all.len(), 3);
    for (meta, _) in &all {
        assert_eq!(meta["server"], "tls");
        assert_eq!(meta["tls"], true);
        assert_eq!(meta["auth_user"], s.user.as_str());
    }
    assert_secret_kept(&dir, &o, &s.password);
}

#[test]
fn a_password_file_inside_the_archive_is_refused() {
    let s = smtp();
    let tag = "pwinside";
    let settings = starttls_settings(&s, "X").replace(
        "  password_env: X\n",
        "  password_file: smtp-password.txt\n",
    );
    let dir = campaign(&s, tag, &settings);
    fs::write(dir.join("smtp-password.txt"), &s.password).unwrap();
    let o = dikast(&["mail", dir.to_str().unwrap()], &[]);
    assert_exit(&o, 75);
    assert!(
        text(&o).contains("inside the campaign folder"),
        "{}",
        text(&o)
    );
    assert!(arrived(&s, tag).is_empty());
    assert_eq!(
        eml_files(&dir.join("turns/0001/mail/outbox")),
        ["athens.eml", "moderator.eml", "sparta.eml"]
    );
}

#[test]
fn wrong_password_keeps_the_outbox_exits_75_and_the_retry_sends_the_same_messages() {
    let s = smtp();
    let tag = "wrongpw";
    let dir = campaign(&s, tag, &starttls_settings(&s, "DIKAST_TEST_PW_B"));
    let d = dir.to_str().unwrap();
    let wrong = format!("{}-wrong", s.password);
    let o = dikast(&["mail", d], &[("DIKAST_TEST_PW_B", &wrong)]);
    assert_exit(&o, 75);
    assert!(
        text(&o).contains("3 of 3 messages not sent"),
        "{}",
        text(&o)
    );
    assert!(arrived(&s, tag).is_empty());
    let outbox = dir.join("turns/0001/mail/outbox");
    assert_eq!(
        eml_files(&outbox),
        ["athens.eml", "moderator.eml", "sparta.eml"]
    );
    let before = ledger(&dir, 1);
    for e in before["messages"].as_array().unwrap() {
        assert_eq!(e["state"], "unsent");
        let err = e["last_error"].as_str().unwrap();
        assert!(
            err.contains("535") || err.contains("uthentication"),
            "{err}"
        );
    }
    assert_secret_kept(&dir, &o, &wrong);
    // The outbox messages are complete messages already.
    let parsed = mime(&s, &[&outbox.join("athens.eml")]);
    check_structure(&dir, &parsed[0], "athens", tag);

    // The right password: the same three messages (same Message-IDs) go, once.
    let o = dikast(&["mail", d], &[("DIKAST_TEST_PW_B", &s.password)]);
    assert_exit(&o, 0);
    let all = arrived(&s, tag);
    assert_eq!(all.len(), 3);
    let mut want: Vec<String> = before["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["message_id"].as_str().unwrap().to_string())
        .collect();
    let files: Vec<&Path> = all.iter().map(|(_, p)| p.as_path()).collect();
    let mut got: Vec<String> = mime(&s, &files)
        .iter()
        .map(|m| header(m, "message-id"))
        .collect();
    want.sort();
    got.sort();
    assert_eq!(got, want);
    assert!(!outbox.exists());
}

/// A free port on 127.0.0.1 (nothing listens on it once this returns).
fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().port()
}

/// Our own aiosmtpd, killed when dropped.
struct Server(Child);

impl Server {
    fn start(s: &Smtp, mode: &str, port: u16) -> Server {
        let mut child = Command::new(&s.python)
            .arg(s.dir.join("server.py"))
            .args(["--mode", mode, "--port", &port.to_string()])
            .arg("--spool")
            .arg(&s.spool)
            .arg("--cert")
            .arg(&s.cert)
            .arg("--key")
            .arg(&s.key)
            .args(["--user", &s.user, "--password", &s.password])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the test SMTP server starts");
        // Wait for its READY line: it listens from then on.
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        assert_eq!(line.trim(), format!("READY {port}"), "server did not start");
        Server(child)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn server_down_then_back_the_retry_sends_everything_once() {
    let s = smtp();
    let tag = "down";
    let port = free_port();
    let settings =
        plain_settings(&s).replace(&format!("port: {}", s.plain), &format!("port: {port}"));
    let dir = campaign(&s, tag, &settings);
    let d = dir.to_str().unwrap();
    let o = dikast(&["mail", d], &[]);
    assert_exit(&o, 75);
    assert!(text(&o).contains("retry with `dikast mail"), "{}", text(&o));
    assert_eq!(
        eml_files(&dir.join("turns/0001/mail/outbox")),
        ["athens.eml", "moderator.eml", "sparta.eml"]
    );
    // status tells the moderator mail is waiting.
    let st = dikast(&["status", d], &[]);
    assert!(String::from_utf8_lossy(&st.stdout).contains("0 of 3 messages sent, 3 waiting"));

    let _server = Server::start(&s, "plain", port);
    let o = dikast(&["mail", d], &[]);
    assert_exit(&o, 0);
    assert_eq!(arrived(&s, tag).len(), 3);
    let o = dikast(&["mail", d], &[]);
    assert_exit(&o, 0);
    assert_eq!(arrived(&s, tag).len(), 3, "a message went twice");
    assert_eq!(eml_files(&dir.join("turns/0001/mail/sent")).len(), 3);
}

#[test]
fn a_refused_recipient_is_retried_alone_once_his_address_is_fixed() {
    let s = smtp();
    let tag = "reject";
    let dir = campaign(&s, tag, &plain_settings(&s));
    let d = dir.to_str().unwrap();
    write_campaign(&dir, tag, &addr("reject-athens", tag), &plain_settings(&s));
    let o = dikast(&["mail", d], &[]);
    assert_exit(&o, 75);
    assert!(
        text(&o).contains("1 of 3 messages not sent"),
        "{}",
        text(&o)
    );
    assert_eq!(arrived(&s, tag).len(), 2);
    assert_eq!(
        eml_files(&dir.join("turns/0001/mail/outbox")),
        ["athens.eml"]
    );
    write_campaign(&dir, tag, &addr("athens", tag), &plain_settings(&s));
    let o = dikast(&["mail", d], &[]);
    assert_exit(&o, 0);
    let all = arrived(&s, tag);
    assert_eq!(all.len(), 3, "only the unsent message went again");
    for key in ["athens", "sparta", "moderator"] {
        arrived_for(&all, &addr(key, tag));
    }
}

#[test]
fn dry_run_writes_eml_files_that_parse_as_valid_mime() {
    let s = smtp();
    let tag = "dryrun";
    let dir = campaign(&s, tag, &plain_settings(&s));
    let o = dikast(
        &["mail", dir.to_str().unwrap(), "--dry-run", "--turn", "1"],
        &[],
    );
    assert_exit(&o, 0);
    let dry = dir.join("turns/0001/mail/dry-run");
    assert_eq!(
        eml_files(&dry),
        ["athens.eml", "moderator.eml", "sparta.eml"]
    );
    for key in ["athens", "sparta", "moderator"] {
        let m = &mime(&s, &[&dry.join(format!("{key}.eml"))])[0];
        check_structure(&dir, m, key, tag);
    }
    assert!(arrived(&s, tag).is_empty(), "a dry run sent mail");
    assert!(!dir.join("turns/0001/mail/ledger.yaml").exists());
    assert_exit(&dikast(&["verify", dir.to_str().unwrap()], &[]), 0);
}

#[test]
fn adjudicate_with_mail_writes_the_turn_first_and_mails_it() {
    let s = smtp();
    let tag = "adjmail";
    let dir = s.work.join(tag);
    let _ = fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    assert_exit(&dikast(&["new", d, "--game-id", &game_id(tag)], &[]), 0);
    write_campaign(&dir, tag, &addr("athens", tag), &plain_settings(&s));
    let o = dikast(&["adjudicate", d, "--mail", "--allow-no-orders"], &[]);
    assert_exit(&o, 0);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("turn 1 adjudicated") && out.contains("all 3 messages sent"));
    // The reports, then each player's call for orders of turn 2 (issue 32.8).
    assert!(
        out.contains("called athens for turn 2") && out.contains("called sparta for turn 2"),
        "{out}"
    );
    assert_eq!(arrived(&s, tag).len(), 5);

    // With the server down, the turn is written all the same, and the mail waits.
    let port = free_port();
    let down = plain_settings(&s).replace(&format!("port: {}", s.plain), &format!("port: {port}"));
    write_campaign(&dir, tag, &addr("athens", tag), &down);
    let o = dikast(&["adjudicate", d, "--mail", "--allow-no-orders"], &[]);
    assert_exit(&o, 75);
    assert!(text(&o).contains("turn 2 adjudicated"), "{}", text(&o));
    assert!(dir.join("turns/0002/report.md").exists());
    assert!(dir.join("turns/0003/game.yaml").exists());
    assert_eq!(
        eml_files(&dir.join("turns/0002/mail/outbox")),
        ["athens.eml", "moderator.eml", "sparta.eml"]
    );
    assert_eq!(arrived(&s, tag).len(), 5);
    assert_exit(&dikast(&["verify", d], &[]), 0);
}

#[test]
fn header_injection_through_a_name_is_refused_and_nothing_is_sent() {
    let s = smtp();
    let tag = "inject";
    let dir = campaign(&s, tag, &plain_settings(&s));
    let yaml = fs::read_to_string(dir.join("campaign.yaml"))
        .unwrap()
        .replace(
            "name: Περικλῆς",
            "name: \"Περικλῆς\\r\\nBcc: spy.inject@example.org\"",
        );
    fs::write(dir.join("campaign.yaml"), yaml).unwrap();
    let o = dikast(&["mail", dir.to_str().unwrap()], &[]);
    assert_exit(&o, 1);
    assert!(text(&o).contains("players.athens.name"), "{}", text(&o));
    assert!(arrived(&s, tag).is_empty());
    assert!(!dir.join("turns/0001/mail").exists());
}

#[test]
fn a_password_in_campaign_yaml_is_refused() {
    let s = smtp();
    let tag = "pwyaml";
    let settings = format!("{}  password: hunter2\n", plain_settings(&s));
    let dir = campaign(&s, tag, &settings);
    let o = dikast(&["mail", dir.to_str().unwrap(), "--dry-run"], &[]);
    assert_exit(&o, 1);
    assert!(
        text(&o).contains("never goes into the campaign files"),
        "{}",
        text(&o)
    );
    assert!(!text(&o).contains("hunter2"));
    assert!(!dir.join("turns/0001/mail").exists());
}

#[test]
fn a_message_interrupted_mid_send_is_never_resent_by_itself() {
    let s = smtp();
    let tag = "midsend";
    let port = free_port();
    let down = plain_settings(&s).replace(&format!("port: {}", s.plain), &format!("port: {port}"));
    let dir = campaign(&s, tag, &down);
    let d = dir.to_str().unwrap();
    assert_exit(&dikast(&["mail", d], &[]), 75);
    // As if dikast had been killed while handing athens's message to the server.
    let ledger_path = dir.join("turns/0001/mail/ledger.yaml");
    let text = fs::read_to_string(&ledger_path).unwrap();
    let i = text.find("- key: athens").unwrap();
    let j = i + text[i..].find("state: unsent").unwrap();
    let edited = format!(
        "{}state: sending{}",
        &text[..j],
        &text[j + "state: unsent".len()..]
    );
    fs::write(&ledger_path, edited).unwrap();

    write_campaign(&dir, tag, &addr("athens", tag), &plain_settings(&s));
    let o = dikast(&["mail", d], &[]);
    assert_exit(&o, 75);
    assert!(text_has(&o, "uncertain athens"), "{}", self::text(&o));
    // The next run says what to do, with a command (no hand edit of the ledger).
    assert!(text_has(&o, "--resend-uncertain"), "{}", self::text(&o));
    assert!(text_has(&o, "--uncertain-arrived"), "{}", self::text(&o));
    let all = arrived(&s, tag);
    assert_eq!(all.len(), 2);
    arrived_for(&all, &addr("sparta", tag));
    arrived_for(&all, &addr("moderator", tag));
    assert_eq!(ledger(&dir, 1)["messages"][0]["state"], "uncertain");
    // A plain retry leaves it alone.
    assert_exit(&dikast(&["mail", d], &[]), 75);
    assert_eq!(arrived(&s, tag).len(), 2);

    // The moderator checked: it did not arrive. He says so; it goes, once.
    let o = dikast(&["mail", d, "--resend-uncertain"], &[]);
    assert_exit(&o, 0);
    assert_eq!(arrived(&s, tag).len(), 3);
    assert_exit(&dikast(&["mail", d, "--resend-uncertain"], &[]), 0);
    assert_eq!(arrived(&s, tag).len(), 3);
}

/// Issue 11, item 11: the server stores the message and the connection drops before its
/// reply. The message is `uncertain`, never retried by itself (docs/mail.md promises
/// never twice), `status` shows it, and it goes again only when the moderator says so.
#[test]
fn a_message_stored_without_a_reply_is_uncertain_and_never_sent_twice_by_itself() {
    let s = smtp();
    let tag = "dropped";
    let port = free_port();
    let settings =
        plain_settings(&s).replace(&format!("port: {}", s.plain), &format!("port: {port}"));
    let dir = campaign(&s, tag, &settings);
    let d = dir.to_str().unwrap();
    {
        let _drop = Server::start(&s, "drop", port);
        let o = dikast(&["mail", d], &[]);
        assert_exit(&o, 75);
        assert!(text_has(&o, "3 uncertain"), "{}", text(&o));
        assert!(text_has(&o, "--resend-uncertain"), "{}", text(&o));
    }
    // The server kept all three.
    assert_eq!(arrived(&s, tag).len(), 3);
    let l = ledger(&dir, 1);
    for m in l["messages"].as_array().unwrap() {
        assert_eq!(m["state"], "uncertain", "{l}");
    }
    let st = dikast(&["status", d], &[]);
    let st = String::from_utf8_lossy(&st.stdout).into_owned();
    assert!(st.contains("3 uncertain"), "{st}");
    assert!(st.contains("--uncertain-arrived"), "{st}");
    // A working server now: a plain retry sends nothing twice.
    let _plain = Server::start(&s, "plain", port);
    assert_exit(&dikast(&["mail", d], &[]), 75);
    assert_eq!(arrived(&s, tag).len(), 3, "an uncertain message went again");
    // The moderator asked the players: they have them.
    let o = dikast(&["mail", d, "--uncertain-arrived"], &[]);
    assert_exit(&o, 0);
    assert!(text_has(&o, "recorded athens as arrived"), "{}", text(&o));
    assert_eq!(arrived(&s, tag).len(), 3);
    assert_eq!(eml_files(&dir.join("turns/0001/mail/sent")).len(), 3);
    assert!(!dir.join("turns/0001/mail/outbox").exists());
}

/// Issue 11, item 11: a server that trickles a line every half second answers each read
/// in time; the whole exchange of a message is bounded, so `dikast mail` stops waiting.
#[test]
fn a_trickling_server_cannot_hold_mail_for_ever() {
    let s = smtp();
    let tag = "trickle";
    let port = free_port();
    let settings = plain_settings(&s).replace(
        &format!("port: {}", s.plain),
        &format!("port: {port}\n  timeout_seconds: 2\n  message_timeout_seconds: 3"),
    );
    let dir = campaign(&s, tag, &settings);
    let d = dir.to_str().unwrap();
    let _slow = Server::start(&s, "trickle", port);
    let started = std::time::Instant::now();
    let o = dikast(&["mail", d], &[]);
    let took = started.elapsed();
    assert_exit(&o, 75);
    assert!(took.as_secs() < 15, "dikast mail waited {took:?}");
    assert!(text_has(&o, "within 3 s"), "{}", text(&o));
    // Nothing was handed over: the messages are unsent (not uncertain), and wait.
    for m in ledger(&dir, 1)["messages"].as_array().unwrap() {
        assert_eq!(m["state"], "unsent");
    }
    assert_eq!(arrived(&s, tag).len(), 0);
}

fn text_has(o: &Output, what: &str) -> bool {
    text(o).contains(what)
}

#[test]
fn a_second_dikast_on_the_campaign_is_refused() {
    let s = smtp();
    let tag = "locked";
    let dir = campaign(&s, tag, &plain_settings(&s));
    fs::write(dir.join(".dikast/lock"), "pid 1\n").unwrap();
    let o = dikast(&["mail", dir.to_str().unwrap()], &[]);
    assert_exit(&o, 1);
    assert!(text_has(&o, "another dikast"), "{}", text(&o));
    assert!(arrived(&s, tag).is_empty());
    fs::remove_file(dir.join(".dikast/lock")).unwrap();
    assert_exit(&dikast(&["mail", dir.to_str().unwrap()], &[]), 0);
}

#[test]
fn auth_over_an_unencrypted_connection_is_refused() {
    let s = smtp();
    let tag = "clearauth";
    let settings = format!("{}  user: {}\n", plain_settings(&s), s.user);
    let dir = campaign(&s, tag, &settings);
    let o = dikast(
        &["mail", dir.to_str().unwrap()],
        &[("DIKAST_SMTP_PASSWORD", &s.password)],
    );
    assert_exit(&o, 1);
    assert!(text_has(&o, "in clear"), "{}", text(&o));
    assert!(arrived(&s, tag).is_empty());
}

#[test]
fn adjudicate_with_mail_but_no_settings_still_writes_the_turn_and_exits_75() {
    // Needs no server: nothing is composed without `mail:` settings.
    let base = std::env::var_os("DIKAST_TEST_WORK")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            std::env::temp_dir().join(format!("dikast-mail-{}", std::process::id()))
        });
    let dir = base.join("nosettings");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&base).unwrap();
    let d = dir.to_str().unwrap();
    assert_exit(&dikast(&["new", d], &[]), 0);
    let o = dikast(&["adjudicate", d, "--mail", "--allow-no-orders"], &[]);
    assert_exit(&o, 75);
    assert!(text_has(&o, "turn 1 adjudicated"), "{}", text(&o));
    assert!(text_has(&o, "no mail was sent"), "{}", text(&o));
    assert!(text_has(&o, "no `mail:` settings"), "{}", text(&o));
    assert!(!text_has(&o, "nothing was written"), "{}", text(&o));
    assert!(dir.join("turns/0001/report.md").exists());
    assert!(dir.join("turns/0002/game.yaml").exists());
    let _ = fs::remove_dir_all(&dir);
}
