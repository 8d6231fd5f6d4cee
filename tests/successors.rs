//! What the Successors game alone shows beyond its rule cases (tests/cases/successors)
//! and the harnesses every game shares: the demo's scripted game turn, the scenario's
//! names, the Russian of every case line by line with the game's own facts, a moderator's
//! copy of the scenario giving an unpublished card its effect, and the scenario doc's
//! tables being the data. (Its random play: tests/play/successors.rs.)

use dikast::game::{sha256_hex, GameFile};
use dikast::games::successors::model::scenario::{Scenario, SUCCESSORS_323};
use dikast::games::successors::model::state::{Phase, State};
use dikast::games::successors::Successors;
use dikast::pipeline::TurnOutputs;
use dikast::rules::{Rules, StartOptions};
use std::collections::BTreeMap;

/// `orders-examples/successors/` plays a scripted 3-player game turn (a siege with
/// sallies, subjugations, independent armies) that `dikast demo --scenario successors`
/// adjudicates and verifies byte for byte. After a scenario or engine change, regenerate
/// the examples with `orders-examples/successors/regenerate.py`.
#[test]
fn the_demo_plays_the_scripted_game_turn_and_verifies_it() {
    let examples = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("orders-examples");
    let out = dikast::demo::demo(
        &dikast::games::builtin(),
        Some("successors"),
        None,
        &examples,
    )
    .unwrap_or_else(|f| {
        panic!(
            "the Successors demo failed (regenerate orders-examples/successors/):\n{}",
            f.render()
        )
    });
    assert!(out.contains("verified: every file re-runs byte for byte"));
    for what in [
        "moves by sea from Chalcedon to Amisos",
        "subjugation roll by Leonnatos's army against Amisos",
        "assault roll by Eumenes's army against Gordion",
        "assault roll by Lysimachos's army against Kyzikos",
        "The independent army",
    ] {
        assert!(out.contains(what), "the demo shows no `{what}`");
    }
}

/// The scenario is `successors` (the issue's name); `successors-323` stays an alias.
#[test]
fn the_old_scenario_name_is_an_alias() {
    assert_eq!(
        Successors::embedded_scenario("successors"),
        Successors::embedded_scenario("successors-323")
    );
    assert!(Successors::embedded_scenario("successors").is_some());
    assert_eq!(Successors::scenario_names(), &["successors"]);
}

/// Game turns as the page numbers them.
const ROMAN: &[&str] = &["I", "II", "III", "IV", "V"];

