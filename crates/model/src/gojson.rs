//! Go's `encoding/json` scanner (`scanner.go`), state for state: which
//! byte may come where, and the `SyntaxError` text for the first one that
//! may not. Both kubectl's `json.Indent` and the API server's
//! `json.Unmarshal` checks print these texts, so both drive this one
//! scanner; what each does with valid input stays with its caller.

use crate::validation::go_quote;

/// encoding/json's nesting limit.
pub const MAX_DEPTH: usize = 10_000;

/// A `json.SyntaxError`: Go's message, without the offset it does not print.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SyntaxError(pub String);

/// What the scanner makes of one byte (the `scan*` codes `json.Indent`
/// tells apart).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// Part of a literal or string.
    Continue,
    /// Whitespace between tokens.
    SkipSpace,
    EndObject,
    EndArray,
    /// Any other token byte, or whitespace after the top-level value.
    Other,
    Error,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Parse {
    ObjectKey,
    ObjectValue,
    ArrayValue,
}

/// The scanner's `step` functions, one per state.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    BeginValueOrEmpty,
    BeginValue,
    BeginStringOrEmpty,
    BeginString,
    EndValue,
    EndTop,
    InString,
    InStringEsc,
    /// Inside `\u`, with this many hex digits read.
    InStringEscU(u8),
    Neg,
    One,
    Zero,
    Dot,
    Dot0,
    E,
    ESign,
    E0,
    /// Inside `true`, `false` or `null`: the word and how much of it is read.
    Literal(&'static str, usize),
    Error,
}

/// Fed one byte at a time ([`Scanner::step`]), then told where the input
/// ends ([`Scanner::finish`]).
pub struct Scanner {
    state: State,
    stack: Vec<Parse>,
    end_top: bool,
    err: Option<SyntaxError>,
}

pub fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\n')
}

impl Default for Scanner {
    fn default() -> Self {
        Scanner::new()
    }
}

impl Scanner {
    /// Ready for the first byte of a top-level value.
    pub fn new() -> Self {
        Scanner { state: State::BeginValue, stack: Vec::new(), end_top: false, err: None }
    }

    fn error(&mut self, c: u8, context: &str) -> Op {
        self.state = State::Error;
        self.err = Some(SyntaxError(format!("invalid character {} {context}", quote_char(c))));
        Op::Error
    }

    fn push(&mut self, c: u8, p: Parse, next: State) -> Op {
        self.state = next;
        self.stack.push(p);
        if self.stack.len() > MAX_DEPTH {
            return self.error(c, "exceeded max depth");
        }
        Op::Other
    }

    pub fn step(&mut self, c: u8) -> Op {
        match self.state {
            State::BeginValueOrEmpty if is_space(c) => Op::SkipSpace,
            State::BeginValueOrEmpty if c == b']' => self.end_value(c),
            State::BeginValueOrEmpty | State::BeginValue => self.begin_value(c),
            State::BeginStringOrEmpty if is_space(c) => Op::SkipSpace,
            State::BeginStringOrEmpty if c == b'}' => {
                if let Some(top) = self.stack.last_mut() {
                    *top = Parse::ObjectValue;
                }
                self.end_value(c)
            }
            State::BeginStringOrEmpty | State::BeginString => match c {
                _ if is_space(c) => Op::SkipSpace,
                b'"' => self.go(State::InString, Op::Other),
                _ => self.error(c, "looking for beginning of object key string"),
            },
            State::EndValue => self.end_value(c),
            State::EndTop => {
                if !is_space(c) {
                    // Go reports it on the next byte (or at the end).
                    self.error(c, "after top-level value");
                }
                Op::Other
            }
            State::InString => match c {
                b'"' => self.go(State::EndValue, Op::Continue),
                b'\\' => self.go(State::InStringEsc, Op::Continue),
                _ if c < 0x20 => self.error(c, "in string literal"),
                _ => Op::Continue,
            },
            State::InStringEsc => match c {
                b'b' | b'f' | b'n' | b'r' | b't' | b'\\' | b'/' | b'"' => self.go(State::InString, Op::Continue),
                b'u' => self.go(State::InStringEscU(0), Op::Continue),
                _ => self.error(c, "in string escape code"),
            },
            State::InStringEscU(n) if c.is_ascii_hexdigit() => self.go(if n == 3 { State::InString } else { State::InStringEscU(n + 1) }, Op::Continue),
            State::InStringEscU(_) => self.error(c, "in \\u hexadecimal character escape"),
            State::Neg => match c {
                b'0' => self.go(State::Zero, Op::Continue),
                b'1'..=b'9' => self.go(State::One, Op::Continue),
                _ => self.error(c, "in numeric literal"),
            },
            State::One if c.is_ascii_digit() => Op::Continue,
            State::One | State::Zero => match c {
                b'.' => self.go(State::Dot, Op::Continue),
                b'e' | b'E' => self.go(State::E, Op::Continue),
                _ => self.end_value(c),
            },
            State::Dot if c.is_ascii_digit() => self.go(State::Dot0, Op::Continue),
            State::Dot => self.error(c, "after decimal point in numeric literal"),
            State::Dot0 => match c {
                b'0'..=b'9' => Op::Continue,
                b'e' | b'E' => self.go(State::E, Op::Continue),
                _ => self.end_value(c),
            },
            State::E if c == b'+' || c == b'-' => self.go(State::ESign, Op::Continue),
            State::E | State::ESign if c.is_ascii_digit() => self.go(State::E0, Op::Continue),
            State::E | State::ESign => self.error(c, "in exponent of numeric literal"),
            State::E0 if c.is_ascii_digit() => Op::Continue,
            State::E0 => self.end_value(c),
            State::Literal(word, read) => {
                let want = word.as_bytes()[read];
                if c != want {
                    return self.error(c, &format!("in literal {word} (expecting {})", quote_char(want)));
                }
                self.go(if read + 1 == word.len() { State::EndValue } else { State::Literal(word, read + 1) }, Op::Continue)
            }
            State::Error => Op::Error,
        }
    }

