//! Transport by sea (5.21): which fleet carries which land block. A leaf of the engine,
//! so that the movement rules (a naval move with cargo) and the siege rules (an escape
//! by sea that takes land blocks along, 8.1.2) share it without importing each other.

use crate::model::scenario::Scenario;
use crate::model::state::Block;
use std::collections::BTreeMap;

/// How fleets carry land blocks (5.21): each carried block on a different fleet with more
/// steps than it, at most `season.transport_per_fleet` blocks per fleet. Returns the
/// carrier of each carried block, or the index of the first block that cannot be carried.
pub fn assign_carriers(
    sc: &Scenario,
    fleets: &[&Block],
    cargo: &[&Block],
) -> Result<Vec<String>, usize> {
    let per = sc.params.season.transport_per_fleet as usize;
    let mut load: BTreeMap<&str, usize> = BTreeMap::new();
    let mut order: Vec<usize> = (0..cargo.len()).collect();
    // The largest cargo first, each on the smallest fleet that can take it.
    order.sort_by_key(|&i| (std::cmp::Reverse(cargo[i].steps), i));
    let mut out = vec![String::new(); cargo.len()];
    for i in order {
        let mut best: Option<&Block> = None;
        for f in fleets {
            if f.steps > cargo[i].steps
                && load.get(f.id.as_str()).copied().unwrap_or(0) < per
                && best.is_none_or(|x| f.steps < x.steps)
            {
                best = Some(f);
            }
        }
        let Some(f) = best else { return Err(i) };
        *load.entry(f.id.as_str()).or_default() += 1;
        out[i] = f.id.clone();
    }
    Ok(out)
}
