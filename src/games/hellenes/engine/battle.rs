//! The battle engine (2.0 field and naval battles; 8.1 assaults; 8.3 sorties): one pure
//! function, `fight`, shared by the season's field and naval battles and by the siege
//! code's assaults and sorties.
//!
//! It only rolls dice and allocates their results; it never touches the game state. The
//! caller builds the two sides' fighters (`Fighter::from_block` gives a block's rating at
//! sea or ashore), picks the stream (`battle:<place>`, `assault:<city>`, …) and applies
//! the outcome: step losses (`apply_losses`), retreats of routed and withdrawing blocks
//! (each caller knows its own retreat limits: 2.0 for the field, 8.1.2 for assaults, 8.3
//! for sorties), Prestige.
//!
//! The procedure, every part of it documented in docs/rules-coverage.md §2:
//! - A battle lasts up to `rounds` rounds (`params.battle_rounds`, [A]). In each round
//!   every block still in the battle fires once, in fire order: by rating letter (A, B,
//!   C, D); on equal letters the defender's blocks fire first (2.0); within one side and
//!   letter, in the order the setup lists them (the game file's block order).
//! - A block fires one die per step it has when it fires (2.0). Each die ≤ N is a hit,
//!   each die ≥ 7 − N is a rout (a die can be neither; with N = 3 every die is one or the
//!   other). All of one block's dice are rolled, then its hits are applied one at a time,
//!   then its routs.
//! - A hit takes a step from the enemy block with the most steps (2.0); a rout sends the
//!   enemy block with the fewest steps out of the battle (it must retreat afterwards).
//!   Ties: the owner's `standing.losses` order (blocks listed first take it first), then
//!   the documented default: the weaker rating first (a later letter, then a lower
//!   number), then setup order. Only blocks still in the battle can be hit or routed.
//! - A block whose steps reach 0 is eliminated. 7.3: a block marked `last` (a garrison)
//!   takes hits only when no other block of its side is left, and is never routed.
//! - 8.1.1 Double defence (`double_defence`): a defender loses a step per two hits; the
//!   first hit marks the block, and a marked block must take the next hit (and lose the
//!   step). Marks left at the end of the battle are lost. `defenders_rout: false` (8.1):
//!   routs scored against the defenders have no effect.
//! - The battle ends as soon as one side has no block left in it: the other side wins.
//!   Dice are drawn only while both sides are in the battle. If both sides are still in
//!   it after the last round, `attacker_withdraws` ([A] param
//!   `attacker_retreats_after_last_round`) decides: the attacker's remaining blocks must
//!   retreat and the defender wins; otherwise nobody wins and both stay.
//! - All dice come from the one stream the caller gives, in fire order, round by round.

use crate::dice::Stream;
use crate::games::hellenes::model::battle::Appeal;
use crate::games::hellenes::model::battle::BattleOutcome;
use crate::games::hellenes::model::battle::BattleSetup;
use crate::games::hellenes::model::battle::Effect;
use crate::games::hellenes::model::battle::Fighter;
use crate::games::hellenes::model::battle::Roll;
use crate::games::hellenes::model::battle::Shot;
use crate::games::hellenes::model::rating::Rating;
use crate::games::hellenes::model::scenario::BattleKind;
use crate::games::hellenes::model::scenario::BlockKind;
use crate::games::hellenes::model::scenario::Scenario;
use crate::games::hellenes::model::sight::Marks;
use crate::games::hellenes::model::state::Block;
use crate::games::hellenes::model::state::State;
use crate::games::hellenes::model::state::Status;
use std::collections::BTreeMap;

impl Fighter {
    /// A block of the state as it fights at sea (`naval`) or on land. 2.0: fleets use
    /// their naval rating at sea and `params.fleet_land_rating` ([A]) ashore.
    pub fn from_block(sc: &Scenario, b: &Block, naval: bool) -> Fighter {
        let text = if b.kind == BlockKind::Fleet && !naval {
            sc.params.fleet_land_rating.as_str()
        } else {
            b.rating.as_str()
        };
        Fighter {
            id: b.id.clone(),
            side: b.side.clone(),
            steps: b.steps,
            // Scenario::problems() checks every rating and the fleet land rating.
            rating: Rating::parse(text).unwrap_or(Rating {
                letter: 'D',
                number: 1,
            }),
            last: b.kind == BlockKind::Garrison,
        }
    }
}

