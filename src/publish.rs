//! `dikast publish`: a copy of the archive for everyone. The secret file is left out
//! and the last adjudicated turn's sealed seed is revealed in `published.yaml`, so that
//! `dikast verify` on the copy re-runs the sealed events too. What is the moderator's
//! alone stays home: the players' and the moderator's addresses and the mail settings
//! (campaign.yaml is copied without them), the `mail/` folders with the messages sent,
//! and anything hidden (the secret, the lock, what a stopped run left).

use crate::campaign_file::{Campaign, Player};
use crate::dice::{self, Chain};
use crate::error::Failure;
use crate::folder::Layout;
use crate::fsx::{self, NewDir};
use crate::game::to_yaml;
use crate::secret::Published;
use serde::Deserialize;
use std::fs;
use std::path::Path;

/// What publish needs of the last game file, whatever the game.
#[derive(Deserialize)]
struct Awaits {
    awaiting: Vec<String>,
}

/// What `publish_with` adds to the copy: files by their path inside it, made from the
/// copy's own folder (the published files only) before it is committed.
pub type Extra<'a> = &'a dyn Fn(&Path) -> Result<Vec<(String, Vec<u8>)>, Failure>;

/// `dikast publish DIR OUT [--force]`.
pub fn publish(layout: &Layout, out: &Path, force: bool) -> Result<String, Failure> {
    publish_with(layout, out, force, None)
}

/// `dikast publish DIR OUT [--force] [--site]`: with `extra` (the site), its files are
/// written under `extra`'s first name's folder in the same commit as the copy, so a
/// failure of either leaves nothing.
pub fn publish_with(
    layout: &Layout,
    out: &Path,
    force: bool,
    extra: Option<(&str, Extra)>,
) -> Result<String, Failure> {
    // One dikast at a time: an adjudication running meanwhile would be copied half-done.
    let lock = fsx::Lock::take(&layout.dir)?;
    let secret = layout.load_secret()?;
    let campaign = crate::campaign_file::load(layout)?;
    let turns = layout.turns()?;
    if let Some(i) = crate::pending::interrupted(layout, &turns) {
        return Err(Failure::Refused(format!(
            "{}; publish after that",
            i.describe(layout)
        )));
    }
    let last = turns
        .iter()
        .copied()
        .filter(|t| layout.report(*t).exists())
        .max()
        .unwrap_or(0);
    let pending = *turns.last().expect("turns() is never empty");
    let awaiting = awaiting(layout, pending)?;
    if !awaiting.is_empty() && !force {
        return Err(not_over(&campaign, pending, last, &awaiting));
    }
    let u = Chain::Sealed
        .at(&secret.sealed()?, secret.chain_length, last)
        .ok_or_else(|| Failure::Refused("the sealed chain is shorter than the campaign".into()))?;
    // What must never be published, looked for in every file copied: any turn token of
    // any side (orders by mail are stored without theirs, and adjudicate takes them out
    // of orders put in by hand; this is the last guard) and every registered address.
    let never = crate::guard::never_archived(&campaign, &secret, 1..=pending);
    let guard = Guard {
        never,
        pending_orders: (!awaiting.is_empty()).then(|| layout.orders_dir(pending)),
    };
    let nd = NewDir::create(out)?;
    copy_tree(&layout.dir, nd.path(), &layout.dir, &nd, &guard)?;
    nd.write("campaign.yaml", to_yaml(&public(campaign)).as_bytes())?;
    let p = Published {
        protocol: dice::PROTOCOL.into(),
        turn: last,
        sealed_seed: dice::to_hex(&u),
    };
    nd.write("published.yaml", to_yaml(&p).as_bytes())?;
    let added = match extra {
        Some((folder, make)) => add_site(&nd, folder, make)?,
        None => 0,
    };
    nd.commit()?;
    let mut text: String = lock.took_over.iter().map(|l| format!("{l}\n")).collect();
    text.push_str(&format!(
        "published {} turns to {}: secret, addresses and mail left out, sealed seed of turn {last} revealed; `dikast verify {}` re-runs every event\n",
        last,
        out.display(),
        out.display()
    ));
    if let Some((folder, _)) = extra {
        text.push_str(&format!(
            "site: {added} files in {}; open index.html, and verify.html checks every die in the browser\n",
            out.join(folder).display()
        ));
    }
    if !awaiting.is_empty() {
        text.push_str(&format!(
            "the game is not over (turn {pending} awaits {}): published with --force\n",
            awaiting.join(", ")
        ));
    }
    Ok(text)
}

