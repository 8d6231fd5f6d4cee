//! What must hold of every Successors state: the pipeline refuses a game file that
//! breaks any of it (a hand-edited or corrupted file), before any die is drawn.

use super::scenario::Scenario;
use super::state::{State, INDEPENDENT};
use std::collections::BTreeMap;

/// Every invariant the state breaks, in a fixed order: players, armies, spaces, fleets,
/// the Regent, independents, the Tyche cards.
pub fn check(sc: &Scenario, st: &State) -> Vec<String> {
    let mut p = Vec::new();
    let n = st.players.len() as u32;
    if sc.players(n) != st.players {
        p.push(format!(
            "players {:?} are not the scenario's lineup for {n} players",
            st.players
        ));
    }
    armies(sc, st, &mut p);
    spaces(sc, st, &mut p);
    fleets_and_regent(sc, st, &mut p);
    independents(sc, st, &mut p);
    cards(sc, st, &mut p);
    p
}

/// Each general leads one army at most, of a known general and player, in a known space.
fn armies(sc: &Scenario, st: &State, p: &mut Vec<String>) {
    let mut generals = BTreeMap::new();
    for a in &st.armies {
        if *generals.entry(a.general.as_str()).or_insert(0) > 0 {
            p.push(format!("general {} leads two armies", a.general));
        }
        *generals.entry(a.general.as_str()).or_insert(0) += 1;
        if sc.general(&a.general).is_none() {
            p.push(format!("army of unknown general {}", a.general));
        }
        if a.macedonians > a.cus {
            p.push(format!(
                "{}'s army has {} Loyal Macedonians among {} CUs",
                a.general, a.macedonians, a.cus
            ));
        }
        if !st.players.contains(&a.player) {
            p.push(format!("{}'s army belongs to no player", a.general));
        }
        match sc.space(&a.at) {
            None => p.push(format!(
                "{}'s army stands in unknown space {}",
                a.general, a.at
            )),
            Some(s) if a.inside && !sc.params.siege.walls.contains(&s.kind) => p.push(format!(
                "{} is inside {}, which has no walls",
                a.general, a.at
            )),
            _ => {}
        }
    }
}

/// Each space is known, holds no more than §2 allows inside, is controlled by a player or
/// the independents, and has fewer siege points than its fall needs.
fn spaces(sc: &Scenario, st: &State, p: &mut Vec<String>) {
    for s in &st.spaces {
        if sc.space(&s.id).is_none() {
            p.push(format!("unknown space {}", s.id));
        }
        let inside = st.cus_inside(&s.id);
        if inside > sc.params.siege.max_inside {
            p.push(format!("§2: {} holds {inside} CUs inside", s.id));
        }
        if let Some(c) = &s.control {
            if c != INDEPENDENT && !st.players.contains(c) {
                p.push(format!("{} is controlled by unknown player {c}", s.id));
            }
        }
        if let Some(k) = sc.space(&s.id).map(|x| x.kind) {
            if s.siege_points >= sc.params.siege.needed(k) {
                p.push(format!(
                    "{} holds {} siege points: it should have fallen",
                    s.id, s.siege_points
                ));
            }
        }
    }
}

/// No more fleets dispersed than a player has; the Regent is a player; the state has the
/// map's spaces.
fn fleets_and_regent(sc: &Scenario, st: &State, p: &mut Vec<String>) {
    for (x, f) in &st.fleets {
        if f.dispersed > f.count {
            p.push(format!(
                "{x} has {} fleets dispersed of {}",
                f.dispersed, f.count
            ));
        }
    }
    if let Some(r) = &st.regent {
        if !st.players.contains(r) {
            p.push(format!("the Regent {r} is no player"));
        }
    }
    if st.spaces.len() != sc.spaces.len() {
        p.push("the state's spaces are not the map's".to_string());
    }
}

/// Each independent army is known and stands in a known place.
fn independents(sc: &Scenario, st: &State, p: &mut Vec<String>) {
    for i in &st.independents {
        if sc.independent(&i.id).is_none() {
            p.push(format!("unknown independent army {}", i.id));
        }
        if sc.space(&i.at).is_none() && sc.off_box(&i.at).is_none() {
            p.push(format!(
                "independent army {} stands in unknown place {}",
                i.id, i.at
            ));
        }
    }
}

/// Every Tyche card is once in the deck, a hand, the revealed or the discard.
fn cards(sc: &Scenario, st: &State, p: &mut Vec<String>) {
    let mut cards: Vec<&String> = st
        .tyche
        .deck
        .iter()
        .chain(st.tyche.discard.iter())
        .chain(st.tyche.revealed.iter())
        .chain(st.tyche.hands.values().flatten())
        .collect();
    cards.sort();
    let mut all: Vec<&String> = sc.tyche.iter().map(|c| &c.id).collect();
    all.sort();
    if cards != all {
        p.push(
            "the Tyche cards in deck, hands, revealed and discard are not the deck, each once"
                .to_string(),
        );
    }
}
