//! Go's formatting and parsing primitives that leak into kubectl's messages
//! (`%q` quoting, `strconv.ParseBool/ParseInt`, `time.ParseDuration`,
//! `path.Clean`), so errors and paths read exactly as kubectl's do.

pub use kubeplay_model::goquote::{quote, quote_rune};

/// Go's `strconv.UnquoteChar` run over the body of a string quoted with
/// `q`, to its end: what `strconv.Unquote` (Go templates) and client-go's
/// `UnquoteExtend` (JSONPath) share. A bare `q` or a bad escape is `None`.
/// A `\x` or octal escape above 0x7f stands for a raw byte in Go; `byte`
/// says which character each caller shows for it.
pub fn unquote_chars(body: &str, q: char, byte: fn(u32) -> char) -> Option<String> {
    let mut out = String::new();
    let mut it = body.chars();
    let hex = |it: &mut std::str::Chars, n: usize| (0..n).try_fold(0u32, |acc, _| it.next()?.to_digit(16).map(|d| acc * 16 + d));
    while let Some(c) = it.next() {
        if c == q {
            return None;
        }
        if c != '\\' {
            out.push(c);
            continue;
        }
        let e = it.next()?;
        out.push(match e {
            'a' => '\u{7}',
            'b' => '\u{8}',
            'f' => '\u{c}',
            'n' => '\n',
            'r' => '\r',
            't' => '\t',
            'v' => '\u{b}',
            '\\' => '\\',
            '\'' | '"' if e == q => e,
            'x' => byte(hex(&mut it, 2)?),
            'u' => char::from_u32(hex(&mut it, 4)?)?,
            'U' => char::from_u32(hex(&mut it, 8)?)?,
            '0'..='7' => {
                let mut v = e.to_digit(8)?;
                for _ in 0..2 {
                    v = v * 8 + it.next()?.to_digit(8)?;
                }
                if v > 255 {
                    return None;
                }
                byte(v)
            }
            _ => return None,
        });
    }
    Some(out)
}

/// Go's `%#v` of an unstructured JSON value as kubectl holds it (maps of
/// `interface{}`, integers as int64, other numbers as float64), which
/// kubectl shows in a JSONPath failure and a template's `printf "%#v"`
/// prints: `map[string]interface {}{"a":"1", "b":[]interface {}{true}}`,
/// keys sorted, a null `interface {}(nil)`. `pad` pads each scalar as
/// `fmt` pads it for a width.
pub fn go_syntax(v: &serde_json::Value, pad: &dyn Fn(String) -> String, out: &mut String) {
    use serde_json::Value;
    match v {
        Value::Null => out.push_str("interface {}(nil)"),
        Value::Bool(b) => out.push_str(&pad(b.to_string())),
        Value::Number(n) => out.push_str(&pad(crate::print::gojson::number_text(n))),
        Value::String(s) => out.push_str(&pad(quote(s))),
        Value::Array(items) => go_syntax_list(items, pad, out),
        Value::Object(m) => go_syntax_map(m, pad, out),
    }
}

/// [`go_syntax`] of a `[]interface {}`.
pub fn go_syntax_list(items: &[serde_json::Value], pad: &dyn Fn(String) -> String, out: &mut String) {
    out.push_str("[]interface {}{");
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        go_syntax(item, pad, out);
    }
    out.push('}');
}

/// [`go_syntax`] of a `map[string]interface {}`: `fmt` sorts the keys.
pub fn go_syntax_map(m: &serde_json::Map<String, serde_json::Value>, pad: &dyn Fn(String) -> String, out: &mut String) {
    out.push_str("map[string]interface {}{");
    let mut keys: Vec<&String> = m.keys().collect();
    keys.sort();
    for (i, k) in keys.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&pad(quote(k)));
        out.push(':');
        go_syntax(&m[k.as_str()], pad, out);
    }
    out.push('}');
}

