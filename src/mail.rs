//! Mail delivery of a turn's reports: each player gets his own report (plain text = the
//! Markdown, an HTML alternative, his report as a file, his view, his map as SVG and PNG,
//! the skeleton of his next orders and the orders schema it names attached), the moderator gets
//! everything. This is the edge of the program: the clock (Date), OS randomness
//! (Message-ID) and the network live here and nowhere else.
//!
//! Nothing is lost when mail fails. The turn is written before any mail is composed.
//! Every message of a turn is listed in `turns/NNNN/mail/ledger.yaml` (its Message-ID,
//! Date and state: unsent, sending, sent), rewritten atomically after every change; a
//! message not yet sent waits as `mail/outbox/<key>.eml` and moves to `mail/sent/` once
//! the server took it. `dikast mail` sends only what is unsent, so each message goes out
//! at most once: a message the server may have stored without dikast hearing its reply
//! (the connection dropped after the message was handed over, the exchange ran out of
//! time, or dikast was killed mid-send: state `sending` found by the next run) is
//! `uncertain`, and goes again only when the moderator says so (`--resend-uncertain`,
//! or `--uncertain-arrived` to record that it arrived). Each message's whole exchange
//! with the server is bounded in time, not only each read. None of these files is compared by `dikast verify`, so Dates and
//! Message-IDs never touch the deterministic archive.
//!
//! Settings live in campaign.yaml (`mail:`); the password never does: it comes from an
//! environment variable or a file outside the archive, and is never printed.

use crate::campaign_file::{Campaign, MailSettings, Player, Security, DEFAULT_PASSWORD_ENV};
use crate::error::Failure;
use crate::folder::Layout;
use crate::fsx;
use crate::game::{to_yaml, ViewFile};
use crate::lang::Lang;
use crate::pipeline;
use crate::rules::Rules;
use lettre::address::Envelope;
use lettre::message::header::ContentType;
use lettre::message::{Attachment, Mailbox, Message, MultiPart, SinglePart};
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Certificate, TlsParameters};
use lettre::Address;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// A state in the ledger.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum SendState {
    Unsent,
    /// Being handed to the server. Found so by a later run, dikast stopped mid-send: the
    /// message is then `uncertain`.
    Sending,
    /// Handed over, but dikast never heard the server take it: it may or may not have
    /// arrived. Sent again only with `--resend-uncertain`.
    Uncertain,
    Sent,
}

/// One message of a turn.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LedgerEntry {
    /// `moderator` or a side id; also the file name in outbox/ and sent/.
    pub key: String,
    pub message_id: String,
    /// The Date header, in seconds since 1970 (when the message was first composed).
    pub date: i64,
    pub state: SendState,
    /// The address it went (or goes) to.
    #[serde(default)]
    pub to: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sent_at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_error: Option<String>,
}

/// `turns/NNNN/mail/ledger.yaml`: every message of a turn and whether it was sent.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct Ledger {
    pub turn: u32,
    pub messages: Vec<LedgerEntry>,
}

/// Folder of a turn's mail (outbox, sent, dry-run, ledger).
pub fn mail_dir(layout: &Layout, t: u32) -> PathBuf {
    layout.turn_dir(t).join("mail")
}

fn ledger_path(layout: &Layout, t: u32) -> PathBuf {
    mail_dir(layout, t).join("ledger.yaml")
}

fn load_ledger(layout: &Layout, t: u32) -> Result<Option<Ledger>, Failure> {
    let p = ledger_path(layout, t);
    if !p.exists() {
        return Ok(None);
    }
    let bytes = fsx::read_limited(&p)?;
    let l: Ledger = pipeline::parse_file(&layout.rel(&p), &bytes, "mail ledger")?;
    Ok(Some(l))
}

fn save_ledger(layout: &Layout, l: &Ledger) -> Result<(), Failure> {
    let text = format!(
        "# dikast mail ledger of turn {}: every message, its Message-ID and whether it was sent.\n# Written by `dikast mail`; do not edit it. `uncertain`: the server may have the message.\n# Check whether it arrived, then `dikast mail DIR --turn N --resend-uncertain` (it did not)\n# or `dikast mail DIR --turn N --uncertain-arrived` (it did).\n{}",
        l.turn,
        to_yaml(l)
    );
    fsx::replace(&ledger_path(layout, l.turn), text.as_bytes())
}

/// One line about a turn's mail for `dikast status`, or `None` when it was never mailed.
pub fn summary(layout: &Layout, t: u32) -> Option<String> {
    let l = load_ledger(layout, t).ok()??;
    let n = l.messages.len();
    let sent = l
        .messages
        .iter()
        .filter(|e| e.state == SendState::Sent)
        .count();
    let sending = l
        .messages
        .iter()
        .filter(|e| matches!(e.state, SendState::Sending | SendState::Uncertain))
        .count();
    Some(if sent == n {
        format!("all {n} messages sent")
    } else {
        let mut s = format!(
            "{sent} of {n} messages sent, {} waiting in {}",
            n - sent,
            layout.rel(&mail_dir(layout, t).join("outbox"))
        );
        if sending > 0 {
            let _ = write!(
                s,
                " ({sending} uncertain: the server may have them; if they did not arrive `dikast mail {d} --turn {t} --resend-uncertain`, if they did `dikast mail {d} --turn {t} --uncertain-arrived`)",
                d = layout.dir.display()
            );
        }
        if n - sent > sending {
            s.push_str(&format!(
                "; retry with `dikast mail {} --turn {t}`",
                layout.dir.display()
            ));
        }
        s
    })
}

/// A text that may go into a header: no control characters (CR, LF, TAB, NUL…) nor
/// line or paragraph separators, at most 200 characters.
fn header_safe(what: &str, s: &str) -> Result<(), String> {
    if let Some(c) = s
        .chars()
        .find(|c| c.is_control() || matches!(c, '\u{2028}' | '\u{2029}'))
    {
        return Err(format!(
            "{what} `{}` holds the control character U+{:04X}; names and addresses in mail headers must be one line of text",
            s.escape_debug(),
            c as u32
        ));
    }
    if s.chars().count() > 200 {
        return Err(format!("{what} is longer than 200 characters"));
    }
    Ok(())
}

/// A bare ASCII address, checked.
fn address(what: &str, s: &str) -> Result<Address, String> {
    header_safe(what, s)?;
    let s = s.trim();
    if !s.is_ascii() {
        return Err(format!(
            "{what} `{s}` is not ASCII; write the domain in its ASCII (xn--) form"
        ));
    }
    s.parse::<Address>()
        .map_err(|e| format!("{what} `{s}` is not an e-mail address: {e}"))
}

/// `Name <addr>` or `addr`, with the name checked for header safety.
fn mailbox_text(what: &str, s: &str) -> Result<Mailbox, String> {
    header_safe(what, s)?;
    let s = s.trim();
    match (s.rfind('<'), s.ends_with('>')) {
        (Some(i), true) => {
            let name = s[..i].trim().trim_matches('"').trim();
            let addr = address(what, &s[i + 1..s.len() - 1])?;
            Ok(Mailbox::new(
                (!name.is_empty()).then(|| name.to_string()),
                addr,
            ))
        }
        _ => Ok(Mailbox::new(None, address(what, s)?)),
    }
}

fn player_mailbox(side: &str, p: &Player) -> Result<Mailbox, String> {
    if p.email.trim().is_empty() {
        return Err(format!(
            "players.{side}.email is empty in campaign.yaml: every side needs an address to be mailed"
        ));
    }
    header_safe(&format!("players.{side}.name"), &p.name)?;
    let addr = address(&format!("players.{side}.email"), &p.email)?;
    let name = p.name.trim();
    Ok(Mailbox::new(
        (!name.is_empty()).then(|| name.to_string()),
        addr,
    ))
}

/// The checked settings of a campaign.
struct Checked {
    settings: MailSettings,
    from: Mailbox,
    reply_to: Option<Mailbox>,
    moderator: Mailbox,
}

