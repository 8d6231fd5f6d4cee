//! Winter (9.x, page 9): the last season of the year, resolved as ONE adjudication step in
//! which both sides act at once from orders written in advance: the overwintering moves
//! (Quartering, Returning, Return battles), the two winter combat phases, and what becomes
//! of blocks that found no winter quarters. The game then awaits the end of the year
//! (`Phase::YearEnd`, `year`).
//!
//! Why one step and not three (moves, siege-breaking combat, siege combat): no card is
//! played in Winter ([A]: there is no initiative, so no side moves first); the two sides'
//! winter moves are simultaneous and pass enemy forces, so neither needs to see the
//! other's first; every combat order of the two phases only needs the state it is
//! resolved against, and is void (and reported so) when that state no longer allows it
//! (a sortie from a city whose besiegers went home, attrition by besiegers that left); and
//! play by e-mail gains a season with one turn instead of three. What a player cannot do is
//! choose his phase-2 attrition after seeing his phase-1 sortie: attrition costs nothing,
//! so ordering it anyway loses nothing.
//!
//! The order of the Winter step (docs/rules-coverage.md §5):
//! 1. Overwintering: every winter move of both sides at once. A move is checked against
//!    the state before any move; enemy blocks that make a winter move themselves are gone
//!    when the moves arrive. A Return move that meets an enemy siege or blockade of its
//!    home city held by enemy blocks that stay ends in a Return battle.
//! 2. First winter combat phase (the besieged side's siege-breaking combat): Return battles
//!    (areas in map order, then seas; stream `winter:battle:<place>`), then sorties (8.3,
//!    cities in map order, stream `siege:<City>:sortie`).
//! 3. Second winter combat phase (the besiegers' siege combat): siege attrition (8.2, 1–3
//!    hits, Supplied besiegers only, 9.22), cities in map order; assaults only with [A]
//!    `params.winter.assault`. No block can initiate combat in both phases: phase 1 is
//!    initiated by besieged blocks and by blocks returning home, phase 2 by besiegers, and
//!    no block is both in one Winter.
//! 4. End of Winter: a block on the map must be in a friendly unbesieged city within its
//!    capacity (arrivals first, page 9), besieged in a city, or a Supplied besieger or
//!    blockading fleet ([A] `params.winter.besiegers_need_supply`); the others meet [A]
//!    `params.winter.unwintered`. Then sieges and control settle.
//!
//! Pure: no I/O, no clock. Order forms and checks: `check::winter_orders`; events:
//! `model::events::winter`.

use crate::model::battle::Fighter;
use crate::model::battle::{BattleOutcome, BattleSetup};
use crate::model::orders::Verb;
use crate::model::orders::WinterMove;
use crate::model::params::Captors;
use crate::model::params::Unwintered;

use super::battle;
use super::control;
use super::movement;
use super::movement::Part;
use super::movement::Problem;
use super::season;
use super::siege;
use crate::model::dice;
use crate::model::events::season::SeasonEvent;
use crate::model::events::siege::SiegeEvent;
use crate::model::events::winter::Part as Stage;
use crate::model::events::winter::Why;
use crate::model::events::winter::WinterEvent;
use crate::model::events::Event;
use crate::model::orders::Orders;
use crate::model::orders::SiegeOrder;
use crate::model::scenario::BlockKind;
use crate::model::scenario::Scenario;
use crate::model::sight::Sight;
use crate::model::state::Block;
use crate::model::state::Phase;
use crate::model::state::State;
use crate::model::state::Status;
use dikast_core::dice::{DiceRecord, Shown, TurnDice};
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// 9.22 [A]: whether `k`'s side's siege of `city` is Supplied.
fn supplied(sc: &Scenario, k: &Sight, city: &str) -> bool {
    siege::supplied(sc, &k.cities, &k.own, &k.side, city)
}

/// `k`'s side's blocks that occupy room in `city` (garrisons apart), in game file order.
fn occupants<'k>(k: &'k Sight, city: &str) -> Vec<&'k Block> {
    k.own
        .iter()
        .filter(|b| {
            b.at == city && !b.is_garrison() && matches!(b.status, Status::Field | Status::Besieged)
        })
        .collect()
}

/// Where a block stands as Winter sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Where {
    /// Inside the walls of a besieged city: it winters there (7.4: it cannot move).
    Besieged(String),
    /// In a friendly unbesieged city: it winters there if there is room.
    InCity(String),
    /// Around a city its side besieges.
    Besieger(String),
    /// A fleet at sea blockading a city its side besieges (8.2.1, 8.2.2).
    Blockader(String),
    /// A fleet at sea, blockading nothing.
    AtSea,
    /// In the field: an area without a city, or a city its side does not control.
    Outside,
}

/// 8.2.1, 8.2.2: whether a fleet in `sea` blockades `city`.
fn blockades(sc: &Scenario, city: &str, sea: &str) -> bool {
    siege::offshore(sc, city).as_deref() == Some(sea)
        || (city == sc.params.siege.grain_city
            && sc.params.siege.grain_seas.iter().any(|s| s == sea))
}

/// Where `b` (one of `k`'s side) stands as Winter sees it.
pub fn situation(sc: &Scenario, k: &Sight, b: &Block) -> Where {
    let side = b.side.as_str();
    if b.status == Status::Besieged {
        return Where::Besieged(b.at.clone());
    }
    if let Some(c) = k.city(&b.at) {
        if c.siege.as_ref().is_some_and(|s| s.besieger == side) {
            return Where::Besieger(c.name.clone());
        }
        if c.control == side && !k.besieged(&c.name) {
            return Where::InCity(c.name.clone());
        }
        return Where::Outside;
    }
    if sc.sea(&b.at).is_some() {
        let blockaded = k.cities.iter().find(|c| {
            c.siege.as_ref().is_some_and(|s| s.besieger == side) && blockades(sc, &c.name, &b.at)
        });
        return match blockaded {
            Some(c) => Where::Blockader(c.name.clone()),
            None => Where::AtSea,
        };
    }
    Where::Outside
}

/// Why `b` must make an overwintering move to have winter quarters (capacity apart), or
/// `None` when it may winter where it stands.
pub fn must_winter(sc: &Scenario, k: &Sight, b: &Block) -> Option<Why> {
    match situation(sc, k, b) {
        Where::Besieged(_) | Where::InCity(_) => None,
        Where::Besieger(c) | Where::Blockader(c) => (sc.params.winter.besiegers_need_supply
            && !supplied(sc, k, &c))
        .then_some(Why::Unsupplied),
        Where::AtSea => Some(Why::AtSea),
        Where::Outside => Some(Why::Outside),
    }
}

/// The order of places on the map: areas in map order, then seas.
pub fn map_index(sc: &Scenario, place: &str) -> usize {
    sc.areas
        .iter()
        .position(|a| a.name == place)
        .or_else(|| {
            sc.seas
                .iter()
                .position(|s| s.name == place)
                .map(|i| sc.areas.len() + i)
        })
        .unwrap_or(usize::MAX)
}

/// How a winter move enters its city.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// Unopposed; `inside`: into a besieged city, inside its walls.
    Free { inside: bool },
    /// A Return battle against enemy fleets in this sea (the city's offshore sea).
    Naval(String),
    /// A Return battle against the besiegers around the city.
    Land,
}

fn problem(code: &'static str, part: Part, message: String, label: &str, rule: &str) -> Problem {
    Problem {
        code,
        message,
        label: label.to_string(),
        rule: rule.to_string(),
        help: None,
        part,
    }
}

