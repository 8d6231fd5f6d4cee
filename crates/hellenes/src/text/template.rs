//! The orders template of a step (`dikast template`): every order form the side may send
//! now, with its rule, the side's own ids and places filled in, and the documented
//! defaults, all as YAML comments around the keys to fill.

use super::words;
use super::words::possessive;
use super::words::side_name;
use crate::check::defaults::default_new_year;
use crate::engine::actions::budget;
use crate::engine::movement;
use crate::engine::olympians;
use crate::engine::siege;
use crate::engine::winter;
use crate::engine::winter::Need;
use crate::engine::year::may_discard;
use crate::model::orders::Verb;
use crate::model::params::PeaceTest;
use crate::model::params::Unwintered;
use crate::model::scenario::BlockKind;
use crate::model::scenario::Scenario;
use crate::model::sight::example_block;
use crate::model::sight::Sight;
use crate::model::sight::View;
use crate::model::state::Phase;
use crate::model::state::Status;
use dikast_core::lang::Lang;
use std::fmt::Write;
/// The acting side's part of `dikast template`: the budget, every action form, and for
/// each block that can move the places one move can reach (all as comments).
pub fn actions(sc: &Scenario, v: &View) -> String {
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
    out.push_str(&siege_combat(sc, v));
    let _ = writeln!(out, "combat: []");
    out
}

/// The orders skeleton of the end of the year, every legal order in comments.
pub fn year_end(sc: &Scenario, v: &View) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let y = &sc.params.year;
    let (need, faction) = {
        let faction = crate::engine::card_events::peace_faction(sc, &v.in_play);
        if faction {
            (y.peace_faction_prestige.min(y.peace_offer_prestige), true)
        } else {
            (y.peace_offer_prestige, false)
        }
    };
    let _ = writeln!(
        out,
        "# 9.5 End of {} BC: tribute (each side gains the value of the enemy cities it controls),",
        v.year
    );
    let _ = writeln!(
        out,
        "# then the victory check: {} Prestige wins at once (14.2.1).",
        sc.params.victory_prestige
    );
    let _ = writeln!(
        out,
        "# 10.2 Peace offer (14.2.2): the side ahead by {need} or more{} may offer peace; it pays {} Prestige,",
        if faction { " (Peace Faction Ascendant is in play)" } else { "" },
        y.peace_offer_cost
    );
    let _ = writeln!(
        out,
        "# each side rolls a die, and if their total is {} its Prestige the enemy sues for peace.",
        match y.peace_succeeds {
            PeaceTest::Below => "below",
            PeaceTest::AtMost => "at most",
        }
    );
    let _ = writeln!(
        out,
        "# The offer is made only if, after tribute, you may make it."
    );
    let _ = writeln!(out, "# peace: offer");
    let mine: Vec<String> = v
        .in_play
        .iter()
        .filter(|p| may_discard(sc, &v.in_play, &v.side, &p.card))
        .map(|p| p.card.clone())
        .collect();
    let _ = writeln!(
        out,
        "# 9.53 Continuing Events of yours to discard (in play now: {}):",
        if mine.is_empty() {
            "none".to_string()
        } else {
            mine.join(", ")
        }
    );
    let _ = writeln!(out, "# discard: [{}]", mine.join(", "));
    out
}

