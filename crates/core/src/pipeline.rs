//! One turn, end to end, as a function of bytes: the game file, each side's orders file
//! and the turn's seeds go in; the next game file, the views and the reports come out.
//! `adjudicate` writes what this returns; `verify` runs it again and compares bytes.

use crate::diag::{self, char_span, did_you_mean, Diagnostic, SourceFile};
use crate::dice::{self, Hash, SideOrders, TurnDice};
use crate::error::Failure;
use crate::game::{sha256_hex, to_yaml, DiceState, GameFile, ScenarioRef, ViewFile, FORMAT};
use crate::lang::Lang;
use crate::report;
use crate::rules::Rules;
use crate::yaml::{self, Node};
use serde::de::DeserializeOwned;
use std::collections::BTreeMap;

/// The scenarios parsed in this process, by game and text hash: a scenario is parsed once
/// per process (adjudicate, verify and show all name it several times) and then shared
/// read-only, across `verify`'s threads too.
type ScenarioCache =
    BTreeMap<(&'static str, String), std::sync::Arc<dyn std::any::Any + Send + Sync>>;
static SCENARIOS: std::sync::Mutex<ScenarioCache> = std::sync::Mutex::new(BTreeMap::new());

/// The scenario a file names: embedded (by name, hash checked) or carried inline. Parsed
/// once per process: the same text (by SHA-256) gives the same shared scenario.
pub fn load_scenario<R: Rules>(
    sref: &ScenarioRef,
    file: &str,
) -> Result<std::sync::Arc<R::Scenario>, Failure> {
    let key = (R::ID, format!("{} {}", sref.name, sref.sha256));
    let cached = SCENARIOS
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .get(&key)
        .cloned();
    // The hash names the text only once the text was checked against it: a hit is a text
    // of this hash that parsed, and a file naming it names that text.
    if let Some(sc) = cached.and_then(|a| a.downcast::<R::Scenario>().ok()) {
        if sref.text.is_none()
            || sref
                .text
                .as_deref()
                .map(|t| sha256_hex(t.as_bytes()))
                .as_deref()
                == Some(sref.sha256.as_str())
        {
            return Ok(sc);
        }
    }
    let sc = std::sync::Arc::new(parse_scenario::<R>(sref, file)?);
    SCENARIOS
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .insert(key, sc.clone());
    Ok(sc)
}

/// Scenario texts archived beside the files that name them (`scenarios/<sha256>.yaml` of
/// a campaign, a player's `scenario-<sha256>.yaml`), by SHA-256: the edge reads them
/// (the application's `folder::register_scenarios_near`), the core only looks them up.
static ARCHIVED: std::sync::Mutex<BTreeMap<String, std::sync::Arc<str>>> =
    std::sync::Mutex::new(BTreeMap::new());

/// Makes a scenario text known by its SHA-256 (which it is stored under: a file whose
/// name is another hash than its text's is never taken for it).
pub fn register_scenario_text(text: &str) -> String {
    let sha = sha256_hex(text.as_bytes());
    ARCHIVED
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .entry(sha.clone())
        .or_insert_with(|| text.into());
    sha
}

/// An archived scenario text, by SHA-256.
pub fn archived_scenario_text(sha256: &str) -> Option<std::sync::Arc<str>> {
    ARCHIVED
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .get(sha256)
        .cloned()
}

/// Custom scenarios' values as JSON, by the SHA-256 of their YAML text, as the edge found
/// them kept and their tag holding (`cache::scenario`): read instead of the YAML when
/// `Rules::scenario_problems` finds nothing in them.
static PREPARSED: std::sync::Mutex<BTreeMap<String, std::sync::Arc<str>>> =
    std::sync::Mutex::new(BTreeMap::new());

/// Makes a custom scenario's value known as JSON (`scenario_json` made it from a value that
/// passed `Rules::load_scenario`), by its YAML text's SHA-256.
pub fn register_scenario_json(sha256: &str, json: &str) {
    PREPARSED
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .insert(sha256.to_string(), json.into());
}

/// Whether a custom scenario's value is known as JSON (`register_scenario_json`).
pub fn scenario_json_known(sha256: &str) -> bool {
    PREPARSED
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .contains_key(sha256)
}

/// A scenario's value as JSON, when it reads back as the same value (its JSON once more
/// is the same text): what `register_scenario_json` may be given. `None` otherwise.
pub fn scenario_json<R: Rules>(sc: &R::Scenario) -> Option<String> {
    let json = serde_json::to_string(sc).ok()?;
    let back: R::Scenario = serde_json::from_str(&json).ok()?;
    (serde_json::to_string(&back).ok()? == json).then_some(json)
}

fn parse_scenario<R: Rules>(sref: &ScenarioRef, file: &str) -> Result<R::Scenario, Failure> {
    // A custom scenario's value kept as JSON, checked again (by this dikast's checks,
    // which may be newer than those of the run that kept it); on any problem the text is
    // parsed, and its diagnostic is the one given.
    if sref.text.is_none() {
        let json = PREPARSED
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&sref.sha256)
            .cloned();
        if let Some(sc) = json.and_then(|j| serde_json::from_str::<R::Scenario>(&j).ok()) {
            if R::scenario_problems(&sc).is_some_and(|p| p.is_empty()) {
                return Ok(sc);
            }
        }
    }
    // Inline (the format before issue 14: every file carried its custom scenario), then
    // archived once by its hash, then embedded by name: prebuilt when the hash is that
    // of the embedded text (no YAML to parse, no text to hash), else the text itself.
    let archived = archived_scenario_text(&sref.sha256);
    if sref.text.is_none() && archived.is_none() {
        if let Some(sc) = R::load_prebuilt(&sref.name, &sref.sha256) {
            return Ok(sc);
        }
    }
    let text: &str = match (&sref.text, &archived, R::embedded_scenario(&sref.name)) {
        (Some(t), _, _) => t.as_str(),
        (None, Some(t), _) => t,
        (None, None, Some(t)) => t,
        (None, None, None) => {
            return Err(Failure::input(
                Diagnostic::new(
                    "game::unknown-scenario",
                    format!(
                        "{file} names scenario `{}`, which this dikast does not embed, and its text (SHA-256 {}) is not archived beside it",
                        sref.name, sref.sha256
                    ),
                )
                .help(format!(
                    "a campaign keeps a custom scenario once, as scenarios/{sha}.yaml; a player keeps the scenario-{sha}.yaml mailed with his first view beside his views (embedded scenarios: {})",
                    R::scenario_names().join(", "),
                    sha = sref.sha256
                )),
            ))
        }
    };
    if sha256_hex(text.as_bytes()) != sref.sha256 {
        return Err(Failure::Verify(format!(
            "{file}: field scenario.sha256 does not match the scenario `{}` (the file or this dikast's copy was changed; or it names a custom scenario whose text is not archived beside it: scenarios/{sha}.yaml in a campaign, scenario-{sha}.yaml beside a player's view)",
            sref.name,
            sha = sref.sha256
        )));
    }
    let sc = R::load_scenario(text).map_err(|p| {
        Failure::Refused(format!(
            "scenario `{}` is not playable: {}",
            sref.name,
            p.join("; ")
        ))
    })?;
    Ok(sc)
}

