//! What an appeal to an Olympian (11.0) did outside a battle, as data (a battle's appeals
//! are in its shots). The words: `text::narrate::appeal`.

/// What an appeal did, as data (the battle's appeals are in its shots).
#[derive(Debug, Clone, PartialEq)]
pub enum AppealEvent {
    /// `side`'s standing appeal to `olympian` fitted the result `label` but was not made
    /// (told to `side` only: its standing orders are its own).
    NotMade {
        side: String,
        olympian: String,
        label: String,
        why: crate::model::state::NotMade,
    },
    /// Dice re-rolled: `first` from `label`, `again` from `reroll`.
    Dice {
        side: String,
        olympian: String,
        owner: String,
        label: String,
        reroll: String,
        first: Vec<u32>,
        again: Vec<u32>,
    },
    /// Zeus: `side`'s six cards discarded and six more dealt (only `side` sees which).
    Zeus {
        side: String,
        olympian: String,
        label: String,
        discarded: Vec<String>,
        drawn: Vec<String>,
    },
    /// Apollo: `owner`'s new block at `city` returned to the pool and drawn again (only
    /// `owner` sees the ids).
    Apollo {
        side: String,
        olympian: String,
        owner: String,
        city: String,
        returned: String,
        drawn: String,
        reroll: String,
    },
}