/// The orders skeleton of the New Year step.
pub fn new_year(sc: &Scenario, v: &View) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# 10.4 New Year: play one card of your hand, revealed with the other side's."
    );
    let _ = writeln!(
        out,
        "# For its Event (not a Revolt; a combat Event does nothing: no combat phase), or for its"
    );
    let _ = writeln!(
        out,
        "# Action value as a sacrifice (10.4.1): a spare garrison block on the Olympian you name,"
    );
    let _ = writeln!(
        out,
        "# at most one per Olympian, kept until an appeal (11.0) uses it. The value only decides"
    );
    let _ = writeln!(out, "# who sacrifices first.");
    let _ = writeln!(out, "# The Olympians:");
    for o in &sc.params.olympians.gods {
        let mine = olympians::has_sacrifice(&v.sacrifices, &v.side, &o.name);
        let _ = writeln!(
            out,
            "#   {:<9} {}{}{}",
            o.name,
            o.governs.words(),
            if o.house_default {
                " [A] house default"
            } else {
                ""
            },
            if mine {
                " (you have a sacrifice here)"
            } else {
                ""
            }
        );
    }
    let _ = writeln!(out, "# Your hand:");
    for c in &v.hand {
        let _ = writeln!(
            out,
            "#   {}  {}  (Action {})  Event: {}",
            c.id, c.name, c.action, c.event
        );
    }
    // The example is a comment, never a live order: a file sent with only `entropy`
    // filled in carries no card the player did not choose (the checker asks for one).
    let d = default_new_year(sc, v);
    let card = d.as_ref().map_or("<card>", |p| p.card.as_str());
    let god = d
        .as_ref()
        .and_then(|p| p.olympian.clone())
        .unwrap_or_else(|| "<Olympian>".into());
    let _ = writeln!(out, "{}", CHOOSE);
    let _ = writeln!(
        out,
        "# new_year:\n#   card: {card}      # a card id or name from your hand\n#   for: action    # action (a sacrifice) | event\n#   sacrifice: {god}   # the Olympian (with for: action)"
    );
    out
}

/// The line above a card play's example (`initiative:`, `new_year:`), which is a comment.
const CHOOSE: &str = "# Your choice: remove the `# ` before the lines below and fill them in (a file without them is refused).";

/// The siege part of the acting side's `dikast template`: every siege combat order open to
/// it now (8.0-8.3), and for each of its sieges the orders not open yet, with the reason.
/// All from the side's view.
pub fn siege_combat(sc: &Scenario, view: &View) -> String {
    let s = Sight::from_view(sc, view);
    let mut lines: Vec<String> = Vec::new();
    for c in &view.cities {
        let Some(siege) = &c.siege else { continue };
        let since = format!("besieged since {} {} BC", siege.season, siege.year);
        if siege.besieger == view.side {
            for (what, assault) in [("assault", true), ("attrition", false)] {
                lines.push(match siege::may_siege_combat(sc, &s, &c.name, assault) {
                    Ok(()) => format!("#   - {what}: {}   # {since}", c.name),
                    Err(r) => format!("#   ({what} at {}: not now: {})", c.name, r.message),
                });
            }
        } else if c.control == view.side {
            let ids: Vec<String> = view
                .blocks
                .iter()
                .filter(|b| b.at == c.name && b.status == Status::Besieged)
                .filter(|b| !b.is_garrison())
                .map(|b| b.id.clone())
                .collect();
            if ids.is_empty() {
                continue;
            }
            lines.push(match siege::may_sortie(sc, &s, &c.name, &ids) {
                Ok(()) => format!(
                    "#   - sortie: {{ from: {}, blocks: [{}] }}   # some or all; {since}",
                    c.name,
                    ids.join(", ")
                ),
                Err(r) => format!("#   (sortie from {}: not now: {})", c.name, r.message),
            });
        }
    }
    if lines.is_empty() {
        return "# No siege combat is open to you now (no siege of yours, none of your blocks besieged).\n".into();
    }
    format!("# Siege combat open to you now:\n{}\n", lines.join("\n"))
}

/// The Winter part of `dikast template`: what is resolved when, each block that must
/// winter with its default move and the cities it could quarter in, every order form, and
/// the siege combat open to the side (all as comments; English, as every template).
pub fn winter(sc: &Scenario, v: &View) -> String {
    let k = Sight::winter_from_view(sc, v);
    let mut out = winter_order(sc);
    let needs = winter::needs(sc, &k);
    out.push_str(&winter_needs(sc, v, &k, &needs));
    let example = needs
        .first()
        .map(|n| n.block.id.clone())
        .unwrap_or_else(|| example_block(v, true));
    let _ = writeln!(
        out,
        "winter:\n#  - return: [{example}]        # to its home city, by the shortest route (or give `path:`)\n#  - quarter: [{example}]\n#    to: <city>                # an adjacent city your side controls\n#  - stay: [{example}]          # no move"
    );
    out.push_str(&winter_combat(sc, v));
    out
}

