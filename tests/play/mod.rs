//! The random-play harness every game shares (tests/random_play.rs runs it): a game brings
//! only its order generator and its own checks (`Player`, in this folder's file named
//! after the game, listed in `GAMES` by its registry id); the driver
//! plays whole campaigns from fixed seeds through the real pipeline (`run_turn`) and
//! checks after every turn that the orders were accepted (the generator and the checks
//! agree on what is legal), nothing panicked, the step after is adjudicable unless the
//! game says it is over (no dead end), every invariant of the state holds
//! (`Rules::invariants`), the same turn run again gives the same bytes, and every
//! translated report carries the English facts (tests/facts, when the game has a
//! vocabulary).

#![allow(dead_code)]

pub mod hellenes;
pub mod successors;

use super::facts;
use dikast::dice::{self, Chain, Hash};
use dikast::game::{sha256_hex, to_yaml, DiceState, GameFile, ScenarioRef, FORMAT};
use dikast::pipeline::{run_turn, TurnInputs, TurnOutputs};
use dikast::rules::Rules;
use std::collections::BTreeMap;

/// Every game's random play, by its registry id (`dikast::games::builtin()`): a game added
/// to the registry without a line here fails tests/random_play.rs.
pub const GAMES: &[(&str, fn())] = &[
    ("hellenes", hellenes::random_play_200_seasons_and_50_winters),
    (
        "successors",
        successors::whole_games_with_two_to_five_players,
    ),
];

/// splitmix64: a tiny deterministic generator (no OS randomness in tests either).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    pub fn pick<'a, T>(&mut self, v: &'a [T]) -> Option<&'a T> {
        (!v.is_empty()).then(|| &v[self.below(v.len())])
    }
}

/// What a game brings to random play.
pub trait Player<R: Rules> {
    /// The whole orders file `side` sends on this turn (`None`: it sends nothing).
    fn orders(
        &mut self,
        sc: &R::Scenario,
        game: &GameFile<R::State>,
        bytes: &[u8],
        side: &str,
        rng: &mut Rng,
    ) -> Option<String>;
    /// The game's own checks of a turn played (views hide what they must, …) and what it
    /// counts of what happened.
    fn after(
        &mut self,
        sc: &R::Scenario,
        before: &GameFile<R::State>,
        next: &GameFile<R::State>,
        out: &TurnOutputs,
    );
    /// Whether the campaign stops before this game file: the game is over, or played
    /// what the test set out to play.
    fn done(&mut self, sc: &R::Scenario, game: &GameFile<R::State>) -> bool;
}

/// One random campaign.
pub struct Campaign<'a> {
    pub scenario: &'a str,
    /// The game id (it enters every turn key).
    pub game: String,
    pub seed: u64,
    /// Invalid orders fall back to their defaults instead of failing the turn.
    pub fallback: bool,
    /// A campaign longer than this is a dead end.
    pub max_turns: u32,
}

impl Campaign<'_> {
    fn heads(&self) -> (Hash, Hash) {
        (
            dice::sha256(format!("random-play-open-{}", self.seed).as_bytes()),
            dice::sha256(format!("random-play-sealed-{}", self.seed).as_bytes()),
        )
    }
}

const CHAIN: u32 = 40;

/// The first game file of a campaign from a started state.
pub fn first_game<R: Rules>(c: &Campaign, sc: &R::Scenario, state: R::State) -> Vec<u8> {
    let text = R::embedded_scenario(c.scenario).expect("an embedded scenario");
    let (s, u) = c.heads();
    let step = R::step(sc, &state);
    let game = GameFile {
        dikast: FORMAT,
        rules: R::ID.into(),
        scenario: ScenarioRef {
            name: c.scenario.into(),
            sha256: sha256_hex(text.as_bytes()),
            text: None,
        },
        game: c.game.clone(),
        turn: 1,
        step: step.title,
        awaiting: step.awaiting,
        dice: DiceState {
            protocol: dice::PROTOCOL.into(),
            chain_length: CHAIN,
            commitment: dice::to_hex(&Chain::Open.walk(&s, CHAIN)),
            sealed_anchor: dice::to_hex(&Chain::Sealed.walk(&u, CHAIN)),
            reseeds: Vec::new(),
        },
        previous: None,
        deadline: None,
        last_turn: Vec::new(),
        state,
    };
    to_yaml(&game).into_bytes()
}