/// Parses a YAML file we wrote (game or view) into its type, with a placed diagnostic on
/// failure, in one pass over the text wherever that is as safe as two.
///
/// The safe parser (`yaml::parse`) refuses aliases, anchors, deep nesting, many values
/// and several documents before serde sees the text. A file with no `&` and no `*` byte
/// holds no anchor and no alias (YAML writes them with those characters and no others);
/// serde itself refuses a second document and nesting past its recursion limit, and the
/// size was bounded by `decode_within`. Such a file goes to serde alone; only when serde
/// fails does the safe parser run, so that its diagnostic, when it has one, is the one
/// given, as if it had run first. Any other file is read by both, the safe parser first.
pub fn parse_file<T: DeserializeOwned>(name: &str, bytes: &[u8], what: &str) -> Result<T, Failure> {
    let file = yaml::decode_within(name, bytes, yaml::MAX_GAME_BYTES).map_err(Failure::input)?;
    let may_alias = bytes.iter().any(|&b| b == b'&' || b == b'*');
    if may_alias {
        yaml::parse(&file).map_err(Failure::input)?;
    }
    serde_yaml::from_str(&file.text).map_err(|e| {
        if !may_alias {
            if let Err(d) = yaml::parse(&file) {
                return Failure::input(d);
            }
        }
        let mut d = Diagnostic::new(
            "game::malformed",
            format!(
                "{name} is not a valid {what}: {}",
                first_sentence(&e.to_string())
            ),
        );
        if let Some(loc) = e.location() {
            d = d
                .at(&file, char_span(&file.text, loc.index()))
                .label("here");
        } else {
            d = d.in_file(&file);
        }
        Failure::input(d.help(if what == "campaign file" {
            "campaign.yaml is the moderator's own file: fix the line shown (docs/mail.md lists its fields)".to_string()
        } else {
            format!("a {what} is written by dikast; restore it from the campaign archive")
        }))
    })
}

