//! The moderator's rules of the week: deadlines (dates or a cadence), what happens to
//! late orders, when a turn is due, and the per-player turn token that makes a forged
//! `From:` not enough to send orders in someone's name. Everything here reads the
//! pending turn's envelope only (no game's types), so `receive`, `tick`, `undo` and the
//! command line share one answer to "who owes orders, and is the turn due?".
//!
//! Also here: the record of what an adjudication was told beyond its game file and orders
//! (`adjudication.yaml`: the time used, an early run, late orders, the policy) and what
//! the application adds to the reports `pipeline::run_turn` made (`annotate`: the
//! record's section in every report, the whole position in the moderator's), called by
//! `adjudicate` and `verify` alike so the reports re-run byte for byte; and
//! `without_token`, by which no turn token reaches the archive.
//!
//! The clock never reaches this module: every function that judges time takes "now".

use crate::campaign_file::{Campaign, Late, WhenAllIn};
use crate::clock::{
    format_span, format_utc, parse_span, parse_time, rfc3339, whole_minute, Deadline, UnixTime,
};
use crate::error::Failure;
use crate::folder::Layout;
use crate::fsx;
use crate::game::GameFile;
use crate::lang::Lang;
use crate::rules::Rules;
use serde::{Deserialize, Serialize};
use std::fs;
use std::path::PathBuf;

/// The deadline of the turn after an adjudication at `now`: `deadlines:` names it, or
/// `deadline_every:` counts it from now.
pub fn next_deadline(c: &Campaign, next_turn: u32, now: Option<UnixTime>) -> Option<String> {
    if let Some(d) = c.deadlines.as_ref().and_then(|d| d.get(&next_turn)) {
        return Some(d.text.clone());
    }
    let every = parse_span(c.deadline_every.as_deref()?).ok()?;
    Some(rfc3339(whole_minute(now? + every)))
}

/// A turn that has no deadline in force while the campaign has `deadline_every:` (turn 1
/// of a new campaign: no adjudication has counted one yet) gets one counted from `now`,
/// written as `dikast deadline --set` would (`turns/NNNN/deadline.yaml`): `tick` does it
/// before it calls the players for orders, so that the call names it. Returns it when set.
pub fn first_deadline(
    layout: &Layout,
    c: &Campaign,
    p: &Pending,
    now: UnixTime,
) -> Result<Option<Deadline>, Failure> {
    let Some(every) = c.deadline_every.as_deref() else {
        return Ok(None);
    };
    if p.deadline.is_some() || p.awaiting.is_empty() {
        return Ok(None);
    }
    let Ok(span) = parse_span(every) else {
        return Ok(None);
    };
    let at = whole_minute(now + span);
    let d = Deadline {
        text: rfc3339(at),
        at,
    };
    set_deadline(layout, p.turn, &d, now)?;
    Ok(Some(d))
}

/// How long before the deadline `tick` reminds who still owes orders (default 24h).
pub fn remind_before(c: &Campaign) -> i64 {
    c.remind_before
        .as_deref()
        .and_then(|s| parse_span(s).ok())
        .unwrap_or(86_400)
}

