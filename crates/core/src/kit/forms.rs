//! One table of order forms per game, and everything made from it: the dispatch of an
//! orders file's keys to the game's parsers (with "not an order" and "not an order of
//! this step"), the shape check every value goes through before its parser sees it, the
//! JSON Schema editors validate with, and the template's list of forms. Because `check`
//! and the schema are both read off the same `Shape`s, they cannot disagree on shape.
//!
//! A `Shape` says what YAML a value may be; the game's parser then checks what the shape
//! cannot know (a city on the map, a block of the side's own, a rule of the step).

use crate::diag::{did_you_mean, Diagnostic, SourceFile, MAX_PER_FILE};
use crate::yaml::{Kind, Node};
use serde_json::{json, Map, Value};

/// What a value may be.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    /// Any scalar, taken as its text (`entropy: 12345` is the text `12345`).
    Text,
    /// A non-empty word or name: a string, or a number written bare (ids such as `12`).
    Name,
    /// A whole number at least `min`.
    Int { min: u64 },
    /// One of these words, any case.
    Word(&'static [&'static str]),
    /// A list of items of one shape, at least `min` of them.
    List { item: Box<Shape>, min: usize },
    /// One item, or a list of at least one.
    OneOrList(Box<Shape>),
    /// A mapping with free keys (names) and values of one shape.
    Map(Box<Shape>),
    /// A mapping of named fields.
    Record(Vec<Field>),
    /// A mapping with exactly one verb key; the other keys allowed are the verb's.
    Verbs(Vec<Verb>),
    /// Any of these shapes (tried in order; the first that fits is the value's).
    Either(Vec<Shape>),
}

impl Shape {
    pub fn list(item: Shape) -> Shape {
        Shape::List {
            item: Box::new(item),
            min: 0,
        }
    }
    pub fn nonempty_list(item: Shape) -> Shape {
        Shape::List {
            item: Box::new(item),
            min: 1,
        }
    }
    pub fn one_or_list(item: Shape) -> Shape {
        Shape::OneOrList(Box::new(item))
    }
    pub fn map(value: Shape) -> Shape {
        Shape::Map(Box::new(value))
    }
}

/// A named field of a record or a verb.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    pub name: &'static str,
    pub shape: Shape,
    pub required: bool,
    /// One line for the schema's `description` and the template.
    pub help: &'static str,
}

impl Field {
    pub fn required(name: &'static str, shape: Shape, help: &'static str) -> Field {
        Field {
            name,
            shape,
            required: true,
            help,
        }
    }
    pub fn optional(name: &'static str, shape: Shape, help: &'static str) -> Field {
        Field {
            name,
            shape,
            required: false,
            help,
        }
    }
}

/// One verb of a `Shape::Verbs` mapping (`move: [...]` with `path:`).
#[derive(Debug, Clone, PartialEq)]
pub struct Verb {
    pub name: &'static str,
    /// The shape of the verb's own value.
    pub shape: Shape,
    /// The keys that may stand beside it.
    pub fields: Vec<Field>,
    pub help: &'static str,
}

/// One top-level order form of a game (`actions:`, `standing:`, …).
#[derive(Debug, Clone, PartialEq)]
pub struct Form {
    pub key: &'static str,
    pub shape: Shape,
    /// The rule numbers the form carries out (`8.0-8.3`), for the schema and template.
    pub rule: &'static str,
    pub help: &'static str,
}

/// A game's order forms, in the order its template lists them.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Forms {
    pub forms: Vec<Form>,
}

impl Forms {
    pub fn get(&self, key: &str) -> Option<&Form> {
        self.forms.iter().find(|f| f.key == key)
    }
    pub fn keys(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.forms.iter().map(|f| f.key)
    }
}

// ---------------------------------------------------------------- shape check

