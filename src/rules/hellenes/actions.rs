//! The acting side's orders in a player turn: `actions:` (moves, sailing with transport
//! and landings, Building, Pillage) and `combat:` (assault, attrition, sortie), their
//! checks against the side's view, and the action budget (1.0: the card's Action value,
//! none after an Event).
//!
//! Actions are checked in the order written, each against the board as the earlier ones
//! left it (a block moved by the first action cannot move again in the second), so the
//! check finds exactly what resolution will find. Order forms: docs/orders.md "Player
//! turn".

pub use super::model::orders::{Action, Build};
use super::model::sight::Sight;
use super::movement::{self, Part, Problem, Route};
use super::orders::Ctx;
use super::scenario::{BlockKind, Scenario};
use super::siege;
use super::siege_orders::{self, SiegeOrder};
use super::state::{Phase, PlayedFor, Status};
use super::view::View;
use crate::diag::did_you_mean;
use crate::yaml::{Kind, Node};

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
pub fn budget(
    sc: &Scenario,
    view_initiative: Option<&super::state::Initiative>,
    side: &str,
) -> u32 {
    view_initiative
        .and_then(|i| i.plays.get(side))
        .map(|p| match p.played_for {
            PlayedFor::Event => 0,
            PlayedFor::Action => sc.card(&p.card).map(|c| c.action).unwrap_or(0),
        })
        .unwrap_or(0)
}

/// Whether `side` acts in this step.
pub fn acting(view: &View) -> bool {
    matches!(&view.phase, Phase::PlayerTurn { side, .. } if side == &view.side)
}

