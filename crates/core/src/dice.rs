//! The dice protocol `dikast-dice/v1` (shared/spec/dice.md), normative and exact.
//!
//! Every random value in a campaign comes from here: the open and sealed seed chains,
//! the turn key, one ChaCha20 stream per labelled event, `below(n)` by rejection,
//! dice, shuffles and pool draws. Nothing here touches the clock or the OS; the only
//! OS randomness in dikast draws the chain heads in `campaign::new`.

use chacha20::cipher::{KeyIvInit, StreamCipher};
use chacha20::ChaCha20;
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, VecDeque};

/// The protocol name written into game files and reports.
pub const PROTOCOL: &str = "dikast-dice/v1";
/// The default chain length N (dice.md §1).
pub const DEFAULT_CHAIN_LENGTH: u32 = 4096;

/// A SHA-256 value.
pub type Hash = [u8; 32];

/// `H(x)`.
pub fn sha256(data: &[u8]) -> Hash {
    Sha256::digest(data).into()
}

/// Lower-case hex of any bytes.
pub fn to_hex(bytes: &[u8]) -> String {
    hex::encode(bytes)
}

/// Parses 64 hex digits into a hash; `None` for anything else.
pub fn parse_hash(text: &str) -> Option<Hash> {
    let t = text.trim();
    if t.len() != 64 {
        return None;
    }
    let mut out = [0u8; 32];
    hex::decode_to_slice(t, &mut out).ok()?;
    Some(out)
}

fn domain_hash(domain: &str, parts: &[&[u8]]) -> Hash {
    let mut h = Sha256::new();
    h.update(domain.as_bytes());
    for p in parts {
        h.update(p);
    }
    h.finalize().into()
}

/// `lp(x) = u32be(len(x)) ‖ x`.
fn lp(x: &[u8]) -> Vec<u8> {
    let mut v = Vec::with_capacity(4 + x.len());
    v.extend_from_slice(&(x.len() as u32).to_be_bytes());
    v.extend_from_slice(x);
    v
}

/// The two seed chains of §1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chain {
    /// The open chain: `s_(t-1) = H("dikast/v1/chain" ‖ s_t)`.
    Open,
    /// The sealed chain: `u_(t-1) = H("dikast/v1/seal" ‖ u_t)`.
    Sealed,
}

impl Chain {
    fn domain(self) -> &'static str {
        match self {
            Chain::Open => "dikast/v1/chain",
            Chain::Sealed => "dikast/v1/seal",
        }
    }

    /// One step down the chain: the value before `x`.
    pub fn prev(self, x: &Hash) -> Hash {
        domain_hash(self.domain(), &[x])
    }

    /// `x` hashed `steps` times.
    pub fn walk(self, x: &Hash, steps: u32) -> Hash {
        let mut v = *x;
        for _ in 0..steps {
            v = self.prev(&v);
        }
        v
    }

    /// The value for turn `t` from the head (turn `n`); `None` when the chain has run out.
    pub fn at(self, head: &Hash, n: u32, t: u32) -> Option<Hash> {
        if t > n {
            return None;
        }
        Some(self.walk(head, n - t))
    }
}

/// The name of the reseeding rule of docs/dice.md ("A turn adjudicated again"): the turn
/// key and events are `dikast-dice/v1`'s; only where the seed of a redone turn comes from
/// is new.
pub const RESEED_RULE: &str = "dikast-reseed/1";

/// The head of the open chain that replaces the campaign's from turn `turn` on, when an
/// undo retires `retired`, the seed of turn `turn` its voided adjudication revealed:
/// `h = H("dikast/v1/reseed" ‖ s_N ‖ u32be(turn) ‖ retired)`. Only the holder of the
/// campaign's open head `s_N` can compute it (no player can foresee the new seed), it
/// needs no new secret, and a seed retired once can never come back: every retired seed
/// gives its own head. Turn t's new seed is `Chain::Open.at(h, N, t)`.
pub fn reseed_head(open_head: &Hash, turn: u32, retired: &Hash) -> Hash {
    domain_hash(
        "dikast/v1/reseed",
        &[open_head, &turn.to_be_bytes(), retired],
    )
}

/// One side's contribution to the turn key: its id and `H(orders bytes)`, if it sent any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideOrders {
    pub side: String,
    pub orders_sha256: Option<Hash>,
}