/// Tokens of a line: runs of letters and digits (`T14`, `Sardis`, `3`).
fn tokens(s: &str) -> Vec<String> {
    s.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// A line without its `quoted` spans (orders and labels are quoted as written).
fn unquoted(line: &str) -> String {
    line.split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 0)
        .map(|(_, p)| p)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The facts of a line the two languages must share: its numbers and the ids of spaces,
/// boxes, generals and cards (a house's name, which is also its first general's id, is
/// left out: Russian writes the player in words, the general by id).
/// A general's id by any Russian case form of his name (`Леонната`: `Leonnatos`).
fn general_by_russian(sc: &Scenario, word: &str) -> Option<String> {
    use dikast::games::successors::model::scenario::Case;
    sc.generals
        .iter()
        .find(|g| {
            [
                Case::Nom,
                Case::Gen,
                Case::Dat,
                Case::Acc,
                Case::Ins,
                Case::Loc,
            ]
            .into_iter()
            .any(|c| sc.general_ru(&g.id, c) == word)
        })
        .map(|g| g.id.clone())
}

fn line_facts(sc: &Scenario, line: &str) -> Vec<String> {
    let houses: Vec<&str> = sc.houses.iter().map(|h| h.name.as_str()).collect();
    let mut f: Vec<String> = tokens(&unquoted(line))
        .into_iter()
        // A general named in Russian is the same fact as his id in English.
        .map(|t| general_by_russian(sc, &t).unwrap_or(t))
        .filter(|t| !houses.contains(&t.as_str()))
        .filter(|t| {
            t.chars().all(|c| c.is_ascii_digit())
                || ROMAN.contains(&t.as_str())
                || sc.space(t).is_some()
                || sc.off_box(t).is_some()
                || sc.general(t).is_some()
                || sc.card(t).is_some()
        })
        .collect();
    f.sort();
    f
}

/// Every Successors rule case's Russian report says what its English report says, line
/// by line (the same lines and shape, the same numbers and ids on each), and in Russian:
/// no Latin word outside ids of spaces and cards, `quoted` orders and labels, and the
/// [A] mark (a general is named in Cyrillic, declined: the same fact as his id).
#[test]
fn successors_case_translations_carry_the_same_facts() {
    let sc = Successors::load_scenario(SUCCESSORS_323).expect("scenario");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/successors");
    let mut stack = vec![root];
    let mut problems = Vec::new();
    let mut pairs = 0;
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("folder").flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            let Some(stem) = p
                .file_name()
                .and_then(|n| n.to_str())
                .and_then(|n| n.strip_suffix(".ru.md"))
            else {
                continue;
            };
            pairs += 1;
            let en =
                std::fs::read_to_string(p.with_file_name(format!("{stem}.md"))).unwrap_or_default();
            let ru = std::fs::read_to_string(&p).expect("report");
            let name = p.display().to_string();
            let (el, rl): (Vec<&str>, Vec<&str>) = (en.lines().collect(), ru.lines().collect());
            if el.len() != rl.len() {
                problems.push(format!("{name}: {} lines, English {}", rl.len(), el.len()));
                continue;
            }
            for (i, (e, r)) in el.iter().zip(&rl).enumerate() {
                let shape = |s: &str| s.chars().take_while(|c| "#- ".contains(*c)).count();
                if shape(e) != shape(r) {
                    problems.push(format!("{name}:{}: not the English line's shape", i + 1));
                }
                if line_facts(&sc, e) != line_facts(&sc, r) {
                    problems.push(format!(
                        "{name}:{}: facts {:?}, English {:?}",
                        i + 1,
                        line_facts(&sc, r),
                        line_facts(&sc, e)
                    ));
                }
                let latin: Vec<String> = tokens(&unquoted(r))
                    .into_iter()
                    .filter(|t| t.chars().any(|c| c.is_ascii_alphabetic()))
                    .filter(|t| {
                        !(t == "A"
                            || t == "P"
                            || ROMAN.contains(&t.as_str())
                            || sc.space(t).is_some()
                            || sc.off_box(t).is_some()
                            || sc.card(t).is_some())
                    })
                    .collect();
                // A general's id (`Leonnatos`) is Latin too: Russian names him in
                // Cyrillic, declined (issue 30.6).
                if !latin.is_empty() {
                    problems.push(format!("{name}:{}: Latin words {latin:?}", i + 1));
                }
            }
        }
    }
    assert!(pairs >= 100, "only {pairs} Successors report pairs");
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// One adjudication of `state` under a scenario given inline (a moderator's copy) or by
/// its embedded name, with perdikkas's orders: the outputs, or the failure rendered.
fn one_turn(
    scenario_text: Option<&str>,
    state: State,
    perdikkas: &str,
) -> Result<TurnOutputs, String> {
    one_turn_forced(scenario_text, state, perdikkas, BTreeMap::new())
}