/// Applies a legal action's effect on the board (for checking the next one).
pub fn apply_on_board(_sc: &Scenario, b: &mut Sight, a: &Action, route: Option<&Route>) {
    match a {
        Action::Move { blocks, .. } | Action::Sail { fleets: blocks, .. } => {
            let to = route.map(|r| r.to().to_string()).unwrap_or_default();
            let carry: &[String] = match a {
                Action::Sail { carry, .. } => carry,
                _ => &[],
            };
            for id in blocks.iter().chain(carry) {
                b.moved.insert(id.clone());
                if let Some(x) = b.own.iter_mut().find(|x| &x.id == id) {
                    x.at = to.clone();
                    x.status = Status::Field;
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
    match what {
        Build::Step(id) => {
            let x = b.block(id)?;
            if matches!(x.status, Status::Pool | Status::Eliminated)
                || x.kind == BlockKind::Garrison
            {
                return p(
                    "build-not-on-map",
                    format!("{id} is not a block on the map"),
                    "not on the map",
                    "rule 4.2: Building adds a step to a block on the map; `build: <city>` draws a new block",
                    None,
                );
            }
            if x.steps >= x.max {
                return p(
                    "build-full",
                    format!("{id} already has its full {} steps", x.max),
                    "at full strength",
                    "rule 2.0: a block has at most its maximum steps",
                    Some("build a step for another block".into()),
                );
            }
            let limit = sc.params.season.build_steps_per_block;
            if b.built.get(id).copied().unwrap_or(0) >= limit {
                return p(
                    "build-twice",
                    format!("{id} has gained {limit} step(s) this turn already"),
                    "built already",
                    "rule 4.2 [A] params.season.build_steps_per_block: steps one block may gain in a player turn",
                    None,
                );
            }
            let friendly = b.city(&x.at).is_some_and(|c| c.control == side);
            if !friendly {
                return p(
                    "build-not-in-city",
                    format!("{id} is at {}, not in a city you control", x.at),
                    "not in your city",
                    "rule 4.2 [A]: a block gains steps in a city its side controls",
                    Some("move it into one of your cities first".into()),
                );
            }
            if barred(b, &x.at) {
                return p(
                    "build-blockaded",
                    format!("{} is besieged and blockaded", x.at),
                    "besieged and blockaded",
                    "rule 8.2.1: no Building in a port that is both besieged and blockaded",
                    None,
                );
            }
            None
        }
        Build::Block(city) => {
            let Some(c) = b.city(city) else {
                return p(
                    "build-not-in-city",
                    format!("{city} has no city"),
                    "no city here",
                    "rule 4.2 [A]: new blocks are built in a city their side controls",
                    None,
                );
            };
            if c.control != side {
                return p(
                    "build-not-your-city",
                    format!("you do not control {city}"),
                    "not your city",
                    "rule 4.2 [A]: new blocks are built in a city their side controls",
                    None,
                );
            }
            if c.siege.is_some() {
                return p(
                    "build-besieged",
                    format!("{city} is besieged"),
                    "besieged",
                    "rule 4.2 [A]: new blocks are not built in a besieged city",
                    None,
                );
            }
            if pool_free <= b.drawn {
                return p(
                    "build-empty-pool",
                    format!("your pool has no block left that can be built in {city}"),
                    "nothing to draw",
                    "rule 4.2: new blocks are drawn from the pool (fleets only in coastal cities); earlier draws this turn count, whatever they drew",
                    Some("build a step instead (`build: <block id>`)".into()),
                );
            }
            None
        }
        Build::Garrison(city) => {
            let Some(c) = b.city(city) else {
                return p(
                    "garrison-not-captured",
                    format!("{city} has no city"),
                    "no city here",
                    "rule 4.2.3: garrisons are built in captured enemy cities",
                    None,
                );
            };
            if c.control != side || c.loyalty == side {
                return p(
                    "garrison-not-captured",
                    format!("{city} is not an enemy city you have captured"),
                    "not captured",
                    "rule 4.2.3: garrisons are built in captured enemy cities (loyal cities have theirs, 7.3)",
                    None,
                );
            }
            if c.built_garrison {
                return p(
                    "garrison-twice",
                    format!("{city} has a garrison already"),
                    "has one",
                    "rule 7.3: one garrison per city",
                    None,
                );
            }
            None
        }
    }
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
    season: super::state::Season,
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
pub fn pool_for<'b>(
    sc: &Scenario,
    own: &'b [super::state::Block],
    city: &str,
) -> Vec<&'b super::state::Block> {
    let coastal = sc.area(city).is_some_and(|a| !a.seas.is_empty());
    own.iter()
        .filter(|x| x.status == Status::Pool && (x.kind != BlockKind::Fleet || coastal))
        .collect()
}

/// Checks `actions:` against the view. Returns the legal actions in order.
pub fn check_actions(cx: &mut Ctx, v: &Node) -> Vec<Action> {
    let sc = cx.sc;
    let view = cx.view;
    let side = view.side.clone();
    let mut out = Vec::new();
    let Some(items) = v.as_seq() else {
        let found = v.describe();
        let d = cx.err(
            "orders::type",
            v,
            format!("`actions` takes a list, found {found}"),
        );
        d.help = Some(format!(
            "write each action on its own line starting with `- `, e.g. `- move: [{}]`",
            super::orders::example_block(view, false)
        ));
        return out;
    };
    let budget = budget(sc, view.initiative.as_ref(), &side);
    let mut board = Sight::from_view(sc, view);
    let mut spent = 0u32;
    let mut pillaged: Vec<String> = Vec::new();
    for item in items {
        let Some(a) = parse_action(cx, item) else {
            continue;
        };
        let cost = a.cost(sc);
        if spent + cost > budget {
            let why = if budget == 0 {
                "you played your card for its Event: no actions this season".to_string()
            } else {
                format!(
                    "your card gives {budget} action(s); this one would be number {}",
                    spent + cost
                )
            };
            let d = cx.err("orders::too-many-actions", item, why);
            d.label = Some("over the card's Action value".into());
            d.rule = Some("rule 1.0: a card played for Actions gives its Action value in actions; an Event gives none".into());
            d.help = Some("drop an action, or keep it for a later season".into());
            continue;
        }
        let result: Result<Option<Route>, Problem> = match &a {
            Action::Move { blocks, path } => {
                movement::land_move(sc, &board, blocks, path).map(Some)
            }
            Action::Sail {
                fleets,
                path,
                carry,
            } => movement::naval_move(sc, &board, fleets, path, carry).map(Some),
            Action::Build(what) => {
                let free = match what {
                    Build::Block(city) => pool_for(sc, &board.own, city).len() as u32,
                    _ => 1,
                };
                match build_problem(sc, &board, what, free) {
                    Some(p) => Err(p),
                    None => Ok(None),
                }
            }
            Action::Pillage(city) => {
                match pillage_problem(sc, &board, view.year, view.season, city, &pillaged) {
                    Some(p) => Err(p),
                    None => Ok(None),
                }
            }
        };
        match result {
            Ok(route) => {
                spent += cost;
                if let Action::Pillage(c) = &a {
                    pillaged.push(c.clone());
                }
                apply_on_board(sc, &mut board, &a, route.as_ref());
                out.push(a);
            }
            Err(p) => {
                let node = locate(item, p.part);
                let d = cx.err(&format!("orders::{}", p.code), node, p.message);
                d.label = Some(p.label);
                d.rule = Some(p.rule);
                d.help = p.help;
            }
        }
    }
    out
}

/// The node a problem points at.
fn locate(item: &Node, part: Part) -> &Node {
    let nth = |key: &[&str], i: usize| -> Option<&Node> {
        let n = key.iter().find_map(|k| item.get(k))?;
        match &n.kind {
            Kind::Seq(v) => v.get(i),
            _ => Some(n),
        }
    };
    let found = match part {
        Part::Whole => None,
        Part::Block(i) => nth(&["move", "sail"], i),
        Part::Path(i) => nth(&["path"], i),
        Part::Carry(i) => nth(&["carry"], i),
    };
    found.unwrap_or(item)
}

/// Flags every key of an order's mapping that is not in `allowed` (`what`: "action",
/// "winter order"); whether any was found. Winter orders use it too.
pub(super) fn unknown_keys(
    cx: &mut Ctx,
    pairs: &[(Node, Node)],
    allowed: &[&str],
    what: &str,
) -> bool {
    let mut bad = false;
    for (k, _) in pairs {
        let key = k.as_str().unwrap_or("?").to_ascii_lowercase();
        if !allowed.contains(&key.as_str()) {
            let d = cx.err(
                "orders::unknown-key",
                k,
                format!("`{key}` is not part of this {what}"),
            );
            d.help = Some(format!("this {what} takes: {}", allowed.join(", ")));
            bad = true;
        }
    }
    bad
}

/// A block id or a list of them, each one of the side's own (winter orders use it too).
pub(super) fn ids(cx: &mut Ctx, node: &Node) -> Option<Vec<String>> {
    let list: Vec<&Node> = match &node.kind {
        Kind::Seq(v) => v.iter().collect(),
        Kind::Scalar(..) if !node.is_null() => vec![node],
        _ => {
            let found = node.describe();
            cx.err(
                "orders::type",
                node,
                format!("expected a block id or a list of ids, found {found}"),
            );
            return None;
        }
    };
    if list.is_empty() {
        cx.err("orders::type", node, "name at least one block".into());
        return None;
    }
    let mut out = Vec::new();
    let mut ok = true;
    for n in list {
        match cx.own_block(n) {
            Some(id) => out.push(id),
            None => ok = false,
        }
    }
    ok.then_some(out)
}

/// A place or a list of places on the map (a `path`; winter orders use it too).
pub(super) fn places(cx: &mut Ctx, node: &Node) -> Option<Vec<String>> {
    let list: Vec<&Node> = match &node.kind {
        Kind::Seq(v) => v.iter().collect(),
        Kind::Scalar(..) if !node.is_null() => vec![node],
        _ => {
            let found = node.describe();
            cx.err(
                "orders::type",
                node,
                format!("`path` takes a list of places, found {found}"),
            );
            return None;
        }
    };
    let mut out = Vec::new();
    let mut ok = true;
    for n in list {
        match cx.place(n) {
            Some(p) => out.push(p),
            None => ok = false,
        }
    }
    ok.then_some(out)
}

const VERBS: [&str; 4] = ["move", "sail", "build", "pillage"];

fn parse_action(cx: &mut Ctx, item: &Node) -> Option<Action> {
    let Some(pairs) = item.as_map() else {
        let found = item.describe();
        let example = super::orders::example_block(cx.view, false);
        let d = cx.err(
            "orders::type",
            item,
            format!("an action is a mapping like `move: [{example}]`, found {found}"),
        );
        d.help = Some(format!("actions are: {}", VERBS.join(", ")));
        return None;
    };
    let verb = pairs.iter().find_map(|(k, _)| {
        k.as_str()
            .map(|s| s.to_ascii_lowercase())
            .filter(|s| VERBS.contains(&s.as_str()))
    });
    let allowed: &[&str] = match verb.as_deref() {
        Some("move") => &["move", "path"],
        Some("sail") => &["sail", "path", "carry"],
        Some("build") => &["build"],
        Some("pillage") => &["pillage"],
        _ => {
            let Some((first, _)) = pairs.first() else {
                // `- {}`: a mapping without a verb.
                let example = super::orders::example_block(cx.view, false);
                let d = cx.err(
                    "orders::type",
                    item,
                    format!(
                        "an action is a mapping like `move: [{example}]`, found an empty mapping"
                    ),
                );
                d.help = Some(format!("actions are: {}", VERBS.join(", ")));
                return None;
            };
            let key = first.as_str().unwrap_or("?").to_string();
            let d = cx.err(
                "orders::unknown-action",
                first,
                format!("`{key}` is not an action"),
            );
            d.label = Some("unknown action".into());
            d.help = Some(match did_you_mean(&key, VERBS) {
                Some(h) => format!("did you mean `{h}`?"),
                None => format!(
                    "actions are: {}; siege combat goes under `combat:`",
                    VERBS.join(", ")
                ),
            });
            return None;
        }
    };
    let bad = unknown_keys(cx, pairs, allowed, "action");
    let verb = verb.expect("matched above");
    let value = item.get(&verb).expect("the verb is a key");
    let need_path = |cx: &mut Ctx| -> Option<Vec<String>> {
        match item.get("path") {
            Some(p) => places(cx, p),
            None => {
                let d = cx.err("orders::missing", item, format!("`{verb}` needs a `path`"));
                d.help =
                    Some("write `path: [<start>, <area>, …]`, the places entered in order".into());
                None
            }
        }
    };
    let action = match verb.as_str() {
        "move" => {
            let blocks = ids(cx, value);
            let path = need_path(cx);
            Action::Move {
                blocks: blocks?,
                path: path?,
            }
        }
        "sail" => {
            let fleets = ids(cx, value);
            let path = need_path(cx);
            let carry = match item.get("carry") {
                Some(c) => ids(cx, c),
                None => Some(Vec::new()),
            };
            Action::Sail {
                fleets: fleets?,
                path: path?,
                carry: carry?,
            }
        }
        "build" => Action::Build(parse_build(cx, value)?),
        "pillage" => Action::Pillage(cx.city(value)?),
        _ => unreachable!("verbs are listed"),
    };
    (!bad).then_some(action)
}

fn parse_build(cx: &mut Ctx, value: &Node) -> Option<Build> {
    if let Some(g) = value.get("garrison") {
        return cx.city(g).map(Build::Garrison);
    }
    let Some(text) = value.as_str().filter(|_| !value.is_null()) else {
        let example = super::orders::example_block(cx.view, false);
        let city = cx
            .view
            .cities
            .iter()
            .find(|c| c.control == cx.view.side)
            .map_or("<city>", |c| c.name.as_str())
            .to_string();
        let d = cx.err(
            "orders::type",
            value,
            "`build` takes a block id, a city, or `{ garrison: <city> }`".into(),
        );
        d.help = Some(format!("`build: {example}` adds a step; `build: {city}` draws a new block there; `build: {{ garrison: <city> }}` a garrison in a captured city"));
        return None;
    };
    let t = text.trim();
    if let Some(b) = cx.view.blocks.iter().find(|b| b.id.eq_ignore_ascii_case(t)) {
        return Some(Build::Step(b.id.clone()));
    }
    let is_city = cx
        .sc
        .areas
        .iter()
        .any(|a| a.city.is_some() && a.name.eq_ignore_ascii_case(t));
    if is_city {
        return cx.city(value).map(Build::Block);
    }
    let hint = did_you_mean(
        t,
        cx.view.blocks.iter().map(|b| b.id.as_str()).chain(
            cx.sc
                .areas
                .iter()
                .filter(|a| a.city.is_some())
                .map(|a| a.name.as_str()),
        ),
    );
    let d = cx.err(
        "orders::unknown-build",
        value,
        format!("`{t}` is neither one of your blocks nor a city"),
    );
    d.label = Some("what to build?".into());
    d.help = Some(match hint {
        Some(h) => format!("did you mean {h}?"),
        None => "`build: <your block id>` adds a step; `build: <city>` draws a new block".into(),
    });
    None
}

/// Checks `combat:` against the view: each item is a siege order (8.0–8.3) checked by
/// the siege rules (`siege_orders::check_item`).
pub fn check_combat(cx: &mut Ctx, v: &Node) -> Vec<SiegeOrder> {
    let mut out = Vec::new();
    let Some(items) = v.as_seq() else {
        let found = v.describe();
        let d = cx.err(
            "orders::type",
            v,
            format!("`combat` takes a list, found {found}"),
        );
        d.help = Some("e.g. `- assault: Plataea`".into());
        return out;
    };
    for item in items {
        let Some(((k, val), rest)) = item.as_map().and_then(|m| m.split_first()) else {
            let d = cx.err(
                "orders::type",
                item,
                "a combat order is `assault: <city>`, `attrition: <city>` or `sortie: { from: <city>, blocks: [...] }`".into(),
            );
            d.rule = Some("rule 8.0: siege combat".into());
            continue;
        };
        if let Some((k2, _)) = rest.first() {
            cx.err(
                "orders::unknown-key",
                k2,
                "one combat order per list item".into(),
            );
            continue;
        }
        let key = k.as_str().unwrap_or("?").to_ascii_lowercase();
        if !siege_orders::KEYS.contains(&key.as_str()) {
            let d = cx.err(
                "orders::unknown-combat",
                k,
                format!("`{key}` is not a combat order"),
            );
            d.help = Some(match did_you_mean(&key, siege_orders::KEYS) {
                Some(h) => format!("did you mean `{h}`?"),
                None => "combat orders are: assault, attrition, sortie; moves go under `actions:`"
                    .into(),
            });
            continue;
        }
        match siege_orders::check_item(cx.sc, cx.view, &key, val, &out, cx.file) {
            Ok(o) => out.push(o),
            Err(ds) => cx.diags.extend(ds),
        }
    }
    out
}

/// The acting side's part of `dikast template`: the budget, every action form, and for
/// each block that can move the places one move can reach (all as comments).
pub fn template(sc: &Scenario, v: &View) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let budget = budget(sc, v.initiative.as_ref(), &v.side);
    let _ = writeln!(
        out,
        "# Your player turn: {budget} action(s) (1.0: your card's Action value; none after an Event)."
    );
    let _ = writeln!(out, "# Each action is one list item under `actions:`:");
    let _ = writeln!(out, "#   - move: [<ids>]   path: [<start>, <area>, ...]     # 2.0: land 2 areas, cavalry 3; a move ends where enemy blocks stand");
    let _ = writeln!(out, "#   - sail: [<fleets>] path: [<start>, <sea>, ..., <coastal area>]  carry: [<land ids>]   # 2.0, 5.21: up to 5 seas");
    let _ = writeln!(
        out,
        "#   - build: <block id>            # 4.2: a step for a block in a city you control"
    );
    let _ = writeln!(
        out,
        "#   - build: <city>                # 4.2: a new block drawn blind from your pool"
    );
    let _ = writeln!(
        out,
        "#   - build: {{ garrison: <city> }}  # 4.2.3: a garrison in a captured city"
    );
    let _ = writeln!(
        out,
        "#   - pillage: <city>              # 5.5: the land of an enemy city you besiege"
    );
    let board = Sight::from_view(sc, v);
    let _ = writeln!(out, "# Where your blocks can go in one move:");
    for b in &v.blocks {
        if matches!(b.status, Status::Pool | Status::Eliminated) || b.kind == BlockKind::Garrison {
            continue;
        }
        let ids = [b.id.clone()];
        let mut reach: Vec<String> = Vec::new();
        if b.kind == BlockKind::Fleet {
            let firsts: Vec<String> = sc
                .sea(&b.at)
                .map(|s| s.seas.clone())
                .or_else(|| sc.area(&b.at).map(|a| a.seas.clone()))
                .unwrap_or_default();
            for f in firsts {
                if movement::naval_move(sc, &board, &ids, &[b.at.clone(), f.clone()], &[]).is_ok() {
                    reach.push(f);
                }
            }
        } else {
            let mut frontier = vec![vec![b.at.clone()]];
            while let Some(path) = frontier.pop() {
                let last = path.last().expect("a path has a start").clone();
                for n in sc.area(&last).map(|a| a.land.clone()).unwrap_or_default() {
                    if path.contains(&n) {
                        continue;
                    }
                    let mut p = path.clone();
                    p.push(n.clone());
                    if movement::land_move(sc, &board, &ids, &p).is_ok() {
                        if !reach.contains(&n) {
                            reach.push(n.clone());
                        }
                        frontier.push(p);
                    }
                }
            }
        }
        if reach.is_empty() {
            continue;
        }
        let _ = writeln!(out, "#   {} at {}: {}", b.id, b.at, reach.join(", "));
    }
    let _ = writeln!(out, "actions: []");
    let _ = writeln!(out, "# Siege combat (8.0-8.3), one item each: - assault: <city> | - attrition: <city> | - sortie: {{ from: <city>, blocks: [<ids>] }}");
    out.push_str(&siege_orders::template(sc, v));
    let _ = writeln!(out, "combat: []");
    out
}
