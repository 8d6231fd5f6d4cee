//! The Winter step's order forms (9.x, page 9) and their checks against the side's view:
//!
//! ```yaml
//! winter:                                   # overwintering moves, free, passing enemies
//!   - quarter: [ATH-F4]                     # into an adjacent friendly-controlled city
//!     to: Abydos
//!   - return: [ATH-F1, ATH-F2]              # to the blocks' home city (shortest route),
//!     path: [Icarian Sea, Paros Sea, Sea of Andros, Athens]   # or along `path`
//!   - stay: [SPA-10]                        # no move
//! combat:
//!   - sortie: { from: Plataea, blocks: [ATH-7] }   # 8.3: the first winter combat phase
//!   - attrition: Potidaea                          # 8.2: the second
//! ```
//! Both sides send them in the same step. Every check reads only the side's view (its own
//! blocks, the cities and their sieges, enemy blocks as counts per place), so a diagnostic
//! can never tell a player what his view does not show; each cites its rule (9.x with the
//! page, 7.4, 8.x, 2.0, 5.21). A block that must winter and is named in no order gets the
//! documented default move (`winter::with_defaults`), also when no file is sent.

use super::context::ids;
use super::context::places;
use super::context::unknown_keys;
use super::context::Ctx;
use crate::engine::movement::Part;
use crate::engine::winter;
use crate::engine::winter::Entry;
use crate::model::orders::Verb;
use crate::model::orders::WinterMove;
use crate::model::scenario::BlockKind;
use crate::model::sight::example_block;
use crate::model::sight::Sight;
use crate::model::state::Block;
use crate::model::state::Status;
use dikast_core::diag::did_you_mean;
use dikast_core::yaml::Node;
use movement_part::locate;
use std::collections::BTreeSet;

const VERBS: [&str; 3] = ["quarter", "return", "stay"];

mod movement_part {
    use super::Part;
    use dikast_core::yaml::{Kind, Node};

    /// The node a problem points at: a block, a place of a written path, a carried block,
    /// or (a path the program found, the whole order) `to:` or the order itself.
    pub fn locate<'n>(item: &'n Node, verb: &str, part: Part) -> &'n Node {
        let nth = |key: &str, i: usize| -> Option<&Node> {
            let n = item.get(key)?;
            match &n.kind {
                Kind::Seq(v) => v.get(i),
                _ => Some(n),
            }
        };
        let found = match part {
            Part::Whole => None,
            Part::Block(i) => nth(verb, i),
            Part::Path(i) => item
                .get("path")
                .and_then(|_| nth("path", i))
                .or_else(|| item.get("to")),
            Part::Carry(i) => nth("carry", i),
        };
        found.unwrap_or(item)
    }
}

/// One written order, parsed.
struct Item<'n> {
    node: &'n Node,
    verb: Verb,
    blocks: Vec<String>,
    carry: Vec<String>,
    path: Option<Vec<String>>,
    to: Option<String>,
}

fn parse_item<'n>(cx: &mut Ctx, item: &'n Node) -> Option<Item<'n>> {
    let Some(pairs) = item.as_map() else {
        let found = item.describe();
        let example = example_block(cx.view, true);
        let d = cx.err(
            "orders::type",
            item,
            format!("a winter order is a mapping like `return: [{example}]`, found {found}"),
        );
        d.help = Some(format!("winter orders are: {}", VERBS.join(", ")));
        return None;
    };
    let verb = pairs.iter().find_map(|(k, _)| {
        k.as_str()
            .map(|s| s.to_ascii_lowercase())
            .filter(|s| VERBS.contains(&s.as_str()))
    });
    let allowed: &[&str] = match verb.as_deref() {
        Some("quarter") => &["quarter", "to", "path", "carry"],
        Some("return") => &["return", "to", "path", "carry"],
        Some("stay") => &["stay"],
        _ => {
            let Some((first, _)) = pairs.first() else {
                let d = cx.err("orders::type", item, "an empty winter order");
                d.help = Some(format!("winter orders are: {}", VERBS.join(", ")));
                return None;
            };
            let key = first.as_str().unwrap_or("?").to_string();
            let d = cx.err(
                "orders::unknown-winter",
                first,
                format!("`{key}` is not a winter order"),
            );
            d.label = Some("unknown winter order".into());
            d.rule = Some(
                "rule 9.x Overwintering (page 9): blocks quarter in an adjacent friendly city or return to their home city"
                    .into(),
            );
            d.help = Some(match did_you_mean(&key, VERBS) {
                Some(h) => format!("did you mean `{h}`?"),
                None => format!(
                    "winter orders are: {}; siege combat goes under `combat:`",
                    VERBS.join(", ")
                ),
            });
            return None;
        }
    };
    let mut bad = unknown_keys(cx, pairs, allowed, "winter order");
    let verb_s = verb.expect("matched above");
    let verb = match verb_s.as_str() {
        "quarter" => Verb::Quarter,
        "return" => Verb::Return,
        _ => Verb::Stay,
    };
    let value = item.get(&verb_s).expect("the verb is a key");
    let blocks = ids(cx, value);
    let carry = match item.get("carry") {
        Some(c) => ids(cx, c),
        None => Some(Vec::new()),
    };
    let path = match item.get("path") {
        Some(p) => places(cx, p).map(Some),
        None => Some(None),
    };
    let to = match item.get("to") {
        Some(t) => cx.city(t).map(Some),
        None => Some(None),
    };
    if verb == Verb::Quarter && item.get("to").is_none() && item.get("path").is_none() {
        let d = cx.err(
            "orders::missing",
            item,
            "`quarter` needs `to:` (the city) or a `path:`",
        );
        d.help = Some("write `to: <an adjacent city your side controls>`".into());
        bad = true;
    }
    let item = Item {
        node: item,
        verb,
        blocks: blocks?,
        carry: carry?,
        path: path?,
        to: to?,
    };
    (!bad).then_some(item)
}

