//! The numbers of Successors that a moderator may change: every [A] of
//! docs/rules-coverage.md "Successors" that is a number or a switch lives here.

use super::kind::Kind;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    pub players: u32,
    pub game_turns: u32,
    pub rounds: BTreeMap<u32, u32>,
    #[serde(default)]
    pub revealed_for_nobody: BTreeMap<u32, u32>,
    pub assault: AssaultParams,
    pub siege: SiegeParams,
    pub attempts: Attempts,
    pub sallies: bool,
    pub independent: IndependentParams,
    pub movement: MovementParams,
    pub battle: BattleParams,
    pub tyche: TycheParams,
    pub victory: VictoryParams,
    pub reinforcements: u32,
    pub isolation_loss: u32,
    pub foraging_limit: u32,
    pub fleets: FleetParams,
}

/// §8 [A]: fleets bought with OPs, and when dispersed fleets come back.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FleetParams {
    /// The most fleets a player may have.
    pub max: u32,
    /// Dispersed fleets regroup at the end of every game turn.
    pub regroup_each_turn: bool,
}

/// One of the Assault Table's three results (§1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AssaultResult {
    Nothing,
    SiegePoint,
    BesiegerLosesCu,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableRow {
    pub max: i32,
    pub result: AssaultResult,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AssaultParams {
    pub die: u32,
    pub table: Vec<TableRow>,
    pub port_without_fleet: i32,
    pub ap_cost: u32,
}

impl AssaultParams {
    /// The table's result for a modified roll: the first row whose `max` is not below it
    /// (the last row for anything above every row).
    pub fn result(&self, roll: i32) -> AssaultResult {
        self.table
            .iter()
            .find(|r| roll <= r.max)
            .or(self.table.last())
            .map(|r| r.result)
            .unwrap_or(AssaultResult::Nothing)
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SiegePoints {
    pub minor: u32,
    pub major: u32,
    pub fortress: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SiegeParams {
    pub points: SiegePoints,
    pub subjugation_cus: u32,
    pub assault_cus: u32,
    pub max_inside: u32,
    pub walls: Vec<Kind>,
    pub reset_when_lifted: bool,
    pub capture_takes_control: bool,
}

impl SiegeParams {
    /// §3: siege points a space of this kind needs.
    pub fn needed(&self, kind: Kind) -> u32 {
        match kind {
            Kind::Minor => self.points.minor,
            Kind::Major => self.points.major,
            Kind::Fortress => self.points.fortress,
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attempts {
    pub surrender: u32,
    pub tyche: u32,
    pub activation: u32,
    pub round: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IndependentParams {
    pub action_points: u32,
    pub enter_cost: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovementParams {
    pub land_cost: u32,
    pub sea_cost: u32,
    pub sea_needs_fleet: bool,
    pub sea_intercept_on: u32,
    /// [A] an activation ends at its first step that cannot be carried out (the steps
    /// after it are said void); `false`: that step alone is void and the rest go on.
    #[serde(default = "yes")]
    pub void_ends_activation: bool,
    /// [A] a sortie ends the army's activation; `false`: its steps after the sortie go on.
    #[serde(default = "yes")]
    pub sortie_ends_activation: bool,
    /// [A] a battle the moving army fights on entering a space ends its move (the steps
    /// left are said void); `false`: an army that won and stands there goes on.
    #[serde(default = "yes")]
    pub battle_ends_move: bool,
    /// [A] an army that sails into a besieged port of its own goes inside and its move
    /// ends there; `false`: it goes inside and its later steps go on.
    #[serde(default = "yes")]
    pub sail_inside_ends_move: bool,
}

/// The default of a rule that holds unless a scenario says otherwise.
fn yes() -> bool {
    true
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleParams {
    pub die: u32,
    pub cu_cap: u32,
    pub loser_loses: u32,
    pub rout_margin: i32,
    pub rout_extra: u32,
    pub winner_loses: u32,
    pub avoid_on: u32,
    pub intercept_on: u32,
    /// §8 [A]: what each Loyal Macedonian CU adds to its side's battle total.
    pub macedonian: i32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TycheParams {
    pub reshuffle_each_turn: bool,
    pub marker_cost: u32,
    pub marker_reach: u32,
    pub mercenary_cost: u32,
    /// §8: a Loyal Macedonian CU (7 OPs).
    pub macedonian_cost: u32,
    /// §8: a fleet upgrade (a 4-OP card) [A: OPs spent from the card's].
    pub fleet_cost: u32,
    /// §8: a new general (a 3- or 4-OP card) [A: OPs spent from the card's].
    pub general_cost: u32,
    /// [A] the CUs a new general arrives with.
    pub general_cus: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryParams {
    pub points: SiegePoints,
    pub threshold: u32,
    /// §8 [A]: a player with at least this much Legitimacy at the end of a game turn wins.
    pub legitimacy: u32,
    pub regency: RegencyParams,
    /// §8 [A]: the Legitimacy the Usurper loses in each Preparations (never below 0).
    pub usurper_loses: u32,
}

/// §8 [A]: the Regency: who holds it, how it passes, and its victory.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegencyParams {
    /// The house whose player is Regent at the start.
    pub start: String,
    /// The royal seats: at the end of a game turn the Regency passes to the player who
    /// controls more of them than the Regent; a Regent who controls all of them wins.
    pub seats: Vec<String>,
    /// The Legitimacy the Regent gains at the end of each game turn.
    pub legitimacy: u32,
}

impl Params {
    /// Rounds of the Strategy Phase with `n` players.
    pub fn rounds_for(&self, n: usize) -> u32 {
        self.rounds.get(&(n as u32)).copied().unwrap_or(5)
    }
    /// Cards revealed for nobody each round with `n` players.
    pub fn revealed_for(&self, n: usize) -> u32 {
        self.revealed_for_nobody
            .get(&(n as u32))
            .copied()
            .unwrap_or(0)
    }
}