/// The shape check of one value: every problem found is a diagnostic placed on the node
/// at fault (code `orders::type`, `orders::unknown-key`, `orders::missing-key`,
/// `orders::no-verb`, `orders::two-verbs`); whether the value fits.
pub fn check_shape(
    shape: &Shape,
    node: &Node,
    what: &str,
    file: &SourceFile,
    out: &mut Vec<Diagnostic>,
) -> bool {
    let before = out.len();
    shape_into(shape, node, what, file, out);
    out.len() == before
}

fn expected(shape: &Shape) -> String {
    match shape {
        Shape::Text => "a value".into(),
        Shape::Name => "a name".into(),
        Shape::Int { min } => format!("a whole number of at least {min}"),
        Shape::Word(w) => format!("one of {}", w.join(", ")),
        Shape::List { item, .. } => format!("a list of {}", plural(item)),
        Shape::OneOrList(item) => format!("{} or a list of them", expected(item)),
        Shape::Map(_) | Shape::Record(_) | Shape::Verbs(_) => "a mapping".into(),
        Shape::Either(v) => v.iter().map(expected).collect::<Vec<_>>().join(" or "),
    }
}

fn plural(shape: &Shape) -> String {
    match shape {
        Shape::Name => "names".into(),
        Shape::Text => "values".into(),
        Shape::Int { .. } => "whole numbers".into(),
        Shape::Word(w) => format!("words ({})", w.join(", ")),
        _ => "mappings".into(),
    }
}

fn type_error(node: &Node, shape: &Shape, what: &str, file: &SourceFile) -> Diagnostic {
    let exp = expected(shape);
    Diagnostic::new(
        "orders::type",
        format!("{what}: expected {exp}, found {}", node.describe()),
    )
    .at(file, node.span)
    .label(format!("{exp} expected"))
}

/// Whether a node fits a shape, without diagnostics (for `Either`).
pub fn fits(shape: &Shape, node: &Node) -> bool {
    let f = SourceFile::new("", "");
    let mut v = Vec::new();
    shape_into(shape, node, "", &f, &mut v);
    v.is_empty()
}

fn scalar(node: &Node) -> Option<&str> {
    match &node.kind {
        Kind::Scalar(s, _) if !node.is_null() => Some(s.as_str()),
        _ => None,
    }
}

fn shape_into(
    shape: &Shape,
    node: &Node,
    what: &str,
    file: &SourceFile,
    out: &mut Vec<Diagnostic>,
) {
    match shape {
        Shape::Text => {
            if scalar(node).is_none() {
                out.push(type_error(node, shape, what, file));
            }
        }
        Shape::Name => match scalar(node) {
            Some(s) if !s.trim().is_empty() => {}
            _ => out.push(type_error(node, shape, what, file)),
        },
        Shape::Int { min } => match node.as_u64() {
            Some(n) if n >= *min => {}
            _ => out.push(type_error(node, shape, what, file)),
        },
        Shape::Word(words) => match scalar(node) {
            Some(s) if words.iter().any(|w| w.eq_ignore_ascii_case(s.trim())) => {}
            Some(s) => out.push(
                Diagnostic::new(
                    "orders::type",
                    format!("{what}: `{s}` is not one of {}", words.join(", ")),
                )
                .at(file, node.span)
                .label("unknown word")
                .help_opt(
                    did_you_mean(s, words.iter().copied()).map(|h| format!("did you mean {h}?")),
                ),
            ),
            None => out.push(type_error(node, shape, what, file)),
        },
        Shape::List { item, min } => match &node.kind {
            Kind::Seq(items) => {
                if items.len() < *min {
                    out.push(
                        Diagnostic::new("orders::type", format!("{what}: name at least {min}"))
                            .at(file, node.span)
                            .label("empty list"),
                    );
                }
                for i in items {
                    shape_into(item, i, what, file, out);
                }
            }
            _ => out.push(type_error(node, shape, what, file)),
        },
        Shape::OneOrList(item) => match &node.kind {
            Kind::Seq(items) => {
                if items.is_empty() {
                    out.push(
                        Diagnostic::new("orders::type", format!("{what}: name at least one"))
                            .at(file, node.span)
                            .label("empty list"),
                    );
                }
                for i in items {
                    shape_into(item, i, what, file, out);
                }
            }
            _ if scalar(node).is_some() => shape_into(item, node, what, file, out),
            _ => out.push(type_error(node, shape, what, file)),
        },
        Shape::Map(value) => match node.as_map() {
            Some(pairs) => {
                for (k, v) in pairs {
                    shape_into(&Shape::Name, k, what, file, out);
                    shape_into(value, v, what, file, out);
                }
            }
            None => out.push(type_error(node, shape, what, file)),
        },
        Shape::Record(fields) => match node.as_map() {
            Some(pairs) => record(fields, pairs, node, what, file, out),
            None => out.push(type_error(node, shape, what, file)),
        },
        Shape::Verbs(verbs) => match node.as_map() {
            Some(pairs) => verb_record(verbs, pairs, node, what, file, out),
            None => out.push(type_error(node, shape, what, file)),
        },
        Shape::Either(shapes) => {
            if let Some(s) = shapes.iter().find(|s| fits(s, node)) {
                shape_into(s, node, what, file, out);
            } else if let Some(s) = shapes.iter().find(|s| same_kind(s, node)) {
                // The value has the kind of one alternative: say what is wrong within it.
                shape_into(s, node, what, file, out);
            } else {
                out.push(type_error(node, shape, what, file));
            }
        }
    }
}

