//! The game file and the view file: the versioned envelope every rules module shares.
//!
//! The envelope holds what the pipeline needs whatever the game (format version, rules,
//! scenario reference, game id, turn, dice commitment, the hash of the previous game
//! file); `state` is the rules module's own. A view is built field by field from a game
//! file for one side; it carries the game file's hash so orders can name it.

use crate::dice;
use crate::error::Failure;
use serde::{Deserialize, Serialize};

/// The game file format version (`dikast: 1`).
pub const FORMAT: u32 = 1;

/// Which scenario a game plays: an embedded one by name, or a moderator's own file, whose
/// text then travels inline so every game file and view stands alone.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ScenarioRef {
    pub name: String,
    /// SHA-256 of the scenario's YAML text.
    pub sha256: String,
    /// The scenario's text when it is not embedded in the binary.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// The dice protocol's public state in a game file awaiting turn t (dice.md §1).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DiceState {
    /// `dikast-dice/v1`.
    pub protocol: String,
    /// N, the length of both chains.
    pub chain_length: u32,
    /// `c_t`, hex. In every game file after the first it equals the seed `s_(t-1)`
    /// revealed by the previous adjudication.
    pub commitment: String,
    /// `u_0`, the sealed chain's anchor, hex.
    pub sealed_anchor: String,
    /// The seeds undos retired before this turn, oldest first (docs/dice.md, "A turn
    /// adjudicated again"): the last one says which chain `commitment` lies on. Absent
    /// in a campaign no undo touched (its files are as `dikast-dice/v1` has them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reseeds: Vec<Reseed>,
}

/// An undo's retirement of a revealed seed (docs/dice.md, "A turn adjudicated again"):
/// the adjudication of `turn` was taken back after it revealed `retired_seed`, and the
/// turn is adjudicated again with a new seed committed to by `commitment`, which the
/// correction notices gave before anyone sent orders again.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Reseed {
    /// The turn adjudicated again.
    pub turn: u32,
    /// When the undo was made (RFC 3339, UTC).
    pub at: String,
    /// The seed the voided adjudication revealed, hex: it hashes to the commitment it
    /// replaces (the game file's, or the previous reseed's of the same turn).
    pub retired_seed: String,
    /// The new commitment of the turn, hex: the redone turn's seed hashes to it.
    pub commitment: String,
}

/// The commitment in force for a turn whose game file commits to `commitment`, after the
/// reseeds of that turn (in order), each checked to retire the seed of the commitment
/// before it. `Err` names what does not hold.
pub fn commitment_in_force(
    commitment: &str,
    reseeds: &[Reseed],
    turn: u32,
) -> Result<String, String> {
    let mut cur = commitment.to_string();
    for (i, r) in reseeds.iter().enumerate() {
        if r.turn != turn {
            return Err(format!(
                "reseed {} is of turn {}, not of turn {turn}",
                i + 1,
                r.turn
            ));
        }
        let retired = dice::parse_hash(&r.retired_seed).ok_or_else(|| {
            format!(
                "reseed {}: field retired_seed is not a 64-digit hex value",
                i + 1
            )
        })?;
        if dice::parse_hash(&r.commitment).is_none() {
            return Err(format!(
                "reseed {}: field commitment is not a 64-digit hex value",
                i + 1
            ));
        }
        if dice::to_hex(&dice::Chain::Open.prev(&retired)) != cur {
            return Err(format!(
                "reseed {}: field retired_seed does not hash to the commitment it replaces ({cur}): it retired no seed of this turn",
                i + 1
            ));
        }
        cur = r.commitment.clone();
    }
    Ok(cur)
}

impl DiceState {
    /// The dice state of this protocol over chains of `chain_length`, with this
    /// commitment and anchor.
    pub fn of(chain_length: u32, commitment: &dice::Hash, sealed_anchor: &dice::Hash) -> Self {
        DiceState {
            protocol: dice::PROTOCOL.into(),
            chain_length,
            commitment: dice::to_hex(commitment),
            sealed_anchor: dice::to_hex(sealed_anchor),
            reseeds: Vec::new(),
        }
    }
}

