//! Random play of whole Successors games (every game turn, to the end) with 2, 3, 4 and
//! 5 players: random orders written as YAML go through the order checker (invalid parts
//! fall back to their defaults), every state keeps its invariants, a re-run gives the
//! same bytes, and no view shows another player's hand.

use dikast::dice::{self, Chain};
use dikast::game::{sha256_hex, to_yaml, DiceState, GameFile, ScenarioRef, ViewFile, FORMAT};
use dikast::games::successors::model::scenario::{Scenario, SUCCESSORS_323};
use dikast::games::successors::model::sight::View;
use dikast::games::successors::model::state::{Phase, State};
use dikast::games::successors::Successors;
use dikast::pipeline::{run_turn, TurnInputs};
use dikast::rules::{Rules, StartOptions};
use std::collections::BTreeMap;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a, T>(&mut self, v: &'a [T]) -> Option<&'a T> {
        (!v.is_empty()).then(|| &v[self.below(v.len())])
    }
}

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
        if card.event.assault.is_some() {
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
                match rng.below(3) {
                    0 => o.push_str(&format!("  train: {}\n", a.general)),
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

fn play(players: u32, seed: u64, seen: &mut BTreeMap<&'static str, u32>) -> u32 {
    let sc = Successors::load_scenario(SUCCESSORS_323).expect("scenario");
    let st: State = Successors::start(
        &sc,
        &StartOptions {
            players: Some(players),
        },
    )
    .expect("start");
    let (head, seal) = (
        dice::sha256(format!("random-open-{players}-{seed}").as_bytes()),
        dice::sha256(format!("random-sealed-{players}-{seed}").as_bytes()),
    );
    let n = 64;
    let step = Successors::step(&sc, &st);
    let mut game = GameFile {
        dikast: FORMAT,
        rules: Successors::ID.to_string(),
        scenario: ScenarioRef {
            name: "successors-323".into(),
            sha256: sha256_hex(SUCCESSORS_323.as_bytes()),
            text: None,
        },
        game: format!("random-{players}"),
        turn: 1,
        step: step.title,
        awaiting: step.awaiting,
        dice: DiceState {
            protocol: dice::PROTOCOL.into(),
            chain_length: n,
            commitment: dice::to_hex(&Chain::Open.at(&head, n, 0).expect("chain")),
            sealed_anchor: dice::to_hex(&Chain::Sealed.at(&seal, n, 0).expect("chain")),
        },
        previous: None,
        deadline: None,
        last_turn: Vec::new(),
        state: st,
    };
    let mut bytes = to_yaml(&game).into_bytes();
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut steps = 0;
    while !matches!(game.state.phase, Phase::Ended { .. }) {
        steps += 1;
        assert!(
            steps < 60,
            "{players} players: no end after {steps} steps (a dead end?)"
        );
        let t = game.turn;
        let mut files = BTreeMap::new();
        for p in game.state.players.clone() {
            let v = View::of(&game.state, &p);
            let body = orders(&sc, &v, &mut rng);
            let text = format!(
                "game: {}\nturn: {t}\nside: {p}\nbased_on: {}\n{body}",
                game.game,
                sha256_hex(&bytes)
            );
            files.insert(p.clone(), Some((format!("{p}.yaml"), text.into_bytes())));
        }
        let inp = TurnInputs {
            next_deadline: None,
            game_name: "game.yaml".into(),
            game_bytes: bytes.clone(),
            orders: files,
            seed: Chain::Open.at(&head, n, t).expect("chain"),
            sealed: Chain::Sealed.at(&seal, n, t),
            fallback: true,
            forced: BTreeMap::new(),
        };
        let out =
            run_turn::<Successors>(&inp).unwrap_or_else(|f| panic!("turn {t}: {}", f.render()));
        let again = run_turn::<Successors>(&inp).expect("re-run");
        assert!(
            again.next_game == out.next_game && again.report_files() == out.report_files(),
            "turn {t}: re-run differs"
        );
        for (what, text) in [
            ("assault", "assault roll"),
            ("subjugation", "subjugation roll"),
            ("battle", "Battle in"),
            ("activation", "activates the independent army"),
            ("sally", "sallies from"),
            ("void", "is not carried out"),
            ("capture", "falls to"),
        ] {
            *seen.entry(what).or_insert(0) += out.report.matches(text).count() as u32;
        }
        game = serde_yaml::from_slice(&out.next_game).expect("next game file");
        let bad = Successors::invariants(&sc, &game.state);
        assert!(bad.is_empty(), "{players} players, turn {t}: {bad:?}");
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
        bytes = out.next_game;
    }
    steps
}

#[test]
fn whole_games_with_two_to_five_players() {
    let mut seen = BTreeMap::new();
    for players in 2..=5 {
        let steps = play(players, 7 + players as u64, &mut seen);
        let rounds = [0, 0, 5, 5, 5, 4][players as usize];
        // The Deal, then every round of every game turn (unless a player reached the
        // victory threshold early).
        assert!(
            steps >= 2 && steps <= 1 + 5 * rounds,
            "{players} players: {steps} steps"
        );
    }
    // The random orders reach the rules, not only their defaults.
    for what in ["assault", "subjugation", "battle", "activation", "capture"] {
        assert!(
            seen.get(what).copied().unwrap_or(0) > 0,
            "no {what} in any game: {seen:?}"
        );
    }
    eprintln!("random play: {seen:?}");
}
