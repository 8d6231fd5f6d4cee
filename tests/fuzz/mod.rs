//! The mutation fuzzer every game's inputs go through (tests/fuzz_inputs.rs): a
//! fixed-seed PRNG (splitmix64, seeded from a seed file's name and the mutant's number
//! only; no OS randomness, no clock), the mutations of orders and game files (byte flips,
//! deletions, insertions, duplicated ranges, swapped lines, changed indentation and line
//! ends, scalars replaced by long text, numbers, lists, mappings, null, a long token,
//! awkward Unicode, near-miss ids, duplicated keys, deep nesting, anchors and tags; a game
//! file's values swapped for other values of the file), and the checks that hold for any
//! game: no panic (`catch`), every diagnostic well made (`check_diagnostic`), a failure
//! reported with its mutant and how to rerun it (`report`, `DIKAST_FUZZ_ONLY`,
//! `DIKAST_FUZZ_SCALE`). A game with hidden blocks and cards has its deep harness here
//! too (`hellenes`: leaks, twins, shadow games).
#![allow(dead_code)]

pub mod hellenes;

use dikast::diag::{Diagnostic, SourceFile};
use dikast::yaml::{self, Kind, Node};
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::fs;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

// ---------------------------------------------------------------------------------------
// The PRNG: splitmix64, seeded from the seed file's name and the mutant's number only.

pub struct Rng(u64);