/// One thing that happened in the turn that made a game file, for the map (`last_turn:`):
/// a route or a place, a side, perhaps a count and a winner — never naming a piece. The
/// game writes them (`Rules::last_turn`) and draws them (`Rules::map_in`); it decides which
/// sides see each (`to`, empty: every side) from what their reports tell each side; a view
/// keeps only its side's.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(deny_unknown_fields)]
pub struct Seen {
    /// The game's own word for the kind of happening (a move, a battle, …).
    pub what: String,
    /// The side that acted.
    pub side: String,
    /// A move's route, start first; one place otherwise.
    pub at: Vec<String>,
    /// How many pieces it concerned, as the game counts them (0: none said).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub count: u32,
    /// The side that won, if the happening has a winner.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    /// The sides it is shown to; empty: every side.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub to: Vec<String>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Seen {
    /// A timeline line that names the kind as the game file has it, with `who` and `at`:
    /// what `Rules::seen_line` says of a kind the game has no words for.
    pub fn plain_line(&self, who: &str, at: &str) -> String {
        format!("{}: {who}, {at}", self.what)
    }

    /// Whether `side` may see it.
    pub fn shown_to(&self, side: &str) -> bool {
        self.to.is_empty() || self.to.iter().any(|s| s == side)
    }
}

/// A game file awaiting one turn.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GameFile<S> {
    pub dikast: u32,
    pub rules: String,
    pub scenario: ScenarioRef,
    pub game: String,
    pub turn: u32,
    /// The step of the rules this turn resolves, in words.
    pub step: String,
    /// The sides whose orders this turn expects.
    pub awaiting: Vec<String>,
    pub dice: DiceState,
    /// SHA-256 of the game file of the previous turn (absent for turn 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub previous: Option<String>,
    /// When this turn's orders are due (RFC 3339), if the moderator set a deadline in
    /// campaign.yaml before the previous adjudication.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline: Option<String>,
    /// What happened in the turn that made this file, for the maps (`Rules::last_turn`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub last_turn: Vec<Seen>,
    pub state: S,
}

/// One side's view of a game file.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ViewFile<V> {
    pub dikast: u32,
    /// The side this view is for.
    pub view_of: String,
    pub rules: String,
    pub scenario: ScenarioRef,
    pub game: String,
    pub turn: u32,
    pub step: String,
    pub awaiting: Vec<String>,
    /// SHA-256 of the game file this view was made from: orders name it as `based_on`.
    pub based_on: String,
    pub dice: DiceState,
    /// When this turn's orders are due (RFC 3339), if a deadline is set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline: Option<String>,
    /// What this side saw happen in the turn that made the game file (the map draws it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub last_turn: Vec<Seen>,
    pub state: V,
}

/// Only the fields needed to tell which rules module a file belongs to.
#[derive(Debug, Deserialize)]
pub struct Peek {
    pub dikast: Option<u32>,
    pub rules: Option<String>,
    pub view_of: Option<String>,
}

/// SHA-256 of bytes as hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    dice::to_hex(&dice::sha256(bytes))
}

/// YAML text of any serialisable value, as serde_yaml writes it (`yaml_emit` writes the
/// common shapes faster). Our types only hold strings, numbers, lists and maps with
/// string keys, so this cannot fail.
pub fn to_yaml<T: Serialize>(value: &T) -> String {
    crate::yaml_emit::to_string(value).expect("game types always serialise")
}

/// An id that becomes part of a file name (a side: `view-<side>.yaml`, `<side>.yaml`,
/// `report-<side>.md`, `<side>.eml`): 1–32 ASCII letters, digits, `-` or `_`, the first
/// a letter or digit. No `/`, no `..`, nothing a file system reads as a path.
pub fn safe_id(id: &str) -> bool {
    (1..=32).contains(&id.len())
        && id.bytes().next().is_some_and(|b| b.is_ascii_alphanumeric())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Refuses ids that would become file names unless each is `safe_id`: every path dikast
/// builds from a side id is built from one checked here, when the scenario or the
/// campaign file is read.
pub fn check_ids<'a>(what: &str, ids: impl IntoIterator<Item = &'a str>) -> Result<(), Failure> {
    let bad: Vec<String> = ids
        .into_iter()
        .filter(|id| !safe_id(id))
        .map(|id| format!("`{}`", id.escape_debug()))
        .collect();
    if bad.is_empty() {
        return Ok(());
    }
    Err(Failure::Refused(format!(
        "{what} {} not usable: a side id becomes part of file names, so it is 1–32 ASCII letters, digits, `-` or `_`, starting with a letter or digit",
        if bad.len() == 1 {
            format!("{} is", bad[0])
        } else {
            format!("{} are", bad.join(", "))
        }
    )))
}