/// `K_t` (§2). `sides` must be in the scenario's fixed side order.
pub fn turn_key(
    game_id: &str,
    turn: u32,
    seed: &Hash,
    game_sha256: &Hash,
    sides: &[SideOrders],
) -> Hash {
    let mut h = Sha256::new();
    h.update(b"dikast/v1/turn");
    h.update(lp(game_id.as_bytes()));
    h.update(turn.to_be_bytes());
    h.update(seed);
    h.update(game_sha256);
    for s in sides {
        h.update(lp(s.side.as_bytes()));
        h.update(s.orders_sha256.unwrap_or([0u8; 32]));
    }
    h.finalize().into()
}

/// `k_e` of an open event (§3).
pub fn event_key(turn_key: &Hash, label: &str) -> Hash {
    domain_hash("dikast/v1/event", &[turn_key, &lp(label.as_bytes())])
}

/// `k_e` of a sealed event (§3).
pub fn sealed_event_key(turn_key: &Hash, sealed_seed: &Hash, label: &str) -> Hash {
    domain_hash(
        "dikast/v1/sealed",
        &[turn_key, sealed_seed, &lp(label.as_bytes())],
    )
}

/// The ChaCha20 keystream of one event, read a byte at a time.
pub struct KeyStream {
    cipher: ChaCha20,
    block: [u8; 64],
    used: usize,
}

impl KeyStream {
    pub fn new(event_key: &Hash) -> KeyStream {
        let nonce = [0u8; 12];
        KeyStream {
            cipher: ChaCha20::new(event_key.into(), &nonce.into()),
            block: [0; 64],
            used: 64,
        }
    }

    pub fn next_byte(&mut self) -> u8 {
        if self.used == 64 {
            self.block = [0; 64];
            self.cipher.apply_keystream(&mut self.block);
            self.used = 0;
        }
        let b = self.block[self.used];
        self.used += 1;
        b
    }
}

/// Where an event's values come from: the protocol, or a test case's forced values
/// (each forced value is the result of one draw: a die's face, or a `below` value).
pub enum Source {
    Protocol(KeyStream),
    /// Forced values first; once they run out, the protocol stream takes over.
    Forced(VecDeque<u32>, KeyStream),
}

/// One value drawn from a stream: `below(n)` gave `value` (a die's face is `value + 1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Draw {
    pub n: u32,
    pub value: u32,
}

/// One labelled random event's values, recorded as they are drawn.
pub struct Stream {
    pub label: String,
    pub sealed: bool,
    source: Source,
    /// Every value drawn, in order, for the reports.
    pub drawn: Vec<Draw>,
}

impl Stream {
    pub fn new(label: &str, sealed: bool, source: Source) -> Stream {
        Stream {
            label: label.to_string(),
            sealed,
            source,
            drawn: Vec::new(),
        }
    }

    fn raw_below(ks: &mut KeyStream, n: u32) -> u32 {
        assert!((1..=256).contains(&n), "below(n) needs 1 <= n <= 256");
        let limit = 256 - (256 % n);
        loop {
            let b = ks.next_byte() as u32;
            if b < limit {
                return b % n;
            }
        }
    }

    /// `below(n)` (§4), for 1 ≤ n ≤ 256.
    pub fn below(&mut self, n: u32) -> u32 {
        let v = match &mut self.source {
            Source::Protocol(ks) => Self::raw_below(ks, n),
            Source::Forced(q, ks) => match q.pop_front() {
                Some(v) => v.min(n - 1),
                None => Self::raw_below(ks, n),
            },
        };
        self.drawn.push(Draw { n, value: v });
        v
    }

    /// A die with `sides` sides: `below(sides) + 1`. Forced values are faces.
    pub fn die(&mut self, sides: u32) -> u32 {
        let v = match &mut self.source {
            Source::Protocol(ks) => Self::raw_below(ks, sides) + 1,
            Source::Forced(q, ks) => match q.pop_front() {
                Some(v) => v.clamp(1, sides),
                None => Self::raw_below(ks, sides) + 1,
            },
        };
        self.drawn.push(Draw {
            n: sides,
            value: v - 1,
        });
        v
    }