fn check_settings(c: &Campaign) -> Result<Checked, String> {
    let s = c.mail.clone().ok_or(
        "campaign.yaml has no `mail:` settings (server, security, from…); see docs/mail.md",
    )?;
    if s.password.is_some() {
        return Err("campaign.yaml holds `mail.password`: a password never goes into the campaign files (they are archived and published). Remove it and use `password_env` (an environment variable) or `password_file` (a file outside the campaign folder)".into());
    }
    if s.server.trim().is_empty() {
        return Err("mail.server is empty".into());
    }
    header_safe("mail.server", &s.server)?;
    if s.user.is_some() && s.security == Security::None {
        return Err("mail.user is set with `security: none`: the password would cross the network in clear. Use `security: starttls` or `tls`".into());
    }
    if let Some(u) = &s.user {
        header_safe("mail.user", u)?;
    }
    let from = mailbox_text("mail.from", &s.from)?;
    let reply_to = s
        .reply_to
        .as_deref()
        .map(|r| mailbox_text("mail.reply_to", r))
        .transpose()?;
    if c.moderator.trim().is_empty() {
        return Err("campaign.yaml has no `moderator:` address: the moderator's copy of every turn goes there".into());
    }
    let moderator = mailbox_text("moderator", &c.moderator)?;
    if !crate::campaign_file::valid_game_id(&c.game) {
        return Err(format!(
            "the game id `{}` in campaign.yaml is not usable in a subject: use letters, digits, `-`, `_` or `.`",
            c.game.escape_debug()
        ));
    }
    Ok(Checked {
        settings: s,
        from,
        reply_to,
        moderator,
    })
}

/// A file attached to a message.
struct Attached {
    name: String,
    content_type: &'static str,
    bytes: Vec<u8>,
}

/// A message before it gets its Message-ID and Date.
struct Outgoing {
    key: String,
    to: Mailbox,
    subject: String,
    lang: String,
    markdown: String,
    attachments: Vec<Attached>,
}

/// One line of text (for a subject): control characters become spaces.
fn one_line(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
                ' '
            } else {
                c
            }
        })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn subject(lang: &str, game: &str, t: u32, step: &str, whom: Option<&str>) -> String {
    let lang = crate::lang::Lang::from_code(lang).unwrap_or(crate::lang::Lang::En);
    crate::notices::report_subject(lang, game, t, &one_line(step), whom)
}

/// The report a reader gets (`stem`: `report` or `report-<side>`): `<stem>.<lang>.md`
/// when the turn has one in his language, else the English `<stem>.md`.
/// The file name comes from dikast's own languages, never from the code as written.
fn report_path(layout: &Layout, t: u32, stem: &str, lang: &str) -> PathBuf {
    let english = layout.turn_dir(t).join(Lang::En.file_name(stem));
    match Lang::from_code(lang) {
        Some(l) if l != Lang::En => {
            let localized = layout.turn_dir(t).join(l.file_name(stem));
            if localized.exists() {
                localized
            } else {
                english
            }
        }
        _ => english,
    }
}

/// A reader's language code as dikast writes it (`RU` is `ru`); a language dikast does
/// not write stays as given (he gets the English report).
fn lang_code(code: &str) -> String {
    Lang::from_code(code)
        .map(|l| l.code().to_string())
        .unwrap_or_else(|| code.trim().to_string())
}

/// The step of the game file in the reader's language (the file's own English `step`
/// for a language dikast does not write).
fn step_in<R: Rules>(
    sc: &R::Scenario,
    game: &crate::game::GameFile<R::State>,
    lang: &str,
) -> String {
    match Lang::from_code(lang) {
        Some(l) => R::step_in(sc, &game.state, l).title,
        None => game.step.clone(),
    }
}

/// The step of turn `t`'s game file in `lang`.
pub fn step_title<R: Rules>(layout: &Layout, t: u32, lang: Lang) -> Result<String, Failure> {
    let path = layout.game(t);
    let bytes = fsx::read_limited(&path)?;
    let game: crate::game::GameFile<R::State> =
        pipeline::parse_file(&layout.rel(&path), &bytes, "game file")?;
    if lang == Lang::En {
        return Ok(game.step);
    }
    let sc = pipeline::load_scenario::<R>(&game.scenario, &layout.rel(&path))?;
    Ok(R::step_in(&sc, &game.state, lang).title)
}

/// A side's name in `lang`, from turn `t`'s scenario (the id when it cannot be read).
pub fn side_name<R: Rules>(layout: &Layout, t: u32, side: &str, lang: Lang) -> String {
    let path = layout.game(t);
    let name = || -> Result<String, Failure> {
        let bytes = fsx::read_limited(&path)?;
        let game: crate::game::GameFile<serde::de::IgnoredAny> =
            pipeline::parse_file(&layout.rel(&path), &bytes, "game file")?;
        let sc = pipeline::load_scenario::<R>(&game.scenario, &layout.rel(&path))?;
        Ok(R::side_name_in(&sc, side, lang))
    };
    name().unwrap_or_else(|_| side.to_string())
}

fn read_text(layout: &Layout, p: &Path) -> Result<String, Failure> {
    let b = fsx::read_limited(p)?;
    String::from_utf8(b)
        .map_err(|_| Failure::Refused(format!("{} is not UTF-8 text", layout.rel(p))))
}

/// One side's view of the next turn: the view file's bytes, its map (SVG, and PNG for
/// mail clients that show no SVG) in its player's language, and the view itself.
struct SideView<R: Rules> {
    side: String,
    bytes: Vec<u8>,
    svg: String,
    png: Vec<u8>,
    scenario: std::sync::Arc<R::Scenario>,
    view: ViewFile<R::View>,
}

/// What every message of turn t is made from.
struct TurnMail<'a, R: Rules> {
    layout: &'a Layout,
    c: &'a Campaign,
    t: u32,
    sc: std::sync::Arc<R::Scenario>,
    game: crate::game::GameFile<R::State>,
    /// The turn ended the game: no skeleton of next orders goes with the reports.
    over: bool,
}

/// Every message of turn t, in a fixed order: the sides, then the moderator.
fn plan<R: Rules>(
    layout: &Layout,
    c: &Campaign,
    ck: &Checked,
    t: u32,
) -> Result<Vec<Outgoing>, Failure> {
    if !layout.report(t).exists() {
        return Err(Failure::Refused(format!(
            "turn {t} has no report yet ({} is missing): adjudicate it first",
            layout.rel(&layout.report(t))
        )));
    }
    let game_path = layout.game(t);
    let game_bytes = fsx::read_limited(&game_path)?;
    let game: crate::game::GameFile<R::State> =
        pipeline::parse_file(&layout.rel(&game_path), &game_bytes, "game file")?;
    let sc = pipeline::load_scenario::<R>(&game.scenario, &layout.rel(&game_path))?;
    let sides = R::sides(&sc, &game.state);
    if sides.iter().any(|s| s == "moderator") {
        return Err(Failure::Refused(
            "a side is called `moderator`, which is the name of the moderator's message".into(),
        ));
    }
    let over = over_after::<R>(layout, &sc, t + 1)?;
    let tm = TurnMail::<R> {
        layout,
        c,
        t,
        sc,
        game,
        over,
    };
    let views = side_views::<R>(layout, c, &sides, t + 1)?;
    let schema = crate::show::orders_schema_text::<R>();
    // The campaign secret gives each side's turn token for its template.
    let secret = layout.load_secret().ok();
    let mut out = Vec::new();
    for v in &views {
        out.push(side_message(&tm, v, &schema, secret.as_ref())?);
    }
    out.push(moderator_message(&tm, ck, &sides, &views)?);
    Ok(out)
}

