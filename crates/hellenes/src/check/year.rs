//! The order forms of the end of the year and the New Year (9.5, 10.x): `peace:`,
//! `discard:` and `new_year:`, checked against the side's view.

use super::context::Ctx;
use crate::engine::olympians;
use crate::engine::year::may_discard;
use crate::model::orders::NewYearPlay;
use crate::model::params::DiscardRule;
use crate::model::scenario::CardKind;
use crate::model::state::PlayedFor;
use dikast_core::yaml::Kind;
use dikast_core::yaml::Node;
/// `peace: offer | no` (10.2, 14.2.2).
pub fn check_peace(cx: &mut Ctx, v: &Node) -> bool {
    match v.as_str().map(|s| s.trim().to_ascii_lowercase()).as_deref() {
        Some("offer") | Some("true") | Some("yes") => true,
        Some("no") | Some("false") => false,
        _ => {
            let d = cx.err("orders::bad-value", v, "`peace` is `offer` or `no`");
            d.rule = Some(
                "rule 10.2: the side ahead may make a peace offer with 10 or more Prestige (5 or more while Peace Faction Ascendant is in play)".into(),
            );
            d.help = Some(
                "write `peace: offer`; the offer is made only if, after tribute, you may make it"
                    .into(),
            );
            false
        }
    }
}

/// `discard: [card, …]`: continuing Events in play to discard at the year's end (9.53).
pub fn check_discard(cx: &mut Ctx, v: &Node) -> Vec<String> {
    let items: Vec<&Node> = match &v.kind {
        Kind::Seq(items) => items.iter().collect(),
        Kind::Scalar(..) if !v.is_null() => vec![v],
        _ => {
            let found = v.describe();
            cx.err(
                "orders::type",
                v,
                format!("`discard` takes a list of cards, found {found}"),
            );
            return Vec::new();
        }
    };
    let mut out = Vec::new();
    for n in items {
        let Some(name) = cx.text(n, "a card id or name") else {
            continue;
        };
        let name = name.trim().to_string();
        let sc = cx.sc;
        let view = cx.view;
        let card = sc
            .cards
            .iter()
            .find(|c| c.id.eq_ignore_ascii_case(&name))
            .or_else(|| {
                // A name (two Revolt cards share one): the first of that name in play.
                sc.cards.iter().find(|c| {
                    c.name.eq_ignore_ascii_case(&name)
                        && view.in_play.iter().any(|p| p.card == c.id)
                })
            })
            .or_else(|| sc.cards.iter().find(|c| c.name.eq_ignore_ascii_case(&name)));
        let mine: Vec<String> = view
            .in_play
            .iter()
            .filter(|p| may_discard(sc, &view.in_play, &view.side, &p.card))
            .map(|p| {
                let n = sc.card(&p.card).map(|c| c.name.as_str()).unwrap_or("");
                format!("{} {n}", p.card)
            })
            .collect();
        let yours = if mine.is_empty() {
            "you have no continuing Event in play to discard".to_string()
        } else {
            format!("you may discard: {}", mine.join(", "))
        };
        let Some(card) = card else {
            let d = cx.err(
                "orders::unknown-card",
                n,
                format!("there is no card `{name}`"),
            );
            d.label = Some("unknown card".into());
            d.help = Some(yours);
            continue;
        };
        if may_discard(sc, &view.in_play, &view.side, &card.id) {
            if !out.contains(&card.id) {
                out.push(card.id.clone());
            }
            continue;
        }
        let (why, label) = if !view.in_play.iter().any(|p| p.card == card.id) {
            // Only what was written: a card not in play may be hidden (a hand, the deck).
            (format!("`{name}` is not in play"), "not in play")
        } else if card.kind != CardKind::Continuing {
            (
                format!("{} {} is not a continuing Event", card.id, card.name),
                "not a continuing Event",
            )
        } else {
            (
                format!("{} {} was played by the other side", card.id, card.name),
                "not yours to discard",
            )
        };
        let d = cx.err("orders::cannot-discard", n, why);
        d.label = Some(label.into());
        d.rule = Some(match sc.params.year.discard {
            DiscardRule::Own => "rule 9.53: at the year's end a player may discard the continuing Events he played ([A] `params.year.discard: own`)".into(),
            DiscardRule::Any => "rule 9.53: at the year's end a player may discard continuing Events in play".into(),
        });
        d.help = Some(yours);
    }
    out
}

