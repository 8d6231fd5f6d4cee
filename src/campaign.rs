//! A campaign folder: `campaign.yaml`, the secret chain heads in `.dikast/secret`, and
//! one folder per turn (`turns/0001/` …) holding its game file, views, orders and
//! reports. This module knows the layout, creates campaigns and writes adjudicated
//! turns; the turn itself is computed by `pipeline`.

use crate::dice::{self, Chain, Hash};
use crate::error::Failure;
use crate::fsx::{self, NewDir};
use crate::game::{sha256_hex, to_yaml, DiceState, GameFile, ScenarioRef, FORMAT};
use crate::lang::Lang;
use crate::pipeline::{self, TurnInputs};
use crate::rules::Rules;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// A player of a side.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct Player {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub email: String,
    /// Report language: `en` or `ru`.
    #[serde(default = "default_language")]
    pub language: String,
}

fn default_language() -> String {
    "en".into()
}

/// `campaign.yaml`: who plays, and how to reach them. No passwords, no secrets.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Campaign {
    pub dikast: u32,
    pub game: String,
    pub rules: String,
    pub scenario: String,
    pub players: BTreeMap<String, Player>,
    /// The moderator's address (mail).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub moderator: String,
    /// Mail settings, no password (see docs/mail.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mail: Option<crate::mail::MailSettings>,
    /// The deadline of each turn's orders, by turn number (see docs/mail.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadlines: Option<crate::status::Deadlines>,
    /// The next turn's deadline this long after each adjudication (`72h`), when
    /// `deadlines:` names none for it (see docs/mail.md and `crate::policy`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline_every: Option<String>,
    /// Orders after the deadline: `accept` (marked late) or `refuse`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub late: Option<crate::policy::Late>,
    /// `adjudicate` (as soon as every awaited side's orders are in) or `wait-for-deadline`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when_all_in: Option<crate::policy::WhenAllIn>,
    /// How long before the deadline `dikast tick` reminds who owes orders (default 24h).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remind_before: Option<String>,
    /// The Maildir `dikast tick` receives orders from (relative to the campaign folder).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub maildir: Option<PathBuf>,
}

/// `.dikast/secret`: the heads of both chains. Mode 0600; never printed or mailed.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Secret {
    pub protocol: String,
    pub chain_length: u32,
    /// `s_N`, hex.
    pub open_head: String,
    /// `u_N`, hex.
    pub sealed_head: String,
}

impl Secret {
    pub fn open(&self) -> Result<Hash, Failure> {
        dice::parse_hash(&self.open_head).ok_or_else(|| {
            Failure::Refused("the secret file's open_head is not a 64-digit hex value".into())
        })
    }
    pub fn sealed(&self) -> Result<Hash, Failure> {
        dice::parse_hash(&self.sealed_head).ok_or_else(|| {
            Failure::Refused("the secret file's sealed_head is not a 64-digit hex value".into())
        })
    }
    /// `s_t` and `u_t`, or a clear error when the chain has run out.
    pub fn seeds(&self, turn: u32) -> Result<(Hash, Hash), Failure> {
        let n = self.chain_length;
        let exhausted = || {
            Failure::Refused(format!(
                "the seed chain is exhausted: turn {turn} needs a seed, but the chain holds {n}; start a new campaign chain (`dikast new` with a larger --chain-length) and continue from this game file"
            ))
        };
        let s = Chain::Open
            .at(&self.open()?, n, turn)
            .ok_or_else(exhausted)?;
        let u = Chain::Sealed
            .at(&self.sealed()?, n, turn)
            .ok_or_else(exhausted)?;
        Ok((s, u))
    }
}

/// `published.yaml` in a published copy: the last sealed seed, revealed.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Published {
    pub protocol: String,
    /// The last adjudicated turn T.
    pub turn: u32,
    /// `u_T`, hex: every earlier `u_t` follows from it.
    pub sealed_seed: String,
}

/// Paths of a campaign folder.
#[derive(Debug, Clone)]
pub struct Layout {
    pub dir: PathBuf,
}

