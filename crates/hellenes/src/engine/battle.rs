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

use crate::model::battle::Appeal;
use crate::model::battle::BattleOutcome;
use crate::model::battle::BattleSetup;
use crate::model::battle::Effect;
use crate::model::battle::Fighter;
use crate::model::battle::Roll;
use crate::model::battle::Shot;
use crate::model::rating::Rating;
use crate::model::scenario::BattleKind;
use crate::model::scenario::BlockKind;
use crate::model::scenario::Scenario;
use crate::model::sight::Marks;
use crate::model::state::Block;
use crate::model::state::State;
use crate::model::state::Status;
use dikast_core::dice::Stream;
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
    let season = st
        .initiative
        .as_ref()
        .filter(|_| !matches!(st.season, crate::model::state::Season::Winter));
    let marks = Marks::of(sc, season, &st.cards.in_play);
    sides
        .iter()
        .map(|s| (s.to_string(), marks.bonus(s, kind)))
        .filter(|(_, (p, _))| *p > 0)
        .collect()
}

/// What a fighter is for the whole of one battle: which side, a garrison or not, the
/// rating it fires (after the 8.1 override and card bonuses) and its place in its side's
/// tie order. Built once per battle by `Lineup::new`; the adjudication (`Battle`) and the
/// exact odds (`engine::odds`) read the same seats.
#[derive(Debug, Clone, PartialEq)]
pub struct Seat {
    pub attacker: bool,
    /// 7.3: hit only when it is the last block of its side, never routed.
    pub last: bool,
    /// The rating it fires with (2.0; 8.1 override; 1.0 [A] `battle-bonus`).
    pub rating: Rating,
    /// Its place in its side's tie order (`tie_ranks`): lower takes losses first among
    /// equals.
    pub rank: usize,
}

/// What changes in a fighter while a battle is fought: its steps, its 8.1.1 mark, and
/// whether it was routed out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Piece {
    pub steps: u32,
    pub mark: bool,
    pub routed: bool,
}

impl Piece {
    pub fn in_battle(&self) -> bool {
        self.steps > 0 && !self.routed
    }
}

/// What one hit did (`Lineup::hit`): the fighter it marked (8.1.1) or took a step from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HitOn {
    Marked(usize),
    Step(usize),
}

/// What one rout did (`Lineup::rout`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoutOn {
    /// Nobody of that side is left in the battle.
    Nobody,
    /// 8.1 (defenders cannot be routed) or 7.3 (only a garrison is left).
    Ignored,
    Routed(usize),
}

/// The battle's order of things, the one function of it that adjudication and the exact
/// odds share: the seats (attackers then defenders, in setup order), the fire order, the
/// tie order, and where each hit and rout goes.
#[derive(Debug, Clone, PartialEq)]
pub struct Lineup {
    pub seats: Vec<Seat>,
    /// Indexes into `seats` in fire order (2.0).
    pub order: Vec<usize>,
    pub double_defence: bool,
    pub defenders_rout: bool,
    pub rounds: u32,
    pub attacker_withdraws: bool,
}

/// 2.0 ties among equal blocks: the owner's `standing.losses` order (listed first, in
/// that order), then the documented default (docs/orders.md): the weaker rating first (a
/// later letter, then a lower number), then setup order (the game file's). The rating is
/// the block's own, printed one (`Fighter::rating` as the setup brings it; a fleet ashore
/// its `fleet_land_rating`), never as the 8.1 A2 override or a card's `battle-bonus`
/// changes its fire. Why: 2.0 and 8.2 leave ties to the owner ("owner's choice"), so the
/// default stands for his choice, and an owner keeps his better block whatever it fires
/// today; 8.2 attrition, where nothing fires, can only read the printed rating, and the
/// default is one rule for every tie (docs/orders.md). Returns each fighter's rank within
/// its side (attackers then defenders).
pub fn tie_ranks(setup: &BattleSetup) -> Vec<usize> {
    let mut ranks = Vec::new();
    for list in [&setup.attackers, &setup.defenders] {
        let key = |i: usize| {
            let f: &Fighter = &list[i];
            let listed = setup
                .tie_order
                .get(&f.side)
                .and_then(|v| v.iter().position(|x| x == &f.id))
                .unwrap_or(usize::MAX);
            (
                listed,
                std::cmp::Reverse(f.rating.letter),
                f.rating.number,
                i,
            )
        };
        let mut idx: Vec<usize> = (0..list.len()).collect();
        idx.sort_by_key(|&i| key(i));
        let mut rank = vec![0; list.len()];
        for (r, i) in idx.into_iter().enumerate() {
            rank[i] = r;
        }
        ranks.extend(rank);
    }
    ranks
}

