//! The seam between the pipeline and the games: the `Rules` trait every game implements.
//!
//! The pipeline (campaign, adjudicate, verify, the reports' bookkeeping and dice section)
//! is written once, generic over `Rules`; a game brings its scenario data, state, view,
//! order forms (a `kit::forms` table) with their checks and defaults, invariants,
//! resolution and report text. Adding a game adds its folder and one line in the games
//! registry (`crate::games`); nothing in the pipeline changes.

use crate::diag::{Diagnostic, SourceFile};
use crate::dice::{DiceRecord, TurnDice};
use crate::lang::Lang;
use crate::yaml::Node;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::collections::BTreeMap;

/// A game file with no turn before it in its chain (no previous file, no deadline,
/// nothing seen last turn), awaiting `turn` of `state`: the step and the sides awaited
/// are the rules' own (`Rules::step`). What `dikast new` writes, and every test that
/// starts a game from a state of its own.
pub fn opening_file<R: Rules>(
    sc: &R::Scenario,
    scenario: crate::game::ScenarioRef,
    game: &str,
    turn: u32,
    dice: crate::game::DiceState,
    state: R::State,
) -> crate::game::GameFile<R::State> {
    let step = R::step(sc, &state);
    crate::game::GameFile {
        dikast: crate::game::FORMAT,
        rules: R::ID.to_string(),
        scenario,
        game: game.to_string(),
        turn,
        step: step.title,
        awaiting: step.awaiting,
        dice,
        previous: None,
        deadline: None,
        last_turn: Vec::new(),
        state,
    }
}

/// What a turn awaits, in words (of one language) and sides.
#[derive(Debug, Clone, PartialEq)]
pub struct StepInfo {
    /// `431 BC, Spring: initiative cards`.
    pub title: String,
    /// Sides whose orders the step expects (in side order).
    pub awaiting: Vec<String>,
    /// For each side, what it must send, in words.
    pub asks: BTreeMap<String, String>,
    /// Why this step cannot be adjudicated yet, if it cannot.
    pub unsupported: Option<String>,
}

/// Checked orders of one side, with every problem found. Invalid orders are left out of
/// `orders` (replaced by their documented default) and listed in `problems`.
pub struct Checked<O> {
    pub orders: O,
    pub problems: Vec<Diagnostic>,
}

/// The outcome of one turn: the next state, what happened (as data) and every random
/// event drawn.
pub struct Resolution<S, E> {
    pub state: S,
    pub events: Vec<E>,
    pub dice: Vec<DiceRecord>,
}

/// What `dikast new` passes to a game's start beyond its scenario.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StartOptions {
    /// How many players (`--players N`), for games whose scenario plays at several
    /// counts; `None`: the scenario's default.
    pub players: Option<u32>,
}

/// A name the reports print, with its forms in every language: what a tool needs to
/// compare a report with its translation fact by fact (tests/facts), read off the game.
#[derive(Debug, Clone, PartialEq)]
pub struct Term {
    /// The fact it names: its canonical English name (`Athens` the side and `Athens` the
    /// place are one fact, printed either way).
    pub fact: String,
    /// Its printed forms, each with its language (every case of a Russian noun).
    pub forms: Vec<(Lang, String)>,
    /// Written the same in every language (a place on the map): its forms are Latin in
    /// a translation too.
    pub everywhere: bool,
}

/// One game's rules.
pub trait Rules {
    /// The `rules:` field of its files: a short lowercase id.
    const ID: &'static str;
    /// Parsed once per process and shared read-only, across threads too (`verify`).
    type Scenario: Serialize + DeserializeOwned + Send + Sync + 'static;
    type State: Serialize + DeserializeOwned + Clone + PartialEq + Send + Sync;
    type View: Serialize + DeserializeOwned + Clone;
    type Orders: Clone;
    type Event: Clone;

