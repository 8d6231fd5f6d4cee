//! Hellenes: Campaigns of the Peloponnesian War (Athens vs Sparta). The rules module:
//! scenario data, state, views, order forms, resolution and report text, behind `Rules`.

pub mod actions;
pub mod battle;
pub mod control;
pub mod event;
pub mod invariants;
pub mod map_data;
pub mod movement;
pub mod orders;
pub mod rating;
pub mod report;
pub mod resolve;
pub mod scenario;
pub mod season;
pub mod season_event;
pub mod siege;
pub mod siege_event;
pub mod siege_orders;
pub mod state;
pub mod view;

use crate::diag::SourceFile;
use crate::dice::TurnDice;
use crate::rules::{Checked, Resolution, Rules, StepInfo};
use crate::yaml::Node;
use scenario::Scenario;
use state::{Phase, State};
use std::collections::BTreeMap;

/// The embedded 431 BC scenario.
pub const HELLENES_431: &str = include_str!("hellenes-431.yaml");

pub struct Hellenes;

/// The step a state awaits, in words: `431 BC, Spring: initiative cards`.
pub fn step_title(st: &State) -> String {
    let what = match &st.phase {
        Phase::Setup => "setup and the deal".to_string(),
        Phase::Initiative => "initiative cards".to_string(),
        Phase::PlayerTurn { side, first } => format!(
            "{} player turn of {side}",
            if *first { "first" } else { "second" }
        ),
        Phase::Winter => "overwintering and the turn of the year (not implemented yet)".to_string(),
    };
    format!("{} BC, {}: {what}", st.year, st.season)
}

impl Rules for Hellenes {
    const ID: &'static str = "hellenes";
    type Scenario = Scenario;
    type State = State;
    type View = view::View;
    type Orders = orders::Orders;
    type Event = event::Event;

    fn scenario_names() -> &'static [&'static str] {
        &["hellenes-431"]
    }

    fn embedded_scenario(name: &str) -> Option<&'static str> {
        (name == "hellenes-431").then_some(HELLENES_431)
    }

    fn load_scenario(text: &str) -> Result<Scenario, Vec<String>> {
        let sc: Scenario = serde_yaml::from_str(text).map_err(|e| vec![e.to_string()])?;
        if sc.rules != Self::ID {
            return Err(vec![format!(
                "this scenario is for `{}`, not hellenes",
                sc.rules
            )]);
        }
        let problems = sc.problems();
        if problems.is_empty() {
            Ok(sc)
        } else {
            Err(problems)
        }
    }

    fn sides(sc: &Scenario) -> Vec<String> {
        sc.side_ids()
    }

    fn side_name(sc: &Scenario, side: &str) -> String {
        report::side_name(sc, side)
    }

    fn start(sc: &Scenario) -> State {
        State::start(sc)
    }

    fn step(sc: &Scenario, st: &State) -> StepInfo {
        let sides = sc.side_ids();
        let asks = sides
            .iter()
            .map(|s| {
                let ask = match &st.phase {
                    Phase::Setup => {
                        "entropy for the deal (and standing orders if you like)".to_string()
                    }
                    Phase::Initiative => {
                        "the card you play this season (`initiative:`)".to_string()
                    }
                    Phase::PlayerTurn { side, .. } if side == s => {
                        "your actions and combat (`actions:`, `combat:`; standing orders if you like)"
                            .to_string()
                    }
                    Phase::PlayerTurn { .. } => {
                        "standing orders (or nothing: the current ones stand)".to_string()
                    }
                    Phase::Winter => "nothing yet: Winter is not implemented".to_string(),
                };
                (s.clone(), ask)
            })
            .collect();
        StepInfo {
            title: step_title(st),
            awaiting: sides,
            asks,
            unsupported: match &st.phase {
                Phase::Winter => Some(
                    "Winter (9.x: overwintering, winter sieges) and the turn of the year (10.x) are not implemented yet; the campaign stops after Fall's player turns"
                        .into(),
                ),
                _ => None,
            },
        }
    }

    fn view(sc: &Scenario, st: &State, side: &str) -> view::View {
        view::build(sc, st, side)
    }

    fn check(
        sc: &Scenario,
        view: &view::View,
        _side: &str,
        body: &[(Node, Node)],
        file: &SourceFile,
    ) -> Checked<orders::Orders> {
        orders::check(sc, view, body, file)
    }

    fn default_orders(_sc: &Scenario, view: &view::View, _side: &str) -> orders::Orders {
        orders::default_orders(view)
    }

    fn resolve(
        sc: &Scenario,
        st: &State,
        orders: &BTreeMap<String, orders::Orders>,
        dice: &TurnDice,
    ) -> Resolution<State, event::Event> {
        resolve::resolve(sc, st, orders, dice)
    }

    fn narrate(
        sc: &Scenario,
        before: &State,
        events: &[event::Event],
        side: Option<&str>,
    ) -> String {
        report::narrate(sc, before, events, side)
    }

    fn describe(sc: &Scenario, view: &view::View) -> String {
        report::describe(sc, view)
    }

    fn template(sc: &Scenario, view: &view::View, side: &str) -> String {
        report::template(sc, view, side)
    }

    fn map(sc: &Scenario, view: &view::View) -> crate::map::MapPicture {
        map_data::picture(sc, view)
    }
}