/// Why a Go `strconv` parse failed; rendered as Go renders it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NumError {
    Syntax { func: &'static str, input: String },
    Range { func: &'static str, input: String },
}

impl std::fmt::Display for NumError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NumError::Syntax { func, input } => write!(f, "strconv.{func}: parsing {}: invalid syntax", quote(input)),
            NumError::Range { func, input } => write!(f, "strconv.{func}: parsing {}: value out of range", quote(input)),
        }
    }
}

/// `strconv.ParseBool`.
pub fn parse_bool(s: &str) -> Result<bool, NumError> {
    match s {
        "1" | "t" | "T" | "TRUE" | "true" | "True" => Ok(true),
        "0" | "f" | "F" | "FALSE" | "false" | "False" => Ok(false),
        _ => Err(NumError::Syntax { func: "ParseBool", input: s.to_string() }),
    }
}

/// `strconv.ParseInt(s, 0, bits)`: base prefixes (`0x`, `0o`, `0b`, leading
/// `0` for octal) and `_` digit separators are accepted, as pflag's int
/// flags accept them.
pub fn parse_int(s: &str, bits: u32) -> Result<i64, NumError> {
    let syntax = || NumError::Syntax { func: "ParseInt", input: s.to_string() };
    let range = || NumError::Range { func: "ParseInt", input: s.to_string() };
    let (neg, body) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if body.is_empty() {
        return Err(syntax());
    }
    let lower = body.to_ascii_lowercase();
    let (base, digits, prefixed) = if let Some(r) = lower.strip_prefix("0x") {
        (16, r.to_string(), true)
    } else if let Some(r) = lower.strip_prefix("0o") {
        (8, r.to_string(), true)
    } else if let Some(r) = lower.strip_prefix("0b") {
        (2, r.to_string(), true)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, lower[1..].to_string(), true)
    } else {
        (10, lower.clone(), false)
    };
    if !underscores_ok(&digits, prefixed) {
        return Err(syntax());
    }
    let digits: String = digits.chars().filter(|c| *c != '_').collect();
    if digits.is_empty() {
        return Err(syntax());
    }
    let mut v: u128 = 0;
    for c in digits.chars() {
        let d = c.to_digit(base).ok_or_else(syntax)? as u128;
        v = v * base as u128 + d;
        if v > u64::MAX as u128 {
            // Go stops at the first digit that overflows (and a longer
            // number would overflow u128 itself).
            return Err(range());
        }
    }
    let limit: u128 = 1u128 << (bits - 1);
    if (!neg && v >= limit) || (neg && v > limit) {
        return Err(range());
    }
    let v = v as i128;
    Ok(if neg { -v } else { v } as i64)
}

/// Go allows `_` only between digits (or right after a base prefix).
fn underscores_ok(digits: &str, prefixed: bool) -> bool {
    if !digits.contains('_') {
        return true;
    }
    if !prefixed && digits.starts_with('_') {
        return false;
    }
    !digits.ends_with('_') && !digits.contains("__")
}

/// Why `time.ParseDuration` failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DurationError {
    Invalid(String),
    MissingUnit(String),
    UnknownUnit { unit: String, input: String },
}

impl std::fmt::Display for DurationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DurationError::Invalid(s) => write!(f, "time: invalid duration {}", quote(s)),
            DurationError::MissingUnit(s) => write!(f, "time: missing unit in duration {}", quote(s)),
            DurationError::UnknownUnit { unit, input } => write!(f, "time: unknown unit {} in duration {}", quote(unit), quote(input)),
        }
    }
}

