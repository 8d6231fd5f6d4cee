//! What issue 14's speed-ups must not change (functional tests, no timing: the figures
//! are `scripts/bench`'s, see docs/performance.md). `verify` on several threads gives
//! exactly what a serial run gives, passing or failing; `dice --count` prints every
//! value asked for, streamed, equal to the protocol's; `--steps` past any chain is an
//! error, not a silent cut.

mod cli;

use cli::{copy_tree, new_campaign, play_two_turns, TempDir, Test};
use std::fs;
use std::path::Path;

/// A campaign of `n` turns adjudicated after the two played ones (every side NMR).
fn campaign(tmp: &TempDir, n: u32) -> std::path::PathBuf {
    let dir = tmp.join("war");
    new_campaign(&dir, "perf");
    play_two_turns(&dir);
    for _ in 0..n {
        Test::new()
            .arg("adjudicate")
            .arg(&dir)
            .arg("--allow-no-orders")
            .run();
    }
    dir
}

/// `verify DIR` on 1, 2 and 3 threads: the same exit code and the same bytes out.
fn same_on_every_thread_count(dir: &Path) -> cli::Output {
    let run = |threads: &str| {
        Test::new()
            .arg("verify")
            .arg(dir)
            .env("DIKAST_THREADS", threads)
            .output()
    };
    let serial = run("1");
    for threads in ["2", "3"] {
        let par = run(threads);
        assert_eq!(
            (par.code, &par.stdout, &par.stderr),
            (serial.code, &serial.stdout, &serial.stderr),
            "verify on {threads} threads differs from the serial run:\n{}\n--- serial:\n{}",
            par.both(),
            serial.both()
        );
    }
    serial
}

#[test]
fn parallel_verify_gives_what_a_serial_run_gives() {
    let tmp = TempDir::new("perf-verify");
    let dir = campaign(&tmp, 6);
    let ok = same_on_every_thread_count(&dir);
    assert_eq!(ok.code, 0, "{}", ok.both());
    for t in 1..=8 {
        assert!(
            ok.stdout.contains(&format!(
                "turn {t}: re-run gives byte-identical game file, views and reports"
            )),
            "{}",
            ok.both()
        );
    }
    assert!(
        ok.stdout.contains("8 adjudicated turns re-run"),
        "{}",
        ok.both()
    );

    // Two changes, in a late turn and an early one: every thread count names the same
    // one, the file a serial run meets first.
    let bad = tmp.join("bad");
    copy_tree(&dir, &bad);
    let late = bad.join("turns/0007/report-athens.md");
    fs::write(&late, fs::read_to_string(&late).unwrap() + "x\n").unwrap();
    let early = bad.join("turns/0003/report.md");
    fs::write(&early, fs::read_to_string(&early).unwrap() + "x\n").unwrap();
    let failed = same_on_every_thread_count(&bad);
    assert_eq!(failed.code, 3, "{}", failed.both());
    assert!(
        failed.stderr.contains("turns/0003/report.md"),
        "{}",
        failed.both()
    );

    // A game file changed in a late turn is named in the first pass, before any re-run
    // of an earlier turn could be disturbed by it; still the same on every count.
    let game = tmp.join("game");
    copy_tree(&dir, &game);
    let g = game.join("turns/0006/game.yaml");
    let text = fs::read_to_string(&g)
        .unwrap()
        .replacen("turn: 6", "turn: 7", 1);
    fs::write(&g, text).unwrap();
    let failed = same_on_every_thread_count(&game);
    assert_eq!(failed.code, 3, "{}", failed.both());
    assert!(
        failed.stderr.contains("turns/0006/game.yaml"),
        "{}",
        failed.both()
    );
}

/// The values `dice` prints, as numbers.
fn values(stdout: &str) -> Vec<u32> {
    assert!(stdout.ends_with('\n') && stdout.matches('\n').count() == 1);
    stdout
        .split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect()
}

