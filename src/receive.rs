//! Orders by mail: `dikast receive DIR` takes one message (standard input, for a mail
//! filter or `.forward` pipe) or every new message of a Maildir, finds the pending turn
//! and the player — by his registered address AND his turn token, so a forged `From:`
//! is not enough — takes the orders from a YAML attachment or the body, checks them
//! against his view, stores them (their `token:` line emptied: the archive never holds a
//! token) with a receipt, and answers him at once: accepted, with what was understood, or
//! every diagnostic. Nothing is stored from a message that is refused. Answers go only to
//! registered players' own addresses (no backscatter to a forged `From:`); a stranger's
//! message is told to the moderator.
//!
//! MIME is parsed by the `mail-parser` crate (a hand-written parser would get encodings,
//! charsets and nesting wrong). The Maildir needs only what its specification asks of a
//! reader — list `new/`, read a file, rename it into `cur/` with the `:2,S` flag — so
//! that is done with `std::fs` (a Maildir crate would add a dependency for three calls).
//!
//! Receipts live in `.dikast/receipts/NNNN.yaml` (which `publish` leaves out: they hold
//! addresses): every message handled, its Message-ID, sender, arrival time (this
//! machine's clock, never the forgeable `Date:`), side and outcome.

use crate::campaign_file::{Campaign, Late};
use crate::clock::{format_utc, rfc3339, UnixTime};
use crate::error::Failure;
use crate::folder::Layout;
use crate::fsx;
use crate::lang::Lang;
use crate::mail::{Notice, To};
use crate::notices::{self, Answer, Refusal};
use crate::policy;
use crate::receipts::{
    add_receipt, load_receipts, receipts_path, set_aside_if_unusable, Outcome, Receipt,
};
use mail_parser::{MessageParser, MimeHeaders, PartType};
use std::fs;
use std::path::Path;

/// Checks orders against a side's view: (view name, view bytes, orders name, orders
/// bytes, the player's language). The registry gives the game's own check; `Err` lists
/// the problems, in the player's language (`Failure::InputIn` for Russian); `Ok` the
/// warnings of valid orders, rendered in that language (empty: none).
pub type Checker<'a> = &'a dyn Fn(&str, &[u8], &str, &[u8], Lang) -> Result<String, Failure>;

/// What `receive` asks of the campaign's game (the registry gives both): its check of
/// orders, and the title of a turn's step in a language (for answers in a player's own).
#[derive(Clone, Copy)]
pub struct Desk<'a> {
    pub check: Checker<'a>,
    pub step_title: &'a dyn Fn(u32, Lang) -> Result<String, Failure>,
    /// A side's name in a language, from turn t's scenario.
    pub side_name: &'a dyn Fn(u32, &str, Lang) -> String,
}

/// The unknown senders of a turn the moderator is told of, each once (more are only
/// recorded in the receipts).
pub const STRANGER_NOTICES: usize = 5;

/// The longest Message-ID or sender a receipt keeps as it came, in characters; a longer
/// one is kept as its start, its length and its SHA-256 (`bounded`).
pub const FIELD_MAX: usize = 200;

/// A sender-chosen field as a receipt keeps it: control characters dropped, and past
/// `FIELD_MAX` characters its start, its length in bytes and its SHA-256 (so that the
/// same message delivered twice is still known, whatever its size).
pub fn bounded(s: &str) -> String {
    let clean: String = s.chars().filter(|c| !c.is_control()).collect();
    if clean.chars().count() <= FIELD_MAX && clean.len() == s.len() {
        return clean;
    }
    let start: String = clean.chars().take(64).collect();
    format!(
        "{start}… ({} bytes, SHA-256 {})",
        s.len(),
        &crate::game::sha256_hex(s.as_bytes())[..16]
    )
}

/// Where orders were found in a message.
enum Found {
    Orders { name: String, bytes: Vec<u8> },
    None(Refusal),
}

