//! Random play of whole Successors games (every game turn, to the end) with 2, 3, 4 and
//! 5 players: random orders written as YAML go through the order checker (invalid parts
//! fall back to their defaults), every state keeps its invariants, a re-run gives the
//! same bytes, and no view shows another player's hand (the driver: this folder's
//! mod.rs; the test: tests/random_play.rs).

use super::Rng;
use dikast::game::{sha256_hex, GameFile, ViewFile};
use dikast::games::successors::model::scenario::{Scenario, SUCCESSORS_323};
use dikast::games::successors::model::sight::View;
use dikast::games::successors::model::state::{Phase, State};
use dikast::games::successors::Successors;
use dikast::pipeline::TurnOutputs;
use dikast::rules::{Rules, StartOptions};
use std::collections::{BTreeMap, BTreeSet};

fn walk(sc: &Scenario, rng: &mut Rng, from: &str, n: usize) -> Vec<String> {
    let mut at = from.to_string();
    let mut out = Vec::new();
    for _ in 0..n {
        let nb = sc.land_neighbours(&at);
        let Some(next) = rng.pick(&nb) else { break };
        at = next.to_string();
        out.push(at.clone());
    }
    out
}

/// Random orders for `v`'s player. `fresh`: the cards no game has yet played for their
/// event or seen refused for it; half the time the card played is one of them when the
/// hand holds one, so that every card is met over the seeds run.
fn orders(sc: &Scenario, v: &View, rng: &mut Rng, fresh: &BTreeSet<String>) -> String {
    let mut o = String::new();
    if v.phase != Phase::Round {
        return o;
    }
    let mine: Vec<_> = v.armies.iter().filter(|a| a.player == v.me).collect();
    if let Some(a) = rng.pick(&mine) {
        if rng.below(3) == 0 {
            o.push_str(&format!("surrender: {{ assault: {} }}\n", a.at));
        }
    }
    let new: Vec<String> = v
        .hand
        .iter()
        .filter(|c| fresh.contains(*c))
        .cloned()
        .collect();
    let card = match rng.below(2) {
        0 if !new.is_empty() => rng.pick(&new),
        _ => rng.pick(&v.hand),
    };
    if let Some(c) = card {
        let card = sc.card(c).expect("a card of the deck");
        use dikast::games::successors::engine::tyche::target_problem;
        use dikast::games::successors::model::scenario::CardKind;
        // A space the card's event may act on, as the rules judge it from the view: the
        // random player aims well three times in four, anywhere else the fourth.
        let target = if card.event.needs_target() && card.event.assault.is_none() {
            let st = v.as_state();
            let good: Vec<&str> = sc
                .spaces
                .iter()
                .map(|s| s.id.as_str())
                .filter(|s| target_problem(sc, &st, &v.me, card, s).is_none())
                .collect();
            match rng.below(4) {
                0 => rng.pick(&sc.spaces).map(|s| s.id.clone()),
                _ => rng.pick(&good).map(|s| s.to_string()),
            }
        } else if card.event.needs_target() {
            rng.pick(&mine).map(|a| a.at.clone())
        } else {
            None
        };
        // A card without a public text is tried for its Event once in four, and always
        // while it is fresh (the check refuses it and the turn goes on with the default),
        // else played as it may be;
        // a card with an event is played for it three times in four when it can act.
        let can = !card.event.needs_target() || target.is_some();
        let how = if card.unpublished {
            let tried = if fresh.contains(c) { 0 } else { rng.below(4) };
            match (tried, card.kind) {
                (0, CardKind::Bonus) => ["event", "both"][rng.below(2)],
                (0, _) => "event",
                (_, CardKind::Surprise) => "discard",
                _ => "ops",
            }
        } else if card.event.any() && can && rng.below(4) != 0 {
            if card.kind == CardKind::Bonus {
                "both"
            } else {
                "event"
            }
        } else {
            ["event", "ops", "both", "discard"][rng.below(4)]
        };
        o.push_str(&format!("tyche:\n  play: {c}\n  for: {how}\n"));
        if let Some(t) = target {
            o.push_str(&format!("  target: {t}\n"));
        }
        if let Some(army) = &card.event.activate {
            let at = v
                .independents
                .iter()
                .find(|i| &i.id == army)
                .map(|i| i.at.clone())
                .unwrap_or_default();
            let start = sc
                .off_box(&at)
                .and_then(|b| rng.pick(&b.enters).cloned())
                .map(|e| vec![e]);
            let mut path = start.unwrap_or_default();
            let from = path.last().cloned().unwrap_or(at);
            let k = rng.below(3);
            path.extend(walk(sc, rng, &from, k));
            if path.is_empty() || rng.below(4) == 0 {
                o.push_str("  independent: marker\n");
            } else {
                o.push_str(&format!("  independent: [{}]\n", path.join(", ")));
            }
        }
        if how == "ops" || how == "both" {
            if let Some(a) = rng.pick(&mine) {
                // What the card's OPs can buy, more often than not.
                let tp = &sc.params.tyche;
                let pick = match rng.below(8) {
                    6 if card.ops >= tp.fleet_cost => 4,
                    7 if card.ops >= tp.general_cost => 5,
                    n => n % 6,
                };
                match pick {
                    0 => o.push_str(&format!("  train: {}\n", a.general)),
                    3 => o.push_str(&format!("  macedonians: {}\n", a.general)),
                    4 => o.push_str("  fleet: yes\n"),
                    5 => {
                        let reserve: Vec<&str> = sc
                            .generals
                            .iter()
                            .filter(|g| g.reserve)
                            .map(|g| g.id.as_str())
                            .collect();
                        let g = rng.pick(&reserve).copied().unwrap_or_default();
                        o.push_str(&format!("  general: {{ {g}: {} }}\n", a.at));
                    }
                    1 => {
                        let w = walk(sc, rng, &a.at, 2);
                        o.push_str(&format!(
                            "  march: {{ {}: [{}] }}\n",
                            a.general,
                            w.join(", ")
                        ));
                    }
                    _ => o.push_str(&format!(
                        "  march: {{ {}: [assault, assault] }}\n",
                        a.general
                    )),
                }
            }
        }
    }
    if v.revealed_for.as_deref() == Some(v.me.as_str()) && !v.revealed.is_empty() {
        o.push_str("nobody:\n");
        for c in &v.revealed {
            o.push_str(&format!("  {c}: {}\n", ["stay", "marker"][rng.below(2)]));
        }
    }
    o.push_str("activation:\n");
    for a in &mine {
        let k = rng.below(4);
        let mut steps = walk(sc, rng, &a.at, k);
        match rng.below(5) {
            0 => steps.push("assault".into()),
            1 => steps = vec!["assault".into(), "assault".into()],
            2 => steps.push("inside".into()),
            3 => steps = vec!["sortie".into()],
            _ => {}
        }
        o.push_str(&format!("  {}: [{}]\n", a.general, steps.join(", ")));
    }
    // §6: an army of mine inside a besieged city sallies (three times in four) with 1 to
    // all of its CUs when the besieger is activated; else, now and then, a random city.
    let st = v.as_state();
    let mut sally = BTreeMap::new();
    for a in &mine {
        if a.inside && a.cus > 0 && st.besieged(&a.at) && rng.below(4) != 0 {
            sally.insert(a.at.clone(), 1 + rng.below(a.cus.min(2) as usize) as u32);
        }
    }
    if sally.is_empty() && rng.below(4) == 0 {
        let city = rng
            .pick(&sc.spaces)
            .map(|s| s.id.clone())
            .unwrap_or_default();
        sally.insert(city, rng.below(3) as u32);
    }
    if !sally.is_empty() {
        let g = rng
            .pick(&mine)
            .map(|a| a.general.clone())
            .unwrap_or_default();
        let sally: Vec<String> = sally.iter().map(|(c, n)| format!("{c}: {n}")).collect();
        o.push_str(&format!(
            "standing: {{ avoid_battle: [{g}], sally: {{ {} }} }}\n",
            sally.join(", ")
        ));
    }
    o
}

