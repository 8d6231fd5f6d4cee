//! The position as a player may see it, in Markdown: turn and round, VP, the player's
//! hand (and only the sizes of the others'), armies, independent armies, sieges and
//! control.

use super::words::{self as w, card, cus, player};
use crate::model::scenario::{Case, Scenario};
use crate::model::sight::View;
use crate::model::state::{Phase, INDEPENDENT};
use dikast_core::lang::Lang;
use std::fmt::Write;

/// The position in Markdown for the view's player, in `l`.
pub fn describe(sc: &Scenario, v: &View, l: Lang) -> String {
    let mut o = String::new();
    standing(&mut o, sc, v, l);
    cards(&mut o, sc, v, l);
    armies(&mut o, sc, v, l);
    independents_and_sieges(&mut o, sc, v, l);
    control(&mut o, sc, v, l);
    o
}

/// Where the game stands: the step, VP, Legitimacy, the Regent and the Usurper.
fn standing(o: &mut String, sc: &Scenario, v: &View, l: Lang) {
    let p = |id: &str| player(sc, id, l);
    let st = v.as_state();
    let phase = match &v.phase {
        Phase::Deal => l
            .pick(
                "the Tyche draw of game turn I",
                "раздача карт Тихе игрового хода I",
            )
            .to_string(),
        Phase::Round => l.pick(
            format!("game turn {}, round {}", w::roman(v.game_turn), v.round),
            format!("игровой ход {}, раунд {}", w::roman(v.game_turn), v.round),
        ),
        Phase::Ended { winner } => l.pick(
            format!("the game is over: {} won", p(winner)),
            format!("игра окончена: победил {}", p(winner)),
        ),
    };
    let _ = writeln!(o, "- {}: {phase}.", l.pick("Now", "Сейчас"));
    let vp: Vec<String> = v
        .players
        .iter()
        .map(|x| format!("{} {}", p(x), st.vp(sc, x)))
        .collect();
    let _ = writeln!(o, "- {}: {}.", l.pick("VP", "ПО"), vp.join(", "));
    let legit: Vec<String> = v
        .players
        .iter()
        .map(|x| format!("{} {}", p(x), v.legitimacy.get(x).copied().unwrap_or(0)))
        .collect();
    let _ = writeln!(
        o,
        "- {}: {} ({} {}).",
        l.pick("Legitimacy", "Легитимность"),
        legit.join(", "),
        l.pick("victory at", "победа при"),
        sc.params.victory.legitimacy
    );
    if let Some(r) = &v.regent {
        let _ = writeln!(
            o,
            "- {}: {} ({}: {}).",
            l.pick("Regent", "Регент"),
            p(r),
            l.pick("royal seats", "царские резиденции"),
            sc.params.victory.regency.seats.join(", ")
        );
    }
    if let Some(u) = &v.usurper {
        let _ = writeln!(o, "- {}: {}.", l.pick("Usurper", "Узурпатор"), p(u));
    }
}

/// The Tyche cards: the player's hand, the sizes of the others' and of the deck, the cards revealed for nobody.
fn cards(o: &mut String, sc: &Scenario, v: &View, l: Lang) {
    let p = |id: &str| player(sc, id, l);
    let hand: Vec<String> = v.hand.iter().map(|c| card(sc, c, l)).collect();
    let _ = writeln!(
        o,
        "- {}: {}.",
        l.pick("Your hand", "Карты на руке"),
        if hand.is_empty() {
            l.pick("empty", "пусто").to_string()
        } else {
            hand.join(", ")
        }
    );
    let sizes: Vec<String> = v
        .hand_sizes
        .iter()
        .filter(|(x, _)| **x != v.me)
        .map(|(x, n)| format!("{} {n}", p(x)))
        .collect();
    let _ = writeln!(
        o,
        "- {}: {}; {}: {}.",
        l.pick("Cards in other hands", "Карт у других"),
        sizes.join(", "),
        l.pick("deck", "в колоде"),
        v.deck_size
    );
    if !v.revealed.is_empty() {
        let cards: Vec<String> = v.revealed.iter().map(|c| card(sc, c, l)).collect();
        let _ = writeln!(
            o,
            "- {}: {} ({} {}).",
            l.pick("Revealed for nobody", "Открыты как ничьи"),
            cards.join(", "),
            l.pick("resolved by", "разыгрывает"),
            v.revealed_for.as_deref().map(p).unwrap_or_default()
        );
    }
}