/// Whether the game was over after the turn before `next`: then nothing is asked of
/// anyone.
fn over_after<R: Rules>(layout: &Layout, sc: &R::Scenario, next: u32) -> Result<bool, Failure> {
    let next_game: crate::game::GameFile<R::State> = pipeline::parse_file(
        &layout.rel(&layout.game(next)),
        &fsx::read_limited(&layout.game(next))?,
        "game file",
    )?;
    Ok(crate::report::game_over(&R::step(sc, &next_game.state)))
}

/// Each side's view of turn `next` and its maps.
fn side_views<R: Rules>(
    layout: &Layout,
    c: &Campaign,
    sides: &[String],
    next: u32,
) -> Result<Vec<SideView<R>>, Failure> {
    let mut views = Vec::new();
    for side in sides {
        let p = layout.turn_dir(next).join(format!("view-{side}.yaml"));
        let bytes = fsx::read_limited(&p)?;
        let view: ViewFile<R::View> = pipeline::parse_file(&layout.rel(&p), &bytes, "view")?;
        let vsc = pipeline::load_scenario::<R>(&view.scenario, &layout.rel(&p))?;
        // The map in its player's language (the moderator is sent the same pictures).
        let l = crate::policy::language_of(c, side);
        let svg = crate::show::map_svg_in::<R>(&vsc, &view, l);
        let png = crate::png::render(&svg)?;
        views.push(SideView {
            side: side.clone(),
            bytes,
            svg,
            png,
            scenario: vsc,
            view,
        });
    }
    Ok(views)
}

/// A side's view and its two maps, as attachments.
fn view_attachments<R: Rules>(v: &SideView<R>) -> [Attached; 3] {
    let side = &v.side;
    [
        Attached {
            name: format!("view-{side}.yaml"),
            content_type: "text/yaml; charset=utf-8",
            bytes: v.bytes.clone(),
        },
        Attached {
            name: format!("map-{side}.svg"),
            content_type: "image/svg+xml",
            bytes: v.svg.clone().into_bytes(),
        },
        Attached {
            name: format!("map-{side}.png"),
            content_type: "image/png",
            bytes: v.png.clone(),
        },
    ]
}

/// The message to one side: his report, his view and maps, the skeleton of his next
/// orders (unless the game is over) and, with the first turn's, a custom scenario.
fn side_message<R: Rules>(
    tm: &TurnMail<R>,
    v: &SideView<R>,
    schema: &str,
    secret: Option<&crate::secret::Secret>,
) -> Result<Outgoing, Failure> {
    let (layout, t, side, view) = (tm.layout, tm.t, &v.side, &v.view);
    let p = tm.c.players.get(side).cloned().unwrap_or_default();
    let to = player_mailbox(side, &p).map_err(Failure::Refused)?;
    let lang = lang_code(&p.language);
    let l = Lang::from_code(&lang).unwrap_or(Lang::En);
    let name = R::side_name_in(&tm.sc, side, l);
    let step = step_in::<R>(&tm.sc, &tm.game, &lang);
    let report = report_path(layout, t, &format!("report-{side}"), &lang);
    let report_name = report
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| format!("report-{side}.md"));
    let report_bytes = fsx::read_limited(&report)?;
    // The same skeleton as the call for orders' (same name, same bytes, the turn
    // token too), so that whichever the player fills in is taken by mail, and it is
    // never named like his orders (`<side>.yaml`, the accepted answer's attachment).
    let mut template =
        crate::show::template_of_view::<R>(&v.scenario, view, &format!("view-{side}.yaml"), l);
    if let Some(secret) = secret {
        template = crate::show::with_token(template, secret, &view.game, view.turn, side, l);
    }
    // A custom scenario is named by its hash in every view and sent once, with the
    // first mail (issue 14); `dikast show`/`check` find it beside the views.
    let embedded = R::embedded_scenario(&view.scenario.name)
        .is_some_and(|text| crate::game::sha256_hex(text.as_bytes()) == view.scenario.sha256);
    let scenario = (t == 1 && !embedded)
        .then(|| pipeline::archived_scenario_text(&view.scenario.sha256))
        .flatten()
        .map(|text| Attached {
            name: format!("scenario-{}.yaml", view.scenario.sha256),
            content_type: "text/yaml; charset=utf-8",
            bytes: text.as_bytes().to_vec(),
        });
    // The report as a file too: `dikast verify --report` reads it.
    let mut attachments = vec![Attached {
        name: report_name,
        content_type: "text/markdown; charset=utf-8",
        bytes: report_bytes,
    }];
    attachments.extend(view_attachments(v));
    // The skeleton of his next orders, and the schema it names beside it.
    if !tm.over {
        attachments.push(Attached {
            name: format!("orders-{side}.yaml"),
            content_type: "text/yaml; charset=utf-8",
            bytes: template.into_bytes(),
        });
        attachments.push(Attached {
            name: crate::show::SCHEMA_FILE.into(),
            content_type: "application/schema+json",
            bytes: schema.as_bytes().to_vec(),
        });
    }
    attachments.extend(scenario);
    Ok(Outgoing {
        key: side.clone(),
        to,
        subject: subject(&lang, &tm.c.game, t, &step, Some(&name)),
        markdown: read_text(layout, &report)?,
        lang,
        attachments,
    })
}

/// The moderator's message: his report in his language as the body; every side's
/// report in every language the turn has and his own in the other languages, every
/// view and map, and the next game file attached.
fn moderator_message<R: Rules>(
    tm: &TurnMail<R>,
    ck: &Checked,
    sides: &[String],
    views: &[SideView<R>],
) -> Result<Outgoing, Failure> {
    let (layout, t) = (tm.layout, tm.t);
    let lang = lang_code(ck.settings.moderator_language.as_deref().unwrap_or("en"));
    let body = report_path(layout, t, "report", &lang);
    let mut all = Vec::new();
    for stem in sides
        .iter()
        .map(|s| format!("report-{s}"))
        .chain(std::iter::once("report".to_string()))
    {
        for l in Lang::ALL {
            let p = layout.turn_dir(t).join(l.file_name(&stem));
            if p == body || (l != Lang::En && !p.exists()) {
                continue;
            }
            all.push(Attached {
                name: l.file_name(&stem),
                content_type: "text/markdown; charset=utf-8",
                bytes: fsx::read_limited(&p)?,
            });
        }
    }
    for v in views {
        all.extend(view_attachments(v));
    }
    all.push(Attached {
        name: "game.yaml".into(),
        content_type: "text/yaml; charset=utf-8",
        bytes: fsx::read_limited(&layout.game(t + 1))?,
    });
    Ok(Outgoing {
        key: "moderator".into(),
        to: ck.moderator.clone(),
        subject: subject(
            &lang,
            &tm.c.game,
            t,
            &step_in::<R>(&tm.sc, &tm.game, &lang),
            None,
        ),
        markdown: read_text(layout, &body)?,
        lang,
        attachments: all,
    })
}

/// Escapes text for HTML.
fn escape_html(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            _ => o.push(c),
        }
    }
    o
}