impl Lineup {
    /// The lineup of `setup`, the fighters as they fire (override and bonus applied) and
    /// their pieces at the start.
    pub fn new(setup: &BattleSetup) -> (Lineup, Vec<Fighter>, Vec<Piece>) {
        // 1.0 [A] a card's `battle-bonus` raises the rating number (3 at most).
        let boost = |f: &mut Fighter| {
            if let Some((p, _)) = setup.bonus.get(&f.side) {
                f.rating.number = (f.rating.number + p).min(3);
            }
        };
        let mut fighters = Vec::new();
        let mut attacker = Vec::new();
        for (att, list) in [(true, &setup.attackers), (false, &setup.defenders)] {
            for f in list {
                let mut f = f.clone();
                // 8.1: every city defender, garrison included, fires A2.
                if !att {
                    if let Some(r) = setup.defender_rating_override {
                        f.rating = r;
                    }
                }
                boost(&mut f);
                fighters.push(f);
                attacker.push(att);
            }
        }
        // Ties on the ratings the blocks bring (printed), not as fired here.
        let ranks = tie_ranks(setup);
        let seats: Vec<Seat> = fighters
            .iter()
            .zip(attacker)
            .zip(ranks)
            .map(|((f, attacker), rank)| Seat {
                attacker,
                last: f.last,
                rating: f.rating,
                rank,
            })
            .collect();
        // 2.0 Fire order: letter first; on equal letters the defender fires first; then
        // the setup's order.
        let mut order: Vec<usize> = (0..seats.len()).collect();
        order.sort_by_key(|&i| (seats[i].rating.letter, seats[i].attacker, i));
        let pieces = fighters
            .iter()
            .map(|f| Piece {
                steps: f.steps,
                mark: false,
                routed: false,
            })
            .collect();
        (
            Lineup {
                seats,
                order,
                double_defence: setup.double_defence,
                defenders_rout: setup.defenders_rout,
                rounds: setup.rounds,
                attacker_withdraws: setup.attacker_withdraws,
            },
            fighters,
            pieces,
        )
    }

    /// Whether the attackers (`attackers`) or the defenders have a block in the battle.
    pub fn side_in(&self, pieces: &[Piece], attackers: bool) -> bool {
        self.seats
            .iter()
            .zip(pieces)
            .any(|(s, p)| s.attacker == attackers && p.in_battle())
    }

    /// Both sides have a block in the battle (dice are drawn only then).
    pub fn both_in(&self, pieces: &[Piece]) -> bool {
        self.side_in(pieces, true) && self.side_in(pieces, false)
    }

    /// 2.0 (8.1.1, 7.3): one hit against the attackers (`on_attackers`) or the defenders:
    /// a marked block takes it (8.1.1), else the block with the most steps, the garrison
    /// only when no other is left (7.3), ties by `tie_ranks`.
    pub fn hit(&self, pieces: &mut [Piece], on_attackers: bool) -> Option<HitOn> {
        let double = self.double_defence && !on_attackers;
        let mut marked = None;
        let mut best: Option<usize> = None;
        let mut best_last: Option<usize> = None;
        for (i, (s, p)) in self.seats.iter().zip(pieces.iter()).enumerate() {
            if s.attacker != on_attackers || !p.in_battle() {
                continue;
            }
            // 8.1.1: a marked block must take the next hit.
            if double && p.mark && marked.is_none() {
                marked = Some(i);
            }
            let slot = if s.last { &mut best_last } else { &mut best };
            let better = slot.is_none_or(|b| {
                (std::cmp::Reverse(p.steps), s.rank)
                    < (std::cmp::Reverse(pieces[b].steps), self.seats[b].rank)
            });
            if better {
                *slot = Some(i);
            }
        }
        // 7.3: the garrison is the last block eliminated.
        let target = marked.or(best).or(best_last)?;
        let p = &mut pieces[target];
        if double && !p.mark {
            p.mark = true;
            return Some(HitOn::Marked(target));
        }
        p.mark = false;
        p.steps -= 1;
        Some(HitOn::Step(target))
    }