/// 9.x (page 9) what a move into `city` from `sea` (`None`: by land) meets, or the rule that
/// bars it: land blocks and fleets enter an unbesieged friendly city freely; an enemy siege
/// is contested in Winter only by blocks returning home (a Return battle), so other moves
/// into a besieged city are barred, except fleets through a besieged port's offshore sea;
/// enemy fleets in that sea give a Return battle to fleets returning home and bar the
/// others, who may land from another adjacent sea if the port is not besieged.
pub fn entry(
    sc: &Scenario,
    k: &Sight,
    verb: Verb,
    fleets: bool,
    city: &str,
    sea: Option<&str>,
) -> Result<Entry, Problem> {
    let besieged = k.besieged(city);
    let home = verb == Verb::Return;
    let contested_city = || {
        problem(
            "winter-besieged-city",
            Part::Whole,
            format!("{city} is besieged by the enemy"),
            "besieged",
            "rule 9.x Return battles (page 9): in Winter an enemy siege is contested only by a sortie (8.3) or by blocks returning to their home city",
        )
    };
    match (fleets, sea) {
        (true, Some(s)) => match siege::offshore(sc, city) {
            Some(o) if o == s => {
                if k.enemy_at(s) {
                    if home {
                        Ok(Entry::Naval(s.to_string()))
                    } else {
                        let mut p = problem(
                            "winter-blockaded-port",
                            Part::Whole,
                            format!("enemy fleets in {s}, the offshore sea of {city}, bar wintering there"),
                            "enemy fleets here",
                            "rule 9.x Fleets (page 9): enemy fleets in the offshore sea of a friendly port that is not the home city bar wintering there",
                        );
                        if !besieged {
                            p.help = Some(format!(
                                "an unbesieged port may be entered by landing from another adjacent sea: {}",
                                other_seas(sc, city, s)
                            ));
                        }
                        Err(p)
                    }
                } else {
                    Ok(Entry::Free { inside: besieged })
                }
            }
            Some(o) => {
                if !besieged {
                    Ok(Entry::Free { inside: false })
                } else if home {
                    Ok(Entry::Land)
                } else {
                    let mut p = problem(
                        "winter-besieged-port",
                        Part::Whole,
                        format!("{city} is besieged: fleets enter it only through its offshore sea, {o}"),
                        &format!("not {o}"),
                        "rule 9.x Fleets (page 9): fleets may enter a besieged port through its offshore sea",
                    );
                    p.help = Some(format!("end the path with {o}, {city}"));
                    Err(p)
                }
            }
            None => {
                if !besieged {
                    Ok(Entry::Free { inside: false })
                } else if home {
                    Ok(Entry::Land)
                } else {
                    Err(contested_city())
                }
            }
        },
        _ => {
            if !besieged {
                Ok(Entry::Free { inside: false })
            } else if home {
                Ok(Entry::Land)
            } else {
                Err(contested_city())
            }
        }
    }
}

fn other_seas(sc: &Scenario, city: &str, not: &str) -> String {
    let seas: Vec<&str> = sc
        .area(city)
        .map(|a| {
            a.seas
                .iter()
                .filter(|s| *s != not)
                .map(String::as_str)
                .collect()
        })
        .unwrap_or_default();
    if seas.is_empty() {
        "none touches it".into()
    } else {
        seas.join(", ")
    }
}

/// How far a move may go, in areas entered (land blocks) or seas entered (fleets):
/// Quartering enters one adjacent city (a fleet in a coastal area crosses one sea to it, a
/// fleet at sea lands on that sea's coast: [A]); a Return move goes as far as a normal move
/// ([A] `return_any_distance`).
pub fn reach(sc: &Scenario, verb: Verb, fleets: bool, all_cavalry: bool, at_sea: bool) -> u32 {
    match verb {
        Verb::Quarter | Verb::Stay if fleets && at_sea => 0,
        Verb::Quarter | Verb::Stay => 1,
        Verb::Return if sc.params.winter.return_any_distance => 1000,
        Verb::Return if fleets => sc.params.fleet_move,
        Verb::Return if all_cavalry => sc.params.cavalry_move,
        Verb::Return => sc.params.land_move,
    }
}

/// The shortest route (the places entered) from `start` to `city`: by land for land blocks
/// (at most `limit` areas), by sea for fleets (at most `limit` seas entered, then the
/// city), entering the city only where `ok` allows (the last sea, `None` by land). Ties
/// follow the map's own order of neighbours. Neutral city-states are never entered
/// ([A] `params.season.neutral_closed`).
pub fn find_route(
    sc: &Scenario,
    k: &Sight,
    start: &str,
    fleets: bool,
    city: &str,
    limit: u32,
    ok: &dyn Fn(Option<&str>) -> bool,
) -> Option<Vec<String>> {
    if start == city {
        return None;
    }
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut queue: VecDeque<(String, u32, Vec<String>)> = VecDeque::new();
    if !fleets {
        seen.insert(start.to_string());
        queue.push_back((start.to_string(), 0, Vec::new()));
        while let Some((at, depth, path)) = queue.pop_front() {
            if depth >= limit {
                continue;
            }
            for n in sc.area(&at).map(|a| a.land.clone()).unwrap_or_default() {
                if n == city {
                    if ok(None) {
                        let mut p = path.clone();
                        p.push(n);
                        return Some(p);
                    }
                    continue;
                }
                if seen.contains(&n) || movement::neutral_closed(sc, k, &n) {
                    continue;
                }
                seen.insert(n.clone());
                let mut p = path.clone();
                p.push(n.clone());
                queue.push_back((n, depth + 1, p));
            }
        }
        return None;
    }
    let target = sc.area(city)?;
    if sc.sea(start).is_some() {
        seen.insert(start.to_string());
        queue.push_back((start.to_string(), 0, Vec::new()));
    } else {
        for s in sc.area(start).map(|a| a.seas.clone()).unwrap_or_default() {
            if limit >= 1 && seen.insert(s.clone()) {
                queue.push_back((s.clone(), 1, vec![s]));
            }
        }
    }
    while let Some((sea, depth, path)) = queue.pop_front() {
        if target.seas.contains(&sea) && ok(Some(&sea)) {
            let mut p = path.clone();
            p.push(city.to_string());
            return Some(p);
        }
        if depth >= limit {
            continue;
        }
        for n in sc.sea(&sea).map(|s| s.seas.clone()).unwrap_or_default() {
            if seen.insert(n.clone()) {
                let mut p = path.clone();
                p.push(n.clone());
                queue.push_back((n, depth + 1, p));
            }
        }
    }
    None
}

/// A winter move as it will be carried out.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub side: String,
    pub verb: Verb,
    pub blocks: Vec<String>,
    pub carry: Vec<String>,
    /// The start, then every place entered.
    pub route: Vec<String>,
    /// The index in the written path of each entered place.
    pub written_at: Vec<usize>,
    pub city: String,
    pub fleets: bool,
    pub entry: Entry,
    /// Written by the player (`false`: the documented default).
    pub written: bool,
}

impl Plan {
    pub fn ids(&self) -> impl Iterator<Item = &String> {
        self.blocks.iter().chain(self.carry.iter())
    }
    /// The sea the route enters its city from, `None` by land.
    pub fn last_sea(&self, sc: &Scenario) -> Option<String> {
        let n = self.route.len();
        (n >= 2 && sc.sea(&self.route[n - 2]).is_some()).then(|| self.route[n - 2].clone())
    }
}

/// Checks one winter move (`quarter` or `return`) against what the side knows, and plans
/// it. The rules each problem cites are 9.x (page 9) unless the map's movement rules are
/// the ones broken (2.0, 5.21: adjacency, transport).
pub fn plan(sc: &Scenario, k: &Sight, m: &WinterMove) -> Result<Plan, Problem> {
    let fleets = group_kind(k, m)?;
    let route = winter_route(sc, k, m, fleets)?;
    let last = Part::Path(*route.written.last().unwrap_or(&0));
    let city = route.to().to_string();
    destination_problem(sc, k, m, &route, fleets, last)?;
    if m.verb == Verb::Return {
        return_home_problem(k, m, &city)?;
    }
    let n = route.places.len();
    let sea =
        (n >= 2 && sc.sea(&route.places[n - 2]).is_some()).then(|| route.places[n - 2].as_str());
    let entry = entry(sc, k, m.verb, fleets, &city, sea).map_err(|mut p| {
        p.part = last;
        p
    })?;
    Ok(Plan {
        side: k.side.as_str().to_string(),
        verb: m.verb,
        blocks: m.blocks.clone(),
        carry: m.carry.clone(),
        route: route.places.clone(),
        written_at: route.written.clone(),
        city,
        fleets,
        entry,
        written: m.written,
    })
}

