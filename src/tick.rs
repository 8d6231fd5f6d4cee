//! `dikast tick DIR`: one run of a campaign that runs itself, for cron. In order: finish
//! an undo that stopped half-way (and nothing more that run), receive what waits in the
//! campaign's Maildir, send notices still queued, mail the last
//! adjudicated turn if any of its messages is unsent, adjudicate the pending turn when
//! the policy says it is due (and mail it), send each player his call for orders (his
//! template with his turn token) once per turn, and remind who still owes orders once
//! the deadline is near. Every step checks what was done before it acts, so a second
//! run with nothing new does nothing, and one tick at a time works on a campaign
//! (`.dikast/tick.lock`, held over all the steps: a second tick skips it), so nothing is
//! sent twice. It prints one line per thing done. Over a folder that is not a campaign,
//! it ticks every campaign folder inside it.
//!
//! Also here: `dikast undo` (then the archive verified, as step 0 does), and `dikast
//! remind` and `dikast deadline --set`, which mail the same notices by
//! the moderator's hand. The calls and reminders sent are listed in
//! `.dikast/notices.yaml`.

use crate::campaign_file::Campaign;
use crate::clock::{format_span, format_utc, UnixTime};
use crate::error::Failure;
use crate::folder::Layout;
use crate::fsx;
use crate::lang::Lang;
use crate::mail::{Notice, To};
use crate::policy::{self, Due};
use crate::registry::{Game, Registry};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// How long `remind`, `deadline --set` and `undo` wait for a tick that is running on the
/// campaign before they give up with exit 75.
pub const TICK_LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(60);

/// For the commands that mail notices by the moderator's hand: the tick lock, waited
/// for, so that none sends what a running tick is sending too. Only a tick creates the
/// lock file (these commands write nothing when they fail): where there is none, no tick
/// has run on the campaign yet, and there is nothing to wait for.
pub fn hold_tick_lock(layout: &Layout) -> Result<Option<fsx::RunLock>, Failure> {
    let path = layout.tick_lock();
    if !path.is_file() {
        return Ok(None);
    }
    fsx::RunLock::take_waiting(&path, TICK_LOCK_WAIT, "a tick is running on this campaign")
        .map(Some)
}

/// How long tick's receiving waits for a campaign another dikast works on: what is left
/// waits for the next tick.
const RECEIVE_LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

fn sent_path(layout: &Layout) -> std::path::PathBuf {
    layout.dir.join(".dikast").join("notices.yaml")
}

/// The calls and reminders already sent (`call 0002 athens`, `remind 0002 athens <deadline>`).
fn sent_marks(layout: &Layout) -> Result<BTreeSet<String>, Failure> {
    let p = sent_path(layout);
    if !p.exists() {
        return Ok(BTreeSet::new());
    }
    let b = fsx::read_limited(&p)?;
    crate::pipeline::parse_file(&layout.rel(&p), &b, "notices file")
}

fn mark(layout: &Layout, m: String) -> Result<(), Failure> {
    let mut all = sent_marks(layout)?;
    all.insert(m);
    let text = format!(
        "# Calls for orders and reminders dikast has mailed (so that each goes once).\n{}",
        crate::game::to_yaml(&all)
    );
    fsx::replace(&sent_path(layout), text.as_bytes())
}

