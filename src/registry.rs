//! The games registry's machinery: every command finds its game here, by the `rules:` id
//! of a file or by the name of an embedded scenario, and calls it through one object-safe
//! trait. The list of games itself is `crate::games` (one line per game); a test may add a
//! game of its own with `Registry::with` and run the whole command line on it.
//!
//! `Game` erases a `Rules` implementation: each method instantiates the generic pipeline,
//! campaign, verify, mail, status and show code for that game, so nothing above this
//! module is generic over the rules and nothing in the pipeline names a game.

use crate::campaign::{self, AdjudicateOptions, Adjudicated, NewOptions};
use crate::error::Failure;
use crate::folder::Layout;
use crate::lang::Lang;
use crate::rules::Rules;
use crate::show::{Format, Shown};
use crate::status::Status;
use crate::verify::Summary;
use std::marker::PhantomData;
use std::path::Path;

/// What a command can ask of a game without knowing its types.
pub trait Game: Send + Sync {
    /// The `rules:` id of the game's files.
    fn id(&self) -> &'static str;
    /// The embedded scenarios' names, the default first.
    fn scenario_names(&self) -> &'static [&'static str];
    /// An embedded scenario's text.
    fn embedded_scenario(&self, name: &str) -> Option<&'static str>;
    /// The sides of an embedded scenario at its default start (for help text).
    fn sides_of_scenario(&self, name: &str) -> Option<Vec<String>>;
    /// The JSON Schema of the game's orders, generated from its order-form table.
    fn orders_schema(&self) -> serde_json::Value;
    fn create(
        &self,
        dir: &Path,
        scenario: &str,
        text: &str,
        embedded: bool,
        opts: &NewOptions,
    ) -> Result<(), Failure>;
    /// `dikast check`: one orders file against a game file or a view (`against_bytes`),
    /// answered in `lang` (default: the view's).
    fn check(
        &self,
        orders: &Path,
        against: &Path,
        against_bytes: &[u8],
        lang: Option<Lang>,
    ) -> Result<String, Failure>;
    fn adjudicate(&self, layout: &Layout, opts: &AdjudicateOptions)
        -> Result<Adjudicated, Failure>;
    fn verify_archive(&self, layout: &Layout) -> Result<Summary, Failure>;
    fn show(
        &self,
        file: &Path,
        bytes: &[u8],
        side: Option<&str>,
        format: Format,
        lang: Option<Lang>,
    ) -> Result<Shown, Failure>;
    /// `dikast template DIR --side S`: the skeleton for the campaign's pending turn.
    fn template(&self, layout: &Layout, side: &str, lang: Option<Lang>) -> Result<String, Failure>;
    /// `dikast template VIEW`: the skeleton from a view alone (a game file needs a side).
    fn template_file(
        &self,
        file: &Path,
        bytes: &[u8],
        side: Option<&str>,
        lang: Option<Lang>,
    ) -> Result<String, Failure>;
    fn send_turn(&self, layout: &Layout, turn: u32, dry_run: bool) -> Result<String, Failure>;
    fn mail_command(
        &self,
        layout: &Layout,
        turn: Option<u32>,
        dry_run: bool,
        uncertain: crate::mail::Uncertain,
    ) -> Result<String, Failure>;
    fn status(&self, layout: &Layout) -> Result<Status, Failure>;
    /// `dikast odds`: the odds `ask` asks for, from a view file (`view`: its name and bytes) or an
    /// embedded scenario.
    fn odds(
        &self,
        view: Option<(&Path, &[u8])>,
        scenario: &str,
        ask: &crate::odds::Ask,
    ) -> Result<crate::odds::Odds, Failure>;
    /// What `dikast odds` computes for this game and the options it takes.
    fn odds_offer(&self) -> crate::odds::Offer;
    /// Orders bytes checked against a view's bytes (`dikast receive`), the diagnostics
    /// in the player's `lang`; `Ok` holds the warnings of valid orders, rendered (empty:
    /// none).
    fn check_orders_bytes(
        &self,
        view_name: &str,
        view_bytes: &[u8],
        name: &str,
        orders: &[u8],
        lang: Lang,
    ) -> Result<String, Failure>;
    /// The title of turn `turn`'s step in `lang` (mail to a player in his language).
    fn step_title(&self, layout: &Layout, turn: u32, lang: Lang) -> Result<String, Failure>;
    /// A side's name in `lang` (Спарта for `sparta`), from turn `turn`'s scenario; the id
    /// when the scenario cannot be read.
    fn side_name(&self, layout: &Layout, turn: u32, side: &str, lang: Lang) -> String;
    /// One line of a turn's timeline in the game's words (`Rules::seen_line`).
    fn seen_line(&self, seen: &crate::game::Seen, who: &str, at: &str, lang: Lang) -> String;
    /// One turn adjudicated in memory from its inputs (the pipeline's `run_turn`): what
    /// the harnesses that serve every game (tests/fuzz_inputs.rs) call.
    fn run_turn(
        &self,
        inp: &crate::pipeline::TurnInputs,
    ) -> Result<crate::pipeline::TurnOutputs, Failure>;
}