fn first_sentence(s: &str) -> String {
    s.split(" at line ").next().unwrap_or(s).to_string()
}

/// A view of a game for one side, made from the game file's own bytes.
pub fn make_view<R: Rules>(
    sc: &R::Scenario,
    game: &GameFile<R::State>,
    game_bytes: &[u8],
    side: &str,
) -> ViewFile<R::View> {
    make_view_on::<R>(sc, game, &sha256_hex(game_bytes), side)
}

/// `make_view` with the game file's SHA-256 (hex) already computed: a caller making
/// several views of one game file hashes it once.
pub fn make_view_on<R: Rules>(
    sc: &R::Scenario,
    game: &GameFile<R::State>,
    based_on: &str,
    side: &str,
) -> ViewFile<R::View> {
    ViewFile {
        dikast: FORMAT,
        view_of: side.to_string(),
        rules: game.rules.clone(),
        scenario: game.scenario.clone(),
        game: game.game.clone(),
        turn: game.turn,
        step: game.step.clone(),
        awaiting: game.awaiting.clone(),
        based_on: based_on.to_string(),
        dice: game.dice.clone(),
        deadline: game.deadline.clone(),
        last_turn: game
            .last_turn
            .iter()
            .filter(|x| x.shown_to(side))
            .map(|x| crate::game::Seen {
                to: Vec::new(),
                ..x.clone()
            })
            .collect(),
        state: R::view(sc, &game.state, side),
    }
}

/// Every side's view file, as bytes.
pub fn view_bytes<R: Rules>(
    sc: &R::Scenario,
    game: &GameFile<R::State>,
    game_bytes: &[u8],
) -> BTreeMap<String, Vec<u8>> {
    let based_on = sha256_hex(game_bytes);
    R::sides(sc, &game.state)
        .into_iter()
        .map(|s| {
            let v = make_view_on::<R>(sc, game, &based_on, &s);
            (s, to_yaml(&v).into_bytes())
        })
        .collect()
}

/// The orders envelope (spec/pbem.md "Orders"): game, turn, side, based_on, entropy.
/// `token` is the per-player turn token orders by mail carry (`crate::policy::token`).
pub const ENVELOPE: [&str; 6] = ["game", "turn", "side", "based_on", "entropy", "token"];

/// Checks an orders file against a side's view: envelope, then the rules' own checks.
/// Returns the orders (invalid ones replaced by defaults) and every problem found.
pub fn check_orders<R: Rules>(
    sc: &R::Scenario,
    view: &ViewFile<R::View>,
    file: &SourceFile,
) -> (R::Orders, Vec<Diagnostic>) {
    let side = view.view_of.as_str();
    let (root, body) = match orders_root(file) {
        Ok(r) => r,
        Err(d) => return (R::default_orders(sc, &view.state, side), d),
    };
    let mut diags = Vec::new();
    let envelope_ok = check_envelope::<R>(sc, view, &root, file, &mut diags);
    if let Some(e) = root.get("entropy") {
        if e.as_str().is_none() {
            diags.push(
                Diagnostic::new(
                    "orders::type",
                    "`entropy` is any text, not a list or mapping",
                )
                .at(file, e.span)
                .help("write `entropy: \"anything you like\"`"),
            );
        }
    }
    if !envelope_ok {
        // Orders for another game, turn or side are not read further: none of them apply.
        return (R::default_orders(sc, &view.state, side), diags);
    }
    let checked = R::check(sc, &view.state, side, &body, file);
    diags.extend(checked.problems);
    (checked.orders, diag::cap(diags, file))
}

/// The entries of a YAML mapping: each key with its value.
type Pairs = Vec<(Node, Node)>;