/// `turns/NNNN/deadline.yaml`: a deadline set by `dikast deadline --set` after the turn's
/// game file was written (the game file is hashed into the archive and never changes).
pub fn override_path(layout: &Layout, t: u32) -> PathBuf {
    layout.turn_dir(t).join("deadline.yaml")
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Override {
    deadline: Deadline,
    /// When the moderator set it (RFC 3339).
    set_at: String,
}

/// The deadline in force for turn t: one set with `dikast deadline --set`, else
/// `deadlines:` of campaign.yaml (the moderator's own file), else the game file's own
/// (set when the previous turn was adjudicated).
pub fn deadline_in_force(
    layout: &Layout,
    c: &Campaign,
    t: u32,
    game_deadline: Option<&str>,
) -> Result<Option<Deadline>, Failure> {
    let p = override_path(layout, t);
    if p.exists() {
        let bytes = fsx::read_limited(&p)?;
        let o: Override = crate::pipeline::parse_file(&layout.rel(&p), &bytes, "deadline file")?;
        return Ok(Some(o.deadline));
    }
    if let Some(d) = c.deadlines.as_ref().and_then(|d| d.get(&t)) {
        return Ok(Some(d.clone()));
    }
    if let Some(text) = game_deadline {
        let at = parse_time(text).map_err(|e| {
            Failure::Verify(format!(
                "{}: field deadline: {e}",
                layout.rel(&layout.game(t))
            ))
        })?;
        return Ok(Some(Deadline {
            text: text.to_string(),
            at,
        }));
    }
    Ok(None)
}

/// Writes the deadline of turn t (`dikast deadline --set`).
pub fn set_deadline(layout: &Layout, t: u32, d: &Deadline, now: UnixTime) -> Result<(), Failure> {
    let o = Override {
        deadline: d.clone(),
        set_at: rfc3339(now),
    };
    let text = format!(
        "# The deadline of turn {t}'s orders, set after its game file was written (`dikast deadline`, or `deadline_every:`): it replaces the one in game.yaml.\n{}",
        crate::game::to_yaml(&o)
    );
    fsx::replace(&override_path(layout, t), text.as_bytes())
}

/// A deadline given to `--set`: a time (RFC 3339) or `+SPAN` from now / from the deadline
/// in force (`+48h` extends it).
pub fn parse_new_deadline(
    s: &str,
    now: UnixTime,
    current: Option<&Deadline>,
) -> Result<Deadline, String> {
    if let Some(span) = s.trim().strip_prefix('+') {
        let base = current.map(|d| d.at).unwrap_or(now).max(now);
        let at = whole_minute(base + parse_span(span)?);
        return Ok(Deadline {
            text: rfc3339(at),
            at,
        });
    }
    let at = parse_time(s)?;
    Ok(Deadline {
        text: s.trim().to_string(),
        at,
    })
}

/// The pending turn, read from its envelope alone.
pub struct Pending {
    pub turn: u32,
    pub game: String,
    pub step: String,
    /// Sides whose orders the step awaits.
    pub awaiting: Vec<String>,
    /// Sides that sent orders (a file in the orders folder).
    pub sent: Vec<String>,
    pub deadline: Option<Deadline>,
}

impl Pending {
    /// The step in `lang`: the game file's own English `step`, or in another language
    /// the game's title (`title`), the English when the game cannot say it.
    pub fn step_in(
        &self,
        lang: Lang,
        title: impl FnOnce(Lang) -> Result<String, Failure>,
    ) -> String {
        match lang {
            Lang::En => self.step.clone(),
            l => title(l).unwrap_or_else(|_| self.step.clone()),
        }
    }

    /// Awaited sides that have sent nothing.
    pub fn owing(&self) -> Vec<String> {
        self.awaiting
            .iter()
            .filter(|s| !self.sent.contains(s))
            .cloned()
            .collect()
    }
}

/// Reads the pending turn's envelope, its orders folder and its deadline in force.
pub fn pending(layout: &Layout, c: &Campaign) -> Result<Pending, Failure> {
    let t = crate::pending::pending_turn(layout)?;
    let p = layout.game(t);
    let bytes = fsx::read_limited(&p)?;
    // The envelope alone: the state is passed over, not built (`IgnoredAny`).
    let g: GameFile<serde::de::IgnoredAny> =
        crate::pipeline::parse_file(&layout.rel(&p), &bytes, "game file")?;
    pending_of(layout, c, t, &g)
}

/// `pending` for turn t, whose game file its caller has already parsed (`adjudicate`).
pub fn pending_of<S>(
    layout: &Layout,
    c: &Campaign,
    t: u32,
    g: &GameFile<S>,
) -> Result<Pending, Failure> {
    let mut sent = Vec::new();
    if let Ok(rd) = fs::read_dir(layout.orders_dir(t)) {
        for e in rd.flatten() {
            let n = e.file_name().to_string_lossy().into_owned();
            if n.starts_with('.') {
                continue;
            }
            if let Some(s) = n.strip_suffix(".yaml").or_else(|| n.strip_suffix(".yml")) {
                sent.push(s.to_string());
            }
        }
    }
    sent.sort();
    let deadline = deadline_in_force(layout, c, t, g.deadline.as_deref())?;
    Ok(Pending {
        turn: t,
        game: g.game.clone(),
        step: g.step.clone(),
        awaiting: g.awaiting.clone(),
        sent,
        deadline,
    })
}

/// The language a side's player reads (campaign.yaml's `language`; English when unset).
pub fn language_of(c: &Campaign, side: &str) -> Lang {
    c.players
        .get(side)
        .and_then(|pl| Lang::from_code(&pl.language))
        .unwrap_or(Lang::En)
}

/// The language the moderator reads (`mail.moderator_language`; English when unset).
pub fn moderator_language(c: &Campaign) -> Lang {
    c.mail
        .as_ref()
        .and_then(|m| m.moderator_language.as_deref())
        .and_then(Lang::from_code)
        .unwrap_or(Lang::En)
}

/// Who a side is, for messages: `sparta (Архидам)`.
pub fn who(c: &Campaign, side: &str) -> String {
    match c.players.get(side).map(|p| p.name.trim()) {
        Some(n) if !n.is_empty() => format!("{side} ({n})"),
        _ => side.to_string(),
    }
}

/// Whether the pending turn may be adjudicated now.
#[derive(Debug, Clone, PartialEq)]
pub enum Due {
    /// Yes, and why.
    Yes(String),
    /// Not yet, and why (names who owes orders and when the deadline falls).
    No(String),
}

/// The policy's answer for the pending turn at `now`.
pub fn due(c: &Campaign, p: &Pending, now: UnixTime) -> Due {
    let owing = p.owing();
    let names: Vec<String> = owing.iter().map(|s| who(c, s)).collect();
    match &p.deadline {
        Some(d) if now >= d.at => Due::Yes(format!("the deadline {} has passed", d.text)),
        Some(d) if owing.is_empty() => match c.when_all_in.unwrap_or_default() {
            WhenAllIn::Adjudicate => Due::Yes("every side's orders are in".into()),
            WhenAllIn::WaitForDeadline => Due::No(format!(
                "every side's orders are in, but the campaign waits for the deadline ({}, in {}; when_all_in: wait-for-deadline)",
                d.text,
                format_span(d.at - now)
            )),
        },
        Some(d) => Due::No(format!(
            "{} {} orders for turn {} and the deadline {} ({}) is {} away",
            names.join(", "),
            if names.len() == 1 { "owes" } else { "owe" },
            p.turn,
            d.text,
            format_utc(d.at),
            format_span(d.at - now)
        )),
        None if owing.is_empty() && !p.awaiting.is_empty() => {
            Due::Yes("every side's orders are in".into())
        }
        None if owing.is_empty() => Due::No(format!(
            "turn {} awaits no one's orders and has no deadline; adjudicate it by hand",
            p.turn
        )),
        None => Due::No(format!(
            "{} {} orders for turn {} and no deadline is set",
            names.join(", "),
            if names.len() == 1 { "owes" } else { "owe" },
            p.turn
        )),
    }
}

/// `turns/NNNN/adjudication.yaml`: what an adjudication was told beyond the game file and
/// the orders — the time it acted at and where that came from, an early adjudication by
/// the moderator's order (`--now`), orders that arrived after the deadline and the
/// policy that let them in. Written beside the reports in the same commit, only when it
/// has something to say; every report of the turn says it (`annotate`), the moderator's
/// names the file's SHA-256, and `dikast verify` reads it back to re-run the turn.
pub const RECORD: &str = "adjudication.yaml";

/// Where the time of an adjudication came from.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Clock {
    /// The machine's clock.
    Machine,
    /// Given on the command line (`--clock TIME`).
    Given,
}

