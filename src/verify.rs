//! `dikast verify`: re-runs a whole archive and demands byte-identical files, checks
//! every revealed seed against its commitment and chain, and the hash chain of game
//! files; or checks the open dice of one report from that report and one's own orders.

use crate::dice::{self, Chain, Hash, SideOrders, TurnDice};
use crate::error::Failure;
use crate::folder::Layout;
use crate::fsx;
use crate::game::{sha256_hex, GameFile};
use crate::lang::Lang;
use crate::links::based_on_of;
use crate::pipeline::{self, TurnInputs};
use crate::report::{self, DiceSection};
use crate::rules::Rules;
use crate::secret::Published;
use crate::yaml;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// What a verification checked.
#[derive(Debug, Default)]
pub struct Summary {
    pub lines: Vec<String>,
}

/// Names the first difference between an archived file and its re-run: line, and the
/// YAML field when the file is YAML.
pub fn first_difference(name: &str, archived: &[u8], rerun: &[u8]) -> String {
    let at = archived
        .iter()
        .zip(rerun.iter())
        .position(|(a, b)| a != b)
        .unwrap_or(archived.len().min(rerun.len()));
    let text = String::from_utf8_lossy(archived);
    let line = text[..crate::diag::floor_char(&text, at.min(text.len()))]
        .matches('\n')
        .count()
        + 1;
    let want_line = String::from_utf8_lossy(rerun)
        .lines()
        .nth(line - 1)
        .unwrap_or("")
        .to_string();
    let got_line = text.lines().nth(line - 1).unwrap_or("").to_string();
    let field = if name.ends_with(".yaml") {
        field_at(&text, at)
    } else {
        None
    };
    let field = field.map(|f| format!(", field {f}")).unwrap_or_default();
    format!("{name} differs from the re-run at line {line}{field}: the archive has `{}`, the re-run gives `{}`", got_line.trim(), want_line.trim())
}

/// The dotted path of the deepest YAML value covering a byte offset.
fn field_at(text: &str, offset: usize) -> Option<String> {
    let file = crate::diag::SourceFile::new("x", text);
    let root = yaml::parse(&file).ok()?;
    let mut path = String::new();
    let mut node = &root;
    'descend: loop {
        match &node.kind {
            yaml::Kind::Map(pairs) => {
                for (k, v) in pairs {
                    let end = v.span.1.max(k.span.1);
                    if offset >= k.span.0 && offset <= end {
                        if !path.is_empty() {
                            path.push('.');
                        }
                        path.push_str(k.as_str().unwrap_or("?"));
                        node = v;
                        continue 'descend;
                    }
                }
                break;
            }
            yaml::Kind::Seq(items) => {
                for (i, v) in items.iter().enumerate() {
                    if offset >= v.span.0 && offset <= v.span.1 {
                        path.push_str(&format!("[{i}]"));
                        node = v;
                        continue 'descend;
                    }
                }
                break;
            }
            yaml::Kind::Scalar(..) => break,
        }
    }
    (!path.is_empty()).then_some(path)
}

pub fn compare(layout: &Layout, path: &Path, rerun: &[u8]) -> Result<(), Failure> {
    let name = layout.rel(path);
    if !path.exists() {
        return Err(Failure::Verify(format!(
            "{name} is missing from the archive"
        )));
    }
    let archived = fsx::read_limited(path)?;
    if archived != rerun {
        return Err(Failure::Verify(first_difference(&name, &archived, rerun)));
    }
    Ok(())
}

/// `u_t` for each turn, where the verifier can know it: from the secret (moderator) or
/// from a published copy (everyone), each chain walked once from its head (not once per
/// turn: that would cost turns × chain length hashes).
fn sealed_source(
    layout: &Layout,
    anchor: &str,
    last: u32,
) -> Result<Option<BTreeMap<u32, Hash>>, Failure> {
    if layout.secret().exists() {
        let s = layout.load_secret()?;
        return Ok(Some(chain_values(
            Chain::Sealed,
            &s.sealed()?,
            s.chain_length,
            last,
        )));
    }
    if layout.published().exists() {
        let bytes = fsx::read_limited(&layout.published())?;
        let p: Published =
            pipeline::parse_file(&layout.rel(&layout.published()), &bytes, "published file")?;
        if p.turn > crate::secret::MAX_CHAIN_LENGTH {
            return Err(Failure::Verify(format!(
                "published.yaml: field turn is {}, beyond any chain dikast walks ({})",
                p.turn,
                crate::secret::MAX_CHAIN_LENGTH
            )));
        }
        let u = dice::parse_hash(&p.sealed_seed).ok_or_else(|| {
            Failure::Verify("published.yaml: field sealed_seed is not a 64-digit hex value".into())
        })?;
        if dice::to_hex(&Chain::Sealed.walk(&u, p.turn)) != anchor {
            return Err(Failure::Verify(format!(
                "published.yaml: field sealed_seed does not hash down to the sealed anchor u_0 of turn 1 in {} steps",
                p.turn
            )));
        }
        return Ok(Some(chain_values(Chain::Sealed, &u, p.turn, last)));
    }
    Ok(None)
}

/// The values of a chain for turns 1..=min(last, n), from its value at turn n, in one
/// walk down.
fn chain_values(chain: Chain, head: &Hash, n: u32, last: u32) -> BTreeMap<u32, Hash> {
    let top = last.min(n);
    let mut out = BTreeMap::new();
    if top == 0 {
        return out;
    }
    let mut v = chain.walk(head, n - top);
    for t in (1..=top).rev() {
        out.insert(t, v);
        v = chain.prev(&v);
    }
    out
}

/// How many threads `verify` re-runs turns on: `DIKAST_THREADS` when set (1 is a serial
/// run), else every core.
pub fn threads() -> usize {
    std::env::var("DIKAST_THREADS")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .filter(|&n| n >= 1)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// `f(0..n)` on `threads()` threads, results in index order. Once `f(i)` fails, indices
/// after `i` that no thread has started are skipped (`None`): a caller that reads the
/// results in order stops at the first failure, exactly as a serial loop would, so the
/// outcome does not depend on the number of threads or their timing.
fn par_map<T: Send, E: Send>(
    n: usize,
    f: impl Fn(usize) -> Result<T, E> + Sync,
) -> Vec<Option<Result<T, E>>> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let workers = threads().min(n).max(1);
    if workers == 1 {
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let r = f(i);
            let failed = r.is_err();
            out.push(Some(r));
            if failed {
                out.resize_with(n, || None);
                break;
            }
        }
        return out;
    }
    let next = AtomicUsize::new(0);
    let failed_at = AtomicUsize::new(usize::MAX);
    let slots: Vec<Mutex<Option<Result<T, E>>>> = (0..n).map(|_| Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= n || i > failed_at.load(Ordering::SeqCst) {
                    break;
                }
                let r = f(i);
                if r.is_err() {
                    failed_at.fetch_min(i, Ordering::SeqCst);
                }
                *slots[i].lock().unwrap_or_else(|p| p.into_inner()) = Some(r);
            });
        }
    });
    slots
        .into_iter()
        .map(|m| m.into_inner().unwrap_or_else(|p| p.into_inner()))
        .collect()
}