/// An orders file read as YAML: its root, and the entries of its mapping that are not
/// the envelope's (the orders proper). `Err` with the problems, ready to show, when it is
/// no YAML, empty, not a mapping, or past the bounds.
fn orders_root(file: &SourceFile) -> Result<(Node, Pairs), Vec<Diagnostic>> {
    let root = yaml::parse_strict(file).map_err(|d| diag::cap(d, file))?;
    if root.is_null() && root.span.1 <= root.span.0 {
        // Nothing but blank lines and comments: no place to point at.
        let d = Diagnostic::new(
            "orders::empty",
            format!(
                "{} holds no orders: it is empty or only comments",
                file.name
            ),
        )
        .in_file(file)
        .help("start from `dikast template`: it writes a correct skeleton");
        return Err(vec![d]);
    }
    let Some(pairs) = root.as_map() else {
        return Err(vec![not_a_mapping(&root, file)]);
    };
    // Bounded before anything reads it: what orders hold may reach the next game file.
    let too_big = yaml::check_bounds(file, &root);
    if !too_big.is_empty() {
        return Err(diag::cap(too_big, file));
    }
    let body: Pairs = pairs
        .iter()
        .filter(|(k, _)| {
            !k.as_str()
                .is_some_and(|s| ENVELOPE.iter().any(|e| e.eq_ignore_ascii_case(s)))
        })
        .cloned()
        .collect();
    Ok((root, body))
}

/// Orders that are one value instead of a mapping, with the hint for `game:demo` (one
/// text value to YAML: a colon needs a space after it).
fn not_a_mapping(root: &Node, file: &SourceFile) -> Diagnostic {
    let no_space = root.as_str().is_some_and(|t| {
        t.split_whitespace()
            .any(|w| w.find(':').is_some_and(|i| i > 0 && i + 1 < w.len()))
    });
    Diagnostic::new(
        "orders::not-a-mapping",
        format!(
            "orders must be a mapping of `key: value` lines, found {}",
            root.describe()
        ),
    )
    .at(
        file,
        if root.span.1 > root.span.0 {
            root.span
        } else {
            (0, 1.min(file.text.len()))
        },
    )
    .help(if no_space {
        "put a space after each key's colon (`game: demo-431`, not `game:demo-431`)"
    } else {
        "start from `dikast template`: it writes a correct skeleton"
    })
}

/// The envelope (game, turn, side, based_on) against the view: every problem pushed, in
/// that order; whether the orders are for this game, turn and side at all.
fn check_envelope<R: Rules>(
    sc: &R::Scenario,
    view: &ViewFile<R::View>,
    root: &Node,
    file: &SourceFile,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let mut envelope_ok = true;
    let mut need = |key: &str, check: &dyn Fn(&Node) -> Option<Diagnostic>| match root.get(key) {
        None => {
            envelope_ok = false;
            diags.push(
                Diagnostic::new("orders::missing-envelope", format!("the orders do not say `{key}:`"))
                    .in_file(file)
                    .help(format!("every orders file starts with game, turn, side and based_on; your view gives `{key}`")),
            );
        }
        Some(v) => {
            if let Some(d) = check(v) {
                envelope_ok = false;
                diags.push(d);
            }
        }
    };
    need("game", &|g| wrong_game(view.game.as_str(), g, file));
    need("turn", &|t| wrong_turn(view.turn, t, file));
    need("side", &|s| wrong_side::<R>(sc, view, s, file));
    need("based_on", &|b| stale_based_on(&view.based_on, b, file));
    envelope_ok
}

/// `game:` naming another game than the view's.
fn wrong_game(game: &str, g: &Node, file: &SourceFile) -> Option<Diagnostic> {
    if g.as_str().map(str::trim) == Some(game) {
        return None;
    }
    Some(
        Diagnostic::new(
            "orders::wrong-game",
            format!(
                "these orders are for game `{}`, not `{}`",
                g.as_str().unwrap_or("?"),
                game
            ),
        )
        .at(file, g.span)
        .label("wrong game")
        .help(format!("write `game: {}` (from your view)", game)),
    )
}

