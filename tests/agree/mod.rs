//! Shared by tests/schema.rs and tests/rule_cases.rs: whether the orders JSON Schema and
//! `check` agree on one orders file (see tests/schema.rs for what agreeing means).
#![allow(dead_code)]

/// Diagnostic codes of shape problems, which a schema can decide.
pub const SHAPE: [&str; 5] = [
    "orders::type",
    "orders::unknown-key",
    "orders::missing-key",
    "orders::no-verb",
    "orders::two-verbs",
];

pub struct Outcome {
    pub file: String,
    /// The codes and messages of `check`'s diagnostics (empty: valid).
    pub codes: Vec<String>,
    pub messages: Vec<String>,
    pub schema_errors: Vec<String>,
}

/// The schema's errors for an orders file's text.
pub fn schema_errors(schema: &serde_json::Value, text: &str) -> Vec<String> {
    let validator = jsonschema::validator_for(schema).expect("the schema compiles");
    match serde_yaml::from_str::<serde_json::Value>(text) {
        Ok(v) => validator
            .iter_errors(&v)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect(),
        // Not YAML at all: the schema has nothing to validate (check refuses it).
        Err(e) => vec![format!("not YAML: {e}")],
    }
}

/// Every disagreement, in words.
pub fn disagreements(outcomes: &[Outcome]) -> Vec<String> {
    let mut bad = Vec::new();
    for o in outcomes {
        if o.codes.is_empty() && !o.schema_errors.is_empty() {
            bad.push(format!(
                "{}: check accepts it, the schema refuses it: {}",
                o.file,
                o.schema_errors.join("; ")
            ));
        }
        let shape: Vec<String> = o
            .codes
            .iter()
            .zip(&o.messages)
            .filter(|(c, m)| {
                SHAPE.contains(&c.as_str()) && !m.contains("not an order of this step")
            })
            .map(|(c, m)| format!("{c}: {m}"))
            .collect();
        if !shape.is_empty() && o.schema_errors.is_empty() {
            bad.push(format!(
                "{}: check refuses its shape ({}), the schema accepts it",
                o.file,
                shape.join("; ")
            ));
        }
    }
    bad
}
