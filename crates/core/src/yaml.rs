//! Reading YAML that a person wrote, safely and with places.
//!
//! Orders, views and game files are parsed here into a small tree whose every node knows
//! its byte span, so that later checks can put a caret under the exact value they reject.
//! Hostile input is refused before it can hurt: a size limit, a depth and node limit, no
//! anchors or aliases (no alias bombs), valid UTF-8 only, a single document.

use crate::diag::{char_span, Diagnostic, SourceFile};
use saphyr_parser::{Event, Parser, ScalarStyle};

/// Largest file a person writes that we read (orders, scenario, campaign file).
pub const MAX_FILE_BYTES: usize = 4 * 1024 * 1024;

/// Largest file dikast itself writes and reads back (game files, views, reports, the
/// mail ledger). It must hold anything dikast can write: a game file is its scenario
/// (a file of at most `MAX_FILE_BYTES`, carried inline when not embedded), the state,
/// and what the players' orders put into it, which `check_bounds` limits to
/// `MAX_ORDERS_VALUES` values of at most `MAX_TEXT_CHARS` characters per side. Each such
/// value takes at most `MAX_VALUE_BYTES_WRITTEN` bytes once written (`orders_bound`).
pub const MAX_GAME_BYTES: usize = 64 * 1024 * 1024;

/// The most characters in one value of an orders file (an id, a place, a label pattern).
pub const MAX_TEXT_CHARS: usize = 100;
/// The most characters of `entropy:` (any text the player likes, but not a book).
pub const MAX_ENTROPY_CHARS: usize = 4_000;
/// The most items in one list or mapping of an orders file.
pub const MAX_ITEMS: usize = 200;
/// The most values (keys included) in one orders file.
pub const MAX_ORDERS_VALUES: usize = 2_000;
/// The most bytes one accepted value can take in a file dikast writes: 4 bytes per
/// character, each possibly escaped (`\u{XXXX}`-like, at most 10 bytes), its key or
/// `- ` and an indentation of up to 64 levels.
pub const MAX_VALUE_BYTES_WRITTEN: usize = MAX_TEXT_CHARS * 10 + 2 * MAX_DEPTH + 8;

/// The most bytes the orders of `sides` sides can add to a game file (and to each view).
pub const fn orders_bound(sides: usize) -> usize {
    sides * (MAX_ORDERS_VALUES * MAX_VALUE_BYTES_WRITTEN + MAX_ENTROPY_CHARS * 10)
}
const MAX_DEPTH: usize = 64;
const MAX_NODES: usize = 200_000;

/// A YAML node with its place in the source.
#[derive(Debug, Clone)]
pub struct Node {
    pub kind: Kind,
    /// Byte range in the source.
    pub span: (usize, usize),
}

#[derive(Debug, Clone)]
pub enum Kind {
    /// A scalar and whether it was plain (unquoted): `null`, numbers and booleans only
    /// count as such when plain.
    Scalar(String, bool),
    Seq(Vec<Node>),
    Map(Vec<(Node, Node)>),
}

impl Node {
    pub fn as_str(&self) -> Option<&str> {
        match &self.kind {
            Kind::Scalar(s, _) => Some(s),
            _ => None,
        }
    }
    pub fn is_null(&self) -> bool {
        matches!(&self.kind, Kind::Scalar(s, true) if s.is_empty() || s == "~" || s == "null" || s == "Null" || s == "NULL")
    }
    pub fn as_seq(&self) -> Option<&[Node]> {
        match &self.kind {
            Kind::Seq(v) => Some(v),
            _ => None,
        }
    }
    pub fn as_map(&self) -> Option<&[(Node, Node)]> {
        match &self.kind {
            Kind::Map(v) => Some(v),
            _ => None,
        }
    }
    /// The value under `key` in a mapping (keys compared case-insensitively).
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.as_map()?
            .iter()
            .find(|(k, _)| k.as_str().is_some_and(|s| s.eq_ignore_ascii_case(key)))
            .map(|(_, v)| v)
    }
    /// The scalar as an unsigned number, if it is one written plainly: digits only, no
    /// sign and no leading zero (`+5` and `05` are not numbers a person means; YAML
    /// itself reads `05` differently in its versions).
    pub fn as_u64(&self) -> Option<u64> {
        match &self.kind {
            Kind::Scalar(s, true) => {
                let t = s.trim();
                let plain = !t.is_empty()
                    && t.bytes().all(|b| b.is_ascii_digit())
                    && (t == "0" || !t.starts_with('0'));
                plain.then(|| t.parse().ok()).flatten()
            }
            _ => None,
        }
    }
    /// What kind of value this is, in words, for diagnostics.
    pub fn describe(&self) -> &'static str {
        match &self.kind {
            Kind::Scalar(_, _) if self.is_null() => "nothing (null)",
            Kind::Scalar(_, _) => "a single value",
            Kind::Seq(_) => "a list",
            Kind::Map(_) => "a mapping",
        }
    }
}

