//! The Hellenes rules engine: resolution by rule area, pure functions over the model
//! (scenario, state, checked orders, dice → next state and events). It imports only the
//! model and the core (dice, yaml, game types); the check layer and the text build on it.

pub mod actions;
pub mod battle;
pub mod card_events;
pub mod control;
pub mod deal;
pub mod movement;
pub mod odds;
pub mod olympians;
pub mod resolve;
pub mod season;
pub mod siege;
pub mod transport;
pub mod winter;
pub mod year;

/// What the engine's tests share.
#[cfg(test)]
pub(crate) mod testing {
    /// A small seeded generator for the tests' random positions (Knuth's MMIX LCG, the
    /// high bits): `roll(n)` is a whole number below `n`, the same on every machine.
    pub(crate) fn lcg(mut seed: u64) -> impl FnMut(u64) -> u64 {
        move |n| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        }
    }
}
