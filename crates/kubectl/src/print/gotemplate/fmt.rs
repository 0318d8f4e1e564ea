//! `printf`, `print` and the escaping functions, as Go's `fmt` and
//! text/template write them.

use super::*;

pub(super) struct Spec {
    pub(super) minus: bool,
    pub(super) plus: bool,
    pub(super) zero: bool,
    pub(super) space: bool,
    pub(super) sharp: bool,
    pub(super) width: Option<usize>,
    pub(super) prec: Option<usize>,
}

impl Spec {
    /// No flags, width or precision: a bare `%v`.
    pub(super) const PLAIN: Spec = Spec { minus: false, plus: false, zero: false, space: false, sharp: false, width: None, prec: None };
}

pub(super) fn pad(s: String, spec: &Spec, zero_ok: bool) -> String {
    let Some(w) = spec.width else { return s };
    let n = s.chars().count();
    if n >= w {
        return s;
    }
    let fill = w - n;
    if spec.minus {
        return s + &" ".repeat(fill);
    }
    if spec.zero && zero_ok {
        let (sign, digits) = match s.strip_prefix(['-', '+']) {
            Some(rest) => (&s[..1], rest),
            None => ("", s.as_str()),
        };
        return format!("{sign}{}{digits}", "0".repeat(fill));
    }
    " ".repeat(fill) + &s
}

pub(super) fn bad_verb(verb: char, v: &V) -> String {
    match &v.k {
        K::Invalid | K::Nil => format!("%!{verb}(<nil>)"),
        _ => {
            let mut s = String::new();
            print_kind(&v.k, &mut s);
            format!("%!{verb}({}={s})", v.concrete_type())
        }
    }
}

pub(super) fn fmt_int(i: i64, verb: char, spec: &Spec) -> Option<String> {
    let neg = i < 0;
    let u = i.unsigned_abs();
    let mut digits = match verb {
        'd' | 'v' => u.to_string(),
        'x' => format!("{u:x}"),
        'X' => format!("{u:X}"),
        'o' => format!("{u:o}"),
        'O' => format!("0o{u:o}"),
        'b' => format!("{u:b}"),
        'c' => return Some(pad(char::from_u32(i as u32).unwrap_or('\u{fffd}').to_string(), spec, false)),
        'q' => return Some(pad(gofmt::quote_rune(char::from_u32(i as u32).unwrap_or('\u{fffd}')), spec, false)),
        'U' => return Some(pad(format!("U+{u:04X}"), spec, false)),
        _ => return None,
    };
    if let Some(p) = spec.prec {
        if digits.len() < p {
            digits = "0".repeat(p - digits.len()) + &digits;
        }
    }
    if spec.sharp {
        match verb {
            'x' => digits = format!("0x{digits}"),
            'X' => digits = format!("0X{digits}"),
            'o' if !digits.starts_with('0') => digits = format!("0{digits}"),
            _ => {}
        }
    }
    let sign = if neg { "-" } else if spec.plus { "+" } else if spec.space { " " } else { "" };
    Some(pad(format!("{sign}{digits}"), spec, spec.prec.is_none()))
}

