//! Movement in a player turn's Actions phase (2.0, 5.21, 7.4): which land moves, naval
//! moves, transports and landings are legal, as pure functions over a `Sight`.
//!
//! A `Sight` is what one side knows: its own blocks, where enemy blocks stand (as counts),
//! the cities. It is built from the side's view when orders are checked and from the
//! state when they are resolved, so both apply exactly the same rules and a check can
//! never use what the side may not see. Each rule broken is a `Problem` naming the rule,
//! the part of the order at fault (for the caret) and a fix.

use super::siege;
use crate::model::orders::Landing;
use crate::model::scenario::BlockKind;
use crate::model::scenario::Scenario;
use crate::model::sight::Sight;
use crate::model::state::Block;
use crate::model::state::State;
use crate::model::state::Status;
use std::collections::BTreeSet;

/// Which part of an order a problem is about (for the caret).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The whole action.
    Whole,
    /// The i-th block named.
    Block(usize),
    /// The i-th place of the path as written.
    Path(usize),
    /// The i-th carried block.
    Carry(usize),
}

/// A broken rule.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    /// `orders::<code>`.
    pub code: &'static str,
    pub message: String,
    pub label: String,
    pub rule: String,
    pub help: Option<String>,
    pub part: Part,
}

fn problem(
    code: &'static str,
    part: Part,
    message: String,
    label: &str,
    rule: &str,
    help: Option<String>,
) -> Problem {
    Problem {
        code,
        message,
        label: label.to_string(),
        rule: rule.to_string(),
        help,
        part,
    }
}

/// A move as carried out: where the blocks went, step by step.
#[derive(Debug, Clone, PartialEq)]
pub struct Route {
    /// The start, then every place entered.
    pub places: Vec<String>,
    /// The index in the written path of each entered place (for the caret).
    pub written: Vec<usize>,
}

impl Route {
    pub fn from(&self) -> &str {
        &self.places[0]
    }
    pub fn to(&self) -> &str {
        self.places.last().expect("a route has a start")
    }
    /// The place the blocks were in before the last one (where attackers came from).
    pub fn came_from(&self) -> &str {
        &self.places[self.places.len().saturating_sub(2)]
    }
}

fn is_sea(sc: &Scenario, place: &str) -> bool {
    sc.sea(place).is_some()
}

/// Whether `place` is a neutral city-state closed to movement ([A] `season.neutral_closed`).
pub fn neutral_closed(sc: &Scenario, b: &Sight, place: &str) -> bool {
    sc.params.season.neutral_closed && b.city(place).is_some_and(|c| c.control == "neutral")
}

/// The start of the blocks named (all must stand together) and the route of `path`.
fn start_of(b: &Sight, ids: &[String]) -> Result<String, Problem> {
    let first = b.block(&ids[0]).expect("ids are the side's own blocks");
    for (i, id) in ids.iter().enumerate().skip(1) {
        let x = b.block(id).expect("ids are the side's own blocks");
        if x.at != first.at {
            return Err(problem(
                "not-together",
                Part::Block(i),
                format!("{id} is at {}, not with {} at {}", x.at, first.id, first.at),
                &format!("at {}", x.at),
                "rule 2.0 [A]: one move action moves blocks that start in the same place, along one path",
                Some("give each group its own action".into()),
            ));
        }
    }
    Ok(first.at.clone())
}

