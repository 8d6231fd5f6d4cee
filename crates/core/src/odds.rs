//! `dikast odds`: exact odds of a piece of combat a player describes, as a table and as
//! JSON. A game computes them (`Rules::odds`) by stepping its own resolution code over
//! every result of every roll; this module holds what every game shares: what a game
//! offers to compute (`Offer`: its kinds and options, which the command line adds at run
//! time), the question as typed (`Ask`, which the game reads), exact probabilities (`Prob`, big rationals: no rounding anywhere until
//! the percentages printed), the dice arithmetic (how `n` dice split among classes of
//! faces) and the answer's two renderings. Deterministic: outcomes are kept in `BTreeMap`
//! order and sorted by probability with a total order on ties.

use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};
use std::collections::BTreeMap;

/// An exact probability.
pub type Prob = BigRational;

/// `n / d` exactly.
pub fn ratio(n: u64, d: u64) -> Prob {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

/// What a game's `dikast odds` computes and the options it takes: the command line lists
/// the kinds in the help of its `KIND` and adds the options at run time, so no game's
/// words are written in the core. Every option given reaches the game as a key of the
/// `Ask`; a game refuses the keys it does not know.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Offer {
    /// What the command does, in the game's words (the first game's is the command's
    /// help).
    pub about: &'static str,
    /// Each kind with a line saying what it is.
    pub kinds: &'static [(&'static str, &'static str)],
    /// The options, in the order the help lists them. An option two games take is listed
    /// once, with the first game's help text.
    pub options: &'static [Opt],
}

impl Offer {
    /// A game without odds.
    pub const NONE: Offer = Offer {
        about: "",
        kinds: &[],
        options: &[],
    };
}

/// One option of a game's odds (`--attacker`): its long name, what it takes and its help.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Opt {
    /// The long name without `--`, which is also its key in the `Ask`.
    pub name: &'static str,
    /// What its value is called in the help (`ATTACKER` in `--attacker <ATTACKER>`);
    /// unused for a flag.
    pub value: &'static str,
    pub takes: Takes,
    pub help: &'static str,
}

/// What an odds option takes on the command line, and what its key holds in the `Ask`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Takes {
    /// No value: the key is `true` when given.
    Flag,
    /// One whole number (at most once).
    Number,
    /// One word (at most once).
    Word,
    /// Words separated by commas, the option repeatable: one key per word, in order.
    List,
}

/// The most outcomes (ends of the combat, every block's steps and place) the joint table
/// lists whole (`--json --joint`): past it the command refuses and says so. The winners
/// and every block's fate need no joint table and have no such bound.
pub const MAX_JOINT: usize = 100_000;

/// A question as the command line asked it, in no game's words: the kind and every
/// option given, as key/value pairs in the order typed (`attacker` once per block,
/// `no-double-defence` = `true`, each `--with KEY=VALUE` as its own pair). Each game
/// reads the keys it knows and refuses the others (`Rules::odds_of`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Ask {
    pub kind: String,
    pub args: Vec<(String, String)>,
    /// How many outcomes of the joint table to list, most likely first: the table's
    /// `--top`, 0 for `--json`, `None` for `--json --joint`.
    pub listed: Option<usize>,
}

impl Ask {
    /// The last value given for `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.args
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Every value given for `key`, in order.
    pub fn all(&self, key: &str) -> Vec<&str> {
        self.args
            .iter()
            .filter(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// The first key not in `known`, if any.
    pub fn unknown<'a>(&'a self, known: &[&str]) -> Option<&'a str> {
        self.args
            .iter()
            .map(|(k, _)| k.as_str())
            .find(|k| !known.contains(k))
    }
}

/// One block in the combat, as it starts.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct BlockIn {
    pub id: String,
    pub side: String,
    pub steps: u32,
    /// How it fights, in the game's words (`B2`, `A2 (garrison, hit last)`).
    pub rating: String,
}

/// One possible end of the combat, with its exact probability.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub p: Prob,
    /// The side that won, `None` when nobody did (both stay; an attrition the city
    /// survives).
    pub winner: Option<String>,
    /// Steps left per block, in `Odds::blocks` order.
    pub steps: Vec<u32>,
    /// Whether the block must leave the battle's place (routed or withdrawn), per block.
    pub out: Vec<bool>,
}

