//! Hellenes: Campaigns of the Peloponnesian War (Athens vs Sparta), behind `Rules`.
//!
//! The game lives in four layers, each importing only from those below it:
//! - `model`: data and types (the scenario with every parameter, the state, the checked
//!   orders, the events, a side's view and what it knows, dice labels, the state
//!   invariants);
//! - `engine`: resolution by rule area (movement, battle, season, siege, winter, year,
//!   Olympians, control) and the step dispatcher;
//! - `check`: the order forms, parsed and checked against a side's view, and defaults;
//! - `text`: the reports (one narration module per event family), the position, the
//!   orders template, the step titles and the map picture.
//!
//! This file only wires the layers to the `Rules` trait.

#![allow(clippy::result_large_err)]

pub mod check;
pub mod engine;
pub mod model;
pub mod prebuilt;
pub mod text;

// The paths tests and the other commands know (`hellenes::scenario::Scenario`, …).
pub use model::invariants;
pub use model::{scenario, sight, state};
pub use text::words;

use dikast_core::diag::SourceFile;
use dikast_core::dice::TurnDice;
use dikast_core::lang::Lang;
use dikast_core::rules::{Checked, Resolution, Rules, StepInfo};
use dikast_core::yaml::Node;
use model::events::Event;
use model::orders::Orders;
use model::scenario::Scenario;
use model::sight::View;
use model::state::State;
use std::collections::BTreeMap;
use text::words::Case;

pub use model::scenario::HELLENES_431;

pub struct Hellenes;

impl Rules for Hellenes {
    const ID: &'static str = model::scenario::GAME_ID;
    type Scenario = Scenario;
    type State = State;
    type View = View;
    type Orders = Orders;
    type Event = Event;

    fn scenario_names() -> &'static [&'static str] {
        &["hellenes-431"]
    }

    fn embedded_scenario(name: &str) -> Option<&'static str> {
        (name == "hellenes-431").then_some(HELLENES_431)
    }

    fn load_scenario(text: &str) -> Result<Scenario, Vec<String>> {
        Scenario::load(text)
    }

    fn scenario_problems(sc: &Scenario) -> Option<Vec<String>> {
        Some(sc.refused())
    }

    fn load_prebuilt(name: &str, sha256: &str) -> Option<Scenario> {
        let p = crate::prebuilt::get("games/hellenes/model/hellenes-431.yaml")?;
        (name == "hellenes-431" && p.sha256 == sha256)
            .then(|| p.read())
            .flatten()
    }

    fn sides(sc: &Scenario, _st: &State) -> Vec<String> {
        sc.side_ids()
    }

    fn sides_of_view(sc: &Scenario, _view: &View) -> Vec<String> {
        sc.side_ids()
    }

    fn side_name_in(sc: &Scenario, side: &str, lang: Lang) -> String {
        text::words::side(sc, side, lang, Case::Nom)
    }

    fn start(sc: &Scenario, opts: &dikast_core::rules::StartOptions) -> Result<State, String> {
        match opts.players {
            Some(n) if n as usize != sc.side_ids().len() => Err(format!(
                "this scenario is played by {} players, not {n}",
                sc.side_ids().len()
            )),
            _ => Ok(State::start(sc)),
        }
    }

    fn invariants(sc: &Scenario, st: &State) -> Vec<String> {
        model::invariants::check(sc, st)
    }

    fn order_forms() -> dikast_core::kit::forms::Forms {
        check::forms::forms()
    }

    fn diagnostic_tongue() -> dikast_core::kit::tr::Tongue {
        check::ru::tongue()
    }

    fn step_in(sc: &Scenario, st: &State, lang: Lang) -> StepInfo {
        text::step::info(sc, st, lang)
    }

    fn view(sc: &Scenario, st: &State, side: &str) -> View {
        model::sight::view(sc, st, side)
    }

    fn check(
        sc: &Scenario,
        view: &View,
        _side: &str,
        body: &[(Node, Node)],
        file: &SourceFile,
    ) -> Checked<Orders> {
        check::orders::check(sc, view, body, file)
    }

    fn default_orders(sc: &Scenario, view: &View, _side: &str) -> Orders {
        check::defaults::for_step(sc, view)
    }

    fn resolve(
        sc: &Scenario,
        st: &State,
        orders: &BTreeMap<String, Orders>,
        dice: &TurnDice,
    ) -> Resolution<State, Event> {
        engine::resolve::resolve(sc, st, orders, dice)
    }

    fn narrate(
        sc: &Scenario,
        before: &State,
        events: &[Event],
        side: Option<&str>,
        lang: Lang,
    ) -> String {
        text::report::narrate(sc, before, events, side, lang)
    }

    fn vocabulary(sc: &Scenario) -> Vec<dikast_core::rules::Term> {
        text::words::vocabulary(sc)
    }

    fn defaults_said(sc: &Scenario, orders: &Orders, lang: Lang) -> Vec<String> {
        text::report::defaults_said(sc, &orders.fallbacks, lang)
    }

    fn describe(sc: &Scenario, view: &View, lang: Lang) -> String {
        text::describe::describe(sc, view, lang)
    }

    fn template(sc: &Scenario, view: &View, side: &str) -> String {
        text::template::template(sc, view, side)
    }
    fn template_in(sc: &Scenario, view: &View, side: &str, lang: Lang) -> String {
        let en = text::template::template(sc, view, side);
        match lang {
            Lang::En => en,
            Lang::Ru => text::template_ru::russian(sc, &en),
        }
    }
    fn step_of_view(sc: &Scenario, view: &View, lang: Lang) -> Option<String> {
        Some(text::step::title_in(
            sc,
            view.year,
            view.season,
            &view.phase,
            lang,
        ))
    }

    fn map(sc: &Scenario, view: &View) -> dikast_core::map::MapPicture {
        text::picture::picture(sc, view)
    }
    fn map_in(
        sc: &Scenario,
        view: &View,
        last: &[dikast_core::game::Seen],
        lang: Lang,
    ) -> dikast_core::map::MapPicture {
        text::picture::picture_of_turn(sc, view, last, lang)
    }
    fn last_turn(sc: &Scenario, _before: &State, events: &[Event]) -> Vec<dikast_core::game::Seen> {
        text::picture::last_turn(sc, events)
    }
    fn seen_line(seen: &dikast_core::game::Seen, who: &str, at: &str, lang: Lang) -> String {
        text::picture::seen_line(seen, who, at, lang)
    }
    fn odds_offer() -> dikast_core::odds::Offer {
        engine::odds::OFFER
    }
    fn odds(
        sc: &Scenario,
        view: Option<&View>,
        ask: &dikast_core::odds::Ask,
    ) -> Result<dikast_core::odds::Odds, String> {
        engine::odds::answer(sc, view, ask)
    }
}

