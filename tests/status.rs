//! `dikast status`: orders in, missing or late against the deadline in campaign.yaml,
//! judged at a fixed `--now` (the clock is read only when `--now` is absent) and with
//! arrival times set on the files themselves.

mod cli;

use cli::dikast;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

fn out(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn work(name: &str) -> PathBuf {
    let base = std::env::var_os("DIKAST_TEST_WORK")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            std::env::temp_dir().join(format!("dikast-status-{}", std::process::id()))
        });
    let d = base.join(name);
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&base).unwrap();
    d
}

/// A new campaign whose turn 1 has a deadline of 2026-03-08 18:00 UTC.
fn campaign(name: &str) -> PathBuf {
    let dir = work(name);
    let d = dir.to_str().unwrap();
    let o = dikast(&["new", d, "--game-id", name]);
    assert!(o.status.success(), "{}", out(&o));
    let mut yaml = fs::read_to_string(dir.join("campaign.yaml")).unwrap();
    yaml.push_str("deadlines:\n  1: 2026-03-08T21:00:00+03:00\n  2: 2026-03-15T18:00:00Z\n");
    fs::write(dir.join("campaign.yaml"), yaml).unwrap();
    dir
}

/// Orders of a side written from `dikast template`, arriving at unix time `at`.
fn send(dir: &Path, side: &str, at: u64) {
    let o = dikast(&["template", dir.to_str().unwrap(), "--side", side]);
    assert!(o.status.success(), "{}", out(&o));
    let p = dir.join(format!("turns/0001/orders/{side}.yaml"));
    fs::write(&p, &o.stdout).unwrap();
    let f = fs::File::options().write(true).open(&p).unwrap();
    f.set_modified(UNIX_EPOCH + Duration::from_secs(at))
        .unwrap();
}

const DEADLINE: u64 = 1_772_992_800; // 2026-03-08T18:00:00Z

fn status(dir: &Path, now: &str) -> String {
    let o = dikast(&["status", dir.to_str().unwrap(), "--now", now]);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn line_of<'a>(s: &'a str, side: &str) -> &'a str {
    s.lines()
        .find(|l| l.starts_with(&format!("- {side} ")))
        .unwrap_or_else(|| panic!("no line for {side} in\n{s}"))
}

#[test]
fn orders_in_missing_and_late_against_the_deadline() {
    let dir = campaign("status-deadline");
    send(&dir, "athens", DEADLINE - 3600);

    let before = status(&dir, "2026-03-07T12:00:00Z");
    assert!(before.contains("turn 1 awaits"), "{before}");
    assert!(
        before.contains(
            "deadline: 2026-03-08T21:00:00+03:00 (2026-03-08 18:00 UTC), in 1 day 6 hours"
        ),
        "{before}"
    );
    assert!(
        line_of(&before, "athens")
            .contains("in: turns/0001/orders/athens.yaml, received 2026-03-08 17:00 UTC; valid"),
        "{before}"
    );
    assert_eq!(line_of(&before, "sparta"), "- sparta (Sparta): missing");
    assert!(before.contains("orders: 1 in, 0 late, 1 missing"));

    let after = status(&dir, "2026-03-09T00:00:00Z");
    assert!(after.contains("passed 6 hours ago"), "{after}");
    assert!(line_of(&after, "sparta").contains("missing, and the deadline has passed"));
    assert!(line_of(&after, "sparta").contains("no orders received"));

    send(&dir, "sparta", DEADLINE + 2 * 3600 + 60);
    let late = status(&dir, "2026-03-09T00:00:00Z");
    assert!(
        line_of(&late, "sparta").contains("late: turns/0001/orders/sparta.yaml, received 2026-03-08 20:01 UTC, 2 hours 1 minute after the deadline; valid"),
        "{late}"
    );
    assert!(late.contains("orders: 1 in, 1 late, 0 missing"), "{late}");
}

#[test]
fn invalid_orders_and_stray_files_are_named() {
    let dir = campaign("status-invalid");
    let p = dir.join("turns/0001/orders/athens.yaml");
    fs::write(&p, "game: status-invalid\nturn: 7\nside: athens\n").unwrap();
    let f = fs::File::options().write(true).open(&p).unwrap();
    f.set_modified(UNIX_EPOCH + Duration::from_secs(DEADLINE - 60))
        .unwrap();
    fs::write(dir.join("turns/0001/orders/atens.yaml"), "x: 1\n").unwrap();
    let s = status(&dir, "2026-03-01T00:00:00Z");
    let a = line_of(&s, "athens");
    assert!(a.starts_with("- athens (Athens): in:"), "{s}");
    assert!(a.contains("problem") && a.contains("dikast check"), "{s}");
    assert!(
        s.contains("turns/0001/orders/atens.yaml: names no side"),
        "{s}"
    );
}

