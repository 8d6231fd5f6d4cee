//! What happened in a step, as data: the engine records events, text/ narrates them
//! (one function per variant) in every language. Events name only open things, except
//! `Dealt`, whose cards are narrated to their owner alone.

use super::orders::Use;
use super::params::AssaultResult;

/// Whose army acts: a player's general, or an independent army.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Who {
    General(String),
    Independent(String),
}

/// The segment of a round an attempt was made in (§4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Segment {
    Surrender,
    Tyche,
    Activation,
}

/// One modifier of an assault roll (§1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Modifier {
    /// The city's own, from the map.
    City(i32),
    /// A major port, and the besieger has no fleet or all are dispersed.
    PortWithoutFleet(i32),
    /// A card's event (Helepolis, Traitor in the City).
    Card(String, i32),
    /// §8 [A]: the besieging general's special power.
    General(String, i32),
}

impl Modifier {
    pub fn value(&self) -> i32 {
        match self {
            Modifier::City(v)
            | Modifier::PortWithoutFleet(v)
            | Modifier::Card(_, v)
            | Modifier::General(_, v) => *v,
        }
    }
}

/// Why a siege's points were removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResetWhy {
    /// §5: the besieger lost a battle there to a third player.
    ThirdParty,
    /// [A] the besieger's last army left the space.
    Lifted,
    /// [A] another player's army began its own siege there.
    NewBesieger,
}

/// Why a player's Legitimacy changed (§8 [A]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LegitimacyWhy {
    /// A card's event.
    Card(String),
    /// The Regent's gain at the end of a game turn.
    Regent,
    /// A general's special power, at the end of a game turn.
    Power(String),
    /// The Usurper's loss in Preparations.
    Usurper,
}

/// Which special power acted (§8 [A]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PowerKind {
    Attack,
    Defence,
    Avoid,
    Intercept,
    /// Not a power: the army's Loyal Macedonians (§8 [A]).
    Macedonians,
}

