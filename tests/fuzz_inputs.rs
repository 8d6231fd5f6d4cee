//! Mutation fuzzing of what players and moderators hand dikast: "bad input never hurts",
//! proved beyond the hand-written catalogue of `tests/bad-inputs/`.
//!
//! Seeds: every orders file of `orders-examples/` (the demo's turns and the siege
//! example, played through a real campaign so each has the game file it was written
//! for) and every `in/orders/*.yaml` of `tests/cases/hellenes/**` with its case's game
//! file. A fixed-seed PRNG (splitmix64; no OS randomness, no clock) makes thousands of
//! mutants of them: byte flips, deletions, insertions, duplicated ranges, swapped lines,
//! changed indentation and line ends (CRLF, CR only, U+2028, NEL), scalars replaced by
//! long text, numbers, lists, mappings, null, a 10 000-character token, Unicode of every
//! awkward kind (Greek, Cyrillic, emoji, RTL, combining marks, NUL, BOM), near-miss and
//! other sides' ids and places, duplicated keys, deep nesting, anchors and tags, and
//! every file truncated at every Nth byte.
//!
//! For each mutant, checked in-process against its side's view
//! (`pipeline::check_orders`, as `check` and `adjudicate` do):
//! - no panic (each call runs under `catch_unwind`);
//! - the orders are accepted, or every diagnostic has a code and a message, and a span
//!   (when it has one) inside its file on char boundaries;
//! - `Diagnostic::render` does not panic and prints the `[file:line:col]` that
//!   `SourceFile::line_col` gives;
//! - leaks: a diagnostic for side X names no enemy block or card X's view hides unless X
//!   wrote it himself; a mutant naming hidden id `a` and its twin naming hidden id `b`
//!   get the same codes, places and messages; and a *shadow* game (the enemy's blocks
//!   shuffled among their places, his hand swapped with the deck) gives X the same view
//!   and, for a sample of mutants, the same diagnostics byte for byte.
//!
//! Some accepted mutants are adjudicated (`run_turn`), and the game files themselves are
//! mutated (values swapped for other values of the file, so the mutants reach the
//! rules): `run_turn` must give `Ok` or a `Failure`, never a panic.
//!
//! Every other game the registry plays gets the same promise through its own example
//! campaign (`mutated_orders_of_every_game_never_hurt`: mutants checked by the game's
//! `check_orders_bytes`, every diagnostic well made).
//!
//! A failure names the seed file and the mutant's number, says what was done, prints
//! the mutant and writes it to `$TMPDIR/dikast-fuzz/`. `DIKAST_FUZZ_ONLY=<seed name>#<n>`
//! runs that one mutant alone; `DIKAST_FUZZ_SCALE=<k>` makes k times the mutants (every
//! game file, more adjudications) for a longer search, best with `--release`.

mod hcases;

use dikast::campaign::{self, NewOptions};
use dikast::diag::{Diagnostic, SourceFile};
use dikast::dice::Hash;
use dikast::error::Failure;
use dikast::folder::Layout;
use dikast::game::{sha256_hex, to_yaml, GameFile, ViewFile};
use dikast::games::hellenes::scenario::Scenario;
use dikast::games::hellenes::state::{State, Status};
use dikast::games::hellenes::view::View;
use dikast::games::hellenes::{Hellenes, HELLENES_431};
use dikast::pipeline::{self, TurnInputs};
use dikast::rules::Rules;
use dikast::secret::Secret;
use dikast::yaml::{self, Kind, Node};
use hcases::{case_game, find_cases, CaseFile};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::{Once, OnceLock};

/// Orders mutants in all, shared among the seed files (at least `TRUNCATIONS` + 10
/// each): the test takes the same time as rule cases are added.
const ORDERS_MUTANTS: usize = 4500;
/// Truncations per orders file (at every Nth byte, N = length / this).
const TRUNCATIONS: usize = 8;
/// Accepted orders mutants adjudicated in all, one per seed file picked evenly (a
/// run_turn costs tens of milliseconds in a debug build; the rule cases add seeds, and
/// each picked seed yields a run only when one of its mutants is accepted).
const ORDERS_RUNS: usize = 80;
/// Game files mutated, and mutants of each.
const GAME_SEEDS: usize = 10;
const MUTANTS_PER_GAME: u64 = 30;

// ---------------------------------------------------------------------------------------
// The PRNG: splitmix64, seeded from the seed file's name and the mutant's number only.

struct Rng(u64);

