//! `dikast undo DIR`: takes back the last adjudication — its reports, its mail folder,
//! its early-adjudication note and the next turn's folder — so that the pending turn is
//! again the one it was, byte for byte (adjudication only ever adds files to it). What
//! is taken back is moved, never deleted, into `.dikast/undone/`. Refused once any of
//! the turn's mail reached the server, unless `--force`: then every player and the
//! moderator get a correction notice. The moves are flushed (where they arrived, then
//! where they left) before anyone is told.
//!
//! An undo is all or nothing, like an adjudication: its plan (every move, in order, and
//! whether notices are owed) is written and flushed into its folder before the first
//! move, as `.undo-plan.yaml`, and renamed to `undo.yaml` (the record of what was taken
//! back) once everything is done. An undo that stopped in between leaves the plan: every
//! command that reads the campaign names it (`crate::pending::interrupted`, `unfinished`), and
//! the next `dikast undo` finishes it from the plan. Each correction notice is recorded
//! as sent in the undo's folder once the server has it, so finishing an undo sends only
//! the notices not yet sent.
//!
//! An undo never lets a revealed seed be used again (issue 28.1): the voided reports
//! revealed the turn's seed, so the undo retires it and commits to a new one
//! (dikast-reseed/1, docs/dice.md), recorded in `turns/NNNN/reseed.yaml` with the moves
//! and given in the correction notices, so that no player can foresee the dice of the
//! turn adjudicated again.

use crate::clock::{format_utc, UnixTime};
use crate::error::Failure;
use crate::folder::Layout;
use crate::fsx;
use crate::mail::{Notice, To};
use crate::undo_plan::{read_plan, unfinished, Move, Plan, DONE, PLAN};
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