/// Reads a file's bytes as text, refusing non-UTF-8 with the place of the first bad byte.
pub fn decode(name: &str, bytes: &[u8]) -> Result<SourceFile, Diagnostic> {
    decode_within(name, bytes, MAX_FILE_BYTES)
}

/// `decode` with another size limit (`MAX_GAME_BYTES` for the files dikast writes).
pub fn decode_within(name: &str, bytes: &[u8], max: usize) -> Result<SourceFile, Diagnostic> {
    if bytes.len() > max {
        // The reader stops one byte past the limit: the file may be much larger.
        return Err(Diagnostic::new(
            "input::too-large",
            format!("{name} is larger than {max} bytes, the most dikast reads"),
        )
        .help("orders and game files are small text files: check that this is the right file"));
    }
    match std::str::from_utf8(bytes) {
        Ok(t) => {
            // Editors on Windows start UTF-8 files with a byte-order mark; it is not part
            // of the first key. (Hashes are always of the raw bytes, mark included.)
            let t = t.strip_prefix('\u{feff}').unwrap_or(t);
            let file = SourceFile::new(name, t);
            // YAML allows no control characters but tab and line breaks; the parser
            // would stop silently at a NUL and drop the rest of the file.
            if let Some((at, c)) = t.char_indices().find(|&(_, c)| {
                (c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\u{85}'))
                    || c == '\u{fffe}'
                    || c == '\u{ffff}'
            }) {
                return Err(Diagnostic::new(
                    "input::control-character",
                    format!(
                        "{name} holds a control character (U+{:04X}), which YAML does not allow",
                        c as u32
                    ),
                )
                .at(&file, (at, at + c.len_utf8()))
                .label(format!("U+{:04X} here", c as u32))
                .help(
                    "remove it: orders are plain text (was the file saved by a word processor?)",
                ));
            }
            if let Some(d) = odd_indentation(name, &file) {
                return Err(d);
            }
            Ok(file)
        }
        Err(e) => {
            let good = e.valid_up_to();
            if bytes.starts_with(&[0xff, 0xfe]) || bytes.starts_with(&[0xfe, 0xff]) {
                return Err(Diagnostic::new(
                    "input::not-utf8",
                    format!("{name} is UTF-16 text, not UTF-8"),
                )
                .help("save the file as UTF-8 (any editor can: \"Save with encoding: UTF-8\")"));
            }
            let file = SourceFile::new(name, String::from_utf8_lossy(bytes).into_owned());
            // In the lossy text the bad byte became U+FFFD at the same offset.
            Err(
                Diagnostic::new("input::not-utf8", format!("{name} is not UTF-8 text"))
                    .at(&file, (good, good + 3))
                    .label(format!(
                        "byte 0x{:02x} at offset {good} is not UTF-8",
                        bytes[good]
                    ))
                    .help("save the file as UTF-8 (any editor can: \"Save with encoding: UTF-8\")"),
            )
        }
    }
}

/// Spaces YAML does not read as spaces: text pasted from an HTML mail or a word
/// processor indents with them, and the parser then takes them for part of a key.
fn odd_space_name(c: char) -> Option<&'static str> {
    Some(match c {
        '\u{a0}' => "NO-BREAK SPACE",
        '\u{2007}' => "FIGURE SPACE",
        '\u{202f}' => "NARROW NO-BREAK SPACE",
        '\u{2000}'..='\u{2006}' | '\u{2008}'..='\u{200a}' => "a typographic space",
        '\u{200b}' => "ZERO WIDTH SPACE",
        '\u{3000}' => "IDEOGRAPHIC SPACE",
        '\u{feff}' => "ZERO WIDTH NO-BREAK SPACE",
        _ => return None,
    })
}