/// Tests that cross the Hellenes layers: an order checked and then resolved, a whole turn
/// through the pipeline, a report verified. (Tests of one layer live with it.)
#[cfg(test)]
mod tests {
    use super::*;
    use dikast_core::rules::Rules;

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
            let seed = dikast_core::dice::sha256(b"ended");
            let game = dikast_core::rules::opening_file::<Hellenes>(
                &sc,
                dikast_core::game::ScenarioRef {
                    name: "hellenes-431".into(),
                    sha256: dikast_core::game::sha256_hex(HELLENES_431.as_bytes()),
                    text: None,
                },
                "ended",
                9,
                dikast_core::game::DiceState::of(
                    16,
                    &dikast_core::dice::Chain::Open.prev(&seed),
                    &seed,
                ),
                st,
            );
            let inp = dikast_core::pipeline::TurnInputs {
                next_deadline: None,
                game_name: "game.yaml".into(),
                game_bytes: dikast_core::game::to_yaml(&game).into_bytes(),
                orders: BTreeMap::new(),
                seed,
                sealed: None,
                fallback: false,
                forced: BTreeMap::new(),
                reseeds: Vec::new(),
            };
            match dikast_core::pipeline::run_turn::<Hellenes>(&inp) {
                Err(f) => assert!(f.render().contains("the game is over"), "{}", f.render()),
                Ok(_) => panic!("a finished game was adjudicated"),
            }
        }

        /// 10.4: a file sent at New Year without `new_year:` is refused, naming the hand; the
        /// year's end leads to the New Year step, and the New Year to Spring's initiative.
        #[test]
        fn new_year_needs_its_card_and_leads_to_spring() {
            let (sc, mut st) = year_end();
            let dice = dikast_core::dice::TurnDice::new([7u8; 32], Some([9u8; 32]));
            let none: BTreeMap<String, Orders> = BTreeMap::new();
            let r = engine::resolve::resolve(&sc, &st, &none, &dice);
            assert_eq!(r.state.phase, Phase::NewYear);
            assert_eq!((r.state.year, r.state.season), (430, Season::NewYear));
            assert!(r.state.cards.hands.values().all(|h| h.len() == 6));
            st = r.state;
            let view = model::sight::view(&sc, &st, "athens");
            let file = dikast_core::diag::SourceFile::new("athens.yaml", "standing: {}\n");
            let root = dikast_core::yaml::parse(&file).unwrap();
            let checked = check::orders::check(&sc, &view, root.as_map().unwrap(), &file);
            assert_eq!(checked.problems.len(), 1);
            assert_eq!(checked.problems[0].code, "orders::missing-new-year");
            let orders: BTreeMap<String, Orders> = sc
                .side_ids()
                .into_iter()
                .map(|s| {
                    let v = model::sight::view(&sc, &st, &s);
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
}