/// `new_year: { card, for, sacrifice }` (10.4, 10.4.1), checked against the side's view.
pub fn check_new_year(cx: &mut Ctx, v: &Node) -> Option<NewYearPlay> {
    let Some(pairs) = v.as_map() else {
        let found = v.describe();
        let view = cx.view;
        let card = view.hand.first().map_or("<card>", |c| c.id.as_str());
        let d = cx.err(
            "orders::type",
            v,
            format!("`new_year` takes a mapping, found {found}"),
        );
        d.help = Some(format!(
            "write `new_year: {{ card: {card}, for: action, sacrifice: Zeus }}` or `new_year: {{ card: {card}, for: event }}`"
        ));
        return None;
    };
    let mut card = None;
    let mut played_for = Some(PlayedFor::Action);
    let mut olympian: Option<(String, &Node)> = None;
    let mut target = None;
    let mut bad = false;
    for (k, val) in pairs {
        match k.as_str().map(|s| s.to_ascii_lowercase()).as_deref() {
            Some("card") => {
                card = super::context::check_hand_card(cx, val);
                bad |= card.is_none();
            }
            Some("for") | Some("as") => played_for = new_year_for(cx, val),
            Some("target") => target = Some(val),
            Some("sacrifice") | Some("olympian") => match super::appeals::named(
                cx,
                val,
                "rule 11.0: the Olympians are listed in the scenario (`params.olympians`)",
            ) {
                Some(o) => olympian = Some((o.name.clone(), val)),
                None => bad = true,
            },
            _ => {
                let key = k.as_str().unwrap_or("?").to_string();
                let d = cx.err(
                    "orders::unknown-key",
                    k,
                    format!("`{key}` is not part of `new_year`"),
                );
                d.help = Some("`new_year` takes `card`, `for`, `sacrifice` and `target`".into());
                bad = true;
            }
        }
    }
    if v.get("card").is_none() {
        let d = cx.err("orders::missing", v, "`new_year` needs `card`");
        d.help = Some("name a card of your hand by id or name".into());
    }
    let card = card?;
    match played_for? {
        PlayedFor::Event => new_year_event(cx, v, card, olympian, target, bad),
        PlayedFor::Action => new_year_sacrifice(cx, v, card, olympian, target, bad),
    }
}

/// `for: action | event`: what a New Year card is played for (10.4.1).
fn new_year_for(cx: &mut Ctx, val: &Node) -> Option<PlayedFor> {
    match val
        .as_str()
        .map(|s| s.trim().to_ascii_lowercase())
        .as_deref()
    {
        Some("action") | Some("actions") | Some("sacrifice") => Some(PlayedFor::Action),
        Some("event") => Some(PlayedFor::Event),
        _ => {
            let d = cx.err(
                "orders::bad-value",
                val,
                "a New Year card is played for `action` (a sacrifice) or `event`".to_string(),
            );
            d.rule = Some(
                "rule 10.4.1: a card played for its Action value at New Year is a sacrifice to an Olympian".into(),
            );
            None
        }
    }
}

/// A New Year card played for its Event: no sacrifice, no Revolt (10.4, 10.4.1).
fn new_year_event(
    cx: &mut Ctx,
    v: &Node,
    card: String,
    olympian: Option<(String, &Node)>,
    target: Option<&Node>,
    bad: bool,
) -> Option<NewYearPlay> {
    let sc = cx.sc;
    let played_for = PlayedFor::Event;
    if let Some((_, node)) = &olympian {
        let d = cx.err(
            "orders::sacrifice-with-event",
            node,
            "a card played for its Event is no sacrifice",
        );
        d.rule = Some(
            "rule 10.4.1: only a card played for its Action value at New Year is a sacrifice"
                .into(),
        );
        d.help = Some("write `for: action` to sacrifice, or leave `sacrifice` out".into());
        return None;
    }
    if sc.card(&card).is_some_and(|c| c.kind == CardKind::Revolt) {
        let node = v.get("card").unwrap_or(v);
        let name = sc.card(&card).map(|c| c.name.clone()).unwrap_or_default();
        let d = cx.err(
            "orders::revolt-at-new-year",
            node,
            format!("{card} {name} cannot be played for its Event at New Year"),
        );
        d.label = Some("a Revolt".into());
        d.rule = Some("rule 10.4: Revolts and Helot Revolts may not be played at New Year".into());
        d.help = Some(
            "play it for its Action value as a sacrifice (`for: action, sacrifice: <Olympian>`), or play another card".into(),
        );
        return None;
    }
    let target = super::events::check_event(cx, v, &card, played_for, target, true)?;
    (!bad).then_some(NewYearPlay {
        card,
        played_for,
        olympian: None,
        target,
    })
}