impl Rng {
    fn new(name: &str, n: u64) -> Rng {
        // FNV-1a of the name, then the mutant number: each mutant stands alone.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in name.bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        Rng(h ^ n.wrapping_mul(0x9e37_79b9_7f4a_7c15))
    }
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// A number in `0..n` (`n` > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

// ---------------------------------------------------------------------------------------
// Seeds: orders files with the game file they were written for.

/// One orders file and everything needed to check it and to adjudicate its turn.
struct Target {
    /// `examples/turn-0003/sparta.yaml`, `cases/battle/field-battle/athens.yaml`.
    name: String,
    side: String,
    orders: Vec<u8>,
    game_bytes: Vec<u8>,
    /// `s_t`, `u_t`.
    seeds: (Hash, Hash),
    /// Every side's orders of the turn, as written.
    all_orders: dikast::folder::OrdersFiles,
    forced: BTreeMap<String, Vec<u32>>,
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn scenario() -> Scenario {
    Hellenes::load_scenario(HELLENES_431).expect("the embedded scenario loads")
}

/// A folder removed when this goes out of scope, a panic included.
struct Gone(PathBuf);

impl Drop for Gone {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Plays an examples folder through a real campaign, recording each turn's game file,
/// seeds and orders as targets.
fn example_targets(ex: &Path, game_id: &str, label: &str, sides: &[String], out: &mut Vec<Target>) {
    let dir = std::env::temp_dir().join(format!("dikast-fuzz-{label}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let _gone = Gone(dir.clone());
    let secret: Secret =
        serde_yaml::from_str(&fs::read_to_string(ex.join("secret.yaml")).unwrap()).unwrap();
    let opts = NewOptions {
        game_id: game_id.into(),
        chain_length: secret.chain_length,
        secret: Some(secret.clone()),
        start: Default::default(),
    };
    campaign::create::<Hellenes>(&dir, "hellenes-431", HELLENES_431, true, &opts)
        .unwrap_or_else(|f| panic!("create: {}", f.render()));
    let layout = Layout::new(&dir);
    for (t, folder) in dikast::demo::example_turns(ex).unwrap() {
        let game_bytes = fs::read(layout.game(t)).unwrap();
        let seeds = secret.seeds(t).unwrap();
        let mut files: Vec<PathBuf> = fs::read_dir(&folder)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        files.sort();
        let mut all_orders: dikast::folder::OrdersFiles =
            sides.iter().map(|s| (s.clone(), None)).collect();
        for f in &files {
            let bytes = fs::read(f).unwrap();
            let side = f.file_stem().unwrap().to_string_lossy().into_owned();
            fs::write(layout.orders_dir(t).join(f.file_name().unwrap()), &bytes).unwrap();
            let name = format!("{side}.yaml");
            all_orders.insert(side, Some((name, bytes)));
        }
        for (side, entry) in &all_orders {
            if let Some((_, bytes)) = entry {
                out.push(Target {
                    name: format!("{label}/turn-{t:04}/{side}.yaml"),
                    side: side.clone(),
                    orders: bytes.clone(),
                    game_bytes: game_bytes.clone(),
                    seeds,
                    all_orders: all_orders.clone(),
                    forced: BTreeMap::new(),
                });
            }
        }
        if let Err(f) = campaign::adjudicate::<Hellenes>(&layout, false) {
            panic!("{label}: turn {t} fails: {}", f.render());
        }
    }
}

fn case_targets(sides: &[String], out: &mut Vec<Target>) {
    let root = repo().join("tests/cases/hellenes");
    let mut dirs = Vec::new();
    find_cases(&root, &mut dirs);
    for dir in dirs {
        let case: CaseFile =
            serde_yaml::from_str(&fs::read_to_string(dir.join("case.yaml")).unwrap()).unwrap();
        let (game_bytes, s, u) = case_game(&dir, &case);
        let hash = sha256_hex(&game_bytes);
        let rel = dir.strip_prefix(&root).unwrap().display().to_string();
        let mut all_orders = dikast::folder::OrdersFiles::new();
        for side in sides {
            let p = dir.join("in/orders").join(format!("{side}.yaml"));
            let entry = p.is_file().then(|| {
                let text = fs::read_to_string(&p)
                    .unwrap()
                    .replace("based_on: auto", &format!("based_on: {hash}"));
                (format!("{side}.yaml"), text.into_bytes())
            });
            all_orders.insert(side.clone(), entry);
        }
        for (side, entry) in &all_orders {
            if let Some((_, bytes)) = entry {
                out.push(Target {
                    name: format!("cases/{rel}/{side}.yaml"),
                    side: side.clone(),
                    orders: bytes.clone(),
                    game_bytes: game_bytes.clone(),
                    seeds: (s, u),
                    all_orders: all_orders.clone(),
                    forced: case.dice.clone(),
                });
            }
        }
    }
}

/// Every seed, made once for both tests (they run at the same time).
fn all_targets() -> &'static [Target] {
    static TARGETS: OnceLock<Vec<Target>> = OnceLock::new();
    TARGETS.get_or_init(make_targets)
}

fn make_targets() -> Vec<Target> {
    let mut out = Vec::new();
    let sides = scenario().side_ids();
    let ex = repo().join("orders-examples/hellenes-431");
    example_targets(&ex, "demo-431", "examples", &sides, &mut out);
    example_targets(&ex.join("siege"), "siege-431", "siege", &sides, &mut out);
    case_targets(&sides, &mut out);
    out
}

// ---------------------------------------------------------------------------------------
// What a side may not see, and the words mutants are made of.

/// One target made ready: its view, its hidden ids, its vocabulary.
struct Prepared<'a> {
    t: &'a Target,
    sc: &'a Scenario,
    view: ViewFile<View>,
    /// The side's view of the shadow game (`shadow_game`): it must equal `view`.
    shadow: ViewFile<View>,
    /// Enemy block ids the side's view does not show.
    hidden_blocks: Vec<String>,
    /// Card ids the side's view does not show (the enemy's hand, the deck).
    hidden_cards: Vec<String>,
    /// Ids, places and cards to put into mutants.
    words: Vec<String>,
}

/// The same game with everything `side` may not see changed: the enemy blocks'
/// identities (id, kind, steps, rating, …) rotated among their places, and the enemy's
/// hand exchanged for cards of the deck.
fn shadow_game(game: &GameFile<State>, side: &str) -> GameFile<State> {
    let mut g = game.clone();
    let enemy: Vec<usize> = (0..g.state.blocks.len())
        .filter(|&i| g.state.blocks[i].side != side)
        .collect();
    let slots: Vec<(String, Status)> = enemy
        .iter()
        .map(|&i| (g.state.blocks[i].at.clone(), g.state.blocks[i].status))
        .collect();
    for (k, &i) in enemy.iter().enumerate() {
        let (at, status) = slots[(k + 1) % slots.len()].clone();
        g.state.blocks[i].at = at;
        g.state.blocks[i].status = status;
    }
    let cards = &mut g.state.cards;
    for (s, hand) in cards.hands.iter_mut() {
        if s != side {
            for (c, d) in hand.iter_mut().zip(cards.deck.iter_mut()) {
                std::mem::swap(c, d);
            }
        }
    }
    cards.deck.reverse();
    g
}

/// Every target made ready (each game file parsed once).
fn prepare_all<'a>(targets: &'a [Target], sc: &'a Scenario) -> Vec<Prepared<'a>> {
    let mut games: BTreeMap<Vec<u8>, GameFile<State>> = BTreeMap::new();
    targets
        .iter()
        .map(|t| {
            let game = games
                .entry(t.game_bytes.clone())
                .or_insert_with(|| serde_yaml::from_slice(&t.game_bytes).unwrap());
            prepare(t, sc, game)
        })
        .collect()
}

fn prepare<'a>(t: &'a Target, sc: &'a Scenario, game: &GameFile<State>) -> Prepared<'a> {
    let view = pipeline::make_view::<Hellenes>(sc, game, &t.game_bytes, &t.side);
    let other = shadow_game(game, &t.side);
    assert!(
        other.state != game.state,
        "{}: the shadow game hides nothing different",
        t.name
    );
    let shadow = pipeline::make_view::<Hellenes>(sc, &other, &t.game_bytes, &t.side);
    let shown = words_of(&to_yaml(&view));
    let hidden_blocks: Vec<String> = game
        .state
        .blocks
        .iter()
        .filter(|b| b.side != t.side && !has(&shown, &b.id))
        .map(|b| b.id.clone())
        .collect();
    let hidden_cards: Vec<String> = sc
        .cards
        .iter()
        .filter(|c| !has(&shown, &c.id))
        .map(|c| c.id.clone())
        .collect();
    let mut words: Vec<String> = Vec::new();
    words.extend(view.state.blocks.iter().map(|b| b.id.clone()));
    words.extend(hidden_blocks.iter().cloned());
    words.extend(sc.areas.iter().map(|a| a.name.clone()));
    words.extend(sc.seas.iter().map(|s| s.name.clone()));
    words.extend(sc.cards.iter().map(|c| c.id.clone()));
    words.extend(sc.cards.iter().take(6).map(|c| c.name.clone()));
    words.extend(
        [
            "athens", "sparta", "persia", "walls", "field", "action", "event",
        ]
        .map(String::from),
    );
    Prepared {
        t,
        sc,
        view,
        shadow,
        hidden_blocks,
        hidden_cards,
        words,
    }
}

/// The words of a text, in ASCII lower case: runs of letters, digits and `-` (so `SPA-1`
/// is a word and is not in `SPA-10`).
fn words_of(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect()
}

/// Whether `word` (an id) is one of `words`.
fn has(words: &BTreeSet<String>, word: &str) -> bool {
    words.contains(&word.to_ascii_lowercase())
}

// ---------------------------------------------------------------------------------------
// Mutations.

const AWKWARD: &[&str] = &[
    "Πλάταια",
    "Афины",
    "🏛️⚔️🛡️",
    "👨‍👩‍👧‍👦",
    "\u{202e}ATH-1",
    "שלום עליכם",
    "مرحبا",
    "A\u{301}\u{301}\u{301}thens",
    "e\u{308}\u{20dd}",
    "\u{200b}",
    "\u{feff}Athens",
    "Athens\u{0}",
    "\u{0}",
    "\u{7f}",
    "\u{85}",
    "\u{2028}",
    "\u{fffd}",
    "𝔄𝔱𝔥𝔢𝔫𝔰",
    "ΑΘΗΝΑΙ",
    "İstanbul",
    "ß",
    "\"\\u0000\"",
    "\"\\x00\\uFFFF\\U0001F600\"",
    "'it''s'",
    "\"tab\\there\"",
];

const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "4294967296",
    "18446744073709551616",
    "99999999999999999999999999999",
    "1e400",
    "-0",
    "0x1F",
    "0o17",
    ".inf",
    "-.Inf",
    ".nan",
    "3.5",
    "+7",
    "true",
    "no",
];

const SHAPES: &[&str] = &[
    "[]",
    "{}",
    "[a, b]",
    "{a: 1}",
    "[[1], {x: y}]",
    "~",
    "null",
    "\"\"",
    "''",
    "|\n  a block\n  of text",
    ">-\n  folded",
    "!!str 5",
    "!!binary aGVsbG8=",
    "!custom x",
    "&a x",
    "*a",
    "? [complex, key]\n: value",
    "<<: {a: 1}",
];

/// Interesting bytes to insert.
const BYTES: &[u8] = &[
    b':', b'-', b'[', b']', b'{', b'}', b'#', b'"', b'\'', b'\n', b'\r', b' ', b'\t', b'&', b'*',
    b'!', b'|', b'>', b'%', b'@', b'`', b',', b'?', b'\\', 0x00, 0x7f, 0xff, 0xc3, 0x80, 0xe2,
    0xf0,
];

/// Spans of the scalars of a file (parsed with dikast's own reader), keys and values
/// alike.
fn scalar_spans(text: &str) -> Vec<(usize, usize)> {
    node_spans(text, true)
}

/// Spans of the nodes of a file: its scalars, or (`scalars_only` false) its lists and
/// mappings but the root.
fn node_spans(text: &str, scalars_only: bool) -> Vec<(usize, usize)> {
    fn walk(n: &Node, all: bool, out: &mut Vec<(usize, usize)>) {
        match &n.kind {
            Kind::Scalar(..) if !all => out.push(n.span),
            Kind::Scalar(..) => {}
            Kind::Seq(items) => items.iter().for_each(|i| walk(i, all, out)),
            Kind::Map(pairs) => pairs.iter().for_each(|(k, v)| {
                walk(k, all, out);
                walk(v, all, out)
            }),
        }
        // Collections only: the root (the whole file) is left to other mutations.
        if all && !matches!(n.kind, Kind::Scalar(..)) && n.span.0 > 0 {
            out.push(n.span);
        }
    }
    let mut out = Vec::new();
    if let Ok(root) = yaml::parse(&SourceFile::new("x", text)) {
        walk(&root, !scalars_only, &mut out);
    }
    out.retain(|&(s, e)| {
        s < e && e <= text.len() && text.is_char_boundary(s) && text.is_char_boundary(e)
    });
    out
}

/// A near miss of a word: one edit, a case change, spaces around, or a homoglyph.
fn near_miss(rng: &mut Rng, w: &str) -> String {
    let chars: Vec<char> = w.chars().collect();
    if chars.is_empty() {
        return "x".into();
    }
    let i = rng.below(chars.len());
    let mut c = chars.clone();
    match rng.below(9) {
        0 => {
            c.remove(i);
        }
        1 => c.insert(i, *rng.pick(&['x', 'a', '-', '1', ' ', 'é'])),
        2 if c.len() > 1 => {
            let j = (i + 1) % c.len();
            c.swap(i, j)
        }
        3 => return w.to_uppercase(),
        4 => return w.to_lowercase(),
        5 => return format!("  {w}  "),
        6 => c[i] = *rng.pick(&['А', 'Ε', 'о', 'Ѕ', 'Т', '0', 'l']),
        7 => return format!("{w}{w}"),
        _ => c[i] = *rng.pick(&['X', 'z', '9', '_']),
    }
    c.into_iter().collect()
}

/// Lines of a text with their line breaks.
fn lines(text: &str) -> Vec<String> {
    text.split_inclusive('\n').map(String::from).collect()
}

/// One mutation of `b` (bytes; `text` when they are UTF-8). Says what it did.
fn mutate_once(rng: &mut Rng, b: &mut Vec<u8>, words: &[String]) -> String {
    let text = String::from_utf8(b.clone()).ok();
    let len = b.len();
    let op = rng.below(27);
    match (op, &text) {
        (0, _) if len > 0 => {
            let i = rng.below(len);
            let bit = 1u8 << rng.below(8);
            b[i] ^= bit;
            format!("flip bit {bit:#04x} of byte {i}")
        }
        (1, _) if len > 0 => {
            let i = rng.below(len);
            let n = (1 + rng.below(16)).min(len - i);
            b.drain(i..i + n);
            format!("delete {n} bytes at {i}")
        }
        (2, _) => {
            let i = rng.below(len + 1);
            let n = 1 + rng.below(4);
            let ins: Vec<u8> = (0..n).map(|_| *rng.pick(BYTES)).collect();
            let d = format!("insert {ins:?} at {i}");
            b.splice(i..i, ins);
            d
        }
        (3, _) if len > 0 => {
            let i = rng.below(len);
            let n = (1 + rng.below(40)).min(len - i);
            let piece = b[i..i + n].to_vec();
            let at = if rng.chance(50) {
                i + n
            } else {
                rng.below(len + 1)
            };
            b.splice(at..at, piece);
            format!("duplicate {n} bytes from {i} at {at}")
        }
        (4, Some(t)) => {
            let mut ls = lines(t);
            if ls.len() < 2 {
                return "nothing (one line)".into();
            }
            let (i, j) = (rng.below(ls.len()), rng.below(ls.len()));
            ls.swap(i, j);
            fix_last_break(&mut ls);
            *b = ls.concat().into_bytes();
            format!("swap lines {} and {}", i + 1, j + 1)
        }
        (5, Some(t)) => {
            let mut ls = lines(t);
            let i = rng.below(ls.len().max(1));
            let Some(l) = ls.get_mut(i) else {
                return "nothing (empty)".into();
            };
            let body = l.trim_start_matches([' ', '\t']).to_string();
            let indent = l.len() - body.len();
            let new = match rng.below(5) {
                0 => indent + 1,
                1 => indent.saturating_sub(1),
                2 => indent + 2,
                3 => 0,
                _ => indent + 7,
            };
            *l = if rng.chance(20) {
                format!("\t{body}")
            } else {
                format!("{}{body}", " ".repeat(new))
            };
            *b = ls.concat().into_bytes();
            format!("re-indent line {}", i + 1)
        }
        (6, Some(t)) => {
            let (with, what) = *rng.pick(&[
                ("\r\n", "CRLF"),
                ("\r", "CR-only"),
                ("\n\n", "doubled"),
                ("\u{2028}", "U+2028"),
                ("\u{85}", "NEL"),
            ]);
            *b = t.replace('\n', with).into_bytes();
            format!("line ends {what}")
        }
        (7, Some(t)) => {
            let mut ls = lines(t);
            if ls.is_empty() {
                return "nothing (empty)".into();
            }
            let i = rng.below(ls.len());
            if rng.chance(50) {
                // A duplicated line: in a mapping, a duplicated key.
                let l = ls[i].clone();
                ls.insert(i + 1, l);
                fix_last_break(&mut ls);
                *b = ls.concat().into_bytes();
                format!("duplicate line {}", i + 1)
            } else {
                ls.remove(i);
                *b = ls.concat().into_bytes();
                format!("delete line {}", i + 1)
            }
        }
        (8, Some(t)) => {
            let at = line_start(rng, t);
            let ins = *rng.pick(&[
                "---\n",
                "...\n",
                "%YAML 1.2\n---\n",
                "%TAG ! tag:x,2000:\n",
                "game: other\n",
                "turn: 1\n",
                "side: sparta\n",
                "standing: {}\n",
                "actions: []\n",
                "initiative: { card: C01 }\n",
                "\u{feff}",
                "- x\n",
                "? x\n",
                "#\n",
                "a: &x [1]\nb: *x\n",
            ]);
            let mut s = t.clone();
            s.insert_str(at, ins);
            *b = s.into_bytes();
            format!("insert {ins:?} at {at}")
        }
        (9, Some(t)) => {
            let depth = 8 + rng.below(120);
            let nest = match rng.below(3) {
                0 => "[".repeat(depth) + &"]".repeat(depth),
                1 => "{a: ".repeat(depth) + "x" + &"}".repeat(depth),
                _ => {
                    let mut s = String::from("\n");
                    for d in 0..depth.min(70) {
                        s.push_str(&format!("{}k{d}:\n", " ".repeat(2 * d + 2)));
                    }
                    s.push_str(&format!("{}end", " ".repeat(2 * depth.min(70) + 2)));
                    s
                }
            };
            replace_scalar(rng, b, t, &nest, &format!("nesting {depth} deep"))
        }
        (10 | 11, Some(t)) => {
            let with = match rng.below(4) {
                0 => "x".repeat(10_000),
                1 => "lorem ipsum dolor ".repeat(30),
                2 => "ATH-".repeat(2_500),
                _ => "🏛".repeat(3_000),
            };
            replace_scalar(rng, b, t, &with, "a long token")
        }
        (12 | 13, Some(t)) => {
            let w = rng.pick(AWKWARD).to_string();
            replace_scalar(rng, b, t, &w, &format!("{w:?}"))
        }
        (14, Some(t)) => {
            let w = rng.pick(NUMBERS).to_string();
            replace_scalar(rng, b, t, &w, &format!("number {w}"))
        }
        (15, Some(t)) => {
            let w = rng.pick(SHAPES).to_string();
            replace_scalar(rng, b, t, &w, &format!("{w:?}"))
        }
        (16 | 24..=26, Some(t)) => {
            // A whole value (a list, a mapping, an action) replaced by another shape,
            // most often an empty one.
            let spans = node_spans(t, false);
            if spans.is_empty() {
                return "nothing (no nodes)".into();
            }
            let (s, e) = *rng.pick(&spans);
            let w = if rng.chance(60) {
                *rng.pick(&["{}", "[]", "~", "[{}]", "[[]]", "{a: }"])
            } else {
                *rng.pick(SHAPES)
            };
            let mut out = t.clone();
            out.replace_range(s..e, w);
            *b = out.into_bytes();
            format!("replace the node at {s}..{e} by {w:?}")
        }
        (17..=19, Some(t)) => {
            // An id or a place replaced by another: a near miss, or another word of the
            // game (the other side's blocks, other places, cards).
            let spans = scalar_spans(t);
            if spans.is_empty() {
                return "nothing (no scalars)".into();
            }
            let (s, e) = *rng.pick(&spans);
            let old = &t[s..e];
            let new = if rng.chance(50) {
                near_miss(rng, old)
            } else {
                rng.pick(words).clone()
            };
            let mut out = t.clone();
            out.replace_range(s..e, &new);
            *b = out.into_bytes();
            format!("replace {old:?} at {s} by {new:?}")
        }
        (20, Some(t)) => {
            // An extra entry with a key already given, in a flow mapping or at the top.
            let spans = scalar_spans(t);
            let keys: Vec<&(usize, usize)> = spans
                .iter()
                .filter(|(_, e)| t[*e..].starts_with(':'))
                .collect();
            if keys.is_empty() {
                return "nothing (no keys)".into();
            }
            let &(s, e) = *rng.pick(&keys);
            let key = t[s..e].to_string();
            let line_end = t[e..].find('\n').map_or(t.len(), |i| e + i);
            let entry = &t[s..line_end];
            let mut out = t.clone();
            out.insert_str(
                line_end,
                &format!("\n{}{}", " ".repeat(col_of(t, s)), entry),
            );
            *b = out.into_bytes();
            format!("duplicate key {key:?}")
        }
        (21, Some(t)) => {
            let w = rng.pick(&["&anchor ", "!!str ", "!!int ", "!tag ", "*alias ", "? "]);
            let spans = scalar_spans(t);
            if spans.is_empty() {
                return "nothing (no scalars)".into();
            }
            let (s, _) = *rng.pick(&spans);
            let mut out = t.clone();
            out.insert_str(s, w);
            *b = out.into_bytes();
            format!("insert {w:?} at {s}")
        }
        (22, _) => {
            let i = rng.below(len + 1);
            let w = *rng.pick(AWKWARD);
            b.splice(i..i, w.bytes());
            format!("insert {w:?} at byte {i}")
        }
        _ => {
            let i = rng.below(len + 1);
            b.truncate(i);
            format!("truncate at {i}")
        }
    }
}

/// The offset of a random line start in `t`.
fn line_start(rng: &mut Rng, t: &str) -> usize {
    let starts: Vec<usize> = std::iter::once(0)
        .chain(t.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    *rng.pick(&starts)
}

/// The column (in bytes) of offset `at` on its line.
fn col_of(t: &str, at: usize) -> usize {
    at - t[..at].rfind('\n').map_or(0, |i| i + 1)
}

/// After lines moved, the last one may lack its break: give every line one.
fn fix_last_break(ls: &mut [String]) {
    for l in ls.iter_mut() {
        if !l.ends_with('\n') {
            l.push('\n');
        }
    }
}

fn replace_scalar(rng: &mut Rng, b: &mut Vec<u8>, t: &str, with: &str, what: &str) -> String {
    let spans = scalar_spans(t);
    if spans.is_empty() {
        return "nothing (no scalars)".into();
    }
    let (s, e) = *rng.pick(&spans);
    let mut out = t.to_string();
    out.replace_range(s..e, with);
    *b = out.into_bytes();
    format!("replace {:?} at {s} by {what}", &t[s..e])
}

/// Mutant `n` of a target: for `n < TRUNCATIONS`, the file truncated at the n-th of
/// evenly spaced offsets; otherwise one to three random mutations.
fn mutant(p: &Prepared, n: u64) -> (Vec<u8>, String) {
    let orig = &p.t.orders;
    if (n as usize) < TRUNCATIONS {
        let step = (orig.len() / TRUNCATIONS).max(1);
        let at = (n as usize * step).min(orig.len());
        return (orig[..at].to_vec(), format!("truncate at {at}"));
    }
    let mut rng = Rng::new(&p.t.name, n);
    let mut b = orig.clone();
    let k = 1 + usize::from(rng.chance(30)) + usize::from(rng.chance(10));
    let what: Vec<String> = (0..k)
        .map(|_| mutate_once(&mut rng, &mut b, &p.words))
        .collect();
    (b, what.join("; "))
}

// ---------------------------------------------------------------------------------------
// The checks.

thread_local! {
    /// Inside `catch`: the last panic's message and place, kept for the failure report.
    static CAUGHT: RefCell<Option<Option<String>>> = const { RefCell::new(None) };
}

/// Panics inside `catch` are reported with their mutant, so the hook only keeps their
/// message; any other panic (the test's own assertions) is printed as usual.
fn quiet_panics() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let default = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let inside = CAUGHT.with(|c| {
                let mut c = c.borrow_mut();
                match c.as_mut() {
                    Some(slot) => {
                        *slot = Some(info.to_string());
                        true
                    }
                    None => false,
                }
            });
            if !inside {
                default(info);
            }
        }))
    });
}