/// 9.x: a block makes one overwintering move: the blocks of `it` already named in
/// `winter:` (`named`, which this extends) are errors. Whether any was.
fn named_twice(cx: &mut Ctx, node: &Node, it: &Item<'_>, named: &mut BTreeSet<String>) -> bool {
    let mut twice = false;
    for (key, list) in [(it.verb.word(), &it.blocks), ("carry", &it.carry)] {
        for (i, id) in list.iter().enumerate() {
            if !named.insert(id.clone()) {
                let at = locate(
                    node,
                    key,
                    if key == "carry" {
                        Part::Carry(i)
                    } else {
                        Part::Block(i)
                    },
                );
                let d = cx.err(
                    "orders::named-twice",
                    at,
                    format!("{id} is named twice in `winter:`"),
                );
                d.rule = Some("rule 9.x: a block makes one overwintering move".into());
                twice = true;
            }
        }
    }
    twice
}

/// 9.x: a `stay` order: its blocks must be on the map (not garrisons) to be said to stay.
fn stay_order(cx: &mut Ctx, k: &Sight, node: &Node, it: &Item<'_>) -> Option<WinterMove> {
    let mut ok = true;
    for (i, id) in it.blocks.iter().enumerate() {
        let Some(b) = k.block(id) else { continue };
        let off = matches!(b.status, Status::Pool | Status::Eliminated);
        if off || b.is_garrison() {
            let at = locate(node, "stay", Part::Block(i));
            let d = cx.err(
                "orders::not-on-map",
                at,
                format!("{id} is not a block on the map that could move"),
            );
            d.rule = Some("rule 9.x: only blocks on the map winter".into());
            ok = false;
        }
    }
    ok.then(|| WinterMove {
        verb: Verb::Stay,
        blocks: it.blocks.clone(),
        carry: Vec::new(),
        path: Vec::new(),
        written: true,
    })
}