/// A player's call for orders of the pending turn: his template (with his turn token)
/// attached and in the body, his view attached, the deadline in force, and what the
/// moderator must tell about the last adjudication (early, late orders).
fn call_for_orders(
    game: &dyn Game,
    layout: &Layout,
    c: &Campaign,
    side: &str,
    kind: &str,
) -> Result<String, Failure> {
    let p = policy::pending(layout, c)?;
    let t = p.turn;
    // In the player's language: the words, the step, the template's comments.
    let lang = policy::language_of(c, side);
    let template = game.template(layout, side, Some(lang))?;
    let view_path = layout.turn_dir(t).join(format!("view-{side}.yaml"));
    let view = fsx::read_limited(&view_path)?;
    let step = p.step_in(lang, |l| game.step_title(layout, t, l));
    let deadline = p
        .deadline
        .as_ref()
        .map(|d| (d.text.clone(), format_utc(d.at)));
    // What the last adjudication's record says (its reports say it too).
    // A side by its name in the reader's language («Спарта (Архидам)»), never its id
    // (issue 32, Russian 8).
    let named = |s: &str| match lang {
        crate::lang::Lang::Ru => {
            let name = game.side_name(layout, t, s, lang);
            match c
                .players
                .get(s)
                .map(|p| p.name.trim())
                .filter(|n| !n.is_empty())
            {
                Some(n) => format!("{name} ({n})"),
                None => name,
            }
        }
        _ => policy::who(c, s),
    };
    let (mut early, mut late) = (None, None);
    let record = if t > 1 {
        policy::load_record(layout, t - 1)?
    } else {
        None
    };
    if let Some((_, rec)) = &record {
        if !rec.early_owing.is_empty() {
            let owing: Vec<String> = rec.early_owing.iter().map(|s| named(s)).collect();
            early = Some((
                rec.at.as_str(),
                rec.deadline.as_deref().unwrap_or("-"),
                owing.join(", "),
            ));
        }
        if !rec.late_orders.is_empty() {
            let who: Vec<String> = rec.late_orders.iter().map(|l| named(&l.side)).collect();
            late = Some(who.join(", "));
        }
    }
    let body = crate::notices::call_body(
        lang,
        &crate::notices::Call {
            reminder: kind == "reminder",
            game: &p.game,
            turn: t,
            step: &step,
            side,
            awaited: p.awaiting.iter().any(|a| a == side),
            deadline: deadline.as_ref().map(|(d, u)| (d.as_str(), u.as_str())),
            early,
            late,
            template: &template,
        },
    );
    let n = Notice {
        to: To::Side(side),
        subject: crate::notices::call_subject(lang, &c.game, t, kind == "reminder"),
        body,
        in_reply_to: None,
        attachments: vec![
            (
                format!("orders-{side}.yaml"),
                "text/yaml; charset=utf-8",
                template.into_bytes(),
            ),
            (
                format!("view-{side}.yaml"),
                "text/yaml; charset=utf-8",
                view,
            ),
            // The schema the template's first line names, so his editor checks the orders
            // as he types (issue 32.17: the template says it is attached).
            (
                crate::show::SCHEMA_FILE.to_string(),
                "application/schema+json",
                crate::schema::pretty(&game.orders_schema()).into_bytes(),
            ),
        ],
    };
    crate::mail::send_notice(layout, c, &n)
}

/// Each player's call for orders of the pending turn, unless he was sent it before
/// (tick's step 5, and `adjudicate --mail`): one line each; whether any waits unsent.
pub fn send_calls(
    game: &dyn Game,
    layout: &Layout,
    c: &Campaign,
    lines: &mut Vec<String>,
) -> Result<bool, Failure> {
    let p = policy::pending(layout, c)?;
    let marks = sent_marks(layout)?;
    let mut waits = false;
    for side in c.players.keys() {
        let m = format!("call {:04} {side}", p.turn);
        if marks.contains(&m) {
            continue;
        }
        let line = call_for_orders(game, layout, c, side, "call")?;
        mark(layout, m)?;
        waits |= line.starts_with("queued");
        lines.push(format!("called {side} for turn {}: {line}", p.turn));
    }
    Ok(waits)
}

/// `dikast remind DIR`: reminds every player who owes orders of the pending turn, now.
pub fn remind(reg: &Registry, layout: &Layout, now: UnixTime) -> Result<String, Failure> {
    let c = crate::campaign_file::load(layout)?;
    let game = reg.find(&c.rules)?;
    let p = policy::pending(layout, &c)?;
    let owing = p.owing();
    if owing.is_empty() {
        return Ok(format!(
            "turn {}: nobody owes orders; no reminder sent\n",
            p.turn
        ));
    }
    let mut out = String::new();
    for side in owing {
        let line = call_for_orders(game, layout, &c, &side, "reminder")?;
        mark(
            layout,
            format!(
                "remind {:04} {side} {}",
                p.turn,
                p.deadline.as_ref().map(|d| d.text.as_str()).unwrap_or("-")
            ),
        )?;
        // How far the deadline is, as tick's reminders say it.
        let when = match &p.deadline {
            Some(d) if now < d.at => format!(" ({} before the deadline)", format_span(d.at - now)),
            Some(d) => format!(" ({} after the deadline)", format_span(now - d.at)),
            None => " (no deadline is set)".to_string(),
        };
        out.push_str(&format!("reminded {side}{when}: {line}\n"));
    }
    Ok(out)
}