#[test]
fn dice_count_prints_every_value_streamed() {
    let key = "ab".repeat(32);
    let dice = |count: &str, sides: &str| {
        Test::new()
            .args(["dice", "--key", &key, "--label", "battle:Plataea:1"])
            .args(["--count", count, "--sides", sides])
            .run()
            .stdout
    };
    // Past the old silent cap of 1,000,000 (and past the 4096-value chunks the stream is
    // written in): every value, and the first ones those of a short run.
    let many = values(&dice("1000003", "6"));
    assert_eq!(many.len(), 1_000_003);
    assert!(many.iter().all(|v| (1..=6).contains(v)));
    assert_eq!(&many[..30], &values(&dice("30", "6"))[..]);
    for face in 1..=6 {
        // A fair die: each face about a sixth of a million times.
        let n = many.iter().filter(|v| **v == face).count();
        assert!((160_000..173_000).contains(&n), "face {face}: {n} times");
    }
    // Three-digit faces are written whole.
    let big = values(&dice("5000", "256"));
    assert_eq!(big.len(), 5000);
    assert!(big.iter().any(|v| *v >= 100) && big.iter().all(|v| (1..=256).contains(v)));
    // A limit that is real is an error, never a cut.
    Test::new()
        .args([
            "dice",
            "--key",
            &key,
            "--label",
            "a",
            "--count",
            "4294967296",
        ])
        .status(2)
        .stderr_has("--count")
        .run();
    Test::new()
        .args(["dice", "--chain", &key, "--steps", "100001"])
        .failure()
        .stderr_has("at most 100000")
        .run();
}

/// A custom scenario: the embedded 431 text behind a new first comment (another hash,
/// the same name), written into `tmp`.
fn custom_scenario(tmp: &TempDir) -> std::path::PathBuf {
    let p = tmp.join("custom-431.yaml");
    let text = format!(
        "# A moderator's copy of the 431 scenario.\n{}",
        dikast::games::hellenes::HELLENES_431
    );
    fs::write(&p, text).unwrap();
    p
}

fn sha256_hex(bytes: &[u8]) -> String {
    dikast::dice::to_hex(&dikast::dice::sha256(bytes))
}

/// Every game file and view of a campaign.
fn game_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for t in fs::read_dir(dir.join("turns")).unwrap().flatten() {
        for f in fs::read_dir(t.path()).unwrap().flatten() {
            let n = f.file_name().to_string_lossy().into_owned();
            if n == "game.yaml" || (n.starts_with("view-") && n.ends_with(".yaml")) {
                out.push(f.path());
            }
        }
    }
    out.sort();
    out
}

/// `new --scenario <custom>` in `tmp/war`: the folder, the scenario's text and its hash.
fn new_custom_campaign(tmp: &TempDir) -> (std::path::PathBuf, Vec<u8>, String) {
    let dir = tmp.join("war");
    let custom = custom_scenario(tmp);
    let text = fs::read(&custom).unwrap();
    let sha = sha256_hex(&text);
    cli::new_campaign_on(&dir, &custom, "custom");
    (dir, text, sha)
}

