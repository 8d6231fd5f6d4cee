//! The multi-season siege example (`orders-examples/hellenes-431/siege/`): a campaign of
//! the embedded 431 scenario, from the setup to a siege of Plataea established in the
//! Spring, worn down by attrition season after season and finally assaulted, is played
//! through the real pipeline with its example orders, then the whole archive is verified
//! byte for byte, and the siege's milestones must appear in the reports.
//!
//! Every game file hash changes when the scenario or the state format changes;
//! `DIKAST_BLESS=1` then rewrites each example's `based_on:` line (and a card line marked
//! `# rebase: lowest | highest` whose card left the hand) against the game file its turn
//! awaits. `DIKAST_SIEGE_KEEP=<dir>` keeps the played campaign there, to write the next
//! turn's orders from its views.

use dikast::campaign::{self, NewOptions};
use dikast::folder::Layout;
use dikast::game::{sha256_hex, ViewFile};
use dikast::games::hellenes::sight::View;
use dikast::games::hellenes::{Hellenes, HELLENES_431};
use dikast::secret::Secret;
use std::fs;
use std::path::{Path, PathBuf};

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("orders-examples/hellenes-431/siege")
}

fn turns(ex: &Path) -> Vec<(u32, PathBuf)> {
    dikast::demo::example_turns(ex).expect("the siege example folder")
}

fn create(ex: &Path, dir: &Path) -> Layout {
    let _ = fs::remove_dir_all(dir);
    let secret: Secret =
        serde_yaml::from_str(&fs::read_to_string(ex.join("secret.yaml")).unwrap()).unwrap();
    let opts = NewOptions {
        game_id: "siege-431".into(),
        chain_length: secret.chain_length,
        secret: Some(secret),
        start: Default::default(),
    };
    campaign::create::<Hellenes>(dir, "hellenes-431", HELLENES_431, true, &opts)
        .unwrap_or_else(|f| panic!("create: {}", f.render()));
    Layout::new(dir)
}

/// A card line `card: <id>   # … rebase: lowest | highest`: keeps the card if it is still
/// in the hand, or names the hand's lowest (highest) Action card, first in hand order.
fn repick(line: &str, view: &View) -> String {
    let Some((head, comment)) = line.split_once('#') else {
        return line.to_string();
    };
    let Some(policy) = comment.split("rebase: ").nth(1).map(str::trim) else {
        return line.to_string();
    };
    let Some((key, value)) = head.split_once(':') else {
        return line.to_string();
    };
    let card = value.trim();
    if view.hand.iter().any(|c| c.id == card) {
        return line.to_string();
    }
    let pick = match policy {
        "lowest" => view.hand.iter().min_by_key(|c| c.action),
        _ => view.hand.iter().rev().max_by_key(|c| c.action),
    }
    .expect("a hand to play from");
    format!("{key}:{}#{comment}", value.replacen(card, &pick.id, 1))
}

/// Plays the example into `dir`, turn by turn; with `bless`, each orders file is first
/// re-based on the game file its turn awaits.
fn play(ex: &Path, dir: &Path, bless: bool) -> Layout {
    let layout = create(ex, dir);
    for (t, folder) in turns(ex) {
        let mut files: Vec<PathBuf> = fs::read_dir(&folder)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        files.sort();
        for f in files {
            let mut text = fs::read_to_string(&f).unwrap();
            if bless {
                let hash = sha256_hex(&fs::read(layout.game(t)).unwrap());
                let side = f.file_stem().unwrap().to_string_lossy().into_owned();
                let view: ViewFile<View> = serde_yaml::from_slice(
                    &fs::read(layout.turn_dir(t).join(format!("view-{side}.yaml"))).unwrap(),
                )
                .unwrap();
                let mut new: Vec<String> = text
                    .lines()
                    .map(|l| {
                        if l.starts_with("based_on:") {
                            format!("based_on: {hash}")
                        } else if l.trim_start().starts_with("card:") {
                            repick(l, &view.state)
                        } else {
                            l.to_string()
                        }
                    })
                    .collect();
                new.push(String::new());
                let new = new.join("\n");
                if new != text {
                    fs::write(&f, &new).unwrap();
                    text = new;
                }
            }
            fs::write(layout.orders_dir(t).join(f.file_name().unwrap()), &text).unwrap();
        }
        if let Err(f) = campaign::adjudicate::<Hellenes>(&layout, false) {
            panic!(
                "turn {t} of the siege example fails (after a scenario or state change, run with DIKAST_BLESS=1):\n{}",
                f.render()
            );
        }
    }
    layout
}

#[test]
fn siege_example_plays_and_verifies() {
    let ex = example();
    let bless = std::env::var("DIKAST_BLESS").is_ok_and(|v| v == "1");
    let keep = std::env::var("DIKAST_SIEGE_KEEP").ok().map(PathBuf::from);
    let dir = keep.clone().unwrap_or_else(|| {
        std::env::temp_dir().join(format!("dikast-siege-example-{}", std::process::id()))
    });
    let layout = play(&ex, &dir, bless);
    let summary = dikast::verify::archive::<Hellenes>(&layout)
        .unwrap_or_else(|f| panic!("the archive does not verify: {}", f.render()));
    assert!(!summary.lines.is_empty());
    // The siege's milestones, in order, in the moderator's reports.
    let mut all = String::new();
    for (t, _) in turns(&ex) {
        all.push_str(&fs::read_to_string(layout.report(t)).unwrap());
    }
    let mut at = 0;
    for milestone in [
        "7.1 Athens withdraws 1 block into the walls of Plataea",
        "7.2 Siege of Plataea established",
        "8.2 Siege attrition at Plataea, Early Summer",
        "8.2 Siege attrition at Plataea, Late Summer",
        "8.1 Sparta declares an assault on Plataea",
    ] {
        match all[at..].find(milestone) {
            Some(i) => at += i + milestone.len(),
            None => panic!("the siege example's reports lack, in order: {milestone}"),
        }
    }
    if keep.is_none() {
        let _ = fs::remove_dir_all(&dir);
    }
}