/// The Successors side of random play: its order generator and its own checks.
struct Successor<'s> {
    seen: &'s mut BTreeMap<&'static str, u32>,
    /// Every card the orders of the step being played name (each may be played).
    named: BTreeSet<String>,
    /// Every card some player played for its event.
    events: &'s mut BTreeSet<String>,
    /// Every card without a public text some player tried for its Event and saw refused.
    refused: &'s mut BTreeSet<String>,
}

impl super::Player<Successors> for Successor<'_> {
    fn orders(
        &mut self,
        sc: &Scenario,
        game: &GameFile<State>,
        bytes: &[u8],
        side: &str,
        rng: &mut Rng,
    ) -> Option<String> {
        let v = View::of(&game.state, side);
        let fresh: BTreeSet<String> = sc
            .tyche
            .iter()
            .map(|c| c.id.clone())
            .filter(|c| !self.events.contains(c) && !self.refused.contains(c))
            .collect();
        let body = orders(sc, &v, rng, &fresh);
        let cards = body.split(|c: char| !c.is_alphanumeric());
        self.named.extend(
            cards
                .filter(|w| {
                    w.len() == 3 && w.starts_with('T') && w[1..].bytes().all(|b| b.is_ascii_digit())
                })
                .map(String::from),
        );
        Some(format!(
            "game: {}\nturn: {}\nside: {side}\nbased_on: {}\n{body}",
            game.game,
            game.turn,
            sha256_hex(bytes)
        ))
    }

    fn after(
        &mut self,
        _sc: &Scenario,
        before: &GameFile<State>,
        game: &GameFile<State>,
        out: &TurnOutputs,
    ) {
        for (what, text) in [
            ("assault", "assault roll"),
            ("subjugation", "subjugation roll"),
            ("battle", "Battle in"),
            ("activation", "activates the independent army"),
            ("sally", "sallies from"),
            ("void", "is not carried out"),
            ("capture", "falls to"),
            ("legitimacy", "Legitimacy of"),
            ("power", "special power"),
            ("purchase", "buys a"),
            ("macedonian", "Loyal Macedonian CU"),
            ("dispersal", "disperses"),
            ("diplomacy", "and comes under"),
            ("raid", "raids"),
            ("epidemic", "an epidemic strikes"),
            ("event cus", "CUs for"),
        ] {
            *self.seen.entry(what).or_insert(0) += out.report.matches(text).count() as u32;
        }
        // Every void order is said to the player who gave it, with its reason, in English
        // and in Russian: each of the moderator's void lines is in the owner's report, and
        // his Russian report has as many.
        let owner_of = |line: &str| {
            let name = line
                .trim_start_matches("- ")
                .split(':')
                .next()
                .unwrap_or("");
            name.to_lowercase()
        };
        for line in out
            .report
            .lines()
            .filter(|l| l.contains("` is not carried out: "))
        {
            let owner = owner_of(line);
            let mine = out
                .side_reports
                .get(&owner)
                .map(String::as_str)
                .unwrap_or("");
            assert!(
                mine.contains(line),
                "void order not said to {owner} in turn {}: {line}",
                before.turn
            );
            let said = mine.matches("` is not carried out: ").count();
            for (lang, tr) in &out.translations {
                let ru = tr.sides.get(&owner).map(String::as_str).unwrap_or("");
                assert_eq!(
                    ru.matches("` не выполнен: ").count(),
                    said,
                    "void orders in {owner}'s {lang} report, turn {}",
                    before.turn
                );
            }
        }
        // Every event has Russian words: no English prose in the events of the Russian
        // reports (ids of spaces, generals, cards and boxes stay as written; the invalid
        // orders' diagnostics quoted above them are English everywhere).
        for (lang, tr) in &out.translations {
            let happened = tr
                .moderator
                .split(dikast::report::happened_heading(*lang))
                .nth(1)
                .unwrap_or("");
            let happened = happened.split("\n## ").next().unwrap_or("");
            assert!(!happened.is_empty(), "no events in the {lang} report");
            for line in happened.lines() {
                let padded = format!(" {line} ");
                for word in [
                    " the ", " is ", " of ", " not ", " has ", " army ", " with ",
                ] {
                    assert!(
                        !padded.contains(word),
                        "English in the {lang} report: {line}"
                    );
                }
            }
        }
        // No view shows a card of another player's hand.
        for (p, vb) in &out.views {
            let v: ViewFile<View> = serde_yaml::from_slice(vb).expect("view");
            for (q, hand) in &game.state.tyche.hands {
                if q == p {
                    continue;
                }
                for c in hand {
                    let open = v.state.discard.contains(c)
                        || v.state.revealed.contains(c)
                        || v.state.hand.contains(c);
                    assert!(!open, "{c} of {q}'s hand in {p}'s view");
                    let text = String::from_utf8_lossy(vb);
                    assert!(
                        !text.contains(&format!(" {c}\n")),
                        "{c} of {q}'s hand in {p}'s view file"
                    );
                }
            }
        }
        // No player's report, in any language, names a card another player held all
        // through the step: in his hand before and after it, and named by no orders of
        // the step (so never played: a card played may come back in a new deal).
        // A card without a public text tried for its Event is refused, in the player's
        // report in English and in Russian, and nothing of it happens.
        for line in out
            .report
            .lines()
            .filter(|l| l.contains("no public text for T"))
        {
            let owner = line
                .trim_start_matches("- ")
                .split(':')
                .next()
                .unwrap_or("");
            let owner = owner.to_lowercase();
            let id = line
                .split("no public text for ")
                .nth(1)
                .and_then(|r| r.split_whitespace().next())
                .unwrap_or("")
                .to_string();
            let mine = out
                .side_reports
                .get(&owner)
                .map(String::as_str)
                .unwrap_or("");
            assert!(mine.contains(line), "refusal not said to {owner}: {line}");
            for (lang, tr) in &out.translations {
                let ru = tr.sides.get(&owner).map(String::as_str).unwrap_or("");
                assert!(
                    ru.contains(&format!("у {id} *")) && ru.contains("нет опубликованного текста"),
                    "{id}'s refusal not in {owner}'s {lang} report"
                );
            }
            assert!(
                !out.report
                    .lines()
                    .any(|l| l.contains(&format!("plays {id} ")) && l.contains("for its event")),
                "{id} refused, yet played for its event: {line}"
            );
            self.refused.insert(id);
        }
        // Every card played for its event (alone or with its OPs), by id.
        for line in out.report.lines().filter(|l| l.contains("Tyche segment:")) {
            if line.contains("for its event") {
                if let Some(id) = line.split_whitespace().find(|w| {
                    w.len() == 3 && w.starts_with('T') && w[1..].bytes().all(|b| b.is_ascii_digit())
                }) {
                    self.events.insert(id.to_string());
                }
            }
        }
        let named = std::mem::take(&mut self.named);
        for (q, hand) in &game.state.tyche.hands {
            let held: Vec<&String> = hand
                .iter()
                .filter(|c| {
                    before
                        .state
                        .tyche
                        .hands
                        .get(q)
                        .is_some_and(|h| h.contains(c))
                })
                .filter(|c| !named.contains(*c))
                .collect();
            let reports = out.side_reports.iter().map(|(p, r)| (p, "en", r)).chain(
                out.translations
                    .iter()
                    .flat_map(|(lang, tr)| tr.sides.iter().map(move |(p, r)| (p, lang.code(), r))),
            );
            for (p, lang, text) in reports {
                if p == q {
                    continue;
                }
                for c in &held {
                    assert!(
                        !names_card(text, c),
                        "{c}, held by {q} all through turn {}, named in {p}'s report ({lang}):\n{text}",
                        before.turn
                    );
                }
            }
        }
    }

    fn done(&mut self, _sc: &Scenario, game: &GameFile<State>) -> bool {
        matches!(game.state.phase, Phase::Ended { .. })
    }
}

