//! Random play of Hellenes (Rally's `rtt fuzz`): whole campaigns of the 431 scenario from
//! fixed seeds, every turn through the real pipeline (`run_turn`), with random *legal*
//! orders written as YAML the way a player would (random moves, voyages with transport
//! and landings, Building, Pillage, siege combat, standing orders, missing files).
//!
//! Checked after every turn: the orders were all accepted (the generator and the checks
//! agree on what is legal), nothing panicked, the step after is adjudicable or is the
//! documented stop at the end of the year (no dead end), every invariant of the state
//! holds (steps within limits, no block in two places, capacity, the Prestige track), no
//! view shows enemy strengths, and running the same turn again gives the same bytes. Each
//! campaign plays Spring to Fall (4 seasons) and the Winter step (random winter moves,
//! stays, sorties and winter attrition, and the defaults of every block no order names);
//! 50 campaigns make the 200 seasons and 50 Winters. In-memory and small, so it stays fast
//! in a debug build on 2 cores.
//!
//! (The driver: this folder's mod.rs; the test: tests/random_play.rs.)

use super::Rng;
use dikast::game::GameFile;
use dikast::games::hellenes::engine::actions::{self, pool_for};
use dikast::games::hellenes::engine::{movement, siege, winter};
use dikast::games::hellenes::model::orders::{Action, Build, Verb, WinterMove};
use dikast::games::hellenes::model::sight::Sight;
use dikast::games::hellenes::scenario::{BlockKind, Scenario};
use dikast::games::hellenes::sight::View;
use dikast::games::hellenes::state::{Phase, State, Status};
use dikast::games::hellenes::{Hellenes, HELLENES_431};
use dikast::pipeline::{make_view, TurnOutputs};
use dikast::rules::Rules;
use std::collections::BTreeMap;

fn yaml_list(items: &[String]) -> String {
    format!("[{}]", items.join(", "))
}