/// How the game was won (§8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Victory {
    /// The VP threshold [A] at the end of a game turn.
    Points,
    /// The Legitimacy threshold [A].
    Legitimacy,
    /// The Regent holds every royal seat [A].
    Regency,
    /// The most VP after the last game turn.
    LastTurn,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// The Tyche draw of a game turn (sealed): each player's new hand.
    Dealt {
        turn: u32,
        hands: Vec<(String, Vec<String>)>,
    },
    /// Preparations: the player with the most VP is the Usurper.
    Usurper { player: String, vp: u32 },
    /// A new round begins.
    RoundBegins { turn: u32, round: u32 },
    /// §8: a card revealed for nobody, resolved by `player`.
    Revealed { card: String, player: String },
    /// Surrender segment: a marker removed or placed.
    MarkerRemoved {
        space: String,
        was: String,
        by: String,
    },
    /// A control marker placed: in the Surrender segment, or bought with a card's OPs
    /// in the Tyche segment (the report line names which).
    MarkerPlaced {
        space: String,
        player: String,
        segment: Segment,
    },
    /// A Tyche card played.
    CardPlayed {
        player: String,
        card: String,
        how: Use,
    },
    /// A surprise card discarded, and a new one drawn (its id is the player's alone).
    Redrawn { player: String, card: String },
    /// A card's assault modifier now acts on the player's attempts against a space.
    CardModifier {
        player: String,
        card: String,
        space: String,
        value: i32,
    },
    /// A mercenary CU trained.
    Trained { player: String, general: String },
    /// An assault (or subjugation) roll.
    Assault {
        who: Who,
        player: String,
        space: String,
        segment: Segment,
        subjugation: bool,
        roll: u32,
        modifiers: Vec<Modifier>,
        result: AssaultResult,
        points: u32,
        needed: u32,
    },
    /// The space fell: captured, or subjugated (§3).
    Captured {
        space: String,
        player: String,
        from: Option<String>,
        subjugation: bool,
    },
    /// A general inside a fallen city is removed from play with his CUs [A].
    FellInside {
        general: String,
        space: String,
        cus: u32,
    },
    /// §5 or [A]: the siege points of a space removed.
    SiegeReset {
        space: String,
        points: u32,
        why: ResetWhy,
    },
    /// A move.
    Moved {
        who: Who,
        from: String,
        to: String,
        sea: bool,
    },
    /// An army went inside the walls (§2).
    WentInside { general: String, space: String },
    /// An army came out of the walls to give battle (§2).
    Sortie { general: String, space: String },
    /// §2: a sea move touching a besieged port, and the besiegers' interception roll.
    Interception {
        general: String,
        space: String,
        by: String,
        roll: u32,
        stopped: bool,
    },
    /// §7: an army's interception of an enemy moving by land into a space next to it.
    Intercepts {
        general: String,
        from: String,
        space: String,
        target: Who,
        roll: u32,
        ok: bool,
    },
    /// §7: an attempt to avoid battle.
    Avoid {
        general: String,
        space: String,
        roll: u32,
        to: Option<String>,
    },
    /// A lone general attacked gives way without a battle [A].
    LoneGeneral {
        general: String,
        space: String,
        to: Option<String>,
    },
    /// A battle (battle table in data).
    Battle {
        space: String,
        attacker: Who,
        defenders: Vec<Who>,
        attack: (u32, i32),
        defence: (u32, i32),
        attacker_won: bool,
        attacker_lost: u32,
        defender_lost: u32,
    },
    /// A beaten army retreats (or has nowhere to go and is removed).
    Retreat {
        who: Who,
        from: String,
        to: Option<String>,
    },
    /// §6: one CU's sudden sally.
    Sally {
        player: String,
        general: String,
        space: String,
        roll: u32,
        result: AssaultResult,
        points: u32,
    },
    /// §7: an independent army activated by a card; `player` writes its orders.
    Activated {
        army: String,
        card: String,
        player: String,
    },
    /// §7: an independent army stays and places its marker.
    IndependentMarker { army: String, space: String },
    /// §7: an independent army ending its move removes a player's marker.
    MarkerSwept {
        army: String,
        space: String,
        was: String,
    },
    /// §7: the Colonists reach Greece and leave play.
    LeftPlay { army: String, space: String },
    /// An independent army lost its last CU.
    Destroyed { army: String, space: String },
    /// An order that could not be carried out when its turn came, and why (rule cited).
    Void {
        player: String,
        order: String,
        why: super::refusal::Why,
    },
    /// Foraging segment: an army too large for a space not its player's.
    Foraged { general: String, space: String },
    /// Isolation at the end of the game turn.
    Isolated {
        general: String,
        space: String,
        /// The CUs it lost (`params.isolation_loss`, at most what it had).
        lost: u32,
    },
    /// Reinforcements of a new game turn.
    Reinforced {
        player: String,
        general: String,
        cus: u32,
    },
    /// End of a game turn: every player's VP.
    TurnEnds { turn: u32, vp: Vec<(String, u32)> },
    /// The game is over.
    Won {
        player: String,
        vp: u32,
        by: Victory,
    },
    /// §8 [A]: a player's Legitimacy changed.
    Legitimacy {
        player: String,
        change: i32,
        total: u32,
        why: LegitimacyWhy,
    },
    /// §8 [A]: the Regency passes to another player.
    Regency { from: Option<String>, to: String },
    /// §8 [A]: a general's special power changed a battle total or a reaction's number.
    Power {
        general: String,
        kind: PowerKind,
        value: i32,
    },
    /// §8: a Loyal Macedonian CU trained (7 OPs).
    TrainedMacedonian { player: String, general: String },
    /// §8: a fleet upgrade bought.
    FleetBought { player: String, count: u32 },
    /// §8: a new general bought and placed.
    GeneralBought {
        player: String,
        general: String,
        space: String,
        cus: u32,
    },
    /// §8 [A]: a card's event disperses a player's ready fleets.
    Dispersed {
        player: String,
        fleets: u32,
        card: String,
    },
    /// §8 [A]: dispersed fleets regroup (a card's event, or the end of a game turn).
    Regrouped { player: String, fleets: u32 },
    /// §8 [A]: a card's event gives free CUs to an army.
    EventCus {
        player: String,
        general: String,
        cus: u32,
        card: String,
    },
    /// §8 [P] Diplomacy: a minor city comes under the player's control (`from`: its
    /// former controller, a player or `independent`).
    Diplomacy {
        player: String,
        space: String,
        from: String,
        card: String,
    },
    /// §8 [P] Minor Raid: a minor city's control marker (`from`'s) is removed.
    Raided {
        player: String,
        space: String,
        from: String,
        card: String,
    },
    /// §8 [P] Epidemic: an army (of `player`) suffers attrition and loses `lost` CUs [A].
    Epidemic {
        player: String,
        general: String,
        space: String,
        lost: u32,
        card: String,
    },
}