/// `dikast deadline DIR --set WHEN`: the pending turn's new deadline, and a notice to
/// every player and the moderator.
pub fn set_deadline(
    reg: &Registry,
    layout: &Layout,
    when: &str,
    now: UnixTime,
) -> Result<String, Failure> {
    let c = crate::campaign_file::load(layout)?;
    let game = reg.find(&c.rules)?;
    let p = policy::pending(layout, &c)?;
    let d = policy::parse_new_deadline(when, now, p.deadline.as_ref())
        .map_err(|e| Failure::Refused(format!("--set: {e}")))?;
    policy::set_deadline(layout, p.turn, &d, now)?;
    let mut out = format!(
        "turn {}: deadline set to {} ({}){}\n",
        p.turn,
        d.text,
        format_utc(d.at),
        p.deadline
            .as_ref()
            .map(|o| format!(", was {}", o.text))
            .unwrap_or_default()
    );
    if c.mail.is_none() {
        out.push_str("no `mail:` settings: no notice sent\n");
        return Ok(out);
    }
    let was = p.deadline.as_ref().map(|o| o.text.clone());
    let at = format_utc(d.at);
    let mut to: Vec<(To, Lang)> = c
        .players
        .keys()
        .map(|s| (To::Side(s), policy::language_of(&c, s)))
        .collect();
    to.push((To::Moderator, policy::moderator_language(&c)));
    // Each reader is told in his language, the step too (worded once per language).
    let mut steps: BTreeMap<Lang, String> = BTreeMap::new();
    for (whom, lang) in to {
        let step = steps
            .entry(lang)
            .or_insert_with(|| p.step_in(lang, |l| game.step_title(layout, p.turn, l)));
        let n = Notice {
            to: whom,
            subject: crate::notices::deadline_subject(lang, &c.game, p.turn, &d.text),
            body: crate::notices::deadline_body(
                lang,
                &crate::notices::NewDeadline {
                    game: &p.game,
                    turn: p.turn,
                    step,
                    text: &d.text,
                    at: &at,
                    was: was.as_deref(),
                },
            ),
            in_reply_to: None,
            attachments: Vec::new(),
        };
        out.push_str(&crate::mail::send_notice(layout, &c, &n)?);
        out.push('\n');
    }
    Ok(out)
}

/// `dikast undo DIR` (`crate::undo::undo`: takes back the last adjudication, or finishes
/// an undo that stopped), then the archive verified: what the moderator's command and
/// `tick`'s step 0 both do.
pub fn undo(
    game: &dyn Game,
    layout: &Layout,
    force: bool,
    now: UnixTime,
) -> Result<String, Failure> {
    let mut out = crate::undo::undo(layout, force, now)?;
    let sum = game.verify_archive(layout)?;
    out.push_str(&format!(
        "the archive verifies ({} lines checked)\n",
        sum.lines.len()
    ));
    Ok(out)
}

/// What one tick of one campaign did, and whether anything failed.
struct Ticked {
    lines: Vec<String>,
    mail_waits: bool,
    failed: bool,
}

fn tick_one(reg: &Registry, layout: &Layout, now: UnixTime, clock_given: bool) -> Ticked {
    let mut r = Ticked {
        lines: Vec::new(),
        mail_waits: false,
        failed: false,
    };
    // One tick at a time on a campaign (cron overlapping a slow run, or the moderator's
    // own): the other finds the lock held and leaves everything to it.
    let held = if layout.dir.join(".dikast").is_dir() {
        match fsx::RunLock::try_take(&layout.tick_lock()) {
            Ok(Some(l)) => Some(l),
            Ok(None) => {
                r.lines
                    .push("skipped: another tick is running on this campaign".into());
                return r;
            }
            Err(f) => {
                r.failed = true;
                r.lines.push(format!("stopped: {}", f.render().trim_end()));
                return r;
            }
        }
    } else {
        None
    };
    let result = tick_steps(reg, layout, now, clock_given, &mut r);
    drop(held);
    if let Err(f) = result {
        r.failed = true;
        let m = f.render().replace("\nnothing was written\n", "\n");
        r.lines.push(format!(
            "stopped: {}",
            m.trim_end()
                .replace('\n', " | ")
                .trim_start_matches("error: ")
        ));
    }
    r
}