/// Whether a node is of the YAML kind a shape takes (scalar, list, mapping).
fn same_kind(shape: &Shape, node: &Node) -> bool {
    match shape {
        Shape::Text | Shape::Name | Shape::Int { .. } | Shape::Word(_) => scalar(node).is_some(),
        Shape::List { .. } => matches!(node.kind, Kind::Seq(_)),
        Shape::OneOrList(_) => scalar(node).is_some() || matches!(node.kind, Kind::Seq(_)),
        Shape::Map(_) | Shape::Record(_) | Shape::Verbs(_) => node.as_map().is_some(),
        Shape::Either(v) => v.iter().any(|s| same_kind(s, node)),
    }
}

fn key_of(k: &Node) -> String {
    k.as_str().unwrap_or("?").trim().to_ascii_lowercase()
}

fn record(
    fields: &[Field],
    pairs: &[(Node, Node)],
    node: &Node,
    what: &str,
    file: &SourceFile,
    out: &mut Vec<Diagnostic>,
) {
    let names: Vec<&str> = fields.iter().map(|f| f.name).collect();
    for (k, v) in pairs {
        let key = key_of(k);
        match fields.iter().find(|f| f.name == key) {
            Some(f) => {
                let from = out.len();
                shape_into(&f.shape, v, &format!("{what}: `{}`", f.name), file, out);
                // A value of the wrong shape is told what the field is for.
                for d in &mut out[from..] {
                    if d.help.is_none() && !f.help.is_empty() {
                        d.help = Some(format!("`{}`: {}", f.name, f.help));
                    }
                }
            }
            None => out.push(unknown_key(&key, k, &names, what, file, out.len())),
        }
    }
    for f in fields.iter().filter(|f| f.required) {
        if !pairs.iter().any(|(k, _)| key_of(k) == f.name) {
            out.push(
                Diagnostic::new("orders::missing-key", format!("{what} needs `{}`", f.name))
                    .at(file, node.span)
                    .label(format!("`{}` missing", f.name))
                    .help(format!("`{}`: {}", f.name, f.help)),
            );
        }
    }
}