/// A random legal action for the board, as YAML lines (`  - …`), applied to the board.
fn random_action(
    sc: &Scenario,
    v: &View,
    b: &mut Sight,
    rng: &mut Rng,
    pillaged: &mut Vec<String>,
) -> Option<String> {
    let movable: Vec<_> = b
        .own
        .iter()
        .filter(|x| {
            matches!(
                x.status,
                Status::Field | Status::Besieging | Status::Besieged
            ) && x.kind != BlockKind::Garrison
                && !b.moved.contains(&x.id)
        })
        .cloned()
        .collect();
    for _ in 0..12 {
        match rng.below(10) {
            // Land moves: one block, or every land block in its place.
            0..=3 => {
                let x = rng.pick(&movable)?.clone();
                if x.kind == BlockKind::Fleet {
                    continue;
                }
                let group: Vec<String> = if rng.chance(40) {
                    movable
                        .iter()
                        .filter(|y| y.at == x.at && y.kind != BlockKind::Fleet)
                        .map(|y| y.id.clone())
                        .collect()
                } else {
                    vec![x.id.clone()]
                };
                let mut path = vec![x.at.clone()];
                for _ in 0..(1 + rng.below(3)) {
                    let last = path.last().unwrap().clone();
                    let n = sc.area(&last).map(|a| a.land.clone()).unwrap_or_default();
                    let Some(next) = rng.pick(&n).cloned() else {
                        break;
                    };
                    let mut p = path.clone();
                    p.push(next);
                    if movement::land_move(sc, b, &group, &p).is_ok() {
                        path = p;
                    } else {
                        break;
                    }
                }
                if path.len() < 2 {
                    continue;
                }
                let a = Action::Move {
                    blocks: group.clone(),
                    path: path.clone(),
                };
                let r = movement::land_move(sc, b, &group, &path).ok()?;
                actions::apply_on_board(sc, b, &a, Some(&r));
                return Some(format!(
                    "  - move: {}\n    path: {}\n",
                    yaml_list(&group),
                    yaml_list(&path)
                ));
            }
            // Naval moves, perhaps carrying a land block to a landing.
            4..=6 => {
                let fleets: Vec<_> = movable
                    .iter()
                    .filter(|x| x.kind == BlockKind::Fleet)
                    .collect();
                let f = (*rng.pick(&fleets)?).clone();
                let ids = vec![f.id.clone()];
                let carry: Vec<String> = if sc.area(&f.at).is_some() && rng.chance(50) {
                    movable
                        .iter()
                        .filter(|y| {
                            y.at == f.at
                                && y.kind != BlockKind::Fleet
                                && y.steps < f.steps
                                && y.status != Status::Besieged
                        })
                        .take(1)
                        .map(|y| y.id.clone())
                        .collect()
                } else {
                    Vec::new()
                };
                let mut path = vec![f.at.clone()];
                let mut best: Option<Vec<String>> = None;
                for _ in 0..(1 + rng.below(6)) {
                    let last = path.last().unwrap().clone();
                    let mut n: Vec<String> = sc
                        .sea(&last)
                        .map(|s| s.seas.clone())
                        .or_else(|| sc.area(&last).map(|a| a.seas.clone()))
                        .unwrap_or_default();
                    if sc.sea(&last).is_some() {
                        n.extend(
                            sc.areas
                                .iter()
                                .filter(|a| a.seas.contains(&last))
                                .map(|a| a.name.clone()),
                        );
                    }
                    let Some(next) = rng.pick(&n).cloned() else {
                        break;
                    };
                    let mut p = path.clone();
                    p.push(next);
                    if movement::naval_move(sc, b, &ids, &p, &[]).is_ok() {
                        if movement::naval_move(sc, b, &ids, &p, &carry).is_ok() {
                            best = Some(p.clone());
                        }
                        path = p;
                    } else {
                        break;
                    }
                }
                let path = best?;
                let r = movement::naval_move(sc, b, &ids, &path, &carry).ok()?;
                // 7.4: entering its own besieged port, within the walls' room (the check's rule).
                movement::port_entry(sc, b, &ids, &carry, &r, None).ok()?;
                let a = Action::Sail {
                    fleets: ids.clone(),
                    path: path.clone(),
                    carry: carry.clone(),
                    into: None,
                };
                actions::apply_on_board(sc, b, &a, Some(&r));
                let mut s = format!("  - sail: {}\n    path: {}\n", f.id, yaml_list(&path));
                if !carry.is_empty() {
                    s.push_str(&format!("    carry: {}\n", yaml_list(&carry)));
                }
                return Some(s);
            }
            // Building.
            7 | 8 => {
                let what = match rng.below(3) {
                    0 => {
                        let x = rng.pick(&b.own)?.clone();
                        Build::Step(x.id)
                    }
                    1 => {
                        let cs: Vec<_> = b.cities.iter().filter(|c| c.control == b.side).collect();
                        Build::Block(rng.pick(&cs)?.name.clone())
                    }
                    _ => {
                        let cs: Vec<_> = b
                            .cities
                            .iter()
                            .filter(|c| c.control == b.side && c.loyalty != b.side)
                            .collect();
                        Build::Garrison(rng.pick(&cs)?.name.clone())
                    }
                };
                let free = match &what {
                    Build::Block(c) => pool_for(sc, &b.own, c).len() as u32,
                    _ => 1,
                };
                if actions::build_problem(sc, b, &what, free).is_some() {
                    continue;
                }
                let line = match &what {
                    Build::Step(id) => format!("  - build: {id}\n"),
                    Build::Block(c) => format!("  - build: {c}\n"),
                    Build::Garrison(c) => format!("  - build: {{ garrison: {c} }}\n"),
                };
                actions::apply_on_board(sc, b, &Action::Build(what), None);
                return Some(line);
            }
            // Pillage.
            _ => {
                let cs: Vec<String> = b.cities.iter().map(|c| c.name.clone()).collect();
                let c = rng.pick(&cs)?.clone();
                if actions::pillage_problem(sc, b, v.year, v.season, &c, pillaged).is_some() {
                    continue;
                }
                pillaged.push(c.clone());
                return Some(format!("  - pillage: {c}\n"));
            }
        }
    }
    None
}

fn random_combat(sc: &Scenario, v: &View, rng: &mut Rng) -> String {
    let mut out = String::new();
    let seen = Sight::from_view(sc, v);
    let mut used: Vec<String> = Vec::new();
    for c in &v.cities {
        let assault = rng.chance(50);
        if rng.chance(70) && siege::may_siege_combat(sc, &seen, &c.name, assault).is_ok() {
            out.push_str(&format!(
                "  - {}: {}\n",
                if assault { "assault" } else { "attrition" },
                c.name
            ));
        }
        let inside: Vec<String> = v
            .blocks
            .iter()
            .filter(|b| {
                b.at == c.name
                    && b.status == Status::Besieged
                    && b.kind != BlockKind::Garrison
                    && !used.contains(&b.id)
            })
            .map(|b| b.id.clone())
            .collect();
        if !inside.is_empty()
            && rng.chance(30)
            && siege::may_sortie(sc, &seen, &c.name, &inside).is_ok()
        {
            used.extend(inside.iter().cloned());
            out.push_str(&format!(
                "  - sortie: {{ from: {}, blocks: {} }}\n",
                c.name,
                yaml_list(&inside)
            ));
        }
    }
    out
}