fn tick_steps(
    reg: &Registry,
    layout: &Layout,
    now: UnixTime,
    clock_given: bool,
    r: &mut Ticked,
) -> Result<(), Failure> {
    let c = crate::campaign_file::load(layout)?;
    let game = reg.find(&c.rules)?;
    // 0. An undo that stopped half-way is finished, as `dikast undo` would: its plan says
    // what moves and whether notices are owed (the moderator asked for them), and each
    // notice already sent is recorded, so none goes twice. Nothing else this tick: the
    // next one goes on from the turn the undo gave back.
    if crate::undo_plan::unfinished(layout).is_some() {
        let out = undo(game, layout, false, now)?;
        r.lines.extend(out.lines().map(str::to_string));
        r.lines.push("the next tick goes on".into());
        return Ok(());
    }
    // 1. Orders waiting in the Maildir.
    if let Some(md) = &c.maildir {
        receive_orders(game, layout, md, now, r)?;
    }
    // 2. Notices that could not be sent before.
    if c.mail.is_some() {
        let (lines, waiting) = crate::mail::retry_notices(layout)?;
        r.lines.extend(lines);
        r.mail_waits |= waiting > 0;
    }
    // 3. The last adjudicated turn's mail, when some of it is unsent (or it was never mailed).
    if c.mail.is_some() {
        if let Ok(t) = crate::mail::latest_adjudicated(layout) {
            if crate::mail::unsent(layout, t)?.is_none_or(|n| n > 0) {
                mail_turn(game, layout, t, r)?;
            }
        }
    }
    // Once the game is over nothing is adjudicated, and no mail asks for orders.
    if let Some(why) = game.status(layout)?.over {
        r.lines.push(format!("{why}; no one is called for orders"));
        return Ok(());
    }
    // 4. Adjudicate when due.
    if adjudicate_if_due(game, layout, &c, now, clock_given, r)? == Go::Stop {
        return Ok(());
    }
    if c.mail.is_none() {
        return Ok(());
    }
    // 5. Each player's call for orders of the pending turn, once.
    r.mail_waits |= send_calls(game, layout, &c, &mut r.lines)?;
    // 6. Reminders, once per deadline, when it is near.
    send_reminders(game, layout, &c, now, r)
}

/// Whether a tick goes on after a step.
#[derive(PartialEq)]
enum Go {
    On,
    Stop,
}

/// Step 1: the orders waiting in the Maildir `md` (relative to the campaign folder),
/// received.
fn receive_orders(
    game: &dyn Game,
    layout: &Layout,
    md: &Path,
    now: UnixTime,
    r: &mut Ticked,
) -> Result<(), Failure> {
    let md = if md.is_absolute() {
        md.to_path_buf()
    } else {
        layout.dir.join(md)
    };
    // A Maildir named but not made yet (no mail has come, so no mail program made
    // it): made empty, so that this tick goes on and the calls for orders go out.
    if let Some(l) = crate::receive::make_maildir(&md)? {
        r.lines.push(l);
    }
    let got = crate::registry::with_desk(game, layout, |d| {
        crate::receive::receive_maildir(layout, d, &md, now, RECEIVE_LOCK_WAIT)
    })?;
    for l in got {
        r.lines.push(l);
    }
    Ok(())
}

/// Turn t's mail sent (what is unsent of it): its first line; a failure to mail only
/// makes the mail wait.
fn mail_turn(game: &dyn Game, layout: &Layout, t: u32, r: &mut Ticked) -> Result<(), Failure> {
    match game.send_turn(layout, t, false) {
        Ok(s) => r.lines.push(s.lines().next().unwrap_or("").to_string()),
        Err(Failure::Mail(m)) => {
            r.mail_waits = true;
            r.lines.push(m.lines().next().unwrap_or("").to_string());
        }
        Err(f) => return Err(f),
    }
    Ok(())
}