/// Each player's armies and fleets.
fn armies(o: &mut String, sc: &Scenario, v: &View, l: Lang) {
    let p = |id: &str| player(sc, id, l);
    for x in &v.players {
        let armies: Vec<String> = v
            .armies
            .iter()
            .filter(|a| &a.player == x)
            .map(|a| {
                let inside = if a.inside {
                    l.pick(", inside", ", за стенами")
                } else {
                    ""
                };
                let loyal = if a.macedonians > 0 {
                    l.pick(
                        format!(", {} Loyal Macedonian", a.macedonians),
                        format!(", из них верных македонян {}", a.macedonians),
                    )
                } else {
                    String::new()
                };
                format!(
                    "{} {} ({}{loyal}{inside})",
                    w::general(sc, &a.general, l),
                    a.at,
                    cus(a.cus, l)
                )
            })
            .collect();
        let f = v.fleets.get(x).cloned().unwrap_or_default();
        let _ = writeln!(
            o,
            "- {} — {}: {}; {}: {} ({} {}).",
            p(x),
            l.pick("armies", "армии"),
            if armies.is_empty() {
                "—".to_string()
            } else {
                armies.join(", ")
            },
            l.pick("fleets", "флоты"),
            f.count,
            l.pick("dispersed", "рассеяно"),
            f.dispersed
        );
    }
}

/// The independent armies in play and the siege points.
fn independents_and_sieges(o: &mut String, sc: &Scenario, v: &View, l: Lang) {
    let p = |id: &str| player(sc, id, l);
    let ind: Vec<String> = v
        .independents
        .iter()
        .filter(|i| !i.removed)
        .map(|i| {
            format!(
                "{} {} ({})",
                w::independent(sc, &i.id, l),
                i.at,
                cus(i.cus, l)
            )
        })
        .collect();
    let _ = writeln!(
        o,
        "- {}: {}.",
        l.pick("Independent armies", "Независимые армии"),
        if ind.is_empty() {
            "—".to_string()
        } else {
            ind.join(", ")
        }
    );
    let sieges: Vec<String> = v
        .spaces
        .iter()
        .filter(|s| s.siege_points > 0)
        .map(|s| {
            let need = sc
                .space(&s.id)
                .map(|x| sc.params.siege.needed(x.kind))
                .unwrap_or(0);
            format!(
                "{} {}/{need} ({})",
                s.id,
                s.siege_points,
                s.besieger.as_deref().map(p).unwrap_or_default()
            )
        })
        .collect();
    if !sieges.is_empty() {
        let _ = writeln!(
            o,
            "- {}: {}.",
            l.pick("Siege points", "Очки осады"),
            sieges.join(", ")
        );
    }
}

/// The spaces each player and the independents control.
fn control(o: &mut String, sc: &Scenario, v: &View, l: Lang) {
    let p = |id: &str| player(sc, id, l);
    for x in v.players.iter().map(String::as_str).chain([INDEPENDENT]) {
        let held: Vec<&str> = v
            .spaces
            .iter()
            .filter(|s| s.control.as_deref() == Some(x))
            .map(|s| s.id.as_str())
            .collect();
        let _ = writeln!(
            o,
            "- {}: {}.",
            l.pick(
                format!("Control {}", p(x)),
                format!("Под контролем {}", w::player_in(sc, x, l, Case::Gen))
            ),
            if held.is_empty() {
                "—".to_string()
            } else {
                held.join(", ")
            }
        );
    }
}
