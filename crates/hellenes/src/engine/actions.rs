//! The rules of a player turn's actions (1.0, 4.2, 4.2.3, 5.5): the action budget, what
//! each action costs, what Building and Pillage require, and how an accepted action
//! changes what the side knows (`Sight`) for the next one. The check layer applies them to
//! a side's view when it reads `actions:`; the season's resolution applies the very same
//! functions to the state.

use super::movement::Route;
use super::movement::{Part, Problem};
use super::siege;
use crate::model::orders::Action;
use crate::model::orders::Build;
use crate::model::scenario::BlockKind;
use crate::model::scenario::Scenario;
use crate::model::sight::Sight;
use crate::model::state::Block;
use crate::model::state::Initiative;
use crate::model::state::PlayedFor;
use crate::model::state::Season;
use crate::model::state::Status;
impl Action {
    /// Actions this action spends (`params.season.build_*_actions` for Building).
    pub fn cost(&self, sc: &Scenario) -> u32 {
        let p = &sc.params.season;
        match self {
            Action::Move { .. } | Action::Sail { .. } => 1,
            Action::Build(Build::Step(_)) => p.build_step_actions,
            Action::Build(Build::Block(_)) => p.build_block_actions,
            Action::Build(Build::Garrison(_)) => p.build_garrison_actions,
            Action::Pillage(_) => p.pillage_actions,
        }
    }
}

/// The actions a side may spend this player turn: its card's Action value, none after an
/// Event (1.0).
pub fn budget(sc: &Scenario, view_initiative: Option<&Initiative>, side: &str) -> u32 {
    view_initiative
        .and_then(|i| i.plays.get(side))
        .map(|p| match p.played_for {
            // 1.0 [A] an Event may give actions all the same (`actions` in its effects).
            PlayedFor::Event => sc.card(&p.card).map_or(0, event_actions),
            PlayedFor::Action => sc.card(&p.card).map(|c| c.action).unwrap_or(0),
        })
        .unwrap_or(0)
}

/// 1.0 [A] The actions a card's Event gives (`actions:` among its effects; none).
pub fn event_actions(card: &crate::model::scenario::CardDef) -> u32 {
    card.effects
        .iter()
        .map(|e| match e {
            crate::model::scenario::Effect::Actions { actions } => *actions,
            _ => 0,
        })
        .sum()
}

/// Applies a legal action's effect on the board (for checking the next one).
pub fn apply_on_board(sc: &Scenario, b: &mut Sight, a: &Action, route: Option<&Route>) {
    match a {
        Action::Move { blocks, .. } | Action::Sail { fleets: blocks, .. } => {
            let to = route.map(|r| r.to().to_string()).unwrap_or_default();
            // 7.4: fleets entering their own besieged port join the besieged.
            let status = match (a, route) {
                (
                    Action::Sail {
                        fleets,
                        carry,
                        into,
                        ..
                    },
                    Some(r),
                ) if matches!(
                    super::movement::port_entry(sc, b, fleets, carry, r, *into),
                    Ok(true)
                ) =>
                {
                    Status::Besieged
                }
                _ => Status::Field,
            };
            let carry: &[String] = match a {
                Action::Sail { carry, .. } => carry,
                _ => &[],
            };
            for id in blocks.iter().chain(carry) {
                b.moved.insert(id.clone());
                if let Some(x) = b.own.iter_mut().find(|x| &x.id == id) {
                    x.at = to.clone();
                    x.status = status;
                }
            }
        }
        Action::Build(Build::Step(id)) => {
            *b.built.entry(id.clone()).or_default() += 1;
            if let Some(x) = b.own.iter_mut().find(|x| &x.id == id) {
                x.steps += 1;
            }
        }
        Action::Build(Build::Garrison(city)) => {
            if let Some(c) = b.cities.iter_mut().find(|c| &c.name == city) {
                c.built_garrison = true;
            }
        }
        Action::Build(Build::Block(_)) => b.drawn += 1,
        Action::Pillage(_) => {}
    }
}

/// 4.2: the rule a Build breaks, if any.
pub fn build_problem(sc: &Scenario, b: &Sight, what: &Build, pool_free: u32) -> Option<Problem> {
    match what {
        Build::Step(id) => step_problem(sc, b, id),
        Build::Block(city) => block_problem(sc, b, city, pool_free),
        Build::Garrison(city) => garrison_problem(b, city),
    }
}