/// How the arrival of orders is known.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Arrival {
    /// The receipt of the message that brought them (`dikast receive`).
    Mail,
    /// The orders file's modification time (put in the orders folder by hand).
    File,
}

/// Orders used although they arrived after the deadline.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LateOrders {
    pub side: String,
    /// RFC 3339.
    pub arrived: String,
    pub by: Arrival,
}

/// The contents of `adjudication.yaml` (see `RECORD`).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub turn: u32,
    /// The time the adjudication acted at, RFC 3339.
    pub at: String,
    pub clock: Clock,
    /// The deadline in force when it ran.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline: Option<String>,
    /// `late:` of campaign.yaml when it ran.
    pub late_policy: Late,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub late_orders: Vec<LateOrders>,
    /// Adjudicated before the deadline on the moderator's order (`--now`), while these
    /// sides owed orders; empty when it was due.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub early_owing: Vec<String>,
    /// `deadline_every:` when the next turn's deadline was counted from `at` by it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline_every: Option<String>,
    /// Orders by mail refused for arriving after the deadline (`late: refuse`): the
    /// turn was adjudicated without them, and every report says so (issue 32.13).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub refused_late: Vec<RefusedLate>,
}

/// A message of orders refused for arriving late (`late: refuse`).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RefusedLate {
    pub side: String,
    /// RFC 3339, by the receiving machine's clock.
    pub arrived: String,
}

impl Record {
    pub fn to_bytes(&self) -> Vec<u8> {
        format!(
            "# How turn {} was adjudicated, beyond its game file and orders (written by dikast adjudicate;\n# every report of the turn says it, and dikast verify reads it back).\n{}",
            self.turn,
            crate::game::to_yaml(self)
        )
        .into_bytes()
    }
}

