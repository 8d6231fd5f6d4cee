//! A Hellenes orders file as a whole: which keys each step takes, the dispatch of each key
//! to its form, the initiative card and the standing orders.
//!
//! Every check names the rule it enforces and points at the offending value. Checks
//! read only the side's view, so a diagnostic can never reveal what the side may not see.
//! An invalid order is left out (its documented default applies) and reported.

use super::context::seq_or_one;
use super::context::Ctx;
use super::defaults::default_play;
use crate::engine::winter;
use crate::model::orders::Fallback;
use crate::model::orders::Orders;
use crate::model::scenario::Scenario;
use crate::model::sight::example_block;
use crate::model::sight::Sight;
use crate::model::sight::View;
use crate::model::state::Fortify;
use crate::model::state::Phase;
use crate::model::state::Play;
use crate::model::state::PlayedFor;
use crate::model::state::Standing;
use dikast_core::diag::{did_you_mean, Diagnostic, SourceFile};
use dikast_core::kit::forms::{dispatch, Accept};
use dikast_core::rules::Checked;
use dikast_core::yaml::Node;

/// Keys each step accepts besides the envelope (the acting side of a player turn sends
/// `actions` and `combat`; the other side standing orders).
fn keys_for(view: &View) -> &'static [&'static str] {
    match &view.phase {
        Phase::Setup | Phase::Ended { .. } => &["standing"],
        Phase::Winter => &["winter", "combat", "standing"],
        Phase::YearEnd => &["peace", "discard", "standing"],
        Phase::NewYear => &["new_year", "standing"],
        Phase::Initiative => &["initiative", "standing"],
        Phase::PlayerTurn { side, .. } if side == &view.side => &["actions", "combat", "standing"],
        Phase::PlayerTurn { .. } => &["standing"],
    }
}