impl BattleSetup {
    /// A field or naval battle with the scenario's defaults: no override, no double
    /// defence, defenders rout, `params.battle_rounds` rounds, tie orders from the state's
    /// standing orders.
    /// `attack` and `defend` are each a side and its fighters.
    pub fn field(
        sc: &Scenario,
        st: &State,
        place: &str,
        naval: bool,
        attack: (&str, Vec<Fighter>),
        defend: (&str, Vec<Fighter>),
    ) -> BattleSetup {
        let ((attacker, attackers), (defender, defenders)) = (attack, defend);
        let tie_order = [attacker, defender]
            .iter()
            .map(|s| {
                (
                    s.to_string(),
                    st.standing
                        .get(*s)
                        .map(|x| x.losses.clone())
                        .unwrap_or_default(),
                )
            })
            .collect();
        BattleSetup {
            place: place.to_string(),
            attacker: attacker.to_string(),
            defender: defender.to_string(),
            attackers,
            defenders,
            naval,
            rounds: sc.params.battle_rounds,
            defender_rating_override: None,
            double_defence: false,
            defenders_rout: true,
            attacker_withdraws: sc.params.attacker_retreats_after_last_round,
            tie_order,
            bonus: bonus_in(
                sc,
                st,
                [attacker, defender],
                if naval {
                    BattleKind::Naval
                } else {
                    BattleKind::Land
                },
            ),
        }
    }
}

/// 1.0 [A] The card bonuses (`battle-bonus`) `sides` have in a battle of `kind` fought in
/// `st`: those of this season's Event plays (not in Winter) and of the cards in play.
pub fn bonus_in(
    sc: &Scenario,
    st: &State,
    sides: [&str; 2],
    kind: BattleKind,
) -> BTreeMap<String, (u32, Vec<String>)> {
    let season = st.initiative.as_ref().filter(|_| {
        !matches!(
            st.season,
            crate::games::hellenes::model::state::Season::Winter
        )
    });
    let marks = Marks::of(sc, season, &st.cards.in_play);
    sides
        .iter()
        .map(|s| (s.to_string(), marks.bonus(s, kind)))
        .filter(|(_, (p, _))| *p > 0)
        .collect()
}

#[derive(Clone)]
struct Live {
    f: Fighter,
    attacker: bool,
    steps: u32,
    mark: bool,
    routed: bool,
    index: usize,
}

impl Live {
    fn in_battle(&self) -> bool {
        self.steps > 0 && !self.routed
    }
}

/// Fights a battle. Pure: the outcome depends only on the setup and the stream's values.
pub fn fight(setup: &BattleSetup, stream: &mut Stream) -> BattleOutcome {
    fight_with(setup, stream, &mut |_| None)
}

/// `fight`, with each block's roll offered to `appeal` before it is used (11.0:
/// `olympians` decides, and draws the new dice from their own stream).
pub fn fight_with(setup: &BattleSetup, stream: &mut Stream, appeal: &mut Appeal) -> BattleOutcome {
    let mut b = Battle::new(setup);
    while let Some((_, steps)) = b.due() {
        let dice = stream.d6s(steps);
        b.fire(dice, appeal);
    }
    b.outcome(&stream.label)
}

/// A battle being fought, one shot at a time: `fight` is `due` / `fire` until `due` says
/// the battle is over, then `outcome`. Public so that the exact odds (`engine::odds`) step
/// the same code over every result of each roll, and merge equal positions (`position`).
#[derive(Clone)]
pub struct Battle<'s> {
    setup: &'s BattleSetup,
    live: Vec<Live>,
    order: Vec<usize>,
    revealed: Vec<Fighter>,
    /// The round being fought (1-based) and the next place in the fire order.
    round: u32,
    next: usize,
    rounds_fought: u32,
    shots: Vec<Shot>,
    eliminated: Vec<String>,
    routed: Vec<String>,
}