/// The record of turn t's adjudication, when there is one.
pub fn load_record(layout: &Layout, t: u32) -> Result<Option<(Vec<u8>, Record)>, Failure> {
    let p = layout.turn_dir(t).join(RECORD);
    if !p.exists() {
        return Ok(None);
    }
    let b = fsx::read_limited(&p)?;
    let r: Record = crate::pipeline::parse_file(&layout.rel(&p), &b, "adjudication record")?;
    if r.turn != t {
        return Err(Failure::Verify(format!(
            "{}: field turn says {}, but the folder is turn {t}",
            layout.rel(&p),
            r.turn
        )));
    }
    Ok(Some((b, r)))
}

/// What the adjudication of the pending turn t at `now` must record, or `None` when it has
/// nothing to say. Refuses an early adjudication (the deadline ahead and an awaited side
/// with no orders) unless `forced` (`--now`). `game` is turn t's game file, which the
/// caller has read and checked as the pending turn's (`adjudicate`).
pub fn record_for<S>(
    layout: &Layout,
    c: &Campaign,
    t: u32,
    game: &GameFile<S>,
    now: UnixTime,
    clock: Clock,
    forced: bool,
) -> Result<Option<Record>, Failure> {
    let p = pending_of(layout, c, t, game)?;
    let owing = p.owing();
    let mut early_owing = Vec::new();
    if let Some(d) = &p.deadline {
        if now < d.at && !owing.is_empty() {
            let names: Vec<String> = owing.iter().map(|s| who(c, s)).collect();
            if !forced {
                return Err(Failure::Refused(format!(
                    "turn {} is not due: {} {} orders, and the deadline is {} ({}, in {}); wait for the orders or the deadline, or run with --now to adjudicate at once (every report says so)",
                    p.turn,
                    names.join(", "),
                    if names.len() == 1 { "owes" } else { "owe" },
                    d.text,
                    format_utc(d.at),
                    format_span(d.at - now)
                )));
            }
            early_owing = owing;
        }
    }
    let mut late_orders = Vec::new();
    if let Some(d) = &p.deadline {
        for side in &p.sent {
            let file = layout.orders_dir(t).join(format!("{side}.yaml"));
            let arrival = crate::receipts::arrival(layout, t, side)
                .map(|a| (a, Arrival::Mail))
                .or_else(|| crate::clock::mtime(&file).map(|a| (a, Arrival::File)));
            if let Some((at, by)) = arrival.filter(|(at, _)| *at > d.at) {
                late_orders.push(LateOrders {
                    side: side.clone(),
                    arrived: rfc3339(at),
                    by,
                });
            }
        }
    }
    // The next deadline counted from this time: the time shaped the archive, so it is kept.
    let cadence = c.deadline_every.clone().filter(|_| {
        !c.deadlines
            .as_ref()
            .is_some_and(|d| d.contains_key(&(t + 1)))
    });
    let refused_late: Vec<RefusedLate> = crate::receipts::refused_late(layout, t)
        .into_iter()
        .filter(|(side, _)| !p.sent.contains(side))
        .map(|(side, arrived)| RefusedLate { side, arrived })
        .collect();
    // A next deadline from `deadlines:` is recorded too: its line in the reports then
    // says what `late:` does (issue 32.10), not the general sentence.
    let next_listed = c
        .deadlines
        .as_ref()
        .is_some_and(|d| d.contains_key(&(t + 1)));
    if clock == Clock::Machine
        && late_orders.is_empty()
        && early_owing.is_empty()
        && cadence.is_none()
        && !next_listed
        && refused_late.is_empty()
    {
        return Ok(None);
    }
    Ok(Some(Record {
        turn: t,
        at: rfc3339(now),
        clock,
        deadline: p.deadline.as_ref().map(|d| d.text.clone()),
        late_policy: c.late.unwrap_or_default(),
        late_orders,
        early_owing,
        deadline_every: cadence,
        refused_late,
    }))
}

/// The line of the moderator's reports that names the record's SHA-256 (`verify` reads
/// it), in each language.
const RECORD_LINE: &str = "- Recorded in `adjudication.yaml` beside this report, SHA-256 `";
const RECORD_LINE_RU: &str = "- Записано в `adjudication.yaml` рядом с этим отчётом, SHA-256 `";

/// The fixed phrases of a report's record section, one table a language (as `report.rs`
/// keeps a report's); sentences that carry facts stay side by side where they are written.
struct Words {
    heading: &'static str,
    whole_position: &'static str,
    record_line: &'static str,
    late_accepted: &'static str,
    late_put_in: &'static str,
    by_mail: &'static str,
    by_file: &'static str,
}

