//! `dikast undo`: the pending turn comes back byte for byte, the archive verifies, and
//! adjudicating again gives the same bytes; refused with nothing adjudicated, and once
//! the turn's mail was sent (through the real SMTP server `./scripts/test` starts: this
//! test fails, never skips, without it) unless `--force`, which mails a correction.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn dikast(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dikast"))
        .args(args)
        .env_remove("DIKAST_SMTP_PASSWORD")
        .output()
        .expect("dikast runs")
}

fn text(o: &Output) -> String {
    format!(
        "exit {:?}\n--- stdout\n{}--- stderr\n{}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn ok(o: Output) -> String {
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Every file under a folder, by relative path, with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fn walk(root: &Path, d: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
        for e in fs::read_dir(d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(root, &p, out);
            } else {
                out.insert(
                    p.strip_prefix(root).unwrap().display().to_string(),
                    fs::read(&p).unwrap(),
                );
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

fn new_campaign(dir: &Path) {
    let _ = fs::remove_dir_all(dir);
    ok(dikast(&[
        "new",
        dir.to_str().unwrap(),
        "--game-id",
        "g-undo",
    ]));
    for side in ["athens", "sparta"] {
        let t = ok(dikast(&["template", dir.to_str().unwrap(), "--side", side]));
        fs::write(dir.join(format!("turns/0001/orders/{side}.yaml")), t).unwrap();
    }
}

#[test]
fn undo_restores_the_pending_turn_byte_for_byte() {
    let dir = std::env::temp_dir().join(format!("dikast-undo-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    new_campaign(&dir);
    let o = dikast(&["undo", d]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(String::from_utf8_lossy(&o.stderr).contains("nothing to undo"));
    let before = snapshot(&dir.join("turns"));
    ok(dikast(&["adjudicate", d]));
    let first = snapshot(&dir.join("turns"));
    assert!(first.len() > before.len());
    let out = ok(dikast(&["undo", d]));
    assert!(out.contains("turn 1 awaits orders again"), "{out}");
    assert!(out.contains("the archive verifies"), "{out}");
    assert_eq!(
        snapshot(&dir.join("turns")),
        before,
        "the pending turn came back byte for byte"
    );
    ok(dikast(&["verify", d]));
    // Adjudicated again: the same bytes as the first time.
    ok(dikast(&["adjudicate", d]));
    assert_eq!(snapshot(&dir.join("turns")), first);
    // Orders already in the next turn are not taken back without --force.
    let t = ok(dikast(&["template", d, "--side", "athens"]));
    fs::write(dir.join("turns/0002/orders/athens.yaml"), t).unwrap();
    let o = dikast(&["undo", d]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(String::from_utf8_lossy(&o.stderr).contains("already holds orders"));
    ok(dikast(&["undo", d, "--force"]));
    assert_eq!(snapshot(&dir.join("turns")), before);
    // An adjudication with a record (a time given by hand) is taken back with it.
    ok(dikast(&[
        "adjudicate",
        d,
        "--clock",
        "2026-03-01T12:00:00Z",
    ]));
    assert!(dir.join("turns/0001/adjudication.yaml").exists());
    ok(dikast(&["undo", d]));
    assert_eq!(snapshot(&dir.join("turns")), before);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn undo_after_mail_was_sent_needs_force_and_mails_a_correction() {
    let var = |k: &str| {
        match std::env::var(k) {
        Ok(v) if !v.is_empty() => v,
        _ => panic!("{k} is not set: this test needs the SMTP server ./scripts/test starts (run ./scripts/test); a failure, never a skip"),
    }
    };
    let port = var("DIKAST_TEST_SMTP_MAILDIR_PORT");
    let root = PathBuf::from(var("DIKAST_TEST_MAILDIR_ROOT"));
    let work = PathBuf::from(var("DIKAST_TEST_WORK"));
    let dir = work.join("undo-mail");
    let d = dir.to_str().unwrap();
    new_campaign(&dir);
    for b in ["athens.undo", "sparta.undo", "moderator.undo"] {
        let _ = fs::remove_dir_all(root.join(b));
    }
    let c = fs::read_to_string(dir.join("campaign.yaml")).unwrap();
    let c = c
        .replace(
            "  athens:\n    name: ''\n    email: ''",
            "  athens:\n    name: A\n    email: athens.undo@example.org",
        )
        .replace(
            "  sparta:\n    name: ''\n    email: ''",
            "  sparta:\n    name: S\n    email: sparta.undo@example.org",
        );
    assert!(
        c.contains("athens.undo@") && c.contains("sparta.undo@"),
        "{c}"
    );
    fs::write(
        dir.join("campaign.yaml"),
        format!("{c}moderator: moderator.undo@example.org\nmail:\n  server: 127.0.0.1\n  port: {port}\n  security: none\n  from: dikast.undo@example.org\n"),
    )
    .unwrap();
    let before = snapshot(&dir.join("turns"));
    ok(dikast(&["adjudicate", d, "--mail"]));
    let o = dikast(&["undo", d]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("already sent") && err.contains("--force"),
        "{err}"
    );
    assert!(
        dir.join("turns/0002").exists(),
        "a refused undo changes nothing"
    );
    let out = ok(dikast(&["undo", d, "--force"]));
    assert!(out.contains("mailed athens.undo@example.org"), "{out}");
    assert_eq!(snapshot(&dir.join("turns")), before);
    for who in ["athens.undo", "sparta.undo", "moderator.undo"] {
        let n = fs::read_dir(root.join(who).join("new"))
            .unwrap()
            .flatten()
            .filter(|e| {
                fs::read_to_string(e.path())
                    .unwrap_or_default()
                    .contains("taken back")
            })
            .count();
        assert_eq!(n, 1, "{who} got one correction notice");
    }
}

/// An undo is flushed before anyone is told of it: every folder something was moved into
/// (the undone folder and the folders it was made in) first, then every folder it left
/// (the turn folder and `turns/`). A failure of any of those flushes (the failure hook of
/// fsx, `DIKAST_TEST_FAIL_STEP`) makes the undo fail, saying that no one was told.
#[test]
fn undo_is_flushed_before_it_is_told() {
    let root = std::env::temp_dir().join(format!("dikast-undo-flush-{}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    let dir = root.join("c");
    new_campaign(&dir);
    ok(dikast(&["adjudicate", dir.to_str().unwrap()]));
    let mut steps: Vec<String> = Vec::new();
    for n in 1..50 {
        let copy = root.join(format!("c{n}"));
        fs::create_dir_all(&copy).unwrap();
        let cp = Command::new("cp")
            .arg("-r")
            .arg(dir.join("."))
            .arg(&copy)
            .status()
            .unwrap();
        assert!(cp.success());
        let o = Command::new(env!("CARGO_BIN_EXE_dikast"))
            .args(["undo", copy.to_str().unwrap()])
            .env("DIKAST_TEST_FAIL_STEP", n.to_string())
            .output()
            .unwrap();
        if o.status.code() == Some(0) {
            break;
        }
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert_eq!(o.status.code(), Some(1), "{}", text(&o));
        let marker = format!("injected failure at step {n} (");
        let at = err.find(&marker).unwrap_or_else(|| panic!("{}", text(&o)));
        let what = err[at + marker.len()..]
            .split(')')
            .next()
            .unwrap()
            .to_string();
        let what = what.replace(copy.to_str().unwrap(), "DIR");
        if what.starts_with("fsync") {
            assert!(err.contains("so no one was told"), "{}", text(&o));
        }
        steps.push(what);
    }
    let pos = |s: &str| steps.iter().position(|x| x == s);
    let undone = steps
        .iter()
        .position(|x| x.starts_with("fsync DIR/.dikast/undone/"))
        .unwrap_or_else(|| panic!("the undone folder is not flushed: {steps:#?}"));
    let turn = pos("fsync DIR/turns/0001").unwrap_or_else(|| panic!("{steps:#?}"));
    let turns = pos("fsync DIR/turns").unwrap_or_else(|| panic!("{steps:#?}"));
    assert!(
        pos("fsync DIR/.dikast/undone").is_some_and(|p| p < turn),
        "{steps:#?}"
    );
    assert!(undone < turn && turn < turns, "{steps:#?}");
    let _ = fs::remove_dir_all(&root);
}