fn catch<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    let outer = CAUGHT.with(|c| c.borrow_mut().replace(None));
    let r = panic::catch_unwind(AssertUnwindSafe(f));
    let message = CAUGHT.with(|c| std::mem::replace(&mut *c.borrow_mut(), outer));
    r.map_err(|_| message.flatten().unwrap_or_else(|| "a panic".into()))
}

/// Whether the rendering shows the message (miette wraps long lines behind a gutter).
fn shows(rendered: &str, message: &str) -> bool {
    let squash = |t: &str| -> String {
        t.chars()
            .filter(|c| !c.is_whitespace() && *c != '│')
            .collect()
    };
    squash(rendered).contains(&squash(message))
}

/// What is wrong with one diagnostic about a file whose text is `text` (the mutant's),
/// given to a side that may not see `hidden`, if anything. Returns its rendering too.
fn check_diagnostic(
    d: &Diagnostic,
    expected_file: &str,
    text: &str,
    hidden: &[String],
) -> (Vec<String>, String) {
    let mut bad = Vec::new();
    let code_ok = d.code.split_once("::").is_some_and(|(a, b)| {
        !a.is_empty()
            && !b.is_empty()
            && d.code
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == ':')
    });
    if !code_ok {
        bad.push(format!("diagnostic without a proper code: {:?}", d.code));
    }
    if d.message.trim().is_empty() {
        bad.push(format!("diagnostic {} without a message", d.code));
    }
    let rendered = match catch(|| d.render()) {
        Ok(r) => r,
        Err(p) => {
            bad.push(format!("rendering {} panicked: {p}", d.code));
            return (bad, String::new());
        }
    };
    if let Some(f) = &d.file {
        if f.name != expected_file {
            bad.push(format!("{} names file {:?}", d.code, f.name));
        }
    }
    match (&d.file, d.span) {
        (None, Some(_)) => bad.push(format!("{} has a span but no file", d.code)),
        (Some(f), Some((s, e))) => {
            let t = f.text.as_str();
            if t != text {
                bad.push(format!(
                    "{} points into another text than the file's",
                    d.code
                ));
            }
            if s > e || e > t.len() {
                bad.push(format!(
                    "{} span {s}..{e} is outside the file ({} bytes)",
                    d.code,
                    t.len()
                ));
            } else if !t.is_char_boundary(s) || !t.is_char_boundary(e) {
                bad.push(format!(
                    "{} span {s}..{e} is not on char boundaries",
                    d.code
                ));
            } else {
                let (l, c) = f.line_col(s);
                let place = format!("{}:{l}:{c}", f.name);
                if !rendered.contains(&format!("[{place}]")) {
                    bad.push(format!(
                        "{} is rendered without its place [{place}]:\n{rendered}",
                        d.code
                    ));
                }
                if d.location().as_deref() != Some(place.as_str()) {
                    bad.push(format!(
                        "{} location() {:?} differs from {place}",
                        d.code,
                        d.location()
                    ));
                }
            }
        }
        (Some(f), None) => {
            if !rendered.contains(&f.name) {
                bad.push(format!("{} is rendered without its file name", d.code));
            }
        }
        (None, None) => {}
    }
    if !rendered.contains(&d.code) || !shows(&rendered, &d.message) {
        bad.push(format!(
            "{} is rendered without its code or message:\n{rendered}",
            d.code
        ));
    }
    // Leak check: the rendering names no hidden id the player did not write himself.
    let (shown, written) = (words_of(&rendered), words_of(text));
    for h in hidden {
        if has(&shown, h) && !has(&written, h) {
            bad.push(format!(
                "{} names the hidden `{h}`, which the orders do not:\n{rendered}",
                d.code
            ));
        }
    }
    (bad, rendered)
}

