//! The acting side's order forms in a player turn: `actions:` (moves, sailing with
//! transport and landings, Building, Pillage) and `combat:` (assault, attrition, sortie),
//! checked against the side's view with the rules of `engine::actions` and
//! `engine::movement` (the action budget, 1.0: the card's Action value, none after an
//! Event).
//!
//! Actions are checked in the order written, each against the board as the earlier ones
//! left it (a block moved by the first action cannot move again in the second), so the
//! check finds exactly what resolution will find. Order forms: docs/orders.md "Player
//! turn".

use super::context::ids;
use super::context::places;
use super::context::unknown_keys;
use super::context::Ctx;
use crate::engine::actions::apply_on_board;
use crate::engine::actions::budget;
use crate::engine::actions::build_problem;
use crate::engine::actions::pillage_problem;
use crate::engine::actions::pool_for;
use crate::engine::movement;
use crate::engine::movement::Part;
use crate::engine::movement::Problem;
use crate::engine::movement::Route;
use crate::engine::siege;
use crate::model::orders::Action;
use crate::model::orders::Build;
use crate::model::orders::Landing;
use crate::model::scenario::BlockKind;
use crate::model::sight;
use crate::model::sight::Sight;
use crate::model::state::Status;
use dikast_core::diag::did_you_mean;
use dikast_core::diag::Diagnostic;
use dikast_core::yaml::{Kind, Node};

/// Checks `actions:` against the view. Returns the legal actions in order.
pub fn check_actions(cx: &mut Ctx, v: &Node) -> Vec<Action> {
    check_actions_on(cx, v).0
}

/// `check_actions`, with the side's board after its accepted actions (what its Combat
/// phase will find, as far as the side's own moves go).
fn check_actions_on(cx: &mut Ctx, v: &Node) -> (Vec<Action>, Sight) {
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
            sight::example_block(view, false)
        ));
        return (out, Sight::from_view(sc, view));
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
                into,
            } => movement::naval_move(sc, &board, fleets, path, carry).and_then(|r| {
                movement::port_entry(sc, &board, fleets, carry, &r, *into).map(|_| Some(r))
            }),
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
    (out, board)
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

const VERBS: [&str; 4] = ["move", "sail", "build", "pillage"];

/// An action with no verb: an empty mapping, or a first key that is no action (with its
/// did-you-mean).
fn no_verb(cx: &mut Ctx, item: &Node, pairs: &[(Node, Node)]) {
    let Some((first, _)) = pairs.first() else {
        // `- {}`: a mapping without a verb.
        let example = sight::example_block(cx.view, false);
        let d = cx.err(
            "orders::type",
            item,
            format!("an action is a mapping like `move: [{example}]`, found an empty mapping"),
        );
        d.help = Some(format!("actions are: {}", VERBS.join(", ")));
        return;
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
}

/// 7.4: a `sail`'s `into:` (`walls` or `field`), `Some(None)` when not given; `None` when
/// it is neither (an error).
fn parse_into(cx: &mut Ctx, item: &Node) -> Option<Option<Landing>> {
    match item.get("into") {
        None => Some(None),
        Some(n) => match n.as_str().map(|s| s.trim().to_ascii_lowercase()).as_deref() {
            Some("walls") => Some(Some(Landing::Walls)),
            Some("field") => Some(Some(Landing::Field)),
            _ => {
                let d = cx.err("orders::bad-value", n, "`into` is `walls` or `field`");
                d.rule = Some("rule 7.4: fleets reaching their own besieged port by its offshore sea enter it (walls) or land and attack the besiegers (field)".into());
                None
            }
        },
    }
}

fn parse_action(cx: &mut Ctx, item: &Node) -> Option<Action> {
    let Some(pairs) = item.as_map() else {
        let found = item.describe();
        let example = sight::example_block(cx.view, false);
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
        Some("sail") => &["sail", "path", "carry", "into"],
        Some("build") => &["build"],
        Some("pillage") => &["pillage"],
        _ => {
            no_verb(cx, item, pairs);
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
            let into = parse_into(cx, item);
            Action::Sail {
                fleets: fleets?,
                path: path?,
                carry: carry?,
                into: into?,
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
        let example = sight::example_block(cx.view, false);
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
            "`build` takes a block id, a city, or `{ garrison: <city> }`",
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

/// 8.2.1, checked against the planned moves as resolution will meet them: attrition
/// against a port needs it blockaded when the Combat phase comes; if every fleet of the
/// side blockading it sails away in this turn's `actions:`, the blockade ends with the
/// Actions phase and the attrition would be void, so it is refused here (as attrition
/// with a fleet only arriving this turn is: `blockade-too-recent`).
pub(super) fn blockade_left(cx: &mut Ctx, city: &str, node: &Node) -> Option<Diagnostic> {
    let sc = cx.sc;
    let sea = siege::offshore(sc, city)?;
    let root = dikast_core::yaml::parse(cx.file).ok()?;
    let actions = root.as_map()?.iter().find_map(|(k, v)| {
        k.as_str()
            .is_some_and(|s| s.eq_ignore_ascii_case("actions"))
            .then_some(v)
    })?;
    let mut scratch = Ctx {
        sc,
        view: cx.view,
        check: dikast_core::kit::check::Check::new(cx.file),
    };
    let (_, board) = check_actions_on(&mut scratch, actions);
    let blockading = |b: &Sight| -> Vec<String> {
        b.own
            .iter()
            .filter(|x| x.kind == BlockKind::Fleet && x.status == Status::Field)
            .filter(|x| {
                x.at == sea
                    || (city == sc.params.siege.grain_city
                        && sc.params.siege.grain_seas.contains(&x.at))
            })
            .map(|x| x.id.clone())
            .collect()
    };
    let now = blockading(&Sight::from_view(sc, cx.view));
    if now.is_empty() || !blockading(&board).is_empty() {
        return None;
    }
    Some(
        Diagnostic::new(
            "orders::blockade-ends",
            format!(
                "{city} will not be blockaded in your Combat phase: {} {} {sea} in your actions",
                now.join(", "),
                if now.len() == 1 { "leaves" } else { "leave" }
            ),
        )
        .at(cx.file, node.span)
        .label("the blockade ends")
        .rule("rule 8.2.1: a port suffers attrition only if it is both besieged and blockaded (since the previous season); the blockade ends when the last fleet leaves its offshore sea")
        .help(format!("keep a fleet in {sea} this turn, or drop the attrition")),
    )
}
