//! The labels of Successors' random events (docs/dice.md "Successors labels"): one
//! typed label per kind of draw, written and read in one place.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Label {
    /// Sealed: the Tyche deck's shuffle at the start of a game turn.
    Shuffle { turn: u32 },
    /// The tie among the players with the fewest VP (§8): one die each, lowest resolves.
    Fewest { turn: u32, round: u32 },
    /// §1, §3: the n-th assault or subjugation roll against a space in the step.
    Assault { space: String, n: u32 },
    /// §6: the n-th sally roll from a space in the step.
    Sally { space: String, n: u32 },
    /// The n-th battle in a space in the step (attacker's die, then defender's).
    Battle { space: String, n: u32 },
    /// The n-th attempt of a general's army to avoid battle in the step.
    Avoid { general: String, n: u32 },
    /// §2: the n-th interception roll against a sea move touching a besieged port, or
    /// (§7) against a land move into the space.
    Intercept { space: String, n: u32 },
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Label::Shuffle { turn } => write!(f, "tyche:shuffle:{turn}"),
            Label::Fewest { turn, round } => write!(f, "tyche:fewest:{turn}:{round}"),
            Label::Assault { space, n } => write!(f, "assault:{space}#{n}"),
            Label::Sally { space, n } => write!(f, "sally:{space}#{n}"),
            Label::Battle { space, n } => write!(f, "battle:{space}#{n}"),
            Label::Avoid { general, n } => write!(f, "avoid:{general}#{n}"),
            Label::Intercept { space, n } => write!(f, "intercept:{space}#{n}"),
        }
    }
}

impl Label {
    /// Whether the event is sealed (drawn with `u_t`, shown to the moderator alone).
    pub fn sealed(&self) -> bool {
        matches!(self, Label::Shuffle { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_read_as_documented() {
        assert_eq!(
            Label::Assault {
                space: "Sardis".into(),
                n: 2
            }
            .to_string(),
            "assault:Sardis#2"
        );
        assert_eq!(Label::Shuffle { turn: 3 }.to_string(), "tyche:shuffle:3");
        assert!(Label::Shuffle { turn: 3 }.sealed());
        assert!(!Label::Fewest { turn: 1, round: 2 }.sealed());
    }
}
