//! `dikast status DIR`: which orders of the pending turn are in, missing or late, and
//! whether the last adjudicated turn's mail went out. Also the campaign's deadlines
//! (`deadlines:` in campaign.yaml: turn number → RFC 3339 time) and the small calendar
//! arithmetic they need.
//!
//! The clock is read only at the edge: `status` takes "now" as an argument (the command
//! line passes `--now` or the system clock), and when an orders file arrived is its
//! modification time. Nothing here reaches a game file, view or report.

use crate::campaign::{self, Layout};
use crate::error::Failure;
use crate::fsx;
use crate::game::GameFile;
use crate::pipeline;
use crate::rules::Rules;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::time::{SystemTime, UNIX_EPOCH};

/// Seconds since 1970-01-01T00:00:00Z (may be negative for earlier times).
pub type UnixTime = i64;

/// A deadline as written in campaign.yaml (`2026-03-08T18:00:00Z`, or with an offset
/// such as `+03:00`), and the instant it names.
#[derive(Debug, Clone, PartialEq)]
pub struct Deadline {
    pub text: String,
    pub at: UnixTime,
}

impl Serialize for Deadline {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.text)
    }
}

impl<'de> Deserialize<'de> for Deadline {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        let at = parse_time(&text).map_err(serde::de::Error::custom)?;
        Ok(Deadline { text, at })
    }
}

/// `deadlines:` in campaign.yaml: the deadline of each turn's orders, by turn number.
pub type Deadlines = BTreeMap<u32, Deadline>;

/// Days since 1970-01-01 of a civil date (proleptic Gregorian).
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m as i64 + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date of a day count since 1970-01-01.
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