/// A New Year card played for its Action value: a sacrifice on an Olympian the side has
/// none on yet, named when one is free (10.4.1).
fn new_year_sacrifice(
    cx: &mut Ctx,
    v: &Node,
    card: String,
    olympian: Option<(String, &Node)>,
    target: Option<&Node>,
    bad: bool,
) -> Option<NewYearPlay> {
    let sc = cx.sc;
    let view = cx.view;
    let played_for = PlayedFor::Action;
    let free = olympians::first_free(sc, &view.sacrifices, &view.side);
    let chosen = match olympian {
        Some((name, node)) => {
            if olympians::has_sacrifice(&view.sacrifices, &view.side, &name) {
                let d = cx.err(
                    "orders::sacrifice-twice",
                    node,
                    format!("you already have a sacrifice on {name}"),
                );
                d.label = Some("one sacrifice per Olympian".into());
                d.rule = Some("rule 10.4.1: a player may have at most one sacrifice on each Olympian; it stays until used".into());
                d.help = Some(match &free {
                    Some(f) => format!("choose an Olympian you have no sacrifice on, e.g. {f}"),
                    None => "you have a sacrifice on every Olympian: leave `sacrifice` out (the card is spent) or play it for its Event".into(),
                });
                return None;
            }
            Some(name)
        }
        None if bad => return None,
        None if free.is_some() => {
            let d = cx.err(
                "orders::missing-sacrifice",
                v,
                "a card played for its Action value at New Year is a sacrifice: name the Olympian",
            );
            d.rule = Some("rule 10.4.1: there is no Actions phase at New Year; Actions played are a sacrifice to an Olympian".into());
            d.help = Some(format!(
                "add `sacrifice: {}` (the Olympians: {})",
                free.clone().unwrap_or_default(),
                sc.params
                    .olympians
                    .gods
                    .iter()
                    .map(|o| o.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
            return None;
        }
        None => None,
    };
    super::events::check_event(cx, v, &card, played_for, target, true)?;
    (!bad).then_some(NewYearPlay {
        card,
        played_for,
        olympian: chosen,
        target: None,
    })
}

#[cfg(test)]
mod tests {
    use crate::check::orders;
    use crate::model::scenario::Scenario;
    use crate::model::scenario::HELLENES_431;
    use crate::model::sight;
    use crate::model::state::{Phase, Sacrifice, State};
    use dikast_core::diag::SourceFile;

    /// What each faulty `new_year:` says, one orders file each.
    #[test]
    fn each_new_year_check_speaks() {
        let sc = Scenario::load(HELLENES_431).unwrap();
        let mut st = State::start(&sc);
        st.phase = Phase::NewYear;
        st.cards
            .hands
            .insert("athens".into(), vec!["C01".into(), "C06".into()]);
        st.sacrifices.insert(
            "athens".into(),
            vec![Sacrifice {
                olympian: "Ares".into(),
                year: 431,
            }],
        );
        let v = sight::view(&sc, &st, "athens");
        let shown: Vec<String> = [
            "new_year: { card: C01, for: event, sacrifice: Zeus }",
            "new_year: { card: C06, for: event }",
            "new_year: { card: C01, for: action }",
            "new_year: { card: C01, sacrifice: Ares }",
            "new_year: { card: C01, for: sideways, sacrifice: Zeus }",
            "new_year: { for: action, sacrifice: Zeus }",
            "new_year: [C01]",
        ]
        .iter()
        .flat_map(|text| {
            let file = SourceFile::new("athens.yaml", *text);
            let root = dikast_core::yaml::parse(&file).unwrap();
            let checked = orders::check(&sc, &v, root.as_map().unwrap(), &file);
            checked
                .problems
                .iter()
                .map(|d| format!("{} {}", d.code, d.message))
                .collect::<Vec<_>>()
        })
        .collect();
        assert_eq!(
            shown,
            [
                "orders::sacrifice-with-event a card played for its Event is no sacrifice",
                "orders::revolt-at-new-year C06 Revolt cannot be played for its Event at New Year",
                "orders::missing-sacrifice a card played for its Action value at New Year is a sacrifice: name the Olympian",
                "orders::sacrifice-twice you already have a sacrifice on Ares",
                "orders::type `new_year`: `for`: `sideways` is not one of action, event",
                "orders::missing-key `new_year` needs `card`",
                "orders::type `new_year`: expected a mapping, found a list",
            ],
            "{shown:#?}"
        );
    }
}
