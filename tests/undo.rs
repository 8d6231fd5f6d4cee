//! `dikast undo`: the pending turn comes back byte for byte (with a record of the seed
//! it retired), the archive verifies, and adjudicating again draws from a seed no one
//! has seen, committed to before; refused with nothing adjudicated, and once
//! the turn's mail was sent (through the real SMTP server `./scripts/test` starts: this
//! test fails, never skips, without it) unless `--force`, which mails a correction.

mod cli;

use cli::{dikast, ok, text};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Files by relative path, with their bytes.
type Files = BTreeMap<String, Vec<u8>>;

/// Every file under a folder, by relative path, with its bytes.
fn snapshot(dir: &Path) -> Files {
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

/// The snapshot without the turn's reseed record (the one file an undo adds to the
/// pending turn) and the record's retired seeds and commitments, oldest first.
fn split_reseed(mut s: Files) -> (Files, Vec<(String, String)>) {
    let rec = s.remove("0001/reseed.yaml").unwrap_or_default();
    let text = String::from_utf8(rec).unwrap();
    let field = |k: &str| -> Vec<String> {
        text.lines()
            .filter_map(|l| l.trim_start_matches(['-', ' ']).strip_prefix(k))
            .map(|v| v.trim().to_string())
            .collect()
    };
    let pairs = field("retired_seed:")
        .into_iter()
        .zip(field("commitment:"))
        .collect();
    (s, pairs)
}

/// The seed turn 1 revealed: turn 2's commitment.
fn revealed(dir: &Path) -> String {
    let g = fs::read_to_string(dir.join("turns/0002/game.yaml")).unwrap();
    let mut lines = g.lines().skip_while(|l| *l != "dice:");
    lines
        .find_map(|l| l.strip_prefix("  commitment: "))
        .unwrap()
        .to_string()
}

fn chain_prev(hex: &str) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    h.update(b"dikast/v1/chain");
    h.update(hex::decode(hex).unwrap());
    hex::encode(h.finalize())
}