/// The orders of a message: the first YAML attachment, else the plain-text body from
/// its first `game:` line to a signature (`-- `). An HTML-only message is refused: its
/// text would be a guess.
fn find_orders(msg: &mail_parser::Message) -> Found {
    for part in msg.attachments() {
        let name = part.attachment_name().unwrap_or("").to_string();
        let ct = part
            .content_type()
            .map(|c| {
                format!(
                    "{}/{}",
                    c.ctype().to_ascii_lowercase(),
                    c.subtype().unwrap_or("").to_ascii_lowercase()
                )
            })
            .unwrap_or_default();
        let lname = name.to_ascii_lowercase();
        if lname.ends_with(".yaml")
            || lname.ends_with(".yml")
            || ct.contains("yaml")
            || (ct == "text/plain" && lname.ends_with(".txt"))
        {
            let shown = if name.is_empty() {
                "attachment.yaml".to_string()
            } else {
                name.chars()
                    .filter(|c| !c.is_control() && *c != '/' && *c != '\\')
                    .take(80)
                    .collect()
            };
            return Found::Orders {
                name: shown,
                bytes: part.contents().to_vec(),
            };
        }
    }
    let mut text = None;
    for part in msg.text_bodies() {
        if let PartType::Text(t) = &part.body {
            text = Some(t.to_string());
            break;
        }
    }
    let Some(text) = text else {
        if msg.html_body_count() > 0 {
            return Found::None(Refusal::HtmlOnly);
        }
        return Found::None(Refusal::Empty);
    };
    match orders_in_text(&text) {
        Some(out) => Found::Orders {
            name: "message body".into(),
            bytes: out.into_bytes(),
        },
        None => Found::None(Refusal::NoGameLine),
    }
}

/// The orders pasted into a plain-text body: from the first line that starts with
/// `game:` up to whatever mail programs put after them, which is never part of them: a
/// signature (`-- `), the quote of the message answered (`> ` lines, the `On … wrote:`
/// line above them, `-----Original Message-----`), or any other line at the left margin
/// that YAML could not take at the top of orders (`Best regards,`, a name, `Sent from
/// my phone`): such a line is a YAML error wherever it stands, so the orders end there.
fn orders_in_text(text: &str) -> Option<String> {
    let mut out = String::new();
    let mut started = false;
    for line in text.lines() {
        if !started {
            if line.trim_start_matches('\u{feff}').starts_with("game:") {
                started = true;
            } else {
                continue;
            }
        }
        if line == "-- " || line == "--" || !orders_line(line) {
            break;
        }
        out.push_str(line);
        out.push('\n');
    }
    started.then_some(out)
}

/// Whether a line may belong to orders: blank, indented, a comment, a list item, a
/// document marker, or a top-level `key:` (one word, no space before the colon) that is
/// not a mail header (`From:`, `Sent:`…).
fn orders_line(line: &str) -> bool {
    let l = line.trim_start_matches('\u{feff}');
    if l.trim().is_empty()
        || l.starts_with([' ', '\t', '#'])
        || l == "-"
        || l.starts_with("- ")
        || l == "---"
        || l == "..."
    {
        return true;
    }
    // The header block of a quoted message (Outlook's, without `>`): capitalised, as no
    // orders key is.
    if ["From:", "Sent:", "Date:", "To:", "Cc:", "Subject:"]
        .iter()
        .any(|h| l.starts_with(h))
    {
        return false;
    }
    let key = l.split(':').next().unwrap_or("");
    l.contains(':')
        && !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-' || c == '.')
        // `On Mon, 2 Mar 2026, Dikast <…> wrote:` is no key (the test above already
        // stops it); neither is a line that ends its sentence in a colon, `Dear all:`.
        && !l.trim_end().ends_with("wrote:")
}

/// A scalar of the orders' envelope, read with the safe parser (nothing else is trusted
/// before the checks).
fn envelope(name: &str, bytes: &[u8]) -> Option<crate::yaml::Node> {
    let f = crate::yaml::decode(name, bytes).ok()?;
    crate::yaml::parse(&f).ok()
}

/// The YAML error of orders that cannot be read at all, if they cannot.
fn not_yaml(name: &str, bytes: &[u8]) -> Option<crate::diag::Diagnostic> {
    match crate::yaml::decode(name, bytes) {
        Err(d) => Some(d),
        Ok(f) => crate::yaml::parse(&f).err(),
    }
}

/// Handles one message. Returns one line saying what was done.
pub fn receive_message(
    layout: &Layout,
    desk: Desk,
    raw: &[u8],
    now: UnixTime,
    lock_wait: std::time::Duration,
) -> Result<String, Failure> {
    // One dikast at a time: the receipts and the orders are read and written under the
    // campaign's lock, waited for a while (`Failure::Busy`, exit 75, past that).
    let lock = fsx::Lock::take_waiting(&layout.dir, lock_wait)?;
    let took: String = lock.took_over.iter().map(|l| format!("{l}; ")).collect();
    let c = crate::campaign_file::load(layout)?;
    let t = policy::pending(layout, &c)?.turn;
    // A receipts file that cannot be used is set aside, never a stop (the moderator is
    // told); this message is then handled as the first of a new file.
    let aside = match set_aside_if_unusable(layout, t)? {
        None => String::new(),
        Some((why, name)) => {
            let lang = policy::moderator_language(&c);
            let (subj, body) = notices::receipts_set_aside(lang, &c.game, t, &why, &name);
            let told = answer(layout, &c, To::Moderator, subj, body, "");
            format!(
                "the receipts of turn {t} were set aside as {name} ({why}); the moderator's notice {}; ",
                told.trim_start_matches("answer ")
            )
        }
    };
    let line = receive_one(layout, desk, raw, now).map(|line| format!("{took}{aside}{line}"));
    drop(lock);
    line
}

