//! The engine, sentence by sentence of the page, with forced dice (the rule cases under
//! tests/cases/successors/ show the same through the order checker).

use super::resolve;
use crate::model::events::{Event, Modifier, ResetWhy, Segment};
use crate::model::orders::{IndependentOrder, OpsUse, Orders, Step, TychePlay, Use};
use crate::model::params::AssaultResult;
use crate::model::scenario::{Scenario, SUCCESSORS_323};
use crate::model::state::{Army, Phase, State, INDEPENDENT};
use dikast_core::dice::TurnDice;
use std::collections::BTreeMap;

fn sc() -> Scenario {
    serde_yaml::from_str(SUCCESSORS_323).unwrap()
}

/// Round 1 of turn I, nobody's hand dealt, no card revealed.
fn start(sc: &Scenario) -> State {
    let mut st = State::start(sc, 3);
    st.phase = Phase::Round;
    st.round = 1;
    st.tyche.deck.clear();
    st
}

fn put(st: &mut State, general: &str, player: &str, at: &str, cus: u32, inside: bool) {
    st.armies.retain(|a| a.general != general);
    st.armies.push(Army {
        general: general.into(),
        player: player.into(),
        at: at.into(),
        cus,
        macedonians: 0,
        inside,
    });
}

fn control(st: &mut State, space: &str, c: Option<&str>) {
    st.space_mut(space).unwrap().control = c.map(str::to_string);
}

fn run(
    sc: &Scenario,
    st: &State,
    orders: Vec<(&str, Orders)>,
    forced: &[(&str, &[u32])],
) -> (State, Vec<Event>) {
    let forced: BTreeMap<String, Vec<u32>> = forced
        .iter()
        .map(|(l, v)| (l.to_string(), v.to_vec()))
        .collect();
    let dice = TurnDice::new([7; 32], Some([9; 32])).with_forced(forced);
    let orders: BTreeMap<String, Orders> = orders
        .into_iter()
        .map(|(p, o)| (p.to_string(), o))
        .collect();
    let r = resolve(sc, st, &orders, &dice);
    (r.state, r.events)
}

fn act(general: &str, steps: Vec<Step>) -> Orders {
    Orders {
        activation: vec![(general.to_string(), steps)],
        ..Orders::default()
    }
}

fn assaults(ev: &[Event]) -> Vec<(u32, Vec<Modifier>, AssaultResult, u32)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Assault {
                roll,
                modifiers,
                result,
                points,
                ..
            } => Some((*roll, modifiers.clone(), *result, *points)),
            _ => None,
        })
        .collect()
}