const EN: Words = Words {
    heading: "### How this turn was adjudicated",
    whole_position: "## The whole position (every side; the moderator's alone)",
    record_line: RECORD_LINE,
    late_accepted: "used, as this campaign's policy says (`late: accept`)",
    late_put_in: "used all the same: the moderator put them in the orders folder himself (`late: refuse` turns away late orders by mail only)",
    by_mail: "by mail",
    by_file: "by the file's time",
};

const RU: Words = Words {
    heading: "### Как был обсчитан ход",
    whole_position: "## Всё положение (все стороны; только для ведущего)",
    record_line: RECORD_LINE_RU,
    late_accepted: "они использованы, согласно правилам кампании (`late: accept`)",
    late_put_in: "они всё же использованы: ведущий сам положил их в папку приказов (`late: refuse` отклоняет только опоздавшие письма)",
    by_mail: "по почте",
    by_file: "по времени файла",
};

fn words(lang: Lang) -> &'static Words {
    lang.pick(&EN, &RU)
}

/// The SHA-256 of the record that a moderator's report names, if it names one.
pub fn recorded_record_sha(report: &str) -> Option<String> {
    let (at, line) = [RECORD_LINE, RECORD_LINE_RU]
        .into_iter()
        .find_map(|l| report.find(l).map(|at| (at, l)))?;
    let rest = &report[at + line.len()..];
    Some(rest[..rest.find('`')?].to_string())
}

/// `dikast verify`: the record of turn t is the one its adjudication wrote. The
/// moderator's reports (every language) name its SHA-256; when they agree on a value the
/// file does not have (or name one and the file is gone, or name none and a file is
/// there), the record itself was changed. When they disagree, a report was changed, and
/// the re-run names it.
pub fn check_record(layout: &Layout, t: u32, record: Option<&[u8]>) -> Result<(), Failure> {
    let named: std::collections::BTreeSet<Option<String>> = Lang::ALL
        .into_iter()
        .filter_map(|l| fsx::read_limited(&layout.report_in(t, l)).ok())
        .map(|b| recorded_record_sha(&String::from_utf8_lossy(&b)))
        .collect();
    let file = layout.rel(&layout.turn_dir(t).join(RECORD));
    let report = layout.rel(&layout.report(t));
    if named.len() != 1 {
        return Ok(());
    }
    let named = named.into_iter().next().flatten();
    match (record.map(crate::game::sha256_hex), named) {
        (Some(now), Some(was)) if now != was => Err(Failure::Verify(format!(
            "{file} was changed after adjudication: its SHA-256 is {now}, but {report} records {was}"
        ))),
        (Some(_), None) => Err(Failure::Verify(format!(
            "{file} was not written by the adjudication of turn {t}: {report} records no adjudication record"
        ))),
        (None, Some(was)) => Err(Failure::Verify(format!(
            "{file} is missing from the archive: {report} records it with SHA-256 {was}"
        ))),
        _ => Ok(()),
    }
}

/// A time of the record as the reports show it (`format_utc`), or as written when it
/// does not parse.
fn shown_time(t: &str) -> String {
    parse_time(t)
        .map(format_utc)
        .unwrap_or_else(|_| t.to_string())
}

/// The record's lines on late orders used in the turn, one per side.
fn late_orders_lines(rec: &Record, name: &dyn Fn(&str) -> String, lang: Lang) -> String {
    let time = shown_time;
    let deadline = rec.deadline.as_deref().unwrap_or("-");
    let mut out = String::new();
    for l in &rec.late_orders {
        let w = words(lang);
        let how = match rec.late_policy {
            Late::Accept => w.late_accepted,
            Late::Refuse => w.late_put_in,
        };
        let by = match l.by {
            Arrival::Mail => w.by_mail,
            Arrival::File => w.by_file,
        };
        out.push_str(&match lang {
            Lang::En => format!(
                "- The orders of {} are **late**: they arrived {} ({by}), after the deadline {deadline}; {how}.\n",
                name(&l.side),
                time(&l.arrived)
            ),
            Lang::Ru => format!(
                "- Приказы стороны {} **опоздали**: они пришли {} ({by}), после срока {deadline}; {how}.\n",
                name(&l.side),
                time(&l.arrived)
            ),
        });
    }
    out
}

