//! The few names every part of the model shares: the kinds of space and the control value
//! of an independent space. A leaf, so that `params`, `scenario` and `state` can all use
//! them without using each other.

use serde::{Deserialize, Serialize};

/// The three kinds of space of the page: minor city, major city, fortress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Minor,
    Major,
    Fortress,
}

/// The control value of a space held by an independent (gray) marker.
pub const INDEPENDENT: &str = "independent";