/// `turn:` not the plain number of the view's turn: not a number, a later turn (the
/// view is the old one), or another turn.
fn wrong_turn(turn: u32, t: &Node, file: &SourceFile) -> Option<Diagnostic> {
    let written = t.as_str().map(str::trim).unwrap_or("?");
    let quoted = matches!(t.kind, yaml::Kind::Scalar(_, false));
    let later = t.as_u64().is_some_and(|n| n > turn as u64);
    let right = t.as_u64() == Some(turn as u64);
    if right {
        return None;
    }
    if quoted || t.as_u64().is_none() {
        return Some(
            Diagnostic::new(
                "orders::wrong-turn",
                format!(
                    "`turn` must be a plain number, and `{}` is not one",
                    t.as_str()
                        .map(|s| format!("{s:?}"))
                        .unwrap_or_else(|| t.describe().into())
                ),
            )
            .at(file, t.span)
            .label(if quoted {
                "text in quotes"
            } else {
                "not a plain number"
            })
            .help(format!(
                "write the number alone, without quotes, sign or leading zero: `turn: {}`",
                turn
            )),
        );
    }
    if later {
        // Orders for a later turn than the view: the view is the old one.
        return Some(
            Diagnostic::new(
                "orders::stale-view",
                format!(
                    "these orders are for turn {written}, but they are checked against the view of turn {}, an older one",
                    turn
                ),
            )
            .at(file, t.span)
            .label(format!("the view is of turn {}", turn))
            .help(format!(
                "check them against the view of turn {written} (the view mailed with the last report); only orders meant for turn {} say `turn: {}`",
                turn, turn
            )),
        );
    }
    Some(
        Diagnostic::new(
            "orders::wrong-turn",
            format!(
                "these orders are for turn {}, but the game awaits turn {}",
                t.as_str().unwrap_or("?"),
                turn
            ),
        )
        .at(file, t.span)
        .label(format!("the game awaits turn {}", turn))
        .help(format!(
            "write `turn: {}`; orders for another turn must be sent again",
            turn
        )),
    )
}

/// `side:` another side than the view's (another side's orders), or no side at all.
fn wrong_side<R: Rules>(
    sc: &R::Scenario,
    view: &ViewFile<R::View>,
    s: &Node,
    file: &SourceFile,
) -> Option<Diagnostic> {
    let side = view.view_of.as_str();
    let given = s.as_str().unwrap_or("").trim().to_ascii_lowercase();
    if given == side {
        return None;
    }
    let sides = R::sides_of_view(sc, &view.state);
    let msg = if sides.contains(&given) {
        format!("these orders are for {given}, but they are checked as the orders of {side}")
    } else {
        format!(
            "there is no side `{}` in this game",
            s.as_str().unwrap_or("?")
        )
    };
    Some(
        Diagnostic::new("orders::wrong-side", msg)
            .at(file, s.span)
            .label(format!("expected `{side}`"))
            .help_opt(if sides.contains(&given) {
                Some(format!(
                    "check them against {given}'s own view, or fix `side:`"
                ))
            } else {
                did_you_mean(&given, sides.iter().map(String::as_str))
                    .map(|h| format!("did you mean {h}?"))
            }),
    )
}

/// `based_on:` not (a prefix of at least 8 hex digits of) the game file's SHA-256.
fn stale_based_on(based_on: &str, b: &Node, file: &SourceFile) -> Option<Diagnostic> {
    let given = b.as_str().unwrap_or("").trim().to_ascii_lowercase();
    let ok = given.len() >= 8
        && given.bytes().all(|c| c.is_ascii_hexdigit())
        && based_on.starts_with(&given);
    if ok {
        return None;
    }
    Some(
        Diagnostic::new("orders::stale", "`based_on` does not match the game file this turn awaits")
            .at(file, b.span)
            .label("not this turn's game file")
            .rule("orders are written against the current view: its `based_on` names the game file")
            .help(format!("write `based_on: {}` (or at least its first 8 digits) and check your orders against the new view", based_on)),
    )
}

/// Each side's orders file as received: side → (file name, bytes), `None` when the side
/// sent nothing.
pub type OrdersFiles = BTreeMap<String, Option<(String, Vec<u8>)>>;