/// 2.0, 5.21, 7.4, 9.x: the blocks a winter order moves: the side's own, none besieged,
/// land blocks or fleets but not both, and a carry only with fleets. Whether they are
/// fleets.
fn group_kind(k: &Sight, m: &WinterMove) -> Result<bool, Problem> {
    let mut fleets = None;
    for (i, id) in m.blocks.iter().enumerate() {
        let Some(b) = k.block(id) else {
            return Err(problem(
                "unknown-block",
                Part::Block(i),
                format!("you have no block `{id}`"),
                "not one of your blocks",
                "rule 2.0",
            ));
        };
        if b.is_garrison() || b.status == Status::Besieged {
            let mut p = problem(
                "winter-besieged",
                Part::Block(i),
                format!("{id} is besieged in {}: it winters there", b.at),
                "besieged",
                "rule 7.4, 9.x: besieged blocks do not move; they winter inside their city",
            );
            if !b.is_garrison() {
                p.help = Some(format!(
                    "to break the siege write `- sortie: {{ from: {}, blocks: [{id}] }}` under `combat:`",
                    b.at
                ));
            }
            return Err(p);
        }
        let is_fleet = b.kind == BlockKind::Fleet;
        match fleets {
            None => fleets = Some(is_fleet),
            Some(f) if f != is_fleet => {
                let mut p = problem(
                    "winter-mixed",
                    Part::Block(i),
                    "a winter order moves land blocks or fleets, not both".into(),
                    if is_fleet { "a fleet" } else { "a land block" },
                    "rule 2.0, 5.21: land blocks move by land; fleets by sea, carrying land blocks",
                );
                p.help = Some(
                    "give each its own winter order, or name the land blocks under the fleets' `carry:`"
                        .into(),
                );
                return Err(p);
            }
            _ => {}
        }
    }
    let Some(fleets) = fleets else {
        return Err(problem(
            "no-blocks",
            Part::Whole,
            "the order names no block".into(),
            "no block",
            "rule 9.x: a winter move moves blocks",
        ));
    };
    if !fleets && !m.carry.is_empty() {
        return Err(problem(
            "cannot-carry",
            Part::Carry(0),
            "only fleets carry land blocks".into(),
            "no fleet to carry it",
            "rule 5.21: fleets carry land blocks",
        ));
    }
    Ok(fleets)
}

/// The route of a winter move by the movement rules (2.0, 5.21), with [A]
/// `return_any_distance` lifting the ranges of a Return move.
fn winter_route(
    sc: &Scenario,
    k: &Sight,
    m: &WinterMove,
    fleets: bool,
) -> Result<movement::Route, Problem> {
    // 9.x [A] Return moves of any distance: the map's ranges are lifted for the check.
    let sc2: Cow<Scenario> = if m.verb == Verb::Return && sc.params.winter.return_any_distance {
        let mut x = sc.clone();
        x.params.land_move = 1000;
        x.params.cavalry_move = 1000;
        x.params.fleet_move = 1000;
        Cow::Owned(x)
    } else {
        Cow::Borrowed(sc)
    };
    if fleets {
        movement::naval_move(&sc2, k, &m.blocks, &m.path, &m.carry)
    } else {
        movement::land_move(&sc2, k, &m.blocks, &m.path)
    }
    .map_err(|mut p| {
        if p.code == "too-far" {
            p.rule = "rule 9.x Returning [A] params.winter.return_any_distance: a Return move goes as far as a normal move (2 land areas, cavalry 3, fleets 5 seas)".into();
        }
        p
    })
}

/// 9.x (page 9): where a winter move ends: a city, next to the blocks for a Quarter move
/// ([A] a fleet: across one sea), controlled by the side.
fn destination_problem(
    sc: &Scenario,
    k: &Sight,
    m: &WinterMove,
    route: &movement::Route,
    fleets: bool,
    last: Part,
) -> Result<(), Problem> {
    let city = route.to();
    if sc.area(city).and_then(|a| a.city.as_ref()).is_none() {
        let mut p = problem(
            "winter-not-a-city",
            last,
            format!("{city} has no city: blocks winter in a city"),
            "no city here",
            "rule 9.x Overwintering (page 9): Quartering into an adjacent friendly-controlled city, Returning to the home city",
        );
        p.help = Some("end the path in a city your side controls".into());
        return Err(p);
    }
    if m.verb == Verb::Quarter {
        let entered = route.places.len() - 1;
        let seas = route.places.iter().filter(|p| sc.sea(p).is_some()).count();
        let adjacent = if fleets { seas <= 1 } else { entered == 1 };
        if !adjacent {
            let mut p = problem(
                "winter-not-adjacent",
                last,
                format!("{city} is not next to {}", route.from()),
                "not adjacent",
                "rule 9.x Quartering (page 9): blocks move into an adjacent friendly-controlled city ([A] a fleet: across one sea)",
            );
            p.help =
                Some("write `return:` to go home, or quarter in a city next to the blocks".into());
            return Err(p);
        }
    }
    if !k.friendly(city) {
        let mut p = problem(
            "winter-not-friendly",
            last,
            format!("you do not control {city}"),
            "not your city",
            if m.verb == Verb::Return {
                "rule 9.x Returning (page 9): Return moves go to a friendly-controlled home city"
            } else {
                "rule 9.x Quartering (page 9): into an adjacent friendly-controlled city (friendly: controlled by your side, whatever its loyalty)"
            },
        );
        p.help = Some("quarter in another city your side controls".into());
        return Err(p);
    }
    Ok(())
}

/// 9.x Returning (page 9): a Return move goes to the home city of every block it moves
/// or carries.
fn return_home_problem(k: &Sight, m: &WinterMove, city: &str) -> Result<(), Problem> {
    for (i, id) in m.blocks.iter().enumerate() {
        if let Some(b) = k.block(id).filter(|b| b.home != city) {
            let mut p = problem(
                "winter-not-home",
                Part::Block(i),
                format!("{city} is not the home city of {id} (its home is {})", b.home),
                &format!("home: {}", b.home),
                "rule 9.x Returning (page 9): free Return moves go to the blocks' home city (the same colour as the block)",
            );
            p.help = Some(format!(
                "write `quarter:` to winter in another adjacent friendly city, or return {id} to {}",
                b.home
            ));
            return Err(p);
        }
    }
    for (i, id) in m.carry.iter().enumerate() {
        if let Some(b) = k.block(id).filter(|b| b.home != city) {
            return Err(problem(
                "winter-not-home",
                Part::Carry(i),
                format!(
                    "{city} is not the home city of {id} (its home is {})",
                    b.home
                ),
                &format!("home: {}", b.home),
                "rule 9.x Returning (page 9): free Return moves go to the blocks' home city",
            ));
        }
    }
    Ok(())
}

/// 9.x Capacity displacement (page 9), for one side's planned moves: arriving blocks have
/// room up to the city's capacity (2 × value, garrisons apart; in a besieged city, the room
/// left inside); a block already in a friendly city makes an overwintering move only when
/// arrivals push the city over its capacity ("it counts as outside the city"). Returns the
/// index of each move that breaks this, with the problem.
pub fn admit(sc: &Scenario, k: &Sight, plans: &[Plan]) -> Vec<(usize, Problem)> {
    let mut out: Vec<(usize, Problem)> = Vec::new();
    let mut arrivals: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, p) in plans.iter().enumerate() {
        for _ in p.ids() {
            arrivals.entry(p.city.as_str()).or_default().push(i);
        }
    }
    for (city, movers) in &arrivals {
        let cap = siege::capacity(sc, city) as usize;
        let room = if k.besieged(city) {
            cap.saturating_sub(
                k.own
                    .iter()
                    .filter(|b| b.at == *city && b.status == Status::Besieged && !b.is_garrison())
                    .count(),
            )
        } else {
            cap
        };
        for &i in movers.iter().skip(room) {
            if out.iter().any(|(j, _)| *j == i) {
                continue;
            }
            let mut p = problem(
                "winter-no-room",
                Part::Whole,
                format!(
                    "{city} has room for {room} arriving block(s) over Winter: capacity {cap} (2 × its value, garrisons apart){}",
                    if k.besieged(city) { ", less the blocks besieged inside" } else { "" }
                ),
                "no room",
                "rule 9.x Capacity displacement (page 9): a city winters 2 × its value in blocks; quartering beyond that displaces blocks already there",
            );
            p.help = Some("winter some of these blocks in another city".into());
            out.push((i, p));
        }
    }
    // Blocks leaving a friendly city they could winter in.
    let moving: BTreeMap<&str, usize> = plans
        .iter()
        .enumerate()
        .flat_map(|(i, p)| p.ids().map(move |id| (id.as_str(), i)))
        .collect();
    let cities: BTreeSet<&str> = k
        .own
        .iter()
        .filter(|b| matches!(situation(sc, k, b), Where::InCity(_)))
        .map(|b| b.at.as_str())
        .collect();
    for city in cities {
        let cap = siege::capacity(sc, city) as usize;
        let there: Vec<&Block> = k
            .own
            .iter()
            .filter(|b| b.at == city && b.status == Status::Field && !b.is_garrison())
            .collect();
        let arriving = arrivals.get(city).map_or(0, Vec::len);
        let allowed = (there.len() + arriving).saturating_sub(cap);
        let leavers: Vec<&Block> = there
            .iter()
            .copied()
            .filter(|b| moving.contains_key(b.id.as_str()))
            .collect();
        for b in leavers.iter().skip(allowed) {
            let i = moving[b.id.as_str()];
            if out.iter().any(|(j, _)| *j == i) {
                continue;
            }
            let plan = &plans[i];
            let part = plan
                .blocks
                .iter()
                .position(|x| x == &b.id)
                .map_or(Part::Whole, Part::Block);
            let mut p = problem(
                "winter-not-eligible",
                part,
                format!("{} winters in {city} already: there is room for it", b.id),
                "winters here",
                "rule 9.x Capacity displacement (page 9): a block in a friendly city makes an overwintering move only when quartering blocks push the city over its capacity (it then counts as outside the city)",
            );
            p.help = Some(format!("leave it in {city}"));
            out.push((i, p));
        }
    }
    out.sort_by_key(|(i, _)| *i);
    out
}