impl Layout {
    pub fn new(dir: &Path) -> Layout {
        Layout {
            dir: dir.to_path_buf(),
        }
    }
    pub fn campaign(&self) -> PathBuf {
        self.dir.join("campaign.yaml")
    }
    pub fn secret(&self) -> PathBuf {
        self.dir.join(".dikast").join("secret")
    }
    pub fn published(&self) -> PathBuf {
        self.dir.join("published.yaml")
    }
    pub fn turn_dir(&self, t: u32) -> PathBuf {
        self.dir.join("turns").join(format!("{t:04}"))
    }
    pub fn game(&self, t: u32) -> PathBuf {
        self.turn_dir(t).join("game.yaml")
    }
    pub fn orders_dir(&self, t: u32) -> PathBuf {
        self.turn_dir(t).join("orders")
    }
    /// The moderator's English report: the mark of a finished turn.
    pub fn report(&self, t: u32) -> PathBuf {
        self.report_in(t, Lang::En)
    }
    pub fn side_report(&self, t: u32, side: &str) -> PathBuf {
        self.side_report_in(t, side, Lang::En)
    }
    /// The moderator's report in `lang` (`report.md`, `report.ru.md`).
    pub fn report_in(&self, t: u32, lang: Lang) -> PathBuf {
        self.turn_dir(t).join(lang.file_name("report"))
    }
    /// A side's report in `lang` (`report-<side>.md`, `report-<side>.ru.md`).
    pub fn side_report_in(&self, t: u32, side: &str, lang: Lang) -> PathBuf {
        self.turn_dir(t)
            .join(lang.file_name(&format!("report-{side}")))
    }
    /// A name relative to the campaign folder, for messages.
    pub fn rel(&self, p: &Path) -> String {
        p.strip_prefix(&self.dir).unwrap_or(p).display().to_string()
    }

    /// Turn numbers present, ascending.
    pub fn turns(&self) -> Result<Vec<u32>, Failure> {
        let dir = self.dir.join("turns");
        let rd = fs::read_dir(&dir).map_err(|e| Failure::io(&dir, "read", e))?;
        let mut out = Vec::new();
        for e in rd.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if name.len() == 4 && name.bytes().all(|b| b.is_ascii_digit()) {
                if let Ok(t) = name.parse::<u32>() {
                    out.push(t);
                }
            }
        }
        out.sort_unstable();
        if out.is_empty() || out[0] != 1 || out.windows(2).any(|w| w[1] != w[0] + 1) {
            return Err(Failure::Verify(format!(
                "{}: turn folders must run 0001, 0002, … without gaps",
                dir.display()
            )));
        }
        Ok(out)
    }

    /// The campaign file, parsed.
    pub fn load_campaign(&self) -> Result<Campaign, Failure> {
        let p = self.campaign();
        if !p.exists() {
            return Err(Failure::Refused(format!(
                "{} is not a dikast campaign: {} is missing",
                self.dir.display(),
                p.display()
            )));
        }
        let bytes = fsx::read_limited(&p)?;
        let c: Campaign = pipeline::parse_file(&self.rel(&p), &bytes, "campaign file")?;
        crate::policy::validate_campaign(&self.rel(&p), &bytes, &c)?;
        Ok(c)
    }

    pub fn load_secret(&self) -> Result<Secret, Failure> {
        let p = self.secret();
        if !p.exists() {
            return Err(Failure::Refused(format!(
                "the campaign's secret file {} is missing: only the moderator's copy of the campaign can adjudicate",
                p.display()
            )));
        }
        let bytes = fsx::read_limited(&p)?;
        pipeline::parse_file(&self.rel(&p), &bytes, "secret file")
    }
}

/// Options of `dikast new`.
pub struct NewOptions {
    pub game_id: String,
    pub chain_length: u32,
    /// Chain heads to use instead of drawing them (tests, re-creations).
    pub secret: Option<Secret>,
    /// What the game's start takes beyond the scenario (`--players`).
    pub start: crate::rules::StartOptions,
}