fn common_checks(b: &Sight, ids: &[String]) -> Result<(), Problem> {
    if ids.is_empty() {
        return Err(problem(
            "no-blocks",
            Part::Whole,
            "the action names no block".into(),
            "no block",
            "rule 2.0: a move moves blocks",
            Some("name at least one of your blocks".into()),
        ));
    }
    for (i, id) in ids.iter().enumerate() {
        let x = b.block(id).expect("ids are the side's own blocks");
        if matches!(x.status, Status::Pool | Status::Eliminated) {
            return Err(problem(
                "not-on-map",
                Part::Block(i),
                format!(
                    "{id} is {}",
                    if x.status == Status::Pool {
                        "in your pool"
                    } else {
                        "eliminated"
                    }
                ),
                "not on the map",
                "rule 2.0: only blocks on the map move",
                Some("blocks in the pool come onto the map by Building (`build: <city>`)".into()),
            ));
        }
        if b.moved.contains(id) {
            return Err(problem(
                "moved-twice",
                Part::Block(i),
                format!("{id} has already moved this turn"),
                "moved by an earlier action",
                "rule 2.0 [A]: each block moves once per player turn",
                Some("write one move with the whole path instead".into()),
            ));
        }
        if let Some(rule) = siege::movement_barred_rule(x) {
            if x.kind != BlockKind::Fleet {
                return Err(problem(
                    "besieged-cannot-move",
                    Part::Block(i),
                    format!("{id} is besieged in {} and cannot move", x.at),
                    "besieged",
                    rule,
                    Some(if x.kind == BlockKind::Garrison {
                        "a garrison only defends its city; it never sorties (8.3)".to_string()
                    } else {
                        format!(
                            "to break the siege, write `sortie: {{ from: {}, blocks: [{id}] }}` under combat",
                            x.at
                        )
                    }),
                ));
            }
        }
        if ids[..i].contains(id) {
            return Err(problem(
                "named-twice",
                Part::Block(i),
                format!("{id} is named twice"),
                "named twice",
                "rule 2.0: a block moves once",
                Some("name it once".into()),
            ));
        }
    }
    Ok(())
}

/// 1.0 [A] What the card Events in force this season forbid a move (`Sight::marks`): to
/// leave or enter a halted land area, a fleet to leave or enter a closed sea, and under a
/// truce to enter a place where enemy blocks stand outside walls (a battle would follow).
fn marks_allow(
    b: &Sight,
    start: &str,
    steps: &[(usize, &String)],
    fleets: bool,
) -> Result<(), Problem> {
    let m = &b.marks;
    if m.halted.contains(start) || (fleets && m.closed.contains(start)) {
        return Err(problem(
            "event-halt",
            Part::Block(0),
            format!("no block may move out of {start} this season"),
            "held by a card Event",
            "rule 1.0 [A] a card Event in force (`halt`, `closed`): no move into or out of that place this season",
            Some("move other blocks; these may move next season".into()),
        ));
    }
    for (wi, p) in steps {
        if m.halted.contains(*p) || (fleets && m.closed.contains(*p)) {
            return Err(problem(
                "event-halt",
                Part::Path(*wi),
                format!("no block may move into {p} this season"),
                "closed by a card Event",
                "rule 1.0 [A] a card Event in force (`halt`, `closed`): no move into or out of that place this season",
                Some(format!("go around {p}")),
            ));
        }
        if m.truce && b.enemy_at(p) {
            return Err(problem(
                "event-truce",
                Part::Path(*wi),
                format!("enemy blocks are at {p}: entering would start a battle during the truce"),
                "a battle in a truce",
                "rule 1.0 [A] a card Event in force (`truce`): no battle, assault, pillage or sortie is started this season",
                Some(format!("end the move before {p}")),
            ));
        }
    }
    Ok(())
}

/// The written path as places entered: a path may begin with the start (as in
/// `path: [Sparta, Tegea, Argos]`) or with the first place entered.
fn entered<'p>(start: &str, path: &'p [String]) -> Vec<(usize, &'p String)> {
    let skip = usize::from(path.first().is_some_and(|p| p == start));
    path.iter().enumerate().skip(skip).collect()
}

/// 2.0: only land blocks march; a fleet in the group is refused (it sails).
fn no_fleet_marches(b: &Sight, ids: &[String]) -> Result<(), Problem> {
    for (i, id) in ids.iter().enumerate() {
        let x = b.block(id).expect("own block");
        if x.kind == BlockKind::Fleet {
            return Err(problem(
                "fleet-on-land",
                Part::Block(i),
                format!("{id} is a fleet: fleets move by sea"),
                "a fleet",
                "rule 2.0: fleets move up to 5 seas (`sail`)",
                Some(format!("write `- sail: {id}` with a path of seas")),
            ));
        }
    }
    Ok(())
}