/// The documented default (docs/orders.md "Winter"): every block of the side that must
/// winter and is named in no winter order (a `stay` names it too) gets one move: home, if a
/// Return move reaches it unopposed with room there; else into the first city in map order
/// that a Quartering move reaches unopposed with room; else none (it meets [A]
/// `params.winter.unwintered`). A default never starts a battle and never displaces a
/// block. Blocks that must winter: outside a friendly city, at sea, unsupplied besiegers
/// ([A] `besiegers_need_supply`), and blocks of a friendly city beyond its capacity once the
/// written moves arrive (the strongest stay: most steps, then game file order).
pub fn with_defaults(sc: &Scenario, k: &Sight, mut moves: Vec<WinterMove>) -> Vec<WinterMove> {
    let named: BTreeSet<String> = moves.iter().flat_map(|m| m.ids().cloned()).collect();
    let stays: BTreeSet<String> = moves
        .iter()
        .filter(|m| m.verb == Verb::Stay)
        .flat_map(|m| m.ids().cloned())
        .collect();
    let plans: Vec<Plan> = moves
        .iter()
        .filter(|m| m.verb != Verb::Stay)
        .filter_map(|m| plan(sc, k, m).ok())
        .collect();
    let leaving: BTreeSet<String> = plans.iter().flat_map(|p| p.ids().cloned()).collect();
    let mut arriving: BTreeMap<String, usize> = BTreeMap::new();
    for p in &plans {
        *arriving.entry(p.city.clone()).or_default() += p.ids().count();
    }
    let needy = needing_winter(sc, k, &stays, &leaving, &arriving, &named);
    for (b, _, _) in needy {
        if let Some(m) = default_for(sc, k, &b, &leaving, &mut arriving) {
            moves.push(m);
        }
    }
    moves
}

/// A block of the side that must make an overwintering move, why, and its default move.
#[derive(Debug, Clone)]
pub struct Need {
    pub block: Block,
    pub why: Why,
    /// The city of an unsupplied siege, or the full city.
    pub city: Option<String>,
    pub default: Option<WinterMove>,
}

/// Every block of `k`'s side that must make an overwintering move when no winter order is
/// written, with its default move (the position before the Winter step, template).
pub fn needs(sc: &Scenario, k: &Sight) -> Vec<Need> {
    let none = BTreeSet::new();
    let moves = with_defaults(sc, k, Vec::new());
    needing_winter(sc, k, &none, &none, &BTreeMap::new(), &none)
        .into_iter()
        .map(|(block, why, city)| {
            let default = moves.iter().find(|m| m.blocks.contains(&block.id)).cloned();
            Need {
                block,
                why,
                city,
                default,
            }
        })
        .collect()
}

/// The blocks of `k`'s side that must make an overwintering move, with why (and the city
/// concerned), in game file order, leaving out `named` blocks.
fn needing_winter(
    sc: &Scenario,
    k: &Sight,
    stays: &BTreeSet<String>,
    leaving: &BTreeSet<String>,
    arriving: &BTreeMap<String, usize>,
    named: &BTreeSet<String>,
) -> Vec<(Block, Why, Option<String>)> {
    let mut displaced: BTreeMap<String, String> = BTreeMap::new();
    let cities: BTreeSet<String> = k
        .own
        .iter()
        .filter_map(|b| match situation(sc, k, b) {
            Where::InCity(c) => Some(c),
            _ => None,
        })
        .collect();
    for city in cities {
        let cap = siege::capacity(sc, &city) as usize;
        let mut there: Vec<(usize, &Block)> = k
            .own
            .iter()
            .enumerate()
            .filter(|(_, b)| {
                b.at == city
                    && b.status == Status::Field
                    && !b.is_garrison()
                    && !leaving.contains(&b.id)
            })
            .collect();
        // Those the player keeps there first, then the strongest, then game file order.
        there.sort_by_key(|(i, b)| (!stays.contains(&b.id), std::cmp::Reverse(b.steps), *i));
        let keep = cap.saturating_sub(arriving.get(&city).copied().unwrap_or(0));
        for (_, b) in there.iter().skip(keep) {
            displaced.insert(b.id.clone(), city.clone());
        }
    }
    k.own
        .iter()
        .filter(|b| {
            !named.contains(&b.id)
                && !b.is_garrison()
                && matches!(b.status, Status::Field | Status::Besieging)
        })
        .filter_map(|b| {
            if let Some(c) = displaced.get(&b.id) {
                return Some((b.clone(), Why::NoRoom, Some(c.clone())));
            }
            let why = must_winter(sc, k, b)?;
            let city = match situation(sc, k, b) {
                Where::Besieger(c) | Where::Blockader(c) => Some(c),
                _ => None,
            };
            Some((b.clone(), why, city))
        })
        .collect()
}

/// Room left for arrivals in `city` (`arriving` counts those already planned).
fn room(
    sc: &Scenario,
    k: &Sight,
    city: &str,
    leaving: &BTreeSet<String>,
    arriving: &BTreeMap<String, usize>,
) -> usize {
    let here = occupants(k, city)
        .iter()
        .filter(|b| !leaving.contains(&b.id))
        .count();
    (siege::capacity(sc, city) as usize)
        .saturating_sub(here + arriving.get(city).copied().unwrap_or(0))
}

/// The default move of `b`, if any (see `with_defaults`).
fn default_for(
    sc: &Scenario,
    k: &Sight,
    b: &Block,
    leaving: &BTreeSet<String>,
    arriving: &mut BTreeMap<String, usize>,
) -> Option<WinterMove> {
    let fleets = b.kind == BlockKind::Fleet;
    let cavalry = b.kind == BlockKind::Cavalry;
    let mut leaving = leaving.clone();
    leaving.insert(b.id.clone());
    let mut candidates: Vec<(Verb, String)> = Vec::new();
    if b.home != b.at && k.friendly(&b.home) {
        candidates.push((Verb::Return, b.home.clone()));
    }
    let mut quarters: Vec<&str> = sc
        .areas
        .iter()
        .filter(|a| a.name != b.at && a.city.is_some() && k.friendly(&a.name))
        .map(|a| a.name.as_str())
        .collect();
    quarters.sort_by_key(|c| map_index(sc, c));
    candidates.extend(quarters.into_iter().map(|c| (Verb::Quarter, c.to_string())));
    for (verb, city) in candidates {
        if room(sc, k, &city, &leaving, arriving) == 0 {
            continue;
        }
        let free = |sea: Option<&str>| {
            matches!(
                entry(sc, k, verb, fleets, &city, sea),
                Ok(Entry::Free { .. })
            )
        };
        let limit = reach(sc, verb, fleets, cavalry, sc.sea(&b.at).is_some());
        let Some(path) = find_route(sc, k, &b.at, fleets, &city, limit, &free) else {
            continue;
        };
        let m = WinterMove {
            verb,
            blocks: vec![b.id.clone()],
            carry: Vec::new(),
            path,
            written: false,
        };
        if matches!(
            plan(sc, k, &m),
            Ok(Plan {
                entry: Entry::Free { .. },
                ..
            })
        ) {
            *arriving.entry(city).or_default() += 1;
            return Some(m);
        }
    }
    None
}

/// What the Winter step did.
pub struct WinterResult {
    pub events: Vec<Event>,
    pub dice: Vec<DiceRecord>,
}

fn w(e: WinterEvent) -> Event {
    Event::Winter(e)
}

fn put(st: &mut State, id: &str, to: &str, status: Status) {
    if let Some(b) = st.blocks.iter_mut().find(|b| b.id == id) {
        b.at = to.to_string();
        b.status = status;
    }
}

