//! Random-play fuzzing (Rally's `rtt fuzz`) of every game the registry plays: whole
//! campaigns from fixed seeds through the real pipeline, with random legal orders written
//! as YAML the way a player would; after every turn no panic, no dead end, invariants
//! hold, the same turn again gives the same bytes, translated reports carry the English
//! facts. The harness and each game's player: tests/play/ (`GAMES`): Hellenes plays 200
//! seasons and 50 Winters (`DIKAST_RANDOM_SCALE=<k>` plays k times the campaigns),
//! Successors whole games with 2 to 5 players.

mod facts;
mod play;

use std::collections::BTreeSet;

/// Every game of `dikast::games::builtin()` has its random play, and each plays on a
/// thread of its own (a failure names its game; its panic message is printed above).
#[test]
fn every_game_in_the_registry_plays_at_random() {
    let registered: BTreeSet<&str> = dikast::games::builtin().ids().into_iter().collect();
    let played: BTreeSet<&str> = play::GAMES.iter().map(|(id, _)| *id).collect();
    assert_eq!(
        registered, played,
        "tests/play/mod.rs GAMES must list exactly the games of dikast::games::builtin()"
    );
    let failed: Vec<&str> = std::thread::scope(|s| {
        let runs: Vec<_> = play::GAMES
            .iter()
            .map(|(id, play)| (*id, s.spawn(play)))
            .collect();
        runs.into_iter()
            .filter_map(|(id, run)| run.join().is_err().then_some(id))
            .collect()
    });
    assert!(failed.is_empty(), "random play failed for {failed:?}");
}