#[test]
fn a_custom_scenario_is_archived_once_and_named_by_its_hash() {
    let tmp = TempDir::new("perf-scenario");
    let (dir, text, sha) = new_custom_campaign(&tmp);
    for _ in 0..2 {
        Test::new()
            .arg("adjudicate")
            .arg(&dir)
            .arg("--allow-no-orders")
            .stdout_has("adjudicated")
            .run();
    }
    // Kept once, under its hash; every game file and view names it and carries no copy.
    let kept = dir.join(format!("scenarios/{sha}.yaml"));
    assert_eq!(fs::read(&kept).unwrap(), text);
    assert_eq!(fs::read_dir(dir.join("scenarios")).unwrap().count(), 1);
    let files = game_files(&dir);
    assert_eq!(files.len(), 9, "{files:?}");
    for f in &files {
        let s = fs::read_to_string(f).unwrap();
        assert!(s.contains(&format!("  sha256: {sha}\n")), "{}", f.display());
        assert!(
            !s.contains("\n  text:"),
            "{} carries the scenario",
            f.display()
        );
        assert!(
            s.len() < text.len(),
            "{} is larger than the scenario",
            f.display()
        );
    }
    Test::new()
        .arg("verify")
        .arg(&dir)
        .stdout_has("2 adjudicated turns re-run")
        .run();

    // A player's folder: his view alone does not tell the scenario; with the file mailed
    // beside it, it does. A file under the hash with another text is not taken.
    let player = tmp.join("player");
    fs::create_dir_all(&player).unwrap();
    let view = player.join("view-athens.yaml");
    fs::copy(dir.join("turns/0003/view-athens.yaml"), &view).unwrap();
    let show = || Test::new().arg("show").arg(&view);
    let missing = format!("is not archived beside it: scenarios/{sha}.yaml in a campaign, scenario-{sha}.yaml beside a player's view");
    show().failure().stderr_has(&missing).run();
    let beside = player.join(format!("scenario-{sha}.yaml"));
    fs::write(&beside, [&text[..], b"# changed\n"].concat()).unwrap();
    show().failure().stderr_has(&missing).run();
    fs::write(&beside, &text).unwrap();
    show().stdout_has("View of").run();

    // An archive without the kept scenario names what is missing instead of verifying.
    let lost = tmp.join("lost");
    copy_tree(&dir, &lost);
    fs::remove_dir_all(lost.join("scenarios")).unwrap();
    Test::new()
        .arg("verify")
        .arg(&lost)
        .verify_failure()
        .stderr_has(&missing)
        .run();
}

/// A campaign reads its custom scenario from its own `scenarios/` only: a copy in the
/// folder above it (as `scenario-<sha>.yaml`, the name beside a player's view, or in a
/// `scenarios/` there) is not taken; without its own copy, `adjudicate` and `verify`
/// name what is missing and write nothing.
#[test]
fn a_campaign_takes_its_scenario_from_its_own_scenarios_folder_only() {
    let tmp = TempDir::new("perf-scenario-own");
    let (dir, text, sha) = new_custom_campaign(&tmp);
    Test::new()
        .arg("adjudicate")
        .arg(&dir)
        .arg("--allow-no-orders")
        .run();
    fs::write(tmp.join(format!("scenario-{sha}.yaml")), &text).unwrap();
    fs::create_dir_all(tmp.join("scenarios")).unwrap();
    fs::write(tmp.join(format!("scenarios/{sha}.yaml")), &text).unwrap();
    fs::remove_dir_all(dir.join("scenarios")).unwrap();
    let before = fs::read_dir(dir.join("turns")).unwrap().count();
    let missing = format!("scenarios/{sha}.yaml in a campaign");
    Test::new()
        .arg("adjudicate")
        .arg(&dir)
        .arg("--allow-no-orders")
        .failure()
        .stderr_has(&missing)
        .run();
    assert_eq!(fs::read_dir(dir.join("turns")).unwrap().count(), before);
    assert!(!dir.join("turns/0002/report.md").exists());
    Test::new()
        .arg("verify")
        .arg(&dir)
        .verify_failure()
        .stderr_has(&missing)
        .run();
    // Its own copy back: it plays on.
    fs::create_dir_all(dir.join("scenarios")).unwrap();
    fs::write(dir.join(format!("scenarios/{sha}.yaml")), &text).unwrap();
    Test::new()
        .arg("adjudicate")
        .arg(&dir)
        .arg("--allow-no-orders")
        .stdout_has("turn 2 adjudicated")
        .run();
}

