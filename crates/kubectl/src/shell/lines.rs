//! Commands over several lines, read as bash reads them: whether the
//! lines so far make a complete command or the next line continues it,
//! and why. bash keeps reading (at its `> ` prompt) after a line that ends
//! in an unescaped `\` (the backslash and newline vanish), inside an open
//! quote, `$(…)`, `${…}` or backquote (the newline is part of it), after
//! `|`, `&&` or `||`, and inside an open compound command (`for … done`,
//! `if … fi`, `while`/`until … done`, `case … esac`, `{ … }`, `( … )`, a
//! function's body), where the newlines separate commands. Here-documents'
//! bodies follow the line that opens them, wherever it is in the command,
//! and are not shell syntax. Every reader of lines (scripts, transcripts,
//! lessons, the web terminal) asks a [`CommandReader`]; the shell's parser
//! then reads [`CommandReader::syntax`] and finds the bodies in
//! [`CommandReader::bodies`].

use super::heredoc::read_delimiter;
use super::HereDoc;
use std::collections::VecDeque;

/// Why the lines so far are not yet a complete command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Incomplete {
    /// The last line ends in an unescaped `\`.
    Backslash,
    /// A quote or expansion is open: the character that closes it (`'`,
    /// `"`, `` ` ``, `)` for `$(…)` and `$((…))`, `}` for `${…}`).
    Quote(char),
    /// The text ends with this operator (`|`, `&&`, `||`).
    Operator(&'static str),
    /// A compound command is open: the word that closes it (`done`, `fi`,
    /// `esac`, `}`, `)`).
    Compound(&'static str),
    /// A here-document's body has not reached its closing line.
    HereDoc(String),
}

impl Incomplete {
    /// bash's words when its input ends here (a here-document is read to
    /// the end instead, with a warning, so it has none).
    pub fn at_end(&self) -> Option<String> {
        match self {
            Incomplete::Quote(q) => Some(format!("unexpected EOF while looking for matching `{q}'")),
            Incomplete::HereDoc(_) | Incomplete::Backslash => None,
            Incomplete::Operator(_) | Incomplete::Compound(_) => Some("syntax error: unexpected end of file".into()),
        }
    }
}

/// Where a `case` command is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CaseAt {
    /// Before `in`.
    Subject,
    /// Reading a pattern list, up to its `)`.
    Pattern,
    /// Reading the commands of a pattern, up to `;;` or `esac`.
    Body,
}

/// What is open around the reader's position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Frame {
    Single,
    Double,
    Backquote,
    /// `$(…)`: commands, up to the `)`.
    Substitution,
    /// `${…}`.
    Brace,
    /// `$((…))`, with the parentheses open inside it.
    Arith(usize),
    /// A compound command and the word that closes it.
    Block(&'static str),
    /// `( … )`.
    Subshell,
    Case(CaseAt),
}

/// Reads lines one at a time, as bash's parser does at its prompts.
#[derive(Clone, Debug)]
pub struct CommandReader {
    frames: Vec<Frame>,
    /// The word being read, while it is plain text (a reserved word can
    /// only be that); None when it has quotes or expansions.
    word: Option<String>,
    in_word: bool,
    /// Whether a word here would start a command (reserved words count there).
    command_start: bool,
    /// The last token was this operator (`|`, `&&`, `||`).
    after: Option<&'static str>,
    /// The last line ended in a backslash.
    continued: bool,
    /// After `function`: the next word is the function's name.
    name_next: bool,
    /// A closing word with nothing open: bash stops there with a syntax error.
    broken: bool,
    /// Here-documents opened on the line being read.
    opened: Vec<HereDoc>,
    /// Here-documents whose bodies the next lines are.
    waiting: VecDeque<HereDoc>,
    syntax: String,
    /// A newline is due before the next line's syntax.
    newline: bool,
    bodies: Vec<String>,
    lines: usize,
}

impl Default for CommandReader {
    fn default() -> CommandReader {
        CommandReader::new()
    }
}

/// Reads the first command of `lines`: how many lines it takes (all of
/// them when it never completes) and the reader, which says why not.
pub fn read_command(lines: &[&str]) -> (usize, CommandReader) {
    let mut r = CommandReader::new();
    for (i, l) in lines.iter().enumerate() {
        r.push(l);
        if r.incomplete().is_none() {
            return (i + 1, r);
        }
    }
    (lines.len(), r)
}

/// Reads all of `text` (lines separated by `\n`) as one command's lines.
pub fn read_text(text: &str) -> CommandReader {
    let mut r = CommandReader::new();
    for l in text.split('\n') {
        r.push(l);
    }
    r
}

