//! `dikast demo`: the main job on the embedded default. A campaign of the 431 scenario
//! is created (with the fixed chain heads of `orders-examples/hellenes-431/secret.yaml`,
//! so the example orders can name their game files), adjudicated turn by turn with the
//! example orders, verified, and its reports printed.

use crate::campaign::{self, Layout, NewOptions, Secret};
use crate::error::Failure;
use crate::fsx;
use crate::pipeline;
use crate::rules::hellenes::Hellenes;
use crate::rules::Rules;
use std::fs;
use std::path::{Path, PathBuf};

pub const DEMO_GAME: &str = "demo-431";

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

pub fn demo(keep: Option<&Path>, examples: &Path) -> Result<String, Failure> {
    let ex = examples.join("hellenes-431");
    if !ex.exists() {
        return Err(Failure::Refused(format!(
            "{} is missing: run the demo from the project folder or give --examples",
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
    let result = run_demo(&dir, &ex);
    if keep.is_none() {
        let _ = fs::remove_dir_all(&dir);
    }
    result
}

fn run_demo(dir: &Path, ex: &Path) -> Result<String, Failure> {
    let sp = ex.join("secret.yaml");
    let secret: Secret = pipeline::parse_file(
        &sp.display().to_string(),
        &fsx::read_limited(&sp)?,
        "secret file",
    )?;
    let text = Hellenes::embedded_scenario("hellenes-431").expect("embedded");
    let opts = NewOptions {
        game_id: DEMO_GAME.into(),
        chain_length: secret.chain_length,
        secret: Some(secret),
    };
    campaign::create::<Hellenes>(dir, "hellenes-431", text, true, &opts)?;
    let layout = Layout::new(dir);
    let mut out = format!(
        "dikast demo: campaign `{DEMO_GAME}` of the embedded scenario hellenes-431 in {}\n\n",
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
        let done = campaign::adjudicate::<Hellenes>(&layout, false)?;
        let report = fs::read_to_string(layout.report(done.turn))
            .map_err(|e| Failure::io(&layout.report(done.turn), "read", e))?;
        out.push_str(&report);
        out.push_str("\n---\n\n");
    }
    let sum = crate::verify::archive::<Hellenes>(&layout)?;
    out.push_str("## Verification of the whole archive\n\n");
    for l in sum.lines {
        out.push_str(&format!("- {l}\n"));
    }
    out.push_str("\nverified: every file re-runs byte for byte\n");
    Ok(out)
}