/// Turn 1 of a campaign made over as dikast wrote it before issue 14: the custom
/// scenario's text inline in the game file and both views, and no `scenarios/`.
fn make_inline(dir: &Path) {
    use dikast::games::hellenes::Hellenes;
    use dikast::rules::Rules;
    let g = dir.join("turns/0001/game.yaml");
    let mut game: dikast::game::GameFile<<Hellenes as Rules>::State> =
        serde_yaml::from_slice(&fs::read(&g).unwrap()).unwrap();
    let kept = dir.join(format!("scenarios/{}.yaml", game.scenario.sha256));
    game.scenario.text = Some(fs::read_to_string(&kept).unwrap());
    let bytes = dikast::game::to_yaml(&game).into_bytes();
    fs::write(&g, &bytes).unwrap();
    let sc = dikast::pipeline::load_scenario::<Hellenes>(&game.scenario, "game.yaml").unwrap();
    for (side, view) in dikast::pipeline::view_bytes::<Hellenes>(&sc, &game, &bytes) {
        fs::write(dir.join(format!("turns/0001/view-{side}.yaml")), view).unwrap();
    }
    fs::remove_dir_all(dir.join("scenarios")).unwrap();
}

#[test]
fn an_archive_with_its_scenario_inline_still_verifies_and_plays_on() {
    let tmp = TempDir::new("perf-inline");
    let dir = tmp.join("war");
    Test::new()
        .arg("new")
        .arg(&dir)
        .arg("--scenario")
        .arg(custom_scenario(&tmp))
        .args(["--game-id", "inline", "--secret"])
        .arg(cli::demo_secret())
        .run();
    make_inline(&dir);
    // Two turns on: every later file keeps the old layout (it names the scenario as turn
    // 1 did), nothing is archived apart, and the whole archive verifies.
    for _ in 0..2 {
        Test::new()
            .arg("adjudicate")
            .arg(&dir)
            .arg("--allow-no-orders")
            .run();
    }
    let files = game_files(&dir);
    assert_eq!(files.len(), 9);
    for f in files {
        assert!(
            fs::read_to_string(&f).unwrap().contains("\n  text: "),
            "{} does not carry the scenario",
            f.display()
        );
    }
    assert!(!dir.join("scenarios").exists());
    Test::new()
        .arg("verify")
        .arg(&dir)
        .stdout_has("2 adjudicated turns re-run")
        .run();
}

#[test]
fn a_custom_scenario_goes_to_the_players_with_their_first_mail() {
    let tmp = TempDir::new("perf-scenario-mail");
    let (dir, _, sha) = new_custom_campaign(&tmp);
    fs::write(
        dir.join("campaign.yaml"),
        "dikast: 1\ngame: custom\nrules: hellenes\nscenario: hellenes-431\nplayers:\n  athens:\n    email: athens@example.org\n  sparta:\n    email: sparta@example.org\nmoderator: moderator@example.org\nmail:\n  server: 127.0.0.1\n  port: 9\n  security: none\n  from: dikast@example.org\n",
    )
    .unwrap();
    for t in 1..=2 {
        Test::new()
            .arg("adjudicate")
            .arg(&dir)
            .arg("--allow-no-orders")
            .run();
        Test::new()
            .arg("mail")
            .arg(&dir)
            .args(["--dry-run", "--turn", &t.to_string()])
            .run();
    }
    let attached = format!("filename*0=\"scenario-{sha}.yaml\"");
    // The long name is split across header lines (RFC 2231): joined again here.
    let eml = |t: u32, side: &str| {
        let p = dir.join(format!("turns/{t:04}/mail/dry-run/{side}.eml"));
        fs::read_to_string(p)
            .unwrap()
            .replace('\r', "")
            .replace("\";\n filename*1=\"", "")
    };
    for side in ["athens", "sparta"] {
        assert!(
            eml(1, side).contains(&attached),
            "{side}'s first mail lacks {attached}"
        );
        assert!(!eml(2, side).contains("scenario-"), "sent again");
    }
}