fn settle(sc: &Scenario, st: &mut State, events: &mut Vec<Event>) {
    for e in siege::settle(sc, st) {
        events.push(Event::Siege(Box::new(e)));
    }
}

/// Resolves the Winter step `next` awaits (standing orders already replaced).
pub fn resolve(
    sc: &Scenario,
    next: &mut State,
    orders: &BTreeMap<String, Orders>,
    dice: &TurnDice,
) -> WinterResult {
    let mut out = WinterResult {
        events: Vec::new(),
        dice: Vec::new(),
    };
    let sides = sc.side_ids();
    // 1. Overwintering: every move planned against the state before any move.
    out.events.push(w(WinterEvent::Part(Stage::Overwintering)));
    let plans = plan_all(sc, next, orders, &sides, &mut out);
    let mut arrived: Vec<String> = Vec::new();
    let contested = set_out(sc, next, plans, &mut arrived, &mut out);
    settle(sc, next, &mut out.events);
    // 2. The first winter combat phase: the besieged side's siege-breaking combat.
    out.events.push(w(WinterEvent::Part(Stage::SiegeBreaking)));
    return_battles(sc, next, &contested, dice, &mut arrived, &mut out);
    settle(sc, next, &mut out.events);
    let combat = combat_orders(sc, orders, &sides);
    sorties(sc, next, &combat, dice, &mut out);
    settle(sc, next, &mut out.events);
    // 3. The second winter combat phase: the besiegers' siege combat.
    out.events.push(w(WinterEvent::Part(Stage::SiegeCombat)));
    let lawful = lawful_besiegers(sc, next);
    besiegers_combat(sc, next, &combat, dice, &mut out);
    settle(sc, next, &mut out.events);
    let exempt = captors(sc, next, &lawful, &mut arrived, &mut out.events);
    // 4. The end of Winter.
    out.events.push(w(WinterEvent::Part(Stage::End)));
    end_of_winter(sc, next, &arrived, &exempt, dice, &mut out);
    settle(sc, next, &mut out.events);
    for e in control::update(sc, next, "Winter") {
        out.events.push(Event::Season(e));
    }
    next.phase = Phase::YearEnd;
    out
}

/// One side's siege combat order in Winter, in the order they are resolved: (map index of
/// the city, side index, side, order).
type CombatOrder = (usize, usize, String, SiegeOrder);

/// 9.x Overwintering, planned: every side's winter moves checked against the state
/// before any move (`plan`, then `admit` for the moves together); the refused ones are
/// void.
fn plan_all(
    sc: &Scenario,
    next: &State,
    orders: &BTreeMap<String, Orders>,
    sides: &[String],
    out: &mut WinterResult,
) -> Vec<Plan> {
    let nothing = BTreeSet::new();
    let mut plans: Vec<Plan> = Vec::new();
    for side in sides {
        let k = Sight::winter_from_state(sc, next, side, &nothing);
        let moves = orders
            .get(side)
            .map(|o| o.winter.clone())
            .unwrap_or_default();
        let mut mine: Vec<Plan> = Vec::new();
        for m in moves.iter().filter(|m| m.verb != Verb::Stay) {
            match plan(sc, &k, m) {
                Ok(p) => mine.push(p),
                Err(p) => out.events.push(w(WinterEvent::Void {
                    side: side.clone(),
                    blocks: m.blocks.clone(),
                    why: format!("{} ({})", p.message, p.rule),
                })),
            }
        }
        let bad = admit(sc, &k, &mine);
        for (i, p) in &bad {
            out.events.push(w(WinterEvent::Void {
                side: side.clone(),
                blocks: mine[*i].blocks.clone(),
                why: format!("{} ({})", p.message, p.rule),
            }));
        }
        plans.extend(
            mine.into_iter()
                .enumerate()
                .filter(|(i, _)| !bad.iter().any(|(j, _)| j == i))
                .map(|(_, p)| p),
        );
    }
    plans
}

/// 9.x Overwintering, moved: each plan's entry decided against the blocks that stay
/// (`entry`); a free entry arrives, an entry by battle sets out for the battle's place.
/// The plans that meet a battle, by its place.
fn set_out(
    sc: &Scenario,
    next: &mut State,
    plans: Vec<Plan>,
    arrived: &mut Vec<String>,
    out: &mut WinterResult,
) -> Vec<(String, Plan)> {
    // The enemy blocks that move are gone when the moves arrive: what a move meets is
    // decided by the blocks that stay.
    let moving: BTreeSet<String> = plans.iter().flat_map(|p| p.ids().cloned()).collect();
    let mut contested: Vec<(String, Plan)> = Vec::new();
    for mut p in plans {
        let k = Sight::winter_from_state(sc, next, &p.side, &moving);
        let sea = p.last_sea(sc);
        p.entry = match entry(sc, &k, p.verb, p.fleets, &p.city, sea.as_deref()) {
            Ok(e) => e,
            Err(pr) => {
                out.events.push(w(WinterEvent::Void {
                    side: p.side.clone(),
                    blocks: p.blocks.clone(),
                    why: format!("{} ({})", pr.message, pr.rule),
                }));
                continue;
            }
        };
        let battle = match &p.entry {
            Entry::Free { .. } => None,
            Entry::Naval(s) => Some(s.clone()),
            Entry::Land => Some(p.city.clone()),
        };
        let inside = matches!(p.entry, Entry::Free { inside: true });
        let route: Vec<String> = match &battle {
            Some(place) => {
                let i = p
                    .route
                    .iter()
                    .position(|x| x == place)
                    .unwrap_or(p.route.len() - 1);
                p.route[..=i].to_vec()
            }
            None => p.route.clone(),
        };
        out.events.push(w(WinterEvent::Moved {
            side: p.side.clone(),
            verb: p.verb,
            blocks: p.blocks.clone(),
            carried: p.carry.clone(),
            route,
            city: p.city.clone(),
            default: !p.written,
            battle: battle.clone(),
            inside,
        }));
        match battle {
            None => {
                let status = if inside {
                    Status::Besieged
                } else {
                    Status::Field
                };
                for id in p.ids() {
                    put(next, id, &p.city, status);
                    arrived.push(id.clone());
                }
            }
            Some(place) => {
                // They leave at once: at sea only the fleets sail into the battle (the land
                // blocks they carry wait for its outcome); ashore every block lands.
                let fighting: Vec<String> = if sc.sea(&place).is_some() {
                    p.blocks.clone()
                } else {
                    p.ids().cloned().collect()
                };
                for id in &fighting {
                    put(next, id, &place, Status::Field);
                }
                contested.push((place, p));
            }
        }
    }
    contested
}

/// 9.x The first winter combat phase: the Return battles, place by place in map order.
fn return_battles(
    sc: &Scenario,
    next: &mut State,
    contested: &[(String, Plan)],
    dice: &TurnDice,
    arrived: &mut Vec<String>,
    out: &mut WinterResult,
) {
    let mut places: Vec<String> = contested.iter().map(|(p, _)| p.clone()).collect();
    places.sort_by_key(|p| map_index(sc, p));
    places.dedup();
    for place in places {
        let group: Vec<Plan> = contested
            .iter()
            .filter(|(p, _)| *p == place)
            .map(|(_, p)| p.clone())
            .collect();
        return_battle(sc, next, &place, &group, dice, arrived, out);
    }
}

/// Both sides' siege combat orders, in map order of the city, then side order.
fn combat_orders(
    sc: &Scenario,
    orders: &BTreeMap<String, Orders>,
    sides: &[String],
) -> Vec<CombatOrder> {
    let mut combat: Vec<CombatOrder> = Vec::new();
    for (si, side) in sides.iter().enumerate() {
        for o in orders
            .get(side)
            .map(|o| o.combat.clone())
            .unwrap_or_default()
        {
            combat.push((map_index(sc, o.city()), si, side.clone(), o));
        }
    }
    combat.sort_by_key(|(m, s, _, _)| (*m, *s));
    combat
}

/// 9.x, 8.3: the besieged side's sorties in the first winter combat phase, with their
/// retreats and Prestige.
fn sorties(
    sc: &Scenario,
    next: &mut State,
    combat: &[CombatOrder],
    dice: &TurnDice,
    out: &mut WinterResult,
) {
    for (_, _, side, o) in combat {
        if let SiegeOrder::Sortie { city, blocks } = o {
            let r = siege::sortie(sc, next, side, city, blocks, dice);
            let won: Vec<BattleOutcome> = r
                .events
                .iter()
                .filter_map(|e| match e {
                    SiegeEvent::Battle { outcome, .. } => Some(outcome.clone()),
                    _ => None,
                })
                .collect();
            out.events
                .extend(r.events.into_iter().map(|e| Event::Siege(Box::new(e))));
            out.dice.extend(r.dice);
            season::retreat_all(
                sc,
                next,
                city,
                &r.retreat,
                &BTreeMap::new(),
                &mut out.events,
            );
            for b in won {
                season::battle_prestige(sc, next, &b, &mut out.events);
            }
        }
    }
}