/// The answer: every end of the combat and its probability (they sum to exactly 1).
#[derive(Debug, Clone, PartialEq)]
pub struct Odds {
    /// `Assault on Plataea (8.1)`.
    pub title: String,
    /// The rules in force, one line each (rounds, double defence, hit numbers, ...).
    pub notes: Vec<String>,
    /// The sides in the combat, the attacker first.
    pub sides: Vec<String>,
    pub blocks: Vec<BlockIn>,
    /// The probability of each winner (`None`: nobody), in side order then nobody.
    pub winners: Vec<(Option<String>, Prob)>,
    /// Each block's fate, in `blocks` order.
    pub fates: Vec<Fate>,
    /// How many outcomes the combat has (the joint table's rows); 0 when the joint table
    /// was not computed (the winners and fates need none).
    pub outcome_count: usize,
    /// The outcomes listed (`Ask::listed`), most likely first.
    pub outcomes: Vec<Outcome>,
    /// What a block leaving the place means here (`routed or withdrawn: retreats`).
    pub out_means: String,
}

/// One block's fate: the chance it is eliminated, that it must leave the place (routed or
/// withdrawn, not eliminated), the mean steps it loses, and the chance of each number of
/// steps it keeps (index: steps left).
#[derive(Debug, Clone, PartialEq)]
pub struct Fate {
    pub eliminated: Prob,
    pub out: Prob,
    pub lost_mean: Prob,
    pub steps_left: Vec<Prob>,
}

/// One end of a combat as a game computes it: the winner (`None`: nobody), and per block
/// (in `Odds::blocks` order) its steps left and whether it must leave the place.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct End {
    pub winner: Option<String>,
    pub steps: Vec<u32>,
    pub out: Vec<bool>,
}

/// What the answer says besides the numbers: its title, the rules in force, the sides
/// (attacker first), the blocks, and what leaving the place means there.
pub struct Frame {
    pub title: String,
    pub notes: Vec<String>,
    pub sides: Vec<String>,
    pub blocks: Vec<BlockIn>,
    pub out_means: String,
}

/// The sums an answer is made of, each an integer over `den` (a game's common
/// denominator, a power of 6 for dice): per winner (the sides in order, then nobody) and
/// per block and number of steps left, the chance it stays and the chance it leaves the
/// place; and the joint table of every end when it was computed.
#[derive(Debug, Clone, PartialEq)]
pub struct Tally {
    pub den: BigUint,
    pub winners: Vec<BigUint>,
    pub fates: Vec<Vec<[BigUint; 2]>>,
    pub ends: Option<Vec<(End, BigUint)>>,
}

impl Tally {
    /// The sums of a joint table: every end with its numerator over `den`; `steps` are
    /// the blocks' steps at the start.
    pub fn of_ends(
        sides: &[String],
        steps: &[u32],
        ends: Vec<(End, BigUint)>,
        den: BigUint,
    ) -> Tally {
        let mut winners = vec![BigUint::zero(); sides.len() + 1];
        let mut fates: Vec<Vec<[BigUint; 2]>> = steps
            .iter()
            .map(|s| vec![[BigUint::zero(), BigUint::zero()]; *s as usize + 1])
            .collect();
        for (e, n) in &ends {
            let w = e
                .winner
                .as_ref()
                .and_then(|w| sides.iter().position(|s| s == w))
                .unwrap_or(sides.len());
            winners[w] += n;
            for (i, f) in fates.iter_mut().enumerate() {
                if let Some(x) = f.get_mut(e.steps[i] as usize) {
                    x[usize::from(e.out[i])] += n;
                }
            }
        }
        Tally {
            den,
            winners,
            fates,
            ends: Some(ends),
        }
    }
}

impl Tally {
    /// A mixture: each tally weighed `w / over` (the weights sum to `over`), as when one
    /// die first decides which of two combats is fought (a card's die that takes a
    /// rule away, or not). Exact; the ends of the joint tables, where every part has
    /// one, are merged.
    pub fn mix(parts: Vec<(Tally, u64)>, over: u64) -> Tally {
        let most = parts
            .iter()
            .map(|(t, _)| t.den.clone())
            .max()
            .unwrap_or_default();
        // One denominator: the largest when every other divides it (powers of 6 do).
        let common = if parts.iter().all(|(t, _)| (&most % &t.den).is_zero()) {
            most
        } else {
            parts.iter().fold(BigUint::one(), |a, (t, _)| a * &t.den)
        };
        let mut winners: Vec<BigUint> = Vec::new();
        let mut fates: Vec<Vec<[BigUint; 2]>> = Vec::new();
        let mut ends: Option<BTreeMap<End, BigUint>> = Some(BTreeMap::new());
        for (t, w) in parts {
            let k = &common / &t.den * BigUint::from(w);
            winners.resize(winners.len().max(t.winners.len()), BigUint::zero());
            for (a, b) in winners.iter_mut().zip(&t.winners) {
                *a += b * &k;
            }
            fates.resize(fates.len().max(t.fates.len()), Vec::new());
            for (a, b) in fates.iter_mut().zip(&t.fates) {
                a.resize(a.len().max(b.len()), [BigUint::zero(), BigUint::zero()]);
                for (x, y) in a.iter_mut().zip(b) {
                    x[0] += &y[0] * &k;
                    x[1] += &y[1] * &k;
                }
            }
            match (&mut ends, t.ends) {
                (Some(m), Some(e)) => {
                    for (end, n) in e {
                        *m.entry(end).or_default() += n * &k;
                    }
                }
                _ => ends = None,
            }
        }
        Tally {
            den: common * BigUint::from(over),
            winners,
            fates,
            ends: ends.map(|m| m.into_iter().collect()),
        }
    }
}