/// `u_t` as the moderator's report of turn t reveals it, once it is shown to hash down to
/// the sealed anchor `u_0` in t steps (so it is the chain's, whoever holds the report).
/// `None` when the report shows none.
fn sealed_from_report(layout: &Layout, t: u32, anchor: &str) -> Result<Option<Hash>, Failure> {
    let path = layout.report(t);
    let Ok(bytes) = fsx::read_limited(&path) else {
        return Ok(None);
    };
    let Some(Ok(sec)) = report::parse_dice_section(&String::from_utf8_lossy(&bytes)) else {
        return Ok(None);
    };
    let Some(hex) = sec.sealed_seed else {
        return Ok(None);
    };
    match dice::parse_hash(&hex) {
        Some(u) if dice::to_hex(&Chain::Sealed.walk(&u, t)) == anchor => Ok(Some(u)),
        _ => Err(Failure::Verify(format!(
            "{}: field sealed_seed does not hash down to the sealed anchor u_0 of turn 1 in {t} steps",
            layout.rel(&path)
        ))),
    }
}

/// A failure met while verifying an archive is a verification failure (exit 3): the
/// archive does not check out. Diagnostics about an archived file become one line naming
/// the file, line and column. Only I/O errors keep their own code.
pub fn as_archive_failure(f: Failure) -> Failure {
    match f {
        Failure::Input(diags) => Failure::Verify(
            diags
                .iter()
                .map(|d| match d.location() {
                    Some(l) => format!("{l}: {}", d.message),
                    None => d.message.clone(),
                })
                .collect::<Vec<_>>()
                .join("; "),
        ),
        Failure::Refused(m) => Failure::Verify(m),
        f => f,
    }
}

/// Parses a game file of the archive; a file that does not parse fails verification.
fn archived_game<R: Rules>(
    layout: &Layout,
    t: u32,
) -> Result<(Vec<u8>, GameFile<R::State>), Failure> {
    let path = layout.game(t);
    if !path.exists() {
        return Err(Failure::Verify(format!(
            "{} is missing from the archive",
            layout.rel(&path)
        )));
    }
    let bytes = fsx::read_limited(&path)?;
    let game = pipeline::parse_file(&layout.rel(&path), &bytes, "game file")
        .map_err(as_archive_failure)?;
    Ok((bytes, game))
}

/// Whether the views of turn `t` on disk are, for exactly `sides`, the files whose
/// SHA-256 the record of the run that wrote them gives (`crate::cache::views`): then
/// `check_views` would find them as dikast makes them, and need not make them again.
pub fn views_as_recorded(
    layout: &Layout,
    t: u32,
    sides: &[String],
    recorded: &BTreeMap<String, String>,
) -> bool {
    recorded.len() == sides.len()
        && sides.iter().all(|side| {
            let path = layout.turn_dir(t).join(format!("view-{side}.yaml"));
            recorded
                .get(side)
                .is_some_and(|sha| fsx::read_limited(&path).is_ok_and(|b| sha256_hex(&b) == *sha))
        })
}

/// The views of turn t must be exactly what the game file gives. When every view names
/// one and the same game file hash as `based_on` and it is not this game file's, the game
/// file is what changed (a single edit cannot change two views alike); otherwise the
/// first view that differs is named.
pub fn check_views<R: Rules>(
    layout: &Layout,
    t: u32,
    sc: &R::Scenario,
    game: &GameFile<R::State>,
    game_bytes: &[u8],
) -> Result<(), Failure> {
    let made = pipeline::view_bytes::<R>(sc, game, game_bytes);
    let path = |side: &str| layout.turn_dir(t).join(format!("view-{side}.yaml"));
    let named: BTreeSet<Option<String>> = made
        .keys()
        .map(|side| {
            fsx::read_limited(&path(side))
                .ok()
                .and_then(|b| based_on_of(&b))
        })
        .collect();
    let sha = sha256_hex(game_bytes);
    if made.len() > 1 && named.len() == 1 {
        if let Some(Some(v)) = named.first() {
            if *v != sha {
                return Err(Failure::Verify(format!(
                    "{} was changed after dikast wrote it: its SHA-256 is {sha}, but its views name {v} (field based_on)",
                    layout.rel(&layout.game(t))
                )));
            }
        }
    }
    for (side, bytes) in made {
        compare(layout, &path(&side), &bytes)?;
    }
    Ok(())
}

/// The orders hashes the reports of turn t record per side ("none": no orders), from
/// every report whose dice section can be read.
fn recorded_orders(
    layout: &Layout,
    t: u32,
    sides: &[String],
) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let reports = Lang::ALL.into_iter().flat_map(|l| {
        std::iter::once(layout.report_in(t, l))
            .chain(sides.iter().map(move |s| layout.side_report_in(t, s, l)))
    });
    for p in reports {
        let Ok(b) = fsx::read_limited(&p) else {
            continue;
        };
        if let Some(Ok(sec)) = report::parse_dice_section(&String::from_utf8_lossy(&b)) {
            for o in sec.orders {
                out.entry(o.side).or_default().insert(o.sha256);
            }
        }
    }
    out
}

/// An orders file changed after its turn was adjudicated is named as such: every report
/// of the turn records its SHA-256, and they agree on a value the file no longer has.
fn check_orders_recorded(
    layout: &Layout,
    t: u32,
    sides: &[String],
    orders: &crate::folder::OrdersFiles,
) -> Result<(), Failure> {
    let recorded = recorded_orders(layout, t, sides);
    for side in sides {
        let Some(rec) = recorded.get(side) else {
            continue;
        };
        let (now, shown) = match orders.get(side).and_then(|o| o.as_ref()) {
            Some((name, bytes)) => (sha256_hex(bytes), name.clone()),
            None => (
                "none".to_string(),
                layout.rel(&layout.orders_dir(t).join(format!("{side}.yaml"))),
            ),
        };
        if rec.len() == 1 && !rec.contains(&now) {
            let was = rec.first().map(String::as_str).unwrap_or("none");
            return Err(Failure::Verify(match (was, now.as_str()) {
                ("none", _) => format!(
                    "{shown} was not adjudicated: the turn's reports record that {side} sent no orders"
                ),
                (_, "none") => format!(
                    "{shown} is missing from the archive: the turn's reports record {side}'s orders with SHA-256 {was}"
                ),
                _ => format!(
                    "{shown} was changed after adjudication: its SHA-256 is {now}, but the turn's reports record {was}"
                ),
            }));
        }
    }
    Ok(())
}