fn files_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| !n.starts_with('.'))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// Takes back the last adjudication, or finishes an undo that stopped. Returns what was
/// done, one line each.
pub fn undo(layout: &Layout, force: bool, now: UnixTime) -> Result<String, Failure> {
    let c = crate::campaign_file::load(layout)?;
    let lock = fsx::Lock::take(&layout.dir)?;
    if let Some(u) = unfinished(layout) {
        let plan = read_plan(&u.dir)?;
        let mut lines = vec![format!(
            "finished an undo of turn {} that had stopped half-way",
            plan.turn
        )];
        lines.extend(carry_out(layout, &c, &u.dir, &plan)?);
        drop(lock);
        return Ok(lines.join("\n") + "\n");
    }
    let turns = layout.turns()?;
    if let Some(i) = crate::pending::interrupted(layout, &turns) {
        return Err(Failure::Refused(format!(
            "{}; undo after that",
            i.describe(layout)
        )));
    }
    let last = *turns.last().expect("turns() is never empty");
    if last == 1 || layout.report(last).exists() {
        return Err(Failure::Refused(if last == 1 {
            "no turn of this campaign has been adjudicated: nothing to undo".into()
        } else {
            format!("turn {last} has a report but no turn after it: the archive is incomplete; restore it before undoing")
        }));
    }
    let t = last - 1;
    if !layout.report(t).exists() {
        return Err(Failure::Refused(format!(
            "turn {t} has no report: its adjudication was interrupted; remove {} instead",
            layout.rel(&layout.turn_dir(last))
        )));
    }
    let waiting = files_in(&layout.orders_dir(last));
    if !waiting.is_empty() && !force {
        return Err(Failure::Refused(format!(
            "turn {last} already holds orders ({}): undoing turn {t} would take them back too; run with --force to do it all the same (they are kept in .dikast/undone/)",
            waiting.join(", ")
        )));
    }
    let sent = crate::mail::any_sent(layout, t)?;
    if sent && !force {
        return Err(Failure::Refused(format!(
            "the mail of turn {t} was already sent: the players have its reports. Run with --force to undo all the same; every player then gets a correction notice"
        )));
    }
    let stamp = crate::clock::rfc3339(now).replace(':', "");
    // Two undos within one second (or at one `--clock`) each get their own folder.
    let undone = layout.dir.join(".dikast").join("undone");
    let mut dest = undone.join(format!("{stamp}-turn-{t:04}"));
    let mut n = 2;
    while dest.exists() {
        dest = undone.join(format!("{stamp}-turn-{t:04}-{n}"));
        n += 1;
    }
    // The seed the adjudication revealed (the next game file's commitment) is retired:
    // the turn is adjudicated again with a seed no one has seen (docs/dice.md).
    let next_game = fsx::read_limited(&layout.game(last))?;
    let retired = crate::links::dice_commitment_of(&next_game)
        .and_then(|h| crate::dice::parse_hash(&h))
        .ok_or_else(|| {
            Failure::Verify(format!(
                "{}: field dice.commitment (the seed turn {t} revealed) cannot be read; the undo did not begin",
                layout.rel(&layout.game(last))
            ))
        })?;
    let at = crate::clock::rfc3339(now);
    let secret = layout.load_secret()?;
    let reseed = crate::secret::reseed(&secret, t, &retired, &at)?;
    let plan = Plan {
        turn: t,
        at,
        moves: moves_of(layout, t, &dest),
        orders_taken: waiting,
        notify: sent,
        reseed: Some(reseed),
    };
    // The plan, durable before anything moves: in its folder, and that folder in
    // `undone/` and `undone/` in `.dikast/`.
    let text = serde_yaml::to_string(&plan)
        .map_err(|e| Failure::Io(format!("the plan of the undo: {e}")))?;
    let planned = fsx::mkdir(&dest)
        .and_then(|_| fsx::write_new(&dest.join(PLAN), text.as_bytes()))
        .and_then(|_| fsx::sync_dirs(&[&undone, &layout.dir.join(".dikast")]));
    if let Err(e) = planned {
        // Nothing moved yet: the campaign is left as it was, plan and folder gone.
        let _ = fs::remove_file(dest.join(PLAN));
        let _ = fs::remove_dir(&dest);
        return Err(Failure::Io(format!(
            "{}; the undo of turn {t} did not begin (nothing was moved), so no one was told",
            e.render().trim_end().trim_start_matches("error: ")
        )));
    }
    let lines = carry_out(layout, &c, &dest, &plan)?;
    drop(lock);
    Ok(lines.join("\n") + "\n")
}

/// The moves that take turn t's adjudication back into `dest`, in order: the reports
/// (the moderator's English one first), the mail folder and the record, turn t+1's
/// folder, and its receipts of orders by mail.
fn moves_of(layout: &Layout, t: u32, dest: &Path) -> Vec<Move> {
    let rel = |p: &Path| layout.rel(p);
    let tdir = layout.turn_dir(t);
    let mut reports: Vec<String> = files_in(&tdir)
        .into_iter()
        .filter(|n| n.starts_with("report") && n.ends_with(".md"))
        .collect();
    reports.sort_by_key(|n| n != "report.md");
    let mut names = reports;
    for extra in ["mail", crate::policy::RECORD] {
        if tdir.join(extra).exists() {
            names.push(extra.to_string());
        }
    }
    let mut moves: Vec<Move> = names
        .iter()
        .map(|n| Move {
            from: rel(&tdir.join(n)),
            to: rel(&dest.join(n)),
        })
        .collect();
    let last = t + 1;
    moves.push(Move {
        from: rel(&layout.turn_dir(last)),
        to: rel(&dest.join(format!("turn-{last:04}"))),
    });
    let receipts = receipts_of(layout, last);
    if receipts.exists() {
        moves.push(Move {
            from: rel(&receipts),
            to: rel(&dest.join(format!("receipts-{last:04}.yaml"))),
        });
    }
    moves
}

