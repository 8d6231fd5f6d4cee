//! What the moderator's copy keeps in `.dikast/` so that the next run need not work it
//! out again (issue 14): checkpoints of both seed chains (`.dikast/seeds`), so a turn's
//! seeds cost at most `SPACING` hashes instead of a walk from the chain's head, and the
//! hashes of the views last written (`.dikast/views`), so they are checked by hash
//! instead of made again; and a custom scenario's parsed value as JSON
//! (`.dikast/scenario-<sha256>.json`), so that 40 KB of YAML need not be parsed and checked
//! on every run. Every entry is tagged with the secret's heads (only the
//! secret's holder can make one), checked before use, and on any doubt ignored: the run
//! then does the work the entry would have saved. A cache, never a source of truth;
//! losing it costs time only. Never published or mailed, like everything in `.dikast/`.

use crate::dice::{self, Chain, Hash};
use crate::error::Failure;
use crate::folder::Layout;
use crate::secret::Secret;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// Checkpoints are kept at every chain position that is a multiple of this.
pub const SPACING: u32 = 64;

/// One checkpoint line: `PPPPPPPPPP <s_p> <u_p> <tag>\n`, fixed width, so that line `i`
/// (position `i × SPACING`) is read at `i × LINE` without reading the rest.
const LINE: usize = 10 + 1 + 64 + 1 + 64 + 1 + 64 + 1;

fn seeds_path(layout: &Layout) -> PathBuf {
    layout.dir.join(".dikast").join("seeds")
}

fn views_path(layout: &Layout) -> PathBuf {
    layout.dir.join(".dikast").join("views")
}

/// The heads' tag over `parts`: only the secret's holder can make it.
fn tag(secret: &Secret, domain: &str, parts: &[&[u8]]) -> Hash {
    let mut h = Sha256::new();
    h.update(domain.as_bytes());
    h.update(secret.open_head.as_bytes());
    h.update(secret.sealed_head.as_bytes());
    h.update(secret.chain_length.to_be_bytes());
    for p in parts {
        h.update((p.len() as u32).to_be_bytes());
        h.update(p);
    }
    h.finalize().into()
}

fn checkpoint_tag(secret: &Secret, p: u32, s: &Hash, u: &Hash) -> Hash {
    tag(secret, "dikast/v1/cache/seeds", &[&p.to_be_bytes(), s, u])
}

/// The checkpoint file of a secret: both chains walked whole from their heads, every
/// `SPACING`-th position kept, tagged (`N` steps of each chain, once per campaign).
pub fn seeds_file(secret: &Secret) -> Result<Vec<u8>, Failure> {
    let n = secret.chain_length;
    let (mut s, mut u) = (secret.open()?, secret.sealed()?);
    let mut kept: Vec<(u32, Hash, Hash)> = Vec::new();
    for p in (0..=n).rev() {
        if p % SPACING == 0 {
            kept.push((p, s, u));
        }
        if p > 0 {
            s = Chain::Open.prev(&s);
            u = Chain::Sealed.prev(&u);
        }
    }
    kept.reverse();
    let mut out = Vec::with_capacity(kept.len() * LINE);
    for (p, s, u) in kept {
        let line = format!(
            "{p:010} {} {} {}\n",
            dice::to_hex(&s),
            dice::to_hex(&u),
            dice::to_hex(&checkpoint_tag(secret, p, &s, &u))
        );
        debug_assert_eq!(line.len(), LINE);
        out.extend_from_slice(line.as_bytes());
    }
    Ok(out)
}

/// The checkpoint at position `p` from the file, if it is there and its tag holds.
fn checkpoint(path: &Path, secret: &Secret, p: u32) -> Option<(Hash, Hash)> {
    let mut f = std::fs::File::open(path).ok()?;
    f.seek(SeekFrom::Start((p / SPACING) as u64 * LINE as u64))
        .ok()?;
    let mut buf = [0u8; LINE];
    f.read_exact(&mut buf).ok()?;
    let line = std::str::from_utf8(&buf).ok()?.strip_suffix('\n')?;
    let mut parts = line.split(' ');
    let at: u32 = parts.next()?.parse().ok()?;
    let s = dice::parse_hash(parts.next()?)?;
    let u = dice::parse_hash(parts.next()?)?;
    let t = dice::parse_hash(parts.next()?)?;
    (at == p && parts.next().is_none() && t == checkpoint_tag(secret, p, &s, &u)).then_some((s, u))
}

