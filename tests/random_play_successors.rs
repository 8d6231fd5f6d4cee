//! Random play of whole Successors games (every game turn, to the end) with 2, 3, 4 and
//! 5 players: random orders written as YAML go through the order checker (invalid parts
//! fall back to their defaults), every state keeps its invariants, a re-run gives the
//! same bytes, and no view shows another player's hand (the driver: tests/play).

mod facts;
mod play;

use dikast::game::{sha256_hex, GameFile, ViewFile};
use dikast::games::successors::model::scenario::{Scenario, SUCCESSORS_323};
use dikast::games::successors::model::sight::View;
use dikast::games::successors::model::state::{Phase, State};
use dikast::games::successors::Successors;
use dikast::pipeline::TurnOutputs;
use dikast::rules::{Rules, StartOptions};
use play::Rng;
use std::collections::{BTreeMap, BTreeSet};

fn walk(sc: &Scenario, rng: &mut Rng, from: &str, n: usize) -> Vec<String> {
    let mut at = from.to_string();
    let mut out = Vec::new();
    for _ in 0..n {
        let nb = sc.land_neighbours(&at);
        let Some(next) = rng.pick(&nb) else { break };
        at = next.to_string();
        out.push(at.clone());
    }
    out
}

fn orders(sc: &Scenario, v: &View, rng: &mut Rng) -> String {
    let mut o = String::new();
    if v.phase != Phase::Round {
        return o;
    }
    let mine: Vec<_> = v.armies.iter().filter(|a| a.player == v.me).collect();
    if let Some(a) = rng.pick(&mine) {
        if rng.below(3) == 0 {
            o.push_str(&format!("surrender: {{ assault: {} }}\n", a.at));
        }
    }
    if let Some(c) = rng.pick(&v.hand) {
        let card = sc.card(c).expect("a card of the deck");
        use dikast::games::successors::engine::tyche::target_problem;
        use dikast::games::successors::model::scenario::CardKind;
        // A space the card's event may act on, as the rules judge it from the view: the
        // random player aims well three times in four, anywhere else the fourth.
        let target = if card.event.needs_target() && card.event.assault.is_none() {
            let st = v.as_state();
            let good: Vec<&str> = sc
                .spaces
                .iter()
                .map(|s| s.id.as_str())
                .filter(|s| target_problem(sc, &st, &v.me, card, s).is_none())
                .collect();
            match rng.below(4) {
                0 => rng.pick(&sc.spaces).map(|s| s.id.clone()),
                _ => rng.pick(&good).map(|s| s.to_string()),
            }
        } else if card.event.needs_target() {
            rng.pick(&mine).map(|a| a.at.clone())
        } else {
            None
        };
        // A player knows which cards have no public text (refused for their Event); a
        // card with an event is played for it three times in four when it can act.
        let can = !card.event.needs_target() || target.is_some();
        let how = if card.unpublished {
            if card.kind == CardKind::Surprise {
                "discard"
            } else {
                "ops"
            }
        } else if card.event.any() && can && rng.below(4) != 0 {
            if card.kind == CardKind::Bonus {
                "both"
            } else {
                "event"
            }
        } else {
            ["event", "ops", "both", "discard"][rng.below(4)]
        };
        o.push_str(&format!("tyche:\n  play: {c}\n  for: {how}\n"));
        if let Some(t) = target {
            o.push_str(&format!("  target: {t}\n"));
        }
        if let Some(army) = &card.event.activate {
            let at = v
                .independents
                .iter()
                .find(|i| &i.id == army)
                .map(|i| i.at.clone())
                .unwrap_or_default();
            let start = sc
                .off_box(&at)
                .and_then(|b| rng.pick(&b.enters).cloned())
                .map(|e| vec![e]);
            let mut path = start.unwrap_or_default();
            let from = path.last().cloned().unwrap_or(at);
            let k = rng.below(3);
            path.extend(walk(sc, rng, &from, k));
            if path.is_empty() || rng.below(4) == 0 {
                o.push_str("  independent: marker\n");
            } else {
                o.push_str(&format!("  independent: [{}]\n", path.join(", ")));
            }
        }
        if how == "ops" || how == "both" {
            if let Some(a) = rng.pick(&mine) {
                // What the card's OPs can buy, more often than not.
                let tp = &sc.params.tyche;
                let pick = match rng.below(8) {
                    6 if card.ops >= tp.fleet_cost => 4,
                    7 if card.ops >= tp.general_cost => 5,
                    n => n % 6,
                };
                match pick {
                    0 => o.push_str(&format!("  train: {}\n", a.general)),
                    3 => o.push_str(&format!("  macedonians: {}\n", a.general)),
                    4 => o.push_str("  fleet: yes\n"),
                    5 => {
                        let reserve: Vec<&str> = sc
                            .generals
                            .iter()
                            .filter(|g| g.reserve)
                            .map(|g| g.id.as_str())
                            .collect();
                        let g = rng.pick(&reserve).copied().unwrap_or_default();
                        o.push_str(&format!("  general: {{ {g}: {} }}\n", a.at));
                    }
                    1 => {
                        let w = walk(sc, rng, &a.at, 2);
                        o.push_str(&format!(
                            "  march: {{ {}: [{}] }}\n",
                            a.general,
                            w.join(", ")
                        ));
                    }
                    _ => o.push_str(&format!(
                        "  march: {{ {}: [assault, assault] }}\n",
                        a.general
                    )),
                }
            }
        }
    }
    if v.revealed_for.as_deref() == Some(v.me.as_str()) && !v.revealed.is_empty() {
        o.push_str("nobody:\n");
        for c in &v.revealed {
            o.push_str(&format!("  {c}: {}\n", ["stay", "marker"][rng.below(2)]));
        }
    }
    o.push_str("activation:\n");
    for a in &mine {
        let k = rng.below(4);
        let mut steps = walk(sc, rng, &a.at, k);
        match rng.below(5) {
            0 => steps.push("assault".into()),
            1 => steps = vec!["assault".into(), "assault".into()],
            2 => steps.push("inside".into()),
            3 => steps = vec!["sortie".into()],
            _ => {}
        }
        o.push_str(&format!("  {}: [{}]\n", a.general, steps.join(", ")));
    }
    if rng.below(4) == 0 {
        let g = rng
            .pick(&mine)
            .map(|a| a.general.clone())
            .unwrap_or_default();
        let city = rng
            .pick(&sc.spaces)
            .map(|s| s.id.clone())
            .unwrap_or_default();
        o.push_str(&format!(
            "standing: {{ avoid_battle: [{g}], sally: {{ {city}: {} }} }}\n",
            rng.below(3)
        ));
    }
    o
}