/// `receive_message` once the receipts are usable.
fn receive_one(layout: &Layout, desk: Desk, raw: &[u8], now: UnixTime) -> Result<String, Failure> {
    let c = crate::campaign_file::load(layout)?;
    let Some(msg) = MessageParser::default().parse(raw) else {
        return Ok("ignored a message that is not mail".to_string());
    };
    let from = msg
        .from()
        .and_then(|a| a.first())
        .and_then(|a| a.address())
        .map(|a| a.trim().to_string())
        .unwrap_or_default();
    // What the receipts keep of sender-chosen fields is bounded (`bounded`): a message
    // with a megabyte Message-ID costs the file a few hundred bytes.
    let message_id = msg
        .message_id()
        .map(|m| bounded(&format!("<{m}>")))
        .unwrap_or_else(|| "(no Message-ID)".into());
    let p = policy::pending(layout, &c)?;
    let inc = Incoming {
        layout,
        c: &c,
        t: p.turn,
        stored_from: bounded(&from),
        from,
        message_id,
        arrived: rfc3339(now),
        received: format_utc(now),
        side_name: desk.side_name,
    };
    let (t, message_id) = (inc.t, &inc.message_id);
    // A message already handled (delivered twice) is not handled again.
    if message_id.starts_with('<')
        && load_receipts(layout, t)?
            .messages
            .iter()
            .any(|m| &m.message_id == message_id)
    {
        return Ok(format!("{message_id} was handled before; nothing done"));
    }
    if let Some(line) = inc.ignore_machine(&msg)? {
        return Ok(line);
    }
    let sides: Vec<String> = c
        .players
        .iter()
        .filter(|(_, pl)| pl.email.trim().eq_ignore_ascii_case(&inc.from))
        .map(|(s, _)| s.clone())
        .collect();
    if sides.is_empty() {
        return inc.refuse(
            None,
            Refusal::Stranger {
                from: shown(&inc.from),
            },
            String::new(),
        );
    }
    let (oname, obytes) = match find_orders(&msg) {
        Found::Orders { name, bytes } => (name, bytes),
        Found::None(why) => return inc.refuse(Some(&sides[0]), why, String::new()),
    };
    let secret = layout.load_secret()?;
    // Orders that are not YAML at all: the YAML error is the reason, at its line and
    // column (not "not for this game", which is all an unreadable envelope would say).
    if let Some(d) = not_yaml(&oname, &obytes) {
        let at = d.location().unwrap_or_else(|| oname.clone());
        // The error's quote of the message only to a sender who holds his token.
        let authentic = sides.iter().any(|s| {
            let want = crate::guard::token(&secret, &p.game, t, s);
            obytes
                .to_ascii_lowercase()
                .windows(want.len())
                .any(|w| w == want.as_bytes())
        });
        let details = if authentic {
            format!("{}\n", crate::diag::render_all(std::slice::from_ref(&d)))
        } else {
            String::new()
        };
        return inc.refuse(
            Some(&sides[0]),
            Refusal::NotYaml {
                at,
                what: d.message.clone(),
            },
            details,
        );
    }
    let head = Head::of(&oname, &obytes);
    let side = match inc.which_side(&head, &sides) {
        Ok(side) => side,
        Err(refused) => return refused,
    };
    let orders = Orders {
        name: oname,
        bytes: obytes,
        head,
    };
    inc.take(desk, &p, &secret, &side, orders, now)
}

/// One message being handled: what its receipt, refusal and answer name.
struct Incoming<'a> {
    layout: &'a Layout,
    c: &'a Campaign,
    /// The turn the game awaits.
    t: u32,
    /// The sender's address as the message gives it, and as the receipts keep it.
    from: String,
    stored_from: String,
    message_id: String,
    /// When it arrived, as the receipts and as the answers say it.
    arrived: String,
    received: String,
    /// A side's name in a language (`Desk::side_name`), for the answers.
    side_name: &'a dyn Fn(u32, &str, Lang) -> String,
}

/// The orders a message brought: their attachment's name, bytes and envelope.
struct Orders {
    name: String,
    bytes: Vec<u8>,
    head: Head,
}