/// The HTML alternative of a report. Raw HTML in the Markdown is shown as text, never
/// passed through: reports quote what players wrote.
pub fn html_of(markdown: &str, title: &str, lang: &str) -> String {
    let body = crate::report::markdown_html(markdown);
    format!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>\nbody {{ font-family: Georgia, 'Times New Roman', serif; max-width: 46em; margin: 1em auto; padding: 0 1em; line-height: 1.45; color: #222; }}\nh1, h2 {{ font-family: Helvetica, Arial, sans-serif; color: #4a2c12; }}\nh1 {{ font-size: 1.4em; border-bottom: 2px solid #c9a227; }}\nh2 {{ font-size: 1.15em; margin-top: 1.4em; }}\ncode, pre {{ font-family: Menlo, Consolas, monospace; font-size: 0.85em; }}\npre {{ background: #f6f1e4; padding: 0.6em; overflow-x: auto; }}\n</style>\n</head>\n<body>\n{}</body>\n</html>\n",
        escape_html(lang),
        escape_html(title),
        body
    )
}

/// A MIME boundary that follows from the Message-ID, so that the same message composed
/// twice gives the same bytes.
fn boundary(message_id: &str, part: &str) -> String {
    let h = crate::dice::sha256(format!("dikast-boundary\0{message_id}\0{part}").as_bytes());
    format!("=_dikast_{}", &crate::dice::to_hex(&h)[..32])
}

/// The finished message: headers, the report as text and HTML, the attachments.
fn compose(
    o: &Outgoing,
    ck: &Checked,
    message_id: &str,
    date: i64,
) -> Result<(Envelope, Vec<u8>), Failure> {
    let mut b = Message::builder()
        .from(ck.from.clone())
        .to(o.to.clone())
        .subject(o.subject.clone())
        .message_id(Some(message_id.to_string()))
        .date(UNIX_EPOCH + Duration::from_secs(date.max(0) as u64))
        .user_agent(format!("dikast {}", env!("CARGO_PKG_VERSION")))
        .header(AutoSubmitted::Generated);
    if let Some(r) = &ck.reply_to {
        b = b.reply_to(r.clone());
    }
    let alternative = MultiPart::alternative()
        .boundary(boundary(message_id, "alternative"))
        .singlepart(SinglePart::plain(o.markdown.clone()))
        .singlepart(SinglePart::html(html_of(&o.markdown, &o.subject, &o.lang)));
    let mut mixed = MultiPart::mixed()
        .boundary(boundary(message_id, "mixed"))
        .multipart(alternative);
    for a in &o.attachments {
        let ct = ContentType::parse(a.content_type)
            .map_err(|e| Failure::Io(format!("content type {}: {e}", a.content_type)))?;
        mixed = mixed.singlepart(Attachment::new(a.name.clone()).body(a.bytes.clone(), ct));
    }
    let msg = b
        .multipart(mixed)
        .map_err(|e| Failure::Refused(format!("the message to {} cannot be built: {e}", o.to)))?;
    Ok((msg.envelope().clone(), msg.formatted()))
}

fn now_secs() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// A new Message-ID: 128 random bits at the sender's domain.
fn new_message_id(from: &Mailbox) -> Result<String, Failure> {
    let mut b = [0u8; 16];
    getrandom::getrandom(&mut b)
        .map_err(|e| Failure::Io(format!("the operating system gave no randomness: {e}")))?;
    Ok(format!(
        "<dikast.{}@{}>",
        crate::dice::to_hex(&b),
        from.email.domain()
    ))
}

/// A path from the settings: relative paths are relative to the campaign folder.
fn settings_path(layout: &Layout, p: &Path) -> PathBuf {
    if p.is_absolute() {
        p.to_path_buf()
    } else {
        layout.dir.join(p)
    }
}

/// The password, from the file or the environment variable the settings name. Its
/// value never appears in any message.
fn password(layout: &Layout, s: &MailSettings) -> Result<String, String> {
    if let Some(f) = &s.password_file {
        let p = settings_path(layout, f);
        let real = fs::canonicalize(&p)
            .map_err(|e| format!("mail.password_file {}: cannot be read: {e}", p.display()))?;
        if let Ok(dir) = fs::canonicalize(&layout.dir) {
            if real.starts_with(&dir) && !real.starts_with(dir.join(".dikast")) {
                return Err(format!(
                    "mail.password_file {} is inside the campaign folder, which is archived and published; keep it in .dikast/ or outside the folder",
                    p.display()
                ));
            }
        }
        let text = fs::read_to_string(&real)
            .map_err(|e| format!("mail.password_file {}: cannot be read: {e}", p.display()))?;
        let pw = text.lines().next().unwrap_or("").to_string();
        if pw.is_empty() {
            return Err(format!("mail.password_file {} is empty", p.display()));
        }
        return Ok(pw);
    }
    let var = s
        .password_env
        .clone()
        .unwrap_or_else(|| DEFAULT_PASSWORD_ENV.to_string());
    match std::env::var(&var) {
        Ok(v) if !v.is_empty() => Ok(v),
        _ => Err(format!(
            "mail.user is set, but the environment variable {var} holding the password is empty or not set (or name a file with mail.password_file)"
        )),
    }
}

/// How to reach the server, checked once for every message of a run.
#[derive(Clone)]
struct Conn {
    server: String,
    port: u16,
    security: Security,
    tls: Option<TlsParameters>,
    credentials: Option<Credentials>,
    /// Each read and write.
    timeout: Duration,
    /// One message's whole exchange.
    total: Duration,
}

fn transport(layout: &Layout, s: &MailSettings) -> Result<Conn, String> {
    let server = s.server.trim().to_string();
    let tls_params = || -> Result<TlsParameters, String> {
        let mut b = TlsParameters::builder(server.clone());
        if let Some(ca) = &s.ca_file {
            let p = settings_path(layout, ca);
            let pem = fs::read(&p)
                .map_err(|e| format!("mail.ca_file {}: cannot be read: {e}", p.display()))?;
            let cert = Certificate::from_pem(&pem)
                .map_err(|e| format!("mail.ca_file {}: not a PEM certificate: {e}", p.display()))?;
            b = b.add_root_certificate(cert);
        }
        b.build_rustls()
            .map_err(|e| format!("TLS settings for {server}: {e}"))
    };
    let tls = match s.security {
        Security::Starttls | Security::Tls => Some(tls_params()?),
        Security::None => None,
    };
    let credentials = match &s.user {
        Some(user) => Some(Credentials::new(user.clone(), password(layout, s)?)),
        None => None,
    };
    Ok(Conn {
        port: s.port(),
        server,
        security: s.security,
        tls,
        credentials,
        timeout: Duration::from_secs(s.timeout_seconds.unwrap_or(30).max(1)),
        total: Duration::from_secs(s.message_timeout_seconds.unwrap_or(120).max(1)),
    })
}

/// What became of one message handed to the server.
#[derive(Debug)]
enum Outcome {
    Sent,
    /// Certainly not stored: the exchange failed before the message was handed over,
    /// or the server refused it.
    NotSent(String),
    /// Handed over, but the server's reply never came: it may have stored it.
    Uncertain(String),
}

/// Where one exchange got to: `HANDING` from the moment the message's content goes out.
const BEFORE: u8 = 0;
const HANDING: u8 = 1;

/// One message's whole SMTP exchange, in its own thread, bounded by `c.total`: a
/// server trickling its replies a line at a time cannot hold dikast longer.
fn send_one(c: &Conn, env: &Envelope, bytes: &[u8]) -> Outcome {
    use std::sync::atomic::{AtomicU8, Ordering};
    use std::sync::{mpsc, Arc};
    let phase = Arc::new(AtomicU8::new(BEFORE));
    let (tx, rx) = mpsc::channel();
    let (c2, env2, bytes2, phase2) = (c.clone(), env.clone(), bytes.to_vec(), phase.clone());
    std::thread::spawn(move || {
        let r = exchange(&c2, &env2, &bytes2, &phase2);
        let _ = tx.send(r);
    });
    match rx.recv_timeout(c.total) {
        Ok(o) => o,
        Err(_) => {
            // The thread is left blocked on the server; it ends with the process.
            let why = format!(
                "the server did not finish the exchange within {} s (mail.message_timeout_seconds)",
                c.total.as_secs()
            );
            if phase.load(Ordering::SeqCst) == HANDING {
                Outcome::Uncertain(why)
            } else {
                Outcome::NotSent(why)
            }
        }
    }
}

fn exchange(
    c: &Conn,
    env: &Envelope,
    bytes: &[u8],
    phase: &std::sync::atomic::AtomicU8,
) -> Outcome {
    use lettre::transport::smtp::client::SmtpConnection;
    use lettre::transport::smtp::commands::{Data, Mail, Rcpt};
    use lettre::transport::smtp::extension::{ClientId, MailBodyParameter, MailParameter};
    use std::sync::atomic::Ordering;
    let not_sent = |e: lettre::transport::smtp::Error| Outcome::NotSent(e.to_string());
    let hello = ClientId::default();
    let wrapper = match c.security {
        Security::Tls => c.tls.as_ref(),
        _ => None,
    };
    let mut conn = match SmtpConnection::connect(
        (c.server.as_str(), c.port),
        Some(c.timeout),
        &hello,
        wrapper,
        None,
    ) {
        Ok(x) => x,
        Err(e) => return not_sent(e),
    };
    let before = (|| {
        if let (Security::Starttls, Some(tls)) = (c.security, c.tls.as_ref()) {
            if !conn.can_starttls() {
                return Err(Outcome::NotSent(format!(
                    "{} does not offer STARTTLS, which `security: starttls` requires",
                    c.server
                )));
            }
            conn.starttls(tls, &hello).map_err(not_sent)?;
        }
        if let Some(cr) = &c.credentials {
            conn.auth(
                lettre::transport::smtp::authentication::DEFAULT_MECHANISMS,
                cr,
            )
            .map_err(not_sent)?;
        }
        let mut opts = vec![];
        if !bytes.is_ascii() {
            opts.push(MailParameter::Body(MailBodyParameter::EightBitMime));
        }
        conn.command(Mail::new(env.from().cloned(), opts))
            .map_err(not_sent)?;
        for to in env.to() {
            conn.command(Rcpt::new(to.clone(), vec![]))
                .map_err(not_sent)?;
        }
        conn.command(Data).map_err(not_sent)
    })();
    if let Err(o) = before {
        conn.abort();
        return o;
    }
    // From here the server may store the message whatever happens to its reply.
    phase.store(HANDING, Ordering::SeqCst);
    match conn.message(bytes) {
        Ok(_) => {
            let _ = conn.quit();
            Outcome::Sent
        }
        // The server answered, and refused it: it did not store it.
        Err(e) if e.is_permanent() || e.is_transient() => {
            conn.abort();
            not_sent(e)
        }
        Err(e) => {
            conn.abort();
            Outcome::Uncertain(format!(
                "{e} after the message was handed to the server: it may have stored it"
            ))
        }
    }
}

/// `dikast doctor`'s question to the server: the settings checked, then a connection
/// opened as a message would be (TLS or STARTTLS, AUTH with the password), and closed
/// with QUIT before any message: nothing is sent. Says what was reached, or why not.
pub fn probe(layout: &Layout, c: &Campaign) -> Result<String, String> {
    use lettre::transport::smtp::client::SmtpConnection;
    use lettre::transport::smtp::extension::ClientId;
    let ck = check_settings(c)?;
    let conn = transport(layout, &ck.settings)?;
    let hello = ClientId::default();
    let wrapper = match conn.security {
        Security::Tls => conn.tls.as_ref(),
        _ => None,
    };
    let at = format!("{}:{}", conn.server, conn.port);
    let mut smtp = SmtpConnection::connect(
        (conn.server.as_str(), conn.port),
        Some(conn.timeout),
        &hello,
        wrapper,
        None,
    )
    .map_err(|e| format!("{at}: {e}"))?;
    if let (Security::Starttls, Some(tls)) = (conn.security, conn.tls.as_ref()) {
        if !smtp.can_starttls() {
            smtp.abort();
            return Err(format!(
                "{at} does not offer STARTTLS, which `security: starttls` requires"
            ));
        }
        if let Err(e) = smtp.starttls(tls, &hello) {
            smtp.abort();
            return Err(format!("{at}: STARTTLS: {e}"));
        }
    }
    if let Some(cr) = &conn.credentials {
        if let Err(e) = smtp.auth(
            lettre::transport::smtp::authentication::DEFAULT_MECHANISMS,
            cr,
        ) {
            smtp.abort();
            return Err(format!("{at}: login refused: {e}"));
        }
    }
    let _ = smtp.quit();
    Ok(format!(
        "{at} answers ({}{})",
        match conn.security {
            Security::Starttls => "STARTTLS",
            Security::Tls => "TLS",
            Security::None => "no encryption",
        },
        if conn.credentials.is_some() {
            ", login accepted"
        } else {
            ", no login"
        }
    ))
}

/// `mailbox_text` for `dikast setup`: a `Name <address>` or bare address checked as
/// every header is, split into its name and address.
pub fn parse_mailbox(what: &str, s: &str) -> Result<(String, String), String> {
    let m = mailbox_text(what, s)?;
    Ok((m.name.unwrap_or_default(), m.email.to_string()))
}

/// The mail settings as `mail` checks them before composing anything.
pub fn settings_problem(c: &Campaign) -> Option<String> {
    check_settings(c).err()
}

/// The latest adjudicated turn (the last one with a report).
pub fn latest_adjudicated(layout: &Layout) -> Result<u32, Failure> {
    layout
        .turns()?
        .into_iter()
        .filter(|t| layout.report(*t).exists())
        .max()
        .ok_or_else(|| {
            Failure::Refused(
                "no turn of this campaign has been adjudicated yet: nothing to mail".into(),
            )
        })
}

/// What `dikast mail` does with messages that may have arrived (`uncertain`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Uncertain {
    /// Leave them: never sent twice by default.
    #[default]
    Keep,
    /// The moderator checked they did not arrive: send them again (same Message-ID).
    Resend,
    /// The moderator checked they arrived: record them as sent.
    Arrived,
}