/// The Successors side of random play: its order generator and its own checks.
struct Successor<'s> {
    seen: &'s mut BTreeMap<&'static str, u32>,
    /// Every card the orders of the step being played name (each may be played).
    named: BTreeSet<String>,
    /// Every card some player played for its event.
    events: &'s mut BTreeSet<String>,
}

impl play::Player<Successors> for Successor<'_> {
    fn orders(
        &mut self,
        sc: &Scenario,
        game: &GameFile<State>,
        bytes: &[u8],
        side: &str,
        rng: &mut Rng,
    ) -> Option<String> {
        let v = View::of(&game.state, side);
        let body = orders(sc, &v, rng);
        let cards = body.split(|c: char| !c.is_alphanumeric());
        self.named.extend(
            cards
                .filter(|w| {
                    w.len() == 3 && w.starts_with('T') && w[1..].bytes().all(|b| b.is_ascii_digit())
                })
                .map(String::from),
        );
        Some(format!(
            "game: {}\nturn: {}\nside: {side}\nbased_on: {}\n{body}",
            game.game,
            game.turn,
            sha256_hex(bytes)
        ))
    }

    fn after(
        &mut self,
        _sc: &Scenario,
        before: &GameFile<State>,
        game: &GameFile<State>,
        out: &TurnOutputs,
    ) {
        for (what, text) in [
            ("assault", "assault roll"),
            ("subjugation", "subjugation roll"),
            ("battle", "Battle in"),
            ("activation", "activates the independent army"),
            ("sally", "sallies from"),
            ("void", "is not carried out"),
            ("capture", "falls to"),
            ("legitimacy", "Legitimacy of"),
            ("power", "special power"),
            ("purchase", "buys a"),
            ("macedonian", "Loyal Macedonian CU"),
            ("dispersal", "disperses"),
            ("diplomacy", "and comes under"),
            ("raid", "raids"),
            ("epidemic", "an epidemic strikes"),
            ("event cus", "CUs for"),
        ] {
            *self.seen.entry(what).or_insert(0) += out.report.matches(text).count() as u32;
        }
        // Every event has Russian words: no English prose in the events of the Russian
        // reports (ids of spaces, generals, cards and boxes stay as written; the invalid
        // orders' diagnostics quoted above them are English everywhere).
        for (lang, tr) in &out.translations {
            let happened = tr
                .moderator
                .split(dikast::report::happened_heading(*lang))
                .nth(1)
                .unwrap_or("");
            let happened = happened.split("\n## ").next().unwrap_or("");
            assert!(!happened.is_empty(), "no events in the {lang} report");
            for line in happened.lines() {
                let padded = format!(" {line} ");
                for word in [
                    " the ", " is ", " of ", " not ", " has ", " army ", " with ",
                ] {
                    assert!(
                        !padded.contains(word),
                        "English in the {lang} report: {line}"
                    );
                }
            }
        }
        // No view shows a card of another player's hand.
        for (p, vb) in &out.views {
            let v: ViewFile<View> = serde_yaml::from_slice(vb).expect("view");
            for (q, hand) in &game.state.tyche.hands {
                if q == p {
                    continue;
                }
                for c in hand {
                    let open = v.state.discard.contains(c)
                        || v.state.revealed.contains(c)
                        || v.state.hand.contains(c);
                    assert!(!open, "{c} of {q}'s hand in {p}'s view");
                    let text = String::from_utf8_lossy(vb);
                    assert!(
                        !text.contains(&format!(" {c}\n")),
                        "{c} of {q}'s hand in {p}'s view file"
                    );
                }
            }
        }
        // No player's report, in any language, names a card another player held all
        // through the step: in his hand before and after it, and named by no orders of
        // the step (so never played: a card played may come back in a new deal).
        // Every card played for its event (alone or with its OPs), by id.
        for line in out.report.lines().filter(|l| l.contains("Tyche segment:")) {
            if line.contains("for its event") {
                if let Some(id) = line.split_whitespace().find(|w| {
                    w.len() == 3 && w.starts_with('T') && w[1..].bytes().all(|b| b.is_ascii_digit())
                }) {
                    self.events.insert(id.to_string());
                }
            }
        }
        let named = std::mem::take(&mut self.named);
        for (q, hand) in &game.state.tyche.hands {
            let held: Vec<&String> = hand
                .iter()
                .filter(|c| {
                    before
                        .state
                        .tyche
                        .hands
                        .get(q)
                        .is_some_and(|h| h.contains(c))
                })
                .filter(|c| !named.contains(*c))
                .collect();
            let reports = out.side_reports.iter().map(|(p, r)| (p, "en", r)).chain(
                out.translations
                    .iter()
                    .flat_map(|(lang, tr)| tr.sides.iter().map(move |(p, r)| (p, lang.code(), r))),
            );
            for (p, lang, text) in reports {
                if p == q {
                    continue;
                }
                for c in &held {
                    assert!(
                        !names_card(text, c),
                        "{c}, held by {q} all through turn {}, named in {p}'s report ({lang}):\n{text}",
                        before.turn
                    );
                }
            }
        }
    }

    fn done(&mut self, _sc: &Scenario, game: &GameFile<State>) -> bool {
        matches!(game.state.phase, Phase::Ended { .. })
    }
}

