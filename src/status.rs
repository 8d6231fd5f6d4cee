//! `dikast status DIR`: which orders of the pending turn are in, missing or late, and
//! whether the last adjudicated turn's mail went out. (The deadlines and their calendar
//! arithmetic are `crate::clock`'s.)
//!
//! The clock is read only at the edge: `status` takes "now" as an argument (the command
//! line passes `--now` or the system clock), and when an orders file arrived is its
//! modification time. Nothing here reaches a game file, view or report.

use crate::clock::{format_span, format_utc, mtime, Deadline, UnixTime};
use crate::error::Failure;
use crate::folder::Layout;
use crate::fsx;
use crate::game::GameFile;
use crate::pipeline;
use crate::rules::Rules;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Where one side's orders stand.
#[derive(Debug, Clone, PartialEq)]
pub enum OrdersState {
    /// Received, before the deadline or with none set.
    In,
    /// Received after the deadline.
    Late,
    /// Not received.
    Missing,
    /// The step does not await this side's orders.
    NotAwaited,
}

/// One side's line of the status.
#[derive(Debug, Clone)]
pub struct SideStatus {
    pub side: String,
    pub name: String,
    pub state: OrdersState,
    pub file: Option<String>,
    pub received: Option<UnixTime>,
    /// Problems `dikast check` finds in the file (0: valid).
    pub problems: usize,
    /// Warnings it finds (the orders are valid and stand).
    pub warnings: usize,
}

/// The pending turn's status.
#[derive(Debug, Clone)]
pub struct Status {
    pub game: String,
    pub turn: u32,
    pub step: String,
    pub deadline: Option<Deadline>,
    pub sides: Vec<SideStatus>,
    /// Files in the orders folder that name no side (adjudication would refuse them).
    pub stray: Vec<String>,
    /// The game is over (its step awaits no one and cannot be adjudicated): why,
    /// in the game's words.
    pub over: Option<String>,
    /// Reports an adjudication staged in this turn's folder before it stopped, never
    /// committed (`crate::pending::Interrupted::Uncommitted`): what they are and what removes
    /// them.
    pub leftover: Option<String>,
}

/// Works out the status of the pending turn (which orders are there, when they came).
pub fn status<R: Rules>(layout: &Layout) -> Result<Status, Failure> {
    let c = crate::campaign_file::load(layout)?;
    let t = crate::pending::pending_turn(layout)?;
    let game_path = layout.game(t);
    let game_bytes = fsx::read_limited(&game_path)?;
    let game: GameFile<R::State> =
        pipeline::parse_file(&layout.rel(&game_path), &game_bytes, "game file")?;
    let sc = pipeline::load_scenario::<R>(&game.scenario, &layout.rel(&game_path))?;
    let deadline = crate::policy::deadline_in_force(layout, &c, t, game.deadline.as_deref())?;
    let sides = R::sides(&sc, &game.state);
    let dir = layout.orders_dir(t);
    let names = crate::folder::orders_names(layout, t)?;
    let mut stray = Vec::new();
    let mut found: BTreeMap<String, String> = BTreeMap::new();
    for n in &names {
        let stem = n.strip_suffix(".yaml").or_else(|| n.strip_suffix(".yml"));
        match stem {
            // A second orders file of the same side is refused by adjudicate too.
            Some(s) if sides.iter().any(|x| x == s) && !found.contains_key(s) => {
                found.insert(s.to_string(), n.clone());
            }
            _ => stray.push(layout.rel(&dir.join(n))),
        }
    }
    let mut out = Vec::new();
    for side in &sides {
        let name = R::side_name(&sc, side);
        let awaited = game.awaiting.iter().any(|a| a == side);
        let file = found.get(side).map(|n| dir.join(n));
        let (state, received, (problems, warnings)) = match &file {
            None if !awaited => (OrdersState::NotAwaited, None, (0, 0)),
            None => (OrdersState::Missing, None, (0, 0)),
            Some(p) => {
                let received = crate::receipts::arrival(layout, t, side).or_else(|| mtime(p));
                let late = matches!((&deadline, received), (Some(d), Some(r)) if r > d.at);
                let bytes = fsx::read_limited(p)?;
                let problems = match crate::yaml::decode(&layout.rel(p), &bytes) {
                    Err(_) => (1, 0),
                    Ok(f) => {
                        let view = pipeline::make_view::<R>(&sc, &game, &game_bytes, side);
                        let diags = pipeline::check_orders::<R>(&sc, &view, &f).1;
                        let w = crate::diag::warnings(&diags);
                        (diags.len() - w, w)
                    }
                };
                let state = if late {
                    OrdersState::Late
                } else {
                    OrdersState::In
                };
                (state, received, problems)
            }
        };
        out.push(SideStatus {
            side: side.clone(),
            name,
            state,
            file: file.map(|p| layout.rel(&p)),
            received,
            problems,
            warnings,
        });
    }
    let step = R::step(&sc, &game.state);
    let leftover = (!crate::pending::staged_in(layout, t).is_empty())
        .then(|| crate::pending::Interrupted::Uncommitted { turn: t }.describe(layout));
    Ok(Status {
        leftover,
        over: crate::report::game_over(&step).then(|| step.unsupported.clone().unwrap_or_default()),
        game: game.game.clone(),
        turn: t,
        step: game.step.clone(),
        deadline,
        sides: out,
        stray,
    })
}