/// The section every report of a recorded turn gets, before `## What happened`: late
/// orders and the policy that let them in, an early adjudication, a time given by hand.
/// The moderator's also names the record's SHA-256. Rendered here, beside the record it
/// reads, so that the report module stays the game-neutral narration it is.
fn record_section<R: Rules>(
    sc: &R::Scenario,
    rec: &Record,
    record_sha: &str,
    moderator: bool,
    lang: Lang,
) -> String {
    let name = |s: &str| R::side_name_in(sc, s, lang);
    let time = shown_time;
    let deadline = rec.deadline.as_deref().unwrap_or("-");
    let mut out = format!("\n{}\n\n", words(lang).heading);
    out.push_str(&late_orders_lines(rec, &name, lang));
    if !rec.early_owing.is_empty() {
        let owing: Vec<String> = rec.early_owing.iter().map(|s| name(s)).collect();
        out.push_str(&match lang {
            Lang::En => format!(
                "- Adjudicated **early**, at {} on the moderator's order (`dikast adjudicate --now`), before the deadline {deadline}: {} had sent no orders.\n",
                time(&rec.at),
                owing.join(", ")
            ),
            Lang::Ru => format!(
                "- Ход обсчитан **досрочно**, {}, по распоряжению ведущего (`dikast adjudicate --now`), до срока {deadline}: не прислали приказов: {}.\n",
                time(&rec.at),
                owing.join(", ")
            ),
        });
    }
    out.push_str(&match (rec.clock, lang) {
        (Clock::Given, Lang::En) => format!(
            "- The time of this adjudication, {}, was given to dikast (`--clock`), not read from the machine's clock.\n",
            time(&rec.at)
        ),
        (Clock::Given, Lang::Ru) => format!(
            "- Время обсчёта, {}, задано dikast вручную (`--clock`), а не взято с часов машины.\n",
            time(&rec.at)
        ),
        (Clock::Machine, Lang::En) => format!("- Adjudicated at {} by the machine's clock.\n", time(&rec.at)),
        (Clock::Machine, Lang::Ru) => format!("- Ход обсчитан {} по часам машины.\n", time(&rec.at)),
    });
    if let Some(every) = &rec.deadline_every {
        out.push_str(&lang.pick(
            format!("- The next turn's deadline is counted from this time (`deadline_every: {every}`).\n"),
            format!("- Срок следующего хода отсчитан от этого времени (`deadline_every: {every}`).\n"),
        ));
    }
    for r in &rec.refused_late {
        out.push_str(&match lang {
            Lang::En => format!(
                "- Orders of {} that arrived by mail at {}, after the deadline {deadline}, were **refused** (`late: refuse`): this turn was adjudicated without them.\n",
                name(&r.side),
                time(&r.arrived)
            ),
            Lang::Ru => format!(
                "- Приказы стороны {}, пришедшие по почте {}, после срока {deadline}, **отклонены** (`late: refuse`): ход обсчитан без них.\n",
                name(&r.side),
                time(&r.arrived)
            ),
        });
    }
    if moderator {
        // `verify` finds the line by its words (`recorded_record_sha`).
        out.push_str(&format!("{}{record_sha}`.\n", words(lang).record_line));
    }
    out
}

/// The moderator's reports end their account with the whole position after the turn,
/// every side's (the players' reports show each his own view only). Built from each
/// side's view, as `dikast show game.yaml` does.
fn whole_position<R: Rules>(sc: &R::Scenario, views: &[(String, R::View)], lang: Lang) -> String {
    let mut out = format!("\n{}\n", words(lang).whole_position);
    for (side, v) in views {
        out.push_str(&format!(
            "\n### {}\n\n{}",
            R::side_name_in(sc, side, lang),
            R::describe(sc, v, lang)
        ));
    }
    out
}

