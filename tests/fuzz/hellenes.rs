//! The deep fuzz of Hellenes (the game with hidden blocks and cards): "bad input never
//! hurts" beyond the hand-written catalogue of `tests/bad-inputs/`, with the leak checks.
//!
//! Seeds: every orders file of `orders-examples/` (the demo's turns and the siege
//! example, played through a real campaign so each has the game file it was written
//! for) and every `in/orders/*.yaml` of `tests/cases/hellenes/**` with its case's game
//! file. A fixed-seed PRNG (splitmix64; no OS randomness, no clock) makes thousands of
//! mutants of them: byte flips, deletions, insertions, duplicated ranges, swapped lines,
//! changed indentation and line ends (CRLF, CR only, U+2028, NEL), scalars replaced by
//! long text, numbers, lists, mappings, null, a 10 000-character token, Unicode of every
//! awkward kind (Greek, Cyrillic, emoji, RTL, combining marks, NUL, BOM), near-miss and
//! other sides' ids and places, duplicated keys, deep nesting, anchors and tags, and
//! every file truncated at every Nth byte.
//!
//! For each mutant, checked in-process against its side's view
//! (`pipeline::check_orders`, as `check` and `adjudicate` do):
//! - no panic (each call runs under `catch_unwind`);
//! - the orders are accepted, or every diagnostic has a code and a message, and a span
//!   (when it has one) inside its file on char boundaries;
//! - `Diagnostic::render` does not panic and prints the `[file:line:col]` that
//!   `SourceFile::line_col` gives;
//! - leaks: a diagnostic for side X names no enemy block or card X's view hides unless X
//!   wrote it himself; a mutant naming hidden id `a` and its twin naming hidden id `b`
//!   get the same codes, places and messages; and a *shadow* game (the enemy's blocks
//!   shuffled among their places, his hand swapped with the deck) gives X the same view
//!   and, for a sample of mutants, the same diagnostics byte for byte.
//!
//! Some accepted mutants are adjudicated (`run_turn`), and the game files themselves are
//! mutated (values swapped for other values of the file, so the mutants reach the
//! rules): `run_turn` must give `Ok` or a `Failure`, never a panic.
//!
//! A failure names the seed file and the mutant's number, says what was done, prints
//! the mutant and writes it to `$TMPDIR/dikast-fuzz/`. `DIKAST_FUZZ_ONLY=<seed name>#<n>`
//! runs that one mutant alone; `DIKAST_FUZZ_SCALE=<k>` makes k times the mutants (every
//! game file, more adjudications) for a longer search, best with `--release`.

