//! Time, as every command on a campaign speaks it: seconds since 1970 (`UnixTime`),
//! the deadlines of campaign.yaml (`deadlines:`: turn number → RFC 3339 time), spans
//! such as `72h`, and the small calendar arithmetic they need. The machine's clock is
//! read only by `clock_now` (the command line's edge) and `mtime` (a file's time);
//! everything else takes "now" as an argument. Imports no command.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;
use std::fs;
use std::time::{SystemTime, UNIX_EPOCH};

/// A span such as `72h`, `3d`, `90m`, `1d12h`, in seconds.
pub fn parse_span(s: &str) -> Result<i64, String> {
    let bad = || {
        format!(
            "`{}` is not a span of time like 72h, 3d, 90m or 1d12h",
            s.escape_debug()
        )
    };
    let t = s.trim();
    if t.is_empty() {
        return Err(bad());
    }
    let mut total: i64 = 0;
    let mut num = String::new();
    for c in t.chars() {
        if c.is_ascii_digit() {
            num.push(c);
            continue;
        }
        let n: i64 = num.parse().map_err(|_| bad())?;
        num.clear();
        let unit = match c {
            'd' => 86_400,
            'h' => 3600,
            'm' => 60,
            _ => return Err(bad()),
        };
        total = total
            .checked_add(n.checked_mul(unit).ok_or_else(bad)?)
            .ok_or_else(bad)?;
    }
    if !num.is_empty() || total <= 0 || total > 366 * 86_400 {
        return Err(bad());
    }
    Ok(total)
}

/// RFC 3339 in UTC, to the second: `2026-03-08T18:00:00Z`.
pub fn rfc3339(t: UnixTime) -> String {
    // format_utc gives `2026-03-08 18:00 UTC` or `… 18:00:45 UTC`.
    let f = format_utc(t);
    let f = f.trim_end_matches(" UTC");
    let (date, time) = f.split_once(' ').unwrap_or((f, "00:00"));
    let time = if time.len() == 5 {
        format!("{time}:00")
    } else {
        time.to_string()
    };
    format!("{date}T{time}Z")
}

/// A deadline counted from a clock's time, put on the next whole minute: players read
/// `2026-03-04T18:01:00Z`, never `18:00:07`.
pub fn whole_minute(at: UnixTime) -> UnixTime {
    at.div_euclid(60) * 60 + if at.rem_euclid(60) == 0 { 0 } else { 60 }
}

/// Seconds since 1970-01-01T00:00:00Z (may be negative for earlier times).
pub type UnixTime = i64;

/// A deadline as written in campaign.yaml (`2026-03-08T18:00:00Z`, or with an offset
/// such as `+03:00`), and the instant it names.
#[derive(Debug, Clone, PartialEq)]
pub struct Deadline {
    pub text: String,
    pub at: UnixTime,
}

impl Serialize for Deadline {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.text)
    }
}

impl<'de> Deserialize<'de> for Deadline {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        let at = parse_time(&text).map_err(serde::de::Error::custom)?;
        Ok(Deadline { text, at })
    }
}

/// `deadlines:` in campaign.yaml: the deadline of each turn's orders, by turn number.
pub type Deadlines = BTreeMap<u32, Deadline>;

/// Days since 1970-01-01 of a civil date (proleptic Gregorian).
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m as i64 + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date of a day count since 1970-01-01.
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

