//! The appeals to the Olympians written in advance (11.0), as data: a standing order
//! (`state::Standing.appeals`) that the orders file sets, so both the state and the
//! orders name it; it lives here, in a leaf of the model, so neither imports the other
//! for it. Which results an appeal governs and when it is granted: `engine::olympians`.

use serde::{Deserialize, Serialize};

/// 11.0: an appeal written in advance, as a standing order: to which Olympian, on which
/// results (`on`, a label pattern: `*` stands for any text; any case), under which
/// conditions (`when`, all of them; none: the first such result).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Appeal {
    pub olympian: String,
    #[serde(default = "any_label", skip_serializing_if = "is_any_label")]
    pub on: String,
    #[serde(default, skip_serializing_if = "When::is_empty")]
    pub when: When,
    /// 11.0: only in battles where the appealing side attacks (`as: attacker`) or
    /// defends (`as: defender`); none: either.
    #[serde(rename = "as", default, skip_serializing_if = "Option::is_none")]
    pub role: Option<Role>,
}

/// A side's part in a battle (2.0).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    Attacker,
    Defender,
}

/// An appeal's `on:` when the orders give none: any result.
pub fn any_label() -> String {
    "*".into()
}

fn is_any_label(s: &String) -> bool {
    s == "*"
}

/// The conditions of an appeal (docs/orders.md "Appeals"). `my_…` conditions hold only on
/// the appealing side's own results, `enemy_…` only on the other side's; a "hit" of a
/// peace offer's dice is the offer succeeding, of the Treachery die the defenders losing
/// double defence.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct When {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub my_hits_at_most: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub my_routs_at_most: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enemy_hits_at_least: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enemy_routs_at_least: Option<u32>,
    /// Zeus: the Action values of the six cards just dealt total at most this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand_value_at_most: Option<u32>,
    /// Apollo, on one's own draw: the block drawn is one of these.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drawn: Vec<String>,
}

impl When {
    pub fn is_empty(&self) -> bool {
        *self == When::default()
    }
    /// Conditions on the appealing side's own results only.
    pub fn mine_only(&self) -> bool {
        self.my_hits_at_most.is_some()
            || self.my_routs_at_most.is_some()
            || self.hand_value_at_most.is_some()
            || !self.drawn.is_empty()
    }
    /// Conditions on the enemy's results only.
    pub fn enemy_only(&self) -> bool {
        self.enemy_hits_at_least.is_some() || self.enemy_routs_at_least.is_some()
    }
}