/// 2.0, 5.21: one step of a land move, from `here` into `p` (path entry `wi`): a land
/// area next to `here` by land, never a sea.
fn next_by_land(sc: &Scenario, here: &str, p: &str, wi: usize) -> Result<(), Problem> {
    if is_sea(sc, p) {
        return Err(problem(
            "land-to-sea",
            Part::Path(wi),
            format!("{p} is a sea"),
            "a sea",
            "rule 5.21: land blocks cross the sea only carried by a fleet",
            Some("sail a fleet with `carry:` to take land blocks by sea".into()),
        ));
    }
    let adjacent = sc.area(here).is_some_and(|a| a.land.iter().any(|l| l == p));
    if !adjacent {
        let near = sc.area(here).map(|a| a.land.join(", ")).unwrap_or_default();
        return Err(problem(
            "not-adjacent",
            Part::Path(wi),
            format!("{p} is not next to {here} by land"),
            &format!("not adjacent to {here}"),
            "rule 2.0: a land move goes from area to adjacent area",
            Some(format!("areas next to {here}: {near}")),
        ));
    }
    Ok(())
}

/// 2.0 A land move of `ids` along `path`: land areas, each adjacent to the one before,
/// at most `land_move` areas (`cavalry_move` when every block is cavalry); a move ends on
/// entering a place enemy blocks hold ([A] `season.engagement_stops`).
pub fn land_move(
    sc: &Scenario,
    b: &Sight,
    ids: &[String],
    path: &[String],
) -> Result<Route, Problem> {
    common_checks(b, ids)?;
    no_fleet_marches(b, ids)?;
    let start = start_of(b, ids)?;
    if is_sea(sc, &start) {
        return Err(problem(
            "at-sea",
            Part::Block(0),
            format!("{} is at sea ({start})", ids[0]),
            "at sea",
            "rule 5.21: land blocks at sea travel only on fleets",
            Some("land blocks are carried with `carry:` on a fleet's `sail`".into()),
        ));
    }
    let steps = entered(&start, path);
    if steps.is_empty() {
        return Err(problem(
            "empty-path",
            Part::Whole,
            "the path enters no area".into(),
            "no move",
            "rule 2.0: a move enters at least one area",
            Some(format!("write the areas entered after {start}")),
        ));
    }
    marks_allow(b, &start, &steps, false)?;
    let all_cavalry = ids
        .iter()
        .all(|id| b.block(id).is_some_and(|x| x.kind == BlockKind::Cavalry));
    let base = if all_cavalry {
        sc.params.cavalry_move
    } else {
        sc.params.land_move
    };
    // 1.0 [A] a `march` Event in force lets the side's land blocks go further.
    let march = b.marks.march.get(&b.side).copied().unwrap_or(0);
    let limit = base.max(march);
    let mut places = vec![start.clone()];
    let mut written = vec![0];
    for (n, (wi, p)) in steps.iter().enumerate() {
        let here = places.last().expect("start").clone();
        next_by_land(sc, &here, p, *wi)?;
        if n as u32 >= limit {
            return Err(problem(
                "too-far",
                Part::Path(*wi),
                format!("{p} is more than {limit} areas away"),
                &format!("area {} of the move", n + 1),
                if march > base {
                    "rule 1.0 [A] a card Event in force (`march`) sets how far the side's land blocks move this season"
                } else if all_cavalry {
                    "rule 2.0: cavalry moves up to 3 areas (params.cavalry_move)"
                } else {
                    "rule 2.0: land blocks move up to 2 areas, cavalry 3 (a group with any non-cavalry block moves as land)"
                },
                Some(format!("end the move at {here}; go on next season")),
            ));
        }
        if neutral_closed(sc, b, p) {
            return Err(problem(
                "neutral",
                Part::Path(*wi),
                format!("{p} is a neutral city-state"),
                "neutral",
                "rule [A] params.season.neutral_closed: neutral city-states cannot be entered",
                Some("go around it".into()),
            ));
        }
        if sc.params.season.engagement_stops && b.holds(&here) && n > 0 {
            let wi_prev = steps[n - 1].0;
            return Err(problem(
                "must-stop",
                Part::Path(wi_prev),
                format!("the move must stop at {here}: enemy blocks are there"),
                "enemy blocks here",
                "rule 2.0 [A] params.season.engagement_stops: a move ends on entering a place enemy blocks hold",
                Some(format!("end the path at {here}; the battle follows in the Combat phase")),
            ));
        }
        places.push(p.to_string());
        written.push(*wi);
    }
    Ok(Route { places, written })
}

