//! `dikast publish`: a copy of the archive for everyone. The secret file is left out
//! and the last adjudicated turn's sealed seed is revealed in `published.yaml`, so that
//! `dikast verify` on the copy re-runs the sealed events too.

use crate::campaign::{Layout, Published};
use crate::dice::{self, Chain};
use crate::error::Failure;
use crate::fsx::NewDir;
use crate::game::to_yaml;
use std::fs;
use std::path::Path;

pub fn publish(layout: &Layout, out: &Path) -> Result<String, Failure> {
    let secret = layout.load_secret()?;
    let turns = layout.turns()?;
    let last = turns
        .iter()
        .copied()
        .filter(|t| layout.report(*t).exists())
        .max()
        .unwrap_or(0);
    let u = Chain::Sealed
        .at(&secret.sealed()?, secret.chain_length, last)
        .ok_or_else(|| Failure::Refused("the sealed chain is shorter than the campaign".into()))?;
    let nd = NewDir::create(out)?;
    copy_tree(&layout.dir, nd.path(), &layout.dir)?;
    let p = Published {
        protocol: dice::PROTOCOL.into(),
        turn: last,
        sealed_seed: dice::to_hex(&u),
    };
    nd.write("published.yaml", to_yaml(&p).as_bytes())?;
    nd.commit()?;
    Ok(format!(
        "published {} turns to {}: secret left out, sealed seed of turn {last} revealed; `dikast verify {}` re-runs every event\n",
        last,
        out.display(),
        out.display()
    ))
}

/// Copies the campaign, leaving out `.dikast/` (the secret and the lock) and links.
fn copy_tree(from: &Path, to: &Path, root: &Path) -> Result<(), Failure> {
    let rd = fs::read_dir(from).map_err(|e| Failure::io(from, "read", e))?;
    let mut entries: Vec<_> = rd.flatten().collect();
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let name = e.file_name();
        if from == root && (name == ".dikast" || name == "published.yaml") {
            continue;
        }
        let ft = e
            .file_type()
            .map_err(|er| Failure::io(&e.path(), "read", er))?;
        let dest = to.join(&name);
        if ft.is_dir() {
            fs::create_dir_all(&dest).map_err(|er| Failure::io(&dest, "create", er))?;
            copy_tree(&e.path(), &dest, root)?;
        } else if ft.is_file() {
            fs::copy(e.path(), &dest).map_err(|er| Failure::io(&dest, "write", er))?;
        }
    }
    Ok(())
}