/// The secret file, when present, must hold the heads of the chains turn 1 commits to.
fn check_secret(layout: &Layout, first: &crate::game::DiceState) -> Result<(), Failure> {
    if !layout.secret().exists() {
        return Ok(());
    }
    let s = layout.load_secret().map_err(as_archive_failure)?;
    let open = dice::to_hex(&Chain::Open.walk(&s.open()?, s.chain_length));
    let sealed = dice::to_hex(&Chain::Sealed.walk(&s.sealed()?, s.chain_length));
    if open != first.commitment
        || sealed != first.sealed_anchor
        || s.chain_length != first.chain_length
    {
        return Err(Failure::Verify(format!(
            "{} does not hold the chain heads turn 1 commits to (fields open_head, sealed_head, chain_length)",
            layout.rel(&layout.secret())
        )));
    }
    Ok(())
}

/// `dikast verify DIR`: the whole archive. Each file is checked before anything that
/// depends on it, so the first difference names the file that was changed.
pub fn archive<R: Rules>(layout: &Layout) -> Result<Summary, Failure> {
    archive_inner::<R>(layout).map_err(as_archive_failure)
}

/// One archived turn, read once: its game file's bytes, the file parsed, the scenario.
struct Archived<R: Rules> {
    bytes: Vec<u8>,
    game: GameFile<R::State>,
    sc: std::sync::Arc<R::Scenario>,
    /// The turn's reseed record (`dikast undo` after it revealed its seed), oldest first.
    reseeds: Vec<crate::game::Reseed>,
    /// The commitment its seed hashes to: the game file's, or the last reseed's (each
    /// reseed checked to retire the seed of the commitment before it).
    in_force: String,
}

/// Reads and parses turn t's game file and checks its views (the first pass).
fn load_turn<R: Rules>(layout: &Layout, t: u32) -> Result<Archived<R>, Failure> {
    let (bytes, game) = archived_game::<R>(layout, t)?;
    if t == 1 && game.turn != 1 {
        return Err(Failure::Verify(format!(
            "{}: field turn says {}, but the folder is turn 1",
            layout.rel(&layout.game(1)),
            game.turn
        )));
    }
    let sc = pipeline::load_scenario::<R>(&game.scenario, &layout.rel(&layout.game(t)))?;
    check_views::<R>(layout, t, &sc, &game, &bytes)?;
    let reseeds = crate::folder::read_reseeds(layout, t)?;
    let in_force = crate::game::commitment_in_force(&game.dice.commitment, &reseeds, t)
        .map_err(|e| Failure::Verify(format!("{}: {e}", layout.rel(&layout.reseed_file(t)))))?;
    Ok(Archived {
        bytes,
        game,
        sc,
        reseeds,
        in_force,
    })
}

fn archive_inner<R: Rules>(layout: &Layout) -> Result<Summary, Failure> {
    let mut sum = Summary::default();
    let turns = layout.turns()?;
    if let Some(i) = crate::pending::interrupted(layout, &turns) {
        return Err(Failure::Verify(i.describe(layout)));
    }
    // Turns are independent once their inputs are read: each pass runs on every core
    // (`par_map`), and its results are then read in turn order, so that the first
    // failure named is the one a serial run names, whatever the threads did.
    //
    // First pass: every file's own integrity (its views vouch for its bytes, its
    // successor for its hash), so that a changed file is named itself rather than
    // through the first re-run it disturbs. Turn 1's game file has no predecessor: its
    // views vouch for it; only then can the secret and the published seed be checked
    // against its commitments.
    let loaded = par_map(turns.len(), |i| load_turn::<R>(layout, turns[i]));
    let mut archived: Vec<Archived<R>> = Vec::with_capacity(turns.len());
    for (i, r) in loaded.into_iter().enumerate() {
        let t = turns[i];
        // A skipped turn comes after a failed one, which returned first.
        let a = r.expect("turns after a failure are the only ones skipped")?;
        if t == 1 {
            check_secret(layout, &a.game.dice)?;
        } else {
            let prev = &archived[i - 1];
            crate::links::check_link_to(
                layout,
                t,
                a.game.previous.as_deref(),
                &a.game.dice.commitment,
                &prev.bytes,
                Some(&prev.in_force),
            )?;
        }
        archived.push(a);
    }
    let first = &archived[0].game;
    let last = *turns.last().expect("turns() is never empty");
    let sealed_seed = sealed_source(layout, &first.dice.sealed_anchor, last)?;
    let secret = if layout.secret().exists() {
        Some(layout.load_secret()?)
    } else {
        None
    };
    let open_seeds = match &secret {
        Some(s) => Some((
            chain_values(Chain::Open, &s.open()?, s.chain_length, last),
            s.chain_length,
        )),
        None => None,
    };
    // Second pass: every adjudicated turn re-run from its archived inputs.
    let reruns = par_map(turns.len(), |i| {
        rerun_turn::<R>(
            layout,
            &turns,
            i,
            &archived,
            &sealed_seed,
            &open_seeds,
            secret.as_ref(),
        )
    });
    let mut rerun = 0usize;
    for r in reruns {
        let r = r.expect("turns after a failure are the only ones skipped");
        let r = match r {
            Ok(x) => x,
            Err(Failure::Verify(m)) if m.contains(RERUN_COUNT) => {
                return Err(Failure::Verify(m.replace(
                    RERUN_COUNT,
                    &format!("{rerun} turn{}", if rerun == 1 { " was" } else { "s were" }),
                )))
            }
            Err(e) => return Err(e),
        };
        if r.1 {
            rerun += 1;
        }
        sum.lines.push(r.0);
    }
    let pending = turns.len() - rerun;
    sum.lines.push(format!(
        "{rerun} adjudicated turn{} re-run, every file byte for byte{}",
        if rerun == 1 { "" } else { "s" },
        if pending > 0 {
            "; the last awaits adjudication"
        } else {
            ""
        }
    ));
    Ok(sum)
}

/// Where a re-run's failure names how many turns were re-run before it: only the reader
/// of the results in order knows, and puts the count in.
const RERUN_COUNT: &str = "\u{0}rerun-count\u{0}";