fn voids(ev: &[Event]) -> Vec<String> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Void { why, .. } => Some(why.en.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn city_modifier_applies_and_table_gives_a_siege_point() {
    // §1: Sardis has −1 printed; 6 − 1 = 5: a siege point (of 3 for a major city).
    let sc = sc();
    let mut st = start(&sc);
    put(&mut st, "Perdikkas", "perdikkas", "Sardis", 4, false);
    control(&mut st, "Sardis", Some("antipatros"));
    let (st2, ev) = run(
        &sc,
        &st,
        vec![("perdikkas", act("Perdikkas", vec![Step::Assault]))],
        &[("assault:Sardis#1", &[6])],
    );
    let a = assaults(&ev);
    assert_eq!(
        a,
        vec![(6, vec![Modifier::City(-1)], AssaultResult::SiegePoint, 1)]
    );
    assert_eq!(st2.space("Sardis").unwrap().siege_points, 1);
    assert_eq!(
        st2.space("Sardis").unwrap().besieger.as_deref(),
        Some("perdikkas")
    );
}

#[test]
fn major_port_without_fleet_minus_one_but_not_with_a_ready_fleet() {
    // §1: Ephesus is a major port; perdikkas has no fleet: −1. 5 − 1 = 4: nothing.
    let sc = sc();
    let mut st = start(&sc);
    put(&mut st, "Perdikkas", "perdikkas", "Ephesus", 4, false);
    control(&mut st, "Ephesus", Some("antipatros"));
    st.fleets.get_mut("perdikkas").unwrap().count = 0;
    let (_, ev) = run(
        &sc,
        &st,
        vec![("perdikkas", act("Perdikkas", vec![Step::Assault]))],
        &[("assault:Ephesus#1", &[5])],
    );
    assert_eq!(assaults(&ev)[0].1, vec![Modifier::PortWithoutFleet(-1)]);
    assert_eq!(assaults(&ev)[0].2, AssaultResult::Nothing);
    // All fleets dispersed: still −1.
    st.fleets.get_mut("perdikkas").unwrap().count = 1;
    st.fleets.get_mut("perdikkas").unwrap().dispersed = 1;
    let (_, ev) = run(
        &sc,
        &st,
        vec![("perdikkas", act("Perdikkas", vec![Step::Assault]))],
        &[("assault:Ephesus#1", &[5])],
    );
    assert_eq!(assaults(&ev)[0].1, vec![Modifier::PortWithoutFleet(-1)]);
    // One ready fleet: no modifier, 5 is a siege point.
    st.fleets.get_mut("perdikkas").unwrap().dispersed = 0;
    let (_, ev) = run(
        &sc,
        &st,
        vec![("perdikkas", act("Perdikkas", vec![Step::Assault]))],
        &[("assault:Ephesus#1", &[5])],
    );
    assert_eq!(assaults(&ev)[0].1, vec![]);
    assert_eq!(assaults(&ev)[0].2, AssaultResult::SiegePoint);
}

fn with_card(st: &mut State, player: &str, card: &str) {
    st.tyche
        .hands
        .insert(player.to_string(), vec![card.to_string()]);
}

#[test]
fn helepolis_and_traitor_modify_the_players_attempts_on_their_target() {
    let sc = sc();
    for (card, v, roll, want) in [
        ("T14", 1, 4, AssaultResult::SiegePoint),
        ("T49", 3, 2, AssaultResult::SiegePoint),
    ] {
        let mut st = start(&sc);
        put(&mut st, "Perdikkas", "perdikkas", "Babylon", 4, false);
        control(&mut st, "Babylon", Some("antipatros"));
        with_card(&mut st, "perdikkas", card);
        let mut o = act("Perdikkas", vec![Step::Assault]);
        o.tyche = Some(TychePlay {
            card: card.into(),
            how: Use::Event,
            target: Some("Babylon".into()),
            ops: OpsUse::default(),
            independent: None,
        });
        let (_, ev) = run(
            &sc,
            &st,
            vec![("perdikkas", o)],
            &[("assault:Babylon#1", &[roll])],
        );
        let a = assaults(&ev);
        assert_eq!(a[0].1, vec![Modifier::Card(card.into(), v)], "{card}");
        assert_eq!(a[0].2, want, "{card}");
    }
}

#[test]
fn besieger_loses_a_cu_on_a_low_roll() {
    let sc = sc();
    let mut st = start(&sc);
    put(&mut st, "Perdikkas", "perdikkas", "Babylon", 4, false);
    control(&mut st, "Babylon", Some("antipatros"));
    let (st2, ev) = run(
        &sc,
        &st,
        vec![("perdikkas", act("Perdikkas", vec![Step::Assault]))],
        &[("assault:Babylon#1", &[1])],
    );
    assert_eq!(assaults(&ev)[0].2, AssaultResult::BesiegerLosesCu);
    assert_eq!(st2.army("Perdikkas").unwrap().cus, 3);
}

#[test]
fn a_minor_city_falls_at_one_point_and_a_major_at_three() {
    let sc = sc();
    let mut st = start(&sc);
    // (A player's marker on a minor city goes in the Surrender segment: an independent
    // one needs subjugation, one point.)
    put(&mut st, "Perdikkas", "perdikkas", "Karrhai", 3, false);
    control(&mut st, "Karrhai", Some(INDEPENDENT));
    let (st2, ev) = run(
        &sc,
        &st,
        vec![("perdikkas", act("Perdikkas", vec![Step::Assault]))],
        &[("assault:Karrhai#1", &[6])],
    );
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Captured { space, .. } if space == "Karrhai")));
    assert_eq!(st2.control("Karrhai"), Some("perdikkas"));
    // Babylon at 2 points: the third takes it, and a general inside falls with it.
    let mut st = start(&sc);
    put(&mut st, "Perdikkas", "perdikkas", "Babylon", 4, false);
    put(&mut st, "Seleukos", "antipatros", "Babylon", 2, true);
    control(&mut st, "Babylon", Some("antipatros"));
    st.space_mut("Babylon").unwrap().siege_points = 2;
    st.space_mut("Babylon").unwrap().besieger = Some("perdikkas".into());
    let (st2, ev) = run(
        &sc,
        &st,
        vec![("perdikkas", act("Perdikkas", vec![Step::Assault]))],
        &[("assault:Babylon#1", &[6])],
    );
    assert_eq!(st2.control("Babylon"), Some("perdikkas"));
    assert!(st2.army("Seleukos").is_none());
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::FellInside { general, .. } if general == "Seleukos")));
}