/// `one_turn` with forced dice (label → die faces), as a rule case gives them.
fn one_turn_forced(
    scenario_text: Option<&str>,
    state: State,
    perdikkas: &str,
    forced: BTreeMap<String, Vec<u32>>,
) -> Result<TurnOutputs, String> {
    use dikast::dice::{self, Chain};
    use dikast::game::{to_yaml, DiceState, ScenarioRef, FORMAT};
    use dikast::pipeline::{run_turn, TurnInputs};
    let sc = Successors::load_scenario(scenario_text.unwrap_or(SUCCESSORS_323))
        .map_err(|p| p.join("; "))?;
    let (s, u) = (dice::sha256(b"copy-open"), dice::sha256(b"copy-sealed"));
    let step = Successors::step(&sc, &state);
    let game = GameFile {
        dikast: FORMAT,
        rules: "successors".into(),
        scenario: ScenarioRef {
            name: if scenario_text.is_some() {
                "my-successors"
            } else {
                "successors"
            }
            .into(),
            sha256: sha256_hex(scenario_text.unwrap_or(SUCCESSORS_323).as_bytes()),
            text: scenario_text.map(str::to_string),
        },
        game: "copy".into(),
        turn: 1,
        step: step.title,
        awaiting: step.awaiting,
        dice: DiceState {
            protocol: dice::PROTOCOL.into(),
            chain_length: 40,
            commitment: dice::to_hex(&Chain::Open.walk(&s, 40)),
            sealed_anchor: dice::to_hex(&Chain::Sealed.walk(&u, 40)),
            reseeds: Vec::new(),
        },
        previous: None,
        deadline: None,
        last_turn: Vec::new(),
        state,
    };
    let bytes = to_yaml(&game).into_bytes();
    let orders = format!(
        "game: copy\nturn: 1\nside: perdikkas\nbased_on: {}\n{perdikkas}\n",
        sha256_hex(&bytes)
    );
    let mut all = BTreeMap::new();
    all.insert(
        "perdikkas".to_string(),
        Some(("perdikkas.yaml".to_string(), orders.into_bytes())),
    );
    let inp = TurnInputs {
        next_deadline: None,
        game_name: "game.yaml".into(),
        game_bytes: bytes,
        orders: all,
        seed: Chain::Open.at(&s, 40, 1).expect("chain"),
        sealed: Chain::Sealed.at(&u, 40, 1),
        fallback: false,
        forced,
        reseeds: Vec::new(),
    };
    run_turn::<Successors>(&inp).map_err(|f| f.render())
}

/// The embedded scenario's text with one movement key's value changed: a moderator's
/// copy (`key: true` must be in the embedded text).
fn movement_copy(key: &str) -> String {
    let line = format!("    {key}: true\n");
    assert!(SUCCESSORS_323.contains(&line), "the embedded {key} changed");
    SUCCESSORS_323.replace(&line, &format!("    {key}: false\n"))
}

/// docs/rules-coverage.md [A]: a battle ends the moving army's move, and an army that
/// sails into a besieged port of its own ends its move inside. Both are the scenario's
/// (`params.movement.battle_ends_move`, `sail_inside_ends_move`): the embedded one stops
/// the army, a moderator's copy with `false` carries its later steps out, through the
/// order checker and the pipeline, with the same forced dice.
#[test]
fn a_scenario_s_readings_of_a_move_s_end_are_its_data() {
    let sc = Successors::load_scenario(SUCCESSORS_323).expect("scenario");
    let mut st: State = Successors::start(&sc, &StartOptions { players: Some(3) }).expect("start");
    st.phase = Phase::Round;
    st.round = 1;
    st.tyche.hands.insert("perdikkas".into(), Vec::new());
    // Seleukos (5 CUs) marches Opis → Arbela, where Krateros (1 CU) stands: battle.
    let mut field = st.clone();
    for a in field.armies.iter_mut() {
        match a.general.as_str() {
            "Seleukos" => a.cus = 5,
            "Krateros" => {
                a.at = "Arbela".into();
                a.cus = 1;
            }
            _ => {}
        }
    }
    let dice = BTreeMap::from([("battle:Arbela#1".to_string(), vec![6, 1])]);
    let orders = "activation:\n  Seleukos: [Arbela, Nisibis]";
    let on = one_turn_forced(None, field.clone(), orders, dice.clone()).expect("embedded");
    let won = "Battle in Arbela: Seleukos's army (die 6";
    let moved = "Seleukos's army moves from Arbela to Nisibis.";
    let void = "`Seleukos: Nisibis` is not carried out: Seleukos's move ended with the battle in Arbela [A]";
    assert!(on.report.contains(won), "{}", on.report);
    assert!(on.report.contains(void), "{}", on.report);
    assert!(!on.report.contains(moved), "{}", on.report);
    let copy = movement_copy("battle_ends_move");
    let off = one_turn_forced(Some(&copy), field, orders, dice).expect("the copy");
    assert!(off.report.contains(won), "{}", off.report);
    assert!(off.report.contains(moved), "{}", off.report);
    assert!(!off.report.contains(void), "{}", off.report);
    // Eumenes (2 CUs) sails Salamis → besieged Tarsus, his own, then sorties.
    for a in st.armies.iter_mut() {
        match a.general.as_str() {
            "Eumenes" => {
                a.at = "Salamis".into();
                a.cus = 2;
            }
            "Krateros" => a.at = "Tarsus".into(),
            _ => {}
        }
    }
    if let Some(t) = st.space_mut("Tarsus") {
        t.control = Some("perdikkas".into());
    }
    let dice = BTreeMap::from([
        ("intercept:Tarsus#1".to_string(), vec![4]),
        ("battle:Tarsus#1".to_string(), vec![3, 3]),
    ]);
    let orders = "activation:\n  Eumenes: [{ sea: Tarsus }, sortie]";
    let on = one_turn_forced(None, st.clone(), orders, dice.clone()).expect("embedded");
    let inside = "Eumenes's army goes inside the walls of Tarsus.";
    let ended = "`Eumenes: sortie` is not carried out: §2: Eumenes sailed inside the walls of besieged Tarsus; his move ends there [A]";
    let fought = "Battle in Tarsus:";
    assert!(on.report.contains(inside), "{}", on.report);
    assert!(on.report.contains(ended), "{}", on.report);
    assert!(!on.report.contains(fought), "{}", on.report);
    let copy = movement_copy("sail_inside_ends_move");
    let off = one_turn_forced(Some(&copy), st, orders, dice).expect("the copy");
    assert!(off.report.contains(inside), "{}", off.report);
    assert!(!off.report.contains(ended), "{}", off.report);
    assert!(off.report.contains(fought), "{}", off.report);
}

