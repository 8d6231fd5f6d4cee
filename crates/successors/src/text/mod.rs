//! Successors' text: the report's narration (one function per event variant), the
//! position, the orders template and the map picture, in English and Russian.

pub mod describe;
pub mod narrate;
pub mod picture;
pub mod step;
pub mod template;
pub mod words;
