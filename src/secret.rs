//! The moderator's secret (`.dikast/secret`: the heads of both seed chains) and the
//! seeds it gives, on the campaign's own chain or on the chain an undo's reseed started
//! (docs/dice.md); `published.yaml`, which reveals the last sealed seed. No file is read
//! here (the campaign folder's `Layout` reads them) and no command is imported.

use crate::dice::{self, Chain, Hash};
use crate::error::Failure;
use serde::{Deserialize, Serialize};

/// The longest chain dikast makes or walks: a turn a day for 270 years. Every command
/// walks the chain from its head (up to this many SHA-256 steps, a few milliseconds), so
/// 4 294 967 295 would make `new` run for minutes and every later command too.
pub const MAX_CHAIN_LENGTH: u32 = 100_000;

/// `turns/NNNN/reseed.yaml`: what `dikast undo` retired of a turn, oldest first.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct ReseedFile {
    pub reseeds: Vec<crate::game::Reseed>,
}

/// The text of a reseed record.
pub fn reseed_text(reseeds: &[crate::game::Reseed]) -> String {
    format!(
        "# dikast: this turn is adjudicated again after an undo; each undo retired the seed its\n# voided adjudication revealed and committed to a new one (docs/dice.md).\n{}",
        crate::game::to_yaml(&ReseedFile {
            reseeds: reseeds.to_vec()
        })
    )
}

/// The new seed an undo commits to when it retires `retired`, the seed turn t's voided
/// adjudication revealed: the reseed record (commitment `c'_t`) and `s'_t`.
pub fn reseed(
    secret: &Secret,
    t: u32,
    retired: &Hash,
    at: &str,
) -> Result<crate::game::Reseed, Failure> {
    let head = dice::reseed_head(&secret.open()?, t, retired);
    let seed = Chain::Open
        .at(&head, secret.chain_length, t)
        .ok_or_else(|| {
            Failure::Refused(format!(
                "the seed chain is exhausted: turn {t} needs a seed, but the chain holds {}",
                secret.chain_length
            ))
        })?;
    Ok(crate::game::Reseed {
        turn: t,
        at: at.to_string(),
        retired_seed: dice::to_hex(retired),
        commitment: dice::to_hex(&Chain::Open.prev(&seed)),
    })
}

/// The reseed in force for turn t: the last of the turn's own record, else the last
/// the game file that awaits it carries; `None` when no undo ever retired a seed
/// before or at turn t (the campaign's own chain is in force).
pub fn reseed_in_force<'a>(
    own: &'a [crate::game::Reseed],
    game: &'a crate::game::DiceState,
) -> Option<&'a crate::game::Reseed> {
    own.last().or(game.reseeds.last())
}

/// `s_t` on the chain a reseed started (docs/dice.md, "A turn adjudicated again").
pub fn reseeded_seed(secret: &Secret, t: u32, r: &crate::game::Reseed) -> Result<Hash, Failure> {
    let retired = dice::parse_hash(&r.retired_seed).ok_or_else(|| {
        Failure::Verify(format!(
            "the reseed of turn {} (at {}): field retired_seed is not a 64-digit hex value",
            r.turn, r.at
        ))
    })?;
    let head = dice::reseed_head(&secret.open()?, r.turn, &retired);
    Chain::Open
        .at(&head, secret.chain_length, t)
        .ok_or_else(|| {
            Failure::Refused(format!(
                "the seed chain is exhausted: turn {t} needs a seed, but the chain holds {}",
                secret.chain_length
            ))
        })
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
