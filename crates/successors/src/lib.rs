//! Successors (4th edition; Alexander's generals fight over his empire), 2–5 players by
//! e-mail: the thin `Rules` implementation over its layers, model → engine → check →
//! text, none of which imports a higher one.

#![allow(clippy::result_large_err)]

pub mod check;
pub mod engine;
pub mod model;
pub mod prebuilt;
pub mod text;

use dikast_core::diag::SourceFile;
use dikast_core::dice::TurnDice;
use dikast_core::lang::Lang;
use dikast_core::rules::{Checked, Resolution, Rules, StartOptions, StepInfo};
use dikast_core::yaml::Node;
use model::events::Event;
use model::orders::Orders;
use model::scenario::{Scenario, SUCCESSORS_323};
use model::sight::View;
use model::state::State;
use std::collections::BTreeMap;

pub struct Successors;

impl Rules for Successors {
    fn diagnostic_tongue() -> dikast_core::kit::tr::Tongue {
        check::ru::tongue()
    }

    const ID: &'static str = "successors";
    type Scenario = Scenario;
    type State = State;
    type View = View;
    type Orders = Orders;
    type Event = Event;

    fn scenario_names() -> &'static [&'static str] {
        &["successors"]
    }

    /// `successors` (the name); `successors-323`, its name before, stays an alias
    /// so that campaigns started under it still load.
    fn embedded_scenario(name: &str) -> Option<&'static str> {
        matches!(name, "successors" | "successors-323").then_some(SUCCESSORS_323)
    }

    fn load_prebuilt(name: &str, sha256: &str) -> Option<Scenario> {
        let p = crate::prebuilt::get("games/successors/model/successors-323.yaml")?;
        (Self::embedded_scenario(name).is_some() && p.sha256 == sha256)
            .then(|| p.read())
            .flatten()
    }

    fn load_scenario(text: &str) -> Result<Scenario, Vec<String>> {
        let sc: Scenario = serde_yaml::from_str(text).map_err(|e| vec![e.to_string()])?;
        let p = sc.refused(Self::ID);
        if p.is_empty() {
            Ok(sc)
        } else {
            Err(p)
        }
    }

    fn scenario_problems(sc: &Scenario) -> Option<Vec<String>> {
        Some(sc.refused(Self::ID))
    }

    fn sides(_sc: &Scenario, st: &State) -> Vec<String> {
        st.players.clone()
    }

    fn sides_of_view(_sc: &Scenario, view: &View) -> Vec<String> {
        view.players.clone()
    }

    fn side_name_in(sc: &Scenario, side: &str, lang: Lang) -> String {
        text::words::player(sc, side, lang)
    }

    fn vocabulary(sc: &Scenario) -> Vec<dikast_core::rules::Term> {
        text::words::vocabulary(sc)
    }

    fn start(sc: &Scenario, opts: &StartOptions) -> Result<State, String> {
        State::start_for(sc, opts.players)
    }

    fn invariants(sc: &Scenario, st: &State) -> Vec<String> {
        model::invariants::check(sc, st)
    }

    fn order_forms() -> dikast_core::kit::forms::Forms {
        check::forms::forms()
    }

    fn step_in(sc: &Scenario, st: &State, lang: Lang) -> StepInfo {
        text::step::info(sc, st, lang)
    }

    fn view(_sc: &Scenario, st: &State, side: &str) -> View {
        View::of(st, side)
    }

    fn check(
        sc: &Scenario,
        view: &View,
        _side: &str,
        body: &[(Node, Node)],
        file: &SourceFile,
    ) -> Checked<Orders> {
        check::check(sc, view, body, file)
    }

    fn default_orders(sc: &Scenario, view: &View, _side: &str) -> Orders {
        check::default_orders(sc, view)
    }

    fn resolve(
        sc: &Scenario,
        st: &State,
        orders: &BTreeMap<String, Orders>,
        dice: &TurnDice,
    ) -> Resolution<State, Event> {
        engine::resolve(sc, st, orders, dice)
    }

    fn narrate(
        sc: &Scenario,
        _before: &State,
        events: &[Event],
        side: Option<&str>,
        lang: Lang,
    ) -> String {
        text::narrate::narrate(sc, events, side, lang)
    }

    fn describe(sc: &Scenario, view: &View, lang: Lang) -> String {
        text::describe::describe(sc, view, lang)
    }

    fn template(sc: &Scenario, view: &View, side: &str) -> String {
        text::template::template(sc, view, side)
    }
    fn template_in(sc: &Scenario, view: &View, side: &str, lang: Lang) -> String {
        text::template::template_in(sc, view, side, lang)
    }
    fn step_of_view(sc: &Scenario, view: &View, lang: Lang) -> Option<String> {
        Some(text::step::title_of(
            sc,
            view.game_turn,
            view.round,
            &view.phase,
            view.players.len(),
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
    fn last_turn(_sc: &Scenario, before: &State, events: &[Event]) -> Vec<dikast_core::game::Seen> {
        text::picture::last_turn(before, events)
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
        engine::odds::odds(sc, view, ask)
    }
}