/// Step 4: the pending turn adjudicated when due, and mailed. (A turn with no deadline
/// yet under `deadline_every:`, turn 1 of a new campaign, gets one counted from now,
/// which the calls for orders name.) Stop: nothing more this tick.
fn adjudicate_if_due(
    game: &dyn Game,
    layout: &Layout,
    c: &Campaign,
    now: UnixTime,
    clock_given: bool,
    r: &mut Ticked,
) -> Result<Go, Failure> {
    let mut p = policy::pending(layout, c)?;
    if let Some(d) = policy::first_deadline(layout, c, &p, now)? {
        r.lines.push(format!(
            "turn {}: deadline set to {} (deadline_every)",
            p.turn, d.text
        ));
        p.deadline = Some(d);
    }
    let Due::Yes(why) = policy::due(c, &p, now) else {
        return Ok(Go::On);
    };
    let done = game.adjudicate(
        layout,
        &crate::campaign::AdjudicateOptions {
            fallback: false,
            allow_no_orders: true,
            clock: Some(now),
            clock_given,
            early: false,
        },
    )?;
    if done.turn == 0 {
        // Only an interrupted commit was finished (turn 0 by convention): the next
        // tick adjudicates, and mails, the turn itself.
        r.lines
            .push("finished an interrupted adjudication; the next tick goes on".into());
        return Ok(Go::Stop);
    }
    let over = game.status(layout)?.over.is_some();
    let next = match over {
        true => "the game is over".to_string(),
        false => format!("turn {} awaits orders", done.turn + 1),
    };
    r.lines
        .push(format!("turn {} adjudicated ({why}); {next}", done.turn));
    if c.mail.is_some() {
        mail_turn(game, layout, done.turn, r)?;
    }
    Ok(if over { Go::Stop } else { Go::On })
}

/// Step 6: a reminder to each side that owes orders, once per deadline, when it is near.
fn send_reminders(
    game: &dyn Game,
    layout: &Layout,
    c: &Campaign,
    now: UnixTime,
    r: &mut Ticked,
) -> Result<(), Failure> {
    let p = policy::pending(layout, c)?;
    let marks = sent_marks(layout)?;
    let Some(d) = &p.deadline else {
        return Ok(());
    };
    let window = policy::remind_before(c);
    if now < d.at && now + window >= d.at {
        for side in p.owing() {
            let m = format!("remind {:04} {side} {}", p.turn, d.text);
            if marks.contains(&m) {
                continue;
            }
            let line = call_for_orders(game, layout, c, &side, "reminder")?;
            mark(layout, m)?;
            r.mail_waits |= line.starts_with("queued");
            r.lines.push(format!(
                "reminded {side} ({} before the deadline): {line}",
                format_span(d.at - now)
            ));
        }
    }
    Ok(())
}

/// `dikast tick DIR`: one campaign, or every campaign folder directly inside DIR. `now`
/// is the machine's clock unless `clock_given` (`--clock`): an adjudication records which.
pub fn tick(
    reg: &Registry,
    dir: &Path,
    now: UnixTime,
    clock_given: bool,
) -> Result<String, Failure> {
    let mut folders = Vec::new();
    if dir.join("campaign.yaml").exists() {
        folders.push(dir.to_path_buf());
    } else {
        let rd = std::fs::read_dir(dir).map_err(|e| Failure::io(dir, "read", e))?;
        let mut v: Vec<_> = rd
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.join("campaign.yaml").exists())
            .collect();
        v.sort();
        if v.is_empty() {
            return Err(Failure::Refused(format!(
                "{} is neither a campaign folder nor a folder of campaigns (no campaign.yaml in it or in its folders)",
                dir.display()
            )));
        }
        folders = v;
    }
    let many = folders.len() > 1 || folders[0] != dir;
    let mut out = String::new();
    let (mut failed, mut waits) = (false, false);
    for f in &folders {
        let r = tick_one(reg, &Layout::new(f), now, clock_given);
        failed |= r.failed;
        waits |= r.mail_waits;
        let name = f
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        for l in r.lines {
            if many {
                out.push_str(&format!("{name}: {l}\n"));
            } else {
                out.push_str(&format!("{l}\n"));
            }
        }
    }
    if failed {
        Err(Failure::Io(format!(
            "{out}some campaign could not be ticked (see `stopped:` above)"
        )))
    } else if waits {
        Err(Failure::Mail(format!(
            "{out}some mail could not be sent; it waits and the next tick retries it\n"
        )))
    } else {
        Ok(out)
    }
}
