//! The Olympians (11.0) and the sacrifices made to them (10.4.1).
//!
//! Seven Olympians sit in the scenario's data (`params.olympians`): Zeus and Apollo as the
//! rules state them, the other five as house defaults ([A]), each governing one kind of
//! random result. A card played for its Action value at New Year is a sacrifice: a spare
//! garrison block is put on the chosen Olympian (at most one per Olympian per player,
//! kept until used). The sacrifices are public (the blocks stand on the board); they live
//! in the state (`State.sacrifices`) and every view.

use crate::model::appeal::Role;
use crate::model::appeal::When;
use crate::model::battle::BattleOutcome;
use crate::model::battle::BattleSetup;
use crate::model::battle::Reroll;
use crate::model::dice;
use crate::model::events::appeal::AppealEvent;
use crate::model::params::Governs;
use crate::model::params::OlympianDef;
use crate::model::scenario::Scenario;
use crate::model::state::Appealed;
use crate::model::state::NotMade;
use crate::model::state::Sacrifice;
use crate::model::state::State;
use std::collections::BTreeMap;

/// The Olympian of that name (any case), as the scenario spells it.
pub fn find<'a>(sc: &'a Scenario, name: &str) -> Option<&'a OlympianDef> {
    sc.params
        .olympians
        .gods
        .iter()
        .find(|o| o.name.eq_ignore_ascii_case(name.trim()))
}

/// Whether `side` has a sacrifice on `olympian`.
pub fn has_sacrifice(
    sacrifices: &BTreeMap<String, Vec<Sacrifice>>,
    side: &str,
    olympian: &str,
) -> bool {
    sacrifices
        .get(side)
        .is_some_and(|v| v.iter().any(|s| s.olympian == olympian))
}

/// 10.4.1: puts `side`'s sacrifice on `olympian` (none if it has one there already).
pub fn sacrifice(st: &mut State, side: &str, olympian: &str) -> bool {
    if has_sacrifice(&st.sacrifices, side, olympian) {
        return false;
    }
    let year = st.year;
    st.sacrifices
        .entry(side.to_string())
        .or_default()
        .push(Sacrifice {
            olympian: olympian.to_string(),
            year,
        });
    true
}

/// The first Olympian (scenario order) on which `side` has no sacrifice: the default
/// sacrifice of a New Year card played for its Action value.
pub fn first_free(
    sc: &Scenario,
    sacrifices: &BTreeMap<String, Vec<Sacrifice>>,
    side: &str,
) -> Option<String> {
    sc.params
        .olympians
        .gods
        .iter()
        .find(|o| !has_sacrifice(sacrifices, side, &o.name))
        .map(|o| o.name.clone())
}

// ------------------------------------------------------------------------- appeals (11.0)

/// A random result as the appeals see it, before it is used.
pub struct Result<'a> {
    pub label: &'a str,
    pub kind: Governs,
    /// The side whose result it is.
    pub owner: &'a str,
    pub hits: u32,
    pub routs: u32,
    /// Zeus: the Action values of the hand dealt.
    pub hand_value: u32,
    /// Apollo: the block drawn.
    pub drawn: Option<&'a str>,
    /// A battle's attacking side (`None`: not a battle), for an appeal's `as`.
    pub attacker: Option<&'a str>,
}

/// Whether `side` may spend its sacrifice on `o` now: it has one, and for Zeus it dates
/// from an earlier year ([A] `zeus_any_earlier_year`; years BC count down).
fn usable(sc: &Scenario, st: &State, side: &str, o: &OlympianDef) -> bool {
    st.sacrifices.get(side).is_some_and(|v| {
        v.iter().any(|s| {
            s.olympian == o.name
                && (o.governs != Governs::Deal
                    || if sc.params.olympians.zeus_any_earlier_year {
                        s.year > st.year
                    } else {
                        s.year == st.year + 1
                    })
        })
    })
}

