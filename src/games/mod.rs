//! The games registry: the one list of the games this dikast plays. Every command finds
//! its game here (by a file's `rules:` id or an embedded scenario's name); adding a game
//! is its folder and one line in `builtin`. No other source file outside a game's own
//! folder names a game.

use crate::registry::Registry;

pub use dikast_hellenes as hellenes;
pub use dikast_successors as successors;

/// Every game built in, in order: the first game's first scenario is the default of
/// `new` and `demo`.
pub fn builtin() -> Registry {
    Registry::empty()
        .with::<hellenes::Hellenes>()
        .with::<successors::Successors>()
}