/// docs/rules-coverage.md [A]: isolation's loss is the scenario's
/// (`params.isolation_loss`), and the report says the CUs lost: a moderator's copy with 2
/// takes 2 CUs from an army cut off at the end of the game turn, and says so.
#[test]
fn isolation_s_loss_is_the_scenario_s_and_the_report_says_it() {
    let sc = Successors::load_scenario(SUCCESSORS_323).expect("scenario");
    let mut st: State = Successors::start(&sc, &StartOptions { players: Some(3) }).expect("start");
    st.phase = Phase::Round;
    st.round = 5;
    st.tyche.hands.insert("perdikkas".into(), Vec::new());
    if let Some(k) = st.armies.iter_mut().find(|a| a.general == "Krateros") {
        k.at = "Susa".into();
        k.cus = 3;
    }
    let cut = "Isolation: Krateros's army in Susa is cut off and loses";
    let on = one_turn(None, st.clone(), "activation: {}").expect("embedded");
    assert!(
        on.report.contains(&format!("{cut} a CU [A].")),
        "{}",
        on.report
    );
    let key = "  isolation_loss: 1\n";
    assert!(SUCCESSORS_323.contains(key), "the embedded key changed");
    let copy = SUCCESSORS_323.replace(key, "  isolation_loss: 2\n");
    let off = one_turn(Some(&copy), st, "activation: {}").expect("the copy");
    assert!(
        off.report.contains(&format!("{cut} 2 CUs [A].")),
        "{}",
        off.report
    );
    let next: GameFile<State> = serde_yaml::from_slice(&off.next_game).expect("parse");
    let k = next.state.armies.iter().find(|a| a.general == "Krateros");
    assert_eq!(k.map(|a| a.cus), Some(1), "3 CUs less 2");
}