#[test]
fn without_a_deadline_nothing_is_late() {
    let dir = work("status-nodeadline");
    let d = dir.to_str().unwrap();
    assert!(dikast(&["new", d]).status.success());
    send(&dir, "athens", 4_000_000_000);
    let s = status(&dir, "2026-03-01T00:00:00Z");
    assert!(s.contains("deadline: none set for turn 1"), "{s}");
    assert!(line_of(&s, "athens").contains("in:"), "{s}");
}

#[test]
fn bad_times_are_refused() {
    let dir = campaign("status-badtime");
    let o = dikast(&["status", dir.to_str().unwrap(), "--clock", "yesterday"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(out(&o).contains("--clock"), "{}", out(&o));

    let mut yaml = fs::read_to_string(dir.join("campaign.yaml")).unwrap();
    yaml = yaml.replace("2026-03-15T18:00:00Z", "2026-03-15 evening");
    fs::write(dir.join("campaign.yaml"), yaml).unwrap();
    let o = dikast(&[
        "status",
        dir.to_str().unwrap(),
        "--now",
        "2026-03-01T00:00:00Z",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", out(&o));
    assert!(out(&o).contains("2026-03-15 evening"), "{}", out(&o));
}

#[test]
fn the_clock_is_used_when_now_is_not_given() {
    let dir = campaign("status-clock");
    let secs = || {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap()
            .as_secs() as i64
    };
    let before = secs();
    let o = dikast(&["status", dir.to_str().unwrap()]);
    let after = secs();
    assert!(o.status.success(), "{}", out(&o));
    let printed = String::from_utf8_lossy(&o.stdout);
    let now_line = printed.lines().find(|l| l.starts_with("now: ")).unwrap();
    assert!(
        (before..=after).any(|t| now_line == format!("now: {}", dikast::clock::format_utc(t))),
        "{now_line} is not the time of the run"
    );
}

/// A side the step does not await owes nothing: `status` says so (never "missing"), only
/// the awaited side is counted (the deadline policy's own unit test,
/// `policy::tests::only_the_sides_a_step_awaits_owe_orders`, holds the same). (Both games await every side in every step they have today — the other side sends
/// standing orders — so the game file's `awaiting` is narrowed by hand here; `status`
/// reads only that envelope, while `adjudicate` refuses the changed file.)
#[test]
fn a_side_the_step_does_not_await_is_never_missing() {
    let dir = campaign("not-awaited");
    let g = dir.join("turns/0001/game.yaml");
    let text = fs::read_to_string(&g).unwrap();
    let narrowed = text.replace("awaiting:\n- athens\n- sparta\n", "awaiting:\n- sparta\n");
    assert_ne!(narrowed, text);
    fs::write(&g, narrowed).unwrap();
    let s = status(&dir, "2026-03-01T00:00:00Z");
    assert!(
        line_of(&s, "athens").contains("not awaited this turn"),
        "{s}"
    );
    assert!(line_of(&s, "sparta").contains("missing"), "{s}");
    assert!(s.contains("orders: 0 in, 0 late, 1 missing"), "{s}");
}

/// Issue 32.10: the report's line under the next deadline (here from `deadlines:`, the
/// adjudication on the machine's clock, nothing late) says what `late:` does, per policy,
/// never the general "may be adjudicated as no orders".
#[test]
fn the_next_deadline_from_deadlines_says_what_late_does() {
    for (policy, said) in [
        (
            "refuse",
            "are refused: standing orders and the defaults apply (`late: refuse`)",
        ),
        (
            "accept",
            "still taken until the turn is adjudicated, marked late (`late: accept`)",
        ),
    ] {
        let dir = campaign(&format!("late-{policy}"));
        let mut yaml = fs::read_to_string(dir.join("campaign.yaml")).unwrap();
        yaml.push_str(&format!("late: {policy}\n"));
        fs::write(dir.join("campaign.yaml"), yaml).unwrap();
        send(&dir, "athens", DEADLINE - 3600);
        send(&dir, "sparta", DEADLINE - 3600);
        let o = dikast(&["adjudicate", dir.to_str().unwrap()]);
        assert!(o.status.success(), "{}", out(&o));
        for f in ["report-athens.md", "report-sparta.md", "report.md"] {
            let r = fs::read_to_string(dir.join("turns/0001").join(f)).unwrap();
            assert!(r.contains("2026-03-15T18:00:00Z"), "{f}: {r}");
            assert!(r.contains(said), "{policy} {f}: {r}");
            assert!(
                !r.contains("may be adjudicated as no orders"),
                "{policy} {f}: {r}"
            );
        }
    }
}