fn days_in_month(y: i64, m: u32) -> u32 {
    match m {
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Parses an RFC 3339 time: `YYYY-MM-DDTHH:MM[:SS]` then `Z` or `±HH:MM` (a space may
/// stand for the `T`; fractions of a second are not accepted). A time without a zone is
/// refused: a deadline must name one instant for every player.
pub fn parse_time(s: &str) -> Result<UnixTime, String> {
    let bad = || {
        format!("`{}` is not a time like 2026-03-08T18:00:00Z or 2026-03-08T21:00+03:00 (date, time and zone)", s.escape_debug())
    };
    let t = s.trim();
    let b = t.as_bytes();
    let num = |r: std::ops::Range<usize>| -> Result<u32, String> {
        let part = t.get(r).ok_or_else(bad)?;
        if part.is_empty() || !part.bytes().all(|c| c.is_ascii_digit()) {
            return Err(bad());
        }
        part.parse::<u32>().map_err(|_| bad())
    };
    if b.len() < 16
        || b[4] != b'-'
        || b[7] != b'-'
        || !(b[10] == b'T' || b[10] == b't' || b[10] == b' ')
        || b[13] != b':'
    {
        return Err(bad());
    }
    let (y, mo, d, h, mi) = (
        num(0..4)?,
        num(5..7)?,
        num(8..10)?,
        num(11..13)?,
        num(14..16)?,
    );
    let mut rest = &t[16..];
    let mut sec = 0;
    if let Some(r) = rest.strip_prefix(':') {
        if r.len() < 2 {
            return Err(bad());
        }
        sec = num(17..19)?;
        rest = &r[2..];
    }
    let two = |x: &str| -> Result<i64, String> {
        if x.len() == 2 && x.bytes().all(|c| c.is_ascii_digit()) {
            x.parse().map_err(|_| bad())
        } else {
            Err(bad())
        }
    };
    let rb = rest.as_bytes();
    let offset: i64 = if rest == "Z" || rest == "z" {
        0
    } else if rb.len() == 6 && (rb[0] == b'+' || rb[0] == b'-') && rb[3] == b':' {
        let oh = two(rest.get(1..3).ok_or_else(bad)?)?;
        let om = two(rest.get(4..6).ok_or_else(bad)?)?;
        if oh > 23 || om > 59 {
            return Err(bad());
        }
        let o = oh * 3600 + om * 60;
        if rb[0] == b'-' {
            -o
        } else {
            o
        }
    } else {
        return Err(bad());
    };
    if !(1..=12).contains(&mo)
        || d == 0
        || d > days_in_month(y as i64, mo)
        || h > 23
        || mi > 59
        || sec > 59
    {
        return Err(bad());
    }
    let days = days_from_civil(y as i64, mo, d);
    Ok(days * 86_400 + (h * 3600 + mi * 60 + sec) as i64 - offset)
}

/// `2026-03-08 18:00 UTC` (seconds shown only when not zero).
pub fn format_utc(t: UnixTime) -> String {
    let (y, m, d) = civil_from_days(t.div_euclid(86_400));
    let s = t.rem_euclid(86_400);
    let (h, mi, sec) = (s / 3600, (s % 3600) / 60, s % 60);
    if sec == 0 {
        format!("{y:04}-{m:02}-{d:02} {h:02}:{mi:02} UTC")
    } else {
        format!("{y:04}-{m:02}-{d:02} {h:02}:{mi:02}:{sec:02} UTC")
    }
}

/// A span of time in words, to the minute: `2 days 3 hours`, `45 minutes`.
pub fn format_span(secs: i64) -> String {
    let secs = secs.unsigned_abs();
    let (d, h, m) = (secs / 86_400, (secs % 86_400) / 3600, (secs % 3600) / 60);
    let unit = |n: u64, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
    let mut parts = Vec::new();
    if d > 0 {
        parts.push(unit(d, "day"));
    }
    if h > 0 {
        parts.push(unit(h, "hour"));
    }
    if d == 0 && (m > 0 || h == 0) {
        parts.push(unit(m, "minute"));
    }
    parts.join(" ")
}

/// The system clock as a `UnixTime`: for the command line's edge only.
pub fn clock_now() -> UnixTime {
    match SystemTime::now().duration_since(UNIX_EPOCH) {
        Ok(d) => d.as_secs() as i64,
        Err(e) => -(e.duration().as_secs() as i64),
    }
}

/// A file's modification time as a `UnixTime`.
pub fn mtime(path: &std::path::Path) -> Option<UnixTime> {
    let m = fs::metadata(path).ok()?.modified().ok()?;
    Some(match m.duration_since(UNIX_EPOCH) {
        Ok(d) => d.as_secs() as i64,
        Err(e) => -(e.duration().as_secs() as i64),
    })
}

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
    /// committed (`campaign::Interrupted::Uncommitted`): what they are and what removes
    /// them.
    pub leftover: Option<String>,
}

/// Works out the status of the pending turn (which orders are there, when they came).
pub fn status<R: Rules>(layout: &Layout) -> Result<Status, Failure> {
    let c = layout.load_campaign()?;
    let t = campaign::pending_turn(layout)?;
    let game_path = layout.game(t);
    let game_bytes = fsx::read_limited(&game_path)?;
    let game: GameFile<R::State> =
        pipeline::parse_file(&layout.rel(&game_path), &game_bytes, "game file")?;
    let sc = pipeline::load_scenario::<R>(&game.scenario, &layout.rel(&game_path))?;
    let deadline = crate::policy::deadline_in_force(layout, &c, t, game.deadline.as_deref())?;
    let sides = R::sides(&sc, &game.state);
    let dir = layout.orders_dir(t);
    let names = campaign::orders_names(layout, t)?;
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
                let received = crate::receive::arrival(layout, t, side).or_else(|| mtime(p));
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
    let leftover = (!campaign::staged_in(layout, t).is_empty())
        .then(|| campaign::Interrupted::Uncommitted { turn: t }.describe(layout));
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
        let who = format!("{} ({})", x.side, x.name);
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
        let line = match x.state {
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
        };
        let _ = writeln!(o, "- {who}: {line}");
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_parse_to_the_instant_they_name() {
        assert_eq!(parse_time("1970-01-01T00:00:00Z"), Ok(0));
        assert_eq!(parse_time("2000-03-01T00:00Z"), Ok(951_868_800));
        assert_eq!(
            parse_time("2026-03-08T21:00:00+03:00"),
            parse_time("2026-03-08T18:00:00Z")
        );
        assert_eq!(
            parse_time("2026-03-08 12:30-05:30"),
            parse_time("2026-03-08T18:00Z")
        );
        assert_eq!(parse_time("2024-02-29T00:00:00Z"), Ok(1_709_164_800));
    }

    #[test]
    fn bad_times_are_refused() {
        for bad in [
            "2026-03-08",
            "2026-03-08T18:00",
            "2026-02-30T10:00Z",
            "2025-02-29T10:00Z",
            "2026-13-01T10:00Z",
            "2026-03-08T24:00Z",
            "2026-03-08T18:00:00.5Z",
            "2026-03-08T18:00+3:00",
            "tomorrow",
            "",
            "２０２６-03-08T18:00Z",
        ] {
            assert!(parse_time(bad).is_err(), "{bad} was accepted");
        }
    }

    #[test]
    fn civil_dates_round_trip() {
        for days in [-800_000i64, -1, 0, 1, 59, 60, 10_956, 20_000, 2_932_896] {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days);
        }
        assert_eq!(format_utc(1_709_164_800), "2024-02-29 00:00 UTC");
        assert_eq!(format_utc(1_709_164_845), "2024-02-29 00:00:45 UTC");
    }

    #[test]
    fn spans_read_as_words() {
        assert_eq!(format_span(0), "0 minutes");
        assert_eq!(format_span(60), "1 minute");
        assert_eq!(format_span(3 * 3600 + 120), "3 hours 2 minutes");
        assert_eq!(format_span(86_400 + 3600), "1 day 1 hour");
        assert_eq!(format_span(-(2 * 86_400)), "2 days");
    }
}