    /// 2.0 (8.1, 7.3): one rout against the attackers or the defenders: the block with
    /// the fewest steps (ties by `tie_ranks`) leaves the battle; never a garrison.
    pub fn rout(&self, pieces: &mut [Piece], on_attackers: bool) -> RoutOn {
        if !on_attackers && !self.defenders_rout {
            return RoutOn::Ignored;
        }
        let mut any = false;
        let mut best: Option<usize> = None;
        for (i, (s, p)) in self.seats.iter().zip(pieces.iter()).enumerate() {
            if s.attacker != on_attackers || !p.in_battle() {
                continue;
            }
            any = true;
            if s.last {
                continue;
            }
            let better =
                best.is_none_or(|b| (p.steps, s.rank) < (pieces[b].steps, self.seats[b].rank));
            if better {
                best = Some(i);
            }
        }
        match best {
            Some(t) => {
                pieces[t].routed = true;
                RoutOn::Routed(t)
            }
            None if any => RoutOn::Ignored,
            None => RoutOn::Nobody,
        }
    }

    /// The battle once over: the winner's side (`Some(true)`: the attacker, `Some(false)`:
    /// the defender, `None`: nobody) and whether the attackers still in it withdraw.
    /// Both sides in after the last round: `attacker_withdraws` decides.
    pub fn result(&self, pieces: &[Piece]) -> (Option<bool>, bool) {
        match (self.side_in(pieces, true), self.side_in(pieces, false)) {
            (true, false) => (Some(true), false),
            (false, _) => (Some(false), false),
            (true, true) if self.attacker_withdraws => (Some(false), true),
            (true, true) => (None, false),
        }
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
/// the battle is over, then `outcome`. Where hits and routs go is `Lineup`'s, which the
/// exact odds (`engine::odds`) step over every result of each roll.
#[derive(Clone)]
pub struct Battle<'s> {
    setup: &'s BattleSetup,
    lineup: Lineup,
    /// The fighters as they fire, in seat order.
    fighters: Vec<Fighter>,
    pieces: Vec<Piece>,
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
        let (lineup, fighters, pieces) = Lineup::new(setup);
        let revealed = fighters.clone();
        Battle {
            setup,
            lineup,
            fighters,
            pieces,
            revealed,
            round: 1,
            next: 0,
            rounds_fought: 0,
            shots: Vec::new(),
            eliminated: Vec::new(),
            routed: Vec::new(),
        }
    }

    /// The block to fire next, as its rating and its steps (= its dice), or `None` when
    /// the battle is over: one side has no block left in it, or the last round is done.
    /// Dice are drawn only while both sides are in the battle.
    pub fn due(&mut self) -> Option<(Rating, u32)> {
        loop {
            if self.round > self.lineup.rounds || !self.lineup.both_in(&self.pieces) {
                return None;
            }
            if self.next == 0 {
                self.rounds_fought = self.round;
            }
            let Some(&i) = self.lineup.order.get(self.next) else {
                self.round += 1;
                self.next = 0;
                continue;
            };
            if !self.pieces[i].in_battle() {
                self.next += 1;
                continue;
            }
            return Some((self.lineup.seats[i].rating, self.pieces[i].steps));
        }
    }