#[test]
fn subjugation_needs_three_cus_and_removes_the_independent_marker() {
    let sc = sc();
    let mut st = start(&sc);
    put(&mut st, "Eumenes", "perdikkas", "Komana", 2, false);
    assert_eq!(st.control("Komana"), Some(INDEPENDENT));
    let (_, ev) = run(
        &sc,
        &st,
        vec![("perdikkas", act("Eumenes", vec![Step::Assault]))],
        &[("assault:Komana#1", &[6])],
    );
    assert!(assaults(&ev).is_empty());
    assert!(voids(&ev)[0].contains("§3"), "{:?}", voids(&ev));
    put(&mut st, "Eumenes", "perdikkas", "Komana", 3, false);
    let (st2, ev) = run(
        &sc,
        &st,
        vec![("perdikkas", act("Eumenes", vec![Step::Assault]))],
        &[("assault:Komana#1", &[6])],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Captured {
            subjugation: true,
            ..
        }
    )));
    assert_eq!(st2.control("Komana"), Some("perdikkas"));
}

#[test]
fn independent_markers_are_not_removed_in_the_surrender_segment() {
    let sc = sc();
    let mut st = start(&sc);
    put(&mut st, "Eumenes", "perdikkas", "Komana", 3, false);
    put(&mut st, "Seleukos", "perdikkas", "Nisibis", 2, false);
    control(&mut st, "Nisibis", Some("antipatros"));
    let (st2, _) = run(&sc, &st, vec![], &[]);
    assert_eq!(st2.control("Komana"), Some(INDEPENDENT));
    // A player's marker on a minor city goes, and the player's own is placed.
    assert_eq!(st2.control("Nisibis"), Some("perdikkas"));
}

#[test]
fn two_attempts_per_activation_by_one_army_no_third_no_second_army() {
    let sc = sc();
    let mut st = start(&sc);
    put(&mut st, "Perdikkas", "perdikkas", "Babylon", 5, false);
    put(&mut st, "Seleukos", "perdikkas", "Babylon", 5, false);
    control(&mut st, "Babylon", Some("antipatros"));
    let mut o = act(
        "Perdikkas",
        vec![Step::Assault, Step::Assault, Step::Assault],
    );
    o.activation.push(("Seleukos".into(), vec![Step::Assault]));
    let (_, ev) = run(
        &sc,
        &st,
        vec![("perdikkas", o)],
        &[("assault:Babylon#1", &[3]), ("assault:Babylon#2", &[3])],
    );
    assert_eq!(assaults(&ev).len(), 2);
    let v = voids(&ev);
    assert!(v[0].contains("at most 2 attempts"), "{v:?}");
    assert!(
        v[1].contains("several armies may not each attempt"),
        "{v:?}"
    );
}

#[test]
fn five_attempts_a_round_one_in_surrender() {
    let sc = sc();
    let mut st = start(&sc);
    put(&mut st, "Perdikkas", "perdikkas", "Babylon", 5, false);
    control(&mut st, "Babylon", Some("antipatros"));
    with_card(&mut st, "perdikkas", "T01");
    let mut o = act("Perdikkas", vec![Step::Assault, Step::Assault]);
    o.surrender = vec!["Babylon".into()];
    o.tyche = Some(TychePlay {
        card: "T01".into(),
        how: Use::Ops,
        target: None,
        ops: OpsUse {
            march: Some(("Perdikkas".into(), vec![Step::Assault, Step::Assault])),
            ..OpsUse::default()
        },
        independent: None,
    });
    let (_, ev) = run(&sc, &st, vec![("perdikkas", o)], &[]);
    let segs: Vec<Segment> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Assault { segment, .. } => Some(*segment),
            _ => None,
        })
        .collect();
    // T01 has 2 OPs: two attempts in the Tyche segment.
    assert_eq!(
        segs,
        vec![
            Segment::Surrender,
            Segment::Tyche,
            Segment::Tyche,
            Segment::Activation,
            Segment::Activation
        ]
    );
}

