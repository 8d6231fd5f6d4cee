//! A campaign folder: `campaign.yaml`, the secret chain heads in `.dikast/secret`, and
//! one folder per turn (`turns/0001/` …) holding its game file, views, orders and
//! reports. This module knows the layout, creates campaigns and writes adjudicated
//! turns; the turn itself is computed by `pipeline`.

use crate::campaign_file::{valid_game_id, Campaign, Player};
use crate::dice::{self, Chain, Hash};
use crate::error::Failure;
use crate::folder::{read_orders, read_reseeds, Layout, SCENARIOS};
use crate::fsx::{self, NewDir};
use crate::game::{check_ids, sha256_hex, to_yaml, DiceState, GameFile, ScenarioRef, FORMAT};
use crate::links::check_links;
use crate::pending::{
    pending_turn, report_last, require_some_orders, staged_in, staged_name, STAGED_REPORTS,
};
use crate::pipeline::{self, TurnInputs};
use crate::rules::Rules;
use crate::secret::{reseed_in_force, reseeded_seed, Secret, MAX_CHAIN_LENGTH};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// `s_t` and `u_t` of turn t, from the secret: on the campaign's chain (through the
/// checkpoints of `.dikast/seeds`), or on the chain of the reseed in force. The second
/// value says the checkpoint file should be written again.
pub fn turn_seeds(
    layout: &Layout,
    secret: &Secret,
    t: u32,
    in_force: Option<&crate::game::Reseed>,
) -> Result<((Hash, Hash), bool), Failure> {
    let ((seed, sealed), stale) = crate::cache::seeds(layout, secret, t)?;
    let Some(r) = in_force else {
        return Ok(((seed, sealed), stale));
    };
    Ok(((reseeded_seed(secret, t, r)?, sealed), stale))
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

/// What `dikast new` refuses before it reads the scenario: an unusable game id, a folder
/// that is not new, a chain too short or too long.
fn refuse_new(dir: &Path, opts: &NewOptions) -> Result<(), Failure> {
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
    if opts.chain_length > MAX_CHAIN_LENGTH {
        return Err(Failure::Refused(format!(
            "a chain of {} values ({}) is more than {}, the longest chain dikast makes: every command walks the chain from its head; a campaign that outlives its chain continues on a new one",
            opts.chain_length,
            if opts.secret.is_some() {
                "chain_length of the secret file given"
            } else {
                "--chain-length"
            },
            MAX_CHAIN_LENGTH
        )));
    }
    Ok(())
}

/// The campaign file of a new campaign: its sides' players not named yet (English
/// reports), no mail and no deadlines (`dikast setup` sets them).
fn new_campaign_file(
    game_id: &str,
    rules: &str,
    scenario_name: &str,
    sides: Vec<String>,
) -> Campaign {
    Campaign {
        dikast: FORMAT,
        game: game_id.to_string(),
        rules: rules.to_string(),
        scenario: scenario_name.to_string(),
        players: sides
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
    }
}

/// `dikast new`: the campaign folder with turn 1 awaiting the setup step.
pub fn create<R: Rules>(
    dir: &Path,
    scenario_name: &str,
    scenario_text: &str,
    embedded: bool,
    opts: &NewOptions,
) -> Result<(), Failure> {
    refuse_new(dir, opts)?;
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
    check_ids(
        &format!("scenario `{scenario_name}`: side"),
        R::sides(&sc, &state).iter().map(String::as_str),
    )?;
    let game = crate::rules::opening_file::<R>(
        &sc,
        ScenarioRef {
            name: scenario_name.to_string(),
            sha256: sha256_hex(scenario_text.as_bytes()),
            // A custom scenario is archived once (scenarios/<sha256>.yaml), named by its
            // hash in every game file and view (issue 14: not copied into each).
            text: None,
        },
        &opts.game_id,
        1,
        DiceState::of(n, &commitment, &anchor),
        state,
    );
    let game_bytes = to_yaml(&game).into_bytes();
    let campaign = new_campaign_file(
        &opts.game_id,
        R::ID,
        scenario_name,
        R::sides(&sc, &game.state),
    );
    if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
        fs::create_dir_all(parent).map_err(|e| Failure::io(parent, "create", e))?;
    }
    if dir.exists() {
        fs::remove_dir(dir).map_err(|e| Failure::io(dir, "replace the empty folder", e))?;
    }
    let nd = NewDir::create(dir)?;
    nd.write("campaign.yaml", to_yaml(&campaign).as_bytes())?;
    // The secret is the owner's alone from its first byte: a 0700 folder, a 0600 file.
    nd.mkdir_private(".dikast")?;
    nd.write_private(
        ".dikast/secret",
        format!(
            "# dikast secret: the moderator's alone. Never print, mail or publish this file.\n{}",
            to_yaml(&secret)
        )
        .as_bytes(),
    )?;
    if !embedded {
        nd.write(
            &format!("{SCENARIOS}/{}.yaml", game.scenario.sha256),
            scenario_text.as_bytes(),
        )?;
        crate::pipeline::register_scenario_text(scenario_text);
    }
    nd.write("turns/0001/game.yaml", &game_bytes)?;
    nd.mkdir("turns/0001/orders")?;
    let views = pipeline::view_bytes::<R>(&sc, &game, &game_bytes);
    for (side, bytes) in &views {
        nd.write(&format!("turns/0001/view-{side}.yaml"), bytes)?;
    }
    // The caches of the first run (`crate::cache`): the chains' checkpoints, the views.
    nd.write_private(".dikast/seeds", &crate::cache::seeds_file(&secret)?)?;
    nd.write_private(
        ".dikast/views",
        &crate::cache::views_bytes(&secret, 1, &game_bytes, &views),
    )?;
    nd.commit().map(|_| ())
}

