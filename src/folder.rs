//! A campaign folder on disk: `campaign.yaml`, the secret chain heads in `.dikast/secret`,
//! and one folder per turn (`turns/0001/` …) holding its game file, views, orders and
//! reports. `Layout` names every path; the readers here take what a command needs from
//! them (the turns present, the secret, a turn's orders and reseeds, the archived
//! scenarios). Writing a turn is `campaign`'s; no command is imported.

use crate::dice;
use crate::error::Failure;
use crate::fsx;
use crate::game::sha256_hex;
use crate::lang::Lang;
use crate::pipeline;
use crate::secret::{ReseedFile, Secret, MAX_CHAIN_LENGTH};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// The name of a turn's reseed record in its folder (`Layout::reseed_file`).
pub const RESEED_FILE: &str = "reseed.yaml";

/// The reseeds of turn t, oldest first; none when the turn has no record.
pub fn read_reseeds(layout: &Layout, t: u32) -> Result<Vec<crate::game::Reseed>, Failure> {
    let p = layout.reseed_file(t);
    if !p.exists() {
        return Ok(Vec::new());
    }
    let b = fsx::read_limited(&p)?;
    let f: ReseedFile = crate::pipeline::parse_file(&layout.rel(&p), &b, "reseed record")?;
    Ok(f.reseeds)
}

/// Paths of a campaign folder.
#[derive(Debug, Clone)]
pub struct Layout {
    pub dir: PathBuf,
}

impl Layout {
    pub fn new(dir: &Path) -> Layout {
        Layout {
            dir: dir.to_path_buf(),
        }
    }
    pub fn campaign(&self) -> PathBuf {
        self.dir.join("campaign.yaml")
    }
    pub fn secret(&self) -> PathBuf {
        self.dir.join(".dikast").join("secret")
    }
    /// The lock `tick` holds over its steps (`fsx::RunLock`).
    pub fn tick_lock(&self) -> PathBuf {
        self.dir.join(".dikast").join("tick.lock")
    }
    pub fn published(&self) -> PathBuf {
        self.dir.join("published.yaml")
    }
    pub fn turn_dir(&self, t: u32) -> PathBuf {
        self.dir.join("turns").join(format!("{t:04}"))
    }
    pub fn game(&self, t: u32) -> PathBuf {
        self.turn_dir(t).join("game.yaml")
    }
    /// `turns/NNNN/reseed.yaml`: the seeds undos retired of turn t (docs/dice.md, "A turn
    /// adjudicated again"), absent for a turn no undo touched.
    pub fn reseed_file(&self, t: u32) -> PathBuf {
        self.turn_dir(t).join(RESEED_FILE)
    }
    pub fn orders_dir(&self, t: u32) -> PathBuf {
        self.turn_dir(t).join("orders")
    }
    /// The moderator's English report: the mark of a finished turn.
    pub fn report(&self, t: u32) -> PathBuf {
        self.report_in(t, Lang::En)
    }
    pub fn side_report(&self, t: u32, side: &str) -> PathBuf {
        self.side_report_in(t, side, Lang::En)
    }
    /// The moderator's report in `lang` (`report.md`, `report.ru.md`).
    pub fn report_in(&self, t: u32, lang: Lang) -> PathBuf {
        self.turn_dir(t).join(lang.file_name("report"))
    }
    /// A side's report in `lang` (`report-<side>.md`, `report-<side>.ru.md`).
    pub fn side_report_in(&self, t: u32, side: &str, lang: Lang) -> PathBuf {
        self.turn_dir(t)
            .join(lang.file_name(&format!("report-{side}")))
    }
    /// A name relative to the campaign folder, for messages.
    pub fn rel(&self, p: &Path) -> String {
        p.strip_prefix(&self.dir).unwrap_or(p).display().to_string()
    }

    /// Turn numbers present, ascending.
    pub fn turns(&self) -> Result<Vec<u32>, Failure> {
        let dir = self.dir.join("turns");
        let rd = fs::read_dir(&dir).map_err(|e| Failure::io(&dir, "read", e))?;
        let mut out = Vec::new();
        for e in rd.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if name.len() == 4 && name.bytes().all(|b| b.is_ascii_digit()) {
                if let Ok(t) = name.parse::<u32>() {
                    out.push(t);
                }
            }
        }
        out.sort_unstable();
        if out.is_empty() || out[0] != 1 || out.windows(2).any(|w| w[1] != w[0] + 1) {
            return Err(Failure::Verify(format!(
                "{}: turn folders must run 0001, 0002, … without gaps",
                dir.display()
            )));
        }
        Ok(out)
    }

    pub fn load_secret(&self) -> Result<Secret, Failure> {
        let p = self.secret();
        if !p.exists() {
            return Err(Failure::Refused(format!(
                "the campaign's secret file {} is missing: only the moderator's copy of the campaign can adjudicate",
                p.display()
            )));
        }
        let bytes = fsx::read_limited(&p)?;
        let s: Secret = pipeline::parse_file(&self.rel(&p), &bytes, "secret file")?;
        if s.chain_length == 0 || s.chain_length > MAX_CHAIN_LENGTH {
            return Err(Failure::Refused(format!(
                "{}: field chain_length is {}; dikast walks chains of 1 to {} values",
                self.rel(&p),
                s.chain_length,
                MAX_CHAIN_LENGTH
            )));
        }
        Ok(s)
    }
}