fn unknown_key(
    key: &str,
    k: &Node,
    allowed: &[&str],
    what: &str,
    file: &SourceFile,
    so_far: usize,
) -> Diagnostic {
    let hint = (so_far < MAX_PER_FILE)
        .then(|| did_you_mean(key, allowed.iter().copied()))
        .flatten();
    Diagnostic::new(
        "orders::unknown-key",
        format!("`{key}` is not part of {what}"),
    )
    .at(file, k.span)
    .label("unknown key")
    .help(match hint {
        Some(h) => format!("did you mean {h}? {what} takes: {}", allowed.join(", ")),
        None => format!("{what} takes: {}", allowed.join(", ")),
    })
}

/// A record that is one order named by its verb (`move: {…}` with the verb's fields
/// beside it): no verb, one verb with its fields checked, or two verbs.
fn verb_record(
    verbs: &[Verb],
    pairs: &[(Node, Node)],
    node: &Node,
    what: &str,
    file: &SourceFile,
    out: &mut Vec<Diagnostic>,
) {
    let found: Vec<(&Verb, &Node, &Node)> = pairs
        .iter()
        .filter_map(|(k, v)| {
            let key = key_of(k);
            verbs.iter().find(|vb| vb.name == key).map(|vb| (vb, k, v))
        })
        .collect();
    match found.as_slice() {
        [] => {
            let d = no_verb(verbs, pairs, node, what, file, out.len());
            out.push(d);
        }
        [(verb, verb_key, value)] => one_verb(verb, verb_key, value, pairs, what, file, out),
        [(first, ..), rest @ ..] => {
            for (vb, k, _) in rest {
                out.push(
                    Diagnostic::new(
                        "orders::two-verbs",
                        format!(
                            "{what} has two verbs, `{}` and `{}`: one order does one thing",
                            first.name, vb.name
                        ),
                    )
                    .at(file, k.span)
                    .label("second verb")
                    .help(format!("write `{}` as an order of its own", vb.name)),
                );
            }
        }
    }
}

/// A record with no verb: a key that is no verb nor a verb's field is the verb mistyped
/// (`march:`), else the record names none. `so_far` problems are already found (past
/// `MAX_PER_FILE`, no did-you-mean).
fn no_verb(
    verbs: &[Verb],
    pairs: &[(Node, Node)],
    node: &Node,
    what: &str,
    file: &SourceFile,
    so_far: usize,
) -> Diagnostic {
    let verb_names: Vec<&str> = verbs.iter().map(|v| v.name).collect();
    let fields: Vec<&str> = verbs
        .iter()
        .flat_map(|v| v.fields.iter().map(|f| f.name))
        .collect();
    let stray = pairs
        .iter()
        .find(|(k, _)| !fields.contains(&key_of(k).as_str()));
    match stray {
        Some((k, _)) => {
            let key = key_of(k);
            let hint = (so_far < MAX_PER_FILE)
                .then(|| did_you_mean(&key, verb_names.iter().copied()))
                .flatten();
            Diagnostic::new(
                "orders::no-verb",
                format!(
                    "`{key}` is not an order of {what} ({})",
                    verb_names.join(", ")
                ),
            )
            .at(file, k.span)
            .label("unknown verb")
            .help(match hint {
                Some(h) => format!("did you mean {h}?"),
                None => format!("begin it with one of: {}", verb_names.join(", ")),
            })
        }
        None => Diagnostic::new(
            "orders::no-verb",
            format!("{what} names no verb ({})", verb_names.join(", ")),
        )
        .at(file, node.span)
        .label("no verb")
        .help(format!("begin it with one of: {}", verb_names.join(", "))),
    }
}