/// docs/scenario-successors.md, "Cards without a public text": the worked card. The
/// embedded scenario refuses T01 for its Event; a moderator's copy that writes its effect
/// (and drops the mark) plays it, through the order checker and the whole pipeline.
#[test]
fn a_moderator_s_copy_gives_a_card_without_public_text_its_effect() {
    let line = r#"  - { id: T01, kind: event, ops: 2, name: "Tyche 1", name_ru: "Тихе 1", unpublished: true, assumed: [name, kind, ops, event] }"#;
    let worked = r#"  - { id: T01, kind: event, ops: 2, name: "Tyche 1", name_ru: "Тихе 1", event: { legitimacy: 1 }, assumed: [name, kind, ops, event] }"#;
    assert!(
        SUCCESSORS_323.contains(line),
        "the embedded T01 line changed"
    );
    let copy = SUCCESSORS_323.replace(line, worked);
    let doc = std::fs::read_to_string("docs/scenario-successors.md").expect("the doc");
    assert!(
        doc.contains(worked.trim()),
        "the doc's worked card is this one"
    );
    let sc = Successors::load_scenario(&copy).expect("the copy loads");
    let mut st: State = Successors::start(&sc, &StartOptions { players: Some(3) }).expect("start");
    st.phase = Phase::Round;
    st.round = 1;
    st.tyche.deck = sc
        .tyche
        .iter()
        .map(|c| c.id.clone())
        .filter(|c| c != "T01")
        .collect();
    st.tyche
        .hands
        .insert("perdikkas".into(), vec!["T01".into()]);
    let before = st.legitimacy_of("perdikkas");
    let play = "tyche: { play: T01, for: event }";
    let Err(refused) = one_turn(None, st.clone(), play) else {
        panic!("the embedded scenario plays T01 for its event")
    };
    assert!(refused.contains("orders::card-unpublished"), "{refused}");
    let out = one_turn(Some(&copy), st, play).expect("the copy plays T01");
    assert!(
        out.report
            .contains("Tyche segment: Perdikkas plays T01 *Tyche 1* for its event."),
        "{}",
        out.report
    );
    let next: GameFile<State> = serde_yaml::from_slice(&out.next_game).expect("parse");
    assert_eq!(next.state.legitimacy_of("perdikkas"), before + 1);
    // A copy that keeps the mark and gives an event is refused as a scenario.
    let both = SUCCESSORS_323.replace(
        line,
        &line.replace(
            "unpublished: true",
            "unpublished: true, event: { legitimacy: 1 }",
        ),
    );
    let Err(problems) = Successors::load_scenario(&both) else {
        panic!("a marked card with an event loads")
    };
    assert!(
        problems
            .iter()
            .any(|p| p.contains("T01") && p.contains("unpublished")),
        "{problems:?}"
    );
}

