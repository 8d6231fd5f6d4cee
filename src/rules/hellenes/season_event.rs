//! What a player turn did (actions, battles, retreats, control, Prestige), as data, and
//! how each side reads it.
//!
//! Hidden information: a side's moves and builds are told to the enemy as places and
//! counts only (no ids, no strengths); blocks that fought are revealed to both sides (the
//! battle lists every block with its rating and steps, every die and its effect); a void
//! action is told only to its side.

use super::battle::{BattleOutcome, Effect};
use super::report::side_name;
use super::scenario::Scenario;
use super::state::Prestige;

#[derive(Debug, Clone, PartialEq)]
pub enum SeasonEvent {
    /// 1.0: the acting side's actions this turn.
    Actions {
        side: String,
        card: Option<String>,
        budget: u32,
        ordered: u32,
    },
    /// 2.0, 5.21: blocks moved along `route` (start first); `carried`: (land block, its
    /// fleet).
    Moved {
        side: String,
        blocks: Vec<String>,
        route: Vec<String>,
        naval: bool,
        carried: Vec<(String, String)>,
    },
    /// 4.2: a block gained a step.
    StepBuilt {
        side: String,
        block: String,
        at: String,
        steps: u32,
        max: u32,
    },
    /// 4.2: a new block drawn blind from the pool (sealed draw `label`).
    BlockDrawn {
        side: String,
        block: String,
        city: String,
        label: String,
        steps: u32,
    },
    /// 4.2.3: a garrison built in a captured city.
    GarrisonBuilt { side: String, city: String },
    /// 5.5: a city's land pillaged; the city is ravaged until the year ends.
    Pillaged { side: String, city: String },
    /// An action that the state no longer allowed when it was carried out.
    ActionVoid {
        side: String,
        number: u32,
        why: String,
    },
    /// 2.0: a field or naval battle (or the battle of an assault or a sortie).
    Battle(Box<BattleOutcome>),
    /// 2.0: a routed or withdrawing block retreated.
    Retreated {
        side: String,
        block: String,
        from: String,
        to: String,
    },
    /// 2.0 [A]: a block that had to retreat had nowhere to go: eliminated.
    NoRetreat {
        side: String,
        block: String,
        from: String,
    },
    /// Prestige on the net track.
    Prestige {
        side: String,
        points: i32,
        why: String,
        after: Prestige,
    },
    /// §3 City control changed.
    Control {
        city: String,
        from: String,
        to: String,
        why: String,
    },
}

impl SeasonEvent {
    /// Whether `side` (None: the moderator) may read this event at all.
    pub fn shown_to(&self, side: Option<&str>) -> bool {
        match (self, side) {
            (_, None) => true,
            (SeasonEvent::ActionVoid { side: s, .. }, Some(me)) => s == me,
            _ => true,
        }
    }
}

fn block_name(sc: &Scenario, id: &str) -> String {
    match sc.blocks.iter().find(|b| b.id == id) {
        Some(b) => format!("{id} {}", b.name),
        None => id.to_string(),
    }
}

