//! Turn reports in Markdown: the moderator's (everything) and one per side (only what
//! that side may see), built from the events and the side's view, never by cutting
//! the full report down. Each ends with the dice section of dice.md §5, a fenced YAML
//! block that `dikast verify --report` reads back.

use crate::diag::Diagnostic;
use crate::dice::{self, DiceRecord, Hash, SideOrders};
use crate::game::GameFile;
use crate::rules::{Rules, StepInfo};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write;

/// The facts of one adjudication every report draws on.
pub struct Facts<'a, S> {
    pub game: &'a GameFile<S>,
    pub next: &'a GameFile<S>,
    pub next_sha: String,
    pub next_step: &'a StepInfo,
    pub seed: Hash,
    pub sealed: Option<Hash>,
    pub game_sha: Hash,
    pub turn_key: Hash,
    pub sides: &'a [SideOrders],
    pub dice: &'a [DiceRecord],
    pub problems: &'a BTreeMap<String, Vec<Diagnostic>>,
}

/// One side's orders hash in the dice section.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct OrdersHash {
    pub side: String,
    /// Hex SHA-256 of the orders file's bytes, or `none`.
    pub sha256: String,
}

/// One random event's values in the dice section.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EventDice {
    pub label: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sealed: bool,
    /// Six-sided dice, in order (when every draw was a d6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub d6: Option<Vec<u32>>,
    /// Otherwise each draw as `[n, below(n)]`, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub below: Option<Vec<[u32; 2]>>,
}

impl EventDice {
    pub fn from_record(r: &DiceRecord) -> EventDice {
        let all_d6 = !r.draws.is_empty() && r.draws.iter().all(|d| d.n == 6);
        EventDice {
            label: r.label.clone(),
            sealed: r.sealed,
            d6: all_d6.then(|| r.draws.iter().map(|d| d.value + 1).collect()),
            below: (!all_d6).then(|| r.draws.iter().map(|d| [d.n, d.value]).collect()),
        }
    }
    /// The draws this entry lists, as (n, value).
    pub fn draws(&self) -> Vec<dice::Draw> {
        match (&self.d6, &self.below) {
            (Some(d), _) => d
                .iter()
                .map(|v| dice::Draw {
                    n: 6,
                    value: v.saturating_sub(1),
                })
                .collect(),
            (None, Some(b)) => b
                .iter()
                .map(|[n, v]| dice::Draw { n: *n, value: *v })
                .collect(),
            (None, None) => Vec::new(),
        }
    }
}

/// The dice section of dice.md §5.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DiceSection {
    pub protocol: String,
    pub game: String,
    pub turn: u32,
    /// `c_t`.
    pub commitment: String,
    /// `s_t`, revealed.
    pub seed: String,
    /// SHA-256 of the game file that awaited this turn.
    pub game_sha256: String,
    pub orders: Vec<OrdersHash>,
    /// `K_t`.
    pub turn_key: String,
    /// `u_t`: in the moderator's report only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sealed_seed: Option<String>,
    pub events: Vec<EventDice>,
}

/// The heading that starts the dice section; `verify --report` looks for it.
pub const DICE_HEADING: &str = "## Dice";