fn days_in_month(y: i64, m: u32) -> u32 {
    match m {
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Parses an RFC 3339 time: `YYYY-MM-DDTHH:MM[:SS]` then `Z` or `±HH:MM` (a space may
/// stand for the `T`; fractions of a second are not accepted). A time without a zone is
/// refused: a deadline must name one instant for every player.
pub fn parse_time(s: &str) -> Result<UnixTime, String> {
    let bad = || {
        format!("`{}` is not a time like 2026-03-08T18:00:00Z or 2026-03-08T21:00+03:00 (date, time and zone)", s.escape_debug())
    };
    let t = s.trim();
    let b = t.as_bytes();
    let num = |r: std::ops::Range<usize>| -> Result<u32, String> {
        let part = t.get(r).ok_or_else(bad)?;
        if part.is_empty() || !part.bytes().all(|c| c.is_ascii_digit()) {
            return Err(bad());
        }
        part.parse::<u32>().map_err(|_| bad())
    };
    if b.len() < 16
        || b[4] != b'-'
        || b[7] != b'-'
        || !(b[10] == b'T' || b[10] == b't' || b[10] == b' ')
        || b[13] != b':'
    {
        return Err(bad());
    }
    let (y, mo, d, h, mi) = (
        num(0..4)?,
        num(5..7)?,
        num(8..10)?,
        num(11..13)?,
        num(14..16)?,
    );
    let mut rest = &t[16..];
    let mut sec = 0;
    if let Some(r) = rest.strip_prefix(':') {
        if r.len() < 2 {
            return Err(bad());
        }
        sec = num(17..19)?;
        rest = &r[2..];
    }
    let two = |x: &str| -> Result<i64, String> {
        if x.len() == 2 && x.bytes().all(|c| c.is_ascii_digit()) {
            x.parse().map_err(|_| bad())
        } else {
            Err(bad())
        }
    };
    let rb = rest.as_bytes();
    let offset: i64 = if rest == "Z" || rest == "z" {
        0
    } else if rb.len() == 6 && (rb[0] == b'+' || rb[0] == b'-') && rb[3] == b':' {
        let oh = two(rest.get(1..3).ok_or_else(bad)?)?;
        let om = two(rest.get(4..6).ok_or_else(bad)?)?;
        if oh > 23 || om > 59 {
            return Err(bad());
        }
        let o = oh * 3600 + om * 60;
        if rb[0] == b'-' {
            -o
        } else {
            o
        }
    } else {
        return Err(bad());
    };
    if !(1..=12).contains(&mo)
        || d == 0
        || d > days_in_month(y as i64, mo)
        || h > 23
        || mi > 59
        || sec > 59
    {
        return Err(bad());
    }
    let days = days_from_civil(y as i64, mo, d);
    Ok(days * 86_400 + (h * 3600 + mi * 60 + sec) as i64 - offset)
}

/// `2026-03-08 18:00 UTC` (seconds shown only when not zero).
pub fn format_utc(t: UnixTime) -> String {
    let (y, m, d) = civil_from_days(t.div_euclid(86_400));
    let s = t.rem_euclid(86_400);
    let (h, mi, sec) = (s / 3600, (s % 3600) / 60, s % 60);
    if sec == 0 {
        format!("{y:04}-{m:02}-{d:02} {h:02}:{mi:02} UTC")
    } else {
        format!("{y:04}-{m:02}-{d:02} {h:02}:{mi:02}:{sec:02} UTC")
    }
}

/// A span of time in words, to the minute: `2 days 3 hours`, `45 minutes`.
pub fn format_span(secs: i64) -> String {
    let secs = secs.unsigned_abs();
    let (d, h, m) = (secs / 86_400, (secs % 86_400) / 3600, (secs % 3600) / 60);
    let unit = |n: u64, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
    let mut parts = Vec::new();
    if d > 0 {
        parts.push(unit(d, "day"));
    }
    if h > 0 {
        parts.push(unit(h, "hour"));
    }
    if d == 0 && (m > 0 || h == 0) {
        parts.push(unit(m, "minute"));
    }
    parts.join(" ")
}

/// The system clock as a `UnixTime`: for the command line's edge only.
pub fn clock_now() -> UnixTime {
    match SystemTime::now().duration_since(UNIX_EPOCH) {
        Ok(d) => d.as_secs() as i64,
        Err(e) => -(e.duration().as_secs() as i64),
    }
}

/// A file's modification time as a `UnixTime`.
pub fn mtime(path: &std::path::Path) -> Option<UnixTime> {
    let m = fs::metadata(path).ok()?.modified().ok()?;
    Some(match m.duration_since(UNIX_EPOCH) {
        Ok(d) => d.as_secs() as i64,
        Err(e) => -(e.duration().as_secs() as i64),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_parse_to_the_instant_they_name() {
        assert_eq!(parse_time("1970-01-01T00:00:00Z"), Ok(0));
        assert_eq!(parse_time("2000-03-01T00:00Z"), Ok(951_868_800));
        assert_eq!(
            parse_time("2026-03-08T21:00:00+03:00"),
            parse_time("2026-03-08T18:00:00Z")
        );
        assert_eq!(
            parse_time("2026-03-08 12:30-05:30"),
            parse_time("2026-03-08T18:00Z")
        );
        assert_eq!(parse_time("2024-02-29T00:00:00Z"), Ok(1_709_164_800));
    }

    #[test]
    fn bad_times_are_refused() {
        for bad in [
            "2026-03-08",
            "2026-03-08T18:00",
            "2026-02-30T10:00Z",
            "2025-02-29T10:00Z",
            "2026-13-01T10:00Z",
            "2026-03-08T24:00Z",
            "2026-03-08T18:00:00.5Z",
            "2026-03-08T18:00+3:00",
            "tomorrow",
            "",
            "２０２６-03-08T18:00Z",
        ] {
            assert!(parse_time(bad).is_err(), "{bad} was accepted");
        }
    }

    #[test]
    fn civil_dates_round_trip() {
        for days in [-800_000i64, -1, 0, 1, 59, 60, 10_956, 20_000, 2_932_896] {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days);
        }
        assert_eq!(format_utc(1_709_164_800), "2024-02-29 00:00 UTC");
        assert_eq!(format_utc(1_709_164_845), "2024-02-29 00:00:45 UTC");
    }

    #[test]
    fn spans_read_as_words() {
        assert_eq!(format_span(0), "0 minutes");
        assert_eq!(format_span(60), "1 minute");
        assert_eq!(format_span(3 * 3600 + 120), "3 hours 2 minutes");
        assert_eq!(format_span(86_400 + 3600), "1 day 1 hour");
        assert_eq!(format_span(-(2 * 86_400)), "2 days");
    }
}