/// A record with one verb: the verb's value by its shape, every other key one of the
/// verb's fields, and those fields by their shapes (a missing one shown at the verb).
fn one_verb(
    verb: &Verb,
    verb_key: &Node,
    value: &Node,
    pairs: &[(Node, Node)],
    what: &str,
    file: &SourceFile,
    out: &mut Vec<Diagnostic>,
) {
    shape_into(
        &verb.shape,
        value,
        &format!("{what}: `{}`", verb.name),
        file,
        out,
    );
    let mut allowed: Vec<&str> = vec![verb.name];
    allowed.extend(verb.fields.iter().map(|f| f.name));
    let rest: Vec<(Node, Node)> = pairs
        .iter()
        .filter(|(k, _)| key_of(k) != verb.name)
        .cloned()
        .collect();
    for (k, _) in &rest {
        let key = key_of(k);
        if !allowed.contains(&key.as_str()) {
            out.push(unknown_key(
                &key,
                k,
                &allowed,
                &format!("`{}` in {what}", verb.name),
                file,
                out.len(),
            ));
        }
    }
    let known: Vec<(Node, Node)> = rest
        .into_iter()
        .filter(|(k, _)| verb.fields.iter().any(|f| f.name == key_of(k)))
        .collect();
    // The verb's own fields: their shapes and the required ones (a missing one
    // is shown at the verb).
    let mut sub = Vec::new();
    record(
        &verb.fields,
        &known,
        verb_key,
        &format!("`{}` in {what}", verb.name),
        file,
        &mut sub,
    );
    out.extend(sub);
}

// ---------------------------------------------------------------- dispatch