/// `Athens' player turn`, `Sparta's player turn`.
fn possessive(name: &str) -> String {
    if name.ends_with('s') {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Prestige in words: `Sparta leads by 2`.
pub fn prestige_words(sc: &Scenario, p: &Prestige) -> String {
    if p.points == 0 {
        "the track is level".into()
    } else {
        format!("{} leads by {}", side_name(sc, &p.leader), p.points)
    }
}

/// The event in rule terms for `side` (None: the moderator).
pub fn narrate(sc: &Scenario, e: &SeasonEvent, side: Option<&str>) -> String {
    let own = |s: &str| side.is_none() || side == Some(s);
    match e {
        SeasonEvent::Actions {
            side: s,
            card,
            budget,
            ordered,
        } => {
            let c = card
                .as_ref()
                .and_then(|c| sc.card(c))
                .map(|c| format!("{} *{}*", c.id, c.name))
                .unwrap_or_else(|| "its card".into());
            if *budget == 0 {
                format!(
                    "1.0 {} player turn: {c} was played for its Event, so no actions this season (8.0: only siege attrition).",
                    possessive(&side_name(sc, s))
                )
            } else if own(s) {
                format!(
                    "1.0 {} player turn: {c} gives {}; {} ordered.",
                    possessive(&side_name(sc, s)),
                    plural(*budget as usize, "action", "actions"),
                    ordered
                )
            } else {
                format!(
                    "1.0 {} player turn: {c} gives {}.",
                    possessive(&side_name(sc, s)),
                    plural(*budget as usize, "action", "actions")
                )
            }
        }
        SeasonEvent::Moved {
            side: s,
            blocks,
            route,
            naval,
            carried,
        } => {
            let from = &route[0];
            let to = route.last().expect("a route has a start");
            let path = route.join(" → ");
            let who = if own(s) {
                blocks.join(", ")
            } else if *naval {
                plural(blocks.len(), "fleet", "fleets")
            } else {
                plural(blocks.len(), "block", "blocks")
            };
            let verb = if *naval { "sails" } else { "moves" };
            let mut line = format!(
                "2.0 {} {verb} {who} from {from} to {to} ({path}).",
                side_name(sc, s)
            );
            if !carried.is_empty() {
                let what = if own(s) {
                    carried
                        .iter()
                        .map(|(b, f)| format!("{b} on {f}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                } else {
                    plural(carried.len(), "land block", "land blocks")
                };
                line.push_str(&format!(" 5.21 The fleets carry {what}, landing at {to}."));
            }
            line
        }
        SeasonEvent::StepBuilt {
            side: s,
            block,
            at,
            steps,
            max,
        } => {
            if own(s) {
                format!("4.2 Building: {block} gains a step at {at} ({steps}/{max}).")
            } else {
                format!(
                    "4.2 Building: {} adds a step to a block at {at}.",
                    side_name(sc, s)
                )
            }
        }
        SeasonEvent::BlockDrawn {
            side: s,
            block,
            city,
            label,
            steps,
        } => {
            if own(s) {
                format!(
                    "4.2 Building: a new block is drawn blind from the pool (sealed draw `{label}`): {}, {}, at {city}.",
                    block_name(sc, block),
                    plural(*steps as usize, "step", "steps")
                )
            } else {
                format!(
                    "4.2 Building: a new block of {} appears at {city}.",
                    side_name(sc, s)
                )
            }
        }
        SeasonEvent::GarrisonBuilt { side: s, city } => format!(
            "4.2.3 {} builds a garrison in captured {city} (it stays if a siege is lifted, 7.3).",
            side_name(sc, s)
        ),
        SeasonEvent::Pillaged { side: s, city } => format!(
            "5.5 {} pillages the land of {city}: it is ravaged until the year ends (9.53).",
            side_name(sc, s)
        ),
        SeasonEvent::ActionVoid {
            side: s,
            number,
            why,
        } => format!(
            "{} action {number} is void: {why}.",
            possessive(&side_name(sc, s))
        ),
        SeasonEvent::Battle(b) => battle_text(sc, b),
        SeasonEvent::Retreated {
            block, from, to, ..
        } => format!("2.0 {block} retreats from {from} to {to}."),
        SeasonEvent::NoRetreat { block, from, .. } => {
            format!("2.0 {block} has no retreat from {from} and is eliminated.")
        }
        SeasonEvent::Prestige {
            side: s,
            points,
            why,
            after,
        } => format!(
            "Prestige: {} gains {points} for {why}; {}.",
            side_name(sc, s),
            prestige_words(sc, after)
        ),
        SeasonEvent::Control {
            city,
            from,
            to,
            why,
        } => {
            let name = |x: &str| {
                if x == "neutral" {
                    "neutrality".to_string()
                } else {
                    side_name(sc, x)
                }
            };
            format!(
                "City control: {city} passes from {} to {}: {why}.",
                name(from),
                name(to)
            )
        }
    }
}

/// A battle, every block revealed, every die and its effect (both sides see it all).
pub fn battle_text(sc: &Scenario, b: &BattleOutcome) -> String {
    let kind = if b.naval { "Naval battle" } else { "Battle" };
    let mut out = format!(
        "2.0 {kind} at {} ({} attacks, {} defends; dice `{}`):",
        b.place,
        side_name(sc, &b.attacker),
        side_name(sc, &b.defender),
        b.label
    );
    for s in [&b.attacker, &b.defender] {
        let list: Vec<String> = b
            .revealed
            .iter()
            .filter(|f| &f.side == s)
            .map(|f| {
                format!(
                    "{} {} ({})",
                    block_name(sc, &f.id),
                    f.rating,
                    plural(f.steps as usize, "step", "steps")
                )
            })
            .collect();
        out.push_str(&format!(
            "\n  - {} reveals: {}",
            side_name(sc, s),
            list.join("; ")
        ));
    }
    for shot in &b.shots {
        let dice: Vec<String> = shot.dice.iter().map(|d| d.to_string()).collect();
        let effects: Vec<String> = shot
            .effects
            .iter()
            .map(|e| match e {
                Effect::Step { block, left: 0 } => format!("{block} eliminated"),
                Effect::Step { block, left } => format!("{block} loses a step ({left} left)"),
                Effect::Marked { block } => format!("{block} takes a first hit (8.1.1)"),
                Effect::Routed { block } => format!("{block} routed"),
                Effect::RoutIgnored => {
                    "a rout without effect (8.1: defenders are not routed)".into()
                }
            })
            .collect();
        let result = if effects.is_empty() {
            "no effect".to_string()
        } else {
            effects.join(", ")
        };
        out.push_str(&format!(
            "\n  - Round {}: {} ({}, {}) rolls {}: {} → {result}",
            shot.round,
            shot.block,
            shot.rating,
            plural(shot.steps as usize, "step", "steps"),
            dice.join(" "),
            [
                plural(shot.hits as usize, "hit", "hits"),
                plural(shot.routs as usize, "rout", "routs")
            ]
            .join(", ")
        ));
    }
    let end = match &b.winner {
        Some(w) if !b.withdrawn.is_empty() => format!(
            "after {} both sides are still in the battle: {} withdraws and {} holds the field",
            plural(b.rounds_fought as usize, "round", "rounds"),
            side_name(sc, &b.attacker),
            side_name(sc, w)
        ),
        Some(w) => format!(
            "{} wins: the enemy has no block left in the battle after {}",
            side_name(sc, w),
            plural(b.rounds_fought as usize, "round", "rounds")
        ),
        None => format!(
            "after {} both sides stay: no winner",
            plural(b.rounds_fought as usize, "round", "rounds")
        ),
    };
    out.push_str(&format!("\n  - Result: {end}."));
    out
}