/// Re-runs turn `turns[i]` and compares every file it gives with the archive: the line
/// for the summary, and whether the turn was re-run (the last may await adjudication).
fn rerun_turn<R: Rules>(
    layout: &Layout,
    turns: &[u32],
    i: usize,
    archived: &[Archived<R>],
    sealed_seed: &Option<BTreeMap<u32, Hash>>,
    open_seeds: &Option<(BTreeMap<u32, Hash>, u32)>,
    secret: Option<&crate::secret::Secret>,
) -> Result<(String, bool), Failure> {
    let t = turns[i];
    let a = &archived[i];
    // An undo retired this turn's seed (or an earlier turn's, whose new chain this turn
    // is on): the chain the seed must lie on, and what the summary says of each undo.
    let reseed = crate::secret::reseed_in_force(&a.reseeds, &a.game.dice);
    let undone: String = a
        .reseeds
        .iter()
        .map(|r| {
            format!(
                "; adjudicated again after an undo at {}: seed {} retired, new commitment {} ({})",
                r.at,
                r.retired_seed,
                r.commitment,
                dice::RESEED_RULE
            )
        })
        .collect();
    if let (Some(s), Some(r)) = (secret, reseed) {
        // The secret's holder checks the new chain is the one the protocol derives.
        let want = crate::secret::reseeded_seed(s, t, r)?;
        if dice::to_hex(&Chain::Open.prev(&want)) != a.in_force && !a.reseeds.is_empty() {
            return Err(Failure::Verify(format!(
                "{}: field commitment of the last reseed is not the one the secret's chain gives after retiring {}",
                layout.rel(&layout.reseed_file(t)),
                r.retired_seed
            )));
        }
    }
    check_same_game(layout, t, &a.game, &archived[0].game)?;
    if !layout.report(t).exists() {
        if turns.last() != Some(&t) {
            return Err(Failure::Verify(format!(
                "{} is missing from the archive (turn {} exists)",
                layout.rel(&layout.report(t)),
                t + 1
            )));
        }
        return Ok((
            format!("turn {t}: awaits adjudication; game file and views check out{undone}"),
            false,
        ));
    }
    let seed = revealed_seed(layout, t, a, &archived[i + 1].game, open_seeds, secret)?;
    rerun_and_compare(layout, t, i, archived, seed, sealed_seed)?;
    Ok((
        format!("turn {t}: re-run gives byte-identical game file, views and reports{undone}"),
        true,
    ))
}

/// Turn t's game file says turn t, and the game and dice chain of turn 1.
fn check_same_game<S>(
    layout: &Layout,
    t: u32,
    game: &GameFile<S>,
    first: &GameFile<S>,
) -> Result<(), Failure> {
    let gpath = layout.game(t);
    if game.turn != t {
        return Err(Failure::Verify(format!(
            "{}: field turn says {}, but the folder is turn {t}",
            layout.rel(&gpath),
            game.turn
        )));
    }
    if game.game != first.game
        || game.dice.sealed_anchor != first.dice.sealed_anchor
        || game.dice.chain_length != first.dice.chain_length
    {
        return Err(Failure::Verify(format!(
            "{}: field game or dice differs from turn 1's",
            layout.rel(&gpath)
        )));
    }
    Ok(())
}

/// The seed s_t, revealed as the next game file's commitment: it hashes to turn t's
/// commitment in force and, with the secret, is the chain's (or the undo's new chain's).
fn revealed_seed<R: Rules>(
    layout: &Layout,
    t: u32,
    a: &Archived<R>,
    next: &GameFile<R::State>,
    open_seeds: &Option<(BTreeMap<u32, Hash>, u32)>,
    secret: Option<&crate::secret::Secret>,
) -> Result<Hash, Failure> {
    let next_path = layout.game(t + 1);
    let seed = dice::parse_hash(&next.dice.commitment)
        .filter(|s| dice::to_hex(&Chain::Open.prev(s)) == a.in_force)
        .ok_or_else(|| {
            Failure::Verify(format!(
                "{}: field dice.commitment (the seed revealed by turn {t}) does not hash to turn {t}'s commitment{}",
                layout.rel(&next_path),
                if a.reseeds.is_empty() { "" } else { " (the last of its reseed.yaml)" }
            ))
        })?;
    let reseed = crate::secret::reseed_in_force(&a.reseeds, &a.game.dice);
    if let (Some(s), Some(r)) = (secret, reseed) {
        if crate::secret::reseeded_seed(s, t, r)? != seed {
            return Err(Failure::Verify(format!(
                "{}: field dice.commitment is not the seed of turn {t} from the chain the undo at {} started",
                layout.rel(&next_path),
                r.at
            )));
        }
    } else if let Some((open, n)) = open_seeds {
        let st = open.get(&t).copied().ok_or_else(|| {
            Failure::Refused(format!(
                "the seed chain is exhausted: turn {t} needs a seed, but the chain holds {n}; start a new campaign chain (`dikast new` with a larger --chain-length) and continue from this game file"
            ))
        })?;
        if st != seed {
            return Err(Failure::Verify(format!(
                "{}: field dice.commitment is not the seed of turn {t} from the secret chain",
                layout.rel(&next_path)
            )));
        }
    }
    Ok(seed)
}

/// Adjudicates turn `archived[i]` again from its archived inputs and compares the next
/// game file and every report in every language with the archive's.
fn rerun_and_compare<R: Rules>(
    layout: &Layout,
    t: u32,
    i: usize,
    archived: &[Archived<R>],
    seed: Hash,
    sealed_seed: &Option<BTreeMap<u32, Hash>>,
) -> Result<(), Failure> {
    let Archived {
        bytes,
        game,
        sc,
        reseeds,
        ..
    } = &archived[i];
    let first = &archived[0].game;
    let next = &archived[i + 1].game;
    let next_path = layout.game(t + 1);
    let sealed = match sealed_seed.as_ref().and_then(|m| m.get(&t).copied()) {
        Some(u) => Some(u),
        None => sealed_from_report(layout, t, &first.dice.sealed_anchor)?,
    };
    let sides = R::sides(sc, &game.state);
    let orders = crate::folder::read_orders(layout, t, &sides)?;
    check_orders_recorded(layout, t, &sides, &orders)?;
    // What the adjudication was told beyond the orders (crate::policy::RECORD).
    let record = crate::policy::load_record(layout, t)?;
    crate::policy::check_record(layout, t, record.as_ref().map(|(b, _)| b.as_slice()))?;
    let inputs = TurnInputs {
        // The deadline was the moderator's input; the archive keeps it in the next
        // game file, and the re-run must write the same (the report shows it).
        next_deadline: next.deadline.clone(),
        game_name: layout.rel(&layout.game(t)),
        game_bytes: bytes.clone(),
        orders,
        seed,
        sealed,
        fallback: true,
        forced: BTreeMap::new(),
        reseeds: reseeds.clone(),
    };
    let (mut out, next_made) = pipeline::run_turn_keeping::<R>(&inputs, game, sc)?;
    if out.sealed_unchecked {
        // A turn not re-run is not verified: a copy without the secret or
        // published.yaml re-runs sealed events from the seed the moderator's report
        // reveals, and a report that reveals none proves nothing.
        return Err(Failure::Verify(format!(
            "turn {t} cannot be re-run: it has sealed events, and neither the secret, published.yaml nor {} (field sealed_seed of its dice section) gives its sealed seed; {RERUN_COUNT} re-run before it",
            layout.rel(&layout.report(t)),
        )));
    }
    // The record's section and the moderator's whole position, as adjudicate added them.
    crate::policy::annotate::<R>(
        &mut out,
        &next_made,
        sc,
        record.as_ref().map(|(b, r)| (b.as_slice(), r)),
    );
    if out.next_game != archived[i + 1].bytes {
        return Err(Failure::Verify(first_difference(
            &layout.rel(&next_path),
            &archived[i + 1].bytes,
            &out.next_game,
        )));
    }
    // Every report in every language.
    for (name, text) in out.report_files() {
        compare(layout, &layout.turn_dir(t).join(name), text.as_bytes())?;
    }
    Ok(())
}

