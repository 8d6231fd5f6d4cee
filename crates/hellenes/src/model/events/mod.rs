//! What happened in a Hellenes turn, as data. Reports render these per side; nothing
//! here is text meant for a reader, and each event knows who may see it.

use super::state::Phase;
use super::state::PlayedFor;
use super::state::Season;
pub mod appeal;
pub mod season;
pub mod siege;
pub mod winter;
pub mod year;

use appeal::AppealEvent;
use season::SeasonEvent;
use siege::SiegeEvent;
use std::collections::BTreeMap;
use winter::WinterEvent;
use year::YearEvent;

#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// A side replaced its standing orders.
    StandingReplaced { side: String },
    /// 1.0: the deck was shuffled (sealed event `label`).
    Shuffled { label: String, cards: u32 },
    /// 1.0: a side was dealt these cards (only that side sees which).
    Dealt { side: String, cards: Vec<String> },
    /// 1.0: both sides revealed their cards.
    Revealed {
        plays: BTreeMap<String, (String, PlayedFor)>,
    },
    /// 1.0: the initiative: each side's value (an Event counts 0), who goes first, and
    /// whether a tie decided it.
    Initiative {
        values: BTreeMap<String, u32>,
        first: String,
        tie: bool,
    },
    /// A card played for its Event went out of play or stayed as a continuing Event.
    EventCard {
        side: String,
        card: String,
        continuing: bool,
        /// 1.0 [A] what the Event was played on.
        target: Option<String>,
    },
    /// A player turn's actions, battles, retreats, control and Prestige (`season::SeasonEvent`).
    Season(SeasonEvent),
    /// The siege rules (7.x, 8.x: `siege::SiegeEvent`).
    Siege(Box<SiegeEvent>),
    /// The Winter step (9.x: `winter::WinterEvent`).
    Winter(WinterEvent),
    /// The end of the year and the New Year (9.5, 10.x: `year::YearEvent`).
    Year(Box<YearEvent>),
    /// 11.0 An appeal to an Olympian outside a battle (`appeal::AppealEvent`).
    Appeal(Box<AppealEvent>),
    /// The game now awaits this step (`text::step::title_in` says it in words).
    Next {
        year: i32,
        season: Season,
        phase: Phase,
    },
}

impl Event {
    /// Whether `side` (None: the moderator) may read this event.
    pub fn shown_to(&self, side: Option<&str>) -> bool {
        let Some(me) = side else { return true };
        match self {
            Event::Dealt { side, .. } | Event::StandingReplaced { side } => side == me,
            Event::Appeal(a) => match a.as_ref() {
                super::events::appeal::AppealEvent::NotMade { side, .. } => side == me,
                _ => true,
            },
            Event::Season(e) => e.shown_to(side),
            Event::Siege(e) => e.shown_to(side),
            Event::Winter(e) => e.shown_to(side),
            Event::Year(e) => e.shown_to(side),
            _ => true,
        }
    }
}