/// `s_t` and `u_t` (`Secret::seeds`), from the nearest checkpoint above `t` when the
/// checkpoint file holds it, else walked from the heads. The second value says the
/// file was missing or did not hold (write it again once the turn is committed).
pub fn seeds(layout: &Layout, secret: &Secret, t: u32) -> Result<((Hash, Hash), bool), Failure> {
    let n = secret.chain_length;
    let p = t.div_ceil(SPACING).saturating_mul(SPACING);
    if t <= n && p <= n {
        if let Some((s, u)) = checkpoint(&seeds_path(layout), secret, p) {
            let steps = p - t;
            return Ok((
                (Chain::Open.walk(&s, steps), Chain::Sealed.walk(&u, steps)),
                false,
            ));
        }
    }
    // Past the last checkpoint (fewer than SPACING steps from the head), or none kept.
    let stale = p <= n;
    Ok((secret.seeds(t)?, stale))
}

/// Writes the checkpoint file of `secret` (mode 0600, replaced whole, not flushed: a
/// lost or torn file is detected by its tags and costs a walk).
pub fn write_seeds(layout: &Layout, secret: &Secret) -> Result<(), Failure> {
    crate::fsx::write_cache(&seeds_path(layout), &seeds_file(secret)?)
}

fn scenario_path(layout: &Layout, sha256: &str) -> PathBuf {
    layout
        .dir
        .join(".dikast")
        .join(format!("scenario-{sha256}.json"))
}

fn scenario_tag(secret: &Secret, sha256: &str, json: &str) -> Hash {
    tag(
        secret,
        "dikast/v1/cache/scenario",
        &[sha256.as_bytes(), json.as_bytes()],
    )
}

/// The JSON of the custom scenario whose YAML text has this SHA-256, as `write_scenario`
/// kept it, if its tag holds (a line of its own before the JSON).
pub fn scenario(layout: &Layout, secret: &Secret, sha256: &str) -> Option<String> {
    let text = std::fs::read_to_string(scenario_path(layout, sha256)).ok()?;
    let (tag, json) = text.split_once('\n')?;
    (tag == dice::to_hex(&scenario_tag(secret, sha256, json))).then(|| json.to_string())
}

/// Keeps a custom scenario's value as JSON (`pipeline::scenario_json`: it passed the
/// scenario's checks and reads back as itself) by its YAML text's SHA-256.
pub fn write_scenario(
    layout: &Layout,
    secret: &Secret,
    sha256: &str,
    json: &str,
) -> Result<(), Failure> {
    let tag = dice::to_hex(&scenario_tag(secret, sha256, json));
    crate::fsx::write_cache(
        &scenario_path(layout, sha256),
        format!("{tag}\n{json}").as_bytes(),
    )
}

/// The views of turn `t` as dikast wrote them: the game file's SHA-256 and each side's
/// view's. Stored as `turn`, the game's hash, then `side sha` lines, and a tag.
fn views_text(secret: &Secret, t: u32, game_sha: &str, views: &BTreeMap<String, String>) -> String {
    let mut body = format!("{t}\n{game_sha}\n");
    for (side, sha) in views {
        body.push_str(&format!("{side} {sha}\n"));
    }
    let tag = tag(secret, "dikast/v1/cache/views", &[body.as_bytes()]);
    format!("{body}{}\n", dice::to_hex(&tag))
}

/// The record of the views of turn `t` (the file `.dikast/views`).
pub fn views_bytes(
    secret: &Secret,
    t: u32,
    game_bytes: &[u8],
    views: &BTreeMap<String, Vec<u8>>,
) -> Vec<u8> {
    let shas = views
        .iter()
        .map(|(side, b)| (side.clone(), crate::game::sha256_hex(b)))
        .collect();
    views_text(secret, t, &crate::game::sha256_hex(game_bytes), &shas).into_bytes()
}

/// Records the views just written for turn `t` (after its commit).
pub fn write_views(
    layout: &Layout,
    secret: &Secret,
    t: u32,
    game_bytes: &[u8],
    views: &BTreeMap<String, Vec<u8>>,
) -> Result<(), Failure> {
    crate::fsx::write_cache(
        &views_path(layout),
        &views_bytes(secret, t, game_bytes, views),
    )
}

/// The views of turn `t` as last written, by side, if the record is for this turn and
/// this game file (`game_sha`) and its tag holds.
pub fn views(
    layout: &Layout,
    secret: &Secret,
    t: u32,
    game_sha: &str,
) -> Option<BTreeMap<String, String>> {
    let text = std::fs::read_to_string(views_path(layout)).ok()?;
    let mut lines: Vec<&str> = text.lines().collect();
    let _tag = lines.pop()?;
    let (turn, sha) = (lines.first()?, lines.get(1)?);
    if turn.parse::<u32>().ok()? != t || *sha != game_sha {
        return None;
    }
    let mut out = BTreeMap::new();
    for l in &lines[2..] {
        let (side, sha) = l.split_once(' ')?;
        out.insert(side.to_string(), sha.to_string());
    }
    (views_text(secret, t, game_sha, &out) == text).then_some(out)
}