/// 11.0: the appeal that applies to `r`, if any: the side whose result it is first, then
/// the other side (scenario order); each side's appeals in the order written. Each
/// Olympian at most once per player turn (the step), the cards dealt at the year's start
/// excepted (each side's hand is its own result, 11.0 Zeus).
pub fn choose(sc: &Scenario, st: &mut State, r: &Result) -> Option<(String, String)> {
    let mut sides = vec![r.owner.to_string()];
    sides.extend(sc.side_ids().into_iter().filter(|s| s != r.owner));
    for side in sides {
        let mine = side == r.owner;
        // Zeus and Apollo's own redraw: the cards are the owner's alone to redraw.
        if r.kind == Governs::Deal && !mine {
            continue;
        }
        let Some(standing) = st.standing.get(&side) else {
            continue;
        };
        for a in &standing.appeals {
            let Some(o) = find(sc, &a.olympian) else {
                continue;
            };
            let spent = r.kind != Governs::Deal && st.appealed.iter().any(|x| x.olympian == o.name);
            let fits = o.governs == r.kind
                && dice::matches(&a.on, r.label)
                && a.when.holds(mine, r)
                && a.role.is_none_or(|role| {
                    r.attacker
                        .is_some_and(|att| (att == side) == (role == Role::Attacker))
                });
            if !fits {
                continue;
            }
            let why = if spent {
                Some(NotMade::OncePerTurn)
            } else if !usable(sc, st, &side, o) {
                let holds = st
                    .sacrifices
                    .get(&side)
                    .is_some_and(|v| v.iter().any(|s| s.olympian == o.name));
                Some(if holds {
                    NotMade::TooRecent
                } else {
                    NotMade::NoSacrifice
                })
            } else {
                None
            };
            match why {
                None => return Some((side, o.name.clone())),
                Some(w) => {
                    // 11.0: told to the side once per Olympian and result label a step.
                    let key = (side.clone(), o.name.clone(), r.label.to_string(), w);
                    if !st.not_made.contains(&key) {
                        st.not_made.push(key);
                    }
                }
            }
        }
    }
    None
}

/// Spends `side`'s sacrifice on `olympian` for an appeal on `label`; the label of the
/// re-roll's stream (`<label>#reroll-<n>`, dice.md §3).
pub fn spend(st: &mut State, side: &str, olympian: &str, label: &str) -> String {
    let n = 1 + st.appealed.iter().filter(|a| a.label == label).count();
    if let Some(v) = st.sacrifices.get_mut(side) {
        if let Some(i) = v.iter().position(|s| s.olympian == olympian) {
            v.remove(i);
        }
        if v.is_empty() {
            st.sacrifices.remove(side);
        }
    }
    st.appealed.push(Appealed {
        side: side.to_string(),
        olympian: olympian.to_string(),
        label: label.to_string(),
    });
    dice::reroll(label, n)
}

/// A battle (2.0, 8.1, 8.3) with the appeals of both sides: each block's roll is offered
/// to `choose` before it is used; an appeal re-rolls it from the open stream
/// `<label>#reroll-<n>`. The dice records: the battle's stream, then each re-roll's.
pub fn fight(
    sc: &Scenario,
    st: &mut State,
    dice: &dikast_core::dice::TurnDice,
    setup: &BattleSetup,
    label: &str,
) -> (BattleOutcome, Vec<dikast_core::dice::DiceRecord>) {
    use dikast_core::dice::Shown;
    let mut stream = dice.open(label);
    let mut rerolls = Vec::new();
    let outcome = match dice::kind_of(sc, label) {
        None => super::battle::fight(setup, &mut stream),
        Some(kind) => super::battle::fight_with(setup, &mut stream, &mut |roll| {
            let r = Result {
                label,
                kind,
                owner: roll.side,
                hits: roll.hits,
                routs: roll.routs,
                hand_value: 0,
                drawn: None,
                attacker: Some(setup.attacker.as_str()),
            };
            let (side, olympian) = choose(sc, st, &r)?;
            let again_label = spend(st, &side, &olympian, label);
            let mut s = dice.open(&again_label);
            let again = s.d6s(roll.dice.len() as u32);
            rerolls.push(s.record(Shown::All));
            Some((
                again,
                Reroll {
                    side,
                    olympian,
                    label: again_label,
                    first: roll.dice.to_vec(),
                },
            ))
        }),
    };
    let mut records = vec![stream.record(Shown::All)];
    records.extend(rerolls);
    (outcome, records)
}

