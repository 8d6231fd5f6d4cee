//! What the Winter step did (9.x, page 9), as data.
//!
//! Hidden information: a side's winter moves, the blocks it disbands and the blocks that
//! suffer winter attrition are told to the enemy as places and counts only (no ids, no
//! strengths), as the season tells moves; a default move is marked as such for its owner
//! only; a void winter move is told only to its side. Return battles reveal their blocks
//! to both sides (a battle always does); their dice are `winter:battle:<place>`. The
//! words: `text::narrate::winter`.

use crate::model::orders::Verb;
use crate::model::params::Unwintered;

/// The parts of the Winter step, in the order they are resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// Both sides' winter moves at once.
    Overwintering,
    /// The first winter combat phase: the besieged side's siege-breaking combat.
    SiegeBreaking,
    /// The second winter combat phase: the besiegers' siege combat.
    SiegeCombat,
    /// The end of Winter: blocks with no winter quarters.
    End,
}

/// Why a block ends the Winter without winter quarters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Why {
    /// In the field, outside any city its side controls.
    Outside,
    /// At sea, not blockading a city its side besieges.
    AtSea,
    /// A besieger (or blockading fleet) whose siege is not Supplied (9.22).
    Unsupplied,
    /// In a friendly city already full (capacity: 2 × value).
    NoRoom,
}

#[derive(Debug, Clone, PartialEq)]
pub enum WinterEvent {
    /// A part of the Winter step begins.
    Part(Part),
    /// 9.x a Quartering or Return move. `route`: the start, then every place entered, up
    /// to the battle place when the move ends in a Return battle (`battle`).
    Moved {
        side: String,
        verb: Verb,
        blocks: Vec<String>,
        carried: Vec<String>,
        route: Vec<String>,
        city: String,
        /// Made by the documented default (the block was named in no winter order).
        default: bool,
        /// Where the Return battle is fought, if the move meets an enemy siege or blockade
        /// of the home city.
        battle: Option<String>,
        /// The blocks entered a besieged city (by its offshore sea) and are besieged there.
        inside: bool,
    },
    /// A winter move the state did not allow when it was carried out.
    Void {
        side: String,
        blocks: Vec<String>,
        why: String,
    },
    /// 9.x a Return battle begins at `place`: `blocks` try to break the enemy's siege or
    /// blockade of their home city.
    ReturnBattle {
        side: String,
        city: String,
        place: String,
        naval: bool,
        blocks: Vec<String>,
    },
    /// 9.x the returning blocks reached their home city after the Return battle.
    Reached {
        side: String,
        city: String,
        blocks: Vec<String>,
        inside: bool,
    },
    /// 9.x [A] `params.winter.captors`: the city fell to the winter siege combat of a
    /// lawful (Supplied) siege; its besiegers and blockaders keep winter quarters:
    /// `entered` fleets sailed into the captured port, `kept` blocks keep their position.
    Captors {
        side: String,
        city: String,
        entered: Vec<String>,
        kept: Vec<String>,
    },
    /// 9.x the returning blocks failed to reach their home city: they "must retreat and
    /// disband" (page 9) and are back in the pool.
    Failed {
        side: String,
        city: String,
        blocks: Vec<String>,
    },
    /// 9.x blocks of `side` at `place` end the Winter without winter quarters, and what
    /// becomes of them ([A] `params.winter.unwintered`).
    Unwintered {
        side: String,
        place: String,
        blocks: Vec<String>,
        why: Why,
        /// The city whose siege or room it is (`Unsupplied`, `NoRoom`).
        city: Option<String>,
        fate: Unwintered,
    },
    /// [A] winter attrition of the blocks without winter quarters at `place`: one die per
    /// block, in game file order; each die at or below `hit_on` costs that block a step.
    Attrition {
        place: String,
        label: String,
        hit_on: u32,
        /// (side, block, die, steps left after it)
        rolls: Vec<(String, String, u32, u32)>,
    },
}

impl WinterEvent {
    /// Whether `side` (None: the moderator) may read this event at all.
    pub fn shown_to(&self, side: Option<&str>) -> bool {
        match (self, side) {
            (_, None) => true,
            (WinterEvent::Void { side: s, .. }, Some(me)) => s == me,
            _ => true,
        }
    }
}