/// `dikast verify --report FILE [--orders FILE] [--view FILE]`: a player's check of the
/// open dice. Without `--view` it shows only that the report is consistent in itself (a
/// report made up afresh, with a new seed chain, is too); with the view of the turn the
/// player received before he wrote his orders, it shows the seed is the one committed
/// then and the game file the one he saw.
pub fn report_dice(
    report_path: &Path,
    orders: Option<&Path>,
    view: Option<&Path>,
) -> Result<Summary, Failure> {
    let name = report_path.display().to_string();
    let section = read_section(report_path)?;
    let mut sum = check_section(&section, &name, orders)?;
    match view {
        Some(v) => {
            let head = read_view_head(v)?;
            let o = orders.map(read_orders_head).transpose()?;
            anchor(&section, &name, &head, &v.display().to_string(), o.as_ref(), &mut sum)?;
        }
        None => sum.lines.push(
            "NOT ANCHORED: without --view this shows only that the report is consistent in itself; a report made up afresh passes too. Give the view you received for this turn (`--view view-<side>.yaml`), or check your whole folder (`--player DIR`)".into(),
        ),
    }
    Ok(sum)
}

/// The fields of a view a player's check needs, whatever the game.
#[derive(Debug, Clone, serde::Deserialize)]
pub struct ViewHead {
    pub view_of: String,
    pub game: String,
    pub turn: u32,
    pub based_on: String,
    pub dice: crate::game::DiceState,
}

fn read_view_head(p: &Path) -> Result<ViewHead, Failure> {
    let b = fsx::read_limited(p)?;
    pipeline::parse_file(&p.display().to_string(), &b, "view")
}

/// The envelope of an orders file and the SHA-256 of its bytes.
#[derive(Debug, Clone)]
pub struct OrdersHead {
    pub name: String,
    pub side: String,
    pub turn: Option<u64>,
    pub based_on: String,
    pub sha256: Hash,
    /// The SHA-256 of the file without its `token:` line, when it has one: orders by mail
    /// are stored without the turn token (`crate::guard::without_token`), so the player's
    /// own copy, token and all, is recognised as the orders adjudicated.
    pub sha256_without_token: Option<Hash>,
}

impl OrdersHead {
    /// Whether a recorded orders hash (hex) is this file's.
    pub fn is(&self, recorded: &str) -> bool {
        std::iter::once(self.sha256)
            .chain(self.sha256_without_token)
            .any(|h| dice::to_hex(&h) == recorded)
    }
}

fn read_orders_head(p: &Path) -> Result<OrdersHead, Failure> {
    let b = fsx::read_limited(p)?;
    let name = p.display().to_string();
    let file = yaml::decode(&name, &b).map_err(Failure::input)?;
    let root = yaml::parse(&file).map_err(Failure::input)?;
    let text = |k: &str| {
        root.get(k)
            .and_then(|n| n.as_str())
            .map(|s| s.trim().to_ascii_lowercase())
            .unwrap_or_default()
    };
    Ok(OrdersHead {
        side: text("side"),
        turn: root.get("turn").and_then(|n| n.as_u64()),
        based_on: text("based_on"),
        sha256: dice::sha256(&b),
        sha256_without_token: crate::guard::without_token(&b).map(|w| dice::sha256(&w)),
        name,
    })
}

fn read_section(report_path: &Path) -> Result<DiceSection, Failure> {
    let bytes = fsx::read_limited(report_path)?;
    let text = String::from_utf8_lossy(&bytes);
    let name = report_path.display().to_string();
    let section: DiceSection = match report::parse_dice_section(&text) {
        None => {
            return Err(Failure::Refused(format!(
                "{name} has no dice section ({}): is it a dikast report?",
                Lang::ALL
                    .map(|l| format!("`{}`", report::dice_heading(l)))
                    .join(" or ")
            )))
        }
        Some(Err(e)) => {
            return Err(Failure::Verify(format!(
                "{name}: the dice section cannot be read: {e}"
            )))
        }
        Some(Ok(s)) => s,
    };
    Ok(section)
}