    fn go(&mut self, next: State, op: Op) -> Op {
        self.state = next;
        op
    }

    fn begin_value(&mut self, c: u8) -> Op {
        match c {
            _ if is_space(c) => Op::SkipSpace,
            b'{' => self.push(c, Parse::ObjectKey, State::BeginStringOrEmpty),
            b'[' => self.push(c, Parse::ArrayValue, State::BeginValueOrEmpty),
            b'"' => self.go(State::InString, Op::Other),
            b'-' => self.go(State::Neg, Op::Other),
            b'0' => self.go(State::Zero, Op::Other),
            b'1'..=b'9' => self.go(State::One, Op::Other),
            b't' => self.go(State::Literal("true", 1), Op::Other),
            b'f' => self.go(State::Literal("false", 1), Op::Other),
            b'n' => self.go(State::Literal("null", 1), Op::Other),
            _ => self.error(c, "looking for beginning of value"),
        }
    }

    fn end_value(&mut self, c: u8) -> Op {
        let Some(&top) = self.stack.last() else {
            self.end_top = true;
            self.state = State::EndTop;
            return self.step(c);
        };
        if is_space(c) {
            return self.go(State::EndValue, Op::SkipSpace);
        }
        match (top, c) {
            (Parse::ObjectKey, b':') => {
                self.stack.pop();
                self.stack.push(Parse::ObjectValue);
                self.go(State::BeginValue, Op::Other)
            }
            (Parse::ObjectKey, _) => self.error(c, "after object key"),
            (Parse::ObjectValue, b',') => {
                self.stack.pop();
                self.stack.push(Parse::ObjectKey);
                self.go(State::BeginString, Op::Other)
            }
            (Parse::ObjectValue, b'}') => {
                self.stack.pop();
                self.go(State::EndValue, Op::EndObject)
            }
            (Parse::ObjectValue, _) => self.error(c, "after object key:value pair"),
            (Parse::ArrayValue, b',') => self.go(State::BeginValue, Op::Other),
            (Parse::ArrayValue, b']') => {
                self.stack.pop();
                self.go(State::EndValue, Op::EndArray)
            }
            (Parse::ArrayValue, _) => self.error(c, "after array element"),
        }
    }

    /// Go's `eof`: a value cut short is "unexpected end of JSON input".
    pub fn finish(mut self) -> Result<(), SyntaxError> {
        if let Some(e) = self.err {
            return Err(e);
        }
        if !self.end_top {
            self.step(b' ');
        }
        match self.err {
            Some(e) => Err(e),
            None if self.end_top => Ok(()),
            None => Err(SyntaxError("unexpected end of JSON input".into())),
        }
    }
}

/// Go's `checkValid`, which `json.Unmarshal` runs before decoding.
pub fn check_valid(data: &[u8]) -> Result<(), SyntaxError> {
    let mut sc = Scanner::new();
    for &c in data {
        if sc.step(c) == Op::Error {
            break;
        }
    }
    sc.finish()
}

/// Go's `quoteChar`: `strconv.Quote` of the byte read as a rune (so a
/// UTF-8 lead byte shows as its Latin-1 letter), in single quotes.
fn quote_char(c: u8) -> String {
    match c {
        b'\'' => "'\\''".to_string(),
        b'"' => "'\"'".to_string(),
        _ => {
            let q = go_quote(char::from(c).encode_utf8(&mut [0; 4]));
            format!("'{}'", &q[1..q.len() - 1])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_as_go_quote_char_does() {
        assert_eq!(quote_char(b'a'), "'a'");
        assert_eq!(quote_char(b'\''), "'\\''");
        assert_eq!(quote_char(b'"'), "'\"'");
        assert_eq!(quote_char(b'\\'), "'\\\\'");
        assert_eq!(quote_char(b'\n'), "'\\n'");
        assert_eq!(quote_char(0x01), "'\\x01'");
        assert_eq!(quote_char(0xc3), "'Ã'");
        assert_eq!(quote_char(0x80), "'\\u0080'");
    }
}