    /// The block `due` named fires `dice` (one per step): offered to `appeal` first
    /// (11.0), then all its hits are applied one at a time, then its routs.
    pub fn fire(&mut self, mut dice: Vec<u32>, appeal: &mut Appeal) {
        let Some(&i) = self.lineup.order.get(self.next) else {
            return;
        };
        self.next += 1;
        let steps = self.pieces[i].steps;
        let rating = self.lineup.seats[i].rating;
        let count = |dice: &[u32]| {
            (
                dice.iter().filter(|d| rating.hits(**d)).count() as u32,
                dice.iter().filter(|d| rating.routs(**d)).count() as u32,
            )
        };
        let (first_hits, first_routs) = count(&dice);
        let f = &self.fighters[i];
        // 11.0: an appeal before the result is used; the new result stands.
        let reroll = appeal(&Roll {
            block: &f.id,
            side: &f.side,
            dice: &dice,
            hits: first_hits,
            routs: first_routs,
        })
        .map(|(again, r)| {
            dice = again;
            Box::new(r)
        });
        let (hits, routs) = count(&dice);
        let on_attackers = !self.lineup.seats[i].attacker;
        let mut effects = Vec::new();
        for _ in 0..hits {
            match self.lineup.hit(&mut self.pieces, on_attackers) {
                Some(HitOn::Marked(t)) => effects.push(Effect::Marked {
                    block: self.fighters[t].id.clone(),
                }),
                Some(HitOn::Step(t)) => {
                    let (block, left) = (self.fighters[t].id.clone(), self.pieces[t].steps);
                    if left == 0 {
                        self.eliminated.push(block.clone());
                    }
                    effects.push(Effect::Step { block, left });
                }
                None => {}
            }
        }
        for _ in 0..routs {
            match self.lineup.rout(&mut self.pieces, on_attackers) {
                RoutOn::Routed(t) => {
                    let block = self.fighters[t].id.clone();
                    self.routed.push(block.clone());
                    effects.push(Effect::Routed { block });
                }
                RoutOn::Ignored => effects.push(Effect::RoutIgnored),
                RoutOn::Nobody => {}
            }
        }
        let f = &self.fighters[i];
        self.shots.push(Shot {
            round: self.round,
            block: f.id.clone(),
            side: f.side.clone(),
            rating,
            steps,
            dice,
            hits,
            routs,
            effects,
            reroll,
        });
    }

    /// The outcome once `due` has said the battle is over; `label` names the dice stream.
    pub fn outcome(self, label: &str) -> BattleOutcome {
        let setup = self.setup;
        let (won, withdraw) = self.lineup.result(&self.pieces);
        let withdrawn = if withdraw {
            self.lineup
                .seats
                .iter()
                .zip(&self.pieces)
                .zip(&self.fighters)
                .filter(|((s, p), _)| s.attacker && p.in_battle())
                .map(|(_, f)| f.id.clone())
                .collect()
        } else {
            Vec::new()
        };
        let winner = won.map(|a| {
            if a {
                setup.attacker.clone()
            } else {
                setup.defender.clone()
            }
        });
        let losses = self
            .fighters
            .iter()
            .zip(&self.pieces)
            .filter(|(f, p)| p.steps < f.steps)
            .map(|(f, p)| (f.id.clone(), f.steps - p.steps))
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
    use dikast_core::dice::{KeyStream, Source};
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

    /// 2.0 ties on the printed rating, never as fired: in an assault both defenders fire
    /// A2 (8.1), yet the hit goes to the weaker printed block (C1), listed second; on the
    /// fired rating they tie and the first listed (B2) would take it. Likewise a card's
    /// bonus that lifts B2 to B3 does not make it tie with a printed B3.
    #[test]
    fn ties_go_by_the_printed_rating_not_as_fired() {
        let mut s = setup(
            vec![f("S1", "sparta", 1, "D1")],
            vec![f("A1", "athens", 2, "B2"), f("A2", "athens", 2, "C1")],
        );
        s.defender_rating_override = Rating::parse("A2");
        s.defenders_rout = false;
        // Defenders fire first (A before D): 3, 4 and 3, 4 miss; S1's 1 hits.
        let out = fight(&s, &mut stream(&[3, 4, 3, 4, 1]));
        assert_eq!(out.losses.get("A2"), Some(&1), "{:?}", out.losses);
        assert_eq!(out.losses.get("A1"), None);
        // A card's +1: the printed B2 fires B3 like the printed B3 listed before it; on
        // the fired rating they would tie and A1 (first) take the hit; A2 is weaker.
        let mut s = setup(
            vec![f("S1", "sparta", 1, "A1")],
            vec![f("A1", "athens", 1, "B3"), f("A2", "athens", 1, "B2")],
        );
        s.bonus.insert("athens".into(), (1, vec!["C01".into()]));
        let out = fight(&s, &mut stream(&[1]));
        assert_eq!(out.eliminated, vec!["A2".to_string()]);
    }
}