/// Everything one adjudication needs.
pub struct TurnInputs {
    /// The deadline of the next turn's orders (from campaign.yaml when adjudicating; from
    /// the archived next game file when verifying).
    pub next_deadline: Option<String>,
    pub game_name: String,
    pub game_bytes: Vec<u8>,
    /// Per side: the orders file's display name and bytes, or `None` (no orders).
    pub orders: OrdersFiles,
    /// `s_t`.
    pub seed: Hash,
    /// `u_t`; `None` when re-running without it (sealed events then cannot be checked).
    pub sealed: Option<Hash>,
    /// Invalid orders fall back to their defaults instead of stopping the turn.
    pub fallback: bool,
    /// Forced event values (rule test cases only).
    pub forced: BTreeMap<String, Vec<u32>>,
    /// The reseeds of this turn (`turns/NNNN/reseed.yaml`, written by `dikast undo`):
    /// the seed is checked against the last one's commitment instead of the game file's
    /// (docs/dice.md, "A turn adjudicated again"). Empty for a turn no undo touched.
    pub reseeds: Vec<crate::game::Reseed>,
}

/// Everything one adjudication writes.
pub struct TurnOutputs {
    pub next_game: Vec<u8>,
    pub views: BTreeMap<String, Vec<u8>>,
    /// The moderator's report in English (`report.md`).
    pub report: String,
    /// Each side's report in English (`report-<side>.md`).
    pub side_reports: BTreeMap<String, String>,
    /// The same reports in every other language (`report.ru.md`, `report-<side>.ru.md`).
    pub translations: BTreeMap<Lang, Reports>,
    /// A sealed event was drawn without `u_t`: the outputs are not the real ones.
    pub sealed_unchecked: bool,
}

/// The reports of one turn in one language.
pub struct Reports {
    pub moderator: String,
    pub sides: BTreeMap<String, String>,
}

impl TurnOutputs {
    /// Every report as (file name in the turn folder, text), in the order they are
    /// written: the sides' in every language, the moderator's in the other languages,
    /// and the moderator's English `report.md` last (it marks a finished turn).
    pub fn report_files(&self) -> Vec<(String, &str)> {
        let mut out = Vec::new();
        for (side, text) in &self.side_reports {
            out.push((Lang::En.file_name(&format!("report-{side}")), text.as_str()));
            for (lang, r) in &self.translations {
                if let Some(t) = r.sides.get(side) {
                    out.push((lang.file_name(&format!("report-{side}")), t.as_str()));
                }
            }
        }
        for (lang, r) in &self.translations {
            out.push((lang.file_name("report"), r.moderator.as_str()));
        }
        out.push((Lang::En.file_name("report"), self.report.as_str()));
        out
    }
}

/// Adjudicates one turn. Pure: the same inputs give the same bytes.
pub fn run_turn<R: Rules>(inp: &TurnInputs) -> Result<TurnOutputs, Failure> {
    let game: GameFile<R::State> = parse_file(&inp.game_name, &inp.game_bytes, "game file")?;
    let sc = load_scenario::<R>(&game.scenario, &inp.game_name)?;
    run_turn_with::<R>(inp, &game, &sc)
}

/// `run_turn` on a game file its caller has already parsed from `inp.game_bytes` (and
/// the scenario it names): each file is parsed once (`adjudicate`, `verify`).
pub fn run_turn_with<R: Rules>(
    inp: &TurnInputs,
    game: &GameFile<R::State>,
    sc: &R::Scenario,
) -> Result<TurnOutputs, Failure> {
    run_turn_keeping::<R>(inp, game, sc).map(|(out, _)| out)
}