    /// Writes `count` dice of `sides` faces, space-separated and ended by a newline, as
    /// they are drawn (`dikast dice --count`): the same draws as `die`, but nothing is
    /// kept, so memory stays flat whatever the count. Buffer `out` yourself.
    pub fn write_dice<W: std::io::Write>(
        &mut self,
        out: &mut W,
        count: u64,
        sides: u32,
    ) -> std::io::Result<()> {
        let mut line = Vec::with_capacity(64 * 1024);
        for i in 0..count {
            let v = self.die(sides);
            if self.drawn.len() >= 4096 {
                self.drawn.clear();
            }
            if i > 0 {
                line.push(b' ');
            }
            // At most three digits: sides <= 256.
            if v >= 100 {
                line.push(b'0' + (v / 100) as u8);
            }
            if v >= 10 {
                line.push(b'0' + (v / 10 % 10) as u8);
            }
            line.push(b'0' + (v % 10) as u8);
            if line.len() >= 60 * 1024 {
                out.write_all(&line)?;
                line.clear();
            }
        }
        line.push(b'\n');
        out.write_all(&line)?;
        self.drawn.clear();
        Ok(())
    }

    /// `count` six-sided dice.
    pub fn d6s(&mut self, count: u32) -> Vec<u32> {
        (0..count).map(|_| self.die(6)).collect()
    }

    /// Fisher–Yates from the end (§4) on a list already in canonical order.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// A draw from a pool in canonical order: the index drawn (§4).
    pub fn draw(&mut self, len: usize) -> usize {
        self.below(len as u32) as usize
    }

    /// What the reports keep of this event.
    pub fn record(&self, shown_to: Shown) -> DiceRecord {
        DiceRecord {
            label: self.label.clone(),
            sealed: self.sealed,
            draws: self.drawn.clone(),
            shown_to: if self.sealed {
                Shown::Moderator
            } else {
                shown_to
            },
        }
    }
}

/// Who may see an event's values in their report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shown {
    /// Every side.
    All,
    /// These sides (and the moderator).
    Sides(Vec<String>),
    /// The moderator alone (sealed events, until the campaign is published).
    Moderator,
}

impl Shown {
    pub fn to(&self, side: Option<&str>) -> bool {
        match (self, side) {
            (_, None) => true,
            (Shown::All, Some(_)) => true,
            (Shown::Sides(v), Some(s)) => v.iter().any(|x| x == s),
            (Shown::Moderator, Some(_)) => false,
        }
    }
}

/// A drawn event as the reports list it (dice.md §5): label and values in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiceRecord {
    pub label: String,
    pub sealed: bool,
    pub draws: Vec<Draw>,
    pub shown_to: Shown,
}

/// Replays a record's draws from a stream: the values the protocol gives for the same
/// label and the same sequence of ranges. Used by `verify`.
pub fn replay(stream: &mut Stream, draws: &[Draw]) -> Vec<Draw> {
    for d in draws {
        stream.below(d.n);
    }
    stream.drawn.clone()
}

/// Everything needed to open the streams of one turn, and a log of those opened.
pub struct TurnDice {
    pub turn_key: Hash,
    sealed_seed: Option<Hash>,
    forced: BTreeMap<String, Vec<u32>>,
    /// Set when a sealed event was drawn without `u_t` (a re-run by someone who does not
    /// hold it): its values are placeholders and the outputs cannot be compared.
    sealed_missing: std::cell::Cell<bool>,
}

impl TurnDice {
    /// `sealed_seed` is `u_t`; without it sealed events cannot be drawn (a player's check).
    pub fn new(turn_key: Hash, sealed_seed: Option<Hash>) -> TurnDice {
        TurnDice {
            turn_key,
            sealed_seed,
            forced: BTreeMap::new(),
            sealed_missing: std::cell::Cell::new(false),
        }
    }

    /// Test cases force the values of named events.
    pub fn with_forced(mut self, forced: BTreeMap<String, Vec<u32>>) -> TurnDice {
        self.forced = forced;
        self
    }

    fn source(&self, key: Hash, label: &str) -> Source {
        let ks = KeyStream::new(&key);
        match self.forced.get(label) {
            Some(v) => Source::Forced(v.iter().copied().collect(), ks),
            None => Source::Protocol(ks),
        }
    }

    /// Whether a sealed event was drawn without `u_t`.
    pub fn sealed_missing(&self) -> bool {
        self.sealed_missing.get()
    }

