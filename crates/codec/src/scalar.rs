//! How an unquoted YAML scalar resolves to a type, exactly as Kubernetes'
//! YAML path does it (sigs.k8s.io/yaml → go-yaml v2, YAML 1.1 rules):
//! `yes`/`on`/`y` are booleans, `~`/`null`/empty are null, `0x1F`/`017`/`0b1`
//! are integers, `1e3` is a float, `2024-01-01` is a timestamp (kept as a
//! string), everything else is a string. The printer uses the same rules to
//! decide which strings must be quoted.

/// The type an unquoted scalar resolves to.
#[derive(Clone, Debug, PartialEq)]
pub enum Resolved {
    Null,
    Bool(bool),
    Int(i64),
    Uint(u64),
    /// Finite or not: `.inf` and `.nan` resolve here too.
    Float(f64),
    /// An integer too large for 64 bits (only reachable in hex/octal/binary
    /// forms; decimal ones become floats), approximated.
    BigInt(f64),
    /// A timestamp such as `2024-01-01`: go-yaml hands it to Kubernetes as the
    /// original string, but the printer must quote it.
    Timestamp,
    Str,
}

impl Resolved {
    /// Whether the scalar stays a plain string (so the printer may leave it unquoted).
    pub fn is_str(&self) -> bool {
        matches!(self, Resolved::Str)
    }
}

/// Resolves an unquoted scalar (go-yaml v2's `resolve("", s)`).
pub fn resolve_plain(s: &str) -> Resolved {
    let hint = match s.as_bytes().first() {
        None => b'N',
        Some(b'+' | b'-') => b'S',
        Some(b'0'..=b'9') => b'D',
        Some(b'y' | b'Y' | b'n' | b'N' | b't' | b'T' | b'f' | b'F' | b'o' | b'O' | b'~') => b'M',
        Some(b'.') => b'.',
        Some(_) => return Resolved::Str,
    };
    if let Some(r) = lookup(s) {
        return r;
    }
    match hint {
        b'.' => match go_parse_float(s) {
            Some(f) => Resolved::Float(f),
            None => Resolved::Str,
        },
        b'D' | b'S' => resolve_number(s),
        _ => Resolved::Str,
    }
}

fn lookup(s: &str) -> Option<Resolved> {
    Some(match s {
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => Resolved::Bool(true),
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => Resolved::Bool(false),
        "" | "~" | "null" | "Null" | "NULL" => Resolved::Null,
        ".nan" | ".NaN" | ".NAN" => Resolved::Float(f64::NAN),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => Resolved::Float(f64::INFINITY),
        "-.inf" | "-.Inf" | "-.INF" => Resolved::Float(f64::NEG_INFINITY),
        _ => return None,
    })
}

fn resolve_number(s: &str) -> Resolved {
    // Most numbers in manifests are short decimals (ports, replicas): as
    // ParseInt reads them, without the walk below.
    if (1..=18).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit()) && (s.len() == 1 || !s.starts_with('0')) {
        return Resolved::Int(s.bytes().fold(0, |n, b| n * 10 + i64::from(b - b'0')));
    }
    if is_timestamp(s) {
        return Resolved::Timestamp;
    }
    // Every integer and float form below is made of these characters
    // (digits of any base, base prefixes, signs, points, exponents,
    // underscores): a quantity such as `128Mi` is a string at once.
    if !s.bytes().all(|b| b.is_ascii_hexdigit() || matches!(b, b'x' | b'X' | b'o' | b'O' | b'+' | b'-' | b'.' | b'_')) {
        return Resolved::Str;
    }
    let plain: std::borrow::Cow<'_, str> = if s.contains('_') { s.chars().filter(|&c| c != '_').collect::<String>().into() } else { s.into() };
    if let Ok(i) = go_parse_int(&plain) {
        return Resolved::Int(i);
    }
    let uint = go_parse_uint(&plain);
    if let Ok(u) = uint {
        return Resolved::Uint(u);
    }
    if is_yaml_style_float(&plain) {
        if let Some(f) = go_parse_float(&plain) {
            return Resolved::Float(f);
        }
    }
    if let Some(bin) = plain.strip_prefix("0b") {
        if let Ok(i) = parse_digits(bin, 2, false) {
            return Resolved::Int(i);
        }
        if let Ok(u) = parse_udigits(bin, 2) {
            return Resolved::Uint(u);
        }
    } else if let Some(bin) = plain.strip_prefix("-0b") {
        if let Ok(i) = parse_digits(bin, 2, true) {
            return Resolved::Int(i);
        }
    }
    // go-yaml falls back to math/big when ParseUint (its last integer
    // attempt) failed for range.
    if uint == Err(IntError::Range) {
        if let Some(f) = big_int(&plain) {
            return Resolved::BigInt(f);
        }
    }
    Resolved::Str
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum IntError {
    Syntax,
    Range,
}

