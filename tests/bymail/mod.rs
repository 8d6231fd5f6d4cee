//! What the tests that run campaigns by mail share (tests/tick.rs, tests/week.rs): the
//! Maildir-delivering SMTP server `./scripts/test` starts, the dikast binary, and messages
//! as a player's mail program sends them, read back from a player's Maildir. Without the
//! DIKAST_TEST_* variables a test fails, never skips. The binary's runners (`dikast`,
//! `text`, `ok`) are tests/cli.rs's, re-exported: a test using this module also says
//! `mod cli;`.
#![allow(dead_code)]

#[allow(unused_imports)]
pub use super::cli::{dikast, ok, text};
use lettre::address::Envelope;
use lettre::{Address, SmtpTransport, Transport};
use mail_parser::{MessageParser, MimeHeaders};
use std::fs;
use std::path::PathBuf;

pub struct Env {
    pub port: u16,
    pub root: PathBuf,
    pub work: PathBuf,
}

pub fn env() -> Env {
    let var = |k: &str| {
        match std::env::var(k) {
        Ok(v) if !v.is_empty() => v,
        _ => panic!(
            "{k} is not set: this test needs the local SMTP server delivering into Maildirs that ./scripts/test starts (run ./scripts/test, not cargo test alone); this is a failure, never a skip"
        ),
    }
    };
    Env {
        port: var("DIKAST_TEST_SMTP_MAILDIR_PORT")
            .parse()
            .expect("DIKAST_TEST_SMTP_MAILDIR_PORT is a port"),
        root: var("DIKAST_TEST_MAILDIR_ROOT").into(),
        work: var("DIKAST_TEST_WORK").into(),
    }
}

/// One message as a player's mail program would send it, through the SMTP server.
pub fn send(e: &Env, from: &str, to: &str, raw: &str) {
    let tr = SmtpTransport::builder_dangerous("127.0.0.1")
        .port(e.port)
        .build();
    let env = Envelope::new(
        Some(from.parse::<Address>().unwrap()),
        vec![to.parse::<Address>().unwrap()],
    )
    .unwrap();
    tr.send_raw(&env, raw.as_bytes())
        .expect("the server takes it");
}

pub static COUNTER: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(1);

pub fn headers(from: &str, to: &str, subject: &str) -> String {
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    format!(
        "From: {from}\r\nTo: {to}\r\nSubject: {subject}\r\nMessage-ID: <player-{n}@example.org>\r\nDate: Sun, 1 Mar 2026 12:00:00 +0000\r\nMIME-Version: 1.0\r\n"
    )
}

pub fn body_message(from: &str, to: &str, subject: &str, body: &str) -> String {
    format!(
        "{}Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{}\r\n",
        headers(from, to, subject),
        body.replace('\n', "\r\n")
    )
}

pub fn b64(bytes: &[u8]) -> String {
    const A: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for (i, ch) in bytes.chunks(3).enumerate() {
        let b = [ch[0], *ch.get(1).unwrap_or(&0), *ch.get(2).unwrap_or(&0)];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        for k in 0..4 {
            if k <= ch.len() {
                out.push(A[(n >> (18 - 6 * k) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
        if i % 19 == 18 {
            out.push_str("\r\n");
        }
    }
    out
}

pub fn attachment_message(from: &str, to: &str, subject: &str, name: &str, bytes: &[u8]) -> String {
    format!(
        "{}Content-Type: multipart/mixed; boundary=\"XYZ\"\r\n\r\n--XYZ\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nMy orders are attached.\r\n--XYZ\r\nContent-Type: application/x-yaml\r\nContent-Disposition: attachment; filename=\"{name}\"\r\nContent-Transfer-Encoding: base64\r\n\r\n{}\r\n--XYZ--\r\n",
        headers(from, to, subject),
        b64(bytes)
    )
}

pub fn html_message(from: &str, to: &str, body: &str) -> String {
    format!(
        "{}Content-Type: text/html; charset=utf-8\r\n\r\n<html><body><p>{}</p></body></html>\r\n",
        headers(from, to, "orders (html)"),
        body.replace('\n', "<br>\r\n")
    )
}

/// A message in a player's Maildir, parsed with mail-parser.
#[derive(Debug)]
pub struct Got {
    pub subject: String,
    pub body: String,
    pub raw: Vec<u8>,
    pub attachments: Vec<(String, Vec<u8>)>,
}

pub fn mailbox(e: &Env, local: &str) -> Vec<Got> {
    let mut files = Vec::new();
    for sub in ["new", "cur"] {
        if let Ok(rd) = fs::read_dir(e.root.join(local).join(sub)) {
            files.extend(rd.flatten().map(|x| x.path()));
        }
    }
    files.sort_by_key(|p| p.file_name().unwrap().to_owned());
    files
        .iter()
        .map(|p| {
            let raw = fs::read(p).unwrap();
            let m = MessageParser::default().parse(&raw).expect("mail");
            Got {
                subject: m.subject().unwrap_or("").to_string(),
                body: m.body_text(0).map(|b| b.to_string()).unwrap_or_default(),
                attachments: m
                    .attachments()
                    .map(|a| {
                        (
                            a.attachment_name().unwrap_or("").to_string(),
                            a.contents().to_vec(),
                        )
                    })
                    .collect(),
                raw: raw.clone(),
            }
        })
        .collect()
}

pub fn token_of(template: &str) -> String {
    template
        .lines()
        .find_map(|l| l.strip_prefix("token: "))
        .and_then(|l| l.split_whitespace().next())
        .expect("the template carries a token")
        .to_string()
}

/// A template's text with its `token:` line emptied (what dikast stores of orders by
/// mail: the line end stays, so every line keeps its number).
pub fn no_token(t: &str) -> String {
    t.split_inclusive('\n')
        .map(|l| {
            if l.trim_start_matches('\u{feff}').starts_with("token:") {
                if l.ends_with("\r\n") {
                    "\r\n"
                } else {
                    "\n"
                }
            } else {
                l
            }
        })
        .collect()
}

pub fn count(mb: &[Got], needle: &str) -> usize {
    mb.iter().filter(|m| m.subject.contains(needle)).count()
}
