//! One player's orders for one step, as checked data (check/ builds them from YAML;
//! engine/ carries them out). Every order that names a place or an army names it by id.

use super::state::Standing;
use std::collections::BTreeMap;

/// One step of an army's or an independent army's activation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// A land move (road or strait) to an adjacent space.
    Land(String),
    /// A sea move to a port of the same sea (§2).
    Sea(String),
    /// One assault or subjugation attempt against the space the army stands in (§1, §3).
    Assault,
    /// Come out of the walls and give battle to the besiegers (§2).
    Sortie,
    /// Go inside the walls of the city of its space (§2: at most 2 CUs).
    Inside,
}

/// How a Tyche card is played (§8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Use {
    Event,
    Ops,
    Both,
    Discard,
}

/// What an independent army's controller orders it (§7).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IndependentOrder {
    /// Move along these spaces (the first from its box, if it is in one).
    Move(Vec<String>),
    /// Do not move: place an independent control marker where it stands.
    Marker,
    /// Do nothing.
    Stay,
}

/// What a card's OPs buy (§8).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OpsUse {
    /// Force-march: one army, MPs = the card's OPs, attempts allowed on the way (§4).
    pub march: Option<(String, Vec<Step>)>,
    /// A mercenary CU for this general's army.
    pub train: Vec<String>,
    /// Control markers placed.
    pub markers: Vec<String>,
    /// §8: a Loyal Macedonian CU for this general's army (7 OPs).
    pub macedonians: Vec<String>,
    /// §8: a fleet upgrade.
    pub fleet: bool,
    /// §8: a new general (a reserve general) placed in this space.
    pub general: Option<(String, String)>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TychePlay {
    pub card: String,
    pub how: Use,
    /// The space an event acts on (Helepolis, Traitor in the City: the assaulted space;
    /// an event's free CUs: the space of the army that gets them).
    pub target: Option<String>,
    pub ops: OpsUse,
    /// The orders of the independent army the event activates.
    pub independent: Option<IndependentOrder>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Orders {
    /// §4: the Surrender segment's attempts, one against each space named.
    pub surrender: Vec<String>,
    pub tyche: Option<TychePlay>,
    /// Orders for armies activated by cards revealed for nobody (card id → order), given
    /// by the player who resolves them.
    pub nobody: BTreeMap<String, IndependentOrder>,
    /// The Activation segment: armies in the order written.
    pub activation: Vec<(String, Vec<Step>)>,
    /// New standing orders (replacing the old ones), if given.
    pub standing: Option<Standing>,
}