impl Rng {
    pub fn new(name: &str, n: u64) -> Rng {
        // FNV-1a of the name, then the mutant number: each mutant stands alone.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in name.bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        Rng(h ^ n.wrapping_mul(0x9e37_79b9_7f4a_7c15))
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// The words of a text, in ASCII lower case: runs of letters, digits and `-` (so `SPA-1`
/// is a word and is not in `SPA-10`).
pub fn words_of(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect()
}

/// Whether `word` (an id) is one of `words`.
pub fn has(words: &BTreeSet<String>, word: &str) -> bool {
    words.contains(&word.to_ascii_lowercase())
}

// ---------------------------------------------------------------------------------------
// Mutations.

pub const AWKWARD: &[&str] = &[
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

pub const NUMBERS: &[&str] = &[
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

pub const SHAPES: &[&str] = &[
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
pub const BYTES: &[u8] = &[
    b':', b'-', b'[', b']', b'{', b'}', b'#', b'"', b'\'', b'\n', b'\r', b' ', b'\t', b'&', b'*',
    b'!', b'|', b'>', b'%', b'@', b'`', b',', b'?', b'\\', 0x00, 0x7f, 0xff, 0xc3, 0x80, 0xe2,
    0xf0,
];

/// Spans of the scalars of a file (parsed with dikast's own reader), keys and values
/// alike.
pub fn scalar_spans(text: &str) -> Vec<(usize, usize)> {
    node_spans(text, true)
}

/// Spans of the nodes of a file: its scalars, or (`scalars_only` false) its lists and
/// mappings but the root.
pub fn node_spans(text: &str, scalars_only: bool) -> Vec<(usize, usize)> {
    pub fn walk(n: &Node, all: bool, out: &mut Vec<(usize, usize)>) {
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
pub fn near_miss(rng: &mut Rng, w: &str) -> String {
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
pub fn lines(text: &str) -> Vec<String> {
    text.split_inclusive('\n').map(String::from).collect()
}

/// One mutation of `b` (bytes; `text` when they are UTF-8). Says what it did.
pub fn mutate_once(rng: &mut Rng, b: &mut Vec<u8>, words: &[String]) -> String {
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
pub fn line_start(rng: &mut Rng, t: &str) -> usize {
    let starts: Vec<usize> = std::iter::once(0)
        .chain(t.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    *rng.pick(&starts)
}

/// The column (in bytes) of offset `at` on its line.
pub fn col_of(t: &str, at: usize) -> usize {
    at - t[..at].rfind('\n').map_or(0, |i| i + 1)
}

/// After lines moved, the last one may lack its break: give every line one.
pub fn fix_last_break(ls: &mut [String]) {
    for l in ls.iter_mut() {
        if !l.ends_with('\n') {
            l.push('\n');
        }
    }
}

pub fn replace_scalar(rng: &mut Rng, b: &mut Vec<u8>, t: &str, with: &str, what: &str) -> String {
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

/// Mutant `n` of a game file (`name` names it in the mutants' seeds and reports): a value swapped for another value of the file (a
/// block's place, a side, a number, a card: the file stays well-formed YAML, so the
/// mutant reaches the rules), a number made extreme, a line deleted, duplicated or
/// swapped, a whole list item duplicated (a block twice), or any orders mutation.
pub fn game_mutant(name: &str, game: &[u8], n: u64) -> (Vec<u8>, String) {
    let mut rng = Rng::new(&format!("game:{name}"), n);
    let text = String::from_utf8(game.to_vec()).expect("game files are UTF-8");
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
    let mut b = game.to_vec();
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

// ---------------------------------------------------------------------------------------
// The checks.

thread_local! {
    /// Inside `catch`: the last panic's message and place, kept for the failure report.
    static CAUGHT: RefCell<Option<Option<String>>> = const { RefCell::new(None) };
}

/// Panics inside `catch` are reported with their mutant, so the hook only keeps their
/// message; any other panic (the test's own assertions) is printed as usual.
pub fn quiet_panics() {
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

pub fn catch<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    let outer = CAUGHT.with(|c| c.borrow_mut().replace(None));
    let r = panic::catch_unwind(AssertUnwindSafe(f));
    let message = CAUGHT.with(|c| std::mem::replace(&mut *c.borrow_mut(), outer));
    r.map_err(|_| message.flatten().unwrap_or_else(|| "a panic".into()))
}

/// Whether the rendering shows the message (miette wraps long lines behind a gutter).
pub fn shows(rendered: &str, message: &str) -> bool {
    let squash = |t: &str| -> String {
        t.chars()
            .filter(|c| !c.is_whitespace() && *c != '│')
            .collect()
    };
    squash(rendered).contains(&squash(message))
}

/// What is wrong with one diagnostic about a file whose text is `text` (the mutant's),
/// given to a side that may not see `hidden`, if anything. Returns its rendering too.
pub fn check_diagnostic(
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

/// A failure report for one mutant; the mutant is also written to a file.
pub fn report(seed: &str, n: u64, what: &str, bytes: &[u8], problems: &[String]) -> String {
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
pub struct Stats {
    pub mutants: usize,
    pub accepted: usize,
    pub diagnostics: usize,
    pub runs: usize,
    /// Mutants checked against the shadow view; twins compared.
    pub shadows: usize,
    pub twins: usize,
    pub game_mutants: usize,
    pub games_adjudicated: usize,
    pub games_refused: usize,
}

impl Stats {
    pub fn add(&mut self, o: &Stats) {
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

/// The first failures in full (every mutant is in `$TMPDIR/dikast-fuzz/` anyway).
pub fn first_failures(failures: &[String]) -> String {
    const SHOWN: usize = 20;
    let mut out = failures[..failures.len().min(SHOWN)].join("\n");
    if failures.len() > SHOWN {
        out.push_str(&format!("\n… and {} more\n", failures.len() - SHOWN));
    }
    out
}

/// `DIKAST_FUZZ_SCALE=<k>`: k times the mutants (and every game file), for a longer
/// search than CI's; the first mutants are the same ones.
pub fn scale() -> u64 {
    std::env::var("DIKAST_FUZZ_SCALE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1)
        .max(1)
}

/// `DIKAST_FUZZ_ONLY=<seed name>#<n>`: one mutant alone.
pub fn only() -> Option<(String, u64)> {
    let v = std::env::var("DIKAST_FUZZ_ONLY").ok()?;
    let (name, n) = v.rsplit_once('#')?;
    Some((name.to_string(), n.parse().ok()?))
}

/// Runs `work` over the items in two workers (CI has two cores); the failures and the
/// statistics of both.
pub fn in_two<T: Sync>(
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
