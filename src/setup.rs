//! Setting a campaign up without editing YAML (issue 32, "Setup"): `dikast new … --player
//! SIDE="Name <address>" --lang SIDE=ru …` and `dikast setup DIR …` write the players,
//! their addresses and languages, the moderator, the SMTP settings, the Maildir and the
//! deadline policy into `campaign.yaml`, each value checked as it is given (the flag and
//! the value named, with what to write instead), all of them before anything is written;
//! `dikast doctor DIR` says what a campaign still lacks to run itself by mail.
//!
//! Constraints: a password never goes into the campaign (only the name of the variable
//! or the file holding it); `campaign.yaml` is rewritten whole, atomically and under the
//! campaign's lock, then read back as every command reads it; the Maildir named is
//! created (`new/`, `cur/`, `tmp/`) so that `tick` finds it from the first run.

use crate::campaign_file::Campaign;
use crate::campaign_file::{Late, WhenAllIn};
use crate::campaign_file::{MailSettings, Security};
use crate::error::Failure;
use crate::folder::Layout;
use crate::fsx;
use crate::game::to_yaml;
use crate::lang::Lang;
use std::path::{Path, PathBuf};

/// The settings `new` and `setup` take: each flag sets one value of `campaign.yaml`.
#[derive(clap::Args, Debug, Default, Clone)]
pub struct SetupArgs {
    /// A side's player: `SIDE="Name <address>"`, or `SIDE=address` (the name kept).
    /// Repeat for each side.
    #[arg(long = "player", value_name = "SIDE=\"NAME <ADDRESS>\"")]
    pub player: Vec<String>,
    /// The language of a side's reports and mail: `SIDE=ru` (en or ru). Repeat for each
    /// side.
    #[arg(long = "lang", value_name = "SIDE=LANG")]
    pub lang: Vec<String>,
    /// The moderator: `"Name <address>"` or an address. He gets every turn's reports.
    #[arg(long, value_name = "\"NAME <ADDRESS>\"")]
    pub moderator: Option<String>,
    /// The language of the moderator's mail (en or ru).
    #[arg(long, value_name = "LANG")]
    pub moderator_lang: Option<String>,
    /// The SMTP server dikast sends through: `host` or `host:port`.
    #[arg(long, value_name = "HOST[:PORT]")]
    pub smtp: Option<String>,
    /// How the connection is protected: starttls (port 587), tls (465) or none (25, no
    /// login).
    #[arg(long, value_name = "starttls|tls|none")]
    pub security: Option<String>,
    /// The sender of dikast's mail, where players send their orders: `"Name <address>"`
    /// (default: the moderator).
    #[arg(long, value_name = "\"NAME <ADDRESS>\"")]
    pub from: Option<String>,
    /// Where players' replies go, when not to the sender.
    #[arg(long, value_name = "ADDRESS")]
    pub reply_to: Option<String>,
    /// The SMTP login (without it, no login).
    #[arg(long, value_name = "USER")]
    pub smtp_user: Option<String>,
    /// The environment variable holding the SMTP password (default DIKAST_SMTP_PASSWORD).
    #[arg(long, value_name = "VAR", conflicts_with = "password_file")]
    pub password_env: Option<String>,
    /// A file holding the SMTP password (its first line): outside the campaign folder or
    /// in its .dikast/. The password itself is never written anywhere by dikast.
    #[arg(long, value_name = "FILE")]
    pub password_file: Option<PathBuf>,
    /// A certificate authority (PEM) to trust as well, for a private SMTP server.
    #[arg(long, value_name = "FILE")]
    pub ca_file: Option<PathBuf>,
    /// The Maildir `dikast tick` takes orders from (relative: to the campaign folder);
    /// created if missing.
    #[arg(long, value_name = "DIR")]
    pub maildir: Option<PathBuf>,
    /// Each turn's deadline this long after the previous adjudication (`72h`, `3d`).
    #[arg(long, value_name = "SPAN")]
    pub deadline_every: Option<String>,
    /// How long before the deadline `tick` reminds who owes orders (default 24h).
    #[arg(long, value_name = "SPAN")]
    pub remind_before: Option<String>,
    /// Orders after the deadline: accept (marked late) or refuse.
    #[arg(long, value_name = "accept|refuse")]
    pub late: Option<String>,
    /// When every awaited side's orders are in: adjudicate, or wait-for-deadline.
    #[arg(long, value_name = "adjudicate|wait-for-deadline")]
    pub when_all_in: Option<String>,
}

