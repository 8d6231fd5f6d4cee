//! The state of a Successors game between two adjudications: where every army,
//! independent army and control marker stands, the siege points, the fleets, the Tyche
//! deck and hands, and what the next step awaits.

use super::kind::Kind;
pub use super::kind::INDEPENDENT;
use super::scenario::Scenario;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Phase {
    /// Game turn I's preparations and Tyche draw (the players send entropy only).
    Deal,
    /// One round of the Strategy Phase: Surrender, Tyche, Activation, Foraging.
    Round,
    /// The game is over.
    Ended { winner: String },
}

/// A player's army: a general with 0 or more CUs (0: a lone general).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Army {
    pub general: String,
    pub player: String,
    pub at: String,
    pub cus: u32,
    /// §8: how many of its CUs are Loyal Macedonians (the rest are mercenaries); never
    /// more than `cus`: losses take mercenaries first [A].
    #[serde(default, skip_serializing_if = "is_zero")]
    pub macedonians: u32,
    /// Inside the walls of the city of its space (§2).
    #[serde(default, skip_serializing_if = "is_false")]
    pub inside: bool,
}

impl Army {
    /// Loses up to `n` CUs, mercenaries first [A]; returns how many went.
    pub fn lose(&mut self, n: u32) -> u32 {
        let lost = n.min(self.cus);
        self.cus -= lost;
        self.macedonians = self.macedonians.min(self.cus);
        lost
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// An independent army: on the map, in its off-map box, or out of play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IndependentArmy {
    pub id: String,
    /// A space or an off-map box.
    pub at: String,
    pub cus: u32,
    #[serde(default, skip_serializing_if = "is_false")]
    pub removed: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpaceState {
    pub id: String,
    /// A player's id, `independent`, or none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub control: Option<String>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub siege_points: u32,
    /// The player whose siege points these are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub besieger: Option<String>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fleets {
    pub count: u32,
    #[serde(default)]
    pub dispersed: u32,
}

impl Fleets {
    /// §1: a fleet that is not dispersed.
    pub fn any_ready(&self) -> bool {
        self.count > self.dispersed
    }
}

/// Standing orders: the reactions a player decides in advance (no step stops for them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Standing {
    /// Generals whose armies try to avoid battle when attacked (§7).
    #[serde(default)]
    pub avoid_battle: Vec<String>,
    /// Generals whose armies intercept enemy armies moving by land into a space next
    /// to theirs (§7: independent armies may be intercepted).
    #[serde(default)]
    pub intercept: Vec<String>,
    /// An army of at most 2 CUs attacked in a walled city its player controls goes inside
    /// instead of fighting (§2).
    #[serde(default = "yes")]
    pub withdraw_inside: bool,
    /// §6: CUs that sally from each besieged city, each separately, during the besieger's
    /// activation.
    #[serde(default)]
    pub sally: BTreeMap<String, u32>,
    /// §2: intercept sea moves out of or into a port this player besieges.
    #[serde(default = "yes")]
    pub intercept_sea: bool,
}

fn yes() -> bool {
    true
}

impl Default for Standing {
    fn default() -> Standing {
        Standing {
            avoid_battle: Vec::new(),
            intercept: Vec::new(),
            withdraw_inside: true,
            sally: BTreeMap::new(),
            intercept_sea: true,
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tyche {
    /// Hidden: the deck, top first.
    pub deck: Vec<String>,
    /// Hidden: each player's hand.
    pub hands: BTreeMap<String, Vec<String>>,
    /// Played and discarded cards, in order (open).
    pub discard: Vec<String>,
    /// The cards revealed this round for nobody (§8: 2–3 players), open.
    #[serde(default)]
    pub revealed: Vec<String>,
    /// The player who resolves the cards revealed for nobody this round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revealed_for: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct State {
    pub game_turn: u32,
    /// The round the next step resolves (1-based; 0 in the Deal).
    pub round: u32,
    pub phase: Phase,
    pub players: Vec<String>,
    pub armies: Vec<Army>,
    pub independents: Vec<IndependentArmy>,
    pub spaces: Vec<SpaceState>,
    pub fleets: BTreeMap<String, Fleets>,
    pub tyche: Tyche,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub usurper: Option<String>,
    #[serde(default)]
    pub standing: BTreeMap<String, Standing>,
    /// §8 [A]: each player's Legitimacy (open).
    #[serde(default)]
    pub legitimacy: BTreeMap<String, u32>,
    /// §8 [A]: the player who holds the Regency.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regent: Option<String>,
    /// §8: the reserve generals bought so far (each may be bought once a game [A]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bought: Vec<String>,
}

impl State {
    /// A new game for `players` (the scenario's number when not given), refused when the
    /// scenario has no lineup for that many.
    pub fn start_for(sc: &Scenario, players: Option<u32>) -> Result<State, String> {
        let n = players.unwrap_or(sc.params.players);
        if !sc.lineups.contains_key(&n) {
            return Err(format!(
                "Successors is played by {} players; this scenario has no lineup for {n}",
                sc.lineups
                    .keys()
                    .map(|k| k.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        Ok(State::start(sc, n))
    }

    /// The state before the first adjudication (game turn I, before the deal).
    pub fn start(sc: &Scenario, n: u32) -> State {
        let players = sc.players(n);
        let mut spaces: Vec<SpaceState> = sc
            .spaces
            .iter()
            .map(|s| SpaceState {
                id: s.id.clone(),
                control: None,
                siege_points: 0,
                besieger: None,
            })
            .collect();
        let mut armies = Vec::new();
        let mut fleets = BTreeMap::new();
        let mut legitimacy = BTreeMap::new();
        let mut regent = None;
        for c in &sc.independent_control {
            if let Some(s) = spaces.iter_mut().find(|s| &s.id == c) {
                s.control = Some(INDEPENDENT.to_string());
            }
        }
        for p in &players {
            let mut f = Fleets::default();
            for h in sc.houses_of(n, p) {
                for a in &h.armies {
                    armies.push(Army {
                        general: a.general.clone(),
                        player: p.clone(),
                        at: a.at.clone(),
                        cus: a.cus,
                        macedonians: 0,
                        inside: false,
                    });
                }
                *legitimacy.entry(p.clone()).or_insert(0) += h.legitimacy;
                if h.id == sc.params.victory.regency.start {
                    regent = Some(p.clone());
                }
                for c in &h.control {
                    if let Some(s) = spaces.iter_mut().find(|s| &s.id == c) {
                        s.control = Some(p.clone());
                    }
                }
                f.count += h.fleets;
            }
            fleets.insert(p.clone(), f);
            legitimacy.entry(p.clone()).or_insert(0);
        }
        State {
            game_turn: 1,
            round: 0,
            phase: Phase::Deal,
            players: players.clone(),
            armies,
            independents: sc
                .independents
                .iter()
                .map(|i| IndependentArmy {
                    id: i.id.clone(),
                    at: i.start.clone(),
                    cus: i.cus,
                    removed: false,
                })
                .collect(),
            spaces,
            fleets,
            tyche: Tyche {
                deck: sc.tyche.iter().map(|c| c.id.clone()).collect(),
                hands: players.iter().map(|p| (p.clone(), Vec::new())).collect(),
                ..Tyche::default()
            },
            usurper: None,
            standing: BTreeMap::new(),
            legitimacy,
            regent,
            bought: Vec::new(),
        }
    }

    pub fn legitimacy_of(&self, player: &str) -> u32 {
        self.legitimacy.get(player).copied().unwrap_or(0)
    }

    pub fn space(&self, id: &str) -> Option<&SpaceState> {
        self.spaces.iter().find(|s| s.id == id)
    }
    pub fn space_mut(&mut self, id: &str) -> Option<&mut SpaceState> {
        self.spaces.iter_mut().find(|s| s.id == id)
    }
    pub fn army(&self, general: &str) -> Option<&Army> {
        self.armies.iter().find(|a| a.general == general)
    }
    pub fn army_mut(&mut self, general: &str) -> Option<&mut Army> {
        self.armies.iter_mut().find(|a| a.general == general)
    }
    pub fn independent(&self, id: &str) -> Option<&IndependentArmy> {
        self.independents.iter().find(|i| i.id == id)
    }
    pub fn independent_mut(&mut self, id: &str) -> Option<&mut IndependentArmy> {
        self.independents.iter_mut().find(|i| i.id == id)
    }
    pub fn control(&self, space: &str) -> Option<&str> {
        self.space(space).and_then(|s| s.control.as_deref())
    }
    pub fn standing_of(&self, player: &str) -> Standing {
        self.standing.get(player).cloned().unwrap_or_default()
    }

    /// CUs inside the walls of a space, of any player.
    pub fn cus_inside(&self, space: &str) -> u32 {
        self.armies
            .iter()
            .filter(|a| a.at == space && a.inside)
            .map(|a| a.cus)
            .sum()
    }

    /// Independent armies on the map in a space.
    pub fn independents_at(&self, space: &str) -> Vec<&IndependentArmy> {
        self.independents
            .iter()
            .filter(|i| !i.removed && i.at == space)
            .collect()
    }

    /// §2: a space whose city holds someone inside, or is controlled by a side, with a
    /// hostile army in the field there: the city is besieged.
    pub fn besieged(&self, space: &str) -> bool {
        let field_players: Vec<&str> = self
            .armies
            .iter()
            .filter(|a| a.at == space && !a.inside)
            .map(|a| a.player.as_str())
            .collect();
        let inside: Vec<&str> = self
            .armies
            .iter()
            .filter(|a| a.at == space && a.inside)
            .map(|a| a.player.as_str())
            .collect();
        let indep_field = !self.independents_at(space).is_empty();
        if !inside.is_empty() {
            return indep_field || field_players.iter().any(|p| !inside.contains(p));
        }
        match self.control(space) {
            Some(c) => field_players.iter().any(|p| *p != c),
            None => false,
        }
    }

    /// Victory points of a player (params.victory.points by kind of space controlled).
    pub fn vp(&self, sc: &Scenario, player: &str) -> u32 {
        let pts = &sc.params.victory.points;
        self.spaces
            .iter()
            .filter(|s| s.control.as_deref() == Some(player))
            .filter_map(|s| sc.space(&s.id))
            .map(|s| match s.kind {
                Kind::Minor => pts.minor,
                Kind::Major => pts.major,
                Kind::Fortress => pts.fortress,
            })
            .sum()
    }

    /// Every player's victory points, in player order.
    pub fn vps(&self, sc: &Scenario) -> BTreeMap<String, u32> {
        self.players
            .iter()
            .map(|p| (p.clone(), self.vp(sc, p)))
            .collect()
    }

    /// The players in the order they act this round: the fixed order turned by one each
    /// round [A].
    pub fn round_order(&self) -> Vec<String> {
        let n = self.players.len();
        if n == 0 {
            return Vec::new();
        }
        let first = (self.round.max(1) as usize - 1) % n;
        (0..n)
            .map(|i| self.players[(first + i) % n].clone())
            .collect()
    }
}