/// The tables of docs/scenario-successors.md as the scenario's data gives them.
fn scenario_doc_tables(sc: &Scenario) -> Vec<String> {
    let houses: Vec<&str> = sc.houses.iter().map(|h| h.id.as_str()).collect();
    let name = |id: &str| sc.house(id).map(|h| h.name.clone()).unwrap_or_default();
    let mut lineups = format!("| players | {} |\n|---|", houses.join(" | "));
    lineups.push_str(&"---|".repeat(houses.len()));
    for (n, l) in &sc.lineups {
        lineups.push_str(&format!("\n| {n} |"));
        for h in &houses {
            let cell = l
                .get(*h)
                .map(|hs| hs.iter().map(|x| name(x)).collect::<Vec<_>>().join(", "))
                .unwrap_or_else(|| "—".into());
            lineups.push_str(&format!(" {cell} |"));
        }
    }
    let mut house_rows =
        String::from("| house | armies | markers | fleets | Legitimacy |\n|---|---|---|---|---|");
    for h in &sc.houses {
        let armies: Vec<String> = h
            .armies
            .iter()
            .map(|a| format!("{} {} {}", a.general, a.at, a.cus))
            .collect();
        house_rows.push_str(&format!(
            "\n| {} | {} | {} | {} | {} |",
            h.name,
            armies.join(", "),
            h.control.join(", "),
            h.fleets,
            h.legitimacy
        ));
    }
    let mut generals = String::from("| general | value / AP | power |\n|---|---|---|");
    for g in &sc.generals {
        let p = &g.power;
        let mut powers = Vec::new();
        if p.legitimacy > 0 {
            powers.push(format!("Legitimacy +{} each game turn", p.legitimacy));
        }
        for (v, w) in [
            (p.attack, "attack"),
            (p.defence, "defence"),
            (p.assault, "assault"),
        ] {
            if v != 0 {
                powers.push(format!("{w} {v:+}"));
            }
        }
        for (v, w) in [(p.avoid, "avoid battle"), (p.intercept, "interception")] {
            if v != 0 {
                powers.push(format!("{w} +{v}"));
            }
        }
        let reserve = if g.reserve { " (reserve)" } else { "" };
        generals.push_str(&format!(
            "\n| {}{reserve} | {}/{} | {} |",
            g.id,
            g.battle,
            g.action_points,
            powers.join(", ")
        ));
    }
    let mut cards =
        String::from("| card | name | kind | OPs | event | source |\n|---|---|---|---|---|---|");
    for c in &sc.tyche {
        let e = &c.event;
        let mut ev = Vec::new();
        if let Some(v) = e.assault {
            ev.push(format!("assault {v:+}"));
        }
        if let Some(a) = &e.activate {
            ev.push(format!("activates {a}"));
        }
        for (v, w) in [
            (e.legitimacy, "legitimacy"),
            (e.disperse, "disperse"),
            (e.cus, "cus"),
            (e.epidemic, "epidemic"),
            (e.raid, "raid"),
        ] {
            if v > 0 {
                ev.push(format!("{w} {v}"));
            }
        }
        if !e.regions.is_empty() {
            ev.push(format!("in {}", e.regions.join(", ")));
        }
        if e.regroup {
            ev.push("regroup".into());
        }
        if e.diplomacy {
            ev.push("diplomacy".into());
        }
        let kind = format!("{:?}", c.kind).to_lowercase();
        let source = if c.unpublished {
            "no public text: OPs only"
        } else if c.assumed.iter().any(|a| a == "event") {
            "[A]"
        } else if c.assumed.is_empty() {
            "[S]"
        } else {
            "[P]"
        };
        let ev = if ev.is_empty() {
            "—".to_string()
        } else {
            ev.join(", ")
        };
        cards.push_str(&format!(
            "\n| {} | {} | {kind} | {} | {ev} | {source} |",
            c.id, c.name, c.ops
        ));
    }
    vec![lineups, house_rows, generals, cards]
}

/// The map as docs/scenario-successors.md's "The map" lists it, from the data: the spaces
/// region by region in the scenario's order (`M` a major city, `F` a fortress), and the
/// independent markers at the start.
fn scenario_doc_map(sc: &Scenario) -> Vec<String> {
    use dikast::games::successors::model::scenario::Kind;
    let regions: Vec<String> = sc
        .regions
        .iter()
        .map(|r| {
            let spaces: Vec<String> = sc
                .spaces
                .iter()
                .filter(|s| s.region == r.id)
                .map(|s| match s.kind {
                    Kind::Major => format!("{} M", s.id),
                    Kind::Fortress => format!("{} F", s.id),
                    Kind::Minor => s.id.clone(),
                })
                .collect();
            format!("{} ({})", r.id, spaces.join(", "))
        })
        .collect();
    vec![
        format!(
            "{} spaces in {} regions, west to east: {}.",
            sc.spaces.len(),
            sc.regions.len(),
            regions.join(", ")
        ),
        format!(
            "Independent (gray) markers at the start: {}.",
            sc.independent_control.join(", ")
        ),
    ]
}

/// docs/scenario-successors.md's tables (line-ups, houses, generals, the Tyche deck) and
/// its map's list of spaces and independent markers are the scenario's data: a change to
/// either without the other fails here, and the failure prints the text to paste.
#[test]
fn the_scenario_doc_s_tables_are_the_data() {
    let sc = Successors::load_scenario(SUCCESSORS_323).expect("scenario");
    let doc = std::fs::read_to_string("docs/scenario-successors.md").expect("the doc");
    for table in scenario_doc_tables(&sc) {
        assert!(
            doc.contains(&table),
            "docs/scenario-successors.md lacks this table (from the scenario):\n\n{table}\n"
        );
    }
    // Prose wraps its lines: compared with single spaces.
    let flat = doc.split_whitespace().collect::<Vec<_>>().join(" ");
    for text in scenario_doc_map(&sc) {
        assert!(
            flat.contains(&text),
            "docs/scenario-successors.md's map lacks (from the scenario):\n\n{text}\n"
        );
    }
}