use super::*;
use crate::hcases::{case_game, find_cases, CaseFile};
use dikast::campaign::{self, NewOptions};
use dikast::diag::Diagnostic;
use dikast::dice::Hash;
use dikast::error::Failure;
use dikast::folder::Layout;
use dikast::game::{sha256_hex, to_yaml, GameFile, ViewFile};
use dikast::games::hellenes::scenario::Scenario;
use dikast::games::hellenes::sight::View;
use dikast::games::hellenes::state::{State, Status};
use dikast::games::hellenes::{Hellenes, HELLENES_431};
use dikast::pipeline::{self, TurnInputs};
use dikast::rules::Rules;
use dikast::secret::Secret;
use dikast::yaml;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Orders mutants in all, shared among the seed files (at least `TRUNCATIONS` + 10
/// each): the test takes the same time as rule cases are added.
const ORDERS_MUTANTS: usize = 4500;
/// Truncations per orders file (at every Nth byte, N = length / this).
const TRUNCATIONS: usize = 8;
/// Accepted orders mutants adjudicated in all, one per seed file picked evenly (a
/// run_turn costs tens of milliseconds in a debug build; the rule cases add seeds, and
/// each picked seed yields a run only when one of its mutants is accepted).
const ORDERS_RUNS: usize = 80;
/// Game files mutated, and mutants of each.
const GAME_SEEDS: usize = 10;
const MUTANTS_PER_GAME: u64 = 30;

// ---------------------------------------------------------------------------------------
// Seeds: orders files with the game file they were written for.

/// One orders file and everything needed to check it and to adjudicate its turn.
struct Target {
    /// `examples/turn-0003/sparta.yaml`, `cases/battle/field-battle/athens.yaml`.
    name: String,
    side: String,
    orders: Vec<u8>,
    game_bytes: Vec<u8>,
    /// `s_t`, `u_t`.
    seeds: (Hash, Hash),
    /// Every side's orders of the turn, as written.
    all_orders: dikast::folder::OrdersFiles,
    forced: BTreeMap<String, Vec<u32>>,
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn scenario() -> Scenario {
    Hellenes::load_scenario(HELLENES_431).expect("the embedded scenario loads")
}

/// A folder removed when this goes out of scope, a panic included.
struct Gone(PathBuf);

impl Drop for Gone {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Plays an examples folder through a real campaign, recording each turn's game file,
/// seeds and orders as targets.
fn example_targets(ex: &Path, game_id: &str, label: &str, sides: &[String], out: &mut Vec<Target>) {
    let dir = std::env::temp_dir().join(format!("dikast-fuzz-{label}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let _gone = Gone(dir.clone());
    let secret: Secret =
        serde_yaml::from_str(&fs::read_to_string(ex.join("secret.yaml")).unwrap()).unwrap();
    let opts = NewOptions {
        game_id: game_id.into(),
        chain_length: secret.chain_length,
        secret: Some(secret.clone()),
        start: Default::default(),
    };
    campaign::create::<Hellenes>(&dir, "hellenes-431", HELLENES_431, true, &opts)
        .unwrap_or_else(|f| panic!("create: {}", f.render()));
    let layout = Layout::new(&dir);
    for (t, folder) in dikast::demo::example_turns(ex).unwrap() {
        let game_bytes = fs::read(layout.game(t)).unwrap();
        let seeds = secret.seeds(t).unwrap();
        let mut files: Vec<PathBuf> = fs::read_dir(&folder)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        files.sort();
        let mut all_orders: dikast::folder::OrdersFiles =
            sides.iter().map(|s| (s.clone(), None)).collect();
        for f in &files {
            let bytes = fs::read(f).unwrap();
            let side = f.file_stem().unwrap().to_string_lossy().into_owned();
            fs::write(layout.orders_dir(t).join(f.file_name().unwrap()), &bytes).unwrap();
            let name = format!("{side}.yaml");
            all_orders.insert(side, Some((name, bytes)));
        }
        for (side, entry) in &all_orders {
            if let Some((_, bytes)) = entry {
                out.push(Target {
                    name: format!("{label}/turn-{t:04}/{side}.yaml"),
                    side: side.clone(),
                    orders: bytes.clone(),
                    game_bytes: game_bytes.clone(),
                    seeds,
                    all_orders: all_orders.clone(),
                    forced: BTreeMap::new(),
                });
            }
        }
        if let Err(f) = campaign::adjudicate::<Hellenes>(&layout, false) {
            panic!("{label}: turn {t} fails: {}", f.render());
        }
    }
}

fn case_targets(sides: &[String], out: &mut Vec<Target>) {
    let root = repo().join("tests/cases/hellenes");
    let mut dirs = Vec::new();
    find_cases(&root, &mut dirs);
    for dir in dirs {
        let case: CaseFile =
            serde_yaml::from_str(&fs::read_to_string(dir.join("case.yaml")).unwrap()).unwrap();
        let (game_bytes, s, u) = case_game(&dir, &case);
        let hash = sha256_hex(&game_bytes);
        let rel = dir.strip_prefix(&root).unwrap().display().to_string();
        let mut all_orders = dikast::folder::OrdersFiles::new();
        for side in sides {
            let p = dir.join("in/orders").join(format!("{side}.yaml"));
            let entry = p.is_file().then(|| {
                let text = fs::read_to_string(&p)
                    .unwrap()
                    .replace("based_on: auto", &format!("based_on: {hash}"));
                (format!("{side}.yaml"), text.into_bytes())
            });
            all_orders.insert(side.clone(), entry);
        }
        for (side, entry) in &all_orders {
            if let Some((_, bytes)) = entry {
                out.push(Target {
                    name: format!("cases/{rel}/{side}.yaml"),
                    side: side.clone(),
                    orders: bytes.clone(),
                    game_bytes: game_bytes.clone(),
                    seeds: (s, u),
                    all_orders: all_orders.clone(),
                    forced: case.dice.clone(),
                });
            }
        }
    }
}

/// Every seed, made once for both tests (they run at the same time).
fn all_targets() -> &'static [Target] {
    static TARGETS: OnceLock<Vec<Target>> = OnceLock::new();
    TARGETS.get_or_init(make_targets)
}

fn make_targets() -> Vec<Target> {
    let mut out = Vec::new();
    let sides = scenario().side_ids();
    let ex = repo().join("orders-examples/hellenes-431");
    example_targets(&ex, "demo-431", "examples", &sides, &mut out);
    example_targets(&ex.join("siege"), "siege-431", "siege", &sides, &mut out);
    case_targets(&sides, &mut out);
    out
}

// ---------------------------------------------------------------------------------------
// What a side may not see, and the words mutants are made of.

/// One target made ready: its view, its hidden ids, its vocabulary.
struct Prepared<'a> {
    t: &'a Target,
    sc: &'a Scenario,
    view: ViewFile<View>,
    /// The side's view of the shadow game (`shadow_game`): it must equal `view`.
    shadow: ViewFile<View>,
    /// Enemy block ids the side's view does not show.
    hidden_blocks: Vec<String>,
    /// Card ids the side's view does not show (the enemy's hand, the deck).
    hidden_cards: Vec<String>,
    /// Ids, places and cards to put into mutants.
    words: Vec<String>,
}

/// The same game with everything `side` may not see changed: the enemy blocks'
/// identities (id, kind, steps, rating, …) rotated among their places, and the enemy's
/// hand exchanged for cards of the deck.
fn shadow_game(game: &GameFile<State>, side: &str) -> GameFile<State> {
    let mut g = game.clone();
    let enemy: Vec<usize> = (0..g.state.blocks.len())
        .filter(|&i| g.state.blocks[i].side != side)
        .collect();
    let slots: Vec<(String, Status)> = enemy
        .iter()
        .map(|&i| (g.state.blocks[i].at.clone(), g.state.blocks[i].status))
        .collect();
    for (k, &i) in enemy.iter().enumerate() {
        let (at, status) = slots[(k + 1) % slots.len()].clone();
        g.state.blocks[i].at = at;
        g.state.blocks[i].status = status;
    }
    let cards = &mut g.state.cards;
    for (s, hand) in cards.hands.iter_mut() {
        if s != side {
            for (c, d) in hand.iter_mut().zip(cards.deck.iter_mut()) {
                std::mem::swap(c, d);
            }
        }
    }
    cards.deck.reverse();
    g
}

/// Every target made ready (each game file parsed once).
fn prepare_all<'a>(targets: &'a [Target], sc: &'a Scenario) -> Vec<Prepared<'a>> {
    let mut games: BTreeMap<Vec<u8>, GameFile<State>> = BTreeMap::new();
    targets
        .iter()
        .map(|t| {
            let game = games
                .entry(t.game_bytes.clone())
                .or_insert_with(|| serde_yaml::from_slice(&t.game_bytes).unwrap());
            prepare(t, sc, game)
        })
        .collect()
}

fn prepare<'a>(t: &'a Target, sc: &'a Scenario, game: &GameFile<State>) -> Prepared<'a> {
    let view = pipeline::make_view::<Hellenes>(sc, game, &t.game_bytes, &t.side);
    let other = shadow_game(game, &t.side);
    assert!(
        other.state != game.state,
        "{}: the shadow game hides nothing different",
        t.name
    );
    let shadow = pipeline::make_view::<Hellenes>(sc, &other, &t.game_bytes, &t.side);
    let shown = words_of(&to_yaml(&view));
    let hidden_blocks: Vec<String> = game
        .state
        .blocks
        .iter()
        .filter(|b| b.side != t.side && !has(&shown, &b.id))
        .map(|b| b.id.clone())
        .collect();
    let hidden_cards: Vec<String> = sc
        .cards
        .iter()
        .filter(|c| !has(&shown, &c.id))
        .map(|c| c.id.clone())
        .collect();
    let mut words: Vec<String> = Vec::new();
    words.extend(view.state.blocks.iter().map(|b| b.id.clone()));
    words.extend(hidden_blocks.iter().cloned());
    words.extend(sc.areas.iter().map(|a| a.name.clone()));
    words.extend(sc.seas.iter().map(|s| s.name.clone()));
    words.extend(sc.cards.iter().map(|c| c.id.clone()));
    words.extend(sc.cards.iter().take(6).map(|c| c.name.clone()));
    words.extend(
        [
            "athens", "sparta", "persia", "walls", "field", "action", "event",
        ]
        .map(String::from),
    );
    Prepared {
        t,
        sc,
        view,
        shadow,
        hidden_blocks,
        hidden_cards,
        words,
    }
}

/// Mutant `n` of a target: for `n < TRUNCATIONS`, the file truncated at the n-th of
/// evenly spaced offsets; otherwise one to three random mutations.
fn mutant(p: &Prepared, n: u64) -> (Vec<u8>, String) {
    let orig = &p.t.orders;
    if (n as usize) < TRUNCATIONS {
        let step = (orig.len() / TRUNCATIONS).max(1);
        let at = (n as usize * step).min(orig.len());
        return (orig[..at].to_vec(), format!("truncate at {at}"));
    }
    let mut rng = Rng::new(&p.t.name, n);
    let mut b = orig.clone();
    let k = 1 + usize::from(rng.chance(30)) + usize::from(rng.chance(10));
    let what: Vec<String> = (0..k)
        .map(|_| mutate_once(&mut rng, &mut b, &p.words))
        .collect();
    (b, what.join("; "))
}

/// The diagnostics of an orders file checked against a view, as `check` and
/// `adjudicate` find them (an undecodable file: the decoding's one diagnostic).
fn diagnose(p: &Prepared, view: &ViewFile<View>, bytes: &[u8]) -> Result<Vec<Diagnostic>, String> {
    let name = format!("{}.yaml", p.t.side);
    catch(|| match yaml::decode(&name, bytes) {
        Err(d) => vec![d],
        Ok(file) => pipeline::check_orders::<Hellenes>(p.sc, view, &file).1,
    })
}

/// The diagnostics of a refused mutant and their renderings.
type Found = (Vec<Diagnostic>, Vec<String>);

/// Checks one orders mutant against the target's view. Returns the problems, and the
/// diagnostics found (`None`: accepted).
fn check_mutant(p: &Prepared, bytes: &[u8]) -> (Vec<String>, Option<Found>) {
    let name = format!("{}.yaml", p.t.side);
    let hidden: Vec<String> = p
        .hidden_blocks
        .iter()
        .chain(&p.hidden_cards)
        .cloned()
        .collect();
    let diags = match diagnose(p, &p.view, bytes) {
        Ok(d) => d,
        Err(panic) => {
            // Not accepted: no diagnostics to check, and nothing to adjudicate.
            let panic = vec![format!("checking the orders panicked: {panic}")];
            return (panic, Some((Vec::new(), Vec::new())));
        }
    };
    if diags.is_empty() {
        return (Vec::new(), None);
    }
    // The text the diagnostics point into: the file less its byte-order mark, or, when it
    // is not UTF-8, its lossy reading.
    let text = match std::str::from_utf8(bytes) {
        Ok(s) => s.strip_prefix('\u{feff}').unwrap_or(s).to_string(),
        Err(_) => String::from_utf8_lossy(bytes).into_owned(),
    };
    let mut problems = Vec::new();
    let mut rendered = Vec::new();
    for d in &diags {
        let (bad, r) = check_diagnostic(d, &name, &text, &hidden);
        problems.extend(bad);
        rendered.push(r);
    }
    (problems, Some((diags, rendered)))
}

/// Every whole-word occurrence of `a` in `text` (ASCII case ignored) replaced by `b`, in
/// lower case where the occurrence was.
fn replace_word(text: &str, a: &str, b: &str) -> String {
    let (low, a_low) = (text.to_ascii_lowercase(), a.to_ascii_lowercase());
    let part = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '-');
    let mut out = String::new();
    let mut at = 0;
    let mut from = 0;
    while let Some(i) = low[from..].find(&a_low) {
        let (s, e) = (from + i, from + i + a_low.len());
        if !part(low[..s].chars().next_back()) && !part(low[e..].chars().next()) {
            out.push_str(&text[at..s]);
            let found = &text[s..e];
            out.push_str(&if found == found.to_ascii_lowercase() {
                b.to_ascii_lowercase()
            } else {
                b.to_string()
            });
            at = e;
        }
        from = s + low[s..].chars().next().map_or(1, char::len_utf8);
    }
    out.push_str(&text[at..]);
    out
}

/// The parts of diagnostics that must not depend on which hidden id `a` was named: the
/// codes, places, labels and messages (not the "did you mean" help, which depends on
/// the spelling alone), with `a` written `<hidden>`.
fn shape(diags: &[Diagnostic], a: &str) -> Vec<String> {
    diags
        .iter()
        .map(|d| {
            let t = format!("{} {:?} {:?} {}", d.code, d.span, d.label, d.message);
            replace_word(&t, a, "<hidden>").to_ascii_lowercase()
        })
        .collect()
}

/// Non-interference, two ways. (1) A mutant naming hidden id `a` and its twin naming
/// hidden id `b` (same length: every span stays put) get the same diagnostics, `a` and
/// `b` aside. (2) The mutant checked against the view of the shadow game (the enemy's
/// blocks and hand changed) gets the same diagnostics, byte for byte.
fn check_non_interference(
    p: &Prepared,
    bytes: &[u8],
    diags: &[Diagnostic],
    rendered: &[String],
    rng: &mut Rng,
    shadow: bool,
    stats: &mut Stats,
) -> Vec<String> {
    let mut out = Vec::new();
    stats.shadows += usize::from(shadow);
    match shadow.then(|| diagnose(p, &p.shadow, bytes)) {
        None => {}
        Some(Err(panic)) => out.push(format!(
            "checking against the shadow view panicked: {panic}"
        )),
        Some(Ok(d2)) => {
            let r2: Vec<String> = d2.iter().map(Diagnostic::render).collect();
            if r2 != rendered {
                out.push(format!(
                    "the diagnostics change with what the side may not see:\n--- real\n{}\n--- shadow\n{}",
                    rendered.join("\n"),
                    r2.join("\n")
                ));
            }
        }
    }
    let Ok(text) = std::str::from_utf8(bytes) else {
        return out;
    };
    let written = words_of(text);
    for pool in [&p.hidden_blocks, &p.hidden_cards] {
        let named: Vec<&String> = pool.iter().filter(|h| has(&written, h)).collect();
        if named.is_empty() {
            continue;
        }
        let a = *rng.pick(&named);
        let others: Vec<&String> = pool
            .iter()
            .filter(|h| h.len() == a.len() && *h != a && !has(&written, h))
            .collect();
        if others.is_empty() {
            continue;
        }
        let b = *rng.pick(&others);
        stats.twins += 1;
        let t2 = replace_word(text, a, b);
        let d2 = match diagnose(p, &p.view, t2.as_bytes()) {
            Ok(d) => d,
            Err(panic) => {
                out.push(format!("the twin naming {b} panicked: {panic}"));
                continue;
            }
        };
        let (s1, s2) = (shape(diags, a), shape(&d2, b));
        if s1 != s2 {
            out.push(format!(
                "naming hidden {a} instead of hidden {b} changes the diagnostics:\n--- with {a}\n{}\n--- with {b}\n{}",
                s1.join("\n"),
                s2.join("\n")
            ));
        }
    }
    out
}

/// A turn's inputs with `orders` as `side`'s orders file (or `game` as the game file).
fn inputs(t: &Target, orders: Option<&[u8]>, game: Option<&[u8]>) -> TurnInputs {
    let mut all = t.all_orders.clone();
    if let Some(b) = orders {
        all.insert(
            t.side.clone(),
            Some((format!("{}.yaml", t.side), b.to_vec())),
        );
    }
    TurnInputs {
        next_deadline: None,
        game_name: "game.yaml".into(),
        game_bytes: game.unwrap_or(&t.game_bytes).to_vec(),
        orders: all,
        seed: t.seeds.0,
        sealed: Some(t.seeds.1),
        fallback: true,
        forced: t.forced.clone(),
        reseeds: Vec::new(),
    }
}

/// Adjudicates the turn with a mutant (accepted by the check) as the side's orders: Ok
/// or a Failure, never a panic.
fn adjudicate_mutant(p: &Prepared, bytes: &[u8]) -> Vec<String> {
    let inp = inputs(p.t, Some(bytes), None);
    match catch(|| pipeline::run_turn::<Hellenes>(&inp).map(|_| ())) {
        Ok(_) => Vec::new(),
        Err(panic) => vec![format!("run_turn panicked on accepted orders: {panic}")],
    }
}

/// Runs every mutant of one target's orders; returns the failures.
fn fuzz_orders(
    p: &Prepared,
    random: u64,
    runs: u64,
    only: Option<u64>,
    stats: &mut Stats,
) -> Vec<String> {
    let mut failures = Vec::new();
    if only.is_none() && p.view != p.shadow {
        failures.push(format!(
            "{}: the view changes with what the side may not see",
            p.t.name
        ));
    }
    let mut runs = runs;
    let all = 0..TRUNCATIONS as u64 + random * scale();
    for n in only.map_or(all, |o| o..o + 1) {
        let (bytes, what) = mutant(p, n);
        let (mut problems, found) = check_mutant(p, &bytes);
        stats.mutants += 1;
        match &found {
            Some((diags, rendered)) => {
                stats.diagnostics += diags.len();
                let mut rng = Rng::new(&p.t.name, n ^ 0x7717);
                // The shadow view equals the real one (checked above), so the same
                // diagnostics are expected; a sample re-checks it end to end.
                let shadow = n % 8 == 5;
                problems.extend(check_non_interference(
                    p, &bytes, diags, rendered, &mut rng, shadow, stats,
                ));
            }
            None => {
                stats.accepted += 1;
                if runs > 0 && bytes != p.t.orders {
                    runs -= 1;
                    stats.runs += 1;
                    problems.extend(adjudicate_mutant(p, &bytes));
                }
            }
        }
        if !problems.is_empty() {
            failures.push(report(&p.t.name, n, &what, &bytes, &problems));
        }
    }
    failures
}

/// Every orders seed mutated and checked against its side's view (and its shadow),
/// a sample of accepted mutants adjudicated.
pub fn mutated_orders_never_hurt() {
    quiet_panics();
    let sc = scenario();
    let targets = all_targets();
    assert!(
        targets.len() >= 100,
        "only {} seed orders files were found",
        targets.len()
    );
    let only = only();
    let prepared: Vec<(usize, Prepared)> =
        prepare_all(targets, &sc).into_iter().enumerate().collect();
    let random = (ORDERS_MUTANTS / targets.len()).max(TRUNCATIONS + 10) - TRUNCATIONS;
    let run_every = targets.len().div_ceil(ORDERS_RUNS);
    let (failures, stats) = in_two(&prepared, |(i, p), stats| {
        // A longer search (DIKAST_FUZZ_SCALE) adjudicates more accepted mutants.
        let runs = match scale() {
            1 => u64::from(i % run_every == 0),
            k => k,
        };
        match &only {
            Some((name, _)) if name != &p.t.name => Vec::new(),
            Some((_, n)) => fuzz_orders(p, 0, 1, Some(*n), stats),
            None => fuzz_orders(p, random as u64, runs, None, stats),
        }
    });
    eprintln!("orders fuzz: {stats:?}");
    assert!(
        failures.is_empty(),
        "{} of {} mutants broke a promise:\n\n{}",
        failures.len(),
        stats.mutants,
        first_failures(&failures)
    );
    if only.is_none() {
        // The fuzz means something only if both outcomes happen often.
        assert!(stats.mutants >= ORDERS_MUTANTS * 9 / 10, "{stats:?}");
        assert!(
            stats.accepted > 100
                && stats.diagnostics > 2000
                && stats.runs > 40
                && stats.shadows > 300
                && stats.twins > 60,
            "{stats:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Game files.

/// The game files to mutate: distinct ones, spread evenly over the seeds (the demo's and
/// the siege example's turns come first, then the rule cases').
fn game_seeds(targets: &[Target]) -> Vec<&Target> {
    let mut seen = BTreeSet::new();
    let distinct: Vec<&Target> = targets
        .iter()
        .filter(|t| seen.insert(t.game_bytes.clone()))
        .collect();
    if scale() > 1 {
        return distinct;
    }
    let step = (distinct.len() / GAME_SEEDS).max(1);
    distinct
        .into_iter()
        .step_by(step)
        .take(GAME_SEEDS)
        .collect()
}

/// Adjudicates a turn with a mutated game file: Ok or a Failure, never a panic; the
/// diagnostics of an input failure well-formed.
fn fuzz_game(t: &Target, only: Option<u64>, stats: &mut Stats) -> Vec<String> {
    let mut failures = Vec::new();
    for n in only.map_or(0..MUTANTS_PER_GAME * scale(), |o| o..o + 1) {
        let (bytes, what) = game_mutant(&t.name, &t.game_bytes, n);
        stats.game_mutants += 1;
        let inp = inputs(t, None, Some(&bytes));
        let mut problems = Vec::new();
        match catch(|| pipeline::run_turn::<Hellenes>(&inp)) {
            Err(panic) => problems.push(format!("run_turn panicked on the game file: {panic}")),
            Ok(Ok(_)) => stats.games_adjudicated += 1,
            Ok(Err(f)) => {
                stats.games_refused += 1;
                if let Failure::Input(diags) = &f {
                    for d in diags {
                        // Each points into its own file (the game file, or an orders file
                        // checked against the changed game).
                        let (name, text) = d
                            .file
                            .as_ref()
                            .map(|f| (f.name.clone(), f.text.as_str().to_string()))
                            .unwrap_or_default();
                        problems.extend(check_diagnostic(d, &name, &text, &[]).0);
                    }
                }
                if let Err(p) = catch(|| f.render()) {
                    problems.push(format!("rendering the failure panicked: {p}"));
                }
            }
        }
        if !problems.is_empty() {
            let name = format!("game:{}", t.name);
            failures.push(report(&name, n, &what, &bytes, &problems));
        }
    }
    failures
}

/// Game files mutated (values swapped for other values of the file) and adjudicated.
pub fn mutated_game_files_never_hurt() {
    quiet_panics();
    let targets = all_targets();
    let seeds = game_seeds(targets);
    assert!(seeds.len() >= GAME_SEEDS, "{} game files", seeds.len());
    let only = only();
    let (failures, stats) = in_two(&seeds, |t, stats| match &only {
        Some((name, n)) if name == &format!("game:{}", t.name) => fuzz_game(t, Some(*n), stats),
        Some(_) => Vec::new(),
        None => fuzz_game(t, None, stats),
    });
    eprintln!("game fuzz: {stats:?}");
    assert!(
        failures.is_empty(),
        "{} of {} game file mutants broke a promise:\n\n{}",
        failures.len(),
        stats.game_mutants,
        first_failures(&failures)
    );
    if only.is_none() {
        // Both outcomes must happen: mutants that reach the rules, and refused ones.
        assert!(
            stats.games_adjudicated > 20 && stats.games_refused > 20,
            "{stats:?}"
        );
    }
}