/// Splits Go's base prefix the way `strconv.ParseInt(s, 0, 64)` reads it.
fn base_and_digits(s: &str) -> (u32, &str) {
    let b = s.as_bytes();
    if b.len() >= 2 && b[0] == b'0' {
        match b[1] {
            b'x' | b'X' => return (16, &s[2..]),
            b'o' | b'O' => return (8, &s[2..]),
            b'b' | b'B' => return (2, &s[2..]),
            _ => return (8, &s[1..]),
        }
    }
    (10, s)
}

fn parse_udigits(d: &str, base: u32) -> Result<u64, IntError> {
    if d.is_empty() {
        return Err(IntError::Syntax);
    }
    let mut v: u64 = 0;
    let mut overflow = false;
    for c in d.chars() {
        let x = c.to_digit(base).ok_or(IntError::Syntax)?;
        match v.checked_mul(base as u64).and_then(|v| v.checked_add(x as u64)) {
            Some(n) => v = n,
            None => overflow = true,
        }
    }
    if overflow {
        Err(IntError::Range)
    } else {
        Ok(v)
    }
}

fn parse_digits(d: &str, base: u32, neg: bool) -> Result<i64, IntError> {
    let u = parse_udigits(d, base)?;
    if neg {
        if u <= i64::MAX as u64 + 1 {
            Ok((u as i64).wrapping_neg())
        } else {
            Err(IntError::Range)
        }
    } else {
        i64::try_from(u).map_err(|_| IntError::Range)
    }
}

/// `strconv.ParseInt(s, 0, 64)` (no underscores: the caller removed them).
fn go_parse_int(s: &str) -> Result<i64, IntError> {
    let (neg, rest) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let (base, digits) = base_and_digits(rest);
    // A lone "0" is decimal zero, not an empty octal number.
    if rest == "0" {
        return Ok(0);
    }
    parse_digits(digits, base, neg)
}

/// `strconv.ParseUint(s, 0, 64)`: no sign allowed.
fn go_parse_uint(s: &str) -> Result<u64, IntError> {
    if s == "0" {
        return Ok(0);
    }
    let (base, digits) = base_and_digits(s);
    parse_udigits(digits, base)
}

fn big_int(s: &str) -> Option<f64> {
    let (neg, rest) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let (base, digits) = base_and_digits(rest);
    if digits.is_empty() {
        return None;
    }
    let mut v = 0f64;
    for c in digits.chars() {
        v = v * base as f64 + c.to_digit(base)? as f64;
    }
    Some(if neg { -v } else { v })
}

