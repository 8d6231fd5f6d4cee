//! The plan of an undo on disk (`.dikast/undone/<…>/.undo-plan.yaml`, renamed to
//! `undo.yaml` once carried out): what `dikast undo` takes back, decided and flushed
//! before anything moves. It lives below the commands because every command that reads
//! the campaign asks whether an undo stopped half-way (`unfinished`); carrying a plan
//! out is `undo`'s. No command is imported.

use crate::error::Failure;
use crate::folder::Layout;
use crate::fsx;
use serde::{Deserialize, Serialize};
use std::fs;
use std::path::{Path, PathBuf};

/// The plan of an undo in progress, in its folder under `.dikast/undone/`.
pub const PLAN: &str = ".undo-plan.yaml";
/// The plan once carried out: the record of what was taken back.
pub const DONE: &str = "undo.yaml";

/// What an undo takes back, decided (and flushed) before anything moves. Paths are
/// relative to the campaign folder.
#[derive(Serialize, Deserialize)]
pub struct Plan {
    /// The turn whose adjudication is taken back; turn + 1's folder goes with it.
    pub turn: u32,
    /// When it was asked for (RFC 3339): the correction notices give it.
    pub at: String,
    /// The moves, in order: the moderator's English report first (a half-done undo then
    /// reads as an interrupted adjudication to a dikast that knows no plans).
    pub moves: Vec<Move>,
    /// Orders turn + 1's folder held (they go with it).
    pub orders_taken: Vec<String>,
    /// The turn's mail had reached the server: every player and the moderator are owed
    /// a correction notice.
    pub notify: bool,
    /// The seed turn t's adjudication revealed, retired, and the new commitment of the
    /// turn (docs/dice.md, "A turn adjudicated again"): appended to the turn's
    /// `reseed.yaml` with the moves, and given in the correction notices.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reseed: Option<crate::game::Reseed>,
}

#[derive(Serialize, Deserialize)]
pub struct Move {
    pub from: String,
    pub to: String,
}

/// An undo that stopped before it finished: its folder and the turn it takes back.
pub struct Unfinished {
    pub dir: PathBuf,
    pub turn: u32,
}

impl Unfinished {
    /// What it is and what finishes it, for an error.
    pub fn describe(&self, layout: &Layout) -> String {
        format!(
            "an undo of turn {} stopped before it finished (what it took back so far is in {}); `dikast undo {}` finishes it",
            self.turn,
            layout.rel(&self.dir),
            layout.dir.display()
        )
    }
}

/// The undo of this campaign that stopped before it finished, if any: a folder of
/// `.dikast/undone/` that still holds its plan. (One listing of a small folder, most
/// often absent: cheap enough for every command.)
pub fn unfinished(layout: &Layout) -> Option<Unfinished> {
    let undone = layout.dir.join(".dikast").join("undone");
    let mut dirs: Vec<PathBuf> = fs::read_dir(&undone)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join(PLAN).is_file())
        .collect();
    dirs.sort();
    let dir = dirs.into_iter().next()?;
    let turn = read_plan(&dir).map(|p| p.turn).unwrap_or(0);
    Some(Unfinished { dir, turn })
}

/// The plan in an undo's folder, refused when it moves anything outside the campaign.
pub fn read_plan(dir: &Path) -> Result<Plan, Failure> {
    let p = dir.join(PLAN);
    let bytes = fsx::read_limited(&p)?;
    let refused = |why: String| {
        Failure::Refused(format!(
            "{} {why}; it is the plan of an undo that stopped: put it back as it was written",
            p.display()
        ))
    };
    let plan: Plan =
        serde_yaml::from_slice(&bytes).map_err(|e| refused(format!("cannot be read ({e})")))?;
    // Only paths inside the campaign folder: a plan moves nothing anywhere else.
    let inside = |s: &str| {
        !s.is_empty()
            && Path::new(s)
                .components()
                .all(|c| matches!(c, std::path::Component::Normal(_)))
    };
    if let Some(m) = plan
        .moves
        .iter()
        .find(|m| !inside(&m.from) || !inside(&m.to))
    {
        return Err(refused(format!(
            "moves {} to {}, which is not a path inside the campaign folder",
            m.from, m.to
        )));
    }
    Ok(plan)
}
