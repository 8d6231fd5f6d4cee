//! `dikast odds` takes nothing it cannot answer within its bounds (issues 28.3 and 31.4):
//! every number a player types is checked like an order (steps 1 to 4, ratings of the
//! game, `--hit-on` 1 to 6, rounds 1 to MAX_ROUNDS (3), at most MAX_BLOCKS a side, the joint
//! table within MAX_JOINT_POSITIONS), each refusal a clear message naming the bound with a
//! hint and exit 1, never a panic; and the largest question within the bounds is answered
//! (its time is the bench's: scripts/bench, docs/performance.md, never a timed test).
//! The command's kinds and options are the games' own (`Rules::odds_offer`), added at run
//! time: every one reaches `dikast odds --help` and the game that reads it.
//! Its answers of every shape stay byte for byte what they were (golden answers in
//! tests/data/odds), whatever is done to make them faster (31.2).

mod cli;

use cli::Test;
use num_rational::BigRational;

/// Each refusal: the arguments after `odds`, and what its message must name.
#[test]
fn every_number_out_of_bounds_is_refused_with_its_bound_and_a_hint() {
    let eight = "4B2,4B2,4B2,4B2,4B2,4B2,4B2,4B2";
    let nine = format!("{eight},1C1");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec![
                "battle",
                "--attacker",
                "1B2",
                "--defender",
                "1B2",
                "--rounds",
                "0",
            ],
            "1 to 3 rounds (MAX_ROUNDS)",
        ),
        (
            vec![
                "battle",
                "--attacker",
                "1B2",
                "--defender",
                "1B2",
                "--rounds",
                "11",
            ],
            "1 to 3 rounds (MAX_ROUNDS)",
        ),
        (
            vec![
                "battle",
                "--attacker",
                "1B2",
                "--defender",
                "1B2",
                "--rounds",
                "4000000000",
            ],
            "1 to 3 rounds (MAX_ROUNDS)",
        ),
        (
            vec!["battle", "--attacker", "9B2", "--defender", "1B2"],
            "a block has 1 to 4 steps (2.0; MAX_STEPS), not 9",
        ),
        (
            vec!["battle", "--attacker", "1B2", "--defender", "0C1"],
            "a block has 1 to 4 steps (2.0; MAX_STEPS), not 0",
        ),
        (
            vec!["battle", "--attacker", "2G2", "--defender", "1B2"],
            "`G2` is not a rating of this game",
        ),
        (
            vec!["battle", "--attacker", "2B4", "--defender", "1B2"],
            "`B4` is not a rating of this game",
        ),
        (
            vec![
                "attrition",
                "--at",
                "Plataea",
                "--defender",
                "2B2",
                "--hit-on",
                "7",
            ],
            "`--hit-on 7`: a die shows 1 to 6",
        ),
        (
            vec![
                "attrition",
                "--at",
                "Plataea",
                "--defender",
                "2B2",
                "--hit-on",
                "0",
            ],
            "`--hit-on 0`: a die shows 1 to 6",
        ),
        (
            vec![
                "battle",
                "--attacker",
                "1B2",
                "--defender",
                "1B2",
                "--hit-on",
                "3",
            ],
            "only an attrition has a hit number",
        ),
        (
            vec![
                "attrition",
                "--at",
                "Plataea",
                "--defender",
                "2B2",
                "--rounds",
                "2",
            ],
            "an attrition is one roll",
        ),
        (
            vec![
                "battle",
                "--attacker",
                "1B2",
                "--defender",
                "1B2",
                "--no-double-defence",
            ],
            "only an assault has double defence",
        ),
        (
            vec!["battle", "--attacker", &nine, "--defender", "1B2"],
            "at most 8 a side, a garrison apart (MAX_BLOCKS)",
        ),
        (
            vec!["naval", "--attacker", "1E2", "--defender", &nine],
            "`--defender`: 9 blocks",
        ),
        (
            vec![
                "battle",
                "--attacker",
                eight,
                "--defender",
                eight,
                "--json",
                "--joint",
            ],
            "passes 50000 positions (MAX_JOINT_POSITIONS)",
        ),
    ];
    for (args, says) in cases {
        let out = Test::new()
            .arg("odds")
            .args(&args)
            .failure()
            .stderr_has(says)
            .run();
        assert!(
            out.stderr.contains("hint"),
            "dikast odds {args:?}: no hint\n{}",
            out.stderr
        );
        assert!(
            out.stdout.is_empty(),
            "dikast odds {args:?} printed an answer"
        );
    }
}

/// The sum of the exact probabilities of a JSON list of `{"exact": "n/d"}`.
fn total(list: &serde_json::Value) -> BigRational {
    list.as_array()
        .unwrap()
        .iter()
        .map(|p| p["exact"].as_str().unwrap().parse::<BigRational>().unwrap())
        .fold(BigRational::from_integer(0.into()), |a, p| a + p)
}

