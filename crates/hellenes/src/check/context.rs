//! The check context every Hellenes order form shares: the scenario and the side's view
//! over the kit's shared check context (the file and the diagnostics so far), with the
//! readers of the values orders name (text, cities, places, own blocks, a card of the
//! hand, id and place lists, one-or-a-list, unknown keys), each with its did-you-mean.

use crate::model::scenario::Scenario;
use crate::model::sight::View;
use dikast_core::kit::check::Check;
use dikast_core::yaml::Kind;
use dikast_core::yaml::Node;
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
    let list = one_or_list(cx, node, |found| {
        format!("expected a block id or a list of ids, found {found}")
    })?;
    if list.is_empty() {
        cx.err("orders::type", node, "name at least one block");
        return None;
    }
    every(cx, list, |cx, n| cx.own_block(n))
}

/// A place or a list of places on the map (a `path`; winter orders use it too).
pub(super) fn places(cx: &mut Ctx, node: &Node) -> Option<Vec<String>> {
    let list = one_or_list(cx, node, |found| {
        format!("`path` takes a list of places, found {found}")
    })?;
    every(cx, list, |cx, n| cx.place(n))
}

/// 1.0: a card of the side's own hand, by id or name (English or Russian); an unknown
/// card or one not in the hand is an error with the hand listed (the initiative play and
/// the New Year play read it).
pub(super) fn check_hand_card(cx: &mut Ctx, node: &Node) -> Option<String> {
    let name = cx.text(node, "a card id or name")?.trim().to_string();
    if let Some(c) = cx
        .view
        .hand
        .iter()
        .find(|c| c.id.eq_ignore_ascii_case(&name) || super::names::same(&name, &c.name))
    {
        return Some(c.id.clone());
    }
    let in_deck = cx
        .sc
        .cards
        .iter()
        .any(|c| c.id.eq_ignore_ascii_case(&name) || super::names::same(&name, &c.name));
    let hand: Vec<String> = cx
        .view
        .hand
        .iter()
        .map(|c| format!("{} {}", c.id, c.name))
        .collect();
    let hint = dikast_core::diag::did_you_mean(
        &name,
        cx.view
            .hand
            .iter()
            .flat_map(|c| [c.id.as_str(), c.name.as_str()])
            .chain(
                cx.view
                    .hand
                    .iter()
                    .filter_map(|c| super::names::russian(&c.name)),
            ),
    );
    let (code, msg, label) = if in_deck {
        (
            "orders::card-not-in-hand",
            format!("`{name}` is not in your hand"),
            "not in your hand",
        )
    } else {
        (
            "orders::unknown-card",
            format!("there is no card `{name}`"),
            "unknown card",
        )
    };
    let d = cx.err(code, node, msg);
    d.label = Some(label.into());
    d.rule = Some("rule 1.0: a player plays a card from his own hand".into());
    d.help = Some(match hint {
        Some(h) => format!("did you mean {h}? your hand: {}", hand.join(", ")),
        None => format!("your hand: {}", hand.join(", ")),
    });
    None
}

/// The items of a one-or-list value, or a placed `orders::type` problem worded by
/// `message` from what was found.
fn one_or_list<'n>(
    cx: &mut Ctx,
    node: &'n Node,
    message: impl FnOnce(&str) -> String,
) -> Option<Vec<&'n Node>> {
    match &node.kind {
        Kind::Seq(v) => Some(v.iter().collect()),
        Kind::Scalar(..) if !node.is_null() => Some(vec![node]),
        _ => {
            let found = node.describe();
            cx.err("orders::type", node, message(found));
            None
        }
    }
}

/// Every item read by `read` (each bad one reported by it), or `None` if any was bad.
fn every(
    cx: &mut Ctx,
    list: Vec<&Node>,
    mut read: impl FnMut(&mut Ctx, &Node) -> Option<String>,
) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let mut ok = true;
    for n in list {
        match read(cx, n) {
            Some(x) => out.push(x),
            None => ok = false,
        }
    }
    ok.then_some(out)
}