/// The order in which Winter is resolved (9.x), with the moderator's choice for blocks
/// without winter quarters.
fn winter_order(sc: &Scenario) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# Winter (9.x, page 9): one turn for both sides, resolved in this order:\n#   1. the winter moves of both sides at once (free; they pass enemy forces without combat);\n#   2. the first winter combat phase: Return battles, then sorties (8.3);\n#   3. the second: siege attrition (8.2: each 1-3 hits; Supplied besiegers only, 9.22);\n#   4. blocks without winter quarters: [A] params.winter.unwintered ({}).",
        match sc.params.winter.unwintered {
            Unwintered::Disband => "disband",
            Unwintered::Attrition => "attrition",
            Unwintered::Stay => "stay",
        }
    );
    out
}

/// The side's blocks that must winter: each with its default move, its home and the
/// cities it could quarter in.
fn winter_needs(sc: &Scenario, v: &View, k: &Sight, needs: &[Need]) -> String {
    let mut out = String::new();
    if needs.is_empty() {
        let _ = writeln!(out, "# All your blocks can winter where they stand.");
    } else {
        let _ = writeln!(
            out,
            "# Your blocks that must winter (a block no order names makes its default move):"
        );
    }
    for n in needs {
        let b = &n.block;
        let dflt = match &n.default {
            Some(m) => format!(
                "{}: [{}], path: [{}]",
                m.verb.word(),
                b.id,
                m.path.join(", ")
            ),
            None => "none (no winter quarters)".into(),
        };
        let fleets = b.kind == BlockKind::Fleet;
        let limit = winter::reach(sc, Verb::Quarter, fleets, false, sc.sea(&b.at).is_some());
        let mut near: Vec<String> = Vec::new();
        for a in &sc.areas {
            if a.name == b.at
                || a.city.is_none()
                || k.city(&a.name).is_none_or(|c| c.control != v.side)
            {
                continue;
            }
            let legal = |sea: Option<&str>| {
                winter::entry(sc, k, Verb::Quarter, fleets, &a.name, sea).is_ok()
            };
            if winter::find_route(sc, k, &b.at, fleets, &a.name, limit, &legal).is_some() {
                near.push(a.name.clone());
            }
        }
        let _ = writeln!(
            out,
            "#   {} ({}) at {}: default {dflt}; home {}; quarter to: {}",
            b.id,
            words::kind(b.kind, Lang::En),
            b.at,
            b.home,
            if near.is_empty() {
                "none".to_string()
            } else {
                near.join(", ")
            }
        );
    }
    out
}

/// The siege combat open to the side in the two winter combat phases (8.2 attrition,
/// 8.3 sorties), as commented orders under `combat:`.
fn winter_combat(sc: &Scenario, v: &View) -> String {
    let mut out = String::new();
    let seen = Sight::from_view(sc, v);
    let mut lines: Vec<String> = Vec::new();
    for c in &v.cities {
        if siege::may_siege_combat(sc, &seen, &c.name, false).is_ok() {
            lines.push(format!(
                "#  - attrition: {}        # 8.2, the second winter combat phase",
                c.name
            ));
        }
        let inside: Vec<String> = v
            .blocks
            .iter()
            .filter(|b| b.at == c.name && b.status == Status::Besieged && !b.is_garrison())
            .map(|b| b.id.clone())
            .collect();
        if !inside.is_empty() && siege::may_sortie(sc, &seen, &c.name, &inside).is_ok() {
            lines.push(format!(
                "#  - sortie: {{ from: {}, blocks: [{}] }}   # 8.3, the first winter combat phase",
                c.name,
                inside.join(", ")
            ));
        }
    }
    if !lines.is_empty() {
        let _ = writeln!(out, "combat:");
        for l in lines {
            let _ = writeln!(out, "{l}");
        }
    }
    out
}

