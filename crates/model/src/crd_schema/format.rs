//! The string formats of kube-openapi's `strfmt` registry the playground
//! checks; other formats pass unchecked.

use std::net::{Ipv4Addr, Ipv6Addr};

/// `Some(valid)` for a format the playground knows, `None` otherwise.
pub(super) fn check(format: &str, s: &str) -> Option<bool> {
    Some(match format {
        "date" => is_date(s),
        "date-time" | "datetime" => is_date_time(s),
        "uuid" => is_uuid(s),
        "ipv4" => s.parse::<Ipv4Addr>().is_ok(),
        "ipv6" => s.contains(':') && s.parse::<Ipv6Addr>().is_ok(),
        "cidr" => crate::names::is_cidr(s),
        "byte" => crate::base64::decode_strict(s).is_ok(),
        _ => return None,
    })
}

fn digits(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// `2006-01-02`, a real calendar day.
fn is_date(s: &str) -> bool {
    let parts: Vec<&str> = s.split('-').collect();
    let [y, m, d] = parts[..] else { return false };
    if y.len() != 4 || m.len() != 2 || d.len() != 2 {
        return false;
    }
    let (Some(y), Some(m), Some(d)) = (digits(y), digits(m), digits(d)) else {
        return false;
    };
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&d)
}

/// RFC 3339 and the ISO 8601 variants `strfmt.ParseDateTime` accepts: a
/// date, `T`, `15:04` with optional seconds and fraction, and an optional
/// `Z` or `±07:00` zone.
fn is_date_time(s: &str) -> bool {
    let Some((date, rest)) = s.split_once(['T', 't']) else {
        return false;
    };
    if !is_date(date) {
        return false;
    }
    let (time, zone) = match rest.find(['Z', 'z', '+', '-']) {
        Some(i) => rest.split_at(i),
        None => (rest, ""),
    };
    let zone_ok = match zone {
        "" | "Z" | "z" => true,
        z => z.len() == 6 && is_clock(&z[1..], false),
    };
    zone_ok && is_clock(time, true)
}

/// `hh:mm`, then (when `seconds`) an optional `:ss` and `.fraction`.
fn is_clock(s: &str, seconds: bool) -> bool {
    let (main, frac) = match s.split_once('.') {
        Some((m, f)) if seconds => (m, Some(f)),
        Some(_) => return false,
        None => (s, None),
    };
    if frac.is_some_and(|f| f.is_empty() || !f.bytes().all(|b| b.is_ascii_digit())) {
        return false;
    }
    let parts: Vec<&str> = main.split(':').collect();
    let ok_part = |p: &str, max: u32| p.len() == 2 && digits(p).is_some_and(|n| n <= max);
    match parts[..] {
        [h, m] => ok_part(h, 23) && ok_part(m, 59) && frac.is_none(),
        [h, m, sec] if seconds => ok_part(h, 23) && ok_part(m, 59) && ok_part(sec, 60),
        _ => false,
    }
}

/// Five groups of hex digits, 8-4-4-4-12.
fn is_uuid(s: &str) -> bool {
    let lens: Vec<usize> = s
        .split('-')
        .map(|g| {
            if g.bytes().all(|b| b.is_ascii_hexdigit()) {
                g.len()
            } else {
                0
            }
        })
        .collect();
    lens == [8, 4, 4, 4, 12]
}
