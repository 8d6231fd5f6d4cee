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
use std::collections::BTreeMap;

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

/// The Successors side of random play: its order generator and its own checks.
struct Successor<'s> {
    seen: &'s mut BTreeMap<&'static str, u32>,
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
        _before: &GameFile<State>,
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
        ] {
            *self.seen.entry(what).or_insert(0) += out.report.matches(text).count() as u32;
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
    }

    fn done(&mut self, _sc: &Scenario, game: &GameFile<State>) -> bool {
        matches!(game.state.phase, Phase::Ended { .. })
    }
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
        scenario: "successors-323",
        game: format!("random-{players}"),
        seed,
        // Random orders may break a rule the generator does not model: the turn goes on
        // with their defaults.
        fallback: true,
        max_turns: 60,
    };
    play::play::<Successors, _>(&campaign, st, &mut Successor { seen })
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
    for what in ["assault", "subjugation", "battle", "activation", "capture"] {
        assert!(
            seen.get(what).copied().unwrap_or(0) > 0,
            "no {what} in any game: {seen:?}"
        );
    }
    eprintln!("random play: {seen:?}");
}
