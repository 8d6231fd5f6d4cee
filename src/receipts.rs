//! The receipts of orders by mail: `.dikast/receipts/NNNN.yaml` (which `publish` leaves
//! out: they hold addresses), every message `receive` handled, its Message-ID, sender,
//! arrival time (this machine's clock, never the forgeable `Date:`), side and outcome.
//! `receive` writes them; the deadline policy and `status` read when a side's orders
//! arrived and whether late. No command is imported.

use crate::clock::{parse_time, UnixTime};
use crate::error::Failure;
use crate::folder::Layout;
use crate::fsx;
use crate::lang::Lang;
use crate::notices::Refusal;
use serde::{Deserialize, Serialize};
use std::fs;
use std::path::PathBuf;

/// What became of a message.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    Accepted,
    /// Accepted after the deadline (`late: accept`).
    Late,
    Refused,
    /// Not answered (no sender, a machine's message, our own).
    Ignored,
}

/// One message handled.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Receipt {
    pub message_id: String,
    pub from: String,
    /// Arrival, RFC 3339, by this machine's clock.
    pub arrived: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    pub outcome: Outcome,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    /// SHA-256 of the orders stored (accepted only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub orders_sha256: Option<String>,
}

/// One turn's receipts file.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct Receipts {
    pub turn: u32,
    pub messages: Vec<Receipt>,
    /// Messages not accepted past the first `UNANSWERED_LISTED` of the turn: counted,
    /// not listed, so that a flood keeps the file small.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub unlisted: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// The messages not accepted (refused, ignored) a turn's receipts list; more are
/// counted (`unlisted`). Orders accepted are always listed.
pub const UNANSWERED_LISTED: usize = 200;

/// The largest receipts file read; a larger one (which bounded fields and the listing
/// cap never make) is set aside, as a damaged one is.
pub const RECEIPTS_MAX_BYTES: u64 = 1 << 20;

/// A receipts file that cannot be used (damaged, or larger than `RECEIPTS_MAX_BYTES`)
/// is set aside beside itself (`NNNN.set-aside-K.yaml`) and a new one begun with what
/// could be kept of it (the orders accepted, when it still parses): a stop of every
/// later message would let anyone who can fill it stop orders by mail. Returns why and
/// where it went, for the moderator; `None` when the file is sound or absent.
pub fn set_aside_if_unusable(layout: &Layout, t: u32) -> Result<Option<(String, String)>, Failure> {
    let p = receipts_path(layout, t);
    let Ok(meta) = fs::metadata(&p) else {
        return Ok(None);
    };
    let (why, kept) = if meta.len() > RECEIPTS_MAX_BYTES {
        (
            format!(
                "{} bytes, more than the {RECEIPTS_MAX_BYTES} a receipts file may be",
                meta.len()
            ),
            None,
        )
    } else {
        match fsx::read_limited(&p).and_then(|b| {
            crate::pipeline::parse_file::<Receipts>(&layout.rel(&p), &b, "receipts file")
        }) {
            Ok(r) if r.turn == t => return Ok(None),
            Ok(r) => (format!("it says turn {}", r.turn), None),
            Err(e) => (
                e.render()
                    .lines()
                    .find(|l| !l.trim().is_empty())
                    .unwrap_or("it cannot be read")
                    .trim_start_matches("error: ")
                    .chars()
                    .take(200)
                    .collect(),
                None,
            ),
        }
    };
    let _: Option<Receipts> = kept;
    let mut k = 1;
    let aside = loop {
        let a = p.with_file_name(format!("{t:04}.set-aside-{k}.yaml"));
        if !a.exists() {
            break a;
        }
        k += 1;
    };
    fsx::rename(&p, &aside)?;
    Ok(Some((why, layout.rel(&aside))))
}

/// `.dikast/receipts/NNNN.yaml`.
pub fn receipts_path(layout: &Layout, t: u32) -> PathBuf {
    layout
        .dir
        .join(".dikast")
        .join("receipts")
        .join(format!("{t:04}.yaml"))
}

/// The receipts of turn t (none yet: an empty list).
pub fn load_receipts(layout: &Layout, t: u32) -> Result<Receipts, Failure> {
    let p = receipts_path(layout, t);
    if !p.exists() {
        return Ok(Receipts {
            turn: t,
            messages: Vec::new(),
            unlisted: 0,
        });
    }
    let b = fsx::read_limited(&p)?;
    crate::pipeline::parse_file(&layout.rel(&p), &b, "receipts file")
}

/// Adds a receipt to turn t's file (past `UNANSWERED_LISTED` messages not accepted,
/// only counted).
pub fn add_receipt(layout: &Layout, t: u32, r: Receipt) -> Result<(), Failure> {
    let mut all = load_receipts(layout, t)?;
    let accepted = |m: &Receipt| matches!(m.outcome, Outcome::Accepted | Outcome::Late);
    let unanswered = all.messages.iter().filter(|m| !accepted(m)).count();
    if !accepted(&r) && unanswered >= UNANSWERED_LISTED {
        all.unlisted += 1;
    } else {
        all.messages.push(r);
    }
    let text = format!(
        "# dikast receipts of turn {t}: every message `dikast receive` handled.\n{}",
        crate::game::to_yaml(&all)
    );
    fsx::replace(&receipts_path(layout, t), text.as_bytes())
}

/// When the orders stored for a side in turn t arrived (the last accepted message).
pub fn arrival(layout: &Layout, t: u32, side: &str) -> Option<UnixTime> {
    let r = load_receipts(layout, t).ok()?;
    r.messages
        .iter()
        .rev()
        .find(|m| {
            m.side.as_deref() == Some(side)
                && matches!(m.outcome, Outcome::Accepted | Outcome::Late)
        })
        .and_then(|m| parse_time(&m.arrived).ok())
}

/// Whether the stored orders of a side in turn t were accepted late.
pub fn was_late(layout: &Layout, t: u32, side: &str) -> bool {
    load_receipts(layout, t).ok().is_some_and(|r| {
        r.messages
            .iter()
            .rev()
            .find(|m| {
                m.side.as_deref() == Some(side)
                    && matches!(m.outcome, Outcome::Accepted | Outcome::Late)
            })
            .is_some_and(|m| m.outcome == Outcome::Late)
    })
}

/// The sides whose orders by mail of turn t were refused for arriving after the deadline
/// (`late: refuse`), each with the arrival of its last such message, in side order.
pub fn refused_late(layout: &Layout, t: u32) -> Vec<(String, String)> {
    let Ok(r) = load_receipts(layout, t) else {
        return Vec::new();
    };
    let late_why = |w: &str| {
        let probe = Refusal::Late {
            deadline: String::new(),
        }
        .why(Lang::En);
        let tail = probe.trim_start_matches("the deadline  has passed");
        w.starts_with("the deadline ") && w.ends_with(tail)
    };
    let mut by_side: std::collections::BTreeMap<String, String> = Default::default();
    for m in &r.messages {
        if m.outcome == Outcome::Refused && m.why.as_deref().is_some_and(late_why) {
            if let Some(s) = &m.side {
                by_side.insert(s.clone(), m.arrived.clone());
            }
        }
    }
    by_side.into_iter().collect()
}
