//! Tokens of CEL's grammar, with the byte offset each starts at.

use crate::error::Issue;

#[derive(Debug, Clone, PartialEq)]
pub enum Tok {
    Int(String),
    Uint(String),
    Double(f64),
    Str(String),
    Bytes(Vec<u8>),
    Ident(String),
    True,
    False,
    Null,
    In,
    /// Punctuation and operators, as written.
    Punct(&'static str),
    Eof,
}

impl Tok {
    /// The token as ANTLR names it in a syntax error.
    pub fn text(&self, src: &str, start: usize, end: usize) -> String {
        match self {
            Tok::Eof => "<EOF>".into(),
            _ => src[start..end].to_string(),
        }
    }
}

#[derive(Debug, Clone)]
pub struct Token {
    pub tok: Tok,
    pub start: usize,
    pub end: usize,
}

const PUNCTS: [&str; 26] = [
    "==", "!=", "<=", ">=", "&&", "||", "(", ")", "[", "]", "{", "}", ".", ",", ":", "?", "+", "-",
    "*", "/", "%", "!", "<", ">", "=", "|",
];

/// The tokens, and the recognition errors of what could not be read (the
/// bad text skipped, as ANTLR's lexer does, so parsing goes on).
pub fn lex(src: &str) -> (Vec<Token>, Vec<Issue>) {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut issues = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b' ' || c == b'\t' || c == b'\n' || c == b'\r' || c == 0x0c {
            i += 1;
            continue;
        }
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        let start = i;
        // String and bytes literals, with their r/b prefixes.
        let mut j = i;
        let (mut raw, mut bytes) = (false, false);
        while j < b.len() && j - i < 2 {
            match b[j] {
                b'r' | b'R' if !raw => raw = true,
                b'b' | b'B' if !bytes => bytes = true,
                _ => break,
            }
            j += 1;
        }
        if j < b.len() && (b[j] == b'"' || b[j] == b'\'') {
            match string(src, j, raw, bytes) {
                Ok((text, end)) => {
                    let tok = if bytes {
                        Tok::Bytes(text)
                    } else {
                        Tok::Str(String::from_utf8_lossy(&text).into_owned())
                    };
                    out.push(Token { tok, start, end });
                    i = end;
                }
                Err(end) => {
                    issues.push(token_error(&src[start..end], start));
                    i = end;
                }
            }
            continue;
        }
        if c.is_ascii_alphabetic() || c == b'_' {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            let word = &src[start..i];
            let tok = match word {
                "true" => Tok::True,
                "false" => Tok::False,
                "null" => Tok::Null,
                "in" => Tok::In,
                _ => Tok::Ident(word.to_string()),
            };
            out.push(Token { tok, start, end: i });
            continue;
        }
        if c.is_ascii_digit() || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit)) {
            let (tok, end) = number(src, i);
            out.push(Token { tok, start, end });
            i = end;
            continue;
        }
        match PUNCTS.iter().find(|p| src[i..].starts_with(**p)) {
            Some(p) if *p != "=" && *p != "|" => {
                i += p.len();
                out.push(Token {
                    tok: Tok::Punct(p),
                    start,
                    end: i,
                });
            }
            _ => {
                let ch = src[i..].chars().next().map_or(1, char::len_utf8);
                // ANTLR quotes the character it failed on after a prefix of
                // `==`, `||` or `&&` (`'= '`), but skips only the prefix.
                let shown = match c {
                    b'=' | b'|' | b'&' => src[i + 1..]
                        .chars()
                        .next()
                        .map_or(i + 1, |n| i + 1 + n.len_utf8()),
                    _ => i + ch,
                };
                issues.push(token_error(&src[i..shown], start));
                i += ch;
            }
        }
    }
    out.push(Token {
        tok: Tok::Eof,
        start: b.len(),
        end: b.len(),
    });
    (out, issues)
}

fn token_error(text: &str, at: usize) -> Issue {
    Issue {
        offset: at,
        message: format!("Syntax error: token recognition error at: '{text}'"),
    }
}

