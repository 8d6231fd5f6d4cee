//! What the archive must never hold, since it is published when the game is over: the
//! per-player turn token (a keyed hash of the secret that makes a forged `From:` not
//! enough to send orders in someone's name) and the registered addresses. `token` makes
//! a token; `OrdersGuard` and `holds` find one in orders; `without_token` takes the
//! `token:` line out of orders. Shared by `receive`, `adjudicate`, `publish` and the
//! notices; no command is imported.

use crate::campaign_file::Campaign;
use crate::lang::Lang;
use crate::secret::Secret;

/// The turn token of a side for turn t: a keyed hash of the campaign secret, the game,
/// the turn and the side. Only that side's player gets it (in his mailed view and report
/// and in `dikast template`); orders by mail must carry it as `token:`.
pub fn token(secret: &Secret, game: &str, turn: u32, side: &str) -> String {
    let h = crate::dice::sha256(
        format!(
            "dikast/v1/turn-token\0{}\0{}\0{game}\0{turn}\0{side}",
            secret.open_head, secret.sealed_head
        )
        .as_bytes(),
    );
    crate::dice::to_hex(&h)[..20].to_string()
}

/// A thing the archive must never hold.
#[derive(Debug, Clone, PartialEq)]
pub enum Never {
    Token {
        side: String,
        turn: u32,
    },
    /// A player's address (`Some(side)`) or the moderator's.
    Address(Option<String>),
}

impl Never {
    pub fn words(&self, lang: Lang) -> String {
        match (self, lang) {
            (Never::Token { side, turn }, Lang::En) => {
                format!("the turn token of {side} for turn {turn}")
            }
            (Never::Token { side, turn }, Lang::Ru) => {
                format!("код хода стороны {side} на ход {turn}")
            }
            (Never::Address(Some(side)), Lang::En) => format!("the address of {side}'s player"),
            (Never::Address(Some(side)), Lang::Ru) => format!("адрес игрока стороны {side}"),
            (Never::Address(None), Lang::En) => "the moderator's address".into(),
            (Never::Address(None), Lang::Ru) => "адрес ведущего".into(),
        }
    }
}

/// What the archive must never hold, since it is published when the game is over: the
/// turn token of every side for each turn of `turns`, and every registered address
/// (the players' and the moderator's), each lowercase with what it is.
pub fn never_archived(
    c: &Campaign,
    secret: &Secret,
    turns: std::ops::RangeInclusive<u32>,
) -> Vec<(String, Never)> {
    let mut never = Vec::new();
    for t in turns {
        for side in c.players.keys() {
            never.push((
                token(secret, &c.game, t, side),
                Never::Token {
                    side: side.clone(),
                    turn: t,
                },
            ));
        }
    }
    let addr = |a: &str| {
        let a = a.trim();
        let a = match (a.rfind('<'), a.rfind('>')) {
            (Some(i), Some(j)) if i < j => &a[i + 1..j],
            _ => a,
        };
        a.trim().to_ascii_lowercase()
    };
    for (side, p) in &c.players {
        if !p.email.trim().is_empty() {
            never.push((addr(&p.email), Never::Address(Some(side.clone()))));
        }
    }
    if !c.moderator.trim().is_empty() {
        never.push((addr(&c.moderator), Never::Address(None)));
    }
    never
}

/// What of `never` (`never_archived`) `bytes` hold, case aside: the first one.
pub fn holds<'a>(bytes: &[u8], never: &'a [(String, Never)]) -> Option<&'a Never> {
    // As text, so that std's substring search does the work (a byte-window scan cost
    // ~12 ms per MiB of orders with five needles). Bytes that are not UTF-8 become U+FFFD,
    // which no address or token holds.
    let lower = bytes.to_ascii_lowercase();
    let text = String::from_utf8_lossy(&lower);
    never
        .iter()
        .find(|(n, _)| !n.is_empty() && text.contains(n.as_str()))
        .map(|(_, what)| what)
}

/// What orders of a turn may not hold, for `receive` and `adjudicate` alike: the turn's
/// tokens and every address always; the tokens of every turn so far only for orders with
/// a hex run that could be one (`may_hold_old_token`), made once and kept.
pub struct OrdersGuard<'a> {
    campaign: &'a Campaign,
    secret: &'a Secret,
    turn: u32,
    this_turn: Vec<(String, Never)>,
    every_turn: std::cell::OnceCell<Vec<(String, Never)>>,
}

impl<'a> OrdersGuard<'a> {
    pub fn new(campaign: &'a Campaign, secret: &'a Secret, turn: u32) -> OrdersGuard<'a> {
        OrdersGuard {
            campaign,
            secret,
            turn,
            this_turn: never_archived(campaign, secret, turn..=turn),
            every_turn: std::cell::OnceCell::new(),
        }
    }

    /// What of it `orders` hold, if anything.
    pub fn holds(&self, orders: &[u8]) -> Option<&Never> {
        let never = if may_hold_old_token(orders) {
            self.every_turn
                .get_or_init(|| never_archived(self.campaign, self.secret, 1..=self.turn))
        } else {
            &self.this_turn
        };
        holds(orders, never)
    }
}

/// Whether orders may hold a turn token of a turn other than the pending one: a run of
/// hex digits that is not a 64-digit hash (`based_on:`) and is long enough to hold one.
/// Only then are the tokens of every turn made (their cost grows with the turns).
pub fn may_hold_old_token(bytes: &[u8]) -> bool {
    let could = |run: usize| run >= 20 && run != 64;
    // Most bytes end no run worth a look: skip ahead 20 at a time while the byte 19 on
    // is no hex digit (no run of 20 can span it), and only count runs that may be long.
    let mut i = 0;
    while i < bytes.len() {
        match bytes.get(i + 19) {
            Some(b) if !b.is_ascii_hexdigit() => i += 20,
            _ => {
                let run = bytes[i..]
                    .iter()
                    .take_while(|b| b.is_ascii_hexdigit())
                    .count();
                if could(run) {
                    return true;
                }
                i += run + 1;
            }
        }
    }
    false
}

/// Orders without their `token:` line(s): the token has done its work once the message
/// is accepted (or the orders are adjudicated), and the archive — published in the end —
/// must never hold one. `None` when there is no such line. A top-level `token:` key is
/// at the start of its line (as the template writes it); the line is emptied but keeps
/// its line end, so every other line keeps its bytes and its number (a diagnostic about
/// the orders points at the line the player sees in his own file).
pub fn without_token(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut found = false;
    let mut first = true;
    for line in bytes.split_inclusive(|b| *b == b'\n') {
        let (bom, rest) = match line.strip_prefix("\u{feff}".as_bytes()) {
            Some(r) if first => (&line[..3], r),
            _ => (&line[..0], line),
        };
        first = false;
        let is_token = rest.len() >= 6
            && rest[..5].eq_ignore_ascii_case(b"token")
            && rest[5..]
                .iter()
                .position(|b| *b != b' ' && *b != b'\t')
                .is_some_and(|i| rest[5 + i] == b':');
        if is_token {
            found = true;
            out.extend_from_slice(bom);
            let end = if line.ends_with(b"\r\n") {
                &b"\r\n"[..]
            } else if line.ends_with(b"\n") {
                &b"\n"[..]
            } else {
                &b""[..]
            };
            out.extend_from_slice(end);
        } else {
            out.extend_from_slice(line);
        }
    }
    found.then_some(out)
}