fn random_standing(v: &View, rng: &mut Rng) -> String {
    let mine: Vec<&str> = v
        .cities
        .iter()
        .filter(|c| c.control == v.side)
        .map(|c| c.name.as_str())
        .collect();
    let mut s = String::from("standing:\n  fortify: {");
    let mut f: Vec<String> = Vec::new();
    for c in &mine {
        if rng.chance(40) {
            f.push(format!(
                " {c}: {}",
                if rng.chance(50) { "field" } else { "walls" }
            ));
        }
    }
    s.push_str(&f.join(","));
    s.push_str(" }\n");
    let cap: Vec<String> = mine
        .iter()
        .filter(|_| rng.chance(10))
        .map(|c| c.to_string())
        .collect();
    s.push_str(&format!("  capitulate: {}\n", yaml_list(&cap)));
    let on_map: Vec<String> = v
        .blocks
        .iter()
        .filter(|b| {
            !matches!(b.status, Status::Pool | Status::Eliminated) && b.kind != BlockKind::Garrison
        })
        .filter(|_| rng.chance(20))
        .map(|b| b.id.clone())
        .collect();
    s.push_str(&format!("  losses: {}\n", yaml_list(&on_map)));
    // 11.0: some appeals, each with conditions that fit its Olympian.
    const APPEALS: [&str; 9] = [
        "{ olympian: Ares, on: \"battle:*\", when: { my_hits_at_most: 0 } }",
        "{ olympian: Ares, when: { enemy_hits_at_least: 2 } }",
        "{ olympian: Poseidon, on: \"battle:*\", when: { enemy_routs_at_least: 1 } }",
        "{ olympian: Athena, on: \"siege:*\", when: { my_hits_at_most: 1 } }",
        "{ olympian: Demeter, when: { enemy_hits_at_least: 1 } }",
        "{ olympian: Demeter, when: { my_hits_at_most: 0 } }",
        "{ olympian: Hermes, on: \"peace:*\" }",
        "{ olympian: Zeus, when: { hand_value_at_most: 11 } }",
        "{ olympian: Apollo, on: \"draw:pool:*\" }",
    ];
    let appeals: Vec<&str> = APPEALS.iter().copied().filter(|_| rng.chance(40)).collect();
    if !appeals.is_empty() {
        s.push_str(&format!("  appeals: [{}]\n", appeals.join(", ")));
    }
    s
}

