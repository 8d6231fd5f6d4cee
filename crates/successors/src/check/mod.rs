//! Successors order checks: every order of a player's file is parsed through the forms
//! table, then checked against the player's view with the engine's own rules (so a
//! diagnostic and a void event say the same sentence), and the documented defaults of a
//! player who sent nothing.

pub mod forms;
pub mod ru;

use super::engine::{independent as indep, movement, siege, tyche};
use super::model::orders::{IndependentOrder, OpsUse, Orders, Step, TychePlay, Use};
use super::model::scenario::{Card, CardKind, Scenario};
use super::model::sight::View;
use super::model::state::{Phase, Standing, State};
use dikast_core::diag::SourceFile;
use dikast_core::kit::breach::Breach;
use dikast_core::kit::check::Check;
use dikast_core::kit::forms::{dispatch, Accept};
use dikast_core::rules::Checked;
use dikast_core::yaml::Node;
use std::collections::BTreeMap;

fn spaces(sc: &Scenario) -> impl Iterator<Item = &str> + Clone {
    sc.spaces.iter().map(|s| s.id.as_str())
}

fn space(c: &mut Check, sc: &Scenario, node: &Node) -> Option<String> {
    c.name_among(
        node,
        "orders::unknown-space",
        "space",
        spaces(sc),
        "the spaces are listed in your view (`spaces:`) and on the map",
    )
}

fn breach(c: &mut Check, node: &Node, b: &Breach) {
    let d = b.diagnostic(c.file, node.span);
    c.diags.push(d);
}

fn own_general(c: &mut Check, view: &View, node: &Node) -> Option<String> {
    let mine: Vec<&str> = view
        .armies
        .iter()
        .filter(|a| a.player == view.me)
        .map(|a| a.general.as_str())
        .collect();
    c.name_among(
        node,
        "orders::not-your-army",
        "general of yours on the map",
        mine.iter().copied(),
        "your generals are the armies of your view with `player:` you",
    )
}

/// A step node: a keyword, a space (land move) or `{sea: Port}`.
fn parse_step(c: &mut Check, sc: &Scenario, node: &Node) -> Option<Step> {
    if let Some(port) = node.get("sea") {
        return space(c, sc, port).map(Step::Sea);
    }
    let word = node.as_str()?.trim();
    match word.to_ascii_lowercase().as_str() {
        "assault" | "subjugate" => Some(Step::Assault),
        "sortie" => Some(Step::Sortie),
        "inside" => Some(Step::Inside),
        _ => space(c, sc, node).map(Step::Land),
    }
}

/// Parses and checks an army's steps on a copy of the position: each step against the
/// rules where the army would then stand. After a step into a space held by an enemy
/// army in the field (a battle, whose outcome no check can know) nothing further is
/// checked.
fn army_steps(
    c: &mut Check,
    sc: &Scenario,
    sim: &mut State,
    general: &str,
    node: &Node,
    mut ap: u32,
    attempts_limit: u32,
) -> Vec<Step> {
    let mut out = Vec::new();
    let mut ok = true;
    let mut attempts: BTreeMap<String, u32> = BTreeMap::new();
    let mut blind = false;
    for item in node.as_seq().unwrap_or(&[]) {
        let Some(step) = parse_step(c, sc, item) else {
            ok = false;
            continue;
        };
        out.push(step.clone());
        if blind || !ok {
            continue;
        }
        let cost = match movement::step_check(sc, sim, general, &step) {
            Ok(cost) => cost,
            Err(b) => {
                breach(c, item, &b.breach());
                ok = false;
                continue;
            }
        };
        if cost > ap {
            let b = Breach::new(
                "action-points",
                "",
                format!("{general} has {ap} action points left here; this step needs {cost}"),
            )
            .hint("drop a step, or use a card's OPs to force-march");
            breach(c, item, &b);
            ok = false;
            continue;
        }
        ap -= cost;
        let Some(a) = sim.army(general).cloned() else {
            continue;
        };
        match &step {
            Step::Assault => {
                let n = attempts.entry(a.at.clone()).or_insert(0);
                *n += 1;
                if *n > attempts_limit {
                    let b = Breach::new(
                        "attempt-limit",
                        "§4",
                        format!(
                            "at most {attempts_limit} attempts against {} in this segment",
                            a.at
                        ),
                    );
                    breach(c, item, &b);
                    ok = false;
                }
            }
            Step::Land(to) | Step::Sea(to) => {
                let hostile = sim
                    .armies
                    .iter()
                    .any(|o| &o.at == to && !o.inside && o.player != a.player)
                    || !sim.independents_at(to).is_empty();
                let entering = matches!(step, Step::Sea(_))
                    && sim.besieged(to)
                    && sim.control(to) == Some(a.player.as_str());
                if let Some(x) = sim.army_mut(general) {
                    x.at = to.clone();
                    x.inside = entering;
                }
                blind = hostile;
            }
            Step::Inside => {
                if let Some(x) = sim.army_mut(general) {
                    x.inside = true;
                }
            }
            Step::Sortie => blind = true,
        }
    }
    if !ok {
        out.clear();
    }
    out
}

