//! Exact odds of Hellenes combat (`dikast odds`): a field or naval battle (2.0), an
//! assault (8.1: A2 defenders, double defence and its marks, odd hits lost, the garrison
//! last, no routs), a sortie (8.3) and a siege attrition (8.2), for a position a player
//! describes — his blocks from his view, the enemy's as he guesses them.
//!
//! Not a separate model: the battle's order of things is `battle::Lineup` (fire order,
//! tie ranks, where each hit and rout goes), the very functions `battle::fight` applies a
//! roll with, over a setup built by the code the resolution uses (`BattleSetup::field`,
//! `siege::assault_setup`, `Fighter::from_block`). Where the resolution rolls one block's
//! dice, the odds take every count of hits and routs those dice can show (2.0) with its
//! multinomial weight, apply it through `Lineup::hit` and `Lineup::rout`, and merge equal
//! positions, so the work grows with the positions, not with 6^dice. An attrition applies
//! `siege::attrition_losses` to each number of hits, with `siege::attrition_hit`'s number.
//! Appeals to Olympians (11.0) are left out: the odds are of the dice as rolled.

use super::battle::{Lineup, Piece};
use super::siege;
use crate::model::battle::{BattleSetup, Fighter};
use crate::model::rating::Rating;
use crate::model::scenario::{BlockKind, Scenario};
use crate::model::sight::View;
use crate::model::state::{Block, State, Status};
use dikast_core::odds::{splits, Ask, BlockIn, End, Frame, Odds, Offer, Opt, Prob, Takes, Tally};
use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};
use std::collections::BTreeMap;

/// What Hellenes' `dikast odds` computes and the options it takes (the command line's
/// help lists them).
pub const OFFER: Offer = Offer {
    about: "Print the exact odds of a battle, naval battle, assault, sortie or siege attrition for a position you describe: your blocks (ids from your view, or steps and a rating), the enemy's as you guess them. A table, or JSON",
    kinds: &[
        ("battle", "a field battle, 2.0"),
        ("naval", "a naval battle, 2.0"),
        ("assault", "an assault on a besieged city, 8.1"),
        ("sortie", "a sortie of besieged blocks, 8.3"),
        ("attrition", "a siege attrition, 8.2"),
    ],
    options: &[
        Opt {
            name: "attacker",
            value: "ATTACKER",
            takes: Takes::List,
            help: "The attacking blocks, comma-separated: an id from your view, `ID=3B2` or `3B2` (steps, rating)",
        },
        Opt {
            name: "defender",
            value: "DEFENDER",
            takes: Takes::List,
            help: "The defending blocks, as --attacker; `garrison` for a city's garrison",
        },
        Opt {
            name: "side",
            value: "SIDE",
            takes: Takes::Word,
            help: "The attacking side (the besieger; in a sortie the besieged). Default: your view's side, else the scenario's first",
        },
        Opt {
            name: "at",
            value: "AT",
            takes: Takes::Word,
            help: "Where: the city of an assault, sortie or attrition; a battle's place",
        },
        Opt {
            name: "rounds",
            value: "ROUNDS",
            takes: Takes::Number,
            help: "Rounds of a battle instead of the scenario's (1 to 3)",
        },
        Opt {
            name: "hit-on",
            value: "HIT_ON",
            takes: Takes::Number,
            help: "Attrition: a die at or below this (1 to 6) is a hit. Default: the adjudication's, 1; 3 from a view in Winter, or for the grain city blockaded",
        },
        Opt {
            name: "no-double-defence",
            value: "",
            takes: Takes::Flag,
            help: "The Treachery Event's assault (8.1): its first die (1-3) takes double defence away; the odds weigh both battles by it. From a view of a side that played Treachery this season, the default",
        },
    ],
};

/// What a player asks: the kind of combat and the two sides' blocks as he writes them
/// (block ids from his view, or steps and rating), read from the command line's `Ask`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Query {
    /// `battle`, `naval`, `assault`, `sortie`, `attrition`.
    pub kind: String,
    /// Where (a city for siege combat); the default when `None`.
    pub at: Option<String>,
    /// The attacking side (the besieger in an assault or an attrition, the besieged in a
    /// sortie); the default when `None`.
    pub side: Option<String>,
    pub attacker: Vec<String>,
    pub defender: Vec<String>,
    /// Rounds of a battle instead of the scenario's.
    pub rounds: Option<u32>,
    /// An attrition die at or below this is a hit, instead of the season's.
    pub hit_on: Option<u32>,
    /// An assault without double defence (8.1 Treachery).
    pub no_double_defence: bool,
    /// How many outcomes of the joint table to list, most likely first; `None`: every one
    /// (at most `odds::MAX_JOINT`, else a refusal). The winners and each block's fate are
    /// always computed whole.
    pub listed: Option<usize>,
}

impl Query {
    /// The question as the command line asked it (`--attacker`, `--defender`, `--at`,
    /// `--side`, `--rounds`, `--hit-on`, `--no-double-defence`); any other key is refused.
    pub fn from_ask(ask: &Ask) -> Result<Query, String> {
        const KNOWN: [&str; 7] = [
            "at",
            "side",
            "attacker",
            "defender",
            "rounds",
            "hit-on",
            "no-double-defence",
        ];
        if let Some(k) = ask.unknown(&KNOWN) {
            return Err(format!(
                "this game's odds take no `{k}`; they take --{}",
                KNOWN.join(", --")
            ));
        }
        let num = |key: &str| -> Result<Option<u32>, String> {
            ask.get(key)
                .map(|v| {
                    v.parse::<u32>()
                        .map_err(|_| format!("--{key} takes a number, not `{v}`"))
                })
                .transpose()
        };
        let words = |key: &str| ask.all(key).into_iter().map(str::to_string).collect();
        Ok(Query {
            kind: ask.kind.clone(),
            at: ask.get("at").map(str::to_string),
            side: ask.get("side").map(str::to_string),
            attacker: words("attacker"),
            defender: words("defender"),
            rounds: num("rounds")?,
            hit_on: num("hit-on")?,
            no_double_defence: ask.get("no-double-defence") == Some("true"),
            listed: ask.listed,
        })
    }
}

/// `dikast odds` as the command line asked it: the question read, then answered.
pub fn answer(sc: &Scenario, view: Option<&View>, ask: &Ask) -> Result<Odds, String> {
    odds(sc, view, &Query::from_ask(ask)?)
}

/// 28.3, 31.4: the most blocks a side may bring to the odds (a garrison apart). With
/// `MAX_STEPS` and `MAX_ROUNDS` it bounds the positions a battle can reach, hence the
/// time and memory of any question a player can type (docs/odds.md "Bounds").
pub const MAX_BLOCKS: usize = 8;
/// The most steps a block has (2.0: blocks have 1–4 steps).
pub const MAX_STEPS: u32 = 4;
/// The most rounds `--rounds` asks for: the scenario's (`params.battle_rounds`, 3). An 8 v 8
/// of 4-step blocks over 10 rounds took 3.5 s of CPU in release (docs/performance.md), past
/// the second 28.3 allows (with the walk of then); over 3, under 0.1 s now.
pub const MAX_ROUNDS: u32 = 3;
/// The most positions one step of a battle may hold: a guard behind the bounds above (no
/// question within them comes near it: `the_worst_accepted_battle_stays_within_its_work`),
/// so that nothing runs out of memory.
pub const MAX_POSITIONS: usize = 400_000;
/// The most positions the joint table (every block's end at once: `--top`, `--json
/// --joint`) may hold at one step: past it the table lists no outcome and `--json
/// --joint` is refused, naming the bound.
pub const MAX_JOINT_POSITIONS: usize = 50_000;

/// Why a battle's odds were not computed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TooLarge {
    /// The joint table passed `MAX_JOINT_POSITIONS` (the winners and fates alone fit).
    Joint(String),
    /// The battle itself passed `MAX_POSITIONS`.
    Battle(String),
}

impl TooLarge {
    fn text(self) -> String {
        match self {
            TooLarge::Joint(t) | TooLarge::Battle(t) => t,
        }
    }
}

/// A position of a battle: every fighter's piece in 5 bits (steps in 3, the mark, the
/// rout), fighters in seat order. 25 fighters at most fit (`MAX_BLOCKS` a side and a
/// garrison).
type Key = u128;
const BITS: u32 = 5;
const MAX_FIGHTERS: usize = (128 / BITS) as usize;

fn pack(pieces: &[Piece]) -> Key {
    pieces.iter().rev().fold(0, |k, p| {
        (k << BITS) | Key::from(p.steps) | (Key::from(p.mark) << 3) | (Key::from(p.routed) << 4)
    })
}

fn unpack(mut k: Key, pieces: &mut [Piece]) {
    for p in pieces.iter_mut() {
        p.steps = (k & 7) as u32;
        p.mark = k & 8 != 0;
        p.routed = k & 16 != 0;
        k >>= BITS;
    }
}

/// Counts of hits and routs, each with its weight out of 6^dice.
type Rolls = Vec<(u32, u32, u64)>;

/// The ways `dice` dice of `rating` fall (2.0): each count of hits and routs with its
/// weight out of 6^dice (faces that do both count for both).
fn rolls(rating: Rating, dice: u32) -> Rolls {
    let mut by: BTreeMap<(bool, bool), u32> = BTreeMap::new();
    for d in 1..=6 {
        *by.entry((rating.hits(d), rating.routs(d))).or_insert(0) += 1;
    }
    let (kinds, faces): (Vec<(bool, bool)>, Vec<u32>) = by.into_iter().unzip();
    let mut out: BTreeMap<(u32, u32), u64> = BTreeMap::new();
    for (counts, p) in splits(dice, &faces) {
        let (mut hits, mut routs) = (0, 0);
        for (n, (h, r)) in counts.iter().zip(&kinds) {
            hits += if *h { *n } else { 0 };
            routs += if *r { *n } else { 0 };
        }
        // p is a multinomial probability over 6^dice: its numerator at that denominator.
        let w = (p * Prob::from_integer(6u64.pow(dice).into()))
            .to_integer()
            .to_u64()
            .unwrap_or(0);
        *out.entry((hits, routs)).or_insert(0) += w;
    }
    out.into_iter().map(|((h, r), w)| (h, r, w)).collect()
}

/// What a battle's odds cost: the most positions one step held and the transitions
/// (positions times results of a roll) followed. Within the bounds both are bounded
/// (tests/odds.rs), and the time is proportional to the second.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Work {
    pub positions: usize,
    pub transitions: u64,
}

/// An integer over 6^exp, summed exactly with others over other powers of 6.
#[derive(Debug, Clone, Default)]
struct Acc {
    num: BigUint,
    exp: u32,
}

impl Acc {
    fn add(&mut self, n: &BigUint, e: u32, six: &mut Pow6) {
        if self.exp < e {
            self.num *= six.pow(e - self.exp);
            self.exp = e;
        }
        if self.exp == e {
            self.num += n;
        } else {
            self.num += n * six.pow(self.exp - e);
        }
    }
    fn over(&self, top: u32, six: &mut Pow6) -> BigUint {
        &self.num * six.pow(top - self.exp)
    }
}

/// The powers of 6 a walk has needed, each computed once (31.2: a big power of 6 per sum
/// was a measurable part of a question's time).
#[derive(Debug, Default)]
struct Pow6(Vec<BigUint>);

impl Pow6 {
    fn pow(&mut self, e: u32) -> &BigUint {
        if self.0.is_empty() {
            self.0.push(BigUint::one());
        }
        while self.0.len() <= e as usize {
            let next = self.0[self.0.len() - 1].clone() * 6u32;
            self.0.push(next);
        }
        &self.0[e as usize]
    }
}

/// The odds of the battle `setup` describes, as sums over one denominator (a power of
/// 6), and the work it took; with `joint`, the joint table of every end too.
///
/// Round by round, block by block in the fire order of `Lineup` (the one adjudication
/// uses), over positions: every fighter's steps, mark and rout, equal positions merged.
/// Where a block fires, each count of hits and routs its dice can give (with its
/// multinomial weight) is applied through `Lineup::hit` and `Lineup::rout`, the very
/// functions `battle::fight` applies a roll with. Probabilities are integers over 6^n,
/// n the dice drawn so far at most (a block that fires fewer dice, or none, is weighed up
/// to it), so no fraction is reduced until the answer is printed.
///
/// Without `joint`, a block that leaves the battle (routed, eliminated) has its fate
/// counted there and then, and the position forgets it: it can no longer fire, be hit or
/// be routed, so nothing ahead depends on it. The positions are then only those of the
/// blocks still fighting, which is what keeps 8 blocks a side small.
///
/// A roll changes only the side fired at, and where it leads depends only on that side's
/// position and the number of dice: a position is a pair (the attackers', the
/// defenders'), each side's positions are numbered as first seen, and what one block's
/// dice do to one position of the other side is worked out once (`Walk::moves_of`) and
/// reused for every position of the firing side. The numerators are integers of as many
/// machine words as the largest denominator the battle can reach needs (6^(rounds × all
/// steps)), big integers only past 12 words.
pub fn battle_odds(setup: &BattleSetup, joint: bool) -> Result<(Tally, Work), TooLarge> {
    let (_, _, start) = Lineup::new(setup);
    let dice: u64 = start.iter().map(|p| u64::from(p.steps)).sum();
    let most = dice.saturating_mul(u64::from(setup.rounds));
    // The bits of 6^most: every numerator is below it.
    let bits = if most > 1000 {
        u64::MAX
    } else {
        BigUint::from(6u32).pow(most as u32).bits()
    };
    match bits {
        0..=256 => walk::<Wide<4>>(setup, joint),
        257..=512 => walk::<Wide<8>>(setup, joint),
        513..=768 => walk::<Wide<12>>(setup, joint),
        _ => walk::<BigUint>(setup, joint),
    }
}