/// Whether `text` names card `id` (`T04`) as a word of its own, not inside a longer id.
fn names_card(text: &str, id: &str) -> bool {
    text.match_indices(id).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + id.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric()) && !after.is_some_and(|c| c.is_alphanumeric())
    })
}

fn play(
    players: u32,
    seed: u64,
    seen: &mut BTreeMap<&'static str, u32>,
    (events, refused): (&mut BTreeSet<String>, &mut BTreeSet<String>),
    cappadocia: bool,
) -> u32 {
    let sc = Successors::load_scenario(SUCCESSORS_323).expect("scenario");
    let mut st: State = Successors::start(
        &sc,
        &StartOptions {
            players: Some(players),
        },
    )
    .expect("start");
    if cappadocia {
        // A start where every regional card can act: Eumenes holds Komana, so
        // Cappadocian Mercenaries have a city to come to.
        if let Some(a) = st.armies.iter_mut().find(|a| a.general == "Eumenes") {
            a.at = "Komana".into();
            let owner = a.player.clone();
            if let Some(k) = st.space_mut("Komana") {
                k.control = Some(owner);
            }
        }
    }
    let campaign = super::Campaign {
        scenario: "successors",
        game: format!("random-{players}"),
        seed,
        // Random orders may break a rule the generator does not model: the turn goes on
        // with their defaults.
        fallback: true,
        max_turns: 60,
    };
    super::play::<Successors, _>(
        &campaign,
        st,
        &mut Successor {
            seen,
            named: BTreeSet::new(),
            events,
            refused,
        },
    )
}

