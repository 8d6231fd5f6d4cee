//! Writing YAML fast, byte for byte as serde_yaml writes it: the files dikast writes most
//! (game files, views) are block mappings and lists of short scalars, and serde_yaml's
//! emitter (an event machine ported from libyaml) cost a third of an adjudication's
//! instructions to write them (issue 14).
//!
//! `to_string` writes the common shapes itself and hands everything else to serde_yaml,
//! so that its output is always serde_yaml's:
//! - a string is written plain only when serde_yaml would write it plain with certainty
//!   (`surely_plain`); any other string is written by serde_yaml, alone in a mapping of
//!   one key, and cut out of that (a one-line scalar is written the same wherever it
//!   stands in block context);
//! - a document holding anything whose layout depends on more than that (a string over
//!   several lines, a float, an enum variant with data, which serde_yaml writes as a tag,
//!   a key that is not a short string or an integer) is written by serde_yaml whole.
//!
//! Debug builds (every test) write each document both ways and panic on any difference,
//! so the whole suite checks the claim on every file it makes.

use serde::ser::{self, Serialize};
use std::fmt;

/// YAML text of a value, exactly as `serde_yaml::to_string` gives it.
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String, serde_yaml::Error> {
    let fast = fast(value);
    #[cfg(debug_assertions)]
    if let Some(fast) = &fast {
        let slow = serde_yaml::to_string(value)?;
        assert_eq!(
            *fast, slow,
            "yaml_emit wrote a document otherwise than serde_yaml"
        );
    }
    match fast {
        Some(text) => Ok(text),
        None => serde_yaml::to_string(value),
    }
}

/// The document written here, or `None` when serde_yaml must write it.
fn fast<T: Serialize + ?Sized>(value: &T) -> Option<String> {
    let mut e = Emitter {
        out: String::with_capacity(4096),
        stack: Vec::new(),
        next: Place::Root,
    };
    value.serialize(&mut e).ok()?;
    e.stack.is_empty().then_some(e.out)
}

/// Where the value being written stands, which decides what precedes it.
#[derive(Clone, Copy)]
enum Place {
    /// The whole document.
    Root,
    /// After `key:` in a mapping whose entries begin at this column.
    Value(usize),
    /// After `-` in a list whose items begin at this column.
    Item(usize),
}

/// A mapping or list being written.
struct Open {
    map: bool,
    /// Where it stands.
    place: Place,
    /// The column its entries begin at (after the first, which may follow `- `).
    indent: usize,
    /// No entry written yet.
    empty: bool,
}

struct Emitter {
    out: String,
    stack: Vec<Open>,
    /// Where the next value written stands.
    next: Place,
}

/// serde_yaml must write this document (or this key).
#[derive(Debug)]
struct Unsupported;

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("left to serde_yaml")
    }
}

impl std::error::Error for Unsupported {}

impl ser::Error for Unsupported {
    fn custom<M: fmt::Display>(_: M) -> Self {
        Unsupported
    }
}

type R = Result<(), Unsupported>;

/// Whether serde_yaml writes this string plain, as it is, wherever it stands in block
/// context. Sure, not exact: false sends the string to serde_yaml, which then decides.
/// serde_yaml quotes a string that would read back as something else (a bool, null, a
/// number: only `true`/`false`/`null` in three spellings and `~` among strings that begin
/// with a letter); libyaml then writes plain what has no indicator first, no space at
/// either end, no `: ` or ` #`, and only printable characters on one line.
pub fn surely_plain(s: &str) -> bool {
    let mut chars = s.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    let letter = |c: char| c.is_ascii_alphabetic() || other_letter(c);
    if !letter(first) || s.ends_with(' ') {
        return false;
    }
    const WORDS: [&str; 11] = [
        "true", "false", "null", "yes", "no", "on", "off", "y", "n", "inf", "nan",
    ];
    let word = s.len() <= 5 && WORDS.iter().any(|w| w.eq_ignore_ascii_case(s));
    !word
        && s.chars().all(|c| {
            c.is_ascii_alphanumeric()
                || other_letter(c)
                || matches!(
                    c,
                    ' ' | '-' | '_' | '.' | '/' | '(' | ')' | '+' | ',' | '\''
                )
        })
}