/// Random legal winter orders (9.x) for the view's side, as YAML: for some of the blocks
/// that must winter a Return move or a Quartering move (checked with the rules' own
/// planner and capacity check) or a `stay`, the others left to their default; sorties and
/// winter attrition where the siege rules allow them.
fn random_winter(sc: &Scenario, v: &View, rng: &mut Rng) -> String {
    let k = Sight::winter_from_view(sc, v);
    let mut moves: Vec<(WinterMove, winter::Plan)> = Vec::new();
    let mut stays: Vec<String> = Vec::new();
    for n in winter::needs(sc, &k) {
        let b = &n.block;
        let fleets = b.kind == BlockKind::Fleet;
        let at_sea = sc.sea(&b.at).is_some();
        match rng.below(10) {
            0..=3 => {}
            4 => stays.push(b.id.clone()),
            _ => {
                let verb = if rng.chance(50) {
                    Verb::Return
                } else {
                    Verb::Quarter
                };
                let cities: Vec<String> = if verb == Verb::Return {
                    vec![b.home.clone()]
                } else {
                    sc.areas
                        .iter()
                        .filter(|a| a.city.is_some() && a.name != b.at)
                        .map(|a| a.name.clone())
                        .collect()
                };
                let reach = winter::reach(sc, verb, fleets, b.kind == BlockKind::Cavalry, at_sea);
                let mut found: Vec<Vec<String>> = Vec::new();
                for c in &cities {
                    let legal =
                        |sea: Option<&str>| winter::entry(sc, &k, verb, fleets, c, sea).is_ok();
                    if let Some(p) = winter::find_route(sc, &k, &b.at, fleets, c, reach, &legal) {
                        found.push(p);
                    }
                }
                let Some(path) = rng.pick(&found).cloned() else {
                    continue;
                };
                let m = WinterMove {
                    verb,
                    blocks: vec![b.id.clone()],
                    carry: Vec::new(),
                    path,
                    written: true,
                };
                if let Ok(p) = winter::plan(sc, &k, &m) {
                    moves.push((m, p));
                }
            }
        }
    }
    // Drop the moves the capacity rules refuse, until none is refused.
    loop {
        let plans: Vec<winter::Plan> = moves.iter().map(|(_, p)| p.clone()).collect();
        let bad = winter::admit(sc, &k, &plans);
        let Some((i, _)) = bad.first() else { break };
        moves.remove(*i);
    }
    let mut out = String::new();
    if !moves.is_empty() || !stays.is_empty() {
        out.push_str("winter:\n");
        for (m, _) in &moves {
            out.push_str(&format!(
                "  - {}: [{}]\n    path: {}\n",
                m.verb.word(),
                m.blocks.join(", "),
                yaml_list(&m.path)
            ));
        }
        for id in &stays {
            out.push_str(&format!("  - stay: [{id}]\n"));
        }
    }
    let seen = Sight::from_view(sc, v);
    let mut combat = String::new();
    for c in &v.cities {
        if rng.chance(70) && siege::may_siege_combat(sc, &seen, &c.name, false).is_ok() {
            combat.push_str(&format!("  - attrition: {}\n", c.name));
        }
        let inside: Vec<String> = v
            .blocks
            .iter()
            .filter(|b| {
                b.at == c.name && b.status == Status::Besieged && b.kind != BlockKind::Garrison
            })
            .map(|b| b.id.clone())
            .collect();
        if !inside.is_empty()
            && rng.chance(30)
            && siege::may_sortie(sc, &seen, &c.name, &inside).is_ok()
        {
            combat.push_str(&format!(
                "  - sortie: {{ from: {}, blocks: {} }}\n",
                c.name,
                yaml_list(&inside)
            ));
        }
    }
    if !combat.is_empty() {
        out.push_str("combat:\n");
        out.push_str(&combat);
    }
    out
}

/// A random orders file for `side`, or `None` (no orders sent).
fn random_orders(
    sc: &Scenario,
    game: &GameFile<State>,
    v: &View,
    based_on: &str,
    rng: &mut Rng,
) -> Option<String> {
    let mut s = format!(
        "game: {}\nturn: {}\nside: {}\nbased_on: {based_on}\nentropy: \"{}\"\n",
        game.game,
        game.turn,
        v.side,
        rng.next()
    );
    match &v.phase {
        Phase::Setup => {}
        Phase::Winter => {
            if rng.chance(10) {
                return None;
            }
            s.push_str(&random_winter(sc, v, rng));
        }
        Phase::YearEnd => {
            // 10.2: a peace offer now and then (made only if the side may), 9.53: discards.
            if rng.chance(15) {
                s.push_str("peace: offer\n");
            }
            let own: Vec<String> = v
                .in_play
                .iter()
                .filter(|p| p.side == v.side && rng.chance(50))
                .filter(|p| {
                    sc.card(&p.card).is_some_and(|c| {
                        c.kind == dikast::games::hellenes::scenario::CardKind::Continuing
                    })
                })
                .map(|p| p.card.clone())
                .collect();
            if !own.is_empty() {
                s.push_str(&format!("discard: {}\n", yaml_list(&own)));
            }
        }
        Phase::NewYear => {
            // 10.4: a card for its Event (never a Revolt), or 10.4.1 a sacrifice to an
            // Olympian the side has none on.
            let c = rng.pick(&v.hand)?;
            let revolt = sc
                .card(&c.id)
                .is_some_and(|x| x.kind == dikast::games::hellenes::scenario::CardKind::Revolt);
            let event = sc.card(&c.id).and_then(|d| {
                // 10.4 [A]: no Event that lasts a season at New Year (combat ones do nothing).
                let season = d.season_only()
                    && d.kind != dikast::games::hellenes::scenario::CardKind::Combat;
                (!revolt && !season && rng.chance(20))
                    .then(|| event_play(sc, v, d, rng))
                    .flatten()
            });
            if let Some(play) = event {
                s.push_str(&format!("new_year: {{ {play} }}\n"));
            } else {
                let free: Vec<String> = sc
                    .params
                    .olympians
                    .gods
                    .iter()
                    .filter(|o| {
                        !v.sacrifices
                            .get(&v.side)
                            .is_some_and(|l| l.iter().any(|x| x.olympian == o.name))
                    })
                    .map(|o| o.name.clone())
                    .collect();
                match rng.pick(&free) {
                    Some(o) => s.push_str(&format!(
                        "new_year: {{ card: {}, for: action, sacrifice: {o} }}\n",
                        c.id
                    )),
                    None => s.push_str(&format!("new_year: {{ card: {}, for: action }}\n", c.id)),
                }
            }
        }
        Phase::Initiative => {
            let c = rng.pick(&v.hand)?;
            let event = sc
                .card(&c.id)
                .filter(|_| rng.chance(25))
                .and_then(|d| event_play(sc, v, d, rng));
            match event {
                Some(play) => s.push_str(&format!("initiative: {{ {play} }}\n")),
                None => s.push_str(&format!("initiative: {{ card: {}, for: action }}\n", c.id)),
            }
        }
        Phase::PlayerTurn { side, .. } if side == &v.side => {
            if rng.chance(5) {
                return None;
            }
            let budget = actions::budget(sc, v.initiative.as_ref(), &v.side);
            let mut board = Sight::from_view(sc, v);
            let mut lines = String::new();
            let mut pillaged = Vec::new();
            let mut spent = 0;
            for _ in 0..budget {
                if let Some(l) = random_action(sc, v, &mut board, rng, &mut pillaged) {
                    // Every action the generator makes costs 1 with the scenario's params.
                    spent += 1;
                    lines.push_str(&l);
                }
            }
            assert!(spent <= budget);
            if !lines.is_empty() {
                s.push_str("actions:\n");
                s.push_str(&lines);
            }
            let combat = random_combat(sc, v, rng);
            if !combat.is_empty() {
                s.push_str("combat:\n");
                s.push_str(&combat);
            }
        }
        _ => {
            if rng.chance(20) {
                return None;
            }
        }
    }
    if rng.chance(25) {
        s.push_str(&random_standing(v, rng));
    }
    Some(s)
}