pub(super) fn fmt_float(f: f64, verb: char, spec: &Spec) -> Option<String> {
    let body = if f.is_nan() {
        "NaN".to_string()
    } else if f.is_infinite() {
        "Inf".to_string()
    } else {
        match verb {
            'f' | 'F' => format!("{:.*}", spec.prec.unwrap_or(6), f.abs()),
            'e' | 'E' => {
                let s = format!("{:.*e}", spec.prec.unwrap_or(6), f.abs());
                let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
                let e: i32 = e.parse().unwrap_or(0);
                let s = format!("{m}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs());
                if verb == 'E' {
                    s.to_uppercase()
                } else {
                    s
                }
            }
            'g' | 'v' if spec.prec.is_none() => float_v(f.abs()),
            'G' if spec.prec.is_none() => float_v(f.abs()).to_uppercase(),
            _ => return None,
        }
    };
    let sign = if f.is_sign_negative() && !f.is_nan() { "-" } else if spec.plus || (f.is_infinite() && !f.is_sign_negative()) { "+" } else if spec.space { " " } else { "" };
    Some(pad(format!("{sign}{body}"), spec, !(f.is_nan() || f.is_infinite())))
}

pub(super) fn fmt_str(s: &str, verb: char, spec: &Spec) -> Option<String> {
    let s: Cow<str> = match spec.prec {
        Some(p) => Cow::Owned(s.chars().take(p).collect()),
        None => Cow::Borrowed(s),
    };
    let out = match verb {
        's' | 'v' => s.into_owned(),
        // `%#q` backquotes a string that can be (strconv.CanBackquote).
        'q' if spec.sharp && s.chars().all(|c| c == '\t' || !(c < ' ' || c == '\u{7f}' || c == '`' || c == '\u{feff}')) => format!("`{s}`"),
        'q' => gofmt::quote(&s),
        'x' => s.bytes().map(|b| format!("{b:02x}")).collect(),
        'X' => s.bytes().map(|b| format!("{b:02X}")).collect(),
        _ => return None,
    };
    Some(pad(out, spec, false))
}

/// One operand of `printf` with one verb, as `fmt` does it, recursing into
/// maps and lists with the same verb.
pub(super) fn fmt_value(v: &V, verb: char, spec: &Spec, top: bool, out: &mut String) {
    if verb == 'v' && spec.sharp {
        if let Some(s) = sharp_v(&v.k, spec) {
            out.push_str(&s);
            return;
        }
    }
    let done = match &v.k {
        K::Invalid | K::Nil => {
            if top && verb != 'v' {
                out.push_str(&bad_verb(verb, v));
            } else {
                out.push_str(&pad("<nil>".into(), spec, false));
            }
            return;
        }
        K::Bool(b) => matches!(verb, 't' | 'v').then(|| pad(b.to_string(), spec, false)),
        K::Int(i, _) => fmt_int(*i, verb, spec),
        K::Float(f) => fmt_float(*f, verb, spec),
        K::Str(s) => fmt_str(s, verb, spec),
        K::Arr(a) => {
            out.push('[');
            for (i, e) in a.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                fmt_value(&V::new(json_kind(e)), verb, spec, false, out);
            }
            out.push(']');
            return;
        }
        K::Map(m) => {
            out.push_str("map[");
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort();
            for (i, key) in keys.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                fmt_value(&V::new(K::Str(Cow::Borrowed(key))), verb, spec, false, out);
                out.push(':');
                fmt_value(&V::new(json_kind(&m[key.as_str()])), verb, spec, false, out);
            }
            out.push(']');
            return;
        }
    };
    match done {
        Some(s) => out.push_str(&s),
        None => out.push_str(&bad_verb(verb, v)),
    }
}

/// `%#v`, Go-syntax: strings quoted, a byte in hex, maps and lists with
/// their types (`map[string]interface {}{"a":"1"}`). None for a missing
/// or nil value, which prints `<nil>` as `%v` does.
fn sharp_v(k: &K, spec: &Spec) -> Option<String> {
    let pad = |s: String| pad(s, spec, false);
    Some(match k {
        K::Invalid | K::Nil => return None,
        K::Bool(b) => pad(b.to_string()),
        K::Int(i, IntTy::U8) => pad(format!("0x{i:x}")),
        K::Int(i, _) => pad(i.to_string()),
        K::Float(f) => fmt_float(*f, 'v', spec)?,
        K::Str(s) => pad(gofmt::quote(s)),
        K::Arr(a) => {
            let mut out = String::new();
            gofmt::go_syntax_list(a, &pad, &mut out);
            out
        }
        K::Map(m) => {
            let mut out = String::new();
            gofmt::go_syntax_map(m, &pad, &mut out);
            out
        }
    })
}