/// Whole games with 2, 3, 4 and 5 players from fixed seeds, then 3-player games until
/// every card of the deck was played for its event or, without a public text, refused
/// for it; the random orders reach every part of the rules listed below.
pub fn whole_games_with_two_to_five_players() {
    let mut seen = BTreeMap::new();
    let mut events = BTreeSet::new();
    let mut refused = BTreeSet::new();
    for players in 2..=5 {
        let cards = (&mut events, &mut refused);
        let steps = play(players, 1 + players as u64, &mut seen, cards, false);
        let rounds = [0, 0, 5, 5, 5, 4][players as usize];
        // The Deal, then every round of every game turn (unless a player reached the
        // victory threshold early).
        assert!(
            steps >= 2 && steps <= 1 + 5 * rounds,
            "{players} players: {steps} steps"
        );
    }
    // Cards are dealt at random: more 3-player games (fixed seeds, at most twelve; Eumenes
    // starting in Komana) until every card has been played for its event or refused.
    let sc = Successors::load_scenario(SUCCESSORS_323).expect("scenario");
    let mut extra = 0;
    while extra < 12
        && sc
            .tyche
            .iter()
            .any(|c| !events.contains(&c.id) && (!c.unpublished || !refused.contains(&c.id)))
    {
        play(3, 100 + extra, &mut seen, (&mut events, &mut refused), true);
        extra += 1;
    }
    // The random orders reach the rules, not only their defaults.
    for what in [
        "assault",
        "subjugation",
        "battle",
        "activation",
        "sally",
        "capture",
        "legitimacy",
        "power",
        "purchase",
        "diplomacy",
        "raid",
        "epidemic",
        "event cus",
    ] {
        assert!(
            seen.get(what).copied().unwrap_or(0) > 0,
            "no {what} in any game: {seen:?}"
        );
    }
    // Every card of the deck with an event is played for it in some game; every card
    // without a public text is tried for its Event and refused, never played for it.
    for card in &sc.tyche {
        assert_eq!(
            events.contains(&card.id),
            !card.unpublished,
            "{} {}: played for its event in random play: {}",
            card.id,
            card.name,
            events.contains(&card.id)
        );
        assert_eq!(
            refused.contains(&card.id),
            card.unpublished,
            "{} {}: refused for its Event in random play: {}",
            card.id,
            card.name,
            refused.contains(&card.id)
        );
    }
    eprintln!("random play: {seen:?}, {extra} more games for the cards; refused {refused:?}");
}