/// Each side's orders file as received: its display name and bytes, or `None`.
pub use crate::pipeline::OrdersFiles;

/// The folder of a campaign where each custom scenario is kept once, as `<sha256>.yaml`.
pub const SCENARIOS: &str = "scenarios";

/// Makes known the scenario texts archived near `path` (a campaign folder, or a file in
/// one or in a player's folder): `scenarios/<sha256>.yaml` and `scenario-<sha256>.yaml`
/// in its folder and up to three folders above (a game file is `turns/NNNN/game.yaml`).
/// A file whose text does not have the hash its name says is not taken; one that cannot
/// be read is passed over (a file naming its hash then says it is not archived).
pub fn register_scenarios_near(path: &Path) {
    let start = if path.is_dir() {
        Some(path)
    } else {
        path.parent()
    };
    let dirs = start.into_iter().flat_map(|d| d.ancestors()).take(4);
    for d in dirs {
        let d = if d.as_os_str().is_empty() {
            Path::new(".")
        } else {
            d
        };
        register_folder(&d.join(SCENARIOS), false);
        register_folder(d, true);
    }
}

/// Makes known a campaign's archived scenarios: `scenarios/<sha256>.yaml` in it, and
/// nothing above it (a campaign keeps its own; listing the folders around a campaign
/// cost every run on it a read of folders that may hold anything). Returns their hashes.
pub fn register_campaign_scenarios(dir: &Path) -> Vec<String> {
    register_folder(&dir.join(SCENARIOS), false)
}

/// The scenario texts in one folder: `<sha256>.yaml`, or `scenario-<sha256>.yaml` when
/// `beside` (a folder that holds other things: a player's, a turn's). Returns the hashes
/// of those archived (now or before).
fn register_folder(folder: &Path, beside: bool) -> Vec<String> {
    let mut found = Vec::new();
    let Ok(rd) = fs::read_dir(folder) else {
        return found;
    };
    let mut names: Vec<String> = rd
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    for name in names {
        let stem = name.strip_suffix(".yaml");
        let sha = if beside {
            stem.and_then(|s| s.strip_prefix("scenario-"))
        } else {
            stem
        };
        let Some(sha) = sha.filter(|h| dice::parse_hash(h).is_some()) else {
            continue;
        };
        if crate::pipeline::archived_scenario_text(sha).is_some() {
            found.push(sha.to_string());
            continue;
        }
        let Ok(bytes) = fsx::read_limited(&folder.join(&name)) else {
            continue;
        };
        if let Ok(text) = String::from_utf8(bytes) {
            if sha256_hex(text.as_bytes()) == sha {
                crate::pipeline::register_scenario_text(&text);
                found.push(sha.to_string());
            }
        }
    }
    found
}

/// The names in a turn's orders folder (hidden ones left out), sorted. A folder dikast
/// cannot read (or that is missing) is an error, never an empty folder: orders in it
/// would be lost.
pub fn orders_names(layout: &Layout, t: u32) -> Result<Vec<String>, Failure> {
    let dir = layout.orders_dir(t);
    let rd = fs::read_dir(&dir).map_err(|e| {
        Failure::Io(format!(
            "could not read the orders folder {}: {e}; the orders in it cannot be lost silently, so nothing is adjudicated",
            layout.rel(&dir)
        ))
    })?;
    let mut names = Vec::new();
    for e in rd {
        let e = e.map_err(|e| Failure::io(&dir, "read", e))?;
        let name = e.file_name().to_string_lossy().into_owned();
        if !name.starts_with('.') {
            names.push(name);
        }
    }
    names.sort();
    Ok(names)
}

/// The orders files of a turn, per side (missing side: `None`). Files that name no side,
/// links, and anything that is not a plain file inside the folder are refused.
pub fn read_orders(layout: &Layout, t: u32, sides: &[String]) -> Result<OrdersFiles, Failure> {
    let dir = layout.orders_dir(t);
    let mut out: BTreeMap<String, Option<(String, Vec<u8>)>> =
        sides.iter().map(|s| (s.clone(), None)).collect();
    let mut diags = Vec::new();
    {
        for name in orders_names(layout, t)? {
            let path = dir.join(&name);
            let stem = name
                .strip_suffix(".yaml")
                .or_else(|| name.strip_suffix(".yml"));
            match stem {
                Some(side) if sides.iter().any(|s| s == side) => {
                    if let Some(Some((first, _))) = out.get(side) {
                        // athens.yaml and athens.yml: one would be silently ignored.
                        diags.push(
                            crate::diag::Diagnostic::new(
                                "campaign::two-orders-files",
                                format!(
                                    "{} and {first} are both {side}'s orders: dikast will not choose one and ignore the other",
                                    layout.rel(&path)
                                ),
                            )
                            .help(format!("keep the one {side} meant and remove the other")),
                        );
                        continue;
                    }
                    let bytes = fsx::read_limited(&path)?;
                    out.insert(side.to_string(), Some((layout.rel(&path), bytes)));
                }
                _ => diags.push(
                    crate::diag::Diagnostic::new(
                        "campaign::stray-orders",
                        format!("{} is not the orders file of any side", layout.rel(&path)),
                    )
                    .help(format!(
                        "orders files are named after their side: {}",
                        sides
                            .iter()
                            .map(|s| format!("{s}.yaml"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )),
                ),
            }
        }
    }
    if diags.is_empty() {
        Ok(out)
    } else {
        Err(Failure::Input(diags))
    }
}