/// campaign.yaml is parsed once per process, and a second time only to place a problem
/// found in it (issue 14): every problem is still named at its own line and column,
/// in the order of the file.
#[test]
fn a_campaign_files_problems_are_placed_at_their_lines() {
    let tmp = TempDir::new("perf-campaign");
    let dir = tmp.join("war");
    new_campaign(&dir, "perf-campaign");
    let p = dir.join("campaign.yaml");
    let text = fs::read_to_string(&p)
        .unwrap()
        .replace("language: en", "language: xx")
        + "deadline_every: 72x\n";
    fs::write(&p, &text).unwrap();
    // line:column (1-based) of each bad value, as the file holds it.
    let place = |needle: &str, nth: usize| {
        let (i, _) = text.match_indices(needle).nth(nth).unwrap();
        let line = text[..i].matches('\n').count() + 1;
        let col = i - text[..i].rfind('\n').map_or(0, |n| n + 1) + 1;
        let key = needle.split(':').next().unwrap().len() + 2;
        format!("campaign.yaml:{line}:{}", col + key)
    };
    let out = Test::new()
        .arg("adjudicate")
        .arg(&dir)
        .arg("--allow-no-orders")
        .output();
    assert_eq!(out.code, 1, "{}", out.both());
    let at = |s: &str| {
        out.stderr
            .find(s)
            .unwrap_or_else(|| panic!("no {s}:\n{}", out.both()))
    };
    let athens = at(&place("language: xx", 0));
    let sparta = at(&place("language: xx", 1));
    let every = at(&place("deadline_every: 72x", 0));
    assert!(athens < sparta && sparta < every, "{}", out.both());
    assert!(out.stderr.contains("campaign::span"), "{}", out.both());
    assert!(out.stderr.contains("3 problems found"), "{}", out.both());
    assert!(!dir.join("turns/0002").exists());
}

// ---- The caches in `.dikast/` (src/cache.rs): time saved, never trusted ----

/// The files of every turn folder under `dir/turns`, by relative path, with their bytes.
fn turns(dir: &Path) -> std::collections::BTreeMap<std::path::PathBuf, cli::Entry> {
    cli::snapshot(&dir.join("turns"))
}

/// `adjudicate DIR --allow-no-orders` at a fixed time (every side NMR), checked to pass.
fn adjudicate_nmr(dir: &Path) {
    Test::new()
        .arg("adjudicate")
        .arg(dir)
        .args(["--allow-no-orders", "--clock", "2026-06-01T12:00:00Z"])
        .stdout_has("adjudicated")
        .run();
}