/// Ties a report's dice section to the view of the same turn that the player received
/// before he wrote his orders: same game and turn, the commitment the view made (so the
/// revealed seed was fixed before any orders), the game file hash the view names, the
/// sealed seed (when shown) on the view's sealed chain, and his own orders written
/// against that view and recorded for his side.
fn anchor(
    s: &DiceSection,
    name: &str,
    v: &ViewHead,
    vname: &str,
    orders: Option<&OrdersHead>,
    sum: &mut Summary,
) -> Result<(), Failure> {
    let fail = |m: String| Err(Failure::Verify(m));
    if v.game != s.game || v.turn != s.turn {
        return fail(format!(
            "{name} is the report of game `{}` turn {}, but {vname} is the view of game `{}` turn {}: give the view of the turn the report adjudicates",
            s.game, s.turn, v.game, v.turn
        ));
    }
    // After an undo the turn's commitment is the last reseed's, each reseed retiring
    // the seed of the commitment before it, the first the view's.
    let committed = crate::game::commitment_in_force(&v.dice.commitment, &s.reseeded, s.turn)
        .map_err(|e| {
            Failure::Verify(format!(
                "{name}: field reseeded: {e} (the first must retire the seed of {vname}'s commitment)"
            ))
        })?;
    if committed != s.commitment {
        return fail(format!(
            "{name}: field commitment is not the one {vname} made before the orders (field dice.commitment){}: the report's seed was not committed in advance",
            if s.reseeded.is_empty() { "" } else { ", nor the last its undos made (field reseeded)" }
        ));
    }
    for r in &s.reseeded {
        sum.lines.push(format!(
            "undo: turn {} was adjudicated again after an undo at {}; the seed its voided report revealed ({}) is retired, and this report's seed hashes to the new commitment {} ({})",
            r.turn, r.at, r.retired_seed, r.commitment, dice::RESEED_RULE
        ));
    }
    if v.based_on != s.game_sha256 {
        return fail(format!(
            "{name}: field game_sha256 is not the game file {vname} was made from (field based_on): the turn was not adjudicated from the game you saw"
        ));
    }
    if let Some(u) = &s.sealed_seed {
        let ok = dice::parse_hash(u)
            .is_some_and(|u| dice::to_hex(&Chain::Sealed.walk(&u, s.turn)) == v.dice.sealed_anchor);
        if !ok {
            return fail(format!(
                "{name}: field sealed_seed does not hash down to the sealed anchor of {vname} (field dice.sealed_anchor) in {} steps",
                s.turn
            ));
        }
    }
    sum.lines.push(format!(
        "anchored: the commitment and the game file hash are those of {vname}, the view of {} for turn {}",
        v.view_of, v.turn
    ));
    if let Some(o) = orders {
        if o.side != v.view_of || o.turn != Some(v.turn as u64) {
            return fail(format!(
                "{} are not {}'s orders for turn {} (fields side, turn)",
                o.name, v.view_of, v.turn
            ));
        }
        if o.based_on.len() < 8 || !v.based_on.starts_with(&o.based_on) {
            return fail(format!(
                "{}: field based_on does not name the game file of {vname}",
                o.name
            ));
        }
        let recorded = s
            .orders
            .iter()
            .find(|x| x.side == v.view_of)
            .map(|x| x.sha256.as_str());
        if !recorded.is_some_and(|r| o.is(r)) {
            return fail(format!(
                "{name}: field orders does not record {} for {}: these are not the orders adjudicated for your side",
                o.name, v.view_of
            ));
        }
        sum.lines.push(format!(
            "orders: {} were written against that view and adjudicated as {}'s",
            o.name, v.view_of
        ));
    }
    Ok(())
}

/// `dikast verify --player DIR`: a player's whole folder of views, reports and his own
/// orders, checked as one chain. Files are told apart by their content, not their
/// names: a YAML file with `view_of` is a view, one with `side` and `based_on` orders, a
/// Markdown file with a dice section a report. The earliest view is the anchor (the
/// player trusts the first view he received); each later view's commitment must lie on
/// its chain, each report must be anchored to the view of its turn, and the seed each
/// report reveals must be the commitment of the next turn's view.
pub fn player_folder(dir: &Path) -> Result<Summary, Failure> {
    let Sorted {
        all_views,
        mut reports,
        orders,
        ignored,
    } = sort_files(dir)?;
    let mut views: BTreeMap<u32, (String, ViewHead)> = BTreeMap::new();
    // What an undo voided: a view of turn T whose commitment is the seed an undo of turn
    // T−1 retired, and a report of turn T whose seed an undo of T retired, are set aside
    // (named) once the folder holds what replaced them.
    let retired: BTreeMap<(u32, String), crate::game::Reseed> = views
        .values()
        .flat_map(|(_, v)| v.dice.reseeds.iter())
        .chain(reports.iter().flat_map(|(_, s)| s.reseeded.iter()))
        .map(|r| ((r.turn, r.retired_seed.clone()), r.clone()))
        .collect();
    let mut voided = Vec::new();
    for (name, v) in all_views {
        match v.turn.checked_sub(1).and_then(|p| retired.get(&(p, v.dice.commitment.clone()))) {
            Some(r) => voided.push(format!(
                "{name}: the view of turn {} voided by the undo of turn {} at {} (the seed it was made after, {}, is retired)",
                v.turn, r.turn, r.at, r.retired_seed
            )),
            None => {
                if let Some((other, old)) = views.get(&v.turn) {
                    if old.based_on != v.based_on || old.dice != v.dice {
                        return Err(Failure::Verify(format!(
                            "{name} and {other} are both views of turn {} but disagree (fields based_on, dice)",
                            v.turn
                        )));
                    }
                    continue;
                }
                views.insert(v.turn, (name, v));
            }
        }
    }
    reports.retain(|(name, s)| match retired.get(&(s.turn, s.seed.clone())) {
        Some(r) => {
            voided.push(format!(
                "{name}: the report of turn {} voided by the undo at {} (the seed it revealed, {}, is retired)",
                s.turn, r.at, r.retired_seed
            ));
            false
        }
        None => true,
    });
    let Some((_, (first_name, first))) = views.iter().next() else {
        return Err(Failure::Refused(format!(
            "{} holds no view (a YAML file with `view_of:`): the check starts from the first view you received",
            dir.display()
        )));
    };
    let (first_name, first) = (first_name.clone(), first.clone());
    let mut sum = Summary::default();
    check_views_chain(&views, &first_name, &first)?;
    reports.sort_by(|a, b| (a.1.turn, &a.0).cmp(&(b.1.turn, &b.0)));
    let mut anchored = BTreeSet::new();
    for (rname, s) in &reports {
        anchor_report(rname, s, &views, &orders, &mut sum)?;
        anchored.insert(s.turn);
    }
    for o in &orders {
        let t = o.turn.unwrap_or(0) as u32;
        if o.side == first.view_of && !anchored.contains(&t) && views.contains_key(&t) {
            sum.lines.push(format!(
                "{}: orders for turn {t}, not yet adjudicated (no report of turn {t} in the folder)",
                o.name
            ));
        }
    }
    sum.lines.extend(voided);
    let last = views.keys().next_back().copied().unwrap_or(first.turn);
    // «1 view (turn 1)», «3 views (turns 1–3)», «1 report» (issue 32.15).
    let (nv, na) = (views.len(), anchored.len());
    sum.lines.push(format!(
        "one chain: {nv} view{} ({}), {na} report{} anchored, commitments on the chain of {first_name}{}",
        if nv == 1 { "" } else { "s" },
        if first.turn == last {
            format!("turn {last}")
        } else {
            format!("turns {}–{last}", first.turn)
        },
        if na == 1 { "" } else { "s" },
        if ignored > 0 {
            format!("; {ignored} other files ignored")
        } else {
            String::new()
        }
    ));
    Ok(sum)
}

/// A player's folder told apart by content: views, reports (by file name), orders, and
/// how many other files were ignored.
struct Sorted {
    all_views: Vec<(String, ViewHead)>,
    reports: Vec<(String, DiceSection)>,
    orders: Vec<OrdersHead>,
    ignored: usize,
}