/// `dikast mail DIR [--turn N] [--dry-run] [--resend-uncertain | --uncertain-arrived]`.
pub fn mail_command<R: Rules>(
    layout: &Layout,
    turn: Option<u32>,
    dry_run: bool,
    uncertain: Uncertain,
) -> Result<String, Failure> {
    let t = match turn {
        Some(t) => t,
        None => latest_adjudicated(layout)?,
    };
    send_turn_with::<R>(layout, t, dry_run, uncertain)
}

/// `dikast adjudicate --mail`: the turn is written whatever happens to the mail, so any
/// failure to mail is exit 75 and says so, after what adjudication printed.
pub fn after_adjudication(
    done: String,
    mailed: Result<String, Failure>,
) -> Result<String, Failure> {
    let why = match mailed {
        Ok(m) => return Ok(format!("{done}{m}")),
        Err(Failure::Mail(m)) => return Err(Failure::Mail(format!("{done}{m}"))),
        Err(Failure::Input(d)) => crate::diag::render_all(&d),
        Err(f @ Failure::InputIn(..)) => f.render(),
        Err(
            Failure::Refused(m)
            | Failure::RefusedIn(m, _)
            | Failure::Io(m)
            | Failure::Verify(m)
            | Failure::Busy(m)
            | Failure::Report(m)
            | Failure::Usage(m),
        ) => m,
    };
    Err(Failure::Mail(format!(
        "{done}the turn was written, but no mail was sent: {}\nfix that, then run `dikast mail`\n",
        why.trim_end()
    )))
}

/// Sends (or with `dry_run` writes as .eml files) every message of turn t.
pub fn send_turn<R: Rules>(layout: &Layout, t: u32, dry_run: bool) -> Result<String, Failure> {
    send_turn_with::<R>(layout, t, dry_run, Uncertain::Keep)
}