fn receipts_of(layout: &Layout, turn: u32) -> PathBuf {
    layout
        .dir
        .join(".dikast")
        .join("receipts")
        .join(format!("{turn:04}.yaml"))
}

/// Makes each move of the plan not made yet (one made before a stop is passed over).
/// Returns the folders the moves left, to be flushed.
fn make_moves(
    layout: &Layout,
    plan: &Plan,
    stopped: &dyn Fn(Failure) -> Failure,
) -> Result<Vec<PathBuf>, Failure> {
    let mut left = vec![layout.turn_dir(plan.turn), layout.dir.join("turns")];
    for m in &plan.moves {
        let (from, to) = (layout.dir.join(&m.from), layout.dir.join(&m.to));
        if from.exists() {
            if let Some(p) = to.parent() {
                if !p.is_dir() {
                    fsx::mkdir(p).map_err(stopped)?;
                }
            }
            fsx::rename(&from, &to).map_err(stopped)?;
        } else if !to.exists() {
            return Err(stopped(Failure::Refused(format!(
                "{} is neither where it was nor where the undo puts it ({})",
                m.from, m.to
            ))));
        }
        if let Some(p) = from.parent() {
            if !left.iter().any(|l| l == p) {
                left.push(p.to_path_buf());
            }
        }
    }
    Ok(left)
}

/// Carries a plan out from wherever it stopped: each move not made yet, the orders the
/// adjudication took the token out of put back, everything flushed, the notices owed
/// sent, and the plan renamed to the record. Returns what was done, one line each.
fn carry_out(
    layout: &Layout,
    c: &crate::campaign_file::Campaign,
    dest: &Path,
    plan: &Plan,
) -> Result<Vec<String>, Failure> {
    let t = plan.turn;
    let last = t + 1;
    let stopped = |e: Failure| {
        Failure::Io(format!(
            "{}; the undo of turn {t} stopped half-way, so no one was told: `dikast undo {}` finishes it (what it took back so far is in {})",
            e.render().trim_end().trim_start_matches("error: "),
            layout.dir.display(),
            layout.rel(dest)
        ))
    };
    let mut left = make_moves(layout, plan, &stopped)?;
    left.extend(restore_tokens(layout, t).map_err(stopped)?);
    if let Some(r) = &plan.reseed {
        record_reseed(layout, r).map_err(stopped)?;
    }
    // Made durable before anyone is told (the correction notices): what was moved is
    // flushed in its new place first, then gone from the old, so that a crash between
    // leaves it in both places, never in neither.
    let undone = layout.dir.join(".dikast").join("undone");
    let mut arrived: Vec<PathBuf> = vec![dest.to_path_buf(), undone, layout.dir.join(".dikast")];
    arrived.retain(|p| p.is_dir());
    left.retain(|p| p.is_dir());
    let flushed = fsx::sync_dirs(&arrived.iter().map(|p| p.as_path()).collect::<Vec<_>>())
        .and_then(|_| fsx::sync_dirs(&left.iter().map(|p| p.as_path()).collect::<Vec<_>>()));
    if let Err(e) = flushed {
        return Err(Failure::Io(format!(
            "{}; turn {t}'s adjudication is taken back ({} holds it) but the disk did not confirm it, so no one was told: `dikast undo {}` finishes it",
            e.render().trim_end().trim_start_matches("error: "),
            layout.rel(dest),
            layout.dir.display()
        )));
    }
    let reports = plan
        .moves
        .iter()
        .filter(|m| {
            let n = Path::new(&m.from)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            n.starts_with("report") && n.ends_with(".md")
        })
        .count();
    let mut lines = vec![
        format!("took back the {reports} reports of turn {t}"),
        format!(
            "removed turn {last}'s folder{}",
            if plan.orders_taken.is_empty() {
                String::new()
            } else {
                format!(" and the orders it held ({})", plan.orders_taken.join(", "))
            }
        ),
        format!(
            "turn {t} awaits orders again; what was taken back is in {}",
            layout.rel(dest)
        ),
    ];
    if plan.notify {
        let at = crate::clock::parse_time(&plan.at).unwrap_or(0);
        lines.extend(notify(layout, c, t, at, dest, plan.reseed.as_ref())?);
    }
    // Closed last, after the notices: each notice sent is recorded first (`notify`), so
    // an undo stopped after them sends none again when it is finished.
    let closed = fsx::rename(&dest.join(PLAN), &dest.join(DONE)).and_then(|_| {
        fsx::sync_dir(dest).inspect_err(|_| {
            // Not durable: the plan stays open, as the message below says.
            let _ = fs::rename(dest.join(DONE), dest.join(PLAN));
        })
    });
    if let Err(e) = closed {
        return Err(Failure::Io(format!(
            "{}; turn {t}'s adjudication is taken back {}, but the disk did not confirm its record in {}: `dikast undo {}` closes it",
            e.render().trim_end().trim_start_matches("error: "),
            if plan.notify {
                "and the correction notices are sent"
            } else {
                "(no mail of it had been sent, so no one was told)"
            },
            layout.rel(dest),
            layout.dir.display()
        )));
    }
    Ok(lines)
}

