//! `dikast demo`: the main job on an embedded scenario (the default: the registry's
//! first). A campaign of it is created (with the fixed chain heads of
//! `orders-examples/<scenario>/secret.yaml`, so the example orders can name their game
//! files), adjudicated turn by turn with the example orders, verified, and its reports
//! printed. The game id is `demo-<scenario>` unless the examples give one
//! (`orders-examples/<scenario>/game-id`).
//!
//! The examples are built into the binary (`build.rs` lists `orders-examples/`), so the
//! demo runs from any folder; `--examples DIR` plays another folder laid out the same.

use crate::campaign::NewOptions;
use crate::error::Failure;
use crate::folder::Layout;
use crate::fsx;
use crate::pipeline;
use crate::registry::{Game, Registry};
use crate::secret::Secret;
use std::fs;
use std::path::{Path, PathBuf};

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/examples.rs"));
}

/// The built-in examples: every file of `orders-examples/`, by its path there.
pub fn embedded_examples() -> &'static [(&'static str, &'static [u8])] {
    embedded::EXAMPLES
}

/// Writes the built-in examples of one scenario under `dir/<scenario>/`.
fn unpack_examples(dir: &Path, scenario: &str) -> Result<bool, Failure> {
    let prefix = format!("{scenario}/");
    let mut any = false;
    for (rel, bytes) in embedded::EXAMPLES {
        if !rel.starts_with(&prefix) {
            continue;
        }
        let p = rel
            .split('/')
            .fold(dir.to_path_buf(), |p, part| p.join(part));
        if let Some(parent) = p.parent() {
            fs::create_dir_all(parent).map_err(|e| Failure::io(parent, "create", e))?;
        }
        fs::write(&p, bytes).map_err(|e| Failure::io(&p, "write", e))?;
        any = true;
    }
    Ok(any)
}

/// The example turn folders (`turn-0001`, …) of an examples folder, in order.
pub fn example_turns(dir: &Path) -> Result<Vec<(u32, PathBuf)>, Failure> {
    let rd = fs::read_dir(dir).map_err(|e| Failure::io(dir, "read", e))?;
    let mut out: Vec<(u32, PathBuf)> = rd
        .flatten()
        .filter_map(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            n.strip_prefix("turn-")
                .and_then(|t| t.parse().ok())
                .map(|t| (t, e.path()))
        })
        .collect();
    out.sort();
    Ok(out)
}

/// The demo's game id for a scenario's examples folder.
pub fn demo_game_id(ex: &Path, scenario: &str) -> String {
    fs::read_to_string(ex.join("game-id"))
        .ok()
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| format!("demo-{scenario}"))
}

/// The demo with the examples built into this dikast (from any folder).
pub fn demo_embedded(
    reg: &Registry,
    scenario: Option<&str>,
    keep: Option<&Path>,
) -> Result<String, Failure> {
    let Some(name) = scenario.or(reg.default_scenario()) else {
        return Err(Failure::Refused("this dikast embeds no scenario".into()));
    };
    // An alias plays the examples of the name it stands for.
    let name = reg.canonical_scenario(name).unwrap_or(name);
    let dir = std::env::temp_dir().join(format!("dikast-demo-examples-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let result = match unpack_examples(&dir, name) {
        Ok(true) => demo(reg, Some(name), keep, &dir),
        Ok(false) => Err(Failure::Refused(format!(
            "this dikast has no built-in examples for {name}: give --examples DIR"
        ))),
        Err(e) => Err(e),
    };
    let _ = fs::remove_dir_all(&dir);
    result
}

/// The demo with the examples of `examples` (a folder laid out as orders-examples/).
pub fn demo(
    reg: &Registry,
    scenario: Option<&str>,
    keep: Option<&Path>,
    examples: &Path,
) -> Result<String, Failure> {
    let Some(scenario) = scenario.or(reg.default_scenario()) else {
        return Err(Failure::Refused("this dikast embeds no scenario".into()));
    };
    let Some((game, text)) = reg.by_scenario(scenario) else {
        return Err(Failure::Refused(format!(
            "`{scenario}` is not an embedded scenario ({})",
            reg.scenario_names().join(", ")
        )));
    };
    let scenario = reg.canonical_scenario(scenario).unwrap_or(scenario);
    let ex = examples.join(scenario);
    if !ex.exists() {
        return Err(Failure::Refused(format!(
            "{} is missing: give --examples a folder laid out as orders-examples/",
            ex.display()
        )));
    }
    let tmp;
    let dir = match keep {
        Some(d) => d.to_path_buf(),
        None => {
            tmp = std::env::temp_dir().join(format!("dikast-demo-{}", std::process::id()));
            let _ = fs::remove_dir_all(&tmp);
            tmp.clone()
        }
    };
    let result = run_demo(game, scenario, text, &dir, &ex);
    if keep.is_none() {
        let _ = fs::remove_dir_all(&dir);
    }
    result
}

fn run_demo(
    game: &dyn Game,
    scenario: &str,
    text: &str,
    dir: &Path,
    ex: &Path,
) -> Result<String, Failure> {
    let sp = ex.join("secret.yaml");
    let secret: Secret = pipeline::parse_file(
        &sp.display().to_string(),
        &fsx::read_limited(&sp)?,
        "secret file",
    )?;
    let game_id = demo_game_id(ex, scenario);
    let opts = NewOptions {
        game_id: game_id.clone(),
        chain_length: secret.chain_length,
        secret: Some(secret),
        start: Default::default(),
    };
    game.create(dir, scenario, text, true, &opts)?;
    let layout = Layout::new(dir);
    let mut out = format!(
        "dikast demo: campaign `{game_id}` of the embedded scenario {scenario} in {}\n\n",
        dir.display()
    );
    for (t, folder) in example_turns(ex)? {
        let dest = layout.orders_dir(t);
        let rd = fs::read_dir(&folder).map_err(|e| Failure::io(&folder, "read", e))?;
        let mut files: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
        files.sort();
        for f in files {
            let name = f.file_name().expect("read_dir entries have names");
            fsx::write_new(&dest.join(name), &fsx::read_limited(&f)?)?;
        }
        let done = game.adjudicate(&layout, &Default::default())?;
        let report = fs::read_to_string(layout.report(done.turn))
            .map_err(|e| Failure::io(&layout.report(done.turn), "read", e))?;
        out.push_str(&report);
        out.push_str("\n---\n\n");
    }
    let sum = game.verify_archive(&layout)?;
    out.push_str("## Verification of the whole archive\n\n");
    for l in sum.lines {
        out.push_str(&format!("- {l}\n"));
    }
    out.push_str("\nverified: every file re-runs byte for byte\n");
    Ok(out)
}