/// `time.ParseDuration`, returning nanoseconds: `300ms`, `-1.5h`, `2h45m`.
pub fn parse_duration_nanos(s: &str) -> Result<i128, DurationError> {
    let invalid = || DurationError::Invalid(s.to_string());
    let (neg, mut rest) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if rest == "0" {
        return Ok(0);
    }
    if rest.is_empty() {
        return Err(invalid());
    }
    let mut total: i128 = 0;
    while !rest.is_empty() {
        let int_end = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
        let (int_part, after) = rest.split_at(int_end);
        let (frac_part, after) = match after.strip_prefix('.') {
            Some(a) => {
                let e = a.find(|c: char| !c.is_ascii_digit()).unwrap_or(a.len());
                a.split_at(e)
            }
            None => ("", after),
        };
        if int_part.is_empty() && frac_part.is_empty() {
            return Err(invalid());
        }
        let unit_end = after.find(|c: char| c == '.' || c.is_ascii_digit()).unwrap_or(after.len());
        let (unit, after) = after.split_at(unit_end);
        if unit.is_empty() {
            return Err(DurationError::MissingUnit(s.to_string()));
        }
        let scale: i128 = match unit {
            "ns" => 1,
            "us" | "µs" | "μs" => 1_000,
            "ms" => 1_000_000,
            "s" => 1_000_000_000,
            "m" => 60_000_000_000,
            "h" => 3_600_000_000_000,
            _ => return Err(DurationError::UnknownUnit { unit: unit.to_string(), input: s.to_string() }),
        };
        let int_val: i128 = if int_part.is_empty() { 0 } else { int_part.parse().map_err(|_| invalid())? };
        let mut v = int_val.checked_mul(scale).ok_or_else(invalid)?;
        let mut frac_scale = scale;
        for d in frac_part.chars().take(30) {
            frac_scale /= 10;
            v += (d as i128 - '0' as i128) * frac_scale;
        }
        total = total.checked_add(v).ok_or_else(invalid)?;
        if total > i64::MAX as i128 {
            return Err(invalid());
        }
        rest = after;
    }
    Ok(if neg { -total } else { total })
}

/// `time.ParseDuration` rounded to whole milliseconds (the simulated clock's unit).
pub fn parse_duration_millis(s: &str) -> Result<i64, DurationError> {
    parse_duration_nanos(s).map(|n| (n / 1_000_000) as i64)
}