fn number(src: &str, start: usize) -> (Tok, usize) {
    let b = src.as_bytes();
    let mut i = start;
    if b[i] == b'0' && matches!(b.get(i + 1), Some(b'x' | b'X')) {
        i += 2;
        while i < b.len() && b[i].is_ascii_hexdigit() {
            i += 1;
        }
        let text = src[start..i].to_string();
        if matches!(b.get(i), Some(b'u' | b'U')) {
            return (Tok::Uint(text), i + 1);
        }
        return (Tok::Int(text), i);
    }
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let mut float = false;
    if b.get(i) == Some(&b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
        float = true;
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        let mut j = i + 1;
        if matches!(b.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        if b.get(j).is_some_and(u8::is_ascii_digit) {
            float = true;
            i = j;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
        }
    }
    let text = &src[start..i];
    if float {
        return (Tok::Double(text.parse().unwrap_or(f64::NAN)), i);
    }
    if matches!(b.get(i), Some(b'u' | b'U')) {
        return (Tok::Uint(text.to_string()), i + 1);
    }
    (Tok::Int(text.to_string()), i)
}

/// A quoted literal starting at `q` (the quote); returns its bytes and the
/// offset past it, or where reading it failed.
fn string(src: &str, q: usize, raw: bool, bytes: bool) -> Result<(Vec<u8>, usize), usize> {
    let b = src.as_bytes();
    let quote = b[q];
    let triple = b.get(q + 1) == Some(&quote) && b.get(q + 2) == Some(&quote);
    let mut i = if triple { q + 3 } else { q + 1 };
    let mut out = Vec::new();
    loop {
        if i >= b.len() {
            return Err(i);
        }
        if triple {
            if b[i] == quote && b.get(i + 1) == Some(&quote) && b.get(i + 2) == Some(&quote) {
                return Ok((out, i + 3));
            }
        } else if b[i] == quote {
            return Ok((out, i + 1));
        } else if b[i] == b'\n' || b[i] == b'\r' {
            return Err(i);
        }
        if b[i] == b'\\' && !raw {
            i = escape(src, i, bytes, &mut out).ok_or(i + 1)?;
            continue;
        }
        if b[i] == b'\\' && raw {
            out.push(b'\\');
            i += 1;
            // A raw string still cannot end on an escaped quote.
            if b.get(i) == Some(&quote) {
                out.push(quote);
                i += 1;
            }
            continue;
        }
        out.push(b[i]);
        i += 1;
    }
}

/// One escape sequence at `i` (the backslash): appends its bytes, returns
/// the offset past it.
fn escape(src: &str, i: usize, bytes: bool, out: &mut Vec<u8>) -> Option<usize> {
    let b = src.as_bytes();
    let c = *b.get(i + 1)?;
    let simple = match c {
        b'a' => Some(7),
        b'b' => Some(8),
        b'f' => Some(12),
        b'n' => Some(b'\n'),
        b'r' => Some(b'\r'),
        b't' => Some(b'\t'),
        b'v' => Some(11),
        b'\\' | b'\'' | b'"' | b'`' | b'?' => Some(c),
        _ => None,
    };
    if let Some(s) = simple {
        out.push(s);
        return Some(i + 2);
    }
    let hex = |from: usize, n: usize| -> Option<u32> {
        let t = src.get(from..from + n)?;
        if !t.bytes().all(|d| d.is_ascii_hexdigit()) {
            return None;
        }
        u32::from_str_radix(t, 16).ok()
    };
    match c {
        b'x' | b'X' => {
            push_unit(out, hex(i + 2, 2)?, bytes)?;
            Some(i + 4)
        }
        b'u' => {
            push_char(out, hex(i + 2, 4)?)?;
            Some(i + 6)
        }
        b'U' => {
            push_char(out, hex(i + 2, 8)?)?;
            Some(i + 10)
        }
        b'0'..=b'3' => {
            let t = src.get(i + 1..i + 4)?;
            if !t.bytes().all(|d| (b'0'..=b'7').contains(&d)) {
                return None;
            }
            push_unit(out, u32::from_str_radix(t, 8).ok()?, bytes)?;
            Some(i + 4)
        }
        _ => None,
    }
}

/// A `\xHH` or octal escape: a byte in a bytes literal, the code point
/// of that number in a string.
fn push_unit(out: &mut Vec<u8>, unit: u32, bytes: bool) -> Option<()> {
    if bytes {
        out.push(u8::try_from(unit).ok()?);
        Some(())
    } else {
        push_char(out, unit)
    }
}

fn push_char(out: &mut Vec<u8>, code: u32) -> Option<()> {
    let ch = char::from_u32(code)?;
    let mut buf = [0; 4];
    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
    Some(())
}
