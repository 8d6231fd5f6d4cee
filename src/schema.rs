//! JSON Schemas of the orders and game files, for editors (`yaml-language-server`) and
//! for anyone writing tools around dikast. They describe the shape; `dikast check` is
//! what knows the rules.

use crate::cli::SchemaKind;
use serde_json::json;

fn names(props: &[&str]) -> serde_json::Value {
    json!(props)
}

pub fn orders() -> serde_json::Value {
    let block_list = json!({ "type": "array", "items": { "type": "string" } });
    // 10.4, 10.4.1 (year.rs).
    let new_year = json!({
        "type": "object",
        "description": "10.4: the card you play at New Year: for its Event, or for its Action value as a sacrifice to an Olympian (10.4.1).",
        "required": names(&["card"]),
        "properties": {
            "card": { "type": "string", "description": "A card id or name from your hand." },
            "for": { "enum": ["action", "event"] },
            "sacrifice": { "type": "string", "description": "10.4.1: the Olympian (with for: action)." }
        },
        "additionalProperties": false
    });
    // 11.0 (olympians.rs).
    let when = json!({
        "type": "object",
        "properties": {
            "my_hits_at_most": { "type": "integer", "minimum": 0 },
            "my_routs_at_most": { "type": "integer", "minimum": 0 },
            "enemy_hits_at_least": { "type": "integer", "minimum": 0 },
            "enemy_routs_at_least": { "type": "integer", "minimum": 0 },
            "hand_value_at_most": { "type": "integer", "minimum": 0 },
            "drawn": { "type": "array", "items": { "type": "string" } }
        },
        "additionalProperties": false
    });
    let appeals = json!({
        "type": "array",
        "description": "11.0: appeals to the Olympians, written in advance (docs/orders.md, Appeals).",
        "items": {
            "type": "object",
            "required": ["olympian"],
            "properties": {
                "olympian": { "type": "string" },
                "on": { "type": "string", "description": "A dice label; `*` stands for any text." },
                "when": when
            },
            "additionalProperties": false
        }
    });
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://dikast.invalid/schema/orders.schema.json",
        "title": "dikast orders",
        "description": "One side's orders for one turn. See docs/orders.md.",
        "type": "object",
        "required": names(&["game", "turn", "side", "based_on"]),
        "properties": {
            "game": { "type": "string", "description": "The game id, from your view." },
            "turn": { "type": "integer", "minimum": 1, "description": "The turn the game awaits." },
            "side": { "type": "string", "description": "Your side (athens, sparta, …)." },
            "based_on": { "type": "string", "pattern": "^[0-9a-fA-F]{8,64}$", "description": "The game file hash your view gives (at least its first 8 digits)." },
            "entropy": { "type": "string", "description": "Any text: it feeds the dice." },
            "initiative": {
                "type": "object",
                "description": "1.0: the card you play this season.",
                "required": names(&["card"]),
                "properties": {
                    "card": { "type": "string", "description": "A card id or name from your hand." },
                    "for": { "enum": ["action", "event"] }
                },
                "additionalProperties": false
            },
            "new_year": new_year,
            "peace": { "enum": ["offer", "no"], "description": "10.2, 14.2.2: at the end of the year, offer peace if you then may." },
            "discard": {
                "oneOf": [ { "type": "string" }, { "type": "array", "items": { "type": "string" } } ],
                "description": "9.53: at the end of the year, continuing Events of yours to discard."
            },
            "actions": {
                "type": "array",
                "description": "1.0, 2.0, 4.2, 5.5, 5.21: the acting side's actions in a player turn, at most the card's Action value (docs/orders.md, Player turn).",
                "items": {
                    "type": "object",
                    "properties": {
                        "move": { "oneOf": [ { "type": "string" }, block_list.clone() ], "description": "2.0: land blocks standing together." },
                        "sail": { "oneOf": [ { "type": "string" }, block_list.clone() ], "description": "2.0: fleets standing together." },
                        "path": { "type": "array", "items": { "type": "string" }, "description": "The start (optional), then each place entered." },
                        "carry": block_list.clone(),
                        "build": {
                            "oneOf": [
                                { "type": "string", "description": "A block id (a step) or a city (a new block from the pool)." },
                                { "type": "object", "properties": { "garrison": { "type": "string" } }, "required": ["garrison"], "additionalProperties": false }
                            ]
                        },
                        "pillage": { "type": "string", "description": "5.5: an enemy city you besiege." }
                    },
                    "additionalProperties": false
                }
            },
            "combat": {
                "type": "array",
                "description": "8.0-8.3: siege combat in the acting side's Combat phase.",
                "items": {
                    "type": "object",
                    "properties": {
                        "assault": { "type": "string" },
                        "attrition": { "type": "string" },
                        "sortie": {
                            "type": "object",
                            "properties": { "from": { "type": "string" }, "blocks": block_list.clone() },
                            "required": ["from", "blocks"],
                            "additionalProperties": false
                        }
                    },
                    "minProperties": 1,
                    "maxProperties": 1,
                    "additionalProperties": false
                }
            },
            "winter": {
                "type": "array",
                "description": "9.x: overwintering moves in the Winter step (docs/orders.md, Winter).",
                "items": {
                    "type": "object",
                    "properties": {
                        "quarter": { "oneOf": [ { "type": "string" }, block_list.clone() ], "description": "9.x: into an adjacent friendly-controlled city." },
                        "return": { "oneOf": [ { "type": "string" }, block_list.clone() ], "description": "9.x: to the blocks' home city." },
                        "stay": { "oneOf": [ { "type": "string" }, block_list.clone() ], "description": "9.x: no move." },
                        "to": { "type": "string", "description": "The city." },
                        "path": { "type": "array", "items": { "type": "string" }, "description": "The places entered, the city last." },
                        "carry": block_list.clone()
                    },
                    "additionalProperties": false
                }
            },
            "standing": {
                "type": "object",
                "description": "Standing orders; they replace your current ones whole.",
                "properties": {
                    "fortify": { "type": "object", "additionalProperties": { "enum": ["walls", "field"] } },
                    "capitulate": { "type": "array", "items": { "type": "string" } },
                    "losses": block_list,
                    "retreat": { "type": "object", "additionalProperties": { "type": "string" } },
                    "escape": { "type": "object", "additionalProperties": block_list },
                    "appeals": appeals
                },
                "additionalProperties": false
            }
        },
        "additionalProperties": false
    })
}

