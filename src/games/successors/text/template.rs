//! The orders skeleton of a step: what the player may send, every form listed in
//! comments, with his own armies, hand and the cards he resolves filled in.

use super::words::card;
use crate::games::successors::check::default_play;
use crate::games::successors::check::forms::forms;
use crate::games::successors::model::orders::Use;
use crate::games::successors::model::scenario::Scenario;
use crate::games::successors::model::sight::View;
use crate::games::successors::model::state::Phase;
use crate::kit::forms::template_lines;
use crate::lang::Lang;
use std::fmt::Write;

pub fn template(sc: &Scenario, v: &View, side: &str) -> String {
    let mut o = String::new();
    let f = forms();
    match &v.phase {
        Phase::Deal => {
            let _ = writeln!(
                o,
                "# Game turn I begins with the Tyche draw: nothing to decide."
            );
            let _ = writeln!(
                o,
                "# Your `entropy` above feeds the dice; you may send standing orders."
            );
            o.push_str(&template_lines(&f, &["standing"]));
        }
        Phase::Ended { .. } => {
            let _ = writeln!(o, "# The game is over: there is nothing to send.");
        }
        Phase::Round => {
            o.push_str(&template_lines(
                &f,
                &["surrender", "tyche", "nobody", "activation", "standing"],
            ));
            let _ = writeln!(o, "#\n# Your hand:");
            for c in &v.hand {
                if let Some(d) = sc.card(c) {
                    let _ = writeln!(
                        o,
                        "#   {}  ({:?}, {} OPs)",
                        card(sc, c, Lang::En),
                        d.kind,
                        d.ops
                    );
                }
            }
            let reserve: Vec<&str> = sc
                .generals
                .iter()
                .filter(|g| g.reserve && !v.bought.contains(&g.id))
                .filter(|g| !v.armies.iter().any(|a| a.general == g.id))
                .map(|g| g.id.as_str())
                .collect();
            if !reserve.is_empty() {
                let _ = writeln!(
                    o,
                    "# Reserve generals to buy with OPs (`general: {{ Name: Space }}`): {}",
                    reserve.join(", ")
                );
            }
            if let Some(d) = default_play(sc, v) {
                let how = match d.how {
                    Use::Ops => "ops",
                    _ => "discard",
                };
                let _ = writeln!(
                    o,
                    "tyche:\n  play: {}\n  for: {how}      # event | ops (Event) | both (Bonus) | discard (Surprise)",
                    d.card
                );
            }
            let _ = writeln!(
                o,
                "# surrender:\n#   assault: <a space where your army stands>"
            );
            let activating: Vec<&String> = v
                .revealed
                .iter()
                .filter(|c| sc.card(c).is_some_and(|d| d.event.activate.is_some()))
                .collect();
            if v.revealed_for.as_deref() == Some(side) && !activating.is_empty() {
                let _ = writeln!(
                    o,
                    "# You resolve the cards revealed for nobody that activate an army:"
                );
                let _ = writeln!(o, "nobody:");
                for c in activating {
                    let _ = writeln!(o, "  {c}: stay      # stay | marker | [spaces of its move]");
                }
            }
            let _ = writeln!(o, "activation:");
            for a in v.armies.iter().filter(|a| a.player == side) {
                let ap = sc.general(&a.general).map(|g| g.action_points).unwrap_or(0);
                let _ = writeln!(
                    o,
                    "  {}: []      # at {}, {} CUs, {ap} action points: spaces, assault, sortie, inside, {{sea: Port}}",
                    a.general, a.at, a.cus
                );
            }
        }
    }
    o
}