fn independent_order(
    c: &mut Check,
    sc: &Scenario,
    st: &State,
    army: &str,
    node: &Node,
) -> Option<IndependentOrder> {
    if let Some(w) = node.as_str() {
        return match w.trim().to_ascii_lowercase().as_str() {
            "stay" => Some(IndependentOrder::Stay),
            _ => match indep::marker_check(sc, st, army) {
                Ok(()) => Some(IndependentOrder::Marker),
                Err(b) => {
                    breach(c, node, &b.breach());
                    None
                }
            },
        };
    }
    let mut path = Vec::new();
    for item in node.as_seq().unwrap_or(&[]) {
        path.push(space(c, sc, item)?);
    }
    match indep::path_check(sc, st, army, &path) {
        Ok(()) => Some(IndependentOrder::Move(path)),
        Err(b) => {
            breach(c, node, &b.breach());
            None
        }
    }
}

fn yes(node: &Node) -> bool {
    matches!(
        node.as_str()
            .map(|s| s.trim().to_ascii_lowercase())
            .as_deref(),
        Some("yes" | "true")
    )
}

fn parse_standing(c: &mut Check, sc: &Scenario, view: &View, node: &Node) -> Option<Standing> {
    let mut s = Standing::default();
    let mut ok = true;
    if let Some(list) = node.get("avoid_battle") {
        for g in list.as_seq().unwrap_or(&[]) {
            match own_general(c, view, g) {
                Some(g) => s.avoid_battle.push(g),
                None => ok = false,
            }
        }
    }
    if let Some(list) = node.get("intercept") {
        for g in list.as_seq().unwrap_or(&[]) {
            match own_general(c, view, g) {
                Some(g) => s.intercept.push(g),
                None => ok = false,
            }
        }
    }
    if let Some(w) = node.get("withdraw_inside") {
        s.withdraw_inside = yes(w);
    }
    if let Some(w) = node.get("intercept_sea") {
        s.intercept_sea = yes(w);
    }
    if let Some(m) = node.get("sally") {
        for (k, v) in m.as_map().unwrap_or(&[]) {
            let Some(sp) = space(c, sc, k) else {
                ok = false;
                continue;
            };
            let n = v.as_u64().unwrap_or(0) as u32;
            if n > sc.params.siege.max_inside {
                let b = Breach::new(
                    "sally",
                    "§6",
                    format!(
                        "at most {} CUs are inside a city, so at most {} sally",
                        sc.params.siege.max_inside, sc.params.siege.max_inside
                    ),
                );
                breach(c, v, &b);
                ok = false;
                continue;
            }
            s.sally.insert(sp, n);
        }
    }
    ok.then_some(s)
}

/// §8: the Tyche card a player plays, how, and the orders of its event and its OPs.
fn parse_tyche(
    c: &mut Check,
    sc: &Scenario,
    view: &View,
    sim: &mut State,
    node: &Node,
) -> Option<TychePlay> {
    let play = node.get("play")?;
    let card = c.name_among(
        play,
        "orders::not-in-hand",
        "card in your hand",
        view.hand.iter().map(String::as_str),
        "your hand is listed in your view (`hand:`)",
    )?;
    let def = sc.card(&card)?;
    let how = card_use(c, node, &card, def)?;
    let event = matches!(how, Use::Event | Use::Both);
    let target = card_target(c, sc, view, sim, node, &card, def, event)?;
    let independent = card_independent(c, sc, sim, node, &card, def, event)?;
    let ops = parse_ops(c, sc, view, sim, node, &card, def, how)?;
    Some(TychePlay {
        card,
        how,
        target,
        ops,
        independent,
    })
}

