//! Mutation fuzzing of what players and moderators hand dikast, for every game the
//! registry plays (`dikast::games::builtin()`): "bad input never hurts", proved beyond the
//! hand-written catalogue of `tests/bad-inputs/`. The mutations, the PRNG and the checks
//! every game shares are tests/fuzz/mod.rs.
//!
//! Every game: its example campaign (`orders-examples/<scenario>/`, played by the demo;
//! a game in the registry without one fails) gives the seeds. Each orders file is mutated
//! and checked against its side's view through the game's `check_orders_bytes` (what
//! `receive` does), and each adjudicated turn's game file is mutated and the turn run
//! through the game's `run_turn`: no panic, `Ok` or a `Failure`, every diagnostic well
//! made (a code, a message, a span inside its file on char boundaries, the
//! `[file:line:col]` of `line_col` when rendered).
//!
//! Hellenes, whose sides hide blocks and cards from each other, has the deep harness of
//! tests/fuzz/hellenes.rs on top: every rule case's orders too, 4 500 mutants, leaks,
//! twins and shadow games, accepted mutants adjudicated.
//!
//! A failure names the seed file and the mutant's number, says what was done, prints the
//! mutant and writes it to `$TMPDIR/dikast-fuzz/`. `DIKAST_FUZZ_ONLY=<seed name>#<n>`
//! runs that one mutant alone (Hellenes' deep harness); `DIKAST_FUZZ_SCALE=<k>` makes k
//! times the mutants for a longer search, best with `--release`.

mod fuzz;
mod hcases;

use dikast::error::Failure;
use dikast::folder::Layout;
use dikast::pipeline::TurnInputs;
use dikast::registry::Registry;
use fuzz::{
    catch, check_diagnostic, first_failures, game_mutant, mutate_once, quiet_panics, scale, Rng,
};
use hcases::orders_with_views;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn mutated_orders_never_hurt() {
    fuzz::hellenes::mutated_orders_never_hurt();
}

#[test]
fn mutated_game_files_never_hurt() {
    fuzz::hellenes::mutated_game_files_never_hurt();
}

/// Game `id`'s example campaign played by the demo into `tmp/<scenario>`: the first of
/// its scenarios with a folder in `orders-examples/`. Every game of the registry must
/// have one, or the harnesses would not find it.
fn example_campaign(reg: &Registry, id: &str, tmp: &Path) -> PathBuf {
    let g = reg.find(id).expect("a registered game");
    let examples = repo().join("orders-examples");
    let scenario = g
        .scenario_names()
        .iter()
        .find(|s| examples.join(s).is_dir())
        .unwrap_or_else(|| {
            panic!(
                "{id}: no example campaign in orders-examples/ (one of {:?}): the fuzz \
                 harness finds a game's seeds there",
                g.scenario_names()
            )
        });
    let dir = tmp.join(scenario);
    let _ = fs::remove_dir_all(&dir);
    dikast::demo::demo(reg, Some(scenario), Some(&dir), &examples)
        .unwrap_or_else(|f| panic!("{}", f.render()));
    dir
}

// ---------------------------------------------------------------------------------------
// Every game, through the registry.

/// One orders file of a game's example campaign, read once: its name, bytes and words,
/// and its side's view.
struct EverySeed {
    name: String,
    orig: Vec<u8>,
    words: Vec<String>,
    view: PathBuf,
    view_bytes: Vec<u8>,
}

/// Orders mutants per game in `mutated_orders_of_every_game_never_hurt`.
const MUTANTS_PER_EVERY_GAME: u64 = 400;

