//! One way of saying each thing across the Hellenes reports (issue 10): every report the
//! rule cases expect (tests/cases/hellenes/**/out/report*.md, the moderator's and the
//! sides', what `rule_cases` compares the program's output with) writes dice in one
//! notation — the field battle's `rolls 1 4`, faces apart by spaces, never `1, 4` — says
//! one of a thing in the singular (`1 card`, never `1 cards`), and writes the possessive
//! of a side whose name ends in s as `Athens'`, never `Athens's`.

use std::fs;
use std::path::{Path, PathBuf};

fn reports(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            reports(&p, out);
        } else if p.parent().is_some_and(|d| d.ends_with("out"))
            && p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("report"))
        {
            out.push(p);
        }
    }
}

/// Whether `line` writes two dice faces apart by a comma after "rolls" or after a dice
/// label (`(`siege:X:attrition`): 1, 6`).
fn comma_dice(line: &str) -> Option<String> {
    for head in [
        "rolls ",
        "бросает ",
        "`): ",
        "costs it a step: ",
        "стоит ему шага: ",
    ] {
        for (at, _) in line.match_indices(head) {
            let b = &line.as_bytes()[at + head.len()..];
            if b.len() >= 4
                && b[0].is_ascii_digit()
                && b[1] == b','
                && b[2] == b' '
                && b[3].is_ascii_digit()
            {
                return Some(line[at..].chars().take(30).collect());
            }
        }
    }
    None
}

#[test]
fn hellenes_reports_say_each_thing_one_way() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/hellenes");
    let mut files = Vec::new();
    reports(&root, &mut files);
    files.sort();
    assert!(files.len() > 100, "found only {} reports", files.len());
    let mut bad = Vec::new();
    let mut battle_rolls = 0;
    for f in &files {
        let text = fs::read_to_string(f).unwrap();
        let name = f.strip_prefix(&root).unwrap().display().to_string();
        for (n, line) in text.lines().enumerate() {
            let at = format!("{name}:{}", n + 1);
            if let Some(d) = comma_dice(line) {
                bad.push(format!("{at}: dice apart by commas: {d}"));
            }
            if line.contains(" rolls ") && line.contains("Round ") {
                battle_rolls += 1;
            }
            for w in line.split(|c: char| !c.is_alphanumeric() && c != '\'' && c != '/') {
                if w.ends_with("s's") && w.starts_with(char::is_uppercase) {
                    bad.push(format!("{at}: `{w}` (a name ending in s takes ' alone)"));
                }
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            for pair in words.windows(2) {
                let noun = pair[1].trim_end_matches(|c: char| !c.is_alphabetic());
                if pair[0] == "1"
                    && [
                        "cards",
                        "blocks",
                        "dice",
                        "hits",
                        "routs",
                        "rounds",
                        "actions",
                        "Events",
                        "steps",
                        "fleets",
                        "cities",
                        "sacrifices",
                    ]
                    .contains(&noun)
                {
                    bad.push(format!("{at}: `1 {noun}`"));
                }
            }
        }
    }
    assert!(
        battle_rolls > 50,
        "the check found too few battle rounds to mean anything"
    );
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn the_dice_checker_sees_both_notations() {
    assert_eq!(
        comma_dice("Round 1: X (B2, 2 steps) rolls 1 2: 2 hits"),
        None
    );
    assert!(comma_dice("Round 1: X (B2, 2 steps) rolls 1, 2: 2 hits").is_some());
    assert!(comma_dice("3 dice (`siege:Potidaea:attrition`): 1, 6; each").is_some());
    assert_eq!(
        comma_dice("3 dice (`siege:Potidaea:attrition`): 1 6; each"),
        None
    );
    assert!(comma_dice("each 1–2 costs it a step: 1, 6; 2 hits").is_some());
}