/// Checks the body of one side's orders against its view.
pub fn check(
    sc: &Scenario,
    view: &View,
    body: &[(Node, Node)],
    file: &SourceFile,
) -> Checked<Orders> {
    let mut cx = Ctx {
        sc,
        view,
        check: dikast_core::kit::check::Check::new(file),
    };
    let mut orders = Orders {
        sent: true,
        ..Orders::default()
    };
    // One table of forms (`check::forms`) dispatches the keys: "not an order", "not an
    // order of this step" and each value's shape, item by item; the parsers below check
    // what a shape cannot.
    let allowed = keys_for(view);
    let step = step_words(sc, view);
    let other_side_turn =
        matches!(&view.phase, Phase::PlayerTurn { side, .. } if side != &view.side);
    let mut parsed: Vec<(&'static str, Node)> = Vec::new();
    dispatch(
        &super::forms::forms(),
        body,
        file,
        &mut cx.diags,
        |f| {
            if allowed.contains(&f.key) {
                Accept::Yes
            } else if other_side_turn && (f.key == "actions" || f.key == "combat") {
                Accept::NotThisStepBy(
                    format!("it is {step}"),
                    "rule 1.0: in a player turn only the acting side has actions and combat; the other sends standing orders",
                )
            } else {
                Accept::NotThisStep(format!("it is {step}"))
            }
        },
        |f, v, _| parsed.push((f.key, v.clone())),
    );
    // A misshapen form is answered with an example of it in the side's own ids.
    add_examples(&mut cx.diags, body, view);
    let named = |key: &str| {
        body.iter().any(|(k, _)| {
            k.as_str()
                .is_some_and(|s| s.trim().eq_ignore_ascii_case(key))
        })
    };
    // A key written but misshapen is reported as such, not as missing.
    let saw_initiative = named("initiative");
    let saw_new_year = named("new_year");
    for (key, v) in &parsed {
        match *key {
            "initiative" => orders.initiative = check_play(&mut cx, v),
            "standing" => orders.standing = check_standing(&mut cx, v),
            "actions" => orders.actions = super::actions::check_actions(&mut cx, v),
            "combat" if view.phase == Phase::Winter => {
                orders.combat = super::siege_orders::check_combat(&mut cx, v, true)
            }
            "combat" => orders.combat = super::siege_orders::check_combat(&mut cx, v, false),
            "winter" => orders.winter = super::winter_orders::check_winter(&mut cx, v),
            "peace" => orders.peace = super::year::check_peace(&mut cx, v),
            "discard" => orders.discard = super::year::check_discard(&mut cx, v),
            "new_year" => orders.new_year = super::year::check_new_year(&mut cx, v),
            _ => unreachable!("keys_for lists only forms of check::forms"),
        }
    }
    warn_unapplied_events(&mut cx, &orders, body);
    cx.diags
        .extend(missing_plays(view, file, saw_initiative, saw_new_year));
    if view.phase == Phase::Winter {
        // 9.x: every block that must winter and no order names makes its default move.
        let written = std::mem::take(&mut orders.winter);
        orders.winter = winter::with_defaults(sc, &Sight::winter_from_view(sc, view), written);
    }
    default_plays(sc, view, &mut orders);
    // Top to bottom, as the player reads his file; problems without a place last.
    cx.diags
        .sort_by_key(|d| d.span.map_or((1, 0), |(start, _)| (0, start)));
    Checked {
        orders,
        problems: cx.check.diags,
    }
}

/// The documented defaults of a missing card play (`check::defaults`), each named in the
/// fallbacks the report lists: the New Year play, the initiative play.
fn default_plays(sc: &Scenario, view: &View, orders: &mut Orders) {
    if orders.new_year.is_none() && view.phase == Phase::NewYear {
        orders.new_year = super::defaults::default_new_year(sc, view);
        if let Some(p) = &orders.new_year {
            orders.fallbacks.push(Fallback::NewYear {
                card: p.card.clone(),
                olympian: p.olympian.clone(),
            });
        }
    }
    if orders.initiative.is_none() && view.phase == Phase::Initiative {
        orders.initiative = default_play(view);
        if let Some(p) = &orders.initiative {
            orders.fallbacks.push(Fallback::Initiative {
                card: p.card.clone(),
            });
        }
    }
}

/// A misshapen form is answered with an example of it in the side's own ids (never
/// another side's: the example is read off the view), added to each diagnostic's help.
fn add_examples(diags: &mut [Diagnostic], body: &[(Node, Node)], view: &View) {
    for d in diags.iter_mut() {
        let Some((start, _)) = d.span else { continue };
        let Some((k, _)) = body
            .iter()
            .find(|(_, v)| v.span.0 <= start && start < v.span.1.max(v.span.0 + 1))
        else {
            continue;
        };
        if let Some(e) = example(view, &k.as_str().unwrap_or("").trim().to_ascii_lowercase()) {
            d.help = Some(match d.help.take() {
                Some(h) => format!("{h}\n{e}"),
                None => e,
            });
        }
    }
}

/// 1.0, 10.4: the card play a step needs and the file lacks (`initiative:` in an
/// initiative step, `new_year:` at New Year with cards in hand).
fn missing_plays(
    view: &View,
    file: &SourceFile,
    saw_initiative: bool,
    saw_new_year: bool,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    if view.phase == Phase::Initiative && !saw_initiative {
        let hand: Vec<String> = view
            .hand
            .iter()
            .map(|c| format!("{} {} ({})", c.id, c.name, c.action))
            .collect();
        out.push(
            Diagnostic::new("orders::missing-initiative", "this step needs the card you play: `initiative:` is missing")
                .in_file(file)
                .rule("rule 1.0: each season both players reveal a card, for its Action value or its Event")
                .help(format!("add `initiative: {{ card: <id>, for: action }}`; your hand: {}", hand.join(", "))),
        );
    }
    if view.phase == Phase::NewYear && !saw_new_year && !view.hand.is_empty() {
        let hand: Vec<String> = view
            .hand
            .iter()
            .map(|c| format!("{} {} ({})", c.id, c.name, c.action))
            .collect();
        out.push(
            Diagnostic::new("orders::missing-new-year", "this step needs the card you play at New Year: `new_year:` is missing")
                .in_file(file)
                .rule("rule 10.4: at New Year each player plays a card, for its Event or as a sacrifice (10.4.1)")
                .help(format!("add `new_year: {{ card: <id>, for: action, sacrifice: <Olympian> }}`; your hand: {}", hand.join(", "))),
        );
    }
    out
}

/// 1.0 [A]: a card played for its Event (`initiative:` or `new_year:`) whose entry in the
/// scenario lists no effects is accepted, with a warning: the card is spent and its Event
/// is not applied (`engine::card_events::applied`); so is a combat Event played at New
/// Year (10.4: it does nothing). The player learns it before he sends his orders, not
/// from the report.
fn warn_unapplied_events(cx: &mut Ctx, orders: &Orders, body: &[(Node, Node)]) {
    let plays = [
        (
            "initiative",
            orders.initiative.as_ref().map(|p| (&p.card, p.played_for)),
        ),
        (
            "new_year",
            orders.new_year.as_ref().map(|p| (&p.card, p.played_for)),
        ),
    ];
    for (key, play) in plays {
        let Some((card, PlayedFor::Event)) = play else {
            continue;
        };
        // The card by id in the message (reports quote it whole, and a card's name may
        // hold a place's); by name beside the caret.
        let name = cx.sc.card(card).map_or("", |c| c.name.as_str());
        // 10.4: a combat Event at New Year is accepted and does nothing (no combat phase).
        let d = if key == "new_year"
            && crate::engine::year::is_combat_event(cx.sc, card)
        {
            Diagnostic::new(
                "orders::event-idle-at-new-year",
                format!("the Event of {card} does nothing at New Year: the card is spent for nothing"),
            )
            .label(format!("{name}: a combat Event"))
            .rule("rule 10.4: there is no combat phase at New Year, so combat Events do not work")
            .help("play it for its Action value as a sacrifice (`for: action, sacrifice: <Olympian>`), or keep it for a season")
        } else if !crate::engine::card_events::applied(cx.sc, card) {
            Diagnostic::new(
                "orders::event-not-applied",
                format!("the Event of {card} will not be applied: the card is spent for nothing"),
            )
            .label(format!("{name}: its Event is not applied"))
            .rule("rule 1.0 [A]: a card is played for its Action value or its Event; this scenario gives this card's Event no effects, so dikast does not apply it")
            .help("play it for its Action value (`for: action`), or the moderator adds `effects:` to the card in the scenario")
        } else {
            continue;
        }
        .warning();
        // Placed on the card named, else on the play.
        let at = body
            .iter()
            .find(|(k, _)| {
                k.as_str()
                    .is_some_and(|s| s.trim().eq_ignore_ascii_case(key))
            })
            .map(|(_, v)| v.get("card").unwrap_or(v).span);
        let d = match at {
            Some(span) => d.at(cx.check.file, span),
            None => d.in_file(cx.check.file),
        };
        cx.diags.push(d);
    }
}

/// An example of a form in the side's own ids, for the help of a misshapen one.
fn example(view: &View, key: &str) -> Option<String> {
    let card = view
        .hand
        .first()
        .map_or_else(|| "<card id>".to_string(), |c| c.id.clone());
    let block = example_block(view, false);
    Some(match key {
        "initiative" => format!("e.g. `initiative: {{ card: {card}, for: action }}`"),
        "new_year" => format!("e.g. `new_year: {{ card: {card}, for: action, sacrifice: Zeus }}`"),
        "actions" => format!("e.g. `actions: [{{ move: [{block}], path: [<from>, <to>] }}]`"),
        "combat" => format!("e.g. `combat: [{{ sortie: {{ from: <city>, blocks: [{block}] }} }}]`"),
        "winter" => format!("e.g. `winter: [{{ quarter: {block}, to: <city> }}]`"),
        "standing" => {
            format!("e.g. `standing: {{ fortify: {{ <city>: walls }}, losses: [{block}] }}`")
        }
        "peace" => "e.g. `peace: offer` or `peace: no`".into(),
        "discard" => format!("e.g. `discard: [{card}]`"),
        _ => return None,
    })
}

/// The step the view awaits, in words: a side by its name (`Sparta`), never its id.
/// (`check::ru` has the Russian, worded as the Russian reports' step titles.)
fn step_words(sc: &Scenario, view: &View) -> String {
    match &view.phase {
        Phase::Setup => "the setup and deal".into(),
        Phase::Initiative => format!("{}, the initiative cards", view.season),
        Phase::PlayerTurn { side, first } => format!(
            "{}, the {} player turn of {}",
            view.season,
            if *first { "first" } else { "second" },
            sc.sides
                .iter()
                .find(|s| &s.id == side)
                .map_or(side.as_str(), |s| s.name.as_str())
        ),
        Phase::Winter => format!("{}: overwintering and winter combat", view.season),
        Phase::YearEnd => format!("the end of {} BC", view.year),
        Phase::Ended { .. } => "the end of the game".into(),
        Phase::NewYear => format!("the New Year of {} BC", view.year),
    }
}

fn check_play(cx: &mut Ctx, v: &Node) -> Option<Play> {
    let Some(_) = v.as_map() else {
        let found = v.describe();
        // The example names a card of the side's own hand: any other may be hidden.
        let view = cx.view;
        let card = view.hand.first().map_or("<card>", |c| c.id.as_str());
        let d = cx.err(
            "orders::type",
            v,
            format!("`initiative` takes a mapping, found {found}"),
        );
        d.help = Some(format!(
            "write `initiative: {{ card: {card}, for: action }}`"
        ));
        return None;
    };
    let mut card = None;
    let mut played_for = None;
    let mut target = None;
    for (k, val) in v.as_map().unwrap_or_default() {
        match k.as_str().map(|s| s.to_ascii_lowercase()).as_deref() {
            Some("card") => card = super::context::check_hand_card(cx, val),
            Some("target") => target = Some(val),
            Some("for") | Some("as") => {
                played_for = match val
                    .as_str()
                    .map(|s| s.trim().to_ascii_lowercase())
                    .as_deref()
                {
                    Some("action") | Some("actions") => Some(PlayedFor::Action),
                    Some("event") => Some(PlayedFor::Event),
                    _ => {
                        let d = cx.err(
                            "orders::bad-value",
                            val,
                            "a card is played for `action` or `event`",
                        );
                        d.rule = Some(
                            "rule 1.0: a card is played for its Action value or its Event".into(),
                        );
                        None
                    }
                }
            }
            _ => {
                let key = k.as_str().unwrap_or("?").to_string();
                let d = cx.err(
                    "orders::unknown-key",
                    k,
                    format!("`{key}` is not part of `initiative`"),
                );
                d.help = Some("`initiative` takes `card`, `for` and `target`".into());
            }
        }
    }
    if v.get("card").is_none() {
        let d = cx.err("orders::missing", v, "`initiative` needs `card`");
        d.help = Some("name a card of your hand by id or name".into());
    }
    let played_for = match (v.get("for").or(v.get("as")), played_for) {
        (None, _) => Some(PlayedFor::Action),
        (Some(_), p) => p,
    };
    let (card, played_for) = (card?, played_for?);
    let target = super::events::check_event(cx, v, &card, played_for, target, false)?;
    Some(Play {
        card,
        played_for,
        target,
    })
}

fn check_standing(cx: &mut Ctx, v: &Node) -> Option<Standing> {
    let Some(pairs) = v.as_map() else {
        let found = v.describe();
        cx.err(
            "orders::type",
            v,
            format!("`standing` takes a mapping, found {found}"),
        );
        return None;
    };
    let before = cx.diags.len();
    let mut st = Standing::default();
    for (k, val) in pairs {
        match k.as_str().map(|s| s.to_ascii_lowercase()).as_deref() {
            Some("fortify") => check_fortify(cx, val, &mut st),
            Some("capitulate") => {
                for c in seq_or_one(cx, val, "a list of cities") {
                    if let Some(city) = cx.city(c) {
                        if !st.capitulate.contains(&city) {
                            st.capitulate.push(city);
                        }
                    }
                }
            }
            Some("losses") => {
                for b in seq_or_one(cx, val, "a list of block ids") {
                    if let Some(id) = cx.own_block(b) {
                        if !st.losses.contains(&id) {
                            st.losses.push(id);
                        }
                    }
                }
            }
            Some("retreat") => check_retreat(cx, val, &mut st),
            Some("escape") => {
                if let Some(m) = super::siege_orders::check_escape(cx, val) {
                    st.escape = m;
                }
            }
            Some("appeals") => {
                if let Some(a) = super::appeals::check_appeals(cx, val) {
                    st.appeals = a;
                }
            }
            _ => {
                let key = k.as_str().unwrap_or("?").to_string();
                let hint = did_you_mean(
                    &key,
                    [
                        "fortify",
                        "capitulate",
                        "losses",
                        "retreat",
                        "escape",
                        "appeals",
                    ],
                );
                let d = cx.err(
                    "orders::unknown-key",
                    k,
                    format!("`{key}` is not a standing order"),
                );
                d.help = Some(match hint {
                    Some(h) => format!("did you mean `{h}`?"),
                    None => {
                        "standing orders are: fortify, capitulate, losses, retreat, escape, appeals"
                            .into()
                    }
                });
            }
        }
    }
    // Only what is invalid is dropped (issue 11, item 14): with `--fallback` the valid
    // entries still replace the side's standing orders, and the report names each
    // dropped entry by its diagnostic. Nothing valid at all keeps the old ones.
    (cx.diags.len() == before || st != Standing::default()).then_some(st)
}

/// 7.1 `fortify:`: per city, `walls` or `field`, or the blocks that withdraw (a list,
/// `check::fortify`); only for the side's own cities.
fn check_fortify(cx: &mut Ctx, val: &Node, st: &mut Standing) {
    let Some(m) = val.as_map() else {
        let d = cx.err(
            "orders::type",
            val,
            "`fortify` takes a mapping of city: walls | field",
        );
        d.help = Some("write `fortify: { Plataea: walls, Megara: field }`".into());
        return;
    };
    for (c, how) in m {
        let city = cx.city(c);
        // 7.1: the defender names the blocks that withdraw (`check::fortify`).
        if how.as_seq().is_some() {
            if let Some((city, ids)) = super::fortify::blocks(cx, c, city, how) {
                st.fortify.insert(city.clone(), Fortify::Walls);
                st.walls.insert(city, ids);
            }
            continue;
        }
        let f = match how
            .as_str()
            .map(|s| s.trim().to_ascii_lowercase())
            .as_deref()
        {
            Some("walls") => Some(Fortify::Walls),
            Some("field") => Some(Fortify::Field),
            _ => {
                let d = cx.err("orders::bad-value", how, "fortify is `walls` or `field`");
                d.rule = Some("rule 7.1: defenders withdraw into the walled city or meet the enemy in the field".into());
                None
            }
        };
        if let (Some(city), Some(f)) = (city, f) {
            if let Some(cs) = cx.view.cities.iter().find(|x| x.name == city) {
                if cs.control != cx.view.side {
                    let d = cx.err(
                        "orders::not-your-city",
                        c,
                        format!("you do not control {city}"),
                    );
                    d.rule = Some("rule 7.1: only a city's defenders decide to fortify".into());
                    continue;
                }
            }
            st.fortify.insert(city, f);
        }
    }
}

/// 2.0 `retreat:`: the preferred retreat per area (area: area).
fn check_retreat(cx: &mut Ctx, val: &Node, st: &mut Standing) {
    let Some(m) = val.as_map() else {
        cx.err(
            "orders::type",
            val,
            "`retreat` takes a mapping of area: area",
        );
        return;
    };
    for (from, to) in m {
        let f = cx.place(from);
        let t = cx.place(to);
        if let (Some(f), Some(t)) = (f, t) {
            st.retreat.insert(f, t);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::scenario::HELLENES_431;
    use crate::model::sight;
    use crate::model::state::{Initiative, Season, State};

    /// Sparta's first player turn of Spring 431 (both played C05 for its Actions).
    fn sparta_turn(sc: &Scenario) -> State {
        let mut st = State::start(sc);
        st.season = Season::Spring;
        st.phase = Phase::PlayerTurn {
            side: "sparta".into(),
            first: true,
        };
        let play = Play {
            card: "C05".into(),
            played_for: PlayedFor::Action,
            target: None,
        };
        st.initiative = Some(Initiative {
            plays: [("athens", &play), ("sparta", &play)]
                .into_iter()
                .map(|(s, p)| (s.to_string(), p.clone()))
                .collect(),
            first: "sparta".into(),
        });
        st
    }

    #[test]
    fn empty_and_odd_shapes_are_diagnosed_never_a_panic() {
        let sc = Scenario::load(HELLENES_431).unwrap();
        let view = sight::view(&sc, &sparta_turn(&sc), "sparta");
        let bodies = [
            "actions: [{}]",
            "actions: [{ move: [] }]",
            "actions: [{ move: [], path: [] }]",
            "actions: [{ move: SPA-1, path: [] }]",
            "actions: [{ move: [SPA-1, SPA-1], path: [Sparta] }]",
            "actions: [{ move: [SPA-1], path: [{}, []] }]",
            "actions: [{ sail: [], path: [] }]",
            "actions: [{ sail: SPA-F1, path: [Corinth], carry: [] }]",
            "actions: [{ sail: SPA-F1, carry: {} }]",
            "actions: [{ build: {} }]",
            "actions: [{ build: { garrison: ~ } }]",
            "actions: [{ pillage: [] }]",
            "combat: [{}]",
            "combat: [{ assault: [] }]",
            "combat: [{ sortie: {} }]",
            "combat: [{ sortie: { from: ~, blocks: [] } }]",
            "combat: [{ attrition: {} }]",
            "standing: { escape: {} }",
            "standing: { escape: { Corinth: [] } }",
            "standing: { escape: { Corinth: {} } }",
            "standing: { retreat: { {}: [] } }",
            "standing: { fortify: { [a]: walls } }",
            "standing: { losses: [{}] }",
        ];
        for body in bodies {
            let file = SourceFile::new("sparta.yaml", body);
            let root = dikast_core::yaml::parse(&file).unwrap();
            check(&sc, &view, root.as_map().unwrap(), &file);
        }
        let file = SourceFile::new("sparta.yaml", "actions: [{}]");
        let root = dikast_core::yaml::parse(&file).unwrap();
        let checked = check(&sc, &view, root.as_map().unwrap(), &file);
        assert_eq!(checked.problems.len(), 1);
        assert_eq!(checked.problems[0].span, Some((10, 12)));
    }

    #[test]
    fn help_examples_name_only_the_sides_own_blocks() {
        let sc = Scenario::load(HELLENES_431).unwrap();
        let mut st = sparta_turn(&sc);
        let view = sight::view(&sc, &st, "sparta");
        let text = "actions: {}\n---\nactions: [~]\n---\nactions: [{ build: ~ }]\n---\ncombat: [{ sortie: 5 }]\n---\nstanding: { escape: 5 }\n";
        for doc in text.split("---\n") {
            let file = SourceFile::new("sparta.yaml", doc);
            let root = dikast_core::yaml::parse(&file).unwrap();
            let checked = check(&sc, &view, root.as_map().unwrap(), &file);
            assert!(!checked.problems.is_empty(), "{doc}");
            for d in &checked.problems {
                let shown = format!("{} {:?} {:?}", d.message, d.help, d.label);
                assert!(!shown.contains("ATH-"), "{doc}: {shown}");
                assert!(shown.contains("SPA-") || d.help.is_none(), "{doc}: {shown}");
            }
        }
        // In the initiative, the example card is one of the side's own hand.
        st.phase = Phase::Initiative;
        st.cards.hands.insert("sparta".into(), vec!["C12".into()]);
        st.cards.hands.insert("athens".into(), vec!["C07".into()]);
        let view = sight::view(&sc, &st, "sparta");
        let file = SourceFile::new("sparta.yaml", "initiative: C07\n");
        let root = dikast_core::yaml::parse(&file).unwrap();
        let checked = check(&sc, &view, root.as_map().unwrap(), &file);
        let help = checked.problems[0].help.clone().unwrap_or_default();
        assert!(
            help.contains("card: C12,") && !help.contains("C07"),
            "{help}"
        );
    }
}