impl CommandReader {
    pub fn new() -> CommandReader {
        CommandReader {
            frames: Vec::new(),
            word: None,
            in_word: false,
            command_start: true,
            after: None,
            continued: false,
            name_next: false,
            broken: false,
            opened: Vec::new(),
            waiting: VecDeque::new(),
            syntax: String::new(),
            newline: false,
            bodies: Vec::new(),
            lines: 0,
        }
    }

    /// Whether the next line is a here-document's body (or closing) line,
    /// taken as written.
    pub fn in_body(&self) -> bool {
        !self.waiting.is_empty()
    }

    /// How many lines have been read.
    pub fn lines(&self) -> usize {
        self.lines
    }

    /// The command as the shell's parser reads it: its lines joined by
    /// newlines, without backslash-newlines and here-document bodies.
    pub fn syntax(&self) -> &str {
        &self.syntax
    }

    /// The here-documents' lines (bodies and closing lines), in order.
    pub fn bodies(&self) -> &[String] {
        &self.bodies
    }

    /// Why more lines are needed; None when the command is complete.
    pub fn incomplete(&self) -> Option<Incomplete> {
        if self.broken {
            return None;
        }
        if self.continued {
            return Some(Incomplete::Backslash);
        }
        if let Some(d) = self.waiting.front().or(self.opened.first()) {
            return Some(Incomplete::HereDoc(d.delimiter.clone()));
        }
        for f in self.frames.iter().rev() {
            let quote = match f {
                Frame::Single => '\'',
                Frame::Double => '"',
                Frame::Backquote => '`',
                Frame::Substitution | Frame::Arith(_) => ')',
                Frame::Brace => '}',
                _ => continue,
            };
            return Some(Incomplete::Quote(quote));
        }
        if let Some(op) = self.after {
            return Some(Incomplete::Operator(op));
        }
        self.frames.last().map(|f| {
            Incomplete::Compound(match f {
                Frame::Block(closer) => closer,
                Frame::Subshell => ")",
                _ => "esac",
            })
        })
    }