/// 7.4, page 9 ("Fleets may also enter a besieged Port by way of its Offshore Sea"): where
/// a naval move `r` ends. `Ok(true)`: the fleets (and the land blocks they carry) enter
/// their own besieged port by way of its offshore sea and join the besieged, within the
/// capacity (2 × value, garrisons apart) — the default there, or `into: walls`; `Ok(false)`:
/// they land in the area as usual (an amphibious attack on the besiegers where they are,
/// `into: field`). `into: walls` anywhere else, or with no room, is refused.
pub fn port_entry(
    sc: &Scenario,
    b: &Sight,
    fleets: &[String],
    carry: &[String],
    r: &Route,
    into: Option<Landing>,
) -> Result<bool, Problem> {
    let city = r.to();
    let own_besieged = b.city(city).is_some_and(|c| c.control == b.side) && b.besieged(city);
    let sea = siege::offshore(sc, city);
    let by_offshore = r.places.len() >= 2 && sea.as_deref() == Some(r.came_from());
    match into {
        Some(Landing::Field) => return Ok(false),
        None if !(own_besieged && by_offshore) => return Ok(false),
        _ => {}
    }
    let rule = "rule 7.4, page 9: fleets may enter their own besieged port by way of its offshore sea, joining the besieged";
    if !own_besieged {
        return Err(problem(
            "not-your-besieged-port",
            Part::Whole,
            format!("{city} is not a besieged city of yours: `into: walls` enters one"),
            "not your besieged port",
            rule,
            Some("leave out `into`, or write `into: field`".into()),
        ));
    }
    let Some(sea) = sea.filter(|_| by_offshore) else {
        return Err(problem(
            "besieged-port-only-by-offshore-sea",
            Part::Whole,
            match siege::offshore(sc, city) {
                Some(s) => {
                    format!("a besieged port is entered only by way of its offshore sea, {s}")
                }
                None => format!("{city} is not a port: fleets cannot enter its walls"),
            },
            "not by its offshore sea",
            rule,
            Some("write `into: field` to land and attack the besiegers".into()),
        ));
    };
    let inside = b
        .own
        .iter()
        .filter(|x| x.at == city && x.status == Status::Besieged && siege::counts_for_capacity(x))
        // Blocks of this move that were inside have left it on the way out (7.4).
        .filter(|x| !fleets.contains(&x.id) && !carry.contains(&x.id))
        .count();
    let cap = siege::capacity(sc, city) as usize;
    let need = fleets.len() + carry.len();
    if inside + need > cap {
        return Err(problem(
            "no-room-inside",
            Part::Whole,
            format!(
                "{city} has room for {} more block(s) inside its walls (capacity {cap}: 2 × its value), not {need}",
                cap.saturating_sub(inside)
            ),
            "no room inside",
            "rule 7.4, 7.1: the besieged stay within the city's capacity (2 × its value, garrisons apart)",
            Some(format!(
                "enter with fewer blocks, or write `into: field` to land from {sea} and attack the besiegers"
            )),
        ));
    }
    Ok(true)
}

/// 2.0: only fleets sail; a land block in the group is refused (it is carried).
fn only_fleets_sail(b: &Sight, ids: &[String]) -> Result<(), Problem> {
    for (i, id) in ids.iter().enumerate() {
        let x = b.block(id).expect("own block");
        if x.kind != BlockKind::Fleet {
            return Err(problem(
                "not-a-fleet",
                Part::Block(i),
                format!("{id} is not a fleet"),
                "a land block",
                "rule 2.0: only fleets sail; land blocks go by sea carried by a fleet (5.21)",
                Some(format!(
                    "write `carry: [{id}]` on the fleet's `sail` action"
                )),
            ));
        }
    }
    Ok(())
}