/// The sides the pending turn's game file still awaits (none: the game is over).
fn awaiting(layout: &Layout, pending: u32) -> Result<Vec<String>, Failure> {
    let game_path = layout.game(pending);
    let g: Awaits = crate::pipeline::parse_file(
        &layout.rel(&game_path),
        &fsx::read_limited(&game_path)?,
        "game file",
    )?;
    Ok(g.awaiting)
}

/// The refusal to publish a game not over without `--force`: what it would reveal.
fn not_over(campaign: &Campaign, pending: u32, last: u32, awaiting: &[String]) -> Failure {
    Failure::Refused(format!(
        "the game is not over: turn {pending} awaits {}. Publishing now would reveal to everyone what the players may not know yet: the sealed seed of turn {last} opens every sealed event so far (each deal: every hand), the moderator's reports show every hand and every block, and each side's reports ({}) show that side's hand to the other. Publish when the game is over, or give --force if the players agreed",
        awaiting.join(", "),
        campaign
            .players
            .keys()
            .map(|s| format!("report-{s}.md"))
            .collect::<Vec<_>>()
            .join(", ")
    ))
}

/// campaign.yaml without any address or mail setting.
fn public(campaign: Campaign) -> Campaign {
    Campaign {
        players: campaign
            .players
            .iter()
            .map(|(s, p)| {
                (
                    s.clone(),
                    Player {
                        name: p.name.clone(),
                        email: String::new(),
                        language: p.language.clone(),
                    },
                )
            })
            .collect(),
        moderator: String::new(),
        mail: None,
        // The moderator's own path (his home folder, his user name) stays home too.
        maildir: None,
        ..campaign
    }
}

/// Writes `make`'s files (the site) under `folder` in the copy; how many it wrote.
fn add_site(nd: &NewDir, folder: &str, make: Extra) -> Result<usize, Failure> {
    // Nothing the copy holds may be overwritten (a campaign folder of that name).
    if nd.path().join(folder).exists() {
        return Err(Failure::Refused(format!(
            "the campaign holds a `{folder}` folder of its own: nothing was published (the site goes there)"
        )));
    }
    nd.mkdir(folder)?;
    let mut added = 0;
    for (rel, bytes) in make(nd.path())? {
        nd.write(&format!("{folder}/{rel}"), &bytes)?;
        added += 1;
    }
    Ok(added)
}

/// What `copy_tree` must not publish.
struct Guard {
    /// (text, what it is): a file holding one (case aside) is refused.
    never: Vec<(String, crate::guard::Never)>,
    /// A game not over (`--force`): the pending turn's orders folder, published empty.
    /// Those orders are not adjudicated yet: each side's are his own until then.
    pending_orders: Option<std::path::PathBuf>,
}

/// Copies the archive: every game file, view, orders file and report. Left out: hidden
/// entries at any depth (`.dikast/` with the secret and the lock, temporary folders of a
/// stopped run), `mail/` folders of the turns, links, campaign.yaml (written without
/// addresses), any earlier published.yaml, and the orders of a pending turn. A file
/// holding a turn token or a registered address is refused, named.
fn copy_tree(
    from: &Path,
    to: &Path,
    root: &Path,
    nd: &NewDir,
    guard: &Guard,
) -> Result<(), Failure> {
    if guard.pending_orders.as_deref() == Some(from) {
        return Ok(());
    }
    let rd = fs::read_dir(from).map_err(|e| Failure::io(from, "read", e))?;
    let mut entries: Vec<_> = rd.flatten().collect();
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let name = e.file_name();
        let text = name.to_string_lossy();
        if text.starts_with('.') {
            continue;
        }
        if from == root && (name == "published.yaml" || name == "campaign.yaml") {
            continue;
        }
        let ft = e
            .file_type()
            .map_err(|er| Failure::io(&e.path(), "read", er))?;
        let in_turn = from.parent().is_some_and(|p| p.ends_with("turns"));
        if ft.is_dir() && in_turn && name == "mail" {
            continue;
        }
        let dest = to.join(&name);
        let rel = dest
            .strip_prefix(nd.path())
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_default();
        if ft.is_dir() {
            nd.mkdir(&rel)?;
            copy_tree(&e.path(), &dest, root, nd, guard)?;
        } else if ft.is_file() {
            let bytes = fsx::read_limited(&e.path())?;
            if let Some(what) = crate::guard::holds(&bytes, &guard.never) {
                let what = what.words(crate::lang::Lang::En);
                return Err(Failure::Refused(format!(
                    "{} holds {what}: nothing was published (a published archive never holds a turn token or an address)",
                    e.path().strip_prefix(root).unwrap_or(&e.path()).display()
                )));
            }
            nd.write(&rel, &bytes)?;
        }
    }
    Ok(())
}