/// §8: how the card is played (`for:`): a use its kind allows, and never for an Event
/// without a public text.
fn card_use(c: &mut Check, node: &Node, card: &str, def: &Card) -> Option<Use> {
    let how_node = node.get("for")?;
    let how = match how_node.as_str()?.trim().to_ascii_lowercase().as_str() {
        "event" => Use::Event,
        "ops" => Use::Ops,
        "both" => Use::Both,
        _ => Use::Discard,
    };
    if !tyche::use_allowed(def.kind, how) {
        let kinds = match def.kind {
            CardKind::Event => "an Event card: its event or its OPs",
            CardKind::Bonus => "a Bonus card: its event, its OPs, or both",
            CardKind::Surprise => "a Surprise card: its event, or discard and draw",
        };
        let b = Breach::new("card-use", "§8", format!("{card} is {kinds}"));
        breach(c, how_node, &b);
        return None;
    }
    // §8: no card is accepted for an Event that does nothing.
    if matches!(how, Use::Event | Use::Both) && def.unpublished {
        breach(c, how_node, &unpublished(def));
        return None;
    }
    Some(how)
}

/// §1, §8: the space the card's event acts on (`target:`), where it needs one and only
/// then; `Some(None)` for no target, `None` refused.
#[allow(clippy::too_many_arguments)]
fn card_target(
    c: &mut Check,
    sc: &Scenario,
    view: &View,
    sim: &State,
    node: &Node,
    card: &str,
    def: &Card,
    event: bool,
) -> Option<Option<String>> {
    let play = node.get("play")?;
    let mut target = None;
    let needs = event && def.event.needs_target();
    if let Some(t) = node.get("target") {
        target = Some(space(c, sc, t)?);
        if !needs {
            let b = Breach::new(
                "card-target",
                "§1, §8",
                format!("`target` names the space an event acts on; {card} played so has none"),
            );
            breach(c, t, &b);
            return None;
        }
    } else if needs && def.event.assault.is_some() {
        let b = Breach::new(
            "card-target",
            "§1",
            format!("{card}'s event modifies assaults against one space: name it with `target:`"),
        );
        breach(c, play, &b);
        return None;
    } else if needs && def.event.cus > 0 {
        let b = Breach::new(
            "card-target",
            "§8",
            format!("{card}'s event gives CUs to an army of yours: name its space with `target:`"),
        );
        breach(c, play, &b);
        return None;
    } else if needs {
        let b = Breach::new(
            "card-target",
            "§8",
            format!("{card}'s event acts on one space: name it with `target:`"),
        );
        breach(c, play, &b);
        return None;
    }
    // §8: the space named must be one the event can act on, in the position the orders
    // reach (the same rule the resolution applies).
    if let (true, Some(t), None) = (needs, &target, def.event.assault) {
        if let Some(why) = tyche::target_problem(sc, sim, &view.me, def, t) {
            let b = Breach::new("card-target", "§8", why.en.trim_start_matches("§8: ")).said_in(
                dikast_core::lang::Lang::Ru,
                why.ru.trim_start_matches("§8: "),
            );
            breach(c, node.get("target").unwrap_or(play), &b);
            return None;
        }
    }
    Some(target)
}

/// §7: the orders of the independent army the card's event activates (`independent:`);
/// `Some(None)` for none, `None` refused.
fn card_independent(
    c: &mut Check,
    sc: &Scenario,
    sim: &mut State,
    node: &Node,
    card: &str,
    def: &Card,
    event: bool,
) -> Option<Option<IndependentOrder>> {
    let mut independent = None;
    if let Some(i) = node.get("independent") {
        match (&def.event.activate, event) {
            (Some(army), true) => independent = Some(independent_order(c, sc, sim, army, i)?),
            _ => {
                let b = Breach::new(
                    "independent-army",
                    "§7",
                    format!("{card} played so activates no independent army"),
                );
                breach(c, i, &b);
                return None;
            }
        }
    }
    Some(independent)
}