/// 2.0, 7.4: one step of a naval move from `here` (a sea, or the coastal area it starts
/// in) into the sea `p` (path entry `wi`): next to `here`; on the first step of fleets
/// besieged in a port (`exit`), only the port's offshore sea.
fn next_by_sea(
    sc: &Scenario,
    here: &str,
    p: &str,
    wi: usize,
    exit: Option<&str>,
) -> Result<(), Problem> {
    let here_is_sea = is_sea(sc, here);
    let ok = if here_is_sea {
        sc.sea(here).is_some_and(|s| s.seas.iter().any(|x| x == p))
    } else {
        sc.area(here).is_some_and(|a| a.seas.iter().any(|x| x == p))
    };
    if !ok {
        let near = if here_is_sea {
            sc.sea(here).map(|s| s.seas.join(", "))
        } else {
            sc.area(here).map(|a| a.seas.join(", "))
        }
        .unwrap_or_default();
        return Err(problem(
            "not-adjacent",
            Part::Path(wi),
            format!("{p} is not next to {here}"),
            &format!("not adjacent to {here}"),
            "rule 2.0: a naval move goes from sea to adjacent sea",
            Some(format!("seas next to {here}: {near}")),
        ));
    }
    if let Some(sea) = exit {
        if sea != p {
            return Err(problem(
                "besieged-port-exit",
                Part::Path(wi),
                format!("a fleet besieged in {here} can only sail out to {sea}"),
                &format!("not {sea}"),
                "rule 7.4: fleets besieged in a port may move to the port's offshore sea (only)",
                Some(format!("start the path with {sea}")),
            ));
        }
    }
    Ok(())
}