/// Runs `f` with what `receive` asks of `game`: its check of orders and its words for a
/// step.
pub fn with_desk<T>(
    game: &dyn Game,
    layout: &Layout,
    f: impl FnOnce(crate::receive::Desk) -> T,
) -> T {
    let check =
        |vn: &str, vb: &[u8], n: &str, b: &[u8], l: Lang| game.check_orders_bytes(vn, vb, n, b, l);
    let step_title = |t: u32, l: Lang| game.step_title(layout, t, l);
    let side_name = |t: u32, s: &str, l: Lang| game.side_name(layout, t, s, l);
    f(crate::receive::Desk {
        check: &check,
        step_title: &step_title,
        side_name: &side_name,
    })
}

/// A `Rules` implementation as a `Game`.
pub struct Entry<R>(PhantomData<fn() -> R>);

impl<R: Rules + 'static> Game for Entry<R> {
    fn id(&self) -> &'static str {
        R::ID
    }
    fn scenario_names(&self) -> &'static [&'static str] {
        R::scenario_names()
    }
    fn embedded_scenario(&self, name: &str) -> Option<&'static str> {
        R::embedded_scenario(name)
    }
    fn sides_of_scenario(&self, name: &str) -> Option<Vec<String>> {
        let sc = R::load_scenario(R::embedded_scenario(name)?).ok()?;
        // Every side the scenario can have: at the most players it takes (issue 32.15: a
        // game played by 2–5 has more sides at 5 than at its default).
        (1..=8)
            .rev()
            .map(|n| crate::rules::StartOptions { players: Some(n) })
            .chain([Default::default()])
            .find_map(|o| R::start(&sc, &o).ok())
            .map(|st| R::sides(&sc, &st))
    }
    fn orders_schema(&self) -> serde_json::Value {
        crate::kit::forms::schema(R::ID, &R::order_forms())
    }
    fn create(
        &self,
        dir: &Path,
        scenario: &str,
        text: &str,
        embedded: bool,
        opts: &NewOptions,
    ) -> Result<(), Failure> {
        campaign::create::<R>(dir, scenario, text, embedded, opts)
    }
    fn check(
        &self,
        orders: &Path,
        against: &Path,
        against_bytes: &[u8],
        lang: Option<Lang>,
    ) -> Result<String, Failure> {
        crate::show::check::<R>(orders, against, against_bytes, lang)
    }
    fn adjudicate(
        &self,
        layout: &Layout,
        opts: &AdjudicateOptions,
    ) -> Result<Adjudicated, Failure> {
        campaign::adjudicate_with::<R>(layout, opts)
    }
    fn verify_archive(&self, layout: &Layout) -> Result<Summary, Failure> {
        crate::verify::archive::<R>(layout)
    }
    fn show(
        &self,
        file: &Path,
        bytes: &[u8],
        side: Option<&str>,
        format: Format,
        lang: Option<Lang>,
    ) -> Result<Shown, Failure> {
        crate::show::show::<R>(file, bytes, side, format, lang)
    }
    fn template(&self, layout: &Layout, side: &str, lang: Option<Lang>) -> Result<String, Failure> {
        crate::show::template::<R>(layout, side, lang)
    }
    fn template_file(
        &self,
        file: &Path,
        bytes: &[u8],
        side: Option<&str>,
        lang: Option<Lang>,
    ) -> Result<String, Failure> {
        crate::show::template_file::<R>(file, bytes, side, lang)
    }
    fn send_turn(&self, layout: &Layout, turn: u32, dry_run: bool) -> Result<String, Failure> {
        crate::mail::send_turn::<R>(layout, turn, dry_run)
    }
    fn mail_command(
        &self,
        layout: &Layout,
        turn: Option<u32>,
        dry_run: bool,
        uncertain: crate::mail::Uncertain,
    ) -> Result<String, Failure> {
        crate::mail::mail_command::<R>(layout, turn, dry_run, uncertain)
    }
    fn status(&self, layout: &Layout) -> Result<Status, Failure> {
        crate::status::status::<R>(layout)
    }
    fn odds(
        &self,
        view: Option<(&Path, &[u8])>,
        scenario: &str,
        ask: &crate::odds::Ask,
    ) -> Result<crate::odds::Odds, Failure> {
        crate::show::odds::<R>(view, scenario, ask)
    }
    fn odds_offer(&self) -> crate::odds::Offer {
        R::odds_offer()
    }
    fn check_orders_bytes(
        &self,
        view_name: &str,
        view_bytes: &[u8],
        name: &str,
        orders: &[u8],
        lang: Lang,
    ) -> Result<String, Failure> {
        crate::receive::check_bytes::<R>(view_name, view_bytes, name, orders, lang)
    }
    fn step_title(&self, layout: &Layout, turn: u32, lang: Lang) -> Result<String, Failure> {
        crate::mail::step_title::<R>(layout, turn, lang)
    }
    fn side_name(&self, layout: &Layout, turn: u32, side: &str, lang: Lang) -> String {
        crate::mail::side_name::<R>(layout, turn, side, lang)
    }
    fn seen_line(&self, seen: &crate::game::Seen, who: &str, at: &str, lang: Lang) -> String {
        R::seen_line(seen, who, at, lang)
    }
    fn run_turn(
        &self,
        inp: &crate::pipeline::TurnInputs,
    ) -> Result<crate::pipeline::TurnOutputs, Failure> {
        crate::pipeline::run_turn::<R>(inp)
    }
}