fn walk<N: Num>(setup: &BattleSetup, joint: bool) -> Result<(Tally, Work), TooLarge> {
    // 31.2: whether the joint table passes MAX_JOINT_POSITIONS is a matter of which
    // positions are reached, not of their numerators: a walk over sets of positions
    // alone (`Fit`, no arithmetic) refuses a table too large at a fraction of the cost of
    // walking it with numerators, and reaches the same sets, so it refuses exactly the
    // tables the full walk would.
    if joint && N::WORDS > 0 && !Fit::new(setup)?.run()? {
        Walk::<Count>::new(setup, true)?.run()?;
    }
    let mut walk = Walk::<N>::new(setup, joint)?;
    walk.run()?;
    Ok(walk.finish(setup))
}

/// A numerator of the walk: a fixed number of machine words (`Wide`) while the battle's
/// largest denominator fits them, else a big integer.
trait Num: Clone + Default {
    /// The words of a fixed-width numerator (`usize::MAX` for a big integer).
    const WORDS: usize;
    fn unit() -> Self;
    fn is_zero(&self) -> bool;
    /// `self += x * w`, where the result is below 2^(64 × `words`) (`words_for`).
    fn add_mul(&mut self, x: &Self, w: u64, words: usize);
    /// `self *= w`, where the result is below 2^(64 × `words`).
    fn mul_small(&mut self, w: u64, words: usize);
    fn big(&self) -> BigUint;
}

/// No numerator at all: the walk of `Count` only finds which positions are reached (the
/// joint table's bound, `walk`).
#[derive(Debug, Clone, Copy, Default)]
struct Count;

impl Num for Count {
    const WORDS: usize = 0;
    fn unit() -> Self {
        Count
    }
    fn is_zero(&self) -> bool {
        true
    }
    fn add_mul(&mut self, _: &Self, _: u64, _: usize) {}
    fn mul_small(&mut self, _: u64, _: usize) {}
    fn big(&self) -> BigUint {
        BigUint::zero()
    }
}

/// An unsigned integer of `N` 64-bit words, least significant first. `battle_odds` picks
/// `N` so that no sum of the walk overflows it.
#[derive(Debug, Clone, Copy)]
struct Wide<const N: usize>([u64; N]);

impl<const N: usize> Default for Wide<N> {
    fn default() -> Self {
        Wide([0; N])
    }
}

impl<const N: usize> Num for Wide<N> {
    const WORDS: usize = N;
    fn unit() -> Self {
        let mut w = [0; N];
        w[0] = 1;
        Wide(w)
    }
    fn is_zero(&self) -> bool {
        self.0.iter().all(|x| *x == 0)
    }
    #[inline]
    fn add_mul(&mut self, x: &Self, w: u64, words: usize) {
        // One loop of a length known when compiled per number of words: unrolled, no
        // bounds checked in it (the walk's hottest line).
        let (a, b) = (&mut self.0, &x.0);
        let carry = match words {
            1 => mac::<1>(a, b, w),
            2 => mac::<2>(a, b, w),
            3 => mac::<3>(a, b, w),
            4 => mac::<4>(a, b, w),
            5 => mac::<5>(a, b, w),
            6 => mac::<6>(a, b, w),
            7 => mac::<7>(a, b, w),
            8 => mac::<8>(a, b, w),
            _ => mac_n(&mut a[..words], &b[..words], w),
        };
        assert_eq!(carry, 0, "a numerator of the odds overflowed its words");
    }
    fn mul_small(&mut self, w: u64, words: usize) {
        let mut carry = 0u64;
        for a in self.0[..words].iter_mut() {
            let t = u128::from(*a) * u128::from(w) + u128::from(carry);
            *a = t as u64;
            carry = (t >> 64) as u64;
        }
        assert_eq!(carry, 0, "a numerator of the odds overflowed its words");
    }
    fn big(&self) -> BigUint {
        let bytes: Vec<u8> = self.0.iter().flat_map(|w| w.to_le_bytes()).collect();
        BigUint::from_bytes_le(&bytes)
    }
}

/// `a += b × w` over the first `W` words of each, the carry out returned.
#[inline(always)]
fn mac<const W: usize>(a: &mut [u64], b: &[u64], w: u64) -> u64 {
    mac_n(&mut a[..W], &b[..W], w)
}

#[inline(always)]
fn mac_n(a: &mut [u64], b: &[u64], w: u64) -> u64 {
    let mut carry = 0u64;
    for (a, b) in a.iter_mut().zip(b) {
        // b × w + carry + a < 2^128: the high word takes the carries.
        let t = u128::from(*b) * u128::from(w) + u128::from(carry) + u128::from(*a);
        *a = t as u64;
        carry = (t >> 64) as u64;
    }
    carry
}

/// The words of `N` that numerators over 6^`exp` need: 6^exp has at most
/// ⌊exp × 2.585⌋ + 1 bits (log2 6 < 2.585).
fn words_for<N: Num>(exp: u32) -> usize {
    let bits = exp as usize * 2585 / 1000 + 1;
    bits.div_ceil(64).min(N::WORDS)
}

impl Num for BigUint {
    const WORDS: usize = usize::MAX;
    fn unit() -> Self {
        <BigUint as One>::one()
    }
    fn is_zero(&self) -> bool {
        Zero::is_zero(self)
    }
    fn add_mul(&mut self, x: &Self, w: u64, _: usize) {
        *self += x * w;
    }
    fn mul_small(&mut self, w: u64, _: usize) {
        *self *= w;
    }
    fn big(&self) -> BigUint {
        self.clone()
    }
}

/// Where one count of hits and routs of one block's dice takes a position of the side
/// fired at: its position after (its number, `to`), the summed weight out of 6^dice,
/// and whether that side is out of the battle (the battle ends).
#[derive(Debug, Clone, Copy)]
struct Move {
    to: u32,
    w: u64,
    ends: bool,
}

/// What one block's dice do to one position of the side fired at: its moves (a range of
/// `Walk::moves`) and, without the joint table, the blocks that leave the battle (a
/// range of `Walk::leaving`: seat, steps left, routed, the summed weight of the moves
/// where it leaves so).
#[derive(Debug, Clone, Copy)]
struct Roll {
    moves: (u32, u32),
    leaving: (u32, u32),
}

/// The walk of `battle_odds` over a battle's positions: those still fighting (the
/// frontier, each with its numerator over 6^`exp`), the ends reached, and without the
/// joint table each block's fate counted when it left.
struct Walk<N> {
    lineup: Lineup,
    joint: bool,
    start: Vec<Piece>,
    /// How many of the seats are attackers (the attackers' seats come first).
    n_att: usize,
    work: Work,
    /// Each side's positions (its fighters' pieces packed), attackers' then defenders',
    /// numbered as first seen.
    states: [Vec<Key>; 2],
    /// Where each side's positions are found in `states` (`Index`).
    numbers: [Index; 2],
    /// The frontier, grouped by the position of side `by` (0: the attackers): each group
    /// the positions of the other side with their numerators.
    by: usize,
    groups: Vec<(u32, Vec<(u32, N)>)>,
    /// Ends reached, as first reached: each a pair of side positions (the attackers'
    /// number above 32 bits, the defenders' below), found through `end_index` (a map of
    /// whole positions was most of the joint table's time, 31.2); beside each in
    /// `end_sums` its numerator, over 6^ the exponent beside it (brought up to the walk's
    /// when the end is reached again).
    ends: Vec<Key>,
    end_index: Index,
    end_sums: Vec<(N, u32)>,
    six: Pow6,
    /// Without `joint`: per block, per steps left, [stays, leaves], of blocks that left.
    left: Vec<Vec<[Acc; 2]>>,
    exp: u32,
    /// The rolls of each rating and number of dice, as first needed.
    table: BTreeMap<(Rating, u32), Rolls>,
    /// Per kind of fire and number of dice (kind × 8 + dice), per position of the side
    /// fired at: what the roll does to it, as first needed. Seats of one side that fire
    /// one rating are one kind (`kinds`): what their dice do is the same.
    memo: Vec<Vec<Option<Roll>>>,
    /// Each seat's kind of fire: its side and rating, numbered as first seen.
    kinds: Vec<usize>,
    moves: Vec<Move>,
    leaving: Vec<(usize, u32, bool, u64)>,
}

impl<N: Num> Walk<N> {
    /// The battle at its start: one position, or an end when a side is not in it.
    fn new(setup: &BattleSetup, joint: bool) -> Result<Walk<N>, TooLarge> {
        let (lineup, _, start) = Lineup::new(setup);
        if start.len() > MAX_FIGHTERS || start.iter().any(|p| p.steps > 7) {
            return Err(TooLarge::Battle(format!(
                "a battle of the odds has at most {MAX_FIGHTERS} blocks of at most 7 steps"
            )));
        }
        let n_att = lineup.seats.iter().filter(|s| s.attacker).count();
        let mut walk = Walk {
            joint,
            n_att,
            work: Work::default(),
            states: [Vec::new(), Vec::new()],
            numbers: [Index::default(), Index::default()],
            by: 0,
            groups: Vec::new(),
            ends: Vec::new(),
            end_index: Index::default(),
            end_sums: Vec::new(),
            six: Pow6::default(),
            left: start
                .iter()
                .map(|p| vec![[Acc::default(), Acc::default()]; p.steps as usize + 1])
                .collect(),
            exp: 0,
            table: BTreeMap::new(),
            memo: vec![Vec::new(); lineup.seats.len() * 8],
            kinds: kinds_of(&lineup),
            moves: Vec::new(),
            leaving: Vec::new(),
            start,
            lineup,
        };
        if walk.lineup.both_in(&walk.start) {
            let a = walk.number(0, pack(&walk.start[..n_att]));
            let d = walk.number(1, pack(&walk.start[n_att..]));
            walk.groups.push((a, vec![(d, N::unit())]));
        } else {
            let a = walk.number(0, pack(&walk.start[..n_att]));
            let d = walk.number(1, pack(&walk.start[n_att..]));
            walk.end(a, d, &N::unit(), 0);
        }
        Ok(walk)
    }

    /// The battle fought round by round, block by block in fire order (2.0).
    fn run(&mut self) -> Result<(), TooLarge> {
        for _ in 0..self.lineup.rounds {
            for i in self.lineup.order.clone() {
                if self.groups.is_empty() {
                    return Ok(());
                }
                self.fire(i)?;
            }
        }
        Ok(())
    }

    /// An end reached with numerator `num` over 6^`exp` (`exp` at least that of every
    /// earlier arrival).
    fn end(&mut self, att: u32, def: u32, num: &N, exp: u32) {
        let at = self
            .end_index
            .number(&mut self.ends, Key::from(att) << 32 | Key::from(def));
        if at as usize == self.end_sums.len() {
            self.end_sums.push((N::default(), exp));
        }
        let words = words_for::<N>(exp);
        let (sum, e) = &mut self.end_sums[at as usize];
        // Up to 6^exp, by powers of 6 that fit a word (6^24 < 2^64).
        while *e < exp {
            let k = (exp - *e).min(24);
            sum.mul_small(6u64.pow(k), words);
            *e += k;
        }
        sum.add_mul(num, 1, words);
    }

    /// The number of `side`'s position `key`, numbering it when new.
    fn number(&mut self, side: usize, key: Key) -> u32 {
        self.numbers[side].number(&mut self.states[side], key)
    }

    /// The position of the whole battle from each side's (their numbers).
    fn key(&self, att: u32, def: u32) -> Key {
        self.states[0][att as usize] | (self.states[1][def as usize] << (BITS * self.n_att as u32))
    }

    /// The dice seat `i` fires in its side's position `state` (0: not in the battle).
    fn dice(&self, i: usize, side: usize, state: u32) -> u32 {
        let at = if side == 0 { i } else { i - self.n_att };
        let p = (self.states[side][state as usize] >> (BITS * at as u32)) & 31;
        if p & 16 != 0 {
            0
        } else {
            (p & 7) as u32
        }
    }

