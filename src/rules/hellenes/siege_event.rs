//! What the siege rules (7.x, 8.x) did, as data, and how each side reads it.
//!
//! The season's `Event` carries these as one variant, so the siege rules can grow without
//! touching the season's event list. Every event knows what each side may read: the
//! besieger learns dice and hit counts, never which besieged block lost what (8.2 "no
//! blocks are revealed"); a capitulation reveals nothing (8.1.3).

use super::battle::{BattleOutcome, Effect};
use super::scenario::Scenario;
use super::state::{Prestige, Season};

/// How a besieged city fell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fall {
    /// 8.1: every defender eliminated in an assault (a storm).
    Storm,
    /// 8.1.3: the defenders capitulated when the assault was declared.
    Capitulation,
    /// 8.2: siege attrition eliminated the last defender.
    Attrition,
    /// The last defenders left the city (besieged fleets sailing out, 7.4).
    Vacated,
}

impl Fall {
    pub fn words(self) -> &'static str {
        match self {
            Fall::Storm => "taken by storm (8.1)",
            Fall::Capitulation => "capitulated (8.1.3)",
            Fall::Attrition => "starved out by siege attrition (8.2)",
            Fall::Vacated => "left empty by its defenders",
        }
    }
}

/// The two siege battles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BattleKind {
    /// 8.1: the besiegers attack the city.
    Assault,
    /// 8.3: besieged blocks attack the besiegers.
    Sortie,
}

/// One step lost by a besieged block (owner's eyes only).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loss {
    pub block: String,
    /// Steps left after the loss (0: eliminated).
    pub steps_left: u32,
}

/// Why a siege combat order came to nothing when it was resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Void {
    pub city: String,
    pub side: String,
    /// `assault`, `attrition` or `sortie`.
    pub what: String,
    /// In rule terms, e.g. `8.0: the siege of Plataea was established this season`.
    pub why: String,
}

#[derive(Debug, Clone, PartialEq)]
pub enum SiegeEvent {
    /// 7.1: `side`'s blocks withdrew into the walled city of `city`, ceding the area.
    Fortified {
        city: String,
        side: String,
        blocks: Vec<String>,
    },
    /// 7.1: `side`'s blocks at `city` met the enemy in the field (standing order or no room).
    InField {
        city: String,
        side: String,
        blocks: Vec<String>,
        /// Why: `field` (the standing order), `capacity` (7.3: the city was full) or
        /// `inland` (page 9: a fleet cannot fortify in an inland city).
        why: String,
    },
    /// 7.2: the siege is established in this Combat phase; the garrison (7.3) is added.
    Established {
        city: String,
        besieger: String,
        besieged: String,
        /// Besieged blocks, garrison included.
        count: u32,
        garrison: bool,
    },
    /// 8.2.1: a besieged port is blockaded from now on (8.2.2: Athens by the grain route).
    Blockaded {
        city: String,
        besieged: String,
        grain: bool,
    },
    /// 8.2.1: a besieged port is no longer blockaded.
    BlockadeEnded { city: String, besieged: String },
    /// 8.2 Siege attrition: the besieger's dice, the hit number and the hits.
    Attrition {
        city: String,
        besieger: String,
        besieged: String,
        label: String,
        dice: Vec<u32>,
        /// Each die at or below this is a hit (1; 3 in Winter or for Athens blockaded).
        hit_on: u32,
        /// Why `hit_on` is not 1: `winter` or `grain`.
        why: Option<String>,
        hits: u32,
        /// The besieged owner's eyes only.
        losses: Vec<Loss>,
    },
    /// 8.1 Treachery: the besieger's first die; at or below `hit_on` the defenders lose
    /// double defence.
    Treachery {
        city: String,
        besieger: String,
        label: String,
        die: u32,
        hit_on: u32,
    },
    /// 8.1.2: besieged fleets sailed out of the assaulted port to its offshore sea, with
    /// the land blocks they carried (landed at `landed`).
    Escaped {
        city: String,
        side: String,
        sea: String,
        fleets: Vec<String>,
        /// (land block, its fleet)
        carried: Vec<(String, String)>,
        landed: Option<String>,
    },
    /// 8.1.2: an enemy fleet in the offshore sea bars the besieged fleets' escape.
    EscapeBarred {
        city: String,
        side: String,
        sea: String,
    },
    /// 8.1: an assault is declared.
    AssaultDeclared { city: String, besieger: String },
    /// 8.1.3: the besieged capitulated; every besieged block went back to the pool.
    Capitulated {
        city: String,
        side: String,
        /// The besieged owner's eyes only.
        blocks: Vec<String>,
        count: u32,
    },
    /// 8.3: a sortie is declared at the start of the Combat phase.
    SortieDeclared {
        city: String,
        side: String,
        blocks: Vec<String>,
    },
    /// The city fell to `by`.
    Captured {
        city: String,
        by: String,
        from: String,
        how: Fall,
    },
    /// Prestige for a city (8.1.3): `side` gains `points` on the net track.
    Prestige {
        side: String,
        points: i32,
        city: String,
        how: Fall,
        /// The net track afterwards.
        after: Prestige,
    },
    /// 7.3: the siege is lifted (no besieger left around the city); the garrison goes
    /// (unless it was built in a captured city, 4.2.3).
    Lifted {
        city: String,
        besieged: String,
        garrison_stays: bool,
    },
    /// An assault (8.1) or sortie (8.3) battle: every block in it is revealed to both
    /// sides, so both read all of it.
    Battle {
        city: String,
        kind: BattleKind,
        label: String,
        /// 8.1.1: whether the defenders had double defence (not in a sortie, nor in a
        /// Treachery assault that took it away).
        double_defence: bool,
        outcome: BattleOutcome,
    },
    /// A siege combat order that the state no longer allowed when it was resolved.
    Void(Void),
}