#[cfg(unix)]
#[test]
fn new_writes_both_caches_private() {
    use std::os::unix::fs::PermissionsExt;
    let tmp = TempDir::new("perf-cache-new");
    let dir = tmp.join("war");
    new_campaign(&dir, "perf");
    for name in ["seeds", "views"] {
        let p = dir.join(".dikast").join(name);
        let meta = fs::metadata(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        assert_eq!(meta.permissions().mode() & 0o777, 0o600, "{}", p.display());
        assert!(meta.len() > 0, "{} is empty", p.display());
    }
    // One fixed-width checkpoint line per 64 positions of the chains, each tagged.
    let seeds = fs::read_to_string(dir.join(".dikast/seeds")).unwrap();
    assert!(seeds.lines().count() >= 2, "{seeds}");
    assert!(seeds
        .lines()
        .all(|l| l.len() == 205 && l.split(' ').count() == 4));
    // The views' record names turn 1, its game file's hash and both sides' views.
    let views = fs::read_to_string(dir.join(".dikast/views")).unwrap();
    let game = fs::read(dir.join("turns/0001/game.yaml")).unwrap();
    let mut lines = views.lines();
    assert_eq!(lines.next(), Some("1"), "{views}");
    assert_eq!(lines.next(), Some(sha256_hex(&game).as_str()), "{views}");
    for side in ["athens", "sparta"] {
        let view = fs::read(dir.join(format!("turns/0001/view-{side}.yaml"))).unwrap();
        assert!(
            views.contains(&format!("{side} {}\n", sha256_hex(&view))),
            "{views}"
        );
    }
}

/// Four copies of a campaign, to be given intact, its cache removed, forged and torn:
/// `tmp/intact`, `tmp/removed`, `tmp/forged`, `tmp/torn`.
fn four_copies(tmp: &TempDir, base: &Path) -> [std::path::PathBuf; 4] {
    ["intact", "removed", "forged", "torn"].map(|name| {
        let d = tmp.join(name);
        copy_tree(base, &d);
        d
    })
}

/// Each copy adjudicated twice; every copy then holds the intact one's turns, byte for
/// byte, and the intact one's `.dikast/<name>` for each of `kept` (written again).
fn same_turns_and_caches_as_intact(copies: &[std::path::PathBuf; 4], kept: &[&str]) {
    for d in copies {
        adjudicate_nmr(d);
        adjudicate_nmr(d);
    }
    let want = turns(&copies[0]);
    assert!(want.keys().any(|p| p.starts_with("0004")), "{want:?}");
    for d in &copies[1..] {
        assert_eq!(
            cli::snapshot_diff(&want, &turns(d)),
            None,
            "{}: not the bytes of the run with its caches intact",
            d.display()
        );
        for name in kept {
            assert_eq!(
                fs::read(d.join(".dikast").join(name)).ok(),
                fs::read(copies[0].join(".dikast").join(name)).ok(),
                "{}: .dikast/{name} not written again",
                d.display()
            );
        }
    }
}

/// A campaign at turn 3 copied four times over: as it is, its caches removed, its
/// caches forged without the secret (a checkpoint's seed changed, the views' record
/// naming other hashes), and its caches truncated. Each adjudicates turns 3 and 4 to the
/// very same bytes, and the runs that found no cache that holds write it again.
#[test]
fn missing_or_forged_caches_change_nothing_but_time() {
    let tmp = TempDir::new("perf-cache-same");
    let base = tmp.join("base");
    new_campaign(&base, "perf");
    play_two_turns(&base);
    let copies = four_copies(&tmp, &base);
    let [_, removed, forged, torn] = &copies;
    for name in ["seeds", "views"] {
        fs::remove_file(removed.join(".dikast").join(name)).unwrap();
    }
    // Forged: the open seed of the checkpoint these turns read (position 64, line 1) has
    // one digit changed (its tag no longer holds), and the views' record names the hash of an empty file for each view.
    let seeds = fs::read_to_string(forged.join(".dikast/seeds")).unwrap();
    let mut s = seeds.into_bytes();
    let i = 206 + 11; // the first hex digit of the open seed on line 1
    s[i] = if s[i] == b'0' { b'1' } else { b'0' };
    fs::write(forged.join(".dikast/seeds"), &s).unwrap();
    let views = fs::read_to_string(forged.join(".dikast/views")).unwrap();
    let empty = sha256_hex(b"");
    let forged_views: String = views
        .lines()
        .map(|l| match l.split_once(' ') {
            Some((side, _)) => format!("{side} {empty}\n"),
            None => format!("{l}\n"),
        })
        .collect();
    fs::write(forged.join(".dikast/views"), forged_views).unwrap();
    for name in ["seeds", "views"] {
        let p = torn.join(".dikast").join(name);
        let b = fs::read(&p).unwrap();
        fs::write(&p, &b[..b.len() / 2]).unwrap();
    }
    // Written again whole: the caches equal the intact run's.
    same_turns_and_caches_as_intact(&copies, &["seeds", "views"]);
    // And the archive, caches aside, verifies.
    Test::new().arg("verify").arg(forged).run();
}

/// A view changed after dikast wrote it is refused although the record of the views is
/// there; so is one whose record was rewritten to name the changed view (without the
/// secret its tag cannot be made). Nothing is adjudicated either time.
#[test]
fn a_changed_view_is_refused_with_its_record_present() {
    let tmp = TempDir::new("perf-cache-view");
    let dir = tmp.join("war");
    new_campaign(&dir, "perf");
    play_two_turns(&dir);
    let view = dir.join("turns/0003/view-sparta.yaml");
    let mut bytes = fs::read(&view).unwrap();
    bytes.extend_from_slice(b"# an edit\n");
    fs::write(&view, &bytes).unwrap();
    let refuse = |dir: &Path| {
        let before = cli::snapshot(dir);
        let o = Test::new()
            .arg("adjudicate")
            .arg(dir)
            .args(["--allow-no-orders", "--clock", "2026-06-01T12:00:00Z"])
            .output();
        assert_ne!(o.code, 0, "{}", o.both());
        assert!(o.both().contains("view-sparta.yaml"), "{}", o.both());
        assert_eq!(cli::snapshot_diff(&before, &cli::snapshot(dir)), None);
    };
    refuse(&dir);
    // The record made to name the edited view: its tag no longer holds.
    let record = dir.join(".dikast/views");
    let text = fs::read_to_string(&record).unwrap();
    let old = sha256_hex(&bytes[..bytes.len() - b"# an edit\n".len()]);
    assert!(text.contains(&old), "{text}");
    fs::write(&record, text.replace(&old, &sha256_hex(&bytes))).unwrap();
    refuse(&dir);
}

/// A custom scenario's checked value is kept as JSON by the first adjudication that parsed
/// its YAML (`.dikast/scenario-<sha256>.json`: mode 0600, a tag line, the JSON) and read
/// by the next ones instead of the YAML. Removed, forged without the secret (a side's name
/// changed: were it read, every report would show it) or torn, it changes no byte
/// written, and the run that found none that holds keeps it again.
#[test]
fn a_custom_scenarios_kept_value_changes_nothing_but_time() {
    let tmp = TempDir::new("perf-cache-scenario");
    let (base, _text, sha) = new_custom_campaign(&tmp);
    adjudicate_nmr(&base);
    let name = format!("scenario-{sha}.json");
    let kept = base.join(".dikast").join(&name);
    let text = fs::read_to_string(&kept)
        .unwrap_or_else(|e| panic!("{}: {e}: not kept by the first run", kept.display()));
    let (tag, json) = text.split_once('\n').unwrap();
    assert!(
        tag.len() == 64 && tag.bytes().all(|b| b.is_ascii_hexdigit()),
        "{tag}"
    );
    let value: serde_json::Value = serde_json::from_str(json).unwrap();
    assert!(value.get("blocks").is_some_and(|b| b.is_array()), "{json}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(&kept).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }
    let copies = four_copies(&tmp, &base);
    let [_, removed, forged, torn] = &copies;
    fs::remove_file(removed.join(".dikast").join(&name)).unwrap();
    assert!(json.contains("\"Athens\""), "{json}");
    fs::write(
        forged.join(".dikast").join(&name),
        format!("{tag}\n{}", json.replacen("\"Athens\"", "\"Athenz\"", 1)),
    )
    .unwrap();
    fs::write(torn.join(".dikast").join(&name), &text[..text.len() / 2]).unwrap();
    same_turns_and_caches_as_intact(&copies, &[name.as_str()]);
    Test::new().arg("verify").arg(forged).run();
}

/// Every command on a campaign reads the kept value, not only `adjudicate`: a value kept
/// by the secret's holder that names a side otherwise is what `status` prints (a test's
/// doctoring; were the YAML parsed, it would print the scenario's own name).
#[test]
fn every_command_on_a_campaign_reads_the_kept_scenario() {
    let tmp = TempDir::new("perf-cache-scenario-all");
    let (base, _text, sha) = new_custom_campaign(&tmp);
    adjudicate_nmr(&base);
    let name = format!("scenario-{sha}.json");
    let text = fs::read_to_string(base.join(".dikast").join(&name)).unwrap();
    let (_, json) = text.split_once('\n').unwrap();
    let side = "{\"id\":\"athens\",\"name\":\"Athens\"}";
    assert!(json.contains(side), "{json}");
    let doctored = json.replacen(side, "{\"id\":\"athens\",\"name\":\"Athenai\"}", 1);
    let layout = dikast::folder::Layout::new(&base);
    let secret = layout.load_secret().unwrap();
    dikast::cache::write_scenario(&layout, &secret, &sha, &doctored).unwrap();
    Test::new()
        .arg("status")
        .arg(&base)
        .stdout_has("athens (Athenai)")
        .run();
    // Without the secret (a player's copy) the kept value is not read.
    fs::remove_file(base.join(".dikast/secret")).unwrap();
    Test::new()
        .arg("status")
        .arg(&base)
        .stdout_has("athens (Athens)")
        .run();
}
