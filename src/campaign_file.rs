//! `campaign.yaml`: who plays, how to reach them, and the moderator's settings (mail,
//! deadlines, late orders, when to adjudicate), with the checks a file must pass beyond
//! its shape and its loading (once per process per file). The settings types live here
//! so that every command that reads them sits above this module; no command is imported.

use crate::cache;
use crate::clock::{parse_span, Deadlines};
use crate::diag::Diagnostic;
use crate::error::Failure;
use crate::folder::{register_campaign_scenarios, Layout};
use crate::fsx;
use crate::game::check_ids;
use crate::pipeline;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// A player of a side.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct Player {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub email: String,
    /// Report language: `en` or `ru`.
    #[serde(default = "default_language")]
    pub language: String,
}

fn default_language() -> String {
    "en".into()
}

/// `campaign.yaml`: who plays, and how to reach them. No passwords, no secrets.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Campaign {
    pub dikast: u32,
    pub game: String,
    pub rules: String,
    pub scenario: String,
    pub players: BTreeMap<String, Player>,
    /// The moderator's address (mail).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub moderator: String,
    /// Mail settings, no password (see docs/mail.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mail: Option<MailSettings>,
    /// The deadline of each turn's orders, by turn number (see docs/mail.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadlines: Option<Deadlines>,
    /// The next turn's deadline this long after each adjudication (`72h`), when
    /// `deadlines:` names none for it (see docs/mail.md and `crate::policy`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline_every: Option<String>,
    /// Orders after the deadline: `accept` (marked late) or `refuse`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub late: Option<Late>,
    /// `adjudicate` (as soon as every awaited side's orders are in) or `wait-for-deadline`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when_all_in: Option<WhenAllIn>,
    /// How long before the deadline `dikast tick` reminds who owes orders (default 24h).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remind_before: Option<String>,
    /// The Maildir `dikast tick` receives orders from (relative to the campaign folder).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub maildir: Option<PathBuf>,
}

/// The campaign files parsed and checked in this process, by path and bytes (a file
/// changed since is parsed again).
static CAMPAIGNS: std::sync::Mutex<BTreeMap<(PathBuf, Vec<u8>), Campaign>> =
    std::sync::Mutex::new(BTreeMap::new());

/// The campaign file, parsed. The campaign's archived scenarios become known too
/// (`register_campaign_scenarios`), with the values the moderator's copy keeps of
/// them (`register_kept_scenarios`): every command on a campaign reads this first.
pub fn load(layout: &Layout) -> Result<Campaign, Failure> {
    let shas = register_campaign_scenarios(&layout.dir);
    register_kept_scenarios(layout, &shas);
    let p = layout.campaign();
    if !p.exists() {
        return Err(Failure::Refused(format!(
            "{} is not a dikast campaign: {} is missing",
            layout.dir.display(),
            p.display()
        )));
    }
    let bytes = fsx::read_limited(&p)?;
    // Parsed and checked once per process: a command reads it more than once (the
    // game it plays, then the command itself); the same bytes give the same answer.
    let key = (p.clone(), bytes);
    let known = CAMPAIGNS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&key)
        .cloned();
    if let Some(c) = known {
        return Ok(c);
    }
    let c: Campaign = pipeline::parse_file(&layout.rel(&p), &key.1, "campaign file")?;
    check_ids(
        &format!("{}: side", layout.rel(&p)),
        c.players.keys().map(String::as_str),
    )?;
    validate(&layout.rel(&p), &key.1, &c)?;
    CAMPAIGNS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(key, c.clone());
    Ok(c)
}

/// A valid game id: letters (any script), digits, `-`, `_`, `.`; 1–64 characters, the
/// first a letter or digit (so never `.` or `..`).
pub fn valid_game_id(id: &str) -> bool {
    let n = id.chars().count();
    (1..=64).contains(&n)
        && id.chars().next().is_some_and(char::is_alphanumeric)
        && id.chars().all(|c| c.is_alphanumeric() || "-_.".contains(c))
}

/// Makes known the checked values that the moderator's copy keeps of these custom
/// scenarios (`.dikast/scenario-<sha256>.json`, `crate::cache::scenario`), those whose tag
/// holds, so that no command on the campaign parses their YAML again. The secret is
/// read only when a value is not known yet; without it (a player's copy) nothing is.
fn register_kept_scenarios(layout: &Layout, shas: &[String]) {
    let unknown: Vec<&String> = shas
        .iter()
        .filter(|sha| !pipeline::scenario_json_known(sha))
        .collect();
    if unknown.is_empty() || !layout.secret().is_file() {
        return;
    }
    let Ok(secret) = layout.load_secret() else {
        return;
    };
    for sha in unknown {
        if let Some(json) = cache::scenario(layout, &secret, sha) {
            pipeline::register_scenario_json(sha, &json);
        }
    }
}