/// The ways `n` dice split among classes of faces, `faces[k]` faces of six in class `k`:
/// each split (how many dice in each class) with its exact probability, the multinomial
/// `n! / (n_1! … n_m!) · Π (faces_k / 6)^(n_k)`. Classes with no face are skipped.
pub fn splits(n: u32, faces: &[u32]) -> Vec<(Vec<u32>, Prob)> {
    let sides: u32 = faces.iter().sum();
    let mut out = Vec::new();
    let mut cur = vec![0u32; faces.len()];
    fn rec(
        k: usize,
        left: u32,
        faces: &[u32],
        sides: u32,
        n: u32,
        cur: &mut Vec<u32>,
        out: &mut Vec<(Vec<u32>, Prob)>,
    ) {
        if k + 1 == faces.len() {
            if left > 0 && faces[k] == 0 {
                return;
            }
            cur[k] = left;
            let mut coef = factorial(n);
            let mut num = BigInt::one();
            for (c, f) in cur.iter().zip(faces) {
                coef /= factorial(*c);
                num *= BigInt::from(*f).pow(*c);
            }
            let den = BigInt::from(sides).pow(n);
            out.push((cur.clone(), BigRational::new(coef * num, den)));
            return;
        }
        let most = if faces[k] == 0 { 0 } else { left };
        for c in 0..=most {
            cur[k] = c;
            rec(k + 1, left - c, faces, sides, n, cur, out);
        }
        cur[k] = 0;
    }
    if faces.is_empty() {
        return out;
    }
    rec(0, n, faces, sides, n, &mut cur, &mut out);
    out
}

fn factorial(n: u32) -> BigInt {
    (1..=n).fold(BigInt::one(), |a, k| a * BigInt::from(k))
}

/// Adds `p` to the probability of `key`.
pub fn add<K: Ord>(dist: &mut BTreeMap<K, Prob>, key: K, p: Prob) {
    let e = dist.entry(key).or_insert_with(Prob::zero);
    *e += p;
}

fn percent(p: &Prob) -> String {
    let f = p.to_f64().unwrap_or(0.0) * 100.0;
    format!("{f:.2}%")
}

fn exact(p: &Prob) -> String {
    if p.is_integer() {
        p.numer().to_string()
    } else {
        format!("{}/{}", p.numer(), p.denom())
    }
}

/// The words of an answer's table in one language: its headings (Markdown table heads;
/// `{out}` stands for the game's "out" column, `{n}` for a count), the winner of no
/// one, the mark of a block out of the place, and the decimal mark.
pub struct TableWords {
    pub pieces: &'static str,
    pub who_wins: &'static str,
    pub nobody: &'static str,
    pub each: &'static str,
    pub outcomes: &'static str,
    pub out: &'static str,
    pub not_listed: &'static str,
    pub decimal: &'static str,
}

impl TableWords {
    /// The table in English, the core's own.
    pub const EN: TableWords = TableWords {
        pieces: "| block | side | steps | rating |",
        who_wins: "## Who wins\n\n| winner | probability | exact |",
        nobody: "nobody",
        each: "## Each block\n\n| block | eliminated | {out} | steps lost (mean) |",
        outcomes: "## Outcomes ({n} in all; most likely first)\n\n| probability | exact | winner | steps left |",
        out: " out",
        not_listed: "({n} less likely outcomes not listed: `--json --joint` gives every one.)",
        decimal: ".",
    };
}