    /// Reads one more line (without its newline).
    pub fn push(&mut self, line: &str) {
        self.lines += 1;
        if let Some(doc) = self.waiting.front() {
            let l = if doc.strip_tabs { line.trim_start_matches('\t') } else { line };
            if l == doc.delimiter {
                self.waiting.pop_front();
            }
            self.bodies.push(line.to_string());
            return;
        }
        if std::mem::take(&mut self.newline) {
            self.syntax.push('\n');
        }
        self.continued = false;
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            i = self.step(&chars, i);
        }
        if self.continued {
            return;
        }
        self.newline = true;
        match self.frames.last() {
            Some(Frame::Single | Frame::Double | Frame::Backquote | Frame::Brace | Frame::Arith(_)) => {}
            _ => {
                self.end_word();
                if !self.broken {
                    self.command_start = true;
                }
                self.waiting.extend(self.opened.drain(..));
            }
        }
    }

    /// Takes `n` characters from `i` into the syntax; the index after them.
    fn take(&mut self, chars: &[char], i: usize, n: usize) -> usize {
        let end = (i + n).min(chars.len());
        self.syntax.extend(&chars[i..end]);
        end
    }

    /// A backslash at `i`: a line continuation when it ends the line.
    fn backslash(&mut self, chars: &[char], i: usize) -> usize {
        if i + 1 == chars.len() {
            self.continued = true;
            return i + 1;
        }
        self.take(chars, i, 2)
    }

    /// Reads from `chars[i]` on; the index after what it read.
    fn step(&mut self, chars: &[char], i: usize) -> usize {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match self.frames.last().copied() {
            Some(Frame::Single) => {
                if c == '\'' {
                    self.pop();
                }
                self.take(chars, i, 1)
            }
            Some(Frame::Double) => match c {
                '\\' => self.backslash(chars, i),
                '"' => {
                    self.pop();
                    self.take(chars, i, 1)
                }
                '`' => {
                    self.frames.push(Frame::Backquote);
                    self.take(chars, i, 1)
                }
                '$' => self.dollar(chars, i),
                _ => self.take(chars, i, 1),
            },
            Some(Frame::Backquote) => match c {
                '\\' => self.backslash(chars, i),
                '`' => {
                    self.pop();
                    self.take(chars, i, 1)
                }
                _ => self.take(chars, i, 1),
            },
            Some(Frame::Brace) => match c {
                '\\' => self.backslash(chars, i),
                '}' => {
                    self.pop();
                    self.take(chars, i, 1)
                }
                '\'' | '"' => {
                    self.frames.push(if c == '"' { Frame::Double } else { Frame::Single });
                    self.take(chars, i, 1)
                }
                '$' => self.dollar(chars, i),
                _ => self.take(chars, i, 1),
            },
            Some(Frame::Arith(open)) => match c {
                '(' => {
                    self.frames.pop();
                    self.frames.push(Frame::Arith(open + 1));
                    self.take(chars, i, 1)
                }
                ')' if open > 0 => {
                    self.frames.pop();
                    self.frames.push(Frame::Arith(open - 1));
                    self.take(chars, i, 1)
                }
                ')' if next == Some(')') => {
                    self.pop();
                    self.take(chars, i, 2)
                }
                '\\' => self.backslash(chars, i),
                '$' => self.dollar(chars, i),
                _ => self.take(chars, i, 1),
            },
            _ => self.command_char(chars, i),
        }
    }

    /// Closes the innermost quote or expansion: what follows continues the word.
    fn pop(&mut self) {
        self.frames.pop();
        self.in_word = true;
        self.word = None;
        self.command_start = false;
    }

    /// A `$` at `i`: an expansion opens, or it stands for itself.
    fn dollar(&mut self, chars: &[char], i: usize) -> usize {
        self.mark_word(None);
        match chars.get(i + 1) {
            Some('(') if chars.get(i + 2) == Some(&'(') => {
                self.frames.push(Frame::Arith(0));
                self.take(chars, i, 3)
            }
            Some('(') => {
                self.frames.push(Frame::Substitution);
                self.in_word = false;
                self.command_start = true;
                self.after = None;
                self.take(chars, i, 2)
            }
            Some('{') => {
                self.frames.push(Frame::Brace);
                self.take(chars, i, 2)
            }
            _ => self.take(chars, i, 1),
        }
    }

    /// Adds to the word being read (`None`: not plain text any more).
    fn mark_word(&mut self, c: Option<char>) {
        if !self.in_word {
            self.in_word = true;
            self.word = Some(String::new());
        }
        match (c, &mut self.word) {
            (Some(c), Some(w)) => w.push(c),
            _ => self.word = None,
        }
    }

    /// A character where commands are read.
    fn command_char(&mut self, chars: &[char], i: usize) -> usize {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match c {
            ' ' | '\t' | '\r' => {
                self.end_word();
                self.take(chars, i, 1)
            }
            '#' if !self.in_word => {
                // A comment runs to the end of the line, a backslash there included.
                self.take(chars, i, chars.len() - i)
            }
            '\\' => {
                self.mark_word(None);
                self.backslash(chars, i)
            }
            '\'' | '"' | '`' => {
                self.mark_word(None);
                self.frames.push(match c {
                    '\'' => Frame::Single,
                    '"' => Frame::Double,
                    _ => Frame::Backquote,
                });
                self.take(chars, i, 1)
            }
            '$' => self.dollar(chars, i),
            '(' => {
                let in_word = self.in_word;
                self.end_word();
                if matches!(self.frames.last(), Some(Frame::Case(CaseAt::Pattern))) {
                    return self.take(chars, i, 1);
                }
                // `for ((`: an arithmetic for, read as `$((…))` is.
                if !in_word && !self.command_start && next == Some('(') && self.frames.last() == Some(&Frame::Block("done")) {
                    self.frames.push(Frame::Arith(0));
                    return self.take(chars, i, 2);
                }
                if !in_word && self.command_start {
                    self.frames.push(Frame::Subshell);
                    self.after = None;
                    return self.take(chars, i, 1);
                }
                // `name()`: a function whose body follows.
                let close = chars[i + 1..].iter().position(|c| !matches!(c, ' ' | '\t')).map(|k| i + 1 + k);
                if close.is_some_and(|k| chars[k] == ')') {
                    self.command_start = true;
                    return self.take(chars, i, close.unwrap_or(i) + 1 - i);
                }
                self.broken = true;
                self.take(chars, i, 1)
            }
            ')' => {
                self.end_word();
                match self.frames.last() {
                    Some(Frame::Substitution) => self.pop(),
                    Some(Frame::Subshell) => {
                        self.frames.pop();
                        self.command_start = false;
                    }
                    Some(Frame::Case(CaseAt::Pattern)) => {
                        self.frames.pop();
                        self.frames.push(Frame::Case(CaseAt::Body));
                        self.command_start = true;
                    }
                    _ => self.broken = true,
                }
                self.after = None;
                self.take(chars, i, 1)
            }
            ';' => {
                self.end_word();
                let n = match (next, chars.get(i + 2)) {
                    (Some(';'), Some('&')) => 3,
                    (Some(';' | '&'), _) => 2,
                    _ => 1,
                };
                if n > 1 {
                    match self.frames.last() {
                        Some(Frame::Case(CaseAt::Body)) => {
                            self.frames.pop();
                            self.frames.push(Frame::Case(CaseAt::Pattern));
                        }
                        _ => self.broken = true,
                    }
                }
                self.separator(None);
                self.take(chars, i, n)
            }
            '&' => {
                self.end_word();
                let and = next == Some('&');
                self.separator(and.then_some("&&"));
                self.take(chars, i, 1 + usize::from(and))
            }
            '|' => {
                self.end_word();
                if matches!(self.frames.last(), Some(Frame::Case(CaseAt::Pattern))) {
                    return self.take(chars, i, 1);
                }
                let (op, n) = match next {
                    Some('|') => ("||", 2),
                    Some('&') => ("|", 2),
                    _ => ("|", 1),
                };
                self.separator(Some(op));
                self.take(chars, i, n)
            }
            '<' | '>' => {
                self.end_word();
                self.after = None;
                if c == '<' && next == Some('<') {
                    if chars.get(i + 2) == Some(&'<') {
                        return self.take(chars, i, 3);
                    }
                    return self.heredoc(chars, i);
                }
                // `>&2`, `<&0`, `>>`, `<>`, `>|` are one operator.
                let n = if matches!(next, Some('&' | '>' | '|')) || (c == '<' && next == Some('>')) { 2 } else { 1 };
                self.take(chars, i, n)
            }
            _ => {
                self.mark_word(Some(c));
                self.take(chars, i, 1)
            }
        }
    }

    /// `;`, `&`, `|`, `&&`, `||`: a command starts after it.
    fn separator(&mut self, op: Option<&'static str>) {
        self.after = op;
        if !matches!(self.frames.last(), Some(Frame::Case(CaseAt::Pattern))) {
            self.command_start = true;
        }
    }

    /// `<<` at `i`: the here-document's operator and delimiter word.
    fn heredoc(&mut self, chars: &[char], i: usize) -> usize {
        let mut j = i + 2;
        let strip_tabs = chars.get(j) == Some(&'-');
        j += usize::from(strip_tabs);
        while matches!(chars.get(j), Some(' ' | '\t')) {
            j += 1;
        }
        let indexed: Vec<(usize, char)> = chars[j..].iter().copied().enumerate().collect();
        let (delimiter, quoted, end) = read_delimiter(&indexed);
        match delimiter {
            Some(delimiter) if end > 0 => self.opened.push(HereDoc { delimiter, strip_tabs, quoted }),
            // No word, or a quote left open in it: the parser says which.
            _ => self.broken = true,
        }
        self.take(chars, i, j + end - i)
    }

    /// The word being read ends: a reserved word opens or closes a
    /// compound command where a command starts.
    fn end_word(&mut self) {
        if !std::mem::take(&mut self.in_word) {
            return;
        }
        self.after = None;
        let word = self.word.take();
        let w = word.as_deref().unwrap_or("");
        match self.frames.last().copied() {
            Some(Frame::Case(CaseAt::Subject)) => {
                if w == "in" {
                    self.frames.pop();
                    self.frames.push(Frame::Case(CaseAt::Pattern));
                }
                self.command_start = false;
                return;
            }
            Some(Frame::Case(CaseAt::Pattern)) => {
                if w == "esac" {
                    self.frames.pop();
                    self.command_start = false;
                }
                return;
            }
            _ => {}
        }
        if std::mem::take(&mut self.name_next) {
            self.command_start = true;
            return;
        }
        if word.is_none() || !self.command_start {
            self.command_start = false;
            return;
        }
        self.command_start = match w {
            "for" | "select" => {
                self.frames.push(Frame::Block("done"));
                false
            }
            "while" | "until" => {
                self.frames.push(Frame::Block("done"));
                true
            }
            "if" => {
                self.frames.push(Frame::Block("fi"));
                true
            }
            "{" => {
                self.frames.push(Frame::Block("}"));
                true
            }
            "case" => {
                self.frames.push(Frame::Case(CaseAt::Subject));
                false
            }
            "function" => {
                self.name_next = true;
                false
            }
            "do" | "then" | "else" | "elif" | "!" | "time" => true,
            "done" | "fi" | "}" => {
                let closer = match w {
                    "done" => "done",
                    "fi" => "fi",
                    _ => "}",
                };
                if self.frames.last() == Some(&Frame::Block(closer)) {
                    self.frames.pop();
                } else {
                    self.broken = true;
                }
                false
            }
            "esac" => {
                if matches!(self.frames.last(), Some(Frame::Case(_))) {
                    self.frames.pop();
                } else {
                    self.broken = true;
                }
                false
            }
            // `NAME=value` before a command.
            w => w.split_once('=').is_some_and(|(name, _)| super::is_name(name)),
        };
    }
}

#[cfg(test)]
#[path = "lines_tests.rs"]
mod tests;