/// Appends the undo's reseed to its turn's `reseed.yaml` (once: an undo finished again
/// finds it there). Replaced whole; flushed with the turn's folder before anyone is told.
fn record_reseed(layout: &Layout, r: &crate::game::Reseed) -> Result<(), Failure> {
    let mut all = crate::folder::read_reseeds(layout, r.turn)?;
    if all.last() == Some(r) {
        return Ok(());
    }
    all.push(r.clone());
    fsx::replace(
        &layout.reseed_file(r.turn),
        crate::secret::reseed_text(&all).as_bytes(),
    )
}

/// Orders files the adjudication of turn t took the turn token out of go back as they
/// were, each only over the file it is the original of (the same but for the token
/// line). Returns the folders it changed.
fn restore_tokens(layout: &Layout, t: u32) -> Result<Vec<PathBuf>, Failure> {
    let kept = layout
        .dir
        .join(".dikast")
        .join("with-token")
        .join(format!("{t:04}"));
    if !kept.is_dir() {
        return Ok(Vec::new());
    }
    for n in files_in(&kept) {
        let here = layout.orders_dir(t).join(&n);
        let original = fsx::read_limited(&kept.join(&n))?;
        let same = crate::guard::without_token(&original)
            .is_some_and(|w| std::fs::read(&here).is_ok_and(|h| h == w));
        if same {
            fsx::rename(&kept.join(&n), &here)?;
        } else {
            std::fs::remove_file(kept.join(&n))
                .map_err(|e| Failure::io(&kept.join(&n), "remove", e))?;
        }
    }
    fsx::remove_empty_dir(&kept)?;
    let mut changed = vec![layout.orders_dir(t)];
    changed.extend(kept.parent().map(Path::to_path_buf));
    Ok(changed)
}

/// The file in an undo's folder that records a correction notice as sent (flushed once
/// the server took the message), so that an undo finished again sends it no more: only
/// a notice whose sending and recording an interruption fell between is sent twice.
fn notified_marker(dest: &Path, to: &To) -> PathBuf {
    let name = match to {
        To::Moderator => "moderator".to_string(),
        To::Side(side) => {
            let plain = !side.is_empty()
                && side
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
            if plain {
                format!("side-{side}")
            } else {
                let hex: String = side.bytes().map(|b| format!("{b:02x}")).collect();
                format!("side-x{hex}")
            }
        }
    };
    dest.join(format!(".notified-{name}"))
}