/// Checks `winter:` against the view: each order's blocks, route and city (9.x), then the
/// capacity of the cities (page 9). Returns the legal orders; defaults are added by the
/// caller (`winter::with_defaults`).
pub fn check_winter(cx: &mut Ctx, v: &Node) -> Vec<WinterMove> {
    let sc = cx.sc;
    let Some(items) = v.as_seq() else {
        let found = v.describe();
        let example = example_block(cx.view, true);
        let d = cx.err(
            "orders::type",
            v,
            format!("`winter` takes a list, found {found}"),
        );
        d.help = Some(format!(
            "write each winter order on its own line starting with `- `, e.g. `- return: [{example}]`"
        ));
        return Vec::new();
    };
    let k = Sight::winter_from_view(sc, cx.view);
    let mut named: BTreeSet<String> = BTreeSet::new();
    let mut stays: Vec<WinterMove> = Vec::new();
    let mut planned: Vec<(&Node, Verb, WinterMove, winter::Plan)> = Vec::new();
    for node in items {
        let Some(it) = parse_item(cx, node) else {
            continue;
        };
        if named_twice(cx, node, &it, &mut named) {
            continue;
        }
        if it.verb == Verb::Stay {
            stays.extend(stay_order(cx, &k, node, &it));
            continue;
        }
        let Some(path) = route_for(cx, &k, &it) else {
            continue;
        };
        let m = WinterMove {
            verb: it.verb,
            blocks: it.blocks.clone(),
            carry: it.carry.clone(),
            path,
            written: true,
        };
        match winter::plan(sc, &k, &m) {
            Ok(p) => planned.push((node, it.verb, m, p)),
            Err(p) => {
                let at = locate(node, it.verb.word(), p.part);
                let d = cx.err(&format!("orders::{}", p.code), at, p.message);
                d.label = Some(p.label);
                d.rule = Some(p.rule);
                d.help = p.help;
            }
        }
    }
    let plans: Vec<winter::Plan> = planned.iter().map(|(_, _, _, p)| p.clone()).collect();
    let bad = winter::admit(sc, &k, &plans);
    for (i, p) in &bad {
        let (node, verb, _, _) = &planned[*i];
        let at = locate(node, verb.word(), p.part);
        let d = cx.err(&format!("orders::{}", p.code), at, p.message.clone());
        d.label = Some(p.label.clone());
        d.rule = Some(p.rule.clone());
        d.help = p.help.clone();
    }
    let mut out: Vec<WinterMove> = planned
        .into_iter()
        .enumerate()
        .filter(|(i, _)| !bad.iter().any(|(j, _)| j == i))
        .map(|(_, (_, _, m, _))| m)
        .collect();
    out.extend(stays);
    out
}

/// The route of a written order: its `path`, or the shortest route to its city (an
/// unopposed one first), or a diagnostic saying why there is none.
fn route_for(cx: &mut Ctx, k: &Sight, it: &Item) -> Option<Vec<String>> {
    let sc = cx.sc;
    if let Some(p) = &it.path {
        return written_path(cx, it, p);
    }
    let first = k.block(&it.blocks[0])?.clone();
    let to_node = it
        .node
        .get("to")
        .or_else(|| it.node.get(it.verb.word()))
        .unwrap_or(it.node);
    if mixed_kinds(cx, k, it, &first) {
        return None;
    }
    let city = winter_city(cx, k, it, &first, to_node)?;
    let fleets = first.kind == BlockKind::Fleet;
    let cavalry = it
        .blocks
        .iter()
        .all(|id| k.block(id).is_some_and(|b| b.kind == BlockKind::Cavalry));
    let limit = winter::reach(sc, it.verb, fleets, cavalry, sc.sea(&first.at).is_some());
    let verb = it.verb;
    let free = |sea: Option<&str>| {
        matches!(
            winter::entry(sc, k, verb, fleets, &city, sea),
            Ok(Entry::Free { .. })
        )
    };
    let legal = |sea: Option<&str>| winter::entry(sc, k, verb, fleets, &city, sea).is_ok();
    if let Some(p) = winter::find_route(sc, k, &first.at, fleets, &city, limit, &free)
        .or_else(|| winter::find_route(sc, k, &first.at, fleets, &city, limit, &legal))
    {
        return Some(p);
    }
    explain_no_route(cx, k, it, &first, &city, to_node, limit);
    None
}

/// A written `path:` is the route; with `to:` too, it must end there.
fn written_path(cx: &mut Ctx, it: &Item, p: &[String]) -> Option<Vec<String>> {
    if let (Some(to), Some(last)) = (&it.to, p.last()) {
        if to != last {
            let d = cx.err(
                "orders::path-not-to",
                it.node.get("to").unwrap_or(it.node),
                format!("the path ends at {last}, not at {to}"),
            );
            d.help = Some("give `to:` or `path:`, or end the path at the city".into());
            return None;
        }
    }
    Some(p.to_vec())
}

/// One order moves land blocks or fleets (which carry land blocks), not both: true (with
/// a diagnostic) when it names both.
fn mixed_kinds(cx: &mut Ctx, k: &Sight, it: &Item, first: &Block) -> bool {
    let fleet = |b: &Block| b.kind == BlockKind::Fleet;
    for (i, id) in it.blocks.iter().enumerate().skip(1) {
        if k.block(id).is_some_and(|b| fleet(b) != fleet(first)) {
            let at = locate(it.node, it.verb.word(), Part::Block(i));
            let d = cx.err(
                "orders::winter-mixed",
                at,
                "a winter order moves land blocks or fleets, not both",
            );
            d.label = Some(
                if fleet(first) {
                    "a land block"
                } else {
                    "a fleet"
                }
                .into(),
            );
            d.rule = Some(
                "rule 2.0, 5.21: land blocks move by land; fleets by sea, carrying land blocks"
                    .into(),
            );
            d.help = Some(
                "give each its own winter order, or name the land blocks under the fleets' `carry:`"
                    .into(),
            );
            return true;
        }
    }
    false
}