    /// The frontier grouped by the position of side `side`.
    fn group_by(&mut self, side: usize) {
        if self.by == side {
            return;
        }
        let mut by: Vec<Vec<(u32, N)>> = vec![Vec::new(); self.states[side].len()];
        for (g, list) in std::mem::take(&mut self.groups) {
            for (o, num) in list {
                by[o as usize].push((g, num));
            }
        }
        self.groups = by
            .into_iter()
            .enumerate()
            .filter(|(_, l)| !l.is_empty())
            .map(|(o, l)| (o as u32, l))
            .collect();
        self.by = side;
    }

    /// Block `i` fires (2.0) in every position still fighting: each count of hits and
    /// routs its dice can give, applied through `Lineup::hit` and `Lineup::rout`. A
    /// block that fires fewer dice than the most any position fires is weighed up to it.
    fn fire(&mut self, i: usize) -> Result<(), TooLarge> {
        let side = usize::from(!self.lineup.seats[i].attacker);
        self.group_by(side);
        // The most dice block i fires in any position (0: it fires in none).
        let most = self
            .groups
            .iter()
            .map(|(g, _)| self.dice(i, side, *g))
            .max()
            .unwrap_or(0);
        if most == 0 {
            return Ok(());
        }
        let words = words_for::<N>(self.exp + most);
        // The positions fired at are those of the frontier, all numbered already.
        let width = self.states[1 - side].len();
        let mut step = Step::<N>::new(&self.left, words, width);
        let mut next = Vec::with_capacity(self.groups.len());
        let mut reached = 0;
        for (g, list) in std::mem::take(&mut self.groups) {
            let dice = self.dice(i, side, g);
            let scale = 6u64.pow(most - dice);
            if dice == 0 {
                let list = list
                    .into_iter()
                    .map(|(o, num)| {
                        let mut up = N::default();
                        up.add_mul(&num, scale, words);
                        (o, up)
                    })
                    .collect();
                next.push((g, list));
                continue;
            }
            for (o, num) in &list {
                let roll = self.moves_of(i, dice, *o);
                for m in roll.moves.0..roll.moves.1 {
                    let mv = self.moves[m as usize];
                    step.arrive(&mv, num, mv.w * scale);
                }
                self.work.transitions += u64::from(roll.moves.1 - roll.moves.0);
                if roll.leaving.0 < roll.leaving.1 {
                    step.pool(dice, *o, num, scale);
                }
            }
            let list = step.take_next();
            for (o, num) in step.take_ends() {
                let (a, d) = if side == 0 { (g, o) } else { (o, g) };
                self.end(a, d, &num, self.exp + most);
            }
            if !list.is_empty() {
                reached += list.len();
                next.push((g, list));
            }
            // The joint table's bound, checked as the step goes: the positions and
            // ends only grow, so passing it now is passing it at the step's end.
            if self.joint && reached + self.ends.len() > MAX_JOINT_POSITIONS {
                return Err(joint_too_large());
            }
        }
        self.exp += most;
        // The blocks that left, from the numerators pooled per dice and position.
        for (dice, o, num) in step.take_pooled() {
            let roll = self.moves_of(i, dice, o);
            for l in roll.leaving.0..roll.leaving.1 {
                let (j, s, routed, w) = self.leaving[l as usize];
                step.left[j][s as usize][usize::from(routed)].add_mul(&num, w, words);
            }
        }
        step.flush(&mut self.left, self.exp, &mut self.six);
        let positions: usize = next.iter().map(|(_, l)| l.len()).sum();
        self.work.positions = self.work.positions.max(positions);
        if self.joint && positions + self.ends.len() > MAX_JOINT_POSITIONS {
            return Err(joint_too_large());
        }
        if positions > MAX_POSITIONS {
            return Err(too_many_positions());
        }
        self.groups = next;
        Ok(())
    }

    /// The moves (a range of `self.moves`) of seat `i` firing `dice` dice at the other
    /// side's position `o`: every count of hits and routs, applied through `Lineup::hit`
    /// and `Lineup::rout`, equal positions after merged. Worked out once per seat, dice
    /// and position.
    fn moves_of(&mut self, i: usize, dice: u32, o: u32) -> Roll {
        let slot = self.kinds[i] * 8 + dice as usize;
        if let Some(Some(r)) = self.memo[slot].get(o as usize) {
            return *r;
        }
        let seat = &self.lineup.seats[i];
        let on_attackers = !seat.attacker;
        let target = usize::from(seat.attacker);
        let range = if on_attackers {
            0..self.n_att
        } else {
            self.n_att..self.start.len()
        };
        let mut pieces = vec![Piece::default(); self.start.len()];
        unpack(self.states[target][o as usize], &mut pieces[range.clone()]);
        let ways = self
            .table
            .entry((seat.rating, dice))
            .or_insert_with(|| rolls(seat.rating, dice));
        // Each position after the roll, with its summed weight (many counts lead to one).
        // The hits come first (2.0), one after another: the position after h hits is
        // worked out once, from the one after h - 1, for every count of routs.
        let mut outs: Vec<(Key, u64)> = Vec::new();
        let mut after = pieces.clone();
        let most_hits = ways.iter().map(|w| w.0).max().unwrap_or(0) as usize;
        let n = pieces.len();
        let mut by_hits = Vec::with_capacity(n * (most_hits + 1));
        by_hits.extend_from_slice(&pieces);
        for h in 1..=most_hits {
            after.copy_from_slice(&by_hits[(h - 1) * n..h * n]);
            self.lineup.hit(&mut after, on_attackers);
            by_hits.extend_from_slice(&after);
        }
        for &(hits, routs, w) in ways.iter() {
            let h = hits as usize;
            after.copy_from_slice(&by_hits[h * n..(h + 1) * n]);
            for _ in 0..routs {
                self.lineup.rout(&mut after, on_attackers);
            }
            let key = pack(&after[range.clone()]);
            match outs.iter_mut().find(|(x, _)| *x == key) {
                Some((_, sum)) => *sum += w,
                None => outs.push((key, w)),
            }
        }
        let from = self.moves.len() as u32;
        let first = self.leaving.len();
        for (key, w) in outs {
            unpack(key, &mut after[range.clone()]);
            if !self.joint {
                // The blocks that left the battle with this roll: their fate is counted
                // now and the position forgets them.
                for j in range.clone() {
                    if pieces[j].in_battle() && !after[j].in_battle() {
                        let (s, routed) = (after[j].steps, after[j].routed);
                        match self.leaving[first..]
                            .iter_mut()
                            .find(|l| (l.0, l.1, l.2) == (j, s, routed))
                        {
                            Some(l) => l.3 += w,
                            None => self.leaving.push((j, s, routed, w)),
                        }
                        after[j] = Piece::default();
                    }
                }
            }
            let ends = !self.lineup.side_in(&after, on_attackers);
            let to = self.number(target, pack(&after[range.clone()]));
            self.moves.push(Move { to, w, ends });
        }
        let r = Roll {
            moves: (from, self.moves.len() as u32),
            leaving: (first as u32, self.leaving.len() as u32),
        };
        let memo = &mut self.memo[slot];
        if memo.len() <= o as usize {
            memo.resize(o as usize + 1, None);
        }
        memo[o as usize] = Some(r);
        r
    }

    /// The sums of the walk over one denominator (the largest power of 6 of any sum):
    /// the winners, and each block's fate or the joint table.
    fn finish(mut self, setup: &BattleSetup) -> (Tally, Work) {
        for (g, list) in std::mem::take(&mut self.groups) {
            for (o, num) in list {
                let (a, d) = if self.by == 0 { (g, o) } else { (o, g) };
                self.end(a, d, &num, self.exp);
            }
        }
        let top = self
            .end_sums
            .iter()
            .map(|(_, e)| *e)
            .chain(self.left.iter().flatten().flatten().map(|a| a.exp))
            .max()
            .unwrap_or(0);
        let sides = [setup.attacker.clone(), setup.defender.clone()];
        let mut winners = vec![BigUint::zero(); 3];
        let mut joint_ends: BTreeMap<End, BigUint> = BTreeMap::new();
        let mut pieces = self.start.clone();
        let sums = std::mem::take(&mut self.end_sums);
        let ends = std::mem::take(&mut self.ends);
        for (pair, (sum, e)) in ends.iter().zip(&sums) {
            let (a, d) = ((pair >> 32) as u32, *pair as u32);
            let num = sum.big() * self.six.pow(top - e);
            unpack(self.key(a, d), &mut pieces);
            let (won, withdraw) = self.lineup.result(&pieces);
            winners[match won {
                Some(true) => 0,
                Some(false) => 1,
                None => 2,
            }] += &num;
            if self.joint {
                let end = End {
                    winner: won.map(|a| sides[usize::from(!a)].clone()),
                    steps: pieces.iter().map(|p| p.steps).collect(),
                    out: pieces
                        .iter()
                        .zip(&self.lineup.seats)
                        .map(|(p, s)| leaves(p, s.attacker, withdraw))
                        .collect(),
                };
                // Positions that end alike (a routed block and a withdrawn one both
                // leave) are one end.
                *joint_ends.entry(end).or_default() += num;
            } else {
                // The blocks still in the battle at its end (the others were counted).
                for (j, (p, s)) in pieces.iter().zip(&self.lineup.seats).enumerate() {
                    if p.in_battle() {
                        self.left[j][p.steps as usize]
                            [usize::from(leaves(p, s.attacker, withdraw))]
                        .add(&num, top, &mut self.six);
                    }
                }
            }
        }
        let den = BigUint::from(6u32).pow(top);
        let tally = if self.joint {
            let steps: Vec<u32> = self.start.iter().map(|p| p.steps).collect();
            Tally::of_ends(&sides, &steps, joint_ends.into_iter().collect(), den)
        } else {
            Tally {
                den,
                winners,
                fates: self
                    .left
                    .iter()
                    .map(|by| {
                        by.iter()
                            .map(|[a, b]| [a.over(top, &mut self.six), b.over(top, &mut self.six)])
                            .collect()
                    })
                    .collect(),
                ends: None,
            }
        };
        (tally, self.work)
    }
}

/// Each seat's kind of fire (`Walk::kinds`): seats of one side with one rating share it.
fn kinds_of(lineup: &Lineup) -> Vec<usize> {
    let mut seen: Vec<(bool, Rating)> = Vec::new();
    lineup
        .seats
        .iter()
        .map(
            |s| match seen.iter().position(|k| *k == (s.attacker, s.rating)) {
                Some(k) => k,
                None => {
                    seen.push((s.attacker, s.rating));
                    seen.len() - 1
                }
            },
        )
        .collect()
}

fn too_many_positions() -> TooLarge {
    TooLarge::Battle(format!(
        "this battle reaches more than {MAX_POSITIONS} positions (MAX_POSITIONS); hint: fewer blocks, steps or rounds"
    ))
}

/// The most positions of a side `Fit` keeps sets of bits over (the 4 v 4 of 4-step
/// blocks reaches 435 a side). Its memo holds a set per kind of fire, dice and position
/// fired at, as wide as the other side's positions: unbounded, the 8 v 8 garrison
/// assault's table (23,000 attackers' positions) took 89 MiB and twice the time. Past
/// it `Walk::<Count>` decides the bound.
const FIT_POSITIONS: usize = 2048;

/// 31.2: the joint walk of `Walk::<Count>` over sets of positions kept as bits: the
/// frontier, per position of the side `walk.by`, the other side's positions it is paired
/// with; the ends, per attackers' position, the defenders'. A block's fire at one
/// position of the other side leads to a set of that side's positions (`Fit::bits`,
/// worked out once), and a group's next positions are the union of those sets: a few
/// word ORs where the counting walk followed every move one by one (the 4 v 4 table's
/// bound took 470,000 moves). It checks the bound where `Walk::fire` does, at every
/// step's end (the sets only grow within a step, so its checks inside the step decide
/// nothing more), on the same sets, so it refuses exactly the tables the full walk does.
struct Fit {
    walk: Walk<Count>,
    rows: Vec<(u32, Vec<u64>)>,
    ends: Vec<Vec<u64>>,
    n_ends: usize,
    /// Per kind of fire and dice (as `Walk::memo`), per position fired at: the positions
    /// the roll leads to that fight on, and those where the battle ends.
    memo: Vec<Vec<Option<Targets>>>,
}

/// The positions of one side a roll leads to: those that fight on, those where the
/// battle ends (as bits).
type Targets = (Vec<u64>, Vec<u64>);

impl Fit {
    fn new(setup: &BattleSetup) -> Result<Fit, TooLarge> {
        let mut walk = Walk::<Count>::new(setup, true)?;
        let rows = std::mem::take(&mut walk.groups)
            .into_iter()
            .map(|(g, list)| {
                let mut row = Vec::new();
                for (o, _) in list {
                    set_bit(&mut row, o);
                }
                (g, row)
            })
            .collect();
        let mut fit = Fit {
            rows,
            ends: Vec::new(),
            n_ends: 0,
            memo: vec![Vec::new(); walk.memo.len()],
            walk,
        };
        for pair in std::mem::take(&mut fit.walk.ends) {
            fit.end((pair >> 32) as u32, pair as u32);
        }
        Ok(fit)
    }