/// 2.0: a naval move's step from `here` into the coastal area `p` (path entry `wi`): an
/// area on the map that touches the sea `here`, not a closed neutral city-state.
fn ashore_from_sea(
    sc: &Scenario,
    b: &Sight,
    here: &str,
    p: &str,
    wi: usize,
) -> Result<(), Problem> {
    let here_is_sea = is_sea(sc, here);
    // Entering a coastal area from the sea.
    let Some(area) = sc.area(p) else {
        return Err(problem(
            "unknown-place",
            Part::Path(wi),
            format!("{p} is not on the map"),
            "unknown",
            "rule 2.0",
            None,
        ));
    };
    if !here_is_sea || !area.seas.iter().any(|x| x == here) {
        return Err(problem(
            "not-adjacent",
            Part::Path(wi),
            format!("{p} does not touch {here}"),
            &format!("not on {here}"),
            "rule 2.0: a fleet enters a coastal area from a sea it touches",
            Some(if here_is_sea {
                format!(
                    "coastal areas on {here}: {}",
                    sc.areas
                        .iter()
                        .filter(|a| a.seas.iter().any(|x| x == here))
                        .map(|a| a.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            } else {
                "sail to a sea first".into()
            }),
        ));
    }
    if neutral_closed(sc, b, p) {
        return Err(problem(
            "neutral",
            Part::Path(wi),
            format!("{p} is a neutral city-state"),
            "neutral",
            "rule [A] params.season.neutral_closed: neutral city-states cannot be entered",
            None,
        ));
    }
    Ok(())
}

/// 5.21 Transport: the land blocks `carry` a naval move of the fleets `ids` from `start`
/// to `end` takes along: the side's own land blocks (no garrison) at `start`, not moving
/// themselves, each on a fleet with more steps, and landed at the end (never left at
/// sea).
fn cargo_problem(
    sc: &Scenario,
    b: &Sight,
    ids: &[String],
    carry: &[String],
    start: &str,
    end: &str,
) -> Result<(), Problem> {
    common_checks(b, carry).map_err(|mut p| {
        if let Part::Block(i) = p.part {
            p.part = Part::Carry(i);
        }
        p
    })?;
    for (i, id) in carry.iter().enumerate() {
        let x = b.block(id).expect("own block");
        if x.kind == BlockKind::Fleet || x.kind == BlockKind::Garrison {
            return Err(problem(
                "cannot-carry",
                Part::Carry(i),
                format!("{id} is not a land block that can be carried"),
                "not carried",
                "rule 5.21: fleets carry land blocks",
                None,
            ));
        }
        if x.at != start {
            return Err(problem(
                "cannot-carry",
                Part::Carry(i),
                format!("{id} is at {}, not with the fleet at {start}", x.at),
                &format!("at {}", x.at),
                "rule 5.21: a fleet carries land blocks from the place it starts",
                None,
            ));
        }
        if ids.contains(id) {
            return Err(problem(
                "named-twice",
                Part::Carry(i),
                format!("{id} is named twice"),
                "named twice",
                "rule 2.0: a block moves once",
                Some("name it once".into()),
            ));
        }
    }
    let fleets: Vec<&Block> = ids.iter().filter_map(|id| b.block(id)).collect();
    let cargo: Vec<&Block> = carry.iter().filter_map(|id| b.block(id)).collect();
    if let Err(i) = super::transport::assign_carriers(sc, &fleets, &cargo) {
        return Err(problem(
            "cannot-carry",
            Part::Carry(i),
            format!(
                "no fleet of this move can carry {} ({} steps)",
                carry[i], cargo[i].steps
            ),
            "too big for the fleets",
            "rule 5.21: a fleet carries a land block with fewer steps than itself ([A] params.season.transport_per_fleet blocks per fleet)",
            Some("add a larger fleet, or carry a smaller block".into()),
        ));
    }
    if is_sea(sc, end) {
        return Err(problem(
            "cargo-must-land",
            Part::Whole,
            format!("the carried blocks would be left at sea in {end}"),
            "carrying land blocks",
            "rule 5.21 [A]: carried land blocks land at the end of the move, in a coastal area",
            Some("end the path in a coastal area (a landing)".into()),
        ));
    }
    Ok(())
}

/// 2.0, 5.21, 7.4 A naval move of fleets `ids` along `path`, carrying `carry`: seas, each
/// adjacent to the one before, at most `fleet_move` seas; a fleet stops on entering a
/// coastal area (it may end there: a landing, with its cargo) and on entering a sea enemy
/// fleets hold. A besieged fleet leaves only through its port's offshore sea (7.4).
/// Carried land blocks start with the fleets and must land at the end of the move.
pub fn naval_move(
    sc: &Scenario,
    b: &Sight,
    ids: &[String],
    path: &[String],
    carry: &[String],
) -> Result<Route, Problem> {
    common_checks(b, ids)?;
    only_fleets_sail(b, ids)?;
    let start = start_of(b, ids)?;
    let steps = entered(&start, path);
    if steps.is_empty() {
        return Err(problem(
            "empty-path",
            Part::Whole,
            "the path enters no sea".into(),
            "no move",
            "rule 2.0: a naval move enters at least one sea",
            None,
        ));
    }
    marks_allow(b, &start, &steps, true)?;
    // 7.4: a besieged fleet may move out to its port's offshore sea only.
    let exit = ids
        .iter()
        .find_map(|id| b.block(id).and_then(|x| siege::besieged_fleet_exit(sc, x)));
    let mut places = vec![start.clone()];
    let mut written = vec![0];
    let mut seas = 0u32;
    for (n, (wi, p)) in steps.iter().enumerate() {
        let here = places.last().expect("start").clone();
        let here_is_sea = is_sea(sc, &here);
        if n > 0 && !here_is_sea {
            let wi_prev = steps[n - 1].0;
            return Err(problem(
                "fleet-stops",
                Part::Path(wi_prev),
                format!("the fleet stops on entering {here}, a coastal area"),
                "the move ends here",
                "rule 2.0: a fleet stops on entering a coastal area",
                Some(format!("end the path at {here}")),
            ));
        }
        if n > 0 && sc.params.season.engagement_stops && b.holds(&here) {
            let wi_prev = steps[n - 1].0;
            return Err(problem(
                "must-stop",
                Part::Path(wi_prev),
                format!("the move must stop at {here}: enemy fleets are there"),
                "enemy fleets here",
                "rule 2.0 [A] params.season.engagement_stops: a move ends on entering a place enemy blocks hold",
                Some(format!("end the path at {here}; the naval battle follows in the Combat phase")),
            ));
        }
        if is_sea(sc, p) {
            let first = if n == 0 { exit.as_deref() } else { None };
            next_by_sea(sc, &here, p, *wi, first)?;
            seas += 1;
            if seas > sc.params.fleet_move {
                return Err(problem(
                    "too-far",
                    Part::Path(*wi),
                    format!(
                        "{p} is sea number {seas}: fleets move up to {} seas",
                        sc.params.fleet_move
                    ),
                    "too far",
                    "rule 2.0: fleets move up to 5 seas (params.fleet_move)",
                    Some(format!("end the move at {here}; sail on next season")),
                ));
            }
        } else {
            ashore_from_sea(sc, b, &here, p, *wi)?;
        }
        places.push(p.to_string());
        written.push(*wi);
    }
    let end = places.last().expect("start").clone();
    // 5.21 Transport.
    if !carry.is_empty() {
        cargo_problem(sc, b, ids, carry, &start, &end)?;
    }
    Ok(Route { places, written })
}

/// Blocks `side` has in `place` that fight there (on the map, not besieged inside walls,
/// not garrisons), in game file order.
pub fn fighters_at<'s>(st: &'s State, place: &str, side: &str) -> Vec<&'s Block> {
    st.blocks
        .iter()
        .filter(|b| b.side == side && b.at == place && b.stops_enemy())
        .collect()
}