/// The diagnostics of an orders file checked against a view, as `check` and
/// `adjudicate` find them (an undecodable file: the decoding's one diagnostic).
fn diagnose(p: &Prepared, view: &ViewFile<View>, bytes: &[u8]) -> Result<Vec<Diagnostic>, String> {
    let name = format!("{}.yaml", p.t.side);
    catch(|| match yaml::decode(&name, bytes) {
        Err(d) => vec![d],
        Ok(file) => pipeline::check_orders::<Hellenes>(p.sc, view, &file).1,
    })
}

/// The diagnostics of a refused mutant and their renderings.
type Found = (Vec<Diagnostic>, Vec<String>);

/// Checks one orders mutant against the target's view. Returns the problems, and the
/// diagnostics found (`None`: accepted).
fn check_mutant(p: &Prepared, bytes: &[u8]) -> (Vec<String>, Option<Found>) {
    let name = format!("{}.yaml", p.t.side);
    let hidden: Vec<String> = p
        .hidden_blocks
        .iter()
        .chain(&p.hidden_cards)
        .cloned()
        .collect();
    let diags = match diagnose(p, &p.view, bytes) {
        Ok(d) => d,
        Err(panic) => {
            // Not accepted: no diagnostics to check, and nothing to adjudicate.
            let panic = vec![format!("checking the orders panicked: {panic}")];
            return (panic, Some((Vec::new(), Vec::new())));
        }
    };
    if diags.is_empty() {
        return (Vec::new(), None);
    }
    // The text the diagnostics point into: the file less its byte-order mark, or, when it
    // is not UTF-8, its lossy reading.
    let text = match std::str::from_utf8(bytes) {
        Ok(s) => s.strip_prefix('\u{feff}').unwrap_or(s).to_string(),
        Err(_) => String::from_utf8_lossy(bytes).into_owned(),
    };
    let mut problems = Vec::new();
    let mut rendered = Vec::new();
    for d in &diags {
        let (bad, r) = check_diagnostic(d, &name, &text, &hidden);
        problems.extend(bad);
        rendered.push(r);
    }
    (problems, Some((diags, rendered)))
}