impl<'s> Battle<'s> {
    pub fn new(setup: &'s BattleSetup) -> Battle<'s> {
        let mut live: Vec<Live> = Vec::new();
        // 1.0 [A] a card's `battle-bonus` raises the rating number (3 at most).
        let boost = |f: &mut Fighter| {
            if let Some((p, _)) = setup.bonus.get(&f.side) {
                f.rating.number = (f.rating.number + p).min(3);
            }
        };
        for (i, f) in setup.attackers.iter().enumerate() {
            let mut f = f.clone();
            boost(&mut f);
            let steps = f.steps;
            live.push(Live {
                f,
                attacker: true,
                steps,
                mark: false,
                routed: false,
                index: i,
            });
        }
        for (i, f) in setup.defenders.iter().enumerate() {
            let mut f = f.clone();
            // 8.1: every city defender, garrison included, fires A2.
            if let Some(r) = setup.defender_rating_override {
                f.rating = r;
            }
            boost(&mut f);
            live.push(Live {
                f,
                attacker: false,
                steps: setup.defenders[i].steps,
                mark: false,
                routed: false,
                index: i,
            });
        }
        // 2.0 Fire order: letter first; on equal letters the defender fires first; then
        // the setup's order.
        let mut order: Vec<usize> = (0..live.len()).collect();
        order.sort_by_key(|&i| (live[i].f.rating.letter, live[i].attacker, live[i].index));
        let revealed: Vec<Fighter> = live
            .iter()
            .map(|l| Fighter {
                steps: l.steps,
                ..l.f.clone()
            })
            .collect();
        Battle {
            setup,
            live,
            order,
            revealed,
            round: 1,
            next: 0,
            rounds_fought: 0,
            shots: Vec::new(),
            eliminated: Vec::new(),
            routed: Vec::new(),
        }
    }

    fn both_in(&self) -> bool {
        self.live.iter().any(|l| l.attacker && l.in_battle())
            && self.live.iter().any(|l| !l.attacker && l.in_battle())
    }

    /// The block to fire next, as its rating and its steps (= its dice), or `None` when
    /// the battle is over: one side has no block left in it, or the last round is done.
    /// Dice are drawn only while both sides are in the battle.
    pub fn due(&mut self) -> Option<(Rating, u32)> {
        loop {
            if self.round > self.setup.rounds || !self.both_in() {
                return None;
            }
            if self.next == 0 {
                self.rounds_fought = self.round;
            }
            let Some(&i) = self.order.get(self.next) else {
                self.round += 1;
                self.next = 0;
                continue;
            };
            if !self.live[i].in_battle() {
                self.next += 1;
                continue;
            }
            return Some((self.live[i].f.rating, self.live[i].steps));
        }
    }

    /// The block `due` named fires `dice` (one per step): offered to `appeal` first
    /// (11.0), then all its hits are applied one at a time, then its routs.
    pub fn fire(&mut self, mut dice: Vec<u32>, appeal: &mut Appeal) {
        let Some(&i) = self.order.get(self.next) else {
            return;
        };
        self.next += 1;
        let setup = self.setup;
        let live = &mut self.live;
        let steps = live[i].steps;
        let rating = live[i].f.rating;
        let count = |dice: &[u32]| {
            (
                dice.iter().filter(|d| rating.hits(**d)).count() as u32,
                dice.iter().filter(|d| rating.routs(**d)).count() as u32,
            )
        };
        let (first_hits, first_routs) = count(&dice);
        // 11.0: an appeal before the result is used; the new result stands.
        let reroll = appeal(&Roll {
            block: &live[i].f.id,
            side: &live[i].f.side,
            dice: &dice,
            hits: first_hits,
            routs: first_routs,
        })
        .map(|(again, r)| {
            dice = again;
            Box::new(r)
        });
        let (hits, routs) = count(&dice);
        let firing_attacker = live[i].attacker;
        let mut effects = Vec::new();
        for _ in 0..hits {
            if let Some(e) = apply_hit(setup, live, !firing_attacker) {
                if let Effect::Step { block, left: 0 } = &e {
                    self.eliminated.push(block.clone());
                }
                effects.push(e);
            }
        }
        for _ in 0..routs {
            if let Some(e) = apply_rout(setup, live, !firing_attacker) {
                if let Effect::Routed { block } = &e {
                    self.routed.push(block.clone());
                }
                effects.push(e);
            }
        }
        self.shots.push(Shot {
            round: self.round,
            block: live[i].f.id.clone(),
            side: live[i].f.side.clone(),
            rating,
            steps,
            dice,
            hits,
            routs,
            effects,
            reroll,
        });
    }

    /// Everything the rest of the battle depends on: the round, the place in the fire
    /// order, and each block's steps, mark and rout. Two battles of one setup with equal
    /// positions go on alike (the odds merge them).
    pub fn position(&self) -> (u32, usize, Vec<(u32, bool, bool)>) {
        (
            self.round,
            self.next,
            self.live
                .iter()
                .map(|l| (l.steps, l.mark, l.routed))
                .collect(),
        )
    }

    /// The outcome once `due` has said the battle is over; `label` names the dice stream.
    pub fn outcome(self, label: &str) -> BattleOutcome {
        let setup = self.setup;
        let live = &self.live;
        let att_in = live.iter().any(|l| l.attacker && l.in_battle());
        let def_in = live.iter().any(|l| !l.attacker && l.in_battle());
        let mut withdrawn = Vec::new();
        let winner = match (att_in, def_in) {
            (true, false) => Some(setup.attacker.clone()),
            (false, _) => Some(setup.defender.clone()),
            (true, true) if setup.attacker_withdraws => {
                withdrawn = live
                    .iter()
                    .filter(|l| l.attacker && l.in_battle())
                    .map(|l| l.f.id.clone())
                    .collect();
                Some(setup.defender.clone())
            }
            (true, true) => None,
        };
        let losses = live
            .iter()
            .filter(|l| l.steps < l.f.steps)
            .map(|l| (l.f.id.clone(), l.f.steps - l.steps))
            .collect();
        BattleOutcome {
            place: setup.place.clone(),
            label: label.to_string(),
            attacker: setup.attacker.clone(),
            defender: setup.defender.clone(),
            naval: setup.naval,
            revealed: self.revealed,
            shots: self.shots,
            rounds_fought: self.rounds_fought,
            losses,
            eliminated: self.eliminated,
            routed: self.routed,
            withdrawn,
            winner,
            bonus: setup.bonus.clone(),
        }
    }
}

/// The owner's tie key of a block: its place in `standing.losses` (unlisted last), then the
/// weaker rating first (later letter, lower number), then setup order.
fn tie_key(setup: &BattleSetup, l: &Live) -> (usize, std::cmp::Reverse<char>, u32, usize) {
    let listed = setup
        .tie_order
        .get(&l.f.side)
        .and_then(|v| v.iter().position(|x| x == &l.f.id))
        .unwrap_or(usize::MAX);
    (
        listed,
        std::cmp::Reverse(l.f.rating.letter),
        l.f.rating.number,
        l.index,
    )
}

/// 2.0 (8.1.1, 7.3): one hit against the attackers (`on_attackers`) or the defenders.
fn apply_hit(setup: &BattleSetup, live: &mut [Live], on_attackers: bool) -> Option<Effect> {
    let double = setup.double_defence && !on_attackers;
    let side: Vec<usize> = (0..live.len())
        .filter(|&i| live[i].attacker == on_attackers && live[i].in_battle())
        .collect();
    // 8.1.1: a marked block must take the next hit.
    let marked = side.iter().copied().find(|&i| double && live[i].mark);
    let target = marked.or_else(|| {
        // 7.3: the garrison is the last block eliminated.
        let others: Vec<usize> = side.iter().copied().filter(|&i| !live[i].f.last).collect();
        let pool = if others.is_empty() { side } else { others };
        pool.into_iter().min_by(|&a, &b| {
            live[b]
                .steps
                .cmp(&live[a].steps)
                .then_with(|| tie_key(setup, &live[a]).cmp(&tie_key(setup, &live[b])))
        })
    })?;
    let l = &mut live[target];
    if double && !l.mark {
        l.mark = true;
        return Some(Effect::Marked {
            block: l.f.id.clone(),
        });
    }
    l.mark = false;
    l.steps -= 1;
    Some(Effect::Step {
        block: l.f.id.clone(),
        left: l.steps,
    })
}

/// 2.0 (8.1, 7.3): one rout against the attackers or the defenders.
fn apply_rout(setup: &BattleSetup, live: &mut [Live], on_attackers: bool) -> Option<Effect> {
    if !on_attackers && !setup.defenders_rout {
        return Some(Effect::RoutIgnored);
    }
    let side: Vec<usize> = (0..live.len())
        .filter(|&i| live[i].attacker == on_attackers && live[i].in_battle())
        .collect();
    if side.is_empty() {
        return None;
    }
    let target = side
        .iter()
        .copied()
        .filter(|&i| !live[i].f.last)
        .min_by(|&a, &b| {
            live[a]
                .steps
                .cmp(&live[b].steps)
                .then_with(|| tie_key(setup, &live[a]).cmp(&tie_key(setup, &live[b])))
        });
    let Some(t) = target else {
        return Some(Effect::RoutIgnored);
    };
    live[t].routed = true;
    Some(Effect::Routed {
        block: live[t].f.id.clone(),
    })
}

/// Applies an outcome's step losses to the state: steps reduced; a block at 0 steps is
/// eliminated (status `eliminated`, steps left at 0 … restored to 1 when rebuilt).
/// Retreats are the caller's: they depend on where the battle was.
pub fn apply_losses(st: &mut State, out: &BattleOutcome) {
    for (id, lost) in &out.losses {
        if let Some(b) = st.blocks.iter_mut().find(|b| &b.id == id) {
            b.steps = b.steps.saturating_sub(*lost);
            if b.steps == 0 {
                b.status = Status::Eliminated;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{KeyStream, Source};
    use std::collections::BTreeMap;
    use std::collections::VecDeque;

    fn stream(values: &[u32]) -> Stream {
        Stream::new(
            "battle:test",
            false,
            Source::Forced(values.iter().copied().collect::<VecDeque<_>>(), {
                KeyStream::new(&[0u8; 32])
            }),
        )
    }

    fn f(id: &str, side: &str, steps: u32, r: &str) -> Fighter {
        Fighter {
            id: id.into(),
            side: side.into(),
            steps,
            rating: Rating::parse(r).unwrap(),
            last: false,
        }
    }

    fn setup(att: Vec<Fighter>, def: Vec<Fighter>) -> BattleSetup {
        BattleSetup {
            place: "Argos".into(),
            attacker: "sparta".into(),
            defender: "athens".into(),
            attackers: att,
            defenders: def,
            naval: false,
            rounds: 1,
            defender_rating_override: None,
            double_defence: false,
            defenders_rout: true,
            attacker_withdraws: true,
            tie_order: BTreeMap::new(),
            bonus: BTreeMap::new(),
        }
    }

    #[test]
    fn defender_fires_first_on_equal_letters() {
        let s = setup(
            vec![f("S1", "sparta", 1, "B2")],
            vec![f("A1", "athens", 1, "B2")],
        );
        // The defender's die (1) hits and eliminates the attacker before it fires.
        let out = fight(&s, &mut stream(&[1]));
        assert_eq!(out.shots.len(), 1);
        assert_eq!(out.shots[0].block, "A1");
        assert_eq!(out.eliminated, vec!["S1".to_string()]);
        assert_eq!(out.winner.as_deref(), Some("athens"));
    }

    #[test]
    fn hits_to_largest_routs_to_smallest() {
        let s = setup(
            vec![f("S1", "sparta", 3, "A3")],
            vec![f("A1", "athens", 3, "C1"), f("A2", "athens", 1, "C1")],
        );
        // A3: 1-3 hit, 4-6 rout. Dice 2 (hit A1), 6 (rout A2), 5 (rout A1).
        let out = fight(&s, &mut stream(&[2, 6, 5]));
        assert_eq!(out.losses.get("A1"), Some(&1));
        assert_eq!(out.routed, vec!["A2".to_string(), "A1".to_string()]);
        assert_eq!(out.winner.as_deref(), Some("sparta"));
    }

    #[test]
    fn double_defence_needs_two_hits_per_step() {
        let mut s = setup(
            vec![f("S1", "sparta", 3, "A3")],
            vec![f("A1", "athens", 2, "C1"), f("G", "athens", 1, "C1")],
        );
        s.defenders[1].last = true;
        s.double_defence = true;
        s.defenders_rout = false;
        s.defender_rating_override = Some(Rating::parse("A2").unwrap());
        // Defenders fire A2 first (letter A ties, the defender first): A1 rolls 3, 4 and
        // the garrison 4: nothing. Then S1 rolls 1, 1, 1 = three hits: A1 marked, A1 loses
        // a step, A1 marked again; the odd hit is lost at the end; the garrison is last.
        let out = fight(&s, &mut stream(&[3, 4, 4, 1, 1, 1]));
        assert_eq!(out.losses.get("A1"), Some(&1));
        assert_eq!(out.losses.get("G"), None);
        assert_eq!(out.shots[0].rating.to_string(), "A2");
    }
}
