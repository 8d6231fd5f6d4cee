//! JSON Schemas of orders, game files and views, for editors (`yaml-language-server`) and
//! for anyone writing tools around dikast. The orders schema is made from the game's
//! order-form table (`kit::forms`), the same table `check` reads shapes from; the game
//! file and view schemas describe the envelope every game shares. `dikast check` is what
//! knows the rules.

use serde_json::{json, Value};

/// Which schema `dikast schema` prints.
#[derive(Debug, Clone, Copy, clap::ValueEnum, PartialEq)]
pub enum SchemaKind {
    Orders,
    Game,
    View,
}

fn hex() -> Value {
    json!({ "type": "string", "pattern": "^[0-9a-f]{64}$" })
}

/// The envelope fields game files and views share.
fn envelope(rules: &[&str]) -> serde_json::Map<String, Value> {
    let mut m = serde_json::Map::new();
    for (k, v) in [
        ("dikast", json!({ "const": crate::game::FORMAT })),
        ("rules", json!({ "enum": rules })),
        (
            "scenario",
            json!({
                "type": "object",
                "required": ["name", "sha256"],
                "properties": { "name": { "type": "string" }, "sha256": hex(), "text": { "type": "string" } },
                "additionalProperties": false
            }),
        ),
        ("game", json!({ "type": "string" })),
        ("turn", json!({ "type": "integer", "minimum": 1 })),
        ("step", json!({ "type": "string" })),
        (
            "awaiting",
            json!({ "type": "array", "items": { "type": "string" } }),
        ),
        (
            "dice",
            json!({
                "type": "object",
                "required": ["protocol", "chain_length", "commitment", "sealed_anchor"],
                "properties": {
                    "protocol": { "const": crate::dice::PROTOCOL },
                    "chain_length": { "type": "integer", "minimum": 1 },
                    "commitment": hex(),
                    "sealed_anchor": hex()
                },
                "additionalProperties": false
            }),
        ),
        (
            "deadline",
            json!({ "type": "string", "description": "When this turn's orders are due (RFC 3339)." }),
        ),
        (
            "state",
            json!({ "type": "object", "description": "The game's own state (docs/formats.md)." }),
        ),
    ] {
        m.insert(k.to_string(), v);
    }
    m
}

/// The game file schema; `rules` lists the games this dikast knows.
pub fn game(rules: &[&str]) -> Value {
    let mut props = envelope(rules);
    props.insert("previous".into(), hex());
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "game.schema.json",
        "title": "dikast game file",
        "description": "A game file awaiting one turn (the moderator's). See docs/formats.md.",
        "type": "object",
        "required": ["dikast", "rules", "scenario", "game", "turn", "step", "awaiting", "dice", "state"],
        "properties": props,
        "additionalProperties": false
    })
}

/// The view schema: the envelope, the side it is for and the game file it was made from.
pub fn view(rules: &[&str]) -> Value {
    let mut props = envelope(rules);
    props.insert("view_of".into(), json!({ "type": "string" }));
    props.insert("based_on".into(), hex());
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "view.schema.json",
        "title": "dikast view",
        "description": "One side's view of a game file. See docs/formats.md.",
        "type": "object",
        "required": ["dikast", "view_of", "rules", "scenario", "game", "turn", "step", "awaiting", "based_on", "dice", "state"],
        "properties": props,
        "additionalProperties": false
    })
}

pub fn pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).unwrap_or_default() + "\n"
}