fn draw_head() -> Result<String, Failure> {
    let mut b = [0u8; 32];
    getrandom::getrandom(&mut b)
        .map_err(|e| Failure::Io(format!("the operating system gave no randomness: {e}")))?;
    Ok(dice::to_hex(&b))
}

/// A valid game id: letters (any script), digits, `-`, `_`, `.`; 1–64 characters.
pub fn valid_game_id(id: &str) -> bool {
    let n = id.chars().count();
    (1..=64).contains(&n) && id.chars().all(|c| c.is_alphanumeric() || "-_.".contains(c))
}

/// `dikast new`: the campaign folder with turn 1 awaiting the setup step.
pub fn create<R: Rules>(
    dir: &Path,
    scenario_name: &str,
    scenario_text: &str,
    embedded: bool,
    opts: &NewOptions,
) -> Result<(), Failure> {
    if !valid_game_id(&opts.game_id) {
        return Err(Failure::Refused(format!(
            "`{}` is not a usable game id: use 1–64 letters, digits, `-`, `_` or `.`",
            opts.game_id.escape_debug()
        )));
    }
    if dir.exists()
        && fs::read_dir(dir)
            .map(|mut d| d.next().is_some())
            .unwrap_or(true)
    {
        return Err(Failure::Refused(format!(
            "{} exists and is not empty; dikast new needs a new folder",
            dir.display()
        )));
    }
    if opts.chain_length == 0 {
        return Err(Failure::Refused("--chain-length must be at least 1".into()));
    }
    let sc = R::load_scenario(scenario_text).map_err(|p| {
        Failure::Refused(format!(
            "scenario `{scenario_name}` is not playable:\n  {}",
            p.join("\n  ")
        ))
    })?;
    let secret = match &opts.secret {
        Some(s) => s.clone(),
        None => Secret {
            protocol: dice::PROTOCOL.into(),
            chain_length: opts.chain_length,
            open_head: draw_head()?,
            sealed_head: draw_head()?,
        },
    };
    let n = secret.chain_length;
    let commitment = Chain::Open.walk(&secret.open()?, n);
    let anchor = Chain::Sealed.walk(&secret.sealed()?, n);
    let state = R::start(&sc, &opts.start).map_err(Failure::Refused)?;
    let step = R::step(&sc, &state);
    let game = GameFile {
        dikast: FORMAT,
        rules: R::ID.to_string(),
        scenario: ScenarioRef {
            name: scenario_name.to_string(),
            sha256: sha256_hex(scenario_text.as_bytes()),
            text: (!embedded).then(|| scenario_text.to_string()),
        },
        game: opts.game_id.clone(),
        turn: 1,
        step: step.title.clone(),
        awaiting: step.awaiting.clone(),
        dice: DiceState {
            protocol: dice::PROTOCOL.into(),
            chain_length: n,
            commitment: dice::to_hex(&commitment),
            sealed_anchor: dice::to_hex(&anchor),
        },
        previous: None,
        deadline: None,
        state,
    };
    let game_bytes = to_yaml(&game).into_bytes();
    let campaign = Campaign {
        dikast: FORMAT,
        game: opts.game_id.clone(),
        rules: R::ID.to_string(),
        scenario: scenario_name.to_string(),
        players: R::sides(&sc, &game.state)
            .into_iter()
            .map(|s| {
                (
                    s,
                    Player {
                        language: "en".into(),
                        ..Player::default()
                    },
                )
            })
            .collect(),
        moderator: String::new(),
        mail: None,
        deadlines: None,
        deadline_every: None,
        late: None,
        when_all_in: None,
        remind_before: None,
        maildir: None,
    };
    if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
        fs::create_dir_all(parent).map_err(|e| Failure::io(parent, "create", e))?;
    }
    if dir.exists() {
        fs::remove_dir(dir).map_err(|e| Failure::io(dir, "replace the empty folder", e))?;
    }
    let nd = NewDir::create(dir)?;
    nd.write("campaign.yaml", to_yaml(&campaign).as_bytes())?;
    nd.write(
        ".dikast/secret",
        format!(
            "# dikast secret: the moderator's alone. Never print, mail or publish this file.\n{}",
            to_yaml(&secret)
        )
        .as_bytes(),
    )?;
    set_private(&nd.path().join(".dikast").join("secret"))?;
    nd.write("turns/0001/game.yaml", &game_bytes)?;
    fs::create_dir_all(nd.path().join("turns/0001/orders"))
        .map_err(|e| Failure::io(nd.path(), "create", e))?;
    for (side, bytes) in pipeline::view_bytes::<R>(&sc, &game, &game_bytes) {
        nd.write(&format!("turns/0001/view-{side}.yaml"), &bytes)?;
    }
    nd.commit()
}

