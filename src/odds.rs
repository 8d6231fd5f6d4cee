//! `dikast odds`: exact odds of a piece of combat a player describes, as a table and as
//! JSON. A game computes them (`Rules::odds`) by stepping its own resolution code over
//! every result of every roll; this module holds what every game shares: the question
//! asked (`Query`), exact probabilities (`Prob`, big rationals: no rounding anywhere until
//! the percentages printed), the dice arithmetic (how `n` dice split among classes of
//! faces) and the answer's two renderings. Deterministic: outcomes are kept in `BTreeMap`
//! order and sorted by probability with a total order on ties.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};
use std::collections::BTreeMap;

/// An exact probability.
pub type Prob = BigRational;

/// `n / d` exactly.
pub fn ratio(n: u64, d: u64) -> Prob {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

/// What a player asks: the kind of combat and the two sides' blocks as he writes them (the
/// game reads the words: block ids from his view, or steps and rating).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Query {
    /// `battle`, `naval`, `assault`, `sortie`, `attrition` (a game may take others).
    pub kind: String,
    /// Where (a city for siege combat); the game's default when `None`.
    pub at: Option<String>,
    /// The attacking side (the besieger in an assault or an attrition, the besieged in a
    /// sortie); the game's default when `None`.
    pub side: Option<String>,
    pub attacker: Vec<String>,
    pub defender: Vec<String>,
    /// Rounds of a battle instead of the scenario's.
    pub rounds: Option<u32>,
    /// An attrition die at or below this is a hit, instead of the season's.
    pub hit_on: Option<u32>,
    /// An assault without double defence (8.1 Treachery).
    pub no_double_defence: bool,
}

/// A question as the command line asked it, in no game's words: the kind and every
/// option given, as key/value pairs in the order typed (`attacker` once per block,
/// `no-double-defence` = `true`, each `--with KEY=VALUE` as its own pair). Each game
/// reads the keys it knows and refuses the others (`Rules::odds_of`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Ask {
    pub kind: String,
    pub args: Vec<(String, String)>,
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

impl Query {
    /// The question as the games with block combat read it (`--attacker`, `--defender`,
    /// `--at`, `--side`, `--rounds`, `--hit-on`, `--no-double-defence`); any other key is
    /// refused.
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
        Ok(Query {
            kind: ask.kind.clone(),
            at: ask.get("at").map(str::to_string),
            side: ask.get("side").map(str::to_string),
            attacker: ask
                .all("attacker")
                .into_iter()
                .map(str::to_string)
                .collect(),
            defender: ask
                .all("defender")
                .into_iter()
                .map(str::to_string)
                .collect(),
            rounds: num("rounds")?,
            hit_on: num("hit-on")?,
            no_double_defence: ask.get("no-double-defence") == Some("true"),
        })
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
    /// Every outcome, most likely first.
    pub outcomes: Vec<Outcome>,
    /// What a block leaving the place means here (`routed or withdrawn: retreats`).
    pub out_means: String,
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

impl Odds {
    /// The outcomes sorted most likely first (ties: by winner, then steps; a total order).
    pub fn sort(&mut self) {
        self.outcomes.sort_by(|a, b| {
            b.p.cmp(&a.p)
                .then_with(|| a.winner.cmp(&b.winner))
                .then_with(|| a.steps.cmp(&b.steps))
                .then_with(|| a.out.cmp(&b.out))
        });
    }

    /// The probability of each winner (`None`: nobody), in side order then nobody.
    pub fn winners(&self) -> Vec<(Option<String>, Prob)> {
        let mut sides: Vec<Option<String>> = self.sides.iter().cloned().map(Some).collect();
        sides.push(None);
        sides
            .into_iter()
            .map(|w| {
                let p = self
                    .outcomes
                    .iter()
                    .filter(|o| o.winner == w)
                    .fold(Prob::zero(), |a, o| a + &o.p);
                (w, p)
            })
            .collect()
    }