/// Plays one campaign from `state`; returns the turns played.
pub fn play<R: Rules, P: Player<R>>(c: &Campaign, state: R::State, p: &mut P) -> u32 {
    let text = R::embedded_scenario(c.scenario).expect("an embedded scenario");
    let sc = R::load_scenario(text).expect("the scenario loads");
    let (s_head, u_head) = c.heads();
    let mut rng = Rng(c.seed);
    let mut bytes = first_game::<R>(c, &sc, state);
    let vocab = (!R::vocabulary(&sc).is_empty()).then(facts::vocab::<R>);
    let mut turns = 0;
    loop {
        let game: GameFile<R::State> =
            serde_yaml::from_slice(&bytes).expect("our game files parse");
        if p.done(&sc, &game) {
            return turns;
        }
        let step = R::step(&sc, &game.state);
        let t = game.turn;
        let seed = c.seed;
        if let Some(why) = &step.unsupported {
            panic!("seed {seed}, turn {t}: a dead end before the game is over: {why}");
        }
        assert!(
            turns < c.max_turns,
            "seed {seed}: no end after {turns} turns (a dead end?)"
        );
        let mut orders = BTreeMap::new();
        for side in R::sides(&sc, &game.state) {
            let o = p.orders(&sc, &game, &bytes, &side, &mut rng);
            orders.insert(
                side.clone(),
                o.map(|text| (format!("{side}.yaml"), text.into_bytes())),
            );
        }
        let inp = TurnInputs {
            next_deadline: None,
            game_name: format!("turn-{t}/game.yaml"),
            game_bytes: bytes.clone(),
            orders,
            seed: Chain::Open
                .at(&s_head, CHAIN, t)
                .expect("chain long enough"),
            sealed: Chain::Sealed.at(&u_head, CHAIN, t),
            fallback: c.fallback,
            forced: BTreeMap::new(),
            reseeds: Vec::new(),
        };
        let out = run_turn::<R>(&inp).unwrap_or_else(|f| {
            let texts: Vec<String> = inp
                .orders
                .values()
                .flatten()
                .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
                .collect();
            panic!(
                "seed {seed}, turn {t} ({}): {}\norders:\n{}",
                step.title,
                f.render(),
                texts.join("\n---\n")
            )
        });
        let again = run_turn::<R>(&inp).expect("the same turn runs again");
        assert!(
            again.next_game == out.next_game
                && again.views == out.views
                && again.report_files() == out.report_files(),
            "seed {seed}, turn {t}: a re-run gave different bytes"
        );
        if let Some(v) = vocab {
            for (lang, r) in &out.translations {
                let mut problems = facts::compare(v, "report", &out.report, &r.moderator);
                for (side, text) in &out.side_reports {
                    problems.extend(facts::compare(v, side, text, &r.sides[side]));
                }
                assert!(
                    problems.is_empty(),
                    "seed {seed}, turn {t}: the {lang} reports differ in facts:\n{}",
                    problems.join("\n")
                );
            }
        }
        let next: GameFile<R::State> = serde_yaml::from_slice(&out.next_game).expect("parse");
        let broken = R::invariants(&sc, &next.state);
        assert!(
            broken.is_empty(),
            "seed {seed}, turn {t} ({}): {}",
            step.title,
            broken.join("; ")
        );
        p.after(&sc, &game, &next, &out);
        turns += 1;
        bytes = out.next_game;
    }
}
