//! A Hellenes battle re-rolled by an appeal to an Olympian, adjudicated with the protocol's
//! own dice, checked as a player checks it: `verify`'s dice-section check recomputes the
//! battle's stream and the re-roll's from the report, and fails on a changed re-roll. An
//! integration test because it joins a game to the application's `verify`, which a
//! game's own tests cannot reach (issue 29: a game depends on the core only).

use dikast::games::hellenes::model::appeal::{Appeal, When};
use dikast::games::hellenes::model::state::{
    Fortify, Initiative, Phase, Play, PlayedFor, Sacrifice, State,
};
use dikast::games::hellenes::{Hellenes, HELLENES_431};
use dikast::rules::Rules;
use std::collections::BTreeMap;

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
        target: None,
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
        role: None,
    }];
    st.sacrifices.insert(
        "sparta".into(),
        vec![Sacrifice {
            olympian: "Ares".into(),
            year: 431,
        }],
    );
    let seed = dikast::dice::sha256(b"reroll");
    let game = dikast::rules::opening_file::<Hellenes>(
        &sc,
        dikast::game::ScenarioRef {
            name: "hellenes-431".into(),
            sha256: dikast::game::sha256_hex(HELLENES_431.as_bytes()),
            text: None,
        },
        "reroll",
        3,
        dikast::game::DiceState::of(16, &dikast::dice::Chain::Open.prev(&seed), &seed),
        st,
    );
    let bytes = dikast::game::to_yaml(&game).into_bytes();
    let orders = format!(
        "game: reroll\nturn: 3\nside: sparta\nbased_on: {}\nactions:\n  - move: [SPA-11]\n    path: [Thebes, Plataea]\n",
        dikast::game::sha256_hex(&bytes)
    );
    let inp = dikast::pipeline::TurnInputs {
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
        sealed: Some(dikast::dice::sha256(b"sealed")),
        fallback: false,
        forced: BTreeMap::new(),
        reseeds: Vec::new(),
    };
    let out =
        dikast::pipeline::run_turn::<Hellenes>(&inp).unwrap_or_else(|f| panic!("{}", f.render()));
    let report = &out.side_reports["athens"];
    assert!(report.contains("11.0 Sparta appeals to Ares"), "{report}");
    assert!(report.contains("`battle:Plataea#reroll-1`"), "{report}");
    let mut section = dikast::report::parse_dice_section(report).unwrap().unwrap();
    let labels: Vec<&str> = section.events.iter().map(|e| e.label.as_str()).collect();
    assert!(
        labels.contains(&"battle:Plataea") && labels.contains(&"battle:Plataea#reroll-1"),
        "{labels:?}"
    );
    dikast::verify::check_section(&section, "report-athens.md", None)
        .unwrap_or_else(|f| panic!("{}", f.render()));
    let e = section
        .events
        .iter_mut()
        .find(|e| e.label == "battle:Plataea#reroll-1")
        .unwrap();
    let d = e.d6.as_mut().unwrap();
    d[0] = if d[0] == 6 { 1 } else { d[0] + 1 };
    assert!(dikast::verify::check_section(&section, "report-athens.md", None).is_err());
}