#[test]
fn third_party_win_removes_the_siege_points() {
    // §5: antipatros besieges Babylon (perdikkas's) with 2 points; ptolemaios beats him there.
    let sc = sc();
    let mut st = start(&sc);
    st.armies.retain(|a| a.at != "Babylon" && a.at != "Opis");
    put(&mut st, "Krateros", "antipatros", "Babylon", 2, false);
    put(&mut st, "Ptolemaios", "ptolemaios", "Opis", 5, false);
    st.space_mut("Babylon").unwrap().siege_points = 2;
    st.space_mut("Babylon").unwrap().besieger = Some("antipatros".into());
    let (st2, ev) = run(
        &sc,
        &st,
        vec![(
            "ptolemaios",
            act("Ptolemaios", vec![Step::Land("Babylon".into())]),
        )],
        &[("battle:Babylon#1", &[6, 1])],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::SiegeReset {
            why: ResetWhy::ThirdParty,
            points: 2,
            ..
        }
    )));
    assert_eq!(st2.space("Babylon").unwrap().siege_points, 0);
}

#[test]
fn the_besieged_player_s_own_win_is_not_a_third_party_reset() {
    let sc = sc();
    let mut st = start(&sc);
    st.armies.retain(|a| a.at != "Babylon" && a.at != "Opis");
    put(&mut st, "Krateros", "antipatros", "Babylon", 2, false);
    put(&mut st, "Perdikkas", "perdikkas", "Opis", 5, false);
    st.space_mut("Babylon").unwrap().siege_points = 2;
    st.space_mut("Babylon").unwrap().besieger = Some("antipatros".into());
    let (_, ev) = run(
        &sc,
        &st,
        vec![(
            "perdikkas",
            act("Perdikkas", vec![Step::Land("Babylon".into())]),
        )],
        &[("battle:Babylon#1", &[6, 1])],
    );
    assert!(!ev.iter().any(|e| matches!(
        e,
        Event::SiegeReset {
            why: ResetWhy::ThirdParty,
            ..
        }
    )));
    // The besieger retreated: the siege is lifted [A].
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::SiegeReset {
            why: ResetWhy::Lifted,
            ..
        }
    )));
}

fn sally_setup(sc: &Scenario, points: u32) -> State {
    let mut st = start(sc);
    st.armies.retain(|a| a.at != "Babylon");
    put(&mut st, "Krateros", "antipatros", "Babylon", 4, false);
    put(&mut st, "Seleukos", "perdikkas", "Babylon", 2, true);
    control(&mut st, "Babylon", Some("perdikkas"));
    st.space_mut("Babylon").unwrap().siege_points = points;
    st.space_mut("Babylon").unwrap().besieger = Some("antipatros".into());
    st.standing
        .entry("perdikkas".into())
        .or_default()
        .sally
        .insert("Babylon".into(), 2);
    st
}

#[test]
fn sallies_each_cu_separately_unmodified_during_the_besieger_s_activation() {
    let sc = sc();
    let st = sally_setup(&sc, 1);
    // First sally: 6 → a siege point removed (1 → 0); second: 1 → the sallying CU lost.
    let (st2, ev) = run(
        &sc,
        &st,
        vec![("antipatros", act("Krateros", vec![]))],
        &[("sally:Babylon#1", &[6]), ("sally:Babylon#2", &[1])],
    );
    let s: Vec<(AssaultResult, u32)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Sally { result, points, .. } => Some((*result, *points)),
            _ => None,
        })
        .collect();
    assert_eq!(
        s,
        vec![
            (AssaultResult::SiegePoint, 0),
            (AssaultResult::BesiegerLosesCu, 0)
        ]
    );
    assert_eq!(st2.army("Seleukos").unwrap().cus, 1);
    assert_eq!(
        st2.army("Krateros").unwrap().cus,
        4,
        "a sally never costs the besieger a CU"
    );
}

#[test]
fn a_sally_never_takes_siege_points_below_zero() {
    let sc = sc();
    let st = sally_setup(&sc, 0);
    let (st2, _) = run(
        &sc,
        &st,
        vec![("antipatros", act("Krateros", vec![]))],
        &[("sally:Babylon#1", &[6]), ("sally:Babylon#2", &[6])],
    );
    assert_eq!(st2.space("Babylon").unwrap().siege_points, 0);
}