/// Whether `text` names card `id` (`T04`) as a word of its own, not inside a longer id.
fn names_card(text: &str, id: &str) -> bool {
    text.match_indices(id).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + id.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric()) && !after.is_some_and(|c| c.is_alphanumeric())
    })
}

fn play(
    players: u32,
    seed: u64,
    seen: &mut BTreeMap<&'static str, u32>,
    events: &mut BTreeSet<String>,
    cappadocia: bool,
) -> u32 {
    let sc = Successors::load_scenario(SUCCESSORS_323).expect("scenario");
    let mut st: State = Successors::start(
        &sc,
        &StartOptions {
            players: Some(players),
        },
    )
    .expect("start");
    if cappadocia {
        // A start where every regional card can act: Eumenes holds Komana, so
        // Cappadocian Mercenaries have a city to come to.
        if let Some(a) = st.armies.iter_mut().find(|a| a.general == "Eumenes") {
            a.at = "Komana".into();
            let owner = a.player.clone();
            if let Some(k) = st.space_mut("Komana") {
                k.control = Some(owner);
            }
        }
    }
    let campaign = play::Campaign {
        scenario: "successors",
        game: format!("random-{players}"),
        seed,
        // Random orders may break a rule the generator does not model: the turn goes on
        // with their defaults.
        fallback: true,
        max_turns: 60,
    };
    play::play::<Successors, _>(
        &campaign,
        st,
        &mut Successor {
            seen,
            named: BTreeSet::new(),
            events,
        },
    )
}