/// The envelope lines of orders (`side:`, `game:`, `turn:`, `token:`), each trimmed.
struct Head {
    side: Option<String>,
    game: Option<String>,
    turn: Option<String>,
    token: Option<String>,
}

impl Head {
    fn of(name: &str, bytes: &[u8]) -> Head {
        let env = envelope(name, bytes);
        let get = |k: &str| {
            env.as_ref()
                .and_then(|n| n.get(k))
                .and_then(|v| v.as_str())
                .map(|s| s.trim().to_string())
        };
        Head {
            side: get("side"),
            game: get("game"),
            turn: get("turn"),
            token: get("token"),
        }
    }

    fn turn(&self) -> Option<u32> {
        self.turn.as_ref().and_then(|s| s.parse::<u32>().ok())
    }
}

impl Incoming<'_> {
    fn receipt(
        &self,
        side: Option<String>,
        outcome: Outcome,
        why: Option<String>,
        sha: Option<String>,
    ) -> Receipt {
        Receipt {
            message_id: self.message_id.clone(),
            from: self.stored_from.clone(),
            arrived: self.arrived.clone(),
            side,
            outcome,
            why,
            orders_sha256: sha,
        }
    }

    /// Machines' messages are never answered (no mail loops): bounces, auto-replies, our
    /// own. The line for one, recorded as ignored.
    fn ignore_machine(&self, msg: &mail_parser::Message) -> Result<Option<String>, Failure> {
        let from = &self.from;
        let auto = msg
            .header_raw("Auto-Submitted")
            .map(|v| !v.trim().eq_ignore_ascii_case("no"))
            .unwrap_or(false);
        let own = policy_own(self.c).is_some_and(|o| o.eq_ignore_ascii_case(from));
        if !(from.is_empty()
            || auto
            || own
            || from.to_ascii_lowercase().starts_with("mailer-daemon@"))
        {
            return Ok(None);
        }
        let why = if from.is_empty() {
            "no sender"
        } else if own {
            "our own message"
        } else {
            "an automatic message"
        };
        add_receipt(
            self.layout,
            self.t,
            self.receipt(None, Outcome::Ignored, Some(why.into()), None),
        )?;
        Ok(Some(format!(
            "ignored {} from {}: {why}",
            self.message_id,
            shown(from)
        )))
    }

    /// The side: the one the orders name, when the sender plays it; else his only side.
    /// `Err`: the refusal's line.
    fn which_side(&self, head: &Head, sides: &[String]) -> Result<String, Result<String, Failure>> {
        let named = head.side.as_ref().map(|s| s.to_ascii_lowercase());
        match (&named, sides) {
            (Some(s), _) if sides.contains(s) => Ok(s.clone()),
            (Some(s), [mine]) if self.c.players.contains_key(s.as_str()) => Err(self.refuse(
                Some(mine),
                Refusal::OtherSide {
                    named: s.clone(),
                    from: shown(&self.from),
                    plays: mine.clone(),
                },
                String::new(),
            )),
            (_, [only]) => Ok(only.clone()),
            _ => Err(self.refuse(
                Some(&sides[0]),
                Refusal::WhichSide {
                    from: shown(&self.from),
                    sides: sides.to_vec(),
                },
                String::new(),
            )),
        }
    }

    /// A refusal: `side` is the player answered (None: a stranger, told to the
    /// moderator); `diagnostics` what the check found, already in the player's language.
    fn refuse(
        &self,
        side: Option<&str>,
        r: Refusal,
        diagnostics: String,
    ) -> Result<String, Failure> {
        let (layout, t) = (self.layout, self.t);
        let why = r.why(Lang::En);
        // The unknown senders of this turn the moderator was told of before this one.
        // The refusals this player was sent this turn before this one: at most
        // PLAYER_REFUSALS are mailed (a forged `From:` must not flood him).
        let sent_before = match side {
            Some(s) => load_receipts(layout, t)?
                .messages
                .iter()
                .filter(|m| m.side.as_deref() == Some(s) && m.outcome == Outcome::Refused)
                .count(),
            None => 0,
        };
        let strangers: Vec<String> = if side.is_none() {
            let mut v: Vec<String> = load_receipts(layout, t)?
                .messages
                .into_iter()
                .filter(|m| m.side.is_none() && m.outcome == Outcome::Refused)
                .map(|m| m.from.to_ascii_lowercase())
                .collect();
            v.sort();
            v.dedup();
            v
        } else {
            Vec::new()
        };
        add_receipt(
            layout,
            t,
            self.receipt(
                side.map(String::from),
                Outcome::Refused,
                Some(why.clone()),
                None,
            ),
        )?;
        // No backscatter: a refusal goes only to a registered player's own address (never
        // to the `From:` of a stranger, which anyone can forge to aim our answer at a third
        // party); a stranger's message is told to the moderator alone, without its text.
        let mailed = match side {
            Some(_) if sent_before >= notices::PLAYER_REFUSALS => format!(
                "not answered ({} refusals were sent to this player this turn, the most a turn; the receipts list every message)",
                notices::PLAYER_REFUSALS
            ),
            Some(s) => self.refusal_to_player(s, &r, &diagnostics, sent_before),
            // Spam must not flood the moderator: one notice per unknown sender and turn,
            // and at most STRANGER_NOTICES senders a turn; every message is in the receipts.
            None if strangers.contains(&self.stored_from.to_ascii_lowercase()) => {
                "the sender not answered; the moderator was told of this sender this turn before".into()
            }
            None if strangers.len() >= STRANGER_NOTICES => format!(
                "the sender not answered; the moderator not told ({STRANGER_NOTICES} unknown senders were this turn; the receipts list every message)"
            ),
            None => self.stranger_notice(strangers.len()),
        };
        Ok(format!(
            "refused {} from {}{}: {why}; {mailed}",
            self.message_id,
            shown(&self.from),
            side.map(|s| format!(" ({s})")).unwrap_or_default()
        ))
    }

    /// A refusal mailed to side `s`'s player in his language; whether it went.
    fn refusal_to_player(
        &self,
        s: &str,
        r: &Refusal,
        diagnostics: &str,
        sent_before: usize,
    ) -> String {
        let (c, t) = (self.c, self.t);
        let lang = policy::language_of(c, s);
        // Sides by the name the reader knows them by (Russian 8); English keeps the ids
        // its receipts and answers have always named.
        let r = &match lang {
            Lang::Ru => r.named(&|id| format!("«{}»", (self.side_name)(t, id, lang))),
            Lang::En => r.clone(),
        };
        let details = format!("{}{diagnostics}", r.hint(lang));
        let body = notices::refused_body(
            lang,
            &notices::Refused {
                received: &self.received,
                game: &c.game,
                turn: t,
                why: &r.why(lang),
                details: &details,
                last: sent_before + 1 == notices::PLAYER_REFUSALS,
                may_be_forged: r.may_be_forged(),
            },
        );
        // The subject is ours alone: the sender's may be a forger's words.
        answer(
            self.layout,
            c,
            To::Side(s),
            notices::answer_subject(lang, &c.game, t, Answer::Refused),
            body,
            &self.message_id,
        )
    }

    /// The moderator told of a stranger's message (`earlier` strangers were this turn);
    /// whether it went.
    fn stranger_notice(&self, earlier: usize) -> String {
        let (layout, c, t) = (self.layout, self.c, self.t);
        let moderator_lang = policy::moderator_language(c);
        let mut body = notices::stranger_body(
            moderator_lang,
            &self.message_id,
            &self.received,
            &shown(&self.from),
            &c.game,
        );
        if earlier + 1 == STRANGER_NOTICES {
            body.push_str(&notices::strangers_capped(
                moderator_lang,
                STRANGER_NOTICES,
                &layout.rel(&receipts_path(layout, t)),
            ));
        }
        answer(
            layout,
            c,
            To::Moderator,
            notices::stranger_subject(moderator_lang, &c.game, t),
            body,
            &self.message_id,
        )
        .replacen(
            "answer ",
            "the sender not answered; the moderator's notice ",
            1,
        )
    }

    /// Orders of a side the sender plays: refused (for another turn, without the token,
    /// not checking, late under `late: refuse`, holding what the archive never holds) or
    /// stored, recorded and acknowledged.
    fn take(
        &self,
        desk: Desk,
        p: &policy::Pending,
        secret: &crate::secret::Secret,
        side: &str,
        orders: Orders,
        now: UnixTime,
    ) -> Result<String, Failure> {
        let (layout, c, t) = (self.layout, self.c, self.t);
        let Orders {
            name: oname,
            bytes: obytes,
            head,
        } = orders;
        let view_path = layout.turn_dir(t).join(format!("view-{side}.yaml"));
        let view_bytes = fsx::read_limited(&view_path)?;
        // The diagnostics in the player's language (campaign.yaml's `language`).
        let lang = policy::language_of(c, side);
        let check = desk.check;
        // Orders for another game or turn: the check says which, before the token is judged.
        let this_turn = head.game.as_deref() == Some(p.game.as_str()) && head.turn() == Some(t);
        if !this_turn {
            let checked = check(&layout.rel(&view_path), &view_bytes, &oname, &obytes, lang);
            return self.refuse_not_this_turn(p, secret, side, &head, checked);
        }
        let want = crate::guard::token(secret, &p.game, t, side);
        match &head.token {
            Some(tok) if tok.eq_ignore_ascii_case(&want) => {}
            Some(_) => {
                return self.refuse(Some(side), Refusal::WrongToken { turn: t }, String::new())
            }
            None => return self.refuse(Some(side), Refusal::NoToken { turn: t }, String::new()),
        }
        if let Err(f) = check(&layout.rel(&view_path), &view_bytes, &oname, &obytes, lang) {
            return self.refuse(
                Some(side),
                Refusal::DoesNotCheck {
                    side: side.to_string(),
                },
                format!("{}\n", diagnostics(f)),
            );
        }
        let late = p.deadline.as_ref().is_some_and(|d| now > d.at);
        if late && c.late.unwrap_or_default() == Late::Refuse {
            let d = p
                .deadline
                .as_ref()
                .map(|d| d.text.clone())
                .unwrap_or_default();
            return self.refuse(Some(side), Refusal::Late { deadline: d }, String::new());
        }
        // What is stored is the orders with their `token:` line emptied: the archive (published
        // in the end) never holds a token. The token must not stay anywhere else in them, and
        // what is stored must check out by itself (it is what will be adjudicated).
        let obytes = crate::guard::without_token(&obytes).unwrap_or(obytes);
        if obytes
            .to_ascii_lowercase()
            .windows(want.len())
            .any(|w| w == want.as_bytes())
        {
            return self.refuse(Some(side), Refusal::TokenOutside, String::new());
        }
        // Nor any address, nor another token (another side's, a past turn's): the archive
        // never holds one (the same guard as `adjudicate`'s).
        if let Some(what) = crate::guard::OrdersGuard::new(c, secret, t).holds(&obytes) {
            return self.refuse(Some(side), Refusal::Holds(what.clone()), String::new());
        }
        let warnings = match check(&layout.rel(&view_path), &view_bytes, &oname, &obytes, lang) {
            Err(f) => {
                return self.refuse(
                    Some(side),
                    Refusal::DoesNotCheckWithoutToken,
                    format!("{}\n", diagnostics(f)),
                )
            }
            Ok(w) => w,
        };
        self.accept(desk, p, side, &obytes, &warnings, late)
    }

    /// Orders for another game or turn than the one awaited. The check's diagnostics
    /// (`checked`) quote the message: told only to a sender who holds the side's token of
    /// the turn the game awaits (a slip in the `game:` or `turn:` line) or of the turn the
    /// orders name (a player's own old orders), never to whoever wrote in his name.
    fn refuse_not_this_turn(
        &self,
        p: &policy::Pending,
        secret: &crate::secret::Secret,
        side: &str,
        head: &Head,
        checked: Result<String, Failure>,
    ) -> Result<String, Failure> {
        let t = self.t;
        let holds = |turn: u32| {
            head.token.as_ref().is_some_and(|tok| {
                tok.eq_ignore_ascii_case(&crate::guard::token(secret, &p.game, turn, side))
            })
        };
        let authentic = holds(t)
            || (head.game.as_deref() == Some(p.game.as_str()) && head.turn().is_some_and(holds));
        let details = match checked {
            Err(f) if authentic => format!("{}\n", diagnostics(f)),
            _ => String::new(),
        };
        self.refuse(
            Some(side),
            Refusal::NotThisTurn {
                game: p.game.clone(),
                turn: t,
            },
            details,
        )
    }

    /// Orders that passed every check: stored, then the receipt (the hash is the one the
    /// reports will name), then the acknowledgement in the player's words.
    fn accept(
        &self,
        desk: Desk,
        p: &policy::Pending,
        side: &str,
        obytes: &[u8],
        warnings: &str,
        late: bool,
    ) -> Result<String, Failure> {
        let (layout, c, t) = (self.layout, self.c, self.t);
        let lang = policy::language_of(c, side);
        let sha = crate::game::sha256_hex(obytes);
        // The caller holds the campaign's lock (`receive_message`): no adjudication can
        // have come between.
        fsx::replace(&layout.orders_dir(t).join(format!("{side}.yaml")), obytes)?;
        add_receipt(
            layout,
            t,
            self.receipt(
                Some(side.to_string()),
                if late {
                    Outcome::Late
                } else {
                    Outcome::Accepted
                },
                None,
                Some(sha.clone()),
            ),
        )?;
        // The step in the player's words (the game file's own English `step` if the game
        // cannot say it in his language).
        let step = p.step_in(lang, |l| (desk.step_title)(t, l));
        let at = p
            .deadline
            .as_ref()
            .map(|d| (d.text.clone(), format_utc(d.at)));
        let body = notices::accepted_body(
            lang,
            &notices::Accepted {
                game: &p.game,
                turn: t,
                step: &step,
                late,
                who: &match lang {
                    // «стороны «Спарта»»: the side's own name, never its id (issue 32, Russian 8).
                    Lang::Ru => format!("«{}»", (desk.side_name)(t, side, lang)),
                    Lang::En => policy::who(c, side),
                },
                side,
                received: &self.received,
                message_id: &self.message_id,
                from: &shown(&self.from),
                sha: &sha,
                deadline: at.as_ref().map(|(d, u)| (d.as_str(), u.as_str())),
                warnings,
                orders: &indent(&String::from_utf8_lossy(obytes)),
            },
        );
        let mailed = answer_with(
            layout,
            c,
            To::Side(side),
            notices::answer_subject(
                lang,
                &c.game,
                t,
                if late {
                    Answer::AcceptedLate
                } else {
                    Answer::Accepted
                },
            ),
            body,
            &self.message_id,
            vec![(
                format!("{side}.yaml"),
                "text/yaml; charset=utf-8",
                obytes.to_vec(),
            )],
        );
        Ok(format!(
            "accepted{} orders of {side} for turn {t} from {}; {mailed}",
            if late { " late" } else { "" },
            self.message_id
        ))
    }
}

