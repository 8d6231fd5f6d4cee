//! The Hellenes text: reports in every report language (one narration module per event
//! family), the position, the orders template, the step titles and the map picture. It
//! reads the model (and, for the Winter needs and the template's checks, the engine).

pub mod describe;
pub mod narrate;
pub mod picture;
pub mod report;
pub mod step;
pub mod template;
pub mod template_ru;
pub mod words;
