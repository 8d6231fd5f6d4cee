//! What a player turn did (actions, battles, retreats, control, Prestige), as data.
//!
//! Hidden information: a side's moves and builds are told to the enemy as places and
//! counts only (no ids, no strengths); blocks that fought are revealed to both sides (the
//! battle lists every block with its rating and steps, every die and its effect); a void
//! action is told only to its side. The words: `text::narrate::season`.

use crate::model::battle::BattleOutcome;
use crate::model::state::Prestige;

#[derive(Debug, Clone, PartialEq)]
pub enum SeasonEvent {
    /// 1.0: the acting side's actions this turn.
    Actions {
        side: String,
        card: Option<String>,
        budget: u32,
        ordered: u32,
    },
    /// 2.0, 5.21: blocks moved along `route` (start first); `carried`: (land block, its
    /// fleet).
    Moved {
        side: String,
        blocks: Vec<String>,
        route: Vec<String>,
        naval: bool,
        carried: Vec<(String, String)>,
    },
    /// 7.4, page 9: fleets (and the land blocks they carry) entered their own besieged
    /// port by way of its offshore sea `sea`, joining the besieged.
    IntoWalls {
        side: String,
        city: String,
        sea: String,
        blocks: Vec<String>,
    },
    /// 1.0 [A] a card's Event changed the steps of `side`'s blocks at `at` (a place, or
    /// `home`): (block, steps after). Told to the enemy as a count.
    EventSteps {
        side: String,
        card: String,
        at: String,
        change: i32,
        blocks: Vec<(String, u32)>,
    },
    /// 1.0 [A] a card's `revolt`: the die (stream `label`) and whether `city` changed
    /// from `from` to `side`.
    EventRevolt {
        side: String,
        card: String,
        city: String,
        from: String,
        label: String,
        die: u32,
        on: u32,
        succeeded: bool,
    },
    /// 1.0 [A] a card's `storm` on `sea`: each fleet there (block, owner, its die, steps
    /// after). Told to each side with its own fleets named, the enemy's counted.
    EventStorm {
        side: String,
        card: String,
        sea: String,
        label: String,
        on: u32,
        fleets: Vec<(String, String, u32, u32)>,
    },
    /// 1.0 [A] an Event whose target was no longer lawful when it was revealed.
    EventVoid {
        side: String,
        card: String,
        why: String,
        why_ru: String,
    },
    /// 4.2: a block gained a step.
    StepBuilt {
        side: String,
        block: String,
        at: String,
        steps: u32,
        max: u32,
    },
    /// 4.2: a new block drawn blind from the pool (sealed draw `label`).
    BlockDrawn {
        side: String,
        block: String,
        city: String,
        label: String,
        steps: u32,
    },
    /// 4.2.3: a garrison built in a captured city.
    GarrisonBuilt { side: String, city: String },
    /// 5.5: a city's land pillaged; the city is ravaged until the year ends.
    Pillaged { side: String, city: String },
    /// An action that the state no longer allowed when it was carried out.
    ActionVoid {
        side: String,
        number: u32,
        why: String,
    },
    /// 2.0: a field or naval battle (or the battle of an assault or a sortie).
    Battle(Box<BattleOutcome>),
    /// 2.0: a routed or withdrawing block retreated.
    Retreated {
        side: String,
        block: String,
        from: String,
        to: String,
    },
    /// 2.0 [A]: a block that had to retreat had nowhere to go: eliminated.
    NoRetreat {
        side: String,
        block: String,
        from: String,
    },
    /// Prestige on the net track.
    Prestige {
        side: String,
        points: i32,
        why: PrestigeFor,
        after: Prestige,
    },
    /// §3 City control changed: the city reverted to its loyalty at the end of `phase`
    /// (`Actions` or `Combat`), its conqueror gone; `retaken`: the loyal side's blocks are
    /// back in it.
    Control {
        city: String,
        from: String,
        to: String,
        phase: String,
        retaken: bool,
    },
}

/// Why a side gained Prestige in a player turn.
#[derive(Debug, Clone, PartialEq)]
pub enum PrestigeFor {
    /// 5.5 [A] `params.prestige_pillage`: pillaging a city's land.
    Pillage { city: String },
    /// 2.0 [A] `params.prestige_battle`: winning a field or naval battle.
    Battle { place: String },
    /// 1.0 [A] a card's Event (`cards[].effects`).
    Event { card: String },
}

impl SeasonEvent {
    /// Whether `side` (None: the moderator) may read this event at all.
    pub fn shown_to(&self, side: Option<&str>) -> bool {
        match (self, side) {
            (_, None) => true,
            (SeasonEvent::ActionVoid { side: s, .. }, Some(me)) => s == me,
            _ => true,
        }
    }
}