    /// The battle fought round by round, block by block in fire order (2.0), as
    /// `Walk::run`: whether it decided the bound (false: the sides' positions grew past
    /// `FIT_POSITIONS` a side, where sets of bits cost more than they save, and
    /// `Walk::<Count>` decides it).
    fn run(&mut self) -> Result<bool, TooLarge> {
        for _ in 0..self.walk.lineup.rounds {
            for i in self.walk.lineup.order.clone() {
                if self.rows.is_empty() {
                    return Ok(true);
                }
                if self.walk.states[0].len().max(self.walk.states[1].len()) > FIT_POSITIONS {
                    return Ok(false);
                }
                self.fire(i)?;
            }
        }
        Ok(true)
    }

    fn end(&mut self, att: u32, def: u32) {
        if self.ends.len() <= att as usize {
            self.ends.resize(att as usize + 1, Vec::new());
        }
        self.n_ends += usize::from(set_bit(&mut self.ends[att as usize], def));
    }

    /// The frontier grouped by the position of side `side` (`Walk::group_by`).
    fn group_by(&mut self, side: usize) {
        if self.walk.by == side {
            return;
        }
        // Every row as wide as the other side's positions: no row grows bit by bit.
        let width = self.walk.states[1 - side].len().div_ceil(64);
        let mut by: Vec<Vec<u64>> = vec![vec![0; width]; self.walk.states[side].len()];
        for (g, row) in std::mem::take(&mut self.rows) {
            for o in ones(&row) {
                set_bit(&mut by[o as usize], g);
            }
        }
        self.rows = by
            .into_iter()
            .enumerate()
            .filter(|(_, r)| r.iter().any(|w| *w != 0))
            .map(|(o, r)| (o as u32, r))
            .collect();
        self.walk.by = side;
    }

    /// Block `i` fires (2.0) in every position still fighting, as `Walk::fire`.
    fn fire(&mut self, i: usize) -> Result<(), TooLarge> {
        let side = usize::from(!self.walk.lineup.seats[i].attacker);
        self.group_by(side);
        let most = self
            .rows
            .iter()
            .map(|(g, _)| self.walk.dice(i, side, *g))
            .max()
            .unwrap_or(0);
        if most == 0 {
            return Ok(());
        }
        let mut next = Vec::with_capacity(self.rows.len());
        let mut positions = 0;
        let width = self.walk.states[1 - side].len().div_ceil(64);
        let mut end_row = Vec::new();
        for (g, list) in std::mem::take(&mut self.rows) {
            let dice = self.walk.dice(i, side, g);
            let mut row = Vec::with_capacity(width);
            end_row.clear();
            if dice == 0 {
                row = list;
            } else {
                for o in ones(&list) {
                    let (on, ends) = self.bits(i, dice, o);
                    or_into(&mut row, on);
                    or_into(&mut end_row, ends);
                }
            }
            for o in ones(&end_row) {
                let (a, d) = if side == 0 { (g, o) } else { (o, g) };
                self.end(a, d);
            }
            let n: u32 = row.iter().map(|w| w.count_ones()).sum();
            if n > 0 {
                positions += n as usize;
                next.push((g, row));
            }
        }
        if positions + self.n_ends > MAX_JOINT_POSITIONS {
            return Err(joint_too_large());
        }
        if positions > MAX_POSITIONS {
            return Err(too_many_positions());
        }
        self.rows = next;
        Ok(())
    }

    /// Where seat `i` firing `dice` dice takes the other side's position `o`
    /// (`Walk::moves_of`): the positions that fight on, and those where the battle ends.
    fn bits(&mut self, i: usize, dice: u32, o: u32) -> (&[u64], &[u64]) {
        let slot = self.walk.kinds[i] * 8 + dice as usize;
        if !matches!(self.memo[slot].get(o as usize), Some(Some(_))) {
            let roll = self.walk.moves_of(i, dice, o);
            let (mut on, mut ends) = (Vec::new(), Vec::new());
            for m in roll.moves.0..roll.moves.1 {
                let mv = self.walk.moves[m as usize];
                set_bit(if mv.ends { &mut ends } else { &mut on }, mv.to);
            }
            let memo = &mut self.memo[slot];
            if memo.len() <= o as usize {
                memo.resize(o as usize + 1, None);
            }
            memo[o as usize] = Some((on, ends));
        }
        match &self.memo[slot][o as usize] {
            Some((on, ends)) => (on, ends),
            None => (&[], &[]),
        }
    }
}

/// Sets bit `n` of `bits` (grown as needed): whether it was clear.
fn set_bit(bits: &mut Vec<u64>, n: u32) -> bool {
    let (w, b) = (n as usize / 64, 1u64 << (n % 64));
    if bits.len() <= w {
        bits.resize(w + 1, 0);
    }
    let new = bits[w] & b == 0;
    bits[w] |= b;
    new
}

fn or_into(to: &mut Vec<u64>, from: &[u64]) {
    if to.len() < from.len() {
        to.resize(from.len(), 0);
    }
    for (t, f) in to.iter_mut().zip(from) {
        *t |= f;
    }
}

/// The set bits of `bits`, in increasing order.
fn ones(bits: &[u64]) -> impl Iterator<Item = u32> + '_ {
    bits.iter().enumerate().flat_map(|(k, &w)| {
        let mut w = w;
        std::iter::from_fn(move || {
            (w != 0).then(|| {
                let t = w.trailing_zeros();
                w &= w - 1;
                k as u32 * 64 + t
            })
        })
    })
}

fn joint_too_large() -> TooLarge {
    TooLarge::Joint(format!(
        "the joint table of this battle passes {MAX_JOINT_POSITIONS} positions (MAX_JOINT_POSITIONS); hint: leave out `--joint`: the winners and every block's fate are given whole without it"
    ))
}

/// Where the positions of a side are in its list (`Walk::states`): an open-addressing
/// table of their numbers, by a fixed hash of the position (the same numbers every run;
/// the table is never walked in its own order, the list is). A `BTreeMap` of whole
/// positions was a fifth of the joint table's time (31.2).
#[derive(Debug, Default)]
struct Index {
    /// Numbers into the list, `u32::MAX` for an empty slot; a power of two long, at most
    /// half full.
    slots: Vec<u32>,
}

impl Index {
    fn slot(key: Key, mask: usize) -> usize {
        let (lo, hi) = (key as u64, (key >> 64) as u64);
        let h = (lo.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ hi).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        (h >> 29) as usize & mask
    }

    /// The number of `key` in `list`, added at its end when new.
    fn number(&mut self, list: &mut Vec<Key>, key: Key) -> u32 {
        if self.slots.len() < 2 * (list.len() + 1) {
            let len = (self.slots.len() * 2).max(64);
            self.slots = vec![u32::MAX; len];
            for (n, k) in list.iter().enumerate() {
                let mut at = Self::slot(*k, len - 1);
                while self.slots[at] != u32::MAX {
                    at = (at + 1) & (len - 1);
                }
                self.slots[at] = n as u32;
            }
        }
        let mask = self.slots.len() - 1;
        let mut at = Self::slot(key, mask);
        loop {
            match self.slots[at] {
                u32::MAX => {
                    let n = list.len() as u32;
                    list.push(key);
                    self.slots[at] = n;
                    return n;
                }
                n if list[n as usize] == key => return n,
                _ => at = (at + 1) & mask,
            }
        }
    }
}

/// What one block's fire adds up within one group of the frontier (one position of the
/// firing side): the other side's positions it leads to, those where the battle ends,
/// each a numerator over the step's denominator; and over the whole step, the fates of
/// the blocks that left.
struct Step<N> {
    /// The words the step's numerators need (`Num::add_mul`).
    words: usize,
    next: Vec<(N, bool)>,
    next_seen: Vec<u32>,
    ends: Vec<(N, bool)>,
    ends_seen: Vec<u32>,
    /// Per number of dice and position fired at (dice × positions + position), the
    /// numerators of the step's positions that fired so, weighed up to the step's
    /// denominator: the fates of the blocks that leave are counted from them once.
    pooled: Vec<(N, bool)>,
    pooled_seen: Vec<u32>,
    width: usize,
    /// Per seat, per steps left, [stays, leaves].
    left: Vec<Vec<[N; 2]>>,
}

impl<N: Num> Step<N> {
    fn new<T>(left: &[Vec<T>], words: usize, width: usize) -> Step<N> {
        Step {
            words,
            pooled: Vec::new(),
            pooled_seen: Vec::new(),
            width,
            next: Vec::new(),
            next_seen: Vec::new(),
            ends: Vec::new(),
            ends_seen: Vec::new(),
            left: left
                .iter()
                .map(|by| vec![[N::default(), N::default()]; by.len()])
                .collect(),
        }
    }

    /// A move from a position of numerator `num`, its weight `w`.
    #[inline]
    fn arrive(&mut self, mv: &Move, num: &N, w: u64) {
        let (cells, seen) = if mv.ends {
            (&mut self.ends, &mut self.ends_seen)
        } else {
            (&mut self.next, &mut self.next_seen)
        };
        let to = mv.to as usize;
        if cells.len() <= to {
            cells.resize(to + 1, (N::default(), false));
        }
        let cell = &mut cells[to];
        if !cell.1 {
            cell.1 = true;
            seen.push(mv.to);
        }
        cell.0.add_mul(num, w, self.words);
    }

    /// A position of numerator `num`, fired at with `dice` dice, weighed by `scale`.
    fn pool(&mut self, dice: u32, o: u32, num: &N, scale: u64) {
        let at = dice as usize * self.width + o as usize;
        if self.pooled.len() <= at {
            self.pooled.resize(at + 1, (N::default(), false));
        }
        let cell = &mut self.pooled[at];
        if !cell.1 {
            cell.1 = true;
            self.pooled_seen.push(at as u32);
        }
        cell.0.add_mul(num, scale, self.words);
    }

    /// The pooled numerators: dice, position, numerator.
    fn take_pooled(&mut self) -> Vec<(u32, u32, N)> {
        let w = self.width as u32;
        Self::take(&mut self.pooled, &mut self.pooled_seen)
            .into_iter()
            .map(|(at, n)| (at / w, at % w, n))
            .collect()
    }

    /// The positions reached that go on fighting, each with its numerator, and the
    /// cells cleared for the next group.
    fn take_next(&mut self) -> Vec<(u32, N)> {
        Self::take(&mut self.next, &mut self.next_seen)
    }

    fn take_ends(&mut self) -> Vec<(u32, N)> {
        Self::take(&mut self.ends, &mut self.ends_seen)
    }

    fn take(cells: &mut [(N, bool)], seen: &mut Vec<u32>) -> Vec<(u32, N)> {
        seen.drain(..)
            .map(|o| (o, std::mem::take(&mut cells[o as usize]).0))
            .collect()
    }

    /// The fates of the blocks that left in this step into `left`, over 6^`exp`.
    fn flush(self, left: &mut [Vec<[Acc; 2]>], exp: u32, six: &mut Pow6) {
        for (to, from) in left.iter_mut().zip(self.left) {
            for (t, f) in to.iter_mut().zip(from) {
                for (a, n) in t.iter_mut().zip(f) {
                    if !n.is_zero() {
                        a.add(&n.big(), exp, six);
                    }
                }
            }
        }
    }
}

/// Whether a block at a battle's end must leave the place (`BattleOutcome::must_retreat`):
/// routed, or an attacker still in the battle when it withdraws; never an eliminated
/// block.
fn leaves(p: &Piece, attacker: bool, withdraw: bool) -> bool {
    p.steps > 0 && (p.routed || (withdraw && attacker && p.in_battle()))
}

/// 8.2: every end of an attrition of `hit_on` against the blocks besieged in `city` of
/// `st`, by `besieger` (the winner when the city falls), each with its numerator over the
/// returned denominator (6^dice). Each number of hits goes through
/// `siege::attrition_losses`, the function the adjudication applies.
pub fn attrition(
    st: &State,
    city: &str,
    besieger: &str,
    hit_on: u32,
) -> (Vec<(End, BigUint)>, BigUint) {
    let owner = st.city(city).map(|c| c.control.clone()).unwrap_or_default();
    let n = siege::besieged_in(st, city).len() as u32;
    let hit_on = hit_on.min(6);
    let den = BigUint::from(6u32).pow(n);
    let mut ends: BTreeMap<End, BigUint> = BTreeMap::new();
    for (counts, p) in splits(n, &[hit_on, 6 - hit_on]) {
        let mut s = st.clone();
        siege::attrition_losses(&mut s, city, &owner, counts[0]);
        let inside: Vec<&Block> = st
            .blocks
            .iter()
            .filter(|b| b.at == city && b.status == Status::Besieged)
            .collect();
        let steps: Vec<u32> = inside
            .iter()
            .map(|b| {
                s.blocks
                    .iter()
                    .find(|x| x.id == b.id)
                    .map_or(0, |x| x.steps)
            })
            .collect();
        let falls = siege::besieged_in(&s, city).is_empty();
        let winner = falls.then(|| besieger.to_string());
        let out = vec![false; steps.len()];
        let num = (p * Prob::from_integer(den.clone().into()))
            .to_integer()
            .to_biguint()
            .unwrap_or_default();
        *ends.entry(End { winner, steps, out }).or_default() += num;
    }
    (ends.into_iter().collect(), den)
}

