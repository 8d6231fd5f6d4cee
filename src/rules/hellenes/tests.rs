//! Tests that cross the Hellenes layers: an order checked and then resolved, a whole turn
//! through the pipeline, a report verified. (Tests of one layer live with it.)

use super::*;
use crate::rules::Rules;

/// A Hellenes game at the end of a year (Winter done), from the embedded scenario.
fn year_end() -> (Scenario, State) {
    let sc = Hellenes::load_scenario(HELLENES_431).unwrap();
    let mut st = State::start(&sc);
    st.season = model::state::Season::Winter;
    st.phase = model::state::Phase::YearEnd;
    (sc, st)
}

mod year {
    use super::*;
    use model::state::{Phase, Season, Victory};

    /// 14.2: a finished game is not adjudicated: `step()` says why, and the pipeline
    /// refuses the turn with that message (nothing is written).
    #[test]
    fn a_finished_game_is_refused_with_the_reason() {
        let (sc, mut st) = year_end();
        st.phase = Phase::Ended {
            winner: "sparta".into(),
            by: Victory::Prestige,
        };
        let step = Hellenes::step(&sc, &st);
        let why = step
            .unsupported
            .expect("an ended game cannot be adjudicated");
        assert!(why.contains("the game is over: Sparta won"), "{why}");
        assert!(step.title.contains("the game is over"), "{}", step.title);
        assert!(step.awaiting.is_empty(), "a finished game awaits no one");
        let seed = crate::dice::sha256(b"ended");
        let game = crate::game::GameFile {
            dikast: crate::game::FORMAT,
            rules: "hellenes".into(),
            scenario: crate::game::ScenarioRef {
                name: "hellenes-431".into(),
                sha256: crate::game::sha256_hex(HELLENES_431.as_bytes()),
                text: None,
            },
            game: "ended".into(),
            turn: 9,
            step: step.title.clone(),
            awaiting: step.awaiting.clone(),
            dice: crate::game::DiceState {
                protocol: crate::dice::PROTOCOL.into(),
                chain_length: 16,
                commitment: crate::dice::to_hex(&crate::dice::Chain::Open.prev(&seed)),
                sealed_anchor: crate::dice::to_hex(&seed),
            },
            previous: None,
            deadline: None,
            state: st,
        };
        let inp = crate::pipeline::TurnInputs {
            next_deadline: None,
            game_name: "game.yaml".into(),
            game_bytes: crate::game::to_yaml(&game).into_bytes(),
            orders: BTreeMap::new(),
            seed,
            sealed: None,
            fallback: false,
            forced: BTreeMap::new(),
        };
        match crate::pipeline::run_turn::<Hellenes>(&inp) {
            Err(f) => assert!(f.render().contains("the game is over"), "{}", f.render()),
            Ok(_) => panic!("a finished game was adjudicated"),
        }
    }

    /// 10.4: a file sent at New Year without `new_year:` is refused, naming the hand; the
    /// year's end leads to the New Year step, and the New Year to Spring's initiative.
    #[test]
    fn new_year_needs_its_card_and_leads_to_spring() {
        let (sc, mut st) = year_end();
        let dice = crate::dice::TurnDice::new([7u8; 32], Some([9u8; 32]));
        let none: BTreeMap<String, Orders> = BTreeMap::new();
        let r = engine::resolve::resolve(&sc, &st, &none, &dice);
        assert_eq!(r.state.phase, Phase::NewYear);
        assert_eq!((r.state.year, r.state.season), (430, Season::NewYear));
        assert!(r.state.cards.hands.values().all(|h| h.len() == 6));
        st = r.state;
        let view = model::view::build(&sc, &st, "athens");
        let file = crate::diag::SourceFile::new("athens.yaml", "standing: {}\n");
        let root = crate::yaml::parse(&file).unwrap();
        let checked = check::orders::check(&sc, &view, root.as_map().unwrap(), &file);
        assert_eq!(checked.problems.len(), 1);
        assert_eq!(checked.problems[0].code, "orders::missing-new-year");
        let orders: BTreeMap<String, Orders> = sc
            .side_ids()
            .into_iter()
            .map(|s| {
                let v = model::view::build(&sc, &st, &s);
                (s.clone(), Hellenes::default_orders(&sc, &v, &s))
            })
            .collect();
        let r = engine::resolve::resolve(&sc, &st, &orders, &dice);
        assert_eq!(r.state.phase, Phase::Initiative);
        assert_eq!(r.state.season, Season::Spring);
        assert!(r.state.cards.hands.values().all(|h| h.len() == 5));
        assert_eq!(
            r.state.sacrifices.len(),
            2,
            "each side sacrificed by default"
        );
    }
}