fn send_turn_with<R: Rules>(
    layout: &Layout,
    t: u32,
    dry_run: bool,
    uncertain: Uncertain,
) -> Result<String, Failure> {
    let c = crate::campaign_file::load(layout)?;
    let ck = check_settings(&c).map_err(Failure::Refused)?;
    let plan = plan::<R>(layout, &c, &ck, t)?;
    let lock = fsx::Lock::take(&layout.dir)?;
    let took_over: String = lock.took_over.iter().map(|l| format!("{l}\n")).collect();
    let dir = mail_dir(layout, t);
    if dry_run {
        return write_dry_run(layout, &ck, &plan, &dir, t);
    }

    // 1. Every message gets its entry (Message-ID, Date) once; the ledger is on disk
    //    before anything is sent.
    let mut ledger = load_ledger(layout, t)?.unwrap_or(Ledger {
        turn: t,
        messages: Vec::new(),
    });
    let now = now_secs();
    for o in &plan {
        if !ledger.messages.iter().any(|e| e.key == o.key) {
            ledger.messages.push(LedgerEntry {
                key: o.key.clone(),
                message_id: new_message_id(&ck.from)?,
                date: now,
                state: SendState::Unsent,
                to: o.to.email.to_string(),
                sent_at: None,
                last_error: None,
            });
        }
    }
    let settled = settle_uncertain(&mut ledger, uncertain, &dir)?;
    save_ledger(layout, &ledger)?;

    // 2. Every unsent message waits in the outbox, composed from today's settings with
    //    its own Message-ID and Date.
    let outbox = dir.join("outbox");
    let pending = fill_outbox(&mut ledger, &plan, &ck, &outbox)?;
    save_ledger(layout, &ledger)?;

    // 3. Send, one message at a time, the ledger rewritten around each.
    if !pending.is_empty() {
        send_pending(layout, &ck, &mut ledger, &pending, &dir)?;
    }

    // An empty outbox is removed: its absence says nothing waits.
    if fs::read_dir(&outbox)
        .map(|mut d| d.next().is_none())
        .unwrap_or(false)
    {
        let _ = fs::remove_dir(&outbox);
    }

    // 4. What happened, message by message.
    let mut text = format!("{took_over}turn {t}: ");
    let (lines, unsent, uncertain_n) = ledger_lines(&ledger, &settled);
    let server = format!("{}:{}", ck.settings.server.trim(), ck.settings.port());
    let n = ledger.messages.len();
    if unsent == 0 && pending.is_empty() {
        let _ = write!(
            text,
            "nothing to send: all {n} messages were sent before\n{lines}"
        );
        Ok(text)
    } else if unsent == 0 {
        let _ = write!(text, "all {n} messages sent through {server}\n{lines}");
        Ok(text)
    } else {
        let d = layout.dir.display();
        let mut what = String::new();
        if unsent > uncertain_n {
            let _ = writeln!(
                what,
                "retry with `dikast mail {d} --turn {t}` (only unsent messages go)"
            );
        }
        if uncertain_n > 0 {
            let _ = writeln!(
                what,
                "{uncertain_n} uncertain: check with the recipients whether they arrived; if not, `dikast mail {d} --turn {t} --resend-uncertain` sends them again (same Message-ID); if they did, `dikast mail {d} --turn {t} --uncertain-arrived` records it"
            );
        }
        let _ = write!(
            text,
            "{unsent} of {n} messages not sent through {server}; they wait in {}\n{lines}{what}",
            layout.rel(&outbox),
        );
        Err(Failure::Mail(text))
    }
}

/// `dikast mail --dry-run`: every message written as an .eml file under `dry-run/`,
/// nothing sent and the ledger untouched.
fn write_dry_run(
    layout: &Layout,
    ck: &Checked,
    plan: &[Outgoing],
    dir: &Path,
    t: u32,
) -> Result<String, Failure> {
    let mut out = format!(
        "turn {t}: {} messages written as .eml files (nothing sent):\n",
        plan.len()
    );
    let now = now_secs();
    for o in plan {
        let id = new_message_id(&ck.from)?;
        let (_, bytes) = compose(o, ck, &id, now)?;
        let p = dir.join("dry-run").join(format!("{}.eml", o.key));
        fsx::replace(&p, &bytes)?;
        let _ = writeln!(out, "  {} → {}: {}", o.key, o.to, layout.rel(&p));
    }
    Ok(out)
}

/// A message found `sending` was being handed over when dikast stopped: it may have
/// arrived. What the moderator said of the uncertain ones is done now; the lines that
/// say what was done.
fn settle_uncertain(
    ledger: &mut Ledger,
    uncertain: Uncertain,
    dir: &Path,
) -> Result<Vec<String>, Failure> {
    let mut settled = Vec::new();
    for e in ledger.messages.iter_mut() {
        if e.state == SendState::Sending {
            e.state = SendState::Uncertain;
            e.last_error = Some(
                "dikast stopped while handing it to the server: it may or may not have arrived"
                    .into(),
            );
        }
        if e.state != SendState::Uncertain {
            continue;
        }
        match uncertain {
            Uncertain::Keep => {}
            Uncertain::Resend => {
                e.state = SendState::Unsent;
                settled.push(format!(
                    "  resending {} (the moderator found it did not arrive)",
                    e.key
                ));
            }
            Uncertain::Arrived => {
                e.state = SendState::Sent;
                e.last_error = None;
                e.sent_at = Some("before (the moderator found it arrived)".into());
                settled.push(format!("  recorded {} as arrived", e.key));
                let from = dir.join("outbox").join(format!("{}.eml", e.key));
                if from.exists() {
                    let sent = dir.join("sent");
                    fsx::mkdir(&sent)?;
                    fsx::rename(&from, &sent.join(format!("{}.eml", e.key)))?;
                }
            }
        }
    }
    Ok(settled)
}

/// A composed message waiting to be sent: its ledger entry's index, envelope, bytes.
type Waiting = (usize, Envelope, Vec<u8>);

/// Composes every unsent message into the outbox; the ones waiting, in plan order.
fn fill_outbox(
    ledger: &mut Ledger,
    plan: &[Outgoing],
    ck: &Checked,
    outbox: &Path,
) -> Result<Vec<Waiting>, Failure> {
    let mut pending = Vec::new();
    for o in plan {
        let i = ledger
            .messages
            .iter()
            .position(|e| e.key == o.key)
            .expect("every planned message has an entry");
        if ledger.messages[i].state != SendState::Unsent {
            continue;
        }
        let (env, bytes) = compose(
            o,
            ck,
            &ledger.messages[i].message_id,
            ledger.messages[i].date,
        )?;
        ledger.messages[i].to = o.to.email.to_string();
        fsx::replace(&outbox.join(format!("{}.eml", o.key)), &bytes)?;
        pending.push((i, env, bytes));
    }
    Ok(pending)
}

/// Sends the waiting messages one at a time, the ledger saved before and after each;
/// after the server stalled on one, the rest are not tried this run.
fn send_pending(
    layout: &Layout,
    ck: &Checked,
    ledger: &mut Ledger,
    pending: &[Waiting],
    dir: &Path,
) -> Result<(), Failure> {
    let tr = match transport(layout, &ck.settings) {
        Ok(tr) => tr,
        Err(why) => {
            for (i, _, _) in pending {
                ledger.messages[*i].last_error = Some(why.clone());
            }
            return save_ledger(layout, ledger);
        }
    };
    let mut stalled: Option<String> = None;
    for (i, env, bytes) in pending {
        let e = &mut ledger.messages[*i];
        if let Some(why) = &stalled {
            // The server stalled on a message before: not tried this run.
            e.last_error = Some(format!("not tried: {why}"));
            continue;
        }
        e.state = SendState::Sending;
        save_ledger(layout, ledger)?;
        let e = &mut ledger.messages[*i];
        match send_one(&tr, env, bytes) {
            Outcome::Sent => {
                e.state = SendState::Sent;
                e.sent_at = Some(crate::clock::format_utc(now_secs()));
                e.last_error = None;
                let sent_dir = dir.join("sent");
                let from = dir.join("outbox").join(format!("{}.eml", e.key));
                let to = sent_dir.join(format!("{}.eml", e.key));
                fs::create_dir_all(&sent_dir).map_err(|er| Failure::io(&sent_dir, "create", er))?;
                fs::rename(&from, &to).map_err(|er| Failure::io(&to, "write", er))?;
            }
            Outcome::NotSent(why) => {
                if why.contains("mail.message_timeout_seconds") {
                    stalled = Some(why.clone());
                }
                e.state = SendState::Unsent;
                e.last_error = Some(why);
            }
            Outcome::Uncertain(why) => {
                if why.contains("mail.message_timeout_seconds") {
                    stalled = Some(why.clone());
                }
                e.state = SendState::Uncertain;
                e.last_error = Some(why);
            }
        }
        save_ledger(layout, ledger)?;
    }
    Ok(())
}

