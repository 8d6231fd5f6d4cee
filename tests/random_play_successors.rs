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
        let how = ["event", "ops", "both", "discard"][rng.below(4)];
        o.push_str(&format!("tyche:\n  play: {c}\n  for: {how}\n"));
        if card.event.needs_target() {
            if let Some(a) = rng.pick(&mine) {
                o.push_str(&format!("  target: {}\n", a.at));
            }
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

fn play(players: u32, seed: u64, seen: &mut BTreeMap<&'static str, u32>) -> u32 {
    let sc = Successors::load_scenario(SUCCESSORS_323).expect("scenario");
    let st: State = Successors::start(
        &sc,
        &StartOptions {
            players: Some(players),
        },
    )
    .expect("start");
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
        },
    )
}

#[test]
fn whole_games_with_two_to_five_players() {
    let mut seen = BTreeMap::new();
    for players in 2..=5 {
        let steps = play(players, 1 + players as u64, &mut seen);
        let rounds = [0, 0, 5, 5, 5, 4][players as usize];
        // The Deal, then every round of every game turn (unless a player reached the
        // victory threshold early).
        assert!(
            steps >= 2 && steps <= 1 + 5 * rounds,
            "{players} players: {steps} steps"
        );
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
    ] {
        assert!(
            seen.get(what).copied().unwrap_or(0) > 0,
            "no {what} in any game: {seen:?}"
        );
    }
    eprintln!("random play: {seen:?}");
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

/// The scenario is `successors` (the name); `successors-323` stays an alias.
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