/// The city the order goes to (a Return's is the blocks' home), if it is another city
/// the side controls.
fn winter_city(
    cx: &mut Ctx,
    k: &Sight,
    it: &Item,
    first: &Block,
    to_node: &Node,
) -> Option<String> {
    let city = match (it.verb, &it.to) {
        (Verb::Return, Some(to)) if to != &first.home => {
            let d = cx.err(
                "orders::winter-not-home",
                to_node,
                format!(
                    "{to} is not the home city of {} (its home is {})",
                    first.id, first.home
                ),
            );
            d.label = Some(format!("home: {}", first.home));
            d.rule = Some("rule 9.x Returning (page 9): free Return moves go to the blocks' home city (the same colour as the block)".into());
            d.help = Some(format!("write `quarter:` to winter in {to}"));
            return None;
        }
        (Verb::Return, _) => first.home.clone(),
        (_, Some(to)) => to.clone(),
        _ => return None,
    };
    if first.at == city {
        let d = cx.err(
            "orders::winter-already-there",
            to_node,
            format!("{} is in {city} already", first.id),
        );
        d.label = Some("here already".into());
        d.rule = Some("rule 9.x Overwintering (page 9): a winter move goes to another city".into());
        d.help = Some(format!("leave it out: it winters in {city}"));
        return None;
    }
    if k.city(&city).is_none_or(|c| c.control != k.side.as_str()) {
        let d = cx.err(
            "orders::winter-not-friendly",
            to_node,
            format!("you do not control {city}"),
        );
        d.label = Some("not your city".into());
        d.rule = Some(if it.verb == Verb::Return {
            "rule 9.x Returning (page 9): Return moves go to a friendly-controlled home city".into()
        } else {
            "rule 9.x Quartering (page 9): into an adjacent friendly-controlled city (friendly: controlled by your side, whatever its loyalty)".into()
        });
        d.help = Some("quarter in a city your side controls".into());
        return None;
    }
    Some(city)
}

/// No route: say why. A route within reach that enters the city where the rules bar it
/// first (the rule that bars it), then a legal one out of reach (too far), then any.
fn explain_no_route(
    cx: &mut Ctx,
    k: &Sight,
    it: &Item,
    first: &Block,
    city: &str,
    to_node: &Node,
    limit: u32,
) {
    let sc = cx.sc;
    let fleets = first.kind == BlockKind::Fleet;
    let verb = it.verb;
    let anyway = |_: Option<&str>| true;
    let legal = |sea: Option<&str>| winter::entry(sc, k, verb, fleets, city, sea).is_ok();
    if let Some(p) = winter::find_route(sc, k, &first.at, fleets, city, limit, &anyway) {
        if barred(cx, k, it, p, to_node) {
            return;
        }
    }
    if let Some(p) = winter::find_route(sc, k, &first.at, fleets, city, 1000, &legal) {
        out_of_reach(cx, it, &p, first, city, to_node, limit);
        return;
    }
    if let Some(p) = winter::find_route(sc, k, &first.at, fleets, city, 1000, &anyway) {
        if barred(cx, k, it, p, to_node) {
            return;
        }
    }
    let d = cx.err(
        "orders::winter-no-route",
        to_node,
        format!("no route from {} to {city}", first.at),
    );
    d.label = Some("no route".into());
    d.rule = Some(
        "rule 2.0, 5.21: land blocks move by land and cross the sea only carried by a fleet".into(),
    );
    d.help = Some(if fleets {
        "give the route with `path:`".into()
    } else {
        "name the land blocks under a fleet's `carry:` (a fleet with more steps than each)".into()
    });
}

/// The rule that bars the order along route `p`, as a diagnostic: true if one does.
fn barred(cx: &mut Ctx, k: &Sight, it: &Item, p: Vec<String>, to_node: &Node) -> bool {
    let m = WinterMove {
        verb: it.verb,
        blocks: it.blocks.clone(),
        carry: it.carry.clone(),
        path: p,
        written: true,
    };
    match winter::plan(cx.sc, k, &m) {
        Err(pr) => {
            let d = cx.err(&format!("orders::{}", pr.code), to_node, pr.message);
            d.label = Some(pr.label);
            d.rule = Some(pr.rule);
            d.help = pr.help;
            true
        }
        Ok(_) => false,
    }
}