/// §8: what the card's OPs buy (markers, CUs, a fleet, a general) and its force-march,
/// within the card's OPs; only when it is played for them.
#[allow(clippy::too_many_arguments)]
fn parse_ops(
    c: &mut Check,
    sc: &Scenario,
    view: &View,
    sim: &mut State,
    node: &Node,
    card: &str,
    def: &Card,
    how: Use,
) -> Option<OpsUse> {
    let play = node.get("play")?;
    let mut ops = OpsUse::default();
    let opsy = matches!(how, Use::Ops | Use::Both);
    let mut left = def.ops;
    for key in [
        "markers",
        "train",
        "macedonians",
        "fleet",
        "general",
        "march",
    ] {
        if let Some(n) = node.get(key) {
            if !opsy {
                let b = Breach::new(
                    "card-use",
                    "§8",
                    format!("`{key}` spends OPs; this card is played for its event"),
                );
                breach(c, n, &b);
                return None;
            }
        }
    }
    ops_markers(c, sc, view, sim, node, &mut ops, &mut left)?;
    if let Some(t) = node.get("train") {
        for item in Check::items(t) {
            ops.train.push(own_general(c, view, item)?);
        }
        left = left.saturating_sub(sc.params.tyche.mercenary_cost * ops.train.len() as u32);
    }
    let tp = &sc.params.tyche;
    if let Some(t) = node.get("macedonians") {
        for item in Check::items(t) {
            ops.macedonians.push(own_general(c, view, item)?);
        }
        left = left.saturating_sub(tp.macedonian_cost * ops.macedonians.len() as u32);
    }
    if let Some(f) = node.get("fleet") {
        ops.fleet = yes(f);
        let have = view.fleets.get(&view.me).map(|f| f.count).unwrap_or(0);
        if ops.fleet && have >= sc.params.fleets.max {
            let b = Breach::new(
                "fleet",
                "§8",
                format!("you have {have} fleets, the most a player may have [A]"),
            );
            breach(c, f, &b);
            return None;
        }
        if ops.fleet {
            left = left.saturating_sub(tp.fleet_cost);
        }
    }
    ops_general(c, sc, view, sim, node, &mut ops, &mut left)?;
    ops_within(c, sc, play, card, def, &ops)?;
    if let Some(m) = node.get("march") {
        let pairs = m.as_map().unwrap_or(&[]);
        if pairs.len() > 1 {
            let b = Breach::new("ops", "§8", "a force-march moves one army");
            breach(c, m, &b);
            return None;
        }
        if let Some((k, v)) = pairs.first() {
            let g = own_general(c, view, k)?;
            let steps = army_steps(c, sc, sim, &g, v, left, sc.params.attempts.tyche);
            ops.march = Some((g, steps));
        }
    }
    Some(ops)
}

/// §8: control markers placed with OPs (`markers:`), each on a space without one within
/// reach of one of the player's.
fn ops_markers(
    c: &mut Check,
    sc: &Scenario,
    view: &View,
    sim: &State,
    node: &Node,
    ops: &mut OpsUse,
    left: &mut u32,
) -> Option<()> {
    if let Some(m) = node.get("markers") {
        for item in Check::items(m) {
            let sp = space(c, sc, item)?;
            let reach = sc.params.tyche.marker_reach;
            let why = if sim.control(&sp).is_some() {
                Some(format!(
                    "{sp} already holds a control marker: OPs place one only on a space without"
                ))
            } else if !tyche::within_reach(sc, sim, &view.me, &sp, reach) {
                Some(format!(
                    "{sp} is not within {reach} MPs of one of your markers"
                ))
            } else {
                None
            };
            if let Some(why) = why {
                breach(c, item, &Breach::new("marker", "§8", why));
                return None;
            }
            ops.markers.push(sp);
        }
        *left = left.saturating_sub(sc.params.tyche.marker_cost * ops.markers.len() as u32);
    }
    Some(())
}

