//! After the turn that ends the game (14.2) nothing asks for orders (issue 10): no
//! report — the moderator's or a side's, in any language — says what to send next, names a
//! deadline or the orders skeleton; `adjudicate` and `status` say the game is over; the
//! turn's mail carries no orders skeleton; `tick` calls no one for orders. The game is
//! ended the way a real one ends: a year end at which Sparta leads by 15 (10.2, 14.2.1),
//! adjudicated by the real `dikast adjudicate`.

mod cli;

use cli::{new_campaign, TempDir, Test};
use dikast::game::{to_yaml, GameFile};
use dikast::games::hellenes::model::state::{Phase, Prestige, Season, State};
use dikast::games::hellenes::{Hellenes, HELLENES_431};
use dikast::lang::Lang;
use dikast::rules::Rules;
use std::fs;
use std::path::Path;

/// Turn 1 of a new campaign made the year end of 431 with Sparta 15 ahead: its game file
/// and views rewritten as `new` would have written them for that state.
fn at_the_winning_year_end(dir: &Path) {
    let path = dir.join("turns/0001/game.yaml");
    let mut game: GameFile<State> = serde_yaml::from_slice(&fs::read(&path).unwrap()).unwrap();
    let sc = Hellenes::load_scenario(HELLENES_431).unwrap();
    game.state.season = Season::Winter;
    game.state.phase = Phase::YearEnd;
    game.state.prestige = Prestige {
        leader: "sparta".into(),
        points: 15,
    };
    let step = Hellenes::step(&sc, &game.state);
    game.step = step.title;
    game.awaiting = step.awaiting;
    let bytes = to_yaml(&game).into_bytes();
    fs::write(&path, &bytes).unwrap();
    for (side, view) in dikast::pipeline::view_bytes::<Hellenes>(&sc, &game, &bytes) {
        fs::write(dir.join(format!("turns/0001/view-{side}.yaml")), view).unwrap();
    }
}