/// Every file under `dir`, sorted by what it holds: a YAML file with `view_of` is a
/// view, one with `based_on` orders, a Markdown file with a dice section a report.
fn sort_files(dir: &Path) -> Result<Sorted, Failure> {
    let mut files = Vec::new();
    collect_files(dir, &mut files)?;
    let mut out = Sorted {
        all_views: Vec::new(),
        reports: Vec::new(),
        orders: Vec::new(),
        ignored: 0,
    };
    for p in &files {
        let name = p.display().to_string();
        let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
        match ext {
            "yaml" | "yml" => {
                let b = fsx::read_limited(p)?;
                let text = String::from_utf8_lossy(&b);
                if text.lines().any(|l| l.starts_with("view_of:")) {
                    out.all_views.push((name, read_view_head(p)?));
                } else if text
                    .lines()
                    .any(|l| l.trim_start().starts_with("based_on:"))
                {
                    out.orders.push(read_orders_head(p)?);
                } else {
                    out.ignored += 1;
                }
            }
            "md" => {
                let b = fsx::read_limited(p)?;
                match report::parse_dice_section(&String::from_utf8_lossy(&b)) {
                    Some(_) => out.reports.push((name, read_section(p)?)),
                    None => out.ignored += 1,
                }
            }
            _ => out.ignored += 1,
        }
    }
    Ok(out)
}

/// Every view: the same game, side and chains as the first; its commitment on the
/// first's chain.
fn check_views_chain(
    views: &BTreeMap<u32, (String, ViewHead)>,
    first_name: &str,
    first: &ViewHead,
) -> Result<(), Failure> {
    for (t, (vname, v)) in views {
        if v.game != first.game || v.view_of != first.view_of {
            return Err(Failure::Verify(format!(
                "{vname} is {}'s view of game `{}`, but {first_name} is {}'s of `{}`",
                v.view_of, v.game, first.view_of, first.game
            )));
        }
        if v.dice.sealed_anchor != first.dice.sealed_anchor
            || v.dice.chain_length != first.dice.chain_length
            || v.dice.protocol != first.dice.protocol
        {
            return Err(Failure::Verify(format!(
                "{vname}: field dice differs from {first_name}'s (sealed_anchor, chain_length, protocol): another chain"
            )));
        }
        let c = dice::parse_hash(&v.dice.commitment).ok_or_else(|| {
            Failure::Verify(format!(
                "{vname}: field dice.commitment is not a 64-digit hex value"
            ))
        })?;
        if t - first.turn > crate::secret::MAX_CHAIN_LENGTH {
            return Err(Failure::Verify(format!(
                "{vname}: field turn is {t}, beyond any chain dikast walks from {first_name}"
            )));
        }
        let down = chain_down(&c, *t, &v.dice.reseeds, first.turn)
            .map_err(|e| Failure::Verify(format!("{vname}: field dice.reseeds: {e}")))?;
        if dice::to_hex(&down) != first.dice.commitment {
            return Err(Failure::Verify(format!(
                "{vname}: field dice.commitment does not hash down to the commitment of {first_name} in {} steps{}: not the chain committed to at turn {}",
                t - first.turn,
                if v.dice.reseeds.is_empty() { "" } else { " (over the seeds its undos retired, field dice.reseeds)" },
                first.turn
            )));
        }
    }
    Ok(())
}

/// One report anchored to the view of its turn, its orders among the folder's found,
/// its seed the next view's commitment: its lines added to `sum`.
fn anchor_report(
    rname: &str,
    s: &DiceSection,
    views: &BTreeMap<u32, (String, ViewHead)>,
    orders: &[OrdersHead],
    sum: &mut Summary,
) -> Result<(), Failure> {
    let Some((vname, v)) = views.get(&s.turn) else {
        return Err(Failure::Verify(format!(
            "{rname} is the report of turn {}, but the folder holds no view of turn {}: it cannot be anchored",
            s.turn, s.turn
        )));
    };
    let mine: Vec<&OrdersHead> = orders
        .iter()
        .filter(|o| o.turn == Some(s.turn as u64) && o.side == v.view_of)
        .collect();
    // Several orders files of the turn (the skeleton mailed with the reports and the
    // call for orders, the orders as sent, the copy the acceptance attached): the
    // one the report records is the orders adjudicated; the others are named.
    let recorded = s
        .orders
        .iter()
        .find(|x| x.side == v.view_of)
        .map(|x| x.sha256.as_str())
        .filter(|h| *h != "none");
    // A report that records no orders of the side (none received, or none awaited:
    // the idle side of a player turn) adjudicated none of them: what the folder holds
    // for that turn (a skeleton saved from the mail) is named, not taken as his.
    let (adjudicated, others): (Vec<&OrdersHead>, Vec<&OrdersHead>) =
        if mine.len() > 1 || recorded.is_none() {
            mine.iter().partition(|o| recorded.is_some_and(|r| o.is(r)))
        } else {
            (mine.clone(), Vec::new())
        };
    let not_received = recorded.is_none();
    let o = match adjudicated.as_slice() {
        [] if others.is_empty() || not_received => None,
        [o, ..] => Some(*o),
        [] => {
            return Err(Failure::Verify(format!(
                "the folder holds {} orders files of {} for turn {} ({}), and {rname} records none of them as adjudicated: keep only the one you sent",
                others.len(),
                v.view_of,
                s.turn,
                others.iter().map(|o| o.name.as_str()).collect::<Vec<_>>().join(", ")
            )))
        }
    };
    let mut one = check_section(s, rname, None)?;
    anchor(s, rname, v, vname, o, &mut one)?;
    if let Some((nname, next)) = views.get(&(s.turn + 1)) {
        if next.dice.commitment != s.seed {
            return Err(Failure::Verify(format!(
                "{rname}: field seed is not the commitment of {nname} (field dice.commitment): the seed revealed is not the next turn's commitment"
            )));
        }
    }
    sum.lines.push(format!(
        "turn {}: {rname} anchored to {vname}{}",
        s.turn,
        if o.is_some() {
            ", your orders recorded"
        } else {
            ""
        }
    ));
    sum.lines
        .extend(one.lines.into_iter().filter(|l| l.starts_with("undo:")));
    for x in &others {
        sum.lines.push(if not_received {
            format!(
                "{}: {}'s orders file of turn {}, but {rname} records no orders of {} as received: a skeleton, or orders that were NOT adjudicated (if you sent them, ask the moderator)",
                x.name, v.view_of, s.turn, v.view_of
            )
        } else {
            format!(
                "{}: {}'s orders file of turn {}, not the one adjudicated (a skeleton, or orders replaced later): set aside",
                x.name, v.view_of, s.turn
            )
        });
    }
    Ok(())
}