/// An orders skeleton with every legal order of the step in comments.
pub fn template(sc: &Scenario, v: &View, side: &str) -> String {
    let mut out = String::new();
    match &v.phase {
        Phase::Setup => {
            let _ = writeln!(
                out,
                "# Setup: nothing to decide. Your `entropy` above feeds the dice of the deal."
            );
        }
        Phase::Initiative => {
            let _ = writeln!(
                out,
                "# 1.0 Initiative: play one card of your hand, for its Action value or its Event."
            );
            let _ = writeln!(
                out,
                "# The lower Action value goes first; an Event counts 0; ties: {}.",
                side_name(sc, &sc.params.initiative_ties)
            );
            let _ = writeln!(out, "# Your hand:");
            for c in &v.hand {
                let _ = writeln!(
                    out,
                    "#   {}  {}  (Action {})  Event: {}",
                    c.id, c.name, c.action, c.event
                );
                // 1.0 [A]: the targets its Event may be played on now (`target:`).
                if let Some(def) = sc.card(&c.id).filter(|d| d.target.is_some()) {
                    let open = crate::engine::card_events::targets_in_view(sc, v, def);
                    let _ = if open.is_empty() {
                        writeln!(out, "#       for its Event: no target is open to you now")
                    } else {
                        writeln!(
                            out,
                            "#       for its Event, `target:` one of: {}",
                            open.join(", ")
                        )
                    };
                }
            }
            let first = v.hand.first().map(|c| c.id.as_str()).unwrap_or("C01");
            let _ = writeln!(out, "{CHOOSE}");
            let _ = writeln!(out, "# initiative:\n#   card: {first}      # a card id or name from your hand\n#   for: action    # action | event (with `target:` when the Event asks for one)");
        }
        Phase::PlayerTurn { side: active, .. } => {
            if active == side {
                out.push_str(&actions(sc, v));
            } else {
                let _ = writeln!(
                    out,
                    "# {} player turn: send standing orders if you want to change them.",
                    possessive(&side_name(sc, active))
                );
            }
        }
        Phase::Winter => out.push_str(&winter(sc, v)),
        Phase::YearEnd => out.push_str(&year_end(sc, v)),
        Phase::NewYear => out.push_str(&new_year(sc, v)),
        Phase::Ended { .. } => {
            let _ = writeln!(out, "# The game is over: nothing to send.");
        }
    }
    let cities: Vec<&str> = v
        .cities
        .iter()
        .filter(|c| c.control == side)
        .map(|c| c.name.as_str())
        .collect();
    let _ = writeln!(
        out,
        "\n# Standing orders (optional; they replace your current ones whole):"
    );
    let _ = writeln!(out, "# standing:");
    let _ = writeln!(
        out,
        "#   fortify: {{ {}: walls }}   # 7.1 per city you control: walls | field (default walls)",
        cities.first().unwrap_or(&"Athens")
    );
    let _ = writeln!(
        out,
        "#   capitulate: []   # 8.1.3 cities whose defenders capitulate if assaulted"
    );
    let _ = writeln!(
        out,
        "#   escape: {{ }}     # 8.1.2 port: [fleets, carried land blocks] that sail out if assaulted"
    );
    let ids: Vec<&str> = v.blocks.iter().take(2).map(|b| b.id.as_str()).collect();
    let _ = writeln!(
        out,
        "#   losses: [{}]   # who takes hits first among equals",
        ids.join(", ")
    );
    let _ = writeln!(out, "#   retreat: {{ }}     # area: preferred retreat area");
    let _ = writeln!(
        out,
        "#   appeals: []      # 11.0 e.g. {{ olympian: Ares, on: \"battle:*\", when: {{ my_hits_at_most: 0 }} }}"
    );
    let _ = writeln!(out, "# Cities you control: {}", cities.join(", "));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::scenario::HELLENES_431;
    use crate::model::sight;
    use crate::model::state::{Initiative, Phase, Play, PlayedFor, Season, Siege, State, Status};
    use std::collections::BTreeMap;

    #[test]
    fn template_lists_open_siege_orders_and_why_others_are_not() {
        let sc = Scenario::load(HELLENES_431).unwrap();
        let mut st = State::start(&sc);
        st.season = Season::EarlySummer;
        st.phase = Phase::PlayerTurn {
            side: "sparta".into(),
            first: true,
        };
        let plays: BTreeMap<String, Play> = ["athens", "sparta"]
            .iter()
            .map(|s| {
                (
                    s.to_string(),
                    Play {
                        card: "C05".into(),
                        played_for: PlayedFor::Action,
                        target: None,
                    },
                )
            })
            .collect();
        st.initiative = Some(Initiative {
            plays,
            first: "sparta".into(),
        });
        let siege = |besieger: &str| Siege {
            besieger: besieger.into(),
            year: 431,
            season: Season::Spring,
            blockaded: None,
        };
        for (city, by) in [("Plataea", "sparta"), ("Potidaea", "athens")] {
            st.cities.iter_mut().find(|c| c.name == city).unwrap().siege = Some(siege(by));
        }
        for (id, at, status) in [
            ("SPA-9", "Plataea", Status::Besieging),
            ("ATH-7", "Plataea", Status::Besieged),
            ("ATH-3", "Potidaea", Status::Besieging),
            ("SPA-15", "Potidaea", Status::Besieged),
            ("ATH-F4", "North Aegean", Status::Field),
        ] {
            let b = st.blocks.iter_mut().find(|b| b.id == id).unwrap();
            b.at = at.into();
            b.status = status;
        }
        let t = siege_combat(&sc, &sight::view(&sc, &st, "sparta"));
        assert!(t.contains("#   - assault: Plataea"), "{t}");
        assert!(t.contains("#   - attrition: Plataea"), "{t}");
        assert!(
            t.contains("#   - sortie: { from: Potidaea, blocks: [SPA-15] }"),
            "{t}"
        );
        let t = siege_combat(&sc, &sight::view(&sc, &st, "athens"));
        assert!(t.contains("#   - assault: Potidaea"), "{t}");
        assert!(
            t.contains("(attrition at Potidaea: not now: Potidaea is a port and is not blockaded)"),
            "{t}"
        );
        assert!(
            t.contains("#   - sortie: { from: Plataea, blocks: [ATH-7] }"),
            "{t}"
        );
    }

    #[test]
    fn template_lists_blocks_that_must_winter_and_every_form() {
        let sc = Scenario::load(HELLENES_431).unwrap();
        let mut st = State::start(&sc);
        st.season = Season::Winter;
        st.phase = Phase::Winter;
        if let Some(b) = st.blocks.iter_mut().find(|b| b.id == "ATH-F1") {
            b.at = "Hellespont".into();
        }
        let t = template(&sc, &sight::view(&sc, &st, "athens"), "athens");
        assert!(t.contains("ATH-F1 (fleet) at Hellespont: default return: [ATH-F1], path: [Thracian Sea, North Aegean, Sea of Andros, Athens]"), "{t}");
        assert!(t.contains("quarter to: Sestos, Abydos"), "{t}");
        assert!(t.contains("#  - stay: [ATH-F1]"), "{t}");
        // ATH-F4 (at sea in the Thermaic Gulf at the start) has nowhere to go.
        assert!(
            t.contains("ATH-F4 (fleet) at Thermaic Gulf: default none"),
            "{t}"
        );
    }
}
