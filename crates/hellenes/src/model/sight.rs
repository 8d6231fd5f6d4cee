//! What one side knows of the position: ONE type for every rule that must read only what
//! a side may know, so that a check (from the side's view) and the resolution (from the
//! state) apply exactly the same rules and a check can never use what the side may not
//! see. The movement rules (2.0, 5.21, 7.4), the Winter rules (9.x) and the siege rules
//! (7.x, 8.x) all read a `Sight`.
//!
//! It holds the side's own blocks, the cities with their sieges, enemy blocks as counts
//! per place, the calendar and the side's play this season, and what the side has done
//! so far this player turn (blocks moved, steps built, blocks drawn).
//!
//! It also holds the side's `View`, the serialised file the side receives (1.0 hands;
//! issue 3's hidden information): built field by field from the state, never by deleting
//! from a copy. Enemy blocks appear as position and count only; the enemy's hand as a
//! count; the deck as a count. A `Sight` is built from a `View` or from the state.

use super::scenario::BattleKind;
use super::scenario::Effect;
use super::scenario::Marker;
use super::scenario::Scenario;
use super::state::Block;
use super::state::Cards;
use super::state::CityState;
use super::state::InPlay;
use super::state::Initiative;
use super::state::Phase;
use super::state::PlayedFor;
use super::state::Prestige;
use super::state::Season;
use super::state::Standing;
use super::state::State;
use super::state::Status;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

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

/// The view of `side`, built field by field from the state (never by deleting from a
/// copy).
pub fn view(sc: &Scenario, st: &State, side: &str) -> View {
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

/// What a side played this season, as the siege rules need it (8.0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Played {
    /// A card for its Action value (or nothing revealed yet): every siege combat.
    Actions,
    /// A card for its Event: siege attrition only (8.0) …
    Event {
        /// … except one limited Treachery assault when the Event is Treachery (8.1).
        treachery: bool,
    },
}

impl Played {
    /// From the season's revealed plays (state or view).
    pub fn of(sc: &Scenario, initiative: Option<&Initiative>, side: &str) -> Played {
        match initiative.and_then(|i| i.plays.get(side)) {
            Some(p) if p.played_for == PlayedFor::Event => Played::Event {
                treachery: p.card == sc.params.siege.treachery_card,
            },
            _ => Played::Actions,
        }
    }
    pub fn event(self) -> bool {
        matches!(self, Played::Event { .. })
    }
}

/// 1.0 [A] The card Events in force this season (`cards[].effects`): the season's
/// revealed Event plays and the continuing Events and leaders in play. Public: every card
/// played for its Event is revealed, with its target.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Marks {
    /// No battle, assault, pillage or sortie may be started (`truce`).
    pub truce: bool,
    /// Land areas no block may move into or out of (`halt`).
    pub halted: BTreeSet<String>,
    /// Seas no fleet may enter or leave (`closed`).
    pub closed: BTreeSet<String>,
    /// Per side: how many land areas its land blocks may move (`march`).
    pub march: BTreeMap<String, u32>,
    /// Per side: the battle bonuses in force (`battle-bonus`): (kind, points, card).
    pub bonus: BTreeMap<String, Vec<(BattleKind, u32, String)>>,
}

impl Marks {
    /// From the season's plays (`None` outside the campaigning season: Winter, the New
    /// Year) and the cards in play.
    pub fn of(sc: &Scenario, initiative: Option<&Initiative>, in_play: &[InPlay]) -> Marks {
        let mut m = Marks::default();
        let season = initiative
            .into_iter()
            .flat_map(|i| i.plays.iter())
            .filter(|(_, p)| p.played_for == PlayedFor::Event)
            .filter_map(|(s, p)| Some((s, sc.card(&p.card)?, p.target.as_deref())));
        let staying = in_play
            .iter()
            .filter_map(|p| Some((&p.side, sc.card(&p.card)?, None)));
        for (side, card, target) in season.chain(staying) {
            for e in &card.effects {
                match e {
                    Effect::Marker(Marker::Truce) => m.truce = true,
                    Effect::Marker(Marker::Halt) => m.halted.extend(target.map(String::from)),
                    Effect::Marker(Marker::Closed) => m.closed.extend(target.map(String::from)),
                    Effect::March { march } => {
                        let x = m.march.entry(side.clone()).or_default();
                        *x = (*x).max(*march);
                    }
                    Effect::BattleBonus { bonus } => {
                        // A card played this season that stays in play is listed twice.
                        let list = m.bonus.entry(side.clone()).or_default();
                        if !list.iter().any(|(_, _, c)| c == &card.id) {
                            list.push((bonus.kind, bonus.points, card.id.clone()));
                        }
                    }
                    _ => {}
                }
            }
        }
        m
    }

    /// The points `side`'s blocks add to their rating number in a battle of `kind`, and
    /// the cards that give them.
    pub fn bonus(&self, side: &str, kind: BattleKind) -> (u32, Vec<String>) {
        let mut points = 0;
        let mut cards = Vec::new();
        for (k, p, c) in self.bonus.get(side).into_iter().flatten() {
            if (*k == kind || *k == BattleKind::Any) && *p > 0 {
                points += p;
                cards.push(c.clone());
            }
        }
        (points, cards)
    }
}

