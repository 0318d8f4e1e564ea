//! Lexing: the template text into text and action tokens, with Go's
//! trim markers, comments and literal syntax.

use super::*;

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok {
    Text(String),
    LeftDelim,
    RightDelim,
    Space,
    Field(String),
    Variable(String),
    Ident(String),
    Dot,
    Bool(bool),
    Nil,
    Number(String),
    Str(String),
    RawStr(String),
    CharConst(String),
    Pipe,
    LParen,
    RParen,
    Declare,
    Assign,
    Char(char),
    Keyword(&'static str),
    Eof,
    Error(String),
}

#[derive(Clone, Debug)]
pub(super) struct Item {
    pub(super) tok: Tok,
    pub(super) pos: usize,
    pub(super) line: usize,
}

impl Item {
    /// Go's `item.String()`, which parse errors quote.
    pub(super) fn describe(&self) -> String {
        match &self.tok {
            Tok::Eof => "EOF".into(),
            Tok::Error(e) => e.clone(),
            Tok::Keyword(k) => format!("<{k}>"),
            Tok::Nil => "<nil>".into(),
            Tok::Dot => "<.>".into(),
            _ => {
                let v = self.text();
                if v.chars().count() > 10 {
                    format!("{}...", gofmt::quote(&v.chars().take(10).collect::<String>()))
                } else {
                    gofmt::quote(&v)
                }
            }
        }
    }
    pub(super) fn text(&self) -> String {
        match &self.tok {
            Tok::Text(s) | Tok::Field(s) | Tok::Variable(s) | Tok::Ident(s) | Tok::Number(s) | Tok::Str(s) | Tok::RawStr(s) | Tok::CharConst(s) => s.clone(),
            Tok::LeftDelim => "{{".into(),
            Tok::RightDelim => "}}".into(),
            Tok::Space => " ".into(),
            Tok::Bool(b) => b.to_string(),
            Tok::Pipe => "|".into(),
            Tok::LParen => "(".into(),
            Tok::RParen => ")".into(),
            Tok::Declare => ":=".into(),
            Tok::Assign => "=".into(),
            Tok::Char(c) => c.to_string(),
            Tok::Keyword(k) => (*k).into(),
            Tok::Dot => ".".into(),
            Tok::Nil => "nil".into(),
            Tok::Eof | Tok::Error(_) => String::new(),
        }
    }
}

pub(super) fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\n')
}

pub(super) fn is_alnum(c: char) -> bool {
    c == '_' || c.is_alphabetic() || c.is_numeric()
}

/// `%#U`: `U+0023 '#'`.
pub(super) fn unicode_name(c: char) -> String {
    format!("U+{:04X} '{c}'", c as u32)
}

pub(super) struct Lexer<'a> {
    pub(super) input: &'a str,
    pub(super) pos: usize,
    pub(super) start: usize,
    pub(super) items: Vec<Item>,
    pub(super) paren_depth: i64,
}