/// Every whole-word occurrence of `a` in `text` (ASCII case ignored) replaced by `b`, in
/// lower case where the occurrence was.
fn replace_word(text: &str, a: &str, b: &str) -> String {
    let (low, a_low) = (text.to_ascii_lowercase(), a.to_ascii_lowercase());
    let part = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '-');
    let mut out = String::new();
    let mut at = 0;
    let mut from = 0;
    while let Some(i) = low[from..].find(&a_low) {
        let (s, e) = (from + i, from + i + a_low.len());
        if !part(low[..s].chars().next_back()) && !part(low[e..].chars().next()) {
            out.push_str(&text[at..s]);
            let found = &text[s..e];
            out.push_str(&if found == found.to_ascii_lowercase() {
                b.to_ascii_lowercase()
            } else {
                b.to_string()
            });
            at = e;
        }
        from = s + low[s..].chars().next().map_or(1, char::len_utf8);
    }
    out.push_str(&text[at..]);
    out
}

/// The parts of diagnostics that must not depend on which hidden id `a` was named: the
/// codes, places, labels and messages (not the "did you mean" help, which depends on
/// the spelling alone), with `a` written `<hidden>`.
fn shape(diags: &[Diagnostic], a: &str) -> Vec<String> {
    diags
        .iter()
        .map(|d| {
            let t = format!("{} {:?} {:?} {}", d.code, d.span, d.label, d.message);
            replace_word(&t, a, "<hidden>").to_ascii_lowercase()
        })
        .collect()
}