/// One line per message of the ledger (after the `settled` ones), how many are not
/// sent, and how many of those are uncertain.
fn ledger_lines(ledger: &Ledger, settled: &[String]) -> (String, usize, usize) {
    let mut lines: String = settled.iter().map(|l| format!("{l}\n")).collect();
    let mut unsent = 0;
    let mut uncertain_n = 0;
    for e in &ledger.messages {
        match e.state {
            SendState::Sent => {
                let _ = writeln!(lines, "  sent    {} → {} {}", e.key, e.to, e.message_id);
            }
            SendState::Sending | SendState::Uncertain => {
                unsent += 1;
                uncertain_n += 1;
                let _ = writeln!(
                    lines,
                    "  uncertain {} → {}: {}; it may have arrived, so it is not sent again by itself",
                    e.key,
                    e.to,
                    e.last_error.as_deref().unwrap_or("handed to the server, no reply")
                );
            }
            SendState::Unsent => {
                unsent += 1;
                let _ = writeln!(
                    lines,
                    "  unsent  {} → {}: {}",
                    e.key,
                    e.to,
                    e.last_error.as_deref().unwrap_or("not tried")
                );
            }
        }
    }
    (lines, unsent, uncertain_n)
}

// ---------------------------------------------------------------------------------
// Notices: one plain-text message to one reader (an answer to orders received, a
// reminder, a deadline notice, a call for orders, a correction). Each waits in
// `.dikast/outbox/` (the message and its envelope) before it is sent and moves to
// `.dikast/sent/` once the server took it, so a notice that could not be sent goes out
// with the next `dikast tick`. They live in `.dikast/` because they carry turn tokens
// and addresses, and `publish` leaves that folder out.

/// Who a notice goes to.
#[derive(Debug, Clone, Copy)]
pub enum To<'a> {
    /// The player of a side, at his registered address.
    Side(&'a str),
    Moderator,
}

/// One notice.
pub struct Notice<'a> {
    pub to: To<'a>,
    pub subject: String,
    pub body: String,
    /// The Message-ID answered, if any.
    pub in_reply_to: Option<String>,
    /// (file name, content type, bytes).
    pub attachments: Vec<(String, &'static str, Vec<u8>)>,
}

/// The envelope of a notice waiting in the outbox.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct NoticeEnvelope {
    from: String,
    to: String,
    message_id: String,
    subject: String,
}

fn notice_dir(layout: &Layout, which: &str) -> PathBuf {
    layout.dir.join(".dikast").join(which)
}

/// Composes a notice, queues it in `.dikast/outbox/` and tries to send it. `Ok` says
/// what happened in one line (sent, or queued and why); `Err` only when the campaign's
/// mail settings or the recipient are unusable.
pub fn send_notice(layout: &Layout, c: &Campaign, n: &Notice) -> Result<String, Failure> {
    send_notice_as(layout, c, n, false)
}

/// `send_notice` of an answer to a message a player sent (`Auto-Submitted: auto-replied`),
/// whether or not its Message-ID could be named in `In-Reply-To`.
pub fn send_answer(layout: &Layout, c: &Campaign, n: &Notice) -> Result<String, Failure> {
    send_notice_as(layout, c, n, true)
}

fn send_notice_as(
    layout: &Layout,
    c: &Campaign,
    n: &Notice,
    answer: bool,
) -> Result<String, Failure> {
    let ck = check_settings(c).map_err(Failure::Refused)?;
    let to = match n.to {
        To::Side(side) => {
            let p = c.players.get(side).cloned().unwrap_or_default();
            player_mailbox(side, &p).map_err(Failure::Refused)?
        }
        To::Moderator => ck.moderator.clone(),
    };
    let id = new_message_id(&ck.from)?;
    let date = now_secs();
    let mut b = Message::builder()
        .from(ck.from.clone())
        .to(to.clone())
        .subject(one_line(&n.subject))
        .message_id(Some(id.clone()))
        .date(UNIX_EPOCH + Duration::from_secs(date.max(0) as u64))
        .user_agent(format!("dikast {}", env!("CARGO_PKG_VERSION")))
        // RFC 3834 §5: an answer to a message is `auto-replied`; a message that answers
        // nothing (a call, a reminder, a deadline or correction notice) `auto-generated`.
        .header(if answer || n.in_reply_to.is_some() {
            AutoSubmitted::Replied
        } else {
            AutoSubmitted::Generated
        });
    if let Some(r) = &ck.reply_to {
        b = b.reply_to(r.clone());
    }
    if let Some(r) = &n.in_reply_to {
        if header_safe("In-Reply-To", r).is_ok() && r.starts_with('<') && r.ends_with('>') {
            b = b.in_reply_to(r.clone()).references(r.clone());
        }
    }
    let msg = if n.attachments.is_empty() {
        b.singlepart(SinglePart::plain(n.body.clone()))
    } else {
        let mut mixed = MultiPart::mixed()
            .boundary(boundary(&id, "mixed"))
            .singlepart(SinglePart::plain(n.body.clone()));
        for (name, ct, bytes) in &n.attachments {
            let ct = ContentType::parse(ct)
                .map_err(|e| Failure::Io(format!("content type {ct}: {e}")))?;
            mixed = mixed.singlepart(Attachment::new(name.clone()).body(bytes.clone(), ct));
        }
        b.multipart(mixed)
    }
    .map_err(|e| Failure::Refused(format!("the notice to {to} cannot be built: {e}")))?;
    let stem = format!(
        "{date:012}-{}",
        &crate::dice::to_hex(&crate::dice::sha256(id.as_bytes()))[..12]
    );
    let env = NoticeEnvelope {
        from: ck.from.email.to_string(),
        to: to.email.to_string(),
        message_id: id,
        subject: one_line(&n.subject),
    };
    let out = notice_dir(layout, "outbox");
    fsx::replace(&out.join(format!("{stem}.eml")), &msg.formatted())?;
    fsx::replace(&out.join(format!("{stem}.yaml")), to_yaml(&env).as_bytes())?;
    match send_queued(layout, &ck, &stem) {
        Ok(()) => Ok(format!("mailed {} “{}”", env.to, env.subject)),
        Err(why) => Ok(format!(
            "queued {} “{}” (not sent: {why}; `dikast tick` retries)",
            env.to, env.subject
        )),
    }
}

/// `Auto-Submitted` (RFC 3834): every message dikast sends is a machine's, so that a
/// well-behaved autoresponder does not answer it and start a loop. `auto-replied` for an
/// answer to a message (orders accepted or refused), `auto-generated` for the rest
/// (calls, reminders, notices, reports).
#[derive(Clone, Copy)]
enum AutoSubmitted {
    Replied,
    Generated,
}

impl lettre::message::header::Header for AutoSubmitted {
    fn name() -> lettre::message::header::HeaderName {
        lettre::message::header::HeaderName::new_from_ascii_str("Auto-Submitted")
    }
    fn parse(s: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(match s.trim() {
            "auto-replied" => AutoSubmitted::Replied,
            _ => AutoSubmitted::Generated,
        })
    }
    fn display(&self) -> lettre::message::header::HeaderValue {
        let v = match self {
            AutoSubmitted::Replied => "auto-replied",
            AutoSubmitted::Generated => "auto-generated",
        };
        lettre::message::header::HeaderValue::new(Self::name(), v.into())
    }
}