/// The first line whose indentation holds such a space, as a diagnostic naming the
/// character and its place.
fn odd_indentation(name: &str, file: &SourceFile) -> Option<Diagnostic> {
    let text = file.text.as_str();
    let mut start = 0;
    for line in text.split_inclusive(['\n', '\r']) {
        for (i, c) in line.char_indices() {
            if c == ' ' || c == '\t' {
                continue;
            }
            if let Some(what) = odd_space_name(c) {
                let at = start + i;
                let (l, col) = file.line_col(at);
                return Some(
                    Diagnostic::new(
                        "input::odd-space",
                        format!(
                            "{name} line {l} is indented with {what} (U+{:04X}) at column {col}, which YAML does not read as a space",
                            c as u32
                        ),
                    )
                    .at(file, (at, at + c.len_utf8()))
                    .label(format!("U+{:04X} {what}", c as u32))
                    .help("indent with ordinary spaces (such spaces come with text pasted from an HTML mail or a word processor)"),
                );
            }
            break;
        }
        start += line.len();
    }
    None
}

/// Byte offsets of each line start, to turn the parser's line/column into byte offsets.
/// The parser reports places in order, so the last one found is where the next search
/// starts: a 4 MiB line of 100 000 values costs one pass, not one pass per value.
struct Lines {
    starts: Vec<usize>,
    /// The last place found: line, column (in characters) and byte offset.
    last: std::cell::Cell<(usize, usize, usize)>,
}

impl Lines {
    /// Lines end as the parser ends them: `\n`, `\r\n` or a lone `\r`.
    fn new(text: &str) -> Lines {
        let mut starts = vec![0];
        let bytes = text.as_bytes();
        for (i, &b) in bytes.iter().enumerate() {
            if b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
                starts.push(i + 1);
            }
        }
        Lines {
            starts,
            last: std::cell::Cell::new((1, 0, 0)),
        }
    }
    /// `line` is 1-based, `col` 0-based in characters.
    fn offset(&self, text: &str, line: usize, col: usize) -> usize {
        let (last_line, last_col, last_at) = self.last.get();
        let (from_col, from) = if line == last_line && col >= last_col {
            (last_col, last_at)
        } else {
            let start = *self
                .starts
                .get(line.saturating_sub(1))
                .unwrap_or(&text.len());
            (0, start.min(text.len()))
        };
        let rest = &text[from..];
        let at = from
            + rest
                .char_indices()
                .nth(col - from_col)
                .map(|(i, _)| i)
                .unwrap_or(rest.len());
        self.last.set((line, col, at));
        at
    }
}

/// An offset the caret can stand on: errors found at the end of the input point at the
/// last character written instead (there is nothing to underline past the end).
fn at_text(text: &str, at: usize) -> usize {
    let end = text.trim_end().len();
    if at < end || end == 0 {
        return at.min(text.len());
    }
    crate::diag::floor_char(text, end - 1)
}

/// A span clamped into the text, on character boundaries.
fn clamp(text: &str, (s, e): (usize, usize)) -> (usize, usize) {
    let s = crate::diag::floor_char(text, s.min(text.len()));
    let mut e = e.clamp(s, text.len());
    while !text.is_char_boundary(e) {
        e += 1;
    }
    (s, e)
}

/// The `&` of the anchor the parser reports at a node's start: the node's span begins
/// after its anchor, and the caret belongs under the anchor.
fn anchor_before(text: &str, start: usize) -> usize {
    text[..crate::diag::floor_char(text, start.min(text.len()))]
        .rfind('&')
        .unwrap_or(start)
}