    /// Names of the scenarios embedded in the binary.
    fn scenario_names() -> &'static [&'static str];
    /// The YAML text of an embedded scenario.
    fn embedded_scenario(name: &str) -> Option<&'static str>;
    /// Parses and checks scenario text.
    fn load_scenario(text: &str) -> Result<Self::Scenario, Vec<String>>;
    /// What `load_scenario` refuses in a scenario's value (its checks without the
    /// parsing), or `None` when the game cannot check a value apart from its text. A
    /// custom scenario kept as JSON (`pipeline::register_scenario_json`) is used only when
    /// this finds nothing, so the checks of the dikast that reads it are never skipped;
    /// with `None` the text is parsed every time.
    fn scenario_problems(sc: &Self::Scenario) -> Option<Vec<String>> {
        let _ = sc;
        None
    }
    /// The embedded scenario `name` read from its prebuilt form (`crate::prebuilt`: the
    /// same YAML text as JSON, made at build time) when that text's SHA-256 is `sha256`;
    /// `None` otherwise, and the pipeline parses the text with `load_scenario`. Its checks
    /// are not run again: `tests/prebuilt.rs` holds, for every game and embedded
    /// scenario, that the value is the one `load_scenario` gives (so it passed them).
    fn load_prebuilt(name: &str, sha256: &str) -> Option<Self::Scenario> {
        let _ = (name, sha256);
        None
    }
    /// The sides playing this game, in the scenario's fixed order (the dice protocol's
    /// order). A game that plays at several player counts keeps its sides in the state.
    fn sides(sc: &Self::Scenario, st: &Self::State) -> Vec<String>;
    /// The sides playing, as a side's view tells them (open information).
    fn sides_of_view(sc: &Self::Scenario, view: &Self::View) -> Vec<String>;
    /// A side's printed name in `lang` (the nominative).
    fn side_name_in(sc: &Self::Scenario, side: &str, lang: Lang) -> String;
    /// A side's printed name in English.
    fn side_name(sc: &Self::Scenario, side: &str) -> String {
        Self::side_name_in(sc, side, Lang::En)
    }
    /// The state before turn 1, or why these options cannot start the scenario.
    fn start(sc: &Self::Scenario, opts: &StartOptions) -> Result<Self::State, String>;
    /// What must hold of any state the game can reach (no block in two places, steps
    /// within limits, …): each broken invariant in words. The pipeline refuses to
    /// adjudicate a game file that breaks one.
    fn invariants(sc: &Self::Scenario, st: &Self::State) -> Vec<String>;
    /// The names its reports print (places, sides, seasons, …) with their forms in every
    /// language; a game without translations may leave it empty.
    fn vocabulary(_sc: &Self::Scenario) -> Vec<Term> {
        Vec::new()
    }
    /// The English phrases of the game's own order checks with their Russian, and its
    /// names in Russian (`kit::tr`): a Russian player's diagnostics are translated with
    /// them and the kit's.
    fn diagnostic_tongue() -> crate::kit::tr::Tongue {
        crate::kit::tr::Tongue::NONE
    }
    /// The game's order forms: `check` dispatches through them, and the JSON Schema and
    /// the template are made from them (`kit::forms`).
    fn order_forms() -> crate::kit::forms::Forms;
    /// What the state awaits, in `lang`.
    fn step_in(sc: &Self::Scenario, st: &Self::State, lang: Lang) -> StepInfo;
    /// What the state awaits, in English (the game file's `step`).
    fn step(sc: &Self::Scenario, st: &Self::State) -> StepInfo {
        Self::step_in(sc, st, Lang::En)
    }
    /// What `side` may see, built field by field.
    fn view(sc: &Self::Scenario, st: &Self::State, side: &str) -> Self::View;
    /// Checks the body of one side's orders (envelope already checked) against that side's
    /// view. `body` is the orders mapping's entries other than the envelope's.
    fn check(
        sc: &Self::Scenario,
        view: &Self::View,
        side: &str,
        body: &[(Node, Node)],
        file: &SourceFile,
    ) -> Checked<Self::Orders>;
    /// The defaults a side's checked orders applied in place of orders it did not write
    /// (`initiative: played C04 for its Action value`), in `lang`: the reports list them
    /// under the side's orders, to the side and the moderator only.
    fn defaults_said(_sc: &Self::Scenario, _orders: &Self::Orders, _lang: Lang) -> Vec<String> {
        Vec::new()
    }
    /// The documented default of a side that sent nothing (NMR).
    fn default_orders(sc: &Self::Scenario, view: &Self::View, side: &str) -> Self::Orders;
    /// Resolves the step. `orders` has every side of `step().awaiting`.
    fn resolve(
        sc: &Self::Scenario,
        st: &Self::State,
        orders: &BTreeMap<String, Self::Orders>,
        dice: &TurnDice,
    ) -> Resolution<Self::State, Self::Event>;
    /// The report's account of the events, for one side (`None`: the moderator), in
    /// `lang`: one Markdown bullet per event, the rule that acted cited in each, and the
    /// same facts (ids, places, numbers) in every language.
    fn narrate(
        sc: &Self::Scenario,
        before: &Self::State,
        events: &[Self::Event],
        side: Option<&str>,
        lang: Lang,
    ) -> String;
    /// The position after the turn as `side` may see it, in Markdown, in `lang`.
    fn describe(sc: &Self::Scenario, view: &Self::View, lang: Lang) -> String;
    /// An orders skeleton for `side`, every legal order listed in comments.
    fn template(sc: &Self::Scenario, view: &Self::View, side: &str) -> String;
    /// The skeleton with its comments in `lang` (default: `template`'s).
    fn template_in(sc: &Self::Scenario, view: &Self::View, side: &str, lang: Lang) -> String {
        let _ = lang;
        Self::template(sc, view, side)
    }
    /// The step a view awaits, in `lang`, when the game can tell it from the view alone
    /// (views record the step in English).
    fn step_of_view(_sc: &Self::Scenario, _view: &Self::View, _lang: Lang) -> Option<String> {
        None
    }
    /// The map as the view's side may see it, as plain drawing data (`crate::map` draws
    /// it). Built from the view alone, so it can show nothing the view hides.
    fn map(sc: &Self::Scenario, view: &Self::View) -> crate::map::MapPicture;
    /// The same in `lang`, with what the side saw happen last turn (`last`: the view
    /// file's `last_turn:`) drawn on it as routes and marks (`MapPicture::trails`,
    /// `marks`) in the game's words. A game without translations or maps of the turn keeps
    /// `map`'s.
    fn map_in(
        sc: &Self::Scenario,
        view: &Self::View,
        _last: &[crate::game::Seen],
        _lang: Lang,
    ) -> crate::map::MapPicture {
        Self::map(sc, view)
    }
    /// One line of a turn's timeline on the published site: what `seen` was (`Seen::what`),
    /// in the game's words, with `who` (the side's name) and `at` (its route or place,
    /// joined). The default names the kind as the game file has it.
    fn seen_line(seen: &crate::game::Seen, who: &str, at: &str, lang: Lang) -> String {
        let _ = lang;
        seen.plain_line(who, at)
    }
    /// What each side saw happen in a turn, for the maps (`Seen`: a route or a place),
    /// from the events its reports tell it: kept in the next game file (`last_turn:`) and
    /// in each view, filtered by `Seen::to`. A game without maps of the turn keeps this.
    fn last_turn(
        _sc: &Self::Scenario,
        _before: &Self::State,
        _events: &[Self::Event],
    ) -> Vec<crate::game::Seen> {
        Vec::new()
    }
    /// What `dikast odds` computes for this game and the options it takes (the command
    /// line adds them and lists the kinds in its help); none by default.
    fn odds_offer() -> crate::odds::Offer {
        crate::odds::Offer::NONE
    }
    /// `dikast odds`: the exact odds of what `ask` describes (the game reads its own keys
    /// and refuses the others), computed with the game's own resolution code, from a
    /// side's view or from the scenario alone; the core prints the answer. A game without
    /// odds keeps this default.
    fn odds(
        _sc: &Self::Scenario,
        _view: Option<&Self::View>,
        _ask: &crate::odds::Ask,
    ) -> Result<crate::odds::Odds, String> {
        Err(format!("{} has no odds to compute", Self::ID))
    }
}