/// go-yaml's `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`.
fn is_yaml_style_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    if matches!(b.first(), Some(b'+' | b'-')) {
        i = 1;
    }
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - start
    };
    if b.get(i) == Some(&b'.') {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    } else {
        if digits(&mut i) == 0 {
            return false;
        }
        if b.get(i) == Some(&b'.') {
            i += 1;
            digits(&mut i);
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

/// `strconv.ParseFloat` for the decimal forms go-yaml lets through: an
/// out-of-range literal is an error in Go (Rust would give infinity).
fn go_parse_float(s: &str) -> Option<f64> {
    if !s.bytes().all(|c| c.is_ascii_digit() || matches!(c, b'.' | b'e' | b'E' | b'+' | b'-')) {
        return None;
    }
    let f: f64 = s.parse().ok()?;
    f.is_finite().then_some(f)
}

/// go-yaml v2's `parseTimestamp`: `time.Parse` with the layouts
/// `2006-1-2T15:4:5.999999999Z07:00`, the same with a lower-case `t`,
/// `2006-1-2 15:4:5.999999999` and `2006-1-2`.
pub fn is_timestamp(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() < 5 || !b[..4].iter().all(u8::is_ascii_digit) || b[4] != b'-' {
        return false;
    }
    let mut p = Cursor { b, i: 5 };
    let year: i64 = s[..4].parse().unwrap_or(0);
    let Some(month) = p.num(1, 12) else { return false };
    if !p.lit(b'-') {
        return false;
    }
    let Some(day) = p.num(1, 31) else { return false };
    if day > days_in(month, year) {
        return false;
    }
    if p.done() {
        return true;
    }
    let sep = b[p.i];
    if !matches!(sep, b'T' | b't' | b' ') {
        return false;
    }
    p.i += 1;
    if p.num(0, 23).is_none() || !p.lit(b':') || p.num(0, 59).is_none() || !p.lit(b':') || p.num(0, 59).is_none() {
        return false;
    }
    // Optional fraction: a period or comma followed by digits.
    if p.i + 1 < b.len() && matches!(b[p.i], b'.' | b',') && b[p.i + 1].is_ascii_digit() {
        p.i += 1;
        while p.i < b.len() && b[p.i].is_ascii_digit() {
            p.i += 1;
        }
    }
    if sep == b' ' {
        return p.done();
    }
    // Z07:00: `Z`, or ±hh:mm.
    if p.lit(b'Z') {
        return p.done();
    }
    let rest = &b[p.i..];
    rest.len() == 6
        && matches!(rest[0], b'+' | b'-')
        && rest[1].is_ascii_digit()
        && rest[2].is_ascii_digit()
        && rest[3] == b':'
        && rest[4].is_ascii_digit()
        && rest[5].is_ascii_digit()
        && (rest[1] - b'0') * 10 + (rest[2] - b'0') <= 24
        && (rest[4] - b'0') * 10 + (rest[5] - b'0') <= 60
}

struct Cursor<'a> {
    b: &'a [u8],
    i: usize,
}

impl Cursor<'_> {
    /// One or two digits (Go's non-padded layout fields), within a range.
    fn num(&mut self, min: i64, max: i64) -> Option<i64> {
        let d = |k: usize| self.b.get(k).filter(|c| c.is_ascii_digit()).map(|c| (c - b'0') as i64);
        let first = d(self.i)?;
        let v = match d(self.i + 1) {
            Some(second) => {
                self.i += 2;
                first * 10 + second
            }
            None => {
                self.i += 1;
                first
            }
        };
        (min..=max).contains(&v).then_some(v)
    }
    fn lit(&mut self, c: u8) -> bool {
        if self.b.get(self.i) == Some(&c) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn done(&self) -> bool {
        self.i == self.b.len()
    }
}

fn days_in(month: i64, year: i64) -> i64 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// YAML 1.1 base-60 floats (`1:20`): unsupported, but go-yaml quotes them on output.
pub fn is_base60_float(s: &str) -> bool {
    let b = s.as_bytes();
    let Some(&c) = b.first() else { return false };
    if !(c == b'+' || c == b'-' || c.is_ascii_digit()) || !s.contains(':') {
        return false;
    }
    // ^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$
    let mut i = usize::from(matches!(c, b'+' | b'-'));
    if !b.get(i).is_some_and(u8::is_ascii_digit) {
        return false;
    }
    while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'_') {
        i += 1;
    }
    let mut groups = 0;
    while b.get(i) == Some(&b':') {
        i += 1;
        match (b.get(i), b.get(i + 1)) {
            (Some(b'0'..=b'5'), Some(d)) if d.is_ascii_digit() => i += 2,
            (Some(d), _) if d.is_ascii_digit() => i += 1,
            _ => return false,
        }
        groups += 1;
    }
    if groups == 0 {
        return false;
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'_') {
            i += 1;
        }
    }
    i == b.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use Resolved::*;

    // Expected values follow go-yaml v2's resolve table and its decode tests
    // (decode_test.go: "v: 0b10" → 2, "v: 0x0A" → 10, "v: 685_230" → 685230,
    // "v: 6.8523015e+5" → float, "v: -0b101010" → -42, "v: 4294967296" → int,
    // "v: 18446744073709551615" → uint64, "v: 2015-02-24T18:19:39Z" → timestamp).
    #[test]
    fn resolves_like_go_yaml_v2() {
        let table: &[(&str, Resolved)] = &[
            ("", Null),
            ("~", Null),
            ("null", Null),
            ("Null", Null),
            ("NULL", Null),
            ("nULL", Str),
            ("true", Bool(true)),
            ("True", Bool(true)),
            ("TRUE", Bool(true)),
            ("tRUE", Str),
            ("yes", Bool(true)),
            ("Yes", Bool(true)),
            ("YES", Bool(true)),
            ("y", Bool(true)),
            ("Y", Bool(true)),
            ("on", Bool(true)),
            ("ON", Bool(true)),
            ("no", Bool(false)),
            ("n", Bool(false)),
            ("N", Bool(false)),
            ("off", Bool(false)),
            ("Off", Bool(false)),
            ("false", Bool(false)),
            ("0", Int(0)),
            ("-0", Int(0)),
            ("+12", Int(12)),
            ("685_230", Int(685230)),
            ("0b10", Int(2)),
            ("-0b101010", Int(-42)),
            ("0x0A", Int(10)),
            ("0x1F", Int(31)),
            ("-0x1F", Int(-31)),
            ("0o17", Int(15)),
            ("017", Int(15)),
            ("08", Float(8.0)),
            ("089", Float(89.0)),
            ("4294967296", Int(4294967296)),
            ("9223372036854775807", Int(i64::MAX)),
            ("-9223372036854775808", Int(i64::MIN)),
            ("18446744073709551615", Uint(u64::MAX)),
            ("18446744073709551616", Float(18446744073709551616.0)),
            ("0x1FFFFFFFFFFFFFFFF", BigInt(36893488147419103000.0)),
            ("1.5", Float(1.5)),
            ("6.8523015e+5", Float(685230.15)),
            ("1e3", Float(1000.0)),
            ("1.", Float(1.0)),
            (".5", Float(0.5)),
            ("-.5", Float(-0.5)),
            (".inf", Float(f64::INFINITY)),
            ("-.Inf", Float(f64::NEG_INFINITY)),
            ("1e400", Str),
            ("1_0", Int(10)),
            ("0x", Str),
            (".", Str),
            ("-", Str),
            ("1.2.3", Str),
            ("0.0.1", Str),
            ("1:20", Str),
            ("2015-02-24T18:19:39Z", Timestamp),
            ("2015-02-24t18:19:39Z", Timestamp),
            ("2015-02-24 18:19:39", Timestamp),
            ("2015-02-24T18:19:39.123+05:00", Timestamp),
            ("2001-12-14", Timestamp),
            ("2001-2-3", Timestamp),
            ("2001-02-30", Str),
            ("2001-13-01", Str),
            ("2024-02-29", Timestamp),
            ("2023-02-29", Str),
            ("nginx", Str),
            ("<<", Str),
            ("v1", Str),
            // Quantities are strings (go-yaml's resolve fails every number form on them).
            ("128Mi", Str),
            ("100m", Str),
            ("25%", Str),
            ("1e3Gi", Str),
            ("0x1Fz", Str),
            ("12345678901234567", Int(12345678901234567)),
            ("123456789012345678", Int(123456789012345678)),
            ("1234567890123456789", Int(1234567890123456789)),
        ];
        for (s, want) in table {
            let got = resolve_plain(s);
            match (&got, want) {
                (Float(a), Float(b)) if a.is_nan() && b.is_nan() => {}
                _ => assert_eq!(&got, want, "{s:?}"),
            }
        }
        assert!(matches!(resolve_plain(".nan"), Float(f) if f.is_nan()));
    }

    #[test]
    fn base60() {
        for (s, want) in [("1:20", true), ("12:30:45", true), ("-1:30.5", true), ("1:60", false), ("a:1", false), ("1:", false), ("190", false)] {
            assert_eq!(is_base60_float(s), want, "{s}");
        }
    }
}