/// What an adjudication wrote.
pub struct Adjudicated {
    /// The turn adjudicated; 0 when the run only finished one a crash interrupted.
    pub turn: u32,
    pub report: PathBuf,
    /// What the run put right first (`recover`), one line each.
    pub notes: Vec<String>,
    /// The game is over after this turn (14.2: the next step awaits no one), read from
    /// the next game file as made, so the caller need not read the campaign again.
    pub over: bool,
}

/// `dikast adjudicate DIR`: resolves the pending turn and writes its reports and the next
/// turn's folder. Nothing is written unless everything succeeded.
pub fn adjudicate<R: Rules>(layout: &Layout, fallback: bool) -> Result<Adjudicated, Failure> {
    adjudicate_with::<R>(
        layout,
        &AdjudicateOptions {
            fallback,
            allow_no_orders: true,
            ..AdjudicateOptions::default()
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
    /// The time of the adjudication, for a `deadline_every:` cadence and the deadline
    /// policy (the command line's clock); `None`: no policy is applied, no cadence
    /// deadline is set and nothing is recorded (a hand-run adjudication in tests, demo).
    pub clock: Option<crate::clock::UnixTime>,
    /// The clock was given (`--clock TIME`), not read from the machine: the record and
    /// every report say so.
    pub clock_given: bool,
    /// `--now`: adjudicate although the deadline is ahead and a side owes orders (refused
    /// otherwise); the record and every report say so.
    pub early: bool,
}

/// `adjudicate` with options: see `AdjudicateOptions`.
pub fn adjudicate_with<R: Rules>(
    layout: &Layout,
    opts: &AdjudicateOptions,
) -> Result<Adjudicated, Failure> {
    let fallback = opts.fallback;
    let lock = fsx::Lock::take(&layout.dir)?;
    let mut notes = recover(layout)?;
    if let Some(l) = &lock.took_over {
        notes.insert(0, l.clone());
    }
    if notes.iter().any(|n| n.starts_with("finished")) {
        // What was put right is the whole run: the next turn is adjudicated by the next.
        return Ok(Adjudicated {
            turn: 0,
            report: PathBuf::new(),
            notes,
            over: false,
        });
    }
    let mut p = read_pending::<R>(layout)?;
    let (t, secret, game_path, game, sc) = (p.turn, &p.secret, &p.game_path, &p.game, &p.sc);
    let reseeds = read_reseeds(layout, t)?;
    let ((seed, sealed), seeds_stale) =
        turn_seeds(layout, secret, t, reseed_in_force(&reseeds, &game.dice))?;
    // A step the rules cannot adjudicate (a finished game, 14.2) is refused with its reason
    // before the orders are looked for (run_turn refuses it too).
    let step = R::step(sc, &game.state);
    if let Some(why) = &step.unsupported {
        return Err(Failure::Refused(format!(
            "turn {t} awaits {}: {why}",
            step.title
        )));
    }
    if !opts.allow_no_orders {
        require_some_orders(layout)?;
    }
    let (orders, untokened) = read_orders_untokened::<R>(layout, t, &p)?;
    let campaign = crate::campaign_file::load(layout)?;
    refuse_guarded(&campaign, secret, t, &orders)?;
    // The deadline policy (an early run refused without --now) and what to record.
    let record = match opts.clock {
        Some(now) => crate::policy::record_for(
            layout,
            &campaign,
            t,
            game,
            now,
            if opts.clock_given {
                crate::policy::Clock::Given
            } else {
                crate::policy::Clock::Machine
            },
            opts.early,
        )?,
        None => None,
    };
    let next_deadline = crate::policy::next_deadline(&campaign, t + 1, opts.clock);
    let inputs = TurnInputs {
        next_deadline,
        game_name: layout.rel(game_path),
        // Read once (`read_pending`); nothing after the run needs the bytes.
        game_bytes: std::mem::take(&mut p.game_bytes),
        orders,
        seed,
        sealed: Some(sealed),
        fallback,
        forced: BTreeMap::new(),
        reseeds,
    };
    let (mut out, next) = pipeline::run_turn_keeping::<R>(&inputs, game, sc)?;
    let record_bytes = record.as_ref().map(|r| r.to_bytes());
    crate::policy::annotate::<R>(
        &mut out,
        &next,
        sc,
        record_bytes.as_deref().zip(record.as_ref()),
    );
    let extra: Vec<(String, Vec<u8>)> = record_bytes
        .map(|b| (crate::policy::RECORD.to_string(), b))
        .into_iter()
        .collect();
    keep_untokened(layout, t, &untokened, &mut notes)?;
    let over = crate::report::game_over(&R::step(sc, &next.state));
    commit(layout, t, &out, &extra, over, &untokened)?;
    write_caches::<R>(layout, &p, &out, seeds_stale);
    Ok(Adjudicated {
        turn: t,
        report: layout.report(t),
        notes,
        over,
    })
}

/// The pending turn as read for its adjudication: its number, the secret, its game file
/// (path, bytes, parsed), the scenario, and whether that is a custom scenario (archived
/// in `scenarios/`) whose value was kept in `.dikast/` (`crate::cache`).
struct PendingGame<R: Rules> {
    turn: u32,
    secret: Secret,
    game_path: PathBuf,
    game_bytes: Vec<u8>,
    game: GameFile<R::State>,
    sc: std::sync::Arc<R::Scenario>,
    custom: bool,
    kept: bool,
}

/// Reads the pending turn and refuses it unless its game file and views are as dikast
/// wrote them and linked to the turn before.
fn read_pending<R: Rules>(layout: &Layout) -> Result<PendingGame<R>, Failure> {
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
    // A custom scenario (archived in scenarios/): its value as kept in .dikast/ when the
    // tag holds (made known by `campaign_file::load`), else parsed from the YAML and kept after
    // the commit.
    let custom = game.scenario.text.is_none()
        && pipeline::archived_scenario_text(&game.scenario.sha256).is_some();
    let kept = custom && pipeline::scenario_json_known(&game.scenario.sha256);
    let sc = pipeline::load_scenario::<R>(&game.scenario, &layout.rel(&game_path))?;
    // A game file or view changed since dikast wrote them is never adjudicated: the views
    // are checked by hash against the record of what the last run wrote, and made again
    // and compared only when there is no record that holds (`crate::cache`).
    let recorded = crate::cache::views(layout, &secret, t, &sha256_hex(&game_bytes));
    let sides = R::sides(&sc, &game.state);
    if !recorded.is_some_and(|v| crate::verify::views_as_recorded(layout, t, &sides, &v)) {
        crate::verify::check_views::<R>(layout, t, &sc, &game, &game_bytes)?;
    }
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
    Ok(PendingGame {
        turn: t,
        secret,
        game_path,
        game_bytes,
        game,
        sc,
        custom,
        kept,
    })
}

/// An orders file whose turn token was taken out: its path, its bytes as they were,
/// and its bytes without the token.
type Untokened = (PathBuf, Vec<u8>, Vec<u8>);

/// The orders of turn t as adjudicated, each without its turn token if it had one, and
/// the files that had one.
fn read_orders_untokened<R: Rules>(
    layout: &Layout,
    t: u32,
    p: &PendingGame<R>,
) -> Result<(crate::folder::OrdersFiles, Vec<Untokened>), Failure> {
    let mut orders = read_orders(layout, t, &R::sides(&p.sc, &p.game.state))?;
    // Orders put here by hand may carry a turn token (the moderator's template has one):
    // it is taken out, so the archive never holds one (`crate::guard::without_token`).
    // What is adjudicated is the file without it; the file is rewritten so once the
    // turn's check and resolution have succeeded.
    let mut untokened: Vec<Untokened> = Vec::new();
    for (name, bytes) in orders.values_mut().flatten() {
        if let Some(w) = crate::guard::without_token(bytes) {
            untokened.push((layout.dir.join(&*name), std::mem::take(bytes), w.clone()));
            *bytes = w;
        }
    }
    Ok((orders, untokened))
}

/// Refuses orders that hold a turn token (outside its emptied line) or a registered
/// address.
fn refuse_guarded(
    campaign: &Campaign,
    secret: &Secret,
    t: u32,
    orders: &crate::folder::OrdersFiles,
) -> Result<(), Failure> {
    // Orders are archived and published when the game is over: none may hold a turn
    // token (outside its emptied line) or a registered address. Receive refuses such
    // orders by mail; orders put here by hand are refused now, while they may still be
    // edited (once adjudicated they are fixed, and `publish` would refuse the archive).
    let guard = crate::guard::OrdersGuard::new(campaign, secret, t);
    for (name, bytes) in orders.values().flatten() {
        if let Some(what) = guard.holds(bytes) {
            return Err(Failure::Refused(format!(
                "{name} holds {}: orders are archived and published when the game is over, and an archive never holds a turn token or an address. Take it out of the file (a comment or `entropy:` is archived too; the turn is not adjudicated yet, so its orders may be edited) and run again",
                what.words(crate::lang::Lang::En)
            )));
        }
    }
    Ok(())
}

/// Keeps the originals of the orders files whose token was taken out, and writes them
/// without it (a note each); kept originals of an earlier run that are stale go.
fn keep_untokened(
    layout: &Layout,
    t: u32,
    untokened: &[Untokened],
    notes: &mut Vec<String>,
) -> Result<(), Failure> {
    // A kept original left by an earlier run counts only while it is still the original
    // of the file there (a run stopped after taking the token out); any other is stale.
    let kept_dir = layout
        .dir
        .join(".dikast")
        .join("with-token")
        .join(format!("{t:04}"));
    if let Ok(rd) = fs::read_dir(&kept_dir) {
        for e in rd.flatten() {
            let here = layout.orders_dir(t).join(e.file_name());
            let kept = fsx::read_limited(&e.path()).ok();
            let still = kept
                .as_deref()
                .and_then(crate::guard::without_token)
                .is_some_and(|w| fs::read(&here).is_ok_and(|h| h == w));
            let ours = untokened.iter().any(|(p, _, _)| *p == here);
            if !still && !ours {
                fs::remove_file(e.path()).map_err(|er| Failure::io(&e.path(), "remove", er))?;
            }
        }
    }
    for (p, orig, w) in untokened {
        // The file as it was stays with the moderator (never published), so that `undo`
        // can put the pending turn back byte for byte.
        let keep = untokened_copy(layout, t, p);
        if let Some(parent) = keep.parent() {
            fs::create_dir_all(parent).map_err(|e| Failure::io(parent, "create", e))?;
        }
        fsx::replace(&keep, orig)?;
        // Its time too: `status` and the record judge hand-placed orders by it.
        if let Ok(m) = fs::metadata(p).and_then(|m| m.modified()) {
            let _ = fs::File::options()
                .write(true)
                .open(&keep)
                .and_then(|f| f.set_modified(m));
        }
        fsx::replace(p, w)?;
        notes.push(format!(
            "took the turn token out of {} (the archive never holds one)",
            layout.rel(p)
        ));
    }
    Ok(())
}

/// Writes the turn (`write_turn`); when it was not committed, the orders files go back
/// to what they were.
fn commit(
    layout: &Layout,
    t: u32,
    out: &pipeline::TurnOutputs,
    extra: &[(String, Vec<u8>)],
    over: bool,
    untokened: &[Untokened],
) -> Result<(), Failure> {
    if let Err(e) = write_turn(layout, t, out, extra, over) {
        if !layout.turn_dir(t + 1).exists() {
            // Not committed: the orders files go back to what they were, and their kept
            // originals go.
            for (p, orig, _) in untokened {
                let _ = fsx::replace(p, orig);
                let _ = fs::remove_file(untokened_copy(layout, t, p));
            }
        }
        return Err(e);
    }
    Ok(())
}

/// The caches for the next run (`crate::cache`); the turn is committed, so a cache
/// that cannot be written costs the next run time, nothing else.
fn write_caches<R: Rules>(
    layout: &Layout,
    p: &PendingGame<R>,
    out: &pipeline::TurnOutputs,
    seeds_stale: bool,
) {
    let (t, secret) = (p.turn, &p.secret);
    let _ = crate::cache::write_views(layout, secret, t + 1, &out.next_game, &out.views);
    if p.custom && !p.kept {
        if let Some(json) = pipeline::scenario_json::<R>(&p.sc) {
            let _ = crate::cache::write_scenario(layout, secret, &p.game.scenario.sha256, &json);
        }
    }
    if seeds_stale {
        let _ = crate::cache::write_seeds(layout, secret);
    }
}

/// Where an orders file of turn t that came with a turn token is kept as it was, once
/// the token was taken out of the archived copy: `.dikast/with-token/NNNN/<file>`.
pub fn untokened_copy(layout: &Layout, t: u32, orders_file: &Path) -> PathBuf {
    layout
        .dir
        .join(".dikast")
        .join("with-token")
        .join(format!("{t:04}"))
        .join(orders_file.file_name().unwrap_or_default())
}
/// Renames one file of turn t into place, unless a crash already did (the source gone,
/// the destination there); a destination there beside its source is refused, never
/// overwritten.
fn rename_into_place(layout: &Layout, from: &Path, to: &Path) -> Result<(), Failure> {
    if !from.exists() && to.exists() {
        return Ok(()); // done before a crash
    }
    if to.exists() {
        return Err(Failure::Refused(format!(
            "{} already exists; dikast never overwrites a finished file",
            layout.rel(to)
        )));
    }
    fsx::rename(from, to)
}

/// Writes an adjudicated turn as one commit. The next turn's folder is built whole under
/// a temporary name (game file, views, the orders folder), and this turn's reports are
/// written into turn t's folder under staged names (`staged_name`); every file and
/// folder is flushed, and so is turn t-1's folder, whose reports the previous run
/// renamed into place; then the folder is renamed into place: that rename is the
/// commit, and its parent is flushed. The reports are then renamed to their own names
/// (the moderator's `report.md` last), unflushed: the next commit flushes them, or, when
/// the game ends with this turn (`last`) and no commit follows, this run. A failure at
/// any step undoes everything, so a failed run leaves the campaign exactly
/// as it was; a crash before the commit leaves staged reports with no turn t+1, which
/// the next run removes, and one after it leaves them with turn t+1 in place, which the
/// next run renames (`recover`).
pub fn write_turn(
    layout: &Layout,
    t: u32,
    out: &pipeline::TurnOutputs,
    extra: &[(String, Vec<u8>)],
    last: bool,
) -> Result<(), Failure> {
    let here = layout.turn_dir(t);
    if !here.is_dir() {
        return Err(Failure::Refused(format!(
            "{} is missing",
            layout.rel(&here)
        )));
    }
    // Files of turn t beside its reports (the adjudication record) go first, the
    // moderator's report.md last.
    let files: Vec<(String, &[u8])> = extra
        .iter()
        .map(|(n, b)| (n.clone(), b.as_slice()))
        .chain(
            out.report_files()
                .into_iter()
                .map(|(n, t)| (n, t.as_bytes())),
        )
        .collect();
    for (name, _) in &files {
        if here.join(name).exists() {
            return Err(Failure::Refused(format!(
                "{} already exists; dikast never overwrites a finished file",
                layout.rel(&here.join(name))
            )));
        }
    }
    let nd = NewDir::create(&layout.turn_dir(t + 1))?;
    nd.write("game.yaml", &out.next_game)?;
    for (side, bytes) in &out.views {
        nd.write(&format!("view-{side}.yaml"), bytes)?;
    }
    nd.mkdir("orders")?;
    for (name, bytes) in &files {
        nd.write_beside(&here.join(staged_name(name)), bytes)?;
    }
    if t > 1 {
        nd.flush_with_commit(&layout.turn_dir(t - 1));
    }
    let order: Vec<String> = files.into_iter().map(|(n, _)| n).collect();
    let next = nd.commit()?;
    let placed =
        unstage(layout, t, &order).and_then(|_| if last { fsx::sync_dir(&here) } else { Ok(()) });
    if let Err(e) = placed {
        // Undone: the reports back under their staged names and removed, the folder
        // renamed away and removed.
        if undo_commit(layout, t, &next, &order).is_err() {
            return Err(Failure::Io(format!(
                "{}; turn {t} was written, but its reports still wait in {} under staged names: the next `dikast adjudicate` renames them",
                match &e {
                    Failure::Io(m) | Failure::Refused(m) => m.clone(),
                    other => other.render(),
                },
                layout.rel(&here)
            )));
        }
        return Err(e);
    }
    Ok(())
}

/// Renames the staged reports of turn t (`staged_name`) to their own names, in `order`
/// (the moderator's report last). Not flushed: the next commit flushes turn t's folder
/// before it commits (`write_turn`), and until then a crash leaves staged names that
/// the next run renames.
fn unstage(layout: &Layout, t: u32, order: &[String]) -> Result<(), Failure> {
    let here = layout.turn_dir(t);
    for name in order {
        rename_into_place(layout, &here.join(staged_name(name)), &here.join(name))?;
    }
    Ok(())
}

/// Takes a commit back within the run that made it: the reports back to their staged
/// names and removed, the folder back to a temporary name, then removed.
fn undo_commit(layout: &Layout, t: u32, next: &Path, order: &[String]) -> Result<(), Failure> {
    let here = layout.turn_dir(t);
    // Only the files this run wrote (none of them existed before it: write_turn checks).
    for name in order {
        let (from, to) = (here.join(name), here.join(staged_name(name)));
        if from.exists() && !to.exists() {
            fs::rename(&from, &to).map_err(|e| Failure::io(&from, "move back", e))?;
        }
    }
    let tmp = next.with_file_name(format!(".undone-{}.tmp-{}", t + 1, std::process::id()));
    fs::rename(next, &tmp).map_err(|e| Failure::io(next, "move back", e))?;
    let _ = fs::File::open(layout.dir.join("turns")).and_then(|d| d.sync_all());
    for name in order {
        let _ = fs::remove_file(here.join(staged_name(name)));
    }
    let _ = fs::remove_dir_all(&tmp);
    Ok(())
}

/// Moves the reports of turn t staged in turn t+1's `.reports/` by dikast before
/// 2026-12 (`STAGED_REPORTS`) into turn t's folder, the moderator's report last, and
/// removes the empty staging folder.
fn move_reports(layout: &Layout, t: u32, order: &[String]) -> Result<(), Failure> {
    let staged = layout.turn_dir(t + 1).join(STAGED_REPORTS);
    for name in order {
        rename_into_place(layout, &staged.join(name), &layout.turn_dir(t).join(name))?;
    }
    fsx::remove_empty_dir(&staged)?;
    fsx::sync_dirs(&[&layout.turn_dir(t), &layout.turn_dir(t + 1)])
}

/// What a run that stopped left behind, put right under the lock before anything else:
/// temporary folders (`.<name>.tmp-<pid>`) are removed; reports staged in the last turn
/// folder (`staged_name`) belong to a turn never committed and are removed; reports
/// staged in the folder before it belong to a committed turn and are renamed into place
/// (as are reports staged in `.reports/` by dikast before 2026-12). Returns one line per
/// thing done; a line that begins "finished" finished a turn, and is the whole run.
pub fn recover(layout: &Layout) -> Result<Vec<String>, Failure> {
    let mut notes = Vec::new();
    let turns_dir = layout.dir.join("turns");
    let Ok(rd) = fs::read_dir(&turns_dir) else {
        return Ok(notes);
    };
    let mut names: Vec<String> = rd
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    for name in &names {
        if fsx::is_temp_name(name) {
            let p = turns_dir.join(name);
            fs::remove_dir_all(&p).map_err(|e| Failure::io(&p, "remove", e))?;
            notes.push(format!(
                "removed {}, left by a dikast that stopped before it finished",
                layout.rel(&p)
            ));
        }
    }
    // Staged reports can only be in the last two turn folders: every commit first makes
    // the renames of the one before it durable (`write_turn`), and every run that could
    // commit first puts right what one that stopped left (here). Looking at those two
    // alone keeps a run's cost independent of the number of turns.
    let Some(last) = names
        .iter()
        .filter(|n| n.len() == 4 && n.bytes().all(|b| b.is_ascii_digit()))
        .filter_map(|n| n.parse::<u32>().ok())
        .max()
    else {
        return Ok(notes);
    };
    let uncommitted = staged_in(layout, last);
    if !uncommitted.is_empty() {
        let here = layout.turn_dir(last);
        for name in &uncommitted {
            let p = here.join(staged_name(name));
            fs::remove_file(&p).map_err(|e| Failure::io(&p, "remove", e))?;
        }
        notes.push(format!(
            "removed the reports of turn {last} staged in {} by a dikast that stopped before it committed turn {} ({})",
            layout.rel(&here),
            last + 1,
            uncommitted.join(", ")
        ));
    }
    if last < 2 {
        return Ok(notes);
    }
    let committed = staged_in(layout, last - 1);
    if !committed.is_empty() {
        unstage(layout, last - 1, &committed)?;
        // Flushed now: this run commits nothing after it (and turn last may be the end).
        fsx::sync_dir(&layout.turn_dir(last - 1))?;
        notes.push(format!(
            "finished the adjudication of turn {} that stopped after it was committed: its reports renamed into place in {}",
            last - 1,
            layout.rel(&layout.turn_dir(last - 1))
        ));
    }
    let staged = layout.turn_dir(last).join(STAGED_REPORTS);
    if staged.is_dir() {
        let mut order: Vec<String> = fs::read_dir(&staged)
            .map_err(|e| Failure::io(&staged, "read", e))?
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| !fsx::is_temp_name(n))
            .collect();
        report_last(&mut order);
        move_reports(layout, last - 1, &order)?;
        notes.push(format!(
            "finished the adjudication of turn {} that stopped after it was written: its reports moved from {} into {}",
            last - 1,
            layout.rel(&staged),
            layout.rel(&layout.turn_dir(last - 1))
        ));
    }
    Ok(notes)
}