/// Issue 8: the promise holds for every game the registry plays, not only the one the
/// deep harness above knows. Seeds: each game's example campaign, played by the demo;
/// each orders file is mutated and checked against its side's view through the game's
/// `check_orders_bytes` (what `receive` does): no panic, and every diagnostic well made
/// (`check_diagnostic`). The leak and shadow checks stay with the game that has hidden
/// blocks (above).
#[test]
fn mutated_orders_of_every_game_never_hurt() {
    quiet_panics();
    let reg = dikast::games::builtin();
    let tmp = std::env::temp_dir().join(format!("dikast-fuzz-every-{}", std::process::id()));
    let mut failures = Vec::new();
    let mut games = 0;
    for id in reg.ids() {
        let g = reg.find(id).expect("a registered game");
        let dir = example_campaign(&reg, id, &tmp);
        // (orders file, the view of its side on its turn)
        let seeds = orders_with_views(&dir);
        assert!(!seeds.is_empty(), "{id}: the demo left no orders files");
        games += 1;
        let (mut accepted, mut refused) = (0, 0);
        // Each seed read once.
        let seeds: Vec<EverySeed> = seeds
            .into_iter()
            .map(|(orders, view)| {
                let orig = fs::read(&orders).expect("orders");
                let words = String::from_utf8_lossy(&orig)
                    .split(|c: char| !(c.is_alphanumeric() || c == '-'))
                    .filter(|w| !w.is_empty())
                    .map(String::from)
                    .collect();
                let view_bytes = fs::read(&view).expect("view");
                let name = orders.file_name().unwrap().to_string_lossy().into_owned();
                EverySeed {
                    name,
                    orig,
                    words,
                    view,
                    view_bytes,
                }
            })
            .collect();
        for n in 0..MUTANTS_PER_EVERY_GAME {
            let EverySeed {
                name,
                orig,
                words,
                view,
                view_bytes,
            } = &seeds[n as usize % seeds.len()];
            let mut rng = Rng::new(&format!("{id}/{name}"), n);
            let mut b = orig.clone();
            let what = mutate_once(&mut rng, &mut b, words);
            let view_name = view.display().to_string();
            let got = catch(|| {
                g.check_orders_bytes(&view_name, view_bytes, name, &b, dikast::lang::Lang::En)
            });
            let mutant_text = match std::str::from_utf8(&b) {
                Ok(s) => s.strip_prefix('\u{feff}').unwrap_or(s).to_string(),
                Err(_) => String::from_utf8_lossy(&b).into_owned(),
            };
            let problems = match got {
                Err(p) => vec![format!("checking panicked: {p}")],
                Ok(Ok(_warnings)) => {
                    accepted += 1;
                    Vec::new()
                }
                Ok(Err(Failure::Input(diags))) => {
                    refused += 1;
                    diags
                        .iter()
                        .flat_map(|d| check_diagnostic(d, name, &mutant_text, &[]).0)
                        .collect()
                }
                Ok(Err(f)) => {
                    refused += 1;
                    let r = f.render();
                    if r.trim().is_empty() {
                        vec!["a failure without words".into()]
                    } else {
                        Vec::new()
                    }
                }
            };
            if !problems.is_empty() {
                failures.push(format!(
                    "{id} {name} mutant {n} ({what}):\n{}\n--- mutant\n{mutant_text}",
                    problems.join("\n")
                ));
            }
        }
        // Both outcomes happen, or the mutants prove little.
        assert!(
            accepted > 0 && refused > MUTANTS_PER_EVERY_GAME / 4,
            "{id}: {accepted} accepted, {refused} refused"
        );
    }
    let _ = fs::remove_dir_all(&tmp);
    assert_eq!(games, reg.ids().len(), "a game was not fuzzed");
    assert!(
        failures.is_empty(),
        "{} mutants broke a promise:\n\n{}",
        failures.len(),
        first_failures(&failures)
    );
}

/// Game file mutants per game in `mutated_game_files_of_every_game_never_hurt`.
const GAME_MUTANTS_PER_EVERY_GAME: u64 = 90;

/// The inputs of each adjudicated turn of a campaign folder (a turn with a next one), by
/// name (`successors/turn-0002`): its game file, every side's orders (the sides: the
/// turn's views), its seeds from the campaign's secret.
fn adjudicated_turns(dir: &Path, id: &str) -> Vec<(String, TurnInputs)> {
    let layout = Layout::new(dir);
    let secret = layout
        .load_secret()
        .unwrap_or_else(|f| panic!("{}", f.render()));
    let turns = layout.turns().unwrap_or_else(|f| panic!("{}", f.render()));
    let mut out = Vec::new();
    for &t in turns.iter().filter(|t| turns.contains(&(**t + 1))) {
        let mut sides: Vec<String> = fs::read_dir(layout.turn_dir(t))
            .expect("a turn folder")
            .flatten()
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                Some(
                    name.strip_prefix("view-")?
                        .strip_suffix(".yaml")?
                        .to_string(),
                )
            })
            .collect();
        sides.sort();
        let orders = dikast::folder::read_orders(&layout, t, &sides)
            .unwrap_or_else(|f| panic!("{}", f.render()));
        let (seed, sealed) = secret.seeds(t).unwrap_or_else(|f| panic!("{}", f.render()));
        let inputs = TurnInputs {
            next_deadline: None,
            game_name: "game.yaml".into(),
            game_bytes: fs::read(layout.game(t)).expect("a game file"),
            orders,
            seed,
            sealed: Some(sealed),
            fallback: true,
            forced: BTreeMap::new(),
            reseeds: Vec::new(),
        };
        out.push((format!("{id}/turn-{t:04}"), inputs));
    }
    out
}