pub fn game() -> serde_json::Value {
    let hex = json!({ "type": "string", "pattern": "^[0-9a-f]{64}$" });
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://dikast.invalid/schema/game.schema.json",
        "title": "dikast game file",
        "description": "A game file awaiting one turn (the moderator's). See docs/formats.md.",
        "type": "object",
        "required": names(&["dikast", "rules", "scenario", "game", "turn", "step", "awaiting", "dice", "state"]),
        "properties": {
            "dikast": { "const": 1 },
            "rules": { "enum": ["hellenes"] },
            "scenario": {
                "type": "object",
                "required": names(&["name", "sha256"]),
                "properties": { "name": { "type": "string" }, "sha256": hex, "text": { "type": "string" } },
                "additionalProperties": false
            },
            "game": { "type": "string" },
            "turn": { "type": "integer", "minimum": 1 },
            "step": { "type": "string" },
            "awaiting": { "type": "array", "items": { "type": "string" } },
            "dice": {
                "type": "object",
                "required": names(&["protocol", "chain_length", "commitment", "sealed_anchor"]),
                "properties": {
                    "protocol": { "const": "dikast-dice/v1" },
                    "chain_length": { "type": "integer", "minimum": 1 },
                    "commitment": hex,
                    "sealed_anchor": hex
                },
                "additionalProperties": false
            },
            "previous": hex,
            "state": { "type": "object", "description": "The rules module's state (docs/formats.md)." }
        },
        "additionalProperties": false
    })
}

pub fn schema(kind: SchemaKind) -> String {
    let v = match kind {
        SchemaKind::Orders => orders(),
        SchemaKind::Game => game(),
    };
    serde_json::to_string_pretty(&v).unwrap_or_default() + "\n"
}