/// `run_turn_with`, and the next game file as made (the one `next_game` holds as bytes),
/// for a caller that works on it further (`policy::annotate`) without parsing the bytes
/// it was just serialised to.
pub fn run_turn_keeping<R: Rules>(
    inp: &TurnInputs,
    game: &GameFile<R::State>,
    sc: &R::Scenario,
) -> Result<(TurnOutputs, GameFile<R::State>), Failure> {
    let step = sound_step::<R>(inp, game, sc)?;
    let in_force = check_seed(inp, game)?;
    let game_sha = dice::sha256(&inp.game_bytes);
    let game_hex = dice::to_hex(&game_sha);
    let (orders, problems, side_orders) = read_orders::<R>(inp, game, sc, &game_hex);
    // A warning does not stop the turn: the orders it is about stand, and the side's
    // report lists it.
    if !inp.fallback && problems.values().flatten().any(Diagnostic::is_error) {
        return Err(Failure::Input(problems.into_values().flatten().collect()));
    }
    let defaults = defaults_said::<R>(sc, &orders, &step.awaiting);
    let key = dice::turn_key(&game.game, game.turn, &inp.seed, &game_sha, &side_orders);
    let dice = TurnDice::new(key, inp.sealed).with_forced(inp.forced.clone());
    let res = R::resolve(sc, &game.state, &orders, &dice);
    let last_turn = R::last_turn(sc, &game.state, &res.events);
    let next = next_game_file::<R>(inp, game, sc, game_hex, last_turn, res.state);
    let next_bytes = to_yaml(&next).into_bytes();
    let next_sha = sha256_hex(&next_bytes);
    // Each side's view of the next game file, made once: written as bytes, and its state
    // given to that side's report.
    let next_views: BTreeMap<String, ViewFile<R::View>> = R::sides(sc, &next.state)
        .into_iter()
        .map(|s| {
            let v = make_view_on::<R>(sc, &next, &next_sha, &s);
            (s, v)
        })
        .collect();
    let views = next_views
        .iter()
        .map(|(s, v)| (s.clone(), to_yaml(v).into_bytes()))
        .collect();
    let facts = report::Facts {
        game,
        next: &next,
        next_sha,
        seed: inp.seed,
        sealed: inp.sealed,
        game_sha,
        turn_key: key,
        commitment: in_force,
        reseeds: &inp.reseeds,
        sides: &side_orders,
        dice: &res.dice,
        problems: &problems,
        defaults: &defaults,
    };
    let side_views: BTreeMap<String, R::View> =
        next_views.into_iter().map(|(s, v)| (s, v.state)).collect();
    let render = |lang: Lang| Reports {
        moderator: report::render::<R>(sc, &facts, &res.events, None, None, lang),
        sides: side_views
            .iter()
            .map(|(s, v)| {
                let r = report::render::<R>(sc, &facts, &res.events, Some(s), Some(v), lang);
                (s.clone(), r)
            })
            .collect(),
    };
    let english = render(Lang::En);
    let translations = Lang::ALL
        .into_iter()
        .filter(|l| *l != Lang::En)
        .map(|l| (l, render(l)))
        .collect();
    let out = TurnOutputs {
        next_game: next_bytes,
        views,
        report: english.moderator,
        side_reports: english.sides,
        translations,
        sealed_unchecked: dice.sealed_missing(),
    };
    Ok((out, next))
}

/// The step the game file awaits, once the file is found sound: its side ids usable as
/// file names, the game's invariants holding, the step one this dikast resolves.
fn sound_step<R: Rules>(
    inp: &TurnInputs,
    game: &GameFile<R::State>,
    sc: &R::Scenario,
) -> Result<crate::rules::StepInfo, Failure> {
    // A game file that breaks the game's invariants (duplicate ids, unknown places…) is
    // refused before anything is resolved from it.
    // Side ids become file names: never one that is a path.
    crate::game::check_ids(
        &format!("{}: scenario `{}`: side", inp.game_name, game.scenario.name),
        R::sides(sc, &game.state).iter().map(String::as_str),
    )?;
    let broken = R::invariants(sc, &game.state);
    if !broken.is_empty() {
        return Err(Failure::Refused(format!(
            "{}: the game state is not sound: {}",
            inp.game_name,
            broken.join("; ")
        )));
    }
    let step = R::step(sc, &game.state);
    if let Some(why) = &step.unsupported {
        return Err(Failure::Refused(format!(
            "turn {} awaits {}: {why}",
            game.turn, step.title
        )));
    }
    Ok(step)
}