/// `fmt.Sprintf`.
pub(super) fn sprintf(format: &str, args: &[V]) -> String {
    let mut out = String::new();
    let mut argi = 0;
    let mut it = format.chars().peekable();
    while let Some(c) = it.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let mut spec = Spec { minus: false, plus: false, zero: false, space: false, sharp: false, width: None, prec: None };
        while let Some(&f) = it.peek() {
            match f {
                '-' => spec.minus = true,
                '+' => spec.plus = true,
                '0' => spec.zero = true,
                ' ' => spec.space = true,
                '#' => spec.sharp = true,
                _ => break,
            }
            it.next();
        }
        let mut num = |it: &mut std::iter::Peekable<std::str::Chars>| -> Option<usize> {
            if it.peek() == Some(&'*') {
                it.next();
                let v = args.get(argi);
                argi += 1;
                return match v.map(|v| &v.k) {
                    Some(K::Int(i, _)) => Some((*i).clamp(0, 1_000_000) as usize),
                    _ => None,
                };
            }
            let mut n: Option<usize> = None;
            while let Some(d) = it.peek().and_then(|c| c.to_digit(10)) {
                n = Some((n.unwrap_or(0) * 10 + d as usize).min(1_000_000));
                it.next();
            }
            n
        };
        spec.width = num(&mut it);
        if it.peek() == Some(&'.') {
            it.next();
            spec.prec = Some(num(&mut it).unwrap_or(0));
        }
        let Some(verb) = it.next() else {
            out.push_str("%!(NOVERB)");
            break;
        };
        if verb == '%' {
            out.push('%');
            continue;
        }
        let Some(arg) = args.get(argi) else {
            out.push_str(&format!("%!{verb}(MISSING)"));
            continue;
        };
        argi += 1;
        if verb == 'T' {
            let t = match &arg.k {
                K::Invalid | K::Nil => "<nil>",
                _ => arg.concrete_type(),
            };
            out.push_str(&pad(t.into(), &spec, false));
            continue;
        }
        fmt_value(arg, verb, &spec, true, &mut out);
    }
    if argi < args.len() {
        out.push_str("%!(EXTRA ");
        let extra: Vec<String> = args[argi..]
            .iter()
            .map(|a| match &a.k {
                K::Invalid | K::Nil => "<nil>".to_string(),
                k => {
                    let mut s = String::new();
                    print_kind(k, &mut s);
                    format!("{}={s}", a.concrete_type())
                }
            })
            .collect();
        out.push_str(&extra.join(", "));
        out.push(')');
    }
    out
}

/// `fmt.Sprint`: spaces only between operands neither of which is a string.
pub(super) fn sprint(args: &[V]) -> String {
    let mut out = String::new();
    for (i, a) in args.iter().enumerate() {
        let is_str = |v: &V| matches!(v.k, K::Str(_));
        if i > 0 && !is_str(a) && !is_str(&args[i - 1]) {
            out.push(' ');
        }
        print_kind(&a.k, &mut out);
    }
    out
}

pub(super) fn html_escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '\0' => out.push('\u{fffd}'),
            '"' => out.push_str("&#34;"),
            '\'' => out.push_str("&#39;"),
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}

pub(super) fn js_escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '"' => out.push_str("\\\""),
            '<' => out.push_str("\\u003C"),
            '>' => out.push_str("\\u003E"),
            '&' => out.push_str("\\u0026"),
            '=' => out.push_str("\\u003D"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

pub(super) fn url_query_escape(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(b as char),
            b' ' => out.push('+'),
            b => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// Standard padded base64 as Go's `base64.StdEncoding` reads it, the
/// bytes as text.
pub(super) fn base64_decode(s: &str) -> Result<String, String> {
    kubeplay_model::base64::decode_strict(s).map(|b| String::from_utf8_lossy(&b).into_owned())
}
