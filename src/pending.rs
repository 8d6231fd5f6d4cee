//! The pending turn of a campaign and what an interrupted run left in its folder:
//! reports staged under hidden names (`staged_name`) or in an old `.reports/`, an undo's
//! plan not carried out. Every command that asks for the pending turn reads it here, so
//! that a half-done adjudication or undo is named before anything else; putting it
//! right is `campaign::recover`'s and `undo`'s. No command is imported.

use crate::error::Failure;
use crate::folder::{orders_names, Layout};
use std::fs;
use std::path::PathBuf;

/// The turn awaiting adjudication: the last folder, which must have no report yet.
pub fn pending_turn(layout: &Layout) -> Result<u32, Failure> {
    // An undo that stopped half-way has left the turns as neither turn: it goes first.
    if let Some(u) = crate::undo_plan::unfinished(layout) {
        return Err(Failure::Refused(u.describe(layout)));
    }
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
        if let Some(i @ Interrupted::Committed { .. }) = interrupted(layout, &turns) {
            return Err(Failure::Refused(i.describe(layout)));
        }
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
    if !orders_names(layout, t)?.is_empty() {
        return Ok(());
    }
    Err(Failure::Refused(format!(
        "turn {t} has no orders from any side ({} is empty); put the orders received there, or run with --allow-no-orders if every side really sent none",
        layout.rel(&dir)
    )))
}

/// The hidden folder inside a new turn folder where the previous turn's reports waited
/// between the commit and their move into place, in dikast before 2026-12: a crash
/// could leave one, which the next run still finishes (`recover`), `verify` names and
/// `publish` refuses.
pub const STAGED_REPORTS: &str = ".reports";

/// The name a report of turn t has in turn t's folder from its writing until turn t+1
/// is committed and it is renamed into place: hidden, and never a report's name, so a
/// report under it is no report yet.
pub fn staged_name(name: &str) -> String {
    format!(".{name}.staged")
}

/// The file a staged name stands for (`staged_name`), if it is one.
pub fn unstaged_name(name: &str) -> Option<&str> {
    name.strip_prefix('.')?
        .strip_suffix(".staged")
        .filter(|n| !n.is_empty())
}

/// The staged files of a turn folder (`staged_name`), by the names they stand for, the
/// moderator's English `report.md` last (it marks the turn as adjudicated).
pub fn staged_in(layout: &Layout, t: u32) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(layout.turn_dir(t))
        .map(|rd| {
            rd.flatten()
                .filter_map(|e| unstaged_name(&e.file_name().to_string_lossy()).map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    report_last(&mut names);
    names
}

/// Sorts a turn's report file names, the moderator's English `report.md` last: it marks
/// a finished turn, so it is the last to take its place.
pub fn report_last(names: &mut [String]) {
    names.sort_by_key(|n| (n == "report.md", n.clone()));
}

/// What a crash left of an adjudication, as `recover` finds it, for the commands that
/// do not put it right themselves (`verify`, `publish`, `undo`, and every command that
/// asks for the pending turn).
pub enum Interrupted {
    /// Turn `turn` was committed (turn+1 is in place) but its reports still wait in
    /// `wait_in`, under staged names or (dikast before 2026-12) in turn+1's `.reports/`.
    Committed { turn: u32, wait_in: PathBuf },
    /// Turn `turn`'s folder holds reports staged by a run that never committed turn+1.
    Uncommitted { turn: u32 },
    /// An undo stopped before it finished (`crate::undo_plan::unfinished`).
    Undo(crate::undo_plan::Unfinished),
}

impl Interrupted {
    /// What it is and what puts it right, for an error.
    pub fn describe(&self, layout: &Layout) -> String {
        match self {
            Interrupted::Committed { turn, wait_in } => format!(
                "the adjudication of turn {turn} stopped after it was committed: its reports still wait in {}; `dikast adjudicate {}` finishes it",
                layout.rel(wait_in),
                layout.dir.display()
            ),
            Interrupted::Uncommitted { turn } => format!(
                "an adjudication of turn {turn} stopped before it committed turn {}: {} holds the reports it staged; `dikast adjudicate {}` removes them and adjudicates turn {turn}",
                turn + 1,
                layout.rel(&layout.turn_dir(*turn)),
                layout.dir.display()
            ),
            Interrupted::Undo(u) => u.describe(layout),
        }
    }
}

/// The interrupted adjudication or undo of a campaign with these turn folders, if any:
/// an undo's plan not carried out, staged reports in the last two folders
/// (`staged_name`), or a `.reports/` folder in any (dikast before 2026-12).
pub fn interrupted(layout: &Layout, turns: &[u32]) -> Option<Interrupted> {
    if let Some(u) = crate::undo_plan::unfinished(layout) {
        return Some(Interrupted::Undo(u));
    }
    let &last = turns.last()?;
    for &t in turns.iter().filter(|t| **t >= 2) {
        let old = layout.turn_dir(t).join(STAGED_REPORTS);
        if old.is_dir() {
            return Some(Interrupted::Committed {
                turn: t - 1,
                wait_in: old,
            });
        }
    }
    if last >= 2 && !staged_in(layout, last - 1).is_empty() {
        return Some(Interrupted::Committed {
            turn: last - 1,
            wait_in: layout.turn_dir(last - 1),
        });
    }
    if !staged_in(layout, last).is_empty() {
        return Some(Interrupted::Uncommitted { turn: last });
    }
    None
}