#[cfg(unix)]
fn set_private(p: &Path) -> Result<(), Failure> {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(p, fs::Permissions::from_mode(0o600))
        .map_err(|e| Failure::io(p, "protect", e))?;
    if let Some(d) = p.parent() {
        fs::set_permissions(d, fs::Permissions::from_mode(0o700))
            .map_err(|e| Failure::io(d, "protect", e))?;
    }
    Ok(())
}

#[cfg(not(unix))]
fn set_private(_p: &Path) -> Result<(), Failure> {
    Ok(())
}

/// Each side's orders file as received: its display name and bytes, or `None`.
pub use crate::pipeline::OrdersFiles;

/// The orders files of a turn, per side (missing side: `None`). Files that name no side,
/// links, and anything that is not a plain file inside the folder are refused.
pub fn read_orders(layout: &Layout, t: u32, sides: &[String]) -> Result<OrdersFiles, Failure> {
    let dir = layout.orders_dir(t);
    let mut out: BTreeMap<String, Option<(String, Vec<u8>)>> =
        sides.iter().map(|s| (s.clone(), None)).collect();
    let mut diags = Vec::new();
    if let Ok(rd) = fs::read_dir(&dir) {
        let mut names: Vec<String> = rd
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        for name in names {
            if name.starts_with('.') {
                continue;
            }
            let path = dir.join(&name);
            let stem = name
                .strip_suffix(".yaml")
                .or_else(|| name.strip_suffix(".yml"));
            match stem {
                Some(side) if sides.iter().any(|s| s == side) => {
                    let bytes = fsx::read_limited(&path)?;
                    out.insert(side.to_string(), Some((layout.rel(&path), bytes)));
                }
                _ => diags.push(
                    crate::diag::Diagnostic::new(
                        "campaign::stray-orders",
                        format!("{} is not the orders file of any side", layout.rel(&path)),
                    )
                    .help(format!(
                        "orders files are named after their side: {}",
                        sides
                            .iter()
                            .map(|s| format!("{s}.yaml"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )),
                ),
            }
        }
    }
    if diags.is_empty() {
        Ok(out)
    } else {
        Err(Failure::Input(diags))
    }
}

/// What an adjudication wrote.
pub struct Adjudicated {
    pub turn: u32,
    pub report: PathBuf,
}

/// The turn awaiting adjudication: the last folder, which must have no report yet.
pub fn pending_turn(layout: &Layout) -> Result<u32, Failure> {
    let turns = layout.turns()?;
    let t = *turns.last().expect("turns() is never empty");
    if layout.report(t).exists() {
        return Err(Failure::Refused(format!(
            "turn {t} is already adjudicated and its folder is incomplete (no turn {} awaits); restore the archive",
            t + 1
        )));
    }
    // The report is written last: a turn before the last without one was interrupted
    // after its next folder was written. Adjudicating on would leave a hole for ever.
    if t > 1 && !layout.report(t - 1).exists() {
        return Err(Failure::Refused(format!(
            "{} exists although turn {} has no report: an adjudication was interrupted; remove that folder and any report*.md in {}, then run again",
            layout.rel(&layout.turn_dir(t)),
            t - 1,
            layout.rel(&layout.turn_dir(t - 1))
        )));
    }
    Ok(t)
}

/// Refuses a pending turn for which no side has sent orders: that is nearly always a
/// second `adjudicate` by mistake. `--allow-no-orders` adjudicates it all the same.
pub fn require_some_orders(layout: &Layout) -> Result<(), Failure> {
    let t = pending_turn(layout)?;
    let dir = layout.orders_dir(t);
    let any = fs::read_dir(&dir)
        .map(|rd| {
            rd.flatten()
                .any(|e| !e.file_name().to_string_lossy().starts_with('.'))
        })
        .unwrap_or(false);
    if any {
        return Ok(());
    }
    Err(Failure::Refused(format!(
        "turn {t} has no orders from any side ({} is empty); put the orders received there, or run with --allow-no-orders if every side really sent none",
        layout.rel(&dir)
    )))
}

/// Checks the game file of turn t against turn t−1: the hash chain and the seed chain.
pub fn check_links(
    layout: &Layout,
    t: u32,
    previous: Option<&str>,
    commitment: &str,
) -> Result<(), Failure> {
    let name = layout.rel(&layout.game(t));
    if t == 1 {
        if previous.is_some() {
            return Err(Failure::Verify(format!(
                "{name}: field previous must be absent in turn 1"
            )));
        }
        return Ok(());
    }
    let prev_bytes = fsx::read_limited(&layout.game(t - 1))?;
    let want = sha256_hex(&prev_bytes);
    if previous != Some(want.as_str()) {
        // The views of turn t−1 name its game file's hash too: when they all agree with
        // this file's `previous`, it is the older game file that was changed.
        let prev_name = layout.rel(&layout.game(t - 1));
        let views: Vec<Option<String>> = fs::read_dir(layout.turn_dir(t - 1))
            .map(|rd| {
                let mut v: Vec<PathBuf> = rd
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| {
                        p.file_name()
                            .and_then(|n| n.to_str())
                            .is_some_and(|n| n.starts_with("view-") && n.ends_with(".yaml"))
                    })
                    .collect();
                v.sort();
                v.iter()
                    .map(|p| {
                        fsx::read_limited(p)
                            .ok()
                            .and_then(|b| crate::verify::based_on_of(&b))
                    })
                    .collect()
            })
            .unwrap_or_default();
        if !views.is_empty() && views.iter().all(|v| v.as_deref() == previous) {
            return Err(Failure::Verify(format!(
                "{prev_name} was changed after dikast wrote it: its SHA-256 is {want}, but {name} (field previous) and its views (field based_on) name {}",
                previous.unwrap_or("nothing")
            )));
        }
        return Err(Failure::Verify(format!(
            "{name}: field previous does not match the SHA-256 of {prev_name} (one of the two was changed)"
        )));
    }
    let pc: PrevDice = serde_yaml::from_slice(&prev_bytes)
        .map_err(|e| Failure::Verify(format!("{}: {e}", layout.rel(&layout.game(t - 1)))))?;
    let c = dice::parse_hash(commitment).ok_or_else(|| {
        Failure::Verify(format!(
            "{name}: field dice.commitment is not a 64-digit hex hash"
        ))
    })?;
    if dice::to_hex(&Chain::Open.prev(&c)) != pc.dice.commitment {
        return Err(Failure::Verify(format!(
            "{name}: field dice.commitment (the revealed seed of turn {}) does not hash to turn {}'s commitment",
            t - 1,
            t - 1
        )));
    }
    Ok(())
}

#[derive(Deserialize)]
struct PrevDice {
    dice: DiceState,
}

/// `dikast adjudicate DIR`: resolves the pending turn and writes its reports and the next
/// turn's folder. Nothing is written unless everything succeeded.
pub fn adjudicate<R: Rules>(layout: &Layout, fallback: bool) -> Result<Adjudicated, Failure> {
    adjudicate_with::<R>(
        layout,
        &AdjudicateOptions {
            fallback,
            allow_no_orders: true,
            clock: None,
        },
    )
}

/// How `adjudicate` treats doubtful input.
#[derive(Debug, Clone, Copy, Default)]
pub struct AdjudicateOptions {
    /// Invalid orders fall back to their documented defaults instead of stopping.
    pub fallback: bool,
    /// A turn with no orders from any side is adjudicated (every side NMR) instead of
    /// refused as a probable second run by mistake.
    pub allow_no_orders: bool,
    /// The time of the adjudication, for a `deadline_every:` cadence (the command line's
    /// clock); `None`: no cadence deadline is set.
    pub clock: Option<crate::status::UnixTime>,
}

/// `adjudicate` with options: see `AdjudicateOptions`.
pub fn adjudicate_with<R: Rules>(
    layout: &Layout,
    opts: &AdjudicateOptions,
) -> Result<Adjudicated, Failure> {
    let fallback = opts.fallback;
    let _lock = fsx::Lock::take(&layout.dir)?;
    let t = pending_turn(layout)?;
    let secret = layout.load_secret()?;
    let game_path = layout.game(t);
    let game_bytes = fsx::read_limited(&game_path)?;
    let game: GameFile<R::State> =
        pipeline::parse_file(&layout.rel(&game_path), &game_bytes, "game file")?;
    if game.rules != R::ID {
        return Err(Failure::Verify(format!(
            "{}: field rules says `{}`, but the campaign plays {}",
            layout.rel(&game_path),
            game.rules,
            R::ID
        )));
    }
    check_links(layout, t, game.previous.as_deref(), &game.dice.commitment)?;
    let sc = pipeline::load_scenario::<R>(&game.scenario, &layout.rel(&game_path))?;
    // A game file or view changed since dikast wrote them is never adjudicated.
    crate::verify::check_views::<R>(layout, t, &sc, &game, &game_bytes)?;
    if layout.turn_dir(t + 1).exists() {
        return Err(Failure::Refused(format!(
            "{} exists although turn {t} has no report: an adjudication was interrupted; remove that folder and any report*.md in {}, then run again",
            layout.rel(&layout.turn_dir(t + 1)),
            layout.rel(&layout.turn_dir(t))
        )));
    }
    if game.turn != t {
        return Err(Failure::Verify(format!(
            "{}: field turn says {}, but the folder is turn {t}",
            layout.rel(&game_path),
            game.turn
        )));
    }
    let (seed, sealed) = secret.seeds(t)?;
    // A step the rules cannot adjudicate (a finished game, 14.2) is refused with its reason
    // before the orders are looked for (run_turn refuses it too).
    let step = R::step(&sc, &game.state);
    if let Some(why) = &step.unsupported {
        return Err(Failure::Refused(format!(
            "turn {t} awaits {}: {why}",
            step.title
        )));
    }
    if !opts.allow_no_orders {
        require_some_orders(layout)?;
    }
    let orders = read_orders(layout, t, &R::sides(&sc, &game.state))?;
    let campaign = layout.load_campaign()?;
    let next_deadline = crate::policy::next_deadline(&campaign, t + 1, opts.clock);
    let out = pipeline::run_turn::<R>(&TurnInputs {
        next_deadline,
        game_name: layout.rel(&game_path),
        game_bytes,
        orders,
        seed,
        sealed: Some(sealed),
        fallback,
        forced: BTreeMap::new(),
    })?;
    write_turn(layout, t, &out)?;
    Ok(Adjudicated {
        turn: t,
        report: layout.report(t),
    })
}

/// Writes an adjudicated turn: the next folder whole, then the reports (the report is
/// the mark of a finished turn, so it comes last).
pub fn write_turn(layout: &Layout, t: u32, out: &pipeline::TurnOutputs) -> Result<(), Failure> {
    let nd = NewDir::create(&layout.turn_dir(t + 1))?;
    nd.write("game.yaml", &out.next_game)?;
    for (side, bytes) in &out.views {
        nd.write(&format!("view-{side}.yaml"), bytes)?;
    }
    fs::create_dir_all(nd.path().join("orders"))
        .map_err(|e| Failure::io(nd.path(), "create", e))?;
    nd.commit()?;
    // Every report in every language; the moderator's English report.md comes last.
    for (name, text) in out.report_files() {
        fsx::write_new(&layout.turn_dir(t).join(name), text.as_bytes())?;
    }
    Ok(())
}
