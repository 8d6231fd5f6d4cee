//! 1.0 [A] The checks of a card played for its Event (at the initiative or the New Year):
//! who may play it (a leader of one side), whether the New Year can use it (an Event that
//! lasts a season), and its `target:`, read and judged by the same rule the resolution
//! applies (`engine::card_events::target_problem`) on the side's view.

use super::context::Ctx;
use crate::engine::card_events;
use crate::model::scenario::CardDef;
use crate::model::scenario::CardKind;
use crate::model::scenario::Scenario;
use crate::model::scenario::TargetKind;
use crate::model::sight::Sight;
use crate::model::state::PlayedFor;
use dikast_core::yaml::Node;

/// The checked target of the play `v` of `card` (`None` inside: the card takes none);
/// `None`: a problem was reported.
pub(super) fn check_event(
    cx: &mut Ctx,
    v: &Node,
    card: &str,
    played_for: PlayedFor,
    target: Option<&Node>,
    new_year: bool,
) -> Option<Option<String>> {
    let sc = cx.sc;
    let def = sc.card(card)?;
    if played_for == PlayedFor::Action {
        if let Some(node) = target {
            let d = cx.err(
                "orders::target-without-event",
                node,
                "a target is named only for a card played for its Event",
            );
            d.rule = Some("rule 1.0: a card is played for its Action value or its Event".into());
            d.help = Some("write `for: event`, or leave `target` out".into());
            return None;
        }
        return Some(None);
    }
    let card_node = v.get("card").unwrap_or(v);
    if event_of_the_other_side(cx, def, card_node) {
        return None;
    }
    // 10.4: a combat Event is accepted at New Year and does nothing (`engine::year`).
    if new_year && season_event_at_new_year(cx, def, card_node) {
        return None;
    }
    let view = cx.view;
    let sight = Sight::from_view(sc, view);
    let table = card_events::Table {
        sight: &sight,
        in_play: &view.in_play,
        sacrifices: &view.sacrifices,
    };
    let rule = format!(
        "rule 1.0 [A] `cards[{}].target`: what the Event of {} {} is played on",
        def.id, def.id, def.name
    );
    // A card whose Event the scenario does not apply (no effects: `check` warns) takes no
    // target either.
    let Some(t) = def.target.as_ref().filter(|_| !def.effects.is_empty()) else {
        if let Some(node) = target {
            let d = cx.err(
                "orders::target-not-taken",
                node,
                format!("the Event of {} {} takes no target", def.id, def.name),
            );
            d.rule = Some(rule);
            d.help = Some("leave `target` out".into());
            return None;
        }
        return Some(None);
    };
    let Some(node) = target else {
        let d = cx.err(
            "orders::missing-target",
            v,
            format!(
                "the Event of {} {} is played on {}: name it with `target:`",
                def.id,
                def.name,
                t.kind.words()
            ),
        );
        d.rule = Some(rule);
        d.help = Some(lawful_hint(sc, &table, def));
        return None;
    };
    let name = match t.kind {
        TargetKind::Olympian => super::appeals::named(
            cx,
            node,
            "rule 11.0: the Olympians are listed in the scenario (`params.olympians`)",
        )
        .map(|o| o.name.clone())?,
        _ => cx.place(node)?,
    };
    if let Some(why) = card_events::target_problem(sc, &table, def, &name) {
        let d = cx.err("orders::bad-target", node, why.en);
        d.message_in.push(("ru".into(), why.ru));
        d.rule = Some(rule);
        d.help = Some(lawful_hint(sc, &table, def));
        return None;
    }
    Some(Some(name))
}

/// 1.0 [A] `cards[].only`: a leader of one side is played for its Event by that side
/// only. Whether this play breaks it (an error).
fn event_of_the_other_side(cx: &mut Ctx, def: &CardDef, card_node: &Node) -> bool {
    let sc = cx.sc;
    let Some(only) = &def.only else {
        return false;
    };
    if *only != cx.view.side {
        let owner = sc
            .sides
            .iter()
            .find(|s| &s.id == only)
            .map_or(only.clone(), |s| s.name.clone());
        let d = cx.err(
            "orders::event-of-the-other-side",
            card_node,
            format!(
                "{} {} can be played for its Event by {owner} only",
                def.id, def.name
            ),
        );
        d.rule = Some(format!(
            "rule 1.0 [A] `cards[{}].only`: a leader of one side is played for its Event by that side",
            def.id
        ));
        d.help = Some("play it for its Action value (`for: action`)".into());
        return true;
    }
    false
}

/// 10.4 [A]: an Event that lasts the season cannot be played at New Year (a combat Event
/// is accepted and does nothing). Whether this play breaks it (an error).
fn season_event_at_new_year(cx: &mut Ctx, def: &CardDef, card_node: &Node) -> bool {
    if def.season_only() && def.kind != CardKind::Combat {
        let d = cx.err(
            "orders::season-event-at-new-year",
            card_node,
            format!(
                "the Event of {} {} lasts a season: it cannot be played at New Year",
                def.id, def.name
            ),
        );
        d.rule = Some(
            "rule 10.4 [A] no player turn follows the New Year card: an Event that lasts the season has nothing to act on"
                .into(),
        );
        d.help =
            Some("play it for its Action value as a sacrifice, or keep it for a season".into());
        return true;
    }
    false
}

/// The lawful targets of the card's Event, for the hint of a refused play only.
fn lawful_hint(sc: &Scenario, table: &card_events::Table, def: &CardDef) -> String {
    let lawful = card_events::targets(sc, table, def);
    if lawful.is_empty() {
        "no target is open to you now: play the card for its Action value".to_string()
    } else {
        let more = if lawful.len() > 8 { ", …" } else { "" };
        format!(
            "open to you now: {}{more}",
            lawful
                .iter()
                .take(8)
                .cloned()
                .collect::<Vec<_>>()
                .join(", ")
        )
    }
}