/// What every check needs: the scenario, the side's view, and the shared check context
/// (`kit::check::Check`: the file, the problems so far, `err`, `hint`, `text`), which
/// `Ctx` derefs to.
pub struct Ctx<'a> {
    pub sc: &'a Scenario,
    pub view: &'a View,
    pub check: Check<'a>,
}

impl<'a> std::ops::Deref for Ctx<'a> {
    type Target = Check<'a>;
    fn deref(&self) -> &Check<'a> {
        &self.check
    }
}

impl std::ops::DerefMut for Ctx<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.check
    }
}

impl Ctx<'_> {
    /// A city named on the map, case-insensitive.
    pub fn city(&mut self, node: &Node) -> Option<String> {
        let name = self.text(node, "a city name")?;
        if let Some(a) = self
            .sc
            .areas
            .iter()
            .find(|a| a.city.is_some() && a.name.eq_ignore_ascii_case(name.trim()))
        {
            return Some(a.name.clone());
        }
        let hint = self.hint(
            name,
            self.sc
                .areas
                .iter()
                .filter(|a| a.city.is_some())
                .map(|a| a.name.as_str()),
        );
        let is_place = self.sc.area(name).is_some()
            || self
                .sc
                .seas
                .iter()
                .any(|s| s.name.eq_ignore_ascii_case(name.trim()));
        let d = self.err(
            "orders::unknown-city",
            node,
            format!("there is no city called `{name}` on the map"),
        );
        d.label = Some(if is_place {
            "this place has no city".into()
        } else {
            "unknown city".into()
        });
        d.help = Some(match hint {
            Some(h) => format!("did you mean {h}?"),
            None => "names are as printed on the map; `dikast show` lists them".into(),
        });
        None
    }

    /// Any land area or sea, case-insensitive.
    pub fn place(&mut self, node: &Node) -> Option<String> {
        let name = self.text(node, "a place name")?;
        let t = name.trim();
        if let Some(a) = self
            .sc
            .areas
            .iter()
            .find(|a| a.name.eq_ignore_ascii_case(t))
        {
            return Some(a.name.clone());
        }
        if let Some(s) = self.sc.seas.iter().find(|s| s.name.eq_ignore_ascii_case(t)) {
            return Some(s.name.clone());
        }
        let all = self
            .sc
            .areas
            .iter()
            .map(|a| a.name.as_str())
            .chain(self.sc.seas.iter().map(|s| s.name.as_str()));
        let hint = self.hint(t, all);
        let d = self.err(
            "orders::unknown-place",
            node,
            format!("there is no place called `{name}` on the map"),
        );
        d.label = Some("unknown place".into());
        d.help = Some(match hint {
            Some(h) => format!("did you mean {h}?"),
            None => "names are as printed on the map; `dikast show` lists them".into(),
        });
        None
    }

    /// One of the side's own blocks. An enemy id is answered exactly like an unknown one.
    pub fn own_block(&mut self, node: &Node) -> Option<String> {
        let id = self.text(node, "a block id")?;
        if let Some(b) = self
            .view
            .blocks
            .iter()
            .find(|b| b.id.eq_ignore_ascii_case(id.trim()))
        {
            return Some(b.id.clone());
        }
        let hint = self.hint(id, self.view.blocks.iter().map(|b| b.id.as_str()));
        let d = self.err(
            "orders::unknown-block",
            node,
            format!("you have no block `{id}`"),
        );
        d.label = Some("not one of your blocks".into());
        d.help = Some(match hint {
            Some(h) => format!("did you mean {h}?"),
            None => "your view lists your blocks by id".into(),
        });
        None
    }
}

pub fn seq_or_one<'n>(cx: &mut Ctx, node: &'n Node, what: &str) -> Vec<&'n Node> {
    one_or_list(cx, node, |found| format!("expected {what}, found {found}")).unwrap_or_default()
}