/// §8: what the orders buy costs no more than the card's OPs.
fn ops_within(
    c: &mut Check,
    sc: &Scenario,
    play: &Node,
    card: &str,
    def: &Card,
    ops: &OpsUse,
) -> Option<()> {
    let tp = &sc.params.tyche;
    let spent = tp.marker_cost * ops.markers.len() as u32
        + tp.mercenary_cost * ops.train.len() as u32
        + tp.macedonian_cost * ops.macedonians.len() as u32
        + if ops.fleet { tp.fleet_cost } else { 0 }
        + if ops.general.is_some() {
            tp.general_cost
        } else {
            0
        };
    if spent > def.ops {
        let b = Breach::new(
            "ops",
            "§8",
            format!(
                "{card} has {} OPs; what the orders buy with them costs {spent}",
                def.ops
            ),
        )
        .hint(format!(
            "a marker costs {}, a mercenary CU {}, a Loyal Macedonian {}, a fleet upgrade {}, a new general {}",
            tp.marker_cost, tp.mercenary_cost, tp.macedonian_cost, tp.fleet_cost, tp.general_cost
        ));
        breach(c, play, &b);
        return None;
    }
    Some(())
}

/// §8: a new (reserve) general bought with OPs (`general: { Name: Space }`).
fn ops_general(
    c: &mut Check,
    sc: &Scenario,
    view: &View,
    sim: &State,
    node: &Node,
    ops: &mut OpsUse,
    left: &mut u32,
) -> Option<()> {
    let tp = &sc.params.tyche;
    if let Some(g) = node.get("general") {
        let pairs = g.as_map().unwrap_or(&[]);
        if pairs.len() != 1 {
            let b = Breach::new(
                "ops",
                "§8",
                "one new general per card: `general: { Name: Space }`",
            );
            breach(c, g, &b);
            return None;
        }
        let (k, v) = &pairs[0];
        let reserve: Vec<&str> = sc
            .generals
            .iter()
            .filter(|x| x.reserve)
            .map(|x| x.id.as_str())
            .collect();
        let name = c.name_among(
            k,
            "orders::unknown-general",
            "reserve general",
            reserve.iter().copied(),
            "the reserve generals are listed in docs/scenario-successors.md",
        )?;
        if let Some(why) = tyche::general_unavailable(sc, sim, &name) {
            let b =
                Breach::new("general", "§8", why.en).said_in(dikast_core::lang::Lang::Ru, why.ru);
            breach(c, k, &b);
            return None;
        }
        let at = space(c, sc, v)?;
        if !tyche::general_place_ok(sc, sim, &view.me, &at) {
            let b = Breach::new(
                "general",
                "§8",
                format!("{at} is not a major city or fortress of yours free of enemies [A]"),
            )
            .hint("a new general comes into a major city or fortress you control");
            breach(c, v, &b);
            return None;
        }
        ops.general = Some((name, at));
        *left = left.saturating_sub(tp.general_cost);
    }
    Some(())
}

/// §8: a card without a public text refused for its Event, in both languages.
fn unpublished(def: &crate::model::scenario::Card) -> Breach {
    let why = tyche::unpublished_why(def);
    let other = match def.kind {
        CardKind::Surprise => "discard it to draw another (`for: discard`)",
        _ => "play it for its OPs (`for: ops`)",
    };
    Breach::new("card-unpublished", "§8", why.en.trim_start_matches("§8: "))
        .said_in(dikast_core::lang::Lang::Ru, why.ru.trim_start_matches("§8: "))
        .hint(format!(
            "{other}, or the moderator writes its effect in a copy of the scenario (`docs/scenario-successors.md`)"
        ))
}

