//! Go's `json.Indent`, as `kubectl apply view-last-applied -o json` runs
//! the stored configuration through it: the text is re-spaced, never
//! re-encoded (string escapes such as `\u0026` stay as written), empty
//! objects and arrays stay `{}` and `[]`, and whitespace after the value
//! is kept (the annotation's trailing newline ends the output). Invalid
//! JSON fails with the error text of Go's scanner, which this follows
//! state for state.

use crate::gofmt::quote_rune;

/// encoding/json's nesting limit.
const MAX_DEPTH: usize = 10_000;

/// A `json.SyntaxError`: Go's message, without the offset it does not print.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SyntaxError(String);

/// What the scanner makes of one byte (Go's `scan*` codes that matter here).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    /// Part of a literal or string, copied as is.
    Continue,
    /// Whitespace between tokens, dropped.
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

struct Scanner {
    state: State,
    stack: Vec<Parse>,
    end_top: bool,
    err: Option<SyntaxError>,
}

fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\n')
}

impl Scanner {
    fn error(&mut self, c: u8, context: &str) -> Op {
        self.state = State::Error;
        self.err = Some(SyntaxError(format!("invalid character {} {context}", quote_rune(char::from(c)))));
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

    fn step(&mut self, c: u8) -> Op {
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
                    return self.error(c, &format!("in literal {word} (expecting {})", quote_rune(char::from(want))));
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
    fn finish(mut self) -> Result<(), SyntaxError> {
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

fn newline(out: &mut Vec<u8>, indent: &str, depth: usize) {
    out.push(b'\n');
    for _ in 0..depth {
        out.extend_from_slice(indent.as_bytes());
    }
}

/// `json.Indent(dst, src, "", indent)`.
pub fn indent(src: &str, indent: &str) -> Result<String, SyntaxError> {
    let mut sc = Scanner { state: State::BeginValue, stack: Vec::new(), end_top: false, err: None };
    let mut out = Vec::with_capacity(src.len() * 2);
    // `{` and `[` wait for their first element before breaking the line,
    // so that empty ones stay `{}` and `[]`.
    let mut need_indent = false;
    let mut depth = 0usize;
    for &c in src.as_bytes() {
        let op = sc.step(c);
        match op {
            Op::SkipSpace => continue,
            Op::Error => break,
            _ => {}
        }
        if need_indent && op != Op::EndObject && op != Op::EndArray {
            need_indent = false;
            depth += 1;
            newline(&mut out, indent, depth);
        }
        if op == Op::Continue {
            out.push(c);
            continue;
        }
        match c {
            b'{' | b'[' => {
                need_indent = true;
                out.push(c);
            }
            b',' => {
                out.push(c);
                newline(&mut out, indent, depth);
            }
            b':' => out.extend_from_slice(b": "),
            b'}' | b']' => {
                if need_indent {
                    need_indent = false;
                } else {
                    depth = depth.saturating_sub(1);
                    newline(&mut out, indent, depth);
                }
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    sc.finish()?;
    // Only ASCII whitespace was dropped and only ASCII added, so the text
    // is still UTF-8.
    Ok(String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expected texts are what kubectl v1.32's `apply view-last-applied -o
    // json` printed for these annotations (Go's json.Indent with "" and two
    // spaces), served to it by a stub API server.
    #[test]
    fn indents_as_go_does() {
        let cases: &[(&str, &str)] = &[
            ("{\"a\":1,\"b\":{\"c\":[1,2]}}", "{\n  \"a\": 1,\n  \"b\": {\n    \"c\": [\n      1,\n      2\n    ]\n  }\n}"),
            ("{}", "{}"),
            ("[]", "[]"),
            ("{\"a\":{},\"b\":[],\"c\":[{}]}", "{\n  \"a\": {},\n  \"b\": [],\n  \"c\": [\n    {}\n  ]\n}"),
            ("{ \"a\" : [ ] ,\n\t\"b\" : { } }", "{\n  \"a\": [],\n  \"b\": {}\n}"),
            // Strings are copied byte for byte: escapes stay escapes.
            (r#"{"s":"a\u0026b \"q\" \\ \t\/ é,:{}[]"}"#, "{\n  \"s\": \"a\\u0026b \\\"q\\\" \\\\ \\t\\/ é,:{}[]\"\n}"),
            ("[-1.5e+3,0,true,false,null]", "[\n  -1.5e+3,\n  0,\n  true,\n  false,\n  null\n]"),
            // Leading whitespace is dropped, trailing whitespace kept.
            ("  {\"a\":1}\n", "{\n  \"a\": 1\n}\n"),
            ("{\"a\":1} \t\n", "{\n  \"a\": 1\n} \t\n"),
            ("\"x\"", "\"x\""),
        ];
        for (src, want) in cases {
            assert_eq!(indent(src, "  ").as_deref(), Ok(*want), "{src}");
        }
    }

    // The errors kubectl v1.32 printed (after "error: ") for the same setup.
    #[test]
    fn reports_go_syntax_errors() {
        let cases: &[(&str, &str)] = &[
            ("stale", "invalid character 's' looking for beginning of value"),
            ("foo", "invalid character 'o' in literal false (expecting 'a')"),
            // A cut-off literal or number is finished with a space, as Go's scanner does.
            ("nul", "invalid character ' ' in literal null (expecting 'l')"),
            ("t", "invalid character ' ' in literal true (expecting 'r')"),
            ("-", "invalid character ' ' in numeric literal"),
            ("1.5e", "invalid character ' ' in exponent of numeric literal"),
            ("[1,", "unexpected end of JSON input"),
            ("\"abc", "unexpected end of JSON input"),
            ("", "unexpected end of JSON input"),
            ("{\"a\":1", "unexpected end of JSON input"),
            ("{\"a\" 1}", "invalid character '1' after object key"),
            ("{\"a\":1 \"b\"}", "invalid character '\"' after object key:value pair"),
            ("[1 2]", "invalid character '2' after array element"),
            ("{1:2}", "invalid character '1' looking for beginning of object key string"),
            ("{\"a\":1}x", "invalid character 'x' after top-level value"),
            ("[01]", "invalid character '1' after array element"),
            ("[1.]", "invalid character ']' after decimal point in numeric literal"),
            ("[1e]", "invalid character ']' in exponent of numeric literal"),
            ("[-]", "invalid character ']' in numeric literal"),
            ("\"a\\x\"", "invalid character 'x' in string escape code"),
            ("\"\\u12g4\"", "invalid character 'g' in \\u hexadecimal character escape"),
            ("\"a\nb\"", "invalid character '\\n' in string literal"),
            ("{'a':1}", "invalid character '\\'' looking for beginning of object key string"),
            ("1 2", "invalid character '2' after top-level value"),
            ("{\"a\":1}}", "invalid character '}' after top-level value"),
            ("\u{1}", "invalid character '\\x01' looking for beginning of value"),
            // The first byte of a multi-byte character, read as a Latin-1 rune.
            ("é", "invalid character 'Ã' looking for beginning of value"),
        ];
        for (src, want) in cases {
            assert_eq!(indent(src, "  "), Err(SyntaxError(want.to_string())), "{src:?}");
        }
        let deep = "[".repeat(MAX_DEPTH + 1);
        assert_eq!(indent(&deep, "  "), Err(SyntaxError("invalid character '[' exceeded max depth".into())));
    }
}