fn policy_own(c: &Campaign) -> Option<String> {
    crate::mail::own_address(c)
}

/// What a check of orders found, as told to the player.
fn diagnostics(f: Failure) -> String {
    match f {
        Failure::Input(d) => crate::diag::render_all(&d),
        other => other.render(),
    }
}

/// An address as shown in lines and answers (no control characters).
fn shown(a: &str) -> String {
    a.chars().filter(|c| !c.is_control()).take(200).collect()
}

/// Text indented by four spaces, control characters but tab and line feed dropped.
fn indent(s: &str) -> String {
    s.trim_start_matches('\u{feff}')
        .lines()
        .map(|l| {
            let l: String = l
                .chars()
                .filter(|c| !c.is_control() || *c == '\t')
                .collect();
            format!("    {l}")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Mails an answer; says in a few words whether it went.
fn answer(
    layout: &Layout,
    c: &Campaign,
    to: To,
    subject: String,
    body: String,
    reply_to: &str,
) -> String {
    answer_with(layout, c, to, subject, body, reply_to, Vec::new())
}

/// `answer` with attachments (name, content type, bytes).
fn answer_with(
    layout: &Layout,
    c: &Campaign,
    to: To,
    subject: String,
    body: String,
    reply_to: &str,
    attachments: Vec<(String, &'static str, Vec<u8>)>,
) -> String {
    let n = Notice {
        to,
        subject,
        body,
        // Only a Message-ID kept whole (`bounded` cut none of it) is answered to.
        in_reply_to: (reply_to.starts_with('<') && reply_to.ends_with('>'))
            .then(|| reply_to.to_string()),
        attachments,
    };
    // A player's answer replies to his message (`auto-replied`); the moderator's notices
    // (a stranger wrote, the receipts were set aside) answer no one (`auto-generated`).
    let sent = match to {
        To::Side(_) => crate::mail::send_answer(layout, c, &n),
        To::Moderator => crate::mail::send_notice(layout, c, &n),
    };
    match sent {
        Ok(line) => format!("answer {line}"),
        Err(f) => format!(
            "answer not mailed: {}",
            f.render()
                .lines()
                .next()
                .unwrap_or("")
                .trim_start_matches("error: ")
        ),
    }
}

/// Every new message of a Maildir, oldest name first; each handled message moves to
/// `cur/` (flag `S`, seen). A message that could not be handled (the campaign is broken,
/// a file cannot be written) stays in `new/` for the next run.
pub fn receive_maildir(
    layout: &Layout,
    desk: Desk,
    maildir: &Path,
    now: UnixTime,
    lock_wait: std::time::Duration,
) -> Result<Vec<String>, Failure> {
    let new = maildir.join("new");
    let cur = maildir.join("cur");
    let rd = fs::read_dir(&new).map_err(|e| Failure::io(&new, "read the Maildir folder", e))?;
    fs::create_dir_all(&cur).map_err(|e| Failure::io(&cur, "create", e))?;
    let mut names: Vec<String> = rd
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with('.'))
        .collect();
    names.sort();
    let mut lines = Vec::new();
    for n in names {
        let p = new.join(&n);
        let base = n.split(":2,").next().unwrap_or(&n);
        let dest = cur.join(format!("{base}:2,S"));
        // A message too large to read would stop every later run here: it is set aside
        // (seen, unanswered) instead.
        let size = fs::metadata(&p).map(|m| m.len()).unwrap_or(0);
        if size > crate::yaml::MAX_FILE_BYTES as u64 {
            fs::rename(&p, &dest).map_err(|e| Failure::io(&dest, "move the message into", e))?;
            lines.push(format!(
                "ignored {n}: {size} bytes, more than a message of orders may be ({} bytes)",
                crate::yaml::MAX_FILE_BYTES
            ));
            continue;
        }
        let raw = fsx::read_limited(&p)?;
        let line = match receive_message(layout, desk, &raw, now, lock_wait) {
            // Busy: this message and the rest stay in new/ for the next run.
            Err(Failure::Busy(m)) => {
                lines.push(format!(
                    "{m}: the messages left in new/ wait for the next run"
                ));
                break;
            }
            other => other?,
        };
        fs::rename(&p, &dest).map_err(|e| Failure::io(&dest, "move the message into", e))?;
        lines.push(line);
    }
    Ok(lines)
}

/// Makes the Maildir `md` and its `cur/`, `new/`, `tmp/` where any is missing; says so,
/// or `None` when all were there.
pub fn make_maildir(md: &Path) -> Result<Option<String>, Failure> {
    let missing: Vec<&str> = ["cur", "new", "tmp"]
        .into_iter()
        .filter(|s| !md.join(s).is_dir())
        .collect();
    if missing.is_empty() {
        return Ok(None);
    }
    for s in &missing {
        let p = md.join(s);
        std::fs::create_dir_all(&p).map_err(|e| Failure::io(&p, "create the Maildir folder", e))?;
    }
    Ok(Some(format!(
        "made the Maildir {} (its {} did not exist yet)",
        md.display(),
        missing.join("/, ") + "/"
    )))
}

/// The game's own check of orders bytes against a view's bytes (the registry's checker).
pub fn check_bytes<R: crate::rules::Rules>(
    view_name: &str,
    view_bytes: &[u8],
    name: &str,
    orders: &[u8],
    lang: Lang,
) -> Result<String, Failure> {
    let view: crate::game::ViewFile<R::View> =
        crate::pipeline::parse_file(view_name, view_bytes, "view")?;
    let sc = crate::pipeline::load_scenario::<R>(&view.scenario, view_name)?;
    let file = crate::yaml::decode(name, orders)
        .map_err(|d| crate::show::in_language::<R>(vec![d], lang))?;
    let (_, diags) = crate::pipeline::check_orders::<R>(&sc, &view, &file);
    if diags.iter().any(crate::diag::Diagnostic::is_error) {
        return Err(crate::show::in_language::<R>(diags, lang));
    }
    // Valid, perhaps with warnings: those are told to the player with the acceptance.
    let shown: Vec<_> = diags
        .iter()
        .map(|d| crate::kit::tr::diagnostic(d, lang, R::diagnostic_tongue()))
        .collect();
    Ok(crate::diag::render_warnings(
        &shown,
        crate::error::warning_word(lang),
    ))
}

#[cfg(test)]
mod tests {
    use super::orders_in_text;

    const ORDERS: &str = "game: g\nturn: 2\nside: athens\nentropy: \"owl\"\n# a comment\nstanding:\n  capitulate: [Plataea]\n";

    /// What mail programs put after pasted orders is left out; the orders stay whole.
    #[test]
    fn pasted_orders_end_where_the_mail_program_goes_on() {
        for tail in [
            "\nBest regards,\nPericles\n",
            "\nOn Sun, 1 Mar 2026 at 12:00, Dikast <d@example.org> wrote:\n> game: g\n> turn: 1\n",
            "> game: g\n",
            "-- \nPericles\n",
            "Sent from my phone\n",
            "-----Original Message-----\nFrom: dikast\n",
            "\nFrom: Dikast <d@example.org>\nSent: Sunday, 1 March 2026 12:00\n",
            "\n2026-03-01 12:00 GMT+01:00, Dikast <d@example.org>:\n> turn: 1\n",
        ] {
            let text = format!("Here are my orders.\n\n{ORDERS}{tail}");
            let got = orders_in_text(&text).expect("orders found");
            assert_eq!(got.trim_end(), ORDERS.trim_end(), "after {tail:?}");
        }
        // Orders below the quote are found too (the quoted `game:` line is not theirs).
        let text = format!("> game: g\n> turn: 1\n\n{ORDERS}");
        assert_eq!(orders_in_text(&text).unwrap(), ORDERS);
        assert_eq!(orders_in_text("Hello, when do we start?\n"), None);
    }
}