/// A letter outside ASCII that libyaml writes as it is (printable, not a line break, in
/// the Basic Multilingual Plane below the surrogates): Greek, Cyrillic, accented Latin.
fn other_letter(c: char) -> bool {
    ('\u{C0}'..='\u{2000}').contains(&c) && c.is_alphabetic()
}

/// A digest or a key in hex (`3dc9fd46…`), which serde_yaml writes plain when it holds
/// a letter other than `e`: then it reads as no number (an integer in hex needs `0x`, a
/// float's only letter is its exponent's `e`), and a digit is no indicator to libyaml.
fn surely_plain_hex(s: &str) -> bool {
    s.bytes()
        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        && s.bytes().any(|b| matches!(b, b'a'..=b'd' | b'f'))
}

/// A string serde_yaml writes between single quotes, written so (`'` doubled): one that
/// holds `: ` (so libyaml may not write it plain) and only characters single quotes may
/// hold on one line.
fn surely_single_quoted(s: &str) -> Option<String> {
    let printable = |c: char| (' '..='~').contains(&c) || other_letter(c);
    (s.contains(": ") && s.chars().all(printable)).then(|| format!("'{}'", s.replace('\'', "''")))
}

/// A one-line string as serde_yaml writes it as a mapping value (`None`: over several
/// lines, which serde_yaml lays out by its place).
fn scalar_text(s: &str) -> Option<String> {
    if surely_plain(s) || surely_plain_hex(s) {
        return Some(s.to_string());
    }
    if let Some(quoted) = surely_single_quoted(s) {
        return Some(quoted);
    }
    if s.contains(['\n', '\r', '\u{85}', '\u{2028}', '\u{2029}']) {
        return None;
    }
    let line = one_entry_line("k", s)?;
    line.strip_prefix("k: ").map(str::to_string)
}

/// A one-line string as serde_yaml writes it as a mapping key.
fn key_text(s: &str) -> Option<String> {
    if surely_plain(s) && s.len() <= 100 {
        return Some(s.to_string());
    }
    if s.starts_with('!') || s.chars().count() > 100 || s.contains(['\n', '\r']) {
        return None;
    }
    let line = one_entry_line(s, 0)?;
    let text = line.strip_suffix(": 0")?;
    (!text.starts_with('?')).then(|| text.to_string())
}

/// serde_yaml's text of a mapping of one entry, when it is one line (without its `\n`):
/// how it writes a string as a key or as a value, to be cut out.
fn one_entry_line<K: Serialize + Ord, V: Serialize>(key: K, value: V) -> Option<String> {
    let map: std::collections::BTreeMap<K, V> = [(key, value)].into_iter().collect();
    let text = serde_yaml::to_string(&map).ok()?;
    let line = text.strip_suffix('\n')?;
    (!line.contains('\n')).then(|| line.to_string())
}

impl Emitter {
    /// Writes a scalar's text where `next` says.
    fn scalar(&mut self, text: &str) -> R {
        if matches!(self.next, Place::Root) {
            // A document that is one scalar: serde_yaml's way with document markers.
            return Err(Unsupported);
        }
        self.out.push(' ');
        self.out.push_str(text);
        self.out.push('\n');
        Ok(())
    }

    fn open(&mut self, map: bool) {
        let place = self.next;
        let indent = match (place, map) {
            (Place::Root, _) => 0,
            (Place::Value(p), true) => p + 2,
            // A list under a key is not indented (libyaml's indentless sequence).
            (Place::Value(p), false) => p,
            (Place::Item(s), _) => s + 2,
        };
        self.stack.push(Open {
            map,
            place,
            indent,
            empty: true,
        });
    }

    /// Begins an entry of the innermost open collection (what goes before its key or
    /// its `-`) and gives the column its entries begin at.
    fn entry(&mut self) -> Result<usize, Unsupported> {
        let open = self.stack.last_mut().ok_or(Unsupported)?;
        if open.empty {
            match open.place {
                Place::Root => {}
                Place::Value(_) => {
                    self.out.push('\n');
                    push_spaces(&mut self.out, open.indent);
                }
                Place::Item(_) => self.out.push(' '),
            }
        } else {
            push_spaces(&mut self.out, open.indent);
        }
        open.empty = false;
        Ok(open.indent)
    }