/// Parses one YAML document into a spanned tree. An empty document is a null scalar.
pub fn parse(file: &SourceFile) -> Result<Node, Diagnostic> {
    parse_inner(file, false)
}

/// `parse`, refusing YAML tags (`!!str 5`, `!x`) too: in a file a person writes they
/// would change what a value means without showing it (`parse_strict`).
fn parse_inner(file: &SourceFile, refuse_tags: bool) -> Result<Node, Diagnostic> {
    let text = file.text.as_str();
    let lines = Lines::new(text);
    let mut parser = Parser::new_from_str(text);
    let mut tree = Tree {
        file,
        text,
        refuse_tags,
        stack: Vec::new(),
        root: None,
        nodes: 0,
        documents: 0,
    };
    loop {
        let (event, span) = match parser.next_event() {
            None => break,
            Some(Ok(x)) => x,
            Some(Err(e)) => {
                let m = e.marker();
                let at = at_text(text, lines.offset(text, m.line(), m.col()));
                return Err(tree.syntax_error(e.info(), at));
            }
        };
        let start = lines.offset(text, span.start.line(), span.start.col());
        let end = lines
            .offset(text, span.end.line(), span.end.col())
            .max(start);
        if let Some(node) = tree.node_of(event, start, end)? {
            tree.attach(node)?;
        }
    }
    Ok(tree.root.unwrap_or(Node {
        kind: Kind::Scalar(String::new(), true),
        span: (0, 0),
    }))
}

/// The tree `parse_inner` builds as the parser's events come: the collections open, each
/// with the key waiting for its value in a mapping, and the counts the limits bound.
struct Tree<'f> {
    file: &'f SourceFile,
    text: &'f str,
    refuse_tags: bool,
    stack: Vec<(Node, Option<Node>)>,
    root: Option<Node>,
    nodes: usize,
    documents: usize,
}