impl SetupArgs {
    /// Whether any setting is given.
    pub fn is_empty(&self) -> bool {
        self.player.is_empty()
            && self.lang.is_empty()
            && self.moderator.is_none()
            && self.moderator_lang.is_none()
            && self.smtp.is_none()
            && self.security.is_none()
            && self.from.is_none()
            && self.reply_to.is_none()
            && self.smtp_user.is_none()
            && self.password_env.is_none()
            && self.password_file.is_none()
            && self.ca_file.is_none()
            && self.maildir.is_none()
            && self.deadline_every.is_none()
            && self.remind_before.is_none()
            && self.late.is_none()
            && self.when_all_in.is_none()
    }
}

/// A language code, checked.
fn language(flag: &str, given: &str, code: &str) -> Result<String, String> {
    let c = code.trim().to_lowercase();
    match Lang::from_code(&c) {
        Some(l) => Ok(l.code().to_string()),
        None => Err(format!(
            "{flag} {given}: `{code}` is not a language dikast writes; write one of: {}",
            Lang::ALL
                .iter()
                .map(|l| l.code())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// `SIDE=VALUE`, the side one of the campaign's.
fn side_value<'a>(flag: &str, given: &'a str, c: &Campaign) -> Result<(String, &'a str), String> {
    let Some((side, value)) = given.split_once('=') else {
        return Err(format!(
            "{flag} {given}: write SIDE=VALUE, the side one of: {}",
            c.players.keys().cloned().collect::<Vec<_>>().join(", ")
        ));
    };
    let side = side.trim().to_lowercase();
    if !c.players.contains_key(&side) {
        return Err(format!(
            "{flag} {given}: `{side}` is not a side of this campaign; its sides: {}",
            c.players.keys().cloned().collect::<Vec<_>>().join(", ")
        ));
    }
    Ok((side, value.trim()))
}

/// The path as written in campaign.yaml, made usable from the campaign folder.
fn in_campaign(dir: &Path, p: &Path) -> PathBuf {
    if p.is_absolute() {
        p.to_path_buf()
    } else {
        dir.join(p)
    }
}

/// What `apply` changed, and the Maildir to create once the file is written.
pub struct Applied {
    pub campaign: Campaign,
    pub lines: Vec<String>,
    pub maildir: Option<PathBuf>,
}

/// What `apply` found so far: every problem (one a line of the error) and a line for each
/// value changed, in the order of the flags.
#[derive(Default)]
struct Found {
    errs: Vec<String>,
    lines: Vec<String>,
}

/// The campaign with the settings given, every one checked; every problem found is in
/// the error, one a line, and nothing is changed.
pub fn apply(dir: &Path, old: &Campaign, a: &SetupArgs) -> Result<Applied, Failure> {
    let mut c = old.clone();
    let mut f = Found::default();
    set_players(&mut c, a, &mut f);
    set_languages(&mut c, a, &mut f);
    set_moderator(&mut c, a, &mut f);
    if touches_mail(a) {
        match mail_settings(dir, &c, a, &mut f) {
            Some(m) => c.mail = Some(m),
            None => return Err(refused(f.errs)),
        }
    }
    let maildir = set_maildir(dir, &mut c, a, &mut f);
    set_spans(&mut c, a, &mut f);
    set_late(&mut c, a, &mut f);
    set_when_all_in(&mut c, a, &mut f);
    if !f.errs.is_empty() {
        return Err(refused(f.errs));
    }
    Ok(Applied {
        campaign: c,
        lines: f.lines,
        maildir,
    })
}

/// `--player SIDE="Name <address>"`: a side's player's name and address.
fn set_players(c: &mut Campaign, a: &SetupArgs, f: &mut Found) {
    for given in &a.player {
        match side_value("--player", given, c) {
            Err(e) => f.errs.push(e),
            Ok((side, value)) => {
                match crate::mail::parse_mailbox(&format!("--player {side}"), value) {
                    Err(e) => f.errs.push(format!(
                        "{e}\n  write --player {side}=\"Name <name@example.org>\" or --player {side}=name@example.org"
                    )),
                    Ok((name, email)) => {
                        if let Some(p) = c.players.get_mut(&side) {
                            if !name.is_empty() {
                                p.name = name;
                            }
                            p.email = email;
                            f.lines.push(format!(
                                "player of {side}: {}",
                                if p.name.is_empty() {
                                    p.email.clone()
                                } else {
                                    format!("{} <{}>", p.name, p.email)
                                }
                            ));
                        }
                    }
                }
            }
        }
    }
}

/// `--lang SIDE=LANG`: the language of a side's reports and mail.
fn set_languages(c: &mut Campaign, a: &SetupArgs, f: &mut Found) {
    for given in &a.lang {
        match side_value("--lang", given, c)
            .and_then(|(side, v)| language("--lang", given, v).map(|l| (side, l)))
        {
            Err(e) => f.errs.push(e),
            Ok((side, l)) => {
                if let Some(p) = c.players.get_mut(&side) {
                    p.language = l.clone();
                }
                f.lines.push(format!("language of {side}: {l}"));
            }
        }
    }
}

/// `--moderator`: who gets every turn's reports.
fn set_moderator(c: &mut Campaign, a: &SetupArgs, f: &mut Found) {
    if let Some(m) = &a.moderator {
        match crate::mail::parse_mailbox("--moderator", m) {
            Ok(_) => {
                c.moderator = m.trim().to_string();
                f.lines.push(format!("moderator: {}", c.moderator));
            }
            Err(e) => f.errs.push(e),
        }
    }
}

/// Whether any flag of the mail settings is given.
fn touches_mail(a: &SetupArgs) -> bool {
    a.moderator_lang.is_some()
        || a.smtp.is_some()
        || a.security.is_some()
        || a.from.is_some()
        || a.reply_to.is_some()
        || a.smtp_user.is_some()
        || a.password_env.is_some()
        || a.password_file.is_some()
        || a.ca_file.is_some()
}

/// The mail settings: the old ones changed, or new ones when a server is named; `None`
/// (the problem said) when the campaign has none and no server is named.
fn mail_settings(dir: &Path, c: &Campaign, a: &SetupArgs, f: &mut Found) -> Option<MailSettings> {
    let mut m = match (c.mail.clone(), &a.smtp) {
        (Some(m), _) => m,
        (None, Some(_)) => MailSettings {
            server: String::new(),
            port: None,
            security: Security::default(),
            from: String::new(),
            reply_to: None,
            user: None,
            password_env: None,
            password_file: None,
            ca_file: None,
            timeout_seconds: None,
            message_timeout_seconds: None,
            moderator_language: None,
            password: None,
        },
        (None, None) => {
            f.errs.push(
                "the campaign has no mail settings yet: name the server first with --smtp HOST[:PORT]"
                    .into(),
            );
            return None;
        }
    };
    if let Some(s) = &a.smtp {
        set_smtp_server(&mut m, s, f);
    }
    set_security(&mut m, a, f);
    set_sender(&mut m, c, a, f);
    set_login(&mut m, a, f);
    set_password_file(&mut m, dir, a, f);
    if let Some(p) = &a.ca_file {
        match std::fs::read(in_campaign(dir, p)) {
            Ok(b) if String::from_utf8_lossy(&b).contains("-----BEGIN CERTIFICATE-----") => {
                m.ca_file = Some(p.clone())
            }
            Ok(_) => f.errs.push(format!(
                "--ca-file {}: not a PEM certificate (no `-----BEGIN CERTIFICATE-----`)",
                p.display()
            )),
            Err(e) => f
                .errs
                .push(format!("--ca-file {}: cannot be read: {e}", p.display())),
        }
    }
    if let Some(l) = &a.moderator_lang {
        match language("--moderator-lang", l, l) {
            Ok(code) => m.moderator_language = Some(code),
            Err(e) => f.errs.push(e),
        }
    }
    if m.user.is_some() && m.security == Security::None {
        f.errs.push("--smtp-user with --security none: the password would cross the network in clear; use --security starttls or tls".into());
    }
    f.lines.push(mail_line(&m));
    Some(m)
}

/// `--smtp HOST[:PORT]`: the server and its port, each checked.
fn set_smtp_server(m: &mut MailSettings, s: &str, f: &mut Found) {
    let s = s.trim();
    let (host, port) = match s.rsplit_once(':') {
        Some((h, p)) if !h.contains(':') => match p.parse::<u16>() {
            Ok(n) if n > 0 => (h.to_string(), Some(n)),
            _ => {
                f.errs.push(format!(
                    "--smtp {s}: `{p}` is not a port (1–65535); write --smtp host or --smtp host:port"
                ));
                (h.to_string(), None)
            }
        },
        _ => (s.to_string(), None),
    };
    if host.is_empty()
        || host
            .chars()
            .any(|ch| ch.is_whitespace() || ch.is_control() || "/@<>\"".contains(ch))
    {
        f.errs.push(format!(
            "--smtp {s}: `{host}` is not a host name; write --smtp smtp.example.org or --smtp smtp.example.org:587"
        ));
    }
    m.server = host;
    m.port = port;
}

/// `--security starttls|tls|none`.
fn set_security(m: &mut MailSettings, a: &SetupArgs, f: &mut Found) {
    if let Some(s) = &a.security {
        match s.trim().to_lowercase().as_str() {
            "starttls" => m.security = Security::Starttls,
            "tls" => m.security = Security::Tls,
            "none" => m.security = Security::None,
            other => f.errs.push(format!(
                "--security {s}: `{other}` is not one of starttls, tls, none"
            )),
        }
    }
}

/// `--from` (default: the moderator) and `--reply-to`.
fn set_sender(m: &mut MailSettings, c: &Campaign, a: &SetupArgs, f: &mut Found) {
    if let Some(from) = &a.from {
        match crate::mail::parse_mailbox("--from", from) {
            Ok(_) => m.from = from.trim().to_string(),
            Err(e) => f.errs.push(e),
        }
    }
    if m.from.is_empty() {
        if c.moderator.is_empty() {
            f.errs.push(
                "--smtp: mail needs a sender: give --from \"Dikast <dikast@example.org>\" (or --moderator, whose address is taken)"
                    .into(),
            );
        } else {
            m.from = c.moderator.clone();
        }
    }
    if let Some(r) = &a.reply_to {
        match crate::mail::parse_mailbox("--reply-to", r) {
            Ok(_) => m.reply_to = Some(r.trim().to_string()),
            Err(e) => f.errs.push(e),
        }
    }
}

/// `--smtp-user` and `--password-env`: the login and where its password is (never the
/// password itself).
fn set_login(m: &mut MailSettings, a: &SetupArgs, f: &mut Found) {
    if let Some(u) = &a.smtp_user {
        let u = u.trim();
        if u.is_empty() || u.chars().any(char::is_control) {
            f.errs.push(format!(
                "--smtp-user `{}`: write the login the server expects, on one line",
                u.escape_debug()
            ));
        } else {
            m.user = Some(u.to_string());
        }
    }
    if let Some(v) = &a.password_env {
        let ok = !v.is_empty()
            && v.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '_')
            && !v.starts_with(|ch: char| ch.is_ascii_digit());
        if ok {
            m.password_env = Some(v.clone());
            m.password_file = None;
        } else {
            f.errs.push(format!(
                "--password-env {v}: write the name of an environment variable (letters, digits, _), not the password"
            ));
        }
    }
}

/// `--password-file`: readable, and never inside the published part of the campaign.
fn set_password_file(m: &mut MailSettings, dir: &Path, a: &SetupArgs, f: &mut Found) {
    if let Some(p) = &a.password_file {
        let full = in_campaign(dir, p);
        match (std::fs::canonicalize(&full), std::fs::canonicalize(dir)) {
            (Err(e), _) => f.errs.push(format!(
                "--password-file {}: cannot be read ({e}); write the password on the first line of a file outside the campaign folder or in its .dikast/",
                p.display()
            )),
            (Ok(real), Ok(d)) if real.starts_with(&d) && !real.starts_with(d.join(".dikast")) => {
                f.errs.push(format!(
                    "--password-file {}: the file is inside the campaign folder, which is archived and published; keep it in .dikast/ or outside the folder",
                    p.display()
                ))
            }
            _ => {
                m.password_file = Some(p.clone());
                m.password_env = None;
            }
        }
    }
}

/// The line saying what the mail settings now are.
fn mail_line(m: &MailSettings) -> String {
    format!(
        "mail: {}:{} ({}), from {}{}{}",
        m.server,
        m.port(),
        match m.security {
            Security::Starttls => "starttls",
            Security::Tls => "tls",
            Security::None => "none",
        },
        m.from,
        m.user
            .as_deref()
            .map(|u| format!(", login {u}"))
            .unwrap_or_default(),
        match (&m.password_file, &m.password_env, &m.user) {
            (_, _, None) => String::new(),
            (Some(f), _, _) => format!(", password from the file {}", f.display()),
            (None, v, _) => format!(
                ", password from ${}",
                v.as_deref()
                    .unwrap_or(crate::campaign_file::DEFAULT_PASSWORD_ENV)
            ),
        }
    )
}

/// `--maildir`: outside the campaign folder or in its private `.dikast/`; returns the
/// folder to create once the file is written.
fn set_maildir(dir: &Path, c: &mut Campaign, a: &SetupArgs, f: &mut Found) -> Option<PathBuf> {
    let p = a.maildir.as_ref()?;
    let full = in_campaign(dir, p);
    let inside = if p.is_absolute() {
        std::fs::canonicalize(dir).is_ok_and(|d| p.starts_with(&d))
    } else {
        !p.components()
            .any(|c| matches!(c, std::path::Component::ParentDir))
    };
    let private = in_campaign(dir, p).starts_with(dir.join(".dikast"))
        || std::fs::canonicalize(dir).is_ok_and(|d| p.starts_with(d.join(".dikast")));
    if inside && !private {
        f.errs.push(format!(
            "--maildir {}: a Maildir inside the campaign folder would be archived and published with every player's messages; use --maildir .dikast/maildir (never published) or a folder outside",
            p.display()
        ));
    } else if full.exists() && !full.is_dir() {
        f.errs.push(format!(
            "--maildir {}: it exists and is not a folder",
            p.display()
        ));
    } else {
        c.maildir = Some(p.clone());
        f.lines.push(format!("Maildir: {}", p.display()));
        return Some(full);
    }
    None
}

/// `--deadline-every` and `--remind-before`: spans such as `72h`, `3d`.
fn set_spans(c: &mut Campaign, a: &SetupArgs, f: &mut Found) {
    for (flag, given, slot) in [
        ("--deadline-every", &a.deadline_every, &mut c.deadline_every),
        ("--remind-before", &a.remind_before, &mut c.remind_before),
    ] {
        if let Some(s) = given {
            match crate::clock::parse_span(s.trim()) {
                Ok(_) => {
                    *slot = Some(s.trim().to_string());
                    f.lines.push(format!("{}: {}", &flag[2..], s.trim()));
                }
                Err(e) => f.errs.push(format!(
                    "{flag} {s}: {e}; write a number and a unit: d (days), h (hours), m (minutes)"
                )),
            }
        }
    }
}

/// `--late accept|refuse`.
fn set_late(c: &mut Campaign, a: &SetupArgs, f: &mut Found) {
    if let Some(s) = &a.late {
        match s.trim().to_lowercase().as_str() {
            "accept" => c.late = Some(Late::Accept),
            "refuse" => c.late = Some(Late::Refuse),
            other => f.errs.push(format!(
                "--late {s}: `{other}` is not one of accept, refuse"
            )),
        }
        f.lines
            .push(format!("late orders: {}", s.trim().to_lowercase()));
    }
}

/// `--when-all-in adjudicate|wait-for-deadline`.
fn set_when_all_in(c: &mut Campaign, a: &SetupArgs, f: &mut Found) {
    if let Some(s) = &a.when_all_in {
        match s.trim().to_lowercase().as_str() {
            "adjudicate" => c.when_all_in = Some(WhenAllIn::Adjudicate),
            "wait-for-deadline" => c.when_all_in = Some(WhenAllIn::WaitForDeadline),
            other => f.errs.push(format!(
                "--when-all-in {s}: `{other}` is not one of adjudicate, wait-for-deadline"
            )),
        }
        f.lines.push(format!(
            "when all orders are in: {}",
            s.trim().to_lowercase()
        ));
    }
}

fn refused(errs: Vec<String>) -> Failure {
    Failure::Refused(errs.join("\n"))
}

/// Writes the settings into the campaign's `campaign.yaml` (under its lock) and creates
/// the Maildir named. Returns what changed, a line each.
pub fn setup(layout: &Layout, a: &SetupArgs) -> Result<String, Failure> {
    if a.is_empty() {
        return Err(Failure::Refused(
            "give the settings to write (`dikast setup --help` lists them); `dikast doctor DIR` says what the campaign lacks".into(),
        ));
    }
    let old = crate::campaign_file::load(layout)?;
    let applied = apply(&layout.dir, &old, a)?;
    let _lock = fsx::Lock::take(&layout.dir)?;
    write(layout, &applied)?;
    let mut out: String = applied.lines.iter().map(|l| format!("{l}\n")).collect();
    if let Some(l) = first_deadline(layout, crate::clock::clock_now())? {
        out.push_str(&format!("{l}\n"));
    }
    out.push_str(&format!(
        "written to {}; `dikast doctor {}` says what it still lacks\n",
        layout.rel(&layout.campaign()),
        layout.dir.display()
    ));
    Ok(out)
}

/// The file and the Maildir of an `apply`; the file read back as every command reads it.
pub fn write(layout: &Layout, applied: &Applied) -> Result<(), Failure> {
    let bytes = to_yaml(&applied.campaign).into_bytes();
    if let Some(md) = &applied.maildir {
        for sub in ["new", "cur", "tmp"] {
            let p = md.join(sub);
            std::fs::create_dir_all(&p)
                .map_err(|e| Failure::io(&p, "create the Maildir folder", e))?;
        }
    }
    fsx::replace(&layout.campaign(), &bytes)?;
    crate::campaign_file::load(layout).map(|_| ())
}

/// Under `deadline_every:`, the pending turn's deadline when it has none yet (turn 1 of a
/// new campaign; a campaign given its cadence later), counted from `now` and written as
/// `dikast deadline --set` writes it: the first call for orders, `status` and `doctor`
/// name it from the start, not from the first `tick`. Returns the line that says so.
pub fn first_deadline(
    layout: &Layout,
    now: crate::clock::UnixTime,
) -> Result<Option<String>, Failure> {
    let c = crate::campaign_file::load(layout)?;
    let p = crate::policy::pending(layout, &c)?;
    Ok(
        crate::policy::first_deadline(layout, &c, &p, now)?.map(|d| {
            format!(
                "turn {}: deadline {} ({}, deadline-every {} from now)",
                p.turn,
                d.text,
                crate::clock::format_utc(d.at),
                c.deadline_every.as_deref().unwrap_or("")
            )
        }),
    )
}

/// One line of `dikast doctor`.
struct Finding {
    ok: bool,
    text: String,
}

/// `dikast doctor DIR`: what the campaign still lacks to run itself by mail — players'
/// addresses, the moderator, mail settings and the password, the SMTP server answering
/// (unless `offline`), the Maildir, the pending turn's deadline — and the cron line to
/// install. `Ok` when nothing lacks; else `Failure::Report` (the same text, exit 1).
pub fn doctor(layout: &Layout, offline: bool) -> Result<String, Failure> {
    let c = crate::campaign_file::load(layout)?;
    let d = layout.dir.display().to_string();
    let mut f = Findings::default();
    players_found(&c, &d, &mut f);
    mail_found(layout, &c, &d, offline, &mut f);
    maildir_found(layout, &c, &d, &mut f);
    deadline_found(layout, &c, &d, &mut f);
    f.push(true, policy_line(&c));
    doctor_text(layout, &c, &d, &f.0)
}

/// The lines of `dikast doctor`, in the order found.
#[derive(Default)]
struct Findings(Vec<Finding>);

impl Findings {
    fn push(&mut self, ok: bool, text: String) {
        self.0.push(Finding { ok, text });
    }
}

/// Each side's player's address and language, and the moderator.
fn players_found(c: &Campaign, d: &str, f: &mut Findings) {
    for (side, p) in &c.players {
        if p.email.trim().is_empty() {
            f.push(
                false,
                format!(
                    "{side} has no address: dikast setup {d} --player {side}=\"Name <address>\""
                ),
            );
        } else {
            let who = if p.name.trim().is_empty() {
                p.email.clone()
            } else {
                format!("{} <{}>", p.name, p.email)
            };
            f.push(true, format!("{side}: {who}, reads {}", p.language));
        }
    }
    if c.moderator.trim().is_empty() {
        f.push(
            false,
            format!("no moderator: dikast setup {d} --moderator \"Name <address>\""),
        );
    } else {
        f.push(true, format!("moderator: {}", c.moderator));
    }
}

/// The mail settings, the password's variable under cron, and the SMTP server answering
/// (unless `offline`).
fn mail_found(layout: &Layout, c: &Campaign, d: &str, offline: bool, f: &mut Findings) {
    let Some(m) = &c.mail else {
        f.push(
            false,
            format!(
                "no mail settings: dikast setup {d} --smtp HOST[:PORT] --security starttls --from \"Dikast <address>\" --smtp-user USER --password-file FILE"
            ),
        );
        return;
    };
    if let Some(e) = crate::mail::settings_problem(c) {
        f.push(false, format!("mail settings: {e}"));
        return;
    }
    f.push(
        true,
        format!("mail: {}:{}, from {}", m.server.trim(), m.port(), m.from),
    );
    if m.user.is_some() && m.password_file.is_none() {
        let var = m
            .password_env
            .as_deref()
            .unwrap_or(crate::campaign_file::DEFAULT_PASSWORD_ENV);
        let set = std::env::var(var).is_ok_and(|v| !v.is_empty());
        f.push(
            set,
            format!(
                "the password comes from ${var}{}; cron starts dikast without your shell's variables: set {var} in the crontab, or keep the password in a file (dikast setup {d} --password-file {d}/.dikast/smtp-password)",
                if set { "" } else { ", which is not set here" }
            ),
        );
    }
    if offline {
        f.push(true, "SMTP server not tried (--offline)".into());
    } else {
        match crate::mail::probe(layout, c) {
            Ok(s) => f.push(true, format!("SMTP: {s}")),
            Err(e) => f.push(false, format!("SMTP server not reachable: {e}")),
        }
    }
}

/// The Maildir orders are read from, with its `new/`, `cur/`, `tmp/`.
fn maildir_found(layout: &Layout, c: &Campaign, d: &str, f: &mut Findings) {
    let Some(p) = &c.maildir else {
        f.push(
            false,
            format!(
                "no Maildir: orders by mail are not read; dikast setup {d} --maildir .dikast/maildir (and have the mail server deliver what is sent to dikast's address there)"
            ),
        );
        return;
    };
    let full = in_campaign(&layout.dir, p);
    let missing: Vec<&str> = ["new", "cur", "tmp"]
        .into_iter()
        .filter(|s| !full.join(s).is_dir())
        .collect();
    if missing.is_empty() {
        f.push(
            true,
            format!(
                "Maildir: {} (the mail server must deliver what is sent to dikast's address there)",
                full.display()
            ),
        );
    } else {
        f.push(
            false,
            format!(
                "Maildir {} lacks {}/: dikast setup {d} --maildir {} creates it",
                full.display(),
                missing.join("/, "),
                p.display()
            ),
        );
    }
}

/// The pending turn's deadline, or why there is none.
fn deadline_found(layout: &Layout, c: &Campaign, d: &str, f: &mut Findings) {
    match crate::policy::pending(layout, c) {
        Err(e) => f.push(false, format!("the pending turn: {}", e.render().trim_end())),
        Ok(p) => match &p.deadline {
            Some(dl) => f.push(true, format!("turn {}: deadline {}", p.turn, dl.text)),
            None if c.deadline_every.is_some() || c.deadlines.is_some() => f.push(
                false,
                format!(
                    "turn {} has no deadline: dikast deadline {d} --set +{} (later turns get theirs when adjudicated)",
                    p.turn,
                    c.deadline_every.as_deref().unwrap_or("72h")
                ),
            ),
            None => f.push(
                false,
                format!(
                    "no deadlines: a turn waits until every side's orders are in; dikast setup {d} --deadline-every 72h, then dikast deadline {d} --set +72h"
                ),
            ),
        },
    }
}

/// The deadline policy in force: late orders, all orders in, reminders.
fn policy_line(c: &Campaign) -> String {
    format!(
        "late orders: {}; when all orders are in: {}; reminders {} before the deadline",
        match c.late.unwrap_or_default() {
            Late::Accept => "accept",
            Late::Refuse => "refuse",
        },
        match c.when_all_in.unwrap_or_default() {
            WhenAllIn::Adjudicate => "adjudicate",
            WhenAllIn::WaitForDeadline => "wait-for-deadline",
        },
        c.remind_before.as_deref().unwrap_or("24h")
    )
}

/// The findings, the cron line and the verdict: `Ok` when nothing lacks, else
/// `Failure::Report` with the same text.
fn doctor_text(layout: &Layout, c: &Campaign, d: &str, f: &[Finding]) -> Result<String, Failure> {
    let lacking = f.iter().filter(|x| !x.ok).count();
    let mut out = format!("campaign {} ({}, {})\n", c.game, c.rules, c.scenario);
    for x in f {
        out.push_str(if x.ok { "ok       " } else { "LACKING  " });
        out.push_str(&x.text);
        out.push('\n');
    }
    let exe = std::env::current_exe()
        .ok()
        .map(|p| p.display().to_string())
        .unwrap_or_else(|| "dikast".into());
    let abs = std::fs::canonicalize(&layout.dir)
        .map(|p| p.display().to_string())
        .unwrap_or(d.to_string());
    out.push_str(&format!(
        "cron     install this line with `crontab -e` (a tick every 10 minutes):\n         */10 * * * * {exe} tick {abs} >> {abs}/.dikast/tick.log 2>&1\n"
    ));
    if lacking == 0 {
        out.push_str("ready: once the cron line is installed the campaign runs itself\n");
        Ok(out)
    } else {
        out.push_str(&format!(
            "{lacking} thing{} lacking: the campaign cannot run itself yet\n",
            if lacking == 1 { "" } else { "s" }
        ));
        Err(Failure::Report(out))
    }
}