/// A problem of the whole action (no part of it to point at).
fn whole(
    code: &'static str,
    message: String,
    label: &str,
    rule: &str,
    help: Option<String>,
) -> Option<Problem> {
    Some(Problem {
        code,
        message,
        label: label.to_string(),
        rule: rule.to_string(),
        help,
        part: Part::Whole,
    })
}

/// 4.2: a step built on block `id`: on the map, below its maximum, within the turn's
/// limit per block, in a city the side controls that is not besieged and blockaded.
fn step_problem(sc: &Scenario, b: &Sight, id: &String) -> Option<Problem> {
    let side = b.side.as_str();
    let x = b.block(id)?;
    if matches!(x.status, Status::Pool | Status::Eliminated) || x.kind == BlockKind::Garrison {
        return whole(
                "build-not-on-map",
                format!("{id} is not a block on the map"),
                "not on the map",
                "rule 4.2: Building adds a step to a block on the map; `build: <city>` draws a new block",
                None,
            );
    }
    if x.steps >= x.max {
        return whole(
            "build-full",
            format!("{id} already has its full {} steps", x.max),
            "at full strength",
            "rule 2.0: a block has at most its maximum steps",
            Some("build a step for another block".into()),
        );
    }
    let limit = sc.params.season.build_steps_per_block;
    if b.built.get(id).copied().unwrap_or(0) >= limit {
        return whole(
                "build-twice",
                format!("{id} has gained {limit} step(s) this turn already"),
                "built already",
                "rule 4.2 [A] params.season.build_steps_per_block: steps one block may gain in a player turn",
                None,
            );
    }
    let friendly = b.city(&x.at).is_some_and(|c| c.control == side);
    if !friendly {
        return whole(
            "build-not-in-city",
            format!("{id} is at {}, not in a city you control", x.at),
            "not in your city",
            "rule 4.2 [A]: a block gains steps in a city its side controls",
            Some("move it into one of your cities first".into()),
        );
    }
    if barred(b, &x.at) {
        return whole(
            "build-blockaded",
            format!("{} is besieged and blockaded", x.at),
            "besieged and blockaded",
            "rule 8.2.1: no Building in a port that is both besieged and blockaded",
            None,
        );
    }
    None
}

/// 4.2, 8.2.1: a new block drawn into `city`: a city the side controls, with room inside
/// if besieged (and not blockaded), and a pool block left for it (`pool_free`).
fn block_problem(sc: &Scenario, b: &Sight, city: &String, pool_free: u32) -> Option<Problem> {
    let side = b.side.as_str();
    let Some(c) = b.city(city) else {
        return whole(
            "build-not-in-city",
            format!("{city} has no city"),
            "no city here",
            "rule 4.2 [A]: new blocks are built in a city their side controls",
            None,
        );
    };
    if c.control != side {
        return whole(
            "build-not-your-city",
            format!("you do not control {city}"),
            "not your city",
            "rule 4.2 [A]: new blocks are built in a city their side controls",
            None,
        );
    }
    if c.siege.is_some() {
        // 8.2.1 [S]: no Building in a port both besieged and blockaded; elsewhere a
        // besieged city builds new blocks inside its walls within its capacity
        // unless [A] `params.season.build_in_besieged` says no.
        if barred(b, city) {
            return whole(
                "build-blockaded",
                format!("{city} is besieged and blockaded"),
                "besieged and blockaded",
                "rule 8.2.1: no Building in a port that is both besieged and blockaded",
                None,
            );
        }
        if !sc.params.season.build_in_besieged {
            return whole(
                    "build-besieged",
                    format!("{city} is besieged"),
                    "besieged",
                    "rule 4.2 [A] params.season.build_in_besieged: new blocks are not built in a besieged city",
                    None,
                );
        }
        let inside = b
            .own
            .iter()
            .filter(|x| x.at == *city && x.status == Status::Besieged && !x.is_garrison())
            .count() as u32;
        if inside >= siege::capacity(sc, city) {
            return whole(
                    "build-no-room",
                    format!(
                        "{city} holds {inside} block(s) inside its walls, its capacity (2 × its value)"
                    ),
                    "no room inside",
                    "rule 4.2, 7.1: a new block built in a besieged city stands inside its walls, within its capacity",
                    None,
                );
        }
    }
    if pool_free <= b.drawn {
        return whole(
                "build-empty-pool",
                format!("your pool has no block left that can be built in {city}"),
                "nothing to draw",
                "rule 4.2: new blocks are drawn from the pool (fleets only in coastal cities); earlier draws this turn count, whatever they drew",
                Some("build a step instead (`build: <block id>`)".into()),
            );
    }
    None
}

