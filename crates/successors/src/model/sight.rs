//! What one player may see: the one "what a player knows" type (Successors' armies,
//! control and sieges are open; the deck, the draws and other players' hands are not).

use super::state::{Army, Fleets, IndependentArmy, Phase, SpaceState, Standing, State};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct View {
    pub me: String,
    pub game_turn: u32,
    pub round: u32,
    pub phase: Phase,
    pub players: Vec<String>,
    pub armies: Vec<Army>,
    pub independents: Vec<IndependentArmy>,
    pub spaces: Vec<SpaceState>,
    pub fleets: BTreeMap<String, Fleets>,
    /// The player's own hand.
    pub hand: Vec<String>,
    /// How many cards each player holds.
    pub hand_sizes: BTreeMap<String, u32>,
    pub deck_size: u32,
    pub discard: Vec<String>,
    pub revealed: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revealed_for: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub usurper: Option<String>,
    /// The player's own standing orders.
    pub standing: Standing,
    #[serde(default)]
    pub legitimacy: BTreeMap<String, u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regent: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bought: Vec<String>,
}

impl View {
    /// Built field by field: nothing hidden is copied.
    pub fn of(st: &State, me: &str) -> View {
        View {
            me: me.to_string(),
            game_turn: st.game_turn,
            round: st.round,
            phase: st.phase.clone(),
            players: st.players.clone(),
            armies: st.armies.clone(),
            independents: st.independents.clone(),
            spaces: st.spaces.clone(),
            fleets: st.fleets.clone(),
            hand: st.tyche.hands.get(me).cloned().unwrap_or_default(),
            hand_sizes: st
                .tyche
                .hands
                .iter()
                .map(|(p, h)| (p.clone(), h.len() as u32))
                .collect(),
            deck_size: st.tyche.deck.len() as u32,
            discard: st.tyche.discard.clone(),
            revealed: st.tyche.revealed.clone(),
            revealed_for: st.tyche.revealed_for.clone(),
            usurper: st.usurper.clone(),
            standing: st.standing_of(me),
            legitimacy: st.legitimacy.clone(),
            regent: st.regent.clone(),
            bought: st.bought.clone(),
        }
    }

    /// The open part of the view as a state, for the checks that reuse the engine's
    /// rules (hidden parts empty).
    pub fn as_state(&self) -> State {
        let mut st = State {
            game_turn: self.game_turn,
            round: self.round,
            phase: self.phase.clone(),
            players: self.players.clone(),
            armies: self.armies.clone(),
            independents: self.independents.clone(),
            spaces: self.spaces.clone(),
            fleets: self.fleets.clone(),
            tyche: Default::default(),
            usurper: self.usurper.clone(),
            standing: BTreeMap::new(),
            legitimacy: self.legitimacy.clone(),
            regent: self.regent.clone(),
            bought: self.bought.clone(),
        };
        st.tyche.hands.insert(self.me.clone(), self.hand.clone());
        st.tyche.revealed = self.revealed.clone();
        st.tyche.revealed_for = self.revealed_for.clone();
        st.standing.insert(self.me.clone(), self.standing.clone());
        st
    }
}