impl Tree<'_> {
    /// A diagnostic with its caret at byte `at`.
    fn bad(&self, code: &str, msg: String, at: usize, label: &str) -> Diagnostic {
        Diagnostic::new(code, msg)
            .at(self.file, char_span(self.text, at))
            .label(label.to_string())
    }

    /// The parser's error at byte `at`: nesting past `MAX_DEPTH`, or broken YAML.
    fn syntax_error(&self, info: &str, at: usize) -> Diagnostic {
        if info.contains("recursion limit") {
            return self.too_deep(at);
        }
        Diagnostic::new("yaml::syntax", format!("this is not valid YAML: {info}"))
            .at(self.file, char_span(self.text, at))
            .label("the YAML breaks here")
            .help("check the indentation and that every `key: value` has its colon and space")
    }

    fn too_deep(&self, at: usize) -> Diagnostic {
        self.bad(
            "yaml::too-deep",
            format!("the YAML nests deeper than {MAX_DEPTH} levels"),
            at,
            "too deep",
        )
        .help("orders are a few levels deep at most")
    }

    /// An anchor (`&name`) or, with `refuse_tags`, a tag on the value at `start`.
    fn refused_mark(&self, anchor: bool, tag: bool, start: usize) -> Result<(), Diagnostic> {
        if self.refuse_tags && tag {
            return Err(tag_refused(self.file, self.text, start));
        }
        if anchor {
            return Err(self
                .bad(
                    "yaml::anchor",
                    "YAML anchors (`&name`) are not allowed".into(),
                    anchor_before(self.text, start),
                    "anchor",
                )
                .help("write each value out in full"));
        }
        Ok(())
    }

    /// The node an event completes (a scalar, or a collection it closes); `None` for an
    /// event that completes none (a collection opened, the stream's and documents'
    /// bounds). Refuses a second document, aliases, anchors and (with `refuse_tags`) tags.
    fn node_of(
        &mut self,
        event: Event<'_>,
        start: usize,
        end: usize,
    ) -> Result<Option<Node>, Diagnostic> {
        let text = self.text;
        match event {
            Event::StreamStart | Event::StreamEnd | Event::Nothing | Event::DocumentEnd => Ok(None),
            Event::DocumentStart(_) => {
                self.documents += 1;
                if self.documents > 1 {
                    return Err(self
                        .bad(
                            "yaml::many-documents",
                            "a file must hold one YAML document".into(),
                            start,
                            "a second document starts here",
                        )
                        .help(
                            "remove the `---` line and what follows, or send it as its own file",
                        ));
                }
                Ok(None)
            }
            Event::Alias(_) => Err(self
                .bad(
                    "yaml::alias",
                    "YAML aliases (`*name`) are not allowed".into(),
                    start,
                    "alias",
                )
                .help("write the value out in full")),
            Event::Scalar(value, style, anchor, tag) => {
                self.refused_mark(anchor != 0, tag.is_some(), start)?;
                let end = if end > start {
                    end
                } else {
                    start + value.len().max(1)
                };
                let span = clamp(text, (start, end));
                Ok(Some(Node {
                    kind: Kind::Scalar(value.into_owned(), style == ScalarStyle::Plain),
                    // An empty value at the very end: the caret goes under the last
                    // character written (nothing can be underlined past the end).
                    span: if span.0 == text.len() {
                        char_span(text, at_text(text, span.0))
                    } else {
                        span
                    },
                }))
            }
            Event::SequenceStart(anchor, ref tag) | Event::MappingStart(anchor, ref tag) => {
                self.refused_mark(anchor != 0, tag.is_some(), start)?;
                if self.stack.len() >= MAX_DEPTH {
                    return Err(self.too_deep(start));
                }
                let kind = if matches!(event, Event::SequenceStart(..)) {
                    Kind::Seq(Vec::new())
                } else {
                    Kind::Map(Vec::new())
                };
                self.stack.push((
                    Node {
                        kind,
                        span: (start, end),
                    },
                    None,
                ));
                Ok(None)
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let (mut n, pending) = self.stack.pop().expect("the parser balances collections");
                debug_assert!(pending.is_none());
                n.span = clamp(text, (n.span.0, end.max(n.span.1)));
                Ok(Some(n))
            }
        }
    }

    /// A completed node counted (at most `MAX_NODES`) and put in its place: the root, an
    /// item of the open list, or a key or value of the open mapping.
    fn attach(&mut self, node: Node) -> Result<(), Diagnostic> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return Err(self
                .bad(
                    "yaml::too-many",
                    format!("the YAML has more than {MAX_NODES} values"),
                    node.span.0,
                    "here",
                )
                .help("orders are short: check that this is the right file"));
        }
        match self.stack.last_mut() {
            None => self.root = Some(node),
            Some((parent, pending)) => {
                // Grow the parent's span to cover its children (block collections end early).
                parent.span.1 = parent.span.1.max(node.span.1);
                match &mut parent.kind {
                    Kind::Seq(items) => items.push(node),
                    Kind::Map(pairs) => match pending.take() {
                        None => *pending = Some(node),
                        Some(key) => pairs.push((key, node)),
                    },
                    Kind::Scalar(..) => unreachable!("scalars have no children"),
                }
            }
        }
        Ok(())
    }
}

/// A tag's diagnostic: the caret under its `!`.
fn tag_refused(file: &SourceFile, text: &str, start: usize) -> Diagnostic {
    let before = &text[..crate::diag::floor_char(text, start.min(text.len()))];
    let at = before
        .rfind('!')
        .map(|i| before[..i].trim_end_matches('!').len())
        .unwrap_or(start);
    Diagnostic::new(
        "yaml::tag",
        "YAML tags (`!!str`, `!name`) are not allowed in orders",
    )
    .at(file, char_span(text, at))
    .label("tag")
    .help("write the value alone: quotes make text (`\"5\"`), a plain number is a number")
}