impl Odds {
    /// The answer from its sums, listing `listed` outcomes of the joint table (`None`:
    /// all, at most `MAX_JOINT`; the tally must hold the table unless `Some(0)`). Exact:
    /// sums are of integers over one denominator, and only the figures shown become
    /// fractions. Outcomes are sorted most likely first, ties by winner, then steps,
    /// then who leaves (a total order).
    pub fn from_tally(frame: Frame, tally: Tally, listed: Option<usize>) -> Result<Odds, String> {
        let Frame {
            title,
            notes,
            sides,
            blocks,
            out_means,
        } = frame;
        let Tally {
            den,
            winners: won,
            fates: sums,
            ends,
        } = tally;
        let ends = ends.unwrap_or_default();
        if listed.is_none() && ends.len() > MAX_JOINT {
            return Err(format!(
                "the joint table of this combat has {} outcomes, more than the {MAX_JOINT} `--joint` lists (MAX_JOINT); hint: leave out `--joint`: the winners and every block's fate are given whole without it",
                ends.len()
            ));
        }
        let frac =
            |n: &BigUint| BigRational::new(BigInt::from(n.clone()), BigInt::from(den.clone()));
        let mut winners: Vec<(Option<String>, Prob)> = sides
            .iter()
            .cloned()
            .map(Some)
            .zip(&won)
            .map(|(s, n)| (s, frac(n)))
            .collect();
        winners.push((None, won.get(sides.len()).map_or_else(Prob::zero, &frac)));
        let fates = blocks
            .iter()
            .zip(&sums)
            .map(|(b, by)| {
                let mut out = BigUint::zero();
                let mut lost = BigUint::zero();
                for (s, [stay, leave]) in by.iter().enumerate() {
                    if s > 0 {
                        out += leave;
                    }
                    let l = b.steps.saturating_sub(s as u32);
                    lost += (stay + leave) * BigUint::from(l);
                }
                let both = |x: &[BigUint; 2]| frac(&(&x[0] + &x[1]));
                Fate {
                    eliminated: by.first().map_or_else(Prob::zero, both),
                    out: frac(&out),
                    lost_mean: frac(&lost),
                    steps_left: by.iter().map(both).collect(),
                }
            })
            .collect();
        let outcome_count = ends.len();
        let mut ends = ends;
        let keep = listed.unwrap_or(outcome_count).min(outcome_count);
        let order =
            |a: &(End, BigUint), b: &(End, BigUint)| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0));
        if keep == 0 {
            ends.clear();
        } else if keep < outcome_count {
            ends.select_nth_unstable_by(keep - 1, order);
            ends.truncate(keep);
        }
        ends.sort_by(order);
        let outcomes = ends
            .into_iter()
            .map(|(e, n)| Outcome {
                p: frac(&n),
                winner: e.winner,
                steps: e.steps,
                out: e.out,
            })
            .collect();
        Ok(Odds {
            title,
            notes,
            sides,
            blocks,
            winners,
            fates,
            outcome_count,
            outcomes,
            out_means,
        })
    }

    /// The probability of each winner (`None`: nobody), in side order then nobody.
    pub fn winners(&self) -> Vec<(Option<String>, Prob)> {
        self.winners.clone()
    }

    /// Per block: P(eliminated), P(out of the place), the expected steps lost.
    pub fn per_block(&self) -> Vec<(Prob, Prob, Prob)> {
        self.fates
            .iter()
            .map(|f| (f.eliminated.clone(), f.out.clone(), f.lost_mean.clone()))
            .collect()
    }

    /// The answer as a table for a terminal or a mail (Markdown tables), at most `top`
    /// outcomes listed, in English.
    pub fn table(&self, top: usize) -> String {
        self.table_in(top, &TableWords::EN)
    }

    /// The answer as a table in the words `w` (headings, "nobody", the decimal mark):
    /// the same rows and figures in every language.
    pub fn table_in(&self, top: usize, w: &TableWords) -> String {
        let decimal = |t: String| t.replace('.', w.decimal);
        let pct = |p: &Prob| decimal(percent(p));
        let mut s = format!("# {}\n\n", self.title);
        for n in &self.notes {
            s.push_str(&format!("- {n}\n"));
        }
        s.push_str(&format!("\n{}\n|---|---|---|---|\n", w.pieces));
        for b in &self.blocks {
            s.push_str(&format!(
                "| {} | {} | {} | {} |\n",
                b.id, b.side, b.steps, b.rating
            ));
        }
        s.push_str(&format!("\n{}\n|---|---|---|\n", w.who_wins));
        for (win, p) in self.winners() {
            if win.is_none() && p.is_zero() {
                continue;
            }
            s.push_str(&format!(
                "| {} | {} | {} |\n",
                win.as_deref().unwrap_or(w.nobody),
                pct(&p),
                exact(&p)
            ));
        }
        s.push_str(&format!(
            "\n{}\n|---|---|---|---|\n",
            w.each.replace("{out}", &self.out_means)
        ));
        for (b, (e, o, l)) in self.blocks.iter().zip(self.per_block()) {
            s.push_str(&format!(
                "| {} | {} | {} | {} |\n",
                b.id,
                pct(&e),
                pct(&o),
                decimal(format!("{:.3}", l.to_f64().unwrap_or(0.0)))
            ));
        }
        // The joint table only when it was computed (`--top N`).
        if self.outcomes.is_empty() || top == 0 {
            return s;
        }
        s.push_str(&format!(
            "\n{}\n|---|---|---|---|\n",
            w.outcomes.replace("{n}", &self.outcome_count.to_string())
        ));
        for o in self.outcomes.iter().take(top) {
            let left: Vec<String> = self
                .blocks
                .iter()
                .enumerate()
                .map(|(i, b)| {
                    let gone = o.out[i] && o.steps[i] > 0;
                    format!("{} {}{}", b.id, o.steps[i], if gone { w.out } else { "" })
                })
                .collect();
            s.push_str(&format!(
                "| {} | {} | {} | {} |\n",
                pct(&o.p),
                exact(&o.p),
                o.winner.as_deref().unwrap_or(w.nobody),
                left.join(", ")
            ));
        }
        let shown = self.outcomes.len().min(top);
        if self.outcome_count > shown {
            let n = (self.outcome_count - shown).to_string();
            s.push_str(&format!("\n{}\n", w.not_listed.replace("{n}", &n)));
        }
        s
    }

    /// The answer as JSON: the winners and each block's fate (the chance of each number
    /// of steps left, index = steps), each probability exact (`"n/d"`) and as a float;
    /// every outcome of the joint table only when all were listed (`--joint`).
    pub fn json(&self) -> serde_json::Value {
        let prob =
            |p: &Prob| serde_json::json!({"exact": exact(p), "approx": p.to_f64().unwrap_or(0.0)});
        let mut v = serde_json::json!({
            "title": self.title,
            "notes": self.notes,
            "sides": self.sides,
            "blocks": self.blocks.iter().zip(&self.fates).map(|(b, f)| serde_json::json!({
                "id": b.id, "side": b.side, "steps": b.steps, "rating": b.rating,
                "eliminated": prob(&f.eliminated), "out": prob(&f.out),
                "steps_lost_mean": prob(&f.lost_mean),
                "steps_left": f.steps_left.iter().map(prob).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "winners": self.winners.iter().map(|(w, p)| serde_json::json!({
                "winner": w, "p": prob(p),
            })).collect::<Vec<_>>(),
        });
        // The joint table only when it was computed (`--joint`; 0: not computed).
        if self.outcome_count > 0 {
            v["outcome_count"] = self.outcome_count.into();
        }
        if self.outcome_count > 0 && self.outcomes.len() == self.outcome_count {
            v["outcomes"] = self.outcomes.iter().map(|o| serde_json::json!({
                "p": prob(&o.p),
                "winner": o.winner,
                "steps": self.blocks.iter().zip(&o.steps).map(|(b, s)| (b.id.clone(), *s)).collect::<BTreeMap<_, _>>(),
                "out": self.blocks.iter().zip(&o.out).filter(|(_, x)| **x).map(|(b, _)| b.id.clone()).collect::<Vec<_>>(),
            })).collect::<Vec<_>>().into();
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_sum_to_one_and_match_the_binomial() {
        // Two classes of 1 and 5 faces, 3 dice: P(k hits) = C(3,k) 5^(3-k) / 216.
        let s = splits(3, &[1, 5]);
        let want = [(0, 125), (1, 75), (2, 15), (3, 1)];
        for (k, n) in want {
            let p = s.iter().find(|(c, _)| c[0] == k).unwrap().1.clone();
            assert_eq!(p, ratio(n, 216), "{k} hits");
        }
        let total = splits(4, &[2, 2, 2])
            .into_iter()
            .fold(Prob::zero(), |a, (_, p)| a + p);
        assert_eq!(total, Prob::one());
        // An empty class takes no dice.
        assert!(splits(3, &[3, 0, 3]).iter().all(|(c, _)| c[1] == 0));
    }
}