/// Every void order of every Successors rule case is said to the player who gave it, with
/// its reason: each void line of the moderator's report is in the owner's report, and
/// his Russian report has as many (issue 30.5).
#[test]
fn every_void_order_of_the_rule_cases_is_said_to_its_player() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/successors");
    let mut said = 0;
    let mut groups: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    groups.sort();
    for group in groups {
        let mut cases: Vec<_> = std::fs::read_dir(&group)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        cases.sort();
        for case in cases {
            let out = case.join("out");
            let Ok(report) = std::fs::read_to_string(out.join("report.md")) else {
                continue;
            };
            for line in report
                .lines()
                .filter(|l| l.contains("` is not carried out: "))
            {
                let owner = line
                    .trim_start_matches("- ")
                    .split(':')
                    .next()
                    .unwrap()
                    .to_lowercase();
                let mine = std::fs::read_to_string(out.join(format!("report-{owner}.md")))
                    .unwrap_or_default();
                assert!(
                    mine.contains(line),
                    "{}: not said to {owner}: {line}",
                    case.display()
                );
                let ru = std::fs::read_to_string(out.join(format!("report-{owner}.ru.md")))
                    .unwrap_or_default();
                assert_eq!(
                    ru.matches("` не выполнен: ").count(),
                    mine.matches("` is not carried out: ").count(),
                    "{}: {owner}'s Russian report",
                    case.display()
                );
                said += 1;
            }
        }
    }
    assert!(said >= 5, "only {said} void orders in the cases");
}

/// Every card of the deck with a public (or assumed) event is played for it in an
/// accepted rule case (`tyche: { play: ID, for: event | both }` in the orders of a case
/// that does not expect invalid orders); no card without a public text is; and for each
/// kind of card (Event, Bonus, Surprise) a case refuses one without a public text for its
/// Event in both languages (`diagnostics.txt` and `diagnostics.ru.txt` naming
/// `orders::card-unpublished`). Every such card is refused in random play
/// (tests/play/successors.rs).
#[test]
fn every_card_is_played_for_its_event_or_refused_in_a_case() {
    let sc = Successors::load_scenario(SUCCESSORS_323).expect("scenario");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/successors");
    let mut played: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut refused: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for group in std::fs::read_dir(&root).unwrap().flatten() {
        for case in std::fs::read_dir(group.path()).unwrap().flatten() {
            let dir = case.path();
            let Ok(meta) = std::fs::read_to_string(dir.join("case.yaml")) else {
                continue;
            };
            let invalid = meta.contains("expect: invalid");
            let Ok(orders) = std::fs::read_dir(dir.join("in/orders")) else {
                continue;
            };
            for f in orders.flatten() {
                let o: serde_yaml::Value =
                    serde_yaml::from_str(&std::fs::read_to_string(f.path()).unwrap()).unwrap();
                let (Some(card), Some(how)) =
                    (o["tyche"]["play"].as_str(), o["tyche"]["for"].as_str())
                else {
                    continue;
                };
                let name = dir.display().to_string();
                if !invalid && matches!(how, "event" | "both") {
                    played.entry(card.to_string()).or_default().push(name);
                } else if invalid {
                    let en = std::fs::read_to_string(dir.join("out/diagnostics.txt"))
                        .unwrap_or_default();
                    let ru = std::fs::read_to_string(dir.join("out/diagnostics.ru.txt"))
                        .unwrap_or_default();
                    let code = "orders::card-unpublished";
                    if en.contains(code)
                        && ru.contains(code)
                        && ru.contains("нет опубликованного текста")
                    {
                        refused.entry(card.to_string()).or_default().push(name);
                    }
                }
            }
        }
    }
    let mut missing = Vec::new();
    for c in &sc.tyche {
        if c.unpublished {
            assert!(
                !played.contains_key(&c.id),
                "{} (no public text) accepted for its Event in {:?}",
                c.id,
                played[&c.id]
            );
        } else if !played.contains_key(&c.id) {
            missing.push(format!("{} {}", c.id, c.name));
        }
    }
    assert!(
        missing.is_empty(),
        "no case plays these cards for their Event: {missing:?}"
    );
    // The refusal of a card without a public text, in both languages, for each kind.
    use dikast::games::successors::model::scenario::CardKind;
    for kind in [CardKind::Event, CardKind::Bonus, CardKind::Surprise] {
        assert!(
            sc.tyche
                .iter()
                .any(|c| c.unpublished && c.kind == kind && refused.contains_key(&c.id)),
            "no case refuses a {kind:?} card without a public text in both languages: {refused:?}"
        );
    }
}

