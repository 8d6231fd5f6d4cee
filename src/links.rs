//! The links between a campaign's turns: each game file names the SHA-256 of the one
//! before it (`previous`) and its revealed seed hashes to the previous commitment
//! (docs/dice.md). `adjudicate` checks the pending turn's links and `verify` every
//! turn's; both read the same few fields from the files' lines (`based_on_of`,
//! `dice_commitment_of`). No command is imported.

use crate::dice::{self, Chain};
use crate::error::Failure;
use crate::folder::{read_reseeds, Layout};
use crate::fsx;
use crate::game::{sha256_hex, DiceState};
use serde::Deserialize;
use std::fs;
use std::path::PathBuf;

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
    // After an undo of turn t−1 its seed hashes to the reseed's commitment, not the
    // game file's.
    let prev_commitment = match read_reseeds(layout, t - 1)?.last() {
        Some(r) => Some(r.commitment.clone()),
        None => crate::links::dice_commitment_of(&prev_bytes),
    };
    check_link_to(
        layout,
        t,
        previous,
        commitment,
        &prev_bytes,
        prev_commitment.as_deref(),
    )
}

/// `check_links` with turn t−1's game file already read (`prev_bytes`) and, when its
/// reader has parsed it, its `dice.commitment` (`verify` reads each file once).
pub fn check_link_to(
    layout: &Layout,
    t: u32,
    previous: Option<&str>,
    commitment: &str,
    prev_bytes: &[u8],
    prev_commitment: Option<&str>,
) -> Result<(), Failure> {
    let name = layout.rel(&layout.game(t));
    let want = sha256_hex(prev_bytes);
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
                            .and_then(|b| crate::links::based_on_of(&b))
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
    let prev_commitment = match prev_commitment {
        Some(c) => c.to_string(),
        None => {
            let pc: PrevDice = serde_yaml::from_slice(prev_bytes).map_err(|e| {
                Failure::Verify(format!("{}: {e}", layout.rel(&layout.game(t - 1))))
            })?;
            pc.dice.commitment
        }
    };
    let c = dice::parse_hash(commitment).ok_or_else(|| {
        Failure::Verify(format!(
            "{name}: field dice.commitment is not a 64-digit hex hash"
        ))
    })?;
    if dice::to_hex(&Chain::Open.prev(&c)) != prev_commitment {
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

/// The `based_on:` line of a view, read as text so that it survives damage elsewhere.
pub fn based_on_of(view: &[u8]) -> Option<String> {
    String::from_utf8_lossy(view)
        .lines()
        .find_map(|l| l.strip_prefix("based_on: "))
        .map(|v| v.trim().to_string())
}

/// The `dice.commitment` of a game file dikast wrote, read from its lines (serde writes
/// `dice:` at the left margin and its fields two spaces in) without parsing the rest;
/// `None` when the file is not laid out so (then parse it).
pub fn dice_commitment_of(game: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(game).ok()?;
    let mut lines = text.lines().skip_while(|l| *l != "dice:");
    lines.next()?;
    lines
        .take_while(|l| l.starts_with("  "))
        .find_map(|l| l.strip_prefix("  commitment: "))
        .map(|v| v.trim().to_string())
        .filter(|v| dice::parse_hash(v).is_some())
}