/// A legal route `p` that is longer than the order may go: a Return too far, a Quarter
/// not into an adjacent city.
fn out_of_reach(
    cx: &mut Ctx,
    it: &Item,
    p: &[String],
    first: &Block,
    city: &str,
    to_node: &Node,
    limit: u32,
) {
    let sc = cx.sc;
    let fleets = first.kind == BlockKind::Fleet;
    let (code, message, rule, help) = if it.verb == Verb::Return {
        let n = if fleets {
            p.iter().filter(|x| sc.sea(x).is_some()).count()
        } else {
            p.len()
        };
        (
            "orders::winter-too-far",
            format!(
                "{city} is {n} {} away: too far for a Return move ({limit} at most)",
                if fleets { "seas" } else { "areas" }
            ),
            "rule 9.x Returning [A] params.winter.return_any_distance: a Return move goes as far as a normal move (2 land areas, cavalry 3, fleets 5 seas; page 9: \"too far from Athens for a Return move\")",
            "quarter in an adjacent friendly city instead".to_string(),
        )
    } else {
        (
            "orders::winter-not-adjacent",
            format!("{city} is not next to {}", first.at),
            "rule 9.x Quartering (page 9): blocks move into an adjacent friendly-controlled city ([A] a fleet: across one sea)",
            "write `return:` to go home, or quarter in a city next to the blocks".to_string(),
        )
    };
    let d = cx.err(code, to_node, message);
    d.label = Some(
        if it.verb == Verb::Return {
            "too far"
        } else {
            "not adjacent"
        }
        .into(),
    );
    d.rule = Some(rule.into());
    d.help = Some(help);
}

#[cfg(test)]
mod tests {

    use crate::check::orders;
    use crate::model::scenario::Scenario;
    use crate::model::scenario::HELLENES_431;
    use crate::model::sight;
    use crate::model::sight::View;
    use crate::model::state::{Phase, Season, State};
    use dikast_core::diag::SourceFile;

    fn winter_view(side: &str, change: impl Fn(&mut State)) -> (Scenario, View) {
        let sc = Scenario::load(HELLENES_431).unwrap();
        let mut st = State::start(&sc);
        st.season = Season::Winter;
        st.phase = Phase::Winter;
        change(&mut st);
        let v = sight::view(&sc, &st, side);
        (sc, v)
    }

    fn at(st: &mut State, id: &str, place: &str) {
        let b = st.blocks.iter_mut().find(|b| b.id == id).unwrap();
        b.at = place.into();
    }

    #[test]
    fn checks_never_name_enemy_blocks_and_defaults_fill_in() {
        let (sc, v) = winter_view("sparta", |st| {
            at(st, "SPA-2", "Pylos");
            at(st, "SPA-F1", "Paros Sea");
        });
        let text =
            "winter:\n  - return: SPA-F1\n  - quarter: SPA-2\n    to: Athens\n  - march: ATH-1\n";
        let file = SourceFile::new("sparta.yaml", text);
        let root = dikast_core::yaml::parse(&file).unwrap();
        let checked = orders::check(&sc, &v, root.as_map().unwrap(), &file);
        let shown: Vec<String> = checked
            .problems
            .iter()
            .map(|d| format!("{} {:?} {:?} {:?}", d.message, d.label, d.help, d.rule))
            .collect();
        assert_eq!(shown.len(), 2, "{shown:#?}");
        assert!(shown[0].contains("you do not control Athens"), "{shown:#?}");
        // The misspelt verb's block is not looked up at all: nothing about ATH-1.
        assert!(shown.iter().all(|s| !s.contains("ATH-1")), "{shown:#?}");
        // SPA-F1 returns as written; SPA-2's refused order falls back to its default (an
        // invalid order is left out and its documented default applies: home by land).
        let w = &checked.orders.winter;
        assert_eq!(w.len(), 2, "{w:?}");
        assert_eq!(
            (w[0].blocks.as_slice(), w[0].written),
            (&["SPA-F1".to_string()][..], true)
        );
        assert_eq!(w[0].path.last().map(String::as_str), Some("Corinth"));
        assert_eq!(
            (w[1].blocks.as_slice(), w[1].written),
            (&["SPA-2".to_string()][..], false)
        );
        assert_eq!(w[1].path, ["Messenia", "Sparta"]);
    }
}