#[test]
fn no_sally_without_the_besieger_s_activation() {
    let sc = sc();
    let st = sally_setup(&sc, 1);
    let (_, ev) = run(&sc, &st, vec![], &[]);
    assert!(!ev.iter().any(|e| matches!(e, Event::Sally { .. })));
}

#[test]
fn inside_a_besieged_non_port_an_army_cannot_leave_but_may_sortie() {
    let sc = sc();
    let st = sally_setup(&sc, 1);
    let (_, ev) = run(
        &sc,
        &st,
        vec![(
            "perdikkas",
            act("Seleukos", vec![Step::Land("Opis".into())]),
        )],
        &[],
    );
    assert!(voids(&ev)[0].contains("§2"), "{:?}", voids(&ev));
    let (st2, ev) = run(
        &sc,
        &st,
        vec![("perdikkas", act("Seleukos", vec![Step::Sortie]))],
        &[("battle:Babylon#1", &[6, 1])],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Battle {
            attacker_won: true,
            ..
        }
    )));
    assert_ne!(st2.army("Krateros").unwrap().at, "Babylon");
}

#[test]
fn never_more_than_two_cus_inside() {
    let sc = sc();
    let mut st = start(&sc);
    st.armies.retain(|a| a.at != "Babylon");
    put(&mut st, "Perdikkas", "perdikkas", "Babylon", 1, true);
    put(&mut st, "Seleukos", "perdikkas", "Babylon", 2, false);
    control(&mut st, "Babylon", Some("perdikkas"));
    let (_, ev) = run(
        &sc,
        &st,
        vec![("perdikkas", act("Seleukos", vec![Step::Inside]))],
        &[],
    );
    assert!(
        voids(&ev)[0].contains("never more than 2"),
        "{:?}",
        voids(&ev)
    );
}

#[test]
fn from_a_besieged_port_a_small_army_or_lone_general_sails_and_may_be_intercepted() {
    let sc = sc();
    let mut st = start(&sc);
    st.armies.retain(|a| a.at != "Tarsus");
    put(&mut st, "Krateros", "antipatros", "Tarsus", 4, false);
    put(&mut st, "Eumenes", "perdikkas", "Tarsus", 0, true);
    control(&mut st, "Tarsus", Some("perdikkas"));
    // antipatros has a fleet: interception on 1–2.
    let (st2, ev) = run(
        &sc,
        &st,
        vec![(
            "perdikkas",
            act("Eumenes", vec![Step::Sea("Salamis".into())]),
        )],
        &[("intercept:Tarsus#1", &[5])],
    );
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Interception { stopped: false, .. })));
    assert_eq!(st2.army("Eumenes").unwrap().at, "Salamis");
    let (st2, _) = run(
        &sc,
        &st,
        vec![(
            "perdikkas",
            act("Eumenes", vec![Step::Sea("Salamis".into())]),
        )],
        &[("intercept:Tarsus#1", &[2])],
    );
    assert_eq!(st2.army("Eumenes").unwrap().at, "Tarsus");
    assert!(st2.army("Eumenes").unwrap().inside);
}

#[test]
fn a_small_army_enters_a_besieged_major_port_by_sea_inside_the_walls() {
    let sc = sc();
    let mut st = start(&sc);
    st.armies.retain(|a| a.at != "Tarsus");
    put(&mut st, "Krateros", "antipatros", "Tarsus", 4, false);
    put(&mut st, "Eumenes", "perdikkas", "Salamis", 2, false);
    control(&mut st, "Tarsus", Some("perdikkas"));
    st.fleets.get_mut("antipatros").unwrap().count = 0;
    let (st2, _) = run(
        &sc,
        &st,
        vec![(
            "perdikkas",
            act("Eumenes", vec![Step::Sea("Tarsus".into())]),
        )],
        &[],
    );
    let e = st2.army("Eumenes").unwrap();
    assert_eq!((e.at.as_str(), e.inside), ("Tarsus", true));
    // Three CUs may not.
    put(&mut st, "Eumenes", "perdikkas", "Salamis", 3, false);
    let (_, ev) = run(
        &sc,
        &st,
        vec![(
            "perdikkas",
            act("Eumenes", vec![Step::Sea("Tarsus".into())]),
        )],
        &[],
    );
    assert!(
        voids(&ev)[0].contains("never more than 2"),
        "{:?}",
        voids(&ev)
    );
}