/// The largest questions the bounds accept: 8 blocks a side of 4 steps, 3 rounds, in a
/// field battle (ratings that hit and rout) and an assault with a garrison and Treachery
/// (two battles); each answered whole, its probabilities summing to exactly 1, and the
/// battle's table, past MAX_JOINT_POSITIONS for its outcomes, says it lists none.
#[test]
fn the_largest_accepted_questions_are_answered_whole() {
    let eight = "4B2,4A1,4C2,4B1,4A2,4B2,4C1,4B2";
    for args in [
        vec![
            "battle",
            "--attacker",
            eight,
            "--defender",
            eight,
            "--rounds",
            "3",
        ],
        vec![
            "assault",
            "--at",
            "Plataea",
            "--attacker",
            eight,
            "--defender",
            &format!("{eight},garrison"),
            "--rounds",
            "3",
            "--no-double-defence",
        ],
    ]
    .into_iter()
    .enumerate()
    {
        let (i, args) = args;
        let out = Test::new().arg("odds").args(&args).arg("--json").run();
        let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
        let winners: Vec<serde_json::Value> = v["winners"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w["p"].clone())
            .collect();
        assert_eq!(
            total(&serde_json::Value::Array(winners)),
            BigRational::from_integer(1.into()),
            "{args:?}"
        );
        for b in v["blocks"].as_array().unwrap() {
            assert_eq!(
                total(&b["steps_left"]),
                BigRational::from_integer(1.into()),
                "{args:?}: {}",
                b["id"]
            );
        }
        if i > 0 {
            continue;
        }
        Test::new()
            .arg("odds")
            .args(&args)
            .stdout_has("outcomes not listed: the joint table of every block's end passes 50000 positions (MAX_JOINT_POSITIONS)")
            .run();
    }
}

/// Every game's odds offer reaches the command: each kind in the help of `KIND`, each
/// option in the help and on the command line (an option no game offers is clap's
/// refusal, exit 2), and an option a game does not take is the game's refusal (exit 1).
#[test]
fn the_games_offers_are_the_commands_kinds_and_options() {
    let reg = dikast::games::builtin();
    let help = Test::new().args(["odds", "--help"]).run().stdout;
    let mut offered = 0;
    for g in reg.games() {
        let offer = g.odds_offer();
        for (kind, what) in offer.kinds {
            assert!(
                help.contains(&format!("{kind} ({what})")),
                "{}: kind {kind} not in the help:\n{help}",
                g.id()
            );
        }
        for o in offer.options {
            offered += 1;
            assert!(
                help.contains(&format!("--{}", o.name)),
                "{}: --{} not in the help:\n{help}",
                g.id(),
                o.name
            );
        }
    }
    assert!(offered > 0, "some game offers odds options");
    Test::new()
        .args(["odds", "battle", "--no-such-option", "1"])
        .status(2)
        .run();
    // Successors takes no --rounds (a Hellenes option): its own refusal, naming it.
    let successors = reg.scenario_names().into_iter().find(|n| {
        reg.by_scenario(n)
            .is_some_and(|(g, _)| g.id() == "successors")
    });
    if let Some(sc) = successors {
        Test::new()
            .args([
                "odds",
                "battle",
                "--scenario",
                sc,
                "--at",
                "Babylon",
                "--attacker",
                "3",
                "--defender",
                "3",
                "--rounds",
                "2",
            ])
            .status(1)
            .stderr_has("take no `rounds`")
            .run();
    }
}

/// Golden answers (tests/data/odds: `questions.txt`, one `NAME|ARGS` a line, and
/// `NAME.out`, the answer written by the code before the 31.2 speed-ups): every shape
/// (the table with and without outcomes listed, `--json`, `--json --joint`, `--top`,
/// Treachery, an assault with a garrison, a sortie, an attrition, 4 v 4 and 8 v 8) stays
/// byte for byte what it was. `DIKAST_BLESS=1` rewrites them (only for an intended
/// change, read as a diff).
#[test]
fn the_answers_of_every_shape_stay_byte_for_byte() {
    let dir = cli::repo().join("tests/data/odds");
    let bless = std::env::var("DIKAST_BLESS").is_ok_and(|v| v == "1");
    let list = std::fs::read_to_string(dir.join("questions.txt")).unwrap();
    let mut asked = 0;
    for line in list.lines().filter(|l| !l.trim().is_empty()) {
        let (name, args) = line.split_once('|').unwrap();
        let out = Test::new().arg("odds").args(args.split_whitespace()).run();
        let path = dir.join(format!("{name}.out"));
        if bless {
            std::fs::write(&path, &out.stdout).unwrap();
        } else {
            let want = std::fs::read_to_string(&path).unwrap();
            assert!(
                out.stdout == want,
                "dikast odds {args}: the answer changed (tests/data/odds/{name}.out)"
            );
        }
        asked += 1;
    }
    assert!(asked >= 9, "{asked} golden questions");
}