/// Who has orders of turn t on file (the pending turn again): a player who sent none
/// is not told his orders stand, and the moderator is told who has and who has not.
/// The sides with a file, then the players with and without one, by name.
#[allow(clippy::type_complexity)]
fn orders_on_file(
    layout: &Layout,
    c: &crate::campaign_file::Campaign,
    t: u32,
) -> Result<(BTreeSet<String>, Vec<String>, Vec<String>), Failure> {
    let on_file: BTreeSet<String> = crate::folder::orders_names(layout, t)?
        .iter()
        .filter_map(|n| n.strip_suffix(".yaml").or_else(|| n.strip_suffix(".yml")))
        .map(str::to_string)
        .collect();
    let (with, without): (Vec<String>, Vec<String>) = {
        let (a, b): (Vec<&String>, Vec<&String>) =
            c.players.keys().partition(|s| on_file.contains(*s));
        let who = |v: Vec<&String>| v.into_iter().map(|s| crate::policy::who(c, s)).collect();
        (who(a), who(b))
    };
    Ok((on_file, with, without))
}

/// The correction notices of an undo: every player, then the moderator, each recorded
/// as sent in the undo's folder (`notified_marker`) and not sent again.
fn notify(
    layout: &Layout,
    c: &crate::campaign_file::Campaign,
    t: u32,
    at: UnixTime,
    dest: &Path,
    reseed: Option<&crate::game::Reseed>,
) -> Result<Vec<String>, Failure> {
    let (on_file, with, without) = orders_on_file(layout, c, t)?;
    let at = format_utc(at);
    // The new commitment, given before anyone can send orders again: the redone turn's
    // seed was fixed now, and no player who holds the voided report can foresee it.
    let reseed = reseed.map(|r| {
        (
            r.retired_seed.as_str(),
            r.commitment.as_str(),
            crate::dice::RESEED_RULE,
        )
    });
    // Each reader in his language (campaign.yaml's `language`, `moderator_language`).
    let words = |to: &To| {
        let (lang, reader) = match to {
            To::Side(side) => (
                crate::policy::language_of(c, side),
                crate::notices::Reader::Player {
                    has_orders: on_file.contains(*side),
                },
            ),
            To::Moderator => (
                crate::policy::moderator_language(c),
                crate::notices::Reader::Moderator {
                    with: &with,
                    without: &without,
                },
            ),
        };
        let n = crate::notices::Correction {
            game: &c.game,
            turn: t,
            at: &at,
            reader,
            reseed,
        };
        (
            crate::notices::correction_subject(lang, &c.game, t),
            crate::notices::correction_body(lang, &n),
        )
    };
    let mut whom: Vec<To> = c
        .players
        .keys()
        .map(|side| To::Side(side.as_str()))
        .collect();
    whom.push(To::Moderator);
    let mut lines = Vec::new();
    for to in whom {
        let marker = notified_marker(dest, &to);
        let who = match &to {
            To::Side(side) => side.to_string(),
            To::Moderator => "the moderator".to_string(),
        };
        if marker.exists() {
            lines.push(format!(
                "{who} was sent the correction notice before the undo stopped: not sent again"
            ));
            continue;
        }
        let (subject, body) = words(&to);
        let n = Notice {
            to,
            subject,
            body,
            in_reply_to: None,
            attachments: Vec::new(),
        };
        let sent = crate::mail::send_notice(layout, c, &n).map_err(|e| {
            Failure::Io(format!(
                "{}; turn {t}'s adjudication is taken back, but the correction notice to {who} was not sent: `dikast undo {}` finishes the undo and sends the notices not yet sent",
                e.render().trim_end().trim_start_matches("error: "),
                layout.dir.display()
            ))
        })?;
        lines.push(sent);
        fsx::write_new(&marker, b"").map_err(|e| {
            Failure::Io(format!(
                "{}; the correction notice to {who} was sent but could not be recorded as sent: `dikast undo {}` finishes the undo (and sends {who} that notice again)",
                e.render().trim_end().trim_start_matches("error: "),
                layout.dir.display()
            ))
        })?;
    }
    Ok(lines)
}