/// Renders one report. `side` is `None` for the moderator's; `view` is the side's view of
/// the position after the turn.
pub fn render<R: Rules>(
    sc: &R::Scenario,
    f: &Facts<R::State>,
    events: &[R::Event],
    side: Option<&str>,
    view: Option<&R::View>,
) -> String {
    let mut out = String::new();
    let g = f.game;
    let _ = writeln!(out, "# {} — turn {}: {}\n", g.game, g.turn, g.step);
    match side {
        Some(s) => {
            let _ = writeln!(out, "Report for **{}**.\n", R::side_name(sc, s));
        }
        None => {
            let _ = writeln!(out, "**Moderator's report**: it shows everything, sealed dice included. Never send it to a player.\n");
        }
    }
    let _ = writeln!(out, "## Orders\n");
    for so in f.sides {
        let line = match &so.orders_sha256 {
            Some(h) => format!("orders received (SHA-256 `{}`)", dice::to_hex(h)),
            None => "**no orders received**: standing orders and the documented defaults applied"
                .to_string(),
        };
        let _ = writeln!(out, "- {}: {line}", R::side_name(sc, &so.side));
    }
    let shown: Vec<(&String, &Vec<Diagnostic>)> = f
        .problems
        .iter()
        .filter(|(s, _)| side.is_none_or(|me| me == s.as_str()))
        .collect();
    if !shown.is_empty() {
        let _ = writeln!(out, "\n### Invalid orders replaced by their defaults\n");
        for (s, ds) in shown {
            for d in ds {
                let at = d.location().map(|l| format!(" ({l})")).unwrap_or_default();
                let rule = d
                    .rule
                    .as_ref()
                    .map(|r| format!(" — {r}"))
                    .unwrap_or_default();
                let _ = writeln!(out, "- {}: {}{at}{rule}", R::side_name(sc, s), d.message);
            }
        }
    }
    let _ = writeln!(out, "\n## What happened\n");
    out.push_str(&R::narrate(sc, &g.state, events, side));
    if let Some(v) = view {
        let _ = writeln!(out, "\n## Your position\n");
        out.push_str(&R::describe(sc, v));
    }
    let _ = writeln!(out, "\n## What you must send next\n");
    let _ = writeln!(
        out,
        "Turn {} awaits **{}**.",
        f.next.turn, f.next_step.title
    );
    if let Some(d) = &f.next.deadline {
        let _ = writeln!(out, "\n**Deadline: {d}.** Orders that arrive later may be adjudicated as no orders (standing orders and defaults).\n");
    }
    let asks: Vec<(&String, &String)> = f
        .next_step
        .asks
        .iter()
        .filter(|(s, _)| side.is_none_or(|me| me == s.as_str()))
        .collect();
    for (s, ask) in asks {
        let _ = writeln!(out, "- {}: {ask}.", R::side_name(sc, s));
    }
    let _ = writeln!(
        out,
        "\nOrders start with `game: {}`, `turn: {}`, `based_on: {}` (`dikast template` writes the skeleton).",
        f.next.game, f.next.turn, f.next_sha
    );
    let section = DiceSection {
        protocol: g.dice.protocol.clone(),
        game: g.game.clone(),
        turn: g.turn,
        commitment: g.dice.commitment.clone(),
        seed: dice::to_hex(&f.seed),
        game_sha256: dice::to_hex(&f.game_sha),
        orders: f
            .sides
            .iter()
            .map(|s| OrdersHash {
                side: s.side.clone(),
                sha256: s
                    .orders_sha256
                    .map(|h| dice::to_hex(&h))
                    .unwrap_or_else(|| "none".into()),
            })
            .collect(),
        turn_key: dice::to_hex(&f.turn_key),
        sealed_seed: if side.is_none() {
            f.sealed.map(|u| dice::to_hex(&u))
        } else {
            None
        },
        events: f
            .dice
            .iter()
            .filter(|r| r.shown_to.to(side))
            .map(EventDice::from_record)
            .collect(),
    };
    let _ = writeln!(out, "\n{DICE_HEADING} ({})\n", g.dice.protocol);
    let _ = writeln!(
        out,
        "Seed `s_{t}` is revealed: anyone can check `SHA-256(\"dikast/v1/chain\" ‖ seed) = commitment` and recompute the turn key and every value below with `dikast verify --report <this file> --orders <your orders>`.",
        t = g.turn
    );
    let hidden = f.dice.iter().filter(|r| !r.shown_to.to(side)).count();
    if hidden > 0 && side.is_some() {
        let _ = writeln!(
            out,
            "{hidden} sealed or hidden event{} of this turn {} left out; sealed events can be checked once the campaign is published.",
            if hidden == 1 { "" } else { "s" },
            if hidden == 1 { "is" } else { "are" }
        );
    }
    let _ = writeln!(out, "\n```yaml\n{}```", crate::game::to_yaml(&section));
    out
}

/// Finds and parses the dice section of a report.
pub fn parse_dice_section(text: &str) -> Option<Result<DiceSection, String>> {
    let at = text
        .find(&format!("\n{DICE_HEADING} "))
        .or_else(|| text.starts_with(DICE_HEADING).then_some(0))?;
    let rest = &text[at..];
    let start = rest.find("```yaml\n")? + "```yaml\n".len();
    let end = rest[start..].find("```")? + start;
    Some(serde_yaml::from_str(&rest[start..end]).map_err(|e| e.to_string()))
}