fn send_queued(layout: &Layout, ck: &Checked, stem: &str) -> Result<(), String> {
    let out = notice_dir(layout, "outbox");
    let eml = fs::read(out.join(format!("{stem}.eml"))).map_err(|e| e.to_string())?;
    let envb = fs::read(out.join(format!("{stem}.yaml"))).map_err(|e| e.to_string())?;
    let env: NoticeEnvelope = serde_yaml::from_slice(&envb).map_err(|e| e.to_string())?;
    let from: Address = env.from.parse().map_err(|e| format!("{e}"))?;
    let to: Address = env.to.parse().map_err(|e| format!("{e}"))?;
    let envelope = Envelope::new(Some(from), vec![to]).map_err(|e| e.to_string())?;
    let tr = transport(layout, &ck.settings)?;
    match send_one(&tr, &envelope, &eml) {
        Outcome::Sent => {}
        Outcome::NotSent(e) => return Err(e),
        Outcome::Uncertain(e) => {
            // Perhaps stored: never sent again by itself (at most once, docs/mail.md);
            // kept aside in notices/uncertain/ for the moderator to look at.
            let unc = notice_dir(layout, "uncertain");
            fs::create_dir_all(&unc).map_err(|e| e.to_string())?;
            for ext in ["eml", "yaml"] {
                fs::rename(
                    out.join(format!("{stem}.{ext}")),
                    unc.join(format!("{stem}.{ext}")),
                )
                .map_err(|e| e.to_string())?;
            }
            return Err(format!("uncertain (kept in {}): {e}", layout.rel(&unc)));
        }
    }
    let sent = notice_dir(layout, "sent");
    fs::create_dir_all(&sent).map_err(|e| e.to_string())?;
    for ext in ["eml", "yaml"] {
        fs::rename(
            out.join(format!("{stem}.{ext}")),
            sent.join(format!("{stem}.{ext}")),
        )
        .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Sends every notice still waiting in `.dikast/outbox/`: one line per notice sent, and
/// how many still wait.
pub fn retry_notices(layout: &Layout) -> Result<(Vec<String>, usize), Failure> {
    let out = notice_dir(layout, "outbox");
    let mut stems: Vec<String> = match fs::read_dir(&out) {
        Ok(rd) => rd
            .flatten()
            .filter_map(|e| {
                e.file_name()
                    .to_string_lossy()
                    .strip_suffix(".eml")
                    .map(String::from)
            })
            .collect(),
        Err(_) => return Ok((Vec::new(), 0)),
    };
    stems.sort();
    if stems.is_empty() {
        return Ok((Vec::new(), 0));
    }
    let c = crate::campaign_file::load(layout)?;
    let ck = check_settings(&c).map_err(Failure::Refused)?;
    let mut lines = Vec::new();
    let mut waiting = 0;
    for stem in stems {
        match send_queued(layout, &ck, &stem) {
            Ok(()) => lines.push(format!("mailed queued notice {stem}")),
            Err(why) => {
                waiting += 1;
                lines.push(format!("notice {stem} still waits: {why}"));
            }
        }
    }
    Ok((lines, waiting))
}

/// Whether a turn's ledger shows any message handed to the server (sent or mid-send).
pub fn any_sent(layout: &Layout, t: u32) -> Result<bool, Failure> {
    Ok(load_ledger(layout, t)?
        .is_some_and(|l| l.messages.iter().any(|e| e.state != SendState::Unsent)))
}

/// Whether a turn's ledger exists, and how many of its messages are not sent.
pub fn unsent(layout: &Layout, t: u32) -> Result<Option<usize>, Failure> {
    Ok(load_ledger(layout, t)?.map(|l| {
        l.messages
            .iter()
            .filter(|e| e.state != SendState::Sent)
            .count()
    }))
}

/// The campaign's own sending address (`mail.from`), to recognise its own messages.
pub fn own_address(c: &Campaign) -> Option<String> {
    let s = c.mail.as_ref()?;
    mailbox_text("mail.from", &s.from)
        .ok()
        .map(|m| m.email.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plain `cargo test` (without `./scripts/test`) says once, near the top of the run
    /// (the library's tests run first), why tests/mail.rs will fail: it needs the local
    /// SMTP servers the script starts. Written past the test harness's capture, so it shows
    /// even though this test passes.
    #[test]
    fn a_plain_cargo_test_is_told_the_mail_tests_need_the_script() {
        use std::io::Write;
        if std::env::var_os("DIKAST_TEST_SMTP_PLAIN_PORT").is_none() {
            let _ = writeln!(
                std::io::stderr(),
                "\nnote: no test SMTP servers: the mail tests (tests/mail.rs) will FAIL. Run ./scripts/test,\n      which installs and starts them (extra arguments go to cargo test).\n"
            );
        }
    }

    #[test]
    fn header_text_with_line_breaks_is_refused() {
        for bad in [
            "Eve\r\nBcc: x@y.org",
            "Eve\nX",
            "A\u{0}B",
            "A\u{2028}B",
            "A\tB",
        ] {
            assert!(header_safe("name", bad).is_err(), "{bad:?} passed");
        }
        assert!(header_safe("name", "Περικλῆς").is_ok());
        assert!(mailbox_text("from", "Dikast <dikast@example.org>\r\nBcc: a@b.c").is_err());
        let m = mailbox_text("from", "\"Δικαστής\" <dikast@example.org>").unwrap();
        assert_eq!(m.name.as_deref(), Some("Δικαστής"));
        assert_eq!(m.email.to_string(), "dikast@example.org");
        assert!(address("to", "përicles@example.org").is_err());
        assert!(address("to", "not an address").is_err());
    }

    #[test]
    fn html_alternative_escapes_raw_html() {
        let h = html_of(
            "# Turn 1\n\n- a <script>alert(1)</script> b\n\n<img src=x onerror=y>\n",
            "T <1>",
            "en",
        );
        assert!(h.contains("<h1>Turn 1</h1>"));
        assert!(!h.contains("<script>"));
        assert!(!h.contains("<img"));
        assert!(h.contains("&lt;script&gt;"));
        assert!(h.contains("<title>T &lt;1&gt;</title>"));
    }

    #[test]
    fn no_link_image_or_html_of_a_players_text_reaches_the_html() {
        let evil = "Potidea` ![pwn](http://evil.example/x.png) [click](javascript:alert(1)) <img src=x> <https://evil.example/>";
        let md = format!(
            "# Turn 1\n\n- Athens: there is no city called {} on the map\n\n[raw](javascript:alert(2)) ![raw](http://evil.example/y.png) <https://evil.example/z>\n",
            crate::report::one_line(&format!("`{evil}`"))
        );
        let h = html_of(&md, "t", "en");
        for bad in ["<img", "href", "<a ", "javascript:alert(2)\""] {
            assert!(!h.contains(bad), "{bad} in {h}");
        }
        // The player's text is shown whole, as code, inside one code span.
        assert!(
            h.contains("<code>`Potidea` ![pwn](http://evil.example/x.png)"),
            "{h}"
        );
        let spans = pulldown_cmark::Parser::new(&md)
            .filter(|e| matches!(e, pulldown_cmark::Event::Code(_)))
            .count();
        assert_eq!(spans, 1, "{md}");
    }

    #[test]
    fn subjects_name_game_turn_and_step_on_one_line() {
        let s = subject("en", "g-1", 4, "431 BC,\nSpring:  cards", Some("Athens"));
        assert_eq!(s, "[g-1] Turn 4: 431 BC, Spring: cards — report for Athens");
        let r = subject("ru", "g-1", 4, "Spring", None);
        assert_eq!(r, "[g-1] Ход 4: Spring — отчёт ведущего");
    }

    #[test]
    fn boundaries_follow_the_message_id() {
        assert_eq!(boundary("<a@b>", "mixed"), boundary("<a@b>", "mixed"));
        assert_ne!(boundary("<a@b>", "mixed"), boundary("<a@c>", "mixed"));
        assert_ne!(boundary("<a@b>", "mixed"), boundary("<a@b>", "alternative"));
    }
}