/// The bounds of an orders file (`MAX_TEXT_CHARS`, `MAX_ENTROPY_CHARS`, `MAX_ITEMS`,
/// `MAX_ORDERS_VALUES`), whatever the game: what a player sends may reach the next game
/// file, and no orders a checker accepts may make it too large to read again
/// (`MAX_GAME_BYTES`) or every later turn slow. One diagnostic per value too long or
/// collection too large, in the order of the file.
pub fn check_bounds(file: &SourceFile, root: &Node) -> Vec<Diagnostic> {
    fn walk(
        file: &SourceFile,
        n: &Node,
        limit: usize,
        count: &mut usize,
        out: &mut Vec<Diagnostic>,
    ) {
        *count += 1;
        match &n.kind {
            Kind::Scalar(s, _) => {
                // Counting stops past the limit: a value of millions of characters costs
                // no more than one of a hundred.
                let len = s.chars().take(limit + 1).count();
                if len > limit {
                    let total = s.chars().count();
                    out.push(
                        Diagnostic::new(
                            "orders::too-long",
                            format!(
                                "this value is {total} characters long; a value in orders has at most {limit}"
                            ),
                        )
                        .at(file, char_span(&file.text, n.span.0))
                        .label(format!("{total} characters from here"))
                        .rule(format!(
                            "ids, places and labels are at most {MAX_TEXT_CHARS} characters, `entropy` at most {MAX_ENTROPY_CHARS}"
                        ))
                        .help("write the value out as your view names it"),
                    );
                }
            }
            Kind::Seq(items) => {
                if items.len() > MAX_ITEMS {
                    out.push(too_many(file, n, items.len(), "list"));
                }
                for i in items {
                    walk(file, i, MAX_TEXT_CHARS, count, out);
                }
            }
            Kind::Map(pairs) => {
                if pairs.len() > MAX_ITEMS {
                    out.push(too_many(file, n, pairs.len(), "mapping"));
                }
                for (k, v) in pairs {
                    walk(file, k, MAX_TEXT_CHARS, count, out);
                    walk(file, v, MAX_TEXT_CHARS, count, out);
                }
            }
        }
    }
    fn too_many(file: &SourceFile, n: &Node, len: usize, what: &str) -> Diagnostic {
        Diagnostic::new(
            "orders::too-many-items",
            format!("this {what} has {len} entries; a {what} in orders has at most {MAX_ITEMS}"),
        )
        .at(file, char_span(&file.text, n.span.0))
        .label(format!("{len} entries from here"))
        .help("no order needs that many: send only what your view names")
    }
    let mut out = Vec::new();
    let mut count = 0;
    match &root.kind {
        // The top level: `entropy` may be longer than an id.
        Kind::Map(pairs) => {
            count += 1;
            if pairs.len() > MAX_ITEMS {
                out.push(too_many(file, root, pairs.len(), "mapping"));
            }
            for (k, v) in pairs {
                let entropy = k
                    .as_str()
                    .is_some_and(|s| s.eq_ignore_ascii_case("entropy"));
                walk(file, k, MAX_TEXT_CHARS, &mut count, &mut out);
                let limit = if entropy {
                    MAX_ENTROPY_CHARS
                } else {
                    MAX_TEXT_CHARS
                };
                walk(file, v, limit, &mut count, &mut out);
            }
        }
        _ => walk(file, root, MAX_TEXT_CHARS, &mut count, &mut out),
    }
    if count > MAX_ORDERS_VALUES {
        out.push(
            Diagnostic::new(
                "orders::too-many-values",
                format!(
                    "these orders hold {count} values; orders hold at most {MAX_ORDERS_VALUES}"
                ),
            )
            .in_file(file)
            .help("no turn needs that many orders: send only what your view names"),
        );
    }
    out
}

/// Parses then checks there are no duplicate keys in any mapping (YAML forbids them;
/// a duplicate `actions:` would otherwise silently drop orders).
pub fn parse_strict(file: &SourceFile) -> Result<Node, Vec<Diagnostic>> {
    let root = parse_inner(file, true).map_err(|d| vec![d])?;
    let mut diags = Vec::new();
    find_duplicate_keys(file, &root, &mut diags);
    if diags.is_empty() {
        Ok(root)
    } else {
        Err(diags)
    }
}

