//! Who a narration is told to: the scenario whose names it uses, the reader (a side, or
//! None for the moderator, who reads everything) and the report language. A leaf under
//! the narrate modules, so that an event family's entry takes one context, not three.

use crate::model::scenario::Scenario;
use dikast_core::lang::Lang;

/// The scenario, the reader (None: the moderator) and the language of a narration.
#[derive(Clone, Copy)]
pub struct Teller<'a> {
    pub sc: &'a Scenario,
    pub reader: Option<&'a str>,
    pub lang: Lang,
}

/// Whether `reader` (None: the moderator) reads what only `owner` may see of its own
/// blocks: which ones moved, withdrew, capitulated or lost steps.
pub fn owns(reader: Option<&str>, owner: &str) -> bool {
    reader.is_none() || reader == Some(owner)
}
