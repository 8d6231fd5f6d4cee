//! What the siege rules (7.x, 8.x) did, as data.
//!
//! The season's `Event` carries these as one variant, so the siege rules can grow without
//! touching the season's event list. Every event knows what each side may read: the
//! besieger learns dice and hit counts, never which besieged block lost what (8.2 "no
//! blocks are revealed"); a capitulation reveals nothing (8.1.3). The words:
//! `text::narrate::siege`.

use crate::model::battle::BattleOutcome;
use crate::model::state::Prestige;

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
        /// Why: `field` (the standing order), `unnamed` (the standing order named other
        /// blocks to withdraw), `capacity` (7.3: the city was full) or `inland` (page 9:
        /// a fleet cannot fortify in an inland city).
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
    /// 11.0 An appeal to an Olympian on siege dice (`engine::olympians`).
    Appeal(Box<super::appeal::AppealEvent>),
}

impl SiegeEvent {
    /// Whether `side` (None: the moderator) may read this event at all.
    pub fn shown_to(&self, side: Option<&str>) -> bool {
        match (self, side) {
            // A void siege combat order is told to its owner only: the enemy must not
            // learn what was ordered (nor read a line addressed to the other side).
            (SiegeEvent::Void(v), Some(me)) => v.side == me,
            _ => true,
        }
    }
}