/// Go's `time.Duration.String()` for whole milliseconds: `1m0s`, `30s`, `1.5s`, `0s`.
pub fn format_duration_millis(ms: i64) -> String {
    if ms == 0 {
        return "0s".into();
    }
    let neg = ms < 0;
    let ms = ms.unsigned_abs();
    let mut out = String::new();
    if neg {
        out.push('-');
    }
    if ms < 1000 {
        out.push_str(&format!("{ms}ms"));
        return out;
    }
    let h = ms / 3_600_000;
    let m = ms / 60_000 % 60;
    let s = ms / 1000 % 60;
    let frac = ms % 1000;
    if h > 0 {
        out.push_str(&format!("{h}h"));
    }
    if h > 0 || m > 0 {
        out.push_str(&format!("{m}m"));
    }
    if frac == 0 {
        out.push_str(&format!("{s}s"));
    } else {
        let f = format!("{frac:03}");
        out.push_str(&format!("{s}.{}s", f.trim_end_matches('0')));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_matches_go() {
        assert_eq!(quote("x"), "\"x\"");
        assert_eq!(quote("a\"b\\c\n"), "\"a\\\"b\\\\c\\n\"");
        assert_eq!(quote_rune('z'), "'z'");
        assert_eq!(quote_rune('\''), "'\\''");
    }

    // Cases from Go's strconv atob_test.go and atoi_test.go (base 0).
    #[test]
    fn strconv_parsers() {
        assert_eq!(parse_bool("T"), Ok(true));
        assert_eq!(parse_bool("False"), Ok(false));
        assert_eq!(parse_bool("maybe").unwrap_err().to_string(), "strconv.ParseBool: parsing \"maybe\": invalid syntax");
        assert_eq!(parse_int("0x10", 64), Ok(16));
        assert_eq!(parse_int("010", 64), Ok(8));
        assert_eq!(parse_int("-0b101", 64), Ok(-5));
        assert_eq!(parse_int("1_000", 64), Ok(1000));
        assert_eq!(parse_int("9223372036854775807", 64), Ok(i64::MAX));
        assert_eq!(parse_int("-9223372036854775808", 64), Ok(i64::MIN));
        assert_eq!(parse_int("2147483648", 32).unwrap_err().to_string(), "strconv.ParseInt: parsing \"2147483648\": value out of range");
        assert_eq!(parse_int("x", 64).unwrap_err().to_string(), "strconv.ParseInt: parsing \"x\": invalid syntax");
        for bad in ["", "-", "1__0", "_1", "1_", "09", "0x"] {
            assert!(parse_int(bad, 64).is_err(), "{bad}");
        }
    }

    // Cases from Go's time_test.go parseDurationTests.
    #[test]
    fn durations() {
        let ok = [
            ("0", 0),
            ("5s", 5_000_000_000),
            ("30s", 30_000_000_000),
            ("1478s", 1_478_000_000_000),
            ("-5s", -5_000_000_000),
            ("+5s", 5_000_000_000),
            ("-0", 0),
            ("5.6s", 5_600_000_000),
            ("5.s", 5_000_000_000),
            (".5s", 500_000_000),
            ("1.004s", 1_004_000_000),
            ("100.00100s", 100_001_000_000),
            ("10ns", 10),
            ("11us", 11_000),
            ("12µs", 12_000),
            ("13ms", 13_000_000),
            ("14s", 14_000_000_000),
            ("15m", 900_000_000_000),
            ("16h", 57_600_000_000_000),
            ("3h30m", 12_600_000_000_000),
            ("10.5s4m", 250_500_000_000),
            ("-2m3.4s", -123_400_000_000),
            ("1h2m3s4ms5us6ns", 3_723_004_005_006),
            ("39h9m14.425s", 140_954_425_000_000),
        ];
        for (s, want) in ok {
            assert_eq!(parse_duration_nanos(s), Ok(want), "{s}");
        }
        assert_eq!(parse_duration_nanos("").unwrap_err().to_string(), "time: invalid duration \"\"");
        assert_eq!(parse_duration_nanos("3").unwrap_err().to_string(), "time: missing unit in duration \"3\"");
        assert_eq!(parse_duration_nanos("-").unwrap_err().to_string(), "time: invalid duration \"-\"");
        assert_eq!(parse_duration_nanos("s").unwrap_err().to_string(), "time: invalid duration \"s\"");
        assert_eq!(parse_duration_nanos(".").unwrap_err().to_string(), "time: invalid duration \".\"");
        assert_eq!(parse_duration_nanos("-.").unwrap_err().to_string(), "time: invalid duration \"-.\"");
        assert_eq!(parse_duration_nanos("1d").unwrap_err().to_string(), "time: unknown unit \"d\" in duration \"1d\"");
        assert_eq!(parse_duration_nanos("9223372036854775810ns").unwrap_err().to_string(), "time: invalid duration \"9223372036854775810ns\"");
    }

    // Go's Duration.String() for the values kubectl prints as flag defaults.
    #[test]
    fn duration_strings() {
        assert_eq!(format_duration_millis(0), "0s");
        assert_eq!(format_duration_millis(60_000), "1m0s");
        assert_eq!(format_duration_millis(30_000), "30s");
        assert_eq!(format_duration_millis(1_500), "1.5s");
        assert_eq!(format_duration_millis(500), "500ms");
        assert_eq!(format_duration_millis(3_723_000), "1h2m3s");
    }
}

/// Go's `path.Clean` (and `filepath.Clean` on Unix): doubled slashes, `.`
/// and `..` resolved lexically, `.` for an empty result, `..` kept above
/// a relative root and dropped above `/`.
pub fn path_clean(path: &str) -> String {
    let absolute = path.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for p in path.split('/') {
        match p {
            "" | "." => {}
            ".." if parts.last().is_some_and(|l| *l != "..") => {
                parts.pop();
            }
            ".." if absolute => {}
            p => parts.push(p),
        }
    }
    match (absolute, parts.is_empty()) {
        (true, _) => format!("/{}", parts.join("/")),
        (false, true) => ".".into(),
        (false, false) => parts.join("/"),
    }
}