fn activate_with(st: &mut State, player: &str, card: &str, order: IndependentOrder) -> Orders {
    with_card(st, player, card);
    Orders {
        tyche: Some(TychePlay {
            card: card.into(),
            how: Use::Event,
            target: None,
            ops: OpsUse::default(),
            independent: Some(order),
        }),
        ..Orders::default()
    }
}

#[test]
fn greek_army_moves_only_in_greece_and_thessaly() {
    let sc = sc();
    let mut st = start(&sc);
    st.armies.clear();
    let o = activate_with(
        &mut st,
        "perdikkas",
        "T05",
        IndependentOrder::Move(vec!["Thebes".into(), "Lamia".into(), "Larissa".into()]),
    );
    let (st2, _) = run(&sc, &st, vec![("perdikkas", o)], &[]);
    assert_eq!(st2.independent("greek_army").unwrap().at, "Larissa");
    // Larissa was antipatros's: swept (not a major city).
    assert_eq!(st2.control("Larissa"), None);
    let o = activate_with(
        &mut st,
        "perdikkas",
        "T05",
        IndependentOrder::Move(vec!["Thebes".into(), "Lamia".into(), "Larissa".into()]),
    );
    let mut st3 = st.clone();
    st3.independent_mut("greek_army").unwrap().at = "Larissa".into();
    let o2 = activate_with(
        &mut st3,
        "perdikkas",
        "T05",
        IndependentOrder::Move(vec!["Aigai".into()]),
    );
    let (_, ev) = run(&sc, &st3, vec![("perdikkas", o2)], &[]);
    assert!(
        voids(&ev)[0].contains("only in Greece and Thessaly"),
        "{:?}",
        voids(&ev)
    );
    let _ = o;
}

#[test]
fn colonists_enter_from_their_box_end_further_west_and_leave_in_greece() {
    let sc = sc();
    let mut st = start(&sc);
    st.armies.clear();
    // Three points: Bactria → Rhagai (entering costs the first) → Ecbatana → Opis.
    let o = activate_with(
        &mut st,
        "perdikkas",
        "T40",
        IndependentOrder::Move(vec!["Rhagai".into(), "Ecbatana".into(), "Opis".into()]),
    );
    let (st2, _) = run(&sc, &st, vec![("perdikkas", o)], &[]);
    assert_eq!(st2.independent("colonists").unwrap().at, "Opis");
    // Four steps are too many.
    let o = activate_with(
        &mut st,
        "perdikkas",
        "T40",
        IndependentOrder::Move(vec![
            "Rhagai".into(),
            "Ecbatana".into(),
            "Opis".into(),
            "Babylon".into(),
        ]),
    );
    let (_, ev) = run(&sc, &st, vec![("perdikkas", o)], &[]);
    assert!(
        voids(&ev)[0].contains("3 action points"),
        "{:?}",
        voids(&ev)
    );
    // Eastward is refused.
    let mut st3 = st.clone();
    st3.independent_mut("colonists").unwrap().at = "Ecbatana".into();
    let o = activate_with(
        &mut st3,
        "perdikkas",
        "T40",
        IndependentOrder::Move(vec!["Rhagai".into()]),
    );
    let (_, ev) = run(&sc, &st3, vec![("perdikkas", o)], &[]);
    assert!(voids(&ev)[0].contains("further west"), "{:?}", voids(&ev));
    // Reaching Greece: out of play.
    let mut st4 = st.clone();
    st4.independent_mut("colonists").unwrap().at = "Pherai".into();
    let o = activate_with(
        &mut st4,
        "perdikkas",
        "T40",
        IndependentOrder::Move(vec!["Lamia".into(), "Thebes".into()]),
    );
    let (st5, ev) = run(&sc, &st4, vec![("perdikkas", o)], &[]);
    assert!(st5.independent("colonists").unwrap().removed);
    assert!(ev.iter().any(|e| matches!(e, Event::LeftPlay { .. })));
}