/// 9.x The second winter combat phase: the besiegers' siege attrition, and assaults only
/// with [A] `params.winter.assault`.
fn besiegers_combat(
    sc: &Scenario,
    next: &mut State,
    combat: &[CombatOrder],
    dice: &TurnDice,
    out: &mut WinterResult,
) {
    for (_, _, side, o) in combat {
        let r = match o {
            SiegeOrder::Attrition { city } => siege::attrition(sc, next, side, city, dice),
            SiegeOrder::Assault { city } if sc.params.winter.assault => {
                siege::assault(sc, next, side, city, dice)
            }
            _ => continue,
        };
        out.dice.extend(r.dice);
        out.events
            .extend(r.events.into_iter().map(|e| Event::Siege(Box::new(e))));
    }
}

/// The blocks keeping a lawful siege when the winter siege combat begins: besiegers and
/// blockading fleets with winter quarters where they stand (Supplied, 9.22 [A]), with the
/// city, in game file order.
fn lawful_besiegers(sc: &Scenario, st: &State) -> Vec<(String, String)> {
    let nothing = BTreeSet::new();
    let mut out = Vec::new();
    for side in sc.side_ids() {
        let k = Sight::winter_from_state(sc, st, &side, &nothing);
        for b in &k.own {
            if b.is_garrison() || !matches!(b.status, Status::Field | Status::Besieging) {
                continue;
            }
            if let Where::Besieger(c) | Where::Blockader(c) = situation(sc, &k, b) {
                if must_winter(sc, &k, b).is_none() {
                    out.push((b.id.clone(), c));
                }
            }
        }
    }
    out
}

/// 9.x [A] `params.winter.captors`: a siege that was lawful when the winter siege combat
/// began and took its city must not cost the winners their winter quarters (they were
/// decided by the winter moves). Its blockading fleets in the port's offshore sea enter
/// the captured port while there is room (`enter`), or keep their position (`stay`);
/// every such block is exempt from the end of Winter's `unwintered`. Returns the exempt
/// ids.
fn captors(
    sc: &Scenario,
    st: &mut State,
    lawful: &[(String, String)],
    arrived: &mut Vec<String>,
    events: &mut Vec<Event>,
) -> BTreeSet<String> {
    let mut exempt = BTreeSet::new();
    let mut by_city: BTreeMap<(usize, String), Vec<String>> = BTreeMap::new();
    for (id, city) in lawful {
        let Some(b) = st.block(id) else { continue };
        let taken = st
            .cities
            .iter()
            .any(|c| &c.name == city && c.siege.is_none() && c.control == b.side);
        if taken && matches!(b.status, Status::Field | Status::Besieging) {
            by_city
                .entry((map_index(sc, city), city.clone()))
                .or_default()
                .push(id.clone());
        }
    }
    for ((_, city), ids) in by_city {
        let side = match st.block(&ids[0]) {
            Some(b) => b.side.clone(),
            None => continue,
        };
        let sea = siege::offshore(sc, &city);
        let cap = siege::capacity(sc, &city) as usize;
        let mut used = st
            .blocks
            .iter()
            .filter(|b| b.at == city && b.side == side && siege::counts_for_capacity(b))
            .filter(|b| matches!(b.status, Status::Field | Status::Besieging))
            .count();
        let (mut entered, mut kept) = (Vec::new(), Vec::new());
        for id in ids {
            let at_offshore = st
                .block(&id)
                .is_some_and(|b| b.at != city && Some(&b.at) == sea.as_ref());
            if at_offshore && sc.params.winter.captors == Captors::Enter && used < cap {
                put(st, &id, &city, Status::Field);
                arrived.push(id.clone());
                used += 1;
                entered.push(id.clone());
            } else {
                kept.push(id.clone());
            }
            exempt.insert(id);
        }
        events.push(w(WinterEvent::Captors {
            side,
            city,
            entered,
            kept,
        }));
    }
    exempt
}

/// 9.x Return battle at `place` (the city of a Land entry, or the offshore sea of a Naval
/// one): the returning blocks of `group` attack the enemy blocks there (stream
/// `winter:battle:<place>`, a field or naval battle, 2.0). If they win, the survivors not
/// routed reach their home city (through the offshore sea: inside its walls if it is still
/// besieged); routed besiegers and blockaders retreat by the normal rules. If they lose,
/// they "must retreat and disband" (page 9): back to the pool at once. Land blocks a
/// fleet carries do not fight at sea: they reach home if a fleet of their move does, else
/// they stay where they started. Battle Prestige as in any battle (`params.prestige_battle`).
fn return_battle(
    sc: &Scenario,
    st: &mut State,
    place: &str,
    group: &[Plan],
    dice: &TurnDice,
    arrived: &mut Vec<String>,
    out: &mut WinterResult,
) {
    let naval = sc.sea(place).is_some();
    let side = group[0].side.clone();
    let enemy = sc.enemy_of(&side);
    // The attackers take their place: at sea only the fleets, ashore everything landing.
    let mut attackers: Vec<String> = Vec::new();
    for p in group {
        let ids: Vec<String> = if naval {
            p.blocks.clone()
        } else {
            p.ids().cloned().collect()
        };
        for id in ids {
            put(st, &id, place, Status::Field);
            attackers.push(id);
        }
        out.events.push(w(WinterEvent::ReturnBattle {
            side: side.clone(),
            city: p.city.clone(),
            place: place.to_string(),
            naval,
            blocks: if naval {
                p.blocks.clone()
            } else {
                p.ids().cloned().collect()
            },
        }));
    }
    let defenders = movement::fighters_at(st, place, &enemy);
    let (won, failed): (Vec<String>, Vec<String>) = if defenders.is_empty() {
        (attackers.clone(), Vec::new())
    } else {
        let sides = (side.as_str(), enemy.as_str());
        fight_return(sc, st, place, sides, &attackers, dice, out)
    };
    for p in group {
        return_outcome(sc, st, (&side, p), naval, (&won, &failed), arrived, out);
    }
}

/// 9.x, 2.0: the battle of a Return move at `place` (`sides`: the returning side, then the
/// enemy): the returning blocks attack, the enemy's routed blocks retreat, Prestige to the
/// winner. The returning blocks that won through and those that failed.
#[allow(clippy::too_many_arguments)]
fn fight_return(
    sc: &Scenario,
    st: &mut State,
    place: &str,
    (side, enemy): (&str, &str),
    attackers: &[String],
    dice: &TurnDice,
    out: &mut WinterResult,
) -> (Vec<String>, Vec<String>) {
    let naval = sc.sea(place).is_some();
    let defenders = movement::fighters_at(st, place, enemy);
    let att: Vec<Fighter> = attackers
        .iter()
        .filter_map(|id| st.block(id))
        .map(|b| Fighter::from_block(sc, b, naval))
        .collect();
    let def: Vec<Fighter> = defenders
        .iter()
        .map(|b| Fighter::from_block(sc, b, naval))
        .collect();
    let setup = BattleSetup::field(sc, st, place, naval, (side, att), (enemy, def));
    let label = dice::winter_battle(place);
    // 11.0: a Return battle's rolls may be appealed like any battle's (`olympians`).
    let (result, records) = super::olympians::fight(sc, st, dice, &setup, &label);
    out.dice.extend(records);
    battle::apply_losses(st, &result);
    out.events
        .push(Event::Season(SeasonEvent::Battle(Box::new(result.clone()))));
    let away = result.must_retreat();
    let theirs: Vec<String> = away
        .iter()
        .filter(|id| st.block(id).is_some_and(|b| b.side == enemy))
        .cloned()
        .collect();
    season::retreat_all(sc, st, place, &theirs, &BTreeMap::new(), &mut out.events);
    season::battle_prestige(sc, st, &result, &mut out.events);
    let alive: Vec<String> = attackers
        .iter()
        .filter(|id| !result.eliminated.contains(id))
        .cloned()
        .collect();
    if result.winner.as_deref() == Some(side) {
        alive.into_iter().partition(|id| !away.contains(id))
    } else {
        (Vec::new(), alive)
    }
}