/// 4.2.3, 7.3: a garrison built in `city`: an enemy city the side has captured, with no
/// garrison yet.
fn garrison_problem(b: &Sight, city: &String) -> Option<Problem> {
    let side = b.side.as_str();
    let Some(c) = b.city(city) else {
        return whole(
            "garrison-not-captured",
            format!("{city} has no city"),
            "no city here",
            "rule 4.2.3: garrisons are built in captured enemy cities",
            None,
        );
    };
    if c.control != side || c.loyalty == side {
        return whole(
                "garrison-not-captured",
                format!("{city} is not an enemy city you have captured"),
                "not captured",
                "rule 4.2.3: garrisons are built in captured enemy cities (loyal cities have theirs, 7.3)",
                None,
            );
    }
    if c.built_garrison {
        return whole(
            "garrison-twice",
            format!("{city} has a garrison already"),
            "has one",
            "rule 7.3: one garrison per city",
            None,
        );
    }
    None
}

/// 8.2.1: a port both besieged and blockaded (the blockade mark the siege rules keep up to
/// date at the end of every phase; the side's view shows it).
fn barred(b: &Sight, city: &str) -> bool {
    b.city(city)
        .and_then(|c| c.siege.as_ref())
        .is_some_and(|s| s.blockaded.is_some())
}

/// 5.5 [A]: the rule a Pillage breaks, if any.
pub fn pillage_problem(
    sc: &Scenario,
    b: &Sight,
    year: i32,
    season: Season,
    city: &str,
    pillaged: &[String],
) -> Option<Problem> {
    let p = |code, message: String, label: &str, rule: &str, help: Option<String>| {
        Some(Problem {
            code,
            message,
            label: label.to_string(),
            rule: rule.to_string(),
            help,
            part: Part::Whole,
        })
    };
    let side = b.side.as_str();
    let c = b.city(city)?;
    if b.marks.truce {
        return p(
            "event-truce",
            format!("a truce holds this season: no pillage of {city}"),
            "a truce",
            "rule 1.0 [A] a card Event in force (`truce`): no battle, assault, pillage or sortie is started this season",
            None,
        );
    }
    if c.control == side || c.control == "neutral" {
        return p(
            "pillage-not-enemy",
            format!("{city} is not an enemy city"),
            "not an enemy city",
            "rule 5.5 [A]: pillage ravages the land of an enemy city",
            None,
        );
    }
    let mine_around = b.own.iter().any(|x| {
        x.at == city
            && matches!(x.status, Status::Field | Status::Besieging)
            && x.kind != BlockKind::Fleet
    });
    if !mine_around || b.enemy_hold.get(city).copied().unwrap_or(0) > 0 {
        return p(
            "pillage-not-held",
            format!("you do not hold the land around {city}"),
            "not held",
            "rule 5.5 [A]: land blocks of yours must hold the city's area, with no enemy block outside the walls",
            Some(format!("move land blocks into {city} first")),
        );
    }
    if sc.params.season.pillage_needs_siege {
        let ok = c.siege.as_ref().is_some_and(|s| {
            s.besieger == side && siege::when(s.year, s.season) < siege::when(year, season)
        });
        if !ok {
            return p(
                "pillage-no-siege",
                format!("your siege of {city} was not established in an earlier season"),
                "no established siege",
                "rule 7.2, 5.5 [A] params.season.pillage_needs_siege: a besieged city is subject to Pillage in the turns after its siege is established",
                None,
            );
        }
    }
    if c.ravaged || pillaged.iter().any(|x| x == city) {
        return p(
            "pillage-ravaged",
            format!("{city} is already ravaged this year"),
            "ravaged",
            "rule 5.5 [A]: a ravaged city is not pillaged again before the year ends (9.53 removes the mark)",
            None,
        );
    }
    None
}

/// The pool blocks that can be built in `city` (fleets only in coastal cities), in game
/// file order: the canonical order of the draw.
pub fn pool_for<'b>(sc: &Scenario, own: &'b [Block], city: &str) -> Vec<&'b Block> {
    let coastal = sc.area(city).is_some_and(|a| !a.seas.is_empty());
    own.iter()
        .filter(|x| x.status == Status::Pool && (x.kind != BlockKind::Fleet || coastal))
        .collect()
}