/// Dice rolled at once for one result (siege attrition, the Treachery die, a peace
/// offer), with the appeals of both sides: `n` dice from the open stream `label`; `hits`
/// counts the result's hits for the conditions. On an appeal the dice are re-rolled from
/// `<label>#reroll-<n>` and the new dice stand.
pub struct Rolled {
    pub dice: Vec<u32>,
    pub records: Vec<dikast_core::dice::DiceRecord>,
    pub appeal: Option<AppealEvent>,
}

pub fn roll(
    sc: &Scenario,
    st: &mut State,
    dice: &dikast_core::dice::TurnDice,
    label: &str,
    owner: &str,
    n: u32,
    hits: &dyn Fn(&[u32]) -> u32,
) -> Rolled {
    use dikast_core::dice::Shown;
    let mut stream = dice.open(label);
    let first = stream.d6s(n);
    let mut records = vec![stream.record(Shown::All)];
    let chosen = dice::kind_of(sc, label).and_then(|kind| {
        choose(
            sc,
            st,
            &Result {
                label,
                kind,
                owner,
                hits: hits(&first),
                routs: 0,
                hand_value: 0,
                drawn: None,
                attacker: None,
            },
        )
    });
    let Some((side, olympian)) = chosen else {
        return Rolled {
            dice: first,
            records,
            appeal: None,
        };
    };
    let again_label = spend(st, &side, &olympian, label);
    let mut s = dice.open(&again_label);
    let again = s.d6s(n);
    records.push(s.record(Shown::All));
    Rolled {
        dice: again.clone(),
        records,
        appeal: Some(AppealEvent::Dice {
            side,
            olympian,
            owner: owner.to_string(),
            label: label.to_string(),
            reroll: again_label,
            first,
            again,
        }),
    }
}

/// 11.0 Zeus, at the year's start: `side`'s appeal on the six cards just dealt (the deal
/// `label`): they are discarded (face down under the deck: they were never revealed) and
/// six more are dealt from the top of the deck, not reshuffled. The sacrifice must date
/// from an earlier year.
pub fn zeus(sc: &Scenario, st: &mut State, side: &str, label: &str) -> Option<AppealEvent> {
    let hand = st.cards.hands.get(side).cloned().unwrap_or_default();
    let hand_value = hand
        .iter()
        .filter_map(|c| sc.card(c))
        .map(|c| c.action)
        .sum();
    let r = Result {
        label,
        kind: Governs::Deal,
        owner: side,
        hits: 0,
        routs: 0,
        hand_value,
        drawn: None,
        attacker: None,
    };
    let (_, olympian) = choose(sc, st, &r)?;
    spend(st, side, &olympian, label);
    let n = hand.len().min(st.cards.deck.len());
    let drawn: Vec<String> = st.cards.deck.drain(..n).collect();
    // The discarded cards were never revealed: face down under the deck (the discard pile
    // is public), out of play until the next year's gathering.
    st.cards.deck.extend(hand.iter().cloned());
    st.cards.hands.insert(side.to_string(), drawn.clone());
    Some(AppealEvent::Zeus {
        side: side.to_string(),
        olympian,
        label: label.to_string(),
        discarded: hand,
        drawn,
    })
}