/// 9.x page 9: what becomes of one Return move after its battle: the blocks that won
/// through (`won`, with the land blocks their fleets carry) reach the home city; the
/// beaten ones (`failed`) are disbanded to the pool.
fn return_outcome(
    sc: &Scenario,
    st: &mut State,
    (side, p): (&str, &Plan),
    naval: bool,
    (won, failed): (&[String], &[String]),
    arrived: &mut Vec<String>,
    out: &mut WinterResult,
) {
    let ok: Vec<String> = p.ids().filter(|id| won.contains(id)).cloned().collect();
    let bad: Vec<String> = p.ids().filter(|id| failed.contains(id)).cloned().collect();
    let mut reached = ok.clone();
    if naval {
        // Carried land blocks follow their fleets home, or never embarked.
        if !ok.is_empty() {
            reached.extend(p.carry.iter().cloned());
        }
    }
    if !reached.is_empty() {
        let k = Sight::winter_from_state(sc, st, side, &BTreeSet::new());
        let inside = naval && k.besieged(&p.city);
        let status = if inside {
            Status::Besieged
        } else {
            Status::Field
        };
        for id in &reached {
            put(st, id, &p.city, status);
            arrived.push(id.clone());
        }
        out.events.push(w(WinterEvent::Reached {
            side: side.to_string(),
            city: p.city.clone(),
            blocks: reached,
            inside,
        }));
    }
    if !bad.is_empty() {
        // 9.x page 9: the beaten returning blocks "must retreat and disband, having
        // failed to reach home": wherever a retreat would take them, they are
        // disbanded at once, back to the pool (whatever `params.winter.unwintered`).
        out.events.push(w(WinterEvent::Failed {
            side: side.to_string(),
            city: p.city.clone(),
            blocks: bad.clone(),
        }));
        for id in &bad {
            if let Some(b) = st.blocks.iter_mut().find(|b| &b.id == id) {
                if b.status != Status::Eliminated && b.status != Status::Pool {
                    b.status = Status::Pool;
                    b.at = "pool".into();
                    b.steps = 1;
                }
            }
        }
    }
}

/// The blocks on the map without winter quarters at the end of Winter, with why, in game
/// file order (see the module's step 4). In a friendly city the blocks that arrived this
/// Winter keep their room first (page 9: the block already there "counts as outside"),
/// then the strongest (most steps), then game file order.
pub fn unwintered(
    sc: &Scenario,
    st: &State,
    arrived: &[String],
    exempt: &BTreeSet<String>,
) -> Vec<(usize, Why, Option<String>)> {
    let nothing = BTreeSet::new();
    let known: BTreeMap<String, Sight> = sc
        .side_ids()
        .into_iter()
        .map(|s| {
            let k = Sight::winter_from_state(sc, st, &s, &nothing);
            (s, k)
        })
        .collect();
    let mut out = Vec::new();
    let mut per_city: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, b) in st.blocks.iter().enumerate() {
        if b.is_garrison()
            || exempt.contains(&b.id)
            || !matches!(
                b.status,
                Status::Field | Status::Besieging | Status::Besieged
            )
        {
            continue;
        }
        let Some(k) = known.get(&b.side) else {
            continue;
        };
        match situation(sc, k, b) {
            Where::Besieged(_) => {}
            Where::InCity(c) => per_city.entry(c).or_default().push(i),
            Where::Besieger(c) | Where::Blockader(c) => {
                if sc.params.winter.besiegers_need_supply && !supplied(sc, k, &c) {
                    out.push((i, Why::Unsupplied, Some(c)));
                }
            }
            Where::AtSea => out.push((i, Why::AtSea, None)),
            Where::Outside => out.push((i, Why::Outside, None)),
        }
    }
    for (city, mut idx) in per_city {
        let cap = siege::capacity(sc, &city) as usize;
        idx.sort_by_key(|&i| {
            let b = &st.blocks[i];
            (
                arrived
                    .iter()
                    .position(|a| a == &b.id)
                    .unwrap_or(usize::MAX),
                std::cmp::Reverse(b.steps),
                i,
            )
        });
        for &i in idx.iter().skip(cap) {
            out.push((i, Why::NoRoom, Some(city.clone())));
        }
    }
    out.sort_by_key(|(i, _, _)| *i);
    out
}