impl SiegeEvent {
    /// Whether `side` (None: the moderator) may read this event at all.
    pub fn shown_to(&self, side: Option<&str>) -> bool {
        let _ = side;
        true
    }
}

fn side_name(sc: &Scenario, id: &str) -> String {
    super::report::side_name(sc, id)
}

/// The net Prestige track in words.
fn track_words(sc: &Scenario, p: &Prestige) -> String {
    if p.points == 0 {
        "the track is level".into()
    } else {
        format!("{} leads by {}", side_name(sc, &p.leader), p.points)
    }
}

fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The event in rule terms for `side` (None: the moderator). Hidden details (which block
/// lost what, which blocks capitulated or fortified) go only to their owner.
pub fn narrate(sc: &Scenario, season: Season, e: &SiegeEvent, side: Option<&str>) -> String {
    let owner = |s: &str| side.is_none() || side == Some(s);
    match e {
        SiegeEvent::Fortified {
            city,
            side: s,
            blocks,
        } => {
            let who = if owner(s) {
                format!(": {}", blocks.join(", "))
            } else {
                String::new()
            };
            format!(
                "7.1 {} withdraws {} into the walls of {city}, ceding the area{who}.",
                side_name(sc, s),
                plural(blocks.len() as u32, "block", "blocks")
            )
        }
        SiegeEvent::InField {
            city,
            side: s,
            blocks,
            why,
        } => {
            let reason = match why.as_str() {
                "capacity" => " (7.3: no room left inside the walls)",
                "inland" => " (a fleet cannot fortify in an inland city)",
                _ => " (standing order: field)",
            };
            let who = if owner(s) {
                format!(": {}", blocks.join(", "))
            } else {
                String::new()
            };
            format!(
                "7.1 {} meets the enemy in the field at {city} with {}{reason}{who}.",
                side_name(sc, s),
                plural(blocks.len() as u32, "block", "blocks")
            )
        }
        SiegeEvent::Established {
            city,
            besieger,
            besieged,
            count,
            garrison,
        } => {
            let g = if *garrison {
                ", the city's garrison (7.3) added face down"
            } else {
                ""
            };
            format!(
                "7.2 Siege of {city} established: {} besieges {} of {}{g}. Siege combat is possible from next season (8.0).",
                side_name(sc, besieger),
                plural(*count, "block", "blocks"),
                side_name(sc, besieged)
            )
        }
        SiegeEvent::Blockaded {
            city,
            besieged,
            grain,
        } => {
            if *grain {
                format!(
                    "8.2.2 The Black Sea grain of {} is cut: {city} counts as blockaded from {season}.",
                    side_name(sc, besieged)
                )
            } else {
                format!("8.2.1 {city} is besieged and blockaded from {season} (an enemy fleet holds its offshore sea).")
            }
        }
        SiegeEvent::BlockadeEnded { city, .. } => {
            format!("8.2.1 The blockade of {city} ends.")
        }
        SiegeEvent::Attrition {
            city,
            besieger,
            besieged,
            label,
            dice,
            hit_on,
            why,
            hits,
            losses,
        } => {
            let faces: Vec<String> = dice.iter().map(|d| d.to_string()).collect();
            let on = match (hit_on, why.as_deref()) {
                (1, _) => "each 1 hits".to_string(),
                (n, Some("grain")) => {
                    format!("each 1–{n} hits: Athens besieged and blockaded (8.2.2)")
                }
                (n, _) => format!("each 1–{n} hits in {season}"),
            };
            let mut s = format!(
                "8.2 Siege attrition at {city}, {season}: {} rolls one die per besieged block of {}, garrison included, {} (`{label}`): {}; {on}: {}.",
                side_name(sc, besieger),
                side_name(sc, besieged),
                plural(dice.len() as u32, "die", "dice"),
                faces.join(", "),
                plural(*hits, "hit", "hits")
            );
            if owner(besieged) && !losses.is_empty() {
                let l: Vec<String> = losses
                    .iter()
                    .map(|l| {
                        if l.steps_left == 0 {
                            format!("{} eliminated", l.block)
                        } else {
                            format!("{} to {}", l.block, plural(l.steps_left, "step", "steps"))
                        }
                    })
                    .collect();
                s.push_str(&format!(
                    " Losses, strongest block first: {}.",
                    l.join("; ")
                ));
            } else if *hits > 0 {
                s.push_str(" Each hit takes a step from the strongest besieged block; no block is revealed.");
            }
            s
        }
        SiegeEvent::Escaped {
            city,
            side: s,
            sea,
            fleets,
            carried,
            landed,
        } => {
            let cargo = match (carried.is_empty(), landed) {
                (false, Some(to)) if owner(s) => {
                    let c: Vec<String> =
                        carried.iter().map(|(b, f)| format!("{b} on {f}")).collect();
                    format!(", carrying {} (landed at {to}, 5.21)", c.join(", "))
                }
                (false, Some(to)) => format!(
                    ", carrying {} (landed at {to}, 5.21)",
                    plural(carried.len() as u32, "land block", "land blocks")
                ),
                _ => String::new(),
            };
            let who = if owner(s) {
                format!("{}'s besieged fleets {}", side_name(sc, s), fleets.join(", "))
            } else {
                format!(
                    "{} of {}",
                    plural(fleets.len() as u32, "besieged fleet", "besieged fleets"),
                    side_name(sc, s)
                )
            };
            format!("8.1.2 {who} sail out of {city} to {sea}{cargo}, escaping the assault.")
        }
        SiegeEvent::EscapeBarred { city, side: s, sea } => format!(
            "8.1.2 {}'s besieged fleets cannot sail out of {city}: an enemy fleet holds {sea}.",
            side_name(sc, s)
        ),
        SiegeEvent::AssaultDeclared { city, besieger } => {
            format!(
                "8.1 {} declares an assault on {city}.",
                side_name(sc, besieger)
            )
        }
        SiegeEvent::Treachery {
            city,
            besieger,
            label,
            die,
            hit_on,
        } => format!(
            "8.1 Treachery assault on {city} by {} (an Event; no capitulation): the first die (`{label}`) is {die}: {}.",
            side_name(sc, besieger),
            if die <= hit_on {
                format!("1–{hit_on}, the defenders lose double defence")
            } else {
                "the defenders keep double defence (8.1.1)".to_string()
            }
        ),
        SiegeEvent::Capitulated {
            city,
            side: s,
            blocks,
            count,
        } => {
            let garrison = (*count as usize) > blocks.len();
            let what = if owner(s) {
                let mut parts = Vec::new();
                if !blocks.is_empty() {
                    parts.push(format!("{} back to the pool", blocks.join(", ")));
                }
                if garrison {
                    parts.push("the garrison removed".to_string());
                }
                parts.join(", ")
            } else {
                format!(
                    "{} of {} eliminated{}",
                    plural(*count, "besieged block", "besieged blocks"),
                    side_name(sc, s),
                    if garrison { ", garrison included" } else { "" }
                )
            };
            format!(
                "8.1.3 {city} capitulates when the assault is declared, before anything is revealed: {what}; the besiegers lose nothing."
            )
        }
        SiegeEvent::SortieDeclared {
            city,
            side: s,
            blocks,
        } => format!(
            "8.3 {} sorties from {city} with {}: {}.",
            side_name(sc, s),
            plural(blocks.len() as u32, "block", "blocks"),
            blocks.join(", ")
        ),
        SiegeEvent::Captured {
            city,
            by,
            from,
            how,
        } => format!(
            "{city} falls to {} ({} held it): {}.",
            side_name(sc, by),
            side_name(sc, from),
            how.words()
        ),
        SiegeEvent::Prestige {
            side: s,
            points,
            city,
            how,
            after,
        } => {
            let why = match how {
                Fall::Storm => format!("taking {city} by storm (8.1.3: 2 for a storm)"),
                Fall::Capitulation => {
                    format!("the capitulation of {city} (8.1.3: 1 instead of 2 for a storm)")
                }
                Fall::Attrition => {
                    format!("starving out {city} ([A] params.siege.prestige_starved)")
                }
                Fall::Vacated => format!("taking {city} ([A] params.siege.prestige_vacated)"),
            };
            format!(
                "Prestige: {} gains {points} for {why}; {}.",
                side_name(sc, s),
                track_words(sc, after)
            )
        }
        SiegeEvent::Lifted {
            city,
            besieged,
            garrison_stays,
        } => {
            let g = if *garrison_stays {
                "its built garrison stays (7.3, 4.2.3)"
            } else {
                "its garrison is removed (7.3)"
            };
            format!(
                "7.3 The siege of {city} is lifted: no besieger is left around it; {}'s besieged blocks are free again and {g}.",
                side_name(sc, besieged)
            )
        }
        SiegeEvent::Battle {
            city,
            kind,
            label,
            double_defence,
            outcome,
        } => narrate_battle(sc, city, *kind, label, *double_defence, outcome),
        SiegeEvent::Void(v) => format!(
            "{}'s {} at {} does not take place: {}.",
            side_name(sc, &v.side),
            v.what,
            v.city,
            v.why
        ),
    }
}

/// A siege battle told round by round: who fought (revealed), every block's dice and what
/// each hit and rout did, and the result. Sub-bullets under the event's bullet.
fn narrate_battle(
    sc: &Scenario,
    city: &str,
    kind: BattleKind,
    label: &str,
    double_defence: bool,
    o: &BattleOutcome,
) -> String {
    let (title, rules) = match (kind, double_defence) {
        (BattleKind::Assault, true) => (
            format!("8.1 Assault on {city}"),
            " Defenders fire A2, with double defence (8.1.1), and cannot be routed (8.1).",
        ),
        (BattleKind::Assault, false) => (
            format!("8.1 Treachery assault on {city}"),
            " Defenders fire A2 and cannot be routed (8.1), but have no double defence.",
        ),
        (BattleKind::Sortie, _) => (
            format!("8.3 Sortie from {city}"),
            " A field battle outside the walls, no double defence.",
        ),
    };
    let mut s = format!(
        "{title}: {} attacks {} (`{label}`).{rules}",
        side_name(sc, &o.attacker),
        side_name(sc, &o.defender)
    );
    for (who, att) in [(&o.attacker, true), (&o.defender, false)] {
        let blocks: Vec<String> = o
            .revealed
            .iter()
            .filter(|f| &f.side == who)
            .map(|f| {
                format!(
                    "{} {} ({})",
                    f.id,
                    plural(f.steps, "step", "steps"),
                    f.rating
                )
            })
            .collect();
        s.push_str(&format!(
            "\n  - {} {}: {}.",
            if att { "Attacking," } else { "Defending," },
            side_name(sc, who),
            blocks.join(", ")
        ));
    }
    for shot in &o.shots {
        let faces: Vec<String> = shot.dice.iter().map(|d| d.to_string()).collect();
        let mut effects: Vec<String> = Vec::new();
        let mut void_routs = 0;
        for e in &shot.effects {
            match e {
                Effect::Step { block, left: 0 } => effects.push(format!("{block} eliminated")),
                Effect::Step { block, left } => {
                    effects.push(format!("{block} loses a step ({left} left)"))
                }
                Effect::Marked { block } => effects.push(format!(
                    "{block} takes a first hit (8.1.1: the next hit costs it a step)"
                )),
                Effect::Routed { block } => effects.push(format!("{block} routed")),
                Effect::RoutIgnored => void_routs += 1,
            }
        }
        if void_routs > 0 {
            effects.push(format!(
                "{} without effect (8.1: city defenders cannot be routed)",
                plural(void_routs, "rout", "routs")
            ));
        }
        s.push_str(&format!(
            "\n  - Round {}: {} ({}, {}) rolls {}: {}, {}{}",
            shot.round,
            shot.block,
            shot.rating,
            plural(shot.steps, "step", "steps"),
            faces.join(", "),
            plural(shot.hits, "hit", "hits"),
            plural(shot.routs, "rout", "routs"),
            if effects.is_empty() {
                ".".to_string()
            } else {
                format!(": {}.", effects.join("; "))
            }
        ));
    }
    let attacker_won = o.winner.as_deref() == Some(o.attacker.as_str());
    let result = match (kind, &o.winner) {
        (BattleKind::Assault, Some(_)) if attacker_won => {
            "no defender is left in the city".to_string()
        }
        (BattleKind::Assault, Some(_)) => "the assault is repulsed".to_string(),
        (BattleKind::Sortie, Some(_)) if attacker_won => {
            "the sortie drives the besiegers from the field".to_string()
        }
        (BattleKind::Sortie, Some(_)) => "the sortie fails".to_string(),
        (_, None) => "nobody wins; both stay".to_string(),
    };
    let mut tail = Vec::new();
    if !o.eliminated.is_empty() {
        tail.push(format!("eliminated: {}", o.eliminated.join(", ")));
    }
    let back = o.must_retreat();
    let (ours, theirs): (Vec<String>, Vec<String>) = back.into_iter().partition(|id| {
        o.revealed
            .iter()
            .any(|f| &f.id == id && f.side == o.attacker)
    });
    match kind {
        BattleKind::Assault if !ours.is_empty() => tail.push(format!(
            "back to besieging around the city (8.1.2): {}",
            ours.join(", ")
        )),
        BattleKind::Sortie if !ours.is_empty() => tail.push(format!(
            "back into the city (8.3: sortie blocks retreat only into the city): {}",
            ours.join(", ")
        )),
        _ => {}
    }
    if !theirs.is_empty() {
        tail.push(format!(
            "to retreat by the normal rules (8.3): {}",
            theirs.join(", ")
        ));
    }
    // 8.1.1: a first hit not followed by a second is lost at the end of the battle.
    let mut marked: Vec<&str> = Vec::new();
    for e in o.shots.iter().flat_map(|x| x.effects.iter()) {
        match e {
            Effect::Marked { block } => marked.push(block),
            Effect::Step { block, .. } => marked.retain(|b| b != block),
            _ => {}
        }
    }
    if !marked.is_empty() {
        tail.push(format!(
            "the first hit on {} is lost unconverted (8.1.1)",
            marked.join(", ")
        ));
    }
    s.push_str(&format!(
        "\n  - After {}: {result}{}.",
        plural(o.rounds_fought, "round", "rounds"),
        if tail.is_empty() {
            String::new()
        } else {
            format!("; {}", tail.join("; "))
        }
    ));
    s
}

/// The sieges as one side sees them, for its report's "Your position": who holds each
/// besieged city, who besieges it since when, the blockade (8.2.1), and who is inside and
/// around: the side's own blocks by id, the enemy's as a count. Empty when no city is
/// besieged.
pub fn describe_sieges(sc: &Scenario, v: &super::view::View) -> String {
    use super::state::Status;
    let mut out = String::new();
    for c in &v.cities {
        let Some(s) = &c.siege else { continue };
        let mut line = format!(
            "- {} (held by {}): besieged by {} since {} {} BC",
            c.name,
            side_name(sc, &c.control),
            side_name(sc, &s.besieger),
            s.season,
            s.year
        );
        if let Some(b) = &s.blockaded {
            line.push_str(&format!(
                "; besieged and blockaded since {} {} BC (8.2.1)",
                b.season, b.year
            ));
        }
        for (status, word) in [(Status::Besieged, "inside"), (Status::Besieging, "around")] {
            let mine: Vec<&str> = v
                .blocks
                .iter()
                .filter(|b| b.at == c.name && b.status == status)
                .map(|b| b.id.as_str())
                .collect();
            let theirs: u32 = v
                .enemy
                .iter()
                .filter(|g| g.at == c.name && g.status == status)
                .map(|g| g.count)
                .sum();
            let who = match (mine.is_empty(), theirs) {
                (false, _) => format!("your {}", mine.join(", ")),
                (true, 0) => continue,
                (true, n) => plural(n, "enemy block", "enemy blocks"),
            };
            line.push_str(&format!("; {word}: {who}"));
        }
        out.push_str(&line);
        out.push_str(".\n");
    }
    if out.is_empty() {
        return out;
    }
    format!("\n**Sieges** (7.2; the garrison counts as a block inside):\n{out}")
}