/// Non-interference, two ways. (1) A mutant naming hidden id `a` and its twin naming
/// hidden id `b` (same length: every span stays put) get the same diagnostics, `a` and
/// `b` aside. (2) The mutant checked against the view of the shadow game (the enemy's
/// blocks and hand changed) gets the same diagnostics, byte for byte.
fn check_non_interference(
    p: &Prepared,
    bytes: &[u8],
    diags: &[Diagnostic],
    rendered: &[String],
    rng: &mut Rng,
    shadow: bool,
    stats: &mut Stats,
) -> Vec<String> {
    let mut out = Vec::new();
    stats.shadows += usize::from(shadow);
    match shadow.then(|| diagnose(p, &p.shadow, bytes)) {
        None => {}
        Some(Err(panic)) => out.push(format!(
            "checking against the shadow view panicked: {panic}"
        )),
        Some(Ok(d2)) => {
            let r2: Vec<String> = d2.iter().map(Diagnostic::render).collect();
            if r2 != rendered {
                out.push(format!(
                    "the diagnostics change with what the side may not see:\n--- real\n{}\n--- shadow\n{}",
                    rendered.join("\n"),
                    r2.join("\n")
                ));
            }
        }
    }
    let Ok(text) = std::str::from_utf8(bytes) else {
        return out;
    };
    let written = words_of(text);
    for pool in [&p.hidden_blocks, &p.hidden_cards] {
        let named: Vec<&String> = pool.iter().filter(|h| has(&written, h)).collect();
        if named.is_empty() {
            continue;
        }
        let a = *rng.pick(&named);
        let others: Vec<&String> = pool
            .iter()
            .filter(|h| h.len() == a.len() && *h != a && !has(&written, h))
            .collect();
        if others.is_empty() {
            continue;
        }
        let b = *rng.pick(&others);
        stats.twins += 1;
        let t2 = replace_word(text, a, b);
        let d2 = match diagnose(p, &p.view, t2.as_bytes()) {
            Ok(d) => d,
            Err(panic) => {
                out.push(format!("the twin naming {b} panicked: {panic}"));
                continue;
            }
        };
        let (s1, s2) = (shape(diags, a), shape(&d2, b));
        if s1 != s2 {
            out.push(format!(
                "naming hidden {a} instead of hidden {b} changes the diagnostics:\n--- with {a}\n{}\n--- with {b}\n{}",
                s1.join("\n"),
                s2.join("\n")
            ));
        }
    }
    out
}

/// A turn's inputs with `orders` as `side`'s orders file (or `game` as the game file).
fn inputs(t: &Target, orders: Option<&[u8]>, game: Option<&[u8]>) -> TurnInputs {
    let mut all = t.all_orders.clone();
    if let Some(b) = orders {
        all.insert(
            t.side.clone(),
            Some((format!("{}.yaml", t.side), b.to_vec())),
        );
    }
    TurnInputs {
        next_deadline: None,
        game_name: "game.yaml".into(),
        game_bytes: game.unwrap_or(&t.game_bytes).to_vec(),
        orders: all,
        seed: t.seeds.0,
        sealed: Some(t.seeds.1),
        fallback: true,
        forced: t.forced.clone(),
        reseeds: Vec::new(),
    }
}

/// Adjudicates the turn with a mutant (accepted by the check) as the side's orders: Ok
/// or a Failure, never a panic.
fn adjudicate_mutant(p: &Prepared, bytes: &[u8]) -> Vec<String> {
    let inp = inputs(p.t, Some(bytes), None);
    match catch(|| pipeline::run_turn::<Hellenes>(&inp).map(|_| ())) {
        Ok(_) => Vec::new(),
        Err(panic) => vec![format!("run_turn panicked on accepted orders: {panic}")],
    }
}

/// A failure report for one mutant; the mutant is also written to a file.
fn report(seed: &str, n: u64, what: &str, bytes: &[u8], problems: &[String]) -> String {
    let dir = std::env::temp_dir().join("dikast-fuzz");
    let _ = fs::create_dir_all(&dir);
    let file = dir.join(format!("{}-{n}.yaml", seed.replace('/', "_")));
    let _ = fs::write(&file, bytes);
    let shown = String::from_utf8_lossy(bytes);
    let shown = if shown.len() > 1500 {
        format!(
            "{}… ({} bytes)",
            &shown[..dikast::diag::floor_char(&shown, 1500)],
            bytes.len()
        )
    } else {
        shown.into_owned()
    };
    format!(
        "{seed}#{n} ({what}), written to {}; rerun with DIKAST_FUZZ_ONLY='{seed}#{n}'\n{}\n--- mutant\n{shown:?}\n",
        file.display(),
        problems.join("\n")
    )
}

#[derive(Default, Debug)]
struct Stats {
    mutants: usize,
    accepted: usize,
    diagnostics: usize,
    runs: usize,
    /// Mutants checked against the shadow view; twins compared.
    shadows: usize,
    twins: usize,
    game_mutants: usize,
    games_adjudicated: usize,
    games_refused: usize,
}

impl Stats {
    fn add(&mut self, o: &Stats) {
        self.mutants += o.mutants;
        self.accepted += o.accepted;
        self.diagnostics += o.diagnostics;
        self.runs += o.runs;
        self.shadows += o.shadows;
        self.twins += o.twins;
        self.game_mutants += o.game_mutants;
        self.games_adjudicated += o.games_adjudicated;
        self.games_refused += o.games_refused;
    }
}

/// Runs every mutant of one target's orders; returns the failures.
fn fuzz_orders(
    p: &Prepared,
    random: u64,
    runs: u64,
    only: Option<u64>,
    stats: &mut Stats,
) -> Vec<String> {
    let mut failures = Vec::new();
    if only.is_none() && p.view != p.shadow {
        failures.push(format!(
            "{}: the view changes with what the side may not see",
            p.t.name
        ));
    }
    let mut runs = runs;
    let all = 0..TRUNCATIONS as u64 + random * scale();
    for n in only.map_or(all, |o| o..o + 1) {
        let (bytes, what) = mutant(p, n);
        let (mut problems, found) = check_mutant(p, &bytes);
        stats.mutants += 1;
        match &found {
            Some((diags, rendered)) => {
                stats.diagnostics += diags.len();
                let mut rng = Rng::new(&p.t.name, n ^ 0x7717);
                // The shadow view equals the real one (checked above), so the same
                // diagnostics are expected; a sample re-checks it end to end.
                let shadow = n % 8 == 5;
                problems.extend(check_non_interference(
                    p, &bytes, diags, rendered, &mut rng, shadow, stats,
                ));
            }
            None => {
                stats.accepted += 1;
                if runs > 0 && bytes != p.t.orders {
                    runs -= 1;
                    stats.runs += 1;
                    problems.extend(adjudicate_mutant(p, &bytes));
                }
            }
        }
        if !problems.is_empty() {
            failures.push(report(&p.t.name, n, &what, &bytes, &problems));
        }
    }
    failures
}