/// 9.x End of Winter: the blocks without winter quarters meet [A]
/// `params.winter.unwintered`, grouped by place (map order), side and reason.
fn end_of_winter(
    sc: &Scenario,
    st: &mut State,
    arrived: &[String],
    exempt: &BTreeSet<String>,
    dice: &TurnDice,
    out: &mut WinterResult,
) {
    let fate = sc.params.winter.unwintered;
    let list = unwintered(sc, st, arrived, exempt);
    let mut groups: BTreeMap<(usize, usize, Why, Option<String>), Vec<usize>> = BTreeMap::new();
    let sides = sc.side_ids();
    for (i, why, city) in &list {
        let b = &st.blocks[*i];
        let si = sides.iter().position(|s| s == &b.side).unwrap_or(0);
        groups
            .entry((map_index(sc, &b.at), si, *why, city.clone()))
            .or_default()
            .push(*i);
    }
    for ((_, si, why, city), idx) in &groups {
        let place = st.blocks[idx[0]].at.clone();
        out.events.push(w(WinterEvent::Unwintered {
            side: sides[*si].clone(),
            place,
            blocks: idx.iter().map(|&i| st.blocks[i].id.clone()).collect(),
            why: *why,
            city: city.clone(),
            fate,
        }));
    }
    match fate {
        Unwintered::Stay => {}
        Unwintered::Disband => {
            for (i, _, _) in &list {
                let b = &mut st.blocks[*i];
                b.status = Status::Pool;
                b.at = "pool".into();
                b.steps = 1;
            }
        }
        Unwintered::Attrition => {
            let mut by_place: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
            for (i, _, _) in &list {
                by_place
                    .entry(map_index(sc, &st.blocks[*i].at))
                    .or_default()
                    .push(*i);
            }
            let hit_on = sc.params.winter.unwintered_hit;
            for idx in by_place.values() {
                let place = st.blocks[idx[0]].at.clone();
                let label = dice::winter_attrition(&place);
                let mut stream = dice.open(&label);
                let mut rolls = Vec::new();
                for &i in idx {
                    let die = stream.die(6);
                    let b = &mut st.blocks[i];
                    if die <= hit_on {
                        b.steps = b.steps.saturating_sub(1);
                        if b.steps == 0 {
                            b.status = Status::Eliminated;
                        }
                    }
                    rolls.push((b.side.clone(), b.id.clone(), die, b.steps));
                }
                out.dice.push(stream.record(Shown::All));
                out.events.push(w(WinterEvent::Attrition {
                    place,
                    label,
                    hit_on,
                    rolls,
                }));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::scenario::HELLENES_431;
    use crate::model::state::{Season, Siege};

    fn scenario() -> Scenario {
        Scenario::load(HELLENES_431).expect("the embedded scenario loads")
    }

    fn dice(forced: &[(&str, &[u32])]) -> TurnDice {
        TurnDice::new([9u8; 32], None).with_forced(
            forced
                .iter()
                .map(|(l, v)| (l.to_string(), v.to_vec()))
                .collect(),
        )
    }

    /// The start of the 431 scenario awaiting Winter, ATH-F4 (at sea at the start) in Torone.
    fn winter_state(sc: &Scenario) -> State {
        let mut st = State::start(sc);
        st.season = Season::Winter;
        st.phase = Phase::Winter;
        put(&mut st, "ATH-F4", "Torone", Status::Field);
        st
    }

    fn besiege(st: &mut State, city: &str, by: &str) {
        let c = st.cities.iter_mut().find(|c| c.name == city).unwrap();
        c.siege = Some(Siege {
            besieger: by.into(),
            year: 431,
            season: Season::Fall,
            blockaded: None,
        });
    }

    fn orders(
        side: &str,
        winter: Vec<WinterMove>,
        combat: Vec<SiegeOrder>,
    ) -> BTreeMap<String, Orders> {
        let mut m = BTreeMap::new();
        for s in ["athens", "sparta"] {
            let mut o = Orders {
                sent: true,
                ..Orders::default()
            };
            if s == side {
                o.winter = winter.clone();
                o.combat = combat.clone();
            }
            m.insert(s.to_string(), o);
        }
        m
    }

    fn stay(id: &str) -> WinterMove {
        WinterMove {
            verb: Verb::Stay,
            blocks: vec![id.into()],
            carry: Vec::new(),
            path: Vec::new(),
            written: true,
        }
    }

    #[test]
    fn unwintered_attrition_costs_a_step_on_one_to_three() {
        let mut sc = scenario();
        sc.params.winter.unwintered = Unwintered::Attrition;
        let mut st = winter_state(&sc);
        put(&mut st, "SPA-2", "Pylos", Status::Field);
        put(&mut st, "SPA-4", "Pylos", Status::Field);
        let o = orders("sparta", vec![stay("SPA-2"), stay("SPA-4")], Vec::new());
        let r = resolve(
            &sc,
            &mut st,
            &o,
            &dice(&[("winter:Pylos:attrition", &[3, 4])]),
        );
        // SPA-2 (3 steps) rolls 3: a hit; SPA-4 (2 steps) rolls 4: none. Both stay at Pylos.
        assert_eq!(st.block("SPA-2").unwrap().steps, 2);
        assert_eq!(st.block("SPA-4").unwrap().steps, 2);
        assert_eq!(st.block("SPA-2").unwrap().at, "Pylos");
        assert!(r.events.iter().any(|e| matches!(
            e,
            Event::Winter(WinterEvent::Attrition { label, rolls, .. })
                if label == "winter:Pylos:attrition" && rolls.len() == 2
        )));
        assert_eq!(r.dice.len(), 1);
        assert_eq!(st.phase, Phase::YearEnd);
    }

    #[test]
    fn unwintered_stay_leaves_blocks_where_they_are() {
        let mut sc = scenario();
        sc.params.winter.unwintered = Unwintered::Stay;
        let mut st = winter_state(&sc);
        put(&mut st, "SPA-2", "Pylos", Status::Field);
        let o = orders("sparta", vec![stay("SPA-2")], Vec::new());
        let r = resolve(&sc, &mut st, &o, &dice(&[]));
        let b = st.block("SPA-2").unwrap();
        assert_eq!(
            (b.at.as_str(), b.steps, b.status),
            ("Pylos", 3, Status::Field)
        );
        assert!(r.events.iter().any(|e| matches!(
            e,
            Event::Winter(WinterEvent::Unwintered {
                fate: Unwintered::Stay,
                why: Why::Outside,
                ..
            })
        )));
        assert!(r.dice.is_empty());
    }

    #[test]
    fn unsupplied_besiegers_stay_when_supply_is_not_needed() {
        let mut sc = scenario();
        let mut st = winter_state(&sc);
        besiege(&mut st, "Potidaea", "athens");
        put(&mut st, "ATH-3", "Potidaea", Status::Besieging);
        put(&mut st, "SPA-15", "Potidaea", Status::Besieged);
        let o = orders("athens", vec![stay("ATH-3")], Vec::new());
        // Default: unsupplied besiegers have no winter quarters.
        let mut a = st.clone();
        resolve(&sc, &mut a, &o, &dice(&[]));
        assert_eq!(a.block("ATH-3").unwrap().status, Status::Pool);
        assert!(a.city("Potidaea").unwrap().siege.is_none());
        // [A] besiegers_need_supply: false: the siege is kept over Winter.
        sc.params.winter.besiegers_need_supply = false;
        resolve(&sc, &mut st, &o, &dice(&[]));
        assert_eq!(st.block("ATH-3").unwrap().status, Status::Besieging);
        assert!(st.city("Potidaea").unwrap().siege.is_some());
    }

    #[test]
    fn return_moves_go_as_far_as_a_normal_move_unless_any_distance() {
        let mut sc = scenario();
        let mut st = winter_state(&sc);
        put(&mut st, "ATH-F6", "Sea of Marmara", Status::Field);
        let k = Sight::winter_from_state(&sc, &st, "athens", &BTreeSet::new());
        let path: Vec<String> = [
            "Hellespont",
            "Aeolian Sea",
            "Sea of Chios",
            "Icarian Sea",
            "Cretan Sea",
            "Gulf of Laconia",
            "Messenian Gulf",
            "Ionian Sea",
            "Corcyra",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let m = WinterMove {
            verb: Verb::Return,
            blocks: vec!["ATH-F6".into()],
            carry: Vec::new(),
            path,
            written: true,
        };
        assert_eq!(plan(&sc, &k, &m).unwrap_err().code, "too-far");
        let far = reach(&sc, Verb::Return, true, false, true);
        assert!(find_route(&sc, &k, "Sea of Marmara", true, "Corcyra", far, &|_| true).is_none());
        sc.params.winter.return_any_distance = true;
        assert_eq!(plan(&sc, &k, &m).unwrap().city, "Corcyra");
        let far = reach(&sc, Verb::Return, true, false, true);
        let found = find_route(&sc, &k, "Sea of Marmara", true, "Corcyra", far, &|_| true);
        assert_eq!(found.unwrap().len(), 9);
    }

    #[test]
    fn displaced_blocks_alone_leave_a_friendly_city() {
        let sc = scenario();
        let mut st = winter_state(&sc);
        besiege(&mut st, "Leucas", "athens");
        put(&mut st, "ATH-6", "Leucas", Status::Besieging);
        put(&mut st, "SPA-F4", "Leucas", Status::Besieged);
        let k = Sight::winter_from_state(&sc, &st, "athens", &BTreeSet::new());
        let mv = |id: &str, to: &str| {
            let m = WinterMove {
                verb: Verb::Quarter,
                blocks: vec![id.into()],
                carry: Vec::new(),
                path: vec![to.into()],
                written: true,
            };
            plan(&sc, &k, &m).unwrap()
        };
        // ATH-9 alone in Stratus (capacity 2) is not displaced by one arrival. (Its own
        // arrival in full Naupactus would be allowed: arrivals displace, page 9.)
        let plans = vec![mv("ATH-6", "Stratus"), mv("ATH-9", "Naupactus")];
        let bad = admit(&sc, &k, &plans);
        assert_eq!(bad.len(), 1, "{bad:?}");
        assert_eq!((bad[0].0, bad[0].1.code), (1, "winter-not-eligible"));
        // Naupactus made room (ATH-F3 out to Stratus with ATH-6): ATH-9 is displaced.
        let mut k2 = k.clone();
        if let Some(b) = k2.own.iter_mut().find(|b| b.id == "ATH-F3") {
            b.at = "Leucas".into();
            b.status = Status::Besieging;
        }
        let f3 = {
            let m = WinterMove {
                verb: Verb::Quarter,
                blocks: vec!["ATH-F3".into()],
                carry: Vec::new(),
                path: vec!["Ionian Sea".into(), "Stratus".into()],
                written: true,
            };
            plan(&sc, &k2, &m).unwrap()
        };
        let plans = vec![mv("ATH-6", "Stratus"), f3, mv("ATH-9", "Naupactus")];
        assert!(admit(&sc, &k2, &plans).is_empty());
    }

    #[test]
    fn winter_assault_only_when_the_scenario_allows_it() {
        let mut sc = scenario();
        let mut st = winter_state(&sc);
        besiege(&mut st, "Plataea", "sparta");
        put(&mut st, "SPA-9", "Plataea", Status::Besieging);
        put(&mut st, "ATH-7", "Plataea", Status::Besieged);
        let o = orders(
            "sparta",
            Vec::new(),
            vec![SiegeOrder::Assault {
                city: "Plataea".into(),
            }],
        );
        let mut a = st.clone();
        let r = resolve(&sc, &mut a, &o, &dice(&[]));
        assert!(r.dice.is_empty(), "no assault in Winter by default");
        sc.params.winter.assault = true;
        let r = resolve(&sc, &mut st, &o, &dice(&[]));
        assert!(r.dice.iter().any(|d| d.label == "siege:Plataea:assault"));
    }

    #[test]
    fn routes_pass_enemy_forces_and_respect_entry_rules() {
        let sc = scenario();
        let mut st = winter_state(&sc);
        put(&mut st, "ATH-F1", "Samos", Status::Field);
        put(&mut st, "SPA-F1", "Paros Sea", Status::Field);
        put(&mut st, "SPA-F2", "Sea of Andros", Status::Field);
        let k = Sight::winter_from_state(&sc, &st, "athens", &BTreeSet::new());
        // Unopposed entry into Athens: the Sea of Andros (not its offshore sea) is fine.
        let ok = |sea: Option<&str>| {
            matches!(
                entry(&sc, &k, Verb::Return, true, "Athens", sea),
                Ok(Entry::Free { .. })
            )
        };
        let p = find_route(&sc, &k, "Samos", true, "Athens", 5, &ok).unwrap();
        assert_eq!(p, ["Icarian Sea", "Paros Sea", "Sea of Andros", "Athens"]);
    }
}
