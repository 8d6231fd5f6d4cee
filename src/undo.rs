//! `dikast undo DIR`: takes back the last adjudication — its reports, its mail folder,
//! its early-adjudication note and the next turn's folder — so that the pending turn is
//! again the one it was, byte for byte (adjudication only ever adds files to it). What
//! is taken back is moved, never deleted, into `.dikast/undone/`. Refused once any of
//! the turn's mail reached the server, unless `--force`: then every player and the
//! moderator get a correction notice. The moves are flushed (where they arrived, then
//! where they left) before anyone is told.

use crate::campaign::Layout;
use crate::error::Failure;
use crate::fsx;
use crate::mail::{Notice, To};
use crate::status::{format_utc, UnixTime};
use std::fs;
use std::path::Path;

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

fn move_into(from: &Path, to: &Path) -> Result<(), Failure> {
    if let Some(p) = to.parent() {
        fs::create_dir_all(p).map_err(|e| Failure::io(p, "create", e))?;
    }
    fs::rename(from, to).map_err(|e| Failure::io(from, "move aside", e))
}

/// Takes back the last adjudication. Returns what was done, one line each.
pub fn undo(layout: &Layout, force: bool, now: UnixTime) -> Result<String, Failure> {
    let c = layout.load_campaign()?;
    let lock = fsx::Lock::take(&layout.dir)?;
    let turns = layout.turns()?;
    if let Some(i) = crate::campaign::interrupted(layout, &turns) {
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
    let stamp = crate::policy::rfc3339(now).replace(':', "");
    // Two undos within one second (or at one `--clock`) each get their own folder.
    let undone = layout.dir.join(".dikast").join("undone");
    let mut dest = undone.join(format!("{stamp}-turn-{t:04}"));
    let mut n = 2;
    while dest.exists() {
        dest = undone.join(format!("{stamp}-turn-{t:04}-{n}"));
        n += 1;
    }
    let mut lines = Vec::new();
    // The moderator's English report marks a finished turn: it goes first, so an undo
    // that stops half-way leaves an interrupted adjudication that `adjudicate` explains.
    let tdir = layout.turn_dir(t);
    let mut reports: Vec<String> = files_in(&tdir)
        .into_iter()
        .filter(|n| n.starts_with("report") && n.ends_with(".md"))
        .collect();
    reports.sort_by_key(|n| n != "report.md");
    for n in &reports {
        move_into(&tdir.join(n), &dest.join(n))?;
    }
    lines.push(format!(
        "took back the {} reports of turn {t}",
        reports.len()
    ));
    for extra in ["mail", crate::policy::RECORD] {
        let p = tdir.join(extra);
        if p.exists() {
            move_into(&p, &dest.join(extra))?;
        }
    }
    move_into(
        &layout.turn_dir(last),
        &dest.join(format!("turn-{last:04}")),
    )?;
    lines.push(format!(
        "removed turn {last}'s folder{}",
        if waiting.is_empty() {
            String::new()
        } else {
            format!(" and the orders it held ({})", waiting.join(", "))
        }
    ));
    let receipts = layout
        .dir
        .join(".dikast")
        .join("receipts")
        .join(format!("{last:04}.yaml"));
    let mut left = vec![tdir.clone(), layout.dir.join("turns")];
    if receipts.exists() {
        move_into(&receipts, &dest.join(format!("receipts-{last:04}.yaml")))?;
        left.extend(receipts.parent().map(Path::to_path_buf));
    }
    // Orders files the adjudication took the turn token out of go back as they were.
    let kept = layout
        .dir
        .join(".dikast")
        .join("with-token")
        .join(format!("{t:04}"));
    if kept.is_dir() {
        for n in files_in(&kept) {
            // Only over the file it is the original of (the same but for the token line).
            let here = layout.orders_dir(t).join(&n);
            let original = fsx::read_limited(&kept.join(&n))?;
            let same = crate::policy::without_token(&original)
                .is_some_and(|w| std::fs::read(&here).is_ok_and(|h| h == w));
            if same {
                fsx::rename(&kept.join(&n), &here)?;
            } else {
                std::fs::remove_file(kept.join(&n))
                    .map_err(|e| Failure::io(&kept.join(&n), "remove", e))?;
            }
        }
        fsx::remove_empty_dir(&kept)?;
        left.push(layout.orders_dir(t));
        left.extend(kept.parent().map(Path::to_path_buf));
    }
    // Made durable before anyone is told (the correction notices): what was moved is
    // flushed in its new place first, then gone from the old, so that a crash between
    // leaves it in both places, never in neither.
    let arrived = [dest.clone(), undone.clone(), layout.dir.join(".dikast")];
    let flushed = fsx::sync_dirs(&arrived.iter().map(|p| p.as_path()).collect::<Vec<_>>())
        .and_then(|_| fsx::sync_dirs(&left.iter().map(|p| p.as_path()).collect::<Vec<_>>()));
    if let Err(e) = flushed {
        return Err(Failure::Io(format!(
            "{}; turn {t}'s adjudication is taken back ({} holds it) but the disk did not confirm it, so no one was told: run `dikast verify {}` to see the state",
            e.render().trim_end().trim_start_matches("error: "),
            layout.rel(&dest),
            layout.dir.display()
        )));
    }
    lines.push(format!(
        "turn {t} awaits orders again; what was taken back is in {}",
        layout.rel(&dest)
    ));
    drop(lock);
    if sent {
        let body = |whom: &str| {
            format!(
                "Correction for game {}: the adjudication of turn {t} has been taken back by the moderator ({}).\n\nThe report and the view of turn {last} you received {whom} are void: do not send orders for turn {last}. Turn {t} will be adjudicated again; you will receive its new report. Orders you sent for turn {t} stand, and you may still replace them.\n",
                c.game,
                format_utc(now)
            )
        };
        for side in c.players.keys() {
            let n = Notice {
                to: To::Side(side),
                subject: format!(
                    "[{}] Turn {t}: adjudication taken back — correction",
                    c.game
                ),
                body: body("from dikast"),
                in_reply_to: None,
                attachments: Vec::new(),
            };
            lines.push(crate::mail::send_notice(layout, &c, &n)?);
        }
        let n = Notice {
            to: To::Moderator,
            subject: format!(
                "[{}] Turn {t}: adjudication taken back — correction",
                c.game
            ),
            body: body("(every player's)"),
            in_reply_to: None,
            attachments: Vec::new(),
        };
        lines.push(crate::mail::send_notice(layout, &c, &n)?);
    }
    Ok(lines.join("\n") + "\n")
}
