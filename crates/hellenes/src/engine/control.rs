//! City control after each Action and Combat phase (§3 "City control"): upright units
//! alone in a city-state control it; a vacant city is controlled by its loyalty, so a
//! conqueror must keep a unit or a (built, 4.2.3) garrison there or the city reverts.
//!
//! Cities under siege are left to the siege rules (the besieged control the city), and a
//! city changes hands from its loyal side only by the siege rules (its garrison is always
//! present, 7.3): here a conquered city can only return to its loyalty.

use crate::model::events::season::SeasonEvent;
use crate::model::scenario::BlockKind;
use crate::model::scenario::Scenario;
use crate::model::state::State;
use crate::model::state::Status;
use std::collections::BTreeSet;

/// Brings control up to date at the end of `phase` (`Actions` or `Combat`).
pub fn update(_sc: &Scenario, st: &mut State, phase: &str) -> Vec<SeasonEvent> {
    let mut out = Vec::new();
    for ci in 0..st.cities.len() {
        let c = &st.cities[ci];
        if c.siege.is_some() || c.control == c.loyalty {
            continue;
        }
        let present: BTreeSet<&str> = st
            .blocks
            .iter()
            .filter(|b| {
                b.at == c.name
                    && b.kind != BlockKind::Garrison
                    && !matches!(b.status, Status::Pool | Status::Eliminated)
            })
            .map(|b| b.side.as_str())
            .collect();
        if present.contains(c.control.as_str()) || c.built_garrison {
            continue;
        }
        // Vacant of its conqueror (the loyal side's own blocks may be back): it reverts.
        let (from, to) = (c.control.clone(), c.loyalty.clone());
        let retaken = present.contains(to.as_str());
        st.cities[ci].control = to.clone();
        out.push(SeasonEvent::Control {
            city: st.cities[ci].name.clone(),
            from,
            to,
            phase: phase.to_string(),
            retaken,
        });
    }
    out
}