/// A card played for its Event, with a target drawn from the lawful ones when it needs
/// one (`card_events::targets`, the rule the check applies); `None` when it may not be
/// played for its Event now (another side's leader, no lawful target).
fn event_play(
    sc: &Scenario,
    v: &View,
    d: &dikast::games::hellenes::scenario::CardDef,
    rng: &mut Rng,
) -> Option<String> {
    use dikast::games::hellenes::engine::card_events;
    if d.only.as_ref().is_some_and(|s| s != &v.side) {
        return None;
    }
    if d.target.is_none() {
        return Some(format!("card: {}, for: event", d.id));
    }
    let lawful = card_events::targets_in_view(sc, v, d);
    let t = rng.pick(&lawful)?;
    Some(format!("card: {}, for: event, target: \"{t}\"", d.id))
}

/// No enemy block's id, steps or rating in a side's view: only places and counts.
fn view_hides_enemy(st: &State, side: &str, view_text: &str) {
    for b in st.blocks.iter().filter(|b| b.side != side) {
        assert!(
            !view_text.contains(&format!("id: {}\n", b.id)),
            "{side}'s view names enemy block {}",
            b.id
        );
    }
}

/// What the campaigns did, counted from the moderator's reports: the test insists that
/// the random orders reach every part of the rules, or it proves little.
#[derive(Default)]
struct Seen {
    counts: BTreeMap<&'static str, u32>,
}

const WATCH: [(&str, &str); 23] = [
    ("card Event applied", "([A] `cards["),
    ("Event with a target", "Played on: "),
    ("card Event in play", "Event stays in play"),
    ("land battle", "2.0 Battle at"),
    ("naval battle", "2.0 Naval battle at"),
    ("transport and landing", "5.21 The fleets carry"),
    ("step built", "gains a step at"),
    ("block drawn", "sealed draw `draw:pool:"),
    ("retreat", " retreats from "),
    ("siege established", "Siege of"),
    ("prestige", "Prestige: "),
    ("city captured", " falls to "),
    ("no orders", "no orders received"),
    ("control change", "City control: "),
    ("winter quartering", "9.x Quartering ("),
    ("winter return", "9.x Returning home ("),
    ("no winter quarters", " the Winter "),
    ("return battle", "9.x Return battle ("),
    ("tribute", "9.51 Tribute (10.1)"),
    ("next year's deal", "sealed event `deal:430`"),
    ("New Year cards", "10.4 New Year cards revealed"),
    ("sacrifice", "10.4.1 Sacrifice: "),
    ("appeal", " appeals to "),
];