/// The commitment of the game file of turn `to` that commitment `c` of turn `t` (on
/// or after `to`) lies on: `c` walked down the chain, and at each turn an undo reseeded
/// (`reseeds`, oldest first, as a game file carries them) from that reseed's commitment
/// back to the one it replaced, `H("dikast/v1/chain" ‖ retired_seed)`. Reseeds of turns
/// before `to` are not crossed.
pub fn chain_down(
    c: &Hash,
    t: u32,
    reseeds: &[crate::game::Reseed],
    to: u32,
) -> Result<Hash, String> {
    let mut cur = *c;
    let mut at = t;
    for r in reseeds.iter().rev().filter(|r| r.turn >= to) {
        if r.turn > at {
            return Err(format!(
                "a reseed of turn {} stands before turn {at}'s, out of order",
                r.turn
            ));
        }
        cur = Chain::Open.walk(&cur, at - r.turn);
        at = r.turn;
        if dice::to_hex(&cur) != r.commitment {
            return Err(format!(
                "the commitment of turn {} is not the one the undo at {} made",
                r.turn, r.at
            ));
        }
        let retired = dice::parse_hash(&r.retired_seed).ok_or_else(|| {
            format!(
                "the seed the undo at {} retired is not a 64-digit hex value",
                r.at
            )
        })?;
        cur = Chain::Open.prev(&retired);
    }
    Ok(Chain::Open.walk(&cur, at - to))
}

fn collect_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) -> Result<(), Failure> {
    let rd = std::fs::read_dir(dir).map_err(|e| Failure::io(dir, "read", e))?;
    let mut v: Vec<_> = rd.flatten().map(|e| e.path()).collect();
    v.sort();
    for p in v {
        let meta = std::fs::symlink_metadata(&p).map_err(|e| Failure::io(&p, "read", e))?;
        if meta.is_dir() {
            collect_files(&p, out)?;
        } else if meta.is_file() {
            out.push(p);
        }
    }
    Ok(())
}

/// The checks of dice.md §5 on one dice section.
pub fn check_section(
    s: &DiceSection,
    name: &str,
    orders: Option<&Path>,
) -> Result<Summary, Failure> {
    let mut sum = Summary::default();
    let seed = check_seed(s, name)?;
    sum.lines
        .push("seed: SHA-256(\"dikast/v1/chain\" ‖ seed) equals the commitment".into());
    let mut sides = Vec::new();
    for o in &s.orders {
        let h = if o.sha256 == "none" {
            None
        } else {
            Some(section_hash(name, "orders", &o.sha256)?)
        };
        sides.push(SideOrders {
            side: o.side.clone(),
            orders_sha256: h,
        });
    }
    if let Some(p) = orders {
        sum.lines.push(orders_file_line(name, p, &sides)?);
    }
    let key = dice::turn_key(
        &s.game,
        s.turn,
        &seed,
        &section_hash(name, "game_sha256", &s.game_sha256)?,
        &sides,
    );
    if dice::to_hex(&key) != s.turn_key {
        return Err(Failure::Verify(format!("{name}: field turn_key does not follow from the game, turn, seed, game file hash and orders hashes")));
    }
    sum.lines.push("turn key: recomputed and equal".into());
    replay_events(s, name, key, &mut sum)?;
    Ok(sum)
}

/// A hash field of the section named `name`, or why it is not one.
fn section_hash(name: &str, field: &str, v: &str) -> Result<Hash, Failure> {
    dice::parse_hash(v).ok_or_else(|| {
        Failure::Verify(format!("{name}: field {field} is not a 64-digit hex value"))
    })
}

/// The section's turn and protocol are ones this dikast checks, and its revealed seed
/// is the one committed to (the last reseed's, after an undo): the seed.
fn check_seed(s: &DiceSection, name: &str) -> Result<Hash, Failure> {
    if s.turn > crate::secret::MAX_CHAIN_LENGTH {
        return Err(Failure::Verify(format!(
            "{name}: field turn is {}, beyond any chain dikast walks ({})",
            s.turn,
            crate::secret::MAX_CHAIN_LENGTH
        )));
    }
    if s.protocol != dice::PROTOCOL {
        return Err(Failure::Refused(format!(
            "{name} uses protocol `{}`; this dikast checks {}",
            s.protocol,
            dice::PROTOCOL
        )));
    }
    let seed = section_hash(name, "seed", &s.seed)?;
    let commitment = section_hash(name, "commitment", &s.commitment)?;
    if s.reseeded
        .last()
        .is_some_and(|r| r.commitment != s.commitment)
    {
        return Err(Failure::Verify(format!(
            "{name}: field commitment is not the last commitment of field reseeded: the redone turn's seed was not the one its undo committed to"
        )));
    }
    if Chain::Open.prev(&seed) != commitment {
        return Err(Failure::Verify(format!("{name}: the revealed seed does not hash to the commitment: the dice were not committed in advance")));
    }
    Ok(seed)
}

/// `--orders FILE`: the file (as sent, or with its token line emptied) is one side's
/// orders as adjudicated; the line that says whose.
fn orders_file_line(name: &str, p: &Path, sides: &[SideOrders]) -> Result<String, Failure> {
    let ob = fsx::read_limited(p)?;
    let mine: Vec<Hash> = std::iter::once(dice::sha256(&ob))
        .chain(crate::guard::without_token(&ob).map(|w| dice::sha256(&w)))
        .collect();
    match sides
        .iter()
        .find(|so| so.orders_sha256.is_some_and(|h| mine.contains(&h)))
    {
        Some(so) => Ok(format!(
            "orders: {} is {}'s orders file as adjudicated",
            p.display(),
            so.side
        )),
        None => Err(Failure::Verify(format!(
            "{name}: field orders lists no file with the SHA-256 of {} ({}): these are not the orders that were adjudicated",
            p.display(),
            sha256_hex(&ob)
        ))),
    }
}

/// Every event's values drawn again from the turn key (a sealed one only with the
/// sealed seed revealed) and compared with the listed ones.
fn replay_events(s: &DiceSection, name: &str, key: Hash, sum: &mut Summary) -> Result<(), Failure> {
    let sealed_seed = match &s.sealed_seed {
        Some(u) => Some(section_hash(name, "sealed_seed", u)?),
        None => None,
    };
    let td = TurnDice::new(key, sealed_seed);
    let mut values = 0;
    for e in &s.events {
        let draws = e.draws();
        let mut stream = if e.sealed {
            if sealed_seed.is_none() {
                sum.lines.push(format!(
                    "{}: sealed; checkable once the campaign is published",
                    e.label
                ));
                continue;
            }
            td.sealed(&e.label)
        } else {
            td.open(&e.label)
        };
        let got = dice::replay(&mut stream, &draws);
        if got != draws {
            return Err(Failure::Verify(format!(
                "{name}: event `{}`: the listed values are not the protocol's",
                e.label
            )));
        }
        values += draws.len();
    }
    sum.lines.push(format!(
        "events: {} events, {values} values, all equal to the protocol's",
        s.events.len()
    ));
    Ok(())
}