/// Two readings of the activation rules are [A] data (`params.movement`): an activation
/// ends at its first void step, and a sortie ends the activation. The embedded scenario
/// says the steps after are void (with the reason); a moderator's copy that says
/// `false` carries them out, through the same order checker and pipeline.
#[test]
fn a_scenario_s_activation_readings_are_its_data() {
    let sc = Successors::load_scenario(SUCCESSORS_323).expect("scenario");
    let mut st: State = Successors::start(&sc, &StartOptions { players: Some(3) }).expect("start");
    st.phase = Phase::Round;
    st.round = 1;
    st.tyche.hands.insert("perdikkas".into(), Vec::new());
    // Babylon held by antipatros: Perdikkas attempts it, so Seleukos's assault there is
    // void at resolution (§4: several armies may not each attempt); then a step to Opis.
    let mut two = st.clone();
    for a in two.armies.iter_mut() {
        if a.general == "Seleukos" {
            a.at = "Babylon".into();
        }
    }
    if let Some(b) = two.space_mut("Babylon") {
        b.control = Some("antipatros".into());
    }
    let orders = "activation:\n  Perdikkas: [assault]\n  Seleukos: [assault, Opis]";
    let on = one_turn(None, two.clone(), orders).expect("the embedded scenario");
    let moved = "Seleukos's army moves from Babylon to Opis.";
    let void =
        "`Seleukos: Opis` is not carried out: Seleukos's activation ended at the step before";
    assert!(!on.report.contains(moved), "{}", on.report);
    assert!(on.report.contains(void), "{}", on.report);
    let key = "    void_ends_activation: true\n";
    assert!(SUCCESSORS_323.contains(key), "the embedded key changed");
    let copy = SUCCESSORS_323.replace(key, "    void_ends_activation: false\n");
    let off = one_turn(Some(&copy), two, orders).expect("the copy");
    assert!(off.report.contains(moved), "{}", off.report);
    assert!(!off.report.contains(void), "{}", off.report);
    assert!(off
        .report
        .contains("`Seleukos: assault (Babylon)` is not carried out"));
    // A sortie from besieged Babylon: the embedded scenario ends the activation there.
    if let Some(a) = st.armies.iter_mut().find(|a| a.general == "Perdikkas") {
        a.cus = 2;
        a.inside = true;
    }
    if let Some(k) = st.armies.iter_mut().find(|a| a.general == "Krateros") {
        k.at = "Babylon".into();
    }
    let orders = "activation:\n  Perdikkas: [sortie, inside]";
    let ended = "`Perdikkas: inside` is not carried out: Perdikkas's sortie at Babylon ended his activation [A]";
    let on = one_turn(None, st.clone(), orders).expect("the embedded scenario");
    assert!(on.report.contains(ended), "{}", on.report);
    let key = "    sortie_ends_activation: true\n";
    assert!(SUCCESSORS_323.contains(key), "the embedded key changed");
    let copy = SUCCESSORS_323.replace(key, "    sortie_ends_activation: false\n");
    let off = one_turn(Some(&copy), st, orders).expect("the copy");
    assert!(!off.report.contains(ended), "{}", off.report);
}