    /// The stream of an open event.
    pub fn open(&self, label: &str) -> Stream {
        let key = event_key(&self.turn_key, label);
        Stream::new(label, false, self.source(key, label))
    }

    /// The stream of a sealed event. Without `u_t` it draws placeholder values and
    /// remembers that it did (`sealed_missing`).
    pub fn sealed(&self, label: &str) -> Stream {
        let u = self.sealed_seed.unwrap_or_else(|| {
            self.sealed_missing.set(true);
            [0u8; 32]
        });
        let key = sealed_event_key(&self.turn_key, &u, label);
        Stream::new(label, true, self.source(key, label))
    }
}

/// An event label (§3) as data: its parts, joined by `:` (`siege:Plataea:assault`), and
/// the re-roll it is, if any (`#reroll-<n>`). Games build their labels with it and read
/// them back with `parse`, instead of `format!`-ing and splitting strings in many places.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Label {
    pub parts: Vec<String>,
    /// `Some(n)`: the n-th re-roll of the event (`<label>#reroll-<n>`).
    pub reroll: Option<u32>,
}

impl Label {
    pub fn new<I, S>(parts: I) -> Label
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Label {
            parts: parts.into_iter().map(Into::into).collect(),
            reroll: None,
        }
    }

    /// The n-th re-roll of this event.
    pub fn reroll(&self, n: u32) -> Label {
        Label {
            parts: self.parts.clone(),
            reroll: Some(n),
        }
    }

    /// A label's text read back (`None` for an empty one or a bad re-roll suffix).
    pub fn parse(text: &str) -> Option<Label> {
        let (base, reroll) = match text.split_once("#reroll-") {
            Some((b, n)) => (b, Some(n.parse().ok()?)),
            None => (text, None),
        };
        if base.is_empty() {
            return None;
        }
        Some(Label {
            parts: base.split(':').map(String::from).collect(),
            reroll,
        })
    }

    /// The parts as `&str`, for matching (`["siege", city, "assault"]`).
    pub fn words(&self) -> Vec<&str> {
        self.parts.iter().map(String::as_str).collect()
    }

    /// Whether a pattern written by a player matches this label: `*` stands for any
    /// text, any case (`battle:*`, `siege:*:assault`).
    pub fn matches(&self, pattern: &str) -> bool {
        label_matches(pattern, &self.to_string())
    }
}

impl std::fmt::Display for Label {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.parts.join(":"))?;
        if let Some(n) = self.reroll {
            write!(f, "#reroll-{n}")?;
        }
        Ok(())
    }
}

/// Whether a label pattern matches a label: `*` stands for any text, any case.
pub fn label_matches(pattern: &str, label: &str) -> bool {
    let p: Vec<char> = pattern.trim().to_lowercase().chars().collect();
    let l: Vec<char> = label.to_lowercase().chars().collect();
    // Iterative glob with one backtrack point per star.
    let (mut i, mut j, mut star, mut mark) = (0, 0, None, 0);
    while j < l.len() {
        if i < p.len() && p[i] != '*' && p[i] == l[j] {
            i += 1;
            j += 1;
        } else if i < p.len() && p[i] == '*' {
            star = Some(i);
            mark = j;
            i += 1;
        } else if let Some(s) = star {
            i = s + 1;
            mark += 1;
            j = mark;
        } else {
            return false;
        }
    }
    while i < p.len() && p[i] == '*' {
        i += 1;
    }
    i == p.len()
}

#[cfg(test)]
mod label_tests {
    use super::*;

    #[test]
    fn labels_round_trip_and_match() {
        let l = Label::new(["siege", "Plataea", "assault"]);
        assert_eq!(l.to_string(), "siege:Plataea:assault");
        assert_eq!(l.reroll(2).to_string(), "siege:Plataea:assault#reroll-2");
        assert_eq!(
            Label::parse("siege:Plataea:assault#reroll-2"),
            Some(l.reroll(2))
        );
        assert_eq!(Label::parse("x#reroll-z"), None);
        assert!(l.matches("SIEGE:*:assault"));
        assert!(!l.matches("battle:*"));
        assert!(label_matches("*", ""));
        assert!(label_matches("a*b*c", "axxbyyc"));
        assert!(!label_matches("a*b", "ac"));
    }
}