/// 11.0 Apollo, on a new block drawn blind from the pool (4.2, the sealed `label`
/// `draw:pool:<side>`) before it is placed: the drawing side's appeal redraws it; the
/// other side's makes it return the block to the pool and draw again. The new draw is
/// `below(len)` on the same `pool` from the sealed stream `<label>#reroll-<n>`. Returns
/// the block now drawn, the re-draw's record and the event.
#[allow(clippy::too_many_arguments)]
pub fn apollo(
    sc: &Scenario,
    st: &mut State,
    dice: &dikast_core::dice::TurnDice,
    label: &str,
    owner: &str,
    city: &str,
    pool: &[String],
    drawn: &str,
) -> Option<(String, dikast_core::dice::DiceRecord, AppealEvent)> {
    use dikast_core::dice::Shown;
    let r = Result {
        label,
        kind: Governs::NewBlocks,
        owner,
        hits: 0,
        routs: 0,
        hand_value: 0,
        drawn: Some(drawn),
        attacker: None,
    };
    let (side, olympian) = choose(sc, st, &r)?;
    let again_label = spend(st, &side, &olympian, label);
    let mut s = dice.sealed(&again_label);
    let block = pool
        .get(s.draw(pool.len()))
        .cloned()
        .unwrap_or_else(|| drawn.to_string());
    let record = s.record(Shown::Moderator);
    Some((
        block.clone(),
        record,
        AppealEvent::Apollo {
            side,
            olympian,
            owner: owner.to_string(),
            city: city.to_string(),
            returned: drawn.to_string(),
            drawn: block,
            reroll: again_label,
        },
    ))
}

/// 11.0: when an appeal's conditions hold (the type: `model::appeal::When`).
impl When {
    /// Whether the conditions hold on `r`, for the side appealing (`mine`: its own result).
    fn holds(&self, mine: bool, r: &Result) -> bool {
        if (self.mine_only() && !mine) || (self.enemy_only() && mine) {
            return false;
        }
        self.my_hits_at_most.is_none_or(|n| r.hits <= n)
            && self.my_routs_at_most.is_none_or(|n| r.routs <= n)
            && self.enemy_hits_at_least.is_none_or(|n| r.hits >= n)
            && self.enemy_routs_at_least.is_none_or(|n| r.routs >= n)
            && self.hand_value_at_most.is_none_or(|n| r.hand_value <= n)
            && (self.drawn.is_empty() || r.drawn.is_some_and(|d| self.drawn.iter().any(|x| x == d)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::appeal::Appeal;
    use crate::model::scenario::HELLENES_431;

    /// 11.0 Zeus: the sacrifice must date from an earlier year; [A] `zeus_any_earlier_year`
    /// false: exactly the year before.
    #[test]
    fn zeus_needs_a_sacrifice_from_an_earlier_year() {
        let mut sc = Scenario::load(HELLENES_431).unwrap();
        let mut st = State::start(&sc);
        st.year = 429;
        st.cards.hands.insert("athens".into(), vec!["C01".into()]);
        st.cards.deck = vec!["C02".into(), "C03".into()];
        st.standing.get_mut("athens").unwrap().appeals = vec![Appeal {
            olympian: "Zeus".into(),
            on: "*".into(),
            when: When::default(),
            role: None,
        }];
        let with = |year: i32| {
            let mut s = st.clone();
            s.sacrifices.insert(
                "athens".into(),
                vec![Sacrifice {
                    olympian: "Zeus".into(),
                    year,
                }],
            );
            s
        };
        // Made this year (429): no.
        assert!(zeus(&sc, &mut with(429), "athens", "deal:429").is_none());
        // 430 (the year before) and 431: yes.
        let mut s = with(430);
        assert!(zeus(&sc, &mut s, "athens", "deal:429").is_some());
        assert_eq!(s.cards.hands["athens"], vec!["C02".to_string()]);
        assert!(s.sacrifices.is_empty(), "the sacrifice is removed");
        assert!(zeus(&sc, &mut with(431), "athens", "deal:429").is_some());
        sc.params.olympians.zeus_any_earlier_year = false;
        assert!(zeus(&sc, &mut with(431), "athens", "deal:429").is_none());
        assert!(zeus(&sc, &mut with(430), "athens", "deal:429").is_some());
    }
}
