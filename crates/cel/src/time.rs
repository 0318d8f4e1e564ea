//! Timestamps and durations: RFC 3339 and Go duration texts, and the
//! calendar fields of a timestamp in UTC or a fixed offset.

use crate::error::EvalError;
use crate::value::Value;

const NANOS: i128 = 1_000_000_000;
/// CEL's range: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z.
const MIN_SECS: i128 = -62_135_596_800;
const MAX_SECS: i128 = 253_402_300_799;

pub(crate) fn checked_ts(t: i128, offset: i32) -> Result<Value, EvalError> {
    let secs = t.div_euclid(NANOS);
    if (MIN_SECS..=MAX_SECS).contains(&secs) {
        Ok(Value::Timestamp(t, offset))
    } else {
        Err(EvalError::new("timestamp overflow"))
    }
}

/// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// `2006-01-02T15:04:05.999999999Z07:00` as nanoseconds since the epoch
/// and the offset it was written with.
pub(crate) fn parse_rfc3339(s: &str) -> Option<(i128, i32)> {
    let b = s.as_bytes();
    let num = |from: usize, n: usize| -> Option<i64> {
        let t = s.get(from..from + n)?;
        t.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| t.parse().ok())?
    };
    if b.len() < 20
        || b[4] != b'-'
        || b[7] != b'-'
        || !matches!(b[10], b'T' | b't')
        || b[13] != b':'
        || b[16] != b':'
    {
        return None;
    }
    let (y, mo, d, h, mi, se) = (
        num(0, 4)?,
        num(5, 2)?,
        num(8, 2)?,
        num(11, 2)?,
        num(14, 2)?,
        num(17, 2)?,
    );
    if !(1..=12).contains(&mo) || d < 1 || d > days_in_month(y, mo) || h > 23 || mi > 59 || se > 59
    {
        return None;
    }
    let mut i = 19;
    let mut frac: i128 = 0;
    if b.get(i) == Some(&b'.') {
        i += 1;
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let digits = &s[start..i];
        if digits.is_empty() || digits.len() > 9 {
            return None;
        }
        frac = format!("{digits:0<9}").parse().ok()?;
    }
    let offset = match b.get(i)? {
        b'Z' | b'z' if i + 1 == b.len() => 0,
        c @ (b'+' | b'-') if i + 6 == b.len() && b[i + 3] == b':' => {
            let (oh, om) = (num(i + 1, 2)?, num(i + 4, 2)?);
            let o = oh * 3600 + om * 60;
            if *c == b'-' {
                -o
            } else {
                o
            }
        }
        _ => return None,
    };
    let secs = days_from_civil(y, mo, d) * 86_400 + h * 3600 + mi * 60 + se - offset;
    let t = secs as i128 * NANOS + frac;
    (MIN_SECS..=MAX_SECS)
        .contains(&(secs as i128))
        .then_some((t, offset as i32))
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// RFC 3339 at the given offset with the shortest fraction, as Go's
/// `RFC3339Nano` layout prints it.
pub(crate) fn format_rfc3339(t: i128, offset: i32) -> String {
    let t = t + offset as i128 * NANOS;
    let secs = t.div_euclid(NANOS) as i64;
    let nanos = t.rem_euclid(NANOS);
    let (y, m, d) = civil_from_days(secs.div_euclid(86_400));
    let sod = secs.rem_euclid(86_400);
    let mut out = format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}",
        sod / 3600,
        sod / 60 % 60,
        sod % 60
    );
    if nanos > 0 {
        let f = format!("{nanos:09}");
        out.push('.');
        out.push_str(f.trim_end_matches('0'));
    }
    if offset == 0 {
        out.push('Z');
    } else {
        let a = offset.abs();
        let sign = if offset < 0 { '-' } else { '+' };
        out.push_str(&format!("{sign}{:02}:{:02}", a / 3600, a / 60 % 60));
    }
    out
}

/// Go's `time.ParseDuration`.
pub(crate) fn parse_duration(s: &str) -> Option<i64> {
    let (neg, mut rest) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if rest == "0" {
        return Some(0);
    }
    if rest.is_empty() {
        return None;
    }
    let mut total: f64 = 0.0;
    while !rest.is_empty() {
        let n = rest
            .find(|c: char| !c.is_ascii_digit() && c != '.')
            .unwrap_or(rest.len());
        let (num, tail) = rest.split_at(n);
        if num.is_empty() || num == "." {
            return None;
        }
        let value: f64 = num.parse().ok()?;
        let u = tail
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(tail.len());
        let (unit, tail) = tail.split_at(u);
        let scale = match unit {
            "ns" => 1.0,
            "us" | "µs" | "μs" => 1e3,
            "ms" => 1e6,
            "s" => 1e9,
            "m" => 60e9,
            "h" => 3600e9,
            _ => return None,
        };
        total += value * scale;
        rest = tail;
    }
    if total > i64::MAX as f64 {
        return None;
    }
    let v = total.round() as i64;
    Some(if neg { -v } else { v })
}

/// A calendar field of `t`, in UTC or the given fixed `±HH:MM` offset.
pub(crate) fn field(t: i128, tz: Option<&str>, func: &str) -> Result<i64, EvalError> {
    let offset = match tz {
        None | Some("UTC") | Some("Z") => 0,
        Some(z) => {
            parse_offset(z).ok_or_else(|| EvalError::new(format!("unknown time zone {z}")))?
        }
    };
    let local = t + offset as i128 * NANOS;
    let secs = local.div_euclid(NANOS) as i64;
    let days = secs.div_euclid(86_400);
    let sod = secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    Ok(match func {
        "getFullYear" => y,
        "getMonth" => m - 1,
        "getDate" => d,
        "getDayOfMonth" => d - 1,
        "getDayOfWeek" => (days + 4).rem_euclid(7),
        "getDayOfYear" => days - days_from_civil(y, 1, 1),
        "getHours" => sod / 3600,
        "getMinutes" => sod / 60 % 60,
        "getSeconds" => sod % 60,
        _ => (local.rem_euclid(NANOS) / 1_000_000) as i64,
    })
}

fn parse_offset(z: &str) -> Option<i64> {
    let (sign, rest) = match z.as_bytes().first()? {
        b'+' => (1, &z[1..]),
        b'-' => (-1, &z[1..]),
        _ => (1, z),
    };
    let (h, m) = rest.split_once(':')?;
    Some(sign * (h.parse::<i64>().ok()? * 3600 + m.parse::<i64>().ok()? * 60))
}