/// One side's line of the status: where its orders stand, when they came, whether
/// they are valid (`passed`: the deadline has passed).
fn side_line(layout: &Layout, s: &Status, x: &SideStatus, passed: bool) -> String {
    let when = x
        .received
        .map(|r| format!("received {}", format_utc(r)))
        .unwrap_or_else(|| "received at an unknown time".into());
    let checked = match (x.problems, x.warnings) {
        (0, 0) => "valid".to_string(),
        (0, w) => format!(
            "valid, with {}: run `dikast check {} --against {}`",
            crate::diag::count_warnings(w),
            layout.dir.join(x.file.as_deref().unwrap_or("")).display(),
            layout.game(s.turn).display()
        ),
        (n, _) => format!(
            "{n} problem{}: run `dikast check {} --against {}`",
            if n == 1 { "" } else { "s" },
            layout.dir.join(x.file.as_deref().unwrap_or("")).display(),
            layout.game(s.turn).display()
        ),
    };
    match x.state {
        OrdersState::In => format!(
            "in: {}, {when}; {checked}",
            x.file.as_deref().unwrap_or("")
        ),
        OrdersState::Late => {
            let after = match (&s.deadline, x.received) {
                (Some(d), Some(r)) => format!(", {} after the deadline", format_span(r - d.at)),
                _ => String::new(),
            };
            format!(
                "late: {}, {when}{after}; {checked}",
                x.file.as_deref().unwrap_or("")
            )
        }
        OrdersState::Missing if passed => "missing, and the deadline has passed: adjudicating now uses its standing orders and documented defaults, and every report says \"no orders received\"".to_string(),
        OrdersState::Missing => "missing".to_string(),
        OrdersState::NotAwaited => "not awaited this turn (standing orders may still be sent)".to_string(),
    }
}

/// `dikast status DIR`: the status as text for the moderator.
pub fn render(layout: &Layout, s: &Status, now: UnixTime) -> String {
    let mut o = String::new();
    if let Some(why) = &s.over {
        // Nothing is awaited any more, so no deadline and no orders are listed.
        let _ = writeln!(
            o,
            "{} — {why} (turn {} was the last)",
            s.game,
            s.turn.saturating_sub(1)
        );
        let _ = writeln!(
            o,
            "no orders are awaited, and none will be; `dikast publish {} <folder>` copies the archive for everyone",
            layout.dir.display()
        );
        if s.turn > 1 {
            if let Some(m) = crate::mail::summary(layout, s.turn - 1) {
                let _ = writeln!(o, "mail of turn {}: {m}", s.turn - 1);
            }
        }
        return o;
    }
    let _ = writeln!(o, "{} — turn {} awaits: {}", s.game, s.turn, s.step);
    let _ = writeln!(o, "now: {}", format_utc(now));
    let passed = match &s.deadline {
        None => {
            let _ = writeln!(
                o,
                "deadline: none set for turn {} (campaign.yaml, deadlines)",
                s.turn
            );
            false
        }
        Some(d) if now > d.at => {
            let _ = writeln!(
                o,
                "deadline: {} ({}), passed {} ago",
                d.text,
                format_utc(d.at),
                format_span(now - d.at)
            );
            true
        }
        Some(d) => {
            let _ = writeln!(
                o,
                "deadline: {} ({}), in {}",
                d.text,
                format_utc(d.at),
                format_span(d.at - now)
            );
            false
        }
    };
    for x in &s.sides {
        let _ = writeln!(
            o,
            "- {} ({}): {}",
            x.side,
            x.name,
            side_line(layout, s, x, passed)
        );
    }
    for f in &s.stray {
        let _ = writeln!(
            o,
            "- {f}: names no side; `dikast adjudicate` will refuse it until it is renamed or removed"
        );
    }
    if let Some(l) = &s.leftover {
        let _ = writeln!(o, "note: {l}");
    }
    let counts = |st: OrdersState| s.sides.iter().filter(|x| x.state == st).count();
    let _ = writeln!(
        o,
        "orders: {} in, {} late, {} missing",
        counts(OrdersState::In),
        counts(OrdersState::Late),
        counts(OrdersState::Missing)
    );
    if s.turn > 1 {
        if let Some(m) = crate::mail::summary(layout, s.turn - 1) {
            let _ = writeln!(o, "mail of turn {}: {m}", s.turn - 1);
        }
    }
    o
}