/// A block as the player wrote it: `ID` (one of his blocks, from his view), `ID=3B2` or
/// `3B2` (steps then rating), or `garrison` (7.3: the city's garrison). Checked like an
/// order (31.4): steps 1 to `MAX_STEPS`, a rating of the game (`ratings`).
fn block_of(
    sc: &Scenario,
    view: Option<&View>,
    word: &str,
    side: &str,
    n: usize,
    city: &str,
) -> Result<Block, String> {
    let word = word.trim();
    if word.eq_ignore_ascii_case("garrison") {
        let steps = sc.params.siege.garrison_steps;
        return Ok(Block {
            id: siege::garrison_id(city),
            side: side.to_string(),
            kind: BlockKind::Garrison,
            name: format!("Garrison of {city}"),
            home: city.to_string(),
            steps,
            max: steps,
            rating: sc.params.defender_rating.clone(),
            at: city.to_string(),
            status: Status::Field,
            barbarian: false,
        });
    }
    let (id, spec) = match word.split_once('=') {
        Some((id, spec)) => (Some(id.trim()), spec.trim()),
        None => (None, word),
    };
    if id.is_none() {
        if let Some(b) = view.and_then(|v| {
            v.blocks
                .iter()
                .find(|b| b.id.eq_ignore_ascii_case(word) && b.side == side)
        }) {
            if b.steps == 0 {
                return Err(format!("{} has no steps (eliminated)", b.id));
            }
            return Ok(b.clone());
        }
    }
    let digits: String = spec.chars().take_while(|c| c.is_ascii_digit()).collect();
    let rest = &spec[digits.len()..];
    let letters = ratings(sc);
    let (steps, rating) = match (digits.parse::<u64>(), Rating::parse(rest)) {
        (Ok(s), _) if !(1..=u64::from(MAX_STEPS)).contains(&s) => {
            return Err(format!(
                "`{word}`: a block has 1 to {MAX_STEPS} steps (2.0; MAX_STEPS), not {s}; hint: steps then a rating, as `3B2`"
            ));
        }
        (Ok(s), Some(r)) if letters.contains(&r.letter) => (s as u32, r),
        (Ok(_), _) if !rest.is_empty() => {
            return Err(format!(
                "`{word}`: `{rest}` is not a rating of this game (2.0): a letter of {} and a number 1 to 3; hint: as `3B2`",
                letters.iter().map(char::to_string).collect::<Vec<_>>().join(", ")
            ));
        }
        _ => {
            let own = match view {
                Some(v) => format!(
                    "; your blocks ({}): {}",
                    side_name_of(sc, side),
                    v.blocks
                        .iter()
                        .filter(|b| b.side == side && b.steps > 0)
                        .map(|b| b.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                None => String::new(),
            };
            return Err(format!(
                "`{word}` is not a block: write an id from your view, steps and a rating (`3B2`, `ATH-3=3B2`) or `garrison`{own}"
            ));
        }
    };
    let id = id.map_or_else(
        || format!("{}#{}", side_name_of(sc, side), n + 1),
        str::to_string,
    );
    Ok(Block {
        id: id.clone(),
        side: side.to_string(),
        kind: BlockKind::Infantry,
        name: id,
        home: city.to_string(),
        steps,
        max: steps,
        rating: rating.to_string(),
        at: city.to_string(),
        status: Status::Field,
        barbarian: false,
    })
}

/// The rating letters of the game: every block's of the scenario, the fleets' land
/// rating and the defenders' (2.0, 8.1).
fn ratings(sc: &Scenario) -> std::collections::BTreeSet<char> {
    sc.blocks
        .iter()
        .map(|b| b.rating.as_str())
        .chain([
            sc.params.fleet_land_rating.as_str(),
            sc.params.defender_rating.as_str(),
        ])
        .filter_map(Rating::parse)
        .map(|r| r.letter)
        .collect()
}

fn side_name_of(sc: &Scenario, side: &str) -> String {
    sc.sides
        .iter()
        .find(|s| s.id == side)
        .map_or_else(|| side.to_string(), |s| s.name.clone())
}

fn words_of(list: &[String]) -> Vec<String> {
    list.iter()
        .flat_map(|w| w.split(','))
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// 31.4, 28.3: the numbers a player types, checked before anything is computed: each
/// option only where it means something, `--rounds` 1 to `MAX_ROUNDS`, `--hit-on` 1 to
/// 6. Every refusal names the bound and gives a hint.
fn check_numbers(sc: &Scenario, q: &Query) -> Result<(), String> {
    let attrition = q.kind == "attrition";
    if let Some(r) = q.rounds {
        if attrition {
            return Err(
                "`--rounds`: an attrition is one roll, not a battle (8.2); hint: leave out `--rounds`"
                    .into(),
            );
        }
        if !(1..=MAX_ROUNDS).contains(&r) {
            return Err(format!(
                "`--rounds {r}`: a battle of the odds lasts 1 to {MAX_ROUNDS} rounds (MAX_ROUNDS); hint: the scenario's battles last {} (`params.battle_rounds`), the default",
                sc.params.battle_rounds
            ));
        }
    }
    if let Some(h) = q.hit_on {
        if !attrition {
            return Err(format!(
                "`--hit-on`: only an attrition has a hit number (8.2), not {} `{}`; hint: leave out `--hit-on`",
                if q.kind == "assault" { "an" } else { "a" },
                q.kind
            ));
        }
        if !(1..=6).contains(&h) {
            return Err(format!(
                "`--hit-on {h}`: a die shows 1 to 6, so the hit number is 1 to 6; hint: {} outside Winter, {} in Winter and for the grain city blockaded (8.2, 8.2.2), the defaults",
                sc.params.siege.attrition_hit, sc.params.siege.winter_attrition_hit
            ));
        }
    }
    if q.no_double_defence && q.kind != "assault" {
        return Err(format!(
            "`--no-double-defence`: only an assault has double defence (8.1.1), not `{}`; hint: leave it out",
            q.kind
        ));
    }
    Ok(())
}

/// `side`'s blocks in the order the adjudication lists them (31, 2.0 fire order within a
/// letter and the last tie-break): blocks from the view in the view's (the game file's)
/// order, then the guessed ones as written, the garrison last (7.3).
fn in_file_order(view: Option<&View>, mut blocks: Vec<Block>) -> Vec<Block> {
    let place = |b: &Block| {
        if b.is_garrison() {
            return (2, 0);
        }
        match view.and_then(|v| v.blocks.iter().position(|x| x.id == b.id)) {
            Some(i) => (0, i),
            None => (1, 0),
        }
    };
    // A stable sort: the guessed blocks keep the order written.
    blocks.sort_by_key(place);
    blocks
}

/// 8.2.2: the state as far as the attrition's hit number needs it from a view: the city
/// besieged by `besieger`, and the fleets the view shows at sea (its side's by id, the
/// enemy's as counts: only fleets stand at sea).
fn siege_as_seen(
    sc: &Scenario,
    st: &State,
    view: Option<&View>,
    city: &str,
    besieger: &str,
) -> State {
    let mut s = st.clone();
    if let Some(c) = s.cities.iter_mut().find(|c| c.name == city) {
        c.siege = Some(crate::model::state::Siege {
            besieger: besieger.to_string(),
            year: st.year,
            season: st.season,
            blockaded: None,
        });
    }
    let Some(v) = view else {
        return s;
    };
    let at_sea = |p: &str| sc.seas.iter().any(|x| x.name == p);
    s.blocks.extend(
        v.blocks
            .iter()
            .filter(|b| b.kind == BlockKind::Fleet && at_sea(&b.at))
            .cloned(),
    );
    let enemy = sc.enemy_of(&v.side);
    for g in v.enemy.iter().filter(|g| at_sea(&g.at)) {
        for k in 0..g.count {
            s.blocks.push(Block {
                id: format!("{enemy}#fleet{k}@{}", g.at),
                side: enemy.clone(),
                kind: BlockKind::Fleet,
                name: String::new(),
                home: String::new(),
                steps: 1,
                max: 1,
                rating: "E2".into(),
                at: g.at.clone(),
                status: g.status,
                barbarian: false,
            });
        }
    }
    s
}

/// `dikast odds` for Hellenes: reads the query, builds the position as a state, and
/// computes the odds with the engine's own code.
pub fn odds(sc: &Scenario, view: Option<&View>, q: &Query) -> Result<Odds, String> {
    let kinds = ["battle", "naval", "assault", "sortie", "attrition"];
    if !kinds.contains(&q.kind.as_str()) {
        return Err(format!(
            "no odds of `{}`; kinds: {}",
            q.kind,
            kinds.join(", ")
        ));
    }
    check_numbers(sc, q)?;
    let attacker = attacker_of(sc, view, q)?;
    let defender = sc.enemy_of(&attacker);
    let place = place_of(sc, q)?;
    let mut st = position(sc, view, q, (&attacker, &defender), &place)?;
    st.blocks = blocks_of(sc, view, q, (&attacker, &defender), &place)?;
    let rounds = q.rounds.unwrap_or(sc.params.battle_rounds);
    let (title, mut setup, notes) = match q.kind.as_str() {
        "attrition" => return attrition_odds(sc, view, q, &st, &place, (&attacker, &defender)),
        "assault" => {
            let Some(s) = siege::assault_setup(sc, &st, &attacker, &place, true) else {
                return Err("an assault needs a defender inside the walls".into());
            };
            (format!("Assault on {place} (8.1)"), s, Vec::new())
        }
        kind => field_setup(sc, &st, kind, &place, (&attacker, &defender), rounds),
    };
    setup.rounds = rounds;
    battle_answer(sc, view, q, &st, title, setup, notes)
}

/// Whether the kind is siege combat (at a walled city).
fn is_siege(kind: &str) -> bool {
    matches!(kind, "assault" | "sortie" | "attrition")
}

/// The attacking side: `--side`, else the view's, else the scenario's first.
fn attacker_of(sc: &Scenario, view: Option<&View>, q: &Query) -> Result<String, String> {
    let side_ids: Vec<String> = sc.sides.iter().map(|s| s.id.clone()).collect();
    Ok(match (&q.side, view) {
        (Some(s), _) => {
            let found = side_ids.iter().find(|x| x.eq_ignore_ascii_case(s.trim()));
            found
                .cloned()
                .ok_or_else(|| format!("there is no side `{s}`; sides: {}", side_ids.join(", ")))?
        }
        (None, Some(v)) => v.side.clone(),
        (None, None) => side_ids.first().cloned().unwrap_or_default(),
    })
}

/// Where: `--at` on the map (needed for siege combat), else `the field`.
fn place_of(sc: &Scenario, q: &Query) -> Result<String, String> {
    match &q.at {
        Some(p) => {
            let found = sc
                .areas
                .iter()
                .map(|a| a.name.clone())
                .chain(sc.seas.iter().map(|s| s.name.clone()))
                .find(|n| n.eq_ignore_ascii_case(p.trim()));
            found.ok_or_else(|| format!("there is no place `{p}` on the map"))
        }
        None if is_siege(&q.kind) => Err(format!("give the city with --at (`{}`)", q.kind)),
        None => Ok("the field".to_string()),
    }
}

/// The state the combat is fought in, its blocks apart: the scenario's start, with the
/// view's season and Events in force, and for siege combat the city held by the besieged.
fn position(
    sc: &Scenario,
    view: Option<&View>,
    q: &Query,
    (attacker, defender): (&str, &str),
    place: &str,
) -> Result<State, String> {
    let mut st = State::start(sc);
    // 1.0 [A] the card Events in force where the player stands (a leader's or a season's
    // `battle-bonus`): the battle setup reads them from the state, as the adjudicator does.
    // His own standing orders (`losses`: his tie order) apply as in the adjudication; the
    // enemy's are not in his view, so the documented defaults stand for them.
    if let Some(v) = view {
        st.season = v.season;
        st.year = v.year;
        st.initiative = v.initiative.clone();
        st.cards.in_play = v.in_play.clone();
        st.standing.insert(v.side.clone(), v.standing.clone());
    }
    if is_siege(&q.kind) {
        let Some(c) = st.cities.iter_mut().find(|c| c.name == place) else {
            return Err(format!("{place} is not a walled city"));
        };
        // The besieged side holds the city (a sortie: the attacker is besieged).
        c.control = if q.kind == "sortie" {
            attacker.to_string()
        } else {
            defender.to_string()
        };
    }
    Ok(st)
}

/// The blocks of both sides as the question writes them, at `place` with the status the
/// kind gives them (the besieged inside the walls), each side in file order.
fn blocks_of(
    sc: &Scenario,
    view: Option<&View>,
    q: &Query,
    (attacker, defender): (&str, &str),
    place: &str,
) -> Result<Vec<Block>, String> {
    let (att_words, def_words) = (words_of(&q.attacker), words_of(&q.defender));
    if q.kind != "attrition" && att_words.is_empty() {
        return Err("give the attacking blocks with --attacker".into());
    }
    if q.kind == "attrition" && !att_words.is_empty() {
        return Err(
            "`--attacker`: in an attrition only the besieged blocks count (8.2: the besieger rolls one die per besieged block); hint: give them with --defender, the besieger with --side"
                .into(),
        );
    }
    if def_words.is_empty() {
        return Err("give the defending blocks with --defender".into());
    }
    // The status each block has in the position: the besieged are inside the walls.
    let (att_status, def_status) = match q.kind.as_str() {
        "assault" | "attrition" => (Status::Besieging, Status::Besieged),
        "sortie" => (Status::Besieged, Status::Besieging),
        _ => (Status::Field, Status::Field),
    };
    let mut blocks = Vec::new();
    for (words, side, status, option) in [
        (&att_words, attacker, att_status, "--attacker"),
        (&def_words, defender, def_status, "--defender"),
    ] {
        let mut mine: Vec<Block> = Vec::new();
        for (i, w) in words.iter().enumerate() {
            let mut b = block_of(sc, view, w, side, i, place)?;
            if b.is_garrison() && (status != Status::Besieged || q.kind == "sortie") {
                return Err(
                    "a garrison fights only inside its walls and never sorties (7.3, 8.3)".into(),
                );
            }
            if blocks.iter().chain(&mine).any(|x: &Block| x.id == b.id) {
                return Err(format!("{} is named twice", b.id));
            }
            b.at = place.to_string();
            b.status = status;
            mine.push(b);
        }
        // 28.3: the bound that keeps every answer within a second (docs/odds.md).
        let count = mine.iter().filter(|b| !b.is_garrison()).count();
        if count > MAX_BLOCKS {
            return Err(format!(
                "`{option}`: {count} blocks; the odds take at most {MAX_BLOCKS} a side, a garrison apart (MAX_BLOCKS); hint: a larger battle's odds are those of its {MAX_BLOCKS} strongest blocks at best"
            ));
        }
        blocks.extend(in_file_order(view, mine));
    }
    Ok(blocks)
}

/// 8.2, 8.2.2: the odds of a siege attrition, with the adjudication's own hit number
/// (Winter, the grain city blockaded) unless the player gives one.
fn attrition_odds(
    sc: &Scenario,
    view: Option<&View>,
    q: &Query,
    st: &State,
    place: &str,
    (attacker, defender): (&str, &str),
) -> Result<Odds, String> {
    let side_name = |s: &str| side_name_of(sc, s);
    let seen = siege_as_seen(sc, st, view, place, attacker);
    let (season_hit, why) = siege::attrition_hit(sc, &seen, place);
    let hit_on = q.hit_on.unwrap_or(season_hit);
    let (ends, den) = attrition(st, place, attacker, hit_on);
    let inside: Vec<&Block> = st
        .blocks
        .iter()
        .filter(|b| b.status == Status::Besieged)
        .collect();
    let blocks = inside.iter().map(|b| block_in(sc, b, false)).collect();
    let whence = match (q.hit_on, why.as_deref()) {
        (Some(_), _) => "as `--hit-on` asks".to_string(),
        (None, Some("winter")) => "in Winter".to_string(),
        (None, Some(_)) => "for the grain city blockaded (8.2.2)".to_string(),
        (None, None) => format!(
            "in Winter, and for the grain city blockaded, {}: `--hit-on`",
            sc.params.siege.winter_attrition_hit
        ),
    };
    let frame = Frame {
        title: format!("Siege attrition at {place} (8.2)"),
        sides: vec![attacker.to_string(), defender.to_string()],
        notes: vec![
            format!(
                "{} rolls one die per besieged block; each die of {} or less is a hit ({whence})",
                side_name(attacker),
                hit_on,
            ),
            "each hit takes a step from the strongest besieged block, the garrison last".into(),
            format!(
                "the winner is {}: the city falls when no defender is left",
                side_name(attacker)
            ),
        ],
        blocks,
        out_means: "out".into(),
    };
    let steps: Vec<u32> = inside.iter().map(|b| b.steps).collect();
    let tally = Tally::of_ends(&frame.sides, &steps, ends, den);
    Odds::from_tally(frame, tally, q.listed)
}

/// A field or naval battle, or a sortie (2.0, 8.3): its title, setup (built by
/// `BattleSetup::field`, as the resolution builds it) and notes.
fn field_setup(
    sc: &Scenario,
    st: &State,
    kind: &str,
    place: &str,
    (attacker, defender): (&str, &str),
    rounds: u32,
) -> (String, BattleSetup, Vec<String>) {
    let naval = kind == "naval";
    let fighters = |side: &str| -> Vec<Fighter> {
        st.blocks
            .iter()
            .filter(|b| b.side == side)
            .map(|b| Fighter::from_block(sc, b, naval))
            .collect()
    };
    let s = BattleSetup::field(
        sc,
        st,
        place,
        naval,
        (attacker, fighters(attacker)),
        (defender, fighters(defender)),
    );
    let what = match kind {
        "naval" => "Naval battle (2.0)",
        "sortie" => "Sortie (8.3)",
        _ => "Battle (2.0)",
    };
    let at = if place == "the field" {
        String::new()
    } else {
        format!(" at {place}")
    };
    (
        format!("{what}{at}"),
        s,
        vec![
            format!(
                "{rounds} rounds at most; after the last, the attacker {}",
                if sc.params.attacker_retreats_after_last_round {
                    "withdraws"
                } else {
                    "stays"
                }
            ),
            "hits take a step from the strongest block, routs send the weakest out".into(),
        ],
    )
}

/// The odds of a battle, an assault or a sortie set up as `setup`, with the notes of the
/// rules in force.
fn battle_answer(
    sc: &Scenario,
    view: Option<&View>,
    q: &Query,
    st: &State,
    title: String,
    setup: BattleSetup,
    mut notes: Vec<String>,
) -> Result<Odds, String> {
    // 8.1 Treachery (the Event's limited assault): its first die, `treachery_hit` or less,
    // takes double defence away; the odds weigh both battles by that die, as the
    // adjudication rolls it (`siege::assault`).
    let treachery = q.kind == "assault"
        && (q.no_double_defence || siege::treachery_assault(sc, st, &setup.attacker));
    let lost_on = sc.params.siege.treachery_hit.min(6);
    if q.kind == "assault" {
        notes.extend(assault_notes(
            sc,
            setup.rounds,
            treachery.then_some(lost_on),
        ));
    }
    let side_name = |s: &str| side_name_of(sc, s);
    notes.insert(
        0,
        format!(
            "attacker: {}; defender: {}",
            side_name(&setup.attacker),
            side_name(&setup.defender)
        ),
    );
    for (side, (points, cards)) in &setup.bonus {
        notes.push(format!(
            "{} fires with rating number +{points} (3 at most): {} (1.0 [A] `battle-bonus`)",
            side_name(side),
            cards.join(", ")
        ));
    }
    if let Some(v) = view.filter(|v| !v.standing.losses.is_empty()) {
        notes.push(format!(
            "ties among {}'s equal blocks: its standing `losses` order first ({})",
            side_name(&v.side),
            v.standing.losses.join(", ")
        ));
    }
    notes.push("without appeals to Olympians (11.0)".into());
    let tally = battle_tally(&setup, treachery.then_some(lost_on), q.listed, &mut notes)?;
    let frame = Frame {
        title,
        sides: vec![setup.attacker.clone(), setup.defender.clone()],
        notes,
        blocks: battle_blocks(&setup),
        out_means: "routed or withdrawn".into(),
    };
    Odds::from_tally(frame, tally, q.listed)
}

/// 8.1, 8.1.1, 8.1.2: the notes of an assault; `treachery`: the die at or below which
/// Treachery takes double defence away, when it does.
fn assault_notes(sc: &Scenario, rounds: u32, treachery: Option<u32>) -> Vec<String> {
    vec![
        format!("{rounds} rounds at most"),
        format!(
            "defenders fire {}, cannot be routed, the garrison is hit last; {}",
            sc.params.defender_rating,
            match treachery {
                Some(lost_on) => format!(
                    "Treachery (8.1): a first die of {lost_on} or less ({lost_on} in 6) takes double defence away, else double defence (8.1.1) holds; both are counted"
                ),
                None => "double defence (8.1.1): the first hit marks a block, the next takes its step; marks left at the end are lost".into(),
            }
        ),
        "routed or withdrawing attackers stay as besiegers (8.1.2)".into(),
    ]
}

/// The blocks of a battle as the answer lists them: the attackers, then the defenders
/// (with the defenders' rating override, the garrison marked).
fn battle_blocks(setup: &BattleSetup) -> Vec<BlockIn> {
    setup
        .attackers
        .iter()
        .chain(&setup.defenders)
        .map(|f| {
            let mut r = f.rating;
            if !setup.attackers.iter().any(|a| a.id == f.id) {
                r = setup.defender_rating_override.unwrap_or(r);
            }
            BlockIn {
                id: f.id.clone(),
                side: f.side.clone(),
                steps: f.steps,
                rating: if f.last {
                    format!("{r} (garrison)")
                } else {
                    r.to_string()
                },
            }
        })
        .collect()
}

/// The sums of the battle (or, with Treachery's die `treachery`, of its two battles
/// weighed by it), with the joint table when it is listed and within
/// MAX_JOINT_POSITIONS; past it the table lists no outcome and a note says so.
fn battle_tally(
    setup: &BattleSetup,
    treachery: Option<u32>,
    listed: Option<usize>,
    notes: &mut Vec<String>,
) -> Result<Tally, String> {
    let compute = |joint: bool| -> Result<Tally, TooLarge> {
        let Some(lost_on) = treachery else {
            return Ok(battle_odds(setup, joint)?.0);
        };
        let mut kept = setup.clone();
        kept.double_defence = true;
        let mut lost = setup.clone();
        lost.double_defence = false;
        Ok(Tally::mix(
            vec![
                (battle_odds(&lost, joint)?.0, u64::from(lost_on)),
                (battle_odds(&kept, joint)?.0, u64::from(6 - lost_on)),
            ],
            6,
        ))
    };
    Ok(match listed {
        Some(0) => compute(false).map_err(TooLarge::text)?,
        None => compute(true).map_err(TooLarge::text)?,
        Some(_) => match compute(true) {
            Ok(t) => t,
            Err(TooLarge::Joint(_)) => {
                notes.push(format!(
                    "outcomes not listed: the joint table of every block's end passes {MAX_JOINT_POSITIONS} positions (MAX_JOINT_POSITIONS); the winners and each block's fate are exact"
                ));
                compute(false).map_err(TooLarge::text)?
            }
            Err(e) => return Err(e.text()),
        },
    })
}

fn block_in(sc: &Scenario, b: &Block, naval: bool) -> BlockIn {
    let f = Fighter::from_block(sc, b, naval);
    BlockIn {
        id: b.id.clone(),
        side: b.side.clone(),
        steps: b.steps,
        rating: if f.last {
            format!("{} (garrison)", f.rating)
        } else {
            f.rating.to_string()
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::battle;
    use crate::model::scenario::HELLENES_431;
    use dikast_core::dice::{KeyStream, Source, Stream};
    use dikast_core::odds::{add, ratio};
    use std::collections::VecDeque;

    /// One end as the tests write it: winner, steps left, must leave.
    type End = (Option<String>, Vec<u32>, Vec<bool>);

    /// `battle_ends` as exact fractions.
    fn battle(setup: &BattleSetup) -> BTreeMap<End, Prob> {
        let (tally, _) = battle_odds(setup, true).unwrap();
        let den = num_bigint::BigInt::from(tally.den);
        tally
            .ends
            .unwrap_or_default()
            .into_iter()
            .map(|(e, n)| {
                (
                    (e.winner, e.steps, e.out),
                    Prob::new(num_bigint::BigInt::from(n), den.clone()),
                )
            })
            .collect()
    }

    fn f(id: &str, side: &str, steps: u32, r: &str, last: bool) -> Fighter {
        Fighter {
            id: id.into(),
            side: side.into(),
            steps,
            rating: Rating::parse(r).unwrap(),
            last,
        }
    }

    fn setup(att: Vec<Fighter>, def: Vec<Fighter>, rounds: u32) -> BattleSetup {
        BattleSetup {
            place: "Argos".into(),
            attacker: "sparta".into(),
            defender: "athens".into(),
            attackers: att,
            defenders: def,
            naval: false,
            rounds,
            defender_rating_override: None,
            double_defence: false,
            defenders_rout: true,
            attacker_withdraws: true,
            tie_order: BTreeMap::new(),
            bonus: BTreeMap::new(),
        }
    }

    fn end_of(setup: &BattleSetup, o: &crate::model::battle::BattleOutcome) -> End {
        let out = o.must_retreat();
        let fighters = setup.attackers.iter().chain(&setup.defenders);
        (
            o.winner.clone(),
            fighters
                .clone()
                .map(|f| o.steps_after(&f.id, f.steps))
                .collect(),
            fighters.map(|f| out.contains(&f.id)).collect(),
        )
    }

    /// Every sequence of dice `battle::fight` can draw, each run through it with forced
    /// dice: a sequence that ran out (the fight drew more) is extended by each face.
    fn exhaustive(setup: &BattleSetup) -> BTreeMap<End, Prob> {
        let mut ends = BTreeMap::new();
        let mut todo: Vec<Vec<u32>> = vec![Vec::new()];
        while let Some(prefix) = todo.pop() {
            let mut stream = Stream::new(
                "battle:test",
                false,
                Source::Forced(prefix.iter().copied().collect::<VecDeque<_>>(), {
                    KeyStream::new(&[0u8; 32])
                }),
            );
            let o = battle::fight(setup, &mut stream);
            if stream.drawn.len() > prefix.len() {
                for d in 1..=6 {
                    let mut p = prefix.clone();
                    p.push(d);
                    todo.push(p);
                }
                continue;
            }
            add(
                &mut ends,
                end_of(setup, &o),
                ratio(1, 6u64.pow(prefix.len() as u32)),
            );
        }
        ends
    }

    #[test]
    fn a_one_die_duel_by_hand() {
        // A1 attacker against a C1 defender, one round. The attacker fires first (letter
        // A): a 1 eliminates, a 6 routs the defender (1/6 each). Otherwise (4/6) the
        // defender's 1 eliminates, its 6 routs the attacker (1/6 each); with both left
        // after the last round the attacker withdraws (4/6 · 4/6).
        let s = setup(
            vec![f("S1", "sparta", 1, "A1", false)],
            vec![f("A1", "athens", 1, "C1", false)],
            1,
        );
        let got = battle(&s);
        let sp = Some("sparta".to_string());
        let at = Some("athens".to_string());
        let want: BTreeMap<End, Prob> = [
            ((sp.clone(), vec![1, 0], vec![false, false]), ratio(1, 6)),
            ((sp, vec![1, 1], vec![false, true]), ratio(1, 6)),
            ((at.clone(), vec![0, 1], vec![false, false]), ratio(4, 36)),
            ((at.clone(), vec![1, 1], vec![true, false]), ratio(4, 36)),
            // Withdrawn: one entry whatever the reason it must leave.
            ((at, vec![1, 1], vec![true, false]), ratio(16, 36)),
        ]
        .into_iter()
        .fold(BTreeMap::new(), |mut m, (k, p)| {
            add(&mut m, k, p);
            m
        });
        assert_eq!(got, want);
    }

    #[test]
    fn field_battles_equal_the_exhaustive_enumeration_of_fight() {
        for s in [
            setup(
                vec![f("S1", "sparta", 2, "B2", false)],
                vec![f("A1", "athens", 1, "C1", false)],
                2,
            ),
            setup(
                vec![
                    f("S1", "sparta", 1, "A3", false),
                    f("S2", "sparta", 1, "C2", false),
                ],
                vec![f("A1", "athens", 2, "B1", false)],
                2,
            ),
        ] {
            let exact = battle(&s);
            assert_eq!(exact, exhaustive(&s));
            let total = exact.values().fold(Prob::zero(), |a, p| a + p);
            assert_eq!(total, Prob::one());
        }
    }

    #[test]
    fn assaults_equal_the_exhaustive_enumeration_of_fight() {
        // 8.1: A2 defenders, double defence (marks, odd hits lost), no routs, the
        // garrison last.
        let mut one_round = setup(
            vec![f("S1", "sparta", 3, "A3", false)],
            vec![
                f("A1", "athens", 1, "C1", false),
                f("GAR", "athens", 1, "A2", true),
            ],
            1,
        );
        one_round.defender_rating_override = Rating::parse("A2");
        one_round.double_defence = true;
        one_round.defenders_rout = false;
        let mut two_rounds = one_round.clone();
        two_rounds.rounds = 2;
        two_rounds.attackers[0].steps = 2;
        two_rounds.defenders.remove(0);
        for s in [one_round, two_rounds] {
            assert_eq!(battle(&s), exhaustive(&s));
        }
    }

    #[test]
    fn a_monte_carlo_run_of_fight_agrees_within_sampling_error() {
        let s = setup(
            vec![
                f("S1", "sparta", 4, "B2", false),
                f("S2", "sparta", 3, "A3", false),
            ],
            vec![
                f("A1", "athens", 3, "B2", false),
                f("A2", "athens", 2, "C1", false),
            ],
            3,
        );
        let exact = battle(&s);
        let mut wins: BTreeMap<Option<String>, u32> = BTreeMap::new();
        let n = 20_000u32;
        for i in 0..n {
            let mut key = [0u8; 32];
            key[..4].copy_from_slice(&i.to_le_bytes());
            let mut stream =
                Stream::new("battle:mc", false, Source::Protocol(KeyStream::new(&key)));
            let o = battle::fight(&s, &mut stream);
            *wins.entry(o.winner).or_default() += 1;
        }
        for w in [Some("sparta".to_string()), Some("athens".to_string()), None] {
            let p: f64 = exact
                .iter()
                .filter(|(k, _)| k.0 == w)
                .map(|(_, p)| num_traits::ToPrimitive::to_f64(p).unwrap())
                .sum();
            let seen = f64::from(*wins.get(&w).unwrap_or(&0)) / f64::from(n);
            let sigma = (p * (1.0 - p) / f64::from(n)).sqrt();
            assert!(
                (seen - p).abs() <= 4.5 * sigma + 1e-9,
                "{w:?}: exact {p:.4}, seen {seen:.4} (sigma {sigma:.4})"
            );
        }
    }

    /// 31.3: random positions (a seeded generator: field battles and assaults with a
    /// garrison, 2 or 3 attacking blocks of 3 or 4 steps against 1 or 2 of 1 or 2 steps,
    /// 2 or 3 rounds) fought by
    /// `battle::fight`, the adjudication's battle, 5,000 times each on streams of the dice
    /// protocol: the share of each winner, and of each block eliminated and sent out,
    /// lies within 4.5 standard errors of the exact odds (the fates computed without the
    /// joint table, as the command gives them).
    #[test]
    fn random_positions_fought_by_the_adjudication_agree_with_the_odds() {
        let ratings = ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"];
        let mut roll = crate::engine::testing::lcg(31);
        let n = 5000u32;
        for case in 0..8u32 {
            // The attackers stronger (2 or 3 blocks of 3 or 4 steps against 1 or 2 of 1 or
            // 2), so that each side wins often enough for its share to be tested.
            let mut side = |name: &str, blocks: u64, steps: u32| -> Vec<Fighter> {
                (0..blocks + roll(2))
                    .map(|j| {
                        let r = ratings[roll(ratings.len() as u64) as usize];
                        f(
                            &format!("{name}{j}"),
                            name,
                            steps + roll(2) as u32,
                            r,
                            false,
                        )
                    })
                    .collect()
            };
            let (att, def) = (side("sparta", 2, 3), side("athens", 1, 1));
            let mut s = setup(att, def, 2 + roll(2) as u32);
            // Half the field battles end with nobody winning when both sides stay.
            s.attacker_withdraws = case % 4 != 0;
            if case % 2 == 1 {
                s.defenders.push(f("GAR", "athens", 1, "A2", true));
                s.defender_rating_override = Rating::parse("A2");
                s.double_defence = true;
                s.defenders_rout = false;
            }
            let (t, _) = battle_odds(&s, false).unwrap();
            let den = t.den.to_f64().unwrap();
            let p = |x: &BigUint| x.to_f64().unwrap() / den;
            let fighters: Vec<&Fighter> = s.attackers.iter().chain(&s.defenders).collect();
            // Counted: the winners (attacker, defender, nobody), then per block
            // eliminated and out.
            let mut seen = vec![0u32; 3 + 2 * fighters.len()];
            for i in 0..n {
                let mut key = [0u8; 32];
                key[..4].copy_from_slice(&i.to_le_bytes());
                key[4..8].copy_from_slice(&case.to_le_bytes());
                let mut stream =
                    Stream::new("battle:mc", false, Source::Protocol(KeyStream::new(&key)));
                let o = battle::fight(&s, &mut stream);
                let w = match o.winner.as_deref() {
                    Some("sparta") => 0,
                    Some(_) => 1,
                    None => 2,
                };
                seen[w] += 1;
                let out = o.must_retreat();
                for (j, b) in fighters.iter().enumerate() {
                    let left = o.steps_after(&b.id, b.steps);
                    seen[3 + 2 * j] += u32::from(left == 0);
                    seen[4 + 2 * j] += u32::from(left > 0 && out.contains(&b.id));
                }
            }
            let mut exact: Vec<f64> = t.winners.iter().map(p).collect();
            for by in &t.fates {
                exact.push(p(&by[0][0]) + p(&by[0][1]));
                exact.push(by.iter().skip(1).map(|x| p(&x[1])).sum());
            }
            assert_eq!(exact.len(), seen.len());
            for (k, (e, c)) in exact.iter().zip(&seen).enumerate() {
                let got = f64::from(*c) / f64::from(n);
                let sigma = (e * (1.0 - e) / f64::from(n)).sqrt();
                assert!(
                    (got - e).abs() <= 4.5 * sigma + 1e-9,
                    "case {case}, figure {k}: exact {e:.4}, seen {got:.4} (sigma {sigma:.4}): {s:?}"
                );
            }
        }
    }

    #[test]
    fn attrition_by_hand() {
        // Plataea holds a 2-step block and its garrison; one die per block, hits on 1.
        // 0 hits: 25/36. 1 hit (10/36) takes a step from the strongest, the 2-step block.
        // 2 hits (1/36): the block again (it ties the garrison at 1 step; the garrison is
        // hit last).
        let sc = Scenario::load(HELLENES_431).unwrap();
        let q = Query {
            kind: "attrition".into(),
            at: Some("plataea".into()),
            side: Some("sparta".into()),
            defender: vec!["ATH-1=2B2".into(), "garrison".into()],
            ..Query::default()
        };
        let o = odds(&sc, None, &q).unwrap();
        let p = |steps: &[u32]| {
            o.outcomes
                .iter()
                .find(|x| x.steps == steps)
                .map(|x| x.p.clone())
                .unwrap_or_else(Prob::zero)
        };
        assert_eq!(p(&[2, 1]), ratio(25, 36));
        assert_eq!(p(&[1, 1]), ratio(10, 36));
        assert_eq!(p(&[0, 1]), ratio(1, 36));
        assert!(o.outcomes.iter().all(|x| x.winner.is_none()));
        // Hits on 1-3 (Winter): two hits, 1/4, leave the garrison alone; with two dice
        // the city cannot fall.
        let q = Query {
            hit_on: Some(3),
            ..q
        };
        let o = odds(&sc, None, &q).unwrap();
        assert_eq!(
            o.outcomes.iter().find(|x| x.steps == [0, 1]).unwrap().p,
            ratio(1, 4)
        );
    }

    #[test]
    fn a_leader_in_play_in_the_view_counts() {
        // One Athenian 1-step B1 block defends against a 1-step Spartan C1 block, one
        // round. Without a bonus the defender (B before C) hits on a 1 and routs on a 6;
        // with Pericles in play (battle-bonus +1, as the side's view shows) it fires B2:
        // hits on 1-2, routs on 5-6: the attacker is eliminated with 2/6, not 1/6.
        let sc = Scenario::load(HELLENES_431).unwrap();
        let q = Query {
            kind: "battle".into(),
            side: Some("sparta".into()),
            attacker: vec!["S=1C1".into()],
            defender: vec!["A=1B1".into()],
            rounds: Some(1),
            ..Query::default()
        };
        let mut st = State::start(&sc);
        let plain = crate::model::sight::view(&sc, &st, "athens");
        st.cards.in_play.push(crate::model::state::InPlay {
            card: "C01".into(),
            side: "athens".into(),
        });
        let with = crate::model::sight::view(&sc, &st, "athens");
        let lost = |v| {
            let o = odds(&sc, Some(v), &q).unwrap();
            o.outcomes
                .iter()
                .filter(|x| x.steps[0] == 0)
                .map(|x| x.p.clone())
                .fold(Prob::zero(), |a, b| a + b)
        };
        assert_eq!(lost(&plain), ratio(1, 6));
        assert_eq!(lost(&with), ratio(2, 6));
        let o = odds(&sc, Some(&with), &q).unwrap();
        assert!(
            o.notes
                .iter()
                .any(|n| n.contains("+1") && n.contains("C01")),
            "{:?}",
            o.notes
        );
    }

    /// Random small positions: the fates and winners computed without the joint table
    /// (leaving blocks counted as they leave) equal those summed from the joint table,
    /// and the joint table equals the exhaustive enumeration of `battle::fight`.
    #[test]
    fn fates_without_the_joint_table_equal_the_joint_tables_sums() {
        let frame = |s: &BattleSetup| Frame {
            title: String::new(),
            notes: Vec::new(),
            sides: vec![s.attacker.clone(), s.defender.clone()],
            blocks: s
                .attackers
                .iter()
                .chain(&s.defenders)
                .map(|f| BlockIn {
                    id: f.id.clone(),
                    side: f.side.clone(),
                    steps: f.steps,
                    rating: f.rating.to_string(),
                })
                .collect(),
            out_means: String::new(),
        };
        let ratings = ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "D3"];
        let mut roll = crate::engine::testing::lcg(7);
        for case in 0..40 {
            let mut side = |name: &str| -> Vec<Fighter> {
                let k = 1 + roll(3);
                (0..k)
                    .map(|j| {
                        let steps = 1 + roll(4) as u32;
                        let r = ratings[roll(ratings.len() as u64) as usize];
                        f(&format!("{name}{j}"), name, steps, r, false)
                    })
                    .collect()
            };
            let (att, def) = (side("sparta"), side("athens"));
            let mut s = setup(att, def, 1 + roll(3) as u32);
            if case % 3 == 0 {
                // An assault: A2 defenders, double defence, no routs, a garrison last.
                s.defenders.push(f("GAR", "athens", 1, "A2", true));
                s.defender_rating_override = Rating::parse("A2");
                s.double_defence = true;
                s.defenders_rout = false;
            }
            if case % 5 == 1 {
                s.attacker_withdraws = false;
            }
            let joint =
                Odds::from_tally(frame(&s), battle_odds(&s, true).unwrap().0, Some(0)).unwrap();
            let fast =
                Odds::from_tally(frame(&s), battle_odds(&s, false).unwrap().0, Some(0)).unwrap();
            assert_eq!(joint.winners, fast.winners, "case {case}: {s:?}");
            assert_eq!(joint.fates, fast.fates, "case {case}: {s:?}");
            let total = fast.winners.iter().fold(Prob::zero(), |a, (_, p)| a + p);
            assert_eq!(total, Prob::one());
            let dice: u32 = s
                .attackers
                .iter()
                .chain(&s.defenders)
                .map(|f| f.steps)
                .sum();
            if dice * s.rounds <= 6 {
                assert_eq!(battle(&s), exhaustive(&s), "case {case}: {s:?}");
            }
        }
    }

    fn assault_query(att: &[&str], def: &[&str], rounds: u32) -> Query {
        Query {
            kind: "assault".into(),
            at: Some("Plataea".into()),
            side: Some("sparta".into()),
            attacker: att.iter().map(|x| x.to_string()).collect(),
            defender: def.iter().map(|x| x.to_string()).collect(),
            rounds: Some(rounds),
            listed: Some(0),
            ..Query::default()
        }
    }

    /// 31, 7.3: the garrison fires last among the defenders, as the adjudication lists it
    /// (established last), wherever the player writes it. One round against a 2-step C1:
    /// the defenders (A2: hit 1-2, rout 5-6) fire first, and which of them fires first
    /// decides whether a rout comes before a hit.
    #[test]
    fn the_garrison_fires_last_wherever_it_is_written() {
        let sc = Scenario::load(HELLENES_431).unwrap();
        let first = odds(&sc, None, &assault_query(&["2C1"], &["garrison", "2B2"], 1)).unwrap();
        let last = odds(&sc, None, &assault_query(&["2C1"], &["2B2", "garrison"], 1)).unwrap();
        assert_eq!(first.winners, last.winners);
        assert_eq!(first.fates, last.fates);
        assert_eq!(first.blocks[2].id, "GAR-Plataea");
        // The attacker keeps both steps: 2B2's dice show no hit and a rout (1/3: it is
        // out), or nothing (1/9) and then the garrison's die no hit (2/3): 11/27. With
        // the garrison first: its rout (1/3), or nothing (1/3) and 2B2 no hit (4/9): 13/27.
        assert_eq!(last.fates[0].steps_left[2], ratio(11, 27));
    }

    /// 31, 8.1 Treachery: `--no-double-defence` is the Event's assault, whose first die
    /// (1-3: `treachery_hit`) takes double defence away: half the battle without it,
    /// half with it.
    #[test]
    fn treachery_weighs_both_battles_by_its_die() {
        let sc = Scenario::load(HELLENES_431).unwrap();
        let mut q = assault_query(&["2B2"], &["1B2"], 2);
        q.no_double_defence = true;
        let mixed = odds(&sc, None, &q).unwrap();
        let mut s = setup(
            vec![f("Sparta#1", "sparta", 2, "B2", false)],
            vec![f("Athens#1", "athens", 1, "B2", false)],
            2,
        );
        s.defender_rating_override = Rating::parse("A2");
        s.defenders_rout = false;
        s.attacker_withdraws = sc.params.attacker_retreats_after_last_round;
        let winners = |dd: bool| {
            let mut s = s.clone();
            s.double_defence = dd;
            let t = battle_odds(&s, false).unwrap().0;
            let den = num_bigint::BigInt::from(t.den);
            t.winners
                .into_iter()
                .map(|n| Prob::new(num_bigint::BigInt::from(n), den.clone()))
                .collect::<Vec<_>>()
        };
        let (lost, kept) = (winners(false), winners(true));
        assert_ne!(lost, kept);
        for (i, (_, p)) in mixed.winners.iter().enumerate() {
            assert_eq!(
                *p,
                (lost[i].clone() + kept[i].clone()) * ratio(1, 2),
                "winner {i}"
            );
        }
        assert!(mixed.notes.iter().any(|n| n.contains("Treachery")));
    }

    /// 31: from a view, the side's standing `losses` order breaks its ties, as in the
    /// adjudication: of two equal 1-step blocks, the one listed takes the defender's hit.
    #[test]
    fn the_views_standing_losses_order_breaks_ties() {
        let sc = Scenario::load(HELLENES_431).unwrap();
        let q = Query {
            kind: "battle".into(),
            attacker: vec!["X1=1B2".into(), "X2=1B2".into()],
            defender: vec!["1A1".into()],
            rounds: Some(1),
            listed: Some(0),
            ..Query::default()
        };
        let mut st = State::start(&sc);
        let plain = crate::model::sight::view(&sc, &st, "athens");
        st.standing.entry("athens".into()).or_default().losses = vec!["X2".into()];
        let listed = crate::model::sight::view(&sc, &st, "athens");
        let x2_lost = |v| odds(&sc, Some(v), &q).unwrap().fates[1].eliminated.clone();
        assert_eq!(x2_lost(&plain), Prob::zero());
        // The defender fires first (A): a 1 hits, the listed X2.
        assert_eq!(x2_lost(&listed), ratio(1, 6));
    }

    /// 31, 8.2: from a view in Winter an attrition hits on 1-3 without `--hit-on`, as the
    /// adjudication's (`siege::attrition_hit`).
    #[test]
    fn a_winter_view_attrition_hits_on_one_to_three() {
        let sc = Scenario::load(HELLENES_431).unwrap();
        let mut st = State::start(&sc);
        st.season = crate::model::state::Season::Winter;
        let v = crate::model::sight::view(&sc, &st, "sparta");
        let q = Query {
            kind: "attrition".into(),
            at: Some("plataea".into()),
            defender: vec!["ATH-1=2B2".into(), "garrison".into()],
            ..Query::default()
        };
        let o = odds(&sc, Some(&v), &q).unwrap();
        // Two dice, each a hit on 1-3: two hits (1/4) take both of ATH-1's steps.
        assert_eq!(
            o.outcomes.iter().find(|x| x.steps == [0, 1]).unwrap().p,
            ratio(1, 4)
        );
        assert!(o.notes[0].contains("in Winter"), "{:?}", o.notes);
    }

    /// 31.2: the numerators in machine words (`Wide`) and in big integers give the same
    /// sums, with and without the joint table, and a word that overflows is carried.
    #[test]
    fn machine_words_and_big_integers_sum_alike() {
        let s = setup(
            vec![
                f("S1", "sparta", 3, "B2", false),
                f("S2", "sparta", 2, "A1", false),
            ],
            vec![
                f("A1", "athens", 3, "C2", false),
                f("A2", "athens", 1, "B3", false),
            ],
            3,
        );
        for joint in [false, true] {
            let (wide, _) = walk::<Wide<4>>(&s, joint).unwrap();
            let (big, _) = walk::<BigUint>(&s, joint).unwrap();
            assert_eq!(wide, big, "joint {joint}");
        }
        let mut n = Wide::<2>([u64::MAX, 0]);
        n.add_mul(&Wide([u64::MAX, 0]), 3, 2);
        assert_eq!(
            n.big(),
            BigUint::from(u64::MAX) * BigUint::from(4u32),
            "{n:?}"
        );
    }

    /// 31.2: the walk that only counts positions (`Count`) and the one over sets of bits
    /// (`Fit`) refuse the joint table exactly where the walk with numerators does, and
    /// reach the same positions and ends where it does not: one side of the bound and the
    /// other, with and without double defence.
    #[test]
    fn the_counting_walk_refuses_the_joint_table_where_the_full_walk_does() {
        let side = |name: &str, n: usize, r: &str| -> Vec<Fighter> {
            (0..n)
                .map(|j| f(&format!("{name}{j}"), name, 4, r, false))
                .collect()
        };
        let mut refused = 0;
        for (n, r, assault) in [
            (3, "B2", false),
            (4, "B2", false),
            (3, "A2", true),
            (4, "C1", true),
        ] {
            let mut s = setup(side("sparta", n, r), side("athens", n, "B1"), 3);
            if assault {
                s.defenders.push(f("GAR", "athens", 1, "A2", true));
                s.defender_rating_override = Rating::parse("A2");
                s.double_defence = true;
                s.defenders_rout = false;
            }
            let mut full = Walk::<Wide<8>>::new(&s, true).unwrap();
            let mut count = Walk::<Count>::new(&s, true).unwrap();
            let mut fit = Fit::new(&s).unwrap();
            let (a, b) = (full.run(), count.run());
            let c = fit.run().map(|decided| assert!(decided));
            assert_eq!(a, b, "{n} {r} assault {assault}");
            assert_eq!(a, c, "the bit sets: {n} {r} assault {assault}");
            assert_eq!(full.work, count.work, "{n} {r} assault {assault}");
            assert_eq!(full.ends.len(), count.ends.len());
            if a.is_ok() {
                // The same ends and positions as sets of bits.
                assert_eq!(fit.n_ends, count.ends.len(), "{n} {r} assault {assault}");
                let bits = |rows: &[(u32, Vec<u64>)]| -> usize {
                    rows.iter()
                        .flat_map(|(_, r)| r)
                        .map(|w| w.count_ones() as usize)
                        .sum()
                };
                let listed: usize = count.groups.iter().map(|(_, l)| l.len()).sum();
                assert_eq!(bits(&fit.rows), listed, "{n} {r} assault {assault}");
            }
            refused += usize::from(a.is_err());
        }
        assert!(refused > 0 && refused < 4, "{refused} refused of 4");
    }

    /// 31.2: the index of a side's positions numbers each as first seen, finds it again
    /// past every growth of its table, and adds nothing twice.
    #[test]
    fn the_index_numbers_positions_as_first_seen() {
        let (mut list, mut index) = (Vec::new(), Index::default());
        let key = |k: u128| (k * 0x1_0000_0001) << 37 | k;
        for k in 0..3000u128 {
            assert_eq!(index.number(&mut list, key(k)), k as u32);
        }
        for k in (0..3000u128).rev() {
            assert_eq!(index.number(&mut list, key(k)), k as u32);
        }
        assert_eq!(list.len(), 3000);
    }

    /// 28.3, 31.2: the largest battle the bounds accept (MAX_BLOCKS a side of MAX_STEPS,
    /// a garrison, MAX_ROUNDS) stays far within MAX_POSITIONS: no accepted question is
    /// refused for its size, and its work (which the time follows: scripts/bench) is
    /// bounded here.
    #[test]
    fn the_worst_accepted_battle_stays_within_its_work() {
        let mut worst = Work::default();
        for (r, assault) in [("B2", false), ("A2", true)] {
            {
                let side = |name: &str| -> Vec<Fighter> {
                    (0..MAX_BLOCKS)
                        .map(|j| f(&format!("{name}{j}"), name, MAX_STEPS, r, false))
                        .collect()
                };
                let mut s = setup(side("sparta"), side("athens"), MAX_ROUNDS);
                if assault {
                    s.defenders.push(f("GAR", "athens", 1, "A2", true));
                    s.defender_rating_override = Rating::parse("A2");
                    s.double_defence = true;
                    s.defenders_rout = false;
                }
                let (t, w) = battle_odds(&s, false).unwrap();
                let sum = t.winners.iter().fold(BigUint::zero(), |a, b| a + b);
                assert_eq!(sum, t.den, "{r} assault {assault}");
                worst.positions = worst.positions.max(w.positions);
                worst.transitions = worst.transitions.max(w.transitions);
            }
        }
        assert!(worst.positions * 4 < MAX_POSITIONS, "{worst:?}");
        eprintln!("the worst accepted battle: {worst:?}");
    }
}