    /// Per block: P(eliminated), P(out of the place), the expected steps lost.
    pub fn per_block(&self) -> Vec<(Prob, Prob, Prob)> {
        (0..self.blocks.len())
            .map(|i| {
                let mut elim = Prob::zero();
                let mut out = Prob::zero();
                let mut lost = Prob::zero();
                for o in &self.outcomes {
                    if o.steps[i] == 0 {
                        elim += &o.p;
                    } else if o.out[i] {
                        out += &o.p;
                    }
                    let l = self.blocks[i].steps.saturating_sub(o.steps[i]);
                    lost += &o.p * BigInt::from(l);
                }
                (elim, out, lost)
            })
            .collect()
    }

    /// The answer as a table for a terminal or a mail (Markdown tables), at most `top`
    /// outcomes listed.
    pub fn table(&self, top: usize) -> String {
        let mut s = format!("# {}\n\n", self.title);
        for n in &self.notes {
            s.push_str(&format!("- {n}\n"));
        }
        s.push_str("\n| block | side | steps | rating |\n|---|---|---|---|\n");
        for b in &self.blocks {
            s.push_str(&format!(
                "| {} | {} | {} | {} |\n",
                b.id, b.side, b.steps, b.rating
            ));
        }
        s.push_str("\n## Who wins\n\n| winner | probability | exact |\n|---|---|---|\n");
        for (w, p) in self.winners() {
            if w.is_none() && p.is_zero() {
                continue;
            }
            s.push_str(&format!(
                "| {} | {} | {} |\n",
                w.as_deref().unwrap_or("nobody"),
                percent(&p),
                exact(&p)
            ));
        }
        s.push_str(&format!(
            "\n## Each block\n\n| block | eliminated | {} | steps lost (mean) |\n|---|---|---|---|\n",
            self.out_means
        ));
        for (b, (e, o, l)) in self.blocks.iter().zip(self.per_block()) {
            s.push_str(&format!(
                "| {} | {} | {} | {:.3} |\n",
                b.id,
                percent(&e),
                percent(&o),
                l.to_f64().unwrap_or(0.0)
            ));
        }
        s.push_str(&format!(
            "\n## Outcomes ({} in all; most likely first)\n\n| probability | exact | winner | steps left |\n|---|---|---|---|\n",
            self.outcomes.len()
        ));
        for o in self.outcomes.iter().take(top) {
            let left: Vec<String> = self
                .blocks
                .iter()
                .enumerate()
                .map(|(i, b)| {
                    format!(
                        "{} {}{}",
                        b.id,
                        o.steps[i],
                        if o.out[i] && o.steps[i] > 0 {
                            " out"
                        } else {
                            ""
                        }
                    )
                })
                .collect();
            s.push_str(&format!(
                "| {} | {} | {} | {} |\n",
                percent(&o.p),
                exact(&o.p),
                o.winner.as_deref().unwrap_or("nobody"),
                left.join(", ")
            ));
        }
        if self.outcomes.len() > top {
            s.push_str(&format!(
                "\n({} less likely outcomes not listed: `--json` gives every one.)\n",
                self.outcomes.len() - top
            ));
        }
        s
    }

    /// The answer as JSON: every outcome, each probability exact (`"n/d"`) and as a float.
    pub fn json(&self) -> serde_json::Value {
        let prob =
            |p: &Prob| serde_json::json!({"exact": exact(p), "approx": p.to_f64().unwrap_or(0.0)});
        let per = self.per_block();
        serde_json::json!({
            "title": self.title,
            "notes": self.notes,
            "sides": self.sides,
            "blocks": self.blocks.iter().zip(per.iter()).map(|(b, (e, o, l))| serde_json::json!({
                "id": b.id, "side": b.side, "steps": b.steps, "rating": b.rating,
                "eliminated": prob(e), "out": prob(o), "steps_lost_mean": prob(l),
            })).collect::<Vec<_>>(),
            "winners": self.winners().iter().map(|(w, p)| serde_json::json!({
                "winner": w, "p": prob(p),
            })).collect::<Vec<_>>(),
            "outcomes": self.outcomes.iter().map(|o| serde_json::json!({
                "p": prob(&o.p),
                "winner": o.winner,
                "steps": self.blocks.iter().zip(&o.steps).map(|(b, s)| (b.id.clone(), *s)).collect::<BTreeMap<_, _>>(),
                "out": self.blocks.iter().zip(&o.out).filter(|(_, x)| **x).map(|(b, _)| b.id.clone()).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
        })
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