fn find_duplicate_keys(file: &SourceFile, node: &Node, out: &mut Vec<Diagnostic>) {
    match &node.kind {
        Kind::Map(pairs) => {
            // The first key of each spelling (ASCII case ignored), found in a map: a
            // mapping of many keys must not take quadratic time.
            let mut seen: std::collections::BTreeMap<String, &Node> =
                std::collections::BTreeMap::new();
            for (k, v) in pairs {
                if let Some(name) = k.as_str() {
                    if let Some(first) = seen.get(&name.to_ascii_lowercase()) {
                        // Finding a line reads the text up to it: only for the
                        // diagnostics that will be shown.
                        let label = if out.len() < crate::diag::MAX_PER_FILE {
                            format!("already given on line {}", file.line_col(first.span.0).0)
                        } else {
                            "already given".into()
                        };
                        out.push(
                            Diagnostic::new(
                                "yaml::duplicate-key",
                                format!("`{name}` is given twice in the same mapping"),
                            )
                            .at(file, k.span)
                            .label(label)
                            .help("merge the two into one entry"),
                        );
                    } else {
                        seen.insert(name.to_ascii_lowercase(), k);
                    }
                }
                find_duplicate_keys(file, v, out);
            }
        }
        Kind::Seq(items) => items.iter().for_each(|n| find_duplicate_keys(file, n, out)),
        Kind::Scalar(..) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(text: &str) -> SourceFile {
        SourceFile::new("t.yaml", text)
    }

    #[test]
    fn spans_point_at_values() {
        let src = f("game: Éllas\nactions:\n  - move: [ATH-1, ATH-2]\n    path: \"x\"\n");
        let root = parse(&src).unwrap();
        let g = root.get("game").unwrap();
        assert_eq!(&src.text[g.span.0..g.span.1], "Éllas");
        let a = &root.get("actions").unwrap().as_seq().unwrap()[0];
        let m = a.get("move").unwrap().as_seq().unwrap();
        assert_eq!(&src.text[m[1].span.0..m[1].span.1], "ATH-2");
        assert_eq!(src.line_col(m[1].span.0), (3, 19));
        let p = a.get("path").unwrap();
        assert_eq!(p.as_str(), Some("x"));
        assert!(!matches!(p.kind, Kind::Scalar(_, true)));
    }

    #[test]
    fn the_game_file_limit_holds_anything_dikast_can_write() {
        // A game file: its scenario carried inline (every byte escaped at worst), the
        // orders of up to five players at their bounds, and the state itself (the 431
        // game's is some 40 KB; 8 MiB is two hundred times that).
        let most = MAX_FILE_BYTES * 10 + orders_bound(5) + 8 * 1024 * 1024;
        assert!(most <= MAX_GAME_BYTES, "{most} > {MAX_GAME_BYTES}");
    }

    #[test]
    fn orders_are_bounded_value_by_value() {
        let long = format!("a: {}\nentropy: {}\n", "x".repeat(101), "y".repeat(4000));
        let src = f(&long);
        let d = check_bounds(&src, &parse(&src).unwrap());
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].code, "orders::too-long");
        assert_eq!(d[0].location().as_deref(), Some("t.yaml:1:4"));
        let list = format!("a: [{}]\n", vec!["1"; MAX_ITEMS + 1].join(", "));
        let src = f(&list);
        assert_eq!(
            check_bounds(&src, &parse(&src).unwrap())[0].code,
            "orders::too-many-items"
        );
        let fine = format!("a: [{}]\n", vec!["1"; MAX_ITEMS].join(", "));
        let src = f(&fine);
        assert!(check_bounds(&src, &parse(&src).unwrap()).is_empty());
        let many: String = (0..MAX_ORDERS_VALUES / 20)
            .map(|i| format!("k{i}: [{}]\n", vec!["1"; 19].join(", ")))
            .collect();
        let src = f(&many);
        assert_eq!(
            check_bounds(&src, &parse(&src).unwrap())
                .last()
                .unwrap()
                .code,
            "orders::too-many-values"
        );
    }

    #[test]
    fn hostile_input_is_refused() {
        let anchor = parse(&f("a: &x [1]\nb: *x\n")).unwrap_err();
        assert_eq!(anchor.code, "yaml::anchor");
        assert_eq!(anchor.location().as_deref(), Some("t.yaml:1:4"));
        assert_eq!(parse(&f("a: [1\n")).unwrap_err().code, "yaml::syntax");
        assert_eq!(
            parse(&f("a: 1\n---\nb: 2\n")).unwrap_err().code,
            "yaml::many-documents"
        );
        let deep = "[".repeat(100) + &"]".repeat(100);
        assert_eq!(parse(&f(&deep)).unwrap_err().code, "yaml::too-deep");
        assert_eq!(
            parse_strict(&f("a: 1\nA: 2\n")).unwrap_err()[0].code,
            "yaml::duplicate-key"
        );
        assert_eq!(
            decode("x", b"a: \xff\n").unwrap_err().code,
            "input::not-utf8"
        );
        // A NUL would end the parse silently and drop the rest of the file.
        let nul = decode("x", b"a: 1\0\nb: 2\n").unwrap_err();
        assert_eq!(nul.code, "input::control-character");
        assert_eq!(nul.location().as_deref(), Some("x:1:5"));
    }

    #[test]
    fn lone_cr_ends_a_line() {
        // A lone CR ends a line as the parser has it: spans point at their values.
        let src = f("game: g\rside: athens\r\nturn: 3\r");
        let root = parse(&src).unwrap();
        let side = root.get("side").unwrap();
        assert_eq!(&src.text[side.span.0..side.span.1], "athens");
        assert_eq!(src.line_col(side.span.0), (2, 7));
        let turn = root.get("turn").unwrap();
        assert_eq!(&src.text[turn.span.0..turn.span.1], "3");
    }

    #[test]
    fn spans_on_long_lines_of_many_values() {
        let items: Vec<String> = (0..2000).map(|i| format!("Éé{i}")).collect();
        let src = f(&format!("a: [{}]\nb: [x, ü]\n", items.join(", ")));
        let root = parse(&src).unwrap();
        let a = root.get("a").unwrap().as_seq().unwrap();
        for (n, item) in a.iter().enumerate().step_by(199) {
            assert_eq!(&src.text[item.span.0..item.span.1], items[n]);
        }
        let b = root.get("b").unwrap().as_seq().unwrap();
        assert_eq!(&src.text[b[1].span.0..b[1].span.1], "ü");
        // An error at the end of the input still finds the last character written.
        let d = parse(&f("a: [1, 2]\nb: [ü, 2, x\n")).unwrap_err();
        assert_eq!(d.location().as_deref(), Some("t.yaml:2:11"));
    }

    #[test]
    fn spans_stay_in_the_text() {
        // An empty value at the very end points at the last character, not past it.
        let src = f("a:\n  -");
        let root = parse(&src).unwrap();
        let item = &root.get("a").unwrap().as_seq().unwrap()[0];
        assert_eq!(item.span, (src.text.len() - 1, src.text.len()));
        // A caret before a multi-byte character covers the whole character.
        let src = f("a:\n  - b: 1\n   ß c: 2\n");
        let d = parse(&src).unwrap_err();
        let (s, e) = d.span.unwrap();
        assert!(
            src.text.is_char_boundary(s) && src.text.is_char_boundary(e) && e <= src.text.len()
        );
    }

    #[test]
    fn byte_order_mark_and_end_of_input() {
        let f = decode("x", b"\xef\xbb\xbfgame: g\n").unwrap();
        assert_eq!(parse(&f).unwrap().get("game").unwrap().as_str(), Some("g"));
        // An error at the end of the input points at the last character written.
        let d = parse(&super::SourceFile::new("x", "a: 1\nb: [2\n\n")).unwrap_err();
        assert_eq!(d.location().as_deref(), Some("x:2:5"));
    }
}