/// How `dispatch` treats one top-level key of an orders file.
pub enum Accept {
    /// Parse it in this step.
    Yes,
    /// A form of the game, but not of this step: why, in words (`only the acting side
    /// sends actions`).
    NotThisStep(String),
    /// The same, with the rule that says so (`rule 1.0: …`).
    NotThisStepBy(String, &'static str),
}

/// Dispatches the body of an orders file (the entries after the envelope) through a
/// game's forms: an unknown key is "not an order" (with did-you-mean among the forms of
/// this step), a form of another step is refused with the reason `accept` gives, a value
/// of the wrong shape is refused by its shape; a value that fits is handed to `parse`
/// (the game's own parser, which checks what a shape cannot).
///
/// One bad item must not hide another (nor drop its good neighbours under `--fallback`):
/// a list is shape-checked item by item and a record field by field, and the parser is
/// handed what fits — the list without its misshapen items, the record without its
/// misshapen fields — while every misfit is reported.
pub fn dispatch(
    forms: &Forms,
    body: &[(Node, Node)],
    file: &SourceFile,
    diags: &mut Vec<Diagnostic>,
    accept: impl Fn(&Form) -> Accept,
    mut parse: impl FnMut(&Form, &Node, &mut Vec<Diagnostic>),
) {
    let here: Vec<&str> = forms
        .forms
        .iter()
        .filter(|f| matches!(accept(f), Accept::Yes))
        .map(|f| f.key)
        .collect();
    for (k, v) in body {
        let key = key_of(k);
        let Some(form) = forms.get(&key) else {
            let hint = (diags.len() < MAX_PER_FILE)
                .then(|| did_you_mean(&key, here.iter().copied()))
                .flatten();
            diags.push(
                Diagnostic::new("orders::unknown-key", format!("`{key}` is not an order"))
                    .at(file, k.span)
                    .label("unknown key")
                    .help(match hint {
                        Some(h) => {
                            format!("did you mean {h}? this step takes: {}", here.join(", "))
                        }
                        None => format!("this step takes: {}", here.join(", ")),
                    }),
            );
            continue;
        };
        match accept(form) {
            Accept::NotThisStep(why) => diags.push(not_this_step(&key, &why, k, file, &here)),
            Accept::NotThisStepBy(why, rule) => {
                diags.push(not_this_step(&key, &why, k, file, &here).rule(rule))
            }
            Accept::Yes => {
                let mut found = Vec::new();
                let fit = fitting(&form.shape, v, &format!("`{key}`"), file, &mut found);
                // A shape error breaks the form's rule: say which, as the parsers do.
                for d in &mut found {
                    if d.rule.is_none() && !form.rule.is_empty() {
                        d.rule = Some(format!("rule {}: {}", form.rule, form.help));
                    }
                }
                diags.append(&mut found);
                if let Some(fit) = fit {
                    parse(form, &fit, diags);
                }
            }
        }
    }
}

fn not_this_step(key: &str, why: &str, k: &Node, file: &SourceFile, here: &[&str]) -> Diagnostic {
    Diagnostic::new(
        "orders::not-this-step",
        format!("`{key}` is not an order of this step: {why}"),
    )
    .at(file, k.span)
    .label("not this step")
    .help(format!("this step takes: {}", here.join(", ")))
}

/// The part of a form's value that fits its shape (see `dispatch`), every misfit
/// reported into `out`; `None` when nothing usable is left.
fn fitting(
    shape: &Shape,
    node: &Node,
    what: &str,
    file: &SourceFile,
    out: &mut Vec<Diagnostic>,
) -> Option<Node> {
    if check_shape(shape, node, what, file, out) {
        return Some(node.clone());
    }
    // It does not fit whole (just found): keep its parts that do.
    fitted_parts(shape, node)
}

/// What is left of a value once its misshapen items (of lists) and fields (of records
/// and mappings) are taken out, at every depth; `None` when nothing usable is left.
fn fitted(shape: &Shape, node: &Node) -> Option<Node> {
    if fits(shape, node) {
        return Some(node.clone());
    }
    fitted_parts(shape, node)
}

/// `fitted` of a value known not to fit whole.
fn fitted_parts(shape: &Shape, node: &Node) -> Option<Node> {
    let kept = |kind: Kind| Node {
        kind,
        span: node.span,
    };
    match (shape, &node.kind) {
        (Shape::List { item, .. } | Shape::OneOrList(item), Kind::Seq(items)) => {
            let good: Vec<Node> = items.iter().filter_map(|i| fitted(item, i)).collect();
            (!good.is_empty()).then(|| kept(Kind::Seq(good)))
        }
        (Shape::Map(value), Kind::Map(pairs)) => {
            let good: Vec<(Node, Node)> = pairs
                .iter()
                .filter(|(k, _)| fits(&Shape::Name, k))
                .filter_map(|(k, v)| fitted(value, v).map(|v| (k.clone(), v)))
                .collect();
            (!good.is_empty()).then(|| kept(Kind::Map(good)))
        }
        (Shape::Record(fields), Kind::Map(pairs)) => {
            let good: Vec<(Node, Node)> = pairs
                .iter()
                .filter_map(|(k, v)| {
                    let f = fields.iter().find(|f| f.name == key_of(k))?;
                    fitted(&f.shape, v).map(|v| (k.clone(), v))
                })
                .collect();
            let whole = fields
                .iter()
                .filter(|f| f.required)
                .all(|f| good.iter().any(|(k, _)| key_of(k) == f.name));
            (whole && !good.is_empty()).then(|| kept(Kind::Map(good)))
        }
        (Shape::Either(shapes), _) => shapes
            .iter()
            .filter(|s| same_kind(s, node))
            .find_map(|s| fitted(s, node)),
        _ => None,
    }
}

// ---------------------------------------------------------------- JSON Schema

/// A regular expression matching any case of one of `words` (JSON Schema patterns have
/// no case-insensitive flag).
fn any_case(words: &[&str]) -> String {
    let alts: Vec<String> = words
        .iter()
        .map(|w| {
            w.chars()
                .map(|c| {
                    if c.is_ascii_alphabetic() {
                        format!("[{}{}]", c.to_ascii_lowercase(), c.to_ascii_uppercase())
                    } else if c.is_ascii_alphanumeric() || c == ' ' || c == '_' {
                        c.to_string()
                    } else {
                        format!("\\{c}")
                    }
                })
                .collect()
        })
        .collect();
    format!("^\\s*({})\\s*$", alts.join("|"))
}

/// The JSON Schema of one shape.
pub fn shape_schema(shape: &Shape) -> Value {
    match shape {
        // YAML scalars reach a validator as JSON strings, numbers or booleans; `check`
        // reads each as its text.
        Shape::Text => json!({ "type": ["string", "number", "integer", "boolean"] }),
        Shape::Name => json!({ "anyOf": [
            { "type": "string", "pattern": "\\S" },
            { "type": ["number", "integer", "boolean"] }
        ] }),
        Shape::Int { min } => json!({ "type": "integer", "minimum": min }),
        Shape::Word(words) => {
            // The words themselves first, as an `enum`: an editor completes them and names
            // them when a value is wrong (issue 32.14); the same words in any case and
            // spacing pass as `check` takes them.
            let mut alts = vec![
                json!({ "enum": words }),
                json!({ "type": "string", "pattern": any_case(words) }),
            ];
            for b in [true, false] {
                if words.contains(&if b { "true" } else { "false" }) {
                    alts.push(json!({ "const": b }));
                }
            }
            json!({ "anyOf": alts, "description": format!("one of: {} (any case)", words.join(", ")) })
        }
        Shape::List { item, min } => {
            json!({ "type": "array", "items": shape_schema(item), "minItems": min })
        }
        Shape::OneOrList(item) => json!({ "oneOf": [
            shape_schema(item),
            { "type": "array", "items": shape_schema(item), "minItems": 1 }
        ] }),
        Shape::Map(value) => {
            json!({ "type": "object", "additionalProperties": shape_schema(value) })
        }
        Shape::Record(fields) => record_schema(fields, None),
        Shape::Verbs(verbs) => {
            let alts: Vec<Value> = verbs
                .iter()
                .map(|v| {
                    let mut s = record_schema(
                        &v.fields,
                        Some(Field::required(v.name, v.shape.clone(), v.help)),
                    );
                    s["description"] = json!(v.help);
                    s
                })
                .collect();
            json!({ "type": "object", "oneOf": alts })
        }
        Shape::Either(v) => json!({ "anyOf": v.iter().map(shape_schema).collect::<Vec<_>>() }),
    }
}

/// A mapping of fields whose keys are read in any case (as `check` reads them): each key
/// is a `patternProperties` entry, and a required key is "some property name matches"
/// (`not: {propertyNames: {not: {pattern}}}`), since `required` names exact keys.
fn record_schema(fields: &[Field], verb: Option<Field>) -> Value {
    let mut props = Map::new();
    let mut all_of = Vec::new();
    for f in verb.iter().chain(fields.iter()) {
        let mut s = shape_schema(&f.shape);
        if !f.help.is_empty() {
            s["description"] = json!(f.help);
        }
        let pattern = any_case(&[f.name]);
        props.insert(pattern.clone(), s);
        if f.required {
            all_of.push(json!({ "not": { "propertyNames": { "not": { "pattern": pattern } } } }));
        }
    }
    let mut s = json!({
        "type": "object",
        "patternProperties": props,
        "additionalProperties": false
    });
    if !all_of.is_empty() {
        s["allOf"] = json!(all_of);
    }
    s
}

/// The JSON Schema of a game's orders files: the envelope, then every form.
pub fn schema(game: &str, forms: &Forms) -> Value {
    let mut props = Map::new();
    for (k, s) in [
        (
            "game",
            json!({ "type": "string", "description": "The game id, from your view." }),
        ),
        (
            "turn",
            json!({ "type": "integer", "minimum": 1, "description": "The turn the game awaits." }),
        ),
        (
            "side",
            json!({ "type": "string", "description": "Your side, as your view names it." }),
        ),
        (
            "based_on",
            json!({ "type": "string", "pattern": "^[0-9a-fA-F]{8,64}$", "description": "The game file hash your view gives (at least its first 8 digits)." }),
        ),
        (
            "entropy",
            json!({ "type": ["string", "number", "integer", "boolean", "null"], "description": "Any text: it feeds the dice (`entropy:` left empty is no text, as `dikast check` takes it)." }),
        ),
        (
            "token",
            json!({ "type": "string", "description": "Your turn token (orders by mail), from your mailed view or report." }),
        ),
    ] {
        props.insert(k.to_string(), s);
    }
    let mut forms_props = Map::new();
    for f in &forms.forms {
        let mut s = shape_schema(&f.shape);
        s["description"] = json!(if f.rule.is_empty() {
            f.help.to_string()
        } else {
            format!("{}: {}", f.rule, f.help)
        });
        forms_props.insert(any_case(&[f.key]), s);
    }
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": format!("orders.{game}.schema.json"),
        "title": format!("dikast orders ({game})"),
        "description": "One side's orders for one turn. See docs/orders.md.",
        "type": "object",
        "required": ["game", "turn", "side", "based_on"],
        "properties": props,
        "patternProperties": forms_props,
        "additionalProperties": false
    })
}