    fn close(&mut self) -> R {
        let open = self.stack.pop().ok_or(Unsupported)?;
        if open.empty {
            if !matches!(open.place, Place::Root) {
                self.out.push(' ');
            }
            self.out.push_str(if open.map { "{}\n" } else { "[]\n" });
        }
        Ok(())
    }

    fn item<T: Serialize + ?Sized>(&mut self, value: &T) -> R {
        let indent = self.entry()?;
        self.out.push('-');
        self.next = Place::Item(indent);
        value.serialize(&mut *self)
    }

    fn key<T: Serialize + ?Sized>(&mut self, key: &T) -> R {
        let text = key.serialize(KeyText)?;
        let indent = self.entry()?;
        self.out.push_str(&text);
        self.out.push(':');
        self.next = Place::Value(indent);
        Ok(())
    }
}

fn push_spaces(out: &mut String, n: usize) {
    out.extend(std::iter::repeat_n(' ', n));
}

impl ser::Serializer for &mut Emitter {
    type Ok = ();
    type Error = Unsupported;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = ser::Impossible<(), Unsupported>;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = ser::Impossible<(), Unsupported>;

    fn serialize_bool(self, v: bool) -> R {
        self.scalar(if v { "true" } else { "false" })
    }
    fn serialize_i8(self, v: i8) -> R {
        self.serialize_i64(v.into())
    }
    fn serialize_i16(self, v: i16) -> R {
        self.serialize_i64(v.into())
    }
    fn serialize_i32(self, v: i32) -> R {
        self.serialize_i64(v.into())
    }
    fn serialize_i64(self, v: i64) -> R {
        self.scalar(&v.to_string())
    }
    fn serialize_i128(self, v: i128) -> R {
        self.scalar(&v.to_string())
    }
    fn serialize_u8(self, v: u8) -> R {
        self.serialize_u64(v.into())
    }
    fn serialize_u16(self, v: u16) -> R {
        self.serialize_u64(v.into())
    }
    fn serialize_u32(self, v: u32) -> R {
        self.serialize_u64(v.into())
    }
    fn serialize_u64(self, v: u64) -> R {
        self.scalar(&v.to_string())
    }
    fn serialize_u128(self, v: u128) -> R {
        self.scalar(&v.to_string())
    }
    // serde_yaml writes floats with `ryu`, which this crate does not use: left to it.
    fn serialize_f32(self, _: f32) -> R {
        Err(Unsupported)
    }
    fn serialize_f64(self, _: f64) -> R {
        Err(Unsupported)
    }
    fn serialize_char(self, _: char) -> R {
        Err(Unsupported)
    }
    fn serialize_str(self, v: &str) -> R {
        let text = scalar_text(v).ok_or(Unsupported)?;
        self.scalar(&text)
    }
    fn serialize_bytes(self, _: &[u8]) -> R {
        Err(Unsupported)
    }
    fn serialize_none(self) -> R {
        self.scalar("null")
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> R {
        value.serialize(self)
    }
    fn serialize_unit(self) -> R {
        self.scalar("null")
    }
    fn serialize_unit_struct(self, _: &'static str) -> R {
        self.scalar("null")
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> R {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> R {
        value.serialize(self)
    }
    // serde_yaml writes an enum variant with data as a tag (`!variant`): left to it.
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> R {
        Err(Unsupported)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self, Unsupported> {
        self.open(false);
        Ok(self)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self, Unsupported> {
        self.open(false);
        Ok(self)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self, Unsupported> {
        self.open(false);
        Ok(self)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self, Unsupported> {
        self.open(true);
        Ok(self)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, Unsupported> {
        self.open(true);
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Unsupported> {
        Err(Unsupported)
    }
}

/// The three kinds of list serde has, written alike.
macro_rules! list {
    ($trait:ident, $element:ident) => {
        impl ser::$trait for &mut Emitter {
            type Ok = ();
            type Error = Unsupported;
            fn $element<T: Serialize + ?Sized>(&mut self, value: &T) -> R {
                self.item(value)
            }
            fn end(self) -> R {
                self.close()
            }
        }
    };
}

list!(SerializeSeq, serialize_element);
list!(SerializeTuple, serialize_element);
list!(SerializeTupleStruct, serialize_field);

impl ser::SerializeMap for &mut Emitter {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> R {
        self.key(key)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> R {
        value.serialize(&mut **self)
    }
    fn end(self) -> R {
        self.close()
    }
}

impl ser::SerializeStruct for &mut Emitter {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> R {
        self.key(key)?;
        value.serialize(&mut **self)
    }
    fn end(self) -> R {
        self.close()
    }
}

/// A mapping key's text: a string or an integer, on one line, short enough for libyaml
/// to write as a simple key; anything else is left to serde_yaml.
struct KeyText;

impl KeyText {
    fn int(v: impl fmt::Display) -> Result<String, Unsupported> {
        Ok(v.to_string())
    }
}

impl ser::Serializer for KeyText {
    type Ok = String;
    type Error = Unsupported;
    type SerializeSeq = ser::Impossible<String, Unsupported>;
    type SerializeTuple = ser::Impossible<String, Unsupported>;
    type SerializeTupleStruct = ser::Impossible<String, Unsupported>;
    type SerializeTupleVariant = ser::Impossible<String, Unsupported>;
    type SerializeMap = ser::Impossible<String, Unsupported>;
    type SerializeStruct = ser::Impossible<String, Unsupported>;
    type SerializeStructVariant = ser::Impossible<String, Unsupported>;

    fn serialize_bool(self, _: bool) -> Result<String, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_i8(self, v: i8) -> Result<String, Unsupported> {
        Self::int(v)
    }
    fn serialize_i16(self, v: i16) -> Result<String, Unsupported> {
        Self::int(v)
    }
    fn serialize_i32(self, v: i32) -> Result<String, Unsupported> {
        Self::int(v)
    }
    fn serialize_i64(self, v: i64) -> Result<String, Unsupported> {
        Self::int(v)
    }
    fn serialize_u8(self, v: u8) -> Result<String, Unsupported> {
        Self::int(v)
    }
    fn serialize_u16(self, v: u16) -> Result<String, Unsupported> {
        Self::int(v)
    }
    fn serialize_u32(self, v: u32) -> Result<String, Unsupported> {
        Self::int(v)
    }
    fn serialize_u64(self, v: u64) -> Result<String, Unsupported> {
        Self::int(v)
    }
    fn serialize_f32(self, _: f32) -> Result<String, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_f64(self, _: f64) -> Result<String, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_char(self, _: char) -> Result<String, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_str(self, v: &str) -> Result<String, Unsupported> {
        key_text(v).ok_or(Unsupported)
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<String, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_none(self) -> Result<String, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<String, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_unit(self) -> Result<String, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<String, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<String, Unsupported> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<String, Unsupported> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<String, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStruct, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Unsupported> {
        Err(Unsupported)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;
    use std::collections::BTreeMap;

    /// Ours against serde_yaml's, and whether ours was written here (not handed over).
    fn same<T: Serialize + ?Sized>(value: &T) -> bool {
        let slow = serde_yaml::to_string(value).unwrap();
        let ours = fast(value);
        if let Some(ours) = &ours {
            assert_eq!(*ours, slow, "yaml_emit and serde_yaml differ");
        }
        assert_eq!(to_string(value).unwrap(), slow);
        ours.is_some()
    }

    const RISKY: [&str; 72] = [
        "athens",
        "player-turn",
        "C18",
        "428 BC, Spring: second player turn of Athens",
        "it's",
        "a: b",
        "a #b",
        "#x",
        "-x",
        "- x",
        "x:",
        "x: ",
        "true",
        "True",
        "TRUE",
        "tRUE",
        "yes",
        "No",
        "null",
        "NULL",
        "Null",
        "~",
        "",
        " x",
        "x ",
        "1",
        "0682",
        "1e5",
        "1E5",
        "3dc9fd",
        "abcdef",
        "eeee",
        "1e10",
        "0x1f",
        "0o17",
        "+1",
        "-1",
        ".5",
        ".inf",
        "inf",
        "Infinity",
        "nan",
        "NaN",
        "ñandú",
        "Афины",
        "Афины: штурм",
        "a\nb",
        "a\n",
        "a'b: c",
        "tab\tx",
        "x—y",
        "[x]",
        "{x}",
        "a,b",
        "a, b",
        "x?",
        "?x",
        "@x",
        "`x",
        "%x",
        "!x",
        "&x",
        "*x",
        "|x",
        ">x",
        "'x",
        "\"x",
        "x\"y",
        "a  b",
        "---",
        "...",
        "a # b: c",
    ];

    #[test]
    fn strings_are_written_as_serde_yaml_writes_them_in_every_place() {
        for s in RISKY {
            let in_map: BTreeMap<&str, &str> = [("k", s)].into_iter().collect();
            let as_key: BTreeMap<&str, u8> = [(s, 1)].into_iter().collect();
            same(&in_map);
            same(&vec![s, s]);
            same(&as_key);
            same(&vec![vec![s]]);
            same(&vec![in_map.clone()]);
        }
    }

    #[test]
    fn random_strings_of_risky_characters_are_written_as_serde_yaml_writes_them() {
        let alphabet: Vec<char> = "aeZ09 -_.:#,'\"!&*?[]{}|>%@`~+/()\\\tñФ—\u{85}\u{A0}"
            .chars()
            .collect();
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..4000 {
            let len = (next() % 9) as usize;
            let s: String = (0..len)
                .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
                .collect();
            let in_map: BTreeMap<&str, &str> = [("k", s.as_str())].into_iter().collect();
            let as_key: BTreeMap<&str, u8> = [(s.as_str(), 1)].into_iter().collect();
            same(&in_map);
            same(&vec![s.as_str()]);
            same(&as_key);
        }
    }

    #[derive(Serialize)]
    #[serde(rename_all = "kebab-case")]
    enum Kind {
        PlayerTurn,
        Winter,
    }

    #[derive(Serialize)]
    enum Tagged {
        One(u8),
    }

    #[derive(Serialize)]
    struct Inner {
        name: String,
        steps: u8,
        tags: Vec<String>,
        none: Option<u8>,
        kind: Kind,
    }

    #[derive(Serialize)]
    struct Outer {
        turn: u32,
        empty_list: Vec<u8>,
        empty_map: BTreeMap<String, u8>,
        blocks: Vec<Inner>,
        by_number: BTreeMap<u32, Vec<Vec<i64>>>,
        nested: BTreeMap<String, BTreeMap<String, Vec<Inner>>>,
        pair: (bool, i8),
        unit: (),
    }

    fn inner(name: &str, tags: &[&str]) -> Inner {
        Inner {
            name: name.to_string(),
            steps: 3,
            tags: tags.iter().map(|t| t.to_string()).collect(),
            none: None,
            kind: if tags.is_empty() {
                Kind::Winter
            } else {
                Kind::PlayerTurn
            },
        }
    }

    #[test]
    fn nested_shapes_are_written_here_as_serde_yaml_writes_them() {
        let outer = Outer {
            turn: 50,
            empty_list: vec![],
            empty_map: BTreeMap::new(),
            blocks: vec![inner("ATH-1", &["a: b", "c"]), inner("Спарта", &[])],
            by_number: [(7, vec![vec![], vec![-3, 4]]), (8, vec![])]
                .into_iter()
                .collect(),
            nested: [(
                "athens".to_string(),
                [("fleet".to_string(), vec![inner("x", &["0682"])])]
                    .into_iter()
                    .collect(),
            )]
            .into_iter()
            .collect(),
            pair: (true, -1),
            unit: (),
        };
        assert!(
            same(&outer),
            "a game-like document is written here, not handed over"
        );
        assert!(same(&Vec::<u8>::new()));
        assert!(same(&BTreeMap::<String, u8>::new()));
        assert!(same(&vec![Vec::<u8>::new(), vec![1]]));
    }

    #[test]
    fn what_serde_yaml_lays_out_by_place_is_handed_to_it() {
        let tagged: BTreeMap<&str, Tagged> = [("k", Tagged::One(1))].into_iter().collect();
        assert!(!same(&tagged), "a tag");
        let float: BTreeMap<&str, f64> = [("k", 1.5)].into_iter().collect();
        assert!(!same(&float), "a float");
        let lines: BTreeMap<&str, &str> = [("k", "two\nlines")].into_iter().collect();
        assert!(!same(&lines), "a string over two lines");
        assert!(!same(&"a lone scalar"), "a document that is one scalar");
        let long_key = "k".repeat(200);
        let long: BTreeMap<&str, u8> = [(long_key.as_str(), 1)].into_iter().collect();
        assert!(!same(&long), "a key too long to be simple");
    }
}
