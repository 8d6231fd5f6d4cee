//! A battle as data: its setup (the fighters, the rules in force), every shot and its
//! effect, the outcome, and the seam through which an appeal to an Olympian re-rolls a
//! roll. The engine (`engine::battle`) fights it; the events carry the outcome; the text
//! tells it. Kept here so that event data and narration need not import the engine.

use super::rating::Rating;
use std::collections::BTreeMap;

/// One block as it fights in one battle.
#[derive(Debug, Clone, PartialEq)]
pub struct Fighter {
    pub id: String,
    pub side: String,
    pub steps: u32,
    /// The rating it fires with in this battle (a fleet ashore: `params.fleet_land_rating`).
    pub rating: Rating,
    /// 7.3: a garrison: hit only when it is the last block of its side, never routed.
    pub last: bool,
}

/// Everything one battle needs. Fighters are listed in the game file's block order.
#[derive(Debug, Clone, PartialEq)]
pub struct BattleSetup {
    /// Where: an area or sea name (for the reports).
    pub place: String,
    /// The attacking side (the acting player, or the side that sorties / assaults).
    pub attacker: String,
    pub defender: String,
    pub attackers: Vec<Fighter>,
    pub defenders: Vec<Fighter>,
    /// A naval battle (for the reports; ratings are already in the fighters).
    pub naval: bool,
    /// Rounds at most (`params.battle_rounds`).
    pub rounds: u32,
    /// 8.1: every defender fires with this rating (A2 in an assault).
    pub defender_rating_override: Option<Rating>,
    /// 8.1.1: defenders lose one step per two hits.
    pub double_defence: bool,
    /// 8.1: `false` in an assault: defenders cannot be routed.
    pub defenders_rout: bool,
    /// What happens when both sides are still in the battle after the last round: `true`
    /// ([A] default) the attacker withdraws and the defender wins.
    pub attacker_withdraws: bool,
    /// The owner's tie order per side (`standing.losses`): listed blocks first.
    pub tie_order: BTreeMap<String, Vec<String>>,
    /// 1.0 [A] Card Events in force (`battle-bonus`): per side, the points its blocks add
    /// to their rating number (3 at most), and the cards that give them.
    pub bonus: BTreeMap<String, (u32, Vec<String>)>,
}

/// What one die, hit or rout did to the enemy.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// `block` lost a step and has `left` steps (0: eliminated).
    Step { block: String, left: u32 },
    /// 8.1.1: `block` took a first hit; the next hit costs it a step.
    Marked { block: String },
    /// `block` was routed out of the battle.
    Routed { block: String },
    /// A rout that had no effect (8.1: defenders cannot be routed; 7.3 garrisons).
    RoutIgnored,
}

/// One block's fire.
#[derive(Debug, Clone, PartialEq)]
pub struct Shot {
    pub round: u32,
    pub block: String,
    pub side: String,
    pub rating: Rating,
    /// Its steps when it fired (= dice rolled).
    pub steps: u32,
    pub dice: Vec<u32>,
    pub hits: u32,
    pub routs: u32,
    pub effects: Vec<Effect>,
    /// 11.0: the roll was appealed and re-rolled; `dice` are the new dice.
    pub reroll: Option<Box<Reroll>>,
}

/// One block's roll before it is used: what an appeal to an Olympian (11.0) looks at.
pub struct Roll<'a> {
    pub block: &'a str,
    /// The side whose roll it is.
    pub side: &'a str,
    pub dice: &'a [u32],
    pub hits: u32,
    pub routs: u32,
}

/// 11.0: a roll re-rolled on an appeal: who appealed to whom, the first dice, and the
/// stream of the new ones (`<label>#reroll-<n>`).
#[derive(Debug, Clone, PartialEq)]
pub struct Reroll {
    pub side: String,
    pub olympian: String,
    pub label: String,
    pub first: Vec<u32>,
}

/// 11.0 The seam for appeals: given a roll, new dice and the record of the re-roll, or
/// `None` (no appeal; the roll stands).
pub type Appeal<'a> = dyn FnMut(&Roll) -> Option<(Vec<u32>, Reroll)> + 'a;

/// The result of a battle, as data.
#[derive(Debug, Clone, PartialEq)]
pub struct BattleOutcome {
    pub place: String,
    /// The label of the stream its dice came from (`battle:<place>`, …).
    pub label: String,
    pub attacker: String,
    pub defender: String,
    pub naval: bool,
    /// Every block that fought, with its steps before the battle (both sides: revealed).
    pub revealed: Vec<Fighter>,
    pub shots: Vec<Shot>,
    pub rounds_fought: u32,
    /// Steps lost per block (only blocks that lost any).
    pub losses: BTreeMap<String, u32>,
    /// Blocks whose steps reached 0, in the order they fell.
    pub eliminated: Vec<String>,
    /// Routed blocks, in the order they were routed: they must retreat.
    pub routed: Vec<String>,
    /// Attacker blocks still in the battle after the last round when the attacker
    /// withdraws: they must retreat.
    pub withdrawn: Vec<String>,
    /// The winning side, `None` when both sides stay after the last round.
    pub winner: Option<String>,
    /// 1.0 [A] The card bonuses in force (`BattleSetup::bonus`).
    pub bonus: BTreeMap<String, (u32, Vec<String>)>,
}

impl BattleOutcome {
    /// Steps of a block after the battle, given its steps before.
    pub fn steps_after(&self, id: &str, before: u32) -> u32 {
        before.saturating_sub(self.losses.get(id).copied().unwrap_or(0))
    }
    /// Blocks that must leave the place: routed, then withdrawn (none eliminated).
    pub fn must_retreat(&self) -> Vec<String> {
        self.routed
            .iter()
            .chain(self.withdrawn.iter())
            .filter(|b| !self.eliminated.contains(b))
            .cloned()
            .collect()
    }
}