/// `late:` in campaign.yaml: what happens to orders that arrive after the deadline.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum Late {
    /// Stored and used (until the turn is adjudicated), and marked late.
    #[default]
    Accept,
    /// Answered with a refusal; nothing is stored.
    Refuse,
}

/// `when_all_in:` in campaign.yaml (njudge's NOWAIT / WAIT).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "kebab-case")]
pub enum WhenAllIn {
    /// Adjudicate as soon as every side that owes orders has sent them.
    #[default]
    Adjudicate,
    /// Wait for the deadline all the same (players may still change their orders).
    WaitForDeadline,
}

/// What campaign.yaml must hold beyond its shape, each problem at its line.
pub fn validate(name: &str, bytes: &[u8], c: &Campaign) -> Result<(), Failure> {
    // Each problem with the path of its value; the file is parsed again for their places
    // only when there is one (a sound file, the usual case, is parsed once).
    let mut found: Vec<(Diagnostic, Vec<&str>)> = Vec::new();
    for (side, p) in &c.players {
        if crate::lang::Lang::from_code(&p.language).is_none() {
            found.push((
                Diagnostic::new(
                    "campaign::language",
                    format!(
                        "players.{side}.language is `{}`, a language dikast does not write",
                        p.language.escape_debug()
                    ),
                )
                .help(format!(
                    "write one of: {}",
                    crate::lang::Lang::ALL
                        .iter()
                        .map(|l| l.code())
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
                vec!["players", side.as_str(), "language"],
            ));
        }
    }
    for (key, v) in [
        ("deadline_every", &c.deadline_every),
        ("remind_before", &c.remind_before),
    ] {
        if let Some(s) = v {
            if let Err(e) = parse_span(s) {
                found.push((
                    Diagnostic::new("campaign::span", format!("{key}: {e}"))
                        .help("write a number and a unit: d (days), h (hours), m (minutes)"),
                    vec![key],
                ));
            }
        }
    }
    if found.is_empty() {
        return Ok(());
    }
    let file = crate::yaml::decode(name, bytes).map_err(Failure::input)?;
    let root = crate::yaml::parse(&file).map_err(Failure::input)?;
    let at = |d: Diagnostic, path: &[&str]| {
        let mut n = Some(&root);
        for k in path {
            n = n.and_then(|x| x.get(k));
        }
        match n {
            Some(n) => d.at(&file, n.span).label("here"),
            None => d.in_file(&file),
        }
    };
    Err(Failure::Input(
        found.into_iter().map(|(d, path)| at(d, &path)).collect(),
    ))
}
/// How the connection to the server is protected.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum Security {
    /// Plain connection upgraded with STARTTLS, which must succeed (port 587).
    #[default]
    Starttls,
    /// TLS from the first byte (SMTPS, port 465).
    Tls,
    /// No encryption (a relay on the same host); AUTH is refused.
    None,
}

/// `mail:` in campaign.yaml. No password: see `password_env` and `password_file`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MailSettings {
    /// SMTP server host name (or address).
    pub server: String,
    /// Default by `security`: 587 (starttls), 465 (tls), 25 (none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub port: Option<u16>,
    #[serde(default)]
    pub security: Security,
    /// The sender: `Dikast <dikast@example.org>` or a bare address.
    pub from: String,
    /// Where players' replies go (the moderator, usually).
    #[serde(default, alias = "reply-to", skip_serializing_if = "Option::is_none")]
    pub reply_to: Option<String>,
    /// The SMTP login; without it, no AUTH.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user: Option<String>,
    /// The environment variable holding the password (default `DIKAST_SMTP_PASSWORD`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub password_env: Option<String>,
    /// A file holding the password (first line), outside the campaign folder or in its
    /// `.dikast/`. Relative to the campaign folder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub password_file: Option<PathBuf>,
    /// Extra certificate authority (PEM) to trust, for a private server. Relative to the
    /// campaign folder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ca_file: Option<PathBuf>,
    /// Seconds to wait for the server (default 30).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout_seconds: Option<u64>,
    /// Seconds one message's whole exchange with the server may take, from connecting
    /// to the server's reply to the message (default 120): a server that answers a line
    /// at a time, slowly, never holds dikast longer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message_timeout_seconds: Option<u64>,
    /// Language of the moderator's mail (`en`, `ru`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moderator_language: Option<String>,
    /// Never used: present only so that a password written here is refused by name.
    #[serde(default, skip_serializing)]
    pub password: Option<serde_yaml::Value>,
}

/// The environment variable read for the password when the settings name none.
pub const DEFAULT_PASSWORD_ENV: &str = "DIKAST_SMTP_PASSWORD";

impl MailSettings {
    pub fn port(&self) -> u16 {
        self.port.unwrap_or(match self.security {
            Security::Starttls => 587,
            Security::Tls => 465,
            Security::None => 25,
        })
    }
}
