//! Block ratings (2.0): a fire-order letter and a hit number, e.g. `B2`; fleets' naval
//! ratings use the letters E and F [P] (`E2`), firing after every land letter.

use std::fmt;

/// A rating: the letter fixes fire order (A before B …), the number N scores a hit on
/// each die ≤ N and a rout on each die ≥ 7 − N.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Rating {
    pub letter: char,
    pub number: u32,
}

impl Rating {
    pub fn parse(text: &str) -> Option<Rating> {
        let mut c = text.trim().chars();
        let letter = c.next()?.to_ascii_uppercase();
        let number = c.as_str().parse::<u32>().ok()?;
        if !('A'..='F').contains(&letter) || !(1..=3).contains(&number) {
            return None;
        }
        Some(Rating { letter, number })
    }
    /// 2.0: a die ≤ N is a hit.
    pub fn hits(&self, die: u32) -> bool {
        die <= self.number
    }
    /// 2.0: a die ≥ 7 − N is a rout.
    pub fn routs(&self, die: u32) -> bool {
        die >= 7 - self.number
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.letter, self.number)
    }
}