#[test]
fn undo_restores_the_pending_turn_and_retires_the_revealed_seed() {
    let dir = std::env::temp_dir().join(format!("dikast-undo-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    new_campaign(&dir);
    let o = dikast(&["undo", d]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(String::from_utf8_lossy(&o.stderr).contains("nothing to undo"));
    let before = snapshot(&dir.join("turns"));
    ok(dikast(&["adjudicate", d]));
    let first = snapshot(&dir.join("turns"));
    let seed1 = revealed(&dir);
    assert!(first.len() > before.len());
    let out = ok(dikast(&["undo", d]));
    assert!(out.contains("turn 1 awaits orders again"), "{out}");
    assert!(out.contains("the archive verifies"), "{out}");
    // The pending turn came back byte for byte, and beside it the record of the seed
    // retired: the one the voided reports revealed, with a new commitment.
    let (back, rec) = split_reseed(snapshot(&dir.join("turns")));
    assert_eq!(back, before, "the pending turn came back byte for byte");
    assert_eq!(rec.len(), 1, "one seed retired");
    assert_eq!(
        rec[0].0, seed1,
        "the retired seed is the one turn 1 revealed"
    );
    let v = ok(dikast(&["verify", d]));
    assert!(
        v.contains("awaits adjudication") && v.contains(&format!("seed {seed1} retired")),
        "{v}"
    );
    // Adjudicated again: the same game, the same orders, but a seed no player has seen
    // (the voided report's would let anyone who holds it foresee every die), which
    // hashes to the new commitment.
    ok(dikast(&["adjudicate", d]));
    let seed2 = revealed(&dir);
    assert_ne!(seed2, seed1, "an undo never reuses a revealed seed");
    assert_eq!(
        chain_prev(&seed2),
        rec[0].1,
        "the redo's seed is the one committed to"
    );
    let report =
        String::from_utf8(snapshot(&dir.join("turns"))["0001/report-athens.md"].clone()).unwrap();
    assert!(
        report.contains("adjudicated again after an undo"),
        "{report}"
    );
    assert!(
        report.contains(&format!("retired_seed: {seed1}")),
        "{report}"
    );
    let v = ok(dikast(&["verify", d]));
    assert!(v.contains("adjudicated again after an undo"), "{v}");
    // Orders already in the next turn are not taken back without --force.
    let t = ok(dikast(&["template", d, "--side", "athens"]));
    fs::write(dir.join("turns/0002/orders/athens.yaml"), t).unwrap();
    let o = dikast(&["undo", d]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(String::from_utf8_lossy(&o.stderr).contains("already holds orders"));
    ok(dikast(&["undo", d, "--force"]));
    let (back, rec) = split_reseed(snapshot(&dir.join("turns")));
    assert_eq!(back, before);
    assert_eq!(rec.len(), 2, "a second undo retires the redo's seed too");
    assert_eq!(rec[1].0, seed2);
    assert_eq!(chain_prev(&seed2), rec[0].1);
    // An adjudication with a record (a time given by hand) is taken back with it.
    ok(dikast(&[
        "adjudicate",
        d,
        "--clock",
        "2026-03-01T12:00:00Z",
    ]));
    let seed3 = revealed(&dir);
    assert!(seed3 != seed1 && seed3 != seed2);
    assert!(dir.join("turns/0001/adjudication.yaml").exists());
    ok(dikast(&["undo", d]));
    let (back, rec) = split_reseed(snapshot(&dir.join("turns")));
    assert_eq!(back, before);
    assert_eq!(rec.len(), 3);
    ok(dikast(&["verify", d]));
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
    // A copy kept with its turn adjudicated and mailed, for the stopped undo below.
    let kept = work.join("undo-mail-kept");
    copy_of(&dir, &kept);
    let seed1 = revealed(&dir);
    let out = ok(dikast(&["undo", d, "--force"]));
    assert!(out.contains("mailed athens.undo@example.org"), "{out}");
    // Every notice commits to the redo's seed before anyone can send orders again: the
    // new commitment of the record, and the seed the voided reports revealed, retired.
    let (_, rec) = split_reseed(snapshot(&dir.join("turns")));
    assert_eq!(rec.len(), 1);
    assert_eq!(rec[0].0, seed1);
    for who in ["athens.undo", "sparta.undo", "moderator.undo"] {
        let told: String = fs::read_dir(root.join(who).join("new"))
            .unwrap()
            .flatten()
            .map(|e| fs::read_to_string(e.path()).unwrap_or_default())
            .filter(|m| m.contains("taken back"))
            .collect();
        let flat = told.replace("=\r\n", "").replace("=\n", "");
        assert!(
            flat.contains(&rec[0].1) && flat.contains(&seed1),
            "{who}'s notice gives the new commitment and the retired seed: {told}"
        );
    }
    assert_eq!(split_reseed(snapshot(&dir.join("turns"))).0, before);
    let notices = |who: &str| {
        fs::read_dir(root.join(who).join("new"))
            .unwrap()
            .flatten()
            .filter(|e| {
                fs::read_to_string(e.path())
                    .unwrap_or_default()
                    .contains("taken back")
            })
            .count()
    };
    let whom = ["athens.undo", "sparta.undo", "moderator.undo"];
    for who in whom {
        assert_eq!(notices(who), 1, "{who} got one correction notice");
        fs::remove_dir_all(root.join(who)).unwrap();
    }
    // An undo with --force stopped after its moves, at the flush of `turns/` (the failure
    // hook), has told no one; the next `dikast undo` (no --force needed again) finishes
    // it and sends the notices it owes, once each.
    let mut n = 1;
    let stopped = loop {
        assert!(n < 80, "the undo never flushed turns/");
        let copy = work.join(format!("undo-mail-{n}"));
        copy_of(&kept, &copy);
        let o = undo_failing_at(&copy, n, &["--force"]);
        assert_eq!(o.status.code(), Some(1), "step {n}: {}", text(&o));
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        if err.contains(&format!("(fsync {}/turns)", copy.display())) {
            assert!(err.contains("so no one was told"), "{}", text(&o));
            break copy;
        }
        fs::remove_dir_all(&copy).unwrap();
        n += 1;
    };
    for who in whom {
        assert!(
            !root.join(who).join("new").exists() || notices(who) == 0,
            "{who} was told of an undo that stopped"
        );
    }
    let out = ok(dikast(&["undo", stopped.to_str().unwrap()]));
    assert!(
        out.contains("finished an undo of turn 1 that had stopped half-way")
            && out.contains("mailed athens.undo@example.org"),
        "{out}"
    );
    assert_eq!(split_reseed(snapshot(&stopped.join("turns"))).0, before);
    for who in whom {
        assert_eq!(notices(who), 1, "{who} got one correction notice");
    }
    // Stopped at each later step (while it sends and records the notices, then as it
    // closes its plan), the undo is finished by the next one, and no one is told twice
    // but the one whose notice was sent and not yet recorded; everyone is told once at least.
    // Stopped as it closes its plan, every notice was recorded: none is sent again.
    let markers = |dir: &Path| -> Vec<String> {
        let undone = dir.join(".dikast/undone");
        let mut found = Vec::new();
        for e in fs::read_dir(undone).unwrap().flatten() {
            for f in fs::read_dir(e.path()).unwrap().flatten() {
                let name = f.file_name().to_string_lossy().into_owned();
                if name.starts_with(".notified-") {
                    found.push(name);
                }
            }
        }
        found.sort();
        found
    };
    let marker_of = |who: &str| match who {
        "moderator.undo" => ".notified-moderator",
        "athens.undo" => ".notified-side-athens",
        _ => ".notified-side-sparta",
    };
    let mut closing = false;
    let mut n = n + 1;
    loop {
        assert!(n < 200, "the undo never got through");
        for who in whom {
            let _ = fs::remove_dir_all(root.join(who));
        }
        let copy = work.join(format!("undo-mail-{n}"));
        copy_of(&kept, &copy);
        let o = undo_failing_at(&copy, n, &["--force"]);
        if o.status.code() == Some(0) {
            fs::remove_dir_all(&copy).unwrap();
            break;
        }
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert_eq!(o.status.code(), Some(1), "step {n}: {}", text(&o));
        assert!(err.contains("dikast undo"), "step {n}: {err}");
        let recorded = markers(&copy);
        let at_close = err.contains("/undo.yaml)");
        closing |= at_close;
        let out = ok(dikast(&["undo", copy.to_str().unwrap()]));
        assert!(
            out.contains("finished an undo of turn 1"),
            "step {n}: {out}"
        );
        assert_eq!(
            split_reseed(snapshot(&copy.join("turns"))).0,
            before,
            "step {n}"
        );
        for who in whom {
            let got = if root.join(who).join("new").exists() {
                notices(who)
            } else {
                0
            };
            if recorded.iter().any(|m| m == marker_of(who)) {
                assert_eq!(got, 1, "step {n}: {who}, recorded as told, was told again");
                assert!(out.contains("not sent again"), "step {n}: {out}");
            } else {
                assert!((1..=2).contains(&got), "step {n}: {who} got {got} notices");
            }
            if at_close {
                assert_eq!(got, 1, "step {n}: stopped as it closed, {who} got {got}");
            }
        }
        fs::remove_dir_all(&copy).unwrap();
        n += 1;
    }
    assert!(closing, "no step stopped the undo as it closed its plan");
}

/// An undo is flushed before anyone is told of it: every folder something was moved into
/// (the undone folder and the folders it was made in) first, then every folder it left
/// (the turn folder and `turns/`). A failure of any of those flushes (the failure hook of
/// fsx, `DIKAST_TEST_FAIL_STEP`) makes the undo fail, saying that no one was told.
#[test]
fn undo_is_flushed_before_it_is_told() {
    let (root, dir) = fresh_root("flush");
    ok(dikast(&["adjudicate", dir.to_str().unwrap()]));
    let mut steps: Vec<String> = Vec::new();
    for n in 1..50 {
        let copy = root.join(format!("c{n}"));
        copy_of(&dir, &copy);
        let o = undo_failing_at(&copy, n, &[]);
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

/// The plans and records of undos in a campaign's `.dikast/undone/`: (plans still open,
/// records of undos carried out).
fn undo_files(dir: &Path) -> (usize, usize) {
    let mut open = 0;
    let mut done = 0;
    for e in fs::read_dir(dir.join(".dikast/undone"))
        .map(|rd| rd.flatten().collect::<Vec<_>>())
        .unwrap_or_default()
    {
        open += usize::from(e.path().join(".undo-plan.yaml").is_file());
        done += usize::from(e.path().join("undo.yaml").is_file());
    }
    (open, done)
}

/// A copy of a campaign folder under a new name.
fn copy_of(dir: &Path, copy: &Path) {
    let _ = fs::remove_dir_all(copy);
    fs::create_dir_all(copy).unwrap();
    let cp = Command::new("cp")
        .arg("-r")
        .arg(dir.join("."))
        .arg(copy)
        .status()
        .unwrap();
    assert!(cp.success());
}

/// `dikast undo DIR` with the disk step `n` made to fail (fsx's failure hook,
/// `DIKAST_TEST_FAIL_STEP`).
fn undo_failing_at(dir: &Path, n: usize, more: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dikast"))
        .arg("undo")
        .arg(dir)
        .args(more)
        .env("DIKAST_TEST_FAIL_STEP", n.to_string())
        .env_remove("DIKAST_SMTP_PASSWORD")
        .output()
        .unwrap()
}

/// A fresh folder for a test's copies, and in it a new campaign `c` (no turn adjudicated).
fn fresh_root(name: &str) -> (PathBuf, PathBuf) {
    let root = std::env::temp_dir().join(format!("dikast-undo-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    let dir = root.join("c");
    new_campaign(&dir);
    (root, dir)
}

/// An undo is all or nothing: stopped at any of its disk steps (the failure hook of fsx,
/// `DIKAST_TEST_FAIL_STEP`), it either did not begin or left its plan, which every
/// command that reads the campaign names and the next `dikast undo` (or `dikast tick`)
/// carries out, to the same turns as an undo that never stopped; the archive verifies
/// after it.
#[test]
fn an_undo_stopped_at_any_step_is_finished_by_the_next_undo() {
    let (root, dir) = fresh_root("resume");
    let before = snapshot(&dir.join("turns"));
    // With a record (a time given by hand), so that every kind of move is made.
    ok(dikast(&[
        "adjudicate",
        dir.to_str().unwrap(),
        "--clock",
        "2026-03-01T12:00:00Z",
    ]));
    let clock = "2026-03-02T08:00:00Z";
    let (mut planned_stops, mut finished) = (0, false);
    let mut reference: Option<BTreeMap<String, Vec<u8>>> = None;
    for n in 1..80 {
        let copy = root.join(format!("c{n}"));
        copy_of(&dir, &copy);
        let c = copy.to_str().unwrap();
        let o = undo_failing_at(&copy, n, &["--clock", clock]);
        if o.status.code() == Some(0) {
            finished = true;
            break;
        }
        assert_eq!(o.status.code(), Some(1), "step {n}: {}", text(&o));
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert!(
            err.contains(&format!("injected failure at step {n} ")),
            "{}",
            text(&o)
        );
        let (open, done) = undo_files(&copy);
        assert_eq!(done, 0, "step {n}: no undo was carried out");
        if open == 1 || err.contains("(fsync ") {
            assert!(err.contains("so no one was told"), "step {n}: {}", text(&o));
        }
        if open == 1 {
            planned_stops += 1;
            assert!(err.contains(&format!("dikast undo {c}")), "{}", text(&o));
            // Every command that reads the campaign names the undo and what finishes it,
            // and changes nothing.
            let now = snapshot(&copy);
            for args in [
                vec!["adjudicate", c, "--allow-no-orders"],
                vec!["status", c],
                vec!["verify", c],
                vec![
                    "publish",
                    c,
                    root.join(format!("p{n}")).to_str().unwrap(),
                    "--force",
                ],
            ] {
                let o = dikast(&args);
                let err = String::from_utf8_lossy(&o.stderr).into_owned();
                assert_ne!(o.status.code(), Some(0), "{args:?}: {}", text(&o));
                assert!(
                    err.contains("an undo of turn 1 stopped before it finished")
                        && err.contains(&format!("`dikast undo {c}` finishes it")),
                    "{args:?}: {}",
                    text(&o)
                );
            }
            assert_eq!(
                snapshot(&copy),
                now,
                "step {n}: the commands changed nothing"
            );
        } else {
            assert_eq!(open, 0);
        }
        // The next undo carries the plan out (or, when none was made, does the undo);
        // every other plan is carried out by `tick`, as cron would, instead.
        let by_tick = open == 1 && planned_stops % 2 == 0;
        let out = if by_tick {
            let out = ok(dikast(&["tick", c, "--clock", clock]));
            assert!(out.contains("the next tick goes on"), "step {n}: {out}");
            out
        } else {
            ok(dikast(&["undo", c, "--clock", clock]))
        };
        assert_eq!(
            out.contains("finished an undo of turn 1 that had stopped half-way"),
            open == 1,
            "step {n}: {out}"
        );
        assert!(out.contains("turn 1 awaits orders again"), "{out}");
        assert!(out.contains("the archive verifies"), "{out}");
        assert_eq!(
            split_reseed(snapshot(&copy.join("turns"))).0,
            before,
            "step {n}: the pending turn came back byte for byte"
        );
        assert_eq!(undo_files(&copy), (0, 1), "step {n}: one record, no plan");
        // And it plays on: adjudicated again, with the seed the undo committed to (the
        // same whichever step it stopped at: the undo's time was given), never the
        // seed the first adjudication revealed.
        ok(dikast(&[
            "adjudicate",
            c,
            "--clock",
            "2026-03-01T12:00:00Z",
        ]));
        let redone = snapshot(&copy.join("turns"));
        assert_ne!(
            redone["0002/game.yaml"],
            snapshot(&dir.join("turns"))["0002/game.yaml"],
            "step {n}: the revealed seed was used again"
        );
        match &reference {
            None => reference = Some(redone),
            Some(r) => assert_eq!(&redone, r, "step {n}"),
        }
    }
    assert!(finished, "the undo never got through its steps");
    assert!(
        planned_stops >= 5,
        "only {planned_stops} stops left a plan: the moves are not steps"
    );
    let _ = fs::remove_dir_all(&root);
}

/// The plan an undo left is read as hostile input: a plan that cannot be read, or that
/// moves anything to or from outside the campaign folder, is refused with its name and
/// nothing is moved.
#[test]
fn a_plan_that_moves_outside_the_campaign_is_refused() {
    let (root, dir) = fresh_root("plan");
    let d = dir.to_str().unwrap();
    ok(dikast(&["adjudicate", d]));
    // Stopped at the first step after its plan was made.
    let plan = (1..80)
        .find_map(|n| {
            let copy = root.join(format!("c{n}"));
            copy_of(&dir, &copy);
            let o = undo_failing_at(&copy, n, &[]);
            assert_ne!(o.status.code(), Some(0), "the undo never left a plan");
            fs::read_dir(copy.join(".dikast/undone"))
                .ok()?
                .flatten()
                .map(|e| e.path().join(".undo-plan.yaml"))
                .find(|p| p.is_file())
        })
        .expect("an undo stopped with its plan");
    let copy = plan.ancestors().nth(4).unwrap().to_path_buf();
    let c = copy.to_str().unwrap();
    let written = fs::read_to_string(&plan).unwrap();
    for (bad, says) in [
        (
            written.replacen("to: .dikast/undone/", "to: ../../escaped/", 1),
            "which is not a path inside the campaign folder",
        ),
        (
            written.replacen("from: turns/0001/", "from: /etc/", 1),
            "which is not a path inside the campaign folder",
        ),
        ("moves: [".to_string(), "cannot be read"),
    ] {
        fs::write(&plan, &bad).unwrap();
        let before = snapshot(&copy);
        let o = dikast(&["undo", c]);
        assert_eq!(o.status.code(), Some(1), "{}", text(&o));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains(says) && err.contains(".undo-plan.yaml"),
            "{err}"
        );
        assert_eq!(snapshot(&copy), before, "nothing moved");
        assert!(!root.join("escaped").exists() && !copy.join("../escaped").exists());
    }
    // Put back as it was written, it is carried out.
    fs::write(&plan, &written).unwrap();
    let out = ok(dikast(&["undo", c]));
    assert!(out.contains("finished an undo of turn 1"), "{out}");
    let _ = fs::remove_dir_all(&root);
}

/// After an undo every check sees it: the moderator's archive and a published copy
/// verify the redo against the reseed's commitment and name the undo, a player's folder
/// holding both the voided and the new files verifies (the voided ones named as such),
/// and a changed reseed record or report is caught.
#[test]
fn every_verify_checks_the_redo_against_the_new_commitment() {
    let (root, dir) = fresh_root("verify");
    let d = dir.to_str().unwrap();
    ok(dikast(&["adjudicate", d]));
    let seed1 = revealed(&dir);
    let player = root.join("athens-mail");
    fs::create_dir_all(&player).unwrap();
    let keep = |from: &str, to: &str| {
        fs::copy(dir.join("turns").join(from), player.join(to)).unwrap();
    };
    // What Athens saved from the first adjudication: the view he wrote his orders on
    // and his orders, then the report and the view of turn 2 that the undo voids.
    keep("0001/view-athens.yaml", "view-1.yaml");
    keep("0001/orders/athens.yaml", "athens-1.yaml");
    keep("0001/report-athens.md", "report-1-voided.md");
    keep("0002/view-athens.yaml", "view-2-voided.yaml");
    ok(dikast(&["undo", d, "--clock", "2026-03-02T08:00:00Z"]));
    ok(dikast(&["adjudicate", d]));
    keep("0001/report-athens.md", "report-1.md");
    keep("0002/view-athens.yaml", "view-2.yaml");
    let out = ok(dikast(&["verify", d]));
    assert!(
        out.contains("adjudicated again after an undo at 2026-03-02T08:00:00Z")
            && out.contains(&format!("seed {seed1} retired")),
        "{out}"
    );
    // A player's folder with the voided files beside the new ones.
    let p = player.to_str().unwrap();
    let out = ok(dikast(&["verify", "--player", p]));
    assert!(
        out.contains("voided by the undo of turn 1 at 2026-03-02T08:00:00Z")
            && out.contains("report-1-voided.md")
            && out.contains("view-2-voided.yaml")
            && out.contains("undo: turn 1 was adjudicated again"),
        "{out}"
    );
    // One report checked against the view of before the undo.
    let out = ok(dikast(&[
        "verify",
        "--report",
        player.join("report-1.md").to_str().unwrap(),
        "--view",
        player.join("view-1.yaml").to_str().unwrap(),
        "--orders",
        player.join("athens-1.yaml").to_str().unwrap(),
    ]));
    assert!(out.contains("anchored") && out.contains("retired"), "{out}");
    // A report whose reseed claims another commitment is not anchored.
    let r = fs::read_to_string(player.join("report-1.md")).unwrap();
    let (_, rec) = split_reseed(snapshot(&dir.join("turns")));
    let forged = r.replace(
        &format!("retired_seed: {seed1}"),
        &format!("retired_seed: {}", rec[0].1),
    );
    assert_ne!(forged, r);
    fs::write(player.join("report-1.md"), forged).unwrap();
    let o = dikast(&["verify", "--player", p]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
    // The published copy verifies with the undo named; a changed reseed record fails,
    // named.
    let out_dir = root.join("published");
    ok(dikast(&[
        "publish",
        d,
        out_dir.to_str().unwrap(),
        "--force",
    ]));
    let out = ok(dikast(&["verify", out_dir.to_str().unwrap()]));
    assert!(out.contains(&format!("seed {seed1} retired")), "{out}");
    let rec_path = out_dir.join("turns/0001/reseed.yaml");
    let text0 = fs::read_to_string(&rec_path).unwrap();
    let c = &rec[0].1;
    let other = format!("{}{}", &c[1..], &c[..1]);
    fs::write(&rec_path, text0.replace(c.as_str(), &other)).unwrap();
    let o = dikast(&["verify", out_dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("turn 1"), "{err}");
    // And the moderator's own, with its record changed: refused too.
    fs::write(
        dir.join("turns/0001/reseed.yaml"),
        text0.replace(c.as_str(), &other),
    )
    .unwrap();
    let o = dikast(&["verify", d]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
    let _ = fs::remove_dir_all(&root);
}