#[test]
fn ariarathes_only_in_cappadocia_and_no_sea_moves() {
    let sc = sc();
    let mut st = start(&sc);
    st.armies.clear();
    let o = activate_with(
        &mut st,
        "perdikkas",
        "T21",
        IndependentOrder::Move(vec!["Tyana".into(), "Tarsus".into()]),
    );
    let (_, ev) = run(&sc, &st, vec![("perdikkas", o)], &[]);
    assert!(
        voids(&ev)[0].contains("only in Cappadocia"),
        "{:?}",
        voids(&ev)
    );
    let mut st2 = st.clone();
    st2.independent_mut("scythians").unwrap().at = "Byzantion".into();
    let o = activate_with(
        &mut st2,
        "perdikkas",
        "T31",
        IndependentOrder::Move(vec!["Kyzikos".into()]),
    );
    let (_, ev) = run(&sc, &st2, vec![("perdikkas", o)], &[]);
    assert!(
        voids(&ev)[0].contains("never move by sea"),
        "{:?}",
        voids(&ev)
    );
    // A strait is crossed.
    let o = activate_with(
        &mut st2,
        "perdikkas",
        "T31",
        IndependentOrder::Move(vec!["Chalcedon".into()]),
    );
    let (st3, _) = run(&sc, &st2, vec![("perdikkas", o)], &[]);
    assert_eq!(st3.independent("scythians").unwrap().at, "Chalcedon");
}

#[test]
fn independent_marker_instead_of_moving_not_in_a_major_city_and_markers_kept() {
    let sc = sc();
    let mut st = start(&sc);
    st.armies.clear();
    st.independent_mut("scythians").unwrap().at = "Perinthos".into();
    let o = activate_with(&mut st, "perdikkas", "T31", IndependentOrder::Marker);
    let (st2, _) = run(&sc, &st, vec![("perdikkas", o)], &[]);
    assert_eq!(st2.control("Perinthos"), Some(INDEPENDENT));
    st.independent_mut("scythians").unwrap().at = "Byzantion".into();
    let o = activate_with(&mut st, "perdikkas", "T31", IndependentOrder::Marker);
    let (_, ev) = run(&sc, &st, vec![("perdikkas", o)], &[]);
    assert!(voids(&ev)[0].contains("major city"), "{:?}", voids(&ev));
    // Ending its move in a major city removes nothing; an independent marker stays.
    control(&mut st, "Byzantion", Some("antipatros"));
    st.independent_mut("scythians").unwrap().at = "Perinthos".into();
    let o = activate_with(
        &mut st,
        "perdikkas",
        "T31",
        IndependentOrder::Move(vec!["Byzantion".into()]),
    );
    let (st3, _) = run(&sc, &st, vec![("perdikkas", o)], &[]);
    assert_eq!(st3.control("Byzantion"), Some("antipatros"));
}

#[test]
fn independents_never_avoid_battle_players_may() {
    let sc = sc();
    let mut st = start(&sc);
    st.armies.retain(|a| a.at != "Perinthos");
    put(&mut st, "Lysimachos", "ptolemaios", "Perinthos", 2, false);
    st.standing
        .entry("ptolemaios".into())
        .or_default()
        .avoid_battle
        .push("Lysimachos".into());
    let o = activate_with(
        &mut st,
        "perdikkas",
        "T31",
        IndependentOrder::Move(vec!["Perinthos".into()]),
    );
    let (st2, ev) = run(
        &sc,
        &st,
        vec![("perdikkas", o.clone())],
        &[("avoid:Lysimachos#1", &[2])],
    );
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Avoid { to: Some(_), .. })));
    assert_ne!(st2.army("Lysimachos").unwrap().at, "Perinthos");
    let (_, ev) = run(
        &sc,
        &st,
        vec![("perdikkas", o)],
        &[
            ("avoid:Lysimachos#1", &[6]),
            ("battle:Perinthos#1", &[3, 3]),
        ],
    );
    assert!(ev.iter().any(|e| matches!(e, Event::Battle { .. })));
}

#[test]
fn the_deal_is_sealed_and_every_player_gets_a_card_per_round() {
    let sc = sc();
    let st = State::start(&sc, 3);
    let dice = TurnDice::new([7; 32], Some([9; 32]));
    let r = resolve(&sc, &st, &BTreeMap::new(), &dice);
    assert!(r
        .dice
        .iter()
        .any(|d| d.label == "tyche:shuffle:1" && d.sealed));
    for p in &r.state.players {
        assert_eq!(r.state.tyche.hands[p].len(), 5);
    }
    // 3 players: one card revealed for nobody.
    assert_eq!(r.state.tyche.revealed.len(), 1);
    assert!(r.state.tyche.revealed_for.is_some());
}
