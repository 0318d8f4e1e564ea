//! cel-go's strings extension `format` (`ext/formatting.go`, the version
//! Kubernetes v1.32 builds in): `"%s is %d".format([a, b])` with the
//! clauses `%s %d %f %e %b %x %X %o` and `%%`, numbers printed as the
//! `en_US` locale prints them (`%f` groups thousands, `%e` writes
//! `× 10⁰³`), and the check cel-go's validator makes when the format
//! string and its argument list are both literals.

use crate::functions::to_string;
use crate::types::Type;
use crate::value::Value;

const DEFAULT_PRECISION: usize = 6;
/// The largest precision Go's fmt accepts.
const MAX_PRECISION: usize = 1_000_000;
/// More fractional digits than any double's exact decimal expansion has.
const EXACT_DIGITS: usize = 1100;

/// The type of an argument as the clauses see it: its value, or (at
/// check time) only its static type.
enum Arg<'a> {
    Value(&'a Value),
    Static(&'a Type),
}

/// What went wrong, and for the checker which argument it was.
pub(crate) struct FormatError {
    pub message: String,
    pub arg: Option<usize>,
}

fn err(message: impl Into<String>) -> FormatError {
    FormatError { message: message.into(), arg: None }
}

#[derive(Clone, Copy)]
enum Clause {
    String,
    Decimal,
    Fixed(usize),
    Scientific,
    Binary,
    Hex(bool),
    Octal,
}

/// Parses the clause after a `%`: its length and kind.
fn parse_clause(s: &[u8]) -> Result<(usize, Clause), FormatError> {
    let wrap = |m: String| err(format!("could not parse formatting clause: {m}"));
    let mut i = 0;
    let mut precision = None;
    if s.first() == Some(&b'.') {
        i = 1;
        let start = i;
        loop {
            match s.get(i) {
                None => {
                    return Err(wrap(
                        "error while parsing precision: could not find end of precision specifier".into(),
                    ))
                }
                Some(c) if c.is_ascii_digit() => i += 1,
                Some(_) => break,
            }
        }
        let digits = std::str::from_utf8(&s[start..i]).unwrap_or_default();
        precision = Some(digits.parse::<usize>().map_err(|_| {
            // Only digits reach here: an empty run is bad syntax, a long
            // one out of range (strconv.Atoi's two errors).
            let why = if digits.is_empty() { "invalid syntax" } else { "value out of range" };
            wrap(format!(
                "error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing {digits:?}: {why}"
            ))
        })?);
    }
    let Some(&c) = s.get(i) else {
        return Err(err("unexpected end of string"));
    };
    let clause = match c {
        b's' => Clause::String,
        b'd' => Clause::Decimal,
        b'f' => Clause::Fixed(precision.unwrap_or(DEFAULT_PRECISION)),
        b'e' => Clause::Scientific,
        b'b' => Clause::Binary,
        b'x' => Clause::Hex(false),
        b'X' => Clause::Hex(true),
        b'o' => Clause::Octal,
        _ => {
            let ch = std::str::from_utf8(&s[i..]).ok().and_then(|t| t.chars().next()).unwrap_or(c as char);
            return Err(wrap(format!("unrecognized formatting clause \"{ch}\"")));
        }
    };
    Ok((i + 1, clause))
}

/// Runs the format string: at run time over values, at check time over
/// static types (a `dyn` passes every clause).
fn run(fmt: &str, args: &[Arg]) -> Result<(String, usize), FormatError> {
    let b = fmt.as_bytes();
    let mut out = Vec::new();
    let (mut i, mut n) = (0, 0);
    while i < b.len() {
        if b[i] != b'%' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        if b.get(i + 1) == Some(&b'%') {
            out.push(b'%');
            i += 2;
            continue;
        }
        let Some(arg) = args.get(n) else {
            return Err(err(format!("index {n} out of range")));
        };
        if i + 1 >= b.len() {
            return Err(err("unexpected end of string"));
        }
        let (len, clause) = parse_clause(&b[i + 1..])?;
        let text = apply(clause, arg).map_err(|m| FormatError {
            // The cost limit is the interpreter's, not a formatting error.
            message: if m == crate::eval::COST_EXCEEDED { m } else { format!("error during formatting: {m}") },
            arg: Some(n),
        })?;
        out.extend_from_slice(text.as_bytes());
        i += 1 + len;
        n += 1;
    }
    Ok((String::from_utf8_lossy(&out).into_owned(), n))
}

/// `"…".format(list)` at run time.
pub(crate) fn format(fmt: &str, args: &[Value]) -> Result<String, String> {
    let args: Vec<Arg> = args.iter().map(Arg::Value).collect();
    run(fmt, &args).map(|(s, _)| s).map_err(|e| e.message)
}

/// cel-go's validator for a literal format string with a literal list:
/// the clauses against the elements' static types, and the count.
pub(crate) fn check(fmt: &str, types: &[Type]) -> Result<(), FormatError> {
    let args: Vec<Arg> = types.iter().map(Arg::Static).collect();
    let (_, used) = run(fmt, &args)?;
    if types.len() > used {
        return Err(err(format!(
            "too many arguments supplied to string.format (expected {used}, got {})",
            types.len()
        )));
    }
    Ok(())
}

fn type_name(arg: &Arg) -> String {
    match arg {
        Arg::Value(v) => v.type_name().to_string(),
        Arg::Static(t) => t.to_string(),
    }
}

/// Whether the argument is (statically) one of `kinds`, by their names.
fn is(arg: &Arg, kinds: &[&str]) -> bool {
    match arg {
        Arg::Static(Type::Dyn) => true,
        Arg::Static(Type::List(_)) => kinds.contains(&"list"),
        Arg::Static(Type::Map(..)) => kinds.contains(&"map"),
        Arg::Static(t) => kinds.contains(&t.to_string().as_str()),
        Arg::Value(v) => kinds.contains(&v.type_name()),
    }
}

const STRING_KINDS: &[&str] = &[
    "list",
    "map",
    "int",
    "uint",
    "double",
    "bool",
    "string",
    "google.protobuf.Timestamp",
    "bytes",
    "google.protobuf.Duration",
    "type",
    "null_type",
];

fn apply(clause: Clause, arg: &Arg) -> Result<String, String> {
    let given = |msg: &str| format!("{msg}, was given {}", type_name(arg));
    let v = match arg {
        Arg::Static(_) => {
            let (kinds, msg): (&[&str], &str) = match clause {
                Clause::String => (STRING_KINDS, STRING_ERR),
                Clause::Decimal => (&["int", "uint"], "decimal clause can only be used on integers"),
                Clause::Fixed(_) => (&["double", "string"], "fixed-point clause can only be used on doubles"),
                Clause::Scientific => (&["double", "string"], "scientific clause can only be used on doubles"),
                Clause::Binary => (&["int", "uint", "bool"], "only integers and bools can be formatted as binary"),
                Clause::Hex(_) => (&["int", "uint", "string", "bytes"], HEX_ERR),
                Clause::Octal => (&["int", "uint"], "octal clause can only be used on integers"),
            };
            return if is(arg, kinds) { Ok(String::new()) } else { Err(given(msg)) };
        }
        Arg::Value(v) => *v,
    };
    match clause {
        Clause::String => format_string(v),
        Clause::Decimal => match v {
            Value::Int(i) => Ok(i.to_string()),
            Value::Uint(u) => Ok(u.to_string()),
            _ => Err(given("decimal clause can only be used on integers")),
        },
        // Go's fmt takes widths and precisions up to a million (`tooLarge`);
        // a longer run of zeros would only exhaust the page's memory, so it
        // is refused as the cost limit refuses an oversized result.
        Clause::Fixed(p) => match float_arg(v) {
            None => Err(given("fixed-point clause can only be used on doubles")),
            Some(_) if p > MAX_PRECISION => Err(crate::eval::COST_EXCEEDED.to_string()),
            Some(f) => Ok(fixed(f, p)),
        },
        Clause::Scientific => float_arg(v)
            .map(scientific)
            .ok_or_else(|| given("scientific clause can only be used on doubles")),
        Clause::Binary => match v {
            Value::Int(i) => Ok(signed(*i, |u| format!("{u:b}"))),
            Value::Uint(u) => Ok(format!("{u:b}")),
            Value::Bool(b) => Ok(if *b { "1" } else { "0" }.into()),
            _ => Err(given("only integers and bools can be formatted as binary")),
        },
        Clause::Hex(upper) => {
            let s = match v {
                Value::Int(i) => signed(*i, |u| format!("{u:x}")),
                Value::Uint(u) => format!("{u:x}"),
                Value::String(s) => s.bytes().map(|b| format!("{b:02x}")).collect(),
                Value::Bytes(b) => b.iter().map(|b| format!("{b:02x}")).collect(),
                _ => return Err(given(HEX_ERR)),
            };
            Ok(if upper { s.to_ascii_uppercase() } else { s })
        }
        Clause::Octal => match v {
            Value::Int(i) => Ok(signed(*i, |u| format!("{u:o}"))),
            Value::Uint(u) => Ok(format!("{u:o}")),
            _ => Err(given("octal clause can only be used on integers")),
        },
    }
}

const STRING_ERR: &str = "string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps";
const HEX_ERR: &str = "only integers, byte buffers, and strings can be formatted as hex";

/// Go prints a negative number in another base with a minus sign.
fn signed(i: i64, f: impl Fn(u64) -> String) -> String {
    if i < 0 {
        format!("-{}", f(i.unsigned_abs()))
    } else {
        f(i as u64)
    }
}

/// A double, or the strings `NaN`, `Infinity`, `-Infinity`.
fn float_arg(v: &Value) -> Option<f64> {
    match v {
        Value::Double(d) => Some(*d),
        Value::String(s) => match &**s {
            "NaN" => Some(f64::NAN),
            "Infinity" => Some(f64::INFINITY),
            "-Infinity" => Some(f64::NEG_INFINITY),
            _ => None,
        },
        _ => None,
    }
}

fn special(f: f64) -> Option<String> {
    if f.is_nan() {
        Some("NaN".into())
    } else if f.is_infinite() {
        Some(if f > 0.0 { "∞" } else { "-∞" }.into())
    } else {
        None
    }
}

/// `%.Nf` as golang.org/x/text's printer writes it for en_US.
fn fixed(f: f64, precision: usize) -> String {
    if let Some(s) = special(f) {
        return s;
    }
    // Rust's formatter takes at most u16::MAX digits of precision, but a
    // double's exact expansion ends within 1,074 fractional digits: past
    // those every digit is a zero, written here.
    let mut text = format!("{:.*}", precision.min(EXACT_DIGITS), f.abs());
    text.extend(std::iter::repeat_n('0', precision.saturating_sub(EXACT_DIGITS)));
    let (int, frac) = text.split_once('.').map_or((text.as_str(), None), |(a, b)| (a, Some(b)));
    let mut grouped = String::new();
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    let sign = if f.is_sign_negative() && text.bytes().any(|b| b.is_ascii_digit() && b != b'0') { "-" } else { "" };
    match frac {
        Some(frac) => format!("{sign}{grouped}.{frac}"),
        None => format!("{sign}{grouped}"),
    }
}

/// `%e` as the en_US printer writes it: `2.718280 × 10⁰⁰` (narrow
/// no-break spaces around the sign, the exponent in superscript digits).
fn scientific(f: f64) -> String {
    if let Some(s) = special(f) {
        return s;
    }
    let text = format!("{:.*e}", DEFAULT_PRECISION, f);
    let (mant, exp) = text.split_once('e').unwrap_or((&text, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    const SUP: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let digits: String = format!("{:02}", exp.unsigned_abs())
        .chars()
        .map(|c| SUP[c.to_digit(10).unwrap_or(0) as usize])
        .collect();
    let sign = if exp < 0 { "⁻" } else { "" };
    format!("{mant}\u{202f}\u{d7}\u{202f}10{sign}{digits}")
}

/// Go's `%q`.
fn go_quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `%s`: the value as `string()` gives it; lists and maps as CEL
/// literals, maps sorted by key.
fn format_string(v: &Value) -> Result<String, String> {
    match v {
        Value::List(l) => {
            let items: Result<Vec<String>, String> = l.items.iter().map(member).collect();
            Ok(format!("[{}]", items?.join(", ")))
        }
        Value::Map(m) => {
            let mut pairs = Vec::new();
            for (k, val) in m.iter() {
                let key = match k {
                    Value::String(_) | Value::Bool(_) => quote(k, format_string(k)?),
                    Value::Int(i) => i.to_string(),
                    Value::Uint(u) => u.to_string(),
                    _ => return Err(format!("no formatting function for map key of type {}", k.type_name())),
                };
                pairs.push((key, member(val)?));
            }
            pairs.sort_by(|a, b| a.0.cmp(&b.0));
            let parts: Vec<String> = pairs.into_iter().map(|(k, v)| format!("{k}:{v}")).collect();
            Ok(format!("{{{}}}", parts.join(", ")))
        }
        Value::Null => Ok("null".into()),
        Value::Type(t) => Ok(t.to_string()),
        Value::Int(_)
        | Value::Uint(_)
        | Value::Double(_)
        | Value::Bool(_)
        | Value::String(_)
        | Value::Bytes(_)
        | Value::Timestamp(..)
        | Value::Duration(_) => match to_string(v) {
            Ok(Value::String(s)) => Ok(s.to_string()),
            _ => Err(format!("could not convert argument {} to string", v.type_name())),
        },
        _ => Err(format!("{STRING_ERR}, was given {}", v.type_name())),
    }
}

/// A list's or map's member, as `clauseForType` and `quoteForCEL` write it.
fn member(v: &Value) -> Result<String, String> {
    let text = match v {
        Value::Int(i) => i.to_string(),
        Value::Uint(u) => u.to_string(),
        Value::Timestamp(..) | Value::Duration(_) => {
            let s = format_string(v)?;
            let f = if matches!(v, Value::Timestamp(..)) { "timestamp" } else { "duration" };
            format!("{f}({})", go_quote(&s))
        }
        Value::Double(d) => {
            if d.is_nan() {
                "NaN".into()
            } else if d.is_infinite() {
                if *d > 0.0 { "+Inf" } else { "-Inf" }.into()
            } else {
                format!("{d:.6}")
            }
        }
        _ => format_string(v)?,
    };
    Ok(quote(v, text))
}

fn quote(v: &Value, text: String) -> String {
    match v {
        Value::String(_) => go_quote(&text),
        Value::Bytes(_) => format!("b{}", go_quote(&text)),
        Value::Double(d) if !d.is_finite() => go_quote(&text),
        _ => text,
    }
}
