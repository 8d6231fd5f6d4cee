//! Narration of the Hellenes events, one module per event family (season, siege, winter,
//! year, appeals): what each side reads of each event, in each report language.

pub mod appeal;
pub mod season;
pub mod siege;
pub mod teller;
pub mod winter;
pub mod year;