/// The turn's seed checked against the commitment in force (the game file's, or after
/// an undo the last reseed's); returns that commitment.
fn check_seed<S>(inp: &TurnInputs, game: &GameFile<S>) -> Result<String, Failure> {
    let commitment = dice::parse_hash(&game.dice.commitment).ok_or_else(|| {
        Failure::Verify(format!(
            "{}: field dice.commitment is not a 64-digit hex hash",
            inp.game_name
        ))
    })?;
    let in_force = crate::game::commitment_in_force(&game.dice.commitment, &inp.reseeds, game.turn)
        .map_err(|e| {
            Failure::Verify(format!(
                "the reseeds of turn {} (the turn's reseed.yaml): {e}",
                game.turn
            ))
        })?;
    if inp.reseeds.is_empty() && dice::Chain::Open.prev(&inp.seed) != commitment {
        return Err(Failure::Verify(format!(
            "{}: the seed for turn {} does not match the commitment in field dice.commitment (wrong secret, or the game file was changed)",
            inp.game_name, game.turn
        )));
    }
    if dice::to_hex(&dice::Chain::Open.prev(&inp.seed)) != in_force {
        return Err(Failure::Verify(format!(
            "{}: the seed for turn {} does not match the commitment its reseed.yaml made after the undo (wrong secret, or the record was changed)",
            inp.game_name, game.turn
        )));
    }
    Ok(in_force)
}

/// Each side's orders, as checked against its view (a side that sent none, or whose
/// file is not text, gets its defaults), every problem by side, and each side's orders
/// hash for the dice section. Every side is checked before anything is resolved.
#[allow(clippy::type_complexity)]
fn read_orders<R: Rules>(
    inp: &TurnInputs,
    game: &GameFile<R::State>,
    sc: &R::Scenario,
    game_hex: &str,
) -> (
    BTreeMap<String, R::Orders>,
    BTreeMap<String, Vec<Diagnostic>>,
    Vec<SideOrders>,
) {
    let mut orders = BTreeMap::new();
    let mut problems: BTreeMap<String, Vec<Diagnostic>> = BTreeMap::new();
    let mut side_orders = Vec::new();
    for side in R::sides(sc, &game.state) {
        let view = make_view_on::<R>(sc, game, game_hex, &side);
        let entry = inp.orders.get(&side).cloned().flatten();
        let hash = entry.as_ref().map(|(_, b)| dice::sha256(b));
        side_orders.push(SideOrders {
            side: side.clone(),
            orders_sha256: hash,
        });
        let o = match entry {
            None => R::default_orders(sc, &view.state, &side),
            Some((name, bytes)) => match yaml::decode(&name, &bytes) {
                Err(d) => {
                    problems.entry(side.clone()).or_default().push(d);
                    R::default_orders(sc, &view.state, &side)
                }
                Ok(file) => {
                    let (o, d) = check_orders::<R>(sc, &view, &file);
                    if !d.is_empty() {
                        problems.entry(side.clone()).or_default().extend(d);
                    }
                    o
                }
            },
        };
        orders.insert(side, o);
    }
    (orders, problems, side_orders)
}

/// The defaults each side's orders applied, per language. Defaults are said of the sides
/// the step awaited: one it did not ask was not "defaulted".
fn defaults_said<R: Rules>(
    sc: &R::Scenario,
    orders: &BTreeMap<String, R::Orders>,
    awaited: &[String],
) -> BTreeMap<String, BTreeMap<Lang, Vec<String>>> {
    orders
        .iter()
        .filter(|(side, _)| awaited.contains(side))
        .map(|(side, o)| {
            let by_lang = Lang::ALL
                .into_iter()
                .map(|l| (l, R::defaults_said(sc, o, l)))
                .filter(|(_, v)| !v.is_empty())
                .collect();
            (side.clone(), by_lang)
        })
        .collect()
}

/// The next game file: the resolved state, the step it awaits, the seed just revealed as
/// the next commitment, the reseeds carried on, and what each side saw happen.
fn next_game_file<R: Rules>(
    inp: &TurnInputs,
    game: &GameFile<R::State>,
    sc: &R::Scenario,
    game_hex: String,
    last_turn: Vec<crate::game::Seen>,
    state: R::State,
) -> GameFile<R::State> {
    let next_step = R::step(sc, &state);
    GameFile {
        dikast: FORMAT,
        rules: game.rules.clone(),
        scenario: game.scenario.clone(),
        game: game.game.clone(),
        turn: game.turn + 1,
        step: next_step.title.clone(),
        awaiting: next_step.awaiting.clone(),
        dice: DiceState {
            commitment: dice::to_hex(&inp.seed),
            reseeds: game
                .dice
                .reseeds
                .iter()
                .chain(&inp.reseeds)
                .cloned()
                .collect(),
            ..game.dice.clone()
        },
        previous: Some(game_hex),
        deadline: inp.next_deadline.clone(),
        last_turn,
        state,
    }
}
