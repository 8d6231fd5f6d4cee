//! What must hold in every Hellenes state the adjudicator writes, whatever the orders and
//! the dice: the rule cases and the random-play test check it after every turn. A broken
//! invariant is a bug in the rules code, never a player's mistake.

use super::scenario::BlockKind;
use super::scenario::Scenario;
use super::state::State;
use super::state::Status;
use std::collections::{BTreeMap, BTreeSet};

/// Every broken invariant, in words; empty when the state is sound.
pub fn check(sc: &Scenario, st: &State) -> Vec<String> {
    let mut out = Vec::new();
    let sides: BTreeSet<String> = sc.side_ids().into_iter().collect();
    let mut ids = BTreeSet::new();
    let mut besieged: BTreeMap<&str, u32> = BTreeMap::new();
    for b in &st.blocks {
        // No block in two places: each id once.
        if !ids.insert(b.id.as_str()) {
            out.push(format!("block {} is listed twice", b.id));
        }
        if !sides.contains(&b.side) {
            out.push(format!("block {} has unknown side `{}`", b.id, b.side));
        }
        match b.status {
            Status::Pool => {
                if b.at != "pool" {
                    out.push(format!("block {} is in the pool but at `{}`", b.id, b.at));
                }
            }
            Status::Eliminated => {}
            Status::Field | Status::Besieged | Status::Besieging => {
                // 2.0: steps within 1..=max (max 4).
                if b.steps == 0 || b.steps > b.max || b.max > 4 {
                    out.push(format!(
                        "block {} has {}/{} steps on the map",
                        b.id, b.steps, b.max
                    ));
                }
                let area = sc.area(&b.at);
                let sea = sc.sea(&b.at);
                match (area, sea) {
                    (None, None) => {
                        out.push(format!("block {} is at unknown place `{}`", b.id, b.at))
                    }
                    (None, Some(_)) if b.kind != BlockKind::Fleet => {
                        out.push(format!("land block {} was left at sea ({})", b.id, b.at))
                    }
                    (None, Some(_)) if b.status != Status::Field => out.push(format!(
                        "fleet {} at sea ({}) is {:?}",
                        b.id, b.at, b.status
                    )),
                    (Some(a), _) if b.kind == BlockKind::Fleet && a.seas.is_empty() => {
                        out.push(format!("fleet {} is inland at {}", b.id, b.at))
                    }
                    _ => {}
                }
                if b.status == Status::Besieged && b.kind != BlockKind::Garrison {
                    *besieged.entry(b.at.as_str()).or_default() += 1;
                }
            }
        }
        if b.steps > b.max {
            out.push(format!("block {} has {} steps of {}", b.id, b.steps, b.max));
        }
    }
    // 7.3: capacity = capacity_per_value × city value, garrisons not counted.
    for (at, n) in besieged {
        if let Some(c) = sc.area(at).and_then(|a| a.city.as_ref()) {
            let cap = sc.params.capacity_per_value * c.value;
            if n > cap {
                out.push(format!("{n} blocks in the city of {at}, capacity {cap}"));
            }
        }
    }
    for c in &st.cities {
        if c.control != "neutral" && !sides.contains(&c.control) {
            out.push(format!(
                "{} is controlled by unknown `{}`",
                c.name, c.control
            ));
        }
    }
    // The net Prestige track: one marker, `none` exactly at zero.
    let p = &st.prestige;
    if (p.points == 0) != (p.leader == "none") || (p.leader != "none" && !sides.contains(&p.leader))
    {
        out.push(format!(
            "the Prestige marker is inconsistent: {} {}",
            p.leader, p.points
        ));
    }
    out
}