mod olympians {
    use super::*;
    use model::orders::{Appeal, When};
    use model::state::{Fortify, Initiative, Phase, Play, PlayedFor, Sacrifice};

    /// Adjudicated with the protocol's own dice (nothing forced): a field battle whose
    /// first Spartan roll is appealed. The report lists the battle's stream and the
    /// re-roll's, and a player's `verify --report` check recomputes both; a changed re-roll
    /// value fails it.
    #[test]
    fn a_rerolled_battle_verifies_from_the_report() {
        let sc = Hellenes::load_scenario(HELLENES_431).unwrap();
        let mut st = State::start(&sc);
        st.phase = Phase::PlayerTurn {
            side: "sparta".into(),
            first: true,
        };
        let play = |c: &str| Play {
            card: c.into(),
            played_for: PlayedFor::Action,
        };
        st.initiative = Some(Initiative {
            plays: [
                ("sparta".to_string(), play("C02")),
                ("athens".to_string(), play("C03")),
            ]
            .into_iter()
            .collect(),
            first: "sparta".into(),
        });
        st.standing
            .get_mut("athens")
            .unwrap()
            .fortify
            .insert("Plataea".into(), Fortify::Field);
        st.standing.get_mut("sparta").unwrap().appeals = vec![Appeal {
            olympian: "Ares".into(),
            on: "battle:*".into(),
            when: When {
                my_hits_at_most: Some(3),
                ..When::default()
            },
        }];
        st.sacrifices.insert(
            "sparta".into(),
            vec![Sacrifice {
                olympian: "Ares".into(),
                year: 431,
            }],
        );
        let seed = crate::dice::sha256(b"reroll");
        let step = Hellenes::step(&sc, &st);
        let game = crate::game::GameFile {
            dikast: crate::game::FORMAT,
            rules: "hellenes".into(),
            scenario: crate::game::ScenarioRef {
                name: "hellenes-431".into(),
                sha256: crate::game::sha256_hex(HELLENES_431.as_bytes()),
                text: None,
            },
            game: "reroll".into(),
            turn: 3,
            step: step.title,
            awaiting: step.awaiting,
            dice: crate::game::DiceState {
                protocol: crate::dice::PROTOCOL.into(),
                chain_length: 16,
                commitment: crate::dice::to_hex(&crate::dice::Chain::Open.prev(&seed)),
                sealed_anchor: crate::dice::to_hex(&seed),
            },
            previous: None,
            deadline: None,
            state: st,
        };
        let bytes = crate::game::to_yaml(&game).into_bytes();
        let orders = format!(
            "game: reroll\nturn: 3\nside: sparta\nbased_on: {}\nactions:\n  - move: [SPA-11]\n    path: [Thebes, Plataea]\n",
            crate::game::sha256_hex(&bytes)
        );
        let inp = crate::pipeline::TurnInputs {
            next_deadline: None,
            game_name: "game.yaml".into(),
            game_bytes: bytes,
            orders: [
                ("athens".to_string(), None),
                (
                    "sparta".to_string(),
                    Some(("sparta.yaml".to_string(), orders.into_bytes())),
                ),
            ]
            .into_iter()
            .collect(),
            seed,
            sealed: Some(crate::dice::sha256(b"sealed")),
            fallback: false,
            forced: BTreeMap::new(),
        };
        let out = crate::pipeline::run_turn::<Hellenes>(&inp)
            .unwrap_or_else(|f| panic!("{}", f.render()));
        let report = &out.side_reports["athens"];
        assert!(report.contains("11.0 Sparta appeals to Ares"), "{report}");
        assert!(report.contains("`battle:Plataea#reroll-1`"), "{report}");
        let mut section = crate::report::parse_dice_section(report).unwrap().unwrap();
        let labels: Vec<&str> = section.events.iter().map(|e| e.label.as_str()).collect();
        assert!(
            labels.contains(&"battle:Plataea") && labels.contains(&"battle:Plataea#reroll-1"),
            "{labels:?}"
        );
        crate::verify::check_section(&section, "report-athens.md", None)
            .unwrap_or_else(|f| panic!("{}", f.render()));
        let e = section
            .events
            .iter_mut()
            .find(|e| e.label == "battle:Plataea#reroll-1")
            .unwrap();
        let d = e.d6.as_mut().unwrap();
        d[0] = if d[0] == 6 { 1 } else { d[0] + 1 };
        assert!(crate::verify::check_section(&section, "report-athens.md", None).is_err());
    }
}