/// What is wrong with the outcome of one turn run on a mutated game file, if anything:
/// `Ok` or a `Failure` whose diagnostics are well made and which renders.
fn game_run_problems(got: Result<Result<(), Failure>, String>) -> (Vec<String>, bool) {
    let mut problems = Vec::new();
    let adjudicated = matches!(got, Ok(Ok(())));
    match got {
        Err(panic) => problems.push(format!("run_turn panicked on the game file: {panic}")),
        Ok(Ok(())) => {}
        Ok(Err(f)) => {
            if let Failure::Input(diags) = &f {
                for d in diags {
                    let (name, text) = d
                        .file
                        .as_ref()
                        .map(|f| (f.name.clone(), f.text.as_str().to_string()))
                        .unwrap_or_default();
                    problems.extend(check_diagnostic(d, &name, &text, &[]).0);
                }
            }
            match catch(|| f.render()) {
                Err(p) => problems.push(format!("rendering the failure panicked: {p}")),
                Ok(r) if r.trim().is_empty() => problems.push("a failure without words".into()),
                Ok(_) => {}
            }
        }
    }
    (problems, adjudicated)
}

/// Issue 29: every game's game files are fuzzed as Hellenes' are, through the registry.
/// Seeds: each adjudicated turn of the game's example campaign, whose inputs must first
/// run as they are; then its game file is mutated (`fuzz::game_mutant`: values swapped
/// for other values of the file, so mutants reach the rules) and the turn run through
/// the game's `run_turn`: `Ok` or a `Failure`, never a panic, diagnostics well made.
#[test]
fn mutated_game_files_of_every_game_never_hurt() {
    quiet_panics();
    let reg = dikast::games::builtin();
    let tmp = std::env::temp_dir().join(format!("dikast-fuzz-every-game-{}", std::process::id()));
    let mut failures = Vec::new();
    for id in reg.ids() {
        let g = reg.find(id).expect("a registered game");
        let dir = example_campaign(&reg, id, &tmp);
        let turns = adjudicated_turns(&dir, id);
        assert!(!turns.is_empty(), "{id}: the demo adjudicated no turn");
        for (name, inp) in &turns {
            if let Err(f) = g.run_turn(inp) {
                panic!(
                    "{name}: the example turn does not run as it is: {}",
                    f.render()
                );
            }
        }
        let (mut adjudicated, mut refused) = (0, 0);
        for n in 0..GAME_MUTANTS_PER_EVERY_GAME * scale() {
            let (name, inp) = &turns[n as usize % turns.len()];
            let (bytes, what) = game_mutant(name, &inp.game_bytes, n);
            let mutated = TurnInputs {
                next_deadline: None,
                game_name: inp.game_name.clone(),
                game_bytes: bytes.clone(),
                orders: inp.orders.clone(),
                seed: inp.seed,
                sealed: inp.sealed,
                fallback: true,
                forced: BTreeMap::new(),
                reseeds: Vec::new(),
            };
            let (problems, ok) = game_run_problems(catch(|| g.run_turn(&mutated).map(|_| ())));
            if ok {
                adjudicated += 1;
            } else {
                refused += 1;
            }
            if !problems.is_empty() {
                failures.push(fuzz::report(
                    &format!("game:{name}"),
                    n,
                    &what,
                    &bytes,
                    &problems,
                ));
            }
        }
        eprintln!("{id} game fuzz: {adjudicated} mutants adjudicated, {refused} refused");
        // Both outcomes happen, or the mutants prove little.
        assert!(
            adjudicated > 0 && refused > 0,
            "{id}: {adjudicated} game mutants adjudicated, {refused} refused"
        );
    }
    let _ = fs::remove_dir_all(&tmp);
    assert!(
        failures.is_empty(),
        "{} game mutants broke a promise:\n\n{}",
        failures.len(),
        first_failures(&failures)
    );
}