/// The first failures in full (every mutant is in `$TMPDIR/dikast-fuzz/` anyway).
fn first_failures(failures: &[String]) -> String {
    const SHOWN: usize = 20;
    let mut out = failures[..failures.len().min(SHOWN)].join("\n");
    if failures.len() > SHOWN {
        out.push_str(&format!("\n… and {} more\n", failures.len() - SHOWN));
    }
    out
}

/// `DIKAST_FUZZ_SCALE=<k>`: k times the mutants (and every game file), for a longer
/// search than CI's; the first mutants are the same ones.
fn scale() -> u64 {
    std::env::var("DIKAST_FUZZ_SCALE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1)
        .max(1)
}

/// `DIKAST_FUZZ_ONLY=<seed name>#<n>`: one mutant alone.
fn only() -> Option<(String, u64)> {
    let v = std::env::var("DIKAST_FUZZ_ONLY").ok()?;
    let (name, n) = v.rsplit_once('#')?;
    Some((name.to_string(), n.parse().ok()?))
}

/// Runs `work` over the items in two workers (CI has two cores); the failures and the
/// statistics of both.
fn in_two<T: Sync>(
    items: &[T],
    work: impl Fn(&T, &mut Stats) -> Vec<String> + Sync,
) -> (Vec<String>, Stats) {
    let part = |k: usize| {
        let mut stats = Stats::default();
        let mut failures = Vec::new();
        for it in items.iter().skip(k).step_by(2) {
            failures.extend(work(it, &mut stats));
        }
        (failures, stats)
    };
    std::thread::scope(|s| {
        let a = s.spawn(|| part(0));
        let b = s.spawn(|| part(1));
        let (mut f, mut st) = a.join().expect("worker");
        let (f2, st2) = b.join().expect("worker");
        f.extend(f2);
        st.add(&st2);
        (f, st)
    })
}

#[test]
fn mutated_orders_never_hurt() {
    quiet_panics();
    let sc = scenario();
    let targets = all_targets();
    assert!(
        targets.len() >= 100,
        "only {} seed orders files were found",
        targets.len()
    );
    let only = only();
    let prepared: Vec<(usize, Prepared)> =
        prepare_all(targets, &sc).into_iter().enumerate().collect();
    let random = (ORDERS_MUTANTS / targets.len()).max(TRUNCATIONS + 10) - TRUNCATIONS;
    let run_every = targets.len().div_ceil(ORDERS_RUNS);
    let (failures, stats) = in_two(&prepared, |(i, p), stats| {
        // A longer search (DIKAST_FUZZ_SCALE) adjudicates more accepted mutants.
        let runs = match scale() {
            1 => u64::from(i % run_every == 0),
            k => k,
        };
        match &only {
            Some((name, _)) if name != &p.t.name => Vec::new(),
            Some((_, n)) => fuzz_orders(p, 0, 1, Some(*n), stats),
            None => fuzz_orders(p, random as u64, runs, None, stats),
        }
    });
    eprintln!("orders fuzz: {stats:?}");
    assert!(
        failures.is_empty(),
        "{} of {} mutants broke a promise:\n\n{}",
        failures.len(),
        stats.mutants,
        first_failures(&failures)
    );
    if only.is_none() {
        // The fuzz means something only if both outcomes happen often.
        assert!(stats.mutants >= ORDERS_MUTANTS * 9 / 10, "{stats:?}");
        assert!(
            stats.accepted > 100
                && stats.diagnostics > 2000
                && stats.runs > 40
                && stats.shadows > 300
                && stats.twins > 60,
            "{stats:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Game files.

/// The game files to mutate: distinct ones, spread evenly over the seeds (the demo's and
/// the siege example's turns come first, then the rule cases').
fn game_seeds(targets: &[Target]) -> Vec<&Target> {
    let mut seen = BTreeSet::new();
    let distinct: Vec<&Target> = targets
        .iter()
        .filter(|t| seen.insert(t.game_bytes.clone()))
        .collect();
    if scale() > 1 {
        return distinct;
    }
    let step = (distinct.len() / GAME_SEEDS).max(1);
    distinct
        .into_iter()
        .step_by(step)
        .take(GAME_SEEDS)
        .collect()
}

/// Mutant `n` of a target's game file: a value swapped for another value of the file (a
/// block's place, a side, a number, a card: the file stays well-formed YAML, so the
/// mutant reaches the rules), a number made extreme, a line deleted, duplicated or
/// swapped, a whole list item duplicated (a block twice), or any orders mutation.
fn game_mutant(t: &Target, n: u64) -> (Vec<u8>, String) {
    let mut rng = Rng::new(&format!("game:{}", t.name), n);
    let text = String::from_utf8(t.game_bytes.clone()).expect("game files are UTF-8");
    let spans = scalar_spans(&text);
    let mut vocab: Vec<String> = spans
        .iter()
        .map(|&(s, e)| text[s..e].to_string())
        .filter(|w| w.len() <= 40)
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    vocab.extend(
        [
            "persia",
            "Narnia",
            "pool",
            "eliminated",
            "besieged",
            "neutral",
            "none",
            "C99",
        ]
        .map(String::from),
    );
    let mut b = t.game_bytes.clone();
    let k = 1 + usize::from(rng.chance(25));
    let mut what = Vec::new();
    for _ in 0..k {
        let text = String::from_utf8_lossy(&b).into_owned();
        let spans = scalar_spans(&text);
        let op = rng.below(10);
        let w = match op {
            0..=4 if !spans.is_empty() => {
                let (s, e) = *rng.pick(&spans);
                let new = if op == 4 {
                    rng.pick(NUMBERS).to_string()
                } else {
                    rng.pick(&vocab).clone()
                };
                let mut out = text.clone();
                out.replace_range(s..e, &new);
                b = out.into_bytes();
                format!("replace {:?} at {s} by {new:?}", &text[s..e])
            }
            5 => {
                // A list item duplicated whole: from a `- ` line to the next at its indent.
                let ls = lines(&text);
                let items: Vec<usize> = (0..ls.len())
                    .filter(|&i| ls[i].trim_start().starts_with("- ") && ls[i].contains(':'))
                    .collect();
                if items.is_empty() {
                    "nothing (no items)".into()
                } else {
                    let i = *rng.pick(&items);
                    let indent = ls[i].len() - ls[i].trim_start().len();
                    let end = (i + 1..ls.len())
                        .find(|&j| ls[j].len() - ls[j].trim_start().len() <= indent)
                        .unwrap_or(ls.len());
                    let mut out = ls[..end].to_vec();
                    out.extend_from_slice(&ls[i..end]);
                    out.extend_from_slice(&ls[end..]);
                    b = out.concat().into_bytes();
                    format!("duplicate the item at line {}", i + 1)
                }
            }
            _ => mutate_once(&mut rng, &mut b, &vocab),
        };
        what.push(w);
    }
    (b, what.join("; "))
}

/// Adjudicates a turn with a mutated game file: Ok or a Failure, never a panic; the
/// diagnostics of an input failure well-formed.
fn fuzz_game(t: &Target, only: Option<u64>, stats: &mut Stats) -> Vec<String> {
    let mut failures = Vec::new();
    for n in only.map_or(0..MUTANTS_PER_GAME * scale(), |o| o..o + 1) {
        let (bytes, what) = game_mutant(t, n);
        stats.game_mutants += 1;
        let inp = inputs(t, None, Some(&bytes));
        let mut problems = Vec::new();
        match catch(|| pipeline::run_turn::<Hellenes>(&inp)) {
            Err(panic) => problems.push(format!("run_turn panicked on the game file: {panic}")),
            Ok(Ok(_)) => stats.games_adjudicated += 1,
            Ok(Err(f)) => {
                stats.games_refused += 1;
                if let Failure::Input(diags) = &f {
                    for d in diags {
                        // Each points into its own file (the game file, or an orders file
                        // checked against the changed game).
                        let (name, text) = d
                            .file
                            .as_ref()
                            .map(|f| (f.name.clone(), f.text.as_str().to_string()))
                            .unwrap_or_default();
                        problems.extend(check_diagnostic(d, &name, &text, &[]).0);
                    }
                }
                if let Err(p) = catch(|| f.render()) {
                    problems.push(format!("rendering the failure panicked: {p}"));
                }
            }
        }
        if !problems.is_empty() {
            let name = format!("game:{}", t.name);
            failures.push(report(&name, n, &what, &bytes, &problems));
        }
    }
    failures
}

#[test]
fn mutated_game_files_never_hurt() {
    quiet_panics();
    let targets = all_targets();
    let seeds = game_seeds(targets);
    assert!(seeds.len() >= GAME_SEEDS, "{} game files", seeds.len());
    let only = only();
    let (failures, stats) = in_two(&seeds, |t, stats| match &only {
        Some((name, n)) if name == &format!("game:{}", t.name) => fuzz_game(t, Some(*n), stats),
        Some(_) => Vec::new(),
        None => fuzz_game(t, None, stats),
    });
    eprintln!("game fuzz: {stats:?}");
    assert!(
        failures.is_empty(),
        "{} of {} game file mutants broke a promise:\n\n{}",
        failures.len(),
        stats.game_mutants,
        first_failures(&failures)
    );
    if only.is_none() {
        // Both outcomes must happen: mutants that reach the rules, and refused ones.
        assert!(
            stats.games_adjudicated > 20 && stats.games_refused > 20,
            "{stats:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Every game, through the registry.

/// One orders file of a game's example campaign, read once: its name, bytes and words,
/// and its side's view.
struct EverySeed {
    name: String,
    orig: Vec<u8>,
    words: Vec<String>,
    view: PathBuf,
    view_bytes: Vec<u8>,
}

/// Orders mutants per game in `mutated_orders_of_every_game_never_hurt`.
const MUTANTS_PER_EVERY_GAME: u64 = 400;

/// Issue 8: the promise holds for every game the registry plays, not only the one the
/// deep harness above knows. Seeds: each game's example campaign, played by the demo;
/// each orders file is mutated and checked against its side's view through the game's
/// `check_orders_bytes` (what `receive` does): no panic, and every diagnostic well made
/// (`check_diagnostic`). The leak and shadow checks stay with the game that has hidden
/// blocks (above).
#[test]
fn mutated_orders_of_every_game_never_hurt() {
    quiet_panics();
    let reg = dikast::games::builtin();
    let examples = repo().join("orders-examples");
    let tmp = std::env::temp_dir().join(format!("dikast-fuzz-every-{}", std::process::id()));
    let mut failures = Vec::new();
    let mut games = 0;
    for id in reg.ids() {
        let g = reg.find(id).expect("a registered game");
        let Some(scenario) = g
            .scenario_names()
            .iter()
            .find(|s| examples.join(s).is_dir())
        else {
            continue;
        };
        let dir = tmp.join(scenario);
        let _ = fs::remove_dir_all(&dir);
        dikast::demo::demo(&reg, Some(scenario), Some(&dir), &examples)
            .unwrap_or_else(|f| panic!("{}", f.render()));
        // (orders file, the view of its side on its turn)
        let seeds = hcases::orders_with_views(&dir);
        assert!(!seeds.is_empty(), "{id}: the demo left no orders files");
        games += 1;
        let (mut accepted, mut refused) = (0, 0);
        // Each seed read once.
        let seeds: Vec<EverySeed> = seeds
            .into_iter()
            .map(|(orders, view)| {
                let orig = fs::read(&orders).expect("orders");
                let words = String::from_utf8_lossy(&orig)
                    .split(|c: char| !(c.is_alphanumeric() || c == '-'))
                    .filter(|w| !w.is_empty())
                    .map(String::from)
                    .collect();
                let view_bytes = fs::read(&view).expect("view");
                let name = orders.file_name().unwrap().to_string_lossy().into_owned();
                EverySeed {
                    name,
                    orig,
                    words,
                    view,
                    view_bytes,
                }
            })
            .collect();
        for n in 0..MUTANTS_PER_EVERY_GAME {
            let EverySeed {
                name,
                orig,
                words,
                view,
                view_bytes,
            } = &seeds[n as usize % seeds.len()];
            let mut rng = Rng::new(&format!("{id}/{name}"), n);
            let mut b = orig.clone();
            let what = mutate_once(&mut rng, &mut b, words);
            let view_name = view.display().to_string();
            let got = catch(|| {
                g.check_orders_bytes(&view_name, view_bytes, name, &b, dikast::lang::Lang::En)
            });
            let mutant_text = match std::str::from_utf8(&b) {
                Ok(s) => s.strip_prefix('\u{feff}').unwrap_or(s).to_string(),
                Err(_) => String::from_utf8_lossy(&b).into_owned(),
            };
            let problems = match got {
                Err(p) => vec![format!("checking panicked: {p}")],
                Ok(Ok(_warnings)) => {
                    accepted += 1;
                    Vec::new()
                }
                Ok(Err(Failure::Input(diags))) => {
                    refused += 1;
                    diags
                        .iter()
                        .flat_map(|d| check_diagnostic(d, name, &mutant_text, &[]).0)
                        .collect()
                }
                Ok(Err(f)) => {
                    refused += 1;
                    let r = f.render();
                    if r.trim().is_empty() {
                        vec!["a failure without words".into()]
                    } else {
                        Vec::new()
                    }
                }
            };
            if !problems.is_empty() {
                failures.push(format!(
                    "{id} {name} mutant {n} ({what}):\n{}\n--- mutant\n{mutant_text}",
                    problems.join("\n")
                ));
            }
        }
        // Both outcomes happen, or the mutants prove little.
        assert!(
            accepted > 0 && refused > MUTANTS_PER_EVERY_GAME / 4,
            "{id}: {accepted} accepted, {refused} refused"
        );
    }
    let _ = fs::remove_dir_all(&tmp);
    assert!(games >= 2, "only {games} games have example campaigns");
    assert!(
        failures.is_empty(),
        "{} mutants broke a promise:\n\n{}",
        failures.len(),
        first_failures(&failures)
    );
}