/// Rare in four random seasons and a Winter; counted and shown, not required (rule cases
/// cover them).
const OPTIONAL: [&str; 2] = ["control change", "return battle"];

/// The Hellenes side of random play: its order generator and its own checks.
struct Hellene<'s> {
    seen: &'s mut Seen,
    seasons: u32,
}

impl super::Player<Hellenes> for Hellene<'_> {
    fn orders(
        &mut self,
        sc: &Scenario,
        game: &GameFile<State>,
        bytes: &[u8],
        side: &str,
        rng: &mut Rng,
    ) -> Option<String> {
        let v = make_view::<Hellenes>(sc, game, bytes, side);
        random_orders(sc, game, &v.state, &v.based_on, rng)
    }

    fn after(
        &mut self,
        _sc: &Scenario,
        before: &GameFile<State>,
        next: &GameFile<State>,
        out: &TurnOutputs,
    ) {
        for (what, text) in WATCH {
            *self.seen.counts.entry(what).or_default() += out.report.matches(text).count() as u32;
        }
        for (side, v) in &out.views {
            view_hides_enemy(&next.state, side, &String::from_utf8_lossy(v));
        }
        if matches!(
            before.state.phase,
            Phase::PlayerTurn { first: false, .. } | Phase::Winter
        ) {
            self.seasons += 1;
        }
    }

    fn done(&mut self, sc: &Scenario, game: &GameFile<State>) -> bool {
        // One year: after the end of the year (9.5) the next year's first initiative.
        matches!(game.state.phase, Phase::Ended { .. })
            || (game.state.year < sc.year && game.state.phase == Phase::Initiative)
    }
}

fn play(seed: u64, seen: &mut Seen) -> u32 {
    let sc = Hellenes::load_scenario(HELLENES_431).expect("the scenario loads");
    let mut state = Hellenes::start(&sc, &Default::default()).unwrap();
    // 10.4.1, 11.0: each side starts with a sacrifice on every Olympian, as if made at an
    // earlier New Year, so that random appeals (random_standing) are made in play.
    for side in sc.side_ids() {
        let all = sc
            .params
            .olympians
            .gods
            .iter()
            .map(|o| dikast::games::hellenes::state::Sacrifice {
                olympian: o.name.clone(),
                year: sc.year + 1,
            })
            .collect();
        state.sacrifices.insert(side, all);
    }
    let campaign = super::Campaign {
        scenario: "hellenes-431",
        game: format!("fuzz-{seed}"),
        seed,
        fallback: false,
        max_turns: 40,
    };
    let mut me = Hellene { seen, seasons: 0 };
    super::play::<Hellenes, _>(&campaign, state, &mut me);
    me.seasons
}

/// Plays the campaigns of `seeds`; returns what they produced.
fn campaigns(seeds: std::ops::RangeInclusive<u64>) -> Seen {
    let mut seen = Seen::default();
    let mut seasons = 0;
    for seed in seeds.clone() {
        let n = play(seed, &mut seen);
        assert_eq!(n, 5, "seed {seed}: a campaign plays Spring to Winter");
        seasons += n;
    }
    assert_eq!(seasons, 5 * seeds.count() as u32);
    seen
}

/// 200 seasons and 50 Winters in two halves on two threads (CI has two cores); what the
/// rules produced is counted over all of them.
pub fn random_play_200_seasons_and_50_winters() {
    // A longer search: DIKAST_RANDOM_SCALE=k plays k times the campaigns (seeds 1 to 50k).
    let k: u64 = std::env::var("DIKAST_RANDOM_SCALE")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|k| *k >= 1)
        .unwrap_or(1);
    let half = 25 * k;
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(|| campaigns(1..=half));
        let b = s.spawn(|| campaigns(half + 1..=2 * half));
        (
            a.join().expect("the first half of the seeds"),
            b.join().expect("the second half of the seeds"),
        )
    });
    let mut seen = a;
    for (what, n) in b.counts {
        *seen.counts.entry(what).or_default() += n;
    }
    eprintln!("random play: {:?}", seen.counts);
    for (what, _) in WATCH {
        let n = seen.counts.get(what).copied().unwrap_or(0);
        assert!(
            n > 0 || OPTIONAL.contains(&what),
            "the random campaigns never produced a {what}: {:?}",
            seen.counts
        );
    }
}