#[test]
fn once_the_game_is_won_nothing_asks_for_orders() {
    let tmp = TempDir::new("game-over");
    let dir = tmp.join("war");
    new_campaign(&dir, "over");
    at_the_winning_year_end(&dir);
    // A deadline set for the turn after: it must not be told to anyone.
    cli::with_players_and_closed_mail(&dir, "ru", "deadlines:\n  2: 2026-03-08T18:00:00Z\n");
    Test::new()
        .arg("adjudicate")
        .arg(&dir)
        .arg("--allow-no-orders")
        .stdout("turn 1 adjudicated; reports in turns/0001; the game is over\n")
        .run();
    let turn = dir.join("turns/0001");
    let mut seen = 0;
    for e in fs::read_dir(&turn).unwrap().flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if !(name.starts_with("report") && name.ends_with(".md")) {
            continue;
        }
        seen += 1;
        let lang = if name.ends_with(".ru.md") {
            Lang::Ru
        } else {
            Lang::En
        };
        let r = fs::read_to_string(e.path()).unwrap();
        assert!(
            r.contains("Sparta wins the game") || lang == Lang::Ru,
            "{name}: {r}"
        );
        assert!(
            r.contains(dikast::report::over_heading(lang)),
            "{name}: {r}"
        );
        for asking in [
            dikast::report::send_next_heading(lang),
            "dikast template",
            "based_on",
            "Deadline",
            "Срок",
            "2026-03-08",
            "Orders start with",
            "Приказы начинаются с",
            "awaits **",
            "ожидает **",
            "nothing: the game is over",
        ] {
            assert!(!r.contains(asking), "{name} says `{asking}`:\n{r}");
        }
        // The game's own title names the winner by name, never by id.
        assert!(!r.contains("sparta won"), "{name}: {r}");
    }
    assert_eq!(seen, 6, "three reports in two languages");
    // `status`: the game is over, nothing is missing, no deadline.
    let st = Test::new()
        .arg("status")
        .arg(&dir)
        .args(["--now", "2026-03-01T10:00:00Z"])
        .run()
        .stdout;
    assert!(
        st.starts_with("over — the game is over: Sparta won"),
        "{st}"
    );
    assert!(st.contains("(turn 1 was the last)"), "{st}");
    assert!(st.contains("no orders are awaited"), "{st}");
    for asking in ["missing", "deadline", "awaits:"] {
        assert!(!st.contains(asking), "status says `{asking}`:\n{st}");
    }
    // The turn's mail: each player's report, view and map, and no skeleton of orders.
    Test::new().arg("mail").arg(&dir).arg("--dry-run").run();
    let dry = turn.join("mail/dry-run");
    let mut players = 0;
    for e in fs::read_dir(&dry).unwrap().flatten() {
        let raw = fs::read(e.path()).unwrap();
        let m = mail_parser::MessageParser::default().parse(&raw).unwrap();
        let names: Vec<String> = m
            .attachments()
            .filter_map(|a| mail_parser::MimeHeaders::attachment_name(a).map(String::from))
            .collect();
        let to = format!("{:?}", m.to());
        if to.contains("mod@example.org") {
            continue;
        }
        players += 1;
        assert!(names.iter().any(|n| n.starts_with("report-")), "{names:?}");
        for side in ["athens", "sparta"] {
            assert!(!names.contains(&format!("{side}.yaml")), "{to}: {names:?}");
        }
        assert!(
            !names.iter().any(|n| n.ends_with(".schema.json")),
            "{names:?}"
        );
    }
    assert_eq!(players, 2);
    // `tick`: no call for orders (the server is a closed port: a call would wait in the
    // outbox).
    let ticked = Test::new()
        .arg("tick")
        .arg(&dir)
        .args(["--clock", "2026-03-01T10:00:00Z"])
        .status(75)
        .run();
    assert!(
        ticked
            .both()
            .contains("there is nothing left to adjudicate; no one is called for orders")
            && !ticked.both().contains("stopped"),
        "{}",
        ticked.both()
    );
    let outbox = dir.join(".dikast/outbox");
    let calls = fs::read_dir(&outbox)
        .map(|rd| {
            rd.flatten()
                .filter(|e| {
                    fs::read_to_string(e.path())
                        .is_ok_and(|t| t.contains("your orders, template and turn token"))
                })
                .count()
        })
        .unwrap_or(0);
    assert_eq!(calls, 0, "a call for orders after the game ended");
}

/// The reports of a turn are renamed into place after its commit and made durable by the
/// next commit's flushes (docs/formats.md); after the turn that ends the game no commit
/// follows, so that adjudication flushes the turn folder itself, last, and a failure of
/// that flush undoes the run like a failure at any other step.
#[test]
fn the_turn_that_ends_the_game_flushes_its_reports_itself() {
    let tmp = TempDir::new("game-over-flush");
    let dir = tmp.join("war");
    new_campaign(&dir, "over-flush");
    at_the_winning_year_end(&dir);
    let before = cli::snapshot(&dir);
    let mut steps = Vec::new();
    let mut n = 1;
    loop {
        let out = Test::new()
            .arg("adjudicate")
            .arg(&dir)
            .arg("--allow-no-orders")
            .env(dikast::fsx::FAIL_STEP_ENV, &n.to_string())
            .output();
        if out.code == 0 {
            break;
        }
        let marker = format!("injected failure at step {n} (");
        let at = out
            .stderr
            .find(&marker)
            .unwrap_or_else(|| panic!("{}", out.both()));
        let what = out.stderr[at + marker.len()..]
            .split(')')
            .next()
            .unwrap_or_default()
            .to_string();
        assert_eq!(
            cli::snapshot_diff(&before, &cli::snapshot(&dir)),
            None,
            "a failure at step {n} ({what}) changed the campaign"
        );
        steps.push(what);
        n += 1;
        assert!(n < 400, "the adjudication never got through");
    }
    let turn1 = dir.join("turns/0001");
    let last = steps.last().expect("some steps");
    assert_eq!(last, &format!("fsync {}", turn1.display()), "{steps:#?}");
    let report = format!("rename {}", turn1.join("report.md").display());
    let renamed = steps.iter().position(|s| *s == report);
    assert_eq!(renamed, Some(steps.len() - 2), "{steps:#?}");
    assert!(turn1.join("report.md").exists());
}