/// The acting side's board from the state, with the blocks that have already moved this
/// turn (resolution re-checks every action against the state as it then is).
pub fn state_board(sc: &Scenario, st: &State, side: &str, moved: &BTreeSet<String>) -> Sight {
    let mut b = Sight::from_state(sc, st, side);
    b.moved = moved.clone();
    b
}

/// 2.0 [A] Retreat: where a block that must leave `from` goes, or `None` (eliminated).
/// Candidates: land blocks to adjacent land areas, fleets in a sea to adjacent seas or to
/// a coastal area of that sea whose city their side controls, fleets in a coastal area to
/// its seas; never into a place the enemy holds, a city the enemy controls (its garrison
/// holds it, 3 [S]) or a closed neutral city-state. Order of
/// preference: the owner's `standing.retreat` for `from`; for an attacker the place it
/// came from; places whose city the owner controls; then map order.
pub fn retreat_to(
    sc: &Scenario,
    st: &State,
    block: &Block,
    from: &str,
    came_from: Option<&str>,
) -> Option<String> {
    let side = block.side.as_str();
    let board = Sight::from_state(sc, st, side);
    let mut cands: Vec<String> = Vec::new();
    if block.kind == BlockKind::Fleet {
        if let Some(s) = sc.sea(from) {
            cands.extend(s.seas.iter().cloned());
            cands.extend(
                sc.areas
                    .iter()
                    .filter(|a| a.seas.contains(&s.name))
                    .filter(|a| board.city(&a.name).is_some_and(|c| c.control == side))
                    .map(|a| a.name.clone()),
            );
        } else if let Some(a) = sc.area(from) {
            cands.extend(a.seas.iter().cloned());
        }
    } else if let Some(a) = sc.area(from) {
        cands.extend(a.land.iter().cloned());
    }
    // 3 City control [S]: a vacant city is its loyalty's, and "garrisons of loyal cities
    // are always present": a city the enemy controls is held even with no enemy block in
    // it (Thebes just left by its attackers), so no routed block retreats into it.
    let enemy_city = |p: &String| {
        board
            .city(p)
            .is_some_and(|c| c.control != side && c.control != "neutral")
    };
    cands.retain(|p| !board.holds(p) && !neutral_closed(sc, &board, p) && !enemy_city(p));
    let prefer = st
        .standing
        .get(side)
        .and_then(|s| s.retreat.get(from))
        .cloned();
    let friendly = |p: &String| board.city(p).is_some_and(|c| c.control == side);
    let mut ranked: Vec<(u8, usize, String)> = cands
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            let rank = if Some(&p) == prefer.as_ref() {
                0
            } else if Some(p.as_str()) == came_from {
                1
            } else if friendly(&p) {
                2
            } else {
                3
            };
            (rank, i, p)
        })
        .collect();
    ranked.sort();
    ranked.into_iter().next().map(|(_, _, p)| p)
}
