//! What one side may see (5.0 of issue 3's hidden information; 1.0 hands): built field
//! by field from the state, never by deleting from a copy. Enemy blocks appear as
//! position and count only; the enemy's hand as a count; the deck as a count.

use super::scenario::Scenario;
use super::state::Block;
use super::state::Cards;
use super::state::CityState;
use super::state::Initiative;
use super::state::Phase;
use super::state::Prestige;
use super::state::Season;
use super::state::Standing;
use super::state::State;
use super::state::Status;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A card in one's own hand, with its text so a player needs nothing else.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CardView {
    pub id: String,
    pub name: String,
    pub action: u32,
    pub event: String,
}

/// Enemy blocks in one place: how many, nothing more.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EnemyGroup {
    pub at: String,
    pub status: Status,
    pub count: u32,
}

/// One side's view of the Hellenes state.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct View {
    pub side: String,
    pub year: i32,
    pub season: Season,
    pub phase: Phase,
    pub prestige: Prestige,
    /// Revealed plays of this season (both sides', once revealed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initiative: Option<Initiative>,
    pub hand: Vec<CardView>,
    /// Cards in the other sides' hands, by side.
    pub other_hands: BTreeMap<String, u32>,
    pub deck: u32,
    pub discard: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub in_play: Vec<super::state::InPlay>,
    pub cities: Vec<CityState>,
    /// All of one's own blocks, pool and eliminated included.
    pub blocks: Vec<Block>,
    /// Enemy blocks on the map, as counts per place.
    pub enemy: Vec<EnemyGroup>,
    /// Enemy blocks in the pool and eliminated, as counts per side.
    pub enemy_off_map: BTreeMap<String, u32>,
    pub standing: Standing,
    /// 10.4.1: every side's sacrifices on the Olympians (public: the blocks stand on the
    /// board).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sacrifices: BTreeMap<String, Vec<super::state::Sacrifice>>,
}

pub fn build(sc: &Scenario, st: &State, side: &str) -> View {
    let Cards {
        deck,
        hands,
        discard,
        in_play,
    } = &st.cards;
    let hand = hands
        .get(side)
        .map(|h| {
            h.iter()
                .filter_map(|id| sc.card(id))
                .map(|c| CardView {
                    id: c.id.clone(),
                    name: c.name.clone(),
                    action: c.action,
                    event: c.event.clone(),
                })
                .collect()
        })
        .unwrap_or_default();
    let other_hands = hands
        .iter()
        .filter(|(s, _)| s.as_str() != side)
        .map(|(s, h)| (s.clone(), h.len() as u32))
        .collect();
    let mut groups: BTreeMap<(String, Status), u32> = BTreeMap::new();
    let mut off_map: BTreeMap<String, u32> = BTreeMap::new();
    for b in st.blocks.iter().filter(|b| b.side != side) {
        match b.status {
            Status::Pool | Status::Eliminated => *off_map.entry(b.side.clone()).or_default() += 1,
            s => *groups.entry((b.at.clone(), s)).or_default() += 1,
        }
    }
    View {
        side: side.to_string(),
        year: st.year,
        season: st.season,
        phase: st.phase.clone(),
        prestige: st.prestige.clone(),
        initiative: st.initiative.clone(),
        hand,
        other_hands,
        deck: deck.len() as u32,
        discard: discard.clone(),
        in_play: in_play.clone(),
        cities: st.cities.clone(),
        blocks: st
            .blocks
            .iter()
            .filter(|b| b.side == side)
            .cloned()
            .collect(),
        enemy: groups
            .into_iter()
            .map(|((at, status), count)| EnemyGroup { at, status, count })
            .collect(),
        enemy_off_map: off_map,
        standing: st.standing.get(side).cloned().unwrap_or_default(),
        sacrifices: st.sacrifices.clone(),
    }
}

/// An id of one of the side's own blocks (a fleet or a land block), for the examples in
/// help texts: a side is never shown another side's ids, not even as an example. A block
/// on the map first; `<fleet id>` / `<block id>` if the side has none.
pub fn example_block(view: &View, fleet: bool) -> String {
    let kind = |b: &&super::state::Block| (b.kind == super::scenario::BlockKind::Fleet) == fleet;
    let on_map = |b: &&super::state::Block| {
        !matches!(
            b.status,
            super::state::Status::Pool | super::state::Status::Eliminated
        )
    };
    view.blocks
        .iter()
        .filter(kind)
        .find(on_map)
        .or_else(|| view.blocks.iter().find(kind))
        .map_or_else(
            || if fleet { "<fleet id>" } else { "<block id>" }.to_string(),
            |b| b.id.clone(),
        )
}
