//! Hellenes: Campaigns of the Peloponnesian War (Athens vs Sparta), behind `Rules`.
//!
//! The game lives in four layers, each importing only from those below it:
//! - `model`: data and types (the scenario with every parameter, the state, the checked
//!   orders, the events, a side's view and what it knows, dice labels);
//! - `engine`: resolution by rule area (movement, battle, season, siege, winter, year,
//!   Olympians, control), the step dispatcher and the state invariants;
//! - `check`: the order forms, parsed and checked against a side's view, and defaults;
//! - `text`: the reports (one narration module per event family), the position, the
//!   orders template, the step titles and the map picture.
//!
//! This file only wires the layers to the `Rules` trait.

pub mod check;
pub mod engine;
pub mod model;
pub mod text;

#[cfg(test)]
mod tests;

// The paths tests and the other commands know (`hellenes::scenario::Scenario`, …).
pub use engine::invariants;
pub use model::{scenario, state, view};
pub use text::words;

use crate::diag::SourceFile;
use crate::dice::TurnDice;
use crate::lang::Lang;
use crate::rules::{Checked, Resolution, Rules, StepInfo};
use crate::yaml::Node;
use model::events::Event;
use model::orders::Orders;
use model::scenario::Scenario;
use model::state::State;
use model::view::View;
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

    fn sides(sc: &Scenario) -> Vec<String> {
        sc.side_ids()
    }

    fn side_name_in(sc: &Scenario, side: &str, lang: Lang) -> String {
        words::side(sc, side, lang, Case::Nom)
    }

    fn start(sc: &Scenario) -> State {
        State::start(sc)
    }

    fn step_in(sc: &Scenario, st: &State, lang: Lang) -> StepInfo {
        text::step::info(sc, st, lang)
    }

    fn view(sc: &Scenario, st: &State, side: &str) -> View {
        model::view::build(sc, st, side)
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

    fn describe(sc: &Scenario, view: &View, lang: Lang) -> String {
        text::describe::describe(sc, view, lang)
    }

    fn template(sc: &Scenario, view: &View, side: &str) -> String {
        text::template::template(sc, view, side)
    }

    fn map(sc: &Scenario, view: &View) -> crate::map::MapPicture {
        text::map::picture(sc, view)
    }
}