/// Checks one player's orders against his view.
pub fn check(
    sc: &Scenario,
    view: &View,
    body: &[(Node, Node)],
    file: &SourceFile,
) -> Checked<Orders> {
    let forms = forms::forms();
    let mut c = Check::new(file);
    let mut orders = Orders::default();
    let mut sim = view.as_state();
    let phase = view.phase.clone();
    let me = view.me.clone();
    let resolver = view.revealed_for.clone();
    let mut diags = Vec::new();
    let mut parsed: Vec<(&'static str, Node)> = Vec::new();
    dispatch(
        &forms,
        body,
        file,
        &mut diags,
        |f| accept(&phase, resolver.as_deref(), &me, f.key),
        |f, v, _| parsed.push((f.key, v.clone())),
    );
    c.diags = diags;
    // Standing orders first: they hold for this very step.
    for (key, v) in &parsed {
        if *key == "standing" {
            orders.standing = parse_standing(&mut c, sc, view, v);
        }
    }
    for (key, v) in &parsed {
        match *key {
            "surrender" => check_surrender(&mut c, sc, &sim, &me, v, &mut orders),
            "tyche" => orders.tyche = parse_tyche(&mut c, sc, view, &mut sim, v),
            "nobody" => check_nobody(&mut c, sc, view, &sim, v, &mut orders),
            "activation" => check_activation(&mut c, sc, view, &mut sim, v, &mut orders),
            _ => {}
        }
    }
    if phase == Phase::Round && orders.tyche.is_none() && !parsed.iter().any(|(k, _)| *k == "tyche")
    {
        orders.tyche = default_play(sc, view);
    }
    Checked {
        orders,
        problems: c.diags,
    }
}

/// Whether an order form is accepted at this step: standing orders until the game is
/// over; `nobody` only from the player who resolves the cards revealed for nobody; the
/// rest in a round.
fn accept(phase: &Phase, resolver: Option<&str>, me: &str, key: &str) -> Accept {
    match (phase, key) {
        (_, "standing") if !matches!(phase, Phase::Ended { .. }) => Accept::Yes,
        (Phase::Round, "nobody") if resolver != Some(me) => {
            Accept::NotThisStep(
                "only the player who resolves this round's cards revealed for nobody sends `nobody` (your view's `revealed_for`)".into(),
            )
        }
        (Phase::Round, _) => Accept::Yes,
        (Phase::Deal, _) => Accept::NotThisStep(
            "game turn I begins with the Tyche draw; send entropy (and standing orders) only".into(),
        ),
        _ => Accept::NotThisStep("the game is over".into()),
    }
}

/// §4: the Surrender segment's attempts, one per space, each by an army of the player's
/// in the field there that may make it.
fn check_surrender(
    c: &mut Check,
    sc: &Scenario,
    sim: &State,
    me: &str,
    v: &Node,
    orders: &mut Orders,
) {
    for n in v.get("assault").map(Check::items).unwrap_or_default() {
        if let Some(sp) = space(c, sc, n) {
            if orders.surrender.contains(&sp) {
                let b = Breach::new(
                    "attempt-limit",
                    "§4",
                    format!("one attempt against {sp} in the Surrender segment"),
                );
                breach(c, n, &b);
                continue;
            }
            let army = sim
                .armies
                .iter()
                .filter(|a| a.player == me && a.at == sp && !a.inside)
                .max_by_key(|a| a.cus)
                .map(|a| a.general.clone());
            match army {
                None => {
                    let b = Breach::new(
                        "attempt",
                        "§4",
                        format!("you have no army in the field at {sp}"),
                    )
                    .hint(
                        "the Surrender segment's attempt is made by an army already in the space",
                    );
                    breach(c, n, &b);
                }
                Some(g) => match siege::may_attempt(sc, sim, &g) {
                    Ok(_) => orders.surrender.push(sp),
                    Err(b) => breach(c, n, &b.breach()),
                },
            }
        }
    }
}

/// §7, §8: the orders of the independent armies the cards revealed for nobody activate.
fn check_nobody(
    c: &mut Check,
    sc: &Scenario,
    view: &View,
    sim: &State,
    v: &Node,
    orders: &mut Orders,
) {
    for (k, o) in v.as_map().unwrap_or(&[]) {
        let Some(card) = c.name_among(
            k,
            "orders::not-revealed",
            "card revealed for nobody this round",
            view.revealed.iter().map(String::as_str),
            "the cards revealed for nobody are in your view (`revealed:`)",
        ) else {
            continue;
        };
        let Some(army) = sc.card(&card).and_then(|d| d.event.activate.clone()) else {
            let b = Breach::new(
                "independent-army",
                "§7",
                format!("{card} activates no independent army"),
            );
            breach(c, k, &b);
            continue;
        };
        if let Some(io) = independent_order(c, sc, sim, &army, o) {
            orders.nobody.insert(card, io);
        }
    }
}

/// §1-§4: the armies' activation, each army once, its steps within its action points.
fn check_activation(
    c: &mut Check,
    sc: &Scenario,
    view: &View,
    sim: &mut State,
    v: &Node,
    orders: &mut Orders,
) {
    for (k, steps) in v.as_map().unwrap_or(&[]) {
        let Some(g) = own_general(c, view, k) else {
            continue;
        };
        if orders.activation.iter().any(|(x, _)| *x == g) {
            let b = Breach::new("twice", "", format!("{g} is activated once a segment"));
            breach(c, k, &b);
            continue;
        }
        let ap = sc.general(&g).map(|x| x.action_points).unwrap_or(0);
        let s = army_steps(c, sc, sim, &g, steps, ap, sc.params.attempts.activation);
        orders.activation.push((g, s));
    }
}

/// The documented default Tyche play: the first card of the hand that may be played for
/// its OPs, for OPs spent on nothing; else the first card discarded (a Surprise).
pub fn default_play(sc: &Scenario, view: &View) -> Option<TychePlay> {
    let pick = view
        .hand
        .iter()
        .find(|c| sc.card(c).is_some_and(|d| d.kind != CardKind::Surprise))
        .map(|c| (c.clone(), Use::Ops))
        .or_else(|| view.hand.first().map(|c| (c.clone(), Use::Discard)))?;
    Some(TychePlay {
        card: pick.0,
        how: pick.1,
        target: None,
        ops: OpsUse::default(),
        independent: None,
    })
}

/// A player who sent nothing: no attempt, the default card play, no army moves,
/// independent armies he resolves stay, standing orders as they were.
pub fn default_orders(sc: &Scenario, view: &View) -> Orders {
    Orders {
        tyche: if view.phase == Phase::Round {
            default_play(sc, view)
        } else {
            None
        },
        ..Orders::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine;
    use crate::model::scenario::SUCCESSORS_323;
    use crate::text::template::template;
    use dikast_core::dice::TurnDice;

    fn dealt(players: u32) -> (Scenario, State) {
        let sc: Scenario = serde_yaml::from_str(SUCCESSORS_323).expect("scenario");
        let st = State::start(&sc, players);
        let dice = TurnDice::new([3; 32], Some([4; 32]));
        let r = engine::resolve(&sc, &st, &BTreeMap::new(), &dice);
        (sc, r.state)
    }

    fn checked(sc: &Scenario, view: &View, text: &str) -> Checked<Orders> {
        let file = SourceFile::new("o.yaml", text);
        let root = dikast_core::yaml::parse(&file).expect("yaml");
        let body = root.as_map().map(<[_]>::to_vec).unwrap_or_default();
        check(sc, view, &body, &file)
    }

    #[test]
    fn every_players_template_passes_the_checker() {
        for n in 2..=5 {
            let (sc, st) = dealt(n);
            for p in &st.players {
                let v = View::of(&st, p);
                let t = template(&sc, &v, p);
                let c = checked(&sc, &v, &t);
                assert!(
                    c.problems.is_empty(),
                    "{n} players, {p}: {:?}\n{t}",
                    c.problems
                );
                assert!(c.orders.tyche.is_some(), "the template plays a card");
            }
        }
    }

    #[test]
    fn no_orders_play_a_card_and_move_nothing() {
        let (sc, st) = dealt(3);
        let v = View::of(&st, "perdikkas");
        let o = default_orders(&sc, &v);
        let play = o.tyche.expect("a default play");
        assert!(v.hand.contains(&play.card));
        assert!(o.activation.is_empty() && o.surrender.is_empty());
    }

    #[test]
    fn an_unknown_space_gets_a_did_you_mean_and_names_no_hidden_card() {
        let (sc, st) = dealt(3);
        let v = View::of(&st, "perdikkas");
        let c = checked(&sc, &v, "activation:\n  Perdikkas: [Babilon]\n");
        assert_eq!(c.problems.len(), 1);
        assert_eq!(c.problems[0].help.as_deref(), Some("did you mean Babylon?"));
        let other: Vec<&String> = st.tyche.hands["antipatros"].iter().collect();
        let c = checked(
            &sc,
            &v,
            &format!("tyche: {{ play: {}, for: ops }}\n", other[0]),
        );
        let d = &c.problems[0];
        for card in &other {
            assert!(
                !d.help.clone().unwrap_or_default().contains(card.as_str()),
                "{d:?}"
            );
        }
    }
}