#[test]
fn whole_games_with_two_to_five_players() {
    let mut seen = BTreeMap::new();
    let mut events = BTreeSet::new();
    for players in 2..=5 {
        let steps = play(players, 1 + players as u64, &mut seen, &mut events, false);
        let rounds = [0, 0, 5, 5, 5, 4][players as usize];
        // The Deal, then every round of every game turn (unless a player reached the
        // victory threshold early).
        assert!(
            steps >= 2 && steps <= 1 + 5 * rounds,
            "{players} players: {steps} steps"
        );
    }
    // Cards are dealt at random: more 3-player games (fixed seeds, at most eight; Eumenes
    // starting in Komana) until every card with an event has been played for it.
    let sc = Successors::load_scenario(SUCCESSORS_323).expect("scenario");
    let mut extra = 0;
    while extra < 8
        && sc
            .tyche
            .iter()
            .any(|c| !c.unpublished && !events.contains(&c.id))
    {
        play(3, 100 + extra, &mut seen, &mut events, true);
        extra += 1;
    }
    // The random orders reach the rules, not only their defaults.
    for what in [
        "assault",
        "subjugation",
        "battle",
        "activation",
        "capture",
        "legitimacy",
        "power",
        "purchase",
        "diplomacy",
        "raid",
        "epidemic",
        "event cus",
    ] {
        assert!(
            seen.get(what).copied().unwrap_or(0) > 0,
            "no {what} in any game: {seen:?}"
        );
    }
    // Every card of the deck with an event is played for it in some game; no card without
    // a public text is.
    for card in &sc.tyche {
        assert_eq!(
            events.contains(&card.id),
            !card.unpublished,
            "{} {}: played for its event in random play: {}",
            card.id,
            card.name,
            events.contains(&card.id)
        );
    }
    eprintln!("random play: {seen:?}, {extra} more games for the cards");
}

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
        "sallies from Kyzikos",
        "subjugation roll by",
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
        forced: BTreeMap::new(),
        reseeds: Vec::new(),
    };
    run_turn::<Successors>(&inp).map_err(|f| f.render())
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

/// docs/scenario-successors.md's tables (line-ups, houses, generals, the Tyche deck) are
/// the scenario's data: a change to either without the other fails here, and the failure
/// prints the table to paste.
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
}