/// What one side knows while it writes or carries out its orders.
#[derive(Debug, Clone)]
pub struct Sight {
    pub side: String,
    pub year: i32,
    pub season: Season,
    /// 8.0: what the side played this season.
    pub played: Played,
    /// The side's own blocks, pool and eliminated included, in game file order.
    pub own: Vec<Block>,
    /// Every city with its control and siege record.
    pub cities: Vec<CityState>,
    /// Enemy blocks that hold their place against movement (not garrisons, not besieged
    /// inside walls: 7.3, "City control"), counted per place. Empty in a Winter sight:
    /// winter moves pass enemy forces (9.x).
    pub enemy_hold: BTreeMap<String, u32>,
    /// Enemy blocks outside walls per place (at sea: fleets), as counts. In a Winter sight
    /// built from the state, enemy blocks that make a winter move themselves are gone.
    pub enemy_out: BTreeMap<String, u32>,
    /// Enemy blocks of any kind on the map, per place.
    pub enemy_any: BTreeMap<String, u32>,
    /// Blocks that have moved this player turn (5.x [A]: each block moves once).
    pub moved: BTreeSet<String>,
    /// Steps built per block this player turn.
    pub built: BTreeMap<String, u32>,
    /// New blocks drawn from the pool this player turn (which ones the checks cannot
    /// know: the draw is blind).
    pub drawn: u32,
    /// 1.0 [A] The card Events in force (none in a Winter sight).
    pub marks: Marks,
}

impl Sight {
    /// From the side's view (order checks, defaults, templates).
    pub fn from_view(sc: &Scenario, v: &View) -> Sight {
        let mut enemy_hold = BTreeMap::new();
        let mut enemy_any = BTreeMap::new();
        for g in &v.enemy {
            *enemy_any.entry(g.at.clone()).or_default() += g.count;
            if matches!(g.status, Status::Field | Status::Besieging) {
                *enemy_hold.entry(g.at.clone()).or_default() += g.count;
            }
        }
        Sight {
            side: v.side.clone(),
            year: v.year,
            season: v.season,
            played: Played::of(sc, v.initiative.as_ref(), &v.side),
            own: v.blocks.clone(),
            enemy_out: enemy_hold.clone(),
            enemy_hold,
            enemy_any,
            cities: v.cities.clone(),
            moved: BTreeSet::new(),
            built: BTreeMap::new(),
            drawn: 0,
            marks: Marks::of(sc, v.initiative.as_ref(), &v.in_play),
        }
    }

    /// From the state, for `side` (resolution).
    pub fn from_state(sc: &Scenario, st: &State, side: &str) -> Sight {
        let mut enemy_hold = BTreeMap::new();
        let mut enemy_any = BTreeMap::new();
        for b in st.blocks.iter().filter(|b| b.side != side) {
            if !b.status.on_map() {
                continue;
            }
            *enemy_any.entry(b.at.clone()).or_default() += 1;
            if b.stops_enemy() {
                *enemy_hold.entry(b.at.clone()).or_default() += 1;
            }
        }
        Sight {
            side: side.to_string(),
            year: st.year,
            season: st.season,
            played: Played::of(sc, st.initiative.as_ref(), side),
            own: st
                .blocks
                .iter()
                .filter(|b| b.side == side)
                .cloned()
                .collect(),
            enemy_out: enemy_hold.clone(),
            enemy_hold,
            enemy_any,
            cities: st.cities.clone(),
            moved: BTreeSet::new(),
            built: BTreeMap::new(),
            drawn: 0,
            marks: Marks::of(sc, st.initiative.as_ref(), &st.cards.in_play),
        }
    }

    /// The Winter sight from the side's view: winter moves pass enemy forces, so nothing
    /// holds a place against them.
    pub fn winter_from_view(sc: &Scenario, v: &View) -> Sight {
        let mut s = Sight::from_view(sc, v);
        s.enemy_hold.clear();
        s.marks = Marks::default();
        s
    }

    /// The Winter sight from the state, for `side`; enemy blocks in `moving` are leaving
    /// and not counted.
    pub fn winter_from_state(
        sc: &Scenario,
        st: &State,
        side: &str,
        moving: &BTreeSet<String>,
    ) -> Sight {
        let mut s = Sight::from_state(sc, st, side);
        s.enemy_hold.clear();
        s.enemy_out.clear();
        s.marks = Marks::default();
        for b in st.blocks.iter() {
            if b.side != side && !moving.contains(&b.id) && b.stops_enemy() {
                *s.enemy_out.entry(b.at.clone()).or_default() += 1;
            }
        }
        s
    }

    pub fn block(&self, id: &str) -> Option<&Block> {
        self.own.iter().find(|b| b.id == id)
    }

    pub fn city(&self, name: &str) -> Option<&CityState> {
        self.cities.iter().find(|c| c.name == name)
    }

    /// Enemy blocks hold `place` against movement.
    pub fn holds(&self, place: &str) -> bool {
        self.enemy_hold.get(place).copied().unwrap_or(0) > 0
    }

    /// Enemy blocks stand outside walls in `place`.
    pub fn enemy_at(&self, place: &str) -> bool {
        self.enemy_out.get(place).copied().unwrap_or(0) > 0
    }

    /// The side controls `city`.
    pub fn friendly(&self, city: &str) -> bool {
        self.city(city).is_some_and(|c| c.control == self.side)
    }

    /// An enemy siege of `city` that holds: its record, and enemy besiegers around it.
    pub fn besieged(&self, city: &str) -> bool {
        self.city(city)
            .and_then(|c| c.siege.as_ref())
            .is_some_and(|s| s.besieger != self.side)
            && self.enemy_at(city)
    }
}