impl<'a> Lexer<'a> {
    pub(super) fn line_at(&self, pos: usize) -> usize {
        1 + self.input[..pos.min(self.input.len())].matches('\n').count()
    }
    pub(super) fn peek(&self) -> Option<char> {
        self.input[self.pos..].chars().next()
    }
    pub(super) fn next(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }
    pub(super) fn emit(&mut self, tok: Tok) {
        let line = self.line_at(self.start);
        self.items.push(Item { tok, pos: self.start, line });
        self.start = self.pos;
    }
    pub(super) fn error(&mut self, msg: String) -> bool {
        let line = self.line_at(self.start);
        self.items.push(Item { tok: Tok::Error(msg), pos: self.start, line });
        false
    }
    pub(super) fn rest(&self) -> &'a str {
        &self.input[self.pos..]
    }

    pub(super) fn run(mut self) -> Vec<Item> {
        let mut trim_next = false;
        loop {
            // Text up to the next action.
            let rest = self.rest();
            let (text_end, found) = match rest.find("{{") {
                Some(i) => (self.pos + i, true),
                None => (self.input.len(), false),
            };
            let mut text = &self.input[self.pos..text_end];
            if trim_next {
                text = text.trim_start_matches(is_space);
            }
            let after = &self.input[text_end..];
            let left_trim = found && after.len() >= 4 && after.as_bytes()[2] == b'-' && after[3..].starts_with(is_space);
            if left_trim {
                text = text.trim_end_matches(is_space);
            }
            if !text.is_empty() {
                let line = self.line_at(self.pos);
                self.items.push(Item { tok: Tok::Text(text.to_string()), pos: self.pos, line });
            }
            self.pos = text_end;
            self.start = self.pos;
            if !found {
                self.emit(Tok::Eof);
                return self.items;
            }
            // The left delimiter.
            self.pos += 2;
            if left_trim {
                self.pos += 2;
            }
            if self.rest().starts_with("/*") {
                match self.comment() {
                    Some(trim) => {
                        trim_next = trim;
                        continue;
                    }
                    None => return self.items,
                }
            }
            self.emit(Tok::LeftDelim);
            self.paren_depth = 0;
            match self.inside_action() {
                Some(trim) => trim_next = trim,
                None => return self.items,
            }
        }
    }

    fn comment(&mut self) -> Option<bool> {
        self.pos += 2;
        let Some(i) = self.rest().find("*/") else {
            self.error("unclosed comment".into());
            return None;
        };
        self.pos += i + 2;
        let (trim, skip) = self.at_right_delim();
        if !(trim || self.rest().starts_with("}}")) {
            self.error("comment ends before closing delimiter".into());
            return None;
        }
        self.pos += skip;
        self.start = self.pos;
        Some(trim)
    }

    /// Whether a right delimiter starts here: (trim marker, its length) or (false, 0).
    pub(super) fn at_right_delim(&self) -> (bool, usize) {
        let r = self.rest();
        let b = r.as_bytes();
        if b.len() >= 4 && is_space(b[0] as char) && b[1] == b'-' && r[2..].starts_with("}}") {
            return (true, 4);
        }
        if r.starts_with("}}") {
            return (false, 2);
        }
        (false, 0)
    }

    /// Lexes one action after its `{{`; Some(trim marker) at its `}}`.
    fn inside_action(&mut self) -> Option<bool> {
        loop {
            let (trim, len) = self.at_right_delim();
            if len > 0 {
                if self.paren_depth != 0 {
                    self.error("unclosed left paren".into());
                    return None;
                }
                if trim {
                    self.pos += 2;
                    self.start = self.pos;
                }
                self.pos += 2;
                self.emit(Tok::RightDelim);
                return Some(trim);
            }
            let Some(c) = self.next() else {
                self.error("unclosed action".into());
                return None;
            };
            let ok = match c {
                c if is_space(c) => {
                    while self.peek().is_some_and(is_space) {
                        // A trim-marked `}}` keeps the space before its minus.
                        let (trim, _) = self.at_right_delim();
                        if trim {
                            break;
                        }
                        self.next();
                    }
                    if self.pos > self.start {
                        self.emit(Tok::Space);
                    }
                    true
                }
                ':' => {
                    if self.next() != Some('=') {
                        self.error("expected :=".into())
                    } else {
                        self.emit(Tok::Declare);
                        true
                    }
                }
                '=' => {
                    self.emit(Tok::Assign);
                    true
                }
                '|' => {
                    self.emit(Tok::Pipe);
                    true
                }
                '"' => self.quote(),
                '`' => self.raw_quote(),
                '\'' => self.char_const(),
                '$' => {
                    if self.at_terminator() {
                        self.emit(Tok::Variable("$".into()));
                        true
                    } else {
                        self.field_or_variable(true)
                    }
                }
                '.' if !self.peek().is_some_and(|c| c.is_ascii_digit()) => {
                    if self.at_terminator() {
                        self.emit(Tok::Dot);
                        true
                    } else {
                        self.field_or_variable(false)
                    }
                }
                '.' | '+' | '-' | '0'..='9' => {
                    self.pos = self.start;
                    self.number()
                }
                c if is_alnum(c) => self.identifier(),
                '(' => {
                    self.emit(Tok::LParen);
                    self.paren_depth += 1;
                    true
                }
                ')' => {
                    self.paren_depth -= 1;
                    if self.paren_depth < 0 {
                        self.error("unexpected right paren".into())
                    } else {
                        self.emit(Tok::RParen);
                        true
                    }
                }
                c if c.is_ascii() && !c.is_ascii_control() => {
                    self.emit(Tok::Char(c));
                    true
                }
                c => self.error(format!("unrecognized character in action: {}", unicode_name(c))),
            };
            if !ok {
                return None;
            }
        }
    }

    fn at_terminator(&self) -> bool {
        match self.peek() {
            None => true,
            Some(c) => is_space(c) || matches!(c, '.' | ',' | '|' | ':' | ')' | '(' | '}'),
        }
    }

    fn identifier(&mut self) -> bool {
        while self.peek().is_some_and(is_alnum) {
            self.next();
        }
        if !self.at_terminator() {
            let c = self.peek().unwrap_or(' ');
            return self.error(format!("bad character {}", unicode_name(c)));
        }
        let word = &self.input[self.start..self.pos];
        let tok = match word {
            "block" | "break" | "continue" | "define" | "else" | "end" | "if" | "range" | "template" | "with" => {
                Tok::Keyword(["block", "break", "continue", "define", "else", "end", "if", "range", "template", "with"].into_iter().find(|k| *k == word).unwrap_or("end"))
            }
            "nil" => Tok::Nil,
            "true" => Tok::Bool(true),
            "false" => Tok::Bool(false),
            _ => Tok::Ident(word.to_string()),
        };
        self.emit(tok);
        true
    }

    fn field_or_variable(&mut self, variable: bool) -> bool {
        while self.peek().is_some_and(is_alnum) {
            self.next();
        }
        if !self.at_terminator() {
            let c = self.peek().unwrap_or(' ');
            return self.error(format!("bad character {}", unicode_name(c)));
        }
        let word = self.input[self.start..self.pos].to_string();
        self.emit(if variable { Tok::Variable(word) } else { Tok::Field(word) });
        true
    }

    fn accept(&mut self, valid: &str) -> bool {
        match self.peek() {
            Some(c) if valid.contains(c) => {
                self.next();
                true
            }
            _ => false,
        }
    }
    fn accept_run(&mut self, valid: &str) {
        while self.accept(valid) {}
    }

    fn scan_number(&mut self) -> bool {
        self.accept("+-");
        let mut digits = "0123456789_";
        if self.accept("0") {
            if self.accept("xX") {
                digits = "0123456789abcdefABCDEF_";
            } else if self.accept("oO") {
                digits = "01234567_";
            } else if self.accept("bB") {
                digits = "01_";
            }
        }
        self.accept_run(digits);
        if self.accept(".") {
            self.accept_run(digits);
        }
        if digits.len() == 11 && self.accept("eE") {
            self.accept("+-");
            self.accept_run("0123456789_");
        }
        if digits.len() == 23 && self.accept("pP") {
            self.accept("+-");
            self.accept_run("0123456789_");
        }
        self.accept("i");
        if self.peek().is_some_and(is_alnum) {
            self.next();
            return false;
        }
        true
    }

    fn number(&mut self) -> bool {
        if !self.scan_number() {
            return self.error(format!("bad number syntax: {}", gofmt::quote(&self.input[self.start..self.pos])));
        }
        if matches!(self.peek(), Some('+' | '-')) && (!self.scan_number() || !self.input[..self.pos].ends_with('i')) {
            return self.error(format!("bad number syntax: {}", gofmt::quote(&self.input[self.start..self.pos])));
        }
        let text = self.input[self.start..self.pos].to_string();
        self.emit(Tok::Number(text));
        true
    }

    fn quote(&mut self) -> bool {
        loop {
            match self.next() {
                Some('\\') => match self.next() {
                    Some('\n') | None => return self.error("unterminated quoted string".into()),
                    _ => {}
                },
                Some('\n') | None => return self.error("unterminated quoted string".into()),
                Some('"') => break,
                _ => {}
            }
        }
        let text = self.input[self.start..self.pos].to_string();
        self.emit(Tok::Str(text));
        true
    }

    fn raw_quote(&mut self) -> bool {
        loop {
            match self.next() {
                None => return self.error("unterminated raw quoted string".into()),
                Some('`') => break,
                _ => {}
            }
        }
        let text = self.input[self.start..self.pos].to_string();
        self.emit(Tok::RawStr(text));
        true
    }

    fn char_const(&mut self) -> bool {
        loop {
            match self.next() {
                Some('\\') => match self.next() {
                    Some('\n') | None => return self.error("unterminated character constant".into()),
                    _ => {}
                },
                Some('\n') | None => return self.error("unterminated character constant".into()),
                Some('\'') => break,
                _ => {}
            }
        }
        let text = self.input[self.start..self.pos].to_string();
        self.emit(Tok::CharConst(text));
        true
    }
}

/// Go's `strconv.Unquote` for `"…"`, `` `…` `` and `'…'`.
pub(super) fn unquote(s: &str) -> Option<String> {
    let q = s.chars().next()?;
    if s.len() < 2 || !s.ends_with(q) {
        return None;
    }
    let body = &s[1..s.len() - 1];
    if q == '`' {
        return (!body.contains('`')).then(|| body.replace('\r', ""));
    }
    // strconv.Unquote refuses a line break in a quoted string. (A byte
    // escape above 0x7f shows as the Latin-1 character.)
    if body.contains('\n') {
        return None;
    }
    let byte = |v: u32| char::from_u32(v).unwrap_or('\u{fffd}');
    let out = crate::gofmt::unquote_chars(body, q, byte)?;
    if q == '\'' && out.chars().count() != 1 {
        return None;
    }
    Some(out)
}
