//! `--since-time`'s parsing (kubectl's `util.ParseRFC3339`: Go's
//! `time.Parse` with the RFC 3339 layout), with Go's error texts, which
//! name the part of the layout the value stopped matching.

use kubeplay_model::Time;

const LAYOUT: &str = "2006-01-02T15:04:05Z07:00";

/// One step of the layout: a literal, or a field and how it reads.
#[derive(Clone, Copy)]
enum Elem {
    Lit(&'static str),
    Year,
    /// Two digits exactly (`01`, `02`, `04`, `05`), with the range error
    /// Go reports for it (`""`: checked after the whole value, as the day is).
    Fixed(&'static str, &'static str, i64),
    /// One or two digits (`15`).
    Hour,
    Zone,
}

const ELEMS: &[Elem] = &[
    Elem::Year,
    Elem::Lit("-"),
    Elem::Fixed("01", "month", 12),
    Elem::Lit("-"),
    Elem::Fixed("02", "", 99),
    Elem::Lit("T"),
    Elem::Hour,
    Elem::Lit(":"),
    Elem::Fixed("04", "minute", 59),
    Elem::Lit(":"),
    Elem::Fixed("05", "second", 59),
    Elem::Zone,
];

fn digits(s: &str, n: usize) -> bool {
    s.len() >= n && s.as_bytes()[..n].iter().all(u8::is_ascii_digit)
}

/// Go's `getnum`: one or two leading digits (two when `fixed`).
fn getnum(s: &str, fixed: bool) -> Option<(i64, &str)> {
    if !digits(s, 1) {
        return None;
    }
    if !digits(s, 2) {
        return (!fixed).then(|| (i64::from(s.as_bytes()[0] - b'0'), &s[1..]));
    }
    Some((s[..2].parse().ok()?, &s[2..]))
}

fn days_in(month: i64, year: i64) -> i64 {
    match month {
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// `value` read as RFC 3339, or Go's `*time.ParseError` text.
pub fn parse_rfc3339(value: &str) -> Result<Time, String> {
    let q = crate::gofmt::quote;
    let cannot = |rest: &str, elem: &str| {
        format!(
            "parsing time {} as {}: cannot parse {} as {}",
            q(value),
            q(LAYOUT),
            q(rest),
            q(elem)
        )
    };
    let (mut rest, mut year, mut month, mut day) = (value, 0, 0, 0);
    for e in ELEMS {
        let hold = rest;
        match *e {
            Elem::Lit(l) => rest = rest.strip_prefix(l).ok_or_else(|| cannot(hold, l))?,
            Elem::Year => {
                if !digits(rest, 4) {
                    return Err(cannot(hold, "2006"));
                }
                year = rest[..4].parse().unwrap_or(0);
                rest = &rest[4..];
            }
            Elem::Fixed(name, range, max) => {
                let (n, r) = getnum(rest, true).ok_or_else(|| cannot(hold, name))?;
                rest = r;
                match name {
                    "01" => month = n,
                    "02" => day = n,
                    _ => {}
                }
                if !range.is_empty() && (n > max || (name == "01" && n == 0)) {
                    return Err(format!("parsing time {}: {range} out of range", q(value)));
                }
                // A fraction may follow the seconds though the layout has none.
                if name == "05"
                    && rest.len() >= 2
                    && matches!(rest.as_bytes()[0], b'.' | b',')
                    && rest.as_bytes()[1].is_ascii_digit()
                {
                    let n = rest.bytes().skip(1).take_while(u8::is_ascii_digit).count();
                    rest = &rest[1 + n..];
                }
            }
            Elem::Hour => {
                let (n, r) = getnum(rest, false).ok_or_else(|| cannot(hold, "15"))?;
                rest = r;
                if n >= 24 {
                    return Err(format!("parsing time {}: hour out of range", q(value)));
                }
            }
            Elem::Zone => {
                if let Some(r) = rest.strip_prefix('Z') {
                    rest = r;
                } else {
                    let b = rest.as_bytes();
                    let ok = b.len() >= 6
                        && b[3] == b':'
                        && matches!(b[0], b'+' | b'-')
                        && digits(&rest[1..], 2)
                        && digits(&rest[4..], 2);
                    if !ok {
                        return Err(cannot(hold, "Z07:00"));
                    }
                    rest = &rest[6..];
                }
            }
        }
    }
    if !rest.is_empty() {
        return Err(format!(
            "parsing time {}: extra text: {}",
            q(value),
            q(rest)
        ));
    }
    if day < 1 || day > days_in(month, year) {
        return Err(format!("parsing time {}: day out of range", q(value)));
    }
    Time::parse_rfc3339(value).ok_or_else(|| cannot(value, "2006"))
}

#[cfg(test)]
mod tests {
    use super::*;

    // Go's time.Parse with time.RFC3339, as `kubectl logs --since-time` reports it.
    #[test]
    fn go_parse_errors() {
        let err = |s: &str| parse_rfc3339(s).unwrap_err();
        assert_eq!(
            err("bad"),
            r#"parsing time "bad" as "2006-01-02T15:04:05Z07:00": cannot parse "bad" as "2006""#
        );
        assert_eq!(
            err("2025-01-01"),
            r#"parsing time "2025-01-01" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "T""#
        );
        assert_eq!(
            err("2025-1-01T00:00:00Z"),
            r#"parsing time "2025-1-01T00:00:00Z" as "2006-01-02T15:04:05Z07:00": cannot parse "1-01T00:00:00Z" as "01""#
        );
        assert_eq!(
            err("2025-13-01T00:00:00Z"),
            r#"parsing time "2025-13-01T00:00:00Z": month out of range"#
        );
        assert_eq!(
            err("2025-02-30T00:00:00Z"),
            r#"parsing time "2025-02-30T00:00:00Z": day out of range"#
        );
        assert_eq!(
            err("2025-01-01T00:00:00"),
            r#"parsing time "2025-01-01T00:00:00" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "Z07:00""#
        );
        assert_eq!(
            err("2025-01-01T00:00:00Zx"),
            r#"parsing time "2025-01-01T00:00:00Zx": extra text: "x""#
        );
        assert_eq!(
            parse_rfc3339("2006-01-02T15:04:05Z"),
            Ok(Time::parse_rfc3339("2006-01-02T15:04:05Z").unwrap())
        );
        assert!(parse_rfc3339("2006-01-02T15:04:05.5+02:00").is_ok());
    }
}