/// The games one run of dikast knows, in a fixed order (the first game's first scenario
/// is `new`'s and `demo`'s default).
pub struct Registry {
    games: Vec<Box<dyn Game>>,
}

impl Registry {
    /// A registry with no game (tests build their own).
    pub fn empty() -> Registry {
        Registry { games: Vec::new() }
    }

    /// This registry and one game more.
    pub fn with<R: Rules + 'static>(mut self) -> Registry {
        self.games.push(Box::new(Entry::<R>(PhantomData)));
        self
    }

    pub fn games(&self) -> impl Iterator<Item = &dyn Game> {
        self.games.iter().map(|g| g.as_ref())
    }

    /// The games' ids, in order.
    pub fn ids(&self) -> Vec<&'static str> {
        self.games().map(|g| g.id()).collect()
    }

    /// The game whose files say `rules: <id>`.
    pub fn find(&self, id: &str) -> Result<&dyn Game, Failure> {
        self.games().find(|g| g.id() == id).ok_or_else(|| {
            Failure::Refused(format!(
                "unknown rules `{id}`: this dikast knows {}",
                self.ids().join(", ")
            ))
        })
    }

    /// The game that embeds scenario `name`, and the scenario's text.
    pub fn by_scenario(&self, name: &str) -> Option<(&dyn Game, &'static str)> {
        self.games()
            .find_map(|g| g.embedded_scenario(name).map(|t| (g, t)))
    }

    /// The listed name of embedded scenario `name`: itself, or for an alias (an older
    /// name a game still accepts) the name `scenario_names`
    /// gives the same text under, which is the one folders such as `orders-examples/` use.
    pub fn canonical_scenario(&self, name: &str) -> Option<&'static str> {
        let (game, text) = self.by_scenario(name)?;
        game.scenario_names().iter().copied().find(|n| {
            game.embedded_scenario(n)
                .is_some_and(|t| std::ptr::eq(t, text))
        })
    }

    /// Every embedded scenario's name, game by game.
    pub fn scenario_names(&self) -> Vec<&'static str> {
        self.games()
            .flat_map(|g| g.scenario_names().iter().copied())
            .collect()
    }

    /// The default scenario: the first game's first.
    pub fn default_scenario(&self) -> Option<&'static str> {
        self.scenario_names().first().copied()
    }
}