/// What the app adds to the reports `pipeline::run_turn` made, in every language: the
/// record's section (`record`: its bytes and contents) in every report, and the whole
/// position in the moderator's. `adjudicate` and `verify` both call it, so the reports
/// re-run byte for byte. `next` is the next game file as the run made it (the one
/// `out.next_game` holds as bytes; `pipeline::run_turn_keeping`), `sc` its scenario.
pub fn annotate<R: Rules>(
    out: &mut crate::pipeline::TurnOutputs,
    next: &GameFile<R::State>,
    sc: &R::Scenario,
    record: Option<(&[u8], &Record)>,
) {
    let sha = record.map(|(b, _)| crate::game::sha256_hex(b));
    // Each side's view of the next game, made once for the moderator's reports in every
    // language (a view's state depends on the game's state alone).
    let views: Vec<(String, R::View)> = R::sides(sc, &next.state)
        .into_iter()
        .map(|side| {
            let v = R::view(sc, &next.state, &side);
            (side, v)
        })
        .collect();
    let add = |text: &mut String, moderator: bool, lang: Lang| {
        if let (Some((_, rec)), Some(sha)) = (record, &sha) {
            let section = record_section::<R>(sc, rec, sha, moderator, lang);
            let h = format!("\n{}\n", crate::report::happened_heading(lang));
            if let Some(i) = text.find(&h) {
                text.insert_str(i, &section);
            }
            // The next deadline's sentence says what this campaign does with late orders.
            let generic = crate::report::late_unknown(lang);
            let said = crate::report::late_sentence(lang, rec.late_policy == Late::Accept);
            if let Some(i) = text.rfind(generic) {
                text.replace_range(i..i + generic.len(), said);
            }
        }
        if moderator {
            let h = format!("\n{}\n", crate::report::send_next_heading(lang));
            if let Some(i) = text.find(&h) {
                text.insert_str(i, &whole_position::<R>(sc, &views, lang));
            }
        }
    };
    let mut moderator = std::mem::take(&mut out.report);
    add(&mut moderator, true, Lang::En);
    out.report = moderator;
    for text in out.side_reports.values_mut() {
        add(text, false, Lang::En);
    }
    for (lang, r) in out.translations.iter_mut() {
        add(&mut r.moderator, true, *lang);
        for text in r.sides.values_mut() {
            add(text, false, *lang);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::guard::*;
    use crate::secret::Secret;

    /// A deadline counted from a clock's time falls on a whole minute, never earlier.
    #[test]
    fn deadlines_fall_on_whole_minutes() {
        assert_eq!(whole_minute(120), 120);
        assert_eq!(whole_minute(121), 180);
        assert_eq!(whole_minute(179), 180);
        let d = parse_new_deadline("+72h", 1_000_000_007, None).unwrap();
        assert_eq!(d.at % 60, 0);
        assert!(d.at >= 1_000_000_007 + 72 * 3600 && d.at < 1_000_000_007 + 72 * 3600 + 60);
        assert!(
            !d.text.contains(":07Z") && d.text.ends_with(":00Z"),
            "{}",
            d.text
        );
    }

    #[test]
    fn spans() {
        assert_eq!(parse_span("72h"), Ok(72 * 3600));
        assert_eq!(parse_span("1d12h"), Ok(36 * 3600));
        assert_eq!(parse_span("90m"), Ok(5400));
        for bad in ["", "72", "h", "3w", "0h", "-3h", "1.5h", "99999d"] {
            assert!(parse_span(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn rfc3339_round_trips() {
        for t in [0i64, 1_709_164_800, 1_709_164_845] {
            assert_eq!(parse_time(&rfc3339(t)), Ok(t));
        }
        assert_eq!(rfc3339(1_709_164_800), "2024-02-29T00:00:00Z");
    }

    fn campaign(extra: &str) -> Campaign {
        serde_yaml::from_str(&format!(
            "dikast: 1\ngame: g\nrules: a-game\nscenario: s\nplayers:\n  athens: {{name: A}}\n  sparta: {{name: S}}\n{extra}"
        ))
        .unwrap()
    }

    fn pending(sent: &[&str], deadline: Option<i64>) -> Pending {
        Pending {
            turn: 3,
            game: "g".into(),
            step: "x".into(),
            awaiting: vec!["athens".into(), "sparta".into()],
            sent: sent.iter().map(|s| s.to_string()).collect(),
            deadline: deadline.map(|at| Deadline {
                text: rfc3339(at),
                at,
            }),
        }
    }

    #[test]
    fn a_turn_is_due_at_its_deadline_or_when_all_are_in_by_the_policy() {
        let c = campaign("");
        let d = 1_000_000;
        assert!(
            matches!(due(&c, &pending(&["athens"], Some(d)), d - 1), Due::No(m) if m.contains("sparta (S) owes orders for turn 3"))
        );
        assert!(matches!(
            due(&c, &pending(&["athens"], Some(d)), d),
            Due::Yes(_)
        ));
        assert!(matches!(
            due(&c, &pending(&["athens", "sparta"], Some(d)), d - 1),
            Due::Yes(_)
        ));
        let wait = campaign("when_all_in: wait-for-deadline\n");
        assert!(
            matches!(due(&wait, &pending(&["athens", "sparta"], Some(d)), d - 1), Due::No(m) if m.contains("wait-for-deadline"))
        );
        assert!(matches!(
            due(&wait, &pending(&["athens", "sparta"], Some(d)), d + 1),
            Due::Yes(_)
        ));
        assert!(matches!(due(&c, &pending(&[], None), d), Due::No(m) if m.contains("no deadline")));
        assert!(matches!(
            due(&c, &pending(&["athens", "sparta"], None), d),
            Due::Yes(_)
        ));
    }

    #[test]
    fn only_the_sides_a_step_awaits_owe_orders() {
        let c = campaign("");
        let d = 1_000_000;
        let mut p = pending(&[], Some(d));
        p.awaiting = vec!["sparta".into()];
        assert_eq!(p.owing(), vec!["sparta".to_string()]);
        match due(&c, &p, d - 1) {
            Due::No(m) => assert!(
                m.starts_with("sparta (S) owes orders for turn 3") && !m.contains("athens"),
                "{m}"
            ),
            other => panic!("{other:?}"),
        }
        p.sent = vec!["sparta".into()];
        assert_eq!(
            due(&c, &p, d - 1),
            Due::Yes("every side's orders are in".into()),
            "athens owes nothing this step"
        );
    }

    #[test]
    fn the_next_deadline_comes_from_dates_then_the_cadence() {
        let c = campaign("deadline_every: 72h\ndeadlines:\n  5: 2026-03-08T18:00:00Z\n");
        assert_eq!(
            next_deadline(&c, 5, Some(0)).as_deref(),
            Some("2026-03-08T18:00:00Z")
        );
        assert_eq!(
            next_deadline(&c, 4, Some(0)).as_deref(),
            Some("1970-01-04T00:00:00Z")
        );
        assert_eq!(next_deadline(&c, 4, None), None);
        assert_eq!(next_deadline(&campaign(""), 4, Some(0)), None);
        let now = parse_time("2026-03-01T00:00:00Z").unwrap();
        let cur = Deadline {
            text: "2026-03-03T00:00:00Z".into(),
            at: parse_time("2026-03-03T00:00:00Z").unwrap(),
        };
        assert_eq!(
            parse_new_deadline("+48h", now, Some(&cur)).unwrap().text,
            "2026-03-05T00:00:00Z"
        );
        assert_eq!(
            parse_new_deadline("+1d", now, None).unwrap().text,
            "2026-03-02T00:00:00Z"
        );
        assert!(parse_new_deadline("tomorrow", now, None).is_err());
    }

    #[test]
    fn the_token_line_goes_and_nothing_else() {
        let t = b"game: g\nturn: 2\nentropy: \"\"\ntoken: 6f55   # yours\nactions: []\n";
        assert_eq!(
            without_token(t).unwrap(),
            b"game: g\nturn: 2\nentropy: \"\"\n\nactions: []\n".to_vec()
        );
        let crlf = "\u{feff}token : x\r\ngame: g\r\n";
        assert_eq!(
            without_token(crlf.as_bytes()).unwrap(),
            "\u{feff}\r\ngame: g\r\n".as_bytes()
        );
        assert_eq!(without_token(b"game: g\ntokens: 1\n  token: x\n"), None);
        assert_eq!(without_token(b"Token: x").unwrap(), b"".to_vec());
    }

    #[test]
    fn a_hex_run_that_could_be_a_token_is_seen() {
        let token = "6f55994ba09fc2595243";
        let hash = "a".repeat(64);
        assert!(may_hold_old_token(format!("# {token}\n").as_bytes()));
        assert!(may_hold_old_token(token.as_bytes()));
        assert!(may_hold_old_token(format!("x{token}{token}").as_bytes()));
        assert!(!may_hold_old_token(
            format!("based_on: {hash}\n# deadbeef\n").as_bytes()
        ));
        assert!(!may_hold_old_token(&token.as_bytes()[1..]));
        // Wherever it begins, after any text.
        for pre in 0..45 {
            let text = format!("{}{token} z", "q".repeat(pre));
            assert!(may_hold_old_token(text.as_bytes()), "{text}");
            let short = format!("{}{} z", "q".repeat(pre), &token[1..]);
            assert!(!may_hold_old_token(short.as_bytes()), "{short}");
        }
    }

    #[test]
    fn tokens_differ_by_side_turn_and_secret() {
        let s = Secret {
            protocol: "p".into(),
            chain_length: 3,
            open_head: "a".repeat(64),
            sealed_head: "b".repeat(64),
        };
        let t = token(&s, "g", 2, "athens");
        assert_eq!(t.len(), 20);
        assert_eq!(t, token(&s, "g", 2, "athens"));
        assert_ne!(t, token(&s, "g", 2, "sparta"));
        assert_ne!(t, token(&s, "g", 3, "athens"));
        assert_ne!(t, token(&s, "h", 2, "athens"));
        let mut s2 = s.clone();
        s2.sealed_head = "c".repeat(64);
        assert_ne!(t, token(&s2, "g", 2, "athens"));
    }
}