/// The template's comment lines listing forms (`# actions: 2.0, 4.2: …`).
pub fn template_lines(forms: &Forms, keys: &[&str]) -> String {
    template_lines_with(forms, keys, |h| h.to_string())
}

/// `template_lines` with each form's help put in the reader's words by `help`.
pub fn template_lines_with(forms: &Forms, keys: &[&str], help: impl Fn(&str) -> String) -> String {
    let mut out = String::new();
    for f in forms.forms.iter().filter(|f| keys.contains(&f.key)) {
        out.push_str(&format!("# {}: {} ({})\n", f.key, help(f.help), f.rule));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml;

    fn node(text: &str) -> (SourceFile, Node) {
        let f = SourceFile::new("t.yaml", text);
        let n = yaml::parse(&f).expect("yaml");
        (f, n)
    }

    fn action() -> Shape {
        Shape::Verbs(vec![
            Verb {
                name: "move",
                shape: Shape::one_or_list(Shape::Name),
                fields: vec![Field::required(
                    "path",
                    Shape::nonempty_list(Shape::Name),
                    "the places",
                )],
                help: "move blocks",
            },
            Verb {
                name: "build",
                shape: Shape::Name,
                fields: vec![],
                help: "build",
            },
        ])
    }

    fn codes(shape: &Shape, text: &str) -> Vec<String> {
        let (f, n) = node(text);
        let mut d = Vec::new();
        check_shape(shape, &n, "an action", &f, &mut d);
        d.iter().map(|d| d.code.clone()).collect()
    }

    #[test]
    fn verbs_need_exactly_one_and_their_own_fields() {
        assert!(codes(&action(), "{move: A-1, path: [X]}").is_empty());
        assert_eq!(codes(&action(), "{}"), ["orders::no-verb"]);
        assert_eq!(codes(&action(), "{move: A-1}"), ["orders::missing-key"]);
        assert_eq!(
            codes(&action(), "{build: X, path: [Y]}"),
            ["orders::unknown-key"]
        );
        assert_eq!(
            codes(&action(), "{move: A-1, build: X, path: [Y]}"),
            ["orders::two-verbs"]
        );
        assert_eq!(
            codes(&action(), "{MOVE: [A-1, A-2], Path: [X]}"),
            Vec::<String>::new()
        );
        assert_eq!(codes(&action(), "{move: [], path: [X]}"), ["orders::type"]);
    }

    #[test]
    fn words_any_case_and_text_from_numbers() {
        let w = Shape::Word(&["walls", "field"]);
        assert!(codes(&w, "Walls").is_empty());
        assert_eq!(codes(&w, "wall"), ["orders::type"]);
        assert!(codes(&Shape::Text, "12345").is_empty());
        assert_eq!(codes(&Shape::Text, "[1]"), ["orders::type"]);
    }

    #[test]
    fn any_case_pattern_matches_what_the_check_accepts() {
        let p = any_case(&["action", "event"]);
        assert_eq!(
            p,
            "^\\s*([aA][cC][tT][iI][oO][nN]|[eE][vV][eE][nN][tT])\\s*$"
        );
    }
}
