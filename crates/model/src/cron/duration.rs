//! Go's `time.ParseDuration` (for `@every <duration>`), with Go's error
//! texts, and `strconv.Atoi`'s, which robfig/cron quotes in its errors.

/// Go's `strconv.Quote`, which `strconv.Atoi` errors use (and robfig
/// quotes).
pub use crate::goquote::quote as go_quote;

/// The `time` package's own `quote` (in `ParseDuration` errors): unlike
/// strconv's, every control or non-ASCII byte becomes `\xNN` (a tab too).
fn time_quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        if (c as u32) < 0x20 || (c as u32) >= 0x80 {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("\\x{b:02x}"));
            }
        } else {
            if c == '"' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out.push('"');
    out
}

/// `strconv.Atoi`: optional sign, decimal digits, 64-bit range.
pub fn atoi(s: &str) -> Result<i64, String> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("strconv.Atoi: parsing {}: invalid syntax", go_quote(s)));
    }
    s.parse::<i64>().map_err(|_| format!("strconv.Atoi: parsing {}: value out of range", go_quote(s)))
}

/// Parses a Go duration (`1h30m`, `1.5h`, `500ms`, `-2s`) into nanoseconds.
pub fn parse_duration(s: &str) -> Result<i64, String> {
    let invalid = || format!("time: invalid duration {}", time_quote(s));
    let mut rest = s;
    let mut neg = false;
    if let Some(r) = rest.strip_prefix('-') {
        neg = true;
        rest = r;
    } else if let Some(r) = rest.strip_prefix('+') {
        rest = r;
    }
    if rest == "0" {
        return Ok(0);
    }
    if rest.is_empty() {
        return Err(invalid());
    }
    let mut total: i128 = 0;
    while !rest.is_empty() {
        let b = rest.as_bytes();
        if !(b[0] == b'.' || b[0].is_ascii_digit()) {
            return Err(invalid());
        }
        let int_len = b.iter().take_while(|c| c.is_ascii_digit()).count();
        let int_part = &rest[..int_len];
        rest = &rest[int_len..];
        let mut frac_part = "";
        if let Some(r) = rest.strip_prefix('.') {
            let n = r.bytes().take_while(|c| c.is_ascii_digit()).count();
            frac_part = &r[..n];
            rest = &r[n..];
        }
        if int_part.is_empty() && frac_part.is_empty() {
            return Err(invalid());
        }
        let unit_len = rest.char_indices().find(|(_, c)| *c == '.' || c.is_ascii_digit()).map(|(i, _)| i).unwrap_or(rest.len());
        let unit = &rest[..unit_len];
        rest = &rest[unit_len..];
        if unit.is_empty() {
            return Err(format!("time: missing unit in duration {}", time_quote(s)));
        }
        let scale: i128 = match unit {
            "ns" => 1,
            "us" | "\u{b5}s" | "\u{3bc}s" => 1_000,
            "ms" => 1_000_000,
            "s" => 1_000_000_000,
            "m" => 60_000_000_000,
            "h" => 3_600_000_000_000,
            _ => return Err(format!("time: unknown unit {} in duration {}", time_quote(unit), time_quote(s))),
        };
        let whole: i128 = if int_part.is_empty() { 0 } else { int_part.parse::<i128>().map_err(|_| invalid())? };
        let mut v = whole.checked_mul(scale).ok_or_else(invalid)?;
        let mut f_scale = scale;
        for d in frac_part.bytes().take(30) {
            f_scale /= 10;
            v += (d - b'0') as i128 * f_scale;
        }
        total = total.checked_add(v).ok_or_else(invalid)?;
        if total > i64::MAX as i128 {
            return Err(invalid());
        }
    }
    Ok(if neg { -(total as i64) } else { total as i64 })
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: i64 = 1_000_000_000;

    #[test]
    fn go_durations() {
        assert_eq!(parse_duration("5m"), Ok(300 * S));
        assert_eq!(parse_duration("1.5h"), Ok(5400 * S));
        assert_eq!(parse_duration("1h30m10s"), Ok(5410 * S));
        assert_eq!(parse_duration("500ms"), Ok(S / 2));
        assert_eq!(parse_duration("-1h"), Ok(-3600 * S));
        assert_eq!(parse_duration("0"), Ok(0));
        assert_eq!(parse_duration("Xm"), Err("time: invalid duration \"Xm\"".into()));
        assert_eq!(parse_duration("1d"), Err("time: unknown unit \"d\" in duration \"1d\"".into()));
        assert_eq!(parse_duration("1h "), Err("time: unknown unit \"h \" in duration \"1h \"".into()));
        assert_eq!(parse_duration("1"), Err("time: missing unit in duration \"1\"".into()));
        assert_eq!(parse_duration(""), Err("time: invalid duration \"\"".into()));
    }

    #[test]
    fn atoi_errors() {
        assert_eq!(atoi("+5"), Ok(5));
        assert_eq!(atoi("05"), Ok(5));
        assert_eq!(atoi("j"), Err("strconv.Atoi: parsing \"j\": invalid syntax".into()));
        assert_eq!(atoi(""), Err("strconv.Atoi: parsing \"\": invalid syntax".into()));
        assert_eq!(atoi("99999999999999999999"), Err("strconv.Atoi: parsing \"99999999999999999999\": value out of range".into()));
    }
}
